"""Finalize part 2: Endpoints/EndpointSlices, node images/volumes, quota usage, resourceVersions."""
import math
from .core import D, H, M, KINDS, oref, parse_ts, qty, cpu_m, fmt_cpu, fmt_mem
from .pods import image_id, full_image
from .derive import *  # noqa: F401,F403


def _resolve(svc_port, pod):
    tp = svc_port["targetPort"]
    if isinstance(tp, int):
        return tp
    for cc in pod["spec"]["containers"]:
        for p in cc.get("ports", []):
            if p.get("name") == tp and p.get("protocol", "TCP") == svc_port.get("protocol", "TCP"):
                return p["containerPort"]
    return None


def endpoints_for(c, svc):
    """Returns list of (pod, ready, serving, terminating, ports[(name,port,proto)])."""
    sel = svc["spec"].get("selector")
    ns = svc["metadata"]["namespace"]
    pna = svc["spec"].get("publishNotReadyAddresses", False)
    out = []
    for p in c.all("pods"):
        if p["metadata"]["namespace"] != ns:
            continue
        lab = p["metadata"].get("labels", {})
        if any(lab.get(k) != v for k, v in sel.items()):
            continue
        if not p["status"].get("podIP") or p["status"].get("phase") in TERMINAL:
            continue
        term = "deletionTimestamp" in p["metadata"]
        rdy = is_ready(p)
        ports = []
        for sp in svc["spec"]["ports"]:
            pn = _resolve(sp, p)
            if pn is not None:
                ports.append((sp.get("name", ""), pn, sp.get("protocol", "TCP")))
        if not ports:
            continue
        out.append((p, pna or (rdy and not term), rdy, term, tuple(ports)))
    return out


def _ep_addr(c, p, svc):
    a = {"ip": p["status"]["podIP"], "nodeName": p["spec"]["nodeName"],
         "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": p["metadata"]["namespace"],
                       "uid": p["metadata"]["uid"]}}
    if p["spec"].get("hostname") and p["spec"].get("subdomain") == svc["metadata"]["name"]:
        a["hostname"] = p["spec"]["hostname"]
    return a


def _changed(c, p):
    """Seconds since the pod last changed in a way the endpoint controllers notice."""
    out = c.ago_of(p)
    for cd in p["status"].get("conditions", []):
        if cd["type"] == "Ready":
            out = min(out, int((c.snap - parse_ts(cd["lastTransitionTime"])).total_seconds()))
    if "deletionTimestamp" in p["metadata"]:
        out = min(out, max(int((c.snap - parse_ts(p["metadata"]["deletionTimestamp"])).total_seconds()), 0))
    return out


def endpoints(c):
    for svc in c.all("services"):
        h = c.hints_of(svc)
        md = svc["metadata"]
        ns, name = md["namespace"], md["name"]
        if svc["spec"]["type"] == "ExternalName":
            continue
        lab = dict(md.get("labels", {}))
        headless = svc["spec"].get("clusterIP") == "None"
        if headless:
            lab["service.kubernetes.io/headless"] = ""
        if not svc["spec"].get("selector"):
            ep = c.get("endpoints", ns, name)
            if ep is None or h.get("no_mirror"):
                continue
            # endpointslice mirroring
            sl = c.new("endpointslices", "%s-%s" % (name, c.sfx(5)), ns, c.ago_of(ep) - 1,
                       dict(lab, **{"endpointslice.kubernetes.io/managed-by": "endpointslicemirroring-controller.k8s.io",
                                    "kubernetes.io/service-name": name}),
                       None, oref(svc), generate_name=name + "-")
            sub = ep.get("subsets", [{}])[0]
            sl["addressType"] = "IPv4"
            sl["endpoints"] = [{"addresses": [a["ip"]], "conditions": {"ready": True}} for a in sub.get("addresses", [])] or None
            sl["ports"] = [dict({"port": p["port"], "protocol": p["protocol"]}, **({"name": p["name"]} if p.get("name") else {"name": ""}))
                           for p in sub.get("ports", [])] or None
            continue
        eps = endpoints_for(c, svc)
        trig = h.get("trigger", min([_changed(c, e[0]) for e in eps] or [c.ago_of(svc)]))
        ep = c.new("endpoints", name, ns, c.ago_of(svc), lab,
                   {"endpoints.kubernetes.io/last-change-trigger-time": c.ts(max(trig - 2, 0))})
        groups = {}
        for p, rdy, serving, term, ports in eps:
            if term:
                continue
            g = groups.setdefault(ports, {"addresses": [], "notReadyAddresses": []})
            g["addresses" if rdy else "notReadyAddresses"].append(_ep_addr(c, p, svc))
        subsets = []
        for ports in sorted(groups):
            g = groups[ports]
            s = {}
            for k in ("addresses", "notReadyAddresses"):
                if g[k]:
                    s[k] = sorted(g[k], key=lambda a: tuple(int(x) for x in a["ip"].split(".")))
            s["ports"] = [dict({"port": pn, "protocol": pr}, **({"name": n} if n else {})) for n, pn, pr in ports]
            subsets.append(s)
        if subsets:
            ep["subsets"] = subsets
        sgroups = {}
        for e in eps:
            sgroups.setdefault(e[4], []).append(e)
        if not sgroups:
            sgroups = {(): []}
        for ports in sorted(sgroups):
            sl = c.new("endpointslices", "%s-%s" % (name, c.sfx(5)), ns, c.ago_of(svc) - 1,
                       dict(lab, **{"endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
                                    "kubernetes.io/service-name": name}),
                       {"endpoints.kubernetes.io/last-change-trigger-time": c.ts(max(trig - 2, 0))},
                       oref(svc), generate_name=name + "-")
            sl["addressType"] = "IPv4"
            el = []
            for p, rdy, serving, term, _ in sorted(sgroups[ports], key=lambda e: e[0]["metadata"]["name"]):
                e = {"addresses": [p["status"]["podIP"]],
                     "conditions": {"ready": bool(rdy), "serving": bool(serving), "terminating": bool(term)},
                     "nodeName": p["spec"]["nodeName"],
                     "targetRef": {"kind": "Pod", "name": p["metadata"]["name"],
                                   "namespace": p["metadata"]["namespace"], "uid": p["metadata"]["uid"]}}
                if p["spec"].get("hostname") and p["spec"].get("subdomain") == name:
                    e["hostname"] = p["spec"]["hostname"]
                z = c.nodeinfo[p["spec"]["nodeName"]].get("zone")
                if z:
                    e["zone"] = z
                el.append(e)
            sl["endpoints"] = el or None
            sl["ports"] = [{"name": n, "port": pn, "protocol": pr} for n, pn, pr in ports] or None


def node_status(c):
    sizes = {}
    per = {n: [] for n in c.nodeinfo}
    vols = {n: [] for n in c.nodeinfo}
    for p in c.all("pods"):
        nd = p["spec"].get("nodeName")
        if not nd or nd not in per:
            continue
        for cc in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            if cc["image"] not in sizes:
                sizes[cc["image"]] = c.rng.randint(8, 900) * 1000 * 1000 + c.rng.randint(0, 999999)
            per[nd].append(cc["image"])
        if not p["status"].get("podIP") or p["status"].get("phase") in TERMINAL:
            continue
        for v in p["spec"].get("volumes", []):
            if "persistentVolumeClaim" in v:
                cl = c.get("persistentvolumeclaims", p["metadata"]["namespace"], v["persistentVolumeClaim"]["claimName"])
                if cl and cl["spec"].get("volumeName"):
                    pv = c.get("persistentvolumes", None, cl["spec"]["volumeName"])
                    if pv and "csi" in pv["spec"]:
                        vols[nd].append("kubernetes.io/csi/%s^%s" % (pv["spec"]["csi"]["driver"], pv["spec"]["csi"]["volumeHandle"]))
    for n, info in c.nodeinfo.items():
        o = info["obj"]
        h = c.hints_of(o)
        imgs = sorted(set(per[n]))
        if imgs:
            o["status"]["images"] = sorted(
                [{"names": [image_id(i), full_image(i)], "sizeBytes": sizes[i]} for i in imgs],
                key=lambda x: (-x["sizeBytes"], x["names"][1]))
        vv = sorted(set(vols[n]) | set(h.get("extra_vols", [])))
        if vv:
            o["status"]["volumesInUse"] = vv
            o["status"]["volumesAttached"] = [{"devicePath": "", "name": v} for v in vv]


def quotas(c):
    for q in c.all("resourcequotas"):
        if not c.hints_of(q).get("auto_used"):
            continue
        ns = q["metadata"]["namespace"]
        ps = [p for p in c.all("pods") if p["metadata"]["namespace"] == ns and p["status"].get("phase") not in TERMINAL]
        used = {}
        for key in q["spec"]["hard"]:
            if key == "pods":
                used[key] = str(len(ps))
            elif key in ("requests.cpu", "limits.cpu", "requests.memory", "limits.memory", "cpu", "memory"):
                kind = "limits" if key.startswith("limits") else "requests"
                res = key.split(".")[-1]
                tot = 0
                for p in ps:
                    for cc in p["spec"]["containers"]:
                        v = cc.get("resources", {}).get(kind, {}).get(res)
                        if v:
                            tot += cpu_m(v) if res == "cpu" else qty(v)
                used[key] = (fmt_cpu(tot) if res == "cpu" else fmt_mem(tot)) if tot else "0"
            elif key == "persistentvolumeclaims":
                used[key] = str(sum(1 for x in c.all("persistentvolumeclaims") if x["metadata"]["namespace"] == ns))
            elif key == "requests.storage":
                tot = sum(qty(x["spec"]["resources"]["requests"]["storage"]) for x in c.all("persistentvolumeclaims")
                          if x["metadata"]["namespace"] == ns)
                used[key] = fmt_mem(tot) if tot else "0"
            elif key.startswith("count/"):
                pl = key[6:].split(".")[0]
                used[key] = str(sum(1 for x in c.all(pl) if x["metadata"].get("namespace") == ns)) if pl in c.store else "0"
            elif key in ("services", "secrets", "configmaps"):
                used[key] = str(sum(1 for x in c.all(key) if x["metadata"]["namespace"] == ns))
            elif key == "services.loadbalancers":
                used[key] = str(sum(1 for x in c.all("services") if x["metadata"]["namespace"] == ns and x["spec"]["type"] == "LoadBalancer"))
            else:
                used[key] = "0"
        q["status"]["used"] = used


def resource_versions(c):
    objs = []
    for pl in sorted(c.store):
        for k in sorted(c.store[pl]):
            o = c.store[pl][k]
            objs.append((o["metadata"]["creationTimestamp"], pl, k, o))
    objs.sort(key=lambda x: (x[0], x[1], x[2]))
    rv = c.rng.randint(3000, 90000)
    for _, pl, _, o in objs:
        rv += c.rng.randint(1, 400)
        o["metadata"]["resourceVersion"] = str(rv)


def finalize(c):
    workloads(c)
    endpoints(c)
    node_status(c)
    quotas(c)
    resource_versions(c)

"""Pod instances with kubelet-shaped status."""
import json
from .core import dc
from .pods import PRIO, R, T, full_image, image_id, qos

DEF_TOL = [{"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists",
            "tolerationSeconds": 300},
           {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists",
            "tolerationSeconds": 300}]


def alloc_ip(c, node):
    pre, lo, hi = c.nodeinfo[node]["pool"]
    for _ in range(5000):
        ip = pre + str(c.rng.randint(lo, hi))
        if ip not in c.ips:
            c.ips.add(ip)
            return ip
    raise RuntimeError("pool exhausted on " + node)


def _cstat(c, ctr, s, pname, ns, puid, rt):
    img = ctr["image"]
    d = {"image": full_image(img), "imageID": image_id(img), "name": ctr["name"],
         "ready": False, "restartCount": s.get("restarts", 0), "started": False, "lastState": {}}
    cid = "%s://%s" % (rt, c.hexs(64))
    k = s["k"]
    if k == "run":
        d["state"] = {"running": {"startedAt": c.ts(s["since"])}}
        d["ready"] = bool(s["ready"])
        d["started"] = True
        d["containerID"] = cid
    elif k == "wait":
        w = {"reason": s["reason"]}
        msg = s.get("msg")
        if s["reason"] == "CrashLoopBackOff" and not msg:
            msg = "back-off %s restarting failed container=%s pod=%s_%s(%s)" % (
                s.get("backoff", "5m0s"), ctr["name"], pname, ns, puid)
        if msg:
            w["message"] = msg
        d["state"] = {"waiting": w}
        if s.get("last"):
            d["containerID"] = cid
        else:
            d["imageID"] = ""
            if s["reason"] in ("ImagePullBackOff", "ErrImagePull", "InvalidImageName"):
                d["image"] = img
    else:
        t = {"containerID": cid, "exitCode": s["exit"], "finishedAt": c.ts(s["end"]),
             "reason": s["reason"], "startedAt": c.ts(s["start"])}
        if s.get("msg"):
            t["message"] = s["msg"]
        d["state"] = {"terminated": t}
        d["containerID"] = cid
    last = s.get("last")
    if last:
        lt = {"containerID": cid if k == "wait" else "%s://%s" % (rt, c.hexs(64)),
              "exitCode": last["exit"], "finishedAt": c.ts(last["end"]), "reason": last["reason"],
              "startedAt": c.ts(last["start"])}
        if last.get("msg"):
            lt["message"] = last["msg"]
        d["lastState"] = {"terminated": lt}
    return d


def _cond(typ, status, t, reason=None, msg=None):
    d = {"lastProbeTime": None, "lastTransitionTime": t, "status": status, "type": typ}
    if reason:
        d["reason"] = reason
    if msg:
        d["message"] = msg
    return d


def pod(c, ns, name, template, node=None, owner=None, ago=0, st=None, ist=None, labels=None,
        ann=None, phase=None, reason=None, message=None, sched_msg=None, deleting=None,
        gen_name=None, trans=None, sandbox=True, static=False, extra_tol=None, ip=None,
        disruption=None, spec_patch=None, sched_reason="Unschedulable"):
    st = st or {}
    ist = ist or {}
    lab = dict(template["metadata"].get("labels", {}))
    lab.update(labels or {})
    a = dict(template["metadata"].get("annotations", {}) or {})
    a.update(ann or {})
    spec = dc(template["spec"])
    if spec_patch:
        spec.update(spec_patch)
    fin = None
    o = c.new("pods", name, ns, ago, lab, None, owner, generate_name=gen_name, finalizers=fin)
    puid = o["metadata"]["uid"]
    hostnet = spec.get("hostNetwork", False)
    if static:
        spec.pop("serviceAccountName", None)
        spec.pop("serviceAccount", None)
        spec["tolerations"] = [{"effect": "NoExecute", "operator": "Exists"}]
    else:
        san = spec.get("serviceAccountName", "default")
        spec["serviceAccountName"] = san
        spec["serviceAccount"] = san
        tol = list(spec.get("tolerations", []))
        for t in (extra_tol or []):
            tol.append(t)
        keys = {t.get("key") for t in tol}
        if not any(t.get("operator") == "Exists" and not t.get("key") for t in tol):
            for t in DEF_TOL:
                if t["key"] not in keys:
                    tol.append(dict(t))
        spec["tolerations"] = tol
        sao = c.get("serviceaccounts", ns, san)
        am = spec.get("automountServiceAccountToken",
                      sao.get("automountServiceAccountToken", True) if sao else True)
        if am:
            vn = "kube-api-access-" + c.sfx(5)
            srcs = [{"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                    {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
                    {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"},
                                                "path": "namespace"}]}}]
            if c.platform["name"] == "openshift":
                srcs.append({"configMap": {"items": [{"key": "service-ca.crt", "path": "service-ca.crt"}],
                                           "name": "openshift-service-ca.crt"}})
            spec.setdefault("volumes", []).append({"name": vn, "projected": {"defaultMode": 420, "sources": srcs}})
            for cc in spec["containers"] + spec.get("initContainers", []):
                cc.setdefault("volumeMounts", []).append(
                    {"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": vn, "readOnly": True})
    spec.setdefault("enableServiceLinks", True)
    spec.setdefault("preemptionPolicy", "PreemptLowerPriority")
    spec["priority"] = PRIO.get(spec.get("priorityClassName"), 0)
    if node:
        spec["nodeName"] = node
    o["spec"] = spec
    q = qos(spec["containers"] + spec.get("initContainers", []))
    if deleting:
        req_ago, grace = deleting
        o["metadata"]["deletionTimestamp"] = c.ts(max(req_ago - grace, 0))
        o["metadata"]["deletionGracePeriodSeconds"] = grace
    # -------- status
    if node is None:
        o["status"] = {"conditions": [_cond("PodScheduled", "False", c.ts(ago - 1), sched_reason, sched_msg)],
                       "phase": "Pending", "qosClass": q}
        return o
    rt = c.platform["runtime"].split(":")[0]
    start = ago - 1
    ics, init_done, pending_init = [], True, []
    for ic in spec.get("initContainers", []):
        s = ist.get(ic["name"]) or T(0, "Completed", start - 1, start - 3)
        ics.append(_cstat(c, ic, s, name, ns, puid, rt))
        if not (s["k"] == "term" and s["exit"] == 0) and ic.get("restartPolicy") != "Always":
            init_done = False
            pending_init.append(ic["name"])
    init_end = min([x["end"] for x in ist.values() if x["k"] == "term" and x.get("end") is not None] or [start - 3])
    css = []
    specs = {}
    for cc in spec["containers"]:
        if not init_done:
            s = st.get(cc["name"]) or {"k": "wait", "reason": "PodInitializing", "restarts": 0}
        else:
            s = st.get(cc["name"]) or R(since=init_end - 2)
        specs[cc["name"]] = s
        css.append(_cstat(c, cc, s, name, ns, puid, rt))
    css.sort(key=lambda x: x["name"])
    if phase is None:
        if not init_done:
            phase = "Pending"
        elif all(s["k"] == "term" for s in specs.values()):
            phase = "Succeeded" if all(s["exit"] == 0 for s in specs.values()) else "Failed"
        elif any(s["k"] == "run" or s.get("restarts", 0) > 0 or s.get("last") for s in specs.values()):
            phase = "Running"
        else:
            phase = "Pending"
    done = phase in ("Succeeded", "Failed")
    allready = all(x["ready"] for x in css) and not done
    unready = [x["name"] for x in css if not x["ready"]]
    if trans is None:
        if allready:
            trans = max(s["since"] for s in specs.values() if s["k"] == "run") - c.rng.randint(3, 25)
            trans = max(trans, 0)
        elif done:
            trans = min([s["end"] for s in specs.values() if s["k"] == "term"] or [start - 5])
        else:
            ends = [s["last"]["end"] for s in specs.values() if s.get("last")]
            trans = max(min(ends), 0) if ends else start - 2
    conds = []
    if disruption:
        conds.append(_cond("DisruptionTarget", "True", c.ts(disruption[0]), disruption[1], disruption[2]))
    if c.minor >= 29:
        conds.append(_cond("PodReadyToStartContainers", "True" if sandbox and not done else "False",
                           c.ts(trans if done else start - 1)))
    if init_done:
        conds.append(_cond("Initialized", "True", c.ts(init_end if spec.get("initContainers") else start),
                           "PodCompleted" if done else None))
    else:
        conds.append(_cond("Initialized", "False", c.ts(start), "ContainersNotInitialized",
                           "containers with incomplete status: [%s]" % " ".join(pending_init)))
    if allready:
        conds.append(_cond("Ready", "True", c.ts(trans)))
        conds.append(_cond("ContainersReady", "True", c.ts(trans)))
    else:
        rsn = "PodCompleted" if done and phase == "Succeeded" else "ContainersNotReady"
        msg = None if rsn == "PodCompleted" else "containers with unready status: [%s]" % " ".join(unready)
        if done and phase == "Failed":
            rsn, msg = "PodFailed", None
        conds.append(_cond("Ready", "False", c.ts(trans), rsn, msg))
        conds.append(_cond("ContainersReady", "False", c.ts(trans), rsn, msg))
    conds.append(_cond("PodScheduled", "True", c.ts(ago)))
    nip = c.nodeinfo[node]["ip"]
    status = {"conditions": conds, "containerStatuses": css, "hostIP": nip, "hostIPs": [{"ip": nip}],
              "phase": phase, "qosClass": q, "startTime": c.ts(start)}
    if ics:
        status["initContainerStatuses"] = ics
    if sandbox:
        pip = nip if hostnet else (ip or alloc_ip(c, node))
        if ip and not hostnet:
            c.ips.add(ip)
        status["podIP"] = pip
        status["podIPs"] = [{"ip": pip}]
        cni = c.platform.get("cni")
        if not hostnet:
            if cni in ("calico", "canal"):
                o["metadata"].setdefault("annotations", {}).update({
                    "cni.projectcalico.org/containerID": c.hexs(64),
                    "cni.projectcalico.org/podIP": "" if done else pip + "/32",
                    "cni.projectcalico.org/podIPs": "" if done else pip + "/32"})
            elif cni == "ovn":
                o["metadata"].setdefault("annotations", {}).update({
                    "k8s.ovn.org/pod-networks": json.dumps({"default": {
                        "ip_addresses": [pip + "/23"], "mac_address": "0a:58:%s" % ":".join(
                            "%02x" % int(x) for x in pip.split(".")), "gateway_ips": [pip.rsplit(".", 1)[0] + ".1"],
                        "ip_address": pip + "/23", "gateway_ip": pip.rsplit(".", 1)[0] + ".1"}},
                        separators=(",", ":"), sort_keys=True),
                    "k8s.v1.cni.cncf.io/network-status": json.dumps([{
                        "name": "ovn-kubernetes", "interface": "eth0", "ips": [pip], "default": True,
                        "dns": {}}], indent=4)})
    if reason:
        status["reason"] = reason
    if message:
        status["message"] = message
    o["status"] = status
    if a:
        o["metadata"].setdefault("annotations", {}).update(a)
    if c.platform["name"] == "openshift" and not static:
        o["metadata"].setdefault("annotations", {}).setdefault(
            "openshift.io/scc", "privileged" if hostnet else "restricted-v2")
    return o

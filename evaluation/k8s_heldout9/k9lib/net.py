"""Services, manual Endpoints, NetworkPolicies, Ingresses, ResourceQuotas, Events."""
from .core import D, H, M, oref


def _svc_ip(c, fixed=None):
    pre, n = c.platform["svc"]
    if fixed:
        ip = pre + fixed
    else:
        while True:
            if n == 1:
                ip = pre + str(c.rng.randint(2, 250))
            else:
                ip = pre + "%d.%d" % (c.rng.randint(0, 255 if n == 2 else 0), c.rng.randint(2, 254))
            if ip not in c.svc_ips:
                break
    c.svc_ips.add(ip)
    return ip


def service(c, ns, name, selector, ports, ago, labels=None, ann=None, typ="ClusterIP",
            headless=False, pna=False, lb=None, fixed_ip=None, etp=None, owner=None,
            session=None):
    """ports: list of (name, port, targetPort[, protocol])."""
    o = c.new("services", name, ns, ago, labels, ann, owner)
    pl = []
    for p in ports:
        d = {"port": p[1], "protocol": p[3] if len(p) > 3 else "TCP", "targetPort": p[2]}
        if p[0]:
            d["name"] = p[0]
        if typ in ("NodePort", "LoadBalancer"):
            while True:
                np_ = c.rng.randint(30000, 32767)
                if np_ not in c.nodeports:
                    break
            c.nodeports.add(np_)
            d["nodePort"] = np_
        pl.append(d)
    spec = {"internalTrafficPolicy": "Cluster", "ipFamilies": ["IPv4"],
            "ipFamilyPolicy": "SingleStack", "ports": pl, "sessionAffinity": session or "None",
            "type": typ}
    if headless:
        spec["clusterIP"] = "None"
        spec["clusterIPs"] = ["None"]
    else:
        ip = _svc_ip(c, fixed_ip)
        spec["clusterIP"] = ip
        spec["clusterIPs"] = [ip]
    if selector:
        spec["selector"] = dict(selector)
    if pna:
        spec["publishNotReadyAddresses"] = True
    if typ in ("NodePort", "LoadBalancer"):
        spec["externalTrafficPolicy"] = etp or "Cluster"
    if typ == "LoadBalancer":
        spec["allocateLoadBalancerNodePorts"] = True
    o["spec"] = spec
    st = {"loadBalancer": {}}
    if typ == "LoadBalancer" and lb:
        st["loadBalancer"] = {"ingress": [dict(lb, ipMode="VIP") if c.minor >= 30 and "ip" in lb else lb]}
    o["status"] = st
    return o


def manual_endpoints(c, svc, addrs, ports, ago, labels=None):
    """Selector-less Service endpoints maintained by hand. addrs: list of IPs."""
    md = svc["metadata"]
    o = c.new("endpoints", md["name"], md["namespace"], ago, labels)
    o["subsets"] = [{"addresses": [{"ip": ip} for ip in addrs],
                     "ports": [{"name": n, "port": p, "protocol": "TCP"} if n else
                               {"port": p, "protocol": "TCP"} for n, p in ports]}]
    c.hint(svc, manual=True)
    return o


def netpol(c, ns, name, spec, ago, labels=None, ann=None):
    o = c.new("networkpolicies", name, ns, ago, labels, ann, gen=1)
    o["spec"] = spec
    return o


def ingress(c, ns, name, cls, rules, ago, tls=None, lb=None, labels=None, ann=None):
    """rules: list of (host, path, service, port(number or name))."""
    o = c.new("ingresses", name, ns, ago, labels, ann, gen=1)
    by_host = {}
    for host, path, svc, port in rules:
        be = {"service": {"name": svc, "port": {"number": port} if isinstance(port, int) else {"name": port}}}
        by_host.setdefault(host, []).append({"backend": be, "path": path, "pathType": "Prefix"})
    spec = {"ingressClassName": cls,
            "rules": [{"host": h, "http": {"paths": ps}} for h, ps in by_host.items()]}
    if tls:
        spec["tls"] = [{"hosts": sorted(by_host), "secretName": tls}]
    o["spec"] = spec
    o["status"] = {"loadBalancer": {"ingress": [lb]} if lb else {}}
    return o


def quota(c, ns, name, hard, ago, labels=None, ann=None, used=None):
    o = c.new("resourcequotas", name, ns, ago, labels, ann)
    o["spec"] = {"hard": dict(hard)}
    o["status"] = {"hard": dict(hard), "used": dict(used or {})}
    if used is None:
        c.hint(o, auto_used=True)
    return o


_SEQ = [0]


def event(c, obj, reason, msg, typ="Normal", count=1, first=60, last=None, comp="kubelet",
          host=None, field=None, uid=None, api=False, inst=None, action=None):
    """Core v1 Event about obj. first/last are seconds before the snapshot."""
    md = obj["metadata"]
    last = first if last is None else last
    assert last <= 3600 and first >= last, (reason, first, last)
    ns = md.get("namespace") or "default"
    io = {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": md["name"],
          "uid": uid or md["uid"]}
    if md.get("namespace"):
        io["namespace"] = md["namespace"]
    if field:
        io["fieldPath"] = field
    if obj["kind"] == "Node" and comp in ("kubelet", "node-controller"):
        io["uid"] = md["name"]
    ename = "%s.%s" % (md["name"], c.hexs(16 if c.rng.random() < .5 else 17))
    e = {"apiVersion": "v1", "kind": "Event", "involvedObject": io, "message": msg,
         "reason": reason, "type": typ}
    if api:
        e["metadata"] = {"name": ename, "namespace": ns, "uid": c.uid(),
                         "creationTimestamp": c.ts(first)}
        e.update({"eventTime": c.mts(first), "firstTimestamp": None, "lastTimestamp": None,
                  "reportingComponent": comp, "reportingInstance": inst or comp, "source": {},
                  "action": action or "Scheduling"})
        if count > 1:
            e["series"] = {"count": count, "lastObservedTime": c.mts(last)}
    else:
        e["metadata"] = {"name": ename, "namespace": ns, "uid": c.uid(),
                         "creationTimestamp": c.ts(first)}
        src = {"component": comp}
        if host:
            src["host"] = host
        e.update({"count": count, "eventTime": None, "firstTimestamp": c.ts(first),
                  "lastTimestamp": c.ts(last), "reportingComponent": comp,
                  "reportingInstance": host or inst or "", "source": src})
    key = (ns, ename)
    c.store["events"][key] = e
    return e


def sched_fail(c, pod, msg, first, last=None, count=1):
    inst = c.platform.get("sched_inst", "default-scheduler")
    return event(c, pod, "FailedScheduling", msg, "Warning", count, first, last,
                 comp="default-scheduler", api=True, inst=inst, action="Scheduling")


def scheduled(c, pod, first):
    inst = c.platform.get("sched_inst", "default-scheduler")
    md = pod["metadata"]
    return event(c, pod, "Scheduled", "Successfully assigned %s/%s to %s" % (
        md["namespace"], md["name"], pod["spec"]["nodeName"]), "Normal", 1, first,
        comp="default-scheduler", api=True, inst=inst, action="Binding")


def kev(c, pod, reason, msg, typ="Normal", count=1, first=60, last=None, ctr=None, uid=None,
        init=False):
    """kubelet event on a pod (optionally about a container)."""
    field = None
    if ctr:
        field = "spec.%s{%s}" % ("initContainers" if init else "containers", ctr)
    return event(c, pod, reason, msg, typ, count, first, last, comp="kubelet",
                 host=pod["spec"].get("nodeName"), field=field, uid=uid)


def cev(c, obj, reason, msg, typ="Normal", count=1, first=60, last=None, comp=None):
    """controller event."""
    comp = comp or {"StatefulSet": "statefulset-controller", "ReplicaSet": "replicaset-controller",
                    "Deployment": "deployment-controller", "DaemonSet": "daemonset-controller",
                    "Job": "job-controller", "CronJob": "cronjob-controller",
                    "PersistentVolumeClaim": "persistentvolume-controller",
                    "PersistentVolume": "persistentvolume-controller",
                    "Endpoints": "endpoint-controller", "Service": "service-controller",
                    "Node": "node-controller"}[obj["kind"]]
    return event(c, obj, reason, msg, typ, count, first, last, comp=comp)

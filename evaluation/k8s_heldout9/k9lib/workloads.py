"""Deployments/ReplicaSets, StatefulSets and DaemonSets with their pods (Jobs/CronJobs in jobs)."""
import math
from .core import D, H, M, dc, oref
from .podinst import pod
from .pods import R, T, L
from .storage import pvc as mkpvc

NOSEL = ("helm.sh/chart", "app.kubernetes.io/version", "app.kubernetes.io/managed-by", "heritage",
         "chart", "version")


def selector_of(tp):
    return {k: v for k, v in tp["metadata"]["labels"].items() if k not in NOSEL}


def noise_run(c, since, p=0.1, ok_oom=False):
    """Running state, sometimes with an old restart (days ago)."""
    if c.rng.random() >= p or since < 2 * D:
        return R(since=since)
    end = c.rng.randint(D + 3600, max(D + 3601, since - 60))
    opts = [(1, "Error"), (255, "Unknown"), (2, "Error"), (0, "Completed"), (143, "Error")]
    if ok_oom:
        opts.append((137, "OOMKilled"))
    ex, rs = c.rng.choice(opts)
    return R(since=end - 2, restarts=c.rng.randint(1, 3), last=L(ex, rs, since, end))


def deployment(c, ns, name, tp, replicas, ago, labels=None, ann=None, strategy="RollingUpdate",
               revs=None, owner=None, sel=None, gen_extra=0, max_surge="25%", max_unav="25%"):
    """revs: list of (template, created_ago, rs_replicas); last is current."""
    sel = sel or selector_of(tp)
    revs = revs or [(tp, ago, replicas)]
    a = dict(ann or {})
    a["deployment.kubernetes.io/revision"] = str(len(revs))
    d = c.new("deployments", name, ns, ago, labels or tp["metadata"]["labels"], a, owner,
              gen=len(revs) + gen_extra)
    st = {"type": strategy}
    if strategy == "RollingUpdate":
        st["rollingUpdate"] = {"maxSurge": max_surge, "maxUnavailable": max_unav}
    d["spec"] = {"progressDeadlineSeconds": 600, "replicas": replicas, "revisionHistoryLimit": 10,
                 "selector": {"matchLabels": sel}, "strategy": st, "template": dc(revs[-1][0])}
    rss = []
    surge = math.ceil(replicas * 0.25) if strategy == "RollingUpdate" else 0
    for i, (t, rago, rrep) in enumerate(revs):
        h = c.sfx(c.rng.choice([9, 10]))
        rt = dc(t)
        rt["metadata"]["labels"]["pod-template-hash"] = h
        ra = {k: v for k, v in a.items() if k != "deployment.kubernetes.io/revision"}
        ra.update({"deployment.kubernetes.io/desired-replicas": str(replicas),
                   "deployment.kubernetes.io/max-replicas": str(replicas + surge),
                   "deployment.kubernetes.io/revision": str(i + 1)})
        rs = c.new("replicasets", "%s-%s" % (name, h), ns, rago, rt["metadata"]["labels"], ra,
                   oref(d), gen=1 + (1 if i < len(revs) - 1 else 0))
        rs["spec"] = {"replicas": rrep, "selector": {"matchLabels": dict(sel, **{"pod-template-hash": h})},
                      "template": rt}
        rss.append(rs)
    c.hint(d, revs=[r["metadata"]["name"] for r in rss])
    return d, rss


def rs_pods(c, rs, n, nodes, ago, st=None, **kw):
    """n pods for a ReplicaSet; st: None | dict | list of dicts; ago: int | list."""
    out = []
    pn = kw.pop("_p", 0.1)
    nodes = list(nodes) if nodes else [None]
    off = c.rng.randrange(len(nodes))
    for i in range(n):
        nd = nodes[(off + i) % len(nodes)]
        pa = ago[i] if isinstance(ago, (list, tuple)) else ago
        s = st[i] if isinstance(st, (list, tuple)) else st
        if s is None and nd is not None:
            pa = min(pa, c.ago_of(c.get("nodes", None, nd)) - c.rng.randint(40, 400))
            s = {cc["name"]: noise_run(c, pa - c.rng.randint(8, 40), pn)
                 for cc in rs["spec"]["template"]["spec"]["containers"]}
        nm = "%s-%s" % (rs["metadata"]["name"], c.sfx(5))
        out.append(pod(c, rs["metadata"]["namespace"], nm, rs["spec"]["template"], nd, oref(rs), pa, s,
                       gen_name=rs["metadata"]["name"] + "-", **kw))
    return out


def statefulset(c, ns, name, tp, replicas, ago, svc, vct=None, labels=None, ann=None,
                mgmt="OrderedReady", owner=None, sel=None, update_tp=None, gen=1, partition=None):
    sel = sel or selector_of(tp)
    s = c.new("statefulsets", name, ns, ago, labels or tp["metadata"]["labels"], ann, owner, gen=gen)
    vl = []
    for v in vct or []:
        vn, size, scn = v[0], v[1], v[2]
        acc = v[3] if len(v) > 3 else ["ReadWriteOnce"]
        sp = {"accessModes": list(acc), "resources": {"requests": {"storage": size}}, "volumeMode": "Filesystem"}
        if scn is not None:
            sp["storageClassName"] = scn
        vl.append({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                   "metadata": {"creationTimestamp": None, "name": vn}, "spec": sp, "status": {"phase": "Pending"}})
    us = {"rollingUpdate": {"partition": partition or 0}, "type": "RollingUpdate"}
    spec = {"podManagementPolicy": mgmt, "replicas": replicas, "revisionHistoryLimit": 10,
            "selector": {"matchLabels": sel}, "serviceName": svc, "template": dc(update_tp or tp),
            "updateStrategy": us}
    if c.minor >= 27:
        spec["persistentVolumeClaimRetentionPolicy"] = {"whenDeleted": "Retain", "whenScaled": "Retain"}
    if vl:
        spec["volumeClaimTemplates"] = vl
    s["spec"] = spec
    cur = "%s-%s" % (name, c.sfx(10))
    upd = "%s-%s" % (name, c.sfx(10)) if update_tp else cur
    c.hint(s, cur=cur, upd=upd, old_tp=tp, sel=sel)
    return s


def sts_pod(c, s, i, node, ago, st=None, pvc_ago=None, bound=True, new_rev=None, **kw):
    h = c.hints_of(s)
    ns, name = s["metadata"]["namespace"], s["metadata"]["name"]
    upd = h["upd"] != h["cur"]
    use_new = new_rev if new_rev is not None else upd
    tp = dc(s["spec"]["template"] if use_new or not upd else h["old_tp"])
    rev = h["upd"] if use_new else h["cur"]
    vols = []
    for v in s["spec"].get("volumeClaimTemplates", []):
        cn = "%s-%s-%d" % (v["metadata"]["name"], name, i)
        vols.append({"name": v["metadata"]["name"], "persistentVolumeClaim": {"claimName": cn}})
        if not c.get("persistentVolumeClaims".lower(), ns, cn):
            sp = v["spec"]
            mkpvc(c, ns, cn, sp["resources"]["requests"]["storage"], sp.get("storageClassName"),
                  pvc_ago if pvc_ago is not None else ago, labels=h["sel"], access=sp["accessModes"],
                  node=node, bound=bound)
    tp["spec"]["volumes"] = vols + tp["spec"].get("volumes", [])
    tp["spec"]["hostname"] = "%s-%d" % (name, i)
    tp["spec"]["subdomain"] = s["spec"]["serviceName"]
    lab = {"controller-revision-hash": rev, "statefulset.kubernetes.io/pod-name": "%s-%d" % (name, i)}
    if c.minor >= 28:
        lab["apps.kubernetes.io/pod-index"] = str(i)
    lab.update(kw.pop("labels", None) or {})
    if st is None and node is not None:
        ago = min(ago, c.ago_of(c.get("nodes", None, node)) - c.rng.randint(60, 500))
        st = {cc["name"]: noise_run(c, ago - c.rng.randint(10, 60), 0.12) for cc in tp["spec"]["containers"]}
    return pod(c, ns, "%s-%d" % (name, i), tp, node, oref(s), ago, st, labels=lab, **kw)


DS_TOL = [{"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists"},
          {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists"},
          {"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "operator": "Exists"},
          {"effect": "NoSchedule", "key": "node.kubernetes.io/memory-pressure", "operator": "Exists"},
          {"effect": "NoSchedule", "key": "node.kubernetes.io/pid-pressure", "operator": "Exists"},
          {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "operator": "Exists"}]


def daemonset(c, ns, name, tp, nodes, ago, labels=None, ann=None, st=None, pod_ago=None, sel=None,
              desired=None, owner=None, gen=1):
    sel = sel or selector_of(tp)
    a = {"deprecated.daemonset.template.generation": str(gen)}
    a.update(ann or {})
    d = c.new("daemonsets", name, ns, ago, labels or tp["metadata"]["labels"], a, owner, gen=gen)
    d["spec"] = {"revisionHistoryLimit": 10, "selector": {"matchLabels": sel}, "template": dc(tp),
                 "updateStrategy": {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}, "type": "RollingUpdate"}}
    rev = c.sfx(c.rng.choice([9, 10]))
    pods = []
    for nd in nodes:
        t = dc(tp)
        t["spec"]["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
            "nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In", "values": [nd]}]}]}}}
        tol = list(t["spec"].get("tolerations", []))
        keys = {x.get("key") for x in tol}
        extra = [dict(x) for x in DS_TOL if x["key"] not in keys]
        if t["spec"].get("hostNetwork"):
            extra.append({"effect": "NoSchedule", "key": "node.kubernetes.io/network-unavailable", "operator": "Exists"})
        t["spec"]["tolerations"] = tol + extra
        pa = pod_ago(nd) if callable(pod_ago) else (pod_ago if pod_ago is not None else
                                                     min(ago, c.ago_of(c.get("nodes", None, nd))) - c.rng.randint(5, 60))
        s = (st or {}).get(nd)
        if s is None:
            s = {cc["name"]: noise_run(c, pa - c.rng.randint(5, 30), 0.08) for cc in t["spec"]["containers"]}
        pods.append(pod(c, ns, "%s-%s" % (name, c.sfx(5)), t, nd, oref(d), pa, s,
                        labels={"controller-revision-hash": rev, "pod-template-generation": str(gen)},
                        gen_name=name + "-"))
    c.hint(d, desired=desired if desired is not None else len(nodes))
    return d, pods


from .jobs import *  # noqa: E402,F401,F403

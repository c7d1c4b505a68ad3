"""Finalize: workload status (Endpoints/node/quota/resourceVersion derivation in derive_net)."""
import math
from .core import D, H, M, KINDS, oref, parse_ts, qty, cpu_m, fmt_cpu, fmt_mem
from .pods import image_id, full_image

TERMINAL = ("Succeeded", "Failed")


def is_ready(p):
    for cd in p.get("status", {}).get("conditions", []):
        if cd["type"] == "Ready":
            return cd["status"] == "True"
    return False


def active(p):
    return p["status"].get("phase") not in TERMINAL and "deletionTimestamp" not in p["metadata"]


def owned(c):
    idx = {}
    for p in c.all("pods"):
        for r in p["metadata"].get("ownerReferences", []):
            idx.setdefault(r["uid"], []).append(p)
    return idx


def _cond(typ, status, reason, msg, t1, t2=None):
    return {"lastTransitionTime": t1, "lastUpdateTime": t2 or t1, "message": msg, "reason": reason,
            "status": status, "type": typ}


def workloads(c):
    idx = owned(c)
    for rs in c.all("replicasets"):
        ps = [p for p in idx.get(rs["metadata"]["uid"], []) if active(p)]
        rd = sum(1 for p in ps if is_ready(p))
        st = {"observedGeneration": rs["metadata"].get("generation", 1), "replicas": len(ps)}
        if ps:
            st["fullyLabeledReplicas"] = len(ps)
        if rd:
            st["readyReplicas"] = rd
            st["availableReplicas"] = rd
        rs["status"] = st
    for d in c.all("deployments"):
        h = c.hints_of(d)
        rss = [c.get("replicasets", d["metadata"]["namespace"], n) for n in h["revs"]]
        new = rss[-1]
        tot = sum(r["spec"]["replicas"] for r in rss)
        act = sum(r["status"]["replicas"] for r in rss)
        av = sum(r["status"].get("availableReplicas", 0) for r in rss)
        upd = new["status"]["replicas"]
        want = d["spec"]["replicas"]
        st = {"observedGeneration": d["metadata"]["generation"]}
        if act:
            st["replicas"] = act
        if upd:
            st["updatedReplicas"] = upd
        if av:
            st["readyReplicas"] = av
            st["availableReplicas"] = av
        if tot - av > 0:
            st["unavailableReplicas"] = tot - av
        if d["spec"]["strategy"]["type"] == "RollingUpdate":
            mu = int(math.floor(want * 0.25))
        else:
            mu = 0
        newn = new["metadata"]["name"]
        nago = c.ago_of(new)
        okav = av >= want - mu
        fail = h.get("fail_since", nago - 20)
        t_av = c.ts(h.get("av_since", max(nago - 40, 0)) if okav else fail)
        conds = [_cond("Available", "True" if okav else "False",
                       "MinimumReplicasAvailable" if okav else "MinimumReplicasUnavailable",
                       "Deployment has minimum availability." if okav else "Deployment does not have minimum availability.",
                       t_av)]
        new_av = new["status"].get("availableReplicas", 0)
        if upd == want and new_av == want and act == want:
            conds.append(_cond("Progressing", "True", "NewReplicaSetAvailable",
                               'ReplicaSet "%s" has successfully progressed.' % newn,
                               c.ts(h.get("prog_since", nago)), c.ts(max(nago - 35, 0))))
        elif nago > 600 + 30:
            conds.append(_cond("Progressing", "False", "ProgressDeadlineExceeded",
                               'ReplicaSet "%s" has timed out progressing.' % newn,
                               c.ts(nago - 600), c.ts(nago - 600)))
        else:
            conds.append(_cond("Progressing", "True", "ReplicaSetUpdated",
                               'ReplicaSet "%s" is progressing.' % newn, c.ts(nago), c.ts(max(nago - 5, 0))))
        if want == 0:
            conds = [_cond("Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability.", t_av),
                     _cond("Progressing", "True", "NewReplicaSetAvailable",
                           'ReplicaSet "%s" has successfully progressed.' % newn, c.ts(nago))]
        st["conditions"] = h.get("conditions", conds)
        d["status"] = st
    for s in c.all("statefulsets"):
        h = c.hints_of(s)
        ps = [p for p in idx.get(s["metadata"]["uid"], []) if p["status"].get("phase") not in TERMINAL]
        rd = sum(1 for p in ps if is_ready(p) and "deletionTimestamp" not in p["metadata"])
        curn = sum(1 for p in ps if p["metadata"]["labels"].get("controller-revision-hash") == h["cur"])
        updn = sum(1 for p in ps if p["metadata"]["labels"].get("controller-revision-hash") == h["upd"])
        cur = h["cur"]
        if updn == s["spec"]["replicas"] and updn == len(ps) and rd == len(ps):
            cur, curn = h["upd"], updn
        st = {"availableReplicas": rd, "collisionCount": 0, "currentRevision": cur,
              "observedGeneration": s["metadata"].get("generation", 1), "replicas": len(ps),
              "updateRevision": h["upd"]}
        if rd:
            st["readyReplicas"] = rd
        if curn:
            st["currentReplicas"] = curn
        if updn:
            st["updatedReplicas"] = updn
        s["status"] = st
    for d in c.all("daemonsets"):
        h = c.hints_of(d)
        ps = [p for p in idx.get(d["metadata"]["uid"], []) if p["status"].get("phase") not in TERMINAL]
        rd = sum(1 for p in ps if is_ready(p))
        st = {"currentNumberScheduled": len(ps), "desiredNumberScheduled": h["desired"],
              "numberMisscheduled": 0, "numberReady": rd,
              "observedGeneration": d["metadata"].get("generation", 1)}
        if rd:
            st["numberAvailable"] = rd
        if h["desired"] - rd > 0:
            st["numberUnavailable"] = h["desired"] - rd
        if ps:
            st["updatedNumberScheduled"] = len(ps)
        d["status"] = st
    for j in c.all("jobs"):
        h = c.hints_of(j)
        ps = idx.get(j["metadata"]["uid"], [])
        act = [p for p in ps if p["status"].get("phase") not in TERMINAL]
        st = {"startTime": c.ts(h.get("start", c.ago_of(j) - 1)), "uncountedTerminatedPods": {}}
        if act:
            st["active"] = len(act)
        sc = sum(1 for p in ps if p["status"].get("phase") == "Succeeded")
        fc = sum(1 for p in ps if p["status"].get("phase") == "Failed")
        if sc:
            st["succeeded"] = sc
        if fc:
            st["failed"] = fc
        st["ready"] = sum(1 for p in act if is_ready(p))
        if c.minor >= 29:
            st["terminating"] = 0
        oc = h.get("outcome")
        if oc == "Complete":
            t = c.ts(h["end"])
            st["completionTime"] = t
            conds = []
            if c.minor >= 31:
                conds.append({"lastProbeTime": t, "lastTransitionTime": t, "message": "Reached expected number of succeeded pods",
                              "reason": "CompletionsReached", "status": "True", "type": "SuccessCriteriaMet"})
            conds.append({"lastProbeTime": t, "lastTransitionTime": t, "status": "True", "type": "Complete"}
                         if c.minor < 31 else {"lastProbeTime": t, "lastTransitionTime": t, "message": "Reached expected number of succeeded pods",
                                               "reason": "CompletionsReached", "status": "True", "type": "Complete"})
            st["conditions"] = conds
        elif oc == "Failed":
            t = c.ts(h["end"])
            rsn, msg = h.get("fail_reason", ("BackoffLimitExceeded", "Job has reached the specified backoff limit"))
            conds = []
            if c.minor >= 31:
                conds.append({"lastProbeTime": t, "lastTransitionTime": t, "message": msg, "reason": rsn,
                              "status": "True", "type": "FailureTarget"})
            conds.append({"lastProbeTime": t, "lastTransitionTime": t, "message": msg, "reason": rsn,
                          "status": "True", "type": "Failed"})
            st["conditions"] = conds
        j["status"] = st


from .derive_net import *  # noqa: E402,F401,F403

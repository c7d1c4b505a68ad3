"""Validator part 2: workload status, Endpoints/EndpointSlices, PVC/PV binding, events, truth."""
import json
import os
import re
from .core import KINDS, KIND2PLURAL, canon, parse_ts
from .check import *  # noqa: F401,F403
from .check import _owned, _ready  # noqa: F401


def _workloads(idx, data):
    P = []
    own = _owned(data)
    act = lambda p: p["status"].get("phase") not in TERMINAL and "deletionTimestamp" not in p["metadata"]
    for rs in data.get("replicasets", []):
        ps = [p for p in own.get(rs["metadata"]["uid"], []) if act(p)]
        st = rs["status"]
        if st.get("replicas", 0) != len(ps) or st.get("readyReplicas", 0) != sum(map(_ready, ps)):
            P.append("replicaset %s status mismatch" % rs["metadata"]["name"])
    rsby = {}
    for rs in data.get("replicasets", []):
        for r in rs["metadata"].get("ownerReferences", []):
            rsby.setdefault(r["uid"], []).append(rs)
    for d in data.get("deployments", []):
        rss = rsby.get(d["metadata"]["uid"], [])
        ps = [p for rs in rss for p in own.get(rs["metadata"]["uid"], []) if act(p)]
        st = d["status"]
        if st.get("replicas", 0) != len(ps) or st.get("readyReplicas", 0) != sum(map(_ready, ps)) \
                or st.get("availableReplicas", 0) != sum(map(_ready, ps)):
            P.append("deployment %s/%s status mismatch" % (d["metadata"]["namespace"], d["metadata"]["name"]))
    for s in data.get("statefulsets", []):
        ps = [p for p in own.get(s["metadata"]["uid"], []) if p["status"].get("phase") not in TERMINAL]
        st = s["status"]
        rd = sum(1 for p in ps if _ready(p) and "deletionTimestamp" not in p["metadata"])
        if st.get("replicas", 0) != len(ps) or st.get("readyReplicas", 0) != rd:
            P.append("statefulset %s/%s status mismatch" % (s["metadata"]["namespace"], s["metadata"]["name"]))
        for p in ps:
            if not p["metadata"]["name"].startswith(s["metadata"]["name"] + "-"):
                P.append("sts pod name %s" % p["metadata"]["name"])
    for d in data.get("daemonsets", []):
        ps = [p for p in own.get(d["metadata"]["uid"], []) if p["status"].get("phase") not in TERMINAL]
        st = d["status"]
        if st["currentNumberScheduled"] != len(ps) or st["numberReady"] != sum(map(_ready, ps)):
            P.append("daemonset %s/%s status mismatch" % (d["metadata"]["namespace"], d["metadata"]["name"]))
    for j in data.get("jobs", []):
        ps = own.get(j["metadata"]["uid"], [])
        st = j["status"]
        a = sum(1 for p in ps if p["status"].get("phase") not in TERMINAL)
        s = sum(1 for p in ps if p["status"].get("phase") == "Succeeded")
        f = sum(1 for p in ps if p["status"].get("phase") == "Failed")
        if st.get("active", 0) != a or st.get("succeeded", 0) != s or st.get("failed", 0) != f:
            P.append("job %s/%s status mismatch" % (j["metadata"]["namespace"], j["metadata"]["name"]))
    return P


def _resolve(sp, pod):
    tp = sp["targetPort"]
    if isinstance(tp, int):
        return tp
    for cc in pod["spec"]["containers"]:
        for p in cc.get("ports", []):
            if p.get("name") == tp and p.get("protocol", "TCP") == sp.get("protocol", "TCP"):
                return p["containerPort"]
    return None


def _endpoints(idx, data):
    P = []
    pods = data.get("pods", [])
    slices = {}
    for sl in data.get("endpointslices", []):
        slices.setdefault((sl["metadata"]["namespace"], sl["metadata"].get("labels", {}).get("kubernetes.io/service-name")), []).append(sl)
    for svc in data.get("services", []):
        ns, name = svc["metadata"]["namespace"], svc["metadata"]["name"]
        if svc["spec"]["type"] == "ExternalName":
            continue
        sel = svc["spec"].get("selector")
        ep = idx.get(("Endpoints", ns, name))
        sls = slices.get((ns, name), [])
        if not sel:
            if ep is None:
                continue
            want = {a["ip"] for s in ep.get("subsets", []) for a in s.get("addresses", [])}
            got = {a for sl in sls for e in (sl.get("endpoints") or []) for a in e["addresses"]}
            if want != got:
                P.append("mirrored slices of %s/%s disagree with Endpoints" % (ns, name))
            continue
        pna = svc["spec"].get("publishNotReadyAddresses", False)
        want_ready, want_nr, want_sl = set(), set(), {}
        for p in pods:
            if p["metadata"]["namespace"] != ns or not p["status"].get("podIP") or p["status"].get("phase") in TERMINAL:
                continue
            lab = p["metadata"].get("labels", {})
            if any(lab.get(k) != v for k, v in sel.items()):
                continue
            if not any(_resolve(sp, p) is not None for sp in svc["spec"]["ports"]):
                continue
            term = "deletionTimestamp" in p["metadata"]
            rdy = pna or (_ready(p) and not term)
            want_sl[p["status"]["podIP"]] = rdy
            if term:
                continue
            (want_ready if rdy else want_nr).add(p["status"]["podIP"])
        if ep is None:
            P.append("service %s/%s has no Endpoints" % (ns, name))
            continue
        got_r = {a["ip"] for s in ep.get("subsets", []) for a in s.get("addresses", [])}
        got_nr = {a["ip"] for s in ep.get("subsets", []) for a in s.get("notReadyAddresses", [])}
        if got_r != want_ready or got_nr != want_nr:
            P.append("Endpoints %s/%s disagree with selector/readiness" % (ns, name))
        got_sl = {}
        for sl in sls:
            for e in sl.get("endpoints") or []:
                got_sl[e["addresses"][0]] = e["conditions"]["ready"]
        if got_sl != want_sl:
            P.append("EndpointSlices %s/%s disagree with selector/readiness" % (ns, name))
        if not sls:
            P.append("service %s/%s has no EndpointSlice" % (ns, name))
    return P


def _storage(idx, data):
    P = []
    for c in data.get("persistentvolumeclaims", []):
        ns, name = c["metadata"]["namespace"], c["metadata"]["name"]
        ph = c.get("status", {}).get("phase")
        vn = c["spec"].get("volumeName")
        if ph == "Bound":
            pv = idx.get(("PersistentVolume", "", vn))
            if pv is None or pv["spec"].get("claimRef", {}).get("uid") != c["metadata"]["uid"] or pv["status"]["phase"] != "Bound":
                P.append("PVC %s/%s bound but PV %s does not point back" % (ns, name, vn))
        elif vn:
            P.append("PVC %s/%s not Bound but has volumeName" % (ns, name))
        scn = c["spec"].get("storageClassName")
        if scn and ("StorageClass", "", scn) not in idx and ph == "Bound":
            P.append("bound PVC %s/%s uses missing storageclass %s" % (ns, name, scn))
    for pv in data.get("persistentvolumes", []):
        cr = pv["spec"].get("claimRef")
        ph = pv["status"]["phase"]
        if ph == "Bound":
            cl = idx.get(("PersistentVolumeClaim", cr["namespace"], cr["name"])) if cr else None
            if cl is None or cl["metadata"]["uid"] != cr["uid"] or cl["spec"].get("volumeName") != pv["metadata"]["name"]:
                P.append("PV %s Bound but claim does not match" % pv["metadata"]["name"])
        elif ph == "Released":
            cl = idx.get(("PersistentVolumeClaim", cr["namespace"], cr["name"])) if cr else None
            if cr is None or (cl is not None and cl["metadata"]["uid"] == cr["uid"]):
                P.append("PV %s Released but claimRef still live" % pv["metadata"]["name"])
        elif ph == "Available" and cr and cr.get("uid"):
            P.append("PV %s Available with bound claimRef" % pv["metadata"]["name"])
        scn = pv["spec"].get("storageClassName")
        if scn and ("StorageClass", "", scn) not in idx:
            P.append("PV %s uses missing storageclass %s" % (pv["metadata"]["name"], scn))
    return P


def _events(idx, data, snap):
    P = []
    for e in data.get("events", []):
        io = e["involvedObject"]
        kind = io["kind"]
        if kind not in KIND2PLURAL:
            P.append("event %s about unknown kind %s" % (e["metadata"]["name"], kind))
            continue
        ns = io.get("namespace", "")
        o = idx.get((kind, ns, io["name"]))
        if o is None:
            P.append("event %s about missing %s %s/%s" % (e["metadata"]["name"], kind, ns, io["name"]))
            continue
        if e["metadata"]["namespace"] != (ns or "default"):
            P.append("event %s in wrong namespace" % e["metadata"]["name"])
        last = e.get("lastTimestamp") or (e.get("series") or {}).get("lastObservedTime") or e.get("eventTime")
        first = e.get("firstTimestamp") or e.get("eventTime")
        if (snap - parse_ts(last)).total_seconds() > 3600:
            P.append("event %s older than TTL" % e["metadata"]["name"])
        if io["uid"] != o["metadata"]["uid"]:
            if kind == "Node" and io["uid"] == io["name"]:
                continue
            if kind == "Pod" and parse_ts(o["metadata"]["creationTimestamp"]) >= parse_ts(first):
                continue
            P.append("event %s uid mismatch for %s %s" % (e["metadata"]["name"], kind, io["name"]))
    return P


def _truth(idx, t, dirname):
    P = []
    for k in ("id", "fault", "symptom", "root_cause", "explanation"):
        if k not in t:
            P.append("truth missing %s" % k)
    if t.get("id") != dirname:
        P.append("truth id %s != dir %s" % (t.get("id"), dirname))
    rc = t.get("root_cause", {})
    if set(rc) != {"kind", "namespace", "name"}:
        P.append("truth root_cause keys")
        return P
    if rc["kind"] not in KIND2PLURAL:
        P.append("truth kind %s unknown" % rc["kind"])
        return P
    nsd = KINDS[KIND2PLURAL[rc["kind"]]][2]
    if not nsd and rc["namespace"] != "":
        P.append("cluster-scoped truth must have empty namespace")
    if (rc["kind"], rc["namespace"], rc["name"]) not in idx:
        P.append("truth object %s %s/%s does not exist" % (rc["kind"], rc["namespace"], rc["name"]))
    if rc["name"].lower() in t.get("symptom", "").lower():
        P.append("symptom names the root-cause object")
    return P

#!/usr/bin/env python3
"""Deterministic generator for the "k8" held-out set of Kubernetes database incidents.

python3 make.py            build incidents/k8-01 .. k8-30
python3 make.py --check    build (twice, into temp dirs) and validate every bundle + set-level rules
python3 make.py --hash     print the frozen hash of the generated bundles
python3 make.py --table    print the markdown incident table
Standard library only.
"""
import argparse
import copy
import hashlib
import json
import os
import random
import re
import shutil
import sys
import tempfile
import uuid
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
D, H, M = 86400, 3600, 60
ALPHA = "bcdfghjklmnpqrstvwxz2456789"
PRIO = {"system-node-critical": 2000001000, "system-cluster-critical": 2000000000}

PLURALS = {
    "namespaces": ("Namespace", "v1", False),
    "nodes": ("Node", "v1", False),
    "pods": ("Pod", "v1", True),
    "deployments": ("Deployment", "apps/v1", True),
    "replicasets": ("ReplicaSet", "apps/v1", True),
    "statefulsets": ("StatefulSet", "apps/v1", True),
    "daemonsets": ("DaemonSet", "apps/v1", True),
    "jobs": ("Job", "batch/v1", True),
    "cronjobs": ("CronJob", "batch/v1", True),
    "services": ("Service", "v1", True),
    "endpoints": ("Endpoints", "v1", True),
    "endpointslices": ("EndpointSlice", "discovery.k8s.io/v1", True),
    "persistentvolumeclaims": ("PersistentVolumeClaim", "v1", True),
    "persistentvolumes": ("PersistentVolume", "v1", False),
    "storageclasses": ("StorageClass", "storage.k8s.io/v1", False),
    "configmaps": ("ConfigMap", "v1", True),
    "secrets": ("Secret", "v1", True),
    "ingresses": ("Ingress", "networking.k8s.io/v1", True),
    "networkpolicies": ("NetworkPolicy", "networking.k8s.io/v1", True),
    "serviceaccounts": ("ServiceAccount", "v1", True),
    "resourcequotas": ("ResourceQuota", "v1", True),
    "events": ("Event", "v1", True),
}
KIND2PL = {v[0]: k for k, v in PLURALS.items()}
OPTIONAL_KINDS = ["resourcequotas", "networkpolicies", "endpointslices", "ingresses", "cronjobs"]

DEFAULT_TOL = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists", "tolerationSeconds": 300},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists", "tolerationSeconds": 300},
]
DS_TOL = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists"},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/memory-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/pid-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "operator": "Exists"},
]
TOL_ALL = [{"operator": "Exists"}]
TOL_CP = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}]
FAKE_CA = ("-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIQk7n0m3cX9UwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE\n"
           "AxMKa3ViZXJuZXRlczAeFw0yNDA0MTAwOTE1MzBaFw0zNDA0MDgwOTIwMzBaMBUx\n-----END CERTIFICATE-----\n")


# ---------------------------------------------------------------- quantities
def cpu_m(q):
    q = str(q)
    return int(q[:-1]) if q.endswith("m") else int(round(float(q) * 1000))


_MEM = {"Ki": 1024, "Mi": 1024 ** 2, "Gi": 1024 ** 3, "Ti": 1024 ** 4, "k": 1000, "K": 1000, "M": 1000 ** 2, "G": 1000 ** 3, "T": 1000 ** 4}


def mem_b(q):
    q = str(q)
    for suf in ("Ki", "Mi", "Gi", "Ti", "k", "K", "M", "G", "T"):
        if q.endswith(suf):
            return int(float(q[: -len(suf)]) * _MEM[suf])
    return int(q)


def fmt_cpu(m):
    return str(m // 1000) if m % 1000 == 0 else "%dm" % m


def fmt_mem(b):
    if b == 0:
        return "0"
    for suf, f in (("Gi", 1024 ** 3), ("Mi", 1024 ** 2), ("Ki", 1024)):
        if b % f == 0:
            return "%d%s" % (b // f, suf)
    return str(b)


# ---------------------------------------------------------------- spec helpers
def tcp(port, delay=10, period=10, fail=3, timeout=1):
    return {"failureThreshold": fail, "initialDelaySeconds": delay, "periodSeconds": period,
            "successThreshold": 1, "tcpSocket": {"port": port}, "timeoutSeconds": timeout}


def http(path, port, delay=10, period=10, fail=3, timeout=1, scheme="HTTP"):
    return {"failureThreshold": fail, "httpGet": {"path": path, "port": port, "scheme": scheme},
            "initialDelaySeconds": delay, "periodSeconds": period, "successThreshold": 1, "timeoutSeconds": timeout}


def execp(cmd, delay=10, period=10, fail=3, timeout=5):
    return {"exec": {"command": cmd}, "failureThreshold": fail, "initialDelaySeconds": delay,
            "periodSeconds": period, "successThreshold": 1, "timeoutSeconds": timeout}


def env_list(env):
    out = []
    for e in env or []:
        if isinstance(e, dict):
            out.append(e)
            continue
        k, v = e
        if isinstance(v, tuple):
            if v[0] == "secret":
                out.append({"name": k, "valueFrom": {"secretKeyRef": {"key": v[2], "name": v[1]}}})
            elif v[0] == "cm":
                out.append({"name": k, "valueFrom": {"configMapKeyRef": {"key": v[2], "name": v[1]}}})
            elif v[0] == "field":
                out.append({"name": k, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": v[1]}}})
            elif v[0] == "res":
                out.append({"name": k, "valueFrom": {"resourceFieldRef": {"divisor": "0", "resource": v[1]}}})
        else:
            out.append({"name": k, "value": str(v)})
    return out


def ctr(name, image, ports=(), req=None, lim=None, env=None, args=None, cmd=None, mounts=(), ready=None,
        live=None, startup=None, envFrom=None, sc=None, udp=()):
    c = {"name": name, "image": image, "imagePullPolicy": "IfNotPresent", "resources": {},
         "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": "File"}
    if cmd:
        c["command"] = list(cmd)
    if args:
        c["args"] = list(args)
    if env:
        c["env"] = env_list(env)
    if envFrom:
        c["envFrom"] = envFrom
    pl = []
    for pn, pp in ports:
        d = {"containerPort": pp, "protocol": "UDP" if pn in udp else "TCP"}
        if pn:
            d["name"] = pn
        pl.append(d)
    if pl:
        c["ports"] = pl
    if req:
        c["resources"]["requests"] = {k: v for k, v in zip(("cpu", "memory"), req) if v}
    if lim:
        c["resources"]["limits"] = {k: v for k, v in zip(("cpu", "memory"), lim) if v}
    if mounts:
        c["volumeMounts"] = [dict(zip(("name", "mountPath"), m[:2]), **({"readOnly": True} if len(m) > 2 and m[2] else {}))
                             for m in mounts]
    if ready:
        c["readinessProbe"] = ready
    if live:
        c["livenessProbe"] = live
    if startup:
        c["startupProbe"] = startup
    if sc:
        c["securityContext"] = sc
    return c


def v_cm(name, cm, items=None, mode=420):
    d = {"name": name, "configMap": {"defaultMode": mode, "name": cm}}
    if items:
        d["configMap"]["items"] = [{"key": k, "path": p} for k, p in items]
    return d


def v_sec(name, sec, mode=420, items=None):
    d = {"name": name, "secret": {"defaultMode": mode, "secretName": sec}}
    if items:
        d["secret"]["items"] = [{"key": k, "path": p} for k, p in items]
    return d


def v_pvc(name, claim):
    return {"name": name, "persistentVolumeClaim": {"claimName": claim}}


def v_empty(name, medium=None):
    return {"name": name, "emptyDir": {"medium": medium} if medium else {}}


def v_host(name, path, typ=""):
    return {"name": name, "hostPath": {"path": path, "type": typ}}


def kapi_vol(name):
    return {"name": name, "projected": {"defaultMode": 420, "sources": [
        {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
        {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
        {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}, "path": "namespace"}]}}]}}


def full_image(img):
    first = img.split("/")[0]
    if "/" not in img:
        return "docker.io/library/" + img
    if "." in first or ":" in first or first == "localhost":
        return img
    return "docker.io/" + img


def image_id(img):
    fi = full_image(img)
    repo = fi.split("@")[0]
    if ":" in repo.split("/")[-1]:
        repo = repo.rsplit(":", 1)[0]
    return repo + "@sha256:" + hashlib.sha256(fi.encode()).hexdigest()


def owner_ref(o, ctrl=True):
    return {"apiVersion": o["apiVersion"], "kind": o["kind"], "name": o["metadata"]["name"],
            "uid": o["metadata"]["uid"], "controller": ctrl, "blockOwnerDeletion": True}


def labels_match(sel, labels):
    labels = labels or {}
    for k, v in (sel or {}).items():
        if labels.get(k) != v:
            return False
    return True


def expr_match(exprs, labels):
    labels = labels or {}
    for e in exprs:
        op, k = e["operator"], e["key"]
        if op == "In" and labels.get(k) not in e["values"]:
            return False
        if op == "NotIn" and labels.get(k) in e["values"]:
            return False
        if op == "Exists" and k not in labels:
            return False
        if op == "DoesNotExist" and k in labels:
            return False
    return True


def tolerates(tols, taint):
    for t in tols or []:
        if t.get("effect") and t["effect"] != taint["effect"]:
            continue
        if t.get("operator") == "Exists" and not t.get("key"):
            return True
        if t.get("key") != taint["key"]:
            continue
        if t.get("operator") == "Exists" or t.get("value", "") == taint.get("value", ""):
            return True
    return False


def node_fits(podspec, node):
    """Eligibility used for DaemonSet scheduling (taints NoSchedule/NoExecute + nodeSelector + required affinity)."""
    labels = node["metadata"].get("labels", {})
    if not labels_match(podspec.get("nodeSelector"), labels):
        return False
    req = (podspec.get("affinity") or {}).get("nodeAffinity", {}).get("requiredDuringSchedulingIgnoredDuringExecution")
    if req and not any(expr_match(t.get("matchExpressions", []), labels) for t in req["nodeSelectorTerms"]):
        return False
    for t in node["spec"].get("taints", []):
        if t["effect"] in ("NoSchedule", "NoExecute") and not tolerates(podspec.get("tolerations"), t):
            return False
    return True


def parse_ts(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def is_ready(p):
    for c in p.get("status", {}).get("conditions", []):
        if c["type"] == "Ready":
            return c["status"] == "True"
    return False


def active(p):
    return p.get("status", {}).get("phase") not in ("Succeeded", "Failed")


def owned_by(o, uid):
    return any(r["uid"] == uid for r in o["metadata"].get("ownerReferences", []))


# ---------------------------------------------------------------- recomputation (shared by build + --check)
def pod_ports(pod, svc):
    res = []
    for sp in svc["spec"].get("ports", []):
        tp = sp.get("targetPort", sp["port"])
        if isinstance(tp, int):
            num = tp
        else:
            num = None
            for c in pod["spec"]["containers"]:
                for cp in c.get("ports", []):
                    if cp.get("name") == tp and cp.get("protocol", "TCP") == sp.get("protocol", "TCP"):
                        num = cp["containerPort"]
            if num is None:
                continue
        d = {"port": num, "protocol": sp.get("protocol", "TCP")}
        if sp.get("name"):
            d["name"] = sp["name"]
        res.append(d)
    return sorted(res, key=lambda d: (d.get("name", ""), d["port"], d["protocol"]))


def svc_pods(svc, pods):
    sel = svc["spec"].get("selector")
    ns = svc["metadata"]["namespace"]
    out = []
    for p in pods:
        if p["metadata"]["namespace"] != ns or not sel or not labels_match(sel, p["metadata"].get("labels")):
            continue
        if not p["status"].get("podIP") or not active(p) or p["metadata"].get("deletionTimestamp"):
            continue
        out.append(p)
    return out


def compute_subsets(svc, pods):
    groups = {}
    pnr = svc["spec"].get("publishNotReadyAddresses", False)
    for p in svc_pods(svc, pods):
        ports = pod_ports(p, svc)
        if not ports:
            continue
        key = json.dumps(ports, sort_keys=True)
        g = groups.setdefault(key, {"ports": ports, "addresses": [], "notReadyAddresses": []})
        a = {"ip": p["status"]["podIP"], "nodeName": p["spec"]["nodeName"],
             "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": p["metadata"]["namespace"],
                           "uid": p["metadata"]["uid"]}}
        if svc["spec"].get("clusterIP") == "None" and p["spec"].get("hostname"):
            a["hostname"] = p["spec"]["hostname"]
        (g["addresses"] if (is_ready(p) or pnr) else g["notReadyAddresses"]).append(a)
    subsets = []
    for key in sorted(groups):
        g = groups[key]
        s = {"ports": g["ports"]}
        ipkey = lambda a: tuple(int(x) for x in a["ip"].split("."))
        if g["addresses"]:
            s["addresses"] = sorted(g["addresses"], key=ipkey)
        if g["notReadyAddresses"]:
            s["notReadyAddresses"] = sorted(g["notReadyAddresses"], key=ipkey)
        subsets.append(s)
    return subsets


def slice_body(subsets, nodes_by_name, mirrored=False):
    """endpoints + ports of the (single) slice for a set of subsets."""
    eps, ports = [], None
    for s in subsets:
        ports = [dict(p) for p in s["ports"]] if ports is None else ports
        for a, ready in [(a, True) for a in s.get("addresses", [])] + [(a, False) for a in s.get("notReadyAddresses", [])]:
            e = {"addresses": [a["ip"]], "conditions": {"ready": ready}}
            if not mirrored:
                e["conditions"] = {"ready": ready, "serving": ready, "terminating": False}
            if a.get("nodeName"):
                e["nodeName"] = a["nodeName"]
                z = nodes_by_name.get(a["nodeName"], {}).get("metadata", {}).get("labels", {}).get("topology.kubernetes.io/zone")
                if z and not mirrored:
                    e["zone"] = z
            if a.get("hostname"):
                e["hostname"] = a["hostname"]
            if a.get("targetRef"):
                e["targetRef"] = dict(a["targetRef"])
            eps.append(e)
    eps.sort(key=lambda e: tuple(int(x) for x in e["addresses"][0].split(".")))
    return (eps or None), ports


def rs_status(rs, pods):
    mine = [p for p in pods if owned_by(p, rs["metadata"]["uid"]) and active(p)]
    rdy = sum(1 for p in mine if is_ready(p))
    st = {"replicas": len(mine), "observedGeneration": rs["metadata"].get("generation", 1)}
    if mine:
        st["fullyLabeledReplicas"] = len(mine)
    if rdy:
        st["readyReplicas"] = rdy
        st["availableReplicas"] = rdy
    return st


def deploy_counts(d, rss, pods):
    mine = [r for r in rss if owned_by(r, d["metadata"]["uid"])]
    newest = max(mine, key=lambda r: int(r["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
    tot = rdy = upd = 0
    for r in mine:
        ps = [p for p in pods if owned_by(p, r["metadata"]["uid"]) and active(p)]
        tot += len(ps)
        rdy += sum(1 for p in ps if is_ready(p))
        if r is newest:
            upd = len(ps)
    return {"replicas": tot, "readyReplicas": rdy, "availableReplicas": rdy, "updatedReplicas": upd}


def sts_counts(s, pods):
    ps = [p for p in pods if owned_by(p, s["metadata"]["uid"]) and active(p)]
    cur, upd = s["status"].get("currentRevision"), s["status"].get("updateRevision")
    rdy = sum(1 for p in ps if is_ready(p))
    return {"replicas": len(ps), "readyReplicas": rdy, "availableReplicas": rdy,
            "currentReplicas": sum(1 for p in ps if p["metadata"]["labels"].get("controller-revision-hash") == cur),
            "updatedReplicas": sum(1 for p in ps if p["metadata"]["labels"].get("controller-revision-hash") == upd)}


def ds_counts(ds, pods, nodes):
    elig = [n["metadata"]["name"] for n in nodes if node_fits(ds["spec"]["template"]["spec"], n)]
    ps = [p for p in pods if owned_by(p, ds["metadata"]["uid"]) and active(p)]
    on = [p for p in ps if p["spec"].get("nodeName") in elig]
    rdy = sum(1 for p in on if is_ready(p))
    gen = str(ds["metadata"].get("generation", 1))
    st = {"desiredNumberScheduled": len(elig), "currentNumberScheduled": len(on),
          "numberMisscheduled": len(ps) - len(on), "numberReady": rdy, "numberAvailable": rdy,
          "updatedNumberScheduled": sum(1 for p in on if p["metadata"]["labels"].get("pod-template-generation") == gen),
          "numberUnavailable": len(elig) - rdy}
    return st


def job_counts(j, pods):
    ps = [p for p in pods if owned_by(p, j["metadata"]["uid"])]
    return {"active": sum(1 for p in ps if active(p)),
            "succeeded": sum(1 for p in ps if p["status"].get("phase") == "Succeeded"),
            "failed": sum(1 for p in ps if p["status"].get("phase") == "Failed")}


QUOTA_RES = ["pods", "requests.cpu", "requests.memory", "limits.cpu", "limits.memory", "requests.storage",
             "persistentvolumeclaims", "services", "configmaps", "secrets", "count/jobs.batch",
             "services.loadbalancers", "services.nodeports", "cpu", "memory"]


def pod_sum(p, field, res):
    conv = cpu_m if res == "cpu" else mem_b
    tot = 0
    for c in p["spec"]["containers"]:
        v = c.get("resources", {}).get(field, {}).get(res)
        if v is not None:
            tot += conv(v)
    for c in p["spec"].get("initContainers", []):
        v = c.get("resources", {}).get(field, {}).get(res)
        if v is not None:
            tot = max(tot, conv(v))
    return tot


def quota_used(q, objs):
    ns = q["metadata"]["namespace"]
    pods = [p for p in objs["pods"] if p["metadata"]["namespace"] == ns and active(p)]
    pvcs = [p for p in objs["persistentvolumeclaims"] if p["metadata"]["namespace"] == ns]
    used = {}
    for k in q["spec"]["hard"]:
        if k == "pods":
            used[k] = str(len(pods))
        elif k in ("requests.cpu", "limits.cpu", "cpu"):
            f = "limits" if k.startswith("limits") else "requests"
            used[k] = fmt_cpu(sum(pod_sum(p, f, "cpu") for p in pods))
        elif k in ("requests.memory", "limits.memory", "memory"):
            f = "limits" if k.startswith("limits") else "requests"
            used[k] = fmt_mem(sum(pod_sum(p, f, "memory") for p in pods))
        elif k == "requests.storage":
            used[k] = fmt_mem(sum(mem_b(p["spec"]["resources"]["requests"]["storage"]) for p in pvcs))
        elif k == "persistentvolumeclaims":
            used[k] = str(len(pvcs))
        elif k == "services":
            used[k] = str(sum(1 for s in objs["services"] if s["metadata"]["namespace"] == ns))
        elif k == "services.loadbalancers":
            used[k] = str(sum(1 for s in objs["services"] if s["metadata"]["namespace"] == ns and s["spec"].get("type") == "LoadBalancer"))
        elif k == "services.nodeports":
            used[k] = str(sum(1 for s in objs["services"] if s["metadata"]["namespace"] == ns and s["spec"].get("type") in ("NodePort", "LoadBalancer")))
        elif k == "configmaps":
            used[k] = str(sum(1 for s in objs["configmaps"] if s["metadata"]["namespace"] == ns))
        elif k == "secrets":
            used[k] = str(sum(1 for s in objs["secrets"] if s["metadata"]["namespace"] == ns))
        elif k == "count/jobs.batch":
            used[k] = str(sum(1 for s in objs["jobs"] if s["metadata"]["namespace"] == ns))
    return used


# ---------------------------------------------------------------- cluster builder
LOCAL_KEYS = {"topolvm.io": "topology.topolvm.io/node", "local.csi.openebs.io": "openebs.io/nodename",
              "rancher.io/local-path": "kubernetes.io/hostname", "openebs.io/local": "kubernetes.io/hostname",
              "microk8s.io/hostpath": "kubernetes.io/hostname", "kubernetes.io/no-provisioner": "kubernetes.io/hostname"}
ZONAL_KEYS = {"ebs.csi.aws.com": "topology.kubernetes.io/zone", "pd.csi.storage.gke.io": "topology.gke.io/zone"}


class C:
    def __init__(s, iid, snap, seed, rt="containerd"):
        s.iid, s.snap_s = iid, snap
        s.snap = parse_ts(snap)
        s.r = random.Random(seed)
        s.rt = rt
        s.o = {p: [] for p in PLURALS}
        s.idx = {}
        s.nsage = {}
        s.aux = {}
        s.nodenet = {}
        s.ipused = set()
        s.svcips = set()
        s.svcnet = "10.96."
        s.rvn = 4000000 + seed * 7919
        s.workers = []
        s.omit = []
        s.truth = None
        s.domain = "cluster.local"

    # --- basics
    def ts(s, ago):
        return (s.snap - timedelta(seconds=int(ago))).strftime("%Y-%m-%dT%H:%M:%SZ")

    def ago(s, ts):
        return int((s.snap - parse_ts(ts)).total_seconds())

    def uid(s):
        return str(uuid.UUID(int=s.r.getrandbits(128), version=4))

    def sfx(s, n=5):
        return "".join(s.r.choice(ALPHA) for _ in range(n))

    def hexs(s, n):
        return "".join(s.r.choice("0123456789abcdef") for _ in range(n))

    def nrv(s):
        s.rvn += s.r.randint(3, 9000)
        return str(s.rvn)

    def meta(s, ns, name, ago, labels=None, ann=None, owner=None, gen=None):
        if ns is not None:
            ago = min(ago, s.nsage[ns])
        m = {"name": name, "uid": s.uid(), "resourceVersion": s.nrv(), "creationTimestamp": s.ts(ago)}
        if ns is not None:
            m["namespace"] = ns
        if labels:
            m["labels"] = dict(labels)
        if ann:
            m["annotations"] = dict(ann)
        if owner is not None:
            m["ownerReferences"] = [owner_ref(owner)]
        if gen is not None:
            m["generation"] = gen
        return m

    def add(s, pl, obj):
        kind, apiv, nsd = PLURALS[pl]
        obj.setdefault("apiVersion", apiv)
        obj.setdefault("kind", kind)
        key = (kind, obj["metadata"].get("namespace"), obj["metadata"]["name"])
        assert key not in s.idx, key
        s.idx[key] = obj
        s.o[pl].append(obj)
        return obj

    def get(s, kind, ns, name):
        return s.idx[(kind, ns, name)]

    def oago(s, o):
        return s.ago(o["metadata"]["creationTimestamp"])

    def crd(s, apiv, kind, name):
        return {"apiVersion": apiv, "kind": kind, "metadata": {"name": name, "uid": s.uid()}}

    # --- namespaces, nodes, config
    def ns(s, name, ago, labels=None, ann=None):
        s.nsage[name] = ago
        lab = {"kubernetes.io/metadata.name": name}
        lab.update(labels or {})
        s.add("namespaces", {"metadata": s.meta(None, name, ago, lab, ann), "spec": {"finalizers": ["kubernetes"]},
                             "status": {"phase": "Active"}})
        s.sa(name, "default", ago)
        s.cm(name, "kube-root-ca.crt", {"ca.crt": FAKE_CA}, ago, ann={"kubernetes.io/description": "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."})

    def sa(s, ns, name, ago=None, ann=None, labels=None, pull=None, automount=None):
        if ("ServiceAccount", ns, name) in s.idx:
            return s.idx[("ServiceAccount", ns, name)]
        o = {"metadata": s.meta(ns, name, ago if ago is not None else s.nsage[ns] - 60, labels, ann)}
        if pull:
            o["imagePullSecrets"] = [{"name": n} for n in pull]
        if automount is not None:
            o["automountServiceAccountToken"] = automount
        return s.add("serviceaccounts", o)

    def cm(s, ns, name, data, ago=None, labels=None, ann=None, owner=None):
        o = {"metadata": s.meta(ns, name, ago if ago is not None else s.nsage[ns] - 120, labels, ann, owner), "data": dict(data)}
        return s.add("configmaps", o)

    def secret(s, ns, name, keys, typ="Opaque", ago=None, labels=None, ann=None, owner=None, immutable=None):
        o = {"metadata": s.meta(ns, name, ago if ago is not None else s.nsage[ns] - 120, labels, ann, owner),
             "type": typ, "data": {k: "" for k in keys}}
        if immutable is not None:
            o["immutable"] = immutable
        return s.add("secrets", o)

    def helm(s, ns, rel, revs=1, ago=None, last_ago=None):
        ago = ago if ago is not None else s.nsage[ns] - 30
        last_ago = last_ago if last_ago is not None else ago
        for v in range(max(1, revs - 2), revs + 1):
            a = last_ago if v == revs else last_ago + (revs - v) * s.r.randint(2, 20) * D
            a = min(a, ago)
            s.secret(ns, "sh.helm.release.v1.%s.v%d" % (rel, v), ["release"], "helm.sh/release.v1", a,
                     {"modifiedAt": str(int((s.snap - timedelta(seconds=a)).timestamp())), "name": rel, "owner": "helm",
                      "status": "deployed" if v == revs else "superseded", "version": str(v)})

    def node(s, name, ip, podnet, role="worker", ago=200 * D, labels=None, ann=None, taints=None, cpu=8, mem_gi=32,
             osimg="Ubuntu 22.04.4 LTS", kernel="5.15.0-119-generic", kver="v1.30.4", rtv="containerd://1.7.20",
             cni_cond=None, boot_ago=None, provider=None, ready=True, alloc_cpu=None, alloc_mem=None, pods=110):
        lab = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
               "kubernetes.io/hostname": name, "kubernetes.io/os": "linux"}
        if role == "control-plane":
            lab["node-role.kubernetes.io/control-plane"] = ""
        lab.update(labels or {})
        boot = boot_ago if boot_ago is not None else min(ago, s.r.randint(8, 60) * D)
        capk = mem_gi * 1024 * 1024 - s.r.randint(200, 900) * 1024 // 4 * 4
        cap = {"cpu": str(cpu), "ephemeral-storage": "%dKi" % (s.r.choice([102626232, 205314024, 154685752])),
               "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": "%dKi" % capk, "pods": str(pods)}
        alloc = dict(cap)
        alloc["cpu"] = alloc_cpu or str(cpu)
        alloc["memory"] = alloc_mem or "%dKi" % (capk - 102400)
        alloc["ephemeral-storage"] = str(int(int(cap["ephemeral-storage"][:-2]) * 1024 * 0.9))
        hb = s.r.randint(5, 50)
        conds = []
        if cni_cond:
            conds.append({"lastHeartbeatTime": s.ts(boot - 20), "lastTransitionTime": s.ts(boot - 20), "message": cni_cond[1],
                          "reason": cni_cond[0], "status": "False", "type": "NetworkUnavailable"})
        conds += [
            {"lastHeartbeatTime": s.ts(hb), "lastTransitionTime": s.ts(boot), "message": "kubelet has sufficient memory available", "reason": "KubeletHasSufficientMemory", "status": "False", "type": "MemoryPressure"},
            {"lastHeartbeatTime": s.ts(hb), "lastTransitionTime": s.ts(boot), "message": "kubelet has no disk pressure", "reason": "KubeletHasNoDiskPressure", "status": "False", "type": "DiskPressure"},
            {"lastHeartbeatTime": s.ts(hb), "lastTransitionTime": s.ts(boot), "message": "kubelet has sufficient PID available", "reason": "KubeletHasSufficientPID", "status": "False", "type": "PIDPressure"},
            {"lastHeartbeatTime": s.ts(hb), "lastTransitionTime": s.ts(boot - 12), "message": "kubelet is posting ready status", "reason": "KubeletReady", "status": "True", "type": "Ready"}]
        a = {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
        a.update(ann or {})
        i = len(s.o["nodes"])
        spec = {"podCIDR": podnet + "0/24", "podCIDRs": [podnet + "0/24"]}
        if taints:
            spec["taints"] = taints
        if provider:
            spec["providerID"] = provider
        n = {"metadata": s.meta(None, name, ago, lab, a), "spec": spec, "status": {
            "addresses": [{"address": ip, "type": "InternalIP"}, {"address": name, "type": "Hostname"}],
            "allocatable": alloc, "capacity": cap, "conditions": conds,
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {"architecture": "amd64", "bootID": s.uid(), "containerRuntimeVersion": rtv, "kernelVersion": kernel,
                         "kubeProxyVersion": kver, "kubeletVersion": kver, "machineID": s.hexs(32), "operatingSystem": "linux",
                         "osImage": osimg, "systemUUID": s.uid().upper()}}}
        s.add("nodes", n)
        s.nodenet[name] = (podnet, ip)
        if role != "control-plane" and not taints:
            s.workers.append(name)
        return n

    def alloc_ip(s, node):
        net, _ = s.nodenet[node]
        while True:
            ip = net + str(s.r.randint(2, 250))
            if ip not in s.ipused:
                s.ipused.add(ip)
                return ip

    def svc_ip(s):
        while True:
            if s.svcnet.count(".") == 3:
                ip = s.svcnet + "%d" % s.r.randint(2, 254)
            else:
                ip = s.svcnet + "%d.%d" % (s.r.randint(0, 254 if s.svcnet != "34.118." else 239), s.r.randint(1, 254))
            if ip not in s.svcips and not ip.endswith(".0.1") and not ip.endswith(".0.10"):
                s.svcips.add(ip)
                return ip

    # --- pods
    def podspec(s, ctrs, sa="default", vols=None, init=None, tol=None, nsel=None, aff=None, pcn=None,
                restart="Always", hostnet=False, psc=None, extra=None, dns=None, grace=30):
        spec = {"containers": copy.deepcopy(ctrs), "dnsPolicy": dns or ("ClusterFirstWithHostNet" if hostnet else "ClusterFirst"),
                "restartPolicy": restart, "schedulerName": "default-scheduler", "securityContext": copy.deepcopy(psc or {}),
                "serviceAccount": sa, "serviceAccountName": sa, "terminationGracePeriodSeconds": grace}
        if vols:
            spec["volumes"] = copy.deepcopy(vols)
        if init:
            spec["initContainers"] = copy.deepcopy(init)
        if tol:
            spec["tolerations"] = copy.deepcopy(tol)
        if nsel:
            spec["nodeSelector"] = dict(nsel)
        if aff:
            spec["affinity"] = copy.deepcopy(aff)
        if pcn:
            spec["priorityClassName"] = pcn
        if hostnet:
            spec["hostNetwork"] = True
        if extra:
            spec.update(copy.deepcopy(extra))
        return spec

    def mkpod(s, ns, name, node, tspec, labels=None, ann=None, owner=None, ago=3 * D, kapi=True, dstol=False, prio=None):
        ago = min(ago, s.nsage[ns])
        spec = copy.deepcopy(tspec)
        spec["enableServiceLinks"] = True
        spec["preemptionPolicy"] = "PreemptLowerPriority"
        spec["priority"] = prio if prio is not None else PRIO.get(spec.get("priorityClassName"), 0)
        tol = spec.get("tolerations", [])
        extra = DS_TOL if dstol else DEFAULT_TOL
        for t in extra:
            if not any(x.get("key") == t["key"] and x.get("effect") == t["effect"] for x in tol):
                tol.append(copy.deepcopy(t))
        if dstol and spec.get("hostNetwork"):
            tol.append({"effect": "NoSchedule", "key": "node.kubernetes.io/network-unavailable", "operator": "Exists"})
        spec["tolerations"] = tol
        if kapi and spec.get("automountServiceAccountToken", True):
            vn = "kube-api-access-" + s.sfx(5)
            spec.setdefault("volumes", []).append(kapi_vol(vn))
            for c in spec["containers"] + spec.get("initContainers", []):
                c.setdefault("volumeMounts", []).append({"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": vn, "readOnly": True})
        if node:
            spec["nodeName"] = node
        p = {"metadata": s.meta(ns, name, ago, labels, ann, owner), "spec": spec, "status": {}}
        if isinstance(owner, dict) and owner.get("kind") == "Node":
            p["metadata"]["ownerReferences"][0]["controller"] = True
        s.add("pods", p)
        if node:
            s.run(p)
        return p

    def qos(s, p):
        cs = p["spec"]["containers"]
        if all(not c.get("resources") or (not c["resources"].get("requests") and not c["resources"].get("limits")) for c in cs):
            return "BestEffort"
        for c in cs:
            r = c.get("resources", {})
            lim, req = r.get("limits", {}), r.get("requests", {})
            if not lim.get("cpu") or not lim.get("memory"):
                return "Burstable"
            if req and (req.get("cpu", lim["cpu"]) != lim["cpu"] or req.get("memory", lim["memory"]) != lim["memory"]):
                return "Burstable"
        return "Guaranteed"

    def cst(s, c, start, ready=True, restarts=0, last=None, state=None, started=True):
        d = {"containerID": "%s://%s" % (s.rt, s.hexs(64)), "image": full_image(c["image"]), "imageID": image_id(c["image"]),
             "lastState": last or {}, "name": c["name"], "ready": ready, "restartCount": restarts, "started": started,
             "state": state or {"running": {"startedAt": s.ts(start)}}}
        return d

    def conds(s, sched, init, ready, rd=True, rd_reason=None, unready=None, init_ok=True, prtsc=True):
        out = [{"lastProbeTime": None, "lastTransitionTime": s.ts(init), "status": "True" if prtsc else "False", "type": "PodReadyToStartContainers"},
               {"lastProbeTime": None, "lastTransitionTime": s.ts(init), "status": "True" if init_ok else "False", "type": "Initialized"}]
        r = {"lastProbeTime": None, "lastTransitionTime": s.ts(ready), "status": "True" if rd else "False", "type": "Ready"}
        cr = dict(r, type="ContainersReady")
        if not rd:
            r["reason"] = cr["reason"] = rd_reason or "ContainersNotReady"
            r["message"] = cr["message"] = "containers with unready status: [%s]" % " ".join(unready or [])
        if not init_ok:
            r["reason"] = cr["reason"] = "PodInitializing" if False else rd_reason or "ContainersNotReady"
        out += [r, cr, {"lastProbeTime": None, "lastTransitionTime": s.ts(sched), "status": "True", "type": "PodScheduled"}]
        return out

    def run(s, p, start=None):
        created = s.oago(p)
        start = start if start is not None else max(created - s.r.randint(1, 4), 1)
        spec = p["spec"]
        st = {"phase": "Running", "qosClass": s.qos(p), "startTime": s.ts(start)}
        node = spec["nodeName"]
        hip = s.nodenet[node][1]
        st["hostIP"] = hip
        st["hostIPs"] = [{"ip": hip}]
        ip = hip if spec.get("hostNetwork") else (p["status"].get("podIP") or s.alloc_ip(node))
        st["podIP"] = ip
        st["podIPs"] = [{"ip": ip}]
        t = start
        if spec.get("initContainers"):
            ics = []
            for c in spec["initContainers"]:
                d = s.cst(c, t, ready=True, state={"terminated": {"containerID": "%s://%s" % (s.rt, s.hexs(64)), "exitCode": 0, "finishedAt": s.ts(max(t - 2, 0)), "reason": "Completed", "startedAt": s.ts(t)}}, started=False)
                ics.append(d)
                t = max(t - s.r.randint(1, 3), 0)
            st["initContainerStatuses"] = ics
        cstart = max(t - s.r.randint(1, 3), 0)
        st["containerStatuses"] = sorted([s.cst(c, cstart) for c in spec["containers"]], key=lambda d: d["name"])
        rdy = max(cstart - s.r.randint(3, 40), 0)
        st["conditions"] = s.conds(created, t, rdy)
        p["status"] = st
        return p

    def cs_of(s, p, cname):
        for d in p["status"]["containerStatuses"]:
            if d["name"] == cname:
                return d
        raise KeyError(cname)

    def _unready(s, p, since, reason="ContainersNotReady"):
        names = [d["name"] for d in p["status"]["containerStatuses"] if not d["ready"]]
        for c in p["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                if names:
                    c["status"] = "False"
                    c["reason"] = reason
                    c["message"] = "containers with unready status: [%s]" % " ".join(names)
                    c["lastTransitionTime"] = s.ts(since)

    def crash(s, p, cname, restarts, msg, exit=1, reason="Error", since=None, last_run=60, backoff="5m0s", lastend=None):
        d = s.cs_of(p, cname)
        lastend = lastend if lastend is not None else s.r.randint(20, 280)
        cid = d["containerID"]
        d["lastState"] = {"terminated": {"containerID": cid, "exitCode": exit, "finishedAt": s.ts(lastend), "reason": reason,
                                         "startedAt": s.ts(lastend + last_run)}}
        if msg:
            d["lastState"]["terminated"]["message"] = msg
        d["state"] = {"waiting": {"message": "back-off %s restarting failed container=%s pod=%s_%s(%s)" % (
            backoff, cname, p["metadata"]["name"], p["metadata"]["namespace"], p["metadata"]["uid"]), "reason": "CrashLoopBackOff"}}
        d["ready"], d["started"], d["restartCount"] = False, False, restarts
        s._unready(p, since if since is not None else lastend + last_run)
        return p

    def notready(s, p, cname, since, restarts=None):
        d = s.cs_of(p, cname)
        d["ready"] = False
        if restarts is not None:
            d["restartCount"] = restarts
        s._unready(p, since)
        return p

    def restarted(s, p, cname, count, reason="Error", exit=1, msg=None, ended=None):
        d = s.cs_of(p, cname)
        created = s.oago(p)
        ended = ended if ended is not None else s.r.randint(600, 20000)
        ended = max(min(ended, created - 90), 20)
        start = ended + min(s.r.randint(300, 40000), max(created - 5 - ended, 30))
        d["lastState"] = {"terminated": {"containerID": "%s://%s" % (s.rt, s.hexs(64)), "exitCode": exit, "finishedAt": s.ts(ended),
                                         "reason": reason, "startedAt": s.ts(start)}}
        if msg:
            d["lastState"]["terminated"]["message"] = msg
        d["restartCount"] = count
        if "running" in d["state"]:
            d["state"]["running"]["startedAt"] = s.ts(ended - 1)
            for cnd in p["status"]["conditions"]:
                if cnd["type"] in ("Ready", "ContainersReady") and cnd["status"] == "True":
                    cnd["lastTransitionTime"] = s.ts(max(ended - s.r.randint(8, 40), 1))
        return p

    def waiting(s, p, cname, reason, msg, restarts=0):
        d = s.cs_of(p, cname)
        d["state"] = {"waiting": {"message": msg, "reason": reason}} if msg else {"waiting": {"reason": reason}}
        d["ready"], d["started"], d["restartCount"] = False, False, restarts
        if reason in ("ImagePullBackOff", "ErrImagePull", "CreateContainerConfigError") and not restarts:
            p["status"]["phase"] = "Pending"
        if reason in ("ImagePullBackOff", "ErrImagePull", "ContainerCreating", "CreateContainerConfigError"):
            d.pop("containerID", None)
            d["imageID"] = ""
            d["image"] = [c for c in p["spec"]["containers"] if c["name"] == cname][0]["image"]
        s._unready(p, s.oago(p) - 3)
        return p

    def unsched(s, p, msg, since=None):
        since = since if since is not None else s.oago(p)
        s.ipused.discard(p["status"].get("podIP"))
        p["spec"].pop("nodeName", None)
        p["status"] = {"conditions": [{"lastProbeTime": None, "lastTransitionTime": s.ts(since), "message": msg,
                                       "reason": "Unschedulable", "status": "False", "type": "PodScheduled"}],
                       "phase": "Pending", "qosClass": s.qos(p)}
        return p

    def creating(s, p, since=None, init_wait=False):
        since = since if since is not None else s.oago(p) - 1
        s.ipused.discard(p["status"].get("podIP"))
        st = p["status"]
        st.pop("podIP", None)
        st.pop("podIPs", None)
        st["phase"] = "Pending"
        st["startTime"] = s.ts(since)
        names = [c["name"] for c in p["spec"]["containers"]]
        if p["spec"].get("initContainers"):
            st["initContainerStatuses"] = [{"image": c["image"], "imageID": "", "lastState": {}, "name": c["name"], "ready": False,
                                            "restartCount": 0, "started": False, "state": {"waiting": {"reason": "PodInitializing" if i else "PodInitializing"}}}
                                           for i, c in enumerate(p["spec"]["initContainers"])]
        st["containerStatuses"] = sorted([{"image": c["image"], "imageID": "", "lastState": {}, "name": c["name"], "ready": False,
                                           "restartCount": 0, "started": False, "state": {"waiting": {"reason": "ContainerCreating" if not p["spec"].get("initContainers") else "PodInitializing"}}}
                                          for c in p["spec"]["containers"]], key=lambda d: d["name"])
        init_ok = not p["spec"].get("initContainers")
        st["conditions"] = s.conds(since, since, since, rd=False, unready=sorted(names), init_ok=init_ok, prtsc=False)
        if not init_ok:
            for c in st["conditions"]:
                if c["type"] == "Initialized":
                    c["reason"] = "ContainersNotInitialized"
                    c["message"] = "containers with incomplete status: [%s]" % " ".join(x["name"] for x in p["spec"]["initContainers"])
        return p

    def finish(s, p, ok=True, exit=0, msg=None, dur=60, reason=None):
        st = p["status"]
        end = s.oago(p) - dur
        if end < 1:
            end = 1
        for d in st["containerStatuses"]:
            start = s.ago(d["state"]["running"]["startedAt"])
            t = {"containerID": d["containerID"], "exitCode": exit if not ok else 0, "finishedAt": s.ts(end),
                 "reason": reason or ("Completed" if ok else "Error"), "startedAt": s.ts(start)}
            if msg and not ok:
                t["message"] = msg
            d["state"] = {"terminated": t}
            d["ready"], d["started"] = False, False
        st["phase"] = "Succeeded" if ok else "Failed"
        for c in st["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["status"] = "False"
                c["reason"] = "PodCompleted" if ok else "PodFailed"
                c["lastTransitionTime"] = s.ts(end)
                c.pop("message", None)
            if c["type"] == "PodReadyToStartContainers":
                c["status"] = "False"
                c["lastTransitionTime"] = s.ts(max(end - 1, 0))
        return p

    def evict(s, p, msg, when):
        st = p["status"]
        st["phase"] = "Failed"
        st["reason"] = "Evicted"
        st["message"] = msg
        for d in st["containerStatuses"]:
            start = s.ago(d["state"]["running"]["startedAt"])
            d["state"] = {"terminated": {"exitCode": 137, "finishedAt": None, "message": "The container could not be located when the pod was terminated",
                                         "reason": "ContainerStatusUnknown", "startedAt": None}}
            d["lastState"] = {}
            d["ready"], d["started"] = False, False
        st["conditions"] = [{"lastProbeTime": None, "lastTransitionTime": s.ts(when), "message": msg.split(".")[0],
                             "reason": "TerminationByKubelet", "status": "True", "type": "DisruptionTarget"}] + [
            c for c in st["conditions"] if c["type"] != "PodReadyToStartContainers"]
        for c in st["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["status"] = "False"
                c["reason"] = "PodFailed"
                c["lastTransitionTime"] = s.ts(when)
                c.pop("message", None)
        return p

    # --- workloads
    def tpl(s, labels, spec, ann=None):
        t = {"metadata": {"creationTimestamp": None, "labels": dict(labels)}, "spec": spec}
        if ann:
            t["metadata"]["annotations"] = dict(ann)
        return t

    def deploy(s, ns, name, reps, ctrs, sel=None, labels=None, nodes=None, ago=None, rs_ago=None, sa="default", vols=None,
               init=None, tol=None, nsel=None, aff=None, pcn=None, ann=None, tann=None, rev=None, strategy=None,
               hostnet=False, psc=None, extra=None, tlabels=None, owner=None, pod_ago=None, hist=True, sa_create=True):
        ago = min(ago if ago is not None else s.nsage[ns] - s.r.randint(60, 3000), s.nsage[ns])
        sel = sel or {"app.kubernetes.io/name": name}
        labels = dict(labels) if labels is not None else dict(sel)
        rev = rev or s.r.randint(1, 6)
        rs_ago = min(rs_ago if rs_ago is not None else s.r.randint(3, 45) * D + s.r.randint(0, 80000), ago)
        if sa_create:
            s.sa(ns, sa, ago + 5 if ago + 5 <= s.nsage[ns] else ago)
        spec = s.podspec(ctrs, sa, vols, init, tol, nsel, aff, pcn, hostnet=hostnet, psc=psc, extra=extra)
        tl = dict(tlabels if tlabels is not None else labels)
        tl.update(sel)
        t = s.tpl(tl, spec, tann)
        a = {"deployment.kubernetes.io/revision": str(rev)}
        a.update(ann or {})
        dep = s.add("deployments", {"metadata": s.meta(ns, name, ago, labels, a, owner, gen=rev + s.r.randint(0, 2)), "spec": {
            "progressDeadlineSeconds": 600, "replicas": reps, "revisionHistoryLimit": 10, "selector": {"matchLabels": dict(sel)},
            "strategy": strategy or {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}, "type": "RollingUpdate"},
            "template": t}, "status": {}})
        maxr = reps + (reps + 3) // 4
        if rev > 1 and hist:
            h0 = s.sfx(s.r.choice([9, 10]))
            oago = min(ago, rs_ago + s.r.randint(2, 60) * D)
            ot = copy.deepcopy(t)
            ot["metadata"]["labels"]["pod-template-hash"] = h0
            s.add("replicasets", {"metadata": s.meta(ns, "%s-%s" % (name, h0), oago, dict(tl, **{"pod-template-hash": h0}),
                                                     {"deployment.kubernetes.io/desired-replicas": str(reps), "deployment.kubernetes.io/max-replicas": str(maxr),
                                                      "deployment.kubernetes.io/revision": str(rev - 1)}, dep, gen=2),
                                  "spec": {"replicas": 0, "selector": {"matchLabels": dict(sel, **{"pod-template-hash": h0})}, "template": ot}, "status": {}})
        h = s.sfx(s.r.choice([9, 10]))
        nt = copy.deepcopy(t)
        nt["metadata"]["labels"]["pod-template-hash"] = h
        rs = s.add("replicasets", {"metadata": s.meta(ns, "%s-%s" % (name, h), rs_ago, dict(tl, **{"pod-template-hash": h}),
                                                      {"deployment.kubernetes.io/desired-replicas": str(reps), "deployment.kubernetes.io/max-replicas": str(maxr),
                                                       "deployment.kubernetes.io/revision": str(rev)}, dep, gen=1),
                                   "spec": {"replicas": reps, "selector": {"matchLabels": dict(sel, **{"pod-template-hash": h})}, "template": nt}, "status": {}})
        nodes = nodes or s.workers
        off = s.r.randint(0, 7)
        pods = []
        for i in range(reps):
            pa = pod_ago if pod_ago is not None else max(rs_ago - s.r.randint(0, 90), 30)
            pods.append(s.mkpod(ns, "%s-%s-%s" % (name, h, s.sfx(5)), nodes[(i + off) % len(nodes)], spec,
                                dict(tl, **{"pod-template-hash": h}), tann, rs, pa))
        s.aux[dep["metadata"]["uid"]] = {"rs": rs}
        return dep, rs, pods

    def sts(s, ns, name, reps, ctrs, svc, sel=None, labels=None, nodes=None, ago=None, pod_ago=None, vct=(), sa="default",
            vols=None, init=None, tol=None, nsel=None, aff=None, pcn=None, ann=None, tann=None, owner=None, pmp="OrderedReady",
            psc=None, extra=None, tlabels=None, skip=(), gen=None, pvc_labels=None, pvc_ago=None, sa_create=True, upd=None):
        ago = min(ago if ago is not None else s.nsage[ns] - s.r.randint(60, 3000), s.nsage[ns])
        sel = sel or {"app.kubernetes.io/name": name}
        labels = dict(labels) if labels is not None else dict(sel)
        if sa_create:
            s.sa(ns, sa, ago)
        spec = s.podspec(ctrs, sa, vols, init, tol, nsel, aff, pcn, psc=psc, extra=extra)
        tl = dict(tlabels if tlabels is not None else labels)
        tl.update(sel)
        t = s.tpl(tl, spec, tann)
        vcts = []
        for v in vct:
            vname, scn, size = v[:3]
            acc = list(v[3]) if len(v) > 3 else ["ReadWriteOnce"]
            vcts.append({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"creationTimestamp": None, "name": vname},
                         "spec": {"accessModes": acc, "resources": {"requests": {"storage": size}}, "storageClassName": scn,
                                  "volumeMode": "Filesystem"}, "status": {"phase": "Pending"}})
        rev = "%s-%s" % (name, s.sfx(s.r.choice([9, 10])))
        sp = {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Retain", "whenScaled": "Retain"},
              "podManagementPolicy": pmp, "replicas": reps, "revisionHistoryLimit": 10, "selector": {"matchLabels": dict(sel)},
              "serviceName": svc, "template": t, "updateStrategy": upd or {"rollingUpdate": {"partition": 0}, "type": "RollingUpdate"}}
        if vcts:
            sp["volumeClaimTemplates"] = vcts
        g = gen or s.r.randint(1, 5)
        st = s.add("statefulsets", {"metadata": s.meta(ns, name, ago, labels, ann, owner, gen=g), "spec": sp,
                                    "status": {"collisionCount": 0, "currentRevision": rev, "observedGeneration": g, "updateRevision": rev}})
        nodes = nodes or s.workers
        off = s.r.randint(0, 7) if nodes is s.workers else 0
        pods, pvcs = [], []
        pa0 = pod_ago if pod_ago is not None else s.r.randint(2, 50) * D + s.r.randint(0, 80000)
        for i in range(reps):
            node = nodes[(i + off) % len(nodes)]
            claims = []
            for v in vct:
                cn = "%s-%s-%d" % (v[0], name, i)
                claims.append(v_pvc(v[0], cn))
                if ("PersistentVolumeClaim", ns, cn) not in s.idx:
                    pvcs.append(s.pvc(ns, cn, v[1], v[2], node, pvc_ago if pvc_ago is not None else min(ago, s.r.randint(pa0, pa0 + 200 * D)),
                                      labels=pvc_labels if pvc_labels is not None else sel, access=v[3] if len(v) > 3 else ("ReadWriteOnce",)))
            if i in skip:
                continue
            ps = copy.deepcopy(spec)
            ps["volumes"] = claims + ps.get("volumes", [])
            ps["hostname"] = "%s-%d" % (name, i)
            ps["subdomain"] = svc
            pl = dict(tl, **{"controller-revision-hash": rev, "statefulset.kubernetes.io/pod-name": "%s-%d" % (name, i),
                             "apps.kubernetes.io/pod-index": str(i)})
            pods.append(s.mkpod(ns, "%s-%d" % (name, i), node, ps, pl, tann, st, max(pa0 - i * s.r.randint(20, 70), 20)))
        return st, pods, pvcs

    def ds(s, ns, name, ctrs, sel=None, labels=None, sa="default", tol=None, nsel=None, hostnet=False, ago=None, gen=1,
           pod_ago=None, vols=None, init=None, pcn=None, ann=None, psc=None, extra=None, aff=None, tann=None, tlabels=None,
           old_gen_nodes=(), pod_ago_map=None, sa_create=True):
        ago = min(ago if ago is not None else s.nsage[ns] - s.r.randint(60, 3000), s.nsage[ns])
        sel = sel or {"app.kubernetes.io/name": name}
        labels = dict(labels) if labels is not None else dict(sel)
        if sa_create:
            s.sa(ns, sa, ago)
        spec = s.podspec(ctrs, sa, vols, init, tol, nsel, aff, pcn, hostnet=hostnet, psc=psc, extra=extra)
        tl = dict(tlabels if tlabels is not None else labels)
        tl.update(sel)
        t = s.tpl(tl, spec, tann)
        a = {"deprecated.daemonset.kubernetes.io/templateGeneration": str(gen)}
        a.update(ann or {})
        d = s.add("daemonsets", {"metadata": s.meta(ns, name, ago, labels, a, gen=gen), "spec": {
            "revisionHistoryLimit": 10, "selector": {"matchLabels": dict(sel)}, "template": t,
            "updateStrategy": {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}, "type": "RollingUpdate"}}, "status": {}})
        rev = s.sfx(s.r.choice([9, 10]))
        pods = []
        pa = pod_ago if pod_ago is not None else s.r.randint(2, 40) * D
        for n in s.o["nodes"]:
            if not node_fits(spec, n):
                continue
            nn = n["metadata"]["name"]
            ps = copy.deepcopy(spec)
            ps["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [nn]}]}]}}}
            g = gen - 1 if nn in old_gen_nodes else gen
            pl = dict(tl, **{"controller-revision-hash": rev if g == gen else s.sfx(10), "pod-template-generation": str(g)})
            this_ago = (pod_ago_map or {}).get(nn, pa + s.r.randint(0, 3000))
            this_ago = min(this_ago, s.oago(n))
            pods.append(s.mkpod(ns, "%s-%s" % (name, s.sfx(5)), nn, ps, pl, tann, d, this_ago, dstol=True))
        return d, pods

    def static(s, ns, base, node, ctrs, labels, vols=None, ago=None, pcn="system-node-critical"):
        nd = s.get("Node", None, node)
        h = s.hexs(32)
        ago = ago if ago is not None else min(s.ago(nd["status"]["conditions"][-1]["lastTransitionTime"]) + 30, s.oago(nd))
        spec = s.podspec(ctrs, vols=vols, tol=[{"effect": "NoExecute", "operator": "Exists"}], pcn=pcn, hostnet=True)
        del spec["serviceAccount"], spec["serviceAccountName"]
        ann = {"kubernetes.io/config.hash": h, "kubernetes.io/config.mirror": h,
               "kubernetes.io/config.seen": s.ts(ago + 5)[:-1] + ".%09dZ" % s.r.randint(0, 999999999), "kubernetes.io/config.source": "file"}
        p = s.mkpod(ns, "%s-%s" % (base, node), node, spec, labels, ann, nd, ago, kapi=False)
        p["spec"]["tolerations"] = [{"effect": "NoExecute", "operator": "Exists"}]
        return p

    def job(s, ns, name, ctrs, ago, outcome="complete", dur=60, owner=None, backoff=6, fails=0, fail_msg=None, sa="default",
            vols=None, labels=None, deadline=None, ttl=None, nodes=None, exit=1, psc=None, ann=None, tann=None,
            restart="Never", init=None, fail_reason="Error", extra=None, sa_create=True):
        ago = min(ago, s.nsage[ns])
        if sa_create:
            s.sa(ns, sa)
        md = s.meta(ns, name, ago, None, ann, owner, gen=1)
        u = md["uid"]
        jl = {"batch.kubernetes.io/controller-uid": u, "batch.kubernetes.io/job-name": name, "controller-uid": u, "job-name": name}
        md["labels"] = dict(labels or {}, **jl)
        spec = s.podspec(ctrs, sa, vols, init, psc=psc, restart=restart, extra=extra)
        t = s.tpl(dict(labels or {}, **jl), spec, tann)
        jsp = {"backoffLimit": backoff, "completionMode": "NonIndexed", "completions": 1, "manualSelector": False, "parallelism": 1,
               "podReplacementPolicy": "TerminatingOrFailed", "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": u}},
               "suspend": False, "template": t}
        if deadline:
            jsp["activeDeadlineSeconds"] = deadline
        if ttl is not None:
            jsp["ttlSecondsAfterFinished"] = ttl
        j = s.add("jobs", {"metadata": md, "spec": jsp, "status": {}})
        nodes = nodes or s.workers
        pods = []
        t0 = ago - 1
        nfail = backoff + 1 if outcome == "failed" else fails
        seq = ["fail"] * nfail + ({"complete": ["ok"], "running": ["run"]}.get(outcome, []))
        for k, what in enumerate(seq):
            p = s.mkpod(ns, "%s-%s" % (name, s.sfx(5)), s.r.choice(nodes), spec, dict(labels or {}, **jl), tann, j, max(t0, 2))
            if what == "ok":
                s.finish(p, True, dur=min(dur, max(t0 - 2, 1)))
                t0 -= dur
            elif what == "fail":
                d = min(dur, max(t0 - 2, 1))
                s.finish(p, False, exit, fail_msg, dur=d, reason=fail_reason)
                t0 -= d + 10 * (2 ** k)
            pods.append(p)
        st = {"startTime": s.ts(ago - 1), "terminating": 0, "uncountedTerminatedPods": {}, "ready": 0}
        if outcome == "complete":
            end = max(s.oago(pods[-1]) - dur, 1)
            st["completionTime"] = s.ts(end - 1)
            st["conditions"] = [{"lastProbeTime": s.ts(end - 1), "lastTransitionTime": s.ts(end - 1), "message": "Reached expected number of succeeded pods", "reason": "CompletionsReached", "status": "True", "type": "SuccessCriteriaMet"},
                                {"lastProbeTime": s.ts(end - 1), "lastTransitionTime": s.ts(end - 1), "message": "Reached expected number of succeeded pods", "reason": "CompletionsReached", "status": "True", "type": "Complete"}]
        elif outcome == "failed":
            end = max(s.oago(pods[-1]) - dur, 1) if pods else ago - 5
            st["conditions"] = [{"lastProbeTime": s.ts(end - 1), "lastTransitionTime": s.ts(end - 1), "message": "Job has reached the specified backoff limit", "reason": "BackoffLimitExceeded", "status": "True", "type": "FailureTarget"},
                                {"lastProbeTime": s.ts(end - 1), "lastTransitionTime": s.ts(end - 1), "message": "Job has reached the specified backoff limit", "reason": "BackoffLimitExceeded", "status": "True", "type": "Failed"}]
        elif outcome == "running":
            st["ready"] = 1
        j["status"] = st
        return j, pods

    def cron(s, ns, name, schedule, ctrs, runs, ago=None, sa="default", conc="Forbid", hist=(3, 1), suspend=False, vols=None,
             labels=None, backoff=6, dur=90, fail_msg=None, deadline=None, psc=None, tz=None, exit=1, init=None, tann=None, ann=None,
             starting=None):
        ago = min(ago if ago is not None else s.nsage[ns] - s.r.randint(60, 3000), s.nsage[ns])
        s.sa(ns, sa)
        spec = s.podspec(ctrs, sa, vols, init, psc=psc, restart="OnFailure" if False else "Never")
        jt = {"metadata": {"creationTimestamp": None}, "spec": {"backoffLimit": backoff, "template": s.tpl(labels or {}, spec, tann)}}
        if labels:
            jt["metadata"]["labels"] = dict(labels)
        if deadline:
            jt["spec"]["activeDeadlineSeconds"] = deadline
        sp = {"concurrencyPolicy": conc, "failedJobsHistoryLimit": hist[1], "jobTemplate": jt, "schedule": schedule,
              "successfulJobsHistoryLimit": hist[0], "suspend": suspend}
        if tz:
            sp["timeZone"] = tz
        if starting:
            sp["startingDeadlineSeconds"] = starting
        cj = s.add("cronjobs", {"metadata": s.meta(ns, name, ago, labels, ann, gen=1), "spec": sp, "status": {}})
        st = {}
        jobs = []
        for run_ago, outcome in sorted(runs, key=lambda x: -x[0]):
            run_ago = run_ago - (run_ago % 60) + int((s.snap.timestamp()) % 60)
            sched = int((s.snap - timedelta(seconds=run_ago)).timestamp())
            jn = "%s-%d" % (name, sched // 60)
            j, ps = s.job(ns, jn, ctrs, run_ago, outcome, dur, cj, backoff, 0, fail_msg, sa, vols, labels, deadline, None,
                          exit=exit, psc=psc, ann={"batch.kubernetes.io/cronjob-scheduled-timestamp": s.ts(run_ago)}, init=init, tann=tann)
            jobs.append((j, ps))
            st["lastScheduleTime"] = s.ts(run_ago)
            if outcome == "complete":
                st["lastSuccessfulTime"] = j["status"]["completionTime"]
            if outcome == "running":
                st.setdefault("active", []).append({"apiVersion": "batch/v1", "kind": "Job", "name": jn, "namespace": ns,
                                                    "resourceVersion": j["metadata"]["resourceVersion"], "uid": j["metadata"]["uid"]})
        cj["status"] = st
        return cj, jobs

    # --- services & networking
    def svc(s, ns, name, sel, ports, typ="ClusterIP", headless=False, labels=None, ann=None, pnr=False, ago=None, lb=None,
            itp=None, ext=None, cip=None, owner=None, etp=None):
        ago = min(ago if ago is not None else s.nsage[ns] - s.r.randint(60, 3000), s.nsage[ns])
        if ext:
            spec = {"externalName": ext, "sessionAffinity": "None", "type": "ExternalName"}
            if ports:
                spec["ports"] = [{"name": p[0], "port": p[1], "protocol": "TCP", "targetPort": p[2]} for p in ports]
            return s.add("services", {"metadata": s.meta(ns, name, ago, labels, ann, owner), "spec": spec, "status": {"loadBalancer": {}}})
        ip = "None" if headless else (cip or s.svc_ip())
        pl = []
        for p in ports:
            d = {"port": p[1], "protocol": p[3] if len(p) > 3 else "TCP", "targetPort": p[2]}
            if p[0]:
                d["name"] = p[0]
            if typ in ("NodePort", "LoadBalancer"):
                d["nodePort"] = s.r.randint(30000, 32700)
            pl.append(d)
        spec = {"clusterIP": ip, "clusterIPs": [ip], "internalTrafficPolicy": itp or "Cluster", "ipFamilies": ["IPv4"],
                "ipFamilyPolicy": "SingleStack", "ports": pl, "sessionAffinity": "None", "type": typ}
        if sel:
            spec["selector"] = dict(sel)
        if pnr:
            spec["publishNotReadyAddresses"] = True
        if typ == "LoadBalancer":
            spec["allocateLoadBalancerNodePorts"] = True
            spec["externalTrafficPolicy"] = etp or "Cluster"
        st = {"loadBalancer": {}}
        if lb:
            st = {"loadBalancer": {"ingress": [{"ip": lb, "ipMode": "VIP"} if lb[0].isdigit() else {"hostname": lb}]}}
        return s.add("services", {"metadata": s.meta(ns, name, ago, labels, ann, owner), "spec": spec, "status": st})

    def eps_manual(s, ns, name, subsets, labels=None, ann=None, ago=None):
        ago = min(ago if ago is not None else s.nsage[ns] - 100, s.nsage[ns])
        o = {"metadata": s.meta(ns, name, ago, labels, ann)}
        if subsets:
            o["subsets"] = subsets
        s.aux.setdefault("manual_eps", []).append(o)
        return s.add("endpoints", o)

    def netpol(s, ns, name, podsel, ingress=None, egress=None, types=None, ago=None, labels=None, ann=None):
        ago = min(ago if ago is not None else s.nsage[ns] - s.r.randint(100, 5000), s.nsage[ns])
        spec = {"podSelector": podsel or {}}
        if types is None:
            types = (["Ingress"] if ingress is not None else []) + (["Egress"] if egress is not None else [])
        spec["policyTypes"] = types
        if ingress is not None:
            spec["ingress"] = ingress
        if egress is not None:
            spec["egress"] = egress
        return s.add("networkpolicies", {"metadata": s.meta(ns, name, ago, labels, ann, gen=1), "spec": spec})

    def quota(s, ns, name, hard, ago=None, labels=None, ann=None):
        ago = min(ago if ago is not None else s.nsage[ns] - 200, s.nsage[ns])
        return s.add("resourcequotas", {"metadata": s.meta(ns, name, ago, labels, ann), "spec": {"hard": dict(hard)}, "status": {}})

    def ingress(s, ns, name, host, svc, port, cls="nginx", tls=None, ago=None, lb=None, ann=None, labels=None):
        ago = min(ago if ago is not None else s.nsage[ns] - 500, s.nsage[ns])
        spec = {"ingressClassName": cls, "rules": [{"host": host, "http": {"paths": [{"backend": {"service": {"name": svc, "port": {"number": port} if isinstance(port, int) else {"name": port}}}, "path": "/", "pathType": "Prefix"}]}}]}
        if tls:
            spec["tls"] = [{"hosts": [host], "secretName": tls}]
        st = {"loadBalancer": {"ingress": [{"ip": lb}]}} if lb else {"loadBalancer": {}}
        return s.add("ingresses", {"metadata": s.meta(ns, name, ago, labels, ann, gen=1), "spec": spec, "status": st})

    # --- storage
    def sc(s, name, prov, params=None, binding="WaitForFirstConsumer", reclaim="Delete", default=False, expand=True, mopts=None,
           ago=200 * D, labels=None, ann=None, topo=None):
        a = dict(ann or {})
        if default:
            a["storageclass.kubernetes.io/is-default-class"] = "true"
        o = {"metadata": s.meta(None, name, ago, labels, a or None), "provisioner": prov, "reclaimPolicy": reclaim,
             "volumeBindingMode": binding, "allowVolumeExpansion": expand}
        if params:
            o["parameters"] = dict(params)
        if mopts:
            o["mountOptions"] = list(mopts)
        if topo:
            o["allowedTopologies"] = topo
        return s.add("storageclasses", o)

    def pv_source(s, prov, pvname, ns, claim, sc):
        p = (sc or {}).get("parameters", {})
        if prov.endswith("rbd.csi.ceph.com"):
            u = s.uid()
            return {"csi": {"controllerExpandSecretRef": {"name": p.get("csi.storage.k8s.io/controller-expand-secret-name", "rook-csi-rbd-provisioner"), "namespace": p.get("csi.storage.k8s.io/controller-expand-secret-namespace", "rook-ceph")},
                            "driver": prov, "fsType": p.get("csi.storage.k8s.io/fstype", "ext4"),
                            "nodeStageSecretRef": {"name": p.get("csi.storage.k8s.io/node-stage-secret-name", "rook-csi-rbd-node"), "namespace": p.get("csi.storage.k8s.io/node-stage-secret-namespace", "rook-ceph")},
                            "volumeAttributes": {"clusterID": p.get("clusterID", "rook-ceph"), "imageFeatures": p.get("imageFeatures", "layering"), "imageFormat": "2",
                                                 "imageName": "csi-vol-" + u, "journalPool": p.get("pool", "replicapool"), "pool": p.get("pool", "replicapool"),
                                                 "storage.kubernetes.io/csiProvisionerIdentity": "1717000000000-%d-%s" % (s.r.randint(1000, 9999), prov)},
                            "volumeHandle": "0001-0009-rook-ceph-0000000000000002-" + u}}
        if prov == "driver.longhorn.io":
            return {"csi": {"driver": prov, "fsType": p.get("fsType", "ext4"), "volumeAttributes": {
                "dataEngine": "v1", "dataLocality": p.get("dataLocality", "disabled"), "disableRevisionCounter": "true", "fromBackup": "",
                "fsType": p.get("fsType", "ext4"), "numberOfReplicas": p.get("numberOfReplicas", "3"), "staleReplicaTimeout": "30",
                "storage.kubernetes.io/csiProvisionerIdentity": "1716000000000-%d-driver.longhorn.io" % s.r.randint(1000, 9999)}, "volumeHandle": pvname}}
        if prov in ("rancher.io/local-path", "microk8s.io/hostpath"):
            base = "/var/lib/rancher/k3s/storage" if prov.startswith("rancher") else "/var/snap/microk8s/common/default-storage"
            if s.aux.get("localpath_base"):
                base = s.aux["localpath_base"]
            return {"hostPath": {"path": "%s/%s_%s_%s" % (base, pvname, ns, claim), "type": "DirectoryOrCreate"}}
        if prov == "openebs.io/local":
            return {"local": {"fsType": "", "path": "/var/openebs/local/" + pvname}}
        if prov.startswith("cluster.local/nfs") or prov.endswith("nfs-subdir-external-provisioner"):
            return {"nfs": {"path": "%s/%s-%s-%s" % (s.aux.get("nfs_path", "/srv/nfs/k8s"), ns, claim, pvname), "server": s.aux.get("nfs_server", "10.20.0.15")}}
        h = {"csi.vsphere.vmware.com": lambda: s.uid(), "ebs.csi.aws.com": lambda: "vol-0" + s.hexs(16),
             "pd.csi.storage.gke.io": lambda: "projects/%s/zones/%s/disks/%s" % (s.aux.get("gcp_project", "prod"), s.aux.get("zone_of_pv", "us-central1-a"), pvname),
             "disk.csi.azure.com": lambda: "/subscriptions/%s/resourceGroups/mc_prod-rg_prod-aks_westeurope/providers/Microsoft.Compute/disks/%s" % (s.aux.get("az_sub", "0b5d2c1e-6f8a-4a3b-9c7d-2e1f0a9b8c7d"), pvname),
             "dobs.csi.digitalocean.com": lambda: s.uid()}.get(prov, lambda: s.uid())()
        attrs = {"storage.kubernetes.io/csiProvisionerIdentity": "1716%09d-%d-%s" % (s.r.randint(0, 999999999), s.r.randint(1000, 9999), prov)}
        if prov == "csi.vsphere.vmware.com":
            attrs["type"] = "vSphere CNS Block Volume"
        if prov in ("topolvm.io", "local.csi.openebs.io"):
            h = s.uid() if prov == "topolvm.io" else pvname
            if prov == "local.csi.openebs.io":
                attrs["openebs.io/cas-type"] = "localpv-lvm"
                attrs["openebs.io/volgroup"] = p.get("volgroup", "lvmvg")
        return {"csi": {"driver": prov, "fsType": p.get("csi.storage.k8s.io/fstype", p.get("fsType", "ext4")), "volumeAttributes": attrs, "volumeHandle": h}}

    def pvc(s, ns, name, scn, size, node=None, ago=None, labels=None, owner=None, access=("ReadWriteOnce",), bound=True,
            ann=None, pv_node=None, pv_ago=None):
        ago = min(ago if ago is not None else s.nsage[ns] - 200, s.nsage[ns])
        sc = s.idx.get(("StorageClass", None, scn)) if scn else None
        prov = sc["provisioner"] if sc else None
        a = {}
        if bound:
            a.update({"pv.kubernetes.io/bind-completed": "yes", "pv.kubernetes.io/bound-by-controller": "yes"})
        if prov and prov != "kubernetes.io/no-provisioner":
            a.update({"volume.beta.kubernetes.io/storage-provisioner": prov, "volume.kubernetes.io/storage-provisioner": prov})
        if sc and sc["volumeBindingMode"] == "WaitForFirstConsumer" and node:
            a["volume.kubernetes.io/selected-node"] = node
        a.update(ann or {})
        md = s.meta(ns, name, ago, labels, a or None, owner)
        md["finalizers"] = ["kubernetes.io/pvc-protection"]
        o = {"metadata": md, "spec": {"accessModes": list(access), "resources": {"requests": {"storage": size}},
                                      "storageClassName": scn, "volumeMode": "Filesystem"}, "status": {"phase": "Pending"}}
        if scn is None:
            del o["spec"]["storageClassName"]
        s.add("persistentvolumeclaims", o)
        if bound:
            s.mkpv(o, sc, pv_node or node, pv_ago if pv_ago is not None else max(ago - s.r.randint(2, 9), 1))
        return o

    def mkpv(s, pvc, sc, node, ago, name=None, source=None, reclaim=None, ann=None, labels=None, affinity=None):
        ns, cn = pvc["metadata"]["namespace"], pvc["metadata"]["name"]
        name = name or "pvc-" + pvc["metadata"]["uid"]
        prov = sc["provisioner"] if sc else None
        size = pvc["spec"]["resources"]["requests"]["storage"]
        spec = {"accessModes": list(pvc["spec"]["accessModes"]), "capacity": {"storage": size},
                "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": cn, "namespace": ns,
                             "resourceVersion": pvc["metadata"]["resourceVersion"], "uid": pvc["metadata"]["uid"]},
                "persistentVolumeReclaimPolicy": reclaim or (sc["reclaimPolicy"] if sc else "Retain"), "volumeMode": "Filesystem"}
        if pvc["spec"].get("storageClassName"):
            spec["storageClassName"] = pvc["spec"]["storageClassName"]
        spec.update(source or s.pv_source(prov, name, ns, cn, sc))
        if sc and sc.get("mountOptions"):
            spec["mountOptions"] = list(sc["mountOptions"])
        key = LOCAL_KEYS.get(prov)
        if affinity:
            spec["nodeAffinity"] = affinity
        elif key and node:
            val = s.get("Node", None, node)["metadata"]["labels"].get(key, node)
            spec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": key, "operator": "In", "values": [val]}]}]}}
        elif prov in ZONAL_KEYS and node:
            key = ZONAL_KEYS[prov]
            val = s.get("Node", None, node)["metadata"]["labels"][key]
            spec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": key, "operator": "In", "values": [val]}]}]}}
        a = {"pv.kubernetes.io/provisioned-by": prov} if prov and prov != "kubernetes.io/no-provisioner" else {}
        if prov and "csi" in prov or prov in ("topolvm.io", "driver.longhorn.io"):
            a["volume.kubernetes.io/provisioner-deletion-secret-name"] = ""
            a["volume.kubernetes.io/provisioner-deletion-secret-namespace"] = ""
        a.update(ann or {})
        md = s.meta(None, name, ago, labels, a or None)
        md["finalizers"] = ["kubernetes.io/pv-protection"] + (["external-provisioner.volume.kubernetes.io/finalizer"] if prov and "." in prov and "/" not in prov else [])
        pv = s.add("persistentvolumes", {"metadata": md, "spec": spec, "status": {"lastPhaseTransitionTime": s.ts(max(ago - 1, 0)), "phase": "Bound"}})
        pvc["spec"]["volumeName"] = name
        pvc["status"] = {"accessModes": list(pvc["spec"]["accessModes"]), "capacity": {"storage": size}, "phase": "Bound"}
        pvc["metadata"].setdefault("annotations", {}).update({"pv.kubernetes.io/bind-completed": "yes"})
        return pv

    # --- events
    def ev(s, obj, reason, msg, typ="Normal", count=1, first=None, last=None, comp="kubelet", host=None, field=None, action=None):
        md = obj["metadata"]
        kind = obj["kind"]
        ns = md.get("namespace") or "default"
        last = last if last is not None else s.r.randint(20, 1500)
        first = first if first is not None else last
        if md.get("namespace"):
            first = min(first, s.nsage[ns])
        inv = {"apiVersion": obj["apiVersion"], "kind": kind, "name": md["name"], "resourceVersion": md["resourceVersion"], "uid": md["uid"]}
        if md.get("namespace"):
            inv["namespace"] = ns
        if kind == "Node" and comp == "kubelet":
            inv["uid"] = md["name"]
            inv.pop("resourceVersion")
        if field:
            inv["fieldPath"] = field
        nano = int((s.snap - timedelta(seconds=first)).timestamp()) * 10 ** 9 + s.r.randint(0, 10 ** 9 - 1)
        e = {"metadata": {"name": "%s.%x" % (md["name"], nano), "namespace": ns, "uid": s.uid(), "resourceVersion": s.nrv(),
                          "creationTimestamp": s.ts(first)},
             "involvedObject": inv, "reason": reason, "message": msg, "type": typ, "count": count,
             "firstTimestamp": s.ts(first), "lastTimestamp": s.ts(last), "eventTime": None, "reportingComponent": comp,
             "reportingInstance": host or "", "source": {"component": comp}}
        if host:
            e["source"]["host"] = host
        if action:
            e["action"] = action
        return s.add("events", e)

    def start_events(s, p, pulled=None):
        node = p["spec"].get("nodeName")
        a = s.oago(p)
        s.ev(p, "Scheduled", "Successfully assigned %s/%s to %s" % (p["metadata"]["namespace"], p["metadata"]["name"], node),
             comp="default-scheduler", first=a, last=a)
        for c in p["spec"].get("initContainers", []) + p["spec"]["containers"]:
            f = "spec.initContainers{%s}" % c["name"] if c in p["spec"].get("initContainers", []) else "spec.containers{%s}" % c["name"]
            s.ev(p, "Pulled", 'Container image "%s" already present on machine' % c["image"], first=a - 1, last=a - 1, host=node, field=f)
            s.ev(p, "Created", "Created container %s" % c["name"], first=a - 1, last=a - 1, host=node, field=f)
            s.ev(p, "Started", "Started container %s" % c["name"], first=a - 2, last=a - 2, host=node, field=f)

    # --- finalize / write
    def finalize(s):
        o = s.o
        pods, nodes = o["pods"], o["nodes"]
        nb = {n["metadata"]["name"]: n for n in nodes}
        for rs in o["replicasets"]:
            rs["status"] = rs_status(rs, pods)
        for d in o["deployments"]:
            c = deploy_counts(d, o["replicasets"], pods)
            reps = d["spec"]["replicas"]
            st = {"observedGeneration": d["metadata"]["generation"], "replicas": c["replicas"], "updatedReplicas": c["updatedReplicas"]}
            if c["readyReplicas"]:
                st["readyReplicas"] = c["readyReplicas"]
                st["availableReplicas"] = c["availableReplicas"]
            unav = max(reps, c["replicas"]) - c["availableReplicas"]
            if unav > 0:
                st["unavailableReplicas"] = unav
            rs = s.aux[d["metadata"]["uid"]]["rs"]
            rname = rs["metadata"]["name"]
            ok = c["availableReplicas"] >= reps - reps // 4
            since = s.aux[d["metadata"]["uid"]].get("since")
            if since is None and not ok:
                ts_ = [s.ago(cn["lastTransitionTime"]) for p_ in pods if owned_by(p_, rs["metadata"]["uid"]) and active(p_)
                       for cn in p_["status"].get("conditions", []) if cn["type"] in ("Ready", "PodScheduled") and cn["status"] == "False"]
                since = min(ts_) if ts_ else None
            av_t = s.ts(since) if (since and not ok) else s.ts(min(s.oago(d), s.oago(rs)) - 30)
            prog_reason = s.aux[d["metadata"]["uid"]].get("progress")
            st["conditions"] = [
                {"lastTransitionTime": av_t, "lastUpdateTime": av_t,
                 "message": "Deployment has minimum availability." if ok else "Deployment does not have minimum availability.",
                 "reason": "MinimumReplicasAvailable" if ok else "MinimumReplicasUnavailable", "status": "True" if ok else "False", "type": "Available"}]
            pt = s.ts(max(s.oago(rs) - 40, 0))
            if prog_reason == "ProgressDeadlineExceeded":
                st["conditions"].append({"lastTransitionTime": s.ts(max(s.oago(rs) - 600, 0)), "lastUpdateTime": s.ts(max(s.oago(rs) - 600, 0)),
                                         "message": 'ReplicaSet "%s" has timed out progressing.' % rname, "reason": "ProgressDeadlineExceeded",
                                         "status": "False", "type": "Progressing"})
            elif c["readyReplicas"] >= reps and c["updatedReplicas"] == reps:
                st["conditions"].append({"lastTransitionTime": s.ts(min(s.oago(d), s.oago(rs))), "lastUpdateTime": pt,
                                         "message": 'ReplicaSet "%s" has successfully progressed.' % rname, "reason": "NewReplicaSetAvailable",
                                         "status": "True", "type": "Progressing"})
            else:
                st["conditions"].append({"lastTransitionTime": s.ts(s.oago(rs)), "lastUpdateTime": s.ts(s.oago(rs)),
                                         "message": 'ReplicaSet "%s" is progressing.' % rname, "reason": "ReplicaSetUpdated",
                                         "status": "True", "type": "Progressing"})
            d["status"] = st
        for st in o["statefulsets"]:
            c = sts_counts(st, pods)
            for k in ("replicas", "availableReplicas"):
                st["status"][k] = c[k]
            for k in ("readyReplicas", "currentReplicas", "updatedReplicas"):
                if c[k]:
                    st["status"][k] = c[k]
                else:
                    st["status"].pop(k, None)
        for d in o["daemonsets"]:
            c = ds_counts(d, pods, nodes)
            if not c["numberUnavailable"]:
                del c["numberUnavailable"]
            if not c["numberAvailable"]:
                del c["numberAvailable"]
            c["observedGeneration"] = d["metadata"]["generation"]
            d["status"] = c
        for j in o["jobs"]:
            c = job_counts(j, pods)
            for k, v in c.items():
                if v:
                    j["status"][k] = v
        # endpoints + slices
        for sv in list(o["services"]):
            if sv["spec"].get("type") == "ExternalName" or not sv["spec"].get("selector"):
                continue
            ns, name = sv["metadata"]["namespace"], sv["metadata"]["name"]
            subsets = compute_subsets(sv, pods)
            lab = dict(sv["metadata"].get("labels", {}))
            if sv["spec"].get("clusterIP") == "None":
                lab["service.kubernetes.io/headless"] = ""
            trig = s.ts(s.r.randint(60, min(s.oago(sv), 40 * D)))
            eo = {"metadata": s.meta(ns, name, s.oago(sv), lab or None, {"endpoints.kubernetes.io/last-change-trigger-time": trig})}
            if subsets:
                eo["subsets"] = subsets
            s.add("endpoints", eo)
            eps, ports = slice_body(subsets, nb)
            sl = dict(lab, **{"endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io", "kubernetes.io/service-name": name})
            md = s.meta(ns, "%s-%s" % (name, s.sfx(5)), s.oago(sv), sl, {"endpoints.kubernetes.io/last-change-trigger-time": trig}, sv, gen=s.r.randint(1, 30))
            md["generateName"] = name + "-"
            s.add("endpointslices", {"metadata": md, "addressType": "IPv4", "endpoints": eps, "ports": ports})
        for eo in s.aux.get("manual_eps", []):
            ns, name = eo["metadata"]["namespace"], eo["metadata"]["name"]
            sv = s.idx.get(("Service", ns, name))
            if not sv or not eo.get("subsets"):
                continue
            if (eo["metadata"].get("labels") or {}).get("endpointslice.kubernetes.io/skip-mirror") and name != "kubernetes":
                continue
            eps, ports = slice_body(eo["subsets"], nb, mirrored=True)
            if name == "kubernetes" and ns == "default":
                md = s.meta(ns, "kubernetes", s.oago(sv), {"kubernetes.io/service-name": "kubernetes"})
                md["generation"] = 1
            else:
                lab = dict(eo["metadata"].get("labels", {}))
                lab.update({"endpointslice.kubernetes.io/managed-by": "endpointslicemirroring-controller.k8s.io", "kubernetes.io/service-name": name})
                md = s.meta(ns, "%s-%s" % (name, s.sfx(5)), s.oago(eo), lab, None, sv, gen=s.r.randint(1, 40))
                md["generateName"] = name + "-"
            s.add("endpointslices", {"metadata": md, "addressType": "IPv4", "endpoints": eps, "ports": ports})
        for q in o["resourcequotas"]:
            q["status"] = {"hard": dict(q["spec"]["hard"]), "used": quota_used(q, o)}

    def write(s, root):
        d = os.path.join(root, s.iid)
        os.makedirs(d, exist_ok=True)
        for pl, items in s.o.items():
            if pl in s.omit:
                assert not items, (s.iid, pl)
                continue
            items = sorted(items, key=lambda x: (x["metadata"].get("namespace", ""), x["metadata"]["name"]))
            doc = {"apiVersion": "v1", "kind": "List", "items": items, "metadata": {"resourceVersion": ""}}
            with open(os.path.join(d, pl + ".json"), "w") as f:
                f.write(json.dumps(doc, indent=4, sort_keys=True, ensure_ascii=False) + "\n")
        with open(os.path.join(d, "snapshot_time.txt"), "w") as f:
            f.write(s.snap_s + "\n")
        with open(os.path.join(d, "truth.json"), "w") as f:
            f.write(json.dumps(s.truth, indent=2, sort_keys=True) + "\n")


# ---------------------------------------------------------------- platforms
def R(n):
    return "registry.k8s.io/" + n


def sysdeploy(c, ns, name, reps, ctrs, sel, sa, pcn="system-cluster-critical", tol=None, nodes=None, **kw):
    return c.deploy(ns, name, reps, ctrs, sel=sel, sa=sa, pcn=pcn, tol=tol if tol is not None else [{"key": "CriticalAddonsOnly", "operator": "Exists"}] + TOL_CP, nodes=nodes, **kw)


def coredns(c, ns="kube-system", name="coredns", image=R("coredns/coredns:v1.11.1"), reps=2, cm="coredns", corefile=None,
            k3s=False, dns_ip=None, svcname="kube-dns", labels=None, nodes=None, extra_cm=None):
    cf = corefile or COREFILE
    data = {"Corefile": cf}
    if k3s:
        data["NodeHosts"] = "".join("%s %s\n" % (c.nodenet[n["metadata"]["name"]][1], n["metadata"]["name"]) for n in c.o["nodes"])
    c.cm(ns, cm, data, labels=labels)
    vols = [v_cm("config-volume", cm, [("Corefile", "Corefile")] + ([("NodeHosts", "NodeHosts")] if k3s else []))]
    mounts = [("config-volume", "/etc/coredns", True)]
    if k3s:
        vols.append({"name": "custom-config-volume", "configMap": {"defaultMode": 420, "name": "coredns-custom", "optional": True}})
        mounts.append(("custom-config-volume", "/etc/coredns/custom", True))
    cc = ctr("coredns", image, [("dns", 53), ("dns-tcp", 53), ("metrics", 9153)], ("100m", "70Mi"), (None, "170Mi"),
             args=["-conf", "/etc/coredns/Corefile"], mounts=mounts, udp=("dns",),
             live=http("/health", 8080, 60, 10, 5, 5), ready=http("/ready", 8181, 0, 10, 3, 1),
             sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]}, "readOnlyRootFilesystem": True})
    d = sysdeploy(c, ns, name, reps, [cc], {"k8s-app": "kube-dns"}, "coredns", vols=vols, nsel={"kubernetes.io/os": "linux"}, nodes=nodes,
                  labels=labels or {"k8s-app": "kube-dns"}, tlabels={"k8s-app": "kube-dns"})
    c.svc(ns, svcname, {"k8s-app": "kube-dns"}, [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP"), ("metrics", 9153, 9153, "TCP")],
          cip=dns_ip, labels={"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"},
          ann={"prometheus.io/port": "9153", "prometheus.io/scrape": "true"})
    return d


COREFILE = """.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30
    loop
    reload
    loadbalance
}
"""
K3S_COREFILE = """.:53 {
    errors
    health
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
      pods insecure
      fallthrough in-addr.arpa ip6.arpa
    }
    hosts /etc/coredns/NodeHosts {
      ttl 60
      reload 15s
      fallthrough
    }
    prometheus :9153
    forward . /etc/resolv.conf
    cache 30
    loop
    reload
    loadbalance
    import /etc/coredns/custom/*.override
}
import /etc/coredns/custom/*.server
"""


def metrics_server(c, ns="kube-system", name="metrics-server", image=R("metrics-server/metrics-server:v0.7.1"), extra_args=()):
    cc = ctr("metrics-server", image, [("https", 10250)], ("100m", "200Mi"),
             args=["--cert-dir=/tmp", "--secure-port=10250", "--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname",
                   "--kubelet-use-node-status-port", "--metric-resolution=15s"] + list(extra_args),
             mounts=[("tmp-dir", "/tmp")], live=http("/livez", "https", 0, 10, scheme="HTTPS"), ready=http("/readyz", "https", 20, 10, scheme="HTTPS"),
             sc={"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "runAsUser": 1000})
    d = sysdeploy(c, ns, name, 1, [cc], {"k8s-app": "metrics-server"}, "metrics-server", vols=[v_empty("tmp-dir")], tol=[])
    c.svc(ns, name, {"k8s-app": "metrics-server"}, [("https", 443, "https")], labels={"k8s-app": "metrics-server"})
    return d


def control_plane(c, cp, ver, img=None, etcd=True, etcd_img=R("etcd:3.5.12-0")):
    ip = c.nodenet[cp][1]
    img = img or (lambda n: R("%s:%s" % (n, ver)))
    if etcd:
        c.static("kube-system", "etcd", cp, [ctr("etcd", etcd_img, req=("100m", "100Mi"), cmd=["etcd", "--advertise-client-urls=https://%s:2379" % ip, "--cert-file=/etc/kubernetes/pki/etcd/server.crt", "--client-cert-auth=true", "--data-dir=/var/lib/etcd", "--listen-client-urls=https://127.0.0.1:2379,https://%s:2379" % ip, "--name=%s" % cp, "--snapshot-count=10000"],
                                                     mounts=[("etcd-data", "/var/lib/etcd"), ("etcd-certs", "/etc/kubernetes/pki/etcd")],
                                                     live=http("/health?exclude=NOSPACE&serializable=true", 2381, 10, 10, 8, 15))],
                 {"component": "etcd", "tier": "control-plane"}, [v_host("etcd-certs", "/etc/kubernetes/pki/etcd", "DirectoryOrCreate"), v_host("etcd-data", "/var/lib/etcd", "DirectoryOrCreate")])
    c.static("kube-system", "kube-apiserver", cp, [ctr("kube-apiserver", img("kube-apiserver"), req=("250m", None), cmd=["kube-apiserver", "--advertise-address=%s" % ip, "--allow-privileged=true", "--authorization-mode=Node,RBAC", "--enable-admission-plugins=NodeRestriction", "--etcd-servers=https://127.0.0.1:2379", "--secure-port=6443", "--service-cluster-ip-range=%s0.0/%s" % (c.svcnet, "12" if c.svcnet == "10.96." else "16")],
                                                          mounts=[("k8s-certs", "/etc/kubernetes/pki", True)],
                                                          live=http("/livez", 6443, 10, 10, 8, 15, "HTTPS"), ready=http("/readyz", 6443, 0, 1, 3, 15, "HTTPS"))],
             {"component": "kube-apiserver", "tier": "control-plane"}, [v_host("k8s-certs", "/etc/kubernetes/pki", "DirectoryOrCreate")])
    c.static("kube-system", "kube-controller-manager", cp, [ctr("kube-controller-manager", img("kube-controller-manager"), req=("200m", None), cmd=["kube-controller-manager", "--allocate-node-cidrs=true", "--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf", "--bind-address=127.0.0.1", "--cluster-cidr=%s" % c.aux.get("podcidr", "10.244.0.0/16"), "--leader-elect=true", "--use-service-account-credentials=true"],
                                                                    mounts=[("kubeconfig", "/etc/kubernetes/controller-manager.conf", True)], live=http("/healthz", 10257, 10, 10, 8, 15, "HTTPS"))],
             {"component": "kube-controller-manager", "tier": "control-plane"}, [v_host("kubeconfig", "/etc/kubernetes/controller-manager.conf", "FileOrCreate")])
    c.static("kube-system", "kube-scheduler", cp, [ctr("kube-scheduler", img("kube-scheduler"), req=("100m", None), cmd=["kube-scheduler", "--authentication-kubeconfig=/etc/kubernetes/scheduler.conf", "--bind-address=127.0.0.1", "--kubeconfig=/etc/kubernetes/scheduler.conf", "--leader-elect=true"],
                                                          mounts=[("kubeconfig", "/etc/kubernetes/scheduler.conf", True)], live=http("/healthz", 10259, 10, 10, 8, 15, "HTTPS"))],
             {"component": "kube-scheduler", "tier": "control-plane"}, [v_host("kubeconfig", "/etc/kubernetes/scheduler.conf", "FileOrCreate")])


def kube_proxy(c, image, ns="kube-system"):
    c.cm(ns, "kube-proxy", {"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: %s\nmode: \"%s\"\n" % (c.aux.get("podcidr", "10.244.0.0/16"), c.aux.get("proxymode", "iptables")),
                            "kubeconfig.conf": "apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://%s:6443\n  name: default\n" % c.aux.get("apiendpoint", "10.0.0.10")}, labels={"app": "kube-proxy"})
    return c.ds(ns, "kube-proxy", [ctr("kube-proxy", image, cmd=["/usr/local/bin/kube-proxy", "--config=/var/lib/kube-proxy/config.conf", "--hostname-override=$(NODE_NAME)"],
                                       env=[("NODE_NAME", ("field", "spec.nodeName"))], mounts=[("kube-proxy", "/var/lib/kube-proxy"), ("xtables-lock", "/run/xtables.lock"), ("lib-modules", "/lib/modules", True)],
                                       sc={"privileged": True})],
                {"k8s-app": "kube-proxy"}, sa="kube-proxy", tol=TOL_ALL, nsel={"kubernetes.io/os": "linux"}, hostnet=True, pcn="system-node-critical",
                vols=[v_cm("kube-proxy", "kube-proxy"), v_host("xtables-lock", "/run/xtables.lock", "FileOrCreate"), v_host("lib-modules", "/lib/modules")])


def cni(c, kind, ver=None):
    if kind in ("calico", "canal-mk8s"):
        v = ver or "v3.27.3"
        c.cm("kube-system", "calico-config", {"calico_backend": "bird", "cni_network_config": "{\n  \"name\": \"k8s-pod-network\",\n  \"cniVersion\": \"0.3.1\"\n}", "typha_service_name": "none", "veth_mtu": "0"})
        node = ctr("calico-node", "docker.io/calico/node:" + v, req=("250m", None), env=[("DATASTORE_TYPE", "kubernetes"), ("WAIT_FOR_DATASTORE", "true"), ("NODENAME", ("field", "spec.nodeName")), ("CALICO_NETWORKING_BACKEND", ("cm", "calico-config", "calico_backend")), ("CLUSTER_TYPE", "k8s,bgp"), ("IP", "autodetect"), ("CALICO_IPV4POOL_IPIP", "Always"), ("CALICO_IPV4POOL_CIDR", c.aux.get("podcidr", "10.244.0.0/16")), ("FELIX_DEFAULTENDPOINTTOHOSTACTION", "ACCEPT"), ("FELIX_HEALTHENABLED", "true")],
                   mounts=[("lib-modules", "/lib/modules", True), ("var-run-calico", "/var/run/calico"), ("var-lib-calico", "/var/lib/calico"), ("cni-net-dir", "/host/etc/cni/net.d")],
                   live=execp(["/bin/calico-node", "-felix-live", "-bird-live"], 10, 10, 6, 10), ready=execp(["/bin/calico-node", "-felix-ready", "-bird-ready"], 0, 10, 3, 10), sc={"privileged": True})
        init = [ctr("upgrade-ipam", "docker.io/calico/cni:" + v, cmd=["/opt/cni/bin/calico-ipam", "-upgrade"], mounts=[("host-local-net-dir", "/var/lib/cni/networks"), ("cni-bin-dir", "/host/opt/cni/bin")], sc={"privileged": True}),
                ctr("install-cni", "docker.io/calico/cni:" + v, cmd=["/opt/cni/bin/install"], env=[("CNI_CONF_NAME", "10-calico.conflist"), ("CNI_NETWORK_CONFIG", ("cm", "calico-config", "cni_network_config"))], mounts=[("cni-bin-dir", "/host/opt/cni/bin"), ("cni-net-dir", "/host/etc/cni/net.d")], sc={"privileged": True}),
                ctr("mount-bpffs", "docker.io/calico/node:" + v, cmd=["calico-node", "-init", "-best-effort"], mounts=[("sys-fs", "/sys/fs"), ("bpffs", "/sys/fs/bpf")], sc={"privileged": True})]
        vols = [v_host("lib-modules", "/lib/modules"), v_host("var-run-calico", "/var/run/calico"), v_host("var-lib-calico", "/var/lib/calico"), v_host("cni-net-dir", "/etc/cni/net.d"),
                v_host("cni-bin-dir", "/opt/cni/bin"), v_host("host-local-net-dir", "/var/lib/cni/networks"), v_host("sys-fs", "/sys/fs/", "DirectoryOrCreate"), v_host("bpffs", "/sys/fs/bpf", "Directory")]
        c.ds("kube-system", "calico-node", [node], {"k8s-app": "calico-node"}, sa="calico-node", tol=TOL_ALL, nsel={"kubernetes.io/os": "linux"}, hostnet=True,
             pcn="system-node-critical", init=init, vols=vols, extra={"terminationGracePeriodSeconds": 0})
        sysdeploy(c, "kube-system", "calico-kube-controllers", 1, [ctr("calico-kube-controllers", "docker.io/calico/kube-controllers:" + v, env=[("ENABLED_CONTROLLERS", "node"), ("DATASTORE_TYPE", "kubernetes")],
                                                                          live=execp(["/usr/bin/check-status", "-l"], 10, 10, 6, 10), ready=execp(["/usr/bin/check-status", "-r"], 0, 10, 3, 1))],
                  {"k8s-app": "calico-kube-controllers"}, "calico-kube-controllers", strategy={"type": "Recreate"}, labels={"k8s-app": "calico-kube-controllers"})
        return ("CalicoIsUp", "Calico is running on this node")
    if kind == "cilium":
        v = ver or "v1.15.7"
        c.cm("kube-system", "cilium-config", {"cluster-name": "default", "cluster-pool-ipv4-cidr": c.aux.get("podcidr", "10.244.0.0/16"), "enable-ipv4": "true", "ipam": "kubernetes", "kube-proxy-replacement": "true", "routing-mode": "tunnel", "tunnel-protocol": "vxlan", "enable-hubble": "true", "enable-policy": "default"})
        agent = ctr("cilium-agent", "quay.io/cilium/cilium:%s" % v, cmd=["cilium-agent"], args=["--config-dir=/tmp/cilium/config-map"],
                    env=[("K8S_NODE_NAME", ("field", "spec.nodeName")), ("CILIUM_K8S_NAMESPACE", ("field", "metadata.namespace")), ("KUBERNETES_SERVICE_HOST", c.aux.get("apiendpoint", "10.0.0.10")), ("KUBERNETES_SERVICE_PORT", "6443")],
                    mounts=[("cilium-run", "/var/run/cilium"), ("bpf-maps", "/sys/fs/bpf"), ("cilium-config-path", "/tmp/cilium/config-map", True), ("lib-modules", "/lib/modules", True), ("xtables-lock", "/run/xtables.lock")],
                    live=http("/healthz", 9879, 0, 30, 10, 5), ready=http("/healthz", 9879, 0, 30, 3, 5), startup=http("/healthz", 9879, 5, 2, 105, 1),
                    sc={"capabilities": {"add": ["CHOWN", "KILL", "NET_ADMIN", "NET_RAW", "IPC_LOCK", "SYS_MODULE", "SYS_ADMIN", "SYS_RESOURCE", "DAC_OVERRIDE", "FOWNER", "SETGID", "SETUID"], "drop": ["ALL"]}, "seLinuxOptions": {"level": "s0", "type": "spc_t"}})
        init = [ctr("config", "quay.io/cilium/cilium:%s" % v, cmd=["cilium-dbg", "build-config"], env=[("K8S_NODE_NAME", ("field", "spec.nodeName"))], mounts=[("tmp", "/tmp")]),
                ctr("mount-cgroup", "quay.io/cilium/cilium:%s" % v, cmd=["sh", "-ec", "cp /usr/bin/cilium-mount /hostbin/cilium-mount;\nnsenter --cgroup=/hostproc/1/ns/cgroup --mount=/hostproc/1/ns/mnt \"${BIN_PATH}/cilium-mount\" $CGROUP_ROOT;\nrm /hostbin/cilium-mount\n"], env=[("CGROUP_ROOT", "/run/cilium/cgroupv2"), ("BIN_PATH", "/opt/cni/bin")], mounts=[("hostproc", "/hostproc"), ("cni-path", "/hostbin")]),
                ctr("clean-cilium-state", "quay.io/cilium/cilium:%s" % v, cmd=["/init-container.sh"], mounts=[("bpf-maps", "/sys/fs/bpf"), ("cilium-run", "/var/run/cilium")]),
                ctr("install-cni-binaries", "quay.io/cilium/cilium:%s" % v, cmd=["/install-plugin.sh"], req=("100m", "10Mi"), mounts=[("cni-path", "/host/opt/cni/bin")])]
        vols = [v_empty("tmp"), v_host("cilium-run", "/var/run/cilium", "DirectoryOrCreate"), v_host("bpf-maps", "/sys/fs/bpf", "DirectoryOrCreate"), v_host("hostproc", "/proc", "Directory"),
                v_host("cni-path", "/opt/cni/bin", "DirectoryOrCreate"), v_host("lib-modules", "/lib/modules"), v_host("xtables-lock", "/run/xtables.lock", "FileOrCreate"), v_cm("cilium-config-path", "cilium-config")]
        c.ds("kube-system", "cilium", [agent], {"k8s-app": "cilium"}, labels={"app.kubernetes.io/name": "cilium-agent", "app.kubernetes.io/part-of": "cilium", "k8s-app": "cilium"},
             sa="cilium", tol=TOL_ALL, nsel={"kubernetes.io/os": "linux"}, hostnet=True, pcn="system-node-critical", init=init, vols=vols)
        sysdeploy(c, "kube-system", "cilium-operator", 1, [ctr("cilium-operator", "quay.io/cilium/operator-generic:%s" % v, cmd=["cilium-operator-generic"], args=["--config-dir=/tmp/cilium/config-map", "--debug=$(CILIUM_DEBUG)"],
                                                                env=[("K8S_NODE_NAME", ("field", "spec.nodeName")), ("CILIUM_K8S_NAMESPACE", ("field", "metadata.namespace")), ("CILIUM_DEBUG", ("cm", "cilium-config", "debug"))],
                                                                mounts=[("cilium-config-path", "/tmp/cilium/config-map", True)], live=http("/healthz", 9234, 60, 10, 3, 3))],
                  {"io.cilium/app": "operator", "name": "cilium-operator"}, "cilium-operator", tol=TOL_ALL, hostnet=True, vols=[v_cm("cilium-config-path", "cilium-config")],
                  labels={"app.kubernetes.io/name": "cilium-operator", "app.kubernetes.io/part-of": "cilium", "io.cilium/app": "operator", "name": "cilium-operator"})
        c.get("ConfigMap", "kube-system", "cilium-config")["data"]["debug"] = "false"
        return ("CiliumIsUp", "Cilium is running on this node")
    if kind == "flannel":
        c.ns("kube-flannel", c.nsage["kube-system"] - 400, {"k8s-app": "flannel", "pod-security.kubernetes.io/enforce": "privileged"})
        c.cm("kube-flannel", "kube-flannel-cfg", {"cni-conf.json": "{\n  \"name\": \"cbr0\",\n  \"cniVersion\": \"0.3.1\",\n  \"plugins\": [\n    {\n      \"type\": \"flannel\",\n      \"delegate\": {\n        \"hairpinMode\": true,\n        \"isDefaultGateway\": true\n      }\n    },\n    {\n      \"type\": \"portmap\",\n      \"capabilities\": {\n        \"portMappings\": true\n      }\n    }\n  ]\n}\n",
                                                  "net-conf.json": "{\n  \"Network\": \"%s\",\n  \"EnableNFTables\": false,\n  \"Backend\": {\n    \"Type\": \"vxlan\"\n  }\n}\n" % c.aux.get("podcidr", "10.244.0.0/16")},
             labels={"app": "flannel", "k8s-app": "flannel", "tier": "node"})
        v = ver or "v0.25.5"
        c.ds("kube-flannel", "kube-flannel-ds", [ctr("kube-flannel", "docker.io/flannel/flannel:" + v, cmd=["/opt/bin/flanneld"], args=["--ip-masq", "--kube-subnet-mgr"], req=("100m", "50Mi"),
                                                    env=[("POD_NAME", ("field", "metadata.name")), ("POD_NAMESPACE", ("field", "metadata.namespace")), ("EVENT_QUEUE_DEPTH", "5000")],
                                                    mounts=[("run", "/run/flannel"), ("flannel-cfg", "/etc/kube-flannel/"), ("xtables-lock", "/run/xtables.lock")],
                                                    sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False})],
             {"app": "flannel"}, labels={"app": "flannel", "k8s-app": "flannel", "tier": "node"}, sa="flannel", tol=[{"effect": "NoSchedule", "operator": "Exists"}],
             hostnet=True, pcn="system-node-critical",
             init=[ctr("install-cni-plugin", "docker.io/flannel/flannel-cni-plugin:v1.5.1-flannel1", cmd=["cp"], args=["-f", "/flannel", "/opt/cni/bin/flannel"], mounts=[("cni-plugin", "/opt/cni/bin")]),
                   ctr("install-cni", "docker.io/flannel/flannel:" + v, cmd=["cp"], args=["-f", "/etc/kube-flannel/cni-conf.json", "/etc/cni/net.d/10-flannel.conflist"], mounts=[("cni", "/etc/cni/net.d"), ("flannel-cfg", "/etc/kube-flannel/")])],
             vols=[v_host("run", "/run/flannel"), v_host("cni-plugin", "/opt/cni/bin"), v_host("cni", "/etc/cni/net.d"), v_cm("flannel-cfg", "kube-flannel-cfg"), v_host("xtables-lock", "/run/xtables.lock", "FileOrCreate")],
             aff={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "kubernetes.io/os", "operator": "In", "values": ["linux"]}]}]}}})
        return ("FlannelIsUp", "Flannel is running on this node")
    if kind == "antrea":
        v = ver or "v2.0.1"
        c.cm("kube-system", "antrea-config", {"antrea-agent.conf": "featureGates:\n  AntreaProxy: true\n  EndpointSlice: true\ntrafficEncapMode: encap\nnoSNAT: false\ntunnelType: geneve\nserviceCIDR: %s0.0/12\n" % c.svcnet,
                                              "antrea-controller.conf": "featureGates:\n  Traceflow: true\n  AntreaPolicy: true\n"}, labels={"app": "antrea"})
        c.ds("kube-system", "antrea-agent", [ctr("antrea-agent", "antrea/antrea-agent-ubuntu:" + v, cmd=["antrea-agent"], args=["--config=/etc/antrea/antrea-agent.conf", "--logtostderr=false", "--log_dir=/var/log/antrea", "--alsologtostderr", "--log_file_max_size=100", "--log_file_max_num=4"],
                                                 req=("200m", None), ports=[("api", 10350)], env=[("POD_NAME", ("field", "metadata.name")), ("NODE_NAME", ("field", "spec.nodeName"))],
                                                 mounts=[("antrea-config", "/etc/antrea/antrea-agent.conf", True), ("host-var-run-antrea", "/var/run/antrea")],
                                                 live=http("/livez", "api", 10, 10, 5, 5, "HTTPS"), ready=http("/readyz", "api", 5, 10, 5, 5, "HTTPS"), sc={"privileged": True}),
                                             ctr("antrea-ovs", "antrea/antrea-agent-ubuntu:" + v, cmd=["start_ovs"], req=("200m", None), mounts=[("host-var-run-antrea", "/var/run/openvswitch")],
                                                 live=execp(["/bin/sh", "-c", "timeout 10 container_liveness_probe ovs"], 5, 10, 5, 10), sc={"capabilities": {"add": ["SYS_NICE", "NET_ADMIN", "SYS_ADMIN", "IPC_LOCK"]}})],
             {"app": "antrea", "component": "antrea-agent"}, sa="antrea-agent", tol=TOL_ALL, nsel={"kubernetes.io/os": "linux"}, hostnet=True, pcn="system-node-critical",
             init=[ctr("install-cni", "antrea/antrea-agent-ubuntu:" + v, cmd=["install_cni"], req=("100m", None), mounts=[("host-cni-conf", "/host/etc/cni/net.d"), ("host-cni-bin", "/host/opt/cni/bin")], sc={"capabilities": {"add": ["SYS_MODULE"]}})],
             vols=[v_cm("antrea-config", "antrea-config"), v_host("host-var-run-antrea", "/var/run/antrea", "DirectoryOrCreate"), v_host("host-cni-conf", "/etc/cni/net.d"), v_host("host-cni-bin", "/opt/cni/bin")])
        sysdeploy(c, "kube-system", "antrea-controller", 1, [ctr("antrea-controller", "antrea/antrea-controller-ubuntu:" + v, cmd=["antrea-controller"], args=["--config=/etc/antrea/antrea-controller.conf"],
                                                                  req=("200m", None), ports=[("api", 10349)], mounts=[("antrea-config", "/etc/antrea/antrea-controller.conf", True)],
                                                                  live=http("/livez", "api", 10, 10, 5, 5, "HTTPS"), ready=http("/readyz", "api", 5, 10, 5, 5, "HTTPS"))],
                  {"app": "antrea", "component": "antrea-controller"}, "antrea-controller", hostnet=True, vols=[v_cm("antrea-config", "antrea-config")], strategy={"type": "Recreate"})
        return None
    if kind == "canal":
        v = "v3.28.1-build20240806"
        c.cm("kube-system", "rke2-canal-config", {"canal_iface": "", "cni_network_config": "{\n  \"name\": \"k8s-pod-network\"\n}", "masquerade": "true", "net-conf.json": "{\n  \"Network\": \"%s\",\n  \"Backend\": {\n    \"Type\": \"vxlan\"\n  }\n}\n" % c.aux.get("podcidr", "10.42.0.0/16"), "veth_mtu": "1450"})
        c.ds("kube-system", "rke2-canal", [ctr("calico-node", "rancher/hardened-calico:" + v, req=("250m", None), env=[("DATASTORE_TYPE", "kubernetes"), ("USE_POD_CIDR", "true"), ("WAIT_FOR_DATASTORE", "true"), ("NODENAME", ("field", "spec.nodeName")), ("CALICO_NETWORKING_BACKEND", "none"), ("CLUSTER_TYPE", "k8s,canal"), ("FELIX_IPTABLESREFRESHINTERVAL", "60"), ("IP", ""), ("FELIX_HEALTHENABLED", "true")],
                                               mounts=[("lib-modules", "/lib/modules", True), ("var-run-calico", "/var/run/calico")], live=http("/liveness", 9099, 10, 10, 6, 1), ready=http("/readiness", 9099, 0, 10, 3, 1), sc={"privileged": True}),
                                           ctr("kube-flannel", "rancher/hardened-flannel:v0.25.6-build20240910", cmd=["/opt/bin/flanneld", "--ip-masq", "--kube-subnet-mgr"], env=[("POD_NAME", ("field", "metadata.name")), ("POD_NAMESPACE", ("field", "metadata.namespace")), ("FLANNELD_IFACE", ("cm", "rke2-canal-config", "canal_iface")), ("FLANNELD_IP_MASQ", ("cm", "rke2-canal-config", "masquerade"))],
                                               mounts=[("run", "/run"), ("flannel-cfg", "/etc/kube-flannel/"), ("xtables-lock", "/run/xtables.lock")], sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}})],
             {"k8s-app": "canal"}, labels={"k8s-app": "canal", "app.kubernetes.io/managed-by": "Helm"}, sa="canal", tol=TOL_ALL, nsel={"kubernetes.io/os": "linux"}, hostnet=True, pcn="system-node-critical",
             init=[ctr("install-cni", "rancher/hardened-calico:" + v, cmd=["/opt/cni/bin/install"], env=[("CNI_CONF_NAME", "10-canal.conflist"), ("CNI_NETWORK_CONFIG", ("cm", "rke2-canal-config", "cni_network_config"))], mounts=[("cni-bin-dir", "/host/opt/cni/bin"), ("cni-net-dir", "/host/etc/cni/net.d")], sc={"privileged": True}),
                   ctr("flexvol-driver", "rancher/hardened-calico:" + v, cmd=["/usr/local/bin/flexvol.sh", "-s", "/usr/local/bin/flexvol", "-i", "flexvoldriver"], mounts=[("flexvol-driver-host", "/host/driver")], sc={"privileged": True})],
             vols=[v_host("lib-modules", "/lib/modules"), v_host("var-run-calico", "/var/run/calico"), v_host("run", "/run"), v_cm("flannel-cfg", "rke2-canal-config"), v_host("xtables-lock", "/run/xtables.lock", "FileOrCreate"),
                   v_host("cni-bin-dir", "/opt/cni/bin"), v_host("cni-net-dir", "/etc/cni/net.d"), v_host("flexvol-driver-host", "/var/lib/kubelet/volumeplugins/nodeagent~uds", "DirectoryOrCreate")])
        c.helm("kube-system", "rke2-canal", 2)
        return ("CalicoIsUp", "Calico is running on this node")
    raise ValueError(kind)


# Platform table -------------------------------------------------------------
PLAT = {
    "kubeadm": dict(ver="v1.30.4", os="Ubuntu 22.04.4 LTS", kernel="5.15.0-119-generic", rtv="containerd://1.7.20", svc="10.96.", pod="10.244.", dns="10.96.0.10"),
    "kubeadm129": dict(ver="v1.29.8", os="Rocky Linux 9.4 (Blue Onyx)", kernel="5.14.0-427.28.1.el9_4.x86_64", rtv="containerd://1.7.19", svc="10.96.", pod="10.244.", dns="10.96.0.10"),
    "k3s": dict(ver="v1.30.5+k3s1", os="Ubuntu 24.04.1 LTS", kernel="6.8.0-45-generic", rtv="containerd://1.7.21-k3s2", svc="10.43.", pod="10.42.", dns="10.43.0.10"),
    "rke2": dict(ver="v1.29.9+rke2r1", os="SUSE Linux Enterprise Server 15 SP5", kernel="5.14.21-150500.55.73-default", rtv="containerd://1.7.21-k3s2", svc="10.43.", pod="10.42.", dns="10.43.0.10"),
    "talos": dict(ver="v1.30.3", os="Talos (v1.7.6)", kernel="6.6.43-talos", rtv="containerd://1.7.18", svc="10.96.", pod="10.244.", dns="10.96.0.10"),
    "microk8s": dict(ver="v1.29.4", os="Ubuntu 22.04.4 LTS", kernel="5.15.0-117-generic", rtv="containerd://1.6.28", svc="10.152.183.", pod="10.1.", dns="10.152.183.10"),
    "openshift": dict(ver="v1.28.11+add48d0", os="Red Hat Enterprise Linux CoreOS 415.92.202407091355-0 (Plow)", kernel="5.14.0-284.73.1.el9_2.x86_64", rtv="cri-o://1.28.8-7.rhaos4.15.git0a8b3d5.el9", svc="172.30.", pod="10.128.", dns="172.30.0.10"),
    "eks": dict(ver="v1.30.2-eks-1552ad0", os="Amazon Linux 2023.5.20240819", kernel="6.1.102-111.182.amzn2023.x86_64", rtv="containerd://1.7.20", svc="10.100.", pod="10.0.", dns="10.100.0.10"),
    "gke": dict(ver="v1.30.4-gke.1348000", os="Container-Optimized OS from Google", kernel="6.1.100+", rtv="containerd://1.7.22", svc="10.120.", pod="10.72.", dns="10.120.0.10"),
    "aks": dict(ver="v1.29.7", os="Ubuntu 22.04.4 LTS", kernel="5.15.0-1071-azure", rtv="containerd://1.7.20-1", svc="10.0.", pod="10.244.", dns="10.0.0.10"),
    "doks": dict(ver="v1.30.4", os="Debian GNU/Linux 12 (bookworm)", kernel="6.1.0-25-amd64", rtv="containerd://1.6.33", svc="10.245.", pod="10.244.", dns="10.245.0.10"),
}


def cluster(c, kind, cps, workers, age=420 * D, cni_kind=None, infra="baremetal", net="10.20.30.", wl=None, wtaints=None,
            cpu=8, mem=32, wcpu=None, wmem=None, boot=None, node_age=None, variant=None, extra_labels=None):
    """Create base namespaces, nodes and the platform's own system pods."""
    P = dict(PLAT[variant or kind])
    c.svcnet = P["svc"]
    c.aux["podcidr"] = P["pod"] + "0.0/16"
    for nsn in ("default", "kube-system", "kube-public", "kube-node-lease"):
        c.ns(nsn, age)
    c.aux["kind"] = kind
    wl, wtaints, node_age, boot = wl or {}, wtaints or {}, node_age or {}, boot or {}
    allnodes = [(n, "control-plane") for n in cps] + [(n, "worker") for n in workers]
    cond = {"calico": ("CalicoIsUp", "Calico is running on this node"), "cilium": ("CiliumIsUp", "Cilium is running on this node"),
            "flannel": ("FlannelIsUp", "Flannel is running on this node"), "canal": ("CalicoIsUp", "Calico is running on this node")}.get(cni_kind)
    zones = c.aux.get("zones")
    for i, (n, role) in enumerate(allnodes):
        ip = net + str(11 + i) if not n.startswith("ip-") else ".".join(n.split(".")[0][3:].split("-"))
        labels = dict((extra_labels or {}).get(n, {}))
        taints = None
        if role == "control-plane":
            if kind in ("kubeadm", "talos", "rke2"):
                taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}]
                if kind == "kubeadm":
                    labels["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
                if kind == "rke2":
                    labels.update({"node-role.kubernetes.io/etcd": "true", "node-role.kubernetes.io/master": "true", "node-role.kubernetes.io/control-plane": "true"})
                    taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "value": "true"}, {"effect": "NoExecute", "key": "node-role.kubernetes.io/etcd", "value": "true"}]
            if kind == "openshift":
                labels.update({"node-role.kubernetes.io/master": "", "node.openshift.io/os_id": "rhcos"})
                taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master"}]
            if kind == "k3s":
                labels.update({"node-role.kubernetes.io/master": "true", "node-role.kubernetes.io/control-plane": "true", "node.kubernetes.io/instance-type": "k3s"})
        else:
            if kind == "openshift":
                labels.update({"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos"})
            if kind == "k3s":
                labels["node.kubernetes.io/instance-type"] = "k3s"
            if kind == "rke2":
                labels["node.kubernetes.io/instance-type"] = "rke2"
            if kind == "microk8s":
                labels["node.kubernetes.io/microk8s-controlplane"] = "microk8s-controlplane"
        if zones:
            z = zones[i % len(zones)]
            labels.update({"topology.kubernetes.io/zone": z, "topology.kubernetes.io/region": z[:-2] if kind != "aks" else z.rsplit("-", 1)[0], "failure-domain.beta.kubernetes.io/zone": z})
            labels.update(c.aux.get("cloudlabels", lambda n, z, role: {})(n, z, role))
        labels.update(wl.get(n, {}))
        if n in wtaints:
            taints = (taints or []) + wtaints[n]
        ann = {}
        if kind == "kubeadm" or kind == "talos":
            ann["kubeadm.alpha.kubernetes.io/cri-socket"] = "unix:///var/run/containerd/containerd.sock"
        if cni_kind == "calico":
            ann.update({"projectcalico.org/IPv4Address": ip + "/24", "projectcalico.org/IPv4IPIPTunnelAddr": P["pod"] + "%d.0" % i})
        if cni_kind == "flannel":
            ann.update({"flannel.alpha.coreos.com/backend-type": "vxlan", "flannel.alpha.coreos.com/kube-subnet-manager": "true", "flannel.alpha.coreos.com/public-ip": ip})
        if kind == "k3s":
            ann.update({"k3s.io/hostname": n, "k3s.io/internal-ip": ip, "k3s.io/node-args": "[\"%s\"]" % ("server" if role == "control-plane" else "agent")})
        if kind == "rke2":
            ann.update({"rke2.io/hostname": n, "rke2.io/internal-ip": ip, "rke2.io/node-args": "[\"%s\"]" % ("server" if role == "control-plane" else "agent")})
        pn = P["pod"] + "%d." % (i + (1 if kind not in ("eks",) else 32 + i * 3))
        if kind == "microk8s":
            pn = P["pod"] + "%d." % (40 + i * 7)
        ncpu = (wcpu or {}).get(n, cpu)
        nmem = (wmem or {}).get(n, mem)
        c.node(n, ip, pn, role, node_age.get(n, age - 3600 * (i + 1)), labels, ann, taints, ncpu, nmem, P["os"], P["kernel"], P["ver"], P["rtv"],
               cond, boot.get(n), provider=c.aux.get("provider", lambda n, i: None)(n, i),
               alloc_cpu=c.aux.get("alloccpu", {}).get(ncpu), alloc_mem=None)
    cp_ips = [c.nodenet[n][1] for n in cps] or [c.aux.get("apiendpoint", "10.0.0.10")]
    c.aux.setdefault("apiendpoint", cp_ips[0])
    c.svc("default", "kubernetes", None, [("https", 443, 6443 if kind not in ("eks", "gke", "aks", "doks") else 443)], cip=P["svc"] + "0.1" if P["svc"].count(".") == 2 else P["svc"] + "1",
          labels={"component": "apiserver", "provider": "kubernetes"}, ago=age)
    c.eps_manual("default", "kubernetes", [{"addresses": [{"ip": ip} for ip in (c.aux.get("apiserver_ips") or cp_ips)], "ports": [{"name": "https", "port": 6443 if kind not in ("eks", "gke", "aks", "doks") else 443, "protocol": "TCP"}]}],
                 labels={"endpointslice.kubernetes.io/skip-mirror": "true"}, ago=age)
    return P


def helm_install_job(c, chart, ago, img="rancher/klipper-helm:v0.9.2-build20240828"):
    c.job("kube-system", "helm-install-" + chart, [ctr("helm", img, args=["install", "--set-string", "global.clusterCIDR=%s" % c.aux.get("podcidr"), "--set-string", "global.systemDefaultRegistry="],
                                                       env=[("NAME", chart), ("VERSION", ""), ("REPO", ""), ("HELM_DRIVER", "secret"), ("CHART_NAMESPACE", "kube-system"), ("CHART", "/tmp/%s.tgz" % chart)],
                                                       mounts=[("values", "/config"), ("content", "/chart")])],
          ago, "complete", dur=s_rand(c, 8, 40), backoff=1000, sa="helm-" + chart, labels={"helmcharts.helm.cattle.io/chart": chart},
          vols=[v_sec("values", "chart-values-" + chart), v_cm("content", "chart-content-" + chart)])
    c.secret("kube-system", "chart-values-" + chart, ["values-01_HelmChart.yaml"], ago=ago + 2)
    c.cm("kube-system", "chart-content-" + chart, {}, ago=ago + 2)


def s_rand(c, a, b):
    return c.r.randint(a, b)


def system(c, kind, cni_kind, P, infra="baremetal", cps=(), dns_reps=2):
    ver = P["ver"]
    if kind == "kubeadm":
        for cp in cps:
            control_plane(c, cp, ver.split("+")[0])
        cni(c, cni_kind)
        if cni_kind != "cilium":
            kube_proxy(c, R("kube-proxy:" + ver))
        coredns(c, dns_ip=P["dns"], reps=dns_reps)
        metrics_server(c)
        if infra == "vsphere":
            vsphere(c)
    elif kind == "talos":
        for cp in cps:
            control_plane(c, cp, ver, etcd=False)
        c.aux["flannel_ns"] = "kube-system"
        c.cm("kube-system", "kube-flannel-cfg", {"cni-conf.json": "{\n  \"name\": \"cbr0\",\n  \"cniVersion\": \"1.0.0\"\n}\n", "net-conf.json": "{\n  \"Network\": \"%s\",\n  \"Backend\": {\n    \"Type\": \"vxlan\",\n    \"Port\": 4789\n  }\n}\n" % c.aux["podcidr"]}, labels={"app": "flannel", "tier": "node"})
        c.ds("kube-system", "kube-flannel", [ctr("kube-flannel", "ghcr.io/siderolabs/flannel:v0.25.3", cmd=["/opt/bin/flanneld", "--ip-masq", "--kube-subnet-mgr", "--iptables-resync=10"], req=("100m", "50Mi"),
                                                 env=[("POD_NAME", ("field", "metadata.name")), ("POD_NAMESPACE", ("field", "metadata.namespace"))], mounts=[("run", "/run/flannel"), ("flannel-cfg", "/etc/kube-flannel/")],
                                                 sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False})],
             {"app": "flannel", "k8s-app": "flannel"}, sa="flannel", tol=[{"effect": "NoSchedule", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists"}], hostnet=True, pcn="system-node-critical",
             init=[ctr("install-config", "ghcr.io/siderolabs/flannel:v0.25.3", cmd=["cp", "-f", "/etc/kube-flannel/cni-conf.json", "/etc/cni/net.d/10-flannel.conflist"], mounts=[("cni", "/etc/cni/net.d"), ("flannel-cfg", "/etc/kube-flannel/")]),
                   ctr("install-cni", "ghcr.io/siderolabs/install-cni:v1.7.0-1-gbb76755", cmd=["/install-cni.sh"], mounts=[("cni-plugin", "/host/opt/cni/bin/")])],
             vols=[v_host("run", "/run/flannel"), v_host("cni-plugin", "/opt/cni/bin"), v_host("cni", "/etc/cni/net.d"), v_cm("flannel-cfg", "kube-flannel-cfg")])
        kube_proxy(c, R("kube-proxy:" + ver))
        coredns(c, dns_ip=P["dns"], reps=dns_reps, image=R("coredns/coredns:v1.11.3"))
        metrics_server(c, extra_args=["--kubelet-insecure-tls"])
    elif kind == "k3s":
        c.aux["localpath_base"] = "/var/lib/rancher/k3s/storage"
        coredns(c, image="rancher/mirrored-coredns-coredns:1.11.3", reps=1, corefile=K3S_COREFILE, k3s=True, dns_ip=P["dns"],
                labels={"k8s-app": "kube-dns", "kubernetes.io/name": "CoreDNS", "objectset.rio.cattle.io/hash": c.hexs(40)})
        c.cm("kube-system", "local-path-config", {"config.json": "{\n  \"nodePathMap\":[\n  {\n    \"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\n    \"paths\":[\"/var/lib/rancher/k3s/storage\"]\n  }\n  ]\n}",
                                                  "helperPod.yaml": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\nspec:\n  containers:\n  - name: helper-pod\n    image: \"rancher/mirrored-library-busybox:1.36.1\"\n",
                                                  "setup": "#!/bin/sh\nset -eu\nmkdir -m 0777 -p \"${VOL_DIR}\"\nchmod 700 \"${VOL_DIR}/..\"", "teardown": "#!/bin/sh\nset -eu\nrm -rf \"${VOL_DIR}\""})
        sysdeploy(c, "kube-system", "local-path-provisioner", 1, [ctr("local-path-provisioner", "rancher/local-path-provisioner:v0.0.28", cmd=["local-path-provisioner", "start", "--config", "/etc/config/config.json"],
                                                                    env=[("POD_NAMESPACE", ("field", "metadata.namespace"))], mounts=[("config-volume", "/etc/config/")])],
                  {"app": "local-path-provisioner"}, "local-path-provisioner-service-account", vols=[v_cm("config-volume", "local-path-config")], pcn="system-node-critical")
        metrics_server(c, image="rancher/mirrored-metrics-server:v0.7.2")
        sysdeploy(c, "kube-system", "traefik", 1, [ctr("traefik", "rancher/mirrored-library-traefik:2.11.10", [("metrics", 9100), ("traefik", 9000), ("web", 8000), ("websecure", 8443)],
                                                     args=["--global.checknewversion", "--entrypoints.metrics.address=:9100/tcp", "--entrypoints.traefik.address=:9000/tcp", "--entrypoints.web.address=:8000/tcp", "--entrypoints.websecure.address=:8443/tcp", "--api.dashboard=true", "--ping=true", "--providers.kubernetescrd", "--providers.kubernetesingress"],
                                                     live=http("/ping", 9000, 2, 10, 3, 2), ready=http("/ping", 9000, 2, 10, 1, 2), mounts=[("data", "/data"), ("tmp", "/tmp")],
                                                     sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True})],
                  {"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"}, "traefik", vols=[v_empty("data"), v_empty("tmp")],
                  labels={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "traefik", "helm.sh/chart": "traefik-27.0.201_up27.0.2"})
        lbip = c.nodenet[c.o["nodes"][0]["metadata"]["name"]][1]
        c.svc("kube-system", "traefik", {"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"}, [("web", 80, "web"), ("websecure", 443, "websecure")], typ="LoadBalancer", lb=lbip,
              labels={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "traefik"})
        svcl = "svclb-traefik-" + c.hexs(8)
        c.ds("kube-system", svcl, [ctr("lb-tcp-80", "rancher/klipper-lb:v0.4.9", [("lb-tcp-80", 80)], env=[("SRC_PORT", "80"), ("SRC_RANGES", "0.0.0.0/0"), ("DEST_PROTO", "TCP"), ("DEST_PORT", "80"), ("DEST_IPS", ("field", "status.hostIPs"))], sc={"capabilities": {"add": ["NET_ADMIN"]}}),
                                   ctr("lb-tcp-443", "rancher/klipper-lb:v0.4.9", [("lb-tcp-443", 443)], env=[("SRC_PORT", "443"), ("SRC_RANGES", "0.0.0.0/0"), ("DEST_PROTO", "TCP"), ("DEST_PORT", "443"), ("DEST_IPS", ("field", "status.hostIPs"))], sc={"capabilities": {"add": ["NET_ADMIN"]}})],
             {"app": svcl}, labels={"objectset.rio.cattle.io/hash": c.hexs(40), "svccontroller.k3s.cattle.io/nodeselector": "false", "svccontroller.k3s.cattle.io/svcname": "traefik", "svccontroller.k3s.cattle.io/svcnamespace": "kube-system"},
             sa="svclb", tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}, {"key": "CriticalAddonsOnly", "operator": "Exists"}])
        for ch in ("traefik-crd", "traefik"):
            helm_install_job(c, ch, c.nsage["kube-system"] - 200, "rancher/klipper-helm:v0.9.2-build20240828")
    elif kind == "rke2":
        for cp in cps:
            control_plane(c, cp, ver, img=lambda n: "index.docker.io/rancher/hardened-kubernetes:%s-build20240912" % ver.replace("+", "-"), etcd_img="index.docker.io/rancher/hardened-etcd:v3.5.13-k3s1-build20240910")
            c.static("kube-system", "cloud-controller-manager", cp, [ctr("cloud-controller-manager", "index.docker.io/rancher/rke2-cloud-provider:v1.29.3-build20240515", req=("100m", "128Mi"), cmd=["cloud-controller-manager"], args=["--allocate-node-cidrs=true", "--bind-address=127.0.0.1", "--cloud-provider=rke2", "--cluster-cidr=%s" % c.aux["podcidr"], "--leader-elect-resource-name=rke2-cloud-controller-manager"])],
                     {"component": "cloud-controller-manager", "tier": "control-plane"})
        for n in c.o["nodes"]:
            c.static("kube-system", "kube-proxy", n["metadata"]["name"], [ctr("kube-proxy", "index.docker.io/rancher/hardened-kubernetes:%s-build20240912" % ver.replace("+", "-"), req=("250m", "128Mi"), cmd=["kube-proxy"], args=["--cluster-cidr=%s" % c.aux["podcidr"], "--conntrack-max-per-core=0", "--conntrack-tcp-timeout-close-wait=0s", "--conntrack-tcp-timeout-established=0s", "--healthz-bind-address=127.0.0.1", "--hostname-override=%s" % n["metadata"]["name"], "--kubeconfig=/var/lib/rancher/rke2/agent/kubeproxy.kubeconfig", "--proxy-mode=iptables"],
                                                                                 live=http("/healthz", 10256, 15, 10, 8, 15), sc={"privileged": True})],
                     {"component": "kube-proxy", "tier": "control-plane"})
        if cni_kind == "cilium":
            cni(c, "cilium", "v1.16.1")
        else:
            cni(c, "canal")
        coredns(c, name="rke2-coredns-rke2-coredns", image="rancher/hardened-coredns:v1.11.1-build20240910", cm="rke2-coredns-rke2-coredns", dns_ip=P["dns"],
                svcname="rke2-coredns-rke2-coredns", labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns"}, reps=dns_reps)
        c.helm("kube-system", "rke2-coredns", 2)
        metrics_server(c, name="rke2-metrics-server", image="rancher/hardened-k8s-metrics-server:v0.7.1-build20240910")
        c.ds("kube-system", "rke2-ingress-nginx-controller", [ctr("rke2-ingress-nginx-controller", "rancher/nginx-ingress-controller:v1.10.4-hardened3", [("http", 80), ("https", 443), ("webhook", 8443)], ("100m", "90Mi"),
                                                                  args=["/nginx-ingress-controller", "--election-id=rke2-ingress-nginx-leader", "--controller-class=k8s.io/ingress-nginx", "--ingress-class=nginx", "--configmap=$(POD_NAMESPACE)/rke2-ingress-nginx-controller", "--validating-webhook=:8443", "--watch-ingress-without-class=true"],
                                                                  env=[("POD_NAME", ("field", "metadata.name")), ("POD_NAMESPACE", ("field", "metadata.namespace"))],
                                                                  live=http("/healthz", 10254, 10, 10, 5, 1), ready=http("/healthz", 10254, 10, 10, 3, 1))],
             {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "rke2-ingress-nginx", "app.kubernetes.io/name": "rke2-ingress-nginx"}, sa="rke2-ingress-nginx", nsel={"kubernetes.io/os": "linux"})
        c.cm("kube-system", "rke2-ingress-nginx-controller", {"allow-snippet-annotations": "false"})
        for ch in ("rke2-canal" if cni_kind != "cilium" else "rke2-cilium", "rke2-coredns", "rke2-metrics-server"):
            helm_install_job(c, ch, c.nsage["kube-system"] - 300)
    elif kind == "microk8s":
        c.aux["localpath_base"] = "/var/snap/microk8s/common/default-storage"
        cni(c, "calico", "v3.25.1")
        coredns(c, image="coredns/coredns:1.10.1", reps=1, dns_ip=P["dns"])
        sysdeploy(c, "kube-system", "hostpath-provisioner", 1, [ctr("hostpath-provisioner", "cdkbot/hostpath-provisioner:1.5.0", env=[("NODE_NAME", ("field", "spec.nodeName")), ("PV_DIR", "/var/snap/microk8s/common/default-storage"), ("BUSYBOX_IMAGE", "busybox:1.28.4")],
                                                                  mounts=[("pv-volume", "/var/snap/microk8s/common/default-storage")])],
                  {"k8s-app": "hostpath-provisioner"}, "microk8s-hostpath", vols=[v_host("pv-volume", "/var/snap/microk8s/common/default-storage")], pcn=None, tol=[])
        metrics_server(c, image=R("metrics-server/metrics-server:v0.6.3"))
    return P


def vsphere(c):
    ns = "vmware-system-csi"
    c.ns(ns, c.nsage["kube-system"] - 900, {"pod-security.kubernetes.io/enforce": "privileged"})
    c.cm(ns, "internal-feature-states.csi.vsphere.vmware.com", {"async-query-volume": "true", "block-volume-snapshot": "true", "csi-migration": "true", "online-volume-extend": "true", "trigger-csi-fullsync": "false", "topology-preferential-datastores": "true"})
    c.secret(ns, "vsphere-config-secret", ["csi-vsphere.conf"])
    ctl = [ctr("csi-attacher", R("sig-storage/csi-attacher:v4.5.1"), args=["--v=4", "--timeout=300s", "--csi-address=$(ADDRESS)", "--leader-election", "--kube-api-qps=100", "--kube-api-burst=100"], env=[("ADDRESS", "/csi/csi.sock")], mounts=[("socket-dir", "/csi")]),
           ctr("csi-resizer", R("sig-storage/csi-resizer:v1.10.1"), args=["--v=4", "--timeout=300s", "--handle-volume-inuse-error=false", "--csi-address=$(ADDRESS)", "--leader-election"], env=[("ADDRESS", "/csi/csi.sock")], mounts=[("socket-dir", "/csi")]),
           ctr("vsphere-csi-controller", "projects.registry.vmware.com/vmware/cloud-native-storage/csi/release/driver:v3.3.1", [("healthz", 9808), ("prometheus", 2112)], args=["--fss-name=internal-feature-states.csi.vsphere.vmware.com", "--fss-namespace=$(CSI_NAMESPACE)"],
               env=[("CSI_ENDPOINT", "unix:///csi/csi.sock"), ("X_CSI_MODE", "controller"), ("VSPHERE_CSI_CONFIG", "/etc/cloud/csi-vsphere.conf"), ("CSI_NAMESPACE", ("field", "metadata.namespace"))],
               mounts=[("vsphere-config-volume", "/etc/cloud", True), ("socket-dir", "/csi")], live=http("/healthz", "healthz", 30, 180, 3, 10)),
           ctr("csi-provisioner", R("sig-storage/csi-provisioner:v4.0.1"), args=["--v=4", "--timeout=300s", "--csi-address=$(ADDRESS)", "--kube-api-qps=100", "--kube-api-burst=100", "--leader-election", "--default-fstype=ext4"], env=[("ADDRESS", "/csi/csi.sock")], mounts=[("socket-dir", "/csi")]),
           ctr("vsphere-syncer", "projects.registry.vmware.com/vmware/cloud-native-storage/csi/release/syncer:v3.3.1", [("prometheus", 2113)], args=["--leader-election", "--fss-name=internal-feature-states.csi.vsphere.vmware.com", "--fss-namespace=$(CSI_NAMESPACE)"],
               env=[("FULL_SYNC_INTERVAL_MINUTES", "30"), ("VSPHERE_CSI_CONFIG", "/etc/cloud/csi-vsphere.conf"), ("CSI_NAMESPACE", ("field", "metadata.namespace"))], mounts=[("vsphere-config-volume", "/etc/cloud", True)])]
    cps = [n["metadata"]["name"] for n in c.o["nodes"] if "node-role.kubernetes.io/control-plane" in n["metadata"]["labels"]]
    c.deploy(ns, "vsphere-csi-controller", 1, ctl, sel={"app": "vsphere-csi-controller"}, sa="vsphere-csi-controller", nodes=cps,
             tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}], nsel={"node-role.kubernetes.io/control-plane": ""},
             vols=[v_sec("vsphere-config-volume", "vsphere-config-secret"), v_empty("socket-dir")], labels={"app": "vsphere-csi-controller", "role": "vsphere-csi"})
    c.ds(ns, "vsphere-csi-node", [ctr("node-driver-registrar", R("sig-storage/csi-node-driver-registrar:v2.10.1"), args=["--v=5", "--csi-address=$(ADDRESS)", "--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)"], env=[("ADDRESS", "/csi/csi.sock"), ("DRIVER_REG_SOCK_PATH", "/var/lib/kubelet/plugins/csi.vsphere.vmware.com/csi.sock")], mounts=[("plugin-dir", "/csi"), ("registration-dir", "/registration")]),
                                  ctr("vsphere-csi-node", "projects.registry.vmware.com/vmware/cloud-native-storage/csi/release/driver:v3.3.1", [("healthz", 9808)], args=["--fss-name=internal-feature-states.csi.vsphere.vmware.com", "--fss-namespace=$(CSI_NAMESPACE)"],
                                      env=[("NODE_NAME", ("field", "spec.nodeName")), ("CSI_ENDPOINT", "unix:///csi/csi.sock"), ("X_CSI_MODE", "node"), ("X_CSI_SPEC_REQ_VALIDATION", "false"), ("CSI_NAMESPACE", ("field", "metadata.namespace"))],
                                      mounts=[("plugin-dir", "/csi"), ("pods-mount-dir", "/var/lib/kubelet"), ("device-dir", "/dev")], live=http("/healthz", "healthz", 10, 5, 3, 5), sc={"privileged": True})],
         {"app": "vsphere-csi-node"}, labels={"app": "vsphere-csi-node", "role": "vsphere-csi"}, sa="vsphere-csi-node", nsel={"kubernetes.io/os": "linux"}, tol=[{"effect": "NoExecute", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"}],
         pcn="system-node-critical", vols=[v_host("registration-dir", "/var/lib/kubelet/plugins_registry", "Directory"), v_host("plugin-dir", "/var/lib/kubelet/plugins/csi.vsphere.vmware.com", "DirectoryOrCreate"), v_host("pods-mount-dir", "/var/lib/kubelet", "Directory"), v_host("device-dir", "/dev")])
    c.ds("kube-system", "vsphere-cloud-controller-manager", [ctr("vsphere-cloud-controller-manager", R("cloud-pv-vsphere/cloud-provider-vsphere:v1.30.1"), req=("200m", None), args=["--v=2", "--cloud-provider=vsphere", "--cloud-config=/etc/cloud/vsphere.conf"], mounts=[("vsphere-config-volume", "/etc/cloud", True)])],
         {"k8s-app": "vsphere-cloud-controller-manager"}, labels={"component": "cloud-controller-manager", "k8s-app": "vsphere-cloud-controller-manager", "tier": "control-plane"}, sa="cloud-controller-manager",
         nsel={"node-role.kubernetes.io/control-plane": ""}, hostnet=True, pcn="system-node-critical",
         tol=[{"effect": "NoSchedule", "key": "node.cloudprovider.kubernetes.io/uninitialized", "value": "true"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node.kubernetes.io/not-ready", "operator": "Exists"}],
         vols=[v_cm("vsphere-config-volume", "vsphere-cloud-config")])
    c.cm("kube-system", "vsphere-cloud-config", {"vsphere.conf": "global:\n  port: 443\n  insecureFlag: false\n  secretName: vsphere-cloud-secret\n  secretNamespace: kube-system\nvcenter:\n  vc01:\n    server: vc01.corp.example\n    datacenters:\n      - DC-Prod\n"})
    c.sc("vsphere-csi", "csi.vsphere.vmware.com", {"storagepolicyname": "vSAN Default Storage Policy", "csi.storage.k8s.io/fstype": "ext4"}, binding="Immediate", default=True, ago=c.nsage[ns] - 100)


def ocp_img(c, name):
    return "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + hashlib.sha256(name.encode()).hexdigest()


def openshift_system(c, masters):
    ago = c.nsage["kube-system"] - 600
    osa = lambda ns: {"openshift.io/sa.scc.mcs": "s0:c%d,c%d" % (c.r.randint(10, 30), c.r.randint(1, 9)),
                      "openshift.io/sa.scc.supplemental-groups": "10006%d0000/10000" % c.r.randint(10, 99),
                      "openshift.io/sa.scc.uid-range": "10006%d0000/10000" % c.r.randint(10, 99), "openshift.io/node-selector": "",
                      "workload.openshift.io/allowed": "management"}
    for ns in ("openshift-dns", "openshift-ingress", "openshift-ovn-kubernetes", "openshift-monitoring", "openshift-image-registry"):
        c.ns(ns, ago, {"openshift.io/cluster-monitoring": "true", "pod-security.kubernetes.io/enforce": "privileged", "openshift.io/run-level": "0" if "ovn" in ns else ""}, osa(ns))
    mgmt = {"target.workload.openshift.io/management": "{\"effect\": \"PreferredDuringScheduling\"}", "openshift.io/scc": "privileged"}
    o = lambda n: ocp_img(c, n)
    c.ds("openshift-ovn-kubernetes", "ovnkube-node", [ctr(n, o("ovn-kubernetes"), req=("10m", "300Mi" if n == "ovnkube-controller" else "60Mi"), cmd=["/bin/bash", "-c", "exec /usr/bin/%s" % n],
                                                          sc={"privileged": True}) for n in ("ovn-controller", "ovn-acl-logging", "kube-rbac-proxy-node", "kube-rbac-proxy-ovn-metrics", "northd", "nbdb", "sbdb", "ovnkube-controller")],
         {"app": "ovnkube-node"}, labels={"app": "ovnkube-node", "component": "network", "kubernetes.io/os": "linux", "openshift.io/component": "network", "ovn-db-pod": "true", "type": "infra"},
         sa="ovn-kubernetes-node", tol=TOL_ALL, nsel={"beta.kubernetes.io/os": "linux"}, hostnet=True, pcn="system-node-critical", tann=mgmt)
    c.deploy("openshift-ovn-kubernetes", "ovnkube-control-plane", 2, [ctr("kube-rbac-proxy", o("kube-rbac-proxy"), [("https", 9108)], ("10m", "20Mi")),
                                                                     ctr("ovnkube-cluster-manager", o("ovn-kubernetes"), [("metrics-port", 29108)], ("10m", "300Mi"))],
             sel={"app": "ovnkube-control-plane"}, sa="ovn-kubernetes-control-plane", nodes=masters, nsel={"node-role.kubernetes.io/master": ""}, pcn="system-cluster-critical",
             tol=[{"key": "node-role.kubernetes.io/master", "operator": "Exists"}], hostnet=True, tann=mgmt)
    c.ds("openshift-dns", "dns-default", [ctr("dns", o("coredns"), [("dns", 5353), ("dns-tcp", 5353), ("metrics", 9154)], ("50m", "70Mi"), cmd=["coredns"], args=["-conf", "/etc/coredns/Corefile"],
                                              mounts=[("config-volume", "/etc/coredns", True)], udp=("dns",), ready=http("/ready", 8181, 10, 3, 3, 3), live=http("/health", 8080, 60, 10, 5, 5)),
                                          ctr("kube-rbac-proxy", o("kube-rbac-proxy"), [("metrics", 9154)], ("10m", "40Mi"))],
         {"dns.operator.openshift.io/daemonset-dns": "default"}, sa="dns", tol=[{"key": "node-role.kubernetes.io/master", "operator": "Exists"}], nsel={"kubernetes.io/os": "linux"},
         pcn="system-node-critical", vols=[v_cm("config-volume", "dns-default", [("Corefile", "Corefile")])], tann={"target.workload.openshift.io/management": "{\"effect\": \"PreferredDuringScheduling\"}"})
    c.cm("openshift-dns", "dns-default", {"Corefile": ".:5353 {\n    bufsize 1232\n    errors\n    log . {\n        class error\n    }\n    health {\n        lameduck 20s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n        pods insecure\n        fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus 127.0.0.1:9153\n    forward . /etc/resolv.conf {\n        policy sequential\n    }\n    cache 900 {\n        denial 9984 30\n    }\n    reload\n}\nhostname.bind:5353 {\n    chaos\n}\n"})
    c.svc("openshift-dns", "dns-default", {"dns.operator.openshift.io/daemonset-dns": "default"}, [("dns", 53, "dns", "UDP"), ("dns-tcp", 53, "dns-tcp"), ("metrics", 9154, "metrics")], cip="172.30.0.10",
          labels={"dns.operator.openshift.io/owning-dns": "default"})
    c.ds("openshift-dns", "node-resolver", [ctr("dns-node-resolver", o("cli"), req=("5m", "21Mi"), cmd=["/bin/bash", "-c", "#!/bin/bash\nset -uo pipefail\n..."], env=[("SERVICES", "image-registry.openshift-image-registry.svc"), ("NAMESERVER", "172.30.0.10"), ("CLUSTER_DOMAIN", "cluster.local")], sc={"privileged": True})],
         {"dns.operator.openshift.io/daemonset-node-resolver": ""}, sa="node-resolver", tol=TOL_ALL, nsel={"kubernetes.io/os": "linux"}, hostnet=True, pcn="system-node-critical")
    workers = [n for n in c.workers]
    c.deploy("openshift-ingress", "router-default", 2, [ctr("router", o("haproxy-router"), [("http", 80), ("https", 443), ("metrics", 1936)], ("100m", "256Mi"),
                                                             env=[("ROUTER_SERVICE_NAMESPACE", "openshift-ingress"), ("ROUTER_CANONICAL_HOSTNAME", "router-default.apps.ocp4.corp.example"), ("STATS_PORT", "1936")],
                                                             live=http("/healthz", 1936, 0, 10, 3, 1), ready=http("/healthz/ready", 1936, 0, 10, 3, 1))],
             sel={"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}, sa="router", nodes=workers, hostnet=True, pcn="system-cluster-critical",
             nsel={"kubernetes.io/os": "linux", "node-role.kubernetes.io/worker": ""}, tann={"openshift.io/scc": "hostnetwork"})
    c.svc("openshift-ingress", "router-internal-default", {"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}, [("http", 80, "http"), ("https", 443, "https"), ("metrics", 1936, 1936)])
    c.ds("openshift-monitoring", "node-exporter", [ctr("node-exporter", o("prometheus-node-exporter"), req=("8m", "32Mi"), args=["--web.listen-address=127.0.0.1:9100", "--path.sysfs=/host/sys", "--path.rootfs=/host/root"]),
                                                   ctr("kube-rbac-proxy", o("kube-rbac-proxy"), [("https", 9100)], ("1m", "15Mi"))],
         {"app.kubernetes.io/component": "exporter", "app.kubernetes.io/name": "node-exporter", "app.kubernetes.io/part-of": "openshift-monitoring"}, sa="node-exporter", tol=TOL_ALL, hostnet=True, pcn="system-cluster-critical")
    c.sts("openshift-monitoring", "prometheus-k8s", 2, [ctr("prometheus", o("prometheus"), [("web", 9090)], ("70m", "1Gi"), args=["--web.console.templates=/etc/prometheus/consoles", "--storage.tsdb.retention.time=15d", "--web.listen-address=127.0.0.1:9090"]),
                                                        ctr("thanos-sidecar", o("thanos"), [("http", 10902), ("grpc", 10901)], ("1m", "25Mi")),
                                                        ctr("kube-rbac-proxy", o("kube-rbac-proxy"), [("metrics", 9092)], ("1m", "15Mi"))],
          "prometheus-operated", sel={"app.kubernetes.io/instance": "k8s", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "prometheus", "prometheus": "k8s"},
          sa="prometheus-k8s", pcn="system-cluster-critical", owner=c.crd("monitoring.coreos.com/v1", "Prometheus", "k8s"), pmp="Parallel", nodes=workers)
    c.svc("openshift-monitoring", "prometheus-operated", {"app.kubernetes.io/name": "prometheus"}, [("web", 9090, "web")], headless=True)
    c.deploy("openshift-monitoring", "kube-state-metrics", 1, [ctr("kube-state-metrics", o("kube-state-metrics"), req=("2m", "80Mi")), ctr("kube-rbac-proxy-main", o("kube-rbac-proxy"), [("https-main", 8443)], ("1m", "15Mi"))],
             sel={"app.kubernetes.io/component": "exporter", "app.kubernetes.io/name": "kube-state-metrics", "app.kubernetes.io/part-of": "openshift-monitoring"}, sa="kube-state-metrics", pcn="system-cluster-critical", nodes=workers)
    c.deploy("openshift-image-registry", "image-registry", 1, [ctr("registry", o("docker-registry"), [(None, 5000)], ("100m", "256Mi"), env=[("REGISTRY_STORAGE", "s3"), ("REGISTRY_HTTP_ADDR", ":5000")],
                                                                  ready=http("/healthz", 5000, 15, 10, 3, 5, "HTTPS"), live=http("/healthz", 5000, 5, 10, 3, 5, "HTTPS"))],
             sel={"docker-registry": "default"}, sa="registry", pcn="system-cluster-critical", nodes=workers)
    c.svc("openshift-image-registry", "image-registry", {"docker-registry": "default"}, [("5000-tcp", 5000, 5000)])
    c.ds("openshift-image-registry", "node-ca", [ctr("node-ca", o("cluster-image-registry-operator"), req=("10m", "10Mi"), cmd=["/bin/sh", "-c", "trap 'jobs -p | xargs -r kill; echo shutting down node-ca; exit 0' TERM\nwhile [ true ];\ndo\n  sleep 60 & wait ${!}\ndone\n"])],
         {"name": "node-ca"}, sa="node-ca", tol=TOL_ALL, nsel={"kubernetes.io/os": "linux"}, pcn="system-cluster-critical")


def cloud_system(c, kind, P):
    if kind == "eks":
        acct = c.aux["aws_acct"]
        ecr = "602401143452.dkr.ecr.%s.amazonaws.com" % c.aux["region"]
        c.ds("kube-system", "aws-node", [ctr("aws-node", ecr + "/amazon-k8s-cni:v1.18.3-eksbuild.2", [("metrics", 61678)], ("25m", None), env=[("ADDITIONAL_ENI_TAGS", "{}"), ("AWS_VPC_K8S_CNI_LOGLEVEL", "DEBUG"), ("ENABLE_PREFIX_DELEGATION", "false"), ("WARM_ENI_TARGET", "1"), ("MY_NODE_NAME", ("field", "spec.nodeName")), ("VPC_CNI_VERSION", "v1.18.3")],
                                             live=execp(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], 60, 10, 3, 10), ready=execp(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], 1, 10, 3, 10),
                                             sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}}),
                                         ctr("aws-eks-nodeagent", ecr + "/amazon/aws-network-policy-agent:v1.1.2-eksbuild.2", req=("25m", None), args=["--enable-ipv6=false", "--enable-network-policy=true", "--enable-cloudwatch-logs=false", "--metrics-bind-addr=:8162", "--health-probe-bind-addr=:8163", "--conntrack-cache-cleanup-period=300"], sc={"capabilities": {"add": ["NET_ADMIN"]}, "privileged": True})],
             {"k8s-app": "aws-node"}, labels={"app.kubernetes.io/instance": "aws-vpc-cni", "app.kubernetes.io/name": "aws-node", "k8s-app": "aws-node"}, sa="aws-node", tol=TOL_ALL, hostnet=True, pcn="system-node-critical",
             init=[ctr("aws-vpc-cni-init", ecr + "/amazon-k8s-cni-init:v1.18.3-eksbuild.2", req=("25m", None), env=[("DISABLE_TCP_EARLY_DEMUX", "false"), ("ENABLE_IPv6", "false")], sc={"privileged": True})])
        kube_proxy(c, ecr + "/eks/kube-proxy:v1.30.3-minimal-eksbuild.5")
        coredns(c, image=ecr + "/eks/coredns:v1.11.1-eksbuild.11", dns_ip=P["dns"], labels={"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns"})
        c.deploy("kube-system", "ebs-csi-controller", 2, [ctr("ebs-plugin", "%s/eks/aws-ebs-csi-driver:v1.34.0" % ecr, [("healthz", 9808)], ("10m", "40Mi"), (None, "256Mi"), args=["controller", "--endpoint=$(CSI_ENDPOINT)", "--batching=true", "--logging-format=text", "--user-agent-extra=eks", "--v=2"],
                                                              env=[("CSI_ENDPOINT", "unix:///var/lib/csi/sockets/pluginproxy/csi.sock"), ("CSI_NODE_NAME", ("field", "spec.nodeName")), ("AWS_REGION", c.aux["region"])], mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")],
                                                              live=http("/healthz", "healthz", 10, 10, 5, 3)),
                                                          ctr("csi-provisioner", "%s/eks/csi-provisioner:v5.0.2-eks-1-30-12" % ecr, req=("10m", "40Mi"), args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--feature-gates=Topology=true", "--extra-create-metadata", "--leader-election=true", "--default-fstype=ext4", "--kube-api-qps=20", "--kube-api-burst=100", "--worker-threads=100"], env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
                                                          ctr("csi-attacher", "%s/eks/csi-attacher:v4.6.1-eks-1-30-12" % ecr, req=("10m", "40Mi"), args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--leader-election=true"], env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
                                                          ctr("csi-resizer", "%s/eks/csi-resizer:v1.11.2-eks-1-30-12" % ecr, req=("10m", "40Mi"), args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--handle-volume-inuse-error=false", "--leader-election=true"], env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")])],
                 sel={"app": "ebs-csi-controller", "app.kubernetes.io/name": "aws-ebs-csi-driver"}, sa="ebs-csi-controller-sa", pcn="system-cluster-critical", tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists", "tolerationSeconds": 300}],
                 vols=[v_empty("socket-dir")], labels={"app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.34.0"})
        c.sa("kube-system", "ebs-csi-controller-sa", ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::%s:role/AmazonEKS_EBS_CSI_DriverRole-prod" % acct})
        c.ds("kube-system", "ebs-csi-node", [ctr("ebs-plugin", "%s/eks/aws-ebs-csi-driver:v1.34.0" % ecr, [("healthz", 9808)], ("10m", "40Mi"), (None, "256Mi"), args=["node", "--endpoint=$(CSI_ENDPOINT)", "--logging-format=text", "--v=2"], env=[("CSI_ENDPOINT", "unix:/csi/csi.sock"), ("CSI_NODE_NAME", ("field", "spec.nodeName"))],
                                                 mounts=[("kubelet-dir", "/var/lib/kubelet"), ("plugin-dir", "/csi"), ("device-dir", "/dev")], sc={"privileged": True}),
                                             ctr("node-driver-registrar", "%s/eks/csi-node-driver-registrar:v2.11.1-eks-1-30-12" % ecr, req=("10m", "40Mi"), args=["--csi-address=$(ADDRESS)", "--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)", "--v=2"], env=[("ADDRESS", "/csi/csi.sock"), ("DRIVER_REG_SOCK_PATH", "/var/lib/kubelet/plugins/ebs.csi.aws.com/csi.sock")], mounts=[("plugin-dir", "/csi"), ("registration-dir", "/registration")])],
             {"app": "ebs-csi-node", "app.kubernetes.io/name": "aws-ebs-csi-driver"}, sa="ebs-csi-node-sa", tol=TOL_ALL, pcn="system-node-critical", nsel={"kubernetes.io/os": "linux"},
             vols=[v_host("kubelet-dir", "/var/lib/kubelet", "Directory"), v_host("plugin-dir", "/var/lib/kubelet/plugins/ebs.csi.aws.com/", "DirectoryOrCreate"), v_host("registration-dir", "/var/lib/kubelet/plugins_registry/", "Directory"), v_host("device-dir", "/dev", "Directory")])
        c.sc("gp3", "ebs.csi.aws.com", {"type": "gp3", "encrypted": "true", "csi.storage.k8s.io/fstype": "ext4"}, default=True, ago=c.nsage["kube-system"] - 900)
        c.sc("gp2", "kubernetes.io/aws-ebs", {"fsType": "ext4", "type": "gp2"}, expand=False, ago=c.nsage["kube-system"] - 10)
    elif kind == "aks":
        mcr = "mcr.microsoft.com/oss/kubernetes"
        kube_proxy(c, mcr + "/kube-proxy:v1.29.7-hotfix.20240813")
        coredns(c, image=mcr + "/coredns:v1.9.4-hotfix.20240704", dns_ip=P["dns"], labels={"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "version": "v20"})
        c.cm("kube-system", "coredns-custom", {}, labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "k8s-app": "kube-dns"})
        c.ds("kube-system", "cloud-node-manager", [ctr("cloud-node-manager", mcr + "/azure-cloud-node-manager:v1.29.9", req=("50m", "50Mi"), lim=(None, "512Mi"), cmd=["cloud-node-manager", "--node-name=$(NODE_NAME)", "--enable-deprecated-beta-topology-labels"], env=[("NODE_NAME", ("field", "spec.nodeName"))])],
             {"k8s-app": "cloud-node-manager"}, labels={"addonmanager.kubernetes.io/mode": "Reconcile", "component": "cloud-node-manager", "k8s-app": "cloud-node-manager", "kubernetes.azure.com/managedby": "aks"}, sa="cloud-node-manager", tol=TOL_ALL, hostnet=True, pcn="system-node-critical")
        c.ds("kube-system", "csi-azuredisk-node", [ctr("liveness-probe", "mcr.microsoft.com/oss/kubernetes-csi/livenessprobe:v2.13.0", req=("10m", "20Mi"), args=["--csi-address=/csi/csi.sock", "--probe-timeout=3s", "--http-endpoint=localhost:29603", "--v=2"], mounts=[("socket-dir", "/csi")]),
                                                   ctr("node-driver-registrar", "mcr.microsoft.com/oss/kubernetes-csi/csi-node-driver-registrar:v2.11.1", req=("10m", "20Mi"), args=["--csi-address=$(ADDRESS)", "--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)", "--v=2"], env=[("ADDRESS", "/csi/csi.sock"), ("DRIVER_REG_SOCK_PATH", "/var/lib/kubelet/plugins/disk.csi.azure.com/csi.sock")], mounts=[("socket-dir", "/csi"), ("registration-dir", "/registration")]),
                                                   ctr("azuredisk", "mcr.microsoft.com/oss/kubernetes-csi/azuredisk-csi:v1.30.3", req=("10m", "20Mi"), lim=(None, "200Mi"), args=["--v=5", "--endpoint=$(CSI_ENDPOINT)", "--nodeid=$(KUBE_NODE_NAME)", "--enable-perf-optimization=true"], env=[("CSI_ENDPOINT", "unix:///csi/csi.sock"), ("KUBE_NODE_NAME", ("field", "spec.nodeName"))], mounts=[("socket-dir", "/csi"), ("mountpoint-dir", "/var/lib/kubelet/")], sc={"privileged": True})],
             {"app": "csi-azuredisk-node"}, labels={"addonmanager.kubernetes.io/mode": "Reconcile", "app": "csi-azuredisk-node", "kubernetes.azure.com/managedby": "aks"}, sa="csi-azuredisk-node-sa", tol=TOL_ALL, hostnet=True, pcn="system-node-critical",
             vols=[v_host("socket-dir", "/var/lib/kubelet/plugins/disk.csi.azure.com", "DirectoryOrCreate"), v_host("mountpoint-dir", "/var/lib/kubelet/", "DirectoryOrCreate"), v_host("registration-dir", "/var/lib/kubelet/plugins_registry/", "DirectoryOrCreate")])
        c.ds("kube-system", "azure-npm", [ctr("azure-npm", "mcr.microsoft.com/containernetworking/azure-npm:v1.5.34", req=("250m", "300Mi"), lim=(None, "1Gi"), env=[("HOSTNAME", ("field", "spec.nodeName")), ("NPM_CONFIG", "/etc/azure-npm/azure-npm.json")], mounts=[("xtables-lock", "/run/xtables.lock"), ("azure-npm-config", "/etc/azure-npm")], sc={"privileged": True})],
             {"k8s-app": "azure-npm"}, labels={"addonmanager.kubernetes.io/mode": "Reconcile", "app": "azure-npm", "k8s-app": "azure-npm", "kubernetes.azure.com/managedby": "aks"}, sa="azure-npm", tol=TOL_ALL, hostnet=True, pcn="system-node-critical",
             vols=[v_host("xtables-lock", "/run/xtables.lock", "FileOrCreate"), v_cm("azure-npm-config", "azure-npm-config")])
        c.cm("kube-system", "azure-npm-config", {"azure-npm.json": "{\n    \"ResyncPeriodInMinutes\": 15,\n    \"ListeningPort\": 10091,\n    \"ListeningAddress\": \"0.0.0.0\",\n    \"Toggles\": {\n        \"EnablePrometheusMetrics\": true,\n        \"EnablePprof\": true\n    }\n}\n"})
        sysdeploy(c, "kube-system", "konnectivity-agent", 2, [ctr("konnectivity-agent", mcr + "/apiserver-network-proxy/agent:v0.30.3-hotfix.20240819", [("metrics", 8093)], ("20m", "20Mi"), (None, "1Gi"), cmd=["/proxy-agent"], args=["--logtostderr=true", "--ca-cert=/var/run/secrets/kubernetes.io/serviceaccount/ca.crt", "--proxy-server-host=%s" % c.aux["apiserver_host"], "--proxy-server-port=443", "--agent-identifiers=ipv4=$(AGENT_IP)", "--health-server-port=8082"], env=[("AGENT_IP", ("field", "status.podIP"))],
                                                                  live=http("/healthz", 8082, 15, 20, 3, 15))],
                  {"app": "konnectivity-agent"}, "konnectivity-agent", labels={"app": "konnectivity-agent", "component": "tunnel", "kubernetes.azure.com/managedby": "aks"})
        metrics_server(c, image=mcr + "/metrics-server:v0.6.3")
        c.sc("managed-csi", "disk.csi.azure.com", {"skuname": "StandardSSD_LRS"}, default=True, ago=c.nsage["kube-system"] - 900)
        c.sc("managed-csi-premium", "disk.csi.azure.com", {"skuname": "Premium_LRS"}, ago=c.nsage["kube-system"] - 900)
        c.sc("azurefile-csi", "file.csi.azure.com", {"skuName": "Standard_LRS"}, binding="Immediate", ago=c.nsage["kube-system"] - 900, mopts=["mfsymlinks", "actimeo=30", "nosharesock"])
    elif kind == "gke":
        g = "gke.gcr.io"
        c.ds("kube-system", "anetd", [ctr("cilium-agent", g + "/cilium/cilium:v1.14.13-gke1300", req=("100m", "100Mi"), cmd=["cilium-agent"], args=["--config-dir=/tmp/cilium/config-map"], env=[("K8S_NODE_NAME", ("field", "spec.nodeName"))], live=http("/healthz", 9879, 120, 30, 10, 5), sc={"privileged": True})],
             {"k8s-app": "cilium"}, labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "cilium"}, sa="cilium", tol=TOL_ALL, hostnet=True, pcn="system-node-critical")
        c.deploy("kube-system", "kube-dns", 2, [ctr("kubedns", g + "/k8s-dns-kube-dns:1.23.0-gke.9", [("dns-local", 10053), ("dns-tcp-local", 10053), ("metrics", 10055)], ("100m", "70Mi"), (None, "210Mi"), args=["--domain=cluster.local.", "--dns-port=10053", "--config-dir=/kube-dns-config", "--v=2"], udp=("dns-local",), ready=http("/readiness", 8081, 3, 10, 3, 5)),
                                                ctr("dnsmasq", g + "/k8s-dns-dnsmasq-nanny:1.23.0-gke.9", [("dns", 53), ("dns-tcp", 53)], ("150m", "20Mi"), args=["-v=2", "-logtostderr", "-configDir=/etc/k8s/dns/dnsmasq-nanny", "-restartDnsmasq=true", "--", "-k", "--cache-size=1000", "--no-negcache", "--dns-forward-max=1500", "--log-facility=-", "--server=/cluster.local/127.0.0.1#10053"], udp=("dns",)),
                                                ctr("sidecar", g + "/k8s-dns-sidecar:1.23.0-gke.9", [("metrics", 10054)], ("10m", "20Mi"), args=["--v=2", "--logtostderr", "--probe=kubedns,127.0.0.1:10053,kubernetes.default.svc.cluster.local,5,SRV", "--probe=dnsmasq,127.0.0.1:53,kubernetes.default.svc.cluster.local,5,SRV"])],
                 sel={"k8s-app": "kube-dns"}, sa="kube-dns", pcn="system-cluster-critical", tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "components.gke.io/gke-managed-components", "operator": "Exists"}],
                 labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "kube-dns"})
        c.svc("kube-system", "kube-dns", {"k8s-app": "kube-dns"}, [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP")], cip=P["dns"], labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "KubeDNS"})
        c.ds("kube-system", "pdcsi-node", [ctr("csi-driver-registrar", g + "/csi-node-driver-registrar:v2.9.4-gke.17", req=("5m", "10Mi"), args=["--v=5", "--csi-address=/csi/csi.sock", "--kubelet-registration-path=/var/lib/kubelet/plugins/pd.csi.storage.gke.io/csi.sock"]),
                                           ctr("gce-pd-driver", g + "/gcp-compute-persistent-disk-csi-driver:v1.13.9-gke.0", req=("5m", "10Mi"), args=["--v=5", "--endpoint=unix:/csi/csi.sock", "--run-controller-service=false"], sc={"privileged": True})],
             {"k8s-app": "gcp-compute-persistent-disk-csi-driver"}, labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "gcp-compute-persistent-disk-csi-driver"}, sa="pdcsi-node-sa", tol=TOL_ALL, hostnet=True, pcn="system-node-critical")
        c.ds("kube-system", "fluentbit-gke", [ctr("fluentbit", g + "/fluent-bit:v1.8.12-gke.25", req=("50m", "100Mi"), lim=(None, "250Mi")),
                                              ctr("fluentbit-gke", g + "/fluent-bit-gke-exporter:v0.28.1-gke.1", [("metrics", 2021)], ("50m", "100Mi"), (None, "250Mi"))],
             {"k8s-app": "fluentbit-gke"}, labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "fluentbit-gke"}, sa="fluentbit-gke", tol=TOL_ALL, hostnet=True, pcn="system-node-critical")
        c.deploy("kube-system", "konnectivity-agent", 2, [ctr("konnectivity-agent", g + "/proxy-agent:v0.30.3-gke.1", [("metrics", 8093)], ("10m", "30Mi"), (None, "125Mi"), cmd=["/proxy-agent"], args=["--logtostderr=true", "--proxy-server-host=%s" % c.aux["apiserver_host"], "--proxy-server-port=8132", "--health-server-port=8093"], live=http("/healthz", 8093, 15, 10, 3, 15))],
                 sel={"k8s-app": "konnectivity-agent"}, sa="konnectivity-agent", pcn="system-cluster-critical", labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "konnectivity-agent"})
        c.deploy("kube-system", "metrics-server-v1.30.3", 1, [ctr("metrics-server", g + "/metrics-server:v0.7.1-gke.23", [("https", 10250)], ("48m", "105Mi"), args=["--metric-resolution=30s", "--kubelet-port=10255", "--deprecated-kubelet-completely-insecure=true", "--kubelet-preferred-address-types=InternalIP,Hostname,InternalDNS,ExternalDNS,ExternalIP"]),
                                                             ctr("metrics-server-nanny", g + "/addon-resizer:1.8.20-gke.1", req=("5m", "50Mi"), cmd=["/pod_nanny", "--config-dir=/etc/config", "--cpu=40m", "--extra-cpu=0.5m", "--memory=35Mi", "--extra-memory=4Mi", "--container=metrics-server", "--deployment=metrics-server-v1.30.3"])],
                 sel={"k8s-app": "metrics-server", "version": "v1.30.3"}, sa="metrics-server", pcn="system-cluster-critical", labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "metrics-server", "version": "v1.30.3"})
        c.svc("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [(None, 443, "https")], labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "metrics-server"})
        c.sc("standard-rwo", "pd.csi.storage.gke.io", {"type": "pd-balanced"}, default=True, ago=c.nsage["kube-system"] - 900, labels={"addonmanager.kubernetes.io/mode": "EnsureExists"}, ann={"components.gke.io/component-name": "pdcsi", "components.gke.io/component-version": "0.18.16"})
        c.sc("premium-rwo", "pd.csi.storage.gke.io", {"type": "pd-ssd"}, ago=c.nsage["kube-system"] - 900, labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
        c.sc("standard", "kubernetes.io/gce-pd", {"type": "pd-standard"}, binding="Immediate", ago=c.nsage["kube-system"] - 900, expand=True, labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
    elif kind == "doks":
        cni(c, "cilium", "v1.14.14")
        coredns(c, dns_ip=P["dns"], labels={"c3.doks.digitalocean.com/component": "coredns", "k8s-app": "kube-dns"})
        c.ds("kube-system", "csi-do-node", [ctr("csi-node-driver-registrar", R("sig-storage/csi-node-driver-registrar:v2.11.1"), args=["--v=2", "--csi-address=$(ADDRESS)", "--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)"], env=[("ADDRESS", "/csi/csi.sock"), ("DRIVER_REG_SOCK_PATH", "/var/lib/kubelet/plugins/dobs.csi.digitalocean.com/csi.sock")]),
                                            ctr("csi-do-plugin", "digitalocean/do-csi-plugin:v4.12.0", args=["--endpoint=$(CSI_ENDPOINT)", "--validate-attachment=true"], env=[("CSI_ENDPOINT", "unix:///csi/csi.sock")], sc={"privileged": True})],
             {"app": "csi-do-node"}, labels={"app": "csi-do-node", "c3.doks.digitalocean.com/component": "csi-node-service", "role": "csi-do"}, sa="csi-do-node-sa", tol=TOL_ALL, hostnet=True, pcn="system-node-critical")
        c.ds("kube-system", "do-node-agent", [ctr("do-node-agent", "docker.io/digitalocean/do-agent:3.16.9", req=("102m", "80Mi"), lim=(None, "300Mi"), cmd=["/bin/do-agent"], args=["--path.procfs=/host/proc", "--path.sysfs=/host/sys", "--k8s-metrics-path=http://kube-state-metrics.kube-system.svc.cluster.local:8080/metrics", "--additional-label=kubernetes_cluster_uuid:%s" % c.uid()])],
             {"app": "do-node-agent"}, labels={"app": "do-node-agent", "c3.doks.digitalocean.com/component": "do-node-agent"}, sa="do-node-agent", tol=[{"effect": "NoSchedule", "operator": "Exists"}], hostnet=True, pcn="system-node-critical")
        c.ds("kube-system", "konnectivity-agent", [ctr("konnectivity-agent", R("kas-network-proxy/proxy-agent:v0.30.3"), args=["--logtostderr=true", "--proxy-server-host=%s" % c.aux["apiserver_host"], "--proxy-server-port=8132", "--admin-server-port=8133", "--health-server-port=8134"], live=http("/healthz", 8134, 15, 10, 3, 15))],
             {"k8s-app": "konnectivity-agent"}, labels={"c3.doks.digitalocean.com/component": "konnectivity-agent", "k8s-app": "konnectivity-agent"}, sa="konnectivity-agent", tol=TOL_ALL, hostnet=True, pcn="system-cluster-critical")
        c.sc("do-block-storage", "dobs.csi.digitalocean.com", None, binding="Immediate", default=True, ago=c.nsage["kube-system"] - 900, labels={"c3.doks.digitalocean.com/component": "csi-controller-service"})
        c.sc("do-block-storage-xfs", "dobs.csi.digitalocean.com", {"fstype": "xfs"}, binding="Immediate", ago=c.nsage["kube-system"] - 900)


# ---------------------------------------------------------------- storage back-ends
def rook(c, osd_nodes, ver="v1.14.9", ceph="quay.io/ceph/ceph:v18.2.4", ns="rook-ceph", default=True, age=None):
    c.ns(ns, age or c.nsage["kube-system"] - 2 * D, {"pod-security.kubernetes.io/enforce": "privileged"})
    cc = c.crd("ceph.rook.io/v1", "CephCluster", ns)
    for sname, keys in (("rook-csi-rbd-provisioner", ["userID", "userKey"]), ("rook-csi-rbd-node", ["userID", "userKey"]), ("rook-ceph-mon", ["admin-secret", "ceph-secret", "ceph-username", "cluster-name", "fsid", "mon-secret"]),
                        ("rook-ceph-admin-keyring", ["keyring"]), ("rook-csi-cephfs-provisioner", ["adminID", "adminKey"]), ("rook-csi-cephfs-node", ["adminID", "adminKey"])):
        c.secret(ns, sname, keys, "kubernetes.io/rook" if sname.startswith("rook-csi") else "kubernetes.io/rook", owner=cc if False else None)
    c.cm(ns, "rook-ceph-operator-config", {"CSI_ENABLE_RBD_SNAPSHOTTER": "true", "CSI_PROVISIONER_REPLICAS": "2", "ROOK_CSI_ENABLE_CEPHFS": "true", "ROOK_CSI_ENABLE_RBD": "true", "ROOK_LOG_LEVEL": "INFO", "ROOK_USE_CSI_OPERATOR": "false"})
    c.deploy(ns, "rook-ceph-operator", 1, [ctr("rook-ceph-operator", "docker.io/rook/ceph:" + ver, req=("200m", "128Mi"), lim=(None, "512Mi"), args=["ceph", "operator"],
                                                 env=[("ROOK_CURRENT_NAMESPACE_ONLY", "false"), ("POD_NAME", ("field", "metadata.name")), ("POD_NAMESPACE", ("field", "metadata.namespace"))],
                                                 mounts=[("rook-config", "/var/lib/rook"), ("default-config-dir", "/etc/ceph")], sc={"capabilities": {"drop": ["ALL"]}, "runAsGroup": 2016, "runAsNonRoot": True, "runAsUser": 2016})],
             sel={"app": "rook-ceph-operator"}, sa="rook-ceph-system", vols=[v_empty("rook-config"), v_empty("default-config-dir")],
             labels={"app": "rook-ceph-operator", "app.kubernetes.io/managed-by": "Helm", "helm.sh/chart": "rook-ceph-" + ver, "operator": "rook", "storage-backend": "ceph"})
    c.helm(ns, "rook-ceph", 4)
    c.ds(ns, "csi-rbdplugin", [ctr("driver-registrar", R("sig-storage/csi-node-driver-registrar:v2.11.1"), args=["--v=0", "--csi-address=/csi/csi.sock", "--kubelet-registration-path=/var/lib/kubelet/plugins/%s.rbd.csi.ceph.com/csi.sock" % ns], mounts=[("plugin-dir", "/csi"), ("registration-dir", "/registration")], sc={"privileged": True}),
                               ctr("csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.11.0", args=["--nodeid=$(NODE_ID)", "--endpoint=$(CSI_ENDPOINT)", "--v=0", "--type=rbd", "--nodeserver=true", "--drivername=%s.rbd.csi.ceph.com" % ns, "--pidlimit=-1", "--metricsport=9090", "--stagingpath=/var/lib/kubelet/plugins/kubernetes.io/csi/"],
                                   env=[("NODE_ID", ("field", "spec.nodeName")), ("CSI_ENDPOINT", "unix:///csi/csi.sock")], mounts=[("plugin-dir", "/csi"), ("pods-mount-dir", "/var/lib/kubelet/pods"), ("host-dev", "/dev"), ("ceph-csi-configs", "/etc/ceph-csi-config/")], sc={"privileged": True, "capabilities": {"add": ["SYS_ADMIN"]}})],
         {"app": "csi-rbdplugin"}, labels={"app": "csi-rbdplugin", "contains": "csi-rbdplugin-metrics"}, sa="rook-csi-rbd-plugin-sa", hostnet=True, pcn="system-node-critical", tol=[{"effect": "NoSchedule", "key": "storage-node", "operator": "Exists"}],
         vols=[v_host("plugin-dir", "/var/lib/kubelet/plugins/%s.rbd.csi.ceph.com" % ns, "DirectoryOrCreate"), v_host("registration-dir", "/var/lib/kubelet/plugins_registry/", "Directory"), v_host("pods-mount-dir", "/var/lib/kubelet/pods", "Directory"), v_host("host-dev", "/dev"), v_cm("ceph-csi-configs", "rook-ceph-csi-config", [("csi-cluster-config-json", "config.json")])])
    c.cm(ns, "rook-ceph-csi-config", {"csi-cluster-config-json": "[{\"clusterID\":\"%s\",\"monitors\":[\"%s:6789\",\"%s:6789\",\"%s:6789\"],\"namespace\":\"%s\"}]" % (ns, c.svc_ip(), c.svc_ip(), c.svc_ip(), ns)})
    prov = c.deploy(ns, "csi-rbdplugin-provisioner", 1, [
        ctr("csi-provisioner", R("sig-storage/csi-provisioner:v4.0.1"), args=["--csi-address=$(ADDRESS)", "--v=0", "--timeout=2m30s", "--retry-interval-start=500ms", "--leader-election=true", "--leader-election-namespace=%s" % ns, "--default-fstype=ext4", "--extra-create-metadata=true", "--prevent-volume-mode-conversion=true", "--feature-gates=HonorPVReclaimPolicy=true"], env=[("ADDRESS", "unix:///csi/csi-provisioner.sock")], mounts=[("socket-dir", "/csi")]),
        ctr("csi-resizer", R("sig-storage/csi-resizer:v1.10.1"), args=["--csi-address=$(ADDRESS)", "--v=0", "--timeout=2m30s", "--leader-election=true", "--leader-election-namespace=%s" % ns, "--handle-volume-inuse-error=false"], env=[("ADDRESS", "unix:///csi/csi-provisioner.sock")], mounts=[("socket-dir", "/csi")]),
        ctr("csi-attacher", R("sig-storage/csi-attacher:v4.5.1"), args=["--v=0", "--timeout=2m30s", "--csi-address=$(ADDRESS)", "--leader-election=true", "--leader-election-namespace=%s" % ns], env=[("ADDRESS", "/csi/csi-provisioner.sock")], mounts=[("socket-dir", "/csi")]),
        ctr("csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.11.0", args=["--nodeid=$(NODE_ID)", "--endpoint=$(CSI_ENDPOINT)", "--v=0", "--type=rbd", "--controllerserver=true", "--drivername=%s.rbd.csi.ceph.com" % ns, "--pidlimit=-1"], env=[("NODE_ID", ("field", "spec.nodeName")), ("CSI_ENDPOINT", "unix:///csi/csi-provisioner.sock")], mounts=[("socket-dir", "/csi"), ("ceph-csi-configs", "/etc/ceph-csi-config/")])],
        sel={"app": "csi-rbdplugin-provisioner"}, labels={"app": "csi-rbdplugin-provisioner", "contains": "csi-rbdplugin-metrics"}, sa="rook-csi-rbd-provisioner-sa", pcn="system-cluster-critical",
        vols=[v_empty("socket-dir", "Memory"), v_cm("ceph-csi-configs", "rook-ceph-csi-config", [("csi-cluster-config-json", "config.json")])])
    c.aux["rbd_prov_pod"] = prov[2][0]["metadata"]["name"]
    mons = {}
    for i, m in enumerate("abc"):
        n = osd_nodes[i % len(osd_nodes)]
        mons[m] = c.deploy(ns, "rook-ceph-mon-" + m, 1, [ctr("mon", ceph, [("tcp-msgr1", 6789), ("tcp-msgr2", 3300)], ("500m", "1Gi"), lim=(None, "2Gi"), cmd=["ceph-mon"],
                                                             args=["--fsid=%s" % c.aux.setdefault("fsid", c.uid()), "--keyring=/etc/ceph/keyring-store/keyring", "--default-log-to-stderr=true", "--mon-host=$(ROOK_CEPH_MON_HOST)", "--id=%s" % m, "--setuser=ceph", "--setgroup=ceph", "--public-addr=$(ROOK_POD_IP)"],
                                                             env=[("ROOK_POD_IP", ("field", "status.podIP")), ("ROOK_CEPH_MON_HOST", ("secret", "rook-ceph-config", "mon_host"))],
                                                             mounts=[("rook-ceph-mons-keyring", "/etc/ceph/keyring-store/", True), ("ceph-daemon-data", "/var/lib/ceph/mon/ceph-%s" % m)],
                                                             live=execp(["env", "-i", "sh", "-c", "ceph --admin-daemon /run/ceph/ceph-mon.%s.asok mon_status" % m], 10, 10, 3, 5))],
                           sel={"app": "rook-ceph-mon", "ceph_daemon_id": m, "mon": m, "rook_cluster": ns}, labels={"app": "rook-ceph-mon", "app.kubernetes.io/component": "cephclusters.ceph.rook.io", "app.kubernetes.io/part-of": ns, "ceph_daemon_id": m, "ceph_daemon_type": "mon", "mon": m, "rook_cluster": ns},
                           sa="default", nodes=[n], owner=cc, nsel={"kubernetes.io/hostname": n}, strategy={"type": "Recreate"}, pcn="system-node-critical",
                           vols=[v_sec("rook-ceph-mons-keyring", "rook-ceph-mons-keyring"), v_host("ceph-daemon-data", "/var/lib/rook/mon-%s/data" % m)])
    c.secret(ns, "rook-ceph-mons-keyring", ["keyring"], "kubernetes.io/rook")
    c.secret(ns, "rook-ceph-config", ["mon_host", "mon_initial_members"], "kubernetes.io/rook")
    c.deploy(ns, "rook-ceph-mgr-a", 1, [ctr("mgr", ceph, [("mgr", 6800), ("http-metrics", 9283), ("dashboard", 8443)], ("500m", "512Mi"), lim=(None, "1Gi"), cmd=["ceph-mgr"], args=["--fsid=%s" % c.aux["fsid"], "--id=a", "--foreground"],
                                             mounts=[("rook-ceph-mgr-a-keyring", "/etc/ceph/keyring-store/", True)], live=execp(["env", "-i", "sh", "-c", "ceph --admin-daemon /run/ceph/ceph-mgr.a.asok status"], 10, 10, 3, 5))],
             sel={"app": "rook-ceph-mgr", "ceph_daemon_id": "a", "instance": "a", "mgr": "a", "rook_cluster": ns}, labels={"app": "rook-ceph-mgr", "ceph_daemon_id": "a", "ceph_daemon_type": "mgr", "instance": "a", "mgr": "a", "mgr_role": "active", "rook_cluster": ns},
             owner=cc, strategy={"type": "Recreate"}, pcn="system-cluster-critical", vols=[v_sec("rook-ceph-mgr-a-keyring", "rook-ceph-mgr-a-keyring")], nodes=osd_nodes)
    c.secret(ns, "rook-ceph-mgr-a-keyring", ["keyring"], "kubernetes.io/rook")
    for i, n in enumerate(osd_nodes[:3]):
        c.deploy(ns, "rook-ceph-osd-%d" % i, 1, [ctr("osd", ceph, req=("500m", "2Gi"), lim=(None, "4Gi"), cmd=["ceph-osd"], args=["--foreground", "--id", str(i), "--fsid", c.aux["fsid"], "--setuser", "ceph", "--setgroup", "ceph", "--crush-location=root=default host=%s" % n, "--osd-op-num-threads-per-shard=2"],
                                                     env=[("ROOK_OSD_UUID", c.uid()), ("ROOK_OSD_ID", str(i)), ("ROOK_CEPH_VERSION", "ceph version 18.2.4-0 reef")], mounts=[("rook-data", "/var/lib/rook"), ("devices", "/dev")],
                                                     live=execp(["env", "-i", "sh", "-c", "ceph --admin-daemon /run/ceph/ceph-osd.%d.asok status" % i], 10, 10, 3, 5), sc={"privileged": True, "runAsUser": 0})],
                 sel={"app": "rook-ceph-osd", "ceph-osd-id": str(i), "rook_cluster": ns}, labels={"app": "rook-ceph-osd", "ceph-osd-id": str(i), "ceph_daemon_id": str(i), "ceph_daemon_type": "osd", "device-class": "ssd", "failure-domain": n, "osd": str(i), "portable": "false", "rook_cluster": ns, "topology-location-host": n, "topology-location-root": "default"},
                 owner=cc, nodes=[n], nsel={"kubernetes.io/hostname": n}, strategy={"type": "Recreate"}, pcn="system-node-critical", vols=[v_host("rook-data", "/var/lib/rook"), v_host("devices", "/dev")])
    for m in "abc":
        c.svc(ns, "rook-ceph-mon-" + m, {"app": "rook-ceph-mon", "ceph_daemon_id": m, "mon": m, "mon_cluster": ns, "rook_cluster": ns} if False else {"app": "rook-ceph-mon", "ceph_daemon_id": m, "mon": m, "rook_cluster": ns},
              [("tcp-msgr1", 6789, 6789), ("tcp-msgr2", 3300, 3300)], labels={"app": "rook-ceph-mon", "ceph_daemon_id": m, "mon": m, "rook_cluster": ns}, owner=cc)
    c.svc(ns, "rook-ceph-mgr", {"app": "rook-ceph-mgr", "mgr_role": "active", "rook_cluster": ns}, [("http-metrics", 9283, 9283)], labels={"app": "rook-ceph-mgr", "rook_cluster": ns}, owner=cc)
    par = {"clusterID": ns, "pool": "replicapool", "imageFormat": "2", "imageFeatures": "layering",
           "csi.storage.k8s.io/provisioner-secret-name": "rook-csi-rbd-provisioner", "csi.storage.k8s.io/provisioner-secret-namespace": ns,
           "csi.storage.k8s.io/controller-expand-secret-name": "rook-csi-rbd-provisioner", "csi.storage.k8s.io/controller-expand-secret-namespace": ns,
           "csi.storage.k8s.io/node-stage-secret-name": "rook-csi-rbd-node", "csi.storage.k8s.io/node-stage-secret-namespace": ns, "csi.storage.k8s.io/fstype": "ext4"}
    c.sc("ceph-block", ns + ".rbd.csi.ceph.com", par, binding="Immediate", default=default, ago=c.nsage[ns] - 3000)
    return par


def longhorn(c, ns="longhorn-system", default=True, ver="v1.6.2", age=None):
    c.ns(ns, age or c.nsage["kube-system"] - 3 * D, {"pod-security.kubernetes.io/enforce": "privileged"})
    lab = {"app.kubernetes.io/instance": "longhorn", "app.kubernetes.io/name": "longhorn", "app.kubernetes.io/version": ver}
    c.ds(ns, "longhorn-manager", [ctr("longhorn-manager", "longhornio/longhorn-manager:" + ver, [("manager", 9500), ("conversion-wh", 9501), ("admission-wh", 9502), ("recov-backend", 9503)],
                                      cmd=["longhorn-manager", "-d", "daemon", "--engine-image", "longhornio/longhorn-engine:" + ver, "--instance-manager-image", "longhornio/longhorn-instance-manager:" + ver, "--manager-image", "longhornio/longhorn-manager:" + ver, "--service-account", "longhorn-service-account"],
                                      env=[("POD_NAMESPACE", ("field", "metadata.namespace")), ("POD_IP", ("field", "status.podIP")), ("NODE_NAME", ("field", "spec.nodeName"))],
                                      mounts=[("dev", "/host/dev/"), ("proc", "/host/proc/"), ("longhorn", "/var/lib/longhorn/")], ready=http("/v1/healthz", 9501, 0, 10, 3, 1, "HTTPS"), sc={"privileged": True}),
                                  ctr("pre-pull-share-manager-image", "longhornio/longhorn-share-manager:" + ver, cmd=["sh", "-c", "echo share-manager image pulled && sleep infinity"])],
         {"app": "longhorn-manager"}, labels=dict(lab, app="longhorn-manager"), sa="longhorn-service-account", vols=[v_host("dev", "/dev/"), v_host("proc", "/proc/"), v_host("longhorn", "/var/lib/longhorn/")])
    c.deploy(ns, "longhorn-driver-deployer", 1, [ctr("longhorn-driver-deployer", "longhornio/longhorn-manager:" + ver, cmd=["longhorn-manager", "-d", "deploy-driver", "--manager-image", "longhornio/longhorn-manager:" + ver, "--manager-url", "http://longhorn-backend:9500/v1"],
                                                     env=[("POD_NAMESPACE", ("field", "metadata.namespace")), ("NODE_NAME", ("field", "spec.nodeName")), ("SERVICE_ACCOUNT", ("field", "spec.serviceAccountName"))])],
             sel={"app": "longhorn-driver-deployer"}, labels=dict(lab, app="longhorn-driver-deployer"), sa="longhorn-service-account",
             init=[ctr("wait-longhorn-manager", "longhornio/longhorn-manager:" + ver, cmd=["sh", "-c", "while [ $(curl -m 1 -s -o /dev/null -w \"%{http_code}\" http://longhorn-backend:9500/v1) != \"200\" ]; do echo waiting; sleep 2; done"])])
    c.deploy(ns, "longhorn-ui", 1, [ctr("longhorn-ui", "longhornio/longhorn-ui:" + ver, [("http", 8000)], env=[("LONGHORN_MANAGER_IP", "http://longhorn-backend:9500"), ("LONGHORN_UI_PORT", "8000")])],
             sel={"app": "longhorn-ui"}, labels=dict(lab, app="longhorn-ui"), sa="longhorn-ui-service-account")
    c.deploy(ns, "csi-provisioner", 1, [ctr("csi-provisioner", "longhornio/csi-provisioner:v3.6.4", args=["--v=2", "--csi-address=$(ADDRESS)", "--timeout=1m50s", "--leader-election", "--leader-election-namespace=$(POD_NAMESPACE)", "--default-fstype=ext4"],
                                             env=[("ADDRESS", "/csi/csi.sock"), ("POD_NAMESPACE", ("field", "metadata.namespace"))], mounts=[("socket-dir", "/csi/")])],
             sel={"app": "csi-provisioner"}, labels={"app": "csi-provisioner", "longhorn.io/managed-by": "longhorn-manager"}, sa="longhorn-service-account", vols=[v_host("socket-dir", "/var/lib/kubelet/plugins/driver.longhorn.io", "DirectoryOrCreate")])
    c.svc(ns, "longhorn-backend", {"app": "longhorn-manager"}, [("manager", 9500, "manager")], labels=dict(lab, app="longhorn-manager"))
    c.svc(ns, "longhorn-frontend", {"app": "longhorn-ui"}, [("http", 80, "http")], labels=dict(lab, app="longhorn-ui"))
    c.helm(ns, "longhorn", 3)
    c.cm(ns, "longhorn-storageclass", {"storageclass.yaml": "kind: StorageClass\napiVersion: storage.k8s.io/v1\nmetadata:\n  name: longhorn\n  annotations:\n    storageclass.kubernetes.io/is-default-class: \"true\"\nprovisioner: driver.longhorn.io\nallowVolumeExpansion: true\nreclaimPolicy: \"Delete\"\nvolumeBindingMode: Immediate\nparameters:\n  numberOfReplicas: \"3\"\n  staleReplicaTimeout: \"30\"\n  fromBackup: \"\"\n  fsType: \"ext4\"\n  dataLocality: \"disabled\"\n"})
    return c.sc("longhorn", "driver.longhorn.io", {"numberOfReplicas": "3", "staleReplicaTimeout": "30", "fromBackup": "", "fsType": "ext4", "dataLocality": "disabled"},
                binding="Immediate", default=default, ago=c.nsage[ns] - 600, ann={"longhorn.io/last-applied-configmap": "kind: StorageClass\napiVersion: storage.k8s.io/v1\n..."})


def topolvm(c, nodes, ns="topolvm-system", age=None, scname="topolvm-provisioner", default=True, nsel=None):
    c.ns(ns, age or c.nsage["kube-system"] - 4 * D, {"topolvm.io/webhook": "ignore", "pod-security.kubernetes.io/enforce": "privileged"})
    for n in nodes:
        c.get("Node", None, n)["metadata"]["labels"]["topology.topolvm.io/node"] = n
        c.get("Node", None, n)["metadata"].setdefault("annotations", {})["capacity.topolvm.io/00default"] = str(c.r.randint(300, 1600) * 1024 ** 3)
    c.cm(ns, "topolvm-lvmd-0", {"lvmd.yaml": "socket-name: /run/topolvm/lvmd.sock\ndevice-classes: \n  - default: true\n    name: ssd\n    spare-gb: 10\n    volume-group: vg-topolvm\n"})
    c.deploy(ns, "topolvm-controller", 2, [ctr("topolvm-controller", "ghcr.io/topolvm/topolvm-with-sidecar:0.30.0", [("healthz", 9808), ("metrics", 8080)], cmd=["/topolvm-controller", "--cert-dir=/certs"], mounts=[("socket-dir", "/run/topolvm"), ("certs", "/certs")], live=http("/healthz", "healthz", 10, 60, 3, 3), ready=http("/metrics", 8080, 0, 10, 3, 1)),
                                           ctr("csi-provisioner", "ghcr.io/topolvm/topolvm-with-sidecar:0.30.0", cmd=["/csi-provisioner", "--csi-address=/run/topolvm/csi-topolvm.sock", "--feature-gates=Topology=true", "--leader-election", "--leader-election-namespace=topolvm-system", "--http-endpoint=:9809", "--enable-capacity", "--capacity-ownerref-level=2"], mounts=[("socket-dir", "/run/topolvm")]),
                                           ctr("csi-resizer", "ghcr.io/topolvm/topolvm-with-sidecar:0.30.0", cmd=["/csi-resizer", "--csi-address=/run/topolvm/csi-topolvm.sock", "--leader-election", "--leader-election-namespace=topolvm-system"], mounts=[("socket-dir", "/run/topolvm")])],
             sel={"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "topolvm", "app.kubernetes.io/name": "topolvm"}, sa="topolvm-controller",
             vols=[v_empty("socket-dir"), v_sec("certs", "topolvm-mutatingwebhook")])
    c.secret(ns, "topolvm-mutatingwebhook", ["ca.crt", "tls.crt", "tls.key"], "kubernetes.io/tls")
    c.ds(ns, "topolvm-node", [ctr("topolvm-node", "ghcr.io/topolvm/topolvm-with-sidecar:0.30.0", [("healthz", 9808), ("metrics", 8080)], ("250m", "250Mi"), cmd=["/topolvm-node", "--embed-lvmd"], env=[("NODE_NAME", ("field", "spec.nodeName"))],
                                  mounts=[("node-plugin-dir", "/run/topolvm"), ("lvmd-config-dir", "/etc/topolvm"), ("pod-volumes-dir", "/var/lib/kubelet/pods"), ("devices-dir", "/dev")], live=http("/healthz", "healthz", 10, 60, 3, 3), sc={"privileged": True}),
                              ctr("csi-registrar", "ghcr.io/topolvm/topolvm-with-sidecar:0.30.0", cmd=["/csi-node-driver-registrar", "--csi-address=/run/topolvm/csi-topolvm.sock", "--kubelet-registration-path=/var/lib/kubelet/plugins/topolvm.io/node/csi-topolvm.sock", "--http-endpoint=:9809"], mounts=[("node-plugin-dir", "/run/topolvm"), ("registration-dir", "/registration")]),
                              ctr("liveness-probe", "ghcr.io/topolvm/topolvm-with-sidecar:0.30.0", cmd=["/livenessprobe", "--csi-address=/run/topolvm/csi-topolvm.sock", "--http-endpoint=:9808"], mounts=[("node-plugin-dir", "/run/topolvm")])],
         {"app.kubernetes.io/component": "node", "app.kubernetes.io/instance": "topolvm", "app.kubernetes.io/name": "topolvm"}, sa="topolvm-node", hostnet=False,
         nsel=nsel,
         vols=[v_host("registration-dir", "/var/lib/kubelet/plugins_registry/", "Directory"), v_host("node-plugin-dir", "/var/lib/kubelet/plugins/topolvm.io/node", "DirectoryOrCreate"), v_cm("lvmd-config-dir", "topolvm-lvmd-0"), v_host("pod-volumes-dir", "/var/lib/kubelet/pods", "DirectoryOrCreate"), v_host("devices-dir", "/dev", "Directory")])
    c.helm(ns, "topolvm", 2)
    return c.sc(scname, "topolvm.io", {"csi.storage.k8s.io/fstype": "xfs", "topolvm.io/device-class": "ssd"}, binding="WaitForFirstConsumer", default=default, ago=c.nsage[ns] - 500,
                labels={"app.kubernetes.io/managed-by": "Helm"}, ann={"meta.helm.sh/release-name": "topolvm", "meta.helm.sh/release-namespace": ns})


def openebs(c, ns="openebs", lvm_nodes=None, default=True, age=None, hostpath=True):
    c.ns(ns, age or c.nsage["kube-system"] - 5 * D, {"pod-security.kubernetes.io/enforce": "privileged"})
    if hostpath:
        c.deploy(ns, "openebs-localpv-provisioner", 1, [ctr("openebs-localpv-provisioner", "openebs/provisioner-localpv:4.1.1", env=[("OPENEBS_NAMESPACE", ("field", "metadata.namespace")), ("NODE_NAME", ("field", "spec.nodeName")), ("OPENEBS_SERVICE_ACCOUNT", ("field", "spec.serviceAccountName")), ("OPENEBS_IO_ENABLE_ANALYTICS", "false"), ("OPENEBS_IO_BASE_PATH", "/var/openebs/local"), ("OPENEBS_IO_HELPER_IMAGE", "openebs/linux-utils:4.1.0")],
                                                                live=execp(["sh", "-c", "test `pgrep -c \"^provisioner-loc.*\"` = 1"], 30, 60, 3, 1))],
                 sel={"app": "localpv-provisioner", "release": "openebs", "component": "localpv-provisioner"}, labels={"app": "localpv-provisioner", "chart": "localpv-provisioner-4.1.1", "component": "localpv-provisioner", "heritage": "Helm", "openebs.io/component-name": "openebs-localpv-provisioner", "release": "openebs"},
                 sa="openebs-localpv-provisioner", strategy={"type": "Recreate"})
        c.sc("openebs-hostpath", "openebs.io/local", None, binding="WaitForFirstConsumer", reclaim="Delete", default=default and not lvm_nodes, expand=False, ago=c.nsage[ns] - 600,
             ann={"cas.openebs.io/config": "- name: StorageType\n  value: \"hostpath\"\n- name: BasePath\n  value: \"/var/openebs/local\"\n", "openebs.io/cas-type": "local"})
    if lvm_nodes:
        for n in lvm_nodes:
            c.get("Node", None, n)["metadata"]["labels"]["openebs.io/nodename"] = n
        c.deploy(ns, "openebs-lvm-localpv-controller", 1, [ctr("csi-resizer", R("sig-storage/csi-resizer:v1.8.0"), args=["--v=5", "--csi-address=$(ADDRESS)", "--leader-election"], env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
                                                           ctr("csi-provisioner", R("sig-storage/csi-provisioner:v3.5.0"), args=["--csi-address=$(ADDRESS)", "--v=5", "--feature-gates=Topology=true", "--strict-topology", "--leader-election", "--enable-capacity=true", "--extra-create-metadata=true", "--default-fstype=ext4"], env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
                                                           ctr("openebs-lvm-plugin", "openebs/lvm-driver:1.6.1", args=["--endpoint=$(OPENEBS_CSI_ENDPOINT)", "--plugin=$(OPENEBS_CONTROLLER_DRIVER)", "--kube-api-qps=0", "--kube-api-burst=0"], env=[("OPENEBS_CONTROLLER_DRIVER", "controller"), ("OPENEBS_CSI_ENDPOINT", "unix:///var/lib/csi/sockets/pluginproxy/csi.sock"), ("LVM_NAMESPACE", "openebs")], mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")])],
                 sel={"app": "openebs-lvm-controller", "component": "openebs-lvm-controller", "release": "openebs"}, sa="openebs-lvm-controller-sa", vols=[v_empty("socket-dir")], pcn="system-cluster-critical" if False else None)
        c.ds(ns, "openebs-lvm-localpv-node", [ctr("csi-node-driver-registrar", R("sig-storage/csi-node-driver-registrar:v2.8.0"), args=["--v=5", "--csi-address=$(ADDRESS)", "--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)"], env=[("ADDRESS", "/plugin/csi.sock"), ("DRIVER_REG_SOCK_PATH", "/var/lib/kubelet/plugins/lvm-localpv/csi.sock")], mounts=[("plugin-dir", "/plugin"), ("registration-dir", "/registration")]),
                                              ctr("openebs-lvm-plugin", "openebs/lvm-driver:1.6.1", args=["--nodeid=$(OPENEBS_NODE_ID)", "--endpoint=$(OPENEBS_CSI_ENDPOINT)", "--plugin=$(OPENEBS_NODE_DRIVER)", "--kube-api-qps=0", "--kube-api-burst=0", "--listen-address=$(METRICS_LISTEN_ADDRESS)"], env=[("OPENEBS_NODE_ID", ("field", "spec.nodeName")), ("OPENEBS_CSI_ENDPOINT", "unix:///plugin/csi.sock"), ("OPENEBS_NODE_DRIVER", "agent"), ("LVM_NAMESPACE", "openebs"), ("METRICS_LISTEN_ADDRESS", ":9500")],
                                                  mounts=[("plugin-dir", "/plugin"), ("device-dir", "/dev"), ("pods-mount-dir", "/var/lib/kubelet/")], sc={"allowPrivilegeEscalation": True, "privileged": True})],
             {"app": "openebs-lvm-node", "component": "openebs-lvm-node", "release": "openebs"}, sa="openebs-lvm-node-sa", hostnet=True, pcn=None,
             vols=[v_host("device-dir", "/dev", "Directory"), v_host("registration-dir", "/var/lib/kubelet/plugins_registry/", "DirectoryOrCreate"), v_host("plugin-dir", "/var/lib/kubelet/plugins/lvm-localpv/", "DirectoryOrCreate"), v_host("pods-mount-dir", "/var/lib/kubelet/", "Directory")])
    c.helm(ns, "openebs", 2)


def nfs_subdir(c, server, path, ns="nfs-provisioner", default=False, age=None, scname="nfs-client", mopts=None, sc_ago=None):
    c.ns(ns, age or c.nsage["kube-system"] - 6 * D)
    c.aux["nfs_server"], c.aux["nfs_path"] = server, path
    c.deploy(ns, "nfs-subdir-external-provisioner", 1, [ctr("nfs-subdir-external-provisioner", R("sig-storage/nfs-subdir-external-provisioner:v4.0.2"), env=[("PROVISIONER_NAME", "cluster.local/nfs-subdir-external-provisioner"), ("NFS_SERVER", server), ("NFS_PATH", path)],
                                                              mounts=[("nfs-subdir-external-provisioner-root", "/persistentvolumes")])],
             sel={"app": "nfs-subdir-external-provisioner", "release": "nfs-subdir-external-provisioner"}, labels={"app": "nfs-subdir-external-provisioner", "app.kubernetes.io/managed-by": "Helm", "chart": "nfs-subdir-external-provisioner-4.0.18", "release": "nfs-subdir-external-provisioner"},
             sa="nfs-subdir-external-provisioner", strategy={"type": "Recreate"}, vols=[{"name": "nfs-subdir-external-provisioner-root", "nfs": {"path": path, "server": server}}])
    c.helm(ns, "nfs-subdir-external-provisioner", 1)
    return c.sc(scname, "cluster.local/nfs-subdir-external-provisioner", {"archiveOnDelete": "true"}, binding="Immediate", default=default, ago=sc_ago or c.nsage[ns] - 400,
                mopts=mopts, labels={"app": "nfs-subdir-external-provisioner", "app.kubernetes.io/managed-by": "Helm", "chart": "nfs-subdir-external-provisioner-4.0.18", "heritage": "Helm", "release": "nfs-subdir-external-provisioner"})


# ---------------------------------------------------------------- add-ons
def addon(c, name, scn=None, lb=None, age=None, nodes=None):
    age = age or c.nsage["kube-system"] - c.r.randint(7, 30) * D
    if name == "monitoring":
        ns = "monitoring"
        c.ns(ns, age)
        rel = {"release": "kube-prometheus-stack", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/instance": "kube-prometheus-stack", "chart": "kube-prometheus-stack-61.7.2", "heritage": "Helm"}
        c.helm(ns, "kube-prometheus-stack", c.r.randint(4, 14))
        c.deploy(ns, "kube-prometheus-stack-operator", 1, [ctr("kube-prometheus-stack", "quay.io/prometheus-operator/prometheus-operator:v0.75.2", [("https", 10250)], args=["--kubelet-service=kube-system/kube-prometheus-stack-kubelet", "--localhost=127.0.0.1", "--prometheus-config-reloader=quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2", "--config-reloader-cpu-request=0", "--web.enable-tls=true", "--web.listen-address=:10250"],
                                                               sc={"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "capabilities": {"drop": ["ALL"]}})],
                 sel={"app": "kube-prometheus-stack-operator", "release": "kube-prometheus-stack"}, labels=dict(rel, app="kube-prometheus-stack-operator"), sa="kube-prometheus-stack-operator", nodes=nodes)
        c.deploy(ns, "kube-prometheus-stack-grafana", 1, [ctr("grafana-sc-dashboard", "quay.io/kiwigrid/k8s-sidecar:1.27.4", env=[("METHOD", "WATCH"), ("LABEL", "grafana_dashboard"), ("FOLDER", "/tmp/dashboards"), ("RESOURCE", "both")], mounts=[("sc-dashboard-volume", "/tmp/dashboards")]),
                                                          ctr("grafana", "docker.io/grafana/grafana:11.1.4", [("grafana", 3000)], env=[("GF_SECURITY_ADMIN_USER", ("secret", "kube-prometheus-stack-grafana", "admin-user")), ("GF_SECURITY_ADMIN_PASSWORD", ("secret", "kube-prometheus-stack-grafana", "admin-password")), ("GF_PATHS_DATA", "/var/lib/grafana/")],
                                                              mounts=[("config", "/etc/grafana/grafana.ini"), ("storage", "/var/lib/grafana"), ("sc-dashboard-volume", "/tmp/dashboards")], live=http("/api/health", 3000, 60, 10, 10, 30), ready=http("/api/health", 3000))],
                 sel={"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "grafana"}, labels={"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "grafana", "app.kubernetes.io/version": "11.1.4", "helm.sh/chart": "grafana-8.4.4"},
                 sa="kube-prometheus-stack-grafana", vols=[v_cm("config", "kube-prometheus-stack-grafana"), v_empty("storage"), v_empty("sc-dashboard-volume")], nodes=nodes, tann={"checksum/config": c.hexs(64), "checksum/secret": c.hexs(64)})
        c.cm(ns, "kube-prometheus-stack-grafana", {"grafana.ini": "[analytics]\ncheck_for_updates = true\n[grafana_net]\nurl = https://grafana.net\n[log]\nmode = console\n[paths]\ndata = /var/lib/grafana/\nlogs = /var/log/grafana\nplugins = /var/lib/grafana/plugins\nprovisioning = /etc/grafana/provisioning\n[server]\ndomain = ''\n"})
        c.secret(ns, "kube-prometheus-stack-grafana", ["admin-password", "admin-user", "ldap-toml"])
        c.deploy(ns, "kube-prometheus-stack-kube-state-metrics", 1, [ctr("kube-state-metrics", R("kube-state-metrics/kube-state-metrics:v2.13.0"), [("http", 8080)], args=["--port=8080", "--resources=certificatesigningrequests,configmaps,cronjobs,daemonsets,deployments,endpoints,horizontalpodautoscalers,ingresses,jobs,leases,limitranges,mutatingwebhookconfigurations,namespaces,networkpolicies,nodes,persistentvolumeclaims,persistentvolumes,poddisruptionbudgets,pods,replicasets,replicationcontrollers,resourcequotas,secrets,services,statefulsets,storageclasses,validatingwebhookconfigurations,volumeattachments"],
                                                                         live=http("/livez", 8080, 5, 10, 3, 5), ready=http("/readyz", 8081, 5, 10, 3, 5))],
                 sel={"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "kube-state-metrics"}, sa="kube-prometheus-stack-kube-state-metrics", nodes=nodes)
        c.ds(ns, "kube-prometheus-stack-prometheus-node-exporter", [ctr("node-exporter", "quay.io/prometheus/node-exporter:v1.8.2", [("http-metrics", 9100)], args=["--path.procfs=/host/proc", "--path.sysfs=/host/sys", "--path.rootfs=/host/root", "--path.udev.data=/host/root/run/udev/data", "--web.listen-address=[$(HOST_IP)]:9100"],
                                                                        env=[("HOST_IP", "0.0.0.0")], mounts=[("proc", "/host/proc", True), ("sys", "/host/sys", True), ("root", "/host/root", True)], live=http("/", 9100, 0, 10, 3, 1), ready=http("/", 9100, 0, 10, 3, 1))],
             {"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "prometheus-node-exporter"}, labels={"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "prometheus-node-exporter", "jobLabel": "node-exporter", "release": "kube-prometheus-stack"},
             sa="kube-prometheus-stack-prometheus-node-exporter", tol=[{"effect": "NoSchedule", "operator": "Exists"}], hostnet=True, nsel={"kubernetes.io/os": "linux"},
             vols=[v_host("proc", "/proc"), v_host("sys", "/sys"), v_host("root", "/")], psc={"fsGroup": 65534, "runAsGroup": 65534, "runAsNonRoot": True, "runAsUser": 65534})
        pr = c.crd("monitoring.coreos.com/v1", "Prometheus", "kube-prometheus-stack-prometheus")
        c.sts(ns, "prometheus-kube-prometheus-stack-prometheus", 1, [ctr("prometheus", "quay.io/prometheus/prometheus:v2.54.0", [("http-web", 9090)], ("500m", "2Gi"), args=["--web.console.templates=/etc/prometheus/consoles", "--storage.tsdb.retention.time=10d", "--config.file=/etc/prometheus/config_out/prometheus.env.yaml", "--storage.tsdb.path=/prometheus", "--web.enable-lifecycle", "--web.route-prefix=/"],
                                                                         mounts=[("prometheus-kube-prometheus-stack-prometheus-db", "/prometheus")], ready=http("/-/ready", "http-web", 0, 5, 3, 3), startup=http("/-/ready", "http-web", 0, 15, 60, 3)),
                                                                     ctr("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2", [("reloader-web", 8080)], args=["--listen-address=:8080", "--reload-url=http://127.0.0.1:9090/-/reload", "--config-file=/etc/prometheus/config/prometheus.yaml.gz"])],
              "prometheus-operated", sel={"app.kubernetes.io/instance": "kube-prometheus-stack-prometheus", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": "kube-prometheus-stack-prometheus", "operator.prometheus.io/shard": "0", "prometheus": "kube-prometheus-stack-prometheus"},
              vct=[("prometheus-kube-prometheus-stack-prometheus-db", scn, "50Gi")] if scn else (), sa="kube-prometheus-stack-prometheus", owner=pr, pmp="Parallel", nodes=nodes,
              vols=None if scn else [v_empty("prometheus-kube-prometheus-stack-prometheus-db")])
        am = c.crd("monitoring.coreos.com/v1", "Alertmanager", "kube-prometheus-stack-alertmanager")
        c.sts(ns, "alertmanager-kube-prometheus-stack-alertmanager", 1, [ctr("alertmanager", "quay.io/prometheus/alertmanager:v0.27.0", [("http-web", 9093), ("mesh-tcp", 9094)], ("10m", "64Mi"), args=["--config.file=/etc/alertmanager/config_out/alertmanager.env.yaml", "--storage.path=/alertmanager", "--data.retention=120h", "--cluster.listen-address=", "--web.listen-address=:9093", "--web.route-prefix=/"],
                                                                             ready=http("/-/ready", "http-web", 3, 5, 10, 3), live=http("/-/healthy", "http-web", 0, 10, 10, 3), mounts=[("alertmanager-db", "/alertmanager")])],
              "alertmanager-operated", sel={"alertmanager": "kube-prometheus-stack-alertmanager", "app.kubernetes.io/instance": "kube-prometheus-stack-alertmanager", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "alertmanager"},
              sa="kube-prometheus-stack-alertmanager", owner=am, pmp="Parallel", vols=[v_empty("alertmanager-db")], nodes=nodes)
        c.svc(ns, "prometheus-operated", {"app.kubernetes.io/name": "prometheus"}, [("http-web", 9090, "http-web")], headless=True, labels={"managed-by": "prometheus-operator", "operated-prometheus": "true"})
        c.svc(ns, "alertmanager-operated", {"app.kubernetes.io/name": "alertmanager"}, [("http-web", 9093, "http-web"), ("tcp-mesh", 9094, 9094)], headless=True, labels={"managed-by": "prometheus-operator", "operated-alertmanager": "true"})
        c.svc(ns, "kube-prometheus-stack-prometheus", {"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": "kube-prometheus-stack-prometheus"}, [("http-web", 9090, 9090), ("reloader-web", 8080, "reloader-web")], labels=dict(rel, app="kube-prometheus-stack-prometheus", **{"self-monitor": "true"}))
        c.svc(ns, "kube-prometheus-stack-grafana", {"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "grafana"}, [("http-web", 80, 3000)], labels={"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "grafana"})
        c.svc(ns, "kube-prometheus-stack-kube-state-metrics", {"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "kube-state-metrics"}, [("http", 8080, "http")], labels={"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "kube-state-metrics"})
        c.svc(ns, "kube-prometheus-stack-prometheus-node-exporter", {"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "prometheus-node-exporter"}, [("http-metrics", 9100, 9100)], labels={"app.kubernetes.io/instance": "kube-prometheus-stack", "app.kubernetes.io/name": "prometheus-node-exporter", "jobLabel": "node-exporter"})
        return ns
    if name in ("logging", "vector"):
        ns = "logging" if name == "logging" else "observability"
        c.ns(ns, age)
        if name == "logging":
            c.cm(ns, "fluent-bit", {"fluent-bit.conf": "[SERVICE]\n    Daemon Off\n    Flush 1\n    Log_Level info\n    Parsers_File /fluent-bit/etc/parsers.conf\n    HTTP_Server On\n    HTTP_Listen 0.0.0.0\n    HTTP_Port 2020\n    Health_Check On\n\n[INPUT]\n    Name tail\n    Path /var/log/containers/*.log\n    multiline.parser docker, cri\n    Tag kube.*\n    Mem_Buf_Limit 5MB\n    Skip_Long_Lines On\n\n[FILTER]\n    Name kubernetes\n    Match kube.*\n    Merge_Log On\n\n[OUTPUT]\n    Name loki\n    Match kube.*\n    Host loki-gateway.logging.svc.cluster.local\n    Port 80\n    Labels job=fluent-bit\n", "custom_parsers.conf": "[PARSER]\n    Name docker_no_time\n    Format json\n    Time_Keep Off\n"})
            c.ds(ns, "fluent-bit", [ctr("fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:3.1.7", [("http", 2020)], ("100m", "128Mi"), lim=(None, "256Mi"), cmd=["/fluent-bit/bin/fluent-bit"], args=["--workdir=/fluent-bit/etc", "--config=/fluent-bit/etc/conf/fluent-bit.conf"],
                                        mounts=[("config", "/fluent-bit/etc/conf"), ("varlog", "/var/log"), ("varlibcontainers", "/var/lib/containerd", True)], live=http("/", "http", 0, 10, 3, 1), ready=http("/api/v1/health", "http", 0, 10, 3, 1))],
                 {"app.kubernetes.io/instance": "fluent-bit", "app.kubernetes.io/name": "fluent-bit"}, sa="fluent-bit", tol=[{"operator": "Exists", "effect": "NoSchedule"}],
                 vols=[v_cm("config", "fluent-bit"), v_host("varlog", "/var/log"), v_host("varlibcontainers", "/var/lib/containerd")], tann={"checksum/config": c.hexs(64)})
            c.helm(ns, "fluent-bit", c.r.randint(2, 6))
            c.sts(ns, "loki", 1, [ctr("loki", "docker.io/grafana/loki:3.1.1", [("http-metrics", 3100), ("grpc", 9095), ("http-memberlist", 7946)], args=["-config.file=/etc/loki/config/config.yaml", "-target=all"],
                                      mounts=[("config", "/etc/loki/config"), ("storage", "/var/loki")], ready=http("/ready", "http-metrics", 30, 10, 3, 1))],
                  "loki-headless", sel={"app.kubernetes.io/component": "single-binary", "app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "loki"}, sa="loki",
                  vct=[("storage", scn, "20Gi")] if scn else (), vols=[v_cm("config", "loki")] + ([] if scn else [v_empty("storage")]), nodes=nodes, psc={"fsGroup": 10001, "runAsGroup": 10001, "runAsNonRoot": True, "runAsUser": 10001})
            c.cm(ns, "loki", {"config.yaml": "auth_enabled: false\ncommon:\n  path_prefix: /var/loki\n  replication_factor: 1\n  storage:\n    filesystem:\n      chunks_directory: /var/loki/chunks\n      rules_directory: /var/loki/rules\nschema_config:\n  configs:\n  - from: \"2024-04-01\"\n    index:\n      period: 24h\n      prefix: loki_index_\n    object_store: filesystem\n    schema: v13\n    store: tsdb\n"})
            c.svc(ns, "loki-headless", {"app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "loki"}, [("http-metrics", 3100, "http-metrics")], headless=True)
            c.svc(ns, "loki-gateway", {"app.kubernetes.io/component": "single-binary", "app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "loki"}, [("http-metrics", 80, "http-metrics")])
            c.helm(ns, "loki", c.r.randint(2, 5))
        return ns
    if name == "ingress-nginx":
        ns = "ingress-nginx"
        c.ns(ns, age, {"app.kubernetes.io/instance": "ingress-nginx", "app.kubernetes.io/name": "ingress-nginx"})
        sel = {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "ingress-nginx", "app.kubernetes.io/name": "ingress-nginx"}
        c.cm(ns, "ingress-nginx-controller", {"allow-snippet-annotations": "false", "use-forwarded-headers": "true", "proxy-body-size": "50m"})
        c.deploy(ns, "ingress-nginx-controller", 2, [ctr("controller", R("ingress-nginx/controller:v1.11.2@sha256:d5f8217feeac4887cb1ed21f27c2674e58be06bd8f5184cacea2a69abaf78dce"), [("http", 80), ("https", 443), ("metrics", 10254), ("webhook", 8443)], ("100m", "90Mi"),
                                                         args=["/nginx-ingress-controller", "--publish-service=$(POD_NAMESPACE)/ingress-nginx-controller", "--election-id=ingress-nginx-leader", "--controller-class=k8s.io/ingress-nginx", "--ingress-class=nginx", "--configmap=$(POD_NAMESPACE)/ingress-nginx-controller", "--validating-webhook=:8443", "--validating-webhook-certificate=/usr/local/certificates/cert", "--validating-webhook-key=/usr/local/certificates/key", "--enable-metrics=true"],
                                                         env=[("POD_NAME", ("field", "metadata.name")), ("POD_NAMESPACE", ("field", "metadata.namespace")), ("LD_PRELOAD", "/usr/local/lib/libmimalloc.so")],
                                                         mounts=[("webhook-cert", "/usr/local/certificates/", True)], live=http("/healthz", 10254, 10, 10, 5, 1), ready=http("/healthz", 10254, 10, 10, 3, 1))],
                 sel=sel, labels=dict(sel, **{"app.kubernetes.io/part-of": "ingress-nginx", "app.kubernetes.io/version": "1.11.2", "helm.sh/chart": "ingress-nginx-4.11.2"}), sa="ingress-nginx",
                 vols=[v_sec("webhook-cert", "ingress-nginx-admission")], nodes=nodes, nsel={"kubernetes.io/os": "linux"})
        c.secret(ns, "ingress-nginx-admission", ["ca", "cert", "key"])
        c.svc(ns, "ingress-nginx-controller", sel, [("http", 80, "http"), ("https", 443, "https")], typ="LoadBalancer" if lb else "NodePort", lb=lb, labels=sel)
        c.svc(ns, "ingress-nginx-controller-admission", sel, [("https-webhook", 443, "webhook")], labels=sel)
        c.helm(ns, "ingress-nginx", c.r.randint(3, 9))
        return ns
    if name == "cert-manager":
        ns = "cert-manager"
        c.ns(ns, age)
        for n, img, port in (("cert-manager", "controller", 9402), ("cert-manager-cainjector", "cainjector", None), ("cert-manager-webhook", "webhook", 10250)):
            comp = {"cert-manager": "controller", "cert-manager-cainjector": "cainjector", "cert-manager-webhook": "webhook"}[n]
            c.deploy(ns, n, 1, [ctr("cert-manager-" + comp, "quay.io/jetstack/cert-manager-%s:v1.15.3" % img, [("http-metrics", 9402)] + ([("https", 10250)] if comp == "webhook" else []),
                                    args=["--v=2", "--leader-election-namespace=kube-system"] if comp != "webhook" else ["--v=2", "--secure-port=10250", "--dynamic-serving-ca-secret-namespace=$(POD_NAMESPACE)", "--dynamic-serving-ca-secret-name=cert-manager-webhook-ca"],
                                    env=[("POD_NAMESPACE", ("field", "metadata.namespace"))], sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True})],
                     sel={"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/name": comp if comp != "controller" else "cert-manager"}, sa=n, nodes=nodes,
                     labels={"app": comp if comp != "controller" else "cert-manager", "app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/name": comp if comp != "controller" else "cert-manager", "app.kubernetes.io/version": "v1.15.3"})
        c.svc(ns, "cert-manager-webhook", {"app.kubernetes.io/component": "webhook", "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/name": "webhook"}, [("https", 443, "https")])
        c.secret(ns, "cert-manager-webhook-ca", ["ca.crt", "tls.crt", "tls.key"], "Opaque")
        c.helm(ns, "cert-manager", c.r.randint(2, 6))
        return ns
    if name == "argocd":
        ns = "argocd"
        c.ns(ns, age)
        img = "quay.io/argoproj/argocd:v2.12.3"
        pn = lambda n: {"app.kubernetes.io/name": n}
        c.sts(ns, "argocd-application-controller", 1, [ctr("argocd-application-controller", img, [("metrics", 8082)], args=["/usr/local/bin/argocd-application-controller"], env=[("ARGOCD_CONTROLLER_REPLICAS", "1")], ready=http("/healthz", 8082, 5, 10, 3, 1))],
              "argocd-application-controller", sel=pn("argocd-application-controller"), sa="argocd-application-controller", nodes=nodes)
        for n, port in (("argocd-server", 8080), ("argocd-repo-server", 8081), ("argocd-redis", 6379), ("argocd-applicationset-controller", 7000)):
            image = img if n != "argocd-redis" else "public.ecr.aws/docker/library/redis:7.0.15-alpine"
            c.deploy(ns, n, 1, [ctr(n.replace("argocd-", "") if n != "argocd-server" else "argocd-server", image, [(None, port)], args=["/usr/local/bin/" + n] if n != "argocd-redis" else ["--save", "", "--appendonly", "no"])],
                     sel=pn(n), sa=n if n != "argocd-redis" else "argocd-redis", nodes=nodes, labels=dict(pn(n), **{"app.kubernetes.io/component": n.replace("argocd-", ""), "app.kubernetes.io/part-of": "argocd"}))
            c.svc(ns, n, pn(n), [("http" if port != 6379 else "tcp-redis", port if port != 8080 else 80, port)])
        c.cm(ns, "argocd-cm", {"admin.enabled": "true", "application.instanceLabelKey": "argocd.argoproj.io/instance", "timeout.reconciliation": "180s", "url": "https://argocd.corp.example"})
        c.secret(ns, "argocd-secret", ["admin.password", "admin.passwordMtime", "server.secretkey", "tls.crt", "tls.key"])
        return ns
    if name == "external-secrets":
        ns = "external-secrets"
        c.ns(ns, age)
        for n in ("external-secrets", "external-secrets-cert-controller", "external-secrets-webhook"):
            args = {"external-secrets": ["--concurrent=1", "--metrics-addr=:8080", "--loglevel=info"], "external-secrets-cert-controller": ["certcontroller", "--crd-requeue-interval=5m", "--service-name=external-secrets-webhook", "--service-namespace=external-secrets", "--secret-name=external-secrets-webhook", "--secret-namespace=external-secrets"],
                    "external-secrets-webhook": ["webhook", "--port=10250", "--dns-name=external-secrets-webhook.external-secrets.svc", "--cert-dir=/tmp/certs", "--check-interval=5m"]}[n]
            c.deploy(ns, n, 1, [ctr(n.replace("external-secrets-", "") if n != "external-secrets" else "external-secrets", "oci.external-secrets.io/external-secrets/external-secrets:v0.10.3", [("metrics", 8080)], args=args,
                                    sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "runAsUser": 1000})],
                     sel={"app.kubernetes.io/instance": "external-secrets", "app.kubernetes.io/name": n}, sa=n if n != "external-secrets-webhook" else "external-secrets-webhook", nodes=nodes)
        c.svc(ns, "external-secrets-webhook", {"app.kubernetes.io/instance": "external-secrets", "app.kubernetes.io/name": "external-secrets-webhook"}, [("webhook", 443, 10250)])
        c.helm(ns, "external-secrets", c.r.randint(2, 6))
        return ns
    if name == "velero":
        ns = "velero"
        c.ns(ns, age)
        c.deploy(ns, "velero", 1, [ctr("velero", "velero/velero:v1.14.1", [("http-monitoring", 8085)], ("500m", "128Mi"), lim=("1", "512Mi"), cmd=["/velero"], args=["server", "--uploader-type=kopia", "--default-volumes-to-fs-backup=false"],
                                       env=[("VELERO_SCRATCH_DIR", "/scratch"), ("VELERO_NAMESPACE", ("field", "metadata.namespace")), ("AWS_SHARED_CREDENTIALS_FILE", "/credentials/cloud")],
                                       mounts=[("plugins", "/plugins"), ("cloud-credentials", "/credentials"), ("scratch", "/scratch")], live=http("/metrics", "http-monitoring", 10, 30, 5, 5), ready=http("/metrics", "http-monitoring", 10, 30, 5, 5))],
                 sel={"app.kubernetes.io/instance": "velero", "app.kubernetes.io/name": "velero", "name": "velero"}, sa="velero-server",
                 init=[ctr("velero-plugin-for-aws", "velero/velero-plugin-for-aws:v1.10.1", mounts=[("plugins", "/target")])],
                 vols=[v_empty("plugins"), v_sec("cloud-credentials", "velero"), v_empty("scratch")], nodes=nodes)
        c.secret(ns, "velero", ["cloud"])
        c.svc(ns, "velero", {"app.kubernetes.io/instance": "velero", "app.kubernetes.io/name": "velero", "name": "velero"}, [("http-monitoring", 8085, "http-monitoring")])
        c.helm(ns, "velero", c.r.randint(2, 6))
        return ns
    if name == "metallb":
        ns = "metallb-system"
        c.ns(ns, age, {"pod-security.kubernetes.io/audit": "privileged", "pod-security.kubernetes.io/enforce": "privileged", "pod-security.kubernetes.io/warn": "privileged"})
        c.deploy(ns, "controller", 1, [ctr("controller", "quay.io/metallb/controller:v0.14.8", [("monitoring", 7472), ("webhook-server", 9443)], args=["--port=7472", "--log-level=info", "--tls-min-version=VersionTLS12"],
                                           env=[("METALLB_ML_SECRET_NAME", "memberlist"), ("METALLB_DEPLOYMENT", "controller")], mounts=[("cert", "/tmp/k8s-webhook-server/serving-certs", True)], live=http("/metrics", "monitoring", 10, 10, 3, 1))],
                 sel={"app": "metallb", "component": "controller"}, sa="controller", vols=[v_sec("cert", "metallb-webhook-cert")], nodes=nodes)
        c.secret(ns, "metallb-webhook-cert", ["ca.crt", "tls.crt", "tls.key"])
        c.secret(ns, "memberlist", ["secretkey"])
        c.ds(ns, "speaker", [ctr("speaker", "quay.io/metallb/speaker:v0.14.8", [("monitoring", 7472), ("memberlist-tcp", 7946)], args=["--port=7472", "--log-level=info"],
                                 env=[("METALLB_NODE_NAME", ("field", "spec.nodeName")), ("METALLB_HOST", ("field", "status.hostIP")), ("METALLB_ML_BIND_ADDR", ("field", "status.podIP")), ("METALLB_ML_LABELS", "app=metallb,component=speaker"), ("METALLB_ML_SECRET_KEY_PATH", "/etc/ml_secret_key")],
                                 mounts=[("memberlist", "/etc/ml_secret_key")], sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_RAW"], "drop": ["ALL"]}, "readOnlyRootFilesystem": True})],
             {"app": "metallb", "component": "speaker"}, sa="speaker", hostnet=True, tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}],
             vols=[v_sec("memberlist", "memberlist")], nsel={"kubernetes.io/os": "linux"})
        return ns
    if name == "kyverno":
        ns = "kyverno"
        c.ns(ns, age)
        for n in ("kyverno-admission-controller", "kyverno-background-controller", "kyverno-cleanup-controller", "kyverno-reports-controller"):
            comp = n.replace("kyverno-", "")
            c.deploy(ns, n, 1, [ctr("kyverno" if comp == "admission-controller" else "controller", "ghcr.io/kyverno/%s:v1.12.5" % ("kyverno" if comp == "admission-controller" else comp), [("metrics-port", 8000)] + ([("https", 9443)] if comp in ("admission-controller", "cleanup-controller") else []),
                                    ("100m", "128Mi"), lim=(None, "384Mi"), args=["--loggingFormat=text", "--disableMetrics=false", "--otelConfig=prometheus", "--metricsPort=8000"],
                                    env=[("KYVERNO_SERVICEACCOUNT_NAME", n), ("KYVERNO_DEPLOYMENT", n), ("KYVERNO_NAMESPACE", ("field", "metadata.namespace"))],
                                    sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True})],
                     sel={"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"}, sa=n, nodes=nodes)
        c.svc(ns, "kyverno-svc", {"app.kubernetes.io/component": "admission-controller", "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"}, [("https", 443, "https")])
        c.helm(ns, "kyverno", c.r.randint(2, 6))
        return ns
    raise ValueError(name)


# ---------------------------------------------------------------- database tiers / apps / noise
def app(c, ns, name, reps, image, env=(), port=8080, nodes=None, sa=None, labels=None, rs_ago=None, req=("100m", "256Mi"), lim=(None, "512Mi"),
        probe=True, svc=True, envFrom=None, vols=None, mounts=(), rev=None, part=None, args=None, pod_ago=None, ann=None):
    sel = {"app.kubernetes.io/name": name, "app.kubernetes.io/instance": name}
    lab = dict(sel, **{"app.kubernetes.io/part-of": part or ns, "app.kubernetes.io/version": image.rsplit(":", 1)[-1]})
    lab.update(labels or {})
    cc = ctr(name.split("-")[-1] if False else "app", image, [("http", port)], req, lim, env=list(env), envFrom=envFrom, mounts=mounts, args=args,
             ready=http("/healthz/ready", "http", 5, 10, 3, 2) if probe else None, live=http("/healthz/live", "http", 20, 20, 3, 2) if probe else None)
    d = c.deploy(ns, name, reps, [cc], sel=sel, labels=lab, nodes=nodes, sa=sa or "default", rs_ago=rs_ago, vols=vols, rev=rev, pod_ago=pod_ago, ann=ann)
    if svc:
        c.svc(ns, name, sel, [("http", 80, "http")], labels=lab)
    return d


def sandbox(c, ns, name, image, mode="pull", days=9, age=None, deny=True, env=()):
    c.ns(ns, age or days * D + c.r.randint(2, 30) * D, {"purpose": "sandbox", "owner": c.r.choice(["mkowalski", "jchen", "apatel", "lnguyen", "rsilva"])})
    d, rs, pods = c.deploy(ns, name, 1, [ctr("app", image, [("http", 8080)], ("50m", "64Mi"), env=list(env))], sel={"app": name}, labels={"app": name}, rs_ago=days * D, rev=1)
    p = pods[0]
    node = p["spec"]["nodeName"]
    if mode == "pull":
        c.waiting(p, "app", "ImagePullBackOff", 'Back-off pulling image "%s"' % image)
        c.ev(p, "BackOff", 'Back-off pulling image "%s"' % image, "Normal", count=c.r.randint(2000, 9000), first=days * D - 60, last=c.r.randint(10, 200), host=node, field="spec.containers{app}")
        c.ev(p, "Failed", "Error: ImagePullBackOff", "Warning", count=c.r.randint(2000, 9000), first=days * D - 60, last=c.r.randint(10, 200), host=node, field="spec.containers{app}")
    else:
        c.crash(p, "app", c.r.randint(1500, 2600), image_msg(image), exit=1, since=days * D - 100)
        c.ev(p, "BackOff", "Back-off restarting failed container app in pod %s_%s(%s)" % (p["metadata"]["name"], ns, p["metadata"]["uid"]), "Warning",
             count=c.r.randint(2000, 9000), first=days * D - 60, last=c.r.randint(10, 200), host=node, field="spec.containers{app}")
    c.aux.setdefault("since", {})
    c.aux[d["metadata"]["uid"]]["since"] = days * D - 30
    c.aux[d["metadata"]["uid"]]["progress"] = "ProgressDeadlineExceeded"
    if deny:
        c.netpol(ns, "default-deny-all", {}, [], [], ago=days * D + 3000)
    c.quota(ns, "sandbox-quota", {"pods": "10", "requests.cpu": "2", "requests.memory": "4Gi", "persistentvolumeclaims": "2"}, ago=days * D + 2000,
            labels={"app.kubernetes.io/managed-by": "namespace-provisioner"})
    return d, p


def image_msg(image):
    return "Error: Cannot find module '/app/server.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)\n    at Module._load (node:internal/modules/cjs/loader:986:27)\n    at node:internal/main/run_main_module:28:49 {\n  code: 'MODULE_NOT_FOUND',\n  requireStack: []\n}\n\nNode.js v20.17.0\n"


def evicted(c, dep, days, msg=None, node=None):
    d, rs, pods = dep
    ns = d["metadata"]["namespace"]
    age = min(days * D, c.oago(rs) - 60)
    tspec = copy.deepcopy(rs["spec"]["template"]["spec"])
    p = c.mkpod(ns, "%s-%s" % (rs["metadata"]["name"], c.sfx(5)), node or pods[0]["spec"]["nodeName"], tspec, rs["spec"]["template"]["metadata"]["labels"], None, rs, age)
    m = msg or "The node was low on resource: memory. Threshold quantity: 100Mi, available: 91244Ki. Container app was using 1893412Ki, request is 256Mi, has larger consumption of request. "
    c.evict(p, m, age - c.r.randint(3000, 40000))
    return p


def blip(c, p, cname="app", path="/healthz/ready", port=8080, ago=None, count=None):
    ago = ago or c.r.randint(300, 3000)
    n = count or c.r.randint(2, 4)
    c.ev(p, "Unhealthy", 'Readiness probe failed: Get "http://%s:%d%s": context deadline exceeded (Client.Timeout exceeded while awaiting headers)' % (p["status"]["podIP"], port, path),
         "Warning", count=n, first=ago + 30 * n, last=ago, host=p["spec"]["nodeName"], field="spec.containers{%s}" % cname)
    for cnd in p["status"]["conditions"]:
        if cnd["type"] in ("Ready", "ContainersReady"):
            cnd["lastTransitionTime"] = c.ts(ago - 10)


def cron_noise(c, ns, name, image, cmd, sched="0 2 * * *", every=D, n=3, first=None, sa="default", vols=None, dur=120, env=()):
    first = first if first is not None else c.r.randint(600, every - 600)
    runs = [(first + i * every, "complete") for i in range(n)]
    return c.cron(ns, name, sched, [ctr(name if len(name) < 30 else "job", image, cmd=cmd, env=list(env), req=("50m", "64Mi"))], runs, sa=sa, vols=vols, dur=dur, hist=(n, 1))


def cnpg_operator(c, age=None):
    c.ns("cnpg-system", age or c.nsage["kube-system"] - 20 * D)
    sel = {"app.kubernetes.io/instance": "cnpg", "app.kubernetes.io/name": "cloudnative-pg"}
    d = c.deploy("cnpg-system", "cnpg-cloudnative-pg", 1, [ctr("manager", "ghcr.io/cloudnative-pg/cloudnative-pg:1.24.1", [("metrics", 8080), ("webhook-server", 9443)], ("100m", "100Mi"), lim=(None, "200Mi"),
                                                                cmd=["/manager"], args=["controller", "--leader-elect", "--max-concurrent-reconciles=10", "--config-map-name=cnpg-controller-manager-config", "--webhook-port=9443"],
                                                                env=[("OPERATOR_IMAGE_NAME", "ghcr.io/cloudnative-pg/cloudnative-pg:1.24.1"), ("OPERATOR_NAMESPACE", ("field", "metadata.namespace")), ("MONITORING_QUERIES_CONFIGMAP", "cnpg-default-monitoring")],
                                                                mounts=[("scratch-data", "/controller"), ("webhook-certificates", "/run/secrets/cnpg.io/webhook")],
                                                                live=http("/readyz", 9443, 3, 10, 3, 1, "HTTPS"), ready=http("/readyz", 9443, 3, 10, 3, 1, "HTTPS"),
                                                                sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsGroup": 10001, "runAsUser": 10001})],
                 sel=sel, labels=dict(sel, **{"app.kubernetes.io/version": "1.24.1", "helm.sh/chart": "cloudnative-pg-0.22.1"}), sa="cnpg-cloudnative-pg",
                 vols=[v_empty("scratch-data"), v_sec("webhook-certificates", "cnpg-webhook-cert")])
    c.secret("cnpg-system", "cnpg-webhook-cert", ["tls.crt", "tls.key"], "kubernetes.io/tls")
    c.cm("cnpg-system", "cnpg-default-monitoring", {"queries": "backends:\n  query: |\n   SELECT sa.datname\n       , sa.usename\n       , sa.application_name\n       , states.state\n       , COALESCE(sa.count, 0) AS total\n  metrics:\n   - datname:\n       usage: \"LABEL\"\n"}, labels={"cnpg.io/reload": ""})
    c.svc("cnpg-system", "cnpg-webhook-service", sel, [(None, 443, 9443)])
    c.helm("cnpg-system", "cnpg", c.r.randint(3, 8))
    return d


def cnpg(c, ns, name, n, scn, size, nodes, image="ghcr.io/cloudnative-pg/postgresql:16.4", ago=None, pod_ago=None, primary=1, req=("500m", "1Gi"), lim=(None, "2Gi"),
         skip=(), pvc_node=None, pod_ages=None):
    ago = min(ago or c.nsage[ns] - 600, c.nsage[ns])
    cl = c.crd("postgresql.cnpg.io/v1", "Cluster", name)
    sa = c.sa(ns, name, ago)
    sa["metadata"]["ownerReferences"] = [owner_ref(cl)]
    for sn, keys, typ in (("%s-app" % name, ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"], "kubernetes.io/basic-auth"),
                          ("%s-ca" % name, ["ca.crt", "ca.key"], "Opaque"), ("%s-server" % name, ["tls.crt", "tls.key"], "kubernetes.io/tls"),
                          ("%s-replication" % name, ["tls.crt", "tls.key"], "kubernetes.io/tls")):
        c.secret(ns, sn, keys, typ, ago, {"cnpg.io/cluster": name, "cnpg.io/reload": "true"} if sn.endswith("-app") else {"cnpg.io/cluster": name}, owner=cl)
    pods, pvcs = [], []
    pa = pod_ago or c.r.randint(3, 30) * D
    for i in range(1, n + 1):
        inst = "%s-%d" % (name, i)
        node = nodes[(i - 1) % len(nodes)]
        role = "primary" if i == primary else "replica"
        lab = {"cnpg.io/cluster": name, "cnpg.io/instanceName": inst, "cnpg.io/podRole": "instance", "role": role, "cnpg.io/instanceRole": role}
        pvc = c.pvc(ns, inst, scn, size, (pvc_node or {}).get(inst, node), ago - 100 * i, labels={"cnpg.io/cluster": name, "cnpg.io/instanceName": inst, "cnpg.io/instanceRole": role, "cnpg.io/pvcRole": "PG_DATA", "role": role},
                    ann={"cnpg.io/nodeSerial": str(i), "cnpg.io/operatorVersion": "1.24.1", "cnpg.io/pvcStatus": "ready"})
        pvc["metadata"]["ownerReferences"] = [owner_ref(cl)]
        pvcs.append(pvc)
        if i in skip:
            continue
        pg = ctr("postgres", image, [("postgresql", 5432), ("metrics", 9187), ("status", 8000)], req, lim, cmd=["/controller/manager", "instance", "run", "--status-port-tls", "--log-level=info"],
                 env=[("PGDATA", "/var/lib/postgresql/data/pgdata"), ("POD_NAME", inst), ("NAMESPACE", ns), ("CLUSTER_NAME", name), ("PGPORT", "5432"), ("PGHOST", "/controller/run")],
                 mounts=[("pgdata", "/var/lib/postgresql/data"), ("scratch-data", "/run"), ("scratch-data", "/controller"), ("shm", "/dev/shm")],
                 ready=http("/readyz", 8000, 0, 10, 3, 5, "HTTPS"), live=http("/healthz", 8000, 0, 10, 3, 5, "HTTPS"), startup=http("/healthz", 8000, 0, 10, 360, 5, "HTTPS"),
                 sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})
        init = [ctr("bootstrap-controller", "ghcr.io/cloudnative-pg/cloudnative-pg:1.24.1", cmd=["/manager", "bootstrap", "/controller/manager", "--log-level=info"], req=req, lim=lim, mounts=[("scratch-data", "/controller")])]
        spec = c.podspec([pg], name, [v_pvc("pgdata", inst), v_empty("scratch-data"), v_empty("shm", "Memory")], init,
                         aff={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchExpressions": [{"key": "cnpg.io/cluster", "operator": "In", "values": [name]}, {"key": "cnpg.io/podRole", "operator": "In", "values": ["instance"]}]}, "topologyKey": "kubernetes.io/hostname"}, "weight": 100}]}},
                         psc={"fsGroup": 26, "runAsGroup": 26, "runAsUser": 26, "seccompProfile": {"type": "RuntimeDefault"}}, grace=1800,
                         extra={"hostname": inst, "subdomain": name + "-any"})
        p = c.mkpod(ns, inst, node, spec, lab, {"cnpg.io/nodeSerial": str(i), "cnpg.io/operatorVersion": "1.24.1", "cnpg.io/podEnvHash": c.hexs(8), "cnpg.io/podSpec": "{...}"}, cl,
                    (pod_ages or {}).get(i, pa - i * 120))
        pods.append(p)
    sl = {"cnpg.io/cluster": name}
    c.svc(ns, name + "-rw", {"cnpg.io/cluster": name, "cnpg.io/instanceRole": "primary"}, [("postgres", 5432, 5432)], labels=sl, owner=cl, ago=ago)
    c.svc(ns, name + "-ro", {"cnpg.io/cluster": name, "cnpg.io/instanceRole": "replica"}, [("postgres", 5432, 5432)], labels=sl, owner=cl, ago=ago)
    c.svc(ns, name + "-r", {"cnpg.io/cluster": name, "cnpg.io/podRole": "instance"}, [("postgres", 5432, 5432)], labels=sl, owner=cl, ago=ago)
    return {"pods": pods, "pvcs": pvcs, "crd": cl}


def bitnami_pg(c, ns, rel, scn, size="20Gi", nodes=None, read=0, ver="16.4.0-debian-12-r9", ago=None, pod_ago=None, extra_cm=None, conf_cm=None):
    ago = min(ago or c.nsage[ns] - 900, c.nsage[ns])
    base = rel + "-postgresql"
    chart = {"app.kubernetes.io/instance": rel, "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "postgresql", "app.kubernetes.io/version": ver.split("-")[0], "helm.sh/chart": "postgresql-15.5.38"}
    c.secret(ns, base, ["password", "postgres-password"] + (["replication-password"] if read else []), ago=ago, labels=chart)
    c.helm(ns, rel, c.r.randint(1, 7), ago=ago)
    out = {}
    roles = [("primary", base if not read else base + "-primary", 1)] + ([("read", base + "-read", read)] if read else [])
    for comp, sname, reps in roles:
        sel = {"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "postgresql"}
        env = [("BITNAMI_DEBUG", "false"), ("POSTGRESQL_PORT_NUMBER", "5432"), ("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"), ("PGDATA", "/bitnami/postgresql/data"),
               ("POSTGRES_PASSWORD", ("secret", base, "postgres-password")), ("POSTGRES_USER", "app"), ("POSTGRES_DATABASE", rel.split("-")[0]), ("POSTGRESQL_ENABLE_TLS", "no")]
        if read:
            env += [("POSTGRES_REPLICATION_MODE", "master" if comp == "primary" else "slave"), ("POSTGRES_REPLICATION_USER", "repl_user"), ("POSTGRES_REPLICATION_PASSWORD", ("secret", base, "replication-password"))]
            if comp == "read":
                env += [("POSTGRES_MASTER_HOST", base + "-primary"), ("POSTGRES_MASTER_PORT_NUMBER", "5432")]
        mounts = [("empty-dir", "/tmp"), ("dshm", "/dev/shm"), ("data", "/bitnami/postgresql")]
        vols = [v_empty("empty-dir"), v_empty("dshm", "Memory")]
        if conf_cm and comp == "primary":
            mounts.append(("postgresql-config", "/bitnami/postgresql/conf"))
            vols.append(v_cm("postgresql-config", conf_cm))
        if extra_cm and comp == "primary":
            mounts.append(("postgresql-extended-config", "/bitnami/postgresql/conf/conf.d/"))
            vols.append(v_cm("postgresql-extended-config", extra_cm))
        cc = ctr("postgresql", "docker.io/bitnami/postgresql:" + ver, [("tcp-postgresql", 5432)], ("250m", "512Mi"), lim=("1", "1Gi"), env=env, mounts=mounts,
                 live=execp(["/bin/sh", "-c", "exec pg_isready -U \"app\" -d \"dbname=%s\" -h 127.0.0.1 -p 5432" % rel.split("-")[0]], 30, 10, 6, 5),
                 ready=execp(["/bin/sh", "-c", "-e", "exec pg_isready -U \"app\" -d \"dbname=%s\" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n" % rel.split("-")[0]], 5, 10, 6, 5),
                 sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001, "seccompProfile": {"type": "RuntimeDefault"}})
        hl = sname + "-hl"
        st, pods, pvcs = c.sts(ns, sname, reps, [cc], hl, sel=sel, labels=dict(chart, **{"app.kubernetes.io/component": comp}), nodes=nodes, ago=ago, pod_ago=pod_ago,
                               vct=[("data", scn, size)], sa=base, vols=vols, psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"},
                               aff={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchLabels": sel}, "topologyKey": "kubernetes.io/hostname"}, "weight": 1}]}})
        c.svc(ns, hl, sel, [("tcp-postgresql", 5432, "tcp-postgresql")], headless=True, pnr=True, labels=dict(chart, **{"app.kubernetes.io/component": comp}), ago=ago,
              ann={"service.alpha.kubernetes.io/tolerate-unready-endpoints": "true"})
        c.svc(ns, sname, sel, [("tcp-postgresql", 5432, "tcp-postgresql")], labels=dict(chart, **{"app.kubernetes.io/component": comp}), ago=ago)
        out[comp] = (st, pods, pvcs)
    return out


def pgbouncer(c, ns, name, target, reps=2, ini=None, nodes=None, ago=None, port=6432, cm_ago=None, rs_ago=None, pool_mode="transaction", max_client=2000, pool=25):
    ini = ini or PGB_INI % dict(target=target, mode=pool_mode, maxc=max_client, pool=pool, port=port)
    c.cm(ns, name + "-config", {"pgbouncer.ini": ini}, ago=cm_ago, labels={"app.kubernetes.io/name": name, "app.kubernetes.io/component": "pooler"})
    c.secret(ns, name + "-userlist", ["userlist.txt"], labels={"app.kubernetes.io/name": name})
    sel = {"app.kubernetes.io/name": name, "app.kubernetes.io/component": "pooler"}
    d = c.deploy(ns, name, reps, [ctr("pgbouncer", "docker.io/bitnami/pgbouncer:1.23.1-debian-12-r5", [("pgbouncer", port)], ("100m", "64Mi"), lim=("500m", "256Mi"),
                                      cmd=["/opt/bitnami/pgbouncer/bin/pgbouncer"], args=["/etc/pgbouncer/pgbouncer.ini"],
                                      mounts=[("config", "/etc/pgbouncer/pgbouncer.ini"), ("userlist", "/etc/pgbouncer/userlist.txt")],
                                      ready=tcp(port, 5, 10), live=tcp(port, 15, 20)),
                                  ctr("exporter", "quay.io/prometheuscommunity/pgbouncer-exporter:v0.9.0", [("metrics", 9127)], ("10m", "16Mi"), args=["--pgBouncer.connectionString=postgres://pgbouncer_stats@127.0.0.1:%d/pgbouncer?sslmode=disable" % port])],
                 sel=sel, labels=dict(sel, **{"app.kubernetes.io/part-of": ns}), nodes=nodes, ago=ago, rs_ago=rs_ago,
                 vols=[v_cm("config", name + "-config", [("pgbouncer.ini", "pgbouncer.ini")]), v_sec("userlist", name + "-userlist", items=[("userlist.txt", "userlist.txt")])],
                 tann={"checksum/config": c.hexs(64)})
    c.svc(ns, name, sel, [("pgbouncer", port, "pgbouncer")], labels=sel)
    return d


PGB_INI = """[databases]
* = host=%(target)s port=5432

[pgbouncer]
listen_addr = 0.0.0.0
listen_port = %(port)d
auth_type = scram-sha-256
auth_file = /etc/pgbouncer/userlist.txt
pool_mode = %(mode)s
max_client_conn = %(maxc)d
default_pool_size = %(pool)d
min_pool_size = 5
reserve_pool_size = 5
reserve_pool_timeout = 3
server_reset_query = DISCARD ALL
server_idle_timeout = 600
query_wait_timeout = 120
ignore_startup_parameters = extra_float_digits,options
admin_users = pgbouncer_admin
stats_users = pgbouncer_stats
log_connections = 0
log_disconnections = 0
"""


def dbsts(c, ns, name, reps, ctrs, ports, scn, size, sel=None, labels=None, hl=None, client=True, nodes=None, vname="data", pnr=True, **kw):
    sel = sel or {"app.kubernetes.io/name": name, "app.kubernetes.io/instance": name}
    hl = hl or name + "-headless"
    out = c.sts(ns, name, reps, ctrs, hl, sel=sel, labels=labels or sel, nodes=nodes, vct=[(vname, scn, size)] if scn else (), **kw)
    c.svc(ns, hl, sel, ports, headless=True, pnr=pnr, labels=labels or sel, ago=c.oago(out[0]))
    if client:
        c.svc(ns, name, sel, ports, labels=labels or sel, ago=c.oago(out[0]))
    return out


def redis_sentinel(c, ns, rel, scn, nodes=None, size="8Gi", cm_extra="", ago=None, pod_ago=None, image="docker.io/bitnami/redis:7.2.5-debian-12-r4"):
    sel = {"app.kubernetes.io/component": "node", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "redis"}
    chart = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "7.2.5", "helm.sh/chart": "redis-19.6.4"})
    c.cm(ns, rel + "-configuration", {"redis.conf": "# User-supplied common configuration:\n# Enable AOF https://redis.io/topics/persistence#append-only-file\nappendonly yes\n# Disable RDB persistence, AOF persistence already enabled.\nsave \"\"\n" + cm_extra + "# End of common configuration\n",
                                      "master.conf": "dir /data\n# User-supplied master configuration:\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n# End of master configuration\n",
                                      "replica.conf": "dir /data\n# User-supplied replica configuration:\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n# End of replica configuration\n",
                                      "sentinel.conf": "dir \"/tmp\"\nport 26379\nsentinel monitor mymaster %s-node-0.%s-headless.%s.svc.cluster.local 6379 2\nsentinel down-after-milliseconds mymaster 60000\nsentinel failover-timeout mymaster 180000\nsentinel parallel-syncs mymaster 1\n" % (rel, rel, ns)},
         ago=ago, labels=chart)
    c.secret(ns, rel, ["redis-password"], labels=chart)
    c.helm(ns, rel, c.r.randint(1, 6))
    rc = ctr("redis", image, [("redis", 6379)], ("100m", "256Mi"), lim=("500m", "1Gi"), cmd=["/bin/bash"], args=["-c", "/opt/bitnami/scripts/start-scripts/start-node.sh"],
             env=[("BITNAMI_DEBUG", "false"), ("REDIS_MASTER_PORT_NUMBER", "6379"), ("ALLOW_EMPTY_PASSWORD", "no"), ("REDIS_PASSWORD", ("secret", rel, "redis-password")), ("REDIS_MASTER_PASSWORD", ("secret", rel, "redis-password")),
                  ("REDIS_TLS_ENABLED", "no"), ("REDIS_PORT", "6379"), ("REDIS_SENTINEL_MASTER_NAME", "mymaster"), ("REDIS_DATA_DIR", "/data")],
             mounts=[("start-scripts", "/opt/bitnami/scripts/start-scripts"), ("health", "/health"), ("sentinel-data", "/opt/bitnami/redis-sentinel/etc"), ("redis-data", "/data"), ("config", "/opt/bitnami/redis/mounted-etc"), ("empty-dir", "/opt/bitnami/redis/etc")],
             live=execp(["sh", "-c", "/health/ping_liveness_local.sh 5"], 20, 5, 5, 5), ready=execp(["sh", "-c", "/health/ping_readiness_local.sh 1"], 20, 5, 5, 1))
    sc_ = ctr("sentinel", "docker.io/bitnami/redis-sentinel:7.2.5-debian-12-r4", [("redis-sentinel", 26379)], ("50m", "64Mi"), lim=("250m", "256Mi"), cmd=["/bin/bash"], args=["-c", "/opt/bitnami/scripts/start-scripts/start-sentinel.sh"],
              env=[("REDIS_PASSWORD", ("secret", rel, "redis-password")), ("REDIS_SENTINEL_PORT", "26379")], mounts=[("start-scripts", "/opt/bitnami/scripts/start-scripts"), ("health", "/health"), ("sentinel-data", "/opt/bitnami/redis-sentinel/etc"), ("config", "/opt/bitnami/redis-sentinel/mounted-etc")],
              live=execp(["sh", "-c", "/health/ping_sentinel.sh 5"], 20, 10, 6, 5), ready=execp(["sh", "-c", "/health/ping_sentinel.sh 1"], 20, 5, 6, 1))
    c.cm(ns, rel + "-scripts", {"start-node.sh": "#!/bin/bash\n. /opt/bitnami/scripts/libos.sh\n...", "start-sentinel.sh": "#!/bin/bash\n...", "prestop-redis.sh": "#!/bin/bash\n..."}, labels=chart)
    c.cm(ns, rel + "-health", {"ping_liveness_local.sh": "#!/bin/bash\n...", "ping_readiness_local.sh": "#!/bin/bash\n...", "ping_sentinel.sh": "#!/bin/bash\n..."}, labels=chart)
    st = c.sts(ns, rel + "-node", 3, [rc, sc_], rel + "-headless", sel=sel, labels=chart, nodes=nodes, vct=[("redis-data", scn, size)], sa=rel, ago=ago, pod_ago=pod_ago,
               vols=[v_cm("start-scripts", rel + "-scripts", mode=493), v_cm("health", rel + "-health", mode=493), v_cm("config", rel + "-configuration"), v_empty("sentinel-data"), v_empty("empty-dir")],
               psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"})
    c.svc(ns, rel + "-headless", sel, [("tcp-redis", 6379, "redis"), ("tcp-sentinel", 26379, "redis-sentinel")], headless=True, pnr=True, labels=chart, ago=c.oago(st[0]))
    c.svc(ns, rel, sel, [("tcp-redis", 6379, "redis"), ("tcp-sentinel", 26379, "redis-sentinel")], labels=chart, ago=c.oago(st[0]))
    return st


def mongo_rs(c, ns, rel, scn, nodes=None, size="30Gi", ago=None, pod_ago=None, reps=3):
    sel = {"app.kubernetes.io/component": "mongodb", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mongodb"}
    chart = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "7.0.14", "helm.sh/chart": "mongodb-15.6.26"})
    c.secret(ns, rel, ["mongodb-passwords", "mongodb-replica-set-key", "mongodb-root-password"], labels=chart)
    c.cm(ns, rel + "-scripts", {"setup.sh": "#!/bin/bash\n...", "readiness-probe.sh": "#!/bin/bash\n# Run the proper check depending on the version\n...", "ping-mongodb.sh": "#!/bin/bash\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval \"db.adminCommand('ping')\"\n"}, labels=chart)
    c.helm(ns, rel, c.r.randint(1, 5))
    m = ctr("mongodb", "docker.io/bitnami/mongodb:7.0.14-debian-12-r0", [("mongodb", 27017)], ("500m", "1Gi"), lim=("2", "4Gi"), cmd=["/scripts/setup.sh"],
            env=[("BITNAMI_DEBUG", "false"), ("MY_POD_NAME", ("field", "metadata.name")), ("MY_POD_NAMESPACE", ("field", "metadata.namespace")), ("MY_POD_HOST_IP", ("field", "status.hostIP")),
                 ("K8S_SERVICE_NAME", rel + "-headless"), ("MONGODB_INITIAL_PRIMARY_HOST", "%s-0.%s-headless.%s.svc.cluster.local" % (rel, rel, ns)), ("MONGODB_REPLICA_SET_NAME", "rs0"),
                 ("MONGODB_ADVERTISED_HOSTNAME", "$(MY_POD_NAME).$(K8S_SERVICE_NAME).$(MY_POD_NAMESPACE).svc.cluster.local"), ("MONGODB_ROOT_USER", "root"),
                 ("MONGODB_ROOT_PASSWORD", ("secret", rel, "mongodb-root-password")), ("MONGODB_REPLICA_SET_KEY", ("secret", rel, "mongodb-replica-set-key")), ("MONGODB_PORT_NUMBER", "27017"), ("MONGODB_ENABLE_JOURNAL", "yes")],
            mounts=[("empty-dir", "/tmp"), ("datadir", "/bitnami/mongodb"), ("scripts", "/scripts/setup.sh")],
            live=execp(["/bitnami/scripts/ping-mongodb.sh"], 30, 20, 6, 10), ready=execp(["/bitnami/scripts/readiness-probe.sh"], 5, 10, 6, 5))
    st = c.sts(ns, rel, reps, [m], rel + "-headless", sel=sel, labels=chart, nodes=nodes, vct=[("datadir", scn, size)], sa=rel, ago=ago, pod_ago=pod_ago,
               vols=[v_empty("empty-dir"), v_cm("scripts", rel + "-scripts", mode=493)], psc={"fsGroup": 1001})
    c.svc(ns, rel + "-headless", sel, [("tcp-mongodb", 27017, "mongodb")], headless=True, pnr=True, labels=chart, ago=c.oago(st[0]))
    return st


# ---------------------------------------------------------------- checks
TS_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


def walk_ts(o, out):
    if isinstance(o, dict):
        for v in o.values():
            walk_ts(v, out)
    elif isinstance(o, list):
        for v in o:
            walk_ts(v, out)
    elif isinstance(o, str) and TS_RE.match(o):
        out.append(o)


def ts_dt(s):
    return parse_ts(re.sub(r"\.\d+Z$", "Z", s))


def check_bundle(d):
    errs = []
    E = errs.append
    iid = os.path.basename(d)
    snap = parse_ts(open(os.path.join(d, "snapshot_time.txt")).read().strip())
    truth = json.load(open(os.path.join(d, "truth.json")))
    objs = {}
    for pl, (kind, apiv, nsd) in PLURALS.items():
        f = os.path.join(d, pl + ".json")
        if not os.path.exists(f):
            if pl not in OPTIONAL_KINDS:
                E("missing " + pl)
            objs[pl] = []
            continue
        txt = open(f).read()
        doc = json.loads(txt)
        if json.dumps(doc, indent=4, sort_keys=True, ensure_ascii=False) + "\n" != txt:
            E("non-canonical " + pl)
        if doc.get("kind") != "List" or doc.get("apiVersion") != "v1" or doc.get("metadata") != {"resourceVersion": ""}:
            E("bad list shape " + pl)
        items = doc["items"]
        keys = [(i["metadata"].get("namespace", ""), i["metadata"]["name"]) for i in items]
        if keys != sorted(keys):
            E("unsorted " + pl)
        if len(set(keys)) != len(keys):
            E("duplicate names " + pl)
        for i in items:
            if i.get("kind") != kind or i.get("apiVersion") != apiv:
                E("bad kind in %s: %s" % (pl, i.get("kind")))
            if nsd != ("namespace" in i["metadata"]):
                E("namespace scoping %s/%s" % (pl, i["metadata"]["name"]))
        objs[pl] = items
    missing_opt = [p for p in OPTIONAL_KINDS if not os.path.exists(os.path.join(d, p + ".json"))]
    if len(missing_opt) > 2:
        E("too many optional kinds missing")
    by = {}
    uids = {}
    for pl, items in objs.items():
        for i in items:
            m = i["metadata"]
            by[(i["kind"], m.get("namespace"), m["name"])] = i
            if m["uid"] in uids:
                E("duplicate uid %s" % m["uid"])
            uids[m["uid"]] = i
    nsc = {n["metadata"]["name"]: ts_dt(n["metadata"]["creationTimestamp"]) for n in objs["namespaces"]}
    for pl, items in objs.items():
        for i in items:
            m = i["metadata"]
            if m.get("namespace") is not None:
                if m["namespace"] not in nsc:
                    E("object in unknown namespace %s %s" % (pl, m["name"]))
                elif ts_dt(m["creationTimestamp"]) < nsc[m["namespace"]]:
                    E("older than namespace: %s %s/%s" % (pl, m["namespace"], m["name"]))
            tss = []
            walk_ts(i, tss)
            for t in tss:
                if ts_dt(t) > snap:
                    E("timestamp after snapshot in %s %s: %s" % (pl, m["name"], t))
            for r in m.get("ownerReferences", []):
                pl2 = KIND2PL.get(r["kind"])
                if pl2 and r["kind"] != "Event":
                    tgt = by.get((r["kind"], None if not PLURALS[pl2][2] else m.get("namespace"), r["name"]))
                    if not tgt or tgt["metadata"]["uid"] != r["uid"]:
                        E("dangling ownerRef %s %s -> %s/%s" % (pl, m["name"], r["kind"], r["name"]))
    nodes = {n["metadata"]["name"]: n for n in objs["nodes"]}
    ips = {}
    ev_pods = {}
    for e in objs["events"]:
        io = e["involvedObject"]
        ev_pods.setdefault((io.get("namespace"), io["name"]), []).append(e["message"])
    for p in objs["pods"]:
        m, sp, st = p["metadata"], p["spec"], p["status"]
        ns = m["namespace"]
        if sp.get("nodeName") and sp["nodeName"] not in nodes:
            E("pod %s on unknown node" % m["name"])
        if sp.get("serviceAccountName") and ("ServiceAccount", ns, sp["serviceAccountName"]) not in by:
            E("pod %s/%s unknown SA %s" % (ns, m["name"], sp["serviceAccountName"]))
        if st.get("podIP") and not sp.get("hostNetwork"):
            if st["podIP"] in ips:
                E("duplicate pod IP %s (%s, %s)" % (st["podIP"], ips[st["podIP"]], m["name"]))
            ips[st["podIP"]] = m["name"]
        failing = not (st.get("phase") == "Running" and is_ready(p)) or st.get("phase") == "Succeeded"
        msgs = " ".join(ev_pods.get((ns, m["name"]), []))
        for d_ in json.dumps(st).split('"message": ')[1:]:
            msgs += d_[:300]

        def need(kind, name, key=None, optional=False):
            o = by.get((kind, ns, name))
            ok = o is not None and (key is None or key in (o.get("data") or {}))
            if not ok and not optional and not (failing and name in msgs):
                E("pod %s/%s references missing %s %s%s" % (ns, m["name"], kind, name, "" if key is None else ":" + key))
        for v in sp.get("volumes", []):
            if "configMap" in v:
                for it in v["configMap"].get("items", []) or [None]:
                    need("ConfigMap", v["configMap"]["name"], it and it["key"], v["configMap"].get("optional", False))
            if "secret" in v:
                for it in v["secret"].get("items", []) or [None]:
                    need("Secret", v["secret"]["secretName"], it and it["key"], v["secret"].get("optional", False))
            if "persistentVolumeClaim" in v:
                need("PersistentVolumeClaim", v["persistentVolumeClaim"]["claimName"])
            if "projected" in v:
                for src in v["projected"]["sources"]:
                    if "configMap" in src:
                        for it in src["configMap"].get("items", []):
                            need("ConfigMap", src["configMap"]["name"], it["key"])
        for cc in sp["containers"] + sp.get("initContainers", []):
            for e in cc.get("env", []):
                vf = e.get("valueFrom", {})
                if "secretKeyRef" in vf:
                    need("Secret", vf["secretKeyRef"]["name"], vf["secretKeyRef"]["key"], vf["secretKeyRef"].get("optional", False))
                if "configMapKeyRef" in vf:
                    need("ConfigMap", vf["configMapKeyRef"]["name"], vf["configMapKeyRef"]["key"], vf["configMapKeyRef"].get("optional", False))
            for ef in cc.get("envFrom", []):
                if "secretRef" in ef:
                    need("Secret", ef["secretRef"]["name"], None, ef["secretRef"].get("optional", False))
                if "configMapRef" in ef:
                    need("ConfigMap", ef["configMapRef"]["name"], None, ef["configMapRef"].get("optional", False))
    pods = objs["pods"]
    for rs in objs["replicasets"]:
        want = rs_status(rs, pods)
        for k in ("replicas", "readyReplicas", "availableReplicas"):
            if rs["status"].get(k, 0) != want.get(k, 0):
                E("rs status %s %s" % (rs["metadata"]["name"], k))
    for dd in objs["deployments"]:
        w = deploy_counts(dd, objs["replicasets"], pods)
        for k, v in w.items():
            if dd["status"].get(k, 0) != v:
                E("deploy status %s %s" % (dd["metadata"]["name"], k))
    for s in objs["statefulsets"]:
        for k, v in sts_counts(s, pods).items():
            if s["status"].get(k, 0) != v:
                E("sts status %s %s" % (s["metadata"]["name"], k))
    for ds in objs["daemonsets"]:
        for k, v in ds_counts(ds, pods, objs["nodes"]).items():
            if ds["status"].get(k, 0) != v:
                E("ds status %s %s %s!=%s" % (ds["metadata"]["name"], k, ds["status"].get(k, 0), v))
    for j in objs["jobs"]:
        for k, v in job_counts(j, pods).items():
            if j["status"].get(k, 0) != v:
                E("job status %s %s" % (j["metadata"]["name"], k))
    # endpoints / slices
    eps = {(e["metadata"]["namespace"], e["metadata"]["name"]): e for e in objs["endpoints"]}
    slices = {}
    for sl in objs["endpointslices"]:
        slices.setdefault((sl["metadata"]["namespace"], sl["metadata"]["labels"].get("kubernetes.io/service-name")), []).append(sl)
    have_slices = os.path.exists(os.path.join(d, "endpointslices.json"))
    for sv in objs["services"]:
        ns, name = sv["metadata"]["namespace"], sv["metadata"]["name"]
        if sv["spec"].get("type") == "ExternalName":
            continue
        if sv["spec"].get("selector"):
            want = compute_subsets(sv, pods)
            e = eps.get((ns, name))
            if e is None:
                E("missing endpoints %s/%s" % (ns, name))
                continue
            if e.get("subsets", []) != want:
                E("endpoints mismatch %s/%s" % (ns, name))
            if have_slices:
                sl = [x for x in slices.get((ns, name), []) if x["metadata"]["labels"].get("endpointslice.kubernetes.io/managed-by") == "endpointslice-controller.k8s.io"]
                eb, pb = slice_body(want, nodes)
                if len(sl) != 1 or sl[0]["endpoints"] != eb or sl[0]["ports"] != pb:
                    E("endpointslice mismatch %s/%s" % (ns, name))
    if have_slices:
        for (ns, name), sls in slices.items():
            for sl in sls:
                mb = sl["metadata"]["labels"].get("endpointslice.kubernetes.io/managed-by")
                if mb == "endpointslice-controller.k8s.io":
                    continue
                e = eps.get((ns, name))
                if not e:
                    E("mirrored slice without endpoints %s/%s" % (ns, name))
                    continue
                eb, pb = slice_body(e.get("subsets", []), nodes, mirrored=True)
                if sl["endpoints"] != eb or sl["ports"] != pb:
                    E("mirrored slice mismatch %s/%s" % (ns, name))
    for q in objs["resourcequotas"]:
        if q["status"].get("used") != quota_used(q, objs):
            E("quota used mismatch %s/%s %s vs %s" % (q["metadata"]["namespace"], q["metadata"]["name"], q["status"].get("used"), quota_used(q, objs)))
        if q["status"].get("hard") != q["spec"]["hard"]:
            E("quota hard mismatch")
    pvs = {p["metadata"]["name"]: p for p in objs["persistentvolumes"]}
    for c_ in objs["persistentvolumeclaims"]:
        vn = c_["spec"].get("volumeName")
        if vn:
            pv = pvs.get(vn)
            cr = (pv or {}).get("spec", {}).get("claimRef", {})
            if not pv or cr.get("uid") != c_["metadata"]["uid"] or cr.get("name") != c_["metadata"]["name"] or cr.get("namespace") != c_["metadata"]["namespace"]:
                E("pvc/pv binding not mutual %s" % c_["metadata"]["name"])
            if c_["status"].get("phase") != "Bound" or pv["status"].get("phase") != "Bound":
                E("pvc/pv phase %s" % c_["metadata"]["name"])
    for pv in objs["persistentvolumes"]:
        cr = pv["spec"].get("claimRef")
        if cr and pv["status"]["phase"] == "Bound":
            c_ = by.get(("PersistentVolumeClaim", cr["namespace"], cr["name"]))
            if not c_ or c_["spec"].get("volumeName") != pv["metadata"]["name"]:
                E("pv %s bound to non-matching claim" % pv["metadata"]["name"])
        na = pv["spec"].get("nodeAffinity")
        if na:
            terms = na["required"]["nodeSelectorTerms"]
            if not any(any(expr_match(t.get("matchExpressions", []), n["metadata"]["labels"]) for t in terms) for n in objs["nodes"]):
                E("pv %s node affinity matches no node" % pv["metadata"]["name"])
    for e in objs["events"]:
        io = e["involvedObject"]
        o = by.get((io["kind"], io.get("namespace"), io["name"]))
        if o is None or (o["metadata"]["uid"] != io["uid"] and not (io["kind"] == "Node" and io["uid"] == io["name"])):
            E("event %s references missing object %s %s" % (e["metadata"]["name"], io["kind"], io["name"]))
        last = ts_dt(e["lastTimestamp"])
        if (snap - last).total_seconds() > 3900:
            E("stale event %s" % e["metadata"]["name"])
        if e["firstTimestamp"] != e["lastTimestamp"] and e["count"] < 2:
            E("event first!=last with count 1 %s" % e["metadata"]["name"])
    rc = truth["root_cause"]
    k = rc["kind"][0].upper() + rc["kind"][1:]
    if (k, rc["namespace"] or None, rc["name"]) not in by:
        E("truth entity missing %s" % rc)
    if rc["name"].lower() in truth["symptom"].lower():
        E("symptom names the root cause")
    for f in ("id", "fault", "symptom", "root_cause", "explanation"):
        if f not in truth:
            E("truth missing " + f)
    if truth["id"] != iid:
        E("truth id mismatch")
    npods = len(objs["pods"])
    if not 47 <= npods <= 104:
        E("pod count %d" % npods)
    nns = len(objs["namespaces"])
    if not 10 <= nns <= 15:
        E("namespace count %d" % nns)
    for n in ("broken", "bad-", "faulty", "decoy"):
        for pl, items in objs.items():
            for i in items:
                if n in i["metadata"]["name"]:
                    E("forbidden name %s" % i["metadata"]["name"])
    return errs, truth, npods, nns


# ---------------------------------------------------------------- incidents
FAULTS = []


def incident(iid, fault, platform, hard=False):
    def deco(fn):
        FAULTS.append((iid, fault, platform, hard, fn))
        return fn
    return deco


def new(iid, snap, seed, rt="containerd"):
    return C(iid, snap, seed, rt)


def truth(c, fault, symptom, kind, ns, name, expl):
    c.truth = {"id": c.iid, "fault": fault, "symptom": symptom, "root_cause": {"kind": kind, "namespace": ns or "", "name": name}, "explanation": expl}


def sched_msg(total, parts):
    s = ", ".join("%d %s" % (n, t) for n, t in sorted(parts, key=lambda x: x[1]))
    return "0/%d nodes are available: %s. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling." % (total, s, total, total)


def failsched(c, p, msg, first, count=None, last=None):
    c.unsched(p, msg, first)
    last = last if last is not None else c.r.randint(20, 280)
    c.ev(p, "FailedScheduling", msg, "Warning", count=count or max(2, first // 300), first=first, last=last, comp="default-scheduler")


@incident("k8-01", "node-noexecute-maintenance-taint-strands-local-pv-replica", "kubeadm v1.30 bare metal, Calico, TopoLVM, CloudNativePG")
def f01():
    c = new("k8-01", "2025-03-11T09:42:17Z", 101)
    cps = ["bm-k8s-cp01"]
    apps = ["bm-k8s-w01", "bm-k8s-w02", "bm-k8s-w03"]
    dbs = ["bm-k8s-db01", "bm-k8s-db02", "bm-k8s-db03"]
    taint_t = 57 * M
    P = cluster(c, "kubeadm", cps, apps + dbs, age=510 * D, cni_kind="calico", net="10.40.8.",
                wl={n: {"node-role.kubernetes.io/database": ""} for n in dbs},
                wtaints={"bm-k8s-db03": [{"effect": "NoExecute", "key": "maintenance", "value": "firmware-upgrade", "timeAdded": c.ts(taint_t)}]},
                cpu=16, mem=64)
    system(c, "kubeadm", "calico", P, cps=cps)
    topolvm(c, dbs, nsel={"node-role.kubernetes.io/database": ""})
    addon(c, "monitoring", nodes=apps)
    addon(c, "ingress-nginx", nodes=apps, lb=None)
    cnpg_operator(c)
    c.ns("ledger-db", 300 * D, {"team": "ledger", "db-tier": "postgres"})
    c.ns("ledger", 300 * D, {"team": "ledger"})
    c.ns("cache", 280 * D)
    pg = cnpg(c, "ledger-db", "pg-ledger", 3, "topolvm-provisioner", "200Gi", dbs, pod_ages={1: 21 * D, 2: 21 * D - 300, 3: taint_t - 25})
    p3 = pg["pods"][2]
    msg = sched_msg(7, [(1, "node(s) had untolerated taint {maintenance: firmware-upgrade}"), (1, "node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"),
                        (5, "node(s) had volume node affinity conflict")])
    failsched(c, p3, msg, taint_t - 26, count=12)
    api = app(c, "ledger", "ledger-api", 3, "registry.corp.example/ledger/ledger-api:2.14.3", [("DB_HOST", "pg-ledger-rw.ledger-db.svc"), ("DB_RO_HOST", "pg-ledger-ro.ledger-db.svc"), ("DB_USER", ("secret", "ledger-db-app", "username")), ("DB_PASSWORD", ("secret", "ledger-db-app", "password"))], nodes=apps)
    c.secret("ledger", "ledger-db-app", ["username", "password"], labels={"reconcile.external-secrets.io/managed": "true"})
    wk = app(c, "ledger", "ledger-worker", 2, "registry.corp.example/ledger/ledger-worker:2.14.3", [("DB_HOST", "pg-ledger-rw.ledger-db.svc"), ("REDIS_SENTINEL", "ledger-cache.cache.svc:26379")], nodes=apps, svc=False)
    redis_sentinel(c, "cache", "ledger-cache", "topolvm-provisioner", nodes=dbs[:2] + [dbs[0]], size="8Gi")
    # redis pod on db03? keep redis on db01/db02 only
    cron_noise(c, "ledger", "ledger-eod-report", "registry.corp.example/ledger/ledger-batch:2.14.3", ["/app/bin/eod-report", "--date=yesterday"], "15 1 * * *", D, 3)
    evicted(c, api, 4)
    blip(c, api[2][1])
    c.restarted(wk[2][0], "app", 1, "Error", 1, "panic: dial tcp 10.96.44.7:26379: i/o timeout\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/worker/main.go:88 +0x4f1\n", ended=6 * D)
    sandbox(c, "sandbox-rfernandes", "ledger-ui-preview", "registry.corp.example/ledger/ledger-ui:pr-412", "pull", 11)
    truth(c, "node-noexecute-maintenance-taint-strands-local-pv-replica",
          "ledger postgres cluster running on 2 of 3 instances since ~an hour ago, the third replica never comes back",
          "Node", "", "bm-k8s-db03",
          "pg-ledger-3 (CloudNativePG replica) is Pending: FailedScheduling says 1 node had the untolerated taint {maintenance: firmware-upgrade} and the other 5 had a volume node affinity conflict. "
          "Its PVC pg-ledger-3 is bound to a TopoLVM PV pinned (topology.topolvm.io/node) to bm-k8s-db03, and bm-k8s-db03 carries spec.taints maintenance=firmware-upgrade:NoExecute added ~57m ago (not cordoned, Ready). "
          "The NoExecute taint evicted the replica (and the topolvm-node / node-exporter pods) and nothing can come back. Remove the leftover maintenance taint from node bm-k8s-db03.")
    return c


def std_noise(c, dep, sb_ns, sb_name, sb_img, mode="pull", days=9, evict_days=3, blip_pod=True, restart_msg=None):
    if dep and ("Service", dep[0]["metadata"]["namespace"], dep[0]["metadata"]["name"]) in c.idx and ("ingress-nginx" in c.nsage or c.aux.get("kind") in ("rke2", "k3s")):
        ns, n = dep[0]["metadata"]["namespace"], dep[0]["metadata"]["name"]
        c.secret(ns, n + "-tls", ["ca.crt", "tls.crt", "tls.key"], "kubernetes.io/tls", labels={"controller.cert-manager.io/fao": "true"}, ann={"cert-manager.io/issuer-kind": "ClusterIssuer", "cert-manager.io/issuer-name": "corp-ca"})
        lbs = c.get("Service", "ingress-nginx", "ingress-nginx-controller")["status"]["loadBalancer"].get("ingress") if "ingress-nginx" in c.nsage else None
        lbip = lbs[0].get("ip") if lbs else (c.nodenet[c.workers[0]][1] if c.aux.get("kind") in ("rke2", "k3s") else None)
        c.ingress(ns, n, "%s.apps.corp.example" % n, n, "http", cls="traefik" if c.aux.get("kind") == "k3s" else "nginx", tls=n + "-tls", lb=lbip, ann={"cert-manager.io/cluster-issuer": "corp-ca", "nginx.ingress.kubernetes.io/proxy-body-size": "16m"})
    if dep:
        evicted(c, dep, evict_days)
        if blip_pod:
            blip(c, dep[2][-1])
        if restart_msg:
            c.restarted(dep[2][0], "app", c.r.randint(1, 3), "Error", 1, restart_msg, ended=c.r.randint(2, 9) * D)
    sandbox(c, sb_ns, sb_name, sb_img, mode, days)


def galera(c, ns, name, scn, nodes, nsel_key=None, ago=None, pod_ago=None, size="50Gi"):
    sel = {"app.kubernetes.io/instance": name, "app.kubernetes.io/name": "mariadb-galera"}
    chart = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "11.4.3", "helm.sh/chart": "mariadb-galera-14.0.10"})
    c.secret(ns, name, ["mariadb-galera-mariabackup-password", "mariadb-password", "mariadb-root-password"], labels=chart)
    c.cm(ns, name + "-configuration", {"my.cnf": "[client]\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\n[mysqld]\ndefault_storage_engine=InnoDB\nbasedir=/opt/bitnami/mariadb\ndatadir=/bitnami/mariadb/data\nbind_address=0.0.0.0\nmax_allowed_packet=16M\ninnodb_buffer_pool_size=2G\n[galera]\nwsrep_on=ON\nwsrep_provider=/opt/bitnami/mariadb/lib/libgalera_smm.so\nwsrep_sst_method=mariabackup\nwsrep_slave_threads=4\nwsrep_cluster_address=gcomm://\nbinlog_format=row\n"}, labels=chart)
    c.helm(ns, name, c.r.randint(2, 6))
    aff = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": sel}, "topologyKey": "kubernetes.io/hostname"}]}}
    if nsel_key:
        aff["nodeAffinity"] = {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [{"key": nsel_key[0], "operator": "In", "values": [nsel_key[1]]}]}]}}
    m = ctr("mariadb-galera", "docker.io/bitnami/mariadb-galera:11.4.3-debian-12-r0", [("mysql", 3306), ("galera", 4567), ("ist", 4568), ("sst", 4444)], ("1", "4Gi"), lim=("2", "6Gi"),
            cmd=["bash", "-ec", "exec /opt/bitnami/scripts/mariadb-galera/entrypoint.sh /opt/bitnami/scripts/mariadb-galera/run.sh\n"],
            env=[("MY_POD_NAME", ("field", "metadata.name")), ("BITNAMI_DEBUG", "false"), ("MARIADB_GALERA_CLUSTER_NAME", "galera"),
                 ("MARIADB_GALERA_CLUSTER_ADDRESS", "gcomm://%s-headless.%s.svc.cluster.local" % (name, ns)), ("MARIADB_ROOT_USER", "root"),
                 ("MARIADB_ROOT_PASSWORD", ("secret", name, "mariadb-root-password")), ("MARIADB_USER", "erp"), ("MARIADB_PASSWORD", ("secret", name, "mariadb-password")),
                 ("MARIADB_DATABASE", "erp"), ("MARIADB_GALERA_MARIABACKUP_USER", "mariabackup"), ("MARIADB_GALERA_MARIABACKUP_PASSWORD", ("secret", name, "mariadb-galera-mariabackup-password"))],
            mounts=[("data", "/bitnami/mariadb"), ("mariadb-galera-config", "/opt/bitnami/mariadb/conf/my.cnf"), ("empty-dir", "/tmp")],
            live=execp(["bash", "-ec", "password_aux=\"${MARIADB_ROOT_PASSWORD:-}\"\nexec mysqladmin status -u\"${MARIADB_ROOT_USER}\" -p\"${password_aux}\"\n"], 120, 10, 3, 1),
            ready=execp(["bash", "-ec", "password_aux=\"${MARIADB_ROOT_PASSWORD:-}\"\nexec mysqladmin status -u\"${MARIADB_ROOT_USER}\" -p\"${password_aux}\"\n"], 30, 10, 3, 1))
    st = c.sts(ns, name, 3, [m], name + "-headless", sel=sel, labels=chart, nodes=nodes, vct=[("data", scn, size)], sa=name, aff=aff, ago=ago, pod_ago=pod_ago,
               vols=[v_cm("mariadb-galera-config", name + "-configuration"), v_empty("empty-dir")], psc={"fsGroup": 1001}, pmp="OrderedReady")
    c.svc(ns, name + "-headless", sel, [("galera", 4567, "galera"), ("ist", 4568, "ist"), ("sst", 4444, "sst")], headless=True, pnr=True, labels=chart, ago=c.oago(st[0]))
    c.svc(ns, name, sel, [("mysql", 3306, "mysql")], labels=chart, ago=c.oago(st[0]))
    return st


@incident("k8-02", "database-node-rebuilt-without-pool-label", "Talos v1.7 (Kubernetes v1.30), flannel, Longhorn, MariaDB Galera (Bitnami chart)", hard=False)
def f02():
    c = new("k8-02", "2025-04-02T06:18:40Z", 202)
    cps = ["talos-cp-01", "talos-cp-02", "talos-cp-03"]
    apps = ["talos-wk-01", "talos-wk-02"]
    dbs = ["talos-db-01", "talos-db-02", "talos-db-03"]
    rebuilt = 3 * H + 12 * M
    P = cluster(c, "talos", cps, apps + dbs, age=300 * D, cni_kind="flannel", net="172.16.10.",
                wl={"talos-db-01": {"node.kubernetes.io/pool": "database"}, "talos-db-02": {"node.kubernetes.io/pool": "database"}},
                node_age={"talos-db-03": rebuilt}, boot={"talos-db-03": rebuilt - 60}, cpu=8, mem=32, wcpu={n: 16 for n in dbs}, wmem={n: 64 for n in dbs})
    system(c, "talos", "flannel", P, cps=cps)
    longhorn(c)
    addon(c, "monitoring", scn="longhorn")
    addon(c, "cert-manager")
    c.ns("erp-db", 250 * D, {"team": "erp"})
    c.ns("erp", 250 * D, {"team": "erp"})
    st, pods, pvcs = galera(c, "erp-db", "mariadb-galera", "longhorn", dbs[:2] + [dbs[0]], nsel_key=("node.kubernetes.io/pool", "database"), pod_ago=40 * D)
    p2 = pods[2]
    c.ipused.discard(p2["status"]["podIP"])
    p2["metadata"]["creationTimestamp"] = c.ts(rebuilt + 8 * M)
    msg = sched_msg(8, [(2, "node(s) didn't match pod anti-affinity rules"), (3, "node(s) didn't match Pod's node affinity/selector"), (3, "node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }")])
    failsched(c, p2, msg, rebuilt + 8 * M, count=41)
    c.ev(st, "SuccessfulCreate", "create Pod mariadb-galera-2 in StatefulSet mariadb-galera successful", count=1, first=rebuilt + 8 * M - 1, last=rebuilt + 8 * M - 1, comp="statefulset-controller") if False else None
    web = app(c, "erp", "erp-web", 3, "registry.gitlab.corp.example/erp/odoo-web:17.0-20250318", [("DB_HOST", "mariadb-galera.erp-db.svc.cluster.local"), ("DB_PORT", "3306")], nodes=apps, port=8069)
    for p in web[2][:2]:
        c.restarted(p, "app", 2, "Error", 1, "psycopg2? no: pymysql.err.OperationalError: (2013, 'Lost connection to MySQL server during query ([Errno 104] Connection reset by peer)')".replace("psycopg2? no: ", ""), ended=rebuilt + 20 * M)
    app(c, "erp", "erp-scheduler", 1, "registry.gitlab.corp.example/erp/odoo-cron:17.0-20250318", [("DB_HOST", "mariadb-galera.erp-db.svc.cluster.local")], nodes=apps, svc=False)
    cron_noise(c, "erp-db", "galera-mariabackup", "docker.io/bitnami/mariadb-galera:11.4.3-debian-12-r0", ["/bin/bash", "-c", "mariadb-backup --backup --target-dir=/backup/$(date +%F) --host=mariadb-galera"], "0 1 * * *", D, 2, first=5 * H + 18 * M)
    std_noise(c, web, "dev-erp-playground", "erp-report-preview", "registry.gitlab.corp.example/erp/report-svc:mr-88", "crash", 16, evict_days=6)
    truth(c, "database-node-rebuilt-without-pool-label",
          "mariadb galera reports wsrep_cluster_size=2 since early this morning; the third member never came back",
          "Node", "", "talos-db-03",
          "mariadb-galera-2 is Pending: FailedScheduling shows 2 nodes fail pod anti-affinity (talos-db-01/02 already host members) and 3 nodes don't match the pod's node affinity. "
          "The StatefulSet requires node.kubernetes.io/pool=database; talos-db-01 and talos-db-02 carry that label but talos-db-03 was re-created ~3h ago (creationTimestamp/boot time) and came back without it, "
          "so the only free database node is ineligible. The Longhorn volume has no node pinning. Re-add node.kubernetes.io/pool=database to node talos-db-03 (and to its Talos machine config).")
    return c


@incident("k8-03", "project-node-selector-annotation-wrong-label", "OpenShift 4.15 on-prem (vSphere), OVN-Kubernetes, vSphere CSI, MongoDB replica set", hard=True)
def f03():
    c = new("k8-03", "2025-02-19T14:03:51Z", 303, rt="cri-o")
    masters = ["ocp-prd-master-0", "ocp-prd-master-1", "ocp-prd-master-2"]
    wk = ["ocp-prd-worker-0", "ocp-prd-worker-1", "ocp-prd-worker-2"]
    dbs = ["ocp-prd-db-0", "ocp-prd-db-1", "ocp-prd-db-2"]
    drain = 47 * M
    P = cluster(c, "openshift", masters, wk + dbs, age=400 * D, cni_kind=None, net="10.90.4.", wl={n: {"node-role.kubernetes.io/db": ""} for n in dbs},
                boot={"ocp-prd-db-2": drain - 5 * M}, cpu=16, mem=64)
    c.aux["podcidr"] = "10.128.0.0/14"
    openshift_system(c, masters)
    c.sc("thin-csi", "csi.vsphere.vmware.com", {"StoragePolicyName": "openshift-storage-policy-ocp-prd"}, binding="WaitForFirstConsumer", default=True, ago=399 * D)
    nsa = lambda sel: {"openshift.io/node-selector": sel, "openshift.io/sa.scc.mcs": "s0:c28,c%d" % c.r.randint(10, 27), "openshift.io/sa.scc.supplemental-groups": "1000790000/10000", "openshift.io/sa.scc.uid-range": "1000790000/10000",
                       "openshift.io/description": "", "openshift.io/display-name": "", "openshift.io/requester": "system:serviceaccount:openshift-gitops:openshift-gitops-argocd-application-controller"}
    c.ns("payments-db", 210 * D, {"app.kubernetes.io/part-of": "payments", "argocd.argoproj.io/managed-by": "openshift-gitops"}, nsa("node-role.kubernetes.io/database="))
    c.ns("orders-db", 190 * D, {"app.kubernetes.io/part-of": "orders", "argocd.argoproj.io/managed-by": "openshift-gitops"}, nsa("node-role.kubernetes.io/db="))
    c.ns("payments", 210 * D, {"app.kubernetes.io/part-of": "payments"}, nsa(""))
    st, pods, _ = mongo_rs(c, "payments-db", "payments-mongo", "thin-csi", nodes=dbs, pod_ago=60 * D)
    for p in pods[:2]:
        p["spec"]["nodeSelector"] = {"node-role.kubernetes.io/db": ""}
    p2 = pods[2]
    p2["spec"]["nodeSelector"] = {"node-role.kubernetes.io/database": ""}
    c.ipused.discard(p2["status"]["podIP"])
    p2["metadata"]["creationTimestamp"] = c.ts(drain)
    for p in c.o["pods"]:
        if p["metadata"]["namespace"] in ("payments-db", "orders-db", "payments"):
            p["metadata"].setdefault("annotations", {})["openshift.io/scc"] = "restricted-v2"
    msg = sched_msg(9, [(3, "node(s) had untolerated taint {node-role.kubernetes.io/master: }"), (6, "node(s) didn't match Pod's node affinity/selector")])
    failsched(c, p2, msg, drain, count=19)
    st2, opods, _ = mongo_rs(c, "orders-db", "orders-mongo", "thin-csi", nodes=[dbs[1], dbs[2], dbs[0]], pod_ago=drain - 3 * M)
    for p in opods:
        p["spec"]["nodeSelector"] = {"node-role.kubernetes.io/db": ""}
    api = app(c, "payments", "payments-api", 3, "image-registry.openshift-image-registry.svc:5000/payments/payments-api:4.2.1",
              [("MONGODB_URI", "mongodb://payments-mongo-0.payments-mongo-headless.payments-db.svc,payments-mongo-1.payments-mongo-headless.payments-db.svc,payments-mongo-2.payments-mongo-headless.payments-db.svc/?replicaSet=rs0")], nodes=wk)
    for p in api[2]:
        p["metadata"].setdefault("annotations", {})["openshift.io/scc"] = "restricted-v2"
    c.restarted(api[2][1], "app", 1, "Error", 1, "com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting for a server that matches WritableServerSelector. Client view of cluster state is {type=REPLICA_SET, servers=[{address=payments-mongo-2.payments-mongo-headless.payments-db.svc:27017, type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoSocketException: payments-mongo-2.payments-mongo-headless.payments-db.svc}}]", ended=drain - 6 * M)
    sandbox(c, "sandbox-kdiaz", "fraud-model-ui", "image-registry.openshift-image-registry.svc:5000/sandbox-kdiaz/fraud-ui:latest", "pull", 23)
    truth(c, "project-node-selector-annotation-wrong-label",
          "payments mongo replica set lost its third member after this afternoon's node drain and it won't reschedule",
          "Namespace", "", "payments-db",
          "payments-mongo-2 is Pending: 6 worker/db nodes 'didn't match Pod's node affinity/selector', 3 masters are tainted. The StatefulSet template has no nodeSelector, but the pod carries "
          "nodeSelector node-role.kubernetes.io/database='' - injected by the project node selector annotation openshift.io/node-selector on namespace payments-db. No node has that label: "
          "the database nodes are labelled node-role.kubernetes.io/db (orders-db uses 'node-role.kubernetes.io/db=' and schedules fine; payments-mongo-0/1 were admitted with the old db selector). "
          "Fix the openshift.io/node-selector annotation on namespace payments-db to node-role.kubernetes.io/db=.")
    return c


def zalando(c, ns, name, scn, nodes, team, n=3, pod_ago=None, size="100Gi"):
    pg = c.crd("acid.zalan.do/v1", "postgresql", name)
    sel = {"application": "spilo", "cluster-name": name}
    c.secret(ns, "postgres.%s.credentials.postgresql.acid.zalan.do" % name, ["password", "username"], labels=dict(sel, team=team), owner=pg)
    c.secret(ns, "standby.%s.credentials.postgresql.acid.zalan.do" % name, ["password", "username"], labels=dict(sel, team=team), owner=pg)
    c.secret(ns, "app.%s.credentials.postgresql.acid.zalan.do" % name, ["password", "username"], labels=dict(sel, team=team), owner=pg)
    sp = ctr("postgres", "ghcr.io/zalando/spilo-16:3.3-p1", [(None, 8008), (None, 5432), (None, 8080)], ("500m", "2Gi"), lim=("2", "4Gi"),
             env=[("SCOPE", name), ("PGROOT", "/home/postgres/pgdata/pgroot"), ("POD_IP", ("field", "status.podIP")), ("POD_NAMESPACE", ("field", "metadata.namespace")),
                  ("PGUSER_SUPERUSER", "postgres"), ("KUBERNETES_SCOPE_LABEL", "cluster-name"), ("KUBERNETES_ROLE_LABEL", "spilo-role"),
                  ("PGPASSWORD_SUPERUSER", ("secret", "postgres.%s.credentials.postgresql.acid.zalan.do" % name, "password")), ("PGUSER_STANDBY", "standby"),
                  ("PGPASSWORD_STANDBY", ("secret", "standby.%s.credentials.postgresql.acid.zalan.do" % name, "password")), ("PAM_OAUTH2", ""), ("HUMAN_ROLE", "zalandos"), ("PGVERSION", "16"),
                  ("KUBERNETES_LABELS", "{\"application\":\"spilo\"}"), ("SPILO_CONFIGURATION", "{\"postgresql\":{\"parameters\":{\"max_connections\":\"400\",\"shared_buffers\":\"1GB\"}},\"bootstrap\":{\"initdb\":[{\"auth-host\":\"md5\"},{\"auth-local\":\"trust\"}]}}"),
                  ("DCS_ENABLE_KUBERNETES_API", "true")],
             mounts=[("pgdata", "/home/postgres/pgdata"), ("dshm", "/dev/shm")], ready=http("/readiness", 8008, 6, 10, 3, 5),
             sc={"allowPrivilegeEscalation": True, "privileged": False, "readOnlyRootFilesystem": False})
    st, pods, pvcs = c.sts(ns, name, n, [sp], name, sel=sel, labels=dict(sel, team=team), nodes=nodes, vct=[("pgdata", scn, size)], sa="postgres-pod", owner=pg,
                           vols=[v_empty("dshm", "Memory")], pod_ago=pod_ago, psc={"fsGroup": 103}, extra={"terminationGracePeriodSeconds": 300})
    for i, p in enumerate(pods):
        p["metadata"]["labels"]["spilo-role"] = "master" if i == 0 else "replica"
        p["metadata"].setdefault("annotations", {})["status"] = "{\"conn_url\":\"postgres://%s:5432/postgres\",\"api_url\":\"http://%s:8008/patroni\",\"state\":\"running\",\"role\":\"%s\",\"version\":\"3.3.1\",\"xlog_location\":%d,\"timeline\":%d}" % (
            p["status"]["podIP"], p["status"]["podIP"], "master" if i == 0 else "replica", c.r.randint(10 ** 10, 10 ** 11), c.r.randint(3, 9))
    lab = dict(sel, team=team)
    c.svc(ns, name, None, [("postgresql", 5432, 5432)], labels=dict(lab, **{"spilo-role": "master"}), owner=pg)
    m = pods[0]
    c.eps_manual(ns, name, [{"addresses": [{"ip": m["status"]["podIP"], "nodeName": m["spec"]["nodeName"], "targetRef": {"kind": "Pod", "name": m["metadata"]["name"], "namespace": ns, "uid": m["metadata"]["uid"]}}],
                             "ports": [{"name": "postgresql", "port": 5432, "protocol": "TCP"}]}],
                 labels=dict(lab, **{"spilo-role": "master"}), ann={"acquireTime": c.ts(pod_ago or 5 * D), "leader": m["metadata"]["name"], "optime": str(c.r.randint(10 ** 10, 10 ** 11)), "renewTime": c.ts(7)[:-1] + ".183311+00:00", "transitions": str(c.r.randint(2, 9)), "ttl": "30"})
    c.svc(ns, name + "-repl", dict(sel, **{"spilo-role": "replica"}), [("postgresql", 5432, 5432)], labels=dict(lab, **{"spilo-role": "replica"}), owner=pg)
    c.svc(ns, name + "-config", None, [], headless=True, labels=lab, owner=pg)
    c.eps_manual(ns, name + "-config", None, labels=lab, ann={"config": "{\"loop_wait\":10,\"maximum_lag_on_failover\":33554432,\"postgresql\":{\"parameters\":{\"max_connections\":400}},\"retry_timeout\":10,\"ttl\":30}", "initialize": str(c.r.randint(7 * 10 ** 18, 7 * 10 ** 18 + 10 ** 17))})
    return st, pods


def zalando_operator(c, ns="postgres-operator"):
    c.ns(ns, c.nsage["kube-system"] - 30 * D)
    c.deploy(ns, "postgres-operator", 1, [ctr("postgres-operator", "ghcr.io/zalando/postgres-operator:v1.13.0", req=("100m", "250Mi"), lim=("500m", "500Mi"), env=[("CONFIG_MAP_NAME", "postgres-operator"), ("POSTGRES_OPERATOR_CONFIGURATION_OBJECT", "postgres-operator")],
                                               sc={"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "runAsUser": 1000})],
             sel={"app.kubernetes.io/instance": "postgres-operator", "app.kubernetes.io/name": "postgres-operator"}, sa="postgres-operator")
    c.svc(ns, "postgres-operator", {"app.kubernetes.io/instance": "postgres-operator", "app.kubernetes.io/name": "postgres-operator"}, [(None, 8080, 8080)])
    c.helm(ns, "postgres-operator", c.r.randint(2, 5))


@incident("k8-04", "client-namespace-recreated-without-db-access-label", "kubeadm v1.29 on vSphere, Antrea, vSphere CSI, Zalando postgres-operator", hard=True)
def f04():
    c = new("k8-04", "2025-05-06T10:27:05Z", 404)
    cps = ["vsk8s-cp-01"]
    wk = ["vsk8s-wk-01", "vsk8s-wk-02", "vsk8s-wk-03", "vsk8s-wk-04"]
    recreated = 2 * H + 51 * M
    P = cluster(c, "kubeadm", cps, wk, age=380 * D, cni_kind="antrea", net="10.60.12.", cpu=8, mem=32, variant="kubeadm129")
    system(c, "kubeadm", "antrea", P, infra="vsphere", cps=cps)
    addon(c, "monitoring", scn="vsphere-csi")
    zalando_operator(c)
    c.ns("orders-db", 300 * D, {"team": "orders"})
    c.ns("fulfillment", 260 * D, {"team": "fulfillment", "db-access/orders": "true"})
    c.ns("checkout", recreated, {"team": "checkout", "argocd.argoproj.io/instance": "checkout"})
    st, pods = zalando(c, "orders-db", "orders-pg", "vsphere-csi", wk[1:], "orders", pod_ago=33 * D)
    c.netpol("orders-db", "orders-pg-clients", {"matchLabels": {"application": "spilo", "cluster-name": "orders-pg"}}, [
        {"from": [{"namespaceSelector": {"matchLabels": {"db-access/orders": "true"}}}], "ports": [{"port": 5432, "protocol": "TCP"}]},
        {"from": [{"podSelector": {"matchLabels": {"application": "spilo", "cluster-name": "orders-pg"}}}], "ports": [{"port": 5432, "protocol": "TCP"}, {"port": 8008, "protocol": "TCP"}]},
        {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "postgres-operator"}}}], "ports": [{"port": 8008, "protocol": "TCP"}, {"port": 5432, "protocol": "TCP"}]},
        {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}], "ports": [{"port": 9187, "protocol": "TCP"}, {"port": 8008, "protocol": "TCP"}]}], ago=200 * D,
        labels={"app.kubernetes.io/managed-by": "argocd"})
    c.netpol("orders-db", "default-deny-ingress", {}, [], ago=200 * D)
    env = [("DATABASE_HOST", "orders-pg.orders-db.svc.cluster.local"), ("DATABASE_NAME", "orders"), ("DATABASE_USER", "checkout_svc"), ("DATABASE_PASSWORD", ("secret", "checkout-db", "password"))]
    c.secret("checkout", "checkout-db", ["password"], ago=recreated - 60, labels={"reconcile.external-secrets.io/managed": "true"})
    co = app(c, "checkout", "checkout-api", 3, "harbor.corp.example/shop/checkout-api:3.8.0", env, nodes=wk, rs_ago=recreated - 90, rev=1)
    cw = app(c, "checkout", "checkout-outbox-relay", 1, "harbor.corp.example/shop/checkout-outbox:3.8.0", env, nodes=wk, rs_ago=recreated - 90, rev=1, svc=False, probe=False)
    svcip = c.get("Service", "orders-db", "orders-pg")["spec"]["clusterIP"]
    for i, p in enumerate(co[2] + cw[2]):
        c.crash(p, "app", 30 + i, 'panic: failed to connect to `host=orders-pg.orders-db.svc.cluster.local user=checkout_svc database=orders`: dial error (dial tcp %s:5432: i/o timeout)\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/checkout-api/main.go:61 +0x3c5\n' % svcip,
                exit=2, since=recreated - 200, last_run=31)
        c.ev(p, "BackOff", "Back-off restarting failed container app in pod %s_checkout(%s)" % (p["metadata"]["name"], p["metadata"]["uid"]), "Warning", count=140 + i * 3, first=recreated - 300, last=c.r.randint(10, 200), host=p["spec"]["nodeName"], field="spec.containers{app}")
    c.aux[co[0]["metadata"]["uid"]]["since"] = recreated - 200
    c.aux[co[0]["metadata"]["uid"]]["progress"] = "ProgressDeadlineExceeded"
    c.aux[cw[0]["metadata"]["uid"]]["since"] = recreated - 200
    ff = app(c, "fulfillment", "fulfillment-svc", 2, "harbor.corp.example/shop/fulfillment-svc:5.1.4", [("DATABASE_HOST", "orders-pg.orders-db.svc.cluster.local"), ("DATABASE_NAME", "orders")], nodes=wk)
    cron_noise(c, "orders-db", "orders-pg-logical-backup", "ghcr.io/zalando/postgres-operator/logical-backup:v1.13.0", ["/bin/bash", "/dump.sh"], "30 0 * * *", D, 3, first=9 * H + 57 * M, sa="postgres-pod")
    std_noise(c, ff, "sandbox-pvarga", "promo-engine-spike", "harbor.corp.example/sandbox/promo-engine:0.0.3-dev", "crash", 12, evict_days=5)
    truth(c, "client-namespace-recreated-without-db-access-label",
          "the storefront payment step can't reach the orders postgres since this morning's redeploy, connections just time out",
          "Namespace", "", "checkout",
          "checkout-api and checkout-outbox-relay crash-loop with 'dial tcp <orders-pg ClusterIP>:5432: i/o timeout'; orders-pg itself is healthy and fulfillment (another client) works. "
          "orders-db has default-deny-ingress plus orders-pg-clients, which admits clients only from namespaces labelled db-access/orders=true. Namespace checkout was re-created ~2h50m ago "
          "(creationTimestamp; everything in it is new) and no longer carries db-access/orders=true, while fulfillment does. Add the label db-access/orders=true to namespace checkout.")
    return c


def strimzi_cluster(c, ns, name, brokers, scn, nodes, pod_ago=None, size="100Gi", pending=False):
    k = c.crd("kafka.strimzi.io/v1beta2", "Kafka", name)
    sps = c.crd("core.strimzi.io/v1beta2", "StrimziPodSet", name + "-broker")
    lab = {"app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "strimzi-cluster-operator", "app.kubernetes.io/name": "kafka", "app.kubernetes.io/part-of": "strimzi-" + name,
           "strimzi.io/cluster": name, "strimzi.io/kind": "Kafka", "strimzi.io/name": name + "-kafka", "strimzi.io/pool-name": "broker", "strimzi.io/component-type": "kafka"}
    c.cm(ns, name + "-broker-0" if False else name + "-kafka-config", {"server.config": "process.roles=broker,controller\nnode.id=${STRIMZI_NODE_ID}\nlisteners=REPLICATION-9091://0.0.0.0:9091,PLAIN-9092://0.0.0.0:9092,TLS-9093://0.0.0.0:9093\ndefault.replication.factor=3\nmin.insync.replicas=2\n"}, labels=lab)
    c.secret(ns, name + "-cluster-ca-cert", ["ca.crt", "ca.p12", "ca.password"], labels=lab)
    c.secret(ns, name + "-kafka-brokers", ["%s-broker-%d.crt" % (name, i) for i in range(brokers)] + ["%s-broker-%d.key" % (name, i) for i in range(brokers)], labels=lab)
    c.sa(ns, name + "-kafka", labels=lab)
    pods, pvcs = [], []
    pa = pod_ago or c.r.randint(5, 40) * D
    for i in range(brokers):
        pn = "%s-broker-%d" % (name, i)
        node = nodes[i % len(nodes)]
        pvc = c.pvc(ns, "data-0-" + pn, scn, size, node, pa + 30, labels=dict(lab, **{"strimzi.io/pod-name": pn}), bound=not pending, ann={"strimzi.io/delete-claim": "false"})
        pvcs.append(pvc)
        kc = ctr("kafka", "quay.io/strimzi/kafka:0.43.0-kafka-3.8.0", [("tcp-ctrlplane", 9090), ("tcp-replication", 9091), ("tcp-clients", 9092), ("tcp-clientstls", 9093), ("tcp-prometheus", 9404)], ("1", "4Gi"), lim=("2", "8Gi"),
                 cmd=["/opt/kafka/kafka_run.sh"], env=[("KAFKA_METRICS_ENABLED", "true"), ("STRIMZI_KRAFT_ENABLED", "true"), ("KAFKA_HEAP_OPTS", "-Xms2g -Xmx2g"), ("STRIMZI_DYNAMIC_HEAP_PERCENTAGE", "50")],
                 mounts=[("data-0", "/var/lib/kafka/data-0"), ("cluster-ca", "/opt/kafka/cluster-ca-certs"), ("broker-certs", "/opt/kafka/broker-certs"), ("kafka-metrics-and-logging", "/opt/kafka/custom-config/")],
                 live=execp(["/opt/kafka/kafka_liveness.sh"], 15, 10, 3, 5), ready=execp(["/opt/kafka/kafka_readiness.sh"], 15, 10, 3, 5))
        spec = c.podspec([kc], name + "-kafka", [v_pvc("data-0", "data-0-" + pn), v_sec("cluster-ca", name + "-cluster-ca-cert", 292), v_sec("broker-certs", name + "-kafka-brokers", 292), v_cm("kafka-metrics-and-logging", name + "-kafka-config")],
                         extra={"hostname": pn, "subdomain": name + "-kafka-brokers"}, psc={"fsGroup": 0})
        p = c.mkpod(ns, pn, node, spec, dict(lab, **{"statefulset.kubernetes.io/pod-name": pn, "strimzi.io/broker-role": "true", "strimzi.io/controller-role": "true", "strimzi.io/controller": "strimzipodset", "strimzi.io/controller-name": name + "-broker", "strimzi.io/pod-name": pn}),
                    {"strimzi.io/revision": c.hexs(8), "strimzi.io/kafka-version": "3.8.0", "strimzi.io/broker-configuration-hash": c.hexs(8)}, sps, pa - i * 40)
        pods.append(p)
    c.svc(ns, name + "-kafka-bootstrap", {"strimzi.io/broker-role": "true", "strimzi.io/cluster": name, "strimzi.io/kind": "Kafka", "strimzi.io/name": name + "-kafka"},
          [("tcp-replication", 9091, 9091), ("tcp-clients", 9092, 9092), ("tcp-clientstls", 9093, 9093)], labels=lab, owner=k)
    c.svc(ns, name + "-kafka-brokers", {"strimzi.io/broker-role": "true", "strimzi.io/cluster": name, "strimzi.io/kind": "Kafka", "strimzi.io/name": name + "-kafka"},
          [("tcp-ctrlplane", 9090, 9090), ("tcp-replication", 9091, 9091), ("tcp-clients", 9092, 9092), ("tcp-clientstls", 9093, 9093)], headless=True, pnr=True, labels=lab, owner=k)
    return pods, pvcs


def strimzi_operator(c, ns):
    c.deploy(ns, "strimzi-cluster-operator", 1, [ctr("strimzi-cluster-operator", "quay.io/strimzi/operator:0.43.0", [("http", 8080)], ("200m", "384Mi"), lim=("1", "384Mi"), args=["/opt/strimzi/bin/cluster_operator_run.sh"],
                                                      env=[("STRIMZI_NAMESPACE", ("field", "metadata.namespace")), ("STRIMZI_FULL_RECONCILIATION_INTERVAL_MS", "120000"), ("STRIMZI_OPERATION_TIMEOUT_MS", "300000"), ("STRIMZI_FEATURE_GATES", "")],
                                                      live=http("/healthy", "http", 10, 30, 3, 1), ready=http("/ready", "http", 10, 30, 3, 1))],
             sel={"name": "strimzi-cluster-operator", "strimzi.io/kind": "cluster-operator"}, sa="strimzi-cluster-operator")
    c.helm(ns, "strimzi-kafka-operator", c.r.randint(2, 6))


@incident("k8-05", "storageclass-provisioner-secret-in-wrong-namespace", "kubeadm v1.30 bare metal, Cilium (kube-proxy replacement), Rook-Ceph RBD, Strimzi Kafka (KRaft)")
def f05():
    c = new("k8-05", "2025-01-28T16:44:09Z", 505)
    cps = ["dc1-k8s-m1"]
    wk = ["dc1-k8s-n1", "dc1-k8s-n2", "dc1-k8s-n3", "dc1-k8s-n4"]
    P = cluster(c, "kubeadm", cps, wk, age=450 * D, cni_kind="cilium", net="10.11.0.", cpu=24, mem=128)
    system(c, "kubeadm", "cilium", P, cps=cps)
    par = rook(c, wk[:3])
    created = 2 * H + 6 * M
    bad = dict(par)
    for k in ("csi.storage.k8s.io/provisioner-secret-namespace", "csi.storage.k8s.io/controller-expand-secret-namespace", "csi.storage.k8s.io/node-stage-secret-namespace"):
        bad[k] = "rook-ceph-cluster"
    c.sc("ceph-block-retain", "rook-ceph.rbd.csi.ceph.com", bad, binding="Immediate", reclaim="Retain", ago=created,
         labels={"app.kubernetes.io/managed-by": "argocd"}, ann={"argocd.argoproj.io/tracking-id": "platform-storage:storage.k8s.io/StorageClass:/ceph-block-retain"})
    addon(c, "monitoring", scn="ceph-block")
    c.ns("kafka", 320 * D, {"team": "streaming"})
    strimzi_operator(c, "kafka")
    strimzi_cluster(c, "kafka", "audit", 3, "ceph-block", wk, pod_ago=18 * D, size="200Gi")
    new_ago = created - 14 * M
    pods, pvcs = strimzi_cluster(c, "kafka", "events", 3, "ceph-block-retain", wk, pod_ago=new_ago, size="500Gi", pending=True)
    prov = "rook-ceph.rbd.csi.ceph.com_%s_%s" % (c.aux["rbd_prov_pod"], c.uid())
    for i, (p, pvc) in enumerate(zip(pods, pvcs)):
        failsched(c, p, "0/5 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.", c.oago(p), count=24 + i)
        c.ev(pvc, "Provisioning", 'External provisioner is provisioning volume for claim "kafka/%s"' % pvc["metadata"]["name"], count=31 + i, first=c.oago(pvc), last=c.r.randint(20, 300), comp=prov)
        c.ev(pvc, "ProvisioningFailed", 'failed to provision volume with StorageClass "ceph-block-retain": error getting secret rook-csi-rbd-provisioner in namespace rook-ceph-cluster: secrets "rook-csi-rbd-provisioner" not found',
             "Warning", count=31 + i, first=c.oago(pvc) - 1, last=c.r.randint(20, 300), comp=prov)
        c.ev(pvc, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner 'rook-ceph.rbd.csi.ceph.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
             count=400 + i * 7, first=c.oago(pvc), last=c.r.randint(5, 60), comp="persistentvolume-controller")
    c.ns("streaming", 300 * D, {"team": "streaming"})
    prod = app(c, "streaming", "clickstream-producer", 2, "ghcr.io/acme-data/clickstream-producer:1.19.2", [("KAFKA_BOOTSTRAP", "events-kafka-bootstrap.kafka.svc:9092"), ("TOPIC", "clickstream.v2")], nodes=wk)
    for p in prod[2]:
        c.restarted(p, "app", c.r.randint(3, 6), "Error", 1, "org.apache.kafka.common.errors.TimeoutException: Topic clickstream.v2 not present in metadata after 60000 ms.\n\tat org.apache.kafka.clients.producer.KafkaProducer.waitOnMetadata(KafkaProducer.java:1172)\n", ended=c.r.randint(300, 1500))
    app(c, "streaming", "audit-sink", 2, "ghcr.io/acme-data/audit-sink:2.4.0", [("KAFKA_BOOTSTRAP", "audit-kafka-bootstrap.kafka.svc:9092")], nodes=wk)
    c.ns("streaming-db", 300 * D, {"team": "streaming"})
    redis_sentinel(c, "streaming-db", "dedup-cache", "ceph-block", nodes=wk[1:])
    std_noise(c, None, "sandbox-ops", "kcat-debug", "docker.io/edenhill/kcat:1.7.1", "crash", 27)
    truth(c, "storageclass-provisioner-secret-in-wrong-namespace",
          "new events kafka cluster has been stuck Pending since we created it, brokers never start",
          "StorageClass", "", "ceph-block-retain",
          "All three events-broker pods are Pending with 'pod has unbound immediate PersistentVolumeClaims'. Their PVCs use StorageClass ceph-block-retain and the csi-rbdplugin-provisioner keeps emitting ProvisioningFailed: "
          "'error getting secret rook-csi-rbd-provisioner in namespace rook-ceph-cluster: secrets \"rook-csi-rbd-provisioner\" not found'. The Rook cluster and its CSI secrets live in namespace rook-ceph "
          "(ceph-block, used by the healthy audit cluster, points there). ceph-block-retain, created ~2h ago, sets the provisioner/expand/node-stage secret namespaces to rook-ceph-cluster. "
          "Recreate StorageClass ceph-block-retain with the secret namespaces set to rook-ceph.")
    return c


@incident("k8-06", "local-lvm-storageclass-immediate-binding", "kubeadm v1.29 bare metal (Rocky 9), Calico, OpenEBS LVM LocalPV, MySQL (Bitnami chart)", hard=True)
def f06():
    c = new("k8-06", "2025-06-03T13:12:44Z", 606)
    cps = ["k8s-cp-01"]
    apps = ["k8s-app-01", "k8s-app-02"]
    dbs = ["k8s-db-01", "k8s-db-02"]
    P = cluster(c, "kubeadm", cps, apps + dbs, age=240 * D, cni_kind="calico", net="192.168.50.", variant="kubeadm129",
                wl={n: {"node-role.kubernetes.io/database": ""} for n in dbs}, cpu=16, mem=64)
    system(c, "kubeadm", "calico", P, cps=cps)
    openebs(c, lvm_nodes=apps + dbs, hostpath=True)
    c.sc("openebs-lvmpv", "local.csi.openebs.io", {"storage": "lvm", "volgroup": "vg_data", "fsType": "ext4"}, binding="WaitForFirstConsumer", default=True, ago=200 * D)
    created = 26 * H
    c.sc("openebs-lvm-xfs", "local.csi.openebs.io", {"storage": "lvm", "volgroup": "vg_data", "fsType": "xfs"}, binding="Immediate", ago=created, labels={"app.kubernetes.io/managed-by": "Helm"},
         ann={"meta.helm.sh/release-name": "storage-classes", "meta.helm.sh/release-namespace": "openebs"})
    addon(c, "monitoring", scn="openebs-lvmpv", nodes=apps)
    addon(c, "metallb")
    addon(c, "ingress-nginx", lb="192.168.50.240", nodes=apps)
    c.ns("inventory-db", 180 * D, {"team": "inventory"})
    c.ns("inventory", 180 * D, {"team": "inventory"})
    # healthy existing MySQL on the WFFC class
    def mysql(rel, scn, nodes, pod_ago, pvc_node=None):
        sel = {"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mysql"}
        chart = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "8.4.2", "helm.sh/chart": "mysql-11.1.15"})
        c.secret("inventory-db", rel, ["mysql-password", "mysql-root-password"], labels=chart, ago=pod_ago + 60)
        c.cm("inventory-db", rel, {"my.cnf": "[mysqld]\nauthentication_policy='* ,,'\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\nport=3306\ndatadir=/bitnami/mysql/data\nmax_allowed_packet=16M\nbind-address=*\ninnodb_buffer_pool_size=4G\nslow_query_log=0\nlong_query_time=10.0\n"}, labels=chart, ago=pod_ago + 60)
        c.helm("inventory-db", rel, 1, ago=pod_ago + 60)
        m = ctr("mysql", "docker.io/bitnami/mysql:8.4.2-debian-12-r4", [("mysql", 3306)], ("1", "6Gi"), lim=("2", "8Gi"),
                env=[("BITNAMI_DEBUG", "false"), ("MYSQL_ROOT_PASSWORD", ("secret", rel, "mysql-root-password")), ("MYSQL_USER", "inventory"), ("MYSQL_PASSWORD", ("secret", rel, "mysql-password")), ("MYSQL_PORT", "3306"), ("MYSQL_DATABASE", "inventory")],
                mounts=[("data", "/bitnami/mysql"), ("config", "/opt/bitnami/mysql/conf/my.cnf"), ("empty-dir", "/tmp")],
                live=execp(["/bin/bash", "-ec", "password_aux=\"${MYSQL_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n"], 5, 10, 3, 1),
                ready=execp(["/bin/bash", "-ec", "password_aux=\"${MYSQL_ROOT_PASSWORD:-}\"\nmysqladmin ping -uroot -p\"${password_aux}\" | grep \"mysqld is alive\"\n"], 5, 10, 3, 1))
        if pvc_node:
            c.pvc("inventory-db", "data-%s-0" % rel, scn, "100Gi", None, pod_ago + 5, labels=sel, pv_node=pvc_node,
                  ann={"volume.kubernetes.io/selected-node": None} if False else None)
        out = c.sts("inventory-db", rel, 1, [m], rel + "-headless", sel=sel, labels=chart, nodes=nodes, vct=[("data", scn, "100Gi")], sa=rel, ago=pod_ago + 30, pod_ago=pod_ago,
                    nsel={"node-role.kubernetes.io/database": ""}, vols=[v_cm("config", rel), v_empty("empty-dir")], psc={"fsGroup": 1001})
        c.svc("inventory-db", rel + "-headless", sel, [("mysql", 3306, "mysql")], headless=True, pnr=True, labels=chart, ago=pod_ago + 30)
        c.svc("inventory-db", rel, sel, [("mysql", 3306, "mysql")], labels=chart, ago=pod_ago + 30)
        return out
    mysql("stock-mysql", "openebs-lvmpv", [dbs[0]], 90 * D)
    new_ago = 38 * M
    st, pods, pvcs = mysql("inventory-mysql", "openebs-lvm-xfs", [dbs[1]], new_ago, pvc_node="k8s-app-02")
    p = pods[0]
    msg = sched_msg(5, [(2, "node(s) didn't match Pod's node affinity/selector"), (2, "node(s) had volume node affinity conflict"), (1, "node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }")])
    failsched(c, p, msg, new_ago - 2, count=14)
    pvc = c.get("PersistentVolumeClaim", "inventory-db", "data-inventory-mysql-0")
    provp = [x for x in c.o["pods"] if x["metadata"]["name"].startswith("openebs-lvm-localpv-controller")][0]["metadata"]["name"]
    c.ev(pvc, "Provisioning", 'External provisioner is provisioning volume for claim "inventory-db/data-inventory-mysql-0"', first=new_ago - 1, last=new_ago - 1, comp="local.csi.openebs.io_%s_%s" % (provp, c.uid()))
    c.ev(pvc, "ProvisioningSucceeded", "Successfully provisioned volume " + pvc["spec"]["volumeName"], first=new_ago - 4, last=new_ago - 4, comp="local.csi.openebs.io_%s_%s" % (provp, c.uid()))
    api = app(c, "inventory", "inventory-sync", 2, "gitlab.corp.example:5050/inventory/inventory-sync:1.12.0", [("MYSQL_HOST", "inventory-mysql.inventory-db.svc.cluster.local"), ("MYSQL_DB", "inventory")], nodes=apps, rs_ago=new_ago - 60, rev=1)
    for i, ap in enumerate(api[2]):
        c.crash(ap, "app", 9 + i, "Traceback (most recent call last):\n  File \"/app/sync/main.py\", line 42, in <module>\n    conn = pymysql.connect(host=settings.MYSQL_HOST, user=settings.MYSQL_USER, password=settings.MYSQL_PASSWORD, database=settings.MYSQL_DB)\npymysql.err.OperationalError: (2003, \"Can't connect to MySQL server on 'inventory-mysql.inventory-db.svc.cluster.local' ([Errno 111] Connection refused)\")\n", exit=1, since=new_ago - 120, last_run=4)
    web = app(c, "inventory", "stock-api", 2, "gitlab.corp.example:5050/inventory/stock-api:4.0.7", [("MYSQL_HOST", "stock-mysql.inventory-db.svc.cluster.local")], nodes=apps)
    std_noise(c, web, "sandbox-tbauer", "label-printer-svc", "gitlab.corp.example:5050/sandbox/label-printer:dev", "pull", 8, evict_days=2)
    truth(c, "local-lvm-storageclass-immediate-binding",
          "new inventory mysql we deployed this afternoon never starts, pod stays Pending",
          "StorageClass", "", "openebs-lvm-xfs",
          "inventory-mysql-0 is Pending: 2 nodes don't match its nodeSelector (node-role.kubernetes.io/database) and the 2 database nodes report 'volume node affinity conflict'. Its PVC data-inventory-mysql-0 "
          "was provisioned immediately (no volume.kubernetes.io/selected-node) by OpenEBS LVM onto k8s-app-02 - the PV's nodeAffinity pins openebs.io/nodename=k8s-app-02, an app node the pod may never use. "
          "StorageClass openebs-lvm-xfs (created yesterday) uses volumeBindingMode Immediate, unlike openebs-lvmpv (WaitForFirstConsumer) which the healthy stock-mysql uses. Recreate openebs-lvm-xfs with "
          "volumeBindingMode WaitForFirstConsumer (then delete the wrongly placed PVC so it is re-provisioned on a database node).")
    return c


def mountfail(c, p, vol, first, msg, count):
    node = p["spec"]["nodeName"]
    c.ev(p, "FailedMount", msg, "Warning", count=count, first=first, last=c.r.randint(30, 240), host=node)
    c.ev(p, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[%s], unattached volumes=[], failed to process volumes=[]: timed out waiting for the condition" % vol,
         "Warning", count=max(2, count // 6), first=first - 120, last=c.r.randint(60, 600), host=node)


@incident("k8-07", "nfs-storageclass-mount-option-unsupported-nfs-version", "MicroK8s v1.29 (5 nodes), Calico, NFS subdir provisioner, PostgreSQL (Bitnami chart)")
def f07():
    c = new("k8-07", "2025-03-27T11:05:33Z", 707)
    nodes = ["mk8s-01", "mk8s-02", "mk8s-03", "mk8s-04", "mk8s-05"]
    P = cluster(c, "microk8s", [], nodes, age=200 * D, cni_kind="calico", net="10.20.0.", cpu=16, mem=64)
    system(c, "microk8s", "calico", P)
    c.sc("microk8s-hostpath", "microk8s.io/hostpath", {"pvDir": "/var/snap/microk8s/common/default-storage"}, binding="WaitForFirstConsumer", default=True, ago=199 * D, expand=False)
    recreated = 26 * H + 14 * M
    nfs_subdir(c, "10.20.0.15", "/srv/nfs/k8s", mopts=["nfsvers=4.2", "hard", "noatime"], sc_ago=recreated, age=180 * D)
    addon(c, "monitoring")
    addon(c, "ingress-nginx", nodes=nodes)
    addon(c, "cert-manager")
    addon(c, "argocd")
    addon(c, "kyverno")
    c.ns("wiki", 160 * D, {"team": "knowledge"})
    c.ns("analytics", 150 * D, {"team": "bi"})
    wiki = bitnami_pg(c, "wiki", "wiki-pg", "nfs-client", "30Gi", nodes=[nodes[1]], pod_ago=20 * D, ago=150 * D)
    for pvc in wiki["primary"][2]:
        c.get("PersistentVolume", None, pvc["spec"]["volumeName"])["spec"].pop("mountOptions", None)
    wj = app(c, "wiki", "wikijs", 2, "ghcr.io/requarks/wiki:2.5.304", [("DB_TYPE", "postgres"), ("DB_HOST", "wiki-pg-postgresql.wiki.svc"), ("DB_PORT", "5432"), ("DB_USER", "app"), ("DB_NAME", "wiki")], port=3000, nodes=nodes)
    app(c, "wiki", "wiki-renderer", 2, "ghcr.io/acme-it/wiki-renderer:1.4.0", [("DB_HOST", "wiki-pg-postgresql.wiki.svc")], nodes=nodes)
    app(c, "analytics", "report-scheduler", 1, "ghcr.io/acme-bi/report-scheduler:2025.03.1", [("WAREHOUSE_URL", "http://clickhouse.bi-warehouse.corp.example:8123")], nodes=nodes, svc=False)
    new_ago = 1 * H + 52 * M
    an = bitnami_pg(c, "analytics", "reporting-pg", "nfs-client", "50Gi", nodes=[nodes[2]], pod_ago=new_ago, ago=new_ago + 40)
    p = an["primary"][1][0]
    c.creating(p, new_ago - 2)
    pvc = an["primary"][2][0]
    pvname = pvc["spec"]["volumeName"]
    path = c.get("PersistentVolume", None, pvname)["spec"]["nfs"]["path"]
    msg = ("MountVolume.SetUp failed for volume \"%s\" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs -o hard,nfsvers=4.2,noatime 10.20.0.15:%s /var/snap/microk8s/common/var/lib/kubelet/pods/%s/volumes/kubernetes.io~nfs/%s\n"
           "Output: mount.nfs: Protocol not supported\n") % (pvname, path, p["metadata"]["uid"], pvname)
    mountfail(c, p, "data", new_ago - 5, msg, 58)
    mb = app(c, "analytics", "metabase", 1, "metabase/metabase:v0.50.21", [("MB_DB_TYPE", "postgres"), ("MB_DB_HOST", "reporting-pg-postgresql.analytics.svc"), ("MB_DB_PORT", "5432"), ("MB_DB_DBNAME", "reporting")], port=3000, nodes=nodes, rs_ago=new_ago - 30, rev=1)
    c.crash(mb[2][0], "app", 17, "2025-03-27 10:58:41,112 ERROR metabase.core :: Metabase Initialization FAILED\norg.postgresql.util.PSQLException: Connection to reporting-pg-postgresql.analytics.svc:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n", exit=1, since=new_ago - 200, last_run=48)
    etl = cron_noise(c, "analytics", "nightly-etl", "ghcr.io/acme-bi/etl:2025.03.1", ["python", "-m", "etl.run", "--all"], "0 3 * * *", D, 2, first=8 * H + 5 * M)
    c.ns("cache", 170 * D)
    redis_sentinel(c, "cache", "wiki-cache", "microk8s-hostpath", nodes=nodes)
    std_noise(c, wj, "sandbox-hmueller", "ocr-experiment", "ghcr.io/hmueller/ocr-svc:0.1.0", "crash", 19, evict_days=4)
    truth(c, "nfs-storageclass-mount-option-unsupported-nfs-version",
          "the new reporting postgres has been ContainerCreating for almost two hours, metabase can't start",
          "StorageClass", "", "nfs-client",
          "reporting-pg-postgresql-0 is stuck ContainerCreating with FailedMount: 'mount -t nfs -o hard,nfsvers=4.2,noatime ... mount.nfs: Protocol not supported'. Its PV was provisioned by the NFS subdir provisioner and inherited "
          "mountOptions [nfsvers=4.2, hard, noatime] from StorageClass nfs-client, which was re-created ~26h ago with those options; the older wiki-pg PV on the same NFS server (no mountOptions) mounts fine, so the server does not speak NFS 4.2. "
          "Fix StorageClass nfs-client's mountOptions (drop nfsvers=4.2 / use a version the server supports) and patch the already-provisioned PV.")
    return c


@incident("k8-08", "default-storageclass-annotation-lost", "RKE2 v1.29, Canal, Longhorn, MongoDB replica set (Bitnami chart)")
def f08():
    c = new("k8-08", "2025-04-15T08:31:22Z", 808)
    cps = ["rke2-cp-1"]
    wk = ["rke2-wk-1", "rke2-wk-2", "rke2-wk-3", "rke2-wk-4"]
    P = cluster(c, "rke2", cps, wk, age=330 * D, cni_kind="canal", net="10.30.1.", cpu=16, mem=64)
    system(c, "rke2", "canal", P, cps=cps)
    longhorn(c, default=False)
    c.get("StorageClass", None, "longhorn")["metadata"]["annotations"]["storageclass.kubernetes.io/is-default-class"] = "false"
    recreated = 22 * H + 40 * M
    c.sc("longhorn-ssd", "driver.longhorn.io", {"numberOfReplicas": "2", "staleReplicaTimeout": "30", "fsType": "ext4", "diskSelector": "ssd", "dataLocality": "best-effort"}, binding="Immediate", reclaim="Retain",
         ago=recreated, labels={"app.kubernetes.io/instance": "platform-storage", "app.kubernetes.io/managed-by": "argocd"},
         ann={"argocd.argoproj.io/tracking-id": "platform-storage:storage.k8s.io/StorageClass:/longhorn-ssd"})
    addon(c, "monitoring")
    c.get("PersistentVolumeClaim", "monitoring", "prometheus-kube-prometheus-stack-prometheus-db-prometheus-kube-prometheus-stack-prometheus-0") if False else None
    addon(c, "argocd")
    c.ns("catalog-db", 400 * M, {"team": "catalog"})
    c.ns("orders-db", 240 * D, {"team": "orders"})
    c.ns("catalog", 220 * D, {"team": "catalog"})
    # older workloads got longhorn-ssd as the default when they were created
    redis_sentinel(c, "orders-db", "orders-cache", "longhorn-ssd", nodes=wk)
    for pvc in c.o["persistentvolumeclaims"]:
        if pvc["metadata"]["namespace"] == "orders-db":
            c.get("PersistentVolume", None, pvc["spec"]["volumeName"])["metadata"]["creationTimestamp"] = pvc["metadata"]["creationTimestamp"]
    new_ago = 52 * M
    for i in range(3):
        c.pvc("catalog-db", "datadir-catalog-mongodb-%d" % i, None, "40Gi", None, new_ago - i * 2, labels={"app.kubernetes.io/component": "mongodb", "app.kubernetes.io/instance": "catalog-mongodb", "app.kubernetes.io/name": "mongodb"}, bound=False)
    st, pods, pvcs = mongo_rs(c, "catalog-db", "catalog-mongodb", None, nodes=wk, pod_ago=new_ago - 10, ago=new_ago)
    c.get("StatefulSet", "catalog-db", "catalog-mongodb")["spec"]["volumeClaimTemplates"][0]["spec"].pop("storageClassName")
    c.get("StatefulSet", "catalog-db", "catalog-mongodb")["spec"]["podManagementPolicy"] = "Parallel"
    for i, p in enumerate(pods):
        failsched(c, p, "0/5 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.", c.oago(p), count=11)
    for i in range(3):
        pvc = c.get("PersistentVolumeClaim", "catalog-db", "datadir-catalog-mongodb-%d" % i)
        c.ev(pvc, "FailedBinding", "no persistent volumes available for this claim and no storage class is set", "Normal", count=205 + i, first=c.oago(pvc), last=c.r.randint(3, 15), comp="persistentvolume-controller")
    api = app(c, "catalog", "catalog-api", 3, "harbor.corp.example/catalog/catalog-api:7.3.0", [("MONGO_URL", "mongodb://catalog-mongodb-0.catalog-mongodb-headless.catalog-db.svc:27017,catalog-mongodb-1.catalog-mongodb-headless.catalog-db.svc:27017/catalog?replicaSet=rs0")], nodes=wk, rs_ago=new_ago - 120, rev=3)
    for i, p in enumerate(api[2]):
        c.crash(p, "app", 11 + i, "MongoServerSelectionError: getaddrinfo ENOTFOUND catalog-mongodb-0.catalog-mongodb-headless.catalog-db.svc\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:292:38)\n    at listOnTimeout (node:internal/timers:573:17) {\n  reason: TopologyDescription { type: 'ReplicaSetNoPrimary' }\n}\n", exit=1, since=new_ago - 300, last_run=32)
    c.aux[api[0]["metadata"]["uid"]]["since"] = new_ago - 300
    ords = app(c, "catalog", "catalog-indexer", 1, "harbor.corp.example/catalog/catalog-indexer:7.3.0", [("REDIS_SENTINELS", "orders-cache.orders-db.svc:26379")], nodes=wk, svc=False)
    std_noise(c, ords, "sandbox-ayilmaz", "pricing-sim", "harbor.corp.example/sandbox/pricing-sim:latest", "pull", 14, evict_days=9, blip_pod=False)
    truth(c, "default-storageclass-annotation-lost",
          "fresh catalog mongodb install from the chart is stuck Pending, nothing gets a volume",
          "StorageClass", "", "longhorn-ssd",
          "catalog-mongodb-0..2 are Pending with 'pod has unbound immediate PersistentVolumeClaims'; their PVCs have no storageClassName and persistentvolume-controller reports "
          "'no persistent volumes available for this claim and no storage class is set'. No StorageClass is marked default: longhorn has is-default-class=\"false\" (by design, from longhorn-storageclass), and "
          "longhorn-ssd - the class every older default-class PVC (orders-db) was bound through - was re-created ~23h ago by Argo CD without the storageclass.kubernetes.io/is-default-class=\"true\" annotation. "
          "Re-add the default-class annotation to StorageClass longhorn-ssd (the pending PVCs are then assigned retroactively).")
    return c


@incident("k8-09", "static-local-pv-pinned-to-wrong-host", "kubeadm v1.30 bare metal, flannel, local static PVs (no-provisioner), ClickHouse (Altinity operator) + Keeper", hard=True)
def f09():
    c = new("k8-09", "2025-02-07T15:50:02Z", 909)
    cps = ["bm-cp-01"]
    apps = ["bm-app-01", "bm-app-02", "bm-app-03"]
    chn = ["bm-ch-01", "bm-ch-02", "bm-ch-03"]
    P = cluster(c, "kubeadm", cps, apps + chn, age=600 * D, cni_kind="flannel", net="10.5.20.", wl={n: {"node-role.kubernetes.io/clickhouse": ""} for n in chn}, cpu=32, mem=256,
                boot={"bm-ch-03": 3 * H + 20 * M})
    system(c, "kubeadm", "flannel", P, cps=cps)
    lsc = c.sc("local-storage", "kubernetes.io/no-provisioner", None, binding="WaitForFirstConsumer", reclaim="Retain", expand=False, ago=500 * D)
    addon(c, "monitoring", nodes=apps)
    addon(c, "ingress-nginx", nodes=apps)
    c.ns("clickhouse-operator", 420 * D)
    c.deploy("clickhouse-operator", "clickhouse-operator", 1, [ctr("clickhouse-operator", "altinity/clickhouse-operator:0.23.7", env=[("OPERATOR_POD_NODE_NAME", ("field", "spec.nodeName")), ("OPERATOR_POD_NAMESPACE", ("field", "metadata.namespace")), ("WATCH_NAMESPACES", "")]),
                                                               ctr("metrics-exporter", "altinity/metrics-exporter:0.23.7", [("metrics", 8888)])],
             sel={"app": "clickhouse-operator"}, sa="clickhouse-operator", nodes=apps)
    c.ns("analytics-db", 400 * D, {"team": "data-platform"})
    c.ns("analytics", 400 * D, {"team": "data-platform"})
    chi = c.crd("clickhouse.altinity.com/v1", "ClickHouseInstallation", "analytics")
    kl = {"app": "clickhouse-keeper"}
    c.cm("analytics-db", "clickhouse-keeper-settings", {"keeper_config.xml": "<clickhouse>\n  <keeper_server>\n    <tcp_port>2181</tcp_port>\n    <raft_configuration>\n      <server><id>1</id><hostname>clickhouse-keeper-0.clickhouse-keepers</hostname><port>9444</port></server>\n      <server><id>2</id><hostname>clickhouse-keeper-1.clickhouse-keepers</hostname><port>9444</port></server>\n      <server><id>3</id><hostname>clickhouse-keeper-2.clickhouse-keepers</hostname><port>9444</port></server>\n    </raft_configuration>\n  </keeper_server>\n</clickhouse>\n"})
    dbsts(c, "analytics-db", "clickhouse-keeper", 3, [ctr("clickhouse-keeper", "clickhouse/clickhouse-keeper:24.8.4.13", [("client", 2181), ("raft", 9444), ("metrics", 7000)], ("250m", "512Mi"), lim=("1", "1Gi"),
                                                         mounts=[("keeper-settings", "/etc/clickhouse-keeper/"), ("data", "/var/lib/clickhouse-keeper")], ready=execp(["bash", "-c", "if [[ $(echo ruok | nc 127.0.0.1 2181) == \"imok\" ]]; then exit 0; else exit 1; fi"], 10, 3, 3, 5))],
          [("client", 2181, 2181), ("raft", 9444, 9444)], "local-storage" if False else None, "10Gi", sel=kl, hl="clickhouse-keepers", nodes=apps, vols=[v_cm("keeper-settings", "clickhouse-keeper-settings"), v_empty("data")], pod_ago=40 * D, pmp="Parallel")
    c.cm("analytics-db", "chi-analytics-common-configd", {"01-clickhouse-01-listen.xml": "<clickhouse>\n    <listen_host>::</listen_host>\n    <listen_host>0.0.0.0</listen_host>\n    <listen_try>1</listen_try>\n</clickhouse>\n",
                                                        "chop-generated-remote_servers.xml": "<clickhouse>\n    <remote_servers>\n        <main>\n            <shard>\n                <internal_replication>True</internal_replication>\n" + "".join("                <replica><host>chi-analytics-main-0-%d</host><port>9000</port></replica>\n" % i for i in range(3)) + "            </shard>\n        </main>\n    </remote_servers>\n</clickhouse>\n"}, labels={"clickhouse.altinity.com/chi": "analytics"})
    swap = 2 * H + 9 * M
    pending = None
    for i, node in enumerate(chn):
        sname = "chi-analytics-main-0-%d" % i
        pvcn = "data-volume-template-%s-0" % sname
        pl = {"clickhouse.altinity.com/app": "chop", "clickhouse.altinity.com/chi": "analytics", "clickhouse.altinity.com/cluster": "main", "clickhouse.altinity.com/namespace": "analytics-db", "clickhouse.altinity.com/replica": str(i), "clickhouse.altinity.com/shard": "0"}
        ago = swap if i == 2 else 120 * D
        pvc = c.pvc("analytics-db", pvcn, "local-storage", "1500Gi", None, ago, labels=pl, bound=False)
        pin = "bm-ch-02" if i == 2 else node
        pvname = "local-pv-" + c.hexs(8)
        pv = c.mkpv(pvc, lsc, None, ago - 30 if i == 2 else 300 * D, name=pvname, source={"local": {"fsType": "ext4", "path": "/mnt/nvme0n1/clickhouse"}},
                    affinity={"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In", "values": [pin]}]}]}},
                    labels={"storage.corp.example/disk": "nvme0n1", "storage.corp.example/purpose": "clickhouse"})
        pvc["metadata"]["annotations"]["pv.kubernetes.io/bound-by-controller"] = "yes"
        if i == 2:
            pv["metadata"]["creationTimestamp"] = c.ts(swap + 5 * M)
            pv["status"]["lastPhaseTransitionTime"] = c.ts(swap)
        cc = ctr("clickhouse", "altinity/clickhouse-server:24.3.12.76.altinitystable", [("http", 8123), ("tcp", 9000), ("interserver", 9009)], ("8", "48Gi"), lim=("16", "96Gi"),
                 mounts=[("data-volume-template", "/var/lib/clickhouse"), ("chi-analytics-common-configd", "/etc/clickhouse-server/config.d/")],
                 live=http("/ping", "http", 60, 3, 10, 1), ready=http("/ping", "http", 10, 3, 3, 1))
        aff = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": {"clickhouse.altinity.com/app": "chop", "clickhouse.altinity.com/chi": "analytics"}}, "topologyKey": "kubernetes.io/hostname"}]}}
        st, pods, _ = c.sts("analytics-db", sname, 1, [cc], sname, sel=pl, labels=pl, nodes=[node], vct=[("data-volume-template", "local-storage", "1500Gi")], sa="default", owner=chi,
                            vols=[v_cm("chi-analytics-common-configd", "chi-analytics-common-configd")], aff=aff, nsel={"node-role.kubernetes.io/clickhouse": ""}, pod_ago=(swap - 4 * M) if i == 2 else 60 * D,
                            ago=300 * D)
        c.svc("analytics-db", sname, pl, [("http", 8123, 8123), ("tcp", 9000, 9000), ("interserver", 9009, 9009)], headless=True, pnr=True, labels=pl, owner=chi, ago=300 * D)
        if i == 2:
            pending = pods[0]
    msg = sched_msg(7, [(1, "node(s) didn't match pod anti-affinity rules"), (1, "node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"), (2, "node(s) had volume node affinity conflict"), (3, "node(s) didn't match Pod's node affinity/selector")])
    failsched(c, pending, msg, swap - 4 * M, count=27)
    c.svc("analytics-db", "clickhouse-analytics", {"clickhouse.altinity.com/app": "chop", "clickhouse.altinity.com/chi": "analytics", "clickhouse.altinity.com/ready": "yes"}, [("http", 8123, 8123), ("tcp", 9000, 9000)], typ="ClusterIP", owner=chi, ago=300 * D)
    for p in c.o["pods"]:
        if p["metadata"]["labels"].get("clickhouse.altinity.com/chi") == "analytics" and p["status"].get("phase") == "Running":
            p["metadata"]["labels"]["clickhouse.altinity.com/ready"] = "yes"
    ing = app(c, "analytics", "events-ingest", 3, "ghcr.io/acme-data/events-ingest:3.2.0", [("CLICKHOUSE_URL", "http://clickhouse-analytics.analytics-db.svc:8123"), ("INSERT_QUORUM", "2")], nodes=apps)
    app(c, "analytics", "superset", 1, "apache/superset:4.0.2", [("CLICKHOUSE_HOST", "clickhouse-analytics.analytics-db.svc")], nodes=apps, port=8088)
    cron_noise(c, "analytics-db", "clickhouse-backup-full", "altinity/clickhouse-backup:2.5.20", ["clickhouse-backup", "create_remote", "--tables=events.*"], "0 2 * * *", D, 2, first=13 * H + 50 * M)
    std_noise(c, ing, "sandbox-nkoch", "dbt-docs", "ghcr.io/nkoch/dbt-docs:wip", "pull", 31, evict_days=7)
    truth(c, "static-local-pv-pinned-to-wrong-host",
          "clickhouse replica 2 has been down since the disk swap this afternoon, inserts with quorum are slow/failing",
          "PersistentVolume", "", c.get("PersistentVolumeClaim", "analytics-db", "data-volume-template-chi-analytics-main-0-2-0")["spec"]["volumeName"],
          "chi-analytics-main-0-2-0 is Pending: FailedScheduling lists 2 nodes with 'volume node affinity conflict', 1 failing anti-affinity, 3 not matching the clickhouse nodeSelector and the tainted control plane. "
          "Its PVC is bound to a static local PV re-created ~2h ago after the disk swap on bm-ch-03, but that PV's nodeAffinity pins kubernetes.io/hostname=bm-ch-02 (copied from replica 1's PV) - bm-ch-02 already runs replica 1 "
          "(required anti-affinity) and the other ClickHouse nodes conflict. Recreate that PersistentVolume with nodeAffinity kubernetes.io/hostname=bm-ch-03 (then rebind the claim).")
    return c


@incident("k8-10", "static-nfs-pv-wrong-export-path", "kubeadm v1.30 on vSphere, Calico, vSphere CSI + static NFS, Crunchy PGO v5 (pgBackRest repo host)", hard=True)
def f10():
    c = new("k8-10", "2025-05-21T07:36:48Z", 1010)
    cps = ["vsp-k8s-cp1"]
    wk = ["vsp-k8s-w1", "vsp-k8s-w2", "vsp-k8s-w3", "vsp-k8s-w4"]
    drained = 6 * H + 14 * M
    P = cluster(c, "kubeadm", cps, wk, age=410 * D, cni_kind="calico", net="10.40.1.", cpu=8, mem=32, boot={"vsp-k8s-w3": drained - 8 * M})
    system(c, "kubeadm", "calico", P, infra="vsphere", cps=cps)
    addon(c, "monitoring", scn="vsphere-csi")
    c.ns("postgres-operator", 380 * D)
    c.deploy("postgres-operator", "pgo", 1, [ctr("operator", "registry.developers.crunchydata.com/crunchydata/postgres-operator:ubi8-5.6.1-0", req=("100m", "128Mi"), env=[("PGO_NAMESPACE", ("field", "metadata.namespace")), ("CRUNCHY_DEBUG", "false"),
                                                  ("RELATED_IMAGE_POSTGRES_16", "registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.4-0"), ("RELATED_IMAGE_PGBACKREST", "registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.53-0")],
                                                  sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True})],
             sel={"postgres-operator.crunchydata.com/control-plane": "postgres-operator"}, sa="pgo")
    c.ns("billing-db", 350 * D, {"team": "billing"})
    c.ns("billing", 350 * D, {"team": "billing"})
    nfs_sc = c.sc("nfs-static", "kubernetes.io/no-provisioner", None, binding="Immediate", reclaim="Retain", expand=False, ago=350 * D)
    pgimg = "registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.4-0"
    brimg = "registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.53-0"
    out = {}
    for cl, nodes, pvpath, pvago in (("hippo", [wk[0], wk[1]], "/exports/pgbackrest/hippo", 28 * H), ("ledger", [wk[3], wk[1]], "/export/pgbackrest/ledger", 200 * D)):
        pgc = c.crd("postgres-operator.crunchydata.com/v1beta1", "PostgresCluster", cl)
        base = {"postgres-operator.crunchydata.com/cluster": cl}
        for sn in ("%s-pgbackrest" % cl, "%s-cluster-cert" % cl, "%s-replication-cert" % cl, "%s-pguser-%s" % (cl, cl)):
            c.secret("billing-db", sn, ["tls.crt", "tls.key"] if "cert" in sn else (["pgbackrest-repo-host.crt", "pgbackrest-repo-host.key", "pgbackrest.ca-roots"] if "pgbackrest" in sn else ["dbname", "host", "password", "port", "uri", "user", "verifier"]),
                     labels=base, owner=pgc, ago=300 * D)
        c.cm("billing-db", "%s-pgbackrest-config" % cl, {"pgbackrest_instance.conf": "[global]\narchive-async = y\nlog-path = /pgdata/pgbackrest/log\nrepo1-host = %s-repo-host-0.%s-pods.billing-db.svc.cluster.local.\nrepo1-host-type = tls\nrepo1-path = /pgbackrest/repo1\nspool-path = /pgdata/pgbackrest-spool\n\n[db]\npg1-path = /pgdata/pg16\npg1-port = 5432\npg1-socket-path = /tmp/postgres\n" % (cl, cl),
                                                           "pgbackrest_repo.conf": "[global]\nlog-path = /pgbackrest/repo1/log\nrepo1-path = /pgbackrest/repo1\nrepo1-retention-full = 14\nrepo1-retention-full-type = time\n"}, labels=base, owner=pgc, ago=300 * D)
        pods = []
        for k, node in enumerate(nodes):
            inst = "%s-instance1-%s" % (cl, c.sfx(4))
            il = dict(base, **{"postgres-operator.crunchydata.com/data": "postgres", "postgres-operator.crunchydata.com/instance": inst, "postgres-operator.crunchydata.com/instance-set": "instance1", "postgres-operator.crunchydata.com/patroni": cl + "-ha"})
            cs = [ctr("database", pgimg, [("postgres", 5432)], ("500m", "2Gi"), lim=("2", "4Gi"), cmd=["patroni", "/etc/patroni"], env=[("PGDATA", "/pgdata/pg16"), ("PGHOST", "/tmp/postgres"), ("PGPORT", "5432"), ("PATRONI_NAME", ("field", "metadata.name")), ("PATRONI_KUBERNETES_POD_IP", ("field", "status.podIP"))],
                      mounts=[("postgres-data", "/pgdata"), ("pgbackrest-config", "/etc/pgbackrest/conf.d", True)], ready=http("/readiness", 8008, 3, 10, 3, 5, "HTTPS"), live=http("/liveness", 8008, 3, 10, 3, 5, "HTTPS")),
                  ctr("replication-cert-copy", pgimg, req=("10m", "16Mi"), cmd=["bash", "-ceu", "--", "monitor() { ... }"]),
                  ctr("pgbackrest", brimg, req=("10m", "64Mi"), cmd=["pgbackrest", "server"], mounts=[("pgbackrest-config", "/etc/pgbackrest/conf.d", True), ("postgres-data", "/pgdata")], live=execp(["pgbackrest", "server-ping"], 0, 10, 3, 1)),
                  ctr("pgbackrest-config", brimg, req=("10m", "16Mi"), cmd=["bash", "-ceu", "--", "monitor() { ... }"])]
            st, ps, pvcs = c.sts("billing-db", inst, 1, cs, cl + "-pods", sel=il, labels=il, nodes=[node], vct=[("pgdata", "vsphere-csi", "250Gi")], sa=cl + "-instance", owner=pgc,
                                 vols=[v_cm("pgbackrest-config", "%s-pgbackrest-config" % cl)], pod_ago=(drained - 6 * M) if (cl == "hippo" and k == 1) else 30 * D, ago=300 * D,
                                 psc={"fsGroup": 26, "fsGroupChangePolicy": "OnRootMismatch", "runAsNonRoot": True})
            ps[0]["metadata"]["labels"]["postgres-operator.crunchydata.com/role"] = "master" if k == 0 else "replica"
            pods += ps
        c.svc("billing-db", cl + "-pods", base, [], headless=True, pnr=True, labels=base, owner=pgc, ago=300 * D)
        c.get("Service", "billing-db", cl + "-pods")["spec"]["ports"] = None
        del c.get("Service", "billing-db", cl + "-pods")["spec"]["ports"]
        c.svc("billing-db", cl + "-replicas", dict(base, **{"postgres-operator.crunchydata.com/role": "replica"}), [("postgres", 5432, "postgres")], labels=dict(base, **{"postgres-operator.crunchydata.com/role": "replica"}), owner=pgc, ago=300 * D)
        c.svc("billing-db", cl + "-primary", None, [("postgres", 5432, "postgres")], headless=True, labels=dict(base, **{"postgres-operator.crunchydata.com/role": "primary"}), owner=pgc, ago=300 * D)
        m = pods[0]
        c.eps_manual("billing-db", cl + "-primary", [{"addresses": [{"ip": m["status"]["podIP"]}], "ports": [{"name": "postgres", "port": 5432, "protocol": "TCP"}]}], labels=dict(base, **{"postgres-operator.crunchydata.com/role": "primary"}), ago=300 * D)
        # repo host on a static NFS volume
        rl = dict(base, **{"postgres-operator.crunchydata.com/data": "pgbackrest", "postgres-operator.crunchydata.com/pgbackrest": "", "postgres-operator.crunchydata.com/pgbackrest-dedicated": ""})
        pvc = c.pvc("billing-db", cl + "-repo1", "nfs-static", "2Ti", None, 300 * D, labels=dict(base, **{"postgres-operator.crunchydata.com/pgbackrest-repo": "repo1", "postgres-operator.crunchydata.com/pgbackrest-volume": ""}), bound=False, access=("ReadWriteMany",))
        pvc["metadata"]["ownerReferences"] = [owner_ref(pgc)]
        pvn = "pgbackrest-repo-" + cl
        pv = c.mkpv(pvc, nfs_sc, None, pvago, name=pvn, source={"nfs": {"path": pvpath, "server": "10.40.0.20"}}, ann={"pv.kubernetes.io/bound-by-controller": "yes"},
                    labels={"backup.corp.example/cluster": cl, "storage.corp.example/array": "isilon-prd-02"})
        pv["spec"]["mountOptions"] = ["nfsvers=4.1", "hard"]
        if cl == "hippo":
            pvc["metadata"]["uid"] = pvc["metadata"]["uid"]
        rh = ctr("pgbackrest", brimg, req=("100m", "256Mi"), cmd=["pgbackrest", "server"], mounts=[("repo1", "/pgbackrest/repo1"), ("pgbackrest-config", "/etc/pgbackrest/conf.d", True)], live=execp(["pgbackrest", "server-ping"], 0, 10, 3, 1))
        st, ps, _ = c.sts("billing-db", cl + "-repo-host", 1, [rh, ctr("pgbackrest-config", brimg, req=("10m", "16Mi"), cmd=["bash", "-ceu", "--", "monitor() { ... }"])], cl + "-pods", sel=rl, labels=rl, nodes=[wk[2]],
                          sa="default", owner=pgc, vols=[v_pvc("repo1", cl + "-repo1"), v_cm("pgbackrest-config", "%s-pgbackrest-config" % cl)], pod_ago=(drained - 4 * M) if cl == "hippo" else 33 * D, ago=300 * D,
                          psc={"fsGroup": 26, "runAsNonRoot": True})
        out[cl] = (pvn, ps[0], pgc)
    pvn, rp, pgc = out["hippo"]
    c.creating(rp, drained - 4 * M)
    msg = ("MountVolume.SetUp failed for volume \"%s\" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs -o hard,nfsvers=4.1 10.40.0.20:/exports/pgbackrest/hippo /var/lib/kubelet/pods/%s/volumes/kubernetes.io~nfs/%s\n"
           "Output: mount.nfs: access denied by server while mounting 10.40.0.20:/exports/pgbackrest/hippo\n") % (pvn, rp["metadata"]["uid"], pvn)
    mountfail(c, rp, "repo1", drained - 5 * M, msg, 173)
    cj, jobs = c.cron("billing-db", "hippo-repo1-incr", "0 */4 * * *", [ctr("pgbackrest", brimg, req=("10m", "64Mi"), cmd=["/opt/crunchy/bin/pgbackrest"], env=[("COMMAND", "backup"), ("COMMAND_OPTS", "--stanza=db --repo=1 --type=incr"), ("CONTAINER", "database"), ("NAMESPACE", "billing-db"), ("SELECTOR", "postgres-operator.crunchydata.com/cluster=hippo,postgres-operator.crunchydata.com/instance,postgres-operator.crunchydata.com/role=master")])],
                      [(16 * H + 7, "complete"), (12 * H + 7, "complete"), (8 * H + 7, "complete"), (3 * H + 36 * M + 7, "failed")], sa="hippo-pgbackrest", hist=(3, 1), backoff=1, dur=95,
                      fail_msg="time=\"2025-05-21T03:59:12Z\" level=info msg=\"crunchy-pgbackrest starts\"\ntime=\"2025-05-21T03:59:12Z\" level=info msg=\"debug flag set to false\"\ntime=\"2025-05-21T04:01:43Z\" level=fatal msg=\"command terminated with exit code 56\"\nERROR: [056]: unable to find primary cluster - cannot proceed\n       HINT: are all available clusters in recovery?\nWARN: repo1: [HostConnectError] unable to connect to 'hippo-repo-host-0.hippo-pods.billing-db.svc.cluster.local.:8432': [111] Connection refused\n",
                      labels={"postgres-operator.crunchydata.com/cluster": "hippo", "postgres-operator.crunchydata.com/pgbackrest": "", "postgres-operator.crunchydata.com/pgbackrest-backup": "incr", "postgres-operator.crunchydata.com/pgbackrest-repo": "repo1"})
    cj["metadata"]["ownerReferences"] = [owner_ref(pgc)]
    bapi = app(c, "billing", "billing-api", 3, "harbor.corp.example/billing/billing-api:9.4.2", [("PGHOST", "hippo-primary.billing-db.svc"), ("PGDATABASE", "hippo")], nodes=wk)
    app(c, "billing", "invoice-renderer", 2, "harbor.corp.example/billing/invoice-renderer:9.4.2", [("PGHOST", "ledger-primary.billing-db.svc")], nodes=wk)
    std_noise(c, bapi, "sandbox-gmoreau", "pg-tuning-lab", "docker.io/library/postgres:17-beta1", "crash", 40, evict_days=3)
    truth(c, "static-nfs-pv-wrong-export-path",
          "hippo backups failing since this morning and WAL archiving alerts are firing on the billing cluster",
          "PersistentVolume", "", pvn,
          "The pgBackRest repo host hippo-repo-host-0 (rescheduled ~6h ago when vsp-k8s-w3 was drained) is stuck ContainerCreating: FailedMount 'mount.nfs: access denied by server while mounting 10.40.0.20:/exports/pgbackrest/hippo'. "
          "Its claim hippo-repo1 is bound to the static PV pgbackrest-repo-hippo, re-created ~28h ago during the NFS migration with path /exports/pgbackrest/hippo; the working ledger repo PV on the same server uses /export/pgbackrest/ledger. "
          "The failing hippo-repo1-incr backup job and archive alerts are consequences of the repo host being down. Fix the nfs.path of PersistentVolume pgbackrest-repo-hippo (/export/pgbackrest/hippo) - recreate the PV and rebind.")
    return c


@incident("k8-11", "pvc-references-nonexistent-storageclass", "k3s v1.30 (1 server + 3 agents), flannel, local-path, Valkey + CloudNativePG")
def f11():
    c = new("k8-11", "2025-06-18T19:22:10Z", 1111)
    srv = ["k3s-srv-01"]
    ag = ["k3s-agt-01", "k3s-agt-02", "k3s-agt-03"]
    P = cluster(c, "k3s", srv, ag, age=280 * D, net="192.168.88.", cpu=8, mem=32)
    c.workers.insert(0, "k3s-srv-01")
    system(c, "k3s", None, P)
    c.sc("local-path", "rancher.io/local-path", None, binding="WaitForFirstConsumer", default=True, ago=279 * D, ann={"defaultVolumeType": "hostPath", "objectset.rio.cattle.io/id": ""})
    addon(c, "monitoring", scn="local-path")
    addon(c, "argocd")
    addon(c, "cert-manager")
    cnpg_operator(c)
    c.ns("shop", 200 * D, {"team": "shop", "argocd.argoproj.io/instance": "shop"})
    c.ns("shop-db", 200 * D, {"team": "shop"})
    cnpg(c, "shop-db", "shop-pg", 3, "local-path", "40Gi", ag, pod_ago=12 * D)
    mig = 36 * M
    pvc = c.pvc("shop", "sessions-valkey-data", "longhorn", "5Gi", None, mig, labels={"app.kubernetes.io/name": "sessions-valkey", "app.kubernetes.io/part-of": "shop"}, bound=False)
    sel = {"app.kubernetes.io/name": "sessions-valkey"}
    d = c.deploy("shop", "sessions-valkey", 1, [ctr("valkey", "docker.io/valkey/valkey:7.2.6-alpine", [("valkey", 6379)], ("100m", "256Mi"), lim=(None, "768Mi"), args=["valkey-server", "/etc/valkey/valkey.conf"],
                                                  mounts=[("data", "/data"), ("config", "/etc/valkey")], ready=execp(["valkey-cli", "ping"], 5, 10, 3, 2), live=tcp(6379, 15, 20))],
                 sel=sel, labels=dict(sel, **{"app.kubernetes.io/part-of": "shop", "argocd.argoproj.io/instance": "shop"}), strategy={"type": "Recreate"}, ago=mig, rs_ago=mig, rev=1, pod_ago=mig - 2,
                 vols=[v_pvc("data", "sessions-valkey-data"), v_cm("config", "sessions-valkey-config")])
    c.cm("shop", "sessions-valkey-config", {"valkey.conf": "appendonly yes\nappendfsync everysec\nmaxmemory 512mb\nmaxmemory-policy allkeys-lru\nsave 900 1\n"}, ago=mig)
    c.svc("shop", "sessions-valkey", sel, [("valkey", 6379, "valkey")], ago=mig)
    failsched(c, d[2][0], '0/4 nodes are available: 4 storageclass.storage.k8s.io "longhorn" not found. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.', mig - 3, count=13)
    c.ev(pvc, "ProvisioningFailed", 'storageclass.storage.k8s.io "longhorn" not found', "Warning", count=146, first=mig, last=c.r.randint(3, 20), comp="persistentvolume-controller")
    vip = c.get("Service", "shop", "sessions-valkey")["spec"]["clusterIP"]
    web = app(c, "shop", "storefront", 3, "ghcr.io/acme-shop/storefront:6.11.0", [("SESSION_STORE_URL", "redis://sessions-valkey.shop.svc.cluster.local:6379/0"), ("DATABASE_URL", "postgres://shop@shop-pg-rw.shop-db.svc:5432/shop")], port=3000, nodes=c.workers, rs_ago=mig - 60, rev=9)
    for i, p in enumerate(web[2]):
        c.crash(p, "app", 10 + i, "Error: Redis connection to sessions-valkey.shop.svc.cluster.local:6379 failed - connect ECONNREFUSED %s:6379\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16) {\n  errno: -111,\n  code: 'ECONNREFUSED',\n  syscall: 'connect',\n  address: '%s',\n  port: 6379\n}\n" % (vip, vip), exit=1, since=mig - 120, last_run=8)
    c.aux[web[0]["metadata"]["uid"]]["since"] = mig - 120
    cart = app(c, "shop", "cart-api", 2, "ghcr.io/acme-shop/cart-api:6.11.0", [("DATABASE_URL", "postgres://cart@shop-pg-rw.shop-db.svc:5432/shop")], nodes=c.workers)
    app(c, "shop", "catalog-api", 2, "ghcr.io/acme-shop/catalog-api:6.11.0", [("DATABASE_URL", "postgres://catalog@shop-pg-ro.shop-db.svc:5432/shop")], nodes=c.workers)
    app(c, "shop", "order-worker", 2, "ghcr.io/acme-shop/order-worker:6.11.0", [("DATABASE_URL", "postgres://orders@shop-pg-rw.shop-db.svc:5432/shop")], nodes=c.workers, svc=False)
    addon(c, "kyverno")
    cron_noise(c, "shop", "abandoned-cart-mailer", "ghcr.io/acme-shop/jobs:6.11.0", ["node", "jobs/abandoned-cart.js"], "0 */6 * * *", 6 * H, 3, first=1 * H + 22 * M)
    std_noise(c, cart, "sandbox-lpetrov", "search-poc", "ghcr.io/lpetrov/search-poc:0.2", "pull", 6, evict_days=2)
    truth(c, "pvc-references-nonexistent-storageclass",
          "storefront is crash-looping on session store connection refused after tonight's migration",
          "PersistentVolumeClaim", "shop", "sessions-valkey-data",
          "storefront pods crash with ECONNREFUSED to the sessions-valkey ClusterIP because the Service has no ready endpoints: the sessions-valkey pod is Pending with "
          "'4 storageclass.storage.k8s.io \"longhorn\" not found'. PVC sessions-valkey-data (created 36m ago with the migrated manifests) requests storageClassName longhorn, which doesn't exist on this k3s cluster "
          "(only local-path, the default); persistentvolume-controller keeps reporting ProvisioningFailed. Recreate PVC sessions-valkey-data with storageClassName local-path (or omit it).")
    return c


@incident("k8-12", "service-internal-traffic-policy-local", "kubeadm v1.30 bare metal, Cilium (kube-proxy replacement), Rook-Ceph, MySQL InnoDB Cluster (MySQL Operator) + MySQL Router", hard=True)
def f12():
    c = new("k8-12", "2025-03-04T21:14:37Z", 1212)
    cps = ["prd-k8s-cp1"]
    wk = ["prd-k8s-w1", "prd-k8s-w2", "prd-k8s-w3", "prd-k8s-w4"]
    P = cluster(c, "kubeadm", cps, wk, age=520 * D, cni_kind="cilium", net="10.14.2.", cpu=16, mem=64)
    system(c, "kubeadm", "cilium", P, cps=cps)
    rook(c, wk[:3])
    addon(c, "monitoring", scn="ceph-block")
    addon(c, "cert-manager")
    c.ns("mysql-operator", 400 * D)
    c.deploy("mysql-operator", "mysql-operator", 1, [ctr("mysql-operator", "container-registry.oracle.com/mysql/community-operator:9.0.1-2.2.1", args=["mysqlsh", "--log-level=@INFO", "--pym", "mysqloperator", "operator"],
                                                           env=[("MYSQLSH_USER_CONFIG_HOME", "/mysqlsh"), ("MYSQL_OPERATOR_K8S_CLUSTER_DOMAIN", "cluster.local")], ready=execp(["cat", "/tmp/mysql-operator-ready"], 1, 3, 3, 1))],
             sel={"name": "mysql-operator"}, sa="mysql-operator-sa")
    c.ns("shop-db", 360 * D, {"team": "shop"})
    c.ns("shop", 360 * D, {"team": "shop"})
    ic = c.crd("mysql.oracle.com/v2", "InnoDBCluster", "shopdb")
    sel = {"component": "mysqld", "mysql.oracle.com/cluster": "shopdb", "tier": "mysql"}
    lab = dict(sel, **{"app.kubernetes.io/component": "database", "app.kubernetes.io/created-by": "mysql-operator", "app.kubernetes.io/instance": "mysql-innodbcluster-shopdb-mysql-server", "app.kubernetes.io/managed-by": "mysql-operator", "app.kubernetes.io/name": "mysql-innodbcluster-mysql-server"})
    c.secret("shop-db", "shopdb-privsecrets", ["clusterAdminPassword", "clusterAdminUsername"], owner=ic)
    c.secret("shop-db", "shopdb-router", ["routerPassword", "routerUsername"], owner=ic)
    c.cm("shop-db", "shopdb-initconf", {"my.cnf.in": "[mysqld]\nplugin_load_add=auth_socket.so\nloose_auth_socket=FORCE_PLUS_PERMANENT\nskip_log_error\nlog_error_verbosity=3\nmax_connections=800\ninnodb_buffer_pool_size=12G\n"}, owner=ic)
    mctr = [ctr("sidecar", "container-registry.oracle.com/mysql/community-operator:9.0.1-2.2.1", cmd=["mysqlsh", "--pym", "mysqloperator", "sidecar", "--pod-name", "$(POD_NAME)", "--pod-namespace", "$(POD_NAMESPACE)", "--datadir", "/var/lib/mysql"],
                env=[("POD_NAME", ("field", "metadata.name")), ("POD_NAMESPACE", ("field", "metadata.namespace")), ("MYSQL_UNIX_PORT", "/var/run/mysqld/mysql.sock")], mounts=[("rundir", "/var/run/mysqld"), ("mycnfdata", "/etc/my.cnf.d")]),
            ctr("mysql", "container-registry.oracle.com/mysql/community-server:9.0.1", [("mysql", 3306), ("mysqlx", 33060), ("gr-xcom", 33061)], ("2", "16Gi"), lim=("4", "20Gi"), args=["mysqld", "--user=mysql"],
                env=[("MYSQL_UNIX_PORT", "/var/run/mysqld/mysql.sock")], mounts=[("datadir", "/var/lib/mysql"), ("rundir", "/var/run/mysqld"), ("mycnfdata", "/etc/my.cnf.d")],
                ready=execp(["/livenessprobe.sh", "8"], 10, 5, 10000, 1), live=execp(["/livenessprobe.sh"], 15, 15, 10, 1), startup=execp(["/livenessprobe.sh", "8"], 5, 3, 10000, 1))]
    st = dbsts(c, "shop-db", "shopdb", 3, mctr, [("mysql", 3306, 3306), ("mysqlx", 33060, 33060), ("gr-xcom", 33061, 33061)], "ceph-block", "200Gi", sel=sel, labels=lab, hl="shopdb-instances", client=False,
               nodes=[wk[0], wk[2], wk[3]], owner=ic, vols=[v_empty("rundir"), v_empty("mycnfdata"), v_cm("initconfdir", "shopdb-initconf")], vname="datadir", pod_ago=26 * D, sa="shopdb-sidecar-sa", pmp="Parallel")
    rsel = {"component": "mysqlrouter", "mysql.oracle.com/cluster": "shopdb", "tier": "mysql"}
    c.deploy("shop-db", "shopdb-router", 1, [ctr("router", "container-registry.oracle.com/mysql/community-router:9.0.1", [("mysqlrw", 6446), ("mysqlxrw", 6448), ("mysqlro", 6447), ("mysqlxro", 6449), ("http", 8443)], ("100m", "128Mi"),
                                                 env=[("MYSQL_HOST", "shopdb-instances.shop-db.svc.cluster.local"), ("MYSQL_PORT", "3306"), ("MYSQL_USER", ("secret", "shopdb-router", "routerUsername")), ("MYSQL_PASSWORD", ("secret", "shopdb-router", "routerPassword")), ("MYSQL_CREATE_ROUTER_USER", "0")],
                                                 ready=tcp(6446, 10, 5), live=http("/api/20190715/swagger.json", 8443, 30, 3, 3, 1, "HTTPS"))],
             sel=rsel, labels=dict(rsel, **{"app.kubernetes.io/component": "router", "app.kubernetes.io/managed-by": "mysql-operator"}), nodes=[wk[1]], sa="shopdb-router-sa", owner=ic)
    itp_ago = 3 * H + 18 * M
    c.svc("shop-db", "shopdb", rsel, [("mysql", 3306, 6446), ("mysqlx", 33060, 6448), ("mysql-alternate", 6446, 6446), ("mysqlx-alternate", 6448, 6448), ("mysql-ro", 6447, 6447), ("mysqlx-ro", 6449, 6449), ("router-rest", 8443, 8443)],
          itp="Local", labels={"mysql.oracle.com/cluster": "shopdb", "tier": "mysql"}, owner=ic, ago=330 * D,
          ann={"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"shopdb\",\"namespace\":\"shop-db\"},\"spec\":{\"internalTrafficPolicy\":\"Local\"}}\n"})
    svcip = c.get("Service", "shop-db", "shopdb")["spec"]["clusterIP"]
    api = app(c, "shop", "storefront-api", 4, "harbor.corp.example/shop/storefront-api:12.4.1", [("SPRING_DATASOURCE_URL", "jdbc:mysql://shopdb.shop-db.svc.cluster.local:3306/shop?useSSL=true"), ("JAVA_TOOL_OPTIONS", "-XX:MaxRAMPercentage=75")],
              nodes=wk, req=("500m", "1Gi"), lim=(None, "2Gi"))
    for p in api[2]:
        if p["spec"]["nodeName"] != wk[1]:
            c.crash(p, "app", 19 + c.r.randint(0, 6), "Caused by: com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\nThe last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createCommunicationsException(SQLError.java:175)\n\t... 58 common frames omitted\nCaused by: java.net.SocketTimeoutException: Connect timed out\n\tat java.base/sun.nio.ch.NioSocketImpl.timedFinishConnect(NioSocketImpl.java:546)\n\tat com.mysql.cj.protocol.StandardSocketFactory.connect(StandardSocketFactory.java:153)\n",
                    exit=1, since=itp_ago - 60, last_run=48)
    c.aux[api[0]["metadata"]["uid"]]["since"] = itp_ago - 60
    sync = app(c, "shop", "order-sync", 1, "harbor.corp.example/shop/order-sync:12.4.1", [("DB_URL", "jdbc:mysql://shopdb.shop-db.svc.cluster.local:3306/shop")], nodes=[wk[1]], svc=False)
    app(c, "shop", "search-indexer", 2, "harbor.corp.example/shop/search-indexer:3.1.0", [("OPENSEARCH_URL", "https://search.corp.example:9200")], nodes=wk, svc=False)
    cron_noise(c, "shop-db", "shopdb-dump", "container-registry.oracle.com/mysql/community-operator:9.0.1-2.2.1", ["mysqlsh", "--", "util", "dump-instance", "/mnt/storage/shopdb"], "0 1 * * *", D, 2, first=20 * H + 14 * M)
    std_noise(c, sync, "sandbox-mwagner", "ab-test-ui", "harbor.corp.example/sandbox/ab-test-ui:feat-x", "pull", 13, evict_days=8, blip_pod=False)
    truth(c, "service-internal-traffic-policy-local",
          "storefront pods keep timing out connecting to MySQL, but one of them works fine and the database looks healthy",
          "Service", "shop-db", "shopdb",
          "3 of 4 storefront-api pods crash with 'Communications link failure ... Connect timed out' against shopdb.shop-db.svc:3306 while the pod on prd-k8s-w2 and order-sync (also on prd-k8s-w2) work. "
          "The InnoDB cluster and the single MySQL Router pod (on prd-k8s-w2) are healthy and are the Service's only endpoint, but Service shopdb has spec.internalTrafficPolicy: Local, so clients on any node without a local router endpoint get their traffic dropped. "
          "Set internalTrafficPolicy back to Cluster on Service shop-db/shopdb.")
    return c


@incident("k8-13", "read-write-service-selects-read-replicas", "RKE2 v1.29, Canal, Longhorn, PostgreSQL streaming replication (Bitnami chart)")
def f13():
    c = new("k8-13", "2025-05-13T12:40:27Z", 1313)
    cps = ["rke2-srv-a", "rke2-srv-b", "rke2-srv-c"]
    wk = ["rke2-agt-a", "rke2-agt-b", "rke2-agt-c"]
    P = cluster(c, "rke2", cps, wk, age=260 * D, cni_kind="canal", net="10.70.3.", cpu=16, mem=64)
    system(c, "rke2", "canal", P, cps=cps, dns_reps=2)
    longhorn(c)
    addon(c, "monitoring", scn="longhorn")
    c.ns("billing-db", 240 * D, {"team": "billing"})
    c.ns("billing", 240 * D, {"team": "billing"})
    pg = bitnami_pg(c, "billing-db", "billing-pg", "longhorn", "80Gi", nodes=wk, read=2, pod_ago=17 * D)
    created = 19 * H + 3 * M
    c.svc("billing-db", "billing-pg-rw", {"app.kubernetes.io/instance": "billing-pg", "app.kubernetes.io/name": "postgresql"}, [("tcp-postgresql", 5432, "tcp-postgresql")], ago=created,
          labels={"app.kubernetes.io/instance": "billing-db-endpoints", "app.kubernetes.io/managed-by": "argocd", "db.corp.example/role": "rw"},
          ann={"argocd.argoproj.io/tracking-id": "billing-db-endpoints:/Service:billing-db/billing-pg-rw"})
    c.svc("billing-db", "billing-pg-ro", {"app.kubernetes.io/component": "read", "app.kubernetes.io/instance": "billing-pg", "app.kubernetes.io/name": "postgresql"}, [("tcp-postgresql", 5432, "tcp-postgresql")], ago=created,
          labels={"app.kubernetes.io/instance": "billing-db-endpoints", "app.kubernetes.io/managed-by": "argocd", "db.corp.example/role": "ro"},
          ann={"argocd.argoproj.io/tracking-id": "billing-db-endpoints:/Service:billing-db/billing-pg-ro"})
    api = app(c, "billing", "billing-api", 3, "harbor.corp.example/billing/billing-api:10.2.0", [("SPRING_DATASOURCE_URL", "jdbc:postgresql://billing-pg-rw.billing-db.svc:5432/billing"), ("SPRING_DATASOURCE_RO_URL", "jdbc:postgresql://billing-pg-ro.billing-db.svc:5432/billing")],
              nodes=wk, rs_ago=created - 20 * M, rev=14, req=("500m", "1Gi"), lim=(None, "2Gi"))
    ro = "org.springframework.jdbc.UncategorizedSQLException: PreparedStatementCallback; uncategorized SQLException for SQL [insert into invoice_events (invoice_id, kind, payload) values (?, ?, ?::jsonb)]; SQL state [25006]; error code [0]; ERROR: cannot execute INSERT in a read-only transaction\n\tat org.springframework.jdbc.core.JdbcTemplate.translateException(JdbcTemplate.java:1548)\nCaused by: org.postgresql.util.PSQLException: ERROR: cannot execute INSERT in a read-only transaction\n\tat org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2725)\n"
    for i, p in enumerate(api[2]):
        c.restarted(p, "app", 4 + i * 3, "Error", 1, "Exception in thread \"outbox-relay\" " + ro, ended=c.r.randint(400, 2400))
        c.ev(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", "Warning", count=30 + i * 7, first=created - 30 * M, last=c.r.randint(30, 600), host=p["spec"]["nodeName"], field="spec.containers{app}")
    c.notready(api[2][2], "app", 140)
    worker = app(c, "billing", "dunning-worker", 2, "harbor.corp.example/billing/dunning-worker:10.2.0", [("DB_URL", "jdbc:postgresql://billing-pg-postgresql-primary.billing-db.svc:5432/billing")], nodes=wk, svc=False)
    cron_noise(c, "billing", "invoice-close-daily", "harbor.corp.example/billing/billing-batch:10.2.0", ["java", "-jar", "/app/batch.jar", "close-day"], "10 0 * * *", D, 3, first=12 * H + 30 * M)
    c.ns("billing-cache", 200 * D)
    redis_sentinel(c, "billing-cache", "billing-redis", "longhorn", nodes=wk)
    std_noise(c, worker, "sandbox-opopescu", "tax-rules-poc", "harbor.corp.example/sandbox/tax-rules:0.3.1", "crash", 21, evict_days=4, blip_pod=False)
    truth(c, "read-write-service-selects-read-replicas",
          "billing-api randomly fails writes with 'read-only transaction' since yesterday, looks like postgres is flipping",
          "Service", "billing-db", "billing-pg-rw",
          "billing-api restarts with 'ERROR: cannot execute INSERT in a read-only transaction' (SQLSTATE 25006), intermittently. Its write URL points at Service billing-pg-rw, created ~19h ago by the billing-db-endpoints Argo app; "
          "its selector is only app.kubernetes.io/instance=billing-pg + name=postgresql, so its Endpoints contain the primary and both read replicas (billing-pg-postgresql-read-0/1), and ~2/3 of new connections land on hot standbys. "
          "The chart's own billing-pg-postgresql-primary Service and billing-pg-ro (component=read) are correct. Add app.kubernetes.io/component: primary to Service billing-pg-rw's selector.")
    return c


@incident("k8-14", "statefulset-governing-service-not-headless", "kubeadm v1.30 on vSphere, Calico, vSphere CSI, Apache Cassandra (Bitnami chart)", hard=True)
def f14():
    c = new("k8-14", "2025-02-25T03:51:19Z", 1414)
    cps = ["vk8s-cp-01"]
    wk = ["vk8s-w-01", "vk8s-w-02", "vk8s-w-03", "vk8s-w-04"]
    reboot = 48 * M
    P = cluster(c, "kubeadm", cps, wk, age=470 * D, cni_kind="calico", net="10.66.10.", cpu=16, mem=64, boot={"vk8s-w-03": reboot})
    system(c, "kubeadm", "calico", P, infra="vsphere", cps=cps)
    addon(c, "monitoring", scn="vsphere-csi")
    addon(c, "argocd")
    c.ns("analytics-db", 300 * D, {"team": "analytics", "argocd.argoproj.io/instance": "analytics-db"})
    c.ns("analytics", 300 * D, {"team": "analytics"})
    sel = {"app.kubernetes.io/instance": "cassandra", "app.kubernetes.io/name": "cassandra"}
    chart = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "4.1.6", "helm.sh/chart": "cassandra-12.0.1"})
    c.secret("analytics-db", "cassandra", ["cassandra-password"], labels=chart)
    c.helm("analytics-db", "cassandra", 6)
    seeds = ",".join("cassandra-%d.cassandra-headless.analytics-db.svc.cluster.local" % i for i in range(2))
    cc = ctr("cassandra", "docker.io/bitnami/cassandra:4.1.6-debian-12-r3", [("intra", 7000), ("tls", 7001), ("jmx", 7199), ("cql", 9042)], ("2", "8Gi"), lim=("4", "12Gi"), cmd=["bash", "-ec", "# Node 0 is the password seeder\nif [[ $POD_NAME =~ (.*)-0$ ]]; then\n    echo \"Setting node as password seeder\"\n    export CASSANDRA_PASSWORD_SEEDER=yes\nfi\nexec /opt/bitnami/scripts/cassandra/entrypoint.sh /opt/bitnami/scripts/cassandra/run.sh\n"],
             env=[("BITNAMI_DEBUG", "false"), ("CASSANDRA_CLUSTER_NAME", "analytics"), ("CASSANDRA_SEEDS", seeds), ("CASSANDRA_PASSWORD", ("secret", "cassandra", "cassandra-password")), ("POD_IP", ("field", "status.podIP")), ("POD_NAME", ("field", "metadata.name")),
                  ("CASSANDRA_USER", "cassandra"), ("CASSANDRA_NUM_TOKENS", "16"), ("CASSANDRA_DATACENTER", "dc1"), ("CASSANDRA_ENDPOINT_SNITCH", "GossipingPropertyFileSnitch"), ("CASSANDRA_KEYSTORE_LOCATION", "/opt/bitnami/cassandra/certs/keystore"), ("MAX_HEAP_SIZE", "6144M"), ("HEAP_NEWSIZE", "1536M")],
             mounts=[("data", "/bitnami/cassandra"), ("empty-dir", "/tmp")],
             live=execp(["/bin/bash", "-ec", "nodetool info | grep \"Native Transport active: true\"\n"], 60, 30, 5, 30),
             ready=execp(["/bin/bash", "-ec", "nodetool status | grep -E \"^UN\\\\s+${POD_IP}\"\n"], 60, 10, 5, 30))
    st, pods, pvcs = c.sts("analytics-db", "cassandra", 3, [cc], "cassandra-headless", sel=sel, labels=chart, nodes=[wk[0], wk[1], wk[2]], vct=[("data", "vsphere-csi", "500Gi")], sa="cassandra", pod_ago=44 * D,
                           vols=[v_empty("empty-dir")], psc={"fsGroup": 1001}, aff={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchLabels": sel}, "topologyKey": "kubernetes.io/hostname"}, "weight": 1}]}})
    svc_ago = 55 * M
    c.svc("analytics-db", "cassandra-headless", sel, [("intra", 7000, 7000), ("tls", 7001, 7001), ("jmx", 7199, 7199), ("cql", 9042, 9042)], pnr=True, labels=chart, ago=svc_ago,
          ann={"argocd.argoproj.io/sync-options": "Replace=true", "meta.helm.sh/release-name": "cassandra", "meta.helm.sh/release-namespace": "analytics-db"})
    c.svc("analytics-db", "cassandra", sel, [("cql", 9042, "cql"), ("metrics", 8080, 8080)], labels=chart)
    p2 = pods[2]
    p2["metadata"]["creationTimestamp"] = c.ts(reboot - 3 * M)
    c.run(p2, reboot - 3 * M - 2)
    c.crash(p2, "cassandra", 9, "WARN  [main] 2025-02-25 03:47:02,114 SimpleSeedProvider.java:72 - Seed provider couldn't lookup host cassandra-0.cassandra-headless.analytics-db.svc.cluster.local\n"
            "WARN  [main] 2025-02-25 03:47:02,115 SimpleSeedProvider.java:72 - Seed provider couldn't lookup host cassandra-1.cassandra-headless.analytics-db.svc.cluster.local\n"
            "ERROR [main] 2025-02-25 03:47:32,311 CassandraDaemon.java:887 - Exception encountered during startup\njava.lang.IllegalStateException: Unable to contact any seeds: []\n\tat org.apache.cassandra.gms.Gossiper.doShadowRound(Gossiper.java:1956)\n\tat org.apache.cassandra.service.StorageService.checkForEndpointCollision(StorageService.java:681)\n",
            exit=3, since=reboot - 4 * M, last_run=75)
    c.ev(p2, "BackOff", "Back-off restarting failed container cassandra in pod cassandra-2_analytics-db(%s)" % p2["metadata"]["uid"], "Warning", count=31, first=reboot - 6 * M, last=c.r.randint(20, 200), host=p2["spec"]["nodeName"], field="spec.containers{cassandra}")
    sp = app(c, "analytics", "events-writer", 3, "ghcr.io/acme-data/events-writer:5.0.3", [("CASSANDRA_CONTACT_POINTS", "cassandra.analytics-db.svc.cluster.local"), ("CASSANDRA_CONSISTENCY", "LOCAL_QUORUM")], nodes=wk)
    for p in sp[2][:2]:
        c.restarted(p, "app", 1, "Error", 1, "com.datastax.oss.driver.api.core.servererrors.UnavailableException: Not enough replicas available for query at consistency LOCAL_QUORUM (2 required but only 1 alive)", ended=reboot - 2 * M)
    app(c, "analytics", "report-api", 2, "ghcr.io/acme-data/report-api:5.0.3", [("CASSANDRA_CONTACT_POINTS", "cassandra.analytics-db.svc.cluster.local")], nodes=wk)
    cron_noise(c, "analytics-db", "cassandra-repair", "docker.io/bitnami/cassandra:4.1.6-debian-12-r3", ["nodetool", "-h", "cassandra", "repair", "-pr", "events"], "0 3 * * 0", 7 * D, 1, first=2 * D + 51 * M)
    std_noise(c, sp, "sandbox-ebrown", "grafana-plugin-dev", "docker.io/grafana/grafana:11.3.0-beta1", "crash", 17, evict_days=12, blip_pod=False)
    truth(c, "statefulset-governing-service-not-headless",
          "cassandra node 2 keeps crashing after the host reboot, cluster is running with 2 of 3 nodes and quorum writes fail",
          "Service", "analytics-db", "cassandra-headless",
          "cassandra-2 crash-loops with 'Seed provider couldn't lookup host cassandra-0.cassandra-headless.analytics-db.svc.cluster.local' / 'Unable to contact any seeds'. The StatefulSet's governing Service cassandra-headless was "
          "re-created ~55m ago (Argo CD Replace sync) with a ClusterIP instead of clusterIP: None, so the per-pod DNS records <pod>.cassandra-headless... no longer exist; cassandra-0/1 keep running only because they started earlier. "
          "Recreate Service analytics-db/cassandra-headless as headless (clusterIP: None).")
    return c


@incident("k8-15", "networkpolicy-omits-intra-cluster-replication", "RKE2 v1.30, Cilium, Longhorn, CloudNativePG", hard=True)
def f15():
    c = new("k8-15", "2025-04-24T15:28:56Z", 1515)
    cps = ["rke2-m1"]
    wk = ["rke2-w1", "rke2-w2", "rke2-w3", "rke2-w4"]
    P = cluster(c, "rke2", cps, wk, age=190 * D, cni_kind="cilium", net="10.80.0.", cpu=16, mem=64)
    system(c, "rke2", "cilium", P, cps=cps)
    longhorn(c)
    addon(c, "monitoring", scn="longhorn")
    cnpg_operator(c)
    c.ns("core-db", 150 * D, {"team": "core"})
    c.ns("audit-db", 150 * D, {"team": "audit"})
    c.ns("core", 150 * D, {"team": "core", "core-db/client": "true"})
    scale = 54 * M
    pg = cnpg(c, "core-db", "pg-core", 3, "longhorn", "150Gi", wk, pod_ago=9 * D, skip=(3,))
    pvc3 = c.get("PersistentVolumeClaim", "core-db", "pg-core-3")
    pvc3["metadata"]["creationTimestamp"] = c.ts(scale)
    c.get("PersistentVolume", None, pvc3["spec"]["volumeName"])["metadata"]["creationTimestamp"] = c.ts(scale - 8)
    pvc3["metadata"]["annotations"]["cnpg.io/pvcStatus"] = "initializing"
    pol_ago = 3 * H + 2 * M
    c.netpol("core-db", "core-db-ingress", {"matchLabels": {"cnpg.io/cluster": "pg-core"}}, [
        {"from": [{"namespaceSelector": {"matchLabels": {"core-db/client": "true"}}}], "ports": [{"port": 5432, "protocol": "TCP"}]},
        {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "cnpg-system"}}}], "ports": [{"port": 8000, "protocol": "TCP"}]},
        {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}], "ports": [{"port": 9187, "protocol": "TCP"}]}], ago=pol_ago,
        labels={"app.kubernetes.io/managed-by": "Helm", "security.corp.example/baseline": "v2"}, ann={"meta.helm.sh/release-name": "core-db-policies", "meta.helm.sh/release-namespace": "core-db"})
    audit = cnpg(c, "audit-db", "pg-audit", 2, "longhorn", "60Gi", wk[2:], pod_ago=30 * D)
    c.netpol("audit-db", "audit-db-ingress", {"matchLabels": {"cnpg.io/cluster": "pg-audit"}}, [
        {"from": [{"podSelector": {"matchLabels": {"cnpg.io/cluster": "pg-audit"}}}], "ports": [{"port": 5432, "protocol": "TCP"}, {"port": 8000, "protocol": "TCP"}]},
        {"from": [{"namespaceSelector": {"matchLabels": {"core-db/client": "true"}}}], "ports": [{"port": 5432, "protocol": "TCP"}]},
        {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "cnpg-system"}}}], "ports": [{"port": 8000, "protocol": "TCP"}]},
        {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}], "ports": [{"port": 9187, "protocol": "TCP"}]}], ago=pol_ago,
        labels={"app.kubernetes.io/managed-by": "Helm", "security.corp.example/baseline": "v2"})
    rwip = c.get("Service", "core-db", "pg-core-rw")["spec"]["clusterIP"]
    jimg = "ghcr.io/cloudnative-pg/postgresql:16.4"
    jl = {"cnpg.io/cluster": "pg-core", "cnpg.io/instanceName": "pg-core-3", "cnpg.io/jobRole": "join"}
    jc = ctr("join", jimg, req=("500m", "1Gi"), lim=(None, "2Gi"), cmd=["/controller/manager", "instance", "join", "--pg-data", "/var/lib/postgresql/data/pgdata", "--parent-node", "pg-core-rw", "--log-level=info"],
             env=[("PGDATA", "/var/lib/postgresql/data/pgdata"), ("POD_NAME", "pg-core-3-join"), ("NAMESPACE", "core-db"), ("CLUSTER_NAME", "pg-core")], mounts=[("pgdata", "/var/lib/postgresql/data"), ("scratch-data", "/controller")])
    msg = ('{"level":"info","ts":"2025-04-24T15:12:03.101Z","msg":"Starting pg_basebackup","logging_pod":"pg-core-3-join"}\n'
           '{"level":"info","ts":"2025-04-24T15:14:14.388Z","logger":"pg_basebackup","msg":"pg_basebackup: error: could not connect to server: connection to server at \\"pg-core-rw\\" (%s), port 5432 failed: Connection timed out\\n\\tIs the server running on that host and accepting TCP/IP connections?","pipe":"stderr","logging_pod":"pg-core-3-join"}\n'
           '{"level":"error","ts":"2025-04-24T15:14:14.392Z","msg":"Error joining node","logging_pod":"pg-core-3-join","error":"error in pg_basebackup, exit status 1"}\n') % rwip
    j, jp = c.job("core-db", "pg-core-3-join", [jc], scale - 20, "running", dur=140, owner=pg["crd"], backoff=6, fails=3, fail_msg=msg, sa="pg-core", labels=jl,
                  vols=[v_pvc("pgdata", "pg-core-3"), v_empty("scratch-data")], psc={"fsGroup": 26, "runAsGroup": 26, "runAsUser": 26})
    for p in jp:
        p["metadata"]["labels"]["cnpg.io/podRole"] = "pooler" if False else "instance"
    api = app(c, "core", "accounts-api", 3, "harbor.corp.example/core/accounts-api:2.31.0", [("PGHOST", "pg-core-rw.core-db.svc"), ("PGRO_HOST", "pg-core-ro.core-db.svc")], nodes=wk)
    app(c, "core", "ledger-consumer", 2, "harbor.corp.example/core/ledger-consumer:2.31.0", [("PGHOST", "pg-audit-rw.audit-db.svc")], nodes=wk, svc=False)
    cron_noise(c, "core", "statement-export", "harbor.corp.example/core/batch:2.31.0", ["/app/batch", "export-statements"], "30 */4 * * *", 4 * H, 3, first=58 * M + 30 * 60 - 30 * 60 + 2 * H)
    std_noise(c, api, "sandbox-jwoods", "core-graphql-gw", "harbor.corp.example/sandbox/graphql-gw:spike", "pull", 9, evict_days=6)
    truth(c, "networkpolicy-omits-intra-cluster-replication",
          "we scaled pg-core to 3 instances an hour ago and the new replica never joins",
          "NetworkPolicy", "core-db", "core-db-ingress",
          "The CNPG join job pg-core-3-join keeps failing: pg_basebackup 'connection to server at \"pg-core-rw\" (%s), port 5432 failed: Connection timed out'. Applications in namespace core reach the database fine. "
          "NetworkPolicy core-db-ingress (added ~3h ago by the security baseline) selects the pg-core pods and only admits 5432 from namespaces labelled core-db/client=true, 8000 from cnpg-system and 9187 from monitoring - "
          "there is no rule for the cluster's own pods, so the join pod (and replication) in core-db is dropped; the equivalent audit-db-ingress policy has the podSelector cnpg.io/cluster=pg-audit peer rule. "
          "Add an ingress rule to core-db-ingress allowing pods with cnpg.io/cluster=pg-core on 5432/8000." % rwip)
    return c


@incident("k8-16", "egress-policy-allows-wrong-pooler-port", "AKS v1.29, kubenet + Azure NPM, Azure Disk CSI, PgBouncer in front of Azure Database for PostgreSQL")
def f16():
    c = new("k8-16", "2025-01-16T10:09:33Z", 1616)
    c.aux["zones"] = ["westeurope-1", "westeurope-2", "westeurope-3"]
    c.aux["apiserver_host"] = "prod-aks-we-7f2c1d9e.hcp.westeurope.azmk8s.io"
    c.aux["apiserver_ips"] = ["20.103.58.17"]
    sysn = ["aks-system-28391047-vmss000000", "aks-system-28391047-vmss000001"]
    usern = ["aks-apps-28391047-vmss000000", "aks-apps-28391047-vmss000001", "aks-apps-28391047-vmss000002"]
    c.aux["cloudlabels"] = lambda n, z, role: {"kubernetes.azure.com/agentpool": n.split("-")[1], "kubernetes.azure.com/mode": "system" if "system" in n else "user", "agentpool": n.split("-")[1],
                                               "kubernetes.azure.com/cluster": "MC_prod-rg_prod-aks_westeurope", "kubernetes.azure.com/os-sku": "Ubuntu", "node.kubernetes.io/instance-type": "Standard_D8s_v5",
                                               "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202412.10.0", "topology.disk.csi.azure.com/zone": z}
    c.aux["provider"] = lambda n, i: "azure:///subscriptions/0b5d2c1e-6f8a-4a3b-9c7d-2e1f0a9b8c7d/resourceGroups/mc_prod-rg_prod-aks_westeurope/providers/Microsoft.Compute/virtualMachineScaleSets/%s/virtualMachines/%d" % (n.rsplit("0", 0)[0][:-6], int(n[-1]))
    c.aux["alloccpu"] = {8: "7820m"}
    P = cluster(c, "aks", [], sysn + usern, age=340 * D, net="10.224.0.", cpu=8, mem=32)
    cloud_system(c, "aks", P)
    addon(c, "monitoring", scn="managed-csi")
    addon(c, "ingress-nginx", lb="20.67.143.211")
    addon(c, "cert-manager")
    c.ns("pgbouncer", 300 * D, {"team": "dba"})
    c.ns("reporting", 280 * D, {"team": "bi"})
    c.ns("orders", 300 * D, {"team": "orders"})
    pgbouncer(c, "pgbouncer", "pgbouncer", "pg-prod-flex.postgres.database.azure.com", reps=2, nodes=usern, pool=40, max_client=3000)
    c.svc("pgbouncer", "pg-prod-flex", None, [], ext="pg-prod-flex.postgres.database.azure.com")
    pol = 4 * H + 27 * M
    c.netpol("reporting", "default-deny-egress", {}, None, [], types=["Egress"], ago=pol, labels={"policy.corp.example/tier": "baseline"})
    c.netpol("reporting", "allow-dns-egress", {}, None, [{"to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "kube-system"}}, "podSelector": {"matchLabels": {"k8s-app": "kube-dns"}}}],
                                                          "ports": [{"port": 53, "protocol": "UDP"}, {"port": 53, "protocol": "TCP"}]}], ago=pol, labels={"policy.corp.example/tier": "baseline"})
    c.netpol("reporting", "allow-egress-db", {}, None, [{"to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "pgbouncer"}}, "podSelector": {"matchLabels": {"app.kubernetes.io/name": "pgbouncer"}}}],
                                                         "ports": [{"port": 5432, "protocol": "TCP"}]}], ago=pol, labels={"policy.corp.example/tier": "app"})
    c.netpol("reporting", "allow-egress-https", {}, None, [{"to": [{"ipBlock": {"cidr": "0.0.0.0/0", "except": ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]}}], "ports": [{"port": 443, "protocol": "TCP"}]}], ago=pol, labels={"policy.corp.example/tier": "app"})
    bip = c.get("Service", "pgbouncer", "pgbouncer")["spec"]["clusterIP"]
    env = [("DATABASE_URL", "postgresql://reporting@pgbouncer.pgbouncer.svc.cluster.local:6432/reporting?sslmode=disable"), ("DB_CONNECT_TIMEOUT", "10")]
    ra = app(c, "reporting", "reporting-api", 2, "prodacr.azurecr.io/bi/reporting-api:2025.1.3", env, nodes=usern, rs_ago=pol - 10 * M, rev=22)
    rb = app(c, "reporting", "report-builder", 2, "prodacr.azurecr.io/bi/report-builder:2025.1.3", env, nodes=usern, svc=False, rs_ago=pol - 10 * M, rev=22)
    m = ("Traceback (most recent call last):\n  File \"/app/reporting/db.py\", line 31, in connect\n    return psycopg.connect(settings.DATABASE_URL, connect_timeout=10)\n"
         "psycopg.OperationalError: connection failed: connection to server at \"%s\", port 6432 failed: timeout expired\n" % bip)
    for p in ra[2] + rb[2]:
        c.crash(p, "app", 40 + c.r.randint(0, 9), m, exit=1, since=pol - 12 * M, last_run=12)
    for d in (ra, rb):
        c.aux[d[0]["metadata"]["uid"]]["since"] = pol - 12 * M
    oa = app(c, "orders", "orders-api", 3, "prodacr.azurecr.io/orders/orders-api:8.0.4", [("DATABASE_URL", "postgresql://orders@pgbouncer.pgbouncer.svc.cluster.local:6432/orders")], nodes=usern)
    cron_noise(c, "orders", "orders-archiver", "prodacr.azurecr.io/orders/orders-batch:8.0.4", ["python", "-m", "orders.archive"], "15 * * * *", H, 3, first=54 * M)
    std_noise(c, oa, "sandbox-sguerin", "llm-sql-helper", "prodacr.azurecr.io/sandbox/llm-sql-helper:0.0.9", "pull", 10, evict_days=3)
    truth(c, "egress-policy-allows-wrong-pooler-port",
          "reporting services can't get a DB connection since the policy rollout this morning, orders is fine through the same pooler",
          "NetworkPolicy", "reporting", "allow-egress-db",
          "reporting-api and report-builder crash with 'connection to server at <pgbouncer ClusterIP>, port 6432 failed: timeout expired'; orders-api uses the same pgbouncer Service without problems. "
          "Namespace reporting got egress policies ~4.5h ago: default-deny-egress plus allow-egress-db, which allows traffic to the pgbouncer pods only on TCP 5432 - PgBouncer listens on 6432 (Service port and containerPort 6432). "
          "Change the port in NetworkPolicy reporting/allow-egress-db to 6432.")
    return c


PG_CONF = "listen_addresses = '*'\nport = '5432'\nmax_connections = '%d'\nshared_buffers = '%s'\nwal_level = 'replica'\nfsync = 'on'\nhot_standby = 'on'\nlog_connections = 'false'\nlog_disconnections = 'false'\nlog_hostname = 'false'\nclient_min_messages = 'error'\ninclude_dir = 'conf.d'\n"


@incident("k8-17", "pg-hba-configmap-allows-old-pod-cidr", "kubeadm v1.30 bare metal, flannel, OpenEBS hostpath, PostgreSQL (Bitnami chart)", hard=True)
def f17():
    c = new("k8-17", "2025-03-18T08:57:40Z", 1717)
    cps = ["inv-k8s-cp1"]
    wk = ["inv-k8s-n1", "inv-k8s-n2", "inv-k8s-n3", "inv-k8s-n4", "inv-k8s-n5"]
    P = cluster(c, "kubeadm", cps, wk, age=95 * D, cni_kind="flannel", net="10.9.4.", cpu=16, mem=64)
    system(c, "kubeadm", "flannel", P, cps=cps)
    openebs(c)
    addon(c, "monitoring", scn="openebs-hostpath")
    addon(c, "ingress-nginx", nodes=wk)
    addon(c, "velero")
    addon(c, "cert-manager")
    c.ns("inventory-db", 80 * D, {"team": "inventory", "migrated-from": "k3s-edge-01"})
    c.ns("inventory", 80 * D, {"team": "inventory", "migrated-from": "k3s-edge-01"})
    roll = 1 * H + 9 * M
    cmn = "inventory-pg-postgresql-configuration"
    hba = ("# TYPE  DATABASE        USER            ADDRESS                 METHOD\nlocal   all             all                                     trust\nhost    all             all             127.0.0.1/32            scram-sha-256\n"
           "host    all             all             ::1/128                 scram-sha-256\nhost    all             all             10.42.0.0/16            scram-sha-256\nhost    replication     repl_user       10.42.0.0/16            scram-sha-256\n")
    c.cm("inventory-db", cmn, {"postgresql.conf": PG_CONF % (300, "2GB"), "pg_hba.conf": hba}, ago=79 * D,
         labels={"app.kubernetes.io/instance": "inventory-pg", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "postgresql", "helm.sh/chart": "postgresql-15.5.38"})
    pg = bitnami_pg(c, "inventory-db", "inventory-pg", "openebs-hostpath", "100Gi", nodes=[wk[2]], pod_ago=roll, ago=79 * D, conf_cm=cmn)
    st = pg["primary"][0]
    st["spec"]["template"]["metadata"]["annotations"] = {"checksum/configuration": c.hexs(64)}
    apps_ = []
    a1 = app(c, "inventory", "inventory-api", 3, "registry.corp.example/inventory/inventory-api:4.9.1", [("PGHOST", "inventory-pg-postgresql.inventory-db.svc.cluster.local"), ("PGUSER", "inventory"), ("PGDATABASE", "inventory")], nodes=wk, rs_ago=20 * D)
    a2 = app(c, "inventory", "stock-reconciler", 2, "registry.corp.example/inventory/stock-reconciler:4.9.1", [("PGHOST", "inventory-pg-postgresql.inventory-db.svc.cluster.local"), ("PGUSER", "inventory"), ("PGDATABASE", "inventory")], nodes=wk, rs_ago=20 * D, svc=False)
    for p in a1[2] + a2[2]:
        ip = p["status"]["podIP"]
        c.crash(p, "app", 12 + c.r.randint(0, 5), "Error: connect to database failed\ncaused by: FATAL:  no pg_hba.conf entry for host \"%s\", user \"inventory\", database \"inventory\", no encryption\n" % ip, exit=1, since=roll - 60, last_run=3)
    for d in (a1, a2):
        c.aux[d[0]["metadata"]["uid"]]["since"] = roll - 60
    cj, jobs = c.cron("inventory-db", "inventory-pg-dump", "30 7 * * *", [ctr("pg-dump", "docker.io/bitnami/postgresql:16.4.0-debian-12-r9", cmd=["/bin/bash", "-c", "pg_dump -Fc -h inventory-pg-postgresql -U inventory inventory > /backup/inventory-$(date +%F).dump"], env=[("PGPASSWORD", ("secret", "inventory-pg-postgresql", "password"))], req=("50m", "128Mi"))],
                      [(2 * D + 87 * M, "complete"), (D + 87 * M, "complete"), (87 * M, "failed")], backoff=1, dur=20, hist=(3, 1),
                      fail_msg="pg_dump: error: connection to server at \"inventory-pg-postgresql\" (%s), port 5432 failed: FATAL:  no pg_hba.conf entry for host \"%s\", user \"inventory\", database \"inventory\", no encryption\n")
    for j, ps in jobs:
        for p in ps:
            if p["status"]["phase"] == "Failed":
                for d in p["status"]["containerStatuses"]:
                    d["state"]["terminated"]["message"] = d["state"]["terminated"]["message"] % (c.get("Service", "inventory-db", "inventory-pg-postgresql")["spec"]["clusterIP"], p["status"]["podIP"])
    std_noise(c, None, "sandbox-cdumont", "barcode-gen", "registry.corp.example/sandbox/barcode-gen:0.4", "crash", 15)
    c.ns("inventory-cache", 80 * D)
    redis_sentinel(c, "inventory-cache", "inventory-redis", "openebs-hostpath", nodes=wk)
    truth(c, "pg-hba-configmap-allows-old-pod-cidr",
          "every inventory service is being rejected by postgres since the config rollout about an hour ago",
          "ConfigMap", "inventory-db", cmn,
          "inventory-api, stock-reconciler and the inventory-pg-dump job all fail with 'FATAL: no pg_hba.conf entry for host \"10.244.x.y\" ...'. The postgres pod restarted ~1h ago (new checksum/configuration) and now loads pg_hba.conf from ConfigMap "
          "inventory-pg-postgresql-configuration, whose host rules only allow 10.42.0.0/16 - the pod CIDR of the old k3s cluster these namespaces were migrated from. This cluster's pods are in 10.244.0.0/16 (node podCIDRs, flannel net-conf). "
          "Update the pg_hba.conf in that ConfigMap to allow 10.244.0.0/16 (and reload).")
    return c


@incident("k8-18", "pgbouncer-max-client-conn-too-low", "k3s v1.30 (3 servers HA + 2 agents), flannel, Longhorn, CloudNativePG behind PgBouncer")
def f18():
    c = new("k8-18", "2025-06-09T17:33:05Z", 1818)
    srv = ["k3s-m1", "k3s-m2", "k3s-m3"]
    ag = ["k3s-a1", "k3s-a2"]
    P = cluster(c, "k3s", srv, ag, age=230 * D, net="10.100.7.", cpu=8, mem=32)
    c.workers[:0] = srv
    system(c, "k3s", None, P)
    c.sc("local-path", "rancher.io/local-path", None, binding="WaitForFirstConsumer", default=False, ago=229 * D)
    longhorn(c)
    addon(c, "monitoring", scn="longhorn")
    cnpg_operator(c)
    c.ns("orders-db", 200 * D, {"team": "orders"})
    c.ns("db-proxy", 200 * D, {"team": "dba"})
    c.ns("orders", 200 * D, {"team": "orders"})
    cnpg(c, "orders-db", "pg-orders", 3, "longhorn", "120Gi", c.workers, pod_ago=24 * D)
    change = 2 * H + 14 * M
    pgbouncer(c, "db-proxy", "pgbouncer", "pg-orders-rw.orders-db.svc.cluster.local", reps=2, nodes=ag, max_client=100, pool=20, cm_ago=change, rs_ago=change - 60)
    c.get("ConfigMap", "db-proxy", "pgbouncer-config")["metadata"]["annotations"] = {"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"pgbouncer-config\",\"namespace\":\"db-proxy\"}}\n"}
    env = [("DB_HOST", "pgbouncer.db-proxy.svc.cluster.local"), ("DB_PORT", "6432"), ("DB_POOL_MAX", "20")]
    oa = app(c, "orders", "orders-api", 4, "ghcr.io/acme-orders/orders-api:3.17.2", env, nodes=c.workers)
    ow = app(c, "orders", "orders-worker", 3, "ghcr.io/acme-orders/orders-worker:3.17.2", env, nodes=c.workers, svc=False)
    err = "Error: no more connections allowed (max_client_conn)\n    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:283:98)\n    at Parser.handlePacket (/app/node_modules/pg-protocol/dist/parser.js:122:29)\n    at Socket.<anonymous> (/app/node_modules/pg-protocol/dist/index.js:11:42) {\n  length: 74,\n  severity: 'FATAL',\n  code: '08P01'\n}\n"
    for p in [oa[2][2], oa[2][3], ow[2][1], ow[2][2]]:
        c.crash(p, "app", 14 + c.r.randint(0, 8), err, exit=1, since=change - 4 * M, last_run=c.r.randint(20, 200))
    for p in [oa[2][0], ow[2][0]]:
        c.restarted(p, "app", 3, "Error", 1, err, ended=c.r.randint(900, 3000))
    for p in oa[2][:2]:
        c.ev(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", "Warning", count=22, first=change - 3 * M, last=c.r.randint(40, 500), host=p["spec"]["nodeName"], field="spec.containers{app}")
    app(c, "orders", "orders-web", 2, "ghcr.io/acme-orders/orders-web:3.17.2", [("API_URL", "http://orders-api.orders.svc")], nodes=c.workers)
    rep = app(c, "orders", "orders-reporting", 1, "ghcr.io/acme-orders/orders-reporting:3.17.2", [("DB_HOST", "pg-orders-ro.orders-db.svc.cluster.local"), ("DB_PORT", "5432")], nodes=c.workers, svc=False)
    cron_noise(c, "orders", "orders-settlement", "ghcr.io/acme-orders/orders-batch:3.17.2", ["node", "batch/settle.js"], "0 */8 * * *", 8 * H, 2, first=1 * H + 33 * M)
    std_noise(c, rep, "sandbox-fkim", "pgweb", "docker.io/sosedoff/pgweb:0.15.0", "crash", 25, evict_days=5, blip_pod=False)
    truth(c, "pgbouncer-max-client-conn-too-low",
          "orders api and workers keep crashing with connection errors, the database itself looks idle",
          "ConfigMap", "db-proxy", "pgbouncer-config",
          "Several orders-api/orders-worker pods crash with 'FATAL: no more connections allowed (max_client_conn)' - an error raised by PgBouncer, not PostgreSQL (pg-orders is healthy). "
          "ConfigMap db-proxy/pgbouncer-config (changed ~2h ago; the pgbouncer pods rolled right after) sets max_client_conn = 100 per pooler pod, while 7 client pods each open a pool of up to DB_POOL_MAX=20 (140+ client connections per pooler). "
          "Raise max_client_conn in ConfigMap pgbouncer-config (e.g. back to a few thousand; server-side connections are bounded by default_pool_size anyway) and roll pgbouncer.")
    return c


@incident("k8-19", "redis-maxmemory-noeviction-in-configmap", "MicroK8s v1.29 (5 nodes), Calico, hostpath, Redis Sentinel (Bitnami chart)")
def f19():
    c = new("k8-19", "2025-02-12T13:27:49Z", 1919)
    nodes = ["edge-mk8s-01", "edge-mk8s-02", "edge-mk8s-03", "edge-mk8s-04", "edge-mk8s-05"]
    P = cluster(c, "microk8s", [], nodes, age=310 * D, cni_kind="calico", net="172.20.5.", cpu=16, mem=64)
    system(c, "microk8s", "calico", P)
    c.sc("microk8s-hostpath", "microk8s.io/hostpath", {"pvDir": "/var/snap/microk8s/common/default-storage"}, binding="WaitForFirstConsumer", default=True, ago=309 * D, expand=False)
    addon(c, "monitoring")
    addon(c, "ingress-nginx", nodes=nodes)
    addon(c, "argocd")
    addon(c, "cert-manager")
    c.ns("queue", 250 * D, {"team": "platform"})
    c.ns("media", 250 * D, {"team": "media"})
    c.ns("media-db", 250 * D, {"team": "media"})
    change = 5 * H + 40 * M
    st = redis_sentinel(c, "queue", "jobs-redis", "microk8s-hostpath", nodes=nodes[1:], cm_extra="maxmemory 256mb\nmaxmemory-policy noeviction\n", pod_ago=change - 5 * M)
    c.get("ConfigMap", "queue", "jobs-redis-configuration")["metadata"]["creationTimestamp"] = c.ts(240 * D)
    st[0]["spec"]["template"]["metadata"]["annotations"] = {"checksum/configmap": c.hexs(64), "checksum/health": c.hexs(64), "checksum/scripts": c.hexs(64), "checksum/secret": c.hexs(64)}
    for p in st[1]:
        p["metadata"]["annotations"] = dict(st[0]["spec"]["template"]["metadata"]["annotations"])
    env = [("CELERY_BROKER_URL", "sentinel://jobs-redis.queue.svc.cluster.local:26379/0"), ("CELERY_BROKER_TRANSPORT_OPTIONS", "{\"master_name\": \"mymaster\"}"), ("DATABASE_URL", "postgresql://media@media-pg-postgresql.media-db.svc:5432/media")]
    w = app(c, "media", "transcode-worker", 4, "ghcr.io/acme-media/media-svc:2025.02.3", env, nodes=nodes, svc=False, probe=False, args=["celery", "-A", "media", "worker", "-Q", "transcode", "--concurrency=4"])
    err = ("[2025-02-12 13:%02d:11,402: CRITICAL/MainProcess] Unrecoverable error: ResponseError(\"OOM command not allowed when used memory > 'maxmemory'.\")\nTraceback (most recent call last):\n"
           "  File \"/usr/local/lib/python3.12/site-packages/kombu/transport/redis.py\", line 1063, in _put\n    client.lpush(self._q_for_pri(queue, pri), dumps(message))\n"
           "redis.exceptions.ResponseError: OOM command not allowed when used memory > 'maxmemory'.\n")
    for i, p in enumerate(w[2]):
        c.crash(p, "app", 20 + i * 4, err % (10 + i), exit=1, since=2 * H + 5 * M, last_run=95)
    c.aux[w[0]["metadata"]["uid"]]["since"] = 2 * H + 5 * M
    api = app(c, "media", "media-api", 2, "ghcr.io/acme-media/media-svc:2025.02.3", env, nodes=nodes, args=["gunicorn", "media.wsgi", "-b", "0.0.0.0:8080"])
    for p in api[2]:
        c.restarted(p, "app", 2, "Error", 1, "kombu.exceptions.OperationalError: OOM command not allowed when used memory > 'maxmemory'.", ended=c.r.randint(1200, 4000))
    bitnami_pg(c, "media-db", "media-pg", "microk8s-hostpath", "60Gi", nodes=[nodes[0]], pod_ago=60 * D)
    app(c, "media", "upload-api", 2, "ghcr.io/acme-media/upload-api:2025.02.3", [("S3_ENDPOINT", "https://minio.corp.example")], nodes=nodes)
    app(c, "media", "thumbnailer", 2, "ghcr.io/acme-media/media-svc:2025.02.3", env, nodes=nodes, svc=False, probe=False, args=["celery", "-A", "media", "worker", "-Q", "thumbs"])
    addon(c, "kyverno")
    cron_noise(c, "media", "thumbnail-gc", "ghcr.io/acme-media/media-svc:2025.02.3", ["python", "manage.py", "gc_thumbnails"], "0 4 * * *", D, 2, first=9 * H + 27 * M)
    std_noise(c, api, "sandbox-ovaldez", "subtitle-aligner", "ghcr.io/ovaldez/subtitle-aligner:nightly", "pull", 18, evict_days=11, blip_pod=False)
    truth(c, "redis-maxmemory-noeviction-in-configmap",
          "transcode workers crash-looping and the job queue is backing up, redis pods themselves look healthy",
          "ConfigMap", "queue", "jobs-redis-configuration",
          "All transcode-worker pods crash with redis 'OOM command not allowed when used memory > maxmemory' while jobs-redis pods are Running/Ready and nowhere near their 1Gi container limit. "
          "The jobs-redis-node pods were rolled ~5.5h ago (new checksum/configmap) and redis.conf in ConfigMap jobs-redis-configuration now sets 'maxmemory 256mb' with 'maxmemory-policy noeviction', so once the queue grows "
          "past 256MB every write is refused. Fix maxmemory (size it to the container limit) / the policy in ConfigMap queue/jobs-redis-configuration and roll the Redis pods.")
    return c


@incident("k8-20", "coredns-custom-hosts-pins-stale-service-ip", "k3s v1.30 (1 server + 5 agents), flannel, local-path, MySQL replication (Bitnami chart)", hard=True)
def f20():
    c = new("k8-20", "2025-05-28T22:46:12Z", 2020)
    srv = ["k3s-erp-srv"]
    ag = ["k3s-erp-ag1", "k3s-erp-ag2", "k3s-erp-ag3", "k3s-erp-ag4", "k3s-erp-ag5"]
    P = cluster(c, "k3s", srv, ag, age=330 * D, net="10.50.0.", cpu=16, mem=64)
    system(c, "k3s", None, P)
    c.sc("local-path", "rancher.io/local-path", None, binding="WaitForFirstConsumer", default=True, ago=329 * D)
    stale = "10.43.118.20"
    c.svcips.add(stale)
    c.cm("kube-system", "coredns-custom", {"erp-migration.override": "# ERP cut-over (CHG-20418): pin primary while old DNS TTLs drain\nhosts {\n    %s erp-mysql-primary.erp-db.svc.cluster.local\n    fallthrough\n}\n" % stale,
                                           "log.override": "log . {\n    class error\n}\n"}, ago=41 * D)
    addon(c, "monitoring", scn="local-path")
    addon(c, "argocd")
    addon(c, "cert-manager")
    c.ns("erp-db", 300 * D, {"team": "erp"})
    c.ns("erp", 300 * D, {"team": "erp"})
    reinstall = 7 * H + 12 * M
    sel = {"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": "erp-mysql", "app.kubernetes.io/name": "mysql"}
    rsel = dict(sel, **{"app.kubernetes.io/component": "secondary"})
    chart = {"app.kubernetes.io/instance": "erp-mysql", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "mysql", "app.kubernetes.io/version": "8.4.2", "helm.sh/chart": "mysql-11.1.15"}
    c.secret("erp-db", "erp-mysql", ["mysql-password", "mysql-replication-password", "mysql-root-password"], labels=chart, ago=reinstall)
    c.helm("erp-db", "erp-mysql", 1, ago=reinstall)
    for comp, s_, n, nodes in (("primary", sel, 1, [ag[0]]), ("secondary", rsel, 1, [ag[1]])):
        name = "erp-mysql-" + comp
        m = ctr("mysql", "docker.io/bitnami/mysql:8.4.2-debian-12-r4", [("mysql", 3306)], ("1", "4Gi"), lim=("2", "6Gi"),
                env=[("MYSQL_ROOT_PASSWORD", ("secret", "erp-mysql", "mysql-root-password")), ("MYSQL_REPLICATION_MODE", "master" if comp == "primary" else "slave"), ("MYSQL_REPLICATION_USER", "replicator"),
                     ("MYSQL_REPLICATION_PASSWORD", ("secret", "erp-mysql", "mysql-replication-password"))] + ([("MYSQL_MASTER_HOST", "erp-mysql-primary"), ("MYSQL_MASTER_PORT_NUMBER", "3306")] if comp == "secondary" else []),
                mounts=[("data", "/bitnami/mysql")], ready=execp(["/bin/bash", "-ec", "mysqladmin ping -uroot -p\"${MYSQL_ROOT_PASSWORD}\""], 5, 10, 3, 1))
        st, ps, pvcs = c.sts("erp-db", name, n, [m], name + "-headless", sel=s_, labels=dict(chart, **{"app.kubernetes.io/component": comp}), nodes=nodes, vct=[("data", "local-path", "150Gi")], sa="erp-mysql",
                             ago=reinstall, pod_ago=reinstall - 2 * M, pvc_ago=200 * D, psc={"fsGroup": 1001})
        c.svc("erp-db", name + "-headless", s_, [("mysql", 3306, "mysql")], headless=True, pnr=True, labels=chart, ago=reinstall)
        c.svc("erp-db", name, s_, [("mysql", 3306, "mysql")], labels=dict(chart, **{"app.kubernetes.io/component": comp}), ago=reinstall)
    for pvc in c.o["persistentvolumeclaims"]:
        if pvc["metadata"]["namespace"] == "erp-db":
            c.get("PersistentVolume", None, pvc["spec"]["volumeName"])["metadata"]["creationTimestamp"] = c.ts(200 * D - 5)
    newip = c.get("Service", "erp-db", "erp-mysql-primary")["spec"]["clusterIP"]
    env = [("DB_HOST", "erp-mysql-primary.erp-db.svc.cluster.local"), ("DB_PORT", "3306"), ("DB_NAME", "erp")]
    fin = app(c, "erp", "erp-finance", 3, "harbor.erp.example/erp/finance-svc:21.4.0", env, nodes=ag, req=("500m", "1Gi"), lim=(None, "2Gi"))
    wh = app(c, "erp", "erp-warehouse", 2, "harbor.erp.example/erp/warehouse-svc:21.4.0", env, nodes=ag, req=("500m", "1Gi"), lim=(None, "2Gi"))
    err = ("java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. Giving up.\n"
           "Caused by: com.mysql.cj.exceptions.CJCommunicationsException: Communications link failure\nCaused by: java.net.SocketTimeoutException: Connect timed out\n"
           "\tat java.base/sun.nio.ch.NioSocketImpl.timedFinishConnect(NioSocketImpl.java:546)\n\tat com.mysql.cj.protocol.StandardSocketFactory.connect(StandardSocketFactory.java:153) [host=erp-mysql-primary.erp-db.svc.cluster.local/%s:3306]\n" % stale)
    for p in fin[2] + wh[2]:
        c.crash(p, "app", 30 + c.r.randint(0, 12), err, exit=1, since=reinstall - 10 * M, last_run=62)
    for d in (fin, wh):
        c.aux[d[0]["metadata"]["uid"]]["since"] = reinstall - 10 * M
    rep = app(c, "erp", "erp-reporting", 1, "harbor.erp.example/erp/reporting-svc:21.4.0", [("DB_HOST", "erp-mysql-secondary.erp-db.svc.cluster.local")], nodes=ag)
    app(c, "erp", "erp-portal", 2, "harbor.erp.example/erp/portal-web:21.4.0", [("API_URL", "http://erp-gateway.erp.svc")], nodes=ag)
    app(c, "erp", "erp-gateway", 2, "harbor.erp.example/erp/gateway:21.4.0", [("FINANCE_URL", "http://erp-finance.erp.svc"), ("WAREHOUSE_URL", "http://erp-warehouse.erp.svc")], nodes=ag)
    addon(c, "kyverno")
    cron_noise(c, "erp-db", "erp-mysql-binlog-purge", "docker.io/bitnami/mysql:8.4.2-debian-12-r4", ["/bin/bash", "-c", "mysql -h erp-mysql-primary -e 'PURGE BINARY LOGS BEFORE NOW() - INTERVAL 3 DAY'"], "0 */12 * * *", 12 * H, 1, first=10 * H + 46 * M)
    std_noise(c, rep, "sandbox-ihansen", "erp-api-mock", "harbor.erp.example/sandbox/erp-api-mock:1.0.0-rc1", "crash", 34, evict_days=14, blip_pod=False)
    truth(c, "coredns-custom-hosts-pins-stale-service-ip",
          "after tonight's mysql chart reinstall the ERP finance and warehouse services can't connect, mysql is up and replication is fine",
          "ConfigMap", "kube-system", "coredns-custom",
          "erp-finance and erp-warehouse time out connecting to erp-mysql-primary.erp-db.svc.cluster.local, resolved to %s - but Service erp-mysql-primary (re-created ~7h ago by the helm reinstall) now has ClusterIP %s and healthy endpoints. "
          "The k3s CoreDNS imports ConfigMap kube-system/coredns-custom, whose erp-migration.override hosts block still pins erp-mysql-primary.erp-db.svc.cluster.local to the old ClusterIP %s (a cut-over leftover), "
          "overriding the kubernetes plugin answer. Remove that hosts entry from ConfigMap coredns-custom." % (stale, newip, stale))
    return c


@incident("k8-21", "image-pull-secret-wrong-type-and-key", "RKE2 v1.30, Canal, Longhorn, on-prem Harbor; pgwatch monitoring for Zalando Postgres")
def f21():
    c = new("k8-21", "2025-04-08T09:18:21Z", 2121)
    cps = ["rke2-ctl-01"]
    wk = ["rke2-node-01", "rke2-node-02", "rke2-node-03", "rke2-node-04"]
    P = cluster(c, "rke2", cps, wk, age=350 * D, cni_kind="canal", net="10.12.30.", cpu=16, mem=64)
    system(c, "rke2", "canal", P, cps=cps)
    longhorn(c)
    addon(c, "monitoring", scn="longhorn")
    zalando_operator(c)
    c.ns("dba-tools", 290 * D, {"team": "dba"})
    c.ns("payments-db", 290 * D, {"team": "payments"})
    c.ns("payments", 290 * D, {"team": "payments"})
    for ns in ("payments", "payments-db"):
        c.secret(ns, "harbor-pull", [".dockerconfigjson"], "kubernetes.io/dockerconfigjson", ago=120 * D, labels={"app.kubernetes.io/managed-by": "external-secrets"})
    recreated = 1 * H + 47 * M
    c.secret("dba-tools", "harbor-pull", ["config.json"], "Opaque", ago=recreated, labels={"created-by": "rotate-harbor-robot.sh"})
    c.get("ServiceAccount", "dba-tools", "default")["imagePullSecrets"] = [{"name": "harbor-pull"}]
    zalando(c, "payments-db", "payments-pg", "longhorn", wk[1:], "payments", pod_ago=15 * D)
    img = "harbor.corp.example/dba/pgwatch:3.0.2"
    c.cm("dba-tools", "pgwatch-sources", {"sources.yaml": "- name: payments-pg\n  conn_str: postgresql://pgwatch@payments-pg.payments-db.svc:5432/payments\n  kind: postgres\n  preset_metrics: full\n  is_enabled: true\n"})
    d = c.deploy("dba-tools", "pgwatch", 1, [ctr("pgwatch", img, [("http", 8080), ("metrics", 9187)], ("100m", "128Mi"), lim=(None, "512Mi"), args=["--sources=/etc/pgwatch/sources.yaml", "--sink=prometheus://0.0.0.0:9187/pgwatch"],
                                                 mounts=[("sources", "/etc/pgwatch")])],
                 sel={"app.kubernetes.io/name": "pgwatch"}, nodes=wk, vols=[v_cm("sources", "pgwatch-sources")], rs_ago=recreated - 9 * M, rev=4, extra={"imagePullSecrets": [{"name": "harbor-pull"}]})
    p = d[2][0]
    node = p["spec"]["nodeName"]
    c.waiting(p, "pgwatch", "ImagePullBackOff", 'Back-off pulling image "%s"' % img)
    fm = ('Failed to pull image "%s": failed to pull and unpack image "%s": failed to resolve reference "%s": pull access denied, repository does not exist or may require authorization: '
          'authorization failed: no basic auth credentials') % (img, img, img)
    c.ev(p, "Failed", fm, "Warning", count=19, first=recreated - 9 * M, last=c.r.randint(60, 400), host=node, field="spec.containers{pgwatch}")
    c.ev(p, "Failed", "Error: ErrImagePull", "Warning", count=19, first=recreated - 9 * M, last=c.r.randint(60, 400), host=node, field="spec.containers{pgwatch}")
    c.ev(p, "BackOff", 'Back-off pulling image "%s"' % img, "Normal", count=410, first=recreated - 9 * M, last=c.r.randint(5, 60), host=node, field="spec.containers{pgwatch}")
    c.ev(p, "Pulling", 'Pulling image "%s"' % img, "Normal", count=20, first=recreated - 9 * M, last=c.r.randint(60, 400), host=node, field="spec.containers{pgwatch}")
    c.aux[d[0]["metadata"]["uid"]]["since"] = recreated - 9 * M
    c.aux[d[0]["metadata"]["uid"]]["progress"] = "ProgressDeadlineExceeded"
    c.svc("dba-tools", "pgwatch", {"app.kubernetes.io/name": "pgwatch"}, [("metrics", 9187, "metrics")])
    pa = app(c, "payments", "payments-gateway", 3, "harbor.corp.example/payments/gateway:11.0.3", [("PGHOST", "payments-pg.payments-db.svc")], nodes=wk)
    for x in pa[2]:
        x["spec"]["imagePullSecrets"] = [{"name": "harbor-pull"}]
    pa[0]["spec"]["template"]["spec"]["imagePullSecrets"] = [{"name": "harbor-pull"}]
    app(c, "payments", "payments-ledger", 2, "harbor.corp.example/payments/ledger:11.0.3", [("PGHOST", "payments-pg.payments-db.svc")], nodes=wk, svc=False)
    cron_noise(c, "dba-tools", "pg-stat-snapshot", "docker.io/library/postgres:16.4-alpine", ["psql", "-h", "payments-pg.payments-db.svc", "-c", "select pg_stat_statements_reset()"], "0 0 * * *", D, 2, first=9 * H + 18 * M)
    std_noise(c, pa, "sandbox-tnovak", "pg-explain-viz", "harbor.corp.example/sandbox/pev2:dev", "pull", 29, evict_days=4)
    truth(c, "image-pull-secret-wrong-type-and-key",
          "our pgwatch collector won't start after the harbor robot credential rotation, no DB metrics for payments since",
          "Secret", "dba-tools", "harbor-pull",
          "pgwatch is in ImagePullBackOff: 'pull access denied ... authorization failed: no basic auth credentials' from harbor.corp.example, i.e. the kubelet sent no credentials. The pod does reference imagePullSecrets [harbor-pull] "
          "(Deployment and the namespace's default ServiceAccount), but Secret dba-tools/harbor-pull was re-created ~1h47m ago by the rotation script as type Opaque with a key 'config.json'; the kubelet only uses "
          "kubernetes.io/dockerconfigjson secrets with a .dockerconfigjson key (as in payments/payments-db). Recreate Secret dba-tools/harbor-pull as type kubernetes.io/dockerconfigjson with key .dockerconfigjson.")
    return c


def gke_setup(c):
    c.aux["zones"] = ["us-central1-a", "us-central1-b", "us-central1-c"]
    c.aux["apiserver_host"] = "172.16.0.2"
    c.aux["apiserver_ips"] = ["172.16.0.2"]
    c.aux["gcp_project"] = "acme-prod-314159"
    c.aux["cloudlabels"] = lambda n, z, role: {"cloud.google.com/gke-nodepool": n.split("-")[2] + "-pool" if False else "-".join(n.split("-")[2:-2]), "cloud.google.com/machine-family": "e2",
                                               "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
                                               "node.kubernetes.io/instance-type": "e2-standard-8", "topology.gke.io/zone": z, "cloud.google.com/gke-provisioning": "standard"}
    c.aux["provider"] = lambda n, i: "gce://acme-prod-314159/%s/%s" % (c.aux["zones"][i % 3], n)
    c.aux["alloccpu"] = {8: "7910m"}


@incident("k8-22", "statefulset-readiness-probe-uses-removed-mongo-shell", "GKE v1.30 (Dataplane V2), PD CSI, MongoDB replica set (hand-rolled StatefulSet)")
def f22():
    c = new("k8-22", "2025-03-06T16:22:30Z", 2222)
    gke_setup(c)
    nodes = ["gke-prod-default-pool-3f1c9a2e-x7k9", "gke-prod-default-pool-3f1c9a2e-m2qd", "gke-prod-default-pool-3f1c9a2e-tz8w", "gke-prod-db-pool-8b27d4c1-4lqp", "gke-prod-db-pool-8b27d4c1-n9vc", "gke-prod-db-pool-8b27d4c1-r6kj"]
    P = cluster(c, "gke", [], nodes, age=420 * D, net="10.128.0.", cpu=8, mem=32)
    cloud_system(c, "gke", P)
    addon(c, "cert-manager")
    addon(c, "ingress-nginx", lb="34.118.77.201")
    addon(c, "argocd")
    addon(c, "external-secrets")
    addon(c, "kyverno")
    c.ns("catalog-db", 380 * D, {"team": "catalog"})
    c.ns("catalog", 380 * D, {"team": "catalog"})
    dbn = nodes[3:]
    for n in dbn:
        c.get("Node", None, n)["metadata"]["labels"]["workload"] = "database"
    sel = {"app": "catalog-mongo"}
    c.secret("catalog-db", "catalog-mongo-keyfile", ["keyfile"])
    c.secret("catalog-db", "catalog-mongo-admin", ["password", "username"])
    probe = execp(["mongo", "--quiet", "--eval", "db.adminCommand('ping').ok"], 20, 10, 6, 5)
    mk = lambda img: ctr("mongod", img, [("mongodb", 27017)], ("1", "6Gi"), lim=("2", "8Gi"), args=["--replSet", "rs0", "--bind_ip_all", "--keyFile", "/etc/mongo-keyfile/keyfile", "--wiredTigerCacheSizeGB", "3"],
                         env=[("MONGO_INITDB_ROOT_USERNAME", ("secret", "catalog-mongo-admin", "username")), ("MONGO_INITDB_ROOT_PASSWORD", ("secret", "catalog-mongo-admin", "password"))],
                         mounts=[("data", "/data/db"), ("keyfile", "/etc/mongo-keyfile", True)], ready=probe, live=tcp(27017, 30, 20, 6, 5))
    upd = 2 * H + 6 * M
    init = [ctr("keyfile-perms", "docker.io/library/busybox:1.36.1", cmd=["sh", "-c", "cp /keyfile-src/keyfile /etc/mongo-keyfile/keyfile && chmod 400 /etc/mongo-keyfile/keyfile && chown 999:999 /etc/mongo-keyfile/keyfile"], mounts=[("keyfile-src", "/keyfile-src", True), ("keyfile", "/etc/mongo-keyfile")])]
    st, pods, pvcs = c.sts("catalog-db", "catalog-mongo", 3, [mk("docker.io/library/mongo:6.0.16")], "catalog-mongo", sel=sel, labels={"app": "catalog-mongo", "app.kubernetes.io/managed-by": "kustomize"}, nodes=dbn,
                           vct=[("data", "premium-rwo", "200Gi")], sa="catalog-mongo", pod_ago=upd - 3 * M, init=init, vols=[v_sec("keyfile-src", "catalog-mongo-keyfile"), v_empty("keyfile")],
                           nsel={"workload": "database"}, tol=[{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "database"}], gen=7,
                           aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": sel}, "topologyKey": "kubernetes.io/hostname"}]}})
    oldrev = "catalog-mongo-" + c.sfx(10)
    newrev = st["status"]["updateRevision"]
    st["status"]["currentRevision"] = oldrev
    for p in pods[:2]:
        p["metadata"]["labels"]["controller-revision-hash"] = oldrev
        p["metadata"]["creationTimestamp"] = c.ts(51 * D + c.r.randint(0, 3000))
        for cc in p["spec"]["containers"]:
            cc["image"] = "docker.io/library/mongo:5.0.28"
        c.run(p)
    p2 = pods[2]
    c.notready(p2, "mongod", upd - 3 * M + 40)
    rmsg = ('Readiness probe errored: rpc error: code = Unknown desc = failed to exec in container: failed to start exec "%s": OCI runtime exec failed: exec failed: unable to start container process: exec: "mongo": executable file not found in $PATH: unknown' % c.hexs(64))
    c.ev(p2, "Unhealthy", rmsg, "Warning", count=744, first=upd - 3 * M, last=c.r.randint(3, 12), host=p2["spec"]["nodeName"], field="spec.containers{mongod}")
    c.svc("catalog-db", "catalog-mongo", sel, [("mongodb", 27017, 27017)], headless=True, labels={"app": "catalog-mongo"})
    api = app(c, "catalog", "catalog-api", 3, "us-docker.pkg.dev/acme-prod-314159/apps/catalog-api:8.2.0",
              [("MONGODB_URI", "mongodb://catalog-mongo-0.catalog-mongo.catalog-db.svc,catalog-mongo-1.catalog-mongo.catalog-db.svc,catalog-mongo-2.catalog-mongo.catalog-db.svc/catalog?replicaSet=rs0")], nodes=nodes[:3])
    app(c, "catalog", "catalog-search-sync", 1, "us-docker.pkg.dev/acme-prod-314159/apps/search-sync:8.2.0", [("MONGODB_URI", "mongodb://catalog-mongo.catalog-db.svc/catalog?replicaSet=rs0")], nodes=nodes[:3], svc=False)
    cron_noise(c, "catalog-db", "catalog-mongo-dump", "docker.io/library/mongo:5.0.28", ["mongodump", "--uri=mongodb://catalog-mongo-1.catalog-mongo:27017/?replicaSet=rs0", "--gzip", "--archive=/backup/catalog.gz"], "0 2 * * *", D, 2, first=14 * H + 22 * M)
    std_noise(c, api, "sandbox-yito", "recsys-notebook", "us-docker.pkg.dev/acme-prod-314159/sandbox/recsys-nb:wip", "pull", 20, evict_days=7)
    truth(c, "statefulset-readiness-probe-uses-removed-mongo-shell",
          "catalog mongo rolling upgrade has been stuck on the first member for two hours, rollout never moves on",
          "StatefulSet", "catalog-db", "catalog-mongo",
          "The StatefulSet's updateRevision differs from currentRevision: catalog-mongo-2 runs the new image mongo:6.0.16 and is Running but never Ready, so the RollingUpdate stops there (0/1 still on mongo:5.0.28). "
          "Unhealthy events: 'exec: \"mongo\": executable file not found in $PATH' - the readinessProbe still runs the legacy mongo shell, which is no longer shipped since MongoDB 6.0 (mongosh replaces it). "
          "Fix the StatefulSet's readinessProbe to use mongosh (e.g. mongosh --quiet --eval ...).")
    return c


def eks_setup(c, acct="381427956061"):
    c.aux["zones"] = ["us-east-1a", "us-east-1b", "us-east-1c"]
    c.aux["aws_acct"] = acct
    c.aux["region"] = "us-east-1"
    c.aux["apiserver_ips"] = ["10.0.54.17", "10.0.91.203"]
    c.aux["cloudlabels"] = lambda n, z, role: {"eks.amazonaws.com/nodegroup": "db-ng" if "db" in role else "general-ng", "eks.amazonaws.com/capacityType": "ON_DEMAND",
                                               "eks.amazonaws.com/nodegroup-image": "ami-0c3d4a1e9f2b7d615", "node.kubernetes.io/instance-type": "m6i.2xlarge",
                                               "topology.ebs.csi.aws.com/zone": z, "topology.k8s.aws/zone-id": {"us-east-1a": "use1-az4", "us-east-1b": "use1-az6", "us-east-1c": "use1-az1"}[z], "k8s.io/cloud-provider-aws": c.hexs(32)}
    c.aux["provider"] = lambda n, i: "aws:///%s/i-0%s" % (c.aux["zones"][i % 3], c.hexs(16))
    c.aux["alloccpu"] = {8: "7910m"}


@incident("k8-23", "irsa-serviceaccount-role-arn-wrong-account", "EKS v1.30, VPC CNI, EBS CSI (gp3), CloudNativePG + S3 dump CronJob")
def f23():
    c = new("k8-23", "2025-04-29T03:31:44Z", 2323)
    eks_setup(c)
    nodes = ["ip-10-0-12-34.ec2.internal", "ip-10-0-45-101.ec2.internal", "ip-10-0-77-9.ec2.internal", "ip-10-0-13-220.ec2.internal", "ip-10-0-46-58.ec2.internal"]
    P = cluster(c, "eks", [], nodes, age=390 * D, net="", cpu=8, mem=32)
    cloud_system(c, "eks", P)
    metrics_server(c)
    addon(c, "monitoring", scn="gp3")
    addon(c, "external-secrets")
    c.get("ServiceAccount", "external-secrets", "external-secrets")["metadata"]["annotations"] = {"eks.amazonaws.com/role-arn": "arn:aws:iam::381427956061:role/prod-external-secrets"}
    addon(c, "velero")
    c.get("ServiceAccount", "velero", "velero-server")["metadata"]["annotations"] = {"eks.amazonaws.com/role-arn": "arn:aws:iam::381427956061:role/prod-velero"}
    cnpg_operator(c)
    c.ns("warehouse-db", 300 * D, {"team": "data"})
    c.ns("warehouse", 300 * D, {"team": "data"})
    cnpg(c, "warehouse-db", "warehouse-pg", 3, "gp3", "500Gi", nodes[2:] if False else nodes, pod_ago=11 * D, req=("2", "8Gi"), lim=(None, "12Gi"))
    recreated = 3 * D + 5 * H
    sa = c.sa("warehouse-db", "pg-dump-s3", recreated, ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::318274619560:role/warehouse-pg-dump", "eks.amazonaws.com/sts-regional-endpoints": "true"},
              labels={"app.kubernetes.io/managed-by": "Helm"})
    img = "ghcr.io/acme-data/pg-dump-s3:16.4-aws2.17"
    ctrs = [ctr("dump", img, req=("500m", "512Mi"), lim=(None, "2Gi"), cmd=["/bin/bash", "-c", "set -euo pipefail\npg_dump -Fc -h warehouse-pg-ro -U app app | aws s3 cp - s3://acme-prod-db-dumps/warehouse/$(date +%F)/warehouse.dump --expected-size 200000000000\n"],
                env=[("PGPASSWORD", ("secret", "warehouse-pg-app", "password"))])]
    runs = [(5 * D + 29 * M, "complete"), (4 * D + 29 * M, "complete"), (3 * D + 29 * M, "complete"), (2 * D + 29 * M, "failed"), (D + 29 * M, "failed"), (29 * M, "failed")]
    fm = ("upload failed: - to s3://acme-prod-db-dumps/warehouse/2025-04-29/warehouse.dump An error occurred (AccessDenied) when calling the AssumeRoleWithWebIdentity operation: Not authorized to perform sts:AssumeRoleWithWebIdentity\n"
          "pg_dump: error: could not write to output file: Broken pipe\n")
    cj, jobs = c.cron("warehouse-db", "warehouse-pg-s3-dump", "0 3 * * *", ctrs, runs, sa="pg-dump-s3", backoff=1, dur=40, hist=(3, 3), fail_msg=fm, labels={"app.kubernetes.io/name": "warehouse-pg-s3-dump"})
    for j, ps in jobs:
        for p in ps:
            vn = "aws-iam-token"
            p["spec"]["volumes"].insert(0, {"name": vn, "projected": {"defaultMode": 420, "sources": [{"serviceAccountToken": {"audience": "sts.amazonaws.com", "expirationSeconds": 86400, "path": "token"}}]}})
            for cc in p["spec"]["containers"]:
                cc["env"] += [{"name": "AWS_STS_REGIONAL_ENDPOINTS", "value": "regional"}, {"name": "AWS_DEFAULT_REGION", "value": "us-east-1"}, {"name": "AWS_REGION", "value": "us-east-1"},
                              {"name": "AWS_ROLE_ARN", "value": "arn:aws:iam::%s:role/warehouse-pg-dump" % ("381427956061" if p["status"]["phase"] == "Succeeded" else "318274619560")},
                              {"name": "AWS_WEB_IDENTITY_TOKEN_FILE", "value": "/var/run/secrets/eks.amazonaws.com/serviceaccount/token"}]
                cc["volumeMounts"].insert(0, {"mountPath": "/var/run/secrets/eks.amazonaws.com/serviceaccount", "name": vn, "readOnly": True})
    lastj = jobs[-1][0]
    c.ev(lastj, "BackoffLimitExceeded", "Job has reached the specified backoff limit", "Warning", first=60, last=60, comp="job-controller")
    c.ev(cj, "SawCompletedJob", "Saw completed job: %s, status: Failed" % lastj["metadata"]["name"], first=58, last=58, comp="cronjob-controller")
    c.ns("warehouse-verify", 290 * D, {"team": "data"})
    vj = c.cron("warehouse-verify", "dump-freshness-check", "30 3 * * *", [ctr("check", "ghcr.io/acme-data/dump-verify:1.3.0", cmd=["/check-freshness", "--bucket=acme-prod-db-dumps", "--prefix=warehouse/", "--max-age=26h"], req=("50m", "64Mi"))],
                [(D + 2 * M, "failed")], backoff=0, dur=15, hist=(3, 1), fail_msg="FAIL: newest object under s3://acme-prod-db-dumps/warehouse/ is 2025-04-26/warehouse.dump (age 48h12m > 26h)\n")
    etl = app(c, "warehouse", "dbt-runner", 1, "ghcr.io/acme-data/dbt-runner:1.8.7", [("DBT_HOST", "warehouse-pg-rw.warehouse-db.svc")], nodes=nodes, svc=False)
    app(c, "warehouse", "metabase", 2, "metabase/metabase:v0.50.21", [("MB_DB_HOST", "warehouse-pg-ro.warehouse-db.svc")], nodes=nodes, port=3000)
    std_noise(c, etl, "sandbox-pmartin", "duckdb-lab", "ghcr.io/pmartin/duckdb-lab:0.1", "crash", 22, evict_days=6, blip_pod=False)
    truth(c, "irsa-serviceaccount-role-arn-wrong-account",
          "nightly warehouse dumps to S3 have been failing for three nights, the freshness check is red",
          "ServiceAccount", "warehouse-db", "pg-dump-s3",
          "The warehouse-pg-s3-dump jobs fail with 'AccessDenied when calling the AssumeRoleWithWebIdentity operation: Not authorized to perform sts:AssumeRoleWithWebIdentity'. The failing pods get AWS_ROLE_ARN "
          "arn:aws:iam::318274619560:role/warehouse-pg-dump injected from ServiceAccount pg-dump-s3, which was re-created 3 days ago (when the failures start) with the wrong AWS account id - every other IRSA role in this "
          "cluster (ebs-csi, external-secrets, velero, and the last successful dump pods) uses account 381427956061. The freshness-check failure is a consequence. Fix the eks.amazonaws.com/role-arn annotation on ServiceAccount warehouse-db/pg-dump-s3.")
    return c


@incident("k8-24", "new-resourcequota-requires-limits-backup-job-rejected", "Talos v1.7 (Kubernetes v1.30), flannel, OpenEBS hostpath, PostgreSQL (Bitnami chart)")
def f24():
    c = new("k8-24", "2025-02-03T02:38:15Z", 2424)
    cps = ["tcp-01"]
    wk = ["tw-01", "tw-02", "tw-03", "tw-04"]
    P = cluster(c, "talos", cps, wk, age=260 * D, cni_kind="flannel", net="10.3.3.", cpu=16, mem=64)
    system(c, "talos", "flannel", P, cps=cps)
    openebs(c)
    addon(c, "monitoring", scn="openebs-hostpath")
    addon(c, "ingress-nginx", nodes=wk)
    addon(c, "kyverno")
    addon(c, "cert-manager")
    c.ns("crm-db", 240 * D, {"team": "crm"})
    c.ns("crm", 240 * D, {"team": "crm"})
    bitnami_pg(c, "crm-db", "crm-pg", "openebs-hostpath", "120Gi", nodes=[wk[1]], read=1, pod_ago=30 * D)
    c.pvc("crm-db", "crm-pg-backups", "openebs-hostpath", "300Gi", wk[1], 200 * D)
    qago = 5 * H + 12 * M
    c.quota("crm-db", "crm-db-compute", {"requests.cpu": "6", "requests.memory": "12Gi", "limits.cpu": "12", "limits.memory": "24Gi", "pods": "20"}, ago=qago,
            labels={"app.kubernetes.io/managed-by": "kyverno", "generate.kyverno.io/policy-name": "namespace-quota-defaults"}, ann={"policies.kyverno.io/last-applied-patches": ""})
    img = "docker.io/bitnami/postgresql:16.4.0-debian-12-r9"
    bctr = [ctr("pg-dump", img, cmd=["/bin/bash", "-c", "pg_dump -Fc -h crm-pg-postgresql-primary -U postgres crm > /backups/crm-$(date +%F-%H%M).dump && find /backups -mtime +7 -delete"],
                env=[("PGPASSWORD", ("secret", "crm-pg-postgresql", "postgres-password"))], mounts=[("backups", "/backups")])]
    cj, jobs = c.cron("crm-db", "crm-pg-backup", "0 2 * * *", bctr, [(3 * D + 38 * M, "complete"), (2 * D + 38 * M, "complete"), (D + 38 * M, "complete"), (38 * M, "none")], sa="default", backoff=3, dur=600, hist=(3, 1),
                      vols=[v_pvc("backups", "crm-pg-backups")])
    j = jobs[-1][0]
    cj["status"]["active"] = [{"apiVersion": "batch/v1", "kind": "Job", "name": j["metadata"]["name"], "namespace": "crm-db", "resourceVersion": j["metadata"]["resourceVersion"], "uid": j["metadata"]["uid"]}]
    c.ev(cj, "SuccessfulCreate", "Created job " + j["metadata"]["name"], first=38 * M, last=38 * M, comp="cronjob-controller")
    c.ev(j, "FailedCreate", 'Error creating: pods "%s-%s" is forbidden: failed quota: crm-db-compute: must specify limits.cpu for: pg-dump; limits.memory for: pg-dump' % (j["metadata"]["name"], c.sfx(5)),
         "Warning", count=9, first=38 * M, last=c.r.randint(30, 400), comp="job-controller")
    api = app(c, "crm", "crm-api", 3, "registry.corp.example/crm/crm-api:5.6.0", [("DB_HOST", "crm-pg-postgresql-primary.crm-db.svc"), ("DB_RO_HOST", "crm-pg-postgresql-read.crm-db.svc")], nodes=wk)
    app(c, "crm", "crm-web", 2, "registry.corp.example/crm/crm-web:5.6.0", [("API_URL", "http://crm-api.crm.svc")], nodes=wk)
    app(c, "crm", "crm-mailer", 1, "registry.corp.example/crm/crm-mailer:5.6.0", [("DB_HOST", "crm-pg-postgresql-primary.crm-db.svc")], nodes=wk, svc=False)
    std_noise(c, api, "sandbox-aolsen", "lead-scoring-poc", "registry.corp.example/sandbox/lead-scoring:0.2.0", "crash", 26, evict_days=10)
    truth(c, "new-resourcequota-requires-limits-backup-job-rejected",
          "tonight's crm postgres backup never ran - the job exists but no pod was ever created",
          "ResourceQuota", "crm-db", "crm-db-compute",
          "Job %s (from CronJob crm-pg-backup) has no pods; job-controller reports FailedCreate: 'forbidden: failed quota: crm-db-compute: must specify limits.cpu for: pg-dump; limits.memory for: pg-dump'. "
          "ResourceQuota crm-db-compute was generated ~5h ago (Kyverno namespace defaults) with limits.cpu/limits.memory, which makes every new pod in crm-db declare limits; the backup container has never had any, and the last three nightly runs succeeded before the quota existed. "
          "The quota change is what broke the backup: remove/relax the limits.* entries of ResourceQuota crm-db/crm-db-compute (or add a LimitRange with defaults) so the backup pod can be admitted." % j["metadata"]["name"])
    return c


@incident("k8-25", "log-agent-daemonset-cpu-request-starves-db-rescheduling", "kubeadm v1.30 on vSphere, Calico, vSphere CSI, Elasticsearch (ECK operator) + Vector", hard=True)
def f25():
    c = new("k8-25", "2025-06-26T11:48:03Z", 2525)
    cps = ["vk-cp-1"]
    wk = ["vk-wk-1", "vk-wk-2", "vk-wk-3", "vk-wk-4"]
    reboot = 52 * M
    P = cluster(c, "kubeadm", cps, wk, age=440 * D, cni_kind="calico", net="10.44.7.", cpu=4, mem=32, boot={"vk-wk-2": reboot})
    system(c, "kubeadm", "calico", P, infra="vsphere", cps=cps)
    c.ns("observability", 380 * D, {"team": "platform"})
    upd = 3 * H + 25 * M
    c.cm("observability", "vector", {"vector.yaml": "data_dir: /vector-data-dir\nsources:\n  kubernetes_logs:\n    type: kubernetes_logs\ntransforms:\n  parse:\n    type: remap\n    inputs: [kubernetes_logs]\n    source: |\n      . = parse_json(.message) ?? .\nsinks:\n  es:\n    type: elasticsearch\n    inputs: [parse]\n    endpoints: [https://search-es-http.search.svc:9200]\n    mode: bulk\n    bulk:\n      index: \"logs-%Y.%m.%d\"\n"})
    vd, vpods = c.ds("observability", "vector", [ctr("vector", "timberio/vector:0.40.1-distroless-libc", [("prom-exporter", 9090)], ("1500m", "1Gi"), lim=("2", "2Gi"), args=["--config-dir", "/etc/vector/"],
                                                     env=[("VECTOR_SELF_NODE_NAME", ("field", "spec.nodeName")), ("VECTOR_SELF_POD_NAME", ("field", "metadata.name")), ("VECTOR_SELF_POD_NAMESPACE", ("field", "metadata.namespace")), ("PROCFS_ROOT", "/host/proc"), ("SYSFS_ROOT", "/host/sys")],
                                                     mounts=[("data", "/vector-data-dir"), ("config", "/etc/vector/", True), ("var-log", "/var/log/", True), ("var-lib", "/var/lib", True)])],
                     {"app.kubernetes.io/component": "Agent", "app.kubernetes.io/instance": "vector", "app.kubernetes.io/name": "vector"}, sa="vector", tol=TOL_ALL, gen=7, pod_ago=upd - 20 * M,
                     vols=[v_host("data", "/var/lib/vector"), v_cm("config", "vector"), v_host("var-log", "/var/log/"), v_host("var-lib", "/var/lib/")],
                     tann={"checksum/config": c.hexs(64)}, ann={"meta.helm.sh/release-name": "vector", "meta.helm.sh/release-namespace": "observability"})
    c.helm("observability", "vector", 7, last_ago=upd)
    for p in vpods:
        if p["spec"]["nodeName"] == "vk-wk-2":
            p["metadata"]["creationTimestamp"] = c.ts(reboot - 2 * M)
            c.run(p)
    addon(c, "monitoring", scn="vsphere-csi")
    c.ns("elastic-system", 380 * D)
    c.sts("elastic-system", "elastic-operator", 1, [ctr("manager", "docker.elastic.co/eck/eck-operator:2.14.0", [("https-webhook", 9443)], ("100m", "150Mi"), lim=("1", "1Gi"), args=["manager", "--config=/conf/eck.yaml"], mounts=[("conf", "/conf", True)])],
          "elastic-operator", sel={"control-plane": "elastic-operator"}, sa="elastic-operator", vols=[v_cm("conf", "elastic-operator")])
    c.cm("elastic-system", "elastic-operator", {"eck.yaml": "log-verbosity: 0\nmetrics-port: 0\ncontainer-registry: docker.elastic.co\nmax-concurrent-reconciles: 3\nenable-webhook: true\n"})
    c.ns("search", 360 * D, {"team": "search"})
    es = c.crd("elasticsearch.k8s.elastic.co/v1", "Elasticsearch", "search")
    for sn in ("search-es-elastic-user", "search-es-http-certs-internal", "search-es-transport-certs-public", "search-es-internal-users"):
        c.secret("search", sn, ["elastic"] if "user" in sn else ["ca.crt", "tls.crt", "tls.key"], owner=es, labels={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "search"})
    pend = None
    for ss, n, req, nodes in (("master", 3, ("500m", "2Gi"), [wk[0], wk[2], wk[3]]), ("data", 3, ("2", "8Gi"), [wk[0], wk[1], wk[2]])):
        name = "search-es-" + ss
        sel = {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "search", "elasticsearch.k8s.elastic.co/statefulset-name": name}
        pl = dict(sel, **{"elasticsearch.k8s.elastic.co/node-master": str(ss == "master").lower(), "elasticsearch.k8s.elastic.co/node-data": str(ss == "data").lower(), "elasticsearch.k8s.elastic.co/version": "8.15.1"})
        ec = ctr("elasticsearch", "docker.elastic.co/elasticsearch/elasticsearch:8.15.1", [("https", 9200), ("transport", 9300)], req, lim=(None, req[1]),
                 env=[("POD_IP", ("field", "status.podIP")), ("POD_NAME", ("field", "metadata.name")), ("NODE_NAME", ("field", "metadata.name")), ("NAMESPACE", ("field", "metadata.namespace")), ("PROBE_PASSWORD_PATH", "/mnt/elastic-internal/pod-mounted-users/elastic-internal-probe"), ("HEADLESS_SERVICE_NAME", name)],
                 mounts=[("elasticsearch-data", "/usr/share/elasticsearch/data"), ("elasticsearch-logs", "/usr/share/elasticsearch/logs")],
                 ready=execp(["bash", "-c", "/mnt/elastic-internal/scripts/readiness-port-script.sh"], 10, 5, 3, 5))
        st, pods, _ = c.sts("search", name, n, [ec], name, sel=sel, tlabels=pl, labels=sel, nodes=nodes, vct=[("elasticsearch-data", "vsphere-csi", "50Gi" if ss == "master" else "1Ti")], sa="default", owner=es,
                            vols=[v_empty("elasticsearch-logs")], pod_ago=21 * D, pmp="Parallel", init=[ctr("elastic-internal-init-filesystem", "docker.elastic.co/elasticsearch/elasticsearch:8.15.1", cmd=["bash", "-c", "/mnt/elastic-internal/scripts/prepare-fs.sh"], req=("100m", "50Mi"), lim=("100m", "50Mi"))])
        c.svc("search", name, sel, [("https", 9200, 9200)], headless=True, pnr=True, labels=sel, owner=es)
        if ss == "data":
            pend = pods[1]
    c.svc("search", "search-es-http", {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "search"}, [("https", 9200, 9200)], labels={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "search"}, owner=es)
    c.svc("search", "search-es-transport", {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "search"}, [("tls-transport", 9300, 9300)], headless=True, labels={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "search"}, owner=es)
    pend["metadata"]["creationTimestamp"] = c.ts(reboot - 1 * M)
    msg = sched_msg(5, [(1, "node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"), (4, "Insufficient cpu")])
    failsched(c, pend, msg, reboot - 1 * M, count=33)
    c.ev(c.get("Node", None, "vk-wk-2"), "Rebooted", "Node vk-wk-2 has been rebooted, boot id: %s" % c.get("Node", None, "vk-wk-2")["status"]["nodeInfo"]["bootID"], "Warning", first=reboot - 30, last=reboot - 30, host="vk-wk-2")
    kb = c.crd("kibana.k8s.elastic.co/v1", "Kibana", "search")
    c.deploy("search", "search-kb", 1, [ctr("kibana", "docker.elastic.co/kibana/kibana:8.15.1", [("https", 5601)], ("500m", "1Gi"), lim=(None, "1Gi"), ready=http("/login", 5601, 10, 10, 3, 5, "HTTPS"))],
             sel={"common.k8s.elastic.co/type": "kibana", "kibana.k8s.elastic.co/name": "search"}, owner=kb, nodes=[wk[3]])
    api = app(c, "search", "search-api", 2, "harbor.corp.example/search/search-api:3.3.0", [("ES_URL", "https://search-es-http.search.svc:9200")], nodes=[wk[3], wk[2]], req=("100m", "256Mi"))
    std_noise(c, api, "sandbox-hlund", "ltr-trainer", "harbor.corp.example/sandbox/ltr-trainer:exp3", "pull", 33, evict_days=5, blip_pod=False)
    truth(c, "log-agent-daemonset-cpu-request-starves-db-rescheduling",
          "elasticsearch has been yellow since vk-wk-2 rebooted, one data node pod is stuck Pending",
          "DaemonSet", "observability", "vector",
          "search-es-data-1 (requests 2 CPU) has been Pending since the reboot: FailedScheduling '4 Insufficient cpu' on all four 4-CPU workers. The vector DaemonSet was upgraded ~3.5h ago (generation 7, new pods everywhere) and now "
          "requests 1500m CPU / 1Gi per node (limits 2 CPU) - combined with calico-node and the existing ES/Kibana pods that leaves <2 CPU allocatable on every worker, so the evicted data node can't come back. "
          "Reduce the vector DaemonSet's CPU request (it was a few hundred millicores) so search-es-data-1 fits.")
    return c


@incident("k8-26", "worker-deployment-scale-up-exhausts-postgres-connections", "kubeadm v1.30 bare metal, Cilium, Rook-Ceph, PostgreSQL (Bitnami chart)", hard=True)
def f26():
    c = new("k8-26", "2025-01-09T14:12:29Z", 2626)
    cps = ["bm-m-01"]
    wk = ["bm-n-01", "bm-n-02", "bm-n-03", "bm-n-04"]
    P = cluster(c, "kubeadm", cps, wk, age=700 * D, cni_kind="cilium", net="10.2.64.", cpu=32, mem=128)
    system(c, "kubeadm", "cilium", P, cps=cps)
    rook(c, wk[:3])
    addon(c, "monitoring", scn="ceph-block")
    c.ns("platform-db", 500 * D, {"team": "platform"})
    c.ns("ingest", 480 * D, {"team": "data"})
    c.ns("accounts", 480 * D, {"team": "accounts"})
    c.cm("platform-db", "platform-pg-postgresql-extended-configuration", {"override.conf": "max_connections = 300\nshared_buffers = 8GB\neffective_cache_size = 24GB\nwork_mem = 16MB\nsuperuser_reserved_connections = 3\nidle_in_transaction_session_timeout = 300000\n"},
         labels={"app.kubernetes.io/instance": "platform-pg", "app.kubernetes.io/name": "postgresql"}, ago=400 * D)
    bitnami_pg(c, "platform-db", "platform-pg", "ceph-block", "500Gi", nodes=[wk[3]], pod_ago=35 * D, extra_cm="platform-pg-postgresql-extended-configuration")
    scale = 41 * M
    env = [("DATABASE_URL", "postgres://ingest@platform-pg-postgresql.platform-db.svc.cluster.local:5432/platform"), ("DB_POOL_SIZE", "25"), ("KAFKA_BROKERS", "kafka-0.kafka.corp.example:9092")]
    dep = app(c, "ingest", "ingest-worker", 16, "harbor.corp.example/data/ingest-worker:7.8.2", env, nodes=wk, svc=False, rs_ago=9 * D, rev=6, probe=False)
    d, rs, pods = dep
    for p in pods[3:]:
        p["metadata"]["creationTimestamp"] = c.ts(scale - c.r.randint(0, 40))
        c.run(p)
    c.ev(d, "ScalingReplicaSet", "Scaled up replica set %s to 16 from 3" % rs["metadata"]["name"], first=scale, last=scale, comp="deployment-controller")
    for p in pods[3:]:
        c.ev(p, "Scheduled", "Successfully assigned ingest/%s to %s" % (p["metadata"]["name"], p["spec"]["nodeName"]), first=c.oago(p), last=c.oago(p), comp="default-scheduler")
    c.ev(rs, "SuccessfulCreate", "Created pod: %s" % pods[-1]["metadata"]["name"], count=13, first=scale, last=scale - 40, comp="replicaset-controller")
    e1 = "Error: FATAL: sorry, too many clients already\n    at /app/node_modules/pg-pool/index.js:45:11\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n    at async Object.connect (/app/src/db.js:18:3) {\n  severity: 'FATAL',\n  code: '53300'\n}\n"
    e2 = "psql: error: connection to server at \"platform-pg-postgresql.platform-db.svc.cluster.local\" (%s), port 5432 failed: FATAL:  remaining connection slots are reserved for roles with the SUPERUSER attribute\n" % c.get("Service", "platform-db", "platform-pg-postgresql")["spec"]["clusterIP"]
    aa = app(c, "accounts", "accounts-api", 3, "harbor.corp.example/accounts/accounts-api:4.4.1", [("DATABASE_URL", "postgres://accounts@platform-pg-postgresql.platform-db.svc.cluster.local:5432/platform"), ("DB_POOL_SIZE", "10")], nodes=wk)
    bs = app(c, "accounts", "billing-sync", 2, "harbor.corp.example/accounts/billing-sync:4.4.1", [("DATABASE_URL", "postgres://billing@platform-pg-postgresql.platform-db.svc.cluster.local:5432/platform")], nodes=wk, svc=False)
    for p in aa[2]:
        c.crash(p, "app", 9 + c.r.randint(0, 5), e1, exit=1, since=scale - 3 * M, last_run=6)
    for p in bs[2]:
        c.crash(p, "app", 8 + c.r.randint(0, 5), e2, exit=2, since=scale - 3 * M, last_run=2)
    for dd in (aa, bs):
        c.aux[dd[0]["metadata"]["uid"]]["since"] = scale - 3 * M
    cron_noise(c, "accounts", "accounts-nightly-recon", "harbor.corp.example/accounts/batch:4.4.1", ["/app/recon"], "0 1 * * *", D, 2, first=13 * H + 12 * M)
    std_noise(c, None, "sandbox-rkhan", "pg-partman-test", "docker.io/library/postgres:16.4", "crash", 44)
    truth(c, "worker-deployment-scale-up-exhausts-postgres-connections",
          "accounts-api and billing-sync crash-looping on postgres connection errors for the last 40 minutes, nothing changed on our side",
          "Deployment", "ingest", "ingest-worker",
          "accounts-api fails with 'FATAL: sorry, too many clients already' (53300) and billing-sync with 'remaining connection slots are reserved for roles with the SUPERUSER attribute' - platform-pg is out of connections, not down. "
          "platform-pg runs with max_connections = 300 (extended-configuration ConfigMap). ~41 minutes ago Deployment ingest/ingest-worker was scaled from 3 to 16 replicas (ScalingReplicaSet event) and each worker opens a pool of DB_POOL_SIZE=25, "
          "i.e. up to 400 connections from that Deployment alone. Scale ingest-worker back down (or cut its pool size / put it behind a pooler).")
    return c


@incident("k8-27", "statefulset-references-missing-priorityclass", "OpenShift 4.15 on-prem (bare metal), OVN-Kubernetes, LSO/ODF-like RBD, Percona XtraDB Cluster operator")
def f27():
    c = new("k8-27", "2025-05-02T20:07:58Z", 2727, rt="cri-o")
    masters = ["ocp-bm-master-0", "ocp-bm-master-1", "ocp-bm-master-2"]
    wk = ["ocp-bm-worker-0", "ocp-bm-worker-1", "ocp-bm-worker-2", "ocp-bm-worker-3"]
    P = cluster(c, "openshift", masters, wk, age=520 * D, net="10.91.0.", cpu=32, mem=128)
    c.aux["podcidr"] = "10.128.0.0/14"
    openshift_system(c, masters)
    c.sc("ocs-storagecluster-ceph-rbd", "openshift-storage.rbd.csi.ceph.com", {"clusterID": "openshift-storage", "pool": "ocs-storagecluster-cephblockpool", "imageFeatures": "layering,deep-flatten,exclusive-lock,object-map,fast-diff", "imageFormat": "2",
                                                                               "csi.storage.k8s.io/provisioner-secret-name": "rook-csi-rbd-provisioner", "csi.storage.k8s.io/provisioner-secret-namespace": "openshift-storage",
                                                                               "csi.storage.k8s.io/node-stage-secret-name": "rook-csi-rbd-node", "csi.storage.k8s.io/node-stage-secret-namespace": "openshift-storage", "csi.storage.k8s.io/fstype": "ext4"},
         binding="Immediate", default=True, ago=500 * D)
    ann = lambda: {"openshift.io/sa.scc.mcs": "s0:c31,c%d" % c.r.randint(10, 30), "openshift.io/sa.scc.supplemental-groups": "1000880000/10000", "openshift.io/sa.scc.uid-range": "1000880000/10000"}
    c.ns("shop-db", 400 * D, {"app.kubernetes.io/part-of": "shop"}, ann())
    c.ns("orders-db", 400 * D, {"app.kubernetes.io/part-of": "orders"}, ann())
    c.ns("shop", 400 * D, {"app.kubernetes.io/part-of": "shop"}, ann())
    c.deploy("shop-db", "percona-xtradb-cluster-operator", 1, [ctr("percona-xtradb-cluster-operator", "percona/percona-xtradb-cluster-operator:1.15.0", [("metrics", 8080)], ("100m", "20Mi"), lim=("200m", "500Mi"), cmd=["percona-xtradb-cluster-operator"],
                                                                    env=[("WATCH_NAMESPACE", ("field", "metadata.namespace")), ("POD_NAME", ("field", "metadata.name")), ("OPERATOR_NAME", "percona-xtradb-cluster-operator"), ("DISABLE_TELEMETRY", "true")])],
             sel={"app.kubernetes.io/component": "operator", "app.kubernetes.io/instance": "percona-xtradb-cluster-operator", "app.kubernetes.io/name": "percona-xtradb-cluster-operator"}, sa="percona-xtradb-cluster-operator", nodes=wk, rs_ago=50 * M, rev=9)
    px = c.crd("pxc.percona.com/v1", "PerconaXtraDBCluster", "cluster1")
    base = {"app.kubernetes.io/instance": "cluster1", "app.kubernetes.io/managed-by": "percona-xtradb-cluster-operator", "app.kubernetes.io/name": "percona-xtradb-cluster", "app.kubernetes.io/part-of": "percona-xtradb-cluster"}
    c.secret("shop-db", "cluster1-secrets", ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"])
    c.secret("shop-db", "internal-cluster1", ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"], owner=px)
    c.cm("shop-db", "cluster1-pxc", {"init.cnf": "[mysqld]\nwsrep_provider_options=\"gcache.size=1G; gcache.recover=yes\"\nmax_connections=1000\ninnodb_buffer_pool_size=24G\n"}, owner=px)
    chg = 36 * M
    psel = dict(base, **{"app.kubernetes.io/component": "pxc"})
    pxc = ctr("pxc", "percona/percona-xtradb-cluster:8.0.36-28.1", [("mysql", 3306), ("mysql-replicat", 33062), ("mysql-admin", 33062 + 0), ("write-set", 4567), ("ist", 4568), ("sst", 4444)], ("4", "32Gi"), lim=("8", "40Gi"),
              cmd=["/var/lib/mysql/pxc-entrypoint.sh"], args=["mysqld"], env=[("PXC_SERVICE", "cluster1-pxc-unready"), ("MONITOR_HOST", "%"), ("MYSQL_ROOT_PASSWORD", ("secret", "internal-cluster1", "root")), ("XTRABACKUP_PASSWORD", ("secret", "internal-cluster1", "xtrabackup")), ("CLUSTER_HASH", str(c.r.randint(10 ** 6, 10 ** 7))), ("LIVENESS_CHECK_TIMEOUT", "5")],
              mounts=[("datadir", "/var/lib/mysql"), ("config", "/etc/percona-xtradb-cluster.conf.d"), ("tmp", "/tmp")],
              ready=execp(["/var/lib/mysql/readiness-check.sh"], 15, 30, 5, 15), live=execp(["/var/lib/mysql/liveness-check.sh"], 300, 10, 3, 5))
    pxc["ports"][2]["containerPort"] = 33062
    pxc["ports"] = [pp for pp in pxc["ports"] if pp["name"] != "mysql-admin"]
    st, pods, pvcs = c.sts("shop-db", "cluster1-pxc", 3, [pxc], "cluster1-pxc", sel=psel, labels=psel, nodes=wk[:3], vct=[("datadir", "ocs-storagecluster-ceph-rbd", "500Gi")], sa="default", owner=px,
                           vols=[v_cm("config", "cluster1-pxc"), v_empty("tmp")], pcn="db-critical", pod_ago=44 * D, skip=(2,), gen=12,
                           aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchExpressions": [{"key": "app.kubernetes.io/component", "operator": "In", "values": ["pxc"]}, {"key": "app.kubernetes.io/instance", "operator": "In", "values": ["cluster1"]}]}, "topologyKey": "kubernetes.io/hostname"}]}})
    oldrev = "cluster1-pxc-" + c.sfx(10)
    st["status"]["currentRevision"] = oldrev
    for p in pods:
        p["metadata"]["labels"]["controller-revision-hash"] = oldrev
        p["spec"]["priorityClassName"] = "database-critical"
        p["spec"]["priority"] = 1000000
        p["metadata"]["annotations"] = {"openshift.io/scc": "restricted-v2"}
    c.ev(st, "FailedCreate", 'create Pod cluster1-pxc-2 in StatefulSet cluster1-pxc failed error: pods "cluster1-pxc-2" is forbidden: no PriorityClass with name db-critical was found', "Warning",
         count=29, first=chg, last=c.r.randint(10, 120), comp="statefulset-controller")
    c.ev(st, "SuccessfulDelete", "delete Pod cluster1-pxc-2 in StatefulSet cluster1-pxc successful", first=chg + 20, last=chg + 20, comp="statefulset-controller")
    c.svc("shop-db", "cluster1-pxc", psel, [("mysql", 3306, 3306), ("mysql-replicat", 33062, 33062)], headless=True, labels=psel, owner=px, ago=400 * D)
    c.svc("shop-db", "cluster1-pxc-unready", psel, [("mysql", 3306, 3306), ("mysql-replicat", 33062, 33062)], headless=True, pnr=True, labels=psel, owner=px, ago=400 * D)
    hsel = dict(base, **{"app.kubernetes.io/component": "haproxy"})
    hst, hp, _ = c.sts("shop-db", "cluster1-haproxy", 3, [ctr("haproxy", "percona/haproxy:2.8.5", [("mysql", 3306), ("mysql-replicas", 3307), ("proxy-protocol", 3309), ("mysqlx", 33060), ("stats", 8404)], ("600m", "1Gi"),
                                                          ready=execp(["/opt/percona/haproxy_readiness_check.sh"], 15, 5, 3, 1), live=execp(["/opt/percona/haproxy_liveness_check.sh"], 60, 30, 4, 5)),
                                                      ctr("pxc-monit", "percona/haproxy:2.8.5", req=("50m", "64Mi"), args=["/opt/percona/peer-list", "-on-change=/opt/percona/haproxy_add_pxc_nodes.sh", "-service=$(PXC_SERVICE)"], env=[("PXC_SERVICE", "cluster1-pxc")])],
                       "cluster1-haproxy", sel=hsel, labels=hsel, nodes=wk[1:], sa="default", owner=px, pcn="database-critical", pod_ago=44 * D)
    for p in hp:
        p["spec"]["priority"] = 1000000
        p["metadata"]["annotations"] = {"openshift.io/scc": "restricted-v2"}
    c.svc("shop-db", "cluster1-haproxy", hsel, [("mysql", 3306, 3306), ("mysql-replicas", 3307, 3307), ("mysqlx", 33060, 33060)], labels=hsel, owner=px, ago=400 * D)
    gst, gp, _ = galera(c, "orders-db", "orders-galera", "ocs-storagecluster-ceph-rbd", wk[1:], pod_ago=60 * D, size="200Gi")
    gst["spec"]["template"]["spec"]["priorityClassName"] = "database-critical"
    for p in gp:
        p["spec"]["priorityClassName"] = "database-critical"
        p["spec"]["priority"] = 1000000
    sa = app(c, "shop", "shop-backend", 3, "image-registry.openshift-image-registry.svc:5000/shop/shop-backend:19.2.0", [("DB_HOST", "cluster1-haproxy.shop-db.svc"), ("DB_PORT", "3306")], nodes=wk)
    app(c, "shop", "shop-frontend", 2, "image-registry.openshift-image-registry.svc:5000/shop/shop-frontend:19.2.0", [("API", "http://shop-backend.shop.svc")], nodes=wk)
    sandbox(c, "sandbox-mrossi", "promo-banner", "image-registry.openshift-image-registry.svc:5000/sandbox-mrossi/promo-banner:latest", "pull", 16)
    truth(c, "statefulset-references-missing-priorityclass",
          "our percona xtradb cluster is down to 2 nodes since the operator upgrade this evening, the third pod is just gone",
          "StatefulSet", "shop-db", "cluster1-pxc",
          "cluster1-pxc has 2 of 3 pods; the StatefulSet controller keeps emitting FailedCreate: 'pods \"cluster1-pxc-2\" is forbidden: no PriorityClass with name db-critical was found'. The operator upgrade (~50m ago) "
          "rendered a new revision (updateRevision != currentRevision) whose pod template sets priorityClassName: db-critical; the rolling update deleted pod 2 and cannot recreate it. The existing PXC/HAProxy pods and the orders-galera "
          "pods use priorityClassName database-critical (priority 1000000). Fix priorityClassName in StatefulSet shop-db/cluster1-pxc (via the PerconaXtraDBCluster spec) to database-critical.")
    return c


@incident("k8-28", "elasticsearch-initial-master-nodes-mismatch", "kubeadm v1.30 bare metal, Antrea, TopoLVM, Elasticsearch 8 (elastic Helm chart)")
def f28():
    c = new("k8-28", "2025-03-31T10:30:06Z", 2828)
    cps = ["k8s-ctl-1"]
    wk = ["k8s-wrk-1", "k8s-wrk-2", "k8s-wrk-3", "k8s-wrk-4"]
    P = cluster(c, "kubeadm", cps, wk, age=310 * D, cni_kind="antrea", net="10.31.0.", cpu=16, mem=64)
    system(c, "kubeadm", "antrea", P, cps=cps)
    topolvm(c, wk)
    addon(c, "monitoring", scn="topolvm-provisioner")
    addon(c, "ingress-nginx", nodes=wk)
    addon(c, "cert-manager")
    c.ns("search", 2 * H + 30 * M, {"team": "search"})
    c.ns("logging", 250 * D, {"team": "platform"})
    new_ago = 2 * H + 18 * M
    sel = {"app": "search-master", "chart": "elasticsearch", "release": "search"}
    c.secret("search", "search-master-credentials", ["password", "username"], ago=new_ago, labels=sel)
    c.secret("search", "search-master-certs", ["ca.crt", "tls.crt", "tls.key"], "kubernetes.io/tls", ago=new_ago, labels=sel)
    c.helm("search", "search", 1, ago=new_ago)
    ec = ctr("elasticsearch", "docker.elastic.co/elasticsearch/elasticsearch:8.5.1", [("http", 9200), ("transport", 9300)], ("1", "4Gi"), lim=("2", "4Gi"),
             env=[("node.name", ("field", "metadata.name")), ("cluster.initial_master_nodes", "elasticsearch-master-0,elasticsearch-master-1,elasticsearch-master-2,"), ("node.roles", "master,data,data_content,data_hot,ingest,ml,remote_cluster_client,transform,"),
                  ("discovery.seed_hosts", "search-master-headless"), ("cluster.name", "search"), ("network.host", "0.0.0.0"), ("ELASTIC_PASSWORD", ("secret", "search-master-credentials", "password")),
                  ("xpack.security.enabled", "true"), ("xpack.security.transport.ssl.enabled", "true"), ("xpack.security.http.ssl.enabled", "true"), ("ES_JAVA_OPTS", "-Xmx2g -Xms2g")],
             mounts=[("search-master", "/usr/share/elasticsearch/data"), ("elasticsearch-certs", "/usr/share/elasticsearch/config/certs", True)],
             ready=execp(["bash", "-c", "set -e\n\n# Exit if ELASTIC_PASSWORD in unset\nif [ -z \"${ELASTIC_PASSWORD}\" ]; then\n  echo \"ELASTIC_PASSWORD variable is missing, exiting\"\n  exit 1\nfi\n# If the node is starting up wait for the cluster to be ready (request params: \"wait_for_status=green&timeout=1s\" )\n..."], 10, 10, 3, 5),
             sc={"capabilities": {"drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 1000})
    st, pods, pvcs = c.sts("search", "search-master", 3, [ec], "search-master-headless", sel={"app": "search-master"}, labels=dict(sel, heritage="Helm"), tlabels=sel, nodes=wk[:3], vct=[("search-master", "topolvm-provisioner", "300Gi")],
                           sa="default", ago=new_ago, pod_ago=new_ago - 1 * M, pmp="Parallel", psc={"fsGroup": 1000, "runAsUser": 1000},
                           vols=[v_sec("elasticsearch-certs", "search-master-certs")],
                           init=[ctr("configure-sysctl", "docker.elastic.co/elasticsearch/elasticsearch:8.5.1", cmd=["sysctl", "-w", "vm.max_map_count=262144"], sc={"privileged": True, "runAsUser": 0})],
                           aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchExpressions": [{"key": "app", "operator": "In", "values": ["search-master"]}]}, "topologyKey": "kubernetes.io/hostname"}]}})
    rmsg = 'Readiness probe failed: Waiting for elasticsearch cluster to become ready (request params: "wait_for_status=green&timeout=1s" )\nCluster is not yet ready (request params: "wait_for_status=green&timeout=1s" )\n'
    for p in pods:
        c.notready(p, "elasticsearch", c.oago(p) - 30)
        c.ev(p, "Unhealthy", rmsg, "Warning", count=790 + c.r.randint(0, 30), first=c.oago(p) - 25, last=c.r.randint(2, 10), host=p["spec"]["nodeName"], field="spec.containers{elasticsearch}")
    c.svc("search", "search-master-headless", {"app": "search-master"}, [("http", 9200, 9200), ("transport", 9300, 9300)], headless=True, pnr=True, labels=sel, ago=new_ago)
    c.svc("search", "search-master", {"app": "search-master", "chart": "elasticsearch", "release": "search"}, [("http", 9200, 9200), ("transport", 9300, 9300)], labels=sel, ago=new_ago)
    esip = c.get("Service", "search", "search-master")["spec"]["clusterIP"]
    c.cm("logging", "fluentd-config", {"fluent.conf": "<match kubernetes.**>\n  @type elasticsearch\n  host search-master.search.svc\n  port 9200\n  scheme https\n  logstash_format true\n</match>\n"})
    fl = app(c, "logging", "log-aggregator", 2, "docker.io/fluent/fluentd-kubernetes-daemonset:v1.17-debian-elasticsearch8-1", [("FLUENT_ELASTICSEARCH_HOST", "search-master.search.svc"), ("FLUENT_ELASTICSEARCH_PORT", "9200")], nodes=wk, svc=False, probe=False,
             rs_ago=new_ago - 15 * M, rev=3)
    for p in fl[2]:
        c.restarted(p, "app", 14, "Error", 1, "2025-03-31 10:%02d:44 +0000 [error]: #0 unexpected error error_class=Elasticsearch::Transport::Transport::Errors::ServiceUnavailable error=\"[503] {\\\"error\\\":{\\\"root_cause\\\":[{\\\"type\\\":\\\"master_not_discovered_exception\\\",\\\"reason\\\":null}],\\\"type\\\":\\\"master_not_discovered_exception\\\",\\\"reason\\\":null},\\\"status\\\":503}\"\n" % c.r.randint(0, 29), ended=c.r.randint(100, 900))
    sb = app(c, "logging", "kibana", 1, "docker.elastic.co/kibana/kibana:8.5.1", [("ELASTICSEARCH_HOSTS", "https://search-master.search.svc:9200")], nodes=wk, port=5601, rs_ago=new_ago - 10 * M, rev=1)
    c.crash(sb[2][0], "app", 21, "[2025-03-31T10:%02d:11.907+00:00][ERROR][elasticsearch-service] Unable to retrieve version information from Elasticsearch nodes. connect ECONNREFUSED %s:9200\n" % (c.r.randint(0, 29), esip), exit=1, since=new_ago - 12 * M, last_run=90)
    c.aux[sb[0]["metadata"]["uid"]]["since"] = new_ago - 12 * M
    c.ns("catalog-db", 250 * D, {"team": "catalog"})
    mongo_rs(c, "catalog-db", "catalog-mongodb", "topolvm-provisioner", nodes=wk[1:], pod_ago=40 * D)
    std_noise(c, None, "sandbox-wzhang", "opensearch-dashboards-test", "docker.io/opensearchproject/opensearch-dashboards:2.17.0", "crash", 11)
    truth(c, "elasticsearch-initial-master-nodes-mismatch",
          "brand new search elasticsearch cluster never goes green, all three pods running but not ready for two hours",
          "StatefulSet", "search", "search-master",
          "All three search-master pods are Running but never Ready (readiness: 'Cluster is not yet ready (wait_for_status=green)'), so the Service has no ready endpoints; fluentd gets master_not_discovered_exception and Kibana ECONNREFUSED. "
          "The StatefulSet sets node.name from metadata.name (search-master-0..2) but cluster.initial_master_nodes to elasticsearch-master-0,1,2 - names that don't exist (chart defaults before clusterName was changed), "
          "so no node ever bootstraps the cluster. Fix cluster.initial_master_nodes in StatefulSet search/search-master to search-master-0,search-master-1,search-master-2 (the cluster never formed, so re-bootstrapping is safe).")
    return c


@incident("k8-29", "manual-reindex-job-holds-access-exclusive-lock", "DOKS v1.30, Cilium, DO block storage, PostgreSQL (Bitnami chart)", hard=True)
def f29():
    c = new("k8-29", "2025-06-12T13:44:26Z", 2929)
    nodes = ["pool-prod-h3k9q", "pool-prod-h3k9x", "pool-prod-h3k9m", "pool-prod-h3k92"]
    c.aux["apiserver_host"] = "a7c3e1f0-22b4-4c51-9d1e-6f0b8e2d4a19.k8s.ondigitalocean.com"
    c.aux["apiserver_ips"] = ["164.90.218.44"]
    c.aux["provider"] = lambda n, i: "digitalocean://4%08d" % c.r.randint(10 ** 7, 10 ** 8 - 1)
    wl = {n: {"doks.digitalocean.com/node-id": c.uid(), "doks.digitalocean.com/node-pool": "pool-prod", "doks.digitalocean.com/node-pool-id": "3e9c1a52-7b7d-4b1a-a1f5-0c4c2f6e9d11", "doks.digitalocean.com/version": "1.30.4-do.0",
              "node.kubernetes.io/instance-type": "s-8vcpu-16gb", "region": "fra1", "topology.kubernetes.io/region": "fra1"} for n in nodes}
    P = cluster(c, "doks", [], nodes, age=300 * D, net="10.114.0.", cpu=8, mem=16, wl=wl)
    cloud_system(c, "doks", P)
    addon(c, "monitoring", scn="do-block-storage")
    addon(c, "ingress-nginx", lb="138.68.103.52")
    addon(c, "cert-manager")
    addon(c, "argocd")
    c.ns("orders-db", 280 * D, {"team": "orders"})
    c.ns("orders", 280 * D, {"team": "orders"})
    bitnami_pg(c, "orders-db", "orders-pg", "do-block-storage", "400Gi", nodes=[nodes[1]], pod_ago=16 * D)
    jago = 43 * M
    j, jp = c.job("orders-db", "orders-reindex-manual", [ctr("psql", "docker.io/bitnami/postgresql:16.4.0-debian-12-r9", cmd=["psql"], args=["-h", "orders-pg-postgresql", "-U", "postgres", "-d", "orders", "-v", "ON_ERROR_STOP=1", "-c", "REINDEX TABLE public.orders;"],
                                                                env=[("PGPASSWORD", ("secret", "orders-pg-postgresql", "postgres-password"))])],
                  jago, "running", backoff=0, labels={"owner": "dba-oncall"}, ann={"kubectl.kubernetes.io/last-applied-configuration": "", "corp.example/ticket": "DBA-2231 bloat on orders_pkey"})
    c.get("Job", "orders-db", "orders-reindex-manual")["metadata"]["annotations"].pop("kubectl.kubernetes.io/last-applied-configuration")
    c.start_events(jp[0])
    c.ev(j, "SuccessfulCreate", "Created pod: " + jp[0]["metadata"]["name"], first=jago - 1, last=jago - 1, comp="job-controller")
    env = [("PGHOST", "orders-pg-postgresql.orders-db.svc.cluster.local"), ("PGDATABASE", "orders"), ("PG_LOCK_TIMEOUT", "5s"), ("PG_STATEMENT_TIMEOUT", "15s")]
    api = app(c, "orders", "orders-api", 3, "registry.digitalocean.com/acme/orders-api:5.2.7", env, nodes=nodes)
    e1 = ("error: canceling statement due to lock timeout\n    at /app/node_modules/pg/lib/client.js:535:17\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n    at async OrdersRepo.insertOrder (/app/dist/repo/orders.js:88:9) {\n"
          "  length: 110,\n  severity: 'ERROR',\n  code: '55P03',\n  file: 'postgres.c',\n  routine: 'ProcessInterrupts'\n}\nNode.js v20.17.0\n")
    for p in api[2]:
        c.crash(p, "app", 6 + c.r.randint(0, 4), e1, exit=1, since=jago - 2 * M, last_run=140)
        c.ev(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", "Warning", count=90, first=jago - 1 * M, last=c.r.randint(20, 200), host=p["spec"]["nodeName"], field="spec.containers{app}")
    c.aux[api[0]["metadata"]["uid"]]["since"] = jago - 2 * M
    fw = app(c, "orders", "fulfillment-worker", 2, "registry.digitalocean.com/acme/fulfillment-worker:5.2.7", env, nodes=nodes, svc=False, probe=False)
    for p in fw[2]:
        c.restarted(p, "app", 3, "Error", 1, "error: canceling statement due to statement timeout\n  code: '57014'\n  query: 'SELECT id, status FROM orders WHERE status = $1 FOR UPDATE SKIP LOCKED LIMIT 50'\n", ended=c.r.randint(200, 2000))
    app(c, "orders", "orders-web", 2, "registry.digitalocean.com/acme/orders-web:5.2.7", [("API", "http://orders-api.orders.svc")], nodes=nodes)
    cron_noise(c, "orders-db", "orders-pg-vacuum-analyze", "docker.io/bitnami/postgresql:16.4.0-debian-12-r9", ["vacuumdb", "-h", "orders-pg-postgresql", "-U", "postgres", "--analyze", "-d", "orders"], "0 3 * * *", D, 3, first=10 * H + 44 * M)
    std_noise(c, None, "sandbox-bcooper", "orders-graphql", "registry.digitalocean.com/acme/sandbox-orders-graphql:0.0.1", "pull", 7)
    truth(c, "manual-reindex-job-holds-access-exclusive-lock",
          "orders-api is timing out and restarting for the last 40 minutes, postgres CPU is low and nothing was deployed",
          "Job", "orders-db", "orders-reindex-manual",
          "orders-api pods crash with 'canceling statement due to lock timeout' (SQLSTATE 55P03) and fulfillment-worker hits statement timeouts on the orders table, starting ~41 minutes ago; orders-pg itself is healthy. "
          "Job orders-reindex-manual was created by hand 43 minutes ago (ticket annotation) and is still running 'REINDEX TABLE public.orders;' - a plain REINDEX takes locks that block all writes (and index use) on orders until it finishes. "
          "Delete/stop Job orders-db/orders-reindex-manual (terminating its backend) and redo it later with REINDEX ... CONCURRENTLY.")
    return c


@incident("k8-30", "backup-cronjob-pg-dump-older-than-server", "kubeadm v1.30 on vSphere, Cilium, vSphere CSI, CloudNativePG (upgraded to PostgreSQL 16)")
def f30():
    c = new("k8-30", "2025-01-22T09:10:52Z", 3030)
    cps = ["vsph-cp-01"]
    wk = ["vsph-wk-01", "vsph-wk-02", "vsph-wk-03", "vsph-wk-04"]
    P = cluster(c, "kubeadm", cps, wk, age=600 * D, cni_kind="cilium", net="10.55.2.", cpu=8, mem=32)
    system(c, "kubeadm", "cilium", P, infra="vsphere", cps=cps)
    addon(c, "monitoring", scn="vsphere-csi")
    cnpg_operator(c)
    c.ns("crm-db", 500 * D, {"team": "crm"})
    c.ns("crm", 500 * D, {"team": "crm"})
    upg = 2 * D + 20 * H
    cnpg(c, "crm-db", "pg-crm", 3, "vsphere-csi", "250Gi", wk[1:], image="ghcr.io/cloudnative-pg/postgresql:16.4", pod_ago=upg)
    c.pvc("crm-db", "pg-dumps", "vsphere-csi", "500Gi", wk[0], 400 * D)
    fm = "pg_dump: error: aborting because of server version mismatch\npg_dump: detail: server version: 16.4 (Debian 16.4-1.pgdg110+2); pg_dump version: 14.13\n"
    runs = [(5 * D + 40 * M, "complete"), (4 * D + 40 * M, "complete"), (3 * D + 40 * M, "complete"), (2 * D + 40 * M, "failed"), (D + 40 * M, "failed"), (40 * M, "failed")]
    cj, jobs = c.cron("crm-db", "pg-crm-nightly-dump", "30 8 * * *", [ctr("pg-dump", "docker.io/library/postgres:14.13-alpine", req=("200m", "256Mi"), lim=(None, "1Gi"),
                                                                        cmd=["/bin/sh", "-c", "pg_dump -Fc -h pg-crm-ro -U app -d app -f /dumps/crm-$(date +%Y%m%d).dump"],
                                                                        env=[("PGPASSWORD", ("secret", "pg-crm-app", "password"))], mounts=[("dumps", "/dumps")])],
                      runs, backoff=2, dur=25, hist=(3, 3), fail_msg=fm, vols=[v_pvc("dumps", "pg-dumps")], labels={"app.kubernetes.io/name": "pg-crm-nightly-dump", "app.kubernetes.io/part-of": "crm-db"})
    for j, ps in jobs:
        for p in ps:
            if p["status"]["phase"] == "Succeeded":
                pass
    lastj = jobs[-1][0]
    c.ev(lastj, "BackoffLimitExceeded", "Job has reached the specified backoff limit", "Warning", first=36 * M, last=36 * M, comp="job-controller")
    c.ev(cj, "SawCompletedJob", "Saw completed job: %s, status: Failed" % lastj["metadata"]["name"], first=36 * M, last=36 * M, comp="cronjob-controller")
    vc, vjobs = c.cron("crm-db", "dump-restore-verify", "0 9 * * *", [ctr("verify", "ghcr.io/cloudnative-pg/postgresql:16.4", req=("200m", "512Mi"), cmd=["/bin/bash", "-c", "f=$(find /dumps -name 'crm-*.dump' -mtime -1 | sort | tail -1); [ -n \"$f\" ] || { echo \"no dump newer than 24h in /dumps\"; exit 3; }; pg_restore -l \"$f\" >/dev/null"], mounts=[("dumps", "/dumps", True)])],
                       [(D + 10 * M, "failed"), (10 * M, "failed")], backoff=0, dur=5, hist=(3, 3), fail_msg="no dump newer than 24h in /dumps\n", exit=3, vols=[v_pvc("dumps", "pg-dumps")])
    api = app(c, "crm", "crm-api", 3, "harbor.corp.example/crm/crm-api:8.1.0", [("DB_HOST", "pg-crm-rw.crm-db.svc")], nodes=wk)
    app(c, "crm", "crm-ui", 2, "harbor.corp.example/crm/crm-ui:8.1.0", [("API_URL", "http://crm-api.crm.svc")], nodes=wk)
    std_noise(c, api, "sandbox-dlee", "crm-ai-summaries", "harbor.corp.example/sandbox/crm-ai:0.0.2", "crash", 24, evict_days=9)
    truth(c, "backup-cronjob-pg-dump-older-than-server",
          "nightly crm dumps have been failing since the weekend and the restore-verify job is red",
          "CronJob", "crm-db", "pg-crm-nightly-dump",
          "Every pg-crm-nightly-dump run since the PostgreSQL 16 upgrade (pg-crm pods re-created with ghcr.io/cloudnative-pg/postgresql:16.4 ~2d20h ago) fails with 'pg_dump: error: aborting because of server version mismatch ... server version: 16.4; pg_dump version: 14.13'; "
          "the three runs before the upgrade succeeded. The CronJob's jobTemplate still uses image postgres:14.13-alpine. dump-restore-verify only fails because no fresh dump exists. Bump the image of CronJob crm-db/pg-crm-nightly-dump to a PostgreSQL 16 client.")
    return c

# ==== FAULTS END ====


def build(root):
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for k, (iid, fault, plat, hard, fn) in enumerate(FAULTS):
        c = fn()
        c.finalize()
        empty = [p for p in OPTIONAL_KINDS if not c.o[p]]
        if k % 3 == 1 and empty:
            c.omit = empty[:1 + (k % 2)]
        c.write(root)


def tree_hash(root):
    h = hashlib.sha256()
    for dp, dn, fn in sorted(os.walk(root)):
        dn.sort()
        for f in sorted(fn):
            p = os.path.join(dp, f)
            h.update(os.path.relpath(p, root).encode() + b"\0")
            h.update(open(p, "rb").read())
    return h.hexdigest()


def table(root):
    lines = ["| id | fault | truth kind/namespace/name | platform |", "|---|---|---|---|"]
    for iid, fault, plat, hard, fn in FAULTS:
        t = json.load(open(os.path.join(root, iid, "truth.json")))
        rc = t["root_cause"]
        lines.append("| %s | %s | %s/%s/%s | %s |" % (iid, t["fault"] + (" (hard)" if hard else ""), rc["kind"], rc["namespace"] or "-", rc["name"], plat))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--hash", action="store_true")
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--only")
    a = ap.parse_args()
    root = os.path.join(HERE, "incidents")
    if a.only:
        global FAULTS
        FAULTS = [f for f in FAULTS if f[0] == a.only]
    if a.hash:
        if not os.path.isdir(root):
            build(root)
        print(tree_hash(root))
        return
    if a.table:
        if not os.path.isdir(root):
            build(root)
        print(table(root))
        return
    build(root)
    if not a.check:
        print("wrote %d incidents to %s" % (len(FAULTS), root))
        return
    bad = 0
    kinds, faults = set(), set()
    for iid, fault, plat, hard, fn in FAULTS:
        errs, t, npods, nns = check_bundle(os.path.join(root, iid))
        kinds.add(t["root_cause"]["kind"].lower())
        faults.add(t["fault"])
        print("%s  pods=%d ns=%d  %s" % (iid, npods, nns, "OK" if not errs else "FAIL"))
        for e in errs[:25]:
            print("    " + e)
        bad += bool(errs)
    tmp = tempfile.mkdtemp()
    try:
        build(os.path.join(tmp, "a"))
        same = tree_hash(os.path.join(tmp, "a")) == tree_hash(root)
    finally:
        shutil.rmtree(tmp)
    print("incidents=%d fault types=%d root-cause kinds=%d deterministic=%s" % (len(FAULTS), len(faults), len(kinds), same))
    if not a.only:
        if len(FAULTS) != 30 or len(faults) < 20 or len(kinds) < 12 or not same:
            bad += 1
            print("SET-LEVEL CHECK FAILED")
    elif not same:
        bad += 1
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

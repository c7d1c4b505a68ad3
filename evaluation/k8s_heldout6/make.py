#!/usr/bin/env python3
"""Generator for the k6 evaluation set: 30 whole-cluster Kubernetes database incidents.

Standard library only, deterministic (fixed seeds, fixed snapshot times).

    python3 make.py            # writes incidents/
    python3 make.py --check    # rebuild, assert internal consistency, rebuild again, compare hashes
    python3 make.py --hash     # sha256 over incidents/ (relative paths + contents)
"""
import copy
import hashlib
import json
import os
import random
import re
import shutil
import sys
import uuid
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "incidents")

# plural -> (apiVersion, Kind, namespaced)
PLURALS = {
    "namespaces": ("v1", "Namespace", False),
    "nodes": ("v1", "Node", False),
    "pods": ("v1", "Pod", True),
    "deployments": ("apps/v1", "Deployment", True),
    "replicasets": ("apps/v1", "ReplicaSet", True),
    "statefulsets": ("apps/v1", "StatefulSet", True),
    "daemonsets": ("apps/v1", "DaemonSet", True),
    "jobs": ("batch/v1", "Job", True),
    "cronjobs": ("batch/v1", "CronJob", True),
    "services": ("v1", "Service", True),
    "endpoints": ("v1", "Endpoints", True),
    "endpointslices": ("discovery.k8s.io/v1", "EndpointSlice", True),
    "persistentvolumeclaims": ("v1", "PersistentVolumeClaim", True),
    "persistentvolumes": ("v1", "PersistentVolume", False),
    "storageclasses": ("storage.k8s.io/v1", "StorageClass", False),
    "configmaps": ("v1", "ConfigMap", True),
    "secrets": ("v1", "Secret", True),
    "ingresses": ("networking.k8s.io/v1", "Ingress", True),
    "networkpolicies": ("networking.k8s.io/v1", "NetworkPolicy", True),
    "serviceaccounts": ("v1", "ServiceAccount", True),
    "resourcequotas": ("v1", "ResourceQuota", True),
    "events": ("v1", "Event", True),
}
KIND2PLURAL = {v[1]: k for k, v in PLURALS.items()}
OPTIONAL = ["resourcequotas", "networkpolicies", "endpointslices", "ingresses", "cronjobs"]
# owner kinds that live in CRDs (not bundled); ownerReferences to them are allowed unresolved
CRD_OWNERS = {"Cluster", "Pooler", "postgresql", "StrimziPodSet", "PerconaXtraDBCluster",
              "PerconaServerMongoDB", "MongoDBCommunity", "Elasticsearch", "Kibana",
              "ClickHouseInstallation", "Prometheus", "Alertmanager", "HelmChart",
              "CephCluster", "ScheduledBackup", "Backup", "ExternalSecret", "Certificate"}
ALPH = "bcdfghjklmnpqrstvwxz2456789"
TS_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$")


def rfc(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def rfcm(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_ts(s):
    if "." in s:
        return datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


# ----------------------------------------------------------------------------- quantities
_MEM = {"Ki": 1024, "Mi": 1024 ** 2, "Gi": 1024 ** 3, "Ti": 1024 ** 4,
        "k": 1000, "M": 1000 ** 2, "G": 1000 ** 3, "T": 1000 ** 4}


def q_cpu(s):
    s = str(s)
    if s.endswith("m"):
        return int(s[:-1])
    return int(round(float(s) * 1000))


def q_mem(s):
    s = str(s)
    for suf in ("Ki", "Mi", "Gi", "Ti", "k", "M", "G", "T"):
        if s.endswith(suf):
            return int(float(s[: -len(suf)]) * _MEM[suf])
    return int(s)


def f_cpu(m):
    if m == 0:
        return "0"
    return str(m // 1000) if m % 1000 == 0 else "%dm" % m


def f_mem(b):
    if b == 0:
        return "0"
    for suf, v in (("Ti", 1024 ** 4), ("Gi", 1024 ** 3), ("Mi", 1024 ** 2), ("Ki", 1024)):
        if b % v == 0:
            return "%d%s" % (b // v, suf)
    return str(b)


def f_count(n):
    return str(n)


# ----------------------------------------------------------------------------- selectors
def labels_match(sel, labels):
    labels = labels or {}
    return all(labels.get(k) == v for k, v in (sel or {}).items())


def label_selector_match(sel, labels):
    """metav1.LabelSelector"""
    labels = labels or {}
    if not labels_match(sel.get("matchLabels", {}), labels):
        return False
    for e in sel.get("matchExpressions", []) or []:
        k, op, vals = e["key"], e["operator"], e.get("values", [])
        if op == "In" and labels.get(k) not in vals:
            return False
        if op == "NotIn" and k in labels and labels[k] in vals:
            return False
        if op == "Exists" and k not in labels:
            return False
        if op == "DoesNotExist" and k in labels:
            return False
    return True


def node_term_match(term, node):
    labels = node["metadata"].get("labels", {})
    for e in term.get("matchExpressions", []) or []:
        k, op, vals = e["key"], e["operator"], e.get("values", [])
        if op == "In" and labels.get(k) not in vals:
            return False
        if op == "NotIn" and labels.get(k) in vals:
            return False
        if op == "Exists" and k not in labels:
            return False
        if op == "DoesNotExist" and k in labels:
            return False
    for e in term.get("matchFields", []) or []:
        if e["key"] == "metadata.name":
            if e["operator"] == "In" and node["metadata"]["name"] not in e["values"]:
                return False
            if e["operator"] == "NotIn" and node["metadata"]["name"] in e["values"]:
                return False
    return True


def node_selector_terms_match(terms, node):
    return any(node_term_match(t, node) for t in terms)


def tolerates(tols, taint):
    for t in tols or []:
        if t.get("effect") and t["effect"] != taint["effect"]:
            continue
        op = t.get("operator", "Equal")
        if op == "Exists":
            if not t.get("key") or t["key"] == taint["key"]:
                return True
        elif t.get("key") == taint["key"] and t.get("value", "") == taint.get("value", ""):
            return True
    return False


DS_DEFAULT_TOLS = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists"},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/memory-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/pid-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "operator": "Exists"},
]
DS_HOSTNET_TOL = {"effect": "NoSchedule", "key": "node.kubernetes.io/network-unavailable", "operator": "Exists"}


def ds_should_run(ds, node):
    """DaemonSet controller predicate: nodeSelector, required node affinity, taints."""
    spec = ds["spec"]["template"]["spec"]
    labels = node["metadata"].get("labels", {})
    if not labels_match(spec.get("nodeSelector", {}), labels):
        return False
    aff = spec.get("affinity", {}).get("nodeAffinity", {}).get("requiredDuringSchedulingIgnoredDuringExecution")
    if aff and not node_selector_terms_match(aff["nodeSelectorTerms"], node):
        return False
    tols = list(spec.get("tolerations", [])) + DS_DEFAULT_TOLS
    if spec.get("hostNetwork"):
        tols.append(DS_HOSTNET_TOL)
    for taint in node["spec"].get("taints", []) or []:
        if taint["effect"] in ("NoSchedule", "NoExecute") and not tolerates(tols, taint):
            return False
    return True


# ----------------------------------------------------------------------------- pod helpers
def pod_ready(p):
    for c in p.get("status", {}).get("conditions", []) or []:
        if c["type"] == "Ready":
            return c["status"] == "True"
    return False


def pod_terminal(p):
    return p.get("status", {}).get("phase") in ("Succeeded", "Failed")


def pod_deleting(p):
    return bool(p["metadata"].get("deletionTimestamp"))


def pod_active(p):
    return not pod_terminal(p) and not pod_deleting(p)


def owner_uid(o):
    for r in o["metadata"].get("ownerReferences", []) or []:
        if r.get("controller"):
            return r["uid"]
    return None


def pod_requests(p):
    """effective pod requests/limits as the quota evaluator computes them"""
    spec = p["spec"]
    out = {}
    for kind in ("requests", "limits"):
        for res, parse in (("cpu", q_cpu), ("memory", q_mem)):
            s = 0
            for c in spec["containers"]:
                r = c.get("resources", {}).get(kind, {})
                if res in r:
                    s += parse(r[res])
            mi = 0
            for c in spec.get("initContainers", []) or []:
                r = c.get("resources", {}).get(kind, {})
                if res in r:
                    mi = max(mi, parse(r[res]))
            out["%s.%s" % (kind, res)] = max(s, mi)
    return out


def resolve_target_port(sp, pod):
    tp = sp.get("targetPort", sp["port"])
    if isinstance(tp, int):
        return tp
    for c in pod["spec"]["containers"]:
        for cp in c.get("ports", []) or []:
            if cp.get("name") == tp and cp.get("protocol", "TCP") == sp.get("protocol", "TCP"):
                return cp["containerPort"]
    return None


def endpoints_for_service(svc, pods, nodes_by_name):
    """Return (endpoints_subsets, slice_endpoints, slice_ports) the controllers would compute."""
    sel = svc["spec"]["selector"]
    pna = svc["spec"].get("publishNotReadyAddresses", False)
    ns = svc["metadata"]["namespace"]
    ready, notready, slice_eps = [], [], []
    ports = None
    for p in pods:
        if p["metadata"]["namespace"] != ns or not labels_match(sel, p["metadata"].get("labels")):
            continue
        if pod_terminal(p) or not p.get("status", {}).get("podIP"):
            continue
        eports = []
        ok = True
        for sp in svc["spec"].get("ports", []) or []:
            n = resolve_target_port(sp, p)
            if n is None:
                ok = False
                break
            d = {"port": n, "protocol": sp.get("protocol", "TCP")}
            if sp.get("name"):
                d["name"] = sp["name"]
            eports.append(d)
        if not ok:
            continue
        ports = eports
        addr = {"ip": p["status"]["podIP"], "nodeName": p["spec"]["nodeName"],
                "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns,
                              "uid": p["metadata"]["uid"]}}
        if p["spec"].get("hostname") and p["spec"].get("subdomain") == svc["metadata"]["name"]:
            addr["hostname"] = p["spec"]["hostname"]
        serving = pod_ready(p)
        terminating = pod_deleting(p)
        if not terminating or pna:
            if serving or pna:
                ready.append(addr)
            else:
                notready.append(addr)
        ep = {"addresses": [p["status"]["podIP"]],
              "conditions": {"ready": bool(pna or (serving and not terminating)), "serving": serving,
                             "terminating": terminating},
              "nodeName": p["spec"]["nodeName"],
              "targetRef": dict(addr["targetRef"])}
        if "hostname" in addr:
            ep["hostname"] = addr["hostname"]
        zone = nodes_by_name.get(p["spec"]["nodeName"], {}).get("metadata", {}).get("labels", {}).get(
            "topology.kubernetes.io/zone")
        if zone:
            ep["zone"] = zone
        slice_eps.append(ep)
    subsets = []
    if ready or notready:
        sub = {}
        if ready:
            sub["addresses"] = sorted(ready, key=lambda a: a["ip"])
        if notready:
            sub["notReadyAddresses"] = sorted(notready, key=lambda a: a["ip"])
        sub["ports"] = sorted(ports, key=lambda x: (x.get("name", ""), x["port"]))
        subsets.append(sub)
    slice_eps.sort(key=lambda e: e["addresses"][0])
    return subsets, slice_eps, ports


def mirror_slice_endpoints(ep_obj):
    eps, ports = [], []
    for sub in ep_obj.get("subsets", []) or []:
        ports = [dict(p) for p in sub.get("ports", [])]
        for a, rdy in [(a, True) for a in sub.get("addresses", []) or []] + \
                      [(a, False) for a in sub.get("notReadyAddresses", []) or []]:
            e = {"addresses": [a["ip"]], "conditions": {"ready": rdy}}
            if a.get("nodeName"):
                e["nodeName"] = a["nodeName"]
            if a.get("hostname"):
                e["hostname"] = a["hostname"]
            if a.get("targetRef"):
                e["targetRef"] = dict(a["targetRef"])
            eps.append(e)
    eps.sort(key=lambda e: e["addresses"][0])
    return eps, ports


def quota_used(rq, pods, pvcs, counts):
    ns = rq["metadata"]["namespace"]
    used = {}
    live = [p for p in pods if p["metadata"]["namespace"] == ns and not pod_terminal(p)]
    claims = [c for c in pvcs if c["metadata"]["namespace"] == ns]
    for key in rq["spec"]["hard"]:
        if key == "pods" or key == "count/pods":
            used[key] = f_count(len(live))
        elif key in ("requests.cpu", "limits.cpu", "cpu"):
            k = "requests.cpu" if key == "cpu" else key
            used[key] = f_cpu(sum(pod_requests(p)[k] for p in live))
        elif key in ("requests.memory", "limits.memory", "memory"):
            k = "requests.memory" if key == "memory" else key
            used[key] = f_mem(sum(pod_requests(p)[k] for p in live))
        elif key in ("persistentvolumeclaims", "count/persistentvolumeclaims"):
            used[key] = f_count(len(claims))
        elif key == "requests.storage":
            used[key] = f_mem(sum(q_mem(c["spec"]["resources"]["requests"]["storage"]) for c in claims))
        elif key in ("services", "configmaps", "secrets", "count/services", "count/configmaps", "count/secrets"):
            used[key] = f_count(counts.get((ns, key.replace("count/", "")), 0))
        else:
            raise ValueError("unsupported quota key " + key)
    return used


def rs_status_calc(pods):
    act = [p for p in pods if pod_active(p)]
    rdy = [p for p in act if pod_ready(p)]
    return len(act), len(rdy)


def sts_status_calc(sts, pods):
    cur, upd = sts["status"].get("currentRevision"), sts["status"].get("updateRevision")
    r = {"replicas": 0, "readyReplicas": 0, "availableReplicas": 0, "currentReplicas": 0, "updatedReplicas": 0}
    for p in pods:
        r["replicas"] += 1
        if p["status"].get("phase") == "Running" and pod_ready(p):
            r["readyReplicas"] += 1
            r["availableReplicas"] += 1
        if not pod_deleting(p):
            h = p["metadata"]["labels"].get("controller-revision-hash")
            if h == cur:
                r["currentReplicas"] += 1
            if h == upd:
                r["updatedReplicas"] += 1
    return r


def job_status_calc(pods):
    act = [p for p in pods if not pod_terminal(p) and not pod_deleting(p)]
    return {"active": len(act), "ready": len([p for p in act if pod_ready(p)]),
            "succeeded": len([p for p in pods if p["status"].get("phase") == "Succeeded"]),
            "failed": len([p for p in pods if p["status"].get("phase") == "Failed"])}


# ----------------------------------------------------------------------------- containers / templates
def E(name, value):
    return {"name": name, "value": value}


def ESec(name, secret, key, optional=None):
    r = {"name": name, "valueFrom": {"secretKeyRef": {"key": key, "name": secret}}}
    if optional is not None:
        r["valueFrom"]["secretKeyRef"]["optional"] = optional
    return r


def ECm(name, cm, key):
    return {"name": name, "valueFrom": {"configMapKeyRef": {"key": key, "name": cm}}}


def EField(name, path):
    return {"name": name, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": path}}}


def M(name, path, ro=None, sub=None):
    m = {"mountPath": path, "name": name}
    if ro:
        m["readOnly"] = True
    if sub:
        m["subPath"] = sub
    return m


def probe_http(path, port, period=10, fail=3, delay=0, timeout=1, scheme="HTTP"):
    return {"failureThreshold": fail, "httpGet": {"path": path, "port": port, "scheme": scheme},
            "initialDelaySeconds": delay, "periodSeconds": period, "successThreshold": 1,
            "timeoutSeconds": timeout}


def probe_tcp(port, period=10, fail=3, delay=0, timeout=1):
    return {"failureThreshold": fail, "initialDelaySeconds": delay, "periodSeconds": period,
            "successThreshold": 1, "tcpSocket": {"port": port}, "timeoutSeconds": timeout}


def probe_exec(cmd, period=10, fail=3, delay=0, timeout=5):
    return {"exec": {"command": cmd}, "failureThreshold": fail, "initialDelaySeconds": delay,
            "periodSeconds": period, "successThreshold": 1, "timeoutSeconds": timeout}


def C(name, image, ports=(), req=None, lim=None, env=None, env_from=None, mounts=None, args=None,
      command=None, rp=None, lp=None, sp=None, sc=None, pull="IfNotPresent", tmp="FallbackToLogsOnError"):
    c = {"image": image, "imagePullPolicy": pull, "name": name, "resources": {},
         "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": tmp}
    if ports:
        c["ports"] = []
        for p in ports:
            d = {"containerPort": p[1], "protocol": p[2] if len(p) > 2 else "TCP"}
            if p[0]:
                d["name"] = p[0]
            c["ports"].append(d)
    if req:
        c["resources"]["requests"] = {k: v for k, v in zip(("cpu", "memory"), req) if v}
    if lim:
        c["resources"]["limits"] = {k: v for k, v in zip(("cpu", "memory"), lim) if v}
    if env:
        c["env"] = env
    if env_from:
        c["envFrom"] = env_from
    if mounts:
        c["volumeMounts"] = mounts
    if args:
        c["args"] = args
    if command:
        c["command"] = command
    if rp:
        c["readinessProbe"] = rp
    if lp:
        c["livenessProbe"] = lp
    if sp:
        c["startupProbe"] = sp
    if sc:
        c["securityContext"] = sc
    return c


def V_cm(name, cm, items=None, optional=None):
    d = {"configMap": {"defaultMode": 420, "name": cm}, "name": name}
    if items:
        d["configMap"]["items"] = items
    if optional is not None:
        d["configMap"]["optional"] = optional
    return d


def V_secret(name, secret, optional=None):
    d = {"name": name, "secret": {"defaultMode": 420, "secretName": secret}}
    if optional is not None:
        d["secret"]["optional"] = optional
    return d


def V_pvc(name, claim):
    return {"name": name, "persistentVolumeClaim": {"claimName": claim}}


def V_empty(name, medium=None, limit=None):
    d = {"emptyDir": {}, "name": name}
    if medium:
        d["emptyDir"]["medium"] = medium
    if limit:
        d["emptyDir"]["sizeLimit"] = limit
    return d


def V_host(name, path, typ=""):
    return {"hostPath": {"path": path, "type": typ}, "name": name}


def PT(labels, containers, init=None, sa=None, vols=None, node_sel=None, tols=None, psc=None, host_net=False,
       ann=None, prio=None, restart="Always", affinity=None, automount=None, tgp=30, dns=None, pull_secrets=None):
    spec = {"containers": containers,
            "dnsPolicy": dns or ("ClusterFirstWithHostNet" if host_net else "ClusterFirst"),
            "restartPolicy": restart, "schedulerName": "default-scheduler", "securityContext": psc or {},
            "terminationGracePeriodSeconds": tgp}
    if sa:
        spec["serviceAccountName"] = sa
        spec["serviceAccount"] = sa
    if init:
        spec["initContainers"] = init
    if vols:
        spec["volumes"] = vols
    if node_sel:
        spec["nodeSelector"] = node_sel
    if tols:
        spec["tolerations"] = tols
    if host_net:
        spec["hostNetwork"] = True
    if prio:
        spec["priorityClassName"] = prio
    if affinity:
        spec["affinity"] = affinity
    if automount is not None:
        spec["automountServiceAccountToken"] = automount
    if pull_secrets:
        spec["imagePullSecrets"] = [{"name": n} for n in pull_secrets]
    md = {"creationTimestamp": None, "labels": dict(labels)}
    if ann:
        md["annotations"] = dict(ann)
    return {"metadata": md, "spec": spec}


def norm_image(img):
    name = img
    first = name.split("/")[0]
    if "/" not in name or ("." not in first and ":" not in first and first != "localhost"):
        if "/" not in name:
            name = "docker.io/library/" + name
        else:
            name = "docker.io/" + name
    last = name.split("/")[-1]
    if ":" not in last and "@" not in last:
        name += ":latest"
    return name


# standard states
def RUN(since=None, ready=True, restarts=0, last=None):
    return {"t": "run", "since": since, "ready": ready, "restarts": restarts, "last": last}


def CRASH(restarts, last, backoff="5m0s"):
    return {"t": "crash", "restarts": restarts, "last": last, "backoff": backoff}


def WAIT(reason, message=None):
    return {"t": "wait", "reason": reason, "message": message}


def TERM(exit_code, reason, start, end, message=None):
    return {"t": "term", "exit": exit_code, "reason": reason, "start": start, "end": end, "message": message}


def LAST(exit_code, reason, start, end, message=None):
    return {"exit": exit_code, "reason": reason, "start": start, "end": end, "message": message}


PRIO = {"system-node-critical": 2000001000, "system-cluster-critical": 2000000000}


def qos_class(spec):
    cs = spec["containers"] + (spec.get("initContainers") or [])
    any_set, guaranteed = False, True
    for c in cs:
        r = c.get("resources", {})
        req, lim = r.get("requests", {}), r.get("limits", {})
        if req or lim:
            any_set = True
        for res in ("cpu", "memory"):
            if res not in lim:
                guaranteed = False
            elif res in req and req[res] != lim[res]:
                guaranteed = False
    if not any_set:
        return "BestEffort"
    return "Guaranteed" if guaranteed else "Burstable"


def oref(o, controller=True):
    r = {"apiVersion": o["apiVersion"], "kind": o["kind"], "name": o["metadata"]["name"], "uid": o["metadata"]["uid"]}
    if controller:
        r["blockOwnerDeletion"] = True
        r["controller"] = True
    return r


# ============================================================================= cluster builder
class Cluster:
    def __init__(self, iid, seed, snap, plat):
        self.iid = iid
        self.rng = random.Random(seed)
        self.snap = snap
        self.P = plat
        self.minor = plat["minor"]
        self.items = {p: [] for p in PLURALS}
        self.idx = {}
        self.ghosts = []
        self.rv = 3000000 + self.rng.randint(0, 9000000)
        self.ips = set()
        self.svc_ips = set()
        self.nodeports = set()
        self.nodeinfo = {}
        self.digests = {}
        self.omit = set()
        self.x = {}  # per-uid build extras (deployment conditions etc.)
        self.runtime = plat.get("runtime_prefix", "containerd")
        self.rebooted = {}

    # ---- basics
    def ago(self, d=0, h=0, m=0, s=0):
        return self.snap - timedelta(days=d, hours=h, minutes=m, seconds=s)

    def uid(self):
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def sfx(self, n=5):
        return "".join(self.rng.choice(ALPH) for _ in range(n))

    def hexs(self, n):
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def nextrv(self):
        self.rv += self.rng.randint(1, 997)
        return str(self.rv)

    def cid(self):
        return "%s://%s" % (self.runtime, self.hexs(64))

    def digest(self, img):
        base = img.rsplit(":", 1)[0] if ":" in img.split("/")[-1] else img
        if img not in self.digests:
            self.digests[img] = "%s@sha256:%s" % (base, self.hexs(64))
        return self.digests[img]

    def meta(self, name, ns, created, labels=None, ann=None, owner=None, gen=None, fin=None, uid=None,
             generation=None):
        m = {"creationTimestamp": rfc(created), "name": name, "resourceVersion": self.nextrv(),
             "uid": uid or self.uid()}
        if ns is not None:
            m["namespace"] = ns
        if labels:
            m["labels"] = dict(labels)
        if ann:
            m["annotations"] = dict(ann)
        if owner is not None:
            m["ownerReferences"] = [oref(owner)] if isinstance(owner, dict) else owner
        if gen:
            m["generateName"] = gen
        if fin:
            m["finalizers"] = list(fin)
        if generation:
            m["generation"] = generation
        return m

    def mk(self, plural, name, ns, created, **kw):
        api, kind, namespaced = PLURALS[plural]
        o = {"apiVersion": api, "kind": kind, "metadata": self.meta(name, ns if namespaced else None, created, **kw)}
        return o

    def add(self, plural, o):
        key = (o["kind"], o["metadata"].get("namespace", ""), o["metadata"]["name"])
        if key in self.idx:
            raise ValueError("duplicate %s" % (key,))
        self.idx[key] = o
        self.items[plural].append(o)
        return o

    def get(self, kind, ns, name):
        return self.idx.get((kind, ns or "", name))

    def crd(self, api, kind, ns, name, created):
        return {"apiVersion": api, "kind": kind, "metadata": self.meta(name, ns, created)}

    def ghost(self, kind, ns, name, uid, api="v1"):
        g = {"apiVersion": api, "kind": kind,
             "metadata": {"name": name, "namespace": ns, "uid": uid, "resourceVersion": self.nextrv()}}
        self.ghosts.append({"kind": kind, "namespace": ns or "", "name": name, "uid": uid})
        return g

    def ns_created(self, ns):
        return parse_ts(self.get("Namespace", "", ns)["metadata"]["creationTimestamp"])

    # ---- namespaces & accounts
    def namespace(self, name, created, labels=None, ann=None):
        lab = {"kubernetes.io/metadata.name": name}
        lab.update(labels or {})
        o = self.mk("namespaces", name, None, created, labels=lab, ann=ann)
        o["spec"] = {"finalizers": ["kubernetes"]}
        o["status"] = {"phase": "Active"}
        self.add("namespaces", o)
        self.sa(name, "default", created)
        cm = self.cm(name, "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIC/jCCAeagAwIBAgIBADANBgkqhkiG9w0BAQsFADAVMRMwEQYDVQQDEwprdWJl\n-----END CERTIFICATE-----\n"},
                     created, ann={"kubernetes.io/description": "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."})
        if self.P["name"] == "openshift":
            self.cm(name, "openshift-service-ca.crt", {"service-ca.crt": "-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n"},
                    created, ann={"service.beta.openshift.io/inject-cabundle": "true"})
            if not name.startswith("kube-") and name != "default":
                self.sa(name, "builder", created)
                self.sa(name, "deployer", created)
        return o

    def sa(self, ns, name, created, ann=None, automount=None, pull=None, labels=None, secrets=None):
        o = self.mk("serviceaccounts", name, ns, created, labels=labels, ann=ann)
        if automount is not None:
            o["automountServiceAccountToken"] = automount
        if pull:
            o["imagePullSecrets"] = [{"name": n} for n in pull]
        if secrets:
            o["secrets"] = [{"name": n} for n in secrets]
        return self.add("serviceaccounts", o)

    def cm(self, ns, name, data, created, labels=None, ann=None, owner=None):
        o = self.mk("configmaps", name, ns, created, labels=labels, ann=ann, owner=owner)
        o["data"] = dict(data)
        return self.add("configmaps", o)

    def secret(self, ns, name, keys, created, typ="Opaque", labels=None, ann=None, owner=None):
        o = self.mk("secrets", name, ns, created, labels=labels, ann=ann, owner=owner)
        o["data"] = {k: "" for k in keys}
        o["type"] = typ
        return self.add("secrets", o)

    def helm(self, ns, release, created, revs=1, keep=3):
        for r in range(max(1, revs - keep + 1), revs + 1):
            t = created + (self.snap - created) * (r - 1) / max(revs, 1) if revs > 1 else created
            t = max(t, created)
            status = "deployed" if r == revs else "superseded"
            self.secret(ns, "sh.helm.release.v1.%s.v%d" % (release, r), ["release"], t, typ="helm.sh/release.v1",
                        labels={"modifiedAt": str(int(t.timestamp())), "name": release, "owner": "helm",
                                "status": status, "version": str(r)})

    # ---- nodes
    def node(self, name, created, ip, pfx, labels, zone=None, taints=None, unsched=False, cap=("4", "16Gi", "110"),
             cond=None, provider_id=None, ann=None, pool="worker", pod_cidr=None, lo=2, hi=254, boot=None,
             ext_ip=None):
        lab = {"kubernetes.io/arch": "amd64", "kubernetes.io/hostname": labels.pop("_hostname", name),
               "kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux"}
        if zone:
            lab["topology.kubernetes.io/zone"] = zone
            lab["failure-domain.beta.kubernetes.io/zone"] = zone
        lab.update(labels)
        a = {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
        a.update(ann or {})
        o = self.mk("nodes", name, None, created, labels=lab, ann=a)
        spec = {}
        if pod_cidr:
            spec["podCIDR"] = pod_cidr
            spec["podCIDRs"] = [pod_cidr]
        if provider_id:
            spec["providerID"] = provider_id
        if taints:
            spec["taints"] = taints
        if unsched:
            spec["unschedulable"] = True
        o["spec"] = spec
        cpu, mem, pods = cap
        alloc_cpu = f_cpu(q_cpu(cpu) - (90 if q_cpu(cpu) <= 4000 else 190))
        alloc_mem = f_mem(q_mem(mem) - q_mem("1800Mi") if q_mem(mem) >= q_mem("8Gi") else q_mem(mem) - q_mem("700Mi"))
        boot = boot or created
        hb = self.snap - timedelta(seconds=self.rng.randint(3, 55))
        conds = {
            "MemoryPressure": ["False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", boot, hb],
            "DiskPressure": ["False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure", boot, hb],
            "PIDPressure": ["False", "KubeletHasSufficientPID", "kubelet has sufficient PID available", boot, hb],
            "Ready": ["True", "KubeletReady", "kubelet is posting ready status", boot + timedelta(seconds=12), hb],
        }
        for k, v in (cond or {}).items():
            conds[k] = v
        addrs = [{"address": ip, "type": "InternalIP"}]
        if ext_ip:
            addrs.append({"address": ext_ip, "type": "ExternalIP"})
        addrs.append({"address": lab["kubernetes.io/hostname"], "type": "Hostname"})
        P = self.P
        o["status"] = {
            "addresses": addrs,
            "allocatable": {"cpu": alloc_cpu, "ephemeral-storage": "95491281146", "hugepages-1Gi": "0",
                            "hugepages-2Mi": "0", "memory": alloc_mem, "pods": pods},
            "capacity": {"cpu": cpu, "ephemeral-storage": "103589120Ki", "hugepages-1Gi": "0", "hugepages-2Mi": "0",
                         "memory": mem, "pods": pods},
            "conditions": [{"lastHeartbeatTime": rfc(v[4]), "lastTransitionTime": rfc(v[3]), "message": v[2],
                            "reason": v[1], "status": v[0], "type": k} for k, v in conds.items()],
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {"architecture": "amd64", "bootID": self.uid(),
                         "containerRuntimeVersion": P["runtime"], "kernelVersion": P["kernel"],
                         "kubeProxyVersion": P["kubelet"], "kubeletVersion": P["kubelet"],
                         "machineID": self.hexs(32), "operatingSystem": "linux", "osImage": P["os"],
                         "systemUUID": self.uid().upper() if P["name"] in ("aks", "kubeadm") else self.uid()},
        }
        self.add("nodes", o)
        self.nodeinfo[name] = {"ip": ip, "pfx": pfx, "lo": lo, "hi": hi, "zone": zone, "pool": pool, "obj": o}
        self.ips.add(ip)
        return o

    def nodes_in(self, pool=None, zone=None):
        return [n for n, i in self.nodeinfo.items() if (pool is None or i["pool"] == pool) and (zone is None or i["zone"] == zone)]

    def pick(self, k, pool="worker", exclude=()):
        cand = [n for n in self.nodes_in(pool) if n not in exclude]
        if not cand:
            raise ValueError("no nodes in pool %s" % pool)
        self.rng.shuffle(cand)
        out = []
        while len(out) < k:
            out.extend(cand[: k - len(out)])
        return out

    def alloc_ip(self, node):
        i = self.nodeinfo[node]
        for _ in range(5000):
            ip = "%s%d" % (i["pfx"], self.rng.randint(i["lo"], i["hi"]))
            if ip not in self.ips:
                self.ips.add(ip)
                return ip
        raise RuntimeError("ip space exhausted on " + node)

    def alloc_svc_ip(self):
        pfx = self.P["svc_pfx"]
        for _ in range(5000):
            if pfx.count(".") == 1:
                ip = "%s%d.%d" % (pfx, self.rng.randint(0, 255), self.rng.randint(1, 254))
            else:
                ip = "%s%d" % (pfx, self.rng.randint(11, 254))
            if ip not in self.svc_ips:
                self.svc_ips.add(ip)
                return ip
        raise RuntimeError("svc ip space exhausted")

    # ---- storage
    def storageclass(self, name, prov, created, params=None, wffc=True, default=False, expand=True,
                     reclaim="Delete", labels=None, ann=None):
        a = dict(ann or {})
        if default:
            a["storageclass.kubernetes.io/is-default-class"] = "true"
        o = self.mk("storageclasses", name, None, created, labels=labels, ann=a or None)
        o["provisioner"] = prov
        if params:
            o["parameters"] = dict(params)
        o["reclaimPolicy"] = reclaim
        o["volumeBindingMode"] = "WaitForFirstConsumer" if wffc else "Immediate"
        if expand:
            o["allowVolumeExpansion"] = True
        return self.add("storageclasses", o)

    def pv_source(self, prov, pvuid, ns, claim, node, size):
        ni = self.nodeinfo.get(node, {}) if node else {}
        zone = ni.get("zone")
        attrs = {"storage.kubernetes.io/csiProvisionerIdentity": "%d-%d-%s" % (
            1700000000000 + self.rng.randint(0, 10 ** 10), self.rng.randint(1000, 9999), prov)}
        aff = None
        name = "pvc-" + pvuid
        if prov == "ebs.csi.aws.com":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": attrs,
                           "volumeHandle": "vol-0" + self.hexs(16)}}
            aff = ("topology.ebs.csi.aws.com/zone", zone)
        elif prov == "pd.csi.storage.gke.io":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": attrs,
                           "volumeHandle": "projects/%s/zones/%s/disks/%s" % (self.P["project"], zone, name)}}
            aff = ("topology.gke.io/zone", zone)
        elif prov == "disk.csi.azure.com":
            attrs["csi.storage.k8s.io/pv/name"] = name
            attrs["csi.storage.k8s.io/pvc/name"] = claim
            attrs["csi.storage.k8s.io/pvc/namespace"] = ns
            attrs["requestedsizegib"] = str(q_mem(size) // 1024 ** 3)
            attrs["skuname"] = "StandardSSD_LRS"
            src = {"csi": {"driver": prov, "volumeAttributes": attrs,
                           "volumeHandle": "/subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/disks/%s" % (
                               self.P["subscription"], self.P["node_rg"], name)}}
            aff = ("topology.disk.csi.azure.com/zone", zone)
        elif prov == "dobs.csi.digitalocean.com":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": attrs, "volumeHandle": self.uid()}}
            aff = ("region", self.P["region"])
        elif prov == "rancher.io/local-path":
            src = {"hostPath": {"path": "/var/lib/rancher/k3s/storage/%s_%s_%s" % (name, ns, claim),
                                "type": "DirectoryOrCreate"}}
            aff = ("kubernetes.io/hostname", node)
        elif prov == "openebs.io/local":
            src = {"local": {"fsType": "", "path": "/var/openebs/local/" + name}}
            aff = ("kubernetes.io/hostname", node)
        elif prov == "nfs.csi.k8s.io":
            src = {"csi": {"driver": prov, "volumeAttributes": dict(attrs, server="10.10.30.5", share="/export/k8s",
                                                                       subdir=name),
                           "volumeHandle": "10.10.30.5#export/k8s#%s##" % name}}
        elif prov == "cluster.local/nfs-subdir-external-provisioner":
            src = {"nfs": {"path": "/srv/nfs/k8s/%s-%s-%s" % (ns, claim, name), "server": "10.20.0.40"}}
        else:  # generic CSI (longhorn, vsphere, rbd ...)
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": attrs, "volumeHandle": self.uid()}}
        nodeaff = None
        if aff and aff[1]:
            nodeaff = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                {"key": aff[0], "operator": "In", "values": [aff[1]]}]}]}}
        return src, nodeaff

    def pvc(self, ns, name, size, sc, created, labels=None, node=None, state="bound", modes=("ReadWriteOnce",),
            ann=None, bound_at=None, owner=None, pv_created=None):
        scobj = self.get("StorageClass", "", sc) if sc else None
        prov = scobj["provisioner"] if scobj else None
        a = {}
        if state == "bound":
            a["pv.kubernetes.io/bind-completed"] = "yes"
            a["pv.kubernetes.io/bound-by-controller"] = "yes"
        if prov:
            a["volume.beta.kubernetes.io/storage-provisioner"] = prov
            a["volume.kubernetes.io/storage-provisioner"] = prov
        if node and scobj and scobj.get("volumeBindingMode") == "WaitForFirstConsumer":
            a["volume.kubernetes.io/selected-node"] = node
        a.update(ann or {})
        o = self.mk("persistentvolumeclaims", name, ns, created, labels=labels, ann=a, fin=["kubernetes.io/pvc-protection"],
                    owner=owner)
        o["spec"] = {"accessModes": list(modes), "resources": {"requests": {"storage": size}},
                     "storageClassName": sc if sc is not None else "", "volumeMode": "Filesystem"}
        if state == "bound":
            pvuid = o["metadata"]["uid"]
            t = pv_created or bound_at or (created + timedelta(seconds=self.rng.randint(2, 9)))
            src, aff = self.pv_source(prov, pvuid, ns, name, node, size)
            pv = self.mk("persistentvolumes", "pvc-" + pvuid, None, t,
                         ann={"pv.kubernetes.io/provisioned-by": prov,
                              "volume.kubernetes.io/provisioner-deletion-secret-name": "",
                              "volume.kubernetes.io/provisioner-deletion-secret-namespace": ""},
                         fin=(["external-provisioner.volume.kubernetes.io/finalizer"] if "csi" in src else []) + ["kubernetes.io/pv-protection"])
            pv["spec"] = {"accessModes": list(modes), "capacity": {"storage": size},
                          "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": name,
                                       "namespace": ns, "resourceVersion": o["metadata"]["resourceVersion"],
                                       "uid": pvuid},
                          "persistentVolumeReclaimPolicy": scobj.get("reclaimPolicy", "Delete"),
                          "storageClassName": sc, "volumeMode": "Filesystem"}
            pv["spec"].update(src)
            if aff:
                pv["spec"]["nodeAffinity"] = aff
            pv["status"] = {"phase": "Bound"}
            if self.minor >= 29:
                pv["status"]["lastPhaseTransitionTime"] = rfc(t)
            self.add("persistentvolumes", pv)
            o["spec"]["volumeName"] = pv["metadata"]["name"]
            o["status"] = {"accessModes": list(modes), "capacity": {"storage": size}, "phase": "Bound"}
        else:
            o["status"] = {"phase": "Pending"}
        return self.add("persistentvolumeclaims", o)

    def static_pv(self, name, size, created, source, sc="", modes=("ReadWriteOnce",), reclaim="Retain", claim=None,
                  phase="Bound", aff=None, labels=None, ann=None):
        pv = self.mk("persistentvolumes", name, None, created, labels=labels, ann=ann, fin=["kubernetes.io/pv-protection"])
        pv["spec"] = {"accessModes": list(modes), "capacity": {"storage": size},
                      "persistentVolumeReclaimPolicy": reclaim, "storageClassName": sc, "volumeMode": "Filesystem"}
        pv["spec"].update(source)
        if claim:
            pv["spec"]["claimRef"] = claim
        if aff:
            pv["spec"]["nodeAffinity"] = aff
        pv["status"] = {"phase": phase}
        if self.minor >= 29:
            pv["status"]["lastPhaseTransitionTime"] = rfc(created)
        return self.add("persistentvolumes", pv)

    # ---- services
    def service(self, ns, name, selector, ports, created, typ="ClusterIP", headless=False, pna=False, labels=None,
                ann=None, ext=None, lb=None, etp=None, cip=None):
        o = self.mk("services", name, ns, created, labels=labels, ann=ann)
        spec = {"sessionAffinity": "None", "type": typ}
        if typ == "ExternalName":
            spec["externalName"] = ext
        else:
            ip = "None" if headless else (cip or self.alloc_svc_ip())
            if cip:
                self.svc_ips.add(cip)
            spec.update({"clusterIP": ip, "clusterIPs": [ip], "internalTrafficPolicy": "Cluster",
                         "ipFamilies": ["IPv4"], "ipFamilyPolicy": "SingleStack"})
        if ports:
            spec["ports"] = []
            for p in ports:
                d = {"port": p[1], "protocol": p[3] if len(p) > 3 else "TCP", "targetPort": p[2]}
                if p[0]:
                    d["name"] = p[0]
                if typ in ("NodePort", "LoadBalancer"):
                    while True:
                        np_ = self.rng.randint(30000, 32767)
                        if np_ not in self.nodeports:
                            self.nodeports.add(np_)
                            break
                    d["nodePort"] = np_
                spec["ports"].append(d)
        if selector is not None:
            spec["selector"] = dict(selector)
        if pna:
            spec["publishNotReadyAddresses"] = True
        if typ == "LoadBalancer":
            spec["allocateLoadBalancerNodePorts"] = True
            spec["externalTrafficPolicy"] = etp or "Cluster"
        o["spec"] = spec
        o["status"] = {"loadBalancer": {}}
        if typ == "LoadBalancer" and lb:
            o["status"]["loadBalancer"] = {"ingress": [lb]}
        return self.add("services", o)

    def endpoints(self, ns, name, subsets, created, labels=None, ann=None):
        o = self.mk("endpoints", name, ns, created, labels=labels, ann=ann)
        if subsets:
            o["subsets"] = subsets
        return self.add("endpoints", o)

    # ---- policy, ingress, quota
    def netpol(self, ns, name, spec, created, labels=None, ann=None):
        o = self.mk("networkpolicies", name, ns, created, labels=labels, ann=ann, generation=1)
        o["spec"] = spec
        return self.add("networkpolicies", o)

    def ingress(self, ns, name, host, svc, port, created, cls="nginx", lb=None, tls=True, ann=None, labels=None):
        o = self.mk("ingresses", name, ns, created, labels=labels, ann=ann, generation=1)
        o["spec"] = {"ingressClassName": cls, "rules": [{"host": host, "http": {"paths": [
            {"backend": {"service": {"name": svc, "port": {"number": port} if isinstance(port, int) else {"name": port}}},
             "path": "/", "pathType": "Prefix"}]}}]}
        if tls:
            o["spec"]["tls"] = [{"hosts": [host], "secretName": name + "-tls"}]
            if not self.get("Secret", ns, name + "-tls"):
                self.secret(ns, name + "-tls", ["ca.crt", "tls.crt", "tls.key"], created, typ="kubernetes.io/tls",
                            ann={"cert-manager.io/certificate-name": name + "-tls", "cert-manager.io/issuer-kind": "ClusterIssuer",
                                 "cert-manager.io/issuer-name": "letsencrypt-prod"},
                            labels={"controller.cert-manager.io/fao": "true"})
        o["status"] = {"loadBalancer": {"ingress": [lb]} if lb else {}}
        return self.add("ingresses", o)

    def quota(self, ns, name, hard, created, labels=None, ann=None):
        o = self.mk("resourcequotas", name, ns, created, labels=labels, ann=ann)
        o["spec"] = {"hard": dict(hard)}
        o["status"] = {}
        return self.add("resourcequotas", o)

    # ---- events
    def _evname(self, name, t):
        ns_ = int(t.timestamp()) * 1000000000 + self.rng.randint(0, 999999999)
        return "%s.%x" % (name, ns_)

    def event(self, obj, reason, msg, typ="Normal", comp="kubelet", host=None, first=None, last=None, count=1,
              fpath=None, kubelet_node=False):
        md = obj["metadata"]
        first = first or self.ago(m=self.rng.randint(2, 50))
        last = last or first
        ns = md.get("namespace") or "default"
        inv = {"apiVersion": obj.get("apiVersion", "v1"), "kind": obj["kind"], "name": md["name"]}
        if md.get("namespace"):
            inv["namespace"] = md["namespace"]
        inv["uid"] = md["name"] if kubelet_node else md["uid"]
        if not kubelet_node and md.get("resourceVersion") and obj["kind"] not in ("Node",):
            inv["resourceVersion"] = md["resourceVersion"]
        if fpath:
            inv["fieldPath"] = fpath
        e = {"apiVersion": "v1", "kind": "Event", "count": count, "eventTime": None,
             "firstTimestamp": rfc(first), "lastTimestamp": rfc(last), "involvedObject": inv, "message": msg,
             "metadata": {"creationTimestamp": rfc(first), "name": self._evname(md["name"], first), "namespace": ns,
                          "resourceVersion": self.nextrv(), "uid": self.uid()},
             "reason": reason, "reportingComponent": comp, "reportingInstance": host or "",
             "source": {"component": comp}, "type": typ}
        if host:
            e["source"]["host"] = host
        self.items["events"].append(e)
        return e

    def sev(self, pod, msg, first, last=None, count=1, reason="FailedScheduling", typ="Warning", action="Scheduling"):
        """scheduler event, events.k8s.io shape as served by the core API"""
        md = pod["metadata"]
        first = min(first, self.snap - timedelta(seconds=1))
        if last:
            last = min(last, self.snap - timedelta(seconds=1))
        e = {"action": action, "apiVersion": "v1", "eventTime": rfcm(first + timedelta(microseconds=self.rng.randint(0, 999999))),
             "firstTimestamp": None, "lastTimestamp": None,
             "involvedObject": {"apiVersion": "v1", "kind": "Pod", "name": md["name"], "namespace": md["namespace"],
                                "resourceVersion": md["resourceVersion"], "uid": md["uid"]},
             "kind": "Event", "message": msg,
             "metadata": {"creationTimestamp": rfc(first), "name": self._evname(md["name"], first),
                          "namespace": md["namespace"], "resourceVersion": self.nextrv(), "uid": self.uid()},
             "reason": reason, "reportingComponent": "default-scheduler",
             "reportingInstance": "default-scheduler-" + self.P.get("sched_host", "kube-scheduler"),
             "source": {}, "type": typ}
        if count > 1 and last:
            e["series"] = {"count": count, "lastObservedTime": rfcm(last + timedelta(microseconds=self.rng.randint(0, 999999)))}
        self.items["events"].append(e)
        return e

    # ---- pods
    def pod(self, ns, name, tpl, node, created, owner=None, st=None, extra_labels=None, hostname=None,
            subdomain=None, gen=None, ann=None, ds=False, static=False):
        st = dict(st or {})
        if node:
            nc = parse_ts(self.nodeinfo[node]["obj"]["metadata"]["creationTimestamp"])
            if created < nc:
                created = min(nc + timedelta(seconds=self.rng.randint(60, 900)), self.snap - timedelta(minutes=2))
                if st.get("started") and st["started"] < created:
                    st["started"] = created + timedelta(seconds=2)
        spec = copy.deepcopy(tpl["spec"])
        labels = dict(tpl["metadata"].get("labels", {}))
        labels.update(extra_labels or {})
        a = dict(tpl["metadata"].get("annotations") or {})
        a.update(ann or {})
        if self.P["name"] == "openshift" and not spec.get("hostNetwork"):
            a.setdefault("openshift.io/scc", st.get("scc", "restricted-v2"))
        md = self.meta(name, ns, created, labels=labels, ann=a or None, owner=owner, gen=gen)
        if st.get("deleting"):
            md["deletionTimestamp"] = rfc(st["deleting"])
            md["deletionGracePeriodSeconds"] = spec.get("terminationGracePeriodSeconds", 30)
        if static:
            sa, automount = {}, False
        else:
            san = spec.get("serviceAccountName") or "default"
            spec["serviceAccountName"] = san
            spec["serviceAccount"] = san
            sa = self.get("ServiceAccount", ns, san)
            if sa is None:
                raise ValueError("pod %s/%s: missing serviceaccount %s" % (ns, name, san))
            automount = spec.get("automountServiceAccountToken")
            if automount is None:
                automount = sa.get("automountServiceAccountToken", True)
        if automount:
            vname = "kube-api-access-" + self.sfx(5)
            spec.setdefault("volumes", []).append({"name": vname, "projected": {"defaultMode": 420, "sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
                {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"},
                                            "path": "namespace"}]}}]}})
            for cc in spec["containers"] + (spec.get("initContainers") or []):
                cc.setdefault("volumeMounts", []).append(
                    M(vname, "/var/run/secrets/kubernetes.io/serviceaccount", ro=True))
        if sa.get("imagePullSecrets") and not spec.get("imagePullSecrets"):
            spec["imagePullSecrets"] = copy.deepcopy(sa["imagePullSecrets"])
        spec["enableServiceLinks"] = True
        spec["preemptionPolicy"] = "PreemptLowerPriority"
        spec["priority"] = PRIO.get(spec.get("priorityClassName"), 0)
        tols = spec.get("tolerations", [])
        if static:
            tols = tols or [{"effect": "NoExecute", "operator": "Exists"}]
        elif ds:
            extra = list(DS_DEFAULT_TOLS) + ([DS_HOSTNET_TOL] if spec.get("hostNetwork") else [])
            for t in extra:
                if not any(x.get("key") == t["key"] and x.get("effect") == t["effect"] for x in tols):
                    tols.append(dict(t))
            spec.setdefault("affinity", {})["nodeAffinity"] = {"requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}]}}
        else:
            for k in ("node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"):
                if not any(x.get("key") == k for x in tols):
                    tols.append({"effect": "NoExecute", "key": k, "operator": "Exists", "tolerationSeconds": 300})
        spec["tolerations"] = tols
        if hostname:
            spec["hostname"] = hostname
            spec["subdomain"] = subdomain
        if node:
            spec["nodeName"] = node
        p = {"apiVersion": "v1", "kind": "Pod", "metadata": md, "spec": spec}
        p["status"] = self.pod_status(p, node, created, st)
        return self.add("pods", p)

    def _cstat(self, c, s, pod):
        img = norm_image(c["image"])
        d = {"image": img, "imageID": "", "lastState": {}, "name": c["name"], "ready": False, "restartCount": 0,
             "started": False, "state": {}}
        t = s["t"]
        if t == "run":
            d.update(containerID=self.cid(), imageID=self.digest(img), ready=s["ready"],
                     restartCount=s.get("restarts", 0), started=True,
                     state={"running": {"startedAt": rfc(s["since"])}})
        elif t == "crash":
            md = pod["metadata"]
            d.update(containerID=self.cid(), imageID=self.digest(img), restartCount=s["restarts"],
                     state={"waiting": {"message": "back-off %s restarting failed container=%s pod=%s_%s(%s)" % (
                         s.get("backoff", "5m0s"), c["name"], md["name"], md["namespace"], md["uid"]),
                         "reason": "CrashLoopBackOff"}})
        elif t == "wait":
            w = {"reason": s["reason"]}
            if s.get("message"):
                w["message"] = s["message"]
            d["state"] = {"waiting": w}
            d["restartCount"] = s.get("restarts", 0)
        elif t == "term":
            term = {"containerID": self.cid(), "exitCode": s["exit"], "finishedAt": rfc(s["end"]),
                    "reason": s["reason"], "startedAt": rfc(s["start"])}
            if s.get("message"):
                term["message"] = s["message"]
            if s["reason"] == "ContainerStatusUnknown":
                term.pop("containerID")
            else:
                d["containerID"] = term["containerID"]
                d["imageID"] = self.digest(img)
            d["state"] = {"terminated": term}
            d["restartCount"] = s.get("restarts", 0)
        if s.get("last"):
            L = s["last"]
            lt = {"containerID": self.cid(), "exitCode": L["exit"], "finishedAt": rfc(L["end"]),
                  "reason": L["reason"], "startedAt": rfc(L["start"])}
            if L.get("message"):
                lt["message"] = L["message"]
            if not d["imageID"]:
                d["imageID"] = self.digest(img)
            d["lastState"] = {"terminated": lt}
        return d

    def pod_status(self, p, node, created, st):
        spec = p["spec"]
        qos = qos_class(spec)
        if not node:
            return {"conditions": [{"lastProbeTime": None, "lastTransitionTime": rfc(st.get("sched_t", created)),
                                    "message": st.get("unsched", "0/3 nodes are available"),
                                    "reason": st.get("sched_reason", "Unschedulable"), "status": "False", "type": "PodScheduled"}],
                    "phase": "Pending", "qosClass": qos}
        started = st.get("started") or created + timedelta(seconds=self.rng.randint(1, 3))
        sandbox = st.get("sandbox", True)
        ni = self.nodeinfo[node]
        status = {"hostIP": ni["ip"], "hostIPs": [{"ip": ni["ip"]}], "qosClass": qos, "startTime": rfc(started)}
        if sandbox:
            ip = ni["ip"] if spec.get("hostNetwork") else (st.get("ip") or self.alloc_ip(node))
            status["podIP"] = ip
            status["podIPs"] = [{"ip": ip}]
        t = started + timedelta(seconds=2)
        inits = spec.get("initContainers") or []
        ist = st.get("init", {})
        init_done, ics, pending_inits = True, [], []
        for ic in inits:
            s = ist.get(ic["name"])
            if s is None:
                if not init_done or not sandbox:
                    s = WAIT("PodInitializing")
                else:
                    end = t + timedelta(seconds=self.rng.randint(1, 12))
                    s = TERM(0, "Completed", t, end)
                    t = end + timedelta(seconds=1)
            if not (s["t"] == "term" and s["exit"] == 0):
                init_done = False
                pending_inits.append(ic["name"])
            elif s["t"] == "term":
                t = max(t, s["end"] + timedelta(seconds=1))
            ics.append(self._cstat(ic, s, p))
        cst = st.get("ctr", {})
        css, states = [], []
        for c in spec["containers"]:
            s = cst.get(c["name"])
            if s is None:
                if not sandbox:
                    s = WAIT("ContainerCreating")
                elif not init_done:
                    s = WAIT("PodInitializing")
                else:
                    s = RUN()
            rb = self.rebooted.get(node)
            if s["t"] == "run" and s.get("since") is None and rb and rb > t and s.get("restarts", 0) == 0:
                s = dict(s, since=rb + timedelta(seconds=self.rng.randint(40, 140)), restarts=1,
                         last=LAST(255, "Unknown", t + timedelta(seconds=2), rb))
            if s["t"] == "run" and s.get("since") is None:
                s = dict(s, since=t + timedelta(seconds=self.rng.randint(1, 4)))
            states.append((c["name"], s))
            css.append(self._cstat(c, s, p))
        if ics:
            status["initContainerStatuses"] = ics
        status["containerStatuses"] = sorted(css, key=lambda x: x["name"])
        if st.get("phase"):
            phase = st["phase"]
        elif not init_done:
            phase = "Pending"
        elif any(s["t"] in ("run", "crash") for _, s in states):
            phase = "Running"
        elif states and all(s["t"] == "term" for _, s in states):
            phase = "Succeeded" if all(s["exit"] == 0 for _, s in states) else "Failed"
        else:
            phase = "Pending"
        status["phase"] = phase
        if st.get("reason"):
            status["reason"] = st["reason"]
        if st.get("message"):
            status["message"] = st["message"]
        terminal = phase in ("Succeeded", "Failed")
        ends = [s["end"] for _, s in states if s["t"] == "term"]
        end_t = max(ends) if ends else None
        conds = []
        if st.get("disruption"):
            dt_, dmsg = st["disruption"]
            conds.append({"lastProbeTime": None, "lastTransitionTime": rfc(dt_), "message": dmsg,
                          "reason": "TerminationByKubelet", "status": "True", "type": "DisruptionTarget"})
        if self.minor >= 29:
            ok = sandbox and not terminal
            conds.append({"lastProbeTime": None,
                          "lastTransitionTime": rfc(end_t if terminal and end_t else started + timedelta(seconds=1)),
                          "status": "True" if ok else "False", "type": "PodReadyToStartContainers"})
        if init_done:
            c_ = {"lastProbeTime": None, "lastTransitionTime": rfc(t if inits else started), "status": "True",
                  "type": "Initialized"}
            if phase == "Succeeded":
                c_["reason"] = "PodCompleted"
            conds.append(c_)
        else:
            conds.append({"lastProbeTime": None, "lastTransitionTime": rfc(started),
                          "message": "containers with incomplete status: [%s]" % " ".join(pending_inits),
                          "reason": "ContainersNotInitialized", "status": "False", "type": "Initialized"})
        notready = [n for n, s in states if not (s["t"] == "run" and s["ready"])]
        if terminal:
            rs = "PodCompleted" if phase == "Succeeded" else "PodFailed"
            for typ in ("Ready", "ContainersReady"):
                conds.append({"lastProbeTime": None, "lastTransitionTime": rfc(end_t or started), "reason": rs,
                              "status": "False", "type": typ})
        else:
            if notready:
                lasts = [s["last"]["end"] for _, s in states if s.get("last")]
                ut = st.get("unready_t") or (max(lasts) if lasts else started)
                cr = {"lastProbeTime": None, "lastTransitionTime": rfc(ut),
                      "message": "containers with unready status: [%s]" % " ".join(notready),
                      "reason": "ContainersNotReady", "status": "False"}
            else:
                sinces = [s["since"] for _, s in states]
                rt = st.get("ready_t") or (max(sinces) + timedelta(seconds=self.rng.randint(2, 15)))
                rt = min(rt, self.snap)
                cr = {"lastProbeTime": None, "lastTransitionTime": rfc(rt), "status": "True"}
            ready = dict(cr, type="Ready")
            if st.get("node_lost"):
                ready = {"lastProbeTime": None, "lastTransitionTime": rfc(st["node_lost"]), "status": "False",
                         "type": "Ready"}
            conds.append(ready)
            conds.append(dict(cr, type="ContainersReady"))
        conds.append({"lastProbeTime": None, "lastTransitionTime": rfc(st.get("sched_t", created)), "status": "True",
                      "type": "PodScheduled"})
        status["conditions"] = conds
        return status

    # ---- workloads
    def deployment(self, ns, name, tpl, replicas, created, rsets=None, labels=None, ann=None, strategy=None,
                   nodes=None, pool="worker", states=None, pod_created=None, rev=None, progress=None,
                   failure=None, owner=None, generation=None):
        sel = {k: v for k, v in tpl["metadata"]["labels"].items()}
        if rsets is None:
            rev = rev or self.rng.choice([1, 1, 2, 3, 4, 6])
            rsets = []
            cur_t = created if rev == 1 else created + (self.snap - created) * self.rng.uniform(0.3, 0.8)
            if rev > 1:
                rsets.append({"rev": rev - 1, "replicas": 0, "created": created + (cur_t - created) * 0.5, "pods": []})
            nodes = nodes or self.pick(replicas, pool)
            pc = pod_created or (cur_t + timedelta(seconds=2))
            states = states or [None] * replicas
            rsets.append({"rev": rev, "replicas": replicas, "created": cur_t,
                          "pods": [{"node": nodes[i], "st": states[i], "created": pc} for i in range(replicas)]})
        cur = max(rsets, key=lambda r: r["rev"])
        a = {"deployment.kubernetes.io/revision": str(cur["rev"])}
        a.update(ann or {})
        strategy = strategy or {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}, "type": "RollingUpdate"}
        gen = generation or cur["rev"] + self.rng.randint(0, 2)
        dep = self.mk("deployments", name, ns, created, labels=labels or sel, ann=a, generation=gen, owner=owner)
        dep["spec"] = {"progressDeadlineSeconds": 600, "replicas": replicas, "revisionHistoryLimit": 10,
                       "selector": {"matchLabels": sel}, "strategy": strategy,
                       "template": copy.deepcopy(cur.get("tpl", tpl))}
        dep["status"] = {}
        self.add("deployments", dep)
        self.x[dep["metadata"]["uid"]] = {"progress": progress, "failure": failure, "cur_t": cur["created"]}
        out = {"dep": dep, "rs": [], "pods": []}
        for r in sorted(rsets, key=lambda r: r["rev"]):
            t_ = copy.deepcopy(r.get("tpl", tpl))
            h = r.get("hash") or self.sfx(self.rng.choice([9, 10]))
            t_["metadata"]["labels"]["pod-template-hash"] = h
            rsname = "%s-%s" % (name, h)
            ra = {"deployment.kubernetes.io/desired-replicas": str(replicas),
                  "deployment.kubernetes.io/max-replicas": str(replicas + max(1, -(-replicas // 4))),
                  "deployment.kubernetes.io/revision": str(r["rev"])}
            rs = self.mk("replicasets", rsname, ns, r["created"], labels=t_["metadata"]["labels"], ann=ra,
                         owner=dep, generation=self.rng.randint(1, 4))
            rs["spec"] = {"replicas": r["replicas"], "selector": {"matchLabels": dict(t_["metadata"]["labels"])},
                          "template": t_}
            rs["status"] = {}
            self.add("replicasets", rs)
            self.x[rs["metadata"]["uid"]] = {"failure": r.get("failure")}
            out["rs"].append(rs)
            for pdesc in r["pods"]:
                pn = "%s-%s" % (rsname, self.sfx(5))
                pod = self.pod(ns, pn, t_, pdesc["node"], pdesc.get("created", r["created"]), owner=rs,
                               st=pdesc.get("st"), gen=rsname + "-")
                out["pods"].append(pod)
        return out

    def statefulset(self, ns, name, tpl, replicas, created, svc_name, vcts=None, pods=None, labels=None, ann=None,
                    pmp="OrderedReady", owner=None, update=False, pod_created=None, pool="worker", nodes=None,
                    pvc_created=None, retention=None):
        sel = dict(tpl["metadata"]["labels"])
        vcts = vcts or []
        cur = "%s-%s" % (name, self.sfx(10))
        upd = "%s-%s" % (name, self.sfx(10)) if update else cur
        sts = self.mk("statefulsets", name, ns, created, labels=labels or sel, ann=ann, owner=owner,
                      generation=self.rng.randint(1, 5) + (1 if update else 0))
        spec = {"persistentVolumeClaimRetentionPolicy": retention or {"whenDeleted": "Retain", "whenScaled": "Retain"},
                "podManagementPolicy": pmp, "replicas": replicas, "revisionHistoryLimit": 10,
                "selector": {"matchLabels": sel}, "serviceName": svc_name, "template": copy.deepcopy(tpl),
                "updateStrategy": {"rollingUpdate": {"partition": 0}, "type": "RollingUpdate"}}
        if vcts:
            spec["volumeClaimTemplates"] = []
            for v in vcts:
                spec["volumeClaimTemplates"].append({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                                                     "metadata": {"creationTimestamp": None, "name": v["name"]},
                                                     "spec": {"accessModes": list(v.get("modes", ["ReadWriteOnce"])),
                                                              "resources": {"requests": {"storage": v["size"]}},
                                                              "storageClassName": v["sc"], "volumeMode": "Filesystem"},
                                                     "status": {"phase": "Pending"}})
        sts["spec"] = spec
        sts["status"] = {"currentRevision": cur, "updateRevision": upd}
        self.add("statefulsets", sts)
        out = {"sts": sts, "pods": [], "pvcs": []}
        if pods is None:
            nodes = nodes or self.pick(replicas, pool)
            pods = [{"node": nodes[i]} for i in range(replicas)]
        pc = pod_created or created + timedelta(seconds=3)
        for i, pd in enumerate(pods):
            if pd is None:
                continue
            pname = "%s-%d" % (name, i)
            ptime = pd.get("created", pc + timedelta(seconds=20 * i))
            for v in vcts:
                pvs = pd.get("pvc", "bound")
                if pvs == "none":
                    continue
                cname = "%s-%s" % (v["name"], pname)
                if self.get("PersistentVolumeClaim", ns, cname):
                    continue
                ct = pd.get("pvc_created") or pvc_created or min(ptime, pc + timedelta(seconds=20 * i))
                out["pvcs"].append(self.pvc(ns, cname, v["size"], v["sc"], ct, labels=sel,
                                            node=pd.get("pv_node", pd.get("node")), state=pvs,
                                            modes=v.get("modes", ["ReadWriteOnce"])))
            t_ = copy.deepcopy(pd.get("tpl", tpl))
            vols = t_["spec"].setdefault("volumes", [])
            for v in vcts:
                vols.insert(0, V_pvc(v["name"], "%s-%s" % (v["name"], pname)))
            el = {"controller-revision-hash": upd if pd.get("rev", "upd" if not update else "cur") == "upd" else cur,
                  "statefulset.kubernetes.io/pod-name": pname}
            if self.minor >= 28:
                el["apps.kubernetes.io/pod-index"] = str(i)
            out["pods"].append(self.pod(ns, pname, t_, pd.get("node"), ptime, owner=sts, st=pd.get("st"),
                                        extra_labels=el, hostname=pname, subdomain=svc_name))
        return out

    def daemonset(self, ns, name, tpl, created, states=None, skip=(), labels=None, ann=None, pod_created=None,
                  owner=None):
        sel = dict(tpl["metadata"]["labels"])
        ds = self.mk("daemonsets", name, ns, created, labels=labels or sel, ann=ann or {"deprecated.daemonset.template.generation": "1"},
                     owner=owner, generation=1)
        ds["spec"] = {"revisionHistoryLimit": 10, "selector": {"matchLabels": sel}, "template": copy.deepcopy(tpl),
                      "updateStrategy": {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}, "type": "RollingUpdate"}}
        ds["status"] = {}
        self.add("daemonsets", ds)
        h = self.sfx(self.rng.choice([9, 10]))
        self.x[ds["metadata"]["uid"]] = {"hash": h}
        out = {"ds": ds, "pods": []}
        for n in sorted(self.nodeinfo):
            if n in skip or not ds_should_run(ds, self.nodeinfo[n]["obj"]):
                continue
            nc = parse_ts(self.nodeinfo[n]["obj"]["metadata"]["creationTimestamp"])
            pc = max(pod_created or created, nc) + timedelta(seconds=self.rng.randint(5, 40))
            pc = min(pc, self.snap - timedelta(seconds=30))
            st = (states or {}).get(n)
            out["pods"].append(self.pod(ns, "%s-%s" % (name, self.sfx(5)), tpl, n, pc, owner=ds, st=st,
                                        extra_labels={"controller-revision-hash": h, "pod-template-generation": "1"},
                                        gen=name + "-", ds=True))
        return out

    def job(self, ns, name, tpl, created, pods, owner=None, backoff=6, result=None, labels=None, ann=None,
            deadline=None, ttl=None, completions=1, parallelism=1):
        juid = self.uid()
        jl = {"batch.kubernetes.io/controller-uid": juid, "batch.kubernetes.io/job-name": name,
              "controller-uid": juid, "job-name": name}
        t_ = copy.deepcopy(tpl)
        t_["metadata"]["labels"].update(jl)
        jlab = dict(labels or {})
        jlab.update(jl)
        j = self.mk("jobs", name, ns, created, labels=jlab, ann=ann, owner=owner, uid=juid, generation=1)
        spec = {"backoffLimit": backoff, "completionMode": "NonIndexed", "completions": completions,
                "manualSelector": False, "parallelism": parallelism,
                "podReplacementPolicy": "TerminatingOrFailed",
                "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": juid}}, "suspend": False,
                "template": t_}
        if self.minor < 29:
            spec.pop("podReplacementPolicy")
        if deadline:
            spec["activeDeadlineSeconds"] = deadline
        if ttl is not None:
            spec["ttlSecondsAfterFinished"] = ttl
        j["spec"] = spec
        j["status"] = {}
        self.add("jobs", j)
        self.x[juid] = {"result": result, "start": created}
        out = {"job": j, "pods": []}
        for pd in pods:
            pn = "%s-%s" % (name, self.sfx(5))
            out["pods"].append(self.pod(ns, pn, t_, pd.get("node"), pd.get("created", created), owner=j,
                                        st=pd.get("st"), gen=name + "-"))
        return out

    def cronjob(self, ns, name, schedule, tpl, created, runs, suspend=False, conc="Forbid", hist=(3, 1), labels=None,
                ann=None, deadline=None, backoff=6, pool="worker"):
        cj = self.mk("cronjobs", name, ns, created, labels=labels, ann=ann, generation=1)
        jt = {"metadata": {"creationTimestamp": None}, "spec": {"backoffLimit": backoff, "template": copy.deepcopy(tpl)}}
        if labels:
            jt["metadata"]["labels"] = dict(labels)
        if deadline:
            jt["spec"]["activeDeadlineSeconds"] = deadline
        cj["spec"] = {"concurrencyPolicy": conc, "failedJobsHistoryLimit": hist[1], "jobTemplate": jt,
                      "schedule": schedule, "successfulJobsHistoryLimit": hist[0], "suspend": suspend}
        self.add("cronjobs", cj)
        active, last_sched, last_ok = [], None, None
        jobs = []
        for r in sorted(runs, key=lambda r: r["at"]):
            at = r["at"]
            jn = "%s-%d" % (name, int(at.timestamp()) // 60)
            start = at + timedelta(seconds=self.rng.randint(0, 2))
            node = r.get("node") or self.pick(1, pool)[0]
            res = r["result"]
            dur = r.get("dur", timedelta(seconds=self.rng.randint(20, 300)))
            pods = []
            if res == "ok":
                pods = [{"node": node, "created": start, "st": {"started": start + timedelta(seconds=1), "ctr": {
                    c["name"]: TERM(0, "Completed", start + timedelta(seconds=4), start + dur) for c in tpl["spec"]["containers"]}}}]
                result = ("Complete", start + dur + timedelta(seconds=2))
                last_ok = start + dur + timedelta(seconds=2)
            elif res == "fail":
                n_ = r.get("attempts", backoff + 1)
                tt = start
                for k in range(n_):
                    pods.append({"node": node, "created": tt, "st": {"started": tt + timedelta(seconds=1), "ctr": {
                        c["name"]: TERM(r.get("exit", 1), "Error", tt + timedelta(seconds=3), tt + dur,
                                        r.get("msg")) for c in tpl["spec"]["containers"]}}})
                    tt = tt + dur + timedelta(seconds=10 * 2 ** k)
                result = ("Failed", tt, r.get("reason", "BackoffLimitExceeded"),
                          r.get("rmsg", "Job has reached the specified backoff limit"))
            else:  # active
                pods = [{"node": node, "created": start, "st": r.get("st")}]
                result = None
            ja = {"batch.kubernetes.io/cronjob-scheduled-timestamp": rfc(at)} if self.minor >= 28 else None
            jo = self.job(ns, jn, tpl, start, pods, owner=cj, backoff=backoff, result=result, labels=labels, ann=ja,
                          deadline=deadline)
            jobs.append(jo)
            if result is None:
                active.append(jo["job"])
            last_sched = at
        cj["status"] = {}
        if active:
            cj["status"]["active"] = [{"apiVersion": "batch/v1", "kind": "Job", "name": j["metadata"]["name"],
                                       "namespace": ns, "resourceVersion": j["metadata"]["resourceVersion"],
                                       "uid": j["metadata"]["uid"]} for j in active]
        if last_sched:
            cj["status"]["lastScheduleTime"] = rfc(last_sched)
        if last_ok:
            cj["status"]["lastSuccessfulTime"] = rfc(last_ok)
        return {"cj": cj, "jobs": jobs}

    # ---- finalize
    def finalize(self):
        pods = self.items["pods"]
        by_owner = {}
        for p in pods:
            by_owner.setdefault(owner_uid(p), []).append(p)
        rs_by_dep = {}
        for rs in self.items["replicasets"]:
            u = rs["metadata"]["uid"]
            n, r = rs_status_calc(by_owner.get(u, []))
            st = {"observedGeneration": rs["metadata"]["generation"], "replicas": n}
            if n:
                st["fullyLabeledReplicas"] = n
            if r:
                st["readyReplicas"] = r
                st["availableReplicas"] = r
            fail = self.x.get(u, {}).get("failure")
            if fail:
                st["conditions"] = [{"lastTransitionTime": rfc(fail[0]), "message": fail[1], "reason": "FailedCreate",
                                     "status": "True", "type": "ReplicaFailure"}]
            rs["status"] = st
            rs_by_dep.setdefault(owner_uid(rs), []).append(rs)
        for d in self.items["deployments"]:
            u = d["metadata"]["uid"]
            x = self.x.get(u, {})
            rss = rs_by_dep.get(u, [])
            cur = max(rss, key=lambda r: int(r["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
            spec_total = sum(r["spec"]["replicas"] for r in rss)
            avail = sum(r["status"].get("availableReplicas", 0) for r in rss)
            ready = sum(r["status"].get("readyReplicas", 0) for r in rss)
            actual = sum(r["status"].get("replicas", 0) for r in rss)
            upd = cur["status"].get("replicas", 0)
            st = {"observedGeneration": d["metadata"]["generation"]}
            for k, v in (("replicas", actual), ("updatedReplicas", upd), ("readyReplicas", ready),
                         ("availableReplicas", avail), ("unavailableReplicas", max(0, spec_total - avail))):
                if v:
                    st[k] = v
            want = d["spec"]["replicas"]
            strat = d["spec"]["strategy"]
            if strat["type"] == "Recreate":
                maxu = want
            else:
                mu = strat["rollingUpdate"]["maxUnavailable"]
                maxu = (want * int(mu[:-1]) // 100) if isinstance(mu, str) else mu
                ms = strat["rollingUpdate"]["maxSurge"]
                msv = (-(-want * int(ms[:-1]) // 100)) if isinstance(ms, str) else ms
                if maxu == 0 and msv == 0:
                    maxu = 1
            ct = x.get("cur_t", parse_ts(d["metadata"]["creationTimestamp"]))
            ok_avail = avail >= want - maxu
            at = x.get("avail_t") or (ct + timedelta(seconds=self.rng.randint(5, 60)))
            at = min(at, self.snap)
            conds = [{"lastTransitionTime": rfc(at), "lastUpdateTime": rfc(at),
                      "message": "Deployment has minimum availability." if ok_avail else "Deployment does not have minimum availability.",
                      "reason": "MinimumReplicasAvailable" if ok_avail else "MinimumReplicasUnavailable",
                      "status": "True" if ok_avail else "False", "type": "Available"}]
            rn = cur["metadata"]["name"]
            done = upd == want and cur["status"].get("availableReplicas", 0) == want and actual == want
            prog = x.get("progress")
            pt = min(ct + timedelta(seconds=self.rng.randint(20, 90)), self.snap)
            if prog == "stuck":
                conds.append({"lastTransitionTime": rfc(min(ct + timedelta(seconds=600), self.snap)),
                              "lastUpdateTime": rfc(min(ct + timedelta(seconds=600), self.snap)),
                              "message": 'ReplicaSet "%s" has timed out progressing.' % rn,
                              "reason": "ProgressDeadlineExceeded", "status": "False", "type": "Progressing"})
            elif done:
                conds.append({"lastTransitionTime": rfc(ct), "lastUpdateTime": rfc(pt),
                              "message": 'ReplicaSet "%s" has successfully progressed.' % rn,
                              "reason": "NewReplicaSetAvailable", "status": "True", "type": "Progressing"})
            else:
                conds.append({"lastTransitionTime": rfc(ct), "lastUpdateTime": rfc(pt),
                              "message": 'ReplicaSet "%s" is progressing.' % rn,
                              "reason": "ReplicaSetUpdated", "status": "True", "type": "Progressing"})
            if x.get("failure"):
                f = x["failure"]
                conds.append({"lastTransitionTime": rfc(f[0]), "lastUpdateTime": rfc(f[0]), "message": f[1],
                              "reason": "FailedCreate", "status": "True", "type": "ReplicaFailure"})
            st["conditions"] = conds
            d["status"] = st
        for s in self.items["statefulsets"]:
            r = sts_status_calc(s, by_owner.get(s["metadata"]["uid"], []))
            st = {"availableReplicas": r["availableReplicas"], "collisionCount": 0,
                  "currentRevision": s["status"]["currentRevision"],
                  "observedGeneration": s["metadata"]["generation"], "replicas": r["replicas"],
                  "updateRevision": s["status"]["updateRevision"]}
            for k in ("readyReplicas", "currentReplicas", "updatedReplicas"):
                if r[k]:
                    st[k] = r[k]
            s["status"] = st
        nodes = {n["metadata"]["name"]: n for n in self.items["nodes"]}
        for ds in self.items["daemonsets"]:
            ps = [p for p in by_owner.get(ds["metadata"]["uid"], []) if pod_active(p)]
            elig = {n for n in nodes if ds_should_run(ds, nodes[n])}
            h = self.x[ds["metadata"]["uid"]]["hash"]
            cur = [p for p in ps if p["spec"].get("nodeName") in elig]
            rdy = len([p for p in cur if pod_ready(p)])
            st = {"currentNumberScheduled": len(cur), "desiredNumberScheduled": len(elig),
                  "numberMisscheduled": len(ps) - len(cur), "numberReady": rdy,
                  "observedGeneration": ds["metadata"]["generation"]}
            upd = len([p for p in cur if p["metadata"]["labels"].get("controller-revision-hash") == h])
            if upd:
                st["updatedNumberScheduled"] = upd
            if rdy:
                st["numberAvailable"] = rdy
            if len(elig) - rdy:
                st["numberUnavailable"] = len(elig) - rdy
            ds["status"] = st
        for j in self.items["jobs"]:
            u = j["metadata"]["uid"]
            x = self.x[u]
            js = job_status_calc(by_owner.get(u, []))
            st = {"startTime": rfc(x["start"]), "uncountedTerminatedPods": {}}
            if self.minor >= 24:
                st["ready"] = js["ready"]
            for k in ("active", "succeeded", "failed"):
                if js[k]:
                    st[k] = js[k]
            res = x.get("result")
            if res:
                if res[0] == "Complete":
                    st["completionTime"] = rfc(res[1])
                    st["conditions"] = [{"lastProbeTime": rfc(res[1]), "lastTransitionTime": rfc(res[1]),
                                         "status": "True", "type": "Complete"}]
                else:
                    st["conditions"] = [{"lastProbeTime": rfc(res[1]), "lastTransitionTime": rfc(res[1]),
                                         "message": res[3], "reason": res[2], "status": "True", "type": "Failed"}]
            j["status"] = st
        # endpoints and slices
        for svc in list(self.items["services"]):
            ns, name = svc["metadata"]["namespace"], svc["metadata"]["name"]
            if svc["spec"]["type"] == "ExternalName":
                continue
            ct = parse_ts(svc["metadata"]["creationTimestamp"])
            lab = dict(svc["metadata"].get("labels", {}))
            if svc["spec"].get("clusterIP") == "None":
                lab["service.kubernetes.io/headless"] = ""
            if "selector" in svc["spec"]:
                subsets, seps, ports = endpoints_for_service(svc, pods, nodes)
                self.endpoints(ns, name, subsets, ct, labels=lab or None)
                sl = dict(lab)
                sl["endpointslice.kubernetes.io/managed-by"] = "endpointslice-controller.k8s.io"
                sl["kubernetes.io/service-name"] = name
                o = self.mk("endpointslices", "%s-%s" % (name, self.sfx(5)), ns, ct, labels=sl, owner=svc,
                            gen=name + "-", ann={"endpoints.kubernetes.io/last-change-trigger-time": rfc(self.snap - timedelta(minutes=self.rng.randint(1, 30)))} if seps else None)
                o["addressType"] = "IPv4"
                o["endpoints"] = seps or None
                o["ports"] = ports if seps else None
                self.add("endpointslices", o)
            else:
                ep = self.get("Endpoints", ns, name)
                if not ep or not ep.get("subsets"):
                    continue
                if ep["metadata"].get("labels", {}).get("endpointslice.kubernetes.io/skip-mirror") == "true":
                    continue
                eps, ports = mirror_slice_endpoints(ep)
                sl = dict(ep["metadata"].get("labels", {}))
                sl["endpointslice.kubernetes.io/managed-by"] = "endpointslicemirroring-controller.k8s.io"
                sl["kubernetes.io/service-name"] = name
                o = self.mk("endpointslices", "%s-%s" % (name, self.sfx(5)), ns,
                            parse_ts(ep["metadata"]["creationTimestamp"]), labels=sl, owner=ep, gen=name + "-")
                o["addressType"] = "IPv4"
                o["endpoints"] = eps
                o["ports"] = ports
                self.add("endpointslices", o)
        counts = {}
        for plural, key in (("services", "services"), ("configmaps", "configmaps"), ("secrets", "secrets")):
            for o in self.items[plural]:
                k = (o["metadata"]["namespace"], key)
                counts[k] = counts.get(k, 0) + 1
        for rq in self.items["resourcequotas"]:
            rq["status"] = {"hard": dict(rq["spec"]["hard"]),
                            "used": quota_used(rq, pods, self.items["persistentvolumeclaims"], counts)}

    def write(self, d, truth):
        os.makedirs(d, exist_ok=True)
        for plural, (api, kind, namespaced) in PLURALS.items():
            if plural in self.omit:
                continue
            items = sorted(self.items[plural], key=lambda o: (o["metadata"].get("namespace", ""), o["metadata"]["name"]))
            doc = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
            with open(os.path.join(d, plural + ".json"), "w") as f:
                f.write(json.dumps(doc, indent=4, sort_keys=True))
                f.write("\n")
        with open(os.path.join(d, "snapshot_time.txt"), "w") as f:
            f.write(rfc(self.snap) + "\n")
        with open(os.path.join(d, "truth.json"), "w") as f:
            f.write(json.dumps(truth, indent=2, sort_keys=True))
            f.write("\n")


# ============================================================================= generic component helpers
def sysdep(c, ns, name, image, replicas, t, labels=None, ports=(), req=("100m", "128Mi"), lim=None, sa=None,
           prio=None, nodes=None, pool="worker", svc=None, tols=None, containers=None, states=None, node_sel=None,
           host_net=False, rev=None, vols=None, mounts=None, args=None, env=None, rp=None, lp=None, init=None,
           dep_labels=None, sa_ann=None, ann=None, pod_created=None, tmp="File", owner=None, strategy=None,
           psc=None, rsets=None, progress=None, failure=None, pod_ann=None, automount=None):
    labels = labels or {"app.kubernetes.io/name": name}
    if sa and not c.get("ServiceAccount", ns, sa):
        c.sa(ns, sa, t, ann=sa_ann)
    if containers is None:
        containers = [C(name.split("-")[-1] if False else name, image, ports=ports, req=req, lim=lim, mounts=mounts,
                        args=args, env=env, rp=rp, lp=lp, tmp=tmp)]
    tpl = PT(labels, containers, sa=sa, prio=prio, tols=tols, node_sel=node_sel, host_net=host_net, vols=vols,
             init=init, ann=pod_ann, psc=psc, automount=automount)
    out = c.deployment(ns, name, tpl, replicas, t, nodes=nodes, pool=pool, states=states, rev=rev,
                       labels=dep_labels, ann=ann, pod_created=pod_created, owner=owner, strategy=strategy,
                       rsets=rsets, progress=progress, failure=failure)
    if svc:
        c.service(ns, svc if isinstance(svc, str) else name, labels,
                  [(p[0], p[1], p[0] if p[0] else p[1]) for p in ports], t, labels=dep_labels or labels)
    out["tpl"] = tpl
    return out


def sysds(c, ns, name, image, t, labels=None, host_net=False, ports=(), containers=None, sa=None,
          prio="system-node-critical", tols=(("Exists",),), states=None, skip=(), req=("50m", "64Mi"), lim=None,
          vols=None, mounts=None, init=None, node_sel=None, pod_created=None, env=None, args=None, psc=None,
          ann=None, sa_ann=None, affinity=None, svc=None):
    labels = labels or {"app.kubernetes.io/name": name}
    if sa and not c.get("ServiceAccount", ns, sa):
        c.sa(ns, sa, t, ann=sa_ann)
    if containers is None:
        containers = [C(name, image, ports=ports, req=req, lim=lim, mounts=mounts, env=env, args=args, tmp="File")]
    tl = []
    for tt in tols or ():
        if tt[0] == "Exists" and len(tt) == 1:
            tl.append({"operator": "Exists"})
        elif tt[0] == "Exists":
            tl.append({"effect": tt[1], "operator": "Exists"})
        else:
            tl.append(tt[0])
    tpl = PT(labels, containers, sa=sa, prio=prio, tols=tl or None, host_net=host_net, vols=vols, init=init,
             node_sel=node_sel, psc=psc, affinity=affinity)
    out = c.daemonset(ns, name, tpl, t, states=states, skip=skip, pod_created=pod_created, ann=ann)
    if svc:
        c.service(ns, name, labels, [(p[0], p[1], p[0] if p[0] else p[1]) for p in ports], t, labels=labels)
    out["tpl"] = tpl
    return out


def static_pods(c, node, comps, t, ns="kube-system"):
    ni = c.nodeinfo[node]
    nobj = ni["obj"]
    for comp, image, cmd, req in comps:
        h = c.hexs(32)
        ann = {"kubernetes.io/config.hash": h, "kubernetes.io/config.mirror": h,
               "kubernetes.io/config.seen": rfcm(t).replace("Z", "+00:00")[:-3] if False else rfc(t),
               "kubernetes.io/config.source": "file"}
        if comp == "kube-apiserver":
            ann["kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint"] = "%s:6443" % ni["ip"]
        if comp == "etcd":
            ann["kubeadm.kubernetes.io/etcd.advertise-client-urls"] = "https://%s:2379" % ni["ip"]
        tpl = PT({"component": comp, "tier": "control-plane"},
                 [C(comp, image, command=cmd, req=(req, None), tmp="File",
                    lp=probe_http("/livez" if comp == "kube-apiserver" else "/healthz",
                                  {"kube-apiserver": 6443, "etcd": 2381, "kube-controller-manager": 10257,
                                   "kube-scheduler": 10259, "kube-proxy": 10256, "cloud-controller-manager": 10258}[comp],
                                  fail=8, delay=10, timeout=15, scheme="HTTPS" if comp not in ("etcd", "kube-proxy") else "HTTP"))],
                 host_net=True, prio="system-node-critical", tgp=30, psc={"seccompProfile": {"type": "RuntimeDefault"}})
        tpl["spec"]["dnsPolicy"] = "ClusterFirst"
        c.pod(ns, "%s-%s" % (comp, node), tpl, node, t, owner=[{"apiVersion": "v1", "controller": True,
                                                               "kind": "Node", "name": node,
                                                               "uid": nobj["metadata"]["uid"]}],
              ann=ann, static=True)


def kube_base(c, t0, api_ips, api_port=443, ns_ann=None):
    for n in ("default", "kube-system", "kube-public", "kube-node-lease"):
        c.namespace(n, t0)
    pfx = c.P["svc_pfx"]
    kip = pfx + ("0.1" if pfx.count(".") == 1 else "1")
    c.service("default", "kubernetes", None, [("https", 443, api_port)], t0,
              labels={"component": "apiserver", "provider": "kubernetes"}, cip=kip)
    c.endpoints("default", "kubernetes", [{"addresses": [{"ip": ip} for ip in api_ips],
                                           "ports": [{"name": "https", "port": api_port, "protocol": "TCP"}]}], t0,
                labels={"endpointslice.kubernetes.io/skip-mirror": "true"})
    o = c.mk("endpointslices", "kubernetes", "default", t0, labels={"kubernetes.io/service-name": "kubernetes"},
             generation=1)
    o["addressType"] = "IPv4"
    o["endpoints"] = [{"addresses": [ip], "conditions": {"ready": True}} for ip in api_ips]
    o["ports"] = [{"name": "https", "port": api_port, "protocol": "TCP"}]
    c.add("endpointslices", o)
    c.cm("kube-public", "cluster-info", {"kubeconfig": "apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: LS0tLS1CRUdJTi...\n    server: https://%s:%d\n  name: \"\"\n" % (api_ips[0], api_port)}, t0)
    c.cm("kube-system", "extension-apiserver-authentication", {"client-ca-file": "-----BEGIN CERTIFICATE-----\n...\n", "requestheader-allowed-names": "[\"front-proxy-client\"]"}, t0)


def dns_service(c, ns, name, sel, t, target=(53, 53, 9153), labels=None):
    c.service(ns, name, sel, [("dns", 53, target[0], "UDP"), ("dns-tcp", 53, target[1], "TCP"),
                              ("metrics", 9153, target[2], "TCP")], t, cip=c.P["dns_ip"],
              labels=labels or {"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true",
                                "kubernetes.io/name": "CoreDNS"},
              ann={"prometheus.io/port": "9153", "prometheus.io/scrape": "true"})


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


def coredns(c, t, replicas=2, name="coredns", image="registry.k8s.io/coredns/coredns:v1.11.1", states=None,
            corefile=COREFILE, svc_name="kube-dns", labels=None, nodes=None, pool="worker", cm_t=None, rsets=None):
    lab = labels or {"k8s-app": "kube-dns"}
    c.sa("kube-system", name, t)
    c.cm("kube-system", name, {"Corefile": corefile}, cm_t or t)
    ctr = C("coredns", image, ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP"), ("metrics", 9153, "TCP")],
            req=("100m", "70Mi"), lim=(None, "170Mi"), args=["-conf", "/etc/coredns/Corefile"],
            mounts=[M("config-volume", "/etc/coredns", ro=True)],
            rp=probe_http("/ready", 8181, period=10), lp=probe_http("/health", 8080, period=10, fail=5, delay=60, timeout=5),
            sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]},
                "readOnlyRootFilesystem": True}, tmp="File")
    tpl = PT(lab, [ctr], sa=name, prio="system-cluster-critical", dns="Default",
             vols=[V_cm("config-volume", name, items=[{"key": "Corefile", "path": "Corefile"}])],
             tols=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                   {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}],
             node_sel={"kubernetes.io/os": "linux"})
    out = c.deployment("kube-system", name, tpl, replicas, t, states=states, nodes=nodes, pool=pool, rsets=rsets,
                       strategy={"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}, "type": "RollingUpdate"})
    if svc_name:
        dns_service(c, "kube-system", svc_name, lab, t)
    out["tpl"] = tpl
    return out


# ============================================================================= platforms
PLATS = {
    "eks": dict(name="eks", minor=29, kubelet="v1.29.6-eks-1552ad0", os="Amazon Linux 2",
                kernel="5.10.220-209.869.amzn2.x86_64", runtime="containerd://1.7.11", svc_pfx="10.100.",
                dns_ip="10.100.0.10", region="us-east-1", label="EKS"),
    "gke": dict(name="gke", minor=30, kubelet="v1.30.3-gke.1639000", os="Container-Optimized OS from Google",
                kernel="6.1.90+", runtime="containerd://1.7.19", svc_pfx="34.118.", dns_ip="34.118.224.10",
                region="europe-west1", project="acme-prod-4471", label="GKE"),
    "aks": dict(name="aks", minor=29, kubelet="v1.29.7", os="Ubuntu 22.04.4 LTS", kernel="5.15.0-1068-azure",
                runtime="containerd://1.7.20-1", svc_pfx="10.0.", dns_ip="10.0.0.10", region="westeurope",
                subscription="6f1c3a9e-2b7d-4c55-9a0e-81d3f2b6c7a4", label="AKS"),
    "doks": dict(name="doks", minor=30, kubelet="v1.30.2", os="Debian GNU/Linux 12 (bookworm)",
                 kernel="6.1.0-21-amd64", runtime="containerd://1.6.31", svc_pfx="10.245.", dns_ip="10.245.0.10",
                 region="fra1", label="DigitalOcean DOKS"),
    "kubeadm": dict(name="kubeadm", minor=28, kubelet="v1.28.11", os="Ubuntu 22.04.4 LTS",
                    kernel="5.15.0-112-generic", runtime="containerd://1.7.18", svc_pfx="10.96.",
                    dns_ip="10.96.0.10", label="kubeadm"),
    "k3s": dict(name="k3s", minor=30, kubelet="v1.30.4+k3s1", os="Ubuntu 24.04.1 LTS", kernel="6.8.0-41-generic",
                runtime="containerd://1.7.20-k3s1", svc_pfx="10.43.", dns_ip="10.43.0.10", label="k3s"),
    "rke2": dict(name="rke2", minor=28, kubelet="v1.28.12+rke2r1", os="SUSE Linux Enterprise Server 15 SP5",
                 kernel="5.14.21-150500.55.68-default", runtime="containerd://1.7.17-k3s1", svc_pfx="10.43.",
                 dns_ip="10.43.0.10", label="RKE2"),
    "openshift": dict(name="openshift", minor=27, kubelet="v1.27.13+048520e",
                      os="Red Hat Enterprise Linux CoreOS 414.92.202405162017-0 (Plow)",
                      kernel="5.14.0-284.67.1.el9_2.x86_64", runtime="cri-o://1.27.6-3.rhaos4.14.git7eb2281.el9",
                      svc_pfx="172.30.", dns_ip="172.30.0.10", runtime_prefix="cri-o", label="OpenShift 4.14 (OCP-like)"),
}


def mkplat(name, **over):
    p = dict(PLATS[name])
    p.update(over)
    return p


def nodes_eks(c, t0, pools):
    zb = {"a": 0, "b": 32, "c": 64}
    reg = c.P["region"]
    out = []
    for pool in pools:
        for i in range(pool["n"]):
            z = pool["zones"][i % len(pool["zones"])]
            zone = reg + z
            third = zb[z] + c.rng.randint(0, 31)
            ip = "192.168.%d.%d" % (third, c.rng.randint(10, 250))
            name = "ip-%s.ec2.internal" % ip.replace(".", "-")
            iid = "i-0" + c.hexs(16)
            created = pool.get("created", t0 + timedelta(minutes=20))
            if isinstance(created, list):
                created = created[i]
            lab = {"eks.amazonaws.com/capacityType": "ON_DEMAND", "eks.amazonaws.com/nodegroup": pool["name"],
                   "eks.amazonaws.com/nodegroup-image": "ami-0" + c.hexs(16),
                   "eks.amazonaws.com/sourceLaunchTemplateId": "lt-0" + c.hexs(16),
                   "eks.amazonaws.com/sourceLaunchTemplateVersion": "3",
                   "k8s.io/cloud-provider-aws": c.hexs(32), "node.kubernetes.io/instance-type": pool.get("itype", "m6i.xlarge"),
                   "topology.ebs.csi.aws.com/zone": zone, "topology.kubernetes.io/region": reg}
            lab.update(pool.get("labels", {}))
            nd = c.node(name, created, ip, "192.168.%d." % (zb[z] + c.rng.randint(0, 31)), lab, zone=zone,
                        taints=pool.get("taints"), unsched=pool.get("unsched_idx") == i,
                        cap=pool.get("cap", ("4", "16069820Ki", "58")), provider_id="aws:///%s/%s" % (zone, iid),
                        ann={"alpha.kubernetes.io/provided-node-ip": ip,
                             "csi.volume.kubernetes.io/nodeid": json.dumps({"ebs.csi.aws.com": iid}, separators=(",", ":"))},
                        pool=pool.get("role", "worker"), cond=pool.get("cond", {}).get(i))
            out.append(name)
    return out


def system_eks(c, t0, irsa_ebs=True, acct="418273645091", ebs_sa_t=None):
    c.P["sched_host"] = "ip-10-0-%d-%d.ec2.internal" % (c.rng.randint(0, 200), c.rng.randint(2, 250))
    ecr = "602401143452.dkr.ecr.us-east-1.amazonaws.com"
    sysds(c, "kube-system", "aws-node", None, t0, labels={"k8s-app": "aws-node"}, host_net=True, sa="aws-node",
          containers=[C("aws-node", ecr + "/amazon-k8s-cni:v1.18.2-eksbuild.1", ports=[("metrics", 61678)],
                        req=("25m", None), tmp="File",
                        env=[E("AWS_VPC_K8S_CNI_LOGLEVEL", "DEBUG"), E("ENABLE_PREFIX_DELEGATION", "false"),
                             EField("MY_NODE_NAME", "spec.nodeName")],
                        rp=probe_exec(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"])),
                      C("aws-eks-nodeagent", ecr + "/amazon/aws-network-policy-agent:v1.1.2-eksbuild.1",
                        req=("25m", None), tmp="File")],
          init=[C("aws-vpc-cni-init", ecr + "/amazon-k8s-cni-init:v1.18.2-eksbuild.1", req=("25m", None), tmp="File")],
          sa_ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::%s:role/AmazonEKSVPCCNIRole" % acct})
    sysds(c, "kube-system", "kube-proxy", ecr + "/eks/kube-proxy:v1.29.3-minimal-eksbuild.2", t0,
          labels={"k8s-app": "kube-proxy"}, host_net=True, sa="kube-proxy", req=("100m", None),
          vols=[V_host("varlog", "/var/log"), V_host("xtables-lock", "/run/xtables.lock", "FileOrCreate"),
                V_cm("config", "kube-proxy-config")], mounts=[M("varlog", "/var/log"), M("config", "/var/lib/kube-proxy-config/")])
    c.cm("kube-system", "kube-proxy-config", {"config": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: \"iptables\"\nclusterCIDR: \"\"\n"}, t0)
    c.cm("kube-system", "aws-auth", {"mapRoles": "- groups:\n  - system:bootstrappers\n  - system:nodes\n  rolearn: arn:aws:iam::%s:role/eks-node-group-role\n  username: system:node:{{EC2PrivateDNSName}}\n" % acct}, t0)
    cd = coredns(c, t0, image=ecr + "/eks/coredns:v1.11.1-eksbuild.9")
    c.sa("kube-system", "ebs-csi-controller-sa", ebs_sa_t or t0 + timedelta(minutes=30),
         ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::%s:role/AmazonEKS_EBS_CSI_DriverRole" % acct} if irsa_ebs else None,
         labels={"app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS",
                 "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.32.0"})
    c.sa("kube-system", "ebs-csi-node-sa", t0 + timedelta(minutes=30),
         labels={"app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS",
                 "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.32.0"})
    return cd


def ebs_csi(c, t, irsa_env=True, states=None, acct="418273645091"):
    ecr = "602401143452.dkr.ecr.us-east-1.amazonaws.com"
    env = [E("CSI_ENDPOINT", "unix:///var/lib/csi/sockets/pluginproxy/csi.sock"), EField("CSI_NODE_NAME", "spec.nodeName"),
           ESec("AWS_ACCESS_KEY_ID", "aws-secret", "key_id", optional=True),
           ESec("AWS_SECRET_ACCESS_KEY", "aws-secret", "access_key", optional=True),
           E("AWS_EC2_ENDPOINT", ""), E("AWS_REGION", "us-east-1")]
    vols = [V_empty("socket-dir")]
    mounts = [M("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]
    if irsa_env:
        env += [E("AWS_STS_REGIONAL_ENDPOINTS", "regional"), E("AWS_DEFAULT_REGION", "us-east-1"),
                E("AWS_ROLE_ARN", "arn:aws:iam::%s:role/AmazonEKS_EBS_CSI_DriverRole" % acct),
                E("AWS_WEB_IDENTITY_TOKEN_FILE", "/var/run/secrets/eks.amazonaws.com/serviceaccount/token")]
        vols.append({"name": "aws-iam-token", "projected": {"defaultMode": 420, "sources": [
            {"serviceAccountToken": {"audience": "sts.amazonaws.com", "expirationSeconds": 86400, "path": "token"}}]}})
        mounts = mounts + [M("aws-iam-token", "/var/run/secrets/eks.amazonaws.com/serviceaccount", ro=True)]
    lab = {"app": "ebs-csi-controller", "app.kubernetes.io/component": "csi-driver",
           "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver",
           "app.kubernetes.io/version": "1.32.0"}
    ctrs = [C("ebs-plugin", ecr + "/eks/aws-ebs-csi-driver:v1.32.0", ports=[("healthz", 9808)],
              args=["controller", "--endpoint=$(CSI_ENDPOINT)", "--batching=true", "--logging-format=text", "--v=2"],
              env=env, mounts=mounts, req=("10m", "40Mi"), lim=(None, "256Mi"), tmp="File",
              lp=probe_http("/healthz", "healthz", fail=5, delay=10, timeout=3),
              rp=probe_http("/healthz", "healthz", fail=5, delay=10, timeout=3)),
            C("csi-provisioner", ecr + "/eks/csi-provisioner:v5.0.1-eks-1-30-10",
              args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--feature-gates=Topology=true",
                    "--extra-create-metadata", "--leader-election=true", "--default-fstype=ext4"],
              env=[E("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")],
              mounts=[M("socket-dir", "/var/lib/csi/sockets/pluginproxy/")], req=("10m", "40Mi"), lim=(None, "256Mi"), tmp="File"),
            C("csi-attacher", ecr + "/eks/csi-attacher:v4.6.1-eks-1-30-10",
              args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--leader-election=true"],
              env=[E("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")],
              mounts=[M("socket-dir", "/var/lib/csi/sockets/pluginproxy/")], req=("10m", "40Mi"), lim=(None, "256Mi"), tmp="File"),
            C("csi-resizer", ecr + "/eks/csi-resizer:v1.11.1-eks-1-30-10",
              args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--handle-volume-inuse-error=false"],
              env=[E("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")],
              mounts=[M("socket-dir", "/var/lib/csi/sockets/pluginproxy/")], req=("10m", "40Mi"), lim=(None, "256Mi"), tmp="File")]
    tpl = PT(lab, ctrs, sa="ebs-csi-controller-sa", prio="system-cluster-critical", vols=vols,
             node_sel={"kubernetes.io/os": "linux"},
             tols=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                   {"effect": "NoExecute", "operator": "Exists", "tolerationSeconds": 300}],
             psc={"fsGroup": 1000, "runAsGroup": 1000, "runAsNonRoot": True, "runAsUser": 1000})
    dep = c.deployment("kube-system", "ebs-csi-controller", tpl, 2, t, states=states,
                       strategy={"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}, "type": "RollingUpdate"},
                       labels={k: v for k, v in lab.items() if k != "app"})
    nlab = {"app": "ebs-csi-node", "app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS",
            "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.32.0"}
    sysds(c, "kube-system", "ebs-csi-node", None, t, labels=nlab, sa="ebs-csi-node-sa",
          containers=[C("ebs-plugin", ecr + "/eks/aws-ebs-csi-driver:v1.32.0", ports=[("healthz", 9808)],
                        args=["node", "--endpoint=$(CSI_ENDPOINT)", "--logging-format=text", "--v=2"],
                        req=("10m", "40Mi"), lim=(None, "256Mi"), tmp="File", sc={"privileged": True},
                        mounts=[M("kubelet-dir", "/var/lib/kubelet"), M("plugin-dir", "/csi"), M("device-dir", "/dev")]),
                      C("node-driver-registrar", ecr + "/eks/csi-node-driver-registrar:v2.11.0-eks-1-30-10",
                        args=["--csi-address=$(ADDRESS)", "--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)", "--v=2"],
                        env=[E("ADDRESS", "/csi/csi.sock"),
                             E("DRIVER_REG_SOCK_PATH", "/var/lib/kubelet/plugins/ebs.csi.aws.com/csi.sock")],
                        req=("10m", "40Mi"), lim=(None, "256Mi"), tmp="File",
                        mounts=[M("plugin-dir", "/csi"), M("registration-dir", "/registration")])],
          vols=[V_host("kubelet-dir", "/var/lib/kubelet", "Directory"),
                V_host("plugin-dir", "/var/lib/kubelet/plugins/ebs.csi.aws.com/", "DirectoryOrCreate"),
                V_host("registration-dir", "/var/lib/kubelet/plugins_registry/", "Directory"),
                V_host("device-dir", "/dev", "Directory")],
          tols=(("Exists", "NoExecute"), ("Exists", "NoSchedule"), ({"key": "CriticalAddonsOnly", "operator": "Exists"},)),
          psc={"fsGroup": 0, "runAsGroup": 0, "runAsNonRoot": False, "runAsUser": 0})
    c.storageclass("gp2", "kubernetes.io/aws-ebs", parse_ts(c.get("Namespace", "", "kube-system")["metadata"]["creationTimestamp"]),
                   params={"fsType": "ext4", "type": "gp2"}, expand=False)
    c.storageclass("gp3", "ebs.csi.aws.com", t, params={"encrypted": "true", "type": "gp3", "csi.storage.k8s.io/fstype": "ext4"},
                   default=True)
    return dep


def nodes_gke(c, t0, pools, cluster="prod-eu"):
    out = []
    for pool in pools:
        grp = c.hexs(8)
        for i in range(pool["n"]):
            z = pool["zones"][i % len(pool["zones"])]
            zone = c.P["region"] + "-" + z
            name = "gke-%s-%s-%s-%s" % (cluster, pool["name"], grp, c.sfx(4))
            k = len(c.nodeinfo)
            ip = "10.132.0.%d" % (k + 10 + c.rng.randint(0, 3) * 20)
            lab = {"cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
                   "cloud.google.com/gke-cpu-scaling-level": "4", "cloud.google.com/gke-logging-variant": "DEFAULT",
                   "cloud.google.com/gke-max-pods-per-node": "110", "cloud.google.com/gke-netd-ready": "true",
                   "cloud.google.com/gke-nodepool": pool["name"], "cloud.google.com/gke-os-distribution": "cos",
                   "cloud.google.com/gke-provisioning": "standard", "cloud.google.com/gke-stack-type": "IPV4",
                   "cloud.google.com/machine-family": "e2", "cloud.google.com/private-node": "false",
                   "node.kubernetes.io/instance-type": pool.get("itype", "e2-standard-4"),
                   "topology.gke.io/zone": zone, "topology.kubernetes.io/region": c.P["region"]}
            lab.update(pool.get("labels", {}))
            created = pool.get("created", t0 + timedelta(minutes=6))
            third = 16 + k
            c.node(name, created, ip, "10.52.%d." % third, lab, zone=zone, taints=pool.get("taints"),
                   cap=pool.get("cap", ("4", "16393916Ki", "110")), pod_cidr="10.52.%d.0/24" % third,
                   provider_id="gce://%s/%s/%s" % (c.P["project"], zone, name),
                   ann={"container.googleapis.com/instance_id": str(c.rng.randint(10 ** 18, 9 * 10 ** 18)),
                        "csi.volume.kubernetes.io/nodeid": json.dumps({"pd.csi.storage.gke.io": "projects/%s/zones/%s/instances/%s" % (c.P["project"], zone, name)}, separators=(",", ":")),
                        "node.gke.io/last-applied-node-labels": "cloud.google.com/gke-nodepool=" + pool["name"]},
                   pool=pool.get("role", "worker"), unsched=pool.get("unsched_idx") == i, cond=pool.get("cond", {}).get(i))
            out.append(name)
    return out


def system_gke(c, t0, dns_states=None):
    c.P["sched_host"] = "gke-" + c.hexs(8)
    sysds(c, "kube-system", "anetd", None, t0, labels={"k8s-app": "cilium"}, host_net=True, sa="cilium",
          containers=[C("cilium-agent", "gke.gcr.io/cilium/cilium:v1.14.12-gke3.1", req=("100m", "100Mi"), tmp="File",
                        lp=probe_http("/healthz", 9879, fail=10, delay=120, timeout=5),
                        rp=probe_http("/healthz", 9879, fail=3, delay=5, timeout=5))])
    sysds(c, "kube-system", "pdcsi-node", None, t0, labels={"k8s-app": "gcp-compute-persistent-disk-csi-driver"},
          host_net=True, sa="pdcsi-node-sa",
          containers=[C("csi-driver-registrar", "gke.gcr.io/csi-node-driver-registrar:v2.9.4-gke.10", req=("5m", "10Mi"), tmp="File"),
                      C("gce-pd-driver", "gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.13.2-gke.0", req=("5m", "10Mi"), tmp="File")])
    sysds(c, "kube-system", "fluentbit-gke", None, t0, labels={"k8s-app": "fluentbit-gke"}, host_net=True,
          sa="fluentbit-gke", containers=[C("fluentbit", "gke.gcr.io/fluent-bit:v1.8.12-gke.38", req=("50m", "100Mi"), lim=(None, "250Mi"), tmp="File"),
                                          C("fluentbit-gke", "gke.gcr.io/fluent-bit-gke-exporter:v0.24.0-gke.1", req=("5m", "30Mi"), lim=(None, "30Mi"), tmp="File")])
    cd = sysdep(c, "kube-system", "kube-dns", None, 2, t0, labels={"k8s-app": "kube-dns"}, sa="kube-dns",
                prio="system-cluster-critical",
                containers=[C("kubedns", "gke.gcr.io/k8s-dns-kube-dns:1.23.0-gke.9", ports=[("dns-local", 10053, "UDP"), ("dns-tcp-local", 10053, "TCP"), ("metrics", 10055)],
                              req=("100m", "70Mi"), lim=(None, "210Mi"), tmp="File", rp=probe_http("/readiness", 8081, delay=3, timeout=5)),
                            C("dnsmasq", "gke.gcr.io/k8s-dns-dnsmasq-nanny:1.23.0-gke.9", ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP")], req=("150m", "20Mi"), tmp="File"),
                            C("sidecar", "gke.gcr.io/k8s-dns-sidecar:1.23.0-gke.9", ports=[("metrics", 10054)], req=("10m", "20Mi"), tmp="File")],
                tols=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "components.gke.io/gke-managed-components", "operator": "Exists"}],
                states=dns_states)
    c.cm("kube-system", "kube-dns", {}, t0, labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
    c.service("kube-system", "kube-dns", {"k8s-app": "kube-dns"}, [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP")], t0,
              cip=c.P["dns_ip"], labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "kube-dns",
                                         "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "KubeDNS"})
    sysdep(c, "kube-system", "kube-dns-autoscaler", "gke.gcr.io/cluster-proportional-autoscaler:v1.8.10-gke.6", 1, t0,
           labels={"k8s-app": "kube-dns-autoscaler"}, sa="kube-dns-autoscaler", req=("20m", "10Mi"), prio="system-cluster-critical")
    sysdep(c, "kube-system", "konnectivity-agent", "gke.gcr.io/proxy-agent:v0.30.3-gke.15", 2, t0,
           labels={"k8s-app": "konnectivity-agent"}, sa="konnectivity-agent", req=("10m", "30Mi"), lim=(None, "125Mi"),
           prio="system-cluster-critical", ports=[("metrics", 8093)])
    sysdep(c, "kube-system", "metrics-server-v1.30.3", "gke.gcr.io/metrics-server:v0.7.1-gke.23", 1, t0,
           labels={"k8s-app": "metrics-server", "version": "v1.30.3"}, sa="metrics-server", req=("43m", "55Mi"),
           prio="system-cluster-critical", ports=[("https", 10250)])
    c.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [(None, 443, "https")], t0,
              labels={"addonmanager.kubernetes.io/mode": "Reconcile", "kubernetes.io/cluster-service": "true",
                      "kubernetes.io/name": "Metrics-server"})
    sysdep(c, "kube-system", "event-exporter-gke", "gke.gcr.io/event-exporter:v0.4.0-gke.7", 1, t0,
           labels={"k8s-app": "event-exporter"}, sa="event-exporter-sa", req=("3m", "15Mi"))
    c.storageclass("standard", "kubernetes.io/gce-pd", t0, params={"type": "pd-standard"}, wffc=True,
                   labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
    c.storageclass("standard-rwo", "pd.csi.storage.gke.io", t0, params={"type": "pd-balanced"}, default=True,
                   labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
    c.storageclass("premium-rwo", "pd.csi.storage.gke.io", t0, params={"type": "pd-ssd"},
                   labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
    return cd


def nodes_aks(c, t0, pools, cluster="aks-prod-weu"):
    out = []
    c.P["node_rg"] = "MC_rg-prod-weu_%s_westeurope" % cluster
    for pool in pools:
        vmss = "%08d" % c.rng.randint(10000000, 99999999)
        for i in range(pool["n"]):
            z = pool["zones"][i % len(pool["zones"])]
            zone = "westeurope-" + z
            name = "aks-%s-%s-vmss%06d" % (pool["name"], vmss, pool.get("start", 0) + i)
            k = len(c.nodeinfo)
            ip = "10.224.0.%d" % (4 + k + c.rng.randint(0, 2) * 30)
            lab = {"agentpool": pool["name"], "kubernetes.azure.com/agentpool": pool["name"],
                   "kubernetes.azure.com/cluster": c.P["node_rg"], "kubernetes.azure.com/consolidated-additional-properties": c.uid(),
                   "kubernetes.azure.com/kubelet-identity-client-id": c.uid(), "kubernetes.azure.com/mode": pool.get("mode", "user"),
                   "kubernetes.azure.com/network-plugin": "azure", "kubernetes.azure.com/network-plugin-mode": "overlay",
                   "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202408.12.0",
                   "kubernetes.azure.com/nodepool-type": "VirtualMachineScaleSets", "kubernetes.azure.com/os-sku": "Ubuntu",
                   "kubernetes.azure.com/role": "agent", "node.kubernetes.io/instance-type": pool.get("itype", "Standard_D4s_v5"),
                   "topology.disk.csi.azure.com/zone": zone, "topology.kubernetes.io/region": "westeurope"}
            lab.update(pool.get("labels", {}))
            created = pool.get("created", t0 + timedelta(minutes=8))
            third = 10 + k
            c.node(name, created, ip, "10.244.%d." % third, lab, zone=zone, taints=pool.get("taints"),
                   cap=pool.get("cap", ("4", "16365216Ki", "110")), pod_cidr="10.244.%d.0/24" % third,
                   provider_id="azure:///subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/virtualMachineScaleSets/aks-%s-%s-vmss/virtualMachines/%d" % (
                       c.P["subscription"], c.P["node_rg"].lower(), pool["name"], vmss, i),
                   ann={"csi.volume.kubernetes.io/nodeid": json.dumps({"disk.csi.azure.com": name, "file.csi.azure.com": name}, separators=(",", ":"))},
                   pool=pool.get("role", "worker"), unsched=pool.get("unsched_idx") == i, cond=pool.get("cond", {}).get(i))
            out.append(name)
    return out


def system_aks(c, t0):
    c.P["sched_host"] = "kube-scheduler-" + c.sfx(10)
    mcr = "mcr.microsoft.com/oss/kubernetes"
    sysds(c, "kube-system", "kube-proxy", mcr + "/kube-proxy:v1.29.7-hotfix.20240806", t0,
          labels={"component": "kube-proxy", "tier": "node"}, host_net=True, sa="kube-proxy", req=("100m", None))
    sysds(c, "kube-system", "cloud-node-manager", mcr + "/azure-cloud-node-manager:v1.29.9", t0,
          labels={"k8s-app": "cloud-node-manager"}, host_net=True, sa="cloud-node-manager", req=("50m", "50Mi"), lim=("2", "512Mi"))
    sysds(c, "kube-system", "csi-azuredisk-node", None, t0, labels={"app": "csi-azuredisk-node"}, host_net=True,
          sa="csi-azuredisk-node-sa",
          containers=[C("liveness-probe", "mcr.microsoft.com/oss/kubernetes-csi/livenessprobe:v2.12.0", req=("10m", "20Mi"), lim=(None, "100Mi"), tmp="File"),
                      C("node-driver-registrar", "mcr.microsoft.com/oss/kubernetes-csi/csi-node-driver-registrar:v2.10.1", req=("10m", "20Mi"), lim=(None, "100Mi"), tmp="File"),
                      C("azuredisk", "mcr.microsoft.com/oss/kubernetes-csi/azuredisk-csi:v1.30.3", req=("10m", "20Mi"), lim=(None, "200Mi"), tmp="File")])
    sysds(c, "kube-system", "azure-ip-masq-agent", mcr + "/ip-masq-agent:v2.5.0.12", t0,
          labels={"k8s-app": "azure-ip-masq-agent", "tier": "node"}, host_net=True, req=("10m", "50Mi"), lim=("500m", "250Mi"))
    cd = coredns(c, t0, image=mcr + "/coredns:v1.9.4-hotfix.20240704", pool="system")
    sysdep(c, "kube-system", "coredns-autoscaler", mcr + "/autoscaler/cluster-proportional-autoscaler:v1.8.11", 1, t0,
           labels={"k8s-app": "coredns-autoscaler"}, sa="coredns-autoscaler", req=("20m", "10Mi"), pool="system",
           prio="system-cluster-critical")
    sysdep(c, "kube-system", "konnectivity-agent", mcr + "/apiserver-network-proxy/agent:v0.30.3-hotfix.20240819", 2, t0,
           labels={"app": "konnectivity-agent"}, sa="konnectivity-agent", req=("20m", "20Mi"), lim=("1", "1Gi"),
           pool="system", prio="system-cluster-critical")
    sysdep(c, "kube-system", "metrics-server", mcr + "/metrics-server:v0.6.3", 2, t0,
           labels={"k8s-app": "metrics-server"}, sa="metrics-server", req=("50m", "80Mi"), lim=("145m", "355Mi"),
           pool="system", ports=[("https", 4443)], prio="system-cluster-critical")
    c.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [(None, 443, "https")], t0,
              labels={"addonmanager.kubernetes.io/mode": "Reconcile", "kubernetes.io/cluster-service": "true"})
    c.storageclass("default", "disk.csi.azure.com", t0, params={"skuname": "StandardSSD_LRS"}, default=True,
                   labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"})
    c.storageclass("managed-csi", "disk.csi.azure.com", t0, params={"skuname": "StandardSSD_LRS"},
                   labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"})
    c.storageclass("managed-csi-premium", "disk.csi.azure.com", t0, params={"skuname": "Premium_LRS"},
                   labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"})
    c.storageclass("azurefile-csi", "file.csi.azure.com", t0, params={"skuName": "Standard_LRS"}, wffc=False,
                   labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"})
    return cd


def nodes_doks(c, t0, pools):
    out = []
    for pool in pools:
        pid = c.uid()
        for i in range(pool["n"]):
            name = "%s-%s" % (pool["name"], c.sfx(5))
            k = len(c.nodeinfo)
            ip = "10.114.0.%d" % (2 + k + c.rng.randint(0, 3) * 10)
            nid = str(c.rng.randint(400000000, 450000000))
            lab = {"doks.digitalocean.com/managed": "true", "doks.digitalocean.com/node-id": c.uid(),
                   "doks.digitalocean.com/node-pool": pool["name"], "doks.digitalocean.com/node-pool-id": pid,
                   "doks.digitalocean.com/version": "1.30.2-do.0",
                   "node.kubernetes.io/instance-type": pool.get("itype", "s-4vcpu-8gb"), "region": c.P["region"],
                   "topology.kubernetes.io/region": c.P["region"]}
            lab.update(pool.get("labels", {}))
            created = pool.get("created", t0 + timedelta(minutes=5))
            if isinstance(created, list):
                created = created[i]
            third = 2 * k
            c.node(name, created, ip, "10.244.%d." % third, lab, taints=pool.get("taints"),
                   cap=pool.get("cap", ("4", "8148240Ki", "110")), pod_cidr="10.244.%d.0/25" % third, hi=126,
                   provider_id="digitalocean://" + nid, ext_ip="164.92.%d.%d" % (c.rng.randint(128, 250), c.rng.randint(2, 250)),
                   ann={"csi.volume.kubernetes.io/nodeid": json.dumps({"dobs.csi.digitalocean.com": nid}, separators=(",", ":")),
                        "io.cilium.network.ipv4-cilium-host": "10.244.%d.1" % third,
                        "io.cilium.network.ipv4-pod-cidr": "10.244.%d.0/25" % third},
                   pool=pool.get("role", "worker"), unsched=pool.get("unsched_idx") == i, cond=pool.get("cond", {}).get(i))
            out.append(name)
    return out


def system_doks(c, t0):
    c.P["sched_host"] = "kube-scheduler"
    sysds(c, "kube-system", "cilium", None, t0, labels={"k8s-app": "cilium"}, host_net=True, sa="cilium",
          containers=[C("cilium-agent", "ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix", req=("300m", "300Mi"), tmp="File",
                        lp=probe_http("/healthz", 9879, fail=10, timeout=5), rp=probe_http("/healthz", 9879, timeout=5))],
          init=[C("clean-cilium-state", "ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix", req=("100m", "100Mi"), tmp="File")])
    sysds(c, "kube-system", "csi-do-node", None, t0, labels={"app": "csi-do-node", "role": "csi-do"}, host_net=True,
          sa="csi-do-node-sa",
          containers=[C("csi-node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.11.1", tmp="File"),
                      C("csi-do-plugin", "docker.io/digitalocean/do-csi-plugin:v4.11.0", tmp="File", sc={"privileged": True})])
    sysds(c, "kube-system", "do-node-agent", "docker.io/digitalocean/do-agent:3.16.7", t0,
          labels={"app": "do-node-agent"}, host_net=True, req=("102m", "80Mi"), lim=(None, "300Mi"), sa="do-agent")
    sysds(c, "kube-system", "kube-proxy", "registry.k8s.io/kube-proxy:v1.30.2", t0,
          labels={"k8s-app": "kube-proxy"}, host_net=True, sa="kube-proxy", req=("100m", None))
    sysdep(c, "kube-system", "cilium-operator", "ghcr.io/digitalocean-packages/cilium-operator-generic:v1.14.14", 1, t0,
           labels={"io.cilium/app": "operator", "name": "cilium-operator"}, sa="cilium-operator", host_net=True,
           prio="system-cluster-critical", req=("100m", "100Mi"))
    cd = coredns(c, t0, image="registry.k8s.io/coredns/coredns:v1.11.1")
    c.storageclass("do-block-storage", "dobs.csi.digitalocean.com", t0, default=True, wffc=False,
                   labels={"doks.digitalocean.com/managed": "true"})
    c.storageclass("do-block-storage-retain", "dobs.csi.digitalocean.com", t0, wffc=False, reclaim="Retain",
                   labels={"doks.digitalocean.com/managed": "true"})
    c.storageclass("do-block-storage-xfs", "dobs.csi.digitalocean.com", t0, wffc=False,
                   params={"fstype": "xfs"}, labels={"doks.digitalocean.com/managed": "true"})
    return cd


def nodes_kubeadm(c, t0, n_cp, n_w, prefix="k8s", net="10.10.20.", cni_pfx="10.244.", pools=None, zones=None,
                  extra=None):
    out = []
    specs = [("cp", i) for i in range(n_cp)] + [("w", i) for i in range(n_w)] + [("x", i) for i in range(len(extra or []))]
    for kind, i in specs:
        k = len(c.nodeinfo)
        if kind == "cp":
            name = "%s-cp-%02d" % (prefix, i + 1)
            lab = {"node-role.kubernetes.io/control-plane": "", "node.kubernetes.io/exclude-from-external-load-balancers": ""}
            taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}]
            pool = "cp"
            created = t0
            ex = {}
        elif kind == "w":
            name = "%s-worker-%02d" % (prefix, i + 1)
            lab, taints, pool, created, ex = {}, None, "worker", t0 + timedelta(minutes=12 + i), {}
        else:
            ex = extra[i]
            name = ex["name"]
            lab, taints, pool, created = dict(ex.get("labels", {})), ex.get("taints"), ex.get("pool", "worker"), ex["created"]
        if zones and kind != "cp":
            z = zones[i % len(zones)]
        else:
            z = None
        ip = "%s%d" % (net, 11 + k)
        if cni_pfx == "calico":
            pfx = "172.16.%d." % (c.rng.randint(0, 255))
            cidr = "10.244.%d.0/24" % k
        else:
            pfx = "%s%d." % (cni_pfx, k)
            cidr = "%s%d.0/24" % (cni_pfx, k)
        ann = {"kubeadm.alpha.kubernetes.io/cri-socket": "unix:///var/run/containerd/containerd.sock"}
        ann.update(ex.get("ann", {}))
        c.node(name, created, ip, pfx, lab, zone=z, taints=taints, cap=ex.get("cap", ("8", "32863392Ki", "110")),
               pod_cidr=cidr, ann=ann, pool=pool, unsched=ex.get("unsched", False), cond=ex.get("cond"))
        out.append(name)
    c.P["sched_host"] = out[0]
    return out


def system_kubeadm(c, t0, cni="calico", ver="v1.28.11"):
    for n in c.nodes_in("cp"):
        static_pods(c, n, [("etcd", "registry.k8s.io/etcd:3.5.12-0", ["etcd", "--data-dir=/var/lib/etcd"], "100m"),
                           ("kube-apiserver", "registry.k8s.io/kube-apiserver:" + ver, ["kube-apiserver", "--secure-port=6443"], "250m"),
                           ("kube-controller-manager", "registry.k8s.io/kube-controller-manager:" + ver, ["kube-controller-manager"], "200m"),
                           ("kube-scheduler", "registry.k8s.io/kube-scheduler:" + ver, ["kube-scheduler"], "100m")], t0)
    sysds(c, "kube-system", "kube-proxy", "registry.k8s.io/kube-proxy:" + ver, t0, labels={"k8s-app": "kube-proxy"},
          host_net=True, sa="kube-proxy", req=None, vols=[V_cm("kube-proxy", "kube-proxy")],
          mounts=[M("kube-proxy", "/var/lib/kube-proxy")])
    c.cm("kube-system", "kube-proxy", {"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: \"ipvs\"\n", "kubeconfig.conf": "apiVersion: v1\nkind: Config\n"}, t0)
    c.cm("kube-system", "kubeadm-config", {"ClusterConfiguration": "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\nkubernetesVersion: %s\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: 10.244.0.0/16\n  serviceSubnet: 10.96.0.0/12\n" % ver}, t0)
    c.cm("kube-system", "kubelet-config", {"kubelet": "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\n"}, t0)
    if cni == "calico":
        sysds(c, "kube-system", "calico-node", None, t0, labels={"k8s-app": "calico-node"}, host_net=True, sa="calico-node",
              containers=[C("calico-node", "docker.io/calico/node:v3.27.3", req=("250m", None), tmp="File",
                            env=[E("DATASTORE_TYPE", "kubernetes"), E("CALICO_NETWORKING_BACKEND", "bird"),
                                 E("IP_AUTODETECTION_METHOD", "interface=ens192"), E("CALICO_IPV4POOL_IPIP", "Always")],
                            lp=probe_exec(["/bin/calico-node", "-felix-live", "-bird-live"], fail=6, delay=10, timeout=10),
                            rp=probe_exec(["/bin/calico-node", "-felix-ready", "-bird-ready"], timeout=10))],
              init=[C("upgrade-ipam", "docker.io/calico/cni:v3.27.3", tmp="File"), C("install-cni", "docker.io/calico/cni:v3.27.3", tmp="File"),
                    C("mount-bpffs", "docker.io/calico/node:v3.27.3", tmp="File")])
        sysdep(c, "kube-system", "calico-kube-controllers", "docker.io/calico/kube-controllers:v3.27.3", 1, t0,
               labels={"k8s-app": "calico-kube-controllers"}, sa="calico-kube-controllers", prio="system-cluster-critical",
               req=None, tols=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                               {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}],
               pool="cp", strategy={"type": "Recreate"})
        c.cm("kube-system", "calico-config", {"calico_backend": "bird", "cni_network_config": "{\"name\": \"k8s-pod-network\", \"cniVersion\": \"0.3.1\"}", "typha_service_name": "none", "veth_mtu": "0"}, t0)
    elif cni == "cilium":
        sysds(c, "kube-system", "cilium", None, t0, labels={"k8s-app": "cilium"}, host_net=True, sa="cilium",
              containers=[C("cilium-agent", "quay.io/cilium/cilium:v1.15.6", req=None, tmp="File",
                            lp=probe_http("/healthz", 9879, fail=10, timeout=5),
                            rp=probe_http("/healthz", 9879, timeout=5),
                            sp=probe_http("/healthz", 9879, fail=105, period=2))],
              init=[C("config", "quay.io/cilium/cilium:v1.15.6", tmp="File"), C("mount-cgroup", "quay.io/cilium/cilium:v1.15.6", tmp="File"),
                    C("clean-cilium-state", "quay.io/cilium/cilium:v1.15.6", tmp="File"), C("install-cni-binaries", "quay.io/cilium/cilium:v1.15.6", tmp="File")])
        sysdep(c, "kube-system", "cilium-operator", "quay.io/cilium/operator-generic:v1.15.6", 2, t0,
               labels={"io.cilium/app": "operator", "name": "cilium-operator"}, sa="cilium-operator", host_net=True,
               prio="system-cluster-critical", req=None, tols=[{"operator": "Exists"}], pool="cp",
               nodes=(c.nodes_in("cp") * 2)[:2] if len(c.nodes_in("cp")) >= 2 else None)
        c.cm("kube-system", "cilium-config", {"cluster-name": "default", "cluster-pool-ipv4-cidr": "10.0.0.0/8",
                                              "ipam": "cluster-pool", "kube-proxy-replacement": "false",
                                              "routing-mode": "tunnel", "tunnel-protocol": "vxlan"}, t0)
    elif cni == "flannel":
        c.namespace("kube-flannel", t0, labels={"pod-security.kubernetes.io/enforce": "privileged"})
        sysds(c, "kube-flannel", "kube-flannel-ds", None, t0, labels={"app": "flannel", "k8s-app": "flannel", "tier": "node"},
              host_net=True, sa="flannel",
              containers=[C("kube-flannel", "docker.io/flannel/flannel:v0.25.4", req=("100m", "50Mi"), tmp="File",
                            args=["--ip-masq", "--kube-subnet-mgr"], sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False},
                            mounts=[M("run", "/run/flannel"), M("flannel-cfg", "/etc/kube-flannel/")])],
              init=[C("install-cni-plugin", "docker.io/flannel/flannel-cni-plugin:v1.4.1-flannel1", tmp="File"),
                    C("install-cni", "docker.io/flannel/flannel:v0.25.4", tmp="File")],
              vols=[V_host("run", "/run/flannel"), V_cm("flannel-cfg", "kube-flannel-cfg")])
        c.cm("kube-flannel", "kube-flannel-cfg", {"cni-conf.json": "{\n  \"name\": \"cbr0\",\n  \"cniVersion\": \"0.3.1\"\n}\n",
                                                  "net-conf.json": "{\n  \"Network\": \"10.244.0.0/16\",\n  \"Backend\": {\n    \"Type\": \"vxlan\"\n  }\n}\n"}, t0)
    sysdep(c, "kube-system", "metrics-server", "registry.k8s.io/metrics-server/metrics-server:v0.7.1", 1, t0,
           labels={"k8s-app": "metrics-server"}, sa="metrics-server", req=("100m", "200Mi"), ports=[("https", 10250)],
           prio="system-cluster-critical", rp=probe_http("/readyz", "https", scheme="HTTPS"),
           lp=probe_http("/livez", "https", scheme="HTTPS"))
    c.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [("https", 443, "https")], t0,
              labels={"k8s-app": "metrics-server"})


def nodes_k3s(c, t0, n_srv, n_agent, extra=None, net="192.168.10."):
    out = []
    specs = [("s", i) for i in range(n_srv)] + [("a", i) for i in range(n_agent)] + [("x", i) for i in range(len(extra or []))]
    for kind, i in specs:
        k = len(c.nodeinfo)
        ip = "%s%d" % (net, 21 + k)
        ex = {}
        if kind == "s":
            name = "k3s-server-%02d" % (i + 1)
            lab = {"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                   "node-role.kubernetes.io/etcd": "true"}
            pool, created = "server", t0
        elif kind == "a":
            name = "k3s-agent-%02d" % (i + 1)
            lab, pool, created = {}, "worker", t0 + timedelta(minutes=15 + i)
        else:
            ex = extra[i]
            name, lab, pool, created = ex["name"], dict(ex.get("labels", {})), ex.get("pool", "worker"), ex["created"]
        lab.update({"k3s.io/hostname": name, "k3s.io/internal-ip": ip, "node.kubernetes.io/instance-type": "k3s"})
        ann = {"alpha.kubernetes.io/provided-node-ip": ip, "flannel.alpha.coreos.com/backend-type": "vxlan",
               "flannel.alpha.coreos.com/kube-subnet-manager": "true", "flannel.alpha.coreos.com/public-ip": ip,
               "k3s.io/node-args": "[\"%s\"]" % ("server" if kind == "s" else "agent"),
               "k3s.io/internal-ip": ip, "k3s.io/hostname": name,
               "k3s.io/node-config-hash": c.hexs(52).upper() + "===="}
        ann.update(ex.get("ann", {}))
        c.node(name, created, ip, "10.42.%d." % k, lab, taints=ex.get("taints"), cap=ex.get("cap", ("4", "16377412Ki", "110")),
               pod_cidr="10.42.%d.0/24" % k, provider_id="k3s://" + name, ann=ann, pool=pool, cond=ex.get("cond"))
        out.append(name)
    c.P["sched_host"] = out[0]
    return out


def system_k3s(c, t0):
    lp_ = sysdep(c, "kube-system", "local-path-provisioner", "rancher/local-path-provisioner:v0.0.28", 1, t0,
                 labels={"app": "local-path-provisioner"}, sa="local-path-provisioner-service-account",
                 prio="system-node-critical", req=None, pool="server",
                 tols=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                       {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}])
    c.cm("kube-system", "local-path-config", {"config.json": "{\n  \"nodePathMap\":[\n  {\n    \"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\n    \"paths\":[\"/var/lib/rancher/k3s/storage\"]\n  }\n  ]\n}"}, t0)
    cd = coredns(c, t0, replicas=1, image="rancher/mirrored-coredns-coredns:1.10.1", pool="server")
    c.cm("kube-system", "coredns-custom", {}, t0, labels={"objectset.rio.cattle.io/hash": c.hexs(40)}) if False else None
    sysdep(c, "kube-system", "metrics-server", "rancher/mirrored-metrics-server:v0.7.0", 1, t0,
           labels={"k8s-app": "metrics-server"}, sa="metrics-server", req=("100m", "70Mi"), ports=[("https", 10250)],
           prio="system-node-critical", pool="server")
    c.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [("https", 443, "https")], t0,
              labels={"kubernetes.io/cluster-service": "true", "kubernetes.io/name": "Metrics-server"})
    hc = c.crd("helm.cattle.io/v1", "HelmChart", "kube-system", "traefik", t0)
    hcc = c.crd("helm.cattle.io/v1", "HelmChart", "kube-system", "traefik-crd", t0)
    for h, nm in ((hcc, "helm-install-traefik-crd"), (hc, "helm-install-traefik")):
        c.sa("kube-system", "helm-" + h["metadata"]["name"], t0)
        jt = PT({"helmcharts.helm.cattle.io/chart": h["metadata"]["name"]},
                [C("helm", "rancher/klipper-helm:v0.8.4-build20240523", args=["install"], tmp="File")],
                sa="helm-" + h["metadata"]["name"], restart="OnFailure")
        n0 = c.nodes_in("server")[0]
        s0 = t0 + timedelta(seconds=40)
        c.job("kube-system", nm, jt, s0, [{"node": n0, "created": s0, "st": {"ctr": {"helm": TERM(0, "Completed", s0 + timedelta(seconds=8), s0 + timedelta(seconds=35))}}}],
              owner=h, backoff=1000, result=("Complete", s0 + timedelta(seconds=37)))
    tr = sysdep(c, "kube-system", "traefik", "rancher/mirrored-library-traefik:2.10.7", 1, t0,
                labels={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"},
                sa="traefik", ports=[("metrics", 9100), ("traefik", 9000), ("web", 8000), ("websecure", 8443)],
                req=None, prio="system-cluster-critical", pool="server",
                rp=probe_http("/ping", 9000, fail=1, delay=2, period=10, timeout=2))
    c.service("kube-system", "traefik", {"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"},
              [("web", 80, "web"), ("websecure", 443, "websecure")], t0, typ="LoadBalancer",
              lb={"ip": c.nodeinfo[c.nodes_in("server")[0]]["ip"], "ipMode": "VIP"},
              labels={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "traefik"})
    svclb = "svclb-traefik-" + c.hexs(8)
    sysds(c, "kube-system", svclb, None, t0, labels={"app": svclb, "svccontroller.k3s.cattle.io/svcname": "traefik",
                                                     "svccontroller.k3s.cattle.io/svcnamespace": "kube-system"},
          containers=[C("lb-tcp-80", "rancher/klipper-lb:v0.4.7", ports=[("lb-tcp-80", 80)], tmp="File"),
                      C("lb-tcp-443", "rancher/klipper-lb:v0.4.7", ports=[("lb-tcp-443", 443)], tmp="File")],
          prio=None, tols=(("Exists", "NoSchedule"), ("Exists", "NoExecute"), ({"key": "CriticalAddonsOnly", "operator": "Exists"},)),
          req=None)
    c.storageclass("local-path", "rancher.io/local-path", t0, default=True, expand=False,
                   ann={"defaultVolumeType": "hostPath"}, labels={"objectset.rio.cattle.io/hash": c.hexs(40)})
    return cd


def nodes_rke2(c, t0, n_srv, n_w, extra=None, net="10.30.40."):
    out = []
    specs = [("s", i) for i in range(n_srv)] + [("w", i) for i in range(n_w)] + [("x", i) for i in range(len(extra or []))]
    for kind, i in specs:
        k = len(c.nodeinfo)
        ip = "%s%d" % (net, 31 + k)
        ex = {}
        if kind == "s":
            name = "rke2-srv-%02d" % (i + 1)
            lab = {"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                   "node-role.kubernetes.io/master": "true"}
            pool, created = "server", t0
        elif kind == "w":
            name = "rke2-wrk-%02d" % (i + 1)
            lab, pool, created = {"node-role.kubernetes.io/worker": "true"}, "worker", t0 + timedelta(minutes=25 + i)
        else:
            ex = extra[i]
            name, lab, pool, created = ex["name"], dict(ex.get("labels", {})), ex.get("pool", "worker"), ex["created"]
        lab.update({"node.kubernetes.io/instance-type": "rke2", "plan.upgrade.cattle.io/system-agent-upgrader": c.hexs(56)})
        ann = {"alpha.kubernetes.io/provided-node-ip": ip, "flannel.alpha.coreos.com/backend-type": "vxlan",
               "flannel.alpha.coreos.com/public-ip": ip, "projectcalico.org/IPv4Address": ip + "/24",
               "rke2.io/hostname": name, "rke2.io/internal-ip": ip, "rke2.io/node-config-hash": c.hexs(52).upper() + "===="}
        ann.update(ex.get("ann", {}))
        c.node(name, created, ip, "10.42.%d." % k, lab, taints=ex.get("taints"), cap=ex.get("cap", ("8", "32826176Ki", "110")),
               pod_cidr="10.42.%d.0/24" % k, provider_id="rke2://" + name, ann=ann, pool=pool, cond=ex.get("cond"))
        out.append(name)
    c.P["sched_host"] = out[0]
    return out


def system_rke2(c, t0):
    ver = c.P["kubelet"]
    img = "index.docker.io/rancher/hardened-kubernetes:%s-build20240717" % ver
    for n in c.nodes_in("server"):
        static_pods(c, n, [("etcd", "index.docker.io/rancher/hardened-etcd:v3.5.13-k3s1-build20240531", ["etcd"], "200m"),
                           ("kube-apiserver", img, ["kube-apiserver"], "250m"),
                           ("kube-controller-manager", img, ["kube-controller-manager"], "200m"),
                           ("kube-scheduler", img, ["kube-scheduler"], "100m"),
                           ("cloud-controller-manager", "index.docker.io/rancher/rke2-cloud-provider:v1.29.3-build20240515", ["cloud-controller-manager"], "100m")], t0)
    for n in sorted(c.nodeinfo):
        nt = parse_ts(c.nodeinfo[n]["obj"]["metadata"]["creationTimestamp"])
        static_pods(c, n, [("kube-proxy", img, ["kube-proxy"], "250m")], nt + timedelta(seconds=30))
    sysds(c, "kube-system", "rke2-canal", None, t0, labels={"k8s-app": "canal"}, host_net=True, sa="canal",
          containers=[C("calico-node", "index.docker.io/rancher/hardened-calico:v3.28.0-build20240625", req=("250m", None), tmp="File",
                        lp=probe_exec(["/bin/calico-node", "-felix-live"], fail=6, delay=10, timeout=10),
                        rp=probe_http("/readiness", 9099)),
                      C("kube-flannel", "index.docker.io/rancher/hardened-flannel:v0.25.4-build20240610", tmp="File")],
          init=[C("install-cni", "index.docker.io/rancher/hardened-calico:v3.28.0-build20240625", tmp="File"),
                C("flexvol-driver", "index.docker.io/rancher/hardened-calico:v3.28.0-build20240625", tmp="File")])
    sysds(c, "kube-system", "rke2-ingress-nginx-controller", None, t0,
          labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "rke2-ingress-nginx",
                  "app.kubernetes.io/name": "rke2-ingress-nginx"}, sa="rke2-ingress-nginx", prio=None, tols=(),
          containers=[C("rke2-ingress-nginx-controller", "index.docker.io/rancher/nginx-ingress-controller:v1.10.1-hardened3",
                        ports=[("http", 80), ("https", 443), ("webhook", 8443)], req=("100m", "90Mi"), tmp="File",
                        rp=probe_http("/healthz", 10254), lp=probe_http("/healthz", 10254, fail=5, delay=10))])
    cd = coredns(c, t0, name="rke2-coredns-rke2-coredns", image="index.docker.io/rancher/hardened-coredns:v1.11.1-build20240305",
                 svc_name=None, labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns"})
    dns_service(c, "kube-system", "rke2-coredns-rke2-coredns", {"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns"}, t0,
                target=(53, 53, 9153), labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/managed-by": "Helm",
                                               "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true"})
    sysdep(c, "kube-system", "rke2-coredns-rke2-coredns-autoscaler", "index.docker.io/rancher/hardened-cluster-autoscaler:v1.8.10-build20240124", 1, t0,
           labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns-autoscaler", "k8s-app": "kube-dns-autoscaler"},
           sa="rke2-coredns-rke2-coredns-autoscaler", req=("25m", "16Mi"), prio="system-cluster-critical")
    sysdep(c, "kube-system", "rke2-metrics-server", "index.docker.io/rancher/hardened-k8s-metrics-server:v0.7.1-build20240401", 1, t0,
           labels={"app": "rke2-metrics-server", "release": "rke2-metrics-server"}, sa="rke2-metrics-server",
           ports=[("https", 10250)], req=None, prio="system-cluster-critical")
    sysdep(c, "kube-system", "rke2-snapshot-controller", "index.docker.io/rancher/hardened-snapshot-controller:v6.2.1-build20240423", 1, t0,
           labels={"app.kubernetes.io/instance": "rke2-snapshot-controller", "app.kubernetes.io/name": "rke2-snapshot-controller"},
           sa="rke2-snapshot-controller", req=None)
    n0 = c.nodes_in("server")[0]
    for chart in ("rke2-canal", "rke2-coredns", "rke2-ingress-nginx", "rke2-metrics-server", "rke2-snapshot-controller"):
        h = c.crd("helm.cattle.io/v1", "HelmChart", "kube-system", chart, t0)
        if not c.get("ServiceAccount", "kube-system", "helm-" + chart):
            c.sa("kube-system", "helm-" + chart, t0)
        jt = PT({"helmcharts.helm.cattle.io/chart": chart},
                [C("helm", "rancher/klipper-helm:v0.8.4-build20240523", args=["install"], tmp="File")],
                sa="helm-" + chart, restart="OnFailure")
        s0 = t0 + timedelta(seconds=c.rng.randint(30, 90))
        c.job("kube-system", "helm-install-" + chart, jt, s0,
              [{"node": n0, "created": s0, "st": {"ctr": {"helm": TERM(0, "Completed", s0 + timedelta(seconds=6), s0 + timedelta(seconds=c.rng.randint(20, 60)))}}}],
              owner=h, backoff=1000, result=("Complete", s0 + timedelta(seconds=70)))
    return cd


def nodes_ocp(c, t0, n_m=3, n_w=3, infra="x7k2p", extra=None):
    out = []
    specs = [("m", i) for i in range(n_m)] + [("w", i) for i in range(n_w)] + [("x", i) for i in range(len(extra or []))]
    for kind, i in specs:
        k = len(c.nodeinfo)
        ex = {}
        if kind == "m":
            name = "ocp-%s-master-%d" % (infra, i)
            lab = {"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""}
            taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master"}]
            pool, created = "master", t0
        elif kind == "w":
            name = "ocp-%s-worker-0-%s" % (infra, c.sfx(5))
            lab, taints, pool, created = {"node-role.kubernetes.io/worker": ""}, None, "worker", t0 + timedelta(minutes=22)
        else:
            ex = extra[i]
            name, lab, taints, pool, created = ex["name"], dict(ex.get("labels", {})), ex.get("taints"), ex.get("pool", "worker"), ex["created"]
        lab.update({"node.openshift.io/os_id": "rhcos", "node.kubernetes.io/instance-type": "vsphere-vm.cpu-8.mem-32gb.os-unknown"})
        ip = "10.40.12.%d" % (20 + k)
        c.node(name, created, ip, "10.128.%d." % (2 * k), lab, taints=taints, cap=ex.get("cap", ("8", "32834624Ki", "250")),
               pod_cidr="10.128.%d.0/23" % (2 * k), provider_id="vsphere://" + c.uid(),
               ann={"machine.openshift.io/machine": "openshift-machine-api/" + name,
                    "machineconfiguration.openshift.io/currentConfig": "rendered-%s-%s" % ("master" if kind == "m" else "worker", c.hexs(32)),
                    "machineconfiguration.openshift.io/state": "Done",
                    "k8s.ovn.org/node-primary-ifaddr": json.dumps({"ipv4": ip + "/24"}, separators=(",", ":"))},
               pool=pool, cond=ex.get("cond"))
        out.append(name)
    c.P["sched_host"] = out[0]
    return out


def system_ocp(c, t0):
    q = "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:"
    ns_ann = {"openshift.io/sa.scc.mcs": "s0:c1,c0", "openshift.io/sa.scc.supplemental-groups": "1000010000/10000",
              "openshift.io/sa.scc.uid-range": "1000010000/10000"}
    for n in ("openshift-dns", "openshift-ingress", "openshift-ovn-kubernetes", "openshift-monitoring",
              "openshift-image-registry", "openshift-cluster-csi-drivers"):
        c.namespace(n, t0, labels={"openshift.io/cluster-monitoring": "true", "openshift.io/run-level": "0" if "ovn" in n else "",
                                   "pod-security.kubernetes.io/enforce": "privileged"}, ann=dict(ns_ann, **{"openshift.io/node-selector": "", "workload.openshift.io/allowed": "management"}))
    sysds(c, "openshift-ovn-kubernetes", "ovnkube-node", None, t0, labels={"app": "ovnkube-node", "component": "network", "kubernetes.io/os": "linux", "type": "infra"},
          host_net=True, sa="ovn-kubernetes-node",
          containers=[C(n_, q + c.hexs(64), req=("10m", "300Mi"), tmp="FallbackToLogsOnError") for n_ in ("ovn-controller", "ovn-acl-logging", "kube-rbac-proxy-node", "northd", "nbdb", "sbdb", "ovnkube-controller")])
    dns = sysds(c, "openshift-dns", "dns-default", None, t0, labels={"dns.operator.openshift.io/daemonset-dns": "default"},
                sa="dns", prio="system-node-critical", tols=(({"key": "node-role.kubernetes.io/master", "operator": "Exists"},),),
                containers=[C("dns", q + c.hexs(64), ports=[("dns", 5353, "UDP"), ("dns-tcp", 5353, "TCP")], req=("50m", "70Mi"), tmp="FallbackToLogsOnError",
                              rp=probe_http("/ready", 8181, fail=3, delay=10, timeout=3)),
                            C("kube-rbac-proxy", q + c.hexs(64), ports=[("metrics", 9154)], req=("10m", "40Mi"), tmp="FallbackToLogsOnError")])
    c.service("openshift-dns", "dns-default", {"dns.operator.openshift.io/daemonset-dns": "default"},
              [("dns", 53, "dns", "UDP"), ("dns-tcp", 53, "dns-tcp", "TCP"), ("metrics", 9154, "metrics", "TCP")], t0,
              cip=c.P["dns_ip"], labels={"dns.operator.openshift.io/owning-dns": "default"})
    sysds(c, "openshift-dns", "node-resolver", q + c.hexs(64), t0, labels={"dns.operator.openshift.io/daemonset-node-resolver": ""},
          host_net=True, sa="node-resolver", req=("5m", "21Mi"))
    sysdep(c, "openshift-ingress", "router-default", q + c.hexs(64), 2, t0,
           labels={"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}, sa="router",
           ports=[("http", 80), ("https", 443), ("metrics", 1936)], req=("100m", "256Mi"), prio="system-cluster-critical",
           rp=probe_http("/healthz/ready", 1936), lp=probe_http("/healthz", 1936))
    c.service("openshift-ingress", "router-internal-default", {"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"},
              [("http", 80, "http"), ("https", 443, "https"), ("metrics", 1936, 1936)], t0,
              labels={"ingresscontroller.operator.openshift.io/owning-ingresscontroller": "default"})
    sysdep(c, "openshift-image-registry", "image-registry", q + c.hexs(64), 2, t0,
           labels={"docker-registry": "default"}, sa="registry", ports=[(None, 5000)], req=("100m", "256Mi"),
           prio="system-cluster-critical")
    c.service("openshift-image-registry", "image-registry", {"docker-registry": "default"}, [("5000-tcp", 5000, 5000)], t0,
              labels={"docker-registry": "default"})
    sysds(c, "openshift-image-registry", "node-ca", q + c.hexs(64), t0, labels={"name": "node-ca"}, sa="node-ca",
          req=("10m", "10Mi"), tols=(("Exists",),))
    sysds(c, "openshift-cluster-csi-drivers", "vmware-vsphere-csi-driver-node", None, t0,
          labels={"app": "vmware-vsphere-csi-driver-node"}, host_net=True, sa="vmware-vsphere-csi-driver-node-sa",
          containers=[C("csi-driver", q + c.hexs(64), req=("10m", "50Mi"), tmp="FallbackToLogsOnError"),
                      C("csi-node-driver-registrar", q + c.hexs(64), req=("10m", "50Mi"), tmp="FallbackToLogsOnError")])
    sysdep(c, "openshift-cluster-csi-drivers", "vmware-vsphere-csi-driver-controller", None, 2, t0,
           labels={"app": "vmware-vsphere-csi-driver-controller"}, sa="vmware-vsphere-csi-driver-controller-sa",
           containers=[C("csi-driver", q + c.hexs(64), req=("10m", "50Mi"), tmp="FallbackToLogsOnError"),
                       C("csi-provisioner", q + c.hexs(64), req=("10m", "50Mi"), tmp="FallbackToLogsOnError"),
                       C("csi-attacher", q + c.hexs(64), req=("10m", "50Mi"), tmp="FallbackToLogsOnError")],
           pool="master", tols=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}],
           prio="system-cluster-critical")
    c.storageclass("thin-csi", "csi.vsphere.vmware.com", t0, default=True, params={"StoragePolicyName": "openshift-storage-policy-ocp-x7k2p"})
    # monitoring stack (cluster-monitoring-operator)
    prom = c.crd("monitoring.coreos.com/v1", "Prometheus", "openshift-monitoring", "k8s", t0)
    am = c.crd("monitoring.coreos.com/v1", "Alertmanager", "openshift-monitoring", "main", t0)
    c.sa("openshift-monitoring", "prometheus-k8s", t0)
    c.sa("openshift-monitoring", "alertmanager-main", t0)
    c.service("openshift-monitoring", "prometheus-operated", {"app.kubernetes.io/name": "prometheus"}, [("web", 9090, "web")], t0, headless=True,
              labels={"operated-prometheus": "true"})
    c.service("openshift-monitoring", "alertmanager-operated", {"app.kubernetes.io/name": "alertmanager"}, [("web", 9093, "web"), ("tcp-mesh", 9094, 9094)], t0, headless=True,
              labels={"operated-alertmanager": "true"})
    c.statefulset("openshift-monitoring", "prometheus-k8s",
                  PT({"app.kubernetes.io/instance": "k8s", "app.kubernetes.io/name": "prometheus", "prometheus": "k8s"},
                     [C("prometheus", q + c.hexs(64), ports=[("web", 9091)], req=("70m", "1Gi"), tmp="FallbackToLogsOnError"),
                      C("config-reloader", q + c.hexs(64), req=("1m", "10Mi"), tmp="FallbackToLogsOnError")], sa="prometheus-k8s",
                     prio="system-cluster-critical"), 2, t0, "prometheus-operated", pmp="Parallel", owner=prom)
    c.statefulset("openshift-monitoring", "alertmanager-main",
                  PT({"alertmanager": "main", "app.kubernetes.io/instance": "main", "app.kubernetes.io/name": "alertmanager"},
                     [C("alertmanager", q + c.hexs(64), ports=[("web", 9093), ("tcp-mesh", 9094)], req=("4m", "40Mi"), tmp="FallbackToLogsOnError")],
                     sa="alertmanager-main", prio="system-cluster-critical"), 2, t0, "alertmanager-operated", pmp="Parallel", owner=am)
    sysds(c, "openshift-monitoring", "node-exporter", q + c.hexs(64), t0, labels={"app.kubernetes.io/name": "node-exporter"},
          host_net=True, sa="node-exporter", req=("8m", "32Mi"), ports=[("https", 9100)])
    sysdep(c, "openshift-monitoring", "kube-state-metrics", q + c.hexs(64), 1, t0,
           labels={"app.kubernetes.io/name": "kube-state-metrics"}, sa="kube-state-metrics", req=("2m", "80Mi"))
    return dns


# ============================================================================= add-ons
def helm_labels(name, inst, ver, comp=None, chart=None):
    d = {"app.kubernetes.io/instance": inst, "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": name,
         "app.kubernetes.io/version": ver}
    if comp:
        d["app.kubernetes.io/component"] = comp
    if chart:
        d["helm.sh/chart"] = chart
    return d


def sel_of(name, inst, comp=None):
    d = {"app.kubernetes.io/instance": inst, "app.kubernetes.io/name": name}
    if comp:
        d["app.kubernetes.io/component"] = comp
    return d


def addon_monitoring(c, t, sc, ns="monitoring", pool="worker", prom_states=None, node_exp=True, grafana_host=None,
                     states=None, ingress_lb=None):
    c.namespace(ns, t, labels={"name": ns})
    rel = "kube-prometheus-stack"
    c.helm(ns, rel, t, revs=c.rng.randint(2, 9))
    ver = "58.7.2"
    sysdep(c, ns, rel + "-operator", "quay.io/prometheus-operator/prometheus-operator:v0.74.0", 1, t,
           labels={"app": rel + "-operator", "release": rel}, sa=rel + "-operator", ports=[("https", 10250)],
           req=("100m", "128Mi"), lim=("200m", "256Mi"), svc=True, pool=pool, tmp="File",
           dep_labels=dict(helm_labels(rel + "-operator", rel, ver), app=rel + "-operator", release=rel))
    sysdep(c, ns, rel + "-kube-state-metrics", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.12.0", 1, t,
           labels=sel_of("kube-state-metrics", rel), sa=rel + "-kube-state-metrics", ports=[("http", 8080)],
           req=("10m", "64Mi"), lim=(None, "256Mi"), svc=True, pool=pool, rp=probe_http("/", 8081), lp=probe_http("/livez", 8080),
           states=(states or {}).get("ksm"))
    g = sysdep(c, ns, rel + "-grafana", None, 1, t, labels=sel_of("grafana", rel), sa=rel + "-grafana",
               containers=[C("grafana-sc-dashboard", "quay.io/kiwigrid/k8s-sidecar:1.26.1", req=("50m", "64Mi"), tmp="File"),
                           C("grafana-sc-datasources", "quay.io/kiwigrid/k8s-sidecar:1.26.1", req=("50m", "64Mi"), tmp="File"),
                           C("grafana", "docker.io/grafana/grafana:10.4.1", ports=[("grafana", 3000)], req=("100m", "256Mi"), lim=(None, "512Mi"),
                             rp=probe_http("/api/health", 3000), lp=probe_http("/api/health", 3000, delay=60, timeout=30, fail=10), tmp="File",
                             env=[ESec("GF_SECURITY_ADMIN_USER", rel + "-grafana", "admin-user"),
                                  ESec("GF_SECURITY_ADMIN_PASSWORD", rel + "-grafana", "admin-password")],
                             mounts=[M("config", "/etc/grafana/grafana.ini", sub="grafana.ini"), M("storage", "/var/lib/grafana")])],
               vols=[V_cm("config", rel + "-grafana"), V_empty("storage")], pool=pool, states=(states or {}).get("grafana"))
    c.secret(ns, rel + "-grafana", ["admin-password", "admin-user", "ldap-toml"], t, labels=helm_labels("grafana", rel, "10.4.1"))
    c.cm(ns, rel + "-grafana", {"grafana.ini": "[analytics]\ncheck_for_updates = true\n[log]\nmode = console\n[paths]\ndata = /var/lib/grafana/\n"}, t,
         labels=helm_labels("grafana", rel, "10.4.1"))
    c.service(ns, rel + "-grafana", sel_of("grafana", rel), [("http-web", 80, 3000)], t, labels=helm_labels("grafana", rel, "10.4.1"))
    if grafana_host:
        c.ingress(ns, rel + "-grafana", grafana_host, rel + "-grafana", 80, t, lb=ingress_lb)
    if node_exp:
        sysds(c, ns, rel + "-prometheus-node-exporter", "quay.io/prometheus/node-exporter:v1.8.0", t,
              labels=sel_of("prometheus-node-exporter", rel), host_net=True, sa=rel + "-prometheus-node-exporter",
              ports=[("http-metrics", 9100)], prio="system-node-critical", req=None,
              tols=(("Exists", "NoSchedule"),), svc=True)
    prom = c.crd("monitoring.coreos.com/v1", "Prometheus", ns, rel + "-prometheus", t)
    am = c.crd("monitoring.coreos.com/v1", "Alertmanager", ns, rel + "-alertmanager", t)
    c.sa(ns, rel + "-prometheus", t)
    c.sa(ns, rel + "-alertmanager", t)
    c.service(ns, "prometheus-operated", {"app.kubernetes.io/name": "prometheus"}, [("http-web", 9090, "http-web")], t,
              headless=True, labels={"managed-by": "prometheus-operator", "operated-prometheus": "true"})
    c.service(ns, rel + "-prometheus", {"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": rel + "-prometheus"},
              [("http-web", 9090, 9090), ("reloader-web", 8080, "reloader-web")], t, labels={"app": rel + "-prometheus", "release": rel})
    pl = {"app.kubernetes.io/instance": rel + "-prometheus", "app.kubernetes.io/managed-by": "prometheus-operator",
          "app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": rel + "-prometheus",
          "operator.prometheus.io/shard": "0", "prometheus": rel + "-prometheus"}
    ptpl = PT(pl, [C("prometheus", "quay.io/prometheus/prometheus:v2.52.0", ports=[("http-web", 9090)], req=("500m", "2Gi"), lim=(None, "4Gi"),
                     rp=probe_http("/-/ready", "http-web", fail=3, period=5, timeout=3), tmp="FallbackToLogsOnError",
                     mounts=[M("prometheus-%s-db" % rel, "/prometheus", sub="prometheus-db")]),
                   C("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.74.0", ports=[("reloader-web", 8080)],
                     req=("10m", "50Mi"), lim=("10m", "50Mi"), tmp="FallbackToLogsOnError")],
              init=[C("init-config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.74.0", req=("10m", "50Mi"), lim=("10m", "50Mi"), tmp="FallbackToLogsOnError")],
              sa=rel + "-prometheus", psc={"fsGroup": 2000, "runAsGroup": 2000, "runAsNonRoot": True, "runAsUser": 1000, "seccompProfile": {"type": "RuntimeDefault"}})
    pp = None
    if prom_states:
        pp = [{"node": c.pick(1, pool)[0], "st": prom_states}]
    c.statefulset(ns, "prometheus-" + rel + "-prometheus", ptpl, 1, t, "prometheus-operated",
                  vcts=[{"name": "prometheus-%s-db" % rel, "size": "50Gi", "sc": sc}], owner=prom, pmp="Parallel", pool=pool, pods=pp)
    c.service(ns, "alertmanager-operated", {"app.kubernetes.io/name": "alertmanager"},
              [("http-web", 9093, "http-web"), ("tcp-mesh", 9094, 9094), ("udp-mesh", 9094, 9094, "UDP")], t, headless=True,
              labels={"managed-by": "prometheus-operator", "operated-alertmanager": "true"})
    al = {"alertmanager": rel + "-alertmanager", "app.kubernetes.io/instance": rel + "-alertmanager",
          "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "alertmanager"}
    c.statefulset(ns, "alertmanager-" + rel + "-alertmanager",
                  PT(al, [C("alertmanager", "quay.io/prometheus/alertmanager:v0.27.0", ports=[("http-web", 9093), ("mesh-tcp", 9094)],
                            req=("50m", "200Mi"), tmp="FallbackToLogsOnError", rp=probe_http("/-/ready", "http-web", period=5, timeout=3)),
                          C("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.74.0", req=("10m", "50Mi"), lim=("10m", "50Mi"), tmp="FallbackToLogsOnError")],
                     sa=rel + "-alertmanager"), 1, t, "alertmanager-operated", owner=am, pmp="Parallel", pool=pool)
    return g


def addon_logging(c, t, sc, flavor="loki", ns="logging", pool="worker", states=None):
    c.namespace(ns, t, labels={"name": ns})
    c.helm(ns, "loki", t, revs=c.rng.randint(1, 5))
    c.sa(ns, "loki", t)
    c.cm(ns, "loki", {"config.yaml": "auth_enabled: false\nserver:\n  http_listen_port: 3100\ncommon:\n  replication_factor: 1\n  storage:\n    filesystem:\n      chunks_directory: /var/loki/chunks\n"}, t,
         labels=helm_labels("loki", "loki", "2.9.6"))
    c.service(ns, "loki", sel_of("loki", "loki", "single-binary"), [("http-metrics", 3100, "http-metrics"), ("grpc", 9095, "grpc")], t,
              labels=helm_labels("loki", "loki", "2.9.6", "single-binary"))
    c.service(ns, "loki-headless", sel_of("loki", "loki"), [("http-metrics", 3100, "http-metrics")], t, headless=True,
              labels=helm_labels("loki", "loki", "2.9.6"))
    c.statefulset(ns, "loki", PT(sel_of("loki", "loki", "single-binary"),
                                 [C("loki", "docker.io/grafana/loki:2.9.6", ports=[("http-metrics", 3100), ("grpc", 9095)],
                                    req=("100m", "256Mi"), lim=(None, "1Gi"), rp=probe_http("/ready", "http-metrics", delay=30),
                                    mounts=[M("config", "/etc/loki/config"), M("storage", "/var/loki")])],
                                 sa="loki", vols=[V_cm("config", "loki")],
                                 psc={"fsGroup": 10001, "runAsGroup": 10001, "runAsNonRoot": True, "runAsUser": 10001}),
                  1, t, "loki-headless", vcts=[{"name": "storage", "size": "20Gi", "sc": sc}], pool=pool,
                  pods=[{"node": c.pick(1, pool)[0], "st": (states or {}).get("loki")}])
    if flavor == "loki":
        c.helm(ns, "fluent-bit", t, revs=c.rng.randint(1, 4))
        c.cm(ns, "fluent-bit", {"fluent-bit.conf": "[SERVICE]\n    Flush 1\n[INPUT]\n    Name tail\n    Path /var/log/containers/*.log\n[OUTPUT]\n    Name loki\n    Match kube.*\n    Host loki.%s.svc.cluster.local\n" % ns}, t,
             labels=helm_labels("fluent-bit", "fluent-bit", "3.0.4"))
        return sysds(c, ns, "fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:3.0.4", t, labels=sel_of("fluent-bit", "fluent-bit"),
                     sa="fluent-bit", ports=[("http", 2020)], prio=None, req=("50m", "64Mi"), lim=(None, "128Mi"),
                     vols=[V_cm("config", "fluent-bit"), V_host("varlog", "/var/log"), V_host("etcmachineid", "/etc/machine-id", "File")],
                     mounts=[M("config", "/fluent-bit/etc/conf"), M("varlog", "/var/log"), M("etcmachineid", "/etc/machine-id", ro=True)],
                     tols=(("Exists", "NoSchedule"),), svc=True)
    c.helm(ns, "vector", t, revs=c.rng.randint(1, 4))
    c.cm(ns, "vector", {"agent.yaml": "data_dir: /vector-data-dir\nsources:\n  kubernetes_logs:\n    type: kubernetes_logs\nsinks:\n  loki:\n    type: loki\n    inputs: [kubernetes_logs]\n    endpoint: http://loki.%s.svc:3100\n" % ns}, t,
         labels=helm_labels("vector", "vector", "0.39.0-distroless-libc", "Agent"))
    return sysds(c, ns, "vector", "timberio/vector:0.39.0-distroless-libc", t, labels=sel_of("vector", "vector", "Agent"),
                 sa="vector", ports=[("prom-exporter", 9090)], prio=None, req=("50m", "128Mi"), lim=(None, "512Mi"),
                 vols=[V_cm("config", "vector"), V_host("data", "/var/lib/vector"), V_host("var-log", "/var/log/")],
                 mounts=[M("config", "/etc/vector/", ro=True), M("data", "/vector-data-dir"), M("var-log", "/var/log/", ro=True)],
                 tols=(("Exists", "NoSchedule"),))


def addon_ingress_nginx(c, t, lb, ns="ingress-nginx", replicas=2, pool="worker"):
    c.namespace(ns, t, labels={"name": ns})
    c.helm(ns, "ingress-nginx", t, revs=c.rng.randint(1, 6))
    lab = sel_of("ingress-nginx", "ingress-nginx", "controller")
    hl = helm_labels("ingress-nginx", "ingress-nginx", "1.10.1", "controller", "ingress-nginx-4.10.1")
    sysdep(c, ns, "ingress-nginx-controller", "registry.k8s.io/ingress-nginx/controller:v1.10.1@sha256:e24f39d3eed6bcc239a56f20098878845f62baa34b9f2be2fd2c38ce9fb0f29e", replicas, t,
           labels=lab, sa="ingress-nginx", ports=[("http", 80), ("https", 443), ("webhook", 8443)], req=("100m", "90Mi"),
           rp=probe_http("/healthz", 10254), lp=probe_http("/healthz", 10254, fail=5, delay=10), dep_labels=hl, pool=pool,
           tmp="File")
    c.cm(ns, "ingress-nginx-controller", {"allow-snippet-annotations": "false", "use-forwarded-headers": "true"}, t, labels=hl)
    c.service(ns, "ingress-nginx-controller", lab, [("http", 80, "http"), ("https", 443, "https")], t, typ="LoadBalancer",
              lb=lb, labels=hl, etp="Local")
    c.service(ns, "ingress-nginx-controller-admission", lab, [("https-webhook", 443, "webhook")], t, labels=hl)
    c.secret(ns, "ingress-nginx-admission", ["ca", "cert", "key"], t)
    c.sa(ns, "ingress-nginx-admission", t)
    n0 = c.pick(1, pool)[0]
    for jn, arg in (("ingress-nginx-admission-create", "create"), ("ingress-nginx-admission-patch", "patch")):
        jt = PT(sel_of("ingress-nginx", "ingress-nginx", "admission-webhook"),
                [C(arg, "registry.k8s.io/ingress-nginx/kube-webhook-certgen:v1.4.1", args=[arg], tmp="File")],
                sa="ingress-nginx-admission", restart="OnFailure",
                psc={"fsGroup": 2000, "runAsNonRoot": True, "runAsUser": 2000})
        s0 = t + timedelta(seconds=c.rng.randint(5, 20))
        c.job(ns, jn, jt, s0, [{"node": n0, "created": s0, "st": {"ctr": {arg: TERM(0, "Completed", s0 + timedelta(seconds=4), s0 + timedelta(seconds=9))}}}],
              result=("Complete", s0 + timedelta(seconds=11)), labels=hl)


def addon_cert_manager(c, t, ns="cert-manager", pool="worker", states=None):
    c.namespace(ns, t)
    c.helm(ns, "cert-manager", t, revs=c.rng.randint(1, 4))
    for comp, img, port in (("cert-manager", "controller", 9402), ("cainjector", "cainjector", None), ("webhook", "webhook", 10250)):
        name = "cert-manager" if comp == "cert-manager" else "cert-manager-" + comp
        lab = {"app.kubernetes.io/component": "controller" if comp == "cert-manager" else comp,
               "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/name": comp}
        sysdep(c, ns, name, "quay.io/jetstack/cert-manager-%s:v1.14.5" % img, 1, t, labels=lab, sa=name,
               ports=[("http-metrics" if port == 9402 else "https", port)] if port else (), req=("10m", "32Mi"),
               pool=pool, tmp="File", svc=bool(port), states=(states or {}).get(comp))
    c.secret(ns, "cert-manager-webhook-ca", ["ca.crt", "tls.crt", "tls.key"], t, typ="kubernetes.io/tls")
    c.secret(ns, "letsencrypt-prod", ["tls.key"], t)


def addon_argocd(c, t, ns="argocd", pool="worker", states=None):
    c.namespace(ns, t)
    c.helm(ns, "argocd", t, revs=c.rng.randint(2, 8))
    sts = states or {}
    for comp, img, port in (("server", "argocd", 8080), ("repo-server", "argocd", 8081), ("redis", "redis", 6379),
                            ("applicationset-controller", "argocd", 7000), ("notifications-controller", "argocd", 9001)):
        name = "argocd-" + comp
        lab = {"app.kubernetes.io/instance": "argocd", "app.kubernetes.io/name": name}
        image = "quay.io/argoproj/argocd:v2.11.3" if img == "argocd" else "public.ecr.aws/docker/library/redis:7.2.4-alpine"
        sysdep(c, ns, name, image, 1, t, labels=lab, sa=name if comp != "redis" else None, ports=[("http" if comp != "redis" else "redis", port)],
               req=("50m", "64Mi"), pool=pool, svc=True, tmp="File", states=sts.get(comp))
    lab = {"app.kubernetes.io/instance": "argocd", "app.kubernetes.io/name": "argocd-application-controller"}
    c.sa(ns, "argocd-application-controller", t)
    c.service(ns, "argocd-application-controller-metrics", lab, [("http-metrics", 8082, "metrics")], t)
    c.statefulset(ns, "argocd-application-controller",
                  PT(lab, [C("application-controller", "quay.io/argoproj/argocd:v2.11.3", ports=[("metrics", 8082)],
                             req=("250m", "512Mi"), tmp="File", rp=probe_http("/healthz", 8082))], sa="argocd-application-controller"),
                  1, t, "argocd-application-controller", pool=pool,
                  pods=[{"node": c.pick(1, pool)[0], "st": sts.get("application-controller")}])
    c.cm(ns, "argocd-cm", {"url": "https://argocd.example.com", "timeout.reconciliation": "180s"}, t)
    c.cm(ns, "argocd-rbac-cm", {"policy.default": "role:readonly"}, t)
    c.secret(ns, "argocd-secret", ["admin.password", "admin.passwordMtime", "server.secretkey"], t)
    c.secret(ns, "argocd-redis", ["auth"], t)
    for repo in ("platform-gitops", "apps-gitops"):
        c.secret(ns, "repo-" + repo, ["password", "type", "url", "username"], t,
                 labels={"argocd.argoproj.io/secret-type": "repository"})


def addon_flux(c, t, ns="flux-system", pool="worker"):
    c.namespace(ns, t, labels={"app.kubernetes.io/instance": "flux-system", "app.kubernetes.io/part-of": "flux"})
    for comp in ("source-controller", "kustomize-controller", "helm-controller", "notification-controller"):
        lab = {"app": comp}
        sysdep(c, ns, comp, "ghcr.io/fluxcd/%s:v1.3.0" % comp, 1, t, labels=lab, sa=comp, ports=[("http", 9090 if comp == "source-controller" else 8080)],
               req=("50m", "64Mi"), lim=("1", "1Gi"), pool=pool, tmp="File", svc=comp in ("source-controller", "notification-controller"),
               dep_labels={"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "flux-system",
                           "app.kubernetes.io/part-of": "flux", "control-plane": "controller"})
    c.secret(ns, "flux-system", ["identity", "identity.pub", "known_hosts"], t)
    c.netpol(ns, "allow-egress", {"egress": [{}], "ingress": [{"from": [{"podSelector": {}}]}], "podSelector": {}, "policyTypes": ["Ingress", "Egress"]}, t)
    c.netpol(ns, "allow-scraping", {"ingress": [{"from": [{"namespaceSelector": {}}], "ports": [{"port": 8080, "protocol": "TCP"}]}], "podSelector": {}, "policyTypes": ["Ingress"]}, t)


def addon_external_secrets(c, t, ns="external-secrets", pool="worker", role=None):
    c.namespace(ns, t)
    c.helm(ns, "external-secrets", t, revs=c.rng.randint(1, 5))
    for comp in ("external-secrets", "external-secrets-cert-controller", "external-secrets-webhook"):
        lab = {"app.kubernetes.io/instance": "external-secrets", "app.kubernetes.io/name": comp}
        sysdep(c, ns, comp, "oci.external-secrets.io/external-secrets/external-secrets:v0.9.19", 1, t, labels=lab, sa=comp,
               ports=[("metrics", 8080)], req=("10m", "32Mi"), pool=pool, tmp="File", svc=comp == "external-secrets-webhook",
               sa_ann={"eks.amazonaws.com/role-arn": role} if role and comp == "external-secrets" else None)
    c.secret(ns, "external-secrets-webhook", ["ca.crt", "tls.crt", "tls.key"], t)


def addon_kyverno(c, t, ns="kyverno", pool="worker"):
    c.namespace(ns, t)
    c.helm(ns, "kyverno", t, revs=c.rng.randint(1, 4))
    for comp in ("admission-controller", "background-controller", "cleanup-controller", "reports-controller"):
        name = "kyverno-" + comp
        lab = {"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"}
        sysdep(c, ns, name, "ghcr.io/kyverno/kyverno:v1.12.5" if comp == "admission-controller" else "ghcr.io/kyverno/%s:v1.12.5" % comp.replace("-controller", "s-controller"),
               1, t, labels=lab, sa=name, ports=[("https", 9443)] if comp in ("admission-controller", "cleanup-controller") else [("metrics", 8000)],
               req=("100m", "128Mi"), lim=(None, "384Mi"), pool=pool, tmp="File",
               init=[C("kyverno-pre", "ghcr.io/kyverno/kyvernopre:v1.12.5", req=("10m", "64Mi"), lim=("100m", "256Mi"), tmp="File")] if comp == "admission-controller" else None)
    c.service(ns, "kyverno-svc", {"app.kubernetes.io/component": "admission-controller", "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"},
              [("https", 443, "https")], t)
    c.service(ns, "kyverno-cleanup-controller", {"app.kubernetes.io/component": "cleanup-controller", "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"},
              [("https", 443, "https")], t)


def addon_velero(c, t, sc_bucket="velero-backups", ns="velero", pool="worker", role=None, node_agent=False):
    c.namespace(ns, t)
    c.helm(ns, "velero", t, revs=c.rng.randint(1, 4))
    c.sa(ns, "velero-server", t, ann={"eks.amazonaws.com/role-arn": role} if role else None)
    lab = {"app.kubernetes.io/instance": "velero", "app.kubernetes.io/name": "velero", "name": "velero"}
    sysdep(c, ns, "velero", "velero/velero:v1.13.2", 1, t, labels=lab, sa="velero-server", ports=[("http-monitoring", 8085)],
           req=("500m", "128Mi"), lim=("1", "512Mi"), pool=pool, tmp="File", svc=True,
           init=[C("velero-plugin-for-aws", "velero/velero-plugin-for-aws:v1.9.2", tmp="File")])
    c.secret(ns, "velero", ["cloud"], t)
    if node_agent:
        sysds(c, ns, "node-agent", "velero/velero:v1.13.2", t, labels={"name": "node-agent"}, sa="velero-server", prio=None,
              req=("500m", "512Mi"), lim=("1", "1Gi"), tols=())


def addon_metallb(c, t, ns="metallb-system", pool="worker"):
    c.namespace(ns, t, labels={"pod-security.kubernetes.io/audit": "privileged", "pod-security.kubernetes.io/enforce": "privileged", "pod-security.kubernetes.io/warn": "privileged"})
    c.helm(ns, "metallb", t, revs=c.rng.randint(1, 3))
    sysdep(c, ns, "metallb-controller", "quay.io/metallb/controller:v0.14.5", 1, t,
           labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "metallb", "app.kubernetes.io/name": "metallb"},
           sa="metallb-controller", ports=[("monitoring", 7472), ("webhook-server", 9443)], req=None, pool=pool, tmp="File")
    c.service(ns, "metallb-webhook-service", {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "metallb", "app.kubernetes.io/name": "metallb"},
              [(None, 443, 9443)], t)
    c.secret(ns, "metallb-webhook-cert", ["ca.crt", "tls.crt", "tls.key"], t)
    c.secret(ns, "metallb-memberlist", ["secretkey"], t)
    sysds(c, ns, "metallb-speaker", "quay.io/metallb/speaker:v0.14.5", t,
          labels={"app.kubernetes.io/component": "speaker", "app.kubernetes.io/instance": "metallb", "app.kubernetes.io/name": "metallb"},
          host_net=True, sa="metallb-speaker", ports=[("monitoring", 7472), ("memberlist-tcp", 7946)], prio=None, req=None,
          tols=(("Exists", "NoSchedule"), ("Exists", "NoExecute")),
          env=[EField("METALLB_NODE_NAME", "spec.nodeName"), ESec("METALLB_ML_SECRET_KEY", "metallb-memberlist", "secretkey")])


def addon_openebs(c, t, ns="openebs", pool="worker", base="/var/openebs/local"):
    c.namespace(ns, t)
    c.helm(ns, "openebs", t, revs=c.rng.randint(1, 3))
    sysdep(c, ns, "openebs-localpv-provisioner", "openebs/provisioner-localpv:4.1.0", 1, t,
           labels={"app": "localpv-provisioner", "component": "localpv-provisioner", "name": "openebs-localpv-provisioner", "release": "openebs"},
           sa="openebs-localpv-provisioner", req=None, pool=pool, tmp="File",
           env=[EField("OPENEBS_NAMESPACE", "metadata.namespace"), E("OPENEBS_IO_BASE_PATH", base)])
    c.storageclass("openebs-hostpath", "openebs.io/local", t, ann={"cas.openebs.io/config": "- name: StorageType\n  value: \"hostpath\"\n- name: BasePath\n  value: \"%s\"\n" % base,
                                                                 "openebs.io/cas-type": "local"}, expand=False)


def addon_nfs_subdir(c, t, ns="nfs-provisioner", pool="worker", server="10.20.0.40", path="/srv/nfs/k8s"):
    c.namespace(ns, t)
    c.helm(ns, "nfs-subdir-external-provisioner", t, revs=1)
    sysdep(c, ns, "nfs-subdir-external-provisioner", "registry.k8s.io/sig-storage/nfs-subdir-external-provisioner:v4.0.2", 1, t,
           labels={"app": "nfs-subdir-external-provisioner", "release": "nfs-subdir-external-provisioner"},
           sa="nfs-subdir-external-provisioner", req=None, pool=pool, tmp="File",
           env=[E("PROVISIONER_NAME", "cluster.local/nfs-subdir-external-provisioner"), E("NFS_SERVER", server), E("NFS_PATH", path)],
           vols=[{"name": "nfs-subdir-external-provisioner-root", "nfs": {"path": path, "server": server}}],
           mounts=[M("nfs-subdir-external-provisioner-root", "/persistentvolumes")])
    c.storageclass("nfs-client", "cluster.local/nfs-subdir-external-provisioner", t, wffc=False,
                   params={"archiveOnDelete": "true"}, labels={"app": "nfs-subdir-external-provisioner"})


# ============================================================================= noise
def noise_sandbox(c, t, ns, name, image, kind="imagepull", days=4, port=8080, msg=None, labels=None):
    if not c.get("Namespace", "", ns):
        c.namespace(ns, t, labels=labels or {"team": "dev", "env": "sandbox"})
    created = c.ago(d=days, h=c.rng.randint(0, 20))
    lab = {"app": name}
    node = c.pick(1)[0]
    if kind == "imagepull":
        st = {"ctr": {name: WAIT("ImagePullBackOff", 'Back-off pulling image "%s"' % image)}}
    else:
        lst = c.ago(m=c.rng.randint(1, 4))
        st = {"ctr": {name: CRASH(c.rng.randint(900, 1400), LAST(1, "Error", lst - timedelta(seconds=2), lst, msg))}}
    out = sysdep(c, ns, name, image, 1, created, labels=lab, ports=[("http", port)], req=("50m", "64Mi"),
                 nodes=[node], states=[st], rev=1, tmp="FallbackToLogsOnError", progress="stuck")
    p = out["pods"][0]
    first = parse_ts(p["metadata"]["creationTimestamp"]) + timedelta(seconds=30)
    host = node
    if kind == "imagepull":
        c.event(p, "BackOff", 'Back-off pulling image "%s"' % image, "Normal", host=host, first=first,
                last=c.ago(s=c.rng.randint(10, 200)), count=c.rng.randint(15000, 26000), fpath="spec.containers{%s}" % name)
        c.event(p, "Failed", "Error: ImagePullBackOff", "Warning", host=host, first=first,
                last=c.ago(s=c.rng.randint(10, 200)), count=c.rng.randint(15000, 26000), fpath="spec.containers{%s}" % name)
    else:
        c.event(p, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (name, p["metadata"]["name"], ns, p["metadata"]["uid"]),
                "Warning", host=host, first=first, last=c.ago(s=c.rng.randint(10, 200)), count=c.rng.randint(20000, 30000),
                fpath="spec.containers{%s}" % name)
    return out


def noise_evicted(c, out, node, when, resource="ephemeral-storage", n=1, used="2314Mi"):
    rs = out["rs"][-1]
    tpl = rs["spec"]["template"]
    cname = tpl["spec"]["containers"][0]["name"]
    pods = []
    for k in range(n):
        w = when + timedelta(minutes=3 * k)
        created = w - timedelta(days=c.rng.randint(1, 6), hours=c.rng.randint(0, 20))
        created = max(created, parse_ts(rs["metadata"]["creationTimestamp"]))
        if resource == "memory":
            msg = "The node was low on resource: memory. Threshold quantity: 100Mi, available: 87204Ki. Container %s was using %s, request is %s, has larger consumption of memory. " % (
                cname, used, tpl["spec"]["containers"][0].get("resources", {}).get("requests", {}).get("memory", "0"))
        else:
            msg = "The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 9873412Ki. Container %s was using %s, request is 0, has larger consumption of ephemeral-storage. " % (cname, used)
        st = {"phase": "Failed", "reason": "Evicted", "message": msg, "disruption": (w, msg),
              "ctr": {cc["name"]: TERM(137, "ContainerStatusUnknown", created + timedelta(seconds=5), w,
                                       "The container could not be located when the pod was terminated")
                      for cc in tpl["spec"]["containers"]}}
        pods.append(c.pod(rs["metadata"]["namespace"], "%s-%s" % (rs["metadata"]["name"], c.sfx(5)), tpl, node, created,
                          owner=rs, st=st, gen=rs["metadata"]["name"] + "-"))
    return pods


def noise_failed_job(c, ns, name, image, t, msg, node=None, backoff=1, sa=None):
    jt = PT({"app": name}, [C(name.split("-")[0], image, req=("50m", "64Mi"))], restart="Never", sa=sa)
    node = node or c.pick(1)[0]
    pods = []
    tt = t
    for k in range(backoff + 1):
        pods.append({"node": node, "created": tt, "st": {"ctr": {name.split("-")[0]: TERM(1, "Error", tt + timedelta(seconds=3), tt + timedelta(seconds=9), msg)}}})
        tt = tt + timedelta(seconds=20 * (k + 1))
    return c.job(ns, name, jt, t, pods, backoff=backoff,
                 result=("Failed", tt, "BackoffLimitExceeded", "Job has reached the specified backoff limit"))


def cron_times(c, period_min, n, offset_min=0, start=None):
    """last n schedule times (aligned) before the snapshot"""
    base = start or c.snap
    ts = int(base.timestamp()) // 60
    ts -= (ts - offset_min) % period_min
    out = []
    for k in range(n):
        out.append(datetime.fromtimestamp((ts - k * period_min) * 60, tz=timezone.utc))
    out = [x for x in out if x < c.snap - timedelta(minutes=1)]
    return sorted(out)


def np_baseline(c, ns, t, extra_ingress_from=None, port=None):
    c.netpol(ns, "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, t)
    c.netpol(ns, "allow-same-namespace", {"ingress": [{"from": [{"podSelector": {}}]}], "podSelector": {},
                                          "policyTypes": ["Ingress"]}, t)
    if extra_ingress_from:
        rule = {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": n}}} for n in extra_ingress_from]}
        if port:
            rule["ports"] = [{"port": port, "protocol": "TCP"}]
        c.netpol(ns, "allow-from-" + "-".join(extra_ingress_from), {"ingress": [rule], "podSelector": {}, "policyTypes": ["Ingress"]}, t)


def probe_blip(c, pod, kind="Readiness", msg=None, minutes_ago=35, count=3):
    host = pod["spec"]["nodeName"]
    cn = pod["spec"]["containers"][0]["name"]
    first = c.ago(m=minutes_ago)
    c.event(pod, "Unhealthy", "%s probe failed: %s" % (kind, msg or "HTTP probe failed with statuscode: 503"), "Warning",
            host=host, first=first, last=first + timedelta(seconds=10 * (count - 1)), count=count,
            fpath="spec.containers{%s}" % cn)


def auto_events(c, window_min=58):
    """normal lifecycle events for objects touched within the event TTL"""
    lim = c.snap - timedelta(minutes=window_min)
    owners = {o["metadata"]["uid"]: o for p in ("replicasets", "statefulsets", "daemonsets", "jobs") for o in c.items[p]}
    for p in list(c.items["pods"]):
        ct = parse_ts(p["metadata"]["creationTimestamp"])
        if ct < lim or not p["spec"].get("nodeName"):
            continue
        o = owners.get(owner_uid(p))
        host = p["spec"]["nodeName"]
        if o is not None:
            if o["kind"] == "StatefulSet":
                c.event(o, "SuccessfulCreate", "create Pod %s in StatefulSet %s successful" % (p["metadata"]["name"], o["metadata"]["name"]),
                        comp="statefulset-controller", first=ct, last=ct)
            else:
                comp = {"ReplicaSet": "replicaset-controller", "DaemonSet": "daemonset-controller", "Job": "job-controller"}[o["kind"]]
                c.event(o, "SuccessfulCreate", "Created pod: " + p["metadata"]["name"], comp=comp, first=ct, last=ct)
        if not p["spec"].get("hostNetwork") or True:
            c.sev(p, "Successfully assigned %s/%s to %s" % (p["metadata"]["namespace"], p["metadata"]["name"], host), ct,
                  reason="Scheduled", typ="Normal", action="Binding")
        cs = {x["name"]: x for x in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", [])}
        for cc in (p["spec"].get("initContainers") or []) + p["spec"]["containers"]:
            s = cs.get(cc["name"], {})
            if not s.get("containerID") and not s.get("lastState"):
                continue
            tt = ct + timedelta(seconds=c.rng.randint(1, 4))
            fp = "spec.initContainers{%s}" % cc["name"] if cc in (p["spec"].get("initContainers") or []) else "spec.containers{%s}" % cc["name"]
            rc = s.get("restartCount", 0)
            if c.rng.random() < 0.5:
                c.event(p, "Pulled", 'Container image "%s" already present on machine' % cc["image"], host=host, first=tt,
                        last=tt, count=1 + rc, fpath=fp)
            else:
                c.event(p, "Pulling", 'Pulling image "%s"' % cc["image"], host=host, first=tt, last=tt, fpath=fp)
                c.event(p, "Pulled", 'Successfully pulled image "%s" in %d.%03ds (%d.%03ds including waiting). Image size: %d bytes.' % (
                    cc["image"], c.rng.randint(1, 9), c.rng.randint(0, 999), c.rng.randint(1, 9), c.rng.randint(0, 999),
                    c.rng.randint(20, 400) * 1000000 + c.rng.randint(0, 999999)), host=host, first=tt + timedelta(seconds=3),
                        last=tt + timedelta(seconds=3), fpath=fp)
            last = tt + timedelta(seconds=4)
            if rc and s.get("lastState", {}).get("terminated"):
                last = max(last, parse_ts(s["lastState"]["terminated"]["finishedAt"]) + timedelta(seconds=1))
            last = min(last, c.snap - timedelta(seconds=1))
            c.event(p, "Created", "Created container " + cc["name"], host=host, first=tt + timedelta(seconds=4), last=max(last, tt + timedelta(seconds=4)), count=1 + rc, fpath=fp)
            c.event(p, "Started", "Started container " + cc["name"], host=host, first=tt + timedelta(seconds=4), last=max(last, tt + timedelta(seconds=4)), count=1 + rc, fpath=fp)
    for j in c.items["jobs"]:
        res = c.x[j["metadata"]["uid"]].get("result")
        if res and res[1] >= lim and res[0] == "Complete":
            c.event(j, "Completed", "Job completed", comp="job-controller", first=res[1], last=res[1])
        o = None
        for r in j["metadata"].get("ownerReferences", []):
            if r["kind"] == "CronJob":
                o = c.get("CronJob", j["metadata"]["namespace"], r["name"])
        if o is not None:
            jt = parse_ts(j["metadata"]["creationTimestamp"])
            if jt >= lim:
                c.event(o, "SuccessfulCreate", "Created job " + j["metadata"]["name"], comp="cronjob-controller", first=jt, last=jt)
            if res and res[1] >= lim:
                c.event(o, "SawCompletedJob", "Saw completed job: %s, status: %s" % (j["metadata"]["name"], "Complete" if res[0] == "Complete" else "Failed"),
                        comp="cronjob-controller", first=res[1] + timedelta(seconds=1), last=res[1] + timedelta(seconds=1))


# ============================================================================= database tiers and apps
def app_dep(c, ns, name, image, replicas, t, port=8080, env=None, env_from=None, states=None, nodes=None, sa=None,
            labels=None, svc=True, svc_port=80, req=("100m", "256Mi"), lim=(None, "512Mi"), rp=None, lp=None,
            init=None, rev=None, rsets=None, vols=None, mounts=None, pool="worker", progress=None, failure=None,
            strategy=None, psc=None, ann=None, pod_ann=None, tmp="FallbackToLogsOnError", sa_ann=None):
    lab = labels or {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": ns}
    if sa and not c.get("ServiceAccount", ns, sa):
        c.sa(ns, sa, t, ann=sa_ann)
    ctr = C(name, image, ports=[("http", port)], req=req, lim=lim, env=env, env_from=env_from,
            rp=rp if rp is not None else probe_http("/healthz/ready", "http", period=10),
            lp=lp if lp is not None else probe_http("/healthz/live", "http", period=20, fail=3, delay=15),
            mounts=mounts, tmp=tmp)
    tpl = PT(lab, [ctr], sa=sa, init=init, vols=vols, psc=psc or {"runAsNonRoot": True, "runAsUser": 10001}, ann=pod_ann)
    out = c.deployment(ns, name, tpl, replicas, t, states=states, nodes=nodes, rev=rev, rsets=rsets, pool=pool,
                       progress=progress, failure=failure, strategy=strategy, ann=ann,
                       labels=dict(lab, **{"app.kubernetes.io/version": image.split(":")[-1][:63]}))
    if svc:
        c.service(ns, name, lab, [("http", svc_port, "http")], t, labels=lab)
    out["tpl"] = tpl
    return out


def bitnami_pg(c, ns, rel, t, sc, size="8Gi", pods=None, ver="16.3.0-debian-12-r14", user="app", db="app",
               extra_env=None, cm=None, states=None, nodes=None, metrics=True, req=("250m", "512Mi"), lim=("1", "1Gi"),
               update=False, pool="worker", revs=None, pg_conf=None, pna=True):
    full = rel if "postgresql" in rel else rel + "-postgresql"
    hl = helm_labels("postgresql", rel, ver.split("-")[0], "primary", "postgresql-15.5.11")
    sel = sel_of("postgresql", rel, "primary")
    c.helm(ns, rel, t, revs=revs or c.rng.randint(1, 6))
    c.sa(ns, full, t, labels=helm_labels("postgresql", rel, ver.split("-")[0]), automount=False)
    c.secret(ns, full, ["password", "postgres-password"], t, labels=helm_labels("postgresql", rel, ver.split("-")[0]))
    c.service(ns, full, sel, [("tcp-postgresql", 5432, "tcp-postgresql")], t, labels=hl)
    c.service(ns, full + "-hl", sel, [("tcp-postgresql", 5432, "tcp-postgresql")], t, headless=True, pna=pna,
              labels=dict(hl, **{"app.kubernetes.io/component": "primary"}),
              ann={"service.alpha.kubernetes.io/tolerate-unready-endpoints": "true"})
    env = [E("BITNAMI_DEBUG", "false"), E("POSTGRESQL_PORT_NUMBER", "5432"),
           E("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"), E("PGDATA", "/bitnami/postgresql/data"),
           E("POSTGRES_USER", user), E("POSTGRES_PASSWORD_FILE", "/opt/bitnami/postgresql/secrets/password"),
           E("POSTGRES_POSTGRES_PASSWORD_FILE", "/opt/bitnami/postgresql/secrets/postgres-password"),
           E("POSTGRES_DATABASE", db), E("POSTGRESQL_ENABLE_TLS", "no"), E("POSTGRESQL_LOG_CONNECTIONS", "false")]
    env += extra_env or []
    mounts = [M("empty-dir", "/tmp", sub="tmp-dir"), M("postgresql-password", "/opt/bitnami/postgresql/secrets/"),
              M("dshm", "/dev/shm"), M("data", "/bitnami/postgresql")]
    vols = [V_empty("empty-dir"), V_secret("postgresql-password", full), V_empty("dshm", medium="Memory")]
    if pg_conf:
        c.cm(ns, full + "-extended-configuration", {"override.conf": pg_conf}, t, labels=hl)
        vols.append(V_cm("postgresql-extended-config", full + "-extended-configuration"))
        mounts.append(M("postgresql-extended-config", "/bitnami/postgresql/conf/conf.d/"))
    ctrs = [C("postgresql", "docker.io/bitnami/postgresql:" + ver, ports=[("tcp-postgresql", 5432)], req=req, lim=lim,
              env=env, mounts=mounts,
              rp=probe_exec(["/bin/sh", "-c", "-e", "exec pg_isready -U \"%s\" -d \"dbname=%s\" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n" % (user, db)], period=10, fail=6, delay=5),
              lp=probe_exec(["/bin/sh", "-c", "exec pg_isready -U \"%s\" -d \"dbname=%s\" -h 127.0.0.1 -p 5432" % (user, db)], period=10, fail=6, delay=30),
              sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True,
                  "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001, "seLinuxOptions": {}, "seccompProfile": {"type": "RuntimeDefault"}})]
    if metrics:
        ctrs.append(C("metrics", "docker.io/bitnami/postgres-exporter:0.15.0-debian-12-r30", ports=[("http-metrics", 9187)],
                      req=("50m", "64Mi"), lim=("150m", "192Mi"),
                      env=[E("DATA_SOURCE_URI", "127.0.0.1:5432/postgres?sslmode=disable"),
                           E("DATA_SOURCE_PASS_FILE", "/opt/bitnami/postgresql/secrets/postgres-password"), E("DATA_SOURCE_USER", "postgres")],
                      mounts=[M("postgresql-password", "/opt/bitnami/postgresql/secrets/")],
                      lp=probe_http("/", "http-metrics", delay=5), rp=probe_http("/", "http-metrics", delay=5)))
        c.service(ns, full + "-metrics", sel, [("http-metrics", 9187, "http-metrics")], t,
                  labels=dict(hl, **{"app.kubernetes.io/component": "metrics"}))
    tpl = PT(dict(hl, **{}), ctrs, sa=full, vols=vols,
             psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"},
             affinity={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                 {"podAffinityTerm": {"labelSelector": {"matchLabels": sel}, "topologyKey": "kubernetes.io/hostname"}, "weight": 1}]}})
    tpl["metadata"]["labels"] = dict(hl)
    if pods is None:
        nn = nodes or c.pick(1, pool)
        pods = [{"node": nn[0], "st": (states or [None])[0]}]
    # selector must be the stable subset
    out = c.statefulset(ns, full, tpl, 1, t, full + "-hl", vcts=[{"name": "data", "size": size, "sc": sc}], pods=pods,
                        labels=hl, update=update)
    out["sts"]["spec"]["selector"] = {"matchLabels": sel}
    out["name"] = full
    out["tpl"] = tpl
    return out


def bitnami_mysql(c, ns, rel, t, sc, flavor="mysql", secondaries=1, size="20Gi", ver=None, states=None, cnf=None,
                  update=None, pool="worker", nodes=None, pods=None, revs=None, req=("250m", "512Mi"), lim=("1", "2Gi")):
    ver = ver or ("8.0.37-debian-12-r2" if flavor == "mysql" else "11.3.2-debian-12-r9")
    full = rel if flavor in rel else rel + "-" + flavor
    appver = ver.split("-")[0]
    c.helm(ns, rel, t, revs=revs or c.rng.randint(1, 6))
    c.sa(ns, full, t, labels=helm_labels(flavor, rel, appver), automount=False)
    c.secret(ns, full, ["%s-password" % flavor, "%s-replication-password" % flavor, "%s-root-password" % flavor], t,
             labels=helm_labels(flavor, rel, appver))
    out = {"full": full}
    comps = [("primary", 1)] + ([("secondary", secondaries)] if secondaries else [])
    for comp, n in comps:
        name = "%s-%s" % (full, comp) if secondaries else full
        hl = helm_labels(flavor, rel, appver, comp, "%s-10.2.4" % flavor)
        sel = sel_of(flavor, rel, comp)
        conf = (cnf or {}).get(comp) or ("[mysqld]\nauthentication_policy='* ,,'\nskip-name-resolve\nexplicit_defaults_for_timestamp\n"
                                         "basedir=/opt/bitnami/%s\ndatadir=/bitnami/%s/data\nport=3306\nmax_allowed_packet=16M\n"
                                         "bind-address=*\nlog-error=/opt/bitnami/%s/logs/mysqld.log\ncharacter-set-server=UTF8\n"
                                         "slow_query_log=0\nlong_query_time=10.0\ninnodb_buffer_pool_size=1G\n\n[client]\nport=3306\n"
                                         % (flavor, flavor, flavor))
        c.cm(ns, name, {"my.cnf": conf}, t, labels=hl)
        c.service(ns, name, sel, [(flavor, 3306, flavor)], t, labels=hl)
        c.service(ns, name + "-headless", sel, [(flavor, 3306, flavor)], t, headless=True, pna=True, labels=hl)
        env = [E("BITNAMI_DEBUG", "false"), E("%s_ROOT_PASSWORD_FILE" % flavor.upper(), "/opt/bitnami/%s/secrets/%s-root-password" % (flavor, flavor)),
               E("%s_REPLICATION_MODE" % flavor.upper(), "master" if comp == "primary" else "slave"),
               E("%s_REPLICATION_USER" % flavor.upper(), "replicator")]
        if comp == "secondary":
            env.append(E("%s_MASTER_HOST" % flavor.upper(), "%s-primary" % full))
        ctr = C(flavor, "docker.io/bitnami/%s:%s" % (flavor, ver), ports=[(flavor, 3306)], req=req, lim=lim, env=env,
                mounts=[M("data", "/bitnami/" + flavor), M("config", "/opt/bitnami/%s/conf/my.cnf" % flavor, sub="my.cnf"),
                        M("%s-credentials" % flavor, "/opt/bitnami/%s/secrets/" % flavor)],
                rp=probe_exec(["/bin/bash", "-ec", "password_aux=\"${%s_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n" % flavor.upper()], period=10, fail=3, delay=5),
                lp=probe_exec(["/bin/bash", "-ec", "password_aux=\"${%s_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n" % flavor.upper()], period=10, fail=3, delay=5),
                sp=probe_exec(["/bin/bash", "-ec", "password_aux=\"${%s_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n" % flavor.upper()], period=10, fail=10, delay=15),
                sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True,
                    "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001, "seccompProfile": {"type": "RuntimeDefault"}})
        tpl = PT(dict(hl), [ctr], sa=full, vols=[V_cm("config", name), V_secret("%s-credentials" % flavor, full)],
                 psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"},
                 ann={"checksum/configuration": c.hexs(64)})
        pd = (pods or {}).get(comp)
        if pd is None:
            nn = (nodes or {}).get(comp) or c.pick(n, pool)
            pd = [{"node": nn[i], "st": ((states or {}).get(comp) or [None] * n)[i]} for i in range(n)]
        o = c.statefulset(ns, name, tpl, n, t, name + "-headless", vcts=[{"name": "data", "size": size, "sc": sc}], pods=pd,
                          labels=hl, update=bool((update or {}).get(comp)))
        o["sts"]["spec"]["selector"] = {"matchLabels": sel}
        out[comp] = o
    return out


def cnpg_operator(c, t, ns="cnpg-system", replicas=1, pool="worker", rsets=None, ann=None, nodes=None):
    c.namespace(ns, t)
    c.helm(ns, "cnpg", t, revs=c.rng.randint(1, 5))
    lab = {"app.kubernetes.io/instance": "cnpg", "app.kubernetes.io/name": "cloudnative-pg"}
    c.cm(ns, "cnpg-controller-manager-config", {}, t, labels=lab)
    c.secret(ns, "cnpg-webhook-cert", ["ca.crt", "tls.crt", "tls.key"], t)
    c.cm(ns, "cnpg-default-monitoring", {"queries": "backends:\n  query: |\n   SELECT sa.datname\n"}, t,
         labels={"cnpg.io/reload": ""})
    out = sysdep(c, ns, "cnpg-controller-manager", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.2", replicas, t,
                 labels=lab, sa="cnpg-manager", ports=[("metrics", 8080), ("webhook-server", 9443)],
                 req=("100m", "200Mi"), lim=("100m", "200Mi"), pool=pool, tmp="File", rsets=rsets, ann=ann, nodes=nodes,
                 dep_labels=dict(lab, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "1.23.2"}),
                 rp=probe_http("/readyz", 9443, scheme="HTTPS"), lp=probe_http("/readyz", 9443, scheme="HTTPS"),
                 env=[E("OPERATOR_IMAGE_NAME", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.2"),
                      EField("OPERATOR_NAMESPACE", "metadata.namespace"), E("MONITORING_QUERIES_CONFIGMAP", "cnpg-default-monitoring")])
    c.service(ns, "cnpg-webhook-service", lab, [(None, 443, 9443)], t, labels=lab)
    return out


def cnpg_cluster(c, ns, name, t, sc, instances, primary=1, size="20Gi", nodes=None, states=None, pg="16.3",
                 pvc_states=None, skip=(), created=None, roles=None, labels_extra=None, image=None, pool="worker",
                 cluster_obj=None, init_job=True, pod_created=None):
    cl = cluster_obj or c.crd("postgresql.cnpg.io/v1", "Cluster", ns, name, t)
    image = image or "ghcr.io/cloudnative-pg/postgresql:" + pg
    if not c.get("ServiceAccount", ns, name):
        c.sa(ns, name, t)
    for sfx, keys, typ in (("-app", ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"], "kubernetes.io/basic-auth"),
                           ("-ca", ["ca.crt", "ca.key"], "Opaque"), ("-replication", ["tls.crt", "tls.key"], "kubernetes.io/tls"),
                           ("-server", ["tls.crt", "tls.key"], "kubernetes.io/tls")):
        c.secret(ns, name + sfx, keys, t, typ=typ, owner=cl, labels={"cnpg.io/cluster": name, "cnpg.io/reload": "true"})
    base = {"cnpg.io/cluster": name}
    c.service(ns, name + "-rw", dict(base, **{"cnpg.io/instanceRole": "primary"}), [("postgres", 5432, 5432)], t,
              labels={"cnpg.io/cluster": name})
    c.service(ns, name + "-ro", dict(base, **{"cnpg.io/instanceRole": "replica"}), [("postgres", 5432, 5432)], t,
              labels={"cnpg.io/cluster": name})
    c.service(ns, name + "-r", dict(base, **{"cnpg.io/podRole": "instance"}), [("postgres", 5432, 5432)], t,
              labels={"cnpg.io/cluster": name})
    for s in (name + "-rw", name + "-ro", name + "-r"):
        c.get("Service", ns, s)["metadata"]["ownerReferences"] = [oref(cl)]
    out = {"cluster": cl, "pods": {}, "pvcs": {}}
    nodes = nodes or c.pick(len(instances), pool)
    for k, serial in enumerate(instances):
        pn = "%s-%d" % (name, serial)
        role = (roles or {}).get(serial, "primary" if serial == primary else "replica")
        pct = (created or {}).get(serial, t + timedelta(minutes=2 * k + 1))
        pvs = (pvc_states or {}).get(serial, "bound")
        if pvs != "none":
            out["pvcs"][serial] = c.pvc(ns, pn, size, sc, pct - timedelta(seconds=20),
                                       labels={"cnpg.io/cluster": name, "cnpg.io/instanceName": pn,
                                               "cnpg.io/instanceRole": role, "cnpg.io/pvcRole": "PG_DATA", "role": role},
                                       node=nodes[k], state=pvs, owner=cl,
                                       ann={"cnpg.io/nodeSerial": str(serial), "cnpg.io/operatorVersion": "1.23.2", "cnpg.io/pvcStatus": "ready"})
        if serial in skip:
            continue
        lab = {"cnpg.io/cluster": name, "cnpg.io/instanceName": pn, "cnpg.io/instanceRole": role,
               "cnpg.io/podRole": "instance", "role": role}
        lab.update(labels_extra or {})
        ctr = C("postgres", image, ports=[("postgresql", 5432), ("metrics", 9187), ("status", 8000)],
                env=[E("PGDATA", "/var/lib/postgresql/data/pgdata"), E("POD_NAME", pn), E("NAMESPACE", ns),
                     E("CLUSTER_NAME", name), E("PGPORT", "5432"), E("PGHOST", "/controller/run")],
                mounts=[M("pgdata", "/var/lib/postgresql/data"), M("scratch-data", "/run"), M("scratch-data", "/controller"),
                        M("shm", "/dev/shm"), M("app-secret", "/etc/app-secret")],
                command=["/controller/manager", "instance", "run", "--log-level=info"],
                rp=probe_http("/readyz", 8000, fail=3, period=10, timeout=5),
                lp=probe_http("/healthz", 8000, fail=3, period=10, timeout=5),
                sp=probe_http("/healthz", 8000, fail=360, period=10, timeout=5), req=("500m", "1Gi"), lim=("2", "2Gi"),
                sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False,
                    "readOnlyRootFilesystem": True, "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})
        tpl = PT(lab, [ctr], sa=name,
                 init=[C("bootstrap-controller", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.2",
                         command=["/manager", "bootstrap", "/controller/manager", "--log-level=info"],
                         mounts=[M("scratch-data", "/controller")], req=("500m", "1Gi"), lim=("2", "2Gi"))],
                 vols=[V_pvc("pgdata", pn), V_empty("scratch-data"), V_empty("shm", medium="Memory"), V_secret("app-secret", name + "-app")],
                 psc={"fsGroup": 26, "runAsGroup": 26, "runAsNonRoot": True, "runAsUser": 26, "seccompProfile": {"type": "RuntimeDefault"}},
                 affinity={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                     {"podAffinityTerm": {"labelSelector": {"matchExpressions": [{"key": "cnpg.io/cluster", "operator": "In", "values": [name]},
                                                                                 {"key": "cnpg.io/podRole", "operator": "In", "values": ["instance"]}]},
                                          "topologyKey": "kubernetes.io/hostname"}, "weight": 100}]}},
                 ann={"cnpg.io/nodeSerial": str(serial), "cnpg.io/operatorVersion": "1.23.2"})
        out["pods"][serial] = c.pod(ns, pn, tpl, nodes[k], pct, owner=cl, st=(states or {}).get(serial))
    return out


# ============================================================================= checker
def _walk_strings(o):
    if isinstance(o, dict):
        for v in o.values():
            yield from _walk_strings(v)
    elif isinstance(o, list):
        for v in o:
            yield from _walk_strings(v)
    elif isinstance(o, str):
        yield o


def check_bundle(d, ghosts):
    errs = []

    def err(m):
        errs.append("%s: %s" % (os.path.basename(d), m))

    snap = parse_ts(open(os.path.join(d, "snapshot_time.txt")).read().strip())
    B = {}
    for plural, (api, kind, namespaced) in PLURALS.items():
        f = os.path.join(d, plural + ".json")
        if not os.path.exists(f):
            if plural not in OPTIONAL:
                err("missing mandatory %s" % plural)
            continue
        txt = open(f).read()
        doc = json.loads(txt)
        if txt != json.dumps(doc, indent=4, sort_keys=True) + "\n":
            err("%s: not canonical (sorted keys, 4-space indent)" % plural)
        if set(doc) != {"apiVersion", "items", "kind", "metadata"} or doc["kind"] != "List" or \
                doc["apiVersion"] != "v1" or doc["metadata"] != {"resourceVersion": ""}:
            err("%s: bad List shape" % plural)
        keys = [(o["metadata"].get("namespace", ""), o["metadata"]["name"]) for o in doc["items"]]
        if keys != sorted(keys):
            err("%s: items not sorted" % plural)
        for o in doc["items"]:
            if o.get("kind") != kind or o.get("apiVersion") != api:
                err("%s: item kind/apiVersion %s/%s" % (plural, o.get("apiVersion"), o.get("kind")))
            if namespaced != bool(o["metadata"].get("namespace")):
                err("%s %s: namespace scope" % (plural, o["metadata"]["name"]))
            if "managedFields" in o["metadata"]:
                err("managedFields present")
        B[plural] = doc["items"]
    idx = {}
    uids = set()
    for plural, items in B.items():
        for o in items:
            k = (o["kind"], o["metadata"].get("namespace", ""), o["metadata"]["name"])
            if k in idx:
                err("duplicate object %s" % (k,))
            idx[k] = o
            u = o["metadata"]["uid"]
            if u in uids:
                err("duplicate uid %s" % u)
            uids.add(u)
    ghost_keys = {(g["kind"], g["namespace"], g["name"], g["uid"]) for g in ghosts}
    nsc = {n["metadata"]["name"]: parse_ts(n["metadata"]["creationTimestamp"]) for n in B["namespaces"]}
    # timestamps and namespaces
    for plural, items in B.items():
        for o in items:
            ns = o["metadata"].get("namespace")
            if ns:
                if ns not in nsc:
                    err("%s %s/%s: namespace missing" % (o["kind"], ns, o["metadata"]["name"]))
                elif parse_ts(o["metadata"]["creationTimestamp"]) < nsc[ns]:
                    err("%s %s/%s older than its namespace" % (o["kind"], ns, o["metadata"]["name"]))
            for s in _walk_strings(o):
                if TS_RE.match(s) and parse_ts(s) > snap:
                    err("%s %s: timestamp %s after snapshot" % (o["kind"], o["metadata"]["name"], s))
    # owner references
    for plural, items in B.items():
        for o in items:
            for r in o["metadata"].get("ownerReferences", []) or []:
                if r["kind"] in KIND2PLURAL and KIND2PLURAL[r["kind"]] in B:
                    nsr = "" if not PLURALS[KIND2PLURAL[r["kind"]]][2] else o["metadata"].get("namespace", "")
                    t = idx.get((r["kind"], nsr, r["name"]))
                    if not t or t["metadata"]["uid"] != r["uid"]:
                        err("%s %s: ownerRef %s/%s unresolved" % (o["kind"], o["metadata"]["name"], r["kind"], r["name"]))
                elif r["kind"] not in CRD_OWNERS and r["kind"] not in KIND2PLURAL:
                    err("%s %s: ownerRef to unknown kind %s" % (o["kind"], o["metadata"]["name"], r["kind"]))
    nodes = {n["metadata"]["name"]: n for n in B["nodes"]}
    pods = B["pods"]
    # events index for failure evidence
    ev_by_uid = {}
    for e in B["events"]:
        ev_by_uid.setdefault(e["involvedObject"].get("uid"), []).append(e)
    ips = {}
    for p in pods:
        md, sp, st = p["metadata"], p["spec"], p["status"]
        pid = "%s/%s" % (md["namespace"], md["name"])
        static = any(r["kind"] == "Node" for r in md.get("ownerReferences", []) or [])
        if sp.get("nodeName") and sp["nodeName"] not in nodes:
            err("pod %s on unknown node %s" % (pid, sp["nodeName"]))
        elif sp.get("nodeName") and parse_ts(md["creationTimestamp"]) < parse_ts(nodes[sp["nodeName"]]["metadata"]["creationTimestamp"]):
            err("pod %s older than its node" % pid)
        if not static:
            if ("ServiceAccount", md["namespace"], sp.get("serviceAccountName", "")) not in idx:
                err("pod %s: serviceaccount %s missing" % (pid, sp.get("serviceAccountName")))
        if st.get("podIP"):
            if sp.get("hostNetwork"):
                if st["podIP"] != st.get("hostIP"):
                    err("pod %s hostNetwork podIP != hostIP" % pid)
            else:
                if st["podIP"] in ips:
                    err("duplicate pod IP %s (%s, %s)" % (st["podIP"], pid, ips[st["podIP"]]))
                ips[st["podIP"]] = pid
        # references
        evidence = " ".join([cs.get("state", {}).get("waiting", {}).get("message", "") for cs in
                             st.get("containerStatuses", []) + st.get("initContainerStatuses", [])] +
                            [e["message"] for e in ev_by_uid.get(md["uid"], [])])
        refs = []
        for v in sp.get("volumes", []) or []:
            if "configMap" in v and not v["configMap"].get("optional"):
                refs.append(("ConfigMap", v["configMap"]["name"], [i["key"] for i in v["configMap"].get("items", [])]))
            if "secret" in v and not v["secret"].get("optional"):
                refs.append(("Secret", v["secret"]["secretName"], []))
            if "persistentVolumeClaim" in v:
                refs.append(("PersistentVolumeClaim", v["persistentVolumeClaim"]["claimName"], []))
            for src in (v.get("projected") or {}).get("sources", []):
                if "configMap" in src:
                    refs.append(("ConfigMap", src["configMap"]["name"], [i["key"] for i in src["configMap"].get("items", [])]))
                if "secret" in src:
                    refs.append(("Secret", src["secret"]["name"], []))
        for cc in sp["containers"] + (sp.get("initContainers") or []):
            for e in cc.get("env", []) or []:
                vf = e.get("valueFrom", {})
                for k_, kind in (("configMapKeyRef", "ConfigMap"), ("secretKeyRef", "Secret")):
                    if k_ in vf and not vf[k_].get("optional"):
                        refs.append((kind, vf[k_]["name"], [vf[k_]["key"]]))
            for ef in cc.get("envFrom", []) or []:
                for k_, kind in (("configMapRef", "ConfigMap"), ("secretRef", "Secret")):
                    if k_ in ef and not ef[k_].get("optional"):
                        refs.append((kind, ef[k_]["name"], []))
        for ips_ in sp.get("imagePullSecrets", []) or []:
            refs.append(("Secret", ips_["name"], []))
        for kind, name, keys in refs:
            o = idx.get((kind, md["namespace"], name))
            missing = None
            if o is None:
                missing = name
            else:
                data = set((o.get("data") or {}).keys()) | set((o.get("binaryData") or {}).keys())
                for k_ in keys:
                    if kind != "PersistentVolumeClaim" and k_ not in data:
                        missing = k_
            if missing and (missing not in evidence or not (st.get("phase") == "Pending" or "Error" in evidence or "not found" in evidence or "Unable" in evidence or "couldn't find" in evidence)):
                err("pod %s: %s %s (%s) missing without failure evidence" % (pid, kind, name, missing))
    # workload status
    by_owner = {}
    for p in pods:
        by_owner.setdefault(owner_uid(p), []).append(p)
    for rs in B["replicasets"]:
        n, r = rs_status_calc(by_owner.get(rs["metadata"]["uid"], []))
        if rs["status"].get("replicas", 0) != n or rs["status"].get("readyReplicas", 0) != r or \
                rs["status"].get("availableReplicas", 0) != r:
            err("replicaset %s status disagrees with pods" % rs["metadata"]["name"])
        if n > rs["spec"]["replicas"]:
            err("replicaset %s has more pods than spec" % rs["metadata"]["name"])
    rs_by = {}
    for rs in B["replicasets"]:
        rs_by.setdefault(owner_uid(rs), []).append(rs)
    for dp in B["deployments"]:
        rss = rs_by.get(dp["metadata"]["uid"], [])
        if not rss:
            err("deployment %s without replicasets" % dp["metadata"]["name"])
            continue
        cur = max(rss, key=lambda r: int(r["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
        want = {"replicas": sum(r["status"].get("replicas", 0) for r in rss),
                "readyReplicas": sum(r["status"].get("readyReplicas", 0) for r in rss),
                "availableReplicas": sum(r["status"].get("availableReplicas", 0) for r in rss),
                "updatedReplicas": cur["status"].get("replicas", 0)}
        want["unavailableReplicas"] = max(0, sum(r["spec"]["replicas"] for r in rss) - want["availableReplicas"])
        for k, v in want.items():
            if dp["status"].get(k, 0) != v:
                err("deployment %s status.%s=%s want %s" % (dp["metadata"]["name"], k, dp["status"].get(k, 0), v))
        if dp["metadata"]["annotations"]["deployment.kubernetes.io/revision"] != cur["metadata"]["annotations"]["deployment.kubernetes.io/revision"]:
            err("deployment %s revision mismatch" % dp["metadata"]["name"])
    for s in B["statefulsets"]:
        r = sts_status_calc(s, by_owner.get(s["metadata"]["uid"], []))
        for k, v in r.items():
            if s["status"].get(k, 0) != v:
                err("statefulset %s status.%s=%s want %s" % (s["metadata"]["name"], k, s["status"].get(k, 0), v))
        for p in by_owner.get(s["metadata"]["uid"], []):
            if not re.match(re.escape(s["metadata"]["name"]) + r"-\d+$", p["metadata"]["name"]):
                err("statefulset %s pod name %s" % (s["metadata"]["name"], p["metadata"]["name"]))
    for ds in B["daemonsets"]:
        ps = [p for p in by_owner.get(ds["metadata"]["uid"], []) if pod_active(p)]
        elig = {n for n in nodes if ds_should_run(ds, nodes[n])}
        cur = [p for p in ps if p["spec"].get("nodeName") in elig]
        rdy = len([p for p in cur if pod_ready(p)])
        want = {"desiredNumberScheduled": len(elig), "currentNumberScheduled": len(cur), "numberReady": rdy,
                "numberAvailable": rdy, "numberUnavailable": len(elig) - rdy, "numberMisscheduled": len(ps) - len(cur)}
        for k, v in want.items():
            if ds["status"].get(k, 0) != v:
                err("daemonset %s status.%s=%s want %s" % (ds["metadata"]["name"], k, ds["status"].get(k, 0), v))
        if len({p["spec"]["nodeName"] for p in cur}) != len(cur):
            err("daemonset %s: two pods on one node" % ds["metadata"]["name"])
    for j in B["jobs"]:
        js = job_status_calc(by_owner.get(j["metadata"]["uid"], []))
        for k, v in js.items():
            if j["status"].get(k, 0) != v:
                err("job %s status.%s=%s want %s" % (j["metadata"]["name"], k, j["status"].get(k, 0), v))
        conds = {c_["type"] for c_ in j["status"].get("conditions", []) if c_["status"] == "True"}
        if "Complete" in conds and js["succeeded"] < j["spec"].get("completions", 1):
            err("job %s complete without succeeded pods" % j["metadata"]["name"])
        if js["active"] and conds & {"Complete", "Failed"}:
            err("job %s finished with active pods" % j["metadata"]["name"])
    if "cronjobs" in B:
        for cj in B["cronjobs"]:
            act = {a["uid"] for a in cj["status"].get("active", []) or []}
            mine = [j for j in B["jobs"] if owner_uid(j) == cj["metadata"]["uid"]]
            unfinished = {j["metadata"]["uid"] for j in mine if not any(
                c_["type"] in ("Complete", "Failed") and c_["status"] == "True" for c_ in j["status"].get("conditions", []))}
            if act != unfinished:
                err("cronjob %s status.active disagrees with its jobs" % cj["metadata"]["name"])
    # endpoints & slices
    eps = {(e["metadata"]["namespace"], e["metadata"]["name"]): e for e in B["endpoints"]}
    svcs = {(s["metadata"]["namespace"], s["metadata"]["name"]): s for s in B["services"]}
    slices = {}
    for sl in B.get("endpointslices", []):
        slices.setdefault((sl["metadata"]["namespace"], sl["metadata"]["labels"].get("kubernetes.io/service-name")), []).append(sl)
    for k in eps:
        if k not in svcs:
            err("endpoints %s/%s without service" % k)
    for k, svc in svcs.items():
        if svc["spec"]["type"] == "ExternalName":
            if k in eps:
                err("ExternalName service %s/%s has endpoints" % k)
            continue
        if "selector" in svc["spec"]:
            subsets, seps, ports = endpoints_for_service(svc, pods, nodes)
            ep = eps.get(k)
            if ep is None:
                err("service %s/%s: Endpoints missing" % k)
            elif (ep.get("subsets") or []) != subsets:
                err("service %s/%s: Endpoints differ from recomputation" % k)
            if "endpointslices" in B:
                sls = [s for s in slices.get(k, []) if s["metadata"]["labels"].get("endpointslice.kubernetes.io/managed-by") == "endpointslice-controller.k8s.io"]
                got = sorted([e for s in sls for e in (s.get("endpoints") or [])], key=lambda e: e["addresses"][0])
                if got != seps:
                    err("service %s/%s: EndpointSlices differ from recomputation" % k)
                for s in sls:
                    if s.get("endpoints") and s.get("ports") != ports:
                        err("service %s/%s: slice ports differ" % k)
                if not sls:
                    err("service %s/%s: no EndpointSlice" % k)
        else:
            ep = eps.get(k)
            if ep is None or "endpointslices" not in B:
                continue
            meps, mports = mirror_slice_endpoints(ep)
            sls = slices.get(k, [])
            got = sorted([e for s in sls for e in (s.get("endpoints") or [])], key=lambda e: e["addresses"][0])
            if ep["metadata"].get("labels", {}).get("endpointslice.kubernetes.io/skip-mirror") == "true":
                if k == ("default", "kubernetes") and [e["addresses"] for e in got] != [e["addresses"] for e in meps]:
                    err("kubernetes slice differs from endpoints")
                continue
            if ep.get("subsets") and (got != meps or any(s.get("ports") != mports for s in sls)):
                err("mirrored slices for %s/%s differ from Endpoints" % k)
            for s in sls:
                if s["metadata"]["labels"].get("endpointslice.kubernetes.io/managed-by") != "endpointslicemirroring-controller.k8s.io":
                    err("slice %s for selector-less service not mirrored" % s["metadata"]["name"])
    # quota
    if "resourcequotas" in B:
        counts = {}
        for plural, key in (("services", "services"), ("configmaps", "configmaps"), ("secrets", "secrets")):
            for o in B[plural]:
                kk = (o["metadata"]["namespace"], key)
                counts[kk] = counts.get(kk, 0) + 1
        for rq in B["resourcequotas"]:
            u = quota_used(rq, pods, B["persistentvolumeclaims"], counts)
            if rq["status"].get("used") != u:
                err("resourcequota %s/%s used %s != %s" % (rq["metadata"]["namespace"], rq["metadata"]["name"], rq["status"].get("used"), u))
            if rq["status"].get("hard") != rq["spec"]["hard"]:
                err("resourcequota hard mismatch")
    # PV / PVC
    pvs = {p["metadata"]["name"]: p for p in B["persistentvolumes"]}
    pvcs = {(p["metadata"]["namespace"], p["metadata"]["name"]): p for p in B["persistentvolumeclaims"]}
    for k, pvc in pvcs.items():
        if pvc["status"].get("phase") == "Bound":
            pv = pvs.get(pvc["spec"].get("volumeName"))
            if not pv:
                err("pvc %s/%s bound to missing pv" % k)
                continue
            cr = pv["spec"].get("claimRef", {})
            if (cr.get("namespace"), cr.get("name"), cr.get("uid")) != (k[0], k[1], pvc["metadata"]["uid"]) or pv["status"]["phase"] != "Bound":
                err("pvc %s/%s / pv %s binding not mutual" % (k[0], k[1], pv["metadata"]["name"]))
        elif pvc["spec"].get("volumeName"):
            err("pending pvc %s/%s has volumeName" % k)
        sc = pvc["spec"].get("storageClassName")
        if sc and ("StorageClass", "", sc) not in idx and pvc["status"].get("phase") == "Bound":
            err("bound pvc %s/%s with unknown storageclass" % k)
    for name, pv in pvs.items():
        cr = pv["spec"].get("claimRef")
        ph = pv["status"]["phase"]
        if ph == "Bound":
            pvc = pvcs.get((cr["namespace"], cr["name"])) if cr else None
            if not pvc or pvc["metadata"]["uid"] != cr.get("uid") or pvc["spec"].get("volumeName") != name:
                err("pv %s bound but claim does not point back" % name)
        elif ph == "Released":
            pvc = pvcs.get((cr["namespace"], cr["name"]))
            if pvc and pvc["metadata"]["uid"] == cr.get("uid"):
                err("released pv %s still references live claim" % name)
            if ("PersistentVolumeClaim", cr["namespace"], cr["name"], cr.get("uid")) not in ghost_keys:
                err("released pv %s claimRef not a recorded ghost" % name)
        aff = pv["spec"].get("nodeAffinity", {}).get("required")
        if aff and not any(node_selector_terms_match(aff["nodeSelectorTerms"], n) for n in nodes.values()):
            err("pv %s node affinity matches no node" % name)
    # events
    for e in B["events"]:
        io = e["involvedObject"]
        kind = io["kind"]
        if kind in KIND2PLURAL:
            pl = KIND2PLURAL[kind]
            if pl not in B:
                continue
            nsr = io.get("namespace", "") if PLURALS[pl][2] else ""
            o = idx.get((kind, nsr, io["name"]))
            ok = o is not None and (o["metadata"]["uid"] == io.get("uid") or (kind == "Node" and io.get("uid") == io["name"]))
            if kind == "Node" and io.get("uid") == io["name"] and any(g[0] == "Node" and g[2] == io["name"] for g in ghost_keys):
                ok = True
            if not ok and (kind, nsr, io["name"], io.get("uid")) not in ghost_keys:
                err("event %s references unknown %s %s/%s" % (e["metadata"]["name"], kind, nsr, io["name"]))
        elif kind not in CRD_OWNERS:
            err("event on unexpected kind %s" % kind)
        if e["metadata"]["namespace"] != (io.get("namespace") or "default"):
            err("event %s namespace mismatch" % e["metadata"]["name"])
    # truth
    truth = json.load(open(os.path.join(d, "truth.json")))
    if set(truth) != {"id", "fault", "symptom", "root_cause", "explanation"}:
        err("truth keys")
    rc = truth["root_cause"]
    pl = KIND2PLURAL.get(rc["kind"])
    if not pl or (rc["kind"], rc["namespace"], rc["name"]) not in idx:
        err("truth entity %s %s/%s not in bundle" % (rc["kind"], rc["namespace"], rc["name"]))
    if PLURALS.get(pl, (0, 0, True))[2] is False and rc["namespace"] != "":
        err("cluster-scoped truth with namespace")
    if rc["name"].lower() in truth["symptom"].lower():
        err("symptom names the root-cause object")
    if not (40 <= len(pods) <= 200):
        err("pod count %d" % len(pods))
    if not (8 <= len(B["namespaces"]) <= 15):
        err("namespace count %d" % len(B["namespaces"]))
    return errs, {"pods": len(pods), "namespaces": len(B["namespaces"]), "kinds": len(B)}


# ============================================================================= incident plumbing
INCIDENTS = []


def incident(fault, platform):
    def deco(fn):
        INCIDENTS.append((fn, fault, platform))
        return fn
    return deco


def new_cluster(n, plat, snap):
    snap = datetime.strptime(snap, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    return Cluster("k6-%02d" % n, 6000 + n, snap, plat)


def reboot_node(c, n, when):
    c.rebooted[n] = when
    nd = c.nodeinfo[n]["obj"]
    nd["status"]["nodeInfo"]["bootID"] = c.uid()
    for cond in nd["status"]["conditions"]:
        cond["lastTransitionTime"] = rfc(when + timedelta(seconds=45 if cond["type"] == "Ready" else 30))


def set_node_cond(c, n, typ, status, reason, msg, t, taint=None):
    nd = c.nodeinfo[n]["obj"]
    for cond in nd["status"]["conditions"]:
        if cond["type"] == typ:
            cond.update({"lastTransitionTime": rfc(t), "message": msg, "reason": reason, "status": status})
            if status == "Unknown":
                cond["lastHeartbeatTime"] = rfc(t - timedelta(seconds=c.rng.randint(20, 40)))
    if taint:
        nd["spec"].setdefault("taints", []).extend(taint)


def set_pool(c, names, pool, labels=None):
    for n in names:
        c.nodeinfo[n]["pool"] = pool
        c.nodeinfo[n]["obj"]["metadata"]["labels"].update(labels or {})


def ev_backoff(c, pod, cname, first, last, count):
    md = pod["metadata"]
    c.event(pod, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (cname, md["name"], md["namespace"], md["uid"]),
            "Warning", host=pod["spec"]["nodeName"], first=first, last=last, count=count,
            fpath="spec.containers{%s}" % cname)


def ev_scale(c, dep, rs, frm, to, when, up=True):
    c.event(dep, "ScalingReplicaSet", "Scaled %s replica set %s to %d from %d" % ("up" if up else "down", rs["metadata"]["name"], to, frm),
            comp="deployment-controller", first=when, last=when)


def pod_by_prefix(c, ns, prefix):
    return [p for p in c.items["pods"] if p["metadata"]["namespace"] == ns and p["metadata"]["name"].startswith(prefix)]


# ============================================================================= incidents
@incident("secret-key-renamed", "doks")
def inc_secret_key(n):
    c = new_cluster(n, mkplat("doks"), "2026-03-03T10:42:17Z")
    t0 = c.ago(d=212)
    kube_base(c, t0, ["10.114.0.2"], 443)
    nodes_doks(c, t0, [{"name": "pool-prod", "n": 5, "created": [t0 + timedelta(minutes=5)] * 3 + [c.ago(d=40), c.ago(d=40, m=-4)]}])
    reboot_node(c, c.nodes_in()[1], c.ago(d=3, h=5))
    system_doks(c, t0)
    g = addon_monitoring(c, t0 + timedelta(days=2), "do-block-storage")
    addon_logging(c, t0 + timedelta(days=2), "do-block-storage")
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "164.92.199.23", "ipMode": "VIP"})
    addon_cert_manager(c, t0 + timedelta(days=1))
    addon_external_secrets(c, t0 + timedelta(days=3))
    noise_evicted(c, g, c.nodes_in()[2], c.ago(d=5, h=3), "ephemeral-storage")
    # database
    tdb = c.ago(d=120)
    c.namespace("payments-db", tdb, labels={"team": "payments"})
    pg = bitnami_pg(c, "payments-db", "payments-pg", tdb, "do-block-storage", size="50Gi", user="payments", db="payments")
    np_baseline(c, "payments-db", tdb, extra_ingress_from=["payments", "monitoring"], port=5432)
    # application
    tapp = c.ago(d=118)
    c.namespace("payments", tapp, labels={"team": "payments"})
    es = c.crd("external-secrets.io/v1beta1", "ExternalSecret", "payments", "payments-api-db", tapp)
    c.secret("payments", "payments-api-db", ["database", "host", "pg-password", "port", "username"], tapp, owner=es,
             labels={"reconcile.external-secrets.io/created-by": c.hexs(32)},
             ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)})
    c.sa("payments", "payments-api", tapp)
    env = [ESec("DB_HOST", "payments-api-db", "host"), ESec("DB_PORT", "payments-api-db", "port"),
           ESec("DB_NAME", "payments-api-db", "database"), ESec("DB_USER", "payments-api-db", "username"),
           E("DB_PASSWORD_FILE", "/var/run/secrets/payments/db/password"), E("HTTP_PORT", "8080")]
    lab = {"app.kubernetes.io/name": "payments-api", "app.kubernetes.io/part-of": "payments"}
    old_t = c.ago(d=6, h=2)
    new_t = c.ago(m=38)
    msg = ('{"level":"fatal","ts":"%s","caller":"config/load.go:88","msg":"cannot load database credentials",'
           '"error":"read DB_PASSWORD_FILE: open /var/run/secrets/payments/db/password: no such file or directory"}\n')
    nodes = c.pick(5)
    tpl_new = PT(lab, [C("payments-api", "registry.digitalocean.com/acme/payments-api:2.14.3", ports=[("http", 8080)],
                         req=("200m", "256Mi"), lim=(None, "512Mi"), env=env,
                         mounts=[M("db-credentials", "/var/run/secrets/payments/db", ro=True)],
                         rp=probe_http("/healthz/ready", "http"), lp=probe_http("/healthz/live", "http", period=20, delay=15))],
                 sa="payments-api", ann={"kubectl.kubernetes.io/restartedAt": rfc(new_t - timedelta(seconds=3))},
                 vols=[V_secret("db-credentials", "payments-api-db")], psc={"runAsNonRoot": True, "runAsUser": 10001})
    tpl_old = copy.deepcopy(tpl_new)
    tpl_old["metadata"]["annotations"]["kubectl.kubernetes.io/restartedAt"] = rfc(old_t - timedelta(seconds=5))
    sts_new = []
    for i in range(2):
        lt = c.ago(m=c.rng.randint(1, 4), s=c.rng.randint(0, 59))
        sts_new.append({"ctr": {"payments-api": CRASH(11 - i, LAST(1, "Error", lt - timedelta(seconds=1), lt, msg % rfc(lt)))}})
    api = c.deployment("payments", "payments-api", tpl_new, 4, tapp, rsets=[
        {"rev": 10, "replicas": 0, "created": c.ago(d=20), "pods": [], "tpl": tpl_old},
        {"rev": 11, "replicas": 3, "created": old_t, "tpl": tpl_old,
         "pods": [{"node": nodes[i], "created": old_t + timedelta(seconds=5 * i)} for i in range(3)]},
        {"rev": 12, "replicas": 2, "created": new_t,
         "pods": [{"node": nodes[3 + i], "created": new_t + timedelta(seconds=1 + 40 * i), "st": sts_new[i]} for i in range(2)]}],
        progress="stuck", labels=lab, ann={"argocd.argoproj.io/tracking-id": "payments:apps/Deployment:payments/payments-api"})
    c.service("payments", "payments-api", lab, [("http", 80, "http")], tapp, labels=lab)
    c.ingress("payments", "payments-api", "pay.acme-shop.io", "payments-api", 80, tapp, lb={"ip": "164.92.199.23"})
    old_rs, new_rs = api["rs"][1], api["rs"][2]
    ev_scale(c, api["dep"], new_rs, 0, 1, new_t)
    ev_scale(c, api["dep"], old_rs, 4, 3, new_t + timedelta(seconds=1), up=False)
    ev_scale(c, api["dep"], new_rs, 1, 2, new_t + timedelta(seconds=41))
    for p in api["pods"][3:]:
        ct = parse_ts(p["metadata"]["creationTimestamp"])
        ev_backoff(c, p, "payments-api", ct + timedelta(seconds=30), c.ago(s=c.rng.randint(5, 60)), c.rng.randint(150, 180))
    app_dep(c, "payments", "payments-reconciler", "registry.digitalocean.com/acme/payments-reconciler:1.9.0", 1, c.ago(d=9),
            env=[ESec("DB_HOST", "payments-api-db", "host"), ESec("DB_USER", "payments-api-db", "username"),
                 E("DB_PASSWORD_FILE", "/var/run/secrets/payments/db/password")], sa="payments-api", svc=False, rev=1,
            vols=[V_secret("db-credentials", "payments-api-db")], mounts=[M("db-credentials", "/var/run/secrets/payments/db", ro=True)])
    jt = PT({"app.kubernetes.io/name": "payments-settlement"},
            [C("settlement", "registry.digitalocean.com/acme/payments-api:2.14.3", args=["settle", "--since=1h"],
               env=[ESec("DB_HOST", "payments-api-db", "host"), ESec("DB_USER", "payments-api-db", "username"),
                    E("DB_PASSWORD_FILE", "/var/run/secrets/payments/db/password")], req=("100m", "128Mi"),
               mounts=[M("db-credentials", "/var/run/secrets/payments/db", ro=True)])],
            sa="payments-api", restart="Never", vols=[V_secret("db-credentials", "payments-api-db")])
    c.cronjob("payments", "payments-settlement", "0 * * * *", jt, c.ago(d=60),
              [{"at": t_, "result": "ok", "dur": timedelta(seconds=c.rng.randint(40, 90))} for t_ in cron_times(c, 60, 3)])
    np_baseline(c, "payments", tapp, extra_ingress_from=["ingress-nginx", "monitoring"])
    noise_sandbox(c, c.ago(d=30), "sandbox", "pgadmin-test", "dpage/pgadmin4:8.99", "imagepull", days=4)
    truth = {"fault": "secret-key-renamed",
             "symptom": "payments-api rollout has been stuck for ~40 minutes since this morning's credential rotation, the new pods never start",
             "root_cause": {"kind": "Secret", "namespace": "payments", "name": "payments-api-db"},
             "explanation": "The new payments-api ReplicaSet (rollout restart 38 min ago) crash-loops; the termination "
                            "message says it cannot read /var/run/secrets/payments/db/password, which is the `password` key of "
                            "the mounted Secret payments/payments-api-db. That ExternalSecret-managed Secret now carries "
                            "`pg-password` instead of `password` after the credential rotation, while every consumer "
                            "(payments-api, payments-reconciler, the settlement CronJob) expects `password`; the old pods only "
                            "survive because they read the file before the rotation. Fix the Secret (its ExternalSecret "
                            "template) so it exposes the `password` key again."}
    return c, truth



@incident("service-selector-mismatch", "gke")
def inc_svc_selector(n):
    c = new_cluster(n, mkplat("gke"), "2026-02-17T14:06:51Z")
    t0 = c.ago(d=301)
    kube_base(c, t0, ["172.16.0.2"], 443)
    nodes_gke(c, t0, [{"name": "default-pool", "n": 4, "zones": ["b", "c", "d"], "created": c.ago(d=11)}], cluster="shop-prod")
    system_gke(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "standard-rwo", node_exp=False,
                     prom_states={"ctr": {"prometheus": RUN(since=c.ago(d=2, h=7), restarts=1, last=LAST(137, "OOMKilled", c.ago(d=4), c.ago(d=2, h=7)))}})
    addon_argocd(c, t0 + timedelta(days=1))
    addon_cert_manager(c, t0 + timedelta(days=1))
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "34.76.118.201", "ipMode": "VIP"})
    tdb = c.ago(d=290)
    c.namespace("catalog-db", tdb, labels={"team": "catalog"})
    cut = c.ago(h=2, m=11)
    my = bitnami_mysql(c, "catalog-db", "catalog-mysql", c.ago(d=1, h=4), "premium-rwo", size="100Gi")
    # the old hand-written alias service, kept from the previous (stable/mysql) install
    c.service("catalog-db", "catalog-db", {"app": "mysql", "release": "catalog", "role": "primary"}, [("mysql", 3306, 3306)], tdb,
              labels={"app": "mysql", "release": "catalog"},
              ann={"kubectl.kubernetes.io/last-applied-configuration": '{"apiVersion":"v1","kind":"Service","metadata":{"annotations":{},"labels":{"app":"mysql","release":"catalog"},"name":"catalog-db","namespace":"catalog-db"},"spec":{"ports":[{"name":"mysql","port":3306,"targetPort":3306}],"selector":{"app":"mysql","release":"catalog","role":"primary"}}}\n'})
    np_baseline(c, "catalog-db", tdb, extra_ingress_from=["catalog", "monitoring"], port=3306)
    tapp = c.ago(d=288)
    c.namespace("catalog", tapp, labels={"team": "catalog"})
    c.secret("catalog", "catalog-api-db", ["password", "username"], c.ago(d=120))
    c.cm("catalog", "catalog-api-config", {"DB_HOST": "catalog-db.catalog-db.svc.cluster.local", "DB_PORT": "3306",
                                           "DB_NAME": "catalog", "LOG_LEVEL": "info"}, tapp)
    cip = c.get("Service", "catalog-db", "catalog-db")["spec"]["clusterIP"]
    msg = "2026/02/17 %s main.go:61: FATAL: db ping failed: dial tcp %s:3306: connect: connection refused\n"
    states = []
    for i in range(3):
        lt = c.ago(m=c.rng.randint(0, 4), s=c.rng.randint(5, 59))
        states.append({"ctr": {"catalog-api": CRASH(24 + i, LAST(1, "Error", lt - timedelta(seconds=6), lt, msg % (lt.strftime("%H:%M:%S"), cip)))}})
    api = app_dep(c, "catalog", "catalog-api", "europe-west1-docker.pkg.dev/acme-prod-4471/shop/catalog-api:3.8.1", 3, tapp,
                  env_from=[{"configMapRef": {"name": "catalog-api-config"}}],
                  env=[ESec("DB_USER", "catalog-api-db", "username"), ESec("DB_PASSWORD", "catalog-api-db", "password")],
                  states=states, sa="catalog-api", rev=9)
    for p in api["pods"]:
        ev_backoff(c, p, "catalog-api", cut + timedelta(minutes=2), c.ago(s=c.rng.randint(5, 90)), c.rng.randint(400, 520))
    c.ingress("catalog", "catalog-api", "catalog.acme-shop.eu", "catalog-api", 80, tapp, lb={"ip": "34.76.118.201"})
    jt = PT({"app.kubernetes.io/name": "catalog-indexer"},
            [C("indexer", "europe-west1-docker.pkg.dev/acme-prod-4471/shop/catalog-indexer:3.8.1", req=("200m", "256Mi"),
               env_from=[{"configMapRef": {"name": "catalog-api-config"}}],
               env=[ESec("DB_USER", "catalog-api-db", "username"), ESec("DB_PASSWORD", "catalog-api-db", "password")])],
            restart="Never", sa="catalog-api")
    runs = [{"at": t_, "result": "ok", "dur": timedelta(minutes=3)} for t_ in cron_times(c, 30, 6, start=cut)[-2:]]
    runs += [{"at": t_, "result": "fail", "attempts": 3, "dur": timedelta(seconds=4),
              "msg": "ERROR 2003 (HY000): Can't connect to MySQL server on 'catalog-db.catalog-db.svc.cluster.local:3306' (111)\n"}
             for t_ in cron_times(c, 30, 1)]
    c.cronjob("catalog", "catalog-indexer", "*/30 * * * *", jt, c.ago(d=200), runs, hist=(3, 1), backoff=2)
    np_baseline(c, "catalog", tapp, extra_ingress_from=["ingress-nginx"])
    noise_sandbox(c, c.ago(d=50), "sandbox", "mysql-shell", "mysql/mysql-shell:8.4.99", "imagepull", days=9)
    truth = {"fault": "service-selector-mismatch",
             "symptom": "catalog api pods keep restarting since the mysql migration this morning, logs say connection refused",
             "root_cause": {"kind": "Service", "namespace": "catalog-db", "name": "catalog-db"},
             "explanation": "catalog-api (and the catalog-indexer CronJob) connect to catalog-db.catalog-db.svc; the termination "
                            "message shows 'connection refused' on that Service's ClusterIP. The Service catalog-db still selects "
                            "app=mysql,release=catalog,role=primary (labels of the decommissioned stable/mysql install); the new "
                            "bitnami catalog-mysql pods carry app.kubernetes.io/* labels, so Endpoints catalog-db is empty. "
                            "Point the Service selector at the catalog-mysql primary pods."}
    return c, truth



@incident("csi-controller-missing-cloud-credentials", "eks")
def inc_ebs_irsa(n):
    c = new_cluster(n, mkplat("eks", minor=30, kubelet="v1.30.2-eks-1552ad0"), "2026-01-22T09:17:40Z")
    t0 = c.ago(d=260)
    kube_base(c, t0, ["192.168.17.203", "192.168.88.41"], 443)
    rot = c.ago(h=1, m=12)
    nodes_eks(c, t0, [{"name": "ng-general", "n": 3, "zones": ["a", "b", "c"], "created": c.ago(d=19)},
                      {"name": "ng-db", "n": 3, "zones": ["a", "b", "c"], "itype": "r6i.2xlarge", "role": "db",
                       "labels": {"workload": "database"}, "cap": ("8", "65023660Ki", "58"),
                       "created": [c.ago(d=19), c.ago(d=19), rot]}])
    reinstall = c.ago(d=1, h=3)
    system_eks(c, t0, irsa_ebs=False, ebs_sa_t=reinstall)
    ebs_csi(c, reinstall, irsa_env=False)
    acct = "418273645091"
    addon_monitoring(c, t0 + timedelta(days=3), "gp3")
    addon_logging(c, t0 + timedelta(days=3), "gp3", flavor="vector")
    addon_external_secrets(c, t0 + timedelta(days=5), role="arn:aws:iam::%s:role/external-secrets-irsa" % acct)
    addon_velero(c, t0 + timedelta(days=6), role="arn:aws:iam::%s:role/velero-irsa" % acct)
    cnpg_operator(c, t0 + timedelta(days=7))
    ta = c.ago(d=180)
    c.namespace("analytics", ta, labels={"team": "data"})
    dbn = c.nodes_in("db")
    cl = cnpg_cluster(c, "analytics", "events-pg", ta, "gp3", [1, 2, 3], primary=1, size="200Gi", nodes=dbn,
                      created={1: c.ago(d=19, m=-30), 2: c.ago(d=19, m=-40), 3: rot + timedelta(minutes=3)},
                      pvc_states={3: "bound"},
                      states={3: {"sandbox": False, "init": {"bootstrap-controller": WAIT("PodInitializing")}}})
    p3 = cl["pods"][3]
    pv = c.get("PersistentVolume", "", "pvc-" + cl["pvcs"][3]["metadata"]["uid"])
    # the PVC of instance 3 was created long ago; only the pod is new
    cl["pvcs"][3]["metadata"]["creationTimestamp"] = rfc(ta + timedelta(minutes=5))
    pv["metadata"]["creationTimestamp"] = rfc(ta + timedelta(minutes=5, seconds=4))
    vol = pv["spec"]["csi"]["volumeHandle"]
    iid = json.loads(c.nodeinfo[dbn[2]]["obj"]["metadata"]["annotations"]["csi.volume.kubernetes.io/nodeid"])["ebs.csi.aws.com"]
    first = rot + timedelta(minutes=3, seconds=5)
    c.event(p3, "FailedAttachVolume",
            'AttachVolume.Attach failed for volume "%s" : rpc error: code = Internal desc = Could not attach volume "%s" to node "%s": '
            'could not attach volume "%s" to node "%s": operation error EC2: AttachVolume, get identity: get credentials: failed to '
            'refresh cached credentials, no EC2 IMDS role found, operation error ec2imds: GetMetadata, canceled, context deadline exceeded'
            % (pv["metadata"]["name"], vol, iid, vol, iid), "Warning", comp="attachdetach-controller",
            first=first, last=c.ago(s=c.rng.randint(30, 120)), count=41)
    c.event(p3, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[pgdata], unattached volumes=[pgdata], "
            "failed to process volumes=[]: timed out waiting for the condition", "Warning", host=dbn[2],
            first=first + timedelta(minutes=2), last=c.ago(s=c.rng.randint(30, 120)), count=31)
    cl["pvcs"][3]["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = "ip-192-168-77-12.ec2.internal"
    c.event(cl["cluster"], "CreatingInstance", "Creating instance events-pg-3", comp="cloudnative-pg", first=rot + timedelta(minutes=3), last=rot + timedelta(minutes=3))
    app_dep(c, "analytics", "events-ingest", "418273645091.dkr.ecr.us-east-1.amazonaws.com/data/events-ingest:5.2.0", 3, ta,
            env=[E("PGHOST", "events-pg-rw"), ESec("PGUSER", "events-pg-app", "username"), ESec("PGPASSWORD", "events-pg-app", "password")],
            rev=7)
    app_dep(c, "analytics", "events-api", "418273645091.dkr.ecr.us-east-1.amazonaws.com/data/events-api:5.2.0", 2, ta,
            env=[E("PGHOST", "events-pg-ro"), ESec("PGUSER", "events-pg-app", "username"), ESec("PGPASSWORD", "events-pg-app", "password")],
            rev=7)
    noise_failed_job(c, "analytics", "events-backfill-manual", "418273645091.dkr.ecr.us-east-1.amazonaws.com/data/events-ingest:5.1.9",
                     c.ago(d=2, h=6), "backfill: relation \"events_2025_12\" does not exist\n")
    noise_sandbox(c, c.ago(d=40), "sandbox", "pg-playground", "postgres:16.3", "crash", days=6,
                  msg="initdb: error: directory \"/var/lib/postgresql/data\" exists but is not empty\nIt contains a lost+found directory, perhaps due to it being a mount point.\n")
    truth = {"fault": "csi-controller-missing-cloud-credentials",
             "symptom": "events-pg postgres cluster has been down to two instances since the db node group rotation about an hour ago; the third instance is stuck ContainerCreating",
             "root_cause": {"kind": "ServiceAccount", "namespace": "kube-system", "name": "ebs-csi-controller-sa"},
             "explanation": "Pod events-pg-3 landed on the replacement db node and waits for its EBS volume: FailedAttachVolume says the "
                            "EBS CSI controller cannot get AWS credentials (no EC2 IMDS role found). The aws-ebs-csi-driver add-on was "
                            "reinstalled yesterday and its ServiceAccount kube-system/ebs-csi-controller-sa lost the "
                            "eks.amazonaws.com/role-arn annotation (compare aws-node, external-secrets, velero-server), so the "
                            "controller pods have no AWS_ROLE_ARN / web-identity token. Annotate the ServiceAccount with the IRSA "
                            "role and restart ebs-csi-controller."}
    return c, truth


@incident("storageclass-wrong-provisioner", "gke")
def inc_sc_provisioner(n):
    c = new_cluster(n, mkplat("gke"), "2026-02-05T16:31:02Z")
    t0 = c.ago(d=155)
    kube_base(c, t0, ["172.16.0.2"], 443)
    nodes_gke(c, t0, [{"name": "default-pool", "n": 4, "zones": ["b", "c", "d", "b"], "created": c.ago(d=8)}], cluster="web-prod")
    system_gke(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "standard-rwo", node_exp=False)
    addon_flux(c, t0 + timedelta(days=1))
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "35.205.77.14", "ipMode": "VIP"})
    addon_logging(c, t0 + timedelta(days=2), "standard-rwo", flavor="vector")
    addon_cert_manager(c, t0 + timedelta(days=2))
    inst = c.ago(m=42)
    c.storageclass("fast-ssd", "ebs.csi.aws.com", c.ago(m=47), params={"type": "gp3", "iops": "6000", "throughput": "250",
                                                                       "csi.storage.k8s.io/fstype": "ext4"},
                   labels={"kustomize.toolkit.fluxcd.io/name": "platform-storage", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"})
    # healthy cache redis on the standard class (decoy of a working redis)
    c.namespace("cache", c.ago(d=120))
    ns = "sessions"
    c.namespace(ns, inst - timedelta(minutes=1), labels={"team": "identity"})
    for rel, nsx, sc, tt, pending in (("cache", "cache", "standard-rwo", c.ago(d=120), False), ("sessions", ns, "fast-ssd", inst, True)):
        full = rel + "-redis"
        ver = "7.2.5"
        c.helm(nsx, rel, tt, revs=1 if pending else 4)
        c.sa(nsx, full, tt, automount=False)
        c.secret(nsx, full, ["redis-password"], tt, labels=helm_labels("redis", rel, ver))
        c.cm(nsx, full + "-configuration", {"master.conf": "dir /data\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n",
                                            "redis.conf": "appendonly yes\nsave \"\"\nmaxmemory 768mb\nmaxmemory-policy allkeys-lru\n",
                                            "replica.conf": "dir /data\n"}, tt, labels=helm_labels("redis", rel, ver))
        c.cm(nsx, full + "-scripts", {"start-master.sh": "#!/bin/bash\nexec redis-server \"${ARGS[@]}\"\n", "start-replica.sh": "#!/bin/bash\n"}, tt)
        c.cm(nsx, full + "-health", {"ping_readiness_local.sh": "#!/bin/bash\n", "ping_liveness_local.sh": "#!/bin/bash\n"}, tt)
        c.service(nsx, full + "-headless", sel_of("redis", rel), [("tcp-redis", 6379, "redis")], tt, headless=True,
                  labels=helm_labels("redis", rel, ver))
        for comp in ("master", "replicas"):
            sel = sel_of("redis", rel, "master" if comp == "master" else "replica")
            hl = helm_labels("redis", rel, ver, "master" if comp == "master" else "replica", "redis-19.6.1")
            c.service(nsx, "%s-%s" % (full, comp), sel, [("tcp-redis", 6379, "redis")], tt, labels=hl)
            ctr = C("redis", "docker.io/bitnami/redis:7.2.5-debian-12-r0", ports=[("redis", 6379)], req=("100m", "512Mi"), lim=(None, "1Gi"),
                    command=["/bin/bash"], args=["-c", "/opt/bitnami/scripts/start-scripts/start-%s.sh" % ("master" if comp == "master" else "replica")],
                    env=[E("BITNAMI_DEBUG", "false"), E("REDIS_REPLICATION_MODE", "master" if comp == "master" else "replica"),
                         E("ALLOW_EMPTY_PASSWORD", "no"), E("REDIS_PASSWORD_FILE", "/opt/bitnami/redis/secrets/redis-password")],
                    mounts=[M("start-scripts", "/opt/bitnami/scripts/start-scripts"), M("health", "/health"), M("redis-password", "/opt/bitnami/redis/secrets/"),
                            M("redis-data", "/data"), M("config", "/opt/bitnami/redis/mounted-etc")],
                    rp=probe_exec(["sh", "-c", "/health/ping_readiness_local.sh 1"], period=5, delay=20, timeout=2),
                    lp=probe_exec(["sh", "-c", "/health/ping_liveness_local.sh 5"], period=5, delay=20, fail=5, timeout=6))
            tpl = PT(hl, [ctr], sa=full, vols=[V_cm("start-scripts", full + "-scripts"), V_cm("health", full + "-health"),
                                              V_secret("redis-password", full), V_cm("config", full + "-configuration")],
                     psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"})
            nrep = 1 if comp == "master" else 2
            if pending:
                msg = 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded'
                sel_node = c.pick(1)[0]
                pods = [{"node": None, "st": {"unsched": msg, "sched_reason": "SchedulerError"}, "pv_node": sel_node,
                         "pvc": "pending", "created": inst + timedelta(seconds=4)}]
            else:
                pods = None
            o = c.statefulset(nsx, "%s-%s" % (full, comp), tpl, nrep, tt, full + "-headless",
                              vcts=[{"name": "redis-data", "size": "8Gi", "sc": sc}], labels=hl, pods=pods)
            o["sts"]["spec"]["selector"] = {"matchLabels": sel}
            if pending:
                p = o["pods"][0]
                pvc = o["pvcs"][0]
                c.event(pvc, "WaitForFirstConsumer", "waiting for first consumer to be created before binding", comp="persistentvolume-controller",
                        first=inst + timedelta(seconds=4), last=inst + timedelta(seconds=4))
                c.event(pvc, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by "
                        "the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
                        comp="persistentvolume-controller", first=inst + timedelta(seconds=6), last=c.ago(s=c.rng.randint(3, 14)), count=c.rng.randint(160, 175))
                c.sev(p, msg, inst + timedelta(minutes=10, seconds=5), c.ago(s=c.rng.randint(20, 200)), count=4)
    api_msg = "Error: connect ECONNREFUSED %s:6379\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1595:16)\n" % c.get("Service", ns, "sessions-redis-master")["spec"]["clusterIP"]
    stl = []
    for i in range(2):
        lt = c.ago(m=c.rng.randint(0, 4), s=c.rng.randint(3, 59))
        stl.append({"ctr": {"sessions-api": CRASH(12 + i, LAST(1, "Error", lt - timedelta(seconds=3), lt, api_msg))}})
    api = app_dep(c, ns, "sessions-api", "europe-west1-docker.pkg.dev/acme-prod-4471/identity/sessions-api:1.0.0", 2, inst,
                  env=[E("REDIS_HOST", "sessions-redis-master"), ESec("REDIS_PASSWORD", "sessions-redis", "redis-password")],
                  states=stl, rev=1, progress="stuck")
    for p in api["pods"]:
        ev_backoff(c, p, "sessions-api", inst + timedelta(minutes=2), c.ago(s=c.rng.randint(4, 90)), c.rng.randint(150, 170))
    noise_sandbox(c, c.ago(d=60), "dev-tools", "adminer", "adminer:4.8.9", "imagepull", days=3)
    truth = {"fault": "storageclass-wrong-provisioner",
             "symptom": "the new sessions service we helm-installed ~40 min ago never came up: its redis pods are still Pending",
             "root_cause": {"kind": "StorageClass", "namespace": "", "name": "fast-ssd"},
             "explanation": "Both sessions-redis pods are Pending (VolumeBinding PreBind timeout) because their PVCs never bind: the "
                            "persistentvolume-controller keeps waiting for external provisioner 'ebs.csi.aws.com'. The StorageClass "
                            "fast-ssd, added by the platform Flux kustomization minutes before the install, was copied from an EKS "
                            "repo and names the AWS EBS CSI driver, which does not exist on this GKE cluster (pd.csi.storage.gke.io "
                            "is the local driver). Recreate the StorageClass with provisioner pd.csi.storage.gke.io (type pd-ssd), "
                            "then recreate the pending claims."}
    return c, truth


@incident("rwo-volume-rollingupdate-multi-attach", "aks")
def inc_multi_attach(n):
    c = new_cluster(n, mkplat("aks"), "2026-01-09T11:54:30Z")
    t0 = c.ago(d=340)
    kube_base(c, t0, ["10.224.0.200"], 443)
    nodes_aks(c, t0, [{"name": "system", "n": 2, "zones": ["1", "2"], "mode": "system", "role": "system", "created": c.ago(d=21),
                       "taints": [{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "value": "true"}]},
                      {"name": "user", "n": 4, "zones": ["1", "2", "3", "1"], "created": c.ago(d=21)}])
    system_aks(c, t0)
    addon_monitoring(c, t0 + timedelta(days=2), "managed-csi")
    addon_cert_manager(c, t0 + timedelta(days=2))
    addon_ingress_nginx(c, t0 + timedelta(days=2), {"ip": "20.103.55.9", "ipMode": "VIP"})
    addon_kyverno(c, t0 + timedelta(days=30))
    ns = "wiki"
    tw = c.ago(d=200)
    c.namespace(ns, tw, labels={"team": "it-tools"})
    z1 = [x for x in c.nodes_in("worker") if c.nodeinfo[x]["zone"] == "westeurope-1"]
    c.secret(ns, "wiki-mariadb-auth", ["MARIADB_PASSWORD", "MARIADB_ROOT_PASSWORD"], tw)
    c.cm(ns, "wiki-mariadb-config", {"99-tuning.cnf": "[mysqld]\nmax_connections=400\ninnodb_buffer_pool_size=1536M\n"}, c.ago(m=36))
    pvc = c.pvc(ns, "wiki-mariadb-data", "32Gi", "managed-csi-premium", tw, labels={"app": "wiki-mariadb"}, node=z1[0])
    lab = {"app": "wiki-mariadb"}
    def tpl_for(h):
        return PT(lab, [C("mariadb", "mariadb:11.4.2", ports=[("mysql", 3306)], req=("500m", "1Gi"), lim=("2", "2Gi"),
                          env=[E("MARIADB_DATABASE", "wikijs"), E("MARIADB_USER", "wikijs"),
                               ESec("MARIADB_PASSWORD", "wiki-mariadb-auth", "MARIADB_PASSWORD"),
                               ESec("MARIADB_ROOT_PASSWORD", "wiki-mariadb-auth", "MARIADB_ROOT_PASSWORD")],
                          mounts=[M("data", "/var/lib/mysql"), M("config", "/etc/mysql/conf.d")],
                          rp=probe_exec(["healthcheck.sh", "--connect", "--innodb_initialized"], period=10),
                          lp=probe_exec(["healthcheck.sh", "--connect"], period=20, delay=60))],
                  vols=[V_pvc("data", "wiki-mariadb-data"), V_cm("config", "wiki-mariadb-config")],
                  ann={"checksum/config": h})
    t_old, t_new = tpl_for(c.hexs(64)), tpl_for(c.hexs(64))
    roll = c.ago(m=34)
    old_created = c.ago(d=9, h=4)
    dep = c.deployment(ns, "wiki-mariadb", t_new, 1, tw, labels=lab, progress="stuck", rsets=[
        {"rev": 3, "replicas": 0, "created": c.ago(d=60), "pods": [], "tpl": t_old},
        {"rev": 4, "replicas": 1, "created": c.ago(d=9, h=4), "tpl": t_old, "pods": [{"node": z1[0], "created": old_created}]},
        {"rev": 5, "replicas": 1, "created": roll, "pods": [{"node": z1[1], "created": roll + timedelta(seconds=1), "st": {"sandbox": False}}]}])
    old_pod, new_pod = dep["pods"]
    c.service(ns, "wiki-mariadb", lab, [("mysql", 3306, "mysql")], tw)
    pvname = pvc["spec"]["volumeName"]
    c.event(new_pod, "FailedAttachVolume", 'Multi-Attach error for volume "%s" Volume is already used by pod(s) %s' % (pvname, old_pod["metadata"]["name"]),
            "Warning", comp="attachdetach-controller", first=roll + timedelta(seconds=2), last=roll + timedelta(seconds=2))
    c.event(new_pod, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data], failed to process "
            "volumes=[]: timed out waiting for the condition", "Warning", host=z1[1], first=roll + timedelta(minutes=2, seconds=3),
            last=c.ago(m=c.rng.randint(0, 1), s=c.rng.randint(10, 50)), count=15)
    ev_scale(c, dep["dep"], dep["rs"][2], 0, 1, roll)
    app_dep(c, ns, "wiki-js", "ghcr.io/requarks/wiki:2.5.303", 2, tw, port=3000,
            env=[E("DB_TYPE", "mariadb"), E("DB_HOST", "wiki-mariadb"), E("DB_PORT", "3306"), E("DB_USER", "wikijs"),
                 ESec("DB_PASS", "wiki-mariadb-auth", "MARIADB_PASSWORD"), E("DB_NAME", "wikijs")], rev=4,
            rp=probe_http("/healthz", "http"), lp=probe_http("/healthz", "http", delay=30))
    c.ingress(ns, "wiki-js", "wiki.corp.example.net", "wiki-js", 80, tw, lb={"ip": "20.103.55.9"})
    jt = PT({"app": "wiki-mariadb-backup"}, [C("dump", "mariadb:11.4.2", command=["/bin/sh", "-c", "mariadb-dump --single-transaction -h wiki-mariadb wikijs | gzip > /backup/wikijs-$(date +%F).sql.gz"],
                                              env=[ESec("MYSQL_PWD", "wiki-mariadb-auth", "MARIADB_ROOT_PASSWORD")], req=("100m", "128Mi"),
                                              mounts=[M("backup", "/backup")])],
            restart="OnFailure", vols=[{"azureFile": {"readOnly": False, "secretName": "wiki-backup-storage", "shareName": "wiki-backups"}, "name": "backup"}])
    c.secret(ns, "wiki-backup-storage", ["azurestorageaccountkey", "azurestorageaccountname"], tw)
    c.cronjob(ns, "wiki-mariadb-backup", "30 2 * * *", jt, tw, [{"at": t_, "result": "ok", "dur": timedelta(minutes=2)} for t_ in cron_times(c, 1440, 3, offset_min=150)])
    noise_sandbox(c, c.ago(d=30), "sandbox", "wiki-next", "ghcr.io/requarks/wiki:3.0.0-alpha.999", "imagepull", days=5)
    truth = {"fault": "rwo-volume-rollingupdate-multi-attach",
             "symptom": "config change on the wiki database half an hour ago never rolled out, the new pod is stuck in ContainerCreating",
             "root_cause": {"kind": "Deployment", "namespace": "wiki", "name": "wiki-mariadb"},
             "explanation": "The config change created a new ReplicaSet; its pod was scheduled to another node in the same zone and "
                            "cannot attach the ReadWriteOnce Azure disk: 'Multi-Attach error ... Volume is already used by pod(s)' "
                            "the old mariadb pod. The Deployment uses strategy RollingUpdate (maxUnavailable 25% of 1 = 0), so the "
                            "old pod is never stopped and the rollout deadlocks. Change the Deployment strategy to Recreate (or run "
                            "MariaDB as a StatefulSet)."}
    return c, truth



@incident("node-disk-pressure-local-pv", "kubeadm")
def inc_disk_pressure(n):
    c = new_cluster(n, mkplat("kubeadm"), "2026-02-24T03:12:44Z")
    t0 = c.ago(d=410)
    kube_base(c, t0, ["10.10.20.11", "10.10.20.12", "10.10.20.13"], 6443)
    nodes_kubeadm(c, t0, 3, 5, prefix="bm", net="10.10.20.", cni_pfx="calico")
    ws = c.nodes_in("worker")
    set_pool(c, ws[2:], "db", {"node-role.kubernetes.io/db": ""})
    bad = ws[4]
    dp = c.ago(m=27)
    set_node_cond(c, bad, "DiskPressure", "True", "KubeletHasDiskPressure", "kubelet has disk pressure", dp,
                  taint=[{"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "timeAdded": rfc(dp + timedelta(seconds=9))}])
    reboot_node(c, ws[0], c.ago(d=12))
    system_kubeadm(c, t0, cni="calico")
    addon_openebs(c, t0 + timedelta(days=1))
    addon_metallb(c, t0 + timedelta(days=1))
    g = addon_monitoring(c, t0 + timedelta(days=2), "openebs-hostpath")
    addon_ingress_nginx(c, t0 + timedelta(days=2), {"ip": "10.10.21.10", "ipMode": "VIP"})
    addon_cert_manager(c, t0 + timedelta(days=2))
    noise_evicted(c, g, ws[1], c.ago(d=6, h=2), "memory", used="1873Mi")
    ns = "erp-db"
    td = c.ago(d=380)
    c.namespace(ns, td, labels={"team": "erp"})
    cr = c.crd("pxc.percona.com/v1", "PerconaXtraDBCluster", ns, "erp-pxc", td)
    opl = {"app.kubernetes.io/component": "operator", "app.kubernetes.io/instance": "percona-xtradb-cluster-operator",
           "app.kubernetes.io/name": "percona-xtradb-cluster-operator", "app.kubernetes.io/part-of": "percona-xtradb-cluster-operator"}
    sysdep(c, ns, "percona-xtradb-cluster-operator", "percona/percona-xtradb-cluster-operator:1.14.0", 1, td, labels=opl,
           sa="percona-xtradb-cluster-operator", ports=[("metrics", 8080)], req=("100m", "20Mi"), tmp="File")
    c.secret(ns, "erp-pxc-secrets", ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"], td)
    c.secret(ns, "internal-erp-pxc", ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"], td, owner=cr)
    c.secret(ns, "erp-pxc-ssl", ["ca.crt", "tls.crt", "tls.key"], td, typ="kubernetes.io/tls")
    c.secret(ns, "erp-pxc-ssl-internal", ["ca.crt", "tls.crt", "tls.key"], td, typ="kubernetes.io/tls")
    c.cm(ns, "auto-erp-pxc-pxc", {"auto-config.cnf": "[mysqld]\ninnodb_buffer_pool_size=12884901888\nmax_connections=1500\n"}, td, owner=cr)
    c.cm(ns, "erp-pxc-pxc", {"init.cnf": "[mysqld]\nwsrep_debug=CLIENT\nwsrep_provider_options=\"gcache.size=2G; gcache.recover=yes\"\n"}, td, owner=cr)
    base = {"app.kubernetes.io/instance": "erp-pxc", "app.kubernetes.io/managed-by": "percona-xtradb-cluster-operator",
            "app.kubernetes.io/name": "percona-xtradb-cluster", "app.kubernetes.io/part-of": "percona-xtradb-cluster"}
    pl = dict(base, **{"app.kubernetes.io/component": "pxc"})
    c.service(ns, "erp-pxc-pxc", pl, [("mysql", 3306, 3306), ("mysql-replica", 33062, 33062), ("mysql-admin", 33062 + 1, 33062 + 1)], td,
              headless=True, pna=True, labels=pl)
    c.service(ns, "erp-pxc-pxc-unready", pl, [("mysql", 3306, 3306)], td, headless=True, pna=True, labels=pl)
    for s_ in ("erp-pxc-pxc", "erp-pxc-pxc-unready"):
        c.get("Service", ns, s_)["metadata"]["ownerReferences"] = [oref(cr)]
    ptpl = PT(pl, [C("pxc", "percona/percona-xtradb-cluster:8.0.36-28.1", ports=[("mysql", 3306), ("mysql-replica", 33062), ("write-set", 4567), ("ist", 4568), ("sst", 4444)],
                     req=("1", "8Gi"), lim=("4", "16Gi"), command=["/var/lib/mysql/pxc-entrypoint.sh"], args=["mysqld"],
                     env=[E("PXC_SERVICE", "erp-pxc-pxc-unready"), E("MONITOR_HOST", "%"),
                          ESec("MYSQL_ROOT_PASSWORD", "internal-erp-pxc", "root"), ESec("XTRABACKUP_PASSWORD", "internal-erp-pxc", "xtrabackup")],
                     mounts=[M("datadir", "/var/lib/mysql"), M("config", "/etc/percona-xtradb-cluster.conf.d"), M("ssl", "/etc/mysql/ssl")],
                     rp=probe_exec(["/var/lib/mysql/readiness-check.sh"], period=10, fail=5, delay=15, timeout=15),
                     lp=probe_exec(["/var/lib/mysql/liveness-check.sh"], period=10, fail=3, delay=300, timeout=450))],
              init=[C("pxc-init", "percona/percona-xtradb-cluster-operator:1.14.0", command=["/pxc-init-entrypoint.sh"], req=("1", "8Gi"),
                      mounts=[M("bin", "/var/lib/mysql")])],
              sa="default", vols=[V_cm("config", "erp-pxc-pxc"), V_secret("ssl", "erp-pxc-ssl")],
              psc={"fsGroup": 1001, "supplementalGroups": [1001]}, tgp=600,
              affinity={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
                  {"labelSelector": {"matchLabels": pl}, "topologyKey": "kubernetes.io/hostname"}]}},
              node_sel={"node-role.kubernetes.io/db": ""})
    dbn = c.nodes_in("db")
    ev_t = c.ago(m=24, s=12)
    msg = ("0/8 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }, 3 node(s) had untolerated "
           "taint {node-role.kubernetes.io/control-plane: }, 4 node(s) had volume node affinity conflict. preemption: 0/8 nodes are "
           "available: 8 Preemption is not helpful for scheduling.")
    o = c.statefulset(ns, "erp-pxc-pxc", ptpl, 3, td, "erp-pxc-pxc", vcts=[{"name": "datadir", "size": "200Gi", "sc": "openebs-hostpath"}],
                      owner=cr, pmp="OrderedReady", pods=[{"node": dbn[0]}, {"node": dbn[1]},
                                                          {"node": None, "pv_node": bad, "created": ev_t + timedelta(seconds=2),
                                                           "pvc_created": td + timedelta(minutes=2), "st": {"unsched": msg}}])
    newp = o["pods"][2]
    gu = c.uid()
    old = c.ghost("Pod", ns, "erp-pxc-pxc-2", gu)
    emsg = ("The node was low on resource: ephemeral-storage. Threshold quantity: 10%, available: 6812044Ki. Container pxc was using "
            "148Ki, request is 0, has larger consumption of ephemeral-storage. ")
    c.event(old, "Evicted", emsg, "Warning", host=bad, first=ev_t - timedelta(seconds=3), last=ev_t - timedelta(seconds=3))
    c.event(old, "Killing", "Stopping container pxc", host=bad, first=ev_t - timedelta(seconds=3), last=ev_t - timedelta(seconds=3),
            fpath="spec.containers{pxc}")
    c.event(o["sts"], "SuccessfulDelete", "delete Pod erp-pxc-pxc-2 in StatefulSet erp-pxc-pxc successful", comp="statefulset-controller",
            first=ev_t, last=ev_t)
    c.event(o["sts"], "SuccessfulCreate", "create Pod erp-pxc-pxc-2 in StatefulSet erp-pxc-pxc successful", comp="statefulset-controller",
            first=ev_t + timedelta(seconds=2), last=ev_t + timedelta(seconds=2))
    c.sev(newp, msg, ev_t + timedelta(seconds=2), c.ago(s=c.rng.randint(20, 120)), count=9)
    nd = c.nodeinfo[bad]["obj"]
    c.event(nd, "NodeHasDiskPressure", "Node %s status is now: NodeHasDiskPressure" % bad, host=bad, first=dp, last=dp, kubelet_node=True)
    c.event(nd, "EvictionThresholdMet", "Attempting to reclaim ephemeral-storage", "Warning", host=bad, first=dp + timedelta(seconds=10),
            last=c.ago(m=3), count=7, kubelet_node=True)
    c.event(nd, "FreeDiskSpaceFailed", "Failed to garbage collect required amount of images. Attempted to free 18254151680 bytes, but only found 0 bytes eligible to free.",
            "Warning", host=bad, first=dp + timedelta(seconds=12), last=c.ago(m=2), count=6, kubelet_node=True)
    hl = dict(base, **{"app.kubernetes.io/component": "haproxy"})
    c.service(ns, "erp-pxc-haproxy", hl, [("mysql", 3306, 3306), ("mysql-replicas", 3307, 3307)], td, labels=hl)
    c.statefulset(ns, "erp-pxc-haproxy", PT(hl, [C("haproxy", "percona/haproxy:2.8.5", ports=[("mysql", 3306), ("mysql-replicas", 3307)],
                                                   req=("600m", "1G"), rp=probe_exec(["/usr/local/bin/readiness-check.sh"], period=5),
                                                   env=[ESec("MONITOR_PASSWORD", "internal-erp-pxc", "monitor")]),
                                                 C("pxc-monit", "percona/percona-xtradb-cluster-operator:1.14.0", req=("100m", "64Mi"))]),
                  2, td, "erp-pxc-haproxy", owner=cr, pool="worker")
    c.namespace("erp", td, labels={"team": "erp"})
    app_dep(c, "erp", "erp-backend", "harbor.corp.example.com/erp/backend:2025.12.3", 3, td,
            env=[E("DB_HOST", "erp-pxc-haproxy.erp-db.svc"), E("DB_PORT", "3306")], rev=14)
    app_dep(c, "erp", "erp-frontend", "harbor.corp.example.com/erp/frontend:2025.12.3", 2, td, rev=14)
    truth = {"fault": "node-disk-pressure-local-pv",
             "symptom": "ERP database cluster lost one of its three members about 25 minutes ago and it won't come back",
             "root_cause": {"kind": "Node", "namespace": "", "name": bad},
             "explanation": "Node %s reports DiskPressure (kubelet image GC cannot free space) and carries the "
                            "node.kubernetes.io/disk-pressure:NoSchedule taint. Kubelet evicted erp-pxc-pxc-2 from it; the "
                            "recreated pod is Pending because its OpenEBS hostpath PV (datadir-erp-pxc-pxc-2) is pinned to that "
                            "node ('4 node(s) had volume node affinity conflict', '1 node(s) had untolerated taint "
                            "{node.kubernetes.io/disk-pressure: }'). Free disk space on the node so the pressure and taint clear."
                            % bad}
    return c, truth


@incident("resourcequota-pods-exhausted", "aks")
def inc_quota_pods(n):
    c = new_cluster(n, mkplat("aks"), "2025-11-28T19:48:05Z")
    t0 = c.ago(d=280)
    kube_base(c, t0, ["10.224.0.201"], 443)
    nodes_aks(c, t0, [{"name": "system", "n": 2, "zones": ["1", "2"], "mode": "system", "role": "system", "created": c.ago(d=14),
                       "taints": [{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "value": "true"}]},
                      {"name": "apps", "n": 4, "zones": ["1", "2", "3"], "created": c.ago(d=14)}], cluster="aks-shop-weu")
    system_aks(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "managed-csi")
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "20.86.201.33", "ipMode": "VIP"})
    cnpg_operator(c, t0 + timedelta(days=3))
    addon_velero(c, t0 + timedelta(days=3))
    tdb = c.ago(d=250)
    c.namespace("checkout-db", tdb, labels={"team": "checkout"})
    cnpg_cluster(c, "checkout-db", "checkout-pg", tdb, "managed-csi-premium", [1, 2, 3], primary=2, size="128Gi")
    ns = "checkout"
    ta = c.ago(d=248)
    c.namespace(ns, ta, labels={"team": "checkout"})
    q = {"limits.memory": "24Gi", "pods": "14", "requests.cpu": "10", "requests.memory": "16Gi"}
    rq = c.quota(ns, "checkout-quota", q, ta)
    img = "acmeshop.azurecr.io/checkout/%s:4.21.0"
    sc = c.ago(m=21)
    for name, rep in (("checkout-api", 4), ("checkout-worker", 3), ("checkout-cart", 3), ("checkout-notify", 2)):
        st = None
        if name == "checkout-api":
            st = []
            for i in range(rep):
                lt = c.ago(m=c.rng.randint(2, 18))
                st.append({"ctr": {name: RUN(since=lt + timedelta(seconds=2), restarts=c.rng.randint(2, 5), last=LAST(
                    1, "Error", lt - timedelta(minutes=c.rng.randint(3, 9)), lt,
                    "panic: failed to open connection pool: FATAL: no more connections allowed (max_client_conn) (SQLSTATE 08P01)\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/api/main.go:74 +0x6d4\n"))}})
        app_dep(c, ns, name, img % name, rep, ta, req=("250m", "512Mi"), lim=(None, "1Gi"), states=st, rev=c.rng.randint(5, 12),
                env=[E("DB_HOST", "checkout-pgbouncer"), E("DB_PORT", "6432"), ESec("DB_PASSWORD", "checkout-pg-app", "password")])
    c.secret(ns, "checkout-pg-app", ["password", "username"], ta)
    c.cm(ns, "checkout-pgbouncer", {"pgbouncer.ini": "[databases]\ncheckout = host=checkout-pg-rw.checkout-db.svc port=5432 dbname=checkout\n\n"
                                    "[pgbouncer]\nlisten_addr = 0.0.0.0\nlisten_port = 6432\npool_mode = transaction\nmax_client_conn = 400\n"
                                    "default_pool_size = 40\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\n"}, ta)
    lab = {"app.kubernetes.io/name": "pgbouncer", "app.kubernetes.io/instance": "checkout-pgbouncer"}
    tpl = PT(lab, [C("pgbouncer", "bitnami/pgbouncer:1.23.1-debian-12-r5", ports=[("pgbouncer", 6432)], req=("250m", "256Mi"), lim=("1", "512Mi"),
                     mounts=[M("config", "/bitnami/pgbouncer/conf/pgbouncer.ini", sub="pgbouncer.ini")],
                     rp=probe_tcp("pgbouncer"), lp=probe_tcp("pgbouncer", delay=30))],
             vols=[V_cm("config", "checkout-pgbouncer")])
    pgb_created = c.ago(d=40)
    nodes = c.pick(2)
    dep = c.deployment(ns, "checkout-pgbouncer", tpl, 4, ta, labels=lab, rsets=[
        {"rev": 6, "replicas": 4, "created": pgb_created, "pods": [{"node": nodes[i], "created": pgb_created + timedelta(seconds=3)} for i in range(2)]}])
    c.service(ns, "checkout-pgbouncer", lab, [("pgbouncer", 6432, "pgbouncer")], ta, labels=lab)
    c.ingress(ns, "checkout-api", "checkout.acmeshop.example", "checkout-api", 80, ta, lb={"ip": "20.86.201.33"})
    # completed jobs do not count against the quota
    jt = PT({"app": "checkout-cleanup"}, [C("cleanup", img % "checkout-worker", args=["cleanup-abandoned-carts"], req=("100m", "128Mi"), lim=(None, "256Mi"))], restart="Never")
    c.cronjob(ns, "checkout-cart-cleanup", "0 */4 * * *", jt, ta, [{"at": t_, "result": "ok"} for t_ in cron_times(c, 240, 3)])
    rs = dep["rs"][0]
    used_msg = None
    pods_ns = [p for p in c.items["pods"] if p["metadata"]["namespace"] == ns and not pod_terminal(p)]
    assert len(pods_ns) == 14, len(pods_ns)
    fmsg = ('pods "%s-" is forbidden: exceeded quota: checkout-quota, requested: pods=1, used: pods=14, limited: pods=14'
            % rs["metadata"]["name"])
    c.x[rs["metadata"]["uid"]]["failure"] = (sc + timedelta(seconds=1), fmsg)
    c.x[dep["dep"]["metadata"]["uid"]]["failure"] = (sc + timedelta(seconds=1), fmsg)
    c.x[dep["dep"]["metadata"]["uid"]]["avail_t"] = sc
    c.event(rs, "FailedCreate", "Error creating: " + fmsg, "Warning", comp="replicaset-controller", first=sc + timedelta(seconds=1),
            last=c.ago(m=c.rng.randint(1, 5)), count=17)
    c.event(dep["dep"], "ScalingReplicaSet", "Scaled up replica set %s to 4 from 2" % rs["metadata"]["name"], comp="deployment-controller",
            first=sc, last=sc)
    c.netpol(ns, "allow-from-ingress", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}]}],
                                         "podSelector": {"matchLabels": {"app.kubernetes.io/name": "checkout-api"}}, "policyTypes": ["Ingress"]}, ta)
    truth = {"fault": "resourcequota-pods-exhausted",
             "symptom": "checkout is throwing 'no more connections allowed' from the connection pooler during the sale; we scaled the pooler to 4 twenty minutes ago but only 2 are running",
             "root_cause": {"kind": "ResourceQuota", "namespace": "checkout", "name": "checkout-quota"},
             "explanation": "checkout-pgbouncer was scaled 2->4 but its ReplicaSet cannot create pods: FailedCreate 'exceeded quota: "
                            "checkout-quota, requested: pods=1, used: pods=14, limited: pods=14' (ReplicaFailure condition). The "
                            "namespace ResourceQuota caps pods at 14 and is fully used, so the extra poolers never start and the two "
                            "existing ones hit max_client_conn. Raise the pods limit (and cpu/memory headroom) in the ResourceQuota."}
    return c, truth



def app_crashers(c, ns, name, image, rep, t, msg_fn, restarts=(18, 30), env=None, env_from=None, sa=None, rev=None,
                 since=None, port=8080, first=None, lim=(None, "512Mi"), req=("100m", "256Mi")):
    st = []
    for i in range(rep):
        lt = c.ago(m=c.rng.randint(0, 4), s=c.rng.randint(3, 59))
        st.append({"ctr": {name: CRASH(c.rng.randint(*restarts), LAST(1, "Error", lt - timedelta(seconds=c.rng.randint(3, 30)), lt, msg_fn(lt)))}})
    out = app_dep(c, ns, name, image, rep, t, env=env, env_from=env_from, states=st, sa=sa, rev=rev, port=port, lim=lim, req=req)
    for p in out["pods"]:
        ev_backoff(c, p, name, first or c.ago(h=1, m=50), c.ago(s=c.rng.randint(4, 80)), c.rng.randint(200, 420))
    return out


@incident("networkpolicy-namespace-selector-mismatch", "kubeadm")
def inc_np_nssel(n):
    c = new_cluster(n, mkplat("kubeadm", kubelet="v1.28.9"), "2026-03-11T08:27:33Z")
    t0 = c.ago(d=520)
    kube_base(c, t0, ["192.168.50.11"], 6443)
    nodes_kubeadm(c, t0, 1, 5, prefix="k8s-prod", net="192.168.50.", cni_pfx="calico", zones=None)
    system_kubeadm(c, t0, cni="calico", ver="v1.28.9")
    tcsi = t0 + timedelta(days=1)
    c.namespace("vmware-system-csi", tcsi)
    sysds(c, "vmware-system-csi", "vsphere-csi-node", None, tcsi, labels={"app": "vsphere-csi-node", "role": "vsphere-csi"},
          host_net=True, sa="vsphere-csi-node",
          containers=[C("node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1", tmp="File"),
                      C("vsphere-csi-node", "gcr.io/cloud-provider-vsphere/csi/release/driver:v3.3.0", tmp="File"),
                      C("liveness-probe", "registry.k8s.io/sig-storage/livenessprobe:v2.12.0", tmp="File")])
    sysdep(c, "vmware-system-csi", "vsphere-csi-controller", None, 1, tcsi, labels={"app": "vsphere-csi-controller", "role": "vsphere-csi"},
           sa="vsphere-csi-controller", pool="cp", tols=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}],
           containers=[C("csi-attacher", "registry.k8s.io/sig-storage/csi-attacher:v4.5.1", tmp="File"),
                       C("vsphere-csi-controller", "gcr.io/cloud-provider-vsphere/csi/release/driver:v3.3.0", tmp="File"),
                       C("csi-provisioner", "registry.k8s.io/sig-storage/csi-provisioner:v4.0.1", tmp="File")])
    c.secret("vmware-system-csi", "vsphere-config-secret", ["csi-vsphere.conf"], tcsi)
    c.storageclass("vsphere-csi", "csi.vsphere.vmware.com", tcsi, default=True, params={"storagepolicyname": "k8s-gold"}, wffc=False)
    addon_metallb(c, t0 + timedelta(days=1))
    addon_monitoring(c, t0 + timedelta(days=2), "vsphere-csi")
    addon_ingress_nginx(c, t0 + timedelta(days=2), {"ip": "192.168.51.20", "ipMode": "VIP"})
    addon_argocd(c, t0 + timedelta(days=4))
    for ns_ in ("monitoring", "argocd"):
        c.netpol(ns_, "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, t0 + timedelta(days=40))
        c.netpol(ns_, "allow-all-in-namespace", {"ingress": [{"from": [{"podSelector": {}}]}], "podSelector": {}, "policyTypes": ["Ingress"]}, t0 + timedelta(days=40))
        c.netpol(ns_, "allow-ingress-controller", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}]}],
                                                   "podSelector": {}, "policyTypes": ["Ingress"]}, t0 + timedelta(days=40))
    tdb = c.ago(d=330)
    c.namespace("inventory-db", tdb, labels={"team": "inventory", "data-classification": "internal"})
    pg = bitnami_pg(c, "inventory-db", "inventory", tdb, "vsphere-csi", size="100Gi", user="inventory", db="inventory")
    change = c.ago(h=2, m=4)
    c.netpol("inventory-db", "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, tdb)
    c.netpol("inventory-db", "allow-monitoring-scrape", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
                                                                       "ports": [{"port": 9187, "protocol": "TCP"}]}],
                                                          "podSelector": {"matchLabels": {"app.kubernetes.io/name": "postgresql"}}, "policyTypes": ["Ingress"]}, tdb)
    c.netpol("inventory-db", "allow-inventory-api", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"name": "inventory"}},
                                                                              "podSelector": {"matchLabels": {"app.kubernetes.io/name": "inventory-api"}}}],
                                                                   "ports": [{"port": 5432, "protocol": "TCP"}]}],
                                                      "podSelector": {"matchLabels": {"app.kubernetes.io/instance": "inventory", "app.kubernetes.io/name": "postgresql"}},
                                                      "policyTypes": ["Ingress"]}, change,
             labels={"app.kubernetes.io/managed-by": "argocd"},
             ann={"argocd.argoproj.io/tracking-id": "inventory-db:networking.k8s.io/NetworkPolicy:inventory-db/allow-inventory-api"})
    ta = c.ago(d=329)
    c.namespace("inventory", ta, labels={"team": "inventory"})
    c.secret("inventory", "inventory-db-credentials", ["password", "username"], ta)
    cip = c.get("Service", "inventory-db", "inventory-postgresql")["spec"]["clusterIP"]
    msg = lambda lt: ('{"level":"error","time":"%s","msg":"startup failed","error":"failed to connect to `host=inventory-postgresql.inventory-db.svc.cluster.local '
                      'user=inventory database=inventory`: dial error (timeout: dial tcp %s:5432: i/o timeout)"}\n' % (rfc(lt), cip))
    app_crashers(c, "inventory", "inventory-api", "harbor.prod.example.org/inventory/inventory-api:7.3.2", 3, ta, msg,
                 env=[E("PGHOST", "inventory-postgresql.inventory-db.svc.cluster.local"), ESec("PGPASSWORD", "inventory-db-credentials", "password")],
                 rev=22, first=change + timedelta(minutes=3))
    jt = PT({"app.kubernetes.io/name": "inventory-sync"}, [C("sync", "harbor.prod.example.org/inventory/inventory-api:7.3.2", args=["sync", "--from=erp"],
                                                           env=[E("PGHOST", "inventory-postgresql.inventory-db.svc.cluster.local"),
                                                                ESec("PGPASSWORD", "inventory-db-credentials", "password")], req=("100m", "128Mi"))],
            restart="Never")
    runs = [{"at": t_, "result": "ok", "dur": timedelta(minutes=4)} for t_ in cron_times(c, 60, 5, start=change)[-2:]]
    runs += [{"at": cron_times(c, 60, 1)[0], "result": "fail", "attempts": 2, "dur": timedelta(seconds=31),
              "msg": "sync: dial tcp %s:5432: i/o timeout\n" % cip}]
    c.cronjob("inventory", "inventory-sync", "15 * * * *", jt, ta, runs, backoff=1)
    c.netpol("inventory", "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, ta)
    c.netpol("inventory", "allow-from-ingress-nginx", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}]}],
                                                        "podSelector": {}, "policyTypes": ["Ingress"]}, ta)
    noise_sandbox(c, c.ago(d=90), "team-sandbox", "pgweb", "sosedoff/pgweb:0.99.1", "imagepull", days=11)
    truth = {"fault": "networkpolicy-namespace-selector-mismatch",
             "symptom": "inventory api can't reach its postgres since about 2 hours ago, connections time out although the db pods look healthy",
             "root_cause": {"kind": "NetworkPolicy", "namespace": "inventory-db", "name": "allow-inventory-api"},
             "explanation": "inventory-api crash-loops with 'dial tcp <inventory-postgresql ClusterIP>:5432: i/o timeout'; the database "
                            "pods are Ready and the Endpoints are populated. inventory-db has a default-deny ingress policy, and the "
                            "allow rule for the API, NetworkPolicy allow-inventory-api (re-created by Argo CD ~2h ago), selects source "
                            "namespaces with label name=inventory, which the inventory namespace does not carry (it only has "
                            "kubernetes.io/metadata.name=inventory). Fix the namespaceSelector in the policy. The default-deny "
                            "policies in other namespaces are unrelated."}
    return c, truth


@incident("networkpolicy-egress-blocks-dns", "gke")
def inc_np_dns(n):
    c = new_cluster(n, mkplat("gke", kubelet="v1.30.5-gke.1014001"), "2026-01-28T13:02:19Z")
    t0 = c.ago(d=230)
    kube_base(c, t0, ["172.16.0.18"], 443)
    nodes_gke(c, t0, [{"name": "pool-1", "n": 4, "zones": ["b", "c", "d"], "created": c.ago(d=17)}], cluster="fin-prod")
    oom = c.ago(d=2, h=5)
    system_gke(c, t0, dns_states=[{"ctr": {"kubedns": RUN(since=oom + timedelta(seconds=20), restarts=1, last=LAST(
        137, "OOMKilled", c.ago(d=9), oom))}}, None])
    addon_monitoring(c, t0 + timedelta(days=1), "standard-rwo", node_exp=False)
    addon_logging(c, t0 + timedelta(days=1), "standard-rwo", flavor="vector")
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "34.140.9.77", "ipMode": "VIP"})
    addon_external_secrets(c, t0 + timedelta(days=2))
    addon_cert_manager(c, t0 + timedelta(days=2))
    addon_kyverno(c, t0 + timedelta(days=20))
    tdb = c.ago(d=200)
    c.namespace("ledger-db", tdb, labels={"team": "finance"})
    bitnami_pg(c, "ledger-db", "ledger", tdb, "premium-rwo", size="250Gi", user="ledger", db="ledger")
    np_baseline(c, "ledger-db", tdb, extra_ingress_from=["billing", "monitoring"], port=5432)
    ns = "billing"
    tb = c.ago(d=199)
    c.namespace(ns, tb, labels={"team": "finance"})
    chg = c.ago(h=1, m=52)
    c.netpol(ns, "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, tb)
    c.netpol(ns, "allow-same-namespace", {"ingress": [{"from": [{"podSelector": {}}]}], "podSelector": {}, "policyTypes": ["Ingress"]}, tb)
    c.netpol(ns, "restrict-egress", {"egress": [{"ports": [{"port": 5432, "protocol": "TCP"}],
                                                 "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ledger-db"}}}]},
                                                {"ports": [{"port": 443, "protocol": "TCP"}],
                                                 "to": [{"ipBlock": {"cidr": "0.0.0.0/0", "except": ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]}}]}],
                                     "podSelector": {}, "policyTypes": ["Egress"]}, chg,
             labels={"policy.security.acme.io/baseline": "pci"},
             ann={"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"networking.k8s.io/v1\",\"kind\":\"NetworkPolicy\",\"metadata\":{\"name\":\"restrict-egress\",\"namespace\":\"billing\"}}\n"})
    c.secret(ns, "billing-db", ["password", "username"], tb)
    msg = lambda lt: ('psycopg2.OperationalError: could not translate host name "ledger-postgresql.ledger-db.svc.cluster.local" to address: '
                      'Temporary failure in name resolution\n')
    app_crashers(c, ns, "billing-worker", "europe-west1-docker.pkg.dev/fin-prod-2231/billing/worker:12.4.1", 3, tb, msg,
                 env=[E("DB_HOST", "ledger-postgresql.ledger-db.svc.cluster.local"), ESec("DB_PASSWORD", "billing-db", "password")],
                 rev=31, first=chg + timedelta(minutes=2))
    st = []
    for i in range(2):
        st.append({"ctr": {"billing-api": RUN(since=c.ago(d=3), ready=False)}, "unready_t": chg + timedelta(minutes=1)})
    api = app_dep(c, ns, "billing-api", "europe-west1-docker.pkg.dev/fin-prod-2231/billing/api:12.4.1", 2, tb, states=st, rev=31,
                  env=[E("DB_HOST", "ledger-postgresql.ledger-db.svc.cluster.local"), ESec("DB_PASSWORD", "billing-db", "password")])
    for p in api["pods"]:
        c.event(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", "Warning", host=p["spec"]["nodeName"],
                first=chg + timedelta(minutes=1), last=c.ago(s=c.rng.randint(3, 30)), count=c.rng.randint(640, 690), fpath="spec.containers{billing-api}")
    noise_sandbox(c, c.ago(d=60), "sandbox", "ledger-debug", "python:3.12-slim", "crash", days=3,
                  msg="Traceback (most recent call last):\n  File \"/app/debug.py\", line 3, in <module>\n    import psycopg2\nModuleNotFoundError: No module named 'psycopg2'\n")
    truth = {"fault": "networkpolicy-egress-blocks-dns",
             "symptom": "billing workers have been failing with name resolution errors for the ledger database for ~2h, is cluster DNS broken?",
             "root_cause": {"kind": "NetworkPolicy", "namespace": "billing", "name": "restrict-egress"},
             "explanation": "Only the billing namespace fails to resolve names; kube-dns is Ready and serves every other namespace (its "
                            "old OOMKilled restart is unrelated). NetworkPolicy billing/restrict-egress, added ~2h ago, makes all billing "
                            "pods egress-isolated and only allows TCP 5432 to ledger-db and 443 to public addresses, so DNS (UDP/TCP 53 "
                            "to kube-dns in kube-system) is dropped. Add a DNS egress rule to the policy."}
    return c, truth



@incident("coredns-corefile-syntax-error", "kubeadm")
def inc_corefile(n):
    c = new_cluster(n, mkplat("kubeadm", kubelet="v1.28.13"), "2026-02-02T15:40:08Z")
    t0 = c.ago(d=600)
    kube_base(c, t0, ["10.60.0.10"], 6443)
    nodes_kubeadm(c, t0, 1, 5, prefix="dc2-k8s", net="10.60.0.", cni_pfx="10.244.")
    ws = c.nodes_in("worker")
    bad_cf = COREFILE + """corp.example.internal:53 {
    errors
    cache 30
    forwrad . 10.20.0.53 10.20.0.54
}
"""
    restart = c.ago(m=44)
    msg = "/etc/coredns/Corefile:22 - Error during parsing: Unknown directive 'forwrad'\n"
    st = []
    for i in range(2):
        lt = c.ago(m=c.rng.randint(0, 4), s=c.rng.randint(3, 59))
        st.append({"ctr": {"coredns": CRASH(13 + i, LAST(1, "Error", lt - timedelta(seconds=1), lt, msg))}})
    tpl_hash = None
    system_kubeadm(c, t0, cni="flannel", ver="v1.28.13")
    cd = coredns(c, t0, image="registry.k8s.io/coredns/coredns:v1.10.1", corefile=bad_cf, states=st,
                 rsets=None, nodes=ws[:2], pool="worker")
    # both pods were deleted by hand 44 minutes ago to pick up the edited Corefile; same ReplicaSet
    for p in cd["pods"]:
        p["metadata"]["creationTimestamp"] = rfc(restart + timedelta(seconds=c.rng.randint(0, 2)))
        p["status"]["startTime"] = rfc(restart + timedelta(seconds=3))
        for cond in p["status"]["conditions"]:
            if cond["type"] in ("PodScheduled", "Initialized"):
                cond["lastTransitionTime"] = rfc(restart + timedelta(seconds=3))
        ev_backoff(c, p, "coredns", restart + timedelta(seconds=40), c.ago(s=c.rng.randint(5, 70)), c.rng.randint(190, 205))
        c.event(p, "Killing", "Stopping container coredns", host=p["spec"]["nodeName"], first=restart, last=restart) if False else None
    for i in range(2):
        g = c.ghost("Pod", "kube-system", "%s-%s" % (cd["rs"][-1]["metadata"]["name"], c.sfx(5)), c.uid())
        c.event(g, "Killing", "Stopping container coredns", host=ws[i], first=restart - timedelta(seconds=2), last=restart - timedelta(seconds=2),
                fpath="spec.containers{coredns}")
    addon_metallb(c, t0 + timedelta(days=2))
    addon_nfs_subdir(c, t0 + timedelta(days=2))
    addon_monitoring(c, t0 + timedelta(days=3), "nfs-client",
                     states={"grafana": [{"ctr": {"grafana": RUN(since=c.ago(d=8), ready=True)}}]})
    addon_ingress_nginx(c, t0 + timedelta(days=3), {"ip": "10.60.1.10", "ipMode": "VIP"})
    addon_argocd(c, t0 + timedelta(days=5))
    ta = c.ago(d=400)
    c.namespace("analytics", ta, labels={"team": "bi"})
    chl = {"app.kubernetes.io/instance": "reporting", "app.kubernetes.io/name": "clickhouse"}
    c.sa("analytics", "reporting-clickhouse", ta)
    c.secret("analytics", "reporting-clickhouse", ["admin-password"], ta)
    c.cm("analytics", "reporting-clickhouse", {"00_default_overrides.xml": "<clickhouse>\n  <zookeeper>\n    <node><host>reporting-clickhouse-keeper-0.reporting-clickhouse-keeper-headless.analytics.svc.cluster.local</host><port>9181</port></node>\n  </zookeeper>\n</clickhouse>\n"}, ta)
    for comp, rep, ports in (("clickhouse", 2, [("http", 8123), ("tcp", 9000), ("interserver", 9009)]),
                             ("keeper", 3, [("tcp", 9181), ("raft", 9234)])):
        lab = dict(chl, **{"app.kubernetes.io/component": comp})
        nm = "reporting-clickhouse-shard0" if comp == "clickhouse" else "reporting-clickhouse-keeper"
        hs = "reporting-clickhouse-headless" if comp == "clickhouse" else "reporting-clickhouse-keeper-headless"
        c.service("analytics", hs, lab, [(p_[0], p_[1], p_[0]) for p_ in ports], ta, headless=True, pna=True, labels=lab)
        if comp == "clickhouse":
            c.service("analytics", "reporting-clickhouse", lab, [(p_[0], p_[1], p_[0]) for p_ in ports], ta, labels=lab)
        tpl = PT(lab, [C(comp, "docker.io/bitnami/clickhouse%s:24.3.2-debian-12-r2" % ("" if comp == "clickhouse" else "-keeper"),
                         ports=ports, req=("500m", "2Gi") if comp == "clickhouse" else ("100m", "256Mi"),
                         mounts=[M("data", "/bitnami/clickhouse" if comp == "clickhouse" else "/bitnami/clickhouse-keeper"),
                                 M("config", "/bitnami/clickhouse/etc/conf.d/default")],
                         rp=probe_http("/ping", "http") if comp == "clickhouse" else probe_tcp("tcp"))],
                 sa="reporting-clickhouse", vols=[V_cm("config", "reporting-clickhouse")], psc={"fsGroup": 1001})
        c.statefulset("analytics", nm, tpl, rep, ta, hs, vcts=[{"name": "data", "size": "200Gi" if comp == "clickhouse" else "8Gi", "sc": "nfs-client"}],
                      pmp="Parallel")
    c.namespace("reporting", ta, labels={"team": "bi"})
    dns_ip = c.P["dns_ip"]
    msg2 = lambda lt: ("Error: dial tcp: lookup reporting-clickhouse.analytics.svc.cluster.local on %s:53: read udp 10.244.%d.%d:%d->%s:53: "
                       "read: connection refused\n" % (dns_ip, c.rng.randint(2, 7), c.rng.randint(2, 250), c.rng.randint(30000, 60000), dns_ip))
    app_crashers(c, "reporting", "reporting-api", "harbor.dc2.example.net/bi/reporting-api:2.7.0", 2, ta, msg2,
                 env=[E("CLICKHOUSE_URL", "http://reporting-clickhouse.analytics.svc.cluster.local:8123")], rev=9,
                 first=restart + timedelta(minutes=1), restarts=(9, 12))
    app_dep(c, "reporting", "reporting-ui", "harbor.dc2.example.net/bi/reporting-ui:2.7.0", 2, ta, rev=9)
    noise_sandbox(c, c.ago(d=100), "sandbox", "ch-playground", "clickhouse/clickhouse-server:24.99", "imagepull", days=15)
    truth = {"fault": "coredns-corefile-syntax-error",
             "symptom": "reporting service can't reach clickhouse and several apps log DNS lookup errors since about 45 minutes",
             "root_cause": {"kind": "ConfigMap", "namespace": "kube-system", "name": "coredns"},
             "explanation": "Both cluster DNS pods were recreated 44 minutes ago and crash-loop with '/etc/coredns/Corefile:22 - Error "
                            "during parsing: Unknown directive 'forwrad''; the kube-dns Service therefore has no ready endpoints and "
                            "lookups to 10.96.0.10 are refused. The new stub-zone block added to the Corefile in ConfigMap "
                            "kube-system/coredns misspells 'forward'. Fix the ConfigMap (the coredns Deployment itself is unchanged)."}
    return c, truth


@incident("db-config-unknown-variable", "doks")
def inc_mariadb_cnf(n):
    c = new_cluster(n, mkplat("doks"), "2026-03-19T07:55:41Z")
    t0 = c.ago(d=190)
    kube_base(c, t0, ["10.114.0.3"], 443)
    nodes_doks(c, t0, [{"name": "pool-web", "n": 3, "created": c.ago(d=26)},
                       {"name": "pool-db", "n": 2, "itype": "m-4vcpu-32gb", "cap": ("4", "32874412Ki", "110"), "role": "db",
                        "labels": {"workload": "db"}, "created": c.ago(d=26)}])
    system_doks(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "do-block-storage")
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "209.38.177.4", "ipMode": "VIP"})
    addon_cert_manager(c, t0 + timedelta(days=1))
    addon_velero(c, t0 + timedelta(days=4), node_agent=True)
    ns = "cms-db"
    tdb = c.ago(d=170)
    c.namespace(ns, tdb, labels={"team": "web"})
    up = c.ago(m=31)
    bad = ("[mysqld]\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mariadb\ndatadir=/bitnami/mariadb/data\n"
           "plugin_dir=/opt/bitnami/mariadb/plugin\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\nmax_allowed_packet=64M\n"
           "bind-address=*\npid-file=/opt/bitnami/mariadb/tmp/mysqld.pid\nlog-error=/opt/bitnami/mariadb/logs/mysqld.log\n"
           "character-set-server=utf8mb4\ncollation-server=utf8mb4_unicode_ci\nmax_connections=600\n"
           "innodb_buffer_pool_szie=12G\ninnodb_log_file_size=2G\nslow_query_log=1\nlong_query_time=2\n\n[client]\nport=3306\n"
           "socket=/opt/bitnami/mariadb/tmp/mysql.sock\ndefault-character-set=utf8mb4\n")
    dbn = c.nodes_in("db")
    lt = c.ago(m=2, s=c.rng.randint(0, 50))
    tmsg = ("2026-03-19  7:5%d:%02d 0 [Warning] You need to use --log-bin to make --binlog-format work.\n"
            "2026-03-19  7:5%d:%02d 0 [ERROR] /opt/bitnami/mariadb/sbin/mysqld: unknown variable 'innodb_buffer_pool_szie=12G'\n"
            "2026-03-19  7:5%d:%02d 0 [ERROR] Aborting\n" % ((3, lt.second) * 3))
    my = bitnami_mysql(c, ns, "cms", tdb, "do-block-storage", flavor="mariadb", size="200Gi", cnf={"primary": bad},
                       update={"primary": True}, revs=17,
                       pods={"primary": [{"node": dbn[0], "rev": "upd", "created": up + timedelta(seconds=35),
                                          "pvc_created": tdb + timedelta(minutes=1),
                                          "st": {"ctr": {"mariadb": CRASH(10, LAST(1, "Error", lt - timedelta(seconds=2), lt, tmsg))}}}],
                             "secondary": [{"node": dbn[1], "st": {"ctr": {"mariadb": RUN(since=c.ago(d=25), ready=True)}}}]},
                       req=("2", "14Gi"), lim=("4", "16Gi"))
    prim = my["primary"]
    p = prim["pods"][0]
    c.get("ConfigMap", ns, "cms-mariadb-primary")["metadata"]["creationTimestamp"] = rfc(tdb)
    ev_backoff(c, p, "mariadb", up + timedelta(minutes=1), c.ago(s=c.rng.randint(4, 60)), 138)
    c.event(prim["sts"], "SuccessfulDelete", "delete Pod cms-mariadb-primary-0 in StatefulSet cms-mariadb-primary successful",
            comp="statefulset-controller", first=up + timedelta(seconds=3), last=up + timedelta(seconds=3))
    g = c.ghost("Pod", ns, "cms-mariadb-primary-0", c.uid())
    c.event(g, "Killing", "Stopping container mariadb", host=dbn[0], first=up + timedelta(seconds=3), last=up + timedelta(seconds=3),
            fpath="spec.containers{mariadb}")
    c.namespace("cms", tdb, labels={"team": "web"})
    msg = lambda lt_: "SQLSTATE[HY000] [2002] Connection refused (SQL: select * from `sites` where `domain` = www.example-news.com limit 1)\n"
    st = []
    for i in range(3):
        st.append({"ctr": {"cms-web": RUN(since=c.ago(d=2), ready=False)}, "unready_t": up + timedelta(minutes=1)})
    web = app_dep(c, "cms", "cms-web", "registry.digitalocean.com/newsco/cms-web:8.11.2", 3, tdb, states=st, rev=41,
                  env=[E("DB_HOST", "cms-mariadb-primary.cms-db.svc.cluster.local"), ESec("DB_PASSWORD", "cms-db", "password")])
    c.secret("cms", "cms-db", ["password", "username"], tdb)
    for p_ in web["pods"]:
        c.event(p_, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 500", "Warning", host=p_["spec"]["nodeName"],
                first=up + timedelta(minutes=1), last=c.ago(s=c.rng.randint(2, 20)), count=180, fpath="spec.containers{cms-web}")
    c.ingress("cms", "cms-web", "www.example-news.com", "cms-web", 80, tdb, lb={"ip": "209.38.177.4"})
    noise_failed_job(c, "cms", "cms-reindex-manual", "registry.digitalocean.com/newsco/cms-web:8.11.1", c.ago(d=1, h=20),
                     "php artisan scout:import: Allowed memory size of 536870912 bytes exhausted\n")
    truth = {"fault": "db-config-unknown-variable",
             "symptom": "CMS site is down since this morning's helm upgrade of the database, the primary keeps restarting",
             "root_cause": {"kind": "ConfigMap", "namespace": "cms-db", "name": "cms-mariadb-primary"},
             "explanation": "The helm upgrade rolled cms-mariadb-primary-0 (checksum/configuration changed); the new pod crash-loops "
                            "and its termination message shows mysqld aborting on \"unknown variable 'innodb_buffer_pool_szie=12G'\". "
                            "The typo is in my.cnf of ConfigMap cms-db/cms-mariadb-primary; fix the parameter name "
                            "(innodb_buffer_pool_size) in the ConfigMap."}
    return c, truth


@incident("memory-limit-below-working-set", "aks")
def inc_oom(n):
    c = new_cluster(n, mkplat("aks", kubelet="v1.29.9"), "2026-01-15T21:14:56Z")
    t0 = c.ago(d=240)
    kube_base(c, t0, ["10.224.0.199"], 443)
    nodes_aks(c, t0, [{"name": "system", "n": 2, "zones": ["1", "2"], "mode": "system", "role": "system", "created": c.ago(d=9),
                       "taints": [{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "value": "true"}]},
                      {"name": "apps", "n": 4, "zones": ["1", "2", "3"], "created": c.ago(d=9)}], cluster="aks-api-weu")
    system_aks(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "managed-csi")
    addon_logging(c, t0 + timedelta(days=1), "managed-csi")
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "20.73.14.160", "ipMode": "VIP"})
    addon_kyverno(c, t0 + timedelta(days=10))
    ns = "ratelimit"
    tr = c.ago(d=150)
    c.namespace(ns, tr, labels={"team": "platform-api"})
    rel, full = "rate-limiter", "rate-limiter-redis"
    c.helm(ns, rel, tr, revs=11)
    c.sa(ns, full, tr, automount=False)
    c.secret(ns, full, ["redis-password"], tr)
    c.cm(ns, full + "-configuration", {"redis.conf": "appendonly yes\nappendfsync everysec\nsave \"\"\nmaxmemory 1536mb\nmaxmemory-policy volatile-lru\n",
                                       "master.conf": "dir /data\n", "replica.conf": "dir /data\n"}, tr)
    c.cm(ns, full + "-health", {"ping_readiness_local.sh": "#!/bin/bash\n", "ping_liveness_local.sh": "#!/bin/bash\n"}, tr)
    sel = sel_of("redis", rel, "master")
    hl = helm_labels("redis", rel, "7.2.4", "master", "redis-18.19.4")
    c.service(ns, full + "-master", sel, [("tcp-redis", 6379, "redis")], tr, labels=hl)
    c.service(ns, full + "-headless", sel_of("redis", rel), [("tcp-redis", 6379, "redis")], tr, headless=True)
    def tpl_mem(lim):
        return PT(hl, [C("redis", "docker.io/bitnami/redis:7.2.4-debian-12-r16", ports=[("redis", 6379)], req=("250m", lim), lim=("1", lim),
                         env=[E("REDIS_REPLICATION_MODE", "master"), E("REDIS_PASSWORD_FILE", "/opt/bitnami/redis/secrets/redis-password")],
                         mounts=[M("redis-data", "/data"), M("config", "/opt/bitnami/redis/mounted-etc"), M("health", "/health"),
                                 M("redis-password", "/opt/bitnami/redis/secrets/")],
                         rp=probe_exec(["sh", "-c", "/health/ping_readiness_local.sh 1"], period=5, delay=20, timeout=2),
                         lp=probe_exec(["sh", "-c", "/health/ping_liveness_local.sh 5"], period=5, delay=20, fail=5, timeout=6))],
                  sa=full, vols=[V_cm("config", full + "-configuration"), V_cm("health", full + "-health"), V_secret("redis-password", full)],
                  psc={"fsGroup": 1001}, ann={"checksum/configmap": "8c1f0f7a2b9e"})
    chg = c.ago(h=1, m=6)
    lt = c.ago(m=1, s=c.rng.randint(5, 55))
    tmsg = ("1:M 15 Jan 2026 21:1%d:%02d.118 * Reading RDB base file on AOF loading...\n1:M 15 Jan 2026 21:1%d:%02d.118 * Loading RDB produced by version 7.2.4\n"
            "1:M 15 Jan 2026 21:1%d:%02d.119 * RDB age 5213 seconds\n1:M 15 Jan 2026 21:1%d:%02d.119 * RDB memory usage when created 1101.74 Mb\n"
            % ((2, lt.second) * 4))
    o = c.statefulset(ns, full + "-master", tpl_mem("384Mi"), 1, tr, full + "-headless",
                      vcts=[{"name": "redis-data", "size": "8Gi", "sc": "managed-csi-premium"}], labels=hl, update=True,
                      pods=[{"node": c.pick(1)[0], "rev": "upd", "created": chg + timedelta(seconds=30), "pvc_created": tr + timedelta(minutes=1),
                             "st": {"ctr": {"redis": CRASH(14, LAST(137, "OOMKilled", lt - timedelta(seconds=7), lt, tmsg))}}}])
    o["sts"]["spec"]["selector"] = {"matchLabels": sel}
    o["sts"]["metadata"]["annotations"] = {"meta.helm.sh/release-name": rel, "meta.helm.sh/release-namespace": ns}
    p = o["pods"][0]
    ev_backoff(c, p, "redis", chg + timedelta(minutes=2), c.ago(s=c.rng.randint(4, 50)), 260)
    c.event(p, "Unhealthy", "Readiness probe failed: Could not connect to Redis at localhost:6379: Connection refused", "Warning",
            host=p["spec"]["nodeName"], first=chg + timedelta(seconds=55), last=c.ago(m=1), count=190, fpath="spec.containers{redis}")
    c.namespace("edge", tr, labels={"team": "platform-api"})
    st = []
    for i in range(3):
        lt2 = c.ago(m=c.rng.randint(5, 40))
        st.append({"ctr": {"api-gateway": RUN(since=c.ago(d=4), ready=True)}})
    gw = app_dep(c, "edge", "api-gateway", "acmeapi.azurecr.io/edge/api-gateway:6.2.0", 3, tr, states=st, rev=19,
                 env=[E("RATE_LIMIT_REDIS", "rate-limiter-redis-master.ratelimit.svc:6379"), E("RATE_LIMIT_FAIL_OPEN", "false")])
    for p_ in gw["pods"]:
        probe_blip(c, p_, "Readiness", "HTTP probe failed with statuscode: 503", minutes_ago=c.rng.randint(8, 30), count=c.rng.randint(2, 6))
    c.ingress("edge", "api-gateway", "api.acme-payments.example", "api-gateway", 80, tr, lb={"ip": "20.73.14.160"})
    noise_sandbox(c, c.ago(d=30), "sandbox", "redis-insight", "redis/redisinsight:2.99", "imagepull", days=7)
    truth = {"fault": "memory-limit-below-working-set",
             "symptom": "login and API calls return 429/500 since about an hour, the rate limiter redis keeps restarting",
             "root_cause": {"kind": "StatefulSet", "namespace": "ratelimit", "name": "rate-limiter-redis-master"},
             "explanation": "A resources 'right-sizing' upgrade ~1h ago rolled the Redis StatefulSet with a 384Mi memory limit. The pod is "
                            "OOMKilled (exit 137) each time it reloads its ~1.1 GB AOF/RDB dataset (redis.conf maxmemory 1536mb), then "
                            "crash-loops; the gateway fails closed. Raise the memory limit in the StatefulSet pod template above the "
                            "dataset size / maxmemory."}
    return c, truth



def simple_sts(c, ns, name, image, replicas, t, ports, sc, size, labels=None, pods=None, update=False, env=None, sa=None,
               req=("250m", "512Mi"), lim=None, rp=None, lp=None, sp=None, pna=False, client_svc=True, vct="data",
               mount="/data", pmp="OrderedReady", psc=None, owner=None, cname=None, init=None, pool="worker", vols=None,
               mounts=None, tpl_over=None, hl_name=None, pull=None, make_hl=True):
    lab = labels or {"app.kubernetes.io/name": name, "app.kubernetes.io/instance": name}
    hs = hl_name or name + "-headless"
    if sa and not c.get("ServiceAccount", ns, sa):
        c.sa(ns, sa, t)
    if make_hl:
        c.service(ns, hs, lab, [(p[0], p[1], p[0]) for p in ports], t, headless=True, pna=pna, labels=lab)
    if client_svc:
        c.service(ns, name, lab, [(p[0], p[1], p[0]) for p in ports[:1]], t, labels=lab)
    ctr = C(cname or name.split("-")[-1], image, ports=ports, req=req, lim=lim, env=env, rp=rp, lp=lp, sp=sp,
            mounts=[M(vct, mount)] + (mounts or []))
    tpl = PT(lab, [ctr], sa=sa, psc=psc or {"fsGroup": 1001}, init=init, vols=vols, pull_secrets=pull)
    if tpl_over:
        tpl_over(tpl)
    o = c.statefulset(ns, name, tpl, replicas, t, hs, vcts=[{"name": vct, "size": size, "sc": sc}] if sc else None, pods=pods,
                      update=update, pmp=pmp, owner=owner, pool=pool)
    o["tpl"] = tpl
    return o


@incident("image-tag-not-found", "rke2")
def inc_image_tag(n):
    c = new_cluster(n, mkplat("rke2"), "2026-02-12T10:05:27Z")
    t0 = c.ago(d=300)
    kube_base(c, t0, ["10.30.40.31", "10.30.40.32", "10.30.40.33"], 6443)
    nodes_rke2(c, t0, 3, 4)
    system_rke2(c, t0)
    tl = t0 + timedelta(days=2)
    c.namespace("longhorn-system", tl)
    sysds(c, "longhorn-system", "longhorn-manager", "longhornio/longhorn-manager:v1.6.2", tl, labels={"app": "longhorn-manager"},
          sa="longhorn-service-account", prio=None, req=None, tols=())
    sysds(c, "longhorn-system", "longhorn-csi-plugin", None, tl, labels={"app": "longhorn-csi-plugin"}, sa="longhorn-service-account", prio=None,
          containers=[C("node-driver-registrar", "longhornio/csi-node-driver-registrar:v2.9.2", tmp="File"),
                      C("longhorn-csi-plugin", "longhornio/longhorn-manager:v1.6.2", tmp="File")], tols=())
    sysdep(c, "longhorn-system", "longhorn-ui", "longhornio/longhorn-ui:v1.6.2", 1, tl, labels={"app": "longhorn-ui"}, sa="longhorn-ui-service-account", req=None)
    sysdep(c, "longhorn-system", "csi-provisioner", "longhornio/csi-provisioner:v3.6.4", 1, tl, labels={"app": "csi-provisioner"}, sa="longhorn-service-account", req=None)
    c.storageclass("longhorn", "driver.longhorn.io", tl, default=True, wffc=False, params={"numberOfReplicas": "3", "staleReplicaTimeout": "30", "dataLocality": "disabled"})
    addon_monitoring(c, t0 + timedelta(days=3), "longhorn", node_exp=False)
    addon_cert_manager(c, t0 + timedelta(days=3))
    addon_argocd(c, t0 + timedelta(days=3))
    ns = "analytics"
    ta = c.ago(d=210)
    c.namespace(ns, ta, labels={"team": "data"})
    lab = {"app.kubernetes.io/instance": "analytics", "app.kubernetes.io/name": "clickhouse", "app.kubernetes.io/component": "clickhouse", "shard": "0"}
    c.secret(ns, "analytics-clickhouse", ["admin-password"], ta)
    c.helm(ns, "analytics", ta, revs=8)
    up = c.ago(m=41)
    good, bad = "docker.io/bitnami/clickhouse:24.3.2-debian-12-r2", "docker.io/bitnami/clickhouse:24.8.4-debian-12-r01"
    ws = c.nodes_in("worker")
    pods = [{"node": ws[0], "rev": "cur"}, {"node": ws[1], "rev": "cur"},
            {"node": ws[2], "rev": "upd", "created": up + timedelta(seconds=40), "pvc_created": ta + timedelta(minutes=2),
             "st": {"ctr": {"clickhouse": WAIT("ImagePullBackOff", 'Back-off pulling image "%s"' % bad)}}}]
    def over(tpl):
        tpl["spec"]["containers"][0]["image"] = bad
    o = simple_sts(c, ns, "analytics-clickhouse-shard0", good, 3, ta, [("http", 8123), ("tcp", 9000), ("interserver", 9009)], "longhorn", "500Gi",
                   labels=lab, pods=pods, update=True, sa="analytics-clickhouse", req=("2", "8Gi"), lim=("4", "16Gi"), cname="clickhouse",
                   rp=probe_http("/ping", "http", delay=10), lp=probe_http("/ping", "http", delay=30), tpl_over=None,
                   hl_name="analytics-clickhouse-headless")
    # the updated pod spec carries the new (bad) tag; the template too
    o["sts"]["spec"]["template"]["spec"]["containers"][0]["image"] = bad
    p2 = o["pods"][2]
    p2["spec"]["containers"][0]["image"] = bad
    p2["status"]["containerStatuses"][0]["image"] = bad
    o["sts"]["status"]["_"] = None
    del o["sts"]["status"]["_"]
    host = p2["spec"]["nodeName"]
    c.event(p2, "Pulling", 'Pulling image "%s"' % bad, host=host, first=up + timedelta(seconds=45), last=c.ago(m=3), count=12, fpath="spec.containers{clickhouse}")
    c.event(p2, "Failed", 'Failed to pull image "%s": rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve reference '
            '"%s": %s: not found' % (bad, bad, bad, bad), "Warning", host=host, first=up + timedelta(seconds=47), last=c.ago(m=3), count=12,
            fpath="spec.containers{clickhouse}")
    c.event(p2, "Failed", "Error: ErrImagePull", "Warning", host=host, first=up + timedelta(seconds=47), last=c.ago(m=3), count=12, fpath="spec.containers{clickhouse}")
    c.event(p2, "BackOff", 'Back-off pulling image "%s"' % bad, host=host, first=up + timedelta(seconds=50), last=c.ago(s=c.rng.randint(5, 60)), count=170,
            fpath="spec.containers{clickhouse}")
    c.event(p2, "Failed", "Error: ImagePullBackOff", "Warning", host=host, first=up + timedelta(seconds=50), last=c.ago(s=c.rng.randint(5, 60)), count=170,
            fpath="spec.containers{clickhouse}")
    klab = {"app.kubernetes.io/instance": "analytics", "app.kubernetes.io/name": "clickhouse", "app.kubernetes.io/component": "keeper"}
    simple_sts(c, ns, "analytics-clickhouse-keeper", "docker.io/bitnami/clickhouse-keeper:24.3.2-debian-12-r2", 3, ta,
               [("tcp", 9181), ("raft", 9234)], "longhorn", "10Gi", labels=klab, pna=True, client_svc=False, sa="analytics-clickhouse",
               req=("100m", "256Mi"), cname="keeper", rp=probe_tcp("tcp"), pmp="Parallel")
    app_dep(c, ns, "superset", "apache/superset:4.0.2", 2, ta, port=8088, rev=6,
            env=[E("CLICKHOUSE_HOST", "analytics-clickhouse-shard0")])
    noise_sandbox(c, c.ago(d=90), "sandbox", "clickhouse-next", "clickhouse/clickhouse-server:25.1-nightly", "imagepull", days=6)
    c.omit = {"resourcequotas", "cronjobs"}
    truth = {"fault": "image-tag-not-found",
             "symptom": "clickhouse upgrade is stuck, one of the three replicas has been down for 40 minutes",
             "root_cause": {"kind": "StatefulSet", "namespace": "analytics", "name": "analytics-clickhouse-shard0"},
             "explanation": "The helm upgrade changed the StatefulSet image to docker.io/bitnami/clickhouse:24.8.4-debian-12-r01, a tag that "
                            "does not exist (registry answers NotFound). The rolling update started with ordinal 2, which is in "
                            "ImagePullBackOff, and the update is blocked. Fix the image tag in the StatefulSet template (e.g. "
                            "24.8.4-debian-12-r0). The sandbox clickhouse-next pull failure is an unrelated, days-old dev deployment."}
    return c, truth


@incident("serviceaccount-pull-secret-typo", "rke2")
def inc_pull_secret(n):
    c = new_cluster(n, mkplat("rke2", kubelet="v1.28.10+rke2r1"), "2026-03-05T13:37:50Z")
    t0 = c.ago(d=460)
    kube_base(c, t0, ["10.30.41.31"], 6443)
    nodes_rke2(c, t0, 1, 4, net="10.30.41.", extra=[{"name": "rke2-wrk-05", "created": c.ago(h=3, m=20)}])
    system_rke2(c, t0)
    tl = t0 + timedelta(days=1)
    addon_nfs_subdir(c, tl, server="10.30.9.20", path="/exports/k8s")
    addon_monitoring(c, t0 + timedelta(days=2), "nfs-client")
    addon_logging(c, t0 + timedelta(days=2), "nfs-client")
    addon_cert_manager(c, t0 + timedelta(days=2))
    ns = "metrics-db"
    tm = c.ago(d=300)
    c.namespace(ns, tm, labels={"team": "observability"})
    c.secret(ns, "harbor-robot", [".dockerconfigjson"], tm, typ="kubernetes.io/dockerconfigjson")
    c.sa(ns, "tsdb", tm, pull=["harbor-robot-pull"])
    c.secret(ns, "tsdb-credentials", ["PATRONI_REPLICATION_PASSWORD", "PATRONI_SUPERUSER_PASSWORD", "PATRONI_admin_PASSWORD"], tm)
    c.cm(ns, "tsdb-patroni", {"patroni.yaml": "bootstrap:\n  dcs:\n    postgresql:\n      parameters:\n        shared_preload_libraries: timescaledb\n"}, tm)
    img = "harbor.corp.example.com/dbaas/timescaledb-ha:pg16.3-ts2.15.2"
    lab = {"app": "tsdb", "release": "tsdb", "cluster-name": "tsdb"}
    drain = c.ago(h=3, m=5)
    ws = c.nodes_in("worker")
    newnode = "rke2-wrk-05"
    pods = [{"node": ws[0], "st": {"ctr": {"timescaledb": RUN(since=c.ago(d=21), ready=True)}}},
            {"node": newnode, "created": drain + timedelta(seconds=20), "pvc_created": tm + timedelta(minutes=3),
             "st": {"ctr": {"timescaledb": WAIT("ImagePullBackOff", 'Back-off pulling image "%s"' % img)}}}]
    o = simple_sts(c, ns, "tsdb", img, 2, tm, [("postgresql", 5432), ("patroni", 8008)], "nfs-client", "300Gi", labels=lab, pods=pods,
                   sa="tsdb", req=("2", "8Gi"), lim=("4", "12Gi"), cname="timescaledb", mount="/var/lib/postgresql",
                   env=[E("PATRONI_KUBERNETES_LABELS", "{app: tsdb, cluster-name: tsdb}"), EField("PATRONI_NAME", "metadata.name")],
                   rp=probe_http("/readiness", 8008), vols=[V_cm("patroni-config", "tsdb-patroni")],
                   mounts=[M("patroni-config", "/etc/timescaledb/patroni.yaml", sub="patroni.yaml")], hl_name="tsdb-config",
                   client_svc=False)
    o["pods"][0]["metadata"]["labels"]["role"] = "master"
    o["pods"][0]["spec"]["imagePullSecrets"] = [{"name": "harbor-robot"}]  # admitted before the ServiceAccount was edited
    p1 = o["pods"][1]
    host = newnode
    c.event(p1, "FailedToRetrieveImagePullSecret", "Unable to retrieve some image pull secrets (harbor-robot-pull); attempting to pull the image may not succeed.",
            "Warning", host=host, first=drain + timedelta(seconds=25), last=c.ago(s=c.rng.randint(10, 90)), count=620)
    c.event(p1, "Failed", 'Failed to pull image "%s": failed to pull and unpack image "%s": failed to resolve reference "%s": pull access denied, '
            'repository does not exist or may require authorization: authorization failed: no basic auth credentials' % (img, img, img),
            "Warning", host=host, first=drain + timedelta(seconds=26), last=c.ago(m=4), count=38, fpath="spec.containers{timescaledb}")
    c.event(p1, "BackOff", 'Back-off pulling image "%s"' % img, host=host, first=drain + timedelta(seconds=40), last=c.ago(s=c.rng.randint(10, 90)),
            count=800, fpath="spec.containers{timescaledb}")
    c.event(c.nodeinfo[newnode]["obj"], "NodeReady", "Node %s status is now: NodeReady" % newnode, host=newnode,
            first=c.ago(h=3, m=19), last=c.ago(h=3, m=19), kubelet_node=True) if False else None
    c.namespace("observability", tm, labels={"team": "observability"})
    app_dep(c, "observability", "promscale-ingest", "harbor.corp.example.com/obs/metrics-ingest:3.1.0", 2, tm, rev=12,
            env=[E("DB_URI", "postgres://tsdb.metrics-db.svc:5432/metrics")])
    c.service(ns, "tsdb", dict(lab, role="master"), [("postgresql", 5432, "postgresql")], tm, labels=lab)
    c.service(ns, "tsdb-replica", dict(lab, role="replica"), [("postgresql", 5432, "postgresql")], tm, labels=lab)
    c.omit = {"ingresses"}
    truth = {"fault": "serviceaccount-pull-secret-typo",
             "symptom": "timescale replica has been down since the node drain 3 hours ago, pod stuck in ImagePullBackOff",
             "root_cause": {"kind": "ServiceAccount", "namespace": "metrics-db", "name": "tsdb"},
             "explanation": "tsdb-1 was rescheduled onto the freshly added node rke2-wrk-05, which has no cached copy of the private "
                            "Harbor image, and the pull fails with 'no basic auth credentials'. Kubelet warns it cannot retrieve "
                            "image pull secret harbor-robot-pull: the pod inherits imagePullSecrets from ServiceAccount "
                            "metrics-db/tsdb, which references harbor-robot-pull, while the registry Secret in the namespace is "
                            "named harbor-robot (tsdb-0, admitted three weeks ago, still lists harbor-robot in its spec). Fix the "
                            "ServiceAccount's imagePullSecrets entry."}
    return c, truth



@incident("scc-forbidden-fixed-uid", "openshift")
def inc_scc(n):
    c = new_cluster(n, mkplat("openshift"), "2026-02-26T16:20:12Z")
    t0 = c.ago(d=380)
    kube_base(c, t0, ["10.40.12.5"], 6443)
    nodes_ocp(c, t0, 3, 3)
    system_ocp(c, t0)
    ns = "orders"
    to = c.ago(d=200)
    ann = {"openshift.io/sa.scc.mcs": "s0:c27,c14", "openshift.io/sa.scc.supplemental-groups": "1000700000/10000",
           "openshift.io/sa.scc.uid-range": "1000700000/10000", "openshift.io/requester": "ci-deployer"}
    c.namespace(ns, to, labels={"team": "orders"}, ann=ann)
    dep = c.ago(m=26)
    rel, full = "orders-mongo", "orders-mongo-mongodb"
    c.helm(ns, rel, dep, revs=1)
    c.sa(ns, full, dep)
    c.secret(ns, full, ["mongodb-passwords", "mongodb-replica-set-key", "mongodb-root-password"], dep)
    lab = sel_of("mongodb", rel, "mongodb")
    c.service(ns, full + "-headless", lab, [("mongodb", 27017, "mongodb")], dep, headless=True, pna=True, labels=lab)
    ctr = C("mongodb", "docker.io/bitnami/mongodb:7.0.12-debian-12-r2", ports=[("mongodb", 27017)], req=("500m", "2Gi"), lim=("2", "4Gi"),
            env=[E("MONGODB_REPLICA_SET_MODE", "primary"), E("MONGODB_REPLICA_SET_NAME", "rs0"),
                 ESec("MONGODB_ROOT_PASSWORD", full, "mongodb-root-password"), ESec("MONGODB_REPLICA_SET_KEY", full, "mongodb-replica-set-key")],
            mounts=[M("datadir", "/bitnami/mongodb")],
            sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001})
    tpl = PT(lab, [ctr], sa=full, psc={"fsGroup": 1001, "fsGroupChangePolicy": "Always"})
    o = c.statefulset(ns, full, tpl, 3, dep, full + "-headless", vcts=[{"name": "datadir", "size": "100Gi", "sc": "thin-csi"}], pods=[None, None, None])
    fmsg = ('create Pod %s-0 in StatefulSet %s failed error: pods "%s-0" is forbidden: unable to validate against any security context constraint: '
            '[provider "anyuid": Forbidden: not usable by user or serviceaccount, provider restricted-v2: .spec.securityContext.fsGroup: Invalid value: '
            '[]int64{1001}: 1001 is not an allowed group, provider restricted-v2: .containers[0].runAsUser: Invalid value: 1001: must be in the ranges: '
            '[1000700000, 1000709999], provider "restricted": Forbidden: not usable by user or serviceaccount, provider "nonroot-v2": Forbidden: not '
            'usable by user or serviceaccount, provider "nonroot": Forbidden: not usable by user or serviceaccount, provider "hostmount-anyuid": '
            'Forbidden: not usable by user or serviceaccount, provider "machine-api-termination-handler": Forbidden: not usable by user or '
            'serviceaccount, provider "hostnetwork-v2": Forbidden: not usable by user or serviceaccount, provider "hostnetwork": Forbidden: not '
            'usable by user or serviceaccount, provider "hostaccess": Forbidden: not usable by user or serviceaccount, provider "privileged": '
            'Forbidden: not usable by user or serviceaccount]' % (full, full, full))
    c.event(o["sts"], "FailedCreate", fmsg, "Warning", comp="statefulset-controller", first=dep + timedelta(seconds=2),
            last=c.ago(s=c.rng.randint(5, 60)), count=c.rng.randint(40, 45))
    app_dep(c, ns, "orders-api", "image-registry.openshift-image-registry.svc:5000/orders/orders-api:3.2.0", 2, to, rev=11,
            env=[E("MONGODB_URI", "mongodb://%s-0.%s-headless:27017,%s-1.%s-headless:27017/?replicaSet=rs0" % (full, full, full, full))],
            psc={"runAsNonRoot": True})
    c.namespace("orders-legacy", to, ann=dict(ann, **{"openshift.io/sa.scc.uid-range": "1000710000/10000"}))
    simple_sts(c, "orders-legacy", "legacy-mongo", "registry.redhat.io/rhel9/mongodb-70:1-23", 1, to, [("mongodb", 27017)], "thin-csi", "50Gi",
               sa="legacy-mongo", psc={})
    c.omit = {"endpointslices"}
    truth = {"fault": "scc-forbidden-fixed-uid",
             "symptom": "just deployed the mongo replica set for orders with helm, no pods ever show up",
             "root_cause": {"kind": "StatefulSet", "namespace": "orders", "name": full},
             "explanation": "The StatefulSet exists with 0 pods; statefulset-controller FailedCreate events show the pod is rejected by "
                            "SecurityContextConstraints: restricted-v2 refuses fsGroup 1001 and runAsUser 1001 because the namespace "
                            "UID range is 1000700000/10000. The chart's hard-coded podSecurityContext/containerSecurityContext in the "
                            "StatefulSet template must be removed (let OpenShift assign the UID) or the ServiceAccount granted a "
                            "suitable SCC; the offending setting lives in the StatefulSet."}
    return c, truth


@incident("liveness-probe-kills-slow-startup", "kubeadm")
def inc_liveness(n):
    c = new_cluster(n, mkplat("kubeadm", kubelet="v1.28.12"), "2026-01-31T05:58:03Z")
    t0 = c.ago(d=700)
    kube_base(c, t0, ["10.50.8.10", "10.50.8.11", "10.50.8.12"], 6443)
    nodes_kubeadm(c, t0, 3, 6, prefix="tel-k8s", net="10.50.8.", cni_pfx="10.0.")
    ws = c.nodes_in("worker")
    rb = c.ago(h=1, m=8)
    reboot_node(c, ws[3], rb)
    system_kubeadm(c, t0, cni="cilium", ver="v1.28.12")
    tcsi = t0 + timedelta(days=1)
    c.namespace("vmware-system-csi", tcsi)
    sysds(c, "vmware-system-csi", "vsphere-csi-node", None, tcsi, labels={"app": "vsphere-csi-node"}, host_net=True, sa="vsphere-csi-node",
          containers=[C("vsphere-csi-node", "gcr.io/cloud-provider-vsphere/csi/release/driver:v3.2.0", tmp="File"),
                      C("node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.0", tmp="File")])
    c.storageclass("vsphere-ssd", "csi.vsphere.vmware.com", tcsi, default=True, params={"storagepolicyname": "vsan-ssd"}, wffc=False)
    addon_metallb(c, t0 + timedelta(days=1))
    addon_monitoring(c, t0 + timedelta(days=2), "vsphere-ssd", node_exp=False)
    addon_flux(c, t0 + timedelta(days=3))
    ns = "telemetry"
    tt = c.ago(d=500)
    c.namespace(ns, tt, labels={"team": "telemetry"})
    rel, full = "telemetry", "telemetry-cassandra"
    c.helm(ns, rel, tt, revs=5)
    c.secret(ns, full, ["cassandra-password"], tt)
    lab = sel_of("cassandra", rel)
    lt = c.ago(m=1, s=c.rng.randint(10, 50))
    tmsg = ("INFO  [main] 2026-01-31 05:5%d:%02d,811 CommitLog.java:196 - Replaying /bitnami/cassandra/data/commitlog/CommitLog-7-1769801033128.log, "
            "/bitnami/cassandra/data/commitlog/CommitLog-7-1769801033129.log, /bitnami/cassandra/data/commitlog/CommitLog-7-1769801033130.log\n"
            "INFO  [main] 2026-01-31 05:5%d:%02d,415 CommitLogReader.java:257 - Finished reading /bitnami/cassandra/data/commitlog/CommitLog-7-1769801033128.log\n"
            "INFO  [main] 2026-01-31 05:5%d:%02d,002 CommitLogReader.java:257 - Finished reading /bitnami/cassandra/data/commitlog/CommitLog-7-1769801033129.log\n"
            % ((5, max(0, lt.second - 40)) + (6, max(0, lt.second - 15)) + (6, lt.second)))
    pods = [{"node": ws[0]}, {"node": ws[3], "created": c.ago(d=40),
                               "st": {"ctr": {"cassandra": CRASH(9, LAST(143, "Error", lt - timedelta(minutes=3, seconds=30), lt, tmsg))},
                                      "started": c.ago(d=40, m=-1)}},
            {"node": ws[5]}]
    o = simple_sts(c, ns, full, "docker.io/bitnami/cassandra:4.1.5-debian-12-r3", 3, tt,
                   [("intra", 7000), ("tls", 7001), ("jmx", 7199), ("cql", 9042)], "vsphere-ssd", "1Ti", labels=lab, pods=pods,
                   req=("2", "16Gi"), lim=("4", "16Gi"), cname="cassandra", pmp="OrderedReady",
                   env=[E("CASSANDRA_CLUSTER_NAME", "telemetry"), E("CASSANDRA_SEEDS", "%s-0.%s-headless.%s.svc.cluster.local" % (full, full, ns)),
                        ESec("CASSANDRA_PASSWORD", full, "cassandra-password"), E("MAX_HEAP_SIZE", "8G"), E("HEAP_NEWSIZE", "800M")],
                   rp=probe_exec(["/bin/bash", "-ec", "nodetool status | grep -E \"^UN\\\\s+${POD_IP}\"\n"], period=10, fail=5, delay=60, timeout=30),
                   lp=probe_exec(["/bin/bash", "-ec", "nodetool info | grep \"Native Transport active: true\"\n"], period=30, fail=5, delay=60, timeout=30),
                   mount="/bitnami/cassandra")
    p1 = o["pods"][1]
    host = ws[3]
    c.event(p1, "Unhealthy", "Liveness probe failed: nodetool: Failed to connect to '127.0.0.1:7199' - ConnectException: 'Connection refused (Connection refused)'.",
            "Warning", host=host, first=rb + timedelta(minutes=3), last=c.ago(m=2), count=44, fpath="spec.containers{cassandra}")
    c.event(p1, "Killing", "Container cassandra failed liveness probe, will be restarted", host=host, first=rb + timedelta(minutes=5),
            last=c.ago(m=2), count=9, fpath="spec.containers{cassandra}")
    c.event(p1, "Unhealthy", "Readiness probe failed: nodetool: Failed to connect to '127.0.0.1:7199' - ConnectException: 'Connection refused (Connection refused)'.",
            "Warning", host=host, first=rb + timedelta(minutes=2), last=c.ago(m=1), count=60, fpath="spec.containers{cassandra}")
    ev_backoff(c, p1, "cassandra", rb + timedelta(minutes=20), c.ago(s=c.rng.randint(5, 50)), 21)
    nd = c.nodeinfo[host]["obj"]
    c.event(nd, "Rebooted", "Node %s has been rebooted, boot id: %s" % (host, nd["status"]["nodeInfo"]["bootID"]), "Warning", host=host,
            first=rb, last=rb, kubelet_node=True)
    c.event(nd, "NodeReady", "Node %s status is now: NodeReady" % host, host=host, first=rb + timedelta(seconds=45), last=rb + timedelta(seconds=45), kubelet_node=True)
    c.namespace("ingest", tt)
    app_dep(c, "ingest", "telemetry-ingest", "harbor.tel.example.net/telemetry/ingest:9.4.0", 3, tt, rev=33,
            env=[E("CASSANDRA_CONTACT_POINTS", "%s.%s.svc:9042" % (full, ns)), E("CASSANDRA_CONSISTENCY", "LOCAL_QUORUM")])
    noise_failed_job(c, "telemetry", "cassandra-repair-manual", "docker.io/bitnami/cassandra:4.1.5-debian-12-r3", c.ago(d=3, h=2),
                     "nodetool: Repair command #1 failed with error Repair session ... Endpoint not alive: /10.0.6.41:7000\n")
    c.omit = {"endpointslices", "ingresses"}
    truth = {"fault": "liveness-probe-kills-slow-startup",
             "symptom": "telemetry cassandra has been running with only 2 of 3 nodes since the host reboot an hour ago; writes at LOCAL_QUORUM are flaky",
             "root_cause": {"kind": "StatefulSet", "namespace": "telemetry", "name": full},
             "explanation": "After its node rebooted, %s-1 must replay a large commit log before JMX/native transport come up. The "
                            "StatefulSet's livenessProbe (nodetool info, initialDelaySeconds 60, period 30, failureThreshold 5) kills "
                            "it after ~3.5 minutes: events 'Container cassandra failed liveness probe, will be restarted', exit 143, and "
                            "the termination log shows commit-log replay still in progress. There is no startupProbe. Add a "
                            "startupProbe / relax the liveness probe in the StatefulSet." % full}
    return c, truth


@incident("readiness-probe-wrong-port", "doks")
def inc_readiness_port(n):
    c = new_cluster(n, mkplat("doks", kubelet="v1.30.5"), "2026-02-19T10:48:33Z")
    t0 = c.ago(d=160)
    kube_base(c, t0, ["10.114.0.4"], 443)
    nodes_doks(c, t0, [{"name": "pool-main", "n": 5, "created": c.ago(d=12)}])
    system_doks(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "do-block-storage")
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "164.92.140.66", "ipMode": "VIP"})
    addon_cert_manager(c, t0 + timedelta(days=1))
    cnpg_operator(c, t0 + timedelta(days=2))
    tdb = c.ago(d=150)
    c.namespace("orders-db", tdb, labels={"team": "orders"})
    cnpg_cluster(c, "orders-db", "orders-pg", tdb, "do-block-storage", [1, 2], primary=1, size="80Gi")
    newp = c.ago(m=52)
    c.cm("orders-db", "orders-pooler", {"pgbouncer.ini": "[databases]\norders = host=orders-pg-rw port=5432 dbname=orders\n[pgbouncer]\nlisten_addr = 0.0.0.0\n"
                                        "listen_port = 6432\npool_mode = transaction\nmax_client_conn = 1000\ndefault_pool_size = 50\n"}, newp)
    lab = {"app.kubernetes.io/name": "pgbouncer", "app.kubernetes.io/instance": "orders-pooler"}
    st = [{"ctr": {"pgbouncer": RUN(since=newp + timedelta(seconds=9), ready=False)}, "unready_t": newp + timedelta(seconds=5)} for _ in range(2)]
    dep = sysdep(c, "orders-db", "orders-pooler", None, 2, newp, labels=lab, sa="orders-pooler", rev=1, states=st,
                 containers=[C("pgbouncer", "bitnami/pgbouncer:1.23.1-debian-12-r5", ports=[("pgbouncer", 6432)], req=("200m", "128Mi"), lim=(None, "256Mi"),
                               mounts=[M("config", "/bitnami/pgbouncer/conf/pgbouncer.ini", sub="pgbouncer.ini")],
                               rp=probe_tcp(6543, period=5), lp=probe_tcp(6432, period=20, delay=30), tmp="FallbackToLogsOnError")],
                 vols=[V_cm("config", "orders-pooler")], progress="stuck")
    c.service("orders-db", "orders-pooler", lab, [("pgbouncer", 5432, "pgbouncer")], newp, labels=lab)
    for p in dep["pods"]:
        c.event(p, "Unhealthy", "Readiness probe failed: dial tcp %s:6543: connect: connection refused" % p["status"]["podIP"], "Warning",
                host=p["spec"]["nodeName"], first=newp + timedelta(seconds=12), last=c.ago(s=c.rng.randint(1, 5)), count=c.rng.randint(600, 625),
                fpath="spec.containers{pgbouncer}")
    ta = c.ago(d=149)
    c.namespace("orders", ta, labels={"team": "orders"})
    c.secret("orders", "orders-db", ["password", "username"], ta)
    sw = c.ago(m=35)
    cip = c.get("Service", "orders-db", "orders-pooler")["spec"]["clusterIP"]
    msg = lambda lt: ("Caused by: org.postgresql.util.PSQLException: Connection to orders-pooler.orders-db.svc.cluster.local:5432 refused. Check that the "
                      "hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n\tat org.postgresql.core.v3."
                      "ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:346)\n")
    api = app_crashers(c, "orders", "orders-api", "registry.digitalocean.com/shopco/orders-api:5.0.0", 3, sw, msg,
                       env=[E("SPRING_DATASOURCE_URL", "jdbc:postgresql://orders-pooler.orders-db.svc.cluster.local:5432/orders?prepareThreshold=0"),
                            ESec("SPRING_DATASOURCE_PASSWORD", "orders-db", "password")], first=sw + timedelta(minutes=2), restarts=(7, 10),
                       lim=(None, "1Gi"), req=("500m", "768Mi"))
    api["dep"]["metadata"]["creationTimestamp"] = rfc(ta)
    c.ingress("orders", "orders-api", "orders.shopco.example", "orders-api", 80, ta, lb={"ip": "164.92.140.66"})
    noise_sandbox(c, c.ago(d=20), "sandbox", "pgbouncer-test", "edoburu/pgbouncer:1.99.0", "imagepull", days=5)
    c.omit = {"resourcequotas"}
    truth = {"fault": "readiness-probe-wrong-port",
             "symptom": "orders api can't connect to the database since we moved it behind the new connection pooler this morning",
             "root_cause": {"kind": "Deployment", "namespace": "orders-db", "name": "orders-pooler"},
             "explanation": "orders-api now points at the new PgBouncer Service orders-pooler:5432, whose Endpoints list both pooler "
                            "pods only under notReadyAddresses, so connections are refused. The pods run fine but never become Ready: "
                            "the Deployment's readinessProbe checks TCP port 6543 while PgBouncer listens on 6432 ('dial tcp ...:6543: "
                            "connect: connection refused'). Fix the readinessProbe port in the Deployment."}
    return c, truth



@incident("node-left-cordoned-zonal-volume", "eks")
def inc_cordoned(n):
    c = new_cluster(n, mkplat("eks"), "2026-03-14T12:21:45Z")
    t0 = c.ago(d=330)
    kube_base(c, t0, ["192.168.31.7", "192.168.70.118"], 443)
    cord = c.ago(d=2, h=6)
    nodes_eks(c, t0, [{"name": "ng-apps", "n": 3, "zones": ["a", "b", "c"], "created": c.ago(d=30)},
                      {"name": "ng-mongo", "n": 3, "zones": ["a", "b", "c"], "itype": "r6i.xlarge", "role": "db",
                       "labels": {"workload": "mongodb"}, "created": c.ago(d=30), "unsched_idx": 2}])
    dbn = c.nodes_in("db")
    c.nodeinfo[dbn[2]]["obj"]["spec"]["taints"] = [{"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "timeAdded": rfc(cord)}]
    system_eks(c, t0)
    ebs_csi(c, t0 + timedelta(days=1))
    addon_monitoring(c, t0 + timedelta(days=2), "gp3")
    addon_logging(c, t0 + timedelta(days=2), "gp3")
    addon_ingress_nginx(c, t0 + timedelta(days=2), {"hostname": "a1b2c3d4e5f6a7b8c9d0-1234567890.us-east-1.elb.amazonaws.com"})
    addon_argocd(c, t0 + timedelta(days=2))
    ns = "profiles"
    tp = c.ago(d=220)
    c.namespace(ns, tp, labels={"team": "identity"})
    rel, full = "profiles", "profiles-mongodb"
    c.helm(ns, rel, tp, revs=9)
    c.sa(ns, full, tp)
    c.secret(ns, full, ["mongodb-passwords", "mongodb-replica-set-key", "mongodb-root-password"], tp)
    up = c.ago(m=55)
    lab = sel_of("mongodb", rel, "mongodb")
    msg = ("0/6 nodes are available: 1 node(s) were unschedulable, 2 node(s) had volume node affinity conflict, 3 node(s) didn't match "
           "Pod's node affinity/selector. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.")
    pods = [{"node": dbn[0], "rev": "cur"}, {"node": dbn[1], "rev": "cur"},
            {"node": None, "pv_node": dbn[2], "rev": "upd", "created": up + timedelta(seconds=31), "pvc_created": tp + timedelta(minutes=2),
             "st": {"unsched": msg}}]
    o = simple_sts(c, ns, full, "docker.io/bitnami/mongodb:7.0.14-debian-12-r0", 3, tp, [("mongodb", 27017)], "gp3", "300Gi",
                   labels=lab, pods=pods, update=True, sa=full, req=("1", "6Gi"), lim=("2", "8Gi"), cname="mongodb", pna=True,
                   client_svc=False, mount="/bitnami/mongodb", vct="datadir",
                   env=[E("MONGODB_REPLICA_SET_MODE", "primary"), E("MONGODB_REPLICA_SET_NAME", "rs0"),
                        ESec("MONGODB_ROOT_PASSWORD", full, "mongodb-root-password")],
                   rp=probe_exec(["/bitnami/scripts/readiness-probe.sh"], period=10, delay=5),
                   lp=probe_exec(["/bitnami/scripts/ping-mongodb.sh"], period=20, delay=30),
                   tpl_over=lambda tpl: tpl["spec"].update({"nodeSelector": {"workload": "mongodb"}}))
    p2 = o["pods"][2]
    g = c.ghost("Pod", ns, full + "-2", c.uid())
    c.event(g, "Killing", "Stopping container mongodb", host=dbn[2], first=up, last=up, fpath="spec.containers{mongodb}")
    c.event(o["sts"], "SuccessfulDelete", "delete Pod %s-2 in StatefulSet %s successful" % (full, full), comp="statefulset-controller", first=up, last=up)
    c.event(o["sts"], "SuccessfulCreate", "create Pod %s-2 in StatefulSet %s successful" % (full, full), comp="statefulset-controller",
            first=up + timedelta(seconds=31), last=up + timedelta(seconds=31))
    c.sev(p2, msg, up + timedelta(seconds=31), c.ago(s=c.rng.randint(30, 200)), count=14)
    c.namespace("identity", tp, labels={"team": "identity"})
    app_dep(c, "identity", "profile-service", "418273645091.dkr.ecr.us-east-1.amazonaws.com/identity/profile-service:8.1.0", 3, tp, rev=27,
            env=[E("MONGODB_URI", "mongodb://%s-0.%s-headless.profiles,%s-1.%s-headless.profiles,%s-2.%s-headless.profiles/?replicaSet=rs0" % ((full, full) * 3))])
    noise_sandbox(c, c.ago(d=40), "sandbox", "mongo-express", "mongo-express:1.0.99", "imagepull", days=8)
    truth = {"fault": "node-left-cordoned-zonal-volume",
             "symptom": "profiles mongo replica set lost a secondary after this morning's chart upgrade; the pod has been Pending for almost an hour",
             "root_cause": {"kind": "Node", "namespace": "", "name": dbn[2]},
             "explanation": "The chart upgrade recreated %s-2 and it cannot be scheduled: its EBS volume is in %s and the only "
                            "mongodb node in that zone, %s, is still cordoned (spec.unschedulable, taint node.kubernetes.io/"
                            "unschedulable since a kernel patch two days ago); the other db nodes have a volume node affinity "
                            "conflict. Uncordon the node." % (full, c.nodeinfo[dbn[2]]["zone"], dbn[2])}
    return c, truth


@incident("csi-node-daemonset-missing-toleration", "k3s")
def inc_csi_ds(n):
    c = new_cluster(n, mkplat("k3s"), "2026-02-08T18:03:29Z")
    t0 = c.ago(d=250)
    kube_base(c, t0, ["192.168.10.21"], 6443)
    newdb = c.ago(h=2, m=41)
    nodes_k3s(c, t0, 1, 4, extra=[{"name": "k3s-db-01", "created": newdb, "pool": "db", "labels": {"node-role.kubernetes.io/db": "true"},
                                   "taints": [{"effect": "NoSchedule", "key": "dedicated", "value": "database"}], "cap": ("16", "65842948Ki", "110")}])
    for nn in c.nodes_in():
        if nn != "k3s-db-01":
            c.nodeinfo[nn]["obj"]["metadata"]["annotations"]["csi.volume.kubernetes.io/nodeid"] = json.dumps({"nfs.csi.k8s.io": nn}, separators=(",", ":"))
    system_k3s(c, t0)
    tc = t0 + timedelta(days=3)
    sysdep(c, "kube-system", "csi-nfs-controller", None, 1, tc, labels={"app": "csi-nfs-controller"}, sa="csi-nfs-controller-sa", host_net=True,
           containers=[C("csi-provisioner", "registry.k8s.io/sig-storage/csi-provisioner:v4.0.0", tmp="File"),
                       C("nfs", "registry.k8s.io/sig-storage/nfsplugin:v4.7.0", tmp="File")], pool="server", req=("10m", "20Mi"))
    sysds(c, "kube-system", "csi-nfs-node", None, tc, labels={"app": "csi-nfs-node"}, sa="csi-nfs-node-sa", host_net=True,
          containers=[C("liveness-probe", "registry.k8s.io/sig-storage/livenessprobe:v2.12.0", tmp="File"),
                      C("node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.0", tmp="File"),
                      C("nfs", "registry.k8s.io/sig-storage/nfsplugin:v4.7.0", tmp="File", sc={"privileged": True})],
          tols=(({"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"},),
                ({"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"},)),
          node_sel={"kubernetes.io/os": "linux"}, prio="system-cluster-critical")
    c.storageclass("nfs-csi", "nfs.csi.k8s.io", tc, params={"server": "10.10.30.5", "share": "/export/k8s"}, wffc=False, reclaim="Retain",
                   ann={"storageclass.kubernetes.io/is-default-class": "false"})
    addon_monitoring(c, t0 + timedelta(days=4), "local-path", node_exp=True)
    addon_cert_manager(c, t0 + timedelta(days=4))
    addon_metallb(c, t0 + timedelta(days=4))
    addon_logging(c, t0 + timedelta(days=4), "local-path")
    addon_argocd(c, t0 + timedelta(days=5))
    noise_sandbox(c, c.ago(d=30), "sandbox", "phpmyadmin", "phpmyadmin:5.9.1", "imagepull", days=5)
    ns = "crm"
    tcm = c.ago(d=180)
    c.namespace(ns, tcm, labels={"team": "sales"})
    mv = newdb + timedelta(minutes=9)
    my = bitnami_mysql(c, ns, "crm", tcm, "nfs-csi", secondaries=0, size="100Gi", revs=6,
                       pods={"primary": [{"node": "k3s-db-01", "created": mv, "pvc_created": tcm + timedelta(minutes=1), "st": {"sandbox": False},
                                          "pv_node": c.nodes_in()[1]}]})
    sts = my["primary"]["sts"]
    for o_ in (sts["spec"]["template"], my["primary"]["pods"][0]):
        o_["spec"]["nodeSelector"] = {"node-role.kubernetes.io/db": "true"}
        o_["spec"].setdefault("tolerations", []).insert(0, {"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "database"})
    p = my["primary"]["pods"][0]
    pv = my["primary"]["pvcs"][0]["spec"]["volumeName"]
    c.event(p, "FailedMount", 'MountVolume.SetUp failed for volume "%s" : kubernetes.io/csi: mounter.SetUpAt failed to get CSI client: driver name '
            'nfs.csi.k8s.io not found in the list of registered CSI drivers' % pv, "Warning", host="k3s-db-01", first=mv + timedelta(seconds=3),
            last=c.ago(s=c.rng.randint(20, 120)), count=86)
    c.event(p, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[], failed to process volumes=[]: "
            "timed out waiting for the condition", "Warning", host="k3s-db-01", first=mv + timedelta(minutes=2, seconds=5),
            last=c.ago(m=1, s=c.rng.randint(0, 59)), count=70)
    g = c.ghost("Pod", ns, "crm-mysql-0", c.uid())
    c.event(g, "Killing", "Stopping container mysql", host=c.nodes_in()[2], first=mv - timedelta(seconds=40), last=mv - timedelta(seconds=40),
            fpath="spec.containers{mysql}") if False else None
    c.secret(ns, "crm-app-db", ["password", "username"], tcm)
    msg = lambda lt: "SQLSTATE[HY000] [2002] Connection refused\n#0 /var/www/html/vendor/doctrine/dbal/src/Driver/PDO/MySQL/Driver.php(28): PDO->__construct()\n"
    app_crashers(c, ns, "crm-web", "registry.home.example/crm/suitecrm:8.6.1", 2, tcm, msg, env=[E("DB_HOST", "crm-mysql"), ESec("DB_PASSWORD", "crm-app-db", "password")],
                 first=mv + timedelta(minutes=2), restarts=(25, 30), rev=5)
    c.omit = {"ingresses", "resourcequotas"}
    truth = {"fault": "csi-node-daemonset-missing-toleration",
             "symptom": "crm mysql moved to the new dedicated database node two hours ago and has been stuck ContainerCreating since",
             "root_cause": {"kind": "DaemonSet", "namespace": "kube-system", "name": "csi-nfs-node"},
             "explanation": "crm-mysql-0 sits on the new tainted node k3s-db-01 (dedicated=database:NoSchedule) and its NFS CSI volume "
                            "cannot be mounted: 'driver name nfs.csi.k8s.io not found in the list of registered CSI drivers'. The CSI "
                            "node plugin DaemonSet kube-system/csi-nfs-node only tolerates control-plane taints, so it has no pod on "
                            "k3s-db-01 (desiredNumberScheduled excludes it; the node has no nfs.csi.k8s.io node id). Add a toleration "
                            "for the dedicated taint to the DaemonSet."}
    return c, truth


@incident("backup-cronjob-overlap-exhausts-connections", "gke")
def inc_cron_overlap(n):
    c = new_cluster(n, mkplat("gke", kubelet="v1.30.4-gke.1348000"), "2026-03-02T09:33:10Z")
    t0 = c.ago(d=270)
    kube_base(c, t0, ["172.16.0.34"], 443)
    nodes_gke(c, t0, [{"name": "main", "n": 5, "zones": ["b", "c", "d"], "created": c.ago(d=6)}], cluster="hr-prod")
    system_gke(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "standard-rwo", node_exp=False)
    addon_argocd(c, t0 + timedelta(days=1))
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "34.77.201.12", "ipMode": "VIP"})
    addon_logging(c, t0 + timedelta(days=1), "standard-rwo")
    addon_cert_manager(c, t0 + timedelta(days=1))
    ns = "hr"
    th = c.ago(d=250)
    c.namespace(ns, th, labels={"team": "people"})
    bitnami_pg(c, ns, "hr", th, "premium-rwo", size="400Gi", user="hr", db="hr", pg_conf="max_connections = 100\nshared_buffers = 2GB\n",
               req=("2", "8Gi"), lim=("4", "8Gi"))
    c.secret(ns, "hr-db-backup", ["PGPASSWORD"], th)
    c.secret(ns, "hr-backup-gcs", ["key.json"], th)
    jt = PT({"app.kubernetes.io/name": "hr-pg-dump"},
            [C("pg-dump", "bitnami/postgresql:16.3.0-debian-12-r14", req=("500m", "1Gi"), lim=(None, "2Gi"),
               command=["/bin/bash", "-c", "pg_dump -h hr-postgresql -U postgres -Fd -j 8 -f /backup/hr-$(date +%Y%m%d%H%M) hr && gsutil -m cp -r /backup gs://acme-hr-backups/"],
               env=[ESec("PGPASSWORD", "hr-db-backup", "PGPASSWORD")], mounts=[M("backup", "/backup"), M("gcs", "/var/secrets/google", ro=True)])],
            restart="Never", vols=[V_empty("backup", limit="200Gi"), V_secret("gcs", "hr-backup-gcs")])
    times = cron_times(c, 15, 9)
    runs = [{"at": t_, "result": "ok", "dur": timedelta(minutes=13, seconds=c.rng.randint(0, 50))} for t_ in times[:3] if t_ < c.ago(h=1, m=40)]
    runs += [{"at": t_, "result": "active"} for t_ in times[3:]]
    runs = [{"at": t_ - timedelta(hours=1, minutes=45), "result": "ok", "dur": timedelta(minutes=13)} for t_ in times[:3]] + [
        {"at": t_, "result": "active"} for t_ in times[-6:]]
    cj = c.cronjob(ns, "hr-pg-dump", "*/15 * * * *", jt, c.ago(d=9), runs, conc="Allow", hist=(3, 1), backoff=0)
    act = [j for j in cj["jobs"] if j["job"]["metadata"]["uid"] in {a["uid"] for a in cj["cj"]["status"]["active"]}]
    c.secret(ns, "hr-portal-db", ["password"], th)
    msg = lambda lt: 'django.db.utils.OperationalError: connection to server at "hr-postgresql" (%s), port 5432 failed: FATAL:  sorry, too many clients already\n' % \
        c.get("Service", ns, "hr-postgresql")["spec"]["clusterIP"]
    app_crashers(c, ns, "hr-portal", "europe-west1-docker.pkg.dev/hr-prod-1182/people/hr-portal:2026.2.3", 3, th, msg,
                 env=[E("DATABASE_HOST", "hr-postgresql"), ESec("DATABASE_PASSWORD", "hr-portal-db", "password")], rev=44,
                 first=c.ago(h=1, m=5), restarts=(11, 16))
    st = [{"ctr": {"hr-payroll-sync": RUN(since=c.ago(d=1), ready=True, restarts=3, last=LAST(1, "Error", c.ago(m=40), c.ago(m=38),
                                                                                                  "FATAL:  sorry, too many clients already\n"))}}]
    app_dep(c, ns, "hr-payroll-sync", "europe-west1-docker.pkg.dev/hr-prod-1182/people/payroll-sync:1.12.0", 1, th, states=st, rev=8, svc=False,
            env=[E("DATABASE_HOST", "hr-postgresql"), ESec("DATABASE_PASSWORD", "hr-portal-db", "password")])
    c.ingress(ns, "hr-portal", "hr.acme-corp.example", "hr-portal", 80, th, lb={"ip": "34.77.201.12"})
    noise_sandbox(c, c.ago(d=30), "sandbox", "metabase", "metabase/metabase:v0.99.0", "imagepull", days=4)
    truth = {"fault": "backup-cronjob-overlap-exhausts-connections",
             "symptom": "hr portal throws 'too many clients already' from postgres for the last hour",
             "root_cause": {"kind": "CronJob", "namespace": ns, "name": "hr-pg-dump"},
             "explanation": "CronJob hr-pg-dump runs every 15 minutes with concurrencyPolicy Allow and no activeDeadlineSeconds. Dumps of the "
                            "grown database now take longer than the interval, so %d jobs are active at once (status.active), each "
                            "running pg_dump -j 8 (9 connections), which exhausts max_connections=100; the portal crash-loops with "
                            "'FATAL: sorry, too many clients already'. Set concurrencyPolicy Forbid / a deadline and a sane schedule "
                            "on the CronJob (and stop the piled-up jobs)." % len(act)}
    return c, truth



@incident("migration-job-wrong-db-host", "eks")
def inc_migration(n):
    c = new_cluster(n, mkplat("eks", minor=30, kubelet="v1.30.4-eks-a737599"), "2026-02-21T15:09:58Z")
    t0 = c.ago(d=310)
    kube_base(c, t0, ["192.168.12.77", "192.168.90.3"], 443)
    nodes_eks(c, t0, [{"name": "ng-main", "n": 5, "zones": ["a", "b", "c"], "created": c.ago(d=13)}])
    system_eks(c, t0)
    ebs_csi(c, t0 + timedelta(days=1))
    addon_monitoring(c, t0 + timedelta(days=2), "gp3")
    addon_argocd(c, t0 + timedelta(days=2))
    addon_external_secrets(c, t0 + timedelta(days=3), role="arn:aws:iam::418273645091:role/external-secrets-irsa")
    cnpg_operator(c, t0 + timedelta(days=4))
    tdb = c.ago(d=120)
    c.namespace("orders-db", tdb, labels={"team": "orders"})
    cnpg_cluster(c, "orders-db", "orders-pg", tdb, "gp3", [1, 2, 3], primary=2, size="150Gi")
    ns = "orders"
    to = c.ago(d=300)
    c.namespace(ns, to, labels={"team": "orders"})
    c.secret(ns, "orders-db-app", ["password", "username"], tdb)
    rel = c.ago(m=47)
    img_old, img_new = "418273645091.dkr.ecr.us-east-1.amazonaws.com/orders/orders-api:2.30.4", "418273645091.dkr.ecr.us-east-1.amazonaws.com/orders/orders-api:2.31.0"
    dburl = "postgres://$(DB_USER):$(DB_PASSWORD)@%s:5432/orders?sslmode=require"
    def tpl_for(img, host, init=True):
        env = [ESec("DB_USER", "orders-db-app", "username"), ESec("DB_PASSWORD", "orders-db-app", "password"), E("DATABASE_URL", dburl % host)]
        ic = [C("wait-for-schema", img, command=["/bin/sh", "-c", "until orders-migrate version --database \"$DATABASE_URL\" | grep -q '^231$'; do echo waiting for schema 231; sleep 5; done"],
                env=env, req=("50m", "64Mi"))] if init else None
        return PT({"app.kubernetes.io/name": "orders-api"}, [C("orders-api", img, ports=[("http", 8080)], env=env, req=("250m", "512Mi"), lim=(None, "1Gi"),
                                                             rp=probe_http("/ready", "http"), lp=probe_http("/live", "http", delay=20))],
                  init=ic, sa="orders-api", psc={"runAsNonRoot": True, "runAsUser": 10001})
    c.sa(ns, "orders-api", to)
    t_old, t_new = tpl_for(img_old, "orders-pg-rw.orders-db.svc", init=False), tpl_for(img_new, "orders-pg-rw.orders-db.svc")
    ws = c.pick(4)
    dep = c.deployment(ns, "orders-api", t_new, 3, to, progress="stuck", rsets=[
        {"rev": 14, "replicas": 3, "created": c.ago(d=8), "tpl": t_old, "pods": [{"node": ws[i], "created": c.ago(d=8, m=-1)} for i in range(3)]},
        {"rev": 15, "replicas": 1, "created": rel + timedelta(minutes=1), "pods": [{"node": ws[3], "created": rel + timedelta(minutes=1, seconds=1),
                                                                               "st": {"init": {"wait-for-schema": RUN(since=rel + timedelta(minutes=1, seconds=5), ready=False)}}}]}])
    c.service(ns, "orders-api", {"app.kubernetes.io/name": "orders-api"}, [("http", 80, "http")], to)
    ev_scale(c, dep["dep"], dep["rs"][1], 0, 1, rel + timedelta(minutes=1))
    jn = "orders-migrate-2-31-0"
    jt = PT({"app.kubernetes.io/name": "orders-migrate"}, [C("migrate", img_new, command=["orders-migrate", "up", "--database", "$(DATABASE_URL)"],
                                                             env=[ESec("DB_USER", "orders-db-app", "username"), ESec("DB_PASSWORD", "orders-db-app", "password"),
                                                                  E("DATABASE_URL", dburl % "orders-postgres-rw.orders-db.svc")], req=("100m", "128Mi"))],
            restart="Never", sa="orders-api")
    emsg = ('error: failed to connect to `host=orders-postgres-rw.orders-db.svc user=app database=orders`: hostname resolving error (lookup '
            'orders-postgres-rw.orders-db.svc on 10.100.0.10:53: no such host)\n')
    node = c.pick(1)[0]
    pods, tt = [], rel
    for k in range(3):
        pods.append({"node": node, "created": tt, "st": {"ctr": {"migrate": TERM(1, "Error", tt + timedelta(seconds=3), tt + timedelta(seconds=4), emsg)}}})
        tt = tt + timedelta(seconds=10 * 2 ** (k + 1))
    jo = c.job(ns, jn, jt, rel, pods, backoff=2, result=("Failed", tt, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
               labels={"app.kubernetes.io/name": "orders-migrate", "app.kubernetes.io/version": "2.31.0"},
               ann={"argocd.argoproj.io/hook": "Sync", "argocd.argoproj.io/sync-wave": "-1"})
    c.event(jo["job"], "BackoffLimitExceeded", "Job has reached the specified backoff limit", "Warning", comp="job-controller", first=tt, last=tt)
    app_dep(c, ns, "orders-worker", img_old, 2, to, rev=14, svc=False, env=[E("DATABASE_URL", dburl % "orders-pg-rw.orders-db.svc"),
                                                                          ESec("DB_USER", "orders-db-app", "username"), ESec("DB_PASSWORD", "orders-db-app", "password")])
    noise_failed_job(c, ns, "orders-reindex-20260219", img_old, c.ago(d=2, h=3), "reindex: canceling statement due to statement timeout\n")
    noise_sandbox(c, c.ago(d=25), "sandbox", "orders-api-pr-1182", "418273645091.dkr.ecr.us-east-1.amazonaws.com/orders/orders-api:pr-1182", "imagepull", days=3)
    c.omit = {"networkpolicies"}
    truth = {"fault": "migration-job-wrong-db-host",
             "symptom": "orders release 2.31 has been stuck for 45 minutes, the new pod never leaves Init",
             "root_cause": {"kind": "Job", "namespace": ns, "name": jn},
             "explanation": "The new orders-api ReplicaSet pod waits in its init container for schema version 231, which only the "
                            "migration Job %s would create. That Job failed (BackoffLimitExceeded): every attempt exits with "
                            "'lookup orders-postgres-rw.orders-db.svc ... no such host' because its DATABASE_URL points to the old "
                            "service name, while the CNPG cluster exposes orders-pg-rw (used correctly by the app). Fix the host "
                            "in the Job and re-run it." % jn}
    return c, truth


@incident("externalname-points-to-retired-endpoint", "eks")
def inc_externalname(n):
    c = new_cluster(n, mkplat("eks"), "2026-01-05T08:45:12Z")
    t0 = c.ago(d=420)
    kube_base(c, t0, ["192.168.8.90", "192.168.66.14"], 443)
    nodes_eks(c, t0, [{"name": "ng-main", "n": 4, "zones": ["a", "b", "c"], "created": c.ago(d=22)}])
    system_eks(c, t0)
    ebs_csi(c, t0 + timedelta(days=1))
    addon_monitoring(c, t0 + timedelta(days=2), "gp3")
    addon_logging(c, t0 + timedelta(days=2), "gp3")
    addon_ingress_nginx(c, t0 + timedelta(days=2), {"hostname": "k8s-ingressn-ingressn-0a1b2c3d4e-1122334455.elb.us-east-1.amazonaws.com"})
    addon_external_secrets(c, t0 + timedelta(days=3), role="arn:aws:iam::418273645091:role/external-secrets-irsa")
    ns = "reporting"
    tr = c.ago(d=400)
    c.namespace(ns, tr, labels={"team": "bi"})
    old = "reporting-prod.c8xk2mq1abcd.us-east-1.rds.amazonaws.com"
    c.service(ns, "warehouse-db", None, [("postgres", 5432, 5432)], tr, typ="ExternalName", ext=old,
              labels={"app.kubernetes.io/managed-by": "terraform"}, ann={"owner": "bi-platform"})
    c.service(ns, "warehouse-db-ro", None, [("postgres", 5432, 5432)], c.ago(d=1, h=2), typ="ExternalName",
              ext="reporting-prod-green.cluster-ro-c8xk2mq1abcd.us-east-1.rds.amazonaws.com",
              labels={"app.kubernetes.io/managed-by": "terraform"}, ann={"owner": "bi-platform", "cutover": "blue-green-2026-01-04"})
    c.secret(ns, "warehouse-credentials", ["password", "username"], tr, owner=c.crd("external-secrets.io/v1beta1", "ExternalSecret", ns, "warehouse-credentials", tr))
    msg = lambda lt: 'psql: error: could not translate host name "%s" to address: Name or service not known\n' % old
    app_crashers(c, ns, "report-worker", "418273645091.dkr.ecr.us-east-1.amazonaws.com/bi/report-worker:4.4.2", 3, tr, msg,
                 env=[E("PGHOST", "warehouse-db"), ESec("PGPASSWORD", "warehouse-credentials", "password")], rev=16, first=c.ago(h=1, m=58),
                 restarts=(60, 75))
    st = [{"ctr": {"report-api": RUN(since=c.ago(d=5), ready=False)}, "unready_t": c.ago(h=9)} for _ in range(2)]
    api = app_dep(c, ns, "report-api", "418273645091.dkr.ecr.us-east-1.amazonaws.com/bi/report-api:4.4.2", 2, tr, states=st, rev=16,
                  env=[E("PGHOST", "warehouse-db"), E("PGHOST_RO", "warehouse-db-ro"), ESec("PGPASSWORD", "warehouse-credentials", "password")])
    for p in api["pods"]:
        c.event(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", "Warning", host=p["spec"]["nodeName"],
                first=c.ago(h=9), last=c.ago(s=c.rng.randint(3, 20)), count=3240, fpath="spec.containers{report-api}")
    app_dep(c, ns, "dashboards", "grafana/grafana:10.4.1", 1, tr, port=3000, rev=3, env=[E("GF_DATABASE_HOST", "warehouse-db-ro:5432")])
    c.ingress(ns, "dashboards", "dash.bi.acme.example", "dashboards", 80, tr)
    jt = PT({"app": "nightly-aggregates"}, [C("agg", "418273645091.dkr.ecr.us-east-1.amazonaws.com/bi/report-worker:4.4.2", args=["aggregate", "--day=yesterday"],
                                            env=[E("PGHOST", "warehouse-db")], req=("200m", "256Mi"))], restart="Never")
    c.cronjob(ns, "nightly-aggregates", "0 6 * * *", jt, tr, [{"at": t_, "result": "ok"} for t_ in cron_times(c, 1440, 3, offset_min=360)[:-1]] +
              [{"at": cron_times(c, 1440, 1, offset_min=360)[0], "result": "fail", "attempts": 2, "dur": timedelta(seconds=2),
                "msg": 'psql: error: could not translate host name "%s" to address: Name or service not known\n' % old}], backoff=1)
    noise_sandbox(c, c.ago(d=12), "sandbox", "dbt-docs", "ghcr.io/dbt-labs/dbt-postgres:1.99.0", "imagepull", days=3)
    truth = {"fault": "externalname-points-to-retired-endpoint",
             "symptom": "reporting dashboards are empty since the warehouse cutover, report workers say the warehouse host can't be resolved",
             "root_cause": {"kind": "Service", "namespace": ns, "name": "warehouse-db"},
             "explanation": "report-worker, report-api and the nightly CronJob use PGHOST=warehouse-db, an ExternalName Service that still "
                            "points at %s, the blue RDS instance retired in yesterday's blue/green cutover (its DNS name no longer "
                            "resolves: 'could not translate host name'). warehouse-db-ro was already moved to the green cluster. "
                            "Update the ExternalName of Service warehouse-db to the green writer endpoint." % old}
    return c, truth


@incident("endpoints-port-name-mismatch", "aks")
def inc_endpoints(n):
    c = new_cluster(n, mkplat("aks"), "2026-03-09T06:31:44Z")
    t0 = c.ago(d=500)
    kube_base(c, t0, ["10.224.0.198"], 443)
    nodes_aks(c, t0, [{"name": "system", "n": 2, "zones": ["1", "2"], "mode": "system", "role": "system", "created": c.ago(d=33),
                       "taints": [{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "value": "true"}]},
                      {"name": "batch", "n": 3, "zones": ["1", "2", "3"], "created": c.ago(d=33)}], cluster="aks-fin-weu")
    system_aks(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "managed-csi")
    addon_logging(c, t0 + timedelta(days=1), "managed-csi", flavor="vector")
    addon_cert_manager(c, t0 + timedelta(days=1))
    addon_kyverno(c, t0 + timedelta(days=100))
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "20.31.77.5", "ipMode": "VIP"})
    noise_sandbox(c, c.ago(d=30), "sandbox", "sqlpad", "sqlpad/sqlpad:7.9.99", "imagepull", days=9)
    ns = "finance"
    tf = c.ago(d=450)
    c.namespace(ns, tf, labels={"team": "finance"})
    c.service(ns, "legacy-mssql", None, [("mssql", 1433, 1433)], tf, labels={"app": "legacy-mssql"},
              ann={"description": "SQL Server 2019 on VM fin-sql01 (outside the cluster)"})
    chg = c.ago(h=2, m=18)
    c.endpoints(ns, "legacy-mssql", [{"addresses": [{"ip": "10.240.8.40"}], "ports": [{"name": "tds", "port": 1433, "protocol": "TCP"}]}], chg,
                labels={"app": "legacy-mssql"},
                ann={"kubectl.kubernetes.io/last-applied-configuration": '{"apiVersion":"v1","kind":"Endpoints","metadata":{"annotations":{},"labels":{"app":"legacy-mssql"},"name":"legacy-mssql","namespace":"finance"},"subsets":[{"addresses":[{"ip":"10.240.8.40"}],"ports":[{"name":"tds","port":1433,"protocol":"TCP"}]}]}\n'})
    c.service(ns, "finance-pg", None, [("postgres", 5432, 5432)], tf, typ="ExternalName", ext="fin-pg-flex.postgres.database.azure.com")
    c.secret(ns, "legacy-mssql-login", ["password", "username"], tf)
    cip = c.get("Service", ns, "legacy-mssql")["spec"]["clusterIP"]
    msg = lambda lt: ("Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while "
                      "establishing a connection to SQL Server. The server was not found or was not accessible. (provider: TCP Provider, error: 40 - "
                      "Could not open a connection to SQL Server: Connection refused)\n ---> System.Net.Sockets.SocketException (111): Connection refused\n")
    jt = PT({"app": "gl-batch"}, [C("gl-batch", "acmefin.azurecr.io/finance/gl-batch:3.9.2",
                                    env=[E("SQL_SERVER", "legacy-mssql.finance.svc.cluster.local,1433"), ESec("SQL_PASSWORD", "legacy-mssql-login", "password")],
                                    req=("500m", "1Gi"))], restart="Never")
    runs = [{"at": t_, "result": "ok", "dur": timedelta(minutes=6)} for t_ in cron_times(c, 30, 8, start=chg)[-3:]]
    runs += [{"at": t_, "result": "fail", "attempts": 2, "dur": timedelta(seconds=20), "msg": msg(None)} for t_ in cron_times(c, 30, 1)]
    c.cronjob(ns, "gl-batch", "*/30 * * * *", jt, tf, runs, backoff=1)
    app_crashers(c, ns, "invoice-sync", "acmefin.azurecr.io/finance/invoice-sync:3.9.2", 2, tf, msg,
                 env=[E("SQL_SERVER", "legacy-mssql.finance.svc.cluster.local,1433"), ESec("SQL_PASSWORD", "legacy-mssql-login", "password")],
                 first=chg + timedelta(minutes=3), rev=12, restarts=(25, 30))
    app_dep(c, ns, "finance-portal", "acmefin.azurecr.io/finance/portal:3.9.2", 2, tf, rev=12, env=[E("PGHOST", "finance-pg")])
    noise_failed_job(c, ns, "ledger-export-adhoc", "acmefin.azurecr.io/finance/gl-batch:3.9.1", c.ago(d=4), "export: blob upload failed: 403 AuthorizationPermissionMismatch\n")
    c.omit = {"ingresses"}
    truth = {"fault": "endpoints-port-name-mismatch",
             "symptom": "finance batch jobs can't connect to the old SQL Server since the network change this morning: connection refused",
             "root_cause": {"kind": "Endpoints", "namespace": ns, "name": "legacy-mssql"},
             "explanation": "legacy-mssql is a selector-less Service (port name 'mssql') backed by a hand-maintained Endpoints object. "
                            "The Endpoints were re-applied ~2h ago with the new VM IP but with port name 'tds', which does not match "
                            "the Service port name, so kube-proxy programs no backend (the mirrored EndpointSlice shows the same "
                            "mismatch) and connections to the ClusterIP are refused. Rename the Endpoints port to 'mssql'."}
    return c, truth



@incident("operator-scaled-to-zero-no-failover", "doks")
def inc_operator_zero(n):
    c = new_cluster(n, mkplat("doks"), "2026-01-19T04:26:37Z")
    t0 = c.ago(d=200)
    kube_base(c, t0, ["10.114.0.5"], 443)
    recyc = c.ago(m=41)
    nodes_doks(c, t0, [{"name": "pool-prod", "n": 4, "created": [c.ago(d=15), c.ago(d=15), c.ago(d=15), recyc + timedelta(minutes=4)]}])
    system_doks(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "do-block-storage")
    addon_logging(c, t0 + timedelta(days=1), "do-block-storage")
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "164.92.201.18", "ipMode": "VIP"})
    addon_cert_manager(c, t0 + timedelta(days=1))
    frz = c.ago(d=2, h=3)
    op = cnpg_operator(c, t0 + timedelta(days=2), replicas=0, ann={"ops.shopco.io/change": "CHG-4471 freeze during cnpg 1.24 upgrade prep, scaled down"},
                       rsets=[{"rev": 3, "replicas": 0, "created": c.ago(d=60), "pods": []}])
    c.x[op["dep"]["metadata"]["uid"]]["avail_t"] = frz
    ns = "shop-db"
    ts = c.ago(d=190)
    c.namespace(ns, ts, labels={"team": "shop"})
    ws = c.nodes_in()
    cl = cnpg_cluster(c, ns, "shop-pg", ts, "do-block-storage", [1, 2, 3], primary=1, size="100Gi", nodes=[ws[0], ws[1], ws[2]], skip={1},
                      created={2: c.ago(d=15, m=-20), 3: c.ago(d=15, m=-25)})
    oldnode = "pool-prod-" + c.sfx(5)
    gn = c.ghost("Node", "", oldnode, c.uid())
    gp = c.ghost("Pod", ns, "shop-pg-1", c.uid())
    c.event(gp, "Killing", "Stopping container postgres", host=oldnode, first=recyc - timedelta(minutes=1), last=recyc - timedelta(minutes=1),
            fpath="spec.containers{postgres}")
    c.event(gn, "RemovingNode", "Node %s event: Removing Node %s from Controller" % (oldnode, oldnode), comp="node-controller", first=recyc, last=recyc)
    c.event(gn, "NodeNotSchedulable", "Node %s status is now: NodeNotSchedulable" % oldnode, host=oldnode, first=recyc - timedelta(minutes=3),
            last=recyc - timedelta(minutes=3), kubelet_node=True)
    c.namespace("shop", ts, labels={"team": "shop"})
    c.secret("shop", "shop-db", ["password", "username"], ts)
    cip = c.get("Service", ns, "shop-pg-rw")["spec"]["clusterIP"]
    msg = lambda lt: 'level=error msg="database unavailable" err="failed to connect to `host=shop-pg-rw.shop-db.svc user=shop database=shop`: dial error (dial tcp %s:5432: connect: connection refused)"\n' % cip
    app_crashers(c, "shop", "shop-checkout", "registry.digitalocean.com/shopco/checkout:9.0.3", 3, ts, msg, rev=21, first=recyc + timedelta(minutes=1),
                 env=[E("DB_HOST", "shop-pg-rw.shop-db.svc"), ESec("DB_PASSWORD", "shop-db", "password")], restarts=(12, 15))
    app_dep(c, "shop", "shop-catalog", "registry.digitalocean.com/shopco/catalog:9.0.3", 2, ts, rev=21,
            env=[E("DB_HOST", "shop-pg-ro.shop-db.svc"), ESec("DB_PASSWORD", "shop-db", "password")])
    c.ingress("shop", "shop-checkout", "checkout.shopco.example", "shop-checkout", 80, ts, lb={"ip": "164.92.201.18"})
    noise_sandbox(c, c.ago(d=30), "sandbox", "pg-upgrade-test", "ghcr.io/cloudnative-pg/postgresql:17.99", "imagepull", days=2)
    truth = {"fault": "operator-scaled-to-zero-no-failover",
             "symptom": "shop checkout errors since the overnight node pool upgrade: connection refused to postgres",
             "root_cause": {"kind": "Deployment", "namespace": "cnpg-system", "name": "cnpg-controller-manager"},
             "explanation": "The node pool upgrade removed the node running shop-pg-1, the CloudNativePG primary. Nothing recreated it or "
                            "promoted a replica: the remaining instances are still labelled instanceRole=replica, so Service shop-pg-rw "
                            "has no endpoints and checkout gets 'connection refused'. Failover is done by the operator, and Deployment "
                            "cnpg-system/cnpg-controller-manager is scaled to 0 replicas (change freeze annotation, two days ago). Scale "
                            "the operator back to 1; it will promote a replica and rebuild shop-pg-1."}
    return c, truth


@incident("pvc-full-wal-no-space", "gke")
def inc_pvc_full(n):
    c = new_cluster(n, mkplat("gke"), "2026-03-16T22:48:19Z")
    t0 = c.ago(d=240)
    kube_base(c, t0, ["172.16.0.50"], 443)
    nodes_gke(c, t0, [{"name": "pool-a", "n": 4, "zones": ["b", "c", "d"], "created": c.ago(d=10)}], cluster="audit-prod")
    system_gke(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "standard-rwo", node_exp=False)
    addon_logging(c, t0 + timedelta(days=1), "standard-rwo", flavor="vector")
    addon_cert_manager(c, t0 + timedelta(days=1))
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "34.38.91.4", "ipMode": "VIP"})
    addon_argocd(c, t0 + timedelta(days=1))
    ns = "audit"
    ta = c.ago(d=230)
    c.namespace(ns, ta, labels={"team": "compliance"})
    lt = c.ago(m=1, s=c.rng.randint(5, 55))
    tmsg = ("2026-03-16 22:4%d:%02d.104 GMT [1] LOG:  database system was interrupted; last known up at 2026-03-16 21:58:12 GMT\n"
            "2026-03-16 22:4%d:%02d.391 GMT [1] LOG:  redo starts at 1C/7E0F1B40\n"
            "2026-03-16 22:4%d:%02d.902 GMT [1] PANIC:  could not write to file \"pg_wal/xlogtemp.112\": No space left on device\n"
            "2026-03-16 22:4%d:%02d.921 GMT [1] LOG:  startup process (PID 112) was terminated by signal 6: Aborted\n" % ((6, lt.second) * 4))
    pg = bitnami_pg(c, ns, "audit", ta, "standard-rwo", size="20Gi", user="audit", db="audit",
                    pods=[{"node": c.pick(1)[0], "created": c.ago(d=6), "pvc_created": ta + timedelta(minutes=1),
                           "st": {"ctr": {"postgresql": CRASH(16, LAST(1, "Error", lt - timedelta(seconds=4), lt, tmsg))},
                                  "started": c.ago(d=6, m=-1)}}])
    p = pg["pods"][0]
    ev_backoff(c, p, "postgresql", c.ago(h=1, m=10), c.ago(s=c.rng.randint(4, 50)), 240)
    c.event(p, "Unhealthy", "Readiness probe failed: 127.0.0.1:5432 - no response\n", "Warning", host=p["spec"]["nodeName"], first=c.ago(h=1, m=12),
            last=c.ago(m=2), count=300, fpath="spec.containers{postgresql}")
    c.secret(ns, "audit-api-db", ["password"], ta)
    cip = c.get("Service", ns, "audit-postgresql")["spec"]["clusterIP"]
    msg = lambda lt_: "org.postgresql.util.PSQLException: Connection to audit-postgresql:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n"
    app_crashers(c, ns, "audit-api", "europe-west1-docker.pkg.dev/audit-prod-7781/compliance/audit-api:1.19.0", 2, ta, msg, rev=15,
                 env=[E("DB_URL", "jdbc:postgresql://audit-postgresql:5432/audit"), ESec("DB_PASSWORD", "audit-api-db", "password")], first=c.ago(h=1, m=9),
                 restarts=(13, 17), req=("250m", "768Mi"), lim=(None, "1Gi"))
    st = [{"ctr": {"audit-ingest": RUN(since=c.ago(d=3), ready=True, restarts=c.rng.randint(3, 6),
                                         last=LAST(1, "Error", c.ago(m=30), c.ago(m=22), "kafka consumer: commit failed: db write: connection refused\n"))}} for _ in range(2)]
    app_dep(c, ns, "audit-ingest", "europe-west1-docker.pkg.dev/audit-prod-7781/compliance/audit-ingest:1.19.0", 2, ta, states=st, rev=15, svc=False)
    noise_sandbox(c, c.ago(d=40), "sandbox", "pgbadger", "dalibo/pgbadger:99.0", "imagepull", days=12)
    c.omit = {"networkpolicies", "resourcequotas"}
    truth = {"fault": "pvc-full-wal-no-space",
             "symptom": "audit service down, postgres crashing in a loop for the last hour",
             "root_cause": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": "data-audit-postgresql-0"},
             "explanation": "audit-postgresql-0 crash-loops; the termination message shows WAL replay aborting with 'PANIC: could not write "
                            "to file \"pg_wal/xlogtemp.112\": No space left on device'. Its data volume, PVC data-audit-postgresql-0, is "
                            "only 20Gi and is full. The StorageClass standard-rwo allows volume expansion: increase the PVC's requested "
                            "storage (then clean up WAL / retention)."}
    return c, truth


@incident("released-pv-stale-claimref", "kubeadm")
def inc_pv_released(n):
    c = new_cluster(n, mkplat("kubeadm", kubelet="v1.28.10"), "2026-02-15T11:12:09Z")
    t0 = c.ago(d=640)
    kube_base(c, t0, ["10.20.0.11"], 6443)
    nodes_kubeadm(c, t0, 1, 4, prefix="lab-k8s", net="10.20.0.", cni_pfx="10.244.")
    system_kubeadm(c, t0, cni="flannel", ver="v1.28.10")
    addon_nfs_subdir(c, t0 + timedelta(days=1))
    addon_metallb(c, t0 + timedelta(days=1))
    addon_monitoring(c, t0 + timedelta(days=2), "nfs-client")
    addon_ingress_nginx(c, t0 + timedelta(days=2), {"ip": "10.20.1.50", "ipMode": "VIP"})
    addon_cert_manager(c, t0 + timedelta(days=2))
    addon_argocd(c, t0 + timedelta(days=3))
    addon_logging(c, t0 + timedelta(days=3), "nfs-client")
    ns = "gitea"
    tg = c.ago(d=500)
    c.namespace(ns, tg, labels={"team": "devtools"})
    rei = c.ago(m=53)
    oldu = c.uid()
    c.ghost("PersistentVolumeClaim", ns, "data-gitea-mariadb-0", oldu)
    c.static_pv("gitea-mariadb-nfs-pv", "50Gi", tg, {"nfs": {"path": "/srv/nfs/gitea-mariadb", "server": "10.20.0.40"}},
                claim={"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": "data-gitea-mariadb-0", "namespace": ns,
                       "resourceVersion": str(c.rv - 500000), "uid": oldu}, phase="Released", labels={"app": "gitea-mariadb"})
    c.get("PersistentVolume", "", "gitea-mariadb-nfs-pv")["status"]["lastPhaseTransitionTime"] = rfc(rei - timedelta(minutes=1))
    shared = c.pvc(ns, "gitea-shared-storage", "200Gi", None, tg, state="pending", modes=("ReadWriteMany",))
    c.static_pv("gitea-repos-nfs-pv", "200Gi", tg, {"nfs": {"path": "/srv/nfs/gitea-repos", "server": "10.20.0.40"}}, modes=("ReadWriteMany",),
                claim={"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": "gitea-shared-storage", "namespace": ns,
                       "resourceVersion": shared["metadata"]["resourceVersion"], "uid": shared["metadata"]["uid"]}, labels={"app": "gitea"})
    shared["spec"]["volumeName"] = "gitea-repos-nfs-pv"
    shared["status"] = {"accessModes": ["ReadWriteMany"], "capacity": {"storage": "200Gi"}, "phase": "Bound"}
    shared["metadata"]["annotations"] = {"pv.kubernetes.io/bind-completed": "yes", "pv.kubernetes.io/bound-by-controller": "yes"}
    c.helm(ns, "gitea-mariadb", rei, revs=1)
    msg = ("0/5 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/5 nodes are available: 5 Preemption "
           "is not helpful for scheduling.")
    my = bitnami_mysql(c, ns, "gitea", rei, None, flavor="mariadb", secondaries=0, size="50Gi", revs=1,
                       pods={"primary": [{"node": None, "created": rei + timedelta(seconds=5), "pvc": "pending", "st": {"unsched": msg}}]})
    sts = my["primary"]["sts"]
    sts["spec"]["volumeClaimTemplates"][0]["spec"]["storageClassName"] = ""
    pvc = my["primary"]["pvcs"][0]
    pvc["spec"]["storageClassName"] = ""
    pvc["spec"]["selector"] = None
    del pvc["spec"]["selector"]
    c.event(pvc, "FailedBinding", "no persistent volumes available for this claim and no storage class is set", "Normal",
            comp="persistentvolume-controller", first=rei + timedelta(seconds=5), last=c.ago(s=c.rng.randint(3, 15)), count=210)
    c.sev(my["primary"]["pods"][0], msg, rei + timedelta(seconds=5), c.ago(s=c.rng.randint(20, 200)), count=11)
    c.secret(ns, "gitea-db", ["password"], tg)
    msg2 = lambda lt: "2026/02/15 11:1%d:%02d cmd/web.go:242:runWeb() [F] PANIC: Failed to initialize ORM engine: dial tcp %s:3306: connect: connection refused\n" % (
        1, lt.second, c.get("Service", ns, "gitea-mariadb")["spec"]["clusterIP"])
    g = app_crashers(c, ns, "gitea", "gitea/gitea:1.22.1-rootless", 1, tg, msg2, port=3000, rev=7, first=rei + timedelta(minutes=1), restarts=(14, 16),
                     env=[E("GITEA__database__DB_TYPE", "mysql"), E("GITEA__database__HOST", "gitea-mariadb:3306"), ESec("GITEA__database__PASSWD", "gitea-db", "password")])
    for tp in (g["dep"]["spec"]["template"], g["pods"][0]):
        tp["spec"].setdefault("volumes", []).append(V_pvc("data", "gitea-shared-storage"))
    c.ingress(ns, "gitea", "git.lab.example.org", "gitea", 80, tg, lb={"ip": "10.20.1.50"})
    noise_sandbox(c, c.ago(d=50), "sandbox", "drone-runner", "drone/drone-runner-kube:9.9.9", "imagepull", days=20)
    c.omit = {"endpointslices", "resourcequotas"}
    truth = {"fault": "released-pv-stale-claimref",
             "symptom": "gitea is down since we reinstalled its database chart an hour ago, the db pod stays Pending",
             "root_cause": {"kind": "PersistentVolume", "namespace": "", "name": "gitea-mariadb-nfs-pv"},
             "explanation": "gitea-mariadb-0 is Pending on an unbound PVC; the new claim data-gitea-mariadb-0 (storageClassName \"\") gets "
                            "FailedBinding 'no persistent volumes available'. Its data lives on the static NFS PV gitea-mariadb-nfs-pv "
                            "(Retain), which is Released and still has a claimRef to the uid of the claim deleted during the reinstall, "
                            "so it cannot bind to the new claim. Clear spec.claimRef on the PersistentVolume (make it Available)."}
    return c, truth



@incident("headless-service-missing-publish-not-ready", "k3s")
def inc_zk_headless(n):
    c = new_cluster(n, mkplat("k3s", kubelet="v1.30.5+k3s1"), "2026-03-22T02:37:55Z")
    t0 = c.ago(d=330)
    kube_base(c, t0, ["192.168.20.21"], 6443)
    nodes_k3s(c, t0, 1, 4, net="192.168.20.")
    system_k3s(c, t0)
    addon_monitoring(c, t0 + timedelta(days=1), "local-path")
    addon_logging(c, t0 + timedelta(days=1), "local-path")
    addon_cert_manager(c, t0 + timedelta(days=1))
    addon_argocd(c, t0 + timedelta(days=2))
    addon_metallb(c, t0 + timedelta(days=2))
    ns = "messaging"
    tm = c.ago(d=300)
    c.namespace(ns, tm, labels={"team": "integration"})
    mw = c.ago(h=1, m=9)
    zl = {"app.kubernetes.io/component": "zookeeper", "app.kubernetes.io/instance": "kafka", "app.kubernetes.io/name": "zookeeper"}
    c.sa(ns, "kafka-zookeeper", tm)
    c.service(ns, "kafka-zookeeper", zl, [("tcp-client", 2181, "client")], tm, labels=zl)
    c.service(ns, "kafka-zookeeper-headless", zl, [("tcp-client", 2181, "client"), ("tcp-follower", 2888, "follower"), ("tcp-election", 3888, "election")],
              mw - timedelta(minutes=6), headless=True, labels=dict(zl, **{"app.kubernetes.io/managed-by": "kustomize"}),
              ann={"kustomize.toolkit.fluxcd.io/reconcile": "enabled"} if False else {"argocd.argoproj.io/tracking-id": "messaging:/Service:messaging/kafka-zookeeper-headless"})
    ws = c.nodes_in("worker")
    zpods = []
    for i in range(3):
        lt = c.ago(m=c.rng.randint(2, 9), s=c.rng.randint(0, 59))
        other = (i + 1) % 3
        tmsg = ("2026-03-22 02:%02d:%02d,118 [myid:%d] - WARN  [QuorumConnectThread-[myid=%d]-3:o.a.z.s.q.QuorumCnxManager@401] - Cannot open channel to %d at "
                "election address kafka-zookeeper-%d.kafka-zookeeper-headless.messaging.svc.cluster.local:3888\njava.net.UnknownHostException: "
                "kafka-zookeeper-%d.kafka-zookeeper-headless.messaging.svc.cluster.local\n\tat java.base/java.net.InetAddress$CachedAddresses.get(Unknown Source)\n"
                "2026-03-22 02:%02d:%02d,120 [myid:%d] - INFO  [QuorumPeer[myid=%d](plain=[0:0:0:0:0:0:0:0]:2181)(secure=disabled):o.a.z.s.q.FastLeaderElection@979] - "
                "Notification time out: 60000\n" % (lt.minute, lt.second, i + 1, i + 1, other + 1, other, other, lt.minute, lt.second, i + 1, i + 1))
        zpods.append({"node": ws[i], "created": mw + timedelta(seconds=5 + i), "pvc_created": tm + timedelta(minutes=1),
                      "st": {"ctr": {"zookeeper": RUN(since=lt + timedelta(seconds=30), ready=False, restarts=c.rng.randint(5, 7),
                                                       last=LAST(143, "Error", lt - timedelta(minutes=6), lt, tmsg))},
                             "unready_t": mw + timedelta(seconds=40)}})
    zk = simple_sts(c, ns, "kafka-zookeeper", "docker.io/bitnami/zookeeper:3.9.2-debian-12-r9", 3, tm,
                    [("client", 2181), ("follower", 2888), ("election", 3888)], "local-path", "8Gi", labels=zl, pods=zpods, client_svc=False,
                    sa="kafka-zookeeper", cname="zookeeper", pmp="Parallel", mount="/bitnami/zookeeper",
                    env=[E("ZOO_SERVERS", "kafka-zookeeper-0.kafka-zookeeper-headless.messaging.svc.cluster.local:2888:3888::1 "
                                          "kafka-zookeeper-1.kafka-zookeeper-headless.messaging.svc.cluster.local:2888:3888::2 "
                                          "kafka-zookeeper-2.kafka-zookeeper-headless.messaging.svc.cluster.local:2888:3888::3"),
                         E("ZOO_ENABLE_AUTH", "no")],
                    rp=probe_exec(["/bin/bash", "-ec", "ZOO_HC_TIMEOUT=2 /opt/bitnami/scripts/zookeeper/healthcheck.sh"], period=10, delay=5, fail=6, timeout=5),
                    lp=probe_exec(["/bin/bash", "-ec", "ZOO_HC_TIMEOUT=3 /opt/bitnami/scripts/zookeeper/healthcheck.sh"], period=10, delay=30, fail=6, timeout=5),
                    hl_name="kafka-zookeeper-headless", make_hl=False)
    for p in zk["pods"]:
        c.event(p, "Unhealthy", "Readiness probe failed: This ZooKeeper instance is not currently serving requests", "Warning", host=p["spec"]["nodeName"],
                first=mw + timedelta(seconds=40), last=c.ago(s=c.rng.randint(2, 12)), count=c.rng.randint(390, 410), fpath="spec.containers{zookeeper}")
        c.event(p, "Killing", "Container zookeeper failed liveness probe, will be restarted", host=p["spec"]["nodeName"], first=mw + timedelta(minutes=9),
                last=c.ago(m=c.rng.randint(2, 9)), count=p["status"]["containerStatuses"][0]["restartCount"], fpath="spec.containers{zookeeper}")
    kl = {"app.kubernetes.io/component": "kafka", "app.kubernetes.io/instance": "kafka", "app.kubernetes.io/name": "kafka"}
    kpods = []
    for i in range(3):
        lt = c.ago(m=c.rng.randint(0, 4), s=c.rng.randint(0, 59))
        kpods.append({"node": ws[(i + 1) % 4], "created": mw + timedelta(seconds=8 + i), "pvc_created": tm + timedelta(minutes=1),
                      "st": {"ctr": {"kafka": CRASH(11 + i, LAST(1, "Error", lt - timedelta(seconds=19), lt,
                                                              "[2026-03-22 02:%02d:%02d,551] ERROR Fatal error during KafkaServer startup. Prepare to shutdown (kafka.server.KafkaServer)\n"
                                                              "kafka.zookeeper.ZooKeeperClientTimeoutException: Timed out waiting for connection while in state: CONNECTING\n"
                                                              % (lt.minute, lt.second)))}}})
    kk = simple_sts(c, ns, "kafka", "docker.io/bitnami/kafka:3.7.1-debian-12-r0", 3, tm, [("kafka-client", 9092), ("kafka-internal", 9094)], "local-path", "50Gi",
                    labels=kl, pods=kpods, sa="kafka", cname="kafka", mount="/bitnami/kafka", pmp="Parallel",
                    env=[E("KAFKA_CFG_ZOOKEEPER_CONNECT", "kafka-zookeeper:2181")], hl_name="kafka-headless")
    for p in kk["pods"]:
        ev_backoff(c, p, "kafka", mw + timedelta(minutes=2), c.ago(s=c.rng.randint(3, 60)), c.rng.randint(230, 260))
    c.namespace("integration", tm)
    app_dep(c, "integration", "order-events-bridge", "registry.home.example/integration/bridge:2.2.0", 2, tm, rev=6,
            env=[E("KAFKA_BOOTSTRAP", "kafka.messaging.svc:9092")],
            states=[{"ctr": {"order-events-bridge": RUN(since=c.ago(d=4), ready=False)}, "unready_t": mw + timedelta(minutes=1)} for _ in range(2)])
    c.omit = {"resourcequotas", "ingresses"}
    truth = {"fault": "headless-service-missing-publish-not-ready",
             "symptom": "kafka is down after last night's maintenance window, zookeeper never forms a quorum",
             "root_cause": {"kind": "Service", "namespace": ns, "name": "kafka-zookeeper-headless"},
             "explanation": "After the maintenance restart none of the three ZooKeeper pods is Ready, and their logs show "
                            "java.net.UnknownHostException for the peer names kafka-zookeeper-N.kafka-zookeeper-headless... The "
                            "governing headless Service was re-applied by Argo CD without publishNotReadyAddresses: true, so its "
                            "endpoints (and per-pod DNS records) only exist for Ready pods - a bootstrap deadlock, since the pods only "
                            "become Ready after they find each other. Set publishNotReadyAddresses: true on the Service."}
    return c, truth


@incident("node-notready-statefulset-pod-stuck-terminating", "aks")
def inc_node_lost(n):
    c = new_cluster(n, mkplat("aks"), "2026-02-10T17:26:20Z")
    t0 = c.ago(d=300)
    kube_base(c, t0, ["10.224.0.197"], 443)
    down = c.ago(m=52)
    nodes_aks(c, t0, [{"name": "system", "n": 2, "zones": ["1", "2"], "mode": "system", "role": "system", "created": c.ago(d=18),
                       "taints": [{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "value": "true"}]},
                      {"name": "user", "n": 4, "zones": ["1", "2", "3"], "created": c.ago(d=18)}], cluster="aks-cart-weu")
    users = c.nodes_in("worker")
    bad = users[2]
    c.nodeinfo[bad]["pool"] = "lost"
    for typ in ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready"):
        set_node_cond(c, bad, typ, "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.", down + timedelta(seconds=40))
    c.nodeinfo[bad]["obj"]["spec"]["taints"] = [
        {"effect": "NoSchedule", "key": "node.kubernetes.io/unreachable", "timeAdded": rfc(down + timedelta(seconds=41))},
        {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "timeAdded": rfc(down + timedelta(seconds=45))}]
    lost = down + timedelta(seconds=42)
    evict = down + timedelta(seconds=45 + 300)
    c.P["_lost"] = (bad, lost)
    ds_states = {bad: {"node_lost": lost}}
    # system components on the lost node: DaemonSet pods just go NotReady
    mcr = "mcr.microsoft.com/oss/kubernetes"
    c.P["sched_host"] = "kube-scheduler-" + c.sfx(10)
    sysds(c, "kube-system", "kube-proxy", mcr + "/kube-proxy:v1.29.7-hotfix.20240806", t0, labels={"component": "kube-proxy", "tier": "node"},
          host_net=True, sa="kube-proxy", req=("100m", None), states=ds_states)
    sysds(c, "kube-system", "cloud-node-manager", mcr + "/azure-cloud-node-manager:v1.29.9", t0, labels={"k8s-app": "cloud-node-manager"},
          host_net=True, sa="cloud-node-manager", req=("50m", "50Mi"), states=ds_states)
    sysds(c, "kube-system", "csi-azuredisk-node", mcr + "/../kubernetes-csi/azuredisk-csi:v1.30.3", t0, labels={"app": "csi-azuredisk-node"},
          host_net=True, sa="csi-azuredisk-node-sa", states=ds_states)
    coredns(c, t0, image=mcr + "/coredns:v1.9.4-hotfix.20240704", pool="system")
    sysdep(c, "kube-system", "metrics-server", mcr + "/metrics-server:v0.6.3", 2, t0, labels={"k8s-app": "metrics-server"}, sa="metrics-server",
           req=("50m", "80Mi"), pool="system", prio="system-cluster-critical")
    sysdep(c, "kube-system", "konnectivity-agent", mcr + "/apiserver-network-proxy/agent:v0.30.3-hotfix.20240819", 2, t0,
           labels={"app": "konnectivity-agent"}, sa="konnectivity-agent", req=("20m", "20Mi"), pool="system")
    c.storageclass("default", "disk.csi.azure.com", t0, params={"skuname": "StandardSSD_LRS"}, default=True)
    c.storageclass("managed-csi-premium", "disk.csi.azure.com", t0, params={"skuname": "Premium_LRS"})
    addon_monitoring(c, t0 + timedelta(days=1), "default", node_exp=False)
    addon_ingress_nginx(c, t0 + timedelta(days=1), {"ip": "20.50.2.81", "ipMode": "VIP"})
    addon_cert_manager(c, t0 + timedelta(days=1))
    addon_argocd(c, t0 + timedelta(days=2))
    addon_flux(c, t0 + timedelta(days=2))
    ns = "cart"
    tc = c.ago(d=280)
    c.namespace(ns, tc, labels={"team": "cart"})
    c.helm(ns, "cart", tc, revs=5)
    c.secret(ns, "cart-redis", ["redis-password"], tc)
    c.cm(ns, "cart-redis-configuration", {"redis.conf": "appendonly yes\nsave \"\"\n"}, tc)
    rl = sel_of("redis", "cart", "master")
    c.service(ns, "cart-redis-headless", sel_of("redis", "cart"), [("tcp-redis", 6379, "redis")], tc, headless=True)
    st = {"node_lost": lost, "deleting": evict, "ctr": {"redis": RUN(since=c.ago(d=12), ready=True)}}
    o = simple_sts(c, ns, "cart-redis-master", "docker.io/bitnami/redis:7.2.5-debian-12-r0", 1, tc, [("redis", 6379)], "managed-csi-premium", "16Gi",
                   labels=dict(rl, **{"app.kubernetes.io/managed-by": "Helm"}), pods=[{"node": bad, "created": c.ago(d=12), "st": st,
                                                                                     "pvc_created": tc + timedelta(minutes=1)}],
                   client_svc=False, cname="redis", vct="redis-data", sa="cart-redis", hl_name="cart-redis-headless", make_hl=False)
    c.service(ns, "cart-redis-master", rl, [("tcp-redis", 6379, "redis")], tc)
    rp = o["pods"][0]
    c.event(rp, "TaintManagerEviction", "Marking for deletion Pod %s/%s" % (ns, rp["metadata"]["name"]), comp="taint-eviction-controller",
            first=evict, last=evict)
    c.event(rp, "NodeNotReady", "Node is not ready", "Warning", comp="node-controller", first=lost, last=lost)
    nd = c.nodeinfo[bad]["obj"]
    c.event(nd, "NodeNotReady", "Node %s status is now: NodeNotReady" % bad, comp="node-controller", first=lost, last=lost)
    # a stateless app that had a replica on the lost node: old pod Terminating, replacement already running elsewhere
    tpl = PT({"app.kubernetes.io/name": "cart-api"}, [C("cart-api", "acmecart.azurecr.io/cart/cart-api:7.7.1", ports=[("http", 8080)], req=("200m", "256Mi"),
                                                       env=[E("REDIS_ADDR", "cart-redis-master:6379"), ESec("REDIS_PASSWORD", "cart-redis", "redis-password")],
                                                       rp=probe_http("/ready", "http"))])
    others = [x for x in users if x != bad]
    cst = []
    for i in range(3):
        cst.append({"ctr": {"cart-api": RUN(since=c.ago(d=3), ready=False)}, "unready_t": lost + timedelta(seconds=30)})
    dep = c.deployment(ns, "cart-api", tpl, 3, tc, rsets=[{"rev": 9, "replicas": 3, "created": c.ago(d=3, m=5), "pods": [
        {"node": others[0], "created": c.ago(d=3), "st": cst[0]}, {"node": others[1], "created": c.ago(d=3), "st": cst[1]},
        {"node": bad, "created": c.ago(d=3), "st": {"node_lost": lost, "deleting": evict}},
        {"node": others[2], "created": evict + timedelta(seconds=1), "st": cst[2]}]}])
    c.service(ns, "cart-api", {"app.kubernetes.io/name": "cart-api"}, [("http", 80, "http")], tc)
    for p in dep["pods"]:
        if p["spec"]["nodeName"] != bad:
            c.event(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", "Warning", host=p["spec"]["nodeName"],
                    first=lost + timedelta(seconds=30), last=c.ago(s=c.rng.randint(2, 20)), count=300, fpath="spec.containers{cart-api}")
    c.ingress(ns, "cart-api", "cart.acmeshop.example", "cart-api", 80, tc, lb={"ip": "20.50.2.81"})
    noise_sandbox(c, c.ago(d=30), "sandbox", "redis-commander", "rediscommander/redis-commander:9.9", "imagepull", days=6)
    truth = {"fault": "node-notready-statefulset-pod-stuck-terminating",
             "symptom": "cart service can't reach redis for ~45 minutes, cart api pods are all unready",
             "root_cause": {"kind": "Node", "namespace": "", "name": bad},
             "explanation": "Node %s stopped posting status 52 minutes ago (Ready=Unknown, unreachable taints). The taint manager "
                            "marked cart-redis-master-0 for deletion, but a StatefulSet pod on an unreachable node stays Terminating "
                            "until the kubelet confirms, so no replacement is created; Service cart-redis-master has no ready "
                            "endpoint and cart-api fails readiness. Recover or remove the node (deleting the Node object releases the "
                            "pod and its disk)." % bad}
    return c, truth



@incident("resourcequota-storage-exhausted", "openshift")
def inc_quota_storage(n):
    c = new_cluster(n, mkplat("openshift", kubelet="v1.27.16+03a907c"), "2026-01-26T14:44:31Z")
    t0 = c.ago(d=420)
    kube_base(c, t0, ["10.40.12.6"], 6443)
    nodes_ocp(c, t0, 3, 4, infra="q9m4t")
    system_ocp(c, t0)
    te = t0 + timedelta(days=5)
    c.namespace("elastic-system", te, ann={"openshift.io/sa.scc.uid-range": "1000720000/10000", "openshift.io/sa.scc.supplemental-groups": "1000720000/10000"})
    c.sa("elastic-system", "elastic-operator", te)
    c.service("elastic-system", "elastic-webhook-server", {"control-plane": "elastic-operator"}, [("https", 443, 9443)], te)
    simple_sts(c, "elastic-system", "elastic-operator", "docker.elastic.co/eck/eck-operator:2.13.0", 1, te, [("https", 9443)], None, None,
               labels={"control-plane": "elastic-operator"}, client_svc=False, sa="elastic-operator", vct="tmp", mount="/tmp",
               vols=[V_empty("tmp")], make_hl=False, req=("100m", "150Mi"), lim=("1", "1Gi"))
    ns = "search"
    ts = c.ago(d=300)
    ann = {"openshift.io/sa.scc.mcs": "s0:c29,c4", "openshift.io/sa.scc.supplemental-groups": "1000800000/10000",
           "openshift.io/sa.scc.uid-range": "1000800000/10000"}
    c.namespace(ns, ts, labels={"team": "observability"}, ann=ann)
    hard = {"persistentvolumeclaims": "12", "requests.storage": "2000Gi"}
    rq = c.quota(ns, "search-storage", hard, ts, labels={"quota.acme.io/tier": "gold"})
    es = c.crd("elasticsearch.k8s.elastic.co/v1", "Elasticsearch", ns, "logs", ts)
    for s_ in ("logs-es-elastic-user", "logs-es-internal-users", "logs-es-http-certs-internal", "logs-es-transport-certs-public"):
        c.secret(ns, s_, ["tls.crt"] if "certs" in s_ else ["elastic"], ts, owner=es)
    base = {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": "logs"}
    c.service(ns, "logs-es-http", base, [("https", 9200, 9200)], ts, labels=base)
    c.service(ns, "logs-es-transport", base, [("tls-transport", 9300, 9300)], ts, headless=True, labels=base)
    for s_ in ("logs-es-http", "logs-es-transport"):
        c.get("Service", ns, s_)["metadata"]["ownerReferences"] = [oref(es)]
    scale = c.ago(m=37)
    for nset, rep, size, pods in (("master", 3, "10Gi", None), ("data", 4, "500Gi", "short")):
        lab = dict(base, **{"elasticsearch.k8s.elastic.co/statefulset-name": "logs-es-" + nset})
        c.service(ns, "logs-es-" + nset, lab, [("https", 9200, 9200)], ts, headless=True, labels=lab)
        c.get("Service", ns, "logs-es-" + nset)["metadata"]["ownerReferences"] = [oref(es)]
        pl = None
        if pods:
            pl = [{"node": x} for x in c.pick(3)] + [None]
        o = simple_sts(c, ns, "logs-es-" + nset, "docker.elastic.co/elasticsearch/elasticsearch:8.14.3", rep, ts,
                       [("https", 9200), ("transport", 9300)], "thin-csi", size, labels=lab, pods=pl, owner=es, client_svc=False, make_hl=False,
                       cname="elasticsearch", vct="elasticsearch-data", mount="/usr/share/elasticsearch/data", pmp="Parallel",
                       req=("2", "8Gi") if nset == "data" else ("500m", "2Gi"), lim=("4", "8Gi") if nset == "data" else ("1", "2Gi"),
                       rp=probe_exec(["bash", "-c", "/mnt/elastic-internal/scripts/readiness-port-script.sh"], period=5, fail=3, delay=10, timeout=5),
                       hl_name="logs-es-" + nset, psc={})
        if nset == "data":
            data = o
    used = sum(q_mem(p["spec"]["resources"]["requests"]["storage"]) for p in c.items["persistentvolumeclaims"] if p["metadata"]["namespace"] == ns)
    fmsg = ('create Claim elasticsearch-data-logs-es-data-3 for Pod logs-es-data-3 in StatefulSet logs-es-data failed error: persistentvolumeclaims '
            '"elasticsearch-data-logs-es-data-3" is forbidden: exceeded quota: search-storage, requested: requests.storage=500Gi, used: '
            'requests.storage=%s, limited: requests.storage=2000Gi' % f_mem(used))
    c.event(data["sts"], "FailedCreate", fmsg, "Warning", comp="statefulset-controller", first=scale + timedelta(seconds=4),
            last=c.ago(s=c.rng.randint(5, 90)), count=c.rng.randint(27, 33))
    c.event(es, "Unexpected", "Could not update cluster license: elasticsearch client failed for https://logs-es-internal-http.search.svc:9200/_license", "Warning",
            comp="elasticsearch-controller", first=c.ago(d=0, h=0, m=50), last=c.ago(m=50)) if False else None
    c.namespace("logging-shippers", ts, ann=dict(ann, **{"openshift.io/sa.scc.uid-range": "1000810000/10000"}))
    sysds(c, "logging-shippers", "filebeat", "docker.elastic.co/beats/filebeat:8.14.3", ts, labels={"app": "filebeat"}, sa="filebeat",
          prio=None, req=("100m", "200Mi"), tols=(("Exists", "NoSchedule"),), env=[E("ELASTICSEARCH_HOST", "logs-es-http.search.svc")])
    c.namespace("kibana", ts, ann=ann)
    app_dep(c, "kibana", "logs-kb", "docker.elastic.co/kibana/kibana:8.14.3", 1, ts, port=5601, rev=5, psc={})
    c.omit = {"cronjobs", "endpointslices"}
    truth = {"fault": "resourcequota-storage-exhausted",
             "symptom": "the logging Elasticsearch cluster stays yellow after we scaled the data tier to 4 nodes, the fourth data node never appears",
             "root_cause": {"kind": "ResourceQuota", "namespace": ns, "name": "search-storage"},
             "explanation": "StatefulSet logs-es-data wants 4 replicas but has 3 pods; statefulset-controller cannot create the volume "
                            "claim for ordinal 3: 'exceeded quota: search-storage, requested: requests.storage=500Gi, used: "
                            "requests.storage=%s, limited: requests.storage=2000Gi'. Raise requests.storage in ResourceQuota "
                            "search/search-storage (or use smaller data volumes)." % f_mem(used)}
    return c, truth


@incident("serviceaccount-token-automount-disabled", "kubeadm")
def inc_sa_automount(n):
    c = new_cluster(n, mkplat("kubeadm", kubelet="v1.28.14"), "2026-03-26T20:05:48Z")
    t0 = c.ago(d=560)
    kube_base(c, t0, ["10.70.1.10", "10.70.1.11", "10.70.1.12"], 6443)
    nodes_kubeadm(c, t0, 3, 5, prefix="fin-k8s", net="10.70.1.", cni_pfx="10.0.")
    ws = c.nodes_in("worker")
    mnt = c.ago(m=33)
    system_kubeadm(c, t0, cni="cilium", ver="v1.28.14")
    addon_openebs(c, t0 + timedelta(days=1), base="/mnt/nvme/openebs")
    addon_metallb(c, t0 + timedelta(days=1))
    addon_monitoring(c, t0 + timedelta(days=2), "openebs-hostpath", node_exp=False)
    addon_kyverno(c, t0 + timedelta(days=200))
    addon_cert_manager(c, t0 + timedelta(days=2))
    to = t0 + timedelta(days=3)
    c.namespace("postgres-operator", to)
    sysdep(c, "postgres-operator", "postgres-operator", "ghcr.io/zalando/postgres-operator:v1.12.2", 1, to, labels={"app.kubernetes.io/name": "postgres-operator"},
           sa="postgres-operator", req=("100m", "250Mi"), lim=("500m", "500Mi"), tmp="File", ports=[("http", 8080)], svc=True,
           env=[E("CONFIG_MAP_NAME", "postgres-operator")])
    c.cm("postgres-operator", "postgres-operator", {"pod_service_account_name": "postgres-pod", "enable_pod_antiaffinity": "true",
                                                    "kubernetes_use_configmaps": "false", "docker_image": "ghcr.io/zalando/spilo-16:3.2-p3"}, to)
    ns = "billing-db"
    tb = c.ago(d=400)
    c.namespace(ns, tb, labels={"team": "billing"})
    c.sa(ns, "postgres-pod", tb, automount=False, ann={"policies.kyverno.io/last-applied-patches": "disable-automount-sa-token.restrict-sa-automount.kyverno.io: replaced /automountServiceAccountToken\n"})
    cl = "acid-billing"
    pg = c.crd("acid.zalan.do/v1", "postgresql", ns, cl, tb)
    for u in ("postgres", "standby", "billing"):
        c.secret(ns, "%s.%s.credentials.postgresql.acid.zalan.do" % (u, cl), ["password", "username"], tb, owner=pg,
                 labels={"application": "spilo", "cluster-name": cl, "team": "acid"})
    lab = {"application": "spilo", "cluster-name": cl, "team": "acid"}
    c.service(ns, cl, None, [("postgresql", 5432, 5432)], tb, labels=dict(lab, **{"spilo-role": "master"}))
    c.endpoints(ns, cl, None, tb, labels=dict(lab, **{"spilo-role": "master"}),
                ann={"acquireTime": rfc(c.ago(d=3)), "leader": "", "optime": "118255443968", "renewTime": rfc(mnt - timedelta(seconds=10)),
                     "transitions": "7", "ttl": "30"})
    c.service(ns, cl + "-config", None, [], tb, headless=True, labels=lab)
    c.endpoints(ns, cl + "-config", None, tb, labels=lab, ann={"config": "{\"postgresql\":{\"parameters\":{\"max_connections\":\"400\"}}}", "initialize": "7290413397112338477"})
    c.service(ns, cl + "-repl", dict(lab, **{"spilo-role": "replica"}), [("postgresql", 5432, 5432)], tb, labels=dict(lab, **{"spilo-role": "replica"}))
    for sv in (cl, cl + "-config", cl + "-repl"):
        c.get("Service", ns, sv)["metadata"]["ownerReferences"] = [oref(pg)]
    tmsg = ("2026-03-26 20:0%d:%02d,412 - bootstrapping - INFO - Figuring out my environment (Google? AWS? Openstack? Local?)\n"
            "Traceback (most recent call last):\n  File \"/usr/local/bin/patroni\", line 8, in <module>\n    sys.exit(main())\n"
            "  File \"/usr/local/lib/python3/dist-packages/patroni/dcs/kubernetes.py\", line 248, in load_incluster_config\n"
            "    raise k8s_config.ConfigException('Service token file does not exists.')\n"
            "patroni.dcs.kubernetes.K8sConfig.ConfigException: Service token file does not exists.\n")
    pods = []
    for i in range(2):
        lt = c.ago(m=c.rng.randint(0, 4), s=c.rng.randint(3, 59))
        pods.append({"node": ws[2 + i], "created": mnt + timedelta(seconds=20 + i * 30), "pvc_created": tb + timedelta(minutes=1),
                     "st": {"ctr": {"postgres": CRASH(10 + i, LAST(1, "Error", lt - timedelta(seconds=3), lt, tmsg % (max(0, lt.minute - 0) % 10, lt.second)))}}})
    o = simple_sts(c, ns, cl, "ghcr.io/zalando/spilo-16:3.2-p3", 2, tb, [("postgresql", 5432), ("patroni", 8008)], "openebs-hostpath", "200Gi",
                   labels=lab, pods=pods, client_svc=False, make_hl=False, sa="postgres-pod", cname="postgres", vct="pgdata",
                   mount="/home/postgres/pgdata", req=("1", "4Gi"), lim=("2", "4Gi"), hl_name=cl + "-config",
                   env=[E("SCOPE", cl), E("PGROOT", "/home/postgres/pgdata/pgroot"), E("KUBERNETES_SCOPE_LABEL", "cluster-name"),
                        E("KUBERNETES_ROLE_LABEL", "spilo-role"), E("KUBERNETES_USE_CONFIGMAPS", "false"), EField("POD_IP", "status.podIP"),
                        ESec("PGPASSWORD_SUPERUSER", "postgres.%s.credentials.postgresql.acid.zalan.do" % cl, "password")],
                   rp=probe_http("/readiness", 8008, period=10, fail=3, delay=6, timeout=5), psc={"fsGroup": 103}, owner=pg)
    for p in o["pods"]:
        ev_backoff(c, p, "postgres", mnt + timedelta(minutes=2), c.ago(s=c.rng.randint(3, 60)), c.rng.randint(140, 160))
    for i in range(2):
        g = c.ghost("Pod", ns, "%s-%d" % (cl, i), c.uid())
        c.event(g, "Killing", "Stopping container postgres", host=ws[2 + i], first=mnt - timedelta(seconds=30), last=mnt - timedelta(seconds=30),
                fpath="spec.containers{postgres}")
    c.namespace("billing", tb, labels={"team": "billing"})
    c.secret("billing", "billing-db", ["password"], tb)
    cip = c.get("Service", ns, cl)["spec"]["clusterIP"]
    msg = lambda lt: "pq: dial tcp %s:5432: connect: connection refused\nbilling-api: cannot start without database\n" % cip
    app_crashers(c, "billing", "billing-api", "harbor.fin.example.com/billing/billing-api:11.0.4", 3, tb, msg, rev=40, first=mnt + timedelta(minutes=1),
                 env=[E("PGHOST", "%s.%s.svc" % (cl, ns)), ESec("PGPASSWORD", "billing-db", "password")], restarts=(9, 12))
    noise_sandbox(c, c.ago(d=40), "sandbox", "pg-exporter-test", "quay.io/prometheuscommunity/postgres-exporter:v0.99.0", "imagepull", days=9)
    c.omit = {"ingresses"}
    truth = {"fault": "serviceaccount-token-automount-disabled",
             "symptom": "billing database cluster won't come back after the node maintenance half an hour ago; both postgres pods crash-loop",
             "root_cause": {"kind": "ServiceAccount", "namespace": ns, "name": "postgres-pod"},
             "explanation": "The Spilo/Patroni pods of acid-billing were recreated by the maintenance and crash with 'Service token file "
                            "does not exists': Patroni uses the Kubernetes API as its DCS but the pods have no projected "
                            "kube-api-access volume. Their ServiceAccount billing-db/postgres-pod now has automountServiceAccountToken: "
                            "false (patched by a Kyverno hardening policy, see annotation). With no leader, the acid-billing Endpoints "
                            "are empty and billing-api is refused. Re-enable token automount on the ServiceAccount (or exempt it from "
                            "the policy)."}
    return c, truth


# ============================================================================= main
def dir_hash(root):
    h = hashlib.sha256()
    for dp, dn, fn in sorted(os.walk(root)):
        dn.sort()
        for f in sorted(fn):
            p = os.path.join(dp, f)
            rel = os.path.relpath(p, root).replace(os.sep, "/")
            h.update(rel.encode() + b"\0")
            with open(p, "rb") as fh:
                h.update(fh.read())
            h.update(b"\0")
    return h.hexdigest()


def build(out=OUT, only=None):
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    ghosts, meta = {}, []
    for i, (fn, fault, plat) in enumerate(INCIDENTS, 1):
        iid = "k6-%02d" % i
        if only and iid not in only:
            continue
        c, truth = fn(i)
        auto_events(c)
        c.finalize()
        t = {"id": iid, "fault": truth["fault"], "symptom": truth["symptom"], "root_cause": truth["root_cause"],
             "explanation": truth["explanation"]}
        c.write(os.path.join(out, iid), t)
        ghosts[iid] = c.ghosts
        meta.append({"id": iid, "fault": truth["fault"], "root_cause": truth["root_cause"], "platform": c.P["label"]})
    return ghosts, meta


def main(argv):
    if "--hash" in argv:
        if not os.path.isdir(OUT):
            build()
        print(dir_hash(OUT))
        return 0
    only = [a for a in argv if a.startswith("k6-")]
    ghosts, meta = build(only=only or None)
    if "--check" not in argv:
        print("wrote %d incidents to %s" % (len(meta), OUT))
        return 0
    errs, stats = [], []
    for m in meta:
        e, s = check_bundle(os.path.join(OUT, m["id"]), ghosts[m["id"]])
        errs += e
        stats.append((m, s))
    for m, s in stats:
        rc = m["root_cause"]
        print("%s  %-34s %-22s %-45s pods=%-3d ns=%-2d files=%d" % (m["id"], m["fault"], m["platform"][:22],
                                                                  "%s/%s/%s" % (rc["kind"], rc["namespace"], rc["name"]),
                                                                  s["pods"], s["namespaces"], s["kinds"]))
    faults = {m["fault"] for m in meta}
    kinds = {m["root_cause"]["kind"].lower() for m in meta}
    if not only:
        if len(meta) != 30:
            errs.append("expected 30 incidents, got %d" % len(meta))
        if len(faults) < 20:
            errs.append("only %d fault types" % len(faults))
        if len(kinds) < 12:
            errs.append("only %d root-cause kinds" % len(kinds))
    h1 = dir_hash(OUT)
    build(only=only or None)
    h2 = dir_hash(OUT)
    if h1 != h2:
        errs.append("rebuild is not byte-identical (%s != %s)" % (h1, h2))
    print("incidents=%d fault_types=%d root_cause_kinds=%d" % (len(meta), len(faults), len(kinds)))
    print("hash %s" % h2)
    if errs:
        for e in errs:
            print("FAIL", e)
        print("CHECK FAILED (%d problems)" % len(errs))
        return 1
    print("CHECK OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

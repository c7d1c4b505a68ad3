#!/usr/bin/env python3
"""Generator for the k5 evaluation set of Kubernetes database incidents.

Standard library only and fully deterministic (fixed seeds, fixed snapshot times).

    python3 make.py            # writes incidents/k5-01 .. k5-30
    python3 make.py --check    # rebuild, assert internal consistency, rebuild again, compare hashes
    python3 make.py --hash     # sha256 over incidents/ (relative paths + contents)
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
import uuid
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "incidents")
PREFIX = "k5"

PLURAL_KIND = {
    "namespaces": "Namespace", "nodes": "Node", "pods": "Pod", "deployments": "Deployment",
    "replicasets": "ReplicaSet", "statefulsets": "StatefulSet", "daemonsets": "DaemonSet",
    "jobs": "Job", "cronjobs": "CronJob", "services": "Service", "endpoints": "Endpoints",
    "endpointslices": "EndpointSlice", "persistentvolumeclaims": "PersistentVolumeClaim",
    "persistentvolumes": "PersistentVolume", "storageclasses": "StorageClass",
    "configmaps": "ConfigMap", "secrets": "Secret", "ingresses": "Ingress",
    "networkpolicies": "NetworkPolicy", "serviceaccounts": "ServiceAccount",
    "resourcequotas": "ResourceQuota", "events": "Event",
}
KIND_PLURAL = {v: k for k, v in PLURAL_KIND.items()}
API_VERSION = {
    "Deployment": "apps/v1", "ReplicaSet": "apps/v1", "StatefulSet": "apps/v1", "DaemonSet": "apps/v1",
    "ControllerRevision": "apps/v1", "Job": "batch/v1", "CronJob": "batch/v1",
    "EndpointSlice": "discovery.k8s.io/v1", "StorageClass": "storage.k8s.io/v1",
    "Ingress": "networking.k8s.io/v1", "NetworkPolicy": "networking.k8s.io/v1",
}
CLUSTER_SCOPED = {"Namespace", "Node", "PersistentVolume", "StorageClass"}
OPTIONAL_PLURALS = ["resourcequotas", "networkpolicies", "endpointslices", "ingresses", "cronjobs"]
# CRD owners that may appear in ownerReferences without being bundled
CRD_OWNERS = {
    "Cluster", "postgresql", "StrimziPodSet", "Kafka", "PerconaXtraDBCluster", "PerconaServerMongoDB",
    "MongoDBCommunity", "Elasticsearch", "Kibana", "ClickHouseInstallation", "ClickHouseKeeperInstallation",
    "Prometheus", "Alertmanager", "CephCluster", "HelmChart", "Pooler", "Backup", "ScheduledBackup",
    "ExternalSecret", "InstanceManager",
}
RAND_ALPHA = "bcdfghjklmnpqrstvwxz2456789"


def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def micro(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_ts(s):
    if "." in s:
        return datetime.strptime(s, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def cpu_m(q):
    q = str(q)
    if q.endswith("m"):
        return int(q[:-1])
    return int(round(float(q) * 1000))


MEM_SUFFIX = {"Ki": 1024, "Mi": 1024 ** 2, "Gi": 1024 ** 3, "Ti": 1024 ** 4, "k": 1000, "M": 1000 ** 2, "G": 1000 ** 3}


def mem_b(q):
    q = str(q)
    for s in ("Ki", "Mi", "Gi", "Ti"):
        if q.endswith(s):
            return int(float(q[:-2]) * MEM_SUFFIX[s])
    for s in ("k", "M", "G"):
        if q.endswith(s):
            return int(float(q[:-1]) * MEM_SUFFIX[s])
    return int(q)


def fmt_cpu(m):
    return str(m // 1000) if m % 1000 == 0 else "%dm" % m


def fmt_mem(b):
    for s in ("Ti", "Gi", "Mi", "Ki"):
        if b and b % MEM_SUFFIX[s] == 0:
            return "%d%s" % (b // MEM_SUFFIX[s], s)
    return str(b)


def labels_match(selector, labels):
    """selector: dict (matchLabels-style) or LabelSelector with matchLabels/matchExpressions"""
    if selector is None:
        return False
    if "matchLabels" in selector or "matchExpressions" in selector:
        ml = selector.get("matchLabels") or {}
        exprs = selector.get("matchExpressions") or []
    else:
        ml, exprs = selector, []
    labels = labels or {}
    for k, v in ml.items():
        if labels.get(k) != v:
            return False
    for e in exprs:
        op, k, vals = e["operator"], e["key"], e.get("values") or []
        if op == "In" and labels.get(k) not in vals:
            return False
        if op == "NotIn" and labels.get(k) in vals:
            return False
        if op == "Exists" and k not in labels:
            return False
        if op == "DoesNotExist" and k in labels:
            return False
    return True


def node_selector_terms_match(terms, node):
    """nodeSelectorTerms are ORed, expressions within a term ANDed."""
    labels = node["metadata"].get("labels", {})
    for t in terms:
        ok = True
        for e in t.get("matchExpressions", []):
            if not labels_match({"matchExpressions": [e]}, labels):
                ok = False
        for e in t.get("matchFields", []):
            if e["key"] == "metadata.name":
                if e["operator"] == "In" and node["metadata"]["name"] not in e["values"]:
                    ok = False
        if ok:
            return True
    return False


def tolerates(tolerations, taint):
    for t in tolerations or []:
        if t.get("effect") and t["effect"] != taint["effect"]:
            continue
        if t.get("operator") == "Exists":
            if not t.get("key") or t["key"] == taint["key"]:
                return True
        elif t.get("key") == taint["key"] and t.get("value", "") == taint.get("value", ""):
            return True
    return False


def pod_ready(pod):
    for c in pod.get("status", {}).get("conditions", []):
        if c["type"] == "Ready":
            return c["status"] == "True"
    return False


def find_port(pod, target):
    """resolve a service targetPort against a pod (int or named port)"""
    if isinstance(target, int):
        return target
    for c in pod["spec"]["containers"]:
        for p in c.get("ports", []):
            if p.get("name") == target:
                return p["containerPort"]
    return None


# ----------------------------------------------------------------------------------------------
# object helpers
# ----------------------------------------------------------------------------------------------

def C(name, image, ports=None, req=None, lim=None, env=None, envFrom=None, mounts=None, args=None,
      command=None, readiness=None, liveness=None, startup=None, sc=None, tmp_policy="File", pull=None):
    """a container as the API server stores it (defaults filled)"""
    c = {"name": name, "image": image}
    c["imagePullPolicy"] = pull or ("Always" if image.endswith(":latest") else "IfNotPresent")
    if command:
        c["command"] = command
    if args:
        c["args"] = args
    if ports:
        c["ports"] = []
        for p in ports:
            d = {"containerPort": p[1], "name": p[0], "protocol": p[2] if len(p) > 2 else "TCP"}
            if not p[0]:
                del d["name"]
            c["ports"].append(d)
    if env:
        c["env"] = env
    if envFrom:
        c["envFrom"] = envFrom
    res = {}
    if req:
        res["requests"] = {k: v for k, v in (("cpu", req[0]), ("memory", req[1])) if v}
    if lim:
        res["limits"] = {"cpu": lim[0], "memory": lim[1]} if lim[0] else {"memory": lim[1]}
    c["resources"] = res
    for key, pr in (("readinessProbe", readiness), ("livenessProbe", liveness), ("startupProbe", startup)):
        if pr:
            c[key] = pr
    if sc is not None:
        c["securityContext"] = sc
    c["terminationMessagePath"] = "/dev/termination-log"
    c["terminationMessagePolicy"] = tmp_policy
    if mounts:
        c["volumeMounts"] = [{"mountPath": m[1], "name": m[0]} if len(m) == 2 else
                             {"mountPath": m[1], "name": m[0], "readOnly": True} for m in mounts]
    return c


def probe(kind, port=None, path=None, delay=None, period=10, timeout=1, failure=3, command=None):
    p = {"failureThreshold": failure, "periodSeconds": period, "successThreshold": 1, "timeoutSeconds": timeout}
    if delay:
        p["initialDelaySeconds"] = delay
    if kind == "http":
        p["httpGet"] = {"path": path or "/", "port": port, "scheme": "HTTP"}
    elif kind == "tcp":
        p["tcpSocket"] = {"port": port}
    else:
        p["exec"] = {"command": command}
    return p


def env_val(name, value):
    return {"name": name, "value": value}


def env_secret(name, secret, key):
    return {"name": name, "valueFrom": {"secretKeyRef": {"key": key, "name": secret}}}


def env_cm(name, cm, key):
    return {"name": name, "valueFrom": {"configMapKeyRef": {"key": key, "name": cm}}}


def vol_cm(name, cm, items=None, mode=420):
    d = {"configMap": {"defaultMode": mode, "name": cm}, "name": name}
    if items:
        d["configMap"]["items"] = [{"key": k, "path": k} for k in items]
    return d


def vol_secret(name, secret, mode=420):
    return {"name": name, "secret": {"defaultMode": mode, "secretName": secret}}


def vol_pvc(name, claim):
    return {"name": name, "persistentVolumeClaim": {"claimName": claim}}


def vol_empty(name, medium=None, size=None):
    d = {}
    if medium:
        d["medium"] = medium
    if size:
        d["sizeLimit"] = size
    return {"emptyDir": d, "name": name}


def vol_host(name, path, typ=""):
    return {"hostPath": {"path": path, "type": typ}, "name": name}


def T(containers, sa=None, volumes=None, init=None, node_selector=None, tolerations=None, affinity=None,
      host_network=False, priority_class=None, security_context=None, dns_policy=None, automount=None,
      restart="Always", grace=30, labels=None, annotations=None, hostname=None, subdomain=None):
    """a pod template"""
    s = {"containers": containers}
    s["dnsPolicy"] = dns_policy or ("ClusterFirstWithHostNet" if host_network else "ClusterFirst")
    if host_network:
        s["hostNetwork"] = True
    if init:
        s["initContainers"] = init
    if node_selector:
        s["nodeSelector"] = node_selector
    if tolerations:
        s["tolerations"] = tolerations
    if affinity:
        s["affinity"] = affinity
    if priority_class:
        s["priorityClassName"] = priority_class
    if automount is not None:
        s["automountServiceAccountToken"] = automount
    s["restartPolicy"] = restart
    s["schedulerName"] = "default-scheduler"
    s["securityContext"] = security_context or {}
    if sa:
        s["serviceAccount"] = sa
        s["serviceAccountName"] = sa
    s["terminationGracePeriodSeconds"] = grace
    if volumes:
        s["volumes"] = volumes
    md = {"creationTimestamp": None, "labels": dict(labels or {})}
    if annotations:
        md["annotations"] = dict(annotations)
    return {"metadata": md, "spec": s}


PRIORITY = {"system-node-critical": 2000001000, "system-cluster-critical": 2000000000}
DEFAULT_TOLS = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists", "tolerationSeconds": 300},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists", "tolerationSeconds": 300},
]
DS_TOLS = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists"},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/memory-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/pid-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "operator": "Exists"},
]
DS_TOL_NET = {"effect": "NoSchedule", "key": "node.kubernetes.io/network-unavailable", "operator": "Exists"}


def ds_eligible(node, spec):
    """would the DaemonSet controller place a pod of this (defaulted) pod spec on the node"""
    labels = node["metadata"].get("labels", {})
    for k, v in (spec.get("nodeSelector") or {}).items():
        if labels.get(k) != v:
            return False
    req = (((spec.get("affinity") or {}).get("nodeAffinity") or {})
           .get("requiredDuringSchedulingIgnoredDuringExecution") or {}).get("nodeSelectorTerms")
    if req:
        terms = [{"matchExpressions": t.get("matchExpressions", [])} for t in req]
        if not node_selector_terms_match(terms, node):
            return False
    for taint in node["spec"].get("taints", []):
        if taint["effect"] in ("NoSchedule", "NoExecute") and not tolerates(spec.get("tolerations"), taint):
            return False
    return True


# ----------------------------------------------------------------------------------------------
# the cluster builder
# ----------------------------------------------------------------------------------------------

class B:
    def __init__(self, iid, seed, snap, version, platform, runtime="containerd"):
        self.iid = iid
        self.rng = random.Random(seed)
        self.snap = snap
        self.version = version
        self.minor = int(version.split(".")[1])
        self.platform = platform
        self.runtime = runtime
        self.objs = {p: [] for p in PLURAL_KIND}
        self.idx = {}
        self.ghosts = set()
        self.rv = self.rng.randint(2000000, 90000000)
        self.node_net = {}
        self.node_info = {}
        self.sc_info = {}
        self.crd_uids = {}
        self.svc_ips = set()
        self.svc_cidr = None
        self.cluster_domain = "cluster.local"
        self.omit = []
        self.truth = None
        self.components = []
        self.cp_node = None
        self.pod_ips = set()

    # -- basic generators ------------------------------------------------------------------
    def sfx(self, n=5):
        return "".join(self.rng.choice(RAND_ALPHA) for _ in range(n))

    def hexs(self, n):
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def uid(self):
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def nrv(self):
        self.rv += self.rng.randint(1, 4000)
        return str(self.rv)

    def ago(self, days=0, hours=0, minutes=0, seconds=0):
        return self.snap - timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)

    def jitter(self, dt, lo=1, hi=30):
        return dt + timedelta(seconds=self.rng.randint(lo, hi))

    def meta(self, kind, name, ns, created, labels=None, annotations=None, owner=None, finalizers=None, gen=None):
        m = {"creationTimestamp": iso(created), "name": name, "resourceVersion": self.nrv(), "uid": self.uid()}
        if kind not in CLUSTER_SCOPED:
            m["namespace"] = ns
        if labels:
            m["labels"] = dict(labels)
        if annotations:
            m["annotations"] = dict(annotations)
        if owner:
            m["ownerReferences"] = owner if isinstance(owner, list) else [owner]
        if finalizers:
            m["finalizers"] = finalizers
        if gen is not None:
            m["generation"] = gen
        return m

    def add(self, kind, obj):
        obj.setdefault("apiVersion", API_VERSION.get(kind, "v1"))
        obj["kind"] = kind
        key = (kind, obj["metadata"].get("namespace", ""), obj["metadata"]["name"])
        assert key not in self.idx, key
        self.idx[key] = obj
        self.objs[KIND_PLURAL[kind]].append(obj)
        return obj

    def get(self, kind, ns, name):
        return self.idx.get((kind, ns if kind not in CLUSTER_SCOPED else "", name))

    def remove(self, obj, ghost=True):
        kind = obj["kind"]
        key = (kind, obj["metadata"].get("namespace", ""), obj["metadata"]["name"])
        del self.idx[key]
        self.objs[KIND_PLURAL[kind]].remove(obj)
        if ghost:
            self.ghosts.add(key)

    def oref(self, obj, controller=True):
        r = {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": obj["metadata"]["name"],
             "uid": obj["metadata"]["uid"]}
        if controller:
            r["blockOwnerDeletion"] = True
            r["controller"] = True
        return r

    def crd_ref(self, api, kind, ns, name):
        key = (kind, ns, name)
        if key not in self.crd_uids:
            self.crd_uids[key] = self.uid()
        return {"apiVersion": api, "blockOwnerDeletion": True, "controller": True, "kind": kind, "name": name,
                "uid": self.crd_uids[key]}

    def ns_created(self, ns):
        return parse_ts(self.get("Namespace", "", ns)["metadata"]["creationTimestamp"])

    def after_ns(self, ns, dt):
        c = self.ns_created(ns)
        return dt if dt >= c else c + timedelta(seconds=self.rng.randint(5, 90))

    def image_id(self, image):
        repo = image.rsplit(":", 1)[0]
        if "/" not in repo.split("/")[0] or repo.count("/") == 0:
            pass
        h = hashlib.sha256(image.encode()).hexdigest()
        full = repo if "." in repo.split("/")[0] else ("docker.io/" + (repo if "/" in repo else "library/" + repo))
        return "%s@sha256:%s" % (full, h)

    def cid(self):
        return "%s://%s" % (self.runtime, self.hexs(64))

    # -- namespaces, nodes, service accounts ------------------------------------------------
    def namespace(self, name, created, labels=None, annotations=None):
        lb = {"kubernetes.io/metadata.name": name}
        lb.update(labels or {})
        ns = self.add("Namespace", {"metadata": self.meta("Namespace", name, "", created, lb, annotations),
                                    "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": "Active"}})
        self.add("ConfigMap", {"metadata": self.meta("ConfigMap", "kube-root-ca.crt", name, created,
                                                     annotations={"kubernetes.io/description": "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."}),
                               "data": {"ca.crt": self.ca_pem}})
        self.add("ServiceAccount", {"metadata": self.meta("ServiceAccount", "default", name, created)})
        return ns

    def sa(self, ns, name, created=None, labels=None, annotations=None, pull_secrets=None, automount=None):
        created = self.after_ns(ns, created or self.ns_created(ns))
        o = {"metadata": self.meta("ServiceAccount", name, ns, created, labels, annotations)}
        if pull_secrets:
            o["imagePullSecrets"] = [{"name": s} for s in pull_secrets]
        if automount is not None:
            o["automountServiceAccountToken"] = automount
        return self.add("ServiceAccount", o)

    def node(self, name, ip, labels, created, pod_prefix, cidr=None, taints=None, unschedulable=False,
             cpu=8, mem_gi=32, max_pods=110, provider_id=None, os_image="Ubuntu 22.04.4 LTS",
             kernel="5.15.0-113-generic", role="worker", zone=None, net_cond=None, hostname=None,
             external_ip=None, runtime_version=None, ready_since=None, kubelet_version=None):
        lb = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
              "kubernetes.io/hostname": hostname or name, "kubernetes.io/os": "linux"}
        lb.update(labels)
        ann = {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
        spec = {}
        if cidr:
            spec["podCIDR"] = cidr
            spec["podCIDRs"] = [cidr]
        if provider_id:
            spec["providerID"] = provider_id
        if taints:
            spec["taints"] = taints
        if unschedulable:
            spec["unschedulable"] = True
        alloc_mem = mem_gi * 1024 * 1024 - 1200 * 1024 - mem_gi * 12 * 1024
        ready_since = ready_since or (created + timedelta(seconds=self.rng.randint(20, 80)))
        hb = self.snap - timedelta(seconds=self.rng.randint(5, 200))
        conds = [
            {"lastHeartbeatTime": iso(hb), "lastTransitionTime": iso(ready_since - timedelta(seconds=9)),
             "message": "kubelet has sufficient memory available", "reason": "KubeletHasSufficientMemory",
             "status": "False", "type": "MemoryPressure"},
            {"lastHeartbeatTime": iso(hb), "lastTransitionTime": iso(ready_since - timedelta(seconds=9)),
             "message": "kubelet has no disk pressure", "reason": "KubeletHasNoDiskPressure",
             "status": "False", "type": "DiskPressure"},
            {"lastHeartbeatTime": iso(hb), "lastTransitionTime": iso(ready_since - timedelta(seconds=9)),
             "message": "kubelet has sufficient PID available", "reason": "KubeletHasSufficientPID",
             "status": "False", "type": "PIDPressure"},
            {"lastHeartbeatTime": iso(hb), "lastTransitionTime": iso(ready_since),
             "message": "kubelet is posting ready status", "reason": "KubeletReady", "status": "True", "type": "Ready"},
        ]
        if net_cond:
            conds.insert(0, {"lastHeartbeatTime": iso(ready_since), "lastTransitionTime": iso(ready_since),
                             "message": net_cond[1], "reason": net_cond[0], "status": "False",
                             "type": "NetworkUnavailable"})
        addrs = [{"address": ip, "type": "InternalIP"}]
        if external_ip:
            addrs.append({"address": external_ip, "type": "ExternalIP"})
        addrs.append({"address": hostname or name, "type": "Hostname"})
        st = {
            "addresses": addrs,
            "allocatable": {"cpu": "%dm" % (cpu * 1000 - 90 - cpu * 10), "ephemeral-storage": "95491281146",
                            "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": "%dKi" % alloc_mem,
                            "pods": str(max_pods)},
            "capacity": {"cpu": str(cpu), "ephemeral-storage": "103605940Ki", "hugepages-1Gi": "0",
                         "hugepages-2Mi": "0", "memory": "%dKi" % (mem_gi * 1024 * 1024 - 180 * 1024),
                         "pods": str(max_pods)},
            "conditions": conds,
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {"architecture": "amd64", "bootID": self.uid(),
                         "containerRuntimeVersion": runtime_version or "containerd://1.7.%d" % self.rng.randint(11, 20),
                         "kernelVersion": kernel, "kubeProxyVersion": kubelet_version or self.version,
                         "kubeletVersion": kubelet_version or self.version,
                         "machineID": self.hexs(32), "operatingSystem": "linux", "osImage": os_image,
                         "systemUUID": self.uid()},
        }
        n = self.add("Node", {"metadata": self.meta("Node", name, "", created, lb, ann), "spec": spec, "status": st})
        self.node_net[name] = [pod_prefix, set()]
        self.node_info[name] = {"ip": ip, "role": role, "zone": zone}
        return n

    def node_ready(self, name):
        n = self.get("Node", "", name)
        for c in n["status"]["conditions"]:
            if c["type"] == "Ready":
                return c["status"] == "True"
        return False

    def pod_ip(self, node):
        pref, used = self.node_net[node]
        while True:
            if isinstance(pref, tuple):  # (a.b.c., lo, hi)
                ip = pref[0] + str(self.rng.randint(pref[1], pref[2]))
            else:
                ip = pref + str(self.rng.randint(2, 250))
            if ip not in self.pod_ips:
                self.pod_ips.add(ip)
                used.add(ip)
                return ip

    def svc_ip(self):
        base, lo3, hi3 = self.svc_cidr
        while True:
            ip = "%s%d.%d" % (base, self.rng.randint(lo3, hi3), self.rng.randint(1, 254))
            if ip not in self.svc_ips:
                self.svc_ips.add(ip)
                return ip

    def workers(self):
        return [n["metadata"]["name"] for n in self.objs["nodes"] if self.node_info[n["metadata"]["name"]]["role"] == "worker"]

    def sched_ok(self, spec, nname):
        node = self.get("Node", "", nname)
        if node["spec"].get("unschedulable"):
            return False
        if not self.node_ready(nname):
            return False
        lb = node["metadata"]["labels"]
        for k, v in (spec.get("nodeSelector") or {}).items():
            if lb.get(k) != v:
                return False
        req = (((spec.get("affinity") or {}).get("nodeAffinity") or {})
               .get("requiredDuringSchedulingIgnoredDuringExecution") or {}).get("nodeSelectorTerms")
        if req and not node_selector_terms_match(req, node):
            return False
        for taint in node["spec"].get("taints", []):
            if taint["effect"] in ("NoSchedule", "NoExecute") and not tolerates(spec.get("tolerations"), taint):
                return False
        return True

    def place(self, spec, n, avoid=None):
        cands = [x for x in sorted(self.node_info) if self.sched_ok(spec, x) and x not in (avoid or [])]
        assert cands, ("no node for", spec.get("nodeSelector"), self.iid)
        self.rng.shuffle(cands)
        return [cands[i % len(cands)] for i in range(n)]

    # -- pods ------------------------------------------------------------------------------------
    def mkpod(self, ns, name, tmpl, created, node, owner=None, labels=None, annotations=None, mode="running",
              hostname=None, subdomain=None, extra_spec=None, **kw):
        spec = copy.deepcopy(tmpl["spec"])
        lb = dict(tmpl["metadata"].get("labels") or {})
        lb.update(labels or {})
        ann = dict(tmpl["metadata"].get("annotations") or {})
        ann.update(annotations or {})
        if self.platform == "openshift":
            ann.setdefault("openshift.io/scc", "restricted-v2" if not spec.get("hostNetwork") else "hostnetwork-v2")
        sa_name = spec.get("serviceAccountName") or "default"
        spec["serviceAccount"] = sa_name
        spec["serviceAccountName"] = sa_name
        sa = self.get("ServiceAccount", ns, sa_name)
        if sa is not None and sa.get("imagePullSecrets") and not spec.get("imagePullSecrets"):
            spec["imagePullSecrets"] = copy.deepcopy(sa["imagePullSecrets"])
        automount = spec.get("automountServiceAccountToken")
        if automount is None and sa is not None:
            automount = sa.get("automountServiceAccountToken")
        if automount is not False:
            vname = "kube-api-access-" + self.sfx()
            spec.setdefault("volumes", []).append({"name": vname, "projected": {"defaultMode": 420, "sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
                {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"},
                                            "path": "namespace"}]}}]}})
            for c in spec["containers"] + spec.get("initContainers", []):
                c.setdefault("volumeMounts", []).append(
                    {"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": vname, "readOnly": True})
        spec.setdefault("enableServiceLinks", True)
        spec.setdefault("preemptionPolicy", "PreemptLowerPriority")
        spec["priority"] = PRIORITY.get(spec.get("priorityClassName"), 0)
        tols = list(spec.get("tolerations") or [])
        for t in DEFAULT_TOLS:
            if not any(x.get("key") == t["key"] and x.get("effect") == t["effect"] for x in tols):
                tols.append(dict(t))
        spec["tolerations"] = tols
        if hostname:
            spec["hostname"] = hostname
        if subdomain:
            spec["subdomain"] = subdomain
        if extra_spec:
            spec.update(extra_spec)
        if node and mode != "pending":
            spec["nodeName"] = node
            nc = parse_ts(self.get("Node", "", node)["metadata"]["creationTimestamp"])
            if created < nc + timedelta(seconds=20):
                created = nc + timedelta(seconds=self.rng.randint(30, 400))
        created = self.after_ns(ns, created)
        md = self.meta("Pod", name, ns, created, lb, ann or None, owner)
        pod = {"metadata": md, "spec": spec, "status": {}}
        self.add("Pod", pod)
        self.set_status(pod, mode, **kw)
        return pod

    def qos(self, spec):
        cs = spec["containers"] + spec.get("initContainers", [])
        anyset = False
        guaranteed = True
        for c in cs:
            r = c.get("resources", {})
            if r.get("requests") or r.get("limits"):
                anyset = True
            lim = r.get("limits", {})
            req = r.get("requests", {})
            for k in ("cpu", "memory"):
                if k not in lim:
                    guaranteed = False
                elif k in req and req[k] != lim[k]:
                    guaranteed = False
        if not anyset:
            return "BestEffort"
        return "Guaranteed" if guaranteed else "Burstable"

    def cstatus(self, c, state, ready=False, restarts=0, last=None, started=None, fresh=False):
        d = {"image": c["image"], "imageID": "" if fresh else self.image_id(c["image"]), "lastState": {},
             "name": c["name"], "ready": ready, "restartCount": restarts, "started": bool(started),
             "state": state}
        if not fresh:
            d["containerID"] = self.cid()
        if last:
            lt = {"containerID": self.cid(), "exitCode": last.get("exitCode", 1),
                  "finishedAt": iso(last["finishedAt"]), "reason": last.get("reason", "Error"),
                  "startedAt": iso(last["startedAt"])}
            if last.get("message"):
                lt["message"] = last["message"]
            d["lastState"] = {"terminated": lt}
        return d

    def set_status(self, pod, mode="running", target=None, started=None, reason=None, message=None,
                   exit_code=1, restarts=0, last=None, ready=True, sched_msg=None, sched_at=None, init_target=None,
                   finished=None, evict_msg=None, notready=None, waiting_all=False, new_ip=False, sched_reason="Unschedulable"):
        """(re)compute pod.status for a mode:
        running | crashloop | waiting | pending | init | succeeded | failed | evicted"""
        spec = pod["spec"]
        md = pod["metadata"]
        created = parse_ts(md["creationTimestamp"])
        node = spec.get("nodeName")
        st = {"qosClass": self.qos(spec)}
        prev = pod.get("status")
        pod["status"] = st
        if mode == "pending":
            spec.pop("nodeName", None)
            t = sched_at or (created + timedelta(seconds=1))
            st["conditions"] = [{"lastProbeTime": None, "lastTransitionTime": iso(t), "message": sched_msg,
                                 "reason": sched_reason, "status": "False", "type": "PodScheduled"}]
            st["phase"] = "Pending"
            return pod
        t_sched = created + timedelta(seconds=1) if sched_at is None else sched_at
        started = started or (t_sched + timedelta(seconds=self.rng.randint(3, 25)))
        nip = self.node_info[node]["ip"]
        st["hostIP"] = nip
        st["hostIPs"] = [{"ip": nip}]
        sandbox = not (mode == "waiting" and reason == "ContainerCreating")
        prev_ip = prev.get("podIP") if prev else None
        if sandbox:
            ip = nip if spec.get("hostNetwork") else (prev_ip if prev_ip and not new_ip else self.pod_ip(node))
            st["podIP"] = ip
            st["podIPs"] = [{"ip": ip}]
        st["startTime"] = iso(t_sched)
        names = [c["name"] for c in spec["containers"]]
        target = target or names[0]
        notready = set(notready or [])
        cs = []
        phase = "Running"
        init_ok = True
        ics = []
        init_done_at = t_sched + timedelta(seconds=2)
        for i, c in enumerate(spec.get("initContainers", []) if sandbox else []):
            if mode == "init" and (init_target or spec["initContainers"][-1]["name"]) == c["name"]:
                init_ok = False
                if reason == "CrashLoopBackOff":
                    ics.append(self.cstatus(c, {"waiting": {"message": "back-off 5m0s restarting failed container=%s pod=%s_%s(%s)" % (c["name"], md["name"], md["namespace"], md["uid"]), "reason": "CrashLoopBackOff"}}, False, restarts, last, None))
                elif reason:
                    ics.append(self.cstatus(c, {"waiting": {"message": message, "reason": reason}}, False, 0, None, None, fresh=True))
                else:
                    ics.append(self.cstatus(c, {"running": {"startedAt": iso(started)}}, False, restarts, last, started))
                break
            s0 = t_sched + timedelta(seconds=2 + 3 * i)
            f0 = s0 + timedelta(seconds=self.rng.randint(1, 8))
            init_done_at = f0
            ics.append(self.cstatus(c, {"terminated": {"containerID": self.cid(), "exitCode": 0, "finishedAt": iso(f0), "reason": "Completed", "startedAt": iso(s0)}}, False, 0, None, None))
            ics[-1]["containerID"] = ics[-1]["state"]["terminated"]["containerID"]
        if mode == "init" and not spec.get("initContainers"):
            raise ValueError("init mode without init containers")
        if not sandbox and spec.get("initContainers"):
            init_ok = False
            ics = [self.cstatus(c, {"waiting": {"reason": "PodInitializing"}}, False, fresh=True) for c in spec["initContainers"]]
            st["initContainerStatuses"] = ics
        elif ics:
            # the init containers that did not run yet
            done = {x["name"] for x in ics}
            for c in spec.get("initContainers", []):
                if c["name"] not in done:
                    ics.append(self.cstatus(c, {"waiting": {"reason": "PodInitializing"}}, False, fresh=True))
            st["initContainerStatuses"] = ics
        if started < init_done_at:
            started = init_done_at + timedelta(seconds=1)
        for c in spec["containers"]:
            n = c["name"]
            if mode == "init":
                cs.append(self.cstatus(c, {"waiting": {"reason": "PodInitializing"}}, False, fresh=True))
                phase = "Pending"
            elif mode in ("succeeded", "failed"):
                fin = finished or (started + timedelta(seconds=self.rng.randint(20, 300)))
                ec = 0 if mode == "succeeded" else exit_code
                term = {"containerID": self.cid(), "exitCode": ec, "finishedAt": iso(fin),
                        "reason": "Completed" if ec == 0 else (reason or "Error"), "startedAt": iso(started)}
                if message and n == target:
                    term["message"] = message
                d = self.cstatus(c, {"terminated": term}, False, 0, None, None)
                d["containerID"] = term["containerID"]
                cs.append(d)
                phase = "Succeeded" if mode == "succeeded" else "Failed"
            elif mode == "evicted":
                term = {"exitCode": 137, "finishedAt": None, "message": "The container could not be located when the pod was terminated",
                        "reason": "ContainerStatusUnknown", "startedAt": None}
                d = self.cstatus(c, {"terminated": term}, False, restarts, None, None)
                d.pop("containerID", None)
                cs.append(d)
                phase = "Failed"
            elif n == target and mode == "crashloop":
                cs.append(self.cstatus(c, {"waiting": {"message": "back-off 5m0s restarting failed container=%s pod=%s_%s(%s)" % (n, md["name"], md["namespace"], md["uid"]), "reason": "CrashLoopBackOff"}}, False, restarts, last, None))
            elif (n == target or waiting_all) and mode == "waiting" and not (reason == "ContainerCreating" and spec.get("initContainers")):
                w = {"reason": reason}
                if message:
                    w["message"] = message
                cs.append(self.cstatus(c, {"waiting": w}, False, restarts, last, None, fresh=not last))
                if not last:
                    phase = "Pending"
            elif mode == "waiting" and reason == "ContainerCreating":
                cs.append(self.cstatus(c, {"waiting": {"reason": "PodInitializing" if spec.get("initContainers") else "ContainerCreating"}}, False, fresh=True))
                phase = "Pending"
            else:
                rdy = ready and n not in notready
                cs.append(self.cstatus(c, {"running": {"startedAt": iso(started)}}, rdy, restarts if n == target else 0,
                                       last if n == target else None, started))
        st["containerStatuses"] = cs
        all_ready = all(x["ready"] for x in cs)
        unready = [x["name"] for x in cs if not x["ready"]]
        t_ready = started + timedelta(seconds=self.rng.randint(2, 40))
        if restarts and last and mode == "running":
            t_ready = last["finishedAt"] + timedelta(seconds=self.rng.randint(5, 40))
        conds = []
        if self.minor >= 29:
            conds.append({"lastProbeTime": None, "lastTransitionTime": iso(t_sched + timedelta(seconds=2) if sandbox else t_sched),
                          "status": "True" if sandbox and mode not in ("succeeded", "failed", "evicted") else "False",
                          "type": "PodReadyToStartContainers"})
        if mode == "evicted":
            conds.insert(0, {"lastProbeTime": None, "lastTransitionTime": iso(finished), "message": evict_msg,
                             "reason": "TerminationByKubelet", "status": "True", "type": "DisruptionTarget"})
        ic = {"lastProbeTime": None, "lastTransitionTime": iso(init_done_at if init_ok else t_sched), "status": "True" if init_ok else "False", "type": "Initialized"}
        if not init_ok:
            ic["message"] = "containers with incomplete status: [%s]" % " ".join(
                x["name"] for x in ics if "terminated" not in x["state"] or x["state"]["terminated"]["exitCode"] != 0)
            ic["reason"] = "ContainersNotInitialized"
        if mode in ("succeeded",) and ics:
            ic["reason"] = "PodCompleted"
        conds.append(ic)
        if mode in ("succeeded", "failed", "evicted"):
            fin_t = finished or parse_ts(cs[0]["state"]["terminated"]["finishedAt"]) if mode != "evicted" else finished
            rr = {"succeeded": "PodCompleted", "failed": "PodFailed", "evicted": "PodFailed"}[mode]
            conds.append({"lastProbeTime": None, "lastTransitionTime": iso(fin_t), "reason": rr, "status": "False", "type": "Ready"})
            conds.append({"lastProbeTime": None, "lastTransitionTime": iso(fin_t), "reason": rr, "status": "False", "type": "ContainersReady"})
        elif all_ready:
            conds.append({"lastProbeTime": None, "lastTransitionTime": iso(t_ready), "status": "True", "type": "Ready"})
            conds.append({"lastProbeTime": None, "lastTransitionTime": iso(t_ready), "status": "True", "type": "ContainersReady"})
        else:
            t_nr = (last["finishedAt"] if last else t_sched + timedelta(seconds=2))
            msg = "containers with unready status: [%s]" % " ".join(unready)
            conds.append({"lastProbeTime": None, "lastTransitionTime": iso(t_nr), "message": msg, "reason": "ContainersNotReady", "status": "False", "type": "Ready"})
            conds.append({"lastProbeTime": None, "lastTransitionTime": iso(t_nr), "message": msg, "reason": "ContainersNotReady", "status": "False", "type": "ContainersReady"})
        conds.append({"lastProbeTime": None, "lastTransitionTime": iso(t_sched), "status": "True", "type": "PodScheduled"})
        st["conditions"] = conds
        if mode == "evicted":
            st["message"] = evict_msg
            st["reason"] = "Evicted"
        st["phase"] = phase
        return pod

    def terminating(self, pod, deleted_at, grace=30):
        pod["metadata"]["deletionTimestamp"] = iso(deleted_at + timedelta(seconds=grace))
        pod["metadata"]["deletionGracePeriodSeconds"] = grace

    # -- workloads ---------------------------------------------------------------------------
    def deployment(self, ns, name, tmpl, replicas=1, created=None, labels=None, annotations=None, sel=None,
                   strategy=None, revision=None, rs_created=None, old_tmpl=None, old_pods=0, new_pods=None,
                   pod_age=None, nodes=None, history=True, owner=None):
        """Deployment + ReplicaSet(s) + running pods. Returns dict(dep, rs, old_rs, pods, old)"""
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 50)))
        sel = sel or {"app.kubernetes.io/name": name}
        tmpl = copy.deepcopy(tmpl)
        tmpl["metadata"]["labels"] = dict(sel, **tmpl["metadata"]["labels"])
        revision = revision or self.rng.randint(1, 9)
        if old_tmpl is not None:
            revision = max(revision, 2)
        strategy = strategy or {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}, "type": "RollingUpdate"}
        dann = {"deployment.kubernetes.io/revision": str(revision)}
        dann.update(annotations or {})
        gen = revision + self.rng.randint(0, 3)
        dep = self.add("Deployment", {
            "metadata": self.meta("Deployment", name, ns, created, labels or sel, dann, owner, gen=gen),
            "spec": {"progressDeadlineSeconds": 600, "replicas": replicas, "revisionHistoryLimit": 10,
                     "selector": {"matchLabels": dict(sel)}, "strategy": strategy, "template": tmpl},
            "status": {}})
        out = {"dep": dep, "pods": [], "old": [], "old_rs": None}
        rs_created = rs_created or (created if revision == 1 else created + (self.snap - created) * self.rng.uniform(0.3, 0.95))
        if pod_age is not None and rs_created > pod_age:
            rs_created = max(created, pod_age - timedelta(seconds=5))
        if old_tmpl is not None or (history and revision > 1 and self.rng.random() < 0.6):
            ot = copy.deepcopy(old_tmpl if old_tmpl is not None else tmpl)
            ot["metadata"]["labels"] = dict(sel, **ot["metadata"]["labels"])
            old_created = created + (rs_created - created) * 0.4 if revision > 2 else created
            ors = self._rs(ns, name, dep, ot, old_pods, old_created, revision - 1, replicas)
            out["old_rs"] = ors
            age = pod_age or (old_created + timedelta(minutes=2))
            for nd in (nodes or self.place(ot["spec"], old_pods)) if old_pods else []:
                out["old"].append(self.mkpod(ns, ors["metadata"]["name"] + "-" + self.sfx(), ors["spec"]["template"],
                                             self.jitter(max(age, old_created)), nd, [self.oref(ors)]))
        n = replicas if new_pods is None else new_pods
        rs = self._rs(ns, name, dep, tmpl, n, rs_created, revision, replicas)
        out["rs"] = rs
        age = pod_age or (rs_created + timedelta(seconds=5))
        for nd in (nodes or self.place(tmpl["spec"], n)) if n else []:
            out["pods"].append(self.mkpod(ns, rs["metadata"]["name"] + "-" + self.sfx(), rs["spec"]["template"],
                                          self.jitter(max(age, rs_created)), nd, [self.oref(rs)]))
        return out

    def _rs(self, ns, dname, dep, tmpl, replicas, created, revision, desired):
        h = self.sfx(self.rng.choice([9, 10]))
        t = copy.deepcopy(tmpl)
        t["metadata"]["labels"]["pod-template-hash"] = h
        sel = dict(dep["spec"]["selector"]["matchLabels"], **{"pod-template-hash": h})
        ann = {"deployment.kubernetes.io/desired-replicas": str(desired),
               "deployment.kubernetes.io/max-replicas": str(desired + max(1, (desired + 3) // 4)),
               "deployment.kubernetes.io/revision": str(revision)}
        return self.add("ReplicaSet", {
            "metadata": self.meta("ReplicaSet", "%s-%s" % (dname, h), ns, created, t["metadata"]["labels"], ann,
                                  [self.oref(dep)], gen=self.rng.randint(1, 4)),
            "spec": {"replicas": replicas, "selector": {"matchLabels": sel}, "template": t}, "status": {}})

    def statefulset(self, ns, name, tmpl, replicas, svc, vcts=None, created=None, sel=None, labels=None,
                    owner=None, n_pods=None, nodes=None, pod_created=None, pvc_created=None, policy="OrderedReady",
                    annotations=None, update_rev=None, pvc_zone_nodes=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 50)))
        sel = sel or {"app.kubernetes.io/name": name}
        tmpl = copy.deepcopy(tmpl)
        tmpl["metadata"]["labels"] = dict(sel, **tmpl["metadata"]["labels"])
        rev = name + "-" + self.sfx(10)
        spec = {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Retain", "whenScaled": "Retain"},
                "podManagementPolicy": policy, "replicas": replicas, "revisionHistoryLimit": 10,
                "selector": {"matchLabels": dict(sel)}, "serviceName": svc, "template": tmpl,
                "updateStrategy": {"rollingUpdate": {"partition": 0}, "type": "RollingUpdate"}}
        vct_objs = []
        for v in vcts or []:
            vname, size, sc = v[0], v[1], v[2]
            vct_objs.append({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                             "metadata": {"creationTimestamp": None, "name": vname},
                             "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}},
                                      "storageClassName": sc, "volumeMode": "Filesystem"},
                             "status": {"phase": "Pending"}})
        if vct_objs:
            spec["volumeClaimTemplates"] = vct_objs
        s = self.add("StatefulSet", {"metadata": self.meta("StatefulSet", name, ns, created, labels or sel, annotations, owner,
                                                            gen=self.rng.randint(1, 6)),
                                     "spec": spec, "status": {}})
        s["_rev"] = rev
        s["_update_rev"] = update_rev or rev
        n = replicas if n_pods is None else n_pods
        nodes = nodes or self.place(tmpl["spec"], n)
        pods = []
        pvc_created = pvc_created or created + timedelta(seconds=2)
        for i in range(n):
            pname = "%s-%d" % (name, i)
            t = copy.deepcopy(tmpl)
            vols = t["spec"].setdefault("volumes", [])
            for v in vcts or []:
                claim = "%s-%s" % (v[0], pname)
                vols.insert(0, vol_pvc(v[0], claim))
                if not self.get("PersistentVolumeClaim", ns, claim):
                    self.pvc(ns, claim, v[1], v[2], node=nodes[i], labels=sel, created=pvc_created + timedelta(seconds=i * 40))
            pl = {"apps.kubernetes.io/pod-index": str(i), "controller-revision-hash": rev,
                  "statefulset.kubernetes.io/pod-name": pname}
            if self.minor < 28:
                del pl["apps.kubernetes.io/pod-index"]
            pc = pod_created or (created + timedelta(seconds=5))
            pods.append(self.mkpod(ns, pname, t, self.jitter(pc + timedelta(seconds=40 * i)), nodes[i], [self.oref(s)], pl,
                                   hostname=pname, subdomain=svc))
        return {"sts": s, "pods": pods}

    def daemonset(self, ns, name, tmpl, created=None, sel=None, labels=None, pod_created=None, gen=None, owner=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(0, 20)))
        sel = sel or {"app.kubernetes.io/name": name}
        tmpl = copy.deepcopy(tmpl)
        tmpl["metadata"]["labels"] = dict(sel, **tmpl["metadata"]["labels"])
        gen = gen or self.rng.randint(1, 5)
        ds = self.add("DaemonSet", {
            "metadata": self.meta("DaemonSet", name, ns, created, labels or sel, {"deprecated.daemonset.template.generation": str(gen)}, owner, gen=gen),
            "spec": {"revisionHistoryLimit": 10, "selector": {"matchLabels": dict(sel)}, "template": tmpl,
                     "updateStrategy": {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}, "type": "RollingUpdate"}},
            "status": {}})
        rev = self.sfx(10)
        ds["_rev"] = rev
        ds["_gen"] = gen
        pods = {}
        full = copy.deepcopy(tmpl["spec"])
        tols = list(full.get("tolerations") or [])
        extra = DS_TOLS + ([DS_TOL_NET] if full.get("hostNetwork") else [])
        for t in extra:
            if not any(x.get("key") == t["key"] and x.get("effect") == t["effect"] for x in tols):
                tols.append(dict(t))
        full["tolerations"] = tols
        ds["_spec"] = full
        for nd in sorted(self.node_info):
            node = self.get("Node", "", nd)
            if not ds_eligible(node, full):
                continue
            t = copy.deepcopy(tmpl)
            t["spec"] = copy.deepcopy(full)
            t["spec"]["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In", "values": [nd]}]}]}}}
            nc = parse_ts(node["metadata"]["creationTimestamp"])
            pc = max(pod_created or created, nc) + timedelta(seconds=self.rng.randint(3, 60))
            pods[nd] = self.mkpod(ns, "%s-%s" % (name, self.sfx()), t, pc, nd, [self.oref(ds)],
                                  {"controller-revision-hash": rev, "pod-template-generation": str(gen)})
        return {"ds": ds, "pods": pods}

    def job(self, ns, name, tmpl, created, outcome="complete", owner=None, backoff=6, fails=0, duration=60,
            fail_msg=None, fail_reason="BackoffLimitExceeded", deadline=None, labels=None, annotations=None,
            ttl=None, node=None, exit_code=1):
        created = self.after_ns(ns, created)
        juid = self.uid()
        jl = {"batch.kubernetes.io/controller-uid": juid, "batch.kubernetes.io/job-name": name,
              "controller-uid": juid, "job-name": name}
        tmpl = copy.deepcopy(tmpl)
        tmpl["metadata"]["labels"] = dict(tmpl["metadata"]["labels"], **jl)
        if tmpl["spec"]["restartPolicy"] == "Always":
            tmpl["spec"]["restartPolicy"] = "Never"
        spec = {"backoffLimit": backoff, "completionMode": "NonIndexed", "completions": 1, "manualSelector": False,
                "parallelism": 1, "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": juid}},
                "suspend": False, "template": tmpl}
        if self.minor >= 29:
            spec["podReplacementPolicy"] = "TerminatingOrFailed"
        if deadline:
            spec["activeDeadlineSeconds"] = deadline
        if ttl is not None:
            spec["ttlSecondsAfterFinished"] = ttl
        lb = dict(labels or {}, **jl)
        m = self.meta("Job", name, ns, created, lb, annotations, owner, gen=1)
        m["uid"] = juid
        j = self.add("Job", {"metadata": m, "spec": spec, "status": {}})
        pods = []
        t = created + timedelta(seconds=1)
        st = {"startTime": iso(t)}
        if outcome == "failed" and fails == 0:
            fails = backoff + 1
        nfails = fails if outcome != "deadline" else max(fails, 1)
        for i in range(nfails):
            nd = node or self.place(tmpl["spec"], 1)[0]
            fin = t + timedelta(seconds=duration)
            if outcome == "deadline" and i == nfails - 1:
                fin = t + timedelta(seconds=max(1, deadline - (t - created).total_seconds()))
            p = self.mkpod(ns, "%s-%s" % (name, self.sfx()), tmpl, t, nd, [self.oref(j)], mode="failed",
                           message=fail_msg, exit_code=(137 if outcome == "deadline" and i == nfails - 1 else exit_code),
                           finished=fin, started=t + timedelta(seconds=3))
            pods.append(p)
            t = fin + timedelta(seconds=10 * (2 ** i))
        if outcome == "complete":
            nd = node or self.place(tmpl["spec"], 1)[0]
            fin = t + timedelta(seconds=duration)
            pods.append(self.mkpod(ns, "%s-%s" % (name, self.sfx()), tmpl, t, nd, [self.oref(j)], mode="succeeded",
                                   finished=fin, started=t + timedelta(seconds=3)))
            done = fin + timedelta(seconds=2)
            st["completionTime"] = iso(done)
            st["conditions"] = [{"lastProbeTime": iso(done), "lastTransitionTime": iso(done), "status": "True", "type": "Complete"}]
            if self.minor >= 31:
                st["conditions"].insert(0, {"lastProbeTime": iso(done), "lastTransitionTime": iso(done), "message": "Reached expected number of succeeded pods", "reason": "CompletionsReached", "status": "True", "type": "SuccessCriteriaMet"})
        elif outcome in ("failed", "deadline"):
            done = parse_ts(pods[-1]["status"]["containerStatuses"][0]["state"]["terminated"]["finishedAt"]) + timedelta(seconds=1)
            if outcome == "deadline":
                done = created + timedelta(seconds=deadline)
            msg = "Job has reached the specified backoff limit" if outcome == "failed" else "Job was active longer than specified deadline"
            reason = "BackoffLimitExceeded" if outcome == "failed" else "DeadlineExceeded"
            st["conditions"] = [{"lastProbeTime": iso(done), "lastTransitionTime": iso(done), "message": msg, "reason": reason, "status": "True", "type": "Failed"}]
            if self.minor >= 31:
                st["conditions"].insert(0, {"lastProbeTime": iso(done), "lastTransitionTime": iso(done), "message": msg, "reason": reason, "status": "True", "type": "FailureTarget"})
        elif outcome == "running":
            nd = node or self.place(tmpl["spec"], 1)[0]
            pods.append(self.mkpod(ns, "%s-%s" % (name, self.sfx()), tmpl, t, nd, [self.oref(j)], started=t + timedelta(seconds=3)))
        j["status"] = st
        j["_outcome"] = outcome
        return {"job": j, "pods": pods}

    def cronjob(self, ns, name, schedule, tmpl, runs, created=None, suspend=False, success_hist=3, fail_hist=1,
                concurrency="Forbid", labels=None, deadline=None, backoff=6, run_duration=90, fail_msg=None,
                starting_deadline=None, last_schedule=None):
        """runs: list of (scheduled datetime, outcome)"""
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(hours=1))
        tmpl = copy.deepcopy(tmpl)
        if tmpl["spec"]["restartPolicy"] == "Always":
            tmpl["spec"]["restartPolicy"] = "Never"
        jt = {"metadata": {"creationTimestamp": None}, "spec": {"backoffLimit": backoff, "template": tmpl}}
        if deadline:
            jt["spec"]["activeDeadlineSeconds"] = deadline
        spec = {"concurrencyPolicy": concurrency, "failedJobsHistoryLimit": fail_hist, "jobTemplate": jt,
                "schedule": schedule, "successfulJobsHistoryLimit": success_hist, "suspend": suspend}
        if starting_deadline:
            spec["startingDeadlineSeconds"] = starting_deadline
        cj = self.add("CronJob", {"metadata": self.meta("CronJob", name, ns, created, labels, None, None, gen=self.rng.randint(1, 4)),
                                  "spec": spec, "status": {}})
        jobs = []
        last_ok = None
        active = []
        for when, outcome in runs:
            jn = "%s-%d" % (name, int(when.timestamp()) // 60)
            r = self.job(ns, jn, tmpl, when + timedelta(seconds=self.rng.randint(0, 1)), outcome, owner=[self.oref(cj)],
                         backoff=backoff, duration=run_duration, fail_msg=fail_msg, deadline=deadline,
                         labels=None, annotations={"batch.kubernetes.io/cronjob-scheduled-timestamp": iso(when)})
            jobs.append(r)
            if outcome == "complete":
                last_ok = r["job"]["status"]["completionTime"]
            if outcome == "running":
                active.append({"apiVersion": "batch/v1", "kind": "Job", "name": jn, "namespace": ns,
                               "resourceVersion": r["job"]["metadata"]["resourceVersion"], "uid": r["job"]["metadata"]["uid"]})
        st = {}
        if active:
            st["active"] = active
        if runs:
            st["lastScheduleTime"] = iso(max(w for w, _ in runs))
        if last_schedule:
            st["lastScheduleTime"] = iso(last_schedule)
        if last_ok:
            st["lastSuccessfulTime"] = last_ok
        cj["status"] = st
        return {"cj": cj, "jobs": jobs}

    # -- config, storage, network -------------------------------------------------------------
    def cm(self, ns, name, data, created=None, labels=None, annotations=None, owner=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        return self.add("ConfigMap", {"metadata": self.meta("ConfigMap", name, ns, created, labels, annotations, owner),
                                      "data": data})

    def secret(self, ns, name, keys, typ="Opaque", created=None, labels=None, annotations=None, owner=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        return self.add("Secret", {"metadata": self.meta("Secret", name, ns, created, labels, annotations, owner),
                                   "data": {k: "" for k in keys}, "type": typ})

    def helm_release(self, ns, release, chart_version, revision=1, created=None):
        for r in range(max(1, revision - 2), revision + 1):
            status = "deployed" if r == revision else "superseded"
            c = created or self.ns_created(ns) + timedelta(minutes=1)
            c = self.after_ns(ns, c + timedelta(days=(r - 1) * self.rng.randint(3, 20)))
            if c > self.snap:
                c = self.snap - timedelta(hours=self.rng.randint(2, 40))
            c = self.after_ns(ns, c)
            self.secret(ns, "sh.helm.release.v1.%s.v%d" % (release, r), ["release"], "helm.sh/release.v1", created=c,
                        labels={"modifiedAt": str(int(c.timestamp())), "name": release, "owner": "helm",
                                "status": status, "version": str(r)})

    def sc(self, name, provisioner, binding="WaitForFirstConsumer", default=False, params=None, reclaim="Delete",
           expansion=True, topo=None, created=None):
        ann = {}
        if default:
            ann["storageclass.kubernetes.io/is-default-class"] = "true"
        o = {"metadata": self.meta("StorageClass", name, "", created or self.t0 + timedelta(minutes=self.rng.randint(3, 30)), None, ann or None),
             "provisioner": provisioner, "reclaimPolicy": reclaim, "volumeBindingMode": binding}
        if params:
            o["parameters"] = params
        if expansion:
            o["allowVolumeExpansion"] = True
        self.sc_info[name] = {"provisioner": provisioner, "topo": topo, "binding": binding, "reclaim": reclaim}
        return self.add("StorageClass", o)

    def pvc(self, ns, name, size, sc, node=None, access=None, labels=None, created=None, owner=None, phase="Bound",
            annotations=None, volume_name=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        info = self.sc_info.get(sc, {"provisioner": "unknown", "binding": "Immediate"})
        access = access or ["ReadWriteOnce"]
        ann = {}
        if phase == "Bound":
            ann.update({"pv.kubernetes.io/bind-completed": "yes", "pv.kubernetes.io/bound-by-controller": "yes"})
        if sc in self.sc_info:
            ann["volume.beta.kubernetes.io/storage-provisioner"] = info["provisioner"]
            ann["volume.kubernetes.io/storage-provisioner"] = info["provisioner"]
        if node and info.get("binding") == "WaitForFirstConsumer":
            ann["volume.kubernetes.io/selected-node"] = node
        ann.update(annotations or {})
        spec = {"accessModes": access, "resources": {"requests": {"storage": size}}, "storageClassName": sc,
                "volumeMode": "Filesystem"}
        o = self.add("PersistentVolumeClaim", {
            "metadata": self.meta("PersistentVolumeClaim", name, ns, created, labels, ann or None, owner,
                                  finalizers=["kubernetes.io/pvc-protection"]),
            "spec": spec, "status": {"phase": phase}})
        if phase == "Bound":
            pvname = volume_name or "pvc-" + o["metadata"]["uid"]
            spec["volumeName"] = pvname
            o["status"] = {"accessModes": access, "capacity": {"storage": size}, "phase": "Bound"}
            self.pv_for(o, pvname, node, created + timedelta(seconds=self.rng.randint(2, 9)))
        return o

    def pv_for(self, pvc, pvname, node, created):
        sc = pvc["spec"]["storageClassName"]
        info = self.sc_info[sc]
        prov = info["provisioner"]
        md = pvc["metadata"]
        spec = {"accessModes": pvc["spec"]["accessModes"], "capacity": {"storage": pvc["spec"]["resources"]["requests"]["storage"]},
                "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": md["name"], "namespace": md["namespace"],
                             "resourceVersion": md["resourceVersion"], "uid": md["uid"]},
                "persistentVolumeReclaimPolicy": info["reclaim"], "storageClassName": sc, "volumeMode": "Filesystem"}
        fin = ["kubernetes.io/pv-protection"]
        ann = {"pv.kubernetes.io/provisioned-by": prov}
        if prov == "rancher.io/local-path" or prov == "openebs.io/local":
            path = "/var/lib/rancher/k3s/storage/%s_%s_%s" % (pvname, md["namespace"], md["name"]) if prov == "rancher.io/local-path" else "/var/openebs/local/" + pvname
            spec["hostPath" if prov == "rancher.io/local-path" else "local"] = {"path": path, "type": "DirectoryOrCreate"} if prov == "rancher.io/local-path" else {"fsType": "", "path": path}
            spec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                {"key": "kubernetes.io/hostname", "operator": "In", "values": [self.get("Node", "", node)["metadata"]["labels"]["kubernetes.io/hostname"]]}]}]}}
            if prov == "rancher.io/local-path":
                ann["local.path.provisioner/selected-node"] = node
        elif prov.startswith("cluster.local/nfs") or prov.endswith("nfs-subdir-external-provisioner"):
            spec["nfs"] = {"path": "/srv/nfs/k8s/%s-%s-%s" % (md["namespace"], md["name"], pvname), "server": "10.20.0.40"}
        else:
            fin.insert(0, "external-provisioner.volume.kubernetes.io/finalizer")
            ann["volume.kubernetes.io/provisioner-deletion-secret-name"] = ""
            ann["volume.kubernetes.io/provisioner-deletion-secret-namespace"] = ""
            spec["csi"] = {"driver": prov, "fsType": "ext4", "volumeAttributes": {
                "storage.kubernetes.io/csiProvisionerIdentity": "%d-%d-%s" % (int(self.t0.timestamp() * 1000), self.rng.randint(1000, 9999), prov)},
                "volumeHandle": self.volume_handle(prov, pvname)}
            if info.get("topo") and node:
                key = info["topo"]
                val = self.get("Node", "", node)["metadata"]["labels"][key]
                spec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                    {"key": key, "operator": "In", "values": [val]}]}]}}
        pv = {"metadata": self.meta("PersistentVolume", pvname, "", created, None, ann, None, finalizers=fin),
              "spec": spec, "status": {"phase": "Bound"}}
        if self.minor >= 29:
            pv["status"]["lastPhaseTransitionTime"] = iso(created + timedelta(seconds=1))
        return self.add("PersistentVolume", pv)

    def volume_handle(self, prov, pvname):
        if prov == "ebs.csi.aws.com":
            return "vol-0" + self.hexs(16)
        if prov == "pd.csi.storage.gke.io":
            return "projects/%s/zones/%s/disks/%s" % (self.gcp_project, self.region + "-a", pvname)
        if prov == "disk.csi.azure.com":
            return "/subscriptions/%s/resourceGroups/mc_prod_aks_eastus/providers/Microsoft.Compute/disks/%s" % (self.azure_sub, pvname)
        if prov == "dobs.csi.digitalocean.com":
            return self.uid()
        if prov == "driver.longhorn.io":
            return pvname
        if prov.endswith("rbd.csi.ceph.com"):
            return "0001-0009-rook-ceph-0000000000000002-" + self.uid()
        if prov == "csi.vsphere.vmware.com":
            return self.uid()
        return pvname

    def service(self, ns, name, selector, ports, typ="ClusterIP", headless=False, pnra=False, ext_name=None,
                labels=None, annotations=None, created=None, owner=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        sp = {"internalTrafficPolicy": "Cluster", "ipFamilies": ["IPv4"], "ipFamilyPolicy": "SingleStack",
              "sessionAffinity": "None", "type": typ}
        if typ == "ExternalName":
            sp = {"externalName": ext_name, "sessionAffinity": "None", "type": "ExternalName"}
        else:
            ip = "None" if headless else self.svc_ip()
            sp["clusterIP"] = ip
            sp["clusterIPs"] = [ip]
        pl = []
        for p in ports:
            d = {"name": p[0], "port": p[1], "protocol": p[3] if len(p) > 3 else "TCP", "targetPort": p[2]}
            if not p[0]:
                del d["name"]
            if typ in ("NodePort", "LoadBalancer"):
                d["nodePort"] = self.rng.randint(30000, 32767)
            pl.append(d)
        if pl:
            sp["ports"] = pl
        if selector is not None:
            sp["selector"] = dict(selector)
        if pnra:
            sp["publishNotReadyAddresses"] = True
        status = {"loadBalancer": {}}
        if typ == "LoadBalancer":
            sp["allocateLoadBalancerNodePorts"] = True
            sp["externalTrafficPolicy"] = "Cluster"
            status = {"loadBalancer": {"ingress": [{"ip": self.lb_ip(), "ipMode": "VIP"}] if self.minor >= 30 else [{"ip": self.lb_ip()}]}}
        return self.add("Service", {"metadata": self.meta("Service", name, ns, created, labels, annotations, owner),
                                    "spec": sp, "status": status})

    def lb_ip(self):
        return "%d.%d.%d.%d" % (self.rng.choice([34, 35, 52, 20, 104, 143]), self.rng.randint(1, 250), self.rng.randint(1, 250), self.rng.randint(2, 250))

    def manual_endpoints(self, ns, name, ips, ports, created=None, labels=None, annotations=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        subset = {"addresses": [{"ip": ip} for ip in ips], "ports": [{"name": p[0], "port": p[1], "protocol": "TCP"} if p[0] else {"port": p[1], "protocol": "TCP"} for p in ports]}
        o = {"metadata": self.meta("Endpoints", name, ns, created, labels, annotations), "subsets": [subset] if ips else None}
        if not ips:
            del o["subsets"]
        o["_manual"] = True
        return self.add("Endpoints", o)

    def netpol(self, ns, name, pod_selector, types, ingress=None, egress=None, created=None, labels=None, annotations=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        sp = {"podSelector": pod_selector, "policyTypes": types}
        if ingress is not None:
            sp["ingress"] = ingress
        if egress is not None:
            sp["egress"] = egress
        return self.add("NetworkPolicy", {"metadata": self.meta("NetworkPolicy", name, ns, created, labels, annotations, gen=1), "spec": sp})

    def quota(self, ns, name, hard, created=None, labels=None):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        return self.add("ResourceQuota", {"metadata": self.meta("ResourceQuota", name, ns, created, labels),
                                          "spec": {"hard": dict(hard)}, "status": {}})

    def ingress(self, ns, name, host, svc, port, cls="nginx", created=None, tls=None, annotations=None, path="/"):
        created = self.after_ns(ns, created or self.ns_created(ns) + timedelta(minutes=self.rng.randint(1, 40)))
        be = {"service": {"name": svc, "port": {"number": port} if isinstance(port, int) else {"name": port}}}
        sp = {"ingressClassName": cls, "rules": [{"host": host, "http": {"paths": [{"backend": be, "path": path, "pathType": "Prefix"}]}}]}
        if tls:
            sp["tls"] = [{"hosts": [host], "secretName": tls}]
        st = {"loadBalancer": {"ingress": [{"ip": self.ingress_ip}]}} if getattr(self, "ingress_ip", None) else {"loadBalancer": {}}
        return self.add("Ingress", {"metadata": self.meta("Ingress", name, ns, created, None, annotations, gen=1), "spec": sp, "status": st})

    # -- events ----------------------------------------------------------------------------------
    def event(self, obj, reason, message, etype="Warning", first=None, last=None, count=1, component="kubelet",
              host=None, field_path=None, ref=None):
        if ref is None:
            md = obj["metadata"]
            ref = {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": md["name"],
                   "resourceVersion": md["resourceVersion"], "uid": md["uid"]}
            if obj["kind"] not in CLUSTER_SCOPED:
                ref["namespace"] = md["namespace"]
            if obj["kind"] == "Node":
                ref = {"kind": "Node", "name": md["name"], "uid": md["name"]}
        if field_path:
            ref["fieldPath"] = field_path
        last = last or self.ago(seconds=self.rng.randint(5, 120))
        first = first or last
        assert first <= last <= self.snap, (reason, first, last)
        ns = ref.get("namespace") or "default"
        if component == "kubelet" and host is None and obj is not None and obj["kind"] == "Pod":
            host = obj["spec"].get("nodeName")
        src = {"component": component}
        if host:
            src["host"] = host
        ev = {"count": count, "eventTime": None, "firstTimestamp": iso(first), "involvedObject": ref,
              "lastTimestamp": iso(last), "message": message,
              "metadata": {"creationTimestamp": iso(first), "name": "%s.%s" % (ref["name"], self.hexs(16)), "namespace": ns,
                           "resourceVersion": self.nrv(), "uid": self.uid()},
              "reason": reason, "reportingComponent": component if component != "kubelet" or True else "",
              "reportingInstance": host or "", "source": src, "type": etype}
        return self.add("Event", ev)

    def sched_event(self, pod, message, first, last=None, count=1, reason="FailedScheduling", etype="Warning"):
        md = pod["metadata"]
        ref = {"apiVersion": "v1", "kind": "Pod", "name": md["name"], "namespace": md["namespace"],
               "resourceVersion": md["resourceVersion"], "uid": md["uid"]}
        ev = {"action": "Scheduling" if reason == "FailedScheduling" else "Binding", "eventTime": micro(first + timedelta(microseconds=self.rng.randint(0, 999999))),
              "firstTimestamp": None, "involvedObject": ref, "lastTimestamp": None, "message": message,
              "metadata": {"creationTimestamp": iso(first), "name": "%s.%s" % (md["name"], self.hexs(16)), "namespace": md["namespace"],
                           "resourceVersion": self.nrv(), "uid": self.uid()},
              "reason": reason, "reportingComponent": "default-scheduler",
              "reportingInstance": "default-scheduler-" + (self.cp_node or ""), "source": {}, "type": etype}
        if not self.cp_node:
            ev["reportingInstance"] = "default-scheduler"
        if count > 1:
            last = last or self.ago(seconds=self.rng.randint(5, 120))
            ev["series"] = {"count": count, "lastObservedTime": micro(last + timedelta(microseconds=self.rng.randint(0, 999999)))}
        return self.add("Event", ev)

    # -- derived state -----------------------------------------------------------------------------
    def owned(self, obj, kind="Pod"):
        uid = obj["metadata"]["uid"]
        return [p for p in self.objs[KIND_PLURAL[kind]]
                if any(r["uid"] == uid for r in p["metadata"].get("ownerReferences", []))]

    def finalize(self):
        active = lambda p: p["status"].get("phase") not in ("Succeeded", "Failed") and "deletionTimestamp" not in p["metadata"]
        running_ready = lambda p: p["status"].get("phase") == "Running" and pod_ready(p)
        for rs in self.objs["replicasets"]:
            pods = [p for p in self.owned(rs) if active(p)]
            st = {"observedGeneration": rs["metadata"]["generation"], "replicas": len(pods)}
            rd = sum(1 for p in pods if pod_ready(p))
            if pods:
                st["fullyLabeledReplicas"] = len(pods)
            if rd:
                st["readyReplicas"] = rd
                st["availableReplicas"] = rd
            if rs.get("_failure"):
                st["conditions"] = [{"lastTransitionTime": iso(rs["_failure"][1]), "message": rs["_failure"][0],
                                     "reason": "FailedCreate", "status": "True", "type": "ReplicaFailure"}]
            rs["status"] = st
        for d in self.objs["deployments"]:
            rss = self.owned(d, "ReplicaSet")
            rss.sort(key=lambda r: int(r["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
            new = rss[-1]
            tot = sum(r["status"]["replicas"] for r in rss)
            rdy = sum(r["status"].get("readyReplicas", 0) for r in rss)
            av = sum(r["status"].get("availableReplicas", 0) for r in rss)
            want = d["spec"]["replicas"]
            st = {"observedGeneration": d["metadata"]["generation"], "replicas": tot}
            if new["status"]["replicas"]:
                st["updatedReplicas"] = new["status"]["replicas"]
            if rdy:
                st["readyReplicas"] = rdy
            if av:
                st["availableReplicas"] = av
            if want - av > 0:
                st["unavailableReplicas"] = want - av
            mu = d["spec"]["strategy"].get("rollingUpdate", {}).get("maxUnavailable", "25%")
            mu = (want * int(mu[:-1])) // 100 if isinstance(mu, str) else mu
            if d["spec"]["strategy"]["type"] == "Recreate":
                mu = 0
            created = parse_ts(d["metadata"]["creationTimestamp"])
            upd = parse_ts(new["metadata"]["creationTimestamp"])
            t_av = d.get("_avail_t") or max(upd, created) + timedelta(seconds=self.rng.randint(10, 90))
            t_av = min(t_av, self.snap - timedelta(seconds=30))
            if av >= want - mu:
                avail = {"lastTransitionTime": iso(t_av), "lastUpdateTime": iso(t_av), "message": "Deployment has minimum availability.", "reason": "MinimumReplicasAvailable", "status": "True", "type": "Available"}
            else:
                avail = {"lastTransitionTime": iso(t_av), "lastUpdateTime": iso(t_av), "message": "Deployment does not have minimum availability.", "reason": "MinimumReplicasUnavailable", "status": "False", "type": "Available"}
            prog = d.get("_progress")
            if prog is None:
                if new["status"].get("availableReplicas", 0) >= want:
                    prog = ("True", "NewReplicaSetAvailable", 'ReplicaSet "%s" has successfully progressed.' % new["metadata"]["name"], upd + timedelta(seconds=self.rng.randint(20, 120)))
                elif (self.snap - upd).total_seconds() > 600:
                    prog = ("False", "ProgressDeadlineExceeded", 'ReplicaSet "%s" has timed out progressing.' % new["metadata"]["name"], upd + timedelta(seconds=601))
                else:
                    prog = ("True", "ReplicaSetUpdated", 'ReplicaSet "%s" is progressing.' % new["metadata"]["name"], upd + timedelta(seconds=1))
            pt = min(prog[3], self.snap - timedelta(seconds=5))
            st["conditions"] = [avail, {"lastTransitionTime": iso(pt), "lastUpdateTime": iso(pt), "message": prog[2], "reason": prog[1], "status": prog[0], "type": "Progressing"}]
            if d.get("_failure"):
                st["conditions"].append({"lastTransitionTime": iso(d["_failure"][1]), "lastUpdateTime": iso(d["_failure"][1]), "message": d["_failure"][0], "reason": "FailedCreate", "status": "True", "type": "ReplicaFailure"})
            d["status"] = st
        for s in self.objs["statefulsets"]:
            pods = self.owned(s)
            st = {"availableReplicas": sum(1 for p in pods if running_ready(p)), "collisionCount": 0,
                  "currentRevision": s["_rev"], "observedGeneration": s["metadata"]["generation"],
                  "replicas": len(pods), "updateRevision": s["_update_rev"]}
            rr = sum(1 for p in pods if running_ready(p))
            cur = sum(1 for p in pods if "deletionTimestamp" not in p["metadata"] and p["metadata"]["labels"].get("controller-revision-hash") == s["_rev"])
            upd = sum(1 for p in pods if "deletionTimestamp" not in p["metadata"] and p["metadata"]["labels"].get("controller-revision-hash") == s["_update_rev"])
            if rr:
                st["readyReplicas"] = rr
            if cur:
                st["currentReplicas"] = cur
            if upd:
                st["updatedReplicas"] = upd
            s["status"] = st
        for d in self.objs["daemonsets"]:
            pods = self.owned(d)
            desired = sum(1 for n in self.objs["nodes"] if ds_eligible(n, d["_spec"]))
            rdy = sum(1 for p in pods if pod_ready(p))
            upd = sum(1 for p in pods if p["metadata"]["labels"].get("controller-revision-hash") == d["_rev"])
            st = {"currentNumberScheduled": len(pods), "desiredNumberScheduled": desired, "numberMisscheduled": 0,
                  "numberReady": rdy, "observedGeneration": d["metadata"]["generation"]}
            if rdy:
                st["numberAvailable"] = rdy
            if desired - rdy > 0:
                st["numberUnavailable"] = desired - rdy
            if upd:
                st["updatedNumberScheduled"] = upd
            d["status"] = st
        for j in self.objs["jobs"]:
            pods = self.owned(j)
            st = j["status"]
            a = sum(1 for p in pods if active(p))
            s_ = sum(1 for p in pods if p["status"].get("phase") == "Succeeded")
            f = sum(1 for p in pods if p["status"].get("phase") == "Failed")
            if a:
                st["active"] = a
            if s_:
                st["succeeded"] = s_
            if f:
                st["failed"] = f
            st["ready"] = sum(1 for p in pods if active(p) and pod_ready(p))
            if self.minor >= 29:
                st["terminating"] = 0
            st["uncountedTerminatedPods"] = {}
        self.compute_endpoints()
        for q in self.objs["resourcequotas"]:
            ns = q["metadata"]["namespace"]
            used = quota_usage(self.objs["pods"], self.objs["persistentvolumeclaims"], ns, q["spec"]["hard"])
            q["status"] = {"hard": dict(q["spec"]["hard"]), "used": used}

    def compute_endpoints(self):
        for svc in self.objs["services"]:
            md = svc["metadata"]
            ns, name = md["namespace"], md["name"]
            sp = svc["spec"]
            if sp["type"] == "ExternalName":
                continue
            headless = sp.get("clusterIP") == "None"
            if "selector" not in sp:
                ep = self.get("Endpoints", ns, name)
                if ep is None:
                    continue
                if (ep["metadata"].get("labels") or {}).get("endpointslice.kubernetes.io/skip-mirror") == "true":
                    continue
                self.mirror_slice(svc, ep)
                continue
            eps, slices = endpoints_for(svc, [p for p in self.objs["pods"] if p["metadata"]["namespace"] == ns], self.idx)
            lb = dict(md.get("labels") or {})
            if headless:
                lb["service.kubernetes.io/headless"] = ""
            created = max(parse_ts(md["creationTimestamp"]), self.ago(days=0))
            created = parse_ts(md["creationTimestamp"])
            trig = self.last_change(svc)
            ep = {"metadata": self.meta("Endpoints", name, ns, created, lb or None,
                                        {"endpoints.kubernetes.io/last-change-trigger-time": iso(trig)} if trig else None)}
            if eps:
                ep["subsets"] = eps
            self.add("Endpoints", ep)
            slb = dict(lb)
            slb["endpointslice.kubernetes.io/managed-by"] = "endpointslice-controller.k8s.io"
            slb["kubernetes.io/service-name"] = name
            for sl in slices:
                o = {"addressType": "IPv4", "endpoints": sl["endpoints"] if sl["endpoints"] else None,
                     "metadata": self.meta("EndpointSlice", "%s-%s" % (name[:57], self.sfx()), ns, created, slb,
                                           {"endpoints.kubernetes.io/last-change-trigger-time": iso(trig)} if trig else None,
                                           [self.oref(svc)], gen=self.rng.randint(1, 40))}
                o["metadata"]["generateName"] = name[:57] + "-"
                for e in o["endpoints"] or []:
                    node = e.get("nodeName")
                    if node:
                        z = self.get("Node", "", node)["metadata"]["labels"].get("topology.kubernetes.io/zone")
                        if z:
                            e["zone"] = z
                if sl["ports"] is not None:
                    o["ports"] = sl["ports"]
                self.add("EndpointSlice", o)

    def last_change(self, svc):
        ns = svc["metadata"]["namespace"]
        ts = [parse_ts(svc["metadata"]["creationTimestamp"])]
        for p in self.objs["pods"]:
            if p["metadata"]["namespace"] == ns and labels_match(svc["spec"].get("selector"), p["metadata"].get("labels")):
                for c in p["status"].get("conditions", []):
                    if c["type"] == "Ready":
                        ts.append(parse_ts(c["lastTransitionTime"]))
        return max(ts)

    def mirror_slice(self, svc, ep):
        md = ep["metadata"]
        lb = dict(md.get("labels") or {})
        lb["endpointslice.kubernetes.io/managed-by"] = "endpointslicemirroring-controller.k8s.io"
        lb["kubernetes.io/service-name"] = md["name"]
        for i, sub in enumerate(ep.get("subsets") or []):
            eps = []
            for a in sub.get("addresses", []):
                eps.append({"addresses": [a["ip"]], "conditions": {"ready": True}})
            for a in sub.get("notReadyAddresses", []):
                eps.append({"addresses": [a["ip"]], "conditions": {"ready": False}})
            o = {"addressType": "IPv4", "endpoints": eps, "metadata": self.meta(
                "EndpointSlice", "%s-%s" % (md["name"][:57], self.sfx()), md["namespace"], parse_ts(md["creationTimestamp"]) + timedelta(seconds=1), lb, None,
                [self.oref(ep)], gen=1), "ports": [dict(p) for p in sub.get("ports", [])]}
            o["metadata"]["generateName"] = md["name"][:57] + "-"
            self.add("EndpointSlice", o)

    # -- output -----------------------------------------------------------------------------------
    def write(self, outdir):
        os.makedirs(outdir, exist_ok=True)
        for plural, items in self.objs.items():
            if plural in self.omit:
                continue
            clean = [strip_private(o) for o in items]
            clean.sort(key=lambda o: (o["metadata"].get("namespace", ""), o["metadata"]["name"]))
            doc = {"apiVersion": "v1", "items": clean, "kind": "List", "metadata": {"resourceVersion": ""}}
            with open(os.path.join(outdir, plural + ".json"), "w") as f:
                json.dump(doc, f, indent=4, sort_keys=True)
                f.write("\n")
        with open(os.path.join(outdir, "snapshot_time.txt"), "w") as f:
            f.write(iso(self.snap) + "\n")
        with open(os.path.join(outdir, "truth.json"), "w") as f:
            json.dump(self.truth, f, indent=2, sort_keys=True)
            f.write("\n")


def strip_private(o):
    if isinstance(o, dict):
        return {k: strip_private(v) for k, v in o.items() if not k.startswith("_")}
    if isinstance(o, list):
        return [strip_private(x) for x in o]
    return o


def pod_effective(pod, res):
    """pod-level effective requests/limits as ResourceQuota counts them: max(sum(containers), max(init))"""
    kind, what = res.split(".", 1) if "." in res else ("requests", res)
    conv = cpu_m if what == "cpu" else mem_b
    tot = 0
    for c in pod["spec"]["containers"]:
        v = c.get("resources", {}).get(kind, {}).get(what)
        if v is None and kind == "requests":
            v = c.get("resources", {}).get("limits", {}).get(what)
        tot += conv(v) if v is not None else 0
    for c in pod["spec"].get("initContainers", []):
        v = c.get("resources", {}).get(kind, {}).get(what)
        if v is None and kind == "requests":
            v = c.get("resources", {}).get("limits", {}).get(what)
        if v is not None:
            tot = max(tot, conv(v))
    return tot


def quota_usage(pods, pvcs, ns, hard):
    live = [p for p in pods if p["metadata"]["namespace"] == ns and p["status"].get("phase") not in ("Succeeded", "Failed")]
    claims = [c for c in pvcs if c["metadata"]["namespace"] == ns]
    used = {}
    for k in hard:
        if k in ("pods", "count/pods"):
            used[k] = str(len(live))
        elif k in ("persistentvolumeclaims", "count/persistentvolumeclaims"):
            used[k] = str(len(claims))
        elif k == "requests.storage":
            used[k] = fmt_mem(sum(mem_b(c["spec"]["resources"]["requests"]["storage"]) for c in claims))
        elif k.endswith("cpu"):
            used[k] = fmt_cpu(sum(pod_effective(p, k if "." in k else "requests.cpu") for p in live))
        elif k.endswith("memory"):
            used[k] = fmt_mem(sum(pod_effective(p, k if "." in k else "requests.memory") for p in live))
        else:
            raise ValueError(k)
    return used


def endpoints_for(svc, pods, idx):
    """Endpoints subsets and EndpointSlice bodies for a selector service, as the controllers compute them"""
    sp = svc["spec"]
    sel = sp["selector"]
    pnra = sp.get("publishNotReadyAddresses", False)
    name = svc["metadata"]["name"]
    groups = {}
    sgroups = {}
    for p in sorted(pods, key=lambda p: p["metadata"]["name"]):
        if not labels_match(sel, p["metadata"].get("labels")):
            continue
        ip = p["status"].get("podIP")
        if not ip or p["status"].get("phase") in ("Succeeded", "Failed"):
            continue
        terminating = "deletionTimestamp" in p["metadata"]
        ready = pod_ready(p)
        ports = []
        for sport in sp.get("ports", []):
            num = find_port(p, sport["targetPort"])
            if num is None:
                continue
            d = {"port": num, "protocol": sport.get("protocol", "TCP")}
            if sport.get("name"):
                d["name"] = sport["name"]
            ports.append(d)
        key = json.dumps(ports, sort_keys=True)
        addr = {"ip": ip, "nodeName": p["spec"].get("nodeName"),
                "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": p["metadata"]["namespace"],
                              "uid": p["metadata"]["uid"]}}
        if p["spec"].get("hostname") and p["spec"].get("subdomain") == name:
            addr["hostname"] = p["spec"]["hostname"]
        if not addr["nodeName"]:
            del addr["nodeName"]
        # EndpointSlice (terminating pods included)
        e = {"addresses": [ip], "conditions": {"ready": (ready or pnra) and not terminating, "serving": ready or pnra,
                                                "terminating": terminating},
             "targetRef": addr["targetRef"]}
        if pnra and terminating:
            e["conditions"]["ready"] = True
        if addr.get("nodeName"):
            e["nodeName"] = addr["nodeName"]
        if addr.get("hostname"):
            e["hostname"] = addr["hostname"]
        sgroups.setdefault(key, []).append(e)
        # Endpoints (terminating pods dropped unless publishNotReadyAddresses)
        if terminating and not pnra:
            continue
        g = groups.setdefault(key, {"addresses": [], "notReadyAddresses": []})
        if ready or pnra:
            g["addresses"].append(addr)
        else:
            g["notReadyAddresses"].append(addr)
    subsets = []
    for key in sorted(groups):
        g = groups[key]
        sub = {}
        if g["addresses"]:
            sub["addresses"] = sorted(g["addresses"], key=lambda a: a["ip"])
        if g["notReadyAddresses"]:
            sub["notReadyAddresses"] = sorted(g["notReadyAddresses"], key=lambda a: a["ip"])
        ports = json.loads(key)
        if ports:
            sub["ports"] = ports
        subsets.append(sub)
    slices = []
    for key in sorted(sgroups):
        slices.append({"endpoints": sgroups[key], "ports": json.loads(key)})
    if not slices:
        ports = []
        for sport in sp.get("ports", []):
            if isinstance(sport["targetPort"], int) or True:
                pass
        slices.append({"endpoints": [], "ports": None})
    return subsets, slices


# ----------------------------------------------------------------------------------------------
# platform: nodes, system namespaces and pods, storage classes
# ----------------------------------------------------------------------------------------------

def R(cpu, mem):
    return (cpu, mem)


def sysc(name, image, cpu="50m", mem="64Mi", lim=None, ports=None, **kw):
    return C(name, image, ports=ports, req=(cpu, mem), lim=lim, **kw)


def sa_for(b, ns, sa, **kw):
    if sa and not b.get("ServiceAccount", ns, sa):
        b.sa(ns, sa, **kw)


def sysdeploy(b, ns, name, replicas, containers, sel, sa=None, prio="system-cluster-critical", hn=False,
              node_selector=None, tolerations=None, volumes=None, init=None, nodes=None, labels=None,
              created=None, tmpl_labels=None, annotations=None, **kw):
    sa_for(b, ns, sa)
    tm = T(containers, sa=sa, volumes=volumes, init=init, node_selector=node_selector, tolerations=tolerations,
           host_network=hn, priority_class=prio, labels=tmpl_labels, annotations=annotations)
    return b.deployment(ns, name, tm, replicas, sel=sel, labels=labels, created=created, nodes=nodes, **kw)


def sysds(b, ns, name, containers, sel, sa=None, prio="system-node-critical", hn=False, tolerations=None,
          volumes=None, init=None, node_selector=None, labels=None, created=None, tmpl_labels=None, **kw):
    sa_for(b, ns, sa)
    tm = T(containers, sa=sa, volumes=volumes, init=init, tolerations=tolerations, host_network=hn,
           priority_class=prio, node_selector=node_selector, labels=tmpl_labels)
    return b.daemonset(ns, name, tm, sel=sel, labels=labels, created=created, **kw)


def syssts(b, ns, name, replicas, containers, sel, svc, vcts=None, sa=None, owner=None, volumes=None, init=None,
           labels=None, created=None, tmpl_labels=None, prio=None, security_context=None, node_selector=None,
           tolerations=None, annotations=None, **kw):
    sa_for(b, ns, sa)
    tm = T(containers, sa=sa, volumes=volumes, init=init, labels=tmpl_labels, priority_class=prio,
           security_context=security_context, node_selector=node_selector, tolerations=tolerations,
           annotations=annotations)
    return b.statefulset(ns, name, tm, replicas, svc, vcts=vcts, sel=sel, labels=labels, owner=owner,
                         created=created, **kw)


def static_pod(b, node, comp, image, cmd_port, ns="kube-system", extra_labels=None, cpu="250m"):
    name = "%s-%s" % (comp, node)
    nobj = b.get("Node", "", node)
    nc = parse_ts(nobj["metadata"]["creationTimestamp"])
    h = b.hexs(32)
    ann = {"kubernetes.io/config.hash": h, "kubernetes.io/config.mirror": h,
           "kubernetes.io/config.seen": micro(nc + timedelta(seconds=3)),
           "kubernetes.io/config.source": "file"}
    if comp == "etcd":
        ann["kubeadm.kubernetes.io/etcd.advertise-client-urls"] = "https://%s:2379" % b.node_info[node]["ip"]
    if comp == "kube-apiserver":
        ann["kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint"] = "%s:6443" % b.node_info[node]["ip"]
    lb = {"component": comp, "tier": "control-plane"}
    lb.update(extra_labels or {})
    c = C(comp, image, req=(cpu, "128Mi") if comp != "kube-proxy" else None,
          command=[comp] if comp != "etcd" else ["etcd", "--advertise-client-urls=https://%s:2379" % b.node_info[node]["ip"]],
          liveness=probe("http", cmd_port, "/livez" if comp == "kube-apiserver" else "/healthz", delay=10, period=10, timeout=15, failure=8),
          mounts=[("k8s-certs", "/etc/kubernetes/pki", True)] if comp != "kube-proxy" else [("kubeconfig", "/var/lib/kube-proxy/kubeconfig.conf", True)])
    tm = T([c], host_network=True, priority_class="system-node-critical", tolerations=[{"effect": "NoExecute", "operator": "Exists"}],
           volumes=[vol_host("k8s-certs", "/etc/kubernetes/pki", "DirectoryOrCreate")] if comp != "kube-proxy" else [vol_host("kubeconfig", "/var/lib/rancher/rke2/agent/kubeproxy.kubeconfig", "")],
           labels=lb, annotations=ann, automount=False)
    tm["spec"]["securityContext"] = {"seccompProfile": {"type": "RuntimeDefault"}} if comp != "kube-proxy" else {}
    ref = {"apiVersion": "v1", "controller": True, "kind": "Node", "name": node, "uid": nobj["metadata"]["uid"]}
    return b.mkpod(ns, name, tm, nc + timedelta(seconds=b.rng.randint(20, 60)), node, [ref],
                   started=nc + timedelta(seconds=b.rng.randint(5, 15)))


FAKE_CA = "-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIQ%s\n-----END CERTIFICATE-----\n"

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

PLATFORM_DEFS = {
    "eks": {"version": "v1.29.6-eks-1552ad0", "kubelet": "v1.29.3-eks-ae9a62a", "svc": ("10.100.", 0, 255), "dns": "10.100.0.10", "kapi": "10.100.0.1"},
    "gke": {"version": "v1.30.3-gke.1639000", "kubelet": "v1.30.3-gke.1639000", "svc": ("34.118.", 224, 239), "dns": "34.118.224.10", "kapi": "34.118.224.1"},
    "aks": {"version": "v1.29.7", "kubelet": "v1.29.7", "svc": ("10.0.", 0, 255), "dns": "10.0.0.10", "kapi": "10.0.0.1"},
    "doks": {"version": "v1.30.4", "kubelet": "v1.30.4", "svc": ("10.245.", 0, 255), "dns": "10.245.0.10", "kapi": "10.245.0.1"},
    "kubeadm": {"version": "v1.28.13", "kubelet": "v1.28.13", "svc": ("10.96.", 0, 255), "dns": "10.96.0.10", "kapi": "10.96.0.1"},
    "kubeadm130": {"version": "v1.30.5", "kubelet": "v1.30.5", "svc": ("10.96.", 0, 255), "dns": "10.96.0.10", "kapi": "10.96.0.1"},
    "k3s": {"version": "v1.29.8+k3s1", "kubelet": "v1.29.8+k3s1", "svc": ("10.43.", 0, 255), "dns": "10.43.0.10", "kapi": "10.43.0.1"},
    "rke2": {"version": "v1.28.12+rke2r1", "kubelet": "v1.28.12+rke2r1", "svc": ("10.43.", 0, 255), "dns": "10.43.0.10", "kapi": "10.43.0.1"},
    "openshift": {"version": "v1.29.8+f10c92d", "kubelet": "v1.29.8+f10c92d", "svc": ("172.30.", 0, 255), "dns": "172.30.0.10", "kapi": "172.30.0.1"},
}


def new_builder(iid, seed, snap, plat):
    d = PLATFORM_DEFS[plat]
    runtime = "cri-o" if plat == "openshift" else "containerd"
    b = B(iid, seed, snap, d["version"], "kubeadm" if plat == "kubeadm130" else plat, runtime)
    b.svc_cidr = d["svc"]
    b.svc_ips.update({d["dns"], d["kapi"]})
    b.ca_pem = FAKE_CA % b.hexs(24)
    b.t0 = snap - timedelta(days=b.rng.randint(160, 700), hours=b.rng.randint(0, 23), minutes=b.rng.randint(0, 59))
    b.gcp_project = "acme-prod-%d" % b.rng.randint(100000, 999999)
    b.azure_sub = b.uid()
    b.region = {"eks": "us-east-1", "gke": "us-central1", "aks": "eastus", "doks": "nyc1"}.get(plat, "")
    b.kubelet_version = d["kubelet"]
    b.domain = b.rng.choice(["acme.internal", "corp.example.com", "shop.example.net", "prod.example.org"])
    b.dns_ip = d["dns"]
    b.kapi_ip = d["kapi"]
    for n in ("default", "kube-system", "kube-public", "kube-node-lease"):
        b.namespace(n, b.t0)
    return b


def worker_created(b, managed):
    if managed:
        return b.ago(days=b.rng.randint(4, 40), hours=b.rng.randint(0, 23), minutes=b.rng.randint(0, 59))
    return b.t0 + timedelta(minutes=b.rng.randint(10, 60))


def kapi_service(b, ips, port):
    svc = b.service("default", "kubernetes", None, [("https", 443, port)], labels={"component": "apiserver", "provider": "kubernetes"},
                    created=b.t0)
    # the first IP of the service range
    svc["spec"]["clusterIP"] = b.kapi_ip
    svc["spec"]["clusterIPs"] = [b.kapi_ip]
    ep = b.manual_endpoints("default", "kubernetes", ips, [("https", port)], created=b.t0,
                            labels={"endpointslice.kubernetes.io/skip-mirror": "true"})
    b.add("EndpointSlice", {"addressType": "IPv4", "endpoints": [{"addresses": [ip], "conditions": {"ready": True}} for ip in ips],
                            "metadata": b.meta("EndpointSlice", "kubernetes", "default", b.t0, {"kubernetes.io/service-name": "kubernetes"}, None, None, gen=1),
                            "ports": [{"name": "https", "port": port, "protocol": "TCP"}]})
    return svc


def dns_service(b, ns, name, sel, labels=None):
    svc = b.service(ns, name, sel, [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP"), ("metrics", 9153, 9153, "TCP")],
                    labels=labels or {"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"},
                    annotations={"prometheus.io/port": "9153", "prometheus.io/scrape": "true"}, created=b.t0 + timedelta(minutes=1))
    svc["spec"]["clusterIP"] = b.dns_ip
    svc["spec"]["clusterIPs"] = [b.dns_ip]
    return svc


def coredns(b, name="coredns", replicas=2, image="registry.k8s.io/coredns/coredns:v1.11.1", corefile=COREFILE, sel=None,
            cm_name="coredns", prio="system-cluster-critical", tolerations=None):
    sel = sel or {"k8s-app": "kube-dns"}
    b.cm("kube-system", cm_name, {"Corefile": corefile}, created=b.t0 + timedelta(minutes=1))
    c = C("coredns", image, ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP"), ("metrics", 9153, "TCP")],
          req=("100m", "70Mi"), lim=(None, "170Mi"), args=["-conf", "/etc/coredns/Corefile"],
          mounts=[("config-volume", "/etc/coredns", True)],
          readiness=probe("http", 8181, "/ready", period=10), liveness=probe("http", 8080, "/health", delay=60, timeout=5, failure=5),
          sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]}, "readOnlyRootFilesystem": True})
    tols = tolerations or [{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}]
    return sysdeploy(b, "kube-system", name, replicas, [c], sel, sa="coredns", prio=prio,
                     volumes=[vol_cm("config-volume", cm_name, ["Corefile"])], tolerations=tols,
                     created=b.t0 + timedelta(minutes=1), strategy={"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}, "type": "RollingUpdate"})


def setup_eks(b, nworkers=4, pools=None, ebs_tolerate_all=True):
    zones = ["us-east-1a", "us-east-1b", "us-east-1c"]
    pools = pools or [("ng-general", nworkers, "m6i.2xlarge", 8, 32, None)]
    k = 0
    for pool_def in pools:
        pool, cnt, itype, cpu, mem, taints = pool_def[:6]
        pcreated = pool_def[6] if len(pool_def) > 6 else None
        for i in range(cnt):
            z = pool_def[7][i] if len(pool_def) > 7 else zones[k % 3]
            a = 32 * (1 + zones.index(z)) + b.rng.randint(0, 31)
            host = b.rng.randint(1, 9)
            ip = "192.168.%d.%d" % (a, host)
            name = "ip-192-168-%d-%d.ec2.internal" % (a, host)
            lb = {"eks.amazonaws.com/capacityType": "ON_DEMAND", "eks.amazonaws.com/nodegroup": pool,
                  "eks.amazonaws.com/nodegroup-image": "ami-0%s" % b.hexs(16), "eks.amazonaws.com/sourceLaunchTemplateId": "lt-0%s" % b.hexs(16),
                  "eks.amazonaws.com/sourceLaunchTemplateVersion": "1", "failure-domain.beta.kubernetes.io/region": "us-east-1",
                  "failure-domain.beta.kubernetes.io/zone": z, "k8s.io/cloud-provider-aws": b.hexs(32),
                  "node.kubernetes.io/instance-type": itype, "beta.kubernetes.io/instance-type": itype,
                  "topology.ebs.csi.aws.com/zone": z, "topology.k8s.aws/zone-id": "use1-az%d" % (zones.index(z) + 1),
                  "topology.kubernetes.io/region": "us-east-1", "topology.kubernetes.io/zone": z}
            if taints:
                lb["workload"] = "database"
            b.node(name, ip, lb, pcreated or worker_created(b, True), ("192.168.%d." % a, 10, 250), taints=copy.deepcopy(taints),
                   cpu=cpu, mem_gi=mem, max_pods=58, provider_id="aws:///%s/i-0%s" % (z, b.hexs(16)),
                   os_image="Amazon Linux 2", kernel="5.10.223-212.873.amzn2.x86_64", zone=z,
                   kubelet_version=b.kubelet_version, external_ip=None)
            k += 1
    kapi_service(b, ["192.168.%d.%d" % (b.rng.randint(32, 127), b.rng.randint(10, 250)) for _ in range(2)], 443)
    t = b.t0 + timedelta(minutes=5)
    sysds(b, "kube-system", "aws-node", [
        sysc("aws-node", "602401143452.dkr.ecr.us-east-1.amazonaws.com/amazon-k8s-cni:v1.18.3-eksbuild.2", "25m", "64Mi",
             ports=[("metrics", 61678)], env=[env_val("AWS_VPC_K8S_CNI_LOGLEVEL", "DEBUG"), env_val("ENABLE_PREFIX_DELEGATION", "false")],
             readiness=probe("exec", command=["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], delay=1, timeout=10),
             sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}}),
        sysc("aws-eks-nodeagent", "602401143452.dkr.ecr.us-east-1.amazonaws.com/amazon/aws-network-policy-agent:v1.1.2-eksbuild.2", "25m", "32Mi",
             sc={"capabilities": {"add": ["NET_ADMIN"]}, "privileged": True})],
        {"k8s-app": "aws-node"}, sa="aws-node", hn=True, tolerations=[{"operator": "Exists"}], created=t,
        init=[sysc("aws-vpc-cni-init", "602401143452.dkr.ecr.us-east-1.amazonaws.com/amazon-k8s-cni-init:v1.18.3-eksbuild.2", "25m", "16Mi", sc={"privileged": True})],
        labels={"app.kubernetes.io/instance": "aws-vpc-cni", "app.kubernetes.io/name": "aws-node", "k8s-app": "aws-node"})
    sysds(b, "kube-system", "kube-proxy", [
        sysc("kube-proxy", "602401143452.dkr.ecr.us-east-1.amazonaws.com/eks/kube-proxy:v1.29.3-minimal-eksbuild.2", "100m", None,
             command=["kube-proxy", "--v=2", "--config=/var/lib/kube-proxy-config/config", "--hostname-override=$(NODE_NAME)"],
             sc={"privileged": True})],
        {"k8s-app": "kube-proxy"}, sa="kube-proxy", hn=True, tolerations=[{"operator": "Exists"}], created=t,
        labels={"eks.amazonaws.com/component": "kube-proxy", "k8s-app": "kube-proxy"})
    coredns(b, image="602401143452.dkr.ecr.us-east-1.amazonaws.com/eks/coredns:v1.11.1-eksbuild.9",
            sel={"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns"})
    dns_service(b, "kube-system", "kube-dns", {"k8s-app": "kube-dns"},
                labels={"eks.amazonaws.com/component": "kube-dns", "k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"})
    ebs_csi(b, tolerate_all=ebs_tolerate_all)
    sysds(b, "kube-system", "eks-pod-identity-agent", [
        sysc("eks-pod-identity-agent", "602401143452.dkr.ecr.us-east-1.amazonaws.com/eks/eks-pod-identity-agent:0.1.10", "25m", "16Mi",
             ports=[("health", 2704), ("stats", 2705)], sc={"capabilities": {"add": ["CAP_NET_BIND_SERVICE"]}})],
        {"app.kubernetes.io/instance": "eks-pod-identity-agent", "app.kubernetes.io/name": "eks-pod-identity-agent"},
        hn=True, tolerations=[{"operator": "Exists"}], created=t + timedelta(days=30))
    b.sc("gp2", "kubernetes.io/aws-ebs", params={"fsType": "ext4", "type": "gp2"}, expansion=False, created=b.t0 + timedelta(minutes=2))
    b.sc("gp3", "ebs.csi.aws.com", default=True, params={"csi.storage.k8s.io/fstype": "ext4", "encrypted": "true", "type": "gp3"},
         topo="topology.ebs.csi.aws.com/zone", created=b.t0 + timedelta(days=2))
    b.default_sc = "gp3"


def ebs_csi(b, tolerate_all=True, created=None):
    t = created or b.t0 + timedelta(days=2)
    img = "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.33.0"
    sysdeploy(b, "kube-system", "ebs-csi-controller", 2, [
        sysc("ebs-plugin", img, "10m", "40Mi", ports=[("healthz", 9808)], args=["controller", "--endpoint=$(CSI_ENDPOINT)", "--batching=true", "--logging-format=text", "--v=2"],
             liveness=probe("http", "healthz", "/healthz", delay=10, period=10, timeout=3, failure=5)),
        sysc("csi-provisioner", "public.ecr.aws/eks-distro/kubernetes-csi/external-provisioner:v5.0.1-eks-1-30-10", "10m", "40Mi",
             args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--feature-gates=Topology=true", "--extra-create-metadata", "--leader-election=true", "--default-fstype=ext4"]),
        sysc("csi-attacher", "public.ecr.aws/eks-distro/kubernetes-csi/external-attacher:v4.6.1-eks-1-30-10", "10m", "40Mi"),
        sysc("csi-resizer", "public.ecr.aws/eks-distro/kubernetes-csi/external-resizer:v1.11.1-eks-1-30-10", "10m", "40Mi"),
        sysc("liveness-probe", "public.ecr.aws/eks-distro/kubernetes-csi/livenessprobe:v2.13.0-eks-1-30-10", "10m", "40Mi")],
        {"app": "ebs-csi-controller", "app.kubernetes.io/name": "aws-ebs-csi-driver"}, sa="ebs-csi-controller-sa",
        tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists", "tolerationSeconds": 300}],
        created=t, labels={"app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.33.0"})
    tols = [{"operator": "Exists"}] if tolerate_all else [{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists", "tolerationSeconds": 300}]
    return sysds(b, "kube-system", "ebs-csi-node", [
        sysc("ebs-plugin", img, "10m", "40Mi", ports=[("healthz", 9808)], args=["node", "--endpoint=$(CSI_ENDPOINT)", "--logging-format=text", "--v=2"], sc={"privileged": True}),
        sysc("node-driver-registrar", "public.ecr.aws/eks-distro/kubernetes-csi/node-driver-registrar:v2.11.1-eks-1-30-10", "10m", "40Mi"),
        sysc("liveness-probe", "public.ecr.aws/eks-distro/kubernetes-csi/livenessprobe:v2.13.0-eks-1-30-10", "10m", "40Mi")],
        {"app": "ebs-csi-node", "app.kubernetes.io/name": "aws-ebs-csi-driver"}, sa="ebs-csi-node-sa", tolerations=tols,
        node_selector={"kubernetes.io/os": "linux"}, created=t,
        labels={"app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.33.0"})


def setup_gke(b, nworkers=3, pools=None):
    zones = ["us-central1-a", "us-central1-b", "us-central1-c"]
    pools = pools or [("default-pool", nworkers, "e2-standard-8", 8, 32, None)]
    cl = "prod-%s" % b.sfx(4)
    k = 0
    for pool, cnt, itype, cpu, mem, taints in pools:
        ph = b.hexs(8)
        for i in range(cnt):
            z = zones[k % 3]
            name = "gke-%s-%s-%s-%s" % (cl, pool, ph, b.sfx(4))
            ip = "10.128.0.%d" % (b.rng.randint(2, 250))
            lb = {"cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
                  "cloud.google.com/gke-cpu-scaling-level": str(cpu), "cloud.google.com/gke-logging-variant": "DEFAULT",
                  "cloud.google.com/gke-max-pods-per-node": "110", "cloud.google.com/gke-nodepool": pool,
                  "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/gke-provisioning": "standard",
                  "cloud.google.com/machine-family": itype.split("-")[0], "cloud.google.com/private-node": "false",
                  "failure-domain.beta.kubernetes.io/region": "us-central1", "failure-domain.beta.kubernetes.io/zone": z,
                  "node.kubernetes.io/instance-type": itype, "beta.kubernetes.io/instance-type": itype,
                  "topology.gke.io/zone": z, "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": z}
            b.node(name, ip, lb, worker_created(b, True), "10.48.%d." % (k * 4 + b.rng.randint(0, 3)), cidr=None, taints=copy.deepcopy(taints),
                   cpu=cpu, mem_gi=mem, provider_id="gce://%s/%s/%s" % (b.gcp_project, z, name),
                   os_image="Container-Optimized OS from Google", kernel="6.1.100+", zone=z,
                   net_cond=("RouteCreated", "NodeController create implicit route"), kubelet_version=b.kubelet_version,
                   external_ip="34.%d.%d.%d" % (b.rng.randint(10, 200), b.rng.randint(1, 250), b.rng.randint(1, 250)))
            n = b.get("Node", "", name)
            cidr = "%s0/24" % b.node_net[name][0]
            n["spec"]["podCIDR"] = cidr
            n["spec"]["podCIDRs"] = [cidr]
            k += 1
    kapi_service(b, ["35.%d.%d.%d" % (b.rng.randint(180, 240), b.rng.randint(1, 250), b.rng.randint(1, 250))], 443)
    t = b.t0 + timedelta(minutes=3)
    kd = sysdeploy(b, "kube-system", "kube-dns", 2, [
        sysc("kubedns", "gke.gcr.io/k8s-dns-kube-dns:1.23.0-gke.9", "100m", "70Mi", lim=(None, "210Mi"), ports=[("dns-local", 10053, "UDP"), ("dns-tcp-local", 10053), ("metrics", 10055)],
             readiness=probe("http", 8081, "/readiness", delay=3, timeout=5)),
        sysc("dnsmasq", "gke.gcr.io/k8s-dns-dnsmasq-nanny:1.23.0-gke.9", "150m", "20Mi", ports=[("dns", 53, "UDP"), ("dns-tcp", 53)]),
        sysc("sidecar", "gke.gcr.io/k8s-dns-sidecar:1.23.0-gke.9", "10m", "20Mi", ports=[("metrics", 10054)]),
        sysc("prometheus-to-sd", "gke.gcr.io/prometheus-to-sd:v0.11.12-gke.28", "1m", "20Mi")],
        {"k8s-app": "kube-dns"}, sa="kube-dns", created=t, volumes=[vol_cm("kube-dns-config", "kube-dns")],
        tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "components.gke.io/gke-managed-components", "operator": "Exists"}])
    b.cm("kube-system", "kube-dns", {}, created=t, labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
    sysdeploy(b, "kube-system", "kube-dns-autoscaler", 1, [sysc("autoscaler", "gke.gcr.io/cluster-proportional-autoscaler:v1.8.11-gke.10", "20m", "10Mi")],
              {"k8s-app": "kube-dns-autoscaler"}, sa="kube-dns-autoscaler", created=t)
    dns_service(b, "kube-system", "kube-dns", {"k8s-app": "kube-dns"},
                labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "KubeDNS"})
    # kube-dns on GKE has no 9153 port; fix ports
    svc = b.get("Service", "kube-system", "kube-dns")
    svc["spec"]["ports"] = [{"name": "dns", "port": 53, "protocol": "UDP", "targetPort": 53}, {"name": "dns-tcp", "port": 53, "protocol": "TCP", "targetPort": 53}]
    nwork = len(b.node_info)
    sysdeploy(b, "kube-system", "konnectivity-agent", min(nwork, 6), [
        sysc("konnectivity-agent", "gke.gcr.io/proxy-agent:v0.30.3-gke.25", "10m", "30Mi", lim=(None, "125Mi"), ports=[("metrics", 8093)],
             liveness=probe("http", 8093, "/healthz", delay=15, timeout=15))],
        {"k8s-app": "konnectivity-agent"}, sa="konnectivity-agent", created=t)
    sysdeploy(b, "kube-system", "konnectivity-agent-autoscaler", 1, [sysc("autoscaler", "gke.gcr.io/cluster-proportional-autoscaler:v1.8.11-gke.10", "10m", "10Mi")],
              {"k8s-app": "konnectivity-agent-autoscaler"}, sa="konnectivity-agent-cpha", created=t)
    for nd in sorted(b.node_info):
        static_pod(b, nd, "kube-proxy", "gke.gcr.io/kube-proxy-amd64:v1.30.3-gke.1639000", 10256, extra_labels=None, cpu="100m")
    sysds(b, "kube-system", "fluentbit-gke", [
        sysc("fluentbit", "gke.gcr.io/fluent-bit:v1.8.12-gke.39", "50m", "100Mi", lim=(None, "250Mi")),
        sysc("fluentbit-gke", "gke.gcr.io/fluent-bit-gke-exporter:v0.26.3-gke.0", "50m", "100Mi", lim=(None, "250Mi"), ports=[("metrics", 2021)])],
        {"k8s-app": "fluentbit-gke"}, sa="fluentbit-gke", tolerations=[{"effect": "NoExecute", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"}], created=t)
    sysds(b, "kube-system", "gke-metrics-agent", [
        sysc("gke-metrics-agent", "gke.gcr.io/gke-metrics-agent:1.13.4-gke.0", "8m", "60Mi", lim=(None, "60Mi"))],
        {"component": "gke-metrics-agent"}, sa="gke-metrics-agent", tolerations=[{"effect": "NoExecute", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"}], created=t)
    sysds(b, "kube-system", "pdcsi-node", [
        sysc("csi-driver-registrar", "gke.gcr.io/csi-node-driver-registrar:v2.9.4-gke.6", "5m", "10Mi"),
        sysc("gce-pd-driver", "gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.13.2-gke.0", "5m", "10Mi", sc={"privileged": True})],
        {"k8s-app": "gcp-compute-persistent-disk-csi-driver"}, sa="pdcsi-node-sa", tolerations=[{"operator": "Exists"}], created=t)
    sysdeploy(b, "kube-system", "metrics-server-v1.30.3", 1, [
        sysc("metrics-server", "gke.gcr.io/metrics-server:v0.7.1-gke.15", "48m", "105Mi", lim=(None, "105Mi"), ports=[("https", 10250)]),
        sysc("metrics-server-nanny", "gke.gcr.io/addon-resizer:1.8.20-gke.4", "5m", "50Mi")],
        {"k8s-app": "metrics-server", "version": "v1.30.3"}, sa="metrics-server", created=t)
    b.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [("", 443, "https")], created=t)
    sysdeploy(b, "kube-system", "event-exporter-gke", 1, [
        sysc("event-exporter", "gke.gcr.io/event-exporter:v0.4.0-gke.7", "5m", "20Mi"),
        sysc("prometheus-to-sd-exporter", "gke.gcr.io/prometheus-to-sd:v0.11.12-gke.28", "1m", "10Mi")],
        {"k8s-app": "event-exporter"}, sa="event-exporter-sa", created=t)
    sysdeploy(b, "kube-system", "l7-default-backend", 1, [
        sysc("default-http-backend", "gke.gcr.io/ingress-gce-404-server-with-metrics:v1.25.0", "10m", "20Mi", ports=[("", 8080)],
             liveness=probe("http", 8080, "/healthz", delay=30, timeout=5))],
        {"k8s-app": "glbc"}, created=t)
    b.service("kube-system", "default-http-backend", {"k8s-app": "glbc"}, [("http", 80, 8080)], typ="NodePort", created=t)
    b.sc("standard", "kubernetes.io/gce-pd", params={"type": "pd-standard"}, binding="Immediate", created=b.t0 + timedelta(minutes=2))
    b.sc("standard-rwo", "pd.csi.storage.gke.io", default=True, params={"type": "pd-balanced"}, topo="topology.gke.io/zone", created=b.t0 + timedelta(minutes=2))
    b.sc("premium-rwo", "pd.csi.storage.gke.io", params={"type": "pd-ssd"}, topo="topology.gke.io/zone", created=b.t0 + timedelta(minutes=2))
    b.default_sc = "standard-rwo"


def setup_aks(b, nworkers=3, pools=None):
    zones = ["eastus-1", "eastus-2", "eastus-3"]
    pools = pools or [("nodepool1", nworkers, "Standard_D8ds_v5", 8, 32, None)]
    k = 0
    for pool, cnt, itype, cpu, mem, taints in pools:
        vmss = "%08d" % b.rng.randint(10000000, 99999999)
        for i in range(cnt):
            z = zones[k % 3]
            name = "aks-%s-%s-vmss%06d" % (pool, vmss, i)
            ip = "10.224.0.%d" % (4 + k)
            lb = {"agentpool": pool, "kubernetes.azure.com/agentpool": pool, "kubernetes.azure.com/cluster": "MC_prod-rg_prod-aks_eastus",
                  "kubernetes.azure.com/consolidated-additional-properties": b.uid(), "kubernetes.azure.com/kubelet-identity-client-id": b.uid(),
                  "kubernetes.azure.com/mode": "system" if k == 0 else "user", "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202408.27.0",
                  "kubernetes.azure.com/nodepool-type": "VirtualMachineScaleSets", "kubernetes.azure.com/os-sku": "Ubuntu", "kubernetes.azure.com/role": "agent",
                  "kubernetes.azure.com/storageprofile": "managed", "kubernetes.azure.com/storagetier": "Premium_LRS",
                  "node.kubernetes.io/instance-type": itype, "beta.kubernetes.io/instance-type": itype,
                  "storageprofile": "managed", "storagetier": "Premium_LRS",
                  "topology.disk.csi.azure.com/zone": z, "topology.kubernetes.io/region": "eastus", "topology.kubernetes.io/zone": z,
                  "failure-domain.beta.kubernetes.io/region": "eastus", "failure-domain.beta.kubernetes.io/zone": z}
            if taints:
                lb["workload"] = "database"
            b.node(name, ip, lb, worker_created(b, True), "10.244.%d." % (k + 1), cidr="10.244.%d.0/24" % (k + 1), taints=copy.deepcopy(taints), cpu=cpu,
                   mem_gi=mem, max_pods=110, provider_id="azure:///subscriptions/%s/resourceGroups/mc_prod-rg_prod-aks_eastus/providers/Microsoft.Compute/virtualMachineScaleSets/aks-%s-%s-vmss/virtualMachines/%d" % (b.azure_sub, pool, vmss, i),
                   os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-1071-azure", zone=z, kubelet_version=b.kubelet_version,
                   net_cond=("RouteCreated", "RouteController created a route"))
            k += 1
    kapi_service(b, ["20.%d.%d.%d" % (b.rng.randint(40, 250), b.rng.randint(1, 250), b.rng.randint(1, 250))], 443)
    t = b.t0 + timedelta(minutes=3)
    cd = coredns(b, image="mcr.microsoft.com/oss/kubernetes/coredns:v1.9.4-hotfix.20240704", sel={"k8s-app": "kube-dns", "version": "v20"},
                 tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}])
    sysdeploy(b, "kube-system", "coredns-autoscaler", 1, [sysc("autoscaler", "mcr.microsoft.com/oss/kubernetes/autoscaler/cluster-proportional-autoscaler:v1.8.11", "20m", "10Mi")],
              {"k8s-app": "coredns-autoscaler"}, sa="coredns-autoscaler", created=t)
    dns_service(b, "kube-system", "kube-dns", {"k8s-app": "kube-dns"})
    sysdeploy(b, "kube-system", "konnectivity-agent", 2, [
        sysc("konnectivity-agent", "mcr.microsoft.com/oss/kubernetes/apiserver-network-proxy/agent:v0.30.3-hotfix.20240819", "20m", "20Mi", lim=("1", "1Gi"))],
        {"app": "konnectivity-agent"}, sa="konnectivity-agent", created=t)
    sysdeploy(b, "kube-system", "metrics-server", 2, [
        sysc("metrics-server", "mcr.microsoft.com/oss/kubernetes/metrics-server:v0.6.3", "50m", "85Mi", lim=(None, "400Mi"), ports=[("https", 4443)]),
        sysc("metrics-server-vpa", "mcr.microsoft.com/oss/kubernetes/autoscaler/addon-resizer:1.8.20", "5m", "25Mi")],
        {"k8s-app": "metrics-server"}, sa="metrics-server", created=t)
    b.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [("", 443, "https")], created=t)
    sysds(b, "kube-system", "kube-proxy", [sysc("kube-proxy", "mcr.microsoft.com/oss/kubernetes/kube-proxy:v1.29.7-hotfix.20240813", "100m", None, sc={"privileged": True})],
          {"component": "kube-proxy", "tier": "node"}, hn=True, tolerations=[{"operator": "Exists"}], created=t)
    sysds(b, "kube-system", "azure-ip-masq-agent", [sysc("azure-ip-masq-agent", "mcr.microsoft.com/aks/ip-masq-agent-v2:v0.1.11", "100m", "50Mi", lim=("500m", "250Mi"), sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}})],
          {"k8s-app": "azure-ip-masq-agent", "tier": "node"}, hn=True, tolerations=[{"operator": "Exists"}], created=t)
    sysds(b, "kube-system", "cloud-node-manager", [sysc("cloud-node-manager", "mcr.microsoft.com/oss/kubernetes/azure-cloud-node-manager:v1.29.9", "50m", "50Mi", lim=("2", "512Mi"))],
          {"k8s-app": "cloud-node-manager"}, sa="cloud-node-manager", hn=True, tolerations=[{"operator": "Exists"}], created=t)
    sysds(b, "kube-system", "csi-azuredisk-node", [
        sysc("liveness-probe", "mcr.microsoft.com/oss/kubernetes-csi/livenessprobe:v2.13.1", "10m", "20Mi", lim=(None, "100Mi")),
        sysc("node-driver-registrar", "mcr.microsoft.com/oss/kubernetes-csi/csi-node-driver-registrar:v2.11.1", "10m", "20Mi", lim=(None, "100Mi")),
        sysc("azuredisk", "mcr.microsoft.com/oss/kubernetes-csi/azuredisk-csi:v1.30.3", "10m", "20Mi", lim=(None, "1000Mi"), sc={"privileged": True})],
        {"app": "csi-azuredisk-node"}, sa="csi-azuredisk-node-sa", hn=True, tolerations=[{"operator": "Exists"}], created=t)
    sysds(b, "kube-system", "csi-azurefile-node", [
        sysc("liveness-probe", "mcr.microsoft.com/oss/kubernetes-csi/livenessprobe:v2.13.1", "10m", "20Mi", lim=(None, "100Mi")),
        sysc("node-driver-registrar", "mcr.microsoft.com/oss/kubernetes-csi/csi-node-driver-registrar:v2.11.1", "10m", "20Mi", lim=(None, "100Mi")),
        sysc("azurefile", "mcr.microsoft.com/oss/kubernetes-csi/azurefile-csi:v1.30.5", "10m", "20Mi", lim=(None, "600Mi"), sc={"privileged": True})],
        {"app": "csi-azurefile-node"}, sa="csi-azurefile-node-sa", hn=True, tolerations=[{"operator": "Exists"}], created=t)
    b.sc("default", "disk.csi.azure.com", default=True, params={"skuname": "StandardSSD_LRS"}, topo="topology.disk.csi.azure.com/zone")
    b.sc("managed-csi", "disk.csi.azure.com", params={"skuname": "StandardSSD_LRS"}, topo="topology.disk.csi.azure.com/zone")
    b.sc("managed-csi-premium", "disk.csi.azure.com", params={"skuname": "Premium_LRS"}, topo="topology.disk.csi.azure.com/zone")
    b.sc("azurefile-csi", "file.csi.azure.com", binding="Immediate", params={"skuName": "Standard_LRS"})
    b.default_sc = "managed-csi"


def setup_doks(b, nworkers=3, pools=None):
    pools = pools or [("pool-%s" % b.sfx(5), nworkers, "s-4vcpu-8gb", 4, 8, None)]
    k = 0
    for pool_def in pools:
        pool, cnt, itype, cpu, mem, taints = pool_def[:6]
        pcreated = pool_def[6] if len(pool_def) > 6 else None
        for i in range(cnt):
            name = "%s-%s" % (pool, b.sfx(5))
            ip = "10.116.0.%d" % (2 + k)
            lb = {"doks.digitalocean.com/managed": "true", "doks.digitalocean.com/node-id": b.uid(), "doks.digitalocean.com/node-pool": pool,
                  "doks.digitalocean.com/node-pool-id": b.uid(), "doks.digitalocean.com/version": "1.30.4-do.0",
                  "failure-domain.beta.kubernetes.io/region": "nyc1", "node.kubernetes.io/instance-type": itype,
                  "beta.kubernetes.io/instance-type": itype, "region": "nyc1", "topology.kubernetes.io/region": "nyc1"}
            if taints:
                lb["workload"] = "database"
            b.node(name, ip, lb, (pcreated if i == cnt - 1 else None) or worker_created(b, True), "10.244.%d." % (k * 2 + b.rng.randint(0, 1)), taints=copy.deepcopy(taints), cpu=cpu, mem_gi=mem,
                   provider_id="digitalocean://%d" % b.rng.randint(400000000, 450000000), os_image="Debian GNU/Linux 12 (bookworm)",
                   kernel="6.1.0-25-amd64", kubelet_version=b.kubelet_version, net_cond=("CiliumIsUp", "Cilium is running on this node"),
                   external_ip="%d.%d.%d.%d" % (b.rng.choice([159, 167, 137, 64]), b.rng.randint(1, 250), b.rng.randint(1, 250), b.rng.randint(1, 250)))
            k += 1
    kapi_service(b, ["%d.%d.%d.%d" % (b.rng.choice([159, 167]), b.rng.randint(1, 250), b.rng.randint(1, 250), b.rng.randint(1, 250))], 443)
    t = b.t0 + timedelta(minutes=3)
    sysds(b, "kube-system", "cilium", [
        sysc("cilium-agent", "ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix", "300m", "300Mi", ports=[("peer-service", 4244), ("prometheus", 9090)],
             readiness=probe("http", 9879, "/healthz", period=30, timeout=5), sc={"privileged": True}),
        sysc("cilium-agent-ip-masq", "ghcr.io/digitalocean-packages/ip-masq-agent:v2.8.0", "10m", "20Mi")],
        {"k8s-app": "cilium"}, sa="cilium", hn=True, tolerations=[{"operator": "Exists"}], created=t,
        init=[sysc("config", "ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix", "10m", "10Mi"),
              sysc("mount-cgroup", "ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix", "10m", "10Mi", sc={"privileged": True}),
              sysc("clean-cilium-state", "ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix", "100m", "100Mi", sc={"privileged": True}),
              sysc("install-cni-binaries", "ghcr.io/digitalocean-packages/cilium:v1.14.14-conformance-fix", "100m", "10Mi")])
    sysdeploy(b, "kube-system", "cilium-operator", 1, [sysc("cilium-operator", "ghcr.io/digitalocean-packages/cilium-operator-generic:v1.14.14", "100m", "128Mi")],
              {"io.cilium/app": "operator", "name": "cilium-operator"}, sa="cilium-operator", hn=True, created=t)
    sysdeploy(b, "kube-system", "hubble-relay", 1, [sysc("hubble-relay", "ghcr.io/digitalocean-packages/hubble-relay:v1.14.14", "10m", "64Mi", ports=[("grpc", 4245)])],
              {"k8s-app": "hubble-relay"}, sa="hubble-relay", created=t)
    b.service("kube-system", "hubble-relay", {"k8s-app": "hubble-relay"}, [("", 80, "grpc")], created=t)
    coredns(b, image="registry.k8s.io/coredns/coredns:v1.11.3", tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}])
    dns_service(b, "kube-system", "kube-dns", {"k8s-app": "kube-dns"})
    sysds(b, "kube-system", "csi-do-node", [
        sysc("csi-node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.9.0", "10m", "20Mi"),
        sysc("csi-do-plugin", "digitalocean/do-csi-plugin:v4.12.0", "10m", "50Mi", sc={"privileged": True})],
        {"app": "csi-do-node"}, sa="csi-do-node-sa", hn=True, tolerations=[{"operator": "Exists"}], created=t)
    sysds(b, "kube-system", "do-node-agent", [sysc("do-node-agent", "docker.io/digitalocean/do-agent:3.16.11", "102m", "80Mi", lim=(None, "300Mi"))],
          {"app": "do-node-agent"}, sa="do-agent", hn=True, tolerations=[{"operator": "Exists"}], created=t, prio=None)
    sysds(b, "kube-system", "konnectivity-agent", [sysc("konnectivity-agent", "registry.k8s.io/kas-network-proxy/proxy-agent:v0.30.3", "10m", "30Mi")],
          {"k8s-app": "konnectivity-agent"}, sa="konnectivity-agent", tolerations=[{"operator": "Exists"}], created=t)
    b.sc("do-block-storage", "dobs.csi.digitalocean.com", binding="Immediate", default=True, topo="region")
    b.sc("do-block-storage-retain", "dobs.csi.digitalocean.com", binding="Immediate", reclaim="Retain", topo="region")
    b.sc("do-block-storage-xfs", "dobs.csi.digitalocean.com", binding="Immediate", params={"fstype": "xfs"}, topo="region")
    b.default_sc = "do-block-storage"


def setup_kubeadm(b, nworkers=4, cni="calico", cps=1, worker_prefix="k8s-worker", cp_prefix="k8s-cp", taints=None,
                  extra_workers=None, os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-119-generic", vsphere=False):
    b.platform_label = "kubeadm %s (%s, %s)" % (b.version.split("+")[0], "vSphere" if vsphere else "bare metal", {"calico": "Calico", "cilium": "Cilium", "flannel": "flannel"}[cni])
    net = {"calico": ("CalicoIsUp", "Calico is running on this node"), "cilium": ("CiliumIsUp", "Cilium is running on this node"), "flannel": ("FlannelIsUp", "Flannel is running on this node")}[cni]
    k = 0
    cp_names = []
    for i in range(cps):
        name = "%s-%02d" % (cp_prefix, i + 1)
        ip = "10.20.10.%d" % (11 + i)
        pref = ("172.16.%d." % (k + 10), 1, 62) if cni == "calico" else ("10.244.%d." % k)
        b.node(name, ip, {"node-role.kubernetes.io/control-plane": "", "node.kubernetes.io/exclude-from-external-load-balancers": ""},
               b.t0 + timedelta(minutes=i * 4), pref, cidr="10.244.%d.0/24" % k,
               taints=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}], cpu=4, mem_gi=8, role="cp",
               os_image=os_image, kernel=kernel, net_cond=net, kubelet_version=b.kubelet_version,
               provider_id=("vsphere://%s" % b.uid()) if vsphere else None)
        cp_names.append(name)
        k += 1
    b.cp_node = cp_names[0]
    wl = [(worker_prefix, nworkers, 16, 64, taints, {})] + (extra_workers or [])
    for prefix, cnt, cpu, mem, tts, labels in wl:
        for i in range(cnt):
            name = "%s-%02d" % (prefix, i + 1)
            ip = "10.20.10.%d" % (21 + k)
            pref = ("172.16.%d." % (k + 10), 1, 62) if cni == "calico" else ("10.244.%d." % k)
            b.node(name, ip, dict(labels), b.t0 + timedelta(minutes=20 + k * 3), pref, cidr="10.244.%d.0/24" % k,
                   taints=copy.deepcopy(tts) if tts else None, cpu=cpu, mem_gi=mem, os_image=os_image, kernel=kernel, net_cond=net,
                   kubelet_version=b.kubelet_version, provider_id=("vsphere://%s" % b.uid()) if vsphere else None)
            k += 1
    kapi_service(b, [b.node_info[n]["ip"] for n in cp_names], 6443)
    ver = b.version.split("+")[0]
    for n in cp_names:
        static_pod(b, n, "etcd", "registry.k8s.io/etcd:3.5.15-0", 2381, cpu="100m")
        static_pod(b, n, "kube-apiserver", "registry.k8s.io/kube-apiserver:%s" % ver, 6443)
        static_pod(b, n, "kube-controller-manager", "registry.k8s.io/kube-controller-manager:%s" % ver, 10257, cpu="200m")
        static_pod(b, n, "kube-scheduler", "registry.k8s.io/kube-scheduler:%s" % ver, 10259, cpu="100m")
    t = b.t0 + timedelta(minutes=2)
    sysds(b, "kube-system", "kube-proxy", [C("kube-proxy", "registry.k8s.io/kube-proxy:%s" % ver, command=["/usr/local/bin/kube-proxy", "--config=/var/lib/kube-proxy/config.conf", "--hostname-override=$(NODE_NAME)"],
                                            sc={"privileged": True}, mounts=[("kube-proxy", "/var/lib/kube-proxy")])],
          {"k8s-app": "kube-proxy"}, sa="kube-proxy", hn=True, tolerations=[{"operator": "Exists"}], created=t,
          volumes=[vol_cm("kube-proxy", "kube-proxy")])
    b.cm("kube-system", "kube-proxy", {"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: \"ipvs\"\n", "kubeconfig.conf": "apiVersion: v1\nkind: Config\n"}, created=t)
    coredns(b)
    dns_service(b, "kube-system", "kube-dns", {"k8s-app": "kube-dns"})
    b.cm("kube-system", "kubeadm-config", {"ClusterConfiguration": "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\nkubernetesVersion: %s\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: 10.244.0.0/16\n  serviceSubnet: 10.96.0.0/12\n" % ver}, created=t)
    t2 = b.t0 + timedelta(minutes=8)
    if cni == "calico":
        img = "docker.io/calico/node:v3.27.3"
        sysds(b, "kube-system", "calico-node", [
            sysc("calico-node", img, "250m", None, env=[env_val("DATASTORE_TYPE", "kubernetes"), env_val("CALICO_IPV4POOL_IPIP", "Always"), env_val("CALICO_NETWORKING_BACKEND", "bird"), env_val("IP", "autodetect")],
                 readiness=probe("exec", command=["/bin/calico-node", "-felix-ready", "-bird-ready"], period=10, timeout=10),
                 liveness=probe("exec", command=["/bin/calico-node", "-felix-live", "-bird-live"], delay=10, period=10, timeout=10, failure=6),
                 sc={"privileged": True}, mounts=[("var-lib-calico", "/var/lib/calico"), ("cni-net-dir", "/host/etc/cni/net.d")])],
            {"k8s-app": "calico-node"}, sa="calico-node", hn=True, tolerations=[{"effect": "NoSchedule", "operator": "Exists"}, {"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists"}],
            init=[C("upgrade-ipam", "docker.io/calico/cni:v3.27.3", command=["/opt/cni/bin/calico-ipam", "-upgrade"], sc={"privileged": True}),
                  C("install-cni", "docker.io/calico/cni:v3.27.3", command=["/opt/cni/bin/install"], sc={"privileged": True}),
                  C("mount-bpffs", img, command=["calico-node", "-init", "-best-effort"], sc={"privileged": True})],
            volumes=[vol_host("var-lib-calico", "/var/lib/calico", "DirectoryOrCreate"), vol_host("cni-net-dir", "/etc/cni/net.d", "")], created=t2)
        sysdeploy(b, "kube-system", "calico-kube-controllers", 1, [C("calico-kube-controllers", "docker.io/calico/kube-controllers:v3.27.3",
                  env=[env_val("ENABLED_CONTROLLERS", "node"), env_val("DATASTORE_TYPE", "kubernetes")],
                  readiness=probe("exec", command=["/usr/bin/check-status", "-r"], period=10), liveness=probe("exec", command=["/usr/bin/check-status", "-l"], delay=10, timeout=10, failure=6))],
                  {"k8s-app": "calico-kube-controllers"}, sa="calico-kube-controllers", created=t2,
                  tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/master"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}],
                  node_selector={"kubernetes.io/os": "linux"}, strategy={"type": "Recreate"})
        b.cm("kube-system", "calico-config", {"calico_backend": "bird", "cni_network_config": "{\n  \"name\": \"k8s-pod-network\",\n  \"cniVersion\": \"0.3.1\"\n}", "typha_service_name": "none", "veth_mtu": "0"}, created=t2)
    elif cni == "cilium":
        img = "quay.io/cilium/cilium:v1.15.8@sha256:3b5b0477f696502c449eaddff30019a7d399f077b7814bcafabc636829d194c7"
        sysds(b, "kube-system", "cilium", [
            sysc("cilium-agent", img, "100m", "256Mi", ports=[("peer-service", 4244)], command=["cilium-agent"], args=["--config-dir=/tmp/cilium/config-map"],
                 readiness=probe("http", 9879, "/healthz", period=30, timeout=5), startup=probe("http", 9879, "/healthz", period=2, failure=105),
                 sc={"capabilities": {"add": ["CHOWN", "KILL", "NET_ADMIN", "NET_RAW", "IPC_LOCK", "SYS_MODULE", "SYS_ADMIN", "SYS_RESOURCE", "DAC_OVERRIDE", "FOWNER", "SETGID", "SETUID"], "drop": ["ALL"]}, "seLinuxOptions": {"level": "s0", "type": "spc_t"}},
                 tmp_policy="FallbackToLogsOnError")],
            {"k8s-app": "cilium"}, sa="cilium", hn=True, tolerations=[{"operator": "Exists"}], created=t2,
            init=[C("config", img, command=["cilium-dbg", "build-config"], tmp_policy="FallbackToLogsOnError"),
                  C("mount-cgroup", img, sc={"privileged": True}, tmp_policy="FallbackToLogsOnError"),
                  C("apply-sysctl-overwrites", img, sc={"privileged": True}, tmp_policy="FallbackToLogsOnError"),
                  C("clean-cilium-state", img, sc={"privileged": True}, tmp_policy="FallbackToLogsOnError"),
                  C("install-cni-binaries", img, req=("100m", "10Mi"), tmp_policy="FallbackToLogsOnError")],
            labels={"app.kubernetes.io/name": "cilium-agent", "app.kubernetes.io/part-of": "cilium", "k8s-app": "cilium"})
        sysdeploy(b, "kube-system", "cilium-operator", 2, [C("cilium-operator", "quay.io/cilium/operator-generic:v1.15.8", command=["cilium-operator-generic"], tmp_policy="FallbackToLogsOnError",
                  liveness=probe("http", 9234, "/healthz", delay=60, timeout=3))],
                  {"io.cilium/app": "operator", "name": "cilium-operator"}, sa="cilium-operator", hn=True, created=t2,
                  tolerations=[{"operator": "Exists"}])
        b.cm("kube-system", "cilium-config", {"cluster-name": "default", "ipam": "cluster-pool", "kube-proxy-replacement": "false", "tunnel-protocol": "vxlan", "enable-policy": "default"}, created=t2)
    else:
        b.namespace("kube-flannel", t2, labels={"pod-security.kubernetes.io/enforce": "privileged", "k8s-app": "flannel"})
        sysds(b, "kube-flannel", "kube-flannel-ds", [
            C("kube-flannel", "docker.io/flannel/flannel:v0.25.6", command=["/opt/bin/flanneld"], args=["--ip-masq", "--kube-subnet-mgr"],
              req=("100m", "50Mi"), sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False},
              mounts=[("run", "/run/flannel"), ("flannel-cfg", "/etc/kube-flannel/")])],
            {"app": "flannel", "k8s-app": "flannel"}, sa="flannel", hn=True, tolerations=[{"effect": "NoSchedule", "operator": "Exists"}], created=t2,
            init=[C("install-cni-plugin", "docker.io/flannel/flannel-cni-plugin:v1.5.1-flannel2", command=["cp"]),
                  C("install-cni", "docker.io/flannel/flannel:v0.25.6", command=["cp"])],
            volumes=[vol_host("run", "/run/flannel", ""), vol_cm("flannel-cfg", "kube-flannel-cfg")],
            labels={"app": "flannel", "k8s-app": "flannel", "tier": "node"}, tmpl_labels={"tier": "node"})
        b.cm("kube-flannel", "kube-flannel-cfg", {"cni-conf.json": "{\n  \"name\": \"cbr0\",\n  \"cniVersion\": \"0.3.1\"\n}", "net-conf.json": "{\n  \"Network\": \"10.244.0.0/16\",\n  \"Backend\": {\n    \"Type\": \"vxlan\"\n  }\n}"}, created=t2)
    sysdeploy(b, "kube-system", "metrics-server", 1, [C("metrics-server", "registry.k8s.io/metrics-server/metrics-server:v0.7.1", req=("100m", "200Mi"),
              args=["--cert-dir=/tmp", "--secure-port=10250", "--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname", "--kubelet-use-node-status-port", "--metric-resolution=15s", "--kubelet-insecure-tls"],
              ports=[("https", 10250)], readiness=probe("http", "https", "/readyz", delay=20), liveness=probe("http", "https", "/livez"))],
              {"k8s-app": "metrics-server"}, sa="metrics-server", created=b.t0 + timedelta(days=1))
    b.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [("https", 443, "https")], labels={"k8s-app": "metrics-server"}, created=b.t0 + timedelta(days=1))
    b.default_sc = None


def helm_install_job(b, name, chart, created):
    tm = T([C("helm", "rancher/klipper-helm:v0.8.4-build20240523", args=["install"], env=[env_val("NAME", chart), env_val("VERSION", "")],
              mounts=[("values", "/config"), ("content", "/chart")])], sa="helm-" + chart,
           volumes=[vol_secret("values", "chart-values-" + chart), vol_cm("content", "chart-content-" + chart)], restart="OnFailure")
    sa_for(b, "kube-system", "helm-" + chart, created=created)
    b.secret("kube-system", "chart-values-" + chart, ["values-01_HelmChart.yaml"], created=created)
    b.cm("kube-system", "chart-content-" + chart, {}, created=created)
    owner = b.crd_ref("helm.cattle.io/v1", "HelmChart", "kube-system", chart)
    return b.job("kube-system", name, tm, created, "complete", owner=[owner], backoff=1000, duration=25,
                 labels={"helmcharts.helm.cattle.io/chart": chart})


def setup_k3s(b, nworkers=3):
    name = "k3s-server-01"
    b.node(name, "192.168.10.11", {"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                                   "node.kubernetes.io/instance-type": "k3s", "beta.kubernetes.io/instance-type": "k3s",
                                   "k3s.io/hostname": name, "k3s.io/internal-ip": "192.168.10.11"},
           b.t0, "10.42.0.", cidr="10.42.0.0/24", cpu=4, mem_gi=16, provider_id="k3s://" + name, role="worker",
           os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-119-generic", kubelet_version=b.kubelet_version,
           runtime_version="containerd://1.7.20-k3s1")
    b.node_info[name]["role"] = "worker"
    b.cp_node = name
    for i in range(nworkers):
        n = "k3s-agent-%02d" % (i + 1)
        ip = "192.168.10.%d" % (21 + i)
        b.node(n, ip, {"node.kubernetes.io/instance-type": "k3s", "beta.kubernetes.io/instance-type": "k3s", "k3s.io/hostname": n, "k3s.io/internal-ip": ip},
               b.t0 + timedelta(minutes=10 + i), "10.42.%d." % (i + 1), cidr="10.42.%d.0/24" % (i + 1), cpu=8, mem_gi=32, provider_id="k3s://" + n,
               os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-119-generic", kubelet_version=b.kubelet_version, runtime_version="containerd://1.7.20-k3s1")
    for nm in b.node_info:
        b.get("Node", "", nm)["metadata"]["annotations"].update({"flannel.alpha.coreos.com/backend-type": "vxlan", "flannel.alpha.coreos.com/public-ip": b.node_info[nm]["ip"], "k3s.io/node-args": "[\"agent\"]"})
    kapi_service(b, ["192.168.10.11"], 6443)
    t = b.t0 + timedelta(seconds=50)
    coredns(b, replicas=1, image="rancher/mirrored-coredns-coredns:1.10.1", tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}])
    dns_service(b, "kube-system", "kube-dns", {"k8s-app": "kube-dns"})
    sysdeploy(b, "kube-system", "local-path-provisioner", 1, [C("local-path-provisioner", "rancher/local-path-provisioner:v0.0.28",
              command=["local-path-provisioner", "start", "--config", "/etc/config/config.json"], mounts=[("config-volume", "/etc/config/")])],
              {"app": "local-path-provisioner"}, sa="local-path-provisioner-service-account", created=t,
              volumes=[vol_cm("config-volume", "local-path-config")], tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}])
    b.cm("kube-system", "local-path-config", {"config.json": "{\n  \"nodePathMap\":[\n  {\n    \"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\n    \"paths\":[\"/var/lib/rancher/k3s/storage\"]\n  }\n  ]\n}", "helperPod.yaml": "apiVersion: v1\nkind: Pod\n", "setup": "#!/bin/sh\n", "teardown": "#!/bin/sh\n"}, created=t)
    sysdeploy(b, "kube-system", "metrics-server", 1, [C("metrics-server", "rancher/mirrored-metrics-server:v0.7.0", req=("100m", "70Mi"), ports=[("https", 10250)],
              readiness=probe("http", "https", "/readyz", period=2), liveness=probe("http", "https", "/livez", period=2))],
              {"k8s-app": "metrics-server"}, sa="metrics-server", created=t)
    b.service("kube-system", "metrics-server", {"k8s-app": "metrics-server"}, [("https", 443, "https")], created=t)
    helm_install_job(b, "helm-install-traefik-crd", "traefik-crd", t)
    helm_install_job(b, "helm-install-traefik", "traefik", t)
    tsel = {"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"}
    sysdeploy(b, "kube-system", "traefik", 1, [C("traefik", "rancher/mirrored-library-traefik:2.10.7", ports=[("metrics", 9100), ("traefik", 9000), ("web", 8000), ("websecure", 8443)],
              readiness=probe("http", 9000, "/ping", delay=2), liveness=probe("http", 9000, "/ping", delay=2),
              sc={"capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True})],
              tsel, sa="traefik", prio="system-cluster-critical", created=t + timedelta(minutes=1),
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}])
    svc = b.service("kube-system", "traefik", tsel, [("web", 80, "web"), ("websecure", 443, "websecure")], typ="LoadBalancer", created=t + timedelta(minutes=1))
    svc["status"] = {"loadBalancer": {"ingress": [{"ip": b.node_info[n]["ip"]} for n in sorted(b.node_info)]}}
    b.ingress_ip = b.node_info[name]["ip"]
    sh = b.hexs(8)
    sysds(b, "kube-system", "svclb-traefik-" + sh, [
        C("lb-tcp-80", "rancher/klipper-lb:v0.4.9", ports=[("lb-tcp-80", 80)], sc={"capabilities": {"add": ["NET_ADMIN"]}}),
        C("lb-tcp-443", "rancher/klipper-lb:v0.4.9", ports=[("lb-tcp-443", 443)], sc={"capabilities": {"add": ["NET_ADMIN"]}})],
        {"app": "svclb-traefik-" + sh}, prio=None, tolerations=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}, {"key": "CriticalAddonsOnly", "operator": "Exists"}],
        created=t + timedelta(minutes=1), labels={"objectset.rio.cattle.io/hash": b.hexs(40), "svccontroller.k3s.cattle.io/nodeselector": "false", "svccontroller.k3s.cattle.io/svcname": "traefik", "svccontroller.k3s.cattle.io/svcnamespace": "kube-system"})
    b.sc("local-path", "rancher.io/local-path", default=True, reclaim="Delete", expansion=False)
    b.default_sc = "local-path"


def setup_rke2(b, nworkers=3):
    servers = ["rke2-server-01"]
    for i, n in enumerate(servers):
        ip = "10.10.0.%d" % (11 + i)
        b.node(n, ip, {"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true", "node-role.kubernetes.io/master": "true",
                       "node.kubernetes.io/instance-type": "rke2", "beta.kubernetes.io/instance-type": "rke2"},
               b.t0, "10.42.%d." % i, cidr="10.42.%d.0/24" % i, cpu=8, mem_gi=16, role="cp", provider_id="rke2://" + n,
               taints=[{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "value": "true"}],
               os_image="SUSE Linux Enterprise Server 15 SP5", kernel="5.14.21-150500.55.73-default", kubelet_version=b.kubelet_version,
               runtime_version="containerd://1.7.17-k3s1", net_cond=("FlannelIsUp", "Flannel is running on this node"))
    b.cp_node = servers[0]
    for i in range(nworkers):
        n = "rke2-agent-%02d" % (i + 1)
        b.node(n, "10.10.0.%d" % (21 + i), {"node.kubernetes.io/instance-type": "rke2", "beta.kubernetes.io/instance-type": "rke2"},
               b.t0 + timedelta(minutes=15 + i), "10.42.%d." % (i + 3), cidr="10.42.%d.0/24" % (i + 3), cpu=16, mem_gi=64, provider_id="rke2://" + n,
               os_image="SUSE Linux Enterprise Server 15 SP5", kernel="5.14.21-150500.55.73-default", kubelet_version=b.kubelet_version,
               runtime_version="containerd://1.7.17-k3s1", net_cond=("FlannelIsUp", "Flannel is running on this node"))
    kapi_service(b, [b.node_info[n]["ip"] for n in servers], 6443)
    ver = b.version.replace("+", "-")
    for n in servers:
        static_pod(b, n, "etcd", "index.docker.io/rancher/hardened-etcd:v3.5.13-k3s1-build20240531", 2381, cpu="200m")
        static_pod(b, n, "kube-apiserver", "index.docker.io/rancher/hardened-kubernetes:%s" % ver.replace("rke2r1", "rke2r1-build20240717"), 6443)
        static_pod(b, n, "kube-controller-manager", "index.docker.io/rancher/hardened-kubernetes:%s" % ver.replace("rke2r1", "rke2r1-build20240717"), 10257, cpu="200m")
        static_pod(b, n, "kube-scheduler", "index.docker.io/rancher/hardened-kubernetes:%s" % ver.replace("rke2r1", "rke2r1-build20240717"), 10259, cpu="100m")
        static_pod(b, n, "cloud-controller-manager", "index.docker.io/rancher/rke2-cloud-provider:v1.29.3-build20240515", 10258, cpu="100m")
    for n in sorted(b.node_info):
        static_pod(b, n, "kube-proxy", "index.docker.io/rancher/hardened-kubernetes:%s" % ver.replace("rke2r1", "rke2r1-build20240717"), 10256, cpu="250m")
    t = b.t0 + timedelta(minutes=1)
    for chart in ("rke2-canal", "rke2-coredns", "rke2-ingress-nginx", "rke2-metrics-server", "rke2-snapshot-controller"):
        helm_install_job(b, "helm-install-" + chart, chart, t)
    sysds(b, "kube-system", "rke2-canal", [
        C("calico-node", "rancher/hardened-calico:v3.28.0-build20240625", req=("250m", None), sc={"privileged": True},
          readiness=probe("http", 9099, "/readiness", period=10, timeout=10), liveness=probe("http", 9099, "/liveness", delay=10, period=10, timeout=10, failure=6)),
        C("kube-flannel", "rancher/hardened-flannel:v0.25.4-build20240610", command=["/opt/bin/flanneld", "--ip-masq", "--kube-subnet-mgr"], sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False})],
        {"k8s-app": "canal"}, sa="canal", hn=True, tolerations=[{"effect": "NoSchedule", "operator": "Exists"}, {"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists"}],
        init=[C("install-cni", "rancher/hardened-calico:v3.28.0-build20240625", command=["/opt/cni/bin/install"], sc={"privileged": True}),
              C("flexvol-driver", "rancher/hardened-calico:v3.28.0-build20240625", sc={"privileged": True})], created=t,
        labels={"app.kubernetes.io/managed-by": "Helm", "k8s-app": "canal"})
    csel = {"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns"}
    coredns(b, name="rke2-coredns-rke2-coredns", image="rancher/hardened-coredns:v1.11.1-build20240305", sel=csel, cm_name="rke2-coredns-rke2-coredns",
            tolerations=[{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}])
    sysdeploy(b, "kube-system", "rke2-coredns-rke2-coredns-autoscaler", 1, [C("autoscaler", "rancher/hardened-cluster-autoscaler:v1.8.10-build20240124", req=("20m", "10Mi"))],
              {"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns-autoscaler"}, sa="rke2-coredns-rke2-coredns-autoscaler", created=t)
    dns_service(b, "kube-system", "rke2-coredns-rke2-coredns", csel, labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"})
    isel = {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "rke2-ingress-nginx", "app.kubernetes.io/name": "rke2-ingress-nginx"}
    sysds(b, "kube-system", "rke2-ingress-nginx-controller", [
        C("rke2-ingress-nginx-controller", "rancher/nginx-ingress-controller:v1.10.4-hardened2", ports=[("http", 80), ("https", 443), ("webhook", 8443)], req=("100m", "90Mi"),
          readiness=probe("http", 10254, "/healthz", delay=10), liveness=probe("http", 10254, "/healthz", delay=10, failure=5))],
        isel, sa="rke2-ingress-nginx", prio=None, created=t)
    b.service("kube-system", "rke2-ingress-nginx-controller-admission", isel, [("https-webhook", 443, "webhook")], created=t)
    sysdeploy(b, "kube-system", "rke2-metrics-server", 1, [C("metrics-server", "rancher/hardened-k8s-metrics-server:v0.7.1-build20240401", ports=[("https", 10250)], req=("100m", "200Mi"))],
              {"app": "rke2-metrics-server", "release": "rke2-metrics-server"}, sa="rke2-metrics-server", created=t)
    b.service("kube-system", "rke2-metrics-server", {"app": "rke2-metrics-server", "release": "rke2-metrics-server"}, [("https", 443, "https")], created=t)
    sysdeploy(b, "kube-system", "rke2-snapshot-controller", 1, [C("rke2-snapshot-controller", "rancher/hardened-snapshot-controller:v6.2.1-build20231221", args=["--v=2", "--leader-election=true"])],
              {"app.kubernetes.io/instance": "rke2-snapshot-controller", "app.kubernetes.io/name": "rke2-snapshot-controller"}, sa="rke2-snapshot-controller", created=t)
    b.ingress_ip = b.node_info["rke2-agent-01"]["ip"]


def setup_openshift(b, nworkers=3):
    infra = "ocp-" + b.sfx(5)
    masters = []
    for i in range(3):
        n = "%s-master-%d" % (infra, i)
        b.node(n, "10.0.%d.%d" % (0, 10 + i), {"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": "",
                                                "node.openshift.io/os_id": "rhcos", "node.kubernetes.io/instance-type": "vsphere-vm.cpu-8.mem-32gb.os-unknown",
                                                "beta.kubernetes.io/instance-type": "vsphere-vm.cpu-8.mem-32gb.os-unknown"},
               b.t0 + timedelta(minutes=i), "10.128.%d." % (2 * i), cidr="10.128.%d.0/23" % (2 * i), role="cp",
               taints=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master"}], cpu=8, mem_gi=32,
               provider_id="vsphere://" + b.uid(), os_image="Red Hat Enterprise Linux CoreOS 416.94.202409040013-0 (Plow)",
               kernel="5.14.0-427.35.1.el9_4.x86_64", kubelet_version=b.kubelet_version, runtime_version="cri-o://1.29.8-3.rhaos4.16.git1b2f4e5.el9")
        masters.append(n)
    b.cp_node = None
    for i in range(nworkers):
        n = "%s-worker-0-%s" % (infra, b.sfx(5))
        b.node(n, "10.0.0.%d" % (20 + i), {"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                                            "node.kubernetes.io/instance-type": "vsphere-vm.cpu-16.mem-64gb.os-unknown",
                                            "beta.kubernetes.io/instance-type": "vsphere-vm.cpu-16.mem-64gb.os-unknown"},
               b.t0 + timedelta(minutes=30 + i), "10.131.%d." % (2 * i), cidr="10.131.%d.0/23" % (2 * i), cpu=16, mem_gi=64, max_pods=250,
               provider_id="vsphere://" + b.uid(), os_image="Red Hat Enterprise Linux CoreOS 416.94.202409040013-0 (Plow)",
               kernel="5.14.0-427.35.1.el9_4.x86_64", kubelet_version=b.kubelet_version, runtime_version="cri-o://1.29.8-3.rhaos4.16.git1b2f4e5.el9")
    kapi_service(b, [b.node_info[n]["ip"] for n in masters], 6443)
    t = b.t0 + timedelta(minutes=40)
    for ns in ("openshift-dns", "openshift-ovn-kubernetes", "openshift-ingress", "openshift-monitoring", "openshift-cluster-csi-drivers"):
        b.namespace(ns, t, labels={"openshift.io/cluster-monitoring": "true", "pod-security.kubernetes.io/enforce": "privileged"},
                    annotations={"openshift.io/node-selector": "", "openshift.io/sa.scc.mcs": "s0:c%d,c%d" % (b.rng.randint(10, 30), b.rng.randint(1, 9)),
                                 "openshift.io/sa.scc.supplemental-groups": "1000%d0000/10000" % b.rng.randint(10, 99), "openshift.io/sa.scc.uid-range": "1000%d0000/10000" % b.rng.randint(10, 99),
                                 "workload.openshift.io/allowed": "management"})
    allt = [{"operator": "Exists"}]
    sysds(b, "openshift-dns", "dns-default", [
        C("dns", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), ports=[("dns", 5353, "UDP"), ("dns-tcp", 5353)], req=("50m", "70Mi"),
          readiness=probe("http", 8181, "/ready", delay=10, period=3, timeout=3), tmp_policy="FallbackToLogsOnError"),
        C("kube-rbac-proxy", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), ports=[("metrics", 9154)], req=("10m", "40Mi"), tmp_policy="FallbackToLogsOnError")],
        {"dns.operator.openshift.io/daemonset-dns": "default"}, sa="dns", prio="system-node-critical", tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists"}],
        volumes=[vol_cm("config-volume", "dns-default")], created=t)
    b.cm("openshift-dns", "dns-default", {"Corefile": COREFILE.replace("53", "5353")}, created=t)
    svc = b.service("openshift-dns", "dns-default", {"dns.operator.openshift.io/daemonset-dns": "default"},
                    [("dns", 53, "dns", "UDP"), ("dns-tcp", 53, "dns-tcp", "TCP"), ("metrics", 9154, "metrics", "TCP")], created=t)
    svc["spec"]["clusterIP"] = b.dns_ip
    svc["spec"]["clusterIPs"] = [b.dns_ip]
    sysds(b, "openshift-dns", "node-resolver", [C("dns-node-resolver", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("5m", "21Mi"), tmp_policy="FallbackToLogsOnError", sc={"privileged": True})],
          {"dns.operator.openshift.io/daemonset-node-resolver": ""}, sa="node-resolver", hn=True, tolerations=allt, created=t)
    sysds(b, "openshift-ovn-kubernetes", "ovnkube-node", [
        C(n_, "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "300Mi" if n_ == "ovnkube-controller" else "10Mi"), tmp_policy="FallbackToLogsOnError", sc={"privileged": True})
        for n_ in ("ovn-controller", "ovn-acl-logging", "kube-rbac-proxy-node", "nbdb", "northd", "sbdb", "ovnkube-controller")],
        {"app": "ovnkube-node"}, sa="ovn-kubernetes-node", hn=True, tolerations=allt, created=t)
    sysdeploy(b, "openshift-ovn-kubernetes", "ovnkube-control-plane", 2, [
        C("ovnkube-cluster-manager", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "300Mi"), tmp_policy="FallbackToLogsOnError")],
        {"app": "ovnkube-control-plane"}, sa="ovn-kubernetes-control-plane", hn=True, prio="system-cluster-critical",
        node_selector={"node-role.kubernetes.io/master": ""}, tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists"}], created=t)
    rsel = {"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}
    sysdeploy(b, "openshift-ingress", "router-default", 2, [
        C("router", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), ports=[("http", 80), ("https", 443), ("metrics", 1936)], req=("100m", "256Mi"),
          readiness=probe("http", 1936, "/healthz/ready", period=10), tmp_policy="FallbackToLogsOnError")],
        rsel, sa="router", prio="system-cluster-critical", node_selector={"node-role.kubernetes.io/worker": ""}, created=t)
    b.service("openshift-ingress", "router-internal-default", rsel, [("http", 80, "http"), ("https", 443, "https"), ("metrics", 1936, 1936)], created=t)
    b.ingress_ip = None
    b.sc("thin-csi", "csi.vsphere.vmware.com", default=True, params={"StoragePolicyName": "openshift-storage-policy-" + infra})
    b.default_sc = "thin-csi"
    msel = {"app.kubernetes.io/component": "prometheus", "app.kubernetes.io/instance": "k8s", "app.kubernetes.io/name": "prometheus", "app.kubernetes.io/part-of": "openshift-monitoring"}
    syssts(b, "openshift-monitoring", "prometheus-k8s", 2, [
        C("prometheus", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("70m", "1Gi"), ports=[("web", 9090)], tmp_policy="FallbackToLogsOnError",
          readiness=probe("exec", command=["sh", "-c", "curl -sf http://localhost:9090/-/ready"], period=5, timeout=3, failure=3)),
        C("config-reloader", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("1m", "10Mi"), tmp_policy="FallbackToLogsOnError")],
        msel, "prometheus-operated", vcts=[("prometheus-data", "100Gi", "thin-csi")], sa="prometheus-k8s",
        owner=[b.crd_ref("monitoring.coreos.com/v1", "Prometheus", "openshift-monitoring", "k8s")], created=t,
        node_selector={"node-role.kubernetes.io/worker": ""}, policy="Parallel")
    b.service("openshift-monitoring", "prometheus-operated", {"app.kubernetes.io/name": "prometheus"}, [("web", 9090, "web")], headless=True, created=t)
    b.service("openshift-monitoring", "prometheus-k8s", msel, [("web", 9091, "web")], created=t)
    sysds(b, "openshift-monitoring", "node-exporter", [
        C("node-exporter", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("8m", "32Mi"), tmp_policy="FallbackToLogsOnError"),
        C("kube-rbac-proxy", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), ports=[("https", 9100)], req=("1m", "15Mi"), tmp_policy="FallbackToLogsOnError")],
        {"app.kubernetes.io/component": "exporter", "app.kubernetes.io/name": "node-exporter", "app.kubernetes.io/part-of": "openshift-monitoring"}, sa="node-exporter", hn=True, tolerations=allt, created=t)
    sysdeploy(b, "openshift-monitoring", "kube-state-metrics", 1, [
        C("kube-state-metrics", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("2m", "80Mi"), tmp_policy="FallbackToLogsOnError")],
        {"app.kubernetes.io/component": "exporter", "app.kubernetes.io/name": "kube-state-metrics", "app.kubernetes.io/part-of": "openshift-monitoring"}, sa="kube-state-metrics", prio="system-cluster-critical", created=t)
    sysdeploy(b, "openshift-monitoring", "prometheus-operator", 1, [
        C("prometheus-operator", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("5m", "150Mi"), tmp_policy="FallbackToLogsOnError")],
        {"app.kubernetes.io/component": "controller", "app.kubernetes.io/name": "prometheus-operator", "app.kubernetes.io/part-of": "openshift-monitoring"}, sa="prometheus-operator",
        prio="system-cluster-critical", node_selector={"node-role.kubernetes.io/master": ""}, tolerations=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}], created=t)
    sysds(b, "openshift-cluster-csi-drivers", "vmware-vsphere-csi-driver-node", [
        C("csi-driver", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError", sc={"privileged": True}),
        C("csi-node-driver-registrar", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError"),
        C("csi-liveness-probe", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError")],
        {"app": "vmware-vsphere-csi-driver-node"}, sa="vmware-vsphere-csi-driver-node-sa", tolerations=allt, created=t)
    sysdeploy(b, "openshift-cluster-csi-drivers", "vmware-vsphere-csi-driver-controller", 2, [
        C("csi-driver", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError"),
        C("csi-provisioner", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError"),
        C("csi-attacher", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + b.hexs(64), req=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError")],
        {"app": "vmware-vsphere-csi-driver-controller"}, sa="vmware-vsphere-csi-driver-controller-sa", prio="system-cluster-critical",
        node_selector={"node-role.kubernetes.io/master": ""}, tolerations=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}], created=t)


SETUP = {"eks": setup_eks, "gke": setup_gke, "aks": setup_aks, "doks": setup_doks, "kubeadm": setup_kubeadm,
         "k3s": setup_k3s, "rke2": setup_rke2, "openshift": setup_openshift}


# ----------------------------------------------------------------------------------------------
# add-ons
# ----------------------------------------------------------------------------------------------

def helm_labels(name, release, version, component=None, chart=None):
    lb = {"app.kubernetes.io/instance": release, "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": name,
          "app.kubernetes.io/version": version, "helm.sh/chart": "%s-%s" % (chart or name, version)}
    if component:
        lb["app.kubernetes.io/component"] = component
    return lb


def ns_add(b, name, created=None, labels=None, annotations=None):
    created = created or b.t0 + timedelta(days=b.rng.randint(1, 60), hours=b.rng.randint(0, 23))
    if created > b.snap - timedelta(days=2):
        created = b.snap - timedelta(days=b.rng.randint(2, 5))
    if b.platform == "openshift":
        annotations = dict(annotations or {}, **{"openshift.io/sa.scc.mcs": "s0:c%d,c%d" % (b.rng.randint(20, 40), b.rng.randint(1, 19)),
                                                 "openshift.io/sa.scc.supplemental-groups": "10006%d0000/10000" % b.rng.randint(10, 99),
                                                 "openshift.io/sa.scc.uid-range": "10006%d0000/10000" % b.rng.randint(10, 99)})
    return b.namespace(name, created, labels, annotations)


def addon_monitoring(b, ns="monitoring"):
    ns_add(b, ns)
    rel = "kube-prometheus-stack"
    b.helm_release(ns, rel, "61.3.2", revision=b.rng.randint(2, 9))
    sysdeploy(b, ns, rel + "-operator", 1, [C("kube-prometheus-stack", "quay.io/prometheus-operator/prometheus-operator:v0.75.2", ports=[("https", 10250)], req=("100m", "128Mi"), lim=("200m", "256Mi"),
              sc={"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True})],
              {"app": rel + "-operator", "release": rel}, sa=rel + "-operator", prio=None,
              labels=helm_labels(rel + "-prometheus-operator", rel, "61.3.2", "prometheus-operator", "kube-prometheus-stack"))
    sysdeploy(b, ns, rel + "-kube-state-metrics", 1, [C("kube-state-metrics", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.13.0", ports=[("http", 8080)], req=("10m", "64Mi"), lim=("100m", "256Mi"),
              readiness=probe("http", 8080, "/", timeout=5), liveness=probe("http", 8080, "/healthz", timeout=5))],
              {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "kube-state-metrics"}, sa=rel + "-kube-state-metrics", prio=None)
    b.service(ns, rel + "-kube-state-metrics", {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "kube-state-metrics"}, [("http", 8080, "http")])
    sysdeploy(b, ns, rel + "-grafana", 1, [
        C("grafana-sc-dashboard", "quay.io/kiwigrid/k8s-sidecar:1.27.4", req=("10m", "32Mi")),
        C("grafana", "docker.io/grafana/grafana:11.1.0", ports=[("grafana", 3000)], req=("50m", "128Mi"), lim=(None, "512Mi"),
          readiness=probe("http", 3000, "/api/health"), liveness=probe("http", 3000, "/api/health", delay=60, timeout=30, failure=10))],
        {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "grafana"}, sa=rel + "-grafana", prio=None,
        volumes=[vol_cm("config", rel + "-grafana")])
    b.cm(ns, rel + "-grafana", {"grafana.ini": "[analytics]\ncheck_for_updates = true\n[server]\ndomain = ''\n"})
    b.secret(ns, rel + "-grafana", ["admin-password", "admin-user", "ldap-toml"])
    b.service(ns, rel + "-grafana", {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "grafana"}, [("http-web", 80, 3000)])
    psel = {"app.kubernetes.io/instance": rel + "-prometheus", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "prometheus",
            "operator.prometheus.io/name": rel + "-prometheus", "operator.prometheus.io/shard": "0", "prometheus": rel + "-prometheus"}
    sc = b.default_sc
    syssts(b, ns, "prometheus-%s-prometheus" % rel, 1, [
        C("prometheus", "quay.io/prometheus/prometheus:v2.53.1", ports=[("http-web", 9090)], req=("500m", "2Gi"), lim=(None, "4Gi"),
          readiness=probe("http", "http-web", "/-/ready", period=5, timeout=3, failure=3), startup=probe("http", "http-web", "/-/ready", period=15, timeout=3, failure=60),
          tmp_policy="FallbackToLogsOnError", mounts=[("prometheus-%s-prometheus-db" % rel, "/prometheus")]),
        C("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2", ports=[("reloader-web", 8080)], req=("10m", "50Mi"), lim=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError")],
        psel, "prometheus-operated", vcts=[("prometheus-%s-prometheus-db" % rel, "50Gi", sc)] if sc else None, sa=rel + "-prometheus",
        owner=[b.crd_ref("monitoring.coreos.com/v1", "Prometheus", ns, rel + "-prometheus")], policy="Parallel",
        security_context={"fsGroup": 2000, "runAsGroup": 2000, "runAsNonRoot": True, "runAsUser": 1000, "seccompProfile": {"type": "RuntimeDefault"}},
        init=[C("init-config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2", req=("10m", "50Mi"), lim=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError")])
    b.service(ns, "prometheus-operated", {"app.kubernetes.io/name": "prometheus"}, [("http-web", 9090, "http-web")], headless=True, labels={"managed-by": "prometheus-operator", "operated-prometheus": "true"})
    b.service(ns, rel + "-prometheus", {"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": rel + "-prometheus"}, [("http-web", 9090, 9090), ("reloader-web", 8080, "reloader-web")])
    asel = {"alertmanager": rel + "-alertmanager", "app.kubernetes.io/instance": rel + "-alertmanager", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "alertmanager"}
    syssts(b, ns, "alertmanager-%s-alertmanager" % rel, 1, [
        C("alertmanager", "quay.io/prometheus/alertmanager:v0.27.0", ports=[("http-web", 9093), ("mesh-tcp", 9094)], req=("10m", "200Mi"),
          readiness=probe("http", "http-web", "/-/ready", delay=3, timeout=3, failure=10), tmp_policy="FallbackToLogsOnError"),
        C("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.75.2", ports=[("reloader-web", 8080)], req=("10m", "50Mi"), lim=("10m", "50Mi"), tmp_policy="FallbackToLogsOnError")],
        asel, "alertmanager-operated", sa=rel + "-alertmanager", owner=[b.crd_ref("monitoring.coreos.com/v1", "Alertmanager", ns, rel + "-alertmanager")], policy="Parallel",
        security_context={"fsGroup": 2000, "runAsGroup": 2000, "runAsNonRoot": True, "runAsUser": 1000, "seccompProfile": {"type": "RuntimeDefault"}},
        volumes=[vol_secret("config-volume", "alertmanager-%s-alertmanager-generated" % rel)])
    b.secret(ns, "alertmanager-%s-alertmanager-generated" % rel, ["alertmanager.yaml.gz"])
    b.service(ns, "alertmanager-operated", {"app.kubernetes.io/name": "alertmanager"}, [("http-web", 9093, "http-web"), ("tcp-mesh", 9094, 9094)], headless=True)
    sysds(b, ns, rel + "-prometheus-node-exporter", [C("node-exporter", "quay.io/prometheus/node-exporter:v1.8.2", ports=[("http-metrics", 9100)],
          args=["--path.procfs=/host/proc", "--path.sysfs=/host/sys", "--path.rootfs=/host/root", "--web.listen-address=[$(HOST_IP)]:9100"],
          readiness=probe("http", 9100, "/"), liveness=probe("http", 9100, "/"), sc={"readOnlyRootFilesystem": True})],
          {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "prometheus-node-exporter"}, sa=rel + "-prometheus-node-exporter", prio=None, hn=True,
          tolerations=[{"effect": "NoSchedule", "operator": "Exists"}])
    b.service(ns, rel + "-prometheus-node-exporter", {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "prometheus-node-exporter"}, [("http-metrics", 9100, 9100)])
    return ns


def addon_logging(b, ns="logging", kind=None):
    ns_add(b, ns)
    kind = kind or b.rng.choice(["loki", "vector"])
    if kind == "loki":
        b.helm_release(ns, "loki", "6.7.3", revision=b.rng.randint(1, 4))
        b.helm_release(ns, "fluent-bit", "0.47.5", revision=b.rng.randint(1, 3))
        lsel = {"app.kubernetes.io/component": "single-binary", "app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "loki"}
        syssts(b, ns, "loki", 1, [C("loki", "docker.io/grafana/loki:3.1.0", ports=[("http-metrics", 3100), ("grpc", 9095), ("http-memberlist", 7946)],
               req=("100m", "256Mi"), readiness=probe("http", "http-metrics", "/ready", delay=30, timeout=1),
               mounts=[("storage", "/var/loki"), ("config", "/etc/loki/config")])],
               lsel, "loki-headless", vcts=[("storage", "20Gi", b.default_sc)] if b.default_sc else None, sa="loki", volumes=[vol_cm("config", "loki")],
               security_context={"fsGroup": 10001, "runAsGroup": 10001, "runAsNonRoot": True, "runAsUser": 10001})
        b.cm(ns, "loki", {"config.yaml": "auth_enabled: false\nserver:\n  http_listen_port: 3100\n"})
        b.service(ns, "loki", lsel, [("http-metrics", 3100, "http-metrics"), ("grpc", 9095, "grpc")])
        b.service(ns, "loki-headless", lsel, [("http-metrics", 3100, "http-metrics")], headless=True)
        sysds(b, ns, "fluent-bit", [C("fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:3.1.4", ports=[("http", 2020)], req=("50m", "64Mi"), lim=(None, "256Mi"),
              readiness=probe("http", "http", "/api/v1/health"), liveness=probe("http", "http", "/"), mounts=[("config", "/fluent-bit/etc/conf"), ("varlog", "/var/log")])],
              {"app.kubernetes.io/instance": "fluent-bit", "app.kubernetes.io/name": "fluent-bit"}, sa="fluent-bit", prio=None,
              tolerations=[{"operator": "Exists"}], volumes=[vol_cm("config", "fluent-bit"), vol_host("varlog", "/var/log")])
        b.cm(ns, "fluent-bit", {"fluent-bit.conf": "[SERVICE]\n    Daemon Off\n    Flush 1\n", "custom_parsers.conf": "[PARSER]\n    Name docker_no_time\n"})
    else:
        b.helm_release(ns, "vector", "0.34.0", revision=b.rng.randint(1, 4))
        sysds(b, ns, "vector", [C("vector", "timberio/vector:0.39.0-distroless-libc", ports=[("prom-exporter", 9090)], req=("100m", "128Mi"), lim=(None, "512Mi"),
              mounts=[("config", "/etc/vector/"), ("var-log", "/var/log/", True)])],
              {"app.kubernetes.io/component": "Agent", "app.kubernetes.io/instance": "vector", "app.kubernetes.io/name": "vector"}, sa="vector", prio=None,
              tolerations=[{"operator": "Exists"}], volumes=[vol_cm("config", "vector"), vol_host("var-log", "/var/log/")])
        b.cm(ns, "vector", {"agent.yaml": "data_dir: /vector-data-dir\nsources:\n  kubernetes_logs:\n    type: kubernetes_logs\n"})
    return ns


def addon_ingress_nginx(b, ns="ingress-nginx", replicas=2):
    ns_add(b, ns)
    rel = "ingress-nginx"
    b.helm_release(ns, rel, "4.11.1", revision=b.rng.randint(1, 6))
    sel = {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "ingress-nginx"}
    sysdeploy(b, ns, "ingress-nginx-controller", replicas, [C("controller", "registry.k8s.io/ingress-nginx/controller:v1.11.1@sha256:e6439a12b52076965928e83b7b56aae6731231677b01e81818bce7fa5c60161a",
              ports=[("http", 80), ("https", 443), ("metrics", 10254), ("webhook", 8443)], req=("100m", "90Mi"),
              args=["/nginx-ingress-controller", "--publish-service=$(POD_NAMESPACE)/ingress-nginx-controller", "--election-id=ingress-nginx-leader", "--controller-class=k8s.io/ingress-nginx", "--ingress-class=nginx"],
              readiness=probe("http", 10254, "/healthz", delay=10), liveness=probe("http", 10254, "/healthz", delay=10, failure=5),
              sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 101})],
              sel, sa="ingress-nginx", prio=None, labels=helm_labels("ingress-nginx", rel, "1.11.1", "controller", "ingress-nginx"),
              volumes=[vol_secret("webhook-cert", "ingress-nginx-admission")])
    b.secret(ns, "ingress-nginx-admission", ["ca", "cert", "key"])
    svc = b.service(ns, "ingress-nginx-controller", sel, [("http", 80, "http"), ("https", 443, "https")], typ="LoadBalancer")
    b.ingress_ip = svc["status"]["loadBalancer"]["ingress"][0].get("ip")
    b.service(ns, "ingress-nginx-controller-admission", sel, [("https-webhook", 443, "webhook")])
    b.service(ns, "ingress-nginx-controller-metrics", sel, [("metrics", 10254, "metrics")])
    c = b.ns_created(ns) + timedelta(minutes=1)
    for jn in ("ingress-nginx-admission-create", "ingress-nginx-admission-patch"):
        sa_for(b, ns, "ingress-nginx-admission")
        tm = T([C(jn.split("-")[-1], "registry.k8s.io/ingress-nginx/kube-webhook-certgen:v1.4.1", args=[jn.split("-")[-1]])], sa="ingress-nginx-admission", restart="OnFailure")
        b.job(ns, jn, tm, c, "complete", duration=4, labels=helm_labels("ingress-nginx", rel, "1.11.1", "admission-webhook", "ingress-nginx"))
    return ns


def addon_cert_manager(b, ns="cert-manager"):
    ns_add(b, ns)
    b.helm_release(ns, "cert-manager", "v1.15.1", revision=b.rng.randint(1, 5))
    for comp, img, port in (("cert-manager", "controller", 9402), ("cainjector", "cainjector", None), ("webhook", "webhook", 10250)):
        name = "cert-manager" if comp == "cert-manager" else "cert-manager-" + comp
        sel = {"app.kubernetes.io/component": "controller" if comp == "cert-manager" else comp, "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/name": comp}
        sysdeploy(b, ns, name, 1, [C("cert-manager-" + img, "quay.io/jetstack/cert-manager-%s:v1.15.1" % img, ports=[("http-metrics" if port == 9402 else "https", port)] if port else None,
                  sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True})],
                  sel, sa=name, prio=None)
        if port:
            b.service(ns, name, sel, [("tcp-prometheus-servicemonitor" if port == 9402 else "https", 9402 if port == 9402 else 443, port)])
    b.secret(ns, "cert-manager-webhook-ca", ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls")
    b.secret(ns, "letsencrypt-prod-account-key", ["tls.key"])
    return ns


def addon_argocd(b, ns="argocd"):
    ns_add(b, ns)
    b.helm_release(ns, "argocd", "7.3.11", revision=b.rng.randint(2, 8))
    img = "quay.io/argoproj/argocd:v2.11.7"
    ssel = {"app.kubernetes.io/instance": "argocd", "app.kubernetes.io/name": "argocd-application-controller"}
    syssts(b, ns, "argocd-application-controller", 1, [C("application-controller", img, ports=[("metrics", 8082)], readiness=probe("http", 8082, "/healthz", delay=10))],
           ssel, "argocd-application-controller", sa="argocd-application-controller")
    for comp, port in (("repo-server", 8081), ("server", 8080), ("applicationset-controller", 7000), ("notifications-controller", 9001), ("redis", 6379), ("dex-server", 5556)):
        sel = {"app.kubernetes.io/instance": "argocd", "app.kubernetes.io/name": "argocd-" + comp}
        im = "public.ecr.aws/docker/library/redis:7.2.4-alpine" if comp == "redis" else ("ghcr.io/dexidp/dex:v2.38.0" if comp == "dex-server" else img)
        sysdeploy(b, ns, "argocd-" + comp, 1, [C(comp, im, ports=[("http" if comp != "redis" else "redis", port)],
                  readiness=probe("tcp", port, delay=10) if comp in ("repo-server", "redis") else None)],
                  sel, sa=None if comp == "redis" else "argocd-" + comp, prio=None)
        b.service(ns, "argocd-" + comp, sel, [("http" if comp != "redis" else "tcp-redis", port if comp != "server" else 80, port)])
    b.cm(ns, "argocd-cm", {"admin.enabled": "true", "url": "https://argocd.%s" % b.domain, "timeout.reconciliation": "180s"})
    b.secret(ns, "argocd-secret", ["admin.password", "admin.passwordMtime", "server.secretkey"])
    b.secret(ns, "argocd-initial-admin-secret", ["password"])
    b.secret(ns, "repo-gitops", ["password", "type", "url", "username"], labels={"argocd.argoproj.io/secret-type": "repository"})
    return ns


def addon_flux(b, ns="flux-system"):
    ns_add(b, ns, labels={"app.kubernetes.io/instance": "flux-system", "app.kubernetes.io/part-of": "flux", "app.kubernetes.io/version": "v2.3.0",
                          "kustomize.toolkit.fluxcd.io/name": "flux-system", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"})
    for comp, ver in (("source-controller", "v1.3.0"), ("kustomize-controller", "v1.3.0"), ("helm-controller", "v1.0.1"), ("notification-controller", "v1.3.0")):
        sel = {"app": comp}
        sysdeploy(b, ns, comp, 1, [C("manager", "ghcr.io/fluxcd/%s:%s" % (comp, ver), ports=[("http", 9090), ("http-prom", 8080), ("healthz", 9440)],
                  req=("100m", "64Mi"), lim=("1", "1Gi"), readiness=probe("http", "healthz", "/readyz"), liveness=probe("http", "healthz", "/healthz"),
                  sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})],
                  sel, sa=comp, prio=None, labels={"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "flux-system", "app.kubernetes.io/part-of": "flux", "control-plane": "controller"})
        if comp in ("source-controller", "notification-controller"):
            b.service(ns, comp, sel, [("http", 80, "http")])
    b.secret(ns, "flux-system", ["identity", "identity.pub", "known_hosts"])
    return ns


def addon_external_secrets(b, ns="external-secrets"):
    ns_add(b, ns)
    b.helm_release(ns, "external-secrets", "0.9.20", revision=b.rng.randint(1, 5))
    for comp in ("external-secrets", "external-secrets-cert-controller", "external-secrets-webhook"):
        sel = {"app.kubernetes.io/instance": "external-secrets", "app.kubernetes.io/name": comp}
        sysdeploy(b, ns, comp, 1, [C(comp.replace("external-secrets-", "") if comp != "external-secrets" else "external-secrets",
                  "oci.external-secrets.io/external-secrets/external-secrets:v0.9.20", ports=[("metrics", 8080)] if comp != "external-secrets-webhook" else [("webhook", 10250)],
                  sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "runAsUser": 1000, "seccompProfile": {"type": "RuntimeDefault"}})],
                  sel, sa=comp, prio=None)
    b.service(ns, "external-secrets-webhook", {"app.kubernetes.io/instance": "external-secrets", "app.kubernetes.io/name": "external-secrets-webhook"}, [("webhook", 443, "webhook")])
    b.secret(ns, "external-secrets-webhook", ["ca.crt", "tls.crt", "tls.key"])
    return ns


def addon_kyverno(b, ns="kyverno"):
    ns_add(b, ns)
    b.helm_release(ns, "kyverno", "3.2.6", revision=b.rng.randint(1, 5))
    for comp in ("admission-controller", "background-controller", "cleanup-controller", "reports-controller"):
        sel = {"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"}
        sysdeploy(b, ns, "kyverno-" + comp, 1, [C("kyverno" if comp == "admission-controller" else "controller", "ghcr.io/kyverno/%s:v1.12.5" % ("kyverno" if comp == "admission-controller" else comp),
                  ports=[("https", 9443), ("metrics-port", 8000)], req=("100m", "128Mi"), lim=(None, "384Mi"),
                  readiness=probe("http", 9443, "/health/readiness", delay=5) if comp == "admission-controller" else None)],
                  sel, sa="kyverno-" + comp, prio=None,
                  init=[C("kyverno-pre", "ghcr.io/kyverno/kyvernopre:v1.12.5", req=("10m", "64Mi"), lim=("100m", "256Mi"))] if comp == "admission-controller" else None)
        if comp in ("admission-controller", "cleanup-controller"):
            b.service(ns, "kyverno-svc" if comp == "admission-controller" else "kyverno-cleanup-controller", sel, [("https", 443, "https")])
    tm = T([C("cleanup", "bitnami/kubectl:1.28.5", command=["/bin/bash", "-c", "COUNT=$(kubectl get admissionreports.kyverno.io -A | wc -l)\nif [ \"$COUNT\" -gt 10000 ]; then kubectl delete admissionreports.kyverno.io -A --all; fi\n"],
              req=("100m", "64Mi"), lim=(None, "256Mi"))], sa="kyverno-clean-reports", restart="OnFailure")
    sa_for(b, ns, "kyverno-clean-reports")
    runs = [(b.snap.replace(second=0, microsecond=0) - timedelta(minutes=10 * k + b.snap.minute % 10), "complete") for k in (3, 2, 1)]
    b.cronjob(ns, "kyverno-cleanup-admission-reports", "*/10 * * * *", tm, runs, success_hist=1, fail_hist=1, run_duration=6)
    return ns


def addon_velero(b, ns="velero"):
    ns_add(b, ns)
    b.helm_release(ns, "velero", "7.1.4", revision=b.rng.randint(1, 4))
    sel = {"app.kubernetes.io/instance": "velero", "app.kubernetes.io/name": "velero"}
    plugin = {"eks": "velero/velero-plugin-for-aws:v1.10.0", "gke": "velero/velero-plugin-for-gcp:v1.10.0", "aks": "velero/velero-plugin-for-microsoft-azure:v1.10.0"}.get(b.platform, "velero/velero-plugin-for-aws:v1.10.0")
    sysdeploy(b, ns, "velero", 1, [C("velero", "velero/velero:v1.14.0", ports=[("http-monitoring", 8085)], req=("500m", "128Mi"), lim=("1", "512Mi"),
              command=["/velero"], args=["server", "--uploader-type=kopia"], mounts=[("plugins", "/plugins"), ("cloud-credentials", "/credentials")])],
              sel, sa="velero-server", prio=None, volumes=[vol_empty("plugins"), vol_secret("cloud-credentials", "velero")],
              init=[C("velero-plugin", plugin, mounts=[("plugins", "/target")])])
    b.secret(ns, "velero", ["cloud"])
    b.service(ns, "velero", sel, [("http-monitoring", 8085, "http-monitoring")])
    sysds(b, ns, "node-agent", [C("node-agent", "velero/velero:v1.14.0", ports=[("http-monitoring", 8085)], command=["/velero"], args=["node-agent", "server"],
          sc={"privileged": False}, mounts=[("host-pods", "/host_pods"), ("cloud-credentials", "/credentials")])],
          {"name": "node-agent"}, sa="velero-server", prio=None, volumes=[vol_host("host-pods", "/var/lib/kubelet/pods"), vol_secret("cloud-credentials", "velero")])
    return ns


def addon_metallb(b, ns="metallb-system"):
    ns_add(b, ns, labels={"pod-security.kubernetes.io/audit": "privileged", "pod-security.kubernetes.io/enforce": "privileged", "pod-security.kubernetes.io/warn": "privileged"})
    b.helm_release(ns, "metallb", "0.14.8", revision=b.rng.randint(1, 3))
    sysdeploy(b, ns, "metallb-controller", 1, [C("controller", "quay.io/metallb/controller:v0.14.8", ports=[("monitoring", 7472), ("webhook-server", 9443)],
              readiness=probe("http", "monitoring", "/metrics", delay=10), liveness=probe("http", "monitoring", "/metrics", delay=10))],
              {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "metallb", "app.kubernetes.io/name": "metallb"}, sa="metallb-controller", prio=None)
    b.service(ns, "metallb-webhook-service", {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "metallb", "app.kubernetes.io/name": "metallb"}, [("", 443, 9443)])
    sysds(b, ns, "metallb-speaker", [C("speaker", "quay.io/metallb/speaker:v0.14.8", ports=[("monitoring", 7472), ("memberlist-tcp", 7946), ("memberlist-udp", 7946, "UDP")],
          sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_RAW"], "drop": ["ALL"]}, "readOnlyRootFilesystem": True})],
          {"app.kubernetes.io/component": "speaker", "app.kubernetes.io/instance": "metallb", "app.kubernetes.io/name": "metallb"}, sa="metallb-speaker", prio=None, hn=True,
          tolerations=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}])
    b.secret(ns, "metallb-memberlist", ["secretkey"])
    b.secret(ns, "metallb-webhook-cert", ["ca.crt", "tls.crt", "tls.key"])
    return ns


def storage_longhorn(b, ns="longhorn-system", default=True):
    ns_add(b, ns, created=b.t0 + timedelta(hours=3))
    b.helm_release(ns, "longhorn", "1.6.2", revision=b.rng.randint(1, 4))
    img = "longhornio/longhorn-manager:v1.6.2"
    sysds(b, ns, "longhorn-manager", [C("longhorn-manager", img, ports=[("manager", 9500)], command=["longhorn-manager", "-d", "daemon"],
          readiness=probe("http", 9501, "/v1/healthz"), sc={"privileged": True})],
          {"app": "longhorn-manager"}, sa="longhorn-service-account", prio=None, created=b.t0 + timedelta(hours=3))
    b.service(ns, "longhorn-backend", {"app": "longhorn-manager"}, [("manager", 9500, "manager")])
    sysdeploy(b, ns, "longhorn-driver-deployer", 1, [C("longhorn-driver-deployer", img, command=["longhorn-manager", "-d", "deploy-driver"])],
              {"app": "longhorn-driver-deployer"}, sa="longhorn-service-account", prio=None,
              init=[C("wait-longhorn-manager", img, command=["sh", "-c", "while [ $(curl -m 1 -s -o /dev/null -w \"%{http_code}\" http://longhorn-backend:9500/v1) != \"200\" ]; do echo waiting; sleep 2; done"])])
    sysdeploy(b, ns, "longhorn-ui", 1, [C("longhorn-ui", "longhornio/longhorn-ui:v1.6.2", ports=[("http", 8000)])], {"app": "longhorn-ui"}, sa="longhorn-ui-service-account", prio=None)
    b.service(ns, "longhorn-frontend", {"app": "longhorn-ui"}, [("http", 80, "http")])
    for comp, im in (("csi-attacher", "longhornio/csi-attacher:v4.5.1"), ("csi-provisioner", "longhornio/csi-provisioner:v3.6.4"), ("csi-resizer", "longhornio/csi-resizer:v1.10.1")):
        sysdeploy(b, ns, comp, 2, [C(comp, im, args=["--v=2", "--csi-address=$(ADDRESS)", "--timeout=1m50s", "--leader-election"])], {"app": comp}, sa="longhorn-service-account", prio=None)
    sysds(b, ns, "longhorn-csi-plugin", [C("node-driver-registrar", "longhornio/csi-node-driver-registrar:v2.9.2"),
          C("longhorn-liveness-probe", "longhornio/livenessprobe:v2.12.0"),
          C("longhorn-csi-plugin", img, sc={"privileged": True, "capabilities": {"add": ["SYS_ADMIN"]}, "allowPrivilegeEscalation": True})],
          {"app": "longhorn-csi-plugin"}, sa="longhorn-service-account", prio=None)
    b.sc("longhorn", "driver.longhorn.io", binding="Immediate", default=default, params={"dataLocality": "disabled", "fromBackup": "", "fsType": "ext4", "numberOfReplicas": "3", "staleReplicaTimeout": "30"},
         created=b.t0 + timedelta(hours=3, minutes=5))
    if default:
        b.default_sc = "longhorn"
    return ns


def storage_rook(b, ns="rook-ceph", default=True):
    ns_add(b, ns, created=b.t0 + timedelta(hours=2))
    b.helm_release(ns, "rook-ceph", "v1.14.9", revision=b.rng.randint(1, 4))
    sysdeploy(b, ns, "rook-ceph-operator", 1, [C("rook-ceph-operator", "docker.io/rook/ceph:v1.14.9", args=["ceph", "operator"], req=("200m", "128Mi"), lim=(None, "512Mi"))],
              {"app": "rook-ceph-operator"}, sa="rook-ceph-system", prio=None)
    owner = [b.crd_ref("ceph.rook.io/v1", "CephCluster", ns, "rook-ceph")]
    cimg = "quay.io/ceph/ceph:v18.2.4"
    ws = b.workers()
    for i, m in enumerate("abc"):
        sysdeploy(b, ns, "rook-ceph-mon-" + m, 1, [C("mon", cimg, ports=[("tcp-msgr1", 6789), ("tcp-msgr2", 3300)], req=("250m", "512Mi"), lim=(None, "2Gi"))],
                  {"app": "rook-ceph-mon", "ceph_daemon_id": m, "mon": m, "rook_cluster": ns}, prio="system-node-critical", nodes=[ws[i % len(ws)]], owner=owner,
                  strategy={"type": "Recreate"}, init=[C("chown-container-data-dir", cimg), C("init-mon-fs", cimg)])
    sysdeploy(b, ns, "rook-ceph-mgr-a", 1, [C("mgr", cimg, ports=[("mgr", 6800), ("http-metrics", 9283), ("dashboard", 8443)], req=("250m", "512Mi"))],
              {"app": "rook-ceph-mgr", "ceph_daemon_id": "a", "mgr": "a", "rook_cluster": ns}, sa="rook-ceph-mgr", prio="system-cluster-critical", owner=owner, strategy={"type": "Recreate"})
    for i in range(min(3, len(ws))):
        sysdeploy(b, ns, "rook-ceph-osd-%d" % i, 1, [C("osd", cimg, req=("500m", "2Gi"), lim=(None, "4Gi"), sc={"privileged": True})],
                  {"app": "rook-ceph-osd", "ceph-osd-id": str(i), "osd": str(i), "rook_cluster": ns}, sa="rook-ceph-osd", prio="system-node-critical",
                  nodes=[ws[i]], owner=owner, strategy={"type": "Recreate"}, init=[C("activate", cimg, sc={"privileged": True})])
    sysds(b, ns, "csi-rbdplugin", [C("driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1"), C("csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.11.0", sc={"privileged": True})],
          {"app": "csi-rbdplugin"}, sa="rook-csi-rbd-plugin-sa", prio="system-node-critical", hn=True)
    sysdeploy(b, ns, "csi-rbdplugin-provisioner", 2, [C("csi-provisioner", "registry.k8s.io/sig-storage/csi-provisioner:v4.0.1"), C("csi-attacher", "registry.k8s.io/sig-storage/csi-attacher:v4.5.1"),
              C("csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.11.0")], {"app": "csi-rbdplugin-provisioner"}, sa="rook-csi-rbd-provisioner-sa", prio="system-cluster-critical")
    b.service(ns, "rook-ceph-mgr", {"app": "rook-ceph-mgr", "mgr_role": "active", "rook_cluster": ns} if False else {"app": "rook-ceph-mgr", "rook_cluster": ns}, [("http-metrics", 9283, 9283)])
    for m in "abc":
        b.service(ns, "rook-ceph-mon-" + m, {"app": "rook-ceph-mon", "ceph_daemon_id": m, "mon": m, "rook_cluster": ns}, [("tcp-msgr1", 6789, 6789), ("tcp-msgr2", 3300, 3300)])
    b.sc("ceph-block", "rook-ceph.rbd.csi.ceph.com", binding="Immediate", default=default, params={"clusterID": ns, "pool": "ceph-blockpool", "imageFormat": "2", "imageFeatures": "layering", "csi.storage.k8s.io/fstype": "ext4"})
    if default:
        b.default_sc = "ceph-block"
    return ns


def storage_openebs(b, ns="openebs", default=True):
    ns_add(b, ns, created=b.t0 + timedelta(hours=2))
    b.helm_release(ns, "openebs", "4.1.0", revision=b.rng.randint(1, 3))
    sysdeploy(b, ns, "openebs-localpv-provisioner", 1, [C("openebs-localpv-provisioner", "openebs/provisioner-localpv:4.1.0",
              liveness=probe("exec", command=["sh", "-c", "test `pgrep -c \"^provisioner-loc.*\"` = 1"], delay=30, period=60, timeout=1))],
              {"app": "localpv-provisioner", "release": "openebs"}, sa="openebs-localpv-provisioner", prio=None)
    b.sc("openebs-hostpath", "openebs.io/local", default=default, reclaim="Delete", expansion=False,
         params=None)
    b.get("StorageClass", "", "openebs-hostpath")["metadata"]["annotations"]["cas.openebs.io/config"] = "- name: StorageType\n  value: \"hostpath\"\n- name: BasePath\n  value: \"/var/openebs/local\"\n"
    b.get("StorageClass", "", "openebs-hostpath")["metadata"]["annotations"]["openebs.io/cas-type"] = "local"
    if default:
        b.default_sc = "openebs-hostpath"
    return ns


def storage_nfs(b, ns="nfs-provisioner", default=False):
    ns_add(b, ns, created=b.t0 + timedelta(hours=5))
    b.helm_release(ns, "nfs-subdir-external-provisioner", "4.0.18", revision=1)
    sysdeploy(b, ns, "nfs-subdir-external-provisioner", 1, [C("nfs-subdir-external-provisioner", "registry.k8s.io/sig-storage/nfs-subdir-external-provisioner:v4.0.2",
              env=[env_val("PROVISIONER_NAME", "cluster.local/nfs-subdir-external-provisioner"), env_val("NFS_SERVER", "10.20.0.40"), env_val("NFS_PATH", "/srv/nfs/k8s")],
              mounts=[("nfs-subdir-external-provisioner-root", "/persistentvolumes")])],
              {"app": "nfs-subdir-external-provisioner", "release": "nfs-subdir-external-provisioner"}, sa="nfs-subdir-external-provisioner", prio=None,
              volumes=[{"name": "nfs-subdir-external-provisioner-root", "nfs": {"path": "/srv/nfs/k8s", "server": "10.20.0.40"}}], strategy={"type": "Recreate"})
    b.sc("nfs-client", "cluster.local/nfs-subdir-external-provisioner", binding="Immediate", default=default, params={"archiveOnDelete": "true"})
    if default:
        b.default_sc = "nfs-client"
    return ns


ADDONS = {"monitoring": addon_monitoring, "logging": addon_logging, "ingress-nginx": addon_ingress_nginx, "cert-manager": addon_cert_manager,
          "argocd": addon_argocd, "flux-system": addon_flux, "external-secrets": addon_external_secrets, "kyverno": addon_kyverno,
          "velero": addon_velero, "metallb-system": addon_metallb}


# ----------------------------------------------------------------------------------------------
# database tiers
# ----------------------------------------------------------------------------------------------

BITNAMI_SC = {"fsGroup": 1001, "fsGroupChangePolicy": "Always"}
BITNAMI_CSC = {"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False, "readOnlyRootFilesystem": True,
               "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001, "seLinuxOptions": {}, "seccompProfile": {"type": "RuntimeDefault"}}


def ensure_ns(b, ns, **kw):
    if not b.get("Namespace", "", ns):
        ns_add(b, ns, **kw)


def bitnami_sts(b, ns, rel, chart, name, replicas, containers, ports, version, component=None, headless=None, pnra=True, size="20Gi",
                sc=None, vct=True, volumes=None, init=None, hook=None, svc=True, sa=None, created=None, nodes=None, sec_ctx=None,
                node_selector=None, tolerations=None, affinity=None, n_pods=None, policy="OrderedReady", pod_created=None):
    sel = {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": chart}
    if component:
        sel["app.kubernetes.io/component"] = component
    lb = helm_labels(chart, rel, version, component, chart)
    headless = headless or name + "-headless"
    tm = T(containers, sa=sa or name, volumes=(volumes or []) + [vol_empty("empty-dir")], init=init, labels=lb,
           security_context=sec_ctx if sec_ctx is not None else dict(BITNAMI_SC), node_selector=node_selector, tolerations=tolerations, affinity=affinity)
    for c in containers:
        c.setdefault("volumeMounts", []).append({"mountPath": "/tmp", "name": "empty-dir", "subPath": "tmp-dir"})
    if hook:
        hook(tm)
    sa_for(b, ns, tm["spec"].get("serviceAccountName"), labels=lb)
    sc = sc or b.default_sc
    r = b.statefulset(ns, name, tm, replicas, headless, vcts=[("data", size, sc)] if vct else None, sel=sel, labels=lb, created=created,
                      nodes=nodes, n_pods=n_pods, policy=policy, pod_created=pod_created)
    if svc:
        b.service(ns, headless, sel, [(p[0], p[1], p[0]) for p in ports], headless=True, pnra=pnra, labels=lb, created=created)
        b.service(ns, name, sel, [(p[0], p[1], p[0]) for p in ports], labels=lb, created=created)
    r["sel"] = sel
    r["labels"] = lb
    return r


def pg_container(image="docker.io/bitnami/postgresql:16.3.0-debian-12-r23", secret="postgresql", key="postgres-password", req=("250m", "256Mi"), lim=("375m", "384Mi"), extra_env=None):
    env = [env_val("BITNAMI_DEBUG", "false"), env_val("POSTGRESQL_PORT_NUMBER", "5432"), env_val("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"),
           env_val("PGDATA", "/bitnami/postgresql/data"), env_secret("POSTGRES_PASSWORD", secret, key),
           env_val("POSTGRESQL_ENABLE_LDAP", "no"), env_val("POSTGRESQL_ENABLE_TLS", "no"), env_val("POSTGRESQL_LOG_HOSTNAME", "false")] + (extra_env or [])
    return C("postgresql", image, ports=[("tcp-postgresql", 5432)], req=req, lim=lim, env=env,
             liveness=probe("exec", command=["/bin/sh", "-c", "exec pg_isready -U \"postgres\" -h 127.0.0.1 -p 5432"], delay=30, period=10, timeout=5, failure=6),
             readiness=probe("exec", command=["/bin/sh", "-c", "-e", "exec pg_isready -U \"postgres\" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n"], delay=5, period=10, timeout=5, failure=6),
             sc=dict(BITNAMI_CSC), mounts=[("dshm", "/dev/shm"), ("data", "/bitnami/postgresql")])


def db_postgresql(b, ns, rel="postgresql", replicas=1, size="20Gi", sc=None, hook=None, metrics=False, created=None, db="app", **kw):
    ensure_ns(b, ns)
    name = rel if "postgresql" in rel else rel + "-postgresql"
    cs = [pg_container(secret=name, extra_env=[env_val("POSTGRES_DATABASE", db)])]
    if metrics:
        cs.append(C("metrics", "docker.io/bitnami/postgres-exporter:0.15.0-debian-12-r34", ports=[("http-metrics", 9187)], req=("100m", "128Mi"), lim=("150m", "192Mi"),
                    env=[env_val("DATA_SOURCE_URI", "127.0.0.1:5432/postgres?sslmode=disable"), env_secret("DATA_SOURCE_PASS", name, "postgres-password")], sc=dict(BITNAMI_CSC)))
    b.secret(ns, name, ["password", "postgres-password"], labels=helm_labels("postgresql", rel, "15.5.20"), created=created)
    b.helm_release(ns, rel, "15.5.20", revision=b.rng.randint(1, 6), created=created)
    r = bitnami_sts(b, ns, rel, "postgresql", name, replicas, cs, [("tcp-postgresql", 5432)], "16.3.0", component="primary", headless=name + "-hl",
                    size=size, sc=sc, volumes=[vol_empty("dshm", "Memory")], hook=hook, created=created, **kw)
    r["host"] = "%s.%s.svc.cluster.local" % (name, ns)
    r["secret"] = name
    return r


def db_mysql(b, ns, rel="mysql", secondaries=1, size="20Gi", sc=None, hook=None, created=None, buffer_pool="1G", mem=("1Gi", "2Gi"), **kw):
    ensure_ns(b, ns)
    name = rel if "mysql" in rel else rel + "-mysql"
    b.secret(ns, name, ["mysql-password", "mysql-replication-password", "mysql-root-password"], labels=helm_labels("mysql", rel, "11.1.14"), created=created)
    b.helm_release(ns, rel, "11.1.14", revision=b.rng.randint(1, 6), created=created)
    out = {}
    for comp, n in (("primary", 1), ("secondary", secondaries)):
        if not n:
            continue
        cmn = name + "-" + comp
        b.cm(ns, cmn, {"my.cnf": "[mysqld]\ndefault_authentication_plugin=mysql_native_password\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\nport=3306\ndatadir=/bitnami/mysql/data\nmax_allowed_packet=16M\ninnodb_buffer_pool_size=%s\nmax_connections=500\n" % buffer_pool},
             labels=helm_labels("mysql", rel, "11.1.14", comp), created=created)
        c = C("mysql", "docker.io/bitnami/mysql:8.0.38-debian-12-r2", ports=[("mysql", 3306)], req=("500m", mem[0]), lim=("1", mem[1]),
              env=[env_val("BITNAMI_DEBUG", "false"), env_val("MYSQL_ROOT_PASSWORD_FILE", "/opt/bitnami/mysql/secrets/mysql-root-password"),
                   env_val("MYSQL_PORT", "3306"), env_val("MYSQL_DATABASE", "app"), env_val("MYSQL_REPLICATION_MODE", "master" if comp == "primary" else "slave")],
              liveness=probe("exec", command=["/bin/bash", "-ec", "password_aux=\"${MYSQL_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n"], delay=5, period=10, timeout=1, failure=3),
              readiness=probe("exec", command=["/bin/bash", "-ec", "password_aux=\"${MYSQL_ROOT_PASSWORD:-}\"\nmysqladmin ping -uroot -p\"${password_aux}\" | grep \"mysqld is alive\"\n"], delay=5, period=10, timeout=1, failure=3),
              startup=probe("exec", command=["/bin/bash", "-ec", "mysqladmin status -uroot"], delay=15, period=10, timeout=1, failure=10),
              sc=dict(BITNAMI_CSC), mounts=[("data", "/bitnami/mysql"), ("config", "/opt/bitnami/mysql/conf/my.cnf"), ("mysql-credentials", "/opt/bitnami/mysql/secrets/")])
        c["volumeMounts"][1]["subPath"] = "my.cnf"
        out[comp] = bitnami_sts(b, ns, rel, "mysql", cmn, n, [c], [("mysql", 3306)], "8.0.38", component=comp, size=size, sc=sc,
                                volumes=[vol_cm("config", cmn), vol_secret("mysql-credentials", name)], hook=hook if comp == "primary" else None,
                                created=created, sa=name, **kw)
    out["secret"] = name
    out["host"] = "%s-primary.%s.svc.cluster.local" % (name, ns)
    return out


def db_mongodb(b, ns, rel="mongodb", replicas=2, arbiter=True, size="20Gi", sc=None, hook=None, created=None, **kw):
    ensure_ns(b, ns)
    name = rel if "mongodb" in rel else rel + "-mongodb"
    b.secret(ns, name, ["mongodb-passwords", "mongodb-replica-set-key", "mongodb-root-password"], labels=helm_labels("mongodb", rel, "15.6.16"), created=created)
    b.helm_release(ns, rel, "15.6.16", revision=b.rng.randint(1, 6), created=created)
    b.cm(ns, name + "-scripts", {"setup.sh": "#!/bin/bash\n. /opt/bitnami/scripts/mongodb-env.sh\n", "ping-mongodb.sh": "#!/bin/bash\nmongosh $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval \"db.adminCommand('ping')\"\n",
                                 "readiness-probe.sh": "#!/bin/bash\n", "startup-probe.sh": "#!/bin/bash\n"}, created=created)
    c = C("mongodb", "docker.io/bitnami/mongodb:7.0.12-debian-12-r4", ports=[("mongodb", 27017)], req=("500m", "1Gi"), lim=("1", "2Gi"),
          command=["/scripts/setup.sh"],
          env=[env_val("BITNAMI_DEBUG", "false"), env_val("MONGODB_REPLICA_SET_MODE", "secondary"), env_val("MONGODB_REPLICA_SET_NAME", "rs0"),
               env_val("MONGODB_ADVERTISED_HOSTNAME", "$(MY_POD_NAME).%s-headless.%s.svc.cluster.local" % (name, ns)),
               env_secret("MONGODB_ROOT_PASSWORD", name, "mongodb-root-password"), env_secret("MONGODB_REPLICA_SET_KEY", name, "mongodb-replica-set-key")],
          liveness=probe("exec", command=["/bitnami/scripts/ping-mongodb.sh"], delay=30, period=20, timeout=10, failure=6),
          readiness=probe("exec", command=["/bitnami/scripts/readiness-probe.sh"], delay=5, period=10, timeout=5, failure=6),
          sc=dict(BITNAMI_CSC), mounts=[("datadir", "/bitnami/mongodb"), ("common-scripts", "/bitnami/scripts"), ("scripts", "/scripts/setup.sh")])
    c["volumeMounts"][0]["name"] = "data"
    r = bitnami_sts(b, ns, rel, "mongodb", name, replicas, [c], [("mongodb", 27017)], "7.0.12", component="mongodb", size=size, sc=sc,
                    volumes=[vol_cm("common-scripts", name + "-common-scripts", mode=0o550), vol_cm("scripts", name + "-scripts", mode=0o755)],
                    hook=hook, created=created, svc=False, **kw)
    b.cm(ns, name + "-common-scripts", {"ping-mongodb.sh": "#!/bin/bash\n", "readiness-probe.sh": "#!/bin/bash\n", "startup-probe.sh": "#!/bin/bash\n"}, created=created)
    b.service(ns, name + "-headless", r["sel"], [("mongodb", 27017, "mongodb")], headless=True, pnra=True, labels=r["labels"], created=created)
    out = {"rs": r, "secret": name, "host": "%s-headless.%s.svc.cluster.local" % (name, ns)}
    if arbiter:
        ac = C("mongodb-arbiter", "docker.io/bitnami/mongodb:7.0.12-debian-12-r4", ports=[("mongodb", 27017)], req=("100m", "128Mi"), lim=("150m", "192Mi"),
               env=[env_val("MONGODB_REPLICA_SET_MODE", "arbiter"), env_val("MONGODB_INITIAL_PRIMARY_HOST", "%s-0.%s-headless.%s.svc.cluster.local" % (name, name, ns)),
                    env_secret("MONGODB_REPLICA_SET_KEY", name, "mongodb-replica-set-key")],
               liveness=probe("tcp", "mongodb", delay=30, period=20, timeout=10, failure=6), readiness=probe("tcp", "mongodb", delay=5, period=20, timeout=10, failure=6), sc=dict(BITNAMI_CSC))
        out["arbiter"] = bitnami_sts(b, ns, rel, "mongodb", name + "-arbiter", 1, [ac], [("tcp-mongodb", 27017)], "7.0.12", component="arbiter", vct=False,
                                     headless=name + "-arbiter-headless", sa=name, created=created, svc=False)
        b.service(ns, name + "-arbiter-headless", out["arbiter"]["sel"], [("tcp-mongodb", 27017, "mongodb")], headless=True, pnra=True, created=created)
    return out


def db_redis(b, ns, rel="redis", replicas=2, size="8Gi", sc=None, hook=None, created=None, **kw):
    ensure_ns(b, ns)
    name = rel if "redis" in rel else rel + "-redis"
    b.secret(ns, name, ["redis-password"], labels=helm_labels("redis", rel, "19.6.4"), created=created)
    b.helm_release(ns, rel, "19.6.4", revision=b.rng.randint(1, 6), created=created)
    b.cm(ns, name + "-configuration", {"redis.conf": "appendonly yes\nsave \"\"\n", "master.conf": "dir /data\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n", "replica.conf": "dir /data\n"}, created=created)
    b.cm(ns, name + "-health", {"ping_readiness_local.sh": "#!/bin/bash\n", "ping_liveness_local.sh": "#!/bin/bash\n"}, created=created)
    out = {}
    for comp, n in (("master", 1), ("replicas", replicas)):
        c = C("redis", "docker.io/bitnami/redis:7.2.5-debian-12-r4", ports=[("redis", 6379)], req=("100m", "256Mi"), lim=("150m", "512Mi"),
              args=["-c", "/opt/bitnami/scripts/start-scripts/start-%s.sh" % ("master" if comp == "master" else "replica")], command=["/bin/bash"],
              env=[env_val("BITNAMI_DEBUG", "false"), env_val("REDIS_REPLICATION_MODE", "master" if comp == "master" else "replica"),
                   env_secret("REDIS_PASSWORD", name, "redis-password"), env_val("REDIS_PORT", "6379")],
              liveness=probe("exec", command=["sh", "-c", "/health/ping_liveness_local.sh 5"], delay=20, period=5, timeout=6, failure=5),
              readiness=probe("exec", command=["sh", "-c", "/health/ping_readiness_local.sh 1"], delay=20, period=5, timeout=2, failure=5),
              sc=dict(BITNAMI_CSC), mounts=[("health", "/health"), ("redis-data", "/data"), ("config", "/opt/bitnami/redis/mounted-etc")])
        c["volumeMounts"][1]["name"] = "data"
        out[comp] = bitnami_sts(b, ns, rel, "redis", "%s-%s" % (name, comp), n, [c], [("tcp-redis", 6379)], "7.2.5", component="master" if comp == "master" else "replica",
                                size=size, sc=sc, volumes=[vol_cm("health", name + "-health", mode=0o755), vol_cm("config", name + "-configuration")],
                                hook=hook if comp == "master" else None, created=created, sa="%s-%s" % (name, comp), svc=False, headless=name + "-headless", **kw)
        b.service(ns, "%s-%s" % (name, comp), out[comp]["sel"], [("tcp-redis", 6379, "redis")], created=created)
    b.service(ns, name + "-headless", {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "redis"}, [("tcp-redis", 6379, "redis")], headless=True, created=created)
    out["secret"] = name
    out["host"] = "%s-master.%s.svc.cluster.local" % (name, ns)
    return out


def db_cassandra(b, ns, rel="cassandra", replicas=3, size="50Gi", sc=None, hook=None, created=None, **kw):
    ensure_ns(b, ns)
    name = rel if "cassandra" in rel else rel + "-cassandra"
    b.secret(ns, name, ["cassandra-password"], labels=helm_labels("cassandra", rel, "11.3.10"), created=created)
    b.helm_release(ns, rel, "11.3.10", revision=b.rng.randint(1, 4), created=created)
    c = C("cassandra", "docker.io/bitnami/cassandra:4.1.5-debian-12-r4", ports=[("intra", 7000), ("tls", 7001), ("jmx", 7199), ("cql", 9042)],
          req=("1", "4Gi"), lim=("2", "6Gi"), command=["bash", "-ec", "/opt/bitnami/scripts/cassandra/entrypoint.sh /opt/bitnami/scripts/cassandra/run.sh\n"],
          env=[env_val("BITNAMI_DEBUG", "false"), env_val("CASSANDRA_CLUSTER_NAME", "cassandra"),
               env_val("CASSANDRA_SEEDS", "%s-0.%s-headless.%s.svc.cluster.local" % (name, name, ns)), env_secret("CASSANDRA_PASSWORD", name, "cassandra-password"),
               env_val("MAX_HEAP_SIZE", "3072M"), env_val("HEAP_NEWSIZE", "768M"), env_val("CASSANDRA_ENDPOINT_SNITCH", "SimpleSnitch")],
          liveness=probe("exec", command=["/bin/bash", "-ec", "nodetool info | grep \"Native Transport active: true\"\nnodetool status | grep -E \"^UN\\\\s+${POD_IP}\"\n"], delay=60, period=30, timeout=30, failure=5),
          readiness=probe("exec", command=["/bin/bash", "-ec", "nodetool status | grep -E \"^UN\\\\s+${POD_IP}\"\n"], delay=60, period=10, timeout=30, failure=5),
          sc=dict(BITNAMI_CSC), mounts=[("data", "/bitnami/cassandra")])
    r = bitnami_sts(b, ns, rel, "cassandra", name, replicas, [c], [("cql", 9042)], "4.1.5", size=size, sc=sc, hook=hook, created=created, svc=False, **kw)
    b.service(ns, name + "-headless", r["sel"], [("intra", 7000, "intra"), ("tls", 7001, "tls"), ("jmx", 7199, "jmx"), ("cql", 9042, "cql")], headless=True, pnra=True, labels=r["labels"], created=created)
    b.service(ns, name, r["sel"], [("cql", 9042, "cql")], labels=r["labels"], created=created)
    r["secret"] = name
    r["host"] = "%s.%s.svc.cluster.local" % (name, ns)
    return r


def db_zookeeper(b, ns, rel="zookeeper", replicas=3, size="8Gi", sc=None, hook=None, created=None, pnra=True, **kw):
    ensure_ns(b, ns)
    name = rel if "zookeeper" in rel else rel + "-zookeeper"
    b.helm_release(ns, rel, "13.4.10", revision=b.rng.randint(1, 4), created=created)
    b.cm(ns, name + "-scripts", {"init-certs.sh": "#!/bin/bash\n", "setup.sh": "#!/bin/bash\n# Execute entrypoint as usual after obtaining ZOO_SERVER_ID\n"}, created=created)
    c = C("zookeeper", "docker.io/bitnami/zookeeper:3.9.2-debian-12-r12", ports=[("client", 2181), ("follower", 2888), ("election", 3888)],
          req=("250m", "256Mi"), lim=("375m", "384Mi"), command=["/scripts/setup.sh"],
          env=[env_val("BITNAMI_DEBUG", "false"), env_val("ZOO_DATA_LOG_DIR", ""), env_val("ZOO_PORT_NUMBER", "2181"), env_val("ZOO_TICK_TIME", "2000"),
               env_val("ZOO_INIT_LIMIT", "10"), env_val("ZOO_SYNC_LIMIT", "5"), env_val("ZOO_MAX_CLIENT_CNXNS", "60"),
               env_val("ZOO_SERVERS", " ".join("%s-%d.%s-headless.%s.svc.cluster.local:2888:3888::%d" % (name, i, name, ns, i + 1) for i in range(replicas))),
               env_val("ZOO_ENABLE_AUTH", "no"), env_val("ZOO_HEAP_SIZE", "1024"), env_val("ALLOW_ANONYMOUS_LOGIN", "yes")],
          liveness=probe("exec", command=["/bin/bash", "-ec", "ZOO_HC_TIMEOUT=2 /opt/bitnami/scripts/zookeeper/healthcheck.sh"], delay=30, period=10, timeout=5, failure=6),
          readiness=probe("exec", command=["/bin/bash", "-ec", "ZOO_HC_TIMEOUT=2 /opt/bitnami/scripts/zookeeper/healthcheck.sh"], delay=5, period=10, timeout=5, failure=6),
          sc=dict(BITNAMI_CSC), mounts=[("scripts", "/scripts/setup.sh"), ("data", "/bitnami/zookeeper")], tmp_policy="FallbackToLogsOnError")
    c["volumeMounts"][0]["subPath"] = "setup.sh"
    r = bitnami_sts(b, ns, rel, "zookeeper", name, replicas, [c], [("tcp-client", 2181)], "3.9.2", component="zookeeper", size=size, sc=sc,
                    volumes=[vol_cm("scripts", name + "-scripts", mode=0o755)], hook=hook, created=created, svc=False, policy="Parallel", **kw)
    b.service(ns, name + "-headless", r["sel"], [("tcp-client", 2181, "client"), ("tcp-follower", 2888, "follower"), ("tcp-election", 3888, "election")],
              headless=True, pnra=pnra, labels=r["labels"], created=created)
    b.service(ns, name, r["sel"], [("tcp-client", 2181, "client")], labels=r["labels"], created=created)
    r["host"] = "%s.%s.svc.cluster.local" % (name, ns)
    return r


def db_rabbitmq(b, ns, rel="rabbitmq", replicas=3, size="8Gi", sc=None, hook=None, created=None, **kw):
    ensure_ns(b, ns)
    name = rel if "rabbitmq" in rel else rel + "-rabbitmq"
    b.secret(ns, name, ["rabbitmq-erlang-cookie", "rabbitmq-password"], labels=helm_labels("rabbitmq", rel, "14.6.1"), created=created)
    b.helm_release(ns, rel, "14.6.1", revision=b.rng.randint(1, 4), created=created)
    b.cm(ns, name + "-config", {"rabbitmq.conf": "cluster_formation.peer_discovery_backend  = rabbit_peer_discovery_k8s\ncluster_formation.k8s.host = kubernetes.default\ncluster_formation.k8s.address_type = hostname\n"}, created=created)
    c = C("rabbitmq", "docker.io/bitnami/rabbitmq:3.13.6-debian-12-r0", ports=[("amqp", 5672), ("dist", 25672), ("stats", 15672), ("epmd", 4369), ("metrics", 9419)],
          req=("250m", "512Mi"), lim=("375m", "768Mi"),
          env=[env_val("BITNAMI_DEBUG", "false"), env_val("K8S_SERVICE_NAME", name + "-headless"), env_val("K8S_ADDRESS_TYPE", "hostname"),
               env_val("RABBITMQ_FORCE_BOOT", "no"), env_secret("RABBITMQ_ERL_COOKIE", name, "rabbitmq-erlang-cookie"), env_secret("RABBITMQ_PASSWORD", name, "rabbitmq-password")],
          liveness=probe("exec", command=["sh", "-ec", "curl -f --user user:$RABBITMQ_PASSWORD 127.0.0.1:15672/api/health/checks/virtual-hosts"], delay=120, period=30, timeout=20, failure=6),
          readiness=probe("exec", command=["sh", "-ec", "curl -f --user user:$RABBITMQ_PASSWORD 127.0.0.1:15672/api/health/checks/local-alarms"], delay=10, period=30, timeout=20, failure=3),
          sc=dict(BITNAMI_CSC), mounts=[("configuration", "/bitnami/rabbitmq/conf"), ("data", "/opt/bitnami/rabbitmq/.rabbitmq/mnesia")])
    r = bitnami_sts(b, ns, rel, "rabbitmq", name, replicas, [c], [("amqp", 5672), ("http-stats", 15672)], "3.13.6", size=size, sc=sc,
                    volumes=[vol_cm("configuration", name + "-config")], hook=hook, created=created, svc=False, **kw)
    b.service(ns, name + "-headless", r["sel"], [("epmd", 4369, "epmd"), ("amqp", 5672, "amqp"), ("dist", 25672, "dist"), ("http-stats", 15672, "stats")], headless=True, pnra=True, labels=r["labels"], created=created)
    b.service(ns, name, r["sel"], [("amqp", 5672, "amqp"), ("http-stats", 15672, "stats"), ("metrics", 9419, "metrics")], labels=r["labels"], created=created)
    r["secret"] = name
    r["host"] = "%s.%s.svc.cluster.local" % (name, ns)
    return r


def cnpg_operator(b, ns="cnpg-system", sa_automount=None, created=None):
    if b.get("Deployment", ns, "cnpg-controller-manager"):
        return b.get("Deployment", ns, "cnpg-controller-manager")
    ensure_ns(b, ns, created=created)
    b.helm_release(ns, "cnpg", "0.21.6", revision=b.rng.randint(1, 4))
    b.sa(ns, "cnpg-manager", automount=sa_automount, labels=helm_labels("cloudnative-pg", "cnpg", "1.23.3"))
    b.cm(ns, "cnpg-controller-manager-config", {"INHERITED_ANNOTATIONS": "", "INHERITED_LABELS": "", "WATCH_NAMESPACE": ""})
    b.secret(ns, "cnpg-webhook-cert", ["tls.crt", "tls.key"], typ="kubernetes.io/tls")
    b.secret(ns, "cnpg-ca-secret", ["ca.crt", "ca.key"])
    sel = {"app.kubernetes.io/instance": "cnpg", "app.kubernetes.io/name": "cloudnative-pg"}
    r = sysdeploy(b, ns, "cnpg-controller-manager", 1, [C("manager", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.3", ports=[("metrics", 8080), ("webhook-server", 9443)],
                  command=["/manager"], args=["controller", "--leader-elect", "--max-concurrent-reconciles=10", "--config-map-name=cnpg-controller-manager-config", "--webhook-port=9443"],
                  env=[env_val("OPERATOR_IMAGE_NAME", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.3"), {"name": "OPERATOR_NAMESPACE", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}}}, env_val("MONITORING_QUERIES_CONFIGMAP", "cnpg-default-monitoring")],
                  readiness=probe("http", 9443, "/readyz"), liveness=probe("http", 9443, "/readyz"), tmp_policy="File",
                  sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsGroup": 10001, "runAsUser": 10001, "seccompProfile": {"type": "RuntimeDefault"}},
                  mounts=[("scratch-data", "/controller"), ("webhook-certificates", "/run/secrets/cnpg.io/webhook")])],
                  sel, sa="cnpg-manager", prio=None, volumes=[vol_empty("scratch-data"), vol_secret("webhook-certificates", "cnpg-webhook-cert")],
                  labels=helm_labels("cloudnative-pg", "cnpg", "1.23.3"))
    b.service(ns, "cnpg-webhook-service", sel, [("webhook-server", 443, "webhook-server")])
    return r


def db_cnpg(b, ns, cluster, instances=3, size="50Gi", sc=None, image="ghcr.io/cloudnative-pg/postgresql:16.3", created=None, mem="2Gi",
            primary=1, pod_created=None, operator=True):
    ensure_ns(b, ns, created=created)
    if operator:
        cnpg_operator(b)
    sc = sc or b.default_sc
    owner = [b.crd_ref("postgresql.cnpg.io/v1", "Cluster", ns, cluster)]
    c0 = b.after_ns(ns, created or b.ns_created(ns) + timedelta(hours=1))
    for s_, keys, typ in (("app", ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"], "kubernetes.io/basic-auth"),
                          ("superuser", ["dbname", "host", "password", "pgpass", "port", "uri", "user", "username"], "kubernetes.io/basic-auth"),
                          ("ca", ["ca.crt", "ca.key"], "Opaque"), ("server", ["tls.crt", "tls.key"], "kubernetes.io/tls"), ("replication", ["tls.crt", "tls.key"], "kubernetes.io/tls")):
        b.secret(ns, "%s-%s" % (cluster, s_), keys, typ=typ, created=c0, owner=owner, labels={"cnpg.io/cluster": cluster, "cnpg.io/reload": "true"})
    pods = []
    ws = b.place(T([C("x", "x")])["spec"], instances)
    for i in range(1, instances + 1):
        pn = "%s-%d" % (cluster, i)
        role = "primary" if i == primary else "replica"
        pvc = b.pvc(ns, pn, size, sc, node=ws[i - 1], labels={"cnpg.io/cluster": cluster, "cnpg.io/instanceName": pn, "cnpg.io/instanceRole": role, "cnpg.io/pvcRole": "PG_DATA", "role": role},
                    created=c0 + timedelta(minutes=i * 2), owner=owner, annotations={"cnpg.io/nodeSerial": str(i), "cnpg.io/operatorVersion": "1.23.3", "cnpg.io/pvcStatus": "ready"})
        tm = T([C("postgres", image, ports=[("postgresql", 5432), ("metrics", 9187), ("status", 8000)], req=("500m", mem), lim=("2", mem),
                  command=["/controller/manager", "instance", "run", "--status-port-tls", "--log-level=info"],
                  env=[env_val("PGDATA", "/var/lib/postgresql/data/pgdata"), env_val("POD_NAME", pn), env_val("NAMESPACE", ns), env_val("CLUSTER_NAME", cluster), env_val("PGPORT", "5432"), env_val("PGHOST", "/controller/run")],
                  readiness=probe("http", 8000, "/readyz", period=10, timeout=5), liveness=probe("http", 8000, "/healthz", period=10, timeout=5),
                  startup=probe("http", 8000, "/healthz", period=10, timeout=5, failure=360),
                  sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}},
                  mounts=[("pgdata", "/var/lib/postgresql/data"), ("scratch-data", "/run"), ("scratch-data", "/controller"), ("shm", "/dev/shm"), ("app-secret", "/etc/app-secret")])],
               sa=cluster, volumes=[vol_pvc("pgdata", pn), vol_empty("scratch-data"), vol_empty("shm", "Memory"), vol_secret("app-secret", cluster + "-app")],
               init=[C("bootstrap-controller", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.3", command=["/manager", "bootstrap", "/controller/manager", "--log-level=info"],
                       req=("500m", mem), lim=("2", mem), mounts=[("scratch-data", "/controller")])],
               security_context={"fsGroup": 26, "runAsGroup": 26, "runAsNonRoot": True, "runAsUser": 26, "seccompProfile": {"type": "RuntimeDefault"}},
               labels={"cnpg.io/cluster": cluster, "cnpg.io/instanceName": pn, "cnpg.io/instanceRole": role, "cnpg.io/podRole": "instance", "role": role},
               annotations={"cnpg.io/nodeSerial": str(i), "cnpg.io/operatorVersion": "1.23.3", "cnpg.io/podEnvHash": b.hexs(8), "cnpg.io/podSpec": "{...}"})
        tm["spec"]["hostname"] = pn
        tm["spec"]["subdomain"] = cluster + "-any"
        sa_for(b, ns, cluster)
        pc = pod_created or (c0 + timedelta(minutes=i * 2, seconds=30))
        pods.append(b.mkpod(ns, pn, tm, pc, ws[i - 1], owner))
    lb = {"cnpg.io/cluster": cluster}
    b.service(ns, cluster + "-rw", {"cnpg.io/cluster": cluster, "role": "primary"}, [("postgres", 5432, 5432)], labels=lb, owner=owner, created=c0)
    b.service(ns, cluster + "-ro", {"cnpg.io/cluster": cluster, "role": "replica"}, [("postgres", 5432, 5432)], labels=lb, owner=owner, created=c0)
    b.service(ns, cluster + "-r", {"cnpg.io/cluster": cluster, "cnpg.io/podRole": "instance"}, [("postgres", 5432, 5432)], labels=lb, owner=owner, created=c0)
    return {"pods": pods, "owner": owner, "host": "%s-rw.%s.svc.cluster.local" % (cluster, ns), "secret": cluster + "-app"}


def db_zalando(b, ns, cluster, n=2, size="30Gi", sc=None, created=None, op_ns="postgres-operator"):
    ensure_ns(b, ns, created=created)
    if not b.get("Deployment", op_ns, "postgres-operator"):
        ensure_ns(b, op_ns)
        b.helm_release(op_ns, "postgres-operator", "1.12.2", revision=b.rng.randint(1, 4))
        b.cm(op_ns, "postgres-operator", {"watched_namespace": "*", "docker_image": "ghcr.io/zalando/spilo-16:3.2-p3", "enable_master_load_balancer": "false",
                                         "cluster_labels": "application:spilo", "pod_service_account_name": "postgres-pod", "kubernetes_use_configmaps": "false"})
        sysdeploy(b, op_ns, "postgres-operator", 1, [C("postgres-operator", "ghcr.io/zalando/postgres-operator:v1.12.2", req=("100m", "250Mi"), lim=("500m", "500Mi"),
                  env=[env_val("CONFIG_MAP_NAME", "postgres-operator")], sc={"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "runAsUser": 1000})],
                  {"app.kubernetes.io/instance": "postgres-operator", "app.kubernetes.io/name": "postgres-operator"}, sa="postgres-operator", prio=None)
    sc = sc or b.default_sc
    owner = [b.crd_ref("acid.zalan.do/v1", "postgresql", ns, cluster)]
    c0 = b.after_ns(ns, created or b.ns_created(ns) + timedelta(hours=1))
    sa_for(b, ns, "postgres-pod", created=c0)
    for u in ("postgres", "standby", "app-owner"):
        b.secret(ns, "%s.%s.credentials.postgresql.acid.zalan.do" % (u, cluster), ["password", "username"], created=c0,
                 labels={"application": "spilo", "cluster-name": cluster, "team": cluster.split("-")[0]})
    sel = {"application": "spilo", "cluster-name": cluster}
    tm = T([C("postgres", "ghcr.io/zalando/spilo-16:3.2-p3", ports=[("", 8008), ("", 5432), ("", 8080)], req=("100m", "1Gi"), lim=("1", "1Gi"),
              env=[env_val("SCOPE", cluster), env_val("PGROOT", "/home/postgres/pgdata/pgroot"), env_val("KUBERNETES_SCOPE_LABEL", "cluster-name"),
                   env_val("KUBERNETES_ROLE_LABEL", "spilo-role"), env_secret("PGPASSWORD_SUPERUSER", "postgres.%s.credentials.postgresql.acid.zalan.do" % cluster, "password"),
                   env_val("PGUSER_SUPERUSER", "postgres"), env_val("KUBERNETES_USE_CONFIGMAPS", "false")],
              readiness=probe("http", 8008, "/readiness", delay=6, period=10, timeout=5, failure=3),
              sc={"allowPrivilegeEscalation": True, "privileged": False, "readOnlyRootFilesystem": False},
              mounts=[("pgdata", "/home/postgres/pgdata"), ("dshm", "/dev/shm")])],
           sa="postgres-pod", volumes=[vol_empty("dshm", "Memory")], labels={"team": cluster.split("-")[0]}, grace=300)
    r = b.statefulset(ns, cluster, tm, n, cluster, vcts=[("pgdata", size, sc)], sel=sel, labels=dict(sel, team=cluster.split("-")[0]), owner=owner, created=c0)
    for i, p in enumerate(r["pods"]):
        p["metadata"]["labels"]["spilo-role"] = "master" if i == 0 else "replica"
    leader = r["pods"][0]
    lb = dict(sel, **{"spilo-role": "master"})
    b.service(ns, cluster, None, [("postgresql", 5432, 5432)], labels=lb, owner=owner, created=c0)
    t_leader = c0 + timedelta(minutes=3)
    b.manual_endpoints(ns, cluster, [leader["status"]["podIP"]], [("postgresql", 5432)], created=c0, labels=lb,
                       annotations={"acquireTime": iso(t_leader), "leader": leader["metadata"]["name"], "optime": str(b.rng.randint(10 ** 9, 10 ** 11)),
                                    "renewTime": iso(b.ago(seconds=b.rng.randint(1, 9))), "transitions": str(b.rng.randint(0, 6)), "ttl": "30"})
    b.get("Endpoints", ns, cluster)["metadata"]["ownerReferences"] = owner
    b.service(ns, cluster + "-repl", dict(sel, **{"spilo-role": "replica"}), [("postgresql", 5432, 5432)], labels=dict(sel, **{"spilo-role": "replica"}), owner=owner, created=c0)
    b.service(ns, cluster + "-config", None, [], headless=True, labels=sel, created=c0)
    b.manual_endpoints(ns, cluster + "-config", [], [], created=c0, labels=sel,
                       annotations={"config": "{\"loop_wait\":10,\"maximum_lag_on_failover\":33554432,\"postgresql\":{\"parameters\":{\"max_connections\":\"200\"}},\"retry_timeout\":10,\"ttl\":30}",
                                    "initialize": str(b.rng.randint(7 * 10 ** 18, 8 * 10 ** 18))})
    return {"sts": r, "host": "%s.%s.svc.cluster.local" % (cluster, ns), "secret": "app-owner.%s.credentials.postgresql.acid.zalan.do" % cluster}


def operator_deploy(b, ns, name, image, sel, sa, created=None, env=None, ports=None, labels=None, sa_automount=None):
    ensure_ns(b, ns, created=created)
    if b.get("Deployment", ns, name):
        return None
    if sa and not b.get("ServiceAccount", ns, sa):
        b.sa(ns, sa, automount=sa_automount)
    return sysdeploy(b, ns, name, 1, [C(name.split("-operator")[0] + "-operator" if "operator" in name else "manager", image, ports=ports, req=("100m", "64Mi"), lim=("500m", "256Mi"), env=env,
                     readiness=None, sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True})],
                     sel, sa=sa, prio=None, labels=labels)


def db_pxc(b, ns, name="cluster1", size="50Gi", sc=None, created=None, haproxy=2):
    ensure_ns(b, ns, created=created)
    operator_deploy(b, ns, "percona-xtradb-cluster-operator", "percona/percona-xtradb-cluster-operator:1.15.0",
                    {"app.kubernetes.io/component": "operator", "app.kubernetes.io/instance": "percona-xtradb-cluster-operator", "app.kubernetes.io/name": "percona-xtradb-cluster-operator"},
                    "percona-xtradb-cluster-operator", env=[{"name": "WATCH_NAMESPACE", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}}}])
    owner = [b.crd_ref("pxc.percona.com/v1", "PerconaXtraDBCluster", ns, name)]
    b.secret(ns, name + "-secrets", ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"])
    b.secret(ns, "internal-" + name, ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"], owner=owner)
    b.secret(ns, name + "-ssl", ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls")
    sel = {"app.kubernetes.io/component": "pxc", "app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "percona-xtradb-cluster-operator",
           "app.kubernetes.io/name": "percona-xtradb-cluster", "app.kubernetes.io/part-of": "percona-xtradb-cluster"}
    tm = T([C("pxc", "percona/percona-xtradb-cluster:8.0.36-28.1", ports=[("mysql", 3306), ("write-set", 4567), ("ist", 4568), ("sst", 4444), ("mysql-admin", 33062), ("mysqlx", 33060)],
              req=("600m", "1G"), command=["/var/lib/mysql/pxc-entrypoint.sh"], args=["mysqld"],
              env=[env_val("PXC_SERVICE", name + "-pxc-unready"), env_val("MONITOR_HOST", "%"), env_secret("MYSQL_ROOT_PASSWORD", "internal-" + name, "root"),
                   env_secret("XTRABACKUP_PASSWORD", "internal-" + name, "xtrabackup"), env_val("LIVENESS_CHECK_TIMEOUT", "5"), env_val("READINESS_CHECK_TIMEOUT", "15")],
              liveness=probe("exec", command=["/var/lib/mysql/liveness-check.sh"], delay=300, period=10, timeout=5, failure=3),
              readiness=probe("exec", command=["/var/lib/mysql/readiness-check.sh"], delay=15, period=30, timeout=15, failure=5),
              mounts=[("datadir", "/var/lib/mysql"), ("config", "/etc/percona-xtradb-cluster.conf.d"), ("ssl", "/etc/mysql/ssl")])],
           sa="default", volumes=[vol_cm("config", "auto-" + name + "-pxc"), vol_secret("ssl", name + "-ssl")], grace=600,
           init=[C("pxc-init", "percona/percona-xtradb-cluster-operator:1.15.0", command=["/pxc-init-entrypoint.sh"], req=("600m", "1G"), mounts=[("datadir", "/var/lib/mysql")])],
           security_context={"fsGroup": 1001, "supplementalGroups": [1001]})
    b.cm(ns, "auto-" + name + "-pxc", {"auto-config.cnf": "[mysqld]\ninnodb_buffer_pool_size=750000000\nmax_connections=158\n"}, owner=owner)
    r = b.statefulset(ns, name + "-pxc", tm, 3, name + "-pxc", vcts=[("datadir", size, sc or b.default_sc)], sel=sel, labels=sel, owner=owner, created=created)
    b.service(ns, name + "-pxc", sel, [("mysql", 3306, 3306), ("mysql-replicas", 3307, 3307), ("mysql-admin", 33062, 33062), ("mysqlx", 33060, 33060)], headless=True, labels=sel, owner=owner)
    b.service(ns, name + "-pxc-unready", sel, [("mysql", 3306, 3306), ("mysql-admin", 33062, 33062)], headless=True, pnra=True, labels=sel, owner=owner)
    out = {"pxc": r, "owner": owner}
    if haproxy:
        hsel = dict(sel, **{"app.kubernetes.io/component": "haproxy"})
        htm = T([C("haproxy", "percona/haproxy:2.8.5", ports=[("mysql", 3306), ("mysql-replicas", 3307), ("proxy-protocol", 3309), ("mysqlx", 33060), ("mysql-admin", 33062), ("stats", 8404)],
                   req=("600m", "1G"), readiness=probe("exec", command=["/opt/percona/haproxy_readiness_check.sh"], delay=15, period=5, timeout=1, failure=3)),
                 C("pxc-monit", "percona/haproxy:2.8.5", args=["/opt/percona/peer-list", "-on-change=/opt/percona/haproxy_add_pxc_nodes.sh", "-service=$(PXC_SERVICE)"],
                   env=[env_val("PXC_SERVICE", name + "-pxc")])], sa="default", grace=30)
        out["haproxy"] = b.statefulset(ns, name + "-haproxy", htm, haproxy, name + "-haproxy", sel=hsel, labels=hsel, owner=owner, created=created)
        b.service(ns, name + "-haproxy", hsel, [("mysql", 3306, 3306), ("mysql-replicas", 3307, 3307), ("proxy-protocol", 3309, 3309), ("mysqlx", 33060, 33060), ("mysql-admin", 33062, 33062)], labels=hsel, owner=owner)
        b.service(ns, name + "-haproxy-replicas", hsel, [("mysql-replicas", 3306, 3307)], labels=hsel, owner=owner)
    out["host"] = "%s-haproxy.%s.svc.cluster.local" % (name, ns)
    out["secret"] = name + "-secrets"
    return out


def db_psmdb(b, ns, name="psmdb", size="30Gi", sc=None, created=None):
    ensure_ns(b, ns, created=created)
    operator_deploy(b, ns, "percona-server-mongodb-operator", "percona/percona-server-mongodb-operator:1.16.2",
                    {"app.kubernetes.io/instance": "psmdb-operator", "app.kubernetes.io/name": "psmdb-operator"}, "percona-server-mongodb-operator")
    owner = [b.crd_ref("psmdb.percona.com/v1", "PerconaServerMongoDB", ns, name)]
    b.secret(ns, name + "-secrets", ["MONGODB_BACKUP_PASSWORD", "MONGODB_BACKUP_USER", "MONGODB_CLUSTER_ADMIN_PASSWORD", "MONGODB_CLUSTER_ADMIN_USER", "MONGODB_CLUSTER_MONITOR_PASSWORD", "MONGODB_CLUSTER_MONITOR_USER", "MONGODB_DATABASE_ADMIN_PASSWORD", "MONGODB_DATABASE_ADMIN_USER", "MONGODB_USER_ADMIN_PASSWORD", "MONGODB_USER_ADMIN_USER"])
    b.secret(ns, name + "-mongodb-keyfile", ["mongodb-key"], owner=owner)
    b.secret(ns, name + "-mongodb-encryption-key", ["encryption-key"], owner=owner)
    sel = {"app.kubernetes.io/component": "mongod", "app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "percona-server-mongodb-operator",
           "app.kubernetes.io/name": "percona-server-mongodb", "app.kubernetes.io/part-of": "percona-server-mongodb", "app.kubernetes.io/replset": "rs0"}
    tm = T([C("mongod", "percona/percona-server-mongodb:7.0.12-7", ports=[("mongodb", 27017)], req=("300m", "500M"), lim=("300m", "500M"),
              args=["--bind_ip_all", "--auth", "--dbpath=/data/db", "--port=27017", "--replSet=rs0", "--storageEngine=wiredTiger", "--relaxPermChecks", "--sslAllowInvalidCertificates", "--clusterAuthMode=x509", "--tlsMode=preferTLS"],
              command=["/opt/percona/ps-entry.sh"],
              liveness=probe("exec", command=["/opt/percona/mongodb-healthcheck", "k8s", "liveness", "--ssl", "--sslInsecure", "--sslCAFile", "/etc/mongodb-ssl/ca.crt", "--sslPEMKeyFile", "/tmp/tls.pem", "--startupDelaySeconds", "7200"], delay=60, period=30, timeout=10, failure=4),
              readiness=probe("tcp", 27017, delay=10, period=3, timeout=2, failure=8),
              mounts=[("mongod-data", "/data/db"), ("ssl", "/etc/mongodb-ssl", True), (name + "-mongodb-keyfile", "/etc/mongodb-secrets", True)])],
           sa="default", volumes=[vol_secret(name + "-mongodb-keyfile", name + "-mongodb-keyfile", mode=0o600), vol_secret("ssl", name + "-ssl")], grace=60,
           init=[C("mongo-init", "percona/percona-server-mongodb-operator:1.16.2", command=["/init-entrypoint.sh"], req=("300m", "500M"), lim=("300m", "500M"))],
           security_context={"fsGroup": 1001})
    b.secret(ns, name + "-ssl", ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls", owner=owner)
    r = b.statefulset(ns, name + "-rs0", tm, 3, name + "-rs0", vcts=[("mongod-data", size, sc or b.default_sc)], sel=sel, labels=sel, owner=owner, created=created)
    b.service(ns, name + "-rs0", sel, [("mongodb", 27017, 27017)], headless=True, labels=sel, owner=owner)
    return {"sts": r, "host": "%s-rs0.%s.svc.cluster.local" % (name, ns), "secret": name + "-secrets"}


def db_mongodb_community(b, ns, name="mongodb", size="20Gi", sc=None, created=None, hook=None, members=3, op_ns=None):
    ensure_ns(b, ns, created=created)
    op_ns = op_ns or ns
    operator_deploy(b, op_ns, "mongodb-kubernetes-operator", "quay.io/mongodb/mongodb-kubernetes-operator:0.10.0", {"name": "mongodb-kubernetes-operator"}, "mongodb-kubernetes-operator",
                    env=[env_val("WATCH_NAMESPACE", "*"), env_val("AGENT_IMAGE", "quay.io/mongodb/mongodb-agent:107.0.7.8596-1"), env_val("MONGODB_IMAGE", "mongodb-community-server")])
    owner = [b.crd_ref("mongodbcommunity.mongodb.com/v1", "MongoDBCommunity", ns, name)]
    sa_for(b, ns, "mongodb-database")
    b.secret(ns, name + "-keyfile", ["keyfile"], owner=owner)
    b.secret(ns, name + "-agent-password", ["password"], owner=owner)
    b.secret(ns, name + "-config", ["cluster-config.json"], owner=owner)
    b.secret(ns, "%s-admin-%s" % (name, "admin"), ["connectionString.standard", "connectionString.standardSrv", "password", "username"], owner=owner)
    b.secret(ns, name + "-admin-password", ["password"])
    sel = {"app": name + "-svc"}
    tm = T([C("mongod", "quay.io/mongodb/mongodb-community-server:6.0.16-ubi8", req=("500m", "400M"), lim=("1", "500M"),
              command=["/bin/sh", "-c", "\n#run post-start hook to handle version changes\n/hooks/version-upgrade\n\n# wait for config and keyfile to be created by the agent\nwhile ! [ -f /data/automation-mongod.conf -a -f /var/lib/mongodb-mms-automation/authentication/keyfile ]; do sleep 3 ; done ; sleep 2 ;\n\n# start mongod with this configuration\nexec mongod -f /data/automation-mongod.conf;\n\n"],
              mounts=[("data-volume", "/data"), ("healthstatus", "/healthstatus"), ("hooks", "/hooks"), ("logs-volume", "/var/log/mongodb-mms-automation"), (name + "-keyfile", "/var/lib/mongodb-mms-automation/authentication")]),
            C("mongodb-agent", "quay.io/mongodb/mongodb-agent:107.0.7.8596-1", req=("500m", "400M"), lim=("1", "500M"),
              readiness=probe("exec", command=["/opt/scripts/readinessprobe"], delay=5, period=10, timeout=1, failure=40),
              mounts=[("agent-scratch", "/var/lib/automation/config"), ("automation-config", "/var/lib/automation/config", True), ("data-volume", "/data"), ("healthstatus", "/var/log/mongodb-mms-automation/healthstatus"), ("logs-volume", "/var/log/mongodb-mms-automation"), (name + "-keyfile", "/var/lib/mongodb-mms-automation/authentication")])],
           sa="mongodb-database", volumes=[vol_empty("agent-scratch"), vol_secret("automation-config", name + "-config", mode=416), vol_empty("healthstatus"), vol_empty("hooks"), vol_secret(name + "-keyfile", name + "-keyfile", mode=416)],
           init=[C("mongod-posthook", "quay.io/mongodb/mongodb-kubernetes-operator-version-upgrade-post-start-hook:1.0.8", command=["cp", "version-upgrade-hook", "/hooks/version-upgrade"], mounts=[("hooks", "/hooks")]),
                 C("mongodb-agent-readinessprobe", "quay.io/mongodb/mongodb-kubernetes-readinessprobe:1.0.19", command=["cp", "/probes/readinessprobe", "/opt/scripts/readinessprobe"])],
           security_context={"fsGroup": 2000, "runAsNonRoot": True, "runAsUser": 2000})
    if hook:
        hook(tm)
    r = b.statefulset(ns, name, tm, members, name + "-svc", vcts=[("data-volume", size, sc or b.default_sc), ("logs-volume", "2G", sc or b.default_sc)], sel=sel, labels=sel, owner=owner, created=created)
    b.service(ns, name + "-svc", sel, [("mongodb", 27017, 27017), ("prometheus", 9216, 9216)], headless=True, pnra=True, labels=sel, owner=owner)
    return {"sts": r, "host": "%s-svc.%s.svc.cluster.local" % (name, ns), "secret": "%s-admin-admin" % name}


def db_eck(b, ns, name="logs", nodes_count=3, size="100Gi", sc=None, created=None, op_ns="elastic-system", kibana=True, hook=None, mem="4Gi"):
    ensure_ns(b, ns, created=created)
    if not b.get("StatefulSet", op_ns, "elastic-operator"):
        ensure_ns(b, op_ns)
        b.helm_release(op_ns, "elastic-operator", "2.13.0", revision=b.rng.randint(1, 3))
        syssts(b, op_ns, "elastic-operator", 1, [C("manager", "docker.elastic.co/eck/eck-operator:2.13.0", ports=[("https", 9443)], req=("100m", "150Mi"), lim=("1", "1Gi"),
               args=["manager", "--config=/conf/eck.yaml"], sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True})],
               {"app.kubernetes.io/instance": "elastic-operator", "app.kubernetes.io/name": "elastic-operator"}, "elastic-operator", sa="elastic-operator",
               volumes=[vol_cm("conf", "elastic-operator")])
        b.cm(op_ns, "elastic-operator", {"eck.yaml": "log-verbosity: 0\nmetrics-port: 0\ncontainer-registry: docker.elastic.co\nmax-concurrent-reconciles: 3\n"})
        b.service(op_ns, "elastic-webhook-server", {"control-plane": "elastic-operator"}, [("https", 443, 9443)])
    owner = [b.crd_ref("elasticsearch.k8s.elastic.co/v1", "Elasticsearch", ns, name)]
    for sfx_, keys in (("es-elastic-user", ["elastic"]), ("es-http-certs-internal", ["ca.crt", "tls.crt", "tls.key"]), ("es-transport-ca-internal", ["tls.crt", "tls.key"]),
                       ("es-internal-users", ["elastic-internal", "elastic-internal-monitoring", "elastic-internal-probe"]), ("es-default-es-config", ["elasticsearch.yml"])):
        b.secret(ns, "%s-%s" % (name, sfx_), keys, owner=owner, labels={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name})
    sel = {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name, "elasticsearch.k8s.elastic.co/statefulset-name": name + "-es-default"}
    tm = T([C("elasticsearch", "docker.elastic.co/elasticsearch/elasticsearch:8.14.3", ports=[("https", 9200), ("transport", 9300)], req=("1", mem), lim=(None, mem),
              readiness=probe("exec", command=["bash", "-c", "/mnt/elastic-internal/scripts/readiness-port-script.sh"], delay=10, period=5, timeout=5, failure=3),
              mounts=[("elasticsearch-data", "/usr/share/elasticsearch/data"), ("elastic-internal-elasticsearch-config", "/usr/share/elasticsearch/config/elasticsearch.yml")])],
           sa="default", volumes=[vol_secret("elastic-internal-elasticsearch-config", name + "-es-default-es-config")], grace=180,
           init=[C("elastic-internal-init-filesystem", "docker.elastic.co/elasticsearch/elasticsearch:8.14.3", command=["bash", "-c", "/mnt/elastic-internal/scripts/prepare-fs.sh"], req=("100m", "50Mi"), lim=("100m", "50Mi"), sc={"privileged": False}),
                 C("elastic-internal-suspend", "docker.elastic.co/elasticsearch/elasticsearch:8.14.3", command=["bash", "-c", "/mnt/elastic-internal/scripts/suspended_pods.sh"], req=("100m", "50Mi"), lim=("100m", "50Mi"))],
           labels={"elasticsearch.k8s.elastic.co/node-data": "true", "elasticsearch.k8s.elastic.co/node-master": "true", "elasticsearch.k8s.elastic.co/version": "8.14.3"})
    if hook:
        hook(tm)
    r = b.statefulset(ns, name + "-es-default", tm, nodes_count, name + "-es-default", vcts=[("elasticsearch-data", size, sc or b.default_sc)], sel=sel, labels=sel,
                      owner=owner, created=created, policy="Parallel")
    esel = {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name}
    b.service(ns, name + "-es-http", esel, [("https", 9200, 9200)], labels=esel, owner=owner)
    b.service(ns, name + "-es-transport", esel, [("tls-transport", 9300, 9300)], headless=True, labels=esel, owner=owner)
    b.service(ns, name + "-es-default", sel, [("https", 9200, 9200)], headless=True, pnra=True, labels=sel, owner=owner)
    b.service(ns, name + "-es-internal-http", esel, [("https", 9200, 9200)], labels=esel, owner=owner)
    out = {"sts": r, "owner": owner}
    if kibana:
        kown = [b.crd_ref("kibana.k8s.elastic.co/v1", "Kibana", ns, name)]
        ksel = {"common.k8s.elastic.co/type": "kibana", "kibana.k8s.elastic.co/name": name}
        b.secret(ns, name + "-kb-config", ["kibana.yml"], owner=kown)
        sysdeploy(b, ns, name + "-kb", 1, [C("kibana", "docker.elastic.co/kibana/kibana:8.14.3", ports=[("https", 5601)], req=("100m", "1Gi"), lim=(None, "1Gi"),
                  readiness=probe("http", 5601, "/login", period=10, timeout=5))], ksel, prio=None, owner=kown,
                  volumes=[vol_secret("elastic-internal-kibana-config", name + "-kb-config")])
        b.service(ns, name + "-kb-http", ksel, [("https", 5601, 5601)], labels=ksel, owner=kown)
    return out


def db_strimzi(b, ns, name="events", size="100Gi", sc=None, created=None, op_ns=None, brokers=3):
    ensure_ns(b, ns, created=created)
    op_ns = op_ns or ns
    operator_deploy(b, op_ns, "strimzi-cluster-operator", "quay.io/strimzi/operator:0.42.0", {"name": "strimzi-cluster-operator", "strimzi.io/kind": "cluster-operator"}, "strimzi-cluster-operator",
                    env=[env_val("STRIMZI_NAMESPACE", "*"), env_val("STRIMZI_FULL_RECONCILIATION_INTERVAL_MS", "120000")])
    b.cm(op_ns, "strimzi-cluster-operator", {"log4j2.properties": "name = COConfig\nmonitorInterval = 30\n"}) if not b.get("ConfigMap", op_ns, "strimzi-cluster-operator") else None
    kowner = b.crd_ref("kafka.strimzi.io/v1beta2", "Kafka", ns, name)
    sc = sc or b.default_sc
    out = {}
    for comp, n, port, img in (("zookeeper", 3, ("tcp-clients", 2181), "quay.io/strimzi/kafka:0.42.0-kafka-3.7.1"), ("kafka", brokers, ("tcp-replication", 9091), "quay.io/strimzi/kafka:0.42.0-kafka-3.7.1")):
        psname = "%s-%s" % (name, comp)
        owner = [b.crd_ref("core.strimzi.io/v1beta2", "StrimziPodSet", ns, psname)]
        lb = {"app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "strimzi-cluster-operator", "app.kubernetes.io/name": comp, "app.kubernetes.io/part-of": "strimzi-" + name,
              "strimzi.io/cluster": name, "strimzi.io/component-type": comp, "strimzi.io/kind": "Kafka", "strimzi.io/name": psname}
        sa_for(b, ns, psname)
        b.cm(ns, psname + "-config" if comp == "zookeeper" else psname + "-0", {"log4j.properties": "log4j.rootLogger=INFO, CONSOLE\n"}) if comp == "zookeeper" else None
        pods = []
        ws = b.place(T([C("x", "x")])["spec"], n)
        for i in range(n):
            pn = "%s-%d" % (psname, i)
            pvc = b.pvc(ns, "data-" + pn, size if comp == "kafka" else "10Gi", sc, node=ws[i], labels=lb, created=b.ns_created(ns) + timedelta(hours=2, minutes=i), owner=[kowner])
            tm = T([C(comp, img, ports=[port, ("tcp-ctrlplane", 9090)] if comp == "kafka" else [port, ("tcp-clustering", 2888), ("tcp-election", 3888)],
                      req=("500m", "2Gi") if comp == "kafka" else ("200m", "512Mi"), lim=("2", "4Gi") if comp == "kafka" else ("500m", "1Gi"),
                      command=["/opt/kafka/%s_run.sh" % comp],
                      readiness=probe("exec", command=["/opt/kafka/%s_healthcheck.sh" % ("kafka_readiness" if comp == "kafka" else "zookeeper")], delay=15, period=10, timeout=5),
                      liveness=probe("exec", command=["/opt/kafka/%s_healthcheck.sh" % ("kafka_liveness" if comp == "kafka" else "zookeeper")], delay=15, period=10, timeout=5),
                      mounts=[("data", "/var/lib/%s" % comp), ("%s-metrics-and-logging" % comp, "/opt/kafka/custom-config/")])],
                   sa=psname, volumes=[vol_pvc("data", "data-" + pn), vol_cm("%s-metrics-and-logging" % comp, pn if comp == "kafka" else psname + "-config")], labels=dict(lb, **{"strimzi.io/pod-name": pn, "strimzi.io/controller": "strimzipodset", "strimzi.io/controller-name": psname}),
                   annotations={"strimzi.io/revision": b.hexs(8)})
            tm["spec"]["hostname"] = pn
            tm["spec"]["subdomain"] = "%s-%s" % (psname, "nodes" if comp == "zookeeper" else "brokers")
            if comp == "kafka":
                b.cm(ns, pn, {"server.config": "broker.id=%d\n" % i, "log4j.properties": "log4j.rootLogger=INFO, CONSOLE\n"}, owner=owner)
            pods.append(b.mkpod(ns, pn, tm, b.ns_created(ns) + timedelta(hours=2, minutes=5 + i), ws[i], owner))
        hs = "%s-%s" % (psname, "nodes" if comp == "zookeeper" else "brokers")
        sel = {"strimzi.io/cluster": name, "strimzi.io/kind": "Kafka", "strimzi.io/name": psname}
        if comp == "zookeeper":
            b.service(ns, hs, sel, [("tcp-clients", 2181, 2181), ("tcp-clustering", 2888, 2888), ("tcp-election", 3888, 3888)], headless=True, pnra=True, labels=lb, owner=[kowner])
            b.service(ns, psname + "-client", sel, [("tcp-clients", 2181, 2181)], labels=lb, owner=[kowner])
        else:
            b.service(ns, hs, sel, [("tcp-ctrlplane", 9090, 9090), ("tcp-replication", 9091, 9091), ("tcp-clients", 9092, 9092)], headless=True, pnra=True, labels=lb, owner=[kowner])
            b.service(ns, name + "-kafka-bootstrap", sel, [("tcp-replication", 9091, 9091), ("tcp-clients", 9092, 9092)], labels=lb, owner=[kowner])
        out[comp] = pods
    return out


def db_pgbouncer(b, ns, name, target_host, replicas=2, port=6432, hook=None, created=None, secret=None, cm_keys=None):
    ensure_ns(b, ns)
    cm = b.cm(ns, name + "-config", cm_keys or {"pgbouncer.ini": "[databases]\n* = host=%s port=5432\n\n[pgbouncer]\nlisten_addr = 0.0.0.0\nlisten_port = %d\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\npool_mode = transaction\nmax_client_conn = 2000\ndefault_pool_size = 40\n" % (target_host, port)}, created=created)
    secret = secret or name + "-userlist"
    if not b.get("Secret", ns, secret):
        b.secret(ns, secret, ["userlist.txt"], created=created)
    tm = T([C("pgbouncer", "docker.io/bitnami/pgbouncer:1.23.1-debian-12-r0", ports=[("pgbouncer", port)], req=("100m", "64Mi"), lim=("500m", "256Mi"),
              readiness=probe("tcp", port, delay=5, period=10), liveness=probe("tcp", port, delay=15, period=20),
              mounts=[("config", "/etc/pgbouncer/pgbouncer.ini"), ("userlist", "/etc/pgbouncer/userlist.txt")]),
            C("exporter", "prometheuscommunity/pgbouncer-exporter:v0.8.0", ports=[("metrics", 9127)], req=("10m", "16Mi"), lim=("50m", "64Mi"),
              args=["--pgBouncer.connectionString=postgres://pgbouncer_stats@localhost:%d/pgbouncer?sslmode=disable" % port])],
           volumes=[vol_cm("config", name + "-config"), vol_secret("userlist", secret)])
    tm["spec"]["containers"][0]["volumeMounts"][0]["subPath"] = "pgbouncer.ini"
    tm["spec"]["containers"][0]["volumeMounts"][1]["subPath"] = "userlist.txt"
    if hook:
        hook(tm)
    sel = {"app.kubernetes.io/instance": name, "app.kubernetes.io/name": "pgbouncer"}
    r = b.deployment(ns, name, tm, replicas, sel=sel, created=created)
    b.service(ns, name, sel, [("pgbouncer", port, "pgbouncer")], created=created)
    r["host"] = "%s.%s.svc.cluster.local" % (name, ns)
    return r


def app(b, ns, name, image, replicas=2, port=8080, env=None, envFrom=None, hook=None, created=None, svc=True, sa=None, req=("100m", "256Mi"),
        lim=(None, "512Mi"), probes=True, labels=None, command=None, **kw):
    ensure_ns(b, ns)
    if sa and not b.get("ServiceAccount", ns, sa):
        b.sa(ns, sa)
    tm = T([C(name, image, ports=[("http", port)] if port else None, req=req, lim=lim, env=env, envFrom=envFrom, command=command,
              readiness=probe("http", "http", "/healthz/ready", period=10, timeout=2) if probes and port else None,
              liveness=probe("http", "http", "/healthz/live", delay=20, period=20, timeout=2) if probes and port else None,
              sc={"allowPrivilegeEscalation": False, "readOnlyRootFilesystem": True, "runAsNonRoot": True, "capabilities": {"drop": ["ALL"]}},
              tmp_policy="FallbackToLogsOnError")], sa=sa, labels=labels)
    if hook:
        hook(tm)
    sel = {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": ns}
    r = b.deployment(ns, name, tm, replicas, sel=sel, created=created, **kw)
    if svc and port:
        b.service(ns, name, sel, [("http", 80, "http")], created=created)
    r["sel"] = sel
    return r


# ----------------------------------------------------------------------------------------------
# helpers used by faults and noise
# ----------------------------------------------------------------------------------------------

def unbind_pvc(b, pvc):
    """turn a Bound PVC (and its PV) back into a Pending claim"""
    pv = b.get("PersistentVolume", "", pvc["spec"].get("volumeName", ""))
    if pv:
        b.remove(pv, ghost=False)
    pvc["spec"].pop("volumeName", None)
    ann = pvc["metadata"].get("annotations", {})
    for k in ("pv.kubernetes.io/bind-completed", "pv.kubernetes.io/bound-by-controller"):
        ann.pop(k, None)
    pvc["status"] = {"phase": "Pending"}


def replace_pod(b, old, created, node=None, mode="running", labels=None, tmpl=None, **kw):
    """an old pod incarnation was deleted and its controller made a new one"""
    md = old["metadata"]
    t = {"metadata": {"labels": dict(md.get("labels", {})), "annotations": dict(md.get("annotations", {}))}, "spec": copy.deepcopy(tmpl["spec"] if tmpl else old["spec"])}
    if labels:
        t["metadata"]["labels"].update(labels)
    sp = t["spec"]
    sp.pop("nodeName", None)
    vols = [v for v in sp.get("volumes", []) if not v["name"].startswith("kube-api-access-")]
    sp["volumes"] = vols
    for c in sp["containers"] + sp.get("initContainers", []):
        c["volumeMounts"] = [m for m in c.get("volumeMounts", []) if not m["name"].startswith("kube-api-access-")]
        if not c["volumeMounts"]:
            del c["volumeMounts"]
    if not vols:
        del sp["volumes"]
    sp["tolerations"] = [x for x in sp.get("tolerations", []) if x not in DEFAULT_TOLS]
    name = md["name"]
    ns = md["namespace"]
    owner = md.get("ownerReferences")
    if tmpl is None or name[-1].isdigit() is False:
        pass
    b.remove(old)
    if not re.search(r"-\d+$", name) or not any(o["kind"] in ("StatefulSet", "Cluster", "StrimziPodSet") for o in owner or []):
        name = name.rsplit("-", 1)[0] + "-" + b.sfx()
    hostname = sp.pop("hostname", None)
    sub = sp.pop("subdomain", None)
    ann = t["metadata"]["annotations"]
    for k in list(ann):
        if k == "openshift.io/scc":
            del ann[k]
    return b.mkpod(ns, name, t, created, node, owner, mode=mode, hostname=hostname, subdomain=sub, **kw)


def node_not_ready(b, name, since, reason="NodeStatusUnknown", message="Kubelet stopped posting node status."):
    n = b.get("Node", "", name)
    hb = since - timedelta(seconds=b.rng.randint(5, 40))
    for c in n["status"]["conditions"]:
        if c["type"] == "NetworkUnavailable":
            continue
        c["lastHeartbeatTime"] = iso(hb)
        c["lastTransitionTime"] = iso(since)
        c["status"] = "Unknown"
        c["reason"] = reason
        c["message"] = message
    n["spec"]["taints"] = n["spec"].get("taints", []) + [
        {"effect": "NoSchedule", "key": "node.kubernetes.io/unreachable", "timeAdded": iso(since)},
        {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "timeAdded": iso(since + timedelta(seconds=5))}]
    return n


def cordon(b, name, since):
    n = b.get("Node", "", name)
    n["spec"]["unschedulable"] = True
    n["spec"]["taints"] = n["spec"].get("taints", []) + [{"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "timeAdded": iso(since)}]
    return n


def pods_on(b, node):
    return [p for p in b.objs["pods"] if p["spec"].get("nodeName") == node]


def backoff_msg(image):
    return 'Back-off pulling image "%s"' % image


def crash_last(b, msg, finished, exit_code=1, reason="Error", ran=None):
    ran = ran or timedelta(seconds=b.rng.randint(1, 20))
    return {"exitCode": exit_code, "reason": reason, "message": msg, "startedAt": finished - ran, "finishedAt": finished}


def crashloop(b, pod, msg, since, restarts=None, exit_code=1, reason="Error", container=None, ran=None, backoff_events=True):
    """put a pod into CrashLoopBackOff that started failing at `since`, with BackOff events"""
    since = max(since, parse_ts(pod["metadata"]["creationTimestamp"]) + timedelta(seconds=15))
    mins = max(1, int((b.snap - since).total_seconds() // 60))
    restarts = restarts or min(4 + mins // 5, 250)
    last_fin = b.snap - timedelta(seconds=b.rng.randint(20, 280))
    b.set_status(pod, "crashloop", target=container, restarts=restarts,
                 last=crash_last(b, msg, last_fin, exit_code, reason, ran), started=None)
    c = container or pod["spec"]["containers"][0]["name"]
    if backoff_events:
        first = max(since + timedelta(seconds=40), b.ago(minutes=59)) if since > b.ago(minutes=59) else since + timedelta(seconds=40)
        first = min(first, b.ago(seconds=90))
        b.event(pod, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (c, pod["metadata"]["name"], pod["metadata"]["namespace"], pod["metadata"]["uid"]),
                first=first, last=b.ago(seconds=b.rng.randint(3, 60)), count=restarts * 3 + b.rng.randint(0, 9), field_path="spec.containers{%s}" % c)
    return pod


def image_pull_fail(b, pod, image, err, since, container=None, init=False):
    md = pod["metadata"]
    c = container or (pod["spec"]["initContainers"][0]["name"] if init else pod["spec"]["containers"][0]["name"])
    if init:
        b.set_status(pod, "init", init_target=c, reason="ImagePullBackOff", message=backoff_msg(image))
    else:
        b.set_status(pod, "waiting", target=c, reason="ImagePullBackOff", message=backoff_msg(image))
    fp = "spec.%s{%s}" % ("initContainers" if init else "containers", c)
    first = max(since, b.ago(minutes=59)) if (b.snap - since).total_seconds() < 3600 else since
    mins = max(1, int((b.snap - since).total_seconds() // 60))
    b.event(pod, "Pulling", 'Pulling image "%s"' % image, "Normal", first=first, last=b.ago(seconds=b.rng.randint(30, 200)), count=2 + mins // 5, field_path=fp)
    b.event(pod, "Failed", 'Failed to pull image "%s": %s' % (image, err), first=first + timedelta(seconds=2), last=b.ago(seconds=b.rng.randint(30, 200)), count=2 + mins // 5, field_path=fp)
    b.event(pod, "Failed", "Error: ErrImagePull", first=first + timedelta(seconds=2), last=b.ago(seconds=b.rng.randint(30, 200)), count=2 + mins // 5, field_path=fp)
    b.event(pod, "BackOff", backoff_msg(image), "Normal", first=first + timedelta(seconds=10), last=b.ago(seconds=b.rng.randint(2, 30)), count=mins * 4, field_path=fp)
    b.event(pod, "Failed", "Error: ImagePullBackOff", first=first + timedelta(seconds=10), last=b.ago(seconds=b.rng.randint(2, 30)), count=mins * 4, field_path=fp)
    return pod


def fill_quota_hard(b, ns, name, keys, slack=None, created=None):
    """ResourceQuota whose hard limits sit just above today's usage (rounded)"""
    used = quota_usage(b.objs["pods"], b.objs["persistentvolumeclaims"], ns, {k: "0" for k in keys})
    hard = {}
    for k in keys:
        s = (slack or {}).get(k)
        if k.endswith("cpu"):
            v = cpu_m(used[k])
            hard[k] = fmt_cpu(((v + (s or 0)) // 1000 + 1) * 1000)
        elif k.endswith("memory") or k == "requests.storage":
            v = mem_b(used[k])
            g = 1024 ** 3
            hard[k] = fmt_mem(((v + (s or 0)) // g + 1) * g)
        else:
            hard[k] = str(int(used[k]) + (s or 5))
    return b.quota(ns, name, hard, created=created)


# -- noise --------------------------------------------------------------------------------------

def noise_sandbox(b, ns=None, kind=None):
    ns = ns or b.rng.choice(["dev-sandbox", "playground", "sandbox"])
    ensure_ns(b, ns, labels={"env": "dev", "owner": "platform"})
    kind = kind or b.rng.choice(["imagepull", "crashloop"])
    days = b.rng.randint(2, 9)
    since = b.ago(days=days, hours=b.rng.randint(0, 20))
    name = b.rng.choice(["feature-flags-api", "pg-playground", "test-redis-ui", "mongo-express", "adminer", "jsonapi-mock"])
    img = {"feature-flags-api": "ghcr.io/acme/feature-flags-api:pr-1432", "pg-playground": "ghcr.io/acme/pg-playground:latest", "test-redis-ui": "patrikx3/p3x-redis-ui:2024.4.1xx",
           "mongo-express": "mongo-express:1.0.2-20-alpine3.19", "adminer": "adminer:4.8.1-standalone", "jsonapi-mock": "ghcr.io/acme/jsonapi-mock:0.3.1"}[name]
    r = app(b, ns, name, img, replicas=1, port=8080, created=since - timedelta(minutes=5), env=[env_val("DATABASE_URL", "postgres://dev:dev@pg-dev.%s.svc:5432/dev" % ns)],
            pod_age=since, history=False)
    pod = r["pods"][0]
    if kind == "imagepull" or name in ("test-redis-ui",):
        image_pull_fail(b, pod, img, 'rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve reference "%s": not found' % (docker_ref(img), docker_ref(img)), since)
    else:
        msg = {"mongo-express": "Could not connect to database using connectionString: mongodb://mongo-dev:27017/\"\nMongoNetworkError: getaddrinfo ENOTFOUND mongo-dev",
               "adminer": "[Thu Aug  1 10:00:00 2024] PHP Fatal error:  Uncaught Error: Call to undefined function pg_connect()",
               }.get(name, "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x9c4a12]")
        crashloop(b, pod, msg, since, restarts=b.rng.randint(600, 2400), exit_code=1 if name != "feature-flags-api" else 2)
    if b.rng.random() < 0.6:
        b.netpol(ns, "default-deny-all", {}, ["Ingress", "Egress"])
        b.netpol(ns, "allow-dns", {}, ["Egress"], egress=[{"ports": [{"port": 53, "protocol": "UDP"}, {"port": 53, "protocol": "TCP"}], "to": [{"namespaceSelector": {}}]}])
    return ns


def docker_ref(img):
    first = img.split("/")[0]
    if "." in first or ":" in first.split(":")[0] and "/" in img:
        return img
    return "docker.io/" + (img if "/" in img else "library/" + img)


def noise_evicted(b, dep, count=1, node=None, days=None):
    """old evicted pods of a Deployment's current ReplicaSet"""
    rs = dep["rs"]
    ns = rs["metadata"]["namespace"]
    for _ in range(count):
        d = days or b.rng.randint(2, 12)
        t = b.ago(days=d, hours=b.rng.randint(0, 12))
        if t < parse_ts(rs["metadata"]["creationTimestamp"]):
            continue
        nd = node or b.place(rs["spec"]["template"]["spec"], 1)[0]
        if parse_ts(b.get("Node", "", nd)["metadata"]["creationTimestamp"]) > t - timedelta(hours=1):
            continue
        res = b.rng.choice(["memory", "ephemeral-storage"])
        c = rs["spec"]["template"]["spec"]["containers"][0]["name"]
        msg = ("The node was low on resource: memory. Threshold quantity: 100Mi, available: 87340Ki. Container %s was using 1843212Ki, request is 256Mi, has larger consumption of memory. " % c) if res == "memory" else \
              ("The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, available: 9822140Ki. Container %s was using 4812Ki, request is 0, has larger consumption of ephemeral-storage. " % c)
        p = b.mkpod(ns, rs["metadata"]["name"] + "-" + b.sfx(), rs["spec"]["template"], t - timedelta(hours=b.rng.randint(2, 30)), nd, [b.oref(rs)],
                    mode="evicted", evict_msg=msg, finished=t)


def noise_failed_job(b, ns, name, msg, days=None, image="postgres:16.4", backoff=0):
    t = b.ago(days=days or b.rng.randint(2, 20), hours=b.rng.randint(0, 20))
    tm = T([C("job", image, command=["/bin/sh", "-c"], args=["psql \"$DATABASE_URL\" -f /scripts/run.sql"], tmp_policy="FallbackToLogsOnError")], restart="Never")
    return b.job(ns, name, tm, t, "failed", backoff=backoff, duration=b.rng.randint(3, 40), fail_msg=msg, exit_code=b.rng.choice([1, 2, 3]))


def noise_restarts(b, frac=0.08, exclude_ns=()):
    for p in list(b.objs["pods"]):
        if p["metadata"]["namespace"] in exclude_ns or p["status"].get("phase") != "Running" or not pod_ready(p):
            continue
        if b.rng.random() > frac:
            continue
        cs = p["status"]["containerStatuses"]
        if any(c["restartCount"] for c in cs):
            continue
        st = parse_ts(cs[0]["state"]["running"]["startedAt"])
        age = b.snap - st
        if age < timedelta(days=2):
            continue
        fin = st + age * b.rng.uniform(0.2, 0.9)
        why = b.rng.choice(["OOMKilled", "Error", "Error", "Completed"])
        last = {"exitCode": 137 if why == "OOMKilled" else (0 if why == "Completed" else b.rng.choice([1, 2, 255])), "reason": why,
                "startedAt": st, "finishedAt": fin}
        b.set_status(p, "running", target=cs[0]["name"], restarts=b.rng.randint(1, 4), last=last, started=fin + timedelta(seconds=b.rng.randint(10, 300)),
                     sched_at=parse_ts(p["status"]["startTime"]))


def noise_probe_blip(b, pod, minutes_ago=None):
    c = pod["spec"]["containers"][0]
    pr = c.get("readinessProbe")
    if not pr or not pod_ready(pod):
        return
    t = b.ago(minutes=minutes_ago or b.rng.randint(12, 55))
    if "httpGet" in pr:
        msg = 'Readiness probe failed: Get "http://%s:%s%s": context deadline exceeded (Client.Timeout exceeded while awaiting headers)' % (pod["status"].get("podIP"), pr["httpGet"]["port"] if isinstance(pr["httpGet"]["port"], int) else find_port(pod, pr["httpGet"]["port"]), pr["httpGet"]["path"])
    elif "tcpSocket" in pr:
        msg = "Readiness probe failed: dial tcp %s:%s: i/o timeout" % (pod["status"].get("podIP"), pr["tcpSocket"]["port"])
    else:
        msg = "Readiness probe errored: rpc error: code = DeadlineExceeded desc = failed to exec in container: timeout 5s exceeded: context deadline exceeded"
    b.event(pod, "Unhealthy", msg, first=t, last=t + timedelta(seconds=20 * b.rng.randint(1, 3)), count=b.rng.randint(1, 3), field_path="spec.containers{%s}" % c["name"])


def noise_node_reboot(b, node, at):
    for p in pods_on(b, node):
        if p["status"].get("phase") != "Running" or "deletionTimestamp" in p["metadata"]:
            continue
        cs = p["status"]["containerStatuses"]
        if any(c["restartCount"] for c in cs) or any("running" not in c["state"] for c in cs):
            continue
        st = parse_ts(cs[0]["state"]["running"]["startedAt"])
        if st >= at:
            continue
        last = {"exitCode": 255, "reason": "Unknown", "startedAt": st, "finishedAt": at}
        b.set_status(p, "running", target=cs[0]["name"], restarts=1, last=last, started=at + timedelta(seconds=b.rng.randint(40, 200)),
                     sched_at=parse_ts(p["status"]["startTime"]))
    n = b.get("Node", "", node)
    for c in n["status"]["conditions"]:
        if c["type"] == "Ready":
            c["lastTransitionTime"] = iso(at + timedelta(seconds=b.rng.randint(30, 90)))
    n["status"]["nodeInfo"]["bootID"] = b.uid()


def recent_events(b, skip=()):
    """Normal events that the control plane writes for recent activity (events live ~1h)"""
    horizon = b.ago(minutes=58)
    for p in list(b.objs["pods"]):
        md = p["metadata"]
        if md["name"] in skip:
            continue
        created = parse_ts(md["creationTimestamp"])
        if created < horizon or created > b.ago(seconds=5):
            continue
        node = p["spec"].get("nodeName")
        if not node:
            continue
        b.sched_event(p, "Successfully assigned %s/%s to %s" % (md["namespace"], md["name"], node), created + timedelta(seconds=1), reason="Scheduled", etype="Normal")
        for c, cs in zip(p["spec"]["containers"], p["status"].get("containerStatuses", [])):
            st = cs["state"].get("running") or cs["state"].get("terminated")
            if not st or not st.get("startedAt"):
                continue
            t = parse_ts(st["startedAt"])
            if t < horizon:
                continue
            fp = "spec.containers{%s}" % c["name"]
            b.event(p, "Pulled", 'Container image "%s" already present on machine' % c["image"], "Normal", first=t - timedelta(seconds=2), last=t - timedelta(seconds=2), field_path=fp)
            b.event(p, "Created", "Created container %s" % c["name"], "Normal", first=t - timedelta(seconds=1), last=t - timedelta(seconds=1), field_path=fp)
            b.event(p, "Started", "Started container %s" % c["name"], "Normal", first=t, last=t, field_path=fp)
    for j in b.objs["jobs"]:
        ct = j["status"].get("completionTime")
        if ct and horizon < parse_ts(ct) < b.snap:
            b.event(j, "Completed", "Job completed", "Normal", first=parse_ts(ct), last=parse_ts(ct), component="job-controller")
        st = parse_ts(j["status"]["startTime"])
        if horizon < st:
            for p in b.owned(j):
                pc = parse_ts(p["metadata"]["creationTimestamp"])
                b.event(j, "SuccessfulCreate", "Created pod: %s" % p["metadata"]["name"], "Normal", first=pc, last=pc, component="job-controller")
            for o in j["metadata"].get("ownerReferences", []):
                if o["kind"] == "CronJob":
                    cj = b.get("CronJob", j["metadata"]["namespace"], o["name"])
                    b.event(cj, "SuccessfulCreate", "Created job %s" % j["metadata"]["name"], "Normal", first=st - timedelta(seconds=1), last=st - timedelta(seconds=1), component="cronjob-controller")
                    if ct:
                        t2 = min(parse_ts(ct) + timedelta(seconds=b.rng.randint(1, 9)), b.ago(seconds=1))
                        b.event(cj, "SawCompletedJob", "Saw completed job: %s, status: Complete" % j["metadata"]["name"], "Normal", first=t2, last=t2, component="cronjob-controller")


def fill(b, min_pods, min_ns, pool=None, max_pods=104, max_ns=15):
    pool = list(pool or ["monitoring", "cert-manager", "ingress-nginx", "external-secrets", "logging", "kyverno", "argocd", "velero", "flux-system"])
    if b.platform == "openshift":
        pool = [p for p in pool if p not in ("ingress-nginx", "monitoring")]
    b.rng.shuffle(pool)
    for name in pool:
        if len(b.objs["pods"]) >= min_pods and len(b.objs["namespaces"]) >= min_ns:
            break
        if name in ("argocd",) and b.get("Namespace", "", "flux-system"):
            continue
        if name == "flux-system" and b.get("Namespace", "", "argocd"):
            continue
        if b.get("Namespace", "", name) or (name == "monitoring" and b.get("Namespace", "", "openshift-monitoring")):
            continue
        nn = len(b.node_info)
        cost = {"monitoring": 4 + nn, "logging": 1 + nn, "ingress-nginx": 4, "cert-manager": 3, "external-secrets": 3, "kyverno": 7,
                "argocd": 7, "velero": 1 + nn, "flux-system": 4, "metallb-system": 1 + nn}[name]
        if len(b.objs["namespaces"]) + 1 > max_ns or len(b.objs["pods"]) + cost > max_pods:
            continue
        ADDONS[name](b)
        if len(b.objs["pods"]) > max_pods or len(b.objs["namespaces"]) > max_ns:
            raise RuntimeError("%s: fill overshoot with %s (%d pods, %d ns)" % (b.iid, name, len(b.objs["pods"]), len(b.objs["namespaces"])))


# ----------------------------------------------------------------------------------------------
# consistency checks (on the written files)
# ----------------------------------------------------------------------------------------------

TS_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$")


def walk_strings(o, path=""):
    if isinstance(o, dict):
        for k, v in o.items():
            yield from walk_strings(v, path + "." + k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from walk_strings(v, "%s[%d]" % (path, i))
    elif isinstance(o, str):
        yield path, o


def check_bundle(d, ghosts=()):
    errs = []

    def err(msg):
        errs.append("%s: %s" % (os.path.basename(d), msg))

    data = {}
    for plural, kind in PLURAL_KIND.items():
        f = os.path.join(d, plural + ".json")
        if not os.path.exists(f):
            if plural not in OPTIONAL_PLURALS:
                err("missing required file %s" % plural)
            continue
        raw = open(f).read()
        doc = json.loads(raw)
        if raw != json.dumps(doc, indent=4, sort_keys=True) + "\n":
            err("%s not canonical (sorted keys)" % plural)
        if doc.get("apiVersion") != "v1" or doc.get("kind") != "List" or doc.get("metadata") != {"resourceVersion": ""}:
            err("%s: bad List shape" % plural)
        keys = [(o["metadata"].get("namespace", ""), o["metadata"]["name"]) for o in doc["items"]]
        if keys != sorted(keys):
            err("%s: items not sorted" % plural)
        for o in doc["items"]:
            if o.get("kind") != kind or o.get("apiVersion") != API_VERSION.get(kind, "v1"):
                err("%s: wrong kind/apiVersion %s/%s" % (plural, o.get("apiVersion"), o.get("kind")))
            if "managedFields" in o["metadata"]:
                err("managedFields present")
            if kind == "Secret":
                if any(v != "" for v in (o.get("data") or {}).values()):
                    err("secret %s carries values" % o["metadata"]["name"])
        data[plural] = doc["items"]
    snap = parse_ts(open(os.path.join(d, "snapshot_time.txt")).read().strip())
    truth = json.load(open(os.path.join(d, "truth.json")))
    idx = {}
    uids = set()
    for plural, items in data.items():
        for o in items:
            md = o["metadata"]
            if md["uid"] in uids:
                err("duplicate uid %s" % md["uid"])
            uids.add(md["uid"])
            idx[(o["kind"], md.get("namespace", ""), md["name"])] = o
    nss = {o["metadata"]["name"]: parse_ts(o["metadata"]["creationTimestamp"]) for o in data["namespaces"]}
    # timestamps
    for plural, items in data.items():
        for o in items:
            md = o["metadata"]
            for path, s in walk_strings(o):
                if TS_RE.match(s) and parse_ts(s) > snap:
                    err("%s %s/%s: %s=%s after snapshot" % (o["kind"], md.get("namespace", ""), md["name"], path, s))
            if o["kind"] not in CLUSTER_SCOPED:
                ns = md.get("namespace")
                if ns not in nss:
                    err("%s %s in unknown namespace %s" % (o["kind"], md["name"], ns))
                elif parse_ts(md["creationTimestamp"]) < nss[ns]:
                    err("%s %s/%s older than its namespace" % (o["kind"], ns, md["name"]))
            for ref in md.get("ownerReferences", []):
                k = ref["kind"]
                if k in KIND_PLURAL and KIND_PLURAL[k] not in data:
                    continue  # a kind this partial bundle does not carry
                if k in KIND_PLURAL:
                    tgt = idx.get((k, "" if k in CLUSTER_SCOPED else md.get("namespace", ""), ref["name"]))
                    if tgt is None or tgt["metadata"]["uid"] != ref["uid"]:
                        err("%s %s/%s: dangling ownerReference %s/%s" % (o["kind"], md.get("namespace"), md["name"], k, ref["name"]))
                elif k not in CRD_OWNERS:
                    err("%s %s: owner kind %s unknown" % (o["kind"], md["name"], k))
    pods = data["pods"]
    nodes = {n["metadata"]["name"]: n for n in data["nodes"]}
    events = data["events"]

    fail_text = {}

    def pod_failure_text(p):
        """what the snapshot shows about failures in the pod's namespace (pod statuses and events)"""
        ns = p["metadata"]["namespace"]
        if ns not in fail_text:
            parts = [json.dumps(q["status"]) for q in pods if q["metadata"]["namespace"] == ns]
            parts += [e["message"] for e in events if e["metadata"]["namespace"] == ns]
            fail_text[ns] = "\n".join(parts)
        return fail_text[ns]

    ips = {}
    for p in pods:
        md = p["metadata"]
        ns = md["namespace"]
        sp = p["spec"]
        if sp.get("nodeName") and sp["nodeName"] not in nodes:
            err("pod %s/%s on unknown node %s" % (ns, md["name"], sp["nodeName"]))
        if ("ServiceAccount", ns, sp.get("serviceAccountName", "default")) not in idx:
            err("pod %s/%s uses missing SA %s" % (ns, md["name"], sp.get("serviceAccountName")))
        ip = p["status"].get("podIP")
        if ip and not sp.get("hostNetwork"):
            if ip in ips:
                err("duplicate pod IP %s (%s, %s)" % (ip, ips[ip], md["name"]))
            ips[ip] = md["name"]
        if sp.get("hostNetwork") and ip and sp.get("nodeName") and ip not in [a["address"] for a in nodes[sp["nodeName"]]["status"]["addresses"]]:
            err("hostNetwork pod %s IP is not its node's" % md["name"])
        # referenced config
        refs = []
        for v in sp.get("volumes", []):
            if "configMap" in v:
                refs.append(("ConfigMap", v["configMap"]["name"], [i["key"] for i in v["configMap"].get("items", [])], v["configMap"].get("optional")))
            if "secret" in v:
                refs.append(("Secret", v["secret"]["secretName"], [i["key"] for i in v["secret"].get("items", [])], v["secret"].get("optional")))
            if "persistentVolumeClaim" in v:
                refs.append(("PersistentVolumeClaim", v["persistentVolumeClaim"]["claimName"], [], False))
            for src in v.get("projected", {}).get("sources", []):
                if "configMap" in src:
                    refs.append(("ConfigMap", src["configMap"]["name"], [i["key"] for i in src["configMap"].get("items", [])], False))
        for c in sp["containers"] + sp.get("initContainers", []):
            for e in c.get("env", []):
                vf = e.get("valueFrom", {})
                if "configMapKeyRef" in vf:
                    refs.append(("ConfigMap", vf["configMapKeyRef"]["name"], [vf["configMapKeyRef"]["key"]], vf["configMapKeyRef"].get("optional")))
                if "secretKeyRef" in vf:
                    refs.append(("Secret", vf["secretKeyRef"]["name"], [vf["secretKeyRef"]["key"]], vf["secretKeyRef"].get("optional")))
            for ef in c.get("envFrom", []):
                if "configMapRef" in ef:
                    refs.append(("ConfigMap", ef["configMapRef"]["name"], [], ef["configMapRef"].get("optional")))
                if "secretRef" in ef:
                    refs.append(("Secret", ef["secretRef"]["name"], [], ef["secretRef"].get("optional")))
        missing_list = []
        for kind, name, keys, optional in refs:
            if optional:
                continue
            o = idx.get((kind, ns, name))
            missing = None
            if o is None:
                missing = name
            else:
                have = set((o.get("data") or {}).keys()) | set((o.get("binaryData") or {}).keys())
                for k in keys:
                    if kind != "PersistentVolumeClaim" and k not in have:
                        missing = k
            if missing and p["status"].get("phase") not in ("Succeeded", "Failed"):
                missing_list.append((kind, name, missing))
        # the kubelet reports the first unresolvable reference only
        if missing_list and not any(m[2] in pod_failure_text(p) for m in missing_list):
            err("pod %s/%s references missing %s without showing the failure" % (ns, md["name"], missing_list))
    # workload status
    def owned(o):
        return [p for p in pods if any(r["uid"] == o["metadata"]["uid"] for r in p["metadata"].get("ownerReferences", []))]
    live = lambda p: p["status"].get("phase") not in ("Succeeded", "Failed") and "deletionTimestamp" not in p["metadata"]
    for rs in data["replicasets"]:
        ps = [p for p in owned(rs) if live(p)]
        st = rs["status"]
        if st.get("replicas", 0) != len(ps) or st.get("readyReplicas", 0) != sum(pod_ready(p) for p in ps):
            err("replicaset %s status disagrees with pods" % rs["metadata"]["name"])
        if len(ps) > rs["spec"]["replicas"]:
            err("replicaset %s has more pods than spec" % rs["metadata"]["name"])
    for dp in data["deployments"]:
        rss = [r for r in data["replicasets"] if any(o["uid"] == dp["metadata"]["uid"] for o in r["metadata"].get("ownerReferences", []))]
        st = dp["status"]
        if st.get("replicas", 0) != sum(r["status"].get("replicas", 0) for r in rss) or st.get("readyReplicas", 0) != sum(r["status"].get("readyReplicas", 0) for r in rss):
            err("deployment %s status disagrees with its replicasets" % dp["metadata"]["name"])
        if not rss:
            err("deployment %s without replicasets" % dp["metadata"]["name"])
    for s in data["statefulsets"]:
        ps = owned(s)
        st = s["status"]
        rr = sum(1 for p in ps if p["status"].get("phase") == "Running" and pod_ready(p))
        if st.get("replicas", 0) != len(ps) or st.get("readyReplicas", 0) != rr:
            err("statefulset %s status disagrees with pods (%s vs %d/%d)" % (s["metadata"]["name"], st, len(ps), rr))
        names = sorted(p["metadata"]["name"] for p in ps)
        for p in ps:
            if not re.match(re.escape(s["metadata"]["name"]) + r"-\d+$", p["metadata"]["name"]):
                err("statefulset pod name %s" % p["metadata"]["name"])
    for ds in data["daemonsets"]:
        ps = owned(ds)
        st = ds["status"]
        elig = 0
        tmpl = ds["spec"]["template"]["spec"]
        tols = list(tmpl.get("tolerations") or [])
        for t in DS_TOLS + ([DS_TOL_NET] if tmpl.get("hostNetwork") else []):
            tols.append(t)
        full = dict(tmpl, tolerations=tols)
        for n in data["nodes"]:
            if ds_eligible(n, full):
                elig += 1
        if st["desiredNumberScheduled"] != elig or st["currentNumberScheduled"] != len(ps) or st["numberReady"] != sum(pod_ready(p) for p in ps):
            err("daemonset %s status disagrees (%s, eligible %d, pods %d)" % (ds["metadata"]["name"], st, elig, len(ps)))
        on = [p["spec"].get("nodeName") for p in ps]
        if len(set(on)) != len(on):
            err("daemonset %s has two pods on one node" % ds["metadata"]["name"])
    for j in data["jobs"]:
        ps = owned(j)
        st = j["status"]
        if st.get("active", 0) != sum(1 for p in ps if live(p)) or st.get("succeeded", 0) != sum(1 for p in ps if p["status"].get("phase") == "Succeeded") \
                or st.get("failed", 0) != sum(1 for p in ps if p["status"].get("phase") == "Failed"):
            err("job %s status disagrees with pods" % j["metadata"]["name"])
    # endpoints / slices
    eps = {(e["metadata"]["namespace"], e["metadata"]["name"]): e for e in data["endpoints"]}
    slices = {}
    for sl in data.get("endpointslices", []):
        slices.setdefault((sl["metadata"]["namespace"], sl["metadata"]["labels"].get("kubernetes.io/service-name")), []).append(sl)
    for svc in data["services"]:
        ns, name = svc["metadata"]["namespace"], svc["metadata"]["name"]
        sp = svc["spec"]
        if sp["type"] == "ExternalName":
            if (ns, name) in eps:
                err("ExternalName service %s has endpoints" % name)
            continue
        ep = eps.get((ns, name))
        if "selector" in sp:
            if ep is None:
                err("service %s/%s has no Endpoints object" % (ns, name))
                continue
            want = recompute_endpoints(svc, [p for p in pods if p["metadata"]["namespace"] == ns])
            got = normalize_subsets(ep.get("subsets") or [])
            if want != got:
                err("endpoints %s/%s differ from recomputation:\n  want %s\n  got  %s" % (ns, name, want, got))
            if "endpointslices" in data:
                wsl = recompute_slices(svc, [p for p in pods if p["metadata"]["namespace"] == ns])
                gsl = normalize_slices(slices.get((ns, name), []))
                if wsl != gsl:
                    err("endpointslices %s/%s differ from recomputation:\n  want %s\n  got  %s" % (ns, name, wsl, gsl))
                for sl in slices.get((ns, name), []):
                    if sl["metadata"]["labels"].get("endpointslice.kubernetes.io/managed-by") != "endpointslice-controller.k8s.io":
                        err("slice %s managed-by" % sl["metadata"]["name"])
        elif ep is not None and "endpointslices" in data and ep.get("subsets"):
            want = normalize_mirror(ep)
            got = normalize_slices(slices.get((ns, name), []), mirror=True)
            if want != got:
                err("mirrored slices for %s/%s differ: want %s got %s" % (ns, name, want, got))
    # quotas
    for q in data.get("resourcequotas", []):
        ns = q["metadata"]["namespace"]
        want = quota_usage(pods, data["persistentvolumeclaims"], ns, q["spec"]["hard"])
        for k, v in want.items():
            got = q["status"]["used"].get(k)
            conv = cpu_m if k.endswith("cpu") else (mem_b if (k.endswith("memory") or k.endswith("storage")) else int)
            if got is None or conv(got) != conv(v):
                err("quota %s/%s used %s=%s, recomputed %s" % (ns, q["metadata"]["name"], k, got, v))
            if conv(q["status"]["used"][k]) > conv(q["spec"]["hard"][k]):
                err("quota %s/%s used above hard for %s" % (ns, q["metadata"]["name"], k))
    # PV/PVC binding
    pvs = {p["metadata"]["name"]: p for p in data["persistentvolumes"]}
    pvcs = {(c["metadata"]["namespace"], c["metadata"]["name"]): c for c in data["persistentvolumeclaims"]}
    for c in data["persistentvolumeclaims"]:
        if c["status"]["phase"] == "Bound":
            pv = pvs.get(c["spec"].get("volumeName"))
            if not pv or pv["spec"].get("claimRef", {}).get("uid") != c["metadata"]["uid"] or pv["status"]["phase"] != "Bound":
                err("pvc %s/%s binding not mutual" % (c["metadata"]["namespace"], c["metadata"]["name"]))
    for pv in data["persistentvolumes"]:
        cr = pv["spec"].get("claimRef")
        if pv["status"]["phase"] == "Bound":
            c = pvcs.get((cr["namespace"], cr["name"]))
            if not c or c["metadata"]["uid"] != cr["uid"] or c["spec"].get("volumeName") != pv["metadata"]["name"]:
                err("pv %s binding not mutual" % pv["metadata"]["name"])
        na = pv["spec"].get("nodeAffinity", {}).get("required", {}).get("nodeSelectorTerms")
        if na and not any(node_selector_terms_match(na, n) for n in data["nodes"]):
            err("pv %s node affinity matches no node" % pv["metadata"]["name"])
        sc = pv["spec"].get("storageClassName")
        if sc and ("StorageClass", "", sc) not in idx:
            err("pv %s references unknown storageclass %s" % (pv["metadata"]["name"], sc))
    for p in pods:
        for v in p["spec"].get("volumes", []):
            if "persistentVolumeClaim" in v:
                c = pvcs.get((p["metadata"]["namespace"], v["persistentVolumeClaim"]["claimName"]))
                if c and c["status"]["phase"] == "Bound" and p["spec"].get("nodeName"):
                    pv = pvs[c["spec"]["volumeName"]]
                    na = pv["spec"].get("nodeAffinity", {}).get("required", {}).get("nodeSelectorTerms")
                    if na and not node_selector_terms_match(na, nodes[p["spec"]["nodeName"]]):
                        err("pod %s runs on a node its PV cannot reach" % p["metadata"]["name"])
    # events
    for e in events:
        io = e["involvedObject"]
        k = io["kind"]
        key = (k, io.get("namespace", "") if k not in CLUSTER_SCOPED else "", io["name"])
        o = idx.get(key)
        if k in KIND_PLURAL and KIND_PLURAL[k] not in data:
            continue
        if o is None:
            if key not in ghosts:
                err("event %s references missing %s" % (e["metadata"]["name"], key))
        elif io.get("uid") not in (o["metadata"]["uid"], o["metadata"]["name"]):
            if key not in ghosts:
                err("event %s uid mismatch for %s" % (e["metadata"]["name"], key))
        if e["metadata"]["namespace"] != (io.get("namespace") or "default"):
            err("event %s in wrong namespace" % e["metadata"]["name"])
        if e.get("reportingComponent") == "default-scheduler":
            if e.get("firstTimestamp") is not None or e.get("lastTimestamp") is not None or not e.get("eventTime"):
                err("scheduler event %s not in events.k8s.io shape" % e["metadata"]["name"])
    # truth and size
    rc = truth["root_cause"]
    kind = {k.lower(): k for k in KIND_PLURAL}.get(rc["kind"].lower())
    if not kind or (kind, rc["namespace"], rc["name"]) not in idx:
        err("truth entity %s missing" % rc)
    if kind in CLUSTER_SCOPED and rc["namespace"] != "":
        err("cluster-scoped truth with a namespace")
    if rc["name"].lower() in truth["symptom"].lower():
        err("symptom names the root cause object")
    for k in ("id", "fault", "symptom", "root_cause", "explanation"):
        if k not in truth:
            err("truth lacks %s" % k)
    if not (47 <= len(pods) <= 104):
        err("%d pods" % len(pods))
    if not (10 <= len(data["namespaces"]) <= 15):
        err("%d namespaces" % len(data["namespaces"]))
    ver = int(nodes[sorted(nodes)[0]]["status"]["nodeInfo"]["kubeletVersion"].split(".")[1])
    for p in pods:
        types = [c["type"] for c in p["status"].get("conditions", [])]
        if p["spec"].get("nodeName") and ("PodReadyToStartContainers" in types) != (ver >= 29):
            err("pod %s PodReadyToStartContainers vs version" % p["metadata"]["name"])
    return errs, {"pods": len(pods), "namespaces": len(data["namespaces"]), "fault": truth["fault"], "kind": rc["kind"]}


def norm_addr(a):
    return (a["ip"], a.get("hostname"), a.get("nodeName"), (a.get("targetRef") or {}).get("name"))


def normalize_subsets(subsets):
    out = []
    for s in subsets:
        out.append((tuple(sorted((p.get("name"), p["port"], p["protocol"]) for p in s.get("ports", []))),
                    tuple(sorted(norm_addr(a) for a in s.get("addresses", []))),
                    tuple(sorted(norm_addr(a) for a in s.get("notReadyAddresses", [])))))
    return sorted(out)


def resolve_ports(svc, p):
    ports = []
    for sport in svc["spec"].get("ports", []):
        t = sport["targetPort"]
        num = t if isinstance(t, int) else None
        if num is None:
            for c in p["spec"]["containers"]:
                for cp in c.get("ports", []):
                    if cp.get("name") == t:
                        num = cp["containerPort"]
        if num is not None:
            ports.append((sport.get("name"), num, sport.get("protocol", "TCP")))
    return tuple(sorted(ports))


def recompute_endpoints(svc, pods):
    sel = svc["spec"]["selector"]
    pnra = svc["spec"].get("publishNotReadyAddresses", False)
    groups = {}
    for p in pods:
        if not all(p["metadata"].get("labels", {}).get(k) == v for k, v in sel.items()):
            continue
        if not p["status"].get("podIP") or p["status"].get("phase") in ("Succeeded", "Failed"):
            continue
        if "deletionTimestamp" in p["metadata"] and not pnra:
            continue
        ready = pnra or any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"].get("conditions", []))
        hostname = p["spec"].get("hostname") if p["spec"].get("subdomain") == svc["metadata"]["name"] else None
        a = (p["status"]["podIP"], hostname, p["spec"].get("nodeName"), p["metadata"]["name"])
        g = groups.setdefault(resolve_ports(svc, p), ([], []))
        g[0 if ready else 1].append(a)
    return sorted((k, tuple(sorted(v[0])), tuple(sorted(v[1]))) for k, v in groups.items())


def recompute_slices(svc, pods):
    sel = svc["spec"]["selector"]
    pnra = svc["spec"].get("publishNotReadyAddresses", False)
    groups = {}
    for p in pods:
        if not all(p["metadata"].get("labels", {}).get(k) == v for k, v in sel.items()):
            continue
        if not p["status"].get("podIP") or p["status"].get("phase") in ("Succeeded", "Failed"):
            continue
        term = "deletionTimestamp" in p["metadata"]
        ready = any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"].get("conditions", []))
        groups.setdefault(resolve_ports(svc, p), []).append((p["status"]["podIP"], (pnra or ready) and (not term or pnra), pnra or ready, term, p["metadata"]["name"]))
    if not groups:
        return [((), ())]
    return sorted((k, tuple(sorted(v))) for k, v in groups.items())


def normalize_slices(sls, mirror=False):
    out = []
    for sl in sls:
        ports = tuple(sorted((p.get("name"), p["port"], p["protocol"]) for p in sl.get("ports") or []))
        eps = []
        for e in sl.get("endpoints") or []:
            c = e["conditions"]
            if mirror:
                eps.append((e["addresses"][0], c.get("ready")))
            else:
                eps.append((e["addresses"][0], c.get("ready"), c.get("serving"), c.get("terminating"), (e.get("targetRef") or {}).get("name")))
        out.append((ports, tuple(sorted(eps))))
    return sorted(out)


def normalize_mirror(ep):
    out = []
    for s in ep.get("subsets") or []:
        ports = tuple(sorted((p.get("name"), p["port"], p["protocol"]) for p in s.get("ports", [])))
        eps = [(a["ip"], True) for a in s.get("addresses", [])] + [(a["ip"], False) for a in s.get("notReadyAddresses", [])]
        out.append((ports, tuple(sorted(eps))))
    return sorted(out)


# ----------------------------------------------------------------------------------------------
# incidents
# ----------------------------------------------------------------------------------------------

BASE = datetime(2024, 9, 9, 6, 0, 0, tzinfo=timezone.utc)
INCIDENTS = {}
PLATFORM_LABEL = {"eks": "EKS", "gke": "GKE", "aks": "AKS", "doks": "DOKS", "k3s": "k3s", "rke2": "RKE2", "openshift": "OpenShift-like"}


def incident(n, plat, label=None):
    def deco(fn):
        INCIDENTS[n] = (fn, plat, label)
        return fn
    return deco


def start(n, plat, **setup_kw):
    seed = 510000 + n * 7919
    r0 = random.Random(seed)
    snap = BASE + timedelta(days=2 * n + r0.randint(0, 1), hours=r0.randint(1, 10), minutes=r0.randint(0, 59), seconds=r0.randint(0, 59))
    b = new_builder("%s-%02d" % (PREFIX, n), seed, snap, plat)
    setup_kw = {k: (v(snap) if callable(v) else v) for k, v in setup_kw.items()}
    SETUP[b.platform](b, **setup_kw)
    return b


def finish(b, fault, symptom, kind, ns, name, explanation, min_pods=None, target_ns=None, needs=(), pool=None, sandbox=True,
           restarts=True, blips=2, exclude=(), failed_job=None, evicted=True):
    target_ns = target_ns or b.rng.randint(11, 14)
    min_pods = min_pods or b.rng.randint(50, 80)
    fill(b, min_pods, target_ns - (1 if sandbox else 0), pool=pool, max_ns=15 - (1 if sandbox else 0), max_pods=100)
    if sandbox and len(b.objs["namespaces"]) < 15:
        noise_sandbox(b)
    if restarts:
        noise_restarts(b, 0.07, exclude_ns=exclude)
    cands = [p for p in b.objs["pods"] if p["status"].get("phase") == "Running" and pod_ready(p) and p["spec"]["containers"][0].get("readinessProbe")
             and p["metadata"]["namespace"] not in exclude]
    b.rng.shuffle(cands)
    for p in cands[:blips]:
        noise_probe_blip(b, p)
    if evicted:
        deps = [d for d in b.objs["deployments"] if d["metadata"]["namespace"] not in exclude and d["metadata"]["namespace"] not in ("kube-system",)]
        b.rng.shuffle(deps)
        for d in deps[:1]:
            rs = sorted(b.owned(d, "ReplicaSet"), key=lambda r: int(r["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))[-1]
            if rs["spec"]["replicas"]:
                noise_evicted(b, {"rs": rs}, count=b.rng.randint(1, 2))
    if failed_job:
        noise_failed_job(b, *failed_job)
    recent_events(b)
    b.finalize()
    optional = [k for k in OPTIONAL_PLURALS if k not in needs]
    b.rng.shuffle(optional)
    b.omit = optional[:b.rng.choice([0, 0, 1, 1, 2])]
    b.truth = {"id": b.iid, "fault": fault, "symptom": symptom,
               "root_cause": {"kind": kind, "namespace": "" if kind in CLUSTER_SCOPED else ns, "name": name},
               "explanation": explanation}
    return b


def build_all():
    out = {}
    for n in sorted(INCIDENTS):
        fn, plat, label = INCIDENTS[n]
        b = fn(n)
        out[n] = b
    return out


PENDING_PVC_MSG = "0/%d nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling."


def make_pending(b, pod, msg, since, count=None):
    b.set_status(pod, "pending", sched_msg=msg, sched_at=since + timedelta(seconds=1))
    mins = max(1, int((b.snap - since).total_seconds() // 60))
    b.sched_event(pod, msg, since + timedelta(seconds=1), last=b.ago(seconds=b.rng.randint(20, 280)), count=count or max(2, mins // 5))


def app_env_pg(host, secret, key="password", db="app", user="app"):
    return [env_val("DB_HOST", host), env_val("DB_PORT", "5432"), env_val("DB_NAME", db), env_val("DB_USER", user), env_secret("DB_PASSWORD", secret, key)]


@incident(1, "eks")
def k01(n):
    b = start(n, "eks", nworkers=4)
    orders = db_postgresql(b, "orders", rel="orders-pg", metrics=True, size="100Gi")
    app(b, "orders", "orders-api", "123456789012.dkr.ecr.us-east-1.amazonaws.com/orders-api:2.14.1", replicas=3, env=app_env_pg(orders["host"], orders["secret"], "password", "orders", "orders"))
    db_redis(b, "orders", rel="orders-cache", replicas=1)
    t = b.ago(hours=4, minutes=b.rng.randint(10, 50))
    b.sc("io2-db", "pd.csi.storage.gke.io", binding="Immediate", params={"type": "pd-ssd", "replication-type": "none"}, created=t - timedelta(minutes=6))
    ensure_ns(b, "analytics")
    wh = db_postgresql(b, "analytics", rel="warehouse-pg", sc="io2-db", size="500Gi", created=t)
    pod = wh["pods"][0]
    pvc = b.get("PersistentVolumeClaim", "analytics", "data-warehouse-pg-postgresql-0")
    unbind_pvc(b, pvc)
    nn = len(b.node_info)
    make_pending(b, pod, PENDING_PVC_MSG % (nn, nn, nn), parse_ts(pod["metadata"]["creationTimestamp"]))
    mins = int((b.snap - t).total_seconds() // 60)
    b.event(pvc, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner 'pd.csi.storage.gke.io' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
            "Normal", first=parse_ts(pvc["metadata"]["creationTimestamp"]) + timedelta(seconds=1), last=b.ago(seconds=b.rng.randint(2, 14)), count=mins * 4 + 3, component="persistentvolume-controller")
    loader = app(b, "analytics", "warehouse-loader", "123456789012.dkr.ecr.us-east-1.amazonaws.com/warehouse-loader:0.9.3", replicas=1, port=None,
                 env=app_env_pg(wh["host"], wh["secret"], "password", "warehouse", "loader"), created=t + timedelta(minutes=2), pod_age=t + timedelta(minutes=3))
    svc_ip = b.get("Service", "analytics", "warehouse-pg-postgresql")["spec"]["clusterIP"]
    crashloop(b, loader["pods"][0], 'psycopg2.OperationalError: connection to server at "warehouse-pg-postgresql.analytics.svc.cluster.local" (%s), port 5432 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?' % svc_ip,
              t + timedelta(minutes=3))
    return finish(b, "storageclass-wrong-provisioner",
                  "the new warehouse postgres in analytics has been Pending since we deployed it this morning, the loader keeps crashing",
                  "StorageClass", "", "io2-db",
                  "PVC analytics/data-warehouse-pg-postgresql-0 is Pending and the pod cannot be scheduled (unbound immediate PVC). The PVC events show ExternalProvisioning waiting for 'pd.csi.storage.gke.io' - the GKE PD driver, which does not exist on this EKS cluster (only ebs.csi.aws.com runs). The StorageClass io2-db, created shortly before the database, was copied from a GKE manifest. Recreate io2-db with provisioner ebs.csi.aws.com (type io2/gp3) and recreate the PVC; the warehouse-loader crashloop is a consequence.",
                  needs=("events",))


@incident(2, "kubeadm")
def k02(n):
    b = start(n, "kubeadm", nworkers=4, cni="calico")
    storage_longhorn(b)
    addon_metallb(b)
    pg = db_postgresql(b, "payments", rel="payments-pg", metrics=True, size="80Gi")
    b.cm("payments", "payments-api-config", {"DATABASE_HOST": pg["host"], "DATABASE_PORT": "5432", "DATABASE_NAME": "payments", "LOG_LEVEL": "info", "FEATURE_3DS2": "true"},
         labels={"app.kubernetes.io/name": "payments-api", "app.kubernetes.io/part-of": "payments"})
    env = [env_cm("DB_HOST", "payments-api-config", "DB_HOST"), env_cm("DB_PORT", "payments-api-config", "DB_PORT"), env_cm("DB_NAME", "payments-api-config", "DB_NAME"),
           env_secret("DB_PASSWORD", pg["secret"], "password"), env_cm("LOG_LEVEL", "payments-api-config", "LOG_LEVEL")]
    base = T([C("payments", "harbor.%s/payments/payments-api:3.7.2" % b.domain, ports=[("http", 8080)], req=("200m", "384Mi"), lim=(None, "768Mi"), env=env,
                readiness=probe("http", "http", "/healthz/ready"), liveness=probe("http", "http", "/healthz/live", delay=20), tmp_policy="FallbackToLogsOnError")])
    new = copy.deepcopy(base)
    new["spec"]["containers"][0]["image"] = "harbor.%s/payments/payments-api:3.8.0" % b.domain
    t = b.ago(minutes=b.rng.randint(35, 55))
    sel = {"app.kubernetes.io/name": "payments-api", "app.kubernetes.io/part-of": "payments"}
    r = b.deployment("payments", "payments-api", new, 3, sel=sel, old_tmpl=base, old_pods=3, new_pods=1, rs_created=t, revision=14,
                     strategy={"rollingUpdate": {"maxSurge": 1, "maxUnavailable": 0}, "type": "RollingUpdate"})
    b.service("payments", "payments-api", sel, [("http", 80, "http")])
    pod = r["pods"][0]
    msg = "couldn't find key DB_HOST in ConfigMap payments/payments-api-config"
    b.set_status(pod, "waiting", reason="CreateContainerConfigError", message=msg)
    mins = int((b.snap - t).total_seconds() // 60)
    b.event(pod, "Failed", "Error: " + msg, first=t + timedelta(seconds=8), last=b.ago(seconds=b.rng.randint(2, 50)), count=mins * 4, field_path="spec.containers{payments}")
    b.event(pod, "Pulled", 'Container image "%s" already present on machine' % new["spec"]["containers"][0]["image"], "Normal", first=t + timedelta(seconds=8), last=b.ago(seconds=b.rng.randint(2, 50)), count=mins * 4, field_path="spec.containers{payments}")
    r["rs"]["spec"]["replicas"] = 1
    b.event(r["rs"], "SuccessfulCreate", "Created pod: %s" % pod["metadata"]["name"], "Normal", first=t + timedelta(seconds=1), last=t + timedelta(seconds=1), component="replicaset-controller")
    b.event(r["dep"], "ScalingReplicaSet", "Scaled up replica set %s to 1" % r["rs"]["metadata"]["name"], "Normal", first=t, last=t, component="deployment-controller")
    app(b, "payments", "payments-worker", "harbor.%s/payments/payments-worker:3.7.2" % b.domain, replicas=2, port=None, env=[env_secret("DB_PASSWORD", pg["secret"], "password"), env_val("DB_HOST", pg["host"])])
    db_redis(b, "payments", rel="payments-cache", replicas=1, size="4Gi")
    return finish(b, "configmap-missing-key",
                  "payments-api rollout stuck for the last hour, the new pod never starts",
                  "ConfigMap", "payments", "payments-api-config",
                  "The new payments-api pod is in CreateContainerConfigError: couldn't find key DB_HOST in ConfigMap payments/payments-api-config. The ConfigMap only has DATABASE_HOST/DATABASE_PORT/DATABASE_NAME (keys were renamed) while the Deployment still reads DB_HOST, DB_PORT and DB_NAME; the old pods run because env is resolved at start. Restore the DB_* keys in the ConfigMap (or align the names), then the rollout proceeds.",
                  needs=("events",))


@incident(3, "aks")
def k03(n):
    b = start(n, "aks", nworkers=4)
    ensure_ns(b, "orders")
    addon_external_secrets(b)
    pg = db_cnpg(b, "orders-db", "orders-pg", instances=3, size="200Gi")
    t_sec = b.ago(hours=2, minutes=b.rng.randint(5, 40))
    es_owner = [b.crd_ref("external-secrets.io/v1beta1", "ExternalSecret", "orders", "orders-db-credentials")]
    b.secret("orders", "orders-db-credentials", ["host", "pasword", "username"], created=t_sec, owner=es_owner,
             labels={"reconcile.external-secrets.io/created-by": b.hexs(32)}, annotations={"reconcile.external-secrets.io/data-hash": b.hexs(32)})
    env = [env_secret("DB_HOST", "orders-db-credentials", "host"), env_secret("DB_USER", "orders-db-credentials", "username"),
           env_secret("DB_PASSWORD", "orders-db-credentials", "password"), env_val("DB_NAME", "orders"), env_val("DB_SSLMODE", "require")]
    r = app(b, "orders", "orders-api", "acmeprod.azurecr.io/orders/orders-api:5.2.0", replicas=5, env=env, created=b.ago(days=40), pod_age=b.ago(days=6), history=False)
    t = b.ago(minutes=b.rng.randint(30, 50))
    msg = "couldn't find key password in Secret orders/orders-db-credentials"
    for old in r["pods"][:2]:
        p = replace_pod(b, old, t + timedelta(seconds=b.rng.randint(0, 20)), node=b.place(old["spec"], 1)[0], mode="waiting", reason="CreateContainerConfigError", message=msg)
        mins = int((b.snap - t).total_seconds() // 60)
        b.event(p, "Failed", "Error: " + msg, first=t + timedelta(seconds=30), last=b.ago(seconds=b.rng.randint(2, 50)), count=mins * 4, field_path="spec.containers{orders}")
        b.event(old, "Killing", "Stopping container orders", "Normal", first=t - timedelta(seconds=3), last=t - timedelta(seconds=3), field_path="spec.containers{orders}", ref={
            "apiVersion": "v1", "kind": "Pod", "name": old["metadata"]["name"], "namespace": "orders", "uid": old["metadata"]["uid"]})
        b.event(r["rs"], "SuccessfulCreate", "Created pod: %s" % p["metadata"]["name"], "Normal", first=t, last=t, component="replicaset-controller")
    app(b, "orders", "orders-web", "acmeprod.azurecr.io/orders/orders-web:5.2.0", replicas=2, env=[env_val("API_URL", "http://orders-api.orders.svc")])
    return finish(b, "secret-key-missing",
                  "orders api pods that started in the last hour are stuck, the older ones are fine",
                  "Secret", "orders", "orders-db-credentials",
                  "Two orders-api pods recreated ~40 min ago fail with CreateContainerConfigError: couldn't find key password in Secret orders/orders-db-credentials. The Secret was regenerated by external-secrets about two hours ago and now carries the keys host, username and 'pasword' (typo) instead of password; pods started before the change still have the value in their environment. Fix the key in the Secret (its ExternalSecret template) so it provides 'password'.",
                  needs=("events",))


@incident(4, "doks")
def k04(n):
    b = start(n, "doks", nworkers=3)
    pg = db_postgresql(b, "reporting", rel="reporting-pg", size="100Gi", metrics=True)
    t = b.ago(hours=3, minutes=b.rng.randint(0, 40))
    pvc = b.pvc("reporting", "report-exports", "200Gi", "do-block-storage", access=["ReadWriteMany"], created=t, phase="Pending",
                labels={"app.kubernetes.io/name": "pg-report-exporter"})
    tm = T([C("exporter", "registry.digitalocean.com/acme/pg-report-exporter:1.4.0", req=("250m", "512Mi"), lim=(None, "1Gi"),
              env=app_env_pg(pg["host"], pg["secret"], "password", "reporting", "reporter"), mounts=[("exports", "/exports")], tmp_policy="FallbackToLogsOnError")],
           volumes=[vol_pvc("exports", "report-exports")])
    r = b.deployment("reporting", "pg-report-exporter", tm, 2, sel={"app.kubernetes.io/name": "pg-report-exporter"}, created=t, revision=1)
    nn = len(b.node_info)
    for p in r["pods"]:
        make_pending(b, p, PENDING_PVC_MSG % (nn, nn, nn), parse_ts(p["metadata"]["creationTimestamp"]))
    mins = int((b.snap - t).total_seconds() // 60)
    comp = "dobs.csi.digitalocean.com_csi-do-controller-0_%s" % b.uid()
    b.event(pvc, "Provisioning", 'External provisioner is provisioning volume for claim "reporting/report-exports"', "Normal", first=t + timedelta(seconds=1), last=b.ago(seconds=b.rng.randint(10, 200)), count=mins // 5 + 2, component=comp)
    b.event(pvc, "ProvisioningFailed", "failed to provision volume with StorageClass \"do-block-storage\": rpc error: code = InvalidArgument desc = invalid volume capabilities requested for volume \"pvc-%s\". Only SINGLE_NODE_WRITER is supported ('accessModes.mode')" % pvc["metadata"]["uid"],
            first=t + timedelta(seconds=2), last=b.ago(seconds=b.rng.randint(10, 200)), count=mins // 5 + 2, component=comp)
    b.event(pvc, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner 'dobs.csi.digitalocean.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
            "Normal", first=t + timedelta(seconds=1), last=b.ago(seconds=b.rng.randint(2, 15)), count=mins * 4, component="persistentvolume-controller")
    db_mysql(b, "shop", rel="shop-mysql", secondaries=1)
    app(b, "shop", "storefront", "registry.digitalocean.com/acme/storefront:8.1.3", replicas=2, env=[env_val("MYSQL_HOST", "shop-mysql-primary.shop.svc.cluster.local"), env_secret("MYSQL_PASSWORD", "shop-mysql", "mysql-password")])
    return finish(b, "pvc-accessmode-unsupported",
                  "the nightly report exporter for the reporting postgres hasn't started since the release this afternoon, both pods Pending",
                  "PersistentVolumeClaim", "reporting", "report-exports",
                  "Both pg-report-exporter pods are unschedulable because their PVC reporting/report-exports is Pending. The claim asks for ReadWriteMany on do-block-storage; the DigitalOcean block-storage CSI driver rejects it (ProvisioningFailed: Only SINGLE_NODE_WRITER is supported). Change the claim to ReadWriteOnce (and run one replica) or use an RWX-capable storage backend.",
                  needs=("events",))


@incident(5, "gke")
def k05(n):
    b = start(n, "gke", nworkers=3)
    ensure_ns(b, "inventory", labels={"team": "inventory"})
    my = db_mysql(b, "inventory", rel="inventory", secondaries=1, mem=("2Gi", "4Gi"), buffer_pool="2G")
    app(b, "inventory", "inventory-api", "us-docker.pkg.dev/%s/apps/inventory-api:4.3.1" % b.gcp_project, replicas=3, req=("250m", "512Mi"), lim=("500m", "1Gi"),
        env=[env_val("MYSQL_HOST", my["host"]), env_secret("MYSQL_PASSWORD", my["secret"], "mysql-password"), env_val("MYSQL_READ_HOST", "inventory-mysql-secondary.inventory.svc.cluster.local")])
    app(b, "inventory", "inventory-sync", "us-docker.pkg.dev/%s/apps/inventory-sync:4.3.1" % b.gcp_project, replicas=1, port=None, req=("100m", "256Mi"), lim=("250m", "512Mi"),
        env=[env_val("MYSQL_HOST", my["host"]), env_secret("MYSQL_PASSWORD", my["secret"], "mysql-password")])
    for p in b.objs["pods"]:
        if p["metadata"]["namespace"] == "inventory":
            for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
                c["resources"].setdefault("limits", {}).setdefault("cpu", "1")
    q = fill_quota_hard(b, "inventory", "compute-resources", ["requests.cpu", "requests.memory", "limits.cpu", "limits.memory", "pods"], created=b.ago(days=30))
    # the secondary StatefulSet was scaled 1 -> 2; PVC got created, the Pod was rejected by the quota
    sts = b.get("StatefulSet", "inventory", "inventory-mysql-secondary")
    sts["spec"]["replicas"] = 2
    sts["metadata"]["generation"] += 1
    t = b.ago(hours=1, minutes=b.rng.randint(10, 50))
    used = quota_usage(b.objs["pods"], b.objs["persistentvolumeclaims"], "inventory", q["spec"]["hard"])
    pvc = b.pvc("inventory", "data-inventory-mysql-secondary-1", "20Gi", b.default_sc, created=t, phase="Pending", labels=my["secondary"]["sel"])
    b.event(pvc, "WaitForFirstConsumer", "waiting for first consumer to be created before binding", "Normal", first=t, last=b.ago(seconds=b.rng.randint(5, 40)), count=int((b.snap - t).total_seconds() // 15), component="persistentvolume-controller")
    lim_mem = sts["spec"]["template"]["spec"]["containers"][0]["resources"]["limits"]["memory"]
    msg = ('create Pod inventory-mysql-secondary-1 in StatefulSet inventory-mysql-secondary failed error: pods "inventory-mysql-secondary-1" is forbidden: exceeded quota: compute-resources, '
           'requested: limits.memory=%s, used: limits.memory=%s, limited: limits.memory=%s' % (lim_mem, used["limits.memory"], q["spec"]["hard"]["limits.memory"]))
    assert mem_b(used["limits.memory"]) + mem_b(lim_mem) > mem_b(q["spec"]["hard"]["limits.memory"])
    b.event(sts, "SuccessfulCreate", "create Claim data-inventory-mysql-secondary-1 Pod inventory-mysql-secondary-1 in StatefulSet inventory-mysql-secondary success", "Normal", first=t, last=t, component="statefulset-controller")
    b.event(sts, "FailedCreate", msg, first=t + timedelta(seconds=1), last=b.ago(seconds=b.rng.randint(5, 200)), count=int((b.snap - t).total_seconds() // 300) + 9, component="statefulset-controller")
    return finish(b, "resourcequota-compute-exceeded",
                  "we scaled the inventory mysql read replicas to 2 an hour ago and the second replica never showed up",
                  "ResourceQuota", "inventory", "compute-resources",
                  "StatefulSet inventory-mysql-secondary has spec.replicas=2 but only pod -0 exists. The statefulset-controller keeps failing to create inventory-mysql-secondary-1: exceeded quota compute-resources (limits.memory). The ResourceQuota's hard limits.memory is nearly used up by the namespace's pods. Raise the quota (or lower other workloads' limits) so the replica pod fits.",
                  needs=("events", "resourcequotas"))


@incident(6, "kubeadm")
def k06(n):
    b = start(n, "kubeadm", nworkers=4, cni="cilium", worker_prefix="bm-node", cp_prefix="bm-cp")
    storage_rook(b)
    ensure_ns(b, "metrics-store", labels={"team": "observability"})
    cas = db_cassandra(b, "metrics-store", rel="tsdb", replicas=3, size="500Gi")
    app(b, "metrics-store", "tsdb-ingester", "harbor.%s/obs/tsdb-ingester:1.19.0" % b.domain, replicas=2, port=8080,
        env=[env_val("CASSANDRA_CONTACT_POINTS", cas["host"]), env_secret("CASSANDRA_PASSWORD", cas["secret"], "cassandra-password")])
    b.pvc("metrics-store", "ingester-spool", "100Gi", b.default_sc)
    q = b.quota("metrics-store", "storage-quota", {"persistentvolumeclaims": "10", "requests.storage": "1700Gi"}, created=b.ago(days=60))
    sts = cas["sts"]
    sts["spec"]["replicas"] = 4
    sts["metadata"]["generation"] += 1
    t = b.ago(minutes=b.rng.randint(50, 100))
    used = quota_usage(b.objs["pods"], b.objs["persistentvolumeclaims"], "metrics-store", q["spec"]["hard"])
    assert mem_b(used["requests.storage"]) + mem_b("500Gi") > mem_b("1700Gi") >= mem_b(used["requests.storage"])
    msg = ('create Claim data-tsdb-cassandra-3 for Pod tsdb-cassandra-3 in StatefulSet tsdb-cassandra failed error: persistentvolumeclaims "data-tsdb-cassandra-3" is forbidden: '
           'exceeded quota: storage-quota, requested: requests.storage=500Gi, used: requests.storage=%s, limited: requests.storage=1700Gi' % used["requests.storage"])
    b.event(sts, "FailedCreate", msg, first=t, last=b.ago(seconds=b.rng.randint(5, 200)), count=int((b.snap - t).total_seconds() // 300) + 11, component="statefulset-controller")
    return finish(b, "resourcequota-storage-exceeded",
                  "added a 4th cassandra node for the metrics store about an hour ago, it never appeared",
                  "ResourceQuota", "metrics-store", "storage-quota",
                  "StatefulSet tsdb-cassandra was scaled to 4 but pod -3 was never created: the statefulset-controller cannot create its claim data-tsdb-cassandra-3 because the namespace ResourceQuota storage-quota would exceed requests.storage (3x500Gi + spool already used, limit 1700Gi). Raise requests.storage in the quota (or free claims); nothing is wrong with the pods or storage.",
                  needs=("events", "resourcequotas"))


@incident(7, "eks")
def k07(n):
    b = start(n, "eks", nworkers=4)
    ensure_ns(b, "db", labels={"team": "dba"})
    pg = db_cnpg(b, "db", "orders-pg", instances=3, size="300Gi")
    b.netpol("db", "default-deny-ingress", {}, ["Ingress"], created=b.ago(days=90))
    b.netpol("db", "allow-same-namespace", {}, ["Ingress"], ingress=[{"from": [{"podSelector": {}}]}], created=b.ago(days=90))
    b.netpol("db", "allow-cnpg-operator", {"matchLabels": {"cnpg.io/cluster": "orders-pg"}}, ["Ingress"],
             ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "cnpg-system"}}}], "ports": [{"port": 8000, "protocol": "TCP"}, {"port": 5432, "protocol": "TCP"}]}], created=b.ago(days=90))
    b.netpol("db", "allow-monitoring", {"matchLabels": {"cnpg.io/cluster": "orders-pg"}}, ["Ingress"],
             ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}], "ports": [{"port": 9187, "protocol": "TCP"}]}], created=b.ago(days=90))
    b.netpol("db", "orders-pg-allow-apps", {"matchLabels": {"cnpg.io/cluster": "orders-pg"}}, ["Ingress"],
             ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "orders-api"}}}], "ports": [{"port": 5432, "protocol": "TCP"}]}], created=b.ago(days=90),
             annotations={"description": "orders application pods may reach the orders-pg cluster"})
    t = b.ago(hours=b.rng.randint(4, 6), minutes=b.rng.randint(0, 59))
    ns_add(b, "orders", created=t - timedelta(minutes=20), labels={"team": "orders"})
    b.secret("orders", "orders-pg-app", ["password", "username"], created=t - timedelta(minutes=15))
    ip = b.get("Service", "db", "orders-pg-rw")["spec"]["clusterIP"]
    env = [env_val("DATABASE_HOST", pg["host"]), env_val("DATABASE_NAME", "orders"), env_secret("DATABASE_USER", "orders-pg-app", "username"), env_secret("DATABASE_PASSWORD", "orders-pg-app", "password")]
    api = app(b, "orders", "orders-api", "123456789012.dkr.ecr.us-east-1.amazonaws.com/orders-api:7.0.2", replicas=3, env=env, created=t, pod_age=t + timedelta(minutes=1), history=False)
    wk = app(b, "orders", "orders-worker", "123456789012.dkr.ecr.us-east-1.amazonaws.com/orders-worker:7.0.2", replicas=2, port=None, env=env, created=t, pod_age=t + timedelta(minutes=1), history=False)
    for p in api["pods"] + wk["pods"]:
        crashloop(b, p, "Error: failed to connect to `host=orders-pg-rw.db.svc.cluster.local user=orders database=orders`: dial error (timeout: dial tcp %s:5432: i/o timeout)" % ip,
                  t + timedelta(minutes=2), ran=timedelta(seconds=31))
    b.netpol("orders", "allow-from-ingress", {"matchLabels": {"app.kubernetes.io/name": "orders-api"}}, ["Ingress"],
             ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}]}], created=t)
    addon_ingress_nginx(b)
    b.ingress("orders", "orders-api", "orders.%s" % b.domain, "orders-api", 80, created=t)
    db_redis(b, "db", rel="sessions", replicas=1, size="8Gi")
    return finish(b, "networkpolicy-ingress-wrong-namespace",
                  "orders api can't reach its database since this morning, connections time out",
                  "NetworkPolicy", "db", "orders-pg-allow-apps",
                  "All orders-api/orders-worker pods crashloop with dial tcp <orders-pg-rw IP>:5432: i/o timeout while the orders-pg instances are healthy. The apps were moved this morning into the new namespace 'orders'. Namespace db has default-deny-ingress, and the only policy admitting application traffic to the orders-pg pods, orders-pg-allow-apps, selects the namespace 'orders-api' (which no longer exists). Update orders-pg-allow-apps to allow namespace 'orders'; the default-deny and other policies are fine.",
                  needs=("networkpolicies",), exclude=("orders",))


@incident(8, "rke2")
def k08(n):
    b = start(n, "rke2", nworkers=4)
    storage_longhorn(b)
    ensure_ns(b, "db")
    pg = db_cnpg(b, "db", "billing-pg", instances=2, size="100Gi")
    t = b.ago(hours=b.rng.randint(2, 3), minutes=b.rng.randint(0, 59))
    ensure_ns(b, "billing", labels={"team": "billing"})
    b.secret("billing", "billing-db", ["password", "username"])
    env = [env_val("PGHOST", pg["host"]), env_val("PGDATABASE", "billing"), env_secret("PGUSER", "billing-db", "username"), env_secret("PGPASSWORD", "billing-db", "password")]
    api = app(b, "billing", "billing-api", "harbor.%s/billing/billing-api:2.31.4" % b.domain, replicas=2, env=env, created=b.ago(days=70), pod_age=b.ago(days=3))
    wk = app(b, "billing", "invoice-worker", "harbor.%s/billing/invoice-worker:2.31.4" % b.domain, replicas=1, port=None, env=env, created=b.ago(days=70), pod_age=b.ago(days=3))
    b.netpol("billing", "allow-ingress-controller", {"matchLabels": {"app.kubernetes.io/name": "billing-api"}}, ["Ingress"],
             ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "kube-system"}}, "podSelector": {"matchLabels": {"app.kubernetes.io/name": "rke2-ingress-nginx"}}}]}], created=b.ago(days=70))
    b.netpol("billing", "restrict-egress", {}, ["Egress"], created=t, labels={"policy.acme.io/rollout": "wave-3"},
             egress=[{"ports": [{"port": 5432, "protocol": "TCP"}], "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "db"}}}]},
                     {"ports": [{"port": 443, "protocol": "TCP"}], "to": [{"ipBlock": {"cidr": "10.10.0.0/16"}}]}])
    dns_ip = b.dns_ip
    for p in wk["pods"]:
        crashloop(b, p, "panic: failed to connect to database: failed to connect to `host=billing-pg-rw.db.svc.cluster.local user=billing database=billing`: hostname resolving error (lookup billing-pg-rw.db.svc.cluster.local on %s:53: read udp %s:%d->%s:53: i/o timeout)" % (dns_ip, p["status"]["podIP"], b.rng.randint(30000, 60000), dns_ip),
                  t + timedelta(minutes=1), exit_code=2)
    for p in api["pods"]:
        b.set_status(p, "running", ready=False, started=parse_ts(p["metadata"]["creationTimestamp"]) + timedelta(seconds=20), sched_at=parse_ts(p["status"]["startTime"]))
        for c in p["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["lastTransitionTime"] = iso(t + timedelta(seconds=b.rng.randint(20, 90)))
        b.event(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", first=t + timedelta(seconds=30), last=b.ago(seconds=b.rng.randint(1, 10)),
                count=int((b.snap - t).total_seconds() // 10), field_path="spec.containers{billing-api}")
    b.ingress("billing", "billing-api", "billing.%s" % b.domain, "billing-api", 80)
    app(b, "billing", "billing-ui", "harbor.%s/billing/billing-ui:2.31.4" % b.domain, replicas=1, probes=False)
    return finish(b, "networkpolicy-egress-blocks-dns",
                  "billing can't talk to postgres for the last couple of hours, invoice worker keeps crashing and the api is not ready",
                  "NetworkPolicy", "billing", "restrict-egress",
                  "invoice-worker crashloops with 'lookup billing-pg-rw.db.svc.cluster.local on %s:53: ... i/o timeout' and billing-api fails readiness, starting when NetworkPolicy billing/restrict-egress was created a few hours ago. It isolates every pod in the namespace for egress and only allows TCP 5432 to namespace db and 443 to 10.10.0.0/16 - DNS (UDP/TCP 53 to the CoreDNS pods in kube-system) is not allowed, so name resolution times out. Add a DNS egress rule to restrict-egress. CoreDNS and the database are healthy." % b.dns_ip,
                  needs=("networkpolicies",), exclude=("billing",))


@incident(9, "k3s")
def k09(n):
    b = start(n, "k3s", nworkers=3)
    ensure_ns(b, "shop", labels={"team": "shop"})
    t_mig = b.ago(days=1, hours=b.rng.randint(1, 8))
    my = db_mysql(b, "shop", rel="shop", secondaries=0, created=t_mig, size="50Gi")
    b.service("shop", "shop-db", {"app": "mysql", "tier": "db"}, [("mysql", 3306, 3306)], created=b.ago(days=210), labels={"app": "mysql"},
              annotations={"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"annotations\":{},\"labels\":{\"app\":\"mysql\"},\"name\":\"shop-db\",\"namespace\":\"shop\"},\"spec\":{\"ports\":[{\"name\":\"mysql\",\"port\":3306,\"targetPort\":3306}],\"selector\":{\"app\":\"mysql\",\"tier\":\"db\"}}}\n"})
    t = b.ago(minutes=b.rng.randint(40, 70))
    b.ghosts.add(("Deployment", "shop", "mysql"))
    ip = b.get("Service", "shop", "shop-db")["spec"]["clusterIP"]
    env = [env_val("MYSQL_HOST", "shop-db.shop.svc.cluster.local"), env_val("MYSQL_PORT", "3306"), env_val("MYSQL_DATABASE", "shop"), env_secret("MYSQL_PASSWORD", my["secret"], "mysql-password")]
    sf = app(b, "shop", "storefront", "ghcr.io/acme/storefront:5.8.2", replicas=2, env=env, created=b.ago(days=200), pod_age=b.ago(days=9))
    cart = app(b, "shop", "cart", "ghcr.io/acme/cart:5.8.2", replicas=1, env=env, created=b.ago(days=200), pod_age=b.ago(days=9))
    for p in sf["pods"] + cart["pods"]:
        crashloop(b, p, "[mysql] dial tcp %s:3306: connect: connection refused\nfatal: could not open database connection: dial tcp %s:3306: connect: connection refused" % (ip, ip), t)
    db_redis(b, "shop", rel="shop-cache", replicas=0, size="2Gi")
    b.ingress("shop", "storefront", "www.%s" % b.domain, "storefront", 80, cls="traefik")
    return finish(b, "service-selector-mismatch",
                  "storefront and cart can't connect to mysql since we removed the old mysql deployment this morning",
                  "Service", "shop", "shop-db",
                  "The apps connect to shop-db.shop:3306 and get connection refused. Service shop-db still selects app=mysql,tier=db, the labels of the hand-made mysql Deployment that was just deleted; the new Bitnami pods (shop-mysql-primary-0) carry app.kubernetes.io/name=mysql, app.kubernetes.io/instance=shop, app.kubernetes.io/component=primary, so Endpoints shop-db is empty. Point the shop-db selector at the new pods (or the apps at shop-mysql-primary).",
                  exclude=("shop",))


@incident(10, "openshift")
def k10(n):
    b = start(n, "openshift", nworkers=3)
    ensure_ns(b, "claims", labels={"team": "claims"})
    pg = db_postgresql(b, "claims", rel="claims-pg", size="80Gi", sec_ctx={"fsGroup": 1000680000, "seLinuxOptions": {"level": "s0:c26,c15"}})
    t = b.ago(hours=b.rng.randint(1, 2), minutes=b.rng.randint(0, 59))
    b.service("claims", "claims-db", {"app.kubernetes.io/instance": "claims-pg", "app.kubernetes.io/name": "postgresql", "app.kubernetes.io/component": "primary"},
              [("postgres", 5432, 5433)], created=t, labels={"app.kubernetes.io/managed-by": "kustomize", "app.kubernetes.io/part-of": "claims"})
    ip = b.get("Service", "claims", "claims-db")["spec"]["clusterIP"]
    env = [env_val("SPRING_DATASOURCE_URL", "jdbc:postgresql://claims-db.claims.svc:5432/claims"), env_secret("SPRING_DATASOURCE_PASSWORD", pg["secret"], "password")]
    api = app(b, "claims", "claims-api", "image-registry.openshift-image-registry.svc:5000/claims/claims-api:2024.9.3", replicas=2, env=env, created=b.ago(days=120), pod_age=t + timedelta(minutes=3))
    for p in api["pods"]:
        crashloop(b, p, "org.postgresql.util.PSQLException: Connection to claims-db.claims.svc:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)\nCaused by: java.net.ConnectException: Connection refused",
                  t + timedelta(minutes=4), ran=timedelta(seconds=14))
    app(b, "claims", "claims-portal", "image-registry.openshift-image-registry.svc:5000/claims/claims-portal:2024.9.3", replicas=2, env=[env_val("API_URL", "http://claims-api.claims.svc")])
    return finish(b, "service-targetport-wrong",
                  "claims-api can't connect to postgres since the kustomize change a couple of hours ago, connection refused",
                  "Service", "claims", "claims-db",
                  "claims-api uses jdbc:postgresql://claims-db.claims.svc:5432 and gets Connection refused. Service claims-db (created with the recent kustomize change) selects the healthy claims-pg primary but maps port 5432 to targetPort 5433; the endpoints show port 5433 while postgres listens on 5432. Fix targetPort to 5432 (or tcp-postgresql).",
                  exclude=("claims",))


def node_down(b, node, since, evict_after=300):
    """kubelet stopped reporting: node Unknown, pods marked not ready, NoExecute taint eviction after 5 min;
    ReplicaSet pods get replacements elsewhere, StatefulSet pods stay stuck Terminating"""
    node_not_ready(b, node, since)
    t_ev = since + timedelta(seconds=evict_after + b.rng.randint(1, 6))
    b.event(b.get("Node", "", node), "NodeNotReady", "Node %s status is now: NodeNotReady" % node, "Normal", first=since, last=since, component="node-controller",
            ref={"apiVersion": "v1", "kind": "Node", "name": node, "uid": b.get("Node", "", node)["metadata"]["uid"]})
    stuck = []
    for p in list(pods_on(b, node)):
        if p["status"].get("phase") not in ("Running", "Pending"):
            continue
        for c in p["status"]["conditions"]:
            if c["type"] == "Ready":
                c["status"] = "False"
                c["lastTransitionTime"] = iso(since + timedelta(seconds=1))
                c.pop("reason", None)
                c.pop("message", None)
        for cs in p["status"].get("containerStatuses", []):
            cs["ready"] = False
        b.event(p, "NodeNotReady", "Node is not ready", first=since + timedelta(seconds=1), last=since + timedelta(seconds=1), component="node-controller")
        owners = [o["kind"] for o in p["metadata"].get("ownerReferences", [])]
        if "DaemonSet" in owners or "Node" in owners:
            continue
        if any(t.get("key") == "node.kubernetes.io/unreachable" and "tolerationSeconds" not in t for t in p["spec"].get("tolerations", [])):
            continue
        b.terminating(p, t_ev, p["spec"].get("terminationGracePeriodSeconds", 30))
        p["status"]["conditions"].insert(0, {"lastProbeTime": None, "lastTransitionTime": iso(t_ev), "message": "Taint manager: deleting due to NoExecute taint",
                                             "reason": "DeletionByTaintManager", "status": "True", "type": "DisruptionTarget"})
        b.event(p, "TaintManagerEviction", "Marking for deletion Pod %s/%s" % (p["metadata"]["namespace"], p["metadata"]["name"]), "Normal", first=t_ev, last=t_ev,
                component="taint-eviction-controller")
        if "ReplicaSet" in owners:
            rs = b.get("ReplicaSet", p["metadata"]["namespace"], p["metadata"]["ownerReferences"][0]["name"])
            nd = b.place(rs["spec"]["template"]["spec"], 1, avoid=[node])[0]
            np_ = b.mkpod(p["metadata"]["namespace"], rs["metadata"]["name"] + "-" + b.sfx(), rs["spec"]["template"], t_ev + timedelta(seconds=1), nd, [b.oref(rs)])
            b.event(rs, "SuccessfulCreate", "Created pod: %s" % np_["metadata"]["name"], "Normal", first=t_ev + timedelta(seconds=1), last=t_ev + timedelta(seconds=1), component="replicaset-controller")
        else:
            stuck.append(p)
    return stuck


@incident(11, "aks")
def k11(n):
    b = start(n, "aks", nworkers=3)
    ensure_ns(b, "erp", labels={"team": "erp"})
    b.service("erp", "erp-mssql", None, [("mssql", 1433, 1433)], created=b.ago(days=300), labels={"app.kubernetes.io/managed-by": "terraform", "app.kubernetes.io/part-of": "erp"},
              annotations={"acme.io/backend": "on-prem SQL Server AG listener (ExpressRoute)"})
    t = b.ago(hours=b.rng.randint(2, 4), minutes=b.rng.randint(0, 59))
    b.manual_endpoints("erp", "erp-mssql", ["10.30.4.21"], [("tds", 1433)], created=t, labels={"app.kubernetes.io/managed-by": "terraform", "app.kubernetes.io/part-of": "erp"},
                       annotations={"acme.io/change": "CHG0041877 move AG listener to 10.30.4.21"})
    b.service("erp", "erp-mssql-reporting", None, [("mssql", 1433, 1433)], created=b.ago(days=300), labels={"app.kubernetes.io/managed-by": "terraform", "app.kubernetes.io/part-of": "erp"})
    b.manual_endpoints("erp", "erp-mssql-reporting", ["10.30.4.37"], [("mssql", 1433)], created=b.ago(days=300), labels={"app.kubernetes.io/managed-by": "terraform", "app.kubernetes.io/part-of": "erp"})
    b.secret("erp", "erp-sql-login", ["password", "username"], created=b.ago(days=300))
    ip = b.get("Service", "erp", "erp-mssql")["spec"]["clusterIP"]
    env = [env_val("ConnectionStrings__Erp", "Server=tcp:erp-mssql.erp.svc.cluster.local,1433;Database=ERP;Encrypt=True;TrustServerCertificate=True"),
           env_secret("SQL_USER", "erp-sql-login", "username"), env_secret("SQL_PASSWORD", "erp-sql-login", "password")]
    sync = app(b, "erp", "erp-sync", "acmeprod.azurecr.io/erp/erp-sync:12.4.0", replicas=2, env=env, created=b.ago(days=200), pod_age=b.ago(days=5))
    for p in sync["pods"]:
        crashloop(b, p, "Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while establishing a connection to SQL Server. The server was not found or was not accessible. Verify that the instance name is correct and that SQL Server is configured to allow remote connections. (provider: TCP Provider, error: 35 - An internal exception was caught)\n ---> System.Net.Sockets.SocketException (111): Connection refused %s:1433" % ip,
                  t + timedelta(minutes=2), ran=timedelta(seconds=6))
    app(b, "erp", "erp-reports", "acmeprod.azurecr.io/erp/erp-reports:12.4.0", replicas=1, env=[env_val("ConnectionStrings__Reporting", "Server=tcp:erp-mssql-reporting.erp.svc.cluster.local,1433;Database=ERP;ApplicationIntent=ReadOnly")])
    pg = db_postgresql(b, "erp", rel="erp-docs", size="50Gi")
    return finish(b, "selectorless-endpoints-port-name-mismatch",
                  "erp-sync can't reach the on-prem SQL Server since the change this afternoon, connection refused",
                  "Endpoints", "erp", "erp-mssql",
                  "erp-sync crashes with Connection refused to the erp-mssql ClusterIP. erp-mssql is a selector-less Service whose port is named 'mssql'; its hand-managed Endpoints object was re-created a few hours ago (CHG0041877) with the port named 'tds'. kube-proxy matches Service and Endpoints ports by name, so the service has no usable backend (the mirrored EndpointSlice also carries 'tds'). Rename the Endpoints port to 'mssql' (as erp-mssql-reporting does).",
                  needs=("endpointslices",), exclude=("erp",))


@incident(12, "eks")
def k12(n):
    b = start(n, "eks", nworkers=3)
    ensure_ns(b, "reporting", labels={"team": "bi"})
    t = b.ago(hours=b.rng.randint(8, 11), minutes=b.rng.randint(0, 59))
    b.service("reporting", "reporting-db", None, [], typ="ExternalName", ext_name="reporting-prod.c9xkq2lmtw1a.us-east-1.rds.amazonaws.co", created=t,
              labels={"app.kubernetes.io/part-of": "reporting"}, annotations={"acme.io/cutover": "RDS blue/green switchover"})
    b.service("reporting", "audit-db", None, [], typ="ExternalName", ext_name="audit-prod.c9xkq2lmtw1a.us-east-1.rds.amazonaws.com", created=b.ago(days=150),
              labels={"app.kubernetes.io/part-of": "reporting"})
    b.secret("reporting", "reporting-db-credentials", ["password", "username"], created=b.ago(days=150))
    env = [env_val("PGHOST", "reporting-db.reporting.svc.cluster.local"), env_val("PGDATABASE", "reporting"), env_val("PGSSLMODE", "require"),
           env_secret("PGUSER", "reporting-db-credentials", "username"), env_secret("PGPASSWORD", "reporting-db-credentials", "password")]
    api = app(b, "reporting", "reporting-api", "123456789012.dkr.ecr.us-east-1.amazonaws.com/reporting-api:3.3.0", replicas=2, env=env, created=b.ago(days=150), pod_age=b.ago(days=4))
    for p in api["pods"]:
        crashloop(b, p, "Error: getaddrinfo ENOTFOUND reporting-db.reporting.svc.cluster.local\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:107:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  syscall: 'getaddrinfo',\n  hostname: 'reporting-db.reporting.svc.cluster.local'\n}",
                  t + timedelta(minutes=10))
    tm = T([C("rollup", "123456789012.dkr.ecr.us-east-1.amazonaws.com/reporting-rollup:3.3.0", env=env, req=("500m", "1Gi"), lim=(None, "2Gi"), tmp_policy="FallbackToLogsOnError")])
    midnight = b.snap.replace(hour=2, minute=0, second=0, microsecond=0)
    if midnight > b.snap - timedelta(hours=1):
        midnight -= timedelta(days=1)
    runs = [(midnight - timedelta(days=3), "complete"), (midnight - timedelta(days=2), "complete"), (midnight - timedelta(days=1), "complete"), (midnight, "failed")]
    if midnight < t:
        runs[-1] = (midnight, "complete")
    b.cronjob("reporting", "nightly-rollup", "0 2 * * *", tm, runs, created=b.ago(days=150), backoff=2, run_duration=40,
              fail_msg="psql: error: could not translate host name \"reporting-db.reporting.svc.cluster.local\" to address: Name or service not known")
    app(b, "reporting", "audit-exporter", "123456789012.dkr.ecr.us-east-1.amazonaws.com/audit-exporter:1.2.0", replicas=1, port=None, env=[env_val("PGHOST", "audit-db.reporting.svc.cluster.local")])
    return finish(b, "externalname-typo",
                  "reporting api lost its database after the RDS cutover last night, pods crash on startup",
                  "Service", "reporting", "reporting-db",
                  "reporting-api fails with getaddrinfo ENOTFOUND reporting-db.reporting.svc.cluster.local (and the nightly rollup fails the same way). reporting-db is an ExternalName Service changed during last night's cutover; its externalName 'reporting-prod.c9xkq2lmtw1a.us-east-1.rds.amazonaws.co' misses the final 'm' of amazonaws.com, so the CNAME target does not resolve (compare audit-db). Fix spec.externalName.",
                  exclude=("reporting",), needs=("cronjobs",))


@incident(13, "kubeadm")
def k13(n):
    b = start(n, "kubeadm", nworkers=4, cni="flannel", worker_prefix="k8s-node", cp_prefix="k8s-master")
    storage_openebs(b)
    cm = b.get("ConfigMap", "kube-system", "coredns")
    cm["data"]["Corefile"] = COREFILE + "corp.example.com:53 {\n    errors\n    cache 30\n    foward . 10.20.0.2 10.20.0.3\n}\n"
    for x in (b.get("Deployment", "kube-system", "coredns"), ) + tuple(r for r in b.objs["replicasets"] if r["metadata"]["name"].startswith("coredns-")):
        x["spec"]["template"]["spec"]["containers"][0]["terminationMessagePolicy"] = "FallbackToLogsOnError"
    dns_pods = [p for p in b.objs["pods"] if p["metadata"]["name"].startswith("coredns-")]
    for p in dns_pods:
        p["spec"]["containers"][0]["terminationMessagePolicy"] = "FallbackToLogsOnError"
    pg = db_postgresql(b, "inventory", rel="inventory-pg", size="60Gi", metrics=True)
    my = db_mysql(b, "legacy", rel="legacy", secondaries=0)
    t = b.ago(minutes=b.rng.randint(35, 50))
    reboot = sorted({p["spec"]["nodeName"] for p in dns_pods})
    extra = [w for w in b.workers() if w not in reboot]
    reboot.append(extra[0])
    inv = app(b, "inventory", "inventory-api", "harbor.%s/inventory/inventory-api:6.1.0" % b.domain, replicas=2, nodes=reboot[-2:],
              env=app_env_pg(pg["host"], pg["secret"], "password", "inventory", "inventory"), created=b.ago(days=80), pod_age=b.ago(days=6))
    leg = app(b, "legacy", "legacy-portal", "harbor.%s/legacy/portal:2019.4" % b.domain, replicas=1, nodes=[reboot[-1]],
              env=[env_val("MYSQL_HOST", my["host"]), env_secret("MYSQL_PASSWORD", my["secret"], "mysql-password")], created=b.ago(days=80), pod_age=b.ago(days=6))
    for nd in reboot:
        noise_node_reboot(b, nd, t)
        b.event(b.get("Node", "", nd), "Rebooted", "Node %s has been rebooted, boot id: %s" % (nd, b.get("Node", "", nd)["status"]["nodeInfo"]["bootID"]), first=t + timedelta(seconds=50), last=t + timedelta(seconds=50), host=nd)
    for p in dns_pods:
        crashloop(b, p, "/etc/coredns/Corefile:27 - Error during parsing: Unknown directive 'foward'", t + timedelta(seconds=60), ran=timedelta(milliseconds=300))
    for p in inv["pods"]:
        crashloop(b, p, "FATAL: could not translate host name \"inventory-pg-postgresql.inventory.svc.cluster.local\" to address: Temporary failure in name resolution\n(lookup inventory-pg-postgresql.inventory.svc.cluster.local on 10.96.0.10:53: read udp %s:%d->10.96.0.10:53: read: connection refused)" % (p["status"]["podIP"], b.rng.randint(30000, 60000)),
                  t + timedelta(seconds=90))
    for p in leg["pods"]:
        crashloop(b, p, "PDOException: SQLSTATE[HY000] [2002] php_network_getaddresses: getaddrinfo for legacy-mysql-primary.legacy.svc.cluster.local failed: Temporary failure in name resolution", t + timedelta(seconds=90))
    return finish(b, "coredns-corefile-broken",
                  "since the patch reboots ~40 minutes ago apps everywhere fail to connect to postgres and mysql, name resolution errors",
                  "ConfigMap", "kube-system", "coredns",
                  "Both CoreDNS pods have been in CrashLoopBackOff since their nodes were rebooted: '/etc/coredns/Corefile:27 - Error during parsing: Unknown directive foward'. The coredns ConfigMap has a new corp.example.com stub-domain block with the typo 'foward'; the running servers had ignored the bad reload, the restart made them load it. kube-dns has no ready endpoints, so every restarted app fails DNS (the database pods are fine). Fix the Corefile (forward) in ConfigMap kube-system/coredns.",
                  exclude=("inventory", "legacy", "kube-system"))


@incident(14, "gke")
def k14(n):
    b = start(n, "gke", nworkers=3)
    nodes = sorted(b.node_info, key=lambda x: b.node_info[x]["zone"])
    es = db_eck(b, "observability", "logs", nodes_count=3, size="400Gi", mem="8Gi")
    # place the three ES pods one per zone (done by placement order); find the pod on the victim node
    victim_pod = es["sts"]["pods"][1]
    victim = victim_pod["spec"]["nodeName"]
    t = b.ago(minutes=b.rng.randint(40, 60))
    node = b.get("Node", "", victim)
    for c in node["status"]["conditions"]:
        if c["type"] == "DiskPressure":
            c.update({"lastTransitionTime": iso(t), "message": "kubelet has disk pressure", "reason": "KubeletHasDiskPressure", "status": "True"})
    node["spec"]["taints"] = node["spec"].get("taints", []) + [{"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "timeAdded": iso(t + timedelta(seconds=1))}]
    nref = {"kind": "Node", "name": victim, "uid": victim}
    b.event(node, "NodeHasDiskPressure", "Node %s status is now: NodeHasDiskPressure" % victim, "Normal", first=t, last=t, host=victim, ref=dict(nref))
    b.event(node, "EvictionThresholdMet", "Attempting to reclaim ephemeral-storage", first=t + timedelta(seconds=10), last=b.ago(seconds=b.rng.randint(20, 200)), count=int((b.snap - t).total_seconds() // 60), host=victim, ref=dict(nref))
    b.event(node, "FreeDiskSpaceFailed", "Failed to garbage collect required amount of images. Attempted to free 21474836480 bytes, but only found 3221225472 bytes eligible to free.", first=t + timedelta(seconds=30), last=b.ago(seconds=b.rng.randint(20, 300)), count=int((b.snap - t).total_seconds() // 300) + 1, host=victim, ref=dict(nref))
    te = t + timedelta(minutes=2)
    msg = "The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, available: 9730112Ki. Container elasticsearch was using 31457280Ki, request is 0, has larger consumption of ephemeral-storage. "
    old_uid = victim_pod["metadata"]["uid"]
    newp = replace_pod(b, victim_pod, te + timedelta(seconds=5), node=None, mode="pending",
                       sched_msg="0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }, 2 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
                       sched_at=te + timedelta(seconds=6))
    ghost_ref = {"apiVersion": "v1", "kind": "Pod", "name": victim_pod["metadata"]["name"], "namespace": "observability", "uid": old_uid}
    b.event(None, "Evicted", msg, first=te, last=te, host=victim, ref=dict(ghost_ref))
    b.event(None, "Killing", "Stopping container elasticsearch", "Normal", first=te, last=te, host=victim, ref=dict(ghost_ref, fieldPath="spec.containers{elasticsearch}"))
    b.sched_event(newp, newp["status"]["conditions"][0]["message"], te + timedelta(seconds=6), last=b.ago(seconds=b.rng.randint(20, 200)), count=int((b.snap - te).total_seconds() // 300) + 3)
    b.event(es["sts"]["sts"], "SuccessfulDelete", "delete Pod %s in StatefulSet %s successful" % (victim_pod["metadata"]["name"], es["sts"]["sts"]["metadata"]["name"]), "Normal", first=te + timedelta(seconds=3), last=te + timedelta(seconds=3), component="statefulset-controller")
    b.event(es["sts"]["sts"], "SuccessfulCreate", "create Pod %s in StatefulSet %s successful" % (victim_pod["metadata"]["name"], es["sts"]["sts"]["metadata"]["name"]), "Normal", first=te + timedelta(seconds=5), last=te + timedelta(seconds=5), component="statefulset-controller")
    # another pod evicted from that node and replaced elsewhere (the Failed pod object stays)
    kb = b.get("Deployment", "observability", "logs-kb")
    rs = b.owned(kb, "ReplicaSet")[-1]
    kpod = b.owned(rs)[0]
    if kpod["spec"]["nodeName"] != victim:
        kpod["spec"]["nodeName"] = victim
        b.set_status(kpod, "running", new_ip=True)
    b.set_status(kpod, "evicted", evict_msg="The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, available: 9802251Ki. Container kibana was using 812344Ki, request is 0, has larger consumption of ephemeral-storage. ", finished=te + timedelta(seconds=40))
    nd = b.place(rs["spec"]["template"]["spec"], 1, avoid=[victim])[0]
    knew = b.mkpod("observability", rs["metadata"]["name"] + "-" + b.sfx(), rs["spec"]["template"], te + timedelta(seconds=41), nd, [b.oref(rs)])
    b.event(kpod, "Evicted", "The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, available: 9802251Ki. Container kibana was using 812344Ki, request is 0, has larger consumption of ephemeral-storage. ", first=te + timedelta(seconds=40), last=te + timedelta(seconds=40), host=victim)
    app(b, "observability", "log-router", "us-docker.pkg.dev/%s/platform/log-router:0.14.2" % b.gcp_project, replicas=2, env=[env_val("ES_URL", "https://logs-es-http.observability.svc:9200")])
    db_redis(b, "checkout", rel="checkout-cache", replicas=1)
    app(b, "checkout", "checkout-api", "us-docker.pkg.dev/%s/apps/checkout-api:9.2.0" % b.gcp_project, replicas=2, env=[env_val("REDIS_HOST", "checkout-cache-redis-master.checkout.svc.cluster.local")])
    return finish(b, "node-disk-pressure",
                  "logs elasticsearch cluster went yellow ~45 min ago, one data pod is Pending and won't come back",
                  "Node", "", victim,
                  "Pod logs-es-default-1 was evicted from %s (The node was low on resource: ephemeral-storage) and its replacement is Pending: 1 node had untolerated taint node.kubernetes.io/disk-pressure and 2 had volume node affinity conflict - its persistent disk lives in that node's zone. The node reports DiskPressure=True, image GC cannot free enough space (FreeDiskSpaceFailed) and it also evicted the Kibana pod. Free disk on (or replace) the node so the taint clears and the pod can return." % victim,
                  exclude=("observability",), needs=("events",))


@incident(15, "kubeadm130")
def k15(n):
    b = start(n, "kubeadm130", nworkers=4, cni="calico", vsphere=False)
    storage_longhorn(b)
    ensure_ns(b, "orders", labels={"team": "orders"})
    victim = "k8s-worker-03"
    others = [w for w in b.workers() if w != victim]
    my = db_mysql(b, "orders", rel="orders-db", secondaries=1, nodes=[victim], mem=("2Gi", "4Gi"), buffer_pool="2G")
    api = app(b, "orders", "orders-api", "harbor.%s/orders/orders-api:11.2.0" % b.domain, replicas=3, env=[env_val("MYSQL_HOST", my["host"]), env_secret("MYSQL_PASSWORD", my["secret"], "mysql-password")])
    t = b.ago(minutes=b.rng.randint(30, 42))
    stuck = node_down(b, victim, t)
    ip = b.get("Service", "orders", "orders-db-mysql-primary")["spec"]["clusterIP"]
    for p in b.owned(api["rs"]):
        if "deletionTimestamp" in p["metadata"]:
            continue
        if p["status"].get("phase") == "Running" and pod_ready(p):
            crashloop(b, p, "ERROR 2003 (HY000): Can't connect to MySQL server on 'orders-db-mysql-primary.orders.svc.cluster.local:3306' (111 \"Connection refused\")\nfatal: database unavailable after 30s", t + timedelta(minutes=1), ran=timedelta(seconds=31))
    pg = db_postgresql(b, "catalog", rel="catalog-pg", nodes=[others[0]])
    return finish(b, "node-notready-statefulset-stuck",
                  "orders mysql primary is down and writes fail, its pod shows Terminating for half an hour",
                  "Node", "", victim,
                  "Node %s stopped posting status (Ready=Unknown, unreachable taints) about half an hour ago. After the 300s toleration the taint manager marked its pods for deletion; ReplicaSet pods were recreated elsewhere, but orders-db-mysql-primary-0 is a StatefulSet pod and stays Terminating until the kubelet confirms, so the primary Service has no endpoints and orders-api fails. Recover the node (kubelet/host) or, if it is dead, remove the Node / force-delete the pod so the StatefulSet can reschedule." % victim,
                  exclude=("orders",), needs=("events",))


def roll_sts_pod(b, sts, pod, when, mode="running", tmpl_mut=None, **kw):
    """StatefulSet rolling update: the pod was deleted and recreated from the new revision"""
    s = sts["sts"] if "sts" in sts else sts
    new_rev = s["metadata"]["name"] + "-" + b.sfx(10)
    s["_update_rev"] = new_rev
    s["metadata"]["generation"] += 1
    if tmpl_mut:
        tmpl_mut(s["spec"]["template"])
    t = {"metadata": {"labels": dict(s["spec"]["template"]["metadata"]["labels"])}, "spec": copy.deepcopy(s["spec"]["template"]["spec"])}
    old_spec = pod["spec"]
    t["spec"]["volumes"] = [v for v in old_spec.get("volumes", []) if "persistentVolumeClaim" in v] + t["spec"].get("volumes", [])
    np_ = replace_pod(b, pod, when, node=kw.pop("node", None), mode=mode, labels={"controller-revision-hash": new_rev}, tmpl=t, **kw)
    np_["metadata"]["labels"].update({k: v for k, v in pod["metadata"]["labels"].items() if k not in np_["metadata"]["labels"]})
    np_["metadata"]["labels"]["controller-revision-hash"] = new_rev
    return np_


@incident(16, "eks")
def k16(n):
    b = start(n, "eks", nworkers=4)
    zc = [x for x in sorted(b.node_info) if b.node_info[x]["zone"] == "us-east-1c"][0]
    za = [x for x in sorted(b.node_info) if b.node_info[x]["zone"] == "us-east-1a"]
    zb = [x for x in sorted(b.node_info) if b.node_info[x]["zone"] == "us-east-1b"]
    cordon(b, zc, b.ago(days=6, hours=b.rng.randint(1, 20)))
    b.get("Node", "", zc)["metadata"]["annotations"]["acme.io/maintenance"] = "INC-2291 ENA driver flaps, do not schedule"
    ensure_ns(b, "profiles", labels={"team": "identity"})
    mg = db_mongodb(b, "profiles", rel="profiles", replicas=3, arbiter=False, size="200Gi", nodes=[za[0], zb[0], zc], created=b.ago(days=120))
    t = b.ago(hours=b.rng.randint(2, 4), minutes=b.rng.randint(0, 59))
    victim = mg["rs"]["pods"][2]
    nn = len(b.node_info)

    def mut(tmpl):
        tmpl["spec"]["containers"][0]["image"] = "docker.io/bitnami/mongodb:7.0.14-debian-12-r0"
    msg = "0/%d nodes are available: 1 node(s) were unschedulable, %d node(s) had volume node affinity conflict. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling." % (nn, nn - 1, nn, nn)
    np_ = roll_sts_pod(b, mg["rs"], victim, t + timedelta(seconds=40), mode="pending", sched_msg=msg, sched_at=t + timedelta(seconds=41))
    b.sched_event(np_, msg, t + timedelta(seconds=41), last=b.ago(seconds=b.rng.randint(10, 250)), count=int((b.snap - t).total_seconds() // 300) + 4)
    env = [env_val("MONGODB_URI", "mongodb://profiles-mongodb-0.profiles-mongodb-headless.profiles.svc.cluster.local,profiles-mongodb-1.profiles-mongodb-headless.profiles.svc.cluster.local,profiles-mongodb-2.profiles-mongodb-headless.profiles.svc.cluster.local/?replicaSet=rs0"),
           env_secret("MONGODB_PASSWORD", mg["secret"], "mongodb-passwords")]
    app(b, "profiles", "profiles-api", "123456789012.dkr.ecr.us-east-1.amazonaws.com/profiles-api:3.9.1", replicas=3, env=env)
    pg = db_postgresql(b, "identity", rel="keycloak-pg", size="20Gi")
    app(b, "identity", "keycloak", "quay.io/keycloak/keycloak:25.0.4", replicas=2, port=8080, env=[env_val("KC_DB_URL_HOST", pg["host"]), env_secret("KC_DB_PASSWORD", pg["secret"], "password")])
    return finish(b, "cordoned-node-blocks-zonal-volume",
                  "profiles mongodb rollout is stuck, one member has been Pending since this morning",
                  "Node", "", zc,
                  "StatefulSet profiles-mongodb is rolling to a new image; pod profiles-mongodb-2 was recreated and is Pending: 1 node was unschedulable and the others had volume node affinity conflict. Its EBS volume lives in us-east-1c and the only us-east-1c node, %s, was cordoned six days ago for maintenance and never uncordoned. Uncordon the node (or add capacity in us-east-1c); the StatefulSet and PVC are fine." % zc,
                  exclude=("profiles",))


SANDBOX_CILIUM = ('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "%s": plugin type="cilium-cni" name="cilium" failed (add): '
                  'unable to connect to Cilium daemon: failed to create cilium agent client after 30.000000 seconds timeout: Get "http:///var/run/cilium/cilium.sock/v1/config": '
                  'dial unix /var/run/cilium/cilium.sock: connect: no such file or directory\nIs the agent running?')


@incident(17, "kubeadm")
def k17(n):
    b = start(n, "kubeadm", nworkers=4, cni="cilium")
    storage_longhorn(b)
    ensure_ns(b, "db", labels={"team": "dba"})
    victim = "k8s-worker-02"
    others = [w for w in b.workers() if w != victim]
    pg = db_cnpg(b, "db", "pg-main", instances=3, size="250Gi")
    t = b.ago(minutes=b.rng.randint(22, 35))
    ds = b.get("DaemonSet", "kube-system", "cilium")
    bad = "quay.io/cilium/cilium:v1.15.80"
    for c in ds["spec"]["template"]["spec"]["containers"] + ds["spec"]["template"]["spec"].get("initContainers", []):
        c["image"] = bad
    for c in ds["_spec"]["containers"] + ds["_spec"].get("initContainers", []):
        c["image"] = bad
    ds["metadata"]["generation"] += 1
    ds["_gen"] += 1
    ds["metadata"]["annotations"]["deprecated.daemonset.template.generation"] = str(ds["_gen"])
    ds["_rev"] = b.sfx(10)
    oldp = [p for p in b.owned(ds) if p["spec"]["nodeName"] == victim][0]
    newc = replace_pod(b, oldp, t + timedelta(seconds=3), node=victim, labels={"controller-revision-hash": ds["_rev"], "pod-template-generation": str(ds["_gen"])},
                       tmpl={"spec": oldp["spec"]} if False else None)
    for c in newc["spec"]["containers"] + newc["spec"].get("initContainers", []):
        c["image"] = bad
    image_pull_fail(b, newc, bad, 'rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve reference "%s": %s: not found' % (bad, bad, bad), t + timedelta(seconds=4), init=True, container="config")
    b.event(ds, "SuccessfulDelete", "Deleted pod: %s" % oldp["metadata"]["name"], "Normal", first=t, last=t, component="daemonset-controller")
    b.event(ds, "SuccessfulCreate", "Created pod: %s" % newc["metadata"]["name"], "Normal", first=t + timedelta(seconds=3), last=t + timedelta(seconds=3), component="daemonset-controller")
    # CNPG rolling update (minor version) recreated pg-main-2 on the broken node
    tu = t + timedelta(minutes=b.rng.randint(3, 6))
    pods = {p["metadata"]["name"]: p for p in pg["pods"]}
    p2 = pods["pg-main-2"]
    pvc2 = b.get("PersistentVolumeClaim", "db", "pg-main-2")
    newimg = "ghcr.io/cloudnative-pg/postgresql:16.4"
    t2 = {"metadata": {"labels": dict(p2["metadata"]["labels"]), "annotations": dict(p2["metadata"]["annotations"])}, "spec": copy.deepcopy(p2["spec"])}
    t2["spec"]["containers"][0]["image"] = newimg
    t2["spec"]["nodeName"] = victim
    np2 = replace_pod(b, p2, tu, node=victim, mode="waiting", reason="ContainerCreating", tmpl=t2)
    mins = int((b.snap - tu).total_seconds() // 60)
    b.event(np2, "FailedCreatePodSandBox", SANDBOX_CILIUM % b.hexs(64), first=tu + timedelta(seconds=35), last=b.ago(seconds=b.rng.randint(5, 60)), count=mins * 2, host=victim)
    b.event(None, "Killing", "Stopping container postgres", "Normal", first=tu - timedelta(seconds=20), last=tu - timedelta(seconds=20), host=p2["spec"]["nodeName"],
            ref={"apiVersion": "v1", "kind": "Pod", "name": "pg-main-2", "namespace": "db", "uid": p2["metadata"]["uid"], "fieldPath": "spec.containers{postgres}"})
    ensure_ns(b, "shop")
    b.secret("shop", "shop-db", ["password", "username"])
    api = app(b, "shop", "checkout-api", "harbor.%s/shop/checkout-api:4.4.0" % b.domain, replicas=3, env=app_env_pg(pg["host"], "shop-db", "password", "shop", "shop"), nodes=others[:3])
    rs = api["rs"]
    extra = b.mkpod("shop", rs["metadata"]["name"] + "-" + b.sfx(), rs["spec"]["template"], t + timedelta(minutes=9), victim, [b.oref(rs)], mode="waiting", reason="ContainerCreating")
    rs["spec"]["replicas"] = 4
    api["dep"]["spec"]["replicas"] = 4
    b.event(extra, "FailedCreatePodSandBox", SANDBOX_CILIUM % b.hexs(64), first=t + timedelta(minutes=9, seconds=35), last=b.ago(seconds=b.rng.randint(5, 60)), count=int((b.snap - t).total_seconds() // 60) * 2 - 18, host=victim)
    return finish(b, "cni-daemonset-bad-image",
                  "postgres minor upgrade stuck: pg-main-2 has been ContainerCreating for ~20 minutes",
                  "DaemonSet", "kube-system", "cilium",
                  "pg-main-2 (and a new checkout-api pod) sit in ContainerCreating on %s with FailedCreatePodSandBox: plugin type=cilium-cni ... dial unix /var/run/cilium/cilium.sock ... Is the agent running?. The cilium DaemonSet was just updated to image quay.io/cilium/cilium:v1.15.80, which does not exist; the rolling update replaced the agent on %s first and that pod is stuck in Init:ImagePullBackOff, so the node has no working CNI agent. Fix the image in DaemonSet kube-system/cilium (v1.15.8)." % (victim, victim),
                  exclude=("db", "shop"), pool=["monitoring", "cert-manager", "external-secrets", "velero", "flux-system", "metallb-system"])


@incident(18, "eks")
def k18(n):
    b = start(n, "eks", pools=lambda snap: [("general", 3, "m6i.2xlarge", 8, 32, None), ("db", 2, "r6i.2xlarge", 8, 64, [{"effect": "NoSchedule", "key": "dedicated", "value": "database"}],
                                              snap - timedelta(days=1, hours=5, minutes=12), ["us-east-1a", "us-east-1b"])], ebs_tolerate_all=False)
    dbn = [x for x in sorted(b.node_info) if b.get("Node", "", x)["metadata"]["labels"].get("workload") == "database"]
    for x in dbn:
        b.get("Node", "", x)["metadata"]["labels"]["eks.amazonaws.com/nodegroup"] = "db"
    t = b.ago(hours=b.rng.randint(1, 3), minutes=b.rng.randint(0, 59))
    ensure_ns(b, "ledger", labels={"team": "finance"})

    def hook(tm):
        tm["spec"]["nodeSelector"] = {"workload": "database"}
        tm["spec"]["tolerations"] = [{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "database"}]
    pg = db_postgresql(b, "ledger", rel="ledger-pg", size="500Gi", hook=hook, created=t, nodes=[dbn[0]], metrics=True)
    pod = pg["pods"][0]
    pvc = b.get("PersistentVolumeClaim", "ledger", "data-ledger-pg-postgresql-0")
    unbind_pvc(b, pvc)
    msg = 'running PreBind plugin "VolumeBinding": binding volumes: provisioning failed for PVC "data-ledger-pg-postgresql-0"'
    b.set_status(pod, "pending", sched_msg=msg, sched_at=t + timedelta(seconds=2), sched_reason="SchedulerError")
    b.sched_event(pod, msg, t + timedelta(seconds=2), last=b.ago(seconds=b.rng.randint(10, 200)), count=int((b.snap - t).total_seconds() // 310) + 2)
    ctrl = [p for p in b.objs["pods"] if p["metadata"]["name"].startswith("ebs-csi-controller-")][0]["metadata"]["name"]
    comp = "ebs.csi.aws.com_%s_%s" % (ctrl, b.uid())
    mins = int((b.snap - t).total_seconds() // 60)
    b.event(pvc, "WaitForFirstConsumer", "waiting for first consumer to be created before binding", "Normal", first=t, last=t, component="persistentvolume-controller")
    b.event(pvc, "Provisioning", 'External provisioner is provisioning volume for claim "ledger/data-ledger-pg-postgresql-0"', "Normal", first=t + timedelta(seconds=3), last=b.ago(seconds=b.rng.randint(10, 250)), count=mins // 5 + 3, component=comp)
    b.event(pvc, "ProvisioningFailed", 'failed to provision volume with StorageClass "gp3": error generating accessibility requirements: no topology key found on CSINode %s' % dbn[0],
            first=t + timedelta(seconds=3), last=b.ago(seconds=b.rng.randint(10, 250)), count=mins // 5 + 3, component=comp)
    b.event(pvc, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
            "Normal", first=t + timedelta(seconds=2), last=b.ago(seconds=b.rng.randint(2, 15)), count=mins * 4, component="persistentvolume-controller")
    app(b, "ledger", "ledger-api", "123456789012.dkr.ecr.us-east-1.amazonaws.com/ledger-api:1.0.0", replicas=2, env=app_env_pg(pg["host"], pg["secret"], "password", "ledger", "ledger"), created=t + timedelta(minutes=1))
    for p in b.owned(b.get("Deployment", "ledger", "ledger-api"), "ReplicaSet")[0:1]:
        for q in b.owned(p):
            q["status"]["conditions"]
    for q in [p for p in b.objs["pods"] if p["metadata"]["name"].startswith("ledger-api-")]:
        b.set_status(q, "running", ready=False)
        b.event(q, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", first=parse_ts(q["metadata"]["creationTimestamp"]) + timedelta(seconds=30), last=b.ago(seconds=b.rng.randint(2, 10)), count=mins * 6, field_path="spec.containers{ledger-api}")
    pay = db_mysql(b, "payments", rel="payments", secondaries=1)
    app(b, "payments", "payments-api", "123456789012.dkr.ecr.us-east-1.amazonaws.com/payments-api:8.0.3", replicas=2, env=[env_val("MYSQL_HOST", pay["host"]), env_secret("MYSQL_PASSWORD", pay["secret"], "mysql-password")])
    return finish(b, "csi-node-daemonset-missing-toleration",
                  "new ledger postgres on the dedicated db node group has been Pending for over an hour, its volume never gets created",
                  "DaemonSet", "kube-system", "ebs-csi-node",
                  "ledger-pg-postgresql-0 is pinned to the new tainted db node group (dedicated=database:NoSchedule). Its gp3 PVC fails to provision: 'error generating accessibility requirements: no topology key found on CSINode %s' - the EBS CSI node plugin never registered there. DaemonSet kube-system/ebs-csi-node only tolerates CriticalAddonsOnly and NoExecute (desired 3 of 5 nodes), so it skips the tainted db nodes. Add a toleration for dedicated=database (or tolerate all taints) to ebs-csi-node." % dbn[0],
                  exclude=("ledger",), needs=("events",))


@incident(19, "aks")
def k19(n):
    b = start(n, "aks", nworkers=4)
    ensure_ns(b, "analytics", labels={"team": "data"})
    b.secret("analytics", "acr-pull", [".dockerconfigjson"], typ="kubernetes.io/dockerconfigjson", created=b.ago(days=200))
    dsa = b.get("ServiceAccount", "analytics", "default")
    dsa["imagePullSecrets"] = [{"name": "acr-pull"}]
    t = b.ago(minutes=b.rng.randint(30, 55))
    b.sa("analytics", "clickhouse", created=t - timedelta(minutes=4), annotations={"azure.workload.identity/client-id": b.uid()}, labels={"azure.workload.identity/use": "true", "app.kubernetes.io/name": "clickhouse"})
    img = "acmeprod.azurecr.io/clickhouse/clickhouse-server:24.3.6.48-acme"
    ksel = {"app.kubernetes.io/name": "clickhouse-keeper"}
    ktm = T([C("keeper", "acmeprod.azurecr.io/clickhouse/clickhouse-keeper:24.3.6.48-acme", ports=[("client", 2181), ("raft", 9234)], req=("250m", "512Mi"), lim=(None, "1Gi"),
               readiness=probe("exec", command=["bash", "-c", "echo ruok | nc 127.0.0.1 2181 | grep imok"], period=10), mounts=[("data", "/var/lib/clickhouse-keeper")])], sa="default")
    b.statefulset("analytics", "clickhouse-keeper", ktm, 3, "clickhouse-keeper-headless", vcts=[("data", "10Gi", b.default_sc)], sel=ksel, created=b.ago(days=180), policy="Parallel")
    b.service("analytics", "clickhouse-keeper-headless", ksel, [("client", 2181, "client"), ("raft", 9234, "raft")], headless=True, pnra=True, created=b.ago(days=180))
    csel = {"app.kubernetes.io/name": "clickhouse"}
    ctm = T([C("clickhouse", img, ports=[("http", 8123), ("tcp", 9000), ("interserver", 9009)], req=("2", "8Gi"), lim=(None, "12Gi"),
               readiness=probe("http", "http", "/ping", period=10), liveness=probe("http", "http", "/ping", delay=60, period=30, failure=10),
               mounts=[("data", "/var/lib/clickhouse"), ("config", "/etc/clickhouse-server/config.d")])], sa="default", volumes=[vol_cm("config", "clickhouse-config")])
    r = b.statefulset("analytics", "clickhouse", ctm, 3, "clickhouse-headless", vcts=[("data", "1Ti", "managed-csi-premium")], sel=csel, created=b.ago(days=180))
    b.cm("analytics", "clickhouse-config", {"cluster.xml": "<clickhouse><remote_servers><main><shard><replica><host>clickhouse-0.clickhouse-headless</host></replica></shard></main></remote_servers></clickhouse>\n",
                                            "keeper.xml": "<clickhouse><zookeeper><node><host>clickhouse-keeper-0.clickhouse-keeper-headless</host><port>2181</port></node></zookeeper></clickhouse>\n"}, created=b.ago(days=180))
    b.service("analytics", "clickhouse-headless", csel, [("http", 8123, "http"), ("tcp", 9000, "tcp"), ("interserver", 9009, "interserver")], headless=True, pnra=True, created=b.ago(days=180))
    b.service("analytics", "clickhouse", csel, [("http", 8123, "http"), ("tcp", 9000, "tcp")], created=b.ago(days=180))

    def mut(tm):
        tm["spec"]["serviceAccount"] = "clickhouse"
        tm["spec"]["serviceAccountName"] = "clickhouse"
        tm["metadata"]["labels"]["azure.workload.identity/use"] = "true"
    victim = r["pods"][2]
    np_ = roll_sts_pod(b, r, victim, t, node=victim["spec"]["nodeName"], tmpl_mut=mut)
    np_["spec"].pop("imagePullSecrets", None)
    err = ('failed to pull and unpack image "%s": failed to resolve reference "%s": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to '
           'https://acmeprod.azurecr.io/oauth2/token?scope=repository%%3Aclickhouse%%2Fclickhouse-server%%3Apull&service=acmeprod.azurecr.io: 401 Unauthorized' % (img, img))
    image_pull_fail(b, np_, img, "rpc error: code = Unknown desc = " + err, t + timedelta(seconds=2))
    app(b, "analytics", "superset", "acmeprod.azurecr.io/bi/superset:4.0.2", replicas=2, port=8088, env=[env_val("CLICKHOUSE_HOST", "clickhouse.analytics.svc.cluster.local")])
    db_redis(b, "analytics", rel="superset-cache", replicas=0, size="4Gi")
    return finish(b, "serviceaccount-missing-imagepullsecret",
                  "the analytics column-store rollout for workload identity is stuck, the first replica can't pull its image (401 from our registry)",
                  "ServiceAccount", "analytics", "clickhouse",
                  "The StatefulSet clickhouse was switched to the new ServiceAccount 'clickhouse' (workload identity); the recreated pod clickhouse-2 fails to pull from the private registry acmeprod.azurecr.io with 401 Unauthorized. The old pods ran as 'default', whose imagePullSecrets [acr-pull] were injected into their spec; the new ServiceAccount clickhouse has no imagePullSecrets, so the new pod has none. Add imagePullSecrets: acr-pull to ServiceAccount analytics/clickhouse.",
                  exclude=("analytics",), needs=("events",))


@incident(20, "doks")
def k20(n):
    b = start(n, "doks", pools=lambda snap: [("pool-k8zq2", 4, "s-8vcpu-16gb", 8, 16, None, snap - timedelta(minutes=47))])
    return k20_body(b)


def k20_body(b):
    newest = max(b.node_info, key=lambda x: b.get("Node", "", x)["metadata"]["creationTimestamp"])
    tn = parse_ts(b.get("Node", "", newest)["metadata"]["creationTimestamp"])
    olds = [x for x in sorted(b.node_info) if x != newest]
    addon_kyverno(b)
    cnpg_operator(b, sa_automount=False)
    sa = b.get("ServiceAccount", "cnpg-system", "cnpg-manager")
    sa["metadata"].setdefault("annotations", {})["policies.kyverno.io/last-applied-patches"] = "disable-automount-sa-token.disable-automountserviceaccounttoken.kyverno.io: replaced /automountServiceAccountToken\n"
    ensure_ns(b, "payments", labels={"team": "payments"})
    pg = db_cnpg(b, "payments", "payments-pg", instances=3, size="150Gi", operator=False)
    gone_node = "pool-k8zq2-" + b.sfx(5)
    b.ghosts.add(("Node", "", gone_node))
    # instance 1 (the primary) and the operator pod lived on the node that was auto-repaired
    p1 = [p for p in pg["pods"] if p["metadata"]["name"] == "payments-pg-1"][0]
    b.remove(p1)
    op = b.get("Deployment", "cnpg-system", "cnpg-controller-manager")
    rs = b.owned(op, "ReplicaSet")[-1]
    old = b.owned(rs)[0]
    b.remove(old)
    newop = b.mkpod("cnpg-system", rs["metadata"]["name"] + "-" + b.sfx(), rs["spec"]["template"], tn + timedelta(minutes=2), newest, [b.oref(rs)])
    crashloop(b, newop, '{"level":"error","ts":"%s","msg":"unable to get kubeconfig","error":"open /var/run/secrets/kubernetes.io/serviceaccount/token: no such file or directory"}' % micro(b.ago(minutes=2)).replace("Z", ""), tn + timedelta(minutes=2, seconds=20), ran=timedelta(milliseconds=400))
    b.event(None, "RemovingNode", "Node %s event: Removing Node %s from Controller" % (gone_node, gone_node), "Normal", first=tn - timedelta(minutes=3), last=tn - timedelta(minutes=3), component="node-controller",
            ref={"apiVersion": "v1", "kind": "Node", "name": gone_node, "uid": b.uid()})
    b.event(None, "NodeNotReady", "Node %s status is now: NodeNotReady" % gone_node, "Normal", first=tn - timedelta(minutes=9), last=tn - timedelta(minutes=9), component="node-controller",
            ref={"apiVersion": "v1", "kind": "Node", "name": gone_node, "uid": b.uid()})
    ip = b.get("Service", "payments", "payments-pg-rw")["spec"]["clusterIP"]
    api = app(b, "payments", "payments-api", "registry.digitalocean.com/acme/payments-api:6.2.1", replicas=2, env=app_env_pg(pg["host"], pg["secret"], "password", "app", "app"), nodes=olds[:2])
    for p in api["pods"]:
        crashloop(b, p, 'FATAL: connection to server at "payments-pg-rw.payments.svc.cluster.local" (%s), port 5432 failed: Connection refused' % ip, tn + timedelta(minutes=1))
    return finish(b, "operator-serviceaccount-token-disabled",
                  "payments postgres primary disappeared after the node repair and no failover happened, payments api is down",
                  "ServiceAccount", "cnpg-system", "cnpg-manager",
                  "The node hosting payments-pg-1 (primary) and the CloudNativePG operator was auto-repaired. No failover happened: payments-pg-2/-3 are still replicas, payments-pg-rw has no endpoints. The operator pod that was recreated crashloops with 'unable to get kubeconfig: open /var/run/secrets/kubernetes.io/serviceaccount/token: no such file or directory' - its ServiceAccount cnpg-system/cnpg-manager now has automountServiceAccountToken: false (patched by a Kyverno hardening policy), so the pod has no API token. Re-enable token automount for that ServiceAccount (exclude it from the policy); the operator will then promote a replica.",
                  exclude=("payments", "cnpg-system"), pool=["monitoring", "cert-manager", "ingress-nginx", "external-secrets", "logging", "velero"])


@incident(21, "kubeadm130")
def k21(n):
    b = start(n, "kubeadm130", nworkers=4, cni="cilium", worker_prefix="prod-w", cp_prefix="prod-cp", vsphere=True)
    storage_rook(b)
    ns_add(b, "es-prod", labels={"team": "search", "pod-security.kubernetes.io/enforce": "restricted", "pod-security.kubernetes.io/enforce-version": "latest",
                                  "pod-security.kubernetes.io/warn": "restricted"},
           annotations={"acme.io/psa-rollout": "wave-2 enforce restricted"})

    def hook(tm):
        tm["spec"]["initContainers"].insert(0, C("sysctl", "docker.elastic.co/elasticsearch/elasticsearch:8.15.1", command=["sh", "-c", "sysctl -w vm.max_map_count=262144"],
                                                 sc={"privileged": True, "runAsUser": 0}))
    es = db_eck(b, "es-prod", "search", nodes_count=3, size="300Gi", mem="8Gi", hook=hook)
    sts = es["sts"]["sts"]
    victim = es["sts"]["pods"][1]
    t = b.ago(minutes=b.rng.randint(50, 80))
    b.remove(victim)
    b.event(None, "Killing", "Stopping container elasticsearch", "Normal", first=t, last=t, host=victim["spec"]["nodeName"],
            ref={"apiVersion": "v1", "kind": "Pod", "name": victim["metadata"]["name"], "namespace": "es-prod", "uid": victim["metadata"]["uid"], "fieldPath": "spec.containers{elasticsearch}"})
    names = ["sysctl", "elastic-internal-init-filesystem", "elastic-internal-suspend", "elasticsearch"]
    msg = ('create Pod search-es-default-1 in StatefulSet search-es-default failed error: pods "search-es-default-1" is forbidden: violates PodSecurity "restricted:latest": '
           'privileged (container "sysctl" must not set securityContext.privileged=true), allowPrivilegeEscalation != false (containers %s must set securityContext.allowPrivilegeEscalation=false), '
           'unrestricted capabilities (containers %s must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or containers %s must set securityContext.runAsNonRoot=true), '
           'runAsUser=0 (container "sysctl" must not set runAsUser=0), seccompProfile (pod or containers %s must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")'
           % tuple([", ".join('"%s"' % x for x in names)] * 4))
    b.event(sts, "FailedCreate", msg, first=t + timedelta(seconds=2), last=b.ago(seconds=b.rng.randint(5, 120)), count=int((b.snap - t).total_seconds() // 60) + 7, component="statefulset-controller")
    app(b, "es-prod", "search-api", "harbor.%s/search/search-api:2.12.0" % b.domain, replicas=2, env=[env_val("ES_URL", "https://search-es-http.es-prod.svc:9200")])
    ns_add(b, "shop", labels={"pod-security.kubernetes.io/enforce": "baseline"})
    pg = db_postgresql(b, "shop", rel="shop-pg", size="40Gi")
    app(b, "shop", "catalog-api", "harbor.%s/shop/catalog-api:7.1.0" % b.domain, replicas=2, env=app_env_pg(pg["host"], pg["secret"], "password", "shop", "catalog"))
    return finish(b, "pod-security-admission-blocks-pod",
                  "elasticsearch went yellow after this morning's node patching, one data node never came back",
                  "Namespace", "", "es-prod",
                  "StatefulSet search-es-default has 2 of 3 pods; search-es-default-1 was deleted during patching and the statefulset-controller cannot recreate it: 'violates PodSecurity restricted:latest' (privileged sysctl init container, runAsUser=0, ...). Namespace es-prod was just labelled pod-security.kubernetes.io/enforce=restricted; the existing pods were admitted before. Relax the namespace's enforce level (e.g. privileged/baseline with an exemption) or remove the privileged sysctl init container (set vm.max_map_count on the nodes) - the label on the Namespace is what changed.",
                  exclude=("es-prod",), needs=("events",))


@incident(22, "gke")
def k22(n):
    b = start(n, "gke", nworkers=3)
    ns_add(b, "fin-staging", labels={"env": "staging", "team": "finance"})
    t = b.ago(hours=1, minutes=b.rng.randint(10, 50))
    b.secret("fin-staging", "ledger-db", ["POSTGRES_PASSWORD", "POSTGRES_USER"], created=t - timedelta(minutes=2))
    sel = {"app": "ledger-db"}
    tm = T([C("postgres", "postgres:16.4-bookworm", ports=[("postgres", 5432)], req=("500m", "1Gi"), lim=(None, "2Gi"),
              env=[env_val("PGDATA", "/var/lib/postgresql/data/pgdata"), env_secret("POSTGRES_PASSWORD", "ledger-db", "POSTGRES_PASSWORD"), env_secret("POSTGRES_USER", "ledger-db", "POSTGRES_USER")],
              readiness=probe("exec", command=["pg_isready", "-U", "postgres"], delay=5, period=10), liveness=probe("exec", command=["pg_isready", "-U", "postgres"], delay=30, period=20),
              sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}}, mounts=[("data", "/var/lib/postgresql/data")], tmp_policy="FallbackToLogsOnError")],
           security_context={"runAsGroup": 999, "runAsNonRoot": True, "runAsUser": 999, "seccompProfile": {"type": "RuntimeDefault"}})
    r = b.statefulset("fin-staging", "ledger-db", tm, 1, "ledger-db", vcts=[("data", "100Gi", "premium-rwo")], sel=sel, created=t)
    b.service("fin-staging", "ledger-db", sel, [("postgres", 5432, "postgres")], headless=True, created=t)
    crashloop(b, r["pods"][0], "mkdir: cannot create directory '/var/lib/postgresql/data/pgdata': Permission denied", t + timedelta(seconds=20), ran=timedelta(milliseconds=200))
    rsel = {"app": "ledger-redis"}
    rtm = T([C("redis", "redis:7.2.5-alpine", ports=[("redis", 6379)], req=("100m", "256Mi"), lim=(None, "512Mi"), readiness=probe("tcp", 6379, delay=5), mounts=[("data", "/data")])],
            security_context={"fsGroup": 999, "runAsGroup": 999, "runAsNonRoot": True, "runAsUser": 999})
    b.statefulset("fin-staging", "ledger-redis", rtm, 1, "ledger-redis", vcts=[("data", "10Gi", "standard-rwo")], sel=rsel, created=b.ago(days=12))
    b.service("fin-staging", "ledger-redis", rsel, [("redis", 6379, "redis")], created=b.ago(days=12))
    api = app(b, "fin-staging", "ledger-api", "us-docker.pkg.dev/%s/apps/ledger-api:0.21.0-rc2" % b.gcp_project, replicas=1, env=[env_val("PGHOST", "ledger-db-0.ledger-db.fin-staging.svc.cluster.local"), env_secret("PGPASSWORD", "ledger-db", "POSTGRES_PASSWORD")],
              created=t, pod_age=t + timedelta(minutes=1))
    crashloop(b, api["pods"][0], "Caused by: java.net.UnknownHostException: ledger-db-0.ledger-db.fin-staging.svc.cluster.local\n\tat java.base/java.net.InetAddress$CachedLookup.get(InetAddress.java:988)", t + timedelta(minutes=2))
    prod = db_postgresql(b, "fin-prod", rel="ledger-prod", size="200Gi", metrics=True)
    app(b, "fin-prod", "ledger-api", "us-docker.pkg.dev/%s/apps/ledger-api:0.20.4" % b.gcp_project, replicas=2, env=app_env_pg(prod["host"], prod["secret"], "password", "ledger", "ledger"))
    return finish(b, "statefulset-missing-fsgroup",
                  "new staging ledger postgres crashloops right after start, permission denied on the data directory",
                  "StatefulSet", "fin-staging", "ledger-db",
                  "ledger-db-0 exits immediately with \"mkdir: cannot create directory '/var/lib/postgresql/data/pgdata': Permission denied\". The hand-written StatefulSet runs postgres as non-root (runAsUser/runAsGroup 999, runAsNonRoot) but sets no fsGroup, so the freshly formatted persistent disk root is owned by root and not writable by uid 999. Add securityContext.fsGroup: 999 (as ledger-redis has) to the StatefulSet pod template; ledger-api's failures are a consequence.",
                  exclude=("fin-staging",))


@incident(23, "doks")
def k23(n):
    b = start(n, "doks", nworkers=4)
    ensure_ns(b, "catalog", labels={"team": "catalog"})
    mg = db_mongodb(b, "catalog", rel="catalog", replicas=2, arbiter=True, size="80Gi", created=b.ago(days=140))
    sts = mg["rs"]["sts"]
    t = b.ago(hours=b.rng.randint(16, 22), minutes=b.rng.randint(0, 59))
    sts["metadata"].setdefault("annotations", {})["acme.io/rightsizing"] = "applied vpa recommendation (target memory 512Mi)"

    def mut(tm):
        tm["spec"]["containers"][0]["resources"] = {"limits": {"cpu": "1", "memory": "768Mi"}, "requests": {"cpu": "500m", "memory": "512Mi"}}
    p0, p1 = mg["rs"]["pods"]
    n1 = roll_sts_pod(b, mg["rs"], p1, t, node=p1["spec"]["nodeName"], tmpl_mut=mut)
    rev = n1["metadata"]["labels"]["controller-revision-hash"]
    t0 = {"metadata": {"labels": dict(sts["spec"]["template"]["metadata"]["labels"])}, "spec": copy.deepcopy(sts["spec"]["template"]["spec"])}
    t0["spec"]["volumes"] = [v for v in p0["spec"].get("volumes", []) if "persistentVolumeClaim" in v] + t0["spec"].get("volumes", [])
    n0 = replace_pod(b, p0, t + timedelta(minutes=3), node=p0["spec"]["nodeName"], labels={"controller-revision-hash": rev}, tmpl=t0)
    s = t + timedelta(hours=b.rng.randint(3, 6))
    crashloop(b, n0, None, s, exit_code=137, reason="OOMKilled", ran=timedelta(minutes=b.rng.randint(2, 6)))
    crashloop(b, n1, None, s + timedelta(minutes=40), exit_code=137, reason="OOMKilled", ran=timedelta(minutes=b.rng.randint(2, 6)))
    for p in (n0, n1):
        b.event(p, "Pulled", 'Container image "docker.io/bitnami/mongodb:7.0.12-debian-12-r4" already present on machine', "Normal", first=s, last=b.ago(minutes=b.rng.randint(2, 9)), count=p["status"]["containerStatuses"][0]["restartCount"], field_path="spec.containers{mongodb}")
    svc = "catalog-mongodb-headless.catalog.svc.cluster.local"
    api = app(b, "catalog", "catalog-api", "registry.digitalocean.com/acme/catalog-api:12.0.1", replicas=3,
              env=[env_val("MONGODB_URI", "mongodb://catalog-mongodb-0.%s,catalog-mongodb-1.%s/catalog?replicaSet=rs0" % (svc, svc)), env_secret("MONGODB_PASSWORD", mg["secret"], "mongodb-passwords")])
    for p in api["pods"]:
        b.set_status(p, "running", ready=False, sched_at=parse_ts(p["status"]["startTime"]))
        b.event(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503", first=b.ago(minutes=58), last=b.ago(seconds=b.rng.randint(1, 9)), count=340, field_path="spec.containers{catalog-api}")
    db_redis(b, "catalog", rel="catalog-cache", replicas=1)
    return finish(b, "oomkilled-memory-limit",
                  "catalog mongo keeps restarting since yesterday evening, the catalog api is not ready",
                  "StatefulSet", "catalog", "catalog-mongodb",
                  "Both mongod data members restart every few minutes with lastState OOMKilled (exit 137). Yesterday the StatefulSet catalog-mongodb was 'right-sized': the new revision limits the mongodb container to 768Mi (was 2Gi), far below what mongod (WiredTiger cache + connections) needs for this data set. Raise the memory limit in the StatefulSet template (and revisit the VPA recommendation); catalog-api readiness failures are a consequence.",
                  exclude=("catalog",))


@incident(24, "kubeadm")
def k24(n):
    b = start(n, "kubeadm", nworkers=4, cni="flannel", worker_prefix="node", cp_prefix="master")
    storage_longhorn(b)
    ensure_ns(b, "cassandra", labels={"team": "data"})

    def hook(tm):
        tm["spec"]["containers"][0]["terminationMessagePolicy"] = "FallbackToLogsOnError"
    cas = db_cassandra(b, "cassandra", rel="events", replicas=3, size="1Ti", hook=hook, created=b.ago(days=200))
    sts = cas["sts"]
    t = b.ago(hours=b.rng.randint(2, 4), minutes=b.rng.randint(0, 59))

    def mut(tm):
        c = tm["spec"]["containers"][0]
        c["image"] = "docker.io/bitnami/cassandra:4.1.6-debian-12-r3"
        c["livenessProbe"] = probe("exec", command=["/bin/bash", "-ec", "nodetool info | grep \"Native Transport active: true\"\nnodetool status | grep -E \"^UN\\\\s+${POD_IP}\"\n"], delay=15, period=10, timeout=5, failure=3)
    p2 = cas["pods"][2]
    np_ = roll_sts_pod(b, cas, p2, t, node=p2["spec"]["nodeName"], tmpl_mut=mut)
    msg = ("INFO  [main] 2024-10-01 03:12:44,118 CommitLog.java:195 - Replaying /bitnami/cassandra/data/commitlog/CommitLog-7-1727741288331.log, "
           "/bitnami/cassandra/data/commitlog/CommitLog-7-1727741288332.log, /bitnami/cassandra/data/commitlog/CommitLog-7-1727741288333.log\n"
           "INFO  [main] 2024-10-01 03:12:51,402 CommitLogReader.java:257 - Finished reading /bitnami/cassandra/data/commitlog/CommitLog-7-1727741288331.log")
    crashloop(b, np_, msg, t + timedelta(minutes=1), exit_code=143, reason="Error", ran=timedelta(seconds=48))
    mins = int((b.snap - t).total_seconds() // 60)
    rc = np_["status"]["containerStatuses"][0]["restartCount"]
    b.event(np_, "Unhealthy", "Liveness probe failed: nodetool: Failed to connect to '127.0.0.1:7199' - ConnectException: 'Connection refused (Connection refused)'.",
            first=t + timedelta(seconds=40), last=b.ago(seconds=b.rng.randint(30, 200)), count=rc * 3, field_path="spec.containers{cassandra}")
    b.event(np_, "Killing", "Container cassandra failed liveness probe, will be restarted", "Normal", first=t + timedelta(seconds=60), last=b.ago(seconds=b.rng.randint(30, 200)), count=rc, field_path="spec.containers{cassandra}")
    api = app(b, "cassandra", "event-ingest", "harbor.%s/data/event-ingest:3.2.0" % b.domain, replicas=2, port=8080, env=[env_val("CASSANDRA_HOSTS", cas["host"]), env_secret("CASSANDRA_PASSWORD", cas["secret"], "cassandra-password")])
    pg = db_postgresql(b, "airflow", rel="airflow-pg", size="20Gi")
    app(b, "airflow", "airflow-webserver", "apache/airflow:2.10.1", replicas=1, port=8080, env=app_env_pg(pg["host"], pg["secret"], "password", "airflow", "airflow"))
    return finish(b, "liveness-probe-kills-slow-start",
                  "cassandra upgrade is stuck, the third node keeps restarting and never joins the ring",
                  "StatefulSet", "cassandra", "events-cassandra",
                  "The rolling upgrade of StatefulSet events-cassandra recreated pod -2, which is killed by its liveness probe again and again ('Container cassandra failed liveness probe, will be restarted', exit 143) while it is still replaying commit logs (see its termination message). The new revision's livenessProbe starts after 15s with failureThreshold 3 / period 10s (the chart default was 60s/30s/5). Give the StatefulSet a startupProbe or a realistic initialDelaySeconds/failureThreshold.",
                  exclude=("cassandra",))


@incident(25, "rke2")
def k25(n):
    b = start(n, "rke2", nworkers=4)
    storage_longhorn(b)
    ensure_ns(b, "db", labels={"team": "dba"})
    pg = db_cnpg(b, "db", "orders-pg", instances=3, size="200Gi")
    t = b.ago(hours=2, minutes=b.rng.randint(10, 50))

    def hook(tm):
        c = tm["spec"]["containers"][0]
        c["readinessProbe"] = probe("tcp", 5432, delay=5, period=10)
    pgb = db_pgbouncer(b, "db", "pgbouncer", pg["host"], replicas=2, hook=hook, created=t)
    mins = int((b.snap - t).total_seconds() // 60)
    for p in pgb["pods"]:
        b.set_status(p, "running", ready=True, notready=["pgbouncer"])
        b.event(p, "Unhealthy", "Readiness probe failed: dial tcp %s:5432: connect: connection refused" % p["status"]["podIP"], first=t + timedelta(seconds=15), last=b.ago(seconds=b.rng.randint(1, 10)),
                count=mins * 6, field_path="spec.containers{pgbouncer}")
    b.get("Deployment", "db", "pgbouncer")["_progress"] = ("False", "ProgressDeadlineExceeded", 'ReplicaSet "%s" has timed out progressing.' % pgb["rs"]["metadata"]["name"], t + timedelta(seconds=601))
    ensure_ns(b, "orders", labels={"team": "orders"})
    b.secret("orders", "orders-db", ["password", "username"], created=t)
    ip = b.get("Service", "db", "pgbouncer")["spec"]["clusterIP"]
    api = app(b, "orders", "orders-api", "harbor.%s/orders/orders-api:12.0.0" % b.domain, replicas=3, created=t + timedelta(minutes=5), pod_age=t + timedelta(minutes=6),
              env=[env_val("DATABASE_URL", "postgres://orders@pgbouncer.db.svc.cluster.local:6432/orders?sslmode=disable"), env_secret("PGPASSWORD", "orders-db", "password")], history=False)
    for p in api["pods"]:
        crashloop(b, p, "error: failed to connect to `host=pgbouncer.db.svc.cluster.local user=orders database=orders`: dial error (dial tcp %s:6432: connect: connection refused)" % ip, t + timedelta(minutes=7))
    app(b, "orders", "orders-web", "harbor.%s/orders/orders-web:12.0.0" % b.domain, replicas=2, env=[env_val("API_URL", "http://orders-api.orders.svc")])
    return finish(b, "readiness-probe-wrong-port",
                  "new orders api can't connect to the database through the connection pooler, connection refused",
                  "Deployment", "db", "pgbouncer",
                  "orders-api gets connection refused on pgbouncer.db:6432. Both pgbouncer pods are Running but never Ready, so Service pgbouncer has only notReadyAddresses. Their readinessProbe checks tcpSocket 5432 while pgbouncer listens on 6432 (Unhealthy: dial tcp ...:5432: connection refused). Fix the readinessProbe port in Deployment db/pgbouncer; the database itself is healthy.",
                  exclude=("db", "orders"))


@incident(26, "aks")
def k26(n):
    b = start(n, "aks", nworkers=4)
    ensure_ns(b, "inventory", labels={"team": "inventory"})
    zone1 = [x for x in sorted(b.node_info) if b.node_info[x]["zone"] == "eastus-1"]
    na, nb = zone1[0], zone1[1]
    t = b.ago(minutes=b.rng.randint(35, 55))
    b.cm("inventory", "inventory-mongo-conf", {"mongod.conf": "storage:\n  dbPath: /data/db\n  wiredTiger:\n    engineConfig:\n      cacheSizeGB: 3\nnet:\n  port: 27017\n  bindIpAll: true\n"}, created=b.ago(days=300))
    b.secret("inventory", "inventory-mongo-auth", ["MONGO_INITDB_ROOT_PASSWORD", "MONGO_INITDB_ROOT_USERNAME"], created=b.ago(days=300))
    pvc = b.pvc("inventory", "inventory-mongo-data", "256Gi", "managed-csi-premium", node=na, created=b.ago(days=300), labels={"app": "inventory-mongo"})

    def tmpl(img, cache_hash):
        return T([C("mongo", img, ports=[("mongodb", 27017)], req=("1", "4Gi"), lim=(None, "6Gi"), args=["--config", "/etc/mongo/mongod.conf"],
                    env=[env_secret("MONGO_INITDB_ROOT_USERNAME", "inventory-mongo-auth", "MONGO_INITDB_ROOT_USERNAME"), env_secret("MONGO_INITDB_ROOT_PASSWORD", "inventory-mongo-auth", "MONGO_INITDB_ROOT_PASSWORD")],
                    readiness=probe("exec", command=["mongosh", "--quiet", "--eval", "db.adminCommand('ping')"], delay=10, period=10, timeout=5),
                    mounts=[("data", "/data/db"), ("conf", "/etc/mongo")])],
                 volumes=[vol_pvc("data", "inventory-mongo-data"), vol_cm("conf", "inventory-mongo-conf")], annotations={"checksum/config": cache_hash})
    old, new = tmpl("mongo:7.0.12", b.hexs(64)), tmpl("mongo:7.0.12", b.hexs(64))
    r = b.deployment("inventory", "inventory-mongo", new, 1, sel={"app": "inventory-mongo"}, old_tmpl=old, old_pods=1, new_pods=1, rs_created=t, revision=6,
                     nodes=[nb], pod_age=b.ago(days=20), created=b.ago(days=300))
    # the old pod runs on node A (where the disk is attached), the new one landed on node B
    oldp = r["old"][0]
    oldp["spec"]["nodeName"] = na
    b.set_status(oldp, "running", new_ip=True, sched_at=parse_ts(oldp["metadata"]["creationTimestamp"]) + timedelta(seconds=1))
    r["old_rs"]["spec"]["replicas"] = 1
    newp = r["pods"][0]
    b.set_status(newp, "waiting", reason="ContainerCreating")
    pv = pvc["spec"]["volumeName"]
    mins = int((b.snap - t).total_seconds() // 60)
    b.event(newp, "FailedAttachVolume", 'Multi-Attach error for volume "%s" Volume is already used by pod(s) %s' % (pv, oldp["metadata"]["name"]),
            first=t + timedelta(seconds=2), last=b.ago(seconds=b.rng.randint(10, 250)), count=mins // 2 + 1, component="attachdetach-controller", host=None)
    vname = [v["name"] for v in newp["spec"]["volumes"] if v["name"].startswith("kube-api-access")][0]
    b.event(newp, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data conf %s]: timed out waiting for the condition" % vname,
            first=t + timedelta(minutes=2, seconds=3), last=b.ago(seconds=b.rng.randint(10, 120)), count=mins // 2, host=nb)
    b.event(r["dep"], "ScalingReplicaSet", "Scaled up replica set %s to 1" % r["rs"]["metadata"]["name"], "Normal", first=t, last=t, component="deployment-controller")
    b.service("inventory", "inventory-mongo", {"app": "inventory-mongo"}, [("mongodb", 27017, "mongodb")], created=b.ago(days=300))
    app(b, "inventory", "inventory-api", "acmeprod.azurecr.io/inventory/inventory-api:9.9.0", replicas=2, env=[env_val("MONGO_URL", "mongodb://inventory-mongo.inventory.svc:27017/inventory")])
    my = db_mysql(b, "wms", rel="wms", secondaries=1)
    app(b, "wms", "wms-api", "acmeprod.azurecr.io/wms/wms-api:2.2.4", replicas=2, env=[env_val("MYSQL_HOST", my["host"]), env_secret("MYSQL_PASSWORD", my["secret"], "mysql-password")])
    return finish(b, "multi-attach-rollingupdate-rwo",
                  "changed the inventory mongo cache size ~40 minutes ago and the rollout has been hanging since, new pod stuck ContainerCreating",
                  "Deployment", "inventory", "inventory-mongo",
                  "inventory-mongo is a single-replica Deployment with an RWO Azure disk and the default RollingUpdate strategy. The config change started a new ReplicaSet whose pod landed on another node while the old pod still holds the disk: FailedAttachVolume 'Multi-Attach error ... Volume is already used by pod(s) <old pod>', so it can never start and the old one is never removed. Set the Deployment strategy to Recreate (or run it as a StatefulSet).",
                  exclude=("inventory",), needs=("events",))


@incident(27, "k3s")
def k27(n):
    b = start(n, "k3s", nworkers=3)
    ensure_ns(b, "db", labels={"team": "dba"})
    pg = db_postgresql(b, "db", rel="main-pg", size="100Gi", metrics=True, created=b.ago(days=150))
    b.secret("db", "backup-s3", ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"], created=b.ago(days=150))
    env = [env_val("PGHOST", pg["host"]), env_secret("PGPASSWORD", pg["secret"], "postgres-password"), env_val("S3_BUCKET", "s3://acme-pg-backups/main-pg/"),
           env_secret("AWS_ACCESS_KEY_ID", "backup-s3", "AWS_ACCESS_KEY_ID"), env_secret("AWS_SECRET_ACCESS_KEY", "backup-s3", "AWS_SECRET_ACCESS_KEY")]
    day = b.snap.replace(hour=1, minute=30, second=0, microsecond=0)
    if day > b.snap:
        day -= timedelta(days=1)
    stop = 4
    tm = T([C("backup", "ghcr.io/acme/pg-backup:16-1.6.0", command=["/usr/local/bin/backup.sh"], env=env, req=("500m", "512Mi"), lim=(None, "2Gi"), tmp_policy="FallbackToLogsOnError")])
    b.cronjob("db", "pg-backup", "30 1 * * *", tm, [(day - timedelta(days=stop + k), "complete") for k in (2, 1, 0)], created=b.ago(days=150), suspend=True, run_duration=900)
    vt = day.replace(hour=5, minute=0)
    if vt > b.snap:
        vt -= timedelta(days=1)
    vtm = T([C("verify", "ghcr.io/acme/pg-backup:16-1.6.0", command=["/usr/local/bin/verify-latest.sh"], env=env, req=("100m", "128Mi"), tmp_policy="FallbackToLogsOnError")])
    # the verify run of day -3 failed as well but fell out of failedJobsHistoryLimit=3
    runs = [(vt - timedelta(days=k), "failed" if k < stop else "complete") for k in (4, 2, 1, 0)]
    b.cronjob("db", "pg-backup-verify", "0 5 * * *", vtm, runs, created=b.ago(days=150), backoff=0, run_duration=12, fail_hist=3,
              fail_msg="verify-latest: newest base backup in s3://acme-pg-backups/main-pg/ is %s (older than 26h) - FAILED" % iso(day - timedelta(days=stop) + timedelta(minutes=15)))
    vac = T([C("vacuum", "postgres:16.4", command=["vacuumdb", "--all", "--analyze-in-stages"], env=env[:2])])
    wk = b.snap.replace(hour=3, minute=0, second=0, microsecond=0) - timedelta(days=(b.snap.weekday() + 1) % 7)
    if wk > b.snap:
        wk -= timedelta(days=7)
    b.cronjob("db", "pg-vacuum-analyze", "0 3 * * 0", vac, [(wk - timedelta(days=7), "failed"), (wk, "complete")], created=b.ago(days=150), backoff=0, run_duration=1800,
              fail_msg="vacuumdb: error: vacuuming of table \"public.events\" in database \"app\" failed: ERROR:  canceling statement due to lock timeout")
    ensure_ns(b, "web")
    app(b, "web", "crm", "ghcr.io/acme/crm:2024.37", replicas=2, env=app_env_pg(pg["host"], pg["secret"], "password", "app", "crm"), pod_age=b.ago(days=8))
    b.secret("web", "main-pg-postgresql", ["password"])
    db_redis(b, "web", rel="crm-cache", replicas=0)
    return finish(b, "cronjob-suspended",
                  "our backup check has been failing for a few days, looks like there are no fresh postgres backups",
                  "CronJob", "db", "pg-backup",
                  "pg-backup-verify fails every morning because the newest base backup is several days old. CronJob db/pg-backup has spec.suspend=true (left over from a maintenance window): lastScheduleTime is four days ago and no Job has been created since. Set suspend: false (and take a manual backup); the verify job and the old vacuum failure are symptoms/noise.",
                  needs=("cronjobs",), exclude=("db",))


@incident(28, "gke")
def k28(n):
    b = start(n, "gke", nworkers=3)
    ensure_ns(b, "db", labels={"team": "dba"})
    my = db_mysql(b, "db", rel="orders", secondaries=1, size="1Ti", mem=("8Gi", "12Gi"), buffer_pool="8G", created=b.ago(days=400))
    b.secret("db", "gcs-backup", ["credentials.json"], created=b.ago(days=300))
    env = [env_val("MYSQL_HOST", "orders-mysql-secondary.db.svc.cluster.local"), env_secret("MYSQL_PWD", my["secret"], "mysql-root-password"), env_val("GCS_BUCKET", "gs://acme-mysql-backups/orders")]
    tm = T([C("mysqldump", "us-docker.pkg.dev/%s/dba/mysql-backup:8.0-2.3.1" % b.gcp_project, command=["/backup.sh"], env=env, req=("1", "1Gi"), lim=(None, "2Gi"),
              mounts=[("gcs", "/var/secrets/google", True)], tmp_policy="FallbackToLogsOnError")], volumes=[vol_secret("gcs", "gcs-backup")])
    day = b.snap.replace(hour=1, minute=0, second=0, microsecond=0)
    if day > b.snap - timedelta(hours=2):
        day -= timedelta(days=1)
    runs = [(day - timedelta(days=k), "complete" if k >= 3 else "deadline") for k in (5, 4, 3, 2, 1, 0)]
    cj = b.cronjob("db", "mysql-backup", "0 1 * * *", tm, runs, created=b.ago(days=300), deadline=3600, backoff=0, run_duration=3300, success_hist=3, fail_hist=3,
                   fail_msg="-- Dumping data for table `order_lines`\n/backup.sh: streaming to gs://acme-mysql-backups/orders/orders-full.sql.gz (182.4 GiB written)\nTerminated")
    for r in cj["jobs"]:
        if r["job"]["_outcome"] == "deadline":
            for p in r["pods"]:
                cs = p["status"]["containerStatuses"][0]["state"]["terminated"]
                cs["exitCode"] = 143
    app(b, "orders", "orders-api", "us-docker.pkg.dev/%s/apps/orders-api:13.4.2" % b.gcp_project, replicas=3, env=[env_val("MYSQL_HOST", my["host"]), env_val("MYSQL_PASSWORD_FILE", "/run/secrets/mysql")])
    return finish(b, "backup-job-deadline-exceeded",
                  "mysql backups failed three nights in a row, nothing changed on our side",
                  "CronJob", "db", "mysql-backup",
                  "The last three Jobs of CronJob db/mysql-backup failed with DeadlineExceeded ('Job was active longer than specified deadline'); their pods were terminated mid-dump (exit 143, partial dump in the termination message). The jobTemplate sets activeDeadlineSeconds: 3600 while the dump of the grown 1Ti database now takes longer (successful runs already took ~55 min). Raise activeDeadlineSeconds in the CronJob (or switch to incremental backups).",
                  needs=("cronjobs",), exclude=("db",))


@incident(29, "openshift")
def k29(n):
    b = start(n, "openshift", nworkers=3)
    ensure_ns(b, "policy", labels={"team": "policy", "argocd.argoproj.io/managed-by": "openshift-gitops"})
    pg = db_postgresql(b, "policy", rel="policy-pg", size="120Gi", sec_ctx={"fsGroup": 1000690000}, created=b.ago(days=200))
    t = b.ago(hours=1, minutes=b.rng.randint(5, 30))
    sa_for(b, "policy", "policy-api")
    mtm = T([C("migrate", "image-registry.openshift-image-registry.svc:5000/policy/policy-migrations:v42", command=["/bin/sh", "-c", "for f in /migrations/*.sql; do psql -v ON_ERROR_STOP=1 -f \"$f\" || exit 1; done"],
               env=[env_val("PGHOST", pg["host"]), env_val("PGDATABASE", "policy"), env_secret("PGPASSWORD", pg["secret"], "password")], tmp_policy="FallbackToLogsOnError")],
            sa="policy-api", restart="Never")
    j = b.job("policy", "policy-migrate-v42", mtm, t, "failed", backoff=2, duration=4,
              fail_msg='psql:/migrations/042_add_policy_status.sql:3: ERROR:  column "status" of relation "policies" already exists', labels={"app.kubernetes.io/name": "policy-migrate", "app.kubernetes.io/version": "v42"})
    jt = parse_ts(j["job"]["status"]["conditions"][0]["lastTransitionTime"])
    b.event(j["job"], "BackoffLimitExceeded", "Job has reached the specified backoff limit", first=jt, last=jt, component="job-controller")
    for p in j["pods"]:
        pc = parse_ts(p["metadata"]["creationTimestamp"])
        if pc > b.ago(minutes=58):
            b.event(j["job"], "SuccessfulCreate", "Created pod: %s" % p["metadata"]["name"], "Normal", first=pc, last=pc, component="job-controller")

    def mk(version, with_wait):
        init = [C("wait-for-migration", "registry.redhat.io/openshift4/ose-cli:v4.16", command=["/bin/sh", "-c"],
                  args=["oc wait --for=condition=complete job/policy-migrate-%s --timeout=-1s" % version], req=("10m", "32Mi"))] if with_wait else None
        return T([C("policy-api", "image-registry.openshift-image-registry.svc:5000/policy/policy-api:%s" % version, ports=[("http", 8080)], req=("250m", "512Mi"), lim=(None, "1Gi"),
                    env=[env_val("PGHOST", pg["host"]), env_secret("PGPASSWORD", pg["secret"], "password")], readiness=probe("http", "http", "/q/health/ready"), tmp_policy="FallbackToLogsOnError")],
                 sa="policy-api", init=init)
    r = b.deployment("policy", "policy-api", mk("v42", True), 4, sel={"app.kubernetes.io/name": "policy-api"}, old_tmpl=mk("v41", True), old_pods=3, new_pods=2, rs_created=t + timedelta(seconds=20),
                     revision=42, created=b.ago(days=200), strategy={"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}, "type": "RollingUpdate"})
    r["old_rs"]["spec"]["replicas"] = 3
    for p in r["pods"]:
        b.set_status(p, "init", init_target="wait-for-migration", started=parse_ts(p["metadata"]["creationTimestamp"]) + timedelta(seconds=8))
    b.service("policy", "policy-api", {"app.kubernetes.io/name": "policy-api"}, [("http", 80, "http")], created=b.ago(days=200))
    app(b, "policy", "policy-ui", "image-registry.openshift-image-registry.svc:5000/policy/policy-ui:v41", replicas=2, env=[env_val("API_URL", "http://policy-api.policy.svc")])
    return finish(b, "migration-job-failed-blocks-rollout",
                  "policy-api deploy has been stuck in Init for about an hour, half the pods are gone",
                  "Job", "policy", "policy-migrate-v42",
                  "The new policy-api pods wait in init container wait-for-migration (oc wait --for=condition=complete job/policy-migrate-v42). That Job failed (BackoffLimitExceeded): every attempt ended with 'ERROR: column \"status\" of relation \"policies\" already exists' in 042_add_policy_status.sql. The rollout can never complete until the migration job succeeds: fix/make the migration idempotent and re-run Job policy/policy-migrate-v42.",
                  exclude=("policy",), needs=("events",))


@incident(30, "kubeadm")
def k30(n):
    b = start(n, "kubeadm", nworkers=3, cni="calico", worker_prefix="vm-k8s-w", cp_prefix="vm-k8s-cp", vsphere=True)
    storage_openebs(b)
    storage_nfs(b, default=False)
    ensure_ns(b, "legacy", labels={"team": "crm"})
    t = b.ago(minutes=b.rng.randint(40, 70))
    old_uid = b.uid()
    pv = {"metadata": b.meta("PersistentVolume", "pv-legacy-mysql-data", "", b.ago(days=420), {"app": "legacy-mysql"}, None, None, finalizers=["kubernetes.io/pv-protection"]),
          "spec": {"accessModes": ["ReadWriteOnce"], "capacity": {"storage": "200Gi"},
                   "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": "legacy-mysql-data", "namespace": "legacy", "resourceVersion": str(b.rng.randint(10 ** 6, 10 ** 7)), "uid": old_uid},
                   "mountOptions": ["nfsvers=4.1", "hard"], "nfs": {"path": "/srv/nfs/legacy-mysql", "server": "10.20.0.40"},
                   "persistentVolumeReclaimPolicy": "Retain", "storageClassName": "", "volumeMode": "Filesystem"},
          "status": {"phase": "Released"}}
    if b.minor >= 29:
        pv["status"]["lastPhaseTransitionTime"] = iso(t - timedelta(minutes=3))
    b.add("PersistentVolume", pv)
    pvc = b.pvc("legacy", "legacy-mysql-data", "200Gi", "", created=t, phase="Pending", labels={"app": "legacy-mysql", "app.kubernetes.io/managed-by": "Helm"},
                annotations={"meta.helm.sh/release-name": "legacy-mysql", "meta.helm.sh/release-namespace": "legacy"})
    pvc["spec"]["volumeName"] = "pv-legacy-mysql-data"
    b.helm_release("legacy", "legacy-mysql", "1.4.0", revision=1, created=t - timedelta(seconds=5))
    b.secret("legacy", "legacy-mysql", ["mysql-root-password", "mysql-password"], created=t)
    tm = T([C("mysql", "mysql:5.7.44", ports=[("mysql", 3306)], req=("500m", "2Gi"), lim=(None, "4Gi"), env=[env_secret("MYSQL_ROOT_PASSWORD", "legacy-mysql", "mysql-root-password")],
              readiness=probe("exec", command=["mysqladmin", "ping"], delay=10), mounts=[("data", "/var/lib/mysql")])], volumes=[vol_pvc("data", "legacy-mysql-data")])
    r = b.deployment("legacy", "legacy-mysql", tm, 1, sel={"app": "legacy-mysql"}, created=t, revision=1, strategy={"type": "Recreate"})
    nn = len([x for x in b.node_info])
    make_pending(b, r["pods"][0], PENDING_PVC_MSG % (nn, nn, nn), parse_ts(r["pods"][0]["metadata"]["creationTimestamp"]))
    mins = int((b.snap - t).total_seconds() // 60)
    b.event(pvc, "FailedBinding", 'volume "pv-legacy-mysql-data" already bound to a different claim.', first=t + timedelta(seconds=1), last=b.ago(seconds=b.rng.randint(2, 15)), count=mins * 4, component="persistentvolume-controller")
    b.service("legacy", "legacy-mysql", {"app": "legacy-mysql"}, [("mysql", 3306, "mysql")], created=t)
    ip = b.get("Service", "legacy", "legacy-mysql")["spec"]["clusterIP"]
    crm = app(b, "legacy", "legacy-crm", "harbor.%s/legacy/crm:2017.11" % b.domain, replicas=2, env=[env_val("DB_HOST", "legacy-mysql.legacy.svc.cluster.local"), env_secret("DB_PASSWORD", "legacy-mysql", "mysql-password")],
              created=b.ago(days=400), pod_age=b.ago(days=15))
    for p in crm["pods"]:
        crashloop(b, p, "SQLSTATE[HY000] [2002] Connection refused (legacy-mysql.legacy.svc.cluster.local:3306)", t + timedelta(minutes=1))
    pvc2 = b.pvc("legacy", "crm-uploads", "50Gi", "nfs-client", created=b.ago(days=300))
    pg = db_postgresql(b, "hr", rel="hr-pg", size="30Gi")
    app(b, "hr", "hr-portal", "harbor.%s/hr/portal:5.3.0" % b.domain, replicas=2, env=app_env_pg(pg["host"], pg["secret"], "password", "hr", "hr"))
    return finish(b, "static-pv-released-stale-claimref",
                  "after reinstalling the legacy mysql helm release its pod is stuck Pending and the CRM is down",
                  "PersistentVolume", "", "pv-legacy-mysql-data",
                  "The reinstalled release created PVC legacy/legacy-mysql-data pre-bound (volumeName) to the static NFS PV pv-legacy-mysql-data. The PV has reclaimPolicy Retain and is Released: its claimRef still carries the uid of the deleted old claim, so the binder reports FailedBinding 'already bound to a different claim' and the mysql pod stays Pending. Clear spec.claimRef (or its uid) on the PersistentVolume so it can bind to the new claim.",
                  exclude=("legacy",), needs=("events",))


# ----------------------------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------------------------

def write_all(builds, out=OUT):
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for n, b in sorted(builds.items()):
        b.write(os.path.join(out, b.iid))


def tree_hash(out=OUT):
    h = hashlib.sha256()
    for root, dirs, files in os.walk(out):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            rel = os.path.relpath(p, out)
            h.update(rel.encode() + b"\0")
            with open(p, "rb") as fh:
                h.update(fh.read())
            h.update(b"\0")
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--hash", action="store_true")
    ap.add_argument("--only", type=int, nargs="*")
    ap.add_argument("--table", action="store_true", help="print the README incident table")
    a = ap.parse_args()
    if a.hash:
        print(tree_hash())
        return
    if a.table:
        print("| id | fault | truth (kind/namespace/name) | platform |")
        print("|---|---|---|---|")
        for n, b in sorted(build_all().items()):
            rc = b.truth["root_cause"]
            label = getattr(b, "platform_label", None) or "%s %s" % (PLATFORM_LABEL[b.platform], b.version)
            print("| %s | %s | %s/%s/%s | %s |" % (b.iid, b.truth["fault"], rc["kind"], rc["namespace"], rc["name"], label))
        return
    if a.only:
        for k in list(INCIDENTS):
            if k not in a.only:
                del INCIDENTS[k]
    builds = build_all()
    write_all(builds)
    if not a.check:
        print("wrote %d incidents to %s" % (len(builds), OUT))
        return
    errs = []
    faults, kinds, summary = set(), set(), []
    for n, b in sorted(builds.items()):
        e, info = check_bundle(os.path.join(OUT, b.iid), b.ghosts)
        errs += e
        faults.add(info["fault"])
        kinds.add(info["kind"].lower())
        summary.append((b.iid, info["pods"], info["namespaces"], b.platform))
    h1 = tree_hash()
    if not a.only:
        if len(builds) != 30:
            errs.append("expected 30 incidents, got %d" % len(builds))
        if len(faults) < 20:
            errs.append("only %d fault types" % len(faults))
        if len(kinds) < 12:
            errs.append("only %d root-cause kinds" % len(kinds))
    # rebuild and compare
    for k in list(sys.modules.get(__name__).__dict__.keys()):
        pass
    builds2 = build_all()
    write_all(builds2)
    h2 = tree_hash()
    if h1 != h2:
        errs.append("two builds differ: %s vs %s" % (h1, h2))
    for s in summary:
        print("%s  pods=%3d  namespaces=%2d  %s" % s)
    print("incidents=%d fault_types=%d root_cause_kinds=%d" % (len(builds), len(faults), len(kinds)))
    if errs:
        print("\n".join(errs))
        print("CHECK FAILED (%d problems)" % len(errs))
        sys.exit(1)
    print("hash %s" % h1)
    print("CHECK OK")


if __name__ == "__main__":
    main()

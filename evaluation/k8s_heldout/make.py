#!/usr/bin/env python3
"""Held-out Kubernetes incident snapshots for dbcopilot's k8s root-cause analysis.

Written independently of the project's own incident generator and of the
analysis code: each incident is a realistic cluster (several namespaces, a
database tier, an application tier, platform and monitoring noise, old resolved
warnings) with exactly one injected fault.  Output, one directory per incident:

    incidents/<id>/<plural>.json   what `kubectl get <plural> -A -o json` prints
    incidents/<id>/truth.json      {"kind","namespace","name","fault","symptom"}

Deterministic: every name, uid, IP and timestamp is derived from hashes of the
incident id, so re-running the script produces identical files.

    python evaluation/k8s_heldout/make.py            # writes all 30
"""
import copy
import hashlib
import json
import os
import shutil
import sys
import uuid
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "incidents")
NSU = uuid.UUID("2b7f3c1e-9a4d-4c6b-8e21-5f0a7d9c3b18")
ALPH = "bcdfghjklmnpqrstvwxz2456789"

GROUP = {
    "Namespace": ("v1", "namespaces"), "Node": ("v1", "nodes"), "Pod": ("v1", "pods"),
    "Service": ("v1", "services"), "Endpoints": ("v1", "endpoints"),
    "EndpointSlice": ("discovery.k8s.io/v1", "endpointslices"),
    "ConfigMap": ("v1", "configmaps"), "Secret": ("v1", "secrets"),
    "ServiceAccount": ("v1", "serviceaccounts"),
    "PersistentVolumeClaim": ("v1", "persistentvolumeclaims"),
    "PersistentVolume": ("v1", "persistentvolumes"),
    "StorageClass": ("storage.k8s.io/v1", "storageclasses"),
    "Deployment": ("apps/v1", "deployments"), "ReplicaSet": ("apps/v1", "replicasets"),
    "StatefulSet": ("apps/v1", "statefulsets"), "DaemonSet": ("apps/v1", "daemonsets"),
    "Job": ("batch/v1", "jobs"), "CronJob": ("batch/v1", "cronjobs"),
    "Event": ("v1", "events"),
    "NetworkPolicy": ("networking.k8s.io/v1", "networkpolicies"),
    "ResourceQuota": ("v1", "resourcequotas"), "LimitRange": ("v1", "limitranges"),
    "Ingress": ("networking.k8s.io/v1", "ingresses"),
    "PodDisruptionBudget": ("policy/v1", "poddisruptionbudgets"),
    "postgresql": ("acid.zalan.do/v1", "postgresqls"),
    "Cluster": ("postgresql.cnpg.io/v1", "clusters"),
}


def hsh(s, n):
    d = hashlib.sha256(s.encode()).digest()
    return "".join(ALPH[b % len(ALPH)] for b in d[:n])


def hexh(s, n=64):
    return (hashlib.sha256(s.encode()).hexdigest() * 2)[:n]


def num(s, mod):
    return int(hashlib.sha256(s.encode()).hexdigest()[:8], 16) % mod


def oref(o, controller=True):
    r = {"apiVersion": o["apiVersion"], "kind": o["kind"], "name": o["metadata"]["name"],
         "uid": o["metadata"]["uid"]}
    if controller:
        r["blockOwnerDeletion"] = True
        r["controller"] = True
    return r


def mem_bytes(q):
    units = {"Ki": 1024, "Mi": 1024 ** 2, "Gi": 1024 ** 3, "Ti": 1024 ** 4}
    for u, m in units.items():
        if q.endswith(u):
            return int(float(q[:-2]) * m)
    return int(q)


PLAT = {
    "eks": dict(ver="v1.28.5-eks-5e0fdde", os="Amazon Linux 2", kernel="5.10.209-198.858.amzn2.x86_64",
                rt="containerd://1.7.11", svc="172.20", pod="10.0", itype="m6i.2xlarge", region="eu-west-1",
                zones=["eu-west-1a", "eu-west-1b", "eu-west-1c"], poolkey="eks.amazonaws.com/nodegroup"),
    "gke": dict(ver="v1.29.1-gke.1589018", os="Container-Optimized OS from Google", kernel="6.1.58+",
                rt="containerd://1.7.10", svc="34.118", pod="10.52", itype="e2-standard-8", region="europe-west4",
                zones=["europe-west4-a", "europe-west4-b", "europe-west4-c"], poolkey="cloud.google.com/gke-nodepool"),
    "aks": dict(ver="v1.28.3", os="Ubuntu 22.04.4 LTS", kernel="5.15.0-1057-azure", rt="containerd://1.7.7-1",
                svc="10.0", pod="10.244", itype="Standard_D8s_v5", region="westeurope",
                zones=["westeurope-1", "westeurope-2", "westeurope-3"], poolkey="kubernetes.azure.com/agentpool"),
    "metal": dict(ver="v1.29.2", os="Ubuntu 22.04.3 LTS", kernel="5.15.0-97-generic", rt="containerd://1.6.28",
                  svc="10.96", pod="10.233", itype="", region="dc1", zones=["dc1-row-a", "dc1-row-b"],
                  poolkey="node-pool"),
}


# ----------------------------------------------------------------------------
# snapshot container
# ----------------------------------------------------------------------------
class Snap:
    def __init__(self, iid, now, plat):
        self.iid, self.now, self.plat_name = iid, now, plat
        self.plat = PLAT[plat]
        self.objs = {}
        self.rv = 4000000 + num(iid, 900000)
        self.nodes = []
        self.wls = []
        self.svcs = []
        self.evseq = 0
        self.ipseq = {}
        self.svcips = set()
        self.cluster = "prod-" + hsh(iid, 4)

    # -- basics --
    def ts(self, m=0.0):
        return (self.now - timedelta(minutes=m)).strftime("%Y-%m-%dT%H:%M:%SZ")

    def uid(self, *p):
        return str(uuid.uuid5(NSU, self.iid + "|" + "|".join(p)))

    def nrv(self):
        self.rv += 17
        return str(self.rv)

    def add(self, kind, name, ns=None, labels=None, ann=None, owner=None, age=43200, **body):
        md = {}
        if ann:
            md["annotations"] = dict(ann)
        md["creationTimestamp"] = self.ts(age)
        if labels:
            md["labels"] = dict(labels)
        md["name"] = name
        if ns:
            md["namespace"] = ns
        if owner is not None:
            md["ownerReferences"] = [oref(owner)]
        md["resourceVersion"] = self.nrv()
        md["uid"] = self.uid(kind, ns or "", name)
        o = {"apiVersion": GROUP[kind][0], "kind": kind, "metadata": md}
        o.update(body)
        self.objs.setdefault(kind, []).append(o)
        return o

    def get(self, kind, ns, name):
        for o in self.objs.get(kind, []):
            if o["metadata"]["name"] == name and o["metadata"].get("namespace") == ns:
                return o
        return None

    def remove(self, kind, ns, name):
        self.objs[kind] = [o for o in self.objs.get(kind, [])
                           if not (o["metadata"]["name"] == name and o["metadata"].get("namespace") == ns)]

    def pods(self, ns=None):
        return [p for p in self.objs.get("Pod", []) if ns is None or p["metadata"]["namespace"] == ns]

    def event(self, obj, reason, msg, type="Warning", count=1, first=20.0, last=None, comp="kubelet",
              host=None, field=None):
        md = obj["metadata"]
        if last is None:
            last = first if count == 1 else max(0.2, first / (count + 1))
        self.evseq += 1
        io = {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": md["name"]}
        if md.get("namespace"):
            io["namespace"] = md["namespace"]
        io["resourceVersion"] = md.get("resourceVersion", "")
        io["uid"] = md["uid"]
        if field:
            io["fieldPath"] = field
        if host is None and obj["kind"] == "Pod" and comp == "kubelet":
            host = obj.get("spec", {}).get("nodeName")
        src = {"component": comp}
        if host:
            src["host"] = host
        ev = {"apiVersion": "v1", "kind": "Event",
              "metadata": {"creationTimestamp": self.ts(first),
                           "name": "%s.%s" % (md["name"], hexh(self.iid + str(self.evseq), 16)),
                           "namespace": md.get("namespace") or "default", "resourceVersion": self.nrv(),
                           "uid": self.uid("Event", str(self.evseq))},
              "involvedObject": io, "reason": reason, "message": msg, "source": src,
              "firstTimestamp": self.ts(first), "lastTimestamp": self.ts(last), "count": count,
              "type": type, "eventTime": None, "reportingComponent": comp if comp != "kubelet" else "kubelet",
              "reportingInstance": host or ""}
        self.objs.setdefault("Event", []).append(ev)
        return ev

    def ghost(self, kind, ns, name):
        """a reference to an object that no longer exists (for stale events)"""
        return {"apiVersion": GROUP[kind][0], "kind": kind,
                "metadata": {"name": name, "namespace": ns, "uid": self.uid("ghost", kind, ns, name),
                             "resourceVersion": ""}, "spec": {}}

    # -- ips --
    def pod_ip(self, node):
        k = node["name"]
        self.ipseq[k] = self.ipseq.get(k, 10) + 1
        return "%s.%d.%d" % (self.plat["pod"], node["idx"] + 10 if self.plat["pod"] != "10.0" else 64 + node["idx"],
                             self.ipseq[k])

    def svc_ip(self, ns, name):
        n = num(ns + "/" + name, 65000)
        while n in self.svcips:
            n += 1
        self.svcips.add(n)
        return "%s.%d.%d" % (self.plat["svc"], n // 250 % 250, n % 250 + 2)

    # -- write --
    def write(self, truth):
        d = os.path.join(OUT, self.iid)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        for kind, items in sorted(self.objs.items()):
            plural = GROUP[kind][1]
            with open(os.path.join(d, plural + ".json"), "w") as f:
                json.dump({"apiVersion": "v1", "items": items, "kind": "List",
                           "metadata": {"resourceVersion": ""}}, f, indent=4, sort_keys=False)
                f.write("\n")
        with open(os.path.join(d, "truth.json"), "w") as f:
            json.dump(truth, f, indent=2)
            f.write("\n")
        return len(self.objs.get("Pod", []))


# ----------------------------------------------------------------------------
# containers / pods
# ----------------------------------------------------------------------------
def ctr(name, image, port=None, pname="http", env=None, envfrom=None, cpu="100m", mem="256Mi", lmem=None,
        lcpu=None, ready=None, live=None, mounts=None, extra_ports=None, args=None, command=None):
    c = {"name": name, "image": image, "imagePullPolicy": "IfNotPresent"}
    if command:
        c["command"] = command
    if args:
        c["args"] = args
    if env:
        c["env"] = env
    if envfrom:
        c["envFrom"] = envfrom
    ports = []
    if port:
        ports.append({"containerPort": port, "name": pname, "protocol": "TCP"})
    for p in extra_ports or []:
        ports.append({"containerPort": p[1], "name": p[0], "protocol": "TCP"})
    if ports:
        c["ports"] = ports
    res = {"requests": {"cpu": cpu, "memory": mem}}
    lim = {}
    if lmem:
        lim["memory"] = lmem
    if lcpu:
        lim["cpu"] = lcpu
    if lim:
        res["limits"] = lim
    c["resources"] = res
    if ready:
        c["readinessProbe"] = ready
    if live:
        c["livenessProbe"] = live
    c["terminationMessagePath"] = "/dev/termination-log"
    c["terminationMessagePolicy"] = "File"
    if mounts:
        c["volumeMounts"] = mounts
    return c


def http_probe(path, port="http", delay=10, period=10, timeout=1, fail=3):
    return {"httpGet": {"path": path, "port": port, "scheme": "HTTP"}, "initialDelaySeconds": delay,
            "periodSeconds": period, "timeoutSeconds": timeout, "successThreshold": 1, "failureThreshold": fail}


def exec_probe(cmd, delay=30, period=10, timeout=5, fail=6):
    return {"exec": {"command": cmd}, "initialDelaySeconds": delay, "periodSeconds": period,
            "timeoutSeconds": timeout, "successThreshold": 1, "failureThreshold": fail}


def tcp_probe(port, delay=15, period=10, timeout=1, fail=3):
    return {"tcpSocket": {"port": port}, "initialDelaySeconds": delay, "periodSeconds": period,
            "timeoutSeconds": timeout, "successThreshold": 1, "failureThreshold": fail}


def env(name, value):
    return {"name": name, "value": value}


def env_secret(name, secret, key):
    return {"name": name, "valueFrom": {"secretKeyRef": {"name": secret, "key": key}}}


def env_cm(name, cm, key):
    return {"name": name, "valueFrom": {"configMapKeyRef": {"name": cm, "key": key}}}


def env_field(name, path):
    return {"name": name, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": path}}}


def qos(spec):
    req = lim = False
    guaranteed = True
    for c in spec["containers"]:
        r = c.get("resources", {})
        if r.get("requests"):
            req = True
        if r.get("limits"):
            lim = True
        rq, lm = r.get("requests", {}), r.get("limits", {})
        if not lm or any(lm.get(k) != rq.get(k, lm.get(k)) for k in ("cpu", "memory")) or \
                set(lm) != {"cpu", "memory"}:
            guaranteed = False
    if guaranteed and lim:
        return "Guaranteed"
    return "Burstable" if (req or lim) else "BestEffort"


def image_id(img):
    repo = img.rsplit(":", 1)[0] if ":" in img.split("/")[-1] else img
    return "%s@sha256:%s" % (repo, hexh("img" + img))


def cstat(s, c, start_m):
    return {"containerID": "containerd://" + hexh(s.iid + c["name"] + str(start_m) + c["image"] + str(s.evseq)),
            "image": c["image"], "imageID": image_id(c["image"]), "lastState": {}, "name": c["name"],
            "ready": True, "restartCount": 0, "started": True,
            "state": {"running": {"startedAt": s.ts(start_m)}}}


def cond(t, status, at, reason=None, msg=None):
    c = {"lastProbeTime": None, "lastTransitionTime": at, "status": status, "type": t}
    if reason:
        c["reason"] = reason
    if msg:
        c["message"] = msg
    return c


def cs_of(pod, cname):
    for c in pod["status"].get("containerStatuses", []):
        if c["name"] == cname:
            return c
    raise KeyError(cname)


def pod_not_ready(s, pod, at=None):
    bad = [c["name"] for c in pod["status"].get("containerStatuses", []) if not c["ready"]]
    msg = "containers with unready status: [%s]" % " ".join(bad)
    at = at if at is not None else 5
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c.update(status="False", reason="ContainersNotReady", message=msg, lastTransitionTime=s.ts(at))


def is_ready(p):
    return any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"].get("conditions", []))


def is_term(p):
    return "deletionTimestamp" in p["metadata"]


def set_waiting(s, pod, cname, reason, msg, at=10):
    cs = cs_of(pod, cname)
    cs.update(ready=False, started=False, restartCount=0, lastState={},
              state={"waiting": {"reason": reason, "message": msg} if msg else {"reason": reason}})
    cs.pop("containerID", None)
    cs["imageID"] = ""
    pod_not_ready(s, pod, at)


def set_crashloop(s, pod, cname, restarts, term_reason, exit_code, msg=None, last_start=6.0, last_end=5.5,
                  backoff="5m0s"):
    cs = cs_of(pod, cname)
    term = {"containerID": "containerd://" + hexh(pod["metadata"]["name"] + "dead"), "exitCode": exit_code,
            "finishedAt": s.ts(last_end), "reason": term_reason, "startedAt": s.ts(last_start)}
    if msg:
        term["message"] = msg
    cs.update(ready=False, started=False, restartCount=restarts, lastState={"terminated": term},
              state={"waiting": {"message": "back-off %s restarting failed container=%s pod=%s_%s(%s)" % (
                  backoff, cname, pod["metadata"]["name"], pod["metadata"]["namespace"], pod["metadata"]["uid"]),
                  "reason": "CrashLoopBackOff"}})
    pod_not_ready(s, pod, last_end)


def set_pending(s, pod, msg, age, count=None, reason="Unschedulable"):
    pod["spec"].pop("nodeName", None)
    q = pod["status"]["qosClass"]
    pod["status"] = {"conditions": [cond("PodScheduled", "False", s.ts(age), reason, msg)], "phase": "Pending",
                     "qosClass": q}


def set_restarted_ok(s, pod, cname, restarts, reason, code, ended_m, msg=None):
    """running now, but restarted in the past (resolved noise)"""
    cs = cs_of(pod, cname)
    t = {"containerID": "containerd://" + hexh(pod["metadata"]["name"] + "old"), "exitCode": code,
         "finishedAt": s.ts(ended_m), "reason": reason, "startedAt": s.ts(ended_m + 600)}
    if msg:
        t["message"] = msg
    cs["restartCount"] = restarts
    cs["lastState"] = {"terminated": t}
    cs["state"] = {"running": {"startedAt": s.ts(ended_m - 0.2)}}


# ----------------------------------------------------------------------------
# nodes
# ----------------------------------------------------------------------------
def node_name(s, pool, i):
    p = s.plat_name
    if p == "eks":
        a, b = 16 + num(s.iid + pool + str(i), 100), 10 + num(pool + str(i) + s.iid, 240)
        return "ip-10-0-%d-%d.%s.compute.internal" % (a, b, s.plat["region"])
    if p == "gke":
        return "gke-%s-%s-%s-%s" % (s.cluster, pool, hexh(s.iid + pool, 8), hsh(s.iid + pool + str(i), 4))
    if p == "aks":
        return "aks-%s-%d-vmss%06d" % (pool, 10000000 + num(s.iid + pool, 89999999), i)
    return "%s-%02d" % (pool, i + 1)


def add_node(s, pool, i, cpu, mem_gi, taints=None, extra_labels=None, age_days=45, cp=False):
    name = node_name(s, pool, i)
    idx = len(s.nodes)
    zone = s.plat["zones"][i % len(s.plat["zones"])]
    ip = "10.%d.%d.%d" % (0 if s.plat_name != "metal" else 20, 16 + idx * 3 % 200, 20 + num(name, 200))
    labels = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux",
              "kubernetes.io/arch": "amd64", "kubernetes.io/hostname": name, "kubernetes.io/os": "linux",
              "topology.kubernetes.io/region": s.plat["region"], "topology.kubernetes.io/zone": zone}
    if s.plat["itype"]:
        labels["node.kubernetes.io/instance-type"] = s.plat["itype"] if cpu == 8 else {
            "eks": "r6i.%dxlarge" % (cpu // 4), "gke": "n2-highmem-%d" % cpu,
            "aks": "Standard_E%ds_v5" % cpu}[s.plat_name]
    labels[s.plat["poolkey"]] = pool
    if s.plat_name == "aks":
        labels["agentpool"] = pool
    if cp:
        labels["node-role.kubernetes.io/control-plane"] = ""
    labels.update(extra_labels or {})
    kib = mem_gi * 1024 * 1024 - 3 * 1024 * 64
    spec = {}
    if s.plat_name == "eks":
        spec["providerID"] = "aws:///%s/i-0%s" % (zone, hexh(name, 16))
    elif s.plat_name == "gke":
        spec["providerID"] = "gce://acme-prod/%s/%s" % (zone, name)
        spec["podCIDR"] = "%s.%d.0/24" % (s.plat["pod"], idx)
    elif s.plat_name == "aks":
        spec["providerID"] = "azure:///subscriptions/%s/resourceGroups/mc_rg-prod/providers/Microsoft.Compute/virtualMachineScaleSets/aks-%s/virtualMachines/%d" % (
            s.uid("sub"), pool, i)
        spec["podCIDR"] = "%s.%d.0/24" % (s.plat["pod"], idx)
    else:
        spec["podCIDR"] = "%s.%d.0/24" % (s.plat["pod"], idx)
    if taints:
        spec["taints"] = taints
    hb = s.ts(0.4)
    born = s.ts(age_days * 1440)
    status = {
        "addresses": [{"address": ip, "type": "InternalIP"}, {"address": name, "type": "Hostname"}],
        "allocatable": {"cpu": "%dm" % (cpu * 1000 - 90 - cpu * 10), "ephemeral-storage": "95551679124",
                        "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": "%dKi" % (kib - 800 * 1024),
                        "pods": "110" if s.plat_name != "eks" else "58"},
        "capacity": {"cpu": str(cpu), "ephemeral-storage": "104845292Ki", "hugepages-1Gi": "0",
                     "hugepages-2Mi": "0", "memory": "%dKi" % kib, "pods": "110" if s.plat_name != "eks" else "58"},
        "conditions": [
            {"lastHeartbeatTime": hb, "lastTransitionTime": born, "message": "kubelet has sufficient memory available",
             "reason": "KubeletHasSufficientMemory", "status": "False", "type": "MemoryPressure"},
            {"lastHeartbeatTime": hb, "lastTransitionTime": born, "message": "kubelet has no disk pressure",
             "reason": "KubeletHasNoDiskPressure", "status": "False", "type": "DiskPressure"},
            {"lastHeartbeatTime": hb, "lastTransitionTime": born, "message": "kubelet has sufficient PID available",
             "reason": "KubeletHasSufficientPID", "status": "False", "type": "PIDPressure"},
            {"lastHeartbeatTime": hb, "lastTransitionTime": s.ts(age_days * 1440 - 1),
             "message": "kubelet is posting ready status", "reason": "KubeletReady", "status": "True",
             "type": "Ready"}],
        "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
        "nodeInfo": {"architecture": "amd64", "bootID": s.uid("boot", name), "containerRuntimeVersion": s.plat["rt"],
                     "kernelVersion": s.plat["kernel"], "kubeProxyVersion": s.plat["ver"],
                     "kubeletVersion": s.plat["ver"], "machineID": hexh(name, 32), "operatingSystem": "linux",
                     "osImage": s.plat["os"], "systemUUID": s.uid("sys", name)},
    }
    ann = {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
    o = s.add("Node", name, labels=labels, ann=ann, age=age_days * 1440, spec=spec, status=status)
    rec = {"name": name, "idx": idx, "ip": ip, "pool": pool, "taints": taints or [], "obj": o, "ready": True,
           "cpu": cpu, "mem": mem_gi, "labels": labels}
    s.nodes.append(rec)
    return rec


def tolerates(tols, taint):
    for t in tols or []:
        if t.get("operator") == "Exists" and not t.get("key"):
            return True
        if t.get("key") != taint["key"]:
            continue
        if t.get("effect") and t["effect"] != taint["effect"]:
            continue
        if t.get("operator") == "Exists" or t.get("value") == taint.get("value"):
            return True
    return False


def eligible(s, pool=None, tols=None, nsel=None):
    out = []
    for n in s.nodes:
        if pool and n["pool"] != pool:
            continue
        if nsel and any(n["labels"].get(k) != v for k, v in nsel.items()):
            continue
        if any(t["effect"] in ("NoSchedule", "NoExecute") and not tolerates(tols, t) for t in n["taints"]):
            continue
        out.append(n)
    return out


DEFAULT_TOLS = [{"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists",
                 "tolerationSeconds": 300},
                {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists",
                 "tolerationSeconds": 300}]
DS_TOLS = [{"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists"},
           {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists"},
           {"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "operator": "Exists"},
           {"effect": "NoSchedule", "key": "node.kubernetes.io/memory-pressure", "operator": "Exists"},
           {"effect": "NoSchedule", "key": "node.kubernetes.io/pid-pressure", "operator": "Exists"},
           {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "operator": "Exists"}]


# ----------------------------------------------------------------------------
# workloads
# ----------------------------------------------------------------------------
class WL:
    """Deployment (+ReplicaSet), StatefulSet, DaemonSet or operator-owned pods, materialised at once."""

    def __init__(self, s, kind, ns, name, replicas, containers, sel=None, plabels=None, labels=None, sa=None,
                 pool=None, nsel=None, tols=None, claims=None, volumes=None, owner=None, age=20 * 1440,
                 pod_age=None, init=None, rev=3, strategy=None, tpl_ann=None, ann=None, image_pull=None,
                 affinity=None, service_name=None, all_tols=False, pod_owner=None, pull_policy=None):
        self.s, self.kind, self.ns, self.name, self.replicas = s, kind, ns, name, replicas
        self.sel = sel or {"app.kubernetes.io/name": name}
        self.pods = []
        self.rs = []
        self.stuck = None
        self.replica_failure = None
        self.strategy = strategy
        pod_age = pod_age if pod_age is not None else min(age, 1440 * (1 + num(ns + name, 9)) + num(name, 600))
        labels = labels if labels is not None else dict(self.sel)
        plab = dict(self.sel)
        plab.update(plabels or {})
        tpl = {"containers": containers, "dnsPolicy": "ClusterFirst", "restartPolicy": "Always",
               "schedulerName": "default-scheduler", "securityContext": {},
               "terminationGracePeriodSeconds": 30}
        if init:
            tpl["initContainers"] = init
        if sa:
            tpl["serviceAccountName"] = sa
            tpl["serviceAccount"] = sa
        if image_pull:
            tpl["imagePullSecrets"] = [{"name": n} for n in image_pull]
        if pool:
            tpl["nodeSelector"] = {s.plat["poolkey"]: pool}
        if nsel:
            tpl.setdefault("nodeSelector", {}).update(nsel)
        if tols:
            tpl["tolerations"] = copy.deepcopy(tols)
        if affinity:
            tpl["affinity"] = affinity
        vols = list(volumes or [])
        self.claims = claims or []
        if kind != "StatefulSet":
            for cname, _, _ in self.claims:
                pass
        tpl["volumes"] = vols
        self.tpl = tpl
        self.tpl_meta = {"labels": plab}
        if tpl_ann:
            self.tpl_meta["annotations"] = tpl_ann
        self.ctrl = None
        node_tols = (tols or []) + (DS_TOLS if kind == "DaemonSet" else [])
        if all_tols:
            node_tols = [{"operator": "Exists"}]
        nodes = eligible(s, pool, node_tols, nsel)
        if not nodes:
            nodes = s.nodes
        off = num(ns + name, len(nodes))
        self.nodes = nodes

        if kind == "Deployment":
            dann = {"deployment.kubernetes.io/revision": str(rev)}
            dann.update(ann or {})
            strat = strategy or {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"},
                                 "type": "RollingUpdate"}
            self.ctrl = s.add("Deployment", name, ns, labels=labels, ann=dann, age=age,
                              spec={"progressDeadlineSeconds": 600, "replicas": replicas,
                                    "revisionHistoryLimit": 10, "selector": {"matchLabels": dict(self.sel)},
                                    "strategy": strat,
                                    "template": {"metadata": copy.deepcopy(self.tpl_meta), "spec": copy.deepcopy(tpl)}},
                              status={})
            self.ctrl["metadata"]["generation"] = rev + num(name, 3)
            rsobj = self.add_rs(tpl, replicas, rev, pod_age)
            for i in range(replicas):
                self.add_pod(rsobj, "%s-%s" % (rsobj["metadata"]["name"], hsh(ns + name + str(i) + str(rev), 5)),
                             nodes[(off + i) % len(nodes)], pod_age - i * 0.7, rs_hash=rsobj["_hash"])
        elif kind == "StatefulSet":
            rh = hsh(ns + name + "rev", 10)
            self.rev_hash = "%s-%s" % (name, rh)
            vct = []
            for cname, size, sc in self.claims:
                vct.append({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                            "metadata": {"creationTimestamp": None, "name": cname},
                            "spec": {"accessModes": ["ReadWriteOnce"],
                                     "resources": {"requests": {"storage": size}},
                                     "storageClassName": sc, "volumeMode": "Filesystem"},
                            "status": {"phase": "Pending"}})
            spec = {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Retain", "whenScaled": "Retain"},
                    "podManagementPolicy": "OrderedReady" if not ann or "parallel" not in ann else "Parallel",
                    "replicas": replicas, "revisionHistoryLimit": 10,
                    "selector": {"matchLabels": dict(self.sel)}, "serviceName": service_name or name,
                    "template": {"metadata": copy.deepcopy(self.tpl_meta), "spec": copy.deepcopy(tpl)},
                    "updateStrategy": {"rollingUpdate": {"partition": 0}, "type": "RollingUpdate"}}
            if vct:
                spec["volumeClaimTemplates"] = vct
            self.ctrl = s.add("StatefulSet", name, ns, labels=labels, owner=owner, ann=ann, age=age, spec=spec,
                              status={})
            self.ctrl["metadata"]["generation"] = 1 + num(name, 4)
            for i in range(replicas):
                self.pvcs_for(i, age)
                self.add_pod(self.ctrl, "%s-%d" % (name, i), nodes[(off + i) % len(nodes)], pod_age - i * 1.5,
                             ordinal=i)
        elif kind == "DaemonSet":
            self.ctrl = s.add("DaemonSet", name, ns, labels=labels, age=age,
                              spec={"revisionHistoryLimit": 10, "selector": {"matchLabels": dict(self.sel)},
                                    "template": {"metadata": copy.deepcopy(self.tpl_meta), "spec": copy.deepcopy(tpl)},
                                    "updateStrategy": {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1},
                                                       "type": "RollingUpdate"}}, status={})
            self.ctrl["metadata"]["generation"] = 1 + num(name, 5)
            self.rev_hash = hsh(ns + name, 10)
            for n in nodes:
                self.add_pod(self.ctrl, "%s-%s" % (name, hsh(name + n["name"], 5)), n,
                             min(pod_age, 1440 * 30), ds_node=n)
            self.replicas = len(nodes)
        elif kind == "Owned":  # operator-managed pods (CloudNativePG), owner given
            self.ctrl = owner
            for i in range(replicas):
                self.add_pod(owner, "%s-%d" % (name, i + 1), nodes[(off + i) % len(nodes)], pod_age - i * 2,
                             ordinal=i + 1)
        s.wls.append(self)

    def add_rs(self, tpl, replicas, rev, age):
        s = self.s
        h = hsh(self.ns + self.name + json.dumps(tpl, sort_keys=True)[:4000] + str(rev), 10)
        lab = dict(self.tpl_meta["labels"])
        lab["pod-template-hash"] = h
        sel = dict(self.sel)
        sel["pod-template-hash"] = h
        tm = copy.deepcopy(self.tpl_meta)
        tm["labels"]["pod-template-hash"] = h
        rs = s.add("ReplicaSet", "%s-%s" % (self.name, h), self.ns, labels=lab, owner=self.ctrl, age=age,
                   ann={"deployment.kubernetes.io/desired-replicas": str(self.replicas),
                        "deployment.kubernetes.io/max-replicas": str(self.replicas + max(1, self.replicas // 4)),
                        "deployment.kubernetes.io/revision": str(rev)},
                   spec={"replicas": replicas, "selector": {"matchLabels": sel},
                         "template": {"metadata": tm, "spec": copy.deepcopy(tpl)}}, status={})
        rs["metadata"]["generation"] = 1
        rs["_hash"] = h
        self.rs.append(rs)
        return rs

    def pvcs_for(self, i, age):
        for cname, size, sc in self.claims:
            pvc_pv(self.s, self.ns, "%s-%s-%d" % (cname, self.name, i), size, sc,
                   labels=dict(self.sel), age=age - i * 2)

    def add_pod(self, owner, pname, node, age, rs_hash=None, ordinal=None, ds_node=None, tpl=None):
        s = self.s
        spec = copy.deepcopy(tpl or self.tpl)
        lab = dict(self.tpl_meta["labels"])
        if rs_hash:
            lab["pod-template-hash"] = rs_hash
        if self.kind == "StatefulSet":
            lab["controller-revision-hash"] = self.rev_hash
            lab["statefulset.kubernetes.io/pod-name"] = pname
            lab["apps.kubernetes.io/pod-index"] = str(ordinal)
            spec["hostname"] = pname
            spec["subdomain"] = self.ctrl["spec"]["serviceName"]
            for cname, _, _ in self.claims:
                spec["volumes"].insert(0, {"name": cname, "persistentVolumeClaim": {
                    "claimName": "%s-%s-%d" % (cname, self.name, ordinal)}})
        if self.kind == "DaemonSet":
            lab["controller-revision-hash"] = self.rev_hash
            lab["pod-template-generation"] = str(self.ctrl["metadata"]["generation"])
            spec["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In",
                                                        "values": [ds_node["name"]]}]}]}}}
            spec["tolerations"] = spec.get("tolerations", []) + copy.deepcopy(DS_TOLS)
        else:
            spec["tolerations"] = spec.get("tolerations", []) + copy.deepcopy(DEFAULT_TOLS)
        spec["nodeName"] = node["name"]
        spec["enableServiceLinks"] = True
        spec["preemptionPolicy"] = "PreemptLowerPriority"
        spec["priority"] = 0 if self.ns not in ("kube-system",) else 2000001000
        if self.ns == "kube-system":
            spec["priorityClassName"] = "system-node-critical" if self.kind == "DaemonSet" else \
                "system-cluster-critical"
        spec.setdefault("serviceAccountName", "default")
        spec.setdefault("serviceAccount", spec["serviceAccountName"])
        tok = "kube-api-access-" + hsh(pname, 5)
        spec["volumes"].append({"name": tok, "projected": {"defaultMode": 420, "sources": [
            {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
            {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
            {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"},
                                        "path": "namespace"}]}}]}})
        for c in spec["containers"] + spec.get("initContainers", []):
            c.setdefault("volumeMounts", []).append(
                {"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": tok, "readOnly": True})
        ip = s.pod_ip(node)
        st = s.ts(age)
        started = s.ts(age - 0.3)
        status = {"conditions": [cond("PodReadyToStartContainers", "True", started), cond("Initialized", "True", started),
                                 cond("Ready", "True", s.ts(age - 0.6)),
                                 cond("ContainersReady", "True", s.ts(age - 0.6)),
                                 cond("PodScheduled", "True", st)],
                  "containerStatuses": [cstat(s, c, age - 0.3) for c in spec["containers"]],
                  "hostIP": node["ip"], "hostIPs": [{"ip": node["ip"]}], "phase": "Running", "podIP": ip,
                  "podIPs": [{"ip": ip}], "qosClass": qos(spec), "startTime": st}
        if spec.get("initContainers"):
            status["initContainerStatuses"] = []
            for c in spec["initContainers"]:
                x = cstat(s, c, age - 0.1)
                x.update(ready=True, started=False, state={"terminated": {
                    "containerID": x["containerID"], "exitCode": 0, "finishedAt": s.ts(age - 0.25),
                    "reason": "Completed", "startedAt": s.ts(age - 0.1)}})
                status["initContainerStatuses"].append(x)
        pod = s.add("Pod", pname, self.ns, labels=lab, owner=owner, age=age, spec=spec, status=status)
        md = pod["metadata"]
        if self.kind in ("Deployment", "DaemonSet"):
            md["generateName"] = pname[:-5]
        elif self.kind == "StatefulSet":
            md["generateName"] = self.name + "-"
        if self.tpl_meta.get("annotations"):
            md["annotations"] = dict(self.tpl_meta["annotations"])
        # keep metadata keys in a kubectl-like order
        pod["metadata"] = {k: md[k] for k in sorted(md)}
        self.pods.append(pod)
        return pod

    # -- patching helpers for faults --
    def templates(self):
        out = [self.tpl]
        if self.ctrl is not None and "template" in self.ctrl.get("spec", {}):
            out.append(self.ctrl["spec"]["template"]["spec"])
        for rs in self.rs:
            out.append(rs["spec"]["template"]["spec"])
        return out

    def patch(self, fn, pods=True):
        """apply fn(podspec) to the workload template(s) and, by default, the pods"""
        for t in self.templates():
            fn(t)
        if pods:
            for p in self.pods:
                fn(p["spec"])

    def rollout(self, fn_new, new_count, age=25, rev_bump=1, old_keep=None):
        """Current pods become the old ReplicaSet; a new ReplicaSet with fn_new applied gets new_count pods."""
        s = self.s
        old_rs = self.rs[-1]
        old_keep = len(self.pods) if old_keep is None else old_keep
        drop = self.pods[old_keep:]
        self.pods = self.pods[:old_keep]
        for p in drop:
            s.objs["Pod"].remove(p)
        old_rs["spec"]["replicas"] = old_keep
        old_rs["metadata"]["annotations"]["deployment.kubernetes.io/revision"] = str(
            int(old_rs["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
        newtpl = copy.deepcopy(self.tpl)
        fn_new(newtpl)
        rev = int(self.ctrl["metadata"]["annotations"]["deployment.kubernetes.io/revision"]) + rev_bump
        self.ctrl["metadata"]["annotations"]["deployment.kubernetes.io/revision"] = str(rev)
        self.ctrl["metadata"]["generation"] += 1
        self.ctrl["spec"]["template"]["spec"] = copy.deepcopy(newtpl)
        self.tpl = newtpl
        rs = self.add_rs(newtpl, new_count, rev, age)
        rs["metadata"]["creationTimestamp"] = s.ts(age)
        new = []
        for i in range(new_count):
            node = self.nodes[(num(self.name, 7) + i + 1) % len(self.nodes)]
            new.append(self.add_pod(rs, "%s-%s" % (rs["metadata"]["name"], hsh(self.name + "new" + str(i), 5)),
                                    node, age - i * 0.5, rs_hash=rs["_hash"]))
        return new

    # -- status --
    def finalize(self):
        s = self.s
        live = [p for p in self.pods if not is_term(p) and p["status"].get("phase") not in ("Failed", "Succeeded")]
        ready = [p for p in live if is_ready(p)]
        if self.kind == "Deployment":
            for rs in self.rs:
                mine = [p for p in live if p["metadata"]["ownerReferences"][0]["uid"] == rs["metadata"]["uid"]]
                rdy = [p for p in mine if is_ready(p)]
                st = {"availableReplicas": len(rdy), "fullyLabeledReplicas": len(mine),
                      "observedGeneration": 1, "readyReplicas": len(rdy), "replicas": len(mine)}
                if not rdy:
                    st.pop("availableReplicas")
                    st.pop("readyReplicas")
                if not mine:
                    st.pop("fullyLabeledReplicas")
                if rs is self.rs[-1] and self.replica_failure:
                    st["conditions"] = [{"lastTransitionTime": s.ts(self.replica_failure[1]),
                                         "message": self.replica_failure[0], "reason": "FailedCreate",
                                         "status": "True", "type": "ReplicaFailure"}]
                rs["status"] = st
            newrs = self.rs[-1]
            new_live = [p for p in live if p["metadata"]["ownerReferences"][0]["uid"] == newrs["metadata"]["uid"]]
            want = self.ctrl["spec"]["replicas"]
            maxu = want // 4 if not self.strategy else 0
            st = {"observedGeneration": self.ctrl["metadata"]["generation"], "replicas": len(live),
                  "updatedReplicas": len(new_live)}
            if ready:
                st["readyReplicas"] = len(ready)
                st["availableReplicas"] = len(ready)
            if want - len(ready) > 0:
                st["unavailableReplicas"] = want - len(ready)
            conds = []
            avail = len(ready) >= want - maxu and (want == 0 or ready)
            conds.append({"lastTransitionTime": s.ts(30 if not avail else 9000),
                          "lastUpdateTime": s.ts(30 if not avail else 9000),
                          "message": "Deployment has minimum availability." if avail else
                          "Deployment does not have minimum availability.",
                          "reason": "MinimumReplicasAvailable" if avail else "MinimumReplicasUnavailable",
                          "status": "True" if avail else "False", "type": "Available"})
            rsn = newrs["metadata"]["name"]
            if self.stuck:
                conds.append({"lastTransitionTime": s.ts(self.stuck), "lastUpdateTime": s.ts(self.stuck),
                              "message": 'ReplicaSet "%s" has timed out progressing.' % rsn,
                              "reason": "ProgressDeadlineExceeded", "status": "False", "type": "Progressing"})
            elif len(new_live) == want and all(is_ready(p) for p in new_live):
                conds.append({"lastTransitionTime": s.ts(20000), "lastUpdateTime": s.ts(9000),
                              "message": 'ReplicaSet "%s" has successfully progressed.' % rsn,
                              "reason": "NewReplicaSetAvailable", "status": "True", "type": "Progressing"})
            else:
                conds.append({"lastTransitionTime": s.ts(20), "lastUpdateTime": s.ts(2),
                              "message": 'ReplicaSet "%s" is progressing.' % rsn,
                              "reason": "ReplicaSetUpdated", "status": "True", "type": "Progressing"})
            if self.replica_failure:
                conds.append({"lastTransitionTime": s.ts(self.replica_failure[1]),
                              "lastUpdateTime": s.ts(self.replica_failure[1]),
                              "message": self.replica_failure[0], "reason": "FailedCreate", "status": "True",
                              "type": "ReplicaFailure"})
            st["conditions"] = conds
            self.ctrl["status"] = st
        elif self.kind == "StatefulSet":
            allp = [p for p in self.pods if p["status"].get("phase") not in ("Failed", "Succeeded")]
            st = {"availableReplicas": len(ready), "collisionCount": 0, "currentReplicas": len(allp),
                  "currentRevision": self.rev_hash, "observedGeneration": self.ctrl["metadata"]["generation"],
                  "replicas": len(allp), "updateRevision": self.rev_hash, "updatedReplicas": len(allp)}
            if ready:
                st["readyReplicas"] = len(ready)
            self.ctrl["status"] = st
        elif self.kind == "DaemonSet":
            n = len(self.pods)
            st = {"currentNumberScheduled": n, "desiredNumberScheduled": n, "numberAvailable": len(ready),
                  "numberMisscheduled": 0, "numberReady": len(ready),
                  "observedGeneration": self.ctrl["metadata"]["generation"], "updatedNumberScheduled": n}
            if n - len(ready):
                st["numberUnavailable"] = n - len(ready)
            self.ctrl["status"] = st


# ----------------------------------------------------------------------------
# storage / config / services
# ----------------------------------------------------------------------------
def storage_class(s, name, prov, default=False, binding="WaitForFirstConsumer", params=None, expand=True,
                  age=300 * 1440):
    ann = {}
    if default:
        ann["storageclass.kubernetes.io/is-default-class"] = "true"
    body = {"provisioner": prov, "reclaimPolicy": "Delete", "volumeBindingMode": binding}
    if params:
        body["parameters"] = params
    if expand:
        body["allowVolumeExpansion"] = True
    return s.add("StorageClass", name, ann=ann or None, age=age, **body)


PROVISIONER = {}


def pvc_pv(s, ns, name, size, sc, labels=None, age=14400, owner=None, bound=True, node=None):
    prov = PROVISIONER.get((s.iid, sc), "kubernetes.io/no-provisioner")
    ann = {"pv.kubernetes.io/bind-completed": "yes", "pv.kubernetes.io/bound-by-controller": "yes",
           "volume.beta.kubernetes.io/storage-provisioner": prov, "volume.kubernetes.io/storage-provisioner": prov}
    pvname = "pvc-" + s.uid("PersistentVolumeClaim", ns, name)
    spec = {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}},
            "storageClassName": sc, "volumeMode": "Filesystem"}
    if bound:
        spec["volumeName"] = pvname
        status = {"accessModes": ["ReadWriteOnce"], "capacity": {"storage": size}, "phase": "Bound"}
    else:
        status = {"phase": "Pending"}
        for k in ("pv.kubernetes.io/bind-completed", "pv.kubernetes.io/bound-by-controller"):
            ann.pop(k)
    pvc = s.add("PersistentVolumeClaim", name, ns, labels=labels, ann=ann, owner=owner, age=age, spec=spec,
                status=status)
    pvc["metadata"]["finalizers"] = ["kubernetes.io/pvc-protection"]
    if bound:
        pv_for(s, pvc, pvname, prov, age)
    return pvc


def pv_for(s, pvc, pvname, prov, age, claim=None):
    md = pvc["metadata"]
    size = pvc["spec"]["resources"]["requests"]["storage"]
    src = {"csi": {"driver": prov, "fsType": "ext4", "volumeHandle": {
        "ebs.csi.aws.com": "vol-0" + hexh(pvname, 16),
        "pd.csi.storage.gke.io": "projects/acme-prod/zones/europe-west4-a/disks/" + pvname,
        "disk.csi.azure.com": "/subscriptions/x/resourceGroups/mc_rg-prod/providers/Microsoft.Compute/disks/" + pvname,
    }.get(prov, pvname)}}
    if prov == "rancher.io/local-path":
        src = {"hostPath": {"path": "/opt/local-path-provisioner/%s_%s_%s" % (pvname, md["namespace"], md["name"]),
                            "type": "DirectoryOrCreate"}}
    pv = s.add("PersistentVolume", pvname, ann={"pv.kubernetes.io/provisioned-by": prov,
                                                "volume.kubernetes.io/provisioner-deletion-secret-name": "",
                                                "volume.kubernetes.io/provisioner-deletion-secret-namespace": ""},
               age=age - 0.2,
               spec=dict({"accessModes": ["ReadWriteOnce"], "capacity": {"storage": size},
                          "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": md["name"],
                                       "namespace": md["namespace"], "resourceVersion": md["resourceVersion"],
                                       "uid": md["uid"]},
                          "persistentVolumeReclaimPolicy": "Delete",
                          "storageClassName": pvc["spec"]["storageClassName"], "volumeMode": "Filesystem"}, **src),
               status={"lastPhaseTransitionTime": s.ts(age - 0.2), "phase": "Bound"})
    pv["metadata"]["finalizers"] = ["kubernetes.io/pv-protection"]
    return pv


def secret(s, ns, name, keys, typ="Opaque", labels=None, owner=None, age=40000, ann=None):
    return s.add("Secret", name, ns, labels=labels, owner=owner, age=age, ann=ann,
                 data={k: "" for k in keys}, type=typ)


def configmap(s, ns, name, data, labels=None, owner=None, age=40000, ann=None):
    return s.add("ConfigMap", name, ns, labels=labels, owner=owner, age=age, ann=ann, data=data)


def service(s, ns, name, selector, ports, typ="ClusterIP", labels=None, headless=False, ep_selector=None,
            age=40000, ann=None, owner=None, publish_not_ready=False):
    """ports: list of (name, port, targetPort[, protocol])"""
    ip = "None" if headless else s.svc_ip(ns, name)
    pl = []
    for p in ports:
        d = {"name": p[0], "port": p[1], "protocol": p[3] if len(p) > 3 else "TCP", "targetPort": p[2]}
        if typ == "LoadBalancer":
            d["nodePort"] = 30000 + num(ns + name + p[0], 2700)
        pl.append(d)
    spec = {"clusterIP": ip, "clusterIPs": [ip], "internalTrafficPolicy": "Cluster", "ipFamilies": ["IPv4"],
            "ipFamilyPolicy": "SingleStack", "ports": pl, "sessionAffinity": "None", "type": typ}
    if selector:
        spec["selector"] = dict(selector)
    if publish_not_ready:
        spec["publishNotReadyAddresses"] = True
    status = {"loadBalancer": {}}
    if typ == "LoadBalancer":
        spec["externalTrafficPolicy"] = "Cluster"
        status = {"loadBalancer": {"ingress": [{"hostname": "a%s-%d.elb.eu-west-1.amazonaws.com" % (
            hexh(ns + name, 32), num(name, 999999999))} if s.plat_name == "eks" else
            {"ip": "20.%d.%d.%d" % (num(name, 250), num(ns, 250), num(s.iid, 250)), "ipMode": "VIP"}]}}
    o = s.add("Service", name, ns, labels=labels, age=age, ann=ann, owner=owner, spec=spec, status=status)
    s.svcs.append({"obj": o, "selector": selector or ep_selector, "managed": bool(selector)})
    return o


def finalize_endpoints(s):
    for rec in s.svcs:
        svc = rec["obj"]
        sel = rec["selector"]
        if not sel:
            continue
        ns, name = svc["metadata"]["namespace"], svc["metadata"]["name"]
        pnr = svc["spec"].get("publishNotReadyAddresses")
        addrs, notready, sl_eps = [], [], []
        ports = None
        for p in s.pods(ns):
            lab = p["metadata"].get("labels", {})
            if any(lab.get(k) != v for k, v in sel.items()) or not p["status"].get("podIP"):
                continue
            if p["status"]["phase"] in ("Failed", "Succeeded"):
                continue
            resolved = []
            ok = True
            for sp in svc["spec"]["ports"]:
                tp = sp["targetPort"]
                if isinstance(tp, str):
                    found = [cp["containerPort"] for c in p["spec"]["containers"] for cp in c.get("ports", [])
                             if cp.get("name") == tp]
                    if not found:
                        ok = False
                        break
                    tp = found[0]
                d = {"port": tp, "protocol": sp["protocol"]}
                if sp.get("name"):
                    d = {"name": sp["name"], "port": tp, "protocol": sp["protocol"]}
                resolved.append(d)
            if not ok:
                continue
            ports = resolved
            term = is_term(p)
            rdy = is_ready(p) and not term
            a = {"ip": p["status"]["podIP"], "nodeName": p["spec"]["nodeName"],
                 "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns,
                               "uid": p["metadata"]["uid"]}}
            if not term:
                (addrs if (rdy or pnr) else notready).append(a)
            zone = next((n["labels"]["topology.kubernetes.io/zone"] for n in s.nodes
                         if n["name"] == p["spec"]["nodeName"]), None)
            e = {"addresses": [p["status"]["podIP"]],
                 "conditions": {"ready": rdy or bool(pnr), "serving": is_ready(p), "terminating": term},
                 "nodeName": p["spec"]["nodeName"],
                 "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns,
                               "uid": p["metadata"]["uid"]}}
            if zone:
                e["zone"] = zone
            sl_eps.append(e)
        lab = dict(svc["metadata"].get("labels", {}))
        ep_body = {}
        if addrs or notready:
            sub = {}
            if addrs:
                sub["addresses"] = addrs
            if notready:
                sub["notReadyAddresses"] = notready
            sub["ports"] = ports
            ep_body["subsets"] = [sub]
        ann = {"endpoints.kubernetes.io/last-change-trigger-time": s.ts(num(name, 200) + 3)}
        if rec["managed"]:
            s.add("Endpoints", name, ns, labels=lab or None, ann=ann, age=svc_age(s, svc), **ep_body)
            sl_lab = dict(lab)
            sl_lab.update({"endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
                           "kubernetes.io/service-name": name})
            sl_ports = ports if ports is not None else []
            s.add("EndpointSlice", "%s-%s" % (name, hsh(ns + name, 5)), ns, labels=sl_lab, ann=ann,
                  owner=svc, age=svc_age(s, svc), addressType="IPv4", endpoints=sl_eps or None,
                  ports=sl_ports or None)
        else:  # endpoints written by an operator (Patroni)
            s.add("Endpoints", name, ns, labels=lab or None, age=svc_age(s, svc),
                  ann={"acquireTime": s.ts(5000), "leader": addrs[0]["targetRef"]["name"] if addrs else "",
                       "optime": str(50000000000 + num(name, 10 ** 8)), "renewTime": s.ts(0.1), "transitions": "2",
                       "ttl": "30"}, **ep_body)


def svc_age(s, svc):
    t = datetime.strptime(svc["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ")
    return (s.now - t).total_seconds() / 60.0


def namespace(s, name, labels=None, age=200 * 1440, sa_extra=()):
    lab = {"kubernetes.io/metadata.name": name}
    lab.update(labels or {})
    s.add("Namespace", name, labels=lab, age=age, spec={"finalizers": ["kubernetes"]}, status={"phase": "Active"})
    s.add("ServiceAccount", "default", name, age=age)
    configmap(s, name, "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\n(elided)\n-----END CERTIFICATE-----\n"},
              age=age, ann={"kubernetes.io/description": "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."})
    for sa in sa_extra:
        serviceaccount(s, name, sa, age=age)


def serviceaccount(s, ns, name, age=100000, labels=None):
    ann = None
    if s.plat_name == "eks":
        ann = {"eks.amazonaws.com/role-arn": "arn:aws:iam::481516234200:role/%s-%s" % (ns, name)}
    elif s.plat_name == "gke":
        ann = {"iam.gke.io/gcp-service-account": "%s@acme-prod.iam.gserviceaccount.com" % name[:28]}
    elif s.plat_name == "aks":
        ann = {"azure.workload.identity/client-id": s.uid("client", ns, name)}
    return s.add("ServiceAccount", name, ns, labels=labels, ann=ann, age=age)


# ----------------------------------------------------------------------------
# platform: nodes, kube-system, storage classes
# ----------------------------------------------------------------------------
def platform(s, pools, sc_extra=True):
    """pools: list of (pool, count, cpu, mem_gi, taints, labels)"""
    p = s.plat_name
    if p == "metal":
        for i in range(3):
            add_node(s, "cp", i, 8, 16, taints=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}],
                     cp=True, age_days=400)
    for pool, count, cpu, mem, taints, labels in pools:
        for i in range(count):
            add_node(s, pool, i, cpu, mem, taints=taints, extra_labels=labels, age_days=20 + num(pool + str(i), 40))
    for n in ["kube-system", "kube-public", "kube-node-lease", "default"]:
        namespace(s, n, age=400 * 1440)
    service(s, "default", "kubernetes", None, [("https", 443, 443)], labels={"component": "apiserver",
                                                                           "provider": "kubernetes"}, age=400 * 1440)
    img = {"eks": "602401143452.dkr.ecr.eu-west-1.amazonaws.com/eks/", "gke": "gke.gcr.io/",
           "aks": "mcr.microsoft.com/oss/kubernetes/", "metal": "registry.k8s.io/"}[p]
    ks = "kube-system"
    cd = WL(s, "Deployment", ks, "coredns", 2, [ctr("coredns", img + "coredns:v1.10.1", 53, "dns", cpu="100m",
                                                     mem="70Mi", lmem="170Mi", ready=http_probe("/ready", 8181, 0, 10),
                                                     live=http_probe("/health", 8080, 60, 10, 5, 5),
                                                     extra_ports=[("metrics", 9153)],
                                                     args=["-conf", "/etc/coredns/Corefile"])],
            sel={"k8s-app": "kube-dns"}, sa="coredns", age=400 * 1440)
    serviceaccount(s, ks, "coredns", age=400 * 1440)
    configmap(s, ks, "coredns", {"Corefile": ".:53 {\n    errors\n    health\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n      pods insecure\n      fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf\n    cache 30\n    loop\n    reload\n    loadbalance\n}\n"}, age=400 * 1440)
    service(s, ks, "kube-dns", {"k8s-app": "kube-dns"}, [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53),
                                                         ("metrics", 9153, 9153)],
            labels={"k8s-app": "kube-dns", "kubernetes.io/name": "CoreDNS"}, age=400 * 1440)
    WL(s, "DaemonSet", ks, "kube-proxy", 0, [ctr("kube-proxy", img + "kube-proxy:" + s.plat["ver"].split("-")[0],
                                                  cpu="100m", mem="64Mi")],
       sel={"k8s-app": "kube-proxy"}, sa="kube-proxy", age=400 * 1440, all_tols=True)
    serviceaccount(s, ks, "kube-proxy", age=400 * 1440)
    cni = {"eks": ("aws-node", "602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.16.0-eksbuild.1"),
           "gke": ("anetd", "gke.gcr.io/cilium/cilium:v1.13.10-gke.0"),
           "aks": ("azure-cns", "mcr.microsoft.com/containernetworking/azure-cns:v1.5.23"),
           "metal": ("calico-node", "docker.io/calico/node:v3.27.2")}[p]
    WL(s, "DaemonSet", ks, cni[0], 0, [ctr(cni[0], cni[1], cpu="25m", mem="64Mi",
                                           ready=exec_probe(["/bin/calico-node", "-felix-ready"], 0, 10, 10, 3)
                                           if p == "metal" else None)],
       sel={"k8s-app": cni[0]}, sa=cni[0], age=400 * 1440, all_tols=True)
    serviceaccount(s, ks, cni[0], age=400 * 1440)
    WL(s, "Deployment", ks, "metrics-server", 1 if p != "gke" else 2,
       [ctr("metrics-server", "registry.k8s.io/metrics-server/metrics-server:v0.6.4", 10250, "https",
            cpu="100m", mem="200Mi", ready=http_probe("/readyz", "https", 20, 10),
            live=http_probe("/livez", "https", 0, 10))],
       sel={"k8s-app": "metrics-server"}, sa="metrics-server", age=300 * 1440)
    serviceaccount(s, ks, "metrics-server", age=300 * 1440)
    service(s, ks, "metrics-server", {"k8s-app": "metrics-server"}, [("https", 443, "https")],
            labels={"k8s-app": "metrics-server"}, age=300 * 1440)
    h = {}
    if p == "eks":
        PROVISIONER[(s.iid, "gp2")] = "kubernetes.io/aws-ebs"
        PROVISIONER[(s.iid, "gp3")] = "ebs.csi.aws.com"
        storage_class(s, "gp2", "kubernetes.io/aws-ebs", default=True, params={"fsType": "ext4", "type": "gp2"},
                      expand=False)
        storage_class(s, "gp3", "ebs.csi.aws.com", params={"type": "gp3", "encrypted": "true"})
        h["csi"] = WL(s, "Deployment", ks, "ebs-csi-controller", 2,
                      [ctr("ebs-plugin", "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.26.1", 9808, "healthz",
                           cpu="10m", mem="40Mi", lmem="256Mi", live=http_probe("/healthz", "healthz", 10, 10, 3, 5)),
                       ctr("csi-provisioner", "public.ecr.aws/eks-distro/kubernetes-csi/external-provisioner:v3.6.3-eks-1-28-11",
                           cpu="10m", mem="40Mi", lmem="256Mi",
                           args=["--csi-address=$(ADDRESS)", "--v=2", "--feature-gates=Topology=true",
                                 "--extra-create-metadata", "--leader-election=true", "--default-fstype=ext4"]),
                       ctr("csi-attacher", "public.ecr.aws/eks-distro/kubernetes-csi/external-attacher:v4.4.3-eks-1-28-11",
                           cpu="10m", mem="40Mi", lmem="256Mi"),
                       ctr("csi-resizer", "public.ecr.aws/eks-distro/kubernetes-csi/external-resizer:v1.9.3-eks-1-28-11",
                           cpu="10m", mem="40Mi", lmem="256Mi")],
                      sel={"app": "ebs-csi-controller", "app.kubernetes.io/name": "aws-ebs-csi-driver"},
                      labels={"app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS",
                              "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.26.1"},
                      sa="ebs-csi-controller-sa", age=200 * 1440)
        serviceaccount(s, ks, "ebs-csi-controller-sa", age=200 * 1440)
        WL(s, "DaemonSet", ks, "ebs-csi-node", 0,
           [ctr("ebs-plugin", "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.26.1", 9808, "healthz",
                cpu="10m", mem="40Mi"),
            ctr("node-driver-registrar", "public.ecr.aws/eks-distro/kubernetes-csi/node-driver-registrar:v2.9.3-eks-1-28-11",
                cpu="10m", mem="40Mi")],
           sel={"app": "ebs-csi-node", "app.kubernetes.io/name": "aws-ebs-csi-driver"}, sa="ebs-csi-node-sa",
           age=200 * 1440, all_tols=True)
        serviceaccount(s, ks, "ebs-csi-node-sa", age=200 * 1440)
        h["sc"] = "gp3"
    elif p == "gke":
        PROVISIONER[(s.iid, "standard-rwo")] = "pd.csi.storage.gke.io"
        PROVISIONER[(s.iid, "premium-rwo")] = "pd.csi.storage.gke.io"
        PROVISIONER[(s.iid, "standard")] = "kubernetes.io/gce-pd"
        storage_class(s, "premium-rwo", "pd.csi.storage.gke.io", params={"type": "pd-ssd"})
        storage_class(s, "standard", "kubernetes.io/gce-pd", binding="Immediate", params={"type": "pd-standard"})
        storage_class(s, "standard-rwo", "pd.csi.storage.gke.io", default=True, params={"type": "pd-balanced"})
        WL(s, "DaemonSet", ks, "pdcsi-node", 0,
           [ctr("gce-pd-driver", "gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.12.5-gke.0", cpu="5m",
                mem="20Mi")], sel={"k8s-app": "gcp-compute-persistent-disk-csi-driver"}, sa="pdcsi-node-sa",
           age=300 * 1440, all_tols=True)
        WL(s, "DaemonSet", ks, "fluentbit-gke", 0,
           [ctr("fluentbit", "gke.gcr.io/fluent-bit:v1.8.12-gke.40", cpu="50m", mem="100Mi", lmem="250Mi")],
           sel={"k8s-app": "fluentbit-gke"}, age=300 * 1440, all_tols=True)
        h["sc"] = "premium-rwo"
    elif p == "aks":
        for n_ in ("default", "managed-csi", "managed-csi-premium"):
            PROVISIONER[(s.iid, n_)] = "disk.csi.azure.com"
        storage_class(s, "default", "disk.csi.azure.com", default=True, params={"skuname": "StandardSSD_LRS"})
        storage_class(s, "managed-csi", "disk.csi.azure.com", params={"skuname": "StandardSSD_LRS"})
        storage_class(s, "managed-csi-premium", "disk.csi.azure.com", params={"skuname": "Premium_LRS"})
        storage_class(s, "azurefile-csi", "file.csi.azure.com", binding="Immediate", params={"skuName": "Standard_LRS"})
        WL(s, "DaemonSet", ks, "csi-azuredisk-node", 0,
           [ctr("azuredisk", "mcr.microsoft.com/oss/kubernetes-csi/azuredisk-csi:v1.29.2", cpu="10m", mem="20Mi",
                lmem="200Mi")], sel={"app": "csi-azuredisk-node"}, sa="csi-azuredisk-node-sa", age=300 * 1440,
           all_tols=True)
        WL(s, "DaemonSet", ks, "cloud-node-manager", 0,
           [ctr("cloud-node-manager", "mcr.microsoft.com/oss/kubernetes/azure-cloud-node-manager:v1.28.5",
                cpu="50m", mem="50Mi", lmem="512Mi")], sel={"k8s-app": "cloud-node-manager"}, age=300 * 1440,
           all_tols=True)
        h["sc"] = "managed-csi-premium"
    else:
        PROVISIONER[(s.iid, "local-path")] = "rancher.io/local-path"
        storage_class(s, "local-path", "rancher.io/local-path", default=True, expand=False)
        for n in s.nodes:
            if n["pool"] != "cp":
                continue
            for comp, port in (("etcd", 2381), ("kube-apiserver", 6443), ("kube-controller-manager", 10257),
                               ("kube-scheduler", 10259)):
                pn = "%s-%s" % (comp, n["name"])
                pod = s.add("Pod", pn, ks, labels={"component": comp, "tier": "control-plane"},
                            ann={"kubernetes.io/config.source": "file",
                                 "kubernetes.io/config.hash": hexh(pn, 32)},
                            age=300 * 1440,
                            spec={"containers": [ctr(comp, "registry.k8s.io/%s:%s" % (
                                comp, "3.5.10-0" if comp == "etcd" else s.plat["ver"]), cpu="250m", mem="128Mi")],
                                "hostNetwork": True, "nodeName": n["name"], "priority": 2000001000,
                                "priorityClassName": "system-node-critical", "restartPolicy": "Always",
                                "tolerations": [{"effect": "NoExecute", "operator": "Exists"}]},
                            status={})
                pod["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "controller": True, "kind": "Node",
                                                       "name": n["name"], "uid": n["obj"]["metadata"]["uid"]}]
                pod["status"] = {"conditions": [cond("Initialized", "True", s.ts(9000)),
                                                cond("Ready", "True", s.ts(9000)),
                                                cond("ContainersReady", "True", s.ts(9000)),
                                                cond("PodScheduled", "True", s.ts(9000))],
                                 "containerStatuses": [cstat(s, pod["spec"]["containers"][0], 9000)],
                                 "hostIP": n["ip"], "phase": "Running", "podIP": n["ip"], "podIPs": [{"ip": n["ip"]}],
                                 "qosClass": "Burstable", "startTime": s.ts(9001)}
        namespace(s, "local-path-storage", age=300 * 1440)
        h["csi"] = WL(s, "Deployment", "local-path-storage", "local-path-provisioner", 1,
                      [ctr("local-path-provisioner", "docker.io/rancher/local-path-provisioner:v0.0.26",
                           cpu="50m", mem="64Mi",
                           command=["local-path-provisioner", "--debug", "start", "--config",
                                    "/etc/config/config.json"],
                           env=[env_field("POD_NAMESPACE", "metadata.namespace"),
                                env("CONFIG_MOUNT_PATH", "/etc/config/")],
                           mounts=[{"mountPath": "/etc/config/", "name": "config-volume"}])],
                      sel={"app": "local-path-provisioner"}, sa="local-path-provisioner-service-account",
                      volumes=[{"configMap": {"defaultMode": 420, "name": "local-path-config"},
                                "name": "config-volume"}], age=300 * 1440)
        serviceaccount(s, "local-path-storage", "local-path-provisioner-service-account", age=300 * 1440)
        configmap(s, "local-path-storage", "local-path-config",
                  {"config.json": '{"nodePathMap":[{"node":"DEFAULT_PATH_FOR_NON_LISTED_NODES","paths":["/opt/local-path-provisioner"]}]}',
                   "setup": "#!/bin/sh\nset -eu\nmkdir -m 0777 -p \"$VOL_DIR\"\n",
                   "teardown": "#!/bin/sh\nset -eu\nrm -rf \"$VOL_DIR\"\n"}, age=300 * 1440)
        h["sc"] = "local-path"
    return h


# ----------------------------------------------------------------------------
# noise namespaces
# ----------------------------------------------------------------------------
def noise(s, sc, extras=(), prom_replicas=2):
    namespace(s, "monitoring", {"name": "monitoring"})
    m = "monitoring"
    WL(s, "Deployment", m, "kube-prometheus-stack-operator", 1,
       [ctr("kube-prometheus-stack", "quay.io/prometheus-operator/prometheus-operator:v0.71.2", 10250, "https",
            cpu="100m", mem="128Mi", lmem="512Mi")],
       sel={"app": "kube-prometheus-stack-operator", "release": "kube-prometheus-stack"},
       sa="kube-prometheus-stack-operator", age=120 * 1440)
    WL(s, "Deployment", m, "kube-prometheus-stack-kube-state-metrics", 1,
       [ctr("kube-state-metrics", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.10.1", 8080, "http",
            ready=http_probe("/", 8080, 5, 10, 5), live=http_probe("/healthz", 8080, 5, 10, 5))],
       sel={"app.kubernetes.io/name": "kube-state-metrics", "app.kubernetes.io/instance": "kube-prometheus-stack"},
       sa="kube-prometheus-stack-kube-state-metrics", age=120 * 1440)
    g = WL(s, "Deployment", m, "kube-prometheus-stack-grafana", 1,
           [ctr("grafana", "docker.io/grafana/grafana:10.3.3", 3000, "grafana", cpu="100m", mem="256Mi",
                lmem="512Mi", ready=http_probe("/api/health", 3000, 0, 10),
                live=http_probe("/api/health", 3000, 60, 10, 30, 10),
                env=[env_secret("GF_SECURITY_ADMIN_USER", "kube-prometheus-stack-grafana", "admin-user"),
                     env_secret("GF_SECURITY_ADMIN_PASSWORD", "kube-prometheus-stack-grafana", "admin-password")])],
           sel={"app.kubernetes.io/name": "grafana", "app.kubernetes.io/instance": "kube-prometheus-stack"},
           sa="kube-prometheus-stack-grafana", age=120 * 1440)
    secret(s, m, "kube-prometheus-stack-grafana", ["admin-user", "admin-password", "ldap-toml"])
    service(s, m, "kube-prometheus-stack-grafana", g.sel, [("http-web", 80, 3000)], labels=g.sel)
    prom = WL(s, "StatefulSet", m, "prometheus-kube-prometheus-stack-prometheus", prom_replicas,
              [ctr("prometheus", "quay.io/prometheus/prometheus:v2.49.1", 9090, "http-web", cpu="500m", mem="2Gi",
                   lmem="4Gi", ready=http_probe("/-/ready", "http-web", 0, 5, 3, 3),
                   live=http_probe("/-/healthy", "http-web", 0, 5, 3, 6),
                   mounts=[{"mountPath": "/prometheus", "name": "prometheus-kube-prometheus-stack-prometheus-db",
                            "subPath": "prometheus-db"}]),
               ctr("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.71.2", 8080,
                   "reloader-web", cpu="10m", mem="50Mi", lmem="50Mi", lcpu="10m")],
              sel={"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": "kube-prometheus-stack-prometheus"},
              sa="kube-prometheus-stack-prometheus", service_name="prometheus-operated",
              claims=[("prometheus-kube-prometheus-stack-prometheus-db", "100Gi", sc)], age=120 * 1440)
    service(s, m, "prometheus-operated", {"app.kubernetes.io/name": "prometheus"}, [("http-web", 9090, "http-web")],
            headless=True, labels={"operated-prometheus": "true"})
    service(s, m, "kube-prometheus-stack-prometheus", prom.sel, [("http-web", 9090, 9090)])
    am = WL(s, "StatefulSet", m, "alertmanager-kube-prometheus-stack-alertmanager", 1,
            [ctr("alertmanager", "quay.io/prometheus/alertmanager:v0.26.0", 9093, "http-web", cpu="20m", mem="64Mi",
                 ready=http_probe("/-/ready", "http-web", 3, 5, 3, 10))],
            sel={"app.kubernetes.io/name": "alertmanager", "alertmanager": "kube-prometheus-stack-alertmanager"},
            sa="kube-prometheus-stack-alertmanager", service_name="alertmanager-operated", age=120 * 1440)
    service(s, m, "kube-prometheus-stack-alertmanager", am.sel, [("http-web", 9093, 9093)])
    WL(s, "DaemonSet", m, "kube-prometheus-stack-prometheus-node-exporter", 0,
       [ctr("node-exporter", "quay.io/prometheus/node-exporter:v1.7.0", 9100, "http-metrics", cpu="10m", mem="32Mi",
            lmem="64Mi", ready=http_probe("/", 9100, 0, 10), live=http_probe("/", 9100, 0, 10))],
       sel={"app.kubernetes.io/name": "prometheus-node-exporter", "app.kubernetes.io/instance": "kube-prometheus-stack"},
       sa="kube-prometheus-stack-prometheus-node-exporter", age=120 * 1440, all_tols=True)
    for sa in ("kube-prometheus-stack-operator", "kube-prometheus-stack-kube-state-metrics",
               "kube-prometheus-stack-grafana", "kube-prometheus-stack-prometheus",
               "kube-prometheus-stack-alertmanager", "kube-prometheus-stack-prometheus-node-exporter"):
        serviceaccount(s, m, sa, age=120 * 1440)

    namespace(s, "ingress-nginx", {"app.kubernetes.io/name": "ingress-nginx"})
    ing = WL(s, "Deployment", "ingress-nginx", "ingress-nginx-controller", 2 + num(s.iid, 2),
             [ctr("controller", "registry.k8s.io/ingress-nginx/controller:v1.9.6", 80, "http", cpu="100m",
                  mem="90Mi", ready=http_probe("/healthz", 10254, 10, 10), live=http_probe("/healthz", 10254, 10, 10, 1, 5),
                  extra_ports=[("https", 443), ("webhook", 8443)],
                  env=[env_field("POD_NAME", "metadata.name"), env_field("POD_NAMESPACE", "metadata.namespace")])],
             sel={"app.kubernetes.io/name": "ingress-nginx", "app.kubernetes.io/instance": "ingress-nginx",
                  "app.kubernetes.io/component": "controller"}, sa="ingress-nginx", age=150 * 1440)
    serviceaccount(s, "ingress-nginx", "ingress-nginx", age=150 * 1440)
    service(s, "ingress-nginx", "ingress-nginx-controller", ing.sel, [("http", 80, "http"), ("https", 443, "https")],
            typ="LoadBalancer", labels=ing.sel, age=150 * 1440)
    service(s, "ingress-nginx", "ingress-nginx-controller-admission", ing.sel, [("https-webhook", 443, "webhook")],
            age=150 * 1440)
    configmap(s, "ingress-nginx", "ingress-nginx-controller", {"allow-snippet-annotations": "false",
                                                              "proxy-body-size": "16m"}, age=150 * 1440)

    namespace(s, "cert-manager")
    for comp, img in (("cert-manager", "controller"), ("cert-manager-cainjector", "cainjector"),
                      ("cert-manager-webhook", "webhook")):
        WL(s, "Deployment", "cert-manager", comp, 1,
           [ctr(comp.replace("cert-manager-", "") if comp != "cert-manager" else "cert-manager-controller",
                "quay.io/jetstack/cert-manager-%s:v1.14.2" % img, 9402 if img == "controller" else None,
                "http-metrics", cpu="10m", mem="32Mi")],
           sel={"app.kubernetes.io/name": img if img != "controller" else "cert-manager",
                "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/component": img},
           sa=comp, age=180 * 1440)
        serviceaccount(s, "cert-manager", comp, age=180 * 1440)
    secret(s, "cert-manager", "cert-manager-webhook-ca", ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls")
    service(s, "cert-manager", "cert-manager-webhook", {"app.kubernetes.io/name": "webhook",
                                                        "app.kubernetes.io/instance": "cert-manager",
                                                        "app.kubernetes.io/component": "webhook"},
            [("https", 443, "https")], age=180 * 1440)

    if "argocd" in extras:
        namespace(s, "argocd")
        for comp, n, port in (("server", 2, 8080), ("repo-server", 2, 8081), ("applicationset-controller", 1, 7000),
                              ("redis", 1, 6379), ("dex-server", 1, 5556)):
            w = WL(s, "Deployment", "argocd", "argocd-" + comp, n,
                   [ctr(comp if comp != "redis" else "redis", "quay.io/argoproj/argocd:v2.10.1"
                        if comp not in ("redis", "dex-server") else ("public.ecr.aws/docker/library/redis:7.0.14-alpine"
                                                                      if comp == "redis" else "ghcr.io/dexidp/dex:v2.37.0"),
                        port, "http" if comp != "redis" else "redis", cpu="50m", mem="128Mi")],
                   sel={"app.kubernetes.io/name": "argocd-" + comp}, sa="argocd-" + comp, age=160 * 1440)
            service(s, "argocd", "argocd-" + comp, w.sel, [("http" if comp != "redis" else "tcp-redis", port, port)],
                    age=160 * 1440)
            serviceaccount(s, "argocd", "argocd-" + comp, age=160 * 1440)
        WL(s, "StatefulSet", "argocd", "argocd-application-controller", 1,
           [ctr("argocd-application-controller", "quay.io/argoproj/argocd:v2.10.1", 8082, "metrics", cpu="250m",
                mem="512Mi")], sel={"app.kubernetes.io/name": "argocd-application-controller"},
           sa="argocd-application-controller", age=160 * 1440)
        secret(s, "argocd", "argocd-secret", ["admin.password", "admin.passwordMtime", "server.secretkey"])
        configmap(s, "argocd", "argocd-cm", {"url": "https://argocd.internal.example.net"}, age=160 * 1440)
    if "logging" in extras:
        namespace(s, "logging")
        WL(s, "DaemonSet", "logging", "fluent-bit", 0,
           [ctr("fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:2.2.2", 2020, "http", cpu="50m", mem="64Mi",
                lmem="256Mi", live=http_probe("/", "http", 0, 10), ready=http_probe("/api/v1/health", "http", 0, 10))],
           sel={"app.kubernetes.io/name": "fluent-bit", "app.kubernetes.io/instance": "fluent-bit"},
           sa="fluent-bit", age=90 * 1440, all_tols=True)
        serviceaccount(s, "logging", "fluent-bit", age=90 * 1440)
        configmap(s, "logging", "fluent-bit", {"fluent-bit.conf": "[SERVICE]\n    Flush 1\n[INPUT]\n    Name tail\n    Path /var/log/containers/*.log\n[OUTPUT]\n    Name loki\n    Match *\n    Host loki.logging.svc\n"}, age=90 * 1440)
    if "velero" in extras:
        namespace(s, "velero")
        WL(s, "Deployment", "velero", "velero", 1,
           [ctr("velero", "velero/velero:v1.13.0", 8085, "http-monitoring", cpu="500m", mem="128Mi", lmem="512Mi")],
           sel={"name": "velero"}, sa="velero", age=90 * 1440)
        serviceaccount(s, "velero", "velero", age=90 * 1440)
        secret(s, "velero", "velero", ["cloud"])
    if "external-secrets" in extras:
        namespace(s, "external-secrets")
        for comp in ("external-secrets", "external-secrets-webhook", "external-secrets-cert-controller"):
            WL(s, "Deployment", "external-secrets", comp, 1,
               [ctr(comp.replace("external-secrets-", "") if comp != "external-secrets" else "external-secrets",
                    "ghcr.io/external-secrets/external-secrets:v0.9.13", 8080, "metrics", cpu="10m", mem="64Mi")],
               sel={"app.kubernetes.io/name": comp, "app.kubernetes.io/instance": "external-secrets"},
               sa=comp, age=90 * 1440)
            serviceaccount(s, "external-secrets", comp, age=90 * 1440)


def old_noise(s, variant=0):
    """Resolved problems that are still visible: past restarts, stale warnings, leftover evicted/completed pods."""
    graf = s.get("Pod", "monitoring", next(p["metadata"]["name"] for p in s.pods("monitoring")
                                            if p["metadata"]["name"].startswith("kube-prometheus-stack-grafana")))
    set_restarted_ok(s, graf, "grafana", 1, "Error", 1, 2900)
    ing = [p for p in s.pods("ingress-nginx")][0]
    s.event(ing, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 500", count=3,
            first=58, last=55, field="spec.containers{controller}")
    s.event(ing, "RELOAD", "NGINX reload triggered due to a change in configuration", type="Normal", count=1,
            first=41, comp="nginx-ingress-controller")
    s.event(s.ghost("Pod", "monitoring", "kube-prometheus-stack-kube-state-metrics-6d5b8c9f7-%s" % hsh(s.iid, 5)),
            "FailedScheduling", "0/%d nodes are available: %d Insufficient cpu. preemption: 0/%d nodes are available: "
            "%d No preemption victims found for incoming pod." % ((len(s.nodes),) * 4), comp="default-scheduler",
            count=1, first=170)
    cm = [p for p in s.pods("cert-manager")][0]
    s.event(cm, "FailedMount", 'MountVolume.SetUp failed for volume "%s" : object "cert-manager"/"kube-root-ca.crt" '
                               'not registered' % [v["name"] for v in cm["spec"]["volumes"]][-1],
            count=2, first=47, last=46)
    if variant % 2 == 0:
        n = s.nodes[-1]
        s.event(n["obj"], "NodeNotReady", "Node %s status is now: NodeNotReady" % n["name"], type="Normal",
                first=390, comp="node-controller")
        s.event(n["obj"], "NodeReady", "Node %s status is now: NodeReady" % n["name"], type="Normal", first=384,
                comp="kubelet", host=n["name"])
    if variant % 3 == 1:
        # leftover evicted pods from an old disk-pressure episode (already resolved)
        w = next(x for x in s.wls if x.ns == "monitoring" and x.kind == "Deployment" and "state-metrics" in x.name)
        for i in range(2):
            node = s.nodes[(i + 2) % len(s.nodes)]
            p = w.add_pod(w.rs[-1], "%s-%s" % (w.rs[-1]["metadata"]["name"], hsh("evicted" + str(i), 5)), node,
                          4200 + i * 60, rs_hash=w.rs[-1]["_hash"])
            p["status"] = {"message": "The node was low on resource: ephemeral-storage. Threshold quantity: "
                                      "10125369218, available: 9621492Ki. ", "phase": "Failed", "reason": "Evicted",
                           "startTime": s.ts(4200 + i * 60)}
    if variant % 3 == 2:
        s.event(s.nodes[0]["obj"], "OOMKilling", "Memory cgroup out of memory: Killed process 28311 (node) total-vm:"
                "1864212kB, anon-rss:520184kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:2148kB oom_score_adj:999",
                count=1, first=1500, comp="kernel-monitor", host=s.nodes[0]["name"])


# ----------------------------------------------------------------------------
# database tier
# ----------------------------------------------------------------------------
def db_netpol(s, ns, name, pod_sel, port, from_ns, age=60 * 1440):
    s.add("NetworkPolicy", "default-deny-ingress", ns, age=age,
          spec={"podSelector": {}, "policyTypes": ["Ingress"]})
    return s.add("NetworkPolicy", name, ns, age=age, spec={
        "ingress": [{"from": [{"namespaceSelector": {"matchExpressions": [
            {"key": "kubernetes.io/metadata.name", "operator": "In", "values": sorted(from_ns)}]}},
            {"podSelector": {}}],
            "ports": [{"port": port, "protocol": "TCP"}]},
            {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}]}],
        "podSelector": {"matchLabels": pod_sel}, "policyTypes": ["Ingress"]})


def zalando_pg(s, ns, cluster, n=2, size="50Gi", sc="gp3", pool=None, tols=None, mem="2Gi", team="acid",
               age=90 * 1440, users=("app",)):
    cr = s.add("postgresql", cluster, ns, labels={"team": team}, age=age,
               spec={"numberOfInstances": n, "postgresql": {"version": "15", "parameters": {
                   "max_connections": "300", "shared_buffers": "512MB", "work_mem": "16MB"}},
                   "resources": {"limits": {"cpu": "2", "memory": mem}, "requests": {"cpu": "500m", "memory": mem}},
                   "teamId": team, "users": {u: ["createdb"] for u in users}, "volume": {"size": size,
                                                                                       "storageClass": sc}},
               status={"PostgresClusterStatus": "Running"})
    sel = {"application": "spilo", "cluster-name": cluster}
    credsfx = ".credentials.postgresql.acid.zalan.do"
    for u in ("postgres", "standby") + tuple(users):
        secret(s, ns, "%s.%s%s" % (u, cluster, credsfx), ["password", "username"],
               labels={"application": "spilo", "cluster-name": cluster, "team": team}, owner=cr, age=age)
    c = ctr("postgres", "ghcr.io/zalando/spilo-15:3.0-p1", 8008, "patroni", cpu="500m", mem=mem, lmem=mem, lcpu="2",
            extra_ports=[("postgresql", 5432), ("pgbouncer", 6432)],
            ready=http_probe("/readiness", 8008, 6, 10, 5, 3),
            env=[env("SCOPE", cluster), env("PGROOT", "/home/postgres/pgdata/pgroot"),
                 env_field("POD_IP", "status.podIP"), env_field("POD_NAMESPACE", "metadata.namespace"),
                 env("PGUSER_SUPERUSER", "postgres"), env("KUBERNETES_SCOPE_LABEL", "cluster-name"),
                 env("KUBERNETES_ROLE_LABEL", "spilo-role"),
                 env_secret("PGPASSWORD_SUPERUSER", "postgres.%s%s" % (cluster, credsfx), "password"),
                 env("PGUSER_STANDBY", "standby"),
                 env_secret("PGPASSWORD_STANDBY", "standby.%s%s" % (cluster, credsfx), "password"),
                 env("PAM_OAUTH2", ""), env("HUMAN_ROLE", "zalandos"), env("PGVERSION", "15"),
                 env("KUBERNETES_LABELS", '{"application":"spilo"}'),
                 env("SPILO_CONFIGURATION", '{"postgresql":{"parameters":{"max_connections":"300","shared_buffers":"512MB"}},"bootstrap":{"initdb":[{"auth-host":"md5"},{"auth-local":"trust"}]}}')],
            mounts=[{"mountPath": "/home/postgres/pgdata", "name": "pgdata"}, {"mountPath": "/dev/shm", "name": "dshm"}])
    c["resources"]["limits"]["cpu"] = "2"
    w = WL(s, "StatefulSet", ns, cluster, n, [c], sel=sel, plabels={"team": team}, labels=dict(sel, team=team),
           sa="postgres-pod", owner=cr, claims=[("pgdata", size, sc)], pool=pool, tols=tols, age=age,
           volumes=[{"emptyDir": {"medium": "Memory"}, "name": "dshm"}])
    for i, p in enumerate(w.pods):
        p["metadata"]["labels"]["spilo-role"] = "master" if i == 0 else "replica"
    serviceaccount(s, ns, "postgres-pod", age=age)
    lab = dict(sel, team=team)
    service(s, ns, cluster, None, [("postgresql", 5432, 5432)], labels=dict(lab, **{"spilo-role": "master"}),
            ep_selector=dict(sel, **{"spilo-role": "master"}), age=age)
    service(s, ns, cluster + "-repl", dict(sel, **{"spilo-role": "replica"}), [("postgresql", 5432, 5432)],
            labels=dict(lab, **{"spilo-role": "replica"}), age=age)
    service(s, ns, cluster + "-config", None, [], labels=lab, headless=True, age=age)
    s.add("PodDisruptionBudget", "postgres-%s-pdb" % cluster, ns, labels=lab, owner=cr, age=age,
          spec={"minAvailable": 1, "selector": {"matchLabels": dict(sel, **{"spilo-role": "master"})}},
          status={"currentHealthy": 1, "desiredHealthy": 1, "disruptionsAllowed": 0, "expectedPods": 1,
                  "observedGeneration": 1})
    return {"type": "postgres", "ns": ns, "name": cluster, "host": "%s.%s.svc.cluster.local" % (cluster, ns),
            "port": 5432, "wl": w, "cr": cr, "sel": sel, "svc": cluster,
            "secret_keys": ("username", "password")}


def cnpg(s, ns, cluster, n=3, size="100Gi", sc="premium-rwo", mem="4Gi", age=70 * 1440, pool=None, tols=None):
    cr = s.add("Cluster", cluster, ns, age=age,
               spec={"instances": n, "imageName": "ghcr.io/cloudnative-pg/postgresql:16.2",
                     "postgresql": {"parameters": {"max_connections": "400", "shared_buffers": "1GB"}},
                     "storage": {"size": size, "storageClass": sc}, "bootstrap": {"initdb": {"database": "app",
                                                                                            "owner": "app"}},
                     "resources": {"requests": {"memory": mem, "cpu": "1"}, "limits": {"memory": mem}}},
               status={"phase": "Cluster in healthy state", "instances": n, "readyInstances": n,
                       "currentPrimary": cluster + "-1", "targetPrimary": cluster + "-1",
                       "writeService": cluster + "-rw", "readService": cluster + "-r"})
    for suf, keys, typ in (("app", ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"],
                            "kubernetes.io/basic-auth"),
                           ("superuser", ["password", "pgpass", "username"], "kubernetes.io/basic-auth"),
                           ("ca", ["ca.crt", "ca.key"], "Opaque"), ("server", ["tls.crt", "tls.key"], "kubernetes.io/tls"),
                           ("replication", ["tls.crt", "tls.key"], "kubernetes.io/tls")):
        secret(s, ns, "%s-%s" % (cluster, suf), keys, typ=typ, owner=cr, age=age,
               labels={"cnpg.io/cluster": cluster, "cnpg.io/reload": "true"})
    sel = {"cnpg.io/cluster": cluster}
    c = ctr("postgres", "ghcr.io/cloudnative-pg/postgresql:16.2", 5432, "postgresql", cpu="1", mem=mem, lmem=mem,
            extra_ports=[("metrics", 9187), ("status", 8000)],
            ready=http_probe("/readyz", 8000, 0, 10, 5, 3), live=http_probe("/healthz", 8000, 0, 10, 5, 3),
            command=["/controller/manager", "instance", "run", "--log-level=info"],
            env=[env("PGDATA", "/var/lib/postgresql/data/pgdata"), env("POD_NAME", ""), env("NAMESPACE", ns),
                 env("CLUSTER_NAME", cluster), env("PGPORT", "5432"), env("PGHOST", "/controller/run")],
            mounts=[{"mountPath": "/var/lib/postgresql/data", "name": "pgdata"},
                    {"mountPath": "/controller", "name": "scratch-data"}])
    init = [ctr("bootstrap-controller", "ghcr.io/cloudnative-pg/cloudnative-pg:1.22.1", cpu="1", mem=mem,
                command=["/manager", "bootstrap", "/controller/manager", "--log-level=info"],
                mounts=[{"mountPath": "/controller", "name": "scratch-data"}])]
    w = WL(s, "Owned", ns, cluster, n, [c], sel=sel, plabels={"cnpg.io/podRole": "instance"}, owner=cr,
           sa=cluster, init=init, age=age, pool=pool, tols=tols,
           volumes=[{"emptyDir": {}, "name": "scratch-data"}, {"emptyDir": {"medium": "Memory"}, "name": "shm"}])
    for i, p in enumerate(w.pods):
        role = "primary" if i == 0 else "replica"
        p["metadata"]["labels"].update({"cnpg.io/instanceName": p["metadata"]["name"], "role": role,
                                        "cnpg.io/instanceRole": role})
        p["spec"]["hostname"] = p["metadata"]["name"]
        p["spec"]["volumes"].insert(0, {"name": "pgdata", "persistentVolumeClaim": {"claimName": p["metadata"]["name"]}})
        pvc_pv(s, ns, p["metadata"]["name"], size, sc, owner=cr, age=age - i,
               labels={"cnpg.io/cluster": cluster, "cnpg.io/instanceName": p["metadata"]["name"],
                       "cnpg.io/pvcRole": "PG_DATA", "role": role})
    serviceaccount(s, ns, cluster, age=age)
    for suf, extra in (("rw", {"role": "primary"}), ("ro", {"role": "replica"}), ("r", {})):
        service(s, ns, "%s-%s" % (cluster, suf), dict(sel, **extra), [("postgres", 5432, 5432)],
                labels={"cnpg.io/cluster": cluster}, owner=cr, age=age)
    s.add("PodDisruptionBudget", cluster + "-primary", ns, owner=cr, age=age,
          spec={"maxUnavailable": 0, "selector": {"matchLabels": dict(sel, role="primary")}},
          status={"currentHealthy": 1, "desiredHealthy": 1, "disruptionsAllowed": 0, "expectedPods": 1})
    return {"type": "postgres", "ns": ns, "name": cluster, "host": "%s-rw.%s.svc.cluster.local" % (cluster, ns),
            "port": 5432, "wl": w, "cr": cr, "sel": sel, "svc": cluster + "-rw",
            "secret_keys": ("username", "password")}


def bitnami_mysql(s, ns, rel, size="50Gi", sc="gp3", age=120 * 1440, live=None, image="docker.io/bitnami/mysql:8.0.36-debian-12-r8",
                  replicas=1, mem="2Gi"):
    name = rel + "-mysql"
    lab = {"app.kubernetes.io/name": "mysql", "app.kubernetes.io/instance": rel,
           "app.kubernetes.io/component": "primary"}
    secret(s, ns, name, ["mysql-password", "mysql-root-password"], labels=lab, age=age,
           ann={"meta.helm.sh/release-name": rel, "meta.helm.sh/release-namespace": ns})
    configmap(s, ns, name, {"my.cnf": "[mysqld]\ndefault_authentication_plugin=mysql_native_password\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\nplugin_dir=/opt/bitnami/mysql/lib/plugin\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndatadir=/bitnami/mysql/data\nmax_allowed_packet=16M\nbind-address=*\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\nlog-error=/opt/bitnami/mysql/logs/mysqld.log\ncharacter-set-server=UTF8\ncollation-server=utf8_general_ci\nslow_query_log=0\nlong_query_time=10.0\ninnodb_buffer_pool_size=1G\n"},
              labels=lab, age=age)
    probe_cmd = ["/bin/bash", "-ec", 'password_aux="${MYSQL_ROOT_PASSWORD:-}"\nif [[ -f "${MYSQL_ROOT_PASSWORD_FILE:-}" ]]; then\n    password_aux=$(cat "$MYSQL_ROOT_PASSWORD_FILE")\nfi\nmysqladmin status -uroot -p"${password_aux}"\n']
    c = ctr("mysql", image, 3306, "mysql", cpu="500m", mem=mem, lmem=mem,
            env=[env("BITNAMI_DEBUG", "false"), env_secret("MYSQL_ROOT_PASSWORD", name, "mysql-root-password"),
                 env("MYSQL_USER", "app"), env_secret("MYSQL_PASSWORD", name, "mysql-password"),
                 env("MYSQL_DATABASE", rel)],
            ready=exec_probe(probe_cmd, 5, 10, 1, 3), live=live or exec_probe(probe_cmd, 120, 10, 1, 3),
            mounts=[{"mountPath": "/bitnami/mysql", "name": "data"},
                    {"mountPath": "/opt/bitnami/mysql/conf/my.cnf", "name": "config", "subPath": "my.cnf"}])
    w = WL(s, "StatefulSet", ns, name, replicas, [c], sel=lab, labels=dict(lab, **{"helm.sh/chart": "mysql-9.23.0"}),
           sa=name, claims=[("data", size, sc)], service_name=name + "-headless", age=age,
           volumes=[{"configMap": {"defaultMode": 420, "name": name}, "name": "config"}])
    serviceaccount(s, ns, name, age=age)
    service(s, ns, name, lab, [("mysql", 3306, "mysql")], labels=lab, age=age)
    service(s, ns, name + "-headless", lab, [("mysql", 3306, "mysql")], labels=lab, headless=True, age=age,
            publish_not_ready=True)
    return {"type": "mysql", "ns": ns, "name": name, "host": "%s.%s.svc.cluster.local" % (name, ns), "port": 3306,
            "wl": w, "sel": lab, "svc": name, "secret_keys": ("username", "password")}


def bitnami_redis(s, ns, rel, replicas=2, sc="gp3", age=120 * 1440, mem="512Mi", lmem="1Gi", size="8Gi"):
    base = rel + "-redis" if rel != "redis" else "redis"
    lab = {"app.kubernetes.io/name": "redis", "app.kubernetes.io/instance": rel}
    secret(s, ns, base, ["redis-password"], labels=lab, age=age)
    for cmn, data in (("configuration", {"redis.conf": "appendonly yes\nsave \"\"\n", "master.conf": "dir /data\nrename-command FLUSHDB \"\"\n",
                                         "replica.conf": "dir /data\nrename-command FLUSHDB \"\"\n"}),
                      ("health", {"ping_readiness_local.sh": "#!/bin/bash\n...", "ping_liveness_local.sh": "#!/bin/bash\n..."}),
                      ("scripts", {"start-master.sh": "#!/bin/bash\n...", "start-replica.sh": "#!/bin/bash\n..."})):
        configmap(s, ns, "%s-%s" % (base, cmn), data, labels=lab, age=age)
    out = {"type": "redis", "ns": ns, "name": base + "-master", "host": "%s-master.%s.svc.cluster.local" % (base, ns),
           "port": 6379, "svc": base + "-master", "secret": base, "secret_keys": ("redis-password",)}
    for role, n in (("master", 1), ("replicas", replicas)):
        if n == 0:
            continue
        rl = dict(lab, **{"app.kubernetes.io/component": role if role == "master" else "replica"})
        c = ctr("redis", "docker.io/bitnami/redis:7.2.4-debian-12-r9", 6379, "redis", cpu="100m", mem=mem, lmem=lmem,
                command=["/bin/bash"], args=["-c", "/opt/bitnami/scripts/start-scripts/start-%s.sh" % (
                    "master" if role == "master" else "replica")],
                env=[env("BITNAMI_DEBUG", "false"), env("REDIS_REPLICATION_MODE", "master" if role == "master" else "replica"),
                     env("ALLOW_EMPTY_PASSWORD", "no"), env_secret("REDIS_PASSWORD", base, "redis-password"),
                     env("REDIS_PORT", "6379")],
                ready=exec_probe(["sh", "-c", "/health/ping_readiness_local.sh 1"], 20, 5, 2, 5),
                live=exec_probe(["sh", "-c", "/health/ping_liveness_local.sh 5"], 20, 5, 6, 5),
                mounts=[{"mountPath": "/data", "name": "redis-data"}, {"mountPath": "/health", "name": "health"},
                        {"mountPath": "/opt/bitnami/redis/mounted-etc", "name": "config"}])
        w = WL(s, "StatefulSet", ns, "%s-%s" % (base, role), n, [c], sel=rl,
               labels=dict(rl, **{"helm.sh/chart": "redis-18.16.1"}), sa=base, claims=[("redis-data", size, sc)],
               service_name=base + "-headless", age=age,
               volumes=[{"configMap": {"defaultMode": 493, "name": base + "-health"}, "name": "health"},
                        {"configMap": {"defaultMode": 420, "name": base + "-configuration"}, "name": "config"}])
        service(s, ns, "%s-%s" % (base, role), rl, [("tcp-redis", 6379, "redis")], labels=rl, age=age)
        out["wl_" + role] = w
    out["wl"] = out["wl_master"]
    service(s, ns, base + "-headless", lab, [("tcp-redis", 6379, "redis")], headless=True, labels=lab, age=age)
    serviceaccount(s, ns, base, age=age)
    return out


def bitnami_pg(s, ns, rel, size="20Gi", sc="gp3", age=100 * 1440, override=None, mem="1Gi"):
    name = rel + "-postgresql"
    lab = {"app.kubernetes.io/name": "postgresql", "app.kubernetes.io/instance": rel,
           "app.kubernetes.io/component": "primary"}
    secret(s, ns, name, ["password", "postgres-password"], labels=lab, age=age)
    conf = override or ("max_connections = 200\nshared_buffers = 256MB\neffective_cache_size = 768MB\n"
                        "work_mem = 4MB\nmaintenance_work_mem = 64MB\nwal_level = replica\nmax_wal_size = 2GB\n"
                        "log_min_duration_statement = 500\n")
    cm = configmap(s, ns, name + "-extended-configuration", {"override.conf": conf}, labels=lab, age=age)
    probe = ["/bin/sh", "-c", "-e", 'exec pg_isready -U "postgres" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n']
    c = ctr("postgresql", "docker.io/bitnami/postgresql:16.2.0-debian-12-r6", 5432, "tcp-postgresql", cpu="250m",
            mem=mem, lmem=mem,
            env=[env("BITNAMI_DEBUG", "false"), env("POSTGRESQL_PORT_NUMBER", "5432"),
                 env("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"), env("PGDATA", "/bitnami/postgresql/data"),
                 env("POSTGRES_USER", "app"), env_secret("POSTGRES_PASSWORD", name, "password"),
                 env_secret("POSTGRES_POSTGRES_PASSWORD", name, "postgres-password"), env("POSTGRES_DATABASE", rel)],
            ready=exec_probe(probe, 5, 10, 5, 6), live=exec_probe(["/bin/sh", "-c", 'exec pg_isready -U "postgres" -h 127.0.0.1 -p 5432'], 30, 10, 5, 6),
            mounts=[{"mountPath": "/bitnami/postgresql", "name": "data"},
                    {"mountPath": "/bitnami/postgresql/conf/conf.d/", "name": "postgresql-extended-config"},
                    {"mountPath": "/dev/shm", "name": "dshm"}])
    w = WL(s, "StatefulSet", ns, name, 1, [c], sel=lab, labels=dict(lab, **{"helm.sh/chart": "postgresql-14.2.3"}),
           sa=name, claims=[("data", size, sc)], service_name=name + "-hl", age=age,
           volumes=[{"configMap": {"defaultMode": 420, "name": name + "-extended-configuration"},
                     "name": "postgresql-extended-config"}, {"emptyDir": {"medium": "Memory"}, "name": "dshm"}])
    serviceaccount(s, ns, name, age=age)
    service(s, ns, name, lab, [("tcp-postgresql", 5432, "tcp-postgresql")], labels=lab, age=age)
    service(s, ns, name + "-hl", lab, [("tcp-postgresql", 5432, "tcp-postgresql")], labels=lab, headless=True,
            publish_not_ready=True, age=age)
    return {"type": "postgres", "ns": ns, "name": name, "host": "%s.%s.svc.cluster.local" % (name, ns),
            "port": 5432, "wl": w, "sel": lab, "svc": name, "cm": cm, "secret_keys": ("username", "password")}


# ----------------------------------------------------------------------------
# application tier
# ----------------------------------------------------------------------------
THEMES = {
    "shop": dict(reg="481516234200.dkr.ecr.eu-west-1.amazonaws.com/retail", domain="shop.nordwind-retail.com", apps=[
        ("storefront", "web-frontend", 3, ["cache"], "/", 3000),
        ("storefront", "session-api", 2, ["cache"], None, 8080),
        ("orders", "orders-api", 3, ["db", "cache"], "/api/orders", 8080),
        ("orders", "orders-worker", 2, ["db"], "worker", 8080),
        ("catalog", "catalog-api", 3, ["db"], "/api/catalog", 8080),
        ("catalog", "search-indexer", 1, ["db"], "worker", 8080),
        ("checkout", "checkout-api", 3, ["db", "cache"], "/api/checkout", 8080),
        ("checkout", "payment-gateway", 2, [], None, 8443)]),
    "fintech": dict(reg="europe-docker.pkg.dev/quanta-ledger/apps", domain="api.quantaledger.io", apps=[
        ("ledger", "ledger-api", 4, ["db"], "/ledger", 8080),
        ("ledger", "posting-worker", 3, ["db"], "worker", 8080),
        ("payments", "payments-api", 3, ["db", "db2"], "/payments", 8080),
        ("payments", "fraud-scorer", 2, ["db2"], None, 8080),
        ("payments", "webhook-dispatcher", 2, ["db"], "worker", 8080),
        ("identity", "auth-service", 2, ["db2"], "/auth", 9000),
        ("reporting", "statement-renderer", 2, ["db"], None, 8080)]),
    "logistics": dict(reg="harbor.corp.trakline.net/logistics", domain="portal.trakline.net", apps=[
        ("fleet", "tracker-api", 4, ["db", "cache"], "/tracker", 8080),
        ("fleet", "telemetry-ingest", 6, ["cache"], None, 8080),
        ("dispatch", "dispatch-api", 3, ["db"], "/dispatch", 8080),
        ("dispatch", "route-planner", 2, ["db"], None, 8080),
        ("portal", "customer-portal", 3, ["db"], "/", 3000),
        ("portal", "notifications", 2, ["cache"], "worker", 8080)]),
    "media": dict(reg="mediacr.azurecr.io/streaming", domain="watch.lumenstream.tv", apps=[
        ("streaming", "playback-api", 6, ["db", "cache"], "/playback", 8080),
        ("streaming", "manifest-service", 4, ["cache"], None, 8080),
        ("accounts", "accounts-api", 3, ["db"], "/accounts", 8080),
        ("accounts", "entitlements", 2, ["db"], None, 8080),
        ("ingest", "transcode-worker", 8, ["db"], "worker", 8080),
        ("ingest", "upload-api", 2, ["db"], "/upload", 8080)]),
    "health": dict(reg="registry.gitlab.com/carebridge/platform", domain="app.carebridge-health.eu", apps=[
        ("clinic", "patient-portal", 3, ["db"], "/", 3000),
        ("clinic", "scheduling-api", 3, ["db", "cache"], "/api/schedule", 8080),
        ("records", "records-api", 3, ["db"], "/api/records", 8080),
        ("records", "hl7-bridge", 2, ["db"], None, 8080),
        ("records", "audit-writer", 2, ["db"], "worker", 8080)]),
    "saas": dict(reg="ghcr.io/tallyforge", domain="app.tallyforge.com", apps=[
        ("tenant-api", "tenant-api", 4, ["db", "cache"], "/api", 8080),
        ("billing", "billing-api", 2, ["db"], "/billing", 8080),
        ("billing", "invoice-worker", 3, ["db"], "worker", 8080),
        ("notify", "notifier", 2, ["cache"], None, 8080),
        ("notify", "mailer", 1, [], "worker", 8080),
        ("web", "dashboard", 3, [], "/", 3000)]),
}


def app_tier(s, theme, deps, scale=1.0, quota=(), version_seed=0, app_netpol=False, skip=()):
    t = THEMES[theme]
    out = {}
    seen = set()
    ing_rules = {}
    for ns, app, rep, need, route, port in t["apps"]:
        if app in skip:
            continue
        if ns not in seen:
            seen.add(ns)
            namespace(s, ns, {"team": ns, "environment": "production"}, age=(150 + num(ns, 100)) * 1440)
            if ns in quota:
                s.add("LimitRange", "defaults", ns, age=100 * 1440, spec={"limits": [{"type": "Container", "default": {
                    "cpu": "500m", "memory": "512Mi"}, "defaultRequest": {"cpu": "100m", "memory": "128Mi"}}]})
            if app_netpol:
                s.add("NetworkPolicy", "allow-ingress-controller", ns, age=80 * 1440, spec={
                    "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {
                        "kubernetes.io/metadata.name": "ingress-nginx"}}}]}, {"from": [{"podSelector": {}}]}],
                    "podSelector": {}, "policyTypes": ["Ingress"]})
        ver = "%d.%d.%d" % (1 + num(app, 4), num(app + "m", 30), num(app + str(version_seed), 20))
        envs = [env("APP_ENV", "production"), env("LOG_FORMAT", "json"), env("PORT", str(port)),
                env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://otel-collector.monitoring.svc:4317")]
        for d in need:
            dep = deps.get(d)
            if not dep:
                continue
            pre = {"db": "DB", "db2": "DB2", "cache": "REDIS"}[d]
            sname = "%s-credentials" % dep["name"]
            if s.get("Secret", ns, sname) is None:
                secret(s, ns, sname, list(dep["secret_keys"]), age=(60 + num(ns, 60)) * 1440,
                       labels={"app.kubernetes.io/managed-by": "external-secrets"},
                       ann={"reconcile.external-secrets.io/data-hash": hexh(ns + sname, 32)})
            envs += [env(pre + "_HOST", dep["host"]), env(pre + "_PORT", str(dep["port"]))]
            if d != "cache":
                envs += [env(pre + "_NAME", app.split("-")[0]), env_secret(pre + "_USER", sname, "username")]
            envs.append(env_secret(pre + "_PASSWORD", sname, dep["secret_keys"][-1]))
        cmn = app + "-config"
        configmap(s, ns, cmn, {"LOG_LEVEL": "info", "FEATURE_FLAGS": "new-pricing,async-export",
                               "HTTP_TIMEOUT_MS": "5000", "POOL_SIZE": str(10 + num(app, 20))},
                  labels={"app.kubernetes.io/name": app, "app.kubernetes.io/part-of": theme},
                  age=(10 + num(app, 50)) * 1440)
        lab = {"app.kubernetes.io/name": app, "app.kubernetes.io/part-of": theme}
        is_worker = route == "worker"
        c = ctr(app, "%s/%s:%s" % (t["reg"], app, ver), port, "http", env=envs,
                envfrom=[{"configMapRef": {"name": cmn}}], cpu="%dm" % (100 + 50 * num(app, 6)),
                mem="%dMi" % (256 * (1 + num(app, 3))), lmem="%dMi" % (512 * (1 + num(app, 3))),
                ready=http_probe("/ready", "http", 5, 10), live=http_probe("/healthz", "http", 20, 20, 2, 3),
                extra_ports=[("metrics", 9090)])
        reps = max(1, int(round(rep * scale)))
        w = WL(s, "Deployment", ns, app, reps, [c], sel={"app.kubernetes.io/name": app}, plabels=lab,
               labels=dict(lab, **{"app.kubernetes.io/version": ver}), sa=app, age=(30 + num(app, 60)) * 1440,
               rev=2 + num(app + "r", 12), tpl_ann={"prometheus.io/scrape": "true", "prometheus.io/port": "9090"})
        serviceaccount(s, ns, app, age=(30 + num(app, 60)) * 1440)
        svc = None
        if not is_worker:
            svc = service(s, ns, app, {"app.kubernetes.io/name": app}, [("http", 80, "http")], labels=lab,
                          age=(30 + num(app, 60)) * 1440)
        if route and not is_worker:
            ing_rules.setdefault(ns, []).append((route, app))
        out[app] = {"wl": w, "svc": svc, "ns": ns, "name": app, "deps": need}
    for ns, rules in ing_rules.items():
        s.add("Ingress", ns, ns, age=100 * 1440, ann={"cert-manager.io/cluster-issuer": "letsencrypt-prod",
                                                        "nginx.ingress.kubernetes.io/proxy-body-size": "8m"},
              spec={"ingressClassName": "nginx", "rules": [{"host": t["domain"], "http": {"paths": [
                  {"backend": {"service": {"name": app, "port": {"name": "http"}}}, "path": route,
                   "pathType": "Prefix"} for route, app in rules]}}],
                  "tls": [{"hosts": [t["domain"]], "secretName": "%s-tls" % ns}]},
              status={"loadBalancer": {"ingress": [{"ip": "20.%d.%d.%d" % (num(s.iid, 200), num(ns, 250), 7)}]}})
        secret(s, ns, "%s-tls" % ns, ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls",
               ann={"cert-manager.io/certificate-name": ns + "-tls", "cert-manager.io/issuer-name": "letsencrypt-prod"})
    for ns in quota:
        pods = [p for p in s.pods(ns)]
        used_mem = sum(mem_bytes(c["resources"].get("limits", {}).get("memory", "0")) for p in pods
                       for c in p["spec"]["containers"]) // (1024 ** 2)
        used_cpu = sum(int(c["resources"]["requests"]["cpu"].rstrip("m")) for p in pods for c in p["spec"]["containers"])
        s.add("ResourceQuota", ns + "-compute", ns, age=100 * 1440,
              spec={"hard": {"limits.memory": "%dGi" % (used_mem // 1024 + 8), "requests.cpu": "%d" % (used_cpu // 1000 + 4),
                             "pods": "50"}},
              status={"hard": {"limits.memory": "%dGi" % (used_mem // 1024 + 8), "requests.cpu": "%d" % (used_cpu // 1000 + 4),
                               "pods": "50"},
                      "used": {"limits.memory": "%dMi" % used_mem, "requests.cpu": "%dm" % used_cpu,
                               "pods": str(len(pods))}})
    return out


def cronjob(s, ns, name, image, schedule="0 3 * * *", sa="default"):
    cj = s.add("CronJob", name, ns, age=60 * 1440,
               spec={"concurrencyPolicy": "Forbid", "failedJobsHistoryLimit": 1, "schedule": schedule,
                     "successfulJobsHistoryLimit": 3, "suspend": False,
                     "jobTemplate": {"spec": {"backoffLimit": 2, "template": {"spec": {
                         "containers": [{"name": name, "image": image}], "restartPolicy": "OnFailure",
                         "serviceAccountName": sa}}}}},
               status={"lastScheduleTime": s.ts(300), "lastSuccessfulTime": s.ts(290)})
    jn = "%s-%d" % (name, 28600000 + num(name, 99999))
    job = s.add("Job", jn, ns, owner=cj, age=300, labels={"job-name": jn},
                spec={"backoffLimit": 2, "completionMode": "NonIndexed", "completions": 1, "parallelism": 1,
                      "template": {"spec": {"containers": [{"name": name, "image": image}],
                                            "restartPolicy": "OnFailure"}}},
                status={"completionTime": s.ts(290), "conditions": [{"lastProbeTime": s.ts(290),
                                                                      "lastTransitionTime": s.ts(290), "status": "True",
                                                                      "type": "Complete"}],
                        "ready": 0, "startTime": s.ts(300), "succeeded": 1, "uncountedTerminatedPods": {}})
    n = s.nodes[num(name, len(s.nodes))] if not s.nodes[num(name, len(s.nodes))]["taints"] else s.nodes[-1]
    pn = "%s-%s" % (jn, hsh(jn, 5))
    s.add("Pod", pn, ns, labels={"job-name": jn, "batch.kubernetes.io/job-name": jn,
                                 "controller-uid": job["metadata"]["uid"]}, owner=job, age=300,
          spec={"containers": [{"name": name, "image": image, "resources": {"requests": {"cpu": "100m",
                                                                                            "memory": "128Mi"}}}],
                "nodeName": n["name"], "restartPolicy": "OnFailure", "serviceAccountName": sa},
          status={"conditions": [cond("Initialized", "True", s.ts(300)),
                                 cond("Ready", "False", s.ts(290), "PodCompleted"),
                                 cond("ContainersReady", "False", s.ts(290), "PodCompleted"),
                                 cond("PodScheduled", "True", s.ts(300))],
                  "containerStatuses": [{"containerID": "containerd://" + hexh(pn), "image": image,
                                         "imageID": image_id(image), "lastState": {}, "name": name, "ready": False,
                                         "restartCount": 0, "started": False,
                                         "state": {"terminated": {"containerID": "containerd://" + hexh(pn),
                                                                  "exitCode": 0, "finishedAt": s.ts(290),
                                                                  "reason": "Completed", "startedAt": s.ts(299)}}}],
                  "hostIP": n["ip"], "phase": "Succeeded", "podIP": "%s.%d.250" % (s.plat["pod"], n["idx"] + 10),
                  "qosClass": "Burstable", "startTime": s.ts(300)})
    s.event(job, "Completed", "Job completed", type="Normal", first=290, comp="job-controller")
    s.event(cj, "SawCompletedJob", "Saw completed job: %s, status: Complete" % jn, type="Normal", first=290,
            comp="cronjob-controller")


# ----------------------------------------------------------------------------
# symptoms on clients (cascades) and common event bundles
# ----------------------------------------------------------------------------
def clients_of(apps, dep_key):
    return [a for a in apps.values() if dep_key in a["deps"]]


def cascade(s, apps, dep_key, mode, detail, since=18, frac=1.0, only=None):
    """mode: 'unready' (readiness 503) or 'crash' (exit 1 with message)"""
    for a in clients_of(apps, dep_key):
        if only and a["name"] not in only:
            continue
        pods = a["wl"].pods
        k = max(1, int(round(len(pods) * frac)))
        for i, p in enumerate(pods[:k]):
            cname = a["name"]
            if mode == "unready":
                cs = cs_of(p, cname)
                cs["ready"] = False
                pod_not_ready(s, p, since - i * 0.3)
                s.event(p, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 503",
                        count=int(since * 6) - i, first=since - i * 0.3, last=0.1, field="spec.containers{%s}" % cname)
            else:
                set_crashloop(s, p, cname, 4 + num(p["metadata"]["name"], 5), "Error", 1, detail,
                              last_start=3.2 + i * 0.1, last_end=3.0 + i * 0.1)
                s.event(p, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (
                    cname, p["metadata"]["name"], p["metadata"]["namespace"], p["metadata"]["uid"]),
                        count=30 + i * 3, first=since - i * 0.3, last=0.4, field="spec.containers{%s}" % cname)


def ev_backoff(s, pod, cname, count, first):
    s.event(pod, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (
        cname, pod["metadata"]["name"], pod["metadata"]["namespace"], pod["metadata"]["uid"]),
            count=count, first=first, last=0.3, field="spec.containers{%s}" % cname)


def ev_pull_fail(s, pod, cname, image, reason_text, first, count=8):
    f = "spec.containers{%s}" % cname
    s.event(pod, "Pulling", 'Pulling image "%s"' % image, type="Normal", count=count, first=first, last=2, field=f)
    s.event(pod, "Failed", 'Failed to pull image "%s": %s' % (image, reason_text), count=count, first=first - 0.1,
            last=2, field=f)
    s.event(pod, "Failed", "Error: ErrImagePull", count=count, first=first - 0.1, last=2, field=f)
    s.event(pod, "BackOff", 'Back-off pulling image "%s"' % image, type="Normal", count=count * 5, first=first - 0.2,
            last=0.5, field=f)
    s.event(pod, "Failed", "Error: ImagePullBackOff", count=count * 5, first=first - 0.2, last=0.5, field=f)


def ev_started(s, pod, first):
    for c in pod["spec"]["containers"]:
        f = "spec.containers{%s}" % c["name"]
        s.event(pod, "Pulled", 'Container image "%s" already present on machine' % c["image"], type="Normal",
                first=first, field=f)
        s.event(pod, "Created", "Created container %s" % c["name"], type="Normal", first=first, field=f)
        s.event(pod, "Started", "Started container %s" % c["name"], type="Normal", first=first, field=f)


def ev_scheduled(s, pod, first):
    s.event(pod, "Scheduled", "Successfully assigned %s/%s to %s" % (
        pod["metadata"]["namespace"], pod["metadata"]["name"], pod["spec"].get("nodeName")), type="Normal",
            first=first, comp="default-scheduler")


# ----------------------------------------------------------------------------
# incident plumbing
# ----------------------------------------------------------------------------
def base(iid, plat, day, pools, extras=()):
    now = datetime(2024, 5, 6, 7, 0) + timedelta(days=day, minutes=num(iid, 600))
    s = Snap(iid, now, plat)
    h = platform(s, pools)
    noise(s, h["sc"], extras)
    return s, h


def fresh(s, pod, age):
    pod["metadata"]["creationTimestamp"] = s.ts(age)
    pod["metadata"]["uid"] = s.uid("Pod-new", pod["metadata"]["namespace"], pod["metadata"]["name"], str(age))
    pod["status"]["startTime"] = s.ts(age)
    for c in pod["status"]["conditions"]:
        c["lastTransitionTime"] = s.ts(age - 0.1)
    for c in pod["status"].get("containerStatuses", []):
        if "running" in c["state"]:
            c["state"]["running"]["startedAt"] = s.ts(age - 0.3)


def waiting_config(s, pod, cname, msg, age, count=None):
    fresh(s, pod, age)
    set_waiting(s, pod, cname, "CreateContainerConfigError", msg, age - 0.1)
    pod["status"]["phase"] = "Pending"
    ev_scheduled(s, pod, age)
    c = next(c for c in pod["spec"]["containers"] if c["name"] == cname)
    f = "spec.containers{%s}" % cname
    n = count or int(age * 5)
    s.event(pod, "Pulled", 'Container image "%s" already present on machine' % c["image"], type="Normal", count=n,
            first=age - 0.1, last=0.2, field=f)
    s.event(pod, "Failed", "Error: " + msg, count=n, first=age - 0.1, last=0.2, field=f)


def unschedulable(s, pod, msg, age, count=None):
    set_pending(s, pod, msg, age)
    pod["metadata"]["creationTimestamp"] = s.ts(age)
    s.event(pod, "FailedScheduling", msg, count=count or max(1, int(age / 5)), first=age, last=min(age, 1.5),
            comp="default-scheduler")


def node_down(s, node, since, wl_replace=True):
    o = node["obj"]
    for c in o["status"]["conditions"]:
        c.update(status="Unknown", reason="NodeStatusUnknown", message="Kubelet stopped posting node status.",
                 lastHeartbeatTime=s.ts(since + 0.7), lastTransitionTime=s.ts(since))
    o["spec"]["taints"] = o["spec"].get("taints", []) + [
        {"effect": "NoSchedule", "key": "node.kubernetes.io/unreachable", "timeAdded": s.ts(since)},
        {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "timeAdded": s.ts(since - 0.1)}]
    node["ready"] = False
    node["taints"] = o["spec"]["taints"]
    s.event(o, "NodeNotReady", "Node %s status is now: NodeNotReady" % node["name"], type="Normal", first=since,
            comp="node-controller")
    others = [n for n in s.nodes if n is not node and n["pool"] == node["pool"] and not any(
        t["effect"] == "NoSchedule" for t in n["taints"])] or [n for n in s.nodes if n is not node and n["pool"] != "cp"]
    k = 0
    for w in list(s.wls):
        for p in list(w.pods):
            if p["spec"].get("nodeName") != node["name"] or p["status"].get("phase") != "Running":
                continue
            for c in p["status"]["conditions"]:
                if c["type"] in ("Ready", "ContainersReady"):
                    c.update(status="False", lastTransitionTime=s.ts(since - 0.1))
                    c.pop("reason", None)
                    c.pop("message", None)
            for cs in p["status"]["containerStatuses"]:
                cs["ready"] = False
            s.event(p, "NodeNotReady", "Node is not ready", first=since - 0.1, comp="node-controller")
            if w.kind == "DaemonSet":
                continue
            p["status"]["conditions"].insert(0, cond("DisruptionTarget", "True", s.ts(since - 5),
                                                     "DeletionByTaintManager",
                                                     "Taint manager: deleting due to NoExecute taint"))
            p["metadata"]["deletionTimestamp"] = s.ts(since - 5.5)
            p["metadata"]["deletionGracePeriodSeconds"] = 30
            s.event(p, "TaintManagerEviction", "Marking for deletion Pod %s/%s" % (
                p["metadata"]["namespace"], p["metadata"]["name"]), type="Normal", first=since - 5,
                    comp="taint-eviction-controller")
            if w.kind == "Deployment" and wl_replace:
                rs = next(r for r in w.rs if r["metadata"]["uid"] == p["metadata"]["ownerReferences"][0]["uid"])
                n2 = others[k % len(others)]
                k += 1
                np_ = w.add_pod(rs, "%s-%s" % (rs["metadata"]["name"], hsh(p["metadata"]["name"] + "r", 5)), n2,
                                since - 5.2, rs_hash=rs["_hash"])
                ev_scheduled(s, np_, since - 5.2)
                ev_started(s, np_, since - 5.5)


def finish(s, truth, noise_variant=0):
    old_noise(s, noise_variant)
    for w in s.wls:
        w.finalize()
    finalize_endpoints(s)
    n = s.write(truth)
    return n


def truth(kind, ns, name, fault, symptom):
    return {"kind": kind, "namespace": ns, "name": name, "fault": fault, "symptom": symptom}


# ----------------------------------------------------------------------------
# the incidents
# ----------------------------------------------------------------------------
GEN = [("general", 5, 8, 32, None, None)]


def inc01(iid):
    s, h = base(iid, "eks", 0, [("general", 5, 8, 32, None, None), ("db", 2, 16, 128, None, None)], ("argocd",))
    db = zalando_pg(s, "shop-data", "orders-pg", n=2, sc="gp3", pool="db", mem="8Gi")
    cache = bitnami_redis(s, "shop-data", "cart", replicas=1)
    apps = app_tier(s, "shop", {"db": db, "cache": cache})
    cronjob(s, "orders", "orders-reconcile", THEMES["shop"]["reg"] + "/orders-reconcile:1.4.2")
    sec = "orders-pg-walg"
    keys = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "WALG_S3_PREFIX", "AWS_REGION"]
    db["wl"].patch(lambda t: t["containers"][0]["env"].extend([env_secret(k, sec, k) for k in keys]))
    for i, p in enumerate(db["wl"].pods):
        waiting_config(s, p, "postgres", 'secret "%s" not found' % sec, 24 - i * 3)
    db["cr"]["status"]["PostgresClusterStatus"] = "Running"
    cascade(s, apps, "db", "crash", "FATAL: could not connect to orders-pg.shop-data.svc.cluster.local:5432: "
                                    "connection refused", since=22)
    return s, truth("Secret", "shop-data", sec, "secret-missing",
                    "orders-api, catalog-api and checkout-api keep restarting with 'connection refused' to the "
                    "orders postgres since the db node group was rotated this morning")


def inc02(iid):
    s, h = base(iid, "gke", 1, [("default-pool", 4, 8, 32, None, None), ("highmem", 2, 16, 128, None, None)],
                ("external-secrets",))
    db = cnpg(s, "saas-db", "tally-pg", n=3, sc="premium-rwo", pool="highmem")
    cache = bitnami_redis(s, "saas-db", "tally-cache", replicas=2, sc="premium-rwo")
    apps = app_tier(s, "saas", {"db": db, "cache": cache}, scale=1.5)
    sec = "billing-provider-keys"
    for a in ("billing-api", "invoice-worker"):
        apps[a]["wl"].patch(lambda t: t["containers"][0].setdefault("envFrom", []).append({"secretRef": {"name": sec}}))
    # GKE node auto-upgrade recreated part of the pods
    for a in ("billing-api", "invoice-worker"):
        for i, p in enumerate(apps[a]["wl"].pods):
            if i % 2 == 0:
                waiting_config(s, p, a, 'secret "%s" not found' % sec, 33 - i)
    s.event(s.nodes[1]["obj"], "NodeUpgrade", "Upgrading node %s to 1.29.1-gke.1589018" % s.nodes[1]["name"],
            type="Normal", first=40, comp="gke-node-upgrade")
    return s, truth("Secret", "billing", sec, "secret-missing",
                    "invoices are not being generated and half of billing-api pods never start after the "
                    "node auto-upgrade")


def inc03(iid):
    s, h = base(iid, "aks", 2, [("system", 3, 8, 32, None, None), ("apps", 4, 8, 32, None, None)], ("logging",))
    db = zalando_pg(s, "logistics-db", "dispatch-pg", n=2, sc="managed-csi-premium")
    cache = bitnami_redis(s, "logistics-db", "fleet-cache", replicas=1, sc="managed-csi-premium")
    apps = app_tier(s, "logistics", {"db": db, "cache": cache}, scale=1.5)
    w = apps["dispatch-api"]["wl"]
    cm = "dispatch-api-config"
    new = w.rollout(lambda t: t["containers"][0]["env"].append(env_cm("ROUTING_ENGINE_URL", cm, "ROUTING_ENGINE_URL")),
                    2, age=26, old_keep=len(w.pods) - 1)
    for i, p in enumerate(new):
        waiting_config(s, p, "dispatch-api", "couldn't find key ROUTING_ENGINE_URL in ConfigMap %s/%s" % (
            "dispatch", cm), 26 - i * 0.5)
    w.stuck = 16
    s.event(w.ctrl, "ScalingReplicaSet", "Scaled up replica set %s to 2" % w.rs[-1]["metadata"]["name"],
            type="Normal", first=26, comp="deployment-controller")
    s.event(w.ctrl, "ScalingReplicaSet", "Scaled down replica set %s to %d" % (
        w.rs[0]["metadata"]["name"], len(w.pods) - 2), type="Normal", first=26, comp="deployment-controller")
    return s, truth("ConfigMap", "dispatch", cm, "configmap-key-missing",
                    "the dispatch-api release that adds routing-engine support has been rolling out for 25 "
                    "minutes and the new pods never start")


def inc04(iid):
    s, h = base(iid, "metal", 3, [("worker", 5, 16, 64, None, None)])
    db = cnpg(s, "fin-db", "ledger-pg", n=3, size="200Gi", sc="local-path", mem="8Gi")
    name = "ledger-pgbouncer"
    cm = "ledger-pgbouncer-settings"
    configmap(s, "fin-db", cm, {"POOL_MODE": "transaction", "MAX_CLIENT_CONN": "2000", "AUTH_TYPE": "scram-sha-256",
                                "LISTEN_PORT": "5432"}, age=3 * 1440)
    c = ctr("pgbouncer", "docker.io/bitnami/pgbouncer:1.22.0-debian-12-r2", 5432, "pgbouncer", cpu="100m",
            mem="64Mi", lmem="256Mi",
            env=[env("POSTGRESQL_HOST", "ledger-pg-rw.fin-db.svc.cluster.local"),
                 env_secret("POSTGRESQL_PASSWORD", "ledger-pg-app", "password"),
                 env_cm("PGBOUNCER_POOL_MODE", cm, "POOL_MODE"), env_cm("PGBOUNCER_MAX_CLIENT_CONN", cm, "MAX_CLIENT_CONN"),
                 env_cm("PGBOUNCER_DEFAULT_POOL_SIZE", cm, "DEFAULT_POOL_SIZE"),
                 env_cm("PGBOUNCER_PORT", cm, "LISTEN_PORT")],
            ready=tcp_probe("pgbouncer", 5, 10), live=tcp_probe("pgbouncer", 30, 20))
    w = WL(s, "Deployment", "fin-db", name, 2, [c], sel={"app": name}, sa=name, age=60 * 1440,
           strategy={"type": "Recreate"})
    serviceaccount(s, "fin-db", name)
    service(s, "fin-db", name, {"app": name}, [("postgres", 5432, "pgbouncer")], labels={"app": name})
    dep = dict(db, host="ledger-pgbouncer.fin-db.svc.cluster.local")
    mysql = bitnami_mysql(s, "fin-db", "identity", sc="local-path")
    apps = app_tier(s, "fintech", {"db": dep, "db2": mysql}, scale=2.0, app_netpol=True)
    for i, p in enumerate(w.pods):
        waiting_config(s, p, "pgbouncer", "couldn't find key DEFAULT_POOL_SIZE in ConfigMap fin-db/%s" % cm,
                       14 - i * 0.2)
    cascade(s, apps, "db", "crash", "error: dial tcp %s:5432: connect: connection refused" % (
        s.get("Service", "fin-db", name)["spec"]["clusterIP"]), since=13)
    return s, truth("ConfigMap", "fin-db", cm, "configmap-key-missing",
                    "ledger-api and posting-worker crash-loop with 'connection refused' on port 5432 since the "
                    "pooler was restarted 15 minutes ago")


def inc05(iid):
    s, h = base(iid, "eks", 4, [("general", 6, 8, 32, None, None)], ("velero",))
    sc = "gp3-encrypted"
    # the class every stateful workload here was created with; it was deleted during a storage cleanup
    PROVISIONER[(iid, sc)] = "ebs.csi.aws.com"
    db = cnpg(s, "fin-db", "ledger-pg", n=2, sc=sc, size="150Gi")
    cache = bitnami_redis(s, "fin-db", "session", replicas=1, sc=sc)
    s.remove("StorageClass", None, sc)
    name = "risk-mysql"
    mysql = bitnami_mysql(s, "fin-db", "risk", sc=sc, age=45)
    apps = app_tier(s, "fintech", {"db": db, "db2": mysql}, scale=1.0)
    pvc = s.get("PersistentVolumeClaim", "fin-db", "data-%s-0" % name)
    s.remove("PersistentVolume", None, pvc["spec"]["volumeName"])
    pvc["spec"].pop("volumeName")
    pvc["status"] = {"phase": "Pending"}
    for k in ("pv.kubernetes.io/bind-completed", "pv.kubernetes.io/bound-by-controller"):
        pvc["metadata"]["annotations"].pop(k)
    s.event(pvc, "ProvisioningFailed", 'storageclass.storage.k8s.io "%s" not found' % sc, count=180, first=44,
            last=0.2, comp="persistentvolume-controller")
    p = mysql["wl"].pods[0]
    unschedulable(s, p, "0/6 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: "
                        "0/6 nodes are available: 6 Preemption is not helpful for scheduling.", 44, count=9)
    cascade(s, apps, "db2", "crash", "Error: dial tcp: lookup risk-mysql.fin-db.svc.cluster.local: no such host"
            if False else "ERROR 2003 (HY000): Can't connect to MySQL server on 'risk-mysql.fin-db.svc.cluster.local:3306' (111)",
            since=40)
    return s, truth("StorageClass", "", sc, "storageclass-missing",
                    "the new risk MySQL deployed 45 minutes ago never came up; fraud-scorer, payments-api and "
                    "auth-service crash with 'Can't connect to MySQL server'")


def inc06(iid):
    s, h = base(iid, "gke", 5, [("pool-a", 4, 8, 32, None, None), ("pool-gpu", 2, 16, 64,
                                                                     [{"effect": "NoSchedule", "key": "nvidia.com/gpu",
                                                                       "value": "present"}], None)], ("argocd",))
    sc = "ssd-regional"
    PROVISIONER[(iid, sc)] = "pd.csi.storage.gke.io"
    db = zalando_pg(s, "media-data", "catalog-pg", n=2, sc=sc, size="80Gi", pool="pool-a")
    cache = bitnami_redis(s, "media-data", "edge", replicas=2, sc="premium-rwo")
    apps = app_tier(s, "media", {"db": db, "cache": cache}, scale=1.0)
    s.remove("StorageClass", None, sc)
    name = "thumbnailer"
    pvc = pvc_pv(s, "ingest", "thumbnail-cache", "200Gi", sc, labels={"app.kubernetes.io/name": name}, age=31,
                 bound=False)
    s.event(pvc, "ProvisioningFailed", 'storageclass.storage.k8s.io "%s" not found' % sc, count=120, first=31,
            last=0.3, comp="persistentvolume-controller")
    c = ctr(name, THEMES["media"]["reg"] + "/thumbnailer:3.2.0", 8080, "http", cpu="1", mem="2Gi", lmem="4Gi",
            mounts=[{"mountPath": "/cache", "name": "cache"}], ready=http_probe("/ready", "http", 5, 10))
    w = WL(s, "Deployment", "ingest", name, 2, [c], sel={"app.kubernetes.io/name": name}, sa="thumbnailer", age=31,
           volumes=[{"name": "cache", "persistentVolumeClaim": {"claimName": "thumbnail-cache"}}], rev=1)
    serviceaccount(s, "ingest", name, age=31)
    for p in w.pods:
        unschedulable(s, p, "0/6 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: "
                            "0/6 nodes are available: 6 Preemption is not helpful for scheduling.", 30, count=7)
    return s, truth("StorageClass", "", sc, "storageclass-missing",
                    "the new thumbnailer service deployed half an hour ago has no running pods; uploads show no "
                    "previews")


def inc07(iid):
    s, h = base(iid, "eks", 6, [("general", 6, 8, 32, None, None)], ("logging",))
    db = zalando_pg(s, "records-db", "records-pg", n=3, sc="gp3", size="120Gi", mem="4Gi")
    apps = app_tier(s, "health", {"db": db}, scale=1.3)
    csi = h["csi"]
    for p in csi.pods:
        s.objs["Pod"].remove(p)
    csi.pods = []
    csi.ctrl["spec"]["replicas"] = 0
    csi.rs[-1]["spec"]["replicas"] = 0
    csi.ctrl["metadata"]["generation"] += 1
    s.event(csi.ctrl, "ScalingReplicaSet", "Scaled down replica set %s to 0 from 2" % csi.rs[-1]["metadata"]["name"],
            type="Normal", first=58, comp="deployment-controller")
    prov = "ebs.csi.aws.com"
    msg = ("Waiting for a volume to be created either by the external provisioner '%s' or manually by the system "
           "administrator. If volume creation is delayed, please verify that the provisioner is running and "
           "correctly registered." % prov)
    # third postgres replica added 50 minutes ago
    db["cr"]["spec"]["numberOfInstances"] = 4
    w = db["wl"]
    w.ctrl["spec"]["replicas"] = 4
    p = w.add_pod(w.ctrl, "records-pg-3", w.nodes[0], 50, ordinal=3)
    p["metadata"]["labels"]["spilo-role"] = "replica"
    pvc = pvc_pv(s, "records-db", "pgdata-records-pg-3", "120Gi", "gp3", labels=dict(w.sel), age=50, bound=False)
    pvc["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = w.nodes[0]["name"]
    s.event(pvc, "WaitForFirstConsumer", "waiting for first consumer to be created before binding", type="Normal",
            first=50, comp="persistentvolume-controller")
    s.event(pvc, "ExternalProvisioning", msg, type="Normal", count=200, first=49.9, last=0.1,
            comp="persistentvolume-controller")
    unschedulable(s, p, 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded', 49,
                  count=6)
    pvc2 = pvc_pv(s, "records", "hl7-archive", "500Gi", "gp3", labels={"app.kubernetes.io/name": "hl7-bridge"},
                  age=35, bound=False)
    s.event(pvc2, "ExternalProvisioning", msg, type="Normal", count=140, first=35, last=0.2,
            comp="persistentvolume-controller")
    hw = apps["hl7-bridge"]["wl"]
    new = hw.rollout(lambda t: (t["volumes"].append({"name": "archive", "persistentVolumeClaim": {"claimName": "hl7-archive"}}),
                                t["containers"][0].setdefault("volumeMounts", []).append({"mountPath": "/archive", "name": "archive"})),
                     1, age=35)
    for q in new:
        unschedulable(s, q, 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded',
                      35, count=4)
    return s, truth("Deployment", "kube-system", "ebs-csi-controller", "provisioner-down",
                    "the fourth records-pg replica added 50 minutes ago is still Pending, and the hl7-bridge "
                    "rollout with the new archive volume is stuck too")


def inc08(iid):
    s, h = base(iid, "metal", 7, [("worker", 6, 16, 64, None, None)], ("argocd",))
    db = bitnami_pg(s, "saas-db", "tally", size="100Gi", sc="local-path", mem="8Gi")
    cache = bitnami_redis(s, "saas-db", "tally-cache", replicas=1, sc="local-path")
    apps = app_tier(s, "saas", {"db": db, "cache": cache}, scale=2.0)
    csi = h["csi"]
    for p in csi.pods:
        s.objs["Pod"].remove(p)
    csi.pods = []
    csi.ctrl["spec"]["replicas"] = 0
    csi.rs[-1]["spec"]["replicas"] = 0
    msg = ('waiting for a volume to be created, either by external provisioner "rancher.io/local-path" or manually '
           'created by system administrator')
    w = cache["wl_replicas"]
    w.ctrl["spec"]["replicas"] = 2
    p = w.add_pod(w.ctrl, w.name + "-1", w.nodes[1], 38, ordinal=1)
    pvc = pvc_pv(s, "saas-db", "redis-data-%s-1" % w.name, "8Gi", "local-path", labels=dict(w.sel), age=38,
                 bound=False)
    pvc["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = w.nodes[1]["name"]
    s.event(pvc, "ExternalProvisioning", msg, type="Normal", count=150, first=38, last=0.2,
            comp="persistentvolume-controller")
    unschedulable(s, p, 'running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the condition',
                  38, count=5)
    cj_pvc = pvc_pv(s, "billing", "invoice-exports", "50Gi", "local-path", age=22, bound=False,
                    labels={"app.kubernetes.io/name": "invoice-worker"})
    s.event(cj_pvc, "ExternalProvisioning", msg, type="Normal", count=90, first=22, last=0.3,
            comp="persistentvolume-controller")
    iw = apps["invoice-worker"]["wl"]
    new = iw.rollout(lambda t: (t["volumes"].append({"name": "exports", "persistentVolumeClaim": {"claimName": "invoice-exports"}}),
                                t["containers"][0].setdefault("volumeMounts", []).append({"mountPath": "/exports", "name": "exports"})),
                     2, age=22)
    for q in new:
        unschedulable(s, q, 'running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the '
                            'condition', 22, count=3)
    iw.stuck = 10
    return s, truth("Deployment", "local-path-storage", "local-path-provisioner", "provisioner-down",
                    "invoice-worker rollout with the new exports volume hangs with Pending pods, and the second "
                    "redis replica we added never started")


def inc09(iid):
    s, h = base(iid, "metal", 8, [("worker", 5, 16, 64, None, None)])
    PROVISIONER[(iid, "local-nvme")] = "kubernetes.io/no-provisioner"
    storage_class(s, "local-nvme", "kubernetes.io/no-provisioner", expand=False)
    db = bitnami_pg(s, "logistics-db", "trak", size="100Gi", sc="local-path", mem="4Gi")
    cache = bitnami_redis(s, "logistics-db", "fleet", replicas=1, sc="local-path")
    apps = app_tier(s, "logistics", {"db": db, "cache": cache}, scale=2.5)
    # static local PVs
    for i, n in enumerate([x for x in s.nodes if x["pool"] == "worker"][:4]):
        pvn = "local-nvme-%s" % n["name"]
        pv = s.add("PersistentVolume", pvn, age=200 * 1440, labels={"storage-tier": "nvme"},
                   spec={"accessModes": ["ReadWriteOnce"], "capacity": {"storage": "900Gi"},
                         "local": {"path": "/mnt/nvme0"}, "nodeAffinity": {"required": {"nodeSelectorTerms": [
                             {"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In",
                                                    "values": [n["name"]]}]}]}},
                         "persistentVolumeReclaimPolicy": "Retain", "storageClassName": "local-nvme",
                         "volumeMode": "Filesystem"},
                   status={"phase": "Available"})
        pv["metadata"]["finalizers"] = ["kubernetes.io/pv-protection"]
    # portal/tile-cache legitimately owns the first one
    n0 = [x for x in s.nodes if x["pool"] == "worker"][0]
    pv0 = s.get("PersistentVolume", None, "local-nvme-%s" % n0["name"])
    owner = pvc_pv(s, "portal", "tile-cache", "900Gi", "local-nvme", age=40 * 1440, bound=False)
    owner["spec"]["volumeName"] = pv0["metadata"]["name"]
    owner["status"] = {"accessModes": ["ReadWriteOnce"], "capacity": {"storage": "900Gi"}, "phase": "Bound"}
    pv0["spec"]["claimRef"] = {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": "tile-cache",
                               "namespace": "portal", "resourceVersion": owner["metadata"]["resourceVersion"],
                               "uid": owner["metadata"]["uid"]}
    pv0["status"] = {"lastPhaseTransitionTime": s.ts(40 * 1440), "phase": "Bound"}
    tc = WL(s, "Deployment", "portal", "tile-server", 1,
            [ctr("tile-server", THEMES["logistics"]["reg"] + "/tile-server:5.1.0", 8080, "http", cpu="500m",
                 mem="2Gi", mounts=[{"mountPath": "/tiles", "name": "tiles"}])],
            sa="tile-server", nsel={"kubernetes.io/hostname": n0["name"]}, age=40 * 1440,
            volumes=[{"name": "tiles", "persistentVolumeClaim": {"claimName": "tile-cache"}}])
    serviceaccount(s, "portal", "tile-server")
    service(s, "portal", "tile-server", tc.sel, [("http", 80, "http")])
    # the new claim pins the same volume
    pvc = pvc_pv(s, "dispatch", "route-tiles", "900Gi", "local-nvme", age=28, bound=False,
                 labels={"app.kubernetes.io/name": "route-planner"})
    pvc["spec"]["volumeName"] = pv0["metadata"]["name"]
    s.event(pvc, "FailedBinding", 'volume "%s" already bound to a different claim.' % pv0["metadata"]["name"],
            count=110, first=28, last=0.2, comp="persistentvolume-controller")
    rw = apps["route-planner"]["wl"]
    new = rw.rollout(lambda t: (t["volumes"].append({"name": "tiles", "persistentVolumeClaim": {"claimName": "route-tiles"}}),
                                t["containers"][0].setdefault("volumeMounts", []).append({"mountPath": "/tiles", "name": "tiles"})),
                     2, age=28)
    for q in new:
        unschedulable(s, q, "0/8 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: "
                            "0/8 nodes are available: 8 Preemption is not helpful for scheduling.", 28, count=6)
    rw.stuck = 18
    return s, truth("PersistentVolumeClaim", "dispatch", "route-tiles", "pv-bound-to-other-claim",
                    "route-planner's new version with the local tile cache has been stuck Pending for half an hour")


def inc10(iid):
    s, h = base(iid, "aks", 9, [("system", 2, 8, 32, None, None), ("user", 8, 8, 32, None, None)], ("logging",))
    db = cnpg(s, "media-data", "media-pg", n=2, sc="managed-csi-premium", mem="4Gi")
    cache = bitnami_redis(s, "media-data", "playback", replicas=2, sc="managed-csi-premium")
    apps = app_tier(s, "media", {"db": db, "cache": cache}, scale=4.0)
    w = apps["playback-api"]["wl"]
    keep = len(w.pods) - len(w.pods) // 4

    def big(t):
        t["containers"][0]["resources"] = {"limits": {"memory": "40Gi"}, "requests": {"cpu": "1", "memory": "40Gi"}}
    new = w.rollout(big, len(w.pods) // 4 + 1, age=42, old_keep=keep)
    n = len(s.nodes)
    for q in new:
        unschedulable(s, q, "0/%d nodes are available: %d Insufficient memory. preemption: 0/%d nodes are available: "
                            "%d No preemption victims found for incoming pod." % (n, n, n, n), 42, count=11)
    w.stuck = 32
    return s, truth("Deployment", "streaming", "playback-api", "insufficient-memory-requests",
                    "playback-api rollout started 40 minutes ago is stuck with new pods Pending; p99 latency up "
                    "because we are running fewer replicas")


def inc11(iid):
    s, h = base(iid, "metal", 10, [("worker", 5, 16, 64, None, None)], ("logging",))
    db = bitnami_pg(s, "records-db", "records", size="200Gi", sc="local-path", mem="8Gi")
    apps = app_tier(s, "health", {"db": db}, scale=2.0)
    w = db["wl"]

    def big(t):
        t["containers"][0]["resources"] = {"limits": {"memory": "96Gi", "cpu": "8"},
                                           "requests": {"cpu": "4", "memory": "96Gi"}}
    w.patch(big)
    w.rev_hash = "%s-%s" % (w.name, hsh("bigger", 10))
    p = w.pods[0]
    p["metadata"]["labels"]["controller-revision-hash"] = w.rev_hash
    n = len(s.nodes)
    unschedulable(s, p, "0/%d nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/"
                        "control-plane: }, %d Insufficient memory. preemption: 0/%d nodes are available: 3 Preemption "
                        "is not helpful for scheduling, %d No preemption victims found for incoming pod." % (
                            n, n - 3, n, n - 3), 21, count=8)
    cascade(s, apps, "db", "unready", None, since=20)
    return s, truth("StatefulSet", "records-db", "records-postgresql", "insufficient-memory-requests",
                    "patient portal and records API are down (503) since the postgres helm upgrade 20 minutes ago")


def inc12(iid):
    s, h = base(iid, "eks", 11, [("general", 10, 8, 32, None, None)], ("argocd", "logging"))
    db = cnpg(s, "logistics-db", "trak-pg", n=3, sc="gp3", mem="4Gi")
    cache = bitnami_redis(s, "logistics-db", "fleet", replicas=0, sc="gp3")
    apps = app_tier(s, "logistics", {"db": db, "cache": cache}, scale=4.0)
    node = next(n for n in s.nodes if n["name"] == cache["wl"].pods[0]["spec"]["nodeName"])
    node_down(s, node, 14)
    cascade(s, apps, "cache", "unready", None, since=12, frac=0.7)
    return s, truth("Node", "", node["name"], "node-not-ready",
                    "tracker-api and telemetry-ingest readiness is flapping with redis timeouts for the last 15 "
                    "minutes")


def inc13(iid):
    s, h = base(iid, "aks", 12, [("system", 3, 8, 32, None, None), ("apps", 6, 8, 32, None, None)], ("velero",))
    db = bitnami_mysql(s, "shop-data", "orders", sc="managed-csi-premium", mem="4Gi")
    cache = bitnami_redis(s, "shop-data", "cart", replicas=1, sc="managed-csi-premium")
    apps = app_tier(s, "shop", {"db": db, "cache": cache}, scale=2.0)
    node = next(n for n in s.nodes if n["name"] == db["wl"].pods[0]["spec"]["nodeName"])
    node_down(s, node, 23)
    cascade(s, apps, "db", "crash", "Error: connect ETIMEDOUT %s:3306" % s.get("Service", "shop-data", db["svc"])["spec"]["clusterIP"],
            since=20)
    return s, truth("Node", "", node["name"], "node-not-ready",
                    "checkout and orders are down: the apps restart with ETIMEDOUT to mysql since about 20 "
                    "minutes ago")


def inc14(iid):
    taint = [{"effect": "NoSchedule", "key": "dedicated", "value": "database"}]
    tol = [{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "database"}]
    s, h = base(iid, "gke", 13, [("default-pool", 6, 8, 32, None, None),
                                 ("db-pool", 3, 16, 128, taint, {"workload": "database"})], ("external-secrets",))
    db = cnpg(s, "fin-db", "ledger-pg", n=3, sc="premium-rwo", mem="16Gi", pool="db-pool", tols=tol)
    mysql = bitnami_mysql(s, "fin-db", "payments", sc="premium-rwo", mem="8Gi")
    w = mysql["wl"]
    # make it a db-pool workload from the start (it used to tolerate the taint)
    for t in w.templates():
        t["nodeSelector"] = {s.plat["poolkey"]: "db-pool"}
        t["tolerations"] = copy.deepcopy(tol)
    apps = app_tier(s, "fintech", {"db": db, "db2": mysql}, scale=1.5)
    # helm upgrade dropped the tolerations
    for t in w.templates():
        t.pop("tolerations", None)
    w.rev_hash = "%s-%s" % (w.name, hsh("upgrade", 10))
    p = w.pods[0]
    p["spec"]["nodeSelector"] = {s.plat["poolkey"]: "db-pool"}
    p["spec"]["tolerations"] = copy.deepcopy(DEFAULT_TOLS)
    p["metadata"]["labels"]["controller-revision-hash"] = w.rev_hash
    w.ctrl["metadata"]["labels"]["helm.sh/chart"] = "mysql-10.1.0"
    n = len(s.nodes)
    unschedulable(s, p, "0/%d nodes are available: 3 node(s) had untolerated taint {dedicated: database}, %d node(s) "
                        "didn't match Pod's node affinity/selector. preemption: 0/%d nodes are available: %d Preemption "
                        "is not helpful for scheduling." % (n, n - 3, n, n), 17, count=7)
    cascade(s, apps, "db2", "crash", "Error 2003: Can't connect to MySQL server on 'payments-mysql.fin-db.svc."
                                     "cluster.local:3306' (111 \"Connection refused\")", since=15)
    return s, truth("StatefulSet", "fin-db", "payments-mysql", "untolerated-taint",
                    "payments-api, fraud-scorer and auth-service crash-loop since the payments mysql chart was "
                    "upgraded 17 minutes ago")


def inc15(iid):
    s, h = base(iid, "gke", 14, [("default-pool", 5, 8, 32, None, None)], ("argocd",))
    db = cnpg(s, "shop-data", "catalog-pg", n=2, sc="premium-rwo", mem="4Gi")
    cache = bitnami_redis(s, "shop-data", "cart", replicas=1, sc="premium-rwo")
    apps = app_tier(s, "shop", {"db": db, "cache": cache}, scale=1.5)
    w = apps["catalog-api"]["wl"]
    lim = w.tpl["containers"][0]["resources"]["limits"]["memory"]
    for i, p in enumerate(w.pods):
        set_crashloop(s, p, "catalog-api", 11 + i * 2, "OOMKilled", 137, None, last_start=4.5 - i * 0.4,
                      last_end=3.0 - i * 0.4)
        ev_backoff(s, p, "catalog-api", 60 + i * 7, 38)
        s.event(p, "Pulled", 'Container image "%s" already present on machine' % p["spec"]["containers"][0]["image"],
                type="Normal", count=12 + i, first=38, last=3.2, field="spec.containers{catalog-api}")
    ing = s.get("Ingress", "catalog", "catalog")
    return s, truth("Deployment", "catalog", "catalog-api", "oomkilled",
                    "product pages return 502/503 and catalog-api pods keep restarting since the 'bulk price "
                    "import' started about 40 minutes ago")


def inc16(iid):
    s, h = base(iid, "eks", 15, [("general", 5, 8, 32, None, None)], ("external-secrets",))
    db = zalando_pg(s, "saas-db", "tally-pg", n=2, sc="gp3", mem="4Gi")
    cache = bitnami_redis(s, "saas-db", "tenant", replicas=2, sc="gp3", mem="512Mi", lmem="1Gi")
    apps = app_tier(s, "saas", {"db": db, "cache": cache}, scale=1.3)
    w = cache["wl_master"]
    p = w.pods[0]
    set_crashloop(s, p, "redis", 9, "OOMKilled", 137, None, last_start=7, last_end=2.4)
    ev_backoff(s, p, "redis", 48, 33)
    s.event(s.get("Node", None, p["spec"]["nodeName"]), "OOMKilling",
            "Memory cgroup out of memory: Killed process 4121 (redis-server) total-vm:1321944kB, anon-rss:1046852kB, "
            "file-rss:0kB, shmem-rss:0kB, UID:1001 pgtables:2240kB oom_score_adj:996", count=9, first=33, last=2.4,
            comp="kernel-monitor", host=p["spec"]["nodeName"])
    cascade(s, apps, "cache", "unready", None, since=30)
    return s, truth("StatefulSet", "saas-db", "tenant-redis-master", "oomkilled",
                    "tenant-api is returning 503 intermittently and notifier is not ready; started ~30 min ago")


def inc17(iid):
    s, h = base(iid, "aks", 16, [("system", 2, 8, 32, None, None), ("apps", 4, 8, 32, None, None)], ("logging",))
    db = zalando_pg(s, "records-db", "care-pg", n=2, sc="managed-csi-premium", mem="4Gi")
    cache = bitnami_redis(s, "records-db", "sched", replicas=1, sc="managed-csi-premium")
    apps = app_tier(s, "health", {"db": db, "cache": cache}, scale=1.0)
    w = apps["scheduling-api"]["wl"]
    img = THEMES["health"]["reg"] + "/scheduling-api:2.14.0-rc1"

    def newimg(t):
        t["containers"][0]["image"] = img
    new = w.rollout(newimg, 1, age=34, old_keep=len(w.pods))
    for q in new:
        fresh(s, q, 34)
        set_waiting(s, q, "scheduling-api", "ImagePullBackOff", 'Back-off pulling image "%s"' % img, 33)
        q["status"]["phase"] = "Pending"
        ev_scheduled(s, q, 34)
        ev_pull_fail(s, q, "scheduling-api", img,
                     'rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve '
                     'reference "%s": %s: not found' % (img, img, img), 33.5)
    w.stuck = 24
    return s, truth("Deployment", "clinic", "scheduling-api", "image-tag-not-found",
                    "the scheduling-api 2.14 release has been rolling out for over half an hour and the new pod "
                    "never becomes ready")


def inc18(iid):
    s, h = base(iid, "gke", 17, [("default-pool", 5, 8, 32, None, None)], ("logging",))
    mysql = bitnami_mysql(s, "logistics-db", "dispatch", sc="premium-rwo", mem="4Gi")
    cache = bitnami_redis(s, "logistics-db", "fleet", replicas=1, sc="premium-rwo")
    apps = app_tier(s, "logistics", {"db": mysql, "cache": cache}, scale=1.5)
    w = mysql["wl"]
    img = "docker.io/bitnami/mysql:8.0.37-debian-12-r99"
    w.patch(lambda t: t["containers"][0].update(image=img))
    w.rev_hash = "%s-%s" % (w.name, hsh("imgbump", 10))
    p = w.pods[0]
    p["metadata"]["labels"]["controller-revision-hash"] = w.rev_hash
    fresh(s, p, 19)
    set_waiting(s, p, "mysql", "ImagePullBackOff", 'Back-off pulling image "%s"' % img, 18)
    p["status"]["phase"] = "Pending"
    ev_scheduled(s, p, 19)
    ev_pull_fail(s, p, "mysql", img, 'rpc error: code = NotFound desc = failed to pull and unpack image "%s": '
                                     'failed to resolve reference "%s": %s: not found' % (img, img, img), 18.8, count=7)
    cascade(s, apps, "db", "crash", "panic: dial tcp %s:3306: connect: connection refused" % s.get(
        "Service", "logistics-db", mysql["svc"])["spec"]["clusterIP"], since=17)
    return s, truth("StatefulSet", "logistics-db", "dispatch-mysql", "image-tag-not-found",
                    "dispatch, tracking and the customer portal are down since the mysql minor upgrade 20 minutes "
                    "ago; apps crash with connection refused")


def inc19(iid):
    s, h = base(iid, "metal", 18, [("worker", 6, 16, 64, None, None)], ("argocd",))
    db = cnpg(s, "media-data", "media-pg", n=2, sc="local-path", mem="8Gi")
    cache = bitnami_redis(s, "media-data", "edge", replicas=1, sc="local-path")
    THEMES_REG = "harbor.lumen.internal/streaming"
    apps = app_tier(s, "media", {"db": db, "cache": cache}, scale=1.5)
    for a in apps.values():
        a["wl"].patch(lambda t: (t.__setitem__("imagePullSecrets", [{"name": "harbor-pull"}]),
                                 t["containers"][0].__setitem__("image", t["containers"][0]["image"].replace(
                                     THEMES["media"]["reg"], THEMES_REG))))
        for p in a["wl"].pods:
            for cs in p["status"]["containerStatuses"]:
                cs["image"] = cs["image"].replace(THEMES["media"]["reg"], THEMES_REG)
                cs["imageID"] = image_id(cs["image"])
    for ns in ("streaming", "accounts", "ingest"):
        if ns != "ingest":
            secret(s, ns, "harbor-pull", [".dockerconfigjson"], typ="kubernetes.io/dockerconfigjson", age=90 * 1440)
    w = apps["transcode-worker"]["wl"]
    img = THEMES_REG + "/transcode-worker:4.0.0"
    new = w.rollout(lambda t: t["containers"][0].update(image=img), 3, age=27, old_keep=len(w.pods) - 2)
    for q in new:
        fresh(s, q, 27)
        set_waiting(s, q, "transcode-worker", "ImagePullBackOff", 'Back-off pulling image "%s"' % img, 26)
        q["status"]["phase"] = "Pending"
        ev_scheduled(s, q, 27)
        s.event(q, "FailedToRetrieveImagePullSecret", "Unable to retrieve some image pull secrets (harbor-pull); "
                                                      "attempting to pull the image may not succeed.",
                count=40, first=27, last=0.5)
        ev_pull_fail(s, q, "transcode-worker", img,
                     'rpc error: code = Unknown desc = failed to pull and unpack image "%s": failed to resolve '
                     'reference "%s": pull access denied, repository does not exist or may require authorization: '
                     'server message: insufficient_scope: authorization failed' % (img, img), 26.8)
    w.stuck = 17
    return s, truth("Secret", "ingest", "harbor-pull", "imagepullsecret-missing",
                    "transcode-worker 4.0.0 rollout is stuck, new pods show ErrImagePull; the transcode backlog "
                    "is growing")


def inc20(iid):
    s, h = base(iid, "eks", 19, [("general", 6, 8, 32, None, None)], ("argocd",))
    db = cnpg(s, "fin-db", "ledger-pg", n=3, sc="gp3", mem="8Gi")
    mysql = bitnami_mysql(s, "fin-db", "core", sc="gp3")
    apps = app_tier(s, "fintech", {"db": db, "db2": mysql}, scale=1.5)
    w = apps["ledger-api"]["wl"]
    w.strategy = {"type": "Recreate"}
    w.ctrl["spec"]["strategy"] = {"type": "Recreate"}
    n_old = len(w.pods)
    new = w.rollout(lambda t: t["containers"][0].update(readinessProbe=http_probe("/health/ready", "http", 5, 10)),
                    n_old, age=16, old_keep=0)
    w.rs[0]["spec"]["replicas"] = 0
    for i, q in enumerate(new):
        cs_of(q, "ledger-api")["ready"] = False
        pod_not_ready(s, q, 16)
        ev_scheduled(s, q, 16)
        ev_started(s, q, 15.9)
        s.event(q, "Unhealthy", "Readiness probe failed: HTTP probe failed with statuscode: 404", count=95 - i,
                first=15.7, last=0.1, field="spec.containers{ledger-api}")
    s.event(w.ctrl, "ScalingReplicaSet", "Scaled down replica set %s to 0 from %d" % (w.rs[0]["metadata"]["name"], n_old),
            type="Normal", first=16.2, comp="deployment-controller")
    s.event(w.ctrl, "ScalingReplicaSet", "Scaled up replica set %s to %d" % (w.rs[-1]["metadata"]["name"], n_old),
            type="Normal", first=16.1, comp="deployment-controller")
    return s, truth("Deployment", "ledger", "ledger-api", "readiness-probe-misconfigured",
                    "api.quantaledger.io/ledger returns 503 from nginx since the 16:00 deploy; pods are Running")


def inc21(iid):
    s, h = base(iid, "aks", 20, [("system", 2, 8, 32, None, None), ("apps", 5, 8, 32, None, None)], ("velero",))
    live = exec_probe(["/bin/bash", "-ec", 'mysqladmin status -uroot -p"${MYSQL_ROOT_PASSWORD}"'], 5, 5, 1, 1)
    mysql = bitnami_mysql(s, "saas-db", "billing", sc="managed-csi-premium", mem="8Gi", size="300Gi", live=live)
    cache = bitnami_redis(s, "saas-db", "tenant", replicas=1, sc="managed-csi-premium")
    apps = app_tier(s, "saas", {"db": mysql, "cache": cache}, scale=1.5)
    p = mysql["wl"].pods[0]
    cs = cs_of(p, "mysql")
    cs.update(ready=False, restartCount=17, state={"running": {"startedAt": s.ts(0.2)}},
              lastState={"terminated": {"containerID": "containerd://" + hexh("mysqlkill"), "exitCode": 137,
                                        "finishedAt": s.ts(0.25), "reason": "Error", "startedAt": s.ts(1.3)}})
    pod_not_ready(s, p, 40)
    cmd = live["exec"]["command"]
    s.event(p, "Unhealthy", 'Liveness probe failed: command "%s" timed out' % " ".join(cmd), count=17, first=40,
            last=0.3, field="spec.containers{mysql}")
    s.event(p, "Unhealthy", "Readiness probe failed: mysqladmin: connect to server at 'localhost' failed\nerror: "
                            "'Can't connect to local MySQL server through socket '/opt/bitnami/mysql/tmp/mysql.sock' (2)'",
            count=70, first=40, last=0.2, field="spec.containers{mysql}")
    s.event(p, "Killing", "Container mysql failed liveness probe, will be restarted", type="Normal", count=17,
            first=39.9, last=0.3, field="spec.containers{mysql}")
    cascade(s, apps, "db", "crash", "Error: connect ECONNREFUSED %s:3306" % s.get(
        "Service", "saas-db", mysql["svc"])["spec"]["clusterIP"], since=38)
    return s, truth("StatefulSet", "saas-db", "billing-mysql", "liveness-probe-kills-container",
                    "billing and the tenant API have been down for 40 minutes; the billing mysql pod keeps "
                    "restarting after the host maintenance")


def inc22(iid):
    s, h = base(iid, "gke", 21, [("default-pool", 6, 8, 32, None, None)], ("external-secrets",))
    db = cnpg(s, "records-db", "records-pg", n=3, sc="premium-rwo", mem="8Gi")
    alias = service(s, "records-db", "records-db", {"cnpg.io/cluster": "records-pg", "role": "primay"},
                    [("postgres", 5432, 5432)], labels={"app.kubernetes.io/managed-by": "kustomize"}, age=60 * 1440,
                    ann={"kubectl.kubernetes.io/last-applied-configuration": "{...}"})
    alias["metadata"]["resourceVersion"] = s.nrv()
    dep = dict(db, host="records-db.records-db.svc.cluster.local", svc="records-db")
    cache = bitnami_redis(s, "records-db", "sched", replicas=1, sc="premium-rwo")
    apps = app_tier(s, "health", {"db": dep, "cache": cache}, scale=1.5)
    cascade(s, apps, "db", "crash", "FATAL: connection to server at \"records-db.records-db.svc.cluster.local\" (%s), "
                                    "port 5432 failed: Connection refused" % alias["spec"]["clusterIP"], since=26)
    return s, truth("Service", "records-db", "records-db", "service-selector-mismatch",
                    "all clinic and records apps crash-loop with 'connection refused' to records-db since a "
                    "kustomize change was applied ~25 minutes ago; the postgres pods themselves look healthy")


def inc23(iid):
    s, h = base(iid, "eks", 22, [("general", 7, 8, 32, None, None)], ("logging",))
    db = zalando_pg(s, "media-data", "catalog-pg", n=2, sc="gp3", mem="8Gi")
    name = "media-pgbouncer"
    c = ctr("pgbouncer", "docker.io/bitnami/pgbouncer:1.22.0-debian-12-r2", 6432, "pgbouncer", cpu="100m",
            mem="64Mi", lmem="256Mi", env=[env("POSTGRESQL_HOST", "catalog-pg.media-data.svc.cluster.local"),
                                           env("PGBOUNCER_PORT", "6432"), env("PGBOUNCER_POOL_MODE", "transaction")],
            ready=tcp_probe("pgbouncer", 5, 10), live=tcp_probe("pgbouncer", 30, 20))
    WL(s, "Deployment", "media-data", name, 3, [c], sel={"app": name}, sa=name, age=50 * 1440)
    serviceaccount(s, "media-data", name)
    svc = service(s, "media-data", name, {"app": name}, [("postgres", 5432, 5432)], labels={"app": name},
                  age=50 * 1440)
    dep = dict(db, host="media-pgbouncer.media-data.svc.cluster.local")
    cache = bitnami_redis(s, "media-data", "edge", replicas=2, sc="gp3")
    apps = app_tier(s, "media", {"db": dep, "cache": cache}, scale=1.5)
    cascade(s, apps, "db", "crash", "dial tcp %s:5432: connect: connection refused" % svc["spec"]["clusterIP"],
            since=19)
    return s, truth("Service", "media-data", name, "service-targetport-mismatch",
                    "playback, accounts and ingest services all fail with 'connection refused' to the database "
                    "pooler; pgbouncer pods are Running and Ready")


def inc24(iid):
    s, h = base(iid, "gke", 23, [("default-pool", 5, 8, 32, None, None), ("db-pool", 3, 16, 64, None, None)])
    db = cnpg(s, "fin-db", "ledger-pg", n=3, sc="premium-rwo", mem="8Gi", pool="db-pool")
    mysql = bitnami_mysql(s, "fin-db", "core", sc="premium-rwo")
    apps = app_tier(s, "fintech", {"db": db, "db2": mysql}, scale=2.0)
    db_netpol(s, "fin-db", "allow-mysql-clients", mysql["sel"], 3306, ["payments", "identity"])
    s.add("NetworkPolicy", "allow-ledger-pg-clients", "fin-db", age=21, spec={
        "ingress": [{"from": [{"namespaceSelector": {"matchExpressions": [
            {"key": "kubernetes.io/metadata.name", "operator": "In", "values": ["payments", "reporting"]}]}},
            {"podSelector": {"matchLabels": {"cnpg.io/cluster": "ledger-pg"}}}],
            "ports": [{"port": 5432, "protocol": "TCP"}]},
            {"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "cnpg-system"}}}],
             "ports": [{"port": 8000, "protocol": "TCP"}]}],
        "podSelector": {"matchLabels": {"cnpg.io/cluster": "ledger-pg"}}, "policyTypes": ["Ingress"]})
    cascade(s, apps, "db", "unready", None, since=20, only=("ledger-api", "posting-worker"))
    for p in apps["posting-worker"]["wl"].pods[:2]:
        set_crashloop(s, p, "posting-worker", 5, "Error", 1,
                      "dial tcp 10.52.6.14:5432: i/o timeout", last_start=2.5, last_end=1.2)
    return s, truth("NetworkPolicy", "fin-db", "allow-ledger-pg-clients", "networkpolicy-blocks-db",
                    "ledger-api is not ready and posting-worker fails with 'i/o timeout' to postgres since ~20 "
                    "minutes ago; payments still work")


def inc25(iid):
    s, h = base(iid, "aks", 24, [("system", 3, 8, 32, None, None), ("apps", 5, 8, 32, None, None)], ("argocd",))
    mysql = bitnami_mysql(s, "shop-data", "orders", sc="managed-csi-premium", mem="4Gi")
    cache = bitnami_redis(s, "shop-data", "cart", replicas=1, sc="managed-csi-premium")
    apps = app_tier(s, "shop", {"db": mysql, "cache": cache}, scale=1.5, app_netpol=True)
    s.add("NetworkPolicy", "orders-mysql-ingress", "shop-data", age=24, labels={"app.kubernetes.io/managed-by": "Helm"},
          ann={"meta.helm.sh/release-name": "orders", "meta.helm.sh/release-namespace": "shop-data"},
          spec={"ingress": [{"from": [{"podSelector": {"matchLabels": {"app.kubernetes.io/part-of": "shop"}}}],
                             "ports": [{"port": 3306, "protocol": "TCP"}]}],
                "podSelector": {"matchLabels": mysql["sel"]}, "policyTypes": ["Ingress"]})
    cascade(s, apps, "db", "crash", "Error: connect ETIMEDOUT %s:3306" % s.get(
        "Service", "shop-data", mysql["svc"])["spec"]["clusterIP"], since=22)
    return s, truth("NetworkPolicy", "shop-data", "orders-mysql-ingress", "networkpolicy-blocks-db",
                    "orders, catalog and checkout time out talking to mysql (ETIMEDOUT) since the orders chart "
                    "upgrade; mysql itself is Running and Ready")


def inc26(iid):
    s, h = base(iid, "eks", 25, [("general", 6, 8, 32, None, None)], ("velero",))
    db = zalando_pg(s, "saas-db", "tally-pg", n=2, sc="gp3", mem="4Gi")
    cache = bitnami_redis(s, "saas-db", "tenant", replicas=1, sc="gp3")
    apps = app_tier(s, "saas", {"db": db, "cache": cache}, scale=1.5, quota=("billing", "notify"))
    w = apps["invoice-worker"]["wl"]
    q = s.get("ResourceQuota", "billing", "billing-compute")
    used = sum(mem_bytes(c["resources"]["limits"]["memory"]) for p in s.pods("billing")
               for c in p["spec"]["containers"]) // (1024 ** 2)
    per = mem_bytes(w.tpl["containers"][0]["resources"]["limits"]["memory"]) // (1024 ** 2)
    rs = w.rs[-1]
    extra = 1
    for i in range(extra):
        np_ = w.add_pod(rs, "%s-%s" % (rs["metadata"]["name"], hsh("scale" + str(i), 5)), w.nodes[i], 29,
                        rs_hash=rs["_hash"])
        ev_scheduled(s, np_, 29)
    used += per * extra
    hard_mi = used + per // 2
    hard = "%dMi" % hard_mi if hard_mi % 1024 else "%dGi" % (hard_mi // 1024)
    q["spec"]["hard"]["limits.memory"] = hard
    q["status"]["hard"]["limits.memory"] = hard
    q["status"]["used"]["limits.memory"] = "%dMi" % used
    q["status"]["used"]["pods"] = str(len(s.pods("billing")))
    target = len(w.pods) + 5
    w.ctrl["spec"]["replicas"] = target
    rs["spec"]["replicas"] = target
    rs["metadata"]["annotations"]["deployment.kubernetes.io/desired-replicas"] = str(target)
    msg = ('pods "%s-%s" is forbidden: exceeded quota: billing-compute, requested: limits.memory=%dMi, used: '
           'limits.memory=%dMi, limited: limits.memory=%s' % (rs["metadata"]["name"], hsh("q", 5), per, used, hard))
    w.replica_failure = (msg, 28)
    s.event(rs, "FailedCreate", "Error creating: " + msg, count=38, first=28, last=0.4, comp="replicaset-controller")
    s.event(w.ctrl, "ScalingReplicaSet", "Scaled up replica set %s to %d from %d" % (
        rs["metadata"]["name"], target, len(w.pods) - 1), type="Normal", first=29, comp="deployment-controller")
    return s, truth("ResourceQuota", "billing", "billing-compute", "resourcequota-exceeded",
                    "we scaled invoice-worker up for month-end half an hour ago but only a few workers run; the "
                    "invoice queue keeps growing")


def inc27(iid):
    s, h = base(iid, "gke", 26, [("default-pool", 5, 8, 32, None, None)], ("argocd",))
    db = zalando_pg(s, "shop-data", "orders-pg", n=2, sc="premium-rwo", mem="4Gi")
    cache = bitnami_redis(s, "shop-data", "cart", replicas=1, sc="premium-rwo")
    apps = app_tier(s, "shop", {"db": db, "cache": cache}, scale=1.5)
    w = apps["orders-worker"]["wl"]
    sa = "orders-worker-sqs"
    w.rollout(lambda t: (t.__setitem__("serviceAccountName", sa), t.__setitem__("serviceAccount", sa),
                         t["containers"][0]["env"].append(env("QUEUE_URL", "https://sqs.eu-west-1.amazonaws.com/481516234200/orders-events"))),
              0, age=27)
    rs = w.rs[-1]
    rs["spec"]["replicas"] = 1
    msg = ('pods "%s-" is forbidden: error looking up service account orders/%s: serviceaccount "%s" not found' % (
        rs["metadata"]["name"], sa, sa))
    w.replica_failure = (msg, 27)
    w.stuck = 17
    s.event(rs, "FailedCreate", "Error creating: " + msg, count=19, first=27, last=1.0, comp="replicaset-controller")
    return s, truth("ServiceAccount", "orders", sa, "serviceaccount-missing",
                    "the orders-worker release that moves events to the queue has not produced a single new pod "
                    "in 25 minutes")


def inc28(iid):
    s, h = base(iid, "aks", 27, [("system", 2, 8, 32, None, None), ("apps", 5, 8, 32, None, None)], ("logging",))
    db = bitnami_pg(s, "fin-db", "ledger", size="20Gi", sc="managed-csi-premium", mem="4Gi")
    mysql = bitnami_mysql(s, "fin-db", "identity", sc="managed-csi-premium")
    apps = app_tier(s, "fintech", {"db": db, "db2": mysql}, scale=1.5)
    p = db["wl"].pods[0]
    set_crashloop(s, p, "postgresql", 8, "Error", 1,
                  '2024-06-02 03:14:07.112 GMT [1] LOG:  database system was interrupted; last known up at '
                  '2024-06-02 03:02:41 GMT\n2024-06-02 03:14:07.519 GMT [1] LOG:  redo starts at 1A/7F0013B8\n'
                  '2024-06-02 03:14:08.204 GMT [1] PANIC:  could not write to file "pg_wal/xlogtemp.61": No space left '
                  'on device\n2024-06-02 03:14:08.207 GMT [1] LOG:  startup process (PID 61) was terminated by signal 6: '
                  'Aborted', last_start=3.4, last_end=2.9)
    ev_backoff(s, p, "postgresql", 44, 31)
    s.event(p, "Unhealthy", "Readiness probe failed: 127.0.0.1:5432 - no response", count=40, first=31, last=3,
            field="spec.containers{postgresql}")
    cascade(s, apps, "db", "crash", "FATAL: connection to server at \"ledger-postgresql.fin-db.svc.cluster.local\", port "
                                    "5432 failed: Connection refused", since=30)
    return s, truth("PersistentVolumeClaim", "fin-db", "data-ledger-postgresql-0", "volume-full",
                    "ledger API and posting workers are down since ~03:15; the ledger postgres pod is crash-looping")


def inc29(iid):
    s, h = base(iid, "eks", 28, [("general", 6, 8, 32, None, None)], ("argocd",))
    conf = ("max_connections = 400\nshared_buffers = 4GBB\neffective_cache_size = 12GB\nwork_mem = 8MB\n"
            "maintenance_work_mem = 512MB\nwal_level = replica\nmax_wal_size = 4GB\n")
    db = bitnami_pg(s, "media-data", "media-catalog", size="100Gi", sc="gp3", mem="16Gi", override=conf)
    db["cm"]["metadata"]["creationTimestamp"] = s.ts(400 * 1440 / 10)
    db["cm"]["metadata"]["annotations"] = {"meta.helm.sh/release-name": "media-catalog",
                                           "meta.helm.sh/release-namespace": "media-data"}
    cache = bitnami_redis(s, "media-data", "edge", replicas=1, sc="gp3")
    apps = app_tier(s, "media", {"db": db, "cache": cache}, scale=1.3)
    p = db["wl"].pods[0]
    fresh(s, p, 26)
    set_crashloop(s, p, "postgresql", 9, "Error", 1,
                  'postgresql 09:41:12.87 INFO  ==> ** Starting PostgreSQL **\n2024-06-03 09:41:12.912 GMT [1] LOG:  '
                  'invalid value for parameter "shared_buffers": "4GBB"\n2024-06-03 09:41:12.912 GMT [1] HINT:  Valid '
                  'units for this parameter are "B", "kB", "MB", "GB", and "TB".\n2024-06-03 09:41:12.912 GMT [1] FATAL:  '
                  'configuration file "/opt/bitnami/postgresql/conf/conf.d/override.conf" contains errors',
                  last_start=2.2, last_end=2.1)
    ev_backoff(s, p, "postgresql", 70, 25)
    cascade(s, apps, "db", "unready", None, since=24)
    return s, truth("ConfigMap", "media-data", "media-catalog-postgresql-extended-configuration",
                    "bad-postgres-parameter",
                    "playback and accounts return 503 since the postgres tuning change was rolled out 25 minutes ago")


def inc30(iid):
    s, h = base(iid, "metal", 29, [("worker", 8, 16, 64, None, None)], ("logging",))
    db = cnpg(s, "shop-data", "orders-pg", n=2, sc="local-path", mem="4Gi")
    cache = bitnami_redis(s, "shop-data", "cart", replicas=1, sc="local-path")
    apps = app_tier(s, "shop", {"db": db, "cache": cache}, scale=6.0)
    ing = s.get("Ingress", "checkout", "checkout")
    ing["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]["name"] = "checkout-svc"
    ing["metadata"]["generation"] = 7
    s.event(ing, "Sync", "Scheduled for sync", type="Normal", count=3, first=19, last=18,
            comp="nginx-ingress-controller")
    return s, truth("Ingress", "checkout", "checkout", "ingress-backend-missing",
                    "shop.nordwind-retail.com/api/checkout returns 503 from nginx since the routing change 20 "
                    "minutes ago; checkout-api pods are healthy")


INCIDENTS = [("k8s-ho-%02d" % (i + 1), f) for i, f in enumerate(
    [inc01, inc02, inc03, inc04, inc05, inc06, inc07, inc08, inc09, inc10, inc11, inc12, inc13, inc14, inc15,
     inc16, inc17, inc18, inc19, inc20, inc21, inc22, inc23, inc24, inc25, inc26, inc27, inc28, inc29, inc30])]


def main(argv):
    only = set(argv[1:])
    os.makedirs(OUT, exist_ok=True)
    for i, (iid, fn) in enumerate(INCIDENTS):
        if only and iid not in only:
            continue
        s, t = fn(iid)
        n = finish(s, t, noise_variant=i)
        print("%s  %-32s %-22s %s/%s  pods=%d" % (iid, t["fault"], t["kind"], t["namespace"] or "-", t["name"], n))


if __name__ == "__main__":
    main(sys.argv)

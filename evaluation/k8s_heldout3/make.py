#!/usr/bin/env python3
"""Generator for the k8s-h3 held-out RCA set (30 incidents).

Deterministic: every name suffix, uid, IP and timestamp is derived from a hash of
the incident id.  Usage:
    python3 make.py            # (re)write incidents/
    python3 make.py --check    # regenerate and assert consistency
    python3 make.py --hash     # print the sha256 of incidents/
Standard library only.
"""
import copy
import datetime as dt
import hashlib
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "incidents")
PLURALS = ["namespaces", "nodes", "pods", "deployments", "replicasets", "statefulsets",
           "daemonsets", "jobs", "cronjobs", "services", "endpoints", "endpointslices",
           "persistentvolumeclaims", "persistentvolumes", "storageclasses", "configmaps",
           "secrets", "ingresses", "networkpolicies", "serviceaccounts", "resourcequotas",
           "events"]
API = {"Namespace": "v1", "Node": "v1", "Pod": "v1", "Service": "v1", "Endpoints": "v1",
       "PersistentVolumeClaim": "v1", "PersistentVolume": "v1", "ConfigMap": "v1",
       "Secret": "v1", "ServiceAccount": "v1", "ResourceQuota": "v1", "Event": "v1",
       "Deployment": "apps/v1", "ReplicaSet": "apps/v1", "StatefulSet": "apps/v1",
       "DaemonSet": "apps/v1", "ControllerRevision": "apps/v1", "Job": "batch/v1",
       "CronJob": "batch/v1", "EndpointSlice": "discovery.k8s.io/v1",
       "StorageClass": "storage.k8s.io/v1", "Ingress": "networking.k8s.io/v1",
       "NetworkPolicy": "networking.k8s.io/v1"}
PLURAL_OF = {"Namespace": "namespaces", "Node": "nodes", "Pod": "pods", "Service": "services",
             "Endpoints": "endpoints", "PersistentVolumeClaim": "persistentvolumeclaims",
             "PersistentVolume": "persistentvolumes", "ConfigMap": "configmaps",
             "Secret": "secrets", "ServiceAccount": "serviceaccounts",
             "ResourceQuota": "resourcequotas", "Event": "events", "Deployment": "deployments",
             "ReplicaSet": "replicasets", "StatefulSet": "statefulsets",
             "DaemonSet": "daemonsets", "Job": "jobs", "CronJob": "cronjobs",
             "EndpointSlice": "endpointslices", "StorageClass": "storageclasses",
             "Ingress": "ingresses", "NetworkPolicy": "networkpolicies"}
ALNUM = "bcdfghjklmnpqrstvwxz2456789"


def sha(*p):
    return hashlib.sha256("\x1f".join(str(x) for x in p).encode()).hexdigest()


def fmt(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def qty_mi(q):
    """memory quantity -> MiB (approx, for checks)"""
    q = str(q)
    for suf, mul in (("Ki", 1 / 1024), ("Mi", 1), ("Gi", 1024), ("Ti", 1024 * 1024)):
        if q.endswith(suf):
            return float(q[:-2]) * mul
    return float(q) / (1024 * 1024)


def cpu_m(q):
    q = str(q)
    return float(q[:-1]) if q.endswith("m") else float(q) * 1000


class Ctx:
    def __init__(self, iid, spec):
        self.iid = iid
        self.spec = spec
        self.now = dt.datetime.strptime(spec["time"], "%Y-%m-%dT%H:%M:%SZ")
        self.objs = {p: [] for p in PLURALS}
        self.index = {}
        self.nodes = []          # node records
        self.workloads = []      # workload records (rendered later)
        self.services = []
        self.apps = []
        self.dbs = {}
        self.used_ips = set()
        self.rvc = 1000000 + int(sha(iid, "rv")[:6], 16)
        self.platform = None
        self.truth = None
        self.notes = {}
        self.quotas = []
        self.post = []
        self.fault_age = 60 * (18 + int(sha(iid, "fa")[:4], 16) % 35)

    # --- deterministic helpers
    def hx(self, *p):
        return sha(self.iid, *p)

    def n(self, lo, hi, *p):
        return lo + int(self.hx("n", *p)[:8], 16) % (hi - lo + 1)

    def pick(self, seq, *p):
        return seq[int(self.hx("pick", *p)[:8], 16) % len(seq)]

    def uid(self, *p):
        x = self.hx("uid", *p)
        return f"{x[:8]}-{x[8:12]}-4{x[13:16]}-{'89ab'[int(x[16], 16) % 4]}{x[17:20]}-{x[20:32]}"

    def sfx(self, k, *p):
        x = int(self.hx("sfx", *p), 16)
        s = ""
        for _ in range(k):
            s += ALNUM[x % len(ALNUM)]
            x //= len(ALNUM)
        return s

    def ts(self, ago):
        return fmt(self.now - dt.timedelta(seconds=int(ago)))

    def rv(self):
        self.rvc += 1 + int(self.hx("rvs", self.rvc)[:2], 16) % 37
        return str(self.rvc)

    def hex(self, k, *p):
        return (self.hx("hex", *p) * 2)[:k]

    def ip(self, prefix, *p):
        for i in range(200):
            parts = prefix.split(".")
            need = 4 - len(parts)
            x = int(self.hx("ip", i, *p)[:8], 16)
            tail = []
            for j in range(need):
                if j == need - 1:
                    tail.append(str(2 + x % 250))
                else:
                    tail.append(str(x % 256))
                x //= 256
            a = ".".join(parts + tail)
            if a not in self.used_ips:
                self.used_ips.add(a)
                return a
        raise RuntimeError("ip exhausted")

    # --- objects
    def meta(self, kind, ns, name, labels=None, ann=None, age=86400 * 30, owner=None, gen=None,
             finalizers=None):
        m = {"name": name}
        if ns:
            m["namespace"] = ns
        m["uid"] = self.uid(kind, ns, name)
        m["resourceVersion"] = self.rv()
        if gen is not None:
            m["generation"] = gen
        m["creationTimestamp"] = self.ts(age)
        if labels:
            m["labels"] = dict(labels)
        if ann:
            m["annotations"] = dict(ann)
        if owner:
            m["ownerReferences"] = owner if isinstance(owner, list) else [owner]
        if finalizers:
            m["finalizers"] = finalizers
        return m

    def add(self, kind, obj):
        items = [("apiVersion", API[kind]), ("kind", kind)] + [(k, v) for k, v in obj.items() if k not in ("apiVersion", "kind")]
        obj.clear()
        obj.update(items)
        self.objs[PLURAL_OF[kind]].append(obj)
        key = (kind, obj["metadata"].get("namespace", ""), obj["metadata"]["name"])
        self.index[key] = obj
        return obj

    def get(self, kind, ns, name):
        return self.index.get((kind, ns, name))

    def remove(self, kind, ns, name):
        o = self.index.pop((kind, ns, name), None)
        if o is not None:
            self.objs[PLURAL_OF[kind]].remove(o)
        return o

    def oref(self, obj, controller=True):
        r = {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": obj["metadata"]["name"],
             "uid": obj["metadata"]["uid"]}
        if controller:
            r["controller"] = True
            r["blockOwnerDeletion"] = True
        return r

    def cr_ref(self, api, kind, ns, name):
        """ownerReference to an operator custom resource (deliberately not in the snapshot)"""
        return {"apiVersion": api, "kind": kind, "name": name, "uid": self.uid(kind, ns, name),
                "controller": True, "blockOwnerDeletion": True}

    def ev(self, obj, reason, message, etype="Normal", count=1, first=600, last=None,
           component="kubelet", host=None, field=None, kind=None, ns=None, name=None, uid=None):
        if obj is not None:
            kind = obj["kind"]
            ns = obj["metadata"].get("namespace", "")
            name = obj["metadata"]["name"]
            uid = obj["metadata"]["uid"]
            api = obj["apiVersion"]
        else:
            api = API.get(kind, "v1")
        if last is None:
            last = first
        evns = ns or "default"
        ename = f"{name}.{self.hex(16, 'ev', kind, ns, name, reason, message, first)}"
        io = {"kind": kind, "namespace": ns, "name": name, "uid": uid, "apiVersion": api,
              "resourceVersion": str(self.rvc - self.n(1, 5000, 'iorv', ename))}
        if not ns:
            del io["namespace"]
        if field:
            io["fieldPath"] = field
        e = {"metadata": {"name": ename, "namespace": evns, "uid": self.uid("ev", ename),
                          "resourceVersion": self.rv(), "creationTimestamp": self.ts(first)},
             "involvedObject": io, "reason": reason, "message": message,
             "source": {"component": component}, "firstTimestamp": self.ts(first),
             "lastTimestamp": self.ts(last), "count": count, "type": etype, "eventTime": None,
             "reportingComponent": component if component != "kubelet" else "kubelet",
             "reportingInstance": host or ""}
        if host:
            e["source"]["host"] = host
        self.add("Event", e)
        return e


# ---------------------------------------------------------------------------
# containers / pod templates

def ctr(name, image, ports=None, env=None, env_from=None, req=None, lim=None, ready=None,
        live=None, startup=None, mounts=None, command=None, args=None, tmp=None, sc=None):
    c = {"name": name, "image": image}
    if command:
        c["command"] = command
    if args:
        c["args"] = args
    if ports:
        c["ports"] = [{"name": p[0], "containerPort": p[1], "protocol": p[2] if len(p) > 2 else "TCP"} if p[0] else
                      {"containerPort": p[1], "protocol": p[2] if len(p) > 2 else "TCP"} for p in ports]
    if env_from:
        c["envFrom"] = env_from
    if env:
        c["env"] = env
    res = {}
    if lim:
        res["limits"] = lim
    if req:
        res["requests"] = req
    c["resources"] = res
    for k, v in (("readinessProbe", ready), ("livenessProbe", live), ("startupProbe", startup)):
        if v:
            c[k] = v
    if mounts:
        c["volumeMounts"] = mounts
    c["terminationMessagePath"] = "/dev/termination-log"
    c["terminationMessagePolicy"] = tmp or "File"
    c["imagePullPolicy"] = "IfNotPresent"
    if sc:
        c["securityContext"] = sc
    return c


def http_probe(path, port, period=10, fail=3, delay=None, timeout=1):
    p = {"httpGet": {"path": path, "port": port, "scheme": "HTTP"}, "timeoutSeconds": timeout,
         "periodSeconds": period, "successThreshold": 1, "failureThreshold": fail}
    if delay:
        p["initialDelaySeconds"] = delay
    return p


def tcp_probe(port, period=10, fail=3, delay=None, timeout=1):
    p = {"tcpSocket": {"port": port}, "timeoutSeconds": timeout, "periodSeconds": period,
         "successThreshold": 1, "failureThreshold": fail}
    if delay:
        p["initialDelaySeconds"] = delay
    return p


def exec_probe(cmd, period=10, fail=6, delay=None, timeout=5):
    p = {"exec": {"command": cmd}, "timeoutSeconds": timeout, "periodSeconds": period,
         "successThreshold": 1, "failureThreshold": fail}
    if delay:
        p["initialDelaySeconds"] = delay
    return p


def env(name, value=None, secret=None, cm=None, field=None):
    if secret:
        return {"name": name, "valueFrom": {"secretKeyRef": {"name": secret[0], "key": secret[1]}}}
    if cm:
        return {"name": name, "valueFrom": {"configMapKeyRef": {"name": cm[0], "key": cm[1]}}}
    if field:
        return {"name": name, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": field}}}
    return {"name": name, "value": str(value)}


def W(kind, ns, name, containers, replicas=1, labels=None, sel=None, init=None, volumes=None,
      sa=None, age=86400 * 40, node_sel=None, tolerations=None, affinity=None, states=None,
      ann=None, pod_ann=None, host_network=False, vct=None, service_name=None, owner_cr=None,
      priority=None, revision=None, extra=None, grace=30, restart="Always", fs_group=None,
      image_pull_secrets=None, app=None):
    """A workload record rendered later into objects + pods."""
    labels = dict(labels or {"app.kubernetes.io/name": name})
    sel = dict(sel or labels)
    return {"kind": kind, "ns": ns, "name": name, "containers": containers,
            "replicas": replicas, "labels": labels, "sel": sel, "init": init or [],
            "volumes": volumes or [], "sa": sa, "age": age, "node_sel": node_sel or {},
            "tolerations": tolerations or [], "affinity": affinity, "states": states or {},
            "ann": ann or {}, "pod_ann": pod_ann or {}, "host_network": host_network,
            "vct": vct or [], "service_name": service_name, "owner_cr": owner_cr,
            "priority": priority, "revision": revision, "extra": extra or {}, "grace": grace,
            "restart": restart, "fs_group": fs_group, "ips": image_pull_secrets, "app": app}


# ---------------------------------------------------------------------------
# rendering helpers

def full_image(img):
    name, _, tag = img.partition(":") if "@" not in img else (img, "", "")
    if "/" in img.split(":")[0]:
        first = img.split("/")[0]
        if "." not in first and ":" not in first and first != "localhost":
            img = "docker.io/" + img
    else:
        img = "docker.io/library/" + img
    if ":" not in img.split("/")[-1]:
        img += ":latest"
    return img


def tolerates(tols, taint):
    for t in tols:
        if t.get("effect") and t["effect"] != taint["effect"]:
            continue
        if t.get("operator") == "Exists" and not t.get("key"):
            return True
        if t.get("key") != taint["key"]:
            continue
        if t.get("operator") == "Exists" or t.get("value", "") == taint.get("value", ""):
            return True
    return False


def node_ok_for(node, w, ignore_sched=False):
    lab = node["metadata"]["labels"]
    for k, v in w["node_sel"].items():
        if lab.get(k) != v:
            return False
    aff = w.get("affinity") or {}
    req = aff.get("nodeAffinity", {}).get("requiredDuringSchedulingIgnoredDuringExecution")
    if req:
        good = False
        for term in req["nodeSelectorTerms"]:
            okk = True
            for ex in term.get("matchExpressions", []):
                if ex["operator"] == "In" and lab.get(ex["key"]) not in ex["values"]:
                    okk = False
                if ex["operator"] == "NotIn" and lab.get(ex["key"]) in ex["values"]:
                    okk = False
                if ex["operator"] == "Exists" and ex["key"] not in lab:
                    okk = False
            good = good or okk
        if not good:
            return False
    if node.get("_dead"):
        return False
    if node["spec"].get("unschedulable") and not ignore_sched:
        return False
    for t in node["spec"].get("taints", []):
        if t["effect"] in ("NoSchedule", "NoExecute") and not tolerates(w["tolerations"] + DEFAULT_TOLS, t):
            return False
    return True


DEFAULT_TOLS = [{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute",
                 "tolerationSeconds": 300},
                {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute",
                 "tolerationSeconds": 300}]
DS_TOLS = [{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute"},
           {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute"},
           {"key": "node.kubernetes.io/disk-pressure", "operator": "Exists", "effect": "NoSchedule"},
           {"key": "node.kubernetes.io/memory-pressure", "operator": "Exists", "effect": "NoSchedule"},
           {"key": "node.kubernetes.io/pid-pressure", "operator": "Exists", "effect": "NoSchedule"},
           {"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"}]


def restarts_for(since):
    if since < 310:
        return max(1, since // 60)
    return 5 + (since - 310) // 300


def pod_spec(ctx, w, node_name, containers, sa_vol_sfx):
    spec = {}
    vols = copy.deepcopy(w["volumes"])
    automount = w["extra"].get("automount", True)
    cs = copy.deepcopy(containers)
    ics = copy.deepcopy(w["init"])
    if automount:
        vname = f"kube-api-access-{sa_vol_sfx}"
        vols.append({"name": vname, "projected": {"sources": [
            {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
            {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
            {"downwardAPI": {"items": [{"path": "namespace", "fieldRef": {
                "apiVersion": "v1", "fieldPath": "metadata.namespace"}}]}}], "defaultMode": 420}})
        for c in cs + ics:
            c.setdefault("volumeMounts", []).append({"name": vname, "readOnly": True,
                                                     "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"})
    if w.get("affinity"):
        spec["affinity"] = copy.deepcopy(w["affinity"])
    if ics:
        spec["initContainers"] = ics
    spec["containers"] = cs
    spec["volumes"] = vols
    spec["restartPolicy"] = w["restart"]
    spec["terminationGracePeriodSeconds"] = w["grace"]
    spec["dnsPolicy"] = "ClusterFirstWithHostNet" if w["host_network"] else "ClusterFirst"
    if w["node_sel"]:
        spec["nodeSelector"] = dict(w["node_sel"])
    sa = w["sa"] or "default"
    spec["serviceAccountName"] = sa
    spec["serviceAccount"] = sa
    if not automount:
        spec["automountServiceAccountToken"] = False
    if node_name:
        spec["nodeName"] = node_name
    if w["host_network"]:
        spec["hostNetwork"] = True
    sc = {}
    if w["fs_group"]:
        sc = {"fsGroup": w["fs_group"], "runAsUser": w["fs_group"], "runAsNonRoot": True}
    spec["securityContext"] = sc
    if w["ips"]:
        spec["imagePullSecrets"] = [{"name": n} for n in w["ips"]]
    if w["kind"] == "StatefulSet":
        spec["hostname"] = None  # filled by caller
        spec["subdomain"] = w["service_name"]
    spec["schedulerName"] = "default-scheduler"
    tols = copy.deepcopy(w["tolerations"])
    if w["kind"] == "DaemonSet":
        tols += copy.deepcopy(DS_TOLS)
        if w["host_network"]:
            tols.append({"key": "node.kubernetes.io/network-unavailable", "operator": "Exists",
                         "effect": "NoSchedule"})
    elif not any(t.get("key") == "node.kubernetes.io/not-ready" for t in tols) and \
            not any(t.get("operator") == "Exists" and not t.get("key") for t in tols):
        tols += copy.deepcopy(DEFAULT_TOLS)
    spec["tolerations"] = tols
    if w["priority"]:
        spec["priorityClassName"] = w["priority"]
        spec["priority"] = 2000001000 if w["priority"] == "system-node-critical" else (
            2000000000 if w["priority"] == "system-cluster-critical" else 1000000)
    else:
        spec["priority"] = 0
    spec["enableServiceLinks"] = True
    spec["preemptionPolicy"] = "PreemptLowerPriority"
    return spec


def qos(containers):
    any_res = False
    guaranteed = True
    for c in containers:
        r = c.get("resources", {})
        if r.get("requests") or r.get("limits"):
            any_res = True
        lim = r.get("limits", {})
        req = r.get("requests", lim)
        for k in ("cpu", "memory"):
            if k not in lim or req.get(k, lim.get(k)) != lim.get(k):
                guaranteed = False
    if not any_res:
        return "BestEffort"
    return "Guaranteed" if guaranteed else "Burstable"


def cond(t, status, when, reason=None, message=None, probe=True):
    c = {"type": t, "status": status}
    if probe:
        c["lastProbeTime"] = None
    c["lastTransitionTime"] = when
    if reason:
        c["reason"] = reason
    if message:
        c["message"] = message
    return c


class PodBuilder:
    """Creates a Pod object and its events from a workload record and a state."""

    def __init__(self, ctx):
        self.ctx = ctx

    def cid(self, *p):
        rt = self.ctx.platform["runtime"]
        return f"{rt}://{self.ctx.hex(64, 'cid', *p)}"

    def image_id(self, image):
        fi = full_image(image)
        repo = fi.rsplit(":", 1)[0]
        return f"{repo}@sha256:{sha('img', fi)}"

    def running(self, c, started, restarts=0, last=None, ready=True):
        st = {"name": c["name"], "state": {"running": {"startedAt": started}},
              "lastState": last or {}, "ready": ready, "restartCount": restarts,
              "image": full_image(c["image"]), "imageID": self.image_id(c["image"]),
              "containerID": self.cid(c["name"], started), "started": True}
        return st

    def build(self, w, name, owner, labels, node, state, containers, age, extra_meta=None,
              hostname=None, pod_ip=None):
        ctx = self.ctx
        if "old_at" in state:
            state = dict(state)
            state["old_at"] = min(state["old_at"], age - 7300)
            if state["old_at"] < 900:
                state.pop("old_at")
                state.pop("restarts", None)
        s = state.get("s", "ok")
        ns = w["ns"]
        nodeobj = ctx.get("Node", "", node) if node else None
        if s == "pending":
            node = None
        ann = dict(w["pod_ann"])
        m = ctx.meta("Pod", ns, name, labels=labels, ann=ann or None, age=age, owner=owner)
        if extra_meta:
            m.update(extra_meta)
        uid = m["uid"]
        spec = pod_spec(ctx, w, node, containers, ctx.sfx(5, "kaa", ns, name))
        if w["kind"] == "StatefulSet":
            spec["hostname"] = hostname
        elif "hostname" in spec:
            del spec["hostname"]
        pod = {"metadata": m, "spec": spec, "status": {}}
        created = ctx.now - dt.timedelta(seconds=age)
        t_sched = fmt(created + dt.timedelta(seconds=1))
        t_start = fmt(created + dt.timedelta(seconds=3))
        t_init = fmt(created + dt.timedelta(seconds=4 + (8 if w["init"] else 0)))
        t_ready = fmt(created + dt.timedelta(seconds=state.get("ready_after", 15)))
        st = pod["status"]
        since = state.get("since", ctx.fault_age)
        t_fault = ctx.ts(since)
        pname = f"{name}_{ns}({uid})"
        cs = spec["containers"]
        tgt = state.get("ctr", cs[0]["name"])
        host = node
        evs = []

        def E(reason, msg, et="Warning", count=1, first=None, last=None, comp="kubelet", field=None):
            evs.append((reason, msg, et, count, first if first is not None else since,
                        last if last is not None else ctx.n(5, 120, "evl", name, reason), comp, field))

        if s == "pending":
            st["phase"] = "Pending"
            st["conditions"] = [cond("PodScheduled", "False", state.get("pending_since", t_fault),
                                     state.get("preason", "Unschedulable"), state["msg"])]
            st["qosClass"] = qos(cs)
            E("FailedScheduling", state["msg"], count=state.get("count", 1), comp="default-scheduler",
              first=min(since, age), last=ctx.n(20, 280, "fsl", name))
            ctx.add("Pod", pod)
            self.emit(pod, evs, None)
            return pod
        if s == "evicted":
            st.update({"phase": "Failed", "reason": "Evicted", "message": state["msg"]})
        st_conditions = []
        ip = None
        if s not in ("creating",):
            if w["host_network"]:
                ip = nodeobj["status"]["addresses"][0]["address"]
            else:
                ip = pod_ip or ctx.ip(nodeobj["_podprefix"], "pod", ns, name)
        # init containers
        ics = spec.get("initContainers", [])
        init_st = []
        init_done = s not in ("init", "initcrash", "creating")
        for i, c in enumerate(ics):
            if init_done or i < len(ics) - 1 and s in ("init", "initcrash") and c["name"] != state.get("ctr"):
                init_st.append({"name": c["name"], "state": {"terminated": {
                    "exitCode": 0, "reason": "Completed", "startedAt": fmt(created + dt.timedelta(seconds=3 + i * 2)),
                    "finishedAt": fmt(created + dt.timedelta(seconds=4 + i * 2)),
                    "containerID": self.cid(c["name"], name, "i")}}, "lastState": {}, "ready": True,
                    "restartCount": 0, "image": full_image(c["image"]), "imageID": self.image_id(c["image"]),
                    "containerID": self.cid(c["name"], name, "i"), "started": False})
            elif s == "init" and c["name"] == state.get("ctr", c["name"]):
                init_st.append({"name": c["name"], "state": {"running": {"startedAt": t_start}},
                                "lastState": {}, "ready": False, "restartCount": 0,
                                "image": full_image(c["image"]), "imageID": self.image_id(c["image"]),
                                "containerID": self.cid(c["name"], name, "i"), "started": True})
            elif s == "initcrash" and c["name"] == state.get("ctr", c["name"]):
                r = restarts_for(since)
                init_st.append({"name": c["name"], "state": {"waiting": {
                    "reason": "CrashLoopBackOff",
                    "message": f"back-off 5m0s restarting failed container={c['name']} pod={pname}"}},
                    "lastState": {"terminated": self.term(c, state, name)}, "ready": False,
                    "restartCount": r, "image": full_image(c["image"]), "imageID": self.image_id(c["image"]),
                    "containerID": self.cid(c["name"], name, "i", r), "started": False})
                E("BackOff", f"Back-off restarting failed container {c['name']} in pod {pname}",
                  count=r + ctx.n(2, 30, "boc", name), field=f"spec.initContainers{{{c['name']}}}")
            else:
                init_st.append({"name": c["name"], "state": {"waiting": {"reason": "PodInitializing"}},
                                "lastState": {}, "ready": False, "restartCount": 0,
                                "image": full_image(c["image"]), "imageID": "", "started": False})
        cstat = []
        ready_all = True
        for c in cs:
            cname = c["name"]
            hit = cname == tgt
            old_r = state.get("restarts", 0) if (hit or "ctr" not in state) else 0
            old_last = {}
            if old_r and s in ("ok", "unready", "nodelost", "terminating"):
                old_last = {"terminated": {"exitCode": state.get("old_exit", 137 if state.get("old_reason") == "OOMKilled" else 1),
                                           "reason": state.get("old_reason", "Error"),
                                           "startedAt": ctx.ts(state.get("old_at", 86400 * 3) + 7200),
                                           "finishedAt": ctx.ts(state.get("old_at", 86400 * 3)),
                                           "containerID": self.cid(cname, name, "old")}}
            started_at = ctx.ts(state["old_at"] - 5) if old_r and "old_at" in state else t_start
            if s in ("init", "initcrash", "creating") or (s == "init"):
                cstat.append({"name": cname, "state": {"waiting": {"reason": "PodInitializing" if s != "creating" else "ContainerCreating"}},
                              "lastState": {}, "ready": False, "restartCount": 0, "image": full_image(c["image"]),
                              "imageID": "", "started": False})
                ready_all = False
            elif not hit and s not in ("succeeded", "failed", "evicted"):
                cstat.append(self.running(c, started_at, 0, None, s not in ("nodelost", "terminating")))
            elif s in ("ok", "nodelost", "terminating"):
                cstat.append(self.running(c, started_at, old_r, old_last, s == "ok"))
                if s != "ok":
                    ready_all = False
            elif s == "unready":
                cstat.append(self.running(c, started_at, old_r, old_last, False))
                ready_all = False
                if state.get("probe_msg"):
                    E("Unhealthy", state["probe_msg"], count=state.get("count", since // 10),
                      field=f"spec.containers{{{cname}}}")
            elif s in ("crash", "oom", "liveness", "startup"):
                r = state.get("crash_restarts") or restarts_for(since)
                term = self.term(c, state, name)
                if state.get("now_running"):
                    stx = self.running(c, ctx.ts(state["now_running"]), r, {"terminated": term}, False)
                else:
                    stx = {"name": cname, "state": {"waiting": {
                        "reason": "CrashLoopBackOff",
                        "message": f"back-off 5m0s restarting failed container={cname} pod={pname}"}},
                        "lastState": {"terminated": term}, "ready": False, "restartCount": r,
                        "image": full_image(c["image"]), "imageID": self.image_id(c["image"]),
                        "containerID": term["containerID"], "started": False}
                cstat.append(stx)
                ready_all = False
                fp = f"spec.containers{{{cname}}}"
                if s == "liveness":
                    E("Unhealthy", state["probe_msg"], count=r * 3, field=fp)
                    E("Killing", f"Container {cname} failed liveness probe, will be restarted", "Normal",
                      count=r, field=fp)
                if s == "startup":
                    E("Unhealthy", state["probe_msg"], count=r * state.get("fth", 6), field=fp)
                    E("Killing", f"Container {cname} failed startup probe, will be restarted", "Normal",
                      count=r, field=fp)
                E("Pulled", f'Container image "{c["image"]}" already present on machine', "Normal",
                  count=r + 1, field=fp)
                E("BackOff", f"Back-off restarting failed container {cname} in pod {pname}",
                  count=max(1, r * 4 + ctx.n(0, 9, "bo", name)), field=fp, first=since - 60)
            elif s == "imagepull":
                cstat.append({"name": cname, "state": {"waiting": {
                    "reason": "ImagePullBackOff", "message": f'Back-off pulling image "{c["image"]}"'}},
                    "lastState": {}, "ready": False, "restartCount": 0, "image": c["image"],
                    "imageID": "", "started": False})
                ready_all = False
                fp = f"spec.containers{{{cname}}}"
                k = max(2, since // 300 + 3)
                E("Pulling", f'Pulling image "{c["image"]}"', "Normal", count=k, field=fp)
                E("Failed", f'Failed to pull image "{c["image"]}": {state["msg"]}', count=k, field=fp)
                E("Failed", "Error: ErrImagePull", count=k, field=fp)
                E("BackOff", f'Back-off pulling image "{c["image"]}"', "Normal", count=k * 6, field=fp)
                E("Failed", "Error: ImagePullBackOff", count=k * 6, field=fp)
            elif s == "configerr":
                cstat.append({"name": cname, "state": {"waiting": {
                    "reason": "CreateContainerConfigError", "message": state["msg"]}},
                    "lastState": {}, "ready": False, "restartCount": 0, "image": c["image"],
                    "imageID": "", "started": False})
                ready_all = False
                fp = f"spec.containers{{{cname}}}"
                k = max(3, since // 10)
                E("Pulled", f'Container image "{c["image"]}" already present on machine', "Normal",
                  count=k, field=fp)
                E("Failed", f"Error: {state['msg']}", count=k, field=fp)
            elif s == "succeeded":
                cstat.append({"name": cname, "state": {"terminated": {
                    "exitCode": 0, "reason": "Completed", "startedAt": t_start,
                    "finishedAt": fmt(created + dt.timedelta(seconds=state.get("dur", 40))),
                    "containerID": self.cid(cname, name)}}, "lastState": {}, "ready": False,
                    "restartCount": 0, "image": full_image(c["image"]), "imageID": self.image_id(c["image"]),
                    "containerID": self.cid(cname, name), "started": False})
            elif s == "failed":
                t = {"exitCode": state.get("exit", 1), "reason": "Error", "startedAt": t_start,
                     "finishedAt": fmt(created + dt.timedelta(seconds=state.get("dur", 20))),
                     "containerID": self.cid(cname, name)}
                if state.get("log"):
                    t["message"] = state["log"]
                cstat.append({"name": cname, "state": {"terminated": t}, "lastState": {}, "ready": False,
                              "restartCount": 0, "image": full_image(c["image"]),
                              "imageID": self.image_id(c["image"]), "containerID": self.cid(cname, name),
                              "started": False})
            elif s == "evicted":
                cstat.append({"name": cname, "state": {"terminated": {
                    "exitCode": 137, "reason": "ContainerStatusUnknown",
                    "message": "The container could not be located when the pod was terminated",
                    "startedAt": t_start, "finishedAt": ctx.ts(state.get("at", age - 3600))}},
                    "lastState": {}, "ready": False, "restartCount": 0, "image": full_image(c["image"]),
                    "imageID": self.image_id(c["image"]), "started": False})
        if s == "creating":
            E("FailedMount", state["msg"], count=state.get("count", max(2, since // 130)),
              first=since)
        # conditions
        conds = []
        sandbox = s not in ("creating", "evicted", "succeeded", "failed")
        conds.append(cond("PodReadyToStartContainers", "True" if sandbox else "False",
                          t_sched if sandbox else ctx.ts(since)))
        if s in ("init", "initcrash"):
            conds.append(cond("Initialized", "False", t_sched, "ContainersNotInitialized",
                              f"containers with incomplete status: [{state.get('ctr', ics[-1]['name'] if ics else '')}]"))
        elif s == "creating" and ics:
            conds.append(cond("Initialized", "False", t_sched, "ContainersNotInitialized",
                              f"containers with incomplete status: [{' '.join(c['name'] for c in ics)}]"))
        else:
            conds.append(cond("Initialized", "True", t_init if ics else t_sched,
                              "PodCompleted" if s in ("succeeded", "failed") else None))
        if s in ("succeeded", "failed"):
            conds.append(cond("Ready", "False", fmt(created + dt.timedelta(seconds=state.get("dur", 40))), "PodCompleted"))
            conds.append(cond("ContainersReady", "False", fmt(created + dt.timedelta(seconds=state.get("dur", 40))), "PodCompleted"))
        elif s == "evicted":
            conds.append(cond("Ready", "False", ctx.ts(state.get("at", age - 3600)), "PodFailed"))
            conds.append(cond("ContainersReady", "False", ctx.ts(state.get("at", age - 3600)), "PodFailed"))
            conds.insert(0, cond("DisruptionTarget", "True", ctx.ts(state.get("at", age - 3600)),
                                 "TerminationByKubelet", state.get("dt_msg", "The node was low on resource: memory. "), probe=False))
        elif s in ("nodelost", "terminating"):
            conds.append(cond("Ready", "False", ctx.ts(since - 40)))
            conds.append(cond("ContainersReady", "True", t_ready))
        elif ready_all:
            conds.append(cond("Ready", "True", t_ready))
            conds.append(cond("ContainersReady", "True", t_ready))
        else:
            notready = [x["name"] for x in cstat if not x["ready"]]
            reason_t = t_fault if s not in ("imagepull", "configerr", "init", "creating") or age > since else t_sched
            if age < since:
                reason_t = t_sched
            conds.append(cond("Ready", "False", reason_t, "ContainersNotReady",
                              f"containers with unready status: [{' '.join(notready)}]"))
            conds.append(cond("ContainersReady", "False", reason_t, "ContainersNotReady",
                              f"containers with unready status: [{' '.join(notready)}]"))
        conds.append(cond("PodScheduled", "True", t_sched))
        if s == "terminating":
            conds.insert(0, cond("DisruptionTarget", "True", ctx.ts(since - 330), "DeletionByTaintManager",
                                 "Taint manager: deleting due to NoExecute taint", probe=False))
            m["deletionTimestamp"] = ctx.ts(since - 330 - w["grace"] * 0 - 0)
            m["deletionGracePeriodSeconds"] = w["grace"]
        if s not in ("evicted",):
            st["phase"] = {"succeeded": "Succeeded", "failed": "Failed"}.get(
                s, "Pending" if s in ("imagepull", "configerr", "init", "initcrash", "creating") else "Running")
        st["conditions"] = conds
        st["hostIP"] = nodeobj["status"]["addresses"][0]["address"]
        st["hostIPs"] = [{"ip": st["hostIP"]}]
        if ip and s not in ("evicted",):
            st["podIP"] = ip
            st["podIPs"] = [{"ip": ip}]
        st["startTime"] = t_sched
        if init_st:
            st["initContainerStatuses"] = init_st
        st["containerStatuses"] = cstat
        st["qosClass"] = qos(cs)
        # order status keys like the API server
        order = ["phase", "conditions", "message", "reason", "hostIP", "hostIPs", "podIP", "podIPs",
                 "startTime", "initContainerStatuses", "containerStatuses", "qosClass"]
        pod["status"] = {k: st[k] for k in order if k in st}
        ctx.add("Pod", pod)
        self.emit(pod, evs, host)
        return pod

    def term(self, c, state, name):
        ctx = self.ctx
        fin = ctx.n(15, 280, "fin", name)
        dur = state.get("run_for", 3)
        t = {"exitCode": 137 if state["s"] in ("oom", "liveness", "startup") else state.get("exit", 1),
             "reason": "OOMKilled" if state["s"] == "oom" else state.get("reason", "Error"),
             "startedAt": ctx.ts(fin + dur), "finishedAt": ctx.ts(fin),
             "containerID": self.cid(c["name"], name, "last")}
        if "exit" in state and state["s"] != "oom":
            t["exitCode"] = state["exit"]
        if state.get("log") and (c.get("terminationMessagePolicy") == "FallbackToLogsOnError" or state.get("force_msg")) and t["exitCode"] != 0:
            t0 = ctx.now - dt.timedelta(seconds=fin + dur)
            t["message"] = state["log"].replace("{T0I}", t0.strftime("%Y-%m-%dT%H:%M:%S")).replace("{T0}", t0.strftime("%Y-%m-%d %H:%M:%S")).replace("{T0I}", t0.strftime("%Y-%m-%dT%H:%M:%S")).replace(
                "{TF}", (ctx.now - dt.timedelta(seconds=state.get("since", ctx.fault_age))).strftime("%Y-%m-%d %H:%M:%S"))
        return {k: t[k] for k in ("exitCode", "reason", "message", "startedAt", "finishedAt", "containerID") if k in t}

    def emit(self, pod, evs, host):
        page = (self.ctx.now - dt.datetime.strptime(pod["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ")).total_seconds()
        for reason, msg, et, count, first, last, comp, field in evs:
            first = min(first, page)
            if first > 3600 + 600:
                first = 3300 + self.ctx.n(0, 290, "evf", pod["metadata"]["name"], reason)
            last = min(last, first)
            self.ctx.ev(pod, reason, msg, et, count=count, first=first, last=last, component=comp,
                        host=host if comp == "kubelet" else None, field=field)


# ---------------------------------------------------------------------------
# workload rendering

def template_spec(w, containers):
    t = {}
    if w.get("affinity"):
        t["affinity"] = copy.deepcopy(w["affinity"])
    if w["init"]:
        t["initContainers"] = copy.deepcopy(w["init"])
    t["containers"] = copy.deepcopy(containers)
    if w["volumes"]:
        t["volumes"] = copy.deepcopy(w["volumes"])
    t["restartPolicy"] = w["restart"]
    t["terminationGracePeriodSeconds"] = w["grace"]
    t["dnsPolicy"] = "ClusterFirstWithHostNet" if w["host_network"] else "ClusterFirst"
    if w["node_sel"]:
        t["nodeSelector"] = dict(w["node_sel"])
    if w["sa"]:
        t["serviceAccountName"] = w["sa"]
        t["serviceAccount"] = w["sa"]
    if w["extra"].get("automount") is False:
        t["automountServiceAccountToken"] = False
    if w["host_network"]:
        t["hostNetwork"] = True
    t["securityContext"] = {"fsGroup": w["fs_group"], "runAsUser": w["fs_group"], "runAsNonRoot": True} if w["fs_group"] else {}
    if w["ips"]:
        t["imagePullSecrets"] = [{"name": n} for n in w["ips"]]
    t["schedulerName"] = "default-scheduler"
    if w["tolerations"]:
        t["tolerations"] = copy.deepcopy(w["tolerations"])
    if w["priority"]:
        t["priorityClassName"] = w["priority"]
    return t


def tmpl(w, containers, labels, ann=None):
    md = {"creationTimestamp": None, "labels": dict(labels)}
    a = dict(w["pod_ann"])
    if ann:
        a.update(ann)
    if a:
        md["annotations"] = a
    return {"metadata": md, "spec": template_spec(w, containers)}


def eligible(ctx, w):
    return [n["metadata"]["name"] for n in ctx.nodes if node_ok_for(n, w)]


def place(ctx, w, i, state):
    if state.get("node"):
        return state["node"]
    el = w["extra"].get("nodes") or eligible(ctx, w)
    if not el:
        raise RuntimeError(f"{ctx.iid}: no node for {w['ns']}/{w['name']}")
    off = int(ctx.hx("place", w["ns"], w["name"])[:6], 16)
    return el[(off + i) % len(el)]


def pod_age(ctx, w, i, state):
    if "age" in state:
        return state["age"]
    lo = max(600, min(w["age"] - 60, 86400 * 2))
    return ctx.n(lo, max(lo + 1, w["age"] - 60), "page", w["ns"], w["name"], i)


def ready_count(pods):
    return sum(1 for p in pods if any(c["type"] == "Ready" and c["status"] == "True"
                                      for c in p["status"].get("conditions", [])))


def render_deployment(ctx, pb, w):
    gen = w["revision"] or ctx.n(1, 9, "gen", w["ns"], w["name"])
    dep_meta = ctx.meta("Deployment", w["ns"], w["name"], labels=w["labels"],
                        ann={"deployment.kubernetes.io/revision": str(gen), **w["ann"]}, age=w["age"], gen=gen,
                        owner=w["extra"].get("owner"))
    dep = {"metadata": dep_meta}
    ctx.add("Deployment", dep)
    rss = []
    olds = w["extra"].get("old_rs", [])
    for j, old in enumerate(olds):
        rss.append((old.get("rev", gen - len(olds) + j), old["containers"], old.get("replicas", 0),
                    old.get("states", {}), old.get("age", w["age"] - 3600), {**w, "init": []} if old.get("init_none") else w))
    if not olds and gen > 1:
        oc = copy.deepcopy(w["containers"])
        for c in oc:
            if ":" in c["image"] and w["extra"].get("old_tag_bump", True):
                base, tag = c["image"].rsplit(":", 1)
                c["image"] = base + ":" + (tag[:-1] + str((int(tag[-1]) - 1) % 10) if tag[-1].isdigit() else tag + "-prev")
        rss.append((gen - 1, oc, 0, {}, w["age"] - 1800, w))
    cur_age = w["extra"].get("rs_age", max(900, min(w["age"], ctx.n(86400, 86400 * 20, "rsage", w["name"]))))
    rss.append((gen, w["containers"], w["extra"].get("new_replicas", w["replicas"]), w["states"], cur_age, w))
    all_pods, cur_pods = [], []
    fail = w["extra"].get("create_fail")
    outer_w = w
    for k, (rev, conts, reps, states, rage, w) in enumerate(rss):
        h = ctx.sfx(ctx.pick([9, 10, 10], "hl", w["name"], rev), "pth", w["ns"], w["name"], rev, json.dumps(conts, sort_keys=True))
        labels = dict(w["labels"])
        labels["pod-template-hash"] = h
        rsname = f"{w['name']}-{h}"
        rs_meta = ctx.meta("ReplicaSet", w["ns"], rsname, labels=labels,
                           ann={"deployment.kubernetes.io/desired-replicas": str(w["replicas"]),
                                "deployment.kubernetes.io/max-replicas": str(w["replicas"] + max(1, (w["replicas"] + 3) // 4)),
                                "deployment.kubernetes.io/revision": str(rev)},
                           age=rage, owner=ctx.oref(dep), gen=ctx.n(1, 4, "rsg", rsname))
        sel = dict(w["sel"])
        sel["pod-template-hash"] = h
        rs = {"metadata": rs_meta, "spec": {"replicas": reps, "selector": {"matchLabels": sel},
                                            "template": tmpl(w, conts, labels)}}
        ctx.add("ReplicaSet", rs)
        pods = []
        created = reps - (fail[0] if fail and k == len(rss) - 1 else 0)
        for i in range(created):
            stt = states.get(i, {"s": "ok"})
            node = place(ctx, w, i + k * 7, stt) if stt.get("s") != "pending" else None
            pname = f"{rsname}-{ctx.sfx(5, 'pod', rsname, i)}"
            p = pb.build(w, pname, ctx.oref(rs), labels, node, stt, conts, min(pod_age(ctx, w, i, stt), rage))
            pods.append(p)
            if stt.get("s") == "terminating" and stt.get("replace", True):
                st2 = {"s": "ok", "age": stt.get("since", ctx.fault_age) - 330}
                node2 = place(ctx, w, i + 1, {})
                p2 = pb.build(w, f"{rsname}-{ctx.sfx(5, 'podr', rsname, i)}", ctx.oref(rs), labels, node2, st2,
                              conts, st2["age"])
                pods.append(p2)
        if k == len(rss) - 1:
            for e in range(w["extra"].get("evicted", 0)):
                ago = ctx.n(86400 * 2, 86400 * 12, "evago", rsname, e)
                ev_node = ctx.nodes[ctx.n(0, len(ctx.nodes) - 1, "evn", rsname, e)]["metadata"]["name"]
                if ctx.n(0, 1, "evkind", rsname):
                    msg = (f"The node was low on resource: ephemeral-storage. Threshold quantity: {ctx.n(4, 9, 'thq')}Gi, available: {ctx.n(1000, 4000, 'av', e)}Mi. "
                           f"Container {conts[0]['name']} was using {ctx.n(2, 9, 'us', e)}Gi, request is 0, has larger consumption of ephemeral-storage. ")
                else:
                    req = conts[0].get("resources", {}).get("requests", {}).get("memory", "0")
                    msg = (f"The node was low on resource: memory. Threshold quantity: 100Mi, available: {ctx.n(40000, 99000, 'avm', e)}Ki. "
                           f"Container {conts[0]['name']} was using {ctx.n(900000, 2400000, 'usm', e)}Ki, request is {req}, has larger consumption of memory. ")
                pb.build(w, f"{rsname}-{ctx.sfx(5, 'evp', rsname, e)}", ctx.oref(rs), labels, ev_node,
                         {"s": "evicted", "msg": msg, "at": ago, "dt_msg": msg}, conts, ago + ctx.n(3600, 86400, "eva", e))
        live = [p for p in pods if "deletionTimestamp" not in p["metadata"]]
        rdy = ready_count(live)
        rst = {"replicas": len(live), "fullyLabeledReplicas": len(live)}
        if rdy:
            rst["readyReplicas"] = rdy
            rst["availableReplicas"] = rdy
        rst["observedGeneration"] = rs_meta["generation"]
        if not reps:
            rst = {"replicas": 0, "observedGeneration": rs_meta["generation"]}
        if fail and k == len(rss) - 1:
            rst["conditions"] = [{"type": "ReplicaFailure", "status": "True",
                                  "lastTransitionTime": ctx.ts(ctx.fault_age), "reason": "FailedCreate",
                                  "message": fail[1]}]
            ctx.ev(rs, "FailedCreate", fail[1], "Warning", count=fail[2] if len(fail) > 2 else 15,
                   first=min(3500, ctx.fault_age), last=ctx.n(10, 200, "fcl", rsname), component="replicaset-controller")
        rs["status"] = rst
        all_pods += live
        if k == len(rss) - 1:
            cur_pods = live
    w = outer_w
    replicas = w["replicas"]
    avail = ready_count(all_pods)
    dspec = {"progressDeadlineSeconds": 600, "replicas": replicas, "revisionHistoryLimit": 10,
             "selector": {"matchLabels": dict(w["sel"])},
             "strategy": w["extra"].get("strategy", {"type": "RollingUpdate",
                                                     "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}}),
             "template": tmpl(w, w["containers"], w["labels"])}
    dep["spec"] = dspec
    st = {"observedGeneration": gen, "replicas": len(all_pods), "updatedReplicas": len(cur_pods)}
    if avail:
        st["readyReplicas"] = avail
        st["availableReplicas"] = avail
    if replicas - avail > 0:
        st["unavailableReplicas"] = replicas - avail
    maxun = replicas // 4 if dspec["strategy"]["type"] == "RollingUpdate" else 0
    mu = dspec["strategy"].get("rollingUpdate", {}).get("maxUnavailable", "25%")
    if isinstance(mu, int):
        maxun = mu
    curname = f"{w['name']}-{cur_pods[0]['metadata']['labels']['pod-template-hash']}" if cur_pods else \
        [r for r in ctx.objs["replicasets"] if r["metadata"].get("ownerReferences", [{}])[0].get("uid") == dep_meta["uid"]][-1]["metadata"]["name"]
    av_ok = avail >= replicas - maxun
    t_ok = ctx.ts(ctx.n(3600 * 5, w["age"], "avt", w["name"])) if w["age"] > 3600 * 6 else ctx.ts(w["age"] - 20)
    conds = [{"type": "Available", "status": "True" if av_ok else "False",
              "lastUpdateTime": t_ok if av_ok else ctx.ts(ctx.fault_age - 20),
              "lastTransitionTime": t_ok if av_ok else ctx.ts(ctx.fault_age - 20),
              "reason": "MinimumReplicasAvailable" if av_ok else "MinimumReplicasUnavailable",
              "message": "Deployment has minimum availability." if av_ok else "Deployment does not have minimum availability."}]
    prog = w["extra"].get("progress")
    if prog == "deadline":
        conds.append({"type": "Progressing", "status": "False", "lastUpdateTime": ctx.ts(ctx.fault_age - 600),
                      "lastTransitionTime": ctx.ts(ctx.fault_age - 600), "reason": "ProgressDeadlineExceeded",
                      "message": f'ReplicaSet "{curname}" has timed out progressing.'})
    elif prog == "updating":
        conds.append({"type": "Progressing", "status": "True", "lastUpdateTime": ctx.ts(ctx.n(20, 200, "pu", w["name"])),
                      "lastTransitionTime": ctx.ts(ctx.fault_age), "reason": "ReplicaSetUpdated",
                      "message": f'ReplicaSet "{curname}" is progressing.'})
    else:
        t_p = ctx.ts(cur_age - 40) if cur_age > 60 else ctx.ts(10)
        conds.append({"type": "Progressing", "status": "True", "lastUpdateTime": t_p,
                      "lastTransitionTime": ctx.ts(w["age"] - 30), "reason": "NewReplicaSetAvailable",
                      "message": f'ReplicaSet "{curname}" has successfully progressed.'})
    if fail:
        conds.append({"type": "ReplicaFailure", "status": "True", "lastUpdateTime": ctx.ts(ctx.fault_age),
                      "lastTransitionTime": ctx.ts(ctx.fault_age), "reason": "FailedCreate", "message": fail[1]})
    st["conditions"] = conds
    dep["status"] = st
    w["obj"] = dep
    return dep


def make_pvc(ctx, ns, name, size, scname, access=("ReadWriteOnce",), labels=None, owner=None, node=None,
             age=86400 * 40, bound=True, ann_extra=None, pv_name=None):
    sc = ctx.platform["sc"][scname]
    ann = {}
    if bound:
        ann["pv.kubernetes.io/bind-completed"] = "yes"
        ann["pv.kubernetes.io/bound-by-controller"] = "yes"
    ann["volume.beta.kubernetes.io/storage-provisioner"] = sc["prov"]
    ann["volume.kubernetes.io/storage-provisioner"] = sc["prov"]
    if sc["wffc"] and node:
        ann["volume.kubernetes.io/selected-node"] = node
    if ann_extra:
        ann.update(ann_extra)
    m = ctx.meta("PersistentVolumeClaim", ns, name, labels=labels, ann=ann, age=age, owner=owner,
                 finalizers=["kubernetes.io/pvc-protection"])
    pvname = pv_name or f"pvc-{m['uid']}"
    pvc = {"metadata": m, "spec": {"accessModes": list(access), "resources": {"requests": {"storage": size}},
                                   "storageClassName": scname, "volumeMode": "Filesystem"},
           "status": {"phase": "Pending"}}
    if bound:
        pvc["spec"]["volumeName"] = pvname
        pvc["status"] = {"phase": "Bound", "accessModes": list(access), "capacity": {"storage": size}}
    ctx.add("PersistentVolumeClaim", pvc)
    if bound:
        pvm = ctx.meta("PersistentVolume", "", pvname, ann={"pv.kubernetes.io/provisioned-by": sc["prov"],
                                                            "volume.kubernetes.io/provisioner-deletion-secret-name": "",
                                                            "volume.kubernetes.io/provisioner-deletion-secret-namespace": ""},
                       age=age - 5, finalizers=["external-provisioner.volume.kubernetes.io/finalizer",
                                                "kubernetes.io/pv-protection"])
        if sc["prov"] == "rancher.io/local-path":
            pvm["annotations"] = {"local.path.provisioner/selected-node": node, "pv.kubernetes.io/provisioned-by": sc["prov"]}
            pvm["finalizers"] = ["kubernetes.io/pv-protection"]
        pspec = {"accessModes": list(access), "capacity": {"storage": size},
                 "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": name, "namespace": ns,
                              "resourceVersion": str(int(m["resourceVersion"]) - 3), "uid": m["uid"]}}
        if sc["prov"] == "rancher.io/local-path":
            pspec["hostPath"] = {"path": f"/var/lib/rancher/k3s/storage/{pvname}_{ns}_{name}", "type": "DirectoryOrCreate"}
            pspec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                {"key": "kubernetes.io/hostname", "operator": "In", "values": [node]}]}]}}
        else:
            pspec["csi"] = {"driver": sc["prov"], "fsType": sc.get("fs", "ext4"),
                            "volumeHandle": sc["handle"](ctx, pvname),
                            "volumeAttributes": dict(sc.get("attrs", {}))}
            if sc.get("topo"):
                nz = ctx.get("Node", "", node)["metadata"]["labels"]["topology.kubernetes.io/zone"] if node else "zone-a"
                pspec["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                    {"key": sc["topo"], "operator": "In", "values": [nz]}]}]}}
        pspec["persistentVolumeReclaimPolicy"] = sc.get("reclaim", "Delete")
        pspec["storageClassName"] = scname
        pspec["volumeMode"] = "Filesystem"
        pv = {"metadata": pvm, "spec": pspec, "status": {"phase": "Bound", "lastPhaseTransitionTime": ctx.ts(age - 5)}}
        ctx.add("PersistentVolume", pv)
    return pvc


def render_statefulset(ctx, pb, w):
    gen = w["revision"] or ctx.n(1, 6, "gen", w["ns"], w["name"])
    m = ctx.meta("StatefulSet", w["ns"], w["name"], labels=w["labels"], ann=w["ann"] or None, age=w["age"],
                 gen=gen, owner=w["owner_cr"])
    sts = {"metadata": m}
    ctx.add("StatefulSet", sts)
    upd = w["extra"].get("sts_update")
    rev_new = f"{w['name']}-{ctx.sfx(10, 'crh', w['name'], json.dumps(w['containers'], sort_keys=True))}"
    rev_old = f"{w['name']}-{ctx.sfx(10, 'crh', w['name'], 'old', json.dumps(upd['old_containers'], sort_keys=True))}" if upd else rev_new
    pods = []
    vol_age = w["extra"].get("pvc_age", w["age"] - 10)
    for i in range(w["replicas"]):
        stt = w["states"].get(i, {"s": "ok"})
        updated = (not upd) or i in upd["updated"]
        conts = w["containers"] if updated else upd["old_containers"]
        rev = rev_new if updated else rev_old
        pname = f"{w['name']}-{i}"
        labels = dict(w["labels"])
        labels["apps.kubernetes.io/pod-index"] = str(i)
        labels["controller-revision-hash"] = rev
        labels["statefulset.kubernetes.io/pod-name"] = pname
        node = place(ctx, w, i, stt) if stt.get("s") != "pending" else None
        wp = dict(w)
        pvols = []
        for v in w["vct"]:
            cname = f"{v['name']}-{pname}"
            pvols.append({"name": v["name"], "persistentVolumeClaim": {"claimName": cname}})
            if not ctx.get("PersistentVolumeClaim", w["ns"], cname) and not v.get("skip_create"):
                pnode = stt.get("pv_node") or node
                make_pvc(ctx, w["ns"], cname, v["size"], v["sc"], labels=w["sel"], node=pnode,
                         age=min(vol_age, w["age"]) - i * 40, bound=not stt.get("pvc_pending"),
                         access=v.get("access", ("ReadWriteOnce",)))
        wp["volumes"] = pvols + w["volumes"]
        p = pb.build(wp, pname, ctx.oref(sts), labels, node, stt, conts, pod_age(ctx, w, i, stt), hostname=pname)
        pods.append(p)
    vcts = []
    for v in w["vct"]:
        vcts.append({"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                     "metadata": {"creationTimestamp": None, "name": v["name"], **({"labels": dict(w["sel"])} if v.get("labels", True) else {})},
                     "spec": {"accessModes": list(v.get("access", ("ReadWriteOnce",))),
                              "resources": {"requests": {"storage": v["size"]}}, "storageClassName": v["sc"],
                              "volumeMode": "Filesystem"},
                     "status": {"phase": "Pending"}})
    spec = {"persistentVolumeClaimRetentionPolicy": {"whenDeleted": "Retain", "whenScaled": "Retain"},
            "podManagementPolicy": w["extra"].get("pmp", "OrderedReady"), "replicas": w["replicas"],
            "revisionHistoryLimit": 10, "selector": {"matchLabels": dict(w["sel"])},
            "serviceName": w["service_name"], "template": tmpl(w, w["containers"], w["labels"]),
            "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"partition": 0}}}
    if vcts:
        spec["volumeClaimTemplates"] = vcts
    sts["spec"] = spec
    live = [p for p in pods]
    rdy = ready_count(live)
    cur = sum(1 for p in live if p["metadata"]["labels"]["controller-revision-hash"] == rev_old)
    updn = sum(1 for p in live if p["metadata"]["labels"]["controller-revision-hash"] == rev_new)
    st = {"observedGeneration": gen, "replicas": len(live)}
    if rdy:
        st["readyReplicas"] = rdy
    st["currentReplicas"] = cur if upd else len(live)
    st["updatedReplicas"] = updn
    st["currentRevision"] = rev_old
    st["updateRevision"] = rev_new
    st["collisionCount"] = 0
    st["availableReplicas"] = rdy
    sts["status"] = st
    w["obj"] = sts
    return sts


def render_daemonset(ctx, pb, w):
    gen = w["revision"] or ctx.n(1, 5, "gen", w["ns"], w["name"])
    m = ctx.meta("DaemonSet", w["ns"], w["name"], labels=w["labels"],
                 ann={"deprecated.daemonset.template.generation": str(gen), **w["ann"]}, age=w["age"], gen=gen)
    ds = {"metadata": m}
    ctx.add("DaemonSet", ds)
    rev = ctx.sfx(ctx.pick([9, 10], "dsl", w["name"]), "dsrev", w["name"])
    labels = dict(w["labels"])
    labels["controller-revision-hash"] = rev
    labels["pod-template-generation"] = str(gen)
    pods = []
    for node in ctx.nodes:
        if not node_ok_for(node, {**w, "tolerations": w["tolerations"] + DS_TOLS}, ignore_sched=True) and not node.get("_dead"):
            continue
        if node.get("_dead") and not node_ok_for({**node, "_dead": False}, {**w, "tolerations": w["tolerations"] + DS_TOLS}, True):
            continue
        nn = node["metadata"]["name"]
        stt = w["states"].get(nn, {"s": "nodelost", "since": node["_dead_since"]} if node.get("_dead") else {"s": "ok"})
        wp = dict(w)
        wp["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
            {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [nn]}]}]}}}
        pname = f"{w['name']}-{ctx.sfx(5, 'dspod', w['name'], nn)}"
        age = stt.get("age", min(w["age"], node["_age"]) - ctx.n(30, 600, "dsa", pname))
        pods.append(pb.build(wp, pname, ctx.oref(ds), labels, nn, stt, w["containers"], age))
    rdy = ready_count(pods)
    n = len(pods)
    ds["spec"] = {"revisionHistoryLimit": 10, "selector": {"matchLabels": dict(w["sel"])},
                  "template": tmpl(w, w["containers"], w["labels"]),
                  "updateStrategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}}}
    st = {"currentNumberScheduled": n, "desiredNumberScheduled": n, "numberAvailable": rdy,
          "numberMisscheduled": 0, "numberReady": rdy, "observedGeneration": gen, "updatedNumberScheduled": n}
    if n - rdy:
        st["numberUnavailable"] = n - rdy
    if not rdy:
        del st["numberAvailable"]
    ds["status"] = st
    w["obj"] = ds
    return ds


def render_job(ctx, pb, w, owner=None, name=None, start_ago=None, states=None, result="complete",
               backoff=6, dur=40, labels_extra=None):
    name = name or w["name"]
    juid = ctx.uid("Job", w["ns"], name)
    labels = {"batch.kubernetes.io/controller-uid": juid, "batch.kubernetes.io/job-name": name,
              "controller-uid": juid, "job-name": name}
    jl = dict(w["labels"])
    if labels_extra:
        jl.update(labels_extra)
    start_ago = start_ago if start_ago is not None else w["age"]
    m = ctx.meta("Job", w["ns"], name, labels={**jl, **({} if owner else {})} if jl else None,
                 ann={"batch.kubernetes.io/job-tracking": "", **w["ann"]}, age=start_ago, owner=owner, gen=1)
    job = {"metadata": m}
    ctx.add("Job", job)
    plabels = {**labels, **w["labels"]}
    wj = dict(w)
    wj["restart"] = w["restart"] if w["restart"] != "Always" else "Never"
    pods = []
    for i, stt in enumerate(states or [{"s": "succeeded", "dur": dur}]):
        pname = f"{name}-{ctx.sfx(5, 'jpod', name, i)}"
        page = stt.get("age", start_ago - i * 15)
        node = place(ctx, wj, i, stt)
        pods.append(pb.build(wj, pname, ctx.oref(job), plabels, node, stt, w["containers"], page))
    job["spec"] = {"backoffLimit": backoff, "completionMode": "NonIndexed", "completions": 1,
                   "manualSelector": False, "parallelism": 1, "podReplacementPolicy": "TerminatingOrFailed",
                   "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": juid}}, "suspend": False,
                   "template": tmpl(wj, w["containers"], plabels)}
    if w["extra"].get("ttl"):
        job["spec"]["ttlSecondsAfterFinished"] = w["extra"]["ttl"]
    if w["extra"].get("active_deadline"):
        job["spec"]["activeDeadlineSeconds"] = w["extra"]["active_deadline"]
    st = {}
    if result == "complete":
        fin = ctx.ts(start_ago - dur - 2)
        st = {"conditions": [{"type": "SuccessCriteriaMet", "status": "True", "lastProbeTime": fin,
                              "lastTransitionTime": fin, "reason": "CompletionsReached",
                              "message": "Reached expected number of succeeded pods"},
                             {"type": "Complete", "status": "True", "lastProbeTime": fin, "lastTransitionTime": fin,
                              "reason": "CompletionsReached", "message": "Reached expected number of succeeded pods"}],
              "startTime": ctx.ts(start_ago), "completionTime": fin, "succeeded": 1, "ready": 0, "terminating": 0,
              "uncountedTerminatedPods": {}}
    elif result == "failed":
        fin = ctx.ts(min(p_age for p_age in [start_ago - 15 * len(states) - 30]))
        msg = w["extra"].get("fail_msg", "Job has reached the specified backoff limit")
        rsn = w["extra"].get("fail_reason", "BackoffLimitExceeded")
        st = {"conditions": [{"type": "FailureTarget", "status": "True", "lastProbeTime": fin, "lastTransitionTime": fin,
                              "reason": rsn, "message": msg},
                             {"type": "Failed", "status": "True", "lastProbeTime": fin, "lastTransitionTime": fin,
                              "reason": rsn, "message": msg}],
              "startTime": ctx.ts(start_ago), "failed": len(states), "ready": 0, "terminating": 0,
              "uncountedTerminatedPods": {}}
    else:
        st = {"startTime": ctx.ts(start_ago), "active": 1, "ready": ready_count(pods), "terminating": 0,
              "uncountedTerminatedPods": {}}
        fl = sum(1 for p in pods if p["status"].get("phase") == "Failed")
        if fl:
            st["failed"] = fl
    job["status"] = st
    return job


def render_cronjob(ctx, pb, w):
    m = ctx.meta("CronJob", w["ns"], w["name"], labels=w["labels"], ann=w["ann"] or None, age=w["age"], gen=1)
    cj = {"metadata": m}
    ctx.add("CronJob", cj)
    every = w["extra"]["every"]          # seconds between runs
    sched = w["extra"]["schedule"]
    wj = dict(w)
    wj["restart"] = w["extra"].get("restart", "OnFailure")
    cj["spec"] = {"concurrencyPolicy": "Forbid", "failedJobsHistoryLimit": 1,
                  "jobTemplate": {"metadata": {"creationTimestamp": None},
                                  "spec": {"backoffLimit": w["extra"].get("backoff", 2),
                                           "template": tmpl(wj, w["containers"], w["labels"])}},
                  "schedule": sched, "successfulJobsHistoryLimit": 3, "suspend": False}
    if w["extra"].get("tz"):
        cj["spec"]["timeZone"] = w["extra"]["tz"]
    now_ep = int(ctx.now.replace(tzinfo=dt.timezone.utc).timestamp())
    phase = w["extra"].get("phase", 0)
    last = ((now_ep - phase) // every) * every + phase
    if last > now_ep:
        last -= every
    runs = []
    for k in range(w["extra"].get("keep", 3)):
        t = last - k * every
        if now_ep - t > w["age"]:
            break
        runs.append(t)
    jobs_states = w["extra"].get("run_states", {})
    for k, t in enumerate(reversed(runs)):
        ago = now_ep - t
        jname = f"{w['name']}-{t // 60}"
        res = jobs_states.get(k, "complete")
        dur = w["extra"].get("dur", 35)
        states = [{"s": "succeeded", "dur": dur, "age": ago - 1}] if res == "complete" else None
        if res == "running":
            states = [{"s": "ok", "age": ago - 1}]
        if isinstance(res, dict):
            states = [{**res, "age": ago - 1}]
            res = "running"
        render_job(ctx, pb, {**wj, "ann": {}, "labels": {}}, owner=ctx.oref(cj), name=jname, start_ago=ago - 1,
                   states=states, result=res, dur=dur)
        if ago < 3500:
            ctx.ev(cj, "SuccessfulCreate", f"Created job {jname}", first=ago, component="cronjob-controller")
            if res == "complete" and ago - dur - 5 > 0:
                ctx.ev(cj, "SawCompletedJob", f"Saw completed job: {jname}, status: Complete", first=ago - dur - 5,
                       component="cronjob-controller")
    st = {}
    if runs:
        st["lastScheduleTime"] = fmt(dt.datetime.utcfromtimestamp(runs[0]))
        st["lastSuccessfulTime"] = fmt(dt.datetime.utcfromtimestamp(runs[0] + w["extra"].get("dur", 35) + 4)) \
            if jobs_states.get(len(runs) - 1, "complete") == "complete" else fmt(dt.datetime.utcfromtimestamp(runs[1] + 40)) if len(runs) > 1 else None
        if st["lastSuccessfulTime"] is None:
            del st["lastSuccessfulTime"]
    cj["status"] = st
    return cj


def render_static(ctx, pb, w):
    for node in ctx.nodes:
        if not node_ok_for(node, {**w, "tolerations": [{"operator": "Exists"}]}, True) and not node.get("_dead"):
            continue
        if w["node_sel"] and any(node["metadata"]["labels"].get(k) != v for k, v in w["node_sel"].items()):
            continue
        nn = node["metadata"]["name"]
        stt = {"s": "nodelost", "since": node["_dead_since"]} if node.get("_dead") else w["states"].get(nn, {"s": "ok"})
        owner = {"apiVersion": "v1", "kind": "Node", "name": nn, "uid": node["metadata"]["uid"], "controller": True}
        hsh = ctx.hex(32, "cfg", w["name"], nn)
        em = {}
        wp = dict(w)
        wp["pod_ann"] = {"kubernetes.io/config.hash": hsh, "kubernetes.io/config.mirror": hsh,
                         "kubernetes.io/config.seen": ctx.ts(node["_boot"] - 2), "kubernetes.io/config.source": "file",
                         **w["pod_ann"]}
        wp["extra"] = {**w["extra"], "automount": False}
        pb.build(wp, f"{w['name']}-{nn}", owner, w["labels"], nn, stt, w["containers"], node["_boot"] - 1)


def render_operated(ctx, pb, w):
    """Pods managed directly by an operator CR (CloudNativePG style)."""
    for i, pname in enumerate(w["extra"]["pod_names"]):
        stt = w["states"].get(i, {"s": "ok"})
        labels = {**w["labels"], **w["extra"]["pod_labels"][i]}
        node = place(ctx, w, i, stt) if stt.get("s") != "pending" else None
        wp = dict(w)
        pvols = []
        for v in w["vct"]:
            cname = pname if v["name"] == "pgdata" else f"{pname}-{v['name']}"
            pvols.append({"name": v["name"], "persistentVolumeClaim": {"claimName": cname}})
            if not ctx.get("PersistentVolumeClaim", w["ns"], cname):
                make_pvc(ctx, w["ns"], cname, v["size"], v["sc"], labels={**labels, "cnpg.io/pvcRole": "PG_DATA"},
                         owner=w["owner_cr"], node=stt.get("pv_node") or node, age=w["age"] - i * 300,
                         ann_extra={"cnpg.io/nodeSerial": str(i + 1), "cnpg.io/operatorVersion": "1.24.1",
                                    "cnpg.io/pvcStatus": "ready"})
        wp["volumes"] = pvols + w["volumes"]
        wp["kind"] = "Pod"
        pb.build(wp, pname, w["owner_cr"], labels, node, stt, w["containers"], pod_age(ctx, w, i, stt),
                 extra_meta=None)


def render_services(ctx):
    pods = ctx.objs["pods"]
    for svc in ctx.objs["services"]:
        ns = svc["metadata"]["namespace"]
        name = svc["metadata"]["name"]
        sel = svc["spec"].get("selector")
        if not sel:
            continue
        pnr = svc["spec"].get("publishNotReadyAddresses", False)
        members = []
        for p in pods:
            if p["metadata"]["namespace"] != ns:
                continue
            lab = p["metadata"].get("labels", {})
            if any(lab.get(k) != v for k, v in sel.items()):
                continue
            if p["status"].get("phase") in ("Succeeded", "Failed") or "podIP" not in p["status"]:
                continue
            ready = any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"]["conditions"])
            term = "deletionTimestamp" in p["metadata"]
            members.append((p, ready, term))
        ports = []
        for sp in svc["spec"]["ports"]:
            ports.append(sp)

        def resolve(p, sp):
            tp = sp.get("targetPort", sp["port"])
            if isinstance(tp, int):
                return tp
            for c in p["spec"]["containers"]:
                for cp in c.get("ports", []):
                    if cp.get("name") == tp:
                        return cp["containerPort"]
            return None
        # Endpoints
        labels = dict(svc["metadata"].get("labels", {}))
        if svc["spec"].get("clusterIP") == "None":
            labels["service.kubernetes.io/headless"] = ""
        em = ctx.meta("Endpoints", ns, name, labels=labels or None,
                      ann={"endpoints.kubernetes.io/last-change-trigger-time": ctx.ts(ctx.n(60, 86400, "lct", ns, name))},
                      age=ctx.n(60, 86400 * 10, 'eage', ns, name) if False else None or 1)
        em["creationTimestamp"] = svc["metadata"]["creationTimestamp"]
        groups = {}
        for sp in ports:
            for p, ready, term in members:
                port = resolve(p, sp)
                if port is None:
                    continue
                key = p["metadata"]["uid"]
                groups.setdefault(key, (p, ready, term, []))[3].append(
                    {**({"name": sp["name"]} if sp.get("name") else {}), "port": port, "protocol": sp.get("protocol", "TCP")})
        subsets = {}
        for key, (p, ready, term, pl) in groups.items():
            if term and not pnr:
                continue
            sk = json.dumps(pl, sort_keys=True)
            sub = subsets.setdefault(sk, {"addresses": [], "notReadyAddresses": [], "ports": pl})
            addr = {"ip": p["status"]["podIP"], "nodeName": p["spec"]["nodeName"],
                    "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns,
                                  "uid": p["metadata"]["uid"]}}
            if svc["spec"].get("clusterIP") == "None" and p["spec"].get("hostname"):
                addr = {"hostname": p["spec"]["hostname"], **addr}
            (sub["addresses"] if ready or pnr else sub["notReadyAddresses"]).append(addr)
        ep = {"metadata": em}
        subs = []
        for sk in sorted(subsets):
            s = subsets[sk]
            o = {}
            if s["addresses"]:
                o["addresses"] = sorted(s["addresses"], key=lambda a: a["ip"])
            if s["notReadyAddresses"]:
                o["notReadyAddresses"] = sorted(s["notReadyAddresses"], key=lambda a: a["ip"])
            o["ports"] = s["ports"]
            subs.append(o)
        if subs:
            ep["subsets"] = subs
        ctx.add("Endpoints", ep)
        # EndpointSlice
        sl = dict(svc["metadata"].get("labels", {}))
        sl["endpointslice.kubernetes.io/managed-by"] = "endpointslice-controller.k8s.io"
        sl["kubernetes.io/service-name"] = name
        if svc["spec"].get("clusterIP") == "None":
            sl["service.kubernetes.io/headless"] = ""
        esm = ctx.meta("EndpointSlice", ns, f"{name}-{ctx.sfx(5, 'eps', ns, name)}", labels=sl,
                       ann={"endpoints.kubernetes.io/last-change-trigger-time": em["annotations"]["endpoints.kubernetes.io/last-change-trigger-time"]},
                       owner=ctx.oref(svc), gen=ctx.n(1, 40, "esg", ns, name))
        esm["creationTimestamp"] = svc["metadata"]["creationTimestamp"]
        esm["generateName"] = f"{name}-"
        eps = []
        pl_any = None
        for key, (p, ready, term, pl) in groups.items():
            pl_any = pl
            e = {"addresses": [p["status"]["podIP"]],
                 "conditions": {"ready": (pnr or ready) and not term, "serving": pnr or ready, "terminating": term}}
            if p["spec"].get("hostname") and svc["spec"].get("clusterIP") == "None":
                e["hostname"] = p["spec"]["hostname"]
            e["nodeName"] = p["spec"]["nodeName"]
            e["targetRef"] = {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns, "uid": p["metadata"]["uid"]}
            z = ctx.get("Node", "", p["spec"]["nodeName"])["metadata"]["labels"].get("topology.kubernetes.io/zone")
            if z:
                e["zone"] = z
            eps.append(e)
        es = {"metadata": esm, "addressType": "IPv4", "endpoints": sorted(eps, key=lambda e: e["addresses"][0]) or None}
        if es["endpoints"] is None:
            es["endpoints"] = None
        if pl_any:
            es["ports"] = pl_any
        else:
            es["ports"] = [{**({"name": sp["name"]} if sp.get("name") else {"name": ""}), "port": sp["targetPort"] if isinstance(sp.get("targetPort"), int) else None, "protocol": sp.get("protocol", "TCP")} for sp in ports] if False else None
        ctx.add("EndpointSlice", es)


def service(ctx, ns, name, ports, selector, labels=None, ann=None, headless=False, stype="ClusterIP",
            pnr=False, age=86400 * 40, lb=None, etp="Cluster"):
    m = ctx.meta("Service", ns, name, labels=labels, ann=ann, age=age)
    ps = []
    for p in ports:
        d = {}
        if p[0]:
            d["name"] = p[0]
        if stype in ("NodePort", "LoadBalancer"):
            d["nodePort"] = 30000 + ctx.n(0, 2767, "np", ns, name, p[1])
        d["port"] = p[1]
        d["protocol"] = p[3] if len(p) > 3 else "TCP"
        d["targetPort"] = p[2] if len(p) > 2 else p[1]
        ps.append(d)
    spec = {}
    if stype == "LoadBalancer":
        spec["allocateLoadBalancerNodePorts"] = True
    cip = "None" if headless else (ctx.platform.get("fixed_ips", {}).get((ns, name)) or ctx.ip(ctx.platform["svc_prefix"], "svc", ns, name))
    spec.update({"clusterIP": cip, "clusterIPs": [cip]})
    if stype in ("NodePort", "LoadBalancer"):
        spec["externalTrafficPolicy"] = etp
    spec.update({"internalTrafficPolicy": "Cluster", "ipFamilies": ["IPv4"],
                 "ipFamilyPolicy": "SingleStack", "ports": ps})
    if pnr:
        spec["publishNotReadyAddresses"] = True
    if selector:
        spec["selector"] = dict(selector)
    spec["sessionAffinity"] = "None"
    spec["type"] = stype
    st = {"loadBalancer": {}}
    if stype == "LoadBalancer" and lb:
        st = {"loadBalancer": {"ingress": [lb]}}
    svc = {"metadata": m, "spec": spec, "status": st}
    ctx.add("Service", svc)
    return svc


def render_all(ctx):
    pb = PodBuilder(ctx)
    for w in ctx.workloads:
        k = w["kind"]
        if k == "Deployment":
            render_deployment(ctx, pb, w)
        elif k == "StatefulSet":
            render_statefulset(ctx, pb, w)
        elif k == "DaemonSet":
            render_daemonset(ctx, pb, w)
        elif k == "Job":
            x = w["extra"]
            render_job(ctx, pb, w, states=x.get("states"), result=x.get("result", "complete"),
                       backoff=x.get("backoff", 6), dur=x.get("dur", 40), start_ago=x.get("start_ago"))
        elif k == "CronJob":
            render_cronjob(ctx, pb, w)
        elif k == "Static":
            render_static(ctx, pb, w)
        elif k == "Operated":
            render_operated(ctx, pb, w)
        elif k == "Pod":
            stt = w["states"].get(0, {"s": "ok"})
            node = place(ctx, w, 0, stt) if stt.get("s") != "pending" else None
            pb.build(w, w["name"], w["owner_cr"], w["labels"], node, stt, w["containers"], w["age"])
    render_services(ctx)


# ---------------------------------------------------------------------------
# platforms

def sc_defs(kind):
    ebs = lambda ctx, pv: f"vol-0{ctx.hex(16, 'vol', pv)}"
    gpd = lambda ctx, pv: f"projects/{ctx.platform['project']}/zones/{ctx.platform['zones'][0]}/disks/{pv}"
    azd = lambda ctx, pv: f"/subscriptions/{ctx.uid('sub')}/resourceGroups/mc_{ctx.platform['cluster']}_{ctx.platform['region']}/providers/Microsoft.Compute/disks/{pv}"
    lh = lambda ctx, pv: pv
    rbd = lambda ctx, pv: f"0001-0009-rook-ceph-0000000000000002-{ctx.uid('rbd', pv)}"
    if kind == "eks":
        return {"gp3": {"prov": "ebs.csi.aws.com", "wffc": True, "expand": True, "handle": ebs, "default": True,
                        "params": {"type": "gp3", "encrypted": "true", "csi.storage.k8s.io/fstype": "ext4"},
                        "topo": "topology.ebs.csi.aws.com/zone"},
                "gp2": {"prov": "kubernetes.io/aws-ebs", "wffc": True, "expand": False, "handle": ebs,
                        "params": {"type": "gp2", "fsType": "ext4"}, "topo": "topology.kubernetes.io/zone"}}
    if kind == "gke":
        return {"standard-rwo": {"prov": "pd.csi.storage.gke.io", "wffc": True, "expand": True, "handle": gpd, "default": True,
                                 "params": {"type": "pd-balanced"}, "topo": "topology.gke.io/zone"},
                "premium-rwo": {"prov": "pd.csi.storage.gke.io", "wffc": True, "expand": True, "handle": gpd,
                                "params": {"type": "pd-ssd"}, "topo": "topology.gke.io/zone"},
                "standard": {"prov": "kubernetes.io/gce-pd", "wffc": False, "expand": True, "handle": gpd,
                             "params": {"type": "pd-standard"}, "topo": "topology.gke.io/zone"}}
    if kind == "aks":
        return {"managed-csi": {"prov": "disk.csi.azure.com", "wffc": True, "expand": True, "handle": azd, "default": True,
                                "params": {"skuname": "StandardSSD_LRS"}, "topo": "topology.disk.csi.azure.com/zone"},
                "managed-csi-premium": {"prov": "disk.csi.azure.com", "wffc": True, "expand": True, "handle": azd,
                                        "params": {"skuname": "Premium_LRS"}, "topo": "topology.disk.csi.azure.com/zone"},
                "azurefile-csi": {"prov": "file.csi.azure.com", "wffc": False, "expand": True, "fs": "",
                                  "handle": lambda ctx, pv: f"mc_{ctx.platform['cluster']}#f{ctx.hex(20, 'af')}#{pv}###default",
                                  "params": {"skuName": "Standard_LRS"}, "rwx": True}}
    if kind in ("k3s",):
        return {"local-path": {"prov": "rancher.io/local-path", "wffc": True, "expand": False, "handle": lh,
                               "default": True, "params": {}, "reclaim": "Delete"}}
    if kind == "rke2":
        return {"longhorn": {"prov": "driver.longhorn.io", "wffc": False, "expand": True, "handle": lh, "default": True,
                             "params": {"numberOfReplicas": "3", "staleReplicaTimeout": "2880", "fromBackup": "",
                                        "fsType": "ext4", "dataLocality": "disabled"},
                             "attrs": {"numberOfReplicas": "3", "staleReplicaTimeout": "2880", "fsType": "ext4"}},
                "longhorn-static": {"prov": "driver.longhorn.io", "wffc": False, "expand": True, "handle": lh,
                                    "params": {"numberOfReplicas": "3", "staleReplicaTimeout": "30", "fromBackup": "",
                                               "fsType": "ext4"}}}
    if kind == "kubeadm-ceph":
        return {"ceph-block": {"prov": "rook-ceph.rbd.csi.ceph.com", "wffc": False, "expand": True, "handle": rbd,
                               "default": True, "reclaim": "Delete",
                               "params": {"clusterID": "rook-ceph", "pool": "replicapool", "imageFormat": "2",
                                          "imageFeatures": "layering",
                                          "csi.storage.k8s.io/provisioner-secret-name": "rook-csi-rbd-provisioner",
                                          "csi.storage.k8s.io/provisioner-secret-namespace": "rook-ceph",
                                          "csi.storage.k8s.io/fstype": "ext4"},
                               "attrs": {"clusterID": "rook-ceph", "pool": "replicapool", "imageFeatures": "layering",
                                         "imageFormat": "2"}},
                "ceph-filesystem": {"prov": "rook-ceph.cephfs.csi.ceph.com", "wffc": False, "expand": True,
                                    "handle": rbd, "reclaim": "Delete", "rwx": True,
                                    "params": {"clusterID": "rook-ceph", "fsName": "ceph-filesystem", "pool": "ceph-filesystem-data0"}}}
    if kind == "kubeadm-lh":
        d = sc_defs("rke2")
        return d
    if kind == "openshift":
        return {"thin-csi": {"prov": "csi.vsphere.vmware.com", "wffc": True, "expand": True, "default": True,
                             "handle": lambda ctx, pv: f"file://{ctx.uid('vs', pv)}",
                             "params": {"StoragePolicyName": "openshift-storage-policy-ocp4"}}}
    raise KeyError(kind)


def add_storageclasses(ctx):
    for name, sc in ctx.platform["sc"].items():
        ann = {}
        if sc.get("default"):
            ann["storageclass.kubernetes.io/is-default-class"] = "true"
        m = ctx.meta("StorageClass", "", name, ann=ann or None, age=ctx.platform["age"] - 100)
        o = {"metadata": m, "provisioner": sc["prov"], "parameters": sc["params"],
             "reclaimPolicy": sc.get("reclaim", "Delete"), "allowVolumeExpansion": sc["expand"],
             "volumeBindingMode": "WaitForFirstConsumer" if sc["wffc"] else "Immediate"}
        if not sc["params"]:
            del o["parameters"]
        ctx.add("StorageClass", o)


def add_node(ctx, name, labels, ip, podprefix, cpu, mem_gi, pods, age, provider=None, taints=None,
             itype=None, zone=None, extra_addr=None):
    p = ctx.platform
    lab = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux",
           "kubernetes.io/arch": "amd64", "kubernetes.io/hostname": name, "kubernetes.io/os": "linux"}
    if itype:
        lab["beta.kubernetes.io/instance-type"] = itype
        lab["node.kubernetes.io/instance-type"] = itype
    if zone:
        lab["failure-domain.beta.kubernetes.io/region"] = p.get("region", "")
        lab["failure-domain.beta.kubernetes.io/zone"] = zone
        lab["topology.kubernetes.io/region"] = p.get("region", "")
        lab["topology.kubernetes.io/zone"] = zone
    lab.update(labels)
    ann = {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
    if p.get("cri_ann"):
        ann["kubeadm.alpha.kubernetes.io/cri-socket"] = p["cri_ann"]
    m = ctx.meta("Node", "", name, labels=lab, ann=ann, age=age)
    mem_ki = int(mem_gi * 1024 * 1024 * 0.985)
    cap = {"cpu": str(cpu), "ephemeral-storage": f"{ctx.pick([104845292, 125751276, 203056560], 'eph', p['kind'])}Ki",
           "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": f"{mem_ki}Ki", "pods": str(pods)}
    alloc = dict(cap)
    alloc["cpu"] = f"{cpu * 1000 - (80 if cpu <= 4 else 150 if cpu <= 8 else 230)}m"
    alloc["memory"] = f"{mem_ki - int(min(mem_gi, 64) * 0.06 * 1024 * 1024) - 100 * 1024}Ki"
    alloc["ephemeral-storage"] = str(int(int(cap["ephemeral-storage"][:-2]) * 1024 * 0.9))
    boot = age - ctx.n(0, 60, "boot", name) if age < 86400 * 20 else ctx.n(86400 * 3, 86400 * 19, "boot", name)
    hb = ctx.n(5, 280, "hb", name)
    tb = ctx.ts(boot - 30)
    conds = [{"type": t, "status": "False", "lastHeartbeatTime": ctx.ts(hb), "lastTransitionTime": tb,
              "reason": r, "message": msg} for t, r, msg in (
        ("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
        ("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
        ("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available"))]
    conds.append({"type": "Ready", "status": "True", "lastHeartbeatTime": ctx.ts(hb), "lastTransitionTime": tb,
                  "reason": "KubeletReady", "message": "kubelet is posting ready status" + p.get("ready_sfx", "")})
    if p.get("netcond"):
        conds.insert(0, {"type": "NetworkUnavailable", "status": "False", "lastHeartbeatTime": ctx.ts(boot - 20),
                         "lastTransitionTime": ctx.ts(boot - 20), "reason": p["netcond"][0], "message": p["netcond"][1]})
    addrs = [{"type": "InternalIP", "address": ip}] + (extra_addr or []) + [{"type": "Hostname", "address": name}]
    spec = {}
    if p.get("podcidr", True):
        spec["podCIDR"] = podprefix + ".0/24"
        spec["podCIDRs"] = [podprefix + ".0/24"]
    if provider:
        spec["providerID"] = provider
    if taints:
        spec["taints"] = taints
    node = {"metadata": m, "spec": spec, "status": {
        "addresses": addrs, "allocatable": alloc, "capacity": cap, "conditions": conds,
        "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
        "nodeInfo": {"architecture": "amd64", "bootID": ctx.uid("boot", name),
                     "containerRuntimeVersion": p["runtime_version"], "kernelVersion": p["kernel"],
                     "kubeProxyVersion": p["kubelet"], "kubeletVersion": p["kubelet"],
                     "machineID": ctx.hex(32, "mid", name), "operatingSystem": "linux", "osImage": p["os"],
                     "systemUUID": ctx.uid("sys", name).upper() if p["kind"] in ("kubeadm",) else ctx.uid("sys", name)}}}
    node["_podprefix"] = podprefix
    node["_age"] = age
    node["_boot"] = boot
    ctx.add("Node", node)
    ctx.nodes.append(node)
    return node


def kill_node(ctx, node, since, reason="NodeStatusUnknown", message="Kubelet stopped posting node status."):
    node["_dead"] = True
    node["_dead_since"] = since
    for c in node["status"]["conditions"]:
        if c["type"] == "NetworkUnavailable":
            continue
        c["status"] = "Unknown"
        c["lastHeartbeatTime"] = ctx.ts(since)
        c["lastTransitionTime"] = ctx.ts(since - 40)
        c["reason"] = reason
        c["message"] = message
    node["spec"]["taints"] = node["spec"].get("taints", []) + [
        {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": ctx.ts(since - 40)},
        {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": ctx.ts(since - 45)}]


def finalize_nodes(ctx):
    for n in ctx.nodes:
        for k in ("_podprefix", "_age", "_boot", "_dead", "_dead_since"):
            n.pop(k, None)


# ---------------------------------------------------------------------------
# helpers to declare workloads quickly

def add_ns(ctx, name, labels=None, ann=None, age=None):
    lab = {"kubernetes.io/metadata.name": name}
    if labels:
        lab.update(labels)
    a = dict(ann or {})
    if ctx.platform["kind"] == "openshift" and name not in ("default", "kube-system", "kube-public", "kube-node-lease"):
        x = ctx.n(1000, 1100, "scc", name)
        a.update({"openshift.io/sa.scc.mcs": f"s0:c{x % 30},c{x % 17}",
                  "openshift.io/sa.scc.supplemental-groups": f"{x * 1000000 + 1000000000}/10000",
                  "openshift.io/sa.scc.uid-range": f"{x * 1000000 + 1000000000}/10000"})
        lab.setdefault("pod-security.kubernetes.io/audit", "restricted")
    m = ctx.meta("Namespace", "", name, labels=lab, ann=a or None, age=age or ctx.platform["age"] - 300)
    ctx.add("Namespace", {"metadata": m, "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": "Active"}})


def sa(ctx, ns, name, ann=None, labels=None, age=None, ips=None):
    if ctx.get("ServiceAccount", ns, name):
        return
    o = {"metadata": ctx.meta("ServiceAccount", ns, name, labels=labels, ann=ann, age=age or ctx.platform["age"] - 400)}
    if ips:
        o["imagePullSecrets"] = [{"name": x} for x in ips]
    ctx.add("ServiceAccount", o)


def cm(ctx, ns, name, data, labels=None, ann=None, age=86400 * 30):
    o = {"metadata": ctx.meta("ConfigMap", ns, name, labels=labels, ann=ann, age=age), "data": data}
    ctx.add("ConfigMap", o)
    return o


def secret(ctx, ns, name, keys, stype="Opaque", labels=None, ann=None, age=86400 * 30, owner=None):
    o = {"metadata": ctx.meta("Secret", ns, name, labels=labels, ann=ann, age=age, owner=owner),
         "data": {k: "" for k in keys}, "type": stype}
    ctx.add("Secret", o)
    return o


def dep(ctx, ns, name, image, replicas=1, port=None, labels=None, req=("50m", "64Mi"), lim=None, probe=None,
        kind="Deployment", sa_name=None, cname=None, extra_ctrs=None, **kw):
    labels = labels or {"app.kubernetes.io/name": name, "app.kubernetes.io/instance": name}
    ports = [port] if isinstance(port, tuple) else (port or [])
    rp = None
    if probe == "tcp" and ports:
        rp = tcp_probe(ports[0][1])
    elif probe and ports:
        rp = http_probe(probe, ports[0][0] or ports[0][1])
    c = ctr(cname or name.split("-")[-1] if cname is None and False else (cname or name), image, ports=ports,
            req={"cpu": req[0], "memory": req[1]} if req else None,
            lim={"memory": lim} if isinstance(lim, str) else lim, ready=rp,
            live=copy.deepcopy(rp) if rp and kw.pop("live", True) else None, env=kw.pop("env", None),
            env_from=kw.pop("env_from", None), mounts=kw.pop("mounts", None), args=kw.pop("args", None),
            tmp=kw.pop("tmp", None), command=kw.pop("command", None))
    if not kw.get("no_sa") and sa_name:
        sa(ctx, ns, sa_name)
    kw.pop("no_sa", None)
    w = W(kind, ns, name, [c] + (extra_ctrs or []), replicas=replicas, labels=labels, sa=sa_name, **kw)
    ctx.workloads.append(w)
    return w


def side(name, image, req=("10m", "32Mi"), ports=None, lim=None, args=None, mounts=None):
    return ctr(name, image, ports=ports, req={"cpu": req[0], "memory": req[1]} if req else None, lim=lim, args=args, mounts=mounts)


# ---------------------------------------------------------------------------
# platform builders

PLAT = {
    "eks": dict(kind="eks", runtime="containerd", runtime_version="containerd://1.7.22",
                kubelet="v1.30.4-eks-a737599", os="Amazon Linux 2023.6.20241010",
                kernel="6.1.112-122.189.amzn2023.x86_64", svc_prefix="172.20", dns="172.20.0.10", podcidr=False),
    "gke": dict(kind="gke", runtime="containerd", runtime_version="containerd://1.7.23",
                kubelet="v1.30.5-gke.1443001", os="Container-Optimized OS from Google", kernel="6.1.100+",
                svc_prefix="34.118.229", dns="34.118.224.10", api_ip="34.118.224.1"),
    "aks": dict(kind="aks", runtime="containerd", runtime_version="containerd://1.7.22-1",
                kubelet="v1.30.5", os="Ubuntu 22.04.5 LTS", kernel="5.15.0-1074-azure", svc_prefix="10.0",
                dns="10.0.0.10"),
    "kubeadm": dict(kind="kubeadm", runtime="containerd", runtime_version="containerd://1.7.22",
                    kubelet="v1.31.2", os="Ubuntu 24.04.1 LTS", kernel="6.8.0-48-generic", svc_prefix="10.96",
                    dns="10.96.0.10", cri_ann="unix:///var/run/containerd/containerd.sock",
                    netcond=("CalicoIsUp", "Calico is running on this node")),
    "k3s": dict(kind="k3s", runtime="containerd", runtime_version="containerd://1.7.22-k3s1",
                kubelet="v1.30.6+k3s1", os="Ubuntu 22.04.5 LTS", kernel="5.15.0-125-generic", svc_prefix="10.43",
                dns="10.43.0.10"),
    "rke2": dict(kind="rke2", runtime="containerd", runtime_version="containerd://1.7.22-k3s1",
                 kubelet="v1.30.6+rke2r1", os="Rocky Linux 9.4 (Blue Onyx)", kernel="5.14.0-427.40.1.el9_4.x86_64",
                 svc_prefix="10.43", dns="10.43.0.10",
                 netcond=("FlannelIsUp", "Flannel is running on this node")),
    "openshift": dict(kind="openshift", runtime="cri-o", runtime_version="cri-o://1.29.8-5.rhaos4.16.git0c9b8a8.el9",
                      kubelet="v1.29.8+f10c92d", os="Red Hat Enterprise Linux CoreOS 416.94.202410020522-0",
                      kernel="5.14.0-427.37.1.el9_4.x86_64", svc_prefix="172.30", dns="172.30.0.10", podcidr=False),
}


def coredns(ctx, name="coredns", image="registry.k8s.io/coredns/coredns:v1.11.3", replicas=2, labels=None, age=None):
    labels = labels or {"k8s-app": "kube-dns"}
    c = ctr("coredns", image, ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP"), ("metrics", 9153, "TCP")],
            args=["-conf", "/etc/coredns/Corefile"], req={"cpu": "100m", "memory": "70Mi"}, lim={"memory": "170Mi"},
            ready=http_probe("/ready", 8181, period=10), live=http_probe("/health", 8080, period=10, fail=5, delay=60, timeout=5),
            mounts=[{"name": "config-volume", "readOnly": True, "mountPath": "/etc/coredns"}],
            sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]},
                "readOnlyRootFilesystem": True})
    sa(ctx, "kube-system", name)
    w = W("Deployment", "kube-system", name, [c], replicas=replicas, labels=labels, sa=name,
          volumes=[{"name": "config-volume", "configMap": {"name": name, "items": [{"key": "Corefile", "path": "Corefile"}], "defaultMode": 420}}],
          priority="system-cluster-critical", age=age or ctx.platform["age"] - 200,
          tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                       {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}],
          affinity={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 100, "podAffinityTerm": {
              "labelSelector": {"matchExpressions": [{"key": "k8s-app", "operator": "In", "values": ["kube-dns"]}]},
              "topologyKey": "kubernetes.io/hostname"}}]}})
    ctx.workloads.append(w)
    cm(ctx, "kube-system", name, {"Corefile": ".:53 {\n    errors\n    health {\n       lameduck 5s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n       pods insecure\n       fallthrough in-addr.arpa ip6.arpa\n       ttl 30\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf {\n       max_concurrent 1000\n    }\n    cache 30\n    loop\n    reload\n    loadbalance\n}\n"},
       age=ctx.platform["age"] - 200)
    ctx.platform.setdefault("fixed_ips", {})[("kube-system", "kube-dns")] = ctx.platform["dns"]
    service(ctx, "kube-system", "kube-dns", [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53), ("metrics", 9153, 9153)],
            labels, labels={**labels, "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"},
            ann={"prometheus.io/port": "9153", "prometheus.io/scrape": "true"}, age=ctx.platform["age"] - 200)
    ctx.dns_workload = w
    return w


def ds(ctx, ns, name, containers, labels=None, host_network=False, tolerations=None, age=None, node_sel=None,
       priority="system-node-critical", sa_name=None, init=None, volumes=None):
    labels = labels or {"k8s-app": name}
    if sa_name:
        sa(ctx, ns, sa_name)
    w = W("DaemonSet", ns, name, containers, labels=labels, host_network=host_network,
          tolerations=tolerations if tolerations is not None else [{"operator": "Exists"}],
          age=age or ctx.platform["age"] - 250, node_sel=node_sel, priority=priority, sa=sa_name, init=init,
          volumes=volumes)
    ctx.workloads.append(w)
    return w


def kube_proxy(ctx, image):
    ds(ctx, "kube-system", "kube-proxy", [ctr("kube-proxy", image, command=["kube-proxy", "--config=/var/lib/kube-proxy/config.conf", "--hostname-override=$(NODE_NAME)"],
                                              env=[env("NODE_NAME", field="spec.nodeName")], req={"cpu": "100m"},
                                              sc={"privileged": True})],
       host_network=True, sa_name="kube-proxy")


def nodes_generic(ctx, pools, namer, ipfn, age):
    i = 0
    for pool in pools:
        for j in range(pool["count"]):
            name = namer(pool, j, i)
            ip = ipfn(i, name)
            zone = pool["zones"][j % len(pool["zones"])] if pool.get("zones") else None
            add_node(ctx, name, pool.get("labels", {}), ip, pool.get("podprefix", lambda i: f"10.244.{i}")(i) if callable(pool.get("podprefix")) else f"10.244.{i}",
                     pool["cpu"], pool["mem"], pool.get("pods", 110), pool.get("age", age) - j * 3600,
                     provider=pool.get("provider", lambda n, z, i: None)(name, zone, i), taints=copy.deepcopy(pool.get("taints")),
                     itype=pool.get("itype"), zone=zone)
            i += 1


def build_platform(ctx, kind, pools):
    """pools: list of dict(name, count, cpu, mem, itype, labels, taints)"""
    p = copy.deepcopy(PLAT[kind])
    ctx.platform = p
    p["age"] = 86400 * ctx.n(120, 700, "clage")
    p["cluster"] = ctx.spec.get("cluster", "prod")
    if kind == "eks":
        p["region"] = ctx.pick(["eu-west-1", "us-east-2", "ap-southeast-2", "eu-central-1"], "reg")
        p["zones"] = [p["region"] + z for z in "abc"]
        p["sc"] = sc_defs("eks")
        k = 0
        for pool in pools:
            for j in range(pool["count"]):
                z = p["zones"][j % 3]
                sub = 16 * (j % 3) + ctx.n(0, 15, "sub", pool["name"], j)
                ip = ctx.ip(f"10.0.{sub}", "node", pool["name"], j)
                name = f"ip-{ip.replace('.', '-')}.{p['region']}.compute.internal"
                lab = {"eks.amazonaws.com/nodegroup": pool["name"], "eks.amazonaws.com/capacityType": pool.get("cap", "ON_DEMAND"),
                       "eks.amazonaws.com/nodegroup-image": f"ami-0{ctx.hex(16, 'ami', pool['name'])}",
                       "eks.amazonaws.com/sourceLaunchTemplateId": f"lt-0{ctx.hex(16, 'lt', pool['name'])}",
                       "eks.amazonaws.com/sourceLaunchTemplateVersion": "1", "k8s.io/cloud-provider-aws": ctx.hex(32, "cpa"),
                       "topology.ebs.csi.aws.com/zone": z, "topology.k8s.aws/zone-id": f"euw1-az{j % 3 + 1}"}
                lab.update(pool.get("labels", {}))
                add_node(ctx, name, lab, ip, f"10.0.{sub}", pool["cpu"], pool["mem"], pool.get("pods", 58),
                         p["age"] - 86400 * ctx.n(1, 30, "nage", name), provider=f"aws:///{z}/i-0{ctx.hex(16, 'iid', name)}",
                         taints=copy.deepcopy(pool.get("taints")), itype=pool["itype"], zone=z,
                         extra_addr=[{"type": "InternalDNS", "address": name}])
                k += 1
        ecr = f"602401143452.dkr.ecr.{p['region']}.amazonaws.com"
        coredns(ctx, image=f"{ecr}/eks/coredns:v1.11.3-eksbuild.1",
                labels={"eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns"})
        kube_proxy(ctx, f"{ecr}/eks/kube-proxy:v1.30.3-minimal-eksbuild.5")
        ds(ctx, "kube-system", "aws-node", [ctr("aws-node", f"{ecr}/amazon-k8s-cni:v1.18.5-eksbuild.1", ports=[("metrics", 61678)],
                                                req={"cpu": "25m"}, ready=exec_probe(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], timeout=10)),
                                            ctr("aws-eks-nodeagent", f"{ecr}/amazon/aws-network-policy-agent:v1.1.3-eksbuild.1", req={"cpu": "25m"})],
           labels={"k8s-app": "aws-node"}, host_network=True, sa_name="aws-node",
           init=[ctr("aws-vpc-cni-init", f"{ecr}/amazon-k8s-cni-init:v1.18.5-eksbuild.1", req={"cpu": "25m"})])
        ds(ctx, "kube-system", "ebs-csi-node", [ctr("ebs-plugin", "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.35.0", req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"}),
                                                side("node-driver-registrar", "public.ecr.aws/eks-distro/kubernetes-csi/node-driver-registrar:v2.11.1-eks-1-31-3"),
                                                side("liveness-probe", "public.ecr.aws/eks-distro/kubernetes-csi/livenessprobe:v2.13.1-eks-1-31-3")],
           labels={"app": "ebs-csi-node", "app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver"},
           sa_name="ebs-csi-node-sa")
        csi = dep(ctx, "kube-system", "ebs-csi-controller", "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.35.0", replicas=2,
                  cname="ebs-plugin", labels={"app": "ebs-csi-controller", "app.kubernetes.io/component": "csi-driver",
                                              "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver"},
                  sa_name="ebs-csi-controller-sa", req=("10m", "40Mi"), lim="256Mi",
                  extra_ctrs=[side(n, f"public.ecr.aws/eks-distro/kubernetes-csi/{n}:{v}-eks-1-31-3") for n, v in
                              (("csi-provisioner", "v5.1.0"), ("csi-attacher", "v4.7.0"), ("csi-snapshotter", "v8.1.0"),
                               ("csi-resizer", "v1.12.0"), ("livenessprobe", "v2.13.1"))],
                  priority="system-cluster-critical", tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                                                                   {"effect": "NoExecute", "operator": "Exists", "tolerationSeconds": 300}])
        ctx.csi_controller = csi
        ds(ctx, "kube-system", "eks-pod-identity-agent", [ctr("eks-pod-identity-agent", f"{ecr}/eks/eks-pod-identity-agent:0.1.10", req={"cpu": "25m"})],
           host_network=True)
        dep(ctx, "kube-system", "metrics-server", "registry.k8s.io/metrics-server/metrics-server:v0.7.2", port=("https", 10250),
            labels={"k8s-app": "metrics-server"}, probe="/readyz", sa_name="metrics-server", req=("100m", "200Mi"),
            priority="system-cluster-critical")
        service(ctx, "kube-system", "metrics-server", [("https", 443, "https")], {"k8s-app": "metrics-server"}, labels={"k8s-app": "metrics-server"})
    elif kind == "gke":
        p["region"] = "europe-west1"
        p["zones"] = ["europe-west1-b", "europe-west1-c", "europe-west1-d"]
        p["project"] = ctx.spec.get("project", "prj-" + ctx.hex(6, "prj"))
        p["sc"] = sc_defs("gke")
        i = 0
        for pool in pools:
            grp = ctx.hex(8, "grp", pool["name"])
            for j in range(pool["count"]):
                z = p["zones"][j % 3]
                name = f"gke-{p['cluster']}-{pool['name']}-{ctx.hex(8, 'grp', pool['name'], z)}-{ctx.sfx(4, 'gn', pool['name'], j)}"
                ip = ctx.ip("10.132.0", "node", name)
                lab = {"cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
                       "cloud.google.com/gke-cpu-scaling-level": str(pool["cpu"]), "cloud.google.com/gke-logging-variant": "DEFAULT",
                       "cloud.google.com/gke-max-pods-per-node": "110", "cloud.google.com/gke-netd-ready": "true",
                       "cloud.google.com/gke-nodepool": pool["name"], "cloud.google.com/gke-os-distribution": "cos",
                       "cloud.google.com/gke-provisioning": "standard", "cloud.google.com/gke-stack-type": "IPV4",
                       "cloud.google.com/machine-family": pool["itype"].split("-")[0], "cloud.google.com/private-node": "false",
                       "topology.gke.io/zone": z}
                lab.update(pool.get("labels", {}))
                add_node(ctx, name, lab, ip, f"10.{52 + i // 2}.{(i % 2) * 128 + ctx.n(0, 100, 'pp', i)}", pool["cpu"], pool["mem"], 110,
                         p["age"] - 86400 * ctx.n(1, 20, "nage", name), provider=f"gce://{p['project']}/{z}/{name}",
                         taints=copy.deepcopy(pool.get("taints")), itype=pool["itype"], zone=z,
                         extra_addr=[{"type": "ExternalIP", "address": ctx.ip("34.140", "ext", name)}])
                i += 1
        kd = {"k8s-app": "kube-dns"}
        sa(ctx, "kube-system", "kube-dns")
        w = W("Deployment", "kube-system", "kube-dns", [
            ctr("kubedns", "gke.gcr.io/k8s-dns-kube-dns:1.23.0-gke.9", ports=[("dns-local", 10053, "UDP"), ("dns-tcp-local", 10053, "TCP"), ("metrics", 10055)],
                req={"cpu": "100m", "memory": "70Mi"}, lim={"memory": "210Mi"}, ready=http_probe("/readiness", 8081, delay=3, timeout=5)),
            ctr("dnsmasq", "gke.gcr.io/k8s-dns-dnsmasq-nanny:1.23.0-gke.9", ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP")], req={"cpu": "150m", "memory": "20Mi"}),
            side("sidecar", "gke.gcr.io/k8s-dns-sidecar:1.23.0-gke.9", ports=[("metrics", 10054)]),
            side("prometheus-to-sd", "gke.gcr.io/prometheus-to-sd:v0.11.12-gke.38")],
            replicas=2, labels=kd, sa="kube-dns", priority="system-cluster-critical", age=p["age"] - 200,
            tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "components.gke.io/gke-managed-components", "operator": "Exists"}])
        ctx.workloads.append(w)
        ctx.dns_workload = w
        p.setdefault("fixed_ips", {})[("kube-system", "kube-dns")] = p["dns"]
        service(ctx, "kube-system", "kube-dns", [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53)], kd,
                labels={**kd, "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "KubeDNS", "addonmanager.kubernetes.io/mode": "Reconcile"})
        dep(ctx, "kube-system", "kube-dns-autoscaler", "gke.gcr.io/cluster-proportional-autoscaler:v1.8.11-gke.11", labels={"k8s-app": "kube-dns-autoscaler"},
            sa_name="kube-dns-autoscaler", req=("20m", "10Mi"), priority="system-cluster-critical")
        dep(ctx, "kube-system", "konnectivity-agent", "gke.gcr.io/proxy-agent:v0.30.3-gke.5", replicas=3, port=("admin", 8093), probe="/healthz",
            labels={"k8s-app": "konnectivity-agent"}, sa_name="konnectivity-agent", req=("10m", "30Mi"), priority="system-cluster-critical")
        dep(ctx, "kube-system", "metrics-server-v1.30.3", "gke.gcr.io/metrics-server:v0.7.1-gke.23", port=("https", 10250), probe="/readyz",
            labels={"k8s-app": "metrics-server", "version": "v1.30.3"}, sa_name="metrics-server", req=("48m", "105Mi"), priority="system-cluster-critical")
        dep(ctx, "kube-system", "event-exporter-gke", "gke.gcr.io/event-exporter:v0.4.0-gke.20", labels={"k8s-app": "event-exporter"},
            sa_name="event-exporter-sa", req=("10m", "20Mi"))
        dep(ctx, "kube-system", "l7-default-backend", "gke.gcr.io/ingress-gce-404-server-with-metrics:v1.29.0", port=("http", 8080), probe="/healthz",
            labels={"k8s-app": "glbc", "name": "glbc"}, req=("10m", "20Mi"))
        ds(ctx, "kube-system", "anetd", [ctr("cilium-agent", "gke.gcr.io/cilium/cilium:v1.14.14-gke2.0.1", req={"cpu": "100m", "memory": "100Mi"})],
           labels={"k8s-app": "cilium"}, host_network=True, sa_name="cilium")
        ds(ctx, "kube-system", "netd", [ctr("netd", "gke.gcr.io/netd:v0.5.7-gke.12", req={"cpu": "4m", "memory": "50Mi"})],
           labels={"k8s-app": "netd"}, host_network=True, sa_name="netd")
        ds(ctx, "kube-system", "pdcsi-node", [ctr("gce-pd-driver", "gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.13.5-gke.0", req={"cpu": "5m", "memory": "23Mi"}),
                                              side("csi-driver-registrar", "gke.gcr.io/csi-node-driver-registrar:v2.9.4-gke.7")],
           labels={"k8s-app": "gcp-compute-persistent-disk-csi-driver"}, sa_name="pdcsi-node-sa")
        ds(ctx, "kube-system", "fluentbit-gke", [ctr("fluentbit", "gke.gcr.io/fluent-bit:v1.8.12-gke.41", req={"cpu": "50m", "memory": "100Mi"}),
                                                 side("fluentbit-gke", "gke.gcr.io/fluent-bit-gke-exporter:v0.28.0-gke.4")],
           labels={"k8s-app": "fluentbit-gke"}, host_network=True, sa_name="fluentbit-gke")
        ds(ctx, "kube-system", "gke-metrics-agent", [ctr("gke-metrics-agent", "gke.gcr.io/gke-metrics-agent:1.12.5-gke.0", req={"cpu": "8m", "memory": "60Mi"})],
           labels={"component": "gke-metrics-agent", "k8s-app": "gke-metrics-agent"}, sa_name="gke-metrics-agent")
    elif kind == "aks":
        p["region"] = ctx.pick(["westeurope", "northeurope", "swedencentral"], "reg")
        p["sc"] = sc_defs("aks")
        i = 0
        for pool in pools:
            num = ctx.n(10000000, 99999999, "vmss", pool["name"])
            for j in range(pool["count"]):
                name = f"aks-{pool['name']}-{num}-vmss{j:06x}"
                z = f"{p['region']}-{j % 3 + 1}"
                ip = ctx.ip("10.224.0", "node", name)
                lab = {"agentpool": pool["name"], "kubernetes.azure.com/agentpool": pool["name"],
                       "kubernetes.azure.com/cluster": f"MC_rg-{p['cluster']}_{p['cluster']}_{p['region']}",
                       "kubernetes.azure.com/mode": "system" if i == 0 and pool is pools[0] else "user",
                       "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202410.15.0",
                       "kubernetes.azure.com/os-sku": "Ubuntu", "kubernetes.azure.com/role": "agent",
                       "kubernetes.azure.com/storageprofile": "managed", "kubernetes.azure.com/storagetier": "Premium_LRS",
                       "node.kubernetes.io/exclude-from-external-load-balancers": None, "topology.disk.csi.azure.com/zone": z}
                if pool is not pools[0]:
                    lab["kubernetes.azure.com/mode"] = "user"
                del lab["node.kubernetes.io/exclude-from-external-load-balancers"]
                lab.update(pool.get("labels", {}))
                add_node(ctx, name, lab, ip, f"10.244.{i}", pool["cpu"], pool["mem"], 110, p["age"] - 86400 * ctx.n(1, 25, "nage", name),
                         provider=f"azure:///subscriptions/{ctx.uid('sub')}/resourceGroups/mc_rg-{p['cluster']}_{p['cluster']}_{p['region']}/providers/Microsoft.Compute/virtualMachineScaleSets/aks-{pool['name']}-{num}-vmss/virtualMachines/{j}",
                         taints=copy.deepcopy(pool.get("taints")), itype=pool["itype"], zone=z)
                i += 1
        coredns(ctx, image="mcr.microsoft.com/oss/kubernetes/coredns:v1.9.4-hotfix.20240704",
                labels={"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "version": "v20"})
        dep(ctx, "kube-system", "coredns-autoscaler", "mcr.microsoft.com/oss/kubernetes/autoscaler/cluster-proportional-autoscaler:v1.8.11",
            labels={"k8s-app": "coredns-autoscaler"}, sa_name="coredns-autoscaler", req=("20m", "10Mi"), priority="system-node-critical")
        dep(ctx, "kube-system", "konnectivity-agent", "mcr.microsoft.com/oss/kubernetes/apiserver-network-proxy/agent:v0.30.3-hotfix.20240819",
            replicas=2, labels={"app": "konnectivity-agent"}, sa_name="konnectivity-agent", req=("20m", "20Mi"), priority="system-node-critical")
        dep(ctx, "kube-system", "metrics-server", "mcr.microsoft.com/oss/kubernetes/metrics-server:v0.7.2", replicas=2, port=("https", 4443),
            probe="/readyz", labels={"k8s-app": "metrics-server"}, sa_name="metrics-server", req=("50m", "100Mi"))
        kube_proxy(ctx, "mcr.microsoft.com/oss/kubernetes/kube-proxy:v1.30.5-hotfix.20241001")
        for n, img in (("azure-cns", "mcr.microsoft.com/containernetworking/azure-cns:v1.5.38"),
                       ("azure-ip-masq-agent", "mcr.microsoft.com/aks/ip-masq-agent-v2:v0.1.13"),
                       ("cloud-node-manager", "mcr.microsoft.com/oss/kubernetes/azure-cloud-node-manager:v1.30.6"),
                       ("csi-azuredisk-node", "mcr.microsoft.com/oss/kubernetes-csi/azuredisk-csi:v1.30.4"),
                       ("csi-azurefile-node", "mcr.microsoft.com/oss/kubernetes-csi/azurefile-csi:v1.30.5")):
            ds(ctx, "kube-system", n, [ctr(n.split("-node")[0] if "csi" not in n else n.replace("-node", "").replace("csi-", "") , img, req={"cpu": "10m", "memory": "20Mi"})],
               host_network=n != "cloud-node-manager", sa_name=n if "csi" in n else None)
    elif kind in ("kubeadm", "k3s", "rke2"):
        p["sc"] = sc_defs({"kubeadm": "kubeadm-" + ctx.spec.get("storage", "ceph"), "k3s": "k3s", "rke2": "rke2"}[kind])
        if kind == "kubeadm" and ctx.spec.get("os"):
            p["os"] = ctx.spec["os"]
            if "Debian" in p["os"]:
                p["kernel"] = "6.1.0-26-amd64"
        i = 0
        dom = ctx.spec.get("domain", "")
        for pool in pools:
            for j in range(pool["count"]):
                name = f"{pool['name']}-{j + 1:02d}" if kind == "kubeadm" else f"{pool['name']}-{j + 1}"
                if dom:
                    name += dom
                ip = ctx.ip(ctx.spec.get("lan", "192.168.10"), "node", name)
                lab = dict(pool.get("labels", {}))
                if pool.get("cp"):
                    lab["node-role.kubernetes.io/control-plane"] = "" if kind == "kubeadm" else "true"
                    if kind != "kubeadm":
                        lab["node-role.kubernetes.io/master"] = "true"
                        lab["node-role.kubernetes.io/etcd"] = "true"
                    if kind == "kubeadm":
                        lab["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
                else:
                    if kind != "kubeadm" or ctx.n(0, 1, "wl"):
                        lab["node-role.kubernetes.io/worker"] = "true" if kind != "kubeadm" else ""
                if kind in ("k3s", "rke2"):
                    lab["node.kubernetes.io/instance-type"] = kind
                    lab["beta.kubernetes.io/instance-type"] = kind
                taints = copy.deepcopy(pool.get("taints"))
                if pool.get("cp") and kind == "kubeadm":
                    taints = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]
                add_node(ctx, name, lab, ip, f"10.{244 if kind == 'kubeadm' else 42}.{i}", pool["cpu"], pool["mem"], 110,
                         p["age"] - (0 if pool.get("cp") else 86400 * ctx.n(1, 60, "nage", name)), taints=taints,
                         zone=pool.get("zone"))
                if kind in ("k3s", "rke2"):
                    ctx.nodes[-1]["metadata"]["annotations"].update({
                        "flannel.alpha.coreos.com/backend-type": "vxlan", "flannel.alpha.coreos.com/public-ip": ip,
                        f"{kind}.io/hostname": name, f"{kind}.io/internal-ip": ip,
                        f"{kind}.io/node-args": '["agent"]' if not pool.get("cp") else '["server"]'})
                i += 1
        if kind == "kubeadm":
            ver = p["kubelet"]
            for comp, cpu in (("etcd", "100m"), ("kube-apiserver", "250m"), ("kube-controller-manager", "200m"), ("kube-scheduler", "100m")):
                img = "registry.k8s.io/etcd:3.5.15-0" if comp == "etcd" else f"registry.k8s.io/{comp}:{ver}"
                ctx.workloads.append(W("Static", "kube-system", comp, [ctr(comp, img, req={"cpu": cpu, **({"memory": "100Mi"} if comp == "etcd" else {})},
                                                                            live=http_probe("/livez" if comp == "kube-apiserver" else "/healthz", 6443 if comp == "kube-apiserver" else 10257 if comp == "kube-controller-manager" else 10259 if comp == "kube-scheduler" else 2381, fail=8, delay=10, timeout=15))],
                                       labels={"component": comp, "tier": "control-plane"}, host_network=True,
                                       node_sel={"node-role.kubernetes.io/control-plane": ""}, priority="system-node-critical",
                                       tolerations=[{"operator": "Exists", "effect": "NoExecute"}]))
            kube_proxy(ctx, f"registry.k8s.io/kube-proxy:{ver}")
            coredns(ctx)
            ds(ctx, "kube-system", "calico-node", [ctr("calico-node", "docker.io/calico/node:v3.28.2", req={"cpu": "250m"},
                                                        ready=exec_probe(["/bin/calico-node", "-felix-ready", "-bird-ready"], timeout=10, fail=3),
                                                        sc={"privileged": True})],
               labels={"k8s-app": "calico-node"}, host_network=True, sa_name="calico-node",
               init=[ctr("upgrade-ipam", "docker.io/calico/cni:v3.28.2", sc={"privileged": True}),
                     ctr("install-cni", "docker.io/calico/cni:v3.28.2", sc={"privileged": True}),
                     ctr("mount-bpffs", "docker.io/calico/node:v3.28.2", sc={"privileged": True})])
            dep(ctx, "kube-system", "calico-kube-controllers", "docker.io/calico/kube-controllers:v3.28.2",
                labels={"k8s-app": "calico-kube-controllers"}, sa_name="calico-kube-controllers", req=None,
                tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}],
                priority="system-cluster-critical")
            dep(ctx, "kube-system", "metrics-server", "registry.k8s.io/metrics-server/metrics-server:v0.7.2", port=("https", 10250),
                labels={"k8s-app": "metrics-server"}, probe="/readyz", sa_name="metrics-server", req=("100m", "200Mi"),
                priority="system-cluster-critical")
            service(ctx, "kube-system", "metrics-server", [("https", 443, "https")], {"k8s-app": "metrics-server"}, labels={"k8s-app": "metrics-server"})
        elif kind == "k3s":
            coredns(ctx, image="rancher/mirrored-coredns-coredns:1.11.3", replicas=1)
            dep(ctx, "kube-system", "local-path-provisioner", "rancher/local-path-provisioner:v0.0.30", labels={"app": "local-path-provisioner"},
                sa_name="local-path-provisioner-service-account", req=None, priority="system-node-critical",
                tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}])
            dep(ctx, "kube-system", "metrics-server", "rancher/mirrored-metrics-server:v0.7.2", port=("https", 10250), probe="/readyz",
                labels={"k8s-app": "metrics-server"}, sa_name="metrics-server", req=("100m", "70Mi"), priority="system-node-critical")
            service(ctx, "kube-system", "metrics-server", [("https", 443, "https")], {"k8s-app": "metrics-server"}, labels={"k8s-app": "metrics-server"})
            tr = dep(ctx, "kube-system", "traefik", "rancher/mirrored-library-traefik:2.11.10", port=[("web", 8000), ("websecure", 8443), ("metrics", 9100)],
                     labels={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"}, probe="/ping" and None,
                     sa_name="traefik", req=None, priority="system-cluster-critical")
            service(ctx, "kube-system", "traefik", [("web", 80, "web"), ("websecure", 443, "websecure")], tr["sel"], stype="LoadBalancer",
                    labels={**tr["labels"], "app.kubernetes.io/managed-by": "Helm"}, lb={"ip": ctx.nodes[0]["status"]["addresses"][0]["address"], "ipMode": "VIP"})
            svcl = f"svclb-traefik-{ctx.hex(8, 'svclb')}"
            ds(ctx, "kube-system", svcl, [ctr("lb-tcp-80", "rancher/klipper-lb:v0.4.9", ports=[("lb-tcp-80", 80)], sc={"capabilities": {"add": ["NET_ADMIN"]}}),
                                          ctr("lb-tcp-443", "rancher/klipper-lb:v0.4.9", ports=[("lb-tcp-443", 443)], sc={"capabilities": {"add": ["NET_ADMIN"]}})],
               labels={"app": svcl, "svccontroller.k3s.cattle.io/svcname": "traefik", "svccontroller.k3s.cattle.io/svcnamespace": "kube-system"},
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"},
                            {"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"},
                            {"key": "CriticalAddonsOnly", "operator": "Exists"}], priority=None, sa_name="svclb")
            for jn in ("helm-install-traefik-crd", "helm-install-traefik"):
                sa(ctx, "kube-system", f"helm-{jn[13:]}")
                ctx.workloads.append(W("Job", "kube-system", jn, [ctr("helm", "rancher/klipper-helm:v0.9.3-build20241008", args=["install"])],
                                       labels={"helmcharts.helm.cattle.io/chart": jn[13:]}, sa=f"helm-{jn[13:]}", restart="OnFailure",
                                       age=p["age"] - 150, extra={"dur": 25}))
        elif kind == "rke2":
            ver = p["kubelet"]
            for comp in ("etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler", "cloud-controller-manager"):
                img = "index.docker.io/rancher/hardened-etcd:v3.5.16-k3s1-build20241106" if comp == "etcd" else (
                    "index.docker.io/rancher/rke2-cloud-provider:v1.31.2-0.20241016053446-0955fa330f90-build20241016" if comp == "cloud-controller-manager"
                    else f"index.docker.io/rancher/hardened-kubernetes:{ver.replace('+', '-')}-build20241106")
                ctx.workloads.append(W("Static", "kube-system", comp, [ctr(comp, img, req={"cpu": "200m", "memory": "128Mi"})],
                                       labels={"component": comp, "tier": "control-plane"}, host_network=True,
                                       node_sel={"node-role.kubernetes.io/control-plane": "true"}, priority="system-node-critical"))
            ctx.workloads.append(W("Static", "kube-system", "kube-proxy", [ctr("kube-proxy", f"index.docker.io/rancher/hardened-kubernetes:{ver.replace('+', '-')}-build20241106",
                                                                              req={"cpu": "250m", "memory": "128Mi"}, sc={"privileged": True})],
                                   labels={"component": "kube-proxy", "tier": "control-plane"}, host_network=True, priority="system-node-critical"))
            ds(ctx, "kube-system", "rke2-canal", [ctr("calico-node", "rancher/hardened-calico:v3.28.2-build20241016", req={"cpu": "250m"}, sc={"privileged": True}),
                                                  ctr("kube-flannel", "rancher/hardened-flannel:v0.25.7-build20241008", sc={"privileged": True})],
               labels={"k8s-app": "canal"}, host_network=True, sa_name="canal",
               init=[ctr("install-cni", "rancher/hardened-calico:v3.28.2-build20241016", sc={"privileged": True}),
                     ctr("flexvol-driver", "rancher/hardened-calico:v3.28.2-build20241016", sc={"privileged": True})])
            coredns(ctx, name="rke2-coredns-rke2-coredns", image="rancher/hardened-coredns:v1.11.3-build20241018",
                    labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns"})
            dep(ctx, "kube-system", "rke2-coredns-rke2-coredns-autoscaler", "rancher/hardened-cluster-autoscaler:v1.8.11-build20241014",
                labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns-autoscaler", "k8s-app": "kube-dns-autoscaler"},
                sa_name="rke2-coredns-rke2-coredns-autoscaler", req=("25m", "16Mi"), priority="system-cluster-critical")
            dep(ctx, "kube-system", "rke2-metrics-server", "rancher/hardened-k8s-metrics-server:v0.7.1-build20241008", port=("https", 10250),
                probe="/readyz", labels={"app": "rke2-metrics-server", "release": "rke2-metrics-server"}, sa_name="rke2-metrics-server",
                req=None, priority="system-cluster-critical")
            dep(ctx, "kube-system", "rke2-snapshot-controller", "rancher/hardened-snapshot-controller:v6.2.1-build20241008",
                labels={"app.kubernetes.io/instance": "rke2-snapshot-controller", "app.kubernetes.io/name": "rke2-snapshot-controller"},
                sa_name="rke2-snapshot-controller", req=None)
            ing = ds(ctx, "kube-system", "rke2-ingress-nginx-controller", [ctr("rke2-ingress-nginx-controller", "rancher/nginx-ingress-controller:v1.10.5-hardened3",
                                                                                ports=[("http", 80), ("https", 443), ("webhook", 8443)],
                                                                                req={"cpu": "100m", "memory": "90Mi"},
                                                                                ready=http_probe("/healthz", 10254, fail=3))],
                     labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "rke2-ingress-nginx", "app.kubernetes.io/name": "rke2-ingress-nginx"},
                     host_network=False, tolerations=[], priority=None, sa_name="rke2-ingress-nginx")
            ing["node_sel"] = {"kubernetes.io/os": "linux"}
            for jn in ("rke2-canal", "rke2-coredns", "rke2-ingress-nginx", "rke2-metrics-server", "rke2-snapshot-controller",
                       "rke2-snapshot-controller-crd", "rke2-runtimeclasses"):
                sa(ctx, "kube-system", f"helm-{jn}")
                ctx.workloads.append(W("Job", "kube-system", f"helm-install-{jn}", [ctr("helm", "rancher/klipper-helm:v0.9.3-build20241008", args=["install"])],
                                       labels={"helmcharts.helm.cattle.io/chart": jn}, sa=f"helm-{jn}", restart="OnFailure",
                                       age=p["age"] - 150 - len(jn), extra={"dur": 30},
                                       tolerations=[{"key": "node-role.kubernetes.io/etcd", "operator": "Exists", "effect": "NoExecute"},
                                                    {"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"},
                                                    {"key": "CriticalAddonsOnly", "operator": "Exists"}],
                                       host_network=True))
    elif kind == "openshift":
        p["sc"] = sc_defs("openshift")
        dom = ctx.spec.get("domain", ".ocp4.example.lab")
        i = 0
        for pool in pools:
            for j in range(pool["count"]):
                name = f"{pool['name']}-{j}{dom}"
                ip = ctx.ip(ctx.spec.get("lan", "10.20.30"), "node", name)
                lab = {"node.openshift.io/os_id": "rhcos"}
                if pool.get("cp"):
                    lab.update({"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""})
                else:
                    lab["node-role.kubernetes.io/worker"] = ""
                lab.update(pool.get("labels", {}))
                taints = copy.deepcopy(pool.get("taints"))
                if pool.get("cp"):
                    taints = [{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]
                add_node(ctx, name, lab, ip, f"10.{128 + i}.{ctx.n(0, 1, 'ocp', i) * 2}", pool["cpu"], pool["mem"], 250,
                         p["age"] - (0 if pool.get("cp") else 86400 * ctx.n(1, 60, "nage", name)), taints=taints)
                ctx.nodes[-1]["metadata"]["annotations"].update({
                    "machineconfiguration.openshift.io/currentConfig": f"rendered-{'master' if pool.get('cp') else 'worker'}-{ctx.hex(32, 'mc', pool.get('cp', False))}",
                    "machineconfiguration.openshift.io/state": "Done", "k8s.ovn.org/node-subnets": '{"default":["10.%d.0.0/23"]}' % (128 + i)})
                i += 1
        dnsl = {"dns.operator.openshift.io/daemonset-dns": "default"}
        add_ns(ctx, "openshift-dns")
        ctx.platform.setdefault("fixed_ips", {})[("openshift-dns", "dns-default")] = p["dns"]
        w = ds(ctx, "openshift-dns", "dns-default", [ctr("dns", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha("dnsimg"),
                                                        ports=[("dns", 5353, "UDP"), ("dns-tcp", 5353, "TCP")], req={"cpu": "50m", "memory": "70Mi"},
                                                        ready=http_probe("/ready", 8181, period=3, timeout=3), tmp="FallbackToLogsOnError"),
                                                    side("kube-rbac-proxy", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha("krp"), ports=[("metrics", 9154)])],
               labels=dnsl, tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists"}], sa_name="dns",
               priority="system-node-critical")
        ctx.dns_workload = w
        service(ctx, "openshift-dns", "dns-default", [("dns", 53, "dns", "UDP"), ("dns-tcp", 53, "dns-tcp"), ("metrics", 9154, "metrics")], dnsl,
                labels={"dns.operator.openshift.io/owning-dns": "default"})
        ds(ctx, "openshift-dns", "node-resolver", [ctr("dns-node-resolver", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha("nr"), req={"cpu": "5m", "memory": "21Mi"})],
           labels={"dns.operator.openshift.io/daemonset-node-resolver": ""}, host_network=True, sa_name="node-resolver")
        add_ns(ctx, "openshift-ingress")
        dep(ctx, "openshift-ingress", "router-default", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha("router"), replicas=2,
            port=[("http", 80), ("https", 443), ("metrics", 1936)], cname="router",
            labels={"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}, sa_name="router", req=("100m", "256Mi"),
            node_sel={"node-role.kubernetes.io/worker": ""}, priority="system-cluster-critical")
    # apiserver service in default
    apiips = [n["status"]["addresses"][0]["address"] for n in ctx.nodes if "control-plane" in json.dumps(n["metadata"]["labels"])] or \
             [ctx.ip("10.0.200" if kind != "gke" else "172.16.0", "apiserver", i) for i in range(2)]
    p.setdefault("fixed_ips", {})[("default", "kubernetes")] = p.get("api_ip") or p["svc_prefix"] + (".0.1" if p["svc_prefix"].count(".") == 1 else ".1")
    ks = service(ctx, "default", "kubernetes", [("https", 443, 6443 if kind not in ("eks", "gke", "aks") else 443)], None,
                 labels={"component": "apiserver", "provider": "kubernetes"}, age=p["age"])
    ctx.add("Endpoints", {"metadata": ctx.meta("Endpoints", "default", "kubernetes", labels={"endpointslice.kubernetes.io/skip-mirror": "true"}, age=p["age"]),
                          "subsets": [{"addresses": [{"ip": a} for a in apiips[:3]], "ports": [{"name": "https", "port": 6443 if kind not in ("eks", "gke", "aks") else 443, "protocol": "TCP"}]}]})
    ctx.add("EndpointSlice", {"metadata": ctx.meta("EndpointSlice", "default", "kubernetes", labels={"kubernetes.io/service-name": "kubernetes"}, age=p["age"], gen=1),
                              "addressType": "IPv4", "endpoints": [{"addresses": [a], "conditions": {"ready": True}} for a in apiips[:3]],
                              "ports": [{"name": "https", "port": 6443 if kind not in ("eks", "gke", "aks") else 443, "protocol": "TCP"}]})
    add_storageclasses(ctx)
    for nsn in ("default", "kube-system", "kube-public", "kube-node-lease"):
        add_ns(ctx, nsn, age=p["age"])


# ---------------------------------------------------------------------------
# noise namespaces

def helm_labels(name, instance, version, component=None, chart=None):
    l = {"app.kubernetes.io/instance": instance, "app.kubernetes.io/managed-by": "Helm",
         "app.kubernetes.io/name": name, "app.kubernetes.io/version": version}
    if component:
        l["app.kubernetes.io/component"] = component
    if chart:
        l["helm.sh/chart"] = chart
    return l


def sel_of(l):
    return {k: v for k, v in l.items() if k in ("app.kubernetes.io/instance", "app.kubernetes.io/name", "app.kubernetes.io/component", "app", "k8s-app", "component", "release")}


def helm_release_secret(ctx, ns, rel, rev=None, age=86400 * 30):
    rev = rev or ctx.n(1, 14, "hrev", ns, rel)
    for r in range(max(1, rev - 2), rev + 1):
        secret(ctx, ns, f"sh.helm.release.v1.{rel}.v{r}", ["release"], stype="helm.sh/release.v1",
               labels={"modifiedAt": str(int((ctx.now - dt.timedelta(seconds=age + (rev - r) * 86400 * 9)).replace(tzinfo=dt.timezone.utc).timestamp())),
                       "name": rel, "owner": "helm", "status": "deployed" if r == rev else "superseded", "version": str(r)},
               age=age + (rev - r) * 86400 * 9)


def noise_monitoring(ctx, ns="monitoring"):
    add_ns(ctx, ns)
    rel = "kube-prometheus-stack"
    helm_release_secret(ctx, ns, rel)
    pl = {"app.kubernetes.io/instance": "prometheus-kube-prometheus-prometheus", "app.kubernetes.io/managed-by": "prometheus-operator",
          "app.kubernetes.io/name": "prometheus", "app.kubernetes.io/version": "2.54.1", "operator.prometheus.io/name": "kube-prometheus-stack-prometheus",
          "operator.prometheus.io/shard": "0", "prometheus": "kube-prometheus-stack-prometheus"}
    sa(ctx, ns, "kube-prometheus-stack-prometheus")
    ctx.workloads.append(W("StatefulSet", ns, "prometheus-kube-prometheus-stack-prometheus", [
        ctr("prometheus", "quay.io/prometheus/prometheus:v2.54.1", ports=[("http-web", 9090)], req={"cpu": "500m", "memory": "2Gi"},
            lim={"memory": "4Gi"}, ready=http_probe("/-/ready", "http-web", period=5, timeout=3, fail=3),
            tmp="FallbackToLogsOnError", mounts=[{"name": "prometheus-kube-prometheus-stack-prometheus-db", "mountPath": "/prometheus", "subPath": "prometheus-db"}]),
        side("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.76.1", ports=[("reloader-web", 8080)])],
        labels=pl, sel={"app.kubernetes.io/instance": pl["app.kubernetes.io/instance"], "app.kubernetes.io/managed-by": "prometheus-operator",
                        "app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": pl["operator.prometheus.io/name"],
                        "operator.prometheus.io/shard": "0", "prometheus": pl["prometheus"]},
        sa="kube-prometheus-stack-prometheus", service_name="prometheus-operated", fs_group=2000,
        owner_cr=[ctx.cr_ref("monitoring.coreos.com/v1", "Prometheus", ns, "kube-prometheus-stack-prometheus")],
        vct=[{"name": "prometheus-kube-prometheus-stack-prometheus-db", "size": "50Gi", "sc": list(ctx.platform["sc"])[0]}],
        init=[ctr("init-config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.76.1", req={"cpu": "10m", "memory": "50Mi"})],
        states={0: {"s": "ok", "restarts": 1, "old_reason": "OOMKilled", "old_at": 86400 * ctx.n(4, 12, "promoom")}}))
    service(ctx, ns, "prometheus-operated", [("http-web", 9090, "http-web")], {"app.kubernetes.io/name": "prometheus"}, headless=True,
            labels={"managed-by": "prometheus-operator", "operated-prometheus": "true"})
    service(ctx, ns, "kube-prometheus-stack-prometheus", [("http-web", 9090, 9090), ("reloader-web", 8080, "reloader-web")],
            {"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": "kube-prometheus-stack-prometheus"},
            labels=helm_labels("kube-prometheus-stack-prometheus", rel, "65.1.1", chart="kube-prometheus-stack-65.1.1"))
    al = {"alertmanager": "kube-prometheus-stack-alertmanager", "app.kubernetes.io/instance": "kube-prometheus-stack-alertmanager",
          "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "alertmanager", "app.kubernetes.io/version": "0.27.0"}
    sa(ctx, ns, "kube-prometheus-stack-alertmanager")
    ctx.workloads.append(W("StatefulSet", ns, "alertmanager-kube-prometheus-stack-alertmanager", [
        ctr("alertmanager", "quay.io/prometheus/alertmanager:v0.27.0", ports=[("http-web", 9093), ("mesh-tcp", 9094)],
            req={"cpu": "10m", "memory": "200Mi"}, ready=http_probe("/-/ready", "http-web", period=5, timeout=3), tmp="FallbackToLogsOnError"),
        side("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.76.1", ports=[("reloader-web", 8080)])],
        labels=al, sel={k: v for k, v in al.items() if k != "app.kubernetes.io/version"}, sa="kube-prometheus-stack-alertmanager",
        service_name="alertmanager-operated", fs_group=2000,
        owner_cr=[ctx.cr_ref("monitoring.coreos.com/v1", "Alertmanager", ns, "kube-prometheus-stack-alertmanager")],
        init=[ctr("init-config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.76.1")]))
    service(ctx, ns, "alertmanager-operated", [("http-web", 9093, "http-web"), ("tcp-mesh", 9094, 9094)], {"app.kubernetes.io/name": "alertmanager"},
            headless=True, labels={"managed-by": "prometheus-operator", "operated-alertmanager": "true"})
    for name, img, port, comp, reps in (
            ("kube-prometheus-stack-operator", "quay.io/prometheus-operator/prometheus-operator:v0.76.1", ("https", 10250), "operator", 1),
            ("kube-prometheus-stack-kube-state-metrics", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.13.0", ("http", 8080), "metrics", 1),
            ("kube-prometheus-stack-grafana", "docker.io/grafana/grafana:11.2.1", ("grafana", 3000), None, 1)):
        l = helm_labels(name.replace("kube-prometheus-stack-", ""), rel, "65.1.1" if "operator" in name else "11.2.1", comp)
        st = {}
        if "grafana" in name:
            st = {0: {"s": "ok", "restarts": 2, "old_at": 86400 * ctx.n(2, 9, "gr")}}
        w = dep(ctx, ns, name, img, replicas=reps, port=port, labels=l, probe="/api/health" if "grafana" in name else ("/healthz" if "state" in name else None),
                sa_name=name, req=("100m", "128Mi"), states=st, fs_group=472 if "grafana" in name else 65534,
                extra={"evicted": ctx.n(0, 2, "ev", name)} if "grafana" in name else None)
        if "grafana" in name:
            w["containers"] += [side("grafana-sc-dashboard", "quay.io/kiwigrid/k8s-sidecar:1.27.6"), side("grafana-sc-datasources", "quay.io/kiwigrid/k8s-sidecar:1.27.6")]
            secret(ctx, ns, name, ["admin-password", "admin-user", "ldap-toml"], labels=l)
            cm(ctx, ns, name, {"grafana.ini": "[analytics]\ncheck_for_updates = true\n[log]\nmode = console\n[paths]\ndata = /var/lib/grafana/\n"}, labels=l)
        service(ctx, ns, name, [(port[0] if "grafana" not in name else "http-web", 80 if "grafana" in name else port[1], port[0])], sel_of(l), labels=l)
    nel = helm_labels("prometheus-node-exporter", rel, "1.8.2", "metrics")
    ds(ctx, ns, "kube-prometheus-stack-prometheus-node-exporter", [ctr("node-exporter", "quay.io/prometheus/node-exporter:v1.8.2", ports=[("http-metrics", 9100)],
                                                                      ready=http_probe("/", 9100), live=http_probe("/", 9100))],
       labels=nel, host_network=True, sa_name="kube-prometheus-stack-prometheus-node-exporter", priority=None,
       tolerations=[{"effect": "NoSchedule", "operator": "Exists"}])
    service(ctx, ns, "kube-prometheus-stack-prometheus-node-exporter", [("http-metrics", 9100, 9100)], sel_of(nel), labels=nel)
    cm(ctx, ns, "kube-prometheus-stack-grafana-config-dashboards", {"provider.yaml": "apiVersion: 1\nproviders:\n  - name: 'sidecarProvider'\n"})


def noise_logging(ctx, ns="logging"):
    add_ns(ctx, ns)
    fl = helm_labels("fluent-bit", "fluent-bit", "3.1.9")
    cm(ctx, ns, "fluent-bit", {"fluent-bit.conf": "[SERVICE]\n    Daemon Off\n    Flush 1\n    Log_Level info\n    Parsers_File /fluent-bit/etc/parsers.conf\n    HTTP_Server On\n    HTTP_Listen 0.0.0.0\n    HTTP_Port 2020\n[INPUT]\n    Name tail\n    Path /var/log/containers/*.log\n    multiline.parser docker, cri\n    Tag kube.*\n    Mem_Buf_Limit 5MB\n[OUTPUT]\n    Name loki\n    Match kube.*\n    Host loki.logging.svc.cluster.local\n    Port 3100\n"}, labels=fl)
    ds(ctx, ns, "fluent-bit", [ctr("fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:3.1.9", ports=[("http", 2020)], ready=http_probe("/api/v1/health", "http"),
                                   live=http_probe("/", "http"), req={"cpu": "50m", "memory": "64Mi"}, lim={"memory": "256Mi"})],
       labels=fl, sa_name="fluent-bit", priority=None, tolerations=[{"operator": "Exists"}])
    service(ctx, ns, "fluent-bit", [("http", 2020, "http")], sel_of(fl), labels=fl)
    ll = helm_labels("loki", "loki", "3.2.0", "single-binary")
    sa(ctx, ns, "loki")
    ctx.workloads.append(W("StatefulSet", ns, "loki", [ctr("loki", "docker.io/grafana/loki:3.2.0", ports=[("http-metrics", 3100), ("grpc", 9095), ("http-memberlist", 7946)],
                                                          ready=http_probe("/ready", "http-metrics", delay=30), req={"cpu": "100m", "memory": "256Mi"},
                                                          mounts=[{"name": "storage", "mountPath": "/var/loki"}])],
                           labels=ll, sel=sel_of(ll), sa="loki", service_name="loki-headless", fs_group=10001,
                           vct=[{"name": "storage", "size": "30Gi", "sc": list(ctx.platform["sc"])[0]}]))
    service(ctx, ns, "loki", [("http-metrics", 3100, "http-metrics"), ("grpc", 9095, "grpc")], sel_of(ll), labels=ll)
    service(ctx, ns, "loki-headless", [("http-metrics", 3100, "http-metrics")], sel_of(ll), labels={**ll, "variant": "headless"}, headless=True)
    helm_release_secret(ctx, ns, "loki")
    helm_release_secret(ctx, ns, "fluent-bit")


def noise_ingress(ctx, ns="ingress-nginx"):
    add_ns(ctx, ns, labels={"app.kubernetes.io/instance": "ingress-nginx", "app.kubernetes.io/name": "ingress-nginx"})
    l = helm_labels("ingress-nginx", "ingress-nginx", "1.11.3", "controller")
    w = dep(ctx, ns, "ingress-nginx-controller", "registry.k8s.io/ingress-nginx/controller:v1.11.3@sha256:d56f135b6462cfc476447cfe564b83a45e8bb7da2774963b00d12161112270b7",
            replicas=2, port=[("http", 80), ("https", 443), ("webhook", 8443)], labels=l, cname="controller",
            sa_name="ingress-nginx", req=("100m", "90Mi"), no_sa=False)
    w["containers"][0]["readinessProbe"] = http_probe("/healthz", 10254, fail=3)
    w["containers"][0]["livenessProbe"] = http_probe("/healthz", 10254, fail=5, delay=10)
    lbip = {"eks": {"hostname": f"a{ctx.hex(31, 'elb')}-{ctx.n(100000000, 999999999, 'elbn')}.{ctx.platform.get('region', 'eu-west-1')}.elb.amazonaws.com"},
            "gke": {"ip": ctx.ip("34.76", "lb"), "ipMode": "VIP"}, "aks": {"ip": ctx.ip("20.31", "lb"), "ipMode": "VIP"}}.get(
        ctx.platform["kind"], {"ip": ctx.ip(ctx.spec.get("lan", "192.168.10") [:-1] + "2", "lb"), "ipMode": "VIP"})
    service(ctx, ns, "ingress-nginx-controller", [("http", 80, "http"), ("https", 443, "https")], sel_of(l), stype="LoadBalancer", labels=l, lb=lbip,
            etp="Local")
    service(ctx, ns, "ingress-nginx-controller-admission", [("https-webhook", 443, "webhook")], sel_of(l), labels=l)
    cm(ctx, ns, "ingress-nginx-controller", {"allow-snippet-annotations": "false", "use-forwarded-headers": "true", "proxy-body-size": "20m"}, labels=l)
    for jn in ("ingress-nginx-admission-create", "ingress-nginx-admission-patch"):
        sa(ctx, ns, "ingress-nginx-admission")
        ctx.workloads.append(W("Job", ns, jn, [ctr(jn.split("-")[-1], "registry.k8s.io/ingress-nginx/kube-webhook-certgen:v1.4.4", args=[jn.split("-")[-1]])],
                               labels={**helm_labels("ingress-nginx", "ingress-nginx", "1.11.3", "admission-webhook")}, sa="ingress-nginx-admission",
                               restart="OnFailure", age=86400 * ctx.n(30, 90, "ingjob"), extra={"dur": 6}))
    helm_release_secret(ctx, ns, "ingress-nginx")
    ctx.ingress_class = "nginx"
    return lbip


def noise_certmanager(ctx, ns="cert-manager"):
    add_ns(ctx, ns)
    for comp, img, port in (("cert-manager", "quay.io/jetstack/cert-manager-controller:v1.16.1", ("http-metrics", 9402)),
                            ("cainjector", "quay.io/jetstack/cert-manager-cainjector:v1.16.1", ("http-metrics", 9402)),
                            ("webhook", "quay.io/jetstack/cert-manager-webhook:v1.16.1", ("https", 10250))):
        name = "cert-manager" if comp == "cert-manager" else f"cert-manager-{comp}"
        l = {"app": comp, "app.kubernetes.io/component": "controller" if comp == "cert-manager" else comp, "app.kubernetes.io/instance": "cert-manager",
             "app.kubernetes.io/name": comp, "app.kubernetes.io/version": "v1.16.1"}
        dep(ctx, ns, name, img, port=port, labels=l, sa_name=name, req=None, probe="/healthz" if comp == "webhook" else None, cname=f"cert-manager-{comp}" if comp != "cert-manager" else "cert-manager-controller")
        if comp != "cainjector":
            service(ctx, ns, name, [("tcp-prometheus-servicemonitor" if comp == "cert-manager" else "https", 9402 if comp == "cert-manager" else 443, port[0])],
                    {k: l[k] for k in ("app.kubernetes.io/component", "app.kubernetes.io/instance", "app.kubernetes.io/name")}, labels=l)
    secret(ctx, ns, "cert-manager-webhook-ca", ["ca.crt", "tls.crt", "tls.key"])
    secret(ctx, ns, "letsencrypt-prod-account-key", ["tls.key"])


def noise_argocd(ctx, ns="argocd"):
    add_ns(ctx, ns)
    for name, img, port, reps in (("argocd-server", "quay.io/argoproj/argocd:v2.12.4", ("server", 8080), 1),
                                  ("argocd-repo-server", "quay.io/argoproj/argocd:v2.12.4", ("repo-server", 8081), 1),
                                  ("argocd-redis", "public.ecr.aws/docker/library/redis:7.0.15-alpine", ("redis", 6379), 1),
                                  ("argocd-applicationset-controller", "quay.io/argoproj/argocd:v2.12.4", ("webhook", 7000), 1),
                                  ("argocd-notifications-controller", "quay.io/argoproj/argocd:v2.12.4", None, 1),
                                  ("argocd-dex-server", "ghcr.io/dexidp/dex:v2.38.0", ("http", 5556), 1)):
        l = {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": "argocd"}
        dep(ctx, ns, name, img, replicas=reps, port=port, labels=l, sa_name=name if "redis" not in name else None, req=None,
            probe="/healthz" if name in ("argocd-server", "argocd-repo-server") else ("tcp" if port else None), cname=name.replace("argocd-", "") if "redis" in name else name)
        if port:
            service(ctx, ns, name, [(port[0] if "redis" not in name else "tcp-redis", 80 if name == "argocd-server" else port[1], port[1])], l, labels=l)
    l = {"app.kubernetes.io/name": "argocd-application-controller", "app.kubernetes.io/part-of": "argocd"}
    sa(ctx, ns, "argocd-application-controller")
    ctx.workloads.append(W("StatefulSet", ns, "argocd-application-controller", [ctr("argocd-application-controller", "quay.io/argoproj/argocd:v2.12.4",
                                                                                   ports=[("metrics", 8082)], ready=http_probe("/healthz", 8082))],
                           labels=l, sa="argocd-application-controller", service_name="argocd-application-controller"))
    for c in ("argocd-cm", "argocd-rbac-cm", "argocd-cmd-params-cm", "argocd-ssh-known-hosts-cm", "argocd-tls-certs-cm", "argocd-gpg-keys-cm", "argocd-notifications-cm"):
        cm(ctx, ns, c, {}, labels={"app.kubernetes.io/name": c, "app.kubernetes.io/part-of": "argocd"})
    secret(ctx, ns, "argocd-secret", ["admin.password", "admin.passwordMtime", "server.secretkey"])
    secret(ctx, ns, "argocd-initial-admin-secret", ["password"])
    secret(ctx, ns, "repo-" + ctx.hex(10, "repo"), ["type", "url", "sshPrivateKey"], labels={"argocd.argoproj.io/secret-type": "repository"})


def noise_flux(ctx, ns="flux-system"):
    add_ns(ctx, ns, labels={"app.kubernetes.io/instance": "flux-system", "app.kubernetes.io/part-of": "flux", "app.kubernetes.io/version": "v2.4.0",
                            "pod-security.kubernetes.io/warn": "restricted", "pod-security.kubernetes.io/warn-version": "latest"})
    for name, ver in (("source-controller", "v1.4.1"), ("kustomize-controller", "v1.4.0"), ("helm-controller", "v1.1.0"), ("notification-controller", "v1.4.0")):
        l = {"app": name}
        dep(ctx, ns, name, f"ghcr.io/fluxcd/{name}:{ver}", port=[("http-prom", 8080), ("healthz", 9440)] + ([("http", 9090)] if name == "source-controller" else []),
            labels=l, sa_name=name, req=("50m", "64Mi"), lim={"cpu": "1", "memory": "1Gi"}, probe="/readyz", cname="manager",
            ann={"kustomize.toolkit.fluxcd.io/name": "flux-system", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"})
        ctx.workloads[-1]["containers"][0]["readinessProbe"] = http_probe("/readyz", "healthz")
        ctx.workloads[-1]["containers"][0]["livenessProbe"] = http_probe("/healthz", "healthz")
        if name in ("source-controller", "notification-controller"):
            service(ctx, ns, name, [("http", 80, "http" if name == "source-controller" else "http-prom")], l, labels={"app.kubernetes.io/component": name, "control-plane": "controller"})
    secret(ctx, ns, "flux-system", ["identity", "identity.pub", "known_hosts"])


def noise_velero(ctx, ns="velero"):
    add_ns(ctx, ns)
    l = helm_labels("velero", "velero", "1.14.1")
    dep(ctx, ns, "velero", "velero/velero:v1.14.1", port=("http-monitoring", 8085), labels={**l, "component": "velero", "name": "velero"},
        sa_name="velero-server", req=("500m", "128Mi"), lim={"memory": "512Mi"}, probe="/metrics",
        init=[ctr("velero-plugin-for-aws", "velero/velero-plugin-for-aws:v1.10.1", mounts=[{"name": "plugins", "mountPath": "/target"}])],
        volumes=[{"name": "plugins", "emptyDir": {}}, {"name": "scratch", "emptyDir": {}}, {"name": "cloud-credentials", "secret": {"secretName": "velero", "defaultMode": 420}}])
    ds(ctx, ns, "node-agent", [ctr("node-agent", "velero/velero:v1.14.1", ports=[("http-monitoring", 8085)], command=["/velero"], args=["node-agent", "server"])],
       labels={**l, "name": "node-agent", "role": "node-agent"}, sa_name="velero-server", priority=None, tolerations=[])
    service(ctx, ns, "velero", [("http-monitoring", 8085, "http-monitoring")], {"app.kubernetes.io/instance": "velero", "app.kubernetes.io/name": "velero", "name": "velero"}, labels=l)
    secret(ctx, ns, "velero", ["cloud"], labels=l)
    helm_release_secret(ctx, ns, "velero")


def noise_linkerd(ctx, ns="linkerd"):
    add_ns(ctx, ns, labels={"config.linkerd.io/admission-webhooks": "disabled", "linkerd.io/control-plane-ns": "linkerd", "linkerd.io/is-control-plane": "true"})
    for comp in ("destination", "identity", "proxy-injector"):
        name = f"linkerd-{comp}"
        l = {"linkerd.io/control-plane-component": comp, "linkerd.io/control-plane-ns": "linkerd", "linkerd.io/workload-ns": "linkerd"}
        dep(ctx, ns, name, "cr.l5d.io/linkerd/controller:edge-24.10.3", port=("admin-http", 9996 if comp != "destination" else 9996), labels=l,
            sa_name=name, req=None, probe="/ready", cname=comp if comp != "proxy-injector" else "proxy-injector",
            extra_ctrs=[side("linkerd-proxy", "cr.l5d.io/linkerd/proxy:edge-24.10.3", ports=[("linkerd-proxy", 4143), ("linkerd-admin", 4191)])],
            init=[ctr("linkerd-init", "cr.l5d.io/linkerd/proxy-init:v2.4.1", args=["--ipv6=false", "--incoming-proxy-port", "4143", "--outgoing-proxy-port", "4140"],
                      sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False})])
        service(ctx, ns, name if comp != "destination" else "linkerd-dst", [("grpc", 8086 if comp != "proxy-injector" else 443, 8086 if comp != "proxy-injector" else 8443)],
                {"linkerd.io/control-plane-component": comp}, labels={"linkerd.io/control-plane-component": comp, "linkerd.io/control-plane-ns": "linkerd"})
    secret(ctx, ns, "linkerd-identity-issuer", ["crt.pem", "key.pem"], stype="kubernetes.io/tls")


def noise_metallb(ctx, ns="metallb-system"):
    add_ns(ctx, ns, labels={"pod-security.kubernetes.io/audit": "privileged", "pod-security.kubernetes.io/enforce": "privileged", "pod-security.kubernetes.io/warn": "privileged"})
    l = {"app": "metallb", "component": "controller"}
    dep(ctx, ns, "controller", "quay.io/metallb/controller:v0.14.8", port=[("monitoring", 7472), ("webhook-server", 9443)], labels=l, sa_name="controller",
        req=None, probe="/metrics")
    ds(ctx, ns, "speaker", [ctr("speaker", "quay.io/metallb/speaker:v0.14.8", ports=[("monitoring", 7472), ("memberlist-tcp", 7946)],
                                ready=http_probe("/metrics", "monitoring"))],
       labels={"app": "metallb", "component": "speaker"}, host_network=True, sa_name="speaker", priority=None,
       tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}])
    service(ctx, ns, "metallb-webhook-service", [(None, 443, 9443)], l)
    secret(ctx, ns, "memberlist", ["secretkey"])
    secret(ctx, ns, "webhook-server-cert", ["ca.crt", "tls.crt", "tls.key"])


def noise_rook(ctx, ns="rook-ceph"):
    add_ns(ctx, ns)
    dep(ctx, ns, "rook-ceph-operator", "docker.io/rook/ceph:v1.15.4", labels={"app": "rook-ceph-operator", "operator": "rook", "storage-backend": "ceph"},
        sa_name="rook-ceph-system", req=("200m", "128Mi"), lim={"memory": "512Mi"})
    prov = dep(ctx, ns, "csi-rbdplugin-provisioner", "quay.io/cephcsi/cephcsi:v3.12.2", replicas=2, labels={"app": "csi-rbdplugin-provisioner", "contains": "csi-rbdplugin-metrics"},
               sa_name="rook-csi-rbd-provisioner-sa", cname="csi-rbdplugin", req=None,
               extra_ctrs=[side(n, f"registry.k8s.io/sig-storage/{n}:{v}", req=None) for n, v in (("csi-provisioner", "v5.0.1"), ("csi-resizer", "v1.11.1"),
                                                                                                  ("csi-attacher", "v4.6.1"), ("csi-snapshotter", "v8.0.1"))],
               priority="system-cluster-critical")
    ctx.csi_controller = prov
    ds(ctx, ns, "csi-rbdplugin", [ctr("csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.12.2", sc={"privileged": True}),
                                  side("driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.11.1", req=None)],
       labels={"app": "csi-rbdplugin", "contains": "csi-rbdplugin-metrics"}, host_network=True, sa_name="rook-csi-rbd-plugin-sa", tolerations=[])
    nodes = [n["metadata"]["name"] for n in ctx.nodes if "control-plane" not in json.dumps(n["metadata"]["labels"])]
    for i, x in enumerate("abc"):
        dep(ctx, ns, f"rook-ceph-mon-{x}", "quay.io/ceph/ceph:v18.2.4", port=[("tcp-msgr1", 6789), ("tcp-msgr2", 3300)],
            labels={"app": "rook-ceph-mon", "ceph_daemon_id": x, "ceph_daemon_type": "mon", "mon": x, "rook_cluster": ns},
            sa_name="rook-ceph-default", req=None, extra={"nodes": [nodes[i % len(nodes)]], "strategy": {"type": "Recreate"}},
            init=[ctr("chown-container-data-dir", "quay.io/ceph/ceph:v18.2.4"), ctr("init-mon-fs", "quay.io/ceph/ceph:v18.2.4")])
        service(ctx, ns, f"rook-ceph-mon-{x}", [("tcp-msgr1", 6789, 6789), ("tcp-msgr2", 3300, 3300)], {"app": "rook-ceph-mon", "mon": x, "rook_cluster": ns})
    for i in range(min(3, len(nodes))):
        dep(ctx, ns, f"rook-ceph-osd-{i}", "quay.io/ceph/ceph:v18.2.4", labels={"app": "rook-ceph-osd", "ceph-osd-id": str(i), "ceph_daemon_id": str(i), "ceph_daemon_type": "osd", "rook_cluster": ns},
            sa_name="rook-ceph-osd", req=("500m", "2Gi"), lim={"memory": "4Gi"}, extra={"nodes": [nodes[i]], "strategy": {"type": "Recreate"}},
            init=[ctr("blkdevmapper", "quay.io/ceph/ceph:v18.2.4"), ctr("activate", "quay.io/ceph/ceph:v18.2.4"), ctr("expand-bluefs", "quay.io/ceph/ceph:v18.2.4"),
                  ctr("chown-container-data-dir", "quay.io/ceph/ceph:v18.2.4")])
    dep(ctx, ns, "rook-ceph-mgr-a", "quay.io/ceph/ceph:v18.2.4", port=[("mgr", 6800), ("http-metrics", 9283), ("dashboard", 8443)],
        labels={"app": "rook-ceph-mgr", "ceph_daemon_id": "a", "ceph_daemon_type": "mgr", "instance": "a", "mgr": "a", "rook_cluster": ns},
        sa_name="rook-ceph-mgr", req=None, extra={"strategy": {"type": "Recreate"}})
    dep(ctx, ns, "rook-ceph-tools", "quay.io/ceph/ceph:v18.2.4", labels={"app": "rook-ceph-tools"}, req=None, command=["/bin/bash", "-c", "sleep infinity"])
    for s in ("rook-ceph-mon", "rook-ceph-admin-keyring", "rook-csi-rbd-provisioner", "rook-csi-rbd-node", "rook-ceph-dashboard-password"):
        secret(ctx, ns, s, ["ceph-secret"] if "mon" in s else ["keyring"] if "keyring" in s else ["userID", "userKey"] if "csi" in s else ["password"], stype="kubernetes.io/rook" if s == "rook-ceph-mon" else "Opaque")


def noise_longhorn(ctx, ns="longhorn-system"):
    add_ns(ctx, ns)
    ds(ctx, ns, "longhorn-manager", [ctr("longhorn-manager", "longhornio/longhorn-manager:v1.7.2", ports=[("manager", 9500), ("conversion-wh", 9501), ("admission-wh", 9502)],
                                         ready=http_probe("/v1/healthz", 9501, timeout=1), sc={"privileged": True}),
                                     side("pre-pull-share-manager-image", "longhornio/longhorn-share-manager:v1.7.2", req=None)],
       labels={"app": "longhorn-manager", "app.kubernetes.io/instance": "longhorn", "app.kubernetes.io/name": "longhorn", "app.kubernetes.io/version": "v1.7.2"},
       sa_name="longhorn-service-account", priority="longhorn-critical", tolerations=[{"operator": "Exists"}])
    ds(ctx, ns, "longhorn-csi-plugin", [ctr("longhorn-csi-plugin", "longhornio/longhorn-manager:v1.7.2", sc={"privileged": True}),
                                        side("node-driver-registrar", "longhornio/csi-node-driver-registrar:v2.12.0", req=None),
                                        side("longhorn-liveness-probe", "longhornio/livenessprobe:v2.14.0", req=None)],
       labels={"app": "longhorn-csi-plugin"}, sa_name="longhorn-service-account", priority="longhorn-critical", tolerations=[{"operator": "Exists"}])
    ei = f"engine-image-ei-{ctx.hex(8, 'ei')}"
    ds(ctx, ns, ei, [ctr(ei, "longhornio/longhorn-engine:v1.7.2", sc={"privileged": True})],
       labels={"longhorn.io/component": "engine-image", "longhorn.io/engine-image": ei}, sa_name="longhorn-service-account",
       priority="longhorn-critical", tolerations=[{"operator": "Exists"}])
    for name, img, reps in (("csi-attacher", "longhornio/csi-attacher:v4.7.0", 3), ("csi-provisioner", "longhornio/csi-provisioner:v4.0.1-20241007", 3),
                            ("csi-resizer", "longhornio/csi-resizer:v1.12.0", 3), ("csi-snapshotter", "longhornio/csi-snapshotter:v7.0.2-20241007", 3),
                            ("longhorn-driver-deployer", "longhornio/longhorn-manager:v1.7.2", 1), ("longhorn-ui", "longhornio/longhorn-ui:v1.7.2", 2)):
        w = dep(ctx, ns, name, img, replicas=reps, labels={"app": name}, sa_name="longhorn-service-account" if "ui" not in name else "longhorn-ui-service-account",
                req=None, port=("http", 8000) if "ui" in name else None, init=[ctr("wait-longhorn-manager", "longhornio/longhorn-manager:v1.7.2",
                                                                                    command=["sh", "-c", "while [ $(curl -m 1 -s -o /dev/null -w \"%{http_code}\" http://longhorn-backend:9500/v1) != \"200\" ]; do echo waiting; sleep 2; done"])] if "deployer" in name else None)
        if name == "csi-provisioner":
            ctx.csi_controller = w
    service(ctx, ns, "longhorn-backend", [("manager", 9500, "manager")], {"app": "longhorn-manager"}, labels={"app": "longhorn-manager"})
    service(ctx, ns, "longhorn-frontend", [("http", 80, "http")], {"app": "longhorn-ui"}, labels={"app": "longhorn-ui"})
    for nd in ctx.nodes:
        nn = nd["metadata"]["name"]
        im = f"instance-manager-{ctx.hex(32, 'im', nn)}"
        w = W("Pod", ns, im, [ctr("instance-manager", "longhornio/longhorn-instance-manager:v1.7.2", sc={"privileged": True}, req={"cpu": "960m"})],
              labels={"longhorn.io/component": "instance-manager", "longhorn.io/data-engine": "v1", "longhorn.io/instance-manager-image": f"imi-{ctx.hex(8, 'imi')}",
                      "longhorn.io/instance-manager-type": "aio", "longhorn.io/managed-by": "longhorn-manager", "longhorn.io/node": nn},
              owner_cr=[{"apiVersion": "longhorn.io/v1beta2", "kind": "InstanceManager", "name": im, "uid": ctx.uid("im", im), "controller": True, "blockOwnerDeletion": True}],
              sa="longhorn-service-account", states={0: {"s": "ok", "node": nn}}, priority="longhorn-critical",
              tolerations=[{"operator": "Exists"}])
        w["extra"]["nodes"] = [nn]
        ctx.workloads.append(w)


def noise_cattle(ctx, ns="cattle-system"):
    add_ns(ctx, ns)
    dep(ctx, ns, "cattle-cluster-agent", "rancher/rancher-agent:v2.9.3", replicas=2, labels={"app": "cattle-cluster-agent"}, sa_name="cattle", req=None,
        env=[env("CATTLE_SERVER", "https://rancher.mgmt.internal"), env("CATTLE_CA_CHECKSUM", ctx.hex(64, "cattle"))])
    service(ctx, ns, "cattle-cluster-agent", [("http", 80, 80), ("https-internal", 443, 444)], {"app": "cattle-cluster-agent"})
    dep(ctx, ns, "system-upgrade-controller", "rancher/system-upgrade-controller:v0.13.4", labels={"app.kubernetes.io/name": "system-upgrade-controller"},
        sa_name="system-upgrade-controller", req=None)
    secret(ctx, ns, "cattle-credentials-" + ctx.hex(7, "cc"), ["namespace", "token", "url"])


def noise_ocp(ctx):
    ns = "openshift-monitoring"
    add_ns(ctx, ns, labels={"openshift.io/cluster-monitoring": "true"})
    for nm, reps, img in (("prometheus-k8s", 2, "prometheus"), ("alertmanager-main", 2, "alertmanager")):
        l = {"app.kubernetes.io/component": "prometheus" if "prom" in nm else "alert-router", "app.kubernetes.io/instance": "k8s" if "prom" in nm else "main",
             "app.kubernetes.io/name": img, "app.kubernetes.io/part-of": "openshift-monitoring"}
        sa(ctx, ns, nm)
        ctx.workloads.append(W("StatefulSet", ns, nm, [ctr(img, "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha(img), ports=[("web", 9090 if "prom" in nm else 9093)],
                                                           req={"cpu": "70m", "memory": "1Gi" if "prom" in nm else "40Mi"}, tmp="FallbackToLogsOnError"),
                                                       side("kube-rbac-proxy", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha("krp"))],
                               replicas=reps, labels=l, sa=nm, service_name=f"{img}-operated", priority="system-cluster-critical",
                               owner_cr=[ctx.cr_ref("monitoring.coreos.com/v1", "Prometheus" if "prom" in nm else "Alertmanager", ns, "k8s" if "prom" in nm else "main")],
                               node_sel={"node-role.kubernetes.io/worker": ""},
                               affinity={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": dict(l)}, "topologyKey": "kubernetes.io/hostname"}]}}))
        service(ctx, ns, f"{img}-operated", [("web", 9090 if "prom" in nm else 9093, "web")], {"app.kubernetes.io/name": img}, headless=True)
    for nm in ("cluster-monitoring-operator", "prometheus-operator", "kube-state-metrics", "thanos-querier", "monitoring-plugin"):
        dep(ctx, ns, nm, "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha(nm), replicas=2 if nm in ("thanos-querier", "monitoring-plugin") else 1,
            labels={"app.kubernetes.io/name": nm, "app.kubernetes.io/part-of": "openshift-monitoring"}, sa_name=nm, req=("10m", "50Mi"),
            node_sel={"kubernetes.io/os": "linux"}, tmp="FallbackToLogsOnError")
    ds(ctx, ns, "node-exporter", [ctr("node-exporter", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha("ne"), req={"cpu": "8m", "memory": "32Mi"}),
                                  side("kube-rbac-proxy", "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:" + sha("krp"), ports=[("https", 9100)])],
       labels={"app.kubernetes.io/name": "node-exporter", "app.kubernetes.io/part-of": "openshift-monitoring"}, host_network=True, sa_name="node-exporter",
       priority="system-cluster-critical")
    ns = "openshift-gitops"
    add_ns(ctx, ns, labels={"openshift.io/cluster-monitoring": "true"})
    for nm in ("openshift-gitops-server", "openshift-gitops-repo-server", "openshift-gitops-redis", "openshift-gitops-applicationset-controller", "cluster"):
        dep(ctx, ns, nm, "registry.redhat.io/openshift-gitops-1/argocd-rhel8@sha256:" + sha(nm), labels={"app.kubernetes.io/name": nm, "app.kubernetes.io/part-of": "argocd"},
            sa_name=nm if nm != "cluster" else None, req=("250m", "128Mi"),
            owner_cr=None)
        ctx.workloads[-1]["extra"]["owner"] = ctx.cr_ref("argoproj.io/v1beta1", "ArgoCD", ns, "openshift-gitops")
    sa(ctx, ns, "openshift-gitops-argocd-application-controller")
    ctx.workloads.append(W("StatefulSet", ns, "openshift-gitops-application-controller", [ctr("argocd-application-controller", "registry.redhat.io/openshift-gitops-1/argocd-rhel8@sha256:" + sha("ac"), req={"cpu": "250m", "memory": "1Gi"})],
                           labels={"app.kubernetes.io/name": "openshift-gitops-application-controller", "app.kubernetes.io/part-of": "argocd"},
                           sa="openshift-gitops-argocd-application-controller", service_name="openshift-gitops-application-controller",
                           owner_cr=[ctx.cr_ref("argoproj.io/v1beta1", "ArgoCD", ns, "openshift-gitops")]))


# ---------------------------------------------------------------------------
# database tier

def fqdn(ns, svc):
    return f"{svc}.{ns}.svc.cluster.local"


def default_sc(ctx):
    for k, v in ctx.platform["sc"].items():
        if v.get("default"):
            return k
    return list(ctx.platform["sc"])[0]


def db_record(ctx, key, engine, ns, svc, port, w, user, dbname, **kw):
    r = {"engine": engine, "ns": ns, "svc": svc, "host": fqdn(ns, svc), "port": port, "w": w, "user": user,
         "dbname": dbname, "key": key}
    r.update(kw)
    ctx.dbs[key] = r
    return r


def pg_isready(user, db, port=5432):
    return ["/bin/sh", "-c", f'exec pg_isready -U "{user}" -d "dbname={db}" -h 127.0.0.1 -p {port}']


def db_bitnami_pg(ctx, key, ns, rel, user, dbname, size="20Gi", version="16.4.0", rev="r14", mem="2Gi", extra_conf=None):
    name = f"{rel}-postgresql"
    l = helm_labels("postgresql", rel, version, "primary", f"postgresql-15.5.{ctx.n(20, 38, 'chart', rel)}")
    sel = {"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "postgresql"}
    secret(ctx, ns, name, ["password", "postgres-password"], labels=l, age=86400 * 60)
    helm_release_secret(ctx, ns, rel)
    mounts = [{"name": "empty-dir", "mountPath": "/tmp", "subPath": "tmp-dir"}, {"name": "empty-dir", "mountPath": "/opt/bitnami/postgresql/conf", "subPath": "app-conf-dir"},
              {"name": "dshm", "mountPath": "/dev/shm"}, {"name": "data", "mountPath": "/bitnami/postgresql"}]
    vols = [{"name": "empty-dir", "emptyDir": {}}, {"name": "dshm", "emptyDir": {"medium": "Memory"}}]
    if extra_conf:
        cm(ctx, ns, f"{name}-extended-configuration", {"override.conf": extra_conf}, labels=l, age=86400 * 50)
        mounts.append({"name": "postgresql-extended-config", "mountPath": "/bitnami/postgresql/conf/conf.d/"})
        vols.append({"name": "postgresql-extended-config", "configMap": {"name": f"{name}-extended-configuration", "defaultMode": 420}})
    c = ctr("postgresql", f"docker.io/bitnami/postgresql:{version}-debian-12-{rev}", ports=[("tcp-postgresql", 5432)],
            env=[env("BITNAMI_DEBUG", "false"), env("POSTGRESQL_PORT_NUMBER", "5432"), env("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"),
                 env("PGDATA", "/bitnami/postgresql/data"), env("POSTGRES_USER", user), env("POSTGRES_PASSWORD", secret=(name, "password")),
                 env("POSTGRES_POSTGRES_PASSWORD", secret=(name, "postgres-password")), env("POSTGRES_DATABASE", dbname),
                 env("POSTGRESQL_ENABLE_LDAP", "no"), env("POSTGRESQL_ENABLE_TLS", "no"), env("POSTGRESQL_LOG_HOSTNAME", "false"),
                 env("POSTGRESQL_LOG_CONNECTIONS", "false"), env("POSTGRESQL_CLIENT_MIN_MESSAGES", "error"),
                 env("POSTGRESQL_SHARED_PRELOAD_LIBRARIES", "pgaudit")],
            req={"cpu": "500m", "memory": mem}, lim={"cpu": "2", "memory": mem},
            live=exec_probe(pg_isready(user, dbname), period=10, fail=6, delay=30, timeout=5),
            ready=exec_probe(["/bin/sh", "-c", "-e", f'exec pg_isready -U "{user}" -d "dbname={dbname}" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n'],
                             period=10, fail=6, delay=5, timeout=5),
            mounts=mounts, sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True,
                               "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001, "seccompProfile": {"type": "RuntimeDefault"}})
    sa(ctx, ns, name)
    w = W("StatefulSet", ns, name, [c], labels=l, sel=sel, sa=name, service_name=f"{name}-hl", fs_group=1001, age=86400 * 60,
          vct=[{"name": "data", "size": size, "sc": default_sc(ctx), "labels": False}], volumes=vols,
          affinity={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchLabels": {
              "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "postgresql", "app.kubernetes.io/component": "primary"}},
              "topologyKey": "kubernetes.io/hostname"}, "weight": 1}]}})
    w["extra"]["automount"] = False
    ctx.workloads.append(w)
    svc = service(ctx, ns, name, [("tcp-postgresql", 5432, "tcp-postgresql")], sel, labels=l)
    service(ctx, ns, f"{name}-hl", [("tcp-postgresql", 5432, "tcp-postgresql")], sel, labels={**l, "app.kubernetes.io/component": "primary"},
            headless=True, pnr=True, ann={"service.alpha.kubernetes.io/tolerate-unready-endpoints": "true"})
    return db_record(ctx, key, "postgres", ns, name, 5432, w, user, dbname, secret=name, pw_key="password")


def db_hand_pg(ctx, key, ns, name, user, dbname, image="postgres:16.4-bookworm", size="50Gi", postgis=False, mem="4Gi"):
    l = {"app": name, "tier": "database"}
    secret(ctx, ns, f"{name}-credentials", ["POSTGRES_PASSWORD", "POSTGRES_USER", "REPLICATION_PASSWORD"], labels=l, age=86400 * 200)
    cm(ctx, ns, f"{name}-config", {"postgresql.conf": "listen_addresses = '*'\nmax_connections = 200\nshared_buffers = 1GB\neffective_cache_size = 3GB\nwal_level = replica\nmax_wal_size = 4GB\nlog_min_duration_statement = 500\n"},
       labels=l, age=86400 * 200)
    c = ctr("postgres", image, ports=[("postgres", 5432)],
            env=[env("POSTGRES_USER", secret=(f"{name}-credentials", "POSTGRES_USER")), env("POSTGRES_PASSWORD", secret=(f"{name}-credentials", "POSTGRES_PASSWORD")),
                 env("POSTGRES_DB", dbname), env("PGDATA", "/var/lib/postgresql/data/pgdata")],
            args=["-c", "config_file=/etc/postgresql/postgresql.conf"], req={"cpu": "1", "memory": mem}, lim={"memory": mem},
            ready=exec_probe(["pg_isready", "-U", user, "-d", dbname], period=10, fail=3, delay=10, timeout=3),
            live=exec_probe(["pg_isready", "-U", user, "-d", dbname], period=20, fail=6, delay=60, timeout=5),
            mounts=[{"name": "data", "mountPath": "/var/lib/postgresql/data"}, {"name": "config", "mountPath": "/etc/postgresql"}], tmp="FallbackToLogsOnError")
    w = W("StatefulSet", ns, name, [c], labels=l, sel={"app": name}, service_name=f"{name}-headless", age=86400 * 200,
          vct=[{"name": "data", "size": size, "sc": default_sc(ctx), "labels": False}],
          volumes=[{"name": "config", "configMap": {"name": f"{name}-config", "defaultMode": 420}}], grace=120)
    ctx.workloads.append(w)
    service(ctx, ns, name, [("postgres", 5432, 5432)], {"app": name}, labels=l, age=86400 * 200)
    service(ctx, ns, f"{name}-headless", [("postgres", 5432, 5432)], {"app": name}, labels=l, headless=True, age=86400 * 200)
    return db_record(ctx, key, "postgres", ns, name, 5432, w, user, dbname, secret=f"{name}-credentials", pw_key="POSTGRES_PASSWORD")


def db_cnpg(ctx, key, ns, cluster, user, dbname, instances=3, size="20Gi", opns="cnpg-system"):
    if not any(n["metadata"]["name"] == opns for n in ctx.objs["namespaces"]):
        add_ns(ctx, opns)
        dep(ctx, opns, "cnpg-controller-manager", "ghcr.io/cloudnative-pg/cloudnative-pg:1.24.1", port=[("metrics", 8080), ("webhook-server", 9443)],
            labels={"app.kubernetes.io/name": "cloudnative-pg", "app.kubernetes.io/instance": "cnpg"}, sa_name="cnpg-manager", cname="manager",
            req=("100m", "100Mi"), lim={"cpu": "100m", "memory": "200Mi"}, probe="/readyz")
        ctx.workloads[-1]["containers"][0]["readinessProbe"] = http_probe("/readyz", 9443)
        ctx.workloads[-1]["containers"][0]["readinessProbe"]["httpGet"]["scheme"] = "HTTPS"
        service(ctx, opns, "cnpg-webhook-service", [(None, 443, 9443)], {"app.kubernetes.io/name": "cloudnative-pg"})
        cm(ctx, opns, "cnpg-default-monitoring", {"queries": "backends:\n  query: |\n   SELECT sa.datname\n"}, labels={"cnpg.io/reload": ""})
    owner = [ctx.cr_ref("postgresql.cnpg.io/v1", "Cluster", ns, cluster)]
    names = [f"{cluster}-{i + 1}" for i in range(instances)]
    plabels = [{"cnpg.io/instanceName": n, "cnpg.io/instanceRole": "primary" if i == 0 else "replica", "role": "primary" if i == 0 else "replica",
                "cnpg.io/podRole": "instance"} for i, n in enumerate(names)]
    c = ctr("postgres", "ghcr.io/cloudnative-pg/postgresql:16.4", ports=[("postgresql", 5432), ("metrics", 9187), ("status", 8000)],
            env=[env("PGDATA", "/var/lib/postgresql/data/pgdata"), env("POD_NAME", "$(POD_NAME)"), env("NAMESPACE", ns),
                 env("CLUSTER_NAME", cluster), env("PGPORT", "5432"), env("PGHOST", "/controller/run")],
            command=["/controller/manager", "instance", "run", "--status-port-tls", "--log-level=info"],
            req={"cpu": "1", "memory": "2Gi"}, lim={"cpu": "2", "memory": "2Gi"},
            ready=http_probe("/readyz", 8000, period=10, fail=3, timeout=5), live=http_probe("/healthz", 8000, period=10, fail=3, timeout=5),
            startup=http_probe("/healthz", 8000, period=10, fail=360, timeout=5),
            mounts=[{"name": "pgdata", "mountPath": "/var/lib/postgresql/data"}, {"name": "scratch-data", "mountPath": "/run"},
                    {"name": "scratch-data", "mountPath": "/controller"}, {"name": "shm", "mountPath": "/dev/shm"},
                    {"name": "app-secret", "mountPath": "/etc/app-secret"}],
            sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False, "readOnlyRootFilesystem": True,
                "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})
    for pr in ("readinessProbe", "livenessProbe", "startupProbe"):
        c[pr]["httpGet"]["scheme"] = "HTTPS"
    for e in c["env"]:
        if e["name"] == "POD_NAME":
            e.pop("value")
            e["valueFrom"] = {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}
    secret(ctx, ns, f"{cluster}-app", ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"],
           stype="kubernetes.io/basic-auth", labels={"cnpg.io/cluster": cluster, "cnpg.io/reload": "true", "cnpg.io/userType": "app"}, owner=owner)
    secret(ctx, ns, f"{cluster}-ca", ["ca.crt", "ca.key"], labels={"cnpg.io/cluster": cluster, "cnpg.io/certType": "client"}, owner=owner)
    secret(ctx, ns, f"{cluster}-replication", ["tls.crt", "tls.key"], stype="kubernetes.io/tls", labels={"cnpg.io/cluster": cluster}, owner=owner)
    secret(ctx, ns, f"{cluster}-server", ["tls.crt", "tls.key"], stype="kubernetes.io/tls", labels={"cnpg.io/cluster": cluster}, owner=owner)
    sa(ctx, ns, cluster)
    w = W("Operated", ns, cluster, [c], labels={"cnpg.io/cluster": cluster}, sa=cluster, owner_cr=owner, fs_group=26, grace=1800,
          init=[ctr("bootstrap-controller", "ghcr.io/cloudnative-pg/cloudnative-pg:1.24.1", command=["/manager", "bootstrap", "/controller/manager", "--log-level=info"],
                    req={"cpu": "1", "memory": "2Gi"}, lim={"cpu": "2", "memory": "2Gi"}, mounts=[{"name": "scratch-data", "mountPath": "/controller"}])],
          volumes=[{"name": "scratch-data", "emptyDir": {}}, {"name": "shm", "emptyDir": {"medium": "Memory"}},
                   {"name": "app-secret", "secret": {"secretName": f"{cluster}-app", "defaultMode": 420}}],
          vct=[{"name": "pgdata", "size": size, "sc": default_sc(ctx)}], age=86400 * 90,
          affinity={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchExpressions": [
              {"key": "cnpg.io/cluster", "operator": "In", "values": [cluster]}, {"key": "cnpg.io/podRole", "operator": "In", "values": ["instance"]}]},
              "topologyKey": "kubernetes.io/hostname"}, "weight": 100}]}},
          extra={"pod_names": names, "pod_labels": plabels})
    ctx.workloads.append(w)
    for sfx, role in (("rw", "primary"), ("ro", "replica"), ("r", None)):
        sel = {"cnpg.io/cluster": cluster}
        if role:
            sel["cnpg.io/instanceRole"] = role
        service(ctx, ns, f"{cluster}-{sfx}", [("postgres", 5432, 5432)], sel, labels={"cnpg.io/cluster": cluster}, age=86400 * 90)
    ctx.objs["services"][-1]["metadata"]["ownerReferences"] = owner
    return db_record(ctx, key, "postgres", ns, f"{cluster}-rw", 5432, w, user, dbname, secret=f"{cluster}-app", pw_key="password")


def db_pgo(ctx, key, ns, cluster, user, dbname, size="30Gi", opns="postgres-operator"):
    add_ns(ctx, opns)
    dep(ctx, opns, "pgo", "registry.developers.crunchydata.com/crunchydata/postgres-operator:ubi8-5.6.1-0",
        labels={"postgres-operator.crunchydata.com/control-plane": "postgres-operator"}, sa_name="pgo", cname="operator", req=None)
    owner = [ctx.cr_ref("postgres-operator.crunchydata.com/v1beta1", "PostgresCluster", ns, cluster)]
    base = {"postgres-operator.crunchydata.com/cluster": cluster}
    secret(ctx, ns, f"{cluster}-pguser-{user}", ["dbname", "host", "jdbc-uri", "password", "pgbouncer-host", "pgbouncer-port", "pgbouncer-uri", "port", "uri", "user", "verifier"],
           labels={**base, "postgres-operator.crunchydata.com/pguser": user, "postgres-operator.crunchydata.com/role": "pguser"}, owner=owner)
    sa(ctx, ns, f"{cluster}-instance")
    first = None
    for i in range(2):
        sts = f"{cluster}-instance1-{ctx.sfx(4, 'pgo', i)}"
        l = {**base, "postgres-operator.crunchydata.com/data": "postgres", "postgres-operator.crunchydata.com/instance": sts,
             "postgres-operator.crunchydata.com/instance-set": "instance1"}
        pl = dict(l)
        c = ctr("database", "registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.4-1", ports=[("postgres", 5432)],
                env=[env("PGDATA", "/pgdata/pg16"), env("PGHOST", "/tmp/postgres"), env("PGPORT", "5432"), env("PATRONI_NAME", field="metadata.name"),
                     env("PATRONI_KUBERNETES_POD_IP", field="status.podIP"), env("PATRONI_KUBERNETES_PORTS", "- name: postgres\n  port: 5432\n  protocol: TCP\n")],
                command=["patroni", "/etc/patroni"], req={"cpu": "500m", "memory": "2Gi"}, lim={"cpu": "2", "memory": "4Gi"},
                ready=http_probe("/readiness", 8008, period=10, fail=3, delay=3, timeout=5), live=http_probe("/liveness", 8008, period=10, fail=3, delay=3, timeout=5),
                mounts=[{"name": "postgres-data", "mountPath": "/pgdata"}, {"name": "tmp", "mountPath": "/tmp"}])
        c["readinessProbe"]["httpGet"]["scheme"] = "HTTPS"
        c["livenessProbe"]["httpGet"]["scheme"] = "HTTPS"
        w = W("StatefulSet", ns, sts, [c, side("replication-cert-copy", "registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.4-1"),
                                       side("pgbackrest", "registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.53-1"),
                                       side("pgbackrest-config", "registry.developers.crunchydata.com/crunchydata/crunchy-pgbackrest:ubi8-2.53-1")],
              labels=l, sel={**base, "postgres-operator.crunchydata.com/instance": sts, "postgres-operator.crunchydata.com/instance-set": "instance1"},
              sa=f"{cluster}-instance", service_name=f"{cluster}-pods", owner_cr=owner, fs_group=26, age=86400 * 100,
              init=[ctr("postgres-startup", "registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.4-1", req={"cpu": "500m", "memory": "2Gi"}),
                    ctr("nss-wrapper-init", "registry.developers.crunchydata.com/crunchydata/crunchy-postgres:ubi8-16.4-1")],
              vct=[{"name": "postgres-data", "size": size, "sc": default_sc(ctx)}], volumes=[{"name": "tmp", "emptyDir": {"sizeLimit": "16Mi"}}],
              extra={"pmp": "Parallel"})
        w["pod_ann"] = {"status": '{"conn_url":"postgres://%s-0.%s-pods:5432/postgres","api_url":"https://%s-0.%s-pods:8008/patroni","state":"running","role":"%s"}' % (sts, cluster, sts, cluster, "master" if i == 0 else "replica")}
        w["labels_role"] = "master" if i == 0 else "replica"
        ctx.workloads.append(w)
        first = first or w
    # pod role label is set by patroni; add via states hook
    for w in ctx.workloads[-2:]:
        w["labels"] = {**w["labels"], "postgres-operator.crunchydata.com/role": w.pop("labels_role")}
    service(ctx, ns, f"{cluster}-pods", [], {**base}, headless=True, labels=base, pnr=True)
    service(ctx, ns, f"{cluster}-replicas", [("postgres", 5432, "postgres")], {**base, "postgres-operator.crunchydata.com/role": "replica"}, labels=base)
    service(ctx, ns, f"{cluster}-primary", [("postgres", 5432, "postgres")], {**base, "postgres-operator.crunchydata.com/role": "master"}, labels=base)
    bl = {**base, "postgres-operator.crunchydata.com/role": "pgbouncer"}
    pgb = W("Deployment", ns, f"{cluster}-pgbouncer", [ctr("pgbouncer", "registry.developers.crunchydata.com/crunchydata/crunchy-pgbouncer:ubi8-1.23-0",
                                                           ports=[("pgbouncer", 5432)], req={"cpu": "100m", "memory": "64Mi"},
                                                           command=["pgbouncer", "/etc/pgbouncer/~postgres-operator.ini"]),
                                                       side("pgbouncer-config", "registry.developers.crunchydata.com/crunchydata/crunchy-pgbouncer:ubi8-1.23-0")],
            replicas=2, labels=bl, age=86400 * 100)
    pgb["extra"]["owner"] = owner[0]
    ctx.workloads.append(pgb)
    service(ctx, ns, f"{cluster}-pgbouncer", [("pgbouncer", 5432, "pgbouncer")], bl, labels=base)
    return db_record(ctx, key, "postgres", ns, f"{cluster}-pgbouncer", 5432, first, user, dbname, secret=f"{cluster}-pguser-{user}", pw_key="password",
                     pooler=pgb)


def mysql_probe(root_env="MYSQL_ROOT_PASSWORD", admin="mysqladmin"):
    return ["/bin/bash", "-ec", f'password_aux="${{{root_env}:-}}"\nif [[ -f "${{{root_env}_FILE:-}}" ]]; then\n    password_aux=$(cat "${root_env}_FILE")\nfi\n{admin} status -uroot -p"${{password_aux}}"\n']


def db_bitnami_mysql(ctx, key, ns, rel, user, dbname, engine="mysql", version="8.4.3", size="20Gi", mem="2Gi", cnf=None):
    name = f"{rel}-{engine}"
    l = helm_labels(engine, rel, version, "primary", f"{engine}-{'11.1.19' if engine == 'mysql' else '19.1.0'}")
    sel = {"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": engine}
    E = engine.upper() if engine == "mysql" else "MARIADB"
    secret(ctx, ns, name, [f"{engine}-password", f"{engine}-root-password"], labels=l, age=86400 * 80)
    helm_release_secret(ctx, ns, rel)
    cnf = cnf or ("[mysqld]\nauthentication_policy='* ,,'\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\nplugin_dir=/opt/bitnami/mysql/lib/plugin\nport=3306\nmysqlx=0\nmysqlx_port=33060\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndatadir=/bitnami/mysql/data\ntmpdir=/opt/bitnami/mysql/tmp\nmax_allowed_packet=16M\nbind-address=*\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\nlog-error=/opt/bitnami/mysql/logs/mysqld.log\ncharacter-set-server=UTF8\ncollation-server=utf8_general_ci\nslow_query_log=0\nlong_query_time=10.0\ninnodb_buffer_pool_size=1G\n\n[client]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndefault-character-set=UTF8\nplugin_dir=/opt/bitnami/mysql/lib/plugin\n\n[manager]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\n"
                  if engine == "mysql" else "[mysqld]\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mariadb\ndatadir=/bitnami/mariadb/data\nplugin_dir=/opt/bitnami/mariadb/plugin\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\ntmpdir=/opt/bitnami/mariadb/tmp\nmax_allowed_packet=16M\nbind-address=*\npid-file=/opt/bitnami/mariadb/tmp/mysqld.pid\nlog-error=/opt/bitnami/mariadb/logs/mysqld.log\ncharacter-set-server=UTF8\ncollation-server=utf8_general_ci\nslow_query_log=0\nlong_query_time=10.0\ninnodb_buffer_pool_size=1G\n\n[client]\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\ndefault-character-set=UTF8\n")
    cm(ctx, ns, name, {"my.cnf": cnf}, labels=l, age=86400 * 80)
    c = ctr(engine, f"docker.io/bitnami/{engine}:{version}-debian-12-r{ctx.n(0, 9, 'brev', rel)}", ports=[(engine, 3306)],
            env=[env("BITNAMI_DEBUG", "false"), env(f"{E}_ROOT_PASSWORD", secret=(name, f"{engine}-root-password")),
                 env(f"{E}_ENABLE_SSL", "no"), env(f"{E}_USER", user), env(f"{E}_PASSWORD", secret=(name, f"{engine}-password")),
                 env(f"{E}_PORT", "3306"), env(f"{E}_DATABASE", dbname)],
            req={"cpu": "375m", "memory": mem}, lim={"cpu": "1500m" if engine == "mysql" else "2", "memory": mem},
            live=exec_probe(mysql_probe(f"{E}_ROOT_PASSWORD", "mysqladmin" if engine == "mysql" else "mariadb-admin"), period=10, fail=3, delay=5 if engine == "mysql" else 120, timeout=1),
            ready=exec_probe(mysql_probe(f"{E}_ROOT_PASSWORD", "mysqladmin" if engine == "mysql" else "mariadb-admin"), period=10, fail=3, delay=5 if engine == "mysql" else 30, timeout=1),
            startup=exec_probe(mysql_probe(f"{E}_ROOT_PASSWORD", "mysqladmin" if engine == "mysql" else "mariadb-admin"), period=10, fail=10, delay=15, timeout=1) if engine == "mysql" else None,
            mounts=[{"name": "data", "mountPath": f"/bitnami/{engine}"}, {"name": "config", "mountPath": f"/opt/bitnami/{engine}/conf/my.cnf", "subPath": "my.cnf"},
                    {"name": "empty-dir", "mountPath": "/tmp", "subPath": "tmp-dir"}, {"name": "empty-dir", "mountPath": f"/opt/bitnami/{engine}/logs", "subPath": "app-logs-dir"}],
            sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsGroup": 1001,
                "runAsNonRoot": True, "runAsUser": 1001, "seccompProfile": {"type": "RuntimeDefault"}})
    sa(ctx, ns, name)
    w = W("StatefulSet", ns, name, [c], labels=l, sel=sel, sa=name, service_name=f"{name}-headless", fs_group=1001, age=86400 * 80,
          vct=[{"name": "data", "size": size, "sc": default_sc(ctx), "labels": False}],
          volumes=[{"name": "config", "configMap": {"name": name, "defaultMode": 420}}, {"name": "empty-dir", "emptyDir": {}}],
          init=[ctr("preserve-logs-symlinks", f"docker.io/bitnami/{engine}:{version}-debian-12-r{ctx.n(0, 9, 'brev', rel)}", req={"cpu": "375m", "memory": "384Mi"},
                    mounts=[{"name": "empty-dir", "mountPath": f"/emptydir"}])],
          pod_ann={"checksum/configuration": ctx.hex(64, "cnf", name)})
    w["extra"]["automount"] = False
    ctx.workloads.append(w)
    service(ctx, ns, name, [(engine, 3306, engine)], sel, labels=l)
    service(ctx, ns, f"{name}-headless", [(engine, 3306, engine)], sel, labels=l, headless=True, pnr=True)
    return db_record(ctx, key, engine, ns, name, 3306, w, user, dbname, secret=name, pw_key=f"{engine}-password")


def db_bitnami_redis(ctx, key, ns, rel, replicas=2, version="7.4.1", mem="512Mi", maxmem=None):
    l = helm_labels("redis", rel, version, None, "redis-20.2.1")
    secret(ctx, ns, f"{rel}-redis", ["redis-password"], labels=l, age=86400 * 70)
    helm_release_secret(ctx, ns, rel)
    conf = "# User-supplied common configuration:\n# Enable AOF https://redis.io/topics/persistence#append-only-file\nappendonly yes\n# Disable RDB persistence, AOF persistence already enabled.\nsave \"\"\n# End of common configuration\n"
    if maxmem:
        conf += f"maxmemory {maxmem}\nmaxmemory-policy allkeys-lru\n"
    cm(ctx, ns, f"{rel}-redis-configuration", {"redis.conf": conf, "master.conf": "dir /data\n# User-supplied master configuration:\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n",
                                               "replica.conf": "dir /data\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n"}, labels=l, age=86400 * 70)
    cm(ctx, ns, f"{rel}-redis-health", {"ping_liveness_local.sh": "#!/bin/bash\n[[ -f $REDIS_PASSWORD_FILE ]] && export REDIS_PASSWORD=\"$(< \"${REDIS_PASSWORD_FILE}\")\"\n[[ -n \"$REDIS_PASSWORD\" ]] && export REDISCLI_AUTH=\"$REDIS_PASSWORD\"\nresponse=$(\n  timeout -s 15 $1 \\\n  redis-cli \\\n    -h localhost \\\n    -p $REDIS_PORT \\\n    ping\n)\n", "ping_readiness_local.sh": "#!/bin/bash\n"}, labels=l, age=86400 * 70)
    out = {}
    for role, reps in (("master", 1), ("replica", replicas)):
        name = f"{rel}-redis-{role if role == 'master' else 'replicas'}"
        rl = {**l, "app.kubernetes.io/component": role}
        sel = {"app.kubernetes.io/component": role, "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "redis"}
        c = ctr(f"redis", f"docker.io/bitnami/redis:{version}-debian-12-r{ctx.n(0, 12, 'rrev', rel)}", ports=[("redis", 6379)],
                command=["/bin/bash"], args=["-c", f"/opt/bitnami/scripts/start-scripts/start-{role}.sh"],
                env=[env("BITNAMI_DEBUG", "false"), env("REDIS_REPLICATION_MODE", role), env("ALLOW_EMPTY_PASSWORD", "no"),
                     env("REDIS_PASSWORD", secret=(f"{rel}-redis", "redis-password")), env("REDIS_TLS_ENABLED", "no"), env("REDIS_PORT", "6379")],
                req={"cpu": "150m", "memory": mem}, lim={"cpu": "1", "memory": mem},
                live=exec_probe(["sh", "-c", "/health/ping_liveness_local.sh 5"], period=5, fail=5, delay=20, timeout=6),
                ready=exec_probe(["sh", "-c", "/health/ping_readiness_local.sh 1"], period=5, fail=5, delay=20, timeout=2),
                mounts=[{"name": "start-scripts", "mountPath": "/opt/bitnami/scripts/start-scripts"}, {"name": "health", "mountPath": "/health"},
                        {"name": "redis-data", "mountPath": "/data"}, {"name": "config", "mountPath": "/opt/bitnami/redis/mounted-etc"},
                        {"name": "empty-dir", "mountPath": "/opt/bitnami/redis/etc/", "subPath": "app-conf-dir"}, {"name": "empty-dir", "mountPath": "/tmp", "subPath": "tmp-dir"}],
                sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsGroup": 1001,
                    "runAsNonRoot": True, "runAsUser": 1001, "seccompProfile": {"type": "RuntimeDefault"}})
        sa(ctx, ns, f"{rel}-redis-{role}")
        w = W("StatefulSet", ns, name, [c], replicas=reps, labels=rl, sel=sel, sa=f"{rel}-redis-{role}", service_name=f"{rel}-redis-headless",
              fs_group=1001, age=86400 * 70, vct=[{"name": "redis-data", "size": "8Gi", "sc": default_sc(ctx), "labels": False}],
              volumes=[{"name": "start-scripts", "configMap": {"name": f"{rel}-redis-scripts", "defaultMode": 493}},
                       {"name": "health", "configMap": {"name": f"{rel}-redis-health", "defaultMode": 493}},
                       {"name": "config", "configMap": {"name": f"{rel}-redis-configuration", "defaultMode": 420}},
                       {"name": "empty-dir", "emptyDir": {}}],
              pod_ann={"checksum/configmap": ctx.hex(64, "rc", rel), "checksum/health": ctx.hex(64, "rh", rel),
                       "checksum/scripts": ctx.hex(64, "rs", rel), "checksum/secret": ctx.hex(64, "rsec", rel)})
        w["extra"]["automount"] = False
        ctx.workloads.append(w)
        service(ctx, ns, name, [("tcp-redis", 6379, "redis")], sel, labels=rl)
        out[role] = w
    cm(ctx, ns, f"{rel}-redis-scripts", {"start-master.sh": "#!/bin/bash\n", "start-replica.sh": "#!/bin/bash\n"}, labels=l, age=86400 * 70)
    service(ctx, ns, f"{rel}-redis-headless", [("tcp-redis", 6379, "redis")], {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "redis"},
            labels=l, headless=True)
    return db_record(ctx, key, "redis", ns, f"{rel}-redis-master", 6379, out["master"], "default", "0", secret=f"{rel}-redis",
                     pw_key="redis-password", replicas_w=out["replica"])


def db_hand_mongo(ctx, key, ns, name, user, dbname, image="mongo:7.0.14", size="40Gi", replicas=1):
    l = {"app": name, "app.kubernetes.io/part-of": "data"}
    secret(ctx, ns, f"{name}-auth", ["MONGO_INITDB_ROOT_USERNAME", "MONGO_INITDB_ROOT_PASSWORD", "APP_PASSWORD"], age=86400 * 150)
    c = ctr("mongod", image, ports=[("mongodb", 27017)], args=["--bind_ip_all", "--wiredTigerCacheSizeGB", "1.5"],
            env=[env("MONGO_INITDB_ROOT_USERNAME", secret=(f"{name}-auth", "MONGO_INITDB_ROOT_USERNAME")),
                 env("MONGO_INITDB_ROOT_PASSWORD", secret=(f"{name}-auth", "MONGO_INITDB_ROOT_PASSWORD"))],
            req={"cpu": "500m", "memory": "3Gi"}, lim={"memory": "3Gi"},
            ready=exec_probe(["mongosh", "--quiet", "--eval", "db.adminCommand('ping')"], period=10, fail=3, delay=10, timeout=5),
            live=tcp_probe(27017, period=20, fail=6, delay=30), mounts=[{"name": "data", "mountPath": "/data/db"}])
    w = W("StatefulSet", ns, name, [c], replicas=replicas, labels=l, sel={"app": name}, service_name=name, age=86400 * 150, fs_group=999,
          vct=[{"name": "data", "size": size, "sc": default_sc(ctx), "labels": False}])
    ctx.workloads.append(w)
    service(ctx, ns, name, [("mongodb", 27017, 27017)], {"app": name}, labels=l, headless=True)
    service(ctx, ns, f"{name}-client", [("mongodb", 27017, "mongodb")], {"app": name}, labels=l)
    return db_record(ctx, key, "mongodb", ns, f"{name}-client", 27017, w, user, dbname, secret=f"{name}-auth", pw_key="APP_PASSWORD")


def db_bitnami_mongo(ctx, key, ns, rel, user, dbname, replicas=3, version="7.0.15"):
    name = f"{rel}-mongodb"
    l = helm_labels("mongodb", rel, version, "mongodb", "mongodb-16.3.1")
    sel = {"app.kubernetes.io/component": "mongodb", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mongodb"}
    secret(ctx, ns, name, ["mongodb-passwords", "mongodb-root-password", "mongodb-replica-set-key"], labels=l, age=86400 * 120)
    helm_release_secret(ctx, ns, rel)
    img = f"docker.io/bitnami/mongodb:{version}-debian-12-r{ctx.n(0, 6, 'mrev')}"
    c = ctr("mongodb", img, ports=[("mongodb", 27017)], command=["/scripts/setup.sh"],
            env=[env("BITNAMI_DEBUG", "false"), env("MY_POD_NAME", field="metadata.name"), env("MY_POD_NAMESPACE", field="metadata.namespace"),
                 env("MONGODB_INITIAL_PRIMARY_HOST", f"{name}-0.{name}-headless.{ns}.svc.cluster.local"), env("MONGODB_REPLICA_SET_NAME", "rs0"),
                 env("MONGODB_ADVERTISED_HOSTNAME", f"$(MY_POD_NAME).{name}-headless.{ns}.svc.cluster.local"),
                 env("MONGODB_EXTRA_USERNAMES", user), env("MONGODB_EXTRA_DATABASES", dbname),
                 env("MONGODB_EXTRA_PASSWORDS", secret=(name, "mongodb-passwords")), env("MONGODB_ROOT_USER", "root"),
                 env("MONGODB_ROOT_PASSWORD", secret=(name, "mongodb-root-password")), env("MONGODB_REPLICA_SET_KEY", secret=(name, "mongodb-replica-set-key")),
                 env("MONGODB_PORT_NUMBER", "27017"), env("MONGODB_ENABLE_IPV6", "no")],
            req={"cpu": "500m", "memory": "2Gi"}, lim={"cpu": "2", "memory": "2Gi"},
            live=exec_probe(["/bitnami/scripts/ping-mongodb.sh"], period=20, fail=6, delay=30, timeout=10),
            ready=exec_probe(["/bitnami/scripts/readiness-probe.sh"], period=10, fail=6, delay=5, timeout=5),
            startup=exec_probe(["/bitnami/scripts/startup-probe.sh"], period=20, fail=30, delay=5, timeout=10),
            mounts=[{"name": "datadir", "mountPath": "/bitnami/mongodb"}, {"name": "common-scripts", "mountPath": "/bitnami/scripts"},
                    {"name": "scripts", "mountPath": "/scripts/setup.sh", "subPath": "setup.sh"}])
    sa(ctx, ns, name)
    w = W("StatefulSet", ns, name, [c], replicas=replicas, labels=l, sel=sel, sa=name, service_name=f"{name}-headless", fs_group=1001,
          age=86400 * 120, vct=[{"name": "datadir", "size": "30Gi", "sc": default_sc(ctx), "labels": False}],
          volumes=[{"name": "common-scripts", "configMap": {"name": f"{name}-common-scripts", "defaultMode": 360}},
                   {"name": "scripts", "configMap": {"name": f"{name}-scripts", "defaultMode": 493}}])
    ctx.workloads.append(w)
    cm(ctx, ns, f"{name}-common-scripts", {"ping-mongodb.sh": "#!/bin/bash\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval \"db.adminCommand('ping')\"\n",
                                           "readiness-probe.sh": "#!/bin/bash\n", "startup-probe.sh": "#!/bin/bash\n"}, labels=l)
    cm(ctx, ns, f"{name}-scripts", {"setup.sh": "#!/bin/bash\n"}, labels=l)
    service(ctx, ns, f"{name}-headless", [("mongodb", 27017, "mongodb")], sel, labels=l, headless=True, pnr=True)
    return db_record(ctx, key, "mongodb", ns, f"{name}-headless", 27017, w, user, dbname, secret=name, pw_key="mongodb-passwords",
                     uri_hosts=",".join(f"{name}-{i}.{name}-headless.{ns}.svc.cluster.local:27017" for i in range(replicas)))


def db_kafka(ctx, key, ns, rel="kafka", replicas=3):
    l = helm_labels("kafka", rel, "3.8.1", "controller-eligible", "kafka-30.1.8")
    sel = {"app.kubernetes.io/component": "controller-eligible", "app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "kafka", "app.kubernetes.io/part-of": "kafka"}
    l["app.kubernetes.io/part-of"] = "kafka"
    secret(ctx, ns, f"{rel}-user-passwords", ["client-passwords", "controller-password", "inter-broker-password", "system-user-password"], labels=l)
    secret(ctx, ns, f"{rel}-kraft-cluster-id", ["kraft-cluster-id"], labels=l)
    cm(ctx, ns, f"{rel}-controller-configuration", {"server.properties": "listeners=CLIENT://:9092,INTERNAL://:9094,CONTROLLER://:9093\nlog.dirs=/bitnami/kafka/data\nnum.partitions=6\ndefault.replication.factor=3\nmin.insync.replicas=2\n"}, labels=l)
    c = ctr("kafka", "docker.io/bitnami/kafka:3.8.1-debian-12-r0", ports=[("controller", 9093), ("client", 9092), ("interbroker", 9094)],
            env=[env("BITNAMI_DEBUG", "false"), env("KAFKA_HEAP_OPTS", "-Xmx1024m -Xms1024m"), env("KAFKA_KRAFT_CLUSTER_ID", secret=(f"{rel}-kraft-cluster-id", "kraft-cluster-id"))],
            req={"cpu": "500m", "memory": "2Gi"}, lim={"cpu": "1500m", "memory": "2Gi"},
            live=exec_probe(["pgrep", "-f", "kafka"], period=10, fail=3, delay=10, timeout=5), ready=tcp_probe("controller", period=10, fail=6, delay=5, timeout=5),
            mounts=[{"name": "data", "mountPath": "/bitnami/kafka"}])
    sa(ctx, ns, rel)
    w = W("StatefulSet", ns, f"{rel}-controller", [c], replicas=replicas, labels=l, sel=sel, sa=rel, service_name=f"{rel}-controller-headless",
          fs_group=1001, age=86400 * 110, vct=[{"name": "data", "size": "16Gi", "sc": default_sc(ctx), "labels": False}],
          init=[ctr("kafka-init", "docker.io/bitnami/kafka:3.8.1-debian-12-r0", command=["/bin/bash"], args=["-ec", "/scripts/kafka-init.sh"])], extra={"pmp": "Parallel"})
    ctx.workloads.append(w)
    service(ctx, ns, rel, [("tcp-client", 9092, "client")], {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "kafka", "app.kubernetes.io/part-of": "kafka"}, labels=l)
    service(ctx, ns, f"{rel}-controller-headless", [("tcp-interbroker", 9094, "interbroker"), ("tcp-client", 9092, "client"), ("tcp-controller", 9093, "controller")],
            sel, labels=l, headless=True, pnr=True)
    return db_record(ctx, key, "kafka", ns, rel, 9092, w, "user1", "", secret=f"{rel}-user-passwords", pw_key="client-passwords")


def pooler_pgbouncer(ctx, key, ns, name, upstream, replicas=2, ini_extra=""):
    l = {"app.kubernetes.io/name": "pgbouncer", "app.kubernetes.io/instance": name}
    ini = (f"[databases]\n{upstream['dbname']} = host={upstream['host']} port={upstream['port']} dbname={upstream['dbname']}\n\n[pgbouncer]\n"
           f"listen_addr = 0.0.0.0\nlisten_port = 6432\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\npool_mode = transaction\n"
           f"max_client_conn = 1000\ndefault_pool_size = 40\nserver_tls_sslmode = prefer\nignore_startup_parameters = extra_float_digits\n{ini_extra}")
    cm(ctx, ns, f"{name}-config", {"pgbouncer.ini": ini}, labels=l, age=86400 * 60)
    secret(ctx, ns, f"{name}-userlist", ["userlist.txt"], labels=l, age=86400 * 60)
    w = dep(ctx, ns, name, "docker.io/edoburu/pgbouncer:v1.23.1-p2", replicas=replicas, port=("pgbouncer", 6432), labels=l, probe="tcp",
            req=("50m", "64Mi"), lim={"cpu": "500m", "memory": "128Mi"}, cname="pgbouncer", tmp="FallbackToLogsOnError",
            mounts=[{"name": "config", "mountPath": "/etc/pgbouncer/pgbouncer.ini", "subPath": "pgbouncer.ini"},
                    {"name": "userlist", "mountPath": "/etc/pgbouncer/userlist.txt", "subPath": "userlist.txt"}],
            volumes=[{"name": "config", "configMap": {"name": f"{name}-config", "defaultMode": 420}},
                     {"name": "userlist", "secret": {"secretName": f"{name}-userlist", "defaultMode": 420}}], age=86400 * 60)
    service(ctx, ns, name, [("pgbouncer", 6432, "pgbouncer")], l, labels=l, age=86400 * 60)
    r = db_record(ctx, key, "postgres", ns, name, 6432, w, upstream["user"], upstream["dbname"], secret=upstream["secret"], pw_key=upstream["pw_key"],
                  upstream=upstream["key"])
    return r


def pooler_proxysql(ctx, key, ns, name, upstream, replicas=2):
    l = {"app": name, "app.kubernetes.io/component": "proxysql"}
    cm(ctx, ns, f"{name}-config", {"proxysql.cnf": f'datadir="/var/lib/proxysql"\nadmin_variables=\n{{\n  admin_credentials="admin:admin;radmin:radmin"\n  mysql_ifaces="0.0.0.0:6032"\n}}\nmysql_variables=\n{{\n  threads=4\n  max_connections=2048\n  interfaces="0.0.0.0:6033"\n  monitor_username="monitor"\n}}\nmysql_servers=\n(\n  {{ address="{upstream["host"]}", port={upstream["port"]}, hostgroup=10, max_connections=200 }}\n)\n'},
       labels=l, age=86400 * 60)
    w = dep(ctx, ns, name, "proxysql/proxysql:2.7.1", replicas=replicas, port=[("mysql", 6033), ("admin", 6032)], labels=l, probe="tcp",
            req=("100m", "128Mi"), lim={"memory": "512Mi"}, cname="proxysql",
            mounts=[{"name": "config", "mountPath": "/etc/proxysql.cnf", "subPath": "proxysql.cnf"}],
            volumes=[{"name": "config", "configMap": {"name": f"{name}-config", "defaultMode": 420}}], age=86400 * 60)
    service(ctx, ns, name, [("mysql", 6033, "mysql")], l, labels=l, age=86400 * 60)
    return db_record(ctx, key, upstream["engine"], ns, name, 6033, w, upstream["user"], upstream["dbname"], secret=upstream["secret"],
                     pw_key=upstream["pw_key"], upstream=upstream["key"])


# ---------------------------------------------------------------------------
# application tier

def client_error(ctx, db, lang, kind, host=None):
    host = host or db["host"]
    port = db["port"]
    svc = ctx.get("Service", db["ns"], db["svc"])
    ip = svc["spec"]["clusterIP"] if svc and svc["spec"]["clusterIP"] != "None" else "10.0.0.1"
    dns = ctx.platform["dns"]
    e = db["engine"]
    u, d = db["user"], db["dbname"]
    if e == "postgres":
        M = {
            ("python", "refused"): f'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "{host}" ({ip}), port {port} failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?\n\n(Background on this error at: https://sqlalche.me/e/20/e3q8)',
            ("python", "timeout"): f'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "{host}" ({ip}), port {port} failed: timeout expired\n\n(Background on this error at: https://sqlalche.me/e/20/e3q8)',
            ("python", "nxdomain"): f'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not translate host name "{host}" to address: Name or service not known\n\n(Background on this error at: https://sqlalche.me/e/20/e3q8)',
            ("python", "dnsdown"): f'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not translate host name "{host}" to address: Temporary failure in name resolution\n',
            ("java", "refused"): f'org.postgresql.util.PSQLException: Connection to {host}:{port} refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:346)\nCaused by: java.net.ConnectException: Connection refused',
            ("java", "timeout"): f'org.postgresql.util.PSQLException: The connection attempt failed.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:358)\nCaused by: java.net.SocketTimeoutException: Connect timed out',
            ("java", "nxdomain"): f'org.postgresql.util.PSQLException: The connection attempt failed.\nCaused by: java.net.UnknownHostException: {host}: Name or service not known',
            ("java", "dnsdown"): f'org.postgresql.util.PSQLException: The connection attempt failed.\nCaused by: java.net.UnknownHostException: {host}: Temporary failure in name resolution',
            ("node", "refused"): f'Error: connect ECONNREFUSED {ip}:{port}\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16) {{\n  errno: -111,\n  code: \'ECONNREFUSED\',\n  syscall: \'connect\',\n  address: \'{ip}\',\n  port: {port}\n}}',
            ("node", "timeout"): 'Error: Connection terminated due to connection timeout\n    at Connection.<anonymous> (/app/node_modules/pg/lib/client.js:132:73)',
            ("node", "nxdomain"): f'Error: getaddrinfo ENOTFOUND {host}\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:109:26) {{\n  errno: -3008,\n  code: \'ENOTFOUND\',\n  syscall: \'getaddrinfo\',\n  hostname: \'{host}\'\n}}',
            ("node", "dnsdown"): f'Error: getaddrinfo EAI_AGAIN {host}\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:109:26)',
            ("go", "refused"): f'failed to connect to `user={u} database={d}`: {ip}:{port} ({host}): dial error: dial tcp {ip}:{port}: connect: connection refused',
            ("go", "timeout"): f'failed to connect to `user={u} database={d}`: {ip}:{port} ({host}): dial error: timeout: context deadline exceeded',
            ("go", "nxdomain"): f'failed to connect to `user={u} database={d}`: hostname resolving error: lookup {host} on {dns}:53: no such host',
            ("go", "dnsdown"): f'failed to connect to `user={u} database={d}`: hostname resolving error: lookup {host} on {dns}:53: read udp 10.0.0.1:40312->{dns}:53: i/o timeout'}
    elif e in ("mysql", "mariadb"):
        M = {("python", "refused"): f'pymysql.err.OperationalError: (2003, "Can\'t connect to MySQL server on \'{host}\' ([Errno 111] Connection refused)")',
             ("python", "timeout"): f'pymysql.err.OperationalError: (2003, "Can\'t connect to MySQL server on \'{host}\' (timed out)")',
             ("python", "nxdomain"): f'pymysql.err.OperationalError: (2003, "Can\'t connect to MySQL server on \'{host}\' ([Errno -2] Name or service not known)")',
             ("python", "dnsdown"): f'pymysql.err.OperationalError: (2003, "Can\'t connect to MySQL server on \'{host}\' ([Errno -3] Temporary failure in name resolution)")',
             ("java", "refused"): 'com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\nThe last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.\nCaused by: java.net.ConnectException: Connection refused',
             ("java", "timeout"): 'com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\nThe last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.\nCaused by: java.net.SocketTimeoutException: Connect timed out',
             ("java", "nxdomain"): f'com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\nCaused by: java.net.UnknownHostException: {host}: Name or service not known',
             ("java", "dnsdown"): f'com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\nCaused by: java.net.UnknownHostException: {host}: Temporary failure in name resolution',
             ("php", "refused"): 'SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from `sessions` where `id` = ? limit 1)',
             ("php", "timeout"): 'SQLSTATE[HY000] [2002] Connection timed out (Connection: mysql, SQL: select * from `sessions` where `id` = ? limit 1)',
             ("php", "nxdomain"): f'SQLSTATE[HY000] [2002] php_network_getaddresses: getaddrinfo for {host} failed: Name or service not known',
             ("php", "dnsdown"): f'SQLSTATE[HY000] [2002] php_network_getaddresses: getaddrinfo for {host} failed: Temporary failure in name resolution',
             ("go", "refused"): f'[mysql] connection.go:49: dial tcp {ip}:{port}: connect: connection refused\nfatal: ping database: dial tcp {ip}:{port}: connect: connection refused',
             ("go", "timeout"): f'fatal: ping database: dial tcp {ip}:{port}: i/o timeout',
             ("go", "nxdomain"): f'fatal: ping database: dial tcp: lookup {host} on {dns}:53: no such host',
             ("go", "dnsdown"): f'fatal: ping database: dial tcp: lookup {host} on {dns}:53: read udp: i/o timeout',
             ("node", "refused"): f'Error: connect ECONNREFUSED {ip}:{port}', ("node", "timeout"): 'Error: connect ETIMEDOUT',
             ("node", "nxdomain"): f'Error: getaddrinfo ENOTFOUND {host}', ("node", "dnsdown"): f'Error: getaddrinfo EAI_AGAIN {host}'}
    elif e == "redis":
        M = {("python", "refused"): f'redis.exceptions.ConnectionError: Error 111 connecting to {host}:{port}. Connection refused.',
             ("python", "timeout"): 'redis.exceptions.TimeoutError: Timeout connecting to server',
             ("python", "nxdomain"): f'redis.exceptions.ConnectionError: Error -2 connecting to {host}:{port}. Name or service not known.',
             ("python", "dnsdown"): f'redis.exceptions.ConnectionError: Error -3 connecting to {host}:{port}. Temporary failure in name resolution.',
             ("node", "refused"): f'Error: connect ECONNREFUSED {ip}:{port}\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)',
             ("node", "timeout"): 'Error: connect ETIMEDOUT', ("node", "nxdomain"): f'Error: getaddrinfo ENOTFOUND {host}',
             ("node", "dnsdown"): f'Error: getaddrinfo EAI_AGAIN {host}',
             ("go", "refused"): f'redis: dial tcp {ip}:{port}: connect: connection refused', ("go", "timeout"): f'redis: dial tcp {ip}:{port}: i/o timeout',
             ("go", "nxdomain"): f'redis: dial tcp: lookup {host} on {dns}:53: no such host', ("go", "dnsdown"): f'redis: dial tcp: lookup {host}: i/o timeout',
             ("java", "refused"): f'io.lettuce.core.RedisConnectionException: Unable to connect to {host}/<unresolved>:{port}\nCaused by: io.netty.channel.AbstractChannel$AnnotatedConnectException: Connection refused: {host}/{ip}:{port}',
             ("java", "timeout"): f'io.lettuce.core.RedisConnectionException: Unable to connect to {host}/<unresolved>:{port}\nCaused by: io.netty.channel.ConnectTimeoutException: connection timed out after 10000 ms: {host}/{ip}:{port}',
             ("java", "nxdomain"): f'io.lettuce.core.RedisConnectionException: Unable to connect to {host}/<unresolved>:{port}\nCaused by: java.net.UnknownHostException: {host}',
             ("java", "dnsdown"): f'io.lettuce.core.RedisConnectionException: Unable to connect to {host}/<unresolved>:{port}\nCaused by: java.net.UnknownHostException: failed to resolve \'{host}\' after 2 queries'}
    elif e == "mongodb":
        M = {("node", "refused"): f'MongoServerSelectionError: connect ECONNREFUSED {ip}:{port}\n    at Topology.selectServer (/app/node_modules/mongodb/lib/sdam/topology.js:321:38)',
             ("node", "timeout"): f'MongoServerSelectionError: Server selection timed out after 30000 ms',
             ("node", "nxdomain"): f'MongoServerSelectionError: getaddrinfo ENOTFOUND {host}\n    at Topology.selectServer (/app/node_modules/mongodb/lib/sdam/topology.js:321:38)',
             ("node", "dnsdown"): f'MongoServerSelectionError: getaddrinfo EAI_AGAIN {host}',
             ("python", "refused"): f'pymongo.errors.ServerSelectionTimeoutError: {host}:{port}: [Errno 111] Connection refused (configured timeouts: socketTimeoutMS: 20000.0ms, connectTimeoutMS: 20000.0ms), Timeout: 30s',
             ("python", "timeout"): f'pymongo.errors.ServerSelectionTimeoutError: {host}:{port}: timed out (configured timeouts: socketTimeoutMS: 20000.0ms, connectTimeoutMS: 20000.0ms), Timeout: 30s',
             ("python", "nxdomain"): f'pymongo.errors.ServerSelectionTimeoutError: {host}:{port}: [Errno -2] Name or service not known (configured timeouts: socketTimeoutMS: 20000.0ms, connectTimeoutMS: 20000.0ms), Timeout: 30s',
             ("python", "dnsdown"): f'pymongo.errors.ServerSelectionTimeoutError: {host}:{port}: [Errno -3] Temporary failure in name resolution, Timeout: 30s',
             ("go", "refused"): f'server selection error: context deadline exceeded, current topology: {{ Type: Unknown, Servers: [{{ Addr: {host}:{port}, Type: Unknown, Last error: dial tcp {ip}:{port}: connect: connection refused }}, ] }}',
             ("go", "timeout"): f'server selection error: context deadline exceeded, current topology: {{ Type: Unknown, Servers: [{{ Addr: {host}:{port}, Type: Unknown, Last error: dial tcp {ip}:{port}: i/o timeout }}, ] }}',
             ("go", "nxdomain"): f'server selection error: context deadline exceeded, current topology: {{ Type: Unknown, Servers: [{{ Addr: {host}:{port}, Type: Unknown, Last error: dial tcp: lookup {host} on {dns}:53: no such host }}, ] }}',
             ("go", "dnsdown"): f'server selection error: context deadline exceeded, current topology: {{ Type: Unknown, Servers: [{{ Addr: {host}:{port}, Type: Unknown, Last error: dial tcp: lookup {host}: i/o timeout }}, ] }}',
             ("java", "refused"): f'com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting to connect. Client view of cluster state is {{type=UNKNOWN, servers=[{{address={host}:{port}, type=UNKNOWN, state=CONNECTING, exception={{com.mongodb.MongoSocketOpenException: Exception opening socket}}, caused by {{java.net.ConnectException: Connection refused}}}}]',
             ("java", "timeout"): f'com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting to connect. Client view of cluster state is {{type=UNKNOWN, servers=[{{address={host}:{port}, type=UNKNOWN, state=CONNECTING, exception={{com.mongodb.MongoSocketReadTimeoutException: Timeout while receiving message}}}}]',
             ("java", "nxdomain"): f'com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting to connect. Client view of cluster state is {{type=UNKNOWN, servers=[{{address={host}:{port}, type=UNKNOWN, state=CONNECTING, exception={{com.mongodb.MongoSocketException: {host}}}, caused by {{java.net.UnknownHostException: {host}}}}}]',
             ("java", "dnsdown"): f'com.mongodb.MongoSocketException: {host}: Temporary failure in name resolution'}
    else:
        M = {(l, k): f'org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeTopics' for l in ("java", "go", "python", "node") for k in ("refused", "timeout", "nxdomain", "dnsdown")}
    return M.get((lang, kind)) or M.get(("python", kind)) or M.get(("node", kind))


LANG_IMG = {"python": ("python", "FallbackToLogsOnError"), "java": ("jvm", "FallbackToLogsOnError"), "node": ("node", "File"),
            "go": ("go", "FallbackToLogsOnError"), "php": ("php", "File")}


def app_tier(ctx, ns, prefix, apps, dbs, registry, domain, ing_ns="ingress-nginx", netpol=True, quota=True, labels_ns=None,
             settings_style="split", mesh=False, tls=True):
    add_ns(ctx, ns, labels=labels_ns)
    data = {"APP_ENV": "production", "LOG_LEVEL": "info", "TZ": "UTC", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://otel-collector.monitoring.svc.cluster.local:4317"}
    sec_keys = []
    for k, d in dbs.items():
        P = k.upper()
        if d["engine"] == "postgres":
            if settings_style == "url":
                data[f"{P}_DATABASE_URL"] = f"postgresql://{d['user']}@{d['host']}:{d['port']}/{d['dbname']}?sslmode=prefer"
            else:
                data.update({f"{P}_DB_HOST": d["host"], f"{P}_DB_PORT": str(d["port"]), f"{P}_DB_NAME": d["dbname"], f"{P}_DB_USER": d["user"]})
            sec_keys.append(f"{P}_DB_PASSWORD")
        elif d["engine"] in ("mysql", "mariadb"):
            data.update({f"{P}_MYSQL_HOST": d["host"], f"{P}_MYSQL_PORT": str(d["port"]), f"{P}_MYSQL_DATABASE": d["dbname"], f"{P}_MYSQL_USER": d["user"]})
            sec_keys.append(f"{P}_MYSQL_PASSWORD")
        elif d["engine"] == "redis":
            data[f"{P}_REDIS_URL"] = f"redis://{d['host']}:{d['port']}/0"
            sec_keys.append(f"{P}_REDIS_PASSWORD")
        elif d["engine"] == "mongodb":
            hosts = d.get("uri_hosts") or f"{d['host']}:{d['port']}"
            data[f"{P}_MONGODB_URI"] = f"mongodb://{d['user']}@{hosts}/{d['dbname']}?authSource={d['dbname']}" + ("&replicaSet=rs0" if d.get("uri_hosts") else "")
            sec_keys.append(f"{P}_MONGODB_PASSWORD")
        elif d["engine"] == "kafka":
            data[f"{P}_KAFKA_BOOTSTRAP_SERVERS"] = f"{d['host']}:{d['port']}"
            sec_keys.append(f"{P}_KAFKA_PASSWORD")
    settings = f"{prefix}-settings"
    cm(ctx, ns, settings, data, labels={"app.kubernetes.io/part-of": prefix}, age=86400 * ctx.n(20, 120, "setage", ns),
       ann={"kubectl.kubernetes.io/last-applied-configuration": ""} if False else None)
    creds = f"{prefix}-db-credentials"
    secret(ctx, ns, creds, sec_keys, labels={"app.kubernetes.io/part-of": prefix}, age=86400 * ctx.n(20, 200, "credage", ns))
    secret(ctx, ns, f"{prefix}-tls", ["tls.crt", "tls.key"], stype="kubernetes.io/tls",
           ann={"cert-manager.io/alt-names": domain, "cert-manager.io/certificate-name": f"{prefix}-tls", "cert-manager.io/common-name": domain,
                "cert-manager.io/issuer-kind": "ClusterIssuer", "cert-manager.io/issuer-name": "letsencrypt-prod"},
           labels={"controller.cert-manager.io/fao": "true"})
    out = []
    for a in apps:
        name, role, lang = a["name"], a["role"], a["lang"]
        uses = a.get("uses", [])
        labels = {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": prefix, "app.kubernetes.io/component": role}
        if a.get("version"):
            labels["app.kubernetes.io/version"] = a["version"]
        sel = {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": prefix}
        envs = [env(f"{k.upper()}_{dict(postgres='DB', mysql='MYSQL', mariadb='MYSQL', redis='REDIS', mongodb='MONGODB', kafka='KAFKA')[dbs[k]['engine']]}_PASSWORD",
                    secret=(creds, f"{k.upper()}_{dict(postgres='DB', mysql='MYSQL', mariadb='MYSQL', redis='REDIS', mongodb='MONGODB', kafka='KAFKA')[dbs[k]['engine']]}_PASSWORD")) for k in uses]
        envs.append(env("POD_NAME", field="metadata.name"))
        port = a.get("port", {"python": 8000, "java": 8080, "node": 3000, "go": 8080, "php": 9000}[lang] if role != "web" else 8080)
        img = f"{registry}/{a.get('image', name)}:{a.get('version', '1.' + str(ctx.n(0, 30, 'v', name)) + '.' + str(ctx.n(0, 9, 'vv', name)))}"
        tmp = a.get("tmp", LANG_IMG[lang][1])
        ready = live = None
        ports = None
        if role == "web":
            ports = [("http", port)]
            ready = http_probe("/healthz", "http", period=10)
            live = http_probe("/healthz", "http", period=20, delay=10)
            envs.append(env("API_UPSTREAM", a.get("upstream", "")))
        elif role == "api":
            ports = [("http", port)] + ([("metrics", 9090)] if lang in ("go", "java") else [])
            ready = http_probe(a.get("ready_path", "/ready" if lang != "java" else "/actuator/health/readiness"), "http", period=10, fail=3, timeout=2)
            live = http_probe("/livez" if lang != "java" else "/actuator/health/liveness", "http", period=20, fail=3, delay=20, timeout=2)
        req = a.get("req", ("100m", "256Mi") if lang != "java" else ("250m", "768Mi"))
        lim = {"memory": a.get("lim", "512Mi" if lang != "java" else "1536Mi")}
        c = ctr(name if role != "worker" else "worker", img, ports=ports, env_from=[{"configMapRef": {"name": settings}}], env=envs,
                req={"cpu": req[0], "memory": req[1]}, lim=lim, ready=ready, live=live, tmp=tmp,
                args=a.get("args"), command=a.get("command"))
        init = []
        if a.get("wait_for"):
            d = dbs[a["wait_for"]]
            init.append(ctr("wait-for-db", "busybox:1.36.1", command=["sh", "-c", f"until nc -z -w 2 {d['host']} {d['port']}; do echo waiting for {d['host']}; sleep 2; done"],
                            req={"cpu": "10m", "memory": "16Mi"}, lim={"memory": "32Mi"}))
        if a.get("init"):
            init += a["init"]
        kind = "CronJob" if role == "cron" else "Deployment"
        sa(ctx, ns, name)
        w = W(kind, ns, name, [c], replicas=a.get("replicas", 2), labels=labels, sel=sel, sa=name, init=init,
              age=86400 * ctx.n(10, 200, "appage", name), ann={"reloader.stakater.com/auto": "true"} if ctx.n(0, 2, "rl", name) == 0 else None,
              pod_ann={"prometheus.io/scrape": "true", "prometheus.io/port": str(port)} if role == "api" else None,
              app={"name": name, "role": role, "lang": lang, "uses": uses})
        if role == "cron":
            w["extra"].update({"schedule": a["schedule"], "every": a["every"], "phase": a.get("phase", 0), "dur": a.get("dur", 45)})
        if a.get("nodes"):
            w["node_sel"] = a["nodes"]
        r = ctx.n(0, 9, "noise-app", name)
        if role in ("worker", "api") and r == 0:
            w["extra"]["evicted"] = ctx.n(1, 2, "ne", name)
        elif role in ("worker", "api", "web") and r in (1, 2):
            w["states"] = {0: {"s": "ok", "restarts": ctx.n(1, 4, "nr", name), "old_reason": "OOMKilled" if r == 1 else "Error",
                               "old_at": ctx.n(86400, 86400 * 9, "noa", name)}}
        ctx.workloads.append(w)
        ctx.apps.append(w)
        if role in ("web", "api"):
            service(ctx, ns, name, [("http", 80 if role == "web" else port, "http")], sel, labels=labels, age=w["age"])
        out.append(w)
    if netpol:
        np(ctx, ns, "default-deny-ingress", {}, ["Ingress"], age=86400 * 150)
        np(ctx, ns, "allow-same-namespace", {}, ["Ingress"], ingress=[{"from": [{"podSelector": {}}]}], age=86400 * 150)
        np(ctx, ns, "allow-ingress-controller", {"matchLabels": {"app.kubernetes.io/component": "web"}} if any(a["role"] == "web" for a in apps) else {},
           ["Ingress"], ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": ing_ns}}}]}], age=86400 * 150)
        np(ctx, ns, "allow-monitoring-scrape", {}, ["Ingress"], ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
                                                                           "ports": [{"port": 9090, "protocol": "TCP"}, {"port": "http", "protocol": "TCP"}]}], age=86400 * 100)
    if quota:
        ctx.quotas.append((ns, f"{prefix}-quota", {"requests.cpu": "24", "requests.memory": "48Gi", "pods": "60", "services": "20", "persistentvolumeclaims": "10"}))
    return out


def np(ctx, ns, name, pod_sel, types, ingress=None, egress=None, age=86400 * 60, labels=None, ann=None):
    spec = {"podSelector": pod_sel}
    if ingress is not None:
        spec["ingress"] = ingress
    if egress is not None:
        spec["egress"] = egress
    spec["policyTypes"] = types
    o = {"metadata": ctx.meta("NetworkPolicy", ns, name, labels=labels, ann=ann, age=age, gen=1), "spec": spec}
    ctx.add("NetworkPolicy", o)
    return o


def ingress(ctx, ns, name, host, paths, tls_secret=None, cls="nginx", lb=None, ann=None, age=86400 * 60):
    a = {"cert-manager.io/cluster-issuer": "letsencrypt-prod"} if tls_secret else {}
    if cls == "nginx":
        a["nginx.ingress.kubernetes.io/proxy-body-size"] = "20m"
    a.update(ann or {})
    rules = [{"host": host, "http": {"paths": [{"backend": {"service": {"name": p[1], "port": ({"number": p[2]} if isinstance(p[2], int) else {"name": p[2]})}},
                                                "path": p[0], "pathType": "Prefix"} for p in paths]}}]
    spec = {"ingressClassName": cls, "rules": rules}
    if tls_secret:
        spec["tls"] = [{"hosts": [host], "secretName": tls_secret}]
    st = {"loadBalancer": {"ingress": [lb]}} if lb else {"loadBalancer": {}}
    o = {"metadata": ctx.meta("Ingress", ns, name, ann=a, age=age, gen=1), "spec": spec, "status": st}
    ctx.add("Ingress", o)
    return o


def db_netpols(ctx, ns, port, app_nss, sel=None):
    ports = port if isinstance(port, list) else [port]
    np(ctx, ns, "default-deny", {}, ["Ingress"], age=86400 * 120)
    np(ctx, ns, "allow-apps", sel or {}, ["Ingress"], ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": n}}} for n in app_nss],
                                                                "ports": [{"port": p, "protocol": "TCP"} for p in ports]}], age=86400 * 120)
    np(ctx, ns, "allow-intra-namespace", {}, ["Ingress"], ingress=[{"from": [{"podSelector": {}}]}], age=86400 * 120)
    np(ctx, ns, "allow-monitoring", {}, ["Ingress"], ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}]}], age=86400 * 90)


def cascade(ctx, dbkey, kind, since=None, apps=None, exclude=(), host=None, keep_age=False):
    """Clients of a broken database: APIs go unready, workers crash-loop."""
    since = since if since is not None else ctx.fault_age - 45
    d = ctx.dbs[dbkey]
    hit = []
    for w in apps or ctx.apps:
        a = w["app"]
        if dbkey not in a["uses"] or w["name"] in exclude:
            continue
        msg = client_error(ctx, d, a["lang"], kind, host=host)
        if a["role"] == "api":
            probe_msg = "Readiness probe failed: HTTP probe failed with statuscode: 503"
            w["states"] = {i: {**w["states"].get(i, {}), "s": "unready", "probe_msg": probe_msg, "since": since, "count": since // 10} for i in range(w["replicas"])}
        elif a["role"] == "worker":
            w["states"] = {i: {**w["states"].get(i, {}), "s": "crash", "log": msg, "exit": 1, "since": since, "run_for": 2 if kind != "timeout" else 31} for i in range(w["replicas"])}
        elif a["role"] == "cron":
            w["extra"]["last_fail"] = msg
        hit.append(w)
    return hit


def finalize_quotas(ctx):
    for ns, name, hard in getattr(ctx, "quotas", []):
        pods = [p for p in ctx.objs["pods"] if p["metadata"]["namespace"] == ns and p["status"].get("phase") not in ("Succeeded", "Failed")]
        cpu = mem = 0.0
        for p in pods:
            cs = p["spec"]["containers"]
            pc = sum(cpu_m(c.get("resources", {}).get("requests", {}).get("cpu", "0")) for c in cs)
            pm = sum(qty_mi(c.get("resources", {}).get("requests", {}).get("memory", "0")) for c in cs)
            for ic in p["spec"].get("initContainers", []):
                pc = max(pc, cpu_m(ic.get("resources", {}).get("requests", {}).get("cpu", "0")))
                pm = max(pm, qty_mi(ic.get("resources", {}).get("requests", {}).get("memory", "0")))
            cpu += pc
            mem += pm
        used = {}
        for k in hard:
            if k == "requests.cpu":
                used[k] = f"{int(cpu)}m" if cpu % 1000 else str(int(cpu // 1000))
            elif k == "requests.memory":
                used[k] = f"{int(mem)}Mi" if mem % 1024 else f"{int(mem // 1024)}Gi"
            elif k == "pods":
                used[k] = str(len(pods))
            elif k == "services":
                used[k] = str(sum(1 for s in ctx.objs["services"] if s["metadata"]["namespace"] == ns))
            elif k == "persistentvolumeclaims":
                used[k] = str(sum(1 for s in ctx.objs["persistentvolumeclaims"] if s["metadata"]["namespace"] == ns))
            elif k == "count/jobs.batch":
                used[k] = str(sum(1 for s in ctx.objs["jobs"] if s["metadata"]["namespace"] == ns))
        o = {"metadata": ctx.meta("ResourceQuota", ns, name, age=86400 * 100), "spec": {"hard": dict(hard)},
             "status": {"hard": dict(hard), "used": used}}
        ctx.add("ResourceQuota", o)


# ---------------------------------------------------------------------------
# incident plumbing

INCIDENTS = {}


def incident(iid, time, platform, theme, database, fault):
    def deco(fn):
        INCIDENTS[iid] = dict(id=iid, time=time, platform=platform, theme=theme, database=database, fault=fault, fn=fn)
        return fn
    return deco


def A(name, role, lang, uses=(), **kw):
    d = dict(name=name, role=role, lang=lang, uses=list(uses))
    d.update(kw)
    return d


def sched_msg(total, parts, preempt=None):
    s = ", ".join(sorted(f"{c} {r}" for c, r in parts))
    pre = preempt or f"0/{total} nodes are available: {total} Preemption is not helpful for scheduling."
    return f"0/{total} nodes are available: {s}. preemption: {pre}"


def hhmm(ctx, ago):
    t = ctx.now - dt.timedelta(seconds=ago)
    t = t - dt.timedelta(minutes=t.minute % 5, seconds=t.second)
    return t.strftime("%H:%M")


def set_truth(ctx, kind, ns, name, fault, symptom):
    ctx.truth = {"kind": kind, "namespace": ns, "name": name, "fault": fault, "symptom": symptom}


def std_noise(ctx, names):
    lb = None
    for n in names:
        if n == "monitoring":
            noise_monitoring(ctx)
        elif n == "logging":
            noise_logging(ctx)
        elif n == "ingress":
            lb = noise_ingress(ctx)
        elif n == "cert-manager":
            noise_certmanager(ctx)
        elif n == "argocd":
            noise_argocd(ctx)
        elif n == "flux":
            noise_flux(ctx)
        elif n == "velero":
            noise_velero(ctx)
        elif n == "linkerd":
            noise_linkerd(ctx)
        elif n == "metallb":
            noise_metallb(ctx)
        elif n == "rook":
            noise_rook(ctx)
        elif n == "longhorn":
            noise_longhorn(ctx)
        elif n == "cattle":
            noise_cattle(ctx)
        elif n == "ocp":
            noise_ocp(ctx)
    ctx.lb = lb
    return lb


def noise_events(ctx):
    pods = [p for p in ctx.objs["pods"] if p["status"].get("phase") == "Running" and
            all(c["status"] == "True" for c in p["status"]["conditions"] if c["type"] == "Ready")]
    k = 0
    for p in pods:
        if ctx.n(0, 17, "nev", p["metadata"]["name"]) != 0 or k >= 4:
            continue
        c = p["spec"]["containers"][0]
        rp = c.get("readinessProbe")
        if not rp or "httpGet" not in rp:
            continue
        port = rp["httpGet"]["port"]
        if isinstance(port, str):
            port = next((x["containerPort"] for x in c.get("ports", []) if x.get("name") == port), 8080)
        first = ctx.n(2400, 3500, "nevf", p["metadata"]["name"])
        ctx.ev(p, "Unhealthy", f'Readiness probe failed: Get "http://{p["status"]["podIP"]}:{port}{rp["httpGet"]["path"]}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
               "Warning", count=ctx.n(1, 3, "nevc", p["metadata"]["name"]), first=first, last=first - ctx.n(0, 60, "nevl"),
               host=p["spec"]["nodeName"], field=f"spec.containers{{{c['name']}}}")
        k += 1
    # recent job pods: normal lifecycle events
    for p in ctx.objs["pods"]:
        if p["status"].get("phase") != "Succeeded":
            continue
        age = (ctx.now - dt.datetime.strptime(p["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ")).total_seconds()
        if age > 3500:
            continue
        c = p["spec"]["containers"][0]
        ctx.ev(p, "Scheduled", f"Successfully assigned {p['metadata']['namespace']}/{p['metadata']['name']} to {p['spec']['nodeName']}",
               first=age, component="default-scheduler")
        ctx.ev(p, "Pulled", f'Container image "{c["image"]}" already present on machine', first=age - 1, host=p["spec"]["nodeName"], field=f"spec.containers{{{c['name']}}}")
        ctx.ev(p, "Created", f"Created container {c['name']}", first=age - 1, host=p["spec"]["nodeName"], field=f"spec.containers{{{c['name']}}}")
        ctx.ev(p, "Started", f"Started container {c['name']}", first=age - 2, host=p["spec"]["nodeName"], field=f"spec.containers{{{c['name']}}}")
        job = next((j for j in ctx.objs["jobs"] if j["metadata"]["uid"] == p["metadata"]["ownerReferences"][0]["uid"]), None)
        if job:
            ctx.ev(job, "SuccessfulCreate", f"Created pod: {p['metadata']['name']}", first=age, component="job-controller")
            if age > 60:
                ctx.ev(job, "Completed", "Job completed", first=age - 50, component="job-controller")


def P(ts):
    return dt.datetime.strptime(ts, "%Y-%m-%dT%H:%M:%SZ")


def _times(x, out):
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ("lastTransitionTime", "lastUpdateTime", "startedAt", "finishedAt", "startTime", "completionTime",
                     "lastScheduleTime", "lastHeartbeatTime", "lastPhaseTransitionTime") and isinstance(v, str):
                out.append(P(v))
            else:
                _times(v, out)
    elif isinstance(x, list):
        for v in x:
            _times(v, out)


def finalize_rv(ctx):
    """resourceVersions follow the time of each object's last change (etcd revisions are monotonic)."""
    objs = [o for pl in PLURALS for o in ctx.objs[pl]]
    t0 = min(P(o["metadata"]["creationTimestamp"]) for o in objs)
    children = {}
    for o in objs:
        for r in o["metadata"].get("ownerReferences", []):
            children.setdefault(r["uid"], []).append(o)
    # noise: a few objects legitimately changed in the last hours (cert renewals, dashboards, GitOps syncs)
    cands = [o for o in ctx.objs["configmaps"] + ctx.objs["secrets"] + ctx.objs["services"] + ctx.objs["networkpolicies"]
             if o["metadata"]["name"] != "kube-root-ca.crt" and not o["metadata"]["name"].startswith("sh.helm")]
    for o in cands:
        if ctx.n(0, 7, "noisemod", o["kind"], o["metadata"].get("namespace"), o["metadata"]["name"]) == 0 and "_mod" not in o["metadata"]:
            o["metadata"]["_mod"] = ctx.n(240, 4 * 3600, "nm", o["metadata"]["name"])
    last = {}

    def when(o):
        u = o["metadata"]["uid"]
        if u in last:
            return last[u]
        m = o["metadata"]
        ts = [P(m["creationTimestamp"])]
        if "_mod" in m:
            ts.append(ctx.now - dt.timedelta(seconds=m["_mod"]))
        if o["kind"] == "Event":
            ts.append(P(o["lastTimestamp"]))
        elif o["kind"] in ("Pod", "Node", "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob", "PersistentVolume"):
            _times(o.get("status", {}), ts)
            if m.get("deletionTimestamp"):
                ts.append(P(m["deletionTimestamp"]))
            if o["kind"] == "Node":
                ts = [max(ts)]
        if o["kind"] in ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob"):
            for c in children.get(u, []):
                if c["kind"] in ("Pod", "ReplicaSet", "Job"):
                    cts = []
                    _times([x for x in c.get("status", {}).get("conditions", []) if x["type"] in ("Ready", "Complete", "Failed")], cts)
                    cts.append(P(c["metadata"]["creationTimestamp"]))
                    ts.append(max(cts))
        t = min(max(ts), ctx.now)
        last[u] = t
        return t
    for o in objs:
        if o["kind"] in ("Endpoints", "EndpointSlice"):
            continue
        when(o)
    # endpoints follow their member pods
    pods_by_uid = {p["metadata"]["uid"]: p for p in ctx.objs["pods"]}
    for o in ctx.objs["endpoints"] + ctx.objs["endpointslices"]:
        ts = [P(o["metadata"]["creationTimestamp"])]
        refs = []
        if o["kind"] == "Endpoints":
            for sub in o.get("subsets", []):
                for a in sub.get("addresses", []) + sub.get("notReadyAddresses", []):
                    if "targetRef" in a:
                        refs.append(a["targetRef"]["uid"])
        else:
            refs = [e["targetRef"]["uid"] for e in (o.get("endpoints") or []) if "targetRef" in e]
        for r in refs:
            p = pods_by_uid.get(r)
            if p:
                ts.append(P(p["metadata"]["creationTimestamp"]))
                _times([c for c in p["status"].get("conditions", []) if c["type"] == "Ready"], ts)
                if p["metadata"].get("deletionTimestamp"):
                    ts.append(P(p["metadata"]["deletionTimestamp"]))
        if o["kind"] == "Endpoints" and not refs and o["metadata"]["namespace"] != "default":
            svc = ctx.get("Service", o["metadata"]["namespace"], o["metadata"]["name"])
            # a Service whose pods vanished changed when they left
            for p in ctx.objs["pods"]:
                pass
        t = min(max(ts), ctx.now)
        last[o["metadata"]["uid"]] = t
        ann = o["metadata"].get("annotations")
        if ann and "endpoints.kubernetes.io/last-change-trigger-time" in ann:
            ann["endpoints.kubernetes.io/last-change-trigger-time"] = fmt(t)
    rate = 1.0 + (int(ctx.hx("rate")[:4], 16) % 300) / 100.0
    base = 100000 + int(ctx.hx("base")[:5], 16)

    def rv_at(t, o=None):
        x = base + int((t - t0).total_seconds() * rate)
        if o is not None:
            x += int(ctx.hx("rvj", o["metadata"]["uid"])[:2], 16) % 3
        return x
    for o in objs:
        o["metadata"]["resourceVersion"] = str(rv_at(last[o["metadata"]["uid"]], o))
        o["metadata"].pop("_mod", None)
    by_uid = {o["metadata"]["uid"]: o for o in objs}
    for pv in ctx.objs["persistentvolumes"]:
        cr = pv["spec"]["claimRef"]
        pvc = by_uid.get(cr["uid"])
        if pvc:
            cr["resourceVersion"] = str(min(int(pvc["metadata"]["resourceVersion"]), rv_at(P(pvc["metadata"]["creationTimestamp"]) + dt.timedelta(seconds=2))))
    for e in ctx.objs["events"]:
        io = e["involvedObject"]
        tgt = by_uid.get(io["uid"])
        erv = int(e["metadata"]["resourceVersion"])
        first_rv = rv_at(P(e["firstTimestamp"]))
        if tgt:
            io["resourceVersion"] = str(min(int(tgt["metadata"]["resourceVersion"]), first_rv))


def finish(ctx):
    for nsobj in list(ctx.objs["namespaces"]):
        ns = nsobj["metadata"]["name"]
        sa(ctx, ns, "default", age=(ctx.now - dt.datetime.strptime(nsobj["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ")).total_seconds())
        if not ctx.get("ConfigMap", ns, "kube-root-ca.crt"):
            cm(ctx, ns, "kube-root-ca.crt", {"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIC/jCCAeagAwIBAgIBADANBgkqhkiG9w0BAQsFADAVMRMwEQYDVQQDEwprdWJl\ncm5ldGVzMB4XDTI0MDEwMTAwMDAwMFoXDTM0MDEwMTAwMDAwMFowFTETMBEGA1UE\n-----END CERTIFICATE-----\n"},
               ann={"kubernetes.io/description": "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."},
               age=(ctx.now - dt.datetime.strptime(nsobj["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ")).total_seconds() - 2)
    render_all(ctx)
    for fn in ctx.post:
        fn(ctx)
    finalize_quotas(ctx)
    noise_events(ctx)
    finalize_rv(ctx)
    finalize_nodes(ctx)


def write(ctx, outdir):
    if os.path.exists(outdir):
        shutil.rmtree(outdir)
    os.makedirs(outdir)
    for plural in PLURALS:
        items = ctx.objs[plural]
        if not items and plural in ("ingresses", "resourcequotas", "cronjobs", "networkpolicies"):
            pass
        items = sorted(items, key=lambda o: (o["metadata"].get("namespace", ""), o["metadata"]["name"]))
        if plural == "events":
            items = sorted(items, key=lambda o: (o["metadata"]["namespace"], o["lastTimestamp"], o["metadata"]["name"]))
        doc = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
        with open(os.path.join(outdir, f"{plural}.json"), "w") as f:
            json.dump(doc, f, indent=4)
            f.write("\n")
    with open(os.path.join(outdir, "snapshot_time.txt"), "w") as f:
        f.write(fmt(ctx.now) + "\n")
    with open(os.path.join(outdir, "truth.json"), "w") as f:
        json.dump(ctx.truth, f, indent=2)
        f.write("\n")


# ---------------------------------------------------------------------------
# helpers used by incidents

def find_w(ctx, ns, name):
    for w in ctx.workloads:
        if w["ns"] == ns and w["name"] == name:
            return w
    raise KeyError((ns, name))


def ecr(ctx, repo):
    return f"{ctx.n(100000000000, 999999999999, 'acct')}.dkr.ecr.{ctx.platform['region']}.amazonaws.com/{repo}"


def bump(w, image_tag=None, rs_age=None, old_replicas=0, old_states=None):
    """New rollout: keeps the previous template as the old ReplicaSet."""
    old = copy.deepcopy(w["containers"])
    if image_tag:
        for c in w["containers"][:1]:
            c["image"] = c["image"].rsplit(":", 1)[0] + ":" + image_tag
    w["extra"]["old_rs"] = [{"containers": old, "replicas": old_replicas, "states": old_states or {}, "age": w["age"] - 600}]
    if rs_age:
        w["extra"]["rs_age"] = rs_age


def recycle_pods(ctx, w, ago):
    """pods re-created recently inside the same ReplicaSet (node drain / upgrade)"""
    for i in range(w["replicas"]):
        st = w["states"].get(i, {"s": "ok"})
        st.setdefault("age", ago - ctx.n(0, 120, "rc", w["name"], i))
        w["states"][i] = st


def kill_node_with_pods(ctx, node, since, movers):
    kill_node(ctx, node, since)
    nn = node["metadata"]["name"]
    ctx.ev(node, "NodeNotReady", f"Node {nn} status is now: NodeNotReady", first=since - 40, component="node-controller")
    for w, i in movers:
        w["states"][i] = {"s": "terminating", "node": nn, "since": since, "age": w["states"].get(i, {}).get("age", w["age"] - 3600)}

    def post(ctx):
        for p in ctx.objs["pods"]:
            if p["spec"].get("nodeName") != nn or p["status"].get("phase") in ("Succeeded", "Failed"):
                continue
            ctx.ev(p, "NodeNotReady", "Node is not ready", "Warning", first=since - 40, component="node-controller")
            if "deletionTimestamp" in p["metadata"]:
                ctx.ev(p, "TaintManagerEviction", f"Marking for deletion Pod {p['metadata']['namespace']}/{p['metadata']['name']}",
                       first=since - 330, component="taint-eviction-controller")
    ctx.post.append(post)


def pvc_events_pending(ctx, ns, pvc, prov, first, extra=None):
    def post(ctx):
        o = ctx.get("PersistentVolumeClaim", ns, pvc)
        if extra:
            for reason, msg, et, comp in extra:
                ctx.ev(o, reason, msg, et, count=max(3, first // 60), first=first, last=ctx.n(5, 90, "pl", pvc), component=comp)
        ctx.ev(o, "ExternalProvisioning", f'Waiting for a volume to be created either by the external provisioner "{prov}" or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.',
               count=max(3, first // 15), first=first, last=ctx.n(2, 14, "ep", pvc), component="persistentvolume-controller")
    ctx.post.append(post)


def ing(ctx, ns, name, host, paths, prefix, cls="nginx", **kw):
    return ingress(ctx, ns, name, host, paths, tls_secret=f"{prefix}-tls", cls=cls, lb=ctx.lb, **kw)


EKS_POOLS = [dict(name="system", count=2, cpu=4, mem=16, itype="m6i.xlarge", labels={"role": "system"}),
             dict(name="apps-2024", count=4, cpu=8, mem=32, itype="m6i.2xlarge", labels={"role": "apps"})]
AKS_POOLS = [dict(name="nodepool1", count=3, cpu=4, mem=16, itype="Standard_D4ds_v5"),
             dict(name="apps", count=3, cpu=8, mem=32, itype="Standard_D8ds_v5")]
GKE_POOLS = [dict(name="default-pool", count=3, cpu=4, mem=16, itype="e2-standard-4"),
             dict(name="apps-pool", count=3, cpu=8, mem=32, itype="n2-standard-8")]
K3S_POOLS = [dict(name="k3s-server", count=1, cpu=4, mem=8, cp=True), dict(name="k3s-agent", count=3, cpu=8, mem=16)]
RKE2_POOLS = [dict(name="rke2-cp", count=3, cpu=4, mem=8, cp=True, taints=[{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoExecute"}]),
              dict(name="rke2-worker", count=4, cpu=8, mem=32)]
KUBEADM_POOLS = [dict(name="k8s-cp", count=1, cpu=4, mem=8, cp=True), dict(name="k8s-wk", count=4, cpu=8, mem=32)]
OCP_POOLS = [dict(name="master", count=3, cpu=8, mem=32, cp=True), dict(name="worker", count=4, cpu=16, mem=64)]


# ---------------------------------------------------------------------------
# incidents 01-10

@incident("k8s-h3-01", "2025-03-11T10:42:17Z", "EKS 1.30", "public-library catalogue (shelfmark)", "CloudNativePG + Bitnami Redis",
          "ingress-backend-mismatch")
def i01(ctx):
    build_platform(ctx, "eks", EKS_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "argocd", "logging"])
    add_ns(ctx, "shelfmark-db")
    pg = db_cnpg(ctx, "catalog", "shelfmark-db", "catalog-pg", "catalog", "catalog")
    rd = db_bitnami_redis(ctx, "cache", "shelfmark-db", "shelfmark-cache", replicas=2)
    db_netpols(ctx, "shelfmark-db", [5432, 6379], ["shelfmark"])
    reg = ecr(ctx, "shelfmark")
    apps = app_tier(ctx, "shelfmark", "shelfmark", [
        A("opac-frontend", "web", "node", upstream="http://catalog-api.shelfmark.svc.cluster.local:8000", replicas=3),
        A("catalog-api", "api", "python", ["catalog", "cache"], replicas=3),
        A("loans-worker", "worker", "python", ["catalog"], replicas=2, wait_for="catalog"),
        A("holds-notifier", "worker", "node", ["catalog", "cache"], replicas=1),
        A("overdue-sweep", "cron", "python", ["catalog"], schedule="15 * * * *", every=3600, phase=900)],
        {"catalog": pg, "cache": rd}, reg, "catalogue.shelfmark-library.org")
    fe = find_w(ctx, "shelfmark", "opac-frontend")
    fe["age"] = ctx.fault_age + 140
    fe["revision"] = 1
    ctx.get("Service", "shelfmark", "opac-frontend")["metadata"]["creationTimestamp"] = ctx.ts(ctx.fault_age + 130)
    ing(ctx, "shelfmark", "shelfmark-public", "catalogue.shelfmark-library.org",
        [("/", "catalog-web", 80), ("/api", "catalog-api", 8000)], "shelfmark", age=86400 * 300)
    set_truth(ctx, "Ingress", "shelfmark", "shelfmark-public", "ingress-backend-mismatch",
              f"Since about {hhmm(ctx, ctx.fault_age)} UTC every page of https://catalogue.shelfmark-library.org returns "
              f"'503 Service Temporarily Unavailable' from nginx. Calls under /api still answer. The frontend chart release "
              f"went out around the same time and the frontend pods look healthy.")


@incident("k8s-h3-02", "2025-04-02T07:18:44Z", "k3s 1.30 (3 agents)", "animal shelter adoptions (pawshelter)", "Bitnami MySQL 8.4",
          "migration-job-failed")
def i02(ctx):
    build_platform(ctx, "k3s", K3S_POOLS)
    std_noise(ctx, ["monitoring", "cert-manager", "flux", "logging", "velero"])
    add_ns(ctx, "pawshelter-data")
    my = db_bitnami_mysql(ctx, "adopt", "pawshelter-data", "pawshelter-db", "adoptions", "adoptions")
    db_netpols(ctx, "pawshelter-data", 3306, ["pawshelter"])
    reg = "ghcr.io/pawshelter-org"
    job_name = "adoption-api-migrate-412"
    apps = app_tier(ctx, "pawshelter", "pawshelter", [
        A("adoption-web", "web", "node", upstream="http://adoption-api.pawshelter.svc.cluster.local:8080", replicas=3),
        A("photo-resizer", "worker", "node", [], replicas=2),
        A("adoption-api", "api", "java", ["adopt"], replicas=2, version="4.12.0",
          init=[ctr("wait-for-migrations", "docker.io/bitnami/kubectl:1.30.6", command=["kubectl", "wait", "--for=condition=complete", f"job/{job_name}", "--timeout=-1s"],
                    req={"cpu": "10m", "memory": "32Mi"}, lim={"memory": "64Mi"})]),
        A("intake-worker", "worker", "python", ["adopt"], replicas=1),
        A("vet-reminders", "cron", "python", ["adopt"], schedule="0 6 * * *", every=86400, phase=6 * 3600, dur=80)],
        {"adopt": my}, reg, "adopt.pawshelter.org", ing_ns="kube-system")
    api = find_w(ctx, "pawshelter", "adoption-api")
    bump(api, rs_age=ctx.fault_age + 20)
    api["extra"]["strategy"] = {"type": "Recreate"}
    api["extra"]["progress"] = "deadline"
    api["states"] = {i: {"s": "init", "ctr": "wait-for-migrations", "age": ctx.fault_age + 15} for i in range(2)}
    api["extra"]["old_tag_bump"] = False
    api["extra"]["old_rs"][0]["containers"][0]["image"] = f"{reg}/adoption-api:4.11.3"
    log = ("ERROR: Migration of schema `adoptions` to version \"412 - add microchip index\" failed! Changes successfully rolled back.\n"
           "ERROR: Migration V412__add_microchip_index.sql failed\n-----------------------------------------------\n"
           "SQL State  : 42000\nError Code : 1061\nMessage    : Duplicate key name 'idx_animals_microchip'\n"
           "Location   : /flyway/sql/V412__add_microchip_index.sql (/flyway/sql/V412__add_microchip_index.sql)\nLine       : 1\n"
           "Statement  : CREATE INDEX idx_animals_microchip ON animals (microchip_id)\n")
    sa(ctx, "pawshelter", "adoption-api-migrations")
    jw = W("Job", "pawshelter", job_name, [ctr("flyway", "docker.io/flyway/flyway:10.20.1", args=["-connectRetries=10", "migrate"],
                                                  env=[env("FLYWAY_URL", f"jdbc:mysql://{my['host']}:3306/adoptions"), env("FLYWAY_USER", "adoptions"),
                                                       env("FLYWAY_PASSWORD", secret=("pawshelter-db-credentials", "ADOPT_MYSQL_PASSWORD"))],
                                                  req={"cpu": "100m", "memory": "256Mi"}, lim={"memory": "512Mi"}, tmp="FallbackToLogsOnError",
                                                  mounts=[{"name": "sql", "mountPath": "/flyway/sql"}])],
           labels={"app.kubernetes.io/name": "adoption-api", "app.kubernetes.io/component": "migrations", "app.kubernetes.io/part-of": "pawshelter"},
           sa="adoption-api-migrations", volumes=[{"name": "sql", "configMap": {"name": "adoption-api-sql-412", "defaultMode": 420}}],
           age=ctx.fault_age + 25, extra={"result": "failed", "backoff": 2, "start_ago": ctx.fault_age + 25,
                                          "states": [{"s": "failed", "log": log, "exit": 1, "dur": 9, "age": ctx.fault_age + 25 - k * 30} for k in range(3)]})
    ctx.workloads.append(jw)
    cm(ctx, "pawshelter", "adoption-api-sql-412", {"V412__add_microchip_index.sql": "CREATE INDEX idx_animals_microchip ON animals (microchip_id);\n"}, age=ctx.fault_age + 30)

    def post(ctx):
        j = ctx.get("Job", "pawshelter", job_name)
        for p in ctx.objs["pods"]:
            if p["metadata"].get("labels", {}).get("job-name") == job_name:
                ctx.ev(j, "SuccessfulCreate", f"Created pod: {p['metadata']['name']}", first=ctx.fault_age + 20, component="job-controller")
        ctx.ev(j, "BackoffLimitExceeded", "Job has reached the specified backoff limit", "Warning", first=ctx.fault_age - 60, component="job-controller")
    ctx.post.append(post)
    ingress(ctx, "pawshelter", "pawshelter", "adopt.pawshelter.org", [("/", "adoption-web", 80), ("/api", "adoption-api", 8080)],
            tls_secret="pawshelter-tls", cls="traefik", lb={"ip": ctx.nodes[0]["status"]["addresses"][0]["address"], "ipMode": "VIP"})
    set_truth(ctx, "Job", "pawshelter", job_name, "migration-job-failed",
              f"We shipped adoption-api 4.12.0 at about {hhmm(ctx, ctx.fault_age + 30)} UTC. Since then the adoption site "
              f"(adopt.pawshelter.org) shows 'Bad Gateway' for every search, and the new API pods never became ready.")


@incident("k8s-h3-03", "2025-04-17T13:05:51Z", "AKS 1.30", "municipal building permits (civicpermits)", "Bitnami PostgreSQL 16",
          "imagepullsecret-wrong-credentials")
def i03(ctx):
    build_platform(ctx, "aks", AKS_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "velero", "flux"])
    add_ns(ctx, "civicpermits-db")
    pg = db_bitnami_pg(ctx, "permits", "civicpermits-db", "permits-db", "permits", "permits")
    db_netpols(ctx, "civicpermits-db", 5432, ["civicpermits"])
    reg = "harbor.civic.example.gov/permits"
    apps = app_tier(ctx, "civicpermits", "civicpermits", [
        A("permits-portal", "web", "node", upstream="http://permits-api.civicpermits.svc.cluster.local:8000", replicas=2),
        A("permits-api", "api", "python", ["permits"], replicas=3, version="3.7.2"),
        A("inspection-scheduler", "worker", "java", ["permits"], replicas=2),
        A("expiry-notices", "cron", "python", ["permits"], schedule="*/30 * * * *", every=1800, dur=50)],
        {"permits": pg}, reg, "permits.civic.example.gov")
    for w in apps:
        w["ips"] = ["harbor-pull"]
    secret(ctx, "civicpermits", "harbor-pull", [".dockerconfigjson"], stype="kubernetes.io/dockerconfigjson",
           labels={"reconcile.external-secrets.io/created-by": ctx.hex(32, "escb")},
           ann={"reconcile.external-secrets.io/data-hash": ctx.hex(32, "dh")}, age=86400 * 200,
           owner=[ctx.cr_ref("external-secrets.io/v1beta1", "ExternalSecret", "civicpermits", "harbor-pull")])
    pull_at = ctx.fault_age + 240
    ctx.post.append(lambda c: c.get("Secret", "civicpermits", "harbor-pull")["metadata"].update({"_mod": c.fault_age + 240}))
    host = "harbor.civic.example.gov"

    def perr(image):
        repo = image.split("/", 1)[1].rsplit(":", 1)[0]
        return (f'rpc error: code = Unknown desc = failed to pull and unpack image "{image}": failed to resolve reference "{image}": '
                f'failed to authorize: failed to fetch oauth token: unexpected status from GET request to https://{host}/service/token?scope=repository%3A{repo.replace("/", "%2F")}%3Apull&service=harbor-registry: 401 Unauthorized')
    api = find_w(ctx, "civicpermits", "permits-api")
    bump(api, image_tag="3.8.0", rs_age=ctx.fault_age, old_replicas=3)
    api["extra"]["progress"] = "deadline" if ctx.fault_age > 700 else "updating"
    api["replicas"] = 1 if False else api["replicas"]
    api["extra"]["new_replicas"] = 1
    img = api["containers"][0]["image"]
    api["states"] = {0: {"s": "imagepull", "msg": perr(img), "age": ctx.fault_age}}
    api["extra"]["old_rs"][0]["states"] = {}
    worker = find_w(ctx, "civicpermits", "inspection-scheduler")
    worker["states"] = {1: {"s": "imagepull", "msg": perr(worker["containers"][0]["image"]), "age": ctx.fault_age - 600, "since": ctx.fault_age - 600}}
    cj = find_w(ctx, "civicpermits", "expiry-notices")
    cj["extra"]["run_states"] = {2: {"s": "imagepull", "msg": perr(cj["containers"][0]["image"]), "since": 600}}
    cj["extra"]["phase"] = 0
    ing(ctx, "civicpermits", "permits", "permits.civic.example.gov", [("/", "permits-portal", 80), ("/api", "permits-api", 8000)], "civicpermits")
    set_truth(ctx, "Secret", "civicpermits", "harbor-pull", "imagepullsecret-wrong-credentials",
              f"Release 3.8.0 of the permits API started rolling out at {hhmm(ctx, ctx.fault_age)} UTC and has not finished; "
              f"one of the two inspection scheduler replicas has been down since {hhmm(ctx, ctx.fault_age - 600)} and the half-hourly "
              f"expiry notices did not go out. Security rotated some robot accounts this morning.")


@incident("k8s-h3-04", "2025-05-06T16:27:09Z", "RKE2 1.30 + Longhorn", "winery cellar operations (cellarworks)", "hand-written PostgreSQL + Bitnami Redis",
          "statefulset-image-tag-not-found")
def i04(ctx):
    ctx.spec["lan"] = "10.60.4"
    build_platform(ctx, "rke2", RKE2_POOLS)
    std_noise(ctx, ["longhorn", "cattle", "monitoring", "cert-manager"])
    add_ns(ctx, "cellarworks-data")
    pg = db_hand_pg(ctx, "vintage", "cellarworks-data", "vintage-db", "cellar", "cellar", size="30Gi", mem="2Gi")
    rd = db_bitnami_redis(ctx, "cache", "cellarworks-data", "cellar-cache", replicas=2)
    reg = "registry.gitlab.com/cellarworks/platform"
    app_tier(ctx, "cellarworks", "cellarworks", [
        A("cellar-ui", "web", "node", upstream="http://barrel-api.cellarworks.svc.cluster.local:8080", replicas=2),
        A("barrel-api", "api", "go", ["vintage", "cache"], replicas=3),
        A("tasting-notes-worker", "worker", "python", ["vintage", "cache"], replicas=2),
        A("bottling-planner", "api", "java", ["vintage"], replicas=1),
        A("lot-rollup", "cron", "go", ["vintage"], schedule="*/20 * * * *", every=1200, dur=30)],
        {"vintage": pg, "cache": rd}, reg, "cellar.cellarworks.wine", ing_ns="kube-system", netpol=False)
    m = rd["w"]
    old = copy.deepcopy(m["containers"])
    m["containers"][0]["image"] = "docker.io/bitnami/redis:7.4.1-debian12-r3"
    m["extra"]["sts_update"] = {"old_containers": old, "updated": [0]}
    img = m["containers"][0]["image"]
    m["states"] = {0: {"s": "imagepull", "age": ctx.fault_age, "msg": f'rpc error: code = NotFound desc = failed to pull and unpack image "{img}": failed to resolve reference "{img}": {img}: not found'}}
    cascade(ctx, "cache", "refused")
    ing(ctx, "cellarworks", "cellar-ui", "cellar.cellarworks.wine", [("/", "cellar-ui", 80)], "cellarworks")
    set_truth(ctx, "StatefulSet", "cellarworks-data", "cellar-cache-redis-master", "statefulset-image-tag-not-found",
              f"Since roughly {hhmm(ctx, ctx.fault_age)} UTC the barrel-tracking screens in the cellar app spin and then show "
              f"'cache unavailable', and the tasting-notes worker keeps restarting. The platform team did a round of chart bumps this afternoon.")


@incident("k8s-h3-05", "2025-05-21T09:51:33Z", "EKS 1.30", "materials-science lab LIMS (alloylab)", "Crunchy PGO 5.6 (PgBouncer)",
          "csi-controller-down")
def i05(ctx):
    build_platform(ctx, "eks", [dict(name="system", count=2, cpu=2, mem=8, itype="m6i.large"),
                                dict(name="lab-r6i", count=4, cpu=4, mem=32, itype="r6i.xlarge")])
    ctx.fault_age = min(ctx.fault_age, 2700)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "velero"])
    add_ns(ctx, "alloylab-db")
    pg = db_pgo(ctx, "lims", "alloylab-db", "alloylab-pg", "lims", "lims")
    reg = ecr(ctx, "alloylab")
    app_tier(ctx, "alloylab", "alloylab", [
        A("lims-web", "web", "node", upstream="http://lims-api.alloylab.svc.cluster.local:8000", replicas=2),
        A("lims-api", "api", "python", ["lims"], replicas=2),
        A("sample-intake", "worker", "go", ["lims"], replicas=2),
        A("spectra-processor", "worker", "python", ["lims"], replicas=1)],
        {"lims": pg}, reg, "lims.alloylab.internal", quota=False)
    csi = ctx.csi_controller
    csi["replicas"] = 0
    csi["revision"] = 4
    sp = find_w(ctx, "alloylab", "spectra-processor")
    sp["age"] = ctx.fault_age - 300
    sp["revision"] = 1
    sp["volumes"] = [{"name": "scratch", "persistentVolumeClaim": {"claimName": "spectra-scratch"}}]
    sp["containers"][0]["volumeMounts"] = [{"name": "scratch", "mountPath": "/scratch"}]
    wait = 'running PreBind plugin "VolumeBinding": binding volumes: context deadline exceeded'
    sp["states"] = {0: {"s": "pending", "preason": "SchedulerError", "msg": wait, "since": ctx.fault_age - 300, "count": 4, "age": ctx.fault_age - 300}}
    selnode = ctx.nodes[3]["metadata"]["name"]
    make_pvc(ctx, "alloylab", "spectra-scratch", "200Gi", "gp3", node=selnode, age=ctx.fault_age - 300, bound=False,
             labels={"app.kubernetes.io/name": "spectra-processor"})
    pvc_events_pending(ctx, "alloylab", "spectra-scratch", "ebs.csi.aws.com", ctx.fault_age - 300)
    # third Postgres instance requested by the DBAs
    base = next(w for w in ctx.workloads if w["ns"] == "alloylab-db" and w["kind"] == "StatefulSet")
    nw = copy.deepcopy(base)
    nw["name"] = f"alloylab-pg-instance1-{ctx.sfx(4, 'pgo', 9)}"
    nw["labels"] = {**nw["labels"], "postgres-operator.crunchydata.com/instance": nw["name"], "postgres-operator.crunchydata.com/role": "replica"}
    nw["sel"] = {**nw["sel"], "postgres-operator.crunchydata.com/instance": nw["name"]}
    nw["age"] = ctx.fault_age - 900
    nw["extra"]["pvc_age"] = ctx.fault_age - 900
    node2 = ctx.nodes[4]["metadata"]["name"]
    nw["states"] = {0: {"s": "pending", "preason": "SchedulerError", "msg": wait, "since": ctx.fault_age - 900, "count": 3,
                        "age": ctx.fault_age - 900, "pvc_pending": True, "pv_node": node2}}
    ctx.workloads.append(nw)
    pvc_events_pending(ctx, "alloylab-db", f"postgres-data-{nw['name']}-0", "ebs.csi.aws.com", ctx.fault_age - 900)

    def post(ctx):
        d = ctx.get("Deployment", "kube-system", "ebs-csi-controller")
        rs = [r for r in ctx.objs["replicasets"] if r["metadata"]["ownerReferences"][0]["uid"] == d["metadata"]["uid"]][-1]
        ctx.ev(d, "ScalingReplicaSet", f"Scaled down replica set {rs['metadata']['name']} to 0 from 2", first=ctx.fault_age, component="deployment-controller")
        ctx.ev(rs, "SuccessfulDelete", f"Deleted pod: {rs['metadata']['name']}-{ctx.sfx(5, 'csid', 1)}", first=ctx.fault_age, component="replicaset-controller")
        ctx.ev(rs, "SuccessfulDelete", f"Deleted pod: {rs['metadata']['name']}-{ctx.sfx(5, 'csid', 2)}", first=ctx.fault_age, component="replicaset-controller")
    ctx.post.append(post)
    ing(ctx, "alloylab", "lims", "lims.alloylab.internal", [("/", "lims-web", 80)], "alloylab")
    set_truth(ctx, "Deployment", "kube-system", "ebs-csi-controller", "csi-controller-down",
              f"The new spectra processor we deployed at about {hhmm(ctx, ctx.fault_age - 300)} UTC is stuck Pending, and the extra "
              f"Postgres replica the DBAs added at {hhmm(ctx, ctx.fault_age - 900)} never came up either. Existing LIMS services are fine. "
              f"Someone was working on EKS add-ons this morning.")


@incident("k8s-h3-06", "2025-06-03T14:12:40Z", "GKE 1.30 (Dataplane V2)", "real-estate listings (homefront)", "Bitnami MongoDB 7 replica set + Bitnami Redis",
          "pvc-rwx-on-block-storage")
def i06(ctx):
    ctx.spec["cluster"] = "homefront-prod"
    build_platform(ctx, "gke", GKE_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "argocd"])
    add_ns(ctx, "homefront-db")
    mg = db_bitnami_mongo(ctx, "listings", "homefront-db", "listings", "listings", "listings")
    rd = db_bitnami_redis(ctx, "cache", "homefront-db", "homefront-cache", replicas=1)
    db_netpols(ctx, "homefront-db", [27017, 6379], ["homefront"])
    reg = f"europe-west1-docker.pkg.dev/{ctx.platform['project']}/homefront"
    app_tier(ctx, "homefront", "homefront", [
        A("listing-web", "web", "node", upstream="http://listing-api.homefront.svc.cluster.local:3000", replicas=3),
        A("listing-api", "api", "node", ["listings", "cache"], replicas=3),
        A("valuation-worker", "worker", "python", ["listings"], replicas=2),
        A("listing-media", "api", "python", ["listings"], replicas=2),
        A("sitemap-builder", "cron", "node", ["listings"], schedule="0 */2 * * *", every=7200, dur=90)],
        {"listings": mg, "cache": rd}, reg, "www.homefront-homes.com")
    lm = find_w(ctx, "homefront", "listing-media")
    lm["age"] = ctx.fault_age
    lm["revision"] = 1
    lm["volumes"] = [{"name": "uploads", "persistentVolumeClaim": {"claimName": "listing-media-uploads"}}]
    lm["containers"][0]["volumeMounts"] = [{"name": "uploads", "mountPath": "/srv/uploads"}]
    msg = 'running PreBind plugin "VolumeBinding": binding volumes: provisioning failed for PVC "listing-media-uploads"'
    lm["states"] = {i: {"s": "pending", "preason": "SchedulerError", "msg": msg, "since": ctx.fault_age - 10, "count": 6 + i, "age": ctx.fault_age - 5} for i in range(2)}
    make_pvc(ctx, "homefront", "listing-media-uploads", "200Gi", "standard-rwo", access=("ReadWriteMany",), node=ctx.nodes[4]["metadata"]["name"],
             age=ctx.fault_age, bound=False, labels={"app.kubernetes.io/name": "listing-media", "app.kubernetes.io/part-of": "homefront"})
    comp = f"pd.csi.storage.gke.io_gke-{ctx.hex(20, 'gkem')}-{ctx.hex(4, 'gkem2')}-vm_{ctx.uid('pdp')}"
    pvc_events_pending(ctx, "homefront", "listing-media-uploads", "pd.csi.storage.gke.io", ctx.fault_age, extra=[
        ("Provisioning", 'External provisioner is provisioning volume for claim "homefront/listing-media-uploads"', "Normal", comp),
        ("ProvisioningFailed", 'failed to provision volume with StorageClass "standard-rwo": rpc error: code = InvalidArgument desc = VolumeCapabilities is invalid: specified multi writer with mount access type', "Warning", comp)])
    ing(ctx, "homefront", "homefront", "www.homefront-homes.com", [("/", "listing-web", 80), ("/media", "listing-media", 8000), ("/api", "listing-api", 3000)], "homefront")
    set_truth(ctx, "PersistentVolumeClaim", "homefront", "listing-media-uploads", "pvc-rwx-on-block-storage",
              f"Agents cannot upload listing photos: since the new media service went live at about {hhmm(ctx, ctx.fault_age)} UTC "
              f"every upload on www.homefront-homes.com/media returns 503. Browsing listings still works.")


@incident("k8s-h3-07", "2025-06-19T08:36:02Z", "kubeadm 1.31 bare metal + Rook-Ceph", "museum collections management (curio)", "hand-written PostgreSQL 16 StatefulSet",
          "volume-full")
def i07(ctx):
    ctx.spec.update({"lan": "10.12.40", "storage": "ceph"})
    build_platform(ctx, "kubeadm", KUBEADM_POOLS)
    std_noise(ctx, ["metallb", "rook", "ingress", "monitoring", "cert-manager"])
    add_ns(ctx, "curio-data")
    pg = db_hand_pg(ctx, "collections", "curio-data", "collections-db", "curio", "collections", size="50Gi")
    db_netpols(ctx, "curio-data", 5432, ["curio"])
    reg = "harbor.curio-museum.lan/curio"
    app_tier(ctx, "curio", "curio", [
        A("collections-web", "web", "node", upstream="http://collections-api.curio.svc.cluster.local:8080", replicas=2),
        A("collections-api", "api", "java", ["collections"], replicas=2),
        A("image-ingest", "worker", "python", ["collections"], replicas=2),
        A("loan-agreements", "cron", "python", ["collections"], schedule="5 * * * *", every=3600, phase=300)],
        {"collections": pg}, reg, "collections.curio-museum.lan")
    log = ("{T0}.118 UTC [1] LOG:  starting PostgreSQL 16.4 (Debian 16.4-1.pgdg120+2) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit\n"
           "{T0}.118 UTC [1] LOG:  listening on IPv4 address \"0.0.0.0\", port 5432\n"
           "{T0}.124 UTC [29] LOG:  database system was interrupted; last known up at {TF} UTC\n"
           "{T0}.301 UTC [29] LOG:  database system was not properly shut down; automatic recovery in progress\n"
           "{T0}.309 UTC [29] LOG:  redo starts at 1F/9C2D41B8\n"
           "{T0}.877 UTC [29] FATAL:  could not write to file \"pg_wal/xlogtemp.29\": No space left on device\n"
           "{T0}.881 UTC [1] LOG:  startup process (PID 29) exited with exit code 1\n"
           "{T0}.881 UTC [1] LOG:  aborting startup due to startup process failure\n"
           "{T0}.884 UTC [1] LOG:  database system is shut down\n")
    pg["w"]["states"] = {0: {"s": "crash", "log": log, "exit": 1, "since": ctx.fault_age, "run_for": 3}}
    cascade(ctx, "collections", "refused")
    ing(ctx, "curio", "collections", "collections.curio-museum.lan", [("/", "collections-web", 80), ("/api", "collections-api", 8080)], "curio")
    set_truth(ctx, "PersistentVolumeClaim", "curio-data", "data-collections-db-0", "volume-full",
              f"Since about {hhmm(ctx, ctx.fault_age)} UTC the curators' collection search shows 'database unavailable' and the image "
              f"ingestion workers keep restarting. The overnight bulk import of the photo archive ran until early this morning.")


@incident("k8s-h3-08", "2025-07-08T11:09:26Z", "k3s 1.30 (local-path storage)", "genealogy records archive (rootsarchive)", "Bitnami MariaDB 11.4",
          "pv-node-affinity-to-removed-node")
def i08(ctx):
    ctx.spec["lan"] = "192.168.88"
    build_platform(ctx, "k3s", [dict(name="k3s-server", count=1, cpu=4, mem=8, cp=True), dict(name="k3s-agent", count=3, cpu=8, mem=16)])
    n3 = ctx.nodes[3]
    # k3s-agent-3 was replaced by k3s-agent-4 two days ago
    old = n3["metadata"]["name"]
    del ctx.index[("Node", "", old)]
    n3["metadata"]["name"] = "k3s-agent-4"
    n3["metadata"]["labels"]["kubernetes.io/hostname"] = "k3s-agent-4"
    n3["metadata"]["uid"] = ctx.uid("Node", "", "k3s-agent-4")
    n3["metadata"]["creationTimestamp"] = ctx.ts(86400 * 2 + 3000)
    n3["metadata"]["annotations"]["k3s.io/hostname"] = "k3s-agent-4"
    for a in n3["status"]["addresses"]:
        if a["type"] == "Hostname":
            a["address"] = "k3s-agent-4"
    n3["_age"] = 86400 * 2 + 3000
    n3["_boot"] = 86400 * 2 + 3100
    ctx.index[("Node", "", "k3s-agent-4")] = n3
    std_noise(ctx, ["monitoring", "cert-manager", "argocd", "logging", "velero"])
    add_ns(ctx, "rootsarchive-data")
    db = db_bitnami_mysql(ctx, "records", "rootsarchive-data", "roots-db", "roots", "records", engine="mariadb", version="11.4.4", size="40Gi")
    reg = "ghcr.io/rootsarchive"
    app_tier(ctx, "rootsarchive", "rootsarchive", [
        A("tree-web", "web", "php", upstream="http://records-api.rootsarchive.svc.cluster.local:9000", replicas=3, port=8080),
        A("records-api", "api", "php", ["records"], replicas=3),
        A("gedcom-importer", "worker", "python", ["records"], replicas=2),
        A("census-ocr", "worker", "python", [], replicas=2),
        A("dna-match-worker", "worker", "go", ["records"], replicas=1)],
        {"records": db}, reg, "tree.rootsarchive.net", ing_ns="kube-system", quota=False)
    dead = "k3s-agent-3"
    msg = sched_msg(4, [(4, "node(s) had volume node affinity conflict")])
    db["w"]["states"] = {0: {"s": "pending", "msg": msg, "since": 86400 * 2 + 3300 if False else ctx.fault_age, "count": ctx.fault_age // 60,
                             "age": ctx.fault_age, "pv_node": dead}}
    cascade(ctx, "records", "refused")
    ingress(ctx, "rootsarchive", "rootsarchive", "tree.rootsarchive.net", [("/", "tree-web", 80)], tls_secret="rootsarchive-tls", cls="traefik",
            lb={"ip": ctx.nodes[0]["status"]["addresses"][0]["address"], "ipMode": "VIP"})

    def post(ctx):
        pvc = ctx.get("PersistentVolumeClaim", "rootsarchive-data", "data-roots-db-mariadb-0")
        ctx.truth["name"] = pvc["spec"]["volumeName"]
    ctx.post.append(post)
    set_truth(ctx, "PersistentVolume", "", "?", "pv-node-affinity-to-removed-node",
              f"Family-tree search on tree.rootsarchive.net has shown a database connection error since about {hhmm(ctx, ctx.fault_age)} UTC. "
              f"We did some VM maintenance on the home-lab cluster over the last couple of days.")


@incident("k8s-h3-09", "2025-07-24T05:47:58Z", "AKS 1.30 (dedicated DB pool)", "weather forecasting (nimbus)", "Bitnami PostgreSQL 16 + Bitnami Redis",
          "node-not-ready")
def i09(ctx):
    build_platform(ctx, "aks", [dict(name="nodepool1", count=3, cpu=4, mem=16, itype="Standard_D4ds_v5"),
                                dict(name="dbpool", count=2, cpu=8, mem=64, itype="Standard_E8ds_v5", labels={"workload": "database"}),
                                dict(name="apps", count=3, cpu=8, mem=32, itype="Standard_D8ds_v5")])
    std_noise(ctx, ["monitoring", "ingress", "velero", "cert-manager"])
    add_ns(ctx, "nimbus-data")
    pg = db_bitnami_pg(ctx, "forecast", "nimbus-data", "forecast-db", "nimbus", "forecast", size="100Gi", mem="8Gi")
    pg["w"]["node_sel"] = {"workload": "database"}
    rd = db_bitnami_redis(ctx, "cache", "nimbus-data", "nimbus-cache", replicas=1)
    reg = "nimbusweather.azurecr.io/nimbus"
    app_tier(ctx, "nimbus", "nimbus", [
        A("forecast-web", "web", "node", upstream="http://forecast-api.nimbus.svc.cluster.local:8080", replicas=2),
        A("forecast-api", "api", "go", ["forecast", "cache"], replicas=3),
        A("model-run-worker", "worker", "python", ["forecast"], replicas=3),
        A("station-ingest", "worker", "go", ["forecast"], replicas=2),
        A("radar-tiles", "cron", "python", ["forecast"], schedule="*/10 * * * *", every=600, dur=60)],
        {"forecast": pg, "cache": rd}, reg, "api.nimbus-weather.eu")
    dead = next(n for n in ctx.nodes if n["metadata"]["labels"].get("agentpool") == "dbpool" and n["metadata"]["name"].endswith("1"))
    pg["w"]["states"] = {0: {"s": "terminating", "node": dead["metadata"]["name"], "since": ctx.fault_age}}
    kill_node_with_pods(ctx, dead, ctx.fault_age, [])
    cascade(ctx, "forecast", "refused", exclude=())
    ing(ctx, "nimbus", "nimbus", "api.nimbus-weather.eu", [("/", "forecast-web", 80), ("/v1", "forecast-api", 8080)], "nimbus")
    set_truth(ctx, "Node", "", dead["metadata"]["name"], "node-not-ready",
              f"The public forecast API has returned 503s since about {hhmm(ctx, ctx.fault_age)} UTC and the model-run workers are crash-looping; "
              f"the 06:00 forecast run is at risk.")


@incident("k8s-h3-10", "2025-08-12T18:03:14Z", "OpenShift 4.16 (on vSphere)", "translation & localisation service (lingua)", "Bitnami PostgreSQL + Bitnami Redis",
          "node-not-ready")
def i10(ctx):
    ctx.spec.update({"domain": ".ocp4.lingua.lab", "lan": "10.40.8"})
    build_platform(ctx, "openshift", OCP_POOLS)
    std_noise(ctx, ["ocp"])
    add_ns(ctx, "lingua-data")
    pg = db_bitnami_pg(ctx, "tm", "lingua-data", "tm-db", "lingua", "tm", size="60Gi")
    rd = db_bitnami_redis(ctx, "segcache", "lingua-data", "lingua-cache", replicas=2)
    reg = "quay.lingua.lab/lingua"
    app_tier(ctx, "lingua", "lingua", [
        A("editor-web", "web", "node", upstream="http://segments-api.lingua.svc.cluster.local:8080", replicas=2),
        A("segments-api", "api", "java", ["tm", "segcache"], replicas=3),
        A("pretranslate-worker", "worker", "python", ["tm", "segcache"], replicas=3),
        A("glossary-api", "api", "go", ["tm"], replicas=2),
        A("tm-compaction", "cron", "python", ["tm"], schedule="30 */4 * * *", every=14400, phase=1800, dur=300)],
        {"tm": pg, "segcache": rd}, reg, "lingua.apps.ocp4.lingua.lab", ing_ns="openshift-ingress")
    dead = next(n for n in ctx.nodes if n["metadata"]["name"].startswith("worker-2"))
    rd["w"]["states"] = {0: {"s": "terminating", "node": dead["metadata"]["name"], "since": ctx.fault_age}}
    g = find_w(ctx, "lingua", "glossary-api")
    kill_node_with_pods(ctx, dead, ctx.fault_age, [(g, 0)])
    cascade(ctx, "segcache", "refused")
    set_truth(ctx, "Node", "", dead["metadata"]["name"], "node-not-ready",
              f"Translators report that since about {hhmm(ctx, ctx.fault_age)} UTC the editor shows 'segment cache unavailable' "
              f"and pre-translation jobs are not progressing; the pretranslate workers restart constantly.")


# ---------------------------------------------------------------------------
# incidents 11-20

@incident("k8s-h3-11", "2025-08-27T21:14:45Z", "RKE2 1.30 + Longhorn (tainted DB nodes)", "observatory telescope scheduling (skyqueue)", "Bitnami PostgreSQL 16",
          "statefulset-lost-toleration")
def i11(ctx):
    ctx.spec["lan"] = "172.22.5"
    build_platform(ctx, "rke2", [RKE2_POOLS[0], dict(name="rke2-worker", count=3, cpu=8, mem=32),
                                 dict(name="rke2-db", count=2, cpu=8, mem=64, labels={"node-pool": "database"},
                                      taints=[{"key": "dedicated", "value": "database", "effect": "NoSchedule"}])])
    std_noise(ctx, ["longhorn", "cattle", "monitoring"])
    add_ns(ctx, "skyqueue-data")
    pg = db_bitnami_pg(ctx, "sched", "skyqueue-data", "skyqueue-db", "skyqueue", "observing", size="40Gi", mem="4Gi")
    w = pg["w"]
    w["node_sel"] = {"node-pool": "database"}
    old = copy.deepcopy(w["containers"])
    w["containers"][0]["resources"] = {"limits": {"cpu": "4", "memory": "8Gi"}, "requests": {"cpu": "1", "memory": "8Gi"}}
    w["tolerations"] = []
    w["extra"]["sts_update"] = {"old_containers": old, "updated": [0]}
    w["revision"] = 7
    msg = sched_msg(8, [(2, "node(s) had untolerated taint {dedicated: database}"), (3, "node(s) didn't match Pod's node affinity/selector"),
                        (3, "node(s) had untolerated taint {CriticalAddonsOnly: true}")])
    w["states"] = {0: {"s": "pending", "msg": msg, "since": ctx.fault_age, "count": ctx.fault_age // 60, "age": ctx.fault_age}}
    reg = "harbor.obs.example.org/skyqueue"
    app_tier(ctx, "skyqueue", "skyqueue", [
        A("queue-web", "web", "node", upstream="http://proposals-api.skyqueue.svc.cluster.local:8000", replicas=2),
        A("proposals-api", "api", "python", ["sched"], replicas=2),
        A("night-planner", "worker", "python", ["sched"], replicas=1),
        A("weather-gate", "worker", "go", ["sched"], replicas=1),
        A("ephemeris-refresh", "cron", "python", ["sched"], schedule="0 * * * *", every=3600, dur=70)],
        {"sched": pg}, reg, "queue.obs.example.org", ing_ns="kube-system")
    cascade(ctx, "sched", "refused")
    ing(ctx, "skyqueue", "skyqueue", "queue.obs.example.org", [("/", "queue-web", 80)], "skyqueue")

    def post(ctx):
        o = ctx.get("StatefulSet", "skyqueue-data", "skyqueue-db-postgresql")
        ctx.ev(o, "SuccessfulDelete", "delete Pod skyqueue-db-postgresql-0 in StatefulSet skyqueue-db-postgresql successful", first=ctx.fault_age + 40,
               component="statefulset-controller")
        ctx.ev(o, "SuccessfulCreate", "create Pod skyqueue-db-postgresql-0 in StatefulSet skyqueue-db-postgresql successful", first=ctx.fault_age,
               component="statefulset-controller")
    ctx.post.append(post)
    set_truth(ctx, "StatefulSet", "skyqueue-data", "skyqueue-db-postgresql", "statefulset-lost-toleration",
              f"Tonight's observing queue is frozen: since about {hhmm(ctx, ctx.fault_age)} UTC the proposal pages error out and the night planner "
              f"keeps restarting. The DBA bumped the database memory through the chart values just before that.")


@incident("k8s-h3-12", "2025-09-09T12:31:20Z", "GKE 1.30", "construction project site logs (buildtrack)", "CloudNativePG 1.24",
          "required-anti-affinity-blocks-rollout")
def i12(ctx):
    ctx.spec["cluster"] = "buildtrack"
    build_platform(ctx, "gke", GKE_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "flux", "logging"])
    add_ns(ctx, "buildtrack-db")
    pg = db_cnpg(ctx, "site", "buildtrack-db", "buildtrack-pg", "buildtrack", "buildtrack")
    reg = f"europe-west1-docker.pkg.dev/{ctx.platform['project']}/buildtrack"
    app_tier(ctx, "buildtrack", "buildtrack", [
        A("buildtrack-web", "web", "node", upstream="http://site-diary-api.buildtrack.svc.cluster.local:8080", replicas=2),
        A("site-diary-api", "api", "java", ["site"], replicas=3, version="2.13.4"),
        A("rfi-worker", "worker", "python", ["site"], replicas=2),
        A("drawing-indexer", "worker", "go", ["site"], replicas=1),
        A("daily-report", "cron", "python", ["site"], schedule="0 18 * * *", every=86400, phase=18 * 3600, dur=120)],
        {"site": pg}, reg, "app.buildtrack.io")
    api = find_w(ctx, "buildtrack", "site-diary-api")
    api["node_sel"] = {"cloud.google.com/gke-nodepool": "apps-pool"}
    api["affinity"] = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": {"app.kubernetes.io/name": "site-diary-api"}}, "topologyKey": "kubernetes.io/hostname"}]}}
    api["extra"]["strategy"] = {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1, "maxUnavailable": 0}}
    bump(api, image_tag="2.14.0", rs_age=ctx.fault_age, old_replicas=3)
    api["labels"]["app.kubernetes.io/version"] = "2.14.0"
    api["extra"]["old_rs"][0]["containers"][0]["image"] = api["containers"][0]["image"].replace("2.14.0", "2.13.4")
    api["extra"]["new_replicas"] = 1
    api["extra"]["progress"] = "deadline"
    msg = sched_msg(6, [(3, "node(s) didn't match Pod's node affinity/selector"), (3, "node(s) didn't match pod anti-affinity rules")],
                    preempt="0/6 nodes are available: 3 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.")
    api["states"] = {0: {"s": "pending", "msg": msg, "since": ctx.fault_age, "count": ctx.fault_age // 30, "age": ctx.fault_age}}

    def post(ctx):
        d = ctx.get("Deployment", "buildtrack", "site-diary-api")
        rss = [r for r in ctx.objs["replicasets"] if r["metadata"]["ownerReferences"][0]["uid"] == d["metadata"]["uid"]]
        new = max(rss, key=lambda r: int(r["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
        ctx.ev(d, "ScalingReplicaSet", f"Scaled up replica set {new['metadata']['name']} to 1", first=ctx.fault_age, component="deployment-controller")
    ctx.post.append(post)
    ing(ctx, "buildtrack", "buildtrack", "app.buildtrack.io", [("/", "buildtrack-web", 80), ("/api", "site-diary-api", 8080)], "buildtrack")
    set_truth(ctx, "Deployment", "buildtrack", "site-diary-api", "required-anti-affinity-blocks-rollout",
              f"Release 2.14 of the daily site-log backend was pushed at {hhmm(ctx, ctx.fault_age)} UTC. The CD pipeline timed out waiting for "
              f"the rollout and buildtrack.io still serves 2.13 - foremen can't see the new weather-delay field.")


@incident("k8s-h3-13", "2025-09-23T15:58:37Z", "RKE2 1.30 + Longhorn", "law-firm case management (casefile)", "Bitnami MySQL 8.4 + Bitnami Redis",
          "oomkilled-memory-limit")
def i13(ctx):
    ctx.spec["lan"] = "10.88.2"
    build_platform(ctx, "rke2", RKE2_POOLS)
    std_noise(ctx, ["longhorn", "cattle", "monitoring", "velero"])
    add_ns(ctx, "casefile-data")
    my = db_bitnami_mysql(ctx, "cases", "casefile-data", "casefile-db", "casefile", "cases")
    rd = db_bitnami_redis(ctx, "cache", "casefile-data", "casefile-cache", replicas=1, mem="256Mi")
    reg = "registry.casefile-legal.internal/casefile"
    app_tier(ctx, "casefile", "casefile", [
        A("casefile-web", "web", "php", upstream="http://matters-api.casefile.svc.cluster.local:9000", replicas=2, port=8080),
        A("matters-api", "api", "php", ["cases", "cache"], replicas=3),
        A("doc-search", "api", "java", ["cases", "cache"], replicas=2),
        A("deadline-reminder", "worker", "python", ["cases", "cache"], replicas=1),
        A("billing-export", "cron", "python", ["cases"], schedule="0 */6 * * *", every=21600, dur=200)],
        {"cases": my, "cache": rd}, reg, "casefile.firm.internal", ing_ns="kube-system")
    rd["w"]["states"] = {0: {"s": "oom", "since": ctx.fault_age, "run_for": 38, "age": 86400 * 9}}
    rd["replicas_w"]["states"] = {0: {"s": "unready", "since": ctx.fault_age, "probe_msg": "Readiness probe failed: Error 111 connecting to casefile-cache-redis-master-0.casefile-cache-redis-headless.casefile-data.svc.cluster.local:6379. Connection refused."}}
    cascade(ctx, "cache", "refused")
    ing(ctx, "casefile", "casefile", "casefile.firm.internal", [("/", "casefile-web", 80)], "casefile")
    set_truth(ctx, "StatefulSet", "casefile-data", "casefile-cache-redis-master", "oomkilled-memory-limit",
              f"Since about {hhmm(ctx, ctx.fault_age)} UTC document search in the case-management system returns errors and matter pages "
              f"load without their sidebars; the deadline-reminder worker keeps restarting.")


@incident("k8s-h3-14", "2025-10-07T19:22:05Z", "EKS 1.30", "survey & polling platform (pollster)", "Bitnami PostgreSQL 16",
          "liveness-probe-kills-database")
def i14(ctx):
    build_platform(ctx, "eks", EKS_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "argocd"])
    add_ns(ctx, "pollster-data")
    pg = db_bitnami_pg(ctx, "resp", "pollster-data", "survey-db", "pollster", "responses", size="200Gi", mem="8Gi")
    w = pg["w"]
    w["containers"][0]["livenessProbe"] = exec_probe(pg_isready("pollster", "responses"), period=5, fail=2, delay=10, timeout=1)
    w["revision"] = 5
    w["containers"][0]["readinessProbe"]["timeoutSeconds"] = 1
    cmd = " ".join(w["containers"][0]["livenessProbe"]["exec"]["command"])
    q = json.dumps(cmd)
    w["states"] = {0: {"s": "liveness", "now_running": 35, "since": ctx.fault_age, "probe_msg": f"Liveness probe failed: command {q} timed out",
                       "exit": 137, "reason": "Error", "run_for": 70, "age": 86400 * 6}}
    db_netpols(ctx, "pollster-data", 5432, ["pollster"])
    reg = ecr(ctx, "pollster")
    app_tier(ctx, "pollster", "pollster", [
        A("survey-web", "web", "node", upstream="http://responses-api.pollster.svc.cluster.local:3000", replicas=3),
        A("responses-api", "api", "node", ["resp"], replicas=4),
        A("results-exporter", "worker", "python", ["resp"], replicas=2),
        A("panel-sync", "worker", "go", ["resp"], replicas=1),
        A("quota-recalc", "cron", "python", ["resp"], schedule="*/15 * * * *", every=900, dur=40)],
        {"resp": pg}, reg, "take.pollster.app")
    cascade(ctx, "resp", "refused")

    def post(ctx):
        p = ctx.get("Pod", "pollster-data", "survey-db-postgresql-0")
        ctx.ev(p, "Unhealthy", "Readiness probe failed: 127.0.0.1:5432 - rejecting connections\n", "Warning", count=40, first=ctx.fault_age - 20,
               last=12, host=p["spec"]["nodeName"], field="spec.containers{postgresql}")
    ctx.post.append(post)
    ing(ctx, "pollster", "pollster", "take.pollster.app", [("/", "survey-web", 80), ("/api", "responses-api", 3000)], "pollster")
    set_truth(ctx, "StatefulSet", "pollster-data", "survey-db-postgresql", "liveness-probe-kills-database",
              f"Since around {hhmm(ctx, ctx.fault_age)} UTC - right when the big customer survey closed and the results export kicked off - "
              f"respondents see 'something went wrong' and the survey database keeps restarting every few minutes.")


@incident("k8s-h3-15", "2025-10-21T06:44:51Z", "kubeadm 1.31 bare metal + Longhorn", "GIS map tile service (tilecraft)", "hand-written PostGIS StatefulSet",
          "startup-probe-too-short")
def i15(ctx):
    ctx.spec.update({"lan": "10.30.1", "storage": "lh", "os": "Debian GNU/Linux 12 (bookworm)"})
    build_platform(ctx, "kubeadm", [dict(name="k8s-cp", count=1, cpu=4, mem=8, cp=True), dict(name="k8s-wk", count=5, cpu=16, mem=64)])
    std_noise(ctx, ["metallb", "longhorn", "ingress", "monitoring"])
    add_ns(ctx, "tilecraft-data")
    pg = db_hand_pg(ctx, "gis", "tilecraft-data", "postgis", "tilecraft", "gis", image="docker.io/postgis/postgis:16-3.4", size="300Gi", mem="16Gi")
    w = pg["w"]
    w["containers"][0]["name"] = "postgis"
    w["containers"][0]["startupProbe"] = exec_probe(["pg_isready", "-h", "127.0.0.1", "-U", "tilecraft", "-d", "gis"], period=5, fail=6, timeout=2)
    node = ctx.nodes[3]
    node["_boot"] = ctx.fault_age + 200
    for c in node["status"]["conditions"]:
        c["lastTransitionTime"] = ctx.ts(ctx.fault_age + 150)
    w["extra"]["nodes"] = [node["metadata"]["name"]]
    w["states"] = {0: {"s": "startup", "since": ctx.fault_age, "probe_msg": "Startup probe failed: 127.0.0.1:5432 - rejecting connections\n",
                       "exit": 0, "reason": "Completed", "run_for": 31, "fth": 6, "age": ctx.fault_age + 100}}
    reg = "registry.tilecraft.lan/gis"
    app_tier(ctx, "tilecraft", "tilecraft", [
        A("map-viewer", "web", "node", upstream="http://tile-server.tilecraft.svc.cluster.local:8080", replicas=2),
        A("tile-server", "api", "go", ["gis"], replicas=3),
        A("tile-renderer", "worker", "python", ["gis"], replicas=4),
        A("parcel-import", "cron", "python", ["gis"], schedule="30 2 * * *", every=86400, phase=9000, dur=900)],
        {"gis": pg}, reg, "maps.tilecraft.lan")
    cascade(ctx, "gis", "refused")
    ctx.ev(node, "Rebooted", f"Node {node['metadata']['name']} has been rebooted, boot id: {ctx.uid('boot', node['metadata']['name'])}", "Warning",
           first=ctx.fault_age + 160, host=node["metadata"]["name"])
    ctx.ev(node, "NodeReady", f"Node {node['metadata']['name']} status is now: NodeReady", first=ctx.fault_age + 150, host=node["metadata"]["name"])
    ing(ctx, "tilecraft", "tilecraft", "maps.tilecraft.lan", [("/", "map-viewer", 80), ("/tiles", "tile-server", 8080)], "tilecraft")
    set_truth(ctx, "StatefulSet", "tilecraft-data", "postgis", "startup-probe-too-short",
              f"Map tiles for the planning portal have failed since about {hhmm(ctx, ctx.fault_age)} UTC, shortly after one of the storage "
              f"nodes was rebooted for kernel patching. The tile renderers log that the database is unavailable.")


@incident("k8s-h3-16", "2025-11-04T10:05:39Z", "OpenShift 4.16 (bare metal)", "seed bank inventory (seedvault)", "hand-written MongoDB 7 StatefulSet",
          "service-selector-mismatch")
def i16(ctx):
    ctx.spec.update({"domain": ".ocp.seedvault.org", "lan": "10.77.0"})
    build_platform(ctx, "openshift", [dict(name="master", count=3, cpu=8, mem=32, cp=True), dict(name="worker", count=3, cpu=16, mem=64)])
    std_noise(ctx, ["ocp"])
    add_ns(ctx, "seedvault-data")
    mg = db_hand_mongo(ctx, "inv", "seedvault-data", "seedvault-mongo", "seedvault", "inventory")
    svc = ctx.get("Service", "seedvault-data", "seedvault-mongo-client")
    svc["spec"]["selector"] = {"app": "seedvault-mongodb"}
    svc["metadata"]["annotations"] = {"kubectl.kubernetes.io/last-applied-configuration": json.dumps({"apiVersion": "v1", "kind": "Service", "metadata": {
        "annotations": {}, "labels": {"app": "seedvault-mongo"}, "name": "seedvault-mongo-client", "namespace": "seedvault-data"},
        "spec": {"ports": [{"name": "mongodb", "port": 27017, "targetPort": "mongodb"}], "selector": {"app": "seedvault-mongodb"}}}, separators=(",", ":")) + "\n"}
    pg = db_bitnami_pg(ctx, "lab", "seedvault-data", "germination-db", "germ", "germination", size="20Gi")
    reg = "quay.seedvault.org/seedvault"
    app_tier(ctx, "seedvault", "seedvault", [
        A("accessions-ui", "web", "node", upstream="http://accessions-api.seedvault.svc.cluster.local:3000", replicas=2),
        A("accessions-api", "api", "node", ["inv"], replicas=4),
        A("viability-tests", "api", "python", ["lab"], replicas=3),
        A("catalog-export", "worker", "python", ["lab"], replicas=2),
        A("label-printer-bridge", "worker", "node", ["inv"], replicas=1),
        A("cold-room-sync", "worker", "go", ["inv", "lab"], replicas=1)],
        {"inv": mg, "lab": pg}, reg, "seedvault.apps.ocp.seedvault.org", ing_ns="openshift-ingress")
    cascade(ctx, "inv", "refused")
    set_truth(ctx, "Service", "seedvault-data", "seedvault-mongo-client", "service-selector-mismatch",
              f"Curators can't save new seed accessions since about {hhmm(ctx, ctx.fault_age)} UTC - the app says it cannot reach the database. "
              f"The data team re-applied some manifests from the new repo this morning and says MongoDB itself is up.")
    ctx.post.append(lambda c: svc["metadata"].update({"_mod": c.fault_age + 45}))


@incident("k8s-h3-17", "2025-11-18T13:47:12Z", "k3s 1.30 (4 nodes)", "craft brewery production (mashtun)", "Bitnami PostgreSQL 16 + PgBouncer",
          "service-selector-mismatch")
def i17(ctx):
    ctx.spec["lan"] = "192.168.50"
    build_platform(ctx, "k3s", [dict(name="k3s-server", count=1, cpu=4, mem=16, cp=True), dict(name="k3s-agent", count=3, cpu=8, mem=32)])
    std_noise(ctx, ["monitoring", "logging", "cert-manager", "velero", "argocd"])
    add_ns(ctx, "mashtun-data")
    pg = db_bitnami_pg(ctx, "brew", "mashtun-data", "mashtun-db", "mashtun", "brewhouse")
    pool = pooler_pgbouncer(ctx, "pool", "mashtun-data", "mashtun-pgbouncer", pg)
    svc = ctx.get("Service", "mashtun-data", "mashtun-pgbouncer")
    svc["spec"]["selector"] = {"app.kubernetes.io/name": "pgbouncer", "app.kubernetes.io/instance": "mashtun-pgbouncr"}
    svc["metadata"]["creationTimestamp"] = ctx.ts(ctx.fault_age + 60)
    reg = "ghcr.io/mashtun-brewing"
    app_tier(ctx, "mashtun", "mashtun", [
        A("brewday-dashboard", "web", "node", upstream="http://batch-api.mashtun.svc.cluster.local:8080", replicas=2),
        A("batch-api", "api", "go", ["pool"], replicas=2),
        A("fermentation-ingest", "worker", "python", ["pool"], replicas=2),
        A("recipe-service", "api", "python", ["pool"], replicas=2),
        A("keg-inventory", "worker", "node", ["pool"], replicas=1),
        A("tax-report", "cron", "python", ["brew"], schedule="0 3 * * *", every=86400, phase=10800, dur=60)],
        {"pool": pool, "brew": pg}, reg, "brew.mashtun.beer", ing_ns="kube-system", quota=False)
    cascade(ctx, "pool", "refused")
    ingress(ctx, "mashtun", "mashtun", "brew.mashtun.beer", [("/", "brewday-dashboard", 80)], tls_secret="mashtun-tls", cls="traefik",
            lb={"ip": ctx.nodes[0]["status"]["addresses"][0]["address"], "ipMode": "VIP"})
    set_truth(ctx, "Service", "mashtun-data", "mashtun-pgbouncer", "service-selector-mismatch",
              f"Brew-day dashboards show 'connection refused' since about {hhmm(ctx, ctx.fault_age)} UTC and fermentation readings are no "
              f"longer stored, although the sensors keep posting. The database pod itself looks fine.")


@incident("k8s-h3-18", "2025-12-02T09:29:48Z", "AKS 1.30", "marina berth bookings (berthside)", "Bitnami MySQL 8.4 behind ProxySQL",
          "service-targetport-wrong")
def i18(ctx):
    build_platform(ctx, "aks", AKS_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "argocd"])
    add_ns(ctx, "berthside-data")
    my = db_bitnami_mysql(ctx, "berths", "berthside-data", "berths-db", "berthside", "berths")
    px = pooler_proxysql(ctx, "proxy", "berthside-data", "berths-proxysql", my)
    svc = ctx.get("Service", "berthside-data", "berths-proxysql")
    svc["spec"]["ports"] = [{"name": "mysql", "port": 6033, "protocol": "TCP", "targetPort": 3306}]
    reg = "berthside.azurecr.io/apps"
    app_tier(ctx, "berthside", "berthside", [
        A("harbour-portal", "web", "node", upstream="http://bookings-api.berthside.svc.cluster.local:8080", replicas=2),
        A("bookings-api", "api", "java", ["proxy"], replicas=3),
        A("tide-feed", "worker", "go", ["proxy"], replicas=1),
        A("invoice-mailer", "worker", "python", ["proxy"], replicas=1),
        A("occupancy-report", "cron", "python", ["proxy"], schedule="0 * * * *", every=3600, dur=45)],
        {"proxy": px}, reg, "book.berthside.marina")
    cascade(ctx, "proxy", "refused")
    ctx.post.append(lambda c: c.get("Service", "berthside-data", "berths-proxysql")["metadata"].update({"_mod": c.fault_age + 45}))
    ing(ctx, "berthside", "berthside", "book.berthside.marina", [("/", "harbour-portal", 80), ("/api", "bookings-api", 8080)], "berthside")
    set_truth(ctx, "Service", "berthside-data", "berths-proxysql", "service-targetport-wrong",
              f"Since about {hhmm(ctx, ctx.fault_age)} UTC the harbour-master booking screen fails with 'Communications link failure' and "
              f"the tide feed worker crash-loops. MySQL and ProxySQL pods are all Running and Ready.")


@incident("k8s-h3-19", "2025-12-16T17:40:26Z", "EKS 1.30 (VPC CNI network policies)", "car-sharing fleet bookings (keyturn)", "CloudNativePG 1.24",
          "networkpolicy-blocks-db")
def i19(ctx):
    build_platform(ctx, "eks", EKS_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "flux"])
    add_ns(ctx, "keyturn-db")
    pg = db_cnpg(ctx, "fleet", "keyturn-db", "fleet-pg", "keyturn", "fleet")
    np(ctx, "keyturn-db", "default-deny", {}, ["Ingress"], age=86400 * 200)
    np(ctx, "keyturn-db", "allow-cnpg-operator", {"matchLabels": {"cnpg.io/cluster": "fleet-pg"}}, ["Ingress"],
       ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "cnpg-system"}}}], "ports": [{"port": 8000, "protocol": "TCP"}]}], age=86400 * 200)
    np(ctx, "keyturn-db", "allow-intra-cluster", {"matchLabels": {"cnpg.io/cluster": "fleet-pg"}}, ["Ingress"],
       ingress=[{"from": [{"podSelector": {"matchLabels": {"cnpg.io/cluster": "fleet-pg"}}}]}], age=86400 * 200)
    np(ctx, "keyturn-db", "allow-monitoring", {}, ["Ingress"], ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
                                                                        "ports": [{"port": 9187, "protocol": "TCP"}]}], age=86400 * 120)
    bad = np(ctx, "keyturn-db", "allow-apps", {"matchLabels": {"cnpg.io/cluster": "fleet-pg"}}, ["Ingress"],
             ingress=[{"from": [{"namespaceSelector": {"matchLabels": {"team": "keyturn"}}, "podSelector": {"matchLabels": {"app.kubernetes.io/part-of": "keyturn"}}}],
                       "ports": [{"port": 5432, "protocol": "TCP"}]}], age=86400 * 200,
             labels={"kustomize.toolkit.fluxcd.io/name": "keyturn-db", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"})
    bad["metadata"]["generation"] = 3
    ctx.post.append(lambda c: bad["metadata"].update({"_mod": c.fault_age + 45}))
    reg = ecr(ctx, "keyturn")
    app_tier(ctx, "keyturn", "keyturn", [
        A("keyturn-web", "web", "node", upstream="http://reservations-api.keyturn.svc.cluster.local:8080", replicas=3),
        A("reservations-api", "api", "java", ["fleet"], replicas=3),
        A("telematics-ingest", "worker", "go", ["fleet"], replicas=2),
        A("damage-claims", "api", "python", ["fleet"], replicas=2),
        A("idle-car-sweeper", "cron", "python", ["fleet"], schedule="*/5 * * * *", every=300, dur=20)],
        {"fleet": pg}, reg, "book.keyturn.cars", labels_ns={"kustomize.toolkit.fluxcd.io/name": "apps"})
    cascade(ctx, "fleet", "timeout")
    ing(ctx, "keyturn", "keyturn", "book.keyturn.cars", [("/", "keyturn-web", 80), ("/api", "reservations-api", 8080)], "keyturn")
    set_truth(ctx, "NetworkPolicy", "keyturn-db", "allow-apps", "networkpolicy-blocks-db",
              f"Since about {hhmm(ctx, ctx.fault_age)} UTC customers can't complete a booking - checkout spins and then times out, and the "
              f"reservations API pods show 0/1 ready. The DB team says Postgres is healthy and nothing changed in the app release.")


@incident("k8s-h3-20", "2026-01-13T11:16:03Z", "GKE 1.30 (Dataplane V2)", "property maintenance requests (fixitdesk)", "Bitnami PostgreSQL 16 + Bitnami Redis",
          "networkpolicy-blocks-db")
def i20(ctx):
    ctx.spec["cluster"] = "fixit-prod"
    build_platform(ctx, "gke", GKE_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "argocd"])
    add_ns(ctx, "fixit-data")
    pg = db_bitnami_pg(ctx, "tickets", "fixit-data", "fixit-db", "fixit", "tickets", size="40Gi")
    rd = db_bitnami_redis(ctx, "queue", "fixit-data", "fixit-queue", replicas=1)
    db_netpols(ctx, "fixit-data", [5432, 6379], ["fixitdesk"])
    reg = f"europe-west1-docker.pkg.dev/{ctx.platform['project']}/fixit"
    app_tier(ctx, "fixitdesk", "fixitdesk", [
        A("tenant-portal", "web", "node", upstream="http://requests-api.fixitdesk.svc.cluster.local:8000", replicas=2),
        A("requests-api", "api", "python", ["tickets", "queue"], replicas=3),
        A("dispatcher", "worker", "python", ["tickets", "queue"], replicas=2),
        A("contractor-sync", "worker", "go", ["tickets"], replicas=1),
        A("sla-escalation", "cron", "python", ["tickets"], schedule="*/10 * * * *", every=600, dur=25)],
        {"tickets": pg, "queue": rd}, reg, "requests.fixitdesk.co.uk")
    np(ctx, "fixitdesk", "restrict-egress", {}, ["Egress"], egress=[
        {"ports": [{"port": 53, "protocol": "UDP"}, {"port": 53, "protocol": "TCP"}],
         "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "kube-system"}}, "podSelector": {"matchLabels": {"k8s-app": "kube-dns"}}}]},
        {"ports": [{"port": 443, "protocol": "TCP"}], "to": [{"ipBlock": {"cidr": "0.0.0.0/0", "except": ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]}}]},
        {"ports": [{"port": 4317, "protocol": "TCP"}], "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}]}],
       age=ctx.fault_age + 30, labels={"policy.fixitdesk.co.uk/owner": "secops", "policy.fixitdesk.co.uk/baseline": "v2"},
       ann={"argocd.argoproj.io/tracking-id": "secops-baseline:networking.k8s.io/NetworkPolicy:fixitdesk/restrict-egress"})
    cascade(ctx, "tickets", "timeout")
    ing(ctx, "fixitdesk", "fixitdesk", "requests.fixitdesk.co.uk", [("/", "tenant-portal", 80), ("/api", "requests-api", 8000)], "fixitdesk")
    set_truth(ctx, "NetworkPolicy", "fixitdesk", "restrict-egress", "networkpolicy-blocks-db",
              f"Tenants can't submit maintenance requests since about {hhmm(ctx, ctx.fault_age)} UTC: the form spins for ~30 s and then errors, "
              f"and the dispatcher pods crash-loop. Postgres and Redis look healthy. Security rolled out a baseline to several namespaces today.")


# ---------------------------------------------------------------------------
# incidents 21-30

def ns_cpu_used(ctx, ns):
    tot = 0.0
    for p in ctx.objs["pods"]:
        if p["metadata"]["namespace"] != ns or p["status"].get("phase") in ("Succeeded", "Failed"):
            continue
        pc = sum(cpu_m(c.get("resources", {}).get("requests", {}).get("cpu", "0")) for c in p["spec"]["containers"])
        for ic in p["spec"].get("initContainers", []):
            pc = max(pc, cpu_m(ic.get("resources", {}).get("requests", {}).get("cpu", "0")))
        tot += pc
    return int(tot)


def patch_placeholders(ctx, mapping):
    for plural in ("replicasets", "deployments", "events"):
        for o in ctx.objs[plural]:
            txt = json.dumps(o)
            if any(k in txt for k in mapping):
                for k, v in mapping.items():
                    txt = txt.replace(k, v)
                new = json.loads(txt)
                o.clear()
                o.update(new)


@incident("k8s-h3-21", "2026-02-03T08:02:57Z", "RKE2 1.30 + Longhorn", "community garden plot allocation (plotshare)", "Bitnami MariaDB 11.4",
          "resourcequota-blocks-scale-up")
def i21(ctx):
    ctx.spec["lan"] = "10.14.7"
    build_platform(ctx, "rke2", RKE2_POOLS)
    std_noise(ctx, ["longhorn", "cattle", "monitoring", "cert-manager"])
    add_ns(ctx, "plotshare-data")
    db = db_bitnami_mysql(ctx, "plots", "plotshare-data", "plots-db", "plotshare", "plots", engine="mariadb", version="11.4.4")
    reg = "registry.gitlab.com/plotshare/app"
    app_tier(ctx, "plotshare", "plotshare", [
        A("plotshare-web", "web", "node", upstream="http://plots-api.plotshare.svc.cluster.local:8000", replicas=2, req=("200m", "128Mi")),
        A("plots-api", "api", "python", ["plots"], replicas=6, req=("1", "512Mi"), lim="1Gi"),
        A("waitlist-worker", "worker", "python", ["plots"], replicas=2, req=("500m", "256Mi")),
        A("watering-rota", "cron", "python", ["plots"], schedule="0 5 * * *", every=86400, phase=18000, dur=30)],
        {"plots": db}, reg, "plots.plotshare.community", ing_ns="kube-system", quota=False)
    api = find_w(ctx, "plotshare", "plots-api")
    api["revision"] = 11
    fail_name = f"plots-api-__RS__-{ctx.sfx(5, 'qf')}"
    msg = (f'Error creating: pods "{fail_name}" is forbidden: exceeded quota: plotshare-quota, requested: requests.cpu=1, '
           f'used: requests.cpu=__USED__, limited: requests.cpu=__HARD__')
    api["extra"]["create_fail"] = (4, msg, 17)

    def post(ctx):
        used = ns_cpu_used(ctx, "plotshare")
        hard = -(-used // 1000)
        if hard * 1000 - used >= 1000:
            hard -= 0
        rs = [r for r in ctx.objs["replicasets"] if r["metadata"]["name"].startswith("plots-api-") and r["spec"]["replicas"]][0]
        patch_placeholders(ctx, {"__USED__": f"{used}m", "__HARD__": str(hard), "__RS__": rs["metadata"]["name"].rsplit("-", 1)[1]})
        ctx.quotas.append(("plotshare", "plotshare-quota", {"requests.cpu": str(hard), "requests.memory": "16Gi", "pods": "30", "services": "10"}))
        d = ctx.get("Deployment", "plotshare", "plots-api")
        ctx.ev(d, "ScalingReplicaSet", f"Scaled up replica set {rs['metadata']['name']} to 6 from 2", first=ctx.fault_age, component="deployment-controller")
    ctx.post.append(post)
    ing(ctx, "plotshare", "plotshare", "plots.plotshare.community", [("/", "plotshare-web", 80), ("/api", "plots-api", 8000)], "plotshare")
    set_truth(ctx, "ResourceQuota", "plotshare", "plotshare-quota", "resourcequota-blocks-scale-up",
              f"Spring plot registration opened at {hhmm(ctx, ctx.fault_age)} UTC. We scaled the plots API from 2 to 6 replicas for the rush, "
              f"but only 2 are running and gardeners get timeouts on the sign-up page.")


@incident("k8s-h3-22", "2026-02-17T07:35:30Z", "kubeadm 1.31 bare metal + Rook-Ceph", "forestry stand inventory (timbercount)", "Bitnami PostgreSQL 16",
          "secret-missing-key")
def i22(ctx):
    ctx.spec.update({"lan": "10.50.3", "storage": "ceph"})
    build_platform(ctx, "kubeadm", KUBEADM_POOLS)
    std_noise(ctx, ["metallb", "rook", "ingress", "monitoring", "velero"])
    add_ns(ctx, "timbercount-data")
    pg = db_bitnami_pg(ctx, "inventory", "timbercount-data", "forest-db", "timber", "inventory", size="60Gi")
    db_netpols(ctx, "timbercount-data", 5432, ["timbercount"])
    reg = "harbor.forestry.lan/timbercount"
    apps = app_tier(ctx, "timbercount", "timbercount", [
        A("stand-viewer", "web", "node", upstream="http://plots-api.timbercount.svc.cluster.local:8000", replicas=2),
        A("plots-api", "api", "python", ["inventory"], replicas=3),
        A("lidar-ingest", "worker", "python", ["inventory"], replicas=2),
        A("harvest-planner", "api", "java", ["inventory"], replicas=2),
        A("growth-model", "cron", "python", ["inventory"], schedule="0 */3 * * *", every=10800, dur=240)],
        {"inventory": pg}, reg, "inventory.forestry.lan")
    s = ctx.get("Secret", "timbercount", "timbercount-db-credentials")
    s["data"] = {"INVENTORY_DB_PASS": ""}
    s["metadata"]["creationTimestamp"] = ctx.ts(ctx.fault_age + 900)
    s["metadata"]["labels"]["app.kubernetes.io/managed-by"] = "vault-secrets-operator"
    s["metadata"]["ownerReferences"] = [ctx.cr_ref("secrets.hashicorp.com/v1beta1", "VaultStaticSecret", "timbercount", "timbercount-db-credentials")]
    msg = "couldn't find key INVENTORY_DB_PASSWORD in Secret timbercount/timbercount-db-credentials"
    for w in apps:
        if w["app"]["role"] in ("api", "worker"):
            w["states"] = {i: {"s": "configerr", "msg": msg, "since": ctx.fault_age - ctx.n(0, 300, "cfe", w["name"], i),
                               "age": ctx.fault_age - ctx.n(0, 300, "cfe", w["name"], i)} for i in range(w["replicas"])}
    for n in ctx.nodes[1:]:
        n["_boot"] = ctx.fault_age + ctx.n(60, 900, "kured", n["metadata"]["name"])
    ing(ctx, "timbercount", "timbercount", "inventory.forestry.lan", [("/", "stand-viewer", 80), ("/api", "plots-api", 8000)], "timbercount")
    set_truth(ctx, "Secret", "timbercount", "timbercount-db-credentials", "secret-missing-key",
              f"After this morning's node patching (finished around {hhmm(ctx, ctx.fault_age)} UTC) the forestry inventory apps did not come back: "
              f"the stand viewer says the API is unavailable and the LiDAR ingest queue is growing. The vault credential rotation ran overnight too.")


@incident("k8s-h3-23", "2026-03-03T20:11:48Z", "EKS 1.30", "restaurant kitchen orders & recipes (linecook)", "Bitnami PostgreSQL 16",
          "bad-database-config")
def i23(ctx):
    build_platform(ctx, "eks", EKS_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "argocd", "velero"])
    add_ns(ctx, "linecook-data")
    conf = ("max_connections = 300\nshared_buffers = 1536MB\neffective_cache_size = 4GB\nwork_mem = 16MB\nmaintenance_work_mem = 256MB\n"
            "wal_level = logical\nmax_wal_senders = 10\nrandom_page_cost = 1.1\neffective_io_concurrency = 200\n"
            "idle_in_transaction_session_timeout = '5min'\nsynchronous_commit = of\n")
    pg = db_bitnami_pg(ctx, "orders", "linecook-data", "linecook-db", "linecook", "orders", size="80Gi", mem="6Gi", extra_conf=conf)
    ctx.get("ConfigMap", "linecook-data", "linecook-db-postgresql-extended-configuration")["metadata"]["creationTimestamp"] = ctx.ts(86400 * 50)
    w = pg["w"]
    w["containers"][0]["terminationMessagePolicy"] = "FallbackToLogsOnError"
    w["pod_ann"]["checksum/extended-configuration"] = ctx.hex(64, "chk2")
    w["revision"] = 9
    log = ("postgresql {H} INFO  ==> \npostgresql {H} INFO  ==> Welcome to the Bitnami postgresql container\n"
           "postgresql {H} INFO  ==> Subscribe to project updates by watching https://github.com/bitnami/containers\n"
           "postgresql {H} INFO  ==> ** Starting PostgreSQL setup **\npostgresql {H} INFO  ==> Validating settings in POSTGRESQL_* env vars..\n"
           "postgresql {H} INFO  ==> Loading custom pg_hba.conf file\npostgresql {H} INFO  ==> Deploying PostgreSQL with persisted data...\n"
           "postgresql {H} INFO  ==> ** PostgreSQL setup finished! **\n\npostgresql {H} INFO  ==> ** Starting PostgreSQL **\n"
           "{T0}.452 GMT [1] LOG:  invalid value for parameter \"synchronous_commit\": \"of\"\n"
           "{T0}.452 GMT [1] HINT:  Available values: local, remote_write, remote_apply, on, off.\n"
           "{T0}.452 GMT [1] FATAL:  configuration file \"/bitnami/postgresql/conf/conf.d/override.conf\" contains errors\n")
    hh = (ctx.now - dt.timedelta(seconds=ctx.n(15, 280, "fin", "linecook-db-postgresql-0") + 3)).strftime("%H:%M:%S.41")
    w["states"] = {0: {"s": "crash", "log": log.replace("{H}", hh), "exit": 1, "since": ctx.fault_age, "run_for": 3, "age": ctx.fault_age + 20}}
    reg = ecr(ctx, "linecook")
    app_tier(ctx, "linecook", "linecook", [
        A("kds-web", "web", "node", upstream="http://orders-api.linecook.svc.cluster.local:8080", replicas=2),
        A("orders-api", "api", "go", ["orders"], replicas=3),
        A("recipe-costing", "api", "python", ["orders"], replicas=2),
        A("ticket-printer", "worker", "node", ["orders"], replicas=2),
        A("pos-sync", "worker", "java", ["orders"], replicas=1),
        A("waste-report", "cron", "python", ["orders"], schedule="30 23 * * *", every=86400, phase=84600, dur=60)],
        {"orders": pg}, reg, "kitchen.linecook.io")
    cascade(ctx, "orders", "refused")
    ctx.post.append(lambda c: c.get("ConfigMap", "linecook-data", "linecook-db-postgresql-extended-configuration")["metadata"].update({"_mod": c.fault_age + 45}))
    ing(ctx, "linecook", "linecook", "kitchen.linecook.io", [("/", "kds-web", 80), ("/api", "orders-api", 8080)], "linecook")
    set_truth(ctx, "ConfigMap", "linecook-data", "linecook-db-postgresql-extended-configuration", "bad-database-config",
              f"In the middle of dinner service, since about {hhmm(ctx, ctx.fault_age)} UTC, the kitchen display screens stopped receiving "
              f"new orders and the ticket printers crash-loop. A DBA applied some Postgres tuning shortly before.")


@incident("k8s-h3-24", "2026-03-17T10:24:13Z", "k3s 1.30 (4 nodes)", "citizen 311 service requests (civicline)", "Bitnami MySQL 8.4 behind ProxySQL",
          "bad-database-config")
def i24(ctx):
    ctx.spec["lan"] = "10.9.9"
    build_platform(ctx, "k3s", [dict(name="k3s-server", count=1, cpu=8, mem=16, cp=True), dict(name="k3s-agent", count=4, cpu=8, mem=32)])
    std_noise(ctx, ["monitoring", "logging", "cert-manager", "argocd"])
    add_ns(ctx, "civicline-data")
    cnf = ("[mysqld]\nauthentication_policy='* ,,'\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\n"
           "plugin_dir=/opt/bitnami/mysql/lib/plugin\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndatadir=/bitnami/mysql/data\n"
           "tmpdir=/opt/bitnami/mysql/tmp\nmax_allowed_packet=64M\nbind-address=*\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\n"
           "log-error=/opt/bitnami/mysql/logs/mysqld.log\ncharacter-set-server=utf8mb4\ncollation-server=utf8mb4_unicode_ci\n"
           "innodb_buffer_pool_size=2G\nmax_connections=500\n# carried over from the 5.7 server\nquery_cache_type=0\nquery_cache_size=0\n"
           "slow_query_log=1\nlong_query_time=2\n\n[client]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndefault-character-set=utf8mb4\n")
    my = db_bitnami_mysql(ctx, "requests", "civicline-data", "civicline-db", "civicline", "requests", cnf=cnf, mem="3Gi")
    ctx.get("ConfigMap", "civicline-data", "civicline-db-mysql")["metadata"]["creationTimestamp"] = ctx.ts(86400 * 80)
    w = my["w"]
    w["pod_ann"]["checksum/configuration"] = ctx.hex(64, "newcnf")
    w["revision"] = 6
    w["states"] = {0: {"s": "crash", "exit": 1, "since": ctx.fault_age, "run_for": 2, "age": ctx.fault_age + 30}}
    px = pooler_proxysql(ctx, "proxy", "civicline-data", "civicline-proxysql", my)
    reg = "ghcr.io/civicline"
    apps = app_tier(ctx, "civicline", "civicline", [
        A("report-web", "web", "php", upstream="http://requests-api.civicline.svc.cluster.local:9000", replicas=2, port=8080),
        A("requests-api", "api", "php", ["proxy"], replicas=3),
        A("routing-worker", "worker", "python", ["proxy"], replicas=2),
        A("pothole-photos", "worker", "go", ["proxy"], replicas=1),
        A("sla-digest", "cron", "python", ["proxy"], schedule="0 8 * * *", every=86400, phase=28800, dur=60)],
        {"proxy": px}, reg, "311.civicline.city", ing_ns="kube-system", quota=False)
    errs = {"python": 'pymysql.err.OperationalError: (9001, "Max connect timeout reached while reaching hostgroup 10 after 10000ms")',
            "go": "Error 9001 (HY000): Max connect timeout reached while reaching hostgroup 10 after 10000ms",
            "php": "SQLSTATE[HY000]: General error: 9001 Max connect timeout reached while reaching hostgroup 10 after 10000ms"}
    for a in apps:
        if a["app"]["role"] == "api":
            a["states"] = {i: {"s": "unready", "probe_msg": "Readiness probe failed: HTTP probe failed with statuscode: 503", "since": ctx.fault_age - 30} for i in range(a["replicas"])}
        elif a["app"]["role"] == "worker":
            a["states"] = {i: {"s": "crash", "log": errs[a["app"]["lang"]], "exit": 1, "since": ctx.fault_age - 30, "run_for": 11} for i in range(a["replicas"])}
    ctx.post.append(lambda c: c.get("ConfigMap", "civicline-data", "civicline-db-mysql")["metadata"].update({"_mod": c.fault_age + 45}))
    ingress(ctx, "civicline", "civicline", "311.civicline.city", [("/", "report-web", 80)], tls_secret="civicline-tls", cls="traefik",
            lb={"ip": ctx.nodes[0]["status"]["addresses"][0]["address"], "ipMode": "VIP"})
    set_truth(ctx, "ConfigMap", "civicline-data", "civicline-db-mysql", "bad-database-config",
              f"Residents can't file 311 reports since about {hhmm(ctx, ctx.fault_age)} UTC: the form fails with 'service unavailable', and the routing "
              f"workers restart every few seconds. The DB team finished the MySQL 5.7 to 8.4 migration yesterday and tuned the server settings this morning.")


@incident("k8s-h3-25", "2026-04-07T14:50:21Z", "AKS 1.30", "patent prior-art search (priorart)", "Bitnami MongoDB 7 replica set + Bitnami Redis",
          "configmap-wrong-db-host")
def i25(ctx):
    build_platform(ctx, "aks", AKS_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "flux", "velero"])
    add_ns(ctx, "priorart-db")
    mg = db_bitnami_mongo(ctx, "search", "priorart-db", "priorart", "priorart", "patents")
    rd = db_bitnami_redis(ctx, "cache", "priorart-db", "priorart-cache", replicas=1)
    db_netpols(ctx, "priorart-db", [27017, 6379], ["priorart"])
    reg = "priorart.azurecr.io/search"
    apps = app_tier(ctx, "priorart", "priorart", [
        A("search-ui", "web", "node", upstream="http://search-api.priorart.svc.cluster.local:3000", replicas=2),
        A("search-api", "api", "node", ["search", "cache"], replicas=3),
        A("claims-parser", "worker", "python", ["search"], replicas=3),
        A("citation-graph", "worker", "java", ["search"], replicas=1),
        A("uspto-feed", "cron", "python", ["search"], schedule="0 */4 * * *", every=14400, dur=600)],
        {"search": mg, "cache": rd}, reg, "search.priorart.tech")
    c = ctx.get("ConfigMap", "priorart", "priorart-settings")
    bad = c["data"]["SEARCH_MONGODB_URI"].replace(".priorart-db.svc", ".priorart-data.svc")
    c["data"]["SEARCH_MONGODB_URI"] = bad
    host = "priorart-mongodb-0.priorart-mongodb-headless.priorart-data.svc.cluster.local"
    for w in apps:
        if w["app"]["role"] in ("api", "worker"):
            recycle_pods(ctx, w, ctx.fault_age)
    for n in ctx.nodes[3:]:
        n["_boot"] = ctx.fault_age + ctx.n(100, 600, "upg", n["metadata"]["name"])
        n["metadata"]["labels"]["kubernetes.azure.com/node-image-version"] = "AKSUbuntu-2204gen2containerd-202503.18.0"
    cascade(ctx, "search", "nxdomain", host=host)
    ctx.post.append(lambda cc: cc.get("ConfigMap", "priorart", "priorart-settings")["metadata"].update({"_mod": cc.fault_age + 600}))
    ing(ctx, "priorart", "priorart", "search.priorart.tech", [("/", "search-ui", 80), ("/api", "search-api", 3000)], "priorart")
    set_truth(ctx, "ConfigMap", "priorart", "priorart-settings", "configmap-wrong-db-host",
              f"Patent searches return 'search backend unavailable' since about {hhmm(ctx, ctx.fault_age)} UTC, right after the AKS node-image "
              f"upgrade of the apps pool restarted our pods. The claims parser workers crash-loop.")


@incident("k8s-h3-26", "2026-04-21T16:38:04Z", "OpenShift 4.16 (on vSphere)", "orchestra rehearsal scheduling (tutti)", "Crunchy PGO 5.6 (PgBouncer)",
          "configmap-wrong-db-host")
def i26(ctx):
    ctx.spec.update({"domain": ".ocp4.tutti.music", "lan": "10.66.4"})
    build_platform(ctx, "openshift", OCP_POOLS)
    std_noise(ctx, ["ocp"])
    add_ns(ctx, "tutti-db")
    pg = db_pgo(ctx, "schedule", "tutti-db", "tutti-pg", "tutti", "schedule")
    reg = "quay.tutti.music/tutti"
    apps = app_tier(ctx, "tutti", "tutti", [
        A("rehearsal-web", "web", "node", upstream="http://schedule-api.tutti.svc.cluster.local:8000", replicas=2),
        A("schedule-api", "api", "python", ["schedule"], replicas=3),
        A("part-distribution", "worker", "python", ["schedule"], replicas=2),
        A("room-booking", "api", "java", ["schedule"], replicas=2),
        A("attendance-mailer", "worker", "node", ["schedule"], replicas=1),
        A("season-rollover", "cron", "python", ["schedule"], schedule="0 4 * * *", every=86400, phase=14400, dur=60)],
        {"schedule": pg}, reg, "tutti.apps.ocp4.tutti.music", ing_ns="openshift-ingress")
    c = ctx.get("ConfigMap", "tutti", "tutti-settings")
    bad = "hippo-pgbouncer.tutti-db.svc.cluster.local"
    c["data"]["SCHEDULE_DB_HOST"] = bad
    for w in apps:
        if w["app"]["role"] in ("api", "worker"):
            recycle_pods(ctx, w, ctx.fault_age)
    for n in ctx.nodes[3:]:
        n["_boot"] = ctx.fault_age + ctx.n(100, 900, "mcp", n["metadata"]["name"])
    cascade(ctx, "schedule", "nxdomain", host=bad)
    ctx.post.append(lambda cc: cc.get("ConfigMap", "tutti", "tutti-settings")["metadata"].update({"_mod": cc.fault_age + 600}))
    set_truth(ctx, "ConfigMap", "tutti", "tutti-settings", "configmap-wrong-db-host",
              f"Musicians can't open the rehearsal calendar since about {hhmm(ctx, ctx.fault_age)} UTC (it shows 'service unavailable') and the "
              f"part-distribution workers crash-loop. The worker nodes went through a MachineConfig update just before; the DB team says Postgres is fine.")


@incident("k8s-h3-27", "2026-05-05T09:58:41Z", "kubeadm 1.31 bare metal + Rook-Ceph", "zoo animal care records (menagerie)", "Bitnami PostgreSQL 16 + Bitnami Redis",
          "coredns-down")
def i27(ctx):
    ctx.spec.update({"lan": "10.4.20", "storage": "ceph"})
    build_platform(ctx, "kubeadm", KUBEADM_POOLS)
    ctx.fault_age = min(ctx.fault_age, 2900)
    std_noise(ctx, ["metallb", "rook", "ingress", "monitoring", "cert-manager"])
    add_ns(ctx, "menagerie-data")
    pg = db_bitnami_pg(ctx, "care", "menagerie-data", "care-db", "menagerie", "animalcare", size="30Gi")
    rd = db_bitnami_redis(ctx, "cache", "menagerie-data", "menagerie-cache", replicas=1)
    reg = "harbor.zoo.lan/menagerie"
    apps = app_tier(ctx, "menagerie", "menagerie", [
        A("keeper-app", "web", "node", upstream="http://care-api.menagerie.svc.cluster.local:8000", replicas=2),
        A("care-api", "api", "python", ["care", "cache"], replicas=3),
        A("feeding-scheduler", "worker", "python", ["care"], replicas=1),
        A("vet-records", "api", "java", ["care"], replicas=2),
        A("enclosure-sensors", "worker", "go", ["care", "cache"], replicas=2),
        A("medication-reminders", "cron", "python", ["care"], schedule="*/15 * * * *", every=900, dur=20)],
        {"care": pg, "cache": rd}, reg, "keepers.zoo.lan")
    dns = ctx.dns_workload
    dns["replicas"] = 0
    dns["revision"] = 3
    cascade(ctx, "care", "dnsdown")
    cascade(ctx, "cache", "dnsdown", exclude=("care-api",))

    def post(ctx):
        d = ctx.get("Deployment", "kube-system", "coredns")
        rs = [r for r in ctx.objs["replicasets"] if r["metadata"]["ownerReferences"][0]["uid"] == d["metadata"]["uid"]][-1]
        ctx.ev(d, "ScalingReplicaSet", f"Scaled down replica set {rs['metadata']['name']} to 0 from 2", first=ctx.fault_age, component="deployment-controller")
        for k in (1, 2):
            ctx.ev(rs, "SuccessfulDelete", f"Deleted pod: {rs['metadata']['name']}-{ctx.sfx(5, 'cdd', k)}", first=ctx.fault_age, component="replicaset-controller")
    ctx.post.append(post)
    ing(ctx, "menagerie", "menagerie", "keepers.zoo.lan", [("/", "keeper-app", 80), ("/api", "care-api", 8000)], "menagerie")
    set_truth(ctx, "Deployment", "kube-system", "coredns", "coredns-down",
              f"Since about {hhmm(ctx, ctx.fault_age)} UTC the keepers' tablet app shows 'cannot load animal records', the feeding scheduler "
              f"crash-loops and enclosure sensor readings stopped arriving. The platform team was cleaning up kube-system this morning.")


@incident("k8s-h3-28", "2026-05-19T13:13:27Z", "GKE 1.30", "botanical garden herbarium (herbaria)", "CloudNativePG 1.24",
          "migration-job-failed")
def i28(ctx):
    ctx.spec["cluster"] = "herbaria"
    build_platform(ctx, "gke", GKE_POOLS)
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "argocd", "velero"])
    add_ns(ctx, "herbaria-db")
    pg = db_cnpg(ctx, "specimens", "herbaria-db", "herbaria-pg", "herbaria", "herbaria")
    reg = f"europe-west1-docker.pkg.dev/{ctx.platform['project']}/herbaria"
    apps = app_tier(ctx, "herbaria", "herbaria", [
        A("herbarium-portal", "web", "node", upstream="http://specimen-api.herbaria.svc.cluster.local:8000", replicas=2),
        A("specimen-api", "api", "python", ["specimens"], replicas=2, version="5.1.3"),
        A("imaging-worker", "worker", "python", ["specimens"], replicas=2),
        A("gbif-export", "cron", "python", ["specimens"], schedule="0 2 * * *", every=86400, phase=7200, dur=400)],
        {"specimens": pg}, reg, "herbarium.botanic-garden.org")
    job = "specimen-api-migrate-5-2-0"
    api = find_w(ctx, "herbaria", "specimen-api")
    bump(api, image_tag="5.2.0", rs_age=ctx.fault_age, old_replicas=2)
    api["extra"]["old_rs"][0]["containers"][0]["image"] = api["containers"][0]["image"].replace("5.2.0", "5.1.3")
    api["labels"]["app.kubernetes.io/version"] = "5.2.0"
    api["init"] = [ctr("migrations-check", api["containers"][0]["image"], command=["sh", "-c", "until python manage.py migrate --check; do echo 'waiting for migrations'; sleep 10; done"],
                       env_from=[{"configMapRef": {"name": "herbaria-settings"}}], env=[env("SPECIMENS_DB_PASSWORD", secret=("herbaria-db-credentials", "SPECIMENS_DB_PASSWORD"))],
                       req={"cpu": "50m", "memory": "128Mi"}, lim={"memory": "256Mi"})]
    api["extra"]["old_rs"][0]["init_none"] = True
    api["extra"]["new_replicas"] = 1
    api["extra"]["progress"] = "deadline"
    api["states"] = {0: {"s": "init", "ctr": "migrations-check", "age": ctx.fault_age}}
    log = ("Operations to perform:\n  Apply all migrations: admin, auth, contenttypes, sessions, specimens, taxonomy\nRunning migrations:\n"
           "  Applying specimens.0047_specimen_collector...Traceback (most recent call last):\n"
           "  File \"/usr/local/lib/python3.12/site-packages/django/db/backends/utils.py\", line 105, in _execute\n    return self.cursor.execute(sql, params)\n"
           "psycopg.errors.DuplicateColumn: column \"collector_id\" of relation \"specimens_specimen\" already exists\n\n"
           "The above exception was the direct cause of the following exception:\n\nTraceback (most recent call last):\n"
           "  File \"/app/manage.py\", line 22, in <module>\n    main()\n"
           "django.db.utils.ProgrammingError: column \"collector_id\" of relation \"specimens_specimen\" already exists\n")
    sa(ctx, "herbaria", "specimen-api")
    jw = W("Job", "herbaria", job, [ctr("migrate", api["containers"][0]["image"], command=["python", "manage.py", "migrate", "--noinput"],
                                        env_from=[{"configMapRef": {"name": "herbaria-settings"}}],
                                        env=[env("SPECIMENS_DB_PASSWORD", secret=("herbaria-db-credentials", "SPECIMENS_DB_PASSWORD"))],
                                        req={"cpu": "100m", "memory": "256Mi"}, lim={"memory": "512Mi"}, tmp="FallbackToLogsOnError")],
           labels={"app.kubernetes.io/name": "specimen-api", "app.kubernetes.io/component": "migrate", "app.kubernetes.io/part-of": "herbaria",
                   "app.kubernetes.io/instance": "herbaria"},
           sa="specimen-api", age=ctx.fault_age + 60, ann={"argocd.argoproj.io/sync-wave": "-1"},
           extra={"result": "failed", "backoff": 3, "start_ago": ctx.fault_age + 60,
                  "states": [{"s": "failed", "log": log, "exit": 1, "dur": 14, "age": ctx.fault_age + 60 - k * 40} for k in range(4)]})
    ctx.workloads.append(jw)

    def post(ctx):
        j = ctx.get("Job", "herbaria", job)
        ctx.ev(j, "BackoffLimitExceeded", "Job has reached the specified backoff limit", "Warning", first=ctx.fault_age - 100, component="job-controller")
    ctx.post.append(post)
    ing(ctx, "herbaria", "herbaria", "herbarium.botanic-garden.org", [("/", "herbarium-portal", 80), ("/api", "specimen-api", 8000)], "herbaria")
    set_truth(ctx, "Job", "herbaria", job, "migration-job-failed",
              f"Release 5.2 of the herbarium portal was synced by Argo CD at about {hhmm(ctx, ctx.fault_age + 60)} UTC but never finished rolling out: "
              f"the site still runs 5.1, the new collector field is missing and the Argo application stays 'Progressing'.")


@incident("k8s-h3-29", "2026-06-02T18:49:55Z", "kubeadm 1.31 bare metal + Longhorn", "volunteer coordination for charities (helpinghands)", "hand-written MongoDB StatefulSet + Bitnami PostgreSQL",
          "statefulset-image-tag-not-found")
def i29(ctx):
    ctx.spec.update({"lan": "10.1.12", "storage": "lh"})
    build_platform(ctx, "kubeadm", KUBEADM_POOLS)
    std_noise(ctx, ["metallb", "longhorn", "ingress", "monitoring"])
    add_ns(ctx, "helpinghands-data")
    mg = db_hand_mongo(ctx, "volunteers", "helpinghands-data", "volunteer-mongo", "helpinghands", "volunteers", image="mongo:7.0.14")
    pg = db_bitnami_pg(ctx, "shifts", "helpinghands-data", "shifts-db", "shifts", "shifts")
    w = mg["w"]
    old = copy.deepcopy(w["containers"])
    w["containers"][0]["image"] = "mongo:8.0.40"
    w["extra"]["sts_update"] = {"old_containers": old, "updated": [0]}
    w["revision"] = 4
    img = "docker.io/library/mongo:8.0.40"
    w["states"] = {0: {"s": "imagepull", "age": ctx.fault_age,
                       "msg": f'rpc error: code = NotFound desc = failed to pull and unpack image "{img}": failed to resolve reference "{img}": {img}: not found'}}
    reg = "ghcr.io/helpinghands-org"
    app_tier(ctx, "helpinghands", "helpinghands", [
        A("volunteer-portal", "web", "node", upstream="http://profiles-api.helpinghands.svc.cluster.local:3000", replicas=2),
        A("profiles-api", "api", "node", ["volunteers"], replicas=3),
        A("shift-planner", "api", "python", ["shifts"], replicas=2),
        A("match-worker", "worker", "python", ["volunteers", "shifts"], replicas=2),
        A("background-checks", "worker", "go", ["volunteers"], replicas=1),
        A("reminder-sms", "cron", "python", ["shifts"], schedule="0 * * * *", every=3600, dur=30)],
        {"volunteers": mg, "shifts": pg}, reg, "volunteer.helpinghands.org")
    cascade(ctx, "volunteers", "refused")

    def post(ctx):
        o = ctx.get("StatefulSet", "helpinghands-data", "volunteer-mongo")
        ctx.ev(o, "SuccessfulDelete", "delete Pod volunteer-mongo-0 in StatefulSet volunteer-mongo successful", first=ctx.fault_age + 20, component="statefulset-controller")
        ctx.ev(o, "SuccessfulCreate", "create Pod volunteer-mongo-0 in StatefulSet volunteer-mongo successful", first=ctx.fault_age, component="statefulset-controller")
    ctx.post.append(post)
    ing(ctx, "helpinghands", "helpinghands", "volunteer.helpinghands.org", [("/", "volunteer-portal", 80), ("/api", "profiles-api", 3000)], "helpinghands")
    set_truth(ctx, "StatefulSet", "helpinghands-data", "volunteer-mongo", "statefulset-image-tag-not-found",
              f"Volunteers can't log in to the portal since about {hhmm(ctx, ctx.fault_age)} UTC ('profile service unavailable') and the matching "
              f"worker crash-loops; shift planning still works. We were upgrading database versions this evening.")


@incident("k8s-h3-30", "2026-06-16T07:26:32Z", "EKS 1.30", "ski resort lift & snow conditions (powderline)", "Bitnami PostgreSQL 16",
          "ingress-backend-mismatch")
def i30(ctx):
    build_platform(ctx, "eks", [dict(name="core", count=3, cpu=4, mem=16, itype="m7i.xlarge"), dict(name="spot-apps", count=3, cpu=8, mem=32, itype="m7i.2xlarge", cap="SPOT")])
    std_noise(ctx, ["monitoring", "ingress", "cert-manager", "flux", "logging"])
    add_ns(ctx, "powderline-data")
    pg = db_bitnami_pg(ctx, "snow", "powderline-data", "snow-db", "powderline", "conditions")
    db_netpols(ctx, "powderline-data", 5432, ["powderline"])
    reg = ecr(ctx, "powderline")
    app_tier(ctx, "powderline", "powderline", [
        A("lift-status-web", "web", "node", upstream="http://conditions-api.powderline.svc.cluster.local:8080", replicas=3),
        A("conditions-api", "api", "go", ["snow"], replicas=3),
        A("snow-sensor-ingest", "worker", "go", ["snow"], replicas=2),
        A("webcam-thumbnails", "worker", "python", [], replicas=1),
        A("avalanche-bulletin", "cron", "python", ["snow"], schedule="*/30 * * * *", every=1800, dur=25)],
        {"snow": pg}, reg, "lifts.powderline.ski")
    o = ing(ctx, "powderline", "lifts-routing", "lifts.powderline.ski", [("/", "lift-status-web", 8080), ("/api/conditions", "conditions-api", 8080)], "powderline",
            age=86400 * 120)
    o["metadata"]["generation"] = 4
    ctx.post.append(lambda c: o["metadata"].update({"_mod": c.fault_age + 45}))
    set_truth(ctx, "Ingress", "powderline", "lifts-routing", "ingress-backend-mismatch",
              f"Since about {hhmm(ctx, ctx.fault_age)} UTC https://lifts.powderline.ski shows nginx '503 Service Temporarily Unavailable' for the "
              f"live lift-status page, while /api/conditions still answers. A GitOps change to the routing was merged this morning.")


# ---------------------------------------------------------------------------
# consistency checks (python3 make.py --check)

CR_KINDS = {"Cluster", "PostgresCluster", "Prometheus", "Alertmanager", "ExternalSecret", "VaultStaticSecret", "InstanceManager", "ArgoCD", "Node"}
# services that legitimately select no pod in a given incident
ALLOW_EMPTY = {"k8s-h3-16": {("seedvault-data", "seedvault-mongo-client")}, "k8s-h3-17": {("mashtun-data", "mashtun-pgbouncer")},
               "k8s-h3-27": {("kube-system", "kube-dns")}}


def check_incident(d, iid):
    errs = []
    E = errs.append
    L = {}
    for p in PLURALS:
        fp = os.path.join(d, f"{p}.json")
        with open(fp) as f:
            doc = json.load(f)
        if doc.get("kind") != "List" or doc.get("apiVersion") != "v1":
            E(f"{p}: not a v1 List")
        L[p] = doc["items"]
        for o in doc["items"]:
            if not all(k in o for k in ("apiVersion", "kind", "metadata")):
                E(f"{p}: item without apiVersion/kind/metadata")
            if PLURAL_OF.get(o["kind"]) != p:
                E(f"{p}: wrong kind {o['kind']}")
    with open(os.path.join(d, "truth.json")) as f:
        truth = json.load(f)
    with open(os.path.join(d, "snapshot_time.txt")) as f:
        now = dt.datetime.strptime(f.read().strip(), "%Y-%m-%dT%H:%M:%SZ")
    uids = {}
    byname = {}
    for p, items in L.items():
        for o in items:
            u = o["metadata"].get("uid")
            if u in uids:
                E(f"duplicate uid {u} {o['kind']}/{o['metadata']['name']}")
            uids[u] = o
            byname[(o["kind"], o["metadata"].get("namespace", ""), o["metadata"]["name"])] = o
            ct = dt.datetime.strptime(o["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ")
            if ct > now:
                E(f"{o['kind']}/{o['metadata']['name']} created in the future")
    nss = {o["metadata"]["name"] for o in L["namespaces"]}
    nodes = {o["metadata"]["name"] for o in L["nodes"]}
    if not 8 <= len(nss) <= 14:
        E(f"namespaces {len(nss)}")
    if not 50 <= len(L["pods"]) <= 180:
        E(f"pods {len(L['pods'])}")
    for p, items in L.items():
        for o in items:
            m = o["metadata"]
            if m.get("namespace") and m["namespace"] not in nss:
                E(f"{o['kind']}/{m['name']} in missing namespace {m['namespace']}")
            for r in m.get("ownerReferences", []):
                if r["uid"] not in uids and r["kind"] not in CR_KINDS:
                    E(f"{o['kind']}/{m['name']} owner {r['kind']}/{r['name']} missing")
                if r["uid"] in uids and uids[r["uid"]]["metadata"]["name"] != r["name"]:
                    E(f"{o['kind']}/{m['name']} owner name mismatch")
    # truth
    tk = (truth["kind"], truth["namespace"], truth["name"])
    if tk not in byname:
        E(f"truth object missing {tk}")
    norm = lambda x: x.lower().replace("-", " ").replace("_", " ")
    if norm(truth["name"]) in norm(truth["symptom"]) or truth["name"].lower() in truth["symptom"].lower():
        E("symptom names the truth object")
    for k in ("kind", "namespace", "name", "fault", "symptom"):
        if k not in truth:
            E(f"truth lacks {k}")
    # pods
    pods = L["pods"]
    for pod in pods:
        m, sp, st = pod["metadata"], pod["spec"], pod["status"]
        ns = m["namespace"]
        nn = sp.get("nodeName")
        if nn and nn not in nodes:
            E(f"pod {m['name']} on missing node {nn}")
        if not nn and st.get("phase") != "Pending":
            E(f"pod {m['name']} without node but {st.get('phase')}")
        if (("ServiceAccount", ns, sp["serviceAccountName"]) not in byname):
            E(f"pod {ns}/{m['name']} SA {sp['serviceAccountName']} missing")
        for s in sp.get("imagePullSecrets", []):
            if ("Secret", ns, s["name"]) not in byname:
                E(f"pod {m['name']} pull secret missing")
        configerr = st.get("phase") in ("Succeeded", "Failed") or any(cs.get("state", {}).get("waiting", {}).get("reason") == "CreateContainerConfigError" for cs in st.get("containerStatuses", []))
        for v in sp.get("volumes", []):
            if "persistentVolumeClaim" in v and ("PersistentVolumeClaim", ns, v["persistentVolumeClaim"]["claimName"]) not in byname:
                E(f"pod {m['name']} pvc {v['persistentVolumeClaim']['claimName']} missing")
            if "configMap" in v and ("ConfigMap", ns, v["configMap"]["name"]) not in byname:
                E(f"pod {m['name']} configmap volume {v['configMap']['name']} missing")
            if "secret" in v and ("Secret", ns, v["secret"]["secretName"]) not in byname:
                E(f"pod {m['name']} secret volume {v['secret']['secretName']} missing")
        for c in sp["containers"] + sp.get("initContainers", []):
            for ef in c.get("envFrom", []):
                ref = ef.get("configMapRef") or ef.get("secretRef")
                kind = "ConfigMap" if "configMapRef" in ef else "Secret"
                if (kind, ns, ref["name"]) not in byname:
                    E(f"pod {m['name']} envFrom {ref['name']} missing")
            for e in c.get("env", []):
                vf = e.get("valueFrom", {})
                for key, kind, fld in (("secretKeyRef", "Secret", "data"), ("configMapKeyRef", "ConfigMap", "data")):
                    if key in vf:
                        o = byname.get((kind, ns, vf[key]["name"]))
                        if o is None or vf[key]["key"] not in (o.get(fld) or {}):
                            if not configerr:
                                E(f"pod {ns}/{m['name']} env {e['name']} -> {kind} {vf[key]['name']}/{vf[key]['key']} missing")
        ready = any(c["type"] == "Ready" and c["status"] == "True" for c in st.get("conditions", []))
        for cs in st.get("containerStatuses", []):
            if ready and not cs["ready"]:
                E(f"pod {m['name']} Ready but container {cs['name']} not ready")
        if st.get("phase") == "Running" and not st.get("podIP"):
            E(f"pod {m['name']} running without IP")
    # services and endpoints
    for svc in L["services"]:
        sel = svc["spec"].get("selector")
        ns, name = svc["metadata"]["namespace"], svc["metadata"]["name"]
        if not sel:
            continue
        matched = [p for p in pods if p["metadata"]["namespace"] == ns and all(p["metadata"].get("labels", {}).get(k) == v for k, v in sel.items())]
        if not matched and (ns, name) not in ALLOW_EMPTY.get(iid, set()):
            E(f"service {ns}/{name} selects no pod")
        ep = byname.get(("Endpoints", ns, name))
        if ep is None:
            E(f"service {ns}/{name} has no Endpoints")
        else:
            ips = {a["ip"] for s in ep.get("subsets", []) for a in s.get("addresses", [])}
            ready_ips = {p["status"]["podIP"] for p in matched if "podIP" in p["status"] and "deletionTimestamp" not in p["metadata"] and
                         any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"]["conditions"])}
            if not svc["spec"].get("publishNotReadyAddresses") and ips != ready_ips and svc["spec"]["ports"]:
                E(f"endpoints {ns}/{name} mismatch")
    for ing in L["ingresses"]:
        ns = ing["metadata"]["namespace"]
        for r in ing["spec"]["rules"]:
            for pth in r["http"]["paths"]:
                b = pth["backend"]["service"]
                svc = byname.get(("Service", ns, b["name"]))
                ok = svc is not None and any(p["port"] == b["port"].get("number") or p.get("name") == b["port"].get("name") for p in svc["spec"]["ports"])
                if not ok and (truth["kind"], truth["name"]) != ("Ingress", ing["metadata"]["name"]):
                    E(f"ingress {ns}/{ing['metadata']['name']} backend {b} broken")
                if not ok and truth["kind"] == "Ingress" and truth["name"] == ing["metadata"]["name"]:
                    truth["_seen"] = True
    # storage
    for pvc in L["persistentvolumeclaims"]:
        vn = pvc["spec"].get("volumeName")
        if vn:
            pv = byname.get(("PersistentVolume", "", vn))
            if pv is None or pv["spec"]["claimRef"]["uid"] != pvc["metadata"]["uid"]:
                E(f"pvc {pvc['metadata']['name']} -> pv {vn} inconsistent")
        if pvc["spec"]["storageClassName"] not in {o["metadata"]["name"] for o in L["storageclasses"]}:
            E(f"pvc {pvc['metadata']['name']} unknown storage class")
    for pv in L["persistentvolumes"]:
        cr = pv["spec"]["claimRef"]
        if ("PersistentVolumeClaim", cr["namespace"], cr["name"]) not in byname:
            E(f"pv {pv['metadata']['name']} claim missing")
    # events
    for ev in L["events"]:
        io = ev["involvedObject"]
        if io["uid"] not in uids and io["kind"] != "Pod":
            E(f"event {ev['metadata']['name']} for missing {io['kind']}/{io['name']}")
        if io["uid"] not in uids and io["kind"] == "Pod":
            E(f"event for missing pod {io['name']}")
        age = (now - dt.datetime.strptime(ev["lastTimestamp"], "%Y-%m-%dT%H:%M:%SZ")).total_seconds()
        if age < 0 or age > 4000:
            E(f"event {ev['metadata']['name']} age {age}")
        if ev["firstTimestamp"] > ev["lastTimestamp"]:
            E(f"event {ev['metadata']['name']} first>last")
    # workloads status vs pods
    for dpl in L["deployments"]:
        rs_uids = {r["metadata"]["uid"] for r in L["replicasets"] if r["metadata"]["ownerReferences"][0]["uid"] == dpl["metadata"]["uid"]}
        mine = [p for p in pods if p["metadata"].get("ownerReferences", [{}])[0].get("uid") in rs_uids and "deletionTimestamp" not in p["metadata"]
                and p["status"].get("phase") not in ("Failed", "Succeeded")]
        r = sum(1 for p in mine if any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"]["conditions"]))
        if dpl["status"].get("readyReplicas", 0) != r:
            E(f"deployment {dpl['metadata']['name']} readyReplicas {dpl['status'].get('readyReplicas', 0)} != {r}")
    for sts in L["statefulsets"]:
        mine = [p for p in pods if p["metadata"].get("ownerReferences", [{}])[0].get("uid") == sts["metadata"]["uid"]]
        r = sum(1 for p in mine if any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"]["conditions"]))
        if sts["status"].get("readyReplicas", 0) != r:
            E(f"statefulset {sts['metadata']['name']} ready mismatch")
        if sts["spec"]["serviceName"] and ("Service", sts["metadata"]["namespace"], sts["spec"]["serviceName"]) not in byname and \
                "application-controller" not in sts["metadata"]["name"]:
            E(f"statefulset {sts['metadata']['name']} governing service missing")
    # the fault must be visible: something is not healthy
    unhealthy = [p for p in pods if not any(c["type"] == "Ready" and c["status"] == "True" for c in p["status"].get("conditions", []))
                 and p["status"].get("phase") not in ("Succeeded", "Failed")]
    if not unhealthy and truth["kind"] not in ("Ingress", "ResourceQuota"):
        E("no unhealthy pod although an incident is declared")
    return errs


def check_mod(ids):
    bad = []
    for iid in ids:
        for e in check_incident(os.path.join(OUT, iid), iid):
            bad.append(f"{iid}: {e}")
    return bad


# ---------------------------------------------------------------------------
# main

def build(iid):
    spec = INCIDENTS[iid]
    ctx = Ctx(iid, {"time": spec["time"]})
    spec["fn"](ctx)
    finish(ctx)
    return ctx


def tree_hash(root):
    h = hashlib.sha256()
    for inc in sorted(os.listdir(root)):
        d = os.path.join(root, inc)
        if not os.path.isdir(d):
            continue
        for fn in sorted(os.listdir(d)):
            h.update(f"{inc}/{fn}\n".encode())
            with open(os.path.join(d, fn), "rb") as f:
                h.update(f.read())
    return h.hexdigest()


def check_all(ids):
    return check_mod(ids)


def main(argv):
    only = [a for a in argv if a.startswith("k8s-h3-")]
    if "--hash" in argv:
        print(tree_hash(OUT))
        return 0
    os.makedirs(OUT, exist_ok=True)
    ids = only or sorted(INCIDENTS)
    for iid in ids:
        ctx = build(iid)
        write(ctx, os.path.join(OUT, iid))
        if "--quiet" not in argv:
            print(iid, len(ctx.objs["pods"]), "pods", len(ctx.objs["namespaces"]), "ns", ctx.truth["kind"], ctx.truth["namespace"], ctx.truth["name"])
    if "--check" in argv:
        bad = check_all(ids)
        if bad:
            print("\n".join(bad))
            return 1
        print("check OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

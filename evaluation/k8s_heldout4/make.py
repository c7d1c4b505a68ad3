#!/usr/bin/env python3
"""Held-out Kubernetes RCA evaluation set #4 -- bundle generator.

Writes incidents/k4-01 .. k4-30.  Each incident is a whole-cluster support
bundle (one `kubectl get <plural> -A -o json` file per kind), plus
snapshot_time.txt and truth.json.

    python3 make.py            # (re)generate
    python3 make.py --check    # regenerate and assert internal consistency
    python3 make.py --hash     # print sha256 over incidents/

Python standard library only; output is fully deterministic.
"""
import argparse
import copy
import datetime as dt
import hashlib
import json
import os
import random
import shutil
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
OUTDIR = os.path.join(HERE, "incidents")

M, H, D = 60, 3600, 86400
ALPH = "bcdfghjklmnpqrstvwxz2456789"

KINDS = {
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
PLURAL = {v[1]: k for k, v in KINDS.items()}

FAKE_CA = ("-----BEGIN CERTIFICATE-----\nMIIC/jCCAeagAwIBAgIBADANBgkqhkiG9w0BAQsFADAVMRMwEQYDVQQDEwprdWJl\n"
           "cm5ldGVzMB4XDTI0MDEwOTEwMjMxNFoXDTM0MDEwNjEwMjMxNFowFTETMBEGA1UE\n"
           "AxMKa3ViZXJuZXRlczCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBAK9v\n"
           "-----END CERTIFICATE-----\n")

DS_AUTO_TOL = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists"},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/disk-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/memory-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/pid-pressure", "operator": "Exists"},
    {"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "operator": "Exists"},
]
DS_NET_TOL = {"effect": "NoSchedule", "key": "node.kubernetes.io/network-unavailable", "operator": "Exists"}
DEFAULT_TOL = [
    {"effect": "NoExecute", "key": "node.kubernetes.io/not-ready", "operator": "Exists", "tolerationSeconds": 300},
    {"effect": "NoExecute", "key": "node.kubernetes.io/unreachable", "operator": "Exists", "tolerationSeconds": 300},
]


# ----------------------------------------------------------------- quantities
def q_cpu(s):
    if s is None:
        return 0
    s = str(s)
    if s.endswith("m"):
        return int(s[:-1])
    return int(round(float(s) * 1000))


_MEM = [("Ei", 1024 ** 6), ("Pi", 1024 ** 5), ("Ti", 1024 ** 4), ("Gi", 1024 ** 3), ("Mi", 1024 ** 2), ("Ki", 1024),
        ("E", 10 ** 18), ("P", 10 ** 15), ("T", 10 ** 12), ("G", 10 ** 9), ("M", 10 ** 6), ("k", 10 ** 3)]


def q_mem(s):
    if s is None:
        return 0
    s = str(s)
    for u, f in _MEM:
        if s.endswith(u):
            return int(round(float(s[:-len(u)]) * f))
    return int(s)


def fmt_cpu(m):
    if m == 0:
        return "0"
    return str(m // 1000) if m % 1000 == 0 else "%dm" % m


def fmt_mem(b):
    if b == 0:
        return "0"
    for u, f in (("Ti", 1024 ** 4), ("Gi", 1024 ** 3), ("Mi", 1024 ** 2), ("Ki", 1024)):
        if b % f == 0:
            return "%d%s" % (b // f, u)
    return str(b)


def tolerated(tols, taint):
    for t in tols or []:
        eff = t.get("effect")
        if eff and eff != taint["effect"]:
            continue
        op = t.get("operator", "Equal")
        if op == "Exists":
            if not t.get("key") or t.get("key") == taint["key"]:
                return True
        else:
            if t.get("key") == taint["key"] and t.get("value", "") == taint.get("value", ""):
                return True
    return False


def sel_match(sel, labels):
    labels = labels or {}
    return all(labels.get(k) == v for k, v in (sel or {}).items())


def norm_image(img):
    name = img
    first = name.split("/")[0]
    if "/" not in name:
        name = "docker.io/library/" + name
    elif "." not in first and ":" not in first and first != "localhost":
        name = "docker.io/" + name
    if ":" not in name.split("/")[-1] and "@" not in name:
        name += ":latest"
    return name


def image_id(img, runtime="containerd"):
    n = norm_image(img)
    repo = n.rsplit(":", 1)[0] if "@" not in n else n.split("@")[0]
    return "%s@sha256:%s" % (repo, hashlib.sha256(n.encode()).hexdigest())


# ----------------------------------------------------------------- container helpers
def ctr(name, image, ports=None, env=None, envFrom=None, req=None, lim=None, live=None, ready=None, startup=None,
        mounts=None, args=None, command=None, sc=None, tmp="File", pull="IfNotPresent"):
    c = {"name": name, "image": image, "imagePullPolicy": pull, "resources": {},
         "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": tmp}
    if command:
        c["command"] = list(command)
    if args:
        c["args"] = list(args)
    if ports:
        c["ports"] = []
        for p in ports:
            d = {"containerPort": p[1], "protocol": p[2] if len(p) > 2 else "TCP"}
            if p[0]:
                d["name"] = p[0]
            c["ports"].append(d)
    if env:
        c["env"] = []
        for e in env:
            if isinstance(e, dict):
                c["env"].append(e)
            else:
                c["env"].append({"name": e[0], "value": e[1]})
    if envFrom:
        c["envFrom"] = envFrom
    if req:
        c["resources"]["requests"] = dict(req)
    if lim:
        c["resources"]["limits"] = dict(lim)
    if live:
        c["livenessProbe"] = live
    if ready:
        c["readinessProbe"] = ready
    if startup:
        c["startupProbe"] = startup
    if mounts:
        c["volumeMounts"] = [{"mountPath": m[1], "name": m[0], **({"readOnly": True} if len(m) > 2 and m[2] else {})}
                             if not isinstance(m, dict) else m for m in mounts]
    if sc:
        c["securityContext"] = sc
    return c


def _probe(kind, spec, delay=0, period=10, timeout=1, fail=3, succ=1):
    p = {kind: spec, "failureThreshold": fail, "periodSeconds": period, "successThreshold": succ,
         "timeoutSeconds": timeout}
    if delay:
        p["initialDelaySeconds"] = delay
    return p


def http_probe(path, port, scheme="HTTP", **kw):
    return _probe("httpGet", {"path": path, "port": port, "scheme": scheme}, **kw)


def tcp_probe(port, **kw):
    return _probe("tcpSocket", {"port": port}, **kw)


def exec_probe(cmd, **kw):
    return _probe("exec", {"command": list(cmd)}, **kw)


def sref(secret, key, name=None):
    return {"name": name or key.upper().replace("-", "_"),
            "valueFrom": {"secretKeyRef": {"key": key, "name": secret}}}


def fref(name, path):
    return {"name": name, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": path}}}


def vol_cm(name, cm, mode=420, items=None):
    d = {"name": name, "configMap": {"defaultMode": mode, "name": cm}}
    if items:
        d["configMap"]["items"] = [{"key": k, "path": p} for k, p in items]
    return d


def vol_secret(name, sec, mode=420, items=None):
    d = {"name": name, "secret": {"defaultMode": mode, "secretName": sec}}
    if items:
        d["secret"]["items"] = [{"key": k, "path": p} for k, p in items]
    return d


def vol_pvc(name, claim):
    return {"name": name, "persistentVolumeClaim": {"claimName": claim}}


def vol_empty(name, medium=None, limit=None):
    d = {"name": name, "emptyDir": {}}
    if medium:
        d["emptyDir"]["medium"] = medium
    if limit:
        d["emptyDir"]["sizeLimit"] = limit
    return d


def vol_host(name, path, typ=""):
    return {"name": name, "hostPath": {"path": path, "type": typ}}


# ================================================================= the cluster
class Cluster:
    def __init__(self, iid, seed, snap, flavor, version, age_days):
        self.iid = iid
        self.r = random.Random(seed)
        self.snap = snap
        self.T = dt.datetime.strptime(snap, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)
        self.flavor = flavor
        self.version = version
        self.minor = int(version.split(".")[1])
        self.age = age_days * D
        self.max_age = self.age - 2 * D
        self.items = {k: [] for k in KINDS}
        self._rv = self.r.randint(3000000, 90000000)
        self.ninfo = {}
        self.node_order = []
        self.svc_ips = set()
        self.ghosts = set()
        self.omit = []
        self.idx = {}
        self.crds = {}
        self.manual_ep = set()
        self.runtime = "containerd"
        self.svc_base = "10.96"
        self.svc3 = (0, 255)
        self.dns_ip = None
        self.ca_name = "kube-root-ca.crt"
        self.region = ""
        self.cluster = ""
        self.extra = {}

    # ---------------------------------------------------------- primitives
    def uid(self):
        return str(uuid.UUID(int=self.r.getrandbits(128), version=4))

    def ts(self, ago):
        ago = max(0, int(ago))
        return (self.T - dt.timedelta(seconds=ago)).strftime("%Y-%m-%dT%H:%M:%SZ")

    def rv(self):
        self._rv += self.r.randint(1, 5000)
        return str(self._rv)

    def sfx(self, n=5):
        return "".join(self.r.choice(ALPH) for _ in range(n))

    def hexs(self, n):
        return "".join(self.r.choice("0123456789abcdef") for _ in range(n))

    def age_of(self, ago):
        return min(int(ago), self.max_age)

    def add(self, plural, obj):
        av, kind, _ = KINDS[plural]
        obj["apiVersion"] = av
        obj["kind"] = kind
        self.items[plural].append(obj)
        m = obj["metadata"]
        self.idx[(kind, m.get("namespace", ""), m["name"])] = obj
        return obj

    def get(self, kind, ns, name):
        return self.idx.get((kind, ns or "", name))

    def meta(self, name, ns=None, labels=None, ann=None, ago=D, owner=None, gen=None, fin=None):
        ago = self.age_of(ago)
        if ns is not None and self.get("Namespace", "", ns) is not None:
            ago = min(ago, self.ctime(self.get("Namespace", "", ns)) - 60)
        m = {"name": name, "uid": self.uid(), "resourceVersion": self.rv(), "creationTimestamp": self.ts(ago)}
        if ns is not None:
            m["namespace"] = ns
        if labels:
            m["labels"] = dict(labels)
        if ann:
            m["annotations"] = dict(ann)
        if owner:
            m["ownerReferences"] = owner if isinstance(owner, list) else [owner]
        if gen is not None:
            m["generation"] = gen
        if fin:
            m["finalizers"] = list(fin)
        return m

    def oref(self, obj, controller=True, block=True):
        r = {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": obj["metadata"]["name"],
             "uid": obj["metadata"]["uid"]}
        if controller:
            r["controller"] = True
        if block:
            r["blockOwnerDeletion"] = True
        return r

    def crd(self, api, kind, ns, name, controller=True):
        k = (api, kind, ns, name)
        if k not in self.crds:
            self.crds[k] = self.uid()
        r = {"apiVersion": api, "kind": kind, "name": name, "uid": self.crds[k]}
        if controller:
            r["controller"] = True
            r["blockOwnerDeletion"] = True
        return r

    def ctime(self, obj):
        return (self.T - dt.datetime.strptime(obj["metadata"]["creationTimestamp"], "%Y-%m-%dT%H:%M:%SZ").replace(
            tzinfo=dt.timezone.utc)).total_seconds()

    # ---------------------------------------------------------- namespaces
    def ns(self, name, labels=None, ann=None, ago=None, phase="Active"):
        if self.get("Namespace", "", name):
            return self.get("Namespace", "", name)
        if ago is None:
            ago = self.age - self.r.randint(0, int(D * 0.8))
        ago = min(ago, self.age)
        lab = {"kubernetes.io/metadata.name": name}
        lab.update(labels or {})
        m = {"name": name, "uid": self.uid(), "resourceVersion": self.rv(), "creationTimestamp": self.ts(ago),
             "labels": lab}
        if ann:
            m["annotations"] = dict(ann)
        obj = {"metadata": m, "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": phase}}
        return self.add("namespaces", obj)

    # ---------------------------------------------------------- nodes
    def node(self, name, ip, pfx, labels, ago, cpu, mem_gi, taints=None, provider=None, unsched=False,
             os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-105-generic", runtime="containerd://1.7.12",
             zone=None, pods_cap=110, eph_gi=100, kubelet=None, cidr=None, hostname=None, extaddr=None):
        ago = min(ago, self.age - H)
        lab = {"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
               "kubernetes.io/hostname": hostname or name, "kubernetes.io/os": "linux"}
        if zone:
            lab["topology.kubernetes.io/zone"] = zone
            lab["failure-domain.beta.kubernetes.io/zone"] = zone
        if self.region:
            lab["topology.kubernetes.io/region"] = self.region
            lab["failure-domain.beta.kubernetes.io/region"] = self.region
        lab.update(labels)
        ann = {"node.alpha.kubernetes.io/ttl": "0",
               "volumes.kubernetes.io/controller-managed-attach-detach": "true"}
        if self.flavor in ("kubeadm",):
            ann["kubeadm.alpha.kubernetes.io/cri-socket"] = "unix:///var/run/containerd/containerd.sock"
        if self.flavor in ("k3s", "rke2"):
            ann["flannel.alpha.coreos.com/public-ip"] = ip
            ann["k3s.io/node-args"] = '["agent"]' if "server" not in name else '["server"]'
        mem_ki = mem_gi * 1024 * 1024 - self.r.randint(200000, 600000)
        alloc_mem = mem_ki - min(mem_gi * 1024 * 1024 // 10, 1800000) - 102400
        cpu_alloc = cpu * 1000 - (60 + 10 * cpu if cpu < 16 else 310)
        spec = {}
        if cidr:
            spec["podCIDR"] = cidr
            spec["podCIDRs"] = [cidr]
        if provider:
            spec["providerID"] = provider
        ts = list(taints or [])
        if unsched:
            spec["unschedulable"] = True
            ts.append({"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable",
                       "timeAdded": self.ts(unsched if isinstance(unsched, int) and unsched is not True else 3 * H)})
        if ts:
            spec["taints"] = ts
        hb = self.r.randint(5, 50)
        tr = max(ago - 90, 60)
        conds = [
            {"type": "MemoryPressure", "status": "False", "reason": "KubeletHasSufficientMemory",
             "message": "kubelet has sufficient memory available"},
            {"type": "DiskPressure", "status": "False", "reason": "KubeletHasNoDiskPressure",
             "message": "kubelet has no disk pressure"},
            {"type": "PIDPressure", "status": "False", "reason": "KubeletHasSufficientPID",
             "message": "kubelet has sufficient PID available"},
            {"type": "Ready", "status": "True", "reason": "KubeletReady", "message": "kubelet is posting ready status"},
        ]
        for cd in conds:
            cd["lastHeartbeatTime"] = self.ts(hb)
            cd["lastTransitionTime"] = self.ts(tr)
        addrs = [{"address": ip, "type": "InternalIP"}]
        if extaddr:
            addrs.append({"address": extaddr, "type": "ExternalIP"})
        addrs.append({"address": hostname or name, "type": "Hostname"})
        status = {
            "addresses": addrs,
            "allocatable": {"cpu": fmt_cpu(cpu_alloc), "ephemeral-storage": str(eph_gi * 1024 ** 3 * 9 // 10),
                            "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": "%dKi" % alloc_mem,
                            "pods": str(pods_cap)},
            "capacity": {"cpu": str(cpu), "ephemeral-storage": "%dKi" % (eph_gi * 1024 * 1024 - 4096),
                         "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": "%dKi" % mem_ki,
                         "pods": str(pods_cap)},
            "conditions": conds,
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {"architecture": "amd64", "bootID": self.uid(), "containerRuntimeVersion": runtime,
                         "kernelVersion": kernel, "kubeProxyVersion": kubelet or self.version,
                         "kubeletVersion": kubelet or self.version,
                         "machineID": self.hexs(32), "operatingSystem": "linux", "osImage": os_image,
                         "systemUUID": self.uid().upper() if self.flavor in ("eks", "kubeadm") else self.uid()},
        }
        obj = {"metadata": self.meta(name, labels=lab, ann=ann, ago=ago), "spec": spec, "status": status}
        self.add("nodes", obj)
        self.ninfo[name] = {"ip": ip, "pfx": pfx, "used": {ip}, "zone": zone, "obj": obj, "age": ago, "load": 0}
        self.node_order.append(name)
        if runtime.startswith("cri-o"):
            self.runtime = "cri-o"
        return obj

    def node_not_ready(self, name, since, reason="NodeStatusUnknown", msg="Kubelet stopped posting node status.",
                       unreachable=True):
        n = self.ninfo[name]["obj"]
        for cd in n["status"]["conditions"]:
            if unreachable:
                cd["status"] = "Unknown"
                cd["reason"] = "NodeStatusUnknown"
                cd["message"] = msg
                cd["lastHeartbeatTime"] = self.ts(since + self.r.randint(20, 40))
                cd["lastTransitionTime"] = self.ts(since)
            elif cd["type"] == "Ready":
                cd["status"] = "False"
                cd["reason"] = reason
                cd["message"] = msg
                cd["lastTransitionTime"] = self.ts(since)
        key = "node.kubernetes.io/unreachable" if unreachable else "node.kubernetes.io/not-ready"
        t = n["spec"].setdefault("taints", [])
        t.append({"effect": "NoSchedule", "key": key, "timeAdded": self.ts(since - 5)})
        t.append({"effect": "NoExecute", "key": key, "timeAdded": self.ts(since - 6)})

    def pod_ip(self, node):
        ni = self.ninfo[node]
        for _ in range(1000):
            ip = ni["pfx"] + str(self.r.randint(2, 252))
            if ip not in ni["used"]:
                ni["used"].add(ip)
                return ip
        raise RuntimeError("ip pool exhausted on " + node)

    def svc_ip(self):
        while True:
            if self.svc_base.count(".") == 1:
                ip = "%s.%d.%d" % (self.svc_base, self.r.randint(*self.svc3), self.r.randint(1, 254))
            else:
                ip = "%s.%d" % (self.svc_base, self.r.randint(2, 254))
            if ip not in self.svc_ips and ip != self.dns_ip:
                self.svc_ips.add(ip)
                return ip

    def eligible(self, tol=None, nsel=None, ds=False, hostnet=False, ready_only=True):
        out = []
        for name in self.node_order:
            n = self.ninfo[name]["obj"]
            if nsel and not sel_match(nsel, n["metadata"]["labels"]):
                continue
            tl = list(tol or [])
            if ds:
                tl += DS_AUTO_TOL + ([DS_NET_TOL] if hostnet else [])
            if any(t["effect"] in ("NoSchedule", "NoExecute") and not tolerated(tl, t) for t in
                   n["spec"].get("taints", [])):
                continue
            out.append(name)
        return out

    def place(self, tol=None, nsel=None, avoid=()):
        cands = [n for n in self.eligible(tol, nsel) if n not in avoid] or self.eligible(tol, nsel)
        if not cands:
            raise RuntimeError("no node for placement %s %s" % (tol, nsel))
        lo = min(self.ninfo[n]["load"] for n in cands)
        best = [n for n in cands if self.ninfo[n]["load"] <= lo + 1]
        n = self.r.choice(best)
        self.ninfo[n]["load"] += 1
        return n

    def workers(self):
        return [n for n in self.node_order if not any(
            t["key"] in ("node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master")
            for t in self.ninfo[n]["obj"]["spec"].get("taints", []))]

    # ---------------------------------------------------------- pods
    def podspec(self, ctrs, vols=None, init=None, sa=None, tol=None, nsel=None, aff=None, hostnet=False,
                prio=None, psc=None, dns=None, tgp=30, restart="Always", extra=None):
        s = {"containers": copy.deepcopy(ctrs), "dnsPolicy": dns or ("ClusterFirstWithHostNet" if hostnet else "ClusterFirst"),
             "restartPolicy": restart, "schedulerName": "default-scheduler", "securityContext": psc or {},
             "terminationGracePeriodSeconds": tgp}
        if init:
            s["initContainers"] = copy.deepcopy(init)
        if vols:
            s["volumes"] = copy.deepcopy(vols)
        if sa:
            s["serviceAccount"] = sa
            s["serviceAccountName"] = sa
        if tol:
            s["tolerations"] = copy.deepcopy(tol)
        if nsel:
            s["nodeSelector"] = dict(nsel)
        if aff:
            s["affinity"] = copy.deepcopy(aff)
        if hostnet:
            s["hostNetwork"] = True
        if prio:
            s["priorityClassName"] = prio
        if extra:
            s.update(copy.deepcopy(extra))
        return s

    def pod(self, ns, name, spec, node, labels=None, ann=None, owner=None, ago=3 * D, automount=True, ds=False,
            hostname=None, subdomain=None, gen_name=None, phase="Running", started=None):
        """Create a healthy running pod from a template spec."""
        ago = self.age_of(ago)
        if node:
            ago = min(ago, self.ninfo[node]["age"] - 30)
        nso = self.get("Namespace", "", ns)
        if nso is not None:
            ago = min(ago, self.ctime(nso) - 60)
        sp = copy.deepcopy(spec)
        sa = sp.get("serviceAccountName", "default")
        sp["serviceAccount"] = sa
        sp["serviceAccountName"] = sa
        sp.setdefault("enableServiceLinks", True)
        sp.setdefault("preemptionPolicy", "PreemptLowerPriority")
        prio_map = {"system-node-critical": 2000001000, "system-cluster-critical": 2000000000}
        sp["priority"] = prio_map.get(sp.get("priorityClassName"), self.extra.get("prio", {}).get(sp.get("priorityClassName"), 0))
        if node:
            sp["nodeName"] = node
        tl = sp.setdefault("tolerations", [])
        if ds:
            for t in DS_AUTO_TOL + ([DS_NET_TOL] if sp.get("hostNetwork") else []):
                if t not in tl:
                    tl.append(copy.deepcopy(t))
            sp["affinity"] = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}]}}}
        else:
            have = {(t.get("key"), t.get("effect")) for t in tl}
            if not any(t.get("operator") == "Exists" and not t.get("key") for t in tl):
                for t in DEFAULT_TOL:
                    if (t["key"], t["effect"]) not in have:
                        tl.append(copy.deepcopy(t))
        if not tl:
            del sp["tolerations"]
        if hostname:
            sp["hostname"] = hostname
        if subdomain:
            sp["subdomain"] = subdomain
        if automount:
            vname = "kube-api-access-" + self.sfx(5)
            sp.setdefault("volumes", []).append({"name": vname, "projected": {"defaultMode": 420, "sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
                {"downwardAPI": {"items": [{"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"},
                                            "path": "namespace"}]}}]}})
            if self.flavor == "openshift":
                sp["volumes"][-1]["projected"]["sources"].append(
                    {"configMap": {"items": [{"key": "service-ca.crt", "path": "service-ca.crt"}],
                                   "name": "openshift-service-ca.crt"}})
            for c in sp["containers"] + sp.get("initContainers", []):
                c.setdefault("volumeMounts", []).append(
                    {"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": vname, "readOnly": True})
        lab = dict(labels or {})
        m = self.meta(name, ns, labels=lab, ann=ann, ago=ago, owner=owner)
        if gen_name:
            m["generateName"] = gen_name
        if self.flavor == "openshift":
            m.setdefault("annotations", {})["openshift.io/scc"] = "restricted-v2" if not sp.get("hostNetwork") else "privileged"
            if not sp.get("hostNetwork"):
                m["annotations"]["k8s.ovn.org/pod-networks"] = "__IP__"
        pod = {"metadata": m, "spec": sp, "status": {}}
        st = pod["status"]
        started = ago - self.r.randint(2, 20) if started is None else started
        if node:
            hip = self.ninfo[node]["ip"]
            pip = hip if sp.get("hostNetwork") else self.pod_ip(node)
            st.update({"hostIP": hip, "hostIPs": [{"ip": hip}], "podIP": pip, "podIPs": [{"ip": pip}],
                       "startTime": self.ts(ago - 1)})
            if "annotations" in m and m["annotations"].get("k8s.ovn.org/pod-networks") == "__IP__":
                m["annotations"]["k8s.ovn.org/pod-networks"] = json.dumps(
                    {"default": {"ip_addresses": [pip + "/23"], "mac_address": "0a:58:" + ":".join(
                        pip.split(".")[i].rjust(3, "0")[-2:] for i in range(4)), "gateway_ips": [pip.rsplit(".", 1)[0] + ".1"],
                        "ip_address": pip + "/23", "gateway_ip": pip.rsplit(".", 1)[0] + ".1"}}, separators=(",", ":"))
        st["phase"] = phase
        cs = []
        for c in sp["containers"]:
            cs.append(self._cstat(c, started))
        st["containerStatuses"] = cs
        if sp.get("initContainers"):
            ics = []
            t0 = ago - 1
            for c in sp["initContainers"]:
                d = self.r.randint(1, 6)
                ics.append({"containerID": self._cid(), "image": norm_image(c["image"]), "imageID": image_id(c["image"]),
                            "lastState": {}, "name": c["name"], "ready": True, "restartCount": 0, "started": False,
                            "state": {"terminated": {"containerID": "", "exitCode": 0, "finishedAt": self.ts(t0 - d),
                                                     "reason": "Completed", "startedAt": self.ts(t0)}}})
                ics[-1]["state"]["terminated"]["containerID"] = ics[-1]["containerID"]
                t0 -= d
            st["initContainerStatuses"] = ics
        st["qosClass"] = self.qos(sp)
        self.fix_conditions(pod, created=ago)
        return self.add("pods", pod)

    def _cid(self):
        return ("cri-o://" if self.runtime == "cri-o" else "containerd://") + self.hexs(64)

    def _cstat(self, c, started_ago):
        return {"containerID": self._cid(), "image": norm_image(c["image"]), "imageID": image_id(c["image"]),
                "lastState": {}, "name": c["name"], "ready": True, "restartCount": 0, "started": True,
                "state": {"running": {"startedAt": self.ts(started_ago)}}}

    @staticmethod
    def qos(sp):
        allc = sp["containers"] + sp.get("initContainers", [])
        reqs = [c.get("resources", {}) for c in allc]
        if not any(r.get("requests") or r.get("limits") for r in reqs):
            return "BestEffort"
        for c in sp["containers"]:
            r = c.get("resources", {})
            lim = r.get("limits", {})
            req = r.get("requests", lim)
            if not lim.get("cpu") or not lim.get("memory"):
                return "Burstable"
            if q_cpu(req.get("cpu", lim["cpu"])) != q_cpu(lim["cpu"]) or q_mem(req.get("memory", lim["memory"])) != q_mem(lim["memory"]):
                return "Burstable"
        return "Guaranteed"

    def fix_conditions(self, pod, created=None, trans=None):
        st = pod["status"]
        created = created if created is not None else self.ctime(pod)
        sched = self.ts(created - 1)
        t = trans if trans is not None else (st.get("_trans") or created - self.r.randint(5, 30))
        if not pod["spec"].get("nodeName"):
            return
        cs = st.get("containerStatuses", [])
        ics = st.get("initContainerStatuses", [])
        has_sandbox = "podIP" in st
        init_done = all(i.get("state", {}).get("terminated", {}).get("reason") == "Completed" for i in ics)
        terminal = st.get("phase") in ("Succeeded", "Failed")
        unready = [c["name"] for c in cs if not c.get("ready")]
        conds = []
        if self.minor >= 29:
            conds.append({"type": "PodReadyToStartContainers", "status": "True" if has_sandbox and not terminal else "False",
                          "lastProbeTime": None, "lastTransitionTime": self.ts(created - 2)})
        c_init = {"type": "Initialized", "status": "True" if init_done else "False", "lastProbeTime": None,
                  "lastTransitionTime": self.ts(created - 3)}
        if not init_done:
            c_init["reason"] = "ContainersNotInitialized"
            c_init["message"] = "containers with incomplete status: [%s]" % " ".join(
                i["name"] for i in ics if i.get("state", {}).get("terminated", {}).get("reason") != "Completed")
        conds.append(c_init)
        rd = {"type": "Ready", "status": "True" if not unready and not terminal else "False", "lastProbeTime": None,
              "lastTransitionTime": self.ts(t)}
        cr = {"type": "ContainersReady", "status": rd["status"], "lastProbeTime": None, "lastTransitionTime": self.ts(t)}
        if terminal and st.get("phase") == "Succeeded":
            for x in (rd, cr):
                x["reason"] = "PodCompleted"
        elif unready:
            rd["reason"] = cr["reason"] = "ContainersNotReady"
            rd["message"] = cr["message"] = "containers with unready status: [%s]" % " ".join(unready)
        conds += [rd, cr, {"type": "PodScheduled", "status": "True", "lastProbeTime": None, "lastTransitionTime": sched}]
        st["conditions"] = conds
        st.pop("_trans", None)

    # -------------------------------------------------------- pod state mutators
    def _cs(self, pod, cname):
        for c in pod["status"]["containerStatuses"]:
            if c["name"] == cname:
                return c
        raise KeyError(cname)

    def crashloop(self, pod, cname, restarts, exit_code=1, reason="Error", msg=None, last_run=None, since=None,
                  backoff="5m0s"):
        """Container in CrashLoopBackOff. last_run: (started_ago, finished_ago) of last attempt."""
        c = self._cs(pod, cname)
        fin = last_run[1] if last_run else self.r.randint(20, 280)
        sta = last_run[0] if last_run else fin + self.r.randint(1, 30)
        c["containerID"] = self._cid()
        term = {"containerID": c["containerID"], "exitCode": exit_code, "finishedAt": self.ts(fin), "reason": reason,
                "startedAt": self.ts(sta)}
        if msg:
            term["message"] = msg
        c["lastState"] = {"terminated": term}
        c["state"] = {"waiting": {"message": "back-off %s restarting failed container=%s pod=%s_%s(%s)" % (
            backoff, cname, pod["metadata"]["name"], pod["metadata"]["namespace"], pod["metadata"]["uid"]),
            "reason": "CrashLoopBackOff"}}
        c["ready"] = False
        c["started"] = False
        c["restartCount"] = restarts
        self.fix_conditions(pod, trans=since if since is not None else fin)

    def restarted(self, pod, cname, restarts, last_fin, exit_code=137, reason="Error", msg=None, run_for=None):
        """Container now running again, with an old termination in lastState."""
        c = self._cs(pod, cname)
        sta = last_fin + (run_for or self.r.randint(300, 4 * H))
        c["lastState"] = {"terminated": {"containerID": self._cid(), "exitCode": exit_code, "finishedAt": self.ts(last_fin),
                                         "reason": reason, "startedAt": self.ts(sta)}}
        if msg:
            c["lastState"]["terminated"]["message"] = msg
        c["restartCount"] = restarts
        c["state"] = {"running": {"startedAt": self.ts(last_fin - 1)}}

    def waiting(self, pod, cname, reason, msg=None, sandbox=True, since=None):
        c = self._cs(pod, cname)
        w = {"reason": reason}
        if msg:
            w["message"] = msg
        c["state"] = {"waiting": w}
        c["ready"] = False
        c["started"] = False
        c.pop("containerID", None)
        if reason in ("ContainerCreating", "ImagePullBackOff", "ErrImagePull", "CreateContainerConfigError",
                      "PodInitializing"):
            c["imageID"] = ""
            if reason == "ContainerCreating":
                c["image"] = norm_image(self._spec_c(pod, cname)["image"])
        st = pod["status"]
        if all(not x.get("started") and x["restartCount"] == 0 for x in st["containerStatuses"]):
            st["phase"] = "Pending"
        if not sandbox:
            for k in ("podIP", "podIPs"):
                st.pop(k, None)
            node = pod["spec"].get("nodeName")
            if node and not pod["spec"].get("hostNetwork"):
                pass
            if "annotations" in pod["metadata"]:
                pod["metadata"]["annotations"].pop("k8s.ovn.org/pod-networks", None)
        self.fix_conditions(pod, trans=since)

    def _spec_c(self, pod, cname):
        for c in pod["spec"]["containers"]:
            if c["name"] == cname:
                return c

    def notready(self, pod, cname, since=None):
        c = self._cs(pod, cname)
        c["ready"] = False
        self.fix_conditions(pod, trans=since)

    def unschedulable(self, pod, msg, since):
        node = pod["spec"].pop("nodeName", None)
        if node:
            ip = pod["status"].get("podIP")
            self.ninfo[node]["used"].discard(ip)
            self.ninfo[node]["load"] -= 1
        pod["status"] = {"conditions": [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                                         "message": msg, "lastProbeTime": None, "lastTransitionTime": self.ts(since)}],
                         "phase": "Pending", "qosClass": pod["status"]["qosClass"]}
        if self.flavor == "openshift":
            pod["metadata"].get("annotations", {}).pop("k8s.ovn.org/pod-networks", None)

    def terminating(self, pod, since, grace=30):
        pod["metadata"]["deletionTimestamp"] = self.ts(since - grace)
        pod["metadata"]["deletionGracePeriodSeconds"] = grace

    # ---------------------------------------------------------- workloads
    def _tmpl(self, labels, spec, ann=None):
        md = {"creationTimestamp": None, "labels": dict(labels)}
        if ann:
            md["annotations"] = dict(ann)
        return {"metadata": md, "spec": spec}

    def deploy(self, ns, name, ctrs, replicas=1, labels=None, sel=None, ago=None, pod_ago=None, sa=None, vols=None,
               init=None, tol=None, nsel=None, aff=None, strategy=None, ann=None, pann=None, hostnet=False, prio=None,
               automount=True, psc=None, revision=None, old_ctrs=None, old_pods=0, old_ago=None, nodes=None,
               dlabels=None, owner=None, dns=None, tgp=30, extra=None, old_extra=None, old_vols=None, old_nodes=None, new_pods=None):
        ago = self.age_of(ago if ago is not None else self.r.randint(20, 300) * D)
        labels = dict(labels or {"app": name})
        sel = dict(sel or labels)
        spec = self.podspec(ctrs, vols, init, sa, tol, nsel, aff, hostnet, prio, psc, dns=dns, tgp=tgp, extra=extra)
        revision = revision or self.r.randint(1, 9)
        gen = revision + self.r.randint(0, 3)
        dm = self.meta(name, ns, labels=dlabels if dlabels is not None else labels,
                       ann=dict({"deployment.kubernetes.io/revision": str(revision)}, **(ann or {})), ago=ago, gen=gen,
                       owner=owner)
        dep = {"metadata": dm, "spec": {
            "progressDeadlineSeconds": 600, "replicas": replicas, "revisionHistoryLimit": 10,
            "selector": {"matchLabels": sel},
            "strategy": strategy or {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}, "type": "RollingUpdate"},
            "template": self._tmpl(labels, spec, pann)}, "status": {}}
        self.add("deployments", dep)
        rss = []
        # previous revision replica sets (scaled down, or still holding pods during a rollout)
        nprev = min(revision - 1, self.r.randint(0, 2)) if old_ctrs is None else max(1, min(revision - 1, 2))
        if old_ctrs is not None and revision < 2:
            raise ValueError("rollout needs revision>=2")
        rs_ago = ago
        for k in range(nprev, 0, -1):
            rev = revision - k
            rs_ago_k = max(self.age_of(ago) - (nprev - k + 1), 1) if k > 1 or old_ctrs is None else (old_ago or ago)
            rs_ago_k = min(rs_ago_k, ago)
            octr = old_ctrs if (k == 1 and old_ctrs is not None) else ctrs
            ospec = self.podspec(octr, old_vols if old_vols is not None else vols, init, sa, tol, nsel, aff, hostnet, prio, psc, dns=dns, tgp=tgp,
                                 extra=old_extra if old_extra is not None else extra)
            npods = old_pods if (k == 1 and old_ctrs is not None) else 0
            rs, _ = self._rs(dep, rev, ospec, labels, npods, rs_ago_k, pod_ago=old_ago, pann=pann, automount=automount,
                             nodes=old_nodes if npods else None)
            rss.append(rs)
        rs_new_ago = pod_ago if (pod_ago is not None and old_ctrs is not None) else (ago if revision == 1 else
                                                                                     min(ago, pod_ago or ago))
        n_new = replicas - (old_pods if old_ctrs is not None else 0) if new_pods is None else new_pods
        rs, pods = self._rs(dep, revision, spec, labels, max(n_new, 0), rs_new_ago, pod_ago=pod_ago, pann=pann,
                            automount=automount, nodes=nodes, desired=replicas)
        rss.append(rs)
        dep["_rs"] = rss
        return dep, rs, pods

    def _rs(self, dep, rev, spec, labels, npods, ago, pod_ago=None, pann=None, automount=True, nodes=None, desired=None):
        ns = dep["metadata"]["namespace"]
        h = self.sfx(self.r.choice([9, 10]))
        name = "%s-%s" % (dep["metadata"]["name"], h)
        lab = dict(labels)
        lab["pod-template-hash"] = h
        desired = desired if desired is not None else npods
        rs = {"metadata": self.meta(name, ns, labels=lab, ann={
            "deployment.kubernetes.io/desired-replicas": str(dep["spec"]["replicas"]),
            "deployment.kubernetes.io/max-replicas": str(dep["spec"]["replicas"] + max(1, (dep["spec"]["replicas"] + 3) // 4)),
            "deployment.kubernetes.io/revision": str(rev)}, ago=ago, owner=self.oref(dep), gen=self.r.randint(1, 4)),
            "spec": {"replicas": npods, "selector": {"matchLabels": dict(dep["spec"]["selector"]["matchLabels"],
                                                                         **{"pod-template-hash": h})},
                     "template": self._tmpl(lab, spec, pann)}, "status": {}}
        self.add("replicasets", rs)
        pods = []
        tol = spec.get("tolerations")
        for i in range(npods):
            node = nodes[i] if nodes else self.place(tol, spec.get("nodeSelector"))
            pa = pod_ago if pod_ago is not None else ago - self.r.randint(5, 120)
            pa = min(pa, ago)
            p = self.pod(ns, "%s-%s" % (name, self.sfx(5)), spec, node, labels=lab, ann=pann, owner=self.oref(rs),
                         ago=pa, automount=automount, gen_name=name + "-")
            pods.append(p)
        return rs, pods

    def sts(self, ns, name, ctrs, replicas, svc, labels=None, sel=None, vct=None, ago=None, pod_ago=None, sa=None,
            vols=None, init=None, tol=None, nsel=None, aff=None, pmp="OrderedReady", owner=None, pann=None, psc=None,
            automount=True, old_ctrs=None, updated=None, nodes=None, ann=None, ordinals=None, pvc_ago=None,
            dlabels=None, extra=None, tgp=30, old_extra=None, retention=None, part=None, pvc_bound=True):
        ago = self.age_of(ago if ago is not None else self.r.randint(30, 400) * D)
        labels = dict(labels or {"app": name})
        sel = dict(sel or labels)
        spec = self.podspec(ctrs, vols, init, sa, tol, nsel, aff, False, None, psc, tgp=tgp, extra=extra)
        new_h = "%s-%s" % (name, self.sfx(10))
        old_h = "%s-%s" % (name, self.sfx(10)) if old_ctrs is not None else new_h
        gen = self.r.randint(1, 12)
        sp = {"persistentVolumeClaimRetentionPolicy": retention or {"whenDeleted": "Retain", "whenScaled": "Retain"},
              "podManagementPolicy": pmp, "replicas": replicas, "revisionHistoryLimit": 10,
              "selector": {"matchLabels": sel}, "serviceName": svc,
              "template": self._tmpl(labels, spec, pann),
              "updateStrategy": {"rollingUpdate": {"partition": part or 0}, "type": "RollingUpdate"}}
        if vct:
            sp["volumeClaimTemplates"] = []
            for v in vct:
                scn = v.get("sc")
                t = {"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                     "metadata": {"creationTimestamp": None, "name": v["name"]},
                     "spec": {"accessModes": v.get("modes", ["ReadWriteOnce"]),
                              "resources": {"requests": {"storage": v["size"]}}, "volumeMode": "Filesystem"},
                     "status": {"phase": "Pending"}}
                if v.get("labels"):
                    t["metadata"]["labels"] = dict(v["labels"])
                if scn is not None:
                    t["spec"]["storageClassName"] = scn
                sp["volumeClaimTemplates"].append(t)
        obj = {"metadata": self.meta(name, ns, labels=dlabels if dlabels is not None else labels, ann=ann, ago=ago,
                                     gen=gen, owner=owner), "spec": sp, "status": {}}
        obj["_rev"] = (old_h, new_h)
        self.add("statefulsets", obj)
        pods = []
        pvcs = []
        ospec = self.podspec(old_ctrs, vols, init, sa, tol, nsel, aff, False, None, psc, tgp=tgp,
                             extra=old_extra if old_extra is not None else extra) if old_ctrs is not None else spec
        ords = list(range(replicas)) if ordinals is None else ordinals
        upd = set(updated if updated is not None else range(replicas))
        for i in range(replicas):
            pname = "%s-%d" % (name, i)
            node = nodes[i] if nodes else None
            if vct:
                for v in vct:
                    pvc_name = "%s-%s" % (v["name"], pname)
                    if node is None:
                        node = self.place(spec.get("tolerations"), spec.get("nodeSelector"))
                    pvc = self.pvc(ns, pvc_name, v["size"], v.get("sc"), node=node if pvc_bound else None, labels=sel,
                                   ago=pvc_ago if pvc_ago is not None else ago - 30 - i * 40,
                                   modes=v.get("modes"), bound=pvc_bound)
                    pvcs.append(pvc)
            if i not in ords:
                continue
            if node is None:
                node = self.place(spec.get("tolerations"), spec.get("nodeSelector"))
            lab = dict(labels)
            lab["controller-revision-hash"] = new_h if i in upd else old_h
            lab["statefulset.kubernetes.io/pod-name"] = pname
            if self.minor >= 28:
                lab["apps.kubernetes.io/pod-index"] = str(i)
            pa = pod_ago if pod_ago is not None else ago - 60 - i * 45 - self.r.randint(0, 5 * D)
            pa = min(pa, ago)
            p = self.pod(ns, pname, spec if i in upd else ospec, node, labels=lab, ann=pann, owner=self.oref(obj),
                         ago=pa, automount=automount, hostname=pname, subdomain=svc)
            if vct:
                for v in vct:
                    vol = vol_pvc(v["name"], "%s-%s" % (v["name"], pname))
                    p["spec"].setdefault("volumes", []).insert(0, vol)
            pods.append(p)
        return obj, pods, pvcs

    def ds(self, ns, name, ctrs, labels=None, tol=None, hostnet=False, ago=None, pod_ago=None, sa=None, vols=None,
           init=None, nsel=None, prio=None, automount=True, ann=None, psc=None, skip_nodes=(), dns=None,
           update=None, pann=None, owner=None, dlabels=None):
        ago = self.age_of(ago if ago is not None else self.r.randint(30, 400) * D)
        labels = dict(labels or {"app": name})
        spec = self.podspec(ctrs, vols, init, sa, tol, nsel, None, hostnet, prio, psc, dns=dns)
        gen = self.r.randint(1, 6)
        h = self.hexs(10) if self.r.random() < 0.5 else self.sfx(10)
        obj = {"metadata": self.meta(name, ns, labels=dlabels if dlabels is not None else labels,
                                     ann=dict({"deprecated.daemonset.template.generation": str(gen)}, **(ann or {})),
                                     ago=ago, gen=gen, owner=owner),
               "spec": {"revisionHistoryLimit": 10, "selector": {"matchLabels": dict(labels)},
                        "template": self._tmpl(labels, spec, pann),
                        "updateStrategy": update or {"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1},
                                                     "type": "RollingUpdate"}},
               "status": {}}
        self.add("daemonsets", obj)
        lab = dict(labels)
        lab["controller-revision-hash"] = h
        lab["pod-template-generation"] = str(gen)
        pods = []
        for n in self.eligible(tol, nsel, ds=True, hostnet=hostnet):
            if n in skip_nodes:
                continue
            pa = pod_ago if pod_ago is not None else self.r.randint(2 * D, 60 * D)
            pa = min(pa, ago, self.ninfo[n]["age"] - 20)
            p = self.pod(ns, "%s-%s" % (name, self.sfx(5)), spec, n, labels=lab, ann=pann, owner=self.oref(obj),
                         ago=pa, automount=automount, ds=True, gen_name=name + "-")
            pods.append(p)
        return obj, pods

    def static_pod(self, ns, base, node, ctrs, labels, ago=None, prio="system-node-critical", vols=None, ann=None):
        n = self.ninfo[node]["obj"]
        ago = min(ago or self.r.randint(5 * D, 60 * D), self.ninfo[node]["age"] - 10)
        spec = self.podspec(ctrs, vols, hostnet=True, prio=prio, extra={"tolerations": [{"effect": "NoExecute", "operator": "Exists"}]})
        a = {"kubernetes.io/config.hash": self.hexs(32), "kubernetes.io/config.mirror": self.hexs(32),
             "kubernetes.io/config.seen": self.ts(ago + 5).replace("Z", ".%06d+00:00" % self.r.randint(0, 999999)),
             "kubernetes.io/config.source": "file"}
        a.update(ann or {})
        owner = {"apiVersion": "v1", "controller": True, "kind": "Node", "name": node, "uid": n["metadata"]["uid"]}
        return self.pod(ns, "%s-%s" % (base, node), spec, node, labels=labels, ann=a, owner=owner, ago=ago,
                        automount=False)

    # ---------------------------------------------------------- jobs
    def job(self, ns, name, ctrs, ago, dur=None, result="Complete", owner=None, labels=None, sa=None, vols=None,
            backoff=6, deadline=None, ttl=None, failed_pods=0, node=None, ann=None, fail_msg=None, keep_pods=True,
            completions=1, tol=None, nsel=None, fail_reason="Error", exit_code=1, pod_ann=None):
        ago = self.age_of(ago)
        dur = dur or self.r.randint(8, 240)
        cuid = self.uid()
        sel = {"batch.kubernetes.io/controller-uid": cuid}
        lab = {"batch.kubernetes.io/controller-uid": cuid, "batch.kubernetes.io/job-name": name,
               "controller-uid": cuid, "job-name": name}
        lab.update(labels or {})
        spec = self.podspec(ctrs, vols, None, sa, tol, nsel, restart="Never" if result != "Complete" or backoff == 0 else "OnFailure")
        spec["restartPolicy"] = "Never" if failed_pods or result != "Complete" else self.r.choice(["Never", "OnFailure"])
        jm = self.meta(name, ns, labels=dict(labels or {}, **{"batch.kubernetes.io/controller-uid": cuid,
                                                              "batch.kubernetes.io/job-name": name,
                                                              "controller-uid": cuid, "job-name": name}),
                       ann=dict({"batch.kubernetes.io/job-tracking": ""}, **(ann or {})), ago=ago, owner=owner, gen=1)
        jm["uid"] = cuid
        js = {"backoffLimit": backoff, "completionMode": "NonIndexed", "completions": completions, "manualSelector": False,
              "parallelism": 1, "podReplacementPolicy": "TerminatingOrFailed", "selector": {"matchLabels": sel},
              "suspend": False, "template": self._tmpl(lab, spec)}
        if self.minor < 29:
            js.pop("podReplacementPolicy")
        if deadline:
            js["activeDeadlineSeconds"] = deadline
        if ttl is not None:
            js["ttlSecondsAfterFinished"] = ttl
        job = {"metadata": jm, "spec": js, "status": {}}
        self.add("jobs", job)
        st = job["status"]
        st["startTime"] = self.ts(ago - 1)
        st["uncountedTerminatedPods"] = {}
        st["ready"] = 0
        st["terminating"] = 0
        end = ago - dur
        pods = []
        t = ago - 1
        for k in range(failed_pods):
            pn = "%s-%s" % (name, self.sfx(5))
            n = node or self.place(tol, nsel)
            p = self.pod(ns, pn, spec, n, labels=lab, owner=self.oref(job), ago=t, automount=True, gen_name=name + "-",
                         ann=pod_ann)
            self._terminate_pod(p, t - 2, max(t - dur // max(failed_pods, 1) + 2, end + 1), ok=False,
                                msg=fail_msg, reason=fail_reason, exit_code=exit_code)
            if keep_pods:
                pods.append(p)
            else:
                self.items["pods"].remove(p)
                self.ghosts.add(("Pod", ns, pn))
            t = t - dur // max(failed_pods, 1) - 10
        if result == "Complete":
            pn = "%s-%s" % (name, self.sfx(5))
            n = node or self.place(tol, nsel)
            p = self.pod(ns, pn, spec, n, labels=lab, owner=self.oref(job), ago=max(t, end + 2), automount=True,
                         gen_name=name + "-", ann=pod_ann)
            self._terminate_pod(p, max(t, end + 2) - 1, end + 1, ok=True)
            if keep_pods:
                pods.append(p)
            else:
                self.items["pods"].remove(p)
                self.ghosts.add(("Pod", ns, pn))
            st["succeeded"] = completions
            st["completionTime"] = self.ts(end)
            conds = [{"type": "Complete", "status": "True", "lastProbeTime": self.ts(end), "lastTransitionTime": self.ts(end)}]
            if self.minor >= 30:
                conds.insert(0, {"type": "SuccessCriteriaMet", "status": "True", "lastProbeTime": self.ts(end),
                                 "lastTransitionTime": self.ts(end)})
            st["conditions"] = conds
        elif result in ("Failed", "DeadlineExceeded"):
            st["failed"] = failed_pods
            msg = {"Failed": "Job has reached the specified backoff limit",
                   "DeadlineExceeded": "Job was active longer than specified deadline"}[result]
            reason = {"Failed": "BackoffLimitExceeded", "DeadlineExceeded": "DeadlineExceeded"}[result]
            conds = [{"type": "Failed", "status": "True", "lastProbeTime": self.ts(end), "lastTransitionTime": self.ts(end),
                      "message": msg, "reason": reason}]
            if self.minor >= 31:
                conds.insert(0, {"type": "FailureTarget", "status": "True", "lastProbeTime": self.ts(end),
                                 "lastTransitionTime": self.ts(end), "message": msg, "reason": reason})
            st["conditions"] = conds
        else:  # running
            st["active"] = 1
            pn = "%s-%s" % (name, self.sfx(5))
            n = node or self.place(tol, nsel)
            p = self.pod(ns, pn, spec, n, labels=lab, owner=self.oref(job), ago=t, automount=True, gen_name=name + "-")
            pods.append(p)
            st["ready"] = 1
        return job, pods

    def _terminate_pod(self, p, started, finished, ok=True, msg=None, reason=None, exit_code=None):
        st = p["status"]
        st["phase"] = "Succeeded" if ok else "Failed"
        for c in st["containerStatuses"]:
            term = {"containerID": c["containerID"], "exitCode": 0 if ok else (exit_code or 1),
                    "finishedAt": self.ts(finished), "reason": "Completed" if ok else (reason or "Error"),
                    "startedAt": self.ts(started)}
            if msg and not ok:
                term["message"] = msg
            c["state"] = {"terminated": term}
            c["ready"] = False
            c["started"] = False
        self.fix_conditions(p, trans=finished)
        pip = st.get("podIP")
        node = p["spec"].get("nodeName")
        if pip and node and not p["spec"].get("hostNetwork"):
            self.ninfo[node]["used"].discard(pip)

    def cronjob(self, ns, name, schedule, ctrs, period, last_ago, hist=3, ago=None, sa=None, vols=None, suspend=False,
                conc="Forbid", labels=None, dur=None, fail_last=0, keep=3, tz=None, deadline=None, backoff=6,
                fail_msg=None):
        ago = self.age_of(ago if ago is not None else self.r.randint(40, 300) * D)
        lab = dict(labels or {"app.kubernetes.io/name": name})
        jspec = self.podspec(ctrs, vols, None, sa, restart="OnFailure")
        cj = {"metadata": self.meta(name, ns, labels=lab, ago=ago, gen=self.r.randint(1, 5)),
              "spec": {"concurrencyPolicy": conc, "failedJobsHistoryLimit": 1,
                       "jobTemplate": {"metadata": {"creationTimestamp": None, "labels": dict(lab)},
                                       "spec": {"backoffLimit": backoff,
                                                "template": self._tmpl(lab, jspec)}},
                       "schedule": schedule, "successfulJobsHistoryLimit": keep, "suspend": suspend}, "status": {}}
        if tz:
            cj["spec"]["timeZone"] = tz
        if deadline:
            cj["spec"]["startingDeadlineSeconds"] = deadline
        self.add("cronjobs", cj)
        jobs = []
        t = last_ago
        runs = []
        for k in range(hist):
            runs.append(t)
            t += period
        for k, t in enumerate(sorted(runs, reverse=True)):
            sched_unix = int((self.T - dt.timedelta(seconds=t)).timestamp()) // 60 * 60
            t = int(self.T.timestamp()) - sched_unix
            jn = "%s-%d" % (name, sched_unix // 60)
            failed = (len(runs) - 1 - k) < fail_last
            jl = dict(lab)
            j, pods = self.job(ns, jn, ctrs, t, dur=dur or self.r.randint(15, 300), owner=self.oref(cj),
                               labels=jl, sa=sa, vols=vols, result="Failed" if failed else "Complete",
                               failed_pods=(backoff + 1) if failed else 0, fail_msg=fail_msg, backoff=backoff,
                               ann={"batch.kubernetes.io/cronjob-scheduled-timestamp": self.ts(t)})
            jobs.append(j)
        if runs:
            cj["status"]["lastScheduleTime"] = self.ts(int(self.T.timestamp()) - (int((self.T - dt.timedelta(seconds=min(runs))).timestamp()) // 60 * 60))
            succ = [j for j in jobs if j["status"].get("succeeded")]
            if succ:
                cj["status"]["lastSuccessfulTime"] = max((j["status"]["completionTime"] for j in succ))
        return cj, jobs

    # ---------------------------------------------------------- storage
    def sc(self, name, prov, params=None, binding="Immediate", default=False, expand=True, reclaim="Delete", ago=None,
           labels=None, ann=None, mount=None):
        a = dict(ann or {})
        if default:
            a["storageclass.kubernetes.io/is-default-class"] = "true"
        obj = {"metadata": self.meta(name, labels=labels, ann=a or None, ago=ago or self.age - 3 * H),
               "provisioner": prov, "reclaimPolicy": reclaim, "volumeBindingMode": binding}
        if params:
            obj["parameters"] = dict(params)
        if expand:
            obj["allowVolumeExpansion"] = True
        if mount:
            obj["mountOptions"] = list(mount)
        return self.add("storageclasses", obj)

    def pv_source(self, prov, pvname, node, size_gi, ns, pvcname, params):
        zone = self.ninfo[node]["zone"] if node else None
        na = None
        src = {}
        pid = "%d-%d-%s" % (int(self.T.timestamp() * 1000) - self.r.randint(10 ** 8, 10 ** 10), self.r.randint(1000, 9999), prov)
        if prov == "ebs.csi.aws.com":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": {
                "storage.kubernetes.io/csiProvisionerIdentity": pid}, "volumeHandle": "vol-0" + self.hexs(16)}}
            na = ("topology.ebs.csi.aws.com/zone", zone)
        elif prov == "pd.csi.storage.gke.io":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": {
                "storage.kubernetes.io/csiProvisionerIdentity": pid},
                "volumeHandle": "projects/%s/zones/%s/disks/%s" % (self.extra.get("project", "prod-123456"), zone, pvname)}}
            na = ("topology.gke.io/zone", zone)
        elif prov == "disk.csi.azure.com":
            src = {"csi": {"driver": prov, "volumeAttributes": {
                "csi.storage.k8s.io/pv/name": pvname, "csi.storage.k8s.io/pvc/name": pvcname,
                "csi.storage.k8s.io/pvc/namespace": ns, "requestedsizegib": str(size_gi),
                "skuname": (params or {}).get("skuname", "StandardSSD_LRS"),
                "storage.kubernetes.io/csiProvisionerIdentity": pid},
                "volumeHandle": "/subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/disks/%s" % (
                    self.extra.get("sub", "3f2b7c1e-0d4a-4f61-9a57-5b0c2e8d7a11"), self.extra.get("rg", "mc_rg_aks_westeurope"), pvname)}}
        elif prov == "dobs.csi.digitalocean.com":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": {
                "com.digitalocean.csi/noformat": "false", "storage.kubernetes.io/csiProvisionerIdentity": pid},
                "volumeHandle": self.uid()}}
            na = ("region", self.region)
        elif prov.endswith("rbd.csi.ceph.com"):
            cid = prov.split(".rbd")[0]
            img = "csi-vol-" + self.uid()
            src = {"csi": {"controllerExpandSecretRef": {"name": "rook-csi-rbd-provisioner", "namespace": cid},
                           "driver": prov, "fsType": "ext4",
                           "nodeStageSecretRef": {"name": "rook-csi-rbd-node", "namespace": cid},
                           "volumeAttributes": {"clusterID": cid, "imageFeatures": "layering", "imageFormat": "2",
                                                "imageName": img, "journalPool": "replicapool", "pool": "replicapool",
                                                "storage.kubernetes.io/csiProvisionerIdentity": pid},
                           "volumeHandle": "0001-0009-%s-0000000000000002-%s" % (cid, img[8:])}}
        elif prov == "driver.longhorn.io":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": {
                "dataLocality": "disabled", "fromBackup": "", "fsType": "ext4", "numberOfReplicas": "3",
                "staleReplicaTimeout": "30", "storage.kubernetes.io/csiProvisionerIdentity": pid},
                "volumeHandle": pvname}}
        elif prov == "rancher.io/local-path":
            src = {"hostPath": {"path": "/var/lib/rancher/k3s/storage/%s_%s_%s" % (pvname, ns, pvcname),
                                "type": "DirectoryOrCreate"}}
            na = ("kubernetes.io/hostname", node)
        elif prov == "csi.vsphere.vmware.com":
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeAttributes": {
                "storage.kubernetes.io/csiProvisionerIdentity": pid, "type": "vSphere CNS Block Volume"},
                "volumeHandle": self.uid()}}
        elif prov == "nfs.csi.k8s.io":
            src = {"csi": {"driver": prov, "volumeAttributes": {
                "csi.storage.k8s.io/pv/name": pvname, "csi.storage.k8s.io/pvc/name": pvcname,
                "csi.storage.k8s.io/pvc/namespace": ns, "server": self.extra.get("nfs", "10.20.0.5"),
                "share": "/export/k8s", "storage.kubernetes.io/csiProvisionerIdentity": pid, "subdir": pvname},
                "volumeHandle": "%s#export/k8s#%s##" % (self.extra.get("nfs", "10.20.0.5"), pvname)}}
        elif prov == "openshift-storage.rbd.csi.ceph.com":
            img = "csi-vol-" + self.uid()
            src = {"csi": {"controllerExpandSecretRef": {"name": "rook-csi-rbd-provisioner", "namespace": "openshift-storage"},
                           "driver": prov, "fsType": "ext4",
                           "nodeStageSecretRef": {"name": "rook-csi-rbd-node", "namespace": "openshift-storage"},
                           "volumeAttributes": {"clusterID": "openshift-storage", "imageFeatures": "layering,deep-flatten,exclusive-lock,object-map,fast-diff",
                                                "imageFormat": "2", "imageName": img, "journalPool": "ocs-storagecluster-cephblockpool",
                                                "pool": "ocs-storagecluster-cephblockpool",
                                                "storage.kubernetes.io/csiProvisionerIdentity": pid},
                           "volumeHandle": "0001-0011-openshift-storage-0000000000000001-%s" % img[8:]}}
        elif prov == "cluster.local/nfs-subdir-external-provisioner":
            src = {"nfs": {"path": "/srv/nfs/k8s/%s-%s-%s" % (ns, pvcname, pvname), "server": self.extra.get("nfs", "10.20.0.5")}}
        else:
            src = {"csi": {"driver": prov, "fsType": "ext4", "volumeHandle": self.uid()}}
        if na and na[1]:
            src["nodeAffinity"] = {"required": {"nodeSelectorTerms": [
                {"matchExpressions": [{"key": na[0], "operator": "In", "values": [na[1]]}]}]}}
        return src

    def pvc(self, ns, name, size, scn, node=None, labels=None, ago=None, modes=None, bound=True, owner=None, ann=None):
        ago = self.age_of(ago if ago is not None else self.r.randint(10, 300) * D)
        modes = modes or ["ReadWriteOnce"]
        sc = self.get("StorageClass", "", scn) if scn else None
        a = {}
        if bound:
            a["pv.kubernetes.io/bind-completed"] = "yes"
            a["pv.kubernetes.io/bound-by-controller"] = "yes"
        if sc is not None:
            a["volume.beta.kubernetes.io/storage-provisioner"] = sc["provisioner"]
            a["volume.kubernetes.io/storage-provisioner"] = sc["provisioner"]
            if sc["volumeBindingMode"] == "WaitForFirstConsumer" and node:
                a["volume.kubernetes.io/selected-node"] = node
        a.update(ann or {})
        spec = {"accessModes": list(modes), "resources": {"requests": {"storage": size}}, "volumeMode": "Filesystem"}
        if scn is not None:
            spec["storageClassName"] = scn
        obj = {"metadata": self.meta(name, ns, labels=labels, ann=a, ago=ago, owner=owner, fin=["kubernetes.io/pvc-protection"]),
               "spec": spec, "status": {"phase": "Pending"}}
        self.add("persistentvolumeclaims", obj)
        if bound and sc is not None:
            pvname = "pvc-" + obj["metadata"]["uid"]
            gi = max(1, q_mem(size) // 1024 ** 3)
            src = self.pv_source(sc["provisioner"], pvname, node, gi, ns, name, sc.get("parameters"))
            self.pv(pvname, size, scn, obj, src, ago=self.ctime(obj) - 3, modes=modes, prov=sc["provisioner"],
                    reclaim=sc.get("reclaimPolicy", "Delete"))
        return obj

    def pv(self, name, size, scn, claim, src, ago, modes=None, prov=None, reclaim="Delete", phase=None, labels=None,
           ann=None, claim_uid=None):
        a = dict(ann or {})
        if prov:
            a["pv.kubernetes.io/provisioned-by"] = prov
            if prov not in ("rancher.io/local-path", "cluster.local/nfs-subdir-external-provisioner"):
                a["volume.kubernetes.io/provisioner-deletion-secret-name"] = ""
                a["volume.kubernetes.io/provisioner-deletion-secret-namespace"] = ""
        spec = {"accessModes": list(modes or ["ReadWriteOnce"]), "capacity": {"storage": size},
                "persistentVolumeReclaimPolicy": reclaim, "volumeMode": "Filesystem"}
        if scn is not None:
            spec["storageClassName"] = scn
        spec.update(src)
        if claim is not None:
            spec["claimRef"] = {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": claim["metadata"]["name"],
                                "namespace": claim["metadata"]["namespace"],
                                "resourceVersion": self.rv(), "uid": claim_uid or claim["metadata"]["uid"]}
        fin = ["kubernetes.io/pv-protection"]
        if "csi" in src and prov:
            fin.append("external-attacher/" + prov.replace(".", "-").replace("/", "-"))
        obj = {"metadata": self.meta(name, labels=labels, ann=a or None, ago=ago, fin=fin),
               "spec": spec, "status": {"phase": phase or ("Bound" if claim is not None else "Available")}}
        if obj["status"]["phase"] == "Bound" or phase is None:
            obj["status"]["lastPhaseTransitionTime"] = self.ts(ago - 1) if self.minor >= 29 else None
            if obj["status"]["lastPhaseTransitionTime"] is None:
                del obj["status"]["lastPhaseTransitionTime"]
        self.add("persistentvolumes", obj)
        if claim is not None and obj["status"]["phase"] == "Bound" and claim_uid is None:
            claim["spec"]["volumeName"] = name
            claim["status"] = {"accessModes": list(modes or ["ReadWriteOnce"]), "capacity": {"storage": size},
                               "phase": "Bound"}
        return obj

    # ---------------------------------------------------------- services & networking
    def svc(self, ns, name, ports, sel=None, typ="ClusterIP", headless=False, pnra=False, labels=None, ann=None,
            ago=None, ext_name=None, lb=None, owner=None, ip=None, etp="Cluster"):
        ago = self.age_of(ago if ago is not None else self.r.randint(20, 300) * D)
        spec = {"sessionAffinity": "None", "type": typ}
        if typ == "ExternalName":
            spec["externalName"] = ext_name
        else:
            cip = "None" if headless else (ip or self.svc_ip())
            spec.update({"clusterIP": cip, "clusterIPs": [cip], "internalTrafficPolicy": "Cluster",
                         "ipFamilies": ["IPv4"], "ipFamilyPolicy": "SingleStack"})
            pl = []
            for p in ports:
                d = {"name": p[0], "port": p[1], "protocol": p[3] if len(p) > 3 else "TCP", "targetPort": p[2]}
                if not d["name"]:
                    del d["name"]
                if typ in ("NodePort", "LoadBalancer"):
                    d["nodePort"] = self.r.randint(30000, 32767)
                pl.append(d)
            spec["ports"] = pl
            if typ in ("NodePort", "LoadBalancer"):
                spec["externalTrafficPolicy"] = etp
            if typ == "LoadBalancer":
                spec["allocateLoadBalancerNodePorts"] = True
        if sel is not None:
            spec["selector"] = dict(sel)
        if pnra:
            spec["publishNotReadyAddresses"] = True
        st = {"loadBalancer": {}}
        if typ == "LoadBalancer":
            st["loadBalancer"] = {"ingress": [lb if isinstance(lb, dict) else {"ip": lb or "203.0.113.%d" % self.r.randint(2, 250)}]}
        obj = {"metadata": self.meta(name, ns, labels=labels, ann=ann, ago=ago, owner=owner), "spec": spec, "status": st}
        return self.add("services", obj)

    def manual_endpoints(self, svc, addrs, ports, ann=None, labels=None, ago=None, mirror=True, not_ready=None):
        ns, name = svc["metadata"]["namespace"], svc["metadata"]["name"]
        self.manual_ep.add((ns, name))
        m = self.meta(name, ns, labels=labels, ann=ann, ago=ago if ago is not None else self.ctime(svc) - 1)
        ep = {"metadata": m}
        if addrs or not_ready:
            sub = {}
            if addrs:
                sub["addresses"] = [a if isinstance(a, dict) else {"ip": a} for a in addrs]
            if not_ready:
                sub["notReadyAddresses"] = [a if isinstance(a, dict) else {"ip": a} for a in not_ready]
            sub["ports"] = [dict({"port": p[1], "protocol": p[2] if len(p) > 2 else "TCP"}, **({"name": p[0]} if p[0] else {}))
                            for p in ports]
            ep["subsets"] = [sub]
        self.add("endpoints", ep)
        if mirror and (addrs or not_ready):
            sl = {"metadata": self.meta("%s-%s" % (name, self.sfx(5)), ns, labels=dict(
                labels or {}, **{"endpointslice.kubernetes.io/managed-by": "endpointslicemirroring-controller.k8s.io",
                                 "kubernetes.io/service-name": name}),
                ann={"endpoints.kubernetes.io/last-change-trigger-time": m["creationTimestamp"]} if False else None,
                ago=self.ctime(ep) - 1, owner=self.oref(ep, controller=True, block=True), gen=1),
                "addressType": "IPv4", "endpoints": [], "ports": []}
            sl["metadata"]["generateName"] = name + "-"
            for a in (addrs or []):
                ip = a if isinstance(a, str) else a["ip"]
                e = {"addresses": [ip], "conditions": {"ready": True}}
                if isinstance(a, dict) and a.get("nodeName"):
                    e["nodeName"] = a["nodeName"]
                if isinstance(a, dict) and a.get("targetRef"):
                    e["targetRef"] = dict(a["targetRef"])
                sl["endpoints"].append(e)
            for a in (not_ready or []):
                ip = a if isinstance(a, str) else a["ip"]
                sl["endpoints"].append({"addresses": [ip], "conditions": {"ready": False}})
            sl["ports"] = [dict({"port": p[1], "protocol": p[2] if len(p) > 2 else "TCP", "name": p[0] or ""}) for p in ports]
            self.add("endpointslices", sl)
        return ep

    def netpol(self, ns, name, spec, ago=None, labels=None, ann=None):
        obj = {"metadata": self.meta(name, ns, labels=labels, ann=ann, ago=ago or self.r.randint(20, 200) * D, gen=1),
               "spec": spec}
        return self.add("networkpolicies", obj)

    def ingress(self, ns, name, host, svc, port, cls="nginx", tls=None, path="/", ann=None, ago=None, lb=None, labels=None):
        rules = [{"host": host, "http": {"paths": [{"backend": {"service": {"name": svc, "port": {"number": port} if isinstance(port, int) else {"name": port}}},
                                                    "path": path, "pathType": "Prefix"}]}}]
        spec = {"ingressClassName": cls, "rules": rules}
        if tls:
            spec["tls"] = [{"hosts": [host], "secretName": tls}]
        obj = {"metadata": self.meta(name, ns, labels=labels, ann=ann, ago=ago or self.r.randint(20, 200) * D, gen=1),
               "spec": spec, "status": {"loadBalancer": {"ingress": [lb] if lb else []}}}
        if not lb:
            obj["status"]["loadBalancer"] = {}
        return self.add("ingresses", obj)

    # ---------------------------------------------------------- config
    def cm(self, ns, name, data, labels=None, ann=None, ago=None, owner=None):
        obj = {"metadata": self.meta(name, ns, labels=labels, ann=ann, ago=ago or self.r.randint(5, 300) * D, owner=owner),
               "data": dict(data)}
        return self.add("configmaps", obj)

    def secret(self, ns, name, keys, typ="Opaque", labels=None, ann=None, ago=None, owner=None, immutable=False):
        obj = {"metadata": self.meta(name, ns, labels=labels, ann=ann, ago=ago or self.r.randint(5, 300) * D, owner=owner),
               "data": {k: "" for k in keys}, "type": typ}
        if immutable:
            obj["immutable"] = True
        return self.add("secrets", obj)

    def helm_secret(self, ns, rel, ver=None, ago=None):
        ver = ver or self.r.randint(1, 14)
        for v in range(max(1, ver - 2), ver + 1):
            st = "deployed" if v == ver else "superseded"
            self.secret(ns, "sh.helm.release.v1.%s.v%d" % (rel, v), ["release"], typ="helm.sh/release.v1",
                        labels={"modifiedAt": str(int(self.T.timestamp()) - self.r.randint(2 * D, 90 * D)),
                                "name": rel, "owner": "helm", "status": st, "version": str(v)},
                        ago=(ago or self.r.randint(5, 200) * D) - (ver - v) * D)

    def sa(self, ns, name, ann=None, pull=None, automount=None, labels=None, ago=None, secrets=None, owner=None):
        if self.get("ServiceAccount", ns, name):
            return self.get("ServiceAccount", ns, name)
        obj = {"metadata": self.meta(name, ns, labels=labels, ann=ann, ago=ago or self.r.randint(20, 300) * D, owner=owner)}
        if pull:
            obj["imagePullSecrets"] = [{"name": p} for p in pull]
        if automount is not None:
            obj["automountServiceAccountToken"] = automount
        if secrets:
            obj["secrets"] = [{"name": s} for s in secrets]
        return self.add("serviceaccounts", obj)

    def quota(self, ns, name, hard, ago=None, labels=None):
        obj = {"metadata": self.meta(name, ns, labels=labels, ago=ago or self.r.randint(20, 200) * D),
               "spec": {"hard": dict(hard)}, "status": {"hard": dict(hard), "used": {}}}
        return self.add("resourcequotas", obj)

    # ---------------------------------------------------------- events
    def ev(self, obj, reason, msg, typ="Normal", comp="kubelet", host=None, first=600, last=None, count=1,
           fp=None, ns=None, kind=None, api=None, name=None, uid=None, instance=None):
        last = first if last is None else last
        first = max(first, last)
        if obj is not None:
            kind = obj["kind"]
            api = obj["apiVersion"]
            name = obj["metadata"]["name"]
            ns = obj["metadata"].get("namespace", "")
            uid = obj["metadata"]["uid"]
            orv = obj["metadata"]["resourceVersion"]
        else:
            orv = self.rv()
            ex = self.get(kind, ns, name)
            if kind in ("Node", "Pod", "PersistentVolumeClaim", "Job", "ReplicaSet") and (ex is None or ex["metadata"]["uid"] != uid):
                self.ghosts.add((kind, ns or "", name))
        evns = ns if ns else "default"
        io = {"apiVersion": api, "kind": kind, "name": name, "namespace": ns or "", "resourceVersion": orv, "uid": uid}
        if kind == "Node":
            io["namespace"] = ""
            if not io["uid"]:
                io["uid"] = name
        if not io["namespace"]:
            del io["namespace"]
        if fp:
            io["fieldPath"] = fp
        ft = self.T - dt.timedelta(seconds=int(first))
        nm = "%s.%x" % (name, int(ft.timestamp() * 1e9) + self.r.randint(0, 999999))
        src = {"component": comp}
        if host:
            src["host"] = host
        e = {"metadata": {"name": nm, "namespace": evns, "uid": self.uid(), "resourceVersion": self.rv(),
                          "creationTimestamp": self.ts(first)},
             "involvedObject": io, "reason": reason, "message": msg, "source": src,
             "firstTimestamp": self.ts(first), "lastTimestamp": self.ts(last), "count": count, "type": typ,
             "eventTime": None, "reportingComponent": comp,
             "reportingInstance": instance if instance is not None else (host or "")}
        if comp == "default-scheduler":
            # kube-scheduler records through events.k8s.io/v1; seen through core/v1 these have no
            # first/lastTimestamp or count, but an eventTime (micro-precision) and a series.
            fr = "%s.%06dZ" % (self.ts(first)[:-1], self.r.randint(0, 999999))
            e["eventTime"] = fr
            e["firstTimestamp"] = None
            e["lastTimestamp"] = None
            del e["count"]
            e["source"] = {}
            e["action"] = "Scheduling" if reason == "FailedScheduling" else "Binding"
            e["reportingInstance"] = self.extra.get("sched_instance", "default-scheduler")
            e["metadata"]["creationTimestamp"] = self.ts(first)
            if count > 1:
                e["series"] = {"count": count, "lastObservedTime": "%s.%06dZ" % (self.ts(last)[:-1], self.r.randint(0, 999999))}
        return self.add("events", e)

    def pod_start_events(self, pod, first, pulled=True, cname=None):
        node = pod["spec"].get("nodeName")
        ns, n = pod["metadata"]["namespace"], pod["metadata"]["name"]
        if node:
            self.ev(pod, "Scheduled", "Successfully assigned %s/%s to %s" % (ns, n, node), comp="default-scheduler",
                    first=first, instance="")
        for c in pod["spec"].get("initContainers", []) + pod["spec"]["containers"]:
            if cname and c["name"] != cname:
                continue
            ic = c in pod["spec"].get("initContainers", [])
            fp = "spec.%s{%s}" % ("initContainers" if ic else "containers", c["name"])
            if pulled:
                self.ev(pod, "Pulling", 'Pulling image "%s"' % c["image"], host=node, first=first - 1, fp=fp)
                s = self.r.uniform(0.6, 14.0)
                self.ev(pod, "Pulled", 'Successfully pulled image "%s" in %.3fs (%.3fs including waiting)%s' % (
                    c["image"], s, s + self.r.uniform(0, 1.5),
                    (". Image size: %d bytes." % self.r.randint(20 * 10 ** 6, 600 * 10 ** 6)) if self.minor >= 29 else ""),
                    host=node, first=first - 3, fp=fp)
            else:
                self.ev(pod, "Pulled", 'Container image "%s" already present on machine' % c["image"], host=node,
                        first=first - 1, fp=fp)
            self.ev(pod, "Created", "Created container %s" % c["name"], host=node, first=first - 4, fp=fp)
            self.ev(pod, "Started", "Started container %s" % c["name"], host=node, first=first - 4, fp=fp)

    def sched_msg(self, reasons, total=None, preempt=None):
        """reasons: dict reason->count. Mirrors scheduler FitError formatting (sorted strings)."""
        total = total if total is not None else sum(reasons.values())
        parts = sorted("%d %s" % (v, k) for k, v in reasons.items())
        msg = "0/%d nodes are available: %s." % (total, ", ".join(parts))
        if preempt is None:
            preempt = {"Preemption is not helpful for scheduling": total}
        pp = sorted("%d %s" % (v, k) for k, v in preempt.items())
        return msg + " preemption: 0/%d nodes are available: %s." % (total, ", ".join(pp))


# ================================================================= finalize
def _active(p):
    return p["status"].get("phase") not in ("Succeeded", "Failed")


def _ready(p):
    for cd in p["status"].get("conditions", []):
        if cd["type"] == "Ready":
            return cd["status"] == "True"
    return False


def pod_effective(p):
    sp = p["spec"]
    tot = {"requests.cpu": 0, "requests.memory": 0, "limits.cpu": 0, "limits.memory": 0}
    for c in sp["containers"]:
        r = c.get("resources", {})
        req = r.get("requests", {})
        lim = r.get("limits", {})
        tot["requests.cpu"] += q_cpu(req.get("cpu", lim.get("cpu")))
        tot["requests.memory"] += q_mem(req.get("memory", lim.get("memory")))
        tot["limits.cpu"] += q_cpu(lim.get("cpu"))
        tot["limits.memory"] += q_mem(lim.get("memory"))
    for c in sp.get("initContainers", []):
        r = c.get("resources", {})
        req = r.get("requests", {})
        lim = r.get("limits", {})
        tot["requests.cpu"] = max(tot["requests.cpu"], q_cpu(req.get("cpu", lim.get("cpu"))))
        tot["requests.memory"] = max(tot["requests.memory"], q_mem(req.get("memory", lim.get("memory"))))
        tot["limits.cpu"] = max(tot["limits.cpu"], q_cpu(lim.get("cpu")))
        tot["limits.memory"] = max(tot["limits.memory"], q_mem(lim.get("memory")))
    return tot


def quota_used(items, ns, hard):
    pods = [p for p in items["pods"] if p["metadata"]["namespace"] == ns and _active(p)]
    used = {}
    for k in hard:
        if k == "pods" or k == "count/pods":
            used[k] = str(len(pods))
        elif k in ("requests.cpu", "cpu", "limits.cpu"):
            kk = "requests.cpu" if k == "cpu" else k
            used[k] = fmt_cpu(sum(pod_effective(p)[kk] for p in pods))
        elif k in ("requests.memory", "memory", "limits.memory"):
            kk = "requests.memory" if k == "memory" else k
            used[k] = fmt_mem(sum(pod_effective(p)[kk] for p in pods))
        elif k == "persistentvolumeclaims":
            used[k] = str(sum(1 for x in items["persistentvolumeclaims"] if x["metadata"]["namespace"] == ns))
        elif k == "requests.storage":
            used[k] = fmt_mem(sum(q_mem(x["spec"]["resources"]["requests"]["storage"])
                                  for x in items["persistentvolumeclaims"] if x["metadata"]["namespace"] == ns))
        elif k in ("services", "secrets", "configmaps"):
            used[k] = str(sum(1 for x in items[k] if x["metadata"]["namespace"] == ns))
        elif k == "services.loadbalancers":
            used[k] = str(sum(1 for x in items["services"] if x["metadata"]["namespace"] == ns and x["spec"].get("type") == "LoadBalancer"))
        elif k == "services.nodeports":
            used[k] = str(sum(len(x["spec"].get("ports", [])) for x in items["services"]
                              if x["metadata"]["namespace"] == ns and x["spec"].get("type") in ("NodePort", "LoadBalancer")))
        else:
            raise ValueError("unsupported quota key " + k)
    return used


def resolve_port(pod, tp):
    if isinstance(tp, int):
        return tp
    for c in pod["spec"]["containers"]:
        for p in c.get("ports", []):
            if p.get("name") == tp:
                return p["containerPort"]
    return None


def compute_endpoints(svc, pods):
    """Return (subsets, slice_endpoints, slice_ports) for a selector service, as the controllers would."""
    ns = svc["metadata"]["namespace"]
    sel = svc["spec"]["selector"]
    pnra = svc["spec"].get("publishNotReadyAddresses", False)
    name = svc["metadata"]["name"]
    cand = [p for p in pods if p["metadata"]["namespace"] == ns and sel_match(sel, p["metadata"].get("labels"))
            and _active(p) and p["status"].get("podIP") and p["spec"].get("nodeName")]
    groups = {}
    sl_eps = []
    sl_ports = None
    for p in sorted(cand, key=lambda x: tuple(int(o) for o in x["status"]["podIP"].split("."))):
        ports = []
        for sp in svc["spec"].get("ports", []):
            pn = resolve_port(p, sp.get("targetPort", sp["port"]))
            if pn is None:
                continue
            d = {"port": pn, "protocol": sp.get("protocol", "TCP")}
            if sp.get("name"):
                d["name"] = sp["name"]
            ports.append(d)
        key = json.dumps(ports, sort_keys=True)
        terminating = "deletionTimestamp" in p["metadata"]
        ready = _ready(p)
        addr = {"ip": p["status"]["podIP"], "nodeName": p["spec"]["nodeName"],
                "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns, "uid": p["metadata"]["uid"]}}
        if p["spec"].get("hostname") and p["spec"].get("subdomain") == name:
            addr["hostname"] = p["spec"]["hostname"]
        if not terminating or pnra:
            g = groups.setdefault(key, {"addresses": [], "notReadyAddresses": [], "ports": ports})
            if ready or pnra:
                g["addresses"].append(addr)
            else:
                g["notReadyAddresses"].append(addr)
        e = {"addresses": [p["status"]["podIP"]],
             "conditions": {"ready": (ready or pnra) and not terminating, "serving": ready or pnra,
                            "terminating": terminating},
             "nodeName": p["spec"]["nodeName"],
             "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns, "uid": p["metadata"]["uid"]}}
        if addr.get("hostname"):
            e["hostname"] = addr["hostname"]
        sl_eps.append(e)
        if sl_ports is None:
            sl_ports = [dict(x, name=x.get("name", "")) for x in ports]
    subsets = []
    for key in sorted(groups):
        g = groups[key]
        s = {}
        if g["addresses"]:
            s["addresses"] = g["addresses"]
        if g["notReadyAddresses"]:
            s["notReadyAddresses"] = g["notReadyAddresses"]
        if not g["ports"]:
            continue
        s["ports"] = g["ports"]
        subsets.append(s)
    return subsets, sl_eps, sl_ports


def finalize(c):
    it = c.items
    # per-namespace defaults
    for nso in list(it["namespaces"]):
        n = nso["metadata"]["name"]
        nago = c.ctime(nso)
        if not c.get("ServiceAccount", n, "default"):
            o = c.sa(n, "default", ago=nago - 1)
            o["metadata"]["creationTimestamp"] = c.ts(nago - 1)
        if not c.get("ConfigMap", n, "kube-root-ca.crt"):
            o = c.cm(n, "kube-root-ca.crt", {"ca.crt": FAKE_CA}, ann={
                "kubernetes.io/description": "Contains a CA bundle that can be used to verify the kube-apiserver when using "
                                             "internal endpoints such as the internal service IP or kubernetes.default.svc. "
                                             "No other usage is guaranteed across distributions of Kubernetes clusters."},
                ago=nago - 1)
            o["metadata"]["creationTimestamp"] = c.ts(nago - 1)
        if c.flavor == "openshift" and not c.get("ConfigMap", n, "openshift-service-ca.crt"):
            o = c.cm(n, "openshift-service-ca.crt", {"service-ca.crt": FAKE_CA},
                     ann={"service.beta.openshift.io/inject-cabundle": "true"}, ago=nago - 1)
            o["metadata"]["creationTimestamp"] = c.ts(nago - 1)
    for p in it["pods"]:
        ns = p["metadata"]["namespace"]
        san = p["spec"].get("serviceAccountName", "default")
        if not c.get("ServiceAccount", ns, san):
            o = c.sa(ns, san)
            o["metadata"]["creationTimestamp"] = c.ts(c.ctime(c.get("Namespace", "", ns)) - 30)
    pods = it["pods"]
    by_owner = {}
    for p in pods:
        for o in p["metadata"].get("ownerReferences", []):
            by_owner.setdefault(o["uid"], []).append(p)
    # replicasets
    for rs in it["replicasets"]:
        own = [p for p in by_owner.get(rs["metadata"]["uid"], []) if _active(p) and "deletionTimestamp" not in p["metadata"]]
        rd = sum(1 for p in own if _ready(p))
        st = {"observedGeneration": rs["metadata"]["generation"], "replicas": len(own)}
        if own:
            st["fullyLabeledReplicas"] = len(own)
        if rd:
            st["readyReplicas"] = rd
            st["availableReplicas"] = rd
        rs["status"] = st
    # deployments
    rs_by_owner = {}
    for rs in it["replicasets"]:
        for o in rs["metadata"].get("ownerReferences", []):
            rs_by_owner.setdefault(o["uid"], []).append(rs)
    for d in it["deployments"]:
        rss = rs_by_owner.get(d["metadata"]["uid"], [])
        new = max(rss, key=lambda r: int(r["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
        tot = sum(r["status"]["replicas"] for r in rss)
        avail = sum(r["status"].get("availableReplicas", 0) for r in rss)
        ready = sum(r["status"].get("readyReplicas", 0) for r in rss)
        upd = new["status"]["replicas"]
        unavail = max(0, sum(r["spec"]["replicas"] for r in rss) - avail)
        want = d["spec"]["replicas"]
        st = {"observedGeneration": d["metadata"]["generation"]}
        for k, v in (("replicas", tot), ("updatedReplicas", upd), ("readyReplicas", ready), ("availableReplicas", avail),
                     ("unavailableReplicas", unavail)):
            if v:
                st[k] = v
        strat = d["spec"]["strategy"]
        if strat["type"] == "RollingUpdate":
            mu = strat["rollingUpdate"]["maxUnavailable"]
            mu = want * int(mu[:-1]) // 100 if isinstance(mu, str) else mu
            ms = strat["rollingUpdate"]["maxSurge"]
            ms = -(-want * int(ms[:-1]) // 100) if isinstance(ms, str) else ms
            if mu == 0 and ms == 0:
                mu = 1
        else:
            mu = 0
        ok = avail >= want - mu
        since = d.get("_since")
        created = c.ctime(d)
        upd_t = c.ctime(new)
        a_t = created - 30 if ok and since is None else (since or upd_t)
        av = {"type": "Available", "status": "True" if ok else "False",
              "lastUpdateTime": c.ts(a_t), "lastTransitionTime": c.ts(a_t),
              "reason": "MinimumReplicasAvailable" if ok else "MinimumReplicasUnavailable",
              "message": "Deployment has minimum availability." if ok else "Deployment does not have minimum availability."}
        nm = new["metadata"]["name"]
        if d.get("_stuck"):
            pr = {"type": "Progressing", "status": "False", "reason": "ProgressDeadlineExceeded",
                  "message": 'ReplicaSet "%s" has timed out progressing.' % nm,
                  "lastUpdateTime": c.ts(upd_t - 600), "lastTransitionTime": c.ts(upd_t - 600)}
        elif upd == want and new["status"].get("availableReplicas", 0) == want and tot == want:
            pr = {"type": "Progressing", "status": "True", "reason": "NewReplicaSetAvailable",
                  "message": 'ReplicaSet "%s" has successfully progressed.' % nm,
                  "lastUpdateTime": c.ts(max(upd_t - 40, 0)), "lastTransitionTime": c.ts(created - 1)}
        else:
            pr = {"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated",
                  "message": 'ReplicaSet "%s" is progressing.' % nm,
                  "lastUpdateTime": c.ts(max(upd_t - 5, 0)), "lastTransitionTime": c.ts(created - 1)}
        st["conditions"] = [av, pr]
        d["status"] = st
    # statefulsets
    for s in it["statefulsets"]:
        own = [p for p in by_owner.get(s["metadata"]["uid"], []) if _active(p)]
        old_h, new_h = s.get("_rev", (None, None))
        ready = sum(1 for p in own if _ready(p) and "deletionTimestamp" not in p["metadata"])
        cur = [p for p in own if p["metadata"]["labels"].get("controller-revision-hash") == old_h]
        upd = [p for p in own if p["metadata"]["labels"].get("controller-revision-hash") == new_h]
        complete = len(upd) == s["spec"]["replicas"] and len(own) == len(upd) and ready == len(own)
        st = {"availableReplicas": ready, "collisionCount": 0,
              "currentRevision": new_h if complete or old_h == new_h else old_h,
              "observedGeneration": s["metadata"]["generation"], "replicas": len(own), "updateRevision": new_h}
        if complete or old_h == new_h:
            st["currentReplicas"] = len(upd)
        else:
            st["currentReplicas"] = len(cur)
        if ready:
            st["readyReplicas"] = ready
        if len(upd):
            st["updatedReplicas"] = len(upd)
        for k in ("currentReplicas",):
            if not st[k]:
                del st[k]
        s["status"] = st
    # daemonsets
    for d in it["daemonsets"]:
        own = [p for p in by_owner.get(d["metadata"]["uid"], []) if _active(p)]
        tol = d["spec"]["template"]["spec"].get("tolerations")
        elig = c.eligible(tol, d["spec"]["template"]["spec"].get("nodeSelector"), ds=True,
                          hostnet=d["spec"]["template"]["spec"].get("hostNetwork", False))
        rd = sum(1 for p in own if _ready(p))
        st = {"currentNumberScheduled": len(own), "desiredNumberScheduled": len(elig), "numberMisscheduled": 0,
              "numberReady": rd, "observedGeneration": d["metadata"]["generation"]}
        if rd:
            st["numberAvailable"] = rd
        if len(elig) - rd > 0:
            st["numberUnavailable"] = len(elig) - rd
        if own:
            st["updatedNumberScheduled"] = len(own)
        d["status"] = st
    # endpoints + endpointslices
    for s in it["services"]:
        ns, nm = s["metadata"]["namespace"], s["metadata"]["name"]
        if s["spec"].get("type") == "ExternalName" or "selector" not in s["spec"] or (ns, nm) in c.manual_ep:
            continue
        subsets, sl_eps, sl_ports = compute_endpoints(s, pods)
        lab = dict(s["metadata"].get("labels", {}))
        if s["spec"].get("clusterIP") == "None":
            lab["service.kubernetes.io/headless"] = ""
        trig = c.ts(max(0, min([c.ctime(p) for p in pods if p["metadata"]["namespace"] == ns and sel_match(
            s["spec"]["selector"], p["metadata"].get("labels"))] or [c.ctime(s)]) - 5))
        em = c.meta(nm, ns, labels=lab or None, ann={"endpoints.kubernetes.io/last-change-trigger-time": trig},
                    ago=c.ctime(s) - 1)
        em["creationTimestamp"] = c.ts(c.ctime(s) - 1)
        ep = {"metadata": em}
        if subsets:
            ep["subsets"] = subsets
        c.add("endpoints", ep)
        sl_lab = dict(lab)
        sl_lab["endpointslice.kubernetes.io/managed-by"] = "endpointslice-controller.k8s.io"
        sl_lab["kubernetes.io/service-name"] = nm
        sm = c.meta("%s-%s" % (nm, c.sfx(5)), ns, labels=sl_lab,
                    ann={"endpoints.kubernetes.io/last-change-trigger-time": trig}, ago=c.ctime(s) - 1,
                    owner=c.oref(s), gen=c.r.randint(1, 40))
        sm["creationTimestamp"] = c.ts(c.ctime(s) - 1)
        sm["generateName"] = nm + "-"
        sl = {"metadata": sm, "addressType": "IPv4", "endpoints": sl_eps or None, "ports": sl_ports}
        for e in sl_eps:
            z = c.ninfo[e["nodeName"]]["obj"]["metadata"]["labels"].get("topology.kubernetes.io/zone")
            if z:
                e["zone"] = z
        c.add("endpointslices", sl)
    # quotas
    for q in it["resourcequotas"]:
        q["status"]["used"] = quota_used(it, q["metadata"]["namespace"], q["spec"]["hard"])
    # node images
    for n in it["nodes"]:
        seen = []
        for p in pods:
            if p["spec"].get("nodeName") == n["metadata"]["name"]:
                for ct in p["spec"]["containers"] + p["spec"].get("initContainers", []):
                    if ct["image"] not in seen:
                        seen.append(ct["image"])
        n["status"]["images"] = [{"names": [image_id(i), norm_image(i)],
                                  "sizeBytes": int(hashlib.md5(i.encode()).hexdigest()[:6], 16) * 37 + 9 * 10 ** 6}
                                 for i in seen[:30]]
    for p in pods:
        p.pop("_trans", None)


def strip(o):
    return {k: v for k, v in o.items() if not k.startswith("_")}


def write_bundle(c, truth, root):
    d = os.path.join(root, c.iid)
    os.makedirs(d, exist_ok=True)
    for plural in KINDS:
        if plural in c.omit:
            continue
        items = sorted((strip(o) for o in c.items[plural]),
                       key=lambda o: (o["metadata"].get("namespace", ""), o["metadata"]["name"]))
        doc = {"apiVersion": "v1", "items": items, "kind": "List", "metadata": {"resourceVersion": ""}}
        with open(os.path.join(d, plural + ".json"), "w") as f:
            json.dump(doc, f, indent=4, sort_keys=True, ensure_ascii=False)
            f.write("\n")
    with open(os.path.join(d, "snapshot_time.txt"), "w") as f:
        f.write(c.snap + "\n")
    with open(os.path.join(d, "truth.json"), "w") as f:
        json.dump(truth, f, indent=2, sort_keys=False)
        f.write("\n")


# ================================================================= consistency checks
class CheckError(AssertionError):
    pass


def _t(s):
    if "." in s:
        s = s.split(".")[0] + "Z"
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)


def _walk_times(o, path, out):
    if isinstance(o, dict):
        for k, v in o.items():
            if isinstance(v, str) and (k.endswith("Timestamp") or k.endswith("Time") or k in ("startedAt", "finishedAt", "timeAdded")):
                out.append((path + "." + k, v))
            else:
                _walk_times(v, path + "." + k, out)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            _walk_times(v, path + "[%d]" % i, out)


def check_bundle(d, ghosts):
    def fail(msg):
        raise CheckError("%s: %s" % (os.path.basename(d), msg))

    T = _t(open(os.path.join(d, "snapshot_time.txt")).read().strip())
    truth = json.load(open(os.path.join(d, "truth.json")))
    for k in ("id", "fault", "symptom", "root_cause", "explanation"):
        if k not in truth:
            fail("truth missing " + k)
    it = {}
    for plural, (av, kind, nsd) in KINDS.items():
        fp = os.path.join(d, plural + ".json")
        if not os.path.exists(fp):
            continue
        doc = json.load(open(fp))
        if doc.get("apiVersion") != "v1" or doc.get("kind") != "List" or not isinstance(doc.get("items"), list):
            fail("bad list " + plural)
        for o in doc["items"]:
            if o.get("kind") != kind or o.get("apiVersion") != av:
                fail("bad item kind in %s: %s" % (plural, o.get("kind")))
            if nsd != ("namespace" in o["metadata"]):
                fail("namespace field mismatch %s %s" % (kind, o["metadata"]["name"]))
        it[plural] = doc["items"]
    for must in ("namespaces", "nodes", "pods"):
        if must not in it:
            fail("missing " + must)
    idx = {}
    uids = set()
    for plural, items in it.items():
        kind = KINDS[plural][1]
        for o in items:
            m = o["metadata"]
            key = (kind, m.get("namespace", ""), m["name"])
            if key in idx:
                fail("duplicate %s" % (key,))
            idx[key] = o
            if m["uid"] in uids:
                fail("duplicate uid " + m["uid"])
            uids.add(m["uid"])
    nss = {o["metadata"]["name"]: o for o in it["namespaces"]}
    if not (8 <= len(nss) <= 15):
        fail("namespace count %d" % len(nss))
    if not (40 <= len(it["pods"]) <= 200):
        fail("pod count %d" % len(it["pods"]))
    # timestamps
    for plural, items in it.items():
        for o in items:
            ts = []
            _walk_times(o, plural + "/" + o["metadata"]["name"], ts)
            for p, v in ts:
                try:
                    t = _t(v)
                except ValueError:
                    if "config.seen" in p:
                        continue
                    fail("bad time %s=%s" % (p, v))
                if t > T:
                    fail("time after snapshot %s=%s" % (p, v))
            m = o["metadata"]
            if m.get("namespace") and m["namespace"] in nss:
                if _t(m["creationTimestamp"]) < _t(nss[m["namespace"]]["metadata"]["creationTimestamp"]):
                    fail("object older than namespace %s/%s" % (m["namespace"], m["name"]))
            elif m.get("namespace") and plural != "events":
                fail("namespace %s does not exist (%s)" % (m["namespace"], m["name"]))
    # owner references
    for plural, items in it.items():
        for o in items:
            m = o["metadata"]
            for ref in m.get("ownerReferences", []):
                if ref["kind"] not in PLURAL:
                    continue
                if PLURAL[ref["kind"]] not in it:
                    continue
                nsd = KINDS[PLURAL[ref["kind"]]][2]
                tgt = idx.get((ref["kind"], m.get("namespace", "") if nsd else "", ref["name"]))
                if tgt is None or tgt["metadata"]["uid"] != ref["uid"]:
                    fail("unresolved ownerRef %s/%s -> %s/%s" % (m.get("namespace"), m["name"], ref["kind"], ref["name"]))
                if _t(tgt["metadata"]["creationTimestamp"]) > _t(m["creationTimestamp"]) and ref["kind"] != "Node":
                    fail("owner younger than dependent %s -> %s" % (m["name"], ref["name"]))
    nodes = {o["metadata"]["name"]: o for o in it["nodes"]}
    # pods
    ips = {}
    for p in it["pods"]:
        m, sp, st = p["metadata"], p["spec"], p["status"]
        ns = m["namespace"]
        if sp.get("nodeName") and sp["nodeName"] not in nodes:
            fail("pod %s on unknown node" % m["name"])
        if "serviceaccounts" in it and (("ServiceAccount", ns, sp.get("serviceAccountName", "default")) not in idx):
            fail("pod %s/%s SA %s missing" % (ns, m["name"], sp.get("serviceAccountName")))
        if st.get("podIP") and not sp.get("hostNetwork") and _active(p):
            if st["podIP"] in ips:
                fail("duplicate pod IP %s (%s, %s)" % (st["podIP"], ips[st["podIP"]], m["name"]))
            ips[st["podIP"]] = m["name"]
        if sp.get("hostNetwork") and st.get("podIP") and st["podIP"] != st.get("hostIP"):
            fail("hostNetwork pod IP mismatch " + m["name"])
        if st.get("startTime") and _t(st["startTime"]) < _t(m["creationTimestamp"]):
            fail("pod started before creation " + m["name"])
        if st.get("phase") == "Running" and not sp.get("nodeName"):
            fail("running pod without node " + m["name"])
        if not sp.get("nodeName") and st.get("phase") != "Pending":
            fail("unscheduled pod not pending " + m["name"])
        # references to configmaps/secrets/pvcs
        msgs = " ".join(json.dumps(c.get("state", {})) for c in st.get("containerStatuses", []))
        evmsgs = " ".join(e["message"] for e in it.get("events", []) if e["involvedObject"].get("name") == m["name"])
        evmsgs += " ".join(e["message"] for e in it.get("events", []) if e["involvedObject"].get("kind") in ("ReplicaSet", "StatefulSet", "DaemonSet", "Job"))
        refs = []
        for v in sp.get("volumes", []):
            if "configMap" in v and not v["configMap"].get("optional"):
                refs.append(("ConfigMap", v["configMap"]["name"], [i["key"] for i in v["configMap"].get("items", [])]))
            if "secret" in v and not v["secret"].get("optional"):
                refs.append(("Secret", v["secret"]["secretName"], [i["key"] for i in v["secret"].get("items", [])]))
            if "persistentVolumeClaim" in v:
                refs.append(("PersistentVolumeClaim", v["persistentVolumeClaim"]["claimName"], []))
        for ct in sp["containers"] + sp.get("initContainers", []):
            for e in ct.get("env", []):
                vf = e.get("valueFrom", {})
                for key, kind in (("secretKeyRef", "Secret"), ("configMapKeyRef", "ConfigMap")):
                    if key in vf and not vf[key].get("optional"):
                        refs.append((kind, vf[key]["name"], [vf[key]["key"]]))
            for ef in ct.get("envFrom", []):
                for key, kind in (("secretRef", "Secret"), ("configMapRef", "ConfigMap")):
                    if key in ef and not ef[key].get("optional"):
                        refs.append((kind, ef[key]["name"], []))
        for pull in sp.get("imagePullSecrets", []):
            refs.append(("Secret", pull["name"], []))
        for kind, name, keys in refs:
            if PLURAL[kind] not in it:
                continue
            o = idx.get((kind, ns, name))
            if o is None:
                if name not in msgs and name not in evmsgs:
                    fail("pod %s/%s references missing %s %s without symptom" % (ns, m["name"], kind, name))
                continue
            for k in keys:
                if k not in (o.get("data") or {}) and k not in (o.get("binaryData") or {}):
                    if k not in msgs and k not in evmsgs:
                        fail("pod %s/%s references missing key %s in %s %s without symptom" % (ns, m["name"], k, kind, name))
    # replicasets / deployments / statefulsets / daemonsets statuses
    def owned(uid):
        return [p for p in it["pods"] if any(r["uid"] == uid for r in p["metadata"].get("ownerReferences", []))]

    for rs in it.get("replicasets", []):
        h = rs["metadata"]["labels"].get("pod-template-hash")
        if not rs["metadata"]["name"].endswith("-" + h):
            fail("rs hash mismatch " + rs["metadata"]["name"])
        act = [p for p in owned(rs["metadata"]["uid"]) if _active(p) and "deletionTimestamp" not in p["metadata"]]
        if rs["status"]["replicas"] != len(act):
            fail("rs replicas mismatch " + rs["metadata"]["name"])
        if rs["status"].get("readyReplicas", 0) != sum(1 for p in act if _ready(p)):
            fail("rs ready mismatch " + rs["metadata"]["name"])
        for p in owned(rs["metadata"]["uid"]):
            if not sel_match(rs["spec"]["selector"]["matchLabels"], p["metadata"]["labels"]):
                fail("pod labels do not match rs selector " + p["metadata"]["name"])
    for dpl in it.get("deployments", []):
        rss = [r for r in it.get("replicasets", []) if any(o["uid"] == dpl["metadata"]["uid"] for o in r["metadata"].get("ownerReferences", []))]
        if not rss and "replicasets" in it:
            fail("deployment without replicaset " + dpl["metadata"]["name"])
        if rss and dpl["status"].get("replicas", 0) != sum(r["status"]["replicas"] for r in rss):
            fail("deployment replicas mismatch " + dpl["metadata"]["name"])
        for r in rss:
            if not sel_match(dpl["spec"]["selector"]["matchLabels"], r["spec"]["template"]["metadata"]["labels"]):
                fail("rs template labels vs deployment selector " + r["metadata"]["name"])
    for s in it.get("statefulsets", []):
        own = [p for p in owned(s["metadata"]["uid"]) if _active(p)]
        if s["status"]["replicas"] != len(own):
            fail("sts replicas mismatch " + s["metadata"]["name"])
        if s["status"].get("readyReplicas", 0) != sum(1 for p in own if _ready(p) and "deletionTimestamp" not in p["metadata"]):
            fail("sts ready mismatch " + s["metadata"]["name"])
        for p in own:
            if not sel_match(s["spec"]["selector"]["matchLabels"], p["metadata"]["labels"]):
                fail("sts pod label mismatch " + p["metadata"]["name"])
            if not p["metadata"]["name"].startswith(s["metadata"]["name"] + "-"):
                fail("sts pod name " + p["metadata"]["name"])
        for v in s["spec"].get("volumeClaimTemplates", []):
            for p in own:
                cn = "%s-%s" % (v["metadata"]["name"], p["metadata"]["name"])
                if "persistentvolumeclaims" in it and ("PersistentVolumeClaim", s["metadata"]["namespace"], cn) not in idx:
                    fail("sts pvc missing " + cn)
    for dsx in it.get("daemonsets", []):
        own = [p for p in owned(dsx["metadata"]["uid"]) if _active(p)]
        if dsx["status"]["currentNumberScheduled"] != len(own) or dsx["status"]["numberReady"] != sum(1 for p in own if _ready(p)):
            fail("ds status mismatch " + dsx["metadata"]["name"])
        nn = [p["spec"]["nodeName"] for p in own]
        if len(nn) != len(set(nn)):
            fail("ds two pods on one node " + dsx["metadata"]["name"])
    for j in it.get("jobs", []):
        own = owned(j["metadata"]["uid"])
        succ = sum(1 for p in own if p["status"]["phase"] == "Succeeded")
        if j["status"].get("succeeded", 0) and succ and j["status"]["succeeded"] != succ:
            fail("job succeeded mismatch " + j["metadata"]["name"])
    # services -> endpoints / endpointslices
    if "services" in it and "endpoints" in it:
        eps = {(e["metadata"]["namespace"], e["metadata"]["name"]): e for e in it["endpoints"]}
        for s in it["services"]:
            ns, nm = s["metadata"]["namespace"], s["metadata"]["name"]
            if s["spec"].get("type") == "ExternalName":
                if (ns, nm) in eps:
                    fail("ExternalName service with endpoints " + nm)
                continue
            if "selector" not in s["spec"]:
                continue
            e = eps.get((ns, nm))
            if e is None:
                fail("missing endpoints for %s/%s" % (ns, nm))
            subsets, sl_eps, sl_ports = compute_endpoints(s, it["pods"])
            if (e.get("subsets") or []) != subsets:
                fail("endpoints mismatch for %s/%s" % (ns, nm))
            if "endpointslices" in it:
                sls = [x for x in it["endpointslices"] if x["metadata"]["namespace"] == ns and
                       x["metadata"].get("labels", {}).get("kubernetes.io/service-name") == nm]
                if len(sls) != 1:
                    fail("expected one endpointslice for %s/%s" % (ns, nm))
                got = [dict((k, v) for k, v in x.items() if k != "zone") for x in (sls[0]["endpoints"] or [])]
                if got != sl_eps or sls[0]["ports"] != sl_ports:
                    fail("endpointslice mismatch for %s/%s" % (ns, nm))
        svcs = {(s["metadata"]["namespace"], s["metadata"]["name"]) for s in it["services"]}
        for e in it["endpoints"]:
            if (e["metadata"]["namespace"], e["metadata"]["name"]) not in svcs:
                fail("endpoints without service " + e["metadata"]["name"])
            ips_all = {p["status"].get("podIP"): p for p in it["pods"]}
            for sub in e.get("subsets", []):
                for a in sub.get("addresses", []) + sub.get("notReadyAddresses", []):
                    tr = a.get("targetRef")
                    if tr:
                        p = idx.get(("Pod", tr["namespace"], tr["name"]))
                        if p is None or p["metadata"]["uid"] != tr["uid"] or p["status"].get("podIP") != a["ip"]:
                            fail("endpoint targetRef mismatch %s %s" % (e["metadata"]["name"], a["ip"]))
        if "endpointslices" in it:
            for sl in it["endpointslices"]:
                svcn = sl["metadata"]["labels"].get("kubernetes.io/service-name")
                if (sl["metadata"]["namespace"], svcn) not in svcs:
                    fail("endpointslice without service " + sl["metadata"]["name"])
                mb = sl["metadata"]["labels"].get("endpointslice.kubernetes.io/managed-by", "")
                if mb.startswith("endpointslicemirroring"):
                    e = eps.get((sl["metadata"]["namespace"], svcn))
                    want = sorted(a["ip"] for sub in e.get("subsets", []) for a in sub.get("addresses", []) + sub.get("notReadyAddresses", []))
                    have = sorted(x["addresses"][0] for x in sl["endpoints"] or [])
                    if want != have:
                        fail("mirrored slice mismatch " + sl["metadata"]["name"])
    # quotas
    for q in it.get("resourcequotas", []):
        used = quota_used({k: it.get(k, []) for k in KINDS}, q["metadata"]["namespace"], q["spec"]["hard"])
        if used != q["status"]["used"]:
            fail("quota used mismatch %s: %s vs %s" % (q["metadata"]["name"], used, q["status"]["used"]))
    # storage
    if "persistentvolumeclaims" in it and "persistentvolumes" in it:
        pvs = {p["metadata"]["name"]: p for p in it["persistentvolumes"]}
        scs = {s["metadata"]["name"] for s in it.get("storageclasses", [])}
        for c in it["persistentvolumeclaims"]:
            if c["status"]["phase"] == "Bound":
                pv = pvs.get(c["spec"].get("volumeName"))
                if pv is None or pv["spec"]["claimRef"]["uid"] != c["metadata"]["uid"] or pv["status"]["phase"] != "Bound":
                    fail("pvc/pv binding mismatch " + c["metadata"]["name"])
            scn = c["spec"].get("storageClassName")
            if scn and "storageclasses" in it and scn not in scs:
                if not any(scn in e["message"] for e in it.get("events", [])):
                    fail("pvc storageclass missing without symptom " + c["metadata"]["name"])
        for pv in it["persistentvolumes"]:
            if pv["status"]["phase"] == "Bound":
                cr = pv["spec"]["claimRef"]
                cl = idx.get(("PersistentVolumeClaim", cr["namespace"], cr["name"]))
                if cl is None or cl["metadata"]["uid"] != cr["uid"]:
                    fail("bound pv without claim " + pv["metadata"]["name"])
            na = pv["spec"].get("nodeAffinity")
            if na:
                for term in na["required"]["nodeSelectorTerms"]:
                    for ex in term["matchExpressions"]:
                        if not any(n["metadata"]["labels"].get(ex["key"]) in ex["values"] for n in nodes.values()) and \
                                ex["key"] != "kubernetes.io/hostname":
                            fail("pv node affinity matches no node " + pv["metadata"]["name"])
    # events
    for e in it.get("events", []):
        io = e["involvedObject"]
        if e.get("firstTimestamp"):
            if _t(e["firstTimestamp"]) > _t(e["lastTimestamp"]) or e["count"] < 1:
                fail("bad event times " + e["metadata"]["name"])
        elif not e.get("eventTime"):
            fail("event without any time " + e["metadata"]["name"])
        elif e.get("series") and _t(e["series"]["lastObservedTime"]) < _t(e["eventTime"]):
            fail("bad event series " + e["metadata"]["name"])
        if io["kind"] in PLURAL and PLURAL[io["kind"]] in it:
            nsd = KINDS[PLURAL[io["kind"]]][2]
            key = (io["kind"], io.get("namespace", "") if nsd else "", io["name"])
            tgt = idx.get(key)
            if tgt is None:
                if key not in ghosts:
                    fail("event for unknown object %s" % (key,))
            elif io["kind"] != "Node" and tgt["metadata"]["uid"] != io["uid"] and key not in ghosts:
                fail("event uid mismatch %s" % (key,))
    # truth
    rc = truth["root_cause"]
    pl = PLURAL.get(rc["kind"])
    if pl is None or pl not in it:
        fail("truth kind not in bundle " + rc["kind"])
    if (rc["kind"], rc["namespace"], rc["name"]) not in idx:
        fail("truth entity missing %s" % (rc,))
    return len(it["pods"]), len(nss)


# ================================================================= platforms
CP_TOL = [{"key": "CriticalAddonsOnly", "operator": "Exists"},
          {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}]
ALL_TOL = [{"operator": "Exists"}]

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
    forward . %s {
       max_concurrent 1000
    }
    cache 30
    loop
    reload
    loadbalance
}
"""


def core_ns(c, api_ips, api_port=443, svc_ip=None):
    for n in ("default", "kube-system", "kube-public", "kube-node-lease"):
        c.ns(n, ago=c.age)
    kip = svc_ip or (c.svc_base + ".0.1" if c.svc_base.count(".") == 1 else c.svc_base + ".1")
    c.svc_ips.add(kip)
    s = c.svc("default", "kubernetes", [("https", 443, api_port)], labels={"component": "apiserver", "provider": "kubernetes"},
              ago=c.age - 30, ip=kip)
    c.manual_endpoints(s, api_ips, [("https", api_port)], labels={"endpointslice.kubernetes.io/skip-mirror": "true"},
                       mirror=False)
    sl = {"metadata": c.meta("kubernetes", "default", labels={"kubernetes.io/service-name": "kubernetes"}, ago=c.age - 30, gen=1),
          "addressType": "IPv4",
          "endpoints": [{"addresses": [ip], "conditions": {"ready": True}} for ip in api_ips],
          "ports": [{"name": "https", "port": api_port, "protocol": "TCP"}]}
    c.add("endpointslices", sl)


def coredns(c, ns="kube-system", name="coredns", image="registry.k8s.io/coredns/coredns:v1.11.1", replicas=2,
            svc_name="kube-dns", upstream="/etc/resolv.conf", sel=None, prio="system-cluster-critical", tol=CP_TOL,
            nsel=None, corefile=None, labels=None, sa="coredns", ann=None):
    sel = sel or {"k8s-app": "kube-dns"}
    cmname = name
    c.cm(ns, cmname, {"Corefile": corefile or (COREFILE % upstream)}, ago=c.age - 40, labels=labels)
    ctrs = [ctr("coredns", image, args=["-conf", "/etc/coredns/Corefile"],
                ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP"), ("metrics", 9153, "TCP")],
                req={"cpu": "100m", "memory": "70Mi"}, lim={"memory": "170Mi"},
                live=http_probe("/health", 8080, delay=60, timeout=5, fail=5),
                ready=http_probe("/ready", 8181), mounts=[("config-volume", "/etc/coredns", True)],
                sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]},
                    "readOnlyRootFilesystem": True})]
    vols = [vol_cm("config-volume", cmname, items=[("Corefile", "Corefile")])]
    c.sa(ns, sa, ago=c.age - 40)
    aff = {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {
        "labelSelector": {"matchExpressions": [{"key": "k8s-app", "operator": "In", "values": ["kube-dns"]}]},
        "topologyKey": "kubernetes.io/hostname"}, "weight": 100}]}}
    dep = c.deploy(ns, name, ctrs, replicas=replicas, labels=dict(sel, **(labels or {})), sel=sel, sa=sa, vols=vols,
                   tol=tol, prio=prio, aff=aff, dns="Default", nsel=nsel or {"kubernetes.io/os": "linux"},
                   strategy={"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}, "type": "RollingUpdate"},
                   ago=c.age - 40, ann=ann)
    c.svc(ns, svc_name, [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP"), ("metrics", 9153, 9153, "TCP")], sel=sel,
          labels={"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"},
          ann={"prometheus.io/port": "9153", "prometheus.io/scrape": "true"}, ip=c.dns_ip, ago=c.age - 40)
    return dep


def kube_proxy(c, image, mode="iptables"):
    c.sa("kube-system", "kube-proxy", ago=c.age - 40)
    c.cm("kube-system", "kube-proxy", {"config.conf": "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nmode: \"%s\"\nclusterCIDR: \"\"\n" % mode},
         labels={"app": "kube-proxy"}, ago=c.age - 40)
    return c.ds("kube-system", "kube-proxy", [ctr("kube-proxy", image, command=["/usr/local/bin/kube-proxy", "--config=/var/lib/kube-proxy/config.conf", "--hostname-override=$(NODE_NAME)"],
                                                 env=[fref("NODE_NAME", "spec.nodeName")], req={"cpu": "100m"},
                                                 mounts=[("kube-proxy", "/var/lib/kube-proxy"), ("xtables-lock", "/run/xtables.lock"), ("lib-modules", "/lib/modules", True)],
                                                 sc={"privileged": True})],
                labels={"k8s-app": "kube-proxy"}, tol=ALL_TOL, hostnet=True, sa="kube-proxy", prio="system-node-critical",
                vols=[vol_cm("kube-proxy", "kube-proxy"), vol_host("xtables-lock", "/run/xtables.lock", "FileOrCreate"),
                      vol_host("lib-modules", "/lib/modules")], ago=c.age - 40,
                update={"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}, "type": "RollingUpdate"})


def simple_ds(c, ns, name, image, labels=None, tol=ALL_TOL, hostnet=False, req=None, lim=None, sa=None, ports=None,
              prio=None, extra_ctrs=None, mounts=None, vols=None, live=None, nsel=None, args=None, ago=None, pann=None):
    cs = [ctr(name.split("-")[-1] if len(name) > 24 else name, image, ports=ports, req=req or {"cpu": "50m", "memory": "64Mi"},
              lim=lim, mounts=mounts, live=live, args=args)]
    cs += extra_ctrs or []
    if sa:
        c.get("ServiceAccount", ns, sa) or c.sa(ns, sa)
    return c.ds(ns, name, cs, labels=labels or {"app.kubernetes.io/name": name}, tol=tol, hostnet=hostnet, sa=sa,
                prio=prio, vols=vols, nsel=nsel, ago=ago, pann=pann)


def simple_deploy(c, ns, name, image, replicas=1, labels=None, port=None, req=None, lim=None, sa=None, args=None,
                  tol=None, prio=None, env=None, svc=True, svc_port=None, probe=None, ago=None, nsel=None, vols=None,
                  mounts=None, extra_ctrs=None, sel=None, pann=None, revision=None, svc_name=None, svc_labels=None):
    labels = labels or {"app.kubernetes.io/name": name, "app.kubernetes.io/instance": name}
    ports = [("http", port)] if isinstance(port, int) else port
    pp = ports[0][1] if ports else None
    if probe is None and pp:
        probe = ("/healthz", "http" if ports[0][0] == "http" else pp)
    cs = [ctr(name if len(name) < 30 else name[:30], image, ports=ports, args=args, env=env,
              req=req or {"cpu": "100m", "memory": "128Mi"}, lim=lim,
              live=http_probe(probe[0], probe[1], delay=15, period=20) if probe else None,
              ready=http_probe(probe[0].replace("healthz", "readyz") if len(probe) < 3 else probe[2], probe[1], period=10) if probe else None,
              mounts=mounts)]
    cs += extra_ctrs or []
    if sa:
        c.get("ServiceAccount", ns, sa) or c.sa(ns, sa)
    out = c.deploy(ns, name, cs, replicas=replicas, labels=labels, sel=sel, sa=sa, tol=tol, prio=prio, ago=ago,
                   nsel=nsel, vols=vols, pann=pann, revision=revision)
    if svc and pp:
        sp = svc_port or [(ports[0][0], 80 if ports[0][0] == "http" else pp, ports[0][0])]
        c.svc(ns, svc_name or name, sp, sel=sel or labels, labels=svc_labels or labels, ago=ago)
    return out


def eks_nodes(c, pools, region):
    zones = [region + z for z in "abc"]
    used = set()
    k = 0
    for pool in pools:
        pname, count, itype, cpu, mem = pool[:5]
        taints = pool[5] if len(pool) > 5 else None
        extra = pool[6] if len(pool) > 6 else {}
        for i in range(count):
            zone = zones[k % 3]
            k += 1
            zi = zones.index(zone)
            while True:
                b = zi * 32 + c.r.randint(0, 31)
                if b not in used:
                    break
            used.add(b)
            h = c.r.randint(10, 250)
            ip = "10.0.%d.%d" % (b, h)
            dom = "ec2.internal" if region == "us-east-1" else "%s.compute.internal" % region
            name = "ip-10-0-%d-%d.%s" % (b, h, dom)
            lab = {"eks.amazonaws.com/capacityType": "ON_DEMAND", "eks.amazonaws.com/nodegroup": pname,
                   "eks.amazonaws.com/nodegroup-image": "ami-0" + c.hexs(16),
                   "eks.amazonaws.com/sourceLaunchTemplateId": "lt-0" + c.hexs(16),
                   "eks.amazonaws.com/sourceLaunchTemplateVersion": str(c.r.randint(1, 9)),
                   "k8s.io/cloud-provider-aws": c.extra.setdefault("cpa", c.hexs(32)),
                   "node.kubernetes.io/instance-type": itype, "topology.ebs.csi.aws.com/zone": zone,
                   "topology.k8s.aws/zone-id": "%s-az%d" % ({"eu-west-1": "euw1", "us-east-1": "use1", "us-west-2": "usw2",
                                                             "eu-central-1": "euc1", "ap-southeast-2": "apse2"}.get(region, "use2"), zi + 1)}
            lab.update(extra)
            c.node(name, ip, "10.0.%d." % b, lab, ago=pool[7] if len(pool) > 7 else c.r.randint(3 * D, 40 * D),
                   cpu=cpu, mem_gi=mem, taints=taints,
                   provider="aws:///%s/i-0%s" % (zone, c.hexs(16)), os_image="Amazon Linux 2",
                   kernel="5.10.215-203.850.amzn2.x86_64", runtime="containerd://1.7.11", zone=zone,
                   pods_cap={"m5.xlarge": 58, "m6i.2xlarge": 58, "r6i.2xlarge": 58, "r6i.4xlarge": 234, "m6i.4xlarge": 234,
                             "c6i.2xlarge": 58, "m5.2xlarge": 58, "t3.large": 35, "g5.2xlarge": 58}.get(itype, 58), eph_gi=80)


def plat_eks(c, cluster, region, pools, ecr_ver="v1.18.1-eksbuild.3"):
    c.region, c.cluster = region, cluster
    c.svc_base, c.dns_ip = "172.20", "172.20.0.10"
    acct = c.extra.setdefault("acct", str(c.r.randint(10 ** 11, 10 ** 12 - 1)))
    core_ns(c, ["10.0.%d.%d" % (c.r.randint(0, 95), c.r.randint(10, 250)) for _ in range(2)], 443, "172.20.0.1")
    eks_nodes(c, pools, region)
    ks = "kube-system"
    ecr = "602401143452.dkr.ecr.%s.amazonaws.com" % region
    c.sa(ks, "aws-node", ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::%s:role/%s-vpc-cni" % (acct, cluster)}, ago=c.age - 40)
    c.ds(ks, "aws-node", [
        ctr("aws-node", "%s/amazon-k8s-cni:%s" % (ecr, ecr_ver), ports=[("metrics", 61678)],
            env=[("ADDITIONAL_ENI_TAGS", "{}"), ("AWS_VPC_CNI_NODE_PORT_SUPPORT", "true"), ("AWS_VPC_K8S_CNI_LOGLEVEL", "DEBUG"),
                 ("ENABLE_PREFIX_DELEGATION", "false"), ("WARM_ENI_TARGET", "1"), fref("MY_NODE_NAME", "spec.nodeName")],
            req={"cpu": "25m"}, live=exec_probe(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], delay=60, timeout=10),
            ready=exec_probe(["/app/grpc-health-probe", "-addr=:50051", "-connect-timeout=5s", "-rpc-timeout=5s"], delay=1, timeout=10),
            mounts=[("cni-bin-dir", "/host/opt/cni/bin"), ("cni-net-dir", "/host/etc/cni/net.d"), ("log-dir", "/host/var/log/aws-routed-eni"),
                    ("run-dir", "/var/run/aws-node"), ("xtables-lock", "/run/xtables.lock")],
            sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}}),
        ctr("aws-eks-nodeagent", "%s/amazon/aws-network-policy-agent:v1.1.1-eksbuild.2" % ecr,
            args=["--enable-ipv6=false", "--enable-network-policy=false", "--enable-cloudwatch-logs=false",
                  "--metrics-bind-addr=:8162", "--health-probe-bind-addr=:8163"], req={"cpu": "25m"},
            sc={"capabilities": {"add": ["NET_ADMIN"]}, "privileged": True})],
        labels={"k8s-app": "aws-node"}, tol=ALL_TOL, hostnet=True, sa="aws-node", prio="system-node-critical",
        init=[ctr("aws-vpc-cni-init", "%s/amazon-k8s-cni-init:%s" % (ecr, ecr_ver), req={"cpu": "25m"}, sc={"privileged": True},
                  mounts=[("cni-bin-dir", "/host/opt/cni/bin")])],
        vols=[vol_host("cni-bin-dir", "/opt/cni/bin"), vol_host("cni-net-dir", "/etc/cni/net.d"),
              vol_host("log-dir", "/var/log/aws-routed-eni", "DirectoryOrCreate"), vol_host("run-dir", "/var/run/aws-node", "DirectoryOrCreate"),
              vol_host("xtables-lock", "/run/xtables.lock", "FileOrCreate")], ago=c.age - 40,
        update={"rollingUpdate": {"maxSurge": 0, "maxUnavailable": "10%"}, "type": "RollingUpdate"})
    kube_proxy(c, "%s/eks/kube-proxy:v%s-minimal-eksbuild.2" % (ecr, c.version.split("-")[0].lstrip("v")))
    coredns(c, image="%s/eks/coredns:v1.11.1-eksbuild.9" % ecr, labels={"eks.amazonaws.com/component": "coredns"})
    c.sa(ks, "ebs-csi-controller-sa", ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::%s:role/AmazonEKS_EBS_CSI_DriverRole-%s" % (acct, cluster)},
         labels={"app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver"}, ago=c.age - 40)
    c.sa(ks, "ebs-csi-node-sa", ago=c.age - 40)
    ebs = "%s/eks/aws-ebs-csi-driver:v1.30.0" % ecr.replace("602401143452.dkr.ecr.%s.amazonaws.com" % region, "public.ecr.aws")
    side = "public.ecr.aws/eks-distro/kubernetes-csi"
    c.deploy(ks, "ebs-csi-controller", [
        ctr("ebs-plugin", ebs, args=["controller", "--endpoint=$(CSI_ENDPOINT)", "--batching=true", "--k8s-tag-cluster-id=" + cluster, "--logging-format=text", "--v=2"],
            ports=[("healthz", 9808)], env=[("CSI_ENDPOINT", "unix:///var/lib/csi/sockets/pluginproxy/csi.sock"), fref("CSI_NODE_NAME", "spec.nodeName")],
            req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"}, live=http_probe("/healthz", "healthz", delay=10, timeout=3, fail=5),
            ready=http_probe("/healthz", "healthz", delay=10, timeout=3, fail=5), mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
        ctr("csi-provisioner", side + "/external-provisioner:v4.0.1-eks-1-30-2", args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--feature-gates=Topology=true", "--extra-create-metadata", "--leader-election=true", "--default-fstype=ext4"],
            env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"}, mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
        ctr("csi-attacher", side + "/external-attacher:v4.5.1-eks-1-30-2", args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--leader-election=true"],
            env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"}, mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
        ctr("csi-resizer", side + "/external-resizer:v1.10.1-eks-1-30-2", args=["--timeout=60s", "--csi-address=$(ADDRESS)", "--v=2", "--handle-volume-inuse-error=false", "--leader-election=true"],
            env=[("ADDRESS", "/var/lib/csi/sockets/pluginproxy/csi.sock")], req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"}, mounts=[("socket-dir", "/var/lib/csi/sockets/pluginproxy/")]),
        ctr("liveness-probe", side + "/livenessprobe:v2.12.0-eks-1-30-2", args=["--csi-address=/csi/csi.sock"], req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"}, mounts=[("socket-dir", "/csi")])],
        replicas=2, labels={"app": "ebs-csi-controller", "app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver", "app.kubernetes.io/version": "1.30.0"},
        sel={"app": "ebs-csi-controller", "app.kubernetes.io/name": "aws-ebs-csi-driver"}, sa="ebs-csi-controller-sa", tol=ALL_TOL,
        prio="system-cluster-critical", vols=[vol_empty("socket-dir")], ago=c.age - 40, nsel={"kubernetes.io/os": "linux"})
    c.ds(ks, "ebs-csi-node", [
        ctr("ebs-plugin", ebs, args=["node", "--endpoint=$(CSI_ENDPOINT)", "--logging-format=text", "--v=2"], ports=[("healthz", 9808)],
            env=[("CSI_ENDPOINT", "unix:/csi/csi.sock"), fref("CSI_NODE_NAME", "spec.nodeName")], req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"},
            live=http_probe("/healthz", "healthz", delay=10, timeout=3, fail=5), mounts=[("kubelet-dir", "/var/lib/kubelet"), ("plugin-dir", "/csi"), ("device-dir", "/dev")],
            sc={"privileged": True, "readOnlyRootFilesystem": True}),
        ctr("node-driver-registrar", side + "/node-driver-registrar:v2.10.1-eks-1-30-2", args=["--csi-address=$(ADDRESS)", "--kubelet-registration-path=$(DRIVER_REG_SOCK_PATH)", "--v=2"],
            env=[("ADDRESS", "/csi/csi.sock"), ("DRIVER_REG_SOCK_PATH", "/var/lib/kubelet/plugins/ebs.csi.aws.com/csi.sock")], req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"},
            mounts=[("plugin-dir", "/csi"), ("registration-dir", "/registration")]),
        ctr("liveness-probe", side + "/livenessprobe:v2.12.0-eks-1-30-2", args=["--csi-address=/csi/csi.sock"], req={"cpu": "10m", "memory": "40Mi"}, lim={"memory": "256Mi"}, mounts=[("plugin-dir", "/csi")])],
        labels={"app": "ebs-csi-node", "app.kubernetes.io/component": "csi-driver", "app.kubernetes.io/managed-by": "EKS", "app.kubernetes.io/name": "aws-ebs-csi-driver"},
        tol=ALL_TOL, sa="ebs-csi-node-sa", prio="system-node-critical",
        vols=[vol_host("kubelet-dir", "/var/lib/kubelet", "Directory"), vol_host("plugin-dir", "/var/lib/kubelet/plugins/ebs.csi.aws.com/", "DirectoryOrCreate"),
              vol_host("registration-dir", "/var/lib/kubelet/plugins_registry/", "Directory"), vol_host("device-dir", "/dev", "Directory")], ago=c.age - 40)
    c.cm(ks, "aws-auth", {"mapRoles": "- groups:\n  - system:bootstrappers\n  - system:nodes\n  rolearn: arn:aws:iam::%s:role/%s-node-role\n  username: system:node:{{EC2PrivateDNSName}}\n" % (acct, cluster)}, ago=c.age - 40)
    c.cm(ks, "amazon-vpc-cni", {"branch-eni-cooldown": "60", "enable-network-policy-controller": "false", "enable-windows-ipam": "false",
                               "enable-windows-prefix-delegation": "false", "minimum-ip-target": "3", "warm-ip-target": "1", "warm-prefix-target": "0"},
         labels={"app.kubernetes.io/instance": "aws-vpc-cni", "app.kubernetes.io/name": "aws-node"}, ago=c.age - 40)
    c.cm(ks, "extension-apiserver-authentication", {"client-ca-file": FAKE_CA}, ago=c.age)
    c.sa(ks, "metrics-server", labels={"k8s-app": "metrics-server"}, ago=c.age - 30)
    simple_deploy(c, ks, "metrics-server", "registry.k8s.io/metrics-server/metrics-server:v0.7.1", port=[("https", 10250)],
                  labels={"k8s-app": "metrics-server"}, sa="metrics-server", prio="system-cluster-critical",
                  args=["--cert-dir=/tmp", "--secure-port=10250", "--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname", "--kubelet-use-node-status-port", "--metric-resolution=15s"],
                  probe=("/livez", "https", "/readyz"), svc_port=[("https", 443, "https")], ago=c.age - 30, req={"cpu": "100m", "memory": "200Mi"})
    c.sc("gp2", "kubernetes.io/aws-ebs", {"fsType": "ext4", "type": "gp2"}, binding="WaitForFirstConsumer", expand=False, ago=c.age)
    return c


def plat_gke(c, cluster, region, pools, project):
    c.region, c.cluster = region, cluster
    c.extra["project"] = project
    c.svc_base, c.dns_ip = "34.118.224", "34.118.224.10"
    c.svc_base = "34.118"
    c.svc3 = (224, 239)
    core_ns(c, ["172.16.0.%d" % c.r.randint(2, 30)], 443, "34.118.224.1")
    zones = [region + z for z in ("-a", "-b", "-c")]
    k = 0
    for pool in pools:
        pname, count, itype, cpu, mem = pool[:5]
        taints = pool[5] if len(pool) > 5 else None
        extra = pool[6] if len(pool) > 6 else {}
        grp = {z: c.hexs(8) for z in zones}
        for i in range(count):
            zone = zones[k % 3]
            k += 1
            name = "gke-%s-%s-%s-%s" % (cluster[:14], pname[:12], grp[zone], "".join(c.r.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(4)))
            ip = "10.132.0.%d" % (10 + k)
            lab = {"cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
                   "cloud.google.com/gke-cpu-scaling-level": str(cpu), "cloud.google.com/gke-logging-variant": "DEFAULT",
                   "cloud.google.com/gke-max-pods-per-node": "110", "cloud.google.com/gke-nodepool": pname,
                   "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/gke-provisioning": "standard",
                   "cloud.google.com/gke-stack-type": "IPV4", "cloud.google.com/machine-family": itype.split("-")[0],
                   "cloud.google.com/private-node": "false", "node.kubernetes.io/instance-type": itype,
                   "topology.gke.io/zone": zone}
            lab.update(extra)
            c.node(name, ip, "10.56.%d." % (k * 2), lab, ago=c.r.randint(4 * D, 30 * D), cpu=cpu, mem_gi=mem, taints=taints,
                   provider="gce://%s/%s/%s" % (project, zone, name), os_image="Container-Optimized OS from Google",
                   kernel="6.1.75+", runtime="containerd://1.7.13", zone=zone, cidr="10.56.%d.0/24" % (k * 2),
                   eph_gi=95)
    ks = "kube-system"
    gcr = "gke.gcr.io"
    c.sa(ks, "kube-dns", ago=c.age - 40)
    c.cm(ks, "kube-dns", {"stubDomains": "{}"}, labels={"addonmanager.kubernetes.io/mode": "EnsureExists"}, ago=c.age - 40)
    kd = c.deploy(ks, "kube-dns", [
        ctr("kubedns", gcr + "/k8s-dns-kube-dns:1.23.0-gke.9", args=["--domain=cluster.local.", "--dns-port=10053", "--config-dir=/kube-dns-config", "--v=2"],
            ports=[("dns-local", 10053, "UDP"), ("dns-tcp-local", 10053, "TCP"), ("metrics", 10055, "TCP")], req={"cpu": "100m", "memory": "70Mi"}, lim={"memory": "210Mi"},
            live=http_probe("/healthcheck/kubedns", 10054, delay=60, timeout=5, fail=5), ready=http_probe("/readiness", 8081, delay=3, timeout=5)),
        ctr("dnsmasq", gcr + "/k8s-dns-dnsmasq-nanny:1.23.0-gke.9", args=["-v=2", "-logtostderr", "-configDir=/etc/k8s/dns/dnsmasq-nanny", "-restartDnsmasq=true", "--", "-k", "--cache-size=1000"],
            ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP")], req={"cpu": "150m", "memory": "20Mi"}, live=http_probe("/healthcheck/dnsmasq", 10054, delay=60, timeout=5, fail=5)),
        ctr("sidecar", gcr + "/k8s-dns-sidecar:1.23.0-gke.9", args=["--v=2", "--logtostderr", "--probe=kubedns,127.0.0.1:10053,kubernetes.default.svc.cluster.local,5,SRV"],
            ports=[("metrics", 10054, "TCP")], req={"cpu": "10m", "memory": "20Mi"}, live=http_probe("/metrics", 10054, delay=60, timeout=5, fail=5))],
        replicas=2, labels={"k8s-app": "kube-dns"}, sa="kube-dns", prio="system-cluster-critical", tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "components.gke.io/gke-managed-components", "operator": "Exists"}],
        dns="Default", ago=c.age - 40, nsel={"kubernetes.io/os": "linux"})
    c.svc(ks, "kube-dns", [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP")], sel={"k8s-app": "kube-dns"},
          labels={"addonmanager.kubernetes.io/mode": "Reconcile", "k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "KubeDNS"},
          ip=c.dns_ip, ago=c.age - 40)
    simple_deploy(c, ks, "kube-dns-autoscaler", "gke.gcr.io/cluster-proportional-autoscaler:v1.8.11-gke.5", labels={"k8s-app": "kube-dns-autoscaler"},
                  svc=False, prio="system-cluster-critical", ago=c.age - 40, req={"cpu": "20m", "memory": "10Mi"}, sa="kube-dns-autoscaler")
    for n in c.node_order:
        c.static_pod(ks, "kube-proxy", n, [ctr("kube-proxy", "gke.gcr.io/kube-proxy-amd64:%s" % c.version, command=["/bin/sh", "-c", "exec kube-proxy --master=https://172.16.0.2 --kubeconfig=/var/lib/kube-proxy/kubeconfig --cluster-cidr=10.56.0.0/14 --oom-score-adj=-998 --v=2 --iptables-sync-period=1m --iptables-min-sync-period=10s --ipvs-sync-period=1m --ipvs-min-sync-period=10s --detect-local-mode=NodeCIDR"],
                                                    req={"cpu": "100m"}, sc={"privileged": True})],
                     {"component": "kube-proxy", "tier": "node"}, ago=c.ninfo[n]["age"] - 60)
    simple_ds(c, ks, "fluentbit-gke", "gke.gcr.io/fluent-bit:v1.8.12-gke.30", labels={"k8s-app": "fluentbit-gke"}, tol=ALL_TOL,
              req={"cpu": "50m", "memory": "100Mi"}, lim={"memory": "250Mi"}, prio="system-node-critical", sa="fluentbit-gke", ports=[("metrics", 2020)],
              extra_ctrs=[ctr("fluentbit-gke", "gke.gcr.io/fluent-bit-gke-exporter:v0.26.2-gke.1", req={"cpu": "5m", "memory": "30Mi"}, lim={"memory": "45Mi"})])
    simple_ds(c, ks, "gke-metrics-agent", "gke.gcr.io/gke-metrics-agent:1.11.1-gke.2", labels={"component": "gke-metrics-agent", "k8s-app": "gke-metrics-agent"},
              tol=ALL_TOL, req={"cpu": "8m", "memory": "60Mi"}, lim={"memory": "60Mi"}, prio="system-node-critical", sa="gke-metrics-agent")
    simple_ds(c, ks, "pdcsi-node", "gke.gcr.io/gcp-compute-persistent-disk-csi-driver:v1.13.2-gke.0", labels={"k8s-app": "gcp-compute-persistent-disk-csi-driver"},
              tol=ALL_TOL, req={"cpu": "10m", "memory": "20Mi"}, prio="system-node-critical", sa="pdcsi-node-sa", hostnet=True,
              extra_ctrs=[ctr("csi-driver-registrar", "gke.gcr.io/csi-node-driver-registrar:v2.9.2-gke.0", req={"cpu": "5m", "memory": "10Mi"})])
    simple_ds(c, ks, "netd", "gke.gcr.io/netd:v0.5.2-gke.4", labels={"app": "netd"}, tol=ALL_TOL, hostnet=True,
              req={"cpu": "4m", "memory": "30Mi"}, prio="system-node-critical", sa="netd")
    simple_deploy(c, ks, "konnectivity-agent", "gke.gcr.io/proxy-agent:v0.29.0-gke.2", replicas=min(3, len(c.node_order)),
                  labels={"k8s-app": "konnectivity-agent"}, svc=False, prio="system-cluster-critical", ago=c.age - 40,
                  sa="konnectivity-agent", req={"cpu": "10m", "memory": "30Mi"}, lim={"memory": "125Mi"}, port=[("metrics", 8093)],
                  tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "sandbox.gke.io/runtime", "operator": "Equal", "value": "gvisor"}])
    simple_deploy(c, ks, "metrics-server-v0.7.0", "gke.gcr.io/metrics-server:v0.7.0-gke.9", labels={"k8s-app": "metrics-server", "version": "v0.7.0"},
                  svc_name="metrics-server", svc_port=[("https", 443, "https")], port=[("https", 10250)], probe=("/livez", "https", "/readyz"),
                  prio="system-cluster-critical", sa="metrics-server", ago=c.age - 40, req={"cpu": "48m", "memory": "105Mi"})
    simple_deploy(c, ks, "event-exporter-gke", "gke.gcr.io/event-exporter:v0.4.0-gke.2", labels={"k8s-app": "event-exporter"}, svc=False,
                  sa="event-exporter-sa", ago=c.age - 40, req={"cpu": "10m", "memory": "20Mi"})
    simple_deploy(c, ks, "l7-default-backend", "gke.gcr.io/ingress-gce-404-server-with-metrics:v1.23.2", labels={"k8s-app": "glbc", "name": "glbc"},
                  svc_name="default-http-backend", port=[("http", 8080)], ago=c.age - 40, req={"cpu": "10m", "memory": "20Mi"})
    c.sc("standard", "kubernetes.io/gce-pd", {"type": "pd-standard"}, binding="Immediate", expand=True, ago=c.age,
         labels={"addonmanager.kubernetes.io/mode": "EnsureExists"})
    c.sc("standard-rwo", "pd.csi.storage.gke.io", {"type": "pd-balanced"}, binding="WaitForFirstConsumer", default=True, ago=c.age,
         labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "k8s-app": "gcp-compute-persistent-disk-csi-driver"},
         ann={"components.gke.io/component-name": "pdcsi", "components.gke.io/component-version": "0.18.6", "components.gke.io/layer": "addon"})
    c.sc("premium-rwo", "pd.csi.storage.gke.io", {"type": "pd-ssd"}, binding="WaitForFirstConsumer", ago=c.age,
         labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "k8s-app": "gcp-compute-persistent-disk-csi-driver"},
         ann={"components.gke.io/component-name": "pdcsi", "components.gke.io/component-version": "0.18.6", "components.gke.io/layer": "addon"})
    return c


def plat_aks(c, cluster, region, pools):
    c.region, c.cluster = region, cluster
    c.svc_base, c.dns_ip = "10.0", "10.0.0.10"
    c.extra["rg"] = "MC_rg-%s_%s_%s" % (cluster, cluster, region)
    core_ns(c, ["%s-dns-%s.hcp.%s.azmk8s.io" and "20.%d.%d.%d" % (c.r.randint(50, 250), c.r.randint(0, 255), c.r.randint(1, 250))], 443, "10.0.0.1")
    k = 0
    for pool in pools:
        pname, count, itype, cpu, mem = pool[:5]
        taints = pool[5] if len(pool) > 5 else None
        extra = pool[6] if len(pool) > 6 else {}
        vm = str(c.r.randint(10000000, 99999999))
        for i in range(count):
            name = "aks-%s-%s-vmss%06d" % (pname, vm, i + c.r.randint(0, 3) * 0)
            k += 1
            zone = "%s-%d" % (region, (i % 3) + 1)
            lab = {"agentpool": pname, "kubernetes.azure.com/agentpool": pname, "kubernetes.azure.com/cluster": c.extra["rg"],
                   "kubernetes.azure.com/consolidated-additional-properties": c.uid(), "kubernetes.azure.com/kubelet-identity-client-id": c.uid(),
                   "kubernetes.azure.com/mode": "system" if k == 1 or pname.startswith("sys") else "user",
                   "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202405.03.0", "kubernetes.azure.com/nodepool-type": "VirtualMachineScaleSets",
                   "kubernetes.azure.com/os-sku": "Ubuntu", "kubernetes.azure.com/role": "agent", "kubernetes.azure.com/storageprofile": "managed",
                   "kubernetes.azure.com/storagetier": "Premium_LRS", "node.kubernetes.io/instance-type": itype,
                   "topology.disk.csi.azure.com/zone": zone, "storageprofile": "managed", "storagetier": "Premium_LRS"}
            lab.update(extra)
            c.node(name, "10.224.0.%d" % (3 + k), "10.244.%d." % (k - 1), lab, ago=c.r.randint(3 * D, 35 * D), cpu=cpu, mem_gi=mem,
                   taints=taints, provider="azure:///subscriptions/%s/resourceGroups/%s/providers/Microsoft.Compute/virtualMachineScaleSets/aks-%s-%s-vmss/virtualMachines/%d" % (
                       c.extra.setdefault("sub", c.uid()), c.extra["rg"].lower(), pname, vm, i),
                   os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-1064-azure", runtime="containerd://1.7.15-1", zone=zone,
                   cidr="10.244.%d.0/24" % (k - 1), pods_cap=110, eph_gi=124)
    ks = "kube-system"
    mcr = "mcr.microsoft.com"
    kube_proxy(c, "%s/oss/kubernetes/kube-proxy:%s-hotfix.20240411" % (mcr, c.version))
    coredns(c, image="%s/oss/kubernetes/coredns:v1.9.4-hotfix.20240411" % mcr, labels={"kubernetes.io/cluster-service": "true", "version": "v20"},
            tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}])
    simple_deploy(c, ks, "coredns-autoscaler", mcr + "/oss/kubernetes/autoscaler/cluster-proportional-autoscaler:v1.8.9", labels={"k8s-app": "coredns-autoscaler"},
                  svc=False, prio="system-node-critical", sa="coredns-autoscaler", ago=c.age - 40, req={"cpu": "20m", "memory": "10Mi"})
    simple_ds(c, ks, "azure-ip-masq-agent", mcr + "/aks/ip-masq-agent-v2:v0.1.11", labels={"component": "azure-ip-masq-agent", "k8s-app": "azure-ip-masq-agent", "kubernetes.azure.com/managedby": "aks", "tier": "node"},
              tol=ALL_TOL, hostnet=True, prio="system-node-critical", req={"cpu": "100m", "memory": "50Mi"}, lim={"cpu": "500m", "memory": "250Mi"})
    simple_ds(c, ks, "cloud-node-manager", mcr + "/oss/kubernetes/azure-cloud-node-manager:v1.29.4", labels={"component": "cloud-node-manager", "k8s-app": "cloud-node-manager", "kubernetes.azure.com/managedby": "aks"},
              tol=ALL_TOL, hostnet=True, prio="system-node-critical", sa="cloud-node-manager", req={"cpu": "50m", "memory": "50Mi"}, lim={"cpu": "2", "memory": "512Mi"})
    simple_ds(c, ks, "csi-azuredisk-node", mcr + "/oss/kubernetes-csi/azuredisk-csi:v1.29.5", labels={"app": "csi-azuredisk-node"}, tol=ALL_TOL, hostnet=True,
              prio="system-node-critical", sa="csi-azuredisk-node-sa", req={"cpu": "10m", "memory": "20Mi"}, lim={"memory": "2100Mi"}, ports=[("healthz", 29603)],
              extra_ctrs=[ctr("liveness-probe", mcr + "/oss/kubernetes-csi/livenessprobe:v2.12.0", req={"cpu": "10m", "memory": "20Mi"}, lim={"memory": "100Mi"}),
                          ctr("node-driver-registrar", mcr + "/oss/kubernetes-csi/csi-node-driver-registrar:v2.10.1", req={"cpu": "10m", "memory": "20Mi"}, lim={"memory": "100Mi"})])
    simple_ds(c, ks, "csi-azurefile-node", mcr + "/oss/kubernetes-csi/azurefile-csi:v1.29.5", labels={"app": "csi-azurefile-node"}, tol=ALL_TOL, hostnet=True,
              prio="system-node-critical", sa="csi-azurefile-node-sa", req={"cpu": "10m", "memory": "20Mi"}, lim={"memory": "600Mi"}, ports=[("healthz", 29613)])
    simple_deploy(c, ks, "konnectivity-agent", mcr + "/oss/kubernetes/apiserver-network-proxy/agent:v0.30.3-hotfix.20240411", replicas=2,
                  labels={"app": "konnectivity-agent", "component": "tunnel"}, svc=False, prio="system-node-critical", sa="konnectivity-agent",
                  ago=c.age - 40, req={"cpu": "20m", "memory": "20Mi"}, lim={"cpu": "1", "memory": "1Gi"}, port=[("metrics", 8082)])
    simple_deploy(c, ks, "metrics-server", mcr + "/oss/kubernetes/metrics-server:v0.6.3", replicas=2, labels={"k8s-app": "metrics-server"},
                  port=[("https", 4443)], probe=("/livez", "https", "/readyz"), svc_port=[("", 443, "https")], sa="metrics-server", ago=c.age - 40,
                  prio="system-node-critical", req={"cpu": "44m", "memory": "55Mi"}, lim={"cpu": "1", "memory": "2000Mi"})
    c.sc("default", "disk.csi.azure.com", {"skuname": "StandardSSD_LRS"}, binding="WaitForFirstConsumer", default=True, ago=c.age,
         labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"})
    c.sc("managed-csi", "disk.csi.azure.com", {"skuname": "StandardSSD_LRS"}, binding="WaitForFirstConsumer", ago=c.age,
         labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"})
    c.sc("managed-csi-premium", "disk.csi.azure.com", {"skuname": "Premium_LRS"}, binding="WaitForFirstConsumer", ago=c.age,
         labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"})
    c.sc("azurefile-csi", "file.csi.azure.com", {"skuName": "Standard_LRS"}, binding="Immediate", ago=c.age,
         labels={"addonmanager.kubernetes.io/mode": "EnsureExists", "kubernetes.io/cluster-service": "true"},
         mount=["mfsymlinks", "actimeo=30", "nosharesock"])
    return c


def plat_kubeadm(c, cluster, cps, workers, cni="calico", net="10.20.30.", domain=None, os_image="Ubuntu 22.04.4 LTS",
                 kernel="5.15.0-105-generic", runtime="containerd://1.7.12", zones=None):
    """cps/workers: list of (name, cpu, mem_gi[, labels[, taints]])"""
    c.cluster = cluster
    c.svc_base, c.dns_ip = "10.96", "10.96.0.10"
    allnodes = [(x, True) for x in cps] + [(x, False) for x in workers]
    k = 0
    for spec, is_cp in allnodes:
        name, cpu, mem = spec[:3]
        lab = dict(spec[3]) if len(spec) > 3 and spec[3] else {}
        taints = list(spec[4]) if len(spec) > 4 and spec[4] else []
        if is_cp:
            lab["node-role.kubernetes.io/control-plane"] = ""
            lab["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
            taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}] + taints
        k += 1
        ip = net + str(10 + k)
        pfx = {"calico": "172.16.%d." % (k * 4), "cilium": "10.0.%d." % k, "flannel": "10.244.%d." % (k - 1),
               "antrea": "10.244.%d." % (k - 1)}[cni]
        zone = zones[(k - 1) % len(zones)] if zones else None
        c.node(name + ("." + domain if domain else ""), ip, pfx, lab, ago=c.age - 2 * H - k * 600 if is_cp else c.r.randint(20, c.age // D - 3) * D if c.age > 30 * D else c.age - 4 * H,
               cpu=cpu, mem_gi=mem, taints=taints, os_image=os_image, kernel=kernel, runtime=runtime, zone=zone,
               cidr=None if cni == "calico" else pfx + "0/24", eph_gi=200)
    apis = [c.ninfo[n]["ip"] for n in c.node_order[:len(cps)]]
    core_ns(c, apis, 6443, "10.96.0.1")
    ks = "kube-system"
    reg = "registry.k8s.io"
    v = c.version.split("+")[0]
    for n in c.node_order[:len(cps)]:
        ip = c.ninfo[n]["ip"]
        c.static_pod(ks, "etcd", n, [ctr("etcd", reg + "/etcd:3.5.12-0", command=["etcd", "--advertise-client-urls=https://%s:2379" % ip, "--data-dir=/var/lib/etcd", "--name=" + n],
                                         req={"cpu": "100m", "memory": "100Mi"}, live=http_probe("/health?exclude=NOSPACE&serializable=true", 2381, delay=10, timeout=15, fail=8))],
                     {"component": "etcd", "tier": "control-plane"}, ann={"kubeadm.kubernetes.io/etcd.advertise-client-urls": "https://%s:2379" % ip})
        c.static_pod(ks, "kube-apiserver", n, [ctr("kube-apiserver", reg + "/kube-apiserver:" + v, command=["kube-apiserver", "--advertise-address=" + ip, "--service-cluster-ip-range=10.96.0.0/12"],
                                                   req={"cpu": "250m"}, live=http_probe("/livez", 6443, scheme="HTTPS", delay=10, timeout=15, fail=8),
                                                   ready=http_probe("/readyz", 6443, scheme="HTTPS", timeout=15, period=1))],
                     {"component": "kube-apiserver", "tier": "control-plane"}, ann={"kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint": "%s:6443" % ip})
        c.static_pod(ks, "kube-controller-manager", n, [ctr("kube-controller-manager", reg + "/kube-controller-manager:" + v, command=["kube-controller-manager", "--allocate-node-cidrs=true", "--cluster-cidr=10.244.0.0/16", "--leader-elect=true"],
                                                            req={"cpu": "200m"}, live=http_probe("/healthz", 10257, scheme="HTTPS", delay=10, timeout=15, fail=8))],
                     {"component": "kube-controller-manager", "tier": "control-plane"})
        c.static_pod(ks, "kube-scheduler", n, [ctr("kube-scheduler", reg + "/kube-scheduler:" + v, command=["kube-scheduler", "--authentication-kubeconfig=/etc/kubernetes/scheduler.conf", "--leader-elect=true"],
                                                   req={"cpu": "100m"}, live=http_probe("/healthz", 10259, scheme="HTTPS", delay=10, timeout=15, fail=8))],
                     {"component": "kube-scheduler", "tier": "control-plane"})
    kube_proxy(c, reg + "/kube-proxy:" + v, mode="ipvs" if c.r.random() < 0.3 else "iptables")
    c.cm(ks, "kubeadm-config", {"ClusterConfiguration": "apiServer:\n  timeoutForControlPlane: 4m0s\napiVersion: kubeadm.k8s.io/v1beta3\nclusterName: %s\nkind: ClusterConfiguration\nkubernetesVersion: %s\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: 10.244.0.0/16\n  serviceSubnet: 10.96.0.0/12\n" % (cluster, v)}, ago=c.age)
    c.cm(ks, "kubelet-config", {"kubelet": "apiVersion: kubelet.config.k8s.io/v1beta1\ncgroupDriver: systemd\nclusterDNS:\n- 10.96.0.10\nclusterDomain: cluster.local\nkind: KubeletConfiguration\n"}, ago=c.age)
    cni_addon(c, cni)
    return c


def cni_addon(c, cni):
    ks = "kube-system"
    if cni == "calico":
        c.sa(ks, "calico-node", ago=c.age - 50)
        c.sa(ks, "calico-kube-controllers", ago=c.age - 50)
        c.cm(ks, "calico-config", {"calico_backend": "bird", "cni_network_config": "{\n  \"name\": \"k8s-pod-network\",\n  \"cniVersion\": \"0.3.1\",\n  \"plugins\": [\n    {\n      \"type\": \"calico\",\n      \"datastore_type\": \"kubernetes\",\n      \"ipam\": {\"type\": \"calico-ipam\"},\n      \"policy\": {\"type\": \"k8s\"}\n    },\n    {\"type\": \"portmap\", \"snat\": true, \"capabilities\": {\"portMappings\": true}}\n  ]\n}",
                                   "typha_service_name": "none", "veth_mtu": "0"}, ago=c.age - 50)
        tol = c.extra.get("calico_tol", [{"effect": "NoSchedule", "operator": "Exists"}, {"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "operator": "Exists"}])
        img = "docker.io/calico/%s:v3.27.3"
        obj = c.ds(ks, "calico-node", [ctr("calico-node", img % "node", env=[("DATASTORE_TYPE", "kubernetes"), ("WAIT_FOR_DATASTORE", "true"), fref("NODENAME", "spec.nodeName"),
                                                                          ("CALICO_NETWORKING_BACKEND", "bird"), ("CLUSTER_TYPE", "k8s,bgp"), ("IP", "autodetect"), ("CALICO_IPV4POOL_IPIP", "Always"),
                                                                          ("CALICO_IPV4POOL_CIDR", "172.16.0.0/16"), ("FELIX_DEFAULTENDPOINTTOHOSTACTION", "ACCEPT"), ("FELIX_HEALTHENABLED", "true")],
                                           req={"cpu": "250m"}, live=exec_probe(["/bin/calico-node", "-felix-live", "-bird-live"], delay=10, period=10, timeout=10, fail=6),
                                           ready=exec_probe(["/bin/calico-node", "-felix-ready", "-bird-ready"], period=10, timeout=10),
                                           mounts=[("cni-net-dir", "/host/etc/cni/net.d"), ("lib-modules", "/lib/modules", True), ("var-run-calico", "/var/run/calico"), ("var-lib-calico", "/var/lib/calico"), ("xtables-lock", "/run/xtables.lock")],
                                           sc={"privileged": True})],
                   labels={"k8s-app": "calico-node"}, tol=tol, hostnet=True, sa="calico-node", prio="system-node-critical",
                   init=[ctr("upgrade-ipam", img % "cni", command=["/opt/cni/bin/calico-ipam", "-upgrade"], sc={"privileged": True}),
                         ctr("install-cni", img % "cni", command=["/opt/cni/bin/install"], sc={"privileged": True}),
                         ctr("mount-bpffs", img % "node", command=["calico-node", "-init", "-best-effort"], sc={"privileged": True})],
                   vols=[vol_host("lib-modules", "/lib/modules"), vol_host("var-run-calico", "/var/run/calico"), vol_host("var-lib-calico", "/var/lib/calico"),
                         vol_host("xtables-lock", "/run/xtables.lock", "FileOrCreate"), vol_host("cni-bin-dir", "/opt/cni/bin"), vol_host("cni-net-dir", "/etc/cni/net.d")],
                   ago=c.age - 50, update={"rollingUpdate": {"maxSurge": 0, "maxUnavailable": 1}, "type": "RollingUpdate"})
        c.deploy(ks, "calico-kube-controllers", [ctr("calico-kube-controllers", img % "kube-controllers", env=[("ENABLED_CONTROLLERS", "node"), ("DATASTORE_TYPE", "kubernetes")],
                                                     live=exec_probe(["/usr/bin/check-status", "-l"], delay=10, timeout=10, fail=6), ready=exec_probe(["/usr/bin/check-status", "-r"], period=10))],
                 labels={"k8s-app": "calico-kube-controllers"}, sa="calico-kube-controllers", prio="system-cluster-critical",
                 tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/master"},
                      {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane"}], ago=c.age - 50,
                 strategy={"type": "Recreate"}, nsel={"kubernetes.io/os": "linux"})
        coredns(c, image="registry.k8s.io/coredns/coredns:v1.11.1", upstream=c.extra.get("upstream", "/etc/resolv.conf"))
        return obj
    if cni == "cilium":
        c.sa(ks, "cilium", ago=c.age - 50)
        c.sa(ks, "cilium-operator", ago=c.age - 50)
        c.cm(ks, "cilium-config", {"cluster-name": c.cluster or "default", "cluster-pool-ipv4-cidr": "10.0.0.0/8", "enable-ipv4": "true",
                                   "ipam": "cluster-pool", "kube-proxy-replacement": "false", "routing-mode": "tunnel", "tunnel-protocol": "vxlan"}, ago=c.age - 50)
        obj = c.ds(ks, "cilium", [ctr("cilium-agent", "quay.io/cilium/cilium:v1.15.5@sha256:4ce1666a73815101ec9a4d360af6c5b7f1193ab00d89b7124f8505dee147ca40",
                                      command=["cilium-agent"], args=["--config-dir=/tmp/cilium/config-map"], env=[fref("K8S_NODE_NAME", "spec.nodeName")],
                                      live=http_probe("/healthz", 9879, delay=0, period=30, timeout=5, fail=10),
                                      ready=http_probe("/healthz", 9879, period=30, timeout=5, fail=3),
                                      startup=http_probe("/healthz", 9879, period=2, fail=105), sc={"privileged": True})],
                   labels={"k8s-app": "cilium"}, tol=ALL_TOL, hostnet=True, sa="cilium", prio="system-node-critical", ago=c.age - 50,
                   init=[ctr("config", "quay.io/cilium/cilium:v1.15.5", command=["cilium-dbg", "build-config"]),
                         ctr("mount-cgroup", "quay.io/cilium/cilium:v1.15.5", command=["sh", "-ec"]),
                         ctr("install-cni-binaries", "quay.io/cilium/cilium:v1.15.5", command=["/install-plugin.sh"])])
        c.deploy(ks, "cilium-operator", [ctr("cilium-operator", "quay.io/cilium/operator-generic:v1.15.5", command=["cilium-operator-generic"],
                                             live=http_probe("/healthz", 9234, delay=60, timeout=3), ready=http_probe("/healthz", 9234, timeout=3, period=5))],
                 replicas=2, labels={"io.cilium/app": "operator", "name": "cilium-operator"}, sa="cilium-operator", prio="system-cluster-critical",
                 tol=ALL_TOL, hostnet=True, ago=c.age - 50)
        coredns(c, image="registry.k8s.io/coredns/coredns:v1.11.1", upstream=c.extra.get("upstream", "/etc/resolv.conf"))
        return obj
    if cni == "flannel":
        c.ns("kube-flannel", ago=c.age - 60, labels={"pod-security.kubernetes.io/enforce": "privileged"})
        c.sa("kube-flannel", "flannel", ago=c.age - 60)
        c.cm("kube-flannel", "kube-flannel-cfg", {"cni-conf.json": "{\n  \"name\": \"cbr0\",\n  \"cniVersion\": \"0.3.1\",\n  \"plugins\": [\n    {\"type\": \"flannel\", \"delegate\": {\"hairpinMode\": true, \"isDefaultGateway\": true}},\n    {\"type\": \"portmap\", \"capabilities\": {\"portMappings\": true}}\n  ]\n}\n",
                                                   "net-conf.json": "{\n  \"Network\": \"10.244.0.0/16\",\n  \"Backend\": {\n    \"Type\": \"vxlan\"\n  }\n}\n"},
             labels={"app": "flannel", "k8s-app": "flannel", "tier": "node"}, ago=c.age - 60)
        obj = c.ds("kube-flannel", "kube-flannel-ds", [ctr("kube-flannel", "docker.io/flannel/flannel:v0.25.1", command=["/opt/bin/flanneld"], args=["--ip-masq", "--kube-subnet-mgr"],
                                                          env=[fref("POD_NAME", "metadata.name"), fref("POD_NAMESPACE", "metadata.namespace"), ("EVENT_QUEUE_DEPTH", "5000")],
                                                          req={"cpu": "100m", "memory": "50Mi"}, sc={"capabilities": {"add": ["NET_ADMIN", "NET_RAW"]}, "privileged": False})],
                   labels={"app": "flannel", "k8s-app": "flannel", "tier": "node"}, tol=[{"effect": "NoSchedule", "operator": "Exists"}], hostnet=True,
                   sa="flannel", prio="system-node-critical", ago=c.age - 60,
                   init=[ctr("install-cni-plugin", "docker.io/flannel/flannel-cni-plugin:v1.4.0-flannel1", command=["cp"]),
                         ctr("install-cni", "docker.io/flannel/flannel:v0.25.1", command=["cp"])])
        coredns(c, image="registry.k8s.io/coredns/coredns:v1.11.1", upstream=c.extra.get("upstream", "/etc/resolv.conf"))
        return obj
    raise ValueError(cni)


def plat_k3s(c, cluster, servers, agents, net="192.168.1.", os_image="Debian GNU/Linux 12 (bookworm)"):
    c.cluster = cluster
    c.svc_base, c.dns_ip = "10.43", "10.43.0.10"
    k = 0
    for name, cpu, mem, is_server in [(s[0], s[1], s[2], True) for s in servers] + [(a[0], a[1], a[2], False) for a in agents]:
        k += 1
        lab = {"node.kubernetes.io/instance-type": "k3s"}
        if is_server:
            lab.update({"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true"})
            if len(servers) > 1:
                lab["node-role.kubernetes.io/etcd"] = "true"
        c.node(name, net + str(20 + k), "10.42.%d." % (k - 1), lab, ago=c.age - H * k if is_server else c.r.randint(30, c.age // D - 2) * D,
               cpu=cpu, mem_gi=mem, os_image=os_image, kernel="6.1.0-21-amd64", runtime="containerd://1.7.15-k3s1",
               cidr="10.42.%d.0/24" % (k - 1), kubelet=c.version, eph_gi=240,
               provider="k3s://" + name)
    core_ns(c, [c.ninfo[n]["ip"] for n in c.node_order[:len(servers)]], 6443, "10.43.0.1")
    ks = "kube-system"
    c.cm(ks, "coredns", {"Corefile": ".:53 {\n    errors\n    health\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n      pods insecure\n      fallthrough in-addr.arpa ip6.arpa\n    }\n    hosts /etc/coredns/NodeHosts {\n      ttl 60\n      reload 15s\n      fallthrough\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf\n    cache 30\n    loop\n    reload\n    loadbalance\n    import /etc/coredns/custom/*.override\n}\nimport /etc/coredns/custom/*.server\n",
                         "NodeHosts": "".join("%s %s\n" % (c.ninfo[n]["ip"], n) for n in c.node_order)},
         ann={"objectset.rio.cattle.io/owner-gvk": "k3s.cattle.io/v1, Kind=Addon", "objectset.rio.cattle.io/owner-name": "coredns", "objectset.rio.cattle.io/owner-namespace": "kube-system"},
         ago=c.age - 100)
    c.sa(ks, "coredns", ago=c.age - 100)
    c.deploy(ks, "coredns", [ctr("coredns", "rancher/mirrored-coredns-coredns:1.10.1", args=["-conf", "/etc/coredns/Corefile"],
                                 ports=[("dns", 53, "UDP"), ("dns-tcp", 53, "TCP"), ("metrics", 9153, "TCP")], req={"cpu": "100m", "memory": "70Mi"}, lim={"memory": "170Mi"},
                                 live=http_probe("/health", 8080, delay=60, timeout=1, fail=3, period=10), ready=http_probe("/ready", 8181, period=2, fail=3),
                                 mounts=[("config-volume", "/etc/coredns", True), ("custom-config-volume", "/etc/coredns/custom", True)])],
             labels={"k8s-app": "kube-dns"}, sa="coredns", prio="system-cluster-critical", tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                                                                                                  {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"},
                                                                                                  {"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}],
             vols=[vol_cm("config-volume", "coredns", items=[("Corefile", "Corefile"), ("NodeHosts", "NodeHosts")]),
                   {"name": "custom-config-volume", "configMap": {"defaultMode": 420, "name": "coredns-custom", "optional": True}}],
             dns="Default", ago=c.age - 100, nsel={"kubernetes.io/os": "linux"})
    c.svc(ks, "kube-dns", [("dns", 53, 53, "UDP"), ("dns-tcp", 53, 53, "TCP"), ("metrics", 9153, 9153, "TCP")], sel={"k8s-app": "kube-dns"},
          labels={"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS", "objectset.rio.cattle.io/hash": c.hexs(40)},
          ip=c.dns_ip, ago=c.age - 100)
    c.sa(ks, "local-path-provisioner-service-account", ago=c.age - 100)
    c.cm(ks, "local-path-config", {"config.json": "{\n  \"nodePathMap\":[\n  {\n    \"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\n    \"paths\":[\"/var/lib/rancher/k3s/storage\"]\n  }\n  ]\n}",
                                   "helperPod.yaml": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\nspec:\n  containers:\n  - name: helper-pod\n    image: \"rancher/mirrored-library-busybox:1.36.1\"\n",
                                   "setup": "#!/bin/sh\nset -eu\nmkdir -m 0777 -p \"${VOL_DIR}\"\nchmod 700 \"${VOL_DIR}/..\"\n", "teardown": "#!/bin/sh\nset -eu\nrm -rf \"${VOL_DIR}\"\n"}, ago=c.age - 100)
    c.deploy(ks, "local-path-provisioner", [ctr("local-path-provisioner", "rancher/local-path-provisioner:v0.0.26", command=["local-path-provisioner", "start", "--config", "/etc/config/config.json"],
                                                env=[fref("POD_NAMESPACE", "metadata.namespace")], mounts=[("config-volume", "/etc/config/")])],
             labels={"app": "local-path-provisioner"}, sa="local-path-provisioner-service-account", prio="system-node-critical",
             tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"},
                  {"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}],
             vols=[vol_cm("config-volume", "local-path-config")], ago=c.age - 100)
    c.sa(ks, "metrics-server", ago=c.age - 100)
    simple_deploy(c, ks, "metrics-server", "rancher/mirrored-metrics-server:v0.7.0", labels={"k8s-app": "metrics-server"}, port=[("https", 10250)],
                  probe=("/livez", "https", "/readyz"), svc_port=[("https", 443, "https")], sa="metrics-server", prio="system-node-critical", ago=c.age - 100,
                  req={"cpu": "100m", "memory": "70Mi"})
    # traefik via helm-controller jobs
    hc = c.crd("helm.cattle.io/v1", "HelmChart", ks, "traefik")
    hcc = c.crd("helm.cattle.io/v1", "HelmChart", ks, "traefik-crd")
    for nm, own in (("helm-install-traefik-crd", hcc), ("helm-install-traefik", hc)):
        c.sa(ks, "helm-" + nm.replace("helm-install-", ""), ago=c.age - 100)
        c.job(ks, nm, [ctr("helm", "rancher/klipper-helm:v0.8.3-build20240228", args=["install"], env=[("NAME", nm.replace("helm-install-", "")), ("VERSION", ""), ("REPO", "")])],
              ago=c.age - 100 - 60, dur=35, owner=own, sa="helm-" + nm.replace("helm-install-", ""), labels={"helmcharts.helm.cattle.io/chart": nm.replace("helm-install-", "")},
              failed_pods=c.r.choice([0, 1]), fail_msg=None)
    c.sa(ks, "traefik", ago=c.age - 100)
    tr = c.deploy(ks, "traefik", [ctr("traefik", "rancher/mirrored-library-traefik:2.10.7", args=["--global.checknewversion", "--entrypoints.web.address=:8000/tcp", "--entrypoints.websecure.address=:8443/tcp", "--providers.kubernetesingress"],
                                      ports=[("metrics", 9100), ("traefik", 9000), ("web", 8000), ("websecure", 8443)],
                                      live=http_probe("/ping", 9000, delay=2, timeout=2, fail=3, period=10), ready=http_probe("/ping", 9000, delay=2, timeout=2, period=10, fail=1))],
                  labels={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"}, sa="traefik", prio="system-cluster-critical",
                  tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}],
                  ago=c.age - 100)
    c.svc(ks, "traefik", [("web", 80, "web"), ("websecure", 443, "websecure")], sel={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/name": "traefik"},
          typ="LoadBalancer", lb={"ip": c.ninfo[c.node_order[0]]["ip"], "ipMode": "VIP"} if c.minor >= 29 else c.ninfo[c.node_order[0]]["ip"],
          labels={"app.kubernetes.io/instance": "traefik-kube-system", "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": "traefik"}, ago=c.age - 100)
    svclb = "svclb-traefik-" + c.hexs(8)
    c.ds(ks, svclb, [ctr("lb-tcp-80", "rancher/klipper-lb:v0.4.7", ports=[("lb-tcp-80", 80)], sc={"capabilities": {"add": ["NET_ADMIN"]}}),
                     ctr("lb-tcp-443", "rancher/klipper-lb:v0.4.7", ports=[("lb-tcp-443", 443)], sc={"capabilities": {"add": ["NET_ADMIN"]}})],
         labels={"app": svclb, "svccontroller.k3s.cattle.io/svcname": "traefik", "svccontroller.k3s.cattle.io/svcnamespace": "kube-system"},
         tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master", "operator": "Exists"}, {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"},
              {"key": "CriticalAddonsOnly", "operator": "Exists"}], ago=c.age - 100, automount=False, sa="svclb")
    c.sa(ks, "svclb", ago=c.age - 100)
    c.sc("local-path", "rancher.io/local-path", None, binding="WaitForFirstConsumer", default=True, expand=False, ago=c.age,
         ann={"objectset.rio.cattle.io/id": "", "objectset.rio.cattle.io/owner-gvk": "k3s.cattle.io/v1, Kind=Addon", "objectset.rio.cattle.io/owner-name": "local-storage",
              "objectset.rio.cattle.io/owner-namespace": "kube-system"})
    return c


def plat_rke2(c, cluster, servers, agents, net="172.16.10.", os_image="SUSE Linux Enterprise Server 15 SP5"):
    c.cluster = cluster
    c.svc_base, c.dns_ip = "10.43", "10.43.0.10"
    k = 0
    for name, cpu, mem, is_server in [(s[0], s[1], s[2], True) for s in servers] + [(a[0], a[1], a[2], False) for a in agents]:
        k += 1
        lab = {"node.kubernetes.io/instance-type": "rke2", "cattle.io/os": "linux"}
        taints = None
        if is_server:
            lab.update({"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true", "node-role.kubernetes.io/master": "true"})
            taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "value": "true"},
                      {"effect": "NoExecute", "key": "node-role.kubernetes.io/etcd", "value": "true"}]
        else:
            lab["node-role.kubernetes.io/worker"] = "true"
        c.node(name, net + str(20 + k), "10.42.%d." % (k - 1), lab, ago=c.age - H * k if is_server else c.r.randint(20, c.age // D - 2) * D,
               cpu=cpu, mem_gi=mem, taints=taints, os_image=os_image, kernel="5.14.21-150500.55.59-default",
               runtime="containerd://1.7.11-k3s2", cidr="10.42.%d.0/24" % (k - 1), eph_gi=200, provider="rke2://" + name)
    core_ns(c, [c.ninfo[n]["ip"] for n in c.node_order[:len(servers)]], 6443, "10.43.0.1")
    ks = "kube-system"
    v = c.version.split("+")[0]
    for n in c.node_order[:len(servers)]:
        c.static_pod(ks, "etcd", n, [ctr("etcd", "index.docker.io/rancher/hardened-etcd:v3.5.9-k3s1-build20240418", command=["etcd"], req={"cpu": "200m", "memory": "512Mi"})],
                     {"component": "etcd", "tier": "control-plane"})
        c.static_pod(ks, "kube-apiserver", n, [ctr("kube-apiserver", "index.docker.io/rancher/hardened-kubernetes:%s-rke2r1-build20240514" % v, command=["kube-apiserver"], req={"cpu": "250m", "memory": "1024Mi"})],
                     {"component": "kube-apiserver", "tier": "control-plane"})
        c.static_pod(ks, "kube-controller-manager", n, [ctr("kube-controller-manager", "index.docker.io/rancher/hardened-kubernetes:%s-rke2r1-build20240514" % v, command=["kube-controller-manager"], req={"cpu": "200m", "memory": "256Mi"})],
                     {"component": "kube-controller-manager", "tier": "control-plane"})
        c.static_pod(ks, "kube-scheduler", n, [ctr("kube-scheduler", "index.docker.io/rancher/hardened-kubernetes:%s-rke2r1-build20240514" % v, command=["kube-scheduler"], req={"cpu": "100m", "memory": "128Mi"})],
                     {"component": "kube-scheduler", "tier": "control-plane"})
        c.static_pod(ks, "cloud-controller-manager", n, [ctr("cloud-controller-manager", "index.docker.io/rancher/rke2-cloud-provider:v1.29.3-build20240412", command=["cloud-controller-manager"], req={"cpu": "100m", "memory": "128Mi"})],
                     {"component": "cloud-controller-manager", "tier": "control-plane"})
    for n in c.node_order:
        c.static_pod(ks, "kube-proxy", n, [ctr("kube-proxy", "index.docker.io/rancher/hardened-kubernetes:%s-rke2r1-build20240514" % v, command=["kube-proxy", "--cluster-cidr=10.42.0.0/16", "--proxy-mode=iptables"],
                                               req={"cpu": "250m", "memory": "128Mi"}, sc={"privileged": True})],
                     {"component": "kube-proxy", "tier": "control-plane"})
    c.sa(ks, "canal", ago=c.age - 90)
    c.ds(ks, "rke2-canal", [ctr("calico-node", "rancher/hardened-calico:v3.27.3-build20240423", env=[("DATASTORE_TYPE", "kubernetes"), fref("NODENAME", "spec.nodeName"), ("CALICO_NETWORKING_BACKEND", "none")],
                                req={"cpu": "250m"}, live=http_probe("/liveness", 9099, delay=10, period=10, fail=6), ready=http_probe("/readiness", 9099, period=10), sc={"privileged": True}),
                            ctr("kube-flannel", "rancher/hardened-flannel:v0.25.1-build20240423", command=["/opt/bin/flanneld", "--ip-masq", "--kube-subnet-mgr"], sc={"privileged": True})],
         labels={"k8s-app": "canal"}, tol=ALL_TOL, hostnet=True, sa="canal", prio="system-node-critical", ago=c.age - 90,
         init=[ctr("install-cni", "rancher/hardened-calico:v3.27.3-build20240423", command=["/opt/cni/bin/install"], sc={"privileged": True}),
               ctr("flexvol-driver", "rancher/hardened-calico:v3.27.3-build20240423", command=["/usr/local/bin/flexvol.sh", "-s", "/usr/local/bin/flexvol", "-i", "flexvoldriver"], sc={"privileged": True})])
    coredns(c, name="rke2-coredns-rke2-coredns", image="rancher/hardened-coredns:v1.11.1-build20240305", svc_name="rke2-coredns-rke2-coredns",
            sel={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns", "k8s-app": "kube-dns"},
            sa="coredns", tol=[{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"effect": "NoExecute", "key": "node-role.kubernetes.io/etcd", "operator": "Exists"},
                               {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}])
    simple_deploy(c, ks, "rke2-coredns-rke2-coredns-autoscaler", "rancher/hardened-cluster-autoscaler:v1.8.10-build20240124", svc=False,
                  labels={"app.kubernetes.io/instance": "rke2-coredns", "app.kubernetes.io/name": "rke2-coredns-autoscaler", "k8s-app": "kube-dns-autoscaler"},
                  sa="rke2-coredns-rke2-coredns-autoscaler", prio="system-cluster-critical", ago=c.age - 90, req={"cpu": "25m", "memory": "16Mi"})
    simple_deploy(c, ks, "rke2-metrics-server", "rancher/hardened-k8s-metrics-server:v0.7.1-build20240401", labels={"app": "rke2-metrics-server", "release": "rke2-metrics-server"},
                  port=[("https", 10250)], probe=("/livez", "https", "/readyz"), svc_port=[("https", 443, "https")], sa="rke2-metrics-server", prio="system-cluster-critical", ago=c.age - 90)
    simple_deploy(c, ks, "rke2-snapshot-controller", "rancher/hardened-snapshot-controller:v6.2.1-build20231010", labels={"app.kubernetes.io/name": "rke2-snapshot-controller"},
                  svc=False, sa="rke2-snapshot-controller", ago=c.age - 90, req={"cpu": "10m", "memory": "20Mi"})
    c.sa(ks, "rke2-ingress-nginx", ago=c.age - 90)
    c.ds(ks, "rke2-ingress-nginx-controller", [ctr("rke2-ingress-nginx-controller", "rancher/nginx-ingress-controller:v1.10.1-hardened1", args=["/nginx-ingress-controller", "--election-id=rke2-ingress-nginx-leader", "--controller-class=k8s.io/ingress-nginx", "--ingress-class=nginx"],
                                                   ports=[("http", 80), ("https", 443), ("webhook", 8443)], req={"cpu": "100m", "memory": "90Mi"},
                                                   live=http_probe("/healthz", 10254, delay=10, fail=5), ready=http_probe("/healthz", 10254, delay=10))],
         labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "rke2-ingress-nginx", "app.kubernetes.io/name": "rke2-ingress-nginx"},
         sa="rke2-ingress-nginx", ago=c.age - 90, hostnet=False)
    for chart in ("rke2-canal", "rke2-coredns", "rke2-ingress-nginx", "rke2-metrics-server", "rke2-snapshot-controller-crd", "rke2-snapshot-controller"):
        own = c.crd("helm.cattle.io/v1", "HelmChart", ks, chart)
        c.sa(ks, "helm-" + chart, ago=c.age - 95)
        c.job(ks, "helm-install-" + chart, [ctr("helm", "rancher/klipper-helm:v0.8.3-build20240228", args=["install"], env=[("NAME", chart)])], ago=c.age - 95 + 0,
              dur=c.r.randint(20, 60), owner=own, sa="helm-" + chart, labels={"helmcharts.helm.cattle.io/chart": chart})
    return c


def plat_doks(c, cluster, region, pools):
    c.region, c.cluster = region, cluster
    c.svc_base, c.dns_ip = "10.245", "10.245.0.10"
    core_ns(c, ["%d.%d.%d.%d" % (164, 90, c.r.randint(0, 255), c.r.randint(1, 250))], 443, "10.245.0.1")
    k = 0
    for pool in pools:
        pname, count, itype, cpu, mem = pool[:5]
        taints = pool[5] if len(pool) > 5 else None
        extra = pool[6] if len(pool) > 6 else {}
        pid = c.uid()
        for i in range(count):
            k += 1
            name = "%s-%s" % (pname, "".join(c.r.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(5)))
            lab = {"doks.digitalocean.com/managed": "true", "doks.digitalocean.com/node-id": c.uid(), "doks.digitalocean.com/node-pool": pname,
                   "doks.digitalocean.com/node-pool-id": pid, "doks.digitalocean.com/version": "1.29.5-do.0", "node.kubernetes.io/instance-type": itype,
                   "region": region}
            lab.update(extra)
            c.node(name, "10.114.0.%d" % (1 + k), "10.244.%d." % (k * 2), lab, ago=c.r.randint(5 * D, 50 * D), cpu=cpu, mem_gi=mem, taints=taints,
                   provider="digitalocean://%d" % c.r.randint(400000000, 430000000), os_image="Debian GNU/Linux 12 (bookworm)",
                   kernel="6.1.0-21-amd64", runtime="containerd://1.6.31", extaddr="%d.%d.%d.%d" % (159, 89, c.r.randint(0, 255), c.r.randint(1, 250)),
                   cidr="10.244.%d.0/25" % (k * 2), eph_gi=160)
    ks = "kube-system"
    c.sa(ks, "cilium", ago=c.age - 30)
    c.ds(ks, "cilium", [ctr("cilium-agent", "ghcr.io/digitalocean-packages/cilium:v1.14.10-conformance-fix", command=["cilium-agent"], args=["--config-dir=/tmp/cilium/config-map"],
                            live=http_probe("/healthz", 9879, period=30, timeout=5, fail=10), ready=http_probe("/healthz", 9879, period=30, timeout=5), sc={"privileged": True},
                            req={"cpu": "300m", "memory": "300Mi"})],
         labels={"k8s-app": "cilium", "kubernetes.io/cluster-service": "true"}, tol=ALL_TOL, hostnet=True, sa="cilium", prio="system-node-critical", ago=c.age - 30,
         init=[ctr("delay-cilium-for-ccm", "ghcr.io/digitalocean-packages/cilium:v1.14.10-conformance-fix", command=["bash", "-e", "-c"]),
               ctr("clean-cilium-state", "ghcr.io/digitalocean-packages/cilium:v1.14.10-conformance-fix", command=["/init-container.sh"])])
    simple_deploy(c, ks, "cilium-operator", "ghcr.io/digitalocean-packages/cilium-operator-generic:v1.14.10", replicas=2, svc=False,
                  labels={"io.cilium/app": "operator", "name": "cilium-operator"}, sa="cilium-operator", prio="system-cluster-critical", ago=c.age - 30, tol=ALL_TOL)
    coredns(c, image="docker.io/digitalocean/coredns:1.11.1", labels={"doks.digitalocean.com/managed": "true"})
    simple_ds(c, ks, "csi-do-node", "docker.io/digitalocean/do-csi-plugin:v4.10.0", labels={"app": "csi-do-node", "role": "csi-do"}, tol=ALL_TOL, hostnet=True,
              prio="system-node-critical", sa="csi-do-node-sa",
              extra_ctrs=[ctr("csi-node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.0")])
    simple_ds(c, ks, "do-node-agent", "docker.io/digitalocean/do-agent:3.16.7", labels={"app": "do-node-agent"}, tol=ALL_TOL, hostnet=True,
              req={"cpu": "102m", "memory": "80Mi"}, lim={"memory": "300Mi"}, prio="system-node-critical", sa="do-agent")
    simple_ds(c, ks, "konnectivity-agent", "registry.k8s.io/kas-network-proxy/proxy-agent:v0.1.5", labels={"k8s-app": "konnectivity-agent"}, tol=ALL_TOL,
              hostnet=True, prio="system-cluster-critical", sa="konnectivity-agent")
    c.sc("do-block-storage", "dobs.csi.digitalocean.com", None, binding="Immediate", default=True, ago=c.age,
         labels={"doks.digitalocean.com/managed": "true"})
    c.sc("do-block-storage-retain", "dobs.csi.digitalocean.com", None, binding="Immediate", reclaim="Retain", ago=c.age,
         labels={"doks.digitalocean.com/managed": "true"})
    c.sc("do-block-storage-xfs", "dobs.csi.digitalocean.com", {"fstype": "xfs"}, binding="Immediate", ago=c.age,
         labels={"doks.digitalocean.com/managed": "true"})
    return c


def plat_openshift(c, cluster, base_domain, masters, workers, infra=None, storage="odf"):
    c.cluster = cluster
    c.svc_base, c.dns_ip = "172.30", "172.30.0.10"
    c.ca_name = "kube-root-ca.crt"
    k = 0
    allm = [(m, "master") for m in masters] + [(w, "worker") for w in workers] + [(i, "infra") for i in (infra or [])]
    for spec, role in allm:
        name, cpu, mem = spec[:3]
        k += 1
        lab = {"node.openshift.io/os_id": "rhcos", "node-role.kubernetes.io/" + role: ""}
        taints = None
        if role == "master":
            lab["node-role.kubernetes.io/control-plane"] = ""
            taints = [{"effect": "NoSchedule", "key": "node-role.kubernetes.io/master"}]
        if role == "infra":
            lab["node-role.kubernetes.io/worker"] = ""
            lab["cluster.ocs.openshift.io/openshift-storage"] = ""
            taints = [{"effect": "NoSchedule", "key": "node.ocs.openshift.io/storage", "value": "true"}]
        fq = "%s.%s.%s" % (name, cluster, base_domain)
        c.node(fq, "10.0.%d.%d" % (0 if role == "master" else 1, 10 + k), "10.%d.%d." % (128 + k // 64, (k * 2) % 256), lab,
               ago=c.age - H * k if role == "master" else c.r.randint(30, c.age // D - 2) * D, cpu=cpu, mem_gi=mem, taints=taints,
               os_image="Red Hat Enterprise Linux CoreOS 414.92.202405201145-0 (Plow)", kernel="5.14.0-284.67.1.el9_2.x86_64",
               runtime="cri-o://1.27.6-4.rhaos4.14.git1c0b0d4.el9", eph_gi=120, provider="vsphere://" + c.uid(),
               cidr="10.%d.%d.0/23" % (128 + k // 64, (k * 2) % 256))
    apis = [c.ninfo[n]["ip"] for n in c.node_order[:len(masters)]]
    core_ns(c, apis, 6443, "172.30.0.1")
    if storage == "odf":
        c.sc("ocs-storagecluster-ceph-rbd", "openshift-storage.rbd.csi.ceph.com", {"clusterID": "openshift-storage", "pool": "ocs-storagecluster-cephblockpool",
                                                                               "csi.storage.k8s.io/fstype": "ext4", "imageFeatures": "layering,deep-flatten,exclusive-lock,object-map,fast-diff"},
             binding="Immediate", default=True, ago=c.age - 200, ann={"description": "Provides RWO Filesystem volumes, and RWO and RWX Block volumes"})
        c.sc("ocs-storagecluster-cephfs", "openshift-storage.cephfs.csi.ceph.com", {"clusterID": "openshift-storage", "fsName": "ocs-storagecluster-cephfilesystem"},
             binding="Immediate", ago=c.age - 200, ann={"description": "Provides RWO and RWX Filesystem volumes"})
        c.extra["default_sc"] = "ocs-storagecluster-ceph-rbd"
    c.sc("thin-csi", "csi.vsphere.vmware.com", {"StoragePolicyName": "openshift-storage-policy-%s" % cluster}, binding="WaitForFirstConsumer",
         default=(storage != "odf"), ago=c.age)
    if storage != "odf":
        c.extra["default_sc"] = "thin-csi"
    ons = ["openshift-dns", "openshift-ingress", "openshift-monitoring", "openshift-ovn-kubernetes", "openshift-image-registry"]
    for n in ons:
        c.ns(n, ago=c.age - 300, labels={"openshift.io/cluster-monitoring": "true", "pod-security.kubernetes.io/enforce": "privileged"},
             ann={"openshift.io/node-selector": "", "openshift.io/sa.scc.mcs": "s0:c%d,c%d" % (c.r.randint(1, 30), c.r.randint(1, 30)),
                  "openshift.io/sa.scc.supplemental-groups": "1000%02d0000/10000" % c.r.randint(10, 99),
                  "openshift.io/sa.scc.uid-range": "1000%02d0000/10000" % c.r.randint(10, 99), "workload.openshift.io/allowed": "management"})
    qr = "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:"
    c.sa("openshift-ovn-kubernetes", "ovn-kubernetes-node", ago=c.age - 300)
    c.ds("openshift-ovn-kubernetes", "ovnkube-node", [
        ctr(x, qr + hashlib.sha256(x.encode()).hexdigest(), req={"cpu": "10m", "memory": "300Mi"}, tmp="FallbackToLogsOnError")
        for x in ("ovn-controller", "ovn-acl-logging", "kube-rbac-proxy-node", "kube-rbac-proxy-ovn-metrics", "northd", "nbdb", "sbdb", "ovnkube-controller")],
        labels={"app": "ovnkube-node", "component": "network", "kubernetes.io/os": "linux", "openshift.io/component": "network", "ovn-db-pod": "true", "type": "infra"},
        tol=ALL_TOL, hostnet=True, sa="ovn-kubernetes-node", prio="system-node-critical", ago=c.age - 300)
    c.sa("openshift-dns", "dns", ago=c.age - 300)
    c.cm("openshift-dns", "dns-default", {"Corefile": ".:5353 {\n    bufsize 1232\n    errors\n    log . {\n        class error\n    }\n    health {\n        lameduck 20s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n        pods insecure\n        fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus 127.0.0.1:9153\n    forward . /etc/resolv.conf {\n        policy sequential\n    }\n    cache 900 {\n        denial 9984 30\n    }\n    reload\n}\nhostname.bind:5353 {\n    chaos\n}\n"},
         labels={"dns.operator.openshift.io/owning-dns": "default"}, ago=c.age - 300)
    c.ds("openshift-dns", "dns-default", [ctr("dns", qr + hashlib.sha256(b"coredns").hexdigest(), ports=[("dns", 5353, "UDP"), ("dns-tcp", 5353, "TCP")],
                                            req={"cpu": "50m", "memory": "70Mi"}, ready=http_probe("/ready", 8181, delay=10, period=3, timeout=3), live=http_probe("/health", 8080, delay=60, timeout=5, fail=5),
                                            tmp="FallbackToLogsOnError"),
                                        ctr("kube-rbac-proxy", qr + hashlib.sha256(b"krp").hexdigest(), ports=[("metrics", 9154)], req={"cpu": "10m", "memory": "40Mi"})],
         labels={"dns.operator.openshift.io/daemonset-dns": "default"}, tol=[{"key": "node-role.kubernetes.io/master", "operator": "Exists"}], sa="dns",
         prio="system-node-critical", ago=c.age - 300)
    c.svc("openshift-dns", "dns-default", [("dns", 53, "dns", "UDP"), ("dns-tcp", 53, "dns-tcp", "TCP"), ("metrics", 9154, "metrics", "TCP")],
          sel={"dns.operator.openshift.io/daemonset-dns": "default"}, labels={"dns.operator.openshift.io/owning-dns": "default"}, ip=c.dns_ip, ago=c.age - 300)
    c.sa("openshift-ingress", "router", ago=c.age - 300)
    c.deploy("openshift-ingress", "router-default", [ctr("router", qr + hashlib.sha256(b"router").hexdigest(), ports=[("http", 80), ("https", 443), ("metrics", 1936)],
                                                          req={"cpu": "100m", "memory": "256Mi"}, live=http_probe("/healthz", 1936, timeout=1, fail=3),
                                                          ready=http_probe("/healthz/ready", 1936, timeout=1), tmp="FallbackToLogsOnError")],
             replicas=2, labels={"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}, sa="router",
             prio="system-cluster-critical", hostnet=True, ago=c.age - 300, nsel={"node-role.kubernetes.io/worker": "", "kubernetes.io/os": "linux"},
             strategy={"rollingUpdate": {"maxSurge": 0, "maxUnavailable": "25%"}, "type": "RollingUpdate"})
    c.svc("openshift-ingress", "router-internal-default", [("http", 80, "http"), ("https", 443, "https"), ("metrics", 1936, 1936)],
          sel={"ingresscontroller.operator.openshift.io/deployment-ingresscontroller": "default"}, ago=c.age - 300)
    c.sa("openshift-image-registry", "registry", ago=c.age - 300)
    c.deploy("openshift-image-registry", "image-registry", [ctr("registry", qr + hashlib.sha256(b"registry").hexdigest(), ports=[("", 5000)], req={"cpu": "100m", "memory": "256Mi"},
                                                               live=http_probe("/healthz", 5000, scheme="HTTPS", delay=5, timeout=5), ready=http_probe("/healthz", 5000, scheme="HTTPS", timeout=5),
                                                               tmp="FallbackToLogsOnError")],
             replicas=2, labels={"docker-registry": "default"}, sa="registry", prio="system-cluster-critical", ago=c.age - 300)
    c.svc("openshift-image-registry", "image-registry", [("5000-tcp", 5000, 5000)], sel={"docker-registry": "default"}, ago=c.age - 300)
    simple_ds(c, "openshift-image-registry", "node-ca", qr + hashlib.sha256(b"nodeca").hexdigest(), labels={"name": "node-ca"}, tol=ALL_TOL,
              prio="system-cluster-critical", sa="node-ca", req={"cpu": "10m", "memory": "10Mi"}, ago=c.age - 300)
    # monitoring (platform)
    mon = "openshift-monitoring"
    c.sa(mon, "prometheus-k8s", ago=c.age - 300)
    pk = c.crd("monitoring.coreos.com/v1", "Prometheus", mon, "k8s")
    c.sts(mon, "prometheus-k8s", [ctr("prometheus", qr + hashlib.sha256(b"prom").hexdigest(), ports=[("web", 9090)], req={"cpu": "70m", "memory": "1Gi"}, tmp="FallbackToLogsOnError",
                                      ready=exec_probe(["sh", "-c", "if [ -x \"$(command -v curl)\" ]; then exec curl --fail http://localhost:9090/-/ready; fi"], period=5, timeout=3)),
                                  ctr("config-reloader", qr + hashlib.sha256(b"reloader").hexdigest(), req={"cpu": "1m", "memory": "10Mi"}),
                                  ctr("thanos-sidecar", qr + hashlib.sha256(b"thanos").hexdigest(), ports=[("http", 10902), ("grpc", 10901)], req={"cpu": "1m", "memory": "25Mi"})],
          2, "prometheus-operated", labels={"app.kubernetes.io/component": "prometheus", "app.kubernetes.io/instance": "k8s", "app.kubernetes.io/name": "prometheus", "prometheus": "k8s"},
          sa="prometheus-k8s", owner=pk, ago=c.age - 300, pmp="Parallel",
          vct=[{"name": "prometheus-data", "size": "100Gi", "sc": c.extra.get("default_sc")}] if c.extra.get("default_sc") else None)
    c.svc(mon, "prometheus-operated", [("web", 9090, "web"), ("grpc", 10901, "grpc")], sel={"app.kubernetes.io/name": "prometheus"}, headless=True, ago=c.age - 300)
    c.sa(mon, "alertmanager-main", ago=c.age - 300)
    am = c.crd("monitoring.coreos.com/v1", "Alertmanager", mon, "main")
    c.sts(mon, "alertmanager-main", [ctr("alertmanager", qr + hashlib.sha256(b"am").hexdigest(), ports=[("web", 9094)], req={"cpu": "4m", "memory": "40Mi"}, tmp="FallbackToLogsOnError"),
                                     ctr("config-reloader", qr + hashlib.sha256(b"reloader").hexdigest(), req={"cpu": "1m", "memory": "10Mi"})],
          2, "alertmanager-operated", labels={"alertmanager": "main", "app.kubernetes.io/instance": "main", "app.kubernetes.io/name": "alertmanager"},
          sa="alertmanager-main", owner=am, ago=c.age - 300, pmp="Parallel")
    c.svc(mon, "alertmanager-operated", [("web", 9093, "web"), ("tcp-mesh", 9094, 9094)], sel={"app.kubernetes.io/name": "alertmanager"}, headless=True, ago=c.age - 300)
    simple_ds(c, mon, "node-exporter", qr + hashlib.sha256(b"nodeexp").hexdigest(), labels={"app.kubernetes.io/component": "exporter", "app.kubernetes.io/name": "node-exporter", "app.kubernetes.io/part-of": "openshift-monitoring"},
              tol=ALL_TOL, hostnet=True, prio="system-cluster-critical", sa="node-exporter", req={"cpu": "8m", "memory": "32Mi"}, ago=c.age - 300)
    simple_deploy(c, mon, "kube-state-metrics", qr + hashlib.sha256(b"ksm").hexdigest(), labels={"app.kubernetes.io/component": "exporter", "app.kubernetes.io/name": "kube-state-metrics"},
                  port=[("https-main", 8443)], probe=None, sa="kube-state-metrics", ago=c.age - 300, req={"cpu": "4m", "memory": "110Mi"})
    simple_deploy(c, mon, "prometheus-operator", qr + hashlib.sha256(b"promop").hexdigest(), labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/name": "prometheus-operator"},
                  port=[("https", 8443)], probe=None, sa="prometheus-operator", ago=c.age - 300, req={"cpu": "5m", "memory": "150Mi"})
    return c


# ================================================================= add-ons (noise)
def add_monitoring(c, ns="monitoring", sc=None, rel="kube-prometheus-stack", grafana=True, prom_size="50Gi"):
    c.ns(ns, ago=c.age - c.r.randint(2, 20) * D, labels={"name": ns})
    c.helm_secret(ns, rel)
    lab = lambda comp: {"app.kubernetes.io/instance": rel, "app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/name": comp,
                        "app.kubernetes.io/part-of": rel, "release": rel}
    c.sa(ns, rel + "-operator")
    simple_deploy(c, ns, rel + "-operator", "quay.io/prometheus-operator/prometheus-operator:v0.73.2", labels={"app": rel + "-operator", "release": rel},
                  port=[("https", 10250)], probe=None, sa=rel + "-operator", svc_port=[("https", 443, "https")], req={"cpu": "100m", "memory": "128Mi"}, lim={"memory": "512Mi"})
    c.sa(ns, rel + "-kube-state-metrics")
    simple_deploy(c, ns, rel + "-kube-state-metrics", "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.12.0",
                  labels={"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "kube-state-metrics"}, port=[("http", 8080)], probe=("/healthz", 8080, "/"),
                  sa=rel + "-kube-state-metrics", svc_port=[("http", 8080, "http")], req={"cpu": "10m", "memory": "64Mi"}, lim={"memory": "256Mi"})
    c.sa(ns, rel + "-prometheus-node-exporter")
    c.ds(ns, rel + "-prometheus-node-exporter", [ctr("node-exporter", "quay.io/prometheus/node-exporter:v1.8.0",
                                                     args=["--path.procfs=/host/proc", "--path.sysfs=/host/sys", "--path.rootfs=/host/root", "--web.listen-address=[$(HOST_IP)]:9100"],
                                                     env=[{"name": "HOST_IP", "value": "0.0.0.0"}], ports=[("http-metrics", 9100)], req={"cpu": "10m", "memory": "32Mi"}, lim={"memory": "64Mi"},
                                                     live=http_probe("/", 9100), ready=http_probe("/", 9100),
                                                     mounts=[("proc", "/host/proc", True), ("sys", "/host/sys", True), ("root", "/host/root", True)])],
         labels={"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "prometheus-node-exporter"}, tol=[{"effect": "NoSchedule", "operator": "Exists"}],
         hostnet=True, sa=rel + "-prometheus-node-exporter", vols=[vol_host("proc", "/proc"), vol_host("sys", "/sys"), vol_host("root", "/")],
         psc={"fsGroup": 65534, "runAsGroup": 65534, "runAsNonRoot": True, "runAsUser": 65534})
    c.svc(ns, rel + "-prometheus-node-exporter", [("http-metrics", 9100, 9100)], sel={"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "prometheus-node-exporter"},
          labels=lab("prometheus-node-exporter"), ann={"prometheus.io/scrape": "true"})
    if grafana:
        c.sa(ns, rel + "-grafana")
        c.secret(ns, rel + "-grafana", ["admin-password", "admin-user", "ldap-toml"], labels=lab("grafana"))
        c.cm(ns, rel + "-grafana", {"grafana.ini": "[analytics]\ncheck_for_updates = true\n[grafana_net]\nurl = https://grafana.net\n[log]\nmode = console\n[paths]\ndata = /var/lib/grafana/\nlogs = /var/log/grafana\nplugins = /var/lib/grafana/plugins\nprovisioning = /etc/grafana/provisioning\n[server]\ndomain = ''\n"},
             labels=lab("grafana"))
        g = c.deploy(ns, rel + "-grafana", [
            ctr("grafana-sc-dashboard", "quay.io/kiwigrid/k8s-sidecar:1.26.1", env=[("METHOD", "WATCH"), ("LABEL", "grafana_dashboard"), ("FOLDER", "/tmp/dashboards"), ("RESOURCE", "both")]),
            ctr("grafana-sc-datasources", "quay.io/kiwigrid/k8s-sidecar:1.26.1", env=[("METHOD", "WATCH"), ("LABEL", "grafana_datasource"), ("FOLDER", "/etc/grafana/provisioning/datasources")]),
            ctr("grafana", "docker.io/grafana/grafana:10.4.1", ports=[("grafana", 3000)],
                env=[sref(rel + "-grafana", "admin-user", "GF_SECURITY_ADMIN_USER"), sref(rel + "-grafana", "admin-password", "GF_SECURITY_ADMIN_PASSWORD")],
                live=http_probe("/api/health", 3000, delay=60, timeout=30, fail=10), ready=http_probe("/api/health", 3000),
                mounts=[("config", "/etc/grafana/grafana.ini"), ("storage", "/var/lib/grafana")])],
            labels={"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "grafana"}, sa=rel + "-grafana",
            vols=[vol_cm("config", rel + "-grafana"), vol_empty("storage"), vol_empty("sc-dashboard-volume")], psc={"fsGroup": 472, "runAsGroup": 472, "runAsNonRoot": True, "runAsUser": 472})
        c.svc(ns, rel + "-grafana", [("http-web", 80, 3000)], sel={"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "grafana"}, labels=lab("grafana"))
    c.sa(ns, rel + "-prometheus")
    pr = c.crd("monitoring.coreos.com/v1", "Prometheus", ns, rel + "-prometheus")
    plab = {"app.kubernetes.io/instance": rel + "-prometheus", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "prometheus",
            "app.kubernetes.io/version": "2.51.2", "operator.prometheus.io/name": rel + "-prometheus", "operator.prometheus.io/shard": "0", "prometheus": rel + "-prometheus"}
    c.sts(ns, "prometheus-%s-prometheus" % rel, [
        ctr("prometheus", "quay.io/prometheus/prometheus:v2.51.2", args=["--web.console.templates=/etc/prometheus/consoles", "--storage.tsdb.retention.time=10d", "--config.file=/etc/prometheus/config_out/prometheus.env.yaml", "--storage.tsdb.path=/prometheus", "--web.enable-lifecycle"],
            ports=[("http-web", 9090)], req={"cpu": "500m", "memory": "2Gi"}, lim={"memory": "4Gi"}, tmp="FallbackToLogsOnError",
            ready=http_probe("/-/ready", "http-web", period=5, timeout=3), live=http_probe("/-/healthy", "http-web", period=5, timeout=3, fail=6),
            startup=http_probe("/-/ready", "http-web", period=15, timeout=3, fail=60)),
        ctr("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.73.2", ports=[("reloader-web", 8080)], req={"cpu": "10m", "memory": "50Mi"}, lim={"cpu": "10m", "memory": "50Mi"}, tmp="FallbackToLogsOnError")],
        1, "prometheus-operated", labels=plab, sel={"app.kubernetes.io/instance": rel + "-prometheus", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": rel + "-prometheus", "operator.prometheus.io/shard": "0", "prometheus": rel + "-prometheus"},
        sa=rel + "-prometheus", owner=pr, pmp="Parallel", init=[ctr("init-config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.73.2", req={"cpu": "10m", "memory": "50Mi"}, lim={"cpu": "10m", "memory": "50Mi"})],
        vct=[{"name": "prometheus-%s-prometheus-db" % rel, "size": prom_size, "sc": sc}] if sc else None, psc={"fsGroup": 2000, "runAsGroup": 2000, "runAsNonRoot": True, "runAsUser": 1000})
    c.svc(ns, "prometheus-operated", [("http-web", 9090, "http-web")], sel={"app.kubernetes.io/name": "prometheus"}, headless=True,
          labels={"managed-by": "prometheus-operator", "operated-prometheus": "true"}, owner=c.crd("monitoring.coreos.com/v1", "Prometheus", ns, rel + "-prometheus", controller=False))
    c.svc(ns, rel + "-prometheus", [("http-web", 9090, 9090), ("reloader-web", 8080, "reloader-web")], sel={"app.kubernetes.io/name": "prometheus", "operator.prometheus.io/name": rel + "-prometheus"},
          labels=lab("kube-prometheus-stack-prometheus"))
    c.sa(ns, rel + "-alertmanager")
    am = c.crd("monitoring.coreos.com/v1", "Alertmanager", ns, rel + "-alertmanager")
    c.sts(ns, "alertmanager-%s-alertmanager" % rel, [
        ctr("alertmanager", "quay.io/prometheus/alertmanager:v0.27.0", ports=[("http-web", 9093), ("mesh-tcp", 9094)], req={"memory": "200Mi"}, tmp="FallbackToLogsOnError",
            live=http_probe("/-/healthy", "http-web", fail=10), ready=http_probe("/-/ready", "http-web", delay=3, period=5, timeout=3)),
        ctr("config-reloader", "quay.io/prometheus-operator/prometheus-config-reloader:v0.73.2", ports=[("reloader-web", 8080)], req={"cpu": "10m", "memory": "50Mi"}, lim={"cpu": "10m", "memory": "50Mi"})],
        1, "alertmanager-operated", labels={"alertmanager": rel + "-alertmanager", "app.kubernetes.io/instance": rel + "-alertmanager", "app.kubernetes.io/managed-by": "prometheus-operator", "app.kubernetes.io/name": "alertmanager"},
        sa=rel + "-alertmanager", owner=am, pmp="Parallel")
    c.svc(ns, "alertmanager-operated", [("http-web", 9093, "http-web"), ("tcp-mesh", 9094, 9094)], sel={"app.kubernetes.io/name": "alertmanager"}, headless=True,
          labels={"managed-by": "prometheus-operator", "operated-alertmanager": "true"})
    for nm in ("alertmanager", "apiserver", "k8s-resources-cluster", "k8s-resources-namespace", "k8s-resources-pod", "node-exporter-full", "persistentvolumesusage"):
        c.cm(ns, "%s-%s" % (rel, nm), {nm + ".json": "{\"title\": \"%s\", \"uid\": \"%s\"}" % (nm, c.hexs(12))}, labels=dict(lab("grafana"), grafana_dashboard="1"))
    return ns


def add_logging(c, style="fluent-bit", ns="logging", sc=None):
    c.ns(ns, ago=c.age - c.r.randint(3, 30) * D)
    if style == "fluent-bit":
        c.helm_secret(ns, "fluent-bit")
        c.cm(ns, "fluent-bit", {"custom_parsers.conf": "[PARSER]\n    Name docker_no_time\n    Format json\n    Time_Keep Off\n",
                                 "fluent-bit.conf": "[SERVICE]\n    Daemon Off\n    Flush 1\n    Log_Level info\n    HTTP_Server On\n    HTTP_Port 2020\n[INPUT]\n    Name tail\n    Path /var/log/containers/*.log\n    multiline.parser docker, cri\n    Tag kube.*\n[FILTER]\n    Name kubernetes\n    Match kube.*\n[OUTPUT]\n    Name loki\n    Match kube.*\n    Host loki-gateway.%s.svc\n" % ns},
             labels={"app.kubernetes.io/instance": "fluent-bit", "app.kubernetes.io/name": "fluent-bit"})
        c.sa(ns, "fluent-bit")
        c.ds(ns, "fluent-bit", [ctr("fluent-bit", "cr.fluentbit.io/fluent/fluent-bit:3.0.4", args=["--workdir=/fluent-bit/etc", "--config=/fluent-bit/etc/conf/fluent-bit.conf"],
                                    ports=[("http", 2020)], live=http_probe("/", "http"), ready=http_probe("/api/v1/health", "http"),
                                    mounts=[("config", "/fluent-bit/etc/conf"), ("varlog", "/var/log"), ("varlibdockercontainers", "/var/lib/docker/containers", True), ("etcmachineid", "/etc/machine-id", True)],
                                    req={"cpu": "50m", "memory": "64Mi"}, lim={"memory": "256Mi"})],
             labels={"app.kubernetes.io/instance": "fluent-bit", "app.kubernetes.io/name": "fluent-bit"}, tol=[{"operator": "Exists"}], sa="fluent-bit",
             vols=[vol_cm("config", "fluent-bit"), vol_host("varlog", "/var/log"), vol_host("varlibdockercontainers", "/var/lib/docker/containers"), vol_host("etcmachineid", "/etc/machine-id", "File")])
        c.svc(ns, "fluent-bit", [("http", 2020, "http")], sel={"app.kubernetes.io/instance": "fluent-bit", "app.kubernetes.io/name": "fluent-bit"})
        c.helm_secret(ns, "loki")
        c.sa(ns, "loki")
        c.cm(ns, "loki", {"config.yaml": "auth_enabled: false\ncommon:\n  path_prefix: /var/loki\n  replication_factor: 1\nschema_config:\n  configs:\n  - from: \"2024-04-01\"\n    index:\n      period: 24h\n      prefix: loki_index_\n    object_store: filesystem\n    schema: v13\n    store: tsdb\nserver:\n  http_listen_port: 3100\n  grpc_listen_port: 9095\n"},
             labels={"app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "loki"})
        llab = {"app.kubernetes.io/component": "single-binary", "app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "loki"}
        c.sts(ns, "loki", [ctr("loki", "docker.io/grafana/loki:3.0.0", args=["-config.file=/etc/loki/config/config.yaml", "-target=all"],
                                ports=[("http-metrics", 3100), ("grpc", 9095), ("http-memberlist", 7946)], ready=http_probe("/ready", "http-metrics", delay=30, timeout=1),
                                mounts=[("config", "/etc/loki/config"), ("storage", "/var/loki"), ("tmp", "/tmp")], req={"cpu": "100m", "memory": "256Mi"})],
              1, "loki-headless", labels=llab, sa="loki", vols=[vol_cm("config", "loki"), vol_empty("tmp")],
              vct=[{"name": "storage", "size": "30Gi", "sc": sc}] if sc else None, psc={"fsGroup": 10001, "runAsGroup": 10001, "runAsNonRoot": True, "runAsUser": 10001})
        c.svc(ns, "loki", [("http-metrics", 3100, "http-metrics"), ("grpc", 9095, "grpc")], sel=llab)
        c.svc(ns, "loki-headless", [("http-metrics", 3100, "http-metrics")], sel=llab, headless=True)
        simple_deploy(c, ns, "loki-gateway", "docker.io/nginxinc/nginx-unprivileged:1.24-alpine", labels={"app.kubernetes.io/component": "gateway", "app.kubernetes.io/instance": "loki", "app.kubernetes.io/name": "loki"},
                      port=[("http-metrics", 8080)], probe=("/", "http-metrics", "/"), svc_port=[("http-metrics", 80, "http-metrics")], sa="loki")
    else:  # vector + opensearch-ish
        c.helm_secret(ns, "vector")
        c.sa(ns, "vector")
        c.ds(ns, "vector", [ctr("vector", "timberio/vector:0.38.0-distroless-libc", args=["--config-dir", "/etc/vector/"], ports=[("prom-exporter", 9090)],
                                req={"cpu": "50m", "memory": "96Mi"}, lim={"memory": "512Mi"}, mounts=[("data", "/vector-data-dir"), ("config", "/etc/vector/", True)])],
             labels={"app.kubernetes.io/component": "Agent", "app.kubernetes.io/instance": "vector", "app.kubernetes.io/name": "vector"}, tol=[{"operator": "Exists"}], sa="vector",
             vols=[vol_host("data", "/var/lib/vector"), vol_cm("config", "vector")])
        c.cm(ns, "vector", {"agent.yaml": "data_dir: /vector-data-dir\nsources:\n  kubernetes_logs:\n    type: kubernetes_logs\nsinks:\n  es:\n    type: elasticsearch\n    inputs: [kubernetes_logs]\n    endpoints: [\"https://logs-es-http.%s:9200\"]\n" % ns})
    return ns


def add_ingress_nginx(c, ns="ingress-nginx", replicas=2, lb=None, typ="LoadBalancer"):
    c.ns(ns, ago=c.age - c.r.randint(1, 10) * D, labels={"app.kubernetes.io/instance": "ingress-nginx", "app.kubernetes.io/name": "ingress-nginx"})
    c.helm_secret(ns, "ingress-nginx")
    c.sa(ns, "ingress-nginx")
    lab = {"app.kubernetes.io/component": "controller", "app.kubernetes.io/instance": "ingress-nginx", "app.kubernetes.io/name": "ingress-nginx"}
    c.cm(ns, "ingress-nginx-controller", {"allow-snippet-annotations": "false", "use-forwarded-headers": "true", "proxy-body-size": "20m"}, labels=lab)
    c.secret(ns, "ingress-nginx-admission", ["ca", "cert", "key"])
    dep = c.deploy(ns, "ingress-nginx-controller", [ctr("controller", "registry.k8s.io/ingress-nginx/controller:v1.10.1@sha256:e24f39d3eed6bcc239a56f20098878845f62baa34b9f2be2fd2c38ce9fb0f29e",
                                                        args=["/nginx-ingress-controller", "--publish-service=$(POD_NAMESPACE)/ingress-nginx-controller", "--election-id=ingress-nginx-leader",
                                                              "--controller-class=k8s.io/ingress-nginx", "--ingress-class=nginx", "--configmap=$(POD_NAMESPACE)/ingress-nginx-controller",
                                                              "--validating-webhook=:8443", "--validating-webhook-certificate=/usr/local/certificates/cert", "--validating-webhook-key=/usr/local/certificates/key"],
                                                        env=[fref("POD_NAME", "metadata.name"), fref("POD_NAMESPACE", "metadata.namespace"), ("LD_PRELOAD", "/usr/local/lib/libmimalloc.so")],
                                                        ports=[("http", 80), ("https", 443), ("webhook", 8443)], req={"cpu": "100m", "memory": "90Mi"},
                                                        live=http_probe("/healthz", 10254, delay=10, fail=5), ready=http_probe("/healthz", 10254, delay=10),
                                                        mounts=[("webhook-cert", "/usr/local/certificates/", True)],
                                                        sc={"allowPrivilegeEscalation": False, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 101})],
                   replicas=replicas, labels=lab, sa="ingress-nginx", vols=[vol_secret("webhook-cert", "ingress-nginx-admission")], tgp=300,
                   nsel={"kubernetes.io/os": "linux"})
    c.svc(ns, "ingress-nginx-controller", [("http", 80, "http"), ("https", 443, "https")], sel=lab, typ=typ, lb=lb, labels=lab)
    c.svc(ns, "ingress-nginx-controller-admission", [("https-webhook", 443, "webhook")], sel=lab, labels=lab)
    return dep


def add_cert_manager(c, ns="cert-manager"):
    c.ns(ns, ago=c.age - c.r.randint(1, 15) * D)
    c.helm_secret(ns, "cert-manager")
    v = "v1.14.5"
    for comp, img, port in (("cert-manager", "controller", 9402), ("cainjector", "cainjector", None), ("webhook", "webhook", 10250)):
        name = "cert-manager" if comp == "cert-manager" else "cert-manager-" + comp
        lab = {"app": comp if comp != "cert-manager" else "cert-manager", "app.kubernetes.io/component": "controller" if comp == "cert-manager" else comp,
               "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/name": comp}
        sel = {"app.kubernetes.io/component": lab["app.kubernetes.io/component"], "app.kubernetes.io/instance": "cert-manager", "app.kubernetes.io/name": comp}
        c.sa(ns, name)
        c.deploy(ns, name, [ctr("cert-manager-" + img, "quay.io/jetstack/cert-manager-%s:%s" % (img, v), args=["--v=2", "--cluster-resource-namespace=$(POD_NAMESPACE)", "--leader-election-namespace=kube-system"] if comp == "cert-manager" else ["--v=2"],
                                ports=[("http-metrics", port)] if port else None, env=[fref("POD_NAMESPACE", "metadata.namespace")],
                                live=http_probe("/livez", 6080, delay=60, timeout=15, fail=8) if comp == "webhook" else None,
                                ready=http_probe("/healthz", 6080, delay=5, period=5) if comp == "webhook" else None,
                                sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True})],
                 labels=lab, sel=sel, sa=name, psc={"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}}, nsel={"kubernetes.io/os": "linux"})
        if port:
            c.svc(ns, name, [("tcp-prometheus-servicemonitor" if comp == "cert-manager" else "https", 9402 if comp == "cert-manager" else 443, port if comp == "cert-manager" else "https")],
                  sel=sel, labels=lab)
    c.secret(ns, "cert-manager-webhook-ca", ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls")
    c.secret(ns, "letsencrypt-prod-account-key", ["tls.key"])
    return ns


def add_argocd(c, ns="argocd"):
    c.ns(ns, ago=c.age - c.r.randint(1, 30) * D)
    c.helm_secret(ns, "argocd")
    img = "quay.io/argoproj/argocd:v2.11.2"
    base = lambda comp: {"app.kubernetes.io/instance": "argocd", "app.kubernetes.io/name": "argocd-" + comp, "app.kubernetes.io/part-of": "argocd"}
    for comp, port in (("server", 8080), ("repo-server", 8081), ("applicationset-controller", 7000), ("notifications-controller", 9001), ("dex-server", 5556), ("redis", 6379)):
        name = "argocd-" + comp
        c.sa(ns, name)
        image = {"redis": "public.ecr.aws/docker/library/redis:7.2.4-alpine", "dex-server": "ghcr.io/dexidp/dex:v2.38.0"}.get(comp, img)
        simple_deploy(c, ns, name, image, labels=dict(base(comp), **{"app.kubernetes.io/component": comp}), sel=base(comp),
                      port=[("server" if comp == "server" else comp.split("-")[0] if comp != "redis" else "redis", port)],
                      probe=(("/healthz", port, "/healthz") if comp in ("server", "repo-server", "applicationset-controller") else None), sa=name,
                      req={"cpu": "50m", "memory": "64Mi"} if comp not in ("repo-server",) else {"cpu": "100m", "memory": "256Mi"},
                      svc_port=[("http" if comp == "server" else "tcp-" + comp.split("-")[0], 80 if comp == "server" else port, port)])
    c.sa(ns, "argocd-application-controller")
    c.sts(ns, "argocd-application-controller", [ctr("application-controller", img, args=["/usr/local/bin/argocd-application-controller"], ports=[("metrics", 8082)],
                                                     ready=http_probe("/healthz", 8082, delay=10), req={"cpu": "250m", "memory": "512Mi"},
                                                     env=[("ARGOCD_CONTROLLER_REPLICAS", "1")])],
          1, "argocd-application-controller", labels=dict(base("application-controller"), **{"app.kubernetes.io/component": "application-controller"}),
          sel={"app.kubernetes.io/name": "argocd-application-controller"}, sa="argocd-application-controller")
    c.cm(ns, "argocd-cm", {"admin.enabled": "true", "application.instanceLabelKey": "argocd.argoproj.io/instance", "exec.enabled": "false",
                           "server.rbac.log.enforce.enable": "false", "timeout.reconciliation": "180s", "url": "https://argocd.%s" % c.extra.get("domain", "example.com")},
         labels=base("cm"))
    c.cm(ns, "argocd-rbac-cm", {"policy.csv": "", "policy.default": "role:readonly", "scopes": "[groups]"}, labels=base("rbac-cm"))
    c.secret(ns, "argocd-secret", ["admin.password", "admin.passwordMtime", "server.secretkey"], labels=base("secret"))
    c.secret(ns, "argocd-initial-admin-secret", ["password"])
    c.secret(ns, "repo-" + str(c.r.randint(1000000000, 4000000000)), ["type", "url", "sshPrivateKey"], labels={"argocd.argoproj.io/secret-type": "repository"})
    return ns


def add_flux(c, ns="flux-system"):
    c.ns(ns, ago=c.age - c.r.randint(1, 30) * D, labels={"app.kubernetes.io/instance": "flux-system", "app.kubernetes.io/part-of": "flux", "app.kubernetes.io/version": "v2.3.0",
                                                         "kustomize.toolkit.fluxcd.io/name": "flux-system", "kustomize.toolkit.fluxcd.io/namespace": "flux-system",
                                                         "pod-security.kubernetes.io/warn": "restricted"})
    for comp, img in (("source-controller", "ghcr.io/fluxcd/source-controller:v1.3.0"), ("kustomize-controller", "ghcr.io/fluxcd/kustomize-controller:v1.3.0"),
                      ("helm-controller", "ghcr.io/fluxcd/helm-controller:v1.0.1"), ("notification-controller", "ghcr.io/fluxcd/notification-controller:v1.3.0")):
        c.sa(ns, comp)
        simple_deploy(c, ns, comp, img, labels={"app": comp}, port=[("http-prom", 8080), ("healthz", 9440)] if comp != "source-controller" else [("http", 9090), ("http-prom", 8080), ("healthz", 9440)],
                      probe=("/healthz", "healthz", "/readyz"), sa=comp, svc=comp in ("source-controller", "notification-controller"),
                      svc_port=[("http", 80, "http")], req={"cpu": "100m", "memory": "64Mi"}, lim={"cpu": "1", "memory": "1Gi"})
    c.secret(ns, "flux-system", ["identity", "identity.pub", "known_hosts"])
    return ns


def add_external_secrets(c, ns="external-secrets"):
    c.ns(ns, ago=c.age - c.r.randint(1, 40) * D)
    c.helm_secret(ns, "external-secrets")
    for comp in ("external-secrets", "external-secrets-cert-controller", "external-secrets-webhook"):
        c.sa(ns, comp)
        lab = {"app.kubernetes.io/instance": "external-secrets", "app.kubernetes.io/name": comp}
        simple_deploy(c, ns, comp, "oci.external-secrets.io/external-secrets/external-secrets:v0.9.18", labels=lab,
                      args=["certcontroller"] if "cert" in comp else (["webhook"] if "webhook" in comp else ["--concurrent=1"]),
                      port=[("metrics", 8080)] if comp == "external-secrets" else [("webhook", 10250)] if "webhook" in comp else [("metrics", 8080)],
                      probe=None, svc="webhook" in comp, svc_port=[("webhook", 443, "webhook")], sa=comp, req={"cpu": "10m", "memory": "32Mi"})
    c.secret(ns, "external-secrets-webhook", ["ca.crt", "tls.crt", "tls.key"])
    return ns


def add_velero(c, ns="velero", provider="aws"):
    c.ns(ns, ago=c.age - c.r.randint(5, 60) * D)
    c.helm_secret(ns, "velero")
    c.sa(ns, "velero-server")
    lab = {"app.kubernetes.io/instance": "velero", "app.kubernetes.io/name": "velero"}
    simple_deploy(c, ns, "velero", "velero/velero:v1.13.2", labels=dict(lab, name="velero"), sel=lab, port=[("http-monitoring", 8085)], probe=("/metrics", "http-monitoring", "/metrics"),
                  sa="velero-server", svc_port=[("http-monitoring", 8085, "http-monitoring")], req={"cpu": "500m", "memory": "128Mi"}, lim={"cpu": "1", "memory": "512Mi"},
                  args=["server", "--uploader-type=kopia"])
    c.ds(ns, "node-agent", [ctr("node-agent", "velero/velero:v1.13.2", command=["/velero"], args=["node-agent", "server"], ports=[("http-monitoring", 8085)],
                                mounts=[("host-pods", "/host_pods"), ("scratch", "/scratch")])],
         labels={"name": "node-agent", "role": "node-agent"}, sa="velero-server", vols=[vol_host("host-pods", "/var/lib/kubelet/pods"), vol_empty("scratch")])
    c.secret(ns, "velero", ["cloud"], labels=lab)
    return ns


def add_kyverno(c, ns="kyverno"):
    c.ns(ns, ago=c.age - c.r.randint(5, 60) * D)
    c.helm_secret(ns, "kyverno")
    img = "ghcr.io/kyverno/%s:v1.12.1"
    for comp, image, rep in (("admission-controller", "kyverno", 1), ("background-controller", "background-controller", 1),
                             ("cleanup-controller", "cleanup-controller", 1), ("reports-controller", "reports-controller", 1)):
        name = "kyverno-" + comp
        c.sa(ns, name)
        lab = {"app.kubernetes.io/component": comp, "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"}
        simple_deploy(c, ns, name, img % image, replicas=rep, labels=lab, port=[("metrics", 8000)], probe=None, sa=name,
                      svc_name=name + "-metrics", svc_port=[("metrics-port", 8000, 8000)], req={"cpu": "100m", "memory": "64Mi"}, lim={"memory": "384Mi"})
    c.svc(ns, "kyverno-svc", [("https", 443, 9443)], sel={"app.kubernetes.io/component": "admission-controller", "app.kubernetes.io/instance": "kyverno", "app.kubernetes.io/part-of": "kyverno"})
    c.sa(ns, "kyverno-admission-controller") if not c.get("ServiceAccount", ns, "kyverno-admission-controller") else None
    for cj in ("kyverno-cleanup-admission-reports", "kyverno-cleanup-cluster-admission-reports"):
        c.cronjob(ns, cj, "*/10 * * * *", [ctr("cleanup", "bitnami/kubectl:1.28.5", command=["/bin/sh", "-c", "COUNT=$(kubectl get admissionreports.kyverno.io -A | wc -l)"])],
                  600, c.r.randint(60, 540), hist=1, sa="kyverno-cleanup-jobs", keep=1, dur=c.r.randint(4, 12))
    return ns


def add_sealed_secrets(c):
    c.sa("kube-system", "sealed-secrets-controller")
    simple_deploy(c, "kube-system", "sealed-secrets-controller", "docker.io/bitnami/sealed-secrets-controller:0.26.2",
                  labels={"app.kubernetes.io/instance": "sealed-secrets-controller", "app.kubernetes.io/name": "sealed-secrets"},
                  port=[("http", 8080)], probe=("/healthz", "http", "/healthz"), sa="sealed-secrets-controller", svc_port=[("http", 8080, "http")])
    c.secret("kube-system", "sealed-secrets-key" + c.sfx(5), ["tls.crt", "tls.key"], typ="kubernetes.io/tls", labels={"sealedsecrets.bitnami.com/sealed-secrets-key": "active"})


# ================================================================= database stacks
BITNAMI_CSC = {"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False, "readOnlyRootFilesystem": True,
               "runAsGroup": 1001, "runAsNonRoot": True, "runAsUser": 1001, "seLinuxOptions": {}, "seccompProfile": {"type": "RuntimeDefault"}}
BITNAMI_PSC = {"fsGroup": 1001, "fsGroupChangePolicy": "Always", "supplementalGroups": [], "sysctls": []}


def blabels(rel, name, comp, ver, chart):
    sel = {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": name}
    if comp:
        sel["app.kubernetes.io/component"] = comp
    lab = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": ver, "helm.sh/chart": chart})
    return sel, lab


def pg_bitnami(c, ns, rel, sc, size="20Gi", ver="16.3.0", img_tag="16.3.0-debian-12-r13", chart="postgresql-15.5.4", req=None, lim=None,
               ago=None, db="app", user="app", nodes=None, pod_ago=None, csc=None, psc=None, old=None, updated=None, extra_env=None,
               fullname=None, read_replicas=0, tol=None, nsel=None, metrics=False, live=None):
    fn = fullname or (rel if "postgresql" in rel else rel + "-postgresql")
    sel, lab = blabels(rel, "postgresql", "primary", ver, chart)
    if not c.get("Secret", ns, fn):
        c.secret(ns, fn, ["password", "postgres-password"], labels=dict(lab, **{"app.kubernetes.io/component": None}) and
                 {k: v for k, v in lab.items() if k != "app.kubernetes.io/component"}, ago=ago)
    c.helm_secret(ns, rel, ago=ago)
    c.sa(ns, fn, labels={k: v for k, v in lab.items() if k != "app.kubernetes.io/component"}, ago=ago)
    env = [("BITNAMI_DEBUG", "false"), ("POSTGRESQL_PORT_NUMBER", "5432"), ("POSTGRESQL_VOLUME_DIR", "/bitnami/postgresql"),
           ("PGDATA", "/bitnami/postgresql/data"), ("POSTGRES_USER", user), sref(fn, "password", "POSTGRES_PASSWORD"),
           sref(fn, "postgres-password", "POSTGRES_POSTGRES_PASSWORD"), ("POSTGRES_DATABASE", db), ("POSTGRESQL_ENABLE_LDAP", "no"),
           ("POSTGRESQL_ENABLE_TLS", "no"), ("POSTGRESQL_LOG_HOSTNAME", "false"), ("POSTGRESQL_LOG_CONNECTIONS", "false"),
           ("POSTGRESQL_LOG_DISCONNECTIONS", "false"), ("POSTGRESQL_PGAUDIT_LOG_CATALOG", "off"), ("POSTGRESQL_CLIENT_MIN_MESSAGES", "error"),
           ("POSTGRESQL_SHARED_PRELOAD_LIBRARIES", "pgaudit")] + (extra_env or [])
    mk = lambda image, cs: [ctr("postgresql", image, ports=[("tcp-postgresql", 5432)], env=env,
                                req=req or {"cpu": "250m", "memory": "512Mi"}, lim=lim or {"cpu": "1", "memory": "1Gi"},
                                live=live or exec_probe(["/bin/sh", "-c", 'exec pg_isready -U "%s" -d "dbname=%s" -h 127.0.0.1 -p 5432' % (user, db)], delay=30, period=10, timeout=5, fail=6),
                                ready=exec_probe(["/bin/sh", "-c", "-e", 'exec pg_isready -U "%s" -d "dbname=%s" -h 127.0.0.1 -p 5432\n[ -f /opt/bitnami/postgresql/tmp/.initialized ] || [ -f /bitnami/postgresql/.initialized ]\n' % (user, db)], delay=5, period=10, timeout=5, fail=6),
                                mounts=[{"mountPath": "/tmp", "name": "empty-dir", "subPath": "tmp-dir"}, {"mountPath": "/opt/bitnami/postgresql/conf", "name": "empty-dir", "subPath": "app-conf-dir"},
                                        {"mountPath": "/opt/bitnami/postgresql/tmp", "name": "empty-dir", "subPath": "app-tmp-dir"}, ("dshm", "/dev/shm"), ("data", "/bitnami/postgresql")],
                                sc=cs)] + ([ctr("metrics", "docker.io/bitnami/postgres-exporter:0.15.0-debian-12-r14", ports=[("http-metrics", 9187)],
                                                 req={"cpu": "50m", "memory": "64Mi"}, sc=BITNAMI_CSC)] if metrics else [])
    image = "docker.io/bitnami/postgresql:" + img_tag
    ctrs = mk(image, csc or BITNAMI_CSC)
    oc = None
    if old:
        oc = mk(old.get("image", image), old.get("csc", BITNAMI_CSC))
        if old.get("lim"):
            oc[0]["resources"]["limits"] = old["lim"]
    s, pods, pvcs = c.sts(ns, fn, ctrs, 1, fn + "-hl", labels=lab, sel=sel, ago=ago, sa=fn,
                          vols=[vol_empty("empty-dir"), vol_empty("dshm", medium="Memory")],
                          vct=[{"name": "data", "size": size, "sc": sc}], psc=psc or BITNAMI_PSC, nodes=nodes, pod_ago=pod_ago,
                          old_ctrs=oc, updated=updated, tol=tol, nsel=nsel, dlabels={k: v for k, v in lab.items()},
                          aff={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchLabels": sel}, "topologyKey": "kubernetes.io/hostname"}, "weight": 1}]}})
    sv = c.svc(ns, fn, [("tcp-postgresql", 5432, "tcp-postgresql")], sel=sel, labels=lab, ago=ago)
    c.svc(ns, fn + "-hl", [("tcp-postgresql", 5432, "tcp-postgresql")], sel=sel, headless=True, pnra=True,
          labels=dict(lab, **{"app.kubernetes.io/component": "primary"}),
          ann={"service.alpha.kubernetes.io/tolerate-unready-endpoints": "true"}, ago=ago)
    return {"sts": s, "pods": pods, "pvcs": pvcs, "svc": sv, "host": "%s.%s.svc.cluster.local" % (fn, ns), "secret": fn, "name": fn}


def redis_bitnami(c, ns, rel, sc, replicas=2, size="8Gi", img_tag="7.2.5-debian-12-r0", chart="redis-19.5.2", ago=None, fullname=None,
                  master_old=None, rep_old=None, rep_updated=None, req=None, lim=None, svc_target=None, auth=True):
    fn = fullname or (rel if "redis" in rel else rel + "-redis")
    base = {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "redis"}
    glab = dict(base, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "7.2.5", "helm.sh/chart": chart})
    c.helm_secret(ns, rel, ago=ago)
    if auth:
        c.secret(ns, fn, ["redis-password"], labels=glab, ago=ago)
    c.sa(ns, fn, labels=glab, ago=ago)
    c.cm(ns, fn + "-configuration", {"master.conf": "dir /data\n# User-supplied master configuration:\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n",
                                      "redis.conf": "# User-supplied common configuration:\n# Enable AOF https://redis.io/topics/persistence#append-only-file\nappendonly yes\n# Disable RDB persistence, AOF persistence already enabled.\nsave \"\"\n",
                                      "replica.conf": "dir /data\n# User-supplied replica configuration:\nrename-command FLUSHDB \"\"\nrename-command FLUSHALL \"\"\n"}, labels=glab, ago=ago)
    c.cm(ns, fn + "-health", {"ping_liveness_local.sh": "#!/bin/bash\n[[ -f $REDIS_PASSWORD_FILE ]] && export REDIS_PASSWORD=\"$(< \"${REDIS_PASSWORD_FILE}\")\"\nresponse=$(\n  timeout -s 15 $1 \\\n  redis-cli \\\n    -h localhost \\\n    -p $REDIS_PORT \\\n    ping\n)\n",
                              "ping_readiness_local.sh": "#!/bin/bash\nresponse=$(\n  timeout -s 15 $1 \\\n  redis-cli \\\n    -h localhost \\\n    -p $REDIS_PORT \\\n    ping\n)\nif [ \"$response\" != \"PONG\" ]; then\n  echo \"$response\"\n  exit 1\nfi\n"},
         labels=glab, ago=ago)
    c.cm(ns, fn + "-scripts", {"start-master.sh": "#!/bin/bash\n[[ -f $REDIS_PASSWORD_FILE ]] && export REDIS_PASSWORD=\"$(< \"${REDIS_PASSWORD_FILE}\")\"\nexec redis-server \"${ARGS[@]}\"\n",
                               "start-replica.sh": "#!/bin/bash\nexec redis-server \"${ARGS[@]}\"\n"}, labels=glab, ago=ago)
    out = {}
    for role, n, old, upd in (("master", 1, master_old, None), ("replica", replicas, rep_old, rep_updated)):
        if n == 0:
            continue
        sel = dict(base, **{"app.kubernetes.io/component": role})
        lab = dict(glab, **{"app.kubernetes.io/component": role})
        env = [("BITNAMI_DEBUG", "false"), ("REDIS_REPLICATION_MODE", role if role == "master" else "replica"),
               ("ALLOW_EMPTY_PASSWORD", "no" if auth else "yes")]
        if auth:
            env.append(sref(fn, "redis-password", "REDIS_PASSWORD"))
        if role == "replica":
            env += [("REDIS_MASTER_HOST", "%s-master-0.%s-headless.%s.svc.cluster.local" % (fn, fn, ns)), ("REDIS_MASTER_PORT_NUMBER", "6379")]
            if auth:
                env.append(sref(fn, "redis-password", "REDIS_MASTER_PASSWORD"))
        env += [("REDIS_TLS_ENABLED", "no"), ("REDIS_PORT", "6379")]
        mk = lambda image: [ctr("redis", image, command=["/bin/bash"], args=["-c", "/opt/bitnami/scripts/start-scripts/start-%s.sh" % role],
                                ports=[("redis", 6379)], env=env, req=req or {"cpu": "100m", "memory": "256Mi"}, lim=lim or {"cpu": "500m", "memory": "1Gi"},
                                live=exec_probe(["sh", "-c", "/health/ping_liveness_local.sh 5"], delay=20, period=5, timeout=6, fail=5),
                                ready=exec_probe(["sh", "-c", "/health/ping_readiness_local.sh 1"], delay=20, period=5, timeout=2, fail=5),
                                mounts=[("start-scripts", "/opt/bitnami/scripts/start-scripts"), ("health", "/health"), ("redis-data", "/data"),
                                        ("config", "/opt/bitnami/redis/mounted-etc"), {"mountPath": "/opt/bitnami/redis/etc/", "name": "empty-dir", "subPath": "app-conf-dir"},
                                        {"mountPath": "/tmp", "name": "empty-dir", "subPath": "tmp-dir"}], sc=BITNAMI_CSC)]
        image = "docker.io/bitnami/redis:" + img_tag
        name = "%s-%s" % (fn, "master" if role == "master" else "replicas")
        s, pods, pvcs = c.sts(ns, name, mk(image), n, fn + "-headless", labels=lab, sel=sel, ago=ago, sa=fn,
                              vols=[vol_cm("start-scripts", fn + "-scripts", mode=493), vol_cm("health", fn + "-health", mode=493),
                                    vol_cm("config", fn + "-configuration"), vol_empty("empty-dir")],
                              vct=[{"name": "redis-data", "size": size, "sc": sc, "labels": dict(sel)}], psc=BITNAMI_PSC,
                              old_ctrs=mk(old) if old else None, updated=upd,
                              aff={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchLabels": sel}, "topologyKey": "kubernetes.io/hostname"}, "weight": 1}]}})
        out[role] = (s, pods, pvcs)
        tp = svc_target if (svc_target and role == "master") else "redis"
        c.svc(ns, name if role == "replica" else fn + "-master", [("tcp-redis", 6379, tp)], sel=sel, labels=lab, ago=ago)
    c.svc(ns, fn + "-headless", [("tcp-redis", 6379, "redis")], sel=base, headless=True, labels=glab, ago=ago)
    out["fn"] = fn
    out["host"] = "%s-master.%s.svc.cluster.local" % (fn, ns)
    return out


def mongo_bitnami(c, ns, rel, sc, replicas=2, size="16Gi", img_tag="7.0.11-debian-12-r0", chart="mongodb-15.6.5", ago=None, fullname=None,
                  arbiter=True, tls=None, old=None, updated=None, vols_extra=None, mounts_extra=None, extra_env=None, nodes=None, pod_ago=None):
    fn = fullname or (rel if "mongo" in rel else rel + "-mongodb")
    base = {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mongodb"}
    glab = dict(base, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "7.0.11", "helm.sh/chart": chart})
    c.helm_secret(ns, rel, ago=ago)
    if not c.get("Secret", ns, fn):
        c.secret(ns, fn, ["mongodb-passwords", "mongodb-replica-set-key", "mongodb-root-password"], labels=glab, ago=ago)
    c.sa(ns, fn, labels=glab, ago=ago)
    c.cm(ns, fn + "-common-scripts", {"ping-mongodb.sh": "#!/bin/bash\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval \"db.adminCommand('ping')\"\n",
                                       "readiness-probe.sh": "#!/bin/bash\n# Run the proper check depending on the version\n[[ $(mongod -version | grep \"db version\") =~ ([0-9]+\\.[0-9]+\\.[0-9]+) ]] && VERSION=${BASH_REMATCH[1]}\n. /opt/bitnami/scripts/libversion.sh\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval 'db.hello().isWritablePrimary || db.hello().secondary' | grep 'true'\n",
                                       "startup-probe.sh": "#!/bin/bash\nmongosh  $TLS_OPTIONS --port $MONGODB_PORT_NUMBER --eval 'db.hello().isWritablePrimary || db.hello().secondary' | grep 'true'\n"},
         labels=dict(glab, **{"app.kubernetes.io/component": "mongodb"}), ago=ago)
    c.cm(ns, fn + "-scripts", {"setup.sh": "#!/bin/bash\n. /opt/bitnami/scripts/mongodb-env.sh\n. /opt/bitnami/scripts/libfs.sh\n. /opt/bitnami/scripts/liblog.sh\n. /opt/bitnami/scripts/libvalidations.sh\n\nprint_welcome_page\n\n# We do not need to use a dynamic hostname in this setup\nexport MONGODB_ADVERTISED_HOSTNAME=\"$MY_POD_NAME.%s-headless.%s.svc.cluster.local\"\nexec /opt/bitnami/scripts/mongodb/entrypoint.sh /opt/bitnami/scripts/mongodb/run.sh\n" % (fn, ns)},
         labels=dict(glab, **{"app.kubernetes.io/component": "mongodb"}), ago=ago)
    sel = dict(base, **{"app.kubernetes.io/component": "mongodb"})
    lab = dict(glab, **{"app.kubernetes.io/component": "mongodb"})
    env = [("BITNAMI_DEBUG", "false"), fref("MY_POD_NAME", "metadata.name"), fref("MY_POD_NAMESPACE", "metadata.namespace"),
           ("MY_POD_HOST_IP", None), ("K8S_SERVICE_NAME", fn + "-headless"), ("MONGODB_INITIAL_PRIMARY_HOST", "%s-0.%s-headless.%s.svc.cluster.local" % (fn, fn, ns)),
           ("MONGODB_REPLICA_SET_NAME", "rs0"), ("MONGODB_ADVERTISED_HOSTNAME", "$(MY_POD_NAME).%s-headless.%s.svc.cluster.local" % (fn, ns)),
           ("MONGODB_EXTRA_USERNAMES", "app"), ("MONGODB_EXTRA_DATABASES", "app"), sref(fn, "mongodb-passwords", "MONGODB_EXTRA_PASSWORDS"),
           ("MONGODB_ROOT_USER", "root"), sref(fn, "mongodb-root-password", "MONGODB_ROOT_PASSWORD"), sref(fn, "mongodb-replica-set-key", "MONGODB_REPLICA_SET_KEY"),
           ("ALLOW_EMPTY_PASSWORD", "no"), ("MONGODB_SYSTEM_LOG_VERBOSITY", "0"), ("MONGODB_DISABLE_SYSTEM_LOG", "no"), ("MONGODB_DISABLE_JAVASCRIPT", "no"),
           ("MONGODB_ENABLE_JOURNAL", "yes"), ("MONGODB_PORT_NUMBER", "27017"), ("MONGODB_ENABLE_IPV6", "no"), ("MONGODB_ENABLE_DIRECTORY_PER_DB", "no")]
    env = [e for e in env if not (isinstance(e, tuple) and e[1] is None)] + [fref("MY_POD_HOST_IP", "status.hostIP")] + (extra_env or [])
    mk = lambda image: [ctr("mongodb", image, command=["/scripts/setup.sh"], ports=[("mongodb", 27017)], env=env,
                            req={"cpu": "500m", "memory": "1Gi"}, lim={"cpu": "2", "memory": "2Gi"},
                            live=exec_probe(["/bitnami/scripts/ping-mongodb.sh"], delay=30, period=20, timeout=10, fail=6),
                            ready=exec_probe(["/bitnami/scripts/readiness-probe.sh"], delay=5, period=10, timeout=5, fail=6),
                            mounts=[("datadir", "/bitnami/mongodb"), ("common-scripts", "/bitnami/scripts"), ("scripts", "/scripts/setup.sh"),
                                    {"mountPath": "/tmp", "name": "empty-dir", "subPath": "tmp-dir"}] + (mounts_extra or []),
                            sc=BITNAMI_CSC)]
    image = "docker.io/bitnami/mongodb:" + img_tag
    s, pods, pvcs = c.sts(ns, fn, mk(image), replicas, fn + "-headless", labels=lab, sel=sel, ago=ago, sa=fn, pmp="OrderedReady",
                          vols=[vol_cm("common-scripts", fn + "-common-scripts", mode=365), vol_cm("scripts", fn + "-scripts", mode=493), vol_empty("empty-dir")] + (vols_extra or []),
                          vct=[{"name": "datadir", "size": size, "sc": sc}], psc=BITNAMI_PSC, old_ctrs=mk(old) if old else None, updated=updated,
                          nodes=nodes, pod_ago=pod_ago)
    c.svc(ns, fn + "-headless", [("mongodb", 27017, "mongodb")], sel=sel, headless=True, pnra=True, labels=lab, ago=ago)
    out = {"sts": s, "pods": pods, "pvcs": pvcs, "fn": fn,
           "uri_hosts": ",".join("%s-%d.%s-headless.%s.svc.cluster.local:27017" % (fn, i, fn, ns) for i in range(replicas))}
    if arbiter:
        asel = dict(base, **{"app.kubernetes.io/component": "arbiter"})
        alab = dict(glab, **{"app.kubernetes.io/component": "arbiter"})
        a, ap, _ = c.sts(ns, fn + "-arbiter", [ctr("mongodb-arbiter", image, ports=[("mongodb", 27017)],
                                                   env=[("MONGODB_REPLICA_SET_MODE", "arbiter"), ("MONGODB_INITIAL_PRIMARY_HOST", "%s-0.%s-headless.%s.svc.cluster.local" % (fn, fn, ns)),
                                                        ("MONGODB_REPLICA_SET_NAME", "rs0"), sref(fn, "mongodb-replica-set-key", "MONGODB_REPLICA_SET_KEY")],
                                                   req={"cpu": "100m", "memory": "128Mi"}, live=tcp_probe("mongodb", delay=30, period=20, timeout=10, fail=6),
                                                   ready=tcp_probe("mongodb", delay=5, period=20, timeout=10, fail=6), sc=BITNAMI_CSC)],
                         1, fn + "-arbiter-headless", labels=alab, sel=asel, ago=ago, sa=fn, psc=BITNAMI_PSC)
        c.svc(ns, fn + "-arbiter-headless", [("tcp-mongodb", 27017, "mongodb")], sel=asel, headless=True, labels=alab, ago=ago)
        out["arbiter"] = (a, ap)
    return out


def mysql_bitnami(c, ns, rel, sc, secondaries=1, size="20Gi", img_tag="8.0.37-debian-12-r2", chart="mysql-11.1.2", ago=None, fullname=None,
                  svc_sel_override=None, req=None, lim=None):
    fn = fullname or (rel if "mysql" in rel else rel + "-mysql")
    base = {"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "mysql"}
    glab = dict(base, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "8.0.37", "helm.sh/chart": chart})
    c.helm_secret(ns, rel, ago=ago)
    c.secret(ns, fn, ["mysql-password", "mysql-replication-password", "mysql-root-password"], labels=glab, ago=ago)
    c.sa(ns, fn, labels=glab, ago=ago)
    out = {"fn": fn}
    for role, n in (("primary", 1), ("secondary", secondaries)):
        if not n:
            continue
        sel = dict(base, **{"app.kubernetes.io/component": role})
        lab = dict(glab, **{"app.kubernetes.io/component": role, "app.kubernetes.io/part-of": "mysql"})
        c.cm(ns, "%s-%s" % (fn, role), {"my.cnf": "[mysqld]\nauthentication_policy='* ,,'\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mysql\nplugin_dir=/opt/bitnami/mysql/lib/plugin\nport=3306\nmysqlx=0\nmysqlx_port=33060\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndatadir=/bitnami/mysql/data\ntmpdir=/opt/bitnami/mysql/tmp\nmax_allowed_packet=16M\nbind-address=*\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\nlog-error=/opt/bitnami/mysql/logs/mysqld.log\ncharacter-set-server=UTF8\nslow_query_log=0\nlong_query_time=10.0\n\n[client]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\ndefault-character-set=UTF8\nplugin_dir=/opt/bitnami/mysql/lib/plugin\n\n[manager]\nport=3306\nsocket=/opt/bitnami/mysql/tmp/mysql.sock\npid-file=/opt/bitnami/mysql/tmp/mysqld.pid\n"},
             labels=lab, ago=ago)
        env = [("BITNAMI_DEBUG", "false"), sref(fn, "mysql-root-password", "MYSQL_ROOT_PASSWORD"), ("MYSQL_ENABLE_SSL", "no"), ("MYSQL_USER", "app"),
               sref(fn, "mysql-password", "MYSQL_PASSWORD"), ("MYSQL_PORT", "3306"), ("MYSQL_DATABASE", "app"), ("MYSQL_REPLICATION_MODE", "master" if role == "primary" else "slave"),
               ("MYSQL_REPLICATION_USER", "replicator"), sref(fn, "mysql-replication-password", "MYSQL_REPLICATION_PASSWORD")]
        if role == "secondary":
            env += [("MYSQL_MASTER_HOST", "%s-primary" % fn), ("MYSQL_MASTER_PORT_NUMBER", "3306"), ("MYSQL_MASTER_ROOT_USER", "root"),
                    sref(fn, "mysql-root-password", "MYSQL_MASTER_ROOT_PASSWORD")]
        chk = "password_aux=\"${MYSQL_%sROOT_PASSWORD:-}\"\nif [[ -f \"${MYSQL_%sROOT_PASSWORD_FILE:-}\" ]]; then\n    password_aux=$(cat \"$MYSQL_%sROOT_PASSWORD_FILE\")\nfi\nmysqladmin %s -uroot -p\"${password_aux}\"\n"
        mr = "MASTER_" if role == "secondary" else ""
        s, pods, pvcs = c.sts(ns, "%s-%s" % (fn, role), [ctr("mysql", "docker.io/bitnami/mysql:" + img_tag, ports=[("mysql", 3306)], env=env,
                                                             req=req or {"cpu": "250m", "memory": "512Mi"}, lim=lim or {"cpu": "1", "memory": "2Gi"},
                                                             live=exec_probe(["/bin/bash", "-ec", chk % (mr, mr, mr, "status")], delay=5, period=10, timeout=1, fail=3),
                                                             ready=exec_probe(["/bin/bash", "-ec", chk % (mr, mr, mr, "ping")], delay=5, period=10, timeout=1, fail=3),
                                                             startup=exec_probe(["/bin/bash", "-ec", chk % (mr, mr, mr, "ping")], delay=15, period=10, timeout=1, fail=10),
                                                             mounts=[("data", "/bitnami/mysql"), {"mountPath": "/opt/bitnami/mysql/conf/my.cnf", "name": "config", "subPath": "my.cnf"},
                                                                     {"mountPath": "/tmp", "name": "empty-dir", "subPath": "tmp-dir"}], sc=BITNAMI_CSC)],
                              n, "%s-%s-headless" % (fn, role), labels=lab, sel=sel, ago=ago, sa=fn,
                              vols=[vol_cm("config", "%s-%s" % (fn, role)), vol_empty("empty-dir")], vct=[{"name": "data", "size": size, "sc": sc, "labels": dict(sel)}],
                              psc=BITNAMI_PSC)
        ssel = svc_sel_override if (svc_sel_override and role == "primary") else sel
        c.svc(ns, "%s-%s" % (fn, role), [("mysql", 3306, "mysql")], sel=ssel, labels=lab, ago=ago)
        c.svc(ns, "%s-%s-headless" % (fn, role), [("mysql", 3306, "mysql")], sel=sel, headless=True, pnra=True, labels=lab, ago=ago)
        out[role] = (s, pods, pvcs)
    out["host"] = "%s-primary.%s.svc.cluster.local" % (fn, ns)
    return out


def cnpg_operator(c, ns="cnpg-system", replicas=1, ago=None, pod_ago=None):
    c.ns(ns, ago=c.age - c.r.randint(3, 40) * D)
    ago = ago or c.r.randint(20, 200) * D
    lab = {"app.kubernetes.io/name": "cloudnative-pg"}
    c.sa(ns, "cnpg-manager", ago=ago)
    c.cm(ns, "cnpg-controller-manager-config", {}, ago=ago)
    c.cm(ns, "cnpg-default-monitoring", {"queries": "backends:\n  query: |\n   SELECT sa.datname\n       , sa.usename\n       , sa.application_name\n       , states.state\n       , COALESCE(sa.count, 0) AS total\n"},
         labels={"cnpg.io/reload": ""}, ago=ago)
    c.secret(ns, "cnpg-webhook-cert", ["tls.crt", "tls.key"], typ="kubernetes.io/tls", ago=ago)
    c.secret(ns, "cnpg-ca-secret", ["ca.crt", "ca.key"], ago=ago)
    dep = c.deploy(ns, "cnpg-controller-manager", [ctr("manager", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.1",
                                                       command=["/manager"], args=["controller", "--leader-elect", "--config-map-name=cnpg-controller-manager-config", "--secret-name=cnpg-controller-manager-config", "--webhook-port=9443"],
                                                       env=[("OPERATOR_IMAGE_NAME", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.1"), fref("OPERATOR_NAMESPACE", "metadata.namespace"), ("MONITORING_QUERIES_CONFIGMAP", "cnpg-default-monitoring")],
                                                       ports=[("metrics", 8080), ("webhook-server", 9443)], req={"cpu": "100m", "memory": "100Mi"}, lim={"cpu": "100m", "memory": "200Mi"},
                                                       live=http_probe("/readyz", 9443, scheme="HTTPS"), ready=http_probe("/readyz", 9443, scheme="HTTPS"),
                                                       mounts=[("scratch-data", "/controller"), ("webhook-certificates", "/run/secrets/cnpg.io/webhook")],
                                                       sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsGroup": 10001, "runAsUser": 10001})],
                   replicas=replicas, labels=lab, sa="cnpg-manager", vols=[vol_empty("scratch-data"), {"name": "webhook-certificates", "secret": {"defaultMode": 420, "optional": True, "secretName": "cnpg-webhook-cert"}}],
                   ago=ago, pod_ago=pod_ago, psc={"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})
    c.svc(ns, "cnpg-webhook-service", [("", 443, 9443)], sel=lab, ago=ago)
    return dep


def cnpg_cluster(c, ns, name, sc, n=3, size="20Gi", primary=1, image="ghcr.io/cloudnative-pg/postgresql:16.3", req=None, lim=None, ago=None,
                 skip=(), nodes=None, pod_ago=None, tol=None, nsel=None, aff=None, roles=None):
    ago = ago or c.r.randint(20, 300) * D
    own = c.crd("postgresql.cnpg.io/v1", "Cluster", ns, name)
    c.sa(ns, name, ago=ago, owner=own)
    for sname, keys, typ in (("%s-app" % name, ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"], "kubernetes.io/basic-auth"),
                             ("%s-ca" % name, ["ca.crt", "ca.key"], "Opaque"), ("%s-server" % name, ["tls.crt", "tls.key"], "kubernetes.io/tls"),
                             ("%s-replication" % name, ["tls.crt", "tls.key"], "kubernetes.io/tls")):
        c.secret(ns, sname, keys, typ=typ, labels={"cnpg.io/cluster": name, "cnpg.io/reload": "true"} if sname.endswith("-app") else {"cnpg.io/cluster": name},
                 owner=own, ago=ago)
    pods = {}
    pvcs = {}
    roles = roles or {}
    for i in range(1, n + 1):
        iname = "%s-%d" % (name, i)
        node = nodes[i - 1] if nodes else c.place(tol, nsel)
        pvc = c.pvc(ns, iname, size, sc, node=node, labels={"cnpg.io/cluster": name, "cnpg.io/instanceName": iname, "cnpg.io/pvcRole": "PG_DATA"},
                    ago=ago - 60 - i * 120, owner=own, ann={"cnpg.io/nodeSerial": str(i), "cnpg.io/operatorVersion": "1.23.1", "cnpg.io/pvcStatus": "ready"})
        pvcs[i] = pvc
        if i in skip:
            continue
        role = roles.get(i, "primary" if i == primary else "replica")
        lab = {"cnpg.io/cluster": name, "cnpg.io/instanceName": iname, "cnpg.io/instanceRole": role, "cnpg.io/podRole": "instance", "role": role}
        spec = c.podspec([ctr("postgres", image, command=["/controller/manager", "instance", "run", "--log-level=info"],
                              env=[("PGDATA", "/var/lib/postgresql/data/pgdata"), fref("POD_NAME", "metadata.name"), ("NAMESPACE", ns), ("CLUSTER_NAME", name),
                                   ("PGPORT", "5432"), ("PGHOST", "/controller/run"), ("TMPDIR", "/controller/tmp")],
                              ports=[("postgresql", 5432), ("metrics", 9187), ("status", 8000)], req=req or {"cpu": "1", "memory": "2Gi"}, lim=lim or {"cpu": "2", "memory": "4Gi"},
                              live=http_probe("/healthz", 8000, timeout=5), ready=http_probe("/readyz", 8000, timeout=5), startup=http_probe("/healthz", 8000, timeout=5, fail=360),
                              mounts=[("pgdata", "/var/lib/postgresql/data"), ("scratch-data", "/run"), ("scratch-data", "/controller"), ("shm", "/dev/shm"),
                                      ("app-secret", "/etc/app-secret")],
                              sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "privileged": False, "readOnlyRootFilesystem": True,
                                  "runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}})],
                         vols=[vol_pvc("pgdata", iname), vol_empty("scratch-data"), vol_empty("shm", medium="Memory"), vol_secret("app-secret", name + "-app")],
                         init=[ctr("bootstrap-controller", "ghcr.io/cloudnative-pg/cloudnative-pg:1.23.1", command=["/manager", "bootstrap", "/controller/manager", "--log-level=info"],
                                   req=req or {"cpu": "1", "memory": "2Gi"}, lim=lim or {"cpu": "2", "memory": "4Gi"}, mounts=[("scratch-data", "/controller")])],
                         sa=name, tol=tol, nsel=nsel, aff=aff, psc={"fsGroup": 26, "runAsGroup": 26, "runAsNonRoot": True, "runAsUser": 26, "seccompProfile": {"type": "RuntimeDefault"}},
                         tgp=1800)
        pa = pod_ago if pod_ago is not None else ago - 100 - i * 120 - c.r.randint(0, 20 * D)
        p = c.pod(ns, iname, spec, node, labels=lab, owner=own, ago=pa, hostname=iname,
                  ann={"cnpg.io/nodeSerial": str(i), "cnpg.io/operatorVersion": "1.23.1", "cnpg.io/podEnvHash": c.hexs(16)[:10]})
        pods[i] = p
    for suf, role in (("rw", "primary"), ("ro", "replica"), ("r", None)):
        sel = {"cnpg.io/cluster": name, "cnpg.io/instanceRole": role} if role else {"cnpg.io/cluster": name, "cnpg.io/podRole": "instance"}
        c.svc(ns, "%s-%s" % (name, suf), [("postgres", 5432, 5432)], sel=sel, labels={"cnpg.io/cluster": name}, owner=own, ago=ago)
    if c.r.random() < 0.7:
        c.job(ns, "%s-1-initdb" % name, [ctr("initdb", image, command=["/controller/manager", "instance", "init"])], ago=ago - 30, dur=40, owner=own,
              labels={"cnpg.io/cluster": name, "cnpg.io/instanceName": name + "-1", "cnpg.io/jobRole": "initdb"}, sa=name, keep_pods=False)
    return {"pods": pods, "pvcs": pvcs, "own": own, "rw": "%s-rw.%s.svc.cluster.local" % (name, ns), "app_secret": name + "-app"}


def zalando_operator(c, ns="postgres-operator", ago=None):
    c.ns(ns, ago=c.age - c.r.randint(3, 40) * D)
    c.helm_secret(ns, "postgres-operator")
    c.sa(ns, "postgres-operator")
    lab = {"app.kubernetes.io/instance": "postgres-operator", "app.kubernetes.io/name": "postgres-operator"}
    dep = simple_deploy(c, ns, "postgres-operator", "ghcr.io/zalando/postgres-operator:v1.12.2", labels=lab, port=[("", 8080)], probe=("/readyz", 8080, "/readyz"),
                        sa="postgres-operator", svc_port=[("", 8080, 8080)], req={"cpu": "100m", "memory": "250Mi"}, lim={"cpu": "500m", "memory": "500Mi"}, ago=ago)
    return dep


def zalando_cluster(c, ns, name, sc, n=2, team="acid", size="10Gi", users=("app",), ago=None, master=0, image="ghcr.io/zalando/spilo-16:3.2-p3",
                    req=None, lim=None, nodes=None):
    ago = ago or c.r.randint(20, 300) * D
    own = c.crd("acid.zalan.do/v1", "postgresql", ns, name)
    lab = {"application": "spilo", "cluster-name": name, "team": team}
    c.sa(ns, "postgres-pod", ago=ago)
    sec = lambda u: "%s.%s.credentials.postgresql.acid.zalan.do" % (u.replace("_", "-"), name)
    for u in ("postgres", "standby") + tuple(users):
        c.secret(ns, sec(u), ["password", "username"], labels=lab, owner=own, ago=ago)
    env = [("SCOPE", name), ("PGROOT", "/home/postgres/pgdata/pgroot"), fref("POD_IP", "status.podIP"), fref("POD_NAMESPACE", "metadata.namespace"),
           ("PGUSER_SUPERUSER", "postgres"), ("KUBERNETES_SCOPE_LABEL", "cluster-name"), ("KUBERNETES_ROLE_LABEL", "spilo-role"),
           sref(sec("postgres"), "password", "PGPASSWORD_SUPERUSER"), ("PGUSER_STANDBY", "standby"), sref(sec("standby"), "password", "PGPASSWORD_STANDBY"),
           ("PAM_OAUTH2", ""), ("HUMAN_ROLE", "zalandos"), ("PGVERSION", "16"), ("KUBERNETES_LABELS", json.dumps({"application": "spilo"})),
           ("SPILO_CONFIGURATION", '{"postgresql":{},"bootstrap":{"initdb":[{"auth-host":"md5"},{"auth-local":"trust"}],"dcs":{}}}'), ("DCS_ENABLE_KUBERNETES_API", "true")]
    s, pods, pvcs = c.sts(ns, name, [ctr("postgres", image, ports=[("", 8008), ("", 5432), ("", 8080)], env=env,
                                         req=req or {"cpu": "100m", "memory": "100Mi"}, lim=lim or {"cpu": "1", "memory": "500Mi"},
                                         ready=http_probe("/readiness", 8008, delay=6, period=10, timeout=5, fail=3),
                                         mounts=[("pgdata", "/home/postgres/pgdata"), ("dshm", "/dev/shm")],
                                         sc={"allowPrivilegeEscalation": True, "privileged": False, "readOnlyRootFilesystem": False})],
                          n, name, labels=lab, sel=lab, ago=ago, sa="postgres-pod", owner=own, vols=[vol_empty("dshm", medium="Memory")],
                          vct=[{"name": "pgdata", "size": size, "sc": sc, "labels": lab}], psc={"fsGroup": 103}, tgp=300, nodes=nodes,
                          aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": lab}, "topologyKey": "kubernetes.io/hostname"}]}})
    for i, p in enumerate(pods):
        p["metadata"]["labels"]["spilo-role"] = "master" if i == master else "replica"
        p["metadata"].setdefault("annotations", {})["status"] = json.dumps({"conn_url": "postgres://%s:5432/postgres" % p["status"].get("podIP", ""),
                                                                             "api_url": "http://%s:8008/patroni" % p["status"].get("podIP", ""),
                                                                             "state": "running", "role": "master" if i == master else "replica", "version": "3.2.2",
                                                                             "xlog_location": c.r.randint(10 ** 8, 10 ** 10), "timeline": c.r.randint(1, 9)}, separators=(",", ":"))
    msvc = c.svc(ns, name, [("postgresql", 5432, 5432)], labels=dict(lab, **{"spilo-role": "master"}), owner=own, ago=ago)
    mp = pods[master] if pods else None
    c.manual_endpoints(msvc, [{"ip": mp["status"]["podIP"], "nodeName": mp["spec"]["nodeName"],
                               "targetRef": {"kind": "Pod", "name": mp["metadata"]["name"], "namespace": ns, "uid": mp["metadata"]["uid"]}}] if mp and mp["status"].get("podIP") else [],
                       [("postgresql", 5432)], labels=dict(lab, **{"spilo-role": "master"}),
                       ann={"acquireTime": c.ts(c.r.randint(2 * D, 30 * D)), "leader": mp["metadata"]["name"] if mp else "", "optime": str(c.r.randint(10 ** 8, 10 ** 10)),
                            "renewTime": c.ts(c.r.randint(1, 10)), "transitions": str(c.r.randint(0, 6)), "ttl": "30"}, ago=c.ctime(msvc) - 1)
    c.svc(ns, name + "-repl", [("postgresql", 5432, 5432)], sel=dict(lab, **{"spilo-role": "replica"}), labels=dict(lab, **{"spilo-role": "replica"}), owner=own, ago=ago)
    cs = c.svc(ns, name + "-config", [], headless=True, labels=lab, ago=ago)
    del cs["spec"]["ports"]
    c.manual_endpoints(cs, [], [], labels=lab, ann={"config": json.dumps({"postgresql": {"parameters": {"max_connections": "100", "shared_buffers": "64MB"}}, "ttl": 30, "loop_wait": 10}, separators=(",", ":")),
                                                     "initialize": str(c.r.randint(7 * 10 ** 18, 74 * 10 ** 17))}, ago=c.ctime(cs) - 1)
    return {"sts": s, "pods": pods, "pvcs": pvcs, "host": "%s.%s.svc.cluster.local" % (name, ns), "secret": sec, "own": own, "lab": lab}


def eck_stack(c, ns, name, sc, nodes_n=3, size="50Gi", ago=None):
    if not c.get("Namespace", "", "elastic-system"):
        c.ns("elastic-system", ago=c.age - c.r.randint(5, 40) * D)
        c.sa("elastic-system", "elastic-operator")
        c.sts("elastic-system", "elastic-operator", [ctr("manager", "docker.elastic.co/eck/eck-operator:2.12.1", args=["manager", "--config=/conf/eck.yaml"],
                                                         ports=[("https-webhook", 9443)], req={"cpu": "100m", "memory": "150Mi"}, lim={"cpu": "1", "memory": "1Gi"})],
              1, "elastic-operator", labels={"control-plane": "elastic-operator"}, sa="elastic-operator")
        c.svc("elastic-system", "elastic-webhook-server", [("https", 443, 9443)], sel={"control-plane": "elastic-operator"})
    c.ns(ns, ago=c.age - c.r.randint(5, 60) * D)
    own = c.crd("elasticsearch.k8s.elastic.co/v1", "Elasticsearch", ns, name)
    lab = {"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name, "elasticsearch.k8s.elastic.co/statefulset-name": name + "-es-default"}
    for sname in ("%s-es-elastic-user" % name, "%s-es-http-certs-internal" % name, "%s-es-transport-ca-internal" % name, "%s-es-internal-users" % name):
        c.secret(ns, sname, ["elastic"] if "user" in sname and "internal" not in sname else ["tls.crt", "tls.key", "ca.crt"] if "certs" in sname or "ca" in sname else ["elastic-internal", "elastic-internal-monitoring"],
                 labels={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name}, owner=own, ago=ago)
    s, pods, pvcs = c.sts(ns, name + "-es-default", [ctr("elasticsearch", "docker.elastic.co/elasticsearch/elasticsearch:8.13.4",
                                                         env=[fref("POD_IP", "status.podIP"), fref("POD_NAME", "metadata.name"), fref("NODE_NAME", "spec.nodeName"), fref("NAMESPACE", "metadata.namespace"),
                                                              ("PROBE_PASSWORD_PATH", "/mnt/elastic-internal/pod-mounted-users/elastic-internal-probe"), ("PROBE_USERNAME", "elastic-internal-probe"),
                                                              ("READINESS_PROBE_PROTOCOL", "https"), ("HEADLESS_SERVICE_NAME", name + "-es-default"), ("NSS_SDB_USE_CACHE", "no")],
                                                         ports=[("https", 9200), ("transport", 9300)], req={"cpu": "1", "memory": "4Gi"}, lim={"memory": "4Gi"},
                                                         ready=exec_probe(["bash", "-c", "/mnt/elastic-internal/scripts/readiness-port-script.sh"], delay=10, period=5, timeout=5, fail=3),
                                                         mounts=[("elasticsearch-data", "/usr/share/elasticsearch/data"), ("elasticsearch-logs", "/usr/share/elasticsearch/logs")])],
                          nodes_n, name + "-es-default", labels=lab, sel={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name,
                                                                         "elasticsearch.k8s.elastic.co/statefulset-name": name + "-es-default"},
                          owner=own, ago=ago, pmp="Parallel", vols=[vol_empty("elasticsearch-logs")],
                          vct=[{"name": "elasticsearch-data", "size": size, "sc": sc}], psc={"fsGroup": 1000}, tgp=180,
                          init=[ctr("elastic-internal-init-filesystem", "docker.elastic.co/elasticsearch/elasticsearch:8.13.4", command=["bash", "-c", "/mnt/elastic-internal/scripts/prepare-fs.sh"],
                                    req={"cpu": "100m", "memory": "50Mi"}, lim={"cpu": "100m", "memory": "50Mi"}),
                                ctr("elastic-internal-suspend", "docker.elastic.co/elasticsearch/elasticsearch:8.13.4", command=["bash", "-c", "/mnt/elastic-internal/scripts/suspend.sh"],
                                    req={"cpu": "100m", "memory": "50Mi"}, lim={"cpu": "100m", "memory": "50Mi"})])
    for sv, hl in (("%s-es-http" % name, False), ("%s-es-internal-http" % name, False), ("%s-es-transport" % name, True), ("%s-es-default" % name, True)):
        c.svc(ns, sv, [("https", 9200, 9200)] if "http" in sv else [("tls-transport", 9300, 9300)], sel={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name} if sv != "%s-es-default" % name else lab,
              headless=hl, labels={"common.k8s.elastic.co/type": "elasticsearch", "elasticsearch.k8s.elastic.co/cluster-name": name}, owner=own, ago=ago, pnra=(sv == "%s-es-default" % name))
    kown = c.crd("kibana.k8s.elastic.co/v1", "Kibana", ns, name)
    klab = {"common.k8s.elastic.co/type": "kibana", "kibana.k8s.elastic.co/name": name}
    c.deploy(ns, name + "-kb", [ctr("kibana", "docker.elastic.co/kibana/kibana:8.13.4", ports=[("https", 5601)], req={"cpu": "100m", "memory": "1Gi"}, lim={"memory": "1Gi"},
                                    ready=http_probe("/login", 5601, scheme="HTTPS", delay=10, period=10, timeout=5))],
             labels=klab, owner=kown, ago=ago)
    c.svc(ns, name + "-kb-http", [("https", 5601, 5601)], sel=klab, labels=klab, owner=kown, ago=ago)
    return pods


def strimzi_stack(c, ns, name, sc, brokers=3, zk=3, size="100Gi", ago=None):
    if not c.get("Namespace", "", "strimzi"):
        c.ns("strimzi", ago=c.age - c.r.randint(5, 40) * D)
        c.sa("strimzi", "strimzi-cluster-operator")
        simple_deploy(c, "strimzi", "strimzi-cluster-operator", "quay.io/strimzi/operator:0.41.0", labels={"name": "strimzi-cluster-operator", "strimzi.io/kind": "cluster-operator"},
                      port=[("http", 8080)], probe=("/healthy", "http", "/ready"), svc=False, sa="strimzi-cluster-operator", req={"cpu": "200m", "memory": "384Mi"}, lim={"cpu": "1", "memory": "384Mi"})
    c.ns(ns, ago=c.age - c.r.randint(5, 60) * D)
    ago = ago or c.r.randint(20, 200) * D
    pods = []
    for comp, n, img in (("zookeeper", zk, "quay.io/strimzi/kafka:0.41.0-kafka-3.7.0"), ("kafka", brokers, "quay.io/strimzi/kafka:0.41.0-kafka-3.7.0")):
        sps = c.crd("core.strimzi.io/v1beta2", "StrimziPodSet", ns, "%s-%s" % (name, comp))
        c.sa(ns, "%s-%s" % (name, comp), ago=ago)
        for i in range(n):
            pn = "%s-%s-%d" % (name, comp, i)
            node = c.place()
            c.pvc(ns, "data-%s" % pn, size if comp == "kafka" else "10Gi", sc, node=node, ago=ago - 50,
                  labels={"app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "strimzi-cluster-operator", "app.kubernetes.io/name": comp,
                          "strimzi.io/cluster": name, "strimzi.io/kind": "Kafka", "strimzi.io/name": "%s-%s" % (name, comp)})
            lab = {"app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "strimzi-cluster-operator", "app.kubernetes.io/name": comp,
                   "app.kubernetes.io/part-of": "strimzi-" + name, "statefulset.kubernetes.io/pod-name": pn, "strimzi.io/cluster": name,
                   "strimzi.io/component-type": comp, "strimzi.io/controller": "strimzipodset", "strimzi.io/controller-name": "%s-%s" % (name, comp),
                   "strimzi.io/kind": "Kafka", "strimzi.io/name": "%s-%s" % (name, comp), "strimzi.io/pod-name": pn}
            if comp == "kafka":
                lab["strimzi.io/broker-role"] = "true"
            spec = c.podspec([ctr(comp, img, command=["/opt/kafka/%s_run.sh" % comp], env=[("KAFKA_METRICS_ENABLED", "false"), ("STRIMZI_KAFKA_GC_LOG_ENABLED", "false")],
                                  ports=[("tcp-replication", 9091), ("tcp-clients", 9092), ("tcp-clientstls", 9093)] if comp == "kafka" else [("tcp-clients", 2181), ("tcp-clustering", 2888), ("tcp-election", 3888)],
                                  req={"cpu": "500m", "memory": "2Gi"}, lim={"memory": "2Gi"},
                                  live=exec_probe(["/opt/kafka/%s_liveness.sh" % comp], delay=15, timeout=5), ready=exec_probe(["/opt/kafka/%s_readiness.sh" % comp] if comp == "kafka" else ["/opt/kafka/zookeeper_healthcheck.sh"], delay=15, timeout=5),
                                  mounts=[("data", "/var/lib/%s/data" % comp), ("%s-metrics-and-logging" % comp, "/opt/kafka/custom-config/")])],
                             vols=[vol_pvc("data", "data-" + pn), vol_cm("%s-metrics-and-logging" % comp, pn)], sa="%s-%s" % (name, comp),
                             extra={"hostname": pn, "subdomain": "%s-%s" % (name, "brokers" if comp == "kafka" else "zookeeper-nodes")})
            c.cm(ns, pn, {"log4j.properties": "log4j.rootLogger=INFO, CONSOLE\n", "server.config" if comp == "kafka" else "zookeeper.node-id": "" if comp == "kafka" else str(i + 1)}, ago=ago - 40)
            pods.append(c.pod(ns, pn, spec, node, labels=lab, owner=sps, ago=c.r.randint(2 * D, 40 * D),
                              ann={"strimzi.io/revision": c.hexs(8), "strimzi.io/server-cert-hash": c.hexs(8)}))
    kown = c.crd("kafka.strimzi.io/v1beta2", "Kafka", ns, name)
    base = {"strimzi.io/cluster": name, "strimzi.io/kind": "Kafka"}
    c.svc(ns, name + "-kafka-bootstrap", [("tcp-replication", 9091, 9091), ("tcp-clients", 9092, 9092), ("tcp-clientstls", 9093, 9093)], sel=dict(base, **{"strimzi.io/broker-role": "true"}), owner=kown, ago=ago)
    c.svc(ns, name + "-kafka-brokers", [("tcp-replication", 9091, 9091), ("tcp-clients", 9092, 9092)], sel=dict(base, **{"strimzi.io/broker-role": "true"}), headless=True, pnra=True, owner=kown, ago=ago)
    c.svc(ns, name + "-zookeeper-client", [("tcp-clients", 2181, 2181)], sel=dict(base, **{"strimzi.io/name": name + "-zookeeper"}), owner=kown, ago=ago)
    c.svc(ns, name + "-zookeeper-nodes", [("tcp-clients", 2181, 2181), ("tcp-clustering", 2888, 2888), ("tcp-election", 3888, 3888)], sel=dict(base, **{"strimzi.io/name": name + "-zookeeper"}),
          headless=True, pnra=True, owner=kown, ago=ago)
    c.sa(ns, name + "-entity-operator", ago=ago)
    c.deploy(ns, name + "-entity-operator", [ctr("topic-operator", "quay.io/strimzi/operator:0.41.0", args=["/opt/strimzi/bin/topic_operator_run.sh"], ports=[("healthcheck", 8080)],
                                                 live=http_probe("/healthy", "healthcheck", delay=10, timeout=5), ready=http_probe("/ready", "healthcheck", delay=10, timeout=5)),
                                             ctr("user-operator", "quay.io/strimzi/operator:0.41.0", args=["/opt/strimzi/bin/user_operator_run.sh"], ports=[("healthcheck", 8081)],
                                                 live=http_probe("/healthy", "healthcheck", delay=10, timeout=5), ready=http_probe("/ready", "healthcheck", delay=10, timeout=5))],
             labels={"app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "strimzi-cluster-operator", "app.kubernetes.io/name": "entity-operator",
                     "strimzi.io/cluster": name, "strimzi.io/component-type": "entity-operator", "strimzi.io/kind": "Kafka", "strimzi.io/name": name + "-entity-operator"},
             sel={"strimzi.io/cluster": name, "strimzi.io/kind": "Kafka", "strimzi.io/name": name + "-entity-operator"}, sa=name + "-entity-operator", owner=kown, ago=ago)
    return pods


# ================================================================= app tiers & noise
def micro(c, ns, name, image, replicas=2, port=8080, env=None, envFrom=None, req=None, lim=None, ago=None, sa=None, vols=None, mounts=None,
          init=None, part=None, revision=None, tmp="FallbackToLogsOnError", live=True, ready=True, svc=True, svc_port=80, labels_extra=None,
          probe_paths=("/healthz", "/ready"), nodes=None, old_ctrs=None, old_pods=0, pod_ago=None, old_ago=None, strategy=None, tol=None, nsel=None, pann=None):
    sel = {"app.kubernetes.io/name": name, "app.kubernetes.io/instance": name}
    lab = dict(sel, **{"app.kubernetes.io/part-of": part or ns, "app.kubernetes.io/version": image.rsplit(":", 1)[-1][:40]})
    lab.update(labels_extra or {})
    if sa and not c.get("ServiceAccount", ns, sa):
        c.sa(ns, sa, ago=ago)
    cont = ctr(name, image, ports=[("http", port)] if port else None, env=env, envFrom=envFrom,
               req=req or {"cpu": "100m", "memory": "256Mi"}, lim=lim or {"memory": "512Mi"},
               live=http_probe(probe_paths[0], "http", delay=20, period=15, fail=3) if (live and port) else None,
               ready=http_probe(probe_paths[1], "http", delay=5, period=10, fail=3) if (ready and port) else None,
               mounts=mounts, tmp=tmp, sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "readOnlyRootFilesystem": True, "runAsNonRoot": True})
    dep = c.deploy(ns, name, [cont], replicas=replicas, labels=lab, sel=sel, ago=ago, sa=sa, vols=vols, init=init, revision=revision,
                   nodes=nodes, old_ctrs=old_ctrs, old_pods=old_pods, pod_ago=pod_ago, old_ago=old_ago, strategy=strategy, tol=tol, nsel=nsel,
                   pann=pann, dlabels=lab, psc={"fsGroup": 2000, "runAsGroup": 3000, "runAsUser": 1000, "seccompProfile": {"type": "RuntimeDefault"}})
    if svc and port:
        c.svc(ns, name, [("http", svc_port, "http")], sel=sel, labels=lab, ago=ago)
    return dep


def noise_restarts(c, k, exclude_ns=(), min_ago=6 * H):
    cands = [p for p in c.items["pods"] if p["status"].get("phase") == "Running" and p["metadata"]["namespace"] not in exclude_ns
             and all(cs.get("restartCount", 0) == 0 and "running" in cs.get("state", {}) for cs in p["status"].get("containerStatuses", []))
             and c.ctime(p) > min_ago + 2 * H]
    c.r.shuffle(cands)
    out = []
    for p in cands[:k]:
        cs = c.r.choice(p["status"]["containerStatuses"])
        age = c.ctime(p)
        fin = c.r.randint(int(min_ago), int(max(min_ago + 1, age - H)))
        kind = c.r.choice(["oom", "err", "err", "probe", "node"])
        if kind == "oom":
            c.restarted(p, cs["name"], c.r.randint(1, 3), fin, 137, "OOMKilled")
        elif kind == "err":
            c.restarted(p, cs["name"], c.r.randint(1, 5), fin, c.r.choice([1, 2, 255]), "Error")
        elif kind == "probe":
            c.restarted(p, cs["name"], c.r.randint(1, 2), fin, 137, "Error")
        else:
            c.restarted(p, cs["name"], 1, fin, 255, "Unknown")
        out.append(p)
    return out


def noise_evicted(c, rs, node, ago, resource="memory", cname=None):
    """A Failed/Evicted pod that belonged to a live ReplicaSet."""
    ns = rs["metadata"]["namespace"]
    spec = copy.deepcopy(rs["spec"]["template"]["spec"])
    p = c.pod(ns, "%s-%s" % (rs["metadata"]["name"], c.sfx(5)), spec, node, labels=rs["spec"]["template"]["metadata"]["labels"],
              owner=c.oref(rs), ago=ago, gen_name=rs["metadata"]["name"] + "-")
    cn = cname or spec["containers"][0]["name"]
    if resource == "memory":
        msg = "The node was low on resource: memory. Threshold quantity: 100Mi, available: %dKi. Container %s was using %dKi, request is %s, has larger consumption of memory. " % (
            c.r.randint(60000, 99000), cn, c.r.randint(600000, 2400000), spec["containers"][0].get("resources", {}).get("requests", {}).get("memory", "0"))
    else:
        msg = "The node was low on resource: ephemeral-storage. Threshold quantity: %d, available: %dKi. Container %s was using %dKi, request is 0, has larger consumption of ephemeral-storage. " % (
            c.r.randint(8, 12) * 10 ** 9, c.r.randint(5000000, 9000000), cn, c.r.randint(3000000, 12000000))
    st = p["status"]
    t_ev = ago - c.r.randint(2 * H, 20 * H)
    st["phase"] = "Failed"
    st["reason"] = "Evicted"
    st["message"] = msg
    for cs in st["containerStatuses"]:
        cs["state"] = {"terminated": {"exitCode": 137, "finishedAt": None, "message": "The container could not be located when the pod was terminated",
                                      "reason": "ContainerStatusUnknown", "startedAt": None}}
        cs["lastState"] = {}
        cs["ready"] = False
        cs["started"] = False
        cs.pop("containerID", None)
        cs["imageID"] = ""
    c.fix_conditions(p, trans=t_ev)
    st["conditions"].insert(0, {"type": "DisruptionTarget", "status": "True", "reason": "TerminationByKubelet", "message": msg.strip(),
                                "lastProbeTime": None, "lastTransitionTime": c.ts(t_ev)})
    ip = st.get("podIP")
    if ip:
        c.ninfo[node]["used"].discard(ip)
    return p


def noise_events(c, recent_jobs=True, extra=()):
    """Routine, harmless events: finished cron jobs, probe hiccups that recovered, image pulls."""
    for j in c.items["jobs"]:
        st = j["status"]
        if not st.get("completionTime"):
            continue
        done = c.ctime({"metadata": {"creationTimestamp": st["completionTime"]}})
        if done > 55 * M:
            continue
        start = c.ctime(j)
        owner = [o for o in j["metadata"].get("ownerReferences", []) if o["kind"] == "CronJob"]
        pods = [p for p in c.items["pods"] if any(o["uid"] == j["metadata"]["uid"] for o in p["metadata"].get("ownerReferences", []))]
        for p in pods:
            c.ev(j, "SuccessfulCreate", "Created pod: %s" % p["metadata"]["name"], comp="job-controller", first=start)
            c.pod_start_events(p, c.ctime(p) - 1, pulled=c.r.random() < 0.3)
        c.ev(j, "Completed", "Job completed", comp="job-controller", first=done)
        if owner:
            cj = c.get("CronJob", j["metadata"]["namespace"], owner[0]["name"])
            c.ev(cj, "SuccessfulCreate", "Created job %s" % j["metadata"]["name"], comp="cronjob-controller", first=start)
            c.ev(cj, "SawCompletedJob", "Saw completed job: %s, status: Complete" % j["metadata"]["name"], comp="cronjob-controller", first=done - 1)
    for p in noise_restarts_targets(c):
        pass


def noise_restarts_targets(c):
    return []


def old_probe_blips(c, k=2):
    """Warning events from a few hours ago on pods that are healthy now (already recovered)."""
    cands = [p for p in c.items["pods"] if p["status"].get("phase") == "Running" and any(cs.get("restartCount", 0) > 0 for cs in p["status"].get("containerStatuses", []))
             and all(cs.get("ready") for cs in p["status"].get("containerStatuses", []))]
    c.r.shuffle(cands)
    for p in cands[:k]:
        cs = [x for x in p["status"]["containerStatuses"] if x.get("restartCount", 0) > 0][0]
        lt = cs["lastState"].get("terminated")
        if not lt:
            continue
        fin = c.ctime({"metadata": {"creationTimestamp": lt["finishedAt"]}})
        if fin > 20 * H:
            continue
        spec = [x for x in p["spec"]["containers"] if x["name"] == cs["name"]][0]
        fp = "spec.containers{%s}" % cs["name"]
        node = p["spec"].get("nodeName")
        if lt["reason"] == "OOMKilled":
            c.ev(p, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (cs["name"], p["metadata"]["name"], p["metadata"]["namespace"], p["metadata"]["uid"]),
                 "Warning", host=node, first=fin - 5, last=fin - 5, fp=fp)
        elif spec.get("readinessProbe", {}).get("httpGet"):
            hp = spec["readinessProbe"]["httpGet"]
            port = hp["port"] if isinstance(hp["port"], int) else [x["containerPort"] for x in spec.get("ports", []) if x.get("name") == hp["port"]][0] if spec.get("ports") else 8080
            c.ev(p, "Unhealthy", 'Readiness probe failed: Get "http://%s:%s%s": context deadline exceeded (Client.Timeout exceeded while awaiting headers)' % (
                p["status"].get("podIP"), port, hp["path"]), "Warning", host=node, first=fin + 120, last=fin + 10, count=c.r.randint(2, 9), fp=fp)
        c.ev(p, "Pulled", 'Container image "%s" already present on machine' % spec["image"], host=node, first=fin - 1, fp=fp)


# ================================================================= fillers (healthy tenants)
def filler(c, kind, ns, sc, domain="example.com"):
    c.ns(ns, ago=c.age - c.r.randint(2, 60) * D, labels={"team": ns.split("-")[0]})
    c.extra.setdefault("fillers", []).append((kind, ns))
    if kind == "web":
        rd = redis_bitnami(c, ns, "session-cache" if c.r.random() < 0.5 else "redis", sc, replicas=0, size="2Gi")
        api = micro(c, ns, c.r.choice(["bff", "gateway-api", "web-api", "edge-api"]), "ghcr.io/acme-%s/%s:%s" % (ns, "bff", c.r.choice(["2.14.1", "1.9.0", "3.0.7"])), replicas=2,
                    env=[("REDIS_HOST", rd["host"]), ("LOG_LEVEL", "info")], envFrom=[{"secretRef": {"name": rd["fn"]}}])
        fe = micro(c, ns, c.r.choice(["frontend", "web", "storefront", "portal"]), "docker.io/library/nginx:1.25.5-alpine", replicas=2, port=8080,
                   probe_paths=("/", "/"), mounts=[("conf", "/etc/nginx/conf.d", True), ("cache", "/var/cache/nginx"), ("run", "/var/run")],
                   vols=[vol_cm("conf", ns + "-nginx"), vol_empty("cache"), vol_empty("run")])
        c.cm(ns, ns + "-nginx", {"default.conf": "server {\n  listen 8080;\n  location / { root /usr/share/nginx/html; try_files $uri /index.html; }\n  location /api/ { proxy_pass http://%s; }\n}\n" % api[0]["metadata"]["name"]})
        c.secret(ns, ns + "-tls", ["tls.crt", "tls.key"], typ="kubernetes.io/tls", ann={"cert-manager.io/certificate-name": ns + "-tls", "cert-manager.io/issuer-kind": "ClusterIssuer", "cert-manager.io/issuer-name": "letsencrypt-prod"})
        c.ingress(ns, fe[0]["metadata"]["name"], "%s.%s" % (ns, domain), fe[0]["metadata"]["name"], 80, tls=ns + "-tls",
                  ann={"cert-manager.io/cluster-issuer": "letsencrypt-prod", "nginx.ingress.kubernetes.io/proxy-body-size": "8m"}, lb={"ip": "203.0.113.%d" % c.r.randint(10, 250)})
        return
    if kind == "keycloak":
        pg = pg_bitnami(c, ns, "keycloak", sc, size="8Gi", db="bitnami_keycloak", user="bn_keycloak")
        lab = {"app.kubernetes.io/component": "keycloak", "app.kubernetes.io/instance": "keycloak", "app.kubernetes.io/name": "keycloak"}
        c.secret(ns, "keycloak", ["admin-password"])
        c.sts(ns, "keycloak", [ctr("keycloak", "docker.io/bitnami/keycloak:24.0.5-debian-12-r0", ports=[("http", 8080), ("infinispan", 7800)],
                                   env=[("KUBERNETES_NAMESPACE", ns), ("KEYCLOAK_ADMIN", "user"), sref("keycloak", "admin-password", "KEYCLOAK_ADMIN_PASSWORD"),
                                        ("KEYCLOAK_DATABASE_HOST", pg["host"]), ("KEYCLOAK_DATABASE_PORT", "5432"), ("KEYCLOAK_DATABASE_NAME", "bitnami_keycloak"),
                                        ("KEYCLOAK_DATABASE_USER", "bn_keycloak"), sref(pg["secret"], "password", "KEYCLOAK_DATABASE_PASSWORD"), ("KEYCLOAK_CACHE_TYPE", "ispn"),
                                        ("KEYCLOAK_CACHE_STACK", "kubernetes"), ("JAVA_OPTS_APPEND", "-Djgroups.dns.query=keycloak-headless.%s.svc.cluster.local" % ns)],
                                   req={"cpu": "500m", "memory": "1Gi"}, lim={"cpu": "2", "memory": "2Gi"},
                                   live=http_probe("/", "http", delay=300, period=1, timeout=5, fail=3), ready=http_probe("/realms/master", "http", delay=30, period=10, timeout=1))],
              2, "keycloak-headless", labels=lab, sa="keycloak", psc=BITNAMI_PSC, pmp="Parallel")
        c.svc(ns, "keycloak", [("http", 80, "http")], sel=lab)
        c.svc(ns, "keycloak-headless", [("http", 8080, "http")], sel=lab, headless=True, pnra=True)
        c.ingress(ns, "keycloak", "sso.%s" % domain, "keycloak", "http", tls="keycloak-tls", lb={"ip": "203.0.113.%d" % c.r.randint(10, 250)})
        c.secret(ns, "keycloak-tls", ["tls.crt", "tls.key", "ca.crt"], typ="kubernetes.io/tls")
        return
    if kind == "rabbit":
        lab = {"app.kubernetes.io/instance": "rabbitmq", "app.kubernetes.io/name": "rabbitmq"}
        c.helm_secret(ns, "rabbitmq")
        c.secret(ns, "rabbitmq", ["rabbitmq-erlang-cookie", "rabbitmq-password"])
        c.cm(ns, "rabbitmq-config", {"rabbitmq.conf": "## Username and password\ndefault_user = user\n## Clustering\ncluster_formation.peer_discovery_backend  = rabbit_peer_discovery_k8s\ncluster_formation.k8s.host = kubernetes.default\ncluster_formation.k8s.address_type = hostname\ncluster_formation.k8s.service_name = rabbitmq-headless\nqueue_master_locator = min-masters\nloopback_users.guest = false\n"})
        c.sts(ns, "rabbitmq", [ctr("rabbitmq", "docker.io/bitnami/rabbitmq:3.13.3-debian-12-r0", ports=[("amqp", 5672), ("dist", 25672), ("stats", 15672), ("epmd", 4369), ("metrics", 9419)],
                                   env=[("RABBITMQ_FORCE_BOOT", "no"), sref("rabbitmq", "rabbitmq-password", "RABBITMQ_PASSWORD"), sref("rabbitmq", "rabbitmq-erlang-cookie", "RABBITMQ_ERL_COOKIE")],
                                   req={"cpu": "250m", "memory": "512Mi"}, lim={"cpu": "1", "memory": "1Gi"},
                                   live=exec_probe(["sh", "-ec", "curl -f --user user:$RABBITMQ_PASSWORD 127.0.0.1:15672/api/health/checks/virtual-hosts"], delay=120, period=30, timeout=20, fail=6),
                                   ready=exec_probe(["sh", "-ec", "curl -f --user user:$RABBITMQ_PASSWORD 127.0.0.1:15672/api/health/checks/local-alarms"], delay=10, period=30, timeout=20, fail=3),
                                   mounts=[("configuration", "/bitnami/rabbitmq/conf"), ("data", "/bitnami/rabbitmq/mnesia")], sc=BITNAMI_CSC)],
              3, "rabbitmq-headless", labels=lab, sa="rabbitmq", vols=[vol_cm("configuration", "rabbitmq-config")], vct=[{"name": "data", "size": "8Gi", "sc": sc}],
              psc=BITNAMI_PSC, pmp="OrderedReady")
        c.svc(ns, "rabbitmq", [("amqp", 5672, "amqp"), ("http-stats", 15672, "stats")], sel=lab)
        c.svc(ns, "rabbitmq-headless", [("epmd", 4369, "epmd"), ("amqp", 5672, "amqp"), ("dist", 25672, "dist")], sel=lab, headless=True, pnra=True)
        for w in c.r.sample(["mailer", "sms-sender", "push-worker", "webhook-dispatcher", "digest-builder"], 2):
            micro(c, ns, w, "ghcr.io/acme-%s/%s:%s" % (ns, w, c.r.choice(["1.4.2", "0.9.11", "2.2.0"])), replicas=c.r.choice([1, 2]), port=9090,
                  env=[("AMQP_URL", "amqp://user@rabbitmq.%s.svc:5672/" % ns), sref("rabbitmq", "rabbitmq-password", "AMQP_PASSWORD")], svc=False,
                  probe_paths=("/healthz", "/healthz"))
        return
    if kind == "reports":
        pg = pg_bitnami(c, ns, "reporting-db", sc, size="50Gi", db="reports", user="reports")
        micro(c, ns, "reports-api", "ghcr.io/acme-bi/reports-api:%s" % c.r.choice(["5.2.0", "5.3.1"]), replicas=2,
              env=[("DB_HOST", pg["host"]), ("DB_NAME", "reports"), ("DB_USER", "reports"), sref(pg["secret"], "password", "DB_PASSWORD")])
        c.cronjob(ns, "daily-rollup", "15 2 * * *", [ctr("rollup", "ghcr.io/acme-bi/rollup:5.2.0", args=["--date=yesterday"],
                                                         env=[("DB_HOST", pg["host"]), sref(pg["secret"], "password", "DB_PASSWORD")])],
                  D, (c.T.hour * 3600 + c.T.minute * 60 - 2 * H - 15 * M) % D or D, hist=3, dur=c.r.randint(300, 900))
        return
    if kind == "search":
        eck_stack(c, ns, c.r.choice(["search", "catalog-search", "logs"]), sc, nodes_n=3)
        return
    if kind == "kafka":
        strimzi_stack(c, ns, c.r.choice(["events", "main", "bus"]), sc, brokers=3, zk=3)
        return
    if kind == "minio":
        lab = {"app": "minio", "release": "minio"}
        c.secret(ns, "minio", ["rootPassword", "rootUser"])
        c.sts(ns, "minio", [ctr("minio", "quay.io/minio/minio:RELEASE.2024-05-10T01-41-38Z", command=["/bin/sh", "-ce", "/usr/bin/docker-entrypoint.sh minio server http://minio-{0...3}.minio-svc.%s.svc/export-{0...1} -S /etc/minio/certs/ --address :9000 --console-address :9001" % ns],
                                ports=[("http", 9000), ("http-console", 9001)], env=[sref("minio", "rootUser", "MINIO_ROOT_USER"), sref("minio", "rootPassword", "MINIO_ROOT_PASSWORD")],
                                req={"cpu": "250m", "memory": "1Gi"}, mounts=[("export-0", "/export-0"), ("export-1", "/export-1")])],
              4, "minio-svc", labels=lab, sa="minio-sa", pmp="Parallel", vct=[{"name": "export-0", "size": "100Gi", "sc": sc}, {"name": "export-1", "size": "100Gi", "sc": sc}])
        c.svc(ns, "minio", [("http", 9000, 9000)], sel=lab)
        c.svc(ns, "minio-svc", [("http", 9000, 9000)], sel=lab, headless=True, pnra=True)
        c.svc(ns, "minio-console", [("http", 9001, 9001)], sel=lab)
        return
    if kind == "batch":
        for nm, sched, per in (("invoice-export", "*/30 * * * *", 1800), ("cache-warmer", "*/15 * * * *", 900), ("gdpr-purge", "0 3 * * *", D)):
            if c.r.random() < 0.75:
                c.cronjob(ns, nm, sched, [ctr(nm, "ghcr.io/acme-ops/%s:%s" % (nm, c.r.choice(["1.0.3", "2.1.0"])), args=["run"])], per,
                          c.r.randint(60, per - 60) if per < D else c.r.randint(3 * H, 20 * H), hist=3 if per < D else 2, dur=c.r.randint(20, 200))
        return
    raise ValueError(kind)


# ================================================================= fault helpers
def crash_events(c, p, cname, since, restarts, pull=False):
    node = p["spec"]["nodeName"]
    fp = "spec.containers{%s}" % cname
    img = [x for x in p["spec"]["containers"] if x["name"] == cname][0]["image"]
    since = min(since, c.ctime(p) - 2)
    last = c.r.randint(20, 200)
    c.ev(p, "Pulled", 'Container image "%s" already present on machine' % img, host=node, first=since, last=last + 5, count=restarts + (0 if pull else 1), fp=fp)
    c.ev(p, "Created", "Created container %s" % cname, host=node, first=since - 1, last=last + 4, count=restarts + 1, fp=fp)
    c.ev(p, "Started", "Started container %s" % cname, host=node, first=since - 1, last=last + 4, count=restarts + 1, fp=fp)
    c.ev(p, "BackOff", "Back-off restarting failed container %s in pod %s_%s(%s)" % (cname, p["metadata"]["name"], p["metadata"]["namespace"], p["metadata"]["uid"]),
         "Warning", host=node, first=since - 20, last=c.r.randint(2, 40), count=restarts * c.r.randint(3, 9), fp=fp)


def crash_pods(c, pods, cname, msg, since, restarts=(6, 25), exit_code=1, reason="Error", events=True):
    for p in pods:
        since_p = min(since, c.ctime(p) - 5)
        r = max(1, min(c.r.randint(*restarts), int(since_p // 300) + 3))
        fin = c.r.randint(15, 280)
        c.crashloop(p, cname, r, exit_code, reason, msg, (fin + c.r.randint(1, 35), fin), since=since_p)
        if events:
            crash_events(c, p, cname, since_p, r)


def pend(c, pod, msg, since, events=True):
    c.unschedulable(pod, msg, since)
    if events:
        n = max(1, int(since // 300))
        c.ev(pod, "FailedScheduling", msg, "Warning", comp="default-scheduler", first=since, last=c.r.randint(10, 290), count=min(n, 40))


def unready_events(c, p, cname, msg, since, count=None):
    c.ev(p, "Unhealthy", msg, "Warning", host=p["spec"]["nodeName"], first=min(since, c.ctime(p) - 3), last=c.r.randint(1, 9),
         count=count or max(2, int(min(since, c.ctime(p)) // 10)), fp="spec.containers{%s}" % cname)


def rollout_events(c, dep, new_rs, old_rs, first, scaled_to=None):
    n = dep["spec"]["replicas"]
    c.ev(dep, "ScalingReplicaSet", "Scaled up replica set %s to %d" % (new_rs["metadata"]["name"], scaled_to or 1), comp="deployment-controller", first=first)
    for p in [p for p in c.items["pods"] if any(o["uid"] == new_rs["metadata"]["uid"] for o in p["metadata"].get("ownerReferences", []))]:
        c.ev(new_rs, "SuccessfulCreate", "Created pod: %s" % p["metadata"]["name"], comp="replicaset-controller", first=c.ctime(p))


# ================================================================= incidents
def node_ev(c, name, reason, msg, first, comp="node-controller", typ="Normal", uid=None, count=1, last=None):
    n = c.get("Node", "", name)
    if n is not None:
        return c.ev(n, reason, msg, typ, comp=comp, host=name if comp == "kubelet" else None, first=first, last=last, count=count)
    return c.ev(None, reason, msg, typ, comp=comp, host=name if comp == "kubelet" else None, first=first, last=last, count=count,
                kind="Node", api="v1", name=name, uid=uid or name, ns="")


def truth(c, fault, symptom, kind, ns, name, expl):
    return {"id": c.iid, "fault": fault, "symptom": symptom,
            "root_cause": {"kind": kind, "namespace": ns, "name": name}, "explanation": expl}


DB_TAINT = [{"effect": "NoSchedule", "key": "workload", "value": "database"}]
DB_TOL = [{"effect": "NoSchedule", "key": "workload", "operator": "Equal", "value": "database"}]


def k01():
    c = Cluster("k4-01", 4101, "2024-05-14T09:41:27Z", "eks", "v1.29.3-eks-ae9a62a", 412)
    plat_eks(c, "shop-prod", "eu-west-1", [("general-m6i", 4, "m6i.2xlarge", 8, 32),
                                           ("db-r6i", 2, "r6i.2xlarge", 8, 64, DB_TAINT, {"workload": "database"}),
                                           ("db-r6i", 1, "r6i.2xlarge", 8, 64, DB_TAINT, {"workload": "database"}, 27 * M)])
    c.sc("gp3", "ebs.csi.aws.com", {"csi.storage.k8s.io/fstype": "ext4", "encrypted": "true", "type": "gp3"}, binding="WaitForFirstConsumer", default=True, ago=c.age - 10 * D)
    add_monitoring(c, sc="gp3")
    add_ingress_nginx(c, lb={"hostname": "k8s-ingressn-ingressn-%s-%s.elb.eu-west-1.amazonaws.com" % (c.hexs(10), c.hexs(16))})
    add_cert_manager(c)
    add_external_secrets(c)
    op, ors, _ = cnpg_operator(c, replicas=0, ago=180 * D)
    dbn = [n for n in c.node_order if c.ninfo[n]["obj"]["metadata"]["labels"].get("workload") == "database"]
    newn = dbn[2]
    c.ns("orders-db", ago=300 * D)
    cl = cnpg_cluster(c, "orders-db", "orders-pg", "gp3", n=3, size="200Gi", primary=1, nodes=[newn, dbn[0], dbn[1]], skip=(1,), ago=240 * D,
                      tol=DB_TOL, nsel={"workload": "database"}, req={"cpu": "2", "memory": "8Gi"}, lim={"cpu": "4", "memory": "16Gi"})
    c.ns("billing", ago=200 * D)
    cnpg_cluster(c, "billing", "billing-pg", "gp3", n=2, size="50Gi", nodes=[dbn[1], dbn[0]], ago=150 * D, tol=DB_TOL, nsel={"workload": "database"},
                 req={"cpu": "500m", "memory": "2Gi"}, lim={"cpu": "1", "memory": "4Gi"})
    micro(c, "billing", "invoicing", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/billing/invoicing:2024.05.02-1", replicas=2,
          env=[("PGHOST", "billing-pg-rw.billing.svc.cluster.local"), sref("billing-pg-app", "password", "PGPASSWORD"), sref("billing-pg-app", "username", "PGUSER")])
    # lost primary: node retired by EC2, pod gone
    ghost_node = "ip-10-0-7-88.eu-west-1.compute.internal"
    c.ev(None, "NodeNotReady", "Node is not ready", "Warning", comp="node-controller", first=39 * M, kind="Pod", api="v1", ns="orders-db", name="orders-pg-1", uid=c.uid())
    c.ev(None, "TaintManagerEviction", "Marking for deletion Pod orders-db/orders-pg-1", comp="taint-eviction-controller", first=34 * M, kind="Pod", api="v1", ns="orders-db", name="orders-pg-1", uid=c.uid())
    node_ev(c, ghost_node, "NodeNotReady", "Node %s status is now: NodeNotReady" % ghost_node, 39 * M, uid=c.uid())
    node_ev(c, ghost_node, "RemovingNode", "Node %s event: Removing Node %s from Controller" % (ghost_node, ghost_node), 31 * M, uid=c.uid())
    node_ev(c, newn, "Starting", "Starting kubelet.", 27 * M, comp="kubelet")
    node_ev(c, newn, "NodeHasSufficientMemory", "Node %s status is now: NodeHasSufficientMemory" % newn, 27 * M, comp="kubelet", count=2)
    node_ev(c, newn, "RegisteredNode", "Node %s event: Registered Node %s in Controller" % (newn, newn), 27 * M - 4)
    node_ev(c, newn, "NodeReady", "Node %s status is now: NodeReady" % newn, 26 * M, comp="kubelet")
    # app tier
    c.ns("shop", ago=320 * D)
    c.secret("shop", "orders-db-credentials", ["password", "username"], labels={"reconcile.external-secrets.io/created-by": c.hexs(32)},
             ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)})
    c.cm("shop", "orders-api-config", {"DB_HOST": "orders-pg-rw.orders-db.svc.cluster.local", "DB_NAME": "orders", "DB_PORT": "5432", "DB_POOL_MAX": "20",
                                        "NODE_ENV": "production", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://otel-collector.monitoring:4317"})
    oa, ors2, opods = micro(c, "shop", "orders-api", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/shop/orders-api:3.18.2", replicas=3, port=3000,
                            envFrom=[{"configMapRef": {"name": "orders-api-config"}}],
                            env=[sref("orders-db-credentials", "username", "DB_USER"), sref("orders-db-credentials", "password", "DB_PASSWORD")],
                            req={"cpu": "250m", "memory": "384Mi"}, lim={"memory": "768Mi"})
    rwip = c.get("Service", "orders-db", "orders-pg-rw")["spec"]["clusterIP"]
    msg = ("Error: connect ECONNREFUSED %s:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1605:16) {\n  errno: -111,\n"
           "  code: 'ECONNREFUSED',\n  syscall: 'connect',\n  address: '%s',\n  port: 5432\n}\nNode.js v20.12.2\n") % (rwip, rwip)
    crash_pods(c, opods, "orders-api", msg, 36 * M, restarts=(9, 12))
    micro(c, "shop", "checkout", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/shop/checkout:2.7.0", replicas=2, port=8080,
          env=[("ORDERS_URL", "http://orders-api.shop.svc.cluster.local"), ("PAYMENTS_URL", "https://api.stripe.com")])
    rd = redis_bitnami(c, "shop", "cart-redis", "gp3", replicas=1, size="4Gi")
    micro(c, "shop", "cart", "123456789012.dkr.ecr.eu-west-1.amazonaws.com/shop/cart:1.22.4", replicas=2, env=[("REDIS_URL", "redis://" + rd["host"] + ":6379")])
    c.ingress("shop", "shop-api", "api.shop.example.com", "checkout", 80, tls="shop-api-tls", ann={"cert-manager.io/cluster-issuer": "letsencrypt-prod"})
    c.secret("shop", "shop-api-tls", ["tls.crt", "tls.key"], typ="kubernetes.io/tls")
    filler(c, "web", "storefront", "gp3")
    filler(c, "batch", "batch", "gp3")
    noise_restarts(c, 6, exclude_ns=("shop", "orders-db"))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "operator_scaled_to_zero_no_failover",
                    "orders-api is crashlooping with ECONNREFUSED to the orders postgres since about 9 this morning, all order writes are failing",
                    "Deployment", "cnpg-system", "cnpg-controller-manager",
                    "The CloudNativePG operator Deployment has spec.replicas=0 (scaled down, no operator pod running). When the EC2 node that "
                    "hosted the primary instance orders-pg-1 was retired ~35 min ago, nothing promoted a replica or recreated the instance "
                    "(a replacement node in the same zone is Ready and the PVC orders-pg-1 is Bound). With no pod labelled "
                    "cnpg.io/instanceRole=primary the orders-pg-rw Service has no endpoints, so orders-api gets ECONNREFUSED. "
                    "Fix: scale cnpg-controller-manager back to 1 so it fails over / recreates orders-pg-1.")


def k02():
    c = Cluster("k4-02", 4102, "2024-03-07T16:22:05Z", "kubeadm", "v1.28.7", 610)
    plat_kubeadm(c, "dc1-prod", [("k8s-cp-01", 4, 8), ("k8s-cp-02", 4, 8), ("k8s-cp-03", 4, 8)],
                 [("k8s-wrk-%02d" % i, 16, 64) for i in range(1, 6)], cni="calico", net="10.41.8.", domain=None)
    c.sc("longhorn", "driver.longhorn.io", {"dataLocality": "disabled", "fromBackup": "", "fsType": "ext4", "numberOfReplicas": "3", "staleReplicaTimeout": "30"},
         binding="Immediate", default=True, ago=c.age - 30 * D)
    c.ns("longhorn-system", ago=c.age - 30 * D)
    simple_ds(c, "longhorn-system", "longhorn-manager", "longhornio/longhorn-manager:v1.6.1", labels={"app": "longhorn-manager"}, tol=None,
              ports=[("manager", 9500)], sa="longhorn-service-account", req={"cpu": "100m", "memory": "256Mi"})
    simple_ds(c, "longhorn-system", "longhorn-csi-plugin", "longhornio/longhorn-manager:v1.6.1", labels={"app": "longhorn-csi-plugin"}, tol=None,
              sa="longhorn-service-account", extra_ctrs=[ctr("node-driver-registrar", "longhornio/csi-node-driver-registrar:v2.9.2")])
    simple_ds(c, "longhorn-system", "engine-image-ei-5cefaf2b", "longhornio/longhorn-engine:v1.6.1", labels={"longhorn.io/component": "engine-image", "longhorn.io/engine-image": "ei-5cefaf2b"}, tol=None,
              sa="longhorn-service-account")
    simple_deploy(c, "longhorn-system", "longhorn-ui", "longhornio/longhorn-ui:v1.6.1", replicas=2, labels={"app": "longhorn-ui"}, port=[("http", 8000)], probe=None,
                  sa="longhorn-ui-service-account", svc_name="longhorn-frontend")
    simple_deploy(c, "longhorn-system", "csi-provisioner", "longhornio/csi-provisioner:v3.6.2", replicas=3, labels={"app": "csi-provisioner"}, svc=False, sa="longhorn-service-account")
    add_monitoring(c, sc="longhorn")
    add_ingress_nginx(c, typ="NodePort")
    add_argocd(c)
    c.ns("catalog", ago=400 * D)
    my = mysql_bitnami(c, "catalog", "catalog-mysql", "longhorn", secondaries=1, size="40Gi", ago=380 * D)
    # service selector still uses the pre-chart-v9 component name "master"
    svc = c.get("Service", "catalog", "catalog-mysql-primary")
    svc["spec"]["selector"] = {"app.kubernetes.io/component": "master", "app.kubernetes.io/instance": "catalog-mysql", "app.kubernetes.io/name": "mysql"}
    svc["metadata"].setdefault("annotations", {})["kubectl.kubernetes.io/last-applied-configuration"] = json.dumps(
        {"apiVersion": "v1", "kind": "Service", "metadata": {"annotations": {}, "labels": {"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": "catalog-mysql"},
                                                              "name": "catalog-mysql-primary", "namespace": "catalog"},
         "spec": {"ports": [{"name": "mysql", "port": 3306, "protocol": "TCP", "targetPort": "mysql"}],
                  "selector": {"app.kubernetes.io/component": "master", "app.kubernetes.io/instance": "catalog-mysql", "app.kubernetes.io/name": "mysql"}, "type": "ClusterIP"}},
        separators=(",", ":")) + "\n"
    svc["metadata"]["resourceVersion"] = c.rv()
    # mysql pods were recreated by today's chart upgrade
    for p in my["primary"][1] + my["secondary"][1]:
        pass
    c.cm("catalog", "catalog-api", {"application.yaml": "spring:\n  datasource:\n    url: jdbc:mysql://catalog-mysql-primary.catalog.svc.cluster.local:3306/app?useSSL=false\n    username: app\n    hikari:\n      maximum-pool-size: 15\n      connection-timeout: 5000\nmanagement:\n  endpoint:\n    health:\n      probes:\n        enabled: true\n  health:\n    db:\n      enabled: true\n"})
    api, ars, apods = micro(c, "catalog", "catalog-api", "harbor.dc1.corp.local/catalog/catalog-api:7.3.0", replicas=3, port=8080,
                            env=[sref("catalog-mysql", "mysql-password", "SPRING_DATASOURCE_PASSWORD"), ("JAVA_TOOL_OPTIONS", "-XX:MaxRAMPercentage=75")],
                            mounts=[("config", "/workspace/config", True)], vols=[vol_cm("config", "catalog-api")],
                            probe_paths=("/actuator/health/liveness", "/actuator/health/readiness"), req={"cpu": "500m", "memory": "768Mi"}, lim={"memory": "1Gi"})
    for p in apods:
        c.notready(p, "catalog-api", since=47 * M)
        unready_events(c, p, "catalog-api", "Readiness probe failed: HTTP probe failed with statuscode: 503", 47 * M)
    c.restarted(apods[0], "catalog-api", 2, 12 * M, 1, "Error", msg="Caused by: com.mysql.cj.jdbc.exceptions.CommunicationsException: Communications link failure\n\nThe last packet sent successfully to the server was 0 milliseconds ago. The driver has not received any packets from the server.\nCaused by: java.net.ConnectException: Connection refused\n")
    apods[0]["status"]["containerStatuses"][0]["ready"] = False
    micro(c, "catalog", "catalog-web", "harbor.dc1.corp.local/catalog/catalog-web:7.3.0", replicas=2, port=8080, env=[("API_URL", "http://catalog-api")])
    c.ev(svc, "Updated", "", comp="kubectl-client-side-apply", first=48 * M) if False else None
    filler(c, "rabbit", "notifications", "longhorn")
    filler(c, "keycloak", "identity", "longhorn", domain="corp.local")
    noise_restarts(c, 5, exclude_ns=("catalog",))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "service_selector_mismatch",
                    "catalog api pods are all 0/1 not ready and the health endpoint says DOWN for db, mysql pods look fine",
                    "Service", "catalog", "catalog-mysql-primary",
                    "The catalog-mysql-primary Service selects app.kubernetes.io/component=master (old chart value re-applied from a "
                    "kustomize overlay), but the bitnami MySQL primary pods are labelled component=primary. The Service therefore has no "
                    "endpoints; catalog-api gets 'Connection refused' from the ClusterIP and its readiness (db health) fails. MySQL itself is healthy. "
                    "Fix the Service selector.")


def rs_pod(c, rs, node, ago):
    ns = rs["metadata"]["namespace"]
    spec = copy.deepcopy(rs["spec"]["template"]["spec"])
    return c.pod(ns, "%s-%s" % (rs["metadata"]["name"], c.sfx(5)), spec, node, labels=rs["spec"]["template"]["metadata"]["labels"],
                 ann=rs["spec"]["template"]["metadata"].get("annotations"), owner=c.oref(rs), ago=ago, gen_name=rs["metadata"]["name"] + "-")


def lose_node(c, node, since, evict_after=300):
    """Node stops reporting: NodeStatusUnknown, pods marked NotReady, non-DaemonSet pods evicted (stuck Terminating)."""
    c.node_not_ready(node, since)
    node_ev(c, node, "NodeNotReady", "Node %s status is now: NodeNotReady" % node, since)
    stuck = []
    for p in list(c.items["pods"]):
        if p["spec"].get("nodeName") != node or not _active(p):
            continue
        for cd in p["status"]["conditions"]:
            if cd["type"] == "Ready":
                cd["status"] = "False"
                cd.pop("reason", None)
                cd.pop("message", None)
                cd["lastTransitionTime"] = c.ts(since - 35)
        c.ev(p, "NodeNotReady", "Node is not ready", "Warning", comp="node-controller", first=since - 35)
        kinds = [o["kind"] for o in p["metadata"].get("ownerReferences", [])]
        if "DaemonSet" in kinds or "Node" in kinds:
            continue
        c.terminating(p, since - evict_after, grace=p["spec"].get("terminationGracePeriodSeconds", 30))
        c.ev(p, "TaintManagerEviction", "Marking for deletion Pod %s/%s" % (p["metadata"]["namespace"], p["metadata"]["name"]),
             comp="taint-eviction-controller" if c.minor >= 29 else "taint-controller", first=since - evict_after)
        stuck.append(p)
    return stuck


def k03():
    c = Cluster("k4-03", 4103, "2024-06-03T11:08:44Z", "aks", "v1.29.4", 233)
    plat_aks(c, "payments-weu", "westeurope", [("system", 3, "Standard_D4ds_v5", 4, 16, [{"effect": "NoSchedule", "key": "CriticalAddonsOnly", "value": "true"}]),
                                               ("user", 4, "Standard_D8ds_v5", 8, 32)])
    add_monitoring(c, sc="managed-csi-premium")
    add_ingress_nginx(c, lb="20.%d.%d.%d" % (c.r.randint(50, 99), c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    add_flux(c)
    c.ns("cache", ago=200 * D, labels={"kustomize.toolkit.fluxcd.io/name": "cache", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"})
    rd = redis_bitnami(c, "cache", "redis", "managed-csi-premium", replicas=2, size="16Gi", ago=190 * D, svc_target=6380,
                       req={"cpu": "250m", "memory": "1Gi"}, lim={"cpu": "1", "memory": "2Gi"})
    ms = c.get("Service", "cache", "redis-master")
    ms["metadata"]["labels"].update({"kustomize.toolkit.fluxcd.io/name": "cache", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"})
    ms["metadata"]["resourceVersion"] = c.rv()
    c.ns("web", ago=220 * D)
    c.secret("web", "redis-auth", ["password"], ann={"reflector.v1.k8s.emberstack.com/reflects": "cache/redis"})
    sess, _, spods = micro(c, "web", "session-svc", "payacr.azurecr.io/web/session-svc:1.31.0", replicas=3, port=8080,
                           env=[("REDIS_ADDR", "redis-master.cache.svc.cluster.local:6379"), sref("redis-auth", "password", "REDIS_PASSWORD"), ("SESSION_TTL", "30m")],
                           req={"cpu": "100m", "memory": "128Mi"}, lim={"memory": "256Mi"})
    mip = ms["spec"]["clusterIP"]
    msg = ("panic: redis: dial tcp %s:6379: connect: connection refused\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/session-svc/main.go:58 +0x4a5\n" % mip)
    crash_pods(c, spods, "session-svc", msg, 52 * M, restarts=(10, 14), exit_code=2)
    rl, _, rpods = micro(c, "web", "rate-limiter", "payacr.azurecr.io/web/rate-limiter:0.8.3", replicas=2, port=8081,
                         env=[("REDIS_URL", "redis://:$(REDIS_PASSWORD)@redis-master.cache.svc.cluster.local:6379/2"), sref("redis-auth", "password", "REDIS_PASSWORD")])
    for p in rpods:
        c.notready(p, "rate-limiter", since=52 * M)
        unready_events(c, p, "rate-limiter", "Readiness probe failed: HTTP probe failed with statuscode: 503", 52 * M)
    micro(c, "web", "checkout-ui", "payacr.azurecr.io/web/checkout-ui:4.2.1", replicas=2, port=3000, env=[("SESSION_URL", "http://session-svc")])
    filler(c, "reports", "bi", "managed-csi")
    filler(c, "batch", "jobs", "managed-csi")
    noise_restarts(c, 5, exclude_ns=("web", "cache"))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "service_targetport_wrong",
                    "session-svc can't connect to redis (connection refused) but the redis pods are up and ready",
                    "Service", "cache", "redis-master",
                    "A Flux kustomize patch set targetPort 6380 (intended TLS port) on the redis-master Service; the Redis pods only listen "
                    "on 6379 (container port 'redis'). Endpoints point at <podIP>:6380, so every connection through the ClusterIP is refused. "
                    "Redis is healthy. Fix the Service targetPort back to 'redis'/6379.")


def k04():
    c = Cluster("k4-04", 4104, "2024-04-18T14:55:10Z", "gke", "v1.28.8-gke.1095000", 530)
    plat_gke(c, "ledger-prod", "europe-west3", [("default-pool", 3, "e2-standard-8", 8, 32),
                                                ("mongo-pool", 3, "n2-highmem-4", 4, 32, [{"effect": "NoSchedule", "key": "dedicated", "value": "mongo"}], {"dedicated": "mongo"})],
             "ledger-prod-7731")
    simple_ds(c, "kube-system", "calico-node", "gke.gcr.io/calico/node:v3.26.3-gke.13", labels={"k8s-app": "calico-node"}, tol=ALL_TOL, hostnet=True,
              prio="system-node-critical", sa="calico-sa", req={"cpu": "100m", "memory": "100Mi"})
    simple_deploy(c, "kube-system", "calico-typha", "gke.gcr.io/calico/typha:v3.26.3-gke.13", labels={"k8s-app": "calico-typha"}, port=[("calico-typha", 5473)],
                  probe=None, sa="calico-sa", prio="system-cluster-critical", svc_port=[("calico-typha", 5473, "calico-typha")])
    add_monitoring(c, sc="standard-rwo")
    add_ingress_nginx(c, lb="34.107.%d.%d" % (c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    add_argocd(c)
    ns = "mongodb"
    c.ns(ns, ago=300 * D)
    c.sa(ns, "mongodb-kubernetes-operator", ago=290 * D)
    c.sa(ns, "mongodb-database", ago=290 * D)
    simple_deploy(c, ns, "mongodb-kubernetes-operator", "quay.io/mongodb/mongodb-kubernetes-operator:0.9.0", labels={"owner": "mongodb"}, svc=False,
                  sa="mongodb-kubernetes-operator", req={"cpu": "500m", "memory": "200Mi"}, lim={"cpu": "1100m", "memory": "1Gi"}, ago=290 * D)
    own = c.crd("mongodbcommunity.mongodb.com/v1", "MongoDBCommunity", ns, "ledger-mongo")
    for s_, keys in (("ledger-mongo-agent-password", ["password"]), ("ledger-mongo-keyfile", ["keyfile"]), ("ledger-mongo-config", ["cluster-config.json"]),
                     ("ledger-mongo-agent-scram-scram-credentials", ["sha1-salt", "sha1-server-key", "sha1-stored-key", "sha256-salt", "sha256-server-key", "sha256-stored-key"])):
        c.secret(ns, s_, keys, owner=own, ago=280 * D)
    c.secret(ns, "ledger-mongo-admin-ledger", ["connectionString.standard", "connectionString.standardSrv", "password", "username"], owner=own, ago=280 * D,
             labels={"app.kubernetes.io/component": "secret", "app.kubernetes.io/name": "ledger-mongo"})
    lab = {"app": "ledger-mongo-svc"}
    mongo_nodes = [n for n in c.node_order if c.ninfo[n]["obj"]["metadata"]["labels"]["cloud.google.com/gke-nodepool"] == "mongo-pool"]
    s, mpods, _ = c.sts(ns, "ledger-mongo", [
        ctr("mongod", "docker.io/mongo:6.0.15", command=["/bin/sh", "-c", "\nif [ -e \"/hooks/version-upgrade\" ]; then\n  /hooks/version-upgrade\nfi\n# wait for config and keyfile to be created by the agent\nwhile ! [ -f /data/automation-mongod.conf -a -f /var/lib/mongodb-mms-automation/authentication/keyfile ]; do sleep 3 ; done ; sleep 2 ;\nexec mongod -f /data/automation-mongod.conf;\n"],
            ports=[("", 27017)], req={"cpu": "1", "memory": "4Gi"}, lim={"cpu": "2", "memory": "8Gi"},
            mounts=[("data-volume", "/data"), ("healthstatus", "/healthstatus"), ("hooks", "/hooks"), ("logs-volume", "/var/log/mongodb-mms-automation"), ("ledger-mongo-keyfile", "/var/lib/mongodb-mms-automation/authentication")]),
        ctr("mongodb-agent", "quay.io/mongodb/mongodb-agent:107.0.4.8567-1", command=["/bin/bash", "-c", "current_uid=$(id -u)\nagent/mongodb-agent -healthCheckFilePath=/var/log/mongodb-mms-automation/healthstatus/agent-health-status.json -serveStatusPort=5000 -cluster=/var/lib/automation/config/cluster-config.json"],
            req={"cpu": "500m", "memory": "400M"}, lim={"cpu": "1", "memory": "500M"},
            ready=exec_probe(["/opt/scripts/readinessprobe"], delay=5, period=10, timeout=1, fail=40),
            mounts=[("agent-scripts", "/opt/scripts"), ("automation-config", "/var/lib/automation/config", True), ("data-volume", "/data"), ("healthstatus", "/var/log/mongodb-mms-automation/healthstatus"),
                    ("logs-volume", "/var/log/mongodb-mms-automation"), ("ledger-mongo-keyfile", "/var/lib/mongodb-mms-automation/authentication")])],
        3, "ledger-mongo-svc", labels=lab, sel=lab, sa="mongodb-database", owner=own, ago=280 * D,
        vols=[vol_empty("agent-scripts"), vol_secret("automation-config", "ledger-mongo-config", mode=416), vol_empty("healthstatus"), vol_empty("hooks"), vol_empty("ledger-mongo-keyfile")],
        vct=[{"name": "data-volume", "size": "200Gi", "sc": "premium-rwo"}, {"name": "logs-volume", "size": "5Gi", "sc": "premium-rwo"}],
        tol=[{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "mongo"}], nsel={"dedicated": "mongo"}, nodes=mongo_nodes,
        init=[ctr("mongod-posthook", "quay.io/mongodb/mongodb-kubernetes-operator-version-upgrade-post-start-hook:1.0.8", command=["cp", "version-upgrade-hook", "/hooks/version-upgrade"], mounts=[("hooks", "/hooks")]),
              ctr("mongodb-agent-readinessprobe", "quay.io/mongodb/mongodb-kubernetes-readinessprobe:1.0.18", command=["cp", "/probes/readinessprobe", "/opt/scripts/readinessprobe"], mounts=[("agent-scripts", "/opt/scripts")])],
        psc={"fsGroup": 2000, "runAsNonRoot": True, "runAsUser": 2000})
    c.svc(ns, "ledger-mongo-svc", [("mongodb", 27017, 27017), ("prometheus", 9216, 9216)], sel=lab, headless=True, pnra=True, owner=own, ago=280 * D,
          labels={"app": "ledger-mongo-svc"})
    c.netpol(ns, "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, ago=270 * D)
    c.netpol(ns, "allow-mongo-replication", {"ingress": [{"from": [{"podSelector": {"matchLabels": lab}}], "ports": [{"port": 27017, "protocol": "TCP"}]}],
                                             "podSelector": {"matchLabels": lab}, "policyTypes": ["Ingress"]}, ago=270 * D)
    c.netpol(ns, "allow-monitoring-scrape", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}],
                                                          "ports": [{"port": 9216, "protocol": "TCP"}]}], "podSelector": {"matchLabels": lab}, "policyTypes": ["Ingress"]}, ago=270 * D)
    c.netpol(ns, "allow-ledger-apps", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ledger"}},
                                                                "podSelector": {"matchLabels": {"app.kubernetes.io/part-of": "ledger"}}}],
                                                     "ports": [{"port": 27017, "protocol": "TCP"}]}], "podSelector": {"matchLabels": lab}, "policyTypes": ["Ingress"]},
             ago=260 * D, ann={"argocd.argoproj.io/tracking-id": "mongodb:networking.k8s.io/NetworkPolicy:mongodb/allow-ledger-apps"})
    # ledger moved to a new namespace this morning
    app_ns = "ledger-prod"
    c.ns(app_ns, ago=3 * H + 20 * M, labels={"env": "prod", "team": "ledger"})
    c.netpol(app_ns, "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, ago=3 * H + 18 * M)
    c.netpol(app_ns, "allow-from-ingress-nginx", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "ingress-nginx"}}}]}],
                                                  "podSelector": {"matchLabels": {"app.kubernetes.io/name": "ledger-api"}}, "policyTypes": ["Ingress"]}, ago=3 * H + 18 * M)
    c.secret(app_ns, "ledger-mongo-conn", ["MONGODB_URI"], ago=3 * H + 15 * M, ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)})
    api, _, apods = micro(c, app_ns, "ledger-api", "europe-west3-docker.pkg.dev/ledger-prod-7731/apps/ledger-api:2024.04.17", replicas=3, part="ledger", port=8080,
                          envFrom=[{"secretRef": {"name": "ledger-mongo-conn"}}], ago=3 * H + 10 * M, pod_ago=3 * H + 5 * M,
                          probe_paths=("/actuator/health/liveness", "/actuator/health/readiness"), req={"cpu": "500m", "memory": "1Gi"}, lim={"memory": "1536Mi"})
    msg = ("Exception in thread \"main\" org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'mongoTemplate'\n"
           "Caused by: com.mongodb.MongoTimeoutException: Timed out after 30000 ms while waiting for a server that matches ReadPreferenceServerSelector{readPreference=primary}. "
           "Client view of cluster state is {type=REPLICA_SET, servers=[{address=ledger-mongo-0.ledger-mongo-svc.mongodb.svc.cluster.local:27017, type=UNKNOWN, state=CONNECTING, "
           "exception={com.mongodb.MongoSocketOpenException: Exception opening socket}, caused by {java.net.SocketTimeoutException: Connect timed out}}, "
           "{address=ledger-mongo-1.ledger-mongo-svc.mongodb.svc.cluster.local:27017, type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoSocketOpenException: Exception opening socket}, "
           "caused by {java.net.SocketTimeoutException: Connect timed out}}]\n")
    crash_pods(c, apods, "ledger-api", msg, 3 * H, restarts=(20, 30))
    wk, _, wpods = micro(c, app_ns, "ledger-reconciler", "europe-west3-docker.pkg.dev/ledger-prod-7731/apps/ledger-reconciler:2024.04.17", replicas=2, part="ledger", port=8080,
                         envFrom=[{"secretRef": {"name": "ledger-mongo-conn"}}], ago=3 * H + 10 * M, pod_ago=3 * H + 5 * M)
    for p in wpods:
        c.notready(p, "ledger-reconciler", since=3 * H)
        unready_events(c, p, "ledger-reconciler", "Readiness probe failed: Get \"http://%s:8080/ready\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)" % p["status"]["podIP"], 3 * H)
    c.ingress(app_ns, "ledger-api", "ledger.example.eu", "ledger-api", 80, tls="ledger-tls", ann={"cert-manager.io/cluster-issuer": "letsencrypt-prod"})
    c.secret(app_ns, "ledger-tls", ["tls.crt", "tls.key"], typ="kubernetes.io/tls", ago=3 * H)
    filler(c, "web", "portal", "standard-rwo", domain="example.eu")
    filler(c, "rabbit", "notify", "standard-rwo")
    noise_restarts(c, 5, exclude_ns=(app_ns, ns))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "networkpolicy_blocks_app_namespace",
                    "ledger-api keeps timing out talking to mongo (MongoTimeoutException), but the mongo replica set itself looks healthy",
                    "NetworkPolicy", "mongodb", "allow-ledger-apps",
                    "The mongodb namespace has a default-deny-ingress policy; the only rule admitting application traffic on 27017 is "
                    "allow-ledger-apps, whose namespaceSelector still matches kubernetes.io/metadata.name=ledger. The ledger workloads now run "
                    "in namespace ledger-prod (created ~3h ago), so their connections are silently dropped (connect timeouts). Fix the "
                    "allow-ledger-apps namespaceSelector.")


def rook_ceph(c, sc_name="ceph-block"):
    ns = "rook-ceph"
    c.ns(ns, ago=c.age - 5 * D)
    c.helm_secret(ns, "rook-ceph")
    cc = c.crd("ceph.rook.io/v1", "CephCluster", ns, "rook-ceph")
    c.sa(ns, "rook-ceph-system")
    c.sa(ns, "rook-csi-rbd-plugin-sa")
    c.sa(ns, "rook-csi-rbd-provisioner-sa")
    c.sa(ns, "rook-ceph-osd")
    c.sa(ns, "rook-ceph-mgr")
    c.sa(ns, "rook-ceph-default")
    simple_deploy(c, ns, "rook-ceph-operator", "docker.io/rook/ceph:v1.14.4", labels={"app": "rook-ceph-operator"}, svc=False, sa="rook-ceph-system",
                  req={"cpu": "200m", "memory": "128Mi"}, lim={"memory": "512Mi"})
    c.cm(ns, "rook-ceph-operator-config", {"CSI_ENABLE_RBD_SNAPSHOTTER": "true", "CSI_PROVISIONER_REPLICAS": "2", "CSI_RBD_PLUGIN_RESOURCE": "", "ROOK_CSI_ENABLE_CEPHFS": "false",
                                           "ROOK_CSI_ENABLE_RBD": "true", "ROOK_LOG_LEVEL": "INFO", "ROOK_CSI_KUBELET_DIR_PATH": "/var/lib/kubelet"})
    cimg = "quay.io/ceph/ceph:v18.2.2"
    for m in "abc":
        simple_deploy(c, ns, "rook-ceph-mon-" + m, cimg, labels={"app": "rook-ceph-mon", "ceph_daemon_id": m, "ceph_daemon_type": "mon", "mon": m, "rook_cluster": ns},
                      port=[("tcp-msgr2", 3300), ("tcp-msgr1", 6789)], probe=None, svc_name="rook-ceph-mon-" + m,
                      svc_port=[("tcp-msgr1", 6789, 6789), ("tcp-msgr2", 3300, 3300)], sa="rook-ceph-default", req={"cpu": "500m", "memory": "1Gi"}, lim={"memory": "2Gi"})
    simple_deploy(c, ns, "rook-ceph-mgr-a", cimg, labels={"app": "rook-ceph-mgr", "ceph_daemon_id": "a", "ceph_daemon_type": "mgr", "mgr": "a", "rook_cluster": ns},
                  port=[("mgr", 6800), ("http-metrics", 9283), ("dashboard", 8443)], probe=None, svc_name="rook-ceph-mgr", svc_port=[("http-metrics", 9283, 9283)],
                  sa="rook-ceph-mgr", req={"cpu": "500m", "memory": "512Mi"})
    workers = [n for n in c.workers()]
    for i, n in enumerate(workers):
        d, rs, pods = c.deploy(ns, "rook-ceph-osd-%d" % i, [ctr("osd", cimg, command=["ceph-osd"], args=["--foreground", "--id", str(i), "--fsid", c.extra.setdefault("fsid", c.uid())],
                                                               req={"cpu": "1", "memory": "4Gi"}, lim={"memory": "6Gi"},
                                                               live=exec_probe(["env", "-i", "sh", "-c", "ceph --admin-daemon /run/ceph/ceph-osd.%d.asok status" % i], delay=45, period=10, timeout=5),
                                                               sc={"privileged": True})],
                               labels={"app": "rook-ceph-osd", "ceph-osd-id": str(i), "ceph_daemon_id": str(i), "ceph_daemon_type": "osd", "rook_cluster": ns, "topology-location-host": n},
                               sel={"app": "rook-ceph-osd", "ceph-osd-id": str(i), "rook_cluster": ns}, owner=cc, sa="rook-ceph-osd", nodes=[n],
                               nsel={"kubernetes.io/hostname": n}, strategy={"type": "Recreate"})
    c.ds(ns, "csi-rbdplugin", [ctr("driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1", args=["--v=0", "--csi-address=/csi/csi.sock", "--kubelet-registration-path=/var/lib/kubelet/plugins/rook-ceph.rbd.csi.ceph.com/csi.sock"]),
                               ctr("csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.11.0", args=["--nodeid=$(NODE_ID)", "--endpoint=$(CSI_ENDPOINT)", "--v=0", "--type=rbd", "--nodeserver=true", "--drivername=rook-ceph.rbd.csi.ceph.com", "--pidlimit=-1"],
                                   env=[fref("NODE_ID", "spec.nodeName"), ("CSI_ENDPOINT", "unix:///csi/csi.sock")], sc={"privileged": True})],
         labels={"app": "csi-rbdplugin", "contains": "csi-rbdplugin-metrics"}, sa="rook-csi-rbd-plugin-sa", hostnet=True, prio="system-node-critical")
    c.deploy(ns, "csi-rbdplugin-provisioner", [ctr("csi-provisioner", "registry.k8s.io/sig-storage/csi-provisioner:v4.0.1", args=["--csi-address=$(ADDRESS)", "--v=0", "--timeout=2m30s", "--retry-interval-start=500ms", "--leader-election=true", "--leader-election-namespace=rook-ceph", "--default-fstype=ext4", "--extra-create-metadata=true"],
                                                   env=[("ADDRESS", "unix:///csi/csi-provisioner.sock")]),
                                               ctr("csi-attacher", "registry.k8s.io/sig-storage/csi-attacher:v4.5.1", args=["--v=0", "--timeout=2m30s", "--csi-address=$(ADDRESS)", "--leader-election=true"], env=[("ADDRESS", "/csi/csi-provisioner.sock")]),
                                               ctr("csi-resizer", "registry.k8s.io/sig-storage/csi-resizer:v1.10.1", args=["--csi-address=$(ADDRESS)", "--v=0", "--timeout=2m30s", "--leader-election=true"], env=[("ADDRESS", "unix:///csi/csi-provisioner.sock")]),
                                               ctr("csi-rbdplugin", "quay.io/cephcsi/cephcsi:v3.11.0", args=["--nodeid=$(NODE_ID)", "--endpoint=$(CSI_ENDPOINT)", "--v=0", "--type=rbd", "--controllerserver=true", "--drivername=rook-ceph.rbd.csi.ceph.com", "--pidlimit=-1"],
                                                   env=[fref("NODE_ID", "spec.nodeName"), ("CSI_ENDPOINT", "unix:///csi/csi-provisioner.sock")])],
             replicas=2, labels={"app": "csi-rbdplugin-provisioner", "contains": "csi-rbdplugin-metrics"}, sa="rook-csi-rbd-provisioner-sa", prio="system-cluster-critical")
    c.secret(ns, "rook-csi-rbd-provisioner", ["userID", "userKey"], owner=c.crd("ceph.rook.io/v1", "CephCluster", ns, "rook-ceph", controller=False))
    c.secret(ns, "rook-csi-rbd-node", ["userID", "userKey"], owner=c.crd("ceph.rook.io/v1", "CephCluster", ns, "rook-ceph", controller=False))
    c.secret(ns, "rook-ceph-mon", ["ceph-secret", "ceph-username", "fsid", "mon-secret"], owner=cc)
    c.sc(sc_name, "rook-ceph.rbd.csi.ceph.com", {"clusterID": "rook-ceph", "csi.storage.k8s.io/controller-expand-secret-name": "rook-csi-rbd-provisioner",
                                                 "csi.storage.k8s.io/controller-expand-secret-namespace": "rook-ceph", "csi.storage.k8s.io/fstype": "ext4",
                                                 "csi.storage.k8s.io/node-stage-secret-name": "rook-csi-rbd-node", "csi.storage.k8s.io/node-stage-secret-namespace": "rook-ceph",
                                                 "csi.storage.k8s.io/provisioner-secret-name": "rook-csi-rbd-provisioner", "csi.storage.k8s.io/provisioner-secret-namespace": "rook-ceph",
                                                 "imageFeatures": "layering", "imageFormat": "2", "pool": "replicapool"},
         binding="Immediate", default=True, ago=c.age - 5 * D)


def k05():
    c = Cluster("k4-05", 4105, "2024-07-22T13:31:52Z", "kubeadm", "v1.29.6", 340)
    plat_kubeadm(c, "metal-ams", [("cp-ams-1", 8, 16), ("cp-ams-2", 8, 16), ("cp-ams-3", 8, 16)],
                 [("ams-node-%02d" % i, 32, 128, {"node.kubernetes.io/instance-type": "r640"}) for i in range(1, 6)], cni="cilium", net="10.12.0.")
    rook_ceph(c)
    c.sc("ceph-block-retain", "rbd.csi.ceph.com", {"clusterID": "rook-ceph", "csi.storage.k8s.io/controller-expand-secret-name": "rook-csi-rbd-provisioner",
                                                   "csi.storage.k8s.io/controller-expand-secret-namespace": "rook-ceph", "csi.storage.k8s.io/fstype": "ext4",
                                                   "csi.storage.k8s.io/node-stage-secret-name": "rook-csi-rbd-node", "csi.storage.k8s.io/node-stage-secret-namespace": "rook-ceph",
                                                   "csi.storage.k8s.io/provisioner-secret-name": "rook-csi-rbd-provisioner", "csi.storage.k8s.io/provisioner-secret-namespace": "rook-ceph",
                                                   "imageFeatures": "layering", "imageFormat": "2", "pool": "replicapool"},
         binding="Immediate", reclaim="Retain", ago=2 * H + 20 * M,
         ann={"kubectl.kubernetes.io/last-applied-configuration": "{\"allowVolumeExpansion\":true,\"apiVersion\":\"storage.k8s.io/v1\",\"kind\":\"StorageClass\",\"metadata\":{\"annotations\":{},\"name\":\"ceph-block-retain\"},\"parameters\":{\"clusterID\":\"rook-ceph\",\"pool\":\"replicapool\"},\"provisioner\":\"rbd.csi.ceph.com\",\"reclaimPolicy\":\"Retain\"}\n"})
    add_monitoring(c, sc="ceph-block")
    add_ingress_nginx(c, typ="LoadBalancer", lb="10.12.0.240")
    c.ns("metallb-system", ago=c.age - 4 * D)
    simple_deploy(c, "metallb-system", "controller", "quay.io/metallb/controller:v0.14.5", labels={"app": "metallb", "component": "controller"}, port=[("monitoring", 7472)],
                  probe=("/metrics", "monitoring", "/metrics"), svc=False, sa="controller")
    simple_ds(c, "metallb-system", "speaker", "quay.io/metallb/speaker:v0.14.5", labels={"app": "metallb", "component": "speaker"}, tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}],
              hostnet=True, sa="speaker", ports=[("monitoring", 7472)])
    add_cert_manager(c)
    filler(c, "keycloak", "sso", "ceph-block", domain="ams.example.net")
    filler(c, "minio", "objectstore", "ceph-block")
    ns = "analytics"
    c.ns(ns, ago=2 * H + 10 * M, labels={"team": "data"})
    pg = pg_bitnami(c, ns, "warehouse", "ceph-block-retain", size="500Gi", ago=2 * H + 5 * M, pod_ago=2 * H + 4 * M, db="warehouse", user="etl",
                    req={"cpu": "4", "memory": "16Gi"}, lim={"cpu": "8", "memory": "32Gi"})
    c.items["persistentvolumes"] = [x for x in c.items["persistentvolumes"] if x["spec"].get("claimRef", {}).get("name") != "data-warehouse-postgresql-0"]
    pvc = pg["pvcs"][0]
    pvc["spec"].pop("volumeName", None)
    pvc["status"] = {"phase": "Pending"}
    for k in ("pv.kubernetes.io/bind-completed", "pv.kubernetes.io/bound-by-controller"):
        pvc["metadata"]["annotations"].pop(k, None)
    c.ev(pvc, "ExternalProvisioning", "Waiting for a volume to be created either by the external provisioner 'rbd.csi.ceph.com' or manually by the system administrator. "
         "If volume creation is delayed, please verify that the provisioner is running and correctly registered.", comp="persistentvolume-controller",
         first=2 * H + 4 * M, last=c.r.randint(2, 14), count=c.r.randint(480, 560))
    pp = pg["pods"][0]
    total = len(c.node_order)
    pend(c, pp, c.sched_msg({"pod has unbound immediate PersistentVolumeClaims": total})[:0] + "0/%d nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling." % (total, total, total), 2 * H + 4 * M)
    c.ev(pg["sts"], "SuccessfulCreate", "create Claim data-warehouse-postgresql-0 Pod warehouse-postgresql-0 in StatefulSet warehouse-postgresql success", comp="statefulset-controller", first=2 * H + 4 * M)
    c.ev(pg["sts"], "SuccessfulCreate", "create Pod warehouse-postgresql-0 in StatefulSet warehouse-postgresql successful", comp="statefulset-controller", first=2 * H + 4 * M)
    wa, _, wpods = micro(c, ns, "warehouse-api", "registry.ams.example.net/data/warehouse-api:0.4.0", replicas=2, port=8000,
                         env=[("DATABASE_URL", "postgresql://etl@warehouse-postgresql.analytics.svc.cluster.local:5432/warehouse"), sref("warehouse-postgresql", "password", "PGPASSWORD")],
                         ago=2 * H, pod_ago=2 * H - 60)
    pip = c.get("Service", ns, "warehouse-postgresql")["spec"]["clusterIP"]
    crash_pods(c, wpods, "warehouse-api", 'sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "warehouse-postgresql.analytics.svc.cluster.local" (%s), port 5432 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?\n' % pip,
               2 * H - 60, restarts=(18, 24), exit_code=3)
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "storageclass_wrong_provisioner",
                    "the new warehouse postgres in analytics has been Pending for two hours, its PVC never binds",
                    "StorageClass", "", "ceph-block-retain",
                    "StorageClass ceph-block-retain (created ~2h ago) names provisioner 'rbd.csi.ceph.com', but Rook registers the RBD CSI "
                    "driver as 'rook-ceph.rbd.csi.ceph.com' (see the working ceph-block class and csi-rbdplugin). No provisioner picks up "
                    "the claim, so data-warehouse-postgresql-0 stays Pending (ExternalProvisioning events) and the pod is unschedulable. "
                    "Fix the StorageClass provisioner (recreate it).")


def k06():
    c = Cluster("k4-06", 4106, "2024-02-12T17:46:03Z", "kubeadm", "v1.27.10", 820)
    c.extra["nfs"] = "192.168.50.5"
    plat_kubeadm(c, "erp-onprem", [("kube-master", 4, 16)], [("kube-node%d" % i, 8, 32) for i in range(1, 5)], cni="flannel", net="192.168.50.",
                 os_image="Rocky Linux 9.3 (Blue Onyx)", kernel="5.14.0-362.18.1.el9_3.x86_64", runtime="containerd://1.6.28")
    ns0 = "nfs-provisioner"
    c.ns(ns0, ago=c.age - 20 * D)
    c.helm_secret(ns0, "nfs-subdir-external-provisioner")
    c.sa(ns0, "nfs-subdir-external-provisioner")
    simple_deploy(c, ns0, "nfs-subdir-external-provisioner", "registry.k8s.io/sig-storage/nfs-subdir-external-provisioner:v4.0.2",
                  labels={"app": "nfs-subdir-external-provisioner", "release": "nfs-subdir-external-provisioner"}, svc=False, sa="nfs-subdir-external-provisioner",
                  env=[("PROVISIONER_NAME", "cluster.local/nfs-subdir-external-provisioner"), ("NFS_SERVER", "192.168.50.5"), ("NFS_PATH", "/srv/nfs/k8s")],
                  mounts=[("nfs-subdir-external-provisioner-root", "/persistentvolumes")],
                  vols=[{"name": "nfs-subdir-external-provisioner-root", "nfs": {"path": "/srv/nfs/k8s", "server": "192.168.50.5"}}])
    c.sc("nfs-client", "cluster.local/nfs-subdir-external-provisioner", {"archiveOnDelete": "true"}, binding="Immediate", default=True, ago=c.age - 20 * D,
         labels={"app": "nfs-subdir-external-provisioner", "release": "nfs-subdir-external-provisioner"})
    add_monitoring(c, sc="nfs-client", grafana=True)
    add_ingress_nginx(c, typ="NodePort", replicas=1)
    ns = "legacy-erp"
    c.ns(ns, ago=700 * D)
    # static NFS PV that used to back the database
    old_uid = c.uid()
    rel_ago = 47 * M
    pvc = c.pvc(ns, "data-erp-mariadb-0", "100Gi", "", labels={"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": "erp-mariadb", "app.kubernetes.io/name": "mariadb"},
                ago=44 * M, bound=False)
    pv = c.pv("nfs-erp-mariadb-data", "100Gi", "", pvc, {"mountOptions": ["nfsvers=4.1", "hard"], "nfs": {"path": "/srv/nfs/erp/mariadb", "server": "192.168.50.5"}},
              ago=690 * D, reclaim="Retain", phase="Released", claim_uid=old_uid, labels={"app": "erp-mariadb", "type": "nfs"})
    del pv["metadata"]["finalizers"][1:]
    c.helm_secret(ns, "erp-mariadb", ver=1, ago=45 * M)
    sel = {"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": "erp-mariadb", "app.kubernetes.io/name": "mariadb"}
    lab = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "10.11.7", "helm.sh/chart": "mariadb-16.5.0"})
    c.secret(ns, "erp-mariadb", ["mariadb-password", "mariadb-root-password"], labels=lab, ago=45 * M)
    c.cm(ns, "erp-mariadb", {"my.cnf": "[mysqld]\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mariadb\ndatadir=/bitnami/mariadb/data\nplugin_dir=/opt/bitnami/mariadb/plugin\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\ntmpdir=/opt/bitnami/mariadb/tmp\nmax_allowed_packet=64M\ncharacter-set-server=utf8mb4\ncollation-server=utf8mb4_unicode_ci\ninnodb_file_per_table=1\ninnodb_buffer_pool_size=4G\n[client]\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\ndefault-character-set=utf8mb4\n"},
         labels=lab, ago=45 * M)
    c.sa(ns, "erp-mariadb", ago=45 * M)
    s, mpods, _ = c.sts(ns, "erp-mariadb", [ctr("mariadb", "docker.io/bitnami/mariadb:10.11.7-debian-12-r3", ports=[("mysql", 3306)],
                                                 env=[("BITNAMI_DEBUG", "false"), sref("erp-mariadb", "mariadb-root-password", "MARIADB_ROOT_PASSWORD"), ("MARIADB_USER", "erpnext"),
                                                      sref("erp-mariadb", "mariadb-password", "MARIADB_PASSWORD"), ("MARIADB_DATABASE", "erpnext"), ("MARIADB_CHARACTER_SET", "utf8mb4")],
                                                 req={"cpu": "1", "memory": "6Gi"}, lim={"cpu": "4", "memory": "8Gi"},
                                                 live=exec_probe(["/bin/bash", "-ec", "password_aux=\"${MARIADB_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n"], delay=120, period=10, timeout=1, fail=3),
                                                 ready=exec_probe(["/bin/bash", "-ec", "password_aux=\"${MARIADB_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n"], delay=30, period=10, timeout=1, fail=3),
                                                 mounts=[("data", "/bitnami/mariadb"), {"mountPath": "/opt/bitnami/mariadb/conf/my.cnf", "name": "config", "subPath": "my.cnf"}], sc=BITNAMI_CSC)],
                        1, "erp-mariadb-headless", labels=lab, sel=sel, sa="erp-mariadb", ago=45 * M, pod_ago=44 * M, vols=[vol_cm("config", "erp-mariadb")],
                        psc=BITNAMI_PSC)
    mpods[0]["spec"].setdefault("volumes", []).insert(0, vol_pvc("data", "data-erp-mariadb-0"))
    s["spec"]["volumeClaimTemplates"] = [{"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"creationTimestamp": None, "labels": sel, "name": "data"},
                                          "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "100Gi"}}, "storageClassName": "", "volumeMode": "Filesystem"},
                                          "status": {"phase": "Pending"}}]
    c.svc(ns, "erp-mariadb", [("mysql", 3306, "mysql")], sel=sel, labels=lab, ago=45 * M)
    c.svc(ns, "erp-mariadb-headless", [("mysql", 3306, "mysql")], sel=sel, labels=lab, headless=True, pnra=True, ago=45 * M)
    total = len(c.node_order)
    pend(c, mpods[0], "0/%d nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/%d nodes are available: %d Preemption is not helpful for scheduling." % (total, total, total), 44 * M)
    c.ev(pvc, "FailedBinding", "no persistent volumes available for this claim and no storage class is set", "Warning", comp="persistentvolume-controller",
         first=44 * M, last=c.r.randint(3, 14), count=c.r.randint(170, 178))
    c.ev(s, "SuccessfulCreate", "create Claim data-erp-mariadb-0 Pod erp-mariadb-0 in StatefulSet erp-mariadb success", comp="statefulset-controller", first=44 * M)
    c.ev(s, "SuccessfulCreate", "create Pod erp-mariadb-0 in StatefulSet erp-mariadb successful", comp="statefulset-controller", first=44 * M)
    c.ev(None, "Killing", "Stopping container mariadb", comp="kubelet", host=c.node_order[2], first=48 * M, kind="Pod", api="v1", ns=ns, name="erp-mariadb-0",
         uid=c.uid(), fp="spec.containers{mariadb}")
    # ERPNext tier
    c.secret(ns, "erpnext-db", ["db-password"], ago=500 * D)
    rdq = redis_bitnami(c, ns, "erpnext-redis-queue", "nfs-client", replicas=0, size="2Gi", ago=600 * D, auth=False)
    rdc = redis_bitnami(c, ns, "erpnext-redis-cache", "nfs-client", replicas=0, size="2Gi", ago=600 * D, auth=False)
    c.pvc(ns, "erpnext-sites", "20Gi", "nfs-client", modes=["ReadWriteMany"], ago=600 * D, labels={"app.kubernetes.io/instance": "erpnext"})
    common_env = [("DB_HOST", "erp-mariadb.legacy-erp.svc.cluster.local"), ("DB_PORT", "3306"), ("REDIS_CACHE", "erpnext-redis-cache-master:6379"),
                  ("REDIS_QUEUE", "erpnext-redis-queue-master:6379"), ("SOCKETIO_PORT", "9000")]
    sites = [("sites-dir", "/home/frappe/frappe-bench/sites")]
    sv = [vol_pvc("sites-dir", "erpnext-sites")]
    g, _, gpods = micro(c, ns, "erpnext-gunicorn", "docker.io/frappe/erpnext:v14.61.2", replicas=2, port=8000, env=common_env, mounts=sites, vols=sv,
                        probe_paths=("/api/method/ping", "/api/method/ping"), req={"cpu": "500m", "memory": "1Gi"}, lim={"memory": "2Gi"}, ago=600 * D)
    crash_pods(c, gpods, "erpnext-gunicorn", 'pymysql.err.OperationalError: (2003, "Can\'t connect to MySQL server on \'erp-mariadb.legacy-erp.svc.cluster.local\' ([Errno 111] Connection refused)")\n',
               42 * M, restarts=(10, 12))
    for w in ("erpnext-worker-default", "erpnext-worker-long", "erpnext-scheduler"):
        d_, _, wp = micro(c, ns, w, "docker.io/frappe/erpnext:v14.61.2", replicas=1, port=None, env=common_env, mounts=sites, vols=sv, svc=False, ago=600 * D)
        if w == "erpnext-scheduler":
            crash_pods(c, wp, w, 'pymysql.err.OperationalError: (2003, "Can\'t connect to MySQL server on \'erp-mariadb.legacy-erp.svc.cluster.local\' ([Errno 111] Connection refused)")\n', 42 * M, restarts=(9, 11))
    micro(c, ns, "erpnext-nginx", "docker.io/frappe/erpnext:v14.61.2", replicas=1, port=8080, mounts=sites, vols=sv, env=[("BACKEND", "erpnext-gunicorn:8000"), ("SOCKETIO", "erpnext-socketio:9000")], ago=600 * D,
          probe_paths=("/", "/"))
    micro(c, ns, "erpnext-socketio", "docker.io/frappe/erpnext:v14.61.2", replicas=1, port=9000, mounts=sites, vols=sv, ago=600 * D, probe_paths=("/socket.io/", "/socket.io/"))
    c.ingress(ns, "erpnext", "erp.corp.lan", "erpnext-nginx", 80, path="/")
    filler(c, "batch", "ops-jobs", "nfs-client")
    c.ns("intranet", ago=500 * D)
    micro(c, "intranet", "wiki", "docker.io/requarks/wiki:2.5.303", replicas=1, port=3000, env=[("DB_TYPE", "sqlite"), ("DB_FILEPATH", "/data/wiki.sqlite")], ago=400 * D)
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "pv_released_stale_claimref",
                    "erp-mariadb-0 has been stuck Pending since this afternoon's redeploy and ERPNext is down",
                    "PersistentVolume", "", "nfs-erp-mariadb-data",
                    "The MariaDB data lives on the static NFS PersistentVolume nfs-erp-mariadb-data (reclaimPolicy Retain). The release "
                    "was reinstalled, deleting and re-creating PVC data-erp-mariadb-0; the PV went to Released and still carries a claimRef "
                    "with the OLD claim uid, so the new PVC (storageClassName \"\") cannot bind: 'no persistent volumes available for this "
                    "claim'. The pod stays Pending and ERPNext cannot connect. Fix: clear spec.claimRef (uid) on the PV so it becomes Available and binds.")


def k07():
    c = Cluster("k4-07", 4107, "2024-09-03T06:12:40Z", "k3s", "v1.29.6+k3s2", 390)
    plat_k3s(c, "edge-fleet", [("k3s-server-1", 4, 16)], [("k3s-agent-1", 8, 32), ("k3s-agent-2", 8, 32), ("k3s-agent-3", 8, 32)], net="192.168.10.")
    bad = "k3s-agent-2"
    add_monitoring(c, sc="local-path", prom_size="20Gi")
    add_cert_manager(c)
    add_logging(c, sc="local-path")
    add_argocd(c)
    ns = "telemetry"
    c.ns(ns, ago=300 * D)
    c.secret(ns, "tsdb-credentials", ["PATRONI_SUPERUSER_PASSWORD", "PATRONI_REPLICATION_PASSWORD", "PATRONI_admin_PASSWORD", "ingest-password"], ago=290 * D)
    c.cm(ns, "tsdb-patroni", {"patroni.yaml": "bootstrap:\n  dcs:\n    postgresql:\n      parameters:\n        shared_preload_libraries: timescaledb,pg_stat_statements\n        max_connections: 200\n        timescaledb.max_background_workers: 8\n    ttl: 30\n  method: restore_or_initdb\npostgresql:\n  data_dir: /var/lib/postgresql/data\n  listen: 0.0.0.0:5432\n"},
         ago=290 * D)
    lab = {"app": "tsdb", "cluster-name": "tsdb", "release": "tsdb"}
    c.sa(ns, "tsdb", ago=290 * D)
    s, tp, tpvc = c.sts(ns, "tsdb", [ctr("timescaledb", "timescale/timescaledb-ha:pg16.2-ts2.14.2", command=["/usr/bin/env", "-i", "/usr/bin/patroni", "/etc/timescaledb/patroni.yaml"],
                                        ports=[("postgresql", 5432), ("patroni", 8008)],
                                        env=[("PATRONI_SCOPE", "tsdb"), fref("PATRONI_NAME", "metadata.name"), ("PGDATA", "/var/lib/postgresql/data"), ("PGHOST", "/var/run/postgresql"),
                                             sref("tsdb-credentials", "PATRONI_SUPERUSER_PASSWORD"), sref("tsdb-credentials", "PATRONI_REPLICATION_PASSWORD")],
                                        req={"cpu": "2", "memory": "8Gi"}, lim={"memory": "12Gi"},
                                        ready=exec_probe(["pg_isready", "-h", "/var/run/postgresql"], delay=5, period=30, timeout=5, fail=6),
                                        mounts=[("storage-volume", "/var/lib/postgresql"), ("patroni-config", "/etc/timescaledb/patroni.yaml"), ("socket-directory", "/var/run/postgresql")])],
                        1, "tsdb", labels=lab, sel={"app": "tsdb", "release": "tsdb"}, sa="tsdb", ago=290 * D,
                        vols=[vol_cm("patroni-config", "tsdb-patroni"), vol_empty("socket-directory")], vct=[{"name": "storage-volume", "size": "150Gi", "sc": "local-path"}],
                        nodes=[bad], psc={"fsGroup": 1000, "runAsGroup": 1000, "runAsNonRoot": True, "runAsUser": 1000}, pod_ago=3 * H + 9 * M)
    c.svc(ns, "tsdb", [("postgresql", 5432, "postgresql")], sel={"app": "tsdb", "release": "tsdb", "role": "master"}, labels=lab, ago=290 * D)
    c.svc(ns, "tsdb-replica", [("postgresql", 5432, "postgresql")], sel={"app": "tsdb", "release": "tsdb", "role": "replica"}, labels=lab, ago=290 * D)
    c.svc(ns, "tsdb-config", [("patroni", 8008, 8008)], headless=True, labels=lab, ago=290 * D)
    c.manual_endpoints(c.get("Service", ns, "tsdb-config"), [], [], labels=lab, ann={"config": "{\"postgresql\":{\"parameters\":{\"max_connections\":200}},\"ttl\":30}", "initialize": "7218839201843112391"}, mirror=False)
    # other workloads (they were on agent-2 before the drain, now elsewhere)
    ingest, _, ipods = micro(c, ns, "ingest", "ghcr.io/fleetops/ingest:1.12.0", replicas=2, port=8080,
                             env=[("TSDB_HOST", "tsdb.telemetry.svc.cluster.local"), ("TSDB_USER", "ingest"), sref("tsdb-credentials", "ingest-password", "TSDB_PASSWORD"), ("MQTT_URL", "tcp://mosquitto.mqtt:1883")],
                             ago=280 * D, pod_ago=3 * H + 8 * M, nodes=["k3s-agent-1", "k3s-agent-3"])
    ip = c.get("Service", ns, "tsdb")["spec"]["clusterIP"]
    crash_pods(c, ipods, "ingest", "2024/09/03 %s ERROR failed to connect to `host=tsdb.telemetry.svc.cluster.local user=ingest database=metrics`: dial error (dial tcp %s:5432: connect: connection refused)\n" % (
        (c.T - dt.timedelta(seconds=200)).strftime("%H:%M:%S"), ip), 3 * H + 7 * M, restarts=(34, 40))
    micro(c, ns, "fleet-dashboard", "ghcr.io/fleetops/dashboard:2.3.4", replicas=1, port=3000, ago=250 * D, pod_ago=3 * H + 8 * M, nodes=["k3s-agent-3"],
          env=[("API_URL", "http://ingest:80")])
    c.ns("mqtt", ago=300 * D)
    c.cm("mqtt", "mosquitto-config", {"mosquitto.conf": "listener 1883\nallow_anonymous false\npassword_file /mosquitto/config/passwd\npersistence true\npersistence_location /mosquitto/data/\n"})
    c.deploy("mqtt", "mosquitto", [ctr("mosquitto", "docker.io/eclipse-mosquitto:2.0.18", ports=[("mqtt", 1883)], live=tcp_probe("mqtt", delay=5), ready=tcp_probe("mqtt"),
                                       mounts=[("config", "/mosquitto/config"), ("data", "/mosquitto/data")])],
             labels={"app": "mosquitto"}, vols=[vol_cm("config", "mosquitto-config"), vol_pvc("data", "mosquitto-data")], strategy={"type": "Recreate"}, nodes=["k3s-agent-1"], ago=280 * D)
    c.pvc("mqtt", "mosquitto-data", "5Gi", "local-path", node="k3s-agent-1", ago=280 * D)
    c.svc("mqtt", "mosquitto", [("mqtt", 1883, "mqtt")], sel={"app": "mosquitto"}, typ="LoadBalancer", lb=c.ninfo["k3s-server-1"]["ip"])
    filler(c, "web", "fleet-portal", "local-path", domain="fleet.internal")
    # drain for kernel patching 3h+ ago; node rebooted and came back but was never uncordoned
    n = c.ninfo[bad]["obj"]
    n["spec"]["unschedulable"] = True
    n["spec"].setdefault("taints", []).append({"effect": "NoSchedule", "key": "node.kubernetes.io/unschedulable", "timeAdded": c.ts(3 * H + 12 * M)})
    n["status"]["nodeInfo"]["bootID"] = c.uid()
    n["status"]["nodeInfo"]["kernelVersion"] = "6.1.0-25-amd64"
    for cd in n["status"]["conditions"]:
        cd["lastTransitionTime"] = c.ts(2 * H + 48 * M)
    for p in c.items["pods"]:
        if p["spec"].get("nodeName") == bad and any(o["kind"] == "DaemonSet" for o in p["metadata"].get("ownerReferences", [])):
            for cs in p["status"]["containerStatuses"]:
                c.restarted(p, cs["name"], cs["restartCount"] + 1, 2 * H + 50 * M, 255, "Unknown", run_for=20 * D)
            for cd in p["status"]["conditions"]:
                if cd["type"] in ("Ready", "ContainersReady", "PodReadyToStartContainers"):
                    cd["lastTransitionTime"] = c.ts(2 * H + 47 * M)
    node_ev(c, bad, "NodeNotSchedulable", "Node %s status is now: NodeNotSchedulable" % bad, 3 * H + 12 * M, comp="kubelet")
    node_ev(c, bad, "Rebooted", "Node %s has been rebooted, boot id: %s" % (bad, n["status"]["nodeInfo"]["bootID"]), 2 * H + 49 * M, comp="kubelet", typ="Warning")
    node_ev(c, bad, "Starting", "Starting kubelet.", 2 * H + 49 * M, comp="kubelet")
    node_ev(c, bad, "NodeReady", "Node %s status is now: NodeReady" % bad, 2 * H + 48 * M, comp="kubelet")
    for pn in ("tsdb-0",):
        c.ev(None, "Killing", "Stopping container timescaledb", comp="kubelet", host=bad, first=3 * H + 10 * M, kind="Pod", api="v1", ns=ns, name=pn, uid=c.uid(),
             fp="spec.containers{timescaledb}")
    pend(c, tp[0], c.sched_msg({"node(s) were unschedulable": 1, "node(s) had volume node affinity conflict": 3}), 3 * H + 9 * M)
    c.ev(s, "SuccessfulCreate", "create Pod tsdb-0 in StatefulSet tsdb successful", comp="statefulset-controller", first=3 * H + 9 * M)
    noise_restarts(c, 4, exclude_ns=(ns,))
    noise_events(c)
    return c, truth(c, "node_left_cordoned_local_pv",
                    "timescale pod tsdb-0 has been Pending since the maintenance window last night and the ingest service is down",
                    "Node", "", bad,
                    "tsdb's data is on a local-path PersistentVolume pinned (nodeAffinity) to k3s-agent-2. The node was drained for kernel "
                    "patching ~3h ago, rebooted and is Ready again, but it is still cordoned (spec.unschedulable=true). The recreated tsdb-0 "
                    "can only run there, so the scheduler reports 1 node unschedulable and 3 with volume node affinity conflict. Fix: uncordon k3s-agent-2.")


def pxc_cluster(c, ns, name, sc, nodes=None, ago=None):
    own = c.crd("pxc.percona.com/v1", "PerconaXtraDBCluster", ns, name)
    c.secret(ns, name + "-secrets", ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"], ago=ago)
    c.secret(ns, "internal-" + name, ["clustercheck", "monitor", "operator", "proxyadmin", "replication", "root", "xtrabackup"], owner=own, ago=ago)
    c.secret(ns, name + "-ssl", ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls", ago=ago)
    c.secret(ns, name + "-ssl-internal", ["ca.crt", "tls.crt", "tls.key"], typ="kubernetes.io/tls", ago=ago)
    c.cm(ns, "auto-%s-pxc" % name, {"auto-config.cnf": "[mysqld]\ninnodb_buffer_pool_size=6442450944\nmax_connections=1000\n"}, owner=own, ago=ago)
    base = {"app.kubernetes.io/instance": name, "app.kubernetes.io/managed-by": "percona-xtradb-cluster-operator", "app.kubernetes.io/name": "percona-xtradb-cluster",
            "app.kubernetes.io/part-of": "percona-xtradb-cluster"}
    plab = dict(base, **{"app.kubernetes.io/component": "pxc"})
    op_img = "percona/percona-xtradb-cluster-operator:1.14.0"
    s, ppods, _ = c.sts(ns, name + "-pxc", [
        ctr("logs", op_img + "-logcollector", req={"cpu": "200m", "memory": "100M"}),
        ctr("logrotate", op_img + "-logcollector", args=["logrotate"], req={"cpu": "200m", "memory": "100M"}),
        ctr("pxc", "percona/percona-xtradb-cluster:8.0.36-28.1", command=["/var/lib/mysql/pxc-entrypoint.sh"], args=["mysqld"],
            ports=[("mysql", 3306), ("replication", 4567), ("ist", 4568), ("sst", 4444), ("mysql-admin", 33062), ("mysqlx", 33060)],
            env=[("PXC_SERVICE", name + "-pxc-unready"), ("MONITOR_HOST", "%"), sref("internal-" + name, "root", "MYSQL_ROOT_PASSWORD"),
                 sref("internal-" + name, "xtrabackup", "XTRABACKUP_PASSWORD"), sref("internal-" + name, "monitor", "MONITOR_PASSWORD"),
                 ("LOG_DATA_DIR", "/var/lib/mysql"), ("IS_LOGCOLLECTOR", "yes"), ("CLUSTER_HASH", str(c.r.randint(10 ** 6, 10 ** 7)))],
            req={"cpu": "2", "memory": "8Gi"}, lim={"memory": "12Gi"},
            live=exec_probe(["/var/lib/mysql/liveness-check.sh"], delay=300, period=10, timeout=5, fail=3),
            ready=exec_probe(["/var/lib/mysql/readiness-check.sh"], delay=15, period=30, timeout=15, fail=5),
            mounts=[("datadir", "/var/lib/mysql"), ("config", "/etc/percona-xtradb-cluster.conf.d"), ("tmp", "/tmp"), ("ssl-internal", "/etc/mysql/ssl-internal"),
                    ("ssl", "/etc/mysql/ssl"), ("auto-config", "/etc/mysql/auto-config"), ("mysql-users-secret-file", "/etc/mysql/mysql-users-secret")])],
        3, name + "-pxc", labels=plab, sel=plab, owner=own, ago=ago, sa="default", pmp="OrderedReady", nodes=nodes,
        init=[ctr("pxc-init", op_img, command=["/pxc-init-entrypoint.sh"], req={"cpu": "2", "memory": "8Gi"}, mounts=[("datadir", "/var/lib/mysql")])],
        vols=[vol_empty("tmp"), {"name": "config", "configMap": {"defaultMode": 420, "name": name + "-pxc", "optional": True}}, vol_secret("ssl-internal", name + "-ssl-internal"),
              vol_secret("ssl", name + "-ssl"), vol_cm("auto-config", "auto-%s-pxc" % name), vol_secret("mysql-users-secret-file", "internal-" + name)],
        vct=[{"name": "datadir", "size": "100Gi", "sc": sc}], psc={"fsGroup": 1001, "supplementalGroups": [1001]}, tgp=600,
        aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": plab}, "topologyKey": "kubernetes.io/hostname"}]}})
    hlab = dict(base, **{"app.kubernetes.io/component": "haproxy"})
    h, hpods, _ = c.sts(ns, name + "-haproxy", [
        ctr("haproxy", "percona/haproxy:2.8.5", ports=[("mysql", 3306), ("mysql-replicas", 3307), ("proxy-protocol", 3309), ("mysql-admin", 33062), ("mysqlx", 33060), ("stats", 8404)],
            req={"cpu": "600m", "memory": "1G"}, live=exec_probe(["/usr/local/bin/liveness-check.sh"], delay=60, period=30, timeout=5, fail=4),
            ready=exec_probe(["/usr/local/bin/readiness-check.sh"], delay=15, period=5, timeout=1, fail=3)),
        ctr("pxc-monit", "percona/haproxy:2.8.5", args=["/usr/bin/peer-list", "-on-change=/usr/bin/add_pxc_nodes.sh", "-service=$(PXC_SERVICE)"],
            env=[("PXC_SERVICE", name + "-pxc")], req={"cpu": "100m", "memory": "128Mi"})],
        3, name + "-haproxy", labels=hlab, sel=hlab, owner=own, ago=ago, pmp="OrderedReady",
        aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": hlab}, "topologyKey": "kubernetes.io/hostname"}]}},
        nodes=nodes)
    c.svc(ns, name + "-pxc", [("mysql", 3306, 3306), ("mysql-admin", 33062, 33062), ("mysqlx", 33060, 33060)], sel=plab, headless=True, pnra=True, owner=own, ago=ago, labels=plab)
    c.svc(ns, name + "-pxc-unready", [("mysql", 3306, 3306), ("mysql-admin", 33062, 33062), ("mysqlx", 33060, 33060)], sel=plab, headless=True, pnra=True, owner=own, ago=ago, labels=plab,
          ann={"service.alpha.kubernetes.io/tolerate-unready-endpoints": "true"})
    c.svc(ns, name + "-haproxy", [("mysql", 3306, 3306), ("mysql-replicas", 3307, 3307), ("proxy-protocol", 3309, 3309), ("mysql-admin", 33062, 33062), ("mysqlx", 33060, 33060)],
          sel=hlab, owner=own, ago=ago, labels=hlab)
    c.svc(ns, name + "-haproxy-replicas", [("mysql-replicas", 3306, 3307)], sel=hlab, owner=own, ago=ago, labels=hlab)
    return s, ppods, h, hpods


def k08():
    c = Cluster("k4-08", 4108, "2024-10-09T02:17:31Z", "kubeadm", "v1.29.8", 700)
    plat_kubeadm(c, "vsphere-prod", [("k8s-m-01", 4, 16), ("k8s-m-02", 4, 16), ("k8s-m-03", 4, 16)], [("k8s-w-%02d" % i, 16, 64) for i in range(1, 7)],
                 cni="calico", net="10.60.2.", os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-119-generic", runtime="containerd://1.7.20")
    bad = "k8s-w-04"
    vs = "vmware-system-csi"
    c.ns(vs, ago=c.age - 3 * D)
    c.sa(vs, "vsphere-csi-controller")
    c.sa(vs, "vsphere-csi-node")
    c.deploy(vs, "vsphere-csi-controller", [ctr("vsphere-csi-controller", "registry.k8s.io/csi-vsphere/driver:v3.3.1", ports=[("healthz", 9808), ("prometheus", 2112)],
                                                live=http_probe("/healthz", "healthz", delay=30, period=180, timeout=10)),
                                            ctr("csi-provisioner", "registry.k8s.io/sig-storage/csi-provisioner:v4.0.1"), ctr("csi-attacher", "registry.k8s.io/sig-storage/csi-attacher:v4.5.1"),
                                            ctr("csi-resizer", "registry.k8s.io/sig-storage/csi-resizer:v1.10.1"), ctr("vsphere-syncer", "registry.k8s.io/csi-vsphere/syncer:v3.3.1")],
             replicas=3, labels={"app": "vsphere-csi-controller", "role": "vsphere-csi"}, sa="vsphere-csi-controller",
             tol=[{"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}], nsel={"node-role.kubernetes.io/control-plane": ""},
             nodes=c.node_order[:3])
    c.ds(vs, "vsphere-csi-node", [ctr("node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.1"),
                                  ctr("vsphere-csi-node", "registry.k8s.io/csi-vsphere/driver:v3.3.1", sc={"privileged": True}),
                                  ctr("liveness-probe", "registry.k8s.io/sig-storage/livenessprobe:v2.12.0")],
         labels={"app": "vsphere-csi-node", "role": "vsphere-csi"}, tol=[{"effect": "NoExecute", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"}],
         sa="vsphere-csi-node", hostnet=True, prio="system-node-critical")
    c.sc("vsphere-csi", "csi.vsphere.vmware.com", {"storagepolicyname": "k8s-gold"}, binding="Immediate", default=True, ago=c.age - 3 * D)
    add_monitoring(c, sc="vsphere-csi")
    add_logging(c, sc="vsphere-csi")
    add_ingress_nginx(c, typ="NodePort")
    ns = "mysql"
    c.ns(ns, ago=500 * D)
    c.sa(ns, "percona-xtradb-cluster-operator")
    simple_deploy(c, ns, "percona-xtradb-cluster-operator", "percona/percona-xtradb-cluster-operator:1.14.0",
                  labels={"app.kubernetes.io/component": "operator", "app.kubernetes.io/instance": "percona-xtradb-cluster-operator", "app.kubernetes.io/name": "percona-xtradb-cluster-operator", "app.kubernetes.io/part-of": "percona-xtradb-cluster-operator"},
                  port=[("metrics", 8080)], probe=("/metrics", "metrics", "/metrics"), svc=False, sa="percona-xtradb-cluster-operator", ago=480 * D)
    workers = c.workers()
    pnodes = [workers[0], workers[2], workers[3]]
    assert workers[3] == bad
    s, ppods, h, hpods = pxc_cluster(c, ns, "cluster1", "vsphere-csi", nodes=pnodes, ago=470 * D)
    c.ns("orders", ago=400 * D)
    c.secret("orders", "orders-mysql", ["password", "username"])
    for nm in ("order-service", "fulfilment-service", "invoice-service"):
        micro(c, "orders", nm, "harbor.vsphere.corp/orders/%s:%s" % (nm, c.r.choice(["4.2.0", "4.2.1", "3.9.7"])), replicas=2, port=8080,
              env=[("DB_URL", "jdbc:mysql://cluster1-haproxy.mysql.svc.cluster.local:3306/orders"), sref("orders-mysql", "username", "DB_USER"), sref("orders-mysql", "password", "DB_PASSWORD")],
              probe_paths=("/actuator/health/liveness", "/actuator/health/readiness"), req={"cpu": "250m", "memory": "768Mi"}, lim={"memory": "1Gi"})
    filler(c, "rabbit", "messaging", "vsphere-csi")
    filler(c, "reports", "reporting", "vsphere-csi")
    since = 47 * M
    stuck = lose_node(c, bad, since)
    for p in stuck:
        rs = [o for o in p["metadata"].get("ownerReferences", []) if o["kind"] == "ReplicaSet"]
        if rs:
            rso = c.get("ReplicaSet", p["metadata"]["namespace"], rs[0]["name"])
            np_ = rs_pod(c, rso, c.place(rso["spec"]["template"]["spec"].get("tolerations"), rso["spec"]["template"]["spec"].get("nodeSelector"), avoid=(bad,)), since - 305)
            c.ev(rso, "SuccessfulCreate", "Created pod: %s" % np_["metadata"]["name"], comp="replicaset-controller", first=since - 304)
            c.pod_start_events(np_, since - 306, pulled=False)
    pxc2 = [p for p in ppods if p["spec"]["nodeName"] == bad][0]
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "node_unreachable_statefulset_pod_stuck",
                    "%s has been stuck Terminating for ~40 minutes, galera is down to two nodes and it won't come back" % pxc2["metadata"]["name"],
                    "Node", "", bad,
                    "Worker k8s-w-04 stopped posting status ~47 min ago (all conditions Unknown, unreachable taints). The taint manager "
                    "evicted its pods, but deletion can never be confirmed by the dead kubelet, so %s (and the haproxy pod there) stay "
                    "Terminating and the StatefulSet will not create a replacement with the same identity. Deployment pods were simply "
                    "recreated elsewhere. Fix: recover the node (or, once it is confirmed down, delete the Node object / force-delete the pod)." % pxc2["metadata"]["name"])


def k09():
    c = Cluster("k4-09", 4109, "2024-08-21T10:03:15Z", "aks", "v1.28.9", 300)
    plat_aks(c, "cms-neu", "northeurope", [("system", 2, "Standard_D4s_v5", 4, 16), ("apps", 4, "Standard_D8s_v5", 8, 32)])
    add_monitoring(c, sc="managed-csi")
    add_ingress_nginx(c, lb="20.%d.%d.%d" % (c.r.randint(100, 120), c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    add_argocd(c)
    ns = "cms"
    c.ns(ns, ago=280 * D)
    apps = [n for n in c.node_order if "-apps-" in n]
    c.secret(ns, "mongo-auth", ["MONGO_INITDB_ROOT_PASSWORD", "MONGO_INITDB_ROOT_USERNAME"], ago=270 * D)
    pvc = c.pvc(ns, "mongo-data", "64Gi", "managed-csi-premium", node=apps[1], ago=270 * D, labels={"app": "mongo"})
    mk = lambda tag: [ctr("mongo", "docker.io/library/mongo:" + tag, args=["--wiredTigerCacheSizeGB", "2"], ports=[("mongodb", 27017)],
                          envFrom=[{"secretRef": {"name": "mongo-auth"}}], req={"cpu": "1", "memory": "4Gi"}, lim={"cpu": "2", "memory": "6Gi"},
                          live=exec_probe(["mongosh", "--quiet", "--eval", "db.adminCommand('ping')"], delay=30, period=20, timeout=10),
                          ready=exec_probe(["mongosh", "--quiet", "--eval", "db.adminCommand('ping')"], delay=10, period=10, timeout=5),
                          mounts=[("data", "/data/db")])]
    since = 38 * M
    dep, nrs, npods = c.deploy(ns, "mongo", mk("7.0.12"), replicas=1, labels={"app": "mongo"}, vols=[vol_pvc("data", "mongo-data")], revision=6,
                               old_ctrs=mk("7.0.11"), old_pods=1, old_ago=41 * D, pod_ago=since, old_nodes=[apps[1]], nodes=[apps[3]], ago=270 * D, new_pods=1,
                               psc={"fsGroup": 999, "runAsUser": 999})
    dep["_stuck"] = True
    np_ = npods[0]
    c.waiting(np_, "mongo", "ContainerCreating", sandbox=False, since=since)
    old_rs = dep["_rs"][-2]
    oldp = [p for p in c.items["pods"] if any(o["uid"] == old_rs["metadata"]["uid"] for o in p["metadata"].get("ownerReferences", []))][0]
    pvname = pvc["spec"]["volumeName"]
    c.ev(dep, "ScalingReplicaSet", "Scaled up replica set %s to 1" % nrs["metadata"]["name"], comp="deployment-controller", first=since)
    c.ev(nrs, "SuccessfulCreate", "Created pod: %s" % np_["metadata"]["name"], comp="replicaset-controller", first=since)
    c.ev(np_, "Scheduled", "Successfully assigned %s/%s to %s" % (ns, np_["metadata"]["name"], apps[3]), comp="default-scheduler", first=since)
    c.ev(np_, "FailedAttachVolume", 'Multi-Attach error for volume "%s" Volume is already used by pod(s) %s' % (pvname, oldp["metadata"]["name"]), "Warning",
         comp="attachdetach-controller", first=since - 1)
    kv = [v["name"] for v in np_["spec"]["volumes"] if v["name"].startswith("kube-api-access")][0]
    c.ev(np_, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data %s]: timed out waiting for the condition" % kv, "Warning",
         host=apps[3], first=since - 125, last=c.r.randint(20, 110), count=16)
    c.secret(ns, "strapi-env", ["ADMIN_JWT_SECRET", "API_TOKEN_SALT", "APP_KEYS", "DATABASE_PASSWORD", "JWT_SECRET"])
    micro(c, ns, "strapi", "cmsacr.azurecr.io/cms/strapi:4.25.1", replicas=2, port=1337,
          env=[("DATABASE_CLIENT", "mongo"), ("DATABASE_HOST", "mongo.cms.svc.cluster.local"), ("DATABASE_PORT", "27017")], envFrom=[{"secretRef": {"name": "strapi-env"}}],
          probe_paths=("/_health", "/_health"), ago=250 * D)
    c.svc(ns, "mongo", [("mongodb", 27017, "mongodb")], sel={"app": "mongo"}, ago=270 * D)
    micro(c, ns, "cms-frontend", "cmsacr.azurecr.io/cms/frontend:2024.08.20", replicas=3, port=3000, env=[("CMS_URL", "http://strapi.cms.svc.cluster.local")], ago=250 * D)
    c.ingress(ns, "cms", "www.example-news.eu", "cms-frontend", 80, tls="cms-tls", ann={"cert-manager.io/cluster-issuer": "letsencrypt-prod"})
    c.secret(ns, "cms-tls", ["tls.crt", "tls.key"], typ="kubernetes.io/tls")
    filler(c, "rabbit", "newsletter", "managed-csi")
    filler(c, "batch", "cms-jobs", "managed-csi")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "rwo_volume_rollingupdate_multiattach",
                    "the mongo deployment in cms has been rolling out for half an hour, new pod stuck in ContainerCreating",
                    "Deployment", ns, "mongo",
                    "Deployment cms/mongo mounts the ReadWriteOnce Azure disk PVC mongo-data but uses the default RollingUpdate strategy. "
                    "The image bump created a new pod on another node while the old pod still holds the disk, so attach fails with "
                    "Multi-Attach error and the rollout hits ProgressDeadlineExceeded. Fix: strategy type Recreate (or StatefulSet).")


def k10():
    c = Cluster("k4-10", 4110, "2024-11-05T15:40:02Z", "openshift", "v1.27.14+7852426", 640)
    plat_openshift(c, "ocp-prod", "corp.example.com", [("master-0", 8, 32), ("master-1", 8, 32), ("master-2", 8, 32)],
                   [("worker-0", 16, 64), ("worker-1", 16, 64), ("worker-2", 16, 64), ("worker-3", 16, 64)])
    ns = "team-risk"
    c.ns(ns, ago=420 * D, labels={"openshift-pipelines.tekton.dev/namespace-reconcile-version": "1.14.3"},
         ann={"openshift.io/description": "Market risk engine", "openshift.io/display-name": "Team Risk", "openshift.io/requester": "j.morel",
              "openshift.io/sa.scc.mcs": "s0:c29,c4", "openshift.io/sa.scc.supplemental-groups": "1000820000/10000", "openshift.io/sa.scc.uid-range": "1000820000/10000"})
    hard = {"limits.cpu": "24", "limits.memory": "40Gi", "persistentvolumeclaims": "10", "pods": "30", "requests.cpu": "12", "requests.memory": "24Gi"}
    q = c.quota(ns, "team-risk-quota", hard, ago=400 * D)
    psc = {"fsGroup": 1000820000, "runAsNonRoot": True, "seLinuxOptions": {"level": "s0:c29,c4"}, "seccompProfile": {"type": "RuntimeDefault"}}
    csc = {"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 1000820000}
    lab = {"app": "redis", "app.kubernetes.io/part-of": "risk-platform"}
    c.cm(ns, "redis-config", {"redis.conf": "appendonly yes\nmaxmemory 3gb\nmaxmemory-policy allkeys-lru\nprotected-mode no\n"}, ago=300 * D)
    c.sa(ns, "redis", ago=300 * D)
    s, rpods, rpvcs = c.sts(ns, "redis", [ctr("redis", "registry.redhat.io/rhel9/redis-7@sha256:" + hashlib.sha256(b"redis7").hexdigest(), command=["run-redis"],
                                            args=["--include", "/etc/redis/conf/redis.conf"], ports=[("redis", 6379)],
                                            req={"cpu": "500m", "memory": "2Gi"}, lim={"cpu": "1", "memory": "4Gi"},
                                            live=tcp_probe("redis", delay=15, period=10), ready=exec_probe(["/bin/sh", "-i", "-c", "test \"$(redis-cli -h 127.0.0.1 ping)\" == \"PONG\""], delay=5, timeout=2),
                                            mounts=[("data", "/var/lib/redis/data"), ("config", "/etc/redis/conf")], sc=csc, tmp="FallbackToLogsOnError")],
                            3, "redis-headless", labels=lab, sa="redis", ago=300 * D, vols=[vol_cm("config", "redis-config")],
                            vct=[{"name": "data", "size": "10Gi", "sc": "ocs-storagecluster-ceph-rbd"}], psc=psc, ordinals=[0, 1])
    rpvcs[2]["metadata"]["creationTimestamp"] = c.ts(24 * M)
    pvn = rpvcs[2]["spec"]["volumeName"]
    c.get("PersistentVolume", "", pvn)["metadata"]["creationTimestamp"] = c.ts(24 * M - 3)
    c.svc(ns, "redis", [("redis", 6379, "redis")], sel=lab, ago=300 * D)
    c.svc(ns, "redis-headless", [("redis", 6379, "redis")], sel=lab, headless=True, ago=300 * D)
    s["metadata"]["generation"] += 1
    c.secret(ns, "risk-db", ["password", "username"], ago=380 * D)
    for nm, rep, req, lim in (("risk-engine", 4, {"cpu": "1", "memory": "3Gi"}, {"cpu": "2", "memory": "6Gi"}),
                              ("risk-api", 2, {"cpu": "250m", "memory": "512Mi"}, {"cpu": "500m", "memory": "1Gi"}),
                              ("scenario-runner", 1, {"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "4Gi"})):
        d_, _, pp = micro(c, ns, nm, "image-registry.openshift-image-registry.svc:5000/team-risk/%s:%s" % (nm, c.r.choice(["2024.10.28", "2024.11.01"])),
                          replicas=rep, port=8080, env=[("REDIS_HOST", "redis"), ("PG_HOST", "risk-pg-primary.team-risk-db.svc")], req=req, lim=lim, ago=350 * D)
        for p in pp:
            p["spec"]["securityContext"] = psc
            p["spec"]["containers"][0]["securityContext"] = csc
    used = quota_used(c.items, ns, hard)
    assert used["limits.memory"] == "38Gi", used
    msg = ('create Pod redis-2 in StatefulSet redis failed error: pods "redis-2" is forbidden: exceeded quota: team-risk-quota, '
           'requested: limits.memory=4Gi, used: limits.memory=%s, limited: limits.memory=%s' % (used["limits.memory"], hard["limits.memory"]))
    c.ev(s, "SuccessfulCreate", "create Claim data-redis-2 Pod redis-2 in StatefulSet redis success", comp="statefulset-controller", first=24 * M)
    c.ev(s, "FailedCreate", msg, "Warning", comp="statefulset-controller", first=24 * M, last=c.r.randint(20, 200), count=c.r.randint(25, 32))
    c.ns("team-pricing", ago=380 * D)
    pg = pg_bitnami(c, "team-pricing", "pricing", "ocs-storagecluster-ceph-rbd", size="30Gi", psc={"fsGroup": 1000830000}, csc=dict(BITNAMI_CSC, runAsUser=1000830000, runAsGroup=1000830000))
    micro(c, "team-pricing", "pricing-svc", "image-registry.openshift-image-registry.svc:5000/team-pricing/pricing-svc:3.3.0", replicas=2, port=8080,
          env=[("DB_HOST", pg["host"]), sref(pg["secret"], "password", "DB_PASSWORD")])
    filler(c, "batch", "risk-batch", "ocs-storagecluster-ceph-rbd")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "resourcequota_exceeded",
                    "I scaled the redis statefulset in team-risk to 3 replicas twenty minutes ago but redis-2 never shows up",
                    "ResourceQuota", ns, "team-risk-quota",
                    "The StatefulSet controller cannot create redis-2: the namespace ResourceQuota team-risk-quota limits limits.memory to "
                    "40Gi and 38Gi is already used, while redis-2 needs 4Gi (FailedCreate 'exceeded quota'). The PVC was created but the pod "
                    "is rejected at admission. Fix: raise the quota (or lower other workloads' limits).")


def img_pull_fail(c, p, cname, image, err, since, count=None):
    node = p["spec"]["nodeName"]
    fp = "spec.containers{%s}" % cname
    n = count or max(3, int(since // 300) + 2)
    c.ev(p, "Pulling", 'Pulling image "%s"' % image, host=node, first=since - 2, last=c.r.randint(30, 280), count=n, fp=fp)
    c.ev(p, "Failed", 'Failed to pull image "%s": %s' % (image, err), "Warning", host=node, first=since - 3, last=c.r.randint(30, 280), count=n, fp=fp)
    c.ev(p, "Failed", "Error: ErrImagePull", "Warning", host=node, first=since - 3, last=c.r.randint(30, 280), count=n, fp=fp)
    c.ev(p, "BackOff", 'Back-off pulling image "%s"' % image, host=node, first=since - 20, last=c.r.randint(2, 30), count=n * 4, fp=fp)
    c.ev(p, "Failed", "Error: ImagePullBackOff", "Warning", host=node, first=since - 20, last=c.r.randint(2, 30), count=n * 4, fp=fp)
    c.waiting(p, cname, "ImagePullBackOff", 'Back-off pulling image "%s"' % image, since=since)


def k11():
    c = Cluster("k4-11", 4111, "2024-05-29T08:14:09Z", "gke", "v1.29.4-gke.1043002", 450)
    plat_gke(c, "fin-apps", "us-central1", [("default-pool", 3, "e2-standard-4", 4, 16), ("apps-pool", 3, "n2-standard-8", 8, 32)], "fin-apps-prod")
    add_monitoring(c, sc="standard-rwo")
    add_ingress_nginx(c, lb="35.193.%d.%d" % (c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    add_external_secrets(c)
    ns = "billing"
    c.ns(ns, ago=400 * D)
    sel = {"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": "billing-mariadb", "app.kubernetes.io/name": "mariadb"}
    lab = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "11.3.2", "helm.sh/chart": "mariadb-18.2.2"})
    c.helm_secret(ns, "billing-mariadb", ver=9, ago=2 * H)
    c.secret(ns, "billing-mariadb", ["mariadb-password", "mariadb-root-password"], labels=lab, ago=380 * D)
    c.cm(ns, "billing-mariadb", {"my.cnf": "[mysqld]\nskip-name-resolve\nexplicit_defaults_for_timestamp\nbasedir=/opt/bitnami/mariadb\ndatadir=/bitnami/mariadb/data\nplugin_dir=/opt/bitnami/mariadb/plugin\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\ntmpdir=/opt/bitnami/mariadb/tmp\nmax_allowed_packet=16M\nbind-address=*\npid-file=/opt/bitnami/mariadb/tmp/mysqld.pid\nlog-error=/opt/bitnami/mariadb/logs/mysqld.log\ncharacter-set-server=UTF8\ncollation-server=utf8_general_ci\nslow_query_log=0\nlong_query_time=10.0\ninnodb_buffer_pool_size=1G\nmax_connections=300\n\n[client]\nport=3306\nsocket=/opt/bitnami/mariadb/tmp/mysql.sock\ndefault-character-set=UTF8\n"},
         labels=lab, ago=380 * D)
    c.sa(ns, "billing-mariadb", ago=380 * D)
    mk = lambda lim: [ctr("mariadb", "docker.io/bitnami/mariadb:11.3.2-debian-12-r5", ports=[("mysql", 3306)],
                          env=[("BITNAMI_DEBUG", "false"), sref("billing-mariadb", "mariadb-root-password", "MARIADB_ROOT_PASSWORD"), ("MARIADB_USER", "billing"),
                               sref("billing-mariadb", "mariadb-password", "MARIADB_PASSWORD"), ("MARIADB_DATABASE", "billing")],
                          req={"cpu": "250m", "memory": "256Mi"}, lim={"cpu": "2", "memory": lim},
                          live=exec_probe(["/bin/bash", "-ec", "password_aux=\"${MARIADB_ROOT_PASSWORD:-}\"\nmysqladmin status -uroot -p\"${password_aux}\"\n"], delay=120, period=10, timeout=1, fail=3),
                          ready=exec_probe(["/bin/bash", "-ec", "password_aux=\"${MARIADB_ROOT_PASSWORD:-}\"\nmysqladmin ping -uroot -p\"${password_aux}\"\n"], delay=30, period=10, timeout=1, fail=3),
                          mounts=[("data", "/bitnami/mariadb"), {"mountPath": "/opt/bitnami/mariadb/conf/my.cnf", "name": "config", "subPath": "my.cnf"}], sc=BITNAMI_CSC)]
    s, mp, _ = c.sts(ns, "billing-mariadb", mk("384Mi"), 1, "billing-mariadb-headless", labels=lab, sel=sel, sa="billing-mariadb", ago=380 * D,
                     vols=[vol_cm("config", "billing-mariadb")], vct=[{"name": "data", "size": "50Gi", "sc": "premium-rwo", "labels": sel}], psc=BITNAMI_PSC,
                     old_ctrs=mk("2Gi"), updated=[0], pod_ago=1 * H + 52 * M,
                     pann={"checksum/configuration": c.hexs(64)})
    c.svc(ns, "billing-mariadb", [("mysql", 3306, "mysql")], sel=sel, labels=lab, ago=380 * D)
    c.svc(ns, "billing-mariadb-headless", [("mysql", 3306, "mysql")], sel=sel, labels=lab, headless=True, pnra=True, ago=380 * D)
    p = mp[0]
    c.crashloop(p, "mariadb", 17, 137, "OOMKilled", None, (c.r.randint(150, 170), c.r.randint(60, 140)), since=1 * H + 50 * M)
    crash_events(c, p, "mariadb", 1 * H + 51 * M, 17)
    c.ev(s, "SuccessfulDelete", "delete Pod billing-mariadb-0 in StatefulSet billing-mariadb successful", comp="statefulset-controller", first=1 * H + 53 * M)
    c.ev(s, "SuccessfulCreate", "create Pod billing-mariadb-0 in StatefulSet billing-mariadb successful", comp="statefulset-controller", first=1 * H + 52 * M)
    c.secret(ns, "billing-app", ["APP_KEY", "DB_PASSWORD", "STRIPE_SECRET"], ago=300 * D)
    api, _, ap = micro(c, ns, "billing-api", "us-docker.pkg.dev/fin-apps-prod/apps/billing-api:8.14.2", replicas=3, port=8080,
                       env=[("DB_CONNECTION", "mysql"), ("DB_HOST", "billing-mariadb.billing.svc.cluster.local"), ("DB_DATABASE", "billing"), ("DB_USERNAME", "billing")],
                       envFrom=[{"secretRef": {"name": "billing-app"}}], probe_paths=("/up", "/up"), ago=300 * D)
    for q in ap:
        c.notready(q, "billing-api", since=1 * H + 50 * M)
        unready_events(c, q, "billing-api", "Readiness probe failed: HTTP probe failed with statuscode: 500", 1 * H + 50 * M)
    w, _, wp = micro(c, ns, "invoice-worker", "us-docker.pkg.dev/fin-apps-prod/apps/billing-api:8.14.2", replicas=2, port=None, svc=False,
                     env=[("DB_HOST", "billing-mariadb.billing.svc.cluster.local"), ("QUEUE_CONNECTION", "redis")], envFrom=[{"secretRef": {"name": "billing-app"}}], ago=300 * D)
    crash_pods(c, wp, "invoice-worker", "\n   Illuminate\\Database\\QueryException \n\n  SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from `jobs` where `queue` = default limit 1)\n",
               1 * H + 45 * M, restarts=(14, 18))
    filler(c, "web", "customer-portal", "standard-rwo")
    filler(c, "rabbit", "events", "standard-rwo")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "memory_limit_too_low_oomkilled",
                    "billing mariadb keeps restarting since the morning deploy, billing api returns 500s",
                    "StatefulSet", ns, "billing-mariadb",
                    "The latest Helm revision of StatefulSet billing-mariadb lowered the mariadb container memory limit from 2Gi to 384Mi "
                    "while my.cnf still sizes innodb_buffer_pool_size=1G. The recreated billing-mariadb-0 is OOMKilled (exit 137) on every "
                    "start and is in CrashLoopBackOff; the apps lose their database. Fix: restore a sane memory limit on the StatefulSet.")


def k12():
    c = Cluster("k4-12", 4112, "2024-06-27T21:49:55Z", "rke2", "v1.28.10+rke2r1", 520)
    plat_rke2(c, "plant-ops", [("rke2-srv-01", 4, 16), ("rke2-srv-02", 4, 16), ("rke2-srv-03", 4, 16)],
              [("rke2-agt-01", 16, 64), ("rke2-agt-02", 16, 64), ("rke2-agt-03", 16, 64), ("rke2-agt-04", 16, 64)])
    c.ns("longhorn-system", ago=c.age - 10 * D)
    simple_ds(c, "longhorn-system", "longhorn-manager", "rancher/mirrored-longhornio-longhorn-manager:v1.6.2", labels={"app": "longhorn-manager"}, tol=None,
              ports=[("manager", 9500)], sa="longhorn-service-account", req={"cpu": "100m", "memory": "256Mi"})
    simple_ds(c, "longhorn-system", "longhorn-csi-plugin", "rancher/mirrored-longhornio-longhorn-manager:v1.6.2", labels={"app": "longhorn-csi-plugin"}, tol=None, sa="longhorn-service-account")
    simple_deploy(c, "longhorn-system", "longhorn-ui", "rancher/mirrored-longhornio-longhorn-ui:v1.6.2", replicas=2, labels={"app": "longhorn-ui"}, port=[("http", 8000)], probe=None,
                  sa="longhorn-ui-service-account", svc_name="longhorn-frontend")
    c.sc("longhorn", "driver.longhorn.io", {"dataLocality": "disabled", "fromBackup": "", "fsType": "ext4", "numberOfReplicas": "3", "staleReplicaTimeout": "30"},
         binding="Immediate", default=True, ago=c.age - 10 * D)
    c.ns("cattle-system", ago=c.age - 5 * D)
    simple_deploy(c, "cattle-system", "cattle-cluster-agent", "rancher/rancher-agent:v2.8.5", replicas=2, labels={"app": "cattle-cluster-agent"}, svc_name="cattle-cluster-agent",
                  port=[("http", 80)], probe=None, sa="cattle")
    add_monitoring(c, sc="longhorn")
    add_logging(c, style="vector")
    ns = "inventory"
    c.ns(ns, ago=480 * D)
    c.secret(ns, "inventory-mysql", ["mysql-password", "mysql-root-password"], ago=470 * D)
    c.cm(ns, "inventory-mysql-cnf", {"custom.cnf": "[mysqld]\ninnodb_buffer_pool_size=24G\ninnodb_redo_log_capacity=8G\nmax_connections=800\nbinlog_expire_logs_seconds=259200\n"}, ago=470 * D)
    lab = {"app": "inventory-mysql", "tier": "database"}
    liveness = exec_probe(["mysqladmin", "ping", "-h", "localhost"], delay=5, period=5, timeout=1, fail=1)
    s, mp, _ = c.sts(ns, "inventory-mysql", [ctr("mysql", "docker.io/library/mysql:8.0.37", ports=[("mysql", 3306)],
                                                  env=[sref("inventory-mysql", "mysql-root-password", "MYSQL_ROOT_PASSWORD"), ("MYSQL_DATABASE", "inventory"), ("MYSQL_USER", "inventory"),
                                                       sref("inventory-mysql", "mysql-password", "MYSQL_PASSWORD")],
                                                  req={"cpu": "4", "memory": "32Gi"}, lim={"cpu": "8", "memory": "36Gi"}, live=liveness,
                                                  ready=exec_probe(["bash", "-c", "mysql -h 127.0.0.1 -u root -p\"$MYSQL_ROOT_PASSWORD\" -e 'SELECT 1'"], delay=10, period=10, timeout=5),
                                                  mounts=[("data", "/var/lib/mysql"), ("cnf", "/etc/mysql/conf.d")], tmp="FallbackToLogsOnError")],
                     1, "inventory-mysql", labels=lab, sa="default", ago=470 * D, vols=[vol_cm("cnf", "inventory-mysql-cnf")],
                     vct=[{"name": "data", "size": "400Gi", "sc": "longhorn"}], pod_ago=58 * M, tgp=60)
    c.svc(ns, "inventory-mysql", [("mysql", 3306, "mysql")], sel=lab, ago=470 * D)
    p = mp[0]
    node = p["spec"]["nodeName"]
    tmsg = ("2024-06-27T21:46:02.114021Z 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld 8.0.37) starting as process 1\n"
            "2024-06-27T21:46:02.139544Z 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started.\n"
            "2024-06-27T21:46:03.001812Z 1 [Note] [MY-012557] [InnoDB] Database was not shutdown normally!\n"
            "2024-06-27T21:46:03.001861Z 1 [Note] [MY-012558] [InnoDB] Starting crash recovery.\n"
            "2024-06-27T21:46:03.441902Z 1 [Note] [MY-013086] [InnoDB] Starting to parse redo log at lsn = 98823710976, whereas checkpoint_lsn = 98823711290 and start_lsn = 98823710720\n"
            "2024-06-27T21:46:07.318004Z 1 [Note] [MY-012550] [InnoDB] Doing recovery: scanned up to log sequence number 98991155712\n"
            "2024-06-27T21:46:08.902231Z 0 [System] [MY-013172] [Server] Received SHUTDOWN from user <via user signal>. Shutting down mysqld (Version: 8.0.37).\n")
    c.crashloop(p, "mysql", 21, 137, "Error", tmsg, (233, 226), since=57 * M, backoff="2m40s")
    p["status"]["containerStatuses"][0]["state"] = {"running": {"startedAt": c.ts(9)}}
    p["status"]["containerStatuses"][0]["started"] = True
    p["status"]["containerStatuses"][0]["lastState"]["terminated"]["startedAt"] = c.ts(233 - 226 + 226 + 7)
    c.fix_conditions(p, trans=57 * M)
    fp = "spec.containers{mysql}"
    c.ev(p, "Unhealthy", "Liveness probe failed: mysqladmin: connect to server at 'localhost' failed\nerror: 'Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)'\nCheck that mysqld is running and that the socket: '/var/run/mysqld/mysqld.sock' exists!\n",
         "Warning", host=node, first=57 * M, last=4, count=22, fp=fp)
    c.ev(p, "Killing", "Container mysql failed liveness probe, will be restarted", host=node, first=57 * M, last=220, count=21, fp=fp)
    c.ev(p, "Unhealthy", "Readiness probe failed: mysql: [Warning] Using a password on the command line interface can be insecure.\nERROR 2002 (HY000): Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)\n",
         "Warning", host=node, first=56 * M, last=8, count=44, fp=fp)
    c.ev(p, "Pulled", 'Container image "docker.io/library/mysql:8.0.37" already present on machine', host=node, first=58 * M, last=10, count=22, fp=fp)
    c.ev(p, "Created", "Created container mysql", host=node, first=58 * M, last=10, count=22, fp=fp)
    c.ev(p, "Started", "Started container mysql", host=node, first=58 * M, last=10, count=22, fp=fp)
    c.ev(p, "BackOff", "Back-off restarting failed container mysql in pod inventory-mysql-0_inventory(%s)" % p["metadata"]["uid"], "Warning", host=node, first=50 * M, last=240, count=37, fp=fp)
    node_ev(c, node, "Rebooted", "Node %s has been rebooted, boot id: %s" % (node, c.uid()), 62 * M, comp="kubelet", typ="Warning")
    node_ev(c, node, "NodeReady", "Node %s status is now: NodeReady" % node, 60 * M, comp="kubelet")
    api, _, ap = micro(c, ns, "inventory-api", "registry.plant.local/inventory/inventory-api:5.0.3", replicas=3, port=8080,
                       env=[("MYSQL_HOST", "inventory-mysql.inventory.svc.cluster.local"), ("MYSQL_USER", "inventory"), sref("inventory-mysql", "mysql-password", "MYSQL_PASSWORD")], ago=400 * D)
    for q in ap:
        c.notready(q, "inventory-api", since=60 * M)
        unready_events(c, q, "inventory-api", "Readiness probe failed: HTTP probe failed with statuscode: 503", 60 * M)
    micro(c, ns, "inventory-ui", "registry.plant.local/inventory/inventory-ui:5.0.3", replicas=2, port=8080, probe_paths=("/", "/"), ago=400 * D)
    filler(c, "rabbit", "plant-events", "longhorn")
    filler(c, "minio", "historian", "longhorn")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "liveness_probe_kills_recovering_db",
                    "inventory mysql restarted after the node reboot and has been restart-looping for an hour, it never becomes ready",
                    "StatefulSet", ns, "inventory-mysql",
                    "After the node reboot mysqld must run InnoDB crash recovery, which takes longer than the StatefulSet's livenessProbe "
                    "allows (initialDelaySeconds 5, periodSeconds 5, timeoutSeconds 1, failureThreshold 1, no startupProbe). The kubelet "
                    "kills mysqld a few seconds into recovery ('Container mysql failed liveness probe, will be restarted'), so it never "
                    "finishes. Fix the probes on StatefulSet inventory-mysql (startupProbe / larger delays and thresholds).")


def k13():
    c = Cluster("k4-13", 4113, "2024-08-08T12:27:36Z", "eks", "v1.30.2-eks-1552ad0", 210)
    plat_eks(c, "payments-use1", "us-east-1", [("core", 3, "m6i.2xlarge", 8, 32), ("workers", 3, "c6i.2xlarge", 8, 16)])
    c.sc("gp3", "ebs.csi.aws.com", {"csi.storage.k8s.io/fstype": "ext4", "encrypted": "true", "type": "gp3"}, binding="WaitForFirstConsumer", default=True, ago=c.age - 5 * D)
    add_monitoring(c, sc="gp3")
    add_ingress_nginx(c, lb={"hostname": "a%s-%d.us-east-1.elb.amazonaws.com" % (c.hexs(32), c.r.randint(10 ** 8, 10 ** 9))})
    add_external_secrets(c)
    zalando_operator(c, ago=190 * D)
    c.ns("payments-db", ago=190 * D)
    z = zalando_cluster(c, "payments-db", "payments-db", "gp3", n=2, team="payments", size="100Gi", users=("payments_app",), ago=185 * D,
                        req={"cpu": "1", "memory": "4Gi"}, lim={"cpu": "2", "memory": "8Gi"})
    ns = "payments"
    c.ns(ns, ago=190 * D)
    c.secret(ns, "payments-db-app", ["password", "username"], ago=180 * D, ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)})
    c.cm(ns, "pgbouncer-config", {"pgbouncer.ini": "[databases]\npayments = host=payments-db.payments-db.svc.cluster.local port=5432 dbname=payments\n\n[pgbouncer]\nlisten_addr = 0.0.0.0\nlisten_port = 6432\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\npool_mode = transaction\nmax_client_conn = 2000\ndefault_pool_size = 40\nserver_tls_sslmode = require\nignore_startup_parameters = extra_float_digits\n"},
         ago=58 * M)
    c.secret(ns, "pgbouncer-userlist", ["userlist.txt"], ago=58 * M)
    pb_lab = {"app.kubernetes.io/name": "pgbouncer", "app.kubernetes.io/instance": "payments", "app.kubernetes.io/component": "connection-pooler"}
    pb, pbrs, pbp = c.deploy(ns, "pgbouncer", [ctr("pgbouncer", "docker.io/bitnami/pgbouncer:1.22.1-debian-12-r5", ports=[("pgbouncer", 6432)],
                                                   env=[("PGBOUNCER_CONFIG_FILE", "/etc/pgbouncer/pgbouncer.ini")],
                                                   req={"cpu": "250m", "memory": "128Mi"}, lim={"cpu": "1", "memory": "256Mi"},
                                                   live=tcp_probe(6432, delay=10, period=10), ready=tcp_probe(6433, delay=5, period=5),
                                                   mounts=[("config", "/etc/pgbouncer/pgbouncer.ini", True), ("userlist", "/etc/pgbouncer/userlist.txt", True)],
                                                   sc={"allowPrivilegeEscalation": False, "runAsNonRoot": True, "runAsUser": 1001})],
                             replicas=2, labels=pb_lab, vols=[{"name": "config", "configMap": {"defaultMode": 420, "items": [{"key": "pgbouncer.ini", "path": "pgbouncer.ini"}], "name": "pgbouncer-config"}},
                                                              {"name": "userlist", "secret": {"defaultMode": 256, "items": [{"key": "userlist.txt", "path": "userlist.txt"}], "secretName": "pgbouncer-userlist"}}],
                             ago=56 * M, pod_ago=56 * M, revision=1, sa="pgbouncer",
                             aff={"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"podAffinityTerm": {"labelSelector": {"matchLabels": pb_lab}, "topologyKey": "kubernetes.io/hostname"}, "weight": 100}]}})
    for p in pbp:
        p["spec"]["volumes"][0]["configMap"]["items"] = [{"key": "pgbouncer.ini", "path": "pgbouncer.ini"}]
        c.notready(p, "pgbouncer", since=55 * M)
        unready_events(c, p, "pgbouncer", "Readiness probe failed: dial tcp %s:6433: connect: connection refused" % p["status"]["podIP"], 55 * M, count=c.r.randint(640, 665))
        c.pod_start_events(p, 56 * M, pulled=True)
    c.ev(pb, "ScalingReplicaSet", "Scaled up replica set %s to 2" % pbrs["metadata"]["name"], comp="deployment-controller", first=56 * M)
    c.svc(ns, "pgbouncer", [("postgres", 6432, "pgbouncer")], sel=pb_lab, ago=56 * M)
    # payments-api switched to the pooler; rollout stuck with the new pods crashing
    c.cm(ns, "payments-api", {"DB_HOST": "pgbouncer.payments.svc.cluster.local", "DB_PORT": "6432", "DB_NAME": "payments", "DB_SSLMODE": "disable",
                              "DB_MAX_CONNS": "10", "LOG_FORMAT": "json"}, ago=53 * M)
    mk = lambda tag: [ctr("payments-api", "%s.dkr.ecr.us-east-1.amazonaws.com/payments/payments-api:%s" % (c.extra["acct"], tag), ports=[("http", 8080)],
                          envFrom=[{"configMapRef": {"name": "payments-api"}}], env=[sref("payments-db-app", "username", "DB_USER"), sref("payments-db-app", "password", "DB_PASSWORD")],
                          req={"cpu": "500m", "memory": "512Mi"}, lim={"memory": "1Gi"}, live=http_probe("/livez", "http", delay=10), ready=http_probe("/readyz", "http"),
                          tmp="FallbackToLogsOnError")]
    api, nrs, npods = c.deploy(ns, "payments-api", mk("v2.41.0"), replicas=4, labels={"app": "payments-api"}, revision=23, old_ctrs=mk("v2.40.3"), old_pods=3,
                               new_pods=2, old_ago=6 * D, pod_ago=52 * M, ago=180 * D, sa="payments-api")
    api["_stuck"] = True
    pip = c.get("Service", ns, "pgbouncer")["spec"]["clusterIP"]
    msg = ('{"level":"fatal","ts":"2024-08-08T12:2%d:%02d.%03dZ","caller":"cmd/main.go:88","msg":"cannot open database pool","error":"failed to connect to `host=pgbouncer.payments.svc.cluster.local user=payments_app database=payments`: dial error (dial tcp %s:6432: connect: connection refused)"}\n'
           % (c.r.randint(2, 5), c.r.randint(0, 59), c.r.randint(0, 999), pip))
    crash_pods(c, npods, "payments-api", msg, 52 * M, restarts=(14, 15))
    c.ev(api, "ScalingReplicaSet", "Scaled up replica set %s to 1" % nrs["metadata"]["name"], comp="deployment-controller", first=52 * M)
    c.ev(api, "ScalingReplicaSet", "Scaled down replica set %s to 3 from 4" % api["_rs"][-2]["metadata"]["name"], comp="deployment-controller", first=52 * M - 2)
    c.ev(api, "ScalingReplicaSet", "Scaled up replica set %s to 2 from 1" % nrs["metadata"]["name"], comp="deployment-controller", first=52 * M - 3)
    micro(c, ns, "payments-gateway", "%s.dkr.ecr.us-east-1.amazonaws.com/payments/gateway:1.9.4" % c.extra["acct"], replicas=2, port=8443,
          env=[("UPSTREAM", "http://payments-api.payments.svc.cluster.local")], ago=170 * D)
    filler(c, "reports", "finance-reports", "gp3")
    filler(c, "batch", "ops", "gp3")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "readiness_probe_wrong_port",
                    "we switched payments-api to go through pgbouncer and the new pods crash with connection refused on 6432; the old pods are still up",
                    "Deployment", ns, "pgbouncer",
                    "The new pgbouncer Deployment listens on 6432 but its readinessProbe checks tcpSocket port 6433, so both pgbouncer pods "
                    "are Running but never Ready ('dial tcp ...:6433: connect: connection refused'). The pgbouncer Service therefore has only "
                    "notReadyAddresses and connections to its ClusterIP are refused, which crashes the new payments-api pods. Postgres and "
                    "pgbouncer itself are fine. Fix the readinessProbe port on Deployment pgbouncer.")


def k14():
    c = Cluster("k4-14", 4114, "2024-04-02T19:05:47Z", "doks", "v1.29.1", 260)
    plat_doks(c, "sidekiq-prod", "fra1", [("pool-main", 4, "s-8vcpu-16gb", 8, 16), ("pool-jobs", 2, "c-8", 8, 16)])
    add_monitoring(c, sc="do-block-storage")
    add_ingress_nginx(c, lb="164.90.%d.%d" % (c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    ns = "queue"
    c.ns(ns, ago=240 * D)
    old_img = "docker.io/bitnami/redis:7.2.4-debian-12-r9"
    new_img = "docker.io/bitnami/redis:7.2.40-debian-12-r0"
    rd = redis_bitnami(c, ns, "jobs-redis", "do-block-storage", replicas=0, size="20Gi", ago=230 * D, img_tag="7.2.40-debian-12-r0", master_old=old_img,
                       req={"cpu": "500m", "memory": "2Gi"}, lim={"cpu": "1", "memory": "3Gi"})
    s, mp, _ = rd["master"]
    mp[0]["metadata"]["labels"]["controller-revision-hash"] = s["_rev"][1]
    mp[0]["spec"]["containers"][0]["image"] = new_img
    mp[0]["status"]["containerStatuses"][0]["image"] = new_img
    p = mp[0]
    for x in c.items["pods"]:
        pass
    p["metadata"]["creationTimestamp"] = c.ts(33 * M)
    p["status"]["startTime"] = c.ts(33 * M)
    for cd in p["status"]["conditions"]:
        cd["lastTransitionTime"] = c.ts(33 * M - 2)
    c.helm_secret(ns, "jobs-redis", ver=12, ago=34 * M)
    img_pull_fail(c, p, "redis", new_img, 'rpc error: code = NotFound desc = failed to pull and unpack image "%s": failed to resolve reference "%s": %s: not found' % (new_img, new_img, new_img), 33 * M)
    c.ev(s, "SuccessfulDelete", "delete Pod jobs-redis-master-0 in StatefulSet jobs-redis-master successful", comp="statefulset-controller", first=34 * M)
    c.ev(s, "SuccessfulCreate", "create Pod jobs-redis-master-0 in StatefulSet jobs-redis-master successful", comp="statefulset-controller", first=33 * M)
    c.ev(p, "Scheduled", "Successfully assigned queue/jobs-redis-master-0 to %s" % p["spec"]["nodeName"], comp="default-scheduler", first=33 * M)
    c.secret(ns, "rails-secrets", ["DATABASE_URL", "RAILS_MASTER_KEY", "SECRET_KEY_BASE"], ago=200 * D)
    mip = c.get("Service", ns, "jobs-redis-master")["spec"]["clusterIP"]
    env = [("REDIS_URL", "redis://jobs-redis-master.queue.svc.cluster.local:6379/0"), sref("jobs-redis", "redis-password", "REDIS_PASSWORD"), ("RAILS_ENV", "production")]
    jobs_nodes = [n for n in c.node_order if n.startswith("pool-jobs")]
    sk, _, skp = micro(c, ns, "sidekiq", "registry.digitalocean.com/acme/shopapp:2024.04.02-3", replicas=4, port=7433, env=env, envFrom=[{"secretRef": {"name": "rails-secrets"}}],
                       ago=200 * D, probe_paths=("/", "/"), nsel={"doks.digitalocean.com/node-pool": "pool-jobs"})
    crash_pods(c, skp, "sidekiq", "Redis::CannotConnectError: Error connecting to Redis on jobs-redis-master.queue.svc.cluster.local:6379 (Errno::ECONNREFUSED)\n/usr/local/bundle/gems/redis-client-0.21.1/lib/redis_client/ruby_connection.rb:148:in `rescue in connect'\n",
               32 * M, restarts=(9, 11))
    micro(c, ns, "web", "registry.digitalocean.com/acme/shopapp:2024.04.02-3", replicas=3, port=3000, env=env, envFrom=[{"secretRef": {"name": "rails-secrets"}}],
          ago=200 * D, probe_paths=("/up", "/up"))
    c.ns("shop-db", ago=240 * D)
    pg_bitnami(c, "shop-db", "shopdb", "do-block-storage", size="80Gi", db="shop", user="shop")
    filler(c, "web", "marketing", "do-block-storage")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "image_tag_does_not_exist",
                    "sidekiq workers are all crashing with ECONNREFUSED to redis since the dependency bot merge",
                    "StatefulSet", ns, "jobs-redis-master",
                    "The Renovate bump changed the StatefulSet jobs-redis-master image to docker.io/bitnami/redis:7.2.40-debian-12-r0, a tag "
                    "that does not exist. The recreated jobs-redis-master-0 is in ImagePullBackOff (NotFound), so the Redis Service has no "
                    "endpoints and every Sidekiq worker crashes with ECONNREFUSED. Fix the image tag on the StatefulSet.")


def k15():
    c = Cluster("k4-15", 4115, "2024-12-11T08:58:21Z", "rke2", "v1.30.6+rke2r1", 480)
    plat_rke2(c, "fin-core", [("rke2-cp-1", 4, 16), ("rke2-cp-2", 4, 16), ("rke2-cp-3", 4, 16)],
              [("rke2-agent-1", 16, 64), ("rke2-agent-2", 16, 64), ("rke2-agent-3", 16, 64), ("rke2-agent-4", 16, 64)])
    newn = c.node_order[-1]
    c.ninfo[newn]["obj"]["metadata"]["creationTimestamp"] = c.ts(2 * D + 3 * H)
    c.ninfo[newn]["age"] = 2 * D + 3 * H
    c.ns("longhorn-system", ago=c.age - 10 * D)
    simple_ds(c, "longhorn-system", "longhorn-manager", "rancher/mirrored-longhornio-longhorn-manager:v1.7.2", labels={"app": "longhorn-manager"}, tol=None,
              ports=[("manager", 9500)], sa="longhorn-service-account", req={"cpu": "100m", "memory": "256Mi"}, ago=c.age - 10 * D)
    c.sc("longhorn", "driver.longhorn.io", {"dataLocality": "disabled", "fromBackup": "", "fsType": "ext4", "numberOfReplicas": "3", "staleReplicaTimeout": "30"},
         binding="Immediate", default=True, ago=c.age - 10 * D)
    add_monitoring(c, sc="longhorn")
    add_external_secrets(c)
    add_cert_manager(c)
    for p in c.items["pods"]:
        if p["spec"].get("nodeName") == newn:
            p["metadata"]["creationTimestamp"] = c.ts(min(c.ctime(p), 2 * D + 2 * H))
            p["status"]["startTime"] = p["metadata"]["creationTimestamp"]
    ns = "treasury"
    c.ns(ns, ago=400 * D)
    c.secret(ns, "harbor-robot-treasury", [".dockerconfigjson"], typ="kubernetes.io/dockerconfigjson", ago=9 * D,
             labels={"reconcile.external-secrets.io/created-by": c.hexs(32)}, ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)})
    c.sa(ns, "treasury-db", pull=["harbor-robot"], ago=390 * D, labels={"app.kubernetes.io/part-of": "treasury"})
    c.sa(ns, "treasury-app", pull=["harbor-robot-treasury"], ago=390 * D, labels={"app.kubernetes.io/part-of": "treasury"})
    c.secret(ns, "treasury-pg-credentials", ["POSTGRES_PASSWORD", "REPLICATION_PASSWORD", "app-password"], ago=390 * D)
    img = "harbor.corp.internal/dbteam/postgres-hardened:15.8-3"
    lab = {"app.kubernetes.io/name": "treasury-pg", "app.kubernetes.io/part-of": "treasury", "app.kubernetes.io/component": "database"}
    s, tp, _ = c.sts(ns, "treasury-pg", [ctr("postgres", img, ports=[("postgres", 5432)], env=[("PGDATA", "/var/lib/postgresql/data/pgdata"), sref("treasury-pg-credentials", "POSTGRES_PASSWORD")],
                                             req={"cpu": "2", "memory": "8Gi"}, lim={"cpu": "4", "memory": "8Gi"},
                                             live=exec_probe(["pg_isready", "-U", "postgres"], delay=30, period=10, timeout=5, fail=6),
                                             ready=exec_probe(["pg_isready", "-U", "postgres"], delay=5, period=10, timeout=5),
                                             mounts=[("data", "/var/lib/postgresql/data")])],
                     1, "treasury-pg", labels=lab, sa="treasury-db", ago=380 * D, vct=[{"name": "data", "size": "200Gi", "sc": "longhorn"}],
                     psc={"fsGroup": 999, "runAsUser": 999, "runAsGroup": 999}, nodes=[newn], pod_ago=27 * M, pvc_ago=380 * D)
    p = tp[0]
    p["spec"]["imagePullSecrets"] = [{"name": "harbor-robot"}]
    c.svc(ns, "treasury-pg", [("postgres", 5432, "postgres")], sel=lab, ago=380 * D)
    err = ('rpc error: code = Unknown desc = failed to pull and unpack image "%s": failed to resolve reference "%s": pull access denied, repository does not exist '
           'or may require authorization: authorization failed: no basic auth credentials' % (img, img))
    c.ev(p, "FailedToRetrieveImagePullSecret", "Unable to retrieve some image pull secrets (harbor-robot); attempting to pull the image may not succeed.", "Warning",
         host=newn, first=27 * M, last=c.r.randint(10, 200), count=c.r.randint(90, 110))
    img_pull_fail(c, p, "postgres", img, err, 27 * M)
    c.ev(p, "Scheduled", "Successfully assigned treasury/treasury-pg-0 to %s" % newn, comp="default-scheduler", first=27 * M)
    c.ev(s, "SuccessfulCreate", "create Pod treasury-pg-0 in StatefulSet treasury-pg successful", comp="statefulset-controller", first=27 * M)
    oldn = c.node_order[-3]
    c.ev(None, "Killing", "Stopping container postgres", host=oldn, first=28 * M, kind="Pod", api="v1", ns=ns, name="treasury-pg-0", uid=c.uid(), fp="spec.containers{postgres}")
    node_ev(c, oldn, "NodeNotSchedulable", "Node %s status is now: NodeNotSchedulable" % oldn, 29 * M, comp="kubelet")
    node_ev(c, oldn, "NodeSchedulable", "Node %s status is now: NodeSchedulable" % oldn, 6 * M, comp="kubelet")
    for nm, port in (("treasury-api", 8080), ("fx-rates", 8081), ("settlement-worker", None)):
        d_, _, pp = micro(c, ns, nm, "harbor.corp.internal/treasury/%s:4.%d.%d" % (nm, c.r.randint(0, 9), c.r.randint(0, 20)), replicas=2, port=port, sa="treasury-app",
                          env=[("PGHOST", "treasury-pg.treasury.svc.cluster.local"), sref("treasury-pg-credentials", "app-password", "PGPASSWORD")], svc=port is not None, ago=360 * D)
        for q in pp:
            q["spec"]["imagePullSecrets"] = [{"name": "harbor-robot-treasury"}]
            if nm != "fx-rates":
                c.notready(q, nm, since=26 * M)
                unready_events(c, q, nm, "Readiness probe failed: HTTP probe failed with statuscode: 503", 26 * M)
    filler(c, "reports", "treasury-reporting", "longhorn")
    filler(c, "batch", "batch", "longhorn")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "serviceaccount_wrong_imagepullsecret",
                    "treasury postgres won't start after this morning's node maintenance, ImagePullBackOff from our harbor",
                    "ServiceAccount", ns, "treasury-db",
                    "treasury-pg-0 was rescheduled onto a fresh node that has no cached copy of the private Harbor image. Its ServiceAccount "
                    "treasury-db still lists imagePullSecrets 'harbor-robot', but the pull secret was re-created as 'harbor-robot-treasury' "
                    "(the app ServiceAccount already uses it). The kubelet cannot find the secret and the anonymous pull is denied. Fix the "
                    "ServiceAccount's imagePullSecrets.")


def k16():
    c = Cluster("k4-16", 4116, "2024-10-24T07:33:12Z", "k3s", "v1.30.5+k3s1", 290)
    plat_k3s(c, "retail-edge", [("k3s-cp-a", 4, 16), ("k3s-cp-b", 4, 16), ("k3s-cp-c", 4, 16)],
             [("k3s-w-a", 8, 32), ("k3s-w-b", 8, 32), ("k3s-w-c", 8, 32)], net="10.88.4.")
    add_monitoring(c, sc="local-path", prom_size="20Gi")
    add_logging(c, sc="local-path")
    add_cert_manager(c)
    add_kyverno(c)
    ns = "psmdb"
    c.ns(ns, ago=270 * D)
    c.sa(ns, "percona-server-mongodb-operator", automount=False, ago=260 * D,
         ann={"policies.kyverno.io/last-applied-patches": "disable-sa-token-automount.restrict-automount-sa-token.kyverno.io: replaced /automountServiceAccountToken\n"})
    c.get("ServiceAccount", ns, "percona-server-mongodb-operator")["metadata"]["resourceVersion"] = c.rv()
    olab = {"app.kubernetes.io/component": "operator", "app.kubernetes.io/instance": "percona-server-mongodb-operator",
            "app.kubernetes.io/name": "percona-server-mongodb-operator", "app.kubernetes.io/part-of": "percona-server-mongodb-operator"}
    c.helm_secret(ns, "psmdb-operator", ver=7, ago=2 * H + 10 * M)
    mk = lambda tag: [ctr("percona-server-mongodb-operator", "percona/percona-server-mongodb-operator:" + tag, command=["percona-server-mongodb-operator"],
                          ports=[("metrics", 8080)], env=[("LOG_STRUCTURED", "false"), ("LOG_LEVEL", "INFO"), ("WATCH_NAMESPACE", ns), fref("POD_NAME", "metadata.name"),
                                                          ("OPERATOR_NAME", "percona-server-mongodb-operator"), ("RESYNC_PERIOD", "5s"), ("DISABLE_TELEMETRY", "false")],
                          live=http_probe("/healthz", "health", delay=0, period=10, fail=3), ready=http_probe("/healthz", "health", period=10),
                          req={"cpu": "100m", "memory": "64Mi"}, lim={"cpu": "500m", "memory": "256Mi"}, tmp="FallbackToLogsOnError")]
    for x in mk("1.17.0")[0]["ports"]:
        pass
    op, ors, opods = c.deploy(ns, "percona-server-mongodb-operator", mk("1.17.0"), replicas=1, labels=olab, sa="percona-server-mongodb-operator", ago=260 * D,
                              revision=7, pod_ago=2 * H + 8 * M, automount=False)
    for tmpl in [op["spec"]["template"]] + [r["spec"]["template"] for r in op["_rs"]] + [p for p in opods]:
        cs = tmpl["spec"]["containers"][0]
        cs["ports"].append({"containerPort": 8081, "name": "health", "protocol": "TCP"})
    msg = ("2024-10-24T07:3%d:%02d.%03dZ\tINFO\tsetup\tManager starting up\t{\"gitCommit\": \"e4f0d4a1a0c8d2f3b0b0b0d6d7a1f4c0c5f2b4a1\", \"gitBranch\": \"release-1-17-0\", \"goVersion\": \"go1.22.7\", \"os\": \"linux\", \"arch\": \"amd64\"}\n"
           "2024-10-24T07:3%d:%02d.%03dZ\tERROR\tsetup\tunable to get kubeconfig\t{\"error\": \"open /var/run/secrets/kubernetes.io/serviceaccount/token: no such file or directory\"}\n"
           "main.main\n\t/go/src/github.com/percona/percona-server-mongodb-operator/cmd/manager/main.go:103\nruntime.main\n\t/usr/local/go/src/runtime/proc.go:271\n") % (
        c.r.randint(0, 2), c.r.randint(0, 59), c.r.randint(0, 999), c.r.randint(0, 2), c.r.randint(0, 59), c.r.randint(0, 999))
    crash_pods(c, opods, "percona-server-mongodb-operator", msg, 2 * H + 7 * M, restarts=(28, 29))
    c.ev(op, "ScalingReplicaSet", "Scaled up replica set %s to 1" % ors["metadata"]["name"], comp="deployment-controller", first=2 * H + 8 * M)
    c.ev(op, "ScalingReplicaSet", "Scaled down replica set %s to 0 from 1" % op["_rs"][-2]["metadata"]["name"], comp="deployment-controller", first=2 * H + 8 * M - 2) if len(op["_rs"]) > 1 else None
    own = c.crd("psmdb.percona.com/v1", "PerconaServerMongoDB", ns, "psmdb-prod")
    for sname, keys in (("psmdb-prod-secrets", ["MONGODB_BACKUP_PASSWORD", "MONGODB_BACKUP_USER", "MONGODB_CLUSTER_ADMIN_PASSWORD", "MONGODB_CLUSTER_ADMIN_USER",
                                                 "MONGODB_CLUSTER_MONITOR_PASSWORD", "MONGODB_CLUSTER_MONITOR_USER", "MONGODB_DATABASE_ADMIN_PASSWORD", "MONGODB_DATABASE_ADMIN_USER",
                                                 "MONGODB_USER_ADMIN_PASSWORD", "MONGODB_USER_ADMIN_USER"]),
                        ("psmdb-prod-ssl", ["ca.crt", "tls.crt", "tls.key"]), ("psmdb-prod-ssl-internal", ["ca.crt", "tls.crt", "tls.key"]),
                        ("psmdb-prod-mongodb-keyfile", ["mongodb-key"]), ("psmdb-prod-mongodb-encryption-key", ["encryption-key"]),
                        ("internal-psmdb-prod-users", ["MONGODB_BACKUP_PASSWORD", "MONGODB_BACKUP_USER"]), ("psmdb-backup-s3", ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"])):
        c.secret(ns, sname, keys, ago=250 * D, owner=own if sname.startswith("internal") else None)
    lab = {"app.kubernetes.io/component": "mongod", "app.kubernetes.io/instance": "psmdb-prod", "app.kubernetes.io/managed-by": "percona-server-mongodb-operator",
           "app.kubernetes.io/name": "percona-server-mongodb", "app.kubernetes.io/part-of": "percona-server-mongodb", "app.kubernetes.io/replset": "rs0"}
    c.sa(ns, "default")
    s, mp, _ = c.sts(ns, "psmdb-prod-rs0", [ctr("mongod", "percona/percona-server-mongodb:7.0.14-8", args=["--bind_ip_all", "--auth", "--dbpath=/data/db", "--port=27017", "--replSet=rs0", "--storageEngine=wiredTiger",
                                                                                                   "--relaxPermChecks", "--sslAllowInvalidCertificates", "--clusterAuthMode=x509", "--tlsMode=preferTLS"],
                                                 ports=[("mongodb", 27017)], envFrom=[{"secretRef": {"name": "internal-psmdb-prod-users", "optional": False}}],
                                                 req={"cpu": "1", "memory": "4Gi"}, lim={"cpu": "2", "memory": "4Gi"},
                                                 live=exec_probe(["/opt/percona/mongodb-healthcheck", "k8s", "liveness", "--ssl", "--sslInsecure", "--sslCAFile", "/etc/mongodb-ssl/ca.crt", "--sslPEMKeyFile", "/tmp/tls.pem", "--startupDelaySeconds", "7200"], delay=60, period=30, timeout=10, fail=4),
                                                 ready=tcp_probe(27017, delay=10, period=3, timeout=2, fail=8),
                                                 mounts=[("mongod-data", "/data/db"), ("psmdb-prod-mongodb-keyfile", "/etc/mongodb-secrets", True), ("ssl", "/etc/mongodb-ssl", True),
                                                         ("ssl-internal", "/etc/mongodb-ssl-internal", True), ("bin", "/opt/percona")]),
                                             ctr("backup-agent", "percona/percona-backup-mongodb:2.5.0", command=["/opt/percona/pbm-entry.sh"], args=["pbm-agent-entrypoint"],
                                                 env=[sref("internal-psmdb-prod-users", "MONGODB_BACKUP_USER", "PBM_AGENT_MONGODB_USERNAME"),
                                                      sref("internal-psmdb-prod-users", "MONGODB_BACKUP_PASSWORD", "PBM_AGENT_MONGODB_PASSWORD"), ("PBM_MONGODB_REPLSET", "rs0"),
                                                      ("PBM_MONGODB_PORT", "27017"), fref("POD_NAME", "metadata.name")], mounts=[("ssl", "/etc/mongodb-ssl", True), ("bin", "/opt/percona")])],
                     3, "psmdb-prod-rs0", labels=lab, owner=own, ago=250 * D, sa="default",
                     init=[ctr("mongo-init", "percona/percona-server-mongodb-operator:1.17.0", command=["/init-entrypoint.sh"], mounts=[("bin", "/opt/percona")])],
                     vols=[vol_secret("psmdb-prod-mongodb-keyfile", "psmdb-prod-mongodb-keyfile", mode=288), vol_empty("bin"), vol_secret("ssl", "psmdb-prod-ssl", mode=288),
                           vol_secret("ssl-internal", "psmdb-prod-ssl-internal", mode=288)],
                     vct=[{"name": "mongod-data", "size": "50Gi", "sc": "local-path"}], psc={"fsGroup": 1001}, tgp=60,
                     aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": lab}, "topologyKey": "kubernetes.io/hostname"}]}})
    c.svc(ns, "psmdb-prod-rs0", [("mongodb", 27017, 27017)], sel=lab, headless=True, owner=own, ago=250 * D, labels=lab)
    c.cronjob(ns, "psmdb-prod-inventory-export", "30 1 * * *", [ctr("export", "registry.retail.local/tools/mongo-export:1.2.0",
                                                                   env=[("MONGO_URI", "mongodb://psmdb-prod-rs0.psmdb.svc.cluster.local/?replicaSet=rs0")])],
              D, (c.T.hour * 3600 + c.T.minute * 60 - 1 * H - 30 * M) % D or D, hist=3)
    c.ns("pos", ago=260 * D)
    c.secret("pos", "pos-mongo", ["MONGO_URI"], ago=250 * D)
    for nm in ("pos-api", "loyalty-sync", "price-sync"):
        micro(c, "pos", nm, "registry.retail.local/pos/%s:3.%d.%d" % (nm, c.r.randint(0, 9), c.r.randint(0, 9)), replicas=2 if nm == "pos-api" else 1,
              port=8080, envFrom=[{"secretRef": {"name": "pos-mongo"}}], ago=240 * D)
    filler(c, "web", "storefront", "local-path", domain="retail.local")
    noise_restarts(c, 4, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "serviceaccount_automount_disabled",
                    "the percona mongodb operator pod has been crashlooping since this morning's upgrade; the mongo pods are fine but nothing is being reconciled",
                    "ServiceAccount", ns, "percona-server-mongodb-operator",
                    "A Kyverno hardening policy patched the operator's ServiceAccount percona-server-mongodb-operator to "
                    "automountServiceAccountToken=false. The operator pod created by this morning's upgrade therefore has no projected "
                    "token volume and exits with 'unable to get kubeconfig ... serviceaccount/token: no such file or directory' "
                    "(CrashLoopBackOff). The MongoDB replica set keeps running but is unmanaged (no backups/scaling). Fix: re-enable token "
                    "automount for that ServiceAccount (or exempt it from the policy).")


def k17():
    c = Cluster("k4-17", 4117, "2024-07-01T23:11:58Z", "gke", "v1.29.5-gke.1091002", 610)
    cass_taint = [{"effect": "NoSchedule", "key": "dedicated", "value": "cassandra"}]
    plat_gke(c, "events-prod", "us-east4", [("default-pool", 3, "e2-standard-8", 8, 32), ("batch-pool", 3, "e2-standard-4", 4, 16),
                                            ("cassandra-pool", 3, "n2-highmem-8", 8, 64, cass_taint)], "events-prod-4410")
    add_monitoring(c, sc="standard-rwo")
    add_ingress_nginx(c, lb="34.86.%d.%d" % (c.r.randint(0, 255), c.r.randint(1, 250)))
    add_argocd(c)
    ns = "events-store"
    c.ns(ns, ago=560 * D)
    cn = [n for n in c.node_order if c.ninfo[n]["obj"]["metadata"]["labels"]["cloud.google.com/gke-nodepool"] == "cassandra-pool"]
    sel = {"app.kubernetes.io/instance": "cassandra", "app.kubernetes.io/name": "cassandra"}
    lab = dict(sel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "4.1.5", "helm.sh/chart": "cassandra-11.3.7"})
    c.helm_secret(ns, "cassandra", ver=14, ago=44 * M)
    c.secret(ns, "cassandra", ["cassandra-password"], labels=lab, ago=550 * D)
    c.sa(ns, "cassandra", ago=550 * D)
    tol = [{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "cassandra"}]
    mk = lambda heap, pool: [ctr("cassandra", "docker.io/bitnami/cassandra:4.1.5-debian-12-r3", command=["bash", "-ec", "# Node 0 is the password seeder\nif [[ $POD_NAME =~ (.*)-0$ ]]; then\n    echo \"Setting node as password seeder\"\n    export CASSANDRA_PASSWORD_SEEDER=yes\nfi\nexec /opt/bitnami/scripts/cassandra/entrypoint.sh /opt/bitnami/scripts/cassandra/run.sh\n"],
                                 ports=[("intra", 7000), ("tls", 7001), ("jmx", 7199), ("cql", 9042)],
                                 env=[("BITNAMI_DEBUG", "false"), ("CASSANDRA_CLUSTER_NAME", "events"), ("CASSANDRA_SEEDS", "cassandra-0.cassandra-headless.events-store.svc.cluster.local,cassandra-1.cassandra-headless.events-store.svc.cluster.local"),
                                      sref("cassandra", "cassandra-password", "CASSANDRA_PASSWORD"), fref("POD_IP", "status.podIP"), fref("POD_NAME", "metadata.name"), ("CASSANDRA_USER", "cassandra"),
                                      ("CASSANDRA_NUM_TOKENS", "256"), ("CASSANDRA_DATACENTER", "dc1"), ("CASSANDRA_RACK", "rack1"), ("MAX_HEAP_SIZE", heap), ("HEAP_NEWSIZE", "2048M"),
                                      ("CASSANDRA_ENDPOINT_SNITCH", "SimpleSnitch"), ("CASSANDRA_ENABLE_RPC", "true"), ("CASSANDRA_TRANSPORT_PORT_NUMBER", "7000"), ("CASSANDRA_CQL_PORT_NUMBER", "9042")],
                                 req={"cpu": "4", "memory": "32Gi"}, lim={"cpu": "6", "memory": "40Gi"},
                                 live=exec_probe(["/bin/bash", "-ec", "nodetool info | grep \"Native Transport active: true\"\n"], delay=60, period=30, timeout=30, fail=5),
                                 ready=exec_probe(["/bin/bash", "-ec", "nodetool status | grep -E \"^UN\\\\s+${POD_IP}\"\n"], delay=60, period=10, timeout=30, fail=5),
                                 mounts=[("data", "/bitnami/cassandra"), {"mountPath": "/tmp", "name": "empty-dir", "subPath": "tmp-dir"}], sc=BITNAMI_CSC)]
    s, cp, _ = c.sts(ns, "cassandra", mk("16384M", None), 3, "cassandra-headless", labels=lab, sel=sel, sa="cassandra", ago=550 * D,
                     vols=[vol_empty("empty-dir")], vct=[{"name": "data", "size": "1Ti", "sc": "premium-rwo"}], psc=BITNAMI_PSC, tol=tol,
                     nsel={"cloud.google.com/gke-nodepool": "casandra-pool"}, old_ctrs=mk("12288M", None), updated=[2], nodes=cn, tgp=300,
                     old_extra={"nodeSelector": {"cloud.google.com/gke-nodepool": "cassandra-pool"}}, pvc_ago=540 * D)
    for p in cp[:2]:
        p["spec"]["nodeSelector"] = {"cloud.google.com/gke-nodepool": "cassandra-pool"}
    p2 = cp[2]
    p2["spec"]["nodeSelector"] = {"cloud.google.com/gke-nodepool": "casandra-pool"}
    p2["metadata"]["creationTimestamp"] = c.ts(41 * M)
    total = len(c.node_order)
    pend(c, p2, c.sched_msg({"node(s) didn't match Pod's node affinity/selector": total}), 41 * M)
    c.ev(s, "SuccessfulDelete", "delete Pod cassandra-2 in StatefulSet cassandra successful", comp="statefulset-controller", first=42 * M)
    c.ev(s, "SuccessfulCreate", "create Pod cassandra-2 in StatefulSet cassandra successful", comp="statefulset-controller", first=41 * M)
    c.ev(None, "Killing", "Stopping container cassandra", host=cn[2], first=42 * M, kind="Pod", api="v1", ns=ns, name="cassandra-2", uid=c.uid(), fp="spec.containers{cassandra}")
    c.svc(ns, "cassandra", [("cql", 9042, "cql")], sel=sel, labels=lab, ago=550 * D)
    c.svc(ns, "cassandra-headless", [("intra", 7000, "intra"), ("tls", 7001, "tls"), ("jmx", 7199, "jmx"), ("cql", 9042, "cql")], sel=sel, labels=lab, headless=True, pnra=True, ago=550 * D)
    for nm in ("event-ingest", "event-query", "sessionizer"):
        micro(c, ns, nm, "us-east4-docker.pkg.dev/events-prod-4410/svc/%s:2024.06.%d" % (nm, c.r.randint(10, 28)), replicas=3 if nm == "event-ingest" else 2, port=8080,
              env=[("CASSANDRA_CONTACT_POINTS", "cassandra.events-store.svc.cluster.local"), ("CASSANDRA_LOCAL_DC", "dc1"), ("CASSANDRA_CONSISTENCY", "LOCAL_QUORUM"),
                   sref("cassandra", "cassandra-password", "CASSANDRA_PASSWORD")], ago=500 * D)
    filler(c, "kafka", "kafka", "premium-rwo")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "statefulset_nodeselector_typo",
                    "cassandra-2 has been Pending since we rolled out the new heap settings, the ring is running on two nodes",
                    "StatefulSet", ns, "cassandra",
                    "The Helm upgrade that changed MAX_HEAP_SIZE also changed the StatefulSet pod template nodeSelector to "
                    "cloud.google.com/gke-nodepool=casandra-pool (typo; the pool is cassandra-pool). The rolling update recreated "
                    "cassandra-2 with the new template and no node matches ('9 node(s) didn't match Pod's node affinity/selector'). "
                    "Fix the nodeSelector in StatefulSet cassandra.")


def k18():
    c = Cluster("k4-18", 4118, "2024-09-17T15:02:41Z", "eks", "v1.30.4-eks-a737599", 150)
    plat_eks(c, "data-platform", "us-west-2", [("general", 3, "m6i.2xlarge", 8, 32), ("analytics-r6i", 3, "r6i.2xlarge", 8, 64),
                                                ("gpu", 2, "g5.2xlarge", 8, 32, [{"effect": "NoSchedule", "key": "dedicated", "value": "gpu"}], {"nvidia.com/gpu.present": "true"})])
    c.sc("gp3", "ebs.csi.aws.com", {"csi.storage.k8s.io/fstype": "ext4", "encrypted": "true", "type": "gp3"}, binding="WaitForFirstConsumer", default=True, ago=c.age - 5 * D)
    c.sa("kube-system", "cluster-autoscaler", ann={"eks.amazonaws.com/role-arn": "arn:aws:iam::%s:role/data-platform-cluster-autoscaler" % c.extra["acct"]})
    simple_deploy(c, "kube-system", "cluster-autoscaler", "registry.k8s.io/autoscaling/cluster-autoscaler:v1.30.2", labels={"app.kubernetes.io/instance": "cluster-autoscaler", "app.kubernetes.io/name": "aws-cluster-autoscaler"},
                  port=[("http", 8085)], probe=("/health-check", "http", "/health-check"), sa="cluster-autoscaler", prio="system-cluster-critical",
                  args=["--cloud-provider=aws", "--namespace=kube-system", "--node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/data-platform", "--balance-similar-node-groups=true", "--expander=least-waste", "--skip-nodes-with-local-storage=false"])
    add_monitoring(c, sc="gp3")
    add_ingress_nginx(c, lb={"hostname": "a%s-%d.us-west-2.elb.amazonaws.com" % (c.hexs(32), c.r.randint(10 ** 8, 10 ** 9))})
    add_argocd(c)
    ns = "analytics"
    c.ns(ns, ago=140 * D)
    kl = {"app.kubernetes.io/name": "clickhouse-keeper", "app.kubernetes.io/instance": "ch"}
    c.cm(ns, "clickhouse-keeper-config", {"keeper.xml": "<clickhouse>\n  <keeper_server>\n    <tcp_port>9181</tcp_port>\n    <server_id from_env=\"KEEPER_ID\"/>\n    <raft_configuration>\n      <server><id>1</id><hostname>clickhouse-keeper-0.clickhouse-keeper</hostname><port>9234</port></server>\n      <server><id>2</id><hostname>clickhouse-keeper-1.clickhouse-keeper</hostname><port>9234</port></server>\n      <server><id>3</id><hostname>clickhouse-keeper-2.clickhouse-keeper</hostname><port>9234</port></server>\n    </raft_configuration>\n  </keeper_server>\n</clickhouse>\n"})
    c.sts(ns, "clickhouse-keeper", [ctr("keeper", "clickhouse/clickhouse-keeper:24.8.4.13", ports=[("client", 9181), ("raft", 9234)], req={"cpu": "500m", "memory": "1Gi"}, lim={"memory": "2Gi"},
                                        live=tcp_probe(9181, delay=30), ready=exec_probe(["bash", "-c", "echo ruok | nc 127.0.0.1 9181 | grep imok"], delay=10),
                                        mounts=[("data", "/var/lib/clickhouse"), ("config", "/etc/clickhouse-keeper/keeper_config.d")])],
          3, "clickhouse-keeper", labels=kl, ago=130 * D, vols=[vol_cm("config", "clickhouse-keeper-config")], vct=[{"name": "data", "size": "10Gi", "sc": "gp3"}], pmp="Parallel")
    c.svc(ns, "clickhouse-keeper", [("client", 9181, "client"), ("raft", 9234, "raft")], sel=kl, headless=True, pnra=True, ago=130 * D)
    chl = {"app.kubernetes.io/name": "clickhouse", "app.kubernetes.io/instance": "ch", "shard": "0"}
    c.secret(ns, "clickhouse-users", ["admin-password", "etl-password", "readonly-password"], ago=130 * D)
    c.cm(ns, "clickhouse-config", {"config.xml": "<clickhouse>\n  <max_server_memory_usage_to_ram_ratio>0.85</max_server_memory_usage_to_ram_ratio>\n  <zookeeper><node><host>clickhouse-keeper</host><port>9181</port></node></zookeeper>\n  <remote_servers><events><shard><internal_replication>true</internal_replication><replica><host>clickhouse-shard0-0.clickhouse-shard0</host><port>9000</port></replica><replica><host>clickhouse-shard0-1.clickhouse-shard0</host><port>9000</port></replica></shard></events></remote_servers>\n</clickhouse>\n"},
         ago=130 * D)
    mk = lambda mem: [ctr("clickhouse", "clickhouse/clickhouse-server:24.8.4.13", ports=[("http", 8123), ("native", 9000), ("interserver", 9009)],
                          req={"cpu": "3", "memory": mem}, lim={"memory": "48Gi"},
                          live=http_probe("/ping", "http", delay=60, period=10), ready=http_probe("/ping", "http", delay=10, period=5),
                          mounts=[("data", "/var/lib/clickhouse"), ("config", "/etc/clickhouse-server/config.d"), ("users", "/etc/clickhouse-server/users.d")])]
    s, chp, _ = c.sts(ns, "clickhouse-shard0", mk("120Gi"), 2, "clickhouse-shard0", labels=chl, ago=130 * D,
                      vols=[vol_cm("config", "clickhouse-config"), vol_secret("users", "clickhouse-users")], vct=[{"name": "data", "size": "2Ti", "sc": "gp3"}],
                      old_ctrs=mk("40Gi"), updated=[1], psc={"fsGroup": 101, "runAsGroup": 101, "runAsUser": 101},
                      nodes=[n for n in c.node_order if "analytics" in c.ninfo[n]["obj"]["metadata"]["labels"].get("eks.amazonaws.com/nodegroup", "")][:2],
                      aff={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": chl}, "topologyKey": "kubernetes.io/hostname"}]}})
    s["metadata"].setdefault("annotations", {})["argocd.argoproj.io/tracking-id"] = "analytics:apps/StatefulSet:analytics/clickhouse-shard0"
    p1 = chp[1]
    p1["metadata"]["creationTimestamp"] = c.ts(73 * M)
    nn = len(c.node_order)
    pend(c, p1, c.sched_msg({"node(s) had untolerated taint {dedicated: gpu}": 2, "Insufficient memory": nn - 2},
                            preempt={"No preemption victims found for incoming pod": nn - 2, "Preemption is not helpful for scheduling": 2}), 73 * M)
    c.ev(p1, "NotTriggerScaleUp", "pod didn't trigger scale-up: 1 node(s) had untolerated taint {dedicated: gpu}, 2 Insufficient memory", comp="cluster-autoscaler",
         first=72 * M, last=c.r.randint(10, 60), count=c.r.randint(380, 430))
    c.ev(s, "SuccessfulDelete", "delete Pod clickhouse-shard0-1 in StatefulSet clickhouse-shard0 successful", comp="statefulset-controller", first=74 * M)
    c.ev(s, "SuccessfulCreate", "create Pod clickhouse-shard0-1 in StatefulSet clickhouse-shard0 successful", comp="statefulset-controller", first=73 * M)
    c.svc(ns, "clickhouse-shard0", [("http", 8123, "http"), ("native", 9000, "native"), ("interserver", 9009, "interserver")], sel=chl, headless=True, pnra=True, ago=130 * D)
    c.svc(ns, "clickhouse", [("http", 8123, "http"), ("native", 9000, "native")], sel={"app.kubernetes.io/name": "clickhouse", "app.kubernetes.io/instance": "ch"}, ago=130 * D)
    micro(c, ns, "events-loader", "%s.dkr.ecr.us-west-2.amazonaws.com/data/events-loader:0.19.2" % c.extra["acct"], replicas=2, port=8080,
          env=[("CLICKHOUSE_URL", "http://clickhouse.analytics.svc.cluster.local:8123"), sref("clickhouse-users", "etl-password", "CLICKHOUSE_PASSWORD")], ago=120 * D)
    micro(c, ns, "superset", "apache/superset:4.0.2", replicas=1, port=8088, probe_paths=("/health", "/health"), ago=120 * D,
          env=[("SUPERSET_CLICKHOUSE_URI", "clickhousedb://readonly@clickhouse.analytics:8123/default")])
    filler(c, "kafka", "streaming", "gp3")
    filler(c, "batch", "data-jobs", "gp3")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "resource_request_exceeds_node_capacity",
                    "clickhouse replica 1 has been pending for over an hour, queries are slow and replication is behind",
                    "StatefulSet", ns, "clickhouse-shard0",
                    "The last sync of StatefulSet clickhouse-shard0 raised the clickhouse container memory request to 120Gi (typo for "
                    "12Gi; the limit is 48Gi). No node has that much allocatable memory (r6i.2xlarge = 64Gi) and the autoscaler cannot add "
                    "one, so the re-created clickhouse-shard0-1 is unschedulable ('Insufficient memory'). Fix the request on the StatefulSet.")


def k19():
    c = Cluster("k4-19", 4119, "2024-03-28T10:19:33Z", "kubeadm", "v1.29.3", 480)
    c.extra["upstream"] = "10.96.0.10"
    plat_kubeadm(c, "metal-par", [("par-cp-1", 8, 32), ("par-cp-2", 8, 32), ("par-cp-3", 8, 32)],
                 [("par-bm-%02d" % i, 32, 192) for i in range(1, 6)], cni="cilium", net="10.30.1.")
    cm = c.get("ConfigMap", "kube-system", "coredns")
    cm["metadata"]["resourceVersion"] = c.rv()
    cm["metadata"]["annotations"] = {"kubectl.kubernetes.io/last-applied-configuration": json.dumps({"apiVersion": "v1", "data": {"Corefile": cm["data"]["Corefile"]}, "kind": "ConfigMap",
                                                                                                     "metadata": {"annotations": {}, "name": "coredns", "namespace": "kube-system"}}, separators=(",", ":")) + "\n"}
    cdep = c.get("Deployment", "kube-system", "coredns")
    cpods = [p for p in c.items["pods"] if p["metadata"]["namespace"] == "kube-system" and p["metadata"]["name"].startswith("coredns-")]
    lmsg = '[FATAL] plugin/loop: Loop (127.0.0.1:%d -> :53) detected for zone ".", see https://coredns.io/plugins/loop#troubleshooting. Query: "HINFO %d.%d."\n'
    for p in cpods:
        msg = ".:53\n[INFO] plugin/reload: Running configuration SHA512 = %s\nCoreDNS-1.11.1\nlinux/amd64, go1.20.7, ae2bbc2\n" % c.hexs(128) + lmsg % (
            c.r.randint(30000, 60000), c.r.randint(10 ** 18, 9 * 10 ** 18), c.r.randint(10 ** 18, 9 * 10 ** 18))
        c.crashloop(p, "coredns", 11, 1, "Error", msg, None, since=37 * M)
        crash_events(c, p, "coredns", 37 * M, 11)
        c.ev(p, "Unhealthy", "Readiness probe failed: Get \"http://%s:8181/ready\": dial tcp %s:8181: connect: connection refused" % (p["status"]["podIP"], p["status"]["podIP"]),
             "Warning", host=p["spec"]["nodeName"], first=37 * M, last=c.r.randint(5, 100), count=c.r.randint(40, 70), fp="spec.containers{coredns}")
    c.sc("openebs-lvmpv", "local.csi.openebs.io", {"storage": "lvm", "volgroup": "vg-k8s", "fsType": "xfs"}, binding="WaitForFirstConsumer", default=True, ago=c.age - 20 * D)
    c.ns("openebs", ago=c.age - 20 * D)
    simple_ds(c, "openebs", "openebs-lvm-node", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.8.0", labels={"app": "openebs-lvm-node", "role": "openebs-lvm"}, hostnet=True,
              sa="openebs-lvm-node-sa", tol=ALL_TOL, extra_ctrs=[ctr("openebs-lvm-plugin", "openebs/lvm-driver:1.4.0", sc={"privileged": True})])
    simple_deploy(c, "openebs", "openebs-lvm-controller", "openebs/lvm-driver:1.4.0", labels={"app": "openebs-lvm-controller", "role": "openebs-lvm"}, svc=False, sa="openebs-lvm-controller-sa")
    add_monitoring(c, sc="openebs-lvmpv")
    add_ingress_nginx(c, typ="LoadBalancer", lb="10.30.1.200")
    add_cert_manager(c)
    add_flux(c)
    zalando_operator(c, ago=300 * D)
    c.ns("shop-db", ago=300 * D)
    z = zalando_cluster(c, "shop-db", "acid-shop", "openebs-lvmpv", n=2, team="acid", size="200Gi", users=("shop",), ago=290 * D,
                        req={"cpu": "2", "memory": "16Gi"}, lim={"cpu": "4", "memory": "16Gi"})
    ns = "shop"
    c.ns(ns, ago=300 * D)
    c.secret(ns, "shop-db", ["password", "username"], ago=280 * D)
    env = [("PGHOST", "acid-shop.shop-db.svc.cluster.local"), ("PGDATABASE", "shop"), sref("shop-db", "username", "PGUSER"), sref("shop-db", "password", "PGPASSWORD")]
    _, _, chk = micro(c, ns, "checkout", "registry.par.example.fr/shop/checkout:6.1.0", replicas=3, port=8080, env=env, ago=250 * D)
    crash_pods(c, chk, "checkout", 'psql: error: could not translate host name "acid-shop.shop-db.svc.cluster.local" to address: Temporary failure in name resolution\n'
               'FATAL: database connection failed, exiting\n', 33 * M, restarts=(8, 10), exit_code=2)
    _, _, cat = micro(c, ns, "catalog", "registry.par.example.fr/shop/catalog:3.12.4", replicas=2, port=8080, env=env, ago=250 * D)
    for p in cat:
        m = 'panic: failed to connect to database: dial tcp: lookup acid-shop.shop-db.svc.cluster.local on 10.96.0.10:53: read udp %s:%d->10.96.0.10:53: read: connection refused\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/cmd/catalog/main.go:41 +0x3c5\n' % (
            p["status"]["podIP"], c.r.randint(32000, 60000))
        crash_pods(c, [p], "catalog", m, 30 * M, restarts=(8, 9), exit_code=2)
    micro(c, ns, "storefront", "registry.par.example.fr/shop/storefront:6.1.0", replicas=3, port=3000, env=[("API", "http://checkout")], ago=250 * D, probe_paths=("/", "/"))
    filler(c, "rabbit", "async", "openebs-lvmpv")
    noise_restarts(c, 5, exclude_ns=(ns, "kube-system"))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "coredns_forward_loop_configmap",
                    "checkout and catalog can't reach the shop postgres since ~09:40, errors about resolving the host name; the database looks fine",
                    "ConfigMap", "kube-system", "coredns",
                    "The coredns ConfigMap was edited to 'forward . 10.96.0.10', i.e. to the kube-dns Service (CoreDNS itself). The loop "
                    "plugin detects the forwarding loop and both CoreDNS pods exit (CrashLoopBackOff, '[FATAL] plugin/loop: Loop ... detected'). "
                    "kube-dns has no ready endpoints, so every new lookup fails and restarting apps cannot resolve acid-shop.shop-db. "
                    "Zalando Postgres is healthy. Fix the Corefile upstream (e.g. /etc/resolv.conf).")


def k20():
    c = Cluster("k4-20", 4120, "2024-10-30T13:45:19Z", "gke", "v1.30.5-gke.1014001", 380)
    plat_gke(c, "crm-prod", "europe-west1", [("default-pool", 3, "e2-standard-8", 8, 32), ("db-pool", 3, "n2-standard-8", 8, 32)], "crm-prod-2291")
    add_monitoring(c, sc="standard-rwo")
    add_ingress_nginx(c, lb="34.140.%d.%d" % (c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    add_external_secrets(c)
    cnpg_operator(c, ago=40 * D)
    ns = "crm"
    c.ns(ns, ago=360 * D)
    dbn = [n for n in c.node_order if c.ninfo[n]["obj"]["metadata"]["labels"]["cloud.google.com/gke-nodepool"] == "db-pool"]
    cl = cnpg_cluster(c, ns, "crm-pg", "premium-rwo", n=3, size="150Gi", nodes=dbn, ago=26 * H, pod_ago=25 * H, req={"cpu": "2", "memory": "8Gi"}, lim={"cpu": "4", "memory": "8Gi"},
                      nsel={"cloud.google.com/gke-nodepool": "db-pool"})
    c.cm(ns, "crm-pgbouncer-config", {"pgbouncer.ini": "[databases]\ncrm = host=crm-db-primary.crm.svc.cluster.local port=5432 dbname=crm\ncrm_ro = host=crm-db-replica.crm.svc.cluster.local port=5432 dbname=crm\n\n"
                                                       "[pgbouncer]\nlisten_addr = 0.0.0.0\nlisten_port = 6432\nunix_socket_dir =\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\n"
                                                       "pool_mode = transaction\nmax_client_conn = 1000\ndefault_pool_size = 30\nserver_connect_timeout = 5\nserver_login_retry = 5\nlog_connections = 0\nadmin_users = pgbouncer_admin\n"},
         ago=41 * M, labels={"app.kubernetes.io/name": "crm-pgbouncer"})
    c.secret(ns, "crm-pgbouncer-userlist", ["userlist.txt"], ago=300 * D)
    pl = {"app.kubernetes.io/name": "crm-pgbouncer", "app.kubernetes.io/component": "pooler"}
    pb, pbrs, pbp = c.deploy(ns, "crm-pgbouncer", [ctr("pgbouncer", "docker.io/edoburu/pgbouncer:v1.23.1-p2", ports=[("pgbouncer", 6432)],
                                                       req={"cpu": "200m", "memory": "64Mi"}, lim={"cpu": "1", "memory": "256Mi"},
                                                       live=tcp_probe("pgbouncer", delay=10), ready=tcp_probe("pgbouncer", delay=2, period=5),
                                                       mounts=[("config", "/etc/pgbouncer/pgbouncer.ini"), ("userlist", "/etc/pgbouncer/userlist.txt")], tmp="FallbackToLogsOnError")],
                             replicas=2, labels=pl, vols=[{"name": "config", "configMap": {"defaultMode": 420, "name": "crm-pgbouncer-config"}},
                                                          {"name": "userlist", "secret": {"defaultMode": 420, "secretName": "crm-pgbouncer-userlist"}}],
                             ago=340 * D, pod_ago=40 * M, revision=18, pann={"checksum/config": c.hexs(64)})
    for p in pbp:
        c.pod_start_events(p, 40 * M, pulled=False)
    c.ev(pb, "ScalingReplicaSet", "Scaled up replica set %s to 1" % pbrs["metadata"]["name"], comp="deployment-controller", first=40 * M)
    c.ev(pb, "ScalingReplicaSet", "Scaled down replica set %s to 0 from 1" % pb["_rs"][-2]["metadata"]["name"], comp="deployment-controller", first=40 * M - 12) if len(pb["_rs"]) > 1 else None
    c.svc(ns, "crm-pgbouncer", [("pgbouncer", 6432, "pgbouncer")], sel=pl, ago=340 * D)
    pip = c.get("Service", ns, "crm-pgbouncer")["spec"]["clusterIP"]
    env = [("DATABASE_URL", "postgresql://crm_app@crm-pgbouncer.crm.svc.cluster.local:6432/crm"), sref("crm-pg-app", "password", "PGPASSWORD")]
    _, _, web = micro(c, ns, "crm-web", "europe-west1-docker.pkg.dev/crm-prod-2291/apps/crm-web:2024.10.29", replicas=3, port=8000, env=env, ago=330 * D,
                      probe_paths=("/healthz", "/readyz"))
    m = ('Traceback (most recent call last):\n  File "/app/manage.py", line 22, in <module>\n    main()\n  ...\n'
         'django.db.utils.OperationalError: connection to server at "crm-pgbouncer.crm.svc.cluster.local" (%s), port 6432 failed: FATAL:  pgbouncer cannot connect to server\n' % pip)
    crash_pods(c, web, "crm-web", m, 38 * M, restarts=(9, 11))
    _, _, wk = micro(c, ns, "crm-worker", "europe-west1-docker.pkg.dev/crm-prod-2291/apps/crm-web:2024.10.29", replicas=2, port=None, svc=False, env=env, ago=330 * D)
    crash_pods(c, wk, "crm-worker", m.replace("/app/manage.py", "/app/worker.py"), 38 * M, restarts=(9, 11))
    c.ingress(ns, "crm", "crm.example.be", "crm-web", 80, tls="crm-tls", ann={"cert-manager.io/cluster-issuer": "letsencrypt-prod"})
    c.secret(ns, "crm-tls", ["tls.crt", "tls.key"], typ="kubernetes.io/tls")
    filler(c, "web", "marketing-site", "standard-rwo", domain="example.be")
    filler(c, "batch", "crm-jobs", "standard-rwo")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "pooler_config_points_to_old_service",
                    "crm-web is failing with 'pgbouncer cannot connect to server' -- pgbouncer pods are running and the new cnpg cluster looks healthy",
                    "ConfigMap", ns, "crm-pgbouncer-config",
                    "After yesterday's migration to the CloudNativePG cluster crm-pg (services crm-pg-rw / crm-pg-ro), the pgbouncer "
                    "configuration was re-applied ~40 min ago with the old backend hosts crm-db-primary / crm-db-replica, which no longer "
                    "exist. PgBouncer starts and is Ready (TCP probe) but every server connection fails, so clients get 'pgbouncer cannot "
                    "connect to server'. Fix the [databases] hosts in ConfigMap crm-pgbouncer-config.")


def k21():
    c = Cluster("k4-21", 4121, "2024-02-26T09:12:50Z", "aks", "v1.28.5", 510)
    plat_aks(c, "orders-aks", "swedencentral", [("system", 3, "Standard_D4ds_v5", 4, 16), ("work", 3, "Standard_E8ds_v5", 8, 64)])
    add_monitoring(c, sc="managed-csi")
    add_ingress_nginx(c, lb="4.225.%d.%d" % (c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    add_velero(c, provider="azure")
    c.ns("orders", ago=480 * D)
    pg = pg_bitnami(c, "orders", "orders-db", "managed-csi-premium", size="256Gi", db="orders", user="orders", req={"cpu": "2", "memory": "8Gi"}, lim={"cpu": "4", "memory": "8Gi"},
                    fullname="orders-db-postgresql", metrics=True)
    for nm in ("orders-api", "orders-events"):
        micro(c, "orders", nm, "ordersacr.azurecr.io/orders/%s:9.%d.%d" % (nm, c.r.randint(0, 9), c.r.randint(0, 9)), replicas=3 if nm == "orders-api" else 1, port=8080,
              env=[("DB_HOST", pg["host"]), sref(pg["secret"], "password", "DB_PASSWORD")], ago=400 * D)
    c.ns("legacy", ago=480 * D)
    my = mysql_bitnami(c, "legacy", "legacy-mysql", "managed-csi", secondaries=0, size="64Gi", ago=470 * D)
    ns = "dbops"
    c.ns(ns, ago=470 * D, labels={"team": "dba"})
    c.secret(ns, "backup-storage", ["AZURE_STORAGE_ACCOUNT", "AZURE_STORAGE_SAS_TOKEN"], ago=300 * D)
    c.secret(ns, "orders-db-backup-user", ["PGPASSWORD", "PGUSER"], ago=460 * D)
    c.secret(ns, "legacy-mysql-backup-user", ["MYSQL_PWD", "MYSQL_USER"], ago=460 * D)
    c.sa(ns, "db-backup", ago=460 * D)
    today_1am = (c.T.hour * 3600 + c.T.minute * 60 + c.T.second) - 3600
    pg_cj, _ = c.cronjob(ns, "pg-nightly-backup", "0 1 * * *", [ctr("pg-dump", "ordersacr.azurecr.io/dbops/pgdump-azcopy:16-1.4",
                                                                   command=["/bin/sh", "-c", "set -euo pipefail\nTS=$(date +%Y%m%d-%H%M)\npg_dump -h orders-db-postgresql.orders.svc.cluster.local -Fc -d orders -f /work/orders-$TS.dump\nazcopy copy /work/orders-$TS.dump \"https://${AZURE_STORAGE_ACCOUNT}.blob.core.windows.net/pg-backups/orders/?${AZURE_STORAGE_SAS_TOKEN}\"\n"],
                                                                   envFrom=[{"secretRef": {"name": "orders-db-backup-user"}}, {"secretRef": {"name": "backup-storage"}}],
                                                                   req={"cpu": "500m", "memory": "1Gi"}, lim={"memory": "2Gi"}, mounts=[("work", "/work")])],
                         D, today_1am + 9 * D, hist=3, ago=440 * D, sa="db-backup", vols=[vol_empty("work", limit="300Gi")], suspend=True, dur=c.r.randint(2200, 2600),
                         labels={"app.kubernetes.io/name": "pg-nightly-backup", "app.kubernetes.io/part-of": "dbops"})
    pg_cj["metadata"]["resourceVersion"] = c.rv()
    pg_cj["metadata"]["generation"] += 1
    c.cronjob(ns, "mysql-nightly-backup", "30 1 * * *", [ctr("mysqldump", "ordersacr.azurecr.io/dbops/mysqldump-azcopy:8.0-1.4",
                                                            command=["/bin/sh", "-c", "mysqldump -h legacy-mysql-primary.legacy.svc.cluster.local --single-transaction --all-databases | gzip > /work/legacy.sql.gz && azcopy copy /work/legacy.sql.gz \"https://${AZURE_STORAGE_ACCOUNT}.blob.core.windows.net/mysql-backups/\""],
                                                            envFrom=[{"secretRef": {"name": "legacy-mysql-backup-user"}}, {"secretRef": {"name": "backup-storage"}}], mounts=[("work", "/work")])],
              D, today_1am - 30 * M, hist=3, ago=440 * D, sa="db-backup", vols=[vol_empty("work")], dur=c.r.randint(500, 700),
              labels={"app.kubernetes.io/name": "mysql-nightly-backup", "app.kubernetes.io/part-of": "dbops"})
    c.cronjob(ns, "pg-backup-verify", "0 6 * * 1", [ctr("verify", "ordersacr.azurecr.io/dbops/pgdump-azcopy:16-1.4", command=["/usr/local/bin/verify-latest.sh"],
                                                        envFrom=[{"secretRef": {"name": "backup-storage"}}])],
              7 * D, (c.T.weekday() * D + c.T.hour * 3600 + c.T.minute * 60) - 6 * H, hist=2, ago=300 * D, sa="db-backup", dur=c.r.randint(60, 200),
              labels={"app.kubernetes.io/name": "pg-backup-verify", "app.kubernetes.io/part-of": "dbops"})
    c.cronjob(ns, "wal-archive-lag-check", "*/15 * * * *", [ctr("check", "ordersacr.azurecr.io/dbops/pg-tools:16-1.4", command=["/usr/local/bin/check-archive-lag.sh"],
                                                               envFrom=[{"secretRef": {"name": "orders-db-backup-user"}}])],
              15 * M, c.r.randint(60, 800), hist=3, ago=300 * D, sa="db-backup", dur=c.r.randint(5, 20),
              labels={"app.kubernetes.io/name": "wal-archive-lag-check", "app.kubernetes.io/part-of": "dbops"})
    filler(c, "web", "shop", "managed-csi", domain="example.se")
    filler(c, "rabbit", "integration", "managed-csi")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "cronjob_left_suspended",
                    "nightly backups of the orders postgres stopped -- the newest dump in the storage account is from last week",
                    "CronJob", ns, "pg-nightly-backup",
                    "CronJob dbops/pg-nightly-backup has spec.suspend=true (set during a maintenance ~9 days ago and never reverted). "
                    "Its lastScheduleTime/lastSuccessfulTime are 9 days old and no newer Jobs exist, while the other backup CronJobs keep "
                    "running. Nothing is failing -- the schedule is simply suspended. Fix: set suspend=false (and take a manual backup).")


def k22():
    c = Cluster("k4-22", 4122, "2024-07-09T16:40:28Z", "eks", "v1.29.6-eks-1552ad0", 330)
    plat_eks(c, "logistics-prod", "eu-central-1", [("core", 4, "m6i.2xlarge", 8, 32), ("spot-batch", 2, "c6i.2xlarge", 8, 16, None, {"eks.amazonaws.com/capacityType": "SPOT"})])
    c.sc("gp3", "ebs.csi.aws.com", {"csi.storage.k8s.io/fstype": "ext4", "encrypted": "true", "type": "gp3"}, binding="WaitForFirstConsumer", default=True, ago=c.age - 5 * D)
    add_monitoring(c, sc="gp3")
    add_ingress_nginx(c, lb={"hostname": "k8s-ingressn-ingressn-%s-%s.elb.eu-central-1.amazonaws.com" % (c.hexs(10), c.hexs(16))})
    add_argocd(c)
    add_external_secrets(c)
    ns = "logistics"
    c.ns(ns, ago=320 * D)
    pg = pg_bitnami(c, ns, "shipments", "gp3", size="300Gi", db="shipments", user="shipments", req={"cpu": "2", "memory": "8Gi"}, lim={"cpu": "4", "memory": "12Gi"})
    c.secret(ns, "shipments-db", ["DB_PASSWORD", "DB_USER"], ago=300 * D)
    reg = "%s.dkr.ecr.eu-central-1.amazonaws.com/logistics" % c.extra["acct"]
    menv = [("DB_URL", "jdbc:postgresql://shipments-postgresql.logistics.svc.cluster.local:5432/shipments")]
    mk_job = lambda v: [ctr("flyway", "%s/shipments-migrations:%s" % (reg, v), args=["migrate"], env=menv + [("FLYWAY_CONNECT_RETRIES", "10")],
                             envFrom=[{"secretRef": {"name": "shipments-db"}}], req={"cpu": "250m", "memory": "512Mi"}, tmp="FallbackToLogsOnError")]
    lab = {"app.kubernetes.io/name": "shipments-migrate", "app.kubernetes.io/part-of": "shipments"}
    c.job(ns, "shipments-migrate-v40", mk_job("v40"), 15 * D, dur=271, labels=dict(lab, version="v40"), deadline=900, backoff=2)
    c.job(ns, "shipments-migrate-v41", mk_job("v41"), 6 * D, dur=318, labels=dict(lab, version="v41"), deadline=900, backoff=2)
    j, _ = c.job(ns, "shipments-migrate-v42", mk_job("v42"), 49 * M, dur=122, result="DeadlineExceeded", labels=dict(lab, version="v42"), deadline=120,
                 backoff=2, failed_pods=1, keep_pods=False, fail_msg=None)
    gp = [g for g in c.ghosts if g[0] == "Pod" and g[2].startswith("shipments-migrate-v42")][0][2]
    c.ev(j, "SuccessfulCreate", "Created pod: %s" % gp, comp="job-controller", first=49 * M)
    c.ev(j, "SuccessfulDelete", "Deleted pod: %s" % gp, comp="job-controller", first=47 * M)
    c.ev(j, "DeadlineExceeded", "Job was active longer than specified deadline", "Warning", comp="job-controller", first=47 * M)
    c.ev(None, "Killing", "Stopping container flyway", host=c.node_order[1], first=47 * M, kind="Pod", api="v1", ns=ns, name=gp, uid=c.uid(), fp="spec.containers{flyway}")
    mk = lambda v: [ctr("shipments-api", "%s/shipments-api:%s" % (reg, v), ports=[("http", 8080)], env=menv + [("SPRING_JPA_HIBERNATE_DDL_AUTO", "validate")],
                        envFrom=[{"secretRef": {"name": "shipments-db"}}], req={"cpu": "500m", "memory": "1Gi"}, lim={"memory": "1536Mi"},
                        live=http_probe("/actuator/health/liveness", "http", delay=40), ready=http_probe("/actuator/health/readiness", "http", delay=20), tmp="FallbackToLogsOnError")]
    api, nrs, npods = c.deploy(ns, "shipments-api", mk("v42"), replicas=4, labels={"app": "shipments-api"}, revision=42, old_ctrs=mk("v41"), old_pods=3, new_pods=2,
                               old_ago=6 * D - 400, pod_ago=44 * M, ago=300 * D,
                               ann={"argocd.argoproj.io/tracking-id": "logistics:apps/Deployment:logistics/shipments-api"})
    api["_stuck"] = True
    msg = ("Caused by: org.hibernate.tool.schema.spi.SchemaManagementException: Schema-validation: missing column [carrier_ref] in table [shipments]\n"
           "\tat org.hibernate.tool.schema.internal.AbstractSchemaValidator.validateTable(AbstractSchemaValidator.java:136)\n"
           "\tat org.hibernate.tool.schema.internal.GroupedSchemaValidatorImpl.validateTables(GroupedSchemaValidatorImpl.java:46)\n")
    crash_pods(c, npods, "shipments-api", msg, 44 * M, restarts=(9, 11))
    c.ev(api, "ScalingReplicaSet", "Scaled up replica set %s to 1" % nrs["metadata"]["name"], comp="deployment-controller", first=44 * M)
    c.ev(api, "ScalingReplicaSet", "Scaled down replica set %s to 3 from 4" % api["_rs"][-2]["metadata"]["name"], comp="deployment-controller", first=44 * M - 1)
    c.ev(api, "ScalingReplicaSet", "Scaled up replica set %s to 2 from 1" % nrs["metadata"]["name"], comp="deployment-controller", first=44 * M - 2)
    for nm in ("tracking-ui", "carrier-gateway"):
        micro(c, ns, nm, "%s/%s:v%d" % (reg, nm, c.r.randint(20, 60)), replicas=2, port=8080, ago=250 * D, env=[("SHIPMENTS_URL", "http://shipments-api")])
    filler(c, "kafka", "events", "gp3")
    filler(c, "batch", "logistics-batch", "gp3")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "schema_migration_job_deadline_exceeded",
                    "shipments-api v42 pods crash on startup: Schema-validation: missing column [carrier_ref] in table [shipments]",
                    "Job", ns, "shipments-migrate-v42",
                    "The v42 Flyway migration Job was created with activeDeadlineSeconds=120 (previous migration jobs ran with 900 and took "
                    "~5 minutes). It was killed after 2 minutes (DeadlineExceeded, pod deleted) before applying the new migration, so the "
                    "carrier_ref column was never added and the v42 pods fail Hibernate schema validation. Fix: rerun the migration Job "
                    "with a realistic deadline.")


def k23():
    c = Cluster("k4-23", 4123, "2024-11-19T07:51:06Z", "eks", "v1.31.1-eks-a737599", 260)
    plat_eks(c, "bi-prod", "us-east-1", [("main", 5, "m6i.2xlarge", 8, 32)])
    c.sc("gp3", "ebs.csi.aws.com", {"csi.storage.k8s.io/fstype": "ext4", "encrypted": "true", "type": "gp3"}, binding="WaitForFirstConsumer", default=True, ago=c.age - 5 * D)
    add_monitoring(c, sc="gp3")
    add_ingress_nginx(c, lb={"hostname": "a%s-%d.us-east-1.elb.amazonaws.com" % (c.hexs(32), c.r.randint(10 ** 8, 10 ** 9))})
    add_external_secrets(c)
    add_cert_manager(c)
    c.ns("infra", ago=250 * D)
    c.cm("infra", "rds-endpoints", {"analytics_reader": "analytics-prod.cluster-ro-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com",
                                    "analytics_writer": "analytics-prod.cluster-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com",
                                    "reports_reader": "reports-aurora-prod.cluster-ro-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com",
                                    "reports_writer": "reports-aurora-prod.cluster-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com"},
         labels={"app.kubernetes.io/managed-by": "terraform"}, ann={"terraform.io/workspace": "bi-prod-data", "terraform.io/updated": c.ts(20 * H)}, ago=240 * D)
    ns = "reports"
    c.ns(ns, ago=250 * D)
    c.svc(ns, "reporting-db", [], typ="ExternalName", ext_name="reports-prod.cluster-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com", ago=240 * D,
          labels={"app.kubernetes.io/part-of": "reports"})
    c.svc(ns, "analytics-db", [], typ="ExternalName", ext_name="analytics-prod.cluster-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com", ago=240 * D,
          labels={"app.kubernetes.io/part-of": "reports"})
    c.secret(ns, "reports-db-creds", ["PGPASSWORD", "PGUSER"], ago=20 * H, ann={"reconcile.external-secrets.io/data-hash": c.hexs(32)})
    env = [("PGHOST", "reporting-db.reports.svc.cluster.local"), ("PGDATABASE", "reports"), ("PGSSLMODE", "require"), ("ANALYTICS_HOST", "analytics-db.reports.svc.cluster.local")]
    reg = "%s.dkr.ecr.us-east-1.amazonaws.com/bi" % c.extra["acct"]
    _, _, rb = micro(c, ns, "report-builder", reg + "/report-builder:3.7.1", replicas=2, port=3000, env=env, envFrom=[{"secretRef": {"name": "reports-db-creds"}}], ago=200 * D,
                     pod_ago=c.r.randint(5, 9) * D)
    msg = ("Error: getaddrinfo ENOTFOUND reports-prod.cluster-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] (node:dns:107:26) {\n"
           "  errno: -3008,\n  code: 'ENOTFOUND',\n  syscall: 'getaddrinfo',\n  hostname: 'reports-prod.cluster-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com'\n}\n")
    crash_pods(c, rb, "report-builder", msg, 6 * H + 20 * M, restarts=(70, 78))
    _, _, ra = micro(c, ns, "reports-api", reg + "/reports-api:3.7.1", replicas=3, port=8080, env=env, envFrom=[{"secretRef": {"name": "reports-db-creds"}}], ago=200 * D)
    for p in ra:
        c.notready(p, "reports-api", since=6 * H + 18 * M)
        unready_events(c, p, "reports-api", "Readiness probe failed: HTTP probe failed with statuscode: 503", 6 * H + 18 * M)
    c.cronjob(ns, "refresh-materialized-views", "*/30 * * * *", [ctr("refresh", reg + "/report-builder:3.7.1", args=["refresh-views"], env=env, envFrom=[{"secretRef": {"name": "reports-db-creds"}}])],
              30 * M, c.r.randint(3 * M, 25 * M), hist=1, ago=200 * D, dur=30, fail_last=1, backoff=2,
              fail_msg="Error: getaddrinfo ENOTFOUND reports-prod.cluster-c8x1vq2nwz7e.us-east-1.rds.amazonaws.com\n")
    c.ingress(ns, "reports", "reports.bi.example.com", "reports-api", 80, tls="reports-tls", ann={"cert-manager.io/cluster-issuer": "letsencrypt-prod"})
    c.secret(ns, "reports-tls", ["tls.crt", "tls.key"], typ="kubernetes.io/tls")
    filler(c, "web", "dashboards", "gp3")
    filler(c, "keycloak", "sso", "gp3", domain="bi.example.com")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "externalname_points_to_decommissioned_db",
                    "reports api has been down since early this morning, report-builder logs say ENOTFOUND for the database host",
                    "Service", ns, "reporting-db",
                    "Apps reach the database through the ExternalName Service reports/reporting-db, which still points at "
                    "reports-prod.cluster-... -- the Aurora cluster that was replaced yesterday by reports-aurora-prod (see ConfigMap "
                    "infra/rds-endpoints). The old DNS name no longer exists (ENOTFOUND). Fix spec.externalName of the Service.")


def k24():
    c = Cluster("k4-24", 4124, "2024-05-06T11:26:37Z", "kubeadm", "v1.28.9", 900)
    plat_kubeadm(c, "onprem-fin", [("k8s-ctl-1", 4, 16), ("k8s-ctl-2", 4, 16), ("k8s-ctl-3", 4, 16)], [("k8s-app-%02d" % i, 12, 48) for i in range(1, 6)],
                 cni="calico", net="10.40.10.", os_image="Rocky Linux 9.3 (Blue Onyx)", kernel="5.14.0-362.24.1.el9_3.x86_64", runtime="containerd://1.6.31")
    c.extra["nfs"] = "10.40.10.5"
    c.ns("nfs-provisioner", ago=c.age - 30 * D)
    simple_deploy(c, "nfs-provisioner", "nfs-subdir-external-provisioner", "registry.k8s.io/sig-storage/nfs-subdir-external-provisioner:v4.0.2",
                  labels={"app": "nfs-subdir-external-provisioner", "release": "nfs-subdir-external-provisioner"}, svc=False, sa="nfs-subdir-external-provisioner",
                  env=[("PROVISIONER_NAME", "cluster.local/nfs-subdir-external-provisioner"), ("NFS_SERVER", "10.40.10.5"), ("NFS_PATH", "/export/k8s")])
    c.sc("nfs-client", "cluster.local/nfs-subdir-external-provisioner", {"archiveOnDelete": "true"}, binding="Immediate", default=True, ago=c.age - 30 * D)
    add_monitoring(c, sc="nfs-client")
    add_ingress_nginx(c, typ="NodePort")
    add_argocd(c)
    c.ns("platform", ago=800 * D)
    c.cm("platform", "legacy-db-inventory", {"inventory.yaml": "# Managed by the DC team. Last update: VMware migration wave 3\n"
                                                             "mssql01.corp.example.local:\n  ip: 10.40.20.15\n  port: 1433\n  previous_ip: 10.40.12.31\n  migrated: 2024-05-04\n"
                                                             "ora-fin01.corp.example.local:\n  ip: 10.40.20.22\n  port: 1521\n"
                                                             "pg-legacy01.corp.example.local:\n  ip: 10.40.12.40\n  port: 5432\n"},
         ago=600 * D, ann={"inventory.corp.example.local/last-sync": c.ts(2 * D + 5 * H)})
    ns = "finance"
    c.ns(ns, ago=800 * D)
    s1 = c.svc(ns, "mssql-legacy", [("mssql", 1433, 1433)], ago=760 * D, labels={"app.kubernetes.io/part-of": "finance", "external-db": "true"})
    c.manual_endpoints(s1, ["10.40.12.31"], [("mssql", 1433)], labels={"app.kubernetes.io/part-of": "finance", "external-db": "true"}, ago=760 * D,
                       ann={"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Endpoints\",\"metadata\":{\"annotations\":{},\"labels\":{\"app.kubernetes.io/part-of\":\"finance\",\"external-db\":\"true\"},\"name\":\"mssql-legacy\",\"namespace\":\"finance\"},\"subsets\":[{\"addresses\":[{\"ip\":\"10.40.12.31\"}],\"ports\":[{\"name\":\"mssql\",\"port\":1433}]}]}\n"})
    s2 = c.svc(ns, "oracle-fin", [("oracle", 1521, 1521)], ago=760 * D, labels={"app.kubernetes.io/part-of": "finance", "external-db": "true"})
    c.manual_endpoints(s2, ["10.40.20.22"], [("oracle", 1521)], labels={"app.kubernetes.io/part-of": "finance", "external-db": "true"}, ago=30 * D)
    c.secret(ns, "mssql-conn", ["ConnectionStrings__Ledger"], ago=700 * D)
    c.secret(ns, "oracle-conn", ["ORACLE_PASSWORD", "ORACLE_USER"], ago=700 * D)
    msg = ("Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while establishing a connection to SQL Server. "
           "The server was not found or was not accessible. Verify that the instance name is correct and that SQL Server is configured to allow remote connections. "
           "(provider: TCP Provider, error: 40 - Could not open a connection to SQL Server)\n ---> System.ComponentModel.Win32Exception (110): Connection timed out\n"
           "   at Microsoft.Data.SqlClient.SqlInternalConnection.OnError(SqlException exception, Boolean breakConnection, Action`1 wrapCloseInAction)\n")
    _, _, inv = micro(c, ns, "invoice-sync", "harbor.corp.example.local/finance/invoice-sync:2.4.0", replicas=2, port=8080,
                      env=[("DB__Server", "mssql-legacy.finance.svc.cluster.local,1433"), ("ASPNETCORE_ENVIRONMENT", "Production")], envFrom=[{"secretRef": {"name": "mssql-conn"}}], ago=500 * D)
    crash_pods(c, inv, "invoice-sync", msg, 2 * D + 4 * H, restarts=(200, 260), exit_code=134)
    c.cronjob(ns, "ledger-export", "0 */4 * * *", [ctr("ledger-export", "harbor.corp.example.local/finance/ledger-export:1.9.2", envFrom=[{"secretRef": {"name": "mssql-conn"}}])],
              4 * H, (c.T.hour % 4) * 3600 + c.T.minute * 60, hist=1, ago=500 * D, fail_last=1, backoff=2, dur=c.r.randint(250, 320), fail_msg=msg.split("\n")[0] + "\n")
    micro(c, ns, "gl-api", "harbor.corp.example.local/finance/gl-api:7.1.3", replicas=2, port=8080, env=[("ORACLE_HOST", "oracle-fin.finance.svc.cluster.local")],
          envFrom=[{"secretRef": {"name": "oracle-conn"}}], ago=500 * D)
    filler(c, "rabbit", "integration", "nfs-client")
    filler(c, "reports", "controlling", "nfs-client")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "manual_endpoints_stale_ip",
                    "invoice-sync can't connect to the legacy SQL Server anymore (connection timed out); the DBAs say SQL Server is up",
                    "Endpoints", ns, "mssql-legacy",
                    "mssql-legacy is a selector-less Service whose hand-written Endpoints object still lists 10.40.12.31, the address of "
                    "the SQL Server VM before the weekend's VMware migration (platform/legacy-db-inventory shows the new IP 10.40.20.15). "
                    "Connections to the ClusterIP are sent to a dead address and time out. Fix the Endpoints addresses.")


def k25():
    c = Cluster("k4-25", 4125, "2024-08-30T04:03:18Z", "kubeadm", "v1.30.3", 560)
    plat_kubeadm(c, "stream-dc2", [("dc2-master-1", 4, 16)], [("dc2-worker-%d" % i, 16, 64) for i in range(1, 6)], cni="flannel", net="172.20.5.")
    c.sc("local-ssd", "kubernetes.io/no-provisioner", None, binding="WaitForFirstConsumer", expand=False, ago=c.age - 10 * D)
    c.sc("longhorn", "driver.longhorn.io", {"numberOfReplicas": "2", "staleReplicaTimeout": "30", "fsType": "ext4"}, binding="Immediate", default=True, ago=c.age - 10 * D)
    c.ns("longhorn-system", ago=c.age - 10 * D)
    simple_ds(c, "longhorn-system", "longhorn-manager", "longhornio/longhorn-manager:v1.6.2", labels={"app": "longhorn-manager"}, tol=None, ports=[("manager", 9500)], sa="longhorn-service-account")
    add_monitoring(c, sc="longhorn")
    add_ingress_nginx(c, typ="NodePort", replicas=1)
    add_flux(c)
    ns = "streaming"
    c.ns(ns, ago=500 * D)
    zsel = {"app.kubernetes.io/component": "zookeeper", "app.kubernetes.io/instance": "zookeeper", "app.kubernetes.io/name": "zookeeper"}
    zlab = dict(zsel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "3.9.2", "helm.sh/chart": "zookeeper-13.4.10"})
    c.helm_secret(ns, "zookeeper", ver=6, ago=4 * D)
    c.sa(ns, "zookeeper", ago=480 * D)
    c.cm(ns, "zookeeper-scripts", {"init-certs.sh": "#!/bin/bash\n", "setup.sh": "#!/bin/bash\n\n# Execute entrypoint as usual after obtaining ZOO_SERVER_ID\n# check ZOO_SERVER_ID in persistent volume via myid\n# if not present, set based on POD hostname\nif [[ -f \"/bitnami/zookeeper/data/myid\" ]]; then\n    export ZOO_SERVER_ID=\"$(cat /bitnami/zookeeper/data/myid)\"\nelse\n    HOSTNAME=\"$(hostname -s)\"\n    if [[ $HOSTNAME =~ (.*)-([0-9]+)$ ]]; then\n        ORD=${BASH_REMATCH[2]}\n        export ZOO_SERVER_ID=\"$((ORD + 1 ))\"\n    fi\nfi\nexec /entrypoint.sh /run.sh\n"},
         labels=zlab, ago=480 * D)
    zs = " ".join("zookeeper-%d.zookeeper-headless.streaming.svc.cluster.local:2888:3888::%d" % (i, i + 1) for i in range(3))
    z, zp, _ = c.sts(ns, "zookeeper", [ctr("zookeeper", "docker.io/bitnami/zookeeper:3.9.2-debian-12-r9", command=["/scripts/setup.sh"],
                                           ports=[("client", 2181), ("follower", 2888), ("election", 3888)],
                                           env=[("BITNAMI_DEBUG", "false"), ("ZOO_DATA_LOG_DIR", ""), ("ZOO_PORT_NUMBER", "2181"), ("ZOO_TICK_TIME", "2000"), ("ZOO_INIT_LIMIT", "10"),
                                                ("ZOO_SYNC_LIMIT", "5"), ("ZOO_PRE_ALLOC_SIZE", "65536"), ("ZOO_SNAPCOUNT", "100000"), ("ZOO_MAX_CLIENT_CNXNS", "60"), ("ZOO_4LW_COMMANDS_WHITELIST", "srvr, mntr, ruok"),
                                                ("ZOO_LISTEN_ALLIPS_ENABLED", "no"), ("ZOO_AUTOPURGE_INTERVAL", "1"), ("ZOO_AUTOPURGE_RETAIN_COUNT", "10"), ("ZOO_MAX_SESSION_TIMEOUT", "40000"),
                                                ("ZOO_SERVERS", zs), ("ZOO_ENABLE_AUTH", "no"), ("ZOO_ENABLE_QUORUM_AUTH", "no"), ("ZOO_HEAP_SIZE", "1024"), ("ZOO_LOG_LEVEL", "ERROR"),
                                                ("ALLOW_ANONYMOUS_LOGIN", "yes"), fref("POD_NAME", "metadata.name"), ("ZOO_ADMIN_SERVER_PORT_NUMBER", "8080")],
                                           req={"cpu": "250m", "memory": "1536Mi"}, lim={"cpu": "1", "memory": "2Gi"},
                                           live=exec_probe(["/bin/bash", "-ec", "ZOO_HC_TIMEOUT=3 /opt/bitnami/scripts/zookeeper/healthcheck.sh"], delay=30, period=10, timeout=5, fail=6),
                                           ready=exec_probe(["/bin/bash", "-ec", "echo srvr | timeout 3 nc -w 3 localhost 2181 | grep -q Mode"], delay=5, period=10, timeout=5, fail=6),
                                           mounts=[("scripts", "/scripts/setup.sh"), ("data", "/bitnami/zookeeper")], sc=BITNAMI_CSC)],
                     3, "zookeeper-headless", labels=zlab, sel=zsel, sa="zookeeper", ago=480 * D, pmp="Parallel",
                     vols=[vol_cm("scripts", "zookeeper-scripts", mode=493)], vct=[{"name": "data", "size": "8Gi", "sc": "longhorn"}], psc=BITNAMI_PSC, pod_ago=2 * H + 6 * M)
    c.svc(ns, "zookeeper", [("tcp-client", 2181, "client"), ("tcp-follower", 2888, "follower"), ("tcp-election", 3888, "election")], sel=zsel, labels=zlab, ago=480 * D)
    hl = c.svc(ns, "zookeeper-headless", [("tcp-client", 2181, "client"), ("tcp-follower", 2888, "follower"), ("tcp-election", 3888, "election")], sel=zsel, labels=zlab,
               headless=True, pnra=False, ago=480 * D)
    hl["metadata"]["resourceVersion"] = c.rv()
    hl["metadata"]["labels"].update({"kustomize.toolkit.fluxcd.io/name": "streaming", "kustomize.toolkit.fluxcd.io/namespace": "flux-system"})
    for p in zp:
        c.notready(p, "zookeeper", since=2 * H + 5 * M)
        unready_events(c, p, "zookeeper", "Readiness probe failed: ", 2 * H + 5 * M, count=c.r.randint(700, 760))
    ksel = {"app.kubernetes.io/component": "kafka", "app.kubernetes.io/instance": "kafka", "app.kubernetes.io/name": "kafka"}
    klab = dict(ksel, **{"app.kubernetes.io/managed-by": "Helm", "app.kubernetes.io/version": "3.6.1", "helm.sh/chart": "kafka-26.11.4"})
    c.sa(ns, "kafka", ago=480 * D)
    c.cm(ns, "kafka-configuration", {"server.properties": "listeners=CLIENT://:9092,INTERNAL://:9094\nzookeeper.connect=zookeeper:2181\nzookeeper.connection.timeout.ms=18000\nlog.dirs=/bitnami/kafka/data\nnum.partitions=12\ndefault.replication.factor=3\nmin.insync.replicas=2\n"},
         labels=klab, ago=480 * D)
    k, kp, _ = c.sts(ns, "kafka-broker", [ctr("kafka", "docker.io/bitnami/kafka:3.6.1-debian-11-r6", ports=[("client", 9092), ("internal", 9094)],
                                              env=[("BITNAMI_DEBUG", "false"), ("KAFKA_HEAP_OPTS", "-Xmx4g -Xms4g"), ("KAFKA_CFG_ZOOKEEPER_CONNECT", "zookeeper:2181"), fref("MY_POD_NAME", "metadata.name")],
                                              req={"cpu": "1", "memory": "6Gi"}, lim={"cpu": "2", "memory": "8Gi"},
                                              live=tcp_probe("client", delay=10, period=10, timeout=5, fail=3), ready=tcp_probe("client", delay=5, period=10, timeout=5, fail=6),
                                              mounts=[("data", "/bitnami/kafka"), ("kafka-configuration", "/configmaps")], sc=BITNAMI_CSC, tmp="FallbackToLogsOnError")],
                     3, "kafka-broker-headless", labels=klab, sel=ksel, sa="kafka", ago=480 * D, pmp="Parallel", vols=[vol_cm("kafka-configuration", "kafka-configuration")],
                     vct=[{"name": "data", "size": "500Gi", "sc": "longhorn"}], psc=BITNAMI_PSC, pod_ago=2 * H + 6 * M)
    msg = ("[2024-08-30 04:0%d:%02d,%03d] ERROR Fatal error during KafkaServer startup. Prepare to shutdown (kafka.server.KafkaServer)\n"
           "kafka.zookeeper.ZooKeeperClientTimeoutException: Timed out waiting for connection while in state: CONNECTING\n"
           "\tat kafka.zookeeper.ZooKeeperClient.waitUntilConnected(ZooKeeperClient.scala:254)\n\tat kafka.zookeeper.ZooKeeperClient.<init>(ZooKeeperClient.scala:116)\n")
    for p in kp:
        crash_pods(c, [p], "kafka", msg % (c.r.randint(0, 2), c.r.randint(0, 59), c.r.randint(0, 999)), 2 * H + 4 * M, restarts=(20, 24))
    c.svc(ns, "kafka", [("tcp-client", 9092, "client")], sel=ksel, labels=klab, ago=480 * D)
    c.svc(ns, "kafka-broker-headless", [("tcp-interbroker", 9094, "internal"), ("tcp-client", 9092, "client")], sel=ksel, labels=klab, headless=True, pnra=True, ago=480 * D)
    for nm in ("clickstream-enricher", "fraud-scorer"):
        _, _, pp = micro(c, ns, nm, "registry.dc2.example.net/streaming/%s:1.%d.0" % (nm, c.r.randint(2, 30)), replicas=2, port=8080,
                         env=[("KAFKA_BOOTSTRAP_SERVERS", "kafka.streaming.svc.cluster.local:9092")], ago=400 * D)
        for p in pp:
            c.notready(p, nm, since=2 * H)
    for n in c.workers():
        node_ev(c, n, "Rebooted", "Node %s has been rebooted, boot id: %s" % (n, c.uid()), 2 * H + 20 * M + c.r.randint(0, 600), comp="kubelet", typ="Warning")
    filler(c, "reports", "bi", "longhorn")
    noise_restarts(c, 4, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "headless_service_not_publishing_unready_peers",
                    "kafka brokers keep crashing with ZooKeeperClientTimeoutException since the node maintenance, zookeeper pods are 0/1",
                    "Service", ns, "zookeeper-headless",
                    "The ZooKeeper ensemble finds its peers through per-pod DNS names of the headless Service zookeeper-headless "
                    "(ZOO_SERVERS), but that Service was re-applied with publishNotReadyAddresses=false. After all ZK pods restarted during "
                    "the maintenance none is Ready (readiness requires quorum: 'srvr ... Mode'), so no peer DNS records are published, the "
                    "ensemble can never form quorum and Kafka cannot connect. Fix: publishNotReadyAddresses: true on zookeeper-headless.")


def k26():
    c = Cluster("k4-26", 4126, "2024-06-12T10:21:37Z", "eks", "v1.29.4-eks-036c24b", 370)
    plat_eks(c, "commerce-prod", "ap-southeast-2", [("general", 5, "m6i.2xlarge", 8, 32)])
    c.sc("gp3", "ebs.csi.aws.com", {"csi.storage.k8s.io/fstype": "ext4", "encrypted": "true", "type": "gp3"}, binding="WaitForFirstConsumer", default=True, ago=c.age - 5 * D)
    add_monitoring(c, sc="gp3")
    add_ingress_nginx(c, lb={"hostname": "k8s-ingressn-ingressn-%s-%s.elb.ap-southeast-2.amazonaws.com" % (c.hexs(10), c.hexs(16))})
    add_cert_manager(c)
    add_argocd(c)
    ns = "commerce"
    c.ns(ns, ago=350 * D)
    bad_csc = dict(BITNAMI_CSC, runAsUser=999, runAsGroup=999)
    bad_psc = dict(BITNAMI_PSC, fsGroup=999)
    pg = pg_bitnami(c, ns, "orders", "gp3", size="120Gi", db="orders", user="orders", req={"cpu": "1", "memory": "4Gi"}, lim={"cpu": "2", "memory": "6Gi"}, ago=340 * D,
                    csc=bad_csc, psc=bad_psc, old={"csc": BITNAMI_CSC}, updated=[0], pod_ago=31 * M, metrics=True)
    s = pg["sts"]
    s["metadata"].setdefault("annotations", {})["argocd.argoproj.io/tracking-id"] = "commerce:apps/StatefulSet:commerce/orders-postgresql"
    p = pg["pods"][0]
    # the template pod-level securityContext change applies to the new revision only
    p["spec"]["securityContext"] = copy.deepcopy(bad_psc)
    msg = ("postgresql 10:%02d:%02d.%02d INFO  ==> ** Starting PostgreSQL setup **\npostgresql 10:%02d:%02d.%02d INFO  ==> Validating settings in POSTGRESQL_* env vars..\n"
           "postgresql 10:%02d:%02d.%02d INFO  ==> Loading custom pre-init scripts...\npostgresql 10:%02d:%02d.%02d INFO  ==> Initializing PostgreSQL database...\n"
           "postgresql 10:%02d:%02d.%02d INFO  ==> Deploying PostgreSQL with persisted data...\npostgresql 10:%02d:%02d.%02d INFO  ==> ** PostgreSQL setup finished! **\n\n"
           "postgresql 10:%02d:%02d.%02d INFO  ==> ** Starting PostgreSQL **\n"
           "2024-06-12 10:%02d:%02d.%03d GMT [1] FATAL:  data directory \"/bitnami/postgresql/data\" has wrong ownership\n"
           "2024-06-12 10:%02d:%02d.%03d GMT [1] HINT:  The server must be started by the user that owns the data directory.\n") % tuple(
        x for _ in range(9) for x in (c.r.randint(16, 20), c.r.randint(0, 59), c.r.randint(0, 99)))
    c.crashloop(p, "postgresql", 10, 1, "Error", msg, None, since=30 * M)
    crash_events(c, p, "postgresql", 30 * M, 10)
    c.ev(s, "SuccessfulDelete", "delete Pod orders-postgresql-0 in StatefulSet orders-postgresql successful", comp="statefulset-controller", first=32 * M)
    c.ev(s, "SuccessfulCreate", "create Pod orders-postgresql-0 in StatefulSet orders-postgresql successful", comp="statefulset-controller", first=31 * M)
    reg = "%s.dkr.ecr.ap-southeast-2.amazonaws.com/commerce" % c.extra["acct"]
    pip = pg["svc"]["spec"]["clusterIP"]
    for nm, rep in (("order-service", 3), ("cart-service", 2)):
        _, _, pp = micro(c, ns, nm, "%s/%s:%s" % (reg, nm, c.r.choice(["5.12.0", "5.11.3"])), replicas=rep, port=8080,
                         env=[("SPRING_DATASOURCE_URL", "jdbc:postgresql://%s:5432/orders" % pg["host"]), ("SPRING_DATASOURCE_USERNAME", "orders"),
                              sref(pg["secret"], "password", "SPRING_DATASOURCE_PASSWORD")], ago=300 * D,
                         probe_paths=("/actuator/health/liveness", "/actuator/health/readiness"))
        if nm == "order-service":
            crash_pods(c, pp, nm, "org.postgresql.util.PSQLException: Connection to orders-postgresql.commerce.svc.cluster.local:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.\nCaused by: java.net.ConnectException: Connection refused\n",
                       29 * M, restarts=(7, 9))
        else:
            for q in pp:
                c.notready(q, nm, since=30 * M)
                unready_events(c, q, nm, "Readiness probe failed: HTTP probe failed with statuscode: 503", 30 * M)
    micro(c, ns, "storefront", "%s/storefront:2024.06.11" % reg, replicas=3, port=3000, ago=300 * D, probe_paths=("/api/health", "/api/health"))
    filler(c, "rabbit", "notifications", "gp3")
    filler(c, "batch", "commerce-batch", "gp3")
    noise_restarts(c, 5, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "security_context_uid_mismatch_data_dir",
                    "orders postgres is in CrashLoopBackOff since the argo sync half an hour ago, order-service can't connect",
                    "StatefulSet", ns, "orders-postgresql",
                    "The synced StatefulSet revision changed the postgresql container securityContext to runAsUser/runAsGroup 999 and "
                    "fsGroup 999 (values copied from the official postgres image). The existing data directory on the PVC is owned by "
                    "uid 1001, so PostgreSQL refuses to start: 'data directory \"/bitnami/postgresql/data\" has wrong ownership'. Fix the "
                    "securityContext on StatefulSet orders-postgresql (back to 1001).")


def k27():
    c = Cluster("k4-27", 4127, "2024-01-23T03:37:14Z", "gke", "v1.27.8-gke.1067004", 600)
    plat_gke(c, "obs-platform", "asia-northeast1", [("default-pool", 3, "e2-standard-8", 8, 32), ("data-pool", 2, "n2-highmem-4", 4, 32)], "obs-platform-1180")
    add_monitoring(c, sc="standard-rwo")
    add_cert_manager(c)
    add_flux(c)
    ns = "metrics-db"
    c.ns(ns, ago=560 * D)
    pg = pg_bitnami(c, ns, "timeseries", "premium-rwo", size="20Gi", db="metrics", user="writer", req={"cpu": "1", "memory": "4Gi"}, lim={"cpu": "2", "memory": "6Gi"}, ago=540 * D,
                    extra_env=[("POSTGRESQL_SHARED_PRELOAD_LIBRARIES", "pgaudit,timescaledb")], img_tag="16.1.0-debian-11-r22")
    p = pg["pods"][0]
    pvc = pg["pvcs"][0]
    pvc["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = p["spec"]["nodeName"]
    msg = ("2024-01-23 02:5%d:%02d.%03d GMT [1] LOG:  database system was interrupted; last known up at 2024-01-23 02:4%d:%02d GMT\n"
           "2024-01-23 02:5%d:%02d.%03d GMT [1] LOG:  database system was not properly shut down; automatic recovery in progress\n"
           "2024-01-23 02:5%d:%02d.%03d GMT [1] LOG:  redo starts at 4/9F21C8A0\n"
           "2024-01-23 02:5%d:%02d.%03d GMT [1] PANIC:  could not write to file \"pg_wal/xlogtemp.1\": No space left on device\n"
           "2024-01-23 02:5%d:%02d.%03d GMT [1] LOG:  startup process (PID 48) was terminated by signal 6: Aborted\n"
           "2024-01-23 02:5%d:%02d.%03d GMT [1] LOG:  aborting startup due to startup process failure\n") % tuple(
        [c.r.randint(0, 9), c.r.randint(0, 59), c.r.randint(0, 999), c.r.randint(0, 9), c.r.randint(0, 59)] + [x for _ in range(5) for x in (c.r.randint(0, 9), c.r.randint(0, 59), c.r.randint(0, 999))])
    c.crashloop(p, "postgresql", 12, 1, "Error", msg, None, since=53 * M)
    crash_events(c, p, "postgresql", 53 * M, 12)
    c.restarted(p, "postgresql", 12, 0, 1, "Error")
    p["status"]["containerStatuses"][0]["lastState"] = {"terminated": {"containerID": c._cid(), "exitCode": 1, "finishedAt": c.ts(c.r.randint(40, 150)),
                                                                       "message": msg, "reason": "Error", "startedAt": c.ts(c.r.randint(160, 190))}}
    p["status"]["containerStatuses"][0]["state"] = {"waiting": {"message": "back-off 5m0s restarting failed container=postgresql pod=timeseries-postgresql-0_metrics-db(%s)" % p["metadata"]["uid"],
                                                                "reason": "CrashLoopBackOff"}}
    p["status"]["containerStatuses"][0]["containerID"] = p["status"]["containerStatuses"][0]["lastState"]["terminated"]["containerID"]
    c.fix_conditions(p, trans=53 * M)
    pip = pg["svc"]["spec"]["clusterIP"]
    c.secret(ns, "writer-env", ["PGPASSWORD"], ago=500 * D)
    _, _, wp = micro(c, ns, "metrics-writer", "asia-northeast1-docker.pkg.dev/obs-platform-1180/obs/metrics-writer:1.27.0", replicas=3, port=8080,
                     env=[("PGHOST", pg["host"]), ("PGUSER", "writer"), ("PGDATABASE", "metrics")], envFrom=[{"secretRef": {"name": "writer-env"}}], ago=500 * D)
    crash_pods(c, wp, "metrics-writer", "level=fatal msg=\"unable to open connection pool\" err=\"failed to connect to `host=timeseries-postgresql.metrics-db.svc.cluster.local user=writer database=metrics`: dial error (dial tcp %s:5432: connect: connection refused)\"\n" % pip,
               52 * M, restarts=(12, 13))
    micro(c, ns, "metrics-query", "asia-northeast1-docker.pkg.dev/obs-platform-1180/obs/metrics-query:1.27.0", replicas=2, port=8080,
          env=[("PGHOST", pg["host"]), ("PGUSER", "reader")], ago=500 * D)
    c.cronjob(ns, "retention-compress", "0 */6 * * *", [ctr("compress", "asia-northeast1-docker.pkg.dev/obs-platform-1180/obs/pg-tools:16",
                                                           command=["psql", "-c", "SELECT compress_chunk(c) FROM show_chunks('samples', older_than => INTERVAL '2 days') c;"],
                                                           env=[("PGHOST", pg["host"])])],
              6 * H, (c.T.hour % 6) * 3600 + c.T.minute * 60 + 6 * H, hist=3, ago=400 * D, dur=c.r.randint(300, 900))
    filler(c, "web", "status-page", "standard-rwo", domain="example.jp")
    filler(c, "search", "logs", "standard-rwo")
    noise_restarts(c, 4, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "database_volume_full",
                    "timeseries postgres crashes on startup since about 2:45 and metrics-writer is down",
                    "PersistentVolumeClaim", ns, "data-timeseries-postgresql-0",
                    "The 20Gi volume data-timeseries-postgresql-0 backing the timeseries PostgreSQL is full: crash recovery aborts with "
                    "'PANIC: could not write to file \"pg_wal/xlogtemp.1\": No space left on device' and the container restarts in a loop, "
                    "taking metrics-writer down. The StorageClass premium-rwo allows expansion. Fix: expand the PVC (then clean up retention).")


def k28():
    c = Cluster("k4-28", 4128, "2024-03-19T08:06:55Z", "kubeadm", "v1.28.8", 720)
    c.extra["calico_tol"] = [{"key": "CriticalAddonsOnly", "operator": "Exists"},
                             {"effect": "NoSchedule", "key": "node-role.kubernetes.io/control-plane", "operator": "Exists"},
                             {"effect": "NoExecute", "operator": "Exists"}]
    dbl = {"node-pool": "database"}
    dbt = [{"effect": "NoSchedule", "key": "dedicated", "value": "database"}]
    plat_kubeadm(c, "dc-lyon", [("lyo-cp-1", 4, 16), ("lyo-cp-2", 4, 16), ("lyo-cp-3", 4, 16)],
                 [("lyo-wk-1", 16, 64, {"node-pool": "general"}), ("lyo-wk-2", 16, 64, {"node-pool": "general"}), ("lyo-wk-3", 16, 64, {"node-pool": "general"}),
                  ("lyo-db-1", 32, 256, dbl, dbt), ("lyo-db-2", 32, 256, dbl, dbt), ("lyo-db-3", 32, 256, dbl, dbt)],
                 cni="calico", net="10.70.3.", os_image="Debian GNU/Linux 12 (bookworm)", kernel="6.1.0-18-amd64", runtime="containerd://1.6.20")
    calico = c.get("DaemonSet", "kube-system", "calico-node")
    calico["metadata"]["generation"] += 1
    calico["metadata"]["annotations"]["deprecated.daemonset.template.generation"] = str(calico["metadata"]["generation"])
    dbn = [n for n in c.node_order if n.startswith("lyo-db")]
    for n in dbn:
        o = c.ninfo[n]["obj"]
        o["metadata"]["creationTimestamp"] = c.ts(20 * H + c.r.randint(0, 900))
        c.ninfo[n]["age"] = c.ctime(o)
    c.sc("openebs-hostpath", "openebs.io/local", {}, binding="WaitForFirstConsumer", expand=False, ago=c.age - 30 * D,
         ann={"cas.openebs.io/config": "- name: StorageType\n  value: \"hostpath\"\n- name: BasePath\n  value: \"/var/openebs/local\"\n", "openebs.io/cas-type": "local"})
    c.sc("longhorn", "driver.longhorn.io", {"numberOfReplicas": "3", "staleReplicaTimeout": "30", "fsType": "ext4"}, binding="Immediate", default=True, ago=c.age - 30 * D)
    c.ns("longhorn-system", ago=c.age - 30 * D)
    simple_ds(c, "longhorn-system", "longhorn-manager", "longhornio/longhorn-manager:v1.5.4", labels={"app": "longhorn-manager"}, tol=None, ports=[("manager", 9500)], sa="longhorn-service-account")
    c.ns("openebs", ago=c.age - 30 * D)
    simple_deploy(c, "openebs", "openebs-localpv-provisioner", "openebs/provisioner-localpv:3.5.0", labels={"app": "openebs", "component": "localpv-provisioner"}, svc=False, sa="openebs")
    add_monitoring(c, sc="longhorn")
    add_logging(c, sc="longhorn")
    add_ingress_nginx(c, typ="NodePort")
    add_flux(c)
    for n in dbn:
        c.node_not_ready(n, 20 * H - 60, reason="KubeletNotReady",
                         msg="container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized",
                         unreachable=False)
        node_ev(c, n, "Starting", "Starting kubelet.", 20 * H, comp="kubelet")
        node_ev(c, n, "RegisteredNode", "Node %s event: Registered Node %s in Controller" % (n, n), 20 * H - 10)
        for p in c.items["pods"]:
            if p["spec"].get("nodeName") == n:
                p["metadata"]["creationTimestamp"] = c.ts(min(c.ctime(p), 20 * H - 30))
                p["status"]["startTime"] = c.ts(min(c.ctime(p), 20 * H - 30) - 1)
                for cs in p["status"]["containerStatuses"] + p["status"].get("initContainerStatuses", []):
                    if "running" in cs["state"]:
                        cs["state"]["running"]["startedAt"] = c.ts(20 * H - 40)
                for cd in p["status"]["conditions"]:
                    cd["lastTransitionTime"] = c.ts(20 * H - 45)
                if not p["spec"].get("hostNetwork"):
                    for cs in p["status"]["containerStatuses"]:
                        c.waiting(p, cs["name"], "ContainerCreating", sandbox=False, since=20 * H - 45)
                    p["status"].pop("initContainerStatuses", None)
                    c.ev(p, "NetworkNotReady", "network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized",
                         "Warning", host=n, first=20 * H - 40, last=c.r.randint(1, 9), count=c.r.randint(34000, 36000))
    c.ninfo["lyo-db-1"]["load"] += 100
    c.ninfo["lyo-db-2"]["load"] += 100
    c.ninfo["lyo-db-3"]["load"] += 100
    cnpg_operator(c, ago=200 * D)
    filler(c, "keycloak", "iam", "longhorn", domain="lyon.example.fr")
    filler(c, "web", "intranet", "longhorn", domain="lyon.example.fr")
    ns = "analytics-db"
    c.ns(ns, ago=19 * H)
    own = c.crd("postgresql.cnpg.io/v1", "Cluster", ns, "analytics-pg")
    c.sa(ns, "analytics-pg", ago=19 * H, owner=own)
    for sname, keys, typ in (("analytics-pg-app", ["dbname", "host", "jdbc-uri", "password", "pgpass", "port", "uri", "user", "username"], "kubernetes.io/basic-auth"),
                             ("analytics-pg-ca", ["ca.crt", "ca.key"], "Opaque"), ("analytics-pg-server", ["tls.crt", "tls.key"], "kubernetes.io/tls"),
                             ("analytics-pg-replication", ["tls.crt", "tls.key"], "kubernetes.io/tls")):
        c.secret(ns, sname, keys, typ=typ, labels={"cnpg.io/cluster": "analytics-pg"}, owner=own, ago=19 * H)
    pvc = c.pvc(ns, "analytics-pg-1", "1Ti", "openebs-hostpath", labels={"cnpg.io/cluster": "analytics-pg", "cnpg.io/instanceName": "analytics-pg-1", "cnpg.io/pvcRole": "PG_DATA"},
                ago=19 * H - 20, owner=own, bound=False, ann={"cnpg.io/nodeSerial": "1", "cnpg.io/operatorVersion": "1.22.2", "cnpg.io/pvcStatus": "initializing"})
    c.ev(pvc, "WaitForFirstConsumer", "waiting for first consumer to be created before binding", comp="persistentvolume-controller", first=19 * H - 20,
         last=c.r.randint(1, 14), count=c.r.randint(4400, 4600))
    tol = DB_TOL[:0] + [{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "database"}]
    j, jp = c.job(ns, "analytics-pg-1-initdb", [ctr("initdb", "ghcr.io/cloudnative-pg/postgresql:16.2", command=["/controller/manager", "instance", "init", "--initdb-flags", "--encoding=UTF8 --lc-collate=C --lc-ctype=C --locale=C --wal-segsize=32"],
                                                    req={"cpu": "4", "memory": "32Gi"}, lim={"cpu": "8", "memory": "64Gi"}, mounts=[("pgdata", "/var/lib/postgresql/data")])],
                  19 * H - 20, result="Running", owner=own, labels={"cnpg.io/cluster": "analytics-pg", "cnpg.io/instanceName": "analytics-pg-1", "cnpg.io/jobRole": "initdb"},
                  sa="analytics-pg", vols=[vol_pvc("pgdata", "analytics-pg-1")], tol=tol, nsel=dbl, node=c.node_order[3])
    st = j["status"]
    st["ready"] = 0
    total = len(c.node_order)
    msg = c.sched_msg({"node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }": 3, "node(s) didn't match Pod's node affinity/selector": 3,
                       "node(s) had untolerated taint {node.kubernetes.io/not-ready: }": 3})
    pend(c, jp[0], msg, 19 * H - 20)
    c.ev(j, "SuccessfulCreate", "Created pod: %s" % jp[0]["metadata"]["name"], comp="job-controller", first=19 * H - 20)
    for suf, role in (("rw", "primary"), ("ro", "replica"), ("r", None)):
        sel = {"cnpg.io/cluster": "analytics-pg", "cnpg.io/instanceRole": role} if role else {"cnpg.io/cluster": "analytics-pg", "cnpg.io/podRole": "instance"}
        c.svc(ns, "analytics-pg-%s" % suf, [("postgres", 5432, 5432)], sel=sel, labels={"cnpg.io/cluster": "analytics-pg"}, owner=own, ago=19 * H)
    c.ns("analytics", ago=19 * H)
    c.secret("analytics", "analytics-db", ["PGPASSWORD", "PGUSER"], ago=18 * H)
    _, _, ep = micro(c, "analytics", "etl-scheduler", "registry.lyon.example.fr/data/etl-scheduler:0.9.0", replicas=1, port=8080, ago=18 * H, pod_ago=18 * H,
                     env=[("PGHOST", "analytics-pg-rw.analytics-db.svc.cluster.local")], envFrom=[{"secretRef": {"name": "analytics-db"}}])
    rw = c.get("Service", ns, "analytics-pg-rw")["spec"]["clusterIP"]
    crash_pods(c, ep, "etl-scheduler", "psycopg.OperationalError: connection failed: connection to server at \"%s\", port 5432 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?\n" % rw,
               18 * H, restarts=(210, 216))
    noise_restarts(c, 4, exclude_ns=("analytics", ns))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "cni_daemonset_missing_toleration",
                    "we added three database nodes yesterday and the new analytics postgres cluster never started, everything for it is pending",
                    "DaemonSet", "kube-system", "calico-node",
                    "calico-node's tolerations were narrowed (control-plane + CriticalAddonsOnly + NoExecute only) so it does not tolerate the "
                    "dedicated=database:NoSchedule taint of the new lyo-db-* nodes; desiredNumberScheduled excludes them. Without the CNI the "
                    "nodes stay NotReady ('cni plugin not initialized', not-ready taints), non-hostNetwork pods there sit in ContainerCreating, "
                    "and the CNPG initdb pod for analytics-pg cannot be scheduled. Fix the calico-node DaemonSet tolerations (operator: Exists for NoSchedule).")


def k29():
    c = Cluster("k4-29", 4129, "2024-09-25T14:33:48Z", "openshift", "v1.28.11+add48d0", 420)
    plat_openshift(c, "ocp-apps", "example.org", [("master-0", 8, 32), ("master-1", 8, 32), ("master-2", 8, 32)],
                   [("worker-0", 16, 64), ("worker-1", 16, 64), ("worker-2", 16, 64)], storage="thin")
    ns = "loyalty"
    c.ns(ns, ago=400 * D, ann={"openshift.io/sa.scc.uid-range": "1000700000/10000", "openshift.io/sa.scc.supplemental-groups": "1000700000/10000", "openshift.io/sa.scc.mcs": "s0:c26,c25"})
    md = mongo_bitnami(c, ns, "loyalty-mongodb", "thin-csi", replicas=2, size="50Gi", ago=380 * D)
    c.secret(ns, "loyalty-app", ["JWT_SIGNING_KEY", "PARTNER_API_KEY"], ago=300 * D)
    reg = "image-registry.openshift-image-registry.svc:5000/loyalty"
    uri = "mongodb://app@%s/loyalty?replicaSet=rs0&authSource=app" % md["uri_hosts"]
    mk = lambda tag, sec: [ctr("loyalty-worker", "%s/loyalty-worker:%s" % (reg, tag), ports=[("metrics", 9102)],
                               env=[("MONGODB_URI", uri), {"name": "MONGODB_PASSWORD", "valueFrom": {"secretKeyRef": {"key": "mongodb-passwords", "name": sec}}},
                                    ("KAFKA_BROKERS", "points-kafka-bootstrap.loyalty-events.svc:9092"), ("WORKER_CONCURRENCY", "8")],
                               envFrom=[{"secretRef": {"name": "loyalty-app"}}], req={"cpu": "250m", "memory": "512Mi"}, lim={"cpu": "1", "memory": "1Gi"},
                               live=http_probe("/healthz", "metrics", delay=15), ready=http_probe("/readyz", "metrics", delay=5), tmp="FallbackToLogsOnError")]
    dep, nrs, npods = c.deploy(ns, "loyalty-worker", mk("2024.09.25-1", "loyalty-mongodb-creds"), replicas=3, labels={"app": "loyalty-worker", "app.kubernetes.io/part-of": "loyalty"},
                               sel={"app": "loyalty-worker"}, revision=31, pod_ago=36 * M, ago=350 * D, strategy={"type": "Recreate"})
    dep["_stuck"] = True
    for p in npods:
        c.waiting(p, "loyalty-worker", "CreateContainerConfigError", 'secret "loyalty-mongodb-creds" not found', since=36 * M)
        node = p["spec"]["nodeName"]
        fp = "spec.containers{loyalty-worker}"
        c.ev(p, "Scheduled", "Successfully assigned %s/%s to %s" % (ns, p["metadata"]["name"], node), comp="default-scheduler", first=36 * M)
        c.ev(p, "AddedInterface", "Add eth0 [%s/23] from ovn-kubernetes" % p["status"]["podIP"], comp="multus", first=36 * M - 1)
        c.ev(p, "Pulling", 'Pulling image "%s/loyalty-worker:2024.09.25-1"' % reg, host=node, first=36 * M - 2, fp=fp)
        c.ev(p, "Pulled", 'Successfully pulled image "%s/loyalty-worker:2024.09.25-1" in 1.284s (1.284s including waiting)' % reg, host=node, first=36 * M - 3, fp=fp)
        c.ev(p, "Pulled", 'Container image "%s/loyalty-worker:2024.09.25-1" already present on machine' % reg, host=node, first=35 * M, last=c.r.randint(10, 120), count=c.r.randint(160, 170), fp=fp)
        c.ev(p, "Failed", 'Error: secret "loyalty-mongodb-creds" not found', "Warning", host=node, first=36 * M - 3, last=c.r.randint(10, 120), count=c.r.randint(160, 170), fp=fp)
    c.ev(dep, "ScalingReplicaSet", "Scaled down replica set %s to 0 from 3" % dep["_rs"][-2]["metadata"]["name"], comp="deployment-controller", first=37 * M)
    c.ev(dep, "ScalingReplicaSet", "Scaled up replica set %s to 3" % nrs["metadata"]["name"], comp="deployment-controller", first=36 * M)
    micro(c, ns, "loyalty-api", "%s/loyalty-api:2024.09.18-2" % reg, replicas=2, port=8080,
          env=[("MONGODB_URI", uri), sref("loyalty-mongodb", "mongodb-passwords", "MONGODB_PASSWORD")], envFrom=[{"secretRef": {"name": "loyalty-app"}}], ago=350 * D)
    c.ns("loyalty-events", ago=300 * D)
    strimzi_stack(c, "loyalty-events", "points", "thin-csi", brokers=3, zk=3, size="50Gi")
    noise_restarts(c, 4, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "deployment_references_missing_secret",
                    "loyalty-worker pods are stuck in CreateContainerConfigError after today's release and points aren't being credited",
                    "Deployment", ns, "loyalty-worker",
                    "Revision 31 of Deployment loyalty-worker reads MONGODB_PASSWORD from secret 'loyalty-mongodb-creds', which does not "
                    "exist; the MongoDB chart's secret is 'loyalty-mongodb' (key mongodb-passwords, used by loyalty-api). With the Recreate "
                    "strategy all old pods were stopped and the new ones fail with CreateContainerConfigError. Fix the secretKeyRef name in the Deployment.")


def k30():
    c = Cluster("k4-30", 4130, "2024-12-03T20:18:25Z", "doks", "v1.31.1", 330)
    plat_doks(c, "identity-prod", "ams3", [("pool-apps", 4, "s-8vcpu-16gb", 8, 16), ("pool-db", 3, "m-4vcpu-32gb", 4, 32)])
    add_monitoring(c, sc="do-block-storage")
    add_ingress_nginx(c, lb="188.166.%d.%d" % (c.r.randint(0, 255), c.r.randint(1, 250)))
    add_cert_manager(c)
    add_external_secrets(c)
    ns = "identity"
    c.ns(ns, ago=320 * D)
    c.secret(ns, "identity-mongo-tls", ["tls.crt", "tls.key"], typ="kubernetes.io/tls", ago=52 * M)
    dbn = [n for n in c.node_order if n.startswith("pool-db")]
    md = mongo_bitnami(c, ns, "identity-mongo", "do-block-storage", replicas=3, size="40Gi", ago=300 * D, arbiter=False, nodes=dbn,
                       vols_extra=[vol_secret("tls", "identity-mongo-tls", mode=384, items=[("tls.crt", "tls.crt"), ("tls.key", "tls.key"), ("ca.crt", "ca.crt")])],
                       mounts_extra=[("tls", "/certs", True)],
                       extra_env=[("MONGODB_EXTRA_FLAGS", "--tlsMode=requireTLS --tlsCertificateKeyFile=/opt/bitnami/mongodb/certs/mongodb.pem --tlsCAFile=/certs/ca.crt")],
                       old="docker.io/bitnami/mongodb:7.0.11-debian-12-r0", updated=[2])
    s = md["sts"]
    for tm in (s["spec"]["template"],):
        tm["metadata"].setdefault("annotations", {})["kubectl.kubernetes.io/restartedAt"] = c.ts(48 * M).replace("Z", "+00:00")
    p = md["pods"][2]
    p["metadata"]["creationTimestamp"] = c.ts(47 * M)
    p["status"]["startTime"] = c.ts(47 * M)
    p["metadata"].setdefault("annotations", {})["kubectl.kubernetes.io/restartedAt"] = c.ts(48 * M).replace("Z", "+00:00")
    c.waiting(p, "mongodb", "ContainerCreating", sandbox=False, since=47 * M)
    for cd in p["status"]["conditions"]:
        cd["lastTransitionTime"] = c.ts(47 * M)
    for cd in p["status"]["conditions"]:
        if cd["type"] == "PodReadyToStartContainers":
            cd["status"] = "False"
    node = p["spec"]["nodeName"]
    c.ev(s, "SuccessfulDelete", "delete Pod identity-mongo-2 in StatefulSet identity-mongo successful", comp="statefulset-controller", first=48 * M)
    c.ev(s, "SuccessfulCreate", "create Pod identity-mongo-2 in StatefulSet identity-mongo successful", comp="statefulset-controller", first=47 * M)
    c.ev(p, "Scheduled", "Successfully assigned identity/identity-mongo-2 to %s" % node, comp="default-scheduler", first=47 * M)
    c.ev(p, "FailedMount", 'MountVolume.SetUp failed for volume "tls" : references non-existent secret key: ca.crt', "Warning", host=node, first=47 * M,
         last=c.r.randint(20, 110), count=c.r.randint(30, 33))
    c.ev(None, "Killing", "Stopping container mongodb", host=node, first=48 * M, kind="Pod", api="v1", ns=ns, name="identity-mongo-2", uid=c.uid(), fp="spec.containers{mongodb}")
    for q in md["pods"][:2]:
        c.ev(q, "FailedMount", 'MountVolume.SetUp failed for volume "tls" : references non-existent secret key: ca.crt', "Warning", host=q["spec"]["nodeName"],
             first=51 * M, last=c.r.randint(20, 200), count=c.r.randint(20, 26))
    c.secret(ns, "keycloak-db", ["password"], ago=300 * D)
    c.secret(ns, "authn-env", ["MONGO_URI", "SESSION_SECRET"], ago=300 * D)
    for nm, rep in (("authn", 3), ("user-profile", 2), ("token-service", 2)):
        micro(c, ns, nm, "registry.digitalocean.com/idp/%s:%s" % (nm, c.r.choice(["3.4.1", "3.5.0"])), replicas=rep, port=8080, envFrom=[{"secretRef": {"name": "authn-env"}}], ago=280 * D)
    filler(c, "web", "account-portal", "do-block-storage", domain="example.nl")
    noise_restarts(c, 4, exclude_ns=(ns,))
    old_probe_blips(c, 2)
    noise_events(c)
    return c, truth(c, "tls_secret_missing_ca_key",
                    "after rotating the mongo TLS certificate identity-mongo-2 has been stuck in ContainerCreating for ~45 minutes",
                    "Secret", ns, "identity-mongo-tls",
                    "The TLS secret identity-mongo-tls was re-created ~50 min ago with 'kubectl create secret tls', which only writes tls.crt "
                    "and tls.key. The MongoDB StatefulSet projects tls.crt, tls.key AND ca.crt from it, so after the rollout restart "
                    "identity-mongo-2 cannot mount the volume ('references non-existent secret key: ca.crt') and the rollout is stuck. Fix: "
                    "re-create the Secret including ca.crt.")


# ================================================================= extra noise (distractors, evictions, harmless policies)
NOISE = {
    "k4-01": ["evicted", "netpol"], "k4-02": ["sandbox_imagepull", "evicted"], "k4-03": ["netpol", "failed_job"],
    "k4-04": ["evicted", "omit:resourcequotas"], "k4-05": ["dev_crashloop", "omit:resourcequotas"], "k4-06": ["evicted"],
    "k4-07": ["omit:networkpolicies", "omit:resourcequotas"], "k4-08": ["evicted", "netpol", "omit:endpointslices"],
    "k4-09": ["sandbox_imagepull"], "k4-10": ["netpol"], "k4-11": ["evicted", "dev_crashloop"],
    "k4-12": ["omit:ingresses", "omit:networkpolicies"], "k4-13": ["netpol", "evicted"], "k4-14": ["sandbox_imagepull", "omit:resourcequotas"],
    "k4-15": ["evicted"], "k4-16": ["netpol", "omit:endpointslices"], "k4-17": ["dev_crashloop", "evicted"], "k4-18": ["failed_job"],
    "k4-19": ["evicted", "omit:cronjobs"], "k4-20": ["netpol", "sandbox_imagepull"], "k4-21": ["evicted"], "k4-22": ["netpol", "failed_job"],
    "k4-23": ["evicted", "omit:resourcequotas", "omit:networkpolicies"], "k4-24": ["dev_crashloop"], "k4-25": ["evicted", "omit:ingresses"],
    "k4-26": ["netpol"], "k4-27": ["sandbox_imagepull", "evicted"], "k4-28": ["evicted"], "k4-29": ["netpol"], "k4-30": ["dev_crashloop", "netpol"],
}


def post_noise(c):
    fill_ns = [ns for _, ns in c.extra.get("fillers", [])]
    for x in NOISE.get(c.iid, []):
        if x.startswith("omit:"):
            c.omit.append(x[5:])
        elif x == "evicted":
            rss = [rs for rs in c.items["replicasets"] if rs["metadata"]["namespace"] in fill_ns + ["monitoring", "logging", "argocd"]
                   and rs["spec"]["replicas"] > 0 and c.ctime(rs) > 8 * D]
            c.r.shuffle(rss)
            for rs in rss[:c.r.randint(1, 3)]:
                pods = [p for p in c.items["pods"] if any(o["uid"] == rs["metadata"]["uid"] for o in p["metadata"].get("ownerReferences", [])) and p["spec"].get("nodeName")]
                if not pods:
                    continue
                node = c.r.choice(pods)["spec"]["nodeName"]
                ago = min(c.ctime(rs) - 60, c.r.randint(2 * D, 6 * D))
                if c.ninfo[node]["age"] < ago + 60:
                    continue
                noise_evicted(c, rs, node, ago, resource=c.r.choice(["memory", "ephemeral-storage"]))
        elif x == "netpol":
            ing = "ingress-nginx" if c.get("Namespace", "", "ingress-nginx") else ("openshift-ingress" if c.flavor == "openshift" else "kube-system")
            for ns in fill_ns[:2]:
                t = c.r.randint(30, 200) * D
                c.netpol(ns, "default-deny-ingress", {"podSelector": {}, "policyTypes": ["Ingress"]}, ago=t)
                c.netpol(ns, "allow-same-namespace", {"ingress": [{"from": [{"podSelector": {}}]}], "podSelector": {}, "policyTypes": ["Ingress"]}, ago=t)
                c.netpol(ns, "allow-from-ingress-controller", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": ing}}}]}],
                                                               "podSelector": {}, "policyTypes": ["Ingress"]}, ago=t)
                if c.get("Namespace", "", "monitoring"):
                    c.netpol(ns, "allow-prometheus-scrape", {"ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}},
                                                                                     "podSelector": {"matchLabels": {"app.kubernetes.io/name": "prometheus"}}}]}],
                                                             "podSelector": {}, "policyTypes": ["Ingress"]}, ago=t)
        elif x == "failed_job":
            bns = [ns for k, ns in c.extra.get("fillers", []) if k in ("batch", "reports")]
            if not bns:
                continue
            ns = bns[0]
            nm = c.r.choice(["data-backfill", "reindex-once", "csv-import-2024q2", "cleanup-orphans"])
            ago = c.r.randint(30 * H, 70 * H)
            img = "registry.internal/ops/%s:%s" % (nm, c.r.choice(["0.1.0", "0.2.3"]))
            j, jp = c.job(ns, nm, [ctr(nm, img, args=["--dry-run=false"], tmp="FallbackToLogsOnError")], ago, dur=c.r.randint(200, 600), result="Failed",
                          failed_pods=3, backoff=2, fail_msg="Traceback (most recent call last):\n  File \"/app/run.py\", line 44, in <module>\n    main()\nKeyError: 'SOURCE_BUCKET'\n")
        elif x in ("sandbox_imagepull", "dev_crashloop"):
            nsn = "sandbox" if x == "sandbox_imagepull" else c.r.choice(["dev", "playground", "preview"])
            if len(c.items["namespaces"]) >= 15:
                continue
            c.ns(nsn, ago=c.r.randint(20, 120) * D, labels={"env": "dev"})
            since = c.r.randint(4 * D, 9 * D)
            if x == "sandbox_imagepull":
                who = c.r.choice(["mkowalski", "jdoe", "a-nguyen", "tpetersen"])
                img = "ghcr.io/%s/poc-api:latest" % who
                d_, _, pp = micro(c, nsn, "poc-api", img, replicas=1, port=8080, ago=since + 60, pod_ago=since)
                p = pp[0]
                p["spec"]["containers"][0]["imagePullPolicy"] = "Always"
                node = p["spec"]["nodeName"]
                fp = "spec.containers{poc-api}"
                err = ('rpc error: code = Unknown desc = failed to pull and unpack image "%s": failed to resolve reference "%s": failed to authorize: '
                       'failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%%3A%s%%2Fpoc-api%%3Apull&service=ghcr.io: 401 Unauthorized' % (img, img, who))
                c.ev(p, "BackOff", 'Back-off pulling image "%s"' % img, host=node, first=since, last=c.r.randint(5, 200), count=c.r.randint(30000, 40000), fp=fp)
                c.ev(p, "Failed", "Error: ImagePullBackOff", "Warning", host=node, first=since, last=c.r.randint(5, 200), count=c.r.randint(30000, 40000), fp=fp)
                c.ev(p, "Failed", 'Failed to pull image "%s": %s' % (img, err), "Warning", host=node, first=since, last=c.r.randint(100, 300), count=c.r.randint(1500, 2000), fp=fp)
                c.waiting(p, "poc-api", "ImagePullBackOff", 'Back-off pulling image "%s"' % img, since=since)
                d_["_stuck"] = True
            else:
                nm = c.r.choice(["checkout-preview", "web-next", "api-pr-1187"])
                d_, _, pp = micro(c, nsn, nm, "registry.internal/dev/%s:%s" % (nm, c.hexs(7)), replicas=1, port=3000, ago=since + 60, pod_ago=since)
                crash_pods(c, pp, nm, "node:internal/modules/cjs/loader:1148\n  throw err;\n  ^\n\nError: Cannot find module '/app/dist/main.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)\n",
                           since, restarts=(1500, 2100))
                d_["_stuck"] = True


# ================================================================= driver
def incident_fns():
    g = globals()
    return [g[k] for k in sorted(g) if len(k) == 3 and k[0] == "k" and k[1:].isdigit()]


def build(only=None):
    if os.path.exists(OUTDIR):
        shutil.rmtree(OUTDIR)
    os.makedirs(OUTDIR)
    out = []
    for fn in incident_fns():
        if only and fn.__name__ not in only:
            continue
        c, t = fn()
        post_noise(c)
        finalize(c)
        write_bundle(c, t, OUTDIR)
        out.append((c, t))
    return out


def tree_hash(root):
    h = hashlib.sha256()
    for dp, dns, fns in os.walk(root):
        dns.sort()
        for f in sorted(fns):
            p = os.path.join(dp, f)
            rel = os.path.relpath(p, root).replace(os.sep, "/")
            h.update(rel.encode() + b"\0")
            with open(p, "rb") as fh:
                h.update(fh.read())
            h.update(b"\0")
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="rebuild and assert internal consistency")
    ap.add_argument("--hash", action="store_true", help="print sha256 over incidents/")
    ap.add_argument("--only", default="", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.hash and not a.check:
        if not os.path.isdir(OUTDIR):
            build()
        print(tree_hash(OUTDIR))
        return 0
    only = set("k" + x.split("-")[-1] for x in a.only.split(",") if x) if a.only else None
    res = build(only)
    if a.check:
        faults = {}
        for c, t in res:
            npods, nns = check_bundle(os.path.join(OUTDIR, c.iid), c.ghosts)
            faults.setdefault(t["fault"], []).append(c.iid)
            print("%s ok  pods=%3d ns=%2d  %-40s -> %s/%s/%s" % (c.iid, npods, nns, t["fault"], t["root_cause"]["kind"],
                                                               t["root_cause"]["namespace"], t["root_cause"]["name"]))
        if not only:
            if len(res) != 30:
                raise CheckError("expected 30 incidents, got %d" % len(res))
            if len(faults) < 20:
                raise CheckError("expected >=20 fault types, got %d" % len(faults))
            h1 = tree_hash(OUTDIR)
            build()
            if tree_hash(OUTDIR) != h1:
                raise CheckError("generator is not deterministic")
        print("check passed: %d incidents, %d fault types" % (len(res), len(faults)))
    if a.hash:
        print(tree_hash(OUTDIR))
    return 0


if __name__ == "__main__":
    sys.exit(main())

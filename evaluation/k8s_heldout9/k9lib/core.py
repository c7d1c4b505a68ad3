"""Core: deterministic ids/times, object store, canonical writer."""
import copy
import datetime
import hashlib
import json
import os
import random
import uuid

D, H, M = 86400, 3600, 60
ALNUM = "bcdfghjklmnpqrstvwxz2456789"
UTC = datetime.timezone.utc

# plural -> (apiVersion, Kind, namespaced)
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
KIND2PLURAL = {v[1]: k for k, v in KINDS.items()}


def fmt(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_ts(s):
    return datetime.datetime.strptime(s[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC)


def canon(obj):
    return json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def sha(s, n=64):
    return hashlib.sha256(s.encode()).hexdigest()[:n]


class Cluster:
    """In-memory cluster snapshot under construction."""

    def __init__(self, iid, seed, snapshot, platform):
        self.iid = iid
        self.rng = random.Random(seed)
        self.snap_s = snapshot
        self.snap = parse_ts(snapshot)
        self.platform = platform  # dict from platforms.PROFILES
        self.store = {p: {} for p in KINDS}
        self.hints = {}          # (plural, ns, name) -> dict, never written
        self.nodeinfo = {}       # node name -> dict(ip, pool, zone)
        self.ips = set()
        self.svc_ips = set()
        self.nodeports = set()
        self.allowed_missing = set()   # (kind, ns, name) references allowed to dangle
        self.version = platform["version"]
        self.minor = int(self.version.split(".")[1])

    # ---- time / ids -------------------------------------------------
    def ts(self, ago):
        return fmt(self.snap - datetime.timedelta(seconds=int(ago)))

    def mts(self, ago):
        dt = self.snap - datetime.timedelta(seconds=int(ago))
        micro = self.rng.randrange(0, 999999) if ago > 0 else 0
        return dt.strftime("%Y-%m-%dT%H:%M:%S") + ".%06dZ" % micro

    def ago_of(self, obj):
        return int((self.snap - parse_ts(obj["metadata"]["creationTimestamp"])).total_seconds())

    def uid(self):
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def sfx(self, n=5):
        return "".join(self.rng.choice(ALNUM) for _ in range(n))

    def hexs(self, n):
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(n))

    def pick(self, seq):
        return self.rng.choice(list(seq))

    def jitter(self, base, spread):
        return base + self.rng.randint(0, spread)

    # ---- store ------------------------------------------------------
    def new(self, plural, name, ns=None, ago=0, labels=None, ann=None, owner=None,
            gen=None, finalizers=None, generate_name=None):
        api, kind, namespaced = KINDS[plural]
        md = {"name": name, "uid": self.uid(), "creationTimestamp": self.ts(ago)}
        if namespaced:
            if ns is None:
                raise ValueError("namespace required for %s/%s" % (plural, name))
            md["namespace"] = ns
        if labels:
            md["labels"] = dict(labels)
        if ann:
            md["annotations"] = dict(ann)
        if owner:
            md["ownerReferences"] = owner if isinstance(owner, list) else [owner]
        if gen is not None:
            md["generation"] = gen
        if finalizers:
            md["finalizers"] = list(finalizers)
        if generate_name:
            md["generateName"] = generate_name
        obj = {"apiVersion": api, "kind": kind, "metadata": md}
        key = (md.get("namespace", ""), name)
        if key in self.store[plural]:
            raise ValueError("duplicate %s %s" % (plural, key))
        self.store[plural][key] = obj
        return obj

    def get(self, plural, ns, name):
        return self.store[plural].get((ns or "", name))

    def remove(self, plural, ns, name):
        return self.store[plural].pop((ns or "", name))

    def all(self, plural):
        return [self.store[plural][k] for k in sorted(self.store[plural])]

    def hint(self, obj, **kw):
        md = obj["metadata"]
        key = (KIND2PLURAL[obj["kind"]], md.get("namespace", ""), md["name"])
        self.hints.setdefault(key, {}).update(kw)
        return self.hints[key]

    def hints_of(self, obj):
        md = obj["metadata"]
        return self.hints.get((KIND2PLURAL[obj["kind"]], md.get("namespace", ""), md["name"]), {})

    def allow_missing(self, kind, ns, name, key=None):
        self.allowed_missing.add((kind, ns, name) if key is None else (kind, ns, name, key))

    # ---- output -----------------------------------------------------
    def write(self, outdir, truth):
        os.makedirs(outdir, exist_ok=True)
        for plural in sorted(self.store):
            d = self.store[plural]
            if not d:
                continue
            items = [d[k] for k in sorted(d)]
            doc = {"apiVersion": "v1", "items": items, "kind": "List",
                   "metadata": {"resourceVersion": ""}}
            with open(os.path.join(outdir, plural + ".json"), "w") as f:
                f.write(canon(doc))
        with open(os.path.join(outdir, "snapshot_time.txt"), "w") as f:
            f.write(self.snap_s + "\n")
        with open(os.path.join(outdir, "truth.json"), "w") as f:
            f.write(canon(truth))


def oref(obj, controller=True, block=True):
    r = {"apiVersion": obj["apiVersion"], "kind": obj["kind"],
         "name": obj["metadata"]["name"], "uid": obj["metadata"]["uid"]}
    if controller is not None:
        r["controller"] = controller
    if block is not None:
        r["blockOwnerDeletion"] = block
    return r


def crd_ref(c, api, kind, name, controller=True, block=True):
    """Owner reference to a custom resource (not dumped in the bundle)."""
    r = {"apiVersion": api, "kind": kind, "name": name, "uid": c.uid()}
    if controller is not None:
        r["controller"] = controller
    if block is not None:
        r["blockOwnerDeletion"] = block
    return r


def dc(x):
    return copy.deepcopy(x)


# ---- quantities ------------------------------------------------------
_BIN = {"Ki": 1024, "Mi": 1024 ** 2, "Gi": 1024 ** 3, "Ti": 1024 ** 4}
_DEC = {"k": 1000, "M": 1000 ** 2, "G": 1000 ** 3, "T": 1000 ** 4}


def qty(s):
    """Parse a quantity; cpu -> millicores when unit-less/m, bytes otherwise."""
    s = str(s)
    for u, m in _BIN.items():
        if s.endswith(u):
            return int(float(s[:-2]) * m)
    for u, m in _DEC.items():
        if s.endswith(u):
            return int(float(s[:-1]) * m)
    if s.endswith("m"):
        return int(s[:-1])
    return int(float(s) * 1000)


def cpu_m(s):
    s = str(s)
    return int(s[:-1]) if s.endswith("m") else int(float(s) * 1000)


def fmt_cpu(m):
    return str(m // 1000) if m % 1000 == 0 else "%dm" % m


def fmt_mem(b):
    for u in ("Ti", "Gi", "Mi", "Ki"):
        if b and b % _BIN[u] == 0:
            return "%d%s" % (b // _BIN[u], u)
    return str(b)

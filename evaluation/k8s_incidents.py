"""Kubernetes incidents: realistic cluster snapshots with ONE injected fault each, and its ground truth.

A cluster is a database operator's (a Postgres StatefulSet with PVCs, primary/replica Services, a
ConfigMap, Secrets, a NetworkPolicy), an app tier (Deployments with ReplicaSets, Services, an Ingress,
clients that reach the database through its Service name) and noise (healthy namespaces, DaemonSets on
every node, completed Jobs, old normal and old resolved warning events, quotas). Names, namespaces,
label keys, images and counts come from the seed, so a root cause cannot be found by matching names.

    inc = generate("oom_killed", seed=7); inc.write("/tmp/snap")  # snapshot + truth.json
    evaluate(range(100))  # precision per fault type and seconds per incident (agent-free: toolkit RCA)

Seeds: 0-99 are the development seeds the rules were written against; 1000-1199 are held out.
"""
from __future__ import annotations

import json
import random
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from toolkits.kubernetes.snapshot import write_snapshot

WORDS = ["amber", "birch", "cobalt", "delta", "ember", "fjord", "garnet", "harbor", "indigo", "juniper", "kestrel",
         "lumen", "maple", "nimbus", "onyx", "pylon", "quartz", "raven", "sierra", "tundra", "umber", "vertex",
         "willow", "xenon", "yarrow", "zephyr", "atlas", "beacon", "cedar", "drift", "falcon", "granite", "helix",
         "iris", "jade", "kelp", "lotus", "mesa", "nova", "orbit", "prism", "quill", "ridge", "sable", "talon"]
TEAMS = ["billing", "orders", "search", "identity", "ledger", "catalog", "checkout", "payments", "reports",
         "inventory", "shipping", "notify", "pricing", "loyalty", "media", "crm", "analytics", "gateway"]
DB_WORDS = ["pg", "postgres", "db", "sql", "store", "data", "pgsql", "warehouse", "main-db", "core"]
APP_KEYS = ["app", "app.kubernetes.io/name", "k8s-app", "name", "service", "component-name"]
ROLE_KEYS = ["role", "spilo-role", "cnpg.io/instanceRole", "postgres-role", "db-role"]
REGISTRIES = ["ghcr.io/acme", "registry.example.com/platform", "quay.io/corp", "docker.io/library",
              "eu.gcr.io/prod-42", "123456789.dkr.ecr.eu-west-1.amazonaws.com"]
APP_IMAGES = ["api", "web", "worker", "frontend", "backend", "svc", "server", "consumer"]
PROVISIONERS = ["ebs.csi.aws.com", "pd.csi.storage.gke.io", "disk.csi.azure.com", "rook-ceph.rbd.csi.ceph.com",
                "csi.hpe.com", "driver.longhorn.io", "openebs.io/local"]
PG_PARAMS = ["shared_buffers", "max_connections", "work_mem", "wal_level", "max_wal_size", "effective_cache_size"]
MI = 1024 * 1024

FAULTS: dict[str, Callable] = {}  # fault type -> injector(cluster) -> Truth


def fault(area: str):
    def deco(fn):
        fn.area = area
        FAULTS[fn.__name__] = fn
        return fn
    return deco


@dataclass
class Truth:
    kind: str
    namespace: str
    name: str
    symptom: str


@dataclass
class Incident:
    fault: str
    seed: int
    objects: dict[str, list[dict]]
    truth: Truth

    def write(self, directory: str | Path) -> Path:
        d = write_snapshot(self.objects, directory)
        (d / "truth.json").write_text(json.dumps({"fault": self.fault, "seed": self.seed, **self.truth.__dict__}))
        return d


class Cluster:
    """Builds objects with realistic shapes; every name and count from one random generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.now = datetime(2026, 3, 1, tzinfo=timezone.utc) + timedelta(minutes=rng.randint(0, 500_000))
        self.objects: dict[str, list[dict]] = {}
        self.used: set[str] = set()

    # --- small helpers ------------------------------------------------------------
    def word(self, pool=WORDS) -> str:
        return self.rng.choice(pool)

    def unique(self, base: str) -> str:
        name = base
        while name in self.used:
            name = f"{base}-{self.word()}"
        self.used.add(name)
        return name

    def suffix(self, n: int = 5) -> str:
        return "".join(self.rng.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(n))

    def t(self, minutes_ago: float) -> str:
        return (self.now - timedelta(minutes=minutes_ago)).strftime("%Y-%m-%dT%H:%M:%SZ")

    def add(self, kind: str, obj: dict) -> dict:
        self.objects.setdefault(kind, []).append(obj)
        return obj

    def meta(self, name: str, ns: str | None = None, labels: dict | None = None, age_min: float | None = None,
             owner: dict | None = None) -> dict:
        m = {"name": name, "uid": str(uuid.UUID(int=self.rng.getrandbits(128))),
             "creationTimestamp": self.t(age_min if age_min is not None else self.rng.randint(2000, 90000)),
             "resourceVersion": str(self.rng.randint(1000, 9_999_999))}
        if ns is not None:
            m["namespace"] = ns
        if labels:
            m["labels"] = dict(labels)
        if owner:
            m["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": owner["kind"], "name": owner["metadata"]["name"],
                                     "uid": owner["metadata"]["uid"], "controller": True}]
        return m

    def event(self, obj: dict, reason: str, message: str, type_: str = "Warning", minutes_ago: float = 2,
              count: int = 1) -> dict:
        m = obj["metadata"]
        return self.add("Event", {
            "apiVersion": "v1", "kind": "Event", "type": type_, "reason": reason, "message": message, "count": count,
            "metadata": self.meta(f"{m['name']}.{self.rng.getrandbits(60):x}", m.get("namespace", "default"),
                                  age_min=minutes_ago),
            "involvedObject": {"kind": obj["kind"], "namespace": m.get("namespace", ""), "name": m["name"],
                               "uid": m["uid"]},
            "firstTimestamp": self.t(minutes_ago + count), "lastTimestamp": self.t(minutes_ago),
            "source": {"component": "kubelet" if obj["kind"] == "Pod" else "controller"}})

    # --- infrastructure -----------------------------------------------------------
    def namespace(self, name: str, labels: dict | None = None) -> dict:
        return self.add("Namespace", {"apiVersion": "v1", "kind": "Namespace", "status": {"phase": "Active"},
                                      "metadata": self.meta(name, labels={"kubernetes.io/metadata.name": name,
                                                                          **(labels or {})})})

    def node(self, name: str, cpu: int, mem_gi: int, labels: dict | None = None, taints: list | None = None) -> dict:
        conds = [{"type": t, "status": "False", "reason": f"Kubelet{r}", "lastHeartbeatTime": self.t(0.3)}
                 for t, r in (("MemoryPressure", "HasSufficientMemory"), ("DiskPressure", "HasNoDiskPressure"),
                              ("PIDPressure", "HasSufficientPID"))]
        conds.append({"type": "Ready", "status": "True", "reason": "KubeletReady", "lastHeartbeatTime": self.t(0.3),
                      "message": "kubelet is posting ready status"})
        return self.add("Node", {
            "apiVersion": "v1", "kind": "Node",
            "metadata": self.meta(name, labels={"kubernetes.io/hostname": name, "kubernetes.io/os": "linux",
                                                **(labels or {})}),
            "spec": {"taints": taints} if taints else {},
            "status": {"allocatable": {"cpu": str(cpu), "memory": f"{mem_gi}Gi", "pods": "110"},
                       "capacity": {"cpu": str(cpu), "memory": f"{mem_gi}Gi", "pods": "110"},
                       "conditions": conds}})

    def storage_class(self, name: str, provisioner: str, default: bool = False) -> dict:
        ann = {"storageclass.kubernetes.io/is-default-class": "true"} if default else {}
        m = self.meta(name)
        if ann:
            m["annotations"] = ann
        return self.add("StorageClass", {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": m,
                                         "provisioner": provisioner, "reclaimPolicy": "Delete",
                                         "volumeBindingMode": "Immediate"})

    def pvc(self, name: str, ns: str, sc: str, size_gi: int, bound: bool = True, labels: dict | None = None) -> dict:
        pvc = self.add("PersistentVolumeClaim", {
            "apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": self.meta(name, ns, labels),
            "spec": {"accessModes": ["ReadWriteOnce"], "storageClassName": sc,
                     "resources": {"requests": {"storage": f"{size_gi}Gi"}}},
            "status": {"phase": "Pending"}})
        if bound:
            pv_name = f"pvc-{uuid.UUID(int=self.rng.getrandbits(128))}"
            self.add("PersistentVolume", {
                "apiVersion": "v1", "kind": "PersistentVolume",
                "metadata": self.meta(pv_name, None, None) | {"annotations": {"pv.kubernetes.io/provisioned-by":
                                                                               self.provisioner_of(sc)}},
                "spec": {"capacity": {"storage": f"{size_gi}Gi"}, "accessModes": ["ReadWriteOnce"],
                         "storageClassName": sc, "persistentVolumeReclaimPolicy": "Delete",
                         "claimRef": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": name,
                                      "uid": pvc["metadata"]["uid"]}},
                "status": {"phase": "Bound"}})
            pvc["spec"]["volumeName"] = pv_name
            pvc["status"] = {"phase": "Bound", "accessModes": ["ReadWriteOnce"], "capacity": {"storage": f"{size_gi}Gi"}}
        return pvc

    def provisioner_of(self, sc: str) -> str:
        return next((o["provisioner"] for o in self.objects.get("StorageClass", []) if o["metadata"]["name"] == sc), "")

    def configmap(self, name: str, ns: str, data: dict) -> dict:
        return self.add("ConfigMap", {"apiVersion": "v1", "kind": "ConfigMap", "metadata": self.meta(name, ns),
                                      "data": data})

    def secret(self, name: str, ns: str, keys: list[str], type_: str = "Opaque") -> dict:
        return self.add("Secret", {"apiVersion": "v1", "kind": "Secret", "metadata": self.meta(name, ns), "type": type_,
                                   "data": {k: "c2VjcmV0LXZhbHVl" for k in keys}})

    def service_account(self, name: str, ns: str) -> dict:
        return self.add("ServiceAccount", {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": self.meta(name, ns)})

    def service(self, name: str, ns: str, selector: dict | None, port: int, target: int | str,
                headless: bool = False) -> dict:
        spec = {"selector": selector, "ports": [{"name": "main", "port": port, "targetPort": target, "protocol": "TCP"}],
                "type": "ClusterIP",
                "clusterIP": "None" if headless else f"10.{self.rng.randint(96, 111)}.{self.rng.randint(0, 255)}.{self.rng.randint(1, 254)}"}
        return self.add("Service", {"apiVersion": "v1", "kind": "Service", "metadata": self.meta(name, ns), "spec": spec})

    def endpoints_for(self) -> None:
        """Endpoints and EndpointSlices for every Service, from the pods its selector matches (run last)."""
        from toolkits.kubernetes.extract import selects

        for svc in self.objects.get("Service", []):
            ns, sel = svc["metadata"]["namespace"], svc["spec"].get("selector")
            pods = [p for p in self.objects.get("Pod", []) if p["metadata"]["namespace"] == ns and sel
                    and selects(sel, p["metadata"].get("labels") or {}) and p["status"].get("podIP")]
            ready = [p for p in pods if all(c.get("ready") for c in p["status"].get("containerStatuses", []))]
            notready = [p for p in pods if p not in ready]
            port = svc["spec"]["ports"][0]["targetPort"]
            port = port if isinstance(port, int) else 8080
            addr = lambda p: {"ip": p["status"]["podIP"], "nodeName": p["spec"].get("nodeName"),  # noqa: E731
                              "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns}}
            subset = {"ports": [{"name": "main", "port": port, "protocol": "TCP"}]}
            if ready:
                subset["addresses"] = [addr(p) for p in ready]
            if notready:
                subset["notReadyAddresses"] = [addr(p) for p in notready]
            self.add("Endpoints", {"apiVersion": "v1", "kind": "Endpoints",
                                   "metadata": self.meta(svc["metadata"]["name"], ns, age_min=5),
                                   "subsets": [subset] if pods else []})
            self.add("EndpointSlice", {
                "apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice", "addressType": "IPv4",
                "metadata": self.meta(f"{svc['metadata']['name']}-{self.suffix()}", ns,
                                      {"kubernetes.io/service-name": svc["metadata"]["name"]}, age_min=5),
                "ports": [{"name": "main", "port": port}],
                "endpoints": [{"addresses": [p["status"]["podIP"]], "conditions": {"ready": p in ready},
                               "targetRef": {"kind": "Pod", "name": p["metadata"]["name"], "namespace": ns}}
                              for p in pods]})

    # --- workloads ----------------------------------------------------------------
    def container(self, name: str, image: str, port: int, cpu_m: int, mem_mi: int, env: list | None = None,
                  probes: bool = True) -> dict:
        c = {"name": name, "image": image, "ports": [{"name": "main", "containerPort": port, "protocol": "TCP"}],
             "resources": {"requests": {"cpu": f"{cpu_m}m", "memory": f"{mem_mi}Mi"},
                           "limits": {"memory": f"{mem_mi * self.rng.choice((1, 2))}Mi"}},
             "env": env or [], "terminationMessagePolicy": "FallbackToLogsOnError"}
        if probes:
            c["readinessProbe"] = {"tcpSocket": {"port": port}, "periodSeconds": 10}
            c["livenessProbe"] = {"tcpSocket": {"port": port}, "periodSeconds": 20, "failureThreshold": 3}
        return c

    def workload(self, kind: str, name: str, ns: str, labels: dict, containers: list[dict], replicas: int,
                 volumes: list | None = None, claim_templates: list | None = None, sa: str = "",
                 node_selector: dict | None = None) -> dict:
        tmpl_spec = {"containers": containers, "volumes": volumes or []}
        if sa:
            tmpl_spec["serviceAccountName"] = sa
        if node_selector:
            tmpl_spec["nodeSelector"] = node_selector
        spec = {"selector": {"matchLabels": labels}, "template": {"metadata": {"labels": labels}, "spec": tmpl_spec}}
        if kind != "DaemonSet":
            spec["replicas"] = replicas
        if claim_templates:
            spec["volumeClaimTemplates"] = claim_templates
            spec["serviceName"] = name
        status = ({"desiredNumberScheduled": replicas, "numberReady": replicas, "numberAvailable": replicas}
                  if kind == "DaemonSet" else {"replicas": replicas, "readyReplicas": replicas,
                                               "availableReplicas": replicas, "updatedReplicas": replicas})
        if kind == "Deployment":
            status["conditions"] = [{"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"},
                                    {"type": "Progressing", "status": "True", "reason": "NewReplicaSetAvailable"}]
        w = self.add(kind, {"apiVersion": "apps/v1", "kind": kind, "metadata": self.meta(name, ns, labels),
                            "spec": spec, "status": status})
        w["pods"] = []
        owner = w
        if kind == "Deployment":
            owner = self.replicaset(w, replicas)
        nodes = [n for n in self.objects["Node"] if not n["spec"].get("taints")]
        for i in range(replicas):
            pname = f"{name}-{i}" if kind == "StatefulSet" else f"{owner['metadata']['name']}-{self.suffix()}"
            node = nodes[i % len(nodes)] if kind == "DaemonSet" else self.rng.choice(nodes)
            w["pods"].append(self.pod(pname, ns, labels, tmpl_spec, owner, node["metadata"]["name"]))
        return w

    def replicaset(self, dep: dict, replicas: int, image_hash: str | None = None) -> dict:
        ns, name = dep["metadata"]["namespace"], dep["metadata"]["name"]
        h = image_hash or self.suffix(9)
        labels = {**dep["spec"]["selector"]["matchLabels"], "pod-template-hash": h}
        tmpl = json.loads(json.dumps(dep["spec"]["template"]))
        tmpl["metadata"]["labels"] = labels
        return self.add("ReplicaSet", {
            "apiVersion": "apps/v1", "kind": "ReplicaSet",
            "metadata": self.meta(f"{name}-{h}", ns, labels, owner=dep),
            "spec": {"replicas": replicas, "selector": {"matchLabels": labels}, "template": tmpl},
            "status": {"replicas": replicas, "readyReplicas": replicas, "availableReplicas": replicas}})

    def pod(self, name: str, ns: str, labels: dict, spec: dict, owner: dict, node: str) -> dict:
        labels = dict((owner["spec"].get("template") or {}).get("metadata", {}).get("labels") or labels)
        age = self.rng.randint(300, 30000)
        spec = json.loads(json.dumps(spec)) | {"nodeName": node}
        spec.setdefault("serviceAccountName", "default")
        restarts = self.rng.choice([0, 0, 0, 1, 2])
        statuses = []
        for c in spec["containers"]:
            cs = {"name": c["name"], "image": c["image"], "ready": True, "started": True, "restartCount": restarts,
                  "state": {"running": {"startedAt": self.t(age - 1)}}}
            if restarts:  # an old, resolved crash: history, not a symptom
                cs["lastState"] = {"terminated": {"reason": "Error", "exitCode": 1,
                                                  "finishedAt": self.t(age - 1), "startedAt": self.t(age)}}
            statuses.append(cs)
        return self.add("Pod", {
            "apiVersion": "v1", "kind": "Pod", "metadata": self.meta(name, ns, labels, age, owner), "spec": spec,
            "status": {"phase": "Running", "podIP": f"10.244.{self.rng.randint(0, 63)}.{self.rng.randint(2, 254)}",
                       "hostIP": "192.168.0.10", "startTime": self.t(age), "qosClass": "Burstable",
                       "conditions": [{"type": t, "status": "True", "lastTransitionTime": self.t(age - 1)}
                                      for t in ("Initialized", "Ready", "ContainersReady", "PodScheduled")],
                       "containerStatuses": statuses}})

    def history(self, pod: dict) -> None:
        """Old events of a healthy pod: normal start-up events, sometimes an old resolved warning."""
        age = self.rng.randint(300, 3000)
        for reason, msg in (("Scheduled", f"Successfully assigned {pod['metadata']['namespace']}/{pod['metadata']['name']}"),
                            ("Pulled", "Container image already present on machine"), ("Started", "Started container")):
            if self.rng.random() < 0.5:
                self.event(pod, reason, msg, "Normal", minutes_ago=age)
        if self.rng.random() < 0.25:
            r, msg = self.rng.choice([("BackOff", "Back-off restarting failed container"),
                                      ("Unhealthy", "Readiness probe failed: dial tcp 10.244.1.9:8080: connect: connection refused"),
                                      ("FailedScheduling", "0/4 nodes are available: 4 Insufficient cpu."),
                                      ("FailedMount", "MountVolume.SetUp failed for volume \"config\" : configmap \"settings\" not found"),
                                      ("OOMKilling", "Memory cgroup out of memory: Killed process 4242")])
            self.event(pod, r, msg, "Warning", minutes_ago=age + self.rng.randint(90, 900), count=self.rng.randint(1, 30))


def _labels(c: Cluster, value: str) -> tuple[str, dict]:
    k = c.word(APP_KEYS)
    return k, {k: value}


def build_cluster(rng: random.Random) -> tuple[Cluster, dict]:
    """A healthy cluster; returns (cluster, the handles faults use)."""
    c = Cluster(rng)
    h: dict[str, Any] = {}
    # nodes and storage
    pool = c.word()
    n_nodes = rng.randint(3, 7)
    cpu, mem = rng.choice([(4, 16), (8, 32), (16, 64), (32, 128)])
    for _ in range(n_nodes):
        c.node(c.unique(f"{c.word(['ip', 'node', 'worker', 'gke', 'aks'])}-{pool}-{c.suffix(6)}"), cpu, mem,
               labels={"node.kubernetes.io/instance-type": c.word(["m5.xlarge", "n2-standard-8", "D8s_v5", "c6i.2xlarge"]),
                       "pool": pool})
    h["node_cpu"], h["node_mem"] = cpu, mem
    scs = [c.unique(c.word(["gp3", "standard", "fast", "ssd", "premium", "local-path", "ceph-block", "balanced"]))
           for _ in range(rng.randint(1, 3))]
    for i, sc in enumerate(scs):
        c.storage_class(sc, rng.choice(PROVISIONERS), default=i == 0)
    h["scs"] = scs
    # kube-system: node agents
    c.namespace("kube-system")
    c.namespace("default")
    for ns in ("kube-system", "default"):
        c.service_account("default", ns)
    for agent in rng.sample(["kube-proxy", "node-exporter", "fluent-bit", "calico-node", "csi-node", "cilium"],
                            rng.randint(2, 4)):
        k, lab = _labels(c, agent)
        ds = c.workload("DaemonSet", agent, "kube-system", lab, [c.container(agent, f"{rng.choice(REGISTRIES)}/{agent}:v1.{rng.randint(1, 30)}",
                                                                             rng.randint(9000, 9999), 50, 64, probes=False)],
                        len(c.objects["Node"]))
        for p in ds["pods"]:
            c.history(p)
    # the database tier
    dbns = c.unique(f"{c.word(TEAMS)}-{c.word(DB_WORDS)}")
    c.namespace(dbns, {"team": c.word(TEAMS)})
    c.service_account("default", dbns)
    dbname = c.unique(f"{c.word(WORDS)}-{c.word(DB_WORDS)}")
    app_key, role_key = c.word(APP_KEYS), c.word(ROLE_KEYS)
    db_labels = {app_key: dbname}
    cm = c.configmap(c.unique(f"{dbname}-{c.word(['config', 'conf', 'params', 'settings'])}"), dbns, {
        "postgresql.conf": "\n".join(f"{p} = {v}" for p, v in (("shared_buffers", "512MB"), ("max_connections", "200"),
                                                                 ("work_mem", "8MB"), ("wal_level", "replica"),
                                                                 ("max_wal_size", "2GB"), ("effective_cache_size", "2GB"))),
        "POSTGRES_DB": c.word(TEAMS)})
    sec = c.secret(c.unique(f"{dbname}-{c.word(['credentials', 'auth', 'superuser', 'secret'])}"), dbns,
                   ["username", "password"])
    pg_port = rng.choice([5432, 5432, 5433, 6432])
    data = c.word(["data", "pgdata", "storage", "volume"])
    pg_c = c.container("postgres", f"{rng.choice(REGISTRIES)}/postgres:{rng.choice(['14.11', '15.6', '16.2', '16.4'])}",
                       pg_port, rng.choice([250, 500, 1000]), rng.choice([512, 1024, 2048]), env=[
                           {"name": "POSTGRES_PASSWORD", "valueFrom": {"secretKeyRef": {"name": sec["metadata"]["name"], "key": "password"}}},
                           {"name": "POSTGRES_DB", "valueFrom": {"configMapKeyRef": {"name": cm["metadata"]["name"], "key": "POSTGRES_DB"}}},
                           {"name": "PGDATA", "value": "/var/lib/postgresql/data/pgdata"}])
    pg_c["volumeMounts"] = [{"name": data, "mountPath": "/var/lib/postgresql/data"}, {"name": "config", "mountPath": "/etc/postgresql"}]
    replicas = rng.randint(2, 3)
    size = rng.choice([10, 20, 50, 100])
    sts_name = dbname
    for i in range(replicas):
        c.pvc(f"{data}-{sts_name}-{i}", dbns, scs[0], size, labels=db_labels)
    sts = c.workload("StatefulSet", sts_name, dbns, db_labels, [pg_c], replicas,
                     volumes=[{"name": "config", "configMap": {"name": cm["metadata"]["name"]}}],
                     claim_templates=[{"metadata": {"name": data}, "spec": {"storageClassName": scs[0],
                                       "resources": {"requests": {"storage": f"{size}Gi"}}}}])
    for i, p in enumerate(sts["pods"]):
        p["metadata"]["labels"][role_key] = "primary" if i == 0 else "replica"
        p["spec"]["volumes"].append({"name": data, "persistentVolumeClaim": {"claimName": f"{data}-{sts_name}-{i}"}})
        c.history(p)
    prim = c.service(c.unique(f"{dbname}-{c.word(['rw', 'primary', 'master', 'write'])}"), dbns,
                     {**db_labels, role_key: "primary"}, pg_port, pg_port)
    c.service(c.unique(f"{dbname}-{c.word(['ro', 'replica', 'read', 'standby'])}"), dbns,
              {**db_labels, role_key: "replica"}, pg_port, pg_port)
    h.update(dbns=dbns, sts=sts, db_cm=cm, db_secret=sec, db_primary=prim, db_labels=db_labels, pg_port=pg_port,
             data=data, size=size)
    # the app tier, reaching the database by its Service name
    appns = c.unique(c.word(TEAMS))
    c.namespace(appns, {"team": appns})
    c.service_account("default", appns)
    np_ = c.add("NetworkPolicy", {
        "apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
        "metadata": c.meta(c.unique(c.word(["allow-apps", "db-ingress", "allow-clients", "pg-access"])), dbns),
        "spec": {"podSelector": {"matchLabels": db_labels}, "policyTypes": ["Ingress"],
                 "ingress": [{"from": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": appns}}},
                                       {"podSelector": {}}],
                              "ports": [{"protocol": "TCP", "port": pg_port}]}]}})
    h["np"] = np_
    apps = []
    host = f"{prim['metadata']['name']}.{dbns}.svc.cluster.local"
    for _ in range(rng.randint(1, 3)):
        name = c.unique(f"{c.word(WORDS)}-{c.word(APP_IMAGES)}")
        k, lab = _labels(c, name)
        acm = c.configmap(c.unique(f"{name}-{c.word(['env', 'config', 'settings'])}"), appns, {
            "DATABASE_HOST": host, "DATABASE_PORT": str(pg_port), "LOG_LEVEL": c.word(["info", "debug", "warn"])})
        asec = c.secret(c.unique(f"{name}-{c.word(['db', 'creds', 'token'])}"), appns, ["DATABASE_PASSWORD", "API_KEY"])
        port = rng.choice([8080, 8000, 3000, 9090])
        ctr = c.container(name.split("-")[-1], f"{rng.choice(REGISTRIES)}/{name}:{rng.randint(1, 9)}.{rng.randint(0, 40)}.{rng.randint(0, 9)}",
                          port, rng.choice([100, 200, 250]), rng.choice([128, 256, 512]), env=[
                              {"name": "DATABASE_PASSWORD", "valueFrom": {"secretKeyRef": {"name": asec["metadata"]["name"], "key": "DATABASE_PASSWORD"}}}])
        ctr["envFrom"] = [{"configMapRef": {"name": acm["metadata"]["name"]}}]
        dep = c.workload("Deployment", name, appns, lab, [ctr], rng.randint(2, 4))
        for p in dep["pods"]:
            c.history(p)
        svc = c.service(name, appns, lab, 80, port)
        apps.append({"dep": dep, "svc": svc, "cm": acm, "secret": asec, "port": port, "labels": lab})
    ing = c.add("Ingress", {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress",
                            "metadata": c.meta(c.unique(f"{appns}-{c.word(['web', 'public', 'edge'])}"), appns),
                            "spec": {"rules": [{"host": f"{appns}.example.com", "http": {"paths": [
                                {"path": "/", "pathType": "Prefix", "backend": {"service": {"name": apps[0]["svc"]["metadata"]["name"],
                                                                                           "port": {"number": 80}}}}]}}]}})
    h.update(appns=appns, apps=apps, ingress=ing)
    c.add("ResourceQuota", {"apiVersion": "v1", "kind": "ResourceQuota",
                            "metadata": c.meta(c.unique(f"{appns}-{c.word(['quota', 'limits', 'budget'])}"), appns),
                            "spec": {"hard": {"requests.cpu": "20", "pods": "50"}},
                            "status": {"hard": {"requests.cpu": "20", "pods": "50"},
                                       "used": {"requests.cpu": "2", "pods": str(sum(len(a["dep"]["pods"]) for a in apps))}}})
    # noise namespaces
    for _ in range(rng.randint(2, 5)):
        ns = c.unique(f"{c.word(TEAMS)}-{c.word(['prod', 'stg', 'dev', 'qa', 'sandbox'])}")
        c.namespace(ns, {"team": c.word(TEAMS)})
        c.service_account("default", ns)
        for _ in range(rng.randint(1, 3)):
            name = c.unique(f"{c.word(WORDS)}-{c.word(APP_IMAGES)}")
            k, lab = _labels(c, name)
            ncm = c.configmap(c.unique(f"{name}-cfg"), ns, {"MODE": c.word(WORDS)})
            ctr = c.container("main", f"{rng.choice(REGISTRIES)}/{name}:{rng.randint(1, 5)}.{rng.randint(0, 20)}", 8080, 100, 128)
            ctr["envFrom"] = [{"configMapRef": {"name": ncm["metadata"]["name"]}}]
            dep = c.workload("Deployment", name, ns, lab, [ctr], rng.randint(1, 4))
            for p in dep["pods"]:
                c.history(p)
            c.service(name, ns, lab, 80, 8080)
        if rng.random() < 0.6:
            job = c.add("Job", {"apiVersion": "batch/v1", "kind": "Job",
                                "metadata": c.meta(f"{c.word(['backup', 'report', 'migrate', 'vacuum'])}-{rng.randint(28000000, 29000000)}", ns),
                                "spec": {"template": {"spec": {"containers": [{"name": "job", "image": "busybox:1.36"}]}}},
                                "status": {"succeeded": 1, "conditions": [{"type": "Complete", "status": "True"}]}})
            c.add("Pod", {"apiVersion": "v1", "kind": "Pod", "metadata": c.meta(f"{job['metadata']['name']}-{c.suffix()}", ns,
                                                                                  {"job-name": job["metadata"]["name"]}, owner=job),
                          "spec": {"containers": [{"name": "job", "image": "busybox:1.36"}], "nodeName": c.objects["Node"][0]["metadata"]["name"]},
                          "status": {"phase": "Succeeded", "containerStatuses": [{"name": "job", "ready": False, "restartCount": 0,
                                     "state": {"terminated": {"reason": "Completed", "exitCode": 0}}}]}})
    # an old warning about a pod that no longer exists
    ghost = {"kind": "Pod", "metadata": {"name": f"{c.word(WORDS)}-{c.suffix(9)}-{c.suffix()}", "namespace": appns, "uid": "gone"}}
    c.event(ghost, "FailedScheduling", "0/3 nodes are available: 3 Insufficient memory.", minutes_ago=rng.randint(200, 2000))
    # the controllers that provision the classes' volumes (a CSI driver's controller with its sidecars)
    h["provisioners"] = {}
    for prov in dict.fromkeys(c.provisioner_of(sc) for sc in scs):
        h["provisioners"][prov] = provisioner_controller(c, prov)
    return c, h


def provisioner_controller(c: Cluster, prov: str) -> dict:
    """A healthy controller Deployment for a CSI provisioner, named the way its chart names it."""
    words = [w for w in prov.replace("/", ".").replace("-", ".").split(".")
             if w not in ("csi", "io", "com", "k8s", "driver", "storage", "kubernetes")]
    base = words[0] if words else "volume"  # the vendor's word: driver.longhorn.io -> longhorn
    name = c.unique(c.rng.choice([f"{base}-csi-controller", f"csi-{base}-controller", f"{base}-provisioner",
                                  f"{base}-csi-provisioner"]))
    ns = c.rng.choice(["kube-system", f"{base}-system", "storage"])
    if not any(n["metadata"]["name"] == ns for n in c.objects["Namespace"]):
        c.namespace(ns)
        c.service_account("default", ns)
    k, lab = _labels(c, name)
    plugin = c.container(base, f"{c.rng.choice(REGISTRIES)}/{base}-csi-driver:v1.{c.rng.randint(2, 30)}.0", 9808, 10, 40,
                         probes=False)
    plugin["args"] = ["--endpoint=unix:///csi/csi.sock", "--logging-format=text", "--v=2"]
    side = c.container("csi-provisioner", f"registry.k8s.io/sig-storage/csi-provisioner:v5.{c.rng.randint(0, 2)}.0", 9809,
                       10, 40, probes=False)
    side["args"] = ["--csi-address=$(ADDRESS)", "--leader-election=true", "--default-fstype=ext4"]
    if c.rng.random() < 0.5:  # some charts pass the driver name, most let the sidecar ask the driver
        plugin["env"] = [{"name": "DRIVER_NAME", "value": prov}]
    dep = c.workload("Deployment", name, ns, lab, [plugin, side], c.rng.choice([1, 2]))
    for p in dep["pods"]:
        c.history(p)
    return dep


# --- helpers for faults ---------------------------------------------------------------
def crash(c: Cluster, pod: dict, reason: str = "Error", message: str = "", exit_code: int = 1, minutes: float = 3) -> None:
    for cs in pod["status"]["containerStatuses"][:1]:
        cs.update(ready=False, started=False, restartCount=cs["restartCount"] + c.rng.randint(3, 40))
        cs["state"] = {"waiting": {"reason": "CrashLoopBackOff",
                                   "message": f"back-off 5m0s restarting failed container={cs['name']} pod={pod['metadata']['name']}"}}
        cs["lastState"] = {"terminated": {"reason": reason, "exitCode": exit_code, "message": message,
                                          "finishedAt": c.t(minutes)}}
    not_ready(pod)
    c.event(pod, "BackOff", "Back-off restarting failed container", minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(5, 60))


def not_ready(pod: dict, reason: str = "ContainersNotReady") -> None:
    for cond in pod["status"]["conditions"]:
        if cond["type"] in ("Ready", "ContainersReady"):
            cond.update(status="False", reason=reason)
    for cs in pod["status"].get("containerStatuses", []):
        cs["ready"] = False


def waiting(c: Cluster, pod: dict, reason: str, message: str) -> None:
    pod["status"]["phase"] = "Pending"
    for cs in pod["status"]["containerStatuses"]:
        cs.update(ready=False, started=False, restartCount=0)
        cs["state"] = {"waiting": {"reason": reason, "message": message}}
        cs.pop("lastState", None)
    not_ready(pod)


def pending(c: Cluster, pod: dict, message: str) -> None:
    pod["status"] = {"phase": "Pending", "qosClass": "Burstable", "conditions": [
        {"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": message}]}
    pod["spec"].pop("nodeName", None)
    c.event(pod, "FailedScheduling", message, minutes_ago=c.rng.uniform(0.2, 4), count=c.rng.randint(2, 20))


def degrade(w: dict, ready: int = 0) -> None:
    w["status"]["readyReplicas"] = ready
    w["status"]["availableReplicas"] = ready
    if w["kind"] == "Deployment":
        w["status"]["conditions"] = [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                      "message": "Deployment does not have minimum availability."}]


def rollout(c: Cluster, app: dict, mutate: Callable[[dict], None], new_pods: int = 1) -> list[dict]:
    """A new ReplicaSet of a Deployment whose template ``mutate`` changed; its pods, not yet running."""
    dep = app["dep"]
    mutate(dep["spec"]["template"]["spec"])
    rs = c.replicaset(dep, new_pods)
    rs["status"].update(readyReplicas=0, availableReplicas=0)
    pods = []
    node = c.rng.choice([n for n in c.objects["Node"] if not n["spec"].get("taints")])["metadata"]["name"]
    for _ in range(new_pods):
        pods.append(c.pod(f"{rs['metadata']['name']}-{c.suffix()}", dep["metadata"]["namespace"], {}, dep["spec"]["template"]["spec"],
                          rs, node))
    degrade(dep, len(dep["pods"]))
    dep["status"]["conditions"] = [{"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated"}]
    dep["status"]["readyReplicas"] = len(dep["pods"])
    dep["status"]["unavailableReplicas"] = new_pods
    return pods


def pick_app(c: Cluster, h: dict) -> dict:
    return c.rng.choice(h["apps"])


def pick_db_pod(c: Cluster, h: dict) -> dict:
    return c.rng.choice(h["sts"]["pods"])


def app_clients_fail(c: Cluster, h: dict, why: str) -> dict:
    """The app pods that reach the database fail their readiness (they check the database)."""
    app = pick_app(c, h)
    for p in app["dep"]["pods"]:
        not_ready(p)
        c.event(p, "Unhealthy", f"Readiness probe failed: {why}", minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(5, 90))
    degrade(app["dep"])
    return app


# --- the faults -----------------------------------------------------------------------
@fault("config")
def configmap_missing_key(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    key = c.word(["FEATURE_FLAGS", "CACHE_URL", "QUEUE_NAME", "SMTP_HOST", "REGION", "TIMEOUT_MS"])
    cm = app["cm"]["metadata"]["name"]
    pods = rollout(c, app, lambda s: s["containers"][0]["env"].append(
        {"name": key, "valueFrom": {"configMapKeyRef": {"name": cm, "key": key}}}), c.rng.randint(1, 2))
    for p in pods:
        msg = f"couldn't find key {key} in ConfigMap {app['dep']['metadata']['namespace']}/{cm}"
        waiting(c, p, "CreateContainerConfigError", msg)
        c.event(p, "Failed", f"Error: {msg}", minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(3, 40))
    return Truth("ConfigMap", app["dep"]["metadata"]["namespace"], cm, f"new pods of {app['dep']['metadata']['name']} do not start")


def _missing_ref(c: Cluster, h: dict, kind: str) -> Truth:
    app = pick_app(c, h)
    ns = app["dep"]["metadata"]["namespace"]
    name = c.unique(f"{app['dep']['metadata']['name']}-{c.word(['extra', 'tls', 'feature', 'override', 'v2'])}")
    via_volume = c.rng.random() < 0.5

    def mutate(s: dict) -> None:
        if via_volume:
            s["volumes"].append({"name": "extra", kind == "ConfigMap" and "configMap" or "secret":
                                 {"name": name} if kind == "ConfigMap" else {"secretName": name}})
        else:
            ref = "configMapRef" if kind == "ConfigMap" else "secretRef"
            s["containers"][0].setdefault("envFrom", []).append({ref: {"name": name}})

    pods = rollout(c, app, mutate, c.rng.randint(1, 2))
    low = "configmap" if kind == "ConfigMap" else "secret"
    for p in pods:
        if via_volume:
            waiting(c, p, "ContainerCreating", "")
            c.event(p, "FailedMount", f'MountVolume.SetUp failed for volume "extra" : {low} "{name}" not found',
                    minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(3, 30))
        else:
            waiting(c, p, "CreateContainerConfigError", f'{low} "{name}" not found')
            c.event(p, "Failed", f'Error: {low} "{name}" not found', minutes_ago=c.rng.uniform(0.2, 3))
    return Truth(kind, ns, name, f"{app['dep']['metadata']['name']} rollout is stuck")


@fault("config")
def configmap_missing(c: Cluster, h: dict) -> Truth:
    return _missing_ref(c, h, "ConfigMap")


@fault("config")
def secret_missing(c: Cluster, h: dict) -> Truth:
    return _missing_ref(c, h, "Secret")


@fault("config")
def config_bad_value(c: Cluster, h: dict) -> Truth:
    param = c.word(PG_PARAMS)
    bad = c.word(["lots", "2GBB", "-1", "on-ish", "100000000", "minimal2"])
    cm = h["db_cm"]
    cm["data"]["postgresql.conf"] = "\n".join(
        f"{param} = {bad}" if line.startswith(param + " ") else line for line in cm["data"]["postgresql.conf"].splitlines())
    pod = pick_db_pod(c, h)
    if c.rng.random() < 0.5:
        crash(c, pod, "Error", f'FATAL:  invalid value for parameter "{param}": "{bad}"', 1)
    else:  # a name the server does not know (a typo, or a setting of another version)
        typo = param + c.word(["s", "_size", "_mb"])
        cm["data"]["postgresql.conf"] = cm["data"]["postgresql.conf"].replace(f"{param} = {bad}", f"{typo} = {bad}")
        crash(c, pod, "Error", f'LOG:  unrecognized configuration parameter "{typo}" in file '
                               f'"/etc/postgresql/postgresql.conf" line 3\nFATAL:  configuration file '
                               f'"/etc/postgresql/postgresql.conf" contains errors', 1)
    degrade(h["sts"], len(h["sts"]["pods"]) - 1)
    return Truth("ConfigMap", h["dbns"], cm["metadata"]["name"], f"postgres pod {pod['metadata']['name']} keeps restarting")


@fault("workloads")
def insufficient_resources(c: Cluster, h: dict) -> Truth:
    res = c.word(["cpu", "memory"])
    if c.rng.random() < 0.5:
        app = pick_app(c, h)
        w, ns = app["dep"], app["dep"]["metadata"]["namespace"]
        big = {"cpu": f"{h['node_cpu'] * c.rng.choice([2, 4])}", "memory": f"{h['node_mem'] * c.rng.choice([2, 3])}Gi"}[res]
        pods = rollout(c, app, lambda s: s["containers"][0]["resources"]["requests"].update({res: big}), c.rng.randint(1, 3))
    else:
        w, ns = h["sts"], h["dbns"]
        big = {"cpu": f"{h['node_cpu'] * c.rng.choice([2, 4])}", "memory": f"{h['node_mem'] * c.rng.choice([2, 3])}Gi"}[res]
        w["spec"]["template"]["spec"]["containers"][0]["resources"]["requests"][res] = big
        pods = [w["pods"][-1]]
        pods[0]["spec"]["containers"][0]["resources"]["requests"][res] = big
        degrade(w, len(w["pods"]) - 1)
    n = len(c.objects["Node"])
    for p in pods:
        pending(c, p, f"0/{n} nodes are available: {n} Insufficient {res}. preemption: 0/{n} nodes are available: "
                      f"{n} No preemption victims found for incoming pod.")
    return Truth(w["kind"], ns, w["metadata"]["name"], f"{w['metadata']['name']} has pods stuck in Pending")


@fault("workloads")
def oom_killed(c: Cluster, h: dict) -> Truth:
    if c.rng.random() < 0.5:
        app = pick_app(c, h)
        w, pods = app["dep"], c.rng.sample(app["dep"]["pods"], c.rng.randint(1, len(app["dep"]["pods"])))
    else:
        w, pods = h["sts"], [pick_db_pod(c, h)]
    for p in pods:
        crash(c, p, "OOMKilled", "", 137)
    degrade(w, len(w["pods"]) - len(pods))
    return Truth(w["kind"], w["metadata"]["namespace"], w["metadata"]["name"], f"{w['metadata']['name']} pods restart")


@fault("workloads")
def image_tag_missing(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    img = app["dep"]["spec"]["template"]["spec"]["containers"][0]["image"].rsplit(":", 1)[0] + \
        f":{c.rng.randint(1, 9)}.{c.rng.randint(0, 40)}.{c.rng.randint(0, 9)}-{c.word(['rc1', 'hotfix', 'beta', 'fix'])}"
    pods = rollout(c, app, lambda s: s["containers"][0].update(image=img), c.rng.randint(1, 2))
    for p in pods:
        waiting(c, p, c.word(["ImagePullBackOff", "ErrImagePull"]), f'Back-off pulling image "{img}"')
        c.event(p, "Failed", f'Failed to pull image "{img}": rpc error: code = NotFound desc = failed to pull and unpack image '
                             f'"{img}": failed to resolve reference "{img}": {img}: not found', minutes_ago=c.rng.uniform(0.2, 3))
        c.event(p, "BackOff", f'Back-off pulling image "{img}"', minutes_ago=c.rng.uniform(0.1, 2), count=c.rng.randint(3, 50))
    return Truth("Deployment", app["dep"]["metadata"]["namespace"], app["dep"]["metadata"]["name"],
                 f"{app['dep']['metadata']['name']} new version does not come up")


@fault("workloads")
def pull_secret_missing(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    name = c.unique(c.word(["regcred", "registry-auth", "pull-secret", "docker-config", "ghcr-token"]))
    img = f"{c.word(['private.registry.io', 'harbor.internal', 'registry.corp'])}/{app['dep']['metadata']['name']}:{c.rng.randint(1, 9)}.0"

    def mutate(s: dict) -> None:
        s["imagePullSecrets"] = [{"name": name}]
        s["containers"][0]["image"] = img

    pods = rollout(c, app, mutate, c.rng.randint(1, 2))
    for p in pods:
        waiting(c, p, "ImagePullBackOff", f'Back-off pulling image "{img}"')
        c.event(p, "FailedToRetrieveImagePullSecret", f'Unable to retrieve some image pull secrets ({name}); attempting to pull '
                                                      'the image may not succeed.', minutes_ago=c.rng.uniform(0.2, 3))
        c.event(p, "Failed", f'Failed to pull image "{img}": failed to authorize: failed to fetch anonymous token: 401 Unauthorized',
                minutes_ago=c.rng.uniform(0.2, 3))
    return Truth("Secret", app["dep"]["metadata"]["namespace"], name, f"{app['dep']['metadata']['name']} cannot pull its image")


@fault("workloads")
def readiness_probe(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    path = c.word(["/healthz", "/ready", "/health/ready", "/status"])
    pods = rollout(c, app, lambda s: s["containers"][0].update(readinessProbe={"httpGet": {"path": path, "port": app["port"] + 1}}),
                   c.rng.randint(1, 2))
    for p in pods:
        not_ready(p)
        c.event(p, "Unhealthy", f"Readiness probe failed: Get \"http://{p['status']['podIP']}:{app['port'] + 1}{path}\": dial tcp "
                                f"{p['status']['podIP']}:{app['port'] + 1}: connect: connection refused",
                minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(5, 90))
    return Truth("Deployment", app["dep"]["metadata"]["namespace"], app["dep"]["metadata"]["name"],
                 f"{app['dep']['metadata']['name']} rollout never becomes ready")


@fault("workloads")
def liveness_probe(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    delay = c.rng.choice([1, 2, 3])
    pods = rollout(c, app, lambda s: s["containers"][0].update(livenessProbe={"httpGet": {"path": "/live", "port": app["port"]},
                                                                             "initialDelaySeconds": delay, "timeoutSeconds": 1}),
                   c.rng.randint(1, 2))
    for p in pods:
        crash(c, p, "Error", "", 143)
        c.event(p, "Unhealthy", "Liveness probe failed: Get \"http://%s:%d/live\": context deadline exceeded (Client.Timeout exceeded "
                                "while awaiting headers)" % (p["status"]["podIP"], app["port"]), minutes_ago=c.rng.uniform(0.2, 3),
                count=c.rng.randint(5, 60))
        c.event(p, "Killing", f"Container {p['spec']['containers'][0]['name']} failed liveness probe, will be restarted",
                "Normal", minutes_ago=c.rng.uniform(0.2, 3))
    return Truth("Deployment", app["dep"]["metadata"]["namespace"], app["dep"]["metadata"]["name"],
                 f"{app['dep']['metadata']['name']} pods restart every minute")


@fault("storage")
def storageclass_missing(c: Cluster, h: dict) -> Truth:
    sc = c.unique(c.word(["fast-ssd", "io2", "premium-rwo", "nvme", "gold", "ultra"]))
    name = c.unique(f"{c.word(['wal', 'archive', 'backup', 'scratch'])}-{h['sts']['metadata']['name']}")
    pvc = c.pvc(name, h["dbns"], sc, c.rng.choice([10, 50]), bound=False, labels=h["db_labels"])
    pod = pick_db_pod(c, h)
    pod["spec"]["volumes"].append({"name": "extra", "persistentVolumeClaim": {"claimName": name}})
    pending(c, pod, 'running PreBind plugin "VolumeBinding": binding volumes: pod has unbound immediate PersistentVolumeClaims')
    c.event(pvc, "ProvisioningFailed", f'storageclass.storage.k8s.io "{sc}" not found', minutes_ago=c.rng.uniform(0.2, 3),
            count=c.rng.randint(3, 40))
    degrade(h["sts"], len(h["sts"]["pods"]) - 1)
    # a lone claim naming a class this cluster never had (no volume of it exists): the claim is what to change, as
    # both independent writers of sets 7 and 8 judged; a class that made volumes before (deleted) stays the class
    return Truth("PersistentVolumeClaim", h["dbns"], name, f"{pod['metadata']['name']} is Pending")


@fault("storage")
def provisioner_missing(c: Cluster, h: dict) -> Truth:
    prov = c.word(["csi.vendor.io", "nfs.csi.k8s.io", "pure-csi", "zfs.csi.openebs.io", "efs.csi.aws.com"])
    sc = c.unique(c.word(["shared", "nfs", "rwx", "files", "zfs"]))
    c.storage_class(sc, prov)
    name = c.unique(f"{c.word(['dumps', 'exports', 'uploads', 'reports'])}-{c.suffix(4)}")
    app = _claim_waits(c, h, sc, name)
    return Truth("StorageClass", "", sc, f"{app['dep']['metadata']['name']} waits for its volume")


def _claim_waits(c: Cluster, h: dict, sc: str, name: str) -> dict:
    """An app's rollout adds claim ``name`` of class ``sc``; no volume comes, its new pods stay Pending."""
    app = pick_app(c, h)
    ns = app["dep"]["metadata"]["namespace"]
    pvc = c.pvc(name, ns, sc, c.rng.choice([5, 20]), bound=False)
    pods = rollout(c, app, lambda s: s["volumes"].append({"name": "files", "persistentVolumeClaim": {"claimName": name}}))
    for p in pods:
        pending(c, p, 'running PreBind plugin "VolumeBinding": binding volumes: pod has unbound immediate PersistentVolumeClaims')
    c.event(pvc, "ExternalProvisioning", f'Waiting for a volume to be created either by the external provisioner '
                                         f'"{c.provisioner_of(sc)}" or manually by the system administrator. If volume creation '
                                         'is delayed, please verify that the provisioner is running and correctly registered.',
            "Normal", minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(5, 80))
    return app


@fault("storage")
def volume_full(c: Cluster, h: dict) -> Truth:
    pod = pick_db_pod(c, h)
    f = c.word(["pg_wal/xlogtemp.%d" % c.rng.randint(30, 999), "base/16384/2619", "pg_stat_tmp/global.tmp"])
    crash(c, pod, "Error", f'PANIC:  could not write to file "{f}": No space left on device', 1)
    degrade(h["sts"], len(h["sts"]["pods"]) - 1)
    claim = next(v["persistentVolumeClaim"]["claimName"] for v in pod["spec"]["volumes"] if "persistentVolumeClaim" in v)
    return Truth("PersistentVolumeClaim", h["dbns"], claim, f"database {pod['metadata']['name']} crashed")


@fault("storage")
def pv_bound_elsewhere(c: Cluster, h: dict) -> Truth:
    pv = c.rng.choice([p for p in c.objects["PersistentVolume"]])
    name = c.unique(f"{c.word(['restore', 'clone', 'migrated', 'copy'])}-{h['data']}")
    app = pick_app(c, h)
    ns = app["dep"]["metadata"]["namespace"]
    pvc = c.pvc(name, ns, pv["spec"]["storageClassName"], 10, bound=False)
    pvc["spec"]["volumeName"] = pv["metadata"]["name"]
    pvc["spec"]["storageClassName"] = pv["spec"]["storageClassName"]
    pods = rollout(c, app, lambda s: s["volumes"].append({"name": "restore", "persistentVolumeClaim": {"claimName": name}}))
    for p in pods:
        pending(c, p, 'running PreBind plugin "VolumeBinding": binding volumes: pod has unbound immediate PersistentVolumeClaims')
    c.event(pvc, "FailedBinding", f'volume "{pv["metadata"]["name"]}" already bound to a different claim.',
            minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(3, 40))
    return Truth("PersistentVolumeClaim", ns, name, f"{app['dep']['metadata']['name']} new pods stay Pending")


@fault("services")
def service_selector_mismatch(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    svc = app["svc"]
    k, v = next(iter(svc["spec"]["selector"].items()))
    svc["spec"]["selector"] = {k: v + c.word(["-v2", "s", "-svc", "-app"])} if c.rng.random() < 0.5 else {k + "x": v}
    return Truth("Service", svc["metadata"]["namespace"], svc["metadata"]["name"],
                 f"https://{h['appns']}.example.com returns 503")


@fault("services")
def service_port_mismatch(c: Cluster, h: dict) -> Truth:
    svc = h["db_primary"]
    svc["spec"]["ports"][0]["targetPort"] = h["pg_port"] + c.rng.choice([1, 10, 100, 1000])
    app_clients_fail(c, h, f"database check failed: dial tcp {svc['spec']['clusterIP']}:{h['pg_port']}: connect: connection refused")
    return Truth("Service", h["dbns"], svc["metadata"]["name"], "the apps cannot connect to the database")


@fault("network")
def networkpolicy_deny(c: Cluster, h: dict) -> Truth:
    np_ = h["np"]
    rule = np_["spec"]["ingress"][0]
    if c.rng.random() < 0.5:
        rule["from"] = [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": h["appns"] + c.word(["-prod", "-old", "2"])}}}]
    else:
        rule["from"] = [{"podSelector": {"matchLabels": {c.word(APP_KEYS): c.word(WORDS)}}}]
    if c.rng.random() < 0.5:  # a deliberate default deny beside it: the allow-list is what to fix
        c.add("NetworkPolicy", {"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
                                "metadata": c.meta(c.word(["default-deny", "default-deny-ingress", "deny-all"]), h["dbns"]),
                                "spec": {"podSelector": {}, "policyTypes": ["Ingress"]}})
    app_clients_fail(c, h, f"database check failed: dial tcp {h['db_primary']['spec']['clusterIP']}:{h['pg_port']}: i/o timeout")
    return Truth("NetworkPolicy", h["dbns"], np_["metadata"]["name"], "the apps time out talking to the database")


@fault("nodes")
def node_not_ready(c: Cluster, h: dict) -> Truth:
    pod = pick_db_pod(c, h)
    node = next(n for n in c.objects["Node"] if n["metadata"]["name"] == pod["spec"]["nodeName"])
    for cond in node["status"]["conditions"]:
        cond.update(status="Unknown", reason="NodeStatusUnknown", message="Kubelet stopped posting node status.")
    node["spec"]["taints"] = [{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": c.t(4)},
                              {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": c.t(4)}]
    for p in c.objects["Pod"]:
        if p["spec"].get("nodeName") == node["metadata"]["name"] and p["status"]["phase"] == "Running":
            not_ready(p, "NodeNotReady")
            c.event(p, "NodeNotReady", "Node is not ready", minutes_ago=c.rng.uniform(1, 4))
    c.event(node, "NodeNotReady", f"Node {node['metadata']['name']} status is now: NodeNotReady", "Normal", minutes_ago=4)
    degrade(h["sts"], len(h["sts"]["pods"]) - 1)
    return Truth("Node", "", node["metadata"]["name"], f"replica {pod['metadata']['name']} is down")


@fault("nodes")
def node_taint(c: Cluster, h: dict) -> Truth:
    node = c.rng.choice(c.objects["Node"])
    tk, tv = c.word(["dedicated", "workload", "team", "maintenance"]), c.word(WORDS)
    lk, lv = c.word(["disktype", "tier", "nodepool", "storage"]), c.word(["nvme", "db", "fast", "io"])
    node["spec"]["taints"] = [{"key": tk, "value": tv, "effect": "NoSchedule"}]
    node["metadata"]["labels"][lk] = lv
    app = pick_app(c, h)
    pods = rollout(c, app, lambda s: s.update(nodeSelector={lk: lv}), c.rng.randint(1, 2))
    n = len(c.objects["Node"])
    for p in pods:
        pending(c, p, f"0/{n} nodes are available: 1 node(s) had untolerated taint {{{tk}: {tv}}}, {n - 1} node(s) didn't "
                      f"match Pod's node affinity/selector. preemption: 0/{n} nodes are available: {n} Preemption is not helpful "
                      "for scheduling.")
    return Truth("Node", "", node["metadata"]["name"], f"{app['dep']['metadata']['name']} pods cannot be scheduled")


@fault("workloads")
def quota_exceeded(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    ns = app["dep"]["metadata"]["namespace"]
    q = next(o for o in c.objects["ResourceQuota"] if o["metadata"]["namespace"] == ns)
    hard = str(c.rng.randint(2, 6))
    q["spec"]["hard"]["requests.cpu"] = q["status"]["hard"]["requests.cpu"] = hard
    used = hard if c.rng.random() < 0.5 else f"{int(hard) * 1000 - c.rng.choice([100, 200, 300])}m"
    q["status"]["used"]["requests.cpu"] = used
    dep = app["dep"]
    rs = c.replicaset(dep, len(dep["pods"]) + 2)
    rs["status"] = {"replicas": 0, "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                                   "message": f'pods "{rs["metadata"]["name"]}-{c.suffix()}" is forbidden: exceeded quota: '
                                                              f'{q["metadata"]["name"]}, requested: requests.cpu=500m, used: '
                                                              f'requests.cpu={used}, limited: requests.cpu={hard}'}]}
    c.event(rs, "FailedCreate", rs["status"]["conditions"][0]["message"], minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(3, 30))
    degrade(dep, len(dep["pods"]))
    dep["spec"]["replicas"] = len(dep["pods"]) + 2
    return Truth("ResourceQuota", ns, q["metadata"]["name"], f"{dep['metadata']['name']} does not scale up")


@fault("config")
def serviceaccount_missing(c: Cluster, h: dict) -> Truth:
    app = pick_app(c, h)
    ns, dep = app["dep"]["metadata"]["namespace"], app["dep"]
    sa = c.unique(f"{dep['metadata']['name']}-{c.word(['sa', 'runner', 'identity', 'irsa'])}")
    dep["spec"]["template"]["spec"]["serviceAccountName"] = sa
    rs = c.replicaset(dep, 1)
    msg = f'pods "{rs["metadata"]["name"]}-{c.suffix()}" is forbidden: error looking up service account {ns}/{sa}: serviceaccount "{sa}" not found'
    rs["status"] = {"replicas": 0, "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": msg}]}
    c.event(rs, "FailedCreate", msg, minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(3, 30))
    degrade(dep, len(dep["pods"]))
    dep["status"]["unavailableReplicas"] = 1
    return Truth("ServiceAccount", ns, sa, f"{dep['metadata']['name']} rollout is stuck")


@fault("storage")
def provisioner_down(c: Cluster, h: dict) -> Truth:
    """The CSI controller of the class the database uses is scaled to 0 or crash-looping: new claims wait."""
    sc = h["scs"][0]
    dep = h["provisioners"][c.provisioner_of(sc)]
    if c.rng.random() < 0.5:
        dep["spec"]["replicas"] = 0
        dep["status"] = {"observedGeneration": 3, "conditions": [
            {"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"}]}
        for p in dep["pods"]:
            c.objects["Pod"].remove(p)
        dep["pods"] = []
    else:
        for p in dep["pods"]:
            crash(c, p, "Error", "F1123 csi-provisioner: failed to connect to CSI driver: context deadline exceeded", 255)
        degrade(dep)
    name = c.unique(f"{c.word(['exports', 'uploads', 'cache', 'scratch'])}-{c.suffix(4)}")
    app = _claim_waits(c, h, sc, name)
    return Truth("Deployment", dep["metadata"]["namespace"], dep["metadata"]["name"],
                 f"{app['dep']['metadata']['name']} waits for its volume")


@fault("nodes")
def toleration_dropped(c: Cluster, h: dict) -> Truth:
    """The database runs on a deliberately tainted pool; an upgrade dropped the toleration from its template."""
    sts = h["sts"]
    tk, tv = c.word(["dedicated", "workload", "pool"]), c.word(["database", "db", "stateful", "postgres"])
    lk = c.word(["nodepool", "node-role", "tier"])
    hosts = {p["spec"]["nodeName"] for p in sts["pods"]}
    for n in c.objects["Node"]:
        if n["metadata"]["name"] in hosts:
            n["spec"]["taints"] = [{"key": tk, "value": tv, "effect": "NoSchedule"}]
            n["metadata"]["labels"][lk] = tv
    tol = [{"key": tk, "operator": "Equal", "value": tv, "effect": "NoSchedule"}]
    for p in sts["pods"]:
        p["spec"]["tolerations"] = tol
        p["spec"]["nodeSelector"] = {lk: tv}
    sts["spec"]["template"]["spec"]["nodeSelector"] = {lk: tv}  # the upgraded template: no tolerations
    pod = sts["pods"][-1]
    pod["spec"].pop("tolerations")
    n, k = len(c.objects["Node"]), len(hosts)
    pending(c, pod, f"0/{n} nodes are available: {k} node(s) had untolerated taint {{{tk}: {tv}}}, {n - k} node(s) didn't "
                    f"match Pod's node affinity/selector. preemption: 0/{n} nodes are available: {n} Preemption is not helpful "
                    "for scheduling.")
    degrade(sts, len(sts["pods"]) - 1)
    return Truth("StatefulSet", h["dbns"], sts["metadata"]["name"], f"replica {pod['metadata']['name']} does not come back")


@fault("workloads")
def db_liveness_probe(c: Cluster, h: dict) -> Truth:
    """The database's new liveness probe times out under load and the kubelet kills it; its clients fail too."""
    sts = h["sts"]
    probe = {"exec": {"command": ["pg_isready", "-h", "127.0.0.1", "-p", str(h["pg_port"])]},
             "timeoutSeconds": 1, "periodSeconds": 5, "failureThreshold": 1}
    sts["spec"]["template"]["spec"]["containers"][0]["livenessProbe"] = probe
    pod = sts["pods"][0]
    pod["spec"]["containers"][0]["livenessProbe"] = probe
    crash(c, pod, "Error", "", 137)
    c.event(pod, "Unhealthy", "Liveness probe failed: command timed out: \"pg_isready -h 127.0.0.1\" timed out after 1s",
            minutes_ago=c.rng.uniform(0.2, 2), count=c.rng.randint(10, 90))
    c.event(pod, "Killing", f"Container {pod['spec']['containers'][0]['name']} failed liveness probe, will be restarted",
            "Normal", minutes_ago=c.rng.uniform(0.2, 2), count=c.rng.randint(5, 30))
    degrade(sts, len(sts["pods"]) - 1)
    app_clients_fail(c, h, f"database check failed: dial tcp {h['db_primary']['spec']['clusterIP']}:{h['pg_port']}: "
                           "connect: connection refused")
    return Truth("StatefulSet", h["dbns"], sts["metadata"]["name"], "the apps lose their database every few minutes")


@fault("services")
def ingress_backend_missing(c: Cluster, h: dict) -> Truth:
    """The Ingress was edited to a Service name that does not exist; the controller answers 503."""
    ing = h["ingress"]
    svc = ing["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    svc["name"] = svc["name"] + c.word(["-svc", "-v2", "-http", "-public"])
    return Truth("Ingress", ing["metadata"]["namespace"], ing["metadata"]["name"],
                 f"https://{h['appns']}.example.com returns 503 while the pods are healthy")


@fault("storage")
def pv_node_gone(c: Cluster, h: dict) -> Truth:
    """The database's local volume is pinned to a node that was removed; its pod cannot be scheduled anywhere."""
    sts = h["sts"]
    pod = sts["pods"][-1]
    claim = next(v["persistentVolumeClaim"]["claimName"] for v in pod["spec"]["volumes"] if "persistentVolumeClaim" in v)
    pvc = next(p for p in c.objects["PersistentVolumeClaim"] if p["metadata"]["name"] == claim)
    pv = next(v for v in c.objects["PersistentVolume"] if v["metadata"]["name"] == pvc["spec"]["volumeName"])
    gone = f"{c.word(['worker', 'node', 'agent'])}-{c.suffix(6)}"
    pv["spec"]["nodeAffinity"] = {"required": {"nodeSelectorTerms": [{"matchExpressions": [
        {"key": "kubernetes.io/hostname", "operator": "In", "values": [gone]}]}]}}
    n = len(c.objects["Node"])
    pending(c, pod, f"0/{n} nodes are available: {n} node(s) had volume node affinity conflict. preemption: 0/{n} nodes "
                    f"are available: {n} Preemption is not helpful for scheduling.")
    degrade(sts, len(sts["pods"]) - 1)
    return Truth("PersistentVolume", "", pv["metadata"]["name"], f"replica {pod['metadata']['name']} stays Pending")


@fault("nodes")
def csi_node_plugin_down(c: Cluster, h: dict) -> Truth:
    """The CSI node plugin crashes on one node: pods there cannot mount their volumes."""
    prov = c.provisioner_of(h["scs"][0])
    words = [w for w in prov.replace("/", ".").replace("-", ".").split(".") if w not in ("csi", "io", "com", "k8s", "driver")]
    name = c.unique(f"{words[0] if words else 'volume'}-csi-node")
    k, lab = _labels(c, name)
    ds = c.workload("DaemonSet", name, "kube-system", lab, [
        c.container("node-driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.10.0", 9809, 10, 20,
                    probes=False),
        c.container(words[0] if words else "plugin", f"{c.rng.choice(REGISTRIES)}/{name}:v1.{c.rng.randint(2, 30)}.0", 9808,
                    10, 40, probes=False)], len(c.objects["Node"]))
    pod = pick_db_pod(c, h)
    node = pod["spec"]["nodeName"]
    broken = next(p for p in ds["pods"] if p["spec"]["nodeName"] == node)
    crash(c, broken, "Error", "failed to start CSI driver: open /var/lib/kubelet/plugins_registry: permission denied", 1)
    ds["status"]["numberReady"] = len(ds["pods"]) - 1
    claim = next(v["persistentVolumeClaim"]["claimName"] for v in pod["spec"]["volumes"] if "persistentVolumeClaim" in v)
    vol = next(p["spec"]["volumeName"] for p in c.objects["PersistentVolumeClaim"] if p["metadata"]["name"] == claim)
    waiting(c, pod, "ContainerCreating", "")
    pod["status"]["phase"] = "Pending"
    c.event(pod, "FailedMount", f'MountVolume.MountDevice failed for volume "{vol}" : kubernetes.io/csi: attacher.MountDevice '
                                f'failed to create newCsiDriverClient: driver name {prov} not found in the list of registered '
                                'CSI drivers', minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(3, 30))
    degrade(h["sts"], len(h["sts"]["pods"]) - 1)
    return Truth("DaemonSet", "kube-system", ds["metadata"]["name"], f"database pod {pod['metadata']['name']} does not start")


@fault("network")
def egress_policy_deny(c: Cluster, h: dict) -> Truth:
    """The apps' namespace locks down egress; the allow-list for the database names the wrong port."""
    appns = h["appns"]
    wrong = c.rng.choice([p for p in (3306, 5432, 6432, 5433, 27017) if p != h["pg_port"]])
    allow = c.add("NetworkPolicy", {"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
                                    "metadata": c.meta(c.word(["allow-db-egress", "egress-database", "allow-sql-out"]), appns),
                                    "spec": {"podSelector": {}, "policyTypes": ["Egress"], "egress": [{
                                        "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": h["dbns"]}}}],
                                        "ports": [{"protocol": "TCP", "port": wrong}]}]}})
    c.add("NetworkPolicy", {"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
                            "metadata": c.meta("allow-dns", appns),
                            "spec": {"podSelector": {}, "policyTypes": ["Egress"], "egress": [{
                                "to": [{"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "kube-system"}}}],
                                "ports": [{"protocol": "UDP", "port": 53}, {"protocol": "TCP", "port": 53}]}]}})
    c.add("NetworkPolicy", {"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
                            "metadata": c.meta(c.word(["default-deny-egress", "deny-all-egress"]), appns),
                            "spec": {"podSelector": {}, "policyTypes": ["Egress"]}})
    app_clients_fail(c, h, f"database check failed: dial tcp {h['db_primary']['spec']['clusterIP']}:{h['pg_port']}: i/o timeout")
    return Truth("NetworkPolicy", appns, allow["metadata"]["name"], "the apps time out talking to the database")


@fault("workloads")
def migration_job_failed(c: Cluster, h: dict) -> Truth:
    """A release runs its schema migration as a Job; it fails, and the new pods wait for it in an init container."""
    app = pick_app(c, h)
    dep, ns = app["dep"], app["dep"]["metadata"]["namespace"]
    name = f"{dep['metadata']['name']}-migrate-{c.rng.randint(100, 999)}"
    job = c.add("Job", {"apiVersion": "batch/v1", "kind": "Job", "metadata": c.meta(name, ns, age_min=12),
                        "spec": {"backoffLimit": 2, "template": {"spec": {"restartPolicy": "Never", "containers": [
                            {"name": "migrate", "image": dep["spec"]["template"]["spec"]["containers"][0]["image"]}]}}},
                        "status": {"failed": 3, "conditions": [
                            {"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                             "message": "Job has reached the specified backoff limit", "lastTransitionTime": c.t(6)}]}})
    err = c.word(['ERROR: column "tenant_id" of relation "orders" already exists',
                  'psycopg2.errors.UndefinedTable: relation "invoices_v2" does not exist',
                  "flyway: Validate failed: Migration checksum mismatch for migration version 42"])
    node = c.objects["Node"][0]["metadata"]["name"]
    for _ in range(3):
        c.add("Pod", {"apiVersion": "v1", "kind": "Pod", "metadata": c.meta(f"{name}-{c.suffix()}", ns, {"job-name": name}, 10, job),
                      "spec": {"restartPolicy": "Never", "nodeName": node, "containers": job["spec"]["template"]["spec"]["containers"]},
                      "status": {"phase": "Failed", "containerStatuses": [{"name": "migrate", "ready": False, "restartCount": 0,
                                 "state": {"terminated": {"reason": "Error", "exitCode": 1, "message": err}}}]}})
    wait = {"name": "wait-for-migration", "image": "bitnami/kubectl:1.30",
            "command": ["kubectl", "wait", "--for=condition=complete", f"job/{name}", "--timeout=-1s"]}
    pods = rollout(c, app, lambda s: s.setdefault("initContainers", []).append(wait), c.rng.randint(1, 2))
    for p in pods:
        p["status"]["phase"] = "Pending"
        p["status"]["initContainerStatuses"] = [{"name": "wait-for-migration", "ready": False, "restartCount": 0,
                                                 "state": {"running": {"startedAt": c.t(9)}}}]
        for cs in p["status"]["containerStatuses"]:
            cs.update(ready=False, started=False)
            cs["state"] = {"waiting": {"reason": "PodInitializing"}}
        not_ready(p, "ContainersNotInitialized")
    return Truth("Job", ns, name, f"{dep['metadata']['name']} release never becomes ready")


@fault("services")
def backend_scaled_to_zero(c: Cluster, h: dict) -> Truth:
    """Someone scaled an app to zero: its Service has no endpoints and the site answers 503."""
    app = h["apps"][0]  # the one behind the Ingress
    dep = app["dep"]
    for p in dep["pods"]:
        c.objects["Pod"].remove(p)
    dep["pods"] = []
    dep["spec"]["replicas"] = 0
    dep["status"] = {"observedGeneration": 7, "conditions": [
        {"type": "Available", "status": "True", "reason": "MinimumReplicasAvailable"}]}
    for rs in c.objects["ReplicaSet"]:
        if rs["metadata"].get("ownerReferences", [{}])[0].get("name") == dep["metadata"]["name"]:
            rs["spec"]["replicas"] = 0
            rs["status"] = {"replicas": 0}
    return Truth("Deployment", dep["metadata"]["namespace"], dep["metadata"]["name"],
                 f"https://{h['appns']}.example.com returns 503")


@fault("workloads")
def pull_secret_refused(c: Cluster, h: dict) -> Truth:
    """The registry's robot token was rotated: the pull secret exists, the registry refuses it."""
    app = pick_app(c, h)
    ns = app["dep"]["metadata"]["namespace"]
    name = c.unique(c.word(["regcred", "registry-auth", "harbor-pull", "ghcr-token"]))
    c.secret(name, ns, [".dockerconfigjson"], "kubernetes.io/dockerconfigjson")
    img = f"{c.word(['harbor.internal', 'registry.corp', 'ghcr.io/acme'])}/{app['dep']['metadata']['name']}:{c.rng.randint(1, 9)}.1"

    def mutate(s: dict) -> None:
        s["imagePullSecrets"] = [{"name": name}]
        s["containers"][0]["image"] = img

    for p in rollout(c, app, mutate, c.rng.randint(1, 2)):
        waiting(c, p, "ImagePullBackOff", f'Back-off pulling image "{img}"')
        c.event(p, "Failed", f'Failed to pull image "{img}": rpc error: code = Unknown desc = failed to pull and unpack image '
                             f'"{img}": failed to resolve reference "{img}": pull access denied, repository does not exist or '
                             'may require authorization: authorization failed: 401 Unauthorized', minutes_ago=c.rng.uniform(0.2, 3))
    return Truth("Secret", ns, name, f"{app['dep']['metadata']['name']} new version cannot start")


@fault("config")
def configmap_wrong_host(c: Cluster, h: dict) -> Truth:
    """The apps' ConfigMap points at the database under a namespace that does not exist."""
    app = pick_app(c, h)
    cm = app["cm"]
    wrong = f"{h['db_primary']['metadata']['name']}.{h['dbns']}{c.word(['-old', '-prod', '2', '-v1'])}.svc.cluster.local"
    cm["data"]["DATABASE_HOST"] = wrong
    for p in app["dep"]["pods"]:
        crash(c, p, "Error", f'psycopg.OperationalError: could not translate host name "{wrong}" to address: Name or service '
                             'not known', 1)
    degrade(app["dep"])
    return Truth("ConfigMap", cm["metadata"]["namespace"], cm["metadata"]["name"],
                 f"{app['dep']['metadata']['name']} restarts since the config change")


@fault("storage")
def claim_access_mode(c: Cluster, h: dict) -> Truth:
    """A shared uploads volume asks ReadWriteMany of a block storage class."""
    sc = h["scs"][0]
    name = c.unique(f"{c.word(['uploads', 'shared-files', 'media'])}-{c.suffix(4)}")
    app = _claim_waits(c, h, sc, name)
    pvc = next(p for p in c.objects["PersistentVolumeClaim"] if p["metadata"]["name"] == name)
    pvc["spec"]["accessModes"] = ["ReadWriteMany"]
    c.event(pvc, "ProvisioningFailed", f'failed to provision volume with StorageClass "{sc}": rpc error: code = '
                                       'InvalidArgument desc = VolumeCapabilities is invalid: specified multi writer with '
                                       'mount access type', minutes_ago=c.rng.uniform(0.2, 3), count=c.rng.randint(3, 30))
    return Truth("PersistentVolumeClaim", pvc["metadata"]["namespace"], name,
                 f"{app['dep']['metadata']['name']} waits for its volume")


@fault("workloads")
def anti_affinity_blocks(c: Cluster, h: dict) -> Truth:
    """Required pod anti-affinity per node and more replicas than nodes: the extra replicas stay Pending."""
    app = pick_app(c, h)
    dep = app["dep"]
    lab = dict(dep["spec"]["selector"]["matchLabels"])
    pods = rollout(c, app, lambda s: s.update(affinity={"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": lab}, "topologyKey": "kubernetes.io/hostname"}]}}), c.rng.randint(1, 2))
    n = len(c.objects["Node"])
    for p in pods:
        pending(c, p, f"0/{n} nodes are available: {n} node(s) didn't match pod anti-affinity rules. preemption: 0/{n} nodes "
                      f"are available: {n} No preemption victims found for incoming pod.")
    dep["spec"]["replicas"] = n + len(pods)
    return Truth("Deployment", dep["metadata"]["namespace"], dep["metadata"]["name"],
                 f"{dep['metadata']['name']} does not scale out")


def generate(fault_type: str, seed: int) -> Incident:
    """One incident: a healthy random cluster with ``fault_type`` injected (KeyError for an unknown type)."""
    inject = FAULTS[fault_type]
    rng = random.Random(f"{fault_type}:{seed}")
    c, h = build_cluster(rng)
    truth = inject(c, h)
    c.endpoints_for()
    for kind in ("Deployment", "StatefulSet", "DaemonSet"):
        for w in c.objects.get(kind, []):
            w.pop("pods", None)
    return Incident(fault_type, seed, c.objects, truth)


def scale(objects: dict[str, list[dict]], pods: int, seed: int = 0) -> dict[str, list[dict]]:
    """A big cluster for load tests: healthy noise Deployments added until it holds ``pods`` pods."""
    rng = random.Random(seed)
    c = Cluster(rng)
    c.objects = objects
    ns = "bulk"
    c.namespace(ns)
    i = 0
    while len(c.objects.get("Pod", [])) < pods:
        name = f"bulk-{i}"
        c.workload("Deployment", name, ns, {"app": name}, [c.container("main", f"bulk/{name}:1", 8080, 10, 16)], 10)
        c.service(name, ns, {"app": name}, 80, 8080)
        c.configmap(f"{name}-cfg", ns, {"K": "v"})
        i += 1
    for kind in ("Deployment",):
        for w in c.objects.get(kind, []):
            w.pop("pods", None)
    return c.objects


# --- evaluation -------------------------------------------------------------------------
def evaluate(seeds, faults: list[str] | None = None, progress: Callable[[str], None] | None = None,
             with_symptom: bool = True) -> dict:
    """Precision of the root-cause entity per fault type, and seconds per incident, over ``seeds``;
    ``with_symptom=False`` gives the RCA no symptom text (it must find the failure itself)."""
    import tempfile

    from toolkits.kubernetes.rca import analyse
    from toolkits.kubernetes.snapshot import load_snapshot

    faults = faults or list(FAULTS)
    per: dict[str, list[int]] = {f: [] for f in faults}
    times, misses = [], []
    for seed in seeds:
        for f in faults:
            inc = generate(f, seed)
            with tempfile.TemporaryDirectory() as d:
                inc.write(d)
                t0 = time.perf_counter()
                res = analyse(load_snapshot(d), inc.truth.symptom if with_symptom else "")
                times.append(time.perf_counter() - t0)
            got = res.root_causes[0] if res.root_causes else None
            ok = got is not None and (got.kind, got.namespace, got.name) == (inc.truth.kind, inc.truth.namespace, inc.truth.name)
            per[f].append(int(ok))
            if not ok:
                misses.append({"fault": f, "seed": seed, "truth": inc.truth.__dict__,
                               "got": got.__dict__ if got else None})
            if progress:
                progress(f"{f} seed {seed}: {'ok' if ok else 'miss'}")
    total = [x for v in per.values() for x in v]
    times.sort()
    return {"incidents": len(total), "precision": round(sum(total) / max(1, len(total)), 4),
            "per_type": {f: round(sum(v) / max(1, len(v)), 4) for f, v in per.items()},
            "seconds_p50": round(times[len(times) // 2], 3) if times else 0,
            "seconds_p95": round(times[int(len(times) * 0.95) - 1 if len(times) > 1 else 0], 3) if times else 0,
            "misses": misses}

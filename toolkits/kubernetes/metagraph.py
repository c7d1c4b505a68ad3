"""The MetaGraph: which kinds the state graph holds and which relation joins which kinds, as data.

Every other module (the loader, the metapath search, the Cypher templates, the tools) reads these
tables; nothing about the schema is written anywhere else.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from toolkits.kubernetes.snapshot import KINDS

NODE_KINDS: tuple[str, ...] = tuple(KINDS.values())
WORKLOADS = ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob")
NAMESPACED = tuple(k for k in NODE_KINDS if k not in ("Namespace", "Node", "PersistentVolume", "StorageClass"))

# every node table has these columns (state as plain strings; ``detail`` is JSON of the kind's own facts)
NODE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("uid", "STRING"), ("namespace", "STRING"), ("name", "STRING"), ("phase", "STRING"), ("reasons", "STRING"),
    ("conditions", "STRING"), ("labels", "STRING"), ("missing", "BOOLEAN"), ("detail", "STRING"),
)

# relation -> the (from kind, to kind) pairs it joins; edges carry one ``detail`` string (e.g. keys used)
RELATIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "OWNS": (("Deployment", "ReplicaSet"), ("ReplicaSet", "Pod"), ("StatefulSet", "Pod"), ("DaemonSet", "Pod"),
             ("Job", "Pod"), ("CronJob", "Job")),
    "SCHEDULED_ON": (("Pod", "Node"),),
    "WAITS_FOR": (("Pod", "Job"),),  # an init container that waits for a Job (kubectl wait job/..., a migration)
    # a pod that dies of a schema the database lacks (missing column), and its application's migration Jobs
    "NEEDS_SCHEMA": (("Pod", "Job"),),
    "SELECTS_NODE": (("Pod", "Node"),),
    # an unscheduled pod and the one node named like all those its placement matches that lacks their labels
    "MISSES_NODE": (("Pod", "Node"),),
    # an unscheduled pod short of cpu/memory on every node it may use, and a DaemonSet whose pods there take the rest
    "SQUEEZED_BY": (("Pod", "DaemonSet"),),
    # an object a custom resource owns (a database operator's Service) and the operator Deployment that writes it
    "MANAGED_BY": (("Service", "Deployment"),),  # an unscheduled pod's nodeSelector matches the node's labels
    "SELECTS": (("Service", "Pod"),),
    # the workloads whose pod template a Service's selector matches (a Service of a workload scaled to zero)
    "SELECTS_TEMPLATE": (("Service", "Deployment"), ("Service", "StatefulSet"), ("Service", "DaemonSet")),
    "MOUNTS": (("Pod", "PersistentVolumeClaim"),),
    "CLAIMS": (("StatefulSet", "PersistentVolumeClaim"),),
    "BINDS": (("PersistentVolumeClaim", "PersistentVolume"),),  # by the claim's volumeName or the volume's claimRef
    "PINNED_TO": (("PersistentVolume", "Node"),),  # a local volume's required node affinity matches the node
    # a node where the network plugin's DaemonSet (CNI: it writes /etc/cni) runs no pod, although it runs elsewhere
    "MISSES_AGENT": (("Node", "DaemonSet"),),
    "USES_CLASS": (("PersistentVolumeClaim", "StorageClass"), ("PersistentVolume", "StorageClass")),
    # the controller that creates a class's volumes (its provisioner named in its args/env, or by name and image)
    "PROVISIONED_BY": (("StorageClass", "Deployment"), ("StorageClass", "StatefulSet")),
    # the account a volume's CSI controller acts as (its cloud credentials attach and detach the volume)
    "DRIVEN_AS": (("PersistentVolume", "ServiceAccount"),),
    # a schedule whose runs write the Secret (kubectl create secret ...: a registry token it refreshes)
    "WRITES_SECRET": (("CronJob", "Secret"),),
    # a hosts entry in a ConfigMap (a CoreDNS hosts block) that answers a Service's DNS name with another address
    "PINNED_IN": (("Service", "ConfigMap"),),
    "USES_CONFIG": (("Pod", "ConfigMap"),),
    "USES_SECRET": (("Pod", "Secret"), ("ServiceAccount", "Secret")),
    "USES_ACCOUNT": (("Pod", "ServiceAccount"), ("ReplicaSet", "ServiceAccount"),
                     ("StatefulSet", "ServiceAccount"), ("DaemonSet", "ServiceAccount"), ("CronJob", "ServiceAccount")),
    "ROUTES_TO": (("Ingress", "Service"),),
    # a Service's DNS name in the pod's env or its ConfigMaps, or in a Job's, CronJob's or workload's template (its pods
# connect)
    "CONNECTS_TO": (("Pod", "Service"), ("CronJob", "Service"), ("Deployment", "Service"), ("StatefulSet", "Service"),
                    ("Job", "Service")),
    "ENDPOINTS_OF": (("Endpoints", "Service"), ("EndpointSlice", "Service")),
    "APPLIES_TO": (("NetworkPolicy", "Pod"),),
    "LIMITS": (("ResourceQuota", "Namespace"),),
    "IN_NAMESPACE": tuple((k, "Namespace") for k in NAMESPACED if k != "Event"),
    "EVENT_OF": tuple(("Event", k) for k in NODE_KINDS if k != "Event"),
}

# relations a metapath may walk back over at once: pods on the same node share its plugins (a CSI node pod), clients
# of one server share its connections (a schedule whose runs pile up)
SIBLINGS = ("SCHEDULED_ON", "CONNECTS_TO")
# relations a metapath may walk (IN_NAMESPACE and EVENT_OF join almost everything to everything)
WALKABLE = tuple(r for r in RELATIONS if r not in ("IN_NAMESPACE", "EVENT_OF"))


@dataclass(frozen=True)
class Step:
    rel: str
    forward: bool  # True: (previous)-[rel]->(kind)
    kind: str


Metapath = tuple[Step, ...]


def _edges() -> dict[str, list[Step]]:
    out: dict[str, list[Step]] = {k: [] for k in NODE_KINDS}
    for rel in WALKABLE:
        for a, b in RELATIONS[rel]:
            out[a].append(Step(rel, True, b))
            out[b].append(Step(rel, False, a))
    # a quota limits the namespace the symptom lives in: let metapaths reach it through the namespace
    for k in NAMESPACED:
        if k not in ("Event", "ResourceQuota"):
            out[k].append(Step("IN_NAMESPACE", True, "Namespace"))
    return out


EDGES = _edges()


def metapaths(source: str, targets: tuple[str, ...] | set[str], max_len: int = 3) -> list[Metapath]:
    """Every metapath from ``source`` to any of ``targets`` of at most ``max_len`` steps, shortest first
    (ties in the order of RELATIONS). A kind may come back (Pod -> Service -> Pod) but no step walks
    straight back over the relation it came by (except to a sibling: Pod -> Node <- Pod, Pod -> Service <- CronJob),
    and nothing walks on from a Namespace but to its quota."""
    out: list[Metapath] = []
    todo: deque[Metapath] = deque([()])
    while todo:
        path = todo.popleft()
        if len(path) >= max_len:
            continue
        here = path[-1].kind if path else source
        if here == "Namespace" and path:
            steps = [s for s in EDGES[here] if s.kind == "ResourceQuota"]
        else:
            steps = EDGES.get(here, ())
        for step in steps:
            if path and step.rel == path[-1].rel and step.forward != path[-1].forward and step.rel not in SIBLINGS:
                continue
            new = path + (step,)
            if step.kind in targets:
                out.append(new)
            todo.append(new)
    return out


def describe(path: Metapath, source: str) -> str:
    """A metapath as text: Pod-[USES_CONFIG]->ConfigMap."""
    s = source
    for st in path:
        s += f"-[{st.rel}]->{st.kind}" if st.forward else f"<-[{st.rel}]-{st.kind}"
    return s


def cypher(path: Metapath, source: str, limit: int = 50) -> str:
    """The Cypher MATCH for one metapath from one entity (``$uid``), returning the path's nodes."""
    s = f"MATCH p = (n0:{source} {{uid: $uid}})"
    for i, st in enumerate(path, 1):
        s += (f"-[:{st.rel}]->(n{i}:{st.kind})" if st.forward else f"<-[:{st.rel}]-(n{i}:{st.kind})")
    return s + f" RETURN nodes(p) AS nodes, rels(p) AS rels LIMIT {int(limit)}"

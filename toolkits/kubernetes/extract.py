"""Kubernetes objects -> the state graph's rows: one node per object (uid, namespace, name, state, detail)
and one edge per relation of the MetaGraph (toolkits/kubernetes/metagraph.py).

An object that is referenced but absent (a ConfigMap a pod mounts, a StorageClass a claim names) becomes a
node with ``missing`` set, so that a path can end on it. Kinds whose file the snapshot lacks make no such
placeholders (absent from the snapshot is not absent from the cluster).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable

from kubernetes.utils import parse_quantity

from toolkits.kubernetes.cron import fires_between
from toolkits.kubernetes.metagraph import NAMESPACED, RELATIONS
from toolkits.kubernetes.snapshot import Snapshot, redact_secret

RECENT_S = 3600  # a warning event older than this (before the newest one) is history, not a symptom
CHRONIC_S = 86400  # a pod not ready for longer than this has a failure of its own, older than today's incident
_HOST = re.compile(r"[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?")
# a client that cannot resolve a name (also one of rca.py's "unreachable" signals)
DNS_FAILURE = re.compile(r"ENOTFOUND|EAI_AGAIN|getaddrinfo|[Nn]ame or service not known|could not translate host "
                         r"name|no such host|UnknownHostException|lookup \S+ on [\d.:\[\]a-f]+:53\b|"
                         r"[Tt]emporary failure in name resolution|[Cc]ould(?:n't| not) (?:lookup|resolve) host|"
                         r"[Uu]nable to resolve host")
_PAIRS = {(rel, a, b) for rel, pairs in RELATIONS.items() for a, b in pairs}


@dataclass
class Node:
    kind: str
    uid: str
    namespace: str
    name: str
    phase: str = ""
    reasons: list[str] = field(default_factory=list)
    conditions: dict[str, str] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    missing: bool = False
    detail: dict[str, Any] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {"uid": self.uid, "namespace": self.namespace, "name": self.name, "phase": self.phase,
                "reasons": ",".join(self.reasons), "labels": json.dumps(self.labels, sort_keys=True),
                "conditions": ",".join(f"{k}={v}" for k, v in self.conditions.items()),
                "missing": self.missing, "detail": json.dumps(self.detail, sort_keys=True, default=str)}


@dataclass
class Graph:
    """Nodes by uid and edges (rel, from uid, to uid, detail); ``now`` is the snapshot's time."""

    nodes: dict[str, Node] = field(default_factory=dict)
    edges: list[tuple[str, str, str, str]] = field(default_factory=list)
    now: datetime | None = None

    def by_kind(self, kind: str) -> list[Node]:
        return [n for n in self.nodes.values() if n.kind == kind]


def _not_firing(cj: "Node", jobs: list["Node"], now: datetime) -> None:
    """A schedule that cannot fire now although it ran regularly before (its spec was changed to "0 3 * 2 *"): no
    firing time since its last run, and that run is more than 3 of its usual gaps ago (at least a day)."""
    starts = sorted(t for t in (ts(j.detail.get("started") or j.detail.get("created")) for j in jobs) if t)
    last = ts(cj.detail.get("lastScheduleTime"))
    if cj.phase == "Suspended" or last is None or len(starts) < 2:
        return
    gaps = sorted((b - a).total_seconds() for a, b in zip(starts, starts[1:]))
    usual = gaps[len(gaps) // 2]
    if (now - last).total_seconds() > max(3 * usual, 86400) and fires_between(cj.detail.get("schedule") or "", last,
                                                                              now) is False:
        cj.reasons.append("NotFiring")
        cj.detail["not_firing"] = {"usual_gap_s": usual, "since": cj.detail.get("lastScheduleTime")}


# a service mesh injects its proxy into every pod of a namespace that says so (label or annotation)
MESH_INJECTION = {"linkerd.io/inject": "enabled", "istio-injection": "enabled", "sidecar.istio.io/inject": "true"}


def _injects(o: dict) -> str:
    """The label or annotation by which a namespace has a mesh proxy injected into its pods ("" when none)."""
    m = o.get("metadata") or {}
    said = {**(m.get("annotations") or {}), **(m.get("labels") or {})}
    hit = next((k for k, v in MESH_INJECTION.items() if str(said.get(k, "")).lower() == v), None)
    hit = hit or ("istio.io/rev" if said.get("istio.io/rev") else None)
    return f"{hit}={said[hit]}" if hit else ""


def ts(value: Any) -> datetime | None:
    if not value or not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def key(kind: str, namespace: str, name: str) -> str:
    return f"{kind}/{namespace}/{name}" if kind in NAMESPACED else f"{kind}//{name}"


def selects(selector: dict | None, labels: dict[str, str]) -> bool:
    """A label selector (plain map, or matchLabels/matchExpressions) against labels; an empty selector of a
    NetworkPolicy selects everything, None selects nothing."""
    if selector is None:
        return False
    if "matchLabels" in selector or "matchExpressions" in selector:
        exprs = selector.get("matchExpressions") or []
        plain = selector.get("matchLabels") or {}
    else:
        exprs, plain = [], selector
    if any(labels.get(k) != v for k, v in plain.items()):
        return False
    for e in exprs:
        op, k, vals = e.get("operator"), e.get("key"), e.get("values") or []
        if op == "In" and labels.get(k) not in vals or op == "NotIn" and labels.get(k) in vals:
            return False
        if op == "Exists" and k not in labels or op == "DoesNotExist" and k in labels:
            return False
    return True


def tolerated(taint: dict, tolerations: list[dict]) -> bool:
    """A pod with these tolerations may run where this taint is."""
    for t in tolerations:
        if t.get("effect") and taint.get("effect") and t["effect"] != taint["effect"]:
            continue  # a toleration names the one effect it tolerates (none: every effect)
        if t.get("operator") == "Exists" and (not t.get("key") or t.get("key") == taint.get("key")):
            return True
        if t.get("key") == taint.get("key") and t.get("value") == taint.get("value") and \
                (not t.get("effect") or t.get("effect") == taint.get("effect")):
            return True
    return False


def _placement_fits(spec: dict, labels: dict[str, str]) -> bool:
    """A node with these labels meets a pod's nodeSelector and one of its required nodeAffinity terms."""
    terms = ((((spec.get("affinity") or {}).get("nodeAffinity") or {})
              .get("requiredDuringSchedulingIgnoredDuringExecution") or {}).get("nodeSelectorTerms") or [])
    return selects(spec.get("nodeSelector") or {}, labels) and (
        not terms or any(selects({"matchExpressions": t.get("matchExpressions") or []}, labels) for t in terms))


def unlabelled_twin(spec: dict, nodes: list[Node]) -> tuple[Node, str] | None:
    """The one Ready, schedulable node named like every node an unscheduled pod's required placement matches (the
    same name but for its closing number: talos-db-03 beside talos-db-01 and -02) that does not match it: a
    replacement that joined without the pool's labels. With what it lacks, as the edge's detail."""
    terms = (((spec.get("affinity") or {}).get("nodeAffinity") or {})
             .get("requiredDuringSchedulingIgnoredDuringExecution") or {}).get("nodeSelectorTerms")
    if not spec.get("nodeSelector") and not terms:
        return None
    real = [n for n in nodes if not n.missing]
    fit = [n for n in real if _placement_fits(spec, n.labels)]
    stems = {re.sub(r"\d+$", "", n.name) for n in fit}
    stem = stems.pop() if len(stems) == 1 else ""
    if len(stem) < 3 or stem == fit[0].name:
        return None
    twins = [n for n in real if n not in fit and re.sub(r"\d+$", "", n.name) == stem and n.phase == "Ready"
             and not n.detail.get("unschedulable")]
    if len(twins) != 1:
        return None
    asked = set(spec.get("nodeSelector") or {}) | {e.get("key") for t in terms or []
                                                   for e in t.get("matchExpressions") or []}
    lacks = {k: fit[0].labels.get(k) for k in sorted(asked) if twins[0].labels.get(k) != fit[0].labels.get(k)}
    return twins[0], json.dumps(lacks, sort_keys=True)


_HOSTS_LINE = re.compile(r"(?m)^\s*(\d{1,3}(?:\.\d{1,3}){3})\s+(?:\S+\s+)*?([a-z0-9-]+\.[a-z0-9-]+\.svc(?:\.cluster\.local)?)\b")
_WRITTEN_SECRET = re.compile(r"\b(?:create|apply|replace)\s+secret\s+(?:docker-registry\s+|generic\s+|tls\s+)?"
                             r"([a-z0-9][a-z0-9.-]*)")
UNLABELLED_SLICE = "no service-name label"  # a hand-written EndpointSlice named after a selector-less Service
NO_CLASS_SET = "no class set"  # a claim without storageClassName, and a class that could be the cluster's default


def _default_mark(o: dict) -> str | None:
    """A StorageClass's default-class annotation ("true" / "false"), None when it has none."""
    notes = (o.get("metadata") or {}).get("annotations") or {}
    for k in ("storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"):
        if k in notes:
            return str(notes[k]).lower()
    return None


def _requests(containers: list[dict], res: str) -> float:
    """What a pod asks the scheduler for: its containers' requests together, or its largest init container's."""
    ask = [_quantity((c.get("requests") or {}).get(res, 0)) for c in containers if not c.get("init")]
    return max([sum(ask)] + [_quantity((c.get("requests") or {}).get(res, 0)) for c in containers if c.get("init")])


def _quantity(value: Any) -> float:
    try:
        return float(parse_quantity(str(value)))
    except (ValueError, TypeError):
        return 0.0


def _squeezed(snap: Snapshot, g: Graph, by_key: dict, owners: dict) -> list[tuple[str, str, str]]:
    """(pending pod, DaemonSet, detail) when the scheduler finds too little cpu or memory on the nodes the pod may
    use, and one DaemonSet's pod on each of those nodes requests enough that without it the pod would fit on one."""
    said: dict[str, str] = {}
    for ev in g.by_kind("Event"):
        said[ev.detail["object"]] = said.get(ev.detail["object"], "") + " " + ev.detail["message"]
    pods = g.by_kind("Pod")
    used: dict[str, dict[str, float]] = {}  # resource -> node -> what its running pods request (made when needed)
    agents_on: dict[str, set[str]] = {}  # DaemonSet -> the nodes its pods run on
    for q in pods:
        if owners.get(q.uid) and g.nodes[owners[q.uid]].kind == "DaemonSet":
            agents_on.setdefault(owners[q.uid], set()).add(q.detail.get("node"))
    out = []
    for o in snap.items("Pod"):
        ns, name, _ = _meta(o)
        p = g.nodes[by_key[key("Pod", ns, name)]]
        short = None if p.detail.get("node") else re.search(
            r"Insufficient (cpu|memory)", " ".join(p.detail.get("messages") or []) + said.get(f"Pod/{ns}/{name}", ""))
        if not short:
            continue
        res, spec = short.group(1), o.get("spec") or {}
        want = _requests(p.detail.get("containers") or [], res)
        if res not in used:
            used[res] = {}
            for q in pods:
                if q.detail.get("node") and q.phase not in ("Succeeded", "Failed"):
                    node = q.detail["node"]
                    used[res][node] = used[res].get(node, 0.0) + _requests(q.detail.get("containers") or [], res)
        tolerations = spec.get("tolerations") or []
        free = {n.name: _quantity(n.detail["allocatable"].get(res, 0)) - used[res].get(n.name, 0.0)
                for n in g.by_kind("Node") if not n.missing and n.phase == "Ready" and not n.detail["unschedulable"]
                and _placement_fits(spec, n.labels) and all(
                    t.get("effect") not in ("NoSchedule", "NoExecute") or tolerated(t, tolerations)
                    for t in n.detail["taints"])}
        if not want or not free:
            continue
        # the scheduler's word that every such node is short; of the DaemonSets on all of them, the one asking most,
        # when without its pod the pod would fit on one of them (a log or metrics agent whose request was raised)
        agents = [(_requests(g.nodes[ds].detail.get("containers") or [], res), ds) for ds, on in agents_on.items()
                  if set(free) <= on]
        need, ds_uid = max(agents, default=(0.0, ""))
        if need >= want / 4 and any(f + need >= want for f in free.values()):
            out.append((p.uid, ds_uid, json.dumps({"res": res, "want": want, "free": max(free.values()),
                                                   "need": need, "nodes": sorted(free)})))
    return out


def _meta(o: dict) -> tuple[str, str, dict]:
    m = o.get("metadata") or {}
    return m.get("namespace") or "", m.get("name") or "", m


def _created(o: dict) -> str:
    """The object's creationTimestamp as written ("" when none)."""
    return (o.get("metadata") or {}).get("creationTimestamp") or ""


def _containers(spec: dict) -> list[dict]:
    out = []
    inits = spec.get("initContainers") or []
    for i, c in enumerate(inits + (spec.get("containers") or [])):
        res = c.get("resources") or {}
        out.append({"name": c.get("name"), "image": c.get("image"), "requests": res.get("requests") or {},
                    **({"init": True} if i < len(inits) else {}),
                    "limits": res.get("limits") or {},
                    "ports": [p.get("containerPort") for p in c.get("ports") or []],
                    "port_names": [p.get("name") for p in c.get("ports") or [] if p.get("name")],
                    "port_map": {p["name"]: p.get("containerPort") for p in c.get("ports") or [] if p.get("name")},
                    "readiness": bool(c.get("readinessProbe")), "liveness": bool(c.get("livenessProbe"))})
    return out


def _invocation(c: dict) -> str:
    """A container's command line and literal env values: where a client names the server it connects to."""
    return " ".join(map(str, (c.get("command") or []) + (c.get("args") or []) +
                        [e.get("value") for e in c.get("env") or [] if e.get("value") is not None]))


def _refs(spec: dict) -> dict[str, dict[str, set]]:
    """What a pod spec references: {"ConfigMap": {name: {keys}}, "Secret": ..., "PersistentVolumeClaim": ...}."""
    out: dict[str, dict[str, set]] = {"ConfigMap": {}, "Secret": {}, "PersistentVolumeClaim": {}, "pull": {}}
    for v in spec.get("volumes") or []:
        if v.get("configMap") and not v["configMap"].get("optional"):
            out["ConfigMap"].setdefault(v["configMap"].get("name"), set()).update(
                i.get("key") for i in v["configMap"].get("items") or [])
        if v.get("secret") and not v["secret"].get("optional"):
            out["Secret"].setdefault(v["secret"].get("secretName"), set()).update(
                i.get("key") for i in v["secret"].get("items") or [])
        if v.get("persistentVolumeClaim"):
            out["PersistentVolumeClaim"].setdefault(v["persistentVolumeClaim"].get("claimName"), set())
    for c in (spec.get("initContainers") or []) + (spec.get("containers") or []):
        for e in c.get("env") or []:
            src = e.get("valueFrom") or {}
            for kind, ref in (("ConfigMap", src.get("configMapKeyRef")), ("Secret", src.get("secretKeyRef"))):
                if ref and not ref.get("optional"):
                    out[kind].setdefault(ref.get("name"), set()).add(ref.get("key"))
        for e in c.get("envFrom") or []:
            for kind, ref in (("ConfigMap", e.get("configMapRef")), ("Secret", e.get("secretRef"))):
                if ref and not ref.get("optional"):
                    out[kind].setdefault(ref.get("name"), set())
    for s in spec.get("imagePullSecrets") or []:
        out["pull"].setdefault(s.get("name"), set())
    return out


def _files_read(spec: dict, said: str) -> list[tuple[str, str, str]]:
    """(kind, name, key) for each file of a whole mounted ConfigMap/Secret volume that the pod's failure names
    ("cannot read /var/run/secrets/db/password": the Secret mounted there must have the key "password")."""
    volumes = {}
    for v in spec.get("volumes") or []:
        if (v.get("secret") or {}).get("secretName") and not v["secret"].get("items"):
            volumes[v.get("name")] = ("Secret", v["secret"]["secretName"])
        elif (v.get("configMap") or {}).get("name") and not v["configMap"].get("items"):
            volumes[v.get("name")] = ("ConfigMap", v["configMap"]["name"])
    out = []
    for c in (spec.get("initContainers") or []) + (spec.get("containers") or []) if volumes and said else []:
        for m in c.get("volumeMounts") or []:
            if m.get("name") in volumes and m.get("mountPath") and not m.get("subPath"):
                for f in re.findall(re.escape(m["mountPath"].rstrip("/")) + r"/([\w.-]+)", said):
                    out.append((*volumes[m["name"]], f))
    return out


def _ended(st: dict) -> datetime | None:
    """When a pod in a final phase stopped: its containers' last finish, else its conditions' last change."""
    times = [ts(((cs.get("state") or {}).get("terminated") or {}).get("finishedAt"))
             for cs in (st.get("initContainerStatuses") or []) + (st.get("containerStatuses") or [])]
    times = [t for t in times if t] or [t for t in (ts(c.get("lastTransitionTime")) for c in st.get("conditions") or []) if t]
    return max(times) if times else None


def _pod_state(o: dict, now: datetime | None = None) -> tuple[str, list[str], dict, dict]:
    st = o.get("status") or {}
    reasons, messages, restarts = [], [], 0
    if st.get("phase") in ("Failed", "Succeeded") and now:
        ended = _ended(st)
        if ended and (now - ended).total_seconds() > RECENT_S:  # evicted days ago, a Job pod that failed last week:
            conds = {c.get("type"): c.get("status") for c in st.get("conditions") or [] if c.get("type")}
            words = [t["message"] for cs in st.get("containerStatuses") or []
                     for t in [((cs.get("state") or {}).get("terminated") or {})] if t.get("message")]
            return st["phase"], [], conds, {"messages": [], "restarts": 0, "ended_long_ago": True,  # history
                                            "last_words": words}  # (what a schedule's failed run said)
    ready_cond = any(c.get("type") == "Ready" and c.get("status") == "True" for c in st.get("conditions") or [])
    for cs in (st.get("initContainerStatuses") or []) + (st.get("containerStatuses") or []):
        restarts += cs.get("restartCount") or 0
        done = ((cs.get("state") or {}).get("terminated") or {}).get("reason") == "Completed"  # a finished init container
        for part in ("state", "lastState") if cs.get("ready") is False and not done else ("state",):
            for phase, s in (cs.get(part) or {}).items():
                ended = ts((s or {}).get("finishedAt")) if part == "lastState" else None
                if ended and now and (now - ended).total_seconds() > RECENT_S and "running" in (cs.get("state") or {}):
                    continue  # an old exit of a container that has run since: history, not why it fails now
                r = (s or {}).get("reason")
                if r and not (phase == "terminated" and r == "Completed"):
                    reasons.append(r)
                if (s or {}).get("message"):
                    messages.append(s["message"])
        if cs.get("ready") is False and not done and not ready_cond and st.get("phase") == "Running" \
                and "NotReady" not in reasons:
            reasons.append("NotReady")
    if st.get("reason"):
        reasons.append(st["reason"])
    if st.get("message"):
        messages.append(st["message"])
    conds = {c.get("type"): c.get("status") for c in st.get("conditions") or [] if c.get("type")}
    unready = next((ts(c.get("lastTransitionTime")) for c in st.get("conditions") or []
                    if c.get("type") == "Ready" and c.get("status") != "True"), None)
    chronic = bool(unready and now and (now - unready).total_seconds() > CHRONIC_S)
    for c in st.get("conditions") or []:
        if c.get("status") == "False" and c.get("reason"):
            reasons.append(c["reason"])
            if c.get("message"):
                messages.append(c["message"])
    return st.get("phase") or "", list(dict.fromkeys(reasons)), conds, {"messages": messages, "restarts": restarts,
                                                                       "chronic": chronic}


def build(snap: Snapshot) -> Graph:
    """The state graph of a snapshot (pure Python; graph.py loads it into the graph database)."""
    g = Graph()
    loaded = set(snap.objects)
    by_key: dict[str, str] = {}

    def add(kind: str, o: dict, **state) -> Node:
        ns, name, m = _meta(o)
        uid = m.get("uid") or key(kind, ns, name)
        if uid in g.nodes:  # a hand-edited file can repeat a uid; the API never does
            uid = key(kind, ns, name)
        n = Node(kind, uid, ns if kind in NAMESPACED else "", name, labels=dict(m.get("labels") or {}), **state)
        g.nodes[uid] = n
        by_key[key(kind, n.namespace, name)] = uid
        return n

    def ref(kind: str, ns: str, name: str) -> str | None:
        """The uid of an object, or of a placeholder for one the snapshot lacks (None if its kind is not loaded)."""
        k = key(kind, ns, name)
        if k in by_key:
            return by_key[k]
        if kind not in loaded or not name:
            return None
        n = Node(kind, "missing:" + k, ns if kind in NAMESPACED else "", name, phase="Missing", missing=True)
        g.nodes[n.uid] = n
        by_key[k] = n.uid
        return n.uid

    def edge(rel: str, a: str | None, b: str | None, detail: str = "") -> None:
        if a and b and (rel, g.nodes[a].kind, g.nodes[b].kind) in _PAIRS:
            g.edges.append((rel, a, b, detail))

    times = []
    for kind, items in snap.objects.items():
        for o in items:
            times.append(ts((o.get("metadata") or {}).get("creationTimestamp")))
            if kind == "Event":
                times.append(ts(o.get("lastTimestamp") or o.get("eventTime")))
    g.now = max((t for t in times if t), default=datetime.now(timezone.utc))

    # --- nodes -------------------------------------------------------------------------
    for o in snap.items("Namespace"):
        add("Namespace", o, phase=(o.get("status") or {}).get("phase", "Active"), detail={"injects": _injects(o),
                                                                                          "nodeSelector": _project_selector(o), "created": _created(o)})
    for o in snap.items("Node"):
        st = o.get("status") or {}
        conds = {c.get("type"): c.get("status") for c in st.get("conditions") or []}
        bad = [t for t, s in conds.items() if (t == "Ready" and s != "True") or (t != "Ready" and s == "True")]
        add("Node", o, phase="Ready" if conds.get("Ready") == "True" else "NotReady",
            reasons=[("NotReady" if t == "Ready" else t) for t in bad], conditions=conds,
            detail={"messages": [c.get("message") for c in st.get("conditions") or []
                                 if c.get("type") in bad and c.get("message")],
                    "labels": dict((o.get("metadata") or {}).get("labels") or {}),"taints": (o.get("spec") or {}).get("taints") or [], "allocatable": st.get("allocatable") or {},
                    "unschedulable": bool((o.get("spec") or {}).get("unschedulable")), "created": _created(o)})
    for o in snap.items("Pod"):
        phase, reasons, conds, extra = _pod_state(o, g.now)
        spec = o.get("spec") or {}
        statuses = (o.get("status") or {}).get("containerStatuses") or []
        if any(((c.get("state") or {}).get("terminated") or {}).get("exitCode") == 0 for c in statuses):
            extra["outlived_by"] = [c.get("name") for c in statuses if "running" in (c.get("state") or {})]  # sidecars
        add("Pod", o, phase=phase, reasons=reasons, conditions=conds, detail={
            **extra, "containers": _containers(spec), "nodeSelector": spec.get("nodeSelector") or {},
            "tolerations": spec.get("tolerations") or [], "node": spec.get("nodeName") or "",
            "serviceAccount": spec.get("serviceAccountName") or "default", "dnsPolicy": spec.get("dnsPolicy") or "",
            "scheduler": spec.get("schedulerName") or "default-scheduler", "created": _created(o),
            "env_names": sorted({e.get("name") for c in spec.get("containers") or [] for e in c.get("env") or []}),
            "env": {e.get("name"): e.get("value") for c in spec.get("containers") or [] for e in c.get("env") or []
                    if e.get("value") is not None}})
    for kind in ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob"):
        for o in snap.items(kind):
            spec, st = o.get("spec") or {}, o.get("status") or {}
            tmpl = ((spec.get("jobTemplate") or {}).get("spec") or spec).get("template") or {}
            conds = {c.get("type"): c.get("status") for c in st.get("conditions") or []}
            want = spec.get("replicas", st.get("desiredNumberScheduled", 1))
            ready = st.get("readyReplicas", st.get("numberReady", st.get("succeeded", 0))) or 0
            reasons = [c.get("reason") for c in st.get("conditions") or []
                       if c.get("status") == ("True" if c.get("type") in ("ReplicaFailure", "Failed") else "False")
                       and c.get("reason")]
            phase = "Ready" if kind in ("Job", "CronJob") or (ready or 0) >= (want or 0) else "Degraded"
            if kind == "CronJob" and spec.get("suspend"):
                phase = "Suspended"
                reasons.append("Suspended")
            failed = next((c for c in st.get("conditions") or [] if c.get("type") == "Failed" and c.get("status") == "True"), None)
            if kind == "Job" and failed:
                phase = "Failed"
                when = ts(failed.get("lastTransitionTime"))
                reasons.append("JobFailed" if (when and (g.now - when).total_seconds() <= RECENT_S) else "JobFailedLongAgo")
            add(kind, o, phase=phase, reasons=reasons, conditions=conds, detail={
                "replicas": want, "ready": ready, "containers": _containers(tmpl.get("spec") or {}),
                "created": _created(o), "generation": (o.get("metadata") or {}).get("generation") or 1,
                "selector": (spec.get("selector") or {}), "template_labels": (tmpl.get("metadata") or {}).get("labels") or {},
                "serviceAccount": (tmpl.get("spec") or {}).get("serviceAccountName") or "default",
                "templateSelector": (tmpl.get("spec") or {}).get("nodeSelector") or {},
                "messages": [c.get("message") for c in st.get("conditions") or [] if c.get("message")],
                **({"schedule": spec.get("schedule"), "lastScheduleTime": st.get("lastScheduleTime"),
                    "lastSuccessfulTime": st.get("lastSuccessfulTime"),
                    "deadline": ((spec.get("jobTemplate") or {}).get("spec") or {}).get("activeDeadlineSeconds"),
                    "concurrency": spec.get("concurrencyPolicy") or "Allow",
                    "active": [a.get("name") for a in st.get("active") or []]}
                   if kind == "CronJob" else {}),
                **({"started": st.get("startTime"), "completed": st.get("completionTime"), "running": st.get("active") or 0,
                    "age_s": round((g.now - ts(st["startTime"])).total_seconds()) if ts(st.get("startTime")) else None}
                   if kind == "Job" else {}),
                **({"invocation": " ".join(_invocation(c) for c in (tmpl.get("spec") or {}).get("containers") or [])}
                   if kind in ("CronJob", "Deployment", "StatefulSet", "Job") else {}),
                **({"tolerations": (tmpl.get("spec") or {}).get("tolerations") or [],
                    "nodeSelector": (tmpl.get("spec") or {}).get("nodeSelector") or {}, "agent": _node_agent(tmpl),
                    "sysctls": _sysctls(tmpl)}
                   if kind == "DaemonSet" else {})})
    for o in snap.items("Service"):
        spec = o.get("spec") or {}
        add("Service", o, phase="Active", detail={"selector": spec.get("selector"), "type": spec.get("type", "ClusterIP"),
            "custom_owner": _custom_owner(o), "headless": spec.get("clusterIP") == "None", "clusterIP": spec.get("clusterIP"),
            # the cluster's DNS (kube-dns / CoreDNS): every pod asks it, rules read whether it answers
            "cluster_dns": _meta(o)[0] == "kube-system" and ((spec.get("selector") or {}).get("k8s-app") == "kube-dns"
                                                             or _meta(o)[1] in ("kube-dns", "coredns")),
            "publishNotReady": bool(spec.get("publishNotReadyAddresses")),
            "internalTrafficPolicy": spec.get("internalTrafficPolicy") or "Cluster",
            "externalName": spec.get("externalName"),
            "lb_address": bool(((o.get("status") or {}).get("loadBalancer") or {}).get("ingress")),
            "lb_notes": {k: v for k, v in ((o.get("metadata") or {}).get("annotations") or {}).items() if "load-balancer" in k},
            "ports": [{"port": p.get("port"), "targetPort": p.get("targetPort", p.get("port")), "name": p.get("name")}
                      for p in spec.get("ports") or []]})
    for o in snap.items("Endpoints"):
        ready = sum(len(s.get("addresses") or []) for s in o.get("subsets") or [])
        notready = sum(len(s.get("notReadyAddresses") or []) for s in o.get("subsets") or [])
        addresses = [a.get("ip") for s in o.get("subsets") or [] for a in s.get("addresses") or [] if a.get("ip")]
        targets = sum(1 for s in o.get("subsets") or [] for a in s.get("addresses") or [] if a.get("targetRef"))
        add("Endpoints", o, phase="Ready" if ready else "Empty",
            detail={"ready": ready, "notReady": notready, "addresses": addresses[:20], "targets": targets,
                    "ports": sorted({p.get("port") for s in o.get("subsets") or [] for p in s.get("ports") or []
                                     if isinstance(p.get("port"), int)})})
    for o in snap.items("EndpointSlice"):
        eps = o.get("endpoints") or []
        ready = sum(1 for e in eps if (e.get("conditions") or {}).get("ready", True))
        add("EndpointSlice", o, phase="Ready" if ready else "Empty", detail={
            "ready": ready, "addresses": [a for e in eps for a in e.get("addresses") or []][:20],
            "ports": [p.get("port") for p in o.get("ports") or []]})
    for o in snap.items("PersistentVolumeClaim"):
        spec, st = o.get("spec") or {}, o.get("status") or {}
        add("PersistentVolumeClaim", o, phase=st.get("phase", ""), detail={
            "storageClass": spec.get("storageClassName"), "volumeName": spec.get("volumeName") or "",
            "request": ((spec.get("resources") or {}).get("requests") or {}).get("storage"),
            "capacity": (st.get("capacity") or {}).get("storage")})
    for o in snap.items("PersistentVolume"):
        spec, st = o.get("spec") or {}, o.get("status") or {}
        claim = spec.get("claimRef") or {}
        terms = (((spec.get("nodeAffinity") or {}).get("required") or {}).get("nodeSelectorTerms") or [])
        add("PersistentVolume", o, phase=st.get("phase", ""), detail={
            "storageClass": spec.get("storageClassName"), "capacity": (spec.get("capacity") or {}).get("storage"),
            "nodeTerms": terms, "claim_uid": claim.get("uid") or "",
            "claim": f"{claim.get('namespace', '')}/{claim.get('name', '')}" if claim else "",
            "mountOptions": spec.get("mountOptions") or [], "source": _volume_source(spec), "created": _created(o)})
    for o in snap.items("StorageClass"):
        add("StorageClass", o, phase="Active", detail={"provisioner": o.get("provisioner"),
                                                      "mountOptions": o.get("mountOptions") or [],
                                                      "binding": o.get("volumeBindingMode") or "Immediate",
                                                      "default": _default_mark(o), "created": _created(o),
                                                      "parameters": {k: str(v) for k, v in (o.get("parameters") or {}).items()}})
    for o in snap.items("ConfigMap"):
        data = {k: str(v)[:2000] for k, v in (o.get("data") or {}).items()}
        add("ConfigMap", o, phase="Active", detail={"keys": sorted(data), "data": data})
    for o in snap.items("Secret"):
        notes = (o.get("metadata") or {}).get("annotations") or {}
        add("Secret", o, phase="Active", detail={"keys": redact_secret(o)["keys"], "type": o.get("type", ""),
                                                 # renewed by cert-manager: it names the Certificate it comes from
                                                 "certificate": notes.get("cert-manager.io/certificate-name") or "",
                                                 "created": _created(o)})
    for o in snap.items("Ingress"):
        add("Ingress", o, phase="Active")
    for o in snap.items("NetworkPolicy"):
        spec = o.get("spec") or {}
        add("NetworkPolicy", o, phase="Active", detail={
            "podSelector": spec.get("podSelector") or {}, "ingress": spec.get("ingress"), "egress": spec.get("egress"),
            "policyTypes": spec.get("policyTypes") or (["Ingress"] + (["Egress"] if spec.get("egress") else [])),
            "created": _created(o)})
    for o in snap.items("ServiceAccount"):
        ids = {k: v for k, v in ((o.get("metadata") or {}).get("annotations") or {}).items() if k in CLOUD_IDENTITY}
        add("ServiceAccount", o, phase="Active", detail={"automount": o.get("automountServiceAccountToken"),
                                                        "cloud_identity": ids})
    for o in snap.items("ResourceQuota"):
        st = o.get("status") or {}
        hard, used = st.get("hard") or (o.get("spec") or {}).get("hard") or {}, st.get("used") or {}
        add("ResourceQuota", o, phase="Active", detail={"hard": hard, "used": used,
                                                        "created": _created(o)})
    for o in snap.items("Event"):
        when = ts(o.get("lastTimestamp") or o.get("eventTime") or (o.get("metadata") or {}).get("creationTimestamp"))
        age = (g.now - when).total_seconds() if when else 1e9
        inv = o.get("involvedObject") or o.get("regarding") or {}
        add("Event", o, phase=o.get("type", "Normal"), reasons=[o.get("reason") or ""], detail={
            "message": (o.get("message") or o.get("note") or "")[:1000], "count": o.get("count") or 1,
            "age_s": age, "recent": age <= RECENT_S, "object": f"{inv.get('kind')}/{inv.get('namespace', '')}/{inv.get('name')}"})

    # --- edges -------------------------------------------------------------------------
    owners = {}
    for kind, items in snap.objects.items():
        for o in items:
            ns, name, m = _meta(o)
            uid = by_key.get(key(kind, ns if kind in NAMESPACED else "", name))
            if kind in NAMESPACED and kind != "Event" and ns:
                edge("IN_NAMESPACE", uid, by_key.get(key("Namespace", "", ns)))
            for ref_ in m.get("ownerReferences") or []:
                owner = by_key.get(key(ref_.get("kind"), ns, ref_.get("name"))) or \
                    (ref_.get("uid") if ref_.get("uid") in g.nodes else None)
                edge("OWNS", owner, uid)
                owners[uid] = owner
    runs: dict[str, list[Node]] = {}
    for j in g.by_kind("Job"):
        if owners.get(j.uid) and g.nodes[owners[j.uid]].kind == "CronJob":
            runs.setdefault(owners[j.uid], []).append(j)
    for cj_uid, jobs in runs.items():  # the schedule's latest runs that failed, newest last
        jobs.sort(key=lambda j: j.detail.get("created") or "")
        _not_firing(g.nodes[cj_uid], jobs, g.now)
        failed = []
        for j in reversed(jobs):
            if j.phase != "Failed":
                break
            failed.append(j)
        if failed:
            cj = g.nodes[cj_uid]
            cj.reasons.append("RunsFailing")
            said = {}  # the runs' pods' last words
            for p, o in owners.items():
                if g.nodes[p].kind == "Pod" and o in {j.uid for j in failed}:
                    d = g.nodes[p].detail
                    said.setdefault(o, []).extend(m for m in (d.get("messages") or d.get("last_words") or []) if m.strip())
            cj.detail["failed_runs"] = [{"job": j.name, "reasons": [r for r in j.reasons if not r.startswith("JobFailed")],
                                         "messages": list(dict.fromkeys((j.detail.get("messages") or []) +
                                                                        said.get(j.uid, [])))} for j in reversed(failed)]
    nodes = g.by_kind("Node")
    jobs_by_ns: dict[str, list[Node]] = {}
    for j in g.by_kind("Job"):
        jobs_by_ns.setdefault(j.namespace, []).append(j)
    cluster_dns = [s.uid for s in g.by_kind("Service") if s.detail["cluster_dns"]]
    for o in snap.items("Pod"):
        ns, name, _ = _meta(o)
        uid = by_key[key("Pod", ns, name)]
        spec = o.get("spec") or {}
        if spec.get("nodeName"):
            edge("SCHEDULED_ON", uid, ref("Node", "", spec["nodeName"]))
        elif spec.get("nodeSelector"):
            for n in nodes:
                if selects(spec["nodeSelector"], n.labels):
                    edge("SELECTS_NODE", uid, n.uid)
        else:  # the node the scheduler chose and names in its failure (volume binding on that node failed)
            said = " ".join(g.nodes[uid].detail.get("messages") or [])
            for n in nodes if said else []:
                if re.search(rf"(?<![\w.-]){re.escape(n.name)}(?![\w-])", said):
                    edge("SELECTS_NODE", uid, n.uid)
        twin = None if spec.get("nodeName") else unlabelled_twin(spec, nodes)
        if twin:
            edge("MISSES_NODE", uid, twin[0].uid, twin[1])
        refs, configs = _refs(spec), []
        for kind, name_, key_ in _files_read(spec, " ".join(g.nodes[uid].detail.get("messages") or [])):
            refs[kind].setdefault(name_, set()).add(key_)  # a file its failure names is a key it reads
        for kind in ("ConfigMap", "Secret", "PersistentVolumeClaim"):
            rel = {"ConfigMap": "USES_CONFIG", "Secret": "USES_SECRET", "PersistentVolumeClaim": "MOUNTS"}[kind]
            for rname, keys in refs[kind].items():
                target = ref(kind, ns, rname)
                edge(rel, uid, target, ",".join(sorted(k for k in keys if k)))
                if kind == "ConfigMap" and target:
                    configs.append(target)
        for rname in refs["pull"]:
            edge("USES_SECRET", uid, ref("Secret", ns, rname), "imagePull")
        waits = " ".join(" ".join(map(str, (c.get("command") or []) + (c.get("args") or [])))
                         for c in spec.get("initContainers") or [])
        for job in jobs_by_ns.get(ns, []) if waits else []:
            if re.search(rf"(?<![\w-]){re.escape(job.name)}(?![\w-])", waits):
                edge("WAITS_FOR", uid, job.uid)
        if _SCHEMA_MISSING.search(" ".join(g.nodes[uid].detail.get("messages") or [])):
            # the database's schema is not what the app expects: the migration Jobs of the same application
            own = tokens(name) - _SCHEMA_GENERIC
            for job in jobs_by_ns.get(ns, []):
                if (own & tokens(job.name) - _SCHEMA_GENERIC) and _MIGRATION.search(job.name + " " + json.dumps(
                        job.detail.get("containers") or [])):
                    edge("NEEDS_SCHEMA", uid, job.uid)
        edge("USES_ACCOUNT", uid, ref("ServiceAccount", ns, spec.get("serviceAccountName") or "default"))
        text = " ".join(str(v) for v in g.nodes[uid].detail["env"].values())
        text += " " + " ".join(" ".join(g.nodes[u].detail.get("data", {}).values()) for u in configs)
        text += " " + " ".join(g.nodes[uid].detail.get("messages") or [])  # hosts its failure names (a URI in a Secret)
        for host in set(_HOST.findall(text.lower())):
            svc_name, svc_ns = service_of(host, ns)
            edge("CONNECTS_TO", uid, by_key.get(key("Service", svc_ns, svc_name)))
        if DNS_FAILURE.search(" ".join(g.nodes[uid].detail.get("messages") or [])):
            for dns in cluster_dns:  # a name it cannot resolve: it asks the cluster's DNS
                edge("CONNECTS_TO", uid, dns)
    # a schedule's runs and a workload's replicas are clients (a dump, a worker pool that connects to the database)
    for cj in g.by_kind("CronJob") + g.by_kind("Deployment") + g.by_kind("StatefulSet") + g.by_kind("Job"):
        for host in set(_HOST.findall((cj.detail.get("invocation") or "").lower())):
            svc_name, svc_ns = service_of(host, cj.namespace)
            target = by_key.get(key("Service", svc_ns, svc_name))
            if target and not (cj.kind != "CronJob" and svc_ns == cj.namespace and svc_name == cj.name):
                edge("CONNECTS_TO", cj.uid, target)  # (a database naming its own Service is no client of it)
    pods_by_ns: dict[str, list[Node]] = {}
    by_label: dict[tuple[str, str, str], list[Node]] = {}
    for p in g.by_kind("Pod"):
        pods_by_ns.setdefault(p.namespace, []).append(p)
        for k, v in p.labels.items():
            by_label.setdefault((p.namespace, k, v), []).append(p)

    def selected(ns: str, selector: dict | None) -> list[Node]:
        """Pods of a namespace a selector picks; candidates from the label index, then checked."""
        if selector is None:
            return []
        plain = selector.get("matchLabels") if ("matchLabels" in selector or "matchExpressions" in selector) else selector
        pool = by_label.get((ns, *next(iter(plain.items()))), []) if plain else pods_by_ns.get(ns, [])
        return [p for p in pool if selects(selector, p.labels)]

    workloads: dict[str, list[Node]] = {}
    for k in ("Deployment", "StatefulSet", "DaemonSet"):
        for w in g.by_kind(k):
            workloads.setdefault(w.namespace, []).append(w)
    targets: dict[tuple[str, str], set[str]] = {}  # a selector-less Service's pods, as its Endpoints name them
    for o in snap.items("Endpoints"):
        ns, name, _ = _meta(o)
        targets[(ns, name)] = {a["targetRef"].get("name") for sub in o.get("subsets") or []
                               for a in (sub.get("addresses") or []) + (sub.get("notReadyAddresses") or [])
                               if (a.get("targetRef") or {}).get("kind") == "Pod"}
    for svc in g.by_kind("Service"):
        # a selector-less Service whose Endpoints a controller writes (Patroni's leader Service): the pods they name
        if not svc.missing and not svc.detail.get("selector"):
            for name in sorted(targets.get((svc.namespace, svc.name), ())):
                edge("SELECTS", svc.uid, by_key.get(key("Pod", svc.namespace, name)), "endpoints")
        if svc.detail["selector"]:
            for p in selected(svc.namespace, svc.detail["selector"]):
                edge("SELECTS", svc.uid, p.uid)
            for w in workloads.get(svc.namespace, []):
                tmpl = w.detail.get("template_labels") or {}
                if selects(svc.detail["selector"], tmpl):
                    edge("SELECTS_TEMPLATE", svc.uid, w.uid)
                elif _runtime_labels(svc.detail["selector"], tmpl):
                    edge("SELECTS_TEMPLATE", svc.uid, w.uid, "runtime")
    for ds in g.by_kind("DaemonSet"):
        if ds.detail.get("agent"):
            on = {g.nodes[p].detail.get("node") for p, o in owners.items() if o == ds.uid and g.nodes[p].kind == "Pod"}
            # (a node-tuning agent matters wherever it is missing, even when it runs nowhere)
            for n in nodes if on - {""} or ds.detail["agent"] == "sysctl" else []:
                if n.name not in on:
                    edge("MISSES_AGENT", n.uid, ds.uid)
    for p_uid, ds_uid, detail in _squeezed(snap, g, by_key, owners):
        edge("SQUEEZED_BY", p_uid, ds_uid, detail)
    for cm in g.by_kind("ConfigMap"):  # hosts lines that pin a Service's DNS name to an address not its own
        for ip, name in _HOSTS_LINE.findall("\n".join((cm.detail.get("data") or {}).values())):
            svc = g.nodes.get(by_key.get(key("Service", name.split(".")[1], name.split(".")[0]), ""))
            if svc is not None and svc.detail.get("clusterIP") not in (ip, None, "None"):
                edge("PINNED_IN", svc.uid, cm.uid, f"{ip} {name}")
    for cj in g.by_kind("CronJob"):  # the Secrets its runs (re)create: kubectl create secret docker-registry NAME
        for name in set(_WRITTEN_SECRET.findall(cj.detail.get("invocation") or "")):
            if key("Secret", cj.namespace, name) in by_key:
                edge("WRITES_SECRET", cj.uid, by_key[key("Secret", cj.namespace, name)])
    for kind in ("Endpoints", "EndpointSlice"):
        for n in g.by_kind(kind):
            svc = n.labels.get("kubernetes.io/service-name") if kind == "EndpointSlice" else n.name
            edge("ENDPOINTS_OF", n.uid, by_key.get(key("Service", n.namespace, svc or "")))
            for s in [] if svc or kind == "Endpoints" else g.by_kind("Service"):
                if s.namespace == n.namespace and not s.missing and not s.detail["selector"] and \
                        not s.detail["externalName"] and (n.name == s.name or n.name.startswith(s.name + "-")):
                    edge("ENDPOINTS_OF", n.uid, s.uid, UNLABELLED_SLICE)  # written by hand for it, named after it
    for o in snap.items("Ingress"):
        ns, name, _ = _meta(o)
        ing = by_key[key("Ingress", ns, name)]
        for backend, port in _ingress_backends(o.get("spec") or {}).items():
            target = ref("Service", ns, backend)
            edge("ROUTES_TO", ing, target, port)
            svc = g.nodes.get(target) if target else None
            if svc is not None and not svc.missing and port:  # a port the Service does not expose
                offered = {str(p.get("port")) for p in svc.detail.get("ports") or []} | \
                    {str(p.get("name")) for p in svc.detail.get("ports") or [] if p.get("name")}
                bad = [x for x in port.split(",") if x not in offered]
                if bad:
                    g.nodes[ing].detail.setdefault("unserved", []).append({"service": backend, "ports": bad,
                                                                           "offered": sorted(offered)})
    _mark_unadmitted(snap, g, by_key)
    operators = [w for w in g.by_kind("Deployment") if _operator_like(w)]
    for svc in g.by_kind("Service"):
        for w in _operators_of(svc.detail.get("custom_owner") or "", operators):
            edge("MANAGED_BY", svc.uid, w.uid)
    for o in snap.items("StorageClass"):
        sc = by_key[key("StorageClass", "", _meta(o)[1])]
        for kind, w in _provisioners(snap, o.get("provisioner") or ""):
            ns, name, _ = _meta(w)
            edge("PROVISIONED_BY", sc, by_key.get(key(kind, ns, name)))
    for np_ in g.by_kind("NetworkPolicy"):
        for p in selected(np_.namespace, np_.detail["podSelector"]):
            edge("APPLIES_TO", np_.uid, p.uid)
    for q in g.by_kind("ResourceQuota"):
        edge("LIMITS", q.uid, by_key.get(key("Namespace", "", q.namespace)))
    classes = [c for c in g.by_kind("StorageClass") if not c.missing]
    for o in snap.items("PersistentVolumeClaim"):
        ns, name, _ = _meta(o)
        uid = by_key[key("PersistentVolumeClaim", ns, name)]
        spec = o.get("spec") or {}
        if spec.get("volumeName"):
            edge("BINDS", uid, ref("PersistentVolume", "", spec["volumeName"]))
        if spec.get("storageClassName"):
            edge("USES_CLASS", uid, ref("StorageClass", "", spec["storageClassName"]))
        elif spec.get("storageClassName") is None and not spec.get("volumeName") and not any(
                c.detail["default"] == "true" for c in classes):
            for c in classes:  # no class asked and none marked default: the classes that could be the default
                if c.detail["default"] != "false":
                    edge("USES_CLASS", uid, c.uid, NO_CLASS_SET)
    for o in snap.items("PersistentVolume"):
        spec = o.get("spec") or {}
        pv = by_key[key("PersistentVolume", "", _meta(o)[1])]
        if spec.get("storageClassName"):
            edge("USES_CLASS", pv, ref("StorageClass", "", spec["storageClassName"]))
        for kind, w in _provisioners(snap, (spec.get("csi") or {}).get("driver") or ""):
            wns, _, _ = _meta(w)
            account = (((w.get("spec") or {}).get("template") or {}).get("spec") or {}).get("serviceAccountName")
            edge("DRIVEN_AS", pv, ref("ServiceAccount", wns, account or "default"))
        claim = spec.get("claimRef") or {}
        pvc = by_key.get(key("PersistentVolumeClaim", claim.get("namespace") or "", claim.get("name") or ""))
        if pvc and not g.nodes[pvc].detail.get("volumeName"):  # a static volume reserved for a claim by name
            edge("BINDS", pvc, pv, "claimRef")
        for term in g.nodes[pv].detail["nodeTerms"]:
            for n in nodes:
                if selects({"matchExpressions": term.get("matchExpressions") or []}, n.labels):
                    edge("PINNED_TO", pv, n.uid)
    for kind in ("ReplicaSet", "StatefulSet", "DaemonSet", "CronJob"):
        for o in snap.items(kind):
            ns, name, _ = _meta(o)
            uid = by_key[key(kind, ns, name)]
            edge("USES_ACCOUNT", uid, ref("ServiceAccount", ns, g.nodes[uid].detail["serviceAccount"]))
            for t in (o.get("spec") or {}).get("volumeClaimTemplates") or []:
                for p in _pvcs_named(g, ns, f"{t['metadata']['name']}-{name}-"):
                    edge("CLAIMS", uid, p)
    for sa in snap.items("ServiceAccount"):
        ns, name, _ = _meta(sa)
        for s in sa.get("imagePullSecrets") or []:
            edge("USES_SECRET", by_key[key("ServiceAccount", ns, name)], ref("Secret", ns, s.get("name")), "imagePull")
    for ev in g.by_kind("Event"):
        k, ns, name = ev.detail["object"].split("/", 2)
        edge("EVENT_OF", ev.uid, by_key.get(key(k, ns if k in NAMESPACED else "", name)))
    return g


_CNI = re.compile(r"\bcni\b|\b(?:calico|cilium|flannel|weave|canal|antrea|kube-router|aws-node|azure-cni|ovn|multus)\b")


_CSI_NODE = re.compile(r"csi-node-driver-registrar|node-driver-registrar|/var/lib/kubelet/plugins")


def _node_agent(template: dict) -> str:
    """What a DaemonSet's pods are to a node: "cni" (a network plugin: it writes /etc/cni/net.d or /opt/cni/bin, or
    is a known plugin), "csi" (a CSI node plugin: it registers a driver with the kubelet), or ""."""
    spec = template.get("spec") or {}
    text = " ".join([str((v.get("hostPath") or {}).get("path") or "") for v in spec.get("volumes") or []]
                    + [str(c.get("image") or "") for c in (spec.get("initContainers") or []) + (spec.get("containers") or [])])
    text = text.lower()
    if _CSI_NODE.search(text) or _CNI.search(text):
        return "csi" if _CSI_NODE.search(text) else "cni"
    return "sysctl" if _sysctls(template) else ""


_SYSCTL_KEY = re.compile(r"\b((?:vm|net|kernel|fs)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)")


def _sysctls(template: dict) -> list[str]:
    """The kernel settings a DaemonSet's containers set on their node (sysctl -w vm.max_map_count=262144, or
    echo 262144 > /proc/sys/vm/max_map_count)."""
    spec = template.get("spec") or {}
    cmd = " ".join(" ".join(map(str, (c.get("command") or []) + (c.get("args") or [])))
                   for c in (spec.get("initContainers") or []) + (spec.get("containers") or []))
    keys = set(_SYSCTL_KEY.findall(cmd)) if "sysctl" in cmd else set()
    return sorted(keys | {p.replace("/", ".") for p in re.findall(r"/proc/sys/([a-z0-9_/]+)", cmd)})


def _runtime_labels(selector: dict, template: dict) -> bool:
    """A plain selector that a template matches but for labels the pods get while running (a Patroni or operator
    ``role: master`` label): every key the template has agrees, at least two do, at most two are missing."""
    if not isinstance(selector, dict) or "matchLabels" in selector or "matchExpressions" in selector:
        return False
    shared = [k for k in selector if k in template]
    return len(shared) >= 2 and all(template[k] == selector[k] for k in shared) and 0 < len(selector) - len(shared) <= 2


def _custom_owner(o: dict) -> str:
    """``kind.group`` of the custom resource that owns an object (an operator's Cluster), else ""."""
    for r in (o.get("metadata") or {}).get("ownerReferences") or []:
        group = str(r.get("apiVersion") or "").rpartition("/")[0]
        if "." in group and not group.endswith(".k8s.io"):
            return f"{r.get('kind')}.{group}"
    return ""


def _image_words(image: str) -> str:
    """An image's repository path without its registry host and tag (quay.io/jetstack/cert-manager:v1 ->
    jetstack/cert-manager)."""
    parts = image.split("@")[0].split("/")
    if len(parts) > 1 and ("." in parts[0] or ":" in parts[0]):
        parts = parts[1:]
    return "/".join(parts).rsplit(":", 1)[0]


def _operator_like(w: Node) -> bool:
    text = w.name + " " + " ".join(_image_words(str(c.get("image") or "")) for c in w.detail.get("containers") or [])
    return bool(re.search(r"operator|controller|manager", text.lower()))


def _operators_of(owner: str, operators: list[Node]) -> list[Node]:
    """The operator Deployments that share a distinctive word with the owning resource's kind or API group
    (Cluster.postgresql.cnpg.io -> cnpg-controller-manager; postgresql.acid.zalan.do -> acid/postgres-operator)."""
    if not owner:
        return []
    want = tokens(owner) - {"v1", "cluster", "instance", "database"}

    def shares(words: set[str]) -> bool:
        return any(a == b or (min(len(a), len(b)) >= 5 and (a.startswith(b) or b.startswith(a)))
                   for a in want for b in words)
    return [w for w in operators if shares(tokens(w.name + " " + " ".join(
        _image_words(str(c.get("image") or "")) for c in w.detail.get("containers") or [])))]


def service_of(host: str, ns: str) -> tuple[str, str]:
    """(Service, namespace) a DNS name points at: svc, svc.ns, svc.ns.svc.cluster.local, and a StatefulSet
    pod's own name pod.svc.ns.svc.cluster.local (the headless Service)."""
    parts = host.split(".")
    if "svc" in parts[1:4]:
        i = parts.index("svc", 1)
        return (parts[i - 2], parts[i - 1]) if i >= 2 else (parts[0], ns)
    return parts[0], (parts[1] if len(parts) > 1 else ns)


# the nodeSelector a namespace adds to every pod created in it (the PodNodeSelector admission plugin; OpenShift projects)
_NS_SELECTOR_NOTES = ("scheduler.alpha.kubernetes.io/node-selector", "openshift.io/node-selector")


def _project_selector(o: dict) -> dict:
    notes = (o.get("metadata") or {}).get("annotations") or {}
    said = next((notes[k] for k in _NS_SELECTOR_NOTES if notes.get(k)), "")
    return {k.strip(): v.strip() for k, _, v in (x.partition("=") for x in said.split(",")) if k.strip()}


def _ingress_class(o: dict) -> str:
    notes = (o.get("metadata") or {}).get("annotations") or {}
    return (o.get("spec") or {}).get("ingressClassName") or notes.get("kubernetes.io/ingress.class") or ""


def _mark_unadmitted(snap, g: Graph, by_key: dict) -> None:
    """An Ingress with no address whose class no admitted Ingress has, while controllers do publish addresses for
    the others: no controller serves its class (a typo, a class that was renamed or never installed)."""
    has_address = lambda o: bool(((o.get("status") or {}).get("loadBalancer") or {}).get("ingress"))  # noqa: E731
    ingresses = list(snap.items("Ingress"))
    served = sorted({_ingress_class(o) or "(default)" for o in ingresses if has_address(o)})
    for o in ingresses:
        cls = _ingress_class(o) or "(default)"
        if served and not has_address(o) and cls not in served:
            ns, name, _ = _meta(o)
            detail = g.nodes[by_key[key("Ingress", ns, name)]].detail
            detail["unadmitted"] = {"class": cls, "served": served}
            detail.setdefault("messages", []).append(f"NotAdmitted: no address; class {cls} (served: {', '.join(served)})")


def _volume_source(spec: dict) -> str:
    """Where a PersistentVolume's data lives, in a few words ("nfs 10.0.0.5:/export/pg", "csi ebs.csi.aws.com vol-1")."""
    if spec.get("nfs"):
        return f"nfs {spec['nfs'].get('server', '')}:{spec['nfs'].get('path', '')}"
    if spec.get("csi"):
        return f"csi {spec['csi'].get('driver', '')} {spec['csi'].get('volumeHandle', '')}".strip()
    for kind in ("local", "hostPath"):
        if spec.get(kind):
            return f"{kind} {spec[kind].get('path', '')}"
    return next((k for k in spec if k not in _PV_SPEC_FIELDS), "")


_PV_SPEC_FIELDS = {"accessModes", "capacity", "claimRef", "mountOptions", "nodeAffinity", "persistentVolumeReclaimPolicy",
                   "storageClassName", "volumeMode", "volumeAttributesClassName"}


def _pvcs_named(g: Graph, ns: str, prefix: str) -> Iterable[str]:
    return [n.uid for n in g.by_kind("PersistentVolumeClaim") if n.namespace == ns and n.name.startswith(prefix)
            and n.name[len(prefix):].isdigit()]


def _ingress_backends(spec: dict) -> dict[str, str]:
    """Service name -> the ports the Ingress sends it to (numbers or names, comma-separated)."""
    out: dict[str, list[str]] = {}
    backends = [spec.get("defaultBackend") or {}]
    backends += [p.get("backend") or {} for rule in spec.get("rules") or [] for p in ((rule.get("http") or {}).get("paths") or [])]
    for b in backends:
        svc = b.get("service") or {}
        if svc.get("name"):
            port = svc.get("port") or {}
            out.setdefault(svc["name"], []).append(str(port.get("number") or port.get("name") or ""))
    return {k: ",".join(dict.fromkeys(p for p in v if p)) for k, v in out.items()}


_GENERIC = {"io", "com", "org", "net", "k8s", "csi", "kubernetes", "storage", "driver", "provisioner", "cloud", "x",
            "controller", "plugin", "node", "www"}


# an app that dies because the database schema lacks what it expects (a migration that did not run)
_SCHEMA_MISSING = re.compile(r"missing (?:column|table)|(?:column|relation|table) \S{1,80} does not exist|"
                             r"[Ss]chema[- ]validation|Unknown column|doesn't exist|no such (?:table|column)|"
                             r"[Uu]ndefinedColumn|[Uu]ndefinedTable|pending migrations?|migrations? (?:are )?pending",)
_MIGRATION = re.compile(r"migrat|flyway|liquibase|alembic|schema|dbmate|goose|sqitch|atlas", re.I)
_SCHEMA_GENERIC = {"api", "app", "web", "server", "service", "worker", "db", "job", "migrate", "migration", "migrations",
                   "schema", "prod", "staging", "dev"}


def tokens(text: str) -> set[str]:
    """The distinctive words of a driver, provisioner or workload name (ebs.csi.aws.com -> ebs, aws)."""
    return {t for t in re.split(r"[^a-z0-9]+", text.lower()) if len(t) > 1 and t not in _GENERIC}


# annotations that give a ServiceAccount's pods a cloud identity (IRSA, GKE and Azure workload identity)
CLOUD_IDENTITY = ("eks.amazonaws.com/role-arn", "iam.gke.io/gcp-service-account", "azure.workload.identity/client-id")


def _provisioners(snap: Snapshot, provisioner: str) -> list[tuple[str, dict]]:
    """The Deployments/StatefulSets that run a StorageClass's provisioner: those that name it in their
    containers' args or env (a CSI driver's --drivername, local-path's --provisioner-name), else the
    provisioner-like ones (a csi-provisioner sidecar, "provisioner" in a name or image) that share the
    most of its distinctive words (ebs.csi.aws.com -> ebs, aws) in their name and images."""
    if not provisioner or provisioner.startswith("kubernetes.io/no-provisioner"):
        return []
    want = tokens(provisioner)
    literal, scored = [], []
    for kind in ("Deployment", "StatefulSet"):
        for w in snap.items(kind):
            ctrs = (((w.get("spec") or {}).get("template") or {}).get("spec") or {}).get("containers") or []
            text = " ".join(" ".join(map(str, (c.get("args") or []) + (c.get("command") or [])))
                            + " " + " ".join(str(e.get("value") or "") for e in c.get("env") or []) for c in ctrs)
            if re.search(rf"(?<![\w.-]){re.escape(provisioner)}(?![\w.-])", text):
                literal.append((kind, w))
                continue
            # the image's repository name, not its registry (an ECR host would match every AWS provisioner)
            names = " ".join([_meta(w)[1]] + [f"{c.get('name')} {str(c.get('image') or '').split('/')[-1].split(':')[0]}"
                                              for c in ctrs])
            if "provisioner" in names.lower() and want:
                score = len(want & tokens(names))
                if score:
                    scored.append((score, (kind, w)))
    if literal:
        return literal
    best = max((s for s, _ in scored), default=0)
    return [w for s, w in scored if s == best]

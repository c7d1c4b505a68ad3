"""Root cause analysis over the state graph, deterministic (no LLM):

1. triage: the unhealthy entities (pod phase, container state reasons, conditions, recent warning
   events, claims not bound, nodes not ready, Services that select nothing, ReplicaSets that cannot create
   pods), each with its signal classes; the symptom text, when given, ranks the ones it names first;
2. metapaths over the MetaGraph from the symptom's kind to the kinds that can cause its signals
   (CAUSES), bounded in length;
3. one Cypher path query per metapath (metagraph.cypher) from the symptom entity;
4. the state checker (rules.py) judges each entity at a path's end;
5. a quality check accepts a candidate only when the checker finds it abnormal; otherwise its feedback
   (why not) is kept and the next round widens the search: round 1 metapaths of up to 2 steps and strong
   evidence only, round 2 up to 3 steps, round 3 also the weak explanations (e.g. a probe that fails while
   nothing it depends on is broken).
Which cause wins: a proven (strong) cause of a symptom the user's words name (or of a server such a symptom
reaches), then a proven cause of a fresh failure (not a pod unready for over a day), then the named symptom's best
guess; ties go to upstream causes, then to the cause that explains the most symptoms. A winning workload whose own
pods fail for a proven reason hands over to that reason (an operator that crash-loops for want of its token).
The result names the cause, the path that proves it, the evidence and a fix as text.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from toolkits.kubernetes.extract import UNLABELLED_SLICE, tokens
from toolkits.kubernetes.graph import StateGraph, graph_for, node_dict
from toolkits.kubernetes.metagraph import describe, metapaths, cypher
from toolkits.kubernetes.rules import (DNS_FAILURE, MOUNT_FAILED, READ_ONLY, RULES, SERVICE_LINK, SLOTS, WORKLOAD_KINDS,
                                      Symptom, Verdict, ref)
from toolkits.kubernetes.snapshot import Snapshot

W = WORKLOAD_KINDS
# signal class -> the kinds that can cause it, most specific first
CAUSES: dict[str, tuple[str, ...]] = {
    "config": ("ConfigMap", "Secret", *W),
    "crash": ("ConfigMap", "PersistentVolumeClaim", "Secret", "ServiceAccount", "Node", *W, "Job", "CronJob"),
    "image": ("Secret", "ServiceAccount", *W, "CronJob"),
    "unschedulable": ("Node", "StorageClass", "PersistentVolume", "PersistentVolumeClaim", "Namespace", *W),
    "storage": ("StorageClass", "PersistentVolume", "PersistentVolumeClaim", "Deployment", "StatefulSet"),
    "notready": ("Node", "Job", "Service", "NetworkPolicy", *W),
    "liveness": ("Node", *W),
    "create": ("ResourceQuota", "ServiceAccount", "Namespace", *W, "CronJob"),
    "unreachable": ("Service", "Endpoints", "EndpointSlice", "NetworkPolicy", "ConfigMap", "Deployment", "Namespace"),
    "noendpoints": ("Service", "Deployment", "StatefulSet", "DaemonSet", "EndpointSlice"),
    "nobackend": ("Ingress",),
    "nolb": ("Service",),  # a LoadBalancer Service the cloud's controller fails to give an address
    "attach": ("ServiceAccount", "PersistentVolume", "Node"),
    # the kubelet ran mount for a bound volume and the mount itself failed: the class the options came from, else the volume
    "mount": ("StorageClass", "PersistentVolume"),
    "servicelink": ("Service",),  # a Docker-link variable the kubelet injected for a Service of the same name
    "slots": ("CronJob", "Deployment", "StatefulSet"),  # who else holds the server's connections
    "readonly": ("Service", "ConfigMap"),  # writes refused: a Service that sends them to replicas, a server's setting
    "locks": ("Job", "CronJob", "Deployment", "StatefulSet"),  # who else holds the locks the client waits for
    "nodedown": ("Node", "DaemonSet"),
    "suspended": ("CronJob",),
    "blocked": ("Job", "Namespace"),  # the run a Forbid schedule waits for; a namespace whose mesh proxy outlives it
    "stalled": ("CronJob",),  # a schedule that cannot fire now
    "jobfail": ("CronJob", "ServiceAccount"),
}
ROUNDS = ((2, True), (3, True), (3, False))  # (max metapath length, strong evidence only)
SIGNALS = (  # (signal class, pattern over reasons and messages)
    ("config", r"CreateContainerConfigError|FailedMount|couldn't find key|configmap .* not found|secret .* not found"),
    ("image", r"ImagePullBackOff|ErrImagePull|FailedToRetrieveImagePullSecret|InvalidImageName"),
    ("crash", r"CrashLoopBackOff|OOMKilled|\bError\b|BackOff"),
    ("suspended", r"\bSuspended\b"),
    ("blocked", r"\bJobAlreadyActive\b"),
    ("stalled", r"\bNotFiring\b"),
    ("jobfail", r"\bRunsFailing\b"),
    ("liveness", r"Liveness probe failed"),
    ("attach", r"FailedAttachVolume|AttachVolume\.Attach failed"),
    ("mount", MOUNT_FAILED),
    ("slots", SLOTS),
    ("readonly", READ_ONLY),
    ("locks", r"lock timeout|55P03|Lock wait timeout exceeded|could not obtain lock on"),
    ("servicelink", SERVICE_LINK),
    ("unschedulable", r"FailedScheduling|Unschedulable"),
    ("storage", r"ProvisioningFailed|FailedBinding|ExternalProvisioning"),
    ("create", r"FailedCreate"),
    ("nodedown", r"NodeNotReady|NodeStatusUnknown"),
    ("notready", r"NotReady|ContainersNotReady|Readiness probe failed|Unhealthy"),
    ("unreachable", r"i/o timeout|ETIMEDOUT|[Cc]onnection timed out|[Cc]onnection refused|ECONNREFUSED|Can't connect to|"
                    r"could not connect|[Nn]o route to host|ServerSelectionTimeout|[Cc]onnection reset|"
                    r"[Tt]imed out after \d+ ?ms while waiting (?:for a server|to connect)|MongoTimeoutException|"
                    r"[Uu]nable to connect to|[Cc]annot connect to|[Cc]onnect(?:ion)? timeout|[Cc]onnect timed out|"
                    r"Communications link failure|" + DNS_FAILURE.pattern),
)


@dataclass
class RootCause:
    kind: str
    namespace: str
    name: str
    reason: str


@dataclass
class Analysis:
    root_causes: list[RootCause] = field(default_factory=list)
    path: list[str] = field(default_factory=list)  # the entities from the symptom to the cause
    metapath: str = ""
    cypher: str = ""
    evidence: list[str] = field(default_factory=list)
    fix: str = ""
    symptoms: list[dict[str, Any]] = field(default_factory=list)
    attempts: list[str] = field(default_factory=list)  # the quality check's feedback, round by round
    strong: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"root_causes": [rc.__dict__ for rc in self.root_causes], "path": self.path, "metapath": self.metapath,
                "cypher": self.cypher, "evidence": self.evidence, "fix": self.fix, "symptoms": self.symptoms,
                "attempts": self.attempts, "strong": self.strong}


# --- triage -------------------------------------------------------------------------------
_RECENT_FAILED_CREATE = ("EXISTS { MATCH (e:Event)-[:EVENT_OF]->(n) WHERE e.reasons CONTAINS 'FailedCreate' "
                         "AND e.detail CONTAINS '\"recent\": true' }")
UNHEALTHY = {  # kind -> Cypher WHERE over n: the entities that are unhealthy by their own state
    "Pod": "n.phase IN ['Pending', 'Failed', 'Unknown'] OR coalesce(n.reasons, '') <> '' OR "
           "(n.phase = 'Running' AND NOT coalesce(n.conditions, '') CONTAINS 'Ready=True')",
    "PersistentVolumeClaim": "coalesce(n.phase, '') <> 'Bound' AND NOT n.missing",
    "Node": "n.phase <> 'Ready' OR coalesce(n.reasons, '') <> ''",
    # a controller that cannot create pods says so in its conditions (ReplicaSet) or only in recent events (StatefulSet)
    "ReplicaSet": "n.reasons CONTAINS 'FailedCreate' OR " + _RECENT_FAILED_CREATE,
    "StatefulSet": "n.reasons CONTAINS 'FailedCreate' OR " + _RECENT_FAILED_CREATE,
    "DaemonSet": "n.reasons CONTAINS 'FailedCreate' OR " + _RECENT_FAILED_CREATE,
    "Job": _RECENT_FAILED_CREATE,  # a run its schedule started that cannot create its pod (a quota, an admission check)
    # a symptom only when the user's words name it, or when it skips its runs behind one that never ends
    "CronJob": "n.phase = 'Suspended' OR n.reasons CONTAINS 'RunsFailing' OR n.reasons CONTAINS 'NotFiring' OR EXISTS { MATCH (e:Event)-[:EVENT_OF]->(n) "
               "WHERE e.reasons CONTAINS 'JobAlreadyActive' AND e.detail CONTAINS '\"recent\": true' }",
    "Service": "NOT n.missing AND (n.detail CONTAINS '\"selector\": {' AND NOT EXISTS { MATCH (n)-[:SELECTS]->(:Pod) } "
               "OR n.detail CONTAINS '\"lb_address\": false' AND EXISTS { MATCH (e:Event)-[:EVENT_OF]->(n) "
               "WHERE e.reasons CONTAINS 'SyncLoadBalancerFailed' AND e.detail CONTAINS '\"recent\": true' } "
               # a selector-less Service whose only backends are in a slice written for it without its label
               "OR EXISTS { MATCH (:EndpointSlice)-[r:ENDPOINTS_OF]->(n) WHERE r.detail = '" + UNLABELLED_SLICE + "' } "
               "AND NOT EXISTS { MATCH (e)-[r:ENDPOINTS_OF]->(n) WHERE e.phase = 'Ready' AND r.detail IS NULL })",
    "Ingress": "EXISTS { MATCH (n)-[:ROUTES_TO]->(s:Service) WHERE s.missing } OR n.detail CONTAINS '\"unserved\"' "
               "OR n.detail CONTAINS '\"unadmitted\"'",
}
OWN_SIGNALS = {"create", "storage", "noendpoints", "nobackend", "nolb", "nodedown", "suspended", "jobfail", "blocked", "stalled"}  # what a non-pod entity can show
SEVERITY = {"blocked": 2, "stalled": 2, "suspended": 2, "jobfail": 2, "unreachable": 2, "nobackend": 3, "nolb": 3, "create": 5, "config": 5, "image": 5, "storage": 5, "attach": 5, "mount": 5, "slots": 4, "locks": 4, "readonly": 4, "servicelink": 4, "unschedulable": 5, "nodedown": 6, "crash": 4,
            "liveness": 3, "noendpoints": 3, "notready": 2}


def triage(sg: StateGraph, symptom_text: str = "") -> list[Symptom]:
    """The unhealthy entities, most severe first (those the symptom text names first of all)."""
    events: dict[str, list[tuple[str, str]]] = {}
    _, rows = sg.query("MATCH (e:Event)-[:EVENT_OF]->(x) RETURN x.uid, e.reasons, e.detail")
    for uid, reason, detail in rows:
        d = json.loads(detail)
        if d.get("recent"):
            events.setdefault(uid, []).append((reason, d.get("message") or ""))
    out = []
    for kind, where in UNHEALTHY.items():
        _, rows = sg.query(f"MATCH (n:{kind}) WHERE {where} RETURN n")
        for (raw,) in rows:
            n = node_dict(raw)
            reasons = [r for r in (n.get("reasons") or "").split(",") if r]
            if n["kind"] == "Node" and n["phase"] != "Ready":
                reasons.append("NodeNotReady")
            msgs = list(n["detail"].get("messages") or [])
            for reason, msg in events.get(n["uid"], []):
                reasons.append(reason)
                msgs.append(msg)
            text = " ".join(reasons + msgs)
            signals = [s for s, pat in SIGNALS if re.search(pat, text)]
            if kind == "Service":
                signals = ["nolb"] if "SyncLoadBalancerFailed" in reasons else ["noendpoints"]
            elif kind == "Ingress":
                signals = ["nobackend"]
            elif kind != "Pod":  # "Error creating: pods ... forbidden" is no crash; only pods crash or go unready
                signals = [x for x in signals if x in OWN_SIGNALS]
            if kind == "PersistentVolumeClaim" and "storage" not in signals:
                signals.append("storage")
            if kind == "Pod" and n["phase"] == "Pending" and not signals:
                signals.append("unschedulable")
            if not signals or (kind == "CronJob" and "blocked" not in signals
                               and not _asked_about(n["name"], symptom_text)):
                continue  # a suspended schedule is someone's choice unless the user asks why it stopped
            sev = max(SEVERITY[s] for s in signals)
            out.append(Symptom(n, signals, list(dict.fromkeys(reasons)), list(dict.fromkeys(msgs)), sev))
    words = {w for w in re.findall(r"[a-z0-9][a-z0-9.-]{2,}", symptom_text.lower())}
    for s in out:
        s.named = bool(words & {s.node["name"].lower(), s.node["namespace"].lower()}) or \
            any(w in s.node["name"].lower() for w in words if len(w) > 3)
    out.sort(key=lambda s: (not s.named, -s.severity, s.node["kind"], s.node["namespace"], s.node["name"]))
    return out


def _asked_about(name: str, text: str) -> bool:
    """The user's words name this entity: a distinctive part of its name starts one of their words."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return any(w.startswith(part) for part in tokens(name) if len(part) > 3 for w in words)


def _representatives(symptoms: list[Symptom], cap: int = 40) -> list[Symptom]:
    """One symptom per (owner workload or entity, signal classes): pods of one ReplicaSet fail alike."""
    seen, out = set(), []
    for s in symptoms:
        owner = re.sub(r"-[a-z0-9]{5}$", "", s.node["name"]) if s.node["kind"] == "Pod" else s.node["name"]
        k = (s.node["kind"], s.node["namespace"], owner, tuple(s.signals))
        if k not in seen:
            seen.add(k)
            out.append(s)
    return out[:cap]


# --- search -------------------------------------------------------------------------------
@dataclass
class Found:
    cause: dict
    verdict: Verdict
    nodes: list[dict]
    metapath: str
    cypher: str
    symptom: Symptom


def _path_candidates(sg: StateGraph, s: Symptom, kinds: tuple[str, ...], max_len: int, min_len: int = 0):
    """(metapath text, Cypher, path nodes, path edges) for every path from the symptom to a candidate kind of
    ``min_len`` to ``max_len`` steps, by metapath, shortest first; a symptom entity of a candidate kind is its own
    first candidate (0 steps)."""
    src = s.node["kind"]
    if src in kinds and min_len == 0:
        yield "(itself)", "", [s.node], []
    for mp in metapaths(src, set(kinds), max_len):
        if mp[-1].kind not in kinds or len(mp) < min_len:
            continue
        if any(mp[-1].kind not in _SIBLING_ENDS[rel] for rel in _via_sibling(mp)):
            continue  # a neighbour matters only as the node's own agent or a fellow client holding the server's slots
        text = cypher(mp, src)
        _, rows = sg.query(text, {"uid": s.node["uid"]})
        for nodes_raw, rels in rows:
            nodes = [node_dict(n) for n in nodes_raw]
            if len({n["uid"] for n in nodes}) < len(nodes):
                continue  # a walk that comes back to an entity proves nothing
            for r in rels:
                if isinstance(r.get("detail"), str) is False:
                    r["detail"] = ""
            yield describe(mp, src), text, nodes, rels


# where a walk through a sibling may end: a node's agent; a fellow client that holds the server's connections or locks
_SIBLING_ENDS = {"SCHEDULED_ON": ("DaemonSet",), "CONNECTS_TO": ("CronJob", "Deployment", "StatefulSet", "Job")}


def _via_sibling(mp) -> set[str]:
    """The relations a metapath walks back over at once (Pod -> Node <- Pod)."""
    return {a.rel for a, b in zip(mp, mp[1:]) if a.rel == b.rel and a.forward != b.forward}


def _kind_rank(s: Symptom, kind: str) -> int:
    ranks = [CAUSES[sig].index(kind) for sig in s.signals if kind in CAUSES[sig]]
    return min(ranks) if ranks else 99


def investigate(sg: StateGraph, s: Symptom, feedback: list[str]) -> Found | None:
    """The quality loop for one symptom: widen the search round by round until a candidate passes."""
    kinds = tuple(dict.fromkeys(k for sig in s.signals for k in CAUSES[sig]))
    rejected: set[str] = set()
    found_paths: list = []  # each metapath is queried once; a wider round only adds the longer ones
    searched = -1
    for rnd, (max_len, strong_only) in enumerate(ROUNDS, 1):
        if max_len > searched:
            found_paths += _path_candidates(sg, s, kinds, max_len, searched + 1)
            searched = max_len
        cands = sorted(found_paths, key=lambda c: (_kind_rank(s, c[2][-1]["kind"]), len(c[2])))
        weak: Found | None = None
        tried = 0
        for mp, text, nodes, rels in cands:
            cause = nodes[-1]
            key_ = f"{cause['uid']}|{mp}"
            if key_ in rejected:
                continue
            tried += 1
            verdict = RULES[cause["kind"]](cause, s, nodes, rels, sg)
            if verdict and (verdict.strong or not strong_only):
                found = Found(cause, verdict, nodes, mp, text, s)
                if verdict.strong:
                    return found
                weak = weak or found
            elif verdict is None:
                rejected.add(key_)
        if weak is not None:
            return weak
        feedback.append(f"{ref(s.node)} round {rnd} (metapaths up to {max_len} steps, "
                        f"{'strong evidence only' if strong_only else 'weak allowed'}): {tried} candidate(s) "
                        f"checked, none abnormal in a way that explains {', '.join(s.signals)}")
    return None


def _downstream(sg: StateGraph, symptoms: list[Symptom]) -> set[str]:
    """The symptom pods that are clients of another unhealthy pod (through a Service they connect to): their
    own weak explanations (a readiness probe that fails) lose to what is wrong upstream."""
    bad = {s.node["uid"] for s in symptoms if s.node["kind"] == "Pod"}
    if len(bad) < 2:
        return set()
    # a pod that names its own Service (a pooler's or a cluster member's own address) is no client of its peers
    _, rows = sg.query("MATCH (p:Pod)-[:CONNECTS_TO]->(s:Service)-[:SELECTS]->(q:Pod) WHERE p.uid IN $bad AND "
                       "q.uid IN $bad AND p.uid <> q.uid AND NOT EXISTS { MATCH (s)-[:SELECTS]->(p) } "
                       "RETURN DISTINCT p.uid", {"bad": sorted(bad)})
    return {r[0] for r in rows}


def _asked(sg: StateGraph, symptoms: list[Symptom]) -> set[str]:
    """The symptoms the user's words name, and the unhealthy servers those reach (through a Service they connect
    to): what the question is about. Empty when the words name nothing."""
    named = {s.node["uid"] for s in symptoms if s.named}
    if not named:
        return set()
    bad = sorted({s.node["uid"] for s in symptoms if s.node["kind"] == "Pod"})
    _, rows = sg.query("MATCH (p:Pod)-[:CONNECTS_TO]->(:Service)-[:SELECTS]->(q:Pod) WHERE p.uid IN $named AND "
                       "q.uid IN $bad RETURN DISTINCT q.uid", {"named": sorted(named), "bad": bad})
    return named | {r[0] for r in rows}


def _deeper(sg: StateGraph, f: Found, votes: dict[str, list[Found]]) -> Found:
    """When the cause is a workload whose own pods fail for a reason found with strong evidence (an operator that
    crash-loops for want of its API token), that reason is the root: the workload is only the middle of the chain."""
    if f.cause["kind"] not in W:
        return f
    _, rows = sg.query("MATCH (w {uid: $uid})-[:OWNS*1..2]->(p:Pod) RETURN p.uid", {"uid": f.cause["uid"]})
    own = {r[0] for r in rows}
    for cause_uid, found in votes.items():
        for g in found:
            if cause_uid != f.cause["uid"] and g.verdict.strong and g.symptom.node["uid"] in own:
                g.nodes = f.nodes + [n for n in g.nodes if n["uid"] not in {x["uid"] for x in f.nodes}]
                return g
    return f


def analyse(snap: Snapshot | StateGraph, symptom_text: str = "") -> Analysis:
    """The root cause of what is unhealthy in a snapshot (or a loaded StateGraph)."""
    sg = snap if isinstance(snap, StateGraph) else graph_for(snap)
    symptoms = triage(sg, symptom_text)
    result = Analysis(symptoms=[{"kind": s.node["kind"], "namespace": s.node["namespace"], "name": s.node["name"],
                                 "signals": s.signals, "reasons": s.reasons[:6]} for s in symptoms[:50]])
    if not symptoms:
        result.attempts.append("nothing is unhealthy: no failing pod, pending claim, node not ready, "
                               "empty Service or recent warning event")
        return result
    votes: dict[str, list[Found]] = {}
    for s in _representatives(symptoms):
        f = investigate(sg, s, result.attempts)
        if f is not None:
            votes.setdefault(f.cause["uid"], []).append(f)
    if not votes:
        return result
    order = {id(s): i for i, s in enumerate(symptoms)}
    downstream = _downstream(sg, symptoms)
    asked = _asked(sg, symptoms)

    def score(found: list[Found]) -> tuple:
        best = min(found, key=lambda f: order.get(id(f.symptom), 0))
        upstream = any(f.symptom.node["uid"] not in downstream for f in found)
        # what the user asks about first: a proven cause of their symptom, then a proven cause of a fresh failure
        # (not a sandbox app that has failed to pull its image for days), then their symptom's best guess
        fresh = any(not f.symptom.node["detail"].get("chronic") for f in found)  # not a pod broken for days
        strong = any(f.verdict.strong for f in found)
        named = any(f.symptom.node["uid"] in asked for f in found)
        return (named and strong, strong and fresh, named, strong, fresh, upstream, len(found), best.symptom.severity,
                -order.get(id(best.symptom), 0))

    uid, found = max(votes.items(), key=lambda kv: score(kv[1]))
    f = next((x for x in found if x.verdict.strong), found[0])
    f = _deeper(sg, f, votes)
    c = f.cause
    result.root_causes = [RootCause(c["kind"], c["namespace"] or "", c["name"], f.verdict.reason)]
    result.path = [ref(n) + (f" [{n.get('phase')}]" if n.get("phase") else "") for n in f.nodes]
    result.metapath, result.cypher = f.metapath, f.cypher
    result.evidence = [f"symptom: {ref(f.symptom.node)}: {', '.join(f.symptom.reasons[:4])}"] + f.verdict.evidence
    result.fix, result.strong = f.verdict.fix, f.verdict.strong
    others = sorted(((u, v) for u, v in votes.items() if u != uid), key=lambda kv: score(kv[1]), reverse=True)
    for _, v in others[:2]:
        x = v[0]
        result.evidence.append(f"also considered: {ref(x.cause)}: {x.verdict.reason} ({len(v)} symptom(s))")
    return result

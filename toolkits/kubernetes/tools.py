"""The Kubernetes tools: what is unhealthy, one entity and its relations, a bounded read-only Cypher path
query over the state graph, and the root cause analysis. Each returns data (rows, findings, typed blocks);
agent/render.py and agent/k8s_report.py write the text for people.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from toolkits.kubernetes.context import K8sContext
from toolkits.kubernetes.cypher_guard import CypherRefused, guard
from toolkits.kubernetes.graph import GraphError, node_dict
from toolkits.kubernetes.live import LiveError
from toolkits.kubernetes.metagraph import NODE_KINDS
from toolkits.kubernetes.rca import analyse, triage
from toolkits.kubernetes.snapshot import SnapshotError
from toolkits.results import Code, Finding, Items, Table, ToolResult
from toolkits.tool import InputError, Intent, Tool, tool

TOOLS: list[Tool] = []
_ERRORS = (SnapshotError, LiveError, GraphError)


def _failed(t: Tool, e: Exception) -> ToolResult | None:
    if isinstance(e, CypherRefused):
        return ToolResult(ok=False, error=f"{t.spec.name}: refused: {e}")
    if isinstance(e, InputError):
        return ToolResult(ok=False, error=t.input_error(e))
    if isinstance(e, _ERRORS):
        return ToolResult(ok=False, error=f"{t.spec.name}: {e}")
    return None


def k8s_tool(category: str, *, examples: Iterable[str] = (), questions: Iterable[str] = (),
             intents: Iterable[Intent] = ()) -> Callable[[Callable[..., ToolResult]], Tool]:
    return tool(category, examples=examples, questions=questions, intents=intents, on_error=_failed, register=TOOLS)


@k8s_tool("status", examples=["", "prod-db"], questions=["what is broken in the cluster", "which pods are failing"],
          intents=[Intent(r"\b(unhealthy|failing|broken|crash\w*|pending)\b.*\b(pods?|cluster|kubernetes|k8s)\b")])
def k8s_unhealthy(ctx: K8sContext, namespace: str = "") -> ToolResult:
    """Unhealthy Kubernetes entities: failing or pending pods, unbound claims, nodes not ready, empty Services,
    ReplicaSets that cannot create pods, each with its signals and reasons.

    Args:
        namespace: only this namespace (empty: all)
    """
    symptoms = [s for s in triage(ctx.graph()) if not namespace or s.node["namespace"] == namespace]
    rows = [(s.node["kind"], s.node["namespace"], s.node["name"], s.node.get("phase") or "", ", ".join(s.signals),
             ", ".join(s.reasons[:5])) for s in symptoms]
    cols = ["kind", "namespace", "name", "phase", "signals", "reasons"]
    cap = ctx.row_cap
    return ToolResult(ok=True, columns=cols, rows=rows[:cap], value=len(rows),
                      blocks=[Table(cols, rows[:cap], title=f"{len(rows)} unhealthy entities in {ctx.where}",
                                    truncated=len(rows) > cap, cap=cap)])


def _find(ctx: K8sContext, name: str, kind: str) -> dict[str, Any]:
    parts = [p for p in name.strip().split("/") if p]
    if not parts:
        raise InputError("name is empty; give a name, namespace/name or Kind/namespace/name")
    if len(parts) == 3 or (len(parts) == 2 and parts[0] in NODE_KINDS):
        kind = parts[0]
    ns = parts[-2] if len(parts) >= 2 and parts[-2] not in NODE_KINDS else ""
    kinds = [kind] if kind else list(NODE_KINDS)
    if kind and kind not in NODE_KINDS:
        raise InputError(f"unknown kind {kind!r}; one of {', '.join(NODE_KINDS)}")
    g = ctx.graph()
    for k in kinds:
        where = "n.name = $name" + (" AND n.namespace = $ns" if ns else "")
        _, rows = g.query(f"MATCH (n:{k}) WHERE {where} RETURN n LIMIT 2", {"name": parts[-1], "ns": ns})
        if rows:
            return node_dict(rows[0][0])
    raise InputError(f"no {kind or 'entity'} named {name!r} in {ctx.where}")


@k8s_tool("status", examples=["prod-db/pg-0", "Node//worker-1", "PersistentVolumeClaim/prod-db/data-pg-0"],
          questions=["describe the pod pg-0", "what is connected to this service"])
def k8s_describe(ctx: K8sContext, name: str, kind: str = "") -> ToolResult:
    """One Kubernetes entity from the state graph: its state, its relations and its recent events.

    Args:
        name: name, namespace/name or Kind/namespace/name
        kind: the kind when the name is ambiguous (Pod, Service, PersistentVolumeClaim ...)
    """
    n = _find(ctx, name, kind)
    g = ctx.graph()
    _, rows = g.query(f"MATCH (a:{n['kind']} {{uid: $uid}})-[e]-(b) RETURN label(e), b LIMIT {int(ctx.row_cap)}",
                      {"uid": n["uid"]})
    rel_rows = []
    events = []
    for rel, other in rows:
        o = node_dict(other)
        if o["kind"] == "Event":
            if o["detail"].get("recent") or len(events) < 5:
                events.append((o.get("phase"), o.get("reasons"), o["detail"].get("message", "")[:300]))
            continue
        if rel != "IN_NAMESPACE":
            rel_rows.append((rel, o["kind"], o["namespace"], o["name"], o.get("phase") or "",
                             "missing" if o.get("missing") else ""))
    state = [(k, str(n.get(k) or "")) for k in ("kind", "namespace", "name", "phase", "reasons", "conditions")]
    state += [(k, str(v)[:300]) for k, v in sorted(n["detail"].items()) if k not in ("data",)]
    blocks = [Table(["property", "value"], state, title=f"{n['kind']} {n['namespace']}/{n['name']}"),
              Table(["relation", "kind", "namespace", "name", "phase", "note"], rel_rows, title="relations")]
    if events:
        blocks.append(Table(["type", "reason", "message"], events, title="events"))
    return ToolResult(ok=True, columns=["relation", "kind", "namespace", "name", "phase", "note"], rows=rel_rows,
                      value=n.get("phase"), data={"entity": n, "events": events}, blocks=blocks)


@k8s_tool("selection", examples=["MATCH (p:Pod)-[:MOUNTS]->(c:PersistentVolumeClaim) WHERE c.phase <> 'Bound' "
                                 "RETURN p.namespace, p.name, c.name"],
          questions=["which pods mount a claim that is not bound", "run a cypher query on the cluster graph"],
          intents=[Intent(r"\bcypher\b|\bMATCH\s*\(")])
def k8s_path_query(ctx: K8sContext, cypher: str) -> ToolResult:
    """A read-only Cypher MATCH over the cluster's state graph (kinds as node tables; OWNS, SCHEDULED_ON,
    SELECTS, MOUNTS, BINDS, USES_CLASS, USES_CONFIG, USES_SECRET, ROUTES_TO, ... as relations), row-capped.

    Args:
        cypher: one MATCH ... RETURN statement; writes, CALL, COPY, LOAD and unbounded paths are refused
    """
    text = guard(cypher, ctx.row_cap)
    cols, rows = ctx.graph().query(text, limit=ctx.row_cap)
    out = [tuple(_plain(v) for v in r) for r in rows]
    return ToolResult(ok=True, columns=cols, rows=out, value=len(out), data={"statement": text},
                      blocks=[Code(text, "cypher", "ran"), Table(cols, out, title=f"{len(out)} row(s)")])


def _plain(v: Any) -> Any:
    if isinstance(v, dict) and ("_LABEL" in v or "_label" in v):
        n = node_dict(v)
        return f"{n['kind']} {n['namespace'] + '/' if n.get('namespace') else ''}{n.get('name', '')}".strip()
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


@k8s_tool("status", examples=["", "orders api returns 503 since 10:05"],
          questions=["why is my postgres pod crashing", "what is the root cause of the outage in the cluster",
                     "why is the database pod pending"],
          intents=[Intent(r"\b(root cause|why)\b.*\b(pod|cluster|kubernetes|k8s|statefulset|deployment|pvc)\b")])
def k8s_rca(ctx: K8sContext, symptom: str = "") -> ToolResult:
    """Root cause of what is unhealthy in the cluster: the entity to blame, the graph path that proves it,
    the evidence, and a fix as a kubectl or YAML suggestion (never applied).

    Args:
        symptom: what the user sees, e.g. "orders api returns 503" (optional: ranks the symptoms it names first)

    Data: the Analysis as a dict (root_causes, path, metapath, cypher, evidence, fix, symptoms, attempts).
    """
    a = analyse(ctx.graph(), symptom)
    d = a.to_dict()
    if not a.root_causes:
        return ToolResult(ok=True, data=d, value=None, blocks=[Items(a.attempts or ["no root cause found"], "analysis")])
    rc = a.root_causes[0]
    subject = f"{rc.kind} {rc.namespace + '/' if rc.namespace else ''}{rc.name}"
    finding = Finding(subject, rc.reason, "critical" if a.strong else "warning")
    return ToolResult(ok=True, value=subject, data=d, findings=[finding],
                      columns=["kind", "namespace", "name", "reason"], rows=[(rc.kind, rc.namespace, rc.name, rc.reason)],
                      blocks=[Items(a.path, "path", list(range(len(a.path)))), Items(a.evidence, "evidence"),
                              Code(a.fix, "bash", "suggested fix (not applied)")])

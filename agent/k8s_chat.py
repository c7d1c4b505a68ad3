"""Chat questions about a database on Kubernetes ("my postgres pod is crash-looping"): answered by the
Kubernetes toolkit's root cause analysis when a cluster or a snapshot is configured."""
from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

from agent.events import Answer, Error, Event, ToolCall, Token
from agent.k8s_report import k8s_report
from agent.render import markdown, observation

WORDS = re.compile(r"\b(pods?|kubernetes|k8s|kubectl|crash ?loop\w*|statefulsets?|daemonsets?|replicasets?|"
                   r"deployments?|pvcs?|persistent ?volume( claim)?s?|image ?pull\w*|err ?image ?pull|oom ?killed|"
                   r"namespaces?|ingress(es)?|network ?polic(y|ies)|configmaps?|taints?|tolerations?|"
                   r"node (is )?not ?ready|(cluster|operator|helm) (database|postgres\w*|db))\b", re.I)


def configured(settings) -> bool:
    """Is there a cluster (kubeconfig, in-cluster, an API address) or a snapshot to look at?"""
    return bool(settings.k8s_snapshot or settings.k8s_kubeconfig or settings.k8s_api or os.environ.get("KUBECONFIG")
                or os.environ.get("KUBERNETES_SERVICE_HOST") or Path("~/.kube/config").expanduser().exists())


def wants_kubernetes(question: str, settings) -> bool:
    return configured(settings) and bool(WORDS.search(question))


QUERY_SCHEMA = {"type": "object", "properties": {"cypher": {"type": "string"}}, "required": ["cypher"]}
FENCE = "`" * 3


def llm_path_query(backend, question: str, analysis: dict, registry, ctx, tries: int = 2) -> tuple[str, object] | None:
    """When an LLM is set: ask it for one Cypher MATCH that explains the symptoms, validated by the
    k8s_path_query tool's read-only guard before it runs; a refused or failed query is fed back once.
    (cypher, ToolResult) of the first query that ran, or None."""
    import json

    from agent.backends import LLMError

    tool = registry.resolve("k8s_path_query")
    counts = ", ".join(f"{k} ({v})" for k, v in (analysis.get("_catalog") or {}).items())
    symptoms = "; ".join(f"{s.get('kind')} {s.get('namespace')}/{s.get('name')}: {s.get('signals') or s.get('reasons')}"
                         for s in (analysis.get("symptoms") or [])[:5])
    messages = [{"role": "system", "content": "You write ONE read-only Cypher MATCH query (no CREATE, MERGE, SET, "
                                              "DELETE, CALL) over a Kubernetes state graph. Node properties: uid, "
                                              "namespace, name, phase, reasons, conditions, labels, missing, detail. "
                                              'Reply as JSON {"cypher": "..."}.'},
                {"role": "user", "content": f"Graph: {tool.spec.description if tool else ''}\nKinds and relations "
                                            f"in this cluster: {counts}\nUnhealthy: {symptoms}\n"
                                            f"Question: {question}\nWrite a path query from the unhealthy entity to "
                                            "what could cause it."}]
    for _ in range(tries):
        try:
            text = backend.chat(messages, json_schema=QUERY_SCHEMA, max_tokens=200, temperature=0.0)
            cypher = str(json.loads(text[text.index("{"): text.rindex("}") + 1]).get("cypher") or "").strip()
        except (LLMError, ValueError, AttributeError):
            return None
        if not cypher:
            return None
        result = registry.call("k8s_path_query", ctx, {"cypher": cypher})
        if result.ok:
            return cypher, result
        messages += [{"role": "assistant", "content": text},
                     {"role": "user", "content": f"That query was not run: {result.error}. Write a valid read-only "
                                                 "MATCH query instead."}]
    return None


def answer_kubernetes(question: str, settings, backend=None) -> Iterator[Event]:
    from agent.plugins import get_toolkit
    from toolkits.base import ToolkitUnavailable

    s = settings.model_copy(update={"toolkit": "kubernetes"})
    toolkit = get_toolkit(s)
    try:
        ctx = toolkit.context(s)
    except ToolkitUnavailable as exc:
        yield Error(f"The Kubernetes cluster cannot be read: {exc}")
        return
    t0 = time.perf_counter()
    tool = toolkit.registry().resolve("k8s_rca")
    result = toolkit.registry().call("k8s_rca", ctx, {"symptom": question})
    yield ToolCall(step=1, tool="k8s_rca", input=question, output=observation(result, tool), ok=result.ok,
                   duration_ms=round((time.perf_counter() - t0) * 1000, 1))
    if not result.ok:
        yield Error(result.error or "the root cause analysis failed")
        return
    text = k8s_report(result.data)
    if backend is not None and getattr(backend, "generative", False):
        registry = toolkit.registry()
        t1 = time.perf_counter()
        found = llm_path_query(backend, question, {**result.data, "_catalog": toolkit.catalog(ctx)}, registry, ctx)
        if found is not None:
            cypher, extra = found
            yield ToolCall(step=2, tool="k8s_path_query", input=cypher, output=observation(extra), ok=True,
                           duration_ms=round((time.perf_counter() - t1) * 1000, 1))
            text += ("\n\n### A path query the language model wrote (checked read-only, then run)\n\n"
                     + FENCE + "cypher\n" + cypher.replace(FENCE, "'") + "\n" + FENCE + "\n\n" + markdown(extra))
    for piece in re.findall(r"\S+\s*|\s+", text):
        yield Token(piece)
    yield Answer(text)

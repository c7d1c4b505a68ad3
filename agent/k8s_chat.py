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
from agent.render import observation

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


def answer_kubernetes(question: str, settings) -> Iterator[Event]:
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
    for piece in re.findall(r"\S+\s*|\s+", text):
        yield Token(piece)
    yield Answer(text)

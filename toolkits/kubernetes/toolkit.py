"""The Kubernetes toolkit behind the ``Toolkit`` protocol (toolkits/base.py): what pages, the CLI and the
agent call instead of this package's modules. Read-only: ``classify`` refuses every change, because a
fix for a cluster is a suggestion the user applies with their own tools."""
from __future__ import annotations

import threading
from typing import Any

from toolkits.base import Check, ToolkitUnavailable, ToolResult
from toolkits.kubernetes import K8sContext, build_registry
from toolkits.registry import Registry

READ_ONLY = ("dbcopilot never changes a cluster: run the suggested kubectl command yourself after review")


class KubernetesToolkit:
    name = "kubernetes"
    label = "Kubernetes"

    def __init__(self) -> None:
        self._registry: Registry | None = None
        self._lock = threading.Lock()

    def registry(self) -> Registry:
        with self._lock:
            if self._registry is None:
                self._registry = build_registry()
            return self._registry

    def current_dsn(self, settings: Any) -> str:
        """Where the cluster state comes from (a snapshot directory or an API address); "" when none is set."""
        return str(settings.k8s_snapshot or settings.k8s_api or settings.k8s_kubeconfig or "")

    def context(self, settings: Any) -> K8sContext:
        from toolkits.kubernetes.graph import GraphError  # the kubernetes client and the graph database load
        from toolkits.kubernetes.live import LiveError  # only when a Kubernetes toolkit is used
        from toolkits.kubernetes.snapshot import SnapshotError

        ctx = K8sContext.from_settings(settings)
        try:
            ctx.graph()
        except (SnapshotError, LiveError, GraphError) as e:
            raise ToolkitUnavailable(f"No cluster state to look at: {e}") from None
        return ctx

    def check(self, settings: Any) -> Check:
        try:
            g = self.context(settings).graph()
        except ToolkitUnavailable as e:
            return Check(False, str(e))
        counts = {k: len(v) for k, v in g.snapshot.objects.items()}
        where = g.snapshot.source
        return Check(True, f"{where}: {counts.get('Pod', 0)} pods, {counts.get('Node', 0)} nodes, "
                           f"{sum(counts.values())} objects in {len(counts)} kinds (read-only)")

    def catalog(self, ctx: K8sContext) -> Any:
        """The MetaGraph's kinds and relations with their counts in this cluster (the schema a Cypher query sees)."""
        return ctx.graph().counts()

    def classify(self, statement: str) -> tuple[str | None, str]:
        return None, READ_ONLY

    def run_confirmed(self, ctx: K8sContext, statement: str) -> ToolResult:
        return ToolResult(ok=False, error=READ_ONLY)

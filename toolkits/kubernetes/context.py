"""Where a Kubernetes tool call reads the cluster state from (a snapshot directory or a live cluster)."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from toolkits.registry import MAX_INPUT_BYTES


@dataclass
class K8sContext:
    """Where the cluster state comes from: a snapshot directory, else a live cluster (``host``, or a
    kubeconfig and context, or in-cluster)."""

    snapshot_dir: str = ""
    kubeconfig: str = ""
    kube_context: str = ""
    host: str = ""  # the API's address when given directly (kubectl proxy, tests)
    timeout_s: float = 10.0
    row_cap: int = 200
    max_objects: int = 500_000
    live_ttl_s: float = 30.0  # a live cluster is read again after this long
    max_input_bytes: int = MAX_INPUT_BYTES
    extra: dict = field(default_factory=dict)
    _live: Any = field(default=None, repr=False)
    _live_at: float = field(default=0.0, repr=False)
    _lock: Any = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def from_settings(cls, settings) -> "K8sContext":
        return cls(snapshot_dir=str(settings.k8s_snapshot or ""), kubeconfig=settings.k8s_kubeconfig,
                   kube_context=settings.k8s_context, host=settings.k8s_api, timeout_s=settings.k8s_timeout_s,
                   row_cap=settings.row_cap, max_objects=settings.k8s_max_objects,
                   max_input_bytes=settings.max_tool_input_bytes)

    @property
    def where(self) -> str:
        return f"snapshot {self.snapshot_dir}" if self.snapshot_dir else f"cluster {self.host or self.kube_context or '(kubeconfig)'}"

    def api(self):
        from toolkits.kubernetes.live import api_client

        return api_client(self.kubeconfig, self.kube_context, self.host)

    def graph(self):
        """The StateGraph (toolkits.kubernetes.graph), loaded again when the snapshot or the cluster changed."""
        from toolkits.kubernetes.graph import graph_for, graph_of_dir
        from toolkits.kubernetes.live import fetch

        if self.snapshot_dir:
            return graph_of_dir(self.snapshot_dir, self.max_objects)
        with self._lock:
            if self._live is None or time.monotonic() - self._live_at > self.live_ttl_s:
                self._live = graph_for(fetch(self.api(), self.timeout_s, self.max_objects))
                self._live_at = time.monotonic()
            return self._live

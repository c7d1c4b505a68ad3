"""Kubernetes toolkit: databases on Kubernetes, root causes from a state graph.

    from toolkits.kubernetes import K8sContext, build_registry
    reg = build_registry(); ctx = K8sContext(snapshot_dir="snap/")
    res = reg.call("k8s_rca", ctx, "orders api returns 503")

A snapshot directory (kubectl get <plural> -A -o json; snapshot.py) or a live cluster (live.py, read-only)
is loaded into an embedded graph database (graph.py, LadybugDB) whose schema is the MetaGraph
(metagraph.py); rca.py finds root causes with metapaths, Cypher path queries and the state checker
(rules.py). Nothing here writes to a cluster: fixes are text.
"""
from __future__ import annotations

from toolkits.kubernetes.context import K8sContext
from toolkits.registry import Registry

__all__ = ["K8sContext", "build_registry", "analyse", "api_client", "bundle", "GraphError", "LiveError", "SnapshotError"]

_LAZY = {"analyse": "rca", "api_client": "live", "bundle": "live", "GraphError": "graph", "LiveError": "live",
         "SnapshotError": "snapshot"}


def __getattr__(name: str):
    """The public entry points, imported on first use (the graph database is a heavy import)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"toolkits.kubernetes.{_LAZY[name]}"), name)
    raise AttributeError(name)


def build_registry() -> Registry:
    """A Registry holding the Kubernetes tools (tools.py)."""
    from toolkits.kubernetes.tools import TOOLS

    return Registry(TOOLS)

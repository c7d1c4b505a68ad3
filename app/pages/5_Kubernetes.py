"""Kubernetes: the root cause of what is unhealthy in a cluster (a snapshot directory or the live cluster of
the kubeconfig), the report, and the neighbourhood of the root-cause entity drawn as a graph with the path
that proves it highlighted. Reads only; fixes are suggestions."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from agent.config import get_settings  # noqa: E402
from agent.k8s_report import k8s_report  # noqa: E402
from agent.plugins import get_toolkit  # noqa: E402
from agent.sanitize import safe_markdown  # noqa: E402
from toolkits.base import ToolkitUnavailable  # noqa: E402


def _dot_id(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def graph_dot(path: list[str], cause: dict, relations: list[tuple]) -> str:
    """DOT text: the proving path in red, the cause's other relations around it (names are quoted data)."""
    label = lambda s: s.split(" [")[0]  # noqa: E731  ("Kind ns/name [phase]" -> "Kind ns/name")
    root = f"{cause['kind']} {cause['namespace'] + '/' if cause['namespace'] else ''}{cause['name']}"
    lines = ["digraph G {", "rankdir=LR; node [shape=box, fontsize=10, style=rounded];",
             f"{_dot_id(root)} [color=red, penwidth=2];"]
    for a, b in zip(path, path[1:]):
        lines.append(f"{_dot_id(label(a))} -> {_dot_id(label(b))} [color=red, penwidth=2];")
    for rel, kind, ns, name, phase, note in relations[:30]:
        other = f"{kind} {ns + '/' if ns else ''}{name}"
        style = ", style=dashed" if note == "missing" else ""
        lines.append(f"{_dot_id(root)} -> {_dot_id(other)} [label={_dot_id(rel)}, fontsize=8{style}];")
    lines.append("}")
    return "\n".join(lines)


def main() -> None:
    st.set_page_config(page_title="Kubernetes · dbcopilot", page_icon=":material/hub:", layout="wide")
    st.title("Kubernetes")
    base = get_settings()
    snapshot = st.text_input("Snapshot directory", str(base.k8s_snapshot or ""),
                             help="what `kubectl get <plural> -A -o json` writes, one file per kind; "
                                  "empty = the live cluster of the kubeconfig")
    symptom = st.text_input("What do you see?", placeholder="the orders database pod is crash-looping")
    if not st.button("Find the root cause", type="primary"):
        return
    settings = base.model_copy(update={"toolkit": "kubernetes", "k8s_snapshot": Path(snapshot) if snapshot else None})
    toolkit = get_toolkit(settings)
    try:
        ctx = toolkit.context(settings)
    except ToolkitUnavailable as e:
        st.error(f"The cluster cannot be read: {e}")
        return
    registry = toolkit.registry()
    with st.spinner("Loading the state graph and searching…"):
        result = registry.call("k8s_rca", ctx, {"symptom": symptom})
    if not result.ok:
        st.error(result.error)
        return
    a = result.data
    if a.get("root_causes"):
        cause = a["root_causes"][0]
        where = f"{cause['namespace']}/" if cause["namespace"] else ""
        described = registry.call("k8s_describe", ctx, {"name": f"{where}{cause['name']}", "kind": cause["kind"]})
        st.subheader("Neighbourhood of the root cause")
        st.graphviz_chart(graph_dot(a.get("path") or [], cause, described.rows if described.ok else []))
    st.markdown(safe_markdown(k8s_report(a)))


main()

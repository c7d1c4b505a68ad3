"""The Kubernetes root cause report for people: Markdown from an Analysis dict (toolkits/kubernetes/rca.py
``Analysis.to_dict()``). Cluster text (names, messages) is literal: escaped with agent/render.py's helpers."""
from __future__ import annotations

from typing import Any

from agent.render import md_code, md_fence, md_table, md_text


def k8s_report(a: dict[str, Any]) -> str:
    """Root cause, the path that proves it, the evidence, the fix (never applied), and the search's feedback."""
    out = ["## Root cause"]
    if not a.get("root_causes"):
        out.append("No root cause found.")
        out += [f"- {md_text(x)}" for x in a.get("attempts") or []]
        return "\n\n".join(out[:1]) + "\n\n" + "\n".join(out[1:])
    rc = a["root_causes"][0]
    where = f"{rc['namespace']}/" if rc.get("namespace") else ""
    out.append(f"**{md_text(rc['kind'])} {md_code(where + rc['name'])}**: {md_text(rc['reason'])}"
               + ("" if a.get("strong") else " _(best remaining explanation: no dependency found broken)_"))
    out.append("### Path in the state graph")
    out.append(" → ".join(md_code(p) for p in a.get("path") or []))
    if a.get("metapath"):
        out.append(f"metapath {md_code(a['metapath'])}")
    if a.get("cypher"):
        out.append(md_fence(a["cypher"], "cypher"))
    out.append("### Evidence")
    out.append("\n".join(f"- {md_text(e, 400)}" for e in a.get("evidence") or []))
    out.append("### Suggested fix (not applied)")
    out.append(md_fence(a.get("fix") or "", "bash"))
    sym = a.get("symptoms") or []
    if sym:
        out.append(f"### Symptoms ({len(sym)})")
        out.append(md_table(["kind", "namespace", "name", "signals"],
                            [(s["kind"], s["namespace"], s["name"], ", ".join(s["signals"])) for s in sym[:10]],
                            truncated=len(sym) > 10, cap=10))
    if a.get("attempts"):
        out.append("### Search feedback")
        out.append("\n".join(f"- {md_text(x, 300)}" for x in a["attempts"][:10]))
    return "\n\n".join(out)

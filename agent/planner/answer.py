"""The planner's final answer, written from the typed results of its steps: the tools' findings first,
then the evidence, then the writes they recommend (never run here: the user confirms each one).

Findings and suggestions are computed by the toolkit (``ToolResult.findings``); a data question's
answer is its value or its rows (``ToolResult.value`` / ``rows``). agent/render.py writes the Markdown.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from agent.planner.sql import Query
from agent.react import LoopState, Step
from agent.render import finding_line, markdown, md_code, md_fence, md_text

FIGURES = ("count", "sum", "avg", "min", "max", "pct", "value")  # kinds of query answered with their one figure


def figure(v: Any) -> str:
    """A single figure as plain digits (machine-readable): 2 decimals for fractions."""
    if v is None:
        return "none"
    if isinstance(v, float):
        return f"{v:.2f}"
    if isinstance(v, Decimal):
        return f"{v:.2f}" if v != v.to_integral_value() else f"{int(v)}"
    return str(v)


def sql_answer(query: Query | None, step: Step) -> str:
    """A data question's answer: "**value** — I read this as: what was computed." or the rows, then the statement
    (the reading is said so that the user can correct it)."""
    res = step.result
    statement = md_fence(step.args.get("sql") or step.tool_input, "sql")
    if query is not None and query.kind in FIGURES and len(res.rows) == 1 and len(res.columns) == 1:
        unit = " %" if query.kind == "pct" else ""
        return f"**{md_text(figure(res.value))}{unit}** — I read this as: {md_text(query.summary)}.\n\n{statement}"
    head = f"I read this as: {md_text(query.summary)}." if query is not None else "Result of the query:"
    if not res.rows:
        return f"{head} no rows.\n\n{statement}"
    return f"{head}\n\n{markdown(res, findings=False)}\n\n{statement}"


def _norm_sql(sql: str) -> str:
    return re.sub(r"\s+", " ", sql.replace('"', "").strip().rstrip(";").lower())


def unique(suggestions: list[dict[str, str]]) -> list[dict[str, str]]:
    """Each statement once (compared without quotes, case and spacing)."""
    seen: set[str] = set()
    out = []
    for x in suggestions:
        k = _norm_sql(x["sql"])
        if k not in seen:
            seen.add(k)
            out.append(x)
    return out


def _is_query(state: LoopState, step: Step) -> bool:
    """A step of the toolkit's selection tool (it ran a SELECT)."""
    tool = state.registry.resolve(step.tool) if state.registry is not None else None
    return tool is not None and tool.spec.category == "selection"


def compose_answer(state: LoopState, query: Query | None = None, notes: list[str] | None = None,
                   queries: dict[str, Query] | None = None) -> tuple[str, list[dict[str, str]]]:
    """The final answer from the steps' results, and the writes it recommends (never run here)."""
    parts: list[str] = []
    findings: list[str] = []
    suggestions: list[dict[str, str]] = []
    failed: list[str] = []
    for s in state.steps:
        if s.error or s.result is None:
            continue
        if not s.ok:
            failed.append(f"{s.tool}: {markdown(s.result).splitlines()[0]}")
            continue
        if _is_query(state, s):
            parts.append(sql_answer((queries or {}).get(s.args.get("sql") or s.tool_input, query), s))
            continue
        findings += [finding_line(f) for f in s.result.findings]
        suggestions += [dict(x, tool=s.tool) for x in s.result.suggestions]
        head = f"**{s.tool}**" + (f" ({md_text(s.tool_input)})" if s.tool_input else "")
        parts.append(f"{head}:\n\n{markdown(s.result, findings=False)}")
    uniq = unique(suggestions)
    text = ""
    if findings:
        text += "Findings:\n" + "\n".join(f"- {f}" for f in dict.fromkeys(findings)) + "\n\n"
    text += "\n\n".join(parts)
    if failed:
        text += ("\n\n" if text else "") + "Could not get:\n" + "\n".join(f"- {f}" for f in failed)
    if uniq:
        text += "\n\nSuggested statements (not run; confirm each one to run it):\n" + "\n".join(
            f"- {md_code(x['sql'])} — {md_text(x['reason'])}" for x in uniq)
    for n in notes or []:
        text += f"\n\n_Note: {md_text(n)}_"
    return text.strip() or "The tools returned nothing to report.", uniq

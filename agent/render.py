"""The one renderer: tool results as Markdown for people and as observation text for a model.

Text that comes from the database (cells, identifiers, query texts, error messages) is data: ``md_text``
escapes it so a Markdown renderer shows it literally (no images, links, HTML, emphasis or table breaks);
``md_code`` and ``md_fence`` put it in code that it cannot close.
"""
from __future__ import annotations

import datetime as dt
import decimal
import re
from typing import Any, Iterable, Sequence

from toolkits.results import Block, Code, Finding, Items, Table, Text, ToolResult

MAX_CELL = 160
PROSE_CELL = 600  # a comment or a constraint's definition is what the reader came for: "A = active, C = closed, ..."
PROSE_COLUMNS = {"comment", "definition"}

# CommonMark lets any ASCII punctuation be backslash-escaped; these are the ones that start Markdown or HTML:
# \ ` * [ ] < > & | $ ~ (links and images need [, raw HTML and autolinks need <, entities need &, tables |,
# Streamlit's LaTeX $ and its :color[...] directives [). An underscore is escaped only at a word's edge
# (inside a word it cannot emphasise, and order_items stays readable for the LLM).
_INLINE = re.compile(r"[\\`*\[\]<>&|$~]|(?<![^\W_])_|_(?![^\W_])")
_BLOCK_START = re.compile(r"(\s*)(#{1,6}|-+|\++|\d{1,9}[.)])(?=\s|$)")


def _one_line(s: str) -> str:
    return " ".join(s.split()) if ("\n" in s or "\r" in s or "\t" in s) else s


def md_text(v: Any, max_len: int | None = None) -> str:
    """``v`` as one line of literal Markdown text: newlines folded, metacharacters backslash-escaped."""
    s = _one_line("" if v is None else str(v))
    if max_len is not None and len(s) > max_len:
        s = s[: max_len - 1] + "…"
    s = _INLINE.sub(lambda m: "\\" + m.group(0), s)
    m = _BLOCK_START.match(s)  # "# x", "- x", "1. x" at the start of a line would open a heading or a list
    if m:
        mark = m.group(2)
        mark = mark[:-1] + "\\" + mark[-1] if mark[0].isdigit() else "\\" + mark
        s = m.group(1) + mark + s[m.end():]
    return s


def md_code(v: Any, max_len: int | None = None) -> str:
    """``v`` as an inline code span that its own backticks cannot close (newlines folded)."""
    s = _one_line("" if v is None else str(v))
    if max_len is not None and len(s) > max_len:
        s = s[: max_len - 1] + "…"
    ticks = "`" * (max((len(r) for r in re.findall(r"`+", s)), default=0) + 1)
    pad = " " if s.startswith("`") or s.endswith("`") or not s.strip() else ""
    return f"{ticks}{pad}{s}{pad}{ticks}"


def md_fence(v: Any, lang: str = "") -> str:
    """``v`` as a fenced code block whose fence is longer than any backtick run inside it."""
    s = "" if v is None else str(v)
    ticks = "`" * max(3, max((len(r) for r in re.findall(r"`+", s)), default=0) + 1)
    return f"{ticks}{lang}\n{s}\n{ticks}"


def cell(v: Any, max_len: int = MAX_CELL) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        s = f"{v:.2f}" if abs(v) < 1e15 else f"{v:.3g}"
    elif isinstance(v, decimal.Decimal):
        s = f"{v:.2f}" if v != v.to_integral_value() else str(v.to_integral_value())
    elif isinstance(v, dt.datetime):
        s = v.isoformat(sep=" ", timespec="seconds")
    elif isinstance(v, (bytes, memoryview)):
        s = "\\x" + bytes(v)[:32].hex() + ("…" if len(bytes(v)) > 32 else "")
    else:
        s = str(v)
    s = s.replace("\r", " ").replace("\n", " ")
    s = " ".join(s.split()) if len(s) > 40 else s
    s = s if len(s) <= max_len else s[: max_len - 1] + "…"
    return _INLINE.sub(lambda m: "\\" + m.group(0), s)  # literal text, and | cannot end the cell


def md_table(columns: Sequence[str], rows: Sequence[Sequence[Any]], truncated: bool = False,
             cap: int | None = None, max_cell: int = MAX_CELL) -> str:
    if not columns:
        return "_(no result columns)_"
    if not rows:
        return "_(no rows)_"
    head = "| " + " | ".join(cell(c, 60) or "?column?" for c in columns) + " |"
    sep = "|" + "|".join("---" for _ in columns) + "|"
    caps = [max(max_cell, PROSE_CELL) if str(c).lower() in PROSE_COLUMNS else max_cell for c in columns]
    body = ["| " + " | ".join(cell(v, n) for v, n in zip(r, caps)) + " |" for r in rows]
    out = "\n".join([head, sep, *body])
    if truncated:
        n = len(rows)
        out += f"\n\n_showing {n} of ≥{n + 1} rows (row cap {cap or n}); add a WHERE or LIMIT to narrow it_"
    return out


def md_kv(pairs: Sequence[tuple[str, Any]]) -> str:
    return md_table(["metric", "value"], [(k, v) for k, v in pairs])


# --------------------------------------------------------------------------- tool results


def render_block(b: Block) -> str:
    """One block of a tool's result as Markdown; every string in it is shown literally."""
    head = f"{md_text(b.title)}:\n\n" if getattr(b, "title", "") else ""
    if isinstance(b, Text):
        return md_text(b.text)
    if isinstance(b, Table):
        return head + md_table(list(b.columns), list(b.rows), b.truncated, b.cap)
    if isinstance(b, Code):
        return head + md_fence(b.text, b.lang)
    if isinstance(b, Items):
        depth = list(b.depth) or [0] * len(b.lines)
        return head + "\n".join("  " * d + f"- {md_text(x)}" for x, d in zip(b.lines, depth))
    raise TypeError(f"not a block: {type(b).__name__}")


def finding_line(f: Finding) -> str:
    """A finding as one Markdown line: about what, what, and the fix when there is one."""
    text = f"**{md_text(f.subject)}**: {md_text(f.text)}" if f.subject else md_text(f.text)
    if f.severity == "critical":
        text = "(critical) " + text
    return text + (f" → {md_code(f.sql)}" if f.sql else "")


def findings_md(findings: Sequence[Finding]) -> str:
    return "Findings:\n" + "\n".join(f"- {finding_line(f)}" for f in findings) if findings else ""


def markdown(result: ToolResult, findings: bool = True) -> str:
    """A tool's result for people: its blocks, then its findings (or its error)."""
    if not result.ok:
        return f"Error: {md_text(result.error or 'the tool failed')}"
    parts = [render_block(b) for b in result.blocks]
    if findings and result.findings:
        parts.append(findings_md(result.findings))
    return "\n\n".join(p for p in parts if p) or "(no output)"


def observation(result: ToolResult, tool: Any = None) -> str:
    """A tool's result as a model reads it: the same Markdown; a failure says how to call the tool."""
    text = markdown(result)
    if result.ok or tool is None:
        return text
    hint = f"Input format for {tool.spec.name}: {tool.spec.input_format}"
    if tool.spec.examples:
        hint += f"; e.g. {tool.spec.examples[0]!r}"
    return f"{text}\nSuggestion: {hint}"


def render_specs(tools: Iterable[Any]) -> str:
    """Tool specs as plain text for a prompt, one block per tool."""
    blocks = []
    for t in tools:
        s = t.spec
        ex = "; ".join(repr(e) if e == "" else e for e in s.examples) if s.examples else "(none)"
        blocks.append("\n".join([
            f"- {s.name} [{s.category}{', writes' if s.writes else ''}]: {s.description}",
            f"  Input: {s.input_content}. Format: {s.input_format}.",
            f"  Examples: {ex}",
        ]))
    return "\n".join(blocks)

"""Markdown rendering of query results and figures.

Text that comes from the database (cells, identifiers, query texts, error messages) is data: ``md_text``
escapes it so a Markdown renderer shows it literally (no images, links, HTML, emphasis or table breaks);
``md_code`` and ``md_fence`` put it in code that it cannot close.
"""
from __future__ import annotations

import datetime as dt
import decimal
import re
from typing import Any, Sequence

MAX_CELL = 160

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
    body = ["| " + " | ".join(cell(v, max_cell) for v in r) + " |" for r in rows]
    out = "\n".join([head, sep, *body])
    if truncated:
        n = len(rows)
        out += f"\n\n_showing {n} of ≥{n + 1} rows (row cap {cap or n}); add a WHERE or LIMIT to narrow it_"
    return out


def md_kv(pairs: Sequence[tuple[str, Any]]) -> str:
    return md_table(["metric", "value"], [(k, v) for k, v in pairs])


def pretty_bytes(n: float | int | None) -> str:
    if n is None:
        return ""
    n = float(n)
    for unit in ("B", "kB", "MB", "GB", "TB"):
        if abs(n) < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TB"

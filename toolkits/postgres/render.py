"""Markdown rendering of query results and figures."""
from __future__ import annotations

import datetime as dt
import decimal
from typing import Any, Sequence

MAX_CELL = 160


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
    s = s.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")
    s = " ".join(s.split()) if len(s) > 40 else s
    return s if len(s) <= max_len else s[: max_len - 1] + "…"


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

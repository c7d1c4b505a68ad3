"""Figures as short text for people and models (values, not Markdown)."""
from __future__ import annotations


def pretty_bytes(n: float | int | None) -> str:
    if n is None:
        return ""
    n = float(n)
    for unit in ("B", "kB", "MB", "GB", "TB"):
        if abs(n) < 1024 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TB"

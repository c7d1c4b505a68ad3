""""On your server": the settings a knowledge answer names, with their current value, built-in default and
source on the connected database (pg_settings through the toolkit's read-only `settings` tool). Knowledge
answers say what a setting does; this says what it is set to here."""
from __future__ import annotations

import re
from typing import Any

from agent.render import md_code, md_text

MAX_SETTINGS = 8
_COMPOUND = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")  # autovacuum_naptime, work_mem
_WORD = re.compile(r"\b[a-z]{4,}\b")  # fsync, port: only when the question itself says it


def named_settings(question: str, texts: list[str], known: set[str]) -> list[str]:
    """Setting names the question (any name) and the texts (names with an underscore) mention, in order of
    first mention, at most MAX_SETTINGS. Manual anchors spell them GUC-AUTOVACUUM-NAPTIME."""
    out: list[str] = []
    found = [m.group(0) for m in _COMPOUND.finditer(question.lower())] + [m.group(0) for m in _WORD.finditer(question.lower())]
    for text in texts:
        found += [m.group(0) for m in _COMPOUND.finditer((text or "").lower().replace("guc-", "").replace("-", "_"))]
    for name in found:
        if name in known and name not in out:
            out.append(name)
    return out[:MAX_SETTINGS]


def on_server(settings: Any, question: str, passages: list) -> str:
    """Markdown "On your server" section for the settings the question or the passages name; "" when none is
    named or no database can be reached (the knowledge answer stands on its own)."""
    from agent.instance import get_registry, make_context
    from agent.plugins import get_toolkit

    dsn = get_toolkit(settings).current_dsn(settings)  # a database already there: never start one for this
    ctx, _ = make_context(settings.model_copy(update={"dsn": dsn})) if dsn else (None, "")
    if ctx is None:
        return ""
    try:
        known = set(get_toolkit(settings).catalog(ctx).settings)
    except Exception:  # the answer does not depend on it
        return ""
    names = named_settings(question, [f"{p.anchor} {p.text}" for p in passages[:3]], known)
    if not names:
        return ""
    res = get_registry(settings).call("settings", ctx, {"name": " ".join(names)})
    if not res.ok or not res.rows:
        return ""
    rows = {r["name"]: r for r in res.records()}
    lines = ["| setting | value | default | source |", "|---|---|---|---|"]
    for n in names:
        r = rows.get(n)
        if r:
            unit = f" {r['unit']}" if r.get("unit") else ""  # "value" already carries it ("1min"), the raw ones do not
            value = r.get("value") or f"{r['setting']}{unit}"
            lines.append(f"| {md_code(n)} | {md_text(str(value))} | {md_text(str(r.get('default_value')) + unit)} | "
                         f"{md_text(str(r['source']))} |")
    where = get_toolkit(settings).where(settings.model_copy(update={"dsn": dsn}))
    return f"**On your server** ({md_text(where)}):\n\n" + "\n".join(lines)

"""The ONLY code path that changes the user's database, run after the user confirms a suggestion.

Tools never call it; they return ToolResult.suggestions [{"sql", "reason"}] and the UI/CLI calls
``run_confirmed`` when the user presses Run. Only an allow-list of statement kinds passes:

- CREATE [UNIQUE] INDEX [CONCURRENTLY] ...            - DROP INDEX [CONCURRENTLY] [IF EXISTS] ...
- ALTER TABLE name SET (...) / RESET (...)            (storage parameters only)
- ALTER SYSTEM SET name = value / RESET name          (followed by SELECT pg_reload_conf())
- VACUUM [(options)] [table], ANALYZE [table]         - EXPLAIN ANALYZE of a guarded SELECT
"""
from __future__ import annotations

import re
import time

import psycopg
import sqlglot
from sqlglot.errors import TokenError
from sqlglot.tokens import TokenType

from toolkits.base import ToolResult
from toolkits.postgres.connection import connect, explain_error
from toolkits.postgres.guard import check_readonly
from toolkits.postgres.render import md_table

WRITE_TIMEOUT_MS = 10 * 60 * 1000
LOCK_TIMEOUT_MS = 5000
_IDENT = r'(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)'
_QNAME = rf"{_IDENT}(?:\s*\.\s*{_IDENT})?"
_PARAMS = r"\((?:[^()';]|'[^']*')*\)"
ALLOWED = [
    ("create_index", re.compile(rf"^create\s+(unique\s+)?index\s+(concurrently\s+)?(if\s+not\s+exists\s+)?({_IDENT}\s+)?on\s+(only\s+)?{_QNAME}\s*(using\s+\w+\s*)?\(.+\)(\s*include\s*\(.+\))?(\s*with\s*{_PARAMS})?(\s*where\s+.+)?$", re.I | re.S)),
    ("drop_index", re.compile(rf"^drop\s+index\s+(concurrently\s+)?(if\s+exists\s+)?{_QNAME}(\s*,\s*{_QNAME})*(\s+(restrict))?$", re.I)),
    ("alter_table_storage", re.compile(rf"^alter\s+table\s+(if\s+exists\s+)?(only\s+)?{_QNAME}\s+(set|reset)\s*{_PARAMS}$", re.I)),
    ("alter_system", re.compile(r"^alter\s+system\s+(set\s+[a-z_.]+\s*(=|to)\s*('[^';]*'|[\w.\-]+)(\s*,\s*('[^';]*'|[\w.\-]+))*|reset\s+([a-z_.]+|all))$", re.I)),
    ("vacuum", re.compile(rf"^vacuum(\s*\((\s*\w+(\s+\w+)?\s*,?)+\))?(\s+(full|freeze|verbose|analyze))*(\s+{_QNAME}(\s*\([^()]*\))?(\s*,\s*{_QNAME}(\s*\([^()]*\))?)*)?$", re.I)),
    ("analyze", re.compile(rf"^analy[sz]e(\s*\((\s*\w+(\s+\w+)?\s*,?)+\))?(\s+verbose)?(\s+{_QNAME}(\s*\([^()]*\))?(\s*,\s*{_QNAME}(\s*\([^()]*\))?)*)?$", re.I)),
    ("explain_analyze", re.compile(r"^explain\s*(\((?:[^()]*)\)|analy[sz]e(\s+verbose)?)\s+.+$", re.I | re.S)),
]
DENY_SETTINGS = {"archive_command", "restore_command", "archive_cleanup_command", "recovery_end_command",
                 "ssl_passphrase_command", "dynamic_library_path", "local_preload_libraries", "session_preload_libraries",
                 "data_directory", "hba_file", "ident_file", "config_file", "external_pid_file", "archive_library"}
AUTOCOMMIT_KINDS = {"create_index", "drop_index", "vacuum", "alter_system"}
ALLOWED_TEXT = ("CREATE INDEX [CONCURRENTLY], DROP INDEX [CONCURRENTLY], ALTER TABLE ... SET/RESET (storage parameters), "
                "ALTER SYSTEM SET/RESET, VACUUM, ANALYZE, EXPLAIN ANALYZE of a SELECT")


def _normalise(sql: str) -> tuple[str | None, str]:
    """One statement with comments removed and no trailing semicolon; (None, reason) when there are several."""
    try:
        tokens = sqlglot.Dialect.get_or_raise("postgres").tokenize(sql)
    except (TokenError, ValueError) as e:
        return None, f"the statement could not be tokenised ({e})"
    if tokens and tokens[0].token_type == TokenType.COMMAND:
        # sqlglot swallows the rest of VACUUM/EXPLAIN/... into one token: tokenize the remainder on its own
        rest, err = _normalise(sql[tokens[0].end + 1:]) if sql[tokens[0].end + 1:].strip() else ("", "")
        if rest is None and err != "empty statement":
            return None, err
        return (sql[tokens[0].start:tokens[0].end + 1] + (" " + rest if rest else "")).strip(), ""
    semis = [t for t in tokens if t.token_type == TokenType.SEMICOLON]
    if semis and any(t.start > semis[0].start for t in tokens if t.token_type != TokenType.SEMICOLON):
        return None, "only one statement can be run at a time"
    tokens = [t for t in tokens if t.token_type != TokenType.SEMICOLON]
    if not tokens:
        return None, "empty statement"
    out = [sql[tokens[0].start:tokens[0].end + 1]]
    for prev, t in zip(tokens, tokens[1:]):
        gap = sql[prev.end + 1:t.start]
        out.append(gap if not gap.strip() else " ")  # a comment between tokens becomes one space
        out.append(sql[t.start:t.end + 1])
    return "".join(out).strip(), ""


def classify(sql: str) -> tuple[str | None, str]:
    """(kind, normalised statement) for an allowed write, or (None, reason)."""
    text, err = _normalise(sql or "")
    if text is None:
        return None, err
    kind = next((k for k, rx in ALLOWED if rx.match(text)), None)
    if kind is None and re.match(r"^explain\b", text, re.I):
        return None, "EXPLAIN without ANALYZE does not need confirmation; use the explain_query tool"
    if kind is None:
        return None, f"this statement is not in the list of confirmable changes ({ALLOWED_TEXT})"
    if kind == "explain_analyze":
        m = re.match(r"^explain\s*(\((?:[^()]*)\)|analy[sz]e(\s+verbose)?)\s+", text, re.I)
        opts, inner = m.group(1), text[m.end():]
        if not re.search(r"analy[sz]e", opts, re.I):
            return None, "EXPLAIN without ANALYZE does not need confirmation; use the explain_query tool"
        ok, reason = check_readonly(inner)
        if not ok:
            return None, f"EXPLAIN ANALYZE only runs a guarded read-only query: {reason}"
    if kind == "alter_system":
        name = re.match(r"^alter\s+system\s+(?:set|reset)\s+([a-z_.]+)", text, re.I).group(1).lower()
        if name in DENY_SETTINGS or name.endswith("_command") or name == "all":
            return None, f"ALTER SYSTEM for {name} is not offered here (it can run programs or move files); change it by hand"
    if kind == "create_index" and re.search(r"\b(pg_sleep|dblink|lo_\w+|pg_read\w*|set_config)\s*\(", text, re.I):
        return None, "the index definition calls a function that is not allowed"
    return kind, text


def run_confirmed(ctx, sql: str, timeout_ms: int = WRITE_TIMEOUT_MS) -> ToolResult:
    """Run one user-confirmed change on its own connection; returns the outcome as a ToolResult."""
    t0 = time.perf_counter()
    kind, text = classify(sql)
    if kind is None:
        return ToolResult(ok=False, output="", error=f"not run: {text}",
                          duration_ms=round((time.perf_counter() - t0) * 1000, 1))
    out_lines: list[str] = []
    data: dict = {"kind": kind, "sql": text}
    try:
        with connect(ctx.dsn, ctx.connect_timeout_s, autocommit=True) as conn:
            conn.execute(f"SET statement_timeout = {int(timeout_ms)}")
            conn.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")
            if kind == "explain_analyze":
                with conn.transaction(force_rollback=True):
                    conn.execute("SET TRANSACTION READ ONLY")
                    rows = conn.execute(text).fetchall()
                plan = rows[0][0] if len(rows) == 1 and not isinstance(rows[0][0], str) else "\n".join(r[0] for r in rows)
                data["plan"] = plan
                out_lines.append("```\n" + (plan if isinstance(plan, str) else str(plan)) + "\n```")
            elif kind in AUTOCOMMIT_KINDS:
                cur = conn.execute(text)
                out_lines.append(f"Done: {cur.statusmessage or kind}.")
                if kind == "alter_system":
                    reloaded = conn.execute("SELECT pg_reload_conf()").fetchone()[0]
                    name = re.match(r"^alter\s+system\s+(?:set|reset)\s+([a-z_.]+)", text, re.I).group(1).lower()
                    row = conn.execute("SELECT name, current_setting(name), context, pending_restart FROM pg_settings "
                                       "WHERE name = %s", (name,)).fetchone()
                    data["reloaded"] = reloaded
                    if row:
                        data.update(setting=row[0], value=row[1], context=row[2], pending_restart=row[3])
                        note = " — a restart is needed for it to take effect" if row[3] or row[2] == "postmaster" else ""
                        out_lines.append(f"Configuration reloaded; {row[0]} is now {row[1]}{note}.")
            else:  # alter_table_storage, analyze: one short transaction
                with conn.transaction():
                    cur = conn.execute(text)
                out_lines.append(f"Done: {cur.statusmessage or kind}.")
    except (psycopg.Error, OSError) as e:
        return ToolResult(ok=False, output="", error=f"{kind} failed: {explain_error(e, ctx.dsn)}", data=data,
                          duration_ms=round((time.perf_counter() - t0) * 1000, 1))
    dur = round((time.perf_counter() - t0) * 1000, 1)
    out = md_table(["statement", "result"], [(text, out_lines[0] if kind != "explain_analyze" else "executed")])
    out += "\n\n" + "\n\n".join(out_lines)
    return ToolResult(ok=True, output=out, data=data, duration_ms=dur)

"""The ONLY code path that changes the user's database, run after the user confirms a suggestion.

Tools never call it; they return ToolResult.suggestions [{"sql", "reason"}] and the UI/CLI calls
``run_confirmed`` when the user presses Run. The statement is read by PostgreSQL's own parser (pglast)
and only these kinds pass, as the token-rebuilt text that was checked:

- CREATE [UNIQUE] INDEX [CONCURRENTLY] ...      (functions in its expressions resolved on the allow-list)
- DROP INDEX [CONCURRENTLY] [IF EXISTS] ...     (no CASCADE)
- ALTER TABLE name SET (...) / RESET (...)      (storage parameters on a list)
- ALTER SYSTEM SET name = value / RESET name    (tuning settings with value checks, settings_allow.py;
                                                 followed by SELECT pg_reload_conf())
- VACUUM [(options)] [table], ANALYZE [table]
- EXPLAIN ANALYZE of a plain SELECT that passes the read-only guard and the function allow-list; it runs
  in a READ ONLY transaction that is rolled back.
Every statement goes through the extended query protocol (one statement by construction).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import psycopg

from toolkits.postgres.allowlist import require_allowed
from toolkits.postgres.connection import connect, explain_error
from toolkits.postgres.guard import Checked, Refused, check, collect_names, constant_value, parse_one, rebuild
from toolkits.postgres.settings_allow import TUNABLE, check_value
from toolkits.results import Block, Code, Table, Text, ToolResult

WRITE_TIMEOUT_MS = 10 * 60 * 1000
LOCK_TIMEOUT_MS = 5000
STORAGE_PARAMS = frozenset({
    "fillfactor", "parallel_workers", "toast_tuple_target", "vacuum_index_cleanup", "vacuum_truncate",
    "log_autovacuum_min_duration", "autovacuum_enabled", "autovacuum_vacuum_threshold",
    "autovacuum_vacuum_scale_factor", "autovacuum_analyze_threshold", "autovacuum_analyze_scale_factor",
    "autovacuum_vacuum_insert_threshold", "autovacuum_vacuum_insert_scale_factor", "autovacuum_vacuum_cost_delay",
    "autovacuum_vacuum_cost_limit", "autovacuum_freeze_min_age", "autovacuum_freeze_max_age",
    "autovacuum_freeze_table_age", "autovacuum_multixact_freeze_min_age", "autovacuum_multixact_freeze_max_age",
    "autovacuum_multixact_freeze_table_age",
})
VACUUM_OPTIONS = frozenset({"full", "freeze", "verbose", "analyze", "disable_page_skipping", "skip_locked",
                            "index_cleanup", "process_toast", "truncate", "parallel", "process_main",
                            "skip_database_stats", "only_database_stats", "buffer_usage_limit"})
AUTOCOMMIT_KINDS = {"create_index", "drop_index", "vacuum", "alter_system"}
ALLOWED_TEXT = ("CREATE INDEX [CONCURRENTLY], DROP INDEX [CONCURRENTLY], ALTER TABLE ... SET/RESET (storage parameters), "
                "ALTER SYSTEM SET/RESET of tuning settings, VACUUM, ANALYZE, EXPLAIN ANALYZE of a SELECT")


@dataclass(frozen=True)
class _Plan:
    """What classify found: the kind, the text to run, and the parts checked on the server at run time."""

    kind: str
    text: str
    checked: Checked | None = None  # functions to resolve on the allow-list before running
    setting: str = ""  # ALTER SYSTEM: the setting's name


def classify(sql: str) -> tuple[str | None, str]:
    """(kind, statement to run) for an allowed write, or (None, reason)."""
    try:
        plan = _classify(sql or "")
    except Refused as e:
        return None, str(e)
    return plan.kind, plan.text


def _classify(sql: str) -> _Plan:
    text = rebuild(sql)
    (node, body), = parse_one(text).items()
    if node == "ExplainStmt":
        return _explain(text)
    if node == "IndexStmt":
        return _Plan("create_index", text, _expressions_checked(text, body))
    if node == "DropStmt" and body.get("removeType") == "OBJECT_INDEX":
        if body.get("behavior") == "DROP_CASCADE":
            raise Refused("DROP INDEX ... CASCADE also drops what depends on the index; drop it without CASCADE")
        return _Plan("drop_index", text)
    if node == "AlterTableStmt" and body.get("objtype") in ("OBJECT_TABLE", "OBJECT_MATVIEW"):
        _storage_only(body.get("cmds") or [])
        return _Plan("alter_table_storage", text)
    if node == "AlterSystemStmt":
        return _Plan("alter_system", text, setting=_alter_system(body["setstmt"]))
    if node == "VacuumStmt":
        bad = [o["DefElem"]["defname"] for o in body.get("options") or [] if o["DefElem"]["defname"] not in VACUUM_OPTIONS]
        if bad:
            raise Refused(f"VACUUM/ANALYZE option {bad[0]} is not offered here")
        return _Plan("vacuum" if body.get("is_vacuumcmd") else "analyze", text)
    raise Refused(f"this statement is not in the list of confirmable changes ({ALLOWED_TEXT})")


def _explain(text: str) -> _Plan:
    try:
        checked = check(text, allow_analyze=True)
    except Refused as e:
        raise Refused(f"EXPLAIN ANALYZE only runs a guarded read-only query: {e}") from None
    if not checked.explain_analyze:
        raise Refused("EXPLAIN without ANALYZE does not need confirmation; use the explain_query tool")
    return _Plan("explain_analyze", text, checked)


def _expressions_checked(text: str, body: dict) -> Checked:
    """Index expressions and predicates run for every row: their functions go through the same allow-list."""
    exprs = [p["IndexElem"]["expr"] for p in body.get("indexParams") or [] if "expr" in p.get("IndexElem", {})]
    if body.get("whereClause"):
        exprs.append(body["whereClause"])
    if not exprs:
        return None
    try:
        names = collect_names({"List": {"items": exprs}})
    except Refused as e:
        raise Refused(f"the index definition calls a function that is not allowed: {e}") from None
    return Checked(text, False, *names)


def _storage_only(cmds: list[dict]) -> None:
    for cmd in cmds:
        c = cmd.get("AlterTableCmd", {})
        if c.get("subtype") not in ("AT_SetRelOptions", "AT_ResetRelOptions"):
            raise Refused(f"this statement is not in the list of confirmable changes ({ALLOWED_TEXT})")
        for item in (c.get("def") or {}).get("List", {}).get("items", []):
            d = item.get("DefElem", {})
            name = (d.get("defnamespace") + "." if d.get("defnamespace") else "") + d.get("defname", "")
            if d.get("defname") not in STORAGE_PARAMS or d.get("defnamespace") not in (None, "toast"):
                raise Refused(f"storage parameter {name} is not offered here (autovacuum_*, fillfactor and similar are)")


def _alter_system(setstmt: dict) -> str:
    kind, name = setstmt.get("kind"), (setstmt.get("name") or "").lower()
    if kind == "VAR_RESET_ALL":
        raise Refused("ALTER SYSTEM RESET ALL is not offered here; reset settings one at a time")
    if kind in ("VAR_RESET", "VAR_SET_DEFAULT"):
        reason = check_value(name, []) if name not in TUNABLE else ""
        if not reason and TUNABLE[name].kind in ("libraries", "on_only"):  # the file's value may be worse
            reason = f"ALTER SYSTEM RESET {name} is not offered here (the configuration file's value may be unsafe); set it explicitly"
    elif kind == "VAR_SET_VALUE":
        values = [constant_value(a) for a in setstmt.get("args") or []]
        reason = "a setting value must be a constant" if any(v is None for v in values) else \
            check_value(name, [str(v) for v in values])
    else:
        reason = f"ALTER SYSTEM {kind} is not offered here"
    if reason:
        raise Refused(reason)
    return name


def run_confirmed(ctx, sql: str, timeout_ms: int = WRITE_TIMEOUT_MS) -> ToolResult:
    """Run one user-confirmed change on its own connection; returns the outcome as a ToolResult
    (rows: the statement and its result; data: kind, sql, and plan / reloaded, setting, value, context,
    pending_restart when they apply)."""
    t0 = time.perf_counter()
    took = lambda: round((time.perf_counter() - t0) * 1000, 1)  # noqa: E731
    try:
        plan = _classify(sql or "")
    except Refused as e:
        return ToolResult(ok=False, error=f"not run: {e}", duration_ms=took())
    kind, text = plan.kind, plan.text
    data: dict = {"kind": kind, "sql": text}
    allowed = frozenset(getattr(ctx, "allow_functions", ()) or ())
    try:
        with connect(ctx.dsn, ctx.connect_timeout_s, autocommit=True, read_only=kind == "explain_analyze") as conn:
            conn.execute(f"SET statement_timeout = {int(timeout_ms)}")
            conn.execute(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")
            conn.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog, ' || "
                         "pg_catalog.current_setting('search_path'), false)")
            if plan.checked is not None:
                require_allowed(conn.cursor(), plan.checked, allowed)
            status, blocks = _execute(conn, plan, data)
    except Refused as e:
        return ToolResult(ok=False, error=f"not run: {e}", data=data, duration_ms=took())
    except (psycopg.Error, OSError) as e:
        return ToolResult(ok=False, error=f"{kind} failed: {explain_error(e, ctx.dsn)}", data=data, duration_ms=took())
    columns, rows = ["statement", "result"], [(text, status)]
    return ToolResult(ok=True, blocks=[Table(columns, rows), *blocks], columns=columns, rows=rows, data=data,
                      duration_ms=took())


def _execute(conn: psycopg.Connection, plan: _Plan, data: dict) -> tuple[str, list[Block]]:
    """Run the planned statement (extended protocol: ``binary=True``): (its result in a few words, what to show)."""
    kind, text = plan.kind, plan.text
    if kind == "explain_analyze":
        with conn.transaction(force_rollback=True):
            conn.execute("SET TRANSACTION READ ONLY")
            rows = conn.execute(text, binary=True).fetchall()
        plan_out = rows[0][0] if len(rows) == 1 and not isinstance(rows[0][0], str) else "\n".join(r[0] for r in rows)
        data["plan"] = plan_out
        return "executed", [Code(plan_out if isinstance(plan_out, str) else str(plan_out), lang="")]
    if kind not in AUTOCOMMIT_KINDS:  # alter_table_storage, analyze: one short transaction
        with conn.transaction():
            cur = conn.execute(text, binary=True)
        done = f"Done: {cur.statusmessage or kind}."
        return done, [Text(done)]
    cur = conn.execute(text, binary=True)
    done = f"Done: {cur.statusmessage or kind}."
    blocks: list[Block] = [Text(done)]
    if kind == "alter_system":
        reloaded = conn.execute("SELECT pg_catalog.pg_reload_conf()").fetchone()[0]
        row = conn.execute("SELECT name, current_setting(name), context, pending_restart FROM pg_catalog.pg_settings "
                           "WHERE name = %s", (plan.setting,)).fetchone()
        data["reloaded"] = reloaded
        if row:
            data.update(setting=row[0], value=row[1], context=row[2], pending_restart=row[3])
            note = " — a restart is needed for it to take effect" if row[3] or row[2] == "postmaster" else ""
            blocks.append(Text(f"Configuration reloaded; {row[0]} is now {row[1]}{note}."))
    return done, blocks

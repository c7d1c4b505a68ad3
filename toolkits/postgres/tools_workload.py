"""workload tools: top statements (pg_stat_statements) and active sessions (pg_stat_activity)."""
from __future__ import annotations

import re

from toolkits.postgres.common import ok, pg_tool, pgss_status
from toolkits.postgres.inputs import as_int, parse_input
from toolkits.postgres.connection import readonly_session
from toolkits.postgres.render import md_table

ORDER_KEYS = {
    "total_time": "total_exec_time", "mean_time": "mean_exec_time", "calls": "calls", "rows": "rows",
    "temp_blks": "temp_blks_read + temp_blks_written", "io": "shared_blks_read",
}
_SYNONYMS = [
    (r"mean|avg|average|slowest|per.?call|latency", "mean_time"),
    (r"temp|spill|disk sort", "temp_blks"),
    (r"\bcalls?\b|frequen|often|most executed|count", "calls"),
    (r"\brows?\b|returned", "rows"),
    (r"\bio\b|read|disk|blocks", "io"),
    (r"total|time|expensive|top|heaviest|cpu", "total_time"),
]
_UTILITY = r"^\s*(SET|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SHOW|START TRANSACTION|DISCARD|RESET|DEALLOCATE)\y"


def order_key(text: str) -> str:
    t = (text or "").strip().lower()
    if t in ORDER_KEYS:
        return t
    for pat, key in _SYNONYMS:
        if re.search(pat, t):
            return key
    return "total_time"


@pg_tool(
    "top_queries", "workload",
    "Top SQL statements from pg_stat_statements by total or mean execution time, calls, rows or temp blocks.",
    "the order key (total_time, mean_time, calls, rows, temp_blks, io) and how many statements",
    'plain text like "mean_time 5", or JSON {"order_by": str, "limit": int}',
    ['{"order_by": "total_time", "limit": 10}', "mean_time 5", "calls"],
)
def top_queries(ctx, tool_input=""):
    args = parse_input(tool_input, "order_by", ("limit", "order", "sort"))
    text = str(args.get("order_by") or args.get("order") or args.get("sort") or "")
    m = re.search(r"\b(\d+)\b", text)
    limit = as_int(args.get("limit") or (m.group(1) if m else None), 10, 1, 100)
    key = order_key(re.sub(r"\b\d+\b", "", text))
    with readonly_session(ctx) as s:
        ready, note = pgss_status(s)
        if not ready:
            return ok(note, data={"available": False, "reason": note})
        r = s.query(
            f"""SELECT queryid, calls, round(total_exec_time::numeric, 1) AS total_ms,
                       round(mean_exec_time::numeric, 2) AS mean_ms, rows,
                       temp_blks_read + temp_blks_written AS temp_blks,
                       round(100.0 * shared_blks_hit / nullif(shared_blks_hit + shared_blks_read, 0), 1) AS hit_pct,
                       round((100.0 * total_exec_time / nullif(sum(total_exec_time) OVER (), 0))::numeric, 1) AS time_pct,
                       shared_blks_read, query
                FROM pg_stat_statements
                WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                  AND query !~* %s AND query !~* 'pg_stat_statements'
                  AND query !~ 'FROM ONLY .* FOR KEY SHARE OF x$'  -- foreign-key checks run by triggers
                ORDER BY {ORDER_KEYS[key]} DESC NULLS LAST LIMIT %s""", (_UTILITY, limit), cap=limit)
    rows = r.dicts()
    if not rows:
        return ok("pg_stat_statements has no statements recorded for this database yet (run some workload, "
                  "or the statistics were reset).", data={"available": True, "order_by": key, "statements": []})
    table = md_table(["queryid", "calls", "total ms", "mean ms", "rows", "temp blks", "cache hit %", "% of time", "query"],
                     [(d["queryid"], d["calls"], d["total_ms"], d["mean_ms"], d["rows"], d["temp_blks"], d["hit_pct"],
                       d["time_pct"], d["query"]) for d in rows], max_cell=200)
    return ok(f"Top {len(rows)} statement(s) by {key} (pg_stat_statements, this database):\n\n{table}",
              data={"available": True, "order_by": key, "statements": [
                  {k: (float(v) if k in ("total_ms", "mean_ms", "hit_pct", "time_pct") and v is not None else v)
                   for k, v in d.items()} for d in rows]})


@pg_tool(
    "active_sessions", "workload",
    "Current sessions from pg_stat_activity: what runs now, for how long, and what it waits on (wait events summary).",
    "optional 'all' to include idle sessions, or a minimum duration in seconds",
    'plain text ("all", "5"), or JSON {"include_idle": bool, "min_duration_s": number}',
    ["", "all", '{"min_duration_s": 5}'],
)
def active_sessions(ctx, tool_input=""):
    args = parse_input(tool_input, "filter", ("include_idle", "min_duration_s", "limit"))
    filt = str(args.get("filter") or "").lower()
    include_idle = bool(args.get("include_idle")) or "all" in filt or "idle" in filt
    m = re.search(r"\d+(\.\d+)?", filt)
    try:
        min_s = float(args.get("min_duration_s") or (m.group() if m else 0))
    except (TypeError, ValueError):
        min_s = 0.0
    with readonly_session(ctx) as s:
        r = s.query(
            """SELECT pid, usename AS user, datname AS db, application_name AS app, client_addr::text AS client,
                      state, wait_event_type, wait_event,
                      round(extract(epoch FROM now() - query_start)::numeric, 1) AS query_s,
                      round(extract(epoch FROM now() - xact_start)::numeric, 1) AS xact_s,
                      cardinality(pg_blocking_pids(pid)) > 0 AS blocked, backend_type, query
               FROM pg_stat_activity
               WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'
                 AND (%(idle)s OR state IS DISTINCT FROM 'idle')
                 AND coalesce(extract(epoch FROM now() - query_start), 0) >= %(min)s
               ORDER BY state = 'idle', query_start NULLS LAST""", {"idle": include_idle, "min": min_s})
        summ = s.query(
            """SELECT coalesce(state, '(none)') AS state, coalesce(wait_event_type || ':' || wait_event, 'CPU / not waiting') AS wait,
                      count(*) AS sessions
               FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'
               GROUP BY 1, 2 ORDER BY 3 DESC""")
        maxc = int(s.one("SELECT current_setting('max_connections')"))
        total = s.one("SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'")
    rows = r.dicts()
    parts = [f"{total} client connection(s) of max_connections = {maxc} (including this one)."]
    parts.append("By state and wait event:\n\n" + md_table(summ.columns, summ.rows))
    what = "sessions" if include_idle else "non-idle sessions"
    if rows:
        parts.append(f"{len(rows)} {what}" + (f" running ≥ {min_s:g} s" if min_s else "") + ":\n\n" + md_table(
            ["pid", "user", "db", "app", "state", "wait", "query s", "xact s", "blocked", "query"],
            [(d["pid"], d["user"], d["db"], d["app"], d["state"],
              f"{d['wait_event_type']}:{d['wait_event']}" if d["wait_event_type"] else "", d["query_s"], d["xact_s"],
              "yes" if d["blocked"] else "", d["query"]) for d in rows], r.truncated, r.cap))
    else:
        parts.append(f"No other {what}" + (f" running ≥ {min_s:g} s" if min_s else "") + " right now.")
    return ok("\n\n".join(parts), data={"total_connections": total, "max_connections": maxc,
                                        "sessions": rows, "summary": summ.dicts()})

"""workload tools: top statements (pg_stat_statements) and active sessions (pg_stat_activity)."""
from __future__ import annotations

import re

from toolkits.inputs import as_int
from toolkits.postgres.common import ok, pg_tool, pgss_status
from toolkits.postgres.connection import readonly_session
from toolkits.results import Finding, Table, Text
from toolkits.tool import Ask, Intent, Planned

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


def _num(v):
    return float(v) if v is not None else None


def _fmt(v) -> str:
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def top_findings(records: list[dict]) -> list[Finding]:
    """The three statements that cost the most, as plain figures (subject: the statement, shortened)."""
    out = []
    for r in records[:3]:
        qtext = r.get("query") or ""
        if not qtext:
            continue
        bits = [f"{_fmt(r['calls'])} calls" if r.get("calls") is not None else "",
                f"mean {_fmt(float(r['mean_ms']))} ms" if r.get("mean_ms") is not None else "",
                f"total {_fmt(float(r['total_ms']))} ms" if r.get("total_ms") is not None else ""]
        out.append(Finding(re.sub(r"\s+", " ", str(qtext))[:110], ", ".join(b for b in bits if b), "info"))
    return out


def plan_top_queries(ask: Ask) -> Planned:
    low = ask.text.lower()
    key = "total_time"
    if re.search(r"\bmean|average|per call|slowest (single|individual)|each call|longest\b", low):
        key = "mean_time"
    elif re.search(r"\b(most (often|frequent|called|executed|run)|calls|frequently|how often|(most|many) times|"
                   r"(executed|run|called) the most)\b", low):
        key = "calls"
    elif re.search(r"\btemp(orary)?\b", low):
        key = "temp_blks"
    elif re.search(r"\b(rows|most data)\b", low):
        key = "rows"
    elif re.search(r"\b(i/?o|reads?|disk)\b", low):
        key = "io"
    n = re.search(r"\btop (\d+)\b|\b(\d+) (slowest|most|top|worst|heaviest)\b", low)
    limit = int(next(g for g in n.groups() if g)) if n else 5
    return Planned({"order_by": key, "limit": limit}, f"Find the statements that cost the most ({key.replace('_', ' ')}).")


TOP_COLUMNS = ["queryid", "calls", "total_ms", "mean_ms", "rows", "temp_blks", "hit_pct", "time_pct", "shared_blks_read",
               "query"]


@pg_tool(
    "workload",
    examples=['{"order_by": "total_time", "limit": 10}', "mean_time 5", "calls"],
    questions=["which queries take the most time", "show me the slowest queries", "what are the most frequent statements",
               "which statements use temp files", "why is the database slow"],
    intents=[Intent(r"\b(slow(est)?|expensive|heav(y|iest)|costly|longest|top|worst|time[- ]consuming|resource[- ]"
                    r"(hungry|intensive))\b[^.?]*\b(quer(y|ies)|statements?|sql)\b|"
                    r"\b(quer(y|ies)|statements?)\b[^.?]*\b(most (total )?(execution |run(ning)? )?(time|often|calls|frequent)|slow(est)?|longest|called most|"
                    r"take the most|temp(orary)? (files|blocks))\b|\bpg_stat_statements\b|\bworkload\b|"
                    r"\bmost (frequent|called|executed|run)\b|\b(executed|run|called) the most( times| often)?\b|\bquer(y|ies)\b[^.?]*\b(hit|load|hammer|stress)\w*\b|\bmean (execution )?time\b|\bquery (stats|statistics|performance)\b",
                    precedence=80)],
    plan=plan_top_queries,
    aliases={"order": "order_by", "sort": "order_by"},
)
def top_queries(ctx, order_by: str = "total_time", limit: int = 0):
    """Top SQL statements from pg_stat_statements by total or mean execution time, calls, rows or temp blocks.

    Args:
        order_by: the order key: total_time, mean_time, calls, rows, temp_blks or io (synonyms such as "slowest" or
            "most frequent" are understood; a number in it is the limit, as in "mean_time 5")
        limit: how many statements (1 to 100; 10 when 0 and order_by names no number)

    Data: available (False when pg_stat_statements cannot be read; reason says why and how to enable it),
    order_by (the order key used). Rows: queryid, calls, total_ms, mean_ms, rows, temp_blks, hit_pct (cache hit %),
    time_pct (% of the total time), shared_blks_read, query.
    """
    text = str(order_by or "")
    m = re.search(r"\b(\d+)\b", text)
    limit = as_int(limit or (m.group(1) if m else None), 10, 1, 100)
    key = order_key(re.sub(r"\b\d+\b", "", text))
    with readonly_session(ctx) as s:
        ready, note = pgss_status(s)
        if not ready:
            return ok(Text(note), data={"available": False, "reason": note})
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
    data = {"available": True, "order_by": key}
    if not r.rows:
        return ok(Text("pg_stat_statements has no statements recorded for this database yet (run some workload, "
                       "or the statistics were reset)."), columns=TOP_COLUMNS, rows=[], data=data)
    records = [{c: (_num(d[c]) if c in ("total_ms", "mean_ms", "hit_pct", "time_pct") else d[c]) for c in TOP_COLUMNS}
               for d in r.dicts()]
    rows = [tuple(d[c] for c in TOP_COLUMNS) for d in records]
    shown = ["queryid", "calls", "total ms", "mean ms", "rows", "temp blks", "cache hit %", "% of time", "query"]
    table = Table(shown, [(d["queryid"], d["calls"], d["total_ms"], d["mean_ms"], d["rows"], d["temp_blks"], d["hit_pct"],
                           d["time_pct"], d["query"]) for d in records])
    return ok(Text(f"Top {len(rows)} statement(s) by {key} (pg_stat_statements, this database):"), table,
              columns=TOP_COLUMNS, rows=rows, findings=top_findings(records), data=data)


def plan_active_sessions(ask: Ask) -> Planned:
    idle = bool(re.search(r"\b(idle|all|connected|connections?)\b", ask.text.lower()))
    return Planned({"include_idle": True} if idle else {}, "See what runs right now and what it waits on.")


@pg_tool(
    "workload",
    examples=["", "all", '{"min_duration_s": 5}'],
    questions=["what is running right now", "which sessions are active", "what are sessions waiting on",
               "are there long running queries", "is anything idle in transaction", "why is the database slow right now"],
    intents=[Intent(r"\b(active|current|open|idle|running) (sessions?|connections?|queries|transactions?|backends?)\b|"
                    r"\b(sessions?|connections?|backends?)\b|\brunning (right )?now\b|\bwait(ing)? events?\b|"
                    r"\bwhat is (the database|postgres|it) doing\b|\bidle in transaction\b|\bwho(?:'s| is| are) connected\b|"
                    r"\bconnected (right )?now\b|"
                    r"\bpg_stat_activity\b|\blong[- ]running\b|\bstuck\b|\bhung\b|"
                    r"\bwho is (on|using)\b|\bhow many (users|clients)\b", precedence=90),
             Intent(r"\bwaiting( on| for)?\b", precedence=90, no_table=True)],
    plan=plan_active_sessions,
)
def active_sessions(ctx, filter: str = "", include_idle: bool = False, min_duration_s: float = 0.0):
    """Current sessions from pg_stat_activity: what runs now, for how long, and what it waits on (wait events summary).

    Args:
        filter: optional "all" (or "idle") to include idle sessions, and/or a minimum duration in seconds, as plain text
        include_idle: include idle sessions
        min_duration_s: only sessions whose current query has run at least this many seconds

    Data: total_connections (client connections, this one included), max_connections, summary
    [{state, wait, sessions}] (every client session by state and wait event). Rows: pid, user, db, app, client,
    state, wait_event_type, wait_event, query_s, xact_s, blocked, backend_type, query.
    """
    filt = str(filter or "").lower()
    include_idle = bool(include_idle) or "all" in filt or "idle" in filt
    m = re.search(r"\d+(\.\d+)?", filt)
    try:
        min_s = float(min_duration_s or (m.group() if m else 0))
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
    blocks = [Text(f"{total} client connection(s) of max_connections = {maxc} (including this one)."),
              Table(summ.columns, summ.rows, title="By state and wait event")]
    what = "sessions" if include_idle else "non-idle sessions"
    running = f" running ≥ {min_s:g} s" if min_s else ""
    if rows:
        blocks.append(Table(
            ["pid", "user", "db", "app", "state", "wait", "query s", "xact s", "blocked", "query"],
            [(d["pid"], d["user"], d["db"], d["app"], d["state"],
              f"{d['wait_event_type']}:{d['wait_event']}" if d["wait_event_type"] else "", d["query_s"], d["xact_s"],
              "yes" if d["blocked"] else "", d["query"]) for d in rows],
            title=f"{len(rows)} {what}{running}", truncated=r.truncated, cap=r.cap))
    else:
        blocks.append(Text(f"No other {what}{running} right now."))
    return ok(*blocks, columns=r.columns, rows=r.rows,
              data={"total_connections": total, "max_connections": maxc, "summary": summ.dicts()})

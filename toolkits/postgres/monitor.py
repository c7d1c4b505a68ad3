"""What the diagnosis monitor reads from PostgreSQL: one sample of cumulative counters and gauges, and the
structure facts (indexes, table options, settings) a diagnosis checks. Read-only, in one read-only session.

Every part is read on its own savepoint, so a view the role may not read (pg_stat_statements absent, no
pg_read_all_stats) becomes a note in ``sample["notes"]`` and the rest of the sample is still there.
The agent turns cumulative counters into rates (agent/diagnosis/); nothing here formats text for people.
"""
from __future__ import annotations

import time
from typing import Any

from toolkits.postgres.connection import readonly_session

# the diagnosed database's own counters (other databases of the server are other workloads); sessions and
# connection limits are read server-wide from pg_stat_activity
DB_COUNTERS = ("xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned", "tup_fetched",
               "tup_inserted", "tup_updated", "tup_deleted", "temp_files", "temp_bytes", "deadlocks")

_DB = f"SELECT {', '.join(f'sum({c})::float8 AS {c}' for c in DB_COUNTERS)}, sum(numbackends)::int AS numbackends " \
      "FROM pg_stat_database WHERE datname = current_database()"

_ACTIVITY = """
SELECT count(*)::int AS sessions,
       count(*) FILTER (WHERE state = 'active')::int AS active,
       count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'Lock')::int AS lock_waiting,
       count(*) FILTER (WHERE state = 'active' AND wait_event_type IS NULL)::int AS on_cpu,
       count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'IO')::int AS io_wait,
       count(*) FILTER (WHERE state = 'active' AND wait_event_type IN ('LWLock', 'BufferPin'))::int AS lwlock_wait,
       count(*) FILTER (WHERE state LIKE 'idle in transaction%%'
                          AND now() - state_change > interval '5 seconds')::int AS idle_in_xact,
       coalesce(max(extract(epoch FROM now() - state_change))
                FILTER (WHERE state LIKE 'idle in transaction%%'), 0)::float8 AS idle_xact_max_s,
       coalesce(max(extract(epoch FROM now() - xact_start)), 0)::float8 AS oldest_xact_s,
       coalesce(max(extract(epoch FROM now() - query_start)) FILTER (WHERE state = 'active'), 0)::float8
           AS longest_query_s,
       (SELECT setting::int FROM pg_settings WHERE name = 'max_connections') AS max_connections,
       (SELECT setting::int FROM pg_settings WHERE name = 'superuser_reserved_connections') AS reserved_connections
FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()
"""

_WAITS = """
SELECT wait_event_type, wait_event, count(*)::int AS n FROM pg_stat_activity
WHERE backend_type = 'client backend' AND state = 'active' AND wait_event_type IS NOT NULL
  AND pid <> pg_backend_pid()
GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 8
"""

_BLOCKED = """
SELECT a.pid, left(a.query, 200) AS query, extract(epoch FROM now() - a.query_start)::float8 AS waiting_s,
       b.pid AS blocker_pid, b.state AS blocker_state, left(b.query, 200) AS blocker_query,
       extract(epoch FROM now() - b.xact_start)::float8 AS blocker_xact_s
FROM pg_stat_activity a
JOIN LATERAL unnest(pg_blocking_pids(a.pid)) AS bp(pid) ON true
JOIN pg_stat_activity b ON b.pid = bp.pid
WHERE a.wait_event_type = 'Lock' ORDER BY waiting_s DESC LIMIT 5
"""

_IDLE_XACT = """
SELECT pid, usename::text AS usename, extract(epoch FROM now() - state_change)::float8 AS idle_s,
       extract(epoch FROM now() - xact_start)::float8 AS xact_s, left(query, 200) AS last_query
FROM pg_stat_activity WHERE state LIKE 'idle in transaction%%' AND backend_type = 'client backend'
ORDER BY idle_s DESC LIMIT 5
"""

_BGWRITER = ("SELECT checkpoints_timed::float8, checkpoints_req::float8, buffers_checkpoint::float8, "
             "buffers_backend::float8, buffers_alloc::float8 FROM pg_stat_bgwriter")
_WAL = "SELECT wal_records::float8, wal_fpi::float8, wal_bytes::float8 FROM pg_stat_wal"

_STATEMENTS = """
WITH s AS (
  SELECT queryid, left(query, 1000) AS query, sum(calls)::float8 AS calls, sum(total_exec_time)::float8 AS total_ms,
         sum(rows)::float8 AS rows, sum(shared_blks_hit)::float8 AS blks_hit, sum(shared_blks_read)::float8 AS blks_read,
         sum(shared_blks_dirtied)::float8 AS blks_dirtied, sum(temp_blks_written)::float8 AS temp_blks,
         sum(wal_bytes)::float8 AS wal_bytes
  FROM pg_stat_statements
  WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND queryid IS NOT NULL
  GROUP BY queryid, query)
(SELECT * FROM s ORDER BY total_ms DESC LIMIT %(n)s)
UNION
(SELECT * FROM s ORDER BY calls DESC LIMIT %(m)s)
"""

_TABLES = """
SELECT t.relid::bigint AS relid, t.schemaname::text AS schema, t.relname::text AS name,
       t.seq_scan::float8, t.seq_tup_read::float8, coalesce(t.idx_scan, 0)::float8 AS idx_scan,
       coalesce(t.idx_tup_fetch, 0)::float8 AS idx_tup_fetch,
       t.n_tup_ins::float8, t.n_tup_upd::float8, t.n_tup_hot_upd::float8, t.n_tup_del::float8,
       t.n_live_tup::float8, t.n_dead_tup::float8, t.n_mod_since_analyze::float8,
       extract(epoch FROM now() - greatest(t.last_autovacuum, t.last_vacuum))::float8 AS vacuum_age_s,
       extract(epoch FROM now() - greatest(t.last_autoanalyze, t.last_analyze))::float8 AS analyze_age_s,
       t.autovacuum_count::float8, t.autoanalyze_count::float8, c.reltuples::float8 AS reltuples,
       c.relpages::float8 AS relpages
FROM pg_stat_user_tables t JOIN pg_class c ON c.oid = t.relid
ORDER BY t.seq_tup_read + coalesce(t.idx_tup_fetch, 0) + t.n_tup_ins + t.n_tup_upd + t.n_tup_del + t.n_dead_tup DESC
LIMIT %(n)s
"""

_INDEXES = """
SELECT i.indrelid::bigint AS relid, ic.relname::text AS name, i.indisunique AS is_unique, i.indisprimary AS is_primary,
       i.indisvalid AS is_valid, i.indpred IS NOT NULL AS partial, i.indexprs IS NOT NULL AS expression,
       am.amname::text AS method,
       ARRAY(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
       coalesce(s.idx_scan, 0)::float8 AS idx_scan, pg_relation_size(i.indexrelid)::float8 AS bytes
FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
LEFT JOIN pg_stat_user_indexes s ON s.indexrelid = i.indexrelid
WHERE i.indrelid = ANY(%(relids)s)
"""

_TABLE_FACTS = """
SELECT c.oid::bigint AS relid, n.nspname::text AS schema, c.relname::text AS name,
       coalesce(array_to_string(c.reloptions, ','), '') AS options, pg_relation_size(c.oid)::float8 AS bytes,
       ARRAY(SELECT attname::text FROM pg_attribute WHERE attrelid = c.oid AND attnum > 0 AND NOT attisdropped
             ORDER BY attnum) AS columns
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = ANY(%(relids)s)
"""

_COLUMN_STATS = """
SELECT c.oid::bigint AS relid, s.attname::text AS column, s.n_distinct::float8 AS n_distinct,
       s.null_frac::float8 AS null_frac, c.reltuples::float8 AS reltuples
FROM pg_stats s JOIN pg_namespace n ON n.nspname = s.schemaname
JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename
WHERE c.oid = ANY(%(relids)s) AND NOT s.inherited
"""

_SETTINGS = """
SELECT name, setting, unit, source, boot_val, reset_val FROM pg_settings
WHERE name IN ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'effective_cache_size', 'max_wal_size',
               'checkpoint_timeout', 'random_page_cost', 'seq_page_cost', 'max_connections', 'autovacuum',
               'autovacuum_naptime', 'autovacuum_vacuum_scale_factor', 'autovacuum_vacuum_cost_limit',
               'autovacuum_max_workers', 'fsync', 'synchronous_commit', 'wal_buffers', 'default_statistics_target',
               'idle_in_transaction_session_timeout', 'statement_timeout', 'jit', 'temp_buffers', 'full_page_writes',
               'commit_delay', 'effective_io_concurrency', 'cpu_tuple_cost', 'cpu_index_tuple_cost',
               'from_collapse_limit', 'join_collapse_limit')
   OR name LIKE 'enable\\_%%'
"""


def _part(s, sample: dict, key: str, sql: str, params: Any = None, *, many: bool = False, cap: int = 500) -> None:
    rows, err = s.try_query(sql, params, cap=cap)
    if err:
        sample["notes"].append(f"{key}: not available ({err})")
        return
    if rows is None:
        return
    dicts = rows.dicts()
    sample[key] = dicts if many else (dicts[0] if dicts else {})


def host_sample() -> dict:
    """Host CPU, memory and disk I/O counters of this machine (only meaningful when the database is local)."""
    import psutil

    io = psutil.disk_io_counters()
    mem = psutil.virtual_memory()
    cpu = psutil.cpu_times()
    busy = cpu.user + cpu.system + getattr(cpu, "nice", 0.0) + getattr(cpu, "irq", 0.0) + getattr(cpu, "softirq", 0.0)
    return {"cpu_busy_s": busy, "cpu_total_s": busy + cpu.idle + getattr(cpu, "iowait", 0.0),
            "cpu_iowait_s": getattr(cpu, "iowait", 0.0), "cpu_count": psutil.cpu_count() or 1,
            "mem_used_pct": mem.percent, "mem_available": float(mem.available),
            "disk_read_bytes": float(io.read_bytes) if io else 0.0,
            "disk_write_bytes": float(io.write_bytes) if io else 0.0}


def read_sample(ctx, statements: int = 150) -> dict:
    """One sample: ``ts`` (epoch seconds), ``db`` counters, ``activity`` gauges, ``waits``, ``blocked`` and
    ``idle_xact`` (a few sessions), ``bgwriter``, ``wal``, ``statements`` and ``tables`` (cumulative rows),
    ``host`` when the server is local, and ``notes`` for what could not be read. Raises the toolkit's
    ToolError when the database cannot be reached."""
    sample: dict[str, Any] = {"notes": []}
    with readonly_session(ctx, purpose="monitor") as s:
        sample["ts"] = time.time()
        if not s.one("SELECT pg_has_role(current_user, 'pg_read_all_stats', 'MEMBER')"):
            sample["notes"].append("other sessions' queries and waits: hidden from this role (grant it pg_read_all_stats "
                                   "or pg_monitor); lock, idle-transaction and statement causes may be missed")
        _part(s, sample, "db", _DB)
        _part(s, sample, "activity", _ACTIVITY)
        _part(s, sample, "waits", _WAITS, many=True)
        _part(s, sample, "blocked", _BLOCKED, many=True)
        _part(s, sample, "idle_xact", _IDLE_XACT, many=True)
        _part(s, sample, "bgwriter", _BGWRITER)
        if s.server_version >= 140000:
            _part(s, sample, "wal", _WAL)
        if s.extension("pg_stat_statements"):
            _part(s, sample, "statements", _STATEMENTS, {"n": statements, "m": statements // 3}, many=True,
                  cap=2 * statements)
        else:
            sample["notes"].append("statements: not available (pg_stat_statements is not installed in this database)")
        _part(s, sample, "tables", _TABLES, {"n": 300}, many=True, cap=300)
    if getattr(ctx, "local", False):
        try:
            sample["host"] = host_sample()
        except Exception as exc:  # psutil on an odd platform: diagnose without host figures
            sample["notes"].append(f"host: not available ({exc})")
    else:
        sample["notes"].append("host: not available (the database is not on this machine)")
    return sample


def read_structure(ctx, relids: list[int]) -> dict:
    """Facts a diagnosis checks about the tables it suspects: ``tables`` (options, size, columns),
    ``indexes`` (columns, uniqueness, scans, size), ``columns`` (planner statistics: n_distinct) and the
    server ``settings`` that matter to a diagnosis."""
    out: dict[str, Any] = {"notes": [], "tables": [], "indexes": [], "columns": [], "settings": []}
    ids = [int(r) for r in relids][:200]
    with readonly_session(ctx, purpose="monitor") as s:
        if ids:
            _part(s, out, "tables", _TABLE_FACTS, {"relids": ids}, many=True)
            _part(s, out, "indexes", _INDEXES, {"relids": ids}, many=True, cap=2000)
            _part(s, out, "columns", _COLUMN_STATS, {"relids": ids}, many=True, cap=5000)
        _part(s, out, "settings", _SETTINGS, many=True)
    return out


def read_plans(ctx, statements: list[str]) -> dict[str, Any]:
    """EXPLAIN (generic plan) of each statement: {text: {"scans": [{relation, node, rows, filter}]}} or
    {text: {"error": why}}. Through the tuning tools' planner helper (guarded, allow-listed, never run)."""
    from toolkits.postgres.tools_tuning import _plan, _walk_plan

    out: dict[str, Any] = {}
    with readonly_session(ctx, purpose="monitor") as s:
        for text in statements[:8]:
            plan, err = _plan(s, text)
            if plan is None:
                out[text] = {"error": err}
                continue
            out[text] = {"scans": [{"relation": n.get("Relation Name", ""), "node": n.get("Node Type", ""),
                                    "rows": float(n.get("Plan Rows") or 0), "filter": n.get("Filter", "")}
                                   for n in _walk_plan(plan) if n.get("Relation Name")]}
    return out


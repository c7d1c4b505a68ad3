"""status tools: index usage, table health, locks, settings, replication."""
from __future__ import annotations

import re

from psycopg import sql as psql

from toolkits.postgres.common import ok, pg_tool, resolve_table
from toolkits.postgres.connection import readonly_session
from toolkits.postgres.inputs import as_int, parse_input
from toolkits.postgres.render import md_table, md_text, pretty_bytes


def qident(schema: str, name: str) -> str:
    return psql.Identifier(schema, name).as_string(None) if schema != "public" else psql.Identifier(name).as_string(None)


_IDX_SQL = """
SELECT i.indexrelid, i.indrelid, n.nspname AS schema, t.relname AS table, ic.relname AS index,
       i.indisunique, i.indisprimary, i.indkey::text AS indkey, i.indclass::text AS indclass,
       coalesce(pg_get_expr(i.indexprs, i.indrelid), '') AS exprs, coalesce(pg_get_expr(i.indpred, i.indrelid), '') AS pred,
       am.amname AS am, pg_relation_size(i.indexrelid) AS bytes, coalesce(s.idx_scan, 0) AS scans,
       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid) AS backs_constraint,
       pg_get_indexdef(i.indexrelid) AS definition
FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_am am ON am.oid = ic.relam
LEFT JOIN pg_stat_user_indexes s ON s.indexrelid = i.indexrelid
WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%%'
  AND (%(rel)s::oid IS NULL OR i.indrelid = %(rel)s::oid)
"""

_FK_SQL = """
SELECT c.conrelid::regclass::text AS table, c.conname AS constraint,
       array_agg(a.attname ORDER BY k.ord) AS columns, c.confrelid::regclass::text AS references,
       n.nspname AS schema, t.relname AS relname, pg_relation_size(c.conrelid) AS bytes,
       t.relkind = 'p' AS partitioned
FROM pg_constraint c CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE c.contype = 'f' AND (%(rel)s::oid IS NULL OR c.conrelid = %(rel)s::oid)
  AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid
                  AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
                  AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
GROUP BY c.conrelid, c.conname, c.confrelid, n.nspname, t.relname, t.relkind
ORDER BY pg_relation_size(c.conrelid) DESC
"""


@pg_tool(
    "index_usage", "status",
    "Index health: unused indexes (no scans), duplicate and redundant (prefix) indexes, and foreign keys without an index.",
    "optional table name to limit the check, or empty for the whole database",
    'plain text table name, or JSON {"table": str}',
    ["", "orders", '{"table": "order_items"}'],
)
def index_usage(ctx, tool_input=""):
    args = parse_input(tool_input, "table")
    name = str(args.get("table") or "").strip()
    if name.lower() in ("all", "*", "none", "database", "all tables"):
        name = ""
    with readonly_session(ctx) as s:
        rel = resolve_table(s, name)[0] if name else None
        idx = s.query(_IDX_SQL, {"rel": rel}, cap=5000).dicts()
        fks = s.query(_FK_SQL, {"rel": rel}, cap=500).dicts()
        reset = s.one("SELECT stats_reset FROM pg_stat_database WHERE datname = current_database()")
    unused = [d for d in idx if d["scans"] == 0 and not d["indisunique"] and not d["backs_constraint"]]
    groups: dict[tuple, list[dict]] = {}
    for d in idx:
        groups.setdefault((d["indrelid"], d["indkey"], d["indclass"], d["exprs"], d["pred"], d["am"]), []).append(d)
    duplicates = []
    for g in groups.values():
        if len(g) > 1:
            g = sorted(g, key=lambda d: (not d["indisprimary"], not d["backs_constraint"], not d["indisunique"], d["index"]))
            duplicates += [(d, g[0]) for d in g[1:]]
    dup_names = {d["index"] for d, _ in duplicates}
    redundant = []
    for a in idx:
        if a["indisunique"] or a["exprs"] or a["pred"] or a["am"] != "btree" or a["index"] in dup_names:
            continue
        ka = a["indkey"].split()
        for b in idx:
            kb = b["indkey"].split()
            if (b is not a and b["indrelid"] == a["indrelid"] and b["am"] == "btree" and not b["exprs"] and not b["pred"]
                    and len(kb) > len(ka) and kb[: len(ka)] == ka and b["indclass"].split()[: len(ka)] == a["indclass"].split()):
                redundant.append((a, b))
                break
    covering = {b["index"] for _, b in redundant}
    unused = [d for d in unused if d["index"] not in covering]  # drop the redundant prefix, keep the wider one
    parts, suggestions = [], []
    since = f" (statistics since {reset:%Y-%m-%d %H:%M})" if reset else ""
    scope = f"table {md_text(name)}" if name else "this database"
    parts.append(f"{len(idx)} index(es) checked in {scope}{since}.")
    if unused:
        parts.append("Unused indexes (0 scans; not unique, not backing a constraint):\n\n" + md_table(
            ["index", "table", "size", "scans"], [(d["index"], d["table"], pretty_bytes(d["bytes"]), d["scans"]) for d in unused]))
        for d in unused:
            suggestions.append({"sql": f"DROP INDEX CONCURRENTLY {qident(d['schema'], d['index'])}",
                                "reason": f"{d['index']} on {d['table']} has had no scans{since} and takes {pretty_bytes(d['bytes'])}"})
    else:
        parts.append("No unused indexes.")
    if duplicates:
        parts.append("Duplicate indexes (same columns, same kind as another index):\n\n" + md_table(
            ["index", "duplicate of", "table", "size"], [(d["index"], k["index"], d["table"], pretty_bytes(d["bytes"])) for d, k in duplicates]))
        for d, k in duplicates:
            if not d["backs_constraint"]:
                suggestions.append({"sql": f"DROP INDEX CONCURRENTLY {qident(d['schema'], d['index'])}",
                                    "reason": f"{d['index']} duplicates {k['index']} on {d['table']}"})
    else:
        parts.append("No duplicate indexes.")
    if redundant:
        parts.append("Redundant indexes (their columns are a leading prefix of another btree index):\n\n" + md_table(
            ["index", "covered by", "table", "size"], [(a["index"], b["index"], a["table"], pretty_bytes(a["bytes"])) for a, b in redundant]))
        for a, b in redundant:
            suggestions.append({"sql": f"DROP INDEX CONCURRENTLY {qident(a['schema'], a['index'])}",
                                "reason": f"{a['index']} is a prefix of {b['index']} on {a['table']}"})
    else:
        parts.append("No redundant (prefix) indexes.")
    if fks:
        parts.append("Foreign keys without a supporting index (joins and deletes on the parent scan the child):\n\n" + md_table(
            ["table", "constraint", "columns", "references"], [(f["table"], f["constraint"], ", ".join(f["columns"]), f["references"]) for f in fks]))
        for f in fks:
            cols = ", ".join(psql.Identifier(c).as_string(None) for c in f["columns"])
            how = "CREATE INDEX" if f["partitioned"] else "CREATE INDEX CONCURRENTLY"
            note = " (partitioned table: no CONCURRENTLY in PostgreSQL 15, writes wait while it builds)" if f["partitioned"] else ""
            suggestions.append({"sql": f"{how} ON {qident(f['schema'], f['relname'])} ({cols})",
                                "reason": f"foreign key {f['constraint']} on {f['table']}({', '.join(f['columns'])}) has no index{note}"})
    else:
        parts.append("Every foreign key has a supporting index.")
    data = {
        "unused": [{"index": d["index"], "table": d["table"], "bytes": d["bytes"]} for d in unused],
        "duplicate": [{"index": d["index"], "duplicate_of": k["index"], "table": d["table"]} for d, k in duplicates],
        "redundant": [{"index": a["index"], "covered_by": b["index"], "table": a["table"]} for a, b in redundant],
        "unindexed_fks": [{"table": f["table"], "constraint": f["constraint"], "columns": f["columns"]} for f in fks],
        "indexes": [{"index": d["index"], "table": d["table"], "scans": d["scans"], "bytes": d["bytes"],
                     "definition": d["definition"]} for d in idx],
    }
    return ok("\n\n".join(parts), data=data, suggestions=suggestions)


_HEALTH_SQL = """
SELECT s.schemaname AS schema, s.relname AS table, s.n_live_tup AS live, s.n_dead_tup AS dead,
       round(100.0 * s.n_dead_tup / nullif(s.n_live_tup + s.n_dead_tup, 0), 1) AS dead_pct,
       s.n_mod_since_analyze AS mod_since_analyze, s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze,
       s.vacuum_count + s.autovacuum_count AS vacuums, s.seq_scan, coalesce(s.idx_scan, 0) AS idx_scan,
       pg_relation_size(s.relid) AS table_bytes,
       coalesce(array_to_string(c.reloptions, ', '), '') AS reloptions,
       coalesce('autovacuum_enabled=false' = ANY (c.reloptions) OR 'autovacuum_enabled=off' = ANY (c.reloptions), false) AS av_off,
       round(extract(epoch FROM now() - greatest(s.last_vacuum, s.last_autovacuum)) / 3600.0, 1) AS hours_since_vacuum,
       age(c.relfrozenxid) AS xid_age
FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
WHERE (%(rel)s::oid IS NULL OR s.relid = %(rel)s::oid)
ORDER BY {order} DESC NULLS LAST, s.relname
"""
_HEALTH_ORDER = {"dead": "s.n_dead_tup", "dead_pct": "dead_pct", "size": "pg_relation_size(s.relid)",
                 "seq_scan": "s.seq_scan", "mod": "s.n_mod_since_analyze"}


def _ago(h) -> str:
    if h is None:
        return "never"
    h = float(h)
    return f"{h:.1f} h ago" if h < 48 else f"{h / 24:.1f} days ago"


@pg_tool(
    "table_health", "status",
    "Table health: live/dead tuples and dead %, last (auto)vacuum and (auto)analyze, changes since analyze, bloat hints, autovacuum switched off.",
    "optional table name, or empty for all tables (most dead tuples first)",
    'plain text table name, or JSON {"table": str, "order_by": "dead|dead_pct|size|seq_scan|mod", "limit": int}',
    ["", "orders", '{"order_by": "dead_pct", "limit": 5}'],
)
def table_health(ctx, tool_input=""):
    args = parse_input(tool_input, "table", ("order_by", "limit"))
    name = str(args.get("table") or "").strip()
    if name.lower() in ("all", "*", "none", "all tables"):
        name = ""
    order = str(args.get("order_by") or "dead").lower()
    order = order if order in _HEALTH_ORDER else ("dead_pct" if "pct" in order or "%" in order else "dead")
    limit = as_int(args.get("limit"), ctx.row_cap, 1, ctx.row_cap)
    with readonly_session(ctx) as s:
        rel = resolve_table(s, name)[0] if name else None
        r = s.query(_HEALTH_SQL.replace("{order}", _HEALTH_ORDER[order]), {"rel": rel}, cap=limit)
        scale = float(s.one("SELECT current_setting('autovacuum_vacuum_scale_factor')"))
        thresh = int(s.one("SELECT current_setting('autovacuum_vacuum_threshold')"))
        av = s.one("SELECT current_setting('autovacuum')")
        freeze_max = int(s.one("SELECT current_setting('autovacuum_freeze_max_age')"))
    rows = r.dicts()
    if not rows:
        return ok("No user tables have statistics yet.", data=[])
    findings, suggestions = [], []
    for d in rows:
        t = qident(d["schema"], d["table"])
        dead, live = d["dead"] or 0, d["live"] or 0
        d["wasted_bytes_est"] = int((d["table_bytes"] or 0) * dead / (live + dead)) if live + dead else 0
        if d["av_off"]:
            findings.append(f"{md_text(d['table'])}: autovacuum is switched off for this table "
                            f"(reloptions: {md_text(d['reloptions'])}).")
            suggestions.append({"sql": f"ALTER TABLE {t} RESET (autovacuum_enabled)",
                                "reason": f"autovacuum is disabled on {d['table']}, so dead tuples are never cleaned up"})
        if d["xid_age"] and d["xid_age"] > 0.8 * freeze_max:
            findings.append(f"{md_text(d['table'])}: transaction-ID age {d['xid_age']} is close to autovacuum_freeze_max_age "
                            f"{freeze_max}; an anti-wraparound vacuum is due.")
            suggestions.append({"sql": f"VACUUM (FREEZE, ANALYZE) {t}",
                                "reason": f"{d['table']} has xid age {d['xid_age']} (freeze max {freeze_max})"})
        if dead >= 1000 and (d["dead_pct"] or 0) >= 10:
            findings.append(f"{md_text(d['table'])}: {d['dead_pct']} % dead tuples ({dead} dead, ~{pretty_bytes(d['wasted_bytes_est'])} "
                            f"reclaimable), last vacuum {_ago(d['hours_since_vacuum'])}.")
            suggestions.append({"sql": f"VACUUM (ANALYZE) {t}",
                                "reason": f"{d['table']} has {d['dead_pct']} % dead tuples"})
            if live > 1_000_000 and scale > 0.05:
                suggestions.append({"sql": f"ALTER TABLE {t} SET (autovacuum_vacuum_scale_factor = 0.05)",
                                    "reason": f"{d['table']} is large; with the default scale factor {scale} autovacuum "
                                              f"waits for {int(thresh + scale * live)} dead tuples"})
        elif live + dead > 0 and (d["mod_since_analyze"] or 0) > max(1000, 0.2 * live) and not d["av_off"]:
            findings.append(f"{md_text(d['table'])}: {d['mod_since_analyze']} rows changed since the last analyze; planner statistics are stale.")
            suggestions.append({"sql": f"ANALYZE {t}", "reason": f"{d['table']} changed a lot since its last analyze"})
    table = md_table(
        ["table", "live", "dead", "dead %", "mods since analyze", "last vacuum", "last autovacuum", "last analyze",
         "last autoanalyze", "size", "seq scans", "idx scans"],
        [(d["table"] if d["schema"] == "public" else f"{d['schema']}.{d['table']}", d["live"], d["dead"], d["dead_pct"],
          d["mod_since_analyze"], d["last_vacuum"], d["last_autovacuum"], d["last_analyze"], d["last_autoanalyze"],
          pretty_bytes(d["table_bytes"]), d["seq_scan"], d["idx_scan"]) for d in rows], r.truncated, r.cap)
    parts = [f"Table health ({len(rows)} table(s), ordered by {order}); autovacuum = {av}, "
             f"autovacuum_vacuum_scale_factor = {scale}:\n\n{table}"]
    parts.append("Findings:\n" + ("\n".join(f"- {f}" for f in findings) if findings else "- no table needs attention"))
    return ok("\n\n".join(parts), data=rows, suggestions=suggestions)


@pg_tool(
    "locks", "status",
    "Locks and blocking: which sessions wait on locks, who blocks whom (pg_blocking_pids tree), lock counts by mode.",
    "nothing (empty input)",
    "empty or any text",
    [""],
)
def locks(ctx, tool_input=""):
    with readonly_session(ctx) as s:
        blocked = s.query(
            """SELECT a.pid, pg_blocking_pids(a.pid) AS blocked_by, a.usename AS user, a.state,
                      a.wait_event_type || ':' || a.wait_event AS wait,
                      round(extract(epoch FROM now() - a.query_start)::numeric, 1) AS waiting_s, a.query
               FROM pg_stat_activity a WHERE cardinality(pg_blocking_pids(a.pid)) > 0 ORDER BY a.query_start""").dicts()
        blockers = {}
        ids = sorted({p for b in blocked for p in b["blocked_by"]})
        if ids:
            blockers = {d["pid"]: d for d in s.query(
                """SELECT pid, usename AS user, state, round(extract(epoch FROM now() - xact_start)::numeric, 1) AS xact_s,
                          query FROM pg_stat_activity WHERE pid = ANY(%s)""", (ids,)).dicts()}
        modes = s.query(
            """SELECT mode, granted, count(*) AS locks FROM pg_locks WHERE pid <> pg_backend_pid()
               GROUP BY 1, 2 ORDER BY 2, 3 DESC""")
        rel_waits = s.query(
            """SELECT l.relation::regclass::text AS relation, l.mode, l.pid FROM pg_locks l
               WHERE NOT l.granted AND l.relation IS NOT NULL""")
    parts = []
    if not blocked:
        parts.append("No session is waiting on a lock right now.")
    else:
        waited_on = {p for b in blocked for p in b["blocked_by"]}
        blocked_pids = {b["pid"] for b in blocked}
        roots = [p for p in ids if p not in blocked_pids]
        children: dict[int, list[dict]] = {}
        for b in blocked:
            for p in b["blocked_by"]:
                children.setdefault(p, []).append(b)
        lines = []

        def walk(pid: int, depth: int, seen: set) -> None:
            for c in children.get(pid, []):
                if c["pid"] in seen:
                    continue
                seen.add(c["pid"])
                lines.append("  " * depth + f"- pid {c['pid']} waits {c['waiting_s']} s on {md_text(c['wait'])}: "
                                                f"{md_text(c['query'], 120)}")
                walk(c["pid"], depth + 1, seen)

        for r in roots or sorted(waited_on):
            b = blockers.get(r, {})
            lines.append(f"- pid {r} ({md_text(b.get('user'))}, {md_text(b.get('state'))}, transaction open "
                         f"{b.get('xact_s')} s): {md_text(b.get('query'), 120)}")
            walk(r, 1, {r})
        parts.append(f"{len(blocked)} session(s) are blocked. Blocking tree (root blockers first):\n\n" + "\n".join(lines))
        parts.append("To release the locks, finish or cancel the root blocker's transaction "
                     "(SELECT pg_cancel_backend(pid) or pg_terminate_backend(pid), run by a DBA).")
    if rel_waits.rows:
        parts.append("Ungranted relation locks:\n\n" + md_table(rel_waits.columns, rel_waits.rows))
    parts.append("Locks held/waited by mode (other sessions):\n\n" + md_table(modes.columns, modes.rows))
    return ok("\n\n".join(parts), data={"blocked": blocked, "blockers": list(blockers.values()), "modes": modes.dicts()})


@pg_tool(
    "settings", "status",
    "Server configuration: settings changed from their defaults, or the value, unit, source and meaning of named settings.",
    "empty for all non-default settings, or a setting name or pattern (e.g. 'work_mem', 'autovacuum%')",
    'plain text, or JSON {"name": str}',
    ["", "shared_buffers", "autovacuum%"],
)
def settings(ctx, tool_input=""):
    args = parse_input(tool_input, "name", ("pattern",))
    name = str(args.get("name") or args.get("pattern") or "").strip().lower()
    names = [n for n in re.split(r"[\s,]+", name) if n] if name else []
    with readonly_session(ctx) as s:
        base = """SELECT name, setting, unit, CASE WHEN unit IS NOT NULL AND vartype IN ('integer','real')
                           THEN current_setting(name) END AS value, source, context, pending_restart, short_desc
                  FROM pg_settings"""
        if not names:
            r = s.query(base + " WHERE source NOT IN ('default', 'override', 'client', 'session') ORDER BY name", cap=500)
            title = "Settings changed from their defaults"
        else:
            pats = [n.replace("*", "%") if any(c in n for c in "%*") else n for n in names]
            r = s.query(base + " WHERE name ILIKE ANY(%s) ORDER BY name", (pats,), cap=500)
            if not r.rows:
                r = s.query(base + " WHERE name ILIKE ANY(%s) ORDER BY name", ([f"%{n}%" for n in names],), cap=500)
            title = f"Settings matching {md_text(', '.join(names))}"
    if not r.rows:
        return ok(f"No setting matches {md_text(repr(name))}; try a pattern like {md_text(repr(f'%{name}%'))} "
                  "or empty input for all non-default settings.",
                  data=[])
    rows = [(d["name"], d["value"] or d["setting"], d["unit"], d["source"], d["context"],
             "yes" if d["pending_restart"] else "", d["short_desc"]) for d in r.dicts()]
    return ok(f"{title} ({len(rows)}):\n\n" + md_table(
        ["name", "value", "unit", "source", "context", "pending restart", "description"], rows, r.truncated, r.cap),
        data=r.dicts())


@pg_tool(
    "replication_status", "status",
    "Replication: primary or standby, connected replicas with their lag, replication slots and retained WAL.",
    "nothing (empty input)",
    "empty or any text",
    [""],
)
def replication_status(ctx, tool_input=""):
    with readonly_session(ctx) as s:
        standby = s.one("SELECT pg_is_in_recovery()")
        parts = [f"This server is a {'standby (in recovery)' if standby else 'primary'}."]
        data = {"standby": standby}
        if standby:
            rcv = s.query("""SELECT status, sender_host, sender_port, slot_name, latest_end_lsn::text,
                                    round(extract(epoch FROM now() - last_msg_receipt_time)::numeric, 1) AS last_msg_s
                             FROM pg_stat_wal_receiver""")
            lag = s.one("SELECT round(extract(epoch FROM now() - pg_last_xact_replay_timestamp())::numeric, 1)")
            parts.append(f"Replay lag: {lag if lag is not None else 'unknown'} s.")
            parts.append("WAL receiver:\n\n" + md_table(rcv.columns, rcv.rows))
            data.update(replay_lag_s=lag, receiver=rcv.dicts())
        else:
            reps = s.query("""SELECT application_name, client_addr::text, state, sync_state,
                                     pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) AS replay_lag_bytes,
                                     write_lag::text, flush_lag::text, replay_lag::text
                              FROM pg_stat_replication""")
            data["replicas"] = reps.dicts()
            parts.append(f"{len(reps.rows)} replica(s) connected" + (":\n\n" + md_table(reps.columns, reps.rows) if reps.rows else "."))
        slots = s.query(
            f"""SELECT slot_name, slot_type, database, active, wal_status,
                       {'NULL' if standby else 'pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)'} AS retained_bytes
                FROM pg_replication_slots ORDER BY 1""")
        data["slots"] = slots.dicts()
        if slots.rows:
            parts.append("Replication slots:\n\n" + md_table(
                ["slot", "type", "database", "active", "wal status", "retained WAL"],
                [(d["slot_name"], d["slot_type"], d["database"], d["active"], d["wal_status"], pretty_bytes(d["retained_bytes"]))
                 for d in slots.dicts()]))
            inactive = [d["slot_name"] for d in slots.dicts() if not d["active"]]
            if inactive:
                parts.append(f"Inactive slots retain WAL until they are consumed or dropped: {md_text(', '.join(inactive))}.")
        else:
            parts.append("No replication slots.")
        parts.append("Settings: " + ", ".join(f"{k} = {md_text(s.one('SELECT current_setting(%s)', (k,)))}"
                                               for k in ("wal_level", "max_wal_senders", "max_replication_slots", "synchronous_standby_names")))
    return ok("\n\n".join(parts), data=data)

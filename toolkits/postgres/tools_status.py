"""status tools: index usage, table health, locks, settings, replication."""
from __future__ import annotations

import re
from typing import Literal

from psycopg import sql as psql

from toolkits.postgres.common import ok, pg_tool, resolve_table
from toolkits.catalog import setting_named
from toolkits.postgres.connection import readonly_session
from toolkits.results import Finding, Items, Table, Text
from toolkits.tool import Ask, Intent, Planned
from toolkits.units import pretty_bytes

_EVERY_TABLE = ("all", "*", "none", "database", "all tables")


def qident(schema: str, name: str) -> str:
    return psql.Identifier(schema, name).as_string(None) if schema != "public" else psql.Identifier(name).as_string(None)


def _short(v, n: int) -> str:
    """A database text on one line, at most ``n`` characters."""
    s = " ".join(str(v if v is not None else "").split())
    return s if len(s) <= n else s[: n - 1] + "…"



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


def plan_index_usage(ask: Ask) -> Planned:
    return Planned({"table": ask.tables[0]} if ask.tables else {}, "Check which indexes are unused, duplicate or redundant.")


@pg_tool(
    "status",
    examples=["", "orders", '{"table": "order_items"}'],
    questions=["are there unused indexes", "do I have duplicate indexes", "which indexes are redundant",
               "which foreign keys have no index", "which indexes are never scanned"],
    intents=[Intent(r"\b(unused|duplicate[ds]?|redundant|useless|never used|overlapping|invalid)\b[^.?]*\bindex(es)?\b|"
                    r"\bforeign keys?\b[^.?]*\b(without|missing|lacking|with no|need(s)?)\b[^.?]*\bindex(es)?\b|"
                    r"\bunindexed foreign keys?\b|\b(drop|remove|delete|get rid of)\b[^.?]*\bindex(es)?\b|"
                    r"\bindex(es)?\b[^.?]*\b(never|ever|not|\w+n't|no longer|rarely)( \w+)? (scanned|used|read|touched)\b|"
                    r"\bindex(es)?\b[^.?]*\b(unused|never used|not used|duplicate[ds]?|redundant|usage|bloat(ed)?|"
                    r"scans?|scanned (the )?most|used (the )?most|most (used|scanned))\b|\bindex usage\b|"
                    r"\b(most|least) (used|scanned) index(es)?\b", precedence=40)],
    plan=plan_index_usage,
)
def index_usage(ctx, table: str = ""):
    """Index health: unused indexes (no scans), duplicate and redundant (prefix) indexes, and foreign keys without an index.

    Args:
        table: optional table name to limit the check, or empty for the whole database

    Rows: every index checked (index, table, scans, bytes, definition).
    Data: unused [{index, table, bytes}], unscanned_constraints [{index, table, bytes}] (unique, primary-key or
    constraint-backing indexes with no scans: never read by a query, kept for the rule), duplicate [{index,
    duplicate_of, table}], redundant [{index, covered_by, table}], unindexed_fks [{table, constraint, columns}], stats_reset (since when scans are counted, or None).
    """
    name = table.strip()
    if name.lower() in _EVERY_TABLE:
        name = ""
    with readonly_session(ctx) as s:
        rel = resolve_table(ctx, name, s)[0] if name else None
        idx = s.query(_IDX_SQL, {"rel": rel}, cap=5000).dicts()
        fks = s.query(_FK_SQL, {"rel": rel}, cap=500).dicts()
        reset = s.one("SELECT stats_reset FROM pg_stat_database WHERE datname = current_database()")
    duplicates = _duplicate_indexes(idx)
    redundant = _redundant_indexes(idx, {d["index"] for d, _ in duplicates})
    unused = _unused_indexes(idx, redundant)
    since = f" (statistics since {reset:%Y-%m-%d %H:%M})" if reset else ""
    scope = f"table {name}" if name else "this database"
    blocks, findings = [Text(f"{len(idx)} index(es) checked in {scope}{since}.")], []
    kept = [d for d in idx if d["scans"] == 0 and (d["indisunique"] or d["backs_constraint"])]
    for section in (_busiest_section(idx, since), _unused_section(unused, since), _kept_section(kept, since),
                    _duplicate_section(duplicates),
                    _redundant_section(redundant), _unindexed_fk_section(fks)):
        blocks += section[0]
        findings += section[1]
    data = {
        "unused": [{"index": d["index"], "table": d["table"], "bytes": d["bytes"]} for d in unused],
        "unscanned_constraints": [{"index": d["index"], "table": d["table"], "bytes": d["bytes"]} for d in kept],
        "duplicate": [{"index": d["index"], "duplicate_of": k["index"], "table": d["table"]} for d, k in duplicates],
        "redundant": [{"index": a["index"], "covered_by": b["index"], "table": a["table"]} for a, b in redundant],
        "unindexed_fks": [{"table": f["table"], "constraint": f["constraint"], "columns": f["columns"]} for f in fks],
        "stats_reset": reset,
    }
    columns = ["index", "table", "scans", "bytes", "definition"]
    rows = [tuple(d[c] for c in columns) for d in idx]
    return ok(*blocks, columns=columns, rows=rows, findings=findings, data=data)


def _duplicate_indexes(idx: list[dict]) -> list[tuple[dict, dict]]:
    """(index, the index it duplicates) for indexes with the same columns, kind, expressions and predicate as
    another on the same table; the one kept is a primary key, else one backing a constraint, else a unique one."""
    groups: dict[tuple, list[dict]] = {}
    for d in idx:
        groups.setdefault((d["indrelid"], d["indkey"], d["indclass"], d["exprs"], d["pred"], d["am"]), []).append(d)
    duplicates = []
    for g in groups.values():
        if len(g) > 1:
            g = sorted(g, key=lambda d: (not d["indisprimary"], not d["backs_constraint"], not d["indisunique"], d["index"]))
            duplicates += [(d, g[0]) for d in g[1:]]
    return duplicates


def _redundant_indexes(idx: list[dict], dup_names: set[str]) -> list[tuple[dict, dict]]:
    """(index, the wider btree index whose leading columns are its columns) for plain non-unique btree indexes
    (duplicates left out)."""
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
    return redundant


def _unused_indexes(idx: list[dict], redundant: list[tuple[dict, dict]]) -> list[dict]:
    """Indexes with no scans that are not unique and back no constraint, less those covering a redundant one."""
    unused = [d for d in idx if d["scans"] == 0 and not d["indisunique"] and not d["backs_constraint"]]
    covering = {b["index"] for _, b in redundant}
    return [d for d in unused if d["index"] not in covering]  # drop the redundant prefix, keep the wider one


def _busiest_section(idx: list[dict], since: str) -> tuple[list, list[Finding]]:
    """(blocks, findings) on the most scanned indexes: which index carries the reads ("scanned the most")."""
    used = sorted((d for d in idx if d["scans"]), key=lambda d: (-d["scans"], d["index"]))[:5]
    if not used:
        return [], []
    table = Table(["index", "table", "scans", "size"],
                  [(d["index"], d["table"], d["scans"], pretty_bytes(d["bytes"])) for d in used],
                  title=f"Most scanned indexes{since}")
    top = used[0]
    return [table], [Finding(top["index"], f"the most scanned index: {top['scans']:,} scans on {top['table']}{since}")]


def _unused_section(unused: list[dict], since: str) -> tuple[list, list[Finding]]:
    """(blocks, findings) on the unused indexes."""
    if not unused:
        return [Text("No unused indexes.")], []
    table = Table(["index", "table", "size", "scans"],
                  [(d["index"], d["table"], pretty_bytes(d["bytes"]), d["scans"]) for d in unused],
                  title="Unused indexes (0 scans; not unique, not backing a constraint)")
    findings = [Finding(d["index"], f"unused index on {d['table']}: 0 scans{since}, {pretty_bytes(d['bytes'])}",
                        sql=f"DROP INDEX CONCURRENTLY {qident(d['schema'], d['index'])}",
                        reason=f"{d['index']} on {d['table']} has had no scans{since} and takes {pretty_bytes(d['bytes'])}")
                for d in unused]
    return [table], findings


def _kept_section(kept: list[dict], since: str) -> tuple[list, list[Finding]]:
    """(blocks, findings) on unique or constraint-backing indexes no query has scanned: never used to read, but they
    enforce a rule, so no DROP is suggested."""
    if not kept:
        return [], []
    shown = sorted(kept, key=lambda d: (d["indisprimary"], -d["bytes"], d["index"]))[:20]  # primary keys last
    table = Table(["index", "table", "size"], [(d["index"], d["table"], pretty_bytes(d["bytes"])) for d in shown],
                  title=f"Never scanned{since}, but unique or backing a constraint (they enforce it: keep them)"
                        + (f"; {len(kept) - len(shown)} more" if len(kept) > len(shown) else ""))
    return [table], []


def _duplicate_section(duplicates: list[tuple[dict, dict]]) -> tuple[list, list[Finding]]:
    """(blocks, findings) on the duplicate indexes; one that backs a constraint gets no DROP INDEX."""
    if not duplicates:
        return [Text("No duplicate indexes.")], []
    table = Table(["index", "duplicate of", "table", "size"],
                  [(d["index"], k["index"], d["table"], pretty_bytes(d["bytes"])) for d, k in duplicates],
                  title="Duplicate indexes (same columns, same kind as another index)")
    findings = []
    for d, k in duplicates:
        if d["backs_constraint"]:
            findings.append(Finding(d["index"], f"duplicates {k['index']} on {d['table']}, but it backs a constraint "
                                                "(drop the constraint to drop it)"))
        else:
            findings.append(Finding(d["index"], f"duplicates {k['index']} on {d['table']} ({pretty_bytes(d['bytes'])})",
                                    sql=f"DROP INDEX CONCURRENTLY {qident(d['schema'], d['index'])}",
                                    reason=f"{d['index']} duplicates {k['index']} on {d['table']}"))
    return [table], findings


def _redundant_section(redundant: list[tuple[dict, dict]]) -> tuple[list, list[Finding]]:
    """(blocks, findings) on the redundant (prefix) indexes."""
    if not redundant:
        return [Text("No redundant (prefix) indexes.")], []
    table = Table(["index", "covered by", "table", "size"],
                  [(a["index"], b["index"], a["table"], pretty_bytes(a["bytes"])) for a, b in redundant],
                  title="Redundant indexes (their columns are a leading prefix of another btree index)")
    findings = [Finding(a["index"], f"redundant on {a['table']}: its columns are a leading prefix of {b['index']} "
                                    f"({pretty_bytes(a['bytes'])})",
                        sql=f"DROP INDEX CONCURRENTLY {qident(a['schema'], a['index'])}",
                        reason=f"{a['index']} is a prefix of {b['index']} on {a['table']}")
                for a, b in redundant]
    return [table], findings


def _unindexed_fk_section(fks: list[dict]) -> tuple[list, list[Finding]]:
    """(blocks, findings) on the foreign keys without a supporting index, each with its CREATE INDEX."""
    if not fks:
        return [Text("Every foreign key has a supporting index.")], []
    table = Table(["table", "constraint", "columns", "references"],
                  [(f["table"], f["constraint"], ", ".join(f["columns"]), f["references"]) for f in fks],
                  title="Foreign keys without a supporting index (joins and deletes on the parent scan the child)")
    findings = []
    for f in fks:
        cols = ", ".join(psql.Identifier(c).as_string(None) for c in f["columns"])
        how = "CREATE INDEX" if f["partitioned"] else "CREATE INDEX CONCURRENTLY"
        note = " (partitioned table: no CONCURRENTLY in PostgreSQL 15, writes wait while it builds)" if f["partitioned"] else ""
        findings.append(Finding(f["table"], f"foreign key {f['constraint']} ({', '.join(f['columns'])}) to {f['references']} "
                                            "has no supporting index; joins and deletes on the parent scan this table",
                                sql=f"{how} ON {qident(f['schema'], f['relname'])} ({cols})",
                                reason=f"foreign key {f['constraint']} on {f['table']}({', '.join(f['columns'])}) has no index{note}"))
    return [table], findings


_HEALTH_SQL = """
SELECT s.schemaname AS schema, s.relname AS table, s.n_live_tup AS live, s.n_dead_tup AS dead,
       round(100.0 * s.n_dead_tup / nullif(s.n_live_tup + s.n_dead_tup, 0), 1) AS dead_pct,
       s.n_mod_since_analyze AS mod_since_analyze, s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze,
       s.vacuum_count + s.autovacuum_count AS vacuums, s.seq_scan, coalesce(s.idx_scan, 0) AS idx_scan,
       s.n_tup_ins AS inserts, s.n_tup_upd AS updates, s.n_tup_del AS deletes, s.n_tup_hot_upd AS hot_updates,
       pg_relation_size(s.relid) AS table_bytes,
       coalesce(array_to_string(c.reloptions, ', '), '') AS reloptions,
       coalesce('autovacuum_enabled=false' = ANY (c.reloptions) OR 'autovacuum_enabled=off' = ANY (c.reloptions), false) AS av_off,
       round(extract(epoch FROM now() - greatest(s.last_vacuum, s.last_autovacuum)) / 3600.0, 1) AS hours_since_vacuum,
       CASE WHEN c.relkind IN ('r', 'm', 't') THEN age(c.relfrozenxid) END AS xid_age  -- a partitioned table has none
FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
WHERE (%(rel)s::oid IS NULL OR s.relid = %(rel)s::oid)
ORDER BY {order} DESC NULLS LAST, s.relname
"""
_HEALTH_ORDER = {"dead": "s.n_dead_tup", "dead_pct": "dead_pct", "size": "pg_relation_size(s.relid)",
                 "seq_scan": "s.seq_scan", "mod": "s.n_mod_since_analyze", "updates": "s.n_tup_upd",
                 "inserts": "s.n_tup_ins", "deletes": "s.n_tup_del"}
# what a question ranks tables by, in its words: the first that matches decides
_ORDER_WORDS = (("updates", r"\bupdat(es?|ed|ing)\b"), ("inserts", r"\binsert(s|ed|ing)?\b"),
                ("deletes", r"\bdelet(es?|ed|ing)\b"), ("seq_scan", r"\bseq(uential)? ?scan"),
                ("dead_pct", r"\b(percent(age)?|ratio|share|proportion)\b|%"))


def _ago(h) -> str:
    if h is None:
        return "never"
    h = float(h)
    return f"{h:.1f} h ago" if h < 48 else f"{h / 24:.1f} days ago"


def plan_table_health(ask: Ask) -> Planned:
    table = ask.tables[0] if ask.tables else ""
    args: dict = {"table": table} if table else {}
    order = next((key for key, pat in _ORDER_WORDS if re.search(pat, ask.text, re.I)), None)
    if order is not None:
        args["order_by"] = order
        return Planned(args, f"Rank {'table ' + table if table else 'the tables'} by {order.replace('_', ' ')} "
                             "(pg_stat_user_tables).")
    return Planned(args, f"Check dead tuples and (auto)vacuum/analyze history{' of ' + table if table else ' of every table'}.")


@pg_tool(
    "status",
    examples=["", "orders", '{"order_by": "dead_pct", "limit": 5}'],
    questions=["which table has the most dead tuples", "when was the table last vacuumed", "is autovacuum keeping up",
               "which tables are bloated", "when was analyze last run", "do any tables need vacuum"],
    intents=[Intent(r"\bdead (tuples?|rows?)\b|\bbloat(ed)?\b|\b(auto)?vacuum(ed|ing)?\b|\banaly[sz]ed?\b|"
                    r"\btable health\b|\bstale stat(istic)?s\b|\bneeds? (a )?vacuum\b|\bwraparound\b|"
                    r"\btransaction id age\b|\bfreeze\b|\bhealth of\b|\bstatistics\b[^.?]*\b(stale|outdated|old|fresh|up to date)\b",
                    precedence=50),
             # write activity per table: "which table gets updated the most", "how many updates on orders"
             Intent(r"\b(how many|number of|most|count of) (row |tuple )?(updates|inserts|deletes|writes|sequential scans|"
                    r"seq scans)\b|\bsince (the )?stat(istic)?s (were |was )?(last )?reset\b|"
                    r"\b(updated|inserted|deleted|written( to)?) (the )?most\b|"
                    r"\b(updates|inserts|deletes) (on|to|in|per|for) (the )?(table|each|every)\b", precedence=50)],
    plan=plan_table_health,
)
def table_health(ctx, table: str = "", order_by: Literal["dead", "dead_pct", "size", "seq_scan", "mod", "updates",
                                                        "inserts", "deletes"] = "dead",
                 limit: int = 0):
    """Table health: live/dead tuples and dead %, last (auto)vacuum and (auto)analyze, changes since analyze, bloat hints, autovacuum switched off.

    Args:
        table: optional table name, or empty for all tables (most dead tuples first)
        order_by: what to sort the tables by (most first): dead, dead_pct, size, seq_scan, mod (changes since
            analyze), updates, inserts or deletes (rows written since the statistics were reset)
        limit: at most this many tables (the row cap when 0)

    Rows: one per table: schema, table, live, dead, dead_pct, mod_since_analyze, last_vacuum, last_autovacuum,
    last_analyze, last_autoanalyze, vacuums, seq_scan, idx_scan, inserts, updates, deletes, hot_updates, table_bytes, reloptions, av_off,
    hours_since_vacuum, xid_age, wasted_bytes_est.
    Data: order_by, autovacuum, autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
    autovacuum_freeze_max_age (the server's settings the findings use), truncated.
    """
    name = table.strip()
    if name.lower() in _EVERY_TABLE:
        name = ""
    order = str(order_by or "dead").strip().lower()
    order = order if order in _HEALTH_ORDER else ("dead_pct" if "pct" in order or "%" in order else "dead")
    limit = min(limit, ctx.row_cap) if limit > 0 else ctx.row_cap
    with readonly_session(ctx) as s:
        rel = resolve_table(ctx, name, s)[0] if name else None
        r = s.query(_HEALTH_SQL.replace("{order}", _HEALTH_ORDER[order]), {"rel": rel}, cap=limit)
        scale = float(s.one("SELECT current_setting('autovacuum_vacuum_scale_factor')"))
        thresh = int(s.one("SELECT current_setting('autovacuum_vacuum_threshold')"))
        av = s.one("SELECT current_setting('autovacuum')")
        freeze_max = int(s.one("SELECT current_setting('autovacuum_freeze_max_age')"))
    data = {"order_by": order, "autovacuum": av, "autovacuum_vacuum_scale_factor": scale,
            "autovacuum_vacuum_threshold": thresh, "autovacuum_freeze_max_age": freeze_max, "truncated": r.truncated}
    rows = r.dicts()
    columns = [*r.columns, "wasted_bytes_est"]
    if not rows:
        return ok(Text("No user tables have statistics yet."), columns=columns, rows=[], data=data)
    findings = []
    for d in rows:
        dead, live = d["dead"] or 0, d["live"] or 0
        d["wasted_bytes_est"] = int((d["table_bytes"] or 0) * dead / (live + dead)) if live + dead else 0
        findings += _table_findings(d, scale, thresh, freeze_max)
    lead = _ranking_lead(rows, order) if not name else None
    if lead is not None:
        findings.insert(0, lead)
    blocks = [Text(f"Table health ({len(rows)} table(s), ordered by {order}); autovacuum = {av}, "
                   f"autovacuum_vacuum_scale_factor = {scale}:"), _health_table(rows, r)]
    if not findings:
        blocks.append(Text("Findings: no table needs attention."))
    return ok(*blocks, columns=columns, rows=[tuple(d[c] for c in columns) for d in rows], findings=findings, data=data)


_ORDER_LABEL = {"dead": "dead tuples", "dead_pct": "% dead tuples", "size": "bytes", "seq_scan": "sequential scans",
                "mod": "rows changed since the last analyze", "updates": "rows updated", "inserts": "rows inserted",
                "deletes": "rows deleted"}
_ORDER_COLUMN = {"dead": "dead", "dead_pct": "dead_pct", "size": "table_bytes", "seq_scan": "seq_scan",
                 "mod": "mod_since_analyze", "updates": "updates", "inserts": "inserts", "deletes": "deletes"}


def _ranking_lead(rows: list[dict], order: str) -> Finding | None:
    """The answer to "which table has the most X": the first table of the ranking, when it has any."""
    top = rows[0].get(_ORDER_COLUMN[order])
    if len(rows) < 2 or not top:
        return None
    who = rows[0]["table"] if rows[0]["schema"] == "public" else f"{rows[0]['schema']}.{rows[0]['table']}"
    figure = pretty_bytes(top) if order == "size" else f"{top:,}" if isinstance(top, int) else str(top)
    return Finding(who, f"the most {_ORDER_LABEL[order]} of all tables: {figure}", "info")


def _table_findings(d: dict, scale: float, thresh: int, freeze_max: int) -> list[Finding]:
    """The findings on one table's health row: autovacuum off, transaction-ID age near autovacuum_freeze_max_age,
    many dead tuples (and a scale factor that waits too long), or stale planner statistics."""
    t = qident(d["schema"], d["table"])
    who = d["table"] if d["schema"] == "public" else f"{d['schema']}.{d['table']}"
    dead, live = d["dead"] or 0, d["live"] or 0
    findings = []
    if d["av_off"]:
        findings.append(Finding(who, f"autovacuum is switched off for this table (reloptions: {d['reloptions']})",
                                sql=f"ALTER TABLE {t} RESET (autovacuum_enabled)",
                                reason=f"autovacuum is disabled on {who}, so dead tuples are never cleaned up"))
    if d["xid_age"] and d["xid_age"] > 0.8 * freeze_max:
        findings.append(Finding(who, f"transaction-ID age {d['xid_age']} is close to autovacuum_freeze_max_age "
                                     f"{freeze_max}; an anti-wraparound vacuum is due", "critical",
                                sql=f"VACUUM (FREEZE, ANALYZE) {t}",
                                reason=f"{who} has xid age {d['xid_age']} (freeze max {freeze_max})"))
    if dead >= 1000 and (d["dead_pct"] or 0) >= 10:
        findings.append(Finding(who, f"{d['dead_pct']} % dead tuples ({dead} dead, ~{pretty_bytes(d['wasted_bytes_est'])} "
                                     f"reclaimable), last vacuum {_ago(d['hours_since_vacuum'])}",
                                sql=f"VACUUM (ANALYZE) {t}", reason=f"{who} has {d['dead_pct']} % dead tuples"))
        if not d["av_off"] and scale > 0.05 and "autovacuum_vacuum_scale_factor" not in d["reloptions"]:
            findings.append(Finding(who, f"autovacuum waits for {int(thresh + scale * live)} dead tuples here "
                                         f"(autovacuum_vacuum_scale_factor {scale})",
                                    sql=f"ALTER TABLE {t} SET (autovacuum_vacuum_scale_factor = 0.05)",
                                    reason=f"vacuum {who} after 5 % of its rows change instead of {scale * 100:g} %"))
    elif live + dead > 0 and (d["mod_since_analyze"] or 0) > max(1000, 0.2 * live) and not d["av_off"]:
        findings.append(Finding(who, f"{d['mod_since_analyze']} rows changed since the last analyze; planner statistics are stale",
                                sql=f"ANALYZE {t}", reason=f"{who} changed a lot since its last analyze"))
    return findings


def _health_table(rows: list[dict], r) -> Table:
    """The table shown: one line per table's health row."""
    return Table(
        ["table", "live", "dead", "dead %", "mods since analyze", "last vacuum", "last autovacuum", "last analyze",
         "last autoanalyze", "size", "seq scans", "idx scans", "inserts", "updates", "deletes"],
        [(d["table"] if d["schema"] == "public" else f"{d['schema']}.{d['table']}", d["live"], d["dead"], d["dead_pct"],
          d["mod_since_analyze"], d["last_vacuum"], d["last_autovacuum"], d["last_analyze"], d["last_autoanalyze"],
          pretty_bytes(d["table_bytes"]), d["seq_scan"], d["idx_scan"], d["inserts"], d["updates"], d["deletes"])
         for d in rows], truncated=r.truncated, cap=r.cap)


def plan_locks(ask: Ask) -> Planned:
    return Planned({}, "Check locks and who blocks whom.")


@pg_tool(
    "status",
    examples=[""],
    questions=["who is blocking whom", "are there lock waits", "which session holds the lock", "why is my query stuck waiting"],
    intents=[Intent(r"\block(s|ed|ing)?\b|\bblock(ing|ed|s)?\b|\bdeadlocks?\b|\bwho is waiting\b", precedence=60)],
    plan=plan_locks,
)
def locks(ctx):
    """Locks and blocking: which sessions wait on locks, who blocks whom (pg_blocking_pids tree), lock counts by mode.

    Rows: one per session waiting on a lock: pid, blocked_by (pids), user, state, wait, waiting_s, query.
    Data: blockers [{pid, user, state, xact_s, query}] (the sessions waited on), modes [{mode, granted, locks}]
    (other sessions' locks), relation_waits [{relation, mode, pid}] (ungranted relation locks).
    """
    waiting, blocked, ids, blockers, modes, rel_waits = _read_locks(ctx)
    blocks, findings = [], []
    if not blocked:
        blocks.append(Text("No session is waiting on a lock right now."))
    else:
        blocks, findings = _blocking_tree(blocked, ids, blockers)
    if rel_waits.rows:
        blocks.append(Table(rel_waits.columns, rel_waits.rows, title="Ungranted relation locks"))
    blocks.append(Table(modes.columns, modes.rows, title="Locks held/waited by mode (other sessions)"))
    return ok(*blocks, columns=waiting.columns, rows=waiting.rows, findings=findings,
              data={"blockers": list(blockers.values()), "modes": modes.dicts(), "relation_waits": rel_waits.dicts()})


def _read_locks(ctx) -> tuple:
    """From one read-only session: (the waiting sessions' query result, them as dicts, the pids they wait on,
    those sessions by pid, lock counts by mode, ungranted relation locks)."""
    with readonly_session(ctx) as s:
        waiting = s.query(
            """SELECT a.pid, pg_blocking_pids(a.pid) AS blocked_by, a.usename AS user, a.state,
                      a.wait_event_type || ':' || a.wait_event AS wait,
                      round(extract(epoch FROM now() - a.query_start)::numeric, 1) AS waiting_s, a.query
               FROM pg_stat_activity a WHERE cardinality(pg_blocking_pids(a.pid)) > 0 ORDER BY a.query_start""")
        blocked = waiting.dicts()
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
    return waiting, blocked, ids, blockers, modes, rel_waits


def _blocking_tree(blocked: list[dict], ids: list[int], blockers: dict[int, dict]) -> tuple[list, list[Finding]]:
    """(blocks, findings) on the blocked sessions: the blocking tree from the root blockers down, a finding per
    root blocker and per blocked session."""
    waited_on = {p for b in blocked for p in b["blocked_by"]}
    blocked_pids = {b["pid"] for b in blocked}
    roots = [p for p in ids if p not in blocked_pids]
    children: dict[int, list[dict]] = {}
    for b in blocked:
        for p in b["blocked_by"]:
            children.setdefault(p, []).append(b)
    lines: list[str] = []
    depths: list[int] = []
    findings = []
    for r in roots or sorted(waited_on):
        b = blockers.get(r, {})
        lines.append(f"pid {r} ({b.get('user') or ''}, {b.get('state') or ''}, transaction open {b.get('xact_s')} s): "
                     f"{_short(b.get('query'), 120)}")
        depths.append(0)
        n = _walk_waiters(r, 1, {r}, children, lines, depths)
        findings.append(Finding(f"pid {r}", f"blocks {n} waiting session(s); its transaction has been open "
                                            f"{b.get('xact_s')} s ({b.get('state') or 'state unknown'})"))
    for b in blocked:
        findings.append(Finding(f"pid {b['pid']}", f"blocked by pid {', '.join(str(p) for p in b['blocked_by'])} "
                                                   f"for {b['waiting_s']} s ({b['wait'] or 'lock'})"))
    blocks = [Text(f"{len(blocked)} session(s) are blocked. Blocking tree (root blockers first):"),
              Items(lines, depth=depths),
              Text("To release the locks, finish or cancel the root blocker's transaction "
                   "(SELECT pg_cancel_backend(pid) or pg_terminate_backend(pid), run by a DBA).")]
    return blocks, findings


def _walk_waiters(pid: int, depth: int, seen: set, children: dict[int, list[dict]], lines: list[str],
                  depths: list[int]) -> int:
    """Adds a line (and its depth) for each session waiting on ``pid``, then those waiting on them; returns how
    many sessions were added."""
    n = 0
    for c in children.get(pid, []):
        if c["pid"] in seen:
            continue
        seen.add(c["pid"])
        lines.append(f"pid {c['pid']} waits {c['waiting_s']} s on {c['wait'] or ''}: {_short(c['query'], 120)}")
        depths.append(depth)
        n += 1 + _walk_waiters(c["pid"], depth + 1, seen, children, lines, depths)
    return n


_SETTING_FAMILY = re.compile(r"\b(autovacuum|checkpoint|wal|log|memory|parallel|vacuum)\w*\b")


def plan_settings(ask: Ask) -> Planned:
    low = ask.text.lower()
    named = [w for w in re.findall(r"[a-z_]+", low) if w in ask.settings and ("_" in w or len(w) > 6)]
    said = setting_named(low, ask.settings)  # "the maximum number of connections": max_connections
    if named and not (said and "_" not in named[0] and named[0] in said.split("_")):
        # (not "autovacuum" when the words say "the autovacuum scale factor": autovacuum_vacuum_scale_factor)
        return Planned({"name": named[0]}, f"Look up the setting {named[0]}.")
    if said:
        return Planned({"name": said}, f"Look up the setting {said}.")
    m = _SETTING_FAMILY.search(low)
    if m and m.group(1) != "memory":
        return Planned({"name": f"{m.group(1)}%"}, f"Look at the {m.group(1)} settings.")
    return Planned({}, "Look at the settings changed from their defaults.")


@pg_tool(
    "status",
    examples=["", "shared_buffers", "autovacuum%"],
    questions=["what is work_mem set to", "show the non-default configuration", "what is the value of shared_buffers",
               "which settings were changed", "is autovacuum enabled in the config"],
    intents=[Intent(r"\b(non-?default|changed|current|configured|what are (the|my)|show( me)?( the)?|list)\b[^.?]*"
                    r"\b(settings?|parameters?|config(uration)?|gucs?)\b|\bwhat is (shared_buffers|work_mem|"
                    r"max_connections|effective_cache_size|maintenance_work_mem|random_page_cost|"
                    r"autovacuum\w*|checkpoint_\w+|wal_\w+)\b|\bpostgresql\.conf\b|\bsettings\b", precedence=120)],
    plan=plan_settings,
    aliases={"pattern": "name"},
)
def settings(ctx, name: str = ""):
    """Server configuration: settings changed from their defaults, or the value, unit, source and meaning of named settings.

    Args:
        name: empty for all non-default settings, or a setting name or pattern (e.g. 'work_mem', 'autovacuum%'); several may be given, separated by commas or spaces

    Rows: one per setting: name, setting, unit, value (with its unit), source, context, pending_restart, short_desc,
    default_value (the built-in default, in the setting's own unit).
    """
    name = name.strip().lower()
    names = [n for n in re.split(r"[\s,]+", name) if n] if name else []
    with readonly_session(ctx) as s:
        base = """SELECT name, setting, unit, CASE WHEN unit IS NOT NULL AND vartype IN ('integer','real')
                           THEN current_setting(name) END AS value, source, context, pending_restart, short_desc,
                         boot_val AS default_value
                  FROM pg_settings"""
        if not names:
            r = s.query(base + " WHERE source NOT IN ('default', 'override', 'client', 'session') ORDER BY name", cap=500)
            title = "Settings changed from their defaults"
        else:
            pats = [n.replace("*", "%") if any(c in n for c in "%*") else n for n in names]
            r = s.query(base + " WHERE name ILIKE ANY(%s) ORDER BY name", (pats,), cap=500)
            if not r.rows:
                r = s.query(base + " WHERE name ILIKE ANY(%s) ORDER BY name", ([f"%{n}%" for n in names],), cap=500)
            title = f"Settings matching {', '.join(names)}"
    if not r.rows:
        return ok(Text(f"No setting matches {name!r}; try a pattern like {f'%{name}%'!r} "
                       "or empty input for all non-default settings."), columns=r.columns, rows=[])
    shown = [(d["name"], d["value"] or d["setting"], d["unit"], d["source"], d["context"],
              "yes" if d["pending_restart"] else "", d["short_desc"]) for d in r.dicts()]
    return ok(Text(f"{title} ({len(shown)}):"),
              Table(["name", "value", "unit", "source", "context", "pending restart", "description"], shown,
                    truncated=r.truncated, cap=r.cap),
              columns=r.columns, rows=r.rows)


def plan_replication_status(ask: Ask) -> Planned:
    return Planned({}, "Check replication state and lag.")


@pg_tool(
    "status",
    examples=[""],
    questions=["is replication lagging", "how far behind is the standby", "are there replication slots",
               "is this server a primary or a replica"],
    intents=[Intent(r"\breplica\w*\b|\bstandby\b|\breplica lag\b|\bwal senders?\b|\breplication slots?\b", precedence=70)],
    plan=plan_replication_status,
)
def replication_status(ctx):
    """Replication: primary or standby, connected replicas with their lag, replication slots and retained WAL.

    Rows: on a primary, one per connected replica (application_name, client_addr, state, sync_state,
    replay_lag_bytes, write_lag, flush_lag, replay_lag); on a standby, its WAL receiver (status, sender_host,
    sender_port, slot_name, latest_end_lsn, last_msg_s).
    Data: standby (bool), replay_lag_s (a standby's replay lag in seconds), slots [{slot_name, slot_type, database,
    active, wal_status, retained_bytes}], settings {wal_level, max_wal_senders, max_replication_slots,
    synchronous_standby_names}.
    """
    blocks, findings = [], []
    with readonly_session(ctx) as s:
        standby = s.one("SELECT pg_is_in_recovery()")
        blocks.append(Text(f"This server is a {'standby (in recovery)' if standby else 'primary'}."))
        data = {"standby": standby}
        if standby:
            main = s.query("""SELECT status, sender_host, sender_port, slot_name, latest_end_lsn::text,
                                     round(extract(epoch FROM now() - last_msg_receipt_time)::numeric, 1) AS last_msg_s
                              FROM pg_stat_wal_receiver""")
            lag = s.one("SELECT round(extract(epoch FROM now() - pg_last_xact_replay_timestamp())::numeric, 1)")
            blocks.append(Text(f"Replay lag: {lag if lag is not None else 'unknown'} s."))
            blocks.append(Table(main.columns, main.rows, title="WAL receiver"))
            data["replay_lag_s"] = lag
        else:
            main = s.query("""SELECT application_name, client_addr::text, state, sync_state,
                                     pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) AS replay_lag_bytes,
                                     write_lag::text, flush_lag::text, replay_lag::text
                              FROM pg_stat_replication""")
            if main.rows:
                blocks += [Text(f"{len(main.rows)} replica(s) connected:"), Table(main.columns, main.rows)]
            else:
                blocks.append(Text("0 replica(s) connected."))
        slots = s.query(
            f"""SELECT slot_name, slot_type, database, active, wal_status,
                       {'NULL' if standby else 'pg_wal_lsn_diff(pg_current_wal_lsn(), restart_lsn)'} AS retained_bytes
                FROM pg_replication_slots ORDER BY 1""").dicts()
        data["slots"] = slots
        if slots:
            blocks.append(Table(
                ["slot", "type", "database", "active", "wal status", "retained WAL"],
                [(d["slot_name"], d["slot_type"], d["database"], d["active"], d["wal_status"], pretty_bytes(d["retained_bytes"]))
                 for d in slots], title="Replication slots"))
            for d in slots:
                if not d["active"]:
                    held = f" ({pretty_bytes(d['retained_bytes'])} so far)" if d["retained_bytes"] is not None else ""
                    findings.append(Finding(d["slot_name"], f"inactive replication slot: it retains WAL{held} until it is "
                                                            "consumed or dropped"))
        else:
            blocks.append(Text("No replication slots."))
        conf = {k: s.one("SELECT current_setting(%s)", (k,))
                for k in ("wal_level", "max_wal_senders", "max_replication_slots", "synchronous_standby_names")}
    data["settings"] = conf
    blocks.append(Text("Settings: " + ", ".join(f"{k} = {v}" for k, v in conf.items())))
    return ok(*blocks, columns=main.columns, rows=main.rows, findings=findings, data=data)

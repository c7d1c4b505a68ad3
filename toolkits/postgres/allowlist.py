"""Functions a guarded statement may call, resolved on the server in ``pg_proc`` — not by spelling.

Every function the statement names, every non-built-in operator it uses, every non-built-in
function or operator reached through the user views, row-security policies and domain constraints it
touches, and the functions of user-defined casts (implicit ones, and explicit ones to a type the
statement casts to) are looked up in one catalog query. A function may run when it is

- built in (``pg_catalog``, created by initdb) and stable or immutable, or one of the volatile built-ins
  below that only read (sizes, clocks, WAL positions), and not on the guard's deny-list; or
- a read function of an extension the tools need (``pg_stat_statements``, ``hypopg``'s listing); or
- named by the user in ``DBCOPILOT_ALLOW_FUNCTIONS`` (``schema.name`` or ``name``), one by one.

Anything else — a user-defined function, an extension's function, a built-in that shadows nothing but is
volatile — is refused with its name and the reason: inside a READ ONLY transaction a function can still
write files (COPY TO), run SQL text or signal other sessions.
"""
from __future__ import annotations

from typing import Iterable

from toolkits.postgres.guard import DENY_FUNCTIONS, DENY_PREFIXES, Checked, Name, Refused

# Volatile built-ins that only read. Everything else volatile is refused.
VOLATILE_READS: frozenset[str] = frozenset({
    "random", "random_normal", "clock_timestamp", "timeofday", "gen_random_uuid", "pg_sleep",
    "pg_relation_size", "pg_total_relation_size", "pg_table_size", "pg_indexes_size", "pg_database_size",
    "pg_tablespace_size", "pg_current_wal_lsn", "pg_current_wal_insert_lsn", "pg_current_wal_flush_lsn",
    "pg_last_wal_receive_lsn", "pg_last_wal_replay_lsn", "pg_is_in_recovery", "pg_last_xact_replay_timestamp",
    "pg_is_wal_replay_paused", "pg_get_wal_replay_pause_state", "pg_blocking_pids", "pg_safe_snapshot_blocking_pids",
    "pg_control_checkpoint", "pg_control_system", "pg_control_init", "pg_control_recovery", "pg_jit_available",
    "pg_partition_tree", "pg_partition_ancestors", "pg_partition_root", "pg_get_backend_memory_contexts",
    "pg_get_shmem_allocations", "pg_stat_have_stats", "pg_xact_status", "txid_status", "pg_lock_status",
    "pg_prepared_xact", "pg_get_wal_resource_managers", "pg_stat_get_wal_receiver", "pg_current_logfile",
    "pg_hba_file_rules", "pg_ident_file_mappings", "pg_show_all_file_settings", "pg_get_replication_slots",
    "pg_stat_get_archiver", "pg_stat_get_bgwriter_timed_checkpoints", "pg_stat_get_snapshot_timestamp",
    "pg_stat_get_xact_numscans", "pg_stat_get_replication_slot", "pg_stat_get_slru",
})
# (extension, function) pairs the tools read with.
EXTENSION_READS: frozenset[tuple[str, str]] = frozenset({
    ("pg_stat_statements", "pg_stat_statements"), ("pg_stat_statements", "pg_stat_statements_info"),
    ("hypopg", "hypopg"), ("hypopg", "hypopg_list_indexes"), ("hypopg", "hypopg_relation_size"),
    ("hypopg", "hypopg_get_indexdef"),
})
FIRST_NORMAL_OID = 16384  # objects below this were created by initdb

RESOLVE_SQL = """
WITH RECURSIVE
 fn(nsp, name) AS (SELECT * FROM ROWS FROM (pg_catalog.unnest(%(fn_nsp)s::text[]), pg_catalog.unnest(%(fn_name)s::text[]))),
 op(nsp, name) AS (SELECT * FROM ROWS FROM (pg_catalog.unnest(%(op_nsp)s::text[]), pg_catalog.unnest(%(op_name)s::text[]))),
 rel(oid) AS (
   SELECT c.oid FROM pg_catalog.unnest(%(rels)s::text[]) r(q)
     JOIN pg_catalog.pg_class c ON c.oid = pg_catalog.to_regclass(r.q)
   UNION
   SELECT d.refobjid FROM rel JOIN pg_catalog.pg_rewrite w ON w.ev_class = rel.oid
     JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass AND d.objid = w.oid
      AND d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
 ),
 typ(oid) AS (SELECT pg_catalog.to_regtype(t.q) FROM pg_catalog.unnest(%(types)s::text[]) t(q)),
 reached(classid, objid, via) AS (
   SELECT d.refclassid, d.refobjid, 'view ' || rel.oid::pg_catalog.regclass::text
     FROM rel JOIN pg_catalog.pg_rewrite w ON w.ev_class = rel.oid
     JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass AND d.objid = w.oid
   UNION ALL
   SELECT d.refclassid, d.refobjid, 'row security policy on ' || rel.oid::pg_catalog.regclass::text
     FROM rel JOIN pg_catalog.pg_policy p ON p.polrelid = rel.oid
     JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_policy'::pg_catalog.regclass AND d.objid = p.oid
   UNION ALL
   SELECT d.refclassid, d.refobjid, 'domain ' || typ.oid::pg_catalog.regtype::text
     FROM typ JOIN pg_catalog.pg_constraint k ON k.contypid = typ.oid
     JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_constraint'::pg_catalog.regclass AND d.objid = k.oid
 ),
 cand(oid, via) AS (
   SELECT p.oid, 'call' FROM fn JOIN pg_catalog.pg_proc p ON p.proname = fn.name
     JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
    WHERE CASE WHEN fn.nsp IS NULL THEN n.nspname = ANY (pg_catalog.current_schemas(true)) ELSE n.nspname = fn.nsp END
   UNION ALL
   SELECT o.oprcode::pg_catalog.oid, 'operator ' || o.oprname FROM op JOIN pg_catalog.pg_operator o ON o.oprname = op.name
    WHERE o.oid >= %(first_oid)s AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend x
            WHERE x.classid = 'pg_catalog.pg_operator'::pg_catalog.regclass AND x.objid = o.oid AND x.deptype = 'e')
   UNION ALL  -- user-defined casts: explicit ones to a type the statement casts to, implicit ones always
   SELECT c.castfunc, 'cast ' || c.castsource::pg_catalog.regtype::text || ' -> ' || c.casttarget::pg_catalog.regtype::text
     FROM pg_catalog.pg_cast c
    WHERE c.oid >= %(first_oid)s AND c.castfunc <> 0
      AND (c.castcontext IN ('i', 'a') OR c.casttarget IN (SELECT oid FROM typ))
      AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend x
            WHERE x.classid = 'pg_catalog.pg_cast'::pg_catalog.regclass AND x.objid = c.oid AND x.deptype = 'e')
   UNION ALL
   SELECT objid, via FROM reached WHERE classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
   UNION ALL
   SELECT o.oprcode::pg_catalog.oid, via FROM reached JOIN pg_catalog.pg_operator o ON o.oid = reached.objid
    WHERE reached.classid = 'pg_catalog.pg_operator'::pg_catalog.regclass
 )
SELECT DISTINCT cand.via, n.nspname, p.proname, p.provolatile, p.oid < %(first_oid)s AS builtin, e.extname
  FROM cand JOIN pg_catalog.pg_proc p ON p.oid = cand.oid JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
  LEFT JOIN pg_catalog.pg_depend x ON x.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND x.objid = p.oid
   AND x.deptype = 'e'
  LEFT JOIN pg_catalog.pg_extension e ON e.oid = x.refobjid
 WHERE p.oid >= %(first_oid)s OR p.provolatile = 'v' OR cand.via <> 'call'
"""


def quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _qualified(names: Iterable[Name]) -> list[str]:
    return [(quote_ident(s) + "." if s else "") + quote_ident(n) for s, n in names]


def params(checked: Checked) -> dict:
    fns, ops = sorted(checked.functions, key=str), sorted(checked.operators, key=str)
    return {
        "fn_nsp": [s for s, _ in fns], "fn_name": [n for _, n in fns],
        "op_nsp": [s for s, _ in ops], "op_name": [n for _, n in ops],
        "rels": _qualified(checked.relations), "types": _qualified(checked.types),
        "first_oid": FIRST_NORMAL_OID,
    }


def verdict(via: str, schema: str, name: str, volatility: str, builtin: bool, extension: str | None,
            allowed: frozenset[str]) -> str:
    """'' when the function may run, else why not (one sentence with what to do)."""
    label = f"{schema}.{name}"
    if label in allowed or name in allowed:
        return ""
    where = "" if via == "call" else f" (reached through {via})"
    if builtin:
        if name in DENY_FUNCTIONS or name.startswith(DENY_PREFIXES):
            return f"function {label}(){where} has side effects or reads server files and is not allowed here"
        if volatility in ("i", "s") or name in VOLATILE_READS:
            return ""
        return (f"built-in function {label}(){where} is volatile (it may change state) and is not on the list of "
                "read-only built-ins")
    if extension and (extension, name) in EXTENSION_READS:
        return ""
    kind = f"function {name}() of extension {extension}" if extension else f"user-defined function {label}()"
    return (f"{kind}{where} is not allowed: a function can write files, run SQL or signal other sessions even in a "
            f"read-only transaction; if you trust it, allow it with DBCOPILOT_ALLOW_FUNCTIONS={label}")


def refusal(cur, checked: Checked, allowed: frozenset[str] = frozenset()) -> str:
    """Resolve the statement's functions on the server (``cur``: a cursor inside the tool's transaction);
    '' when every one may run, else the first reason. Runs for every statement: an implicit user-defined
    cast can call a function from any expression."""
    cur.execute(RESOLVE_SQL, params(checked), prepare=True)  # planned once per connection
    for row in cur.fetchall():
        reason = verdict(*row, allowed=allowed)
        if reason:
            return reason
    return ""


def require_allowed(cur, checked: Checked, allowed: frozenset[str] = frozenset()) -> None:
    reason = refusal(cur, checked, allowed)
    if reason:
        raise Refused(reason)

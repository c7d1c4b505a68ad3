"""tuning tools: index advice (workload predicates + hypopg), settings advice (rules), EXPLAIN of a query."""
from __future__ import annotations

import functools
import itertools
import json
import logging
import re
from dataclasses import dataclass, field

import psycopg
import sqlglot
from psycopg import sql as psql
from sqlglot import exp

from toolkits.postgres.common import HYPOPG_HOWTO, BadInput, ok, pg_tool, pgss_status
from toolkits.postgres.connection import Session, readonly_session
from toolkits.postgres.allowlist import require_allowed
from toolkits.postgres.guard import Refused, check, check_readonly
from toolkits.postgres.inputs import as_int, clean_text, parse_input
from toolkits.postgres.render import md_code, md_fence, md_table, md_text, pretty_bytes

_TYPED_PARAM = re.compile(r"\b(interval|date|timestamptz|timestamp|time|numeric|int|integer|bigint|text|uuid|jsonb?)\s+\$(\d+)", re.I)
_PARAM = re.compile(r"\$(\d+)")
_prep_counter = itertools.count(1)


# --------------------------------------------------------------------------- planning helpers
def _plan(s: Session, sql: str, fmt: str = "json") -> tuple[object | None, str]:
    """EXPLAIN a statement (checked by the guard and the server-side allow-list first); normalised statements
    with $n run as a generic prepared plan. Guarded text only travels through the extended protocol."""
    fmt_sql = "FORMAT JSON" if fmt == "json" else "FORMAT TEXT"
    body = _TYPED_PARAM.sub(lambda m: f"${m.group(2)}::{m.group(1)}", sql)
    try:
        checked = check(body)
        require_allowed(s.cur, checked, s.allowed_functions)
    except Refused as e:
        return None, f"refused: {e}"
    if _PARAM.search(checked.text):
        n = max(int(x) for x in _PARAM.findall(checked.text))
        name = f"dbc_plan_{next(_prep_counter)}"
        if not s.generic_plans:
            s.cur.execute("SET LOCAL plan_cache_mode = force_generic_plan")
            s.generic_plans = True
        s.cur.execute("SAVEPOINT dbc_plan")
        try:
            s.query_extended(f"PREPARE {name} AS {checked.text}")
            rows = s.query(f"EXPLAIN ({fmt_sql}) EXECUTE {name}({', '.join(['NULL'] * n)})", cap=100000).rows
            s.cur.execute(f"DEALLOCATE {name}")
            s.cur.execute("RELEASE SAVEPOINT dbc_plan")
        except psycopg.Error as e:
            s.cur.execute("ROLLBACK TO SAVEPOINT dbc_plan")
            if s.one("SELECT count(*) FROM pg_prepared_statements WHERE name = %s", (name,)):
                s.cur.execute(f"DEALLOCATE {name}")
            return None, (e.diag.message_primary or str(e)).strip()
    else:
        r, err = s.try_query(f"EXPLAIN ({fmt_sql}) {checked.text}", cap=100000, extended=True)
        if err:
            return None, err
        rows = r.rows
    if fmt == "json":
        val = rows[0][0]
        return (json.loads(val) if isinstance(val, str) else val)[0]["Plan"], ""
    return "\n".join(row[0] for row in rows), ""


def _walk_plan(node: dict):
    yield node
    for child in node.get("Plans", []) or []:
        yield from _walk_plan(child)


# --------------------------------------------------------------------------- candidate extraction
@dataclass
class Candidate:
    schema: str
    table: str
    columns: tuple[str, ...]
    queries: list[int] = field(default_factory=list)  # indexes into the statement list

    @property
    def ddl(self) -> str:
        cols = ", ".join(psql.Identifier(c).as_string(None) for c in self.columns)
        return f"CREATE INDEX ON {psql.Identifier(self.schema, self.table).as_string(None)} ({cols})"

    @property
    def label(self) -> str:
        return f"{self.table}({', '.join(self.columns)})"


def _predicate_columns(tree: exp.Expression) -> list[tuple[exp.Column, str]]:
    """(column, kind) for columns filtered in WHERE/JOIN ON: kind is eq, range or join."""
    out = []
    conds = [w.this for w in tree.find_all(exp.Where)] + [j.args["on"] for j in tree.find_all(exp.Join) if j.args.get("on")]
    for cond in conds:
        for node in cond.find_all(exp.EQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.In, exp.Like, exp.ILike, exp.Between, exp.Is):
            left, right = node.this, node.args.get("expression")
            if isinstance(left, exp.Cast):
                continue  # a cast on the column (created_at::date) defeats a plain index
            if not isinstance(left, exp.Column) and isinstance(right, exp.Column):
                left, right = right, left
            if not isinstance(left, exp.Column):
                continue
            if isinstance(right, exp.Column):
                if isinstance(node, exp.EQ):
                    out += [(left, "join"), (right, "join")]
                continue
            if right is not None and list(right.find_all(exp.Column)):
                continue
            kind = "eq" if isinstance(node, (exp.EQ, exp.In, exp.Is)) else "range"
            if isinstance(node, exp.Like) and not (isinstance(right, exp.Literal) and not str(right.name).startswith("%")):
                continue
            if isinstance(node, exp.ILike):
                continue
            out.append((left, kind))
    return out


@functools.lru_cache(maxsize=512)
def _parse_tree(sql: str) -> exp.Expression | None:
    """Parsed statement (cached; callers only read the tree)."""
    logger = logging.getLogger("sqlglot")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        return sqlglot.parse_one(_TYPED_PARAM.sub(lambda m: f"${m.group(2)}", sql), read="postgres")
    except Exception:
        return None
    finally:
        logger.setLevel(level)


def extract_candidates(sql: str, catalog: dict[str, tuple[str, set[str]]]) -> list[tuple[str, str, tuple[str, ...]]]:
    """Index candidates (schema, table, columns) from one statement's predicates and ORDER BY.

    ``catalog`` maps a table name (and schema.table) to (schema, its column names).
    """
    tree = _parse_tree(sql)
    if tree is None:
        return []
    aliases: dict[str, str] = {}
    tables = []
    for t in tree.find_all(exp.Table):
        key = f"{t.db}.{t.name}" if t.db else t.name
        if key not in catalog:
            continue
        aliases[t.alias_or_name] = key
        tables.append(key)

    def owner(col: exp.Column) -> str | None:
        if col.table:
            return aliases.get(col.table)
        owners = [k for k in dict.fromkeys(tables) if col.name in catalog[k][1]]
        return owners[0] if len(owners) == 1 else None

    per_table: dict[str, dict[str, list[str]]] = {}
    for col, kind in _predicate_columns(tree):
        key = owner(col)
        if key and col.name in catalog[key][1]:
            lst = per_table.setdefault(key, {"eq": [], "range": [], "join": [], "order": []})[kind]
            if col.name not in lst:
                lst.append(col.name)
    order = tree.args.get("order")
    if order:
        for o in order.expressions:
            if isinstance(o.this, exp.Column):
                key = owner(o.this)
                if key and key in per_table and o.this.name in catalog[key][1]:
                    per_table[key]["order"].append(o.this.name)
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for key, kinds in per_table.items():
        schema = catalog[key][0]
        table = key.split(".")[-1]
        eq, rng, join, order_cols = kinds["eq"][:3], kinds["range"], kinds["join"], kinds["order"]
        cands = [(c,) for c in eq + rng + join]
        if len(eq) > 1:
            cands.append(tuple(eq))
        if eq and rng:
            cands.append(tuple(eq + rng[:1]))
        if eq and order_cols and order_cols[0] not in eq:
            cands.append(tuple(eq + order_cols[:1]))
        for c in cands:
            if (schema, table, c) not in out:
                out.append((schema, table, c))
    return out


def _indexed_prefixes(s: Session) -> set[tuple[str, str, tuple[str, ...]]]:
    rows = s.query(
        """SELECT n.nspname, t.relname, array_agg(a.attname ORDER BY k.ord)
           FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
           CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
           WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND i.indpred IS NULL
           GROUP BY i.indexrelid, n.nspname, t.relname""", cap=100000).rows
    out = set()
    for schema, table, cols in rows:
        for k in range(1, len(cols) + 1):
            out.add((schema, table, tuple(cols[:k])))
    return out


def _catalog(s: Session) -> tuple[dict[str, tuple[str, set[str]]], set[tuple[str, str]]]:
    """(table name or schema.table -> (schema, column names), {(schema, table) of partitioned tables})."""
    rows = s.query(
        """SELECT n.nspname, c.relname, array_agg(a.attname), c.relkind = 'p' FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
           WHERE c.relkind IN ('r', 'p', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
             AND n.nspname NOT LIKE 'pg_toast%%'
           GROUP BY 1, 2, c.relkind""", cap=100000).rows
    cat: dict[str, tuple[str, set[str]]] = {}
    parts: set[tuple[str, str]] = set()
    for schema, table, cols, partitioned in rows:
        if partitioned:
            parts.add((schema, table))
        cat[f"{schema}.{table}"] = (schema, set(cols))
        if table not in cat or schema == "public":
            cat[table] = (schema, set(cols))
    return cat, parts


def create_index_sql(ddl: str, schema: str, table: str, partitioned: set[tuple[str, str]]) -> tuple[str, str]:
    """(statement to suggest, note): CONCURRENTLY, except on partitioned tables where PostgreSQL 15 refuses it."""
    if (schema, table) in partitioned:
        return ddl, " (partitioned table: CREATE INDEX CONCURRENTLY is not supported, so this blocks writes while it builds)"
    return ddl.replace("CREATE INDEX", "CREATE INDEX CONCURRENTLY", 1), ""


# --------------------------------------------------------------------------- index advice
@pg_tool(
    "index_advice", "tuning",
    "Recommend indexes: candidates from the workload's WHERE/JOIN columns (pg_stat_statements) or from one query, evaluated as hypothetical indexes (hypopg) and ranked by estimated cost reduction.",
    "empty to analyse the top statements of the workload, or one SELECT query to advise on",
    'plain text (empty or SQL), or JSON {"sql": str, "top": int}',
    ["", "SELECT * FROM orders WHERE customer_id = 42 ORDER BY created_at DESC", '{"top": 10}'],
)
def index_advice(ctx, tool_input=""):
    args = parse_input(tool_input, "sql", ("top", "limit", "query"))
    sql = clean_text(args.get("sql") or args.get("query") or "").rstrip().rstrip(";")
    if sql.lower() in ("all", "workload", "none", "top"):
        sql = ""
    top = as_int(args.get("top") or args.get("limit"), 10, 1, 50)
    if sql:
        check(sql)  # Refused -> a clear "refused: ..." result (common.pg_tool)
    notes: list[str] = []
    with readonly_session(ctx, purpose="hypo") as s:
        if sql:
            statements = [{"query": sql, "calls": 1, "total_ms": None}]
        else:
            ready, note = pgss_status(s)
            if not ready:
                return ok(note + " Alternatively pass one query to index_advice to advise on it.",
                          data={"available": False, "reason": note})
            statements = s.query(
                """SELECT query, calls, round(total_exec_time::numeric, 1) AS total_ms FROM pg_stat_statements
                   WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                     AND query ~* '^\\s*(select|with)\\y' AND query !~* 'pg_catalog|pg_stat|information_schema|hypopg'
                   ORDER BY total_exec_time DESC LIMIT %s""", (top,), cap=top).dicts()
            statements = [d for d in statements if check_readonly(_TYPED_PARAM.sub(lambda m: f"${m.group(2)}::{m.group(1)}", d["query"]))[0]]
            if not statements:
                return ok("pg_stat_statements has no SELECT statements on user tables yet; run the workload first "
                          "or pass one query to index_advice.", data={"available": True, "candidates": []})
        hypo = s.extension("hypopg")
        catalog, partitioned = _catalog(s)
        existing = _indexed_prefixes(s)
        cands: dict[tuple, Candidate] = {}
        for qi, st in enumerate(statements):
            for schema, table, cols in extract_candidates(st["query"], catalog):
                if (schema, table, cols) in existing:
                    continue
                c = cands.setdefault((schema, table, cols), Candidate(schema, table, cols))
                c.queries.append(qi)
        if not cands:
            return ok(f"Analysed {len(statements)} statement(s): every filtered or joined column already has an "
                      "index with it as the leading column; no new index to suggest.",
                      data={"available": True, "candidates": [], "statements": len(statements)})
        if not hypo:
            rows = [(c.label, len(c.queries), c.ddl) for c in cands.values()]
            return ok(f"hypopg is not installed in this database, so the candidates below are not evaluated; "
                      f"{HYPOPG_HOWTO}.\n\n" + md_table(["candidate", "statements", "index"], rows),
                      data={"available": True, "hypopg": False,
                            "candidates": [{"index": c.ddl, "queries": len(c.queries)} for c in cands.values()]})
        s.cur.execute("SELECT hypopg_reset()")
        base: dict[int, float] = {}
        for qi, st in enumerate(statements):
            if any(qi in c.queries for c in cands.values()):
                plan, err = _plan(s, st["query"])
                if plan is None:
                    notes.append(f"could not plan statement {qi + 1}: {md_text(err)}")
                    continue
                base[qi] = float(plan["Total Cost"])
        results = []
        for c in cands.values():
            hrow, err = s.try_query("SELECT indexrelid, indexname, hypopg_relation_size(indexrelid) "
                                    "FROM hypopg_create_index(%s)", (c.ddl,))
            if err:
                notes.append(f"{md_text(c.label)}: {md_text(err)}")
                continue
            oid, iname, size = hrow.rows[0]
            per_q = []
            for qi in c.queries:
                if qi not in base:
                    continue
                plan, err = _plan(s, statements[qi]["query"])
                if plan is None:
                    continue
                used = any(iname in (n.get("Index Name") or "") for n in _walk_plan(plan))
                per_q.append((qi, base[qi], float(plan["Total Cost"]), used))
            s.cur.execute("SELECT hypopg_drop_index(%s)", (oid,))
            if not per_q:
                continue
            weight = lambda qi: float(statements[qi]["calls"] or 1)  # noqa: E731
            before = sum(b * weight(qi) for qi, b, _, _ in per_q)
            after = sum(a * weight(qi) for qi, _, a, _ in per_q)
            best = max(per_q, key=lambda x: (x[1] - x[2]) / x[1] if x[1] else 0)
            results.append({
                "index": c.ddl, "schema": c.schema, "table": c.table, "columns": list(c.columns), "used": any(u for *_, u in per_q),
                "statements": len(per_q), "cost_before": round(best[1], 2), "cost_after": round(best[2], 2),
                "reduction_pct": round(100 * (before - after) / before, 1) if before else 0.0,
                "best_query": statements[best[0]]["query"], "size_bytes": size,
            })
        s.cur.execute("SELECT hypopg_reset()")
    results.sort(key=lambda r: (-r["used"], -r["reduction_pct"]))
    useful = [r for r in results if r["used"] and r["reduction_pct"] >= 10]
    # drop a candidate when a wider useful candidate on the same table starts with its columns and does as well
    kept, leading = [], set()
    for r in useful:  # best first: one index per (table, leading column)
        if (r["table"], r["columns"][0]) in leading:
            continue
        leading.add((r["table"], r["columns"][0]))
        kept.append(r)
    src = "the query given" if sql else f"the top {len(statements)} statement(s) of pg_stat_statements by total time"
    parts = [f"Analysed {src}; {len(results)} candidate index(es) evaluated with hypopg (hypothetical, nothing was created)."]
    if results:
        parts.append(md_table(
            ["candidate", "used by planner", "statements", "cost before", "cost after", "reduction %", "est. size"],
            [(f"{r['table']}({', '.join(r['columns'])})", "yes" if r["used"] else "no", r["statements"], r["cost_before"],
              r["cost_after"], r["reduction_pct"], pretty_bytes(r["size_bytes"])) for r in results]))
    for r in kept:
        r["sql"], r["note"] = create_index_sql(r["index"], r["schema"], r["table"], partitioned)
    if kept:
        parts.append("Recommended (cost before → after is for the statement that gains most):\n" + "\n".join(
            f"- {md_code(r['sql'])}: {r['reduction_pct']} % lower estimated "
            f"cost ({r['cost_before']} → {r['cost_after']}) for: {md_text(r['best_query'], 140)}{r['note']}" for r in kept))
    else:
        parts.append("No candidate lowers the estimated cost by 10 % or more; no index is recommended.")
    if notes:
        parts.append("Notes: " + "; ".join(notes[:5]))
    suggestions = [{"sql": r["sql"],
                    "reason": f"estimated cost of the workload's statements on {r['table']} drops by {r['reduction_pct']} % "
                              f"({r['cost_before']} → {r['cost_after']} for the statement that gains most){r['note']}"}
                   for r in kept]
    return ok("\n\n".join(parts), data={"available": True, "hypopg": True, "candidates": results,
                                         "recommended": kept}, suggestions=suggestions)


# --------------------------------------------------------------------------- settings advice
def _bytes(value: str | None, unit: str | None) -> int | None:
    """pg_settings (setting, unit) -> bytes."""
    if value is None:
        return None
    mult = {"8kB": 8192, "kB": 1024, "MB": 1024 ** 2, "B": 1, "16MB": 16 * 1024 ** 2}.get(unit or "B", 1)
    try:
        return int(float(value) * mult)
    except ValueError:
        return None


def _mb(n: int) -> str:
    """A round size for postgresql.conf: whole GB from 1 GB up, else a multiple of 16 MB."""
    if n >= 1024 ** 3:
        return f"{max(1, round(n / 1024 ** 3))}GB"
    return f"{max(16, 16 * round(n / (16 * 1024 ** 2)))}MB"


@pg_tool(
    "settings_advice", "tuning",
    "Configuration advice: rules over pg_settings and observed statistics (memory, checkpoints, temp files, autovacuum, timeouts, logging), each with its reason.",
    "nothing (empty input), or an area to focus on: memory, checkpoints, autovacuum, connections, logging",
    "plain text",
    ["", "memory", "checkpoints"],
)
def settings_advice(ctx, tool_input=""):
    focus = clean_text(parse_input(tool_input, "area").get("area") or "").lower()
    with readonly_session(ctx) as s:
        st, shown = {}, {}
        for name, setting, unit, cur in s.query("SELECT name, setting, unit, current_setting(name) FROM pg_settings",
                                                cap=5000).rows:
            st[name], shown[name] = (setting, unit), cur
        db = s.query("""SELECT sum(blks_hit) AS hit, sum(blks_read) AS read, sum(temp_files) AS temp_files,
                               sum(temp_bytes) AS temp_bytes, sum(deadlocks) AS deadlocks, sum(xact_commit) AS commits
                        FROM pg_stat_database""").dicts()[0]
        if s.has_relation("pg_catalog.pg_stat_checkpointer"):
            ck = s.query("SELECT num_timed AS timed, num_requested AS req FROM pg_stat_checkpointer").dicts()[0]
        else:
            ck = s.query("SELECT checkpoints_timed AS timed, checkpoints_req AS req FROM pg_stat_bgwriter").dicts()[0]
        conns = s.query("""SELECT count(*) AS total, count(*) FILTER (WHERE state = 'idle in transaction') AS idle_xact
                           FROM pg_stat_activity WHERE backend_type = 'client backend'""").dicts()[0]
        largest = s.one("SELECT coalesce(max(pg_relation_size(relid)), 0) FROM pg_stat_user_tables")
        pgss_ok, _ = pgss_status(s)
    ram = None
    if ctx.local:
        import psutil

        ram = psutil.virtual_memory().total

    def val(name):
        return st.get(name, (None, None))[0]

    def b(name):
        return _bytes(*st[name]) if name in st else None

    found: list[dict] = []

    def add(area, name, suggested, reason, restart=False):
        sql = f"ALTER SYSTEM SET {name} = '{suggested}'" if suggested is not None else ""
        found.append({"area": area, "setting": name, "current": shown.get(name, ""), "unit": "", "suggested": suggested, "reason": reason,
                      "restart": restart, "sql": sql})

    sb = b("shared_buffers")
    hit_ratio = float(db["hit"] or 0) / float((db["hit"] or 0) + (db["read"] or 0)) if (db["hit"] or db["read"]) else None
    if ram and sb and sb < 0.15 * ram:
        add("memory", "shared_buffers", _mb(int(0.25 * ram)),
            f"shared_buffers is {pretty_bytes(sb)}, {100 * sb / ram:.0f} % of {pretty_bytes(ram)} RAM; about 25 % is the usual start"
            + (f" (cache hit ratio {100 * hit_ratio:.2f} %)" if hit_ratio is not None else ""), restart=True)
    elif not ram and sb and sb <= 128 * 1024 ** 2:
        add("memory", "shared_buffers", None, "shared_buffers is still the 128MB default; size it to about 25 % of the "
            "server's RAM (RAM is unknown for a remote server)", restart=True)
    if hit_ratio is not None and hit_ratio < 0.99 and (db["read"] or 0) > 10000:
        found.append({"area": "memory", "setting": "(cache hit ratio)", "current": f"{100 * hit_ratio:.2f} %", "unit": "",
                      "suggested": None, "reason": "below 99 %: the working set does not fit in shared_buffers",
                      "restart": False, "sql": ""})
    ecs = b("effective_cache_size")
    if ram and ecs and ecs < 0.5 * ram:
        add("memory", "effective_cache_size", _mb(int(0.7 * ram)),
            f"effective_cache_size {pretty_bytes(ecs)} underestimates the OS cache on a {pretty_bytes(ram)} host; the "
            "planner then avoids index scans")
    wm = b("work_mem")
    if db["temp_files"] and wm and db["temp_files"] > 0:
        avg = float(db["temp_bytes"] or 0) / float(db["temp_files"])
        if avg > wm / 2 or db["temp_files"] > 100:
            target = min(max(wm * 4, int(avg * 2)), 256 * 1024 ** 2)
            if target > wm:
                add("memory", "work_mem", _mb(target),
                    f"{db['temp_files']} temp files ({pretty_bytes(db['temp_bytes'])}, {pretty_bytes(avg)} on average) show "
                    f"sorts and hashes spilling past work_mem = {pretty_bytes(wm)}")
    mwm = b("maintenance_work_mem")
    if mwm and mwm <= 64 * 1024 ** 2 and largest and largest > 1024 ** 3:
        add("memory", "maintenance_work_mem", "512MB",
            f"the largest table is {pretty_bytes(largest)}; 64MB makes VACUUM and CREATE INDEX do many passes")
    if (ck["req"] or 0) > (ck["timed"] or 0) and (ck["req"] or 0) >= 5:
        mws = b("max_wal_size") or 1024 ** 3
        add("checkpoints", "max_wal_size", _mb(mws * 2),
            f"{ck['req']} requested vs {ck['timed']} timed checkpoints: WAL fills max_wal_size = {pretty_bytes(mws)} "
            "before checkpoint_timeout")
    if val("autovacuum") == "off":
        add("autovacuum", "autovacuum", "on", "autovacuum is off: dead tuples accumulate and transaction-ID wraparound "
            "protection depends on manual VACUUM")
    if val("track_counts") == "off":
        add("autovacuum", "track_counts", "on", "autovacuum needs track_counts")
    if val("fsync") == "off":
        add("durability", "fsync", "on", "fsync is off: a crash or power loss can corrupt the database "
            "(acceptable only for throwaway test clusters)")
    if val("full_page_writes") == "off":
        add("durability", "full_page_writes", "on", "full_page_writes is off: torn pages after a crash are not recoverable")
    maxc = int(val("max_connections") or 100)
    if conns["total"] > 0.8 * maxc:
        add("connections", "max_connections", None,
            f"{conns['total']} of {maxc} connections in use; use a connection pooler (PgBouncer) rather than raising it",
            restart=True)
    if conns["idle_xact"] and val("idle_in_transaction_session_timeout") == "0":
        add("connections", "idle_in_transaction_session_timeout", "5min",
            f"{conns['idle_xact']} session(s) idle in transaction hold locks and block vacuum; no timeout is set")
    if val("track_io_timing") == "off":
        add("logging", "track_io_timing", "on", "I/O timings in pg_stat_statements and EXPLAIN (BUFFERS) help diagnosis; "
            "overhead is low on modern clocks")
    if val("log_min_duration_statement") == "-1":
        add("logging", "log_min_duration_statement", "1s", "slow statements are not logged; logging those over 1 s "
            "gives a history for diagnosis")
    if not pgss_ok:
        sp = val("shared_preload_libraries")  # None when this role may not read it
        if sp is None or "pg_stat_statements" not in sp:
            add("logging", "shared_preload_libraries",
                ",".join(x for x in ((sp or "").strip(), "pg_stat_statements") if x) if sp is not None else None,
                "pg_stat_statements is not loaded; it is the source for top queries and index advice", restart=True)
    if val("random_page_cost") == "4" and ctx.local:
        add("planner", "random_page_cost", "1.1", "random_page_cost = 4 models spinning disks; on SSD/NVMe storage 1.1 "
            "lets the planner choose index scans when they are cheaper")
    if focus:
        areas = {"memory", "checkpoints", "autovacuum", "durability", "connections", "logging", "planner"}
        pick = next((a for a in areas if a.startswith(focus[:4])), None)
        if pick:
            found = [f for f in found if f["area"] == pick]
    if not found:
        return ok("No configuration rule fired: the settings look reasonable for the observed statistics"
                  + (" in this area." if focus else "."), data=[])
    table = md_table(["area", "setting", "current", "suggested", "restart", "reason"],
                     [(f["area"], f["setting"], f"{f['current']}{(' ' + f['unit']) if f['unit'] else ''}",
                       f["suggested"] or "—", "yes" if f["restart"] else "reload", f["reason"]) for f in found])
    suggestions = [{"sql": f["sql"], "reason": f["reason"] + (" (needs a restart)" if f["restart"] else "")}
                   for f in found if f["sql"]]
    head = f"{len(found)} finding(s) from rules over pg_settings and statistics" + (
        "" if ram else " (host RAM unknown: the database is remote)") + ":"
    return ok(f"{head}\n\n{table}", data=found, suggestions=suggestions)


# --------------------------------------------------------------------------- explain
@pg_tool(
    "explain_query", "tuning",
    "Show the execution plan of one read-only query (EXPLAIN, estimated costs; not executed). EXPLAIN ANALYZE is offered as a suggestion to confirm.",
    "one SELECT/WITH query (statements from top_queries with $1 placeholders are planned generically)",
    'plain SQL text, or JSON {"sql": str, "format": "text|json"}',
    ["SELECT * FROM orders WHERE customer_id = 42", '{"sql": "SELECT count(*) FROM orders", "format": "json"}'],
)
def explain_query(ctx, tool_input=""):
    args = parse_input(tool_input, "sql", ("format", "query"))
    sql = clean_text(args.get("sql") or args.get("query") or "").rstrip().rstrip(";").rstrip()
    if not sql:
        raise BadInput("no query given; pass one SELECT statement")
    # Refused -> a clear "refused: ..." result. An EXPLAIN [ANALYZE] prefix is dropped by the parse: the query is
    # only planned here; the rebuilt text is what is planned.
    sql = check(sql, allow_analyze=True).query_text
    fmt = "json" if str(args.get("format") or "").lower() == "json" else "text"
    with readonly_session(ctx) as s:
        jplan, err = _plan(s, sql, "json")
        if err.startswith("refused: "):
            raise Refused(err.removeprefix("refused: "))
        if jplan is None:
            raise BadInput(f"the query could not be planned: {err}")
        text = _plan(s, sql, "text")[0] if fmt == "text" else json.dumps(jplan, indent=1)
    nodes = list(_walk_plan(jplan))
    seq = [n.get("Relation Name") for n in nodes if n.get("Node Type") == "Seq Scan"]
    idx = [n.get("Index Name") for n in nodes if n.get("Index Name")]
    summary = (f"Estimated total cost {jplan['Total Cost']}, {jplan['Plan Rows']} row(s)"
               + (f"; sequential scans on {md_text(', '.join(seq))}" if seq else "")
               + (f"; indexes used: {md_text(', '.join(idx))}" if idx else "") + ". The query was planned, not executed.")
    generic = " (generic plan for a statement with $n parameters)" if _PARAM.search(sql) else ""
    out = f"{summary}{generic}\n\n{md_fence(text)}"
    sugg = [] if _PARAM.search(sql) else [{
        "sql": f"EXPLAIN (ANALYZE, BUFFERS) {sql}",
        "reason": "measures real row counts and timings, but executes the query, so it runs only after you confirm"}]
    return ok(out, data={"plan": jplan, "total_cost": jplan["Total Cost"], "rows": jplan["Plan Rows"],
                         "seq_scans": seq, "indexes": idx}, suggestions=sugg)

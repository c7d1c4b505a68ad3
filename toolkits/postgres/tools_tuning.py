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

from toolkits.catalog import Catalog
from toolkits.inputs import as_int, clean_text
from toolkits.postgres.allowlist import require_allowed
from toolkits.postgres.catalog import read_catalog
from toolkits.postgres.common import HYPOPG_HOWTO, BadInput, ok, pg_tool, pgss_status
from toolkits.postgres.connection import Session, readonly_session
from toolkits.postgres.guard import Refused, check, check_readonly
from toolkits.results import Code, Finding, Table, Text, ToolResult
from toolkits.tool import Ask, Intent, Planned
from toolkits.units import pretty_bytes

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


_INDEXABLE = ("r", "p", "m")  # tables (partitions too), partitioned tables, materialized views


def _catalog_map(cat: Catalog) -> tuple[dict[str, tuple[str, set[str]]], set[tuple[str, str]]]:
    """From the toolkit's catalog: (table name or schema.table -> (schema, column names), {(schema, table) of
    partitioned tables}); views and foreign tables take no index."""
    out: dict[str, tuple[str, set[str]]] = {}
    parts: set[tuple[str, str]] = set()
    for t in cat.relations():
        if t.kind not in _INDEXABLE:
            continue
        if t.kind == "p":
            parts.add((t.schema, t.name))
        cols = set(t.columns)
        out[f"{t.schema}.{t.name}"] = (t.schema, cols)
        if t.name not in out or t.schema == "public":
            out[t.name] = (t.schema, cols)
    return out, parts


def _named_tables(sql: str) -> set[str]:
    """The tables a statement reads (schema.table or table; CTE names left out)."""
    tree = _parse_tree(sql)
    if tree is None:
        return set()
    ctes = {c.alias_or_name for c in tree.find_all(exp.CTE)}
    return {f"{t.db}.{t.name}" if t.db else t.name for t in tree.find_all(exp.Table)
            if t.name and (t.db or t.name not in ctes)}


_SYSTEM_NAME = re.compile(r"(pg_catalog\.|information_schema\.|pg_toast\.)|pg_", re.I)


def _catalog_for(ctx, statements: list[dict]) -> tuple[dict[str, tuple[str, set[str]]], set[tuple[str, str]]]:
    """The catalog map from the toolkit's (cached) catalog reader, read again once when a statement names a table
    the cached catalog does not hold (created a moment ago)."""
    catalog, partitioned = _catalog_map(read_catalog(ctx))
    named = set().union(*(_named_tables(st["query"]) for st in statements))
    named = {n for n in named if not _SYSTEM_NAME.match(n)}  # system catalogs take no index: no re-read for them
    if any(n not in catalog for n in named):
        catalog, partitioned = _catalog_map(read_catalog(ctx, fresh=True))
    return catalog, partitioned


def create_index_sql(ddl: str, schema: str, table: str, partitioned: set[tuple[str, str]]) -> tuple[str, str]:
    """(statement to suggest, note): CONCURRENTLY, except on partitioned tables where PostgreSQL 15 refuses it."""
    if (schema, table) in partitioned:
        return ddl, " (partitioned table: CREATE INDEX CONCURRENTLY is not supported, so this blocks writes while it builds)"
    return ddl.replace("CREATE INDEX", "CREATE INDEX CONCURRENTLY", 1), ""


# --------------------------------------------------------------------------- index advice
def _short(text: str, n: int | None = None) -> str:
    """One line (of at most n characters)."""
    s = " ".join(str(text).split())
    return s if n is None or len(s) <= n else s[: n - 1] + "…"


def plan_index_advice(ask: Ask) -> Planned:
    return Planned({"sql": ask.sql} if ask.sql else {}, "Ask for index candidates, evaluated as hypothetical indexes.")


ADVICE_COLUMNS = ["index", "schema", "table", "columns", "used", "statements", "cost_before", "cost_after",
                  "reduction_pct", "best_query", "size_bytes", "recommended", "sql"]


@pg_tool(
    "tuning",
    examples=["", "SELECT * FROM orders WHERE customer_id = 42 ORDER BY created_at DESC", '{"top": 10}'],
    questions=["recommend indexes for my workload", "what index would speed up this query",
               "which indexes should I create", "missing indexes"],
    intents=[Intent(r"\b(recommend|suggest|advi[sc]e|propose|missing|should (i|we) (add|create)|"
                    r"candidate|hypothetical|hypopg)\b[^.?]*\bindex(es)?\b|"
                    r"\b(which|what|any) (new )?index(es)? (should|would|could|to add|to create|do (i|we) need|"
                    r"might|will)\b|\bindex(es)? (advice|recommendations?|suggestions?)\b|"
                    r"\bindex(es)? (would|could|might) (help|speed)\b|\bneed (an|more|new) index(es)?\b|"
                    r"\b(would|will|could|can|does|do|might) (an|a|any|another|some|new|more) index(es)? (help|speed|"
                    r"improve|make)\b|"  # "would an index help this query? SELECT ..."
                    r"\bindex(es)?\b[^.?]*\b(missing|lacking|should (i|we) (add|create)|would help|to add)\b",
                    precedence=10)],
    plan=plan_index_advice,
    aliases={"query": "sql", "limit": "top"},
)
def index_advice(ctx, sql: str = "", top: int = 10):
    """Recommend indexes: candidates from the workload's WHERE/JOIN columns (pg_stat_statements) or from one query, evaluated as hypothetical indexes (hypopg) and ranked by estimated cost reduction.

    Args:
        sql: one SELECT query to advise on; empty to analyse the top statements of the workload
        top: how many of the workload's top statements (by total time) to analyse (1 to 50)

    Data: available (False when pg_stat_statements cannot be read for a workload analysis; reason says why),
    hypopg (whether candidates were evaluated), statements (how many statements were analysed). Rows: the candidate
    indexes (without hypopg: index, schema, table, columns, statements); with hypopg: index, schema, table, columns,
    used (by the planner), statements, cost_before, cost_after (for the statement that gains most), reduction_pct
    (weighted by calls), best_query, size_bytes, recommended, sql (the statement to run when recommended).
    Findings: one per recommended index, its CREATE INDEX as sql.
    """
    sql = clean_text(sql or "").rstrip().rstrip(";")
    if sql.lower() in ("all", "workload", "none", "top"):
        sql = ""
    top = as_int(top, 10, 1, 50)
    if sql:
        check(sql)  # Refused -> a clear "refused: ..." result (common.pg_tool)
    notes: list[str] = []
    with readonly_session(ctx, purpose="hypo") as s:
        statements, early = _advice_statements(s, sql, top)
        if early is not None:
            return early
        hypo = s.extension("hypopg")
        catalog, partitioned = _catalog_for(ctx, statements)
        cands = _advice_candidates(statements, catalog, _indexed_prefixes(s))
        if not cands:
            return ok(Text(f"Analysed {len(statements)} statement(s): every filtered or joined column already has an "
                           "index with it as the leading column; no new index to suggest."),
                      columns=ADVICE_COLUMNS, data={"available": True, "hypopg": bool(hypo), "statements": len(statements)})
        if not hypo:
            return _unevaluated_candidates(cands, statements)
        results = _evaluate_candidates(s, statements, cands, notes)
    return _advice_result(sql, statements, results, partitioned, notes)


_WORKLOAD_SQL = """SELECT query, calls, round(total_exec_time::numeric, 1) AS total_ms FROM pg_stat_statements
                   WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                     AND query ~* '^\\s*(select|with)\\y' AND query !~* 'pg_catalog|pg_stat|information_schema|hypopg'
                   ORDER BY total_exec_time DESC LIMIT %s"""


def _advice_statements(s: Session, sql: str, top: int) -> tuple[list[dict], ToolResult | None]:
    """(the statements to analyse, None), or ([], the result to return instead when there are none): the query
    given, else the workload's top read-only statements from pg_stat_statements."""
    if sql:
        return [{"query": sql, "calls": 1, "total_ms": None}], None
    ready, note = pgss_status(s)
    if not ready:
        return [], ok(Text(note + " Alternatively pass one query to index_advice to advise on it."),
                      data={"available": False, "reason": note})
    statements = s.query(_WORKLOAD_SQL, (top,), cap=top).dicts()
    statements = [d for d in statements if check_readonly(_TYPED_PARAM.sub(lambda m: f"${m.group(2)}::{m.group(1)}", d["query"]))[0]]
    if not statements:
        return [], ok(Text("pg_stat_statements has no SELECT statements on user tables yet; run the workload first "
                           "or pass one query to index_advice."),
                      columns=ADVICE_COLUMNS, data={"available": True, "statements": 0})
    return statements, None


def _advice_candidates(statements: list[dict], catalog: dict[str, tuple[str, set[str]]],
                       existing: set[tuple[str, str, tuple[str, ...]]]) -> dict[tuple, Candidate]:
    """The candidate indexes of the statements, each with the statements it may serve; those an existing index
    already leads with are left out."""
    cands: dict[tuple, Candidate] = {}
    for qi, st in enumerate(statements):
        for schema, table, cols in extract_candidates(st["query"], catalog):
            if (schema, table, cols) in existing:
                continue
            c = cands.setdefault((schema, table, cols), Candidate(schema, table, cols))
            c.queries.append(qi)
    return cands


def _unevaluated_candidates(cands: dict[tuple, Candidate], statements: list[dict]) -> ToolResult:
    """The result without hypopg: the candidates, not evaluated."""
    columns = ["index", "schema", "table", "columns", "statements"]
    return ok(Text(f"hypopg is not installed in this database, so the candidates below are not evaluated; "
                   f"{HYPOPG_HOWTO}."),
              Table(["candidate", "statements", "index"], [(c.label, len(c.queries), c.ddl) for c in cands.values()]),
              columns=columns,
              rows=[(c.ddl, c.schema, c.table, list(c.columns), len(c.queries)) for c in cands.values()],
              data={"available": True, "hypopg": False, "statements": len(statements)})


def _evaluate_candidates(s: Session, statements: list[dict], cands: dict[tuple, Candidate],
                         notes: list[str]) -> list[dict]:
    """Each candidate created as a hypothetical index (hypopg) and the statements it may serve planned again:
    one result per candidate that could be evaluated. Problems go to ``notes``."""
    s.cur.execute("SELECT hypopg_reset()")
    base = _base_costs(s, statements, cands, notes)
    results = []
    for c in cands.values():
        r = _evaluate_candidate(s, c, statements, base, notes)
        if r is not None:
            results.append(r)
    s.cur.execute("SELECT hypopg_reset()")
    return results


def _base_costs(s: Session, statements: list[dict], cands: dict[tuple, Candidate], notes: list[str]) -> dict[int, float]:
    """Estimated total cost, without a new index, of each statement some candidate may serve (by its position)."""
    base: dict[int, float] = {}
    for qi, st in enumerate(statements):
        if any(qi in c.queries for c in cands.values()):
            plan, err = _plan(s, st["query"])
            if plan is None:
                notes.append(f"could not plan statement {qi + 1}: {_short(err)}")
                continue
            base[qi] = float(plan["Total Cost"])
    return base


def _evaluate_candidate(s: Session, c: Candidate, statements: list[dict], base: dict[int, float],
                        notes: list[str]) -> dict | None:
    """One candidate as a hypothetical index: its result row (costs weighted by calls), or None when it could not
    be created or none of its statements could be planned."""
    hrow, err = s.try_query("SELECT indexrelid, indexname, hypopg_relation_size(indexrelid) "
                            "FROM hypopg_create_index(%s)", (c.ddl,))
    if err:
        notes.append(f"{c.label}: {_short(err)}")
        return None
    oid, iname, size = hrow.rows[0]
    per_q = _costs_with_index(s, c, statements, base, iname)
    s.cur.execute("SELECT hypopg_drop_index(%s)", (oid,))
    if not per_q:
        return None
    weight = lambda qi: float(statements[qi]["calls"] or 1)  # noqa: E731
    before = sum(b * weight(qi) for qi, b, _, _ in per_q)
    after = sum(a * weight(qi) for qi, _, a, _ in per_q)
    best = max(per_q, key=lambda x: (x[1] - x[2]) / x[1] if x[1] else 0)
    return {
        "index": c.ddl, "schema": c.schema, "table": c.table, "columns": list(c.columns), "used": any(u for *_, u in per_q),
        "statements": len(per_q), "cost_before": round(best[1], 2), "cost_after": round(best[2], 2),
        "reduction_pct": round(100 * (before - after) / before, 1) if before else 0.0,
        "best_query": statements[best[0]]["query"], "size_bytes": size, "recommended": False, "sql": "",
        "label": c.label,
    }


def _costs_with_index(s: Session, c: Candidate, statements: list[dict], base: dict[int, float],
                      iname: str) -> list[tuple[int, float, float, bool]]:
    """(statement position, cost before, cost with the hypothetical index, whether the plan uses it) for each of
    the candidate's statements that has a base cost and can be planned."""
    per_q = []
    for qi in c.queries:
        if qi not in base:
            continue
        plan, err = _plan(s, statements[qi]["query"])
        if plan is None:
            continue
        used = any(iname in (n.get("Index Name") or "") for n in _walk_plan(plan))
        per_q.append((qi, base[qi], float(plan["Total Cost"]), used))
    return per_q


def _recommended(results: list[dict]) -> list[dict]:
    """The results to recommend (used by the planner, 10 % lower cost or more), best first: one index per (table,
    leading column). Sorts ``results`` best first."""
    results.sort(key=lambda r: (-r["used"], -r["reduction_pct"]))
    useful = [r for r in results if r["used"] and r["reduction_pct"] >= 10]
    # drop a candidate when a wider useful candidate on the same table starts with its columns and does as well
    kept, leading = [], set()
    for r in useful:  # best first: one index per (table, leading column)
        if (r["table"], r["columns"][0]) in leading:
            continue
        leading.add((r["table"], r["columns"][0]))
        kept.append(r)
    return kept


def _recommend(kept: list[dict], partitioned: set[tuple[str, str]]) -> list[Finding]:
    """Marks the kept results recommended with their CREATE INDEX statement; one finding each."""
    findings = []
    for r in kept:
        r["sql"], note = create_index_sql(r["index"], r["schema"], r["table"], partitioned)
        r["recommended"] = True
        findings.append(Finding(
            r["label"],
            f"{r['reduction_pct']} % lower estimated cost ({r['cost_before']} → {r['cost_after']}) for the statement "
            f"that gains most: {_short(r['best_query'], 140)}{note}",
            "warning", sql=r["sql"],
            reason=f"estimated cost of the workload's statements on {r['table']} drops by {r['reduction_pct']} % "
                   f"({r['cost_before']} → {r['cost_after']} for the statement that gains most){note}"))
    return findings


def _advice_result(sql: str, statements: list[dict], results: list[dict], partitioned: set[tuple[str, str]],
                   notes: list[str]) -> ToolResult:
    """The result of an evaluation with hypopg: the candidates, best first, and the recommended ones as findings."""
    kept = _recommended(results)
    src = "the query given" if sql else f"the top {len(statements)} statement(s) of pg_stat_statements by total time"
    blocks = [Text(f"Analysed {src}; {len(results)} candidate index(es) evaluated with hypopg "
                   "(hypothetical, nothing was created).")]
    if results:
        blocks.append(Table(
            ["candidate", "used by planner", "statements", "cost before", "cost after", "reduction %", "est. size"],
            [(r["label"], "yes" if r["used"] else "no", r["statements"], r["cost_before"],
              r["cost_after"], r["reduction_pct"], pretty_bytes(r["size_bytes"])) for r in results]))
    findings = _recommend(kept, partitioned)
    if not kept:
        blocks.append(Text("No candidate lowers the estimated cost by 10 % or more; no index is recommended."))
    if notes:
        blocks.append(Text("Notes: " + "; ".join(notes[:5])))
    return ok(*blocks, columns=ADVICE_COLUMNS, rows=[tuple(r[c] for c in ADVICE_COLUMNS) for r in results],
              findings=findings, data={"available": True, "hypopg": True, "statements": len(statements)})


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


def plan_settings_advice(ask: Ask) -> Planned:
    return Planned({}, "Review the settings against observed statistics.")


SETTINGS_COLUMNS = ["area", "setting", "current", "suggested", "restart", "reason", "sql"]


@pg_tool(
    "tuning",
    examples=["", "memory", "checkpoints"],
    questions=["how should I tune the configuration", "recommend settings for memory", "is shared_buffers too small",
               "what parameters should I change", "tune checkpoints and work_mem"],
    intents=[Intent(r"\b(tune|tuning|recommend|suggest|advi[sc]e|optimi[sz]e|improve|right|wrong|should (i|we) "
                    r"(change|set|increase|raise|lower)|too (low|high|small|big)|sized?)\b[^.?]*\b(settings?|config(uration)?|"
                    r"parameters?|shared_buffers|work_mem|effective_cache_size|maintenance_work_mem|"
                    r"max_connections|checkpoint\w*|random_page_cost|postgresql\.conf|memory settings)\b|"
                    r"\b(settings?|config(uration)?) (advice|review|recommendations?)\b|"
                    r"\b(settings?|parameters?)\b[^.?]*\b((would|should) (you|i|we)|(you|i|we) (would|should)) (change|adjust|tweak)\b|"
                    r"\b(settings?|config(uration)?|parameters?|postgres(ql)?(\.conf)?)\b[^.?]*\b(tuned|optimal|"
                    r"well[- ]tuned|sensible|reasonable|good enough|misconfigured)\b", precedence=20)],
    plan=plan_settings_advice,
)
def settings_advice(ctx, area: str = ""):
    """Configuration advice: rules over pg_settings and observed statistics (memory, checkpoints, temp files, autovacuum, timeouts, logging), each with its reason.

    Args:
        area: optional area to focus on: memory, checkpoints, autovacuum, durability, connections, logging or planner

    Data: ram_bytes (the host's RAM; None when the database is remote). Rows: one per rule that fired: area, setting,
    current, suggested (None when there is no value to set), restart (True: needs a restart, else a reload), reason,
    sql (the ALTER SYSTEM SET to confirm, "" when none). Findings: the same, one per rule, with the sql.
    """
    focus = clean_text(area or "").lower()
    obs = _observe_settings(ctx)
    ram = None
    if ctx.local:
        import psutil

        ram = psutil.virtual_memory().total
    o = _Observed(**obs, ram=ram, local=ctx.local)
    for rules in _SETTINGS_RULES:
        rules(o)
    found = _in_area(o.found, focus)
    return _settings_result(found, focus, ram)


def _observe_settings(ctx) -> dict:
    """What the settings rules read, from one read-only session: pg_settings (st: name -> (setting, unit); shown:
    name -> current_setting), database, checkpoint and connection statistics, the largest table's size, and whether
    pg_stat_statements can be read."""
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
    return {"st": st, "shown": shown, "db": db, "ck": ck, "conns": conns, "largest": largest, "pgss_ok": pgss_ok}


@dataclass
class _Observed:
    """The observations the settings rules read, and the findings they add (in rule order)."""
    st: dict
    shown: dict
    db: dict
    ck: dict
    conns: dict
    largest: int
    pgss_ok: bool
    ram: int | None
    local: bool
    found: list[dict] = field(default_factory=list)

    def val(self, name):
        return self.st.get(name, (None, None))[0]

    def b(self, name):
        return _bytes(*self.st[name]) if name in self.st else None

    def add(self, area, name, suggested, reason, restart=False):
        sql = f"ALTER SYSTEM SET {name} = '{suggested}'" if suggested is not None else ""
        self.found.append({"area": area, "setting": name, "current": self.shown.get(name, ""), "suggested": suggested,
                           "reason": reason, "restart": restart, "sql": sql})


def _cache_rules(o: _Observed) -> None:
    """memory: shared_buffers against RAM, the cache hit ratio, effective_cache_size."""
    db, ram = o.db, o.ram
    sb = o.b("shared_buffers")
    hit_ratio = float(db["hit"] or 0) / float((db["hit"] or 0) + (db["read"] or 0)) if (db["hit"] or db["read"]) else None
    if ram and sb and sb < 0.15 * ram:
        o.add("memory", "shared_buffers", _mb(int(0.25 * ram)),
              f"shared_buffers is {pretty_bytes(sb)}, {100 * sb / ram:.0f} % of {pretty_bytes(ram)} RAM; about 25 % is the usual start"
              + (f" (cache hit ratio {100 * hit_ratio:.2f} %)" if hit_ratio is not None else ""), restart=True)
    elif not ram and sb and sb <= 128 * 1024 ** 2:
        o.add("memory", "shared_buffers", None, "shared_buffers is still the 128MB default; size it to about 25 % of the "
              "server's RAM (RAM is unknown for a remote server)", restart=True)
    if hit_ratio is not None and hit_ratio < 0.99 and (db["read"] or 0) > 10000:
        o.found.append({"area": "memory", "setting": "(cache hit ratio)", "current": f"{100 * hit_ratio:.2f} %",
                        "suggested": None, "reason": "below 99 %: the working set does not fit in shared_buffers",
                        "restart": False, "sql": ""})
    ecs = o.b("effective_cache_size")
    if ram and ecs and ecs < 0.5 * ram:
        o.add("memory", "effective_cache_size", _mb(int(0.7 * ram)),
              f"effective_cache_size {pretty_bytes(ecs)} underestimates the OS cache on a {pretty_bytes(ram)} host; the "
              "planner then avoids index scans")


def _work_mem_rules(o: _Observed) -> None:
    """memory: work_mem against temp files, maintenance_work_mem against the largest table."""
    db = o.db
    wm = o.b("work_mem")
    if db["temp_files"] and wm and db["temp_files"] > 0:
        avg = float(db["temp_bytes"] or 0) / float(db["temp_files"])
        if avg > wm / 2 or db["temp_files"] > 100:
            target = min(max(wm * 4, int(avg * 2)), 256 * 1024 ** 2)
            if target > wm:
                o.add("memory", "work_mem", _mb(target),
                      f"{db['temp_files']} temp files ({pretty_bytes(db['temp_bytes'])}, {pretty_bytes(avg)} on average) show "
                      f"sorts and hashes spilling past work_mem = {pretty_bytes(wm)}")
    mwm = o.b("maintenance_work_mem")
    if mwm and mwm <= 64 * 1024 ** 2 and o.largest and o.largest > 1024 ** 3:
        o.add("memory", "maintenance_work_mem", "512MB",
              f"the largest table is {pretty_bytes(o.largest)}; 64MB makes VACUUM and CREATE INDEX do many passes")


def _checkpoint_rules(o: _Observed) -> None:
    """checkpoints: requested checkpoints outnumbering timed ones."""
    ck = o.ck
    if (ck["req"] or 0) > (ck["timed"] or 0) and (ck["req"] or 0) >= 5:
        mws = o.b("max_wal_size") or 1024 ** 3
        o.add("checkpoints", "max_wal_size", _mb(mws * 2),
              f"{ck['req']} requested vs {ck['timed']} timed checkpoints: WAL fills max_wal_size = {pretty_bytes(mws)} "
              "before checkpoint_timeout")


def _autovacuum_and_durability_rules(o: _Observed) -> None:
    """autovacuum and durability: the switches that must stay on."""
    if o.val("autovacuum") == "off":
        o.add("autovacuum", "autovacuum", "on", "autovacuum is off: dead tuples accumulate and transaction-ID wraparound "
              "protection depends on manual VACUUM")
    if o.val("track_counts") == "off":
        o.add("autovacuum", "track_counts", "on", "autovacuum needs track_counts")
    if o.val("fsync") == "off":
        o.add("durability", "fsync", "on", "fsync is off: a crash or power loss can corrupt the database "
              "(acceptable only for throwaway test clusters)")
    if o.val("full_page_writes") == "off":
        o.add("durability", "full_page_writes", "on", "full_page_writes is off: torn pages after a crash are not recoverable")


def _connection_rules(o: _Observed) -> None:
    """connections: near max_connections, sessions idle in transaction without a timeout."""
    conns = o.conns
    maxc = int(o.val("max_connections") or 100)
    if conns["total"] > 0.8 * maxc:
        o.add("connections", "max_connections", None,
              f"{conns['total']} of {maxc} connections in use; use a connection pooler (PgBouncer) rather than raising it",
              restart=True)
    if conns["idle_xact"] and o.val("idle_in_transaction_session_timeout") == "0":
        o.add("connections", "idle_in_transaction_session_timeout", "5min",
              f"{conns['idle_xact']} session(s) idle in transaction hold locks and block vacuum; no timeout is set")


def _logging_and_planner_rules(o: _Observed) -> None:
    """logging (I/O timing, slow statements, pg_stat_statements) and planner (random_page_cost on local SSDs)."""
    if o.val("track_io_timing") == "off":
        o.add("logging", "track_io_timing", "on", "I/O timings in pg_stat_statements and EXPLAIN (BUFFERS) help diagnosis; "
              "overhead is low on modern clocks")
    if o.val("log_min_duration_statement") == "-1":
        o.add("logging", "log_min_duration_statement", "1s", "slow statements are not logged; logging those over 1 s "
              "gives a history for diagnosis")
    if not o.pgss_ok:
        sp = o.val("shared_preload_libraries")  # None when this role may not read it
        if sp is None or "pg_stat_statements" not in sp:
            o.add("logging", "shared_preload_libraries",
                  ",".join(x for x in ((sp or "").strip(), "pg_stat_statements") if x) if sp is not None else None,
                  "pg_stat_statements is not loaded; it is the source for top queries and index advice", restart=True)
    if o.val("random_page_cost") == "4" and o.local:
        o.add("planner", "random_page_cost", "1.1", "random_page_cost = 4 models spinning disks; on SSD/NVMe storage 1.1 "
              "lets the planner choose index scans when they are cheaper")


# the rules in the order their findings are listed
_SETTINGS_RULES = (_cache_rules, _work_mem_rules, _checkpoint_rules, _autovacuum_and_durability_rules,
                   _connection_rules, _logging_and_planner_rules)


def _in_area(found: list[dict], focus: str) -> list[dict]:
    """The findings of the area ``focus`` names (by its first four letters); all of them when it names none."""
    if focus:
        areas = {"memory", "checkpoints", "autovacuum", "durability", "connections", "logging", "planner"}
        pick = next((a for a in areas if a.startswith(focus[:4])), None)
        if pick:
            found = [f for f in found if f["area"] == pick]
    return found


def _settings_result(found: list[dict], focus: str, ram: int | None) -> ToolResult:
    """The result: the findings as a table, rows and findings (a line saying none fired when there are none)."""
    data = {"ram_bytes": ram}
    if not found:
        return ok(Text("No configuration rule fired: the settings look reasonable for the observed statistics"
                       + (" in this area." if focus else ".")), columns=SETTINGS_COLUMNS, data=data)
    table = Table(["area", "setting", "current", "suggested", "restart", "reason"],
                  [(f["area"], f["setting"], f["current"], f["suggested"] or "—", "yes" if f["restart"] else "reload",
                    f["reason"]) for f in found])
    findings = [Finding(f["setting"], f["reason"] + (" (needs a restart)" if f["restart"] else ""), "warning",
                        sql=f["sql"]) for f in found]
    head = f"{len(found)} finding(s) from rules over pg_settings and statistics" + (
        "" if ram else " (host RAM unknown: the database is remote)") + ":"
    return ok(Text(head), table, columns=SETTINGS_COLUMNS, rows=[tuple(f[c] for c in SETTINGS_COLUMNS) for f in found],
              findings=findings, data=data)


# --------------------------------------------------------------------------- explain
def plan_explain_query(ask: Ask) -> Planned:
    if ask.sql:
        return Planned({"sql": ask.sql}, "Show the plan of the query (EXPLAIN, not executed).")
    return Planned({}, "Show a query plan.")


@pg_tool(
    "tuning",
    examples=["SELECT * FROM orders WHERE customer_id = 42", '{"sql": "SELECT count(*) FROM orders", "format": "json"}'],
    questions=["explain this query plan", "why is this query slow", "show the execution plan", "does this query use an index"],
    intents=[Intent(r"\bexplain\b|\bquery plan\b|\bexecution plan\b|\bplan (for|of)\b|"
                    r"\bplan\b[^.?]*\b(select|with)\b|\bhow (would|will|does|did) (postgres(ql)?|the planner|the database|the db|"
                    r"the server|it) (run|execute|evaluate|process)\b|"
                    r"\bhow (postgres(ql)?|the planner|the database|the db|the server) (would|will|does|did|is going to) "
                    r"(run|execute|evaluate|process)\b",
                    precedence=30),
             # "is this query using an index?", "does it do a seq scan?": the plan answers it
             Intent(r"\b(us(e|es|ing)|hit(s|ting)?|pick(s|ing)?) (an|the|any|my|a) index\b|"
                    r"\b(index|seq(uential)?) scan\b[^.]*?\b(select|with)\b|"  # "... a seq scan? SELECT ..."
                    r"\b(which|what|how many) partitions\b[^.?]*\b(read|scan|touch|prun)\w*\b[^.]*?\b(select|with)\b",
                    precedence=30)],  # "which partitions will this query read: SELECT ...": partition pruning
    plan=plan_explain_query,
    aliases={"query": "sql"},
)
def explain_query(ctx, sql: str, format: str = "text"):
    """Show the execution plan of one read-only query (EXPLAIN, estimated costs; not executed). EXPLAIN ANALYZE is offered as a suggestion to confirm.

    Args:
        sql: one SELECT/WITH query (statements from top_queries with $1 placeholders are planned generically)
        format: text or json (the plan as shown)

    Data: plan (the JSON plan's top node), total_cost, rows (estimated), seq_scans (tables read by sequential scans),
    indexes (indexes the plan uses). Findings: EXPLAIN (ANALYZE, BUFFERS) of the query as sql to confirm (not for
    statements with $n parameters).
    """
    sql = clean_text(sql or "").rstrip().rstrip(";").rstrip()
    if not sql:
        raise BadInput("no query given; pass one SELECT statement")
    # Refused -> a clear "refused: ..." result. An EXPLAIN [ANALYZE] prefix is dropped by the parse: the query is
    # only planned here; the rebuilt text is what is planned.
    sql = check(sql, allow_analyze=True).query_text
    fmt = "json" if str(format or "").strip().lower() == "json" else "text"
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
               + (f"; sequential scans on {', '.join(seq)}" if seq else "")
               + (f"; indexes used: {', '.join(idx)}" if idx else "") + ". The query was planned, not executed.")
    generic = " (generic plan for a statement with $n parameters)" if _PARAM.search(sql) else ""
    why = "measures real row counts and timings, but executes the query, so it runs only after you confirm"
    findings = [Finding(", ".join(idx), "the plan uses " + ("this index" if len(idx) == 1 else "these indexes"), "info")
                if idx else Finding(", ".join(seq) or "", "the plan uses no index" + (": a sequential scan reads the "
                                                                                 "whole table" if seq else ""), "info")]
    if not _PARAM.search(sql):
        findings.append(Finding("", f"EXPLAIN ANALYZE {why}", "info", sql=f"EXPLAIN (ANALYZE, BUFFERS) {sql}", reason=why))
    return ok(Text(f"{summary}{generic}"), Code(text, "json" if fmt == "json" else ""), findings=findings,
              data={"plan": jplan, "total_cost": jplan["Total Cost"], "rows": jplan["Plan Rows"],
                    "seq_scans": seq, "indexes": idx})

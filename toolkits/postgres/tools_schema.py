"""schema tools: list tables, describe one table."""
from __future__ import annotations

from toolkits.postgres.common import BadInput, ok, pg_tool, resolve_table
from toolkits.postgres.connection import readonly_session
from toolkits.results import Finding, Table, Text
from toolkits.tool import Ask, Intent, Planned
from toolkits.units import pretty_bytes


_LIST_SQL = """
SELECT n.nspname AS schema, c.relname AS table,
       CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'partitioned' WHEN 'v' THEN 'view'
            WHEN 'm' THEN 'matview' WHEN 'f' THEN 'foreign' END AS kind,
       CASE WHEN c.relkind IN ('r','m') AND c.reltuples >= 0 THEN c.reltuples::bigint
            WHEN c.relkind = 'p' THEN (SELECT sum(greatest(pc.reltuples, 0))::bigint FROM pg_partition_tree(c.oid) pt
                                       JOIN pg_class pc ON pc.oid = pt.relid WHERE pt.isleaf)
            ELSE s.n_live_tup END AS row_estimate,
       CASE WHEN c.relkind = 'p' THEN (SELECT sum(pg_total_relation_size(relid))::bigint FROM pg_partition_tree(c.oid))
            ELSE pg_total_relation_size(c.oid) END AS total_bytes,
       CASE WHEN c.relkind = 'p' THEN (SELECT sum(pg_relation_size(relid))::bigint FROM pg_partition_tree(c.oid))
            ELSE pg_relation_size(c.oid) END AS table_bytes,
       CASE WHEN c.relkind = 'p' THEN (SELECT sum(pg_indexes_size(relid))::bigint FROM pg_partition_tree(c.oid))
            ELSE pg_indexes_size(c.oid) END AS index_bytes,
       (SELECT count(*) FROM pg_index i WHERE i.indrelid = c.oid) AS indexes
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
WHERE c.relkind IN ('r','p','v','m','f') AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog','information_schema') AND n.nspname NOT LIKE 'pg_toast%%'
  AND n.nspname NOT LIKE 'pg_temp%%'
  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                  AND d.deptype = 'e')  -- objects owned by extensions (pg_stat_statements view ...)
  AND (%(schema)s::text IS NULL OR n.nspname = %(schema)s)
  AND (%(pattern)s::text IS NULL OR c.relname ILIKE %(pattern)s)
ORDER BY total_bytes DESC NULLS LAST, 1, 2
"""


def plan_list_tables(ask: Ask) -> Planned:
    return Planned({}, "List the tables with their sizes and row estimates.")


@pg_tool(
    "schema",
    examples=["", "public", '{"pattern": "order%", "limit": 20}'],
    questions=["list all tables", "what tables are in the database", "which tables are the biggest",
               "how large is each table", "how many rows does each table have"],
    intents=[Intent(r"\b(what|which|list|show|all)\b[^.?]*\btables\b|\b(every|each|all) tables?\b|\boverview of (the |my )?tables\b|\btables (are there|do (we|i) have|exist)\b|"
                    r"\b(largest|biggest|smallest) tables?\b|\btable sizes\b|\bhow many tables\b|\bschema\b|"
                    r"\b(which|what) (table|relation)s?\b[^.?]*\b(space|disk|storage|room|bytes|size)\b|"
                    r"\bwhat('s| is) in (the|my|this) database\b|\bdatabase objects\b", precedence=140)],
    plan=plan_list_tables,
)
def list_tables(ctx, filter: str = "", schema: str = "", pattern: str = "", limit: int = 0):
    """List the tables and views of the database with row estimates, sizes and index counts, largest first.

    Args:
        filter: optional schema name or a name pattern (e.g. 'order%'), or empty for all user tables
        schema: only the relations of this schema
        pattern: only the relations whose name matches this LIKE pattern (e.g. 'order%')
        limit: at most this many relations (the row cap when 0)

    Rows: one per relation, largest first: schema, table, kind (table, partitioned, view, matview, foreign),
    row_estimate, total_bytes, table_bytes, index_bytes, indexes (partitions are folded into their parent).
    """
    limit = min(limit, ctx.row_cap) if limit > 0 else ctx.row_cap
    schema = schema.strip() or None
    pattern = pattern.strip() or None
    filt = filter.strip()
    if filt.lower() in ("all", "*", "tables", "all tables", "none"):
        filt = ""
    with readonly_session(ctx) as s:
        if filt:
            if any(ch in filt for ch in "%_*"):
                pattern = filt.replace("*", "%")
            elif s.one("SELECT count(*) FROM pg_namespace WHERE nspname = %s", (filt,)):
                schema = filt
            else:
                pattern = f"%{filt}%"
        r = s.query(_LIST_SQL, {"schema": schema, "pattern": pattern}, cap=limit)

    def size(d, key):
        return "" if d["kind"] in ("view", "foreign") else pretty_bytes(d[key])

    found = r.dicts()
    if not found:
        what = f" matching {pattern!r}" if pattern else (f" in schema {schema!r}" if schema else "")
        return ok(Text(f"No user tables{what}."), columns=r.columns, rows=[])
    shown = [(d["schema"], d["table"], d["kind"], d["row_estimate"], size(d, "total_bytes"),
              size(d, "table_bytes"), size(d, "index_bytes"), d["indexes"]) for d in found]
    n_t = sum(1 for d in found if d["kind"] in ("table", "partitioned"))
    others = len(found) - n_t
    count = Finding("", f"{n_t} tables" + (f" (plus {others} other relation{'s' if others > 1 else ''}: views, matviews "
                                          "or foreign tables)" if others else ""), "info")
    return ok(Text(f"{len(shown)} relation(s), largest first:"),
              Table(["schema", "table", "kind", "rows (est.)", "total size", "table size", "index size", "indexes"],
                    shown, truncated=r.truncated, cap=r.cap),
              columns=r.columns, rows=r.rows, findings=[count], data={"truncated": r.truncated})


def plan_describe_table(ask: Ask) -> Planned:
    table = ask.tables[0] if ask.tables else ""
    return Planned({"table": table}, f"Look at the definition of {table or 'the table'}.")


@pg_tool(
    "schema",
    examples=["orders", "public.customers", '{"table": "order_items"}'],
    questions=["what columns does the table have", "show the schema of a table", "what are the foreign keys of orders",
               "which indexes exist on this table", "what is the primary key of customers"],
    intents=[Intent(r"\b(describe|structure|columns?|definition|ddl|constraints?|foreign keys?|primary keys?|"
                    r"schema of|fields|data types?|what does (the )?[a-z_]+( table)? look like|indexes (on|of)|"
                    r"indexes does|index(es)? (exist|are there) on|how big is|size of|referenc\w+|tell me about|"
                    r"what('s| is) in (the )?[a-z_]+( table)?|related|relationships?|linked|joins? to|"
                    r"nullable|not null|default values?|what (does|do) [^?]{0,60}?\b(contain|hold|store|keep)s?)\b",
                    precedence=130, needs_table=True),
             # what a column means: its comment ("what does list_price mean in the products table?")
             Intent(r"\bwhat (does|do) \S+ (mean|stand for|hold|contain)\b|\bmeaning of\b|"
                    r"\bwhat (does|do) (the )?(different |various |possible )?[a-z_ ]{0,30}\b(codes?|values?|flags?|"
                    r"statuse?s?|types?) (mean|stand for)\b|"
                    r"\bwhat (does|do) (an? |the )?[a-z_ ]{0,30}\b(codes?|values?|flags?|statuse?s?|types?|states?) "
                    r"(of |= ?)?['\"]?[A-Za-z0-9_-]{1,12}['\"]? (mean|stand for)\b|"  # "a ticket status of TR mean"
                    r"\bwhat is (the )?[a-z]+_[a-z_]+ (on|in|of) (the )?\w+( table)?\b|\b(which|what) (column|field) (is|holds|means)\b|"
                    r"\bwhich one is the real\b", precedence=130, needs_table=True),
             # what the data means, which its comments say: the codes a column may hold, NULL against zero, signs
             Intent(r"\bwhat (statuse?s?|states|types|kinds|values|codes|categories) (can|could|may|does|do) (an? |the )?"
                    r"[a-z_ ]{1,30}? ?(have|take|hold|be in)\b|\b(gross or net|net or gross|debit or (a )?credit|"
                    r"credit or (a )?debit)\b|\bdifference between (an? )?(empty|null|blank|missing)\b|"
                    r"\bwhat does (an? )?(null|empty|blank|missing) [a-z_ ]{0,30}\bmean\b", precedence=130,
                    needs_table=True)],
    plan=plan_describe_table,
)
def describe_table(ctx, table: str, schema: str = ""):
    """Describe one table: columns with types, defaults and nullability; primary/foreign/unique/check constraints; indexes; size and row estimate.

    Args:
        table: a table name, optionally schema-qualified
        schema: the table's schema, when the name is not qualified

    Rows: one per column: name, type, nullable (bool), default, comment.
    Data: schema, table, kind, row_estimate, total_bytes, table_bytes, index_bytes, comment, constraints [{name,
    kind, definition}], indexes [{name, definition, bytes, scans, valid}], referenced_by [{table, constraint,
    definition}].
    """
    name = table.strip()
    if schema.strip() and "." not in name:
        name = f"{schema.strip()}.{name}"
    if not name:
        raise BadInput("a table name is required")
    schema, table, info, cols, cons, idx, refs = _read_table(ctx, name)
    kind, est, total, tbytes, ibytes, comment, live, dead = info
    est = est if est is not None else live
    qname = f"{schema}.{table}"
    if kind == "view":
        head = f"{qname} (view)"
    else:
        head = (f"{qname} ({kind}): ~{est if est is not None else '?'} rows, total {pretty_bytes(total)} "
                f"(table {pretty_bytes(tbytes)}, indexes {pretty_bytes(ibytes)})")
    blocks = [Text(head + (f" — {comment}" if comment else ""))]
    if name.split(".")[-1].strip('"').lower() != table.lower():
        blocks.append(Text(f"(resolved {name!r} to {qname})"))
    blocks += _definition_tables(cols, cons, idx, refs)
    data = {
        "schema": schema, "table": table, "kind": kind, "row_estimate": est, "total_bytes": total,
        "table_bytes": tbytes, "index_bytes": ibytes, "comment": comment,
        "constraints": [{"name": c[0], "kind": c[1], "definition": c[2]} for c in cons.rows],
        "indexes": [{"name": i[0], "definition": i[1], "bytes": i[2], "scans": i[3], "valid": i[4]} for i in idx.rows],
        "referenced_by": [{"table": r[0], "constraint": r[1], "definition": r[2]} for r in refs.rows],
    }
    return ok(*blocks, columns=["name", "type", "nullable", "default", "comment"], rows=cols.rows, data=data)


def _read_table(ctx, name: str) -> tuple:
    """From one read-only session, for the table ``name`` resolves to: (schema, table, its kind/size/estimate row,
    then the query results of its columns, constraints, indexes and the foreign keys that reference it)."""
    with readonly_session(ctx) as s:
        oid, schema, table = resolve_table(ctx, name, s)
        info = s.query(
            """SELECT CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'partitioned table' WHEN 'v' THEN 'view'
                        WHEN 'm' THEN 'materialized view' ELSE 'foreign table' END,
                      CASE WHEN c.relkind = 'p' THEN (SELECT sum(greatest(pc.reltuples, 0))::bigint
                                                      FROM pg_partition_tree(c.oid) pt JOIN pg_class pc ON pc.oid = pt.relid
                                                      WHERE pt.isleaf)
                           WHEN c.reltuples >= 0 THEN c.reltuples::bigint END,
                      CASE WHEN c.relkind = 'p' THEN (SELECT sum(pg_total_relation_size(relid))::bigint
                                                      FROM pg_partition_tree(c.oid))
                           ELSE pg_total_relation_size(c.oid) END,
                      CASE WHEN c.relkind = 'p' THEN (SELECT sum(pg_relation_size(relid))::bigint
                                                      FROM pg_partition_tree(c.oid))
                           ELSE pg_relation_size(c.oid) END,
                      CASE WHEN c.relkind = 'p' THEN (SELECT sum(pg_indexes_size(relid))::bigint
                                                      FROM pg_partition_tree(c.oid))
                           ELSE pg_indexes_size(c.oid) END,
                      obj_description(c.oid, 'pg_class'),
                      st.n_live_tup, st.n_dead_tup
               FROM pg_class c LEFT JOIN pg_stat_user_tables st ON st.relid = c.oid WHERE c.oid = %s""", (oid,)).rows[0]
        cols = s.query(
            """SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,
                      pg_get_expr(d.adbin, d.adrelid), col_description(a.attrelid, a.attnum)
               FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
               WHERE a.attrelid = %s AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum""", (oid,), cap=2000)
        cons = s.query(
            """SELECT conname, CASE contype WHEN 'p' THEN 'primary key' WHEN 'f' THEN 'foreign key'
                      WHEN 'u' THEN 'unique' WHEN 'c' THEN 'check' WHEN 'x' THEN 'exclusion' ELSE contype::text END,
                      pg_get_constraintdef(oid)
               FROM pg_constraint WHERE conrelid = %s ORDER BY contype, conname""", (oid,), cap=500)
        idx = s.query(
            """SELECT ic.relname, pg_get_indexdef(i.indexrelid), pg_relation_size(i.indexrelid),
                      COALESCE(st.idx_scan, 0), i.indisvalid
               FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
               LEFT JOIN pg_stat_user_indexes st ON st.indexrelid = i.indexrelid
               WHERE i.indrelid = %s ORDER BY ic.relname""", (oid,), cap=500)
        refs = s.query(
            """SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)
               FROM pg_constraint WHERE confrelid = %s AND contype = 'f' ORDER BY 1""", (oid,), cap=200)
    return schema, table, info, cols, cons, idx, refs


def _definition_tables(cols, cons, idx, refs) -> list[Table]:
    """The tables of a description: columns, then (when there are any) constraints, indexes and referencing keys."""
    blocks = [Table(["column", "type", "nullable", "default", "comment"],
                    [(c[0], c[1], "yes" if c[2] else "no", c[3], c[4]) for c in cols.rows], title="Columns")]
    if cons.rows:
        blocks.append(Table(["name", "kind", "definition"], cons.rows, title="Constraints"))
    if idx.rows:
        blocks.append(Table(["index", "definition", "size", "scans", "valid"],
                            [(i[0], i[1], pretty_bytes(i[2]), i[3], "yes" if i[4] else "NO") for i in idx.rows],
                            title="Indexes"))
    if refs.rows:
        blocks.append(Table(["table", "constraint", "definition"], refs.rows, title="Referenced by"))
    return blocks

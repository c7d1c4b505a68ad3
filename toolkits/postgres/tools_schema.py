"""schema tools: list tables, describe one table."""
from __future__ import annotations

from toolkits.postgres.common import BadInput, ok, pg_tool, resolve_table
from toolkits.postgres.connection import readonly_session
from toolkits.postgres.inputs import as_int, parse_input
from toolkits.postgres.render import md_table, md_text, pretty_bytes

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


@pg_tool(
    "list_tables", "schema",
    "List the tables and views of the database with row estimates, sizes and index counts, largest first.",
    "optional schema name or a name pattern (e.g. 'order%'), or empty for all user tables",
    'plain text, or JSON {"schema": str, "pattern": str, "limit": int}',
    ["", "public", '{"pattern": "order%", "limit": 20}'],
)
def list_tables(ctx, tool_input=""):
    args = parse_input(tool_input, "filter", ("schema", "pattern", "limit"))
    limit = as_int(args.get("limit"), ctx.row_cap, 1, ctx.row_cap)
    schema = args.get("schema") or None
    pattern = args.get("pattern") or None
    filt = str(args.get("filter") or "").strip()
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

    rows = [
        (d["schema"], d["table"], d["kind"], d["row_estimate"], size(d, "total_bytes"),
         size(d, "table_bytes"), size(d, "index_bytes"), d["indexes"])
        for d in r.dicts()
    ]
    if not rows:
        what = f" matching {md_text(repr(pattern))}" if pattern else (f" in schema {md_text(repr(schema))}" if schema else "")
        return ok(f"No user tables{what}.", data=[])
    table = md_table(["schema", "table", "kind", "rows (est.)", "total size", "table size", "index size", "indexes"],
                     rows, r.truncated, r.cap)
    return ok(f"{len(rows)} relation(s), largest first:\n\n{table}", data=r.dicts())


@pg_tool(
    "describe_table", "schema",
    "Describe one table: columns with types, defaults and nullability; primary/foreign/unique/check constraints; indexes; size and row estimate.",
    "a table name, optionally schema-qualified",
    'plain text table name, or JSON {"table": str}',
    ["orders", "public.customers", '{"table": "order_items"}'],
)
def describe_table(ctx, tool_input=""):
    args = parse_input(tool_input, "table", ("schema",))
    name = str(args.get("table") or "").strip()
    if args.get("schema") and "." not in name:
        name = f"{args['schema']}.{name}"
    if not name:
        raise BadInput("a table name is required")
    with readonly_session(ctx) as s:
        oid, schema, table = resolve_table(s, name)
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
    kind, est, total, tbytes, ibytes, comment, live, dead = info
    est = est if est is not None else live
    qname = md_text(f"{schema}.{table}")
    if kind == "view":
        head = f"**{qname}** (view)"
    else:
        head = (f"**{qname}** ({kind}): ~{est if est is not None else '?'} rows, total {pretty_bytes(total)} "
                f"(table {pretty_bytes(tbytes)}, indexes {pretty_bytes(ibytes)})")
    parts = [head + (f" — {md_text(comment)}" if comment else "")]
    if name.split(".")[-1].strip('"').lower() != table.lower():
        parts.append(f"_(resolved {md_text(repr(name))} to {qname})_")
    parts.append("Columns:\n\n" + md_table(["column", "type", "nullable", "default", "comment"],
                                           [(c[0], c[1], "yes" if c[2] else "no", c[3], c[4]) for c in cols.rows]))
    if cons.rows:
        parts.append("Constraints:\n\n" + md_table(["name", "kind", "definition"], cons.rows))
    if idx.rows:
        parts.append("Indexes:\n\n" + md_table(
            ["index", "definition", "size", "scans", "valid"],
            [(i[0], i[1], pretty_bytes(i[2]), i[3], "yes" if i[4] else "NO") for i in idx.rows]))
    if refs.rows:
        parts.append("Referenced by:\n\n" + md_table(["table", "constraint", "definition"], refs.rows))
    data = {
        "schema": schema, "table": table, "kind": kind, "row_estimate": est, "total_bytes": total,
        "columns": [{"name": c[0], "type": c[1], "nullable": c[2], "default": c[3]} for c in cols.rows],
        "constraints": [{"name": c[0], "kind": c[1], "definition": c[2]} for c in cons.rows],
        "indexes": [{"name": i[0], "definition": i[1], "bytes": i[2], "scans": i[3]} for i in idx.rows],
        "referenced_by": [{"table": r[0], "constraint": r[1]} for r in refs.rows],
    }
    return ok("\n\n".join(parts), data=data)

"""selection tool: run a guarded read-only query."""
from __future__ import annotations

from toolkits.postgres.common import BadInput, ok, pg_tool
from toolkits.postgres.connection import readonly_session
from toolkits.postgres.guard import check
from toolkits.postgres.inputs import as_int, clean_text, parse_input
from toolkits.postgres.render import md_table


@pg_tool(
    "run_sql", "selection",
    "Run one read-only SQL query (SELECT/WITH) on the database and return the rows as a table (row cap, timeout).",
    "one PostgreSQL SELECT or WITH statement; no writes, no side-effect functions",
    'plain SQL text, or JSON {"sql": str, "limit": int}',
    ["SELECT count(*) FROM orders WHERE created_at >= now() - interval '1 day'",
     '{"sql": "SELECT status, count(*) FROM orders GROUP BY status"}'],
)
def run_sql(ctx, tool_input=""):
    args = parse_input(tool_input, "sql", ("limit", "query"))
    sql = clean_text(args.get("sql") or args.get("query") or "").rstrip().rstrip(";").rstrip()
    if not sql:
        raise BadInput("no SQL given; pass one SELECT statement")
    checked = check(sql)  # Refused -> a clear "refused: ..." result (common.pg_tool)
    cap = as_int(args.get("limit"), ctx.row_cap, 1, ctx.row_cap)
    with readonly_session(ctx) as s:
        r = s.run(checked, cap=cap)
    n = len(r.rows)
    head = f"{n} row(s)" if not r.truncated else f"showing {n} of ≥{n + 1} rows"
    return ok(f"{head}:\n\n" + md_table(r.columns, r.rows, r.truncated, r.cap),
              data={"columns": r.columns, "rows": [list(x) for x in r.rows], "truncated": r.truncated})

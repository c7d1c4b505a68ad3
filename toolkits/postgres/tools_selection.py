"""selection tool: run a guarded read-only query."""
from __future__ import annotations

from toolkits.inputs import clean_text
from toolkits.postgres.common import BadInput, ok, pg_tool
from toolkits.postgres.connection import readonly_session
from toolkits.postgres.guard import check
from toolkits.results import Table, Text


@pg_tool(
    "selection",
    examples=["SELECT count(*) FROM orders WHERE created_at >= now() - interval '1 day'",
              '{"sql": "SELECT status, count(*) FROM orders GROUP BY status"}'],
    questions=["how many orders came in yesterday", "count the customers by country", "what is the total revenue this month",
               "show the ten most recent orders", "how many rows match a condition", "average order amount per day"],
    aliases={"query": "sql"},
)
def run_sql(ctx, sql: str, limit: int = 0):
    """Run one read-only SQL query (SELECT/WITH) on the database and return the rows as a table (row cap, timeout).

    Args:
        sql: one PostgreSQL SELECT or WITH statement; no writes, no side-effect functions
        limit: at most this many rows (the row cap when 0)
    """
    sql = clean_text(sql).rstrip().rstrip(";").rstrip()
    if not sql:
        raise BadInput("no SQL given; pass one SELECT statement")
    checked = check(sql)  # Refused -> a clear "refused: ..." result (common.pg_tool)
    cap = min(limit, ctx.row_cap) if limit > 0 else ctx.row_cap
    with readonly_session(ctx) as s:
        r = s.run(checked, cap=cap)
    n = len(r.rows)
    head = f"{n} row(s)" if not r.truncated else f"showing {n} of ≥{n + 1} rows"
    value = r.rows[0][0] if n == 1 and len(r.columns) == 1 else None
    return ok(Text(f"{head}:"), Table(r.columns, r.rows, truncated=r.truncated, cap=r.cap),
              columns=r.columns, rows=r.rows, value=value, data={"truncated": r.truncated, "sql": checked.text})

"""status tool: how close each database and its oldest tables are to transaction-ID wraparound."""
from __future__ import annotations

from psycopg import sql as psql

from toolkits.postgres.common import ok, pg_tool
from toolkits.postgres.connection import readonly_session
from toolkits.results import Finding, Table, Text
from toolkits.tool import Intent

XID_LIMIT = 2**31  # PostgreSQL refuses new transaction IDs a few million short of this age

_DATABASES = """
SELECT datname AS database, age(datfrozenxid) AS xid_age, mxid_age(datminmxid) AS mxid_age
FROM pg_database WHERE datallowconn ORDER BY age(datfrozenxid) DESC"""

_TABLES = """
SELECT n.nspname AS schema, c.relname AS table, age(c.relfrozenxid) AS xid_age,
       mxid_age(c.relminmxid) AS mxid_age, pg_size_pretty(pg_total_relation_size(c.oid)) AS size,
       s.last_autovacuum, s.last_vacuum
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
WHERE c.relkind IN ('r', 'm') AND c.relfrozenxid <> '0'  -- a TOAST table is frozen with its table
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
ORDER BY age(c.relfrozenxid) DESC LIMIT %(limit)s"""


@pg_tool(
    "status",
    examples=["", "5"],
    questions=["how close are we to transaction id wraparound", "which tables need an anti-wraparound vacuum",
               "what is the oldest transaction id age", "is there a risk of xid wraparound"],
    intents=[Intent(r"\b(xid|transaction[- ]id|multixact|mxid) (wraparound|age|exhaustion)\b|"
                    r"\bwraparound (risk|danger|warning)s?\b|\bhow close\b[^.?]*\bwraparound\b|"
                    r"\banti-?wraparound\b", precedence=45)],
)
def xid_wraparound(ctx, limit: int = 10):
    """Transaction-ID wraparound: the age of each database's and the oldest tables' frozen XID and multixact,
    against autovacuum_freeze_max_age and the hard limit (2^31).

    Args:
        limit: how many tables to list, oldest first
    """
    limit = max(1, min(limit or 10, ctx.row_cap))
    with readonly_session(ctx) as s:
        freeze_max = int(s.one("SELECT current_setting('autovacuum_freeze_max_age')"))
        dbs = s.query(_DATABASES, cap=200)
        tables = s.query(_TABLES, {"limit": limit}, cap=limit)
    findings = []
    for d in dbs.dicts():
        findings += _age_findings(d["database"], d["xid_age"], freeze_max, "")
    for t in tables.dicts():
        name = psql.Identifier(*((t["schema"], t["table"]) if t["schema"] != "public" else (t["table"],)))
        findings += _age_findings(t["table"], t["xid_age"], freeze_max, f"VACUUM (FREEZE, VERBOSE) {name.as_string(None)}")
    oldest = max((d["xid_age"] for d in dbs.dicts()), default=0)
    head = (f"Oldest database XID age {oldest:,} of the {XID_LIMIT:,} limit ({100 * oldest / XID_LIMIT:.1f} %); "
            f"autovacuum_freeze_max_age = {freeze_max:,}.")
    return ok(Text(head), Table(dbs.columns, dbs.rows, title="Databases"),
              Table(tables.columns, tables.rows, title=f"Oldest tables in this database (top {limit})"),
              columns=tables.columns, rows=tables.rows, value=oldest, findings=findings,
              data={"databases": dbs.dicts(), "autovacuum_freeze_max_age": freeze_max})


def _age_findings(subject: str, age: int, freeze_max: int, fix: str) -> list[Finding]:
    """Critical past half the hard limit; a warning when autovacuum should have frozen it long ago."""
    share = 100 * age / XID_LIMIT
    if age >= XID_LIMIT // 2:
        return [Finding(subject, f"XID age {age:,} is {share:.0f} % of the wraparound limit; freeze it now "
                                 "(PostgreSQL stops assigning XIDs near the limit)", "critical", fix,
                        f"{subject} is {share:.0f} % of the way to XID wraparound")]
    if age > 1.5 * freeze_max:
        return [Finding(subject, f"XID age {age:,} is past 1.5 × autovacuum_freeze_max_age ({freeze_max:,}): "
                                 "anti-wraparound autovacuum is not keeping up", "warning", fix,
                        f"{subject} has not been frozen since {age:,} transactions")]
    return []

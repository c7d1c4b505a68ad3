"""xid_wraparound against a real PostgreSQL: the report, its input, and the age rules."""
try:
    from tests.test_toolkit_fixtures import pgfix  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from test_toolkit_fixtures import pgfix  # noqa: F401

from agent.render import markdown
from toolkits.postgres.tools_wraparound import XID_LIMIT, _age_findings


def test_reports_databases_and_oldest_tables(pgfix):
    res = pgfix["reg"].call("xid_wraparound", pgfix["ctx"], "3")
    assert res.ok, res.error
    assert 0 < res.value < XID_LIMIT and res.data["autovacuum_freeze_max_age"] > 0
    assert len(res.rows) <= 3 and res.columns[:3] == ["schema", "table", "xid_age"]
    ages = [r["xid_age"] for r in res.records()]
    assert ages == sorted(ages, reverse=True)
    assert "of the 2,147,483,648 limit" in markdown(res)
    assert pgfix["reg"].resolve("xid_wraparound").parse('{"limit": "5 tables"}') == {"limit": 5}


def test_age_rules():
    assert _age_findings("orders", 10_000, 200_000_000, "VACUUM (FREEZE) orders") == []
    late = _age_findings("orders", 400_000_000, 200_000_000, "VACUUM (FREEZE) orders")
    assert [f.severity for f in late] == ["warning"] and late[0].sql == "VACUUM (FREEZE) orders"
    near = _age_findings("orders", XID_LIMIT // 2 + 1, 200_000_000, "VACUUM (FREEZE) orders")
    assert near[0].severity == "critical" and "50 %" in near[0].text


def test_the_planner_finds_it(pgfix):
    reg = pgfix["reg"]
    hits = [t.name for t in reg.all() if t.match("how close is this database to xid wraparound?")]
    assert "xid_wraparound" in hits

"""Confirm before write: run_confirmed is the only path that changes the database, and only for an allow-list."""
import psycopg
import pytest
try:
    from tests.test_toolkit_fixtures import pgfix  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from test_toolkit_fixtures import pgfix  # noqa: F401

from toolkits.postgres.connection import close_all
from toolkits.postgres.writes import classify, run_confirmed
from agent.render import markdown


def q(dsn, sql, *args):
    with psycopg.connect(dsn, autocommit=True) as conn:
        return conn.execute(sql, args or None).fetchone()[0]


@pytest.mark.parametrize("sql,kind", [
    ('CREATE INDEX CONCURRENTLY ON "public"."orders" ("customer_id")', "create_index"),
    ("create unique index concurrently if not exists i1 on orders (id) where status = 'new'", "create_index"),
    ("DROP INDEX CONCURRENTLY IF EXISTS public.i1", "drop_index"),
    ('ALTER TABLE "events" RESET (autovacuum_enabled)', "alter_table_storage"),
    ("ALTER TABLE orders SET (fillfactor = 80, autovacuum_vacuum_scale_factor = 0.05)", "alter_table_storage"),
    ("ALTER SYSTEM SET work_mem = '16MB'", "alter_system"),
    ("ALTER SYSTEM RESET work_mem", "alter_system"),
    ('VACUUM (ANALYZE) "events"', "vacuum"),
    ("ANALYZE orders", "analyze"),
    ("EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FROM orders", "explain_analyze"),
    ("/* why */ VACUUM events; ", "vacuum"),
])
def test_allow_list_accepts(sql, kind):
    assert classify(sql)[0] == kind


@pytest.mark.parametrize("sql,needle", [
    ("DELETE FROM orders", "not in the list"),
    ("DROP TABLE orders", "not in the list"),
    ("TRUNCATE orders", "not in the list"),
    ("UPDATE orders SET status = 'new'", "not in the list"),
    ("ALTER TABLE orders DROP COLUMN status", "not in the list"),
    ("ALTER TABLE orders SET (fillfactor = 80), DROP COLUMN status", "not in the list"),
    ("CREATE INDEX ON orders (id); DROP TABLE orders", "one statement"),
    ("VACUUM orders; DELETE FROM orders", "one statement"),
    ("ALTER SYSTEM SET archive_command = 'rm -rf /'", "archive_command"),
    ("EXPLAIN ANALYZE DELETE FROM orders", "guarded read-only"),
    ("EXPLAIN ANALYZE SELECT pg_terminate_backend(1)", "pg_terminate_backend"),
    ("EXPLAIN SELECT 1", "does not need confirmation"),
    ("SELECT 1", "not in the list"),
    ("CREATE INDEX ON orders ((pg_sleep(10)::text))", "not allowed"),
])
def test_allow_list_refuses(sql, needle):
    kind, reason = classify(sql)
    assert kind is None and needle in reason


def test_refused_statement_changes_nothing(pgfix):
    dsn = pgfix["dsn"]
    before = q(dsn, "SELECT count(*) FROM scratch_writes")
    res = run_confirmed(pgfix["ctx"], "DELETE FROM scratch_writes")
    assert not res.ok and res.error.startswith("not run:")
    assert q(dsn, "SELECT count(*) FROM scratch_writes") == before


def test_create_and_drop_index_concurrently(pgfix):
    dsn = pgfix["dsn"]
    res = run_confirmed(pgfix["ctx"], "CREATE INDEX CONCURRENTLY scratch_writes_v_idx ON scratch_writes (v)")
    assert res.ok, res.error
    assert "CREATE INDEX" in markdown(res) and res.data["kind"] == "create_index"
    assert q(dsn, "SELECT count(*) FROM pg_indexes WHERE indexname = 'scratch_writes_v_idx'") == 1
    assert q(dsn, "SELECT indisvalid FROM pg_index WHERE indexrelid = 'scratch_writes_v_idx'::regclass") is True
    again = run_confirmed(pgfix["ctx"], "CREATE INDEX CONCURRENTLY scratch_writes_v_idx ON scratch_writes (v)")
    assert not again.ok and "already exists" in again.error
    res = run_confirmed(pgfix["ctx"], "DROP INDEX CONCURRENTLY scratch_writes_v_idx")
    assert res.ok, res.error
    assert q(dsn, "SELECT count(*) FROM pg_indexes WHERE indexname = 'scratch_writes_v_idx'") == 0


def test_alter_table_storage_vacuum_and_analyze(pgfix):
    dsn = pgfix["dsn"]
    res = run_confirmed(pgfix["ctx"], "ALTER TABLE scratch_writes SET (fillfactor = 70)")
    assert res.ok, res.error
    assert "fillfactor=70" in q(dsn, "SELECT array_to_string(reloptions, ',') FROM pg_class WHERE relname = 'scratch_writes'")
    res = run_confirmed(pgfix["ctx"], "VACUUM (ANALYZE) scratch_writes")
    assert res.ok, res.error
    assert q(dsn, "SELECT pg_stat_get_vacuum_count('scratch_writes'::regclass)") >= 1
    res = run_confirmed(pgfix["ctx"], "ANALYZE scratch_writes")
    assert res.ok and "ANALYZE" in markdown(res)


def test_alter_system_set_reloads_and_reset(pgfix):
    dsn = pgfix["dsn"]
    try:
        res = run_confirmed(pgfix["ctx"], "ALTER SYSTEM SET log_temp_files = '10MB'")
        assert res.ok, res.error
        assert res.data["reloaded"] is True and res.data["setting"] == "log_temp_files"
        close_all()
        assert q(dsn, "SELECT current_setting('log_temp_files')") == "10MB"
    finally:
        reset = run_confirmed(pgfix["ctx"], "ALTER SYSTEM RESET log_temp_files")
    assert reset.ok and q(dsn, "SELECT current_setting('log_temp_files')") == "-1"


def test_explain_analyze_runs_read_only(pgfix):
    res = run_confirmed(pgfix["ctx"], "EXPLAIN (ANALYZE, BUFFERS) SELECT count(*) FROM orders WHERE status = 'paid'")
    assert res.ok, res.error
    assert "actual time" in markdown(res) and "Execution Time" in markdown(res)
    bad = run_confirmed(pgfix["ctx"], "EXPLAIN ANALYZE SELECT tk_bump()")  # a writing function: read-only txn refuses
    assert not bad.ok and "read-only" in bad.error
    assert q(pgfix["dsn"], "SELECT count(*) FROM bumps") == 0


def test_unreachable_server_is_a_clear_failure():
    from toolkits.postgres import PgContext

    res = run_confirmed(PgContext(dsn="host=127.0.0.1 port=1 dbname=x", connect_timeout_s=2), "ANALYZE")
    assert not res.ok and "cannot reach" in res.error


def test_tools_never_write(pgfix):
    """Every read tool, with each of its examples, leaves row counters, catalog and suggestions unapplied."""
    dsn, reg, ctx = pgfix["dsn"], pgfix["reg"], pgfix["ctx"]
    snap_sql = """SELECT (SELECT sum(n_tup_ins + n_tup_upd + n_tup_del) FROM pg_stat_user_tables),
                         (SELECT count(*) FROM pg_class), (SELECT count(*) FROM pg_index),
                         (SELECT md5(string_agg(relname || coalesce(array_to_string(reloptions, ','), ''), ',' ORDER BY relname))
                          FROM pg_class WHERE relnamespace = 'public'::regnamespace)"""
    close_all()
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("SELECT pg_stat_force_next_flush()")
        before = conn.execute(snap_sql).fetchone()
        suggestions = []
        for tool in reg.all():
            for example in tool.spec.examples:
                res = reg.call(tool.spec.name, ctx, example)
                suggestions += res.suggestions
        assert suggestions, "the fixture has problems the tools suggest fixes for"
        refused = [(x["sql"], classify(x["sql"])[1]) for x in suggestions if classify(x["sql"])[0] is None]
        assert not refused, "every suggestion can be confirmed through run_confirmed"
        close_all()  # the tools' backends flush their statistics when they exit
        import time

        for _ in range(100):
            if not conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                "AND application_name = 'dbcopilot'").fetchone()[0]:
                break
            time.sleep(0.05)
        conn.execute("SELECT pg_stat_clear_snapshot()")
        after = conn.execute(snap_sql).fetchone()
        assert after == before
        assert conn.execute("SELECT count(*) FROM bumps").fetchone()[0] == 0

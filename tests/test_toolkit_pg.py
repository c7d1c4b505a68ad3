"""Every PostgreSQL tool for real on PG15, against the known scratch fixture (and the demo database)."""
import threading
import time

import psycopg
import pytest
try:
    from tests.test_toolkit_fixtures import noext, pgfix  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from test_toolkit_fixtures import noext, pgfix  # noqa: F401

from toolkits.base import CATEGORIES
from toolkits.postgres import PgContext, build_registry
from toolkits.postgres.connection import check_connection
from agent.render import markdown


def call(fix, name, tool_input="", **ctx_over):
    ctx = fix["ctx"] if not ctx_over else PgContext(dsn=fix["dsn"], **ctx_over)
    res = fix["reg"].call(name, ctx, tool_input)
    return res


def test_every_category_has_a_tool_and_specs_are_complete():
    reg = build_registry()
    assert {t.spec.category for t in reg.all()} == set(CATEGORIES)
    for t in reg.all():
        s = t.spec
        assert s.description and "\n" not in s.description
        assert s.input_content and s.input_format and s.examples
        assert s.writes is False


def test_list_tables(pgfix):
    res = call(pgfix, "list_tables")
    assert res.ok, res.error
    by_name = {d["table"]: d for d in res.records()}
    assert {"customers", "orders", "events"} <= set(by_name)
    assert by_name["orders"]["row_estimate"] == 30000
    assert by_name["orders"]["indexes"] == 6
    assert markdown(res).index("| orders") < markdown(res).index("| customers")  # largest first
    assert "| public | orders | table | 30000 |" in markdown(res)
    only = call(pgfix, "list_tables", '{"pattern": "cust%"}')
    assert [d["table"] for d in only.records()] == ["customers"]


def test_describe_table(pgfix):
    res = call(pgfix, "describe_table", "orders")
    assert res.ok, res.error
    d = res.data
    cols = {c["name"]: c for c in res.records()}
    assert list(cols) == ["id", "customer_id", "status", "amount", "created_at"]
    assert cols["amount"]["type"] == "numeric(10,2)" and cols["amount"]["default"] == "0"
    assert cols["created_at"]["nullable"] is False
    kinds = {c["kind"] for c in d["constraints"]}
    assert kinds == {"primary key", "foreign key", "check", "unique"}
    assert "REFERENCES customers(id)" in markdown(res)
    assert "orders_status_copy" in {i["name"] for i in d["indexes"]}
    assert d["row_estimate"] == 30000
    back = call(pgfix, "describe_table", '{"table": "customers"}')
    assert back.data["referenced_by"][0]["table"] == "orders"
    assert "people who buy" in markdown(back)


def test_describe_table_fuzzy_name_and_missing_table(pgfix):
    res = call(pgfix, "describe_table", "order")
    assert res.ok and res.data["table"] == "orders" and "resolved" in markdown(res)
    bad = call(pgfix, "describe_table", "invoices")
    assert not bad.ok and "no table named 'invoices'" in bad.error and "Example input" in bad.error
    empty = call(pgfix, "describe_table", "")
    assert not empty.ok and "table name is required" in empty.error


def test_run_sql_known_answer_and_json_input(pgfix):
    res = call(pgfix, "run_sql", "SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status")
    assert res.ok, res.error
    assert res.rows == [("new", 10000), ("paid", 10000), ("shipped", 10000)]
    assert "| status | n |" in markdown(res) and "| paid | 10000 |" in markdown(res)
    js = call(pgfix, "run_sql", '{"sql": "SELECT count(*) FROM customers WHERE country = \'DE\'"}')
    assert js.ok and js.rows == [(250,)] and js.value == 250
    fenced = call(pgfix, "run_sql", "```sql\nSELECT 1 AS one;\n```")
    assert fenced.ok and fenced.rows == [(1,)]


def test_run_sql_row_cap_and_truncation_note(pgfix):
    res = call(pgfix, "run_sql", "SELECT g FROM generate_series(1, 500) g")
    assert res.ok and res.data["truncated"] and len(res.rows) == 200
    assert "showing 200 of ≥201 rows" in markdown(res)
    small = call(pgfix, "run_sql", "SELECT g FROM generate_series(1, 50) g", row_cap=20)
    assert len(small.rows) == 20 and "showing 20 of ≥21 rows" in markdown(small)
    exact = call(pgfix, "run_sql", "SELECT g FROM generate_series(1, 200) g")
    assert not exact.data["truncated"] and "showing" not in markdown(exact)


def test_run_sql_statement_timeout(pgfix):
    res = call(pgfix, "run_sql", "SELECT count(*) FROM generate_series(1, 200000000)", statement_timeout_ms=200)
    assert not res.ok
    assert "statement_timeout" in res.error
    after = call(pgfix, "run_sql", "SELECT 1 AS ok")  # the pooled connection is still usable
    assert after.ok


def test_run_sql_database_error_is_clear(pgfix):
    res = call(pgfix, "run_sql", "SELECT no_such_column FROM orders")
    assert not res.ok and "no_such_column" in res.error and "Traceback" not in res.error


def test_top_queries(pgfix):
    res = call(pgfix, "top_queries", '{"order_by": "calls", "limit": 5}')
    assert res.ok, res.error
    stmts = res.records()
    assert res.data["order_by"] == "calls"
    assert "customer_id = $1" in stmts[0]["query"] and stmts[0]["calls"] == 25
    assert any("country = $1" in s["query"] and s["calls"] == 5 for s in stmts)
    assert [s["calls"] for s in stmts] == sorted([s["calls"] for s in stmts], reverse=True)
    top3 = res.findings  # the three statements that cost the most, as plain figures
    assert len(top3) == min(3, len(stmts)) and all(f.severity == "info" for f in top3)
    assert "customer_id = $1" in top3[0].subject and top3[0].text.startswith("25 calls, mean ")
    mean = call(pgfix, "top_queries", "mean_time 3")
    assert mean.data["order_by"] == "mean_time" and len(mean.records()) <= 3


def test_missing_extensions_are_observations(noext):
    top = call(noext, "top_queries")
    assert top.ok and top.data["available"] is False
    assert "CREATE EXTENSION pg_stat_statements" in markdown(top)
    adv = call(noext, "index_advice", "")
    assert adv.ok and "pg_stat_statements" in markdown(adv)
    hyp = call(noext, "index_advice", "SELECT * FROM t WHERE v = 3")
    assert hyp.ok and hyp.data["hypopg"] is False
    assert "hypopg is not installed" in markdown(hyp) and "CREATE EXTENSION hypopg" in markdown(hyp)
    assert "t(v)" in markdown(hyp)


def test_active_sessions_and_locks_show_who_blocks_whom(pgfix):
    holder = psycopg.connect(pgfix["dsn"])
    holder.execute("LOCK TABLE customers IN ACCESS EXCLUSIVE MODE")
    holder_pid = holder.info.backend_pid
    waiter = psycopg.connect(pgfix["dsn"], autocommit=True)
    waiter_pid = waiter.info.backend_pid
    t = threading.Thread(target=lambda: waiter.execute("SELECT count(*) FROM customers").fetchall())
    t.start()
    try:
        with psycopg.connect(pgfix["dsn"], autocommit=True) as probe:
            for _ in range(100):
                if probe.execute("SELECT cardinality(pg_blocking_pids(%s)) > 0", (waiter_pid,)).fetchone()[0]:
                    break
                time.sleep(0.05)
        locks = call(pgfix, "locks")
        assert locks.ok, locks.error
        assert [b["pid"] for b in locks.records()] == [waiter_pid]
        assert locks.records()[0]["blocked_by"] == [holder_pid]
        assert f"- pid {holder_pid}" in markdown(locks) and f"pid {waiter_pid} waits" in markdown(locks)
        assert "customers" in markdown(locks)
        sess = call(pgfix, "active_sessions")
        assert sess.ok
        pids = {s["pid"]: s for s in sess.records()}
        assert pids[waiter_pid]["wait_event_type"] == "Lock" and pids[waiter_pid]["blocked"]
        assert "Lock:relation" in markdown(sess)
    finally:
        holder.rollback()
        holder.close()
        t.join(10)
        waiter.close()
    none = call(pgfix, "locks")
    assert "No session is waiting on a lock" in markdown(none)


def test_index_usage_finds_duplicate_redundant_unused_and_unindexed_fk(pgfix):
    import psycopg

    with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:  # scans of orders_pkey the next check can see
        conn.execute("SET enable_seqscan = off")
        for k in range(1, 4):
            conn.execute("SELECT * FROM orders WHERE id = %s", (k,)).fetchall()
        conn.execute("SELECT pg_stat_force_next_flush()")
        conn.execute("SELECT 1")
    res = call(pgfix, "index_usage", "orders")
    assert res.ok, res.error
    d = res.data
    assert {(x["index"], x["duplicate_of"]) for x in d["duplicate"]} == {("orders_status_idx", "orders_status_copy")} or \
        {(x["index"], x["duplicate_of"]) for x in d["duplicate"]} == {("orders_status_copy", "orders_status_idx")}
    assert {(x["index"], x["covered_by"]) for x in d["redundant"]} == {("orders_created_idx", "orders_created_status_idx")}
    assert [f["columns"] for f in d["unindexed_fks"]] == [["customer_id"]]
    unused = {x["index"] for x in d["unused"]}
    assert "orders_pkey" not in unused and "orders_created_status_idx" not in unused
    # a key never scanned (the lookups above took the other index on id): shown as such ("never been used?"),
    # never suggested for a DROP
    kept = {x["index"] for x in d["unscanned_constraints"]}
    zero = {r["index"] for r in res.records() if r["scans"] == 0} & {"orders_pkey", "orders_id_status_key"}
    assert zero and kept == zero and not zero & unused
    assert "unique or backing a constraint" in markdown(res)
    assert not [s for s in res.suggestions if "DROP" in s["sql"] and any(k in s["sql"] for k in zero)]
    sqls = [s["sql"] for s in res.suggestions]
    assert 'CREATE INDEX CONCURRENTLY ON "orders" ("customer_id")' in sqls
    assert 'DROP INDEX CONCURRENTLY "orders_created_idx"' in sqls
    assert all(s["reason"] for s in res.suggestions)
    scanned = [r for r in res.records() if r["scans"]]  # "which index has been scanned the most": ranked, named first
    top = max(scanned, key=lambda r: (r["scans"], [-ord(ch) for ch in r["index"]]))
    assert f"**{top['index']}**: the most scanned index" in markdown(res) and "Most scanned indexes" in markdown(res)


def test_table_health_dead_tuples_and_autovacuum_off(pgfix):
    res = call(pgfix, "table_health")
    assert res.ok, res.error
    first = res.records()[0]
    assert first["table"] == "events" and first["dead"] == 2000 and first["live"] == 3000
    assert float(first["dead_pct"]) == 40.0 and first["av_off"] is True
    assert "**events**: 40.0 % dead tuples" in markdown(res)
    sqls = [s["sql"] for s in res.suggestions]
    assert 'VACUUM (ANALYZE) "events"' in sqls and 'ALTER TABLE "events" RESET (autovacuum_enabled)' in sqls
    one = call(pgfix, "table_health", "customers")
    assert [d["table"] for d in one.records()] == ["customers"] and "no table needs attention" in markdown(one)


def test_settings(pgfix):
    res = call(pgfix, "settings", "work_mem")
    assert res.ok and [d["name"] for d in res.records()] == ["work_mem"]
    nd = call(pgfix, "settings", "")
    names = {d["name"] for d in nd.records()}
    assert "shared_preload_libraries" in names
    assert "statement_timeout" not in names  # the tool's own session settings are not "non-default config"
    pat = call(pgfix, "settings", "autovacuum%")
    assert all(d["name"].startswith("autovacuum") for d in pat.records()) and len(pat.records()) > 5
    nothing = call(pgfix, "settings", "no_such_setting_xyz")
    assert nothing.ok and "No setting matches" in markdown(nothing)


def test_replication_status(pgfix):
    res = call(pgfix, "replication_status")
    assert res.ok and res.data["standby"] is False and res.records() == [] and "replay_lag_bytes" in res.columns
    assert "primary" in markdown(res) and "wal_level" in markdown(res)


def test_resource_tools_local_and_remote(pgfix):
    host = call(pgfix, "host_resources")
    assert host.ok and host.data["available"] is True
    assert 0 <= host.data["cpu_pct"] <= 100 and host.data["mem_total"] > 0 and host.data["postgres_processes"] > 0
    assert "CPU" in markdown(host) and "memory" in markdown(host)
    remote = build_registry().call("host_resources", PgContext(dsn="host=db.example.invalid dbname=shop"), "")
    assert remote.ok and remote.data["available"] is False and "unavailable" in markdown(remote) and "remote" in markdown(remote)
    db = call(pgfix, "database_stats")
    assert db.ok, db.error
    assert db.data["datname"] == "dbcopilot_tk_test" and db.data["max_connections"] > 0
    assert 0 <= db.data["cache_hit_pct"] <= 100
    assert "cache hit ratio" in markdown(db) and "temp files" in markdown(db) and "checkpoints" in markdown(db)
    # the size as psql shows it ("8117 kB") and in bytes, beside the rounded one
    assert f"{db.data['size_bytes']} bytes" in markdown(db) and db.data["size_pretty"] in markdown(db)
    assert [f.text for f in db.findings if f.text.startswith("cache hit ratio ")], db.findings


def test_index_advice_for_a_query_with_hypopg(pgfix):
    res = call(pgfix, "index_advice", "SELECT * FROM orders WHERE customer_id = 42")
    assert res.ok, res.error
    rec = [r for r in res.records() if r["recommended"]]
    assert rec and rec[0]["columns"] == ["customer_id"] and rec[0]["cost_after"] < rec[0]["cost_before"]
    assert res.suggestions[0]["sql"] == 'CREATE INDEX CONCURRENTLY ON "public"."orders" ("customer_id")'
    assert res.findings[0].sql == rec[0]["sql"] and "% lower estimated cost" in res.findings[0].text
    with psycopg.connect(pgfix["dsn"]) as conn:  # hypothetical only: nothing was created
        assert conn.execute("SELECT count(*) FROM pg_indexes WHERE tablename = 'orders'").fetchone()[0] == 6


def test_index_advice_from_the_workload(pgfix):
    res = call(pgfix, "index_advice", "")
    assert res.ok, res.error
    recs = {(r["table"], tuple(r["columns"])) for r in res.records() if r["recommended"]}
    assert ("orders", ("customer_id",)) in recs
    assert "hypothetical" in markdown(res)


def test_explain_query_and_analyze_suggestion(pgfix):
    res = call(pgfix, "explain_query", "SELECT * FROM orders WHERE customer_id = 7")
    assert res.ok, res.error
    assert res.data["seq_scans"] == ["orders"] and "Seq Scan on orders" in markdown(res)
    assert res.suggestions[0]["sql"].startswith("EXPLAIN (ANALYZE, BUFFERS) SELECT")
    gen = call(pgfix, "explain_query", "SELECT * FROM orders WHERE created_at > $1 AND status = $2")
    assert gen.ok and "generic plan" in markdown(gen) and gen.data["indexes"]
    refused = call(pgfix, "explain_query", "EXPLAIN ANALYZE DELETE FROM orders")
    assert not refused.ok and "refused" in refused.error


def test_settings_advice_rules_give_reasons_and_confirmable_sql(pgfix):
    from toolkits.postgres.writes import classify

    res = call(pgfix, "settings_advice")
    assert res.ok, res.error
    assert res.records() and res.findings, "the sandbox runs with defaults that at least one rule flags"
    for f in res.records():
        assert f["reason"] and f["setting"]
    for s in res.suggestions:
        assert s["sql"].startswith("ALTER SYSTEM SET") and classify(s["sql"])[0] == "alter_system"


def test_bad_input_gets_a_suggestion_not_a_traceback(pgfix):
    res = call(pgfix, "run_sql", "")
    assert not res.ok and "Example input" in res.error
    res = pgfix["reg"].call("list_tabels", pgfix["ctx"], "")  # typo in the tool name resolves
    assert res.ok
    res = pgfix["reg"].call("make_coffee", pgfix["ctx"], "")
    assert not res.ok and "unknown tool" in res.error and "list_tables" in res.error


def test_unreachable_database_is_a_clear_observation():
    reg = build_registry()
    ctx = PgContext(dsn="host=127.0.0.1 port=1 dbname=x user=postgres", connect_timeout_s=2)
    for name in ("list_tables", "run_sql", "table_health"):
        res = reg.call(name, ctx, "SELECT 1" if name == "run_sql" else "")
        assert not res.ok and "cannot reach the PostgreSQL server" in res.error


@pytest.mark.parametrize("dsn,needle", [
    ("host=127.0.0.1 port=1 dbname=x user=postgres", "server is down or the host/port is wrong"),
    ("this is = not a dsn ===", "connection string is not valid"),
    ("", "no DSN given"),
])
def test_check_connection_messages_without_a_server(dsn, needle):
    ok, msg = check_connection(dsn, timeout_s=2)
    assert not ok and needle in msg


def test_check_connection_against_the_sandbox(pgfix, pg_sandbox):
    ok, msg = check_connection(pgfix["dsn"])
    assert ok and msg.startswith("PostgreSQL 15.") and "pg_stat_statements" in msg and "hypopg" in msg
    ok, msg = check_connection(pg_sandbox.dsn("no_such_database_xyz"))
    assert not ok and "does not exist" in msg and "dbname" in msg
    ok, msg = check_connection(pgfix["dsn"].replace("user=postgres", "user=no_such_role_xyz"))
    assert not ok and "role" in msg and "does not exist" in msg


def test_demo_database_tools(demo_dsn):
    """The demo database's planted problems are found."""
    reg, ctx = build_registry(), PgContext(dsn=demo_dsn)
    usage = reg.call("index_usage", ctx, "")
    assert usage.ok
    assert {"orders", "order_items"} <= {f["table"] for f in usage.data["unindexed_fks"]}
    assert "customers_email_idx" in {d["index"] for d in usage.data["duplicate"]}
    assert "shipments_order_idx" in {d["index"] for d in usage.data["redundant"]}
    advice = reg.call("index_advice", ctx, "")
    assert advice.ok and any(r["table"] == "orders" and r["columns"][0] == "customer_id"
                             for r in advice.records() if r["recommended"])


def test_pg_stat_statements_not_preloaded_on_the_machine_server():
    """The machine's own PG15 (127.0.0.1:5432) does not preload pg_stat_statements: the message says how to enable it."""
    dsn = "host=127.0.0.1 port=5432 dbname=postgres user=postgres"
    ok, _ = check_connection(dsn, timeout_s=2)
    if not ok:
        pytest.skip("no PostgreSQL on 127.0.0.1:5432")
    with psycopg.connect(dsn) as conn:
        preload = conn.execute("SHOW shared_preload_libraries").fetchone()[0]
    if "pg_stat_statements" in preload:
        pytest.skip("pg_stat_statements is preloaded on 127.0.0.1:5432")
    res = build_registry().call("top_queries", PgContext(dsn=dsn), "")
    assert res.ok and res.data["available"] is False
    assert "shared_preload_libraries" in markdown(res) and "restart" in markdown(res)


def test_broken_json_input_still_works(pgfix):
    res = call(pgfix, "describe_table", '{"table": "customers"')
    assert res.ok and res.data["table"] == "customers"


def test_hypothetical_indexes_do_not_leak_into_other_tools(pgfix):
    q = "SELECT * FROM orders WHERE customer_id = 11"
    adv = call(pgfix, "index_advice", q)
    assert adv.ok and [r for r in adv.records() if r["recommended"]]
    plan = call(pgfix, "explain_query", q)
    assert plan.ok and plan.data["indexes"] == [] and plan.data["seq_scans"] == ["orders"]
    again = call(pgfix, "index_advice", q)  # the advisor's own session starts clean each time
    assert [r["index"] for r in again.records() if r["recommended"]] == [r["index"] for r in adv.records() if r["recommended"]]


def test_partitioned_tables_and_views(pgfix):
    res = call(pgfix, "list_tables")
    by_name = {d["table"]: d for d in res.records()}
    assert "readings_h1" not in by_name  # partitions are folded into their parent
    assert by_name["readings"]["kind"] == "partitioned" and by_name["readings"]["row_estimate"] == 20000
    assert by_name["readings"]["total_bytes"] > 0
    assert by_name["paid_orders"]["kind"] == "view" and "| public | paid_orders | view |  |  |" in markdown(res)
    view = call(pgfix, "describe_table", "paid_orders")
    assert view.ok and "(view)" in markdown(view) and [c["name"] for c in view.records()] == ["id", "amount"]
    adv = call(pgfix, "index_advice", "SELECT * FROM readings WHERE v = 77")
    assert adv.ok and adv.suggestions, markdown(adv)
    assert adv.suggestions[0]["sql"] == 'CREATE INDEX ON "public"."readings" ("v")'  # no CONCURRENTLY on partitioned
    assert "partitioned table" in adv.suggestions[0]["reason"]


def test_every_tool_works_for_a_plain_read_only_role(pgfix):
    """No superuser, no pg_read_all_settings / pg_read_all_stats: every tool still answers."""
    with psycopg.connect(pgfix["admin"], autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'dbcopilot_tk_ro'").fetchone():
            conn.execute("CREATE ROLE dbcopilot_tk_ro LOGIN")
    with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO dbcopilot_tk_ro")
    ctx = PgContext(dsn=pgfix["dsn"].replace("user=postgres", "user=dbcopilot_tk_ro"))
    reg = pgfix["reg"]
    inputs = {"run_sql": "SELECT count(*) FROM orders", "describe_table": "orders",
              "explain_query": "SELECT * FROM orders WHERE id = 1", "index_advice": "SELECT * FROM orders WHERE amount = 5"}
    for tool in reg.all():
        res = reg.call(tool.spec.name, ctx, inputs.get(tool.spec.name, ""))
        assert res.ok, (tool.spec.name, res.error)
    assert check_connection(ctx.dsn)[0]
    top = reg.call("top_queries", ctx, "calls")
    assert top.data["available"] is True


def test_catalog_reader_holds_oids_partitions_and_foreign_tables(pgfix):
    from toolkits.postgres.catalog import read_catalog

    with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
        conn.execute("CREATE SCHEMA tk_cat; CREATE FOREIGN DATA WRAPPER tk_fdw; CREATE SERVER tk_srv FOREIGN DATA WRAPPER tk_fdw; "
                     "CREATE FOREIGN TABLE tk_cat.remote_things (id int, label text) SERVER tk_srv; "
                     "CREATE TABLE tk_cat.orders (id int PRIMARY KEY)")
        oid = conn.execute("SELECT 'public.orders'::regclass::oid").fetchone()[0]
    try:
        cat = read_catalog(pgfix["ctx"], fresh=True)
        assert cat.tables["orders"].oid == oid and cat.tables["orders"].schema == "public"  # public wins the name
        assert [(t.schema, t.name) for t in cat.shadowed if t.name == "orders"] == [("tk_cat", "orders")]
        assert cat.tables["readings_h1"].partition_of == "readings" and cat.tables["readings"].partition_of is None
        assert cat.tables["readings"].kind == "p" and cat.tables["orders"].partition_of is None
        ft = cat.tables["remote_things"]
        assert ft.kind == "f" and list(ft.columns) == ["id", "label"]
        assert all(not t.partition_of or not t.fks for t in cat.tables.values())
        d = call(pgfix, "describe_table", "remote_things")
        assert d.ok and d.data["kind"] == "foreign table" and [c["name"] for c in d.records()] == ["id", "label"]
        other = call(pgfix, "describe_table", "tk_cat.orders")
        assert other.ok and (other.data["schema"], other.data["table"]) == ("tk_cat", "orders")
        part = call(pgfix, "describe_table", "readings_h1")
        assert part.ok and part.data["table"] == "readings_h1"
    finally:
        with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
            conn.execute("DROP SCHEMA tk_cat CASCADE; DROP SERVER tk_srv; DROP FOREIGN DATA WRAPPER tk_fdw")


def test_resolve_table_reads_the_catalog_again_for_a_new_or_recreated_table(pgfix):
    from toolkits.postgres.common import BadInput, resolve_table

    ctx = pgfix["ctx"]
    assert resolve_table(ctx, "ORDERS")[1:] == ("public", "orders")  # the catalog is read (and cached) here
    assert resolve_table(ctx, "custmers")[1:] == ("public", "customers")  # one close name: taken
    with pytest.raises(BadInput, match="no table named 'invoices'; tables here: "):
        resolve_table(ctx, "invoices")
    try:
        with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
            conn.execute("CREATE TABLE tk_fresh (a int, b text)")
        res = call(pgfix, "describe_table", "tk_fresh")  # created after the cached read: found by reading again
        assert res.ok, res.error
        assert [c["name"] for c in res.records()] == ["a", "b"]
        with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
            conn.execute("DROP TABLE tk_fresh; CREATE TABLE tk_fresh (c int)")  # the cached oid is gone now
        res = call(pgfix, "describe_table", "tk_fresh")
        assert res.ok and [c["name"] for c in res.records()] == ["c"], res.error
        health = call(pgfix, "table_health", "tk_fresh")
        assert health.ok and [d["table"] for d in health.records()] == ["tk_fresh"]
    finally:
        with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS tk_fresh")
    gone = call(pgfix, "describe_table", "tk_fresh")
    assert not gone.ok and "no table named 'tk_fresh'" in gone.error


def test_status_and_schema_tools_plan_and_parse_like_the_planner(pgfix):
    from toolkits.tool import Ask

    reg = pgfix["reg"]
    assert reg.get("table_health").parse('{"order_by": "dead_pct", "limit": 5}') == {"order_by": "dead_pct", "limit": 5}
    assert reg.get("list_tables").parse('{"pattern": "order%", "limit": 20}') == {"pattern": "order%", "limit": 20}
    assert reg.get("settings").parse('{"pattern": "autovacuum%"}') == {"name": "autovacuum%"}
    assert reg.get("describe_table").parse("public.customers") == {"table": "public.customers"}
    health = reg.get("table_health").plan(Ask("which tables need a vacuum", ("orders",)))
    assert health.args == {"table": "orders"} and health.thought == "Check dead tuples and (auto)vacuum/analyze history of orders."
    assert reg.get("settings").plan(Ask("what is work_mem", settings=frozenset({"work_mem"}))).args == {"name": "work_mem"}
    assert reg.get("settings").plan(Ask("show the checkpoint settings")).args == {"name": "checkpoint%"}
    assert reg.get("locks").plan(Ask("who blocks whom")).thought == "Check locks and who blocks whom."
    assert reg.get("describe_table").match("describe orders")[1].needs_table
    pct = call(pgfix, "table_health", "order_by=pct limit=2")  # an unknown order key still maps by its synonym
    assert pct.ok and pct.data["order_by"] == "dead_pct" and len(pct.rows) == 2
    listed = call(pgfix, "list_tables")
    assert listed.findings and listed.findings[0].severity == "info" and "tables" in listed.findings[0].text


def test_workload_resource_and_tuning_tools_plan_and_parse_like_the_planner(pgfix):
    from toolkits.tool import Ask

    reg = pgfix["reg"]
    top = reg.get("top_queries")
    assert top.parse("mean_time 5") == {"order_by": "mean_time 5"}
    assert top.parse('{"sort": "calls", "limit": 3}') == {"order_by": "calls", "limit": 3}
    assert top.plan(Ask("show the 3 slowest queries by mean time")) == \
        top.plan(Ask("top 3 queries by average time"))
    planned = top.plan(Ask("which queries run most often"))
    assert planned.args == {"order_by": "calls", "limit": 5}
    assert planned.thought == "Find the statements that cost the most (calls)."
    assert top.plan(Ask("show me the top 7 queries")).args == {"order_by": "total_time", "limit": 7}
    assert reg.get("active_sessions").parse('{"min_duration_s": 5}') == {"min_duration_s": 5.0}
    assert reg.get("active_sessions").plan(Ask("is anything idle in transaction")).args == {"include_idle": True}
    assert reg.get("active_sessions").plan(Ask("what is running right now")).args == {}
    assert reg.get("index_advice").parse('{"query": "SELECT 1 FROM orders", "limit": 3}') == \
        {"sql": "SELECT 1 FROM orders", "top": 3}
    adv = reg.get("index_advice").plan(Ask("what index would speed up this", sql="SELECT * FROM orders WHERE id = 1"))
    assert adv.args == {"sql": "SELECT * FROM orders WHERE id = 1"}
    assert adv.thought == "Ask for index candidates, evaluated as hypothetical indexes."
    assert reg.get("explain_query").plan(Ask("explain it")).args == {}
    assert reg.get("explain_query").plan(Ask("explain", sql="SELECT 1 FROM orders")).args == {"sql": "SELECT 1 FROM orders"}
    assert reg.get("settings_advice").plan(Ask("tune my settings")).thought == \
        "Review the settings against observed statistics."
    assert reg.get("host_resources").plan(Ask("how much disk is left")).thought == \
        "Check the host's CPU, memory, disk and I/O."
    for name, question in (("index_advice", "recommend indexes for my workload"), ("explain_query", "explain this query"),
                           ("settings_advice", "should I increase shared_buffers"), ("top_queries", "show me the slowest queries"),
                           ("active_sessions", "which sessions are active"), ("host_resources", "what is the load average"),
                           ("database_stats", "what is the cache hit ratio")):
        assert reg.get(name).match(question), (name, question)
    # the top statement, the plan as code, the settings' writes as findings
    plan = call(pgfix, "explain_query", '{"sql": "SELECT count(*) FROM orders", "format": "json"}')
    assert plan.ok and '"Node Type"' in markdown(plan) and "```json" in markdown(plan)
    advice = call(pgfix, "settings_advice")
    assert all(f.subject and f.severity == "warning" for f in advice.findings)
    assert [f.sql for f in advice.findings if f.sql] == [s["sql"] for s in advice.suggestions]


def test_catalog_samples_skip_tables_the_role_cannot_read(pgfix):
    """A few values of text columns too varied to list (how codes are spelt); a table the role may not read is left
    out of them, and the catalog still loads."""
    from toolkits.postgres.catalog import read_catalog

    with psycopg.connect(pgfix["admin"], autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'dbcopilot_tk_ro'").fetchone():
            conn.execute("CREATE ROLE dbcopilot_tk_ro LOGIN")
    with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
        conn.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO dbcopilot_tk_ro")
        conn.execute("CREATE TABLE IF NOT EXISTS tk_locked (id int PRIMARY KEY, secret_code text)")
        conn.execute("INSERT INTO tk_locked SELECT g, 'S' || g FROM generate_series(1, 20) g ON CONFLICT DO NOTHING")
        conn.execute("REVOKE ALL ON tk_locked FROM dbcopilot_tk_ro")
    try:
        ro = read_catalog(PgContext(dsn=pgfix["dsn"].replace("user=postgres", "user=dbcopilot_tk_ro")), fresh=True)
        assert ro.tables["tk_locked"].columns["secret_code"].samples == []
        assert len(ro.tables["customers"].columns["name"].samples) == 8  # 1,000 names: too many to list, sampled
        su = read_catalog(pgfix["ctx"], fresh=True)
        assert su.tables["tk_locked"].columns["secret_code"].samples[:2] == ["S1", "S2"]  # the owner reads them
    finally:
        with psycopg.connect(pgfix["dsn"], autocommit=True) as conn:
            conn.execute("DROP TABLE tk_locked")

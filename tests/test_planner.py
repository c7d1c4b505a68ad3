"""The deterministic planner on the demo database: the numbers in its answers equal the truth
computed here by independent SQL; tool choice, inputs and findings on known problems."""
from __future__ import annotations

import re
from decimal import Decimal

import psycopg
import pytest

from agent.config import Settings
from agent.instance import answer_instance
from agent.planner import Catalog, build_query, find_tables, singular, time_window, words
from toolkits.postgres.catalog import load_catalog


@pytest.fixture(scope="module")
def settings(demo_dsn):
    return Settings(dsn=demo_dsn)


@pytest.fixture(scope="module")
def ctx(demo_dsn):
    from toolkits.postgres import PgContext

    return PgContext(dsn=demo_dsn)


@pytest.fixture(scope="module")
def db(demo_dsn):
    with psycopg.connect(demo_dsn) as conn:
        conn.read_only = True
        yield conn


@pytest.fixture(scope="module")
def catalog(db) -> Catalog:
    return load_catalog(db)


def ask(question, settings, ctx):
    events = list(answer_instance(question, [], settings, None, ctx=ctx))
    answers = [e.data["text"] for e in events if e.kind == "answer"]
    assert len(answers) == 1 and events[-1].kind == "answer", [e.kind for e in events]
    return events, answers[0]


def numbers(text: str) -> set[Decimal]:
    return {Decimal(n.replace(",", "")) for n in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)?", text)}


def table_rows(text: str) -> dict[str, list[Decimal]]:
    """Markdown table rows of an answer: first cell → the numbers in the other cells."""
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) > 1 and not set(cells[0]) <= set("-"):
            out[cells[0]] = [Decimal(c) for c in cells[1:] if re.fullmatch(r"-?\d+(\.\d+)?", c)]
    return out


def truth(db, sql: str):
    return db.execute(sql).fetchone()[0]


# ----------------------------------------------------------------------------- catalog resolution


def test_singular_plural_multiword_and_typos(catalog):
    assert singular("categories") == "category" and singular("orders") == "order"
    assert [m.table for m in find_tables(words("how many order items are there"), catalog)] == ["order_items"]
    assert [m.table for m in find_tables(words("describe the payment table"), catalog)] == ["payments"]
    assert [m.table for m in find_tables(words("how many oders today"), catalog)] == ["orders"]
    assert [m.table for m in find_tables(words("customers and their orders"), catalog)] == ["customers", "orders"]


def test_time_windows():
    assert time_window("how many orders yesterday?").lower == "current_date - 1"
    assert time_window("in the last 7 days").lower == "now() - interval '7 days'"
    assert time_window("past 24 hours").lower == "now() - interval '24 hours'"
    w = time_window("revenue last month")
    assert "date_trunc('month'" in w.lower and w.upper == "date_trunc('month', now())"
    assert time_window("this year").lower == "date_trunc('year', now())"
    assert time_window("orders in 2025").upper == "'2026-01-01'::date"
    assert time_window("how many orders are there?") is None


def test_partitions_are_not_named_their_parent_is():
    from toolkits.catalog import Column, Table

    cols = {"id": Column("id", "bigint"), "at": Column("at", "timestamp with time zone")}
    cat = Catalog(tables={"events": Table("public", "events", "p", dict(cols)),
                          "events_2025": Table("public", "events_2025", "r", dict(cols), partition_of="events")})
    assert [m.table for m in find_tables(words("how many events_2025 rows"), cat)] == []
    assert [m.table for m in find_tables(words("how many events"), cat)] == ["events"]
    assert build_query("how many events in 2025?", cat).sql == (
        "SELECT count(*) AS events FROM events t WHERE t.at >= '2025-01-01'::date AND t.at < '2026-01-01'::date")


def test_names_and_values_are_quoted_by_psycopg():
    from toolkits.catalog import Column, Table

    user = Table("public", "user", "r", {"id": Column("id", "integer"), "order": Column("order", "integer"),
                                         "name": Column("name", "text")}, pk="id")
    inv = Table("sales", "invoices", "r", {"id": Column("id", "integer"), "total": Column("total", "numeric")}, pk="id")
    cat = Catalog(tables={"user": user, "invoices": inv})
    assert build_query("how many users named O'Brien?", cat).sql == \
        'SELECT count(*) AS "user" FROM "user" t WHERE t.name ILIKE \'%O\'\'Brien%\''
    assert build_query("total order of users", cat).sql == 'SELECT sum(t."order") AS sum_order FROM "user" t'
    assert build_query("total of invoices", cat).sql == "SELECT sum(t.total) AS sum_total FROM sales.invoices t"


def test_tool_choice_tables_name_registered_tools():
    """Composites, subsumption and feeds name tools the registry has; a few decisions they make."""
    from agent.planner import COMPOSITES, SUBSUMES, tools_for
    from agent.planner.policy import FEEDS
    from toolkits.postgres import build_registry

    reg = build_registry()
    named = {n for c in COMPOSITES for n in c.tools} | {n for s in SUBSUMES for n in (s.winner, s.loser)}
    named |= {n for f in FEEDS for n in (f.tool, f.source)}
    assert named <= set(reg.names())
    empty = Catalog()
    assert tools_for("why is the database slow?", reg.all(), lambda: empty) == \
        ["active_sessions", "locks", "top_queries", "host_resources"]
    assert tools_for("recommend indexes for my workload", reg.all(), lambda: empty) == ["index_advice"]
    assert tools_for("why is my query waiting for a lock?", reg.all(), lambda: empty) == ["locks"]
    assert tools_for("explain SELECT * FROM orders WHERE id = 5", reg.all(), lambda: empty) == ["explain_query"]
    assert tools_for("which foreign keys are missing an index?", reg.all(), lambda: empty) == ["index_usage"]
    assert tools_for("describe the orders table", reg.all(), lambda: empty) == []  # no table named in this catalog
    assert tools_for("Which SQL statements have used the most total execution time?", reg.all(),
                     lambda: empty) == ["top_queries"]
    assert tools_for("Are there settings you would change on this server?", reg.all(), lambda: empty) == \
        ["settings_advice"]
    assert tools_for("Has the index on invoice numbers ever been used?", reg.all(), lambda: empty) == ["index_usage"]
    named = Catalog(settings=frozenset({"default_transaction_isolation", "max_connections", "work_mem"}))
    assert tools_for("What is the server's default transaction isolation level?", reg.all(), lambda: named) == \
        ["settings"]
    assert tools_for("How many transactions were rolled back?", reg.all(), lambda: named) != ["settings"]
    from toolkits.catalog import Column, Table

    shop = Catalog({"v_order_day": Table("rpt", "v_order_day", "v", columns={"day": Column("day", "date")})})
    assert tools_for("What does the view rpt.v_order_day contain?", reg.all(), lambda: shop) == ["describe_table"]
    assert tools_for("In the v_order_day view, what do the different status codes mean?", reg.all(),
                     lambda: shop) == ["describe_table"]


def test_catalog_reads_keys_and_common_values(catalog):
    orders = catalog.tables["orders"]
    assert orders.pk == "id" and ("customer_id", "customers", "id") in orders.fks
    assert "Germany" in catalog.tables["customers"].columns["country"].values


# ----------------------------------------------------------------------------- numbers equal the truth


@pytest.mark.parametrize("question, sql", [
    ("How many orders came in yesterday?",
     "SELECT count(*) FROM orders WHERE created_at >= current_date - 1 AND created_at < current_date"),
    ("how many customers are from Germany?", "SELECT count(*) FROM customers WHERE country = 'Germany'"),
    ("How many orders are still pending?", "SELECT count(*) FROM orders WHERE status = 'pending'"),
    ("how many vip customers do we have?", "SELECT count(*) FROM customers WHERE segment = 'vip'"),
    ("how many payments failed?", "SELECT count(*) FROM payments WHERE status = 'failed'"),
    ("how many orders did customer 17 place?", "SELECT count(*) FROM orders WHERE customer_id = 17"),
    ("what is the average order value?", "SELECT round(avg(total_amount), 2) FROM orders"),
    ("what is the highest order total?", "SELECT max(total_amount) FROM orders"),
    ("what is the average rating of product 17?", "SELECT round(avg(rating), 2) FROM reviews WHERE product_id = 17"),
    ("how many units of product 5 were sold?", "SELECT sum(quantity) FROM order_items WHERE product_id = 5"),
    ("how many customers placed an order yesterday?",
     "SELECT count(DISTINCT customer_id) FROM orders WHERE created_at >= current_date - 1 AND created_at < current_date"),
    ("how many orders were shipped in the last 30 days?",
     "SELECT count(*) FROM orders WHERE shipped_at >= now() - interval '30 days'"),
    ("how many orders have no shipment?",
     "SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id)"),
    ("how many customers did not order in the last 30 days?",
     "SELECT count(*) FROM customers c WHERE c.id NOT IN "
     "(SELECT customer_id FROM orders WHERE created_at >= now() - interval '30 days')"),
    ("what is the median order value?",
     "SELECT round((percentile_cont(0.5) WITHIN GROUP (ORDER BY total_amount))::numeric, 2) FROM orders"),
    ("how many orders were placed between 2026-01-01 and 2026-02-01?",
     "SELECT count(*) FROM orders WHERE created_at >= '2026-01-01' AND created_at < '2026-02-01'"),
    ("what percentage of orders are cancelled?",
     "SELECT round(100.0 * count(*) FILTER (WHERE status = 'cancelled') / count(*), 2) FROM orders"),
    ("how many customers have more than 5 orders?",
     "SELECT count(*) FROM (SELECT customer_id FROM orders GROUP BY 1 HAVING count(*) > 5) x"),
    ("how many products cost more than 100?", "SELECT count(*) FROM products WHERE price > 100"),
])
def test_single_figures_equal_truth(question, sql, settings, ctx, db):
    events, text = ask(question, settings, ctx)
    calls = [e.data for e in events if e.kind == "tool_call"]
    assert [c["tool"] for c in calls] == ["run_sql"] and calls[0]["ok"]
    expected = Decimal(truth(db, sql))
    assert expected in numbers(text), (text, expected)


def test_breakdown_per_status_equals_truth(settings, ctx, db):
    _, text = ask("how many orders per status?", settings, ctx)
    rows = table_rows(text)
    for status, n in db.execute("SELECT status, count(*) FROM orders GROUP BY 1").fetchall():
        assert rows[status] == [n], (status, n)


def test_top_products_by_revenue_equal_truth(settings, ctx, db):
    _, text = ask("top 5 products by revenue", settings, ctx)
    top = db.execute("SELECT product_id FROM order_items GROUP BY 1 ORDER BY sum(quantity * unit_price) DESC LIMIT 5").fetchall()
    ids = [int(m) for m in re.findall(r"^\|\s*(\d+)\s*\|", text, re.M)]
    assert ids == [r[0] for r in top]


def test_revenue_per_category_equals_truth(settings, ctx, db):
    _, text = ask("total sales per category", settings, ctx)
    rows = db.execute("""SELECT p.category, sum(oi.quantity * oi.unit_price) FROM order_items oi
                         JOIN products p ON p.id = oi.product_id GROUP BY 1""").fetchall()
    got = table_rows(text)
    for cat, total in rows:
        assert got[cat] == [total], (cat, total)


# ----------------------------------------------------------------------------- DBA questions: tools, inputs, findings


def test_dead_tuples_finding_and_vacuum_suggestion(settings, ctx, db):
    events, text = ask("Which of my tables has the most dead tuples?", settings, ctx)
    assert [e.data["tool"] for e in events if e.kind == "tool_call"] == ["table_health"]
    worst = db.execute("SELECT relname FROM pg_stat_user_tables ORDER BY n_dead_tup DESC LIMIT 1").fetchone()[0]
    findings = text.split("\n\n")[0]
    assert findings.startswith("Findings:") and worst in findings and "VACUUM (ANALYZE)" in findings
    sugg = [e.data["sql"] for e in events if e.kind == "suggestion"]
    assert any(worst in s and s.upper().startswith("VACUUM") for s in sugg)


def test_table_input_resolved_from_the_question(settings, ctx):
    events, _ = ask("when was the orders table last vacuumed?", settings, ctx)
    call = next(e.data for e in events if e.kind == "tool_call")
    assert call["tool"] == "table_health" and call["input"] == "orders" and call["ok"]


def test_unused_and_duplicate_indexes_are_reported(settings, ctx):
    events, text = ask("do we have duplicate indexes?", settings, ctx)
    assert [e.data["tool"] for e in events if e.kind == "tool_call"] == ["index_usage"]
    assert "customers_email_idx" in text  # duplicates the UNIQUE constraint's index
    assert any("customers_email_idx" in e.data["sql"] for e in events if e.kind == "suggestion")


def test_slow_database_is_a_multi_step_plan(settings, ctx):
    events, text = ask("Why is the database slow right now?", settings, ctx)
    calls = [e.data for e in events if e.kind == "tool_call"]
    assert [c["tool"] for c in calls] == ["active_sessions", "locks", "top_queries", "host_resources"]
    assert all(c["ok"] for c in calls) and [c["step"] for c in calls] == [1, 2, 3, 4]
    assert "top_queries" in text


def test_top_queries_input_follows_the_question(settings, ctx):
    events, _ = ask("which queries are called most often?", settings, ctx)
    call = next(e.data for e in events if e.kind == "tool_call")
    assert call["tool"] == "top_queries" and '"calls"' in call["input"] and call["ok"]


def test_explain_of_the_slowest_statement_uses_the_workload(settings, ctx):
    events, _ = ask("explain the slowest query", settings, ctx)
    calls = [e.data for e in events if e.kind == "tool_call"]
    assert [c["tool"] for c in calls] == ["top_queries", "explain_query"]
    assert calls[1]["input"].lower().startswith(("select", "with")) and calls[1]["ok"]


def test_sql_in_the_question_is_run_guarded(settings, ctx):
    events, text = ask("run SELECT status, count(*) FROM orders GROUP BY status", settings, ctx)
    call = next(e.data for e in events if e.kind == "tool_call")
    assert call["tool"] == "run_sql" and call["ok"] and "delivered" in text
    events, _ = ask("run DELETE FROM orders", settings, ctx)
    assert not any(e.kind == "tool_call" and e.data["ok"] and "DELETE" in e.data["input"] for e in events)


def test_follow_up_questions_use_the_previous_question(settings, ctx, db):
    history = [{"role": "user", "content": "How many orders came in yesterday?"},
               {"role": "assistant", "content": "(the answer)"}]
    events = list(answer_instance("what about cancelled ones?", history, settings, None, ctx=ctx))
    want = db.execute("""SELECT count(*) FROM orders WHERE status = 'cancelled'
                         AND created_at >= current_date - 1 AND created_at < current_date""").fetchone()[0]
    assert Decimal(want) in numbers(events[-1].data["text"])
    events = list(answer_instance("and last week?", history, settings, None, ctx=ctx))
    call = next(e.data for e in events if e.kind == "tool_call")
    assert "date_trunc('week'" in call["input"] and "FROM orders" in call["input"]

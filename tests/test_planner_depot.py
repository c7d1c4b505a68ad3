"""Readings that generalise from the misses of the two newest unseen sets (twenty-eighth session), each on a schema
of its own (a plant-hire depot, not those sets' names): a list question whose words name no table, the parent's name
beside a row labelled by a code, rows a question says are included as well, a date passed by now, the key a caller
quotes for a lookup, and a setting named in words beside a shorter setting's name. Catalog objects; the sentence
encoder the planner already uses links by meaning."""
from __future__ import annotations

try:
    from tests.planner_db import lead, schema_fixtures, truth
except ImportError:  # tests/ not a package
    from planner_db import lead, schema_fixtures, truth

from agent.planner.linking import time_window
from agent.planner.policy import advice_statement
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table
from toolkits.postgres.tools_status import plan_settings
from toolkits.tool import Ask


def _depot() -> Catalog:
    kit = Table("yard", "kit", "r", pk="kit_id", comment="Hire fleet items (excavators, dumpers, rollers)", columns={
        "kit_id": Column("kit_id", "integer"), "kit_nm": Column("kit_nm", "text"),
        "bought_on": Column("bought_on", "date", nullable=False)})
    repair = Table("yard", "kit_repair", "r", pk="job_id",
                   comment="Repair jobs: the machine is off hire from opened_at until closed_at", columns={
                       "job_id": Column("job_id", "integer"), "kit_id": Column("kit_id", "integer"),
                       "opened_at": Column("opened_at", "timestamp", nullable=False),
                       "closed_at": Column("closed_at", "timestamp", comment="Back on hire; NULL = still in the workshop"),
                       "cost_gbp": Column("cost_gbp", "numeric(10,2)")}, fks=[("kit_id", "kit", "kit_id")])
    site = Table("yard", "site", "r", pk="site_id", comment="Customer building sites", columns={
        "site_id": Column("site_id", "integer"), "site_nm": Column("site_nm", "text")})
    hire = Table("yard", "hire", "r", pk="hire_id", comment="One row per hire contract", columns={
        "hire_id": Column("hire_id", "integer"), "hire_ref": Column("hire_ref", "varchar(12)"),
        "kit_id": Column("kit_id", "integer"), "site_id": Column("site_id", "integer"),
        "stage": Column("stage", "varchar(8)", values=["BOOKED", "ONSITE", "RETURNED"],
                        comment="BOOKED = reserved, ONSITE = out with the customer, RETURNED = back in the yard"),
        "starts_on": Column("starts_on", "date", nullable=False)},
                 fks=[("kit_id", "kit", "kit_id"), ("site_id", "site", "site_id")])
    bill = Table("acct", "bill", "r", pk="bill_id", comment="Hire invoices", columns={
        "bill_id": Column("bill_id", "integer"), "due_on": Column("due_on", "date", nullable=False),
        "settled_on": Column("settled_on", "date", comment="NULL = not fully paid"),
        "bill_st": Column("bill_st", "char(1)", values=["O", "Q", "X"],
                          comment="O = open, Q = queried by the customer (unpaid), X = written off as bad debt"),
        "courier_ref": Column("courier_ref", "varchar(20)", comment="Tracking number of the posted paper copy",
                              values=["TRK000123"]),
        "gross": Column("gross", "numeric(10,2)", nullable=False)})
    return Catalog({"kit": kit, "kit_repair": repair, "site": site, "hire": hire, "bill": bill},
                   settings={"autovacuum", "autovacuum_vacuum_scale_factor", "autovacuum_analyze_scale_factor",
                             "work_mem"})


def test_a_list_question_naming_no_table_reads_the_table_whose_comments_say_its_words():
    q = build_query("Which machines are in the workshop right now?", _depot())
    assert q is not None and q.table == "kit_repair", q and q.sql
    assert "closed_at IS NULL" in q.sql.replace('"', ""), q.sql


def test_rows_labelled_by_a_code_show_their_parents_names_when_asked_which():
    q = build_query("Which excavator is out with the customer right now?", _depot())
    sql = q.sql.replace('"', "")
    assert q.table == "hire" and "'ONSITE'" in sql, sql
    assert "kit_nm" in sql and "site_nm" in sql, sql  # the machine's and the site's names, not only their ids
    from agent.planner.sql import _named_by_key

    cat = _depot()  # a parent the question names is not shown on the child's rows: its own reading lists it
    names, _ = _named_by_key(cat.tables["hire"], cat, ["which", "site", "has", "a", "hire", "out"], which=True)
    shown = names.as_string(None)
    assert "kit_nm" in shown and "site_nm" not in shown, shown


def test_rows_said_to_be_included_are_no_filter():
    q = build_query("How many bills are past their due date and still not fully paid? Include queried bills but not "
                    "written-off ones.", _depot())
    sql = q.sql.replace('"', "")
    assert "t.bill_st IS DISTINCT FROM 'X'" in sql and "= 'Q'" not in sql, sql
    assert "t.due_on <" in sql and "settled_on > " not in sql, sql  # a date passed by now, no column after another


def test_included_ones_in_other_words():
    from agent.planner.question import included_words
    from agent.planner.linking import words

    for q, said in [("How many hires, returned ones included?", {"returned", "ones"}),
                    ("How many hires in 2024 (returned hires included)?", {"returned", "hires"}),
                    ("How many hires, including returned ones, started in 2024?", {"returned", "ones"})]:
        ws = words(q.lower())
        assert {ws[i] for i in included_words(q.lower())} == said, q
    assert not included_words("how many hires included a roller?")  # a verb: the rows that hold one
    assert not included_words("what did we bill in 2024, including vat?")  # how an amount is meant (tax_words)


def test_the_key_a_caller_quotes_is_what_an_index_would_look_up():
    sql = advice_statement("Customers ring up quoting their courier tracking number and finding the bill takes ages. "
                           "What index would help?", _depot())
    assert sql is not None and '"courier_ref" =' in sql, sql


def test_a_setting_named_in_words_wins_over_the_shorter_setting_inside_it():
    settings = frozenset(_depot().settings)
    planned = plan_settings(Ask("What is the autovacuum scale factor on our server, i.e. how much of a table must be "
                                "dead before autovacuum vacuums it?", settings=settings))
    assert planned.args == {"name": "autovacuum_vacuum_scale_factor"}, planned
    assert plan_settings(Ask("Is autovacuum on?", settings=settings)).args == {"name": "autovacuum"}


def test_a_word_that_starts_like_a_month_names_no_month():
    assert time_window("how many customers opted out of marketing emails?") is None
    assert time_window("how many jobs are in the decision stage?") is None
    w = time_window("how many hires in sept. 2024?")
    assert "2024-09-01" in str(w.low)


DB = "dbc_unseen_depot"
SCHEMA = """
CREATE SCHEMA yard;
CREATE TABLE yard.customer (cust_id int PRIMARY KEY, cust_nm text NOT NULL, email text, prefs jsonb);
COMMENT ON TABLE yard.customer IS 'Hire customers (trade accounts)';
INSERT INTO yard.customer SELECT g, 'Customer ' || g, 'c' || g || '@example.com',
       CASE WHEN g % 9 = 0 THEN NULL
            ELSE jsonb_build_object('contact', jsonb_build_object('email', g % 3 = 0, 'sms', g % 2 = 0)) END
FROM generate_series(1, 300) g;
CREATE TABLE yard.bill (bill_id int PRIMARY KEY, cust_id int NOT NULL REFERENCES yard.customer, due_on date NOT NULL,
    settled_on date, net_amt numeric(10,2) NOT NULL, vat_amt numeric(10,2) NOT NULL);
COMMENT ON COLUMN yard.bill.settled_on IS 'NULL = not paid yet';
INSERT INTO yard.bill SELECT g, 1 + (g * 7) % 300, date '2024-01-01' + g % 400,
       CASE WHEN g % 4 = 0 THEN NULL ELSE date '2024-01-10' + g % 400 END, 100 + (g * 37) % 900, 20 + (g * 37) % 900 / 5
FROM generate_series(1, 1500) g;
ANALYZE;
"""

dsn, ask = schema_fixtures(DB, SCHEMA)


def test_a_jsonb_flag_named_like_a_column_of_its_table_is_still_read(ask, dsn):
    # contact -> email beside the customer's email column: kept (as contact_email), read by its plural
    want = truth(dsn, "SELECT count(*) FROM yard.customer WHERE (prefs -> 'contact' ->> 'email')::boolean")
    text = ask("How many customers have opted in to marketing emails?")
    assert f"**{want}**" in lead(text), text
    want = truth(dsn, "SELECT count(*) FROM yard.customer WHERE NOT (prefs -> 'contact' ->> 'email')::boolean")
    text = ask("How many customers have opted out of marketing emails?")
    assert f"**{want}**" in lead(text), text


def test_who_owes_most_on_overdue_bills_ranks_by_what_is_unpaid_and_past_due(ask, dsn):
    want = truth(dsn, "SELECT c.cust_nm FROM yard.bill b JOIN yard.customer c USING (cust_id) WHERE b.settled_on IS NULL "
                      "AND b.due_on < (SELECT max(settled_on) FROM yard.bill) "  # the data's today: it stops in 2025
                      "GROUP BY c.cust_nm ORDER BY sum(b.net_amt + b.vat_amt) DESC LIMIT 1")
    text = ask("Which customer owes us the most on overdue bills, including VAT?")
    assert f"| {want} |" in text and "owed" in lead(text), text


def _cold() -> Catalog:
    fridge = Table("lab", "cold_store", "r", pk="store_id", comment="Fridges and freezers", columns={
        "store_id": Column("store_id", "integer"), "store_nm": Column("store_nm", "text")})
    reading = Table("lab", "probe_reading", "r", pk="rdg_id", comment="Temperature probe readings", columns={
        "rdg_id": Column("rdg_id", "integer"), "store_id": Column("store_id", "integer"),
        "read_at": Column("read_at", "timestamp", nullable=False), "temp_c": Column("temp_c", "numeric(4,1)")},
        fks=[("store_id", "cold_store", "store_id")])
    sample = Table("lab", "sample", "r", pk="smp_id", comment="Samples taken", columns={
        "smp_id": Column("smp_id", "integer"), "taken_at": Column("taken_at", "timestamp", nullable=False),
        "kind_cd": Column("kind_cd", "varchar(3)", values=["SER", "URN"], comment="SER=serum, URN=urine"),
        "result_cd": Column("result_cd", "char(1)", values=["F", "Q"],
                            comment="F=full result, Q=partial/low-volume collection (not reported)"),
        "vol_ml": Column("vol_ml", "smallint", comment="Volume collected in ml"),
        "ph": Column("ph", "numeric(3,1)", comment="Acidity"),
        "voided_at": Column("voided_at", "timestamp", comment="When the sample was voided; NULL = kept")})
    return Catalog({"cold_store": fridge, "probe_reading": reading, "sample": sample})


def test_freezers_are_things_in_the_data_not_a_frozen_server():
    from agent.planner.intents import tools_for
    from toolkits.postgres import build_registry

    cat = _cold()
    assert tools_for("Which freezers had a reading above -18 in the last 30 days?", build_registry().all(),
                     lambda: cat) == []
    assert "active_sessions" in tools_for("The database keeps freezing, why?", build_registry().all(), lambda: cat)


def test_the_words_that_name_the_averaged_column_are_no_codes_meaning():
    q = build_query("What was the average volume collected per full serum sample in 2024, in ml?", _cold())
    sql = q.sql.replace('"', "")
    assert "avg(t.vol_ml)" in sql and "'F'" in sql and "'Q'" not in sql, sql


def test_a_time_said_with_not_is_not_where_the_window_goes():
    q = build_query("How many samples from August 2024 were not voided?", _cold())
    sql = q.sql.replace('"', "")
    assert "t.taken_at >= '2024-08-01'" in sql and "voided_at >= " not in sql, sql


def test_overdue_said_by_the_name_of_what_is_counted_still_filters_the_due_date():
    from types import SimpleNamespace

    from agent.planner.filters import Filters, overdue_filter
    from agent.planner.linking import Mention

    cat = _depot()
    q = "how much money is currently overdue from customers (unpaid bills past their due date)?"
    r = SimpleNamespace(q=q, window=None, mentions=[Mention("bill", 5, 6)], used={5})  # "overdue" named the rows
    f = Filters("t")
    overdue_filter(r, cat, cat.tables["bill"], f)
    assert any("due_on before today" in x for x in f.said), f.said
    r = SimpleNamespace(q=q, window=None, mentions=[], used={5})  # read already by a comparison of two columns
    f = Filters("t")
    overdue_filter(r, cat, cat.tables["bill"], f)
    assert not f.said


def test_rows_waiting_for_something_are_data_not_sessions():
    from agent.planner.intents import tools_for
    from toolkits.postgres import build_registry

    cat, tools = _depot(), build_registry().all()
    assert tools_for("How many bills are still waiting for a decision?", tools, lambda: cat) == []
    assert tools_for("Is anything waiting right now?", tools, lambda: cat) == ["active_sessions"]


def test_the_words_naming_the_averaged_column_are_no_parents_value_either():
    panel = Table("lab", "panel", "r", pk="panel_id", comment="Test panels", columns={
        "panel_id": Column("panel_id", "integer"),
        "panel_nm": Column("panel_nm", "text", values=["Annual Wellness Check", "Rapid Screen"])})
    plan = Table("lab", "plan", "r", pk="plan_id", comment="Screening plans sold to employers", columns={
        "plan_id": Column("plan_id", "integer"), "panel_id": Column("panel_id", "integer"),
        "annual_fee": Column("annual_fee", "numeric(8,2)", comment="Fee per year"),
        "kind": Column("kind", "varchar(8)", values=["OFFICE", "SITE"]),
        "starts_on": Column("starts_on", "date", nullable=False)}, fks=[("panel_id", "panel", "panel_id")])
    q = build_query("What is the average annual fee of office plans that started in 2024?",
                    Catalog({"panel": panel, "plan": plan}))
    sql = q.sql.replace('"', "")
    assert "avg(t.annual_fee)" in sql and "'OFFICE'" in sql and "Annual Wellness" not in sql, sql

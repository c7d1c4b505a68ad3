"""Readings from the misses of the twenty-second session's run, each on a schema of its own (a tool-hire depot): a day
written without its year ("the week ending Sunday 8 June"), "the May 2025 invoices" (a month before what it dates),
"currently on hire" when the end column's name holds the table's own word (off_hire_dt of hire), "the combined daily
hire rate" (a sum of a rate, no bucket per day), the data's today when a materialized view was refreshed on
loading, "since the start of March" with no year, and "the weekly rate in March 2023" of a rate history (the rate valid
then), a code asked about two words after its column's ("what does pay plan D mean?", "what is a hire of type
L?"), a table a comment names with a possessive ("Depot manager's diary"), and a slow lookup "by its name all day
long" (the name of the van the possessive said; how often is no column), "when did Nina Okafor leave us?", and "vans
out of action" for a flag whose meaning opens with the table's own word. Pure functions over catalog objects."""
from __future__ import annotations

import datetime as dt

from agent.planner.linking import comment_names
from agent.planner.policy import Planner
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table
from toolkits.postgres import build_registry


def _depot() -> Catalog:
    depot = Table("hire", "depot", "r", pk="depot_id", comment="Our hire depots", columns={
        "depot_id": Column("depot_id", "integer"),
        "depot_nm": Column("depot_nm", "text", values=["Kirkstall Road", "Canal Wharf"])})
    hire = Table("hire", "hire", "r", pk="hire_id", comment="Tools and machines out on hire to customers", columns={
        "hire_id": Column("hire_id", "integer"), "depot_id": Column("depot_id", "integer"),
        "on_hire_dt": Column("on_hire_dt", "date", nullable=False),
        "off_hire_dt": Column("off_hire_dt", "date", comment="Date the customer called it off hire; NULL = still on hire"),
        "day_rate": Column("day_rate", "numeric(8,2)", comment="Hire rate per calendar day, excl. VAT"),
        "hire_status": Column("hire_status", "char(1)", values=["B", "O", "F"],
                              comment="B = booked, O = on hire, F = off hired")},
        fks=[("depot_id", "depot", "depot_id")])
    sheet = Table("hire", "timesheet", "r", pk="ts_id", comment="Weekly timesheets of the depot staff", columns={
        "ts_id": Column("ts_id", "integer"), "depot_id": Column("depot_id", "integer"),
        "week_ending": Column("week_ending", "date", nullable=False),
        "hrs": Column("hrs", "numeric(5,2)", comment="Hours worked"),
        "ts_status": Column("ts_status", "char(1)", values=["S", "A"],
                            comment="S = submitted, awaiting approval; A = approved")},
        fks=[("depot_id", "depot", "depot_id")])
    invoice = Table("hire", "invoice", "r", pk="inv_id", comment="Invoices to customers", columns={
        "inv_id": Column("inv_id", "integer"), "inv_dt": Column("inv_dt", "date", nullable=False),
        "net_amt": Column("net_amt", "numeric(10,2)", comment="Invoice value before VAT")})
    tool = Table("hire", "tool", "r", pk="tool_id", comment="Kinds of tool we hire out", columns={
        "tool_id": Column("tool_id", "integer"),
        "tool_nm": Column("tool_nm", "text", values=["Mini Digger", "Floor Sander"])})
    rate = Table("hire", "rate_card", "r", pk="rc_id", comment="Weekly hire rate of each tool over time", columns={
        "rc_id": Column("rc_id", "integer"), "tool_id": Column("tool_id", "integer"),
        "valid_from": Column("valid_from", "date", nullable=False),
        "valid_to": Column("valid_to", "date", comment="NULL = the current rate"),
        "week_rate": Column("week_rate", "numeric(8,2)", comment="Weekly rate")},
        fks=[("tool_id", "tool", "tool_id")])
    return Catalog({t.name: t for t in (depot, hire, sheet, invoice, tool, rate)})


def test_a_day_without_its_year_is_that_day_of_this_year():
    sql = build_query("How many timesheets for the week ending Sunday 8 June are still awaiting approval?", _depot()).sql
    assert "t.week_ending >= make_date(extract(year FROM current_date)::int, 6, 8)" in sql, sql
    assert "t.ts_status = 'S'" in sql, sql
    sql = build_query("How many invoices were raised on March 3rd?", _depot()).sql
    assert "make_date(extract(year FROM current_date)::int, 3, 3)" in sql, sql


def test_may_is_a_month_only_when_written_as_one():
    from agent.planner.linking import time_window

    assert time_window("How many hires on 2 May?") is not None
    assert time_window("Which 2 may be late?") is None


def test_a_month_and_year_before_what_it_dates():
    sql = build_query("What was the total net amount across all the May 2025 invoices?", _depot()).sql
    assert "t.inv_dt >= '2025-05-01'::date AND t.inv_dt < '2025-06-01'::date" in sql, sql


def test_currently_on_hire_is_no_off_hire_date_when_the_end_column_holds_the_tables_word():
    sql = build_query("How many machines are currently on hire at Canal Wharf?", _depot()).sql
    assert "t.off_hire_dt IS NULL" in sql and "IS NOT NULL" not in sql, sql


def test_the_combined_daily_rate_is_a_sum_of_the_rate_not_a_count_per_day():
    sql = build_query("What's the combined daily hire rate of everything currently on hire at Kirkstall Road?",
                      _depot()).sql
    assert sql.startswith("SELECT sum(t.day_rate)") and "date_trunc" not in sql, sql


def test_a_materialized_views_refresh_date_does_not_make_a_snapshot_live():
    from toolkits.postgres.catalog import data_clock

    cat = _depot()
    cat.tables["mv_depot_income"] = Table("hire", "mv_depot_income", "m", columns={
        "refreshed_on": Column("refreshed_on", "date")})
    rows = [("hire", "hire", "on_hire_dt", ["2024-01-07", "2025-06-11"], None),
            ("hire", "invoice", "inv_dt", ["2024-01-08", "2025-06-12"], None),
            ("hire", "mv_depot_income", "refreshed_on", None, ["2026-11-28"])]
    assert data_clock(rows, cat, dt.date(2026, 11, 28)) == ("invoice", "inv_dt", "2025-06-12")


def test_since_the_start_of_a_month_without_its_year_is_open_from_the_latest_such_month():
    sql = build_query("How many hires have started since the start of March?", _depot()).sql
    assert "t.on_hire_dt >= date_trunc('month', now()) - make_interval(months => ((extract(month FROM now())::int - 3" \
        in sql and "t.on_hire_dt <" not in sql, sql
    sql = build_query("How many invoices were raised before June?", _depot()).sql
    assert "t.inv_dt < date_trunc('month', now())" in sql and "t.inv_dt >=" not in sql, sql


def test_a_rate_in_a_month_is_the_rate_valid_then_not_one_set_then():
    sql = build_query("What was the weekly rate of the Mini Digger in March 2023?", _depot()).sql
    assert "t.valid_from < '2023-04-01'::date AND (t.valid_to IS NULL OR t.valid_to >= '2023-03-01'::date)" in sql, sql
    sql = build_query("How many rates were set in March 2023?", _depot()).sql
    assert "t.valid_from >= '2023-03-01'::date AND t.valid_from < '2023-04-01'::date" in sql, sql


def test_a_letter_of_a_short_form_with_an_ampersand_is_no_code():
    cat = _depot()
    cat.tables["site_check"] = Table("hire", "site_check", "r", pk="chk_id", comment="", columns={
        "chk_id": Column("chk_id", "integer"), "chk_dt": Column("chk_dt", "date", nullable=False),
        "chk_type": Column("chk_type", "char(1)", values=["W", "A"],
                           comment="W = weekly depot check, A = audit by our H&S advisor"),
        "score": Column("score", "smallint", comment="Audit score 0-100")})
    cat.tables["depot"].columns["vat_cd"] = Column("vat_cd", "char(1)", values=["H", "S", "Z"],
                                                    comment="H = higher rate, S = standard, Z = zero rated")
    from agent.planner.filters import value_filters
    from agent.planner.linking import words

    assert value_filters(cat.tables["depot"], words("the audits our H&S advisors did"), "t", set())[0] == []
    assert value_filters(cat.tables["depot"], words("depots on a Z rate"), "t", set())[0]  # a letter alone is a code
    sql = build_query("What was the average score of the audits our H&S advisors did in 2024?", cat).sql
    assert "hire.site_check" in sql and "t.chk_type = 'A'" in sql and "vat_cd" not in sql, sql


def _plan(q: str, cat: Catalog):
    planner = Planner(build_registry(), None, read_catalog=lambda ctx: cat)
    return planner, planner.make_plan(q)


def test_a_code_asked_about_several_words_after_its_column_or_as_a_kind_of_row():
    cat = _depot()
    cat.tables["hire"].columns["pay_plan"] = Column("pay_plan", "char(1)", values=["U", "W"],
                                                    comment="U = paid up front, W = weekly card payments")
    cat.tables["hire"].columns["hire_typ"] = Column("hire_typ", "char(1)", values=["L", "S"],
                                                    comment="L = long-term contract hire, S = short hire")
    planner, steps = _plan("On a hire, what does pay plan W mean?", cat)
    assert [s.tool for s in steps] == ["describe_table"] and "weekly card payments" in planner.lead, steps
    planner, steps = _plan("In the depot's hire records, what is a hire of type L?", cat)
    assert [s.tool for s in steps] == ["describe_table"] and "long-term contract hire" in planner.lead, steps
    planner, steps = _plan("A hire shows status F. What does that mean?", cat)
    assert [s.tool for s in steps] == ["describe_table"] and "off hired" in planner.lead, steps


def test_a_table_a_comment_names_with_a_possessive():
    assert "depot_manager_diary" in comment_names("Depot manager's diary: deliveries, breakdowns and visitors")
    cat = _depot()
    cat.tables["diary_entry"] = Table("hire", "diary_entry", "r", pk="entry_id",
                                      comment="Depot manager's diary: deliveries, breakdowns and visitors", columns={
        "entry_id": Column("entry_id", "integer"), "entry_ts": Column("entry_ts", "timestamp", nullable=False)})
    _, steps = _plan("What do we keep in the depot manager's diary? List the fields.", cat)
    assert [(s.tool, s.args) for s in steps] == [("describe_table", {"table": "diary_entry"})], steps


def test_a_lookup_by_its_name_is_the_name_of_what_the_possessive_said():
    from agent.planner.policy import advice_statement

    cat = _depot()
    cat.tables["diary_entry"] = Table("hire", "diary_entry", "r", pk="entry_id", rows=90000,
                                      comment="Depot manager's diary: deliveries, breakdowns and visitors", columns={
        "entry_id": Column("entry_id", "integer"), "entry_ts": Column("entry_ts", "timestamp", nullable=False),
        "van_nm": Column("van_nm", "text", comment="Van name as written (free text)", samples=["Bluebird"]),
        "staff_nm": Column("staff_nm", "text", comment="Who wrote the entry")})
    sql = advice_statement("The depot team look up a van's visits in the diary by its name all day long, and it's "
                           "slow. What index would help?", cat)
    assert sql == "SELECT * FROM hire.diary_entry WHERE \"van_nm\" = 'Bluebird'", sql


def test_when_did_a_named_person_leave_is_the_date_the_present_tense_verb_names():
    cat = _depot()
    cat.tables["fitter"] = Table("hire", "fitter", "r", pk="fitter_id", comment="Our fitters", columns={
        "fitter_id": Column("fitter_id", "integer"), "first_nm": Column("first_nm", "text", values=["Nina", "Tom"]),
        "last_nm": Column("last_nm", "text", values=["Okafor", "Reid"]),
        "start_dt": Column("start_dt", "date", nullable=False), "leave_dt": Column("leave_dt", "date")})
    sql = build_query("When did Nina Okafor leave us?", cat).sql
    assert sql.startswith("SELECT t.leave_dt FROM hire.fitter t") and "'Okafor'" in sql, sql


def test_a_flags_meaning_headed_by_the_tables_own_word():
    cat = _depot()
    cat.tables["van"] = Table("hire", "van", "r", pk="van_id", comment="Delivery vans", columns={
        "van_id": Column("van_id", "integer"), "reg_no": Column("reg_no", "text"),
        "on_rd": Column("on_rd", "boolean", comment="false = van out of action (MOT failure, accident repairs)")})
    sql = build_query("How many vans are out of action at the moment?", cat).sql
    assert "t.on_rd IS FALSE" in sql, sql
    sql = build_query("How many vans are in action?", cat).sql
    assert "on_rd" not in sql, sql


def test_a_reading_that_fails_is_logged_and_the_question_still_gets_the_fallback(monkeypatch, caplog):
    """A planner bug on a schema it was not written for (here injected: the reader raises NameError) must not end
    the answer in a traceback: the policy logs it, notes it, and plans what it plans for a question no rule reads."""
    import agent.planner.policy as policy

    def broken(*args, **kwargs):
        raise NameError("name 'fact' is not defined")

    monkeypatch.setattr(policy, "build_query", broken)
    with caplog.at_level("ERROR", logger="agent.planner.policy"):
        planner, steps = _plan("How many hires did the Canal Wharf depot have?", _depot())
    assert steps and steps[0].tool != "run_sql", steps
    assert any("could not read" in r.getMessage() for r in caplog.records)
    assert planner.notes == ["the question-to-SQL reader failed on this question (the log has the details)"]

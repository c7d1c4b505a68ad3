"""Readings that generalise from a fresh unseen set's misses (seventeenth session), each on a schema of its own: a
yes/no column the question names in words, hours asked for with "how many", a code named by an inflected word, a
table a comment names after its modifiers, "since the start of" a year, "before today", and the verb that picks a
leaving date. Pure functions over catalog objects."""
from __future__ import annotations

from agent.planner.linking import comment_names, time_window
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table


def _crew() -> Catalog:
    member = Table("hr", "crew", "r", pk="crew_id", comment="Seasonal deck-hand staff members (sailors, cooks)", columns={
        "crew_id": Column("crew_id", "integer"), "full_nm": Column("full_nm", "text"),
        "visa_hold": Column("visa_hold", "boolean", nullable=False,
                            comment="true = immigration has put the crew member on visa hold; cannot sail"),
        "joined_on": Column("joined_on", "date", nullable=False),
        "exit_dt": Column("exit_dt", "date", comment="Last day on the books; NULL = still with us")})
    voyage = Table("ops", "voyage", "r", pk="voyage_id", comment="Sailings", columns={
        "voyage_id": Column("voyage_id", "integer"), "crew_id": Column("crew_id", "integer"),
        "state_cd": Column("state_cd", "char(1)", values=["H", "S", "D"],
                           comment="H = on hold, S = sailing, D = docked")}, fks=[("crew_id", "crew", "crew_id")])
    shift = Table("ops", "watch", "r", pk="watch_id", comment="Watches kept", columns={
        "watch_id": Column("watch_id", "integer"), "crew_id": Column("crew_id", "integer"),
        "deck_cd": Column("deck_cd", "varchar(6)", values=["SCRUB", "PAINT", "HAUL"]),
        "hrs": Column("hrs", "numeric(5,2)", nullable=False, comment="Hours kept"),
        "kept_on": Column("kept_on", "date", nullable=False)}, fks=[("crew_id", "crew", "crew_id")])
    return Catalog({"crew": member, "voyage": voyage, "watch": shift})


def test_a_yes_no_column_named_in_words_filters_the_subject_itself():
    q = build_query("How many crew are on visa hold right now?", _crew())
    assert q.table == "crew" and "t.visa_hold" in q.sql and "state_cd" not in q.sql, q.sql


def test_how_many_hours_sums_the_hours_column():
    q = build_query("How many watch hours were kept in 2024?", _crew())
    assert q.kind == "sum" and "sum(t.hrs" in q.sql.replace('"', ""), q.sql


def test_a_code_is_named_by_its_inflected_word():
    q = build_query("How many watches were spent scrubbing?", _crew())
    assert "'SCRUB'" in q.sql, q.sql


def test_a_long_comment_names_the_table_by_its_head_noun():
    assert "members" in comment_names("Seasonal deck-hand staff members (sailors, cooks)")
    assert comment_names("Customer orders") == ["customer_orders", "orders"]  # short names as before


def test_since_the_start_or_end_of_a_year_and_before_today():
    w = time_window("How many since the start of 2023?")
    assert "2023-01-01" in str(w.low) and w.high is None
    w = time_window("How many before the end of 2023?")
    assert w.low is None and "2024-01-01" in str(w.high)
    w = time_window("How many since the beginning of March 2024?")
    assert "2024-03-01" in str(w.low)
    w = time_window("Which were due before today?")
    assert w.low is None and "current_date" in str(w.high)


def test_leaving_dates_the_leaving_column():
    q = build_query("How many members have left since the start of 2023?", _crew())
    assert q.table == "crew" and "exit_dt >= '2023-01-01'" in q.sql.replace('"', ""), q.sql


def _jobs() -> Catalog:
    job = Table("prod", "job", "r", pk="job_id", comment="Shop jobs", columns={
        "job_id": Column("job_id", "integer"), "opened_dt": Column("opened_dt", "date", nullable=False),
        "released_dt": Column("released_dt", "date", comment="Date released to the floor; NULL = not yet"),
        "closed_dt": Column("closed_dt", "date", comment="Date the shop job was finished or cancelled; NULL = open")})
    stock = Table("prod", "stock_lot", "r", pk="lot_no", columns={
        "lot_no": Column("lot_no", "varchar(12)"),
        "grade_cd": Column("grade_cd", "varchar(8)", values=["AL6061", "AL7075", "SS304", "SS316"],
                           comment="Grade: AL6061 / AL7075 = aluminium bar, SS304 / SS316 = stainless bar"),
        "rcvd_dt": Column("rcvd_dt", "date", nullable=False)})
    issue = Table("prod", "issue", "r", pk="issue_id", columns={
        "issue_id": Column("issue_id", "integer"), "lot_no": Column("lot_no", "varchar(12)"),
        "qty_kg": Column("qty_kg", "numeric(10,3)", nullable=False), "issued_dt": Column("issued_dt", "date", nullable=False)},
        fks=[("lot_no", "stock_lot", "lot_no")])
    staff = Table("hr", "staff", "r", pk="staff_id", comment="Employees", columns={
        "staff_id": Column("staff_id", "integer"), "full_nm": Column("full_nm", "text"),
        "hired_dt": Column("hired_dt", "date", nullable=False), "left_dt": Column("left_dt", "date")})
    return Catalog({"job": job, "stock_lot": stock, "issue": issue, "staff": staff})


def test_the_from_to_phrase_names_the_span_not_the_windows_verb():
    q = build_query("For jobs completed in 2024, what was the average number of days from release to completion?", _jobs())
    sql = q.sql.replace('"', "")
    assert "t.closed_dt - t.released_dt" in sql and "closed_dt >= '2024-01-01'" in sql, sql


def test_longest_serving_is_the_earliest_start():
    q = build_query("Who is our longest-serving employee still with us?", _jobs())
    assert "ORDER BY t.hired_dt ASC" in q.sql.replace('"', ""), q.sql


def test_a_number_names_the_one_code_that_holds_it_and_slashed_codes_share_a_meaning():
    from agent.planner.glossary import meanings

    said = {m.code: m.said for m in meanings(_jobs().tables["stock_lot"].columns["grade_cd"])}
    assert said["AL6061"] == said["AL7075"] == "aluminium bar", said
    q = build_query("How many kilograms of 6061 aluminium were issued in 2023?", _jobs())
    sql = q.sql.replace('"', "")
    assert "sum(t.qty_kg)" in sql and "= 'AL6061'" in sql and "AL7075" not in sql, sql
    assert "issued_dt >= '2023-01-01'" in sql, sql  # the year, not "of 6061"

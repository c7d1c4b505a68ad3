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

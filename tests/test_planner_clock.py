"""A database that is a copy of data stopping in the past (a restored backup, a support dump, a benchmark loaded
long after it was made): "this year", "last month", "in October" and "today" are counted from the data's own newest
event, read from pg_stats (no scan), and the answer says so; a live database keeps the clock. A scheduling schema of
its own (nothing in agent/ or toolkits/ names it); figures are checked against independent SQL."""
from __future__ import annotations

import datetime as dt

import pytest

from agent.planner.linking import anchored, time_window
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table
from toolkits.postgres.catalog import data_clock

try:
    from tests.planner_db import asker, loaded, truth
except ImportError:  # tests/ not a package
    from planner_db import asker, loaded, truth

TODAY = dt.date(2026, 11, 28)


def _cat(clock=None) -> Catalog:
    job = Table("ops", "job", "r", pk="job_id", comment="Print jobs", columns={
        "job_id": Column("job_id", "integer"), "done_at": Column("done_at", "timestamp with time zone"),
        "due_on": Column("due_on", "date"), "pages": Column("pages", "integer")})
    return Catalog({"job": job}, clock=clock)


def test_the_clock_of_a_copy_is_its_newest_event_not_a_due_date_nor_a_future_value():
    rows = [("ops", "job", "done_at", ["2021-01-02 10:00:00+00", "2021-11-13 17:00:00+00"], None),
            ("ops", "job", "due_on", ["2021-01-10", "2022-03-01"], None),  # what is still to come
            ("ops", "job", "job_id", ["1", "9"], None),  # no date
            ("ops", "gone", "done_at", ["2025-01-01"], None)]  # no such table
    assert data_clock(rows, _cat(), TODAY) == ("job", "done_at", "2021-11-13")
    live = [("ops", "job", "done_at", ["2021-01-02", "2026-11-20 09:00:00+00"], None)]
    assert data_clock(live, _cat(), TODAY) is None  # something happened this month: the clock stands
    ahead = [("ops", "job", "done_at", ["2021-01-02", "2031-01-01"], ["2021-06-01"])]
    assert data_clock(ahead, _cat(), TODAY) == ("job", "done_at", "2021-06-01")  # a value after today is no event


def test_a_window_of_a_copy_counts_from_its_newest_event_and_a_written_date_needs_none():
    cat = _cat(("job", "done_at", "2021-11-13"))
    w = anchored(time_window("How many jobs were done this year?"), cat)
    assert 'SELECT max("done_at") FROM "ops"."job"' in w.lower and "now()" not in w.lower.replace("<= now()", "")
    assert w.asof.startswith("2021-11-13")
    today = anchored(time_window("How many jobs were done today?"), cat)
    assert today.lower.count("SELECT max") == 1 and today.lower.count("now()") == 1, today.lower  # not nested
    assert anchored(time_window("jobs done in March 2021"), cat).asof == ""
    assert anchored(time_window("jobs done this year"), _cat()).asof == ""  # live: the clock
    q = build_query("How many jobs were done last month?", cat)
    assert "counted from 2021-11-13" in q.summary and 'max("done_at")' in q.sql, q.summary


def test_a_month_without_a_year_is_the_latest_such_month():
    w = time_window("How many jobs were done in October?")
    assert "make_interval" in w.lower and "10" in w.lower and "interval '1 month'" in w.upper
    assert time_window("jobs done in October 2021").lower == "'2021-10-01'::date"


DB = "dbc_unseen_printshop"
SCHEMA = """
CREATE SCHEMA ops;
CREATE TABLE ops.job (job_id int PRIMARY KEY, done_at timestamptz NOT NULL, due_on date NOT NULL, pages int NOT NULL);
COMMENT ON TABLE ops.job IS 'Print jobs';
INSERT INTO ops.job SELECT g, timestamptz '2020-03-01 09:00+00' + g * interval '13 hours',
                           date '2020-03-10' + g / 2, 1 + g % 40 FROM generate_series(1, 1500) g;
ANALYZE;
"""


@pytest.fixture(scope="module")
def shop(scratch_database):
    with loaded(scratch_database, DB, SCHEMA) as dsn:
        yield dsn


def test_this_year_and_last_month_on_a_copy_are_the_datas(shop):
    ask = asker(shop)
    newest = truth(shop, "SELECT max(done_at) FROM ops.job")
    text = ask("How many jobs were done this year?")
    want = truth(shop, "SELECT count(*) FROM ops.job WHERE date_trunc('year', done_at) = "
                       "(SELECT date_trunc('year', max(done_at)) FROM ops.job)")
    assert f"**{want}**" in text[:200] and "counted from" in text, text[:500]
    text = ask("How many pages did we print last month?")
    want = truth(shop, "SELECT sum(pages) FROM ops.job WHERE done_at >= date_trunc('month', (SELECT max(done_at) FROM "
                       "ops.job)) - interval '1 month' AND done_at < date_trunc('month', (SELECT max(done_at) FROM ops.job))")
    assert want and f"**{want}**" in text[:200], (newest, text[:500])


def test_a_range_of_months_with_one_year_is_every_day_of_them():
    w = time_window("How much fuel surcharge did we invoice for July to September 2024?")
    assert (w.lower, w.upper) == ("'2024-07-01'::date", "'2024-10-01'::date")
    w = time_window("sales from November to January 2025")
    assert (w.lower, w.upper) == ("'2024-11-01'::date", "'2025-02-01'::date")

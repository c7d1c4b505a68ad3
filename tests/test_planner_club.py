"""Readings from the misses of the twenty-fourth session's run, on a schema of their own (a cricket club): "this
season" / "last season" of a whole-number column of years is the year of the data's today (the snapshot's clock) or
the one before; a jsonb key one object down ({"weather": {"rain": true}}) is read like a column, unless its name sits
in two objects; a reading that fails falls back (tests/test_planner_hire.py). Then pure readings over catalog objects:
"one row per receipt" names the table; "what percentage of receipts were paid" is a share of rows, not of money;
"takings" are money; "leaving out voided receipts" (void_fl); "last quarter"; "haven't been cancelled"; "Of the junior
bookings in 2023, what percentage were attended" (the opening clause picks the rows). Figures against independent SQL."""
from __future__ import annotations

try:
    from tests.planner_db import lead, schema_fixtures, truth
except ImportError:  # tests/ not a package
    from planner_db import lead, schema_fixtures, truth

DB = "dbc_unseen_club"
SCHEMA = """
CREATE SCHEMA club;
CREATE TABLE club.member (member_id int PRIMARY KEY, surname text NOT NULL, joined_on date NOT NULL);
CREATE TABLE club.subscription (sub_id serial PRIMARY KEY, member_id int NOT NULL REFERENCES club.member,
    season smallint NOT NULL, fee numeric(7,2) NOT NULL, sub_st char(1) NOT NULL, paid_on date NOT NULL);
COMMENT ON TABLE club.subscription IS 'Playing subscriptions, one per member per season';
COMMENT ON COLUMN club.subscription.season IS 'Playing season (the year it runs April to September)';
COMMENT ON COLUMN club.subscription.sub_st IS 'A = active, L = lapsed, R = refunded';
CREATE TABLE club.fixture (fixture_id serial PRIMARY KEY, played_on date NOT NULL, round_no smallint NOT NULL,
    report jsonb NOT NULL);
COMMENT ON TABLE club.fixture IS 'Matches (fixtures) the first eleven played';
COMMENT ON COLUMN club.fixture.round_no IS 'Cup round (1 = first round)';
INSERT INTO club.member SELECT g, 'Player' || g, date '2010-04-01' + g * 9 FROM generate_series(1, 400) g;
INSERT INTO club.subscription (member_id, season, fee, sub_st, paid_on)
SELECT 1 + g % 400, 2019 + g % 5, 80 + (g % 5) * 5, CASE WHEN g % 11 = 0 THEN 'R' WHEN g % 4 = 0 THEN 'L' ELSE 'A' END,
       make_date(2019 + g % 5, 3, 1) + g % 60
FROM generate_series(1, 1800) g;
INSERT INTO club.fixture (played_on, round_no, report)
SELECT date '2023-04-15' + g, 1 + g % 4,
       jsonb_build_object('weather', jsonb_build_object('rain', g % 5 = 0, 'wind', (ARRAY['calm', 'breezy', 'gale'])[1 + g % 3],
                                                        'state', 'dry'),
                          'pitch', jsonb_build_object('state', (ARRAY['hard', 'soft'])[1 + g % 2]),
                          'umpire', 'U' || (g % 6))
FROM generate_series(1, 160) g;
ANALYZE;
"""

dsn, ask = schema_fixtures(DB, SCHEMA)


def test_this_season_is_the_year_of_the_datas_today(ask, dsn):
    # the newest event is in 2023 (fixtures to 2023-09-22), long ago: the data's today is then, its season 2023
    want = truth(dsn, "SELECT count(*) FROM club.subscription WHERE season = 2023 AND sub_st = 'A'")
    text = ask("How many subscriptions are active for this season?")
    assert f"**{want}**" in lead(text) and "season = 2023" in text, text
    want = truth(dsn, "SELECT sum(fee) FROM club.subscription WHERE season = 2022")
    text = ask("What was the total of subscription fees for last season?")
    assert f"**{int(want)}**" in lead(text) and "season = 2022" in text, text


def test_a_whole_number_that_is_no_year_is_not_this_years(ask, dsn):
    text = ask("How many fixtures were in this round of the cup?")
    assert "2023" not in text.split("```sql")[-1], text


def test_a_jsonb_flag_one_object_down(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM club.fixture WHERE (report -> 'weather' ->> 'rain')::boolean")
    text = ask("How many fixtures were played in the rain?")
    assert f"**{want}**" in lead(text) and "report->weather->>rain" in text.replace("\\", ""), text
    want = truth(dsn, "SELECT count(*) FROM club.fixture WHERE report -> 'weather' ->> 'wind' = 'gale'")
    assert f"**{want}**" in lead(ask("How many fixtures did we play in a gale?"))


def test_a_key_whose_name_sits_in_two_objects_is_not_read_as_one(dsn):
    from toolkits.postgres import PgContext
    from toolkits.postgres.catalog import read_catalog

    keys = read_catalog(PgContext(dsn=dsn), fresh=True).tables["fixture"].keys
    assert keys["rain"].key_in == "weather" and keys["umpire"].key_in == ""
    assert "state" not in keys, keys["state"]


# --------------------------------------------------------------------------- pure readings over catalog objects

def _bar():
    from toolkits.catalog import Catalog, Column, Table

    sale = Table("club", "bar_tx", "r", pk="tx_id", comment="Clubhouse bar till export, one row per receipt.", columns={
        "tx_id": Column("tx_id", "bigint"), "tx_dt": Column("tx_dt", "date", nullable=False),
        "pay_cd": Column("pay_cd", "char(1)", values=["C", "K"], comment="C = cash, K = card"),
        "net_amt": Column("net_amt", "numeric(8,2)"),
        "void_fl": Column("void_fl", "boolean", comment="Voided by the steward (not real takings)")})
    nets = Table("club", "net_booking", "r", pk="bkg_id", comment="Practice net bookings", columns={
        "bkg_id": Column("bkg_id", "integer"), "bkd_for": Column("bkd_for", "date", nullable=False),
        "bkg_st": Column("bkg_st", "char(1)", values=["B", "A", "X"], comment="B = booked, A = attended, X = cancelled"),
        "lvl": Column("lvl", "char(1)", values=["J", "S"], comment="J = junior, S = senior")})
    return Catalog(tables={"bar_tx": sale, "net_booking": nets})


def test_what_a_row_is_names_the_table_and_a_share_of_rows_is_no_sum():
    from agent.planner.sql import build_query

    q = build_query("What percentage of bar receipts were paid in cash?", _bar())
    assert q.kind == "pct" and "club.bar_tx" in q.sql and "FILTER (WHERE t.pay_cd = 'C')" in q.sql, q.sql


def test_takings_are_money_and_voided_rows_are_left_out():
    from agent.planner.sql import build_query

    q = build_query("What were the bar's takings in May 2023, leaving out voided receipts?", _bar())
    assert "sum(t.net_amt)" in q.sql and "NOT t.void_fl" in q.sql and "'2023-05-01'" in q.sql, q.sql


def test_last_quarter_and_a_status_that_has_not_been_reached():
    from agent.planner.sql import build_query

    q = build_query("How many net bookings were made last quarter?", _bar())
    assert "date_trunc('quarter'" in q.sql and "interval '3 months'" in q.sql, q.sql
    q = build_query("How many net bookings are there after today that haven't been cancelled?", _bar())
    assert "t.bkg_st IS DISTINCT FROM 'X'" in q.sql, q.sql


def test_an_opening_of_the_clause_picks_the_rows_a_share_is_of():
    from agent.planner.sql import build_query

    q = build_query("Of the junior net bookings in 2023, what percentage were attended?", _bar())
    assert "FILTER (WHERE t.bkg_st = 'A')" in q.sql and "t.lvl = 'J'" in q.sql.split("FROM")[1], q.sql

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


def _shop():
    from toolkits.catalog import Catalog, Column, Table

    item = Table("club", "hire_item", "r", pk="item_id", comment="Things members can book", columns={
        "item_id": Column("item_id", "integer"),
        "item_nm": Column("item_nm", "text", values=["Full day nets", "Half day nets", "Bowling machine"])})
    price = Table("club", "tariff_hist", "r", pk="price_id", columns={
        "price_id": Column("price_id", "integer"), "item_id": Column("item_id", "integer"),
        "price": Column("price", "numeric(6,2)"), "valid_from": Column("valid_from", "date", nullable=False),
        "valid_to": Column("valid_to", "date")}, fks=[("item_id", "hire_item", "item_id")])
    member = Table("club", "member", "r", pk="member_id", comment="Members still playing for the club", columns={
        "member_id": Column("member_id", "integer"), "first_nm": Column("first_nm", "text", values=["Ann", "Tom"]),
        "last_nm": Column("last_nm", "text", values=["Price", "Bell", "Day"])})
    return Catalog(tables={"hire_item": item, "tariff_hist": price, "member": member})


def test_the_current_value_kept_in_a_history_of_the_row_a_value_names():
    from agent.planner.sql import build_query
    from toolkits.catalog import Table

    cat = _shop()
    cat.tables["hire_price"] = Table("club", "hire_price", "r", columns=cat.tables["tariff_hist"].columns,
                                     fks=cat.tables["tariff_hist"].fks)
    q = build_query("What is the current price of a full day of nets?", cat)  # a table the word names: its open end
    assert q.sql.count("valid_to IS NULL") == 1, q.sql  # once, not again as "valid today"

    q = build_query("What is the current price of a full day of nets?", _shop())
    assert "'Full day nets'" in q.sql and "valid_from <= current_date" in q.sql and "valid_to IS NULL" in q.sql, q.sql
    assert "'Price'" not in q.sql, q.sql


def test_a_column_kept_in_a_dated_child_of_the_row_a_value_picks():
    """When the value's own table is the one read ("the current price of a full day of nets": hire_item), the asked
    column comes from the one child that keeps dated rows of it: the row valid today, or in the window said."""
    from agent.planner import sql
    from agent.planner.filters import Filters
    from agent.planner.question import read

    cat = _shop()
    item = cat.tables["hire_item"]
    for question, valid in [("What is the current price of a full day of nets?",
                             "h.valid_from <= current_date AND (h.valid_to IS NULL OR h.valid_to >= current_date)"),
                            ("What was the price of the bowling machine in June 2023?",
                             "h.valid_from < '2023-07-01'::date AND (h.valid_to IS NULL OR h.valid_to >= '2023-06-01'::date)")]:
        r = read(question, cat, 20, about="hire_item")
        f = Filters("t")
        q = sql._from_history(r, item, f, cat, ["price"])
        assert "SELECT t.item_nm, h.price FROM club.hire_item t JOIN club.tariff_hist h ON h.item_id = t.item_id" in q.sql
        assert valid in q.sql, q.sql


def test_a_word_in_lower_case_names_no_person_when_the_writer_capitalises():
    from agent.planner.filters import value_filters
    from agent.planner.linking import capitalized, words

    member = _shop().tables["member"]
    text = "What is the current price for members?"
    assert value_filters(member, words(text), "t", set(), exact=capitalized(text))[0] == []
    text = "How many bookings did Ann Price make?"
    assert "last_nm = Price" in value_filters(member, words(text), "t", set(), exact=capitalized(text))[1]


def test_an_adverb_ends_a_name_a_comment_gives():
    from agent.planner.linking import comment_names

    assert comment_names("Members still playing for the club") == ["members"]
    assert comment_names("Staff still with us, with their current grade") == ["staff"]
    assert "vouchers" in comment_names("Gift vouchers sold (in the clubhouse or online)")
    assert "online" not in comment_names("Gift vouchers sold (in the clubhouse or online)")  # where, not a name


def test_months_said_without_their_year_and_up_to_a_coming_month_end():
    from agent.planner.linking import time_window

    def shown(q):
        w = time_window(q)
        return w.low.as_string(None), w.high.as_string(None)

    low, high = shown("How many nets were booked from July to September this year?")
    assert high == "date_trunc('year', now()) + make_interval(months => 9)" and low == high + " - make_interval(months => 3)"
    low, high = shown("sales from July to September last year")
    assert high.startswith("date_trunc('year', now()) - interval '1 year'"), high
    low, high = shown("bookings between May and June")  # no year: the latest such months up to today
    assert "extract(month FROM now())::int - 6" in high and low.endswith("make_interval(months => 2)"), (low, high)
    low, high = shown("How many vouchers will expire between tomorrow and the end of November?")
    assert low == "current_date + 1" and "11 - extract(month FROM now())" in high and high.endswith("+ interval '1 month'")
    assert time_window("orders that may and must ship") is None  # "may": a verb
    low, high = shown("What were the bar takings in the first quarter?")  # this year's
    assert low == "date_trunc('year', now()) + make_interval(months => 0)" and high == low + " + interval '3 months'"
    low, _ = shown("Which supplier did we spend the most with in Q3 last year?")
    assert low == "date_trunc('year', now()) - interval '1 year' + make_interval(months => 6)", low
    assert shown("sales in Q3 2024") == ("'2024-07-01'::date", "'2024-10-01'::date")


def _kit():
    from toolkits.catalog import Catalog, Column, Table

    member = Table("club", "player", "r", pk="player_id", comment="Registered players", columns={
        "player_id": Column("player_id", "integer"), "surname": Column("surname", "text")})
    injury = Table("club", "injury", "r", pk="inj_id", comment="Injuries reported to the physio", columns={
        "inj_id": Column("inj_id", "integer"), "player_id": Column("player_id", "integer"),
        "hurt_on": Column("hurt_on", "date", nullable=False),
        "sev": Column("sev", "char(1)", values=["1", "2", "3"], comment="1 = season-ending, 2 = serious, 3 = minor")},
        fks=[("player_id", "player", "player_id")])
    repair = Table("club", "repair_job", "r", pk="job_id", comment="Repairs to club equipment", columns={
        "job_id": Column("job_id", "integer"), "job_st": Column(
            "job_st", "char(1)", values=["O", "H", "C"], comment="O = open, H = on hold awaiting spares, C = closed")})
    spare = Table("club", "spare_issue", "r", pk="issue_id", comment="Spares issued to repair jobs", columns={
        "issue_id": Column("issue_id", "integer"), "job_id": Column("job_id", "integer"),
        "qty": Column("qty", "integer")}, fks=[("job_id", "repair_job", "job_id")])
    return Catalog(tables={"player": member, "injury": injury, "repair_job": repair, "spare_issue": spare})


def test_rows_with_more_than_n_children_of_a_kind():
    from agent.planner.sql import build_query

    q = build_query("How many players have had more than 2 serious injuries in 2023?", _kit())
    assert "HAVING count(*) > 2" in q.sql and "c.sev = '2'" in q.sql and "'2023-01-01'" in q.sql, q.sql


def test_a_status_whose_meaning_says_another_tables_word():
    from agent.planner.sql import build_query

    q = build_query("How many repair jobs are on hold waiting for spares?", _kit())
    assert q.sql == "SELECT count(*) AS repair_job FROM club.repair_job t WHERE t.job_st = 'H'", q.sql


def _faults():
    from toolkits.catalog import Catalog, Column, Table

    fault = Table("club", "fault", "r", pk="fault_id", comment="Faults on the club's roller and mowers", columns={
        "fault_id": Column("fault_id", "integer"), "found_ts": Column("found_ts", "timestamp", nullable=False),
        "rec": Column("rec", "jsonb")})
    fault.keys = {"part": Column("part", "text", ["BLADES", "ENGINE", "TYRES"], "key part of rec", key_of="rec"),
                  "by": Column("by", "text", ["groundsman", "member", "sensor"], "key by of rec -> found", key_of="rec",
                               key_in="found")}
    code = Table("club", "sensor_code", "r", pk="code", comment="Sensor alarm codes (SENSOR)", columns={
        "code": Column("code", "text", values=["S1", "S2"])})
    count = Table("club", "pitch_check", "r", pk="check_id", comment="The groundsman's daily pitch check", columns={
        "check_id": Column("check_id", "integer"), "check_dt": Column("check_dt", "date", nullable=False),
        "fit_cd": Column("fit_cd", "char(1)", values=["Y", "N"], comment="Y = fit for play, N = not fit")})
    return Catalog(tables={"fault": fault, "sensor_code": code, "pitch_check": count})


def test_a_word_a_value_says_in_the_plural_and_a_table_word_that_is_the_subjects_value():
    from agent.planner.sql import build_query

    q = build_query("How many blade faults have members found this month?", _faults())
    assert "(t.rec ->> 'part') = 'BLADES'" in q.sql and "((t.rec -> 'found') ->> 'by') = 'member'" in q.sql, q.sql
    q = build_query("What share of faults were found by the sensor rather than by a person?", _faults())
    assert q.kind == "pct" and "FILTER (WHERE ((t.rec -> 'found') ->> 'by') = 'sensor')" in q.sql, q.sql


def test_this_morning_is_today():
    from agent.planner.sql import build_query

    q = build_query("Was the pitch fit for play at this morning's check?", _faults())
    assert "t.check_dt >= current_date" in q.sql, q.sql


def test_a_value_said_before_another_tables_noun_is_that_tables():
    """"shipped out of the Leeds depot": Leeds names the depot (its name 'Leeds Depot'), not the ship-to city a jsonb
    key of the shipments also holds; "opened in 2020" is the opening date, not an open_late flag."""
    from agent.planner.sql import build_query
    from toolkits.catalog import Catalog, Column, Table

    depot = Table("club", "depot", "r", pk="depot_id", comment="Kit depots", columns={
        "depot_id": Column("depot_id", "integer"), "depot_nm": Column("depot_nm", "text", values=["Leeds Depot", "York Depot"]),
        "opened_on": Column("opened_on", "date", nullable=False), "open_late": Column("open_late", "boolean")})
    ship = Table("club", "shipment", "r", pk="ship_id", comment="Kit shipments", columns={
        "ship_id": Column("ship_id", "integer"), "depot_id": Column("depot_id", "integer"),
        "shipped_on": Column("shipped_on", "date", nullable=False), "addr": Column("addr", "jsonb")},
        fks=[("depot_id", "depot", "depot_id")])
    ship.keys = {"city": Column("city", "text", ["Leeds", "Hull"], "key city of addr -> ship_to", key_of="addr",
                                key_in="ship_to")}
    cat = Catalog(tables={"depot": depot, "shipment": ship})
    q = build_query("How many shipments went out of the Leeds depot in May 2024?", cat)
    assert "depot_nm = 'Leeds Depot'" in q.sql and "ship_to" not in q.sql, q.sql
    q = build_query("Which depots opened in 2020 or later?", cat)
    assert "open_late" not in q.sql and "opened_on >= '2020-01-01'" in q.sql, q.sql


def test_an_english_word_is_no_typo_of_a_schema_word_it_contains():
    from agent.planner.spelling import respell
    from toolkits.catalog import Catalog, Column, Table

    depot = Table("club", "depot", "r", pk="depot_id", comment="Kit depots", columns={
        "depot_id": Column("depot_id", "integer"), "opened_on": Column("opened_on", "date", nullable=False),
        "open_late": Column("open_late", "boolean"),
        "closed_on": Column("closed_on", "date", comment="NULL = current depot")})
    cat = Catalog(tables={"depot": depot})
    assert respell("Which depots opened in 2020 or later?", cat) == "Which depots opened in 2020 or later?"


def test_how_many_of_a_value_counts_the_rows_that_hold_it():
    """"How many no-shows have we had across all our grounds": the bookings whose status is 'no_show' (said in the
    plural, hyphenated); the grounds only say where."""
    from agent.planner.sql import build_query
    from toolkits.catalog import Catalog, Column, Table

    ground = Table("club", "ground", "r", pk="ground_id", comment="Our grounds", columns={
        "ground_id": Column("ground_id", "integer"), "ground_nm": Column("ground_nm", "text", values=["Top Field", "Mill Lane"])})
    booking = Table("club", "nets_booking", "r", pk="bkg_id", comment="Practice net bookings", columns={
        "bkg_id": Column("bkg_id", "integer"), "ground_id": Column("ground_id", "integer"),
        "slot_at": Column("slot_at", "timestamp", nullable=False),
        "bkg_sts": Column("bkg_sts", "club.bkg_status", values=["booked", "attended", "no_show"], enum=True)},
        fks=[("ground_id", "ground", "ground_id")])
    q = build_query("How many no-shows have we had across all our grounds in 2024?", Catalog(
        tables={"ground": ground, "nets_booking": booking}))
    assert "FROM club.nets_booking t" in q.sql and "t.bkg_sts = 'no_show'" in q.sql and "'2024-01-01'" in q.sql, q.sql


def test_which_rows_a_verb_says_happened_more_than_n_times():
    from agent.planner.sql import build_query

    q = build_query("Which players have been injured more than 2 times in 2023?", _kit())  # the verb names the child
    assert "FROM club.injury t" in q.sql and "hurt_on >= '2023-01-01'" in q.sql and "HAVING count(*) > 2" in q.sql, q.sql
    cat = _kit()  # no verb names it: the one child with a time column
    q = build_query("Which players were listed more than 2 times in 2023?", cat)
    assert "FROM club.injury c WHERE c.hurt_on >= '2023-01-01'" in q.sql and "HAVING count(*) > 2" in q.sql, q.sql
    assert q.sql.startswith("SELECT e.player_id, e.surname FROM club.player e"), q.sql


def test_rows_with_more_than_n_grandchildren():
    """"teams with more than 5 serious injuries": an injury is a player's, a player a team's — counted per team
    through the players."""
    from agent.planner.sql import build_query
    from toolkits.catalog import Column, Table

    cat = _kit()
    cat.tables["team"] = Table("club", "team", "r", pk="team_id", comment="Our teams", columns={
        "team_id": Column("team_id", "integer"), "team_nm": Column("team_nm", "text", values=["1st XI", "2nd XI"])})
    cat.tables["player"].columns["team_id"] = Column("team_id", "integer")
    cat.tables["player"].fks = [("team_id", "team", "team_id")]
    q = build_query("Which teams have had more than 5 serious injuries in 2023?", cat)
    assert "SELECT m.team_id FROM club.injury c JOIN club.player m ON m.player_id = c.player_id" in q.sql, q.sql
    assert "c.sev = '2'" in q.sql and "GROUP BY m.team_id HAVING count(*) > 5" in q.sql, q.sql

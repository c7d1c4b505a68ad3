"""The parser on meaning a schema states only in its comments and data: signs a comment explains, values only a
sample of a big table shows, counts two keys away, a row's column by its key, first/last dates, rows with no
related rows through a bridge or a verb. A small library schema nothing in agent/ names; every figure is checked
against independent SQL."""
from __future__ import annotations

import psycopg

try:
    from tests.planner_db import lead, schema_fixtures, truth
except ImportError:  # tests/ not a package
    from planner_db import lead, schema_fixtures, truth

DB = "dbc_unseen_library"
SCHEMA = """
SELECT setseed(0.42);
CREATE TABLE branch (branch_id int PRIMARY KEY, town text NOT NULL);
CREATE TABLE title (title_id int PRIMARY KEY, heading text NOT NULL);
CREATE TABLE author (author_id int PRIMARY KEY, surname text NOT NULL);
CREATE TABLE title_author (title_id int REFERENCES title, author_id int REFERENCES author, PRIMARY KEY (title_id, author_id));
CREATE TABLE copy (copy_id int PRIMARY KEY, title_id int NOT NULL REFERENCES title, branch_id int NOT NULL REFERENCES branch);
CREATE TABLE member (member_id int PRIMARY KEY, surname text NOT NULL, fee_bal int NOT NULL, memo char(40) NOT NULL DEFAULT '');
COMMENT ON COLUMN member.fee_bal IS 'Fee account balance (negative: in arrears)';
CREATE TABLE borrowing (borrowing_id serial PRIMARY KEY, copy_id int NOT NULL REFERENCES copy,
                        member_id int NOT NULL REFERENCES member, taken_on timestamp NOT NULL);
CREATE TABLE ledger (entry_id serial PRIMARY KEY, member_id int NOT NULL REFERENCES member, amt int NOT NULL,
                     booked timestamp NOT NULL);
COMMENT ON COLUMN ledger.amt IS 'Entry amount: positive = payment, negative = charge';
COMMENT ON TABLE ledger IS 'Transaction ledger: one row per payment or charge';
CREATE TABLE entry_kind (kind_cd char(2) PRIMARY KEY, kind_label text NOT NULL);
INSERT INTO entry_kind VALUES ('LF', 'Late fee'), ('CR', 'Card replacement'), ('PY', 'Payment');
ALTER TABLE ledger ADD COLUMN kind_cd char(2) REFERENCES entry_kind;
INSERT INTO branch SELECT g, 'Town ' || g FROM generate_series(1, 4) g;
INSERT INTO title SELECT g, 'Heading ' || g FROM generate_series(1, 60) g;
INSERT INTO author SELECT g, 'Writer' || g FROM generate_series(1, 20) g;
INSERT INTO title_author SELECT g, 1 + g % 20 FROM generate_series(1, 55) g;
INSERT INTO copy SELECT g, 1 + g % 60, 1 + g % 4 FROM generate_series(1, 300) g;
INSERT INTO member SELECT g, 'Member' || g, (g * 37) % 200 - 60, CASE WHEN g % 9 = 0 THEN 'lapsed' ELSE '' END
FROM generate_series(1, 30000) g;
INSERT INTO borrowing (copy_id, member_id, taken_on)
SELECT 1 + (g * 7) % 300, 1 + (g * 13) % 25000, timestamp '2024-01-01' + g * interval '17 minutes' FROM generate_series(1, 8000) g;
INSERT INTO ledger (member_id, amt, booked)
SELECT 1 + g % 500, CASE WHEN g % 3 = 0 THEN -(g % 700) ELSE g % 900 END, timestamp '2024-03-01' + g * interval '1 hour'
FROM generate_series(1, 6000) g;
ALTER TABLE title ADD COLUMN extras text[] NOT NULL DEFAULT '{}', ADD COLUMN play_min int, ADD COLUMN loan_days int;
COMMENT ON COLUMN title.play_min IS 'Playing time in minutes (audio books)';
COMMENT ON COLUMN title.loan_days IS 'Loan period in days';
UPDATE title SET play_min = 30 + title_id * 7, loan_days = 7 + title_id % 3 * 7,
                 extras = CASE WHEN title_id % 4 = 0 THEN ARRAY['Large Print', 'Audio'] WHEN title_id % 4 = 1 THEN ARRAY['Audio']
                               ELSE ARRAY['Braille'] END;
ALTER TABLE member ADD COLUMN tier varchar(2) NOT NULL DEFAULT 'S';
COMMENT ON COLUMN member.tier IS 'Membership tier: S standard, G gold, PT patron of the arts';
UPDATE member SET tier = CASE WHEN member_id % 10 = 0 THEN 'G' WHEN member_id % 25 = 1 THEN 'PT' ELSE 'S' END;
ALTER TABLE member ADD COLUMN prefs jsonb NOT NULL DEFAULT '{}';
UPDATE member SET prefs = jsonb_build_object('channel', (ARRAY['email', 'sms', 'post'])[1 + member_id % 3],
                                              'large_print', member_id % 7 = 0, 'mkt_ok', member_id % 3 = 0,
                                              'topics', CASE member_id % 4 WHEN 0 THEN '["crime", "history"]'::jsonb
                                                        WHEN 1 THEN '["poetry"]'::jsonb ELSE '[]'::jsonb END);
COMMENT ON COLUMN member.prefs IS 'Notice preferences: channel, large_print, mkt_ok (agreed to receive marketing mail)';
CREATE TABLE reading_list (entry_id serial PRIMARY KEY, title_id int REFERENCES title, member_id int REFERENCES member,
                           rank_no int NOT NULL);
COMMENT ON COLUMN reading_list.rank_no IS 'Position: 1 = favourite title, 2+ = other picks';
INSERT INTO reading_list (title_id, member_id, rank_no) SELECT 1 + (g * 7) % 13, 1 + g % 900, 1 + g % 4 FROM generate_series(1, 3000) g;
UPDATE ledger SET kind_cd = CASE WHEN amt >= 0 THEN 'PY' WHEN entry_id % 4 = 0 THEN 'CR' ELSE 'LF' END;
ANALYZE;
"""


dsn, ask = schema_fixtures(DB, SCHEMA)


def test_a_sign_the_comment_explains_filters(ask, dsn):
    assert f"**{truth(dsn, 'SELECT count(*) FROM member WHERE fee_bal < 0')}**" in lead(ask("how many members are in arrears?"))


def test_a_signed_word_names_the_table_and_the_measure(ask, dsn):
    want = truth(dsn, "SELECT sum(amt) FROM ledger WHERE amt > 0 AND booked >= '2024-05-01' AND booked < '2024-06-01'")
    assert f"**{want}**" in lead(ask("total payments in May 2024"))
    want = truth(dsn, "SELECT count(*) FROM ledger WHERE amt < -500")
    assert f"**{want}**" in lead(ask("how many charges of more than 500 were there?"))


def test_a_value_only_a_sample_of_a_big_table_shows(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM member WHERE memo = 'lapsed'")
    assert f"**{want}**" in lead(ask("how many members are lapsed?"))


def test_ranked_by_rows_two_keys_away(ask, dsn):
    want = truth(dsn, """SELECT t.heading FROM borrowing b JOIN copy c USING (copy_id) JOIN title t USING (title_id)
                         GROUP BY t.title_id, t.heading ORDER BY count(*) DESC, t.title_id LIMIT 1""")
    text = ask("Which title was borrowed the most?")
    assert want in text and "borrowing" in text and "copy" in text  # the path is said


def test_one_column_of_the_row_a_key_picks(ask, dsn):
    want = truth(dsn, "SELECT fee_bal FROM member WHERE member_id = 4711")
    assert f"**{want}**" in lead(ask("What's the fee balance of member 4711?"))


def test_when_was_the_first_and_the_last(ask, dsn):
    first = truth(dsn, "SELECT min(booked) FROM ledger")
    assert first.strftime("%Y-%m-%d") in lead(ask("when was the very first ledger entry?"))
    last = truth(dsn, "SELECT max(taken_on) FROM borrowing")
    assert last.strftime("%Y-%m-%d") in lead(ask("when was the last borrowing?"))


def test_rows_without_related_rows_through_a_bridge_or_a_verb(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM title t WHERE NOT EXISTS (SELECT 1 FROM title_author a WHERE a.title_id = t.title_id)")
    assert f"**{want}**" in lead(ask("How many titles have no authors?"))
    want = truth(dsn, "SELECT count(*) FROM member m WHERE NOT EXISTS (SELECT 1 FROM borrowing b WHERE b.member_id = m.member_id)")
    assert f"**{want}**" in lead(ask("How many members have never borrowed anything?"))


def test_a_calendar_window_is_about_rows_not_server_counters(ask, dsn):
    text = ask("Number of transactions per month in 2024")
    with psycopg.connect(dsn) as conn:
        rows = conn.execute("""SELECT count(*) FROM ledger WHERE booked >= '2024-01-01' AND booked < '2025-01-01'
                               GROUP BY date_trunc('month', booked) ORDER BY 1""").fetchall()
    assert "FROM ledger" in text and all(str(n) in text for (n,) in rows), text


def test_which_day_of_the_week_has_the_most(ask, dsn):
    want = truth(dsn, """SELECT trim(to_char(taken_on, 'Day')) FROM borrowing GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1""")
    assert want in lead(ask("On which day of the week are the most borrowings taken?")) or want in ask(
        "On which day of the week are the most borrowings taken?")


def test_rows_counted_through_the_child_that_holds_the_value(ask, dsn):
    want = truth(dsn, "SELECT count(DISTINCT member_id) FROM ledger WHERE kind_cd = 'LF'")
    assert f"**{want}**" in lead(ask("How many distinct members had a late fee?"))


def test_a_jsonb_key_with_few_values_filters_like_a_column(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM member WHERE prefs ->> 'channel' = 'sms'")
    text = ask("how many members get their notices by sms?")
    assert f"**{want}**" in lead(text) and "prefs->>channel = sms" in lead(text).replace("\\", "")


def test_a_jsonb_flag_named_by_what_the_jsonb_comment_says_of_it(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM member WHERE (prefs ->> 'mkt_ok')::boolean")
    assert f"**{want}**" in lead(ask("How many members agreed to receive marketing mail?"))


def test_an_element_of_a_list_a_jsonb_key_holds(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM member WHERE prefs -> 'topics' ? 'poetry'")
    text = ask("How many members have poetry among their favourite topics?")
    assert f"**{want}**" in lead(text) and "topics contains poetry" in lead(text), text


def test_a_duration_in_words_on_a_column_in_minutes(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM title WHERE play_min > 300")
    assert f"**{want}**" in lead(ask("How many titles play longer than five hours?"))


def test_an_element_of_a_text_array(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM title WHERE 'Large Print' = ANY(extras)")
    assert f"**{want}**" in lead(ask("How many titles come in Large Print?"))


def test_codes_a_comment_explains(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM member WHERE tier = 'G'")
    assert f"**{want}**" in lead(ask("how many gold members are there?"))
    want = truth(dsn, "SELECT count(*) FROM member WHERE tier = 'PT'")
    assert f"**{want}**" in lead(ask("how many members are patrons of the arts?"))


def test_numbers_between_and_amounts_in_currency(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM member WHERE fee_bal BETWEEN 10 AND 50")
    assert f"**{want}**" in lead(ask("How many members have a fee balance between 10 and 50?"))
    want = truth(dsn, "SELECT count(*) FROM ledger WHERE amt > 500")
    assert f"**{want}**" in lead(ask("how many ledger entries over 500 dollars?"))


def test_no_related_rows_two_keys_away(ask, dsn):
    never = """SELECT count(*) FROM title t WHERE NOT EXISTS (SELECT 1 FROM borrowing b JOIN copy c USING (copy_id)
               WHERE c.title_id = t.title_id {})"""
    assert f"**{truth(dsn, never.format(''))}**" in lead(ask("How many titles were never borrowed?"))
    in_2025 = never.format("AND b.taken_on >= '2025-01-01' AND b.taken_on < '2026-01-01'")
    assert f"**{truth(dsn, in_2025)}**" in lead(ask("How many titles have no borrowings in 2025?"))


def test_numbers_a_comment_explains(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM reading_list WHERE rank_no = 1")
    assert f"**{want}**" in lead(ask("how many favourite reading list entries are there?"))


def test_an_average_of_no_named_column_is_asked_back_not_counted(ask):
    text = ask("what is the average for titles?")
    assert "play_min" in text and "loan_days" in text and "Which column" in text
    assert "count" not in text.lower()


def test_typos_of_schema_words_are_corrected_and_names_are_not(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM member WHERE memo = 'lapsed'")
    assert f"**{want}**" in lead(ask("how many membrs are lapsd?"))
    from agent.planner.spelling import respell
    from toolkits.catalog import Catalog, Column, Table

    cat = Catalog({"customers": Table("public", "customers", "r", {"country": Column("country", "text", ["Germany"])})})
    assert respell("customers from Germny named O'Brien", cat) == "customers from germany named O'Brien"
    assert respell("how many customers are named Brain?", cat) == "how many customers are named Brain?"

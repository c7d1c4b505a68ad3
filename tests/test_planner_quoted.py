"""The parser on a box office's schema nothing in agent/ names, written the way .NET-era schemas are: quoted
CamelCase names, domains over varchar and boolean, a person's name kept on the table whose key the usher's key
is, a header with its subtotal, tax and total, lines with quantity, unit price and discount, a flag, an end date
"no longer sold", NULL meanings in comments, minutes worked and a head count. Every figure is checked against
independent SQL."""
from __future__ import annotations

try:
    from tests.planner_db import bold, lead, schema_fixtures, truth
except ImportError:  # tests/ not a package
    from planner_db import bold, lead, schema_fixtures, truth

from agent.planner.linking import bare

DB = "dbc_unseen_quoted"
SCHEMA = """
CREATE SCHEMA box;
CREATE DOMAIN box."Label" varchar(60);
CREATE DOMAIN box."YesNo" boolean NOT NULL;
CREATE TABLE box."Party" ("PartyID" int PRIMARY KEY, "GivenName" box."Label" NOT NULL,
                          "FamilyName" box."Label" NOT NULL);
ALTER TABLE box."Party" ADD COLUMN mkt_opt_in boolean NOT NULL DEFAULT false;
CREATE TABLE box."Usher" ("PartyID" int PRIMARY KEY REFERENCES box."Party", "BadgeNo" int NOT NULL);
CREATE TABLE box."Show" ("ShowID" int PRIMARY KEY, "Title" box."Label" NOT NULL, "ListPrice" numeric(8,2) NOT NULL,
                         "StandardCost" numeric(8,2) NOT NULL, "Genre" char(1) NOT NULL, "SellEndDate" date,
                         "Lang" char(3) NOT NULL);
COMMENT ON COLUMN box."Show"."Lang" IS 'Language of the performance (ISO 639-2)';
COMMENT ON COLUMN box."Show"."Genre" IS 'D = Drama, S = Standard repertoire, M = Musical, E = Experimental';
COMMENT ON COLUMN box."Show"."SellEndDate" IS 'Date tickets were no longer sold for the show';
CREATE TABLE box."Booking" ("BookingID" int PRIMARY KEY, "ShowID" int NOT NULL REFERENCES box."Show",
                            "UsherID" int NOT NULL REFERENCES box."Usher", "BookedOn" date NOT NULL,
                            "DueDate" date NOT NULL, "PaidDate" date, "OnlineFlag" box."YesNo",
                            "SubTotal" numeric(10,2) NOT NULL, "TaxAmt" numeric(10,2) NOT NULL,
                            "TotalDue" numeric(10,2) NOT NULL);
COMMENT ON COLUMN box."Booking"."SubTotal" IS 'Sum of the lines';
COMMENT ON COLUMN box."Booking"."TotalDue" IS 'Total due from the customer, tax included: SubTotal + TaxAmt';
COMMENT ON COLUMN box."Booking"."OnlineFlag" IS '0 = booked at the counter. 1 = booked online by the customer.';
CREATE TABLE box."BookingLine" ("BookingID" int NOT NULL REFERENCES box."Booking", "LineNo" int NOT NULL,
                                "OrderQty" int NOT NULL, "UnitPrice" numeric(8,2) NOT NULL,
                                "UnitPriceDiscount" numeric(4,2) NOT NULL, PRIMARY KEY ("BookingID", "LineNo"));
CREATE TABLE box."Shift" ("ShiftID" int PRIMARY KEY, "UsherID" int NOT NULL REFERENCES box."Usher",
                          "WorkedOn" date NOT NULL, "mins" int NOT NULL);
COMMENT ON COLUMN box."Shift"."mins" IS 'Minutes worked';
CREATE TABLE box.enquiry (enq_id int PRIMARY KEY, opened_at timestamp NOT NULL, first_reply_at timestamp,
                          closed_at timestamp, reopen_cnt int NOT NULL, stat_cd char(1) NOT NULL);
COMMENT ON COLUMN box.enquiry.reopen_cnt IS 'How many times the enquirer reopened it';
COMMENT ON COLUMN box.enquiry.stat_cd IS 'O = open, W = waiting on customer, C = closed';
CREATE TABLE box.post (post_id int PRIMARY KEY, "UsherID" int NOT NULL REFERENCES box."Usher", area text NOT NULL,
                       start_on date NOT NULL, end_on date);
COMMENT ON TABLE box.post IS 'Usher posting history';
CREATE TABLE box.contract (contract_id int PRIMARY KEY, "UsherID" int NOT NULL REFERENCES box."Usher", rate numeric);
COMMENT ON TABLE box.contract IS 'Usher contract current information.';
CREATE TABLE box.refund (ref_id int PRIMARY KEY, stat char(1) NOT NULL, requested_at timestamp NOT NULL);
COMMENT ON COLUMN box.refund.stat IS 'Current state: P = pending, A = approved, R = rejected';
CREATE TABLE box.refund_hist (ref_id int NOT NULL REFERENCES box.refund, new_stat char(1) NOT NULL,
                              changed_at timestamp NOT NULL);
COMMENT ON COLUMN box.refund_hist.new_stat IS 'State set: P = pending, A = approved, R = rejected';
INSERT INTO box.refund SELECT g, (ARRAY['P', 'A', 'R', 'A'])[1 + g % 4], timestamp '2024-01-01' + g * interval '13 hours'
FROM generate_series(1, 1200) g;
INSERT INTO box.refund_hist SELECT ref_id, 'P', requested_at FROM box.refund;
INSERT INTO box.refund_hist SELECT ref_id, stat, requested_at + interval '4 days' FROM box.refund WHERE stat <> 'P';
INSERT INTO box.refund_hist SELECT ref_id, 'A', requested_at + interval '9 days' FROM box.refund WHERE ref_id % 10 = 0;
CREATE TABLE box.staff (staff_id int PRIMARY KEY, left_on date);
COMMENT ON TABLE box.staff IS 'People employed by the box office';
COMMENT ON COLUMN box.staff.left_on IS 'Date employment ended; NULL = still employed';
INSERT INTO box.staff SELECT g, CASE WHEN g % 4 = 0 THEN date '2024-01-01' + g END FROM generate_series(1, 50) g;
CREATE TABLE box.time_log (log_id int PRIMARY KEY, enq_id int NOT NULL REFERENCES box.enquiry, mins int NOT NULL);
COMMENT ON COLUMN box.enquiry.first_reply_at IS 'First reply by staff. NULL = the enquirer has never been answered.';
COMMENT ON COLUMN box.enquiry.closed_at IS 'When the enquiry was closed. NULL = still open.';
CREATE TABLE box.survey (srv_id int PRIMARY KEY, enq_id int NOT NULL REFERENCES box.enquiry, answered_at timestamp);
COMMENT ON COLUMN box.survey.answered_at IS 'When the enquirer answered. NULL = not answered.';
CREATE TYPE box.seat_state AS ENUM ('OK', 'BRK', 'RSV');
COMMENT ON TYPE box.seat_state IS 'OK = usable, BRK = blocked (broken or removed), RSV = held for the house';
CREATE TABLE box.seat (seat_id int PRIMARY KEY, state box.seat_state NOT NULL);
INSERT INTO box.seat SELECT g, (ARRAY['OK', 'BRK', 'RSV', 'OK', 'OK']::box.seat_state[])[1 + g % 5]
FROM generate_series(1, 300) g;
CREATE TABLE box.patron (patron_id int PRIMARY KEY, card_no text NOT NULL UNIQUE, tier text NOT NULL);
INSERT INTO box.patron SELECT g, 'BXC' || lpad((7 * g)::text, 7, '0'), (ARRAY['gold', 'basic'])[1 + g % 2]
FROM generate_series(1, 9000) g;
ALTER TABLE box.patron ADD COLUMN contact jsonb;
UPDATE box.patron SET contact = CASE WHEN patron_id % 7 = 0 THEN jsonb_build_object('phone', '+44 ' || patron_id)
    ELSE jsonb_build_object('email', 'p' || patron_id || '@example.org', 'phone', '+44 ' || patron_id) END;
CREATE TABLE box.visit (visit_id int PRIMARY KEY, patron_id int NOT NULL REFERENCES box.patron, pass_ref char(6) NOT NULL);
INSERT INTO box.visit SELECT g, 1 + g % 9000, upper(substr(md5(g::text), 1, 6)) FROM generate_series(1, 30000) g;
CREATE TABLE box.voucher (voucher_ref char(6) PRIMARY KEY, face_value numeric(8,2) NOT NULL);
INSERT INTO box.voucher SELECT DISTINCT ON (1) upper(substr(md5(g::text), 1, 6)), 5 * (1 + g % 9)
FROM generate_series(1, 3000) g;
CREATE TABLE box.gala (gala_id int PRIMARY KEY, held_on date NOT NULL, attn_cnt int);
COMMENT ON COLUMN box.gala.attn_cnt IS 'Head count of attendees; NULL = not counted';
INSERT INTO box."Party" SELECT g, (ARRAY['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn'])[1 + g % 6],
       (ARRAY['Lind', 'Moss', 'Nash', 'Orr', 'Pike', 'Quill', 'Rowe'])[1 + g % 7] FROM generate_series(1, 40) g;
INSERT INTO box."Usher" SELECT g, 100 + g FROM generate_series(1, 12) g;
UPDATE box."Party" SET mkt_opt_in = true WHERE "PartyID" % 3 = 0;
INSERT INTO box."Show" SELECT g, 'Show ' || g, 20 + (g * 13) % 70, 5 + (g * 7) % 30,
       (ARRAY['D', 'S', 'M', 'E'])[1 + g % 4], CASE WHEN g % 5 = 0 THEN date '2024-06-01' + g END,
       (ARRAY['eng', 'ger', 'fre', 'spa', 'eng'])[1 + g % 5]
FROM generate_series(1, 30) g;
INSERT INTO box."Booking" SELECT g, 1 + g % 30, 1 + (g * g) % 12, date '2024-01-01' + g % 500,
       date '2024-01-01' + g % 500 + 7, CASE WHEN g % 9 <> 0 THEN date '2024-01-01' + g % 500 + (g % 11) END,
       g % 3 <> 0, 40 + g % 60, round((40 + g % 60) * 0.2, 2), 40 + g % 60 + round((40 + g % 60) * 0.2, 2)
FROM generate_series(1, 2000) g;
INSERT INTO box."BookingLine" SELECT 1 + g % 2000, g, 1 + g % 4, 10 + g % 25, (g % 3) * 0.05
FROM generate_series(1, 5000) g;
INSERT INTO box."Shift" SELECT g, 1 + (g * 7) % 12, date '2024-01-01' + g % 700, 60 + (g * 37) % 240
FROM generate_series(1, 1500) g;
INSERT INTO box.enquiry SELECT g, timestamp '2024-01-01' + g * interval '7 hours',
       CASE WHEN g % 8 <> 0 THEN timestamp '2024-01-01' + g * interval '7 hours' + (g % 50) * interval '3 minutes' END,
       CASE WHEN g % 3 = 0 THEN timestamp '2024-01-01' + g * interval '7 hours' + interval '2 days' END,
       (g * g) % 7 / 2, (ARRAY['O', 'W', 'C'])[1 + g % 3]
FROM generate_series(1, 900) g;
INSERT INTO box.time_log SELECT g, 1 + g % 900, 5 + g % 40 FROM generate_series(1, 2000) g;
INSERT INTO box.survey SELECT g, 1 + g % 900, CASE WHEN g % 4 <> 0 THEN timestamp '2024-03-01' + g * interval '1 hour' END
FROM generate_series(1, 600) g;
INSERT INTO box.gala SELECT g, date '2023-06-01' + g * 9, CASE WHEN g % 10 <> 0 THEN 50 + (g * 17) % 200 END
FROM generate_series(1, 120) g;
INSERT INTO box.post SELECT g, 1 + g % 12, (ARRAY['Stalls', 'Circle', 'Foyer'])[1 + g % 3], date '2023-01-01' + g * 20,
       CASE WHEN g <= 24 THEN date '2023-01-01' + g * 20 + 90 END FROM generate_series(1, 36) g;
ANALYZE;
"""


dsn, ask = schema_fixtures(DB, SCHEMA)


def test_camel_case_names_read_as_their_words():
    assert [bare(x) for x in ("UnitPrice", "OrderQty", "TotalDue", "l_quantity")] == \
        ["unit_price", "order_qty", "total_due", "quantity"]


def test_a_domain_is_its_base_type(dsn):
    from toolkits.postgres import PgContext
    from toolkits.postgres.catalog import read_catalog

    cat = read_catalog(PgContext(dsn=dsn), fresh=True)
    show, booking = cat.tables["Show"], cat.tables["Booking"]
    assert show.columns["Title"].is_text and show.label_column() == "Title"
    assert booking.columns["OnlineFlag"].type == "boolean" and not booking.columns["OnlineFlag"].nullable
    # an enum's comment explains a column that has none; a built-in type's description ("date and time") does not
    assert cat.tables["seat"].columns["state"].comment.startswith("OK = usable")
    assert booking.columns["BookedOn"].comment == "" and show.columns["Title"].comment == ""


def test_a_difference_of_two_spelled_columns_and_list_price_is_no_listing(ask, dsn):
    want = truth(dsn, 'SELECT max("ListPrice" - "StandardCost")::int FROM box."Show"')  # whole by construction
    text = ask("What is the biggest markup (list price minus standard cost) on any single show?")
    assert bold(want) in lead(text) and "Genre" not in text  # "standard" names the cost, not 'S' = Standard


def test_no_longer_sold_is_an_end_date_set_and_counting_them_is_no_filter(ask, dsn):
    want = truth(dsn, 'SELECT count(*) FROM box."Show" WHERE "SellEndDate" IS NOT NULL')
    assert bold(want) in lead(ask("How many shows are no longer sold?"))
    want = truth(dsn, """SELECT count(*) FROM box."Show" WHERE "Genre" = 'M'""")
    assert bold(want) in lead(ask("How many musical shows do we have, counting ones we no longer sell?"))
    assert bold(want) in lead(ask("How many shows are musical, i.e. with songs?"))  # no 'E' from "i.e."


def test_a_time_named_before_a_comparison_and_one_camel_case_after_it(ask, dsn):
    want = truth(dsn, 'SELECT count(*) FROM box."Booking" WHERE "PaidDate" > "DueDate"')
    assert bold(want) in lead(ask("How many bookings were paid later than their due date?"))


def test_the_total_beside_its_parts_and_lines_worth_less_discount(ask, dsn):
    want = truth(dsn, 'SELECT round(avg("TotalDue"), 2) FROM box."Booking"')
    assert bold(want) in lead(ask("What is the average booking value?"))
    want = truth(dsn, """SELECT sum("TotalDue")::float FROM box."Booking" WHERE "BookedOn" >= '2024-01-01' AND "BookedOn" < '2025-01-01'""")
    assert bold(f"{want:g}") in lead(ask("What was the total billed, tax included, on bookings made in 2024?"))  # not SubTotal
    want = truth(dsn, 'SELECT round(sum("OrderQty" * "UnitPrice" * (1 - "UnitPriceDiscount")), 2) FROM box."BookingLine"')
    assert str(want) in lead(ask("What is the total revenue of all booking lines?"))


def test_a_flag_named_by_its_own_word_and_its_share(ask, dsn):
    want = truth(dsn, 'SELECT round(100.0 * count(*) FILTER (WHERE "OnlineFlag") / count(*), 2) FROM box."Booking" '
                      """WHERE "BookedOn" >= '2024-01-01' AND "BookedOn" < '2025-01-01'""")
    assert str(want) in lead(ask("What percentage of the bookings made in 2024 were made online?"))


def test_a_name_reached_through_the_shared_key(ask, dsn):
    want = truth(dsn, """SELECT p."GivenName" || ' ' || p."FamilyName" FROM box."Booking" b
                         JOIN box."Party" p ON p."PartyID" = b."UsherID" GROUP BY p."PartyID"
                         ORDER BY count(*) DESC LIMIT 1""")
    assert want in ask("Which usher handled the most bookings?")


def test_null_meanings_denied_in_other_words(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM box.enquiry WHERE first_reply_at IS NULL")
    assert bold(want) in lead(ask("How many enquiries has nobody answered yet?"))
    want = truth(dsn, "SELECT count(*) FROM box.survey WHERE answered_at IS NULL")
    assert bold(want) in lead(ask("How many surveys were left unanswered?"))


def test_an_event_time_runs_from_the_rows_start(ask, dsn):
    want = truth(dsn, "SELECT round(avg(extract(epoch FROM first_reply_at - opened_at) / 60)::numeric, 2) "
                      "FROM box.enquiry")
    assert bold(want) in lead(ask("What is the average first-reply time of enquiries, in minutes?"))


def test_hours_from_minutes_worked(ask, dsn):
    want = truth(dsn, """SELECT round(sum(mins) / 60.0, 2) FROM box."Shift"
                         WHERE "WorkedOn" >= '2024-01-01' AND "WorkedOn" < '2025-01-01'""")
    assert str(want) in lead(ask("How many hours did ushers work in 2024?"))
    top = truth(dsn, """SELECT p."GivenName" || ' ' || p."FamilyName" FROM box."Shift" s
                        JOIN box."Party" p ON p."PartyID" = s."UsherID"
                        WHERE "WorkedOn" >= '2024-01-01' AND "WorkedOn" < '2025-01-01'
                        GROUP BY p."PartyID" ORDER BY sum(mins) DESC LIMIT 1""")
    assert top in ask("Which usher worked the most hours in 2024?")


def test_a_measure_its_comment_opens_with_and_no_sum_of_keys(ask, dsn):
    want = truth(dsn, "SELECT sum(attn_cnt) FROM box.gala WHERE held_on >= '2024-01-01' AND held_on < '2025-01-01'")
    assert bold(want) in lead(ask("What was the total attendance at galas in 2024?"))
    text = ask("How many surveys have enquirers answered in total?")
    assert "sum(t.enq_id)" not in text and "sum_enq_id" not in text


def test_over_is_a_preposition_not_high():
    from agent.planner.glossary import stem

    assert stem("higher") == stem("above") and stem("over") != stem("high")  # "came in over the telephone"


def test_times_and_once_say_how_often(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM box.enquiry WHERE reopen_cnt > 2")
    assert bold(want) in lead(ask("How many enquiries were reopened more than 2 times?"))  # not the time_log table
    want = truth(dsn, "SELECT count(*) FROM box.enquiry WHERE reopen_cnt >= 1")
    text = ask("How many enquiries have been reopened by the customer at least once?")
    assert bold(want) in lead(text) and "stat_cd" not in text  # who reopened them, not 'W' = waiting on customer


def test_currently_is_no_end_date_and_a_comments_trailing_current_names_nothing(ask, dsn):
    want = truth(dsn, """SELECT count(DISTINCT "UsherID") FROM box.post WHERE area = 'Stalls' AND end_on IS NULL""")
    text = ask("How many ushers currently work in the Stalls area?")
    assert bold(want) in lead(text) and "contract" not in text  # "currently" names no 'current information' table


def test_a_language_named_for_its_iso_code(ask, dsn):
    want = truth(dsn, """SELECT count(*) FROM box."Show" WHERE "Lang" = 'ger'""")
    assert bold(want) in lead(ask("How many shows are performed in German?"))


def test_the_measure_after_average_and_lines_that_got_one(ask, dsn):
    want = truth(dsn, 'SELECT round(avg(100 * "UnitPriceDiscount"), 2) FROM box."BookingLine" WHERE "UnitPriceDiscount" > 0')
    text = ask("On booking lines that got a discount, what was the average discount, as a percentage?")
    assert bold(want) in lead(text)  # the discount (a fraction), only where there is one


def test_the_longest_wait_reads_its_words_no_status_takes_them(ask, dsn):
    want = truth(dsn, "SELECT round(max(extract(epoch FROM first_reply_at - opened_at) / 60)::numeric, 2) FROM box.enquiry")
    text = ask("What was the longest a customer had to wait for the first reply to an enquiry, in minutes?")
    assert f"**{float(want):g}**" in lead(text) and "stat_cd" not in text  # not 'W' = waiting on customer


def test_a_status_reached_in_a_window_is_read_from_its_history(ask, dsn):
    want = truth(dsn, """SELECT count(DISTINCT ref_id) FROM box.refund_hist WHERE new_stat = 'A'
                         AND changed_at >= '2024-06-01' AND changed_at < '2024-07-01'""")
    assert bold(want) in lead(ask("How many refunds were approved in June 2024?"))
    want = truth(dsn, "SELECT count(*) FROM box.refund WHERE requested_at >= '2024-06-01' AND requested_at < '2024-07-01'")
    assert bold(want) in lead(ask("How many refunds were requested in June 2024?"))  # the refund's own time


def test_still_employed_when_the_tables_comment_says_employed(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM box.staff WHERE left_on IS NULL")
    assert bold(want) in lead(ask("How many staff are still employed?"))


def test_a_flag_named_by_an_abbreviated_part(ask, dsn):
    want = truth(dsn, 'SELECT count(*) FROM box."Party" WHERE mkt_opt_in')
    assert bold(want) in lead(ask("How many parties agreed to receive marketing e-mails?"))  # mkt_opt_in
    text = ask("What percentage of shows are performed in English?")
    assert "mkt_opt_in" not in text and "OnlineFlag" not in text  # "percentage" is abbreviated by no flag's part


def test_codes_explained_on_the_enum_type_and_blocked_is_no_lock(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM box.seat WHERE state = 'BRK'")
    text = ask("How many seats are blocked at the moment?")
    assert bold(want) in lead(text) and "pg_locks" not in text  # the type's comment says what BRK means


def test_a_code_written_after_a_tables_word_finds_its_column(ask, dsn):
    code = truth(dsn, "SELECT card_no FROM box.patron WHERE patron_id = 4321")
    want = truth(dsn, "SELECT count(*) FROM box.visit v JOIN box.patron p USING (patron_id) WHERE p.card_no = "
                      "(SELECT card_no FROM box.patron WHERE patron_id = 4321)")
    assert bold(want) in lead(ask(f"How many visits were made on patron {code}?"))  # card_no, through the numeric key
    ref = truth(dsn, "SELECT voucher_ref FROM box.voucher WHERE voucher_ref ~ '^[0-9]+[A-F]' ORDER BY 1 LIMIT 1")
    text = ask(f"What is the face value of voucher {ref}?")  # digits, then letters: a code too
    assert f"voucher_ref = '{ref}'" in text, text


def test_a_missing_key_of_a_jsonb_column(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM box.patron WHERE contact->>'email' IS NULL")
    assert bold(want) in lead(ask("How many patrons have no e-mail address in their contact details?"))

"""Readings from the misses of the twenty-fifth session's first runs, on a schema of their own (a small printing
press that sells to bookshops): a ranking by a numeric column two foreign keys below the subject ("top 3
publishers by total selling price": the lines' selling prices, not the publisher's own price guide); the doer of a
table comment's "who" verb names it ("shops who buy from us": buyers); "biggest buyers by number of invoices" is a
ranking, not a count; "before VAT" / "VAT included" / "excluding VAT" choose the net or net + tax amount, and
"before" compares no columns; "Invoice date" is an invoice's own date when no column is named; "overdue invoices"
are past due and unpaid; "how much have we paid couriers for deliveries" sums the deliveries' cost; "from the day
we received the order to the day the dispatch went out" ends on the dispatch's own time, not on the column whose
comment says when it is due; "failed quality check" is the passed flag false; "when did we last hold a fair" is one
held, not one booked ahead; "so far this year" stops at now; "staff who have left the firm" have a last day, though
its comment says "NULL = still with the firm"; "accounts that don't have a rep assigned" for "NULL when no sales rep is
assigned", "still waiting on a signed contract"; "our three busiest job operators, by number of jobs run" ranks the staff job.operator_id points to, no
grouping; "ignore jobs that were cancelled" leaves them out; "jobs not scheduled into a run yet" (run_id IS NULL) join
no run whose status 'RUN' would leave none; "current list price" is unit_prc ("List price per test"), though "list"
alone asks for a list and price_id has "price" in its name; "how far above the list price did a line's selling price
come in" is the line's price less its title's; "how much did we pay out on publisher statements in 2024" sums the amount payable
(not a commission, comm_amt) by the date paid; "which staff member entered the most sale lines" counts them (entered_by is
a key, no number to add up); "paid late, how many days past the due date were they paid" is paid_on − due_on over the
late ones; "jobs that went out after their due date": the day of the time the due date's comment names (dispatched_at,
"Date the dispatch is due"), not its time of day. Figures against independent SQL."""
from __future__ import annotations

import re

try:
    from tests.planner_db import lead, schema_fixtures, truth
except ImportError:  # tests/ not a package
    from planner_db import lead, schema_fixtures, truth

DB = "dbc_unseen_press"
SCHEMA = """
CREATE SCHEMA press;
CREATE TABLE press.publisher (pub_id int PRIMARY KEY, pub_nm text NOT NULL);
COMMENT ON TABLE press.publisher IS 'Publishers whose books we print';
CREATE TABLE press.pub_terms (terms_id serial PRIMARY KEY, pub_id int NOT NULL REFERENCES press.publisher,
    valid_from date NOT NULL, guide_pr numeric(8,2) NOT NULL);
COMMENT ON TABLE press.pub_terms IS 'Trade terms agreed with a publisher, one row per revision';
COMMENT ON COLUMN press.pub_terms.guide_pr IS 'Guide price for a typical hardback, GBP';
CREATE TABLE press.title (title_id int PRIMARY KEY, pub_id int NOT NULL REFERENCES press.publisher, title_nm text NOT NULL);
CREATE TABLE press.acct (acct_id int PRIMARY KEY, shop_nm text NOT NULL);
COMMENT ON TABLE press.acct IS 'Trade accounts of bookshops who order and buy from us';
ALTER TABLE press.acct ADD COLUMN rep_id int;
COMMENT ON COLUMN press.acct.rep_id IS 'Employee who is the sales rep for this account; NULL when no sales rep is assigned';
CREATE TABLE press.invoice (inv_id int PRIMARY KEY, acct_id int NOT NULL REFERENCES press.acct,
    bill_mon date NOT NULL, issued_on date NOT NULL, due_on date NOT NULL, net_amt numeric(10,2) NOT NULL,
    vat_amt numeric(10,2) NOT NULL, paid_on date);
COMMENT ON TABLE press.invoice IS 'Buyer invoices: one per account per month';
COMMENT ON COLUMN press.invoice.bill_mon IS 'First day of the month whose orders are billed';
COMMENT ON COLUMN press.invoice.issued_on IS 'Invoice date (the 5th of the following month)';
COMMENT ON COLUMN press.invoice.net_amt IS 'Total before VAT, GBP';
COMMENT ON COLUMN press.invoice.vat_amt IS 'VAT, GBP';
COMMENT ON COLUMN press.invoice.paid_on IS 'Date the payment came in; NULL = unpaid';
CREATE TABLE press.sale_line (line_id serial PRIMARY KEY, title_id int NOT NULL REFERENCES press.title,
    sold_on date NOT NULL, qty int NOT NULL, sell_amt numeric(10,2) NOT NULL);
COMMENT ON COLUMN press.sale_line.sell_amt IS 'Selling price of the line, GBP';
CREATE TABLE press.courier (courier_id int PRIMARY KEY, courier_nm text NOT NULL);
COMMENT ON TABLE press.courier IS 'Couriers we send parcels with';
CREATE TABLE press.supplier (sup_id int PRIMARY KEY, sup_nm text NOT NULL, credit_lim numeric(8,2) NOT NULL);
COMMENT ON TABLE press.supplier IS 'Supplier companies we buy paper and ink from';
INSERT INTO press.supplier VALUES (1, 'Paper Mill', 5000), (2, 'Inkworks', 2500);
CREATE TABLE press.delivery (dlv_id serial PRIMARY KEY, courier_id int NOT NULL REFERENCES press.courier,
    sent_on date NOT NULL, cost_amt numeric(8,2) NOT NULL);
COMMENT ON TABLE press.delivery IS 'Deliveries of parcels to shops';
COMMENT ON COLUMN press.delivery.cost_amt IS 'Amount the courier charged, GBP';
CREATE TABLE press.job (job_id serial PRIMARY KEY, rcvd_at timestamp NOT NULL, due_dt date NOT NULL,
    dispatched_at timestamp, chk_ok boolean);
COMMENT ON TABLE press.job IS 'Print jobs';
COMMENT ON COLUMN press.job.rcvd_at IS 'When the order was received';
COMMENT ON COLUMN press.job.due_dt IS 'Date the dispatch is due (agreed with the customer)';
COMMENT ON COLUMN press.job.dispatched_at IS 'When the job was dispatched; NULL = not yet';
COMMENT ON COLUMN press.job.chk_ok IS 'Quality check passed; NULL = not checked yet';
INSERT INTO press.publisher SELECT g, 'Publisher ' || g FROM generate_series(1, 12) g;
ALTER TABLE press.publisher ADD COLUMN contract_no text;
COMMENT ON COLUMN press.publisher.contract_no IS 'Signed contract number; NULL = contract not received yet';
UPDATE press.publisher SET contract_no = 'C' || pub_id WHERE pub_id % 4 <> 0;
INSERT INTO press.pub_terms (pub_id, valid_from, guide_pr)
SELECT 1 + g % 12, date '2022-01-01' + g * 20, 10 + (g * 37) % 90 FROM generate_series(1, 60) g;
INSERT INTO press.title SELECT g, 1 + (g * 7) % 12, 'Title ' || g FROM generate_series(1, 200) g;
ALTER TABLE press.title ADD COLUMN list_pr numeric(6,2);
COMMENT ON COLUMN press.title.list_pr IS 'List price per copy, GBP';
UPDATE press.title SET list_pr = 5 + title_id % 20;
INSERT INTO press.sale_line (title_id, sold_on, qty, sell_amt)
SELECT 1 + (g * 13) % 200, date '2023-01-01' + g % 700, 1 + g % 9, 5 + (g * 31) % 400 FROM generate_series(1, 6000) g;
INSERT INTO press.acct SELECT g, 'Shop ' || g, CASE WHEN g % 5 <> 0 THEN g % 4 END FROM generate_series(1, 30) g;
INSERT INTO press.invoice
SELECT g, least(30, 1 + g % 41), m, m + interval '1 month 4 days', m + interval '2 months',
       100 + (g * 53) % 4000, round((100 + (g * 53) % 4000) * 0.2, 2),
       CASE WHEN g % 7 = 0 THEN NULL ELSE (m + interval '1 month 20 days')::date + g % 25 END
FROM generate_series(1, 720) g, LATERAL (SELECT (date '2023-01-01' + ((g % 23) || ' months')::interval)::date AS m) x;
INSERT INTO press.courier VALUES (1, 'Swift'), (2, 'Parcel Co'), (3, 'Red Van');
INSERT INTO press.delivery (courier_id, sent_on, cost_amt)
SELECT 1 + g % 3, date '2023-06-01' + g % 500, 4 + (g * 17) % 30 FROM generate_series(1, 1500) g;
INSERT INTO press.job (rcvd_at, due_dt, dispatched_at, chk_ok)
SELECT timestamp '2024-01-02 09:00' + g * interval '7 hours', date '2024-01-06' + g / 3,
       timestamp '2024-01-02 09:00' + g * interval '7 hours' + (2 + g % 9) * interval '1 day', g % 6 <> 0
FROM generate_series(1, 900) g;
CREATE TABLE press.fair (fair_id serial PRIMARY KEY, city text NOT NULL, held_on date NOT NULL);
COMMENT ON TABLE press.fair IS 'Book fairs we take a stand at (booked ahead)';
INSERT INTO press.fair (city, held_on)
SELECT (ARRAY['Leeds', 'York', 'Bath'])[1 + g % 3], date '2023-02-01' + g * 17 FROM generate_series(1, 40) g;
INSERT INTO press.fair (city, held_on) VALUES ('Leeds', '2031-03-02'), ('York', '2031-05-09');
CREATE TABLE press.royalty (roy_id serial PRIMARY KEY, pub_id int NOT NULL REFERENCES press.publisher,
    comm_amt numeric(10,2) NOT NULL, fees_amt numeric(10,2) NOT NULL, net_due numeric(10,2) NOT NULL, due_dt date NOT NULL,
    paid_dt date);
COMMENT ON TABLE press.royalty IS 'Statements of what we owe a publisher for the copies sold';
COMMENT ON COLUMN press.royalty.comm_amt IS 'Our commission deducted, GBP';
COMMENT ON COLUMN press.royalty.fees_amt IS 'Warehouse fees deducted, GBP';
COMMENT ON COLUMN press.royalty.net_due IS 'Amount payable to the publisher, GBP';
COMMENT ON COLUMN press.royalty.due_dt IS 'Payment due (30 days after the statement)';
COMMENT ON COLUMN press.royalty.paid_dt IS 'Date we paid the publisher; NULL = not paid yet';
INSERT INTO press.royalty (pub_id, comm_amt, fees_amt, net_due, due_dt, paid_dt)
SELECT 1 + g % 12, 10 + g % 50, 2 + g % 9, 100 + (g * 41) % 900, date '2023-10-20' + g * 3,
       CASE WHEN g % 5 <> 0 THEN date '2023-11-05' + g * 3 END FROM generate_series(1, 200) g;
CREATE TABLE press.staff (staff_id int PRIMARY KEY, full_nm text NOT NULL, left_on date);
COMMENT ON COLUMN press.staff.left_on IS 'Last working day; NULL = still with the firm';
INSERT INTO press.staff SELECT g, 'Printer ' || g, CASE WHEN g % 4 = 0 THEN date '2023-01-01' + g END
FROM generate_series(1, 24) g;
ALTER TABLE press.job ADD COLUMN operator_id int REFERENCES press.staff, ADD COLUMN sts_cd char(1) NOT NULL DEFAULT 'D';
COMMENT ON COLUMN press.job.sts_cd IS 'D = done, X = cancelled (by the customer)';
CREATE TABLE press.print_run (run_id int PRIMARY KEY, sts_cd char(3) NOT NULL);
COMMENT ON TABLE press.print_run IS 'Press runs: jobs printed together on one press';
COMMENT ON COLUMN press.print_run.sts_cd IS 'RUN = running, END = finished';
INSERT INTO press.print_run SELECT g, CASE WHEN g % 3 = 0 THEN 'RUN' ELSE 'END' END FROM generate_series(1, 40) g;
ALTER TABLE press.job ADD COLUMN run_id int REFERENCES press.print_run;
COMMENT ON COLUMN press.job.run_id IS 'Press run the job is printed in; NULL = not scheduled yet';
UPDATE press.job SET run_id = CASE WHEN job_id % 7 <> 0 THEN 1 + job_id % 40 END;
ALTER TABLE press.sale_line ADD COLUMN entered_by int REFERENCES press.staff;
UPDATE press.sale_line SET entered_by = 1 + (line_id * 7 + line_id / 13) % 24;
UPDATE press.job SET operator_id = 1 + (job_id * job_id) % 23, sts_cd = CASE WHEN job_id % 10 = 0 THEN 'X' ELSE 'D' END;
ANALYZE;
"""

dsn, ask = schema_fixtures(DB, SCHEMA)


def _sql(text: str) -> str:
    return text.split("```sql")[-1]


def _figure(text: str) -> float:
    """The figure an answer leads with."""
    return float(re.search(r"\*\*(-?[\d,]+(?:\.\d+)?)(?: %)?\*\*", lead(text)).group(1).replace(",", ""))


def test_ranked_by_a_named_column_two_keys_below(ask, dsn):
    want = truth(dsn, "SELECT p.pub_nm FROM press.sale_line s JOIN press.title t USING (title_id) JOIN press.publisher p "
                      "USING (pub_id) WHERE s.sold_on >= '2024-01-01' AND s.sold_on < '2025-01-01' GROUP BY p.pub_nm "
                      "ORDER BY sum(s.sell_amt) DESC LIMIT 1")
    text = ask("Who were our top 3 publishers by total selling price in 2024?")
    assert f"| {want} |" in text.split("```")[0], text
    assert "sum(c0.sell_amt)" in _sql(text) and "guide_pr" not in _sql(text), text


def test_the_doer_of_a_who_verb_names_the_table_and_by_number_of_ranks(ask, dsn):
    want = truth(dsn, "SELECT a.shop_nm FROM press.invoice i JOIN press.acct a USING (acct_id) GROUP BY a.shop_nm "
                      "ORDER BY count(*) DESC LIMIT 1")
    text = ask("Who were our three biggest buyers by number of invoices?")
    assert "press.acct" in _sql(text) and "count(*)" in _sql(text), text
    assert text.split("```")[0].split("\n")[6].startswith(f"| 30 | {want} |"), text


def test_before_vat_is_the_net_amount_and_compares_nothing(ask, dsn):
    want = truth(dsn, "SELECT sum(net_amt) FROM press.invoice WHERE issued_on >= '2024-01-01' AND issued_on < '2025-01-01'")
    text = ask("What was the total of the invoices we issued in 2024, before VAT?")
    assert _figure(text) == float(want) and " < " not in _sql(text).split("WHERE")[-1].replace("issued_on <", ""), text
    want = truth(dsn, "SELECT sum(net_amt + vat_amt) FROM press.invoice WHERE issued_on >= '2024-01-01' "
                      "AND issued_on < '2025-01-01'")
    assert _figure(ask("What was the total of the invoices we issued in 2024, VAT included?")) == float(want)


def test_an_invoice_date_is_the_invoices_own_and_excluding_vat_ranks_money(ask, dsn):
    want = truth(dsn, "SELECT a.shop_nm FROM press.invoice i JOIN press.acct a USING (acct_id) WHERE i.issued_on >= "
                      "'2023-01-01' AND i.issued_on < '2024-01-01' GROUP BY a.shop_nm ORDER BY sum(i.net_amt) DESC LIMIT 1")
    text = ask("Which account did we invoice the most in 2023, excluding VAT?")
    assert want in text.split("```")[0] and "issued_on" in _sql(text) and "net_amt" in _sql(text), text


def test_overdue_invoices_are_past_due_and_unpaid(ask, dsn):
    text = ask("How much is owed on overdue invoices, VAT included?")
    assert "paid_on IS NULL" in _sql(text) and "due_on <" in _sql(text) and "vat_amt" in _sql(text), text


def test_what_was_paid_for_is_summed_not_the_payee(ask, dsn):
    want = truth(dsn, "SELECT sum(cost_amt) FROM press.delivery WHERE sent_on >= '2024-01-01' AND sent_on < '2025-01-01'")
    text = ask("How much have we paid outside companies for parcel deliveries in 2024?")
    assert _figure(text) == float(want), text


def test_a_span_ends_on_the_column_its_name_says(ask, dsn):
    want = truth(dsn, "SELECT round(avg(dispatched_at::date - rcvd_at::date), 2) FROM press.job")
    text = ask("On average, how many calendar days from the day we received the order to the day the dispatch went out?")
    assert _figure(text) == float(want) and "dispatched_at" in _sql(text), text


def test_failed_names_a_passed_flag_false(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM press.job WHERE NOT chk_ok")
    text = ask("How many print jobs failed quality check?")
    assert f"**{want}**" in lead(text), text


def test_when_did_we_last_is_one_held_not_one_booked_ahead(ask, dsn):
    want = truth(dsn, "SELECT max(held_on) FROM press.fair WHERE city = 'Leeds' AND held_on <= now()")
    text = ask("When did we last hold a fair in Leeds?")
    assert str(want) in lead(text) and "2031" not in lead(text), text


def test_so_far_this_year_stops_at_now():
    from agent.planner import time_window

    w = time_window("How many auctions have we held so far this year?")
    assert w.high is not None and "current_date + 1" in w.high.as_string(None), w
    assert time_window("How many auctions are there this year?").high is None


def test_have_left_the_firm_is_a_last_day_set_though_null_means_still_with_it(ask, dsn):
    text = ask("Which of our staff have left the firm?")
    assert "left_on IS NOT NULL" in _sql(text) and "6 row(s)" in text, text


def test_dont_have_a_rep_assigned_is_the_null_its_comment_means(ask, dsn):
    text = ask("How many accounts don't have a rep assigned?")
    assert "**6**" in lead(text) and "rep_id IS NULL" in _sql(text), text
    text = ask("How many publishers are we still waiting on a signed contract from?")
    assert "**3**" in lead(text) and "contract_no IS NULL" in _sql(text), text


def test_five_busiest_operators_by_number_of_jobs_rank_the_staff_a_key_points_to(ask, dsn):
    want = truth(dsn, "SELECT s.full_nm FROM press.job j JOIN press.staff s ON s.staff_id = j.operator_id WHERE j.sts_cd <> 'X' "
                      "GROUP BY s.full_nm ORDER BY count(*) DESC, s.full_nm LIMIT 1")
    text = ask("Who were our three busiest job operators, by number of jobs run? Ignore jobs that were cancelled.")
    assert "press.staff" in _sql(text) and "sts_cd IS DISTINCT FROM 'X'" in _sql(text), text
    assert f"| {want} |" in text.split("```")[0], text


def test_a_key_the_question_says_is_null_joins_no_parent(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM press.job WHERE run_id IS NULL")
    text = ask("How many jobs haven't been scheduled into a run yet?")
    assert f"**{want}**" in lead(text) and "JOIN" not in _sql(text), text



def test_a_comment_phrase_that_opens_with_an_asking_word_names_its_column():
    from agent.planner.linking import column_word, words
    from toolkits.catalog import Column, Table

    prices = Table("fin", "price_list", "r", pk="price_id", comment="List price per test by method", columns={
        "price_id": Column("price_id", "integer"), "unit_prc": Column("unit_prc", "numeric", comment="List price per test, GBP")})
    assert column_word(prices, words("current list price")) == ("unit_prc", 1)  # not price_id, by "price" alone


def test_how_far_above_a_parents_column_is_the_facts_less_it(ask, dsn):
    want = truth(dsn, "SELECT round(avg(s.sell_amt - t.list_pr), 2) FROM press.sale_line s JOIN press.title t USING (title_id)")
    text = ask("On average, how far above the list price did a sale line's selling price come in?")
    assert _figure(text) == float(want), text


def test_what_we_paid_out_is_the_amount_payable_by_its_paid_date(ask, dsn):
    want = truth(dsn, "SELECT sum(net_due) FROM press.royalty WHERE paid_dt >= '2024-01-01' AND paid_dt < '2025-01-01'")
    text = ask("How much did we pay out on publisher statements in 2024?")
    assert _figure(text) == float(want), text


def test_a_key_a_verb_names_is_no_number_to_rank_by(ask, dsn):
    want = truth(dsn, "SELECT s.full_nm FROM press.sale_line l JOIN press.staff s ON s.staff_id = l.entered_by "
                      "GROUP BY s.full_nm ORDER BY count(*) DESC LIMIT 1")
    text = ask("Which staff member entered the most sale lines?")
    assert "sum(" not in _sql(text) and f"| {want} |" in text.split("```")[0], text


def test_how_many_days_past_the_due_date_is_a_span_not_a_comparison(ask, dsn):
    want = truth(dsn, "SELECT round(avg(paid_on - due_on), 2) FROM press.invoice WHERE issued_on >= '2024-01-01' "
                      "AND issued_on < '2025-01-01' AND paid_on > due_on")
    text = ask("For invoices issued in 2024 that were paid late, how many days past the due date were they paid on average?")
    assert _figure(text) == float(want), text


def test_after_their_due_date_compares_the_day_of_the_time_the_due_dates_comment_names(ask, dsn):
    want = truth(dsn, "SELECT round(100.0 * count(*) FILTER (WHERE dispatched_at::date > due_dt) / count(*), 2) FROM press.job")
    text = ask("What percentage of print jobs went out after their due date?")
    assert _figure(text) == float(want) and "dispatched_at::date > t.due_dt" in _sql(text).replace('"', ""), text



def test_taking_to_pay_names_no_window_column_but_we_paid_does():
    from agent.planner.linking import time_column, words
    from toolkits.catalog import Column, Table

    inv = Table("trade", "invoice", "r", pk="inv_id", columns={
        "inv_id": Column("inv_id", "integer"), "inv_dt": Column("inv_dt", "date", nullable=False),
        "paid_dt": Column("paid_dt", "date", comment="NULL = unpaid")})
    ws = words("On average, how many days are pubs taking to pay our invoices this year?")
    assert time_column(inv, ws, ws.index("this"))[0] == "inv_dt"  # the span's end, not the window's column
    ws = words("How much did we pay out to consignors last month?")
    assert time_column(inv, ws, ws.index("last"))[0] == "paid_dt"

"""The parser on a small trading schema nothing in agent/ names: words a comment gives a code that also name a
server tool ("blocked"), negations that belong to a meaning ("never verified", "not usable"), "at least one",
0/1 flags, years written before what they date and halves of a year, places stored under another name
("United Kingdom" for 'UK', "French", "Munich" for 'München'), late deliveries, a line's discount, and a worth
ranked two keys away. Every figure is checked against independent SQL."""
from __future__ import annotations

try:
    from tests.planner_db import bold, lead, schema_fixtures, truth
except ImportError:  # tests/ not a package
    from planner_db import bold, lead, schema_fixtures, truth

from agent.planner.linking import time_window
from agent.planner.places import other_names

DB = "dbc_unseen_trade"
SCHEMA = """
CREATE TABLE grp (grp_id int PRIMARY KEY, grp_name text NOT NULL);
CREATE TABLE ware (ware_id int PRIMARY KEY, ware_name text NOT NULL, grp_id int NOT NULL REFERENCES grp,
                   list_price real NOT NULL, retired int NOT NULL DEFAULT 0);
COMMENT ON COLUMN ware.retired IS '1 = ware no longer offered, 0 = on offer';
CREATE TABLE buyer (buyer_id int PRIMARY KEY, buyer_name text NOT NULL, nation varchar(15) NOT NULL,
                    town text NOT NULL, acct_sts int NOT NULL, id_checked_at timestamp);
COMMENT ON COLUMN buyer.acct_sts IS 'Account: 0 = pending, 1 = checked, 9 = blocked for abuse';
COMMENT ON COLUMN buyer.id_checked_at IS 'When the identity card was checked; NULL = identity never checked';
COMMENT ON COLUMN buyer.town IS 'Town, local spelling';
CREATE TABLE deal (deal_id int PRIMARY KEY, buyer_id int NOT NULL REFERENCES buyer, placed_on date NOT NULL,
                   required_on date NOT NULL, dispatched_on date, freight real NOT NULL);
CREATE TABLE deal_line (deal_id int NOT NULL REFERENCES deal, ware_id int NOT NULL REFERENCES ware,
                        unit_price real NOT NULL, quantity int NOT NULL, discount real NOT NULL,
                        PRIMARY KEY (deal_id, ware_id));
COMMENT ON COLUMN deal_line.discount IS 'Discount as a fraction of the line price (0.1 = 10 %)';
CREATE TABLE fault (fault_id int PRIMARY KEY, deal_id int NOT NULL REFERENCES deal, severity int NOT NULL);
COMMENT ON COLUMN fault.severity IS '1 = cosmetic, 2 = partly working, 3 = ware not usable';
INSERT INTO grp VALUES (1, 'Tools'), (2, 'Paint'), (3, 'Garden');
INSERT INTO ware SELECT g, 'Ware ' || g, 1 + g % 3, 5 + (g * 7) % 40 + 0.25, CASE WHEN g % 6 = 0 THEN 1 ELSE 0 END
FROM generate_series(1, 30) g;
INSERT INTO buyer SELECT g, 'Buyer ' || g, (ARRAY['UK', 'USA', 'France', 'Germany'])[1 + g % 4],
       (ARRAY['München', 'Lyon', 'Leeds', 'Köln', 'Boston'])[1 + g % 5],
       CASE WHEN g % 11 = 0 THEN 9 WHEN g % 3 = 0 THEN 0 ELSE 1 END,
       CASE WHEN g % 7 = 0 THEN NULL ELSE timestamp '2024-01-01' + g * interval '1 day' END
FROM generate_series(1, 400) g;
INSERT INTO deal SELECT g, 1 + (g * 13) % 400, date '2024-01-01' + (g % 540), date '2024-01-01' + (g % 540) + 7,
       CASE WHEN g % 17 = 0 THEN NULL ELSE date '2024-01-01' + (g % 540) + (g % 11) END, 3 + (g % 50) * 0.7
FROM generate_series(1, 3000) g;
INSERT INTO deal_line SELECT d, 1 + (d * k) % 30, 5 + (d * k) % 40 + 0.25, 1 + (d + k) % 9, ((d + k) % 4) * 0.05
FROM generate_series(1, 3000) d, generate_series(1, 3) k ON CONFLICT DO NOTHING;
INSERT INTO fault SELECT g, 1 + (g * 7) % 3000, 1 + g % 3 FROM generate_series(1, 500) g;
ALTER TABLE ware ADD COLUMN ware_sts char(1) NOT NULL DEFAULT 'A', ADD COLUMN maker text;
COMMENT ON COLUMN ware.ware_sts IS 'Current state: A = available, R = reserved, W = in the workshop';
UPDATE ware SET ware_sts = CASE WHEN ware_id % 5 = 0 THEN 'W' WHEN ware_id % 7 = 0 THEN 'R' ELSE 'A' END,
                maker = CASE WHEN ware_id % 2 = 0 THEN 'Acme' ELSE (ARRAY['Zenith', 'Orbit', 'Nimbus', 'Vertex', 'Quill',
                        'Halcyon', 'Juniper', 'Kestrel', 'Lumen', 'Marlow', 'Nettle', 'Osprey', 'Pallas', 'Rowan',
                        'Sable'])[(ware_id + 1) / 2] END;
CREATE TABLE repair_job (job_id int PRIMARY KEY, ware_id int NOT NULL REFERENCES ware, opened_at timestamp NOT NULL);
COMMENT ON TABLE repair_job IS 'Workshop jobs per ware';
INSERT INTO repair_job SELECT g, 1 + g % 30, timestamp '2024-01-01' + g * interval '3 days' FROM generate_series(1, 90) g;
ALTER TABLE repair_job ADD COLUMN closed_at timestamp, ADD COLUMN job_kind char(3);
COMMENT ON COLUMN repair_job.job_kind IS 'PNT = repainting, FIX = mechanical fix';
UPDATE repair_job SET job_kind = CASE WHEN job_id % 3 = 0 THEN 'PNT' ELSE 'FIX' END,
                      closed_at = opened_at + (job_id % 17 + 2) * interval '1 hour';
CREATE TABLE shop (shop_id int PRIMARY KEY, city text NOT NULL);
INSERT INTO shop VALUES (1, 'Leeds'), (2, 'Lyon'), (3, 'Boston');
ALTER TABLE deal ADD COLUMN start_shop_id int REFERENCES shop, ADD COLUMN end_shop_id int REFERENCES shop;
UPDATE deal SET start_shop_id = CASE WHEN deal_id % 7 < 4 THEN 2 ELSE 1 + deal_id % 3 END, end_shop_id = 1 + (deal_id + 1) % 3;
CREATE TABLE hire (hire_id int PRIMARY KEY, ware_id int NOT NULL REFERENCES ware, hired_at timestamp NOT NULL);
COMMENT ON TABLE hire IS 'Rentals: one row per rental of a ware';
INSERT INTO hire SELECT g, 1 + (g * g) % 30, timestamp '2024-01-01' + g * interval '5 hours' FROM generate_series(1, 2000) g;
CREATE TABLE clerk (clerk_id int PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL);
INSERT INTO clerk VALUES (1, 'Jon', 'Stephens'), (2, 'Mike', 'Hillyer');
ALTER TABLE buyer ADD COLUMN first_name text;
UPDATE buyer SET first_name = (ARRAY['STEPHEN', 'MARY', 'JON', 'ANNA'])[1 + buyer_id % 4];
ALTER TABLE clerk ADD COLUMN boss_id int REFERENCES clerk;
INSERT INTO clerk VALUES (3, 'Ada', 'Lovell', 1), (4, 'Ida', 'Brook', 3);
UPDATE clerk SET boss_id = 1 WHERE clerk_id = 2;
CREATE TABLE clerk_shop (clerk_id int REFERENCES clerk, shop_id int REFERENCES shop, PRIMARY KEY (clerk_id, shop_id));
COMMENT ON TABLE clerk_shop IS 'Which shops each clerk covers';
INSERT INTO clerk_shop VALUES (1, 1), (1, 2), (3, 2), (3, 3), (4, 1);
ALTER TABLE deal ADD COLUMN clerk_id int REFERENCES clerk;
UPDATE deal SET clerk_id = CASE WHEN deal_id % 5 = 0 THEN NULL ELSE 1 + deal_id % 2 END;
COMMENT ON COLUMN deal.clerk_id IS 'Clerk who booked it; NULL = booked directly through the web shop';
ALTER TABLE buyer ADD COLUMN email text, ADD COLUMN pay_freq char(1);
COMMENT ON COLUMN buyer.pay_freq IS 'Billing frequency: A = annual, Q = quarterly, M = monthly';
UPDATE buyer SET email = CASE WHEN buyer_id % 6 = 0 THEN NULL ELSE 'b' || buyer_id || '@example.org' END,
                 pay_freq = (ARRAY['A', 'Q', 'M'])[1 + buyer_id % 3];
ALTER TABLE fault ADD COLUMN fixed_on date, ADD COLUMN cost numeric(8,2), ADD COLUMN stage int;
COMMENT ON COLUMN fault.fixed_on IS 'Date the fault was closed; NULL = still open';
COMMENT ON COLUMN fault.stage IS '10 = logged, 20 = being assessed, 30 = approved awaiting repair, 40 = repaired';
UPDATE fault SET fixed_on = CASE WHEN fault_id % 4 = 0 THEN NULL ELSE date '2024-06-01' + fault_id END,
                 cost = 10 + fault_id % 90, stage = 10 * (1 + fault_id % 4);
CREATE TABLE bin (b_binkey int PRIMARY KEY, b_label text NOT NULL);
INSERT INTO bin VALUES (1, 'North'), (2, 'South'), (3, 'Annex');
CREATE TABLE lot (lt_lotkey int PRIMARY KEY, lt_binkey int NOT NULL, lt_quantity int NOT NULL,
                  lt_extendedprice numeric(10,2) NOT NULL, lt_discount numeric(4,2) NOT NULL, lt_shipdate date NOT NULL);
INSERT INTO lot SELECT g, 1 + g % 3, 1 + g % 7, (1 + g % 7) * (10 + g % 13), (g % 5) * 0.02, date '2024-01-01' + g % 500
FROM generate_series(1, 2000) g;
CREATE TABLE kind_ref (kind_cd char(3) PRIMARY KEY, kind_name text NOT NULL);
INSERT INTO kind_ref VALUES ('HAM', 'Hammer'), ('SAW', 'Saw'), ('DRL', 'Drill');
ALTER TABLE ware ADD COLUMN kind_cd char(3) REFERENCES kind_ref, ADD COLUMN scrapped_on date, ADD COLUMN serial_no text;
COMMENT ON COLUMN ware.scrapped_on IS 'Date scrapped; NULL = alive';
UPDATE ware SET kind_cd = (ARRAY['HAM', 'SAW', 'DRL'])[1 + ware_id % 3],
                scrapped_on = CASE WHEN ware_id % 8 = 0 THEN date '2025-01-01' END,
                serial_no = CASE WHEN ware_id % 3 = 0 THEN NULL ELSE 'SN' || ware_id END;
CREATE TABLE orders (order_no int PRIMARY KEY, placed date NOT NULL);
INSERT INTO orders SELECT g, date '2024-01-01' + g FROM generate_series(1, 101) g;
CREATE TABLE order_line (order_no int NOT NULL REFERENCES orders, line_no int NOT NULL, quantityordered int NOT NULL,
                         priceeach numeric(8,2) NOT NULL, PRIMARY KEY (order_no, line_no));
INSERT INTO order_line SELECT 1 + g / 4, g % 4, 1 + g % 5, 3 + g % 11 FROM generate_series(1, 400) g;
CREATE TABLE appt (appt_id int PRIMARY KEY, st int NOT NULL, left_on date);
COMMENT ON COLUMN appt.st IS '0 = booked, 2 = completed, 4 = DNA (did not attend, no-show)';
INSERT INTO appt SELECT g, (ARRAY[0, 2, 4])[1 + g % 3], CASE WHEN g % 5 = 0 THEN date '2025-01-01' END
FROM generate_series(1, 300) g;
CREATE TABLE shop_site (site_id int PRIMARY KEY, town text NOT NULL, opened_on date NOT NULL);
INSERT INTO shop_site VALUES (1, 'Driffield', '2023-04-03'), (2, 'Malton', '2019-09-01');
CREATE TABLE outlet (site_id int PRIMARY KEY, state char(2) NOT NULL, company text);
INSERT INTO outlet SELECT g, (ARRAY['CA', 'NY', 'TX', 'ON'])[1 + g % 4], CASE WHEN g % 3 = 0 THEN 'Co ' || g END
FROM generate_series(1, 200) g;
CREATE TABLE clip (clip_id int PRIMARY KEY, title text NOT NULL, milliseconds int NOT NULL);
INSERT INTO clip SELECT g, 'Clip ' || g, 60000 + (g * 7919) % 400000 FROM generate_series(1, 150) g;
CREATE TABLE till_entry (entry_no int PRIMARY KEY, amt numeric(8,2) NOT NULL, voided boolean NOT NULL);
INSERT INTO till_entry SELECT g, 5 + g % 37, g % 9 = 0 FROM generate_series(1, 300) g;
CREATE TABLE vendor (v_vendorkey int PRIMARY KEY, v_name text NOT NULL);
INSERT INTO vendor SELECT g, 'Vendor#' || lpad(g::text, 9, '0') FROM generate_series(1, 400) g;
CREATE TABLE shipline (sl_linekey int PRIMARY KEY, sl_vendorkey int NOT NULL, sl_prio text NOT NULL,
                       sl_returnflag char(1) NOT NULL, sl_shipdate date NOT NULL, sl_receiptdate date NOT NULL,
                       sl_discount numeric(4,2) NOT NULL, sl_comment text NOT NULL);
COMMENT ON COLUMN shipline.sl_returnflag IS 'Return flag: R = returned, A = accepted (not returned)';
COMMENT ON COLUMN shipline.sl_discount IS 'Discount as a fraction (0.05 = 5 %)';
INSERT INTO shipline SELECT g, 1 + g % 400, (ARRAY['1-URGENT', '2-HIGH', '3-LOW'])[1 + g % 3],
       CASE WHEN g % 4 = 0 THEN 'R' ELSE 'A' END, date '2024-01-01' + g % 300, date '2024-01-01' + g % 300 + g % 9,
       (g % 6) * 0.01, (ARRAY['through quiet deposits', 'about the bold accounts'])[1 + g % 2]
FROM generate_series(1, 3000) g;
ANALYZE;
"""


dsn, ask = schema_fixtures(DB, SCHEMA)


def test_a_code_word_that_also_names_a_server_tool_is_data(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM buyer WHERE acct_sts = 9")
    assert bold(want) in lead(ask("How many buyers are blocked for abuse?"))
    text = ask("Who is connected to the database right now, and is anyone waiting on a lock?")
    assert "run_sql" not in text and "SELECT count(*) FROM buyer" not in text


def test_a_negation_the_meaning_itself_holds(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM buyer WHERE id_checked_at IS NULL")
    text = ask("How many buyers have never had their identity card checked?")
    assert bold(want) in lead(text) and "acct_sts" not in lead(text)  # "checked" is the NULL's, not the code 1's
    want = truth(dsn, "SELECT count(*) FROM fault WHERE severity = 3")
    assert bold(want) in lead(ask("How many faults left the ware not usable?"))


def test_at_least_one_is_no_ranking(ask, dsn):
    want = truth(dsn, "SELECT count(DISTINCT buyer_id) FROM deal WHERE placed_on >= '2025-01-01' AND placed_on < '2025-07-01'")
    assert bold(want) in lead(ask("How many different buyers placed at least one deal in the first half of 2025?"))


def test_an_average_of_a_real_column_and_a_year_before_what_it_dates(ask, dsn):
    want = truth(dsn, "SELECT round(avg(freight)::numeric, 2) FROM deal WHERE placed_on >= '2024-01-01' AND placed_on < '2025-01-01'")
    assert bold(want) in lead(ask("What was the average freight on 2024 deals?"))


def test_a_flag_kept_as_zero_or_one(ask, dsn):
    assert bold(truth(dsn, "SELECT count(*) FROM ware WHERE retired = 1")) in lead(ask("How many wares are retired?"))
    assert bold(truth(dsn, "SELECT count(*) FROM ware WHERE retired = 0")) in lead(ask("How many wares are not retired?"))


def test_places_under_another_name(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM buyer WHERE nation = 'UK'")
    assert bold(want) in lead(ask("How many buyers are based in the United Kingdom?"))
    want = truth(dsn, "SELECT count(*) FROM buyer WHERE nation = 'France'")
    assert bold(want) in lead(ask("How many French buyers do we have?"))
    want = truth(dsn, "SELECT count(*) FROM buyer WHERE town = 'München'")
    assert bold(want) in lead(ask("How many buyers live in Munich?"))


def test_after_the_date_a_later_word_names(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM deal WHERE dispatched_on > required_on")
    assert bold(want) in lead(ask("How many deals were dispatched after the date the buyer required them?"))
    assert bold(truth(dsn, "SELECT count(*) FROM buyer WHERE email IS NULL")) in lead(
        ask("How many buyers don't have an email address?"))


def test_late_is_after_the_time_it_was_due(ask, dsn):
    want = truth(dsn, """SELECT round(100.0 * count(*) FILTER (WHERE dispatched_on > required_on) / count(*), 2) FROM deal
                         WHERE placed_on >= '2024-01-01' AND placed_on < '2025-01-01'""")
    assert f"{want}" in lead(ask("What percentage of the deals placed in 2024 were dispatched late?"))


def test_a_lines_worth_less_its_discount(ask, dsn):
    net = truth(dsn, """SELECT sum(l.quantity * l.unit_price::numeric * (1 - l.discount::numeric)) FROM deal_line l
                        JOIN deal d USING (deal_id) WHERE d.placed_on >= '2024-01-01' AND d.placed_on < '2025-01-01'""")
    text = lead(ask("What was the total revenue in 2024 after discounts?"))
    assert f"{net:.2f}" in text
    gross = truth(dsn, """SELECT sum(l.quantity * l.unit_price) FROM deal_line l JOIN deal d USING (deal_id)
                          WHERE d.placed_on >= '2024-01-01' AND d.placed_on < '2025-01-01'""")
    assert f"{gross:.2f}"[:6] in lead(ask("What was the total revenue in 2024 before discounts?"))


def test_worth_and_units_ranked_two_keys_away(ask, dsn):
    want = truth(dsn, """SELECT g.grp_name FROM deal_line l JOIN ware w USING (ware_id) JOIN grp g USING (grp_id)
                         JOIN deal d USING (deal_id) WHERE d.placed_on >= '2024-01-01' AND d.placed_on < '2025-01-01'
                         GROUP BY g.grp_name ORDER BY sum(l.quantity * l.unit_price::numeric * (1 - l.discount::numeric)) DESC LIMIT 1""")
    assert want in ask("Which ware grp brought in the most revenue in 2024?")


def test_a_state_a_comment_names_is_no_table(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM ware WHERE ware_sts = 'W'")
    assert bold(want) in lead(ask("How many wares are in the workshop right now?"))


def test_grouped_by_a_parent_through_the_key_the_question_names(ask, dsn):
    want = truth(dsn, """SELECT s.city FROM deal d JOIN shop s ON s.shop_id = d.start_shop_id
                         WHERE d.placed_on >= '2024-01-01' AND d.placed_on < '2025-01-01' GROUP BY s.city ORDER BY count(*) DESC LIMIT 1""")
    text = ask("In which city did the most deals start in 2024?")
    assert "start_shop_id" in text and want in text


def test_counted_rows_named_by_their_tables_comment(ask, dsn):
    want = truth(dsn, """SELECT g.grp_name FROM hire h JOIN ware w USING (ware_id) JOIN grp g USING (grp_id)
                         GROUP BY g.grp_name ORDER BY count(*) DESC LIMIT 1""")
    text = ask("Which grp was rented most often?")
    assert "hire" in text and want in text


def test_values_of_a_small_table_beyond_the_common_ones(ask, dsn):
    assert bold(truth(dsn, "SELECT count(*) FROM ware WHERE maker = 'Kestrel'")) in lead(ask("How many wares does Kestrel make?"))


def test_a_proper_name_is_not_read_in_the_singular(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM deal WHERE clerk_id = 1")
    assert bold(want) in lead(ask("How many deals did Jon Stephens handle?"))


def test_a_rows_parent_and_children_in_its_own_table(ask):
    text = ask("Who is Ada Lovell's boss?")
    assert "Jon Stephens" in text and "Brook" not in text  # the person as named, first name first
    text = ask("Which clerks report directly to Jon Stephens?")
    assert "Hillyer" in text and "Lovell" in text and "Brook" not in text


def test_rows_a_bridge_links_to_a_named_row(ask):
    text = ask("Which shops does Ada Lovell cover?")
    assert "Lyon" in text and "Boston" in text and "Leeds" not in text and "clerk_shop" in text


def test_how_many_hours_an_event_a_code_names_lasts(ask, dsn):
    want = truth(dsn, "SELECT round(avg(extract(epoch FROM closed_at - opened_at) / 3600)::numeric, 2) FROM repair_job "
                      "WHERE job_kind = 'PNT'")
    text = ask("On average, how many hours does a repainting keep a ware in the workshop?")
    assert bold(want) in lead(text) and "ware_sts" not in text  # the jobs' own word filters no ware


def test_when_a_named_row_last_had_an_event(ask, dsn):
    want = truth(dsn, "SELECT max(h.hired_at) FROM hire h JOIN ware w USING (ware_id) WHERE w.maker = 'Halcyon'")
    assert want.strftime("%Y-%m-%d") in lead(ask("When was the Halcyon ware last hired?"))
    want = truth(dsn, "SELECT min(d.placed_on) FROM deal_line l JOIN deal d USING (deal_id) JOIN ware w USING (ware_id) "
                      "WHERE w.maker = 'Halcyon'")
    assert want.strftime("%Y-%m-%d") in lead(ask("When was the Halcyon ware first dealt?"))


def test_the_most_expensive_row_by_its_price(ask, dsn):
    want = truth(dsn, "SELECT ware_name FROM ware ORDER BY list_price DESC, ware_id LIMIT 1")
    assert want in ask("What is the most expensive ware?")


def test_a_null_the_question_names_and_one_it_does_not(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM deal WHERE clerk_id IS NULL")
    assert bold(want) in lead(ask("How many deals were booked directly through the web shop rather than by a clerk?"))
    text = ask("How many deals were booked per clerk?")
    assert "IS NULL" not in text  # "booked" alone does not name "NULL = booked directly through the web shop"
    want = truth(dsn, "SELECT sum(cost)::int FROM fault WHERE fixed_on IS NULL")
    assert bold(want) in lead(ask("What is the total outstanding cost of open faults?"))  # "outstanding" denies nothing
    assert bold(truth(dsn, "SELECT count(*) FROM buyer WHERE email IS NULL")) in lead(
        ask("How many buyers have no email address on file?"))


def test_a_code_word_that_is_no_bucket_or_grouping(ask, dsn):
    assert bold(truth(dsn, "SELECT count(*) FROM buyer WHERE pay_freq = 'M'")) in lead(ask("How many buyers pay monthly?"))
    text = ask("How much freight did we charge on 2024 deals by the web shop?")
    assert "GROUP BY" not in text


def test_a_ranking_leaves_out_rows_linked_to_none(ask, dsn):
    want = truth(dsn, "SELECT c.last_name FROM deal d JOIN clerk c USING (clerk_id) GROUP BY c.last_name ORDER BY count(*) DESC LIMIT 1")
    assert want in ask("Which clerk has booked the most deals?")


def test_a_numeric_code_asked_about(ask):
    assert "approved awaiting repair" in ask("What does stage 30 mean on a fault?")


def test_a_setting_named_as_it_is_beside_words_of_another_tool(ask):
    text = ask("How much memory can a sort or hash use before spilling to disk (work_mem)?")
    assert "**settings** (work_mem)" in text


def test_a_setting_named_in_words():
    from toolkits.catalog import setting_named

    names = ["max_connections", "work_mem", "shared_buffers", "max_wal_size"]
    assert setting_named("What is the maximum number of connections the server allows?", names) == "max_connections"
    assert setting_named("How many connections are open right now?", names) is None


def test_columns_under_a_table_prefix_and_words_run_together(ask, dsn):
    want = truth(dsn, "SELECT sum(lt_extendedprice * (1 - lt_discount)) FROM lot WHERE lt_shipdate >= '2024-01-01' "
                      "AND lt_shipdate < '2025-01-01'")
    assert f"{want:.2f}" in lead(ask("What was the total revenue after discount of lots shipped in 2024?"))
    want = truth(dsn, "SELECT b.b_label FROM lot l JOIN bin b ON b.b_binkey = l.lt_binkey GROUP BY b.b_label "
                      "ORDER BY sum(l.lt_quantity) DESC LIMIT 1")
    assert want in ask("Which bin holds the most units?")  # lt_binkey → bin.b_binkey, said to be a guess


def test_name_parts_of_prefixed_and_run_together_names():
    from agent.planner.linking import bare, name_parts

    assert name_parts("l_shipdate") == ["l", "shipdate", "ship", "date"]
    assert name_parts("o_totalprice") == ["o", "totalprice", "total", "price"]
    assert name_parts("description") == ["description"] and name_parts("UnitPrice") == ["unit", "price"]
    assert bare("ps_supplycost") == "supplycost" and bare("ac_id") == "ac_id"


def test_a_table_named_in_words_run_together_and_its_codes(ask, dsn):
    assert bold(truth(dsn, "SELECT count(*) FROM shipline WHERE sl_returnflag = 'R'")) in lead(
        ask("How many ship lines were returned?"))  # "returned" names R, not A "(not returned)"
    assert bold(truth(dsn, "SELECT count(*) FROM shipline WHERE sl_prio = '1-URGENT'")) in lead(
        ask("How many urgent ship lines are there?"))
    want = truth(dsn, "SELECT round(avg(sl_receiptdate - sl_shipdate), 2) FROM shipline")
    assert f"**{float(want):g}**" in lead(ask("On average, how many days pass between shipping and receipt for ship lines?"))
    want = truth(dsn, "SELECT round(100 * avg(sl_discount), 2) FROM shipline")
    assert f"**{want}**" in lead(ask("What was the average discount, in percent, on ship lines?"))


def test_a_name_tagged_with_a_number_and_free_text_named_by_nothing(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM shipline WHERE sl_vendorkey = 7")
    text = ask("How many ship lines did Vendor#000000007 send through the year?")
    assert bold(want) in lead(text) and "sl_comment" not in text


def test_things_of_a_kind_a_lookup_table_names(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM ware WHERE kind_cd = 'HAM'")
    assert bold(want) in lead(ask("How many hammers do we have?"))  # wares of that kind, not the lookup row
    want = truth(dsn, "SELECT count(*) FROM ware WHERE kind_cd = 'SAW' AND scrapped_on IS NULL AND serial_no IS NULL")
    assert bold(want) in lead(ask("How many living saws have no serial number?"))  # "living" for "NULL = alive"


def test_a_lines_worth_from_words_run_together(ask, dsn):
    want = truth(dsn, "SELECT sum(quantityordered * priceeach)::int FROM order_line WHERE order_no = 42")
    assert bold(want) in lead(ask("What is the total value of order 42?"))


def test_another_name_a_meaning_gives_in_parentheses(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM appt WHERE st = 4")
    assert bold(want) in lead(ask("How many appointments were no-shows?"))


def test_a_short_word_that_is_a_date_columns_name_and_the_date_of_a_named_row(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM appt WHERE left_on IS NOT NULL")
    assert bold(want) in lead(ask("How many appointments have left?"))
    want = truth(dsn, "SELECT opened_on FROM shop_site WHERE town = 'Driffield'")
    assert want.strftime("%Y-%m-%d") in lead(ask("On what date did our Driffield site open?"))


def test_a_state_by_its_name_a_length_of_time_and_a_share_with_a_value(ask, dsn):
    assert bold(truth(dsn, "SELECT count(*) FROM outlet WHERE state = 'CA'")) in lead(
        ask("How many outlets are in California?"))
    want = truth(dsn, "SELECT round(avg(milliseconds) / 60000.0, 2) FROM clip")
    assert bold(want) in lead(ask("What is the average length of a clip, in minutes?"))
    assert truth(dsn, "SELECT title FROM clip ORDER BY milliseconds DESC LIMIT 1") in ask("What is the longest clip?")
    want = truth(dsn, "SELECT round(100.0 * count(company) / count(*), 2) FROM outlet")
    assert f"{float(want):g} %" in lead(ask("What percentage of outlets have a company name on file?"))


def test_a_ranking_names_people_as_they_are_called(ask):
    assert "Jon Stephens" in ask("Which clerk has booked the most deals?")


def test_a_flag_left_out_in_so_many_words_and_an_amount_abbreviated(ask, dsn):
    want = truth(dsn, "SELECT sum(amt)::int FROM till_entry WHERE NOT voided")
    assert bold(want) in lead(ask("How much money did we take in, not counting voided till entries?"))
    assert bold(truth(dsn, "SELECT count(*) FROM till_entry WHERE NOT voided")) in lead(
        ask("How many till entries are there, leaving out voided ones?"))


def test_groups_through_two_keys_and_groups_with_more_than_n_rows(ask, dsn):
    want = truth(dsn, "SELECT count(*) FROM deal_line l JOIN ware w USING (ware_id) JOIN grp g USING (grp_id) "
                      "WHERE g.grp_name = 'Paint'")
    text = ask("How many deal lines are there per grp?")  # deal_line → ware → grp
    assert "Paint" in text and f"| {want} |" in text
    text = ask("Which towns have more than 79 buyers?")
    for town in ("München", "Lyon", "Leeds", "Köln", "Boston"):
        assert (town in text) == (truth(dsn, f"SELECT count(*) FROM buyer WHERE town = '{town}'") > 79)
    assert "HAVING count(*) > 79" in text


def test_an_average_of_each_groups_total(ask, dsn):
    want = truth(dsn, "SELECT round(avg(n), 2) FROM (SELECT deal_id, sum(quantity) AS n FROM deal_line GROUP BY deal_id) x")
    assert bold(want) in lead(ask("What is the average total quantity per deal?"))
    want = truth(dsn, "SELECT round(avg(n), 2) FROM (SELECT buyer_id, count(*) AS n FROM deal GROUP BY buyer_id) x")
    assert bold(want) in lead(ask("What is the average number of deals per buyer?"))


def test_time_windows_in_words():
    assert time_window("orders in the first half of 2025").phrase == "first half of 2025"
    assert time_window("H2 2024 sales").phrase == "h2 2024"
    assert time_window("the average freight on 2024 orders") is not None
    assert time_window("customers with more than 2000 orders") is None
    assert time_window("the top 5 of 2000 products") is None


def test_other_names_of_places():
    assert "united kingdom" in other_names("UK") and "british" in other_names("UK")
    assert "united states" in other_names("USA") and "us" not in other_names("USA")  # a code is a word too
    assert "munich" in other_names("München") and "munchen" in other_names("München")
    assert "münchen" in other_names("Munich")
    assert other_names("Warehouse 3") == ()
    assert "new york city" in other_names("NYC")


def test_the_statement_run_the_most_times_is_ordered_by_calls():
    from toolkits.postgres.tools_workload import plan_top_queries
    from toolkits.tool import Ask

    for q in ("Which SQL statement has been executed the most times on this database?", "which query ran most often?"):
        assert plan_top_queries(Ask(q)).args["order_by"] == "calls", q
    assert plan_top_queries(Ask("which queries are the slowest on average?")).args["order_by"] == "mean_time"

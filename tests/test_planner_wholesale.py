"""Readings from the misses of the twenty-third session's run, on a schema of their own (a book wholesaler): "which
suppliers short-shipped a delivery last month" lists each supplier once with how many (not every delivery), and
with a measure when it asks for the highest; "which UK customers have an order on hold" reads the orders' own
values; "top 5 customers by payments received" ranks by the money, not the number of payments; the data's today
read on a partitioned table's parent; "not counting the ones we refunded"; a number compared with ("more than 15
times", "20 or more", "the top 4") is no value of a text column; "for their September deliveries"; "e-book" for a
table named ebook_sale; "their MOT due before the end of November" (the column named in two words, the coming
November); "the 2024 season" of a season column; a fee is what a row is worth, a refund amount is not; "off sick" (no
code 'OFF'); "the current standard trade price for a paperback of Lantern" (the row valid today, of the value that
starts with the name and says the other word); "been on hold for more than 30 days". Pure
functions over catalog objects."""
from __future__ import annotations

import datetime as dt

from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table


def _wholesale() -> Catalog:
    publisher = Table("trade", "publisher", "r", pk="pub_id", comment="Publishers we buy from", columns={
        "pub_id": Column("pub_id", "integer"), "pub_nm": Column("pub_nm", "text", values=["Fenwick Press", "Oxbow"])})
    shop = Table("trade", "shop", "r", pk="shop_ref", comment="Bookshops we supply", columns={
        "shop_ref": Column("shop_ref", "text"), "addr_l1": Column("addr_l1", "text", values=["15", "20", "4", "7"]),
        "country": Column("country", "text", values=["UK", "IE", "FR"])})
    order = Table("trade", "sales_order", "r", pk="ord_id", comment="Orders from bookshops", columns={
        "ord_id": Column("ord_id", "integer"), "shop_ref": Column("shop_ref", "text"),
        "ord_dt": Column("ord_dt", "date", nullable=False),
        "ord_st": Column("ord_st", "char(1)", values=["H", "S", "C"], comment="H = on hold, S = shipped, C = cancelled")},
        fks=[("shop_ref", "shop", "shop_ref")])
    payment = Table("trade", "payment", "r", pk="pay_id", comment="Payments received from bookshops", columns={
        "pay_id": Column("pay_id", "integer"), "shop_ref": Column("shop_ref", "text"),
        "paid_dt": Column("paid_dt", "date", nullable=False), "amount": Column("amount", "numeric(10,2)")},
        fks=[("shop_ref", "shop", "shop_ref")])
    delivery = Table("trade", "delivery", "r", pk="dlv_id", comment="Deliveries from publishers", columns={
        "dlv_id": Column("dlv_id", "integer"), "pub_id": Column("pub_id", "integer"),
        "dlv_dt": Column("dlv_dt", "date", nullable=False), "freight_cost": Column("freight_cost", "numeric(8,2)"),
        "dlv_stat": Column("dlv_stat", "char(1)", values=["F", "S"],
                           comment="F = in full, S = short-shipped (fewer copies than ordered)")},
        fks=[("pub_id", "publisher", "pub_id")])
    visit = Table("trade", "rep_visit", "r", pk="visit_id", comment="Sales rep visits to bookshops", columns={
        "visit_id": Column("visit_id", "integer"), "shop_ref": Column("shop_ref", "text"),
        "visit_dt": Column("visit_dt", "date", nullable=False)}, fks=[("shop_ref", "shop", "shop_ref")])
    ebook = Table("trade", "ebook_sale", "r", pk="sale_id", comment="", columns={
        "sale_id": Column("sale_id", "integer"), "sold_at": Column("sold_at", "timestamptz", nullable=False)})
    ret = Table("trade", "return_log", "p", pk="ret_id", comment="Books sent back by shops", columns={
        "ret_id": Column("ret_id", "integer"), "ret_dt": Column("ret_dt", "date", nullable=False)})
    ret24 = Table("trade", "return_log_2024", "r", partition_of="return_log", columns=dict(ret.columns))
    van = Table("trade", "van", "r", pk="van_id", comment="Our delivery vans", columns={
        "van_id": Column("van_id", "integer"), "reg_no": Column("reg_no", "text"),
        "first_reg": Column("first_reg", "date", nullable=False), "mot_due": Column("mot_due", "date")})
    refund = Table("trade", "sub", "r", pk="sub_id", comment="Standing-order subscriptions", columns={
        "sub_id": Column("sub_id", "integer"), "paid_dt": Column("paid_dt", "date", nullable=False),
        "fee": Column("fee", "numeric(8,2)"), "season": Column("season", "smallint", nullable=False),
        "refund_amt": Column("refund_amt", "numeric(8,2)"),
        "st_cd": Column("st_cd", "char(1)", values=["A", "X"], comment="A = active, X = cancelled and refunded")})
    title = Table("trade", "title", "r", pk="sku", comment="Titles we stock", columns={
        "sku": Column("sku", "text"),
        "title_desc": Column("title_desc", "text", values=["Lantern Tales hardback", "Lantern Tales paperback",
                                                           "Lantern Tales boxed gift set"])})
    price = Table("trade", "price_item", "r", pk="pi_id", comment="Trade prices of each title over time", columns={
        "pi_id": Column("pi_id", "integer"), "sku": Column("sku", "text"),
        "unit_price": Column("unit_price", "numeric(8,2)"), "valid_from": Column("valid_from", "date", nullable=False),
        "valid_to": Column("valid_to", "date", comment="NULL = the current price")}, fks=[("sku", "title", "sku")])
    shift = Table("trade", "shift", "r", pk="shift_id", comment="Warehouse staff shifts", columns={
        "shift_id": Column("shift_id", "integer"), "shift_dt": Column("shift_dt", "date", nullable=False),
        "area_cd": Column("area_cd", "char(3)", values=["PIK", "OFF"], comment="PIK = picking, OFF = office"),
        "shift_st": Column("shift_st", "char(1)", values=["W", "S"], comment="W = worked, S = off sick")})
    defect = Table("trade", "van_defect", "r", pk="defect_id", comment="Defects reported on our vans", columns={
        "defect_id": Column("defect_id", "integer"), "van_id": Column("van_id", "integer"),
        "rpt_dt": Column("rpt_dt", "date", nullable=False)}, fks=[("van_id", "van", "van_id")])
    van.columns["fleet_nm"] = Column("fleet_nm", "text")
    return Catalog({t.name: t for t in (publisher, shop, order, payment, delivery, visit, ebook, ret, ret24, van,
                                         refund, title, price, shift, defect)})


def test_which_parents_did_something_lists_each_parent_once_with_how_many():
    sql = build_query("Which publishers short-shipped a delivery last month?", _wholesale()).sql
    assert sql.startswith("SELECT w_pub.pub_id, w_pub.pub_nm AS publisher, count(*) AS delivery_rows FROM "
                          "trade.delivery t JOIN trade.publisher w_pub"), sql
    assert "t.dlv_stat = 'S'" in sql and "GROUP BY w_pub.pub_id ORDER BY 3 DESC" in sql, sql


def test_which_parents_had_the_highest_measure_sums_it_per_parent():
    sql = build_query("Which 3 publishers had the highest freight costs for deliveries in 2024?", _wholesale()).sql
    assert "freight_cost) AS total_freight_cost" in sql and "LIMIT 3" in sql and "count(" not in sql, sql
    assert ".dlv_dt >= '2024-01-01'::date" in sql, sql


def test_a_listing_reads_the_values_of_the_child_it_names():
    sql = build_query("Which UK shops currently have an order on hold?", _wholesale()).sql
    assert "FROM trade.sales_order t JOIN trade.shop w_sho" in sql, sql
    assert "t.ord_st = 'H'" in sql and "= 'UK'" in sql, sql


def test_top_customers_by_payments_ranks_by_the_money_received():
    sql = build_query("Who were our top 5 shops by payments received in 2024?", _wholesale()).sql
    assert "sum(r.amount)" in sql and "count(*)" not in sql, sql
    sql = build_query("Which shop made the most payments in 2024?", _wholesale()).sql
    assert "count(*)" in sql, sql  # "the most payments": how many


def test_a_partitioned_tables_dates_are_read_on_its_parent_for_the_data_clock():
    from toolkits.postgres.catalog import data_clock

    rows = [("trade", "return_log", "ret_dt", ["2023-01-02", "2024-10-16"], None),
            ("trade", "return_log_2024", "ret_dt", ["2024-01-02", "2024-10-16"], None),
            ("trade", "sales_order", "ord_dt", ["2023-01-02", "2024-10-15"], None)]
    assert data_clock(rows, _wholesale(), dt.date(2026, 11, 29)) == ("return_log", "ret_dt", "2024-10-16")


def test_not_counting_the_ones_is_an_exclusion():
    sql = build_query("How much money did subscriptions bring in during 2024, not counting the ones we refunded?",
                      _wholesale()).sql
    assert "t.st_cd IS DISTINCT FROM 'X'" in sql and "sum(t.fee)" in sql, sql


def test_a_compared_number_is_no_value_and_bounds_how_many_rows():
    sql = build_query("Which shops have had a rep visit more than 15 times this year?", _wholesale()).sql
    assert "addr_l1 = '15'" not in sql and "HAVING count(*) > 15" in sql, sql
    assert sql.startswith("SELECT w_sho.shop_ref AS shop, count(*)"), sql
    sql = build_query("Which shops had 20 or more rep visits in 2024?", _wholesale()).sql
    assert "addr_l1 = '20'" not in sql and "HAVING count(*) >= 20" in sql, sql
    sql = build_query("Which were the top 4 shops for rep visits in 2024?", _wholesale()).sql
    assert "'4'" not in sql, sql


def test_a_month_after_their():
    sql = build_query("How many orders were on hold for their September deliveries?", _wholesale()).sql
    assert "- 9 + 12) % 12" in sql, sql


def test_a_hyphenated_word_names_the_table_it_is_glued_into():
    q = build_query("How many e-book sales did we make last month?", _wholesale())
    assert q.table == "ebook_sale", q.sql


def test_a_due_date_named_in_two_words_and_the_coming_month():
    sql = build_query("Which vans have their MOT due before the end of November?", _wholesale()).sql
    assert "t.mot_due < date_trunc('month', now()) + make_interval(months => ((11 - extract(month FROM now())::int"\
           " + 12) % 12)) + interval '1 month'" in sql, sql
    sql = build_query("How many vans were first registered before the end of November?", _wholesale()).sql
    assert "now())::int - 11 + 12) % 12)" in sql, sql  # a past event: the latest November


def test_a_year_said_with_a_whole_number_columns_word_is_its_value_and_a_refund_is_no_worth():
    sql = build_query("How much money did we take for subscriptions for the 2024 season, not counting the ones we "
                      "refunded?", _wholesale()).sql
    assert sql == ("SELECT sum(t.fee) AS sum_fee FROM trade.sub t WHERE t.season = 2024 AND t.st_cd IS DISTINCT FROM 'X'"), sql


def test_off_in_a_phrasal_verb_is_no_code():
    sql = build_query("How many shifts have people been off sick this year?", _wholesale()).sql
    assert "t.shift_st = 'S'" in sql and "'OFF'" not in sql, sql


def test_the_current_price_of_a_value_named_by_its_first_word_and_another_it_says():
    sql = build_query("What's the current standard trade price for a paperback of Lantern?", _wholesale()).sql
    assert sql.startswith("SELECT t.sku, t.unit_price FROM trade.price_item t"), sql
    assert "= 'Lantern Tales paperback'" in sql, sql
    assert "t.valid_from <= current_date AND (t.valid_to IS NULL OR t.valid_to >= current_date)" in sql, sql


def test_a_code_whose_meaning_opens_with_a_number():
    from agent.planner.glossary import meanings

    col = Column("fmt_cd", "char(3)", values=["FIR", "K30", "K50"],
                 comment="Format: FIR firkin cask (9 gal, 40.9 L), K30 30 L keg, K50 50 L keg")
    got = {m.code: m.said for m in meanings(col)}
    assert got == {"FIR": "firkin cask (9 gal, 40.9 L)", "K30": "30 L keg", "K50": "50 L keg"}, got


def test_a_column_the_question_asks_to_see_is_shown_beside_the_name():
    sql = build_query("Which van had the most defects reported in 2023? Give me the registration.", _wholesale()).sql
    assert "e.fleet_nm, e.reg_no" in sql, sql


def test_a_listing_of_every_record_is_no_list_of_parents():
    sql = build_query("List every delivery from a publisher that was short-shipped last month.", _wholesale()).sql
    assert "count(*)" not in sql and "FROM trade.delivery t" in sql, sql


def test_been_in_a_state_for_more_than_n_days_is_its_start_that_long_ago():
    sql = build_query("Which orders have been on hold for more than 30 days since they were ordered?", _wholesale()).sql
    assert "t.ord_dt < current_date - '30 days'::interval" in sql and "t.ord_st = 'H'" in sql, sql

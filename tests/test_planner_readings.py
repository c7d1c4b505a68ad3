"""Readings that generalise from the unseen sets' misses (sixteenth session), each on a schema of its own: a negation
over joined values, inflections that are not other words, names that are also words, "current" on a history whose
open end is a far date, a count of the one row a name names, percentages of a NULL, groupings a comment names, a
figure for each row of a table, and CamelCase audit columns. Pure functions over catalog objects."""
from __future__ import annotations

from agent.planner.filters import excluded
from agent.planner.linking import words
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table


def _at(ws: list[str], w: str) -> int:
    return ws.index(w)


def test_a_negation_reaches_the_values_joined_to_the_first():
    ws = words("How many orders are still open, not cancelled or rejected?")
    assert excluded(ws, _at(ws, "cancelled")) and excluded(ws, _at(ws, "rejected"))
    ws = words("Total sales leaving out cancelled and rejected orders")
    assert excluded(ws, _at(ws, "rejected"))
    ws = words("How many cancelled or rejected orders?")
    assert not excluded(ws, _at(ws, "cancelled")) and not excluded(ws, _at(ws, "rejected"))


def _orders() -> Catalog:
    orders = Table("sales", "orders", "r", pk="order_id", comment="Customer orders", columns={
        "order_id": Column("order_id", "integer"), "placed_on": Column("placed_on", "date", nullable=False),
        "status": Column("status", "text", values=["OPEN", "CANCELLED", "REJECTED", "SHIPPED"]),
        "channel": Column("channel", "text", values=["COUNTY", "ONLINE"]),
        "total": Column("total", "numeric(12,2)")})
    return Catalog({"orders": orders})


def test_both_joined_values_are_left_out_of_the_count():
    sql = build_query("How many orders are not cancelled or rejected?", _orders()).sql
    assert "IS DISTINCT FROM 'CANCELLED'" in sql and "IS DISTINCT FROM 'REJECTED'" in sql, sql
    assert "= 'REJECTED'" not in sql.replace("FROM 'REJECTED'", ""), sql


def test_a_word_is_no_value_that_only_begins_with_it():
    sql = build_query("How many orders were placed in 2024? Don't count the rejected ones.", _orders()).sql
    assert "COUNTY" not in sql, sql  # "count" is no 'COUNTY'
    assert "'SHIPPED'" in build_query("How many orders have shipped?", _orders()).sql  # an inflection still is


def _members() -> Catalog:
    member = Table("club", "member", "r", pk="member_id", comment="Club members", columns={
        "member_id": Column("member_id", "integer"), "last_name": Column("last_name", "text", values=["Day", "Price", "Smith"]),
        "joined_on": Column("joined_on", "date", nullable=False)})
    return Catalog({"member": member})


def test_a_surname_that_is_also_a_word_is_read_only_when_written_as_a_name():
    sql = build_query("How many members joined per day in March 2024?", _members()).sql
    assert "'Day'" not in sql, sql
    assert "'Day'" in build_query("How many members are called Day?", _members()).sql


def _history() -> Catalog:
    emp = Table("public", "employees", "r", pk="emp_no", comment="One row per employee ever hired", columns={
        "emp_no": Column("emp_no", "integer"), "first_name": Column("first_name", "text"),
        "hire_date": Column("hire_date", "date", nullable=False)})
    dept = Table("public", "departments", "r", pk="dept_no", comment="Company departments", columns={
        "dept_no": Column("dept_no", "text"), "dept_name": Column("dept_name", "text", values=["Sales", "Finance"])})
    dept_emp = Table("public", "dept_emp", "r", comment="Department assignment history of employees", rows=330000,
                     columns={"emp_no": Column("emp_no", "integer"), "dept_no": Column("dept_no", "text"),
                              "from_date": Column("from_date", "date", nullable=False),
                              "to_date": Column("to_date", "date", nullable=False)},
                     fks=[("emp_no", "employees", "emp_no"), ("dept_no", "departments", "dept_no")])
    dept_manager = Table("public", "dept_manager", "r", comment="Department manager history", rows=24,
                         columns={"emp_no": Column("emp_no", "integer"), "dept_no": Column("dept_no", "text"),
                                  "from_date": Column("from_date", "date", nullable=False),
                                  "to_date": Column("to_date", "date", nullable=False)},
                         fks=[("emp_no", "employees", "emp_no"), ("dept_no", "departments", "dept_no")])
    salaries = Table("public", "salaries", "r", comment="Yearly salary history of employees", columns={
        "emp_no": Column("emp_no", "integer"), "salary": Column("salary", "integer"),
        "from_date": Column("from_date", "date", nullable=False), "to_date": Column("to_date", "date", nullable=False)},
        fks=[("emp_no", "employees", "emp_no")])
    return Catalog({"employees": emp, "departments": dept, "dept_emp": dept_emp, "dept_manager": dept_manager,
                    "salaries": salaries})


def test_current_on_a_history_whose_open_end_is_a_far_date_is_an_end_after_today():
    sql = build_query("What is the average current salary?", _history()).sql
    assert "avg(t.salary)" in sql and "t.to_date > current_date" in sql, sql


def test_a_count_of_the_one_row_a_name_names_counts_what_refers_to_it():
    sql = build_query("How many people currently work in the Sales department?", _history()).sql
    assert "FROM dept_emp t" in sql and "'Sales'" in sql and "to_date > current_date" in sql, sql
    sql = build_query("How many departments are there?", _history()).sql
    assert "FROM departments t" in sql, sql  # no name, no one named row: the table itself


def test_a_percentage_of_rows_whose_column_is_set_keeps_the_other_filters_as_the_population():
    posts = Table("qa", "posts", "r", pk="post_id", comment="Questions and answers", columns={
        "post_id": Column("post_id", "integer"), "created_on": Column("created_on", "date", nullable=False),
        "accepted_id": Column("accepted_id", "integer", comment="Accepted answer. NULL = no accepted answer")})
    sql = build_query("What percentage of the posts created in 2022 have an accepted answer?", Catalog({"posts": posts})).sql
    assert "FILTER (WHERE t.accepted_id IS NOT NULL)" in sql and "2022-01-01" in sql.split("FILTER")[1], sql


def test_a_grouping_may_name_its_table_with_a_word_of_the_tables_comment():
    district = Table("permit", "district", "r", pk="district_id", comment="City council districts", columns={
        "district_id": Column("district_id", "integer"), "district_name": Column("district_name", "text")})
    parcel = Table("permit", "parcel", "r", pk="parcel_id", comment="Land parcels", columns={
        "parcel_id": Column("parcel_id", "integer"), "district_id": Column("district_id", "integer")},
        fks=[("district_id", "district", "district_id")])
    app = Table("permit", "permit_app", "r", pk="app_id", comment="Permit applications", columns={
        "app_id": Column("app_id", "integer"), "parcel_id": Column("parcel_id", "integer"),
        "issued_on": Column("issued_on", "date")}, fks=[("parcel_id", "parcel", "parcel_id")])
    cat = Catalog({"district": district, "parcel": parcel, "permit_app": app})
    sql = build_query("How many permits were issued in each council district in 2024?", cat).sql
    assert "GROUP BY" in sql and "district_name" in sql, sql


def test_a_figure_for_each_row_of_a_table_is_every_row_ranked_not_a_top_ten():
    cat_ = Table("shop", "category", "r", pk="cat_id", comment="Product categories", columns={
        "cat_id": Column("cat_id", "integer"), "name": Column("name", "text", values=["Bikes", "Clothing"])})
    product = Table("shop", "product", "r", pk="product_id", comment="Products", columns={
        "product_id": Column("product_id", "integer"), "cat_id": Column("cat_id", "integer"),
        "name": Column("name", "text")}, fks=[("cat_id", "category", "cat_id")])
    line = Table("shop", "order_line", "r", pk="line_id", comment="Order lines", columns={
        "line_id": Column("line_id", "integer"), "product_id": Column("product_id", "integer"),
        "qty": Column("qty", "integer"), "unit_price": Column("unit_price", "numeric(10,2)"),
        "ModifiedDate": Column("ModifiedDate", "timestamp")}, fks=[("product_id", "product", "product_id")])
    sql = build_query("How much revenue did each category bring in?", Catalog({"category": cat_, "product": product,
                                                                               "order_line": line})).sql
    assert "GROUP BY" in sql and "LIMIT 50" in sql and "unit_price" in sql, sql


def test_a_camel_case_bookkeeping_time_is_an_audit_column():
    assert Column("ModifiedDate", "timestamp without time zone").audit and Column("upd_at", "timestamp").audit
    assert not Column("OrderDate", "timestamp").audit


def test_a_word_names_a_value_that_adds_a_short_word_to_it():
    wh = Table("ops", "warehouse", "r", pk="wh_id", comment="Warehouses", columns={
        "wh_id": Column("wh_id", "integer"), "wh_name": Column("wh_name", "text", values=["Dallas DC", "Reno DC"]),
        "capacity": Column("capacity", "integer")})
    sql = build_query("What is the capacity of the Dallas warehouse?", Catalog({"warehouse": wh})).sql
    assert "'Dallas DC'" in sql, sql


def test_a_figure_each_row_holds_itself_is_its_column_not_a_total_of_its_children():
    branch = Table("bank", "branch", "r", pk="branch_id", comment="Branches", columns={
        "branch_id": Column("branch_id", "integer"), "balance": Column("balance", "numeric(12,2)")})
    account = Table("bank", "account", "r", pk="account_id", comment="Accounts", columns={
        "account_id": Column("account_id", "integer"), "branch_id": Column("branch_id", "integer"),
        "balance": Column("balance", "numeric(12,2)")}, fks=[("branch_id", "branch", "branch_id")])
    sql = build_query("Show me the balance of each branch", Catalog({"branch": branch, "account": account})).sql
    assert "account" not in sql and "FROM bank.branch" in sql, sql  # its rows, balance and all


def _attempts() -> Catalog:
    reason = Table("trk", "fail_reason", "r", pk="fail_cd", comment="Failure reasons", columns={
        "fail_cd": Column("fail_cd", "text"), "description": Column("description", "text"),
        "category": Column("category", "text")})
    attempt = Table("trk", "attempt", "r", pk="attempt_id", comment="Delivery attempts", columns={
        "attempt_id": Column("attempt_id", "integer"), "attempted_at": Column("attempted_at", "timestamp"),
        "outcome": Column("outcome", "text", comment="D = delivered, F = failed"),
        "fail_cd": Column("fail_cd", "text", comment="Why it failed. NULL when delivered")},
        fks=[("fail_cd", "fail_reason", "fail_cd")])
    return Catalog({"fail_reason": reason, "attempt": attempt})


def test_a_breakdown_by_a_column_keeps_the_rows_that_have_one_and_shows_the_lookups_words():
    assert _attempts().tables["fail_reason"].label_column() == "description"  # not the code that keys it
    sql = build_query("What was the most common reason for a failed delivery in 2024?", _attempts()).sql
    assert "GROUP BY" in sql and "IS NULL" not in sql and "description" in sql, sql


def test_a_name_particle_is_a_whole_word():
    from agent.planner.sql import _PROPER
    assert [m.group(1) for m in _PROPER.finditer(" Give the share. One decimal place please.")] == []
    assert [m.group(1) for m in _PROPER.finditer(" sales of Maison de la Presse")] == ["Maison de la Presse"]

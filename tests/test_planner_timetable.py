"""Readings that generalise from a fresh unseen set's misses (nineteenth session), each on a schema of its own (a
dance school): a table word that is also a server word ("sessions"), a comment whose name ends at a participle, a
person's whole name beside a ranking, no date of birth as a window's column, a code asked about in a sentence of its
own, "in 2020 or later", "when did X open", a code named only by words its siblings share, "what lessons are ...",
two columns' comments read as a pair of words, a meaning that reads more words than another, "took place", "waiting"
for "awaiting", and "the next two weeks". Pure functions over catalog objects, and the planner's plan."""
from __future__ import annotations

from agent.planner.glossary import named
from agent.planner.linking import comment_names, time_column, time_window, words
from agent.planner.policy import Planner
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table
from toolkits.postgres import build_registry


def _school() -> Catalog:
    teacher = Table("dance", "teacher", "r", pk="teacher_id", comment="Our teachers", columns={
        "teacher_id": Column("teacher_id", "integer"), "given_name": Column("given_name", "text"),
        "surname": Column("surname", "text"),
        "born_on": Column("born_on", "date", nullable=False),
        "kind_cd": Column("kind_cd", "char(2)", values=["BT", "ST", "AC"],
                          comment="BT = ballet tutor, ST = street dance tutor, AC = accompanist"),
        "pay_basis": Column("pay_basis", "char(1)", values=["S", "F"],
                            comment="S = salaried, F = freelance (ballet tutors who hire the studio by the hour)"),
        "left_dt": Column("left_dt", "date")})
    style = Table("dance", "lesson_type", "r", pk="type_id", comment="Dance styles taught", columns={
        "type_id": Column("type_id", "integer"), "type_name": Column("type_name", "text")})
    branch = Table("dance", "branch", "r", pk="branch_id", comment="Our schools", columns={
        "branch_id": Column("branch_id", "integer"), "branch_name": Column("branch_name", "text", values=["Leith", "Govan"]),
        "opened_on": Column("opened_on", "date", nullable=False),
        "open_late": Column("open_late", "boolean", nullable=False)})
    lesson = Table("dance", "lesson", "r", pk="lesson_id",
                   comment="Group lessons: one row per scheduled lesson", columns={
        "lesson_id": Column("lesson_id", "integer"), "branch_id": Column("branch_id", "integer"),
        "teacher_id": Column("teacher_id", "integer"), "type_id": Column("type_id", "integer"),
        "room": Column("room", "text"), "starts_at": Column("starts_at", "timestamp", nullable=False)},
        fks=[("teacher_id", "teacher", "teacher_id"), ("branch_id", "branch", "branch_id"),
             ("type_id", "lesson_type", "type_id")])
    private = Table("dance", "coach_session", "r", pk="sess_id",
                    comment="Private coaching sessions booked through the front desk (kept since 2022)", columns={
        "sess_id": Column("sess_id", "integer"), "teacher_id": Column("teacher_id", "integer"),
        "starts_at": Column("starts_at", "timestamp", nullable=False)}, fks=[("teacher_id", "teacher", "teacher_id")])
    pupil = Table("dance", "pupil", "r", pk="pupil_id", comment="Pupils", columns={
        "pupil_id": Column("pupil_id", "integer"), "birth_dt": Column("birth_dt", "date", nullable=False),
        "enrolled_on": Column("enrolled_on", "date")})
    term = Table("dance", "enrolment", "r", pk="enrol_id", comment="Term enrolments", columns={
        "enrol_id": Column("enrol_id", "integer"), "pupil_id": Column("pupil_id", "integer"),
        "start_dt": Column("start_dt", "date", nullable=False),
        "exit_req_dt": Column("exit_req_dt", "date", comment="Date the parent gave notice to withdraw the pupil"),
        "route": Column("route", "char(1)", values=["W", "D"],
                        comment="W = enrolled online, D = enrolled at the front desk with a receptionist"),
        "offer_cd": Column("offer_cd", "varchar(6)", values=["SIB", "EARLY"],
                           comment="SIB = sibling discount, EARLY = early bird discount"),
        "fee_state": Column("fee_state", "char(1)", values=["P", "A", "S"],
                            comment="P = pending, A = approved, S = sent to the parent awaiting parent approval"),
        "stage": Column("stage", "text", values=["trial", "placed", "left"])},
        fks=[("pupil_id", "pupil", "pupil_id")])
    return Catalog({t.name: t for t in (teacher, style, branch, lesson, private, pupil, term)})


def _plan(q: str):
    cat = _school()
    return Planner(build_registry(), None, read_catalog=lambda ctx: cat).make_plan(q)


def test_a_word_that_names_a_table_is_no_server_activity():
    assert [s.tool for s in _plan("Which teacher ran the most coaching sessions last month?")] == ["run_sql"]
    steps = _plan("What do we record about each private coaching session? List the fields.")
    assert [s.tool for s in steps] == ["describe_table"] and "coach_session" in str(steps[0].args), steps
    assert "active_sessions" in [s.tool for s in _plan("How many sessions are active right now?")]


def test_a_comment_name_ends_where_a_participle_starts():
    assert "private_coaching_sessions" in comment_names(
        "Private coaching sessions booked through the front desk (kept since 2022)")
    assert comment_names("Wind speed readings") == ["wind_speed_readings", "readings"]  # no participle here


def test_a_ranking_over_people_shows_their_whole_name():
    sql = build_query("Which ballet tutor completed the most private coaching sessions in 2024?", _school()).sql
    assert "concat_ws(' ', g_tea.given_name, g_tea.surname)" in sql.replace('"', ""), sql


def test_a_date_of_birth_is_no_event_for_a_window():
    pupil = _school().tables["pupil"]
    assert time_column(pupil, words("pupils last month"), 1)[0] == "enrolled_on"
    assert time_column(pupil, words("pupils born in 2015"), 2)[0] == "birth_dt"


def test_a_code_asked_about_in_a_sentence_of_its_own():
    steps = _plan("Some pupils came with the offer EARLY. What does that stand for?")
    assert [s.tool for s in steps] == ["describe_table"] and "enrolment" in str(steps[0].args), steps


def test_a_year_or_later_and_or_earlier():
    w = time_window("Which branches opened in 2020 or later?")
    assert "2020-01-01" in w.lower and w.high is None
    w = time_window("orders placed in March 2024 or earlier")
    assert w.low is None and "2024-04-01" in w.upper
    w = time_window("orders in 2020 on the web")
    assert "2020-01-01" in w.lower and "2021-01-01" in w.upper  # "on" is no "onwards"


def test_when_did_a_branch_open_is_its_opening_date_not_a_flag():
    q = build_query("When did our Leith branch open?", _school())
    sql = q.sql.replace('"', "")
    assert sql.startswith("SELECT t.opened_on") and "open_late" not in sql, sql


def test_words_every_value_shares_name_none_of_them():
    school = _school()
    route = school.tables["enrolment"].columns["route"]
    assert named(route, words("How many pupils enrolled using the sibling offer?"), set()) is None
    assert named(route, words("How many pupils enrolled at the front desk?"), set())[0] == "D"
    sql = build_query("How many ballet tutors have left this year?", school).sql
    assert "'BT'" in sql and "pay_basis" not in sql, sql  # "ballet tutors" is the kind, read once


def test_what_lessons_are_lists_them_with_their_parents_names():
    q = build_query("What lessons are on the timetable at Govan tomorrow?", _school())
    sql = q.sql.replace('"', "")
    assert q.kind == "list" and "type_name" in sql and "given_name" in sql, sql
    assert build_query("What percentage of lessons are at Govan?", _school()).kind != "list"


def test_two_words_of_a_date_columns_comment_name_it():
    sql = build_query("How many enrolments were there where the parent gave notice during 2024?", _school()).sql.replace('"', "")
    assert "exit_req_dt >= '2024-01-01'" in sql, sql


def test_a_meaning_that_reads_more_of_the_question_wins():
    fee = _school().tables["enrolment"].columns["fee_state"]
    assert named(fee, words("How many fees are sitting with parents waiting for their approval?"), set())[0] == "S"
    assert named(fee, words("How many fees are approved?"), set())[0] == "A"


def test_took_place_names_no_value():
    sql = build_query("How many enrolments that took place in 2024 are for trial lessons?", _school()).sql
    assert "'placed'" not in sql and "'trial'" in sql, sql


def test_the_next_two_weeks_and_next_week():
    w = time_window("What lessons are coming up in the next two weeks?")
    assert w.lower == "current_date" and "2 weeks" in w.upper
    w = time_window("lessons next week")
    assert "date_trunc('week', now()) + interval '1 week'" == w.lower
    assert time_window("the next lesson") is None
    w = time_window("When is the next lesson at Govan?")
    assert w.lower == "now()" and w.high is None
    q = build_query("When is the next lesson at Govan?", _school())
    assert q.kind == "min" and "min(t.starts_at)" in q.sql.replace('"', ""), q.sql


def test_the_biggest_table_is_the_tables_by_size_and_the_database_size():
    from agent.planner import tools_for

    reg = build_registry()
    assert tools_for("Which is the biggest table in the database on disk?", reg.all(), Catalog) == \
        ["list_tables", "database_stats"]
    assert tools_for("Which table takes up the most disk space?", reg.all(), Catalog) == ["list_tables", "database_stats"]


def test_past_the_expiry_date_as_of_today_and_stock_on_hand():
    shoe = Table("shop", "shoe_lot", "r", pk="lot_id", comment="Lots of shoe polish", columns={
        "lot_id": Column("lot_id", "integer"), "expiry_dt": Column("expiry_dt", "date", nullable=False),
        "qty_on_hand": Column("qty_on_hand", "integer", nullable=False),
        "made_at": Column("made_at", "timestamp", nullable=False)})
    sql = build_query("How many polish lots are past their expiry date but still showing stock on hand as of today?",
                      Catalog({"shoe_lot": shoe})).sql.replace('"', "")
    assert "t.expiry_dt < current_date" in sql and "t.qty_on_hand > 0" in sql and "made_at" not in sql, sql
    assert build_query("Give me the lots made last week", Catalog({"shoe_lot": shoe})).kind == "list"


def test_monthly_before_a_rate_is_no_time_bucket():
    lease = Table("shop", "lease", "r", pk="lease_id", comment="Shop leases", columns={
        "lease_id": Column("lease_id", "integer"), "rent_amt": Column("rent_amt", "numeric(10,2)", nullable=False),
        "start_dt": Column("start_dt", "date", nullable=False)})
    cat = Catalog({"lease": lease})
    sql = build_query("What is the total monthly rent of leases started in 2024?", cat).sql
    assert "sum(t.rent_amt)" in sql.replace('"', "") and "date_trunc" not in sql, sql
    assert "date_trunc('month'" in build_query("How many leases started monthly in 2024?", cat).sql


def test_a_meaning_said_as_a_phrase_and_pieces_of_a_table():
    kit = Table("gym", "machine", "r", pk="machine_id", comment="Exercise machines", columns={
        "machine_id": Column("machine_id", "integer"), "tag": Column("tag", "text"),
        "state_cd": Column("state_cd", "char(1)", values=["S", "O"],
                           comment="S = in service, O = out of order (waiting for repair)"),
        "cost": Column("cost", "numeric(10,2)")})
    q = build_query("Which pieces of machine kit are out of order right now?", Catalog({"machine": kit}))
    assert q.kind == "list" and "t.state_cd = 'O'" in q.sql.replace('"', ""), q.sql


def test_a_comment_that_says_where_things_are_kept_names_that_table():
    from agent.planner.linking import find_tables

    pupil = Table("dance", "pupil", "r", pk="pupil_id",
                  comment="Everybody who ever enrolled (people; their enrolments are in dance.term_place)",
                  columns={"pupil_id": Column("pupil_id", "integer")})
    course = Table("dance", "course", "r", pk="course_id", comment="Enrolment courses (products)",
                   columns={"course_id": Column("course_id", "integer")})
    place = Table("dance", "term_place", "r", pk="place_id", comment="Enrolment places", columns={
        "place_id": Column("place_id", "integer"), "course_id": Column("course_id", "integer")},
        fks=[("course_id", "course", "course_id")])
    cat = Catalog({"pupil": pupil, "course": course, "term_place": place})
    assert [m.table for m in find_tables(words("How many enrolments are there?"), cat)] == ["term_place"]


def test_a_row_still_current_may_have_its_end_set_ahead():
    plan = Table("gym", "contract", "r", pk="contract_id", comment="Contracts", columns={
        "contract_id": Column("contract_id", "integer"), "start_dt": Column("start_dt", "date", nullable=False),
        "end_dt": Column("end_dt", "date", comment="Last day (inclusive). NULL = open-ended")})
    sql = build_query("How many contracts are active right now?", Catalog({"contract": plan})).sql
    assert "(t.end_dt IS NULL OR t.end_dt >= current_date)" in sql.replace('"', ""), sql


def test_the_heaviest_is_the_largest_weight_and_in_kilograms_divides_grams():
    crate = Table("ship", "crate", "r", pk="crate_id", comment="Crates", columns={
        "crate_id": Column("crate_id", "integer"), "value_eur": Column("value_eur", "numeric(10,2)"),
        "wt_g": Column("wt_g", "integer", comment="Weight in grams"),
        "packed_at": Column("packed_at", "timestamp", nullable=False)})
    sql = build_query("What's the heaviest crate we packed this year, in kilograms?", Catalog({"crate": crate})).sql
    assert "max(t.wt_g / 1000.0)" in sql.replace('"', ""), sql


def test_either_name_between_slashes_names_the_value():
    boat = Table("fleet", "boat", "r", pk="boat_id", comment="Boats", columns={
        "boat_id": Column("boat_id", "integer"), "boat_nm": Column("boat_nm", "text"),
        "state": Column("state", "char(1)", values=["A", "R"], comment="A = in service, R = in refit / dry dock")})
    q = build_query("Which of our ships is currently in dry dock?", Catalog({"boat": boat}))  # by its value
    assert "t.state = 'R'" in q.sql.replace('"', ""), q.sql


def test_how_long_to_pay_from_the_date_issued_and_in_days_names_no_one():
    fine = Table("disc", "penalty", "r", pk="pen_id", comment="Penalties", columns={
        "pen_id": Column("pen_id", "integer"), "paid_on": Column("paid_on", "date"),
        "issued_on": Column("issued_on", "date", nullable=False),
        "clerk_surname": Column("clerk_surname", "text", values=["Day", "Stone"])})
    sql = build_query("For penalties paid during 2023, how long on average did people take to pay, in days from the "
                      "date the penalty was issued?", Catalog({"penalty": fine})).sql.replace('"', "")
    assert "t.paid_on - t.issued_on" in sql and "'Day'" not in sql, sql


def test_dont_count_anything_written_off_is_an_exclusion_and_no_count():
    fee = Table("disc", "levy", "r", pk="levy_id", comment="Levies", columns={
        "levy_id": Column("levy_id", "integer"), "amount": Column("amount", "numeric(10,2)", nullable=False),
        "waived": Column("waived", "boolean", nullable=False, comment="true = levy written off by the board")})
    q = build_query("How much money do the levies come to? Don't count anything the board wrote off.",
                    Catalog({"levy": fee}))
    sql = q.sql.replace('"', "")
    assert q.kind == "sum" and "sum(t.amount)" in sql and "t.waived IS NOT TRUE" in sql, sql


def test_the_employee_number_of_is_an_identifier_not_a_count():
    from agent.planner.question import read

    cat = _school()
    assert not read("What is the teacher number of the longest-serving ballet tutor?", cat, 20).count
    assert read("What is the number of lessons at Govan?", cat, 20).count


def test_the_clock_of_a_copy_is_the_newest_date_many_event_columns_agree_on():
    import datetime as dt

    from toolkits.postgres.catalog import data_clock

    cols = {f"c{i}_on": Column(f"c{i}_on", "date") for i in range(6)}
    cols["move_on"] = Column("move_on", "date")  # when an applicant wants to move: still to come
    cat = Catalog({"lead": Table("crm", "lead", "r", columns=cols)})
    rows = [("crm", "lead", f"c{i}_on", ["2023-01-01", f"2024-10-{16 + i % 3}"], None) for i in range(6)]
    rows += [("crm", "lead", "move_on", ["2024-01-01", "2025-02-11"], None)]
    assert data_clock(rows, cat, dt.date(2026, 11, 28))[2] == "2024-10-18"
    live = rows + [("crm", "lead", "move_on", ["2026-11-20"], None)]
    assert data_clock(live, cat, dt.date(2026, 11, 28)) is None  # anything recent: live, as before

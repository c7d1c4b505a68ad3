"""What comments say codes mean, read without a database: "CODE = meaning" lists, numbered and boolean codes,
ISO currency and country codes named in words, and the question words that name one (agent/planner/glossary.py).
The schema here is invented for the test (a library's loans); no set of corpora/unseen is used."""
from __future__ import annotations

import pytest

from agent.planner.filters import excluded, value_filters
from agent.planner.glossary import meanings, named
from agent.planner.linking import spelled_numbers, words
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table

STATUS = Column("st", "character(1)", values=["L", "R", "O", "X"],
                comment="Loan status: L = on loan, R = returned, O = overdue (past the due date), "
                        "X = lost (written off, charged to the member)")
KIND = Column("med", "character varying(3)", values=["BK", "DVD"],  # AUD is in the comment, not in the sample
              comment="BK printed book, AUD audiobook, DVD film on disc")
LEVEL = Column("rmd_lvl", "smallint", comment="Reminders sent: 0 none, 1 first reminder, 2 final reminder")
FLAGGED = Column("flg", "smallint", comment="1 = the member was flagged")  # one number is a remark, not a list
FEE = Column("fee", "numeric(8,2)", comment="Late fee in EUR; 0 = waived by the librarian")
PAID = Column("ok", "boolean", comment="false = payment bounced (card refused, no money collected)")
LEGACY = Column("old_rate", "boolean", comment="No longer offered; grandfathered members keep the 2019 fees")
CUR = Column("cur", "character(3)", values=["EUR", "GBP", "USD"], comment="Currency: EUR, GBP or USD")
CTRY = Column("ctry", "character(2)", values=["DE", "FR", "GB", "NL"], comment="ISO country of the home address")


def test_code_lists_in_the_ways_comments_write_them():
    assert {m.code: m.head for m in meanings(STATUS)} == {
        "L": ("loan",), "R": ("return",), "O": ("overdu",), "X": ("lost",)}
    kinds = {m.code: m.said for m in meanings(KIND)}
    assert kinds == {"BK": "printed book", "DVD": "film on disc"}  # AUD ends BK's meaning though no sample has it
    assert {m.code: m.head for m in meanings(LEVEL)} == {1: ("first", "remind"), 2: ("final", "remind")}  # "0 none"
    assert meanings(FLAGGED) == () and meanings(FEE) == ()  # one number, or an amount: no code list
    term = Column("ay", "text", values=["2024-25", "2025-26"], comment="Academic year, e.g. 2024-25 = Fall 2024 + Spring 2025")
    assert meanings(term) == ()  # an example of one value explains no code
    assert [m.code for m in meanings(CUR)] == ["EUR", "GBP", "USD"]  # "EUR, GBP or USD" explains nothing


@pytest.mark.parametrize("col, question, code", [
    (STATUS, "how many loans were written off last year", "X"),
    (STATUS, "how many overdue loans are there", "O"),
    (STATUS, "count the returned loans", "R"),
    (KIND, "how many printed books are on loan", "BK"),
    (LEVEL, "loans that got the final reminder", 2),
    (PAID, "how many fee payments were refused by the card issuer", False),
    (LEGACY, "how many members are grandfathered", True),
    (Column("ok", "boolean", comment="false = failed attempt"), "the successful payments", True),
    (CUR, "total fees paid in pounds sterling", "GBP"),
    (CUR, "total fees in US dollars", "USD"),
    (CUR, "average fee in euros", "EUR"),
    (CTRY, "members living in the Netherlands", "NL"),
    (CTRY, "members in the UK", "GB"),
])
def test_a_question_names_a_code_by_what_it_means(col, question, code):
    hit = named(col, words(question), set())
    assert hit is not None and hit[0] == code, hit


@pytest.mark.parametrize("col, question", [
    (STATUS, "what is the status of loan 12"),  # the column's own words name no value
    (LEVEL, "when was the first loan"),  # "first" asks; it names no reminder
    (PAID, "how many payments are there"),  # the table's own word (its comment says "Fee payments")
    (CUR, "tell us the total"),  # "us" is not the US dollar
    (CTRY, "members in the united kingdom of the past"),
])
def test_words_that_name_no_code(col, question):
    hit = named(col, words(question), set(), common={"payment", "fee"})
    assert hit is None or (col is CTRY and hit[0] == "GB"), hit


def test_the_column_label_and_the_table_words_never_name_a_value_alone():
    hold = Column("cr_hold", "boolean", comment="Credit hold: true = credit department blocks new loans")
    assert named(hold, words("total credit issued"), set()) is None
    stay = Column("typ", "text", values=["IP", "OBS"], comment="Type: IP inpatient, OBS observation stay")
    assert named(stay, words("average length of stay"), set(), common={"stay"}) is None
    assert named(stay, words("how many observation stays"), set(), common={"stay"})[0] == "OBS"


def test_negated_verbs_exclude_the_value():
    ws = words("how many loans did not come back by post")
    assert excluded(ws, ws.index("post"))
    ws = words("loans that were returned and are by post")
    assert not excluded(ws, ws.index("post"))


def _cat() -> Catalog:
    loan = Table("lib", "loan", "r", pk="loan_id", comment="Loans of items to members", columns={
        "loan_id": Column("loan_id", "integer"), "mbr_id": Column("mbr_id", "integer"),
        "out_dt": Column("out_dt", "date", nullable=False, comment="Date lent"),
        "st": STATUS, "med": KIND, "rmd_lvl": LEVEL, "fee": FEE, "cur": CUR},
        fks=[("mbr_id", "mbr", "mbr_id")])
    mbr = Table("lib", "mbr", "r", pk="mbr_id", comment="Library members", columns={
        "mbr_id": Column("mbr_id", "integer"), "nm": Column("nm", "text"), "ctry": CTRY, "old_rate": LEGACY})
    return Catalog({"loan": loan, "mbr": mbr})


def test_statements_read_the_meanings_and_say_them():
    cat = _cat()
    q = build_query("How many loans were written off in 2025?", cat)
    assert "t.st = 'X'" in q.sql and "lost (written off" in q.summary, (q.sql, q.summary)
    q = build_query("Total late fees in euros, leaving out lost loans", cat)
    assert "t.cur = 'EUR'" in q.sql and "t.st IS DISTINCT FROM 'X'" in q.sql, q.sql
    q = build_query("How many loans went to members living in France?", cat)
    assert "= 'FR'" in q.sql and "JOIN" in q.sql, q.sql
    q = build_query("How many loans of grandfathered members got the final reminder?", cat)
    assert "t.rmd_lvl = 2" in q.sql and "IS TRUE" in q.sql, q.sql


def test_value_filters_take_two_meanings_that_share_a_word():
    pay = Table("lib", "pay", "r", pk="pay_id", comment="Fee payments", columns={
        "pay_id": Column("pay_id", "integer"), "ok": PAID,
        "pm": Column("pm", "text", values=["CRD", "CSH"], comment="Method: CRD = bank card, CSH = cash at the desk")})
    conds, said, _ = value_filters(pay, words("payments by card that were refused"), "t", set())
    assert len(conds) == 2 and any(s.startswith("pm = CRD") for s in said) and any(s.startswith("ok = False") for s in said)


@pytest.mark.parametrize("text, out", [("more than two hundred seats", "more than 200 seats"),
                                       ("a hundred and twenty five items", "125 items"),
                                       ("over fifty-five dollars", "over 55 dollars"),
                                       ("at least one order", "at least one order"), ("a member", "a member")])
def test_numbers_written_in_words(text, out):
    assert spelled_numbers(text) == out


def test_a_number_compared_with_the_column_named_after_it_and_groups_by_an_abbreviated_column():
    cat = _cat()
    cat.tables["loan"].columns["ren_cnt"] = Column("ren_cnt", "smallint", comment="Times renewed")
    cat.tables["loan"].columns["ctg"] = Column("ctg", "text", values=["fiction", "science", "children"])
    q = build_query("How many loans have more than two ren_cnt?", cat)
    assert "t.ren_cnt > 2" in q.sql, q.sql
    q = build_query("Break down the loans of 2025 by category", cat)
    assert "GROUP BY" in q.sql and "t.ctg" in q.sql, q.sql


def test_how_many_of_a_unit_sums_the_quantity_measured_in_it():
    use = Table("net", "usage", "r", pk="use_id", comment="Metered usage per meter and month", columns={
        "use_id": Column("use_id", "integer"),
        "mo": Column("mo", "date", nullable=False, comment="First day of the month"),
        "kind": Column("kind", "text", values=["SMS", "VOI"], comment="Meter: SMS = text messages, VOI = voice minutes"),
        "qty": Column("qty", "bigint", comment="Quantity in the meter's unit (messages, minutes)"),
        "bal": Column("bal", "integer", comment="Balance in whole units (may be negative: overdrawn)")})
    cat = Catalog({"usage": use})
    q = build_query("How many text messages were sent in March 2026?", cat)
    assert "sum(t.qty)" in q.sql and "t.kind = 'SMS'" in q.sql, q.sql
    q = build_query("How many usage rows are overdrawn?", cat)
    assert "count(*)" in q.sql, q.sql  # "(may be negative: overdrawn)" is a remark, not a list of units


def test_a_column_compared_with_another_of_the_same_row():
    job = Table("ops", "job", "r", pk="job_id", comment="Repair jobs", columns={
        "job_id": Column("job_id", "integer"),
        "opened": Column("opened", "timestamp with time zone", nullable=False, comment="When the job was logged"),
        "due_at": Column("due_at", "timestamp with time zone", comment="Promised completion deadline"),
        "done_at": Column("done_at", "timestamp with time zone", comment="Completion time; NULL = still open"),
        "parts": Column("parts", "integer", comment="Parts on hand"),
        "min_parts": Column("min_parts", "integer", comment="Minimum stock: reorder when parts on hand fall below it")})
    cat = Catalog({"job": job})
    q = build_query("How many jobs were completed after the deadline?", cat)
    assert "t.done_at > t.due_at" in q.sql and "IS NULL" not in q.sql, q.sql
    q = build_query("How many jobs are below their minimum stock?", cat)
    assert "t.parts < t.min_parts" in q.sql, q.sql  # the other side is the column the comment names
    q = build_query("How many jobs have more than 3 parts?", cat)
    assert "t.parts > 3" in q.sql, q.sql


def test_high_and_low_say_above_and_below():
    flag = Column("abn", "character(1)", values=["H", "L"], comment="Abnormal flag: H above, L below the range")
    assert named(flag, words("results flagged abnormally high"), set())[0] == "H"
    assert named(flag, words("how many low results"), set())[0] == "L"


def test_calendar_year_windows_and_an_exclusion_read_anywhere_in_the_meaning():
    from agent.planner.linking import time_window

    assert time_window("money received during calendar year 2025").phrase == "during calendar year 2025"
    assert time_window("in the 2024 calendar year").phrase == "in the 2024 calendar year"
    assert time_window("in fiscal year 2025") is None  # a fiscal year is not the calendar's
    void = Column("st", "text", values=["V", "P"], comment="Status: V = void (ignore in totals), P = paid")
    t = Table("f", "inv", "r", pk="id", comment="Invoices", columns={"id": Column("id", "integer"), "st": void})
    conds, said, _ = value_filters(t, words("the total billed, not counting void invoices"), "t", set())
    assert said and said[0].startswith("st is not V"), said


def test_codes_made_of_a_year_and_a_letter_the_comment_explains():
    term = Column("term_cd", "character(5)", values=["2024F", "2025S", "2025F", "2026S"],
                  comment="YYYY + season letter: S = Spring (Jan-May), F = Fall (Aug-Dec). E.g. 2025F = Fall 2025.")
    assert named(term, words("enrolments in Fall 2024"), set())[0] == "2024F"
    assert named(term, words("drops in Spring 2026"), set())[0] == "2026S"
    assert named(term, words("how many in the fall"), set()) is None  # which fall?
    assert named(term, words("sales in May 2025"), set()) is None  # a month, not the spring term
    terms = Table("sis", "term", "r", pk="term_cd", comment="Academic terms", columns={"term_cd": term})
    sect = Table("sis", "sect", "r", pk="sect_id", comment="Course sections", columns={
        "sect_id": Column("sect_id", "integer"), "term_cd": Column("term_cd", "character(5)"),
        "instr_id": Column("instr_id", "integer", comment="Instructor; NULL = not yet assigned")},
        fks=[("term_cd", "term", "term_cd")])
    enrol = Table("sis", "enrol", "r", pk="enr_id", comment="Enrolments", columns={
        "enr_id": Column("enr_id", "integer"), "sect_id": Column("sect_id", "integer"),
        "term_cd": Column("term_cd", "character(5)")}, fks=[("sect_id", "sect", "sect_id"), ("term_cd", "term", "term_cd")])
    q = build_query("How many course sections in Fall 2025 have no instructor assigned yet?",
                    Catalog({"term": terms, "sect": sect, "enrol": enrol}))
    assert "FROM sis.sect t" in q.sql and "'2025F'" in q.sql and "instr_id IS NULL" in q.sql, q.sql


def test_an_amount_kept_in_pence_is_given_in_pounds_when_asked_so():
    inv = Table("fin", "inv", "r", pk="inv_no", comment="Invoices", columns={
        "inv_no": Column("inv_no", "integer"), "amt_cents": Column("amt_cents", "bigint", comment="Amount in pence")})
    cat = Catalog({"inv": inv})
    assert "sum(t.amt_cents / 100.0)" in build_query("What is the total invoiced amount in pounds?", cat).sql
    assert "sum(t.amt_cents)" in build_query("What is the total invoiced amount in pence?", cat).sql


def test_a_test_name_is_the_value_whose_analyte_is_the_word_alone():
    cat_t = Column("long_nm", "text", values=["Hemoglobin [Mass/volume] in Blood",
                                              "Hemoglobin A1c/Hemoglobin.total in Blood", "Potassium [Moles/volume] in Serum"])
    t = Table("lab", "tst", "r", pk="cd", comment="Test catalogue", columns={"cd": Column("cd", "text"), "long_nm": cat_t})
    _, said, _ = value_filters(t, words("average hemoglobin of women"), "t", set())
    assert said == ["long_nm = Hemoglobin [Mass/volume] in Blood"], said


def test_two_values_of_one_column_are_either_and_which_three_is_top_three():
    from agent.planner.question import top_n

    t = Table("cis", "svc_pt", "r", pk="id", comment="Service points", columns={
        "id": Column("id", "integer"), "cmdty": Column("cmdty", "text", values=["ELECTRIC", "WATER", "GAS"])})
    q = build_query("How many service points are electric or water?", Catalog({"svc_pt": t}))
    assert "t.cmdty IN ('ELECTRIC', 'WATER')" in q.sql, q.sql  # never cmdty = 'ELECTRIC' AND cmdty = 'WATER'
    assert top_n("which three delay codes caused the most delay") == 3


def test_which_three_codes_caused_the_most_minutes_sums_per_code():
    leg = Table("ops", "leg", "r", pk="leg_id", comment="Flight legs", columns={
        "leg_id": Column("leg_id", "integer"), "flt_dt": Column("flt_dt", "date", nullable=False),
        "dly_min": Column("dly_min", "integer", comment="Delay minutes at departure"),
        "dly_cd": Column("dly_cd", "text", values=["93", "71", "81"], comment="Delay code (IATA)")})
    q = build_query("Which three delay codes caused the most delay minutes in 2025?", Catalog({"leg": leg}))
    assert "GROUP BY" in q.sql and "sum(t.dly_min)" in q.sql and "LIMIT 3" in q.sql, q.sql
    assert "t.dly_cd IS NOT NULL" in q.sql, q.sql  # legs without a delay code are no delay code


def test_another_name_a_meaning_gives_may_take_the_tables_own_word():
    # an invented reactions table: "down-reactions" names code 2 through "(down-reaction)" although "reactions"
    # is the table's own word
    react = Table("app", "reaction", "r", pk="reaction_id", comment="Reactions on posts", columns={
        "reaction_id": Column("reaction_id", "integer"),
        "kind": Column("kind", "smallint", comment="1 = Plus (up-reaction), 2 = Minus (down-reaction)")})
    conds, said, _ = value_filters(react, words("how many down-reactions were given"), "t", {3})
    assert said and said[0].startswith("kind = 2"), said


def test_a_flags_own_name_word_names_its_true_meaning():
    # invented: a ledger line whose flag is named after what true means ("voided")
    line = Table("acc", "ledger_line", "r", pk="line_id", comment="Ledger lines", columns={
        "line_id": Column("line_id", "integer"),
        "void_flg": Column("void_flg", "boolean", comment="true = line voided (entered in error)"),
        "amt": Column("amt", "numeric(10,2)")})
    conds, said, _ = value_filters(line, words("total of ledger lines leaving out voided ones"), "t", {2, 3})
    assert said and said[0].startswith("void_flg is not True"), said


def test_two_codes_joined_by_nor_or_or_are_both_read():
    job = Table("ops", "job", "r", pk="job_id", comment="Jobs", columns={
        "job_id": Column("job_id", "integer"),
        "st": Column("st", "character(1)", values=["O", "C", "X"], comment="O = open, C = completed, X = cancelled")})
    conds, said, _ = value_filters(job, words("jobs that are neither completed nor cancelled"), "t", {0})
    assert said == ["st is not C (completed)", "st is not X (cancelled)"], said
    conds, said, _ = value_filters(job, words("jobs completed or cancelled"), "t", {0})
    assert said == ["st in (C, X)"], said

"""Readings that generalise from the misses of the twentieth session's run over every unseen set, each on a schema of
its own (a car repair garage): a negation that opens a long phrase ("no MOT check on file", "still haven't been
lodged"), a code asked about by the word of its column ("what does priority 2 mean?") or in a sentence of its own
("... the source code WEB. What is that?"), a meaning that holds numbers ("within 3 working days"), a compound's head
("each vehicle inspection"), "has already expired" on one of two expiry dates, a word before the subject's noun that
is no status of another table ("new vehicles"), "more than one of our garages", a setting whose name runs its words
together (TimeZone), "this season" counted from the data's own today, days between a timestamp and a date
counted as calendar days, "how many card payments": the payments, not the cards, a comment's noun after
coordinated words ("All workshop and front-desk staff"), "have left" on the date that ends employment, and a verb
that names the subject's own date ("registered") before a child's status that says it too, "the most common"
rows a bridge links counted by their links, "on our books" (no status 'booked'; the rows still held), a value after "with no" left out, and "more than 1,000 in their account balance" (a thousands comma, a
number before the column, a name written short: c_acctbal), "who works at our Leeds garage?" (its people), "the submission date" (submitted_on), and "the most common
electric make among our vehicles" (the vehicles counted per make; "electric" a filter, not the group). Pure functions over catalog objects, and
the planner's plan."""
from __future__ import annotations

from agent.planner.glossary import meanings
from agent.planner.linking import comment_names
from agent.planner.policy import Planner
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table, setting_named
from toolkits.postgres import build_registry


def _garage(clock=None) -> Catalog:
    garage = Table("shop", "garage", "r", pk="garage_id", comment="Our garages", columns={
        "garage_id": Column("garage_id", "integer"), "garage_nm": Column("garage_nm", "text"),
        "town": Column("town", "text", values=["Leeds", "York", "Hull"])})
    customer = Table("shop", "customer", "r", pk="cust_id", comment="Customers", columns={
        "cust_id": Column("cust_id", "integer"), "full_nm": Column("full_nm", "text"),
        "src_cd": Column("src_cd", "char(3)", values=["WEB", "REF", "WLK"],
                         comment="How they found us: WEB = our website, REF = referred by a customer, WLK = walk-in"),
        "mot_chk_on": Column("mot_chk_on", "date", comment="Date we checked their MOT history; NULL = no check on file")})
    season = Table("shop", "season", "r", pk="season_id", comment="Service seasons (winter, summer)", columns={
        "season_id": Column("season_id", "integer"), "label": Column("label", "text"),
        "starts_on": Column("starts_on", "date", nullable=False)})
    vehicle = Table("shop", "vehicle", "r", pk="veh_id", comment="Vehicles we look after", columns={
        "veh_id": Column("veh_id", "integer"), "cust_id": Column("cust_id", "integer"),
        "reg_no": Column("reg_no", "text"), "registered_on": Column("registered_on", "date", nullable=False),
        "mot_exp": Column("mot_exp", "date", comment="Expiry of the MOT certificate"),
        "ins_expiry": Column("ins_expiry", "date", comment="Expiry of the owner's insurance")},
        fks=[("cust_id", "customer", "cust_id")])
    repair = Table("shop", "job", "r", pk="job_id", comment="Repair jobs", columns={
        "job_id": Column("job_id", "integer"), "veh_id": Column("veh_id", "integer"),
        "season_id": Column("season_id", "integer"),
        "raised_at": Column("raised_at", "timestamp", nullable=False),
        "promised_on": Column("promised_on", "date", comment="Date we promised the car back"),
        "priority": Column("priority", "smallint", comment="1 = emergency (attend within 24 hours), 2 = urgent "
                                                           "(within 3 working days), 3 = routine (within 28 days)"),
        "job_status": Column("job_status", "char(1)", values=["N", "A", "C"],
                             comment="N = new (not assigned), A = assigned to a mechanic, C = completed"),
        "labour_hrs": Column("labour_hrs", "numeric"),
        "claim_cd": Column("claim_cd", "char(3)", values=["REG", "INS"],
                           comment="REG = registered with the insurer, INS = paid by the insurer")},
        fks=[("veh_id", "vehicle", "veh_id"), ("season_id", "season", "season_id")])
    claim = Table("shop", "warranty_claim", "r", pk="claim_id", comment="Warranty claims on parts we fitted", columns={
        "claim_id": Column("claim_id", "integer"), "job_id": Column("job_id", "integer"),
        "amount": Column("amount", "numeric"),
        "lodged_on": Column("lodged_on", "date", comment="Date the claim was lodged with the maker; NULL = not lodged yet"),
        "settled_on": Column("settled_on", "date", comment="Date the maker paid; NULL = still open")},
        fks=[("job_id", "job", "job_id")])
    inspection = Table("shop", "inspection", "r", pk="insp_id", comment="Vehicle inspections", columns={
        "insp_id": Column("insp_id", "integer"), "veh_id": Column("veh_id", "integer"),
        "insp_type": Column("insp_type", "text"), "done_on": Column("done_on", "date")},
        fks=[("veh_id", "vehicle", "veh_id")])
    mechanic = Table("shop", "mechanic", "r", pk="mech_id",
                     comment="All workshop and front-desk staff (the name is historical: it began as the mechanics list)",
                     columns={"mech_id": Column("mech_id", "integer"), "first_name": Column("first_name", "text"),
                              "last_name": Column("last_name", "text"), "garage_id": Column("garage_id", "integer"),
                              "hired_on": Column("hired_on", "date", nullable=False),
                              "last_day": Column("last_day", "date", comment="Last working day; NULL = still employed")},
                     fks=[("garage_id", "garage", "garage_id")])
    part = Table("shop", "part", "r", pk="part_id", comment="Parts catalogue", columns={
        "part_id": Column("part_id", "integer"), "part_nm": Column("part_nm", "text", values=["brake pad", "filter"])})
    fitted = Table("shop", "job_part", "r", pk="", comment="Parts fitted on a repair job", columns={
        "job_id": Column("job_id", "integer"), "part_id": Column("part_id", "integer")},
        fks=[("job_id", "job", "job_id"), ("part_id", "part", "part_id")])
    tables = (garage, customer, season, vehicle, repair, claim, inspection, mechanic, part, fitted)
    return Catalog({t.name: t for t in tables}, clock=clock)


def _plan(q: str, cat: Catalog | None = None):
    cat = cat or _garage()
    return Planner(build_registry(), None, read_catalog=lambda ctx: cat).make_plan(q)


def test_a_negation_that_opens_a_long_phrase_says_the_comment_s_null():
    q = build_query("How many customers have no MOT history check on file?", _garage(), 20)
    assert "mot_chk_on IS NULL" in q.sql and "IS NOT NULL" not in q.sql, q.sql
    q = build_query("How many warranty claims have we raised that still haven't been lodged with the maker?", _garage(), 20)
    assert "lodged_on IS NULL" in q.sql and "settled_on" not in q.sql, q.sql  # "still" is the negated verb's
    q = build_query("How many warranty claims are still open?", _garage(), 20)
    assert "settled_on IS NULL" in q.sql and "lodged_on" not in q.sql, q.sql
    q = build_query("How many warranty claims have been lodged?", _garage(), 20)
    assert "lodged_on IS NOT NULL" in q.sql, q.sql


def test_a_code_asked_about_by_its_column_word_or_in_a_sentence_of_its_own():
    steps = _plan("On a repair job, what does priority 2 mean?")
    assert [s.tool for s in steps] == ["describe_table"] and "job" in str(steps[0].args), steps
    planner = Planner(build_registry(), None, read_catalog=lambda ctx: _garage())
    planner.make_plan("On a repair job, what does priority 2 mean?")
    assert "urgent (within 3 working days)" in planner.lead, planner.lead
    steps = _plan("Some of our customers have the source code WEB. What is that?")
    assert [s.tool for s in steps] == ["describe_table"] and "customer" in str(steps[0].args), steps


def test_a_meaning_keeps_the_numbers_inside_it():
    col = _garage().tables["job"].columns["priority"]
    assert [(m.code, m.said) for m in meanings(col)] == [
        (1, "emergency (attend within 24 hours)"), (2, "urgent (within 3 working days)"), (3, "routine (within 28 days)")]


def test_a_compound_s_head_is_the_table_described():
    steps = _plan("What do we record for each vehicle inspection? List the fields.")
    assert [s.tool for s in steps] == ["describe_table"] and "inspection" in str(steps[0].args), steps
    steps = _plan("What do we keep about each customer vehicle? List the fields.")
    assert [s.tool for s in steps] == ["describe_table"] and "vehicle" in str(steps[0].args), steps


def test_already_expired_is_before_today_on_the_expiry_the_words_name():
    q = build_query("How many vehicles have an MOT certificate that has already expired?", _garage(), 20)
    assert "mot_exp < current_date" in q.sql and "ins_expiry" not in q.sql, q.sql
    q = build_query("How many vehicles have insurance that has already expired?", _garage(), 20)
    assert "ins_expiry < current_date" in q.sql and "mot_exp" not in q.sql, q.sql


def test_the_word_before_the_subject_is_no_status_of_another_table():
    q = build_query("How many new vehicles were registered in 2023?", _garage(), 20)
    assert "FROM shop.vehicle" in q.sql and "job_status" not in q.sql and "registered_on" in q.sql, q.sql
    q = build_query("How many vehicles have a new repair job?", _garage(), 20)  # the status still read on the job
    assert "job_status = 'N'" in q.sql, q.sql


def test_more_than_one_of_our_rows_groups_a_column():
    q = build_query("Which towns have more than one of our garages?", _garage(), 20)
    assert "GROUP BY t.town HAVING count(*) > 1" in q.sql, q.sql


def test_a_setting_whose_name_runs_its_words_together():
    settings = ["TimeZone", "DateStyle", "max_connections", "log_timezone"]
    assert setting_named("What time zone is this database set to?", settings) == "TimeZone"
    assert setting_named("Which date style is the server configured with?", settings) == "DateStyle"
    assert setting_named("What time zone do most of our customers live in?", settings) is None  # no setting cue


def test_this_season_is_the_one_begun_by_the_data_s_today():
    live = build_query("How many repair jobs were raised this season?", _garage(), 20)
    assert "starts_on <= now()" in live.sql, live.sql
    copy = build_query("How many repair jobs were raised this season?", _garage(("job", "raised_at", "2024-03-18")), 20)
    assert 'starts_on <= ((SELECT max("raised_at") FROM "shop"."job"' in copy.sql, copy.sql


def test_days_between_a_timestamp_and_a_date_are_calendar_days():
    q = build_query("On average, how many days from raising a repair job to the promised date?", _garage(), 20)
    assert "(t.promised_on::date - t.raised_at::date)::numeric" in q.sql, q.sql


def test_a_table_word_before_another_noun_counts_that_noun_s_rows():
    q = build_query("How many vehicle callouts were emergencies in 2024?", _garage(), 20)
    assert "count(*)" in q.sql and "FROM shop.job" in q.sql and "priority = 1" in q.sql, q.sql
    q = build_query("How many vehicles had an emergency repair job in 2024?", _garage(), 20)
    assert "count(DISTINCT t.veh_id)" in q.sql, q.sql  # the vehicles themselves


def test_the_noun_after_coordinated_words_names_the_table():
    assert "staff" in comment_names("All workshop and front-desk staff (the name is historical)")
    assert "lines" not in comment_names("Orders and their lines")  # a determiner: two things, not one noun
    assert comment_names("Employees and locum pharmacists") == ["employees"]  # two nouns: the last names only some
    q = build_query("Which of our staff have left the company?", _garage(), 20)
    assert "FROM shop.mechanic" in q.sql and "last_day IS NOT NULL" in q.sql, q.sql
    q = build_query("How many of our staff haven't left?", _garage(), 20)
    assert "last_day IS NULL" in q.sql, q.sql


def test_a_verb_that_names_the_subject_s_date_is_no_child_s_status():
    q = build_query("How many vehicles were registered in 2023?", _garage(), 20)
    assert "FROM shop.vehicle" in q.sql and "registered_on >= '2023-01-01'" in q.sql and "claim_cd" not in q.sql, q.sql


def test_the_most_common_rows_a_bridge_links_count_the_links():
    q = build_query("What are the three most common parts on urgent repair jobs?", _garage(), 20)
    assert "JOIN shop.job_part b ON b.part_id = t.part_id JOIN shop.job o ON o.job_id = b.job_id" in q.sql, q.sql
    assert "o.priority = 2" in q.sql and " IN (SELECT" not in q.sql and "LIMIT 3" in q.sql, q.sql
    q = build_query("Which parts were fitted on urgent repair jobs?", _garage(), 20)
    assert " IN (SELECT b.part_id FROM shop.job_part b" in q.sql, q.sql  # a list: each part once


def test_on_our_books_is_no_booking_and_counts_the_children_still_held():
    cat = _garage()
    cat.tables["vehicle"].columns["sold_on"] = Column("sold_on", "date", comment="NULL = still with the customer")
    cat.tables["inspection"].columns["result"] = Column("result", "char(1)", values=["B", "P"],
                                                        comment="B = booked (not done yet), P = passed")
    q = build_query("Which customers have more than 3 vehicles on our books at the moment?", cat, 20)
    assert "FROM shop.customer e" in q.sql and "c.sold_on IS NULL GROUP BY c.cust_id HAVING count(*) > 3" in q.sql, q.sql
    q = build_query("Which customers have more than 3 vehicles?", cat, 20)
    assert "sold_on" not in q.sql, q.sql


def test_a_value_after_with_no_is_left_out():
    cat = _garage()
    cat.tables["warranty_claim"].columns["state"] = Column("state", "text", values=["open", "appealed", "closed"])
    q = build_query("How many warranty claims are open with no appeal made?", cat, 20)
    assert "t.state IS DISTINCT FROM 'appealed'" in q.sql and "IN (" not in q.sql, q.sql  # ("open": settled_on unset)


def test_a_number_with_a_thousands_comma_against_a_name_written_short():
    cat = _garage()
    cat.tables["customer"].columns["c_acctbal"] = Column("c_acctbal", "numeric")
    q = build_query("Which customers have an account balance above 1,000?", cat, 20)
    assert "t.c_acctbal > 1000" in q.sql, q.sql
    q = build_query("Which customers have more than 2,500 in their account balance?", cat, 20)
    assert "t.c_acctbal > 2500" in q.sql, q.sql


def test_who_works_at_a_place_lists_its_people():
    q = build_query("Who works at our Leeds garage?", _garage(), 20)
    assert q.kind == "list" and "FROM shop.mechanic t JOIN shop.garage" in q.sql and "= 'Leeds'" in q.sql, q.sql
    assert "concat_ws(' ', t.first_name, t.last_name)" in q.sql, q.sql


def test_a_noun_made_from_a_verb_names_its_date():
    from agent.planner.linking import verb_of
    assert [verb_of(w) for w in ("submission", "inspection", "completion", "registration", "station", "car")] == [
        "submit", "inspect", "complet", "registr", None, None]
    cat = _garage()
    cat.tables["warranty_claim"].columns["submitted_on"] = Column("submitted_on", "date", nullable=False)
    q = build_query("What is the submission date of the oldest warranty claim still open?", cat, 20)
    assert "min(t.submitted_on)" in q.sql, q.sql


def test_the_most_common_parent_among_named_children_counts_the_children():
    cat = _garage()
    cat.tables["make"] = Table("shop", "make", "r", pk="make_id", comment="Car makes", columns={
        "make_id": Column("make_id", "integer"), "make_nm": Column("make_nm", "text", values=["Ford", "Audi", "BMW"]),
        "country": Column("country", "text", values=["Germany", "USA"])})
    v = cat.tables["vehicle"]
    v.columns["make_id"] = Column("make_id", "integer")
    v.fks.append(("make_id", "make", "make_id"))
    cat.tables["fuel"] = Table("shop", "fuel", "r", pk="fuel_cd", comment="Fuel types", columns={
        "fuel_cd": Column("fuel_cd", "char(1)"), "fuel_nm": Column("fuel_nm", "text", values=["Diesel", "Electric"])})
    v.columns["fuel_cd"] = Column("fuel_cd", "char(1)")
    v.fks.append(("fuel_cd", "fuel", "fuel_cd"))
    cat.tables["job"].columns["code_ref"] = Column("code_ref", "text", values=["CBC 1.1", "MUN 12.04"], comment=(
        "Code section cited: CBC/CRC building & residential code, CEC electrical, MUN municipal code."))
    q = build_query("Which code section was cited most often in repair jobs raised in 2024?", cat, 20)
    assert "GROUP BY" in q.sql and "code_ref" in q.sql, q.sql  # both words name the group, though one is read
    q = build_query("What is the most common electric make among our vehicles?", cat, 20)
    assert "count(*)" in q.sql and "FROM shop.vehicle t" in q.sql and "GROUP BY" in q.sql and "make_nm" in q.sql, q.sql
    assert "'Electric'" in q.sql and "count(DISTINCT" not in q.sql, q.sql


def test_the_most_common_values_of_a_child_s_column():
    cat = _garage()
    cat.tables["job"].columns["fault"] = Column("fault", "text", values=["flat battery", "worn brakes", "puncture"])
    q = build_query("What were the three most common faults on our vehicles?", cat, 20)
    assert "FROM shop.job t" in q.sql and "GROUP BY 1" in q.sql and "t.fault AS fault" in q.sql, q.sql
    assert "count(*)" in q.sql and "LIMIT 3" in q.sql, q.sql


def test_by_the_one_who_did_it_groups_nothing():
    q = build_query("How many repair jobs raised in 2023 were completed by the customer?", _garage(), 20)
    assert "job_status = 'C'" in q.sql and "GROUP BY" not in q.sql, q.sql
    q = build_query("How many repair jobs were raised in 2023 by customer?", _garage(), 20)
    assert "GROUP BY" in q.sql, q.sql  # no article: a grouping

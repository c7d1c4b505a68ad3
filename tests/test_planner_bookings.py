"""Readings that generalise from the misses of the twenty-first session's run over every unseen set, each on a schema
of its own (a cinema chain): a listing that names its parent and filters on it too (two joins, two aliases), a sum
asked as "how many hectares" when a key's comment holds the verb, a rate "per hectare" that is no area, "the
estimated cost of all the spills" (a sum), "last Saturday", a meaning that is only weak words ("no-show") and two of
them joined by "and", "the share of the app bookings that were no-shows" (the app picks the population), the column a slow lookup is
described by ("looking members up by postcode", "by their number plate", "by the supplier's own invoice number"),
a setting one of whose name's parts is left unsaid ("memory maintenance jobs may use"), a table named with its
schema's words ("a Box Office claim"), "when did we last submit" (submitted_dt, no status 'submitted' too), and the
date a child row's comment says ("when was X granted its premises licence": the permit's date, not a status), and
"reportable to the council" of every code whose meaning says it, and a kind of row the table's comment lists that a
column holds as a value ("how many schools are on the member list"), and "what's the certificate for Paddington
Returns?" (that column of the row the value picks, not a count of it), "on which day was the most recent spill
logged?" (its latest date), "how many hours did staff work" (each shift's end less its start, times of day), and a span whose rows'
own word ("gifts") is no event of a date's comment ("Date the gift was refunded"), and a table comment that opens
with "Every" ("Every screening we have programmed": screenings), a permit that "runs out" or "expires" on its
expires_on, staff who "have left" in a year far from the word (term_dt, not the hire date), inspections "booked for next
week" (when they happen, not when they were booked), and "on hire for more than 90 days", which no rate per day
measures.
Pure functions over catalog objects."""
from __future__ import annotations

import re

from agent.planner.glossary import meanings
from agent.planner.policy import Planner, advice_statement
from agent.planner.sql import build_query
from toolkits.catalog import Catalog, Column, Table, setting_named
from toolkits.postgres import build_registry


def _cinemas() -> Catalog:
    cinema = Table("ops", "cinema", "r", pk="cinema_id", comment="Our cinemas", columns={
        "cinema_id": Column("cinema_id", "integer"),
        "cinema_nm": Column("cinema_nm", "text", values=["Lumen Riverside Quay", "Lumen Hilltop Road"]),
        "stat_cd": Column("stat_cd", "char(1)", values=["P", "L", "O"],
                          comment="P = planned, L = premises licence granted, O = open to the public")})
    staff = Table("ops", "staff", "r", pk="stf_id", comment="Ushers and kiosk staff", columns={
        "stf_id": Column("stf_id", "integer"), "first_nm": Column("first_nm", "text"),
        "last_nm": Column("last_nm", "text"), "cinema_id": Column("cinema_id", "integer"),
        "hire_dt": Column("hire_dt", "date", nullable=False),
        "term_dt": Column("term_dt", "date", comment="Last day of employment; NULL = still employed")},
        fks=[("cinema_id", "cinema", "cinema_id")])
    booking = Table("sales", "booking", "r", pk="bkg_id", comment="Seat bookings", columns={
        "bkg_id": Column("bkg_id", "integer"), "cinema_id": Column("cinema_id", "integer"),
        "show_dt": Column("show_dt", "date", nullable=False), "seats": Column("seats", "smallint"),
        "chan_cd": Column("chan_cd", "char(3)", values=["APP", "BOX", "WEB"],
                          comment="APP = our app, BOX = box office, WEB = website"),
        "stat_cd": Column("stat_cd", "char(1)", values=["B", "A", "N", "L"],
                          comment="B = booked (upcoming), A = attended, N = no-show, L = late cancellation"),
        "fee": Column("fee", "numeric", comment="Fee charged to the card on file")},
        fks=[("cinema_id", "cinema", "cinema_id")])
    spill = Table("ops", "spill_log", "r", pk="log_id", comment="Spills and breakages the staff log", columns={
        "log_id": Column("log_id", "integer"), "cinema_id": Column("cinema_id", "integer"),
        "stf_id": Column("stf_id", "integer"), "logged_at": Column("logged_at", "timestamp", nullable=False),
        "est_cost": Column("est_cost", "numeric", comment="Estimated cost of the spill"),
        "sev_cd": Column("sev_cd", "char(2)", values=["MN", "RP", "DG", "RU"],
                         comment="MN = minor (no report), RP = reportable to the council (injury), DG = dangerous glass "
                                 "breakage (reportable to the council, e.g. a screen), RU = urgent reportable to the "
                                 "council")},
        fks=[("cinema_id", "cinema", "cinema_id"), ("stf_id", "staff", "stf_id")])
    promo = Table("mkt", "promo", "r", pk="promo_id", comment="Marketing promotions", columns={
        "promo_id": Column("promo_id", "integer"),
        "promo_nm": Column("promo_nm", "text", values=["Autumn Classics", "Half Term Family"])})
    zone = Table("mkt", "zone", "r", pk="zone_id", comment="Postcode zones", columns={
        "zone_id": Column("zone_id", "integer"), "zone_nm": Column("zone_nm", "text")})
    drop = Table("mkt", "leaflet_drop", "r", pk="drop_id", comment="Leaflet drops for a promotion", columns={
        "drop_id": Column("drop_id", "integer"), "promo_id": Column("promo_id", "integer"),
        "zone_id": Column("zone_id", "integer", comment="Zone leafleted (a copy of zone.zone_id)"),
        "done_on": Column("done_on", "date", nullable=False),
        "density_ha": Column("density_ha", "numeric", comment="Leaflets dropped per hectare"),
        "area_ha": Column("area_ha", "numeric", comment="Hectares covered")},
        fks=[("promo_id", "promo", "promo_id"), ("zone_id", "zone", "zone_id")])
    member = Table("crm", "member", "r", pk="mbr_id", rows=40000,
                   comment="Loyalty members: people and organisations (schools, companies, clubs)", columns={
        "mbr_id": Column("mbr_id", "integer"), "first_nm": Column("first_nm", "text"),
        "mbr_kind": Column("mbr_kind", "text", values=["person", "school", "company", "club"]),
        "last_nm": Column("last_nm", "text"), "postcode": Column("postcode", "text", samples=["LS6 2AB"]),
        "mobile_no": Column("mobile_no", "text"),
        "pref_cd": Column("pref_cd", "char(1)", values=["M", "E"], comment="Contact by: M = mobile number, E = email")})
    permit = Table("ops", "parking_permit", "r", pk="permit_id", comment="Car park permits", rows=3000, columns={
        "permit_id": Column("permit_id", "integer"), "mbr_id": Column("mbr_id", "integer"),
        "veh_reg": Column("veh_reg", "text"), "issued_on": Column("issued_on", "date", nullable=False),
        "expires_on": Column("expires_on", "date")}, fks=[("mbr_id", "member", "mbr_id")])
    supplier = Table("buy", "supplier", "r", pk="supplier_id", comment="Film distributors and kiosk suppliers", columns={
        "supplier_id": Column("supplier_id", "integer"), "supp_nm": Column("supp_nm", "text")})
    invoice = Table("buy", "supplier_invoice", "r", pk="inv_id", comment="Invoices we receive", rows=9000, columns={
        "inv_id": Column("inv_id", "integer"), "supplier_id": Column("supplier_id", "integer"),
        "supp_inv_ref": Column("supp_inv_ref", "text"), "net_amt": Column("net_amt", "numeric")},
        fks=[("supplier_id", "supplier", "supplier_id")])
    claim = Table("boxoffice", "claim", "r", pk="claim_id", comment="Refund claims to the distributor", columns={
        "claim_id": Column("claim_id", "integer"), "created_dt": Column("created_dt", "date", nullable=False),
        "submitted_dt": Column("submitted_dt", "date", comment="Date sent to the distributor"),
        "claim_status": Column("claim_status", "char(1)", values=["D", "S", "P"],
                               comment="D = draft, S = submitted to the distributor, P = paid")})
    licence = Table("ops", "cinema_permit", "r", pk="permit_id", comment="Council permits of a cinema", columns={
        "permit_id": Column("permit_id", "integer"), "cinema_id": Column("cinema_id", "integer"),
        "lic_dt": Column("lic_dt", "date", comment="Premises licence granted by the council; NULL = applied for")},
        fks=[("cinema_id", "cinema", "cinema_id")])
    film = Table("prog", "film", "r", pk="film_id", comment="Films we have shown", columns={
        "film_id": Column("film_id", "integer"),
        "title": Column("title", "text", values=["Paddington Returns", "The Long Night", "Harbour Lights"]),
        "cert_cd": Column("cert_cd", "text", values=["U", "PG", "12A", "15"], comment="BBFC certificate"),
        "supplier_id": Column("supplier_id", "integer")}, fks=[("supplier_id", "supplier", "supplier_id")])
    rota = Table("ops", "rota", "r", pk="shift_id", comment="Staff rota: one row per person per shift", columns={
        "shift_id": Column("shift_id", "integer"), "stf_id": Column("stf_id", "integer"),
        "shift_dt": Column("shift_dt", "date", nullable=False), "start_tm": Column("start_tm", "time without time zone"),
        "end_tm": Column("end_tm", "time without time zone")}, fks=[("stf_id", "staff", "stf_id")])
    gift = Table("fund", "donation", "r", pk="don_id", comment="All gifts received for the cinema's trust", columns={
        "don_id": Column("don_id", "integer"), "amt": Column("amt", "numeric"),
        "rcvd_dt": Column("rcvd_dt", "date", nullable=False, comment="Date the money was received"),
        "thank_dt": Column("thank_dt", "date", comment="Date the thank-you letter went out"),
        "refund_dt": Column("refund_dt", "date", comment="Date the gift was refunded; NULL = kept")})
    perf = Table("prog", "perf", "r", pk="perf_id", comment="Every screening we have programmed since 2019", columns={
        "perf_id": Column("perf_id", "integer"), "film_id": Column("film_id", "integer"),
        "starts_at": Column("starts_at", "timestamp", nullable=False)}, fks=[("film_id", "film", "film_id")])
    price = Table("prog", "ticket_price", "r", pk="price_id", comment="Ticket price history of a film", columns={
        "price_id": Column("price_id", "integer"), "film_id": Column("film_id", "integer"),
        "valid_from": Column("valid_from", "date", nullable=False),
        "valid_to": Column("valid_to", "date", comment="Last day this price applied; NULL = current price"),
        "price": Column("price", "numeric")}, fks=[("film_id", "film", "film_id")])
    visit = Table("ops", "inspection", "r", pk="insp_id", comment="Fire safety inspections of a cinema", columns={
        "insp_id": Column("insp_id", "integer"), "cinema_id": Column("cinema_id", "integer"),
        "booked_at": Column("booked_at", "timestamp", nullable=False),
        "inspection_at": Column("inspection_at", "timestamp", nullable=False)}, fks=[("cinema_id", "cinema", "cinema_id")])
    kit = Table("ops", "kit_hire", "r", pk="hire_id", comment="Projector and sound kit we hire in", columns={
        "hire_id": Column("hire_id", "integer"), "on_hire_dt": Column("on_hire_dt", "date", nullable=False),
        "day_rate": Column("day_rate", "numeric", comment="Hire rate per day")})
    tables = (cinema, staff, booking, spill, promo, zone, drop, member, permit, supplier, invoice, claim, licence, film,
              rota, gift, perf, price, visit, kit)
    return Catalog({t.name: t for t in tables})


def test_a_listing_that_names_its_parent_and_filters_on_it_joins_it_under_two_names():
    q = build_query("Show me the spills Riverside Quay logged last month", _cinemas(), 20)
    aliases = re.findall(r"JOIN \S+ (\w+) ON", q.sql)
    assert "cinema_nm ILIKE '%Riverside Quay%'" in q.sql and len(aliases) == len(set(aliases)), q.sql


def test_how_many_of_a_unit_sums_that_column_not_a_key_whose_comment_holds_the_verb():
    q = build_query("How many hectares were leafleted for Autumn Classics in 2024?", _cinemas(), 20)
    assert "sum(t.area_ha)" in q.sql and "promo_nm = 'Autumn Classics'" in q.sql, q.sql
    assert "density_ha" not in q.sql and "zone_id)" not in q.sql, q.sql  # per hectare is a rate


def test_the_measure_of_all_the_rows_is_their_sum():
    q = build_query("What was the estimated cost of all the spills Hilltop Road logged in 2024?", _cinemas(), 20)
    assert q.sql.startswith("SELECT sum(t.est_cost)") and "Hilltop Road" in q.sql, q.sql


def test_last_saturday_is_the_saturday_before_today():
    q = build_query("How many seats did Riverside Quay sell last Saturday?", _cinemas(), 20)
    assert "extract(isodow FROM current_date)::int - 6 + 6) % 7 + 1" in q.sql and "show_dt >=" in q.sql, q.sql
    assert "last saturday" in q.summary, q.summary


def test_a_meaning_of_weak_words_is_named_by_all_of_them():
    col = _cinemas().tables["booking"].columns["stat_cd"]
    assert ("N", "no-show") in [(m.code, m.said) for m in meanings(col)]
    q = build_query("How many no-shows did we have on bookings in 2024?", _cinemas(), 20)
    assert "stat_cd = 'N'" in q.sql, q.sql
    q = build_query("How much have we charged in no-show and late-cancellation fees in 2024?", _cinemas(), 20)
    assert "sum(t.fee)" in q.sql and "stat_cd IN ('N', 'L')" in q.sql, q.sql


def test_the_share_of_qualified_rows_counts_them_as_the_population():
    q = build_query("What share of the app bookings in 2024 turned into no-shows?", _cinemas(), 20)
    assert "FILTER (WHERE t.stat_cd = 'N')" in q.sql and re.search(r"WHERE .*chan_cd = 'APP'", q.sql.split("FROM")[-1]), q.sql
    q = build_query("What percentage of bookings in 2024 were no-shows from the app?", _cinemas(), 20)
    assert "FILTER (WHERE t.stat_cd = 'N' AND t.chan_cd = 'APP')" in q.sql or \
        "FILTER (WHERE t.chan_cd = 'APP' AND t.stat_cd = 'N')" in q.sql, q.sql


def test_a_lookup_described_in_words_is_the_statement_the_index_advisor_weighs():
    cat = _cinemas()
    sql = advice_statement("Front of house say looking members up by postcode is really slow. What index would help?", cat)
    assert sql == "SELECT * FROM crm.member WHERE \"postcode\" = 'LS6 2AB'", sql
    sql = advice_statement("The car park office looks up cars by their number plate and it takes ages. What index "
                           "would help?", cat)
    assert sql is not None and '"veh_reg" =' in sql, sql
    sql = advice_statement("Accounts say looking up an invoice by the supplier's own invoice number is slow. "
                           "What index would help?", cat)
    assert sql is not None and '"supp_inv_ref" =' in sql, sql  # not supplier_id: it says "supplier" only
    sql = advice_statement("When members ring in we search for them by mobile number, and it's slow. What index "
                           "would help?", cat)
    assert sql is not None and '"mobile_no" =' in sql, sql  # its name says it; pref_cd only in a comment
    sql = advice_statement("The remittance query (supplier_invoice filtered by supplier_id) is slow. What index?", cat)
    assert sql is not None and 'supplier_invoice WHERE "supplier_id" =' in sql, sql


def test_a_setting_may_leave_a_filler_part_of_its_name_unsaid():
    names = ["maintenance_work_mem", "work_mem", "autovacuum_work_mem", "max_connections", "shared_buffers"]
    assert setting_named("How much memory are maintenance jobs like VACUUM allowed to use?", names) == "maintenance_work_mem"
    assert setting_named("How much memory do maintenance jobs use?", names) is None  # no word asks for a limit
    assert setting_named("What is the maximum number of connections the server allows?", names) == "max_connections"
    cat = _cinemas()
    cat.settings = set(names)
    steps = Planner(build_registry(), None, read_catalog=lambda ctx: cat).make_plan(
        "How much memory are maintenance jobs like VACUUM and CREATE INDEX allowed to use on our server?")
    assert [(s.tool, s.args) for s in steps] == [("settings", {"name": "maintenance_work_mem"})], steps


def test_a_schema_s_words_and_a_verb_name_the_table_and_its_date():
    q = build_query("When did we last submit a Box Office claim?", _cinemas(), 20)
    assert q.sql == ("SELECT max(t.submitted_dt) AS max_submitted_dt FROM boxoffice.claim t WHERE t.submitted_dt < current_date + 1"), q.sql
    # (one made, not one dated ahead: tests/test_planner_press.py)


def test_the_date_a_child_row_s_comment_says_of_the_row_a_name_picks():
    q = build_query("When was Lumen Hilltop Road granted its premises licence?", _cinemas(), 20)
    assert q.sql.startswith("SELECT d.lic_dt FROM ops.cinema t JOIN ops.cinema_permit d ON d.cinema_id = t.cinema_id"), q.sql
    assert "cinema_nm = 'Lumen Hilltop Road'" in q.sql and "stat_cd" not in q.sql, q.sql


def test_a_phrase_every_code_s_meaning_says_picks_them_all():
    q = build_query("How many spills in 2024 were reportable to the council?", _cinemas(), 20)
    assert "sev_cd IN ('RP', 'DG')" in q.sql, q.sql  # not RU: "urgent" sets it apart, a remark says it of DG
    q = build_query("How many minor spills were logged in 2024?", _cinemas(), 20)
    assert "sev_cd = 'MN'" in q.sql, q.sql


def test_a_kind_the_table_s_comment_lists_is_also_a_value_of_its_column():
    q = build_query("How many schools do we have on the member list?", _cinemas(), 20)
    assert q.sql == "SELECT count(*) AS member FROM crm.member t WHERE t.mbr_kind = 'school'", q.sql
    q = build_query("How many members do we have?", _cinemas(), 20)
    assert q.sql == "SELECT count(*) AS member FROM crm.member t", q.sql


def test_what_is_the_column_of_the_row_a_value_picks():
    q = build_query("What's the certificate for Paddington Returns?", _cinemas(), 20)
    assert q.sql == "SELECT t.title, t.cert_cd FROM prog.film t WHERE t.title = 'Paddington Returns' LIMIT 5", q.sql
    q = build_query("What is the ticket price of Paddington Returns right now?", _cinemas(), 20)
    assert q.sql.startswith("SELECT t.price FROM prog.ticket_price t JOIN prog.film") and "valid_to IS NULL" in q.sql \
        and "title = 'Paddington Returns'" in q.sql, q.sql  # the value is the parent's


def test_on_which_day_the_most_recent_row_happened_is_its_latest_date():
    q = build_query("On which day was the most recent spill logged?", _cinemas(), 20)
    assert q.sql == "SELECT max(t.logged_at) AS max_logged_at FROM ops.spill_log t", q.sql


def test_hours_worked_are_each_shift_s_end_less_its_start():
    q = build_query("How many hours did staff work in 2024?", _cinemas(), 20)
    assert q.sql.startswith("SELECT round((sum((extract(epoch FROM (t.end_tm - t.start_tm)) / 3600)))::numeric, 2)") \
        and "FROM ops.rota t" in q.sql and "shift_dt >= '2024-01-01'" in q.sql, q.sql
    q = build_query("How many staff hours did the rota have in 2024?", _cinemas(), 20)
    assert "sum((extract(epoch FROM (t.end_tm - t.start_tm))" in q.sql, q.sql


def test_the_rows_own_word_names_no_event_of_a_span():
    q = build_query("For gifts received in May 2025, how many days on average did it take us to get the thank-you out?",
                    _cinemas(), 20)
    assert "avg((t.thank_dt - t.rcvd_dt)::numeric)" in q.sql and "refund_dt" not in q.sql, q.sql


def test_a_comment_that_opens_with_every_names_the_rows():
    q = build_query("How many screenings did we programme in 2024?", _cinemas(), 20)
    assert "FROM prog.perf t" in q.sql, q.sql


def test_runs_out_and_expire_name_the_expiry_date():
    for q in ("How many parking permits run out in the next 30 days?", "How many parking permits expire in the next 30 days?"):
        sql = build_query(q, _cinemas(), 20).sql
        assert "t.expires_on >= current_date" in sql and "issued_on" not in sql, sql


def test_have_left_dates_the_leaving_even_far_from_the_year():
    q = build_query("How many staff have left the business during the whole of 2024?", _cinemas(), 20)
    assert "t.term_dt >= '2024-01-01'" in q.sql and "hire_dt" not in q.sql, q.sql


def test_booked_for_a_window_dates_the_event_not_the_booking():
    q = build_query("How many inspections are booked for next week?", _cinemas(), 20)
    assert "t.inspection_at >= date_trunc('week', now()) + interval '1 week'" in q.sql, q.sql
    q = build_query("How many inspections were booked last week?", _cinemas(), 20)
    assert "t.booked_at >= date_trunc('week', now()) - interval '1 week'" in q.sql, q.sql


def test_a_rate_per_day_is_no_length_of_time():
    q = build_query("Which kit hires have been on hire for more than 90 days?", _cinemas(), 20)
    assert "day_rate >" not in q.sql, q.sql

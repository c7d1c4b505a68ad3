"""Short, deterministic day-in-the-life workload for the Calder Valley Museums Trust database.

Plays Wednesday 8 October 2025: the admissions desks sell today's tickets and look members
up (by card number, by surname, by e-mail address when someone has forgotten their card);
a few memberships are renewed; the shop and cafe tills ring up sales; the registrar and
curators look objects up, check locations, movement histories, condition reports, loans and
the coming exhibition; a technician records some moves for the Grimshaw Revisited install;
the CRC location audit (stocktake) uploads its scanner results; the learning team checks next
week's school bookings and confirms a few; volunteers' shifts are looked at; reports run.
"""
import datetime as dt
import random

import psycopg

SEED = 20251008
TODAY = dt.date(2025, 10, 8)


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- keys to work with ---------------------------------------------------
            cur.execute("SELECT max(mbr_id) FROM visit.member")
            max_mbr = cur.fetchone()[0]
            mbr_ids = [rng.randint(1, max_mbr) for _ in range(300)]
            cards, emails, surnames = [], [], []
            for mid in mbr_ids[:200]:
                cur.execute("SELECT mbr_no, email, last_nm FROM visit.member WHERE mbr_id = %s", (mid,))
                mbr_no, email, last_nm = cur.fetchone()
                cards.append(mbr_no)
                if email:
                    emails.append(email)
                surnames.append(last_nm)
            conn.commit()

            # --- admissions desks: member look-ups ----------------------------------------
            for c in cards[:120]:
                cur.execute("SELECT mbr_id, first_nm, last_nm, plan_cd, expiry_dt, status_cd FROM visit.member WHERE mbr_no = %s", (c,))
                cur.fetchall()
            # forgotten card: look the member up by e-mail (no index on email)
            for e in emails[:70]:
                cur.execute("SELECT mbr_id, mbr_no, first_nm, last_nm, expiry_dt, status_cd FROM visit.member WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            for s in surnames[:50]:
                cur.execute("SELECT mbr_id, mbr_no, first_nm, last_nm, postcode FROM visit.member WHERE last_nm = %s ORDER BY first_nm", (s,))
                cur.fetchall()
            for mid in mbr_ids[:60]:
                cur.execute("SELECT site_cd, visit_dt, tkt_cd, pax FROM visit.admission WHERE mbr_id = %s ORDER BY visit_dt DESC LIMIT 20", (mid,))
                cur.fetchall()
                cur.execute("SELECT ren_dt, fee_paid, new_expiry FROM visit.mbr_renewal WHERE mbr_id = %s ORDER BY ren_dt", (mid,))
                cur.fetchall()
            conn.commit()

            # --- admissions desks: today's sales ---------------------------------------------
            prices = {"CAG": 9.50, "AMM": 10.50, "HHM": 11.50}
            for site in ("CAG", "AMM", "HHM"):
                for k in range(25):
                    tkt = rng.choice(["ADT", "ADT", "CON", "CHD", "FAM", "MEM", "U5"])
                    qty = 1 if tkt == "FAM" else rng.randint(1, 2)
                    adt = prices[site]
                    std = {"ADT": adt, "CON": adt - 1.5, "CHD": round(adt) / 2, "FAM": round(adt * 5) / 2}.get(tkt, 0.0)
                    ga = tkt in ("ADT", "CON", "FAM") and rng.random() < 0.33
                    prc = round(std * 1.1 * 20) / 20 if ga else std
                    mbr = rng.choice(mbr_ids) if tkt == "MEM" else None
                    sold = dt.datetime(2025, 10, 8, 10, 0) + dt.timedelta(minutes=k * 12 + rng.randint(0, 10))
                    cur.execute("""INSERT INTO visit.admission (site_cd, visit_dt, sold_at, chan_cd, tkt_cd, qty, pax, unit_prc,
                                                               gross_amt, ga_decl, mbr_id, pcode_dist)
                                   VALUES (%s, %s, %s, 'D', %s, %s, %s, %s, %s, %s, %s, %s)""",
                                (site, TODAY, sold, tkt, qty, qty * 4 if tkt == "FAM" else qty, prc, round(qty * prc, 2), ga, mbr,
                                 rng.choice(["HX1", "HX3", "HX7", "HD1", "HD4", "OL14", None])))
                conn.commit()
            # same day in previous years, for the daily report
            for site in ("CAG", "AMM", "HHM"):
                for d in (dt.date(2024, 10, 9), dt.date(2023, 10, 11), dt.date(2022, 10, 12), dt.date(2025, 10, 1)):
                    cur.execute("SELECT tkt_cd, sum(pax), sum(gross_amt) FROM visit.admission WHERE site_cd = %s AND visit_dt = %s GROUP BY tkt_cd", (site, d))
                    cur.fetchall()
            conn.commit()

            # --- membership renewals at the desks ----------------------------------------------
            cur.execute("""SELECT mbr_id, plan_cd, expiry_dt FROM visit.member
                           WHERE status_cd IN ('A','G') AND pay_mthd <> 'DD' AND expiry_dt BETWEEN '2025-09-01' AND '2025-10-31'
                           ORDER BY mbr_id""")
            due = cur.fetchall()
            fees = {"IND": 45, "JNT": 70, "FAM": 85, "CON": 32, "PAT": 275}
            for mid, plan, exp in rng.sample(due, min(12, len(due))):
                new_exp = exp.replace(year=exp.year + 1)
                cur.execute("""INSERT INTO visit.mbr_renewal (mbr_id, ren_dt, plan_cd, fee_paid, pay_mthd, new_expiry)
                               VALUES (%s, %s, %s, %s, 'CRD', %s)""", (mid, TODAY, plan, fees[plan], new_exp))
                cur.execute("UPDATE visit.member SET expiry_dt = %s, status_cd = 'A' WHERE mbr_id = %s", (new_exp, mid))
            conn.commit()

            # --- shop and cafe tills -------------------------------------------------------------
            cur.execute("SELECT sku, outlet, unit_prc FROM retail.product WHERE active ORDER BY sku")
            prods = cur.fetchall()
            shop = [p for p in prods if p[1] == "S"]
            cafe = [p for p in prods if p[1] == "C"]
            for site, staff in (("CAG", (31, 34)), ("AMM", (32, 35)), ("HHM", (33, 36))):
                for k in range(16):
                    outlet = "S" if k % 2 == 0 else "C"
                    items = rng.sample(shop if outlet == "S" else cafe, rng.randint(1, 3))
                    mbr = rng.choice(mbr_ids) if outlet == "S" and rng.random() < 0.15 else None
                    lines, total = [], 0.0
                    for n, (sku, _o, prc) in enumerate(items, start=1):
                        qty = rng.randint(1, 2)
                        disc = round(qty * float(prc) * 0.10, 2) if mbr else 0.0
                        amt = round(qty * float(prc) - disc, 2)
                        total += amt
                        lines.append((n, sku, qty, prc, disc, amt))
                    ts = dt.datetime(2025, 10, 8, 10, 5) + dt.timedelta(minutes=k * 20)
                    cur.execute("""INSERT INTO retail.till_txn (site_cd, outlet, till_no, txn_ts, txn_type, pay_type, mbr_id, total_amt, staff_id)
                                   VALUES (%s, %s, 1, %s, 'S', %s, %s, %s, %s) RETURNING txn_id""",
                                (site, outlet, ts, rng.choice("CCCCX"), mbr, round(total, 2), staff[0] if outlet == "S" else staff[1]))
                    txn_id = cur.fetchone()[0]
                    for n, sku, qty, prc, disc, amt in lines:
                        cur.execute("""INSERT INTO retail.txn_line (txn_id, line_no, sku, qty, unit_prc, disc_amt, line_amt)
                                       VALUES (%s, %s, %s, %s, %s, %s, %s)""", (txn_id, n, sku, qty, prc, disc, amt))
                conn.commit()
            for sku, _o, _p in rng.sample(prods, 25):
                cur.execute("""SELECT date_trunc('month', t.txn_ts), sum(l.qty), sum(l.line_amt)
                               FROM retail.txn_line l JOIN retail.till_txn t ON t.txn_id = l.txn_id
                               WHERE l.sku = %s AND t.txn_ts >= '2025-01-01' GROUP BY 1 ORDER BY 1""", (sku,))
                cur.fetchall()
            for site in ("CAG", "AMM", "HHM"):
                cur.execute("""SELECT outlet, pay_type, count(*), sum(total_amt) FROM retail.till_txn
                               WHERE site_cd = %s AND txn_ts >= '2025-10-07' AND txn_ts < '2025-10-08' GROUP BY 1, 2""", (site,))
                cur.fetchall()
            conn.commit()

            # --- collections: registrar and curators ------------------------------------------
            obj_ids = [rng.randint(1, 60000) for _ in range(250)]
            accns = []
            for oid in obj_ids[:150]:
                cur.execute("SELECT accn_no FROM cms.object WHERE obj_id = %s", (oid,))
                accns.append(cur.fetchone()[0])
            for a in accns:
                cur.execute("""SELECT o.obj_id, o.obj_nm, o.title, o.status_cd, l.loc_cd, l.loc_nm
                               FROM cms.object o LEFT JOIN cms.location l ON l.loc_id = o.cur_loc_id
                               WHERE o.accn_no = %s""", (a,))
                cur.fetchall()
            for oid in obj_ids[:120]:
                cur.execute("""SELECT m.moved_at, f.loc_cd, t.loc_cd, m.rsn_cd
                               FROM cms.obj_move m LEFT JOIN cms.location f ON f.loc_id = m.from_loc
                               JOIN cms.location t ON t.loc_id = m.to_loc
                               WHERE m.obj_id = %s ORDER BY m.moved_at""", (oid,))
                cur.fetchall()
                cur.execute("SELECT chk_dt, chk_rsn, cond_grd, notes, next_due FROM cms.cond_check WHERE obj_id = %s ORDER BY chk_dt DESC", (oid,))
                cur.fetchall()
                cur.execute("SELECT val_dt, val_amt, val_basis FROM cms.valuation WHERE obj_id = %s ORDER BY val_dt DESC LIMIT 1", (oid,))
                cur.fetchall()
            for oid in obj_ids[120:200]:
                cur.execute("SELECT trt_type, trt_status, start_dt, end_dt FROM cms.treatment WHERE obj_id = %s", (oid,))
                cur.fetchall()
                cur.execute("SELECT e.exh_cd, e.title FROM cms.exh_obj x JOIN cms.exhibition e ON e.exh_id = x.exh_id WHERE x.obj_id = %s", (oid,))
                cur.fetchall()
                cur.execute("SELECT l.loan_ref, l.status FROM cms.loan_obj lo JOIN cms.loan l ON l.loan_id = lo.loan_id WHERE lo.obj_id = %s", (oid,))
                cur.fetchall()
            # free-text searches on titles (no index) and by artist
            for word in ["Moonlight", "Heptonstall", "Portrait", "Stoodley", "Kestrel", "Clog", "Shuttle", "Sampler",
                         "Hebden", "Owl", "Piece Hall", "Todmorden", "Brooch", "Mill", "Winter"]:
                cur.execute("SELECT obj_id, accn_no, title, maker FROM cms.object WHERE title ILIKE %s LIMIT 50", ("%" + word + "%",))
                cur.fetchall()
            for maker in ["John Atkinson Grimshaw", "L. S. Lowry", "Ada Holdsworth", "Frank Sutcliffe", "Hattersley & Sons"]:
                cur.execute("SELECT obj_id, accn_no, title, made_yr FROM cms.object WHERE maker = %s ORDER BY made_yr", (maker,))
                cur.fetchall()
            # what is in a few locations
            cur.execute("SELECT loc_id, loc_cd FROM cms.location ORDER BY loc_id")
            locs = cur.fetchall()
            for loc_id, _cd in rng.sample(locs, 30):
                cur.execute("SELECT obj_id, accn_no, obj_nm FROM cms.object WHERE cur_loc_id = %s ORDER BY accn_no LIMIT 200", (loc_id,))
                cur.fetchall()
            cur.execute("SELECT * FROM cms.v_loans_out_current ORDER BY end_dt")
            cur.fetchall()
            cur.execute("""SELECT o.accn_no, o.title, o.maker, lo.ins_val FROM cms.exh_obj x
                           JOIN cms.object o ON o.obj_id = x.obj_id
                           LEFT JOIN cms.loan_obj lo ON lo.obj_id = o.obj_id
                           WHERE x.exh_id = 12 ORDER BY o.accn_no""")
            cur.fetchall()
            conn.commit()

            # --- moves for the Grimshaw Revisited install (objects from store to the Calder Room) ---
            cur.execute("""SELECT x.obj_id, o.cur_loc_id FROM cms.exh_obj x JOIN cms.object o ON o.obj_id = x.obj_id
                           WHERE x.exh_id = 12 AND o.status_cd = 'A' ORDER BY x.obj_id LIMIT 8""")
            to_move = cur.fetchall()
            cur.execute("SELECT loc_id FROM cms.location WHERE loc_cd = 'CRC-PHO'")
            pho = cur.fetchone()[0]
            for n, (oid, loc) in enumerate(to_move):
                cur.execute("""INSERT INTO cms.obj_move (obj_id, from_loc, to_loc, moved_at, moved_by, rsn_cd)
                               VALUES (%s, %s, %s, %s, 15, 'PHO')""", (oid, loc, pho, dt.datetime(2025, 10, 8, 9, 30 + n)))
                cur.execute("UPDATE cms.object SET cur_loc_id = %s WHERE obj_id = %s", (pho, oid))
                cur.execute("""INSERT INTO cms.cond_check (obj_id, chk_dt, chk_by, chk_rsn, cond_grd, notes, next_due)
                               VALUES (%s, %s, 12, 'EXH', %s, NULL, %s)""", (oid, TODAY, rng.choice([1, 1, 2]), dt.date(2026, 10, 8)))
            conn.commit()

            # --- CRC location audit: scanner upload, bay by bay -----------------------------------
            for bay in range(1, 12):
                cur.execute("""UPDATE cms.object SET last_audit_dt = '2025-10-08'
                               WHERE cur_loc_id = (SELECT loc_id FROM cms.location WHERE loc_cd = %s)""", ("CRC-A%02d" % bay,))
                conn.commit()

            # --- learning team -------------------------------------------------------------------
            cur.execute("""SELECT b.bkg_ref, b.visit_dt, b.start_tm, s.title, sc.school_nm, b.pupils, b.bkg_status
                           FROM learn.booking b JOIN learn.session s ON s.sess_cd = b.sess_cd
                           JOIN learn.school sc ON sc.school_id = b.school_id
                           WHERE b.visit_dt BETWEEN '2025-10-13' AND '2025-10-19' ORDER BY b.visit_dt, b.start_tm""")
            cur.fetchall()
            for sid in rng.sample(range(1, 221), 40):
                cur.execute("SELECT bkg_ref, visit_dt, sess_cd, bkg_status, fee_amt FROM learn.booking WHERE school_id = %s ORDER BY visit_dt DESC", (sid,))
                cur.fetchall()
            for name in ["Moorside", "Beech Hill", "St Mary", "Castle Hill", "Heptonstall", "Riverside", "Lindley", "Old Town"]:
                cur.execute("SELECT school_id, school_nm, town, phase FROM learn.school WHERE school_nm ILIKE %s", ("%" + name + "%",))
                cur.fetchall()
            cur.execute("""SELECT bkg_id FROM learn.booking WHERE bkg_status = 'P' AND visit_dt BETWEEN '2025-10-09' AND '2025-10-31'
                           ORDER BY bkg_id LIMIT 4""")
            for (bid,) in cur.fetchall():
                cur.execute("UPDATE learn.booking SET bkg_status = 'C' WHERE bkg_id = %s", (bid,))
            conn.commit()

            # --- volunteers ------------------------------------------------------------------------
            cur.execute("""SELECT s.site_cd, s.start_tm, v.first_nm, v.last_nm, s.role_cd FROM vol.shift s
                           JOIN vol.volunteer v ON v.vol_id = s.vol_id
                           WHERE s.shift_dt = '2025-10-08' ORDER BY s.site_cd, s.start_tm""")
            cur.fetchall()
            for vid in rng.sample(range(1, 321), 40):
                cur.execute("""SELECT shift_dt, hrs, attended FROM vol.shift WHERE vol_id = %s AND shift_dt >= '2025-01-01'
                               ORDER BY shift_dt""", (vid,))
                cur.fetchall()
            conn.commit()

            # --- reports -----------------------------------------------------------------------------
            cur.execute("SELECT site_cd, month, visitors, gross, ga_reclaim FROM visit.mv_monthly_admissions WHERE month >= '2025-01-01' ORDER BY 1, 2")
            cur.fetchall()
            cur.execute("""SELECT site_cd, sum(pax), sum(gross_amt), sum(gross_amt) FILTER (WHERE ga_decl) * 0.25
                           FROM visit.admission WHERE visit_dt >= '2025-09-01' AND visit_dt < '2025-10-01' GROUP BY 1""")
            cur.fetchall()
            cur.execute("""SELECT t.site_cd, t.outlet, p.cat_cd, sum(l.line_amt)
                           FROM retail.txn_line l JOIN retail.till_txn t ON t.txn_id = l.txn_id
                           JOIN retail.product p ON p.sku = l.sku
                           WHERE t.txn_ts >= '2025-09-01' AND t.txn_ts < '2025-10-01' GROUP BY 1, 2, 3 ORDER BY 1, 2, 4 DESC""")
            cur.fetchall()
            cur.execute("""SELECT o.dept_cd, count(*) FROM (SELECT DISTINCT ON (obj_id) obj_id, cond_grd FROM cms.cond_check
                           ORDER BY obj_id, chk_dt DESC) c JOIN cms.object o ON o.obj_id = c.obj_id
                           WHERE c.cond_grd >= 3 GROUP BY 1""")
            cur.fetchall()
            cur.execute("""SELECT plan_cd, status_cd, count(*) FROM visit.member GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT sess_cd, count(*), sum(pupils) FROM learn.booking WHERE bkg_status = 'D'
                           AND visit_dt >= '2024-09-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            conn.commit()

"""Short, deterministic day-in-the-life workload for the Tidewater Marinas database.

Plays Friday 15 August 2025: the marina offices look up berth holders (by account number,
surname, phone number) and their boats, contracts and invoices; the harbour master's team
searches the log for a boat's movements by name (no index on vessel_nm) and books in the
day's visitors; the fuel berths and chandleries ring up sales; the boatyard checks its
work orders, lifts and storage and engineers book their hours; credit control runs the
arrears list and posts the day's receipts; a few reports run. At night the ledger job
re-derives invoice status for recent invoices and the fuel summary is refreshed.
"""
import random

import psycopg

SEED = 20250815
TODAY = "2025-08-15"


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            cur.execute("SELECT max(cust_id) FROM berth.customer")
            max_cust = cur.fetchone()[0]
            cur.execute("SELECT max(vessel_id) FROM berth.vessel")
            max_vessel = cur.fetchone()[0]

            # --- sample keys to work with ------------------------------------------
            cust_ids = [rng.randint(1, max_cust) for _ in range(300)]
            accts, surnames, phones, emails = [], [], [], []
            for cid in cust_ids[:200]:
                cur.execute("SELECT acct_no, last_nm, phone, email FROM berth.customer WHERE cust_id = %s", (cid,))
                a, s, p, e = cur.fetchone()
                accts.append(a)
                surnames.append(s)
                phones.append(p)
                emails.append(e)
            conn.commit()

            # --- marina office: customer look-ups -------------------------------------
            for a in accts[:120]:
                cur.execute("SELECT cust_id, title, first_nm, last_nm, stop_flg FROM berth.customer WHERE acct_no = %s", (a,))
                cid = cur.fetchone()[0]
                cur.execute("SELECT vessel_id, vessel_nm, make_model, loa_m, ins_exp_dt FROM berth.vessel WHERE cust_id = %s", (cid,))
                cur.fetchall()
                cur.execute("""SELECT k.ctr_no, k.ctr_typ, k.start_dt, k.end_dt, k.ctr_status, b.berth_cd, b.site_cd
                               FROM berth.contract k JOIN berth.berth b ON b.berth_id = k.berth_id
                               WHERE k.cust_id = %s ORDER BY k.start_dt DESC""", (cid,))
                cur.fetchall()
                cur.execute("""SELECT inv_no, src_cd, inv_dt, due_dt, net_amt + vat_amt, inv_status
                               FROM acct.invoice WHERE cust_id = %s AND inv_dt >= '2024-08-01' ORDER BY inv_dt DESC""", (cid,))
                invs = cur.fetchall()
                for inv in invs[:2]:
                    cur.execute("SELECT paid_dt, amount, mthd_cd FROM acct.payment p JOIN acct.invoice i ON i.inv_id = p.inv_id WHERE i.inv_no = %s", (inv[0],))
                    cur.fetchall()
            for s in surnames[:60]:
                cur.execute("SELECT cust_id, first_nm, last_nm, town FROM berth.customer WHERE last_nm = %s ORDER BY first_nm", (s,))
                cur.fetchall()
            # a caller's number on the phone display (no index on phone)
            for p in phones[:40]:
                cur.execute("SELECT cust_id, first_nm, last_nm, acct_no FROM berth.customer WHERE phone = %s", (p,))
                cur.fetchall()
            for e in emails[:30]:
                cur.execute("SELECT cust_id, acct_no FROM berth.customer WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            conn.commit()

            # --- berths: who is on which berth --------------------------------------
            cur.execute("SELECT berth_id FROM berth.berth WHERE berth_typ IN ('F','H') ORDER BY berth_id")
            berth_ids = [r[0] for r in cur.fetchall()]
            for bid in rng.sample(berth_ids, 80):
                cur.execute("""SELECT k.ctr_no, c.first_nm, c.last_nm, v.vessel_nm, k.ctr_status
                               FROM berth.contract k JOIN berth.customer c ON c.cust_id = k.cust_id
                               JOIN berth.vessel v ON v.vessel_id = k.vessel_id
                               WHERE k.berth_id = %s AND k.start_dt <= %s AND k.end_dt >= %s""", (bid, TODAY, TODAY))
                cur.fetchall()
            for site in ("SLQ", "LYR", "DRT", "PNC"):
                cur.execute("""SELECT b.berth_cd, b.max_loa FROM berth.berth b
                               WHERE b.site_cd = %s AND b.in_svc AND b.berth_typ IN ('F','H')
                                 AND NOT EXISTS (SELECT 1 FROM berth.contract k WHERE k.berth_id = b.berth_id
                                                 AND k.start_dt <= %s AND k.end_dt >= %s AND k.ctr_status IN ('L','P'))
                               ORDER BY b.max_loa DESC""", (site, TODAY, TODAY))
                cur.fetchall()
                cur.execute("""SELECT stay_id, vessel_nm, loa_m, arr_dt, berth_id FROM berth.visitor_stay
                               WHERE site_cd = %s AND arr_dt >= '2025-08-08' AND dep_dt IS NULL""", (site,))
                cur.fetchall()
                cur.execute("""SELECT count(*), sum(amt_paid) FROM berth.visitor_stay
                               WHERE site_cd = %s AND arr_dt BETWEEN '2025-08-01' AND %s""", (site, TODAY))
                cur.fetchall()
            conn.commit()

            # --- harbour master: a boat's movements by name (seq scan on the log) -------
            cur.execute("SELECT DISTINCT vessel_nm FROM berth.visitor_stay WHERE arr_dt >= '2025-06-01' ORDER BY 1")
            names = [r[0] for r in cur.fetchall()]
            for nm in rng.sample(names, min(150, len(names))):
                cur.execute("""SELECT log_ts, site_cd, kind, detail->>'from', detail->>'to' FROM hm.log_entry
                               WHERE vessel_nm = %s ORDER BY log_ts DESC LIMIT 20""", (nm,))
                cur.fetchall()
            for site in ("SLQ", "LYR", "DRT", "PNC"):
                cur.execute("""SELECT log_ts, kind, vessel_nm, remarks FROM hm.log_entry
                               WHERE site_cd = %s AND log_ts >= '2025-08-14 00:00' ORDER BY log_ts""", (site,))
                cur.fetchall()
                cur.execute("""SELECT log_ts, detail->>'cat', detail->>'sev', remarks FROM hm.log_entry
                               WHERE site_cd = %s AND kind = 'incident' AND log_ts >= '2025-07-01' ORDER BY log_ts""", (site,))
                cur.fetchall()
            conn.commit()

            # --- boatyard: work orders, lifts, storage ---------------------------------
            cur.execute("""SELECT job_id, wo_no, vessel_id, status FROM yard.job
                           WHERE status IN ('booked','in_progress','awaiting_parts') ORDER BY opened_dt""")
            open_jobs = cur.fetchall()
            for job_id, _wo, vessel_id, _st in open_jobs[:60]:
                cur.execute("SELECT work_dt, staff_id, hrs, bill_flg FROM yard.job_labour WHERE job_id = %s ORDER BY work_dt", (job_id,))
                cur.fetchall()
                cur.execute("""SELECT p.prod_nm, jp.qty, jp.unit_prc FROM yard.job_part jp
                               JOIN shop.product p ON p.prod_id = jp.prod_id WHERE jp.job_id = %s""", (job_id,))
                cur.fetchall()
                cur.execute("SELECT wo_no, job_cd, status, opened_dt, done_dt FROM yard.job WHERE vessel_id = %s ORDER BY opened_dt DESC", (vessel_id,))
                cur.fetchall()
            for vid in [rng.randint(1, max_vessel) for _ in range(80)]:
                cur.execute("SELECT lift_ts, lift_typ, hoist_cd, chg_net FROM yard.lift WHERE vessel_id = %s ORDER BY lift_ts DESC", (vid,))
                cur.fetchall()
                cur.execute("SELECT site_cd, bay_cd, from_dt, to_dt, stor_typ FROM yard.storage WHERE vessel_id = %s ORDER BY from_dt DESC", (vid,))
                cur.fetchall()
            for wo in [j[1] for j in rng.sample(open_jobs, 20)]:
                cur.execute("SELECT * FROM yard.job WHERE wo_no = %s", (wo,))
                cur.fetchall()
            cur.execute("""SELECT s.site_cd, s.bay_cd, v.vessel_nm, v.loa_m, s.from_dt FROM yard.storage s
                           JOIN berth.vessel v ON v.vessel_id = s.vessel_id WHERE s.to_dt IS NULL ORDER BY s.site_cd, s.bay_cd""")
            cur.fetchall()
            cur.execute("""SELECT l.staff_id, sum(l.hrs) FROM yard.job_labour l
                           WHERE l.work_dt BETWEEN '2025-08-11' AND %s GROUP BY l.staff_id""", (TODAY,))
            cur.fetchall()
            conn.commit()

            # engineers book today's hours
            cur.execute("SELECT staff_id FROM ref.staff WHERE role_cd IN ('ENG','YH') AND leave_dt IS NULL ORDER BY staff_id")
            yard_staff = [r[0] for r in cur.fetchall()]
            active = [j for j in open_jobs if j[3] == 'in_progress']
            for job_id, _wo, _v, _st in active[:15]:
                cur.execute("""INSERT INTO yard.job_labour (job_id, staff_id, work_dt, hrs, chg_rate, bill_flg)
                               VALUES (%s, %s, %s, %s, 64.50, 'Y')""",
                            (job_id, rng.choice(yard_staff), TODAY, rng.choice([1.0, 1.5, 2.0, 2.5, 3.0, 4.0])))
            conn.commit()

            # --- chandlery ------------------------------------------------------------------
            cur.execute("SELECT sku FROM shop.product ORDER BY prod_id")
            skus = [r[0] for r in cur.fetchall()]
            for sku in rng.sample(skus, 60):
                cur.execute("SELECT prod_id, prod_nm, rrp, stock_qty FROM shop.product WHERE sku = %s", (sku,))
                cur.fetchall()
            for pid in rng.sample(range(1, len(skus) + 1), 25):
                cur.execute("""SELECT date_trunc('month', s.sale_ts), sum(l.qty) FROM shop.sale_line l
                               JOIN shop.sale s ON s.sale_id = l.sale_id
                               WHERE l.prod_id = %s AND s.sale_ts >= '2025-01-01' GROUP BY 1 ORDER BY 1""", (pid,))
                cur.fetchall()
            for site in ("SLQ", "PNC", "HBY"):
                cur.execute("""SELECT sale_id, sale_ts, total_amt, pay_mthd FROM shop.sale
                               WHERE site_cd = %s AND sale_ts >= '2025-08-15' AND sale_ts < '2025-08-16' ORDER BY sale_ts""", (site,))
                cur.fetchall()
            cur.execute("SELECT sku, prod_nm, stock_qty, reorder_lvl FROM shop.product WHERE stock_qty <= reorder_lvl AND NOT disc_flg")
            cur.fetchall()
            # a few more till receipts late in the afternoon
            cur.execute("SELECT max(sale_id) FROM shop.sale")
            next_sale = cur.fetchone()[0]
            for n in range(12):
                next_sale += 1
                site = rng.choice(["SLQ", "PNC", "HBY"])
                lines = [(rng.randint(1, len(skus)), rng.randint(1, 2)) for _ in range(rng.randint(1, 3))]
                cur.execute("""INSERT INTO shop.sale (sale_id, site_cd, sale_ts, cust_id, staff_id, pay_mthd, disc_pct, total_amt)
                               VALUES (%s, %s, %s, NULL, NULL, 'C', 0, 0)""",
                            (next_sale, site, f"2025-08-15 17:{10 + 3 * n:02d}:00"))
                seen = set()
                for ln, (pid, qty) in enumerate(lines, start=1):
                    if pid in seen:
                        continue
                    seen.add(pid)
                    cur.execute("""INSERT INTO shop.sale_line (sale_id, line_no, prod_id, qty, unit_prc)
                                   SELECT %s, %s, prod_id, %s, rrp FROM shop.product WHERE prod_id = %s""", (next_sale, ln, qty, pid))
                    cur.execute("UPDATE shop.product SET stock_qty = greatest(stock_qty - %s, 0) WHERE prod_id = %s", (qty, pid))
                cur.execute("""UPDATE shop.sale SET total_amt = (SELECT sum(qty * unit_prc) FROM shop.sale_line WHERE sale_id = %s)
                               WHERE sale_id = %s""", (next_sale, next_sale))
            conn.commit()

            # --- fuel berth --------------------------------------------------------------------
            cur.execute("SELECT max(sale_id) FROM fuel.fuel_sale")
            next_fuel = cur.fetchone()[0]
            for n in range(20):
                next_fuel += 1
                site = rng.choice(["SLQ", "DRT", "PNC"])
                fuel_cd = "D" if rng.random() < 0.75 else "P"
                litres = round(rng.uniform(15, 180) if fuel_cd == "D" else rng.uniform(8, 60), 2)
                ppl = {"SLQ": 1.420, "DRT": 1.440, "PNC": 1.460}[site] + (0.06 if fuel_cd == "P" else 0)
                cur.execute("""INSERT INTO fuel.fuel_sale (sale_id, site_cd, sale_ts, pump_no, fuel_cd, litres, ppl, amt_gross, vat_rt, pay_mthd)
                               VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 20.00, 'C')""",
                            (next_fuel, site, f"2025-08-15 17:{n * 2:02d}:30", 1 if fuel_cd == "D" else 3, fuel_cd,
                             litres, ppl, round(litres * ppl, 2)))
            cur.execute("""SELECT site_cd, fuel_cd, sum(litres), sum(amt_gross) FROM fuel.fuel_sale
                           WHERE sale_ts >= '2025-08-01' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT fuel_cd, sum(litres) FROM fuel.fuel_sale
                           WHERE sale_ts >= '2025-08-15' AND sale_ts < '2025-08-16' GROUP BY 1""")
            cur.fetchall()
            conn.commit()

            # --- visitors arriving this afternoon ----------------------------------------
            cur.execute("SELECT site_cd, berth_id FROM berth.berth WHERE berth_typ = 'V' ORDER BY berth_id")
            vberths = cur.fetchall()
            boats = ["Morning Tide", "Kestrel", "Blue Horizon", "Saoirse", "Belle Ile", "Westerly Wind", "Moonraker", "Fulmar"]
            for n, nm in enumerate(boats):
                site, bid = rng.choice(vberths)
                loa = round(rng.uniform(8.5, 13.5), 1)
                cur.execute("SELECT rate FROM ref.tariff WHERE site_cd = %s AND tariff_yr = 2025 AND chg_cd = 'VIS'", (site,))
                rate = round(float(cur.fetchone()[0]) * 1.2, 2)
                cur.execute("""INSERT INTO berth.visitor_stay (site_cd, berth_id, vessel_nm, loa_m, home_port, skipper_nm, arr_dt,
                                                             booked_via, rate_pmn)
                               VALUES (%s, %s, %s, %s, %s, %s, %s, 'V', %s)""",
                            (site, bid, nm, loa, rng.choice(["Cherbourg", "Cowes", "Falmouth", "Weymouth"]), "Visiting skipper", TODAY, rate))
                cur.execute("""INSERT INTO hm.log_entry (site_cd, log_ts, kind, vessel_nm, berth_id, detail)
                               VALUES (%s, %s, 'arrival', %s, %s, %s)""",
                            (site, f"2025-08-15 18:{5 * n:02d}:00", nm, bid, '{"from": "Cherbourg", "pob": 3, "vhf": true}'))
            conn.commit()

            # --- credit control: arrears list and today's receipts -------------------------
            cur.execute("""SELECT cust_id, cust_nm, acct_no, sum(balance), min(due_dt) FROM acct.v_inv_balance
                           WHERE balance > 0 AND due_dt < %s AND inv_status IN ('O','P')
                           GROUP BY 1, 2, 3 ORDER BY 4 DESC""", (TODAY,))
            arrears = cur.fetchall()
            for row in arrears[:40]:
                cur.execute("""SELECT inv_no, src_cd, inv_dt, due_dt, balance FROM acct.v_inv_balance
                               WHERE cust_id = %s AND balance > 0 ORDER BY due_dt""", (row[0],))
                cur.fetchall()
            cur.execute("""SELECT inv_id, net_amt + vat_amt FROM acct.invoice
                           WHERE inv_status = 'O' AND inv_dt >= '2025-07-01' ORDER BY inv_id""")
            to_pay = cur.fetchall()
            for inv_id, gross in rng.sample(to_pay, min(35, len(to_pay))):
                cur.execute("""INSERT INTO acct.payment (inv_id, paid_dt, amount, mthd_cd, ref_txt)
                               VALUES (%s, %s, %s, %s, NULL)""", (inv_id, TODAY, gross, rng.choice(["BAC", "CRD"])))
            conn.commit()
            for cid in cust_ids[200:260]:
                cur.execute("""SELECT i.inv_no, i.inv_dt, i.net_amt, i.vat_amt, i.inv_status FROM acct.invoice i
                               WHERE i.cust_id = %s ORDER BY i.inv_dt DESC LIMIT 12""", (cid,))
                cur.fetchall()
            conn.commit()

            # --- rota -----------------------------------------------------------------------
            for site in ("SLQ", "LYR", "DRT", "PNC", "HBY"):
                cur.execute("""SELECT r.shift_dt, r.shift_cd, s.first_nm, s.last_nm, r.att_cd FROM ops.rota r
                               JOIN ref.staff s ON s.staff_id = r.staff_id
                               WHERE r.shift_dt BETWEEN '2025-08-18' AND '2025-08-24' AND r.site_cd = %s
                               ORDER BY r.shift_dt, r.start_ts""", (site,))
                cur.fetchall()
                cur.execute("""SELECT count(*) FILTER (WHERE att_cd = 'S'), count(*) FROM ops.rota
                               WHERE shift_dt BETWEEN '2025-07-01' AND '2025-07-31' AND site_cd = %s""", (site,))
                cur.fetchall()
            conn.commit()

            # --- management reports ------------------------------------------------------------
            cur.execute("""SELECT b.site_cd, k.ctr_typ, count(*), sum(k.price_net) FROM berth.contract k
                           JOIN berth.berth b ON b.berth_id = k.berth_id
                           WHERE k.ctr_status = 'L' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT site_cd, date_trunc('month', arr_dt), sum(dep_dt - arr_dt), sum(amt_paid)
                           FROM berth.visitor_stay WHERE arr_dt >= '2024-04-01' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("SELECT site_cd, month, fuel_cd, litres, gross_amt FROM fuel.mv_fuel_month WHERE month >= '2024-01-01' ORDER BY 1, 2, 3")
            cur.fetchall()
            cur.execute("""SELECT j.site_cd, j.job_cd, count(*), sum(l.hrs) FROM yard.job j
                           JOIN yard.job_labour l ON l.job_id = j.job_id
                           WHERE j.done_dt >= '2025-01-01' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT p.cat_cd, sum(l.qty * l.unit_prc) FROM shop.sale_line l
                           JOIN shop.sale s ON s.sale_id = l.sale_id JOIN shop.product p ON p.prod_id = l.prod_id
                           WHERE s.sale_ts >= '2025-07-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT src_cd, date_trunc('month', inv_dt), sum(net_amt) FROM acct.invoice
                           WHERE inv_status <> 'V' AND inv_dt >= '2025-01-01' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT site_cd, detail->>'cat', count(*) FROM hm.log_entry
                           WHERE kind = 'incident' AND log_ts >= '2025-01-01' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            conn.commit()

            # --- night: ledger job re-derives invoice status from the payments ------------------
            cur.execute("""UPDATE acct.invoice i SET inv_status = CASE
                                WHEN i.inv_status IN ('V','W') THEN i.inv_status
                                WHEN coalesce(p.paid, 0) >= i.net_amt + i.vat_amt THEN 'S'
                                WHEN coalesce(p.paid, 0) > 0 THEN 'P' ELSE 'O' END
                           FROM (SELECT i2.inv_id, sum(pm.amount) AS paid FROM acct.invoice i2
                                 LEFT JOIN acct.payment pm ON pm.inv_id = i2.inv_id
                                 WHERE i2.inv_dt >= '2025-05-01' GROUP BY i2.inv_id) p
                           WHERE p.inv_id = i.inv_id""")
            conn.commit()
            # departures logged this evening
            cur.execute("""SELECT stay_id FROM berth.visitor_stay WHERE dep_dt IS NULL AND arr_dt <= '2025-08-13'
                           ORDER BY stay_id LIMIT 10""")
            for (sid,) in cur.fetchall():
                cur.execute("""UPDATE berth.visitor_stay SET dep_dt = %s, amt_paid = round(loa_m * rate_pmn * (%s::date - arr_dt), 2),
                               pay_mthd = 'C' WHERE stay_id = %s""", (TODAY, TODAY, sid))
            conn.commit()
            cur.execute("REFRESH MATERIALIZED VIEW CONCURRENTLY fuel.mv_fuel_month")
            conn.commit()

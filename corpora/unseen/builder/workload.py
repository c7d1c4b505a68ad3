"""Short, deterministic day-in-the-life workload for the construction contractor database.

Plays what the sites and the head office do on Thursday 12 June 2025: gatemen and site managers
check operatives in by CSCS card number and look at their tickets; site managers review and approve
last week's timesheets; the payroll interface stamps approved hours (and its nightly re-sync rewrites
the whole year's approved rows); buyers look up and raise purchase orders and bin stale drafts;
accounts payable search supplier invoices by the supplier's own invoice number when suppliers ring
up, and approve matched invoices; site teams call plant off hire; QA closes snags; QSs look at
valuations, variations and the open-variation list; a few reports run.
"""
import random

import psycopg

SEED = 20250612
TODAY = "2025-06-12"


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- keys to work with -------------------------------------------------------
            cur.execute("SELECT proj_id FROM proj.project WHERE status_cd = 'L' ORDER BY proj_id")
            live = [r[0] for r in cur.fetchall()]
            cur.execute("SELECT proj_id FROM proj.project WHERE status_cd IN ('L','P') ORDER BY proj_id")
            live_or_pc = [r[0] for r in cur.fetchall()]
            cur.execute("""SELECT DISTINCT t.worker_id FROM labour.timesheet t
                           WHERE t.week_ending = '2025-06-08' ORDER BY t.worker_id""")
            on_site = [r[0] for r in cur.fetchall()]
            conn.commit()

            # --- site gate: check operatives in by CSCS card (no index on cscs_no) ----------
            workers = rng.sample(on_site, 120)
            cards = []
            for wid in workers:
                cur.execute("SELECT cscs_no, last_nm, first_nm FROM labour.worker WHERE worker_id = %s", (wid,))
                cscs, last_nm, first_nm = cur.fetchone()
                if cscs:
                    cards.append(cscs)
            for c in cards[:90]:
                cur.execute("""SELECT worker_id, first_nm, last_nm, emp_type, sub_id
                               FROM labour.worker WHERE cscs_no = %s""", (c,))
                row = cur.fetchone()
                if row:
                    cur.execute("""SELECT cert_cd, cert_no, expires_on FROM labour.worker_cert
                                   WHERE worker_id = %s ORDER BY cert_cd""", (row[0],))
                    cur.fetchall()
            cur.execute("SELECT sub_id FROM supply.subcontractor ORDER BY sub_id")
            subs = [r[0] for r in cur.fetchall()]
            for sid in rng.sample(subs, 25):
                cur.execute("""SELECT worker_id, first_nm, last_nm FROM labour.worker
                               WHERE sub_id = %s AND end_dt IS NULL ORDER BY last_nm""", (sid,))
                cur.fetchall()
                cur.execute("""SELECT pkg_id, pkg_ref, status_cd, order_val FROM supply.trade_pkg
                               WHERE sub_id = %s ORDER BY let_on DESC""", (sid,))
                cur.fetchall()
            for ln in ["Smith", "Khan", "Kowalski", "Whittaker", "Taylor", "Murphy", "Haslam", "Booth"]:
                cur.execute("""SELECT worker_id, first_nm, last_nm, emp_type FROM labour.worker
                               WHERE last_nm = %s ORDER BY first_nm""", (ln,))
                cur.fetchall()
            # cards expiring in the next month (weekly compliance report)
            cur.execute("""SELECT w.first_nm, w.last_nm, c.cert_cd, c.expires_on
                           FROM labour.worker_cert c JOIN labour.worker w ON w.worker_id = c.worker_id
                           WHERE c.expires_on BETWEEN %s::date AND %s::date + 30 AND w.end_dt IS NULL
                           ORDER BY c.expires_on""", (TODAY, TODAY))
            cur.fetchall()
            conn.commit()

            # --- timesheets: review and approve last week -----------------------------------
            for pid in live:
                cur.execute("""SELECT t.worker_id, w.last_nm, t.hrs_norm, t.hrs_ot, t.ts_status
                               FROM labour.timesheet t JOIN labour.worker w ON w.worker_id = t.worker_id
                               WHERE t.proj_id = %s AND t.week_ending = '2025-06-08'""", (pid,))
                cur.fetchall()
            for wid in rng.sample(on_site, 60):
                cur.execute("""SELECT week_ending, proj_id, hrs_norm, hrs_ot, ts_status FROM labour.timesheet
                               WHERE worker_id = %s AND week_ending >= '2025-01-01' ORDER BY week_ending""", (wid,))
                cur.fetchall()
            approving = sorted(rng.sample(live, len(live) * 2 // 3))
            for pid in approving:
                cur.execute("""SELECT site_mgr_id FROM proj.site WHERE proj_id = %s ORDER BY site_id LIMIT 1""", (pid,))
                sm = cur.fetchone()[0]
                cur.execute("""UPDATE labour.timesheet
                               SET ts_status = 'A', approved_by = %s, approved_at = timestamp '2025-06-12 08:30'
                               WHERE proj_id = %s AND week_ending = '2025-06-08' AND ts_status = 'S'""", (sm, pid))
                conn.commit()

            # payroll interface: stamp approved hours not yet paid
            cur.execute("""UPDATE labour.timesheet SET pr_run_no = 202524
                           WHERE ts_status = 'A' AND pr_run_no IS NULL AND week_ending <= '2025-06-08'""")
            conn.commit()
            # ... and its nightly re-sync rewrites every approved row of the payroll year
            cur.execute("""UPDATE labour.timesheet SET pr_run_no = pr_run_no
                           WHERE ts_status = 'A' AND week_ending >= '2025-01-01'""")
            conn.commit()

            # --- purchasing ------------------------------------------------------------------
            cur.execute("SELECT po_no FROM supply.purchase_order WHERE raised_on >= '2025-04-01' ORDER BY po_id")
            recent_po = [r[0] for r in cur.fetchall()]
            for po in rng.sample(recent_po, 80):
                cur.execute("""SELECT po_id, proj_id, supplier_id, po_val, po_status FROM supply.purchase_order
                               WHERE po_no = %s""", (po,))
                po_id = cur.fetchone()[0]
                cur.execute("""SELECT sinv_id, supp_inv_ref, net_amt, match_cd, paid_on FROM supply.supplier_invoice
                               WHERE po_id = %s""", (po_id,))
                cur.fetchall()
            for pid in live:
                cur.execute("""SELECT po_no, descr, po_val, po_status FROM supply.purchase_order
                               WHERE proj_id = %s AND raised_on >= '2025-05-01' ORDER BY raised_on""", (pid,))
                cur.fetchall()
            cur.execute("SELECT supplier_id FROM supply.supplier WHERE cat_cd IN ('MAT','CON','SRV') ORDER BY supplier_id")
            mat_sup = [r[0] for r in cur.fetchall()]
            for sid in rng.sample(mat_sup, 30):
                cur.execute("""SELECT po_no, raised_on, po_val FROM supply.purchase_order
                               WHERE supplier_id = %s AND po_status IN ('O','P') ORDER BY raised_on""", (sid,))
                cur.fetchall()
            # new orders raised today
            cur.execute("SELECT max(substr(po_no, 3)::int) FROM supply.purchase_order")
            next_no = cur.fetchone()[0] + 1
            cur.execute("SELECT staff_id FROM proj.staff WHERE role_cd = 'BU' AND left_on IS NULL ORDER BY staff_id LIMIT 1")
            buyer = cur.fetchone()[0]
            for k in range(24):
                pid = rng.choice(live)
                sid = rng.choice(mat_sup)
                val = round(rng.uniform(80, 6000), 2)
                cur.execute("""INSERT INTO supply.purchase_order (po_no, proj_id, supplier_id, raised_by, raised_on, reqd_dt,
                                                                  cost_cd, descr, po_val, po_status)
                               VALUES (%s, %s, %s, %s, %s, %s::date + 7, 'FIT', 'Plasterboard and metal stud', %s, 'O')""",
                            ("PO" + str(next_no + k), pid, sid, buyer, TODAY, TODAY, val))
            conn.commit()
            # housekeeping: bin material drafts nobody sent within two weeks
            cur.execute("""DELETE FROM supply.purchase_order
                           WHERE po_status = 'D' AND cost_cd <> 'PLT' AND raised_on < %s::date - 14""", (TODAY,))
            conn.commit()

            # --- accounts payable: suppliers ring up quoting their own invoice number ---------
            cur.execute("""SELECT supp_inv_ref, supplier_id FROM supply.supplier_invoice
                           WHERE recvd_dt >= '2025-03-01' ORDER BY sinv_id""")
            refs = cur.fetchall()
            for ref, sid in rng.sample(refs, 100):
                cur.execute("""SELECT sinv_id, inv_dt, net_amt + vat_amt, match_cd, approved_on, paid_on
                               FROM supply.supplier_invoice WHERE supp_inv_ref = %s""", (ref,))
                cur.fetchall()
            for sid in rng.sample(mat_sup, 25):
                cur.execute("""SELECT supp_inv_ref, inv_dt, net_amt, paid_on FROM supply.supplier_invoice
                               WHERE supplier_id = %s AND inv_dt >= '2025-01-01' ORDER BY inv_dt""", (sid,))
                cur.fetchall()
            cur.execute("""SELECT s.supp_nm, count(*), sum(i.net_amt + i.vat_amt)
                           FROM supply.supplier_invoice i JOIN supply.supplier s ON s.supplier_id = i.supplier_id
                           WHERE i.paid_on IS NULL AND i.due_dt <= '2025-06-20' GROUP BY s.supp_nm ORDER BY 3 DESC""")
            cur.fetchall()
            # QS approvals of matched invoices received up to last Friday
            cur.execute("""UPDATE supply.supplier_invoice SET approved_on = %s
                           WHERE match_cd = 'M' AND approved_on IS NULL AND recvd_dt <= '2025-06-06'""", (TODAY,))
            conn.commit()

            # --- plant: what is on hire, call some of it off --------------------------------
            for pid in live_or_pc:
                cur.execute("""SELECT hire_ref, cat_cd, on_hire_dt, est_off_dt, day_rate FROM plant.hire
                               WHERE proj_id = %s AND hire_status = 'O' ORDER BY on_hire_dt""", (pid,))
                cur.fetchall()
            cur.execute("""SELECT hire_id FROM plant.hire WHERE hire_status = 'O' AND est_off_dt < %s::date - 30
                           AND cat_cd NOT IN ('CAB','WEL','TWC') ORDER BY hire_id""", (TODAY,))
            overdue = [r[0] for r in cur.fetchall()]
            for n, hid in enumerate(overdue[:10]):
                cur.execute("""UPDATE plant.hire SET off_hire_dt = %s, hire_status = 'F', offhire_ref = %s
                               WHERE hire_id = %s""", (TODAY, "OH" + str(8800100 + n), hid))
            conn.commit()

            # --- QA and HSE ------------------------------------------------------------------
            for pid in live_or_pc:
                cur.execute("""SELECT snag_id, snag_loc, descr, priority, target_dt FROM qa.snag
                               WHERE proj_id = %s AND status_cd = 'O' ORDER BY priority, raised_on""", (pid,))
                cur.fetchall()
            cur.execute("SELECT pkg_id FROM supply.trade_pkg WHERE status_cd = 'L' ORDER BY pkg_id")
            pkgs = [r[0] for r in cur.fetchall()]
            for pk in rng.sample(pkgs, 40):
                cur.execute("SELECT snag_id, descr, status_cd FROM qa.snag WHERE pkg_id = %s AND status_cd IN ('O','F')", (pk,))
                cur.fetchall()
            # clerk of works signs off fixed snags on three jobs
            cur.execute("SELECT DISTINCT proj_id FROM qa.snag WHERE status_cd = 'F' ORDER BY proj_id LIMIT 3")
            for (pid,) in cur.fetchall():
                cur.execute("""UPDATE qa.snag SET status_cd = 'C', closed_on = %s
                               WHERE proj_id = %s AND status_cd = 'F'""", (TODAY, pid))
            conn.commit()
            cur.execute("SELECT site_id FROM proj.site WHERE closed_on IS NULL ORDER BY site_id")
            open_sites = [r[0] for r in cur.fetchall()]
            for sid in open_sites:
                cur.execute("""SELECT insp_dt, insp_type, score, result_cd FROM hse.inspection
                               WHERE site_id = %s AND insp_dt >= '2025-03-01' ORDER BY insp_dt DESC""", (sid,))
                cur.fetchall()
                cur.execute("""SELECT inc_ref, occurred_at, severity_cd, closed_on FROM hse.incident
                               WHERE site_id = %s AND occurred_at >= '2024-06-12' ORDER BY occurred_at DESC""", (sid,))
                cur.fetchall()
            conn.commit()

            # --- commercial --------------------------------------------------------------------
            cur.execute("SELECT contract_id, proj_id FROM comm.contract ORDER BY contract_id")
            contracts = cur.fetchall()
            for cid, pid in contracts:
                if pid not in live_or_pc:
                    continue
                cur.execute("""SELECT val_no, val_dt, gross_applied, gross_cert, net_due, status_cd FROM comm.valuation
                               WHERE contract_id = %s ORDER BY val_no""", (cid,))
                cur.fetchall()
                cur.execute("""SELECT var_no, var_title, status_cd, quoted_amt, agreed_amt FROM comm.variation
                               WHERE contract_id = %s ORDER BY var_no""", (cid,))
                cur.fetchall()
                cur.execute("SELECT contract_sum, ret_pct, compl_due FROM comm.contract WHERE proj_id = %s", (pid,))
                cur.fetchall()
                cur.execute("SELECT site_id, site_name FROM proj.site WHERE proj_id = %s", (pid,))
                cur.fetchall()
            cur.execute("""SELECT contract_id, var_no, var_title, quoted_amt FROM comm.variation
                           WHERE status_cd IN ('N','S') ORDER BY notified_on""")
            cur.fetchall()
            cur.execute("SELECT client_id FROM crm.client ORDER BY client_id")
            for (cl,) in cur.fetchall()[:20]:
                cur.execute("SELECT proj_code, proj_name, status_cd FROM proj.project WHERE client_id = %s ORDER BY start_dt", (cl,))
                cur.fetchall()
            conn.commit()

            # --- reports -------------------------------------------------------------------------
            cur.execute("""SELECT p.proj_code, sum((t.hrs_norm + 1.5 * t.hrs_ot) * w.hourly_rate)
                           FROM labour.timesheet t JOIN labour.worker w ON w.worker_id = t.worker_id
                           JOIN proj.project p ON p.proj_id = t.proj_id
                           WHERE t.ts_status = 'A' AND t.week_ending >= '2025-05-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            # job labour history for the cost-value reconciliation (whole life of each job)
            cur.execute("SELECT proj_id FROM proj.project WHERE status_cd IN ('L','P','C') ORDER BY proj_id")
            for (pid,) in cur.fetchall():
                cur.execute("""SELECT date_trunc('month', week_ending), sum(hrs_norm + hrs_ot) FROM labour.timesheet
                               WHERE proj_id = %s AND ts_status = 'A' GROUP BY 1 ORDER BY 1""", (pid,))
                cur.fetchall()
            cur.execute("""SELECT s.sub_nm, count(*) FROM qa.snag q JOIN supply.trade_pkg k ON k.pkg_id = q.pkg_id
                           JOIN supply.subcontractor s ON s.sub_id = k.sub_id
                           WHERE q.status_cd = 'O' GROUP BY 1 ORDER BY 2 DESC LIMIT 20""")
            cur.fetchall()
            cur.execute("SELECT * FROM comm.v_contract_value ORDER BY revised_sum DESC")
            cur.fetchall()
            cur.execute("SELECT * FROM plant.v_on_hire ORDER BY on_hire_dt")
            cur.fetchall()
            conn.commit()

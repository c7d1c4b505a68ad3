"""Short, deterministic day-in-the-life workload for the recruitment database.

Plays what the branches and back office do on a Friday (14 June 2024): consultants
look up candidates (by email, by name, by mobile number from a missed call),
check vacancies, pipelines and interviews; the temp desk checks timesheets;
credit control looks at invoices; a few reports run; the payroll export stamps
approved timesheets and consultants log candidate contact.
"""
import random

import psycopg

SEED = 20240614


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample keys to work with (by primary key) ---------------------
            cand_ids = [rng.randint(1, 30000) for _ in range(400)]
            emails, mobiles, surnames = [], [], []
            for cid in cand_ids[:250]:
                cur.execute("SELECT email, mobile_no, last_nm FROM talent.candidate WHERE cand_id = %s", (cid,))
                email, mobile, last_nm = cur.fetchone()
                emails.append(email)
                if mobile:
                    mobiles.append(mobile)
                surnames.append(last_nm)
            conn.commit()

            # --- candidate look-ups -------------------------------------------
            for e in emails[:150]:
                cur.execute("SELECT cand_id, first_nm, last_nm, status_cd FROM talent.candidate WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            # missed calls: search by mobile number (no index on mobile_no)
            for m in mobiles[:60]:
                cur.execute("SELECT cand_id, first_nm, last_nm, email FROM talent.candidate WHERE mobile_no = %s", (m,))
                cur.fetchall()
            for s in surnames[:40]:
                cur.execute("SELECT cand_id, first_nm, last_nm, city FROM talent.candidate WHERE last_nm = %s ORDER BY first_nm LIMIT 50", (s,))
                cur.fetchall()
            for cid in cand_ids[:120]:
                cur.execute("""SELECT a.app_id, v.ref_code, v.job_title, a.stage, a.applied_at
                               FROM hiring.application a JOIN hiring.vacancy v ON v.vac_id = a.vac_id
                               WHERE a.cand_id = %s ORDER BY a.applied_at DESC""", (cid,))
                cur.fetchall()
                cur.execute("SELECT placement_id, plc_type, start_dt, end_dt, status_cd FROM hiring.placement WHERE cand_id = %s", (cid,))
                cur.fetchall()
            for sk in [rng.randint(1, 50) for _ in range(15)]:
                cur.execute("""SELECT c.cand_id, c.first_nm, c.last_nm, cs.prof_lvl
                               FROM talent.candidate_skill cs JOIN talent.candidate c ON c.cand_id = cs.cand_id
                               WHERE cs.skill_id = %s AND cs.prof_lvl >= 4 AND c.status_cd = 'A'
                               ORDER BY cs.prof_lvl DESC, cs.yrs_exp DESC LIMIT 25""", (sk,))
                cur.fetchall()
            conn.commit()

            # --- vacancies, pipelines, interviews --------------------------------
            cur.execute("SELECT vac_id, ref_code, job_title, client_id FROM hiring.vacancy WHERE vac_status IN ('O','H') ORDER BY opened_on")
            open_vacs = cur.fetchall()
            for vac_id, _ref, _title, client_id in rng.sample(open_vacs, 60):
                cur.execute("""SELECT a.app_id, c.first_nm, c.last_nm, a.stage
                               FROM hiring.application a JOIN talent.candidate c ON c.cand_id = a.cand_id
                               WHERE a.vac_id = %s ORDER BY a.stage, a.applied_at""", (vac_id,))
                apps = cur.fetchall()
                for app in apps[:3]:
                    cur.execute("SELECT round_no, sched_at, fmt, outcome FROM hiring.interview WHERE app_id = %s", (app[0],))
                    cur.fetchall()
                cur.execute("SELECT vac_id, ref_code, vac_status, opened_on FROM hiring.vacancy WHERE client_id = %s ORDER BY opened_on DESC LIMIT 20", (client_id,))
                cur.fetchall()
                cur.execute("SELECT contact_id, full_name, email, phone FROM crm.client_contact WHERE client_id = %s AND left_company_on IS NULL", (client_id,))
                cur.fetchall()
            for ref in [v[1] for v in rng.sample(open_vacs, 20)]:
                cur.execute("SELECT * FROM hiring.vacancy WHERE ref_code = %s", (ref,))
                cur.fetchall()
            cur.execute("""SELECT i.sched_at, i.fmt, c.first_nm, c.last_nm, v.job_title
                           FROM hiring.interview i
                           JOIN hiring.application a ON a.app_id = i.app_id
                           JOIN talent.candidate c ON c.cand_id = a.cand_id
                           JOIN hiring.vacancy v ON v.vac_id = a.vac_id
                           WHERE i.sched_at >= '2024-06-17' AND i.sched_at < '2024-06-22'
                           ORDER BY i.sched_at""")
            cur.fetchall()
            for k in range(1, 25):
                cur.execute("SELECT client_id, client_name, tier FROM crm.client WHERE acct_mgr_id = %s ORDER BY client_name", (k,))
                cur.fetchall()
            conn.commit()

            # --- temp desk: timesheets ------------------------------------------
            cur.execute("SELECT placement_id, client_id FROM hiring.placement WHERE plc_type = 'T' AND status_cd = 'A' ORDER BY placement_id")
            active = cur.fetchall()
            for pid, client_id in rng.sample(active, 150):
                cur.execute("""SELECT week_ending, hrs_std, hrs_ot, ts_status FROM billing.timesheet
                               WHERE placement_id = %s AND week_ending >= '2024-04-01' ORDER BY week_ending""", (pid,))
                cur.fetchall()
            for client_id in sorted({c for _, c in active})[:40]:
                cur.execute("""SELECT p.placement_id, c.first_nm, c.last_nm, t.hrs_std, t.hrs_ot, t.ts_status
                               FROM hiring.placement p
                               JOIN talent.candidate c ON c.cand_id = p.cand_id
                               JOIN billing.timesheet t ON t.placement_id = p.placement_id AND t.week_ending = '2024-06-09'
                               WHERE p.client_id = %s""", (client_id,))
                cur.fetchall()
            conn.commit()

            # --- credit control ---------------------------------------------------
            clients = rng.sample(range(1, 421), 60)
            for client_id in clients:
                cur.execute("""SELECT inv_no, inv_type, issued_on, due_on, net_amt + vat_amt, paid_on
                               FROM billing.invoice WHERE client_id = %s AND issued_on >= '2024-01-01'
                               ORDER BY issued_on DESC""", (client_id,))
                invs = cur.fetchall()
            cur.execute("SELECT invoice_id FROM billing.invoice WHERE inv_type = 'TS' AND issued_on = '2024-06-03' ORDER BY invoice_id")
            may_invs = [r[0] for r in cur.fetchall()]
            for inv in rng.sample(may_invs, 30):
                cur.execute("""SELECT t.placement_id, t.week_ending, t.hrs_std, t.hrs_ot
                               FROM billing.timesheet t WHERE t.invoice_id = %s ORDER BY t.week_ending""", (inv,))
                cur.fetchall()
            cur.execute("""SELECT client_name, count(*), sum(gross_amt) FROM billing.v_unpaid_invoices
                           WHERE due_on < '2024-06-14' GROUP BY client_name ORDER BY 3 DESC LIMIT 20""")
            cur.fetchall()
            conn.commit()

            # --- reports --------------------------------------------------------------
            cur.execute("""SELECT c.client_name, sum(i.net_amt) FROM billing.invoice i JOIN crm.client c ON c.client_id = i.client_id
                           WHERE i.issued_on >= '2024-01-01' GROUP BY c.client_name ORDER BY 2 DESC LIMIT 10""")
            cur.fetchall()
            cur.execute("""SELECT k.first_name || ' ' || k.last_name, p.plc_type, count(*), sum(p.fee_amt)
                           FROM hiring.placement p JOIN crm.consultant k ON k.consultant_id = p.consultant_id
                           WHERE p.start_dt >= '2024-01-01' GROUP BY 1, 2 ORDER BY 3 DESC""")
            cur.fetchall()
            cur.execute("""SELECT s.sector_name, count(*) FILTER (WHERE v.vac_status = 'F')::numeric / count(*)
                           FROM hiring.vacancy v JOIN crm.client c ON c.client_id = v.client_id
                           JOIN crm.sector s ON s.sector_cd = c.sector_cd
                           WHERE v.opened_on >= '2023-01-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT date_trunc('month', t.week_ending), sum((t.hrs_std + 1.5 * t.hrs_ot) * (p.charge_rate - p.pay_rate))
                           FROM billing.timesheet t JOIN hiring.placement p ON p.placement_id = t.placement_id
                           WHERE t.week_ending >= '2023-06-01' AND t.ts_status = 'A' GROUP BY 1 ORDER BY 1""")
            cur.fetchall()
            conn.commit()

            # --- writes: payroll export stamps approved timesheets ------------------
            cur.execute("""SELECT DISTINCT placement_id FROM billing.timesheet
                           WHERE ts_status = 'A' AND payroll_exported_at IS NULL ORDER BY placement_id""")
            to_export = [r[0] for r in cur.fetchall()]
            for i in range(0, len(to_export), 200):
                batch = to_export[i:i + 200]
                cur.execute("""UPDATE billing.timesheet SET payroll_exported_at = '2024-06-14 18:05:00'
                               WHERE placement_id = ANY(%s) AND ts_status = 'A' AND payroll_exported_at IS NULL""", (batch,))
                conn.commit()
            # ... and the payroll reconciliation re-stamps the last four weeks
            cur.execute("""UPDATE billing.timesheet SET payroll_exported_at = '2024-06-14 18:40:00'
                           WHERE ts_status = 'A' AND week_ending BETWEEN '2024-05-19' AND '2024-06-09'""")
            conn.commit()

            # consultants log calls with candidates
            for cid in cand_ids[:300]:
                minute = rng.randint(0, 480)
                cur.execute("""UPDATE talent.candidate
                               SET last_contacted_at = timestamp '2024-06-14 09:00' + %s * interval '1 minute'
                               WHERE cand_id = %s""", (minute, cid))
            conn.commit()
            # client portal logins
            for contact_id in rng.sample(range(1, 1000), 120):
                cur.execute("UPDATE crm.client_contact SET last_portal_login = '2024-06-14 10:15:00' WHERE contact_id = %s", (contact_id,))
            conn.commit()

"""Short, deterministic day-in-the-life workload for the lettings database.

Plays what the branches and head office do on Friday 18 October 2024: negotiators look
up tenants and applicants (by email, surname, mobile number), pull rent statements and
the viewing diary; property managers check open repairs, contractors and inspections;
accounts reconcile the bank file (searching receipts by bank reference), post today's
receipts and re-run the rent allocation; a few management reports run; jobs are
assigned and completed and viewings booked or cancelled.
"""
import random

import psycopg

SEED = 20241018


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample keys to work with (by primary key) ---------------------------
            cur.execute("SELECT max(tenant_id) FROM lets.tenant")
            max_tenant = cur.fetchone()[0]
            tenant_ids = [rng.randint(1, max_tenant) for _ in range(300)]
            emails, mobiles, surnames = [], [], []
            for tid in tenant_ids[:200]:
                cur.execute("SELECT email, mobile_no, last_nm FROM lets.tenant WHERE tenant_id = %s", (tid,))
                email, mobile, last_nm = cur.fetchone()
                if email:
                    emails.append(email)
                if mobile:
                    mobiles.append(mobile)
                surnames.append(last_nm)
            conn.commit()

            # --- tenant look-ups -------------------------------------------------------
            for e in emails[:120]:
                cur.execute("SELECT tenant_id, first_nm, last_nm FROM lets.tenant WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            for m in mobiles[:30]:
                cur.execute("SELECT tenant_id, first_nm, last_nm, email FROM lets.tenant WHERE mobile_no = %s", (m,))
                cur.fetchall()
            for s in surnames[:40]:
                cur.execute("SELECT tenant_id, first_nm, last_nm, email FROM lets.tenant WHERE last_nm = %s ORDER BY first_nm LIMIT 50", (s,))
                cur.fetchall()
            for tid in tenant_ids[:150]:
                cur.execute("""SELECT t.tncy_id, t.tncy_ref, t.start_dt, t.end_dt, t.status
                               FROM lets.tenancy_tenant tt JOIN lets.tenancy t ON t.tncy_id = tt.tncy_id
                               WHERE tt.tenant_id = %s ORDER BY t.start_dt DESC""", (tid,))
                cur.fetchall()
            conn.commit()

            # --- rent statements for live tenancies -------------------------------------
            cur.execute("""SELECT tncy_id, tncy_ref FROM lets.tenancy
                           WHERE status IN ('active','periodic','notice') ORDER BY tncy_id""")
            live = cur.fetchall()
            for tncy_id, ref in rng.sample(live, 180):
                cur.execute("SELECT tncy_id, unit_id, start_dt, rent_pcm, status FROM lets.tenancy WHERE tncy_ref = %s", (ref,))
                cur.fetchall()
                cur.execute("""SELECT due_dt, period_end, amount, alloc_amt, chg_status FROM lets.rent_charge
                               WHERE tncy_id = %s ORDER BY due_dt""", (tncy_id,))
                cur.fetchall()
                cur.execute("""SELECT rcvd_on, amount, pay_mthd, bank_ref FROM lets.receipt
                               WHERE tncy_id = %s AND rcvd_on >= '2024-01-01' ORDER BY rcvd_on""", (tncy_id,))
                cur.fetchall()
                cur.execute("""SELECT rent_pcm FROM lets.rent_review
                               WHERE tncy_id = %s AND eff_from <= '2024-10-18' ORDER BY eff_from DESC LIMIT 1""", (tncy_id,))
                cur.fetchall()
                cur.execute("SELECT amount, scheme_cd, scheme_ref, protected_on FROM lets.deposit WHERE tncy_id = %s", (tncy_id,))
                cur.fetchall()
            conn.commit()

            # --- accounts: bank reconciliation (search by statement reference, no index) ---
            cur.execute("SELECT rcpt_id FROM lets.receipt WHERE rcvd_on >= '2024-10-01' ORDER BY rcpt_id")
            recent = [r[0] for r in cur.fetchall()]
            refs = []
            for rid in rng.sample(recent, 40):
                cur.execute("SELECT bank_ref FROM lets.receipt WHERE rcpt_id = %s", (rid,))
                refs.append(cur.fetchone()[0])
            for ref in refs:
                cur.execute("SELECT rcpt_id, tncy_id, amount, rcvd_on FROM lets.receipt WHERE bank_ref = %s", (ref,))
                cur.fetchall()
            for rid in rng.sample(recent, 30):
                cur.execute("""SELECT c.charge_id, c.due_dt, c.amount, c.alloc_amt
                               FROM lets.receipt r JOIN lets.rent_charge c ON c.charge_id = r.charge_id
                               WHERE r.rcpt_id = %s""", (rid,))
                cur.fetchall()
                cur.execute("SELECT sum(amount) FROM lets.receipt WHERE charge_id = (SELECT charge_id FROM lets.receipt WHERE rcpt_id = %s)", (rid,))
                cur.fetchall()
            cur.execute("SELECT * FROM lets.v_arrears ORDER BY balance DESC")
            cur.fetchall()
            for b in ("RDG", "OXF", "NBY", "WOK", "BSK", "HWY"):
                cur.execute("SELECT tncy_ref, address, balance, oldest_unpaid_due FROM lets.v_arrears WHERE branch_cd = %s ORDER BY balance DESC", (b,))
                cur.fetchall()
            conn.commit()

            # --- applicants and the viewing diary --------------------------------------------
            cur.execute("SELECT appl_id, email FROM lets.applicant WHERE last_active_at >= '2024-09-01' ORDER BY appl_id")
            appls = cur.fetchall()
            for appl_id, email in rng.sample(appls, 60):
                cur.execute("SELECT appl_id, full_nm, max_rent, min_beds FROM lets.applicant WHERE lower(email) = lower(%s)", (email,))
                cur.fetchall()
                cur.execute("SELECT viewing_id, unit_id, viewing_at, outcome FROM lets.viewing WHERE appl_id = %s ORDER BY viewing_at", (appl_id,))
                cur.fetchall()
            for b in ("RDG", "OXF", "NBY", "WOK", "BSK", "HWY"):
                cur.execute("""SELECT v.viewing_at, u.unit_lbl, p.addr_line1, p.town, a.full_nm, n.first_nm
                               FROM lets.viewing v
                               JOIN core.unit u ON u.unit_id = v.unit_id
                               JOIN core.property p ON p.prop_id = u.prop_id
                               JOIN lets.applicant a ON a.appl_id = v.appl_id
                               JOIN core.negotiator n ON n.neg_id = v.neg_id
                               WHERE v.viewing_at >= '2024-10-19' AND v.viewing_at < '2024-10-26'
                                 AND p.branch_cd = %s AND v.outcome = 'B'
                               ORDER BY v.viewing_at""", (b,))
                cur.fetchall()
            cur.execute("""SELECT DISTINCT unit_id FROM lets.viewing WHERE viewing_at >= '2024-10-01' ORDER BY unit_id""")
            marketed = [r[0] for r in cur.fetchall()]
            for unit_id in rng.sample(marketed, 40):
                cur.execute("SELECT viewing_at, outcome FROM lets.viewing WHERE unit_id = %s ORDER BY viewing_at", (unit_id,))
                cur.fetchall()
                cur.execute("""SELECT tncy_id, start_dt, end_dt, rent_pcm, status FROM lets.tenancy
                               WHERE unit_id = %s ORDER BY start_dt DESC""", (unit_id,))
                cur.fetchall()
            cur.execute("""SELECT t.tncy_ref, t.start_dt, u.unit_lbl, p.addr_line1 FROM lets.tenancy t
                           JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
                           WHERE t.status = 'pending' ORDER BY t.start_dt""")
            cur.fetchall()
            conn.commit()

            # --- properties and landlords ---------------------------------------------------
            cur.execute("SELECT prop_id, postcode, ll_id FROM core.property ORDER BY prop_id")
            props = cur.fetchall()
            for prop_id, postcode, ll_id in rng.sample(props, 80):
                cur.execute("SELECT prop_id, addr_line1, town FROM core.property WHERE postcode = %s", (postcode,))
                cur.fetchall()
                cur.execute("SELECT unit_id, unit_lbl, beds, asking_rent FROM core.unit WHERE prop_id = %s ORDER BY unit_lbl", (prop_id,))
                cur.fetchall()
                cur.execute("SELECT prop_id, addr_line1, town, withdrawn_on FROM core.property WHERE ll_id = %s", (ll_id,))
                cur.fetchall()
            conn.commit()

            # --- repairs and inspections ---------------------------------------------------------
            cur.execute("""SELECT j.job_id, j.priority, j.summary, j.job_status, k.co_name
                           FROM maint.job j LEFT JOIN maint.contractor k ON k.contr_id = j.contr_id
                           WHERE j.job_status IN ('N','A','Q','W') ORDER BY j.priority, j.raised_at""")
            open_jobs = cur.fetchall()
            for job in open_jobs:
                cur.execute("SELECT quote_id, contr_id, amount, q_status FROM maint.quote WHERE job_id = %s", (job[0],))
                cur.fetchall()
            cur.execute("SELECT unit_id FROM core.unit ORDER BY unit_id")
            units = [r[0] for r in cur.fetchall()]
            for unit_id in rng.sample(units, 70):
                cur.execute("""SELECT job_id, raised_at, cat_cd, summary, job_status FROM maint.job
                               WHERE unit_id = %s ORDER BY raised_at DESC""", (unit_id,))
                jobs = cur.fetchall()
                for j in jobs[:2]:
                    cur.execute("SELECT their_ref, inv_dt, net_amt, paid_on FROM maint.contractor_invoice WHERE job_id = %s", (j[0],))
                    cur.fetchall()
                cur.execute("""SELECT insp_type, insp_dt, cond_score, n_actions FROM maint.inspection
                               WHERE unit_id = %s ORDER BY insp_dt DESC LIMIT 5""", (unit_id,))
                cur.fetchall()
            for contr_id in rng.sample(range(1, 67), 20):
                cur.execute("""SELECT job_id, raised_at, job_status FROM maint.job
                               WHERE contr_id = %s AND raised_at >= '2024-07-01' ORDER BY raised_at""", (contr_id,))
                cur.fetchall()
            # mid-term inspections falling due
            cur.execute("""SELECT u.unit_id, max(i.insp_dt) FROM core.unit u
                           JOIN core.property p ON p.prop_id = u.prop_id
                           JOIN core.landlord l ON l.ll_id = p.ll_id
                           JOIN maint.inspection i ON i.unit_id = u.unit_id
                           WHERE l.svc_lvl = 'F' AND p.withdrawn_on IS NULL
                           GROUP BY u.unit_id HAVING max(i.insp_dt) < '2024-04-18'""")
            cur.fetchall()
            conn.commit()

            # --- record screens opened by id ----------------------------------------------------------
            for table, key, hi in (("lets.deposit", "dep_id", 7000), ("lets.rent_review", "review_id", 13000),
                                   ("maint.contractor_invoice", "cinv_id", 8000), ("maint.inspection", "insp_id", 20000),
                                   ("maint.quote", "quote_id", 5500)):
                for _ in range(10):
                    cur.execute(f"SELECT * FROM {table} WHERE {key} = %s", (rng.randint(1, hi),))
                    cur.fetchall()
            for email in ("ravi.patel@kennetvale.co.uk", "amara.obi@kennetvale.co.uk", "kofi.asante@kennetvale.co.uk"):
                cur.execute("SELECT neg_id, branch_cd, role_cd FROM core.negotiator WHERE email = %s", (email,))
                cur.fetchall()
            conn.commit()

            # --- management reports ------------------------------------------------------------------
            cur.execute("""SELECT p.branch_cd, count(*) FROM lets.tenancy t
                           JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
                           WHERE t.start_dt >= '2024-01-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT p.branch_cd, sum(r.rent_pcm) FROM lets.tenancy t
                           JOIN lets.rent_review r ON r.tncy_id = t.tncy_id AND r.eff_from <= '2024-10-18'
                                                  AND (r.eff_to IS NULL OR r.eff_to >= '2024-10-18')
                           JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
                           WHERE t.status IN ('active','periodic','notice') GROUP BY 1 ORDER BY 1""")
            cur.fetchall()
            cur.execute("""SELECT k.trade_cd, sum(ci.net_amt) FROM maint.contractor_invoice ci
                           JOIN maint.contractor k ON k.contr_id = ci.contr_id
                           WHERE ci.inv_dt >= '2024-01-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT date_trunc('month', rcvd_on), sum(amount) FROM lets.receipt
                           WHERE rcvd_on >= '2023-10-01' GROUP BY 1 ORDER BY 1""")
            cur.fetchall()
            conn.commit()

            # --- writes: today's bank file -------------------------------------------------------------
            cur.execute("""SELECT c.charge_id, c.tncy_id, c.amount - c.alloc_amt, t.tncy_ref
                           FROM lets.rent_charge c JOIN lets.tenancy t ON t.tncy_id = c.tncy_id
                           WHERE c.due_dt BETWEEN '2024-10-15' AND '2024-10-18' AND c.chg_status <> 'S'
                           ORDER BY c.charge_id""")
            unpaid = cur.fetchall()
            for charge_id, tncy_id, owed, ref in unpaid:
                if rng.random() < 0.6:
                    cur.execute("""INSERT INTO lets.receipt (tncy_id, charge_id, rcvd_on, amount, pay_mthd, bank_ref, posted_at)
                                   VALUES (%s, %s, '2024-10-18', %s, 'BT', %s, '2024-10-18 16:40')""",
                                (tncy_id, charge_id, owed, "FP " + ref.replace("/", "")))
                    cur.execute("UPDATE lets.rent_charge SET alloc_amt = amount, chg_status = 'S' WHERE charge_id = %s", (charge_id,))
            conn.commit()

            # nightly allocation run: re-derives alloc_amt / chg_status for this year's charges,
            # in batches by tenancy (rewrites every row it touches)
            cur.execute("SELECT DISTINCT tncy_id FROM lets.rent_charge WHERE due_dt >= '2024-01-01' ORDER BY tncy_id")
            tncys = [r[0] for r in cur.fetchall()]
            for i in range(0, len(tncys), 250):
                batch = tncys[i:i + 250]
                cur.execute("""UPDATE lets.rent_charge c
                               SET alloc_amt = COALESCE(x.paid, 0),
                                   chg_status = CASE WHEN COALESCE(x.paid, 0) >= c.amount THEN 'S'
                                                     WHEN COALESCE(x.paid, 0) > 0 THEN 'P' ELSE 'O' END
                               FROM (SELECT c2.charge_id, (SELECT sum(r.amount) FROM lets.receipt r WHERE r.charge_id = c2.charge_id) AS paid
                                     FROM lets.rent_charge c2 WHERE c2.tncy_id = ANY(%s) AND c2.due_dt >= '2024-01-01') x
                               WHERE x.charge_id = c.charge_id""", (batch,))
                conn.commit()

            # --- writes: repairs --------------------------------------------------------------------------
            cur.execute("SELECT job_id, unit_id FROM maint.job WHERE job_status = 'N' ORDER BY job_id")
            for job_id, unit_id in cur.fetchall():
                cur.execute("""UPDATE maint.job SET job_status = 'A', assigned_at = '2024-10-18 17:10',
                                      contr_id = (SELECT k.contr_id FROM maint.contractor k
                                                  WHERE k.trade_cd = 'GEN' ORDER BY NOT k.preferred, k.contr_id LIMIT 1)
                               WHERE job_id = %s""", (job_id,))
            cur.execute("SELECT job_id FROM maint.job WHERE job_status = 'W' ORDER BY job_id")
            wip = [r[0] for r in cur.fetchall()]
            for job_id in wip[:5]:
                cur.execute("UPDATE maint.job SET job_status = 'C', completed_at = '2024-10-18 16:30' WHERE job_id = %s", (job_id,))
            cur.execute("""SELECT t.tncy_id, t.unit_id, tt.tenant_id FROM lets.tenancy t
                           JOIN lets.tenancy_tenant tt ON tt.tncy_id = t.tncy_id AND tt.is_lead
                           WHERE t.status IN ('active','periodic') ORDER BY t.tncy_id""")
            reporters = cur.fetchall()
            for tncy_id, unit_id, tenant_id in rng.sample(reporters, 6):
                cur.execute("""INSERT INTO maint.job (unit_id, tncy_id, reported_by, raised_at, cat_cd, priority, summary, est_cost, job_status)
                               VALUES (%s, %s, %s, '2024-10-18 17:20', 'HTG', 2, 'Radiator cold in bedroom', 150, 'N')""",
                            (unit_id, tncy_id, tenant_id))
            conn.commit()

            # --- writes: viewings ------------------------------------------------------------------------
            cur.execute("SELECT viewing_id FROM lets.viewing WHERE outcome = 'B' ORDER BY viewing_at, viewing_id")
            booked = [r[0] for r in cur.fetchall()]
            for vid in booked[:4]:
                cur.execute("UPDATE lets.viewing SET outcome = 'X' WHERE viewing_id = %s", (vid,))
            for appl_id, _email in rng.sample(appls, 25):
                cur.execute("UPDATE lets.applicant SET last_active_at = '2024-10-18 15:00' WHERE appl_id = %s", (appl_id,))
            conn.commit()

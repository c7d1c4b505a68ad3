"""Short, deterministic day-in-the-life workload for the contract lab LIMS.

Plays what Calderbrook Analytical Services does on Tuesday 5 November 2024:
sample reception looks samples up by our number, by the client's reference
(no index on it) and by courier tracking number; the lab sections look at their
open tests, runs and results; QA checks calibrations, qualifications and OOS
investigations; finance looks at invoices and the monthly billing view.
Writes: the QA audit-trail review stamps results entered from August to October,
stores move reported samples to the archive room, duplicate barcode scans are
logged and deleted, a few payments are recorded and the billing view is refreshed.
"""
import random

import psycopg

SEED = 20241105


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            cur.execute("SELECT max(smp_id) FROM lims.sample")
            max_smp = cur.fetchone()[0]
            cur.execute("SELECT max(tst_id) FROM lims.test")
            max_tst = cur.fetchone()[0]

            # --- sample reception ------------------------------------------------
            smp_ids = [rng.randint(1, max_smp) for _ in range(300)]
            numbers, refs, tracking = [], [], []
            for sid in smp_ids[:200]:
                cur.execute("SELECT smp_no, clnt_smp_ref, meta->'shipping'->>'tracking_no' FROM lims.sample WHERE smp_id = %s", (sid,))
                no, ref, trk = cur.fetchone()
                numbers.append(no)
                if ref:
                    refs.append(ref)
                if trk:
                    tracking.append(trk)
            conn.commit()
            for no in numbers[:150]:
                cur.execute("SELECT smp_id, proj_id, matrix_cd, sts_cd, due_dt FROM lims.sample WHERE smp_no = %s", (no,))
                cur.fetchall()
            # clients phone in with their own reference: no index on clnt_smp_ref
            for ref in refs[:80]:
                cur.execute("SELECT smp_id, smp_no, sts_cd, rcvd_at, reported_at FROM lims.sample WHERE clnt_smp_ref = %s", (ref,))
                cur.fetchall()
            for trk in tracking[:30]:
                cur.execute("SELECT smp_no, rcvd_at, cond_cd FROM lims.sample WHERE meta @> %s::jsonb",
                            ('{"shipping": {"tracking_no": "%s"}}' % trk,))
                cur.fetchall()
            for sid in smp_ids[:120]:
                cur.execute("SELECT evt_at, evt_cd, loc_cd, by_id FROM lims.custody_event WHERE smp_id = %s ORDER BY evt_at", (sid,))
                cur.fetchall()
            cur.execute("""SELECT s.smp_no, c.client_nm, s.matrix_cd, s.prio, s.cond_cd
                           FROM lims.sample s JOIN lims.project p ON p.proj_id = s.proj_id
                           JOIN lims.client c ON c.client_id = p.client_id
                           WHERE s.rcvd_at >= '2024-11-04' ORDER BY s.rcvd_at""")
            cur.fetchall()
            conn.commit()

            # --- lab sections: open work, runs, results ------------------------------
            for mth in range(1, 21):
                cur.execute("""SELECT t.tst_id, s.smp_no, s.prio, s.due_dt, t.sts_cd FROM lims.test t
                               JOIN lims.sample s ON s.smp_id = t.smp_id
                               WHERE t.mth_id = %s AND t.sts_cd IN ('PND', 'INP', 'CMP') ORDER BY s.due_dt""", (mth,))
                cur.fetchall()
                cur.execute("""SELECT batch_id, batch_no, started_at, ended_at, sts_cd FROM lims.batch
                               WHERE mth_id = %s AND started_at >= '2024-10-21' ORDER BY started_at""", (mth,))
                batches = cur.fetchall()
                for b in batches[-3:]:
                    cur.execute("SELECT tst_id, smp_id, sts_cd FROM lims.test WHERE batch_id = %s", (b[0],))
                    for (tid, _sid, _st) in cur.fetchall()[:4]:
                        cur.execute("SELECT analyte_id, num_val, txt_val, res_fl FROM lims.result WHERE tst_id = %s", (tid,))
                        cur.fetchall()
            for sid in smp_ids[:150]:
                cur.execute("SELECT tst_id, mth_id, sts_cd, reviewed_at FROM lims.test WHERE smp_id = %s", (sid,))
                for (tid, _m, _s, _r) in cur.fetchall():
                    cur.execute("""SELECT r.analyte_id, r.num_val, r.txt_val, r.res_fl, l.lo_lim, l.hi_lim
                                   FROM lims.result r LEFT JOIN lims.spec_limit l ON l.spec_id = r.spec_id
                                   WHERE r.tst_id = %s""", (tid,))
                    cur.fetchall()
            for pid in [rng.randint(1, 379) for _ in range(40)]:
                cur.execute("SELECT smp_no, rcvd_at, sts_cd FROM lims.sample WHERE proj_id = %s ORDER BY rcvd_at DESC LIMIT 20", (pid,))
                cur.fetchall()
                cur.execute("SELECT analyte_id, lo_lim, hi_lim, txt_req FROM lims.spec_limit WHERE proj_id = %s AND analyte_id = %s AND eff_to IS NULL",
                            (pid, rng.randint(1, 30)))
                cur.fetchall()
            for cid in [rng.randint(1, 72) for _ in range(25)]:
                cur.execute("SELECT proj_id, proj_cd, title, sts_cd FROM lims.project WHERE client_id = %s", (cid,))
                cur.fetchall()
            cur.execute("""SELECT a.analyte_nm, count(*) FROM lims.result r JOIN lims.analyte a ON a.analyte_id = r.analyte_id
                           WHERE r.entered_at >= '2024-11-05' AND r.res_fl = 'F' GROUP BY 1""")
            cur.fetchall()
            for tid in [rng.randint(1, max_tst) for _ in range(60)]:
                cur.execute("SELECT analyte_id, num_val, res_fl FROM lims.result WHERE tst_id = %s", (tid,))
                cur.fetchall()
            conn.commit()

            # --- QA: instruments, people, OOS ------------------------------------------
            for inst in range(1, 53):
                cur.execute("SELECT cal_dt, next_due_dt, result_cd FROM qa.calibration WHERE inst_id = %s ORDER BY cal_dt DESC LIMIT 1", (inst,))
                cur.fetchall()
            for an in range(1, 32):
                cur.execute("SELECT mth_id, sts_cd, expires_on FROM qa.qualification WHERE analyst_id = %s AND sts_cd IN ('Q', 'T')", (an,))
                cur.fetchall()
            cur.execute("""SELECT o.oos_no, o.stage, o.opened_on, a.analyte_nm, r.num_val
                           FROM qa.oos_investigation o JOIN lims.result r ON r.res_id = o.res_id
                           JOIN lims.analyte a ON a.analyte_id = r.analyte_id
                           WHERE o.closed_on IS NULL ORDER BY o.opened_on""")
            cur.fetchall()
            conn.commit()

            # --- reports (some run several times a day) ---------------------------------
            for _ in range(3):
                cur.execute("SELECT client_nm, count(*), sum(open_tests) FROM lims.v_sample_backlog GROUP BY 1 ORDER BY 2 DESC LIMIT 10")
                cur.fetchall()
                cur.execute("""SELECT count(*) FILTER (WHERE reported_at::date > due_dt)::numeric / count(*)
                               FROM lims.sample WHERE reported_at >= '2024-10-01'""")
                cur.fetchall()
            cur.execute("SELECT bill_mon, sum(net_amt) FROM fin.mv_monthly_billing WHERE bill_mon >= '2024-01-01' GROUP BY 1 ORDER BY 1")
            cur.fetchall()
            for cid in [rng.randint(1, 67) for _ in range(20)]:
                cur.execute("SELECT n_invoices, net_amt, tax_amt FROM fin.mv_monthly_billing WHERE bill_mon = '2024-09-01' AND client_id = %s", (cid,))
                cur.fetchall()
            conn.commit()

            # --- finance --------------------------------------------------------------------
            for cid in [rng.randint(1, 67) for _ in range(30)]:
                cur.execute("""SELECT inv_id, inv_no, issued_on, due_on, net_amt + tax_amt, paid_on FROM fin.invoice
                               WHERE client_id = %s AND issued_on >= '2024-01-01' ORDER BY issued_on""", (cid,))
                invs = cur.fetchall()
                for inv in invs[-2:]:
                    cur.execute("SELECT tst_id, unit_prc, srchg_amt, line_amt FROM fin.invoice_line WHERE inv_id = %s", (inv[0],))
                    cur.fetchall()
            conn.commit()

            # --- writes: QA audit-trail review of results entered August-October -------------
            for lo, hi in (("2024-08-01", "2024-09-01"), ("2024-09-01", "2024-10-01"), ("2024-10-01", "2024-11-01")):
                cur.execute("""UPDATE lims.result SET aud_chk_at = '2024-11-05 16:40:00'
                               WHERE entered_at >= %s AND entered_at < %s AND aud_chk_at IS NULL""", (lo, hi))
                conn.commit()

            # stores: move reported samples from fridges to the archive room
            cur.execute("""SELECT smp_id FROM lims.sample WHERE sts_cd = 'RPT' AND reported_at < '2024-09-01'
                           ORDER BY smp_id LIMIT 150""")
            moved = [r[0] for r in cur.fetchall()]
            for sid in moved:
                cur.execute("UPDATE lims.sample SET storage_loc = 'ARC-01' WHERE smp_id = %s", (sid,))
                cur.execute("""INSERT INTO lims.custody_event (evt_at, smp_id, evt_cd, loc_cd, by_id)
                               VALUES ('2024-11-05 15:30:00', %s, 'STO', 'ARC-01', 27)""", (sid,))
            conn.commit()

            # duplicate barcode scans at goods-in are logged, then cleaned up
            for sid in smp_ids[:200]:
                cur.execute("""INSERT INTO lims.custody_event (evt_at, smp_id, evt_cd, loc_cd, by_id, note)
                               VALUES ('2024-11-05 12:00:00', %s, 'RCV', 'GOODS-IN', 26, 'duplicate scan')""", (sid,))
            conn.commit()
            cur.execute("DELETE FROM lims.custody_event WHERE note = 'duplicate scan' AND evt_at = '2024-11-05 12:00:00'")
            conn.commit()

            # finance records today's payments and refreshes the billing view
            cur.execute("""SELECT inv_id FROM fin.invoice WHERE paid_on IS NULL AND issued_on = '2024-10-03'
                           ORDER BY inv_id LIMIT 12""")
            for (inv_id,) in cur.fetchall():
                cur.execute("UPDATE fin.invoice SET paid_on = '2024-11-05' WHERE inv_id = %s", (inv_id,))
            conn.commit()
            cur.execute("REFRESH MATERIALIZED VIEW CONCURRENTLY fin.mv_monthly_billing")
            conn.commit()

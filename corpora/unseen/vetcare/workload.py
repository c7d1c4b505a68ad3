"""Replays a few seconds of typical activity on the vetcare database.

Reception looks clients up by surname, vets open patient histories, the
diary is browsed per branch and day, finance looks at accounts and runs
the payment-reminder job (row-by-row updates on billing.invoice, whose
autovacuum is disabled, so it keeps its dead tuples), and the SMS job
flags upcoming appointments as reminded.  Deterministic: fixed seed, fixed
dates, ordered id lists.  Never creates or drops indexes; ends with ANALYZE.
"""
import datetime as dt
import random

import psycopg


def run(dsn: str) -> None:
    rnd = random.Random(90630)
    today = dt.date(2025, 6, 30)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        # --- reception: find a client by surname, then their pets -----------
        surnames = [r[0] for r in cur.execute(
            "SELECT DISTINCT last_name FROM clinic.client ORDER BY last_name")]
        for _ in range(300):
            ln = rnd.choice(surnames)
            rows = cur.execute(
                "SELECT client_id, first_name, last_name, postcode FROM clinic.client "
                "WHERE last_name = %s ORDER BY first_name", (ln,)).fetchall()
            for (cid, *_rest) in rows[:2]:
                cur.execute("SELECT patient_id, pet_name, species_cd FROM clinic.patient "
                            "WHERE client_id = %s", (cid,)).fetchall()

        # --- vets: open patient histories ------------------------------------
        for _ in range(600):
            pid = rnd.randint(1, 9000)
            cur.execute("SELECT * FROM clinic.patient WHERE patient_id = %s", (pid,)).fetchone()
            visits = cur.execute(
                "SELECT visit_id, admitted_at, diagnosis FROM clinic.visit "
                "WHERE patient_id = %s ORDER BY admitted_at DESC LIMIT 5", (pid,)).fetchall()
            for (vid, _a, _d) in visits[:2]:
                cur.execute("SELECT svc_code, qty, unit_price FROM clinic.visit_item "
                            "WHERE visit_id = %s ORDER BY line_no", (vid,)).fetchall()
            cur.execute("SELECT appt_id, sched_start, appt_type FROM clinic.appointment "
                        "WHERE patient_id = %s AND sched_start >= %s", (pid, today)).fetchall()
            cur.execute("SELECT svc_code, given_on, next_due_on FROM clinic.vaccination "
                        "WHERE patient_id = %s ORDER BY given_on DESC", (pid,)).fetchall()
            if rnd.random() < 0.3:
                cur.execute("SELECT analyte, result_num, abn_flag FROM clinic.lab_result "
                            "WHERE patient_id = %s ORDER BY collected_on DESC", (pid,)).fetchall()

        # --- diary: appointments per branch and day ---------------------------
        for _ in range(200):
            b = rnd.randint(1, 5)
            day = today + dt.timedelta(days=rnd.randint(-20, 25))
            cur.execute(
                "SELECT a.appt_id, a.sched_start, a.appt_type, p.pet_name "
                "FROM clinic.appointment a JOIN clinic.patient p USING (patient_id) "
                "WHERE a.branch_id = %s AND a.sched_start >= %s AND a.sched_start < %s "
                "ORDER BY a.sched_start", (b, day, day + dt.timedelta(days=1))).fetchall()

        # --- day list of visits, stock usage ----------------------------------
        for _ in range(40):
            day = today - dt.timedelta(days=rnd.randint(0, 60))
            cur.execute("SELECT visit_id, patient_id, branch_id FROM clinic.visit "
                        "WHERE admitted_at >= %s AND admitted_at < %s",
                        (day, day + dt.timedelta(days=1))).fetchall()
        for code in ("SUR-CRU", "SUR-FBR", "MED-INS", "IMG-US", "VAC-RAB", "LAB-T4"):
            cur.execute("SELECT count(*), sum(qty) FROM clinic.visit_item WHERE svc_code = %s",
                        (code,)).fetchone()

        # --- finance: client accounts, daily takings --------------------------
        for _ in range(400):
            cid = rnd.randint(1, 6000)
            invs = cur.execute("SELECT invoice_id, invoice_no, total_amt, status FROM billing.invoice "
                               "WHERE client_id = %s ORDER BY issued_on", (cid,)).fetchall()
            for (iid, *_r) in invs[:3]:
                cur.execute("SELECT paid_at, amount, method FROM billing.payment WHERE invoice_id = %s",
                            (iid,)).fetchall()
        for _ in range(20):
            day = today - dt.timedelta(days=rnd.randint(1, 90))
            cur.execute("SELECT status, count(*), sum(total_amt) FROM billing.invoice "
                        "WHERE issued_on = %s GROUP BY status", (day,)).fetchall()

        # --- payment-reminder job (row by row, several runs) ------------------
        overdue = [r[0] for r in cur.execute(
            "SELECT invoice_id FROM billing.invoice WHERE status = 'O' AND due_on < %s "
            "ORDER BY invoice_id", (today,))]
        for run_no in range(4):
            with conn.transaction():
                for iid in overdue:
                    cur.execute("UPDATE billing.invoice SET reminder_cnt = reminder_cnt + 1, "
                                "last_reminder_on = %s WHERE invoice_id = %s",
                                (today - dt.timedelta(days=3 * (3 - run_no)), iid))
        # ...and the "touch every open invoice" bug of the reminder job
        cur.execute("UPDATE billing.invoice SET last_reminder_on = last_reminder_on "
                    "WHERE status IN ('O', 'W')")

        # --- SMS reminder job for next week's bookings -------------------------
        upcoming = [r[0] for r in cur.execute(
            "SELECT appt_id FROM clinic.appointment WHERE status_cd = 0 AND sched_start < %s "
            "ORDER BY appt_id", (today + dt.timedelta(days=8),))]
        with conn.transaction():
            for aid in upcoming:
                cur.execute("UPDATE clinic.appointment SET reminder_sent = true WHERE appt_id = %s",
                            (aid,))

        cur.execute("ANALYZE")


if __name__ == "__main__":
    import sys
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=unseen_scratch_e_vet1")

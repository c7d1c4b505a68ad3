"""Replay a few seconds of PTS (permit tracking) activity.

Counter staff look applications up by number and by applicant, inspectors pull
their daily route, cashiers look up receipts and balances, reviewers touch the
applications in their queue, and finance runs the bank reconciliation for
January-May 2025 (which leaves dead tuples in fin.payment, whose autovacuum is
switched off).  Deterministic: fixed RNG seed, fixed timestamps.  No DDL.
"""
import datetime as dt
import random

import psycopg


def run(dsn: str) -> None:
    rng = random.Random(20250630)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        cur.execute("SELECT app_no FROM permit.application ORDER BY app_id")
        app_nos = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT applicant_id, email FROM permit.applicant ORDER BY applicant_id")
        applicants = cur.fetchall()
        emails = [e for _, e in applicants if e is not None]
        cur.execute("SELECT apn FROM permit.parcel ORDER BY parcel_id")
        apns = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT rcpt_no FROM fin.payment ORDER BY pmt_id")
        rcpts = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT staff_id FROM permit.staff WHERE role = 'inspector' ORDER BY staff_id")
        inspectors = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT app_id FROM permit.application WHERE stat_cd IN ('UR','CR','AP','IS') ORDER BY app_id")
        open_apps = [r[0] for r in cur.fetchall()]

        # counter: look up applications by number
        for _ in range(400):
            cur.execute(
                "SELECT app_id, app_no, type_cd, stat_cd, submitted_on, issued_on "
                "FROM permit.application WHERE app_no = %s",
                (rng.choice(app_nos),))
            cur.fetchall()

        # counter: everything an applicant has on file
        for _ in range(150):
            aid = rng.choice(applicants)[0]
            cur.execute(
                "SELECT a.app_no, a.stat_cd, t.type_name FROM permit.application a "
                "JOIN permit.permit_type t ON t.type_cd = a.type_cd WHERE a.applicant_id = %s "
                "ORDER BY a.submitted_on DESC", (aid,))
            cur.fetchall()

        # applicant card
        for _ in range(50):
            cur.execute("SELECT applicant_id, display_name, appl_kind, email, phone "
                        "FROM permit.applicant WHERE applicant_id = %s", (rng.choice(applicants)[0],))
            cur.fetchall()

        # portal login: applicant by e-mail
        for _ in range(120):
            cur.execute("SELECT applicant_id, display_name FROM permit.applicant WHERE email = %s",
                        (rng.choice(emails),))
            cur.fetchall()

        # inspectors: daily route
        base = dt.date(2025, 6, 2)
        for _ in range(100):
            day = base + dt.timedelta(days=rng.randrange(0, 42))
            cur.execute(
                "SELECT i.insp_id, i.insp_type_cd, a.app_no, p.site_addr FROM insp.inspection i "
                "JOIN permit.application a ON a.app_id = i.app_id "
                "JOIN permit.parcel p ON p.parcel_id = a.parcel_id "
                "WHERE i.inspector_id = %s AND i.sched_on = %s ORDER BY i.insp_id",
                (rng.choice(inspectors), day))
            cur.fetchall()

        # cashier: balance due and receipt lookups
        for _ in range(200):
            cur.execute("SELECT * FROM fin.v_app_balance WHERE app_id = %s", (rng.choice(open_apps),))
            cur.fetchall()
        for _ in range(40):
            cur.execute("SELECT pmt_id, app_id, amt, paid_at, pay_mthd FROM fin.payment WHERE rcpt_no = %s",
                        (rng.choice(rcpts),))
            cur.fetchall()

        # assessor look-ups by parcel number
        for _ in range(60):
            cur.execute("SELECT parcel_id, site_addr, zoning_cd FROM permit.parcel WHERE apn = %s",
                        (rng.choice(apns),))
            cur.fetchall()

        # dashboard
        for _ in range(30):
            cur.execute("SELECT stat_cd, count(*) FROM permit.application GROUP BY stat_cd")
            cur.fetchall()

        # reviewers touch applications in their queue (notes saved -> updated_at)
        t0 = dt.datetime(2025, 6, 30, 8, 0, tzinfo=dt.timezone.utc)
        for n in range(600):
            cur.execute("UPDATE permit.application SET updated_at = %s WHERE app_id = %s",
                        (t0 + dt.timedelta(seconds=30 * n), rng.choice(open_apps)))

        # finance: bank reconciliation for Jan-May 2025, one business day at a time
        day = dt.date(2025, 1, 1)
        while day < dt.date(2025, 6, 1):
            cur.execute(
                "UPDATE fin.payment SET reconciled_on = %s "
                "WHERE paid_at >= %s AND paid_at < %s AND NOT voided AND reconciled_on IS NULL",
                (day + dt.timedelta(days=3), day, day + dt.timedelta(days=1)))
            day += dt.timedelta(days=1)
        # a second pass re-stamps May (statement arrived late)
        cur.execute(
            "UPDATE fin.payment SET reconciled_on = (paid_at::date + 5) "
            "WHERE paid_at >= '2025-05-01' AND paid_at < '2025-06-01' AND NOT voided")

        cur.execute("ANALYZE")


if __name__ == "__main__":
    import sys
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=unseen_scratch_g_permits")

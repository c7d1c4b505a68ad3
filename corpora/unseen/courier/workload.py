"""Simulated day of traffic on the Kestrel Parcels operations database.

Deterministic (fixed seed).  Mix of
  * tracking look-ups from the public "where is my parcel" page and the
    customer-service screen (by tracking number, scans, latest scan),
  * merchant-portal pages (parcels and invoices of one account),
  * the driver-app back office listing all attempts of a shift (there is no
    index on delivery_attempt.shift_id, so each one is a sequential scan),
  * a few slow reports (depot performance, scans by time window without an
    index on scanned_at, claims and revenue summaries),
  * no-op updates that leave dead tuples behind without changing any value
    (nightly status refresh on open parcels, invoice reminder batch, shift
    "touch" by the payroll export - net.shift has autovacuum switched off),
  * one rolled-back transaction (a parcel marked delivered by mistake).
Runs in well under a minute.
"""
import datetime as dt
import random

import psycopg


def run(dsn: str) -> None:
    rnd = random.Random(20241114)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SET application_name = 'kestrel-ops'")

        cur.execute("SELECT tracking_no FROM trk.parcel ORDER BY parcel_id")
        tracking = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT min(parcel_id), max(parcel_id) FROM trk.parcel")
        pmin, pmax = cur.fetchone()
        cur.execute("SELECT account_no FROM crm.account ORDER BY account_no")
        accounts = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT min(shift_id), max(shift_id) FROM net.shift")
        smin, smax = cur.fetchone()
        cur.execute("SELECT invoice_no FROM fin.invoice ORDER BY invoice_no")
        invoices = [r[0] for r in cur.fetchall()]

        # 1. public tracking page: parcel by tracking number + its scans
        for _ in range(2500):
            tn = rnd.choice(tracking)
            cur.execute(
                "SELECT parcel_id, status_cd, service_cd, created_at, collected_at, delivered_at "
                "FROM trk.parcel WHERE tracking_no = %s",
                (tn,),
            )
            row = cur.fetchone()
            if row:
                cur.execute(
                    "SELECT scan_kind, scanned_at, depot_code FROM trk.scan_event "
                    "WHERE parcel_id = %s ORDER BY scanned_at",
                    (row[0],),
                )
                cur.fetchall()

        # 2. customer-service screen: latest scan, attempts, proof of delivery
        for _ in range(400):
            pid = rnd.randint(pmin, pmax)
            cur.execute("SELECT * FROM trk.v_parcel_last_scan WHERE parcel_id = %s", (pid,))
            cur.fetchall()
            cur.execute(
                "SELECT a.attempt_no, a.attempted_at, a.outcome, f.description "
                "FROM trk.delivery_attempt a LEFT JOIN trk.fail_reason f ON f.fail_cd = a.fail_cd "
                "WHERE a.parcel_id = %s ORDER BY a.attempt_no",
                (pid,),
            )
            cur.fetchall()
            cur.execute("SELECT pod_type, signed_by, captured_at FROM trk.pod WHERE parcel_id = %s", (pid,))
            cur.fetchall()

        # 3. merchant portal: recent parcels and invoices of one account
        for _ in range(400):
            acc = rnd.choice(accounts)
            day = dt.date(2024, 11, 13) - dt.timedelta(days=rnd.randint(0, 60))
            cur.execute(
                "SELECT tracking_no, status_cd, created_at, delivered_at FROM trk.parcel "
                "WHERE account_no = %s AND created_at >= %s AND created_at < %s + 7 ORDER BY created_at",
                (acc, day, day),
            )
            cur.fetchall()
            cur.execute(
                "SELECT invoice_no, period_start, gross_amount, due_on, paid_on, status FROM fin.invoice "
                "WHERE account_no = %s ORDER BY period_start DESC LIMIT 12",
                (acc,),
            )
            cur.fetchall()
        for _ in range(300):
            cur.execute(
                "SELECT l.line_no, l.charge_cd, c.description, l.qty, l.amount "
                "FROM fin.invoice_line l JOIN fin.charge_code c USING (charge_cd) WHERE l.invoice_no = %s",
                (rnd.choice(invoices),),
            )
            cur.fetchall()

        # 4. driver back office: all attempts of a shift (no index on shift_id)
        for _ in range(150):
            cur.execute(
                "SELECT a.parcel_id, a.attempt_no, a.attempted_at, a.outcome, a.fail_cd "
                "FROM trk.delivery_attempt a WHERE a.shift_id = %s ORDER BY a.attempted_at",
                (rnd.randint(smin, smax),),
            )
            cur.fetchall()

        # 5. slow reports
        cur.execute(
            "SELECT depot_code, sum(attempts), sum(delivered), sum(failed), "
            "round(100.0 * sum(first_time_delivered) / nullif(sum(attempts), 0), 1) "
            "FROM trk.v_depot_day WHERE shift_date >= date '2024-10-01' AND shift_date < date '2024-11-01' "
            "GROUP BY depot_code ORDER BY depot_code"
        )
        cur.fetchall()
        for h in (6, 9, 12, 15):
            cur.execute(
                "SELECT depot_code, scan_kind, count(*) FROM trk.scan_event "
                "WHERE scanned_at >= %s AND scanned_at < %s GROUP BY 1, 2",
                (dt.datetime(2024, 11, 12, h, tzinfo=dt.timezone.utc),
                 dt.datetime(2024, 11, 12, h + 3, tzinfo=dt.timezone.utc)),
            )
            cur.fetchall()
        cur.execute(
            "SELECT a.trading_name, c.claim_type, count(*), sum(c.amount_claimed), sum(c.amount_settled) "
            "FROM fin.claim c JOIN crm.account a USING (account_no) GROUP BY 1, 2 ORDER BY 4 DESC"
        )
        cur.fetchall()
        cur.execute(
            "SELECT i.period_start, l.charge_cd, sum(l.amount) FROM fin.invoice i "
            "JOIN fin.invoice_line l USING (invoice_no) GROUP BY 1, 2 ORDER BY 1, 2"
        )
        cur.fetchall()
        cur.execute(
            "SELECT p.dlv_depot, p.service_cd, "
            "avg(extract(epoch FROM p.delivered_at - p.collected_at) / 3600) "
            "FROM trk.parcel p WHERE p.delivered_at IS NOT NULL GROUP BY 1, 2"
        )
        cur.fetchall()
        cur.execute(
            "SELECT s.driver_id, count(*) FILTER (WHERE a.outcome = 'F') "
            "FROM trk.delivery_attempt a JOIN net.shift s USING (shift_id) "
            "WHERE s.shift_date >= date '2024-10-01' GROUP BY 1 ORDER BY 2 DESC"
        )
        cur.fetchall()

        # 6. no-op updates (dead tuples, no value changes)
        for _ in range(3):  # nightly status refresh on open parcels
            cur.execute(
                "UPDATE trk.parcel SET status_cd = status_cd "
                "WHERE status_cd IN ('MA', 'IT', 'FA', 'RT')"
            )
        for _ in range(3):  # invoice reminder batch
            cur.execute("UPDATE fin.invoice SET status = status WHERE paid_on IS NULL")
        for d in range(45):  # payroll export touches the shift rows it exported
            day = dt.date(2024, 11, 13) - dt.timedelta(days=d)
            cur.execute("UPDATE net.shift SET km_end = km_end WHERE shift_date = %s", (day,))
        for _ in range(2):  # quarterly mileage re-export, run twice by mistake
            cur.execute(
                "UPDATE net.shift SET km_start = km_start, km_end = km_end "
                "WHERE shift_date >= date '2024-07-01'"
            )
        cur.execute(
            "UPDATE trk.scan_event SET note = note WHERE scanned_at >= %s",
            (dt.datetime(2024, 11, 13, tzinfo=dt.timezone.utc),),
        )

    # 7. rolled-back transaction: parcel marked delivered by mistake
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            cur.execute(
                "UPDATE trk.parcel SET status_cd = 'DL', delivered_at = now() WHERE tracking_no = %s",
                (tracking[-10],),
            )
        conn.rollback()


if __name__ == "__main__":
    import sys

    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=scratch_courier")

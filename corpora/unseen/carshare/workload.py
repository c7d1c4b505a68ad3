"""Replay a few seconds of app / back-office activity against the carshare database.

Deterministic: random.Random(20250630); all timestamps written are fixed values
on 2025-06-30 (the data's "today"), never now().  Never creates or drops indexes.
Ends with ANALYZE.
"""
import random
from datetime import datetime, timedelta

import psycopg


def run(dsn: str) -> None:
    rnd = random.Random(20250630)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        plates = [r[0] for r in cur.execute(
            "SELECT plate_no FROM fleet.vehicle WHERE retired_on IS NULL ORDER BY veh_id").fetchall()]
        active_veh = [r[0] for r in cur.execute(
            "SELECT veh_id FROM fleet.vehicle WHERE retired_on IS NULL ORDER BY veh_id").fetchall()]
        members = [r[0] for r in cur.execute(
            "SELECT member_id FROM cust.member WHERE kyc_sts = 1 ORDER BY member_id").fetchall()]

        base = datetime(2025, 6, 30, 6, 0, 0)

        # 1) app sessions: login, look at own trips and invoices, find a car
        for k in range(1000):
            mid = members[rnd.randrange(len(members))]
            ts = base + timedelta(seconds=k * 61 + rnd.randrange(60))
            with conn.transaction():
                cur.execute("UPDATE cust.member SET last_login_at = %s WHERE member_id = %s", (ts, mid))
                cur.execute(
                    "SELECT trip_id, start_ts, end_ts, fare_cents, fee_cents FROM ops.trip "
                    "WHERE member_id = %s ORDER BY start_ts DESC LIMIT 10", (mid,)).fetchall()
            if k % 3 == 0:
                cur.execute(
                    "SELECT inv_id, period_month, total_amt, inv_sts FROM billing.invoice "
                    "WHERE member_id = %s ORDER BY period_month DESC LIMIT 6", (mid,)).fetchall()
            if k % 2 == 0:
                cur.execute(
                    "SELECT v.veh_id, v.plate_no, m.make, m.model_name FROM fleet.vehicle v "
                    "JOIN fleet.veh_model m USING (model_id) "
                    "WHERE v.home_zone_id = %s AND v.veh_sts = 'A'", (rnd.randint(1, 40),)).fetchall()

        # 2) fleet desk: look up cars by plate, check workshop history, telematics odometer sync
        for k in range(400):
            plate = plates[rnd.randrange(len(plates))]
            row = cur.execute("SELECT veh_id, odo_km FROM fleet.vehicle WHERE plate_no = %s", (plate,)).fetchone()
            cur.execute("SELECT job_id, job_type, opened_at, closed_at FROM fleet.maint_job "
                        "WHERE veh_id = %s ORDER BY opened_at DESC", (row[0],)).fetchall()
            cur.execute("SELECT count(*) FROM fleet.damage_rpt WHERE veh_id = %s", (row[0],)).fetchone()
        for k in range(120):
            vid = active_veh[rnd.randrange(len(active_veh))]
            cur.execute("UPDATE fleet.vehicle SET odo_km = odo_km + %s WHERE veh_id = %s",
                        (rnd.randint(1, 40), vid))

        # 3) billing clerk: payments of invoices, dunning list
        inv_ids = [r[0] for r in cur.execute(
            "SELECT inv_id FROM billing.invoice WHERE period_month >= '2025-03-01' ORDER BY inv_id").fetchall()]
        for k in range(500):
            iid = inv_ids[rnd.randrange(len(inv_ids))]
            cur.execute("SELECT pay_id, paid_at, amount, pm_code FROM billing.payment WHERE inv_id = %s",
                        (iid,)).fetchall()
        for k in range(20):
            cur.execute("SELECT i.inv_id, m.full_name, i.total_amt, i.due_on FROM billing.invoice i "
                        "JOIN cust.member m USING (member_id) WHERE i.inv_sts = 'D' ORDER BY i.due_on").fetchall()

        # 4) analyst reports
        for k in range(6):
            cur.execute("SELECT date_trunc('month', start_ts) AS mon, count(*), sum(fare_cents + fee_cents) / 100.0 "
                        "FROM ops.trip WHERE trip_sts IN ('C','D') GROUP BY 1 ORDER BY 1").fetchall()
            cur.execute("SELECT start_city, count(*) FROM ops.v_trip_detail "
                        "WHERE start_ts >= %s GROUP BY 1", (datetime(2025, 6, 1) - timedelta(days=7 * k),)).fetchall()
            cur.execute("SELECT severity, count(*), sum(est_cost_eur) FROM fleet.damage_rpt "
                        "WHERE reported_at >= '2025-01-01' GROUP BY 1").fetchall()

        cur.execute("ANALYZE")

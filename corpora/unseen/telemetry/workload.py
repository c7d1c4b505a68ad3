"""Deterministic read/write workload for the `telemetry` benchmark database.

run(dsn) simulates a morning of platform traffic on "today" (2024-07-01):
  * dashboard look-ups by primary key (devices, gateways, alarms, work orders)
  * per-device telemetry charts (index range scans on telem.reading)
  * gateway heartbeats (UPDATE asset.gateway.last_seen_ts -> dead tuples)
  * an ingest retry that writes July roll-ups and then purges them again
    (INSERT + DELETE in telem.reading_2024_07 -> dead tuples, no net change)
  * an SLA job that rewrites due dates to the same value (dead tuples in ops.wo)
  * an escalation job that is rolled back (rollbacks + dead tuples in ops.alarm)
  * two analyst reports without supporting indexes (seq scans on every
    reading partition, and on ops.alarm by acode)
None of the writes changes any value that the benchmark questions ask about.
"""
import psycopg


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=False) as conn:
        cur = conn.cursor()
        cur.execute("SET application_name = 'facilitypulse-api'")

        # 1. dashboard look-ups by key ---------------------------------------
        for i in range(60):
            dev = 1 + (i * 37) % 850
            cur.execute(
                "SELECT d.dev_id, d.serial_no, d.fw_ver, m.vendor, m.model_nm, d.cfg "
                "FROM asset.device d JOIN asset.device_model m USING (model_id) "
                "WHERE d.dev_id = %s", (dev,))
            cur.fetchall()
            cur.execute(
                "SELECT alarm_id, raised_ts, sev, acode, ack_ts, clr_ts FROM ops.alarm "
                "WHERE dev_id = %s ORDER BY raised_ts DESC LIMIT 20", (dev,))
            cur.fetchall()
        for i in range(40):
            gw = 1 + (i * 13) % 110
            cur.execute("SELECT * FROM asset.gateway WHERE gw_id = %s", (gw,))
            cur.fetchone()
        for i in range(40):
            wo = 1 + (i * 59) % 2400
            cur.execute("SELECT * FROM ops.wo WHERE wo_id = %s", (wo,))
            cur.fetchone()
            cur.execute("SELECT * FROM ops.alarm WHERE alarm_id = %s", (1 + (i * 131) % 5600,))
            cur.fetchone()
        conn.commit()

        # 2. telemetry charts for single devices (PK range scans) -------------
        for i in range(50):
            dev = 1 + (i * 53) % 850
            month = 1 + i % 6
            cur.execute(
                "SELECT ts, mcode, val FROM telem.reading "
                "WHERE dev_id = %s AND ts >= make_timestamp(2024, %s, 1, 0, 0, 0) "
                "AND ts < make_timestamp(2024, %s, 1, 0, 0, 0) + interval '1 month' "
                "ORDER BY ts", (dev, month, month))
            cur.fetchall()
        conn.commit()

        # 3. gateway heartbeats ------------------------------------------------
        for rnd in range(3):
            for gw in range(1, 111):
                cur.execute(
                    "UPDATE asset.gateway SET last_seen_ts = GREATEST(last_seen_ts, "
                    "timestamp '2024-06-30 23:00:00' + %s * interval '1 second') "
                    "WHERE gw_id = %s AND retired_dt IS NULL",
                    ((gw * 17 + rnd * 600) % 3600, gw))
            conn.commit()

        # 4. ingest retry: write July roll-ups, then purge them ----------------
        for rnd in range(2):
            cur.execute(
                "INSERT INTO telem.reading (dev_id, ts, mcode, val, qf) "
                "SELECT d.dev_id, timestamp '2024-07-01 00:00', mc.m, 0, 2 "
                "FROM asset.device d JOIN asset.device_model m USING (model_id) "
                "CROSS JOIN LATERAL unnest(m.metrics) AS mc(m) "
                "WHERE d.decom_dt IS NULL AND d.dev_id %% 3 = %s", (rnd,))
            conn.commit()
            cur.execute("DELETE FROM telem.reading WHERE ts >= timestamp '2024-07-01' AND qf = 2")
            conn.commit()

        # 5. SLA job: recompute due dates (same value) for open jobs ------------
        cur.execute("UPDATE ops.wo SET due_dt = due_dt WHERE closed_ts IS NULL")
        cur.execute("UPDATE ops.wo SET due_dt = due_dt WHERE opened_ts >= timestamp '2024-01-01'")
        conn.commit()

        # 6. escalation job that fails and rolls back ---------------------------
        for i in range(5):
            cur.execute(
                "UPDATE ops.alarm SET ack_ts = timestamp '2024-07-01 06:00', ack_by = 25 "
                "WHERE clr_ts IS NULL AND ack_ts IS NULL AND sev <= %s", (1 + i % 2,))
            conn.rollback()

        # 7. analyst reports without supporting indexes ---------------------------
        for thr in (20000, 30000):
            cur.execute(
                "SELECT dev_id, count(*), max(val) FROM telem.reading "
                "WHERE mcode = 'PW' AND val > %s GROUP BY dev_id ORDER BY 3 DESC LIMIT 20",
                (thr,))
            cur.fetchall()
        for code in ('BATT', 'OFFL', 'TAMP'):
            cur.execute(
                "SELECT a.dev_id, count(*) FROM ops.alarm a "
                "WHERE a.acode = %s AND a.clr_ts IS NULL GROUP BY a.dev_id", (code,))
            cur.fetchall()
        cur.execute(
            "SELECT b.name, avg(r.val) FROM telem.reading r "
            "JOIN asset.device d ON d.dev_id = r.dev_id "
            "JOIN asset.gateway g ON g.gw_id = d.gw_id "
            "JOIN asset.building b ON b.bldg_id = g.bldg_id "
            "WHERE r.mcode = 'TC' AND r.qf <> 1 GROUP BY b.name ORDER BY 2 DESC")
        cur.fetchall()
        cur.execute(
            "SELECT t.full_name, count(*) FROM ops.wo w JOIN ops.technician t USING (tech_id) "
            "WHERE w.status = 'done' GROUP BY t.full_name ORDER BY 2 DESC")
        cur.fetchall()
        conn.commit()

        # 8. a few more key look-ups on the open-alarm wallboard view -----------
        for sev in (1, 2, 3, 4):
            cur.execute("SELECT * FROM ops.v_open_alarms WHERE sev = %s ORDER BY raised_ts LIMIT 50", (sev,))
            cur.fetchall()
        conn.commit()


if __name__ == "__main__":
    import sys
    import time
    t0 = time.time()
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=unseen_scratch_x_telemetry")
    print(f"workload done in {time.time() - t0:.1f}s")

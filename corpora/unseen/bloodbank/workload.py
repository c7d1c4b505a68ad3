"""Simulated production workload for the Lakeshore Regional Blood Service database.

run(dsn) replays roughly one busy morning of application traffic after the nightly
load: donor look-ups from the session app, the (slow) donor-history screen, stock
checks, hospital order screens, cold-chain dashboards, and a few batch jobs that
rewrite appointment rows (leaving dead tuples in donor.appointment, whose
autovacuum is switched off).  Finally it ANALYZEs a few tables only.

The writes are value-neutral: every UPDATE writes the values the rows already
hold and the temporary "hold" rows it inserts are deleted again, so the business
data (and every question's answer) is the same before and after the workload.
"""
import random
import time

import psycopg


def _q(cur, sql, params=None):
    cur.execute(sql, params)
    if cur.description is not None:
        cur.fetchall()


def run(dsn: str) -> None:
    rnd = random.Random(20240918)
    t0 = time.time()
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        try:
            cur.execute("SELECT 1 FROM pg_stat_statements LIMIT 1")
            cur.fetchall()
        except Exception:
            pass  # pg_stat_statements not installed / not preloaded: fine

        donor_ids = list(range(1, 40001))
        surnames = ["Smith", "Jones", "Taylor", "Patel", "Khan", "Nowak", "Murphy", "Hughes",
                    "Wright", "Evans", "Clarke", "Singh", "Kowalski", "Reid", "Young"]

        for n in range(1500):
            kind = n % 10
            if kind in (0, 1, 2):
                # session app: scan the donor card
                _q(cur, "SELECT donor_id, first_nm, last_nm, donor_st, abo_grp, rh_fctr, last_don_dt "
                        "FROM donor.donor WHERE donor_no = %s",
                   ("D%07d" % rnd.choice(donor_ids),))
            elif kind == 3:
                _q(cur, "SELECT d.donor_id, d.first_nm, d.last_nm, d.birth_dt FROM donor.donor d "
                        "WHERE d.last_nm = %s AND d.birth_dt >= %s ORDER BY d.first_nm LIMIT 20",
                   (rnd.choice(surnames), "1960-01-01"))
            elif kind == 4:
                _q(cur, "SELECT a.appt_id, a.slot_ts, a.appt_st, a.cntr_id FROM donor.appointment a "
                        "WHERE a.donor_id = %s ORDER BY a.slot_ts DESC LIMIT 5",
                   (rnd.choice(donor_ids),))
            elif kind == 5:
                _q(cur, "SELECT * FROM donor.donor WHERE donor_id = %s", (rnd.choice(donor_ids),))
            elif kind == 6:
                _q(cur, "SELECT u.unit_no, u.comp_cd, u.unit_st, u.exp_dt FROM lab.blood_unit u "
                        "WHERE u.don_id = %s", (rnd.randint(1, 125000),))
            elif kind == 7:
                _q(cur, "SELECT t.test_cd, t.rslt_cd, t.rslt_ts FROM lab.test_result t WHERE t.don_id = %s",
                   (rnd.randint(85000, 125000),))
            elif kind == 8:
                _q(cur, "SELECT o.ord_no, o.ordered_at, o.prio_cd, o.ord_st FROM supply.blood_order o "
                        "WHERE o.hosp_id = %s AND o.ordered_at >= %s ORDER BY o.ordered_at DESC",
                   (rnd.randint(1, 18), "2024-09-01"))
            else:
                _q(cur, "SELECT i.unit_id, i.issued_at, i.unit_price FROM supply.issue i WHERE i.ord_id = %s",
                   (rnd.randint(1, 47000),))

        # the donor-history screen: filters donations by donor (no index on donor_id -> seq scan)
        for _ in range(220):
            _q(cur, "SELECT n.don_id, n.don_ts, n.proc_cd, n.outcome_cd, n.vol_ml, n.hb_gdl "
                    "FROM donor.donation n WHERE n.donor_id = %s ORDER BY n.don_ts DESC",
               (rnd.choice(donor_ids),))

        # stock dashboard and panel planning
        for _ in range(200):
            _q(cur, "SELECT comp_cd, abo_grp, rh_fctr, count(*) FROM lab.blood_unit "
                    "WHERE unit_st = 'A' AND comp_cd = %s GROUP BY 1, 2, 3",
               (rnd.choice(["RBC", "PLT", "CRY"]),))
        for _ in range(120):
            _q(cur, "SELECT count(*) FROM donor.donor WHERE home_cntr_id = %s AND donor_st = 'A'",
               (rnd.randint(1, 12),))
        for _ in range(150):
            _q(cur, "SELECT read_ts, temp_c FROM lab.temp_reading WHERE loc_id = %s AND read_ts >= %s ORDER BY read_ts",
               (rnd.randint(1, 15), "2024-09-17 09:00"))
        for _ in range(100):
            _q(cur, "SELECT slot_ts, count(*) FROM donor.appointment WHERE slot_ts >= %s AND slot_ts < %s "
                    "AND appt_st = 'B' GROUP BY 1 ORDER BY 1",
               ("2024-09-18", "2024-09-26"))
        for _ in range(60):
            _q(cur, "SELECT date_trunc('month', don_ts) AS m, count(*) FROM donor.donation "
                    "WHERE don_ts >= %s AND outcome_cd = 'C' GROUP BY 1 ORDER BY 1", ("2024-01-01",))
        for _ in range(40):
            _q(cur, "SELECT h.hosp_nm, sum(i.net_amt) FROM supply.invoice i JOIN supply.hospital h USING (hosp_id) "
                    "WHERE i.paid_dt IS NULL GROUP BY 1 ORDER BY 2 DESC")

        # ---- batch jobs that rewrite appointment rows (dead tuples, no value changes) ----
        for _ in range(40):  # reminder job runs every few minutes and re-stamps the same reminders
            cur.execute("UPDATE donor.appointment SET rmdr_sent_at = slot_ts::date - 2 + time '18:00' "
                        "WHERE appt_st = 'B' AND slot_ts < '2024-09-20' "
                        "AND booked_at < slot_ts::date - 2 + time '18:00'")
        for lo, hi in (("2024-07-01", "2024-08-01"), ("2024-08-01", "2024-09-01"),
                       ("2024-09-01", "2024-09-18"), ("2024-08-01", "2024-09-01")):
            # nightly status re-sync with the booking platform (rewrites rows unchanged)
            cur.execute("UPDATE donor.appointment SET appt_st = appt_st, cancelled_at = cancelled_at "
                        "WHERE slot_ts >= %s AND slot_ts < %s", (lo, hi))
        # temporary slot holds for next week's drives, then released
        cur.execute("INSERT INTO donor.appointment (donor_id, cntr_id, slot_ts, booked_at, chan_cd, appt_st) "
                    "SELECT donor_id, home_cntr_id, timestamp '2024-09-24 10:00', timestamp '2024-09-18 09:05', 'S', 'H' "
                    "FROM donor.donor WHERE donor_st = 'A' AND donor_id % 10 = 3")
        cur.execute("DELETE FROM donor.appointment WHERE appt_st = 'H'")

        # ---- statistics refreshed only for some tables ----
        for t in ("donor.donation", "lab.blood_unit", "supply.issue"):
            cur.execute("ANALYZE " + t)

    print("workload finished in %.1f s" % (time.time() - t0))


if __name__ == "__main__":
    import sys
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=draft_bloodbank")

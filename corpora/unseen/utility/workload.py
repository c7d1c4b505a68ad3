"""Replay a few seconds of typical daytime activity on the utility database.

- field devices sync work-order status into ops.work_ord.attrs (many small
  UPDATEs -> dead tuples; autovacuum is disabled on that table)
- customer-service reps look customers up by phone number (no index -> seq scans
  on cis.cust), then read their bills and payments (index look-ups)
- meter-shop look-ups by meter serial number and recent reads
- the outage board polls open tickets; dispatchers look up work orders by
  outage ticket number (no index -> seq scans on ops.work_ord)

Deterministic (random.Random with a fixed seed); uses psycopg 3 only.
Does not create or drop indexes. Runs ANALYZE at the end.
"""
import datetime

import psycopg
import random


def run(dsn: str) -> None:
    rng = random.Random(20261031)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SET max_parallel_workers_per_gather = 0")

        wos = [r[0] for r in cur.execute("SELECT wo_no FROM ops.work_ord ORDER BY wo_no").fetchall()]
        phones = [r[0] for r in cur.execute(
            "SELECT ph_no FROM cis.cust WHERE ph_no IS NOT NULL ORDER BY cust_no").fetchall()]
        sers = [r[0] for r in cur.execute(
            "SELECT ser_no FROM mtr.meter WHERE mtr_stat = 'I' ORDER BY mtr_id").fetchall()]
        pids = [r[0] for r in cur.execute("SELECT pymt_id FROM bill.pymt ORDER BY pymt_id").fetchall()]
        tkts = [r[0] for r in cur.execute("SELECT tkt_no FROM ops.outage_tkt ORDER BY tkt_no").fetchall()]
        crews = [r[0] for r in cur.execute("SELECT crew_id FROM ops.crew ORDER BY crew_id").fetchall()]

        base = datetime.datetime(2026, 10, 31, 7, 0, 0)
        upd = ("UPDATE ops.work_ord SET attrs = coalesce(attrs, '{}'::jsonb) "
               "|| jsonb_build_object('last_sync', %s::text) WHERE wo_no = %s")

        for i in range(2500):
            # mobile sync burst
            ts = base + datetime.timedelta(seconds=4 * i)
            cur.execute(upd, (ts.isoformat(), rng.choice(wos)))

            if i % 10 == 0:
                # customer-service call: find customer by phone, show bills & payments
                ph = rng.choice(phones)
                row = cur.execute("SELECT cust_no, cust_nm FROM cis.cust WHERE ph_no = %s", (ph,)).fetchone()
                if row:
                    accts = cur.execute("SELECT acct_id FROM cis.acct WHERE cust_no = %s ORDER BY acct_id",
                                        (row[0],)).fetchall()
                    for (acct,) in accts[:3]:
                        cur.execute("SELECT bill_id, bill_dt, tot_amt, paid_dt FROM bill.bill_hdr "
                                    "WHERE acct_id = %s ORDER BY bill_dt DESC LIMIT 6", (acct,)).fetchall()
                        cur.execute("SELECT pymt_id, pymt_ts, amt_cents, chnl FROM bill.pymt "
                                    "WHERE acct_id = %s ORDER BY pymt_ts DESC LIMIT 5", (acct,)).fetchall()
            if i % 20 == 5:
                # meter shop: serial-number look-up and last year of reads
                r = cur.execute("SELECT m.mtr_id, x.sp_id FROM mtr.meter m "
                                "JOIN cis.svc_pt x ON x.cur_mtr_id = m.mtr_id WHERE m.ser_no = %s",
                                (rng.choice(sers),)).fetchone()
                if r:
                    cur.execute("SELECT rd_dt, rd_val, cons, rd_cd FROM mtr.rd_hist WHERE sp_id = %s "
                                "ORDER BY rd_dt DESC LIMIT 12", (r[1],)).fetchall()
            if i % 60 == 7:
                # cashier checks a payment for a returned-check call
                cur.execute("SELECT * FROM bill.pymt WHERE pymt_id = %s", (rng.choice(pids),)).fetchone()
            if i % 80 == 11:
                cur.execute("SELECT tkt_no, cmdty, dist_cd, rpt_ts, etr_ts, cust_out FROM ops.outage_tkt "
                            "WHERE rest_ts IS NULL ORDER BY rpt_ts").fetchall()
            if i % 40 == 13:
                cur.execute("SELECT wo_no, wo_stat, crew_id, lead_tech FROM ops.work_ord WHERE tkt_no = %s",
                            (rng.choice(tkts),)).fetchall()
            if i % 50 == 17:
                cur.execute("SELECT * FROM ops.v_open_wo WHERE crew_id = %s ORDER BY prio, cre_ts",
                            (rng.choice(crews),)).fetchall()
            if i % 500 == 250:
                # supervisor report
                cur.execute("SELECT date_trunc('month', h.bill_dt) AS mo, l.ln_typ, sum(l.amt) "
                            "FROM bill.bill_ln l JOIN bill.bill_hdr h USING (bill_id) "
                            "WHERE h.bill_stat = 'I' AND h.bill_dt >= date '2026-01-01' GROUP BY 1, 2").fetchall()

        cur.execute("ANALYZE")

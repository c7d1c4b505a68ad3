"""Workload for the warehouse corpus: the Saturday shift of 2026-10-31 after the load.

The WMS interface rewrites stock balances all day (inv.stock_bal, autovacuum off -> dead tuples), the order
desk looks up orders and customers, customer service traces shipments by tracking number (no index on
trk_no -> sequential scans), the credit department releases two held accounts, the pickers' scans land
in inv.inv_txn and a few reports run. Deterministic (random.Random with a fixed seed), about 5-10 s.
Never touches ops.so_line.descr, so ix_so_line_descr stays unused.
"""
from __future__ import annotations

import datetime as dt
import random

import psycopg

SEED = 20261031
DAY = dt.datetime(2026, 10, 31, 6, 0, tzinfo=dt.timezone(dt.timedelta(hours=-5)))  # 06:00 Chicago (CDT)


def _ts(rng: random.Random) -> dt.datetime:
    return DAY + dt.timedelta(seconds=rng.randint(0, 9 * 3600))


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn, autocommit=True) as conn:
        try:
            conn.execute("SELECT pg_stat_statements_reset()")
        except Exception:
            pass

        keys = conn.execute(
            "SELECT whse_cd, item_no FROM inv.stock_bal ORDER BY whse_cd, item_no").fetchall()
        # fast movers are touched far more often than slow ones
        weights = [5 if k[1][3:] <= "10300" else 1 for k in keys]
        recent = conn.execute(
            "SELECT so_id, so_no, cust_id FROM ops.so_hdr WHERE ord_dt >= date '2026-09-01' ORDER BY so_id").fetchall()
        trk = [r[0] for r in conn.execute(
            "SELECT trk_no FROM ops.shpmt WHERE trk_no IS NOT NULL AND ship_ts >= timestamptz '2026-10-01 00:00+00' "
            "ORDER BY shp_id").fetchall()]
        items = [r[0] for r in conn.execute("SELECT item_no FROM mdm.item ORDER BY item_no").fetchall()]
        next_txn = conn.execute("SELECT max(txn_id) FROM inv.inv_txn").fetchone()[0] + 1

        with conn.cursor() as cur:
            # 1. WMS interface: 30 batches of balance updates (picks and put-aways)
            for _ in range(30):
                picks, puts = [], []
                for (w, i) in rng.choices(keys, weights=weights, k=1000):
                    q = rng.randint(1, 12)
                    if rng.random() < 0.8:
                        picks.append((q, q, _ts(rng), w, i))
                    else:
                        puts.append((q * 10, _ts(rng), w, i))
                with conn.transaction():
                    cur.executemany(
                        "UPDATE inv.stock_bal SET qoh = greatest(qoh - %s, 0), qal = greatest(qal - %s, 0), upd_ts = %s "
                        "WHERE whse_cd = %s AND item_no = %s", picks)
                    cur.executemany(
                        "UPDATE inv.stock_bal SET qoh = qoh + %s, upd_ts = %s WHERE whse_cd = %s AND item_no = %s", puts)

            # 2. the pickers' scans for the Saturday shift
            rows = []
            for k in range(600):
                so_id, so_no, _ = rng.choice(recent)
                w, i = rng.choice(keys)
                rows.append((next_txn + k, _ts(rng), w, i, "PCK", -rng.randint(1, 20), so_no,
                             "RF%03d" % rng.randint(1, 40)))
            with conn.transaction():
                cur.executemany(
                    "INSERT INTO inv.inv_txn (txn_id, txn_ts, whse_cd, item_no, txn_typ, qty, ref_doc, usr_id) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)", rows)

            # 3. order desk: look-ups by order number and by customer
            for _ in range(400):
                so_id, so_no, cust_id = rng.choice(recent)
                cur.execute("SELECT so_id, cust_id, stat, ship_dt, ord_amt FROM ops.so_hdr WHERE so_no = %s", (so_no,))
                cur.fetchall()
                cur.execute("SELECT ln_no, item_no, qty_ord, qty_shp, unit_px FROM ops.so_line WHERE so_id = %s ORDER BY ln_no",
                            (so_id,))
                cur.fetchall()
            for _ in range(150):
                _, _, cust_id = rng.choice(recent)
                cur.execute("SELECT so_no, ord_dt, stat, ord_amt FROM ops.so_hdr WHERE cust_id = %s "
                            "ORDER BY ord_dt DESC LIMIT 20", (cust_id,))
                cur.fetchall()

            # 4. customer service: where is my shipment? (sequential scans on ops.shpmt)
            for _ in range(60):
                cur.execute("SELECT s.shp_id, s.so_id, s.carrier_cd, s.ship_ts, s.dlvd_ts FROM ops.shpmt s "
                            "WHERE s.trk_no = %s", (rng.choice(trk),))
                cur.fetchall()
            for _ in range(80):
                so_id, _, _ = rng.choice(recent)
                cur.execute("SELECT carrier_cd, trk_no, ship_ts, dlvd_ts FROM ops.shpmt WHERE so_id = %s", (so_id,))
                cur.fetchall()

            # 5. stock inquiries and item history
            for _ in range(50):
                it = rng.choice(items)
                cur.execute("SELECT whse_cd, qoh, qal, rop FROM inv.stock_bal WHERE item_no = %s ORDER BY whse_cd", (it,))
                cur.fetchall()
                cur.execute("SELECT txn_ts, whse_cd, txn_typ, qty, ref_doc FROM inv.inv_txn "
                            "WHERE item_no = %s AND txn_ts >= timestamptz '2026-10-01 00:00+00' ORDER BY txn_ts", (it,))
                cur.fetchall()

            # 6. credit department releases two held accounts and their open orders
            held = conn.execute(
                "SELECT DISTINCT h.cust_id FROM ops.so_hdr h JOIN mdm.cust c ON c.cust_id = h.cust_id "
                "WHERE c.cr_hold AND h.stat = 'open' ORDER BY h.cust_id").fetchall()
            for (cust_id,) in rng.sample(held, k=min(2, len(held))):
                with conn.transaction():
                    cur.execute("UPDATE mdm.cust SET cr_hold = false WHERE cust_id = %s", (cust_id,))
                    cur.execute("UPDATE ops.so_hdr SET stat = 'released' WHERE cust_id = %s AND stat = 'open'", (cust_id,))

            # 7. the morning reports
            cur.execute("SELECT whse_cd, count(*), sum(ord_amt) FROM ops.v_open_ord GROUP BY whse_cd ORDER BY whse_cd")
            cur.fetchall()
            cur.execute("SELECT carrier_cd, count(*), sum(frt_cost) FROM ops.shpmt "
                        "WHERE ship_ts >= timestamptz '2026-10-26 00:00+00' GROUP BY carrier_cd ORDER BY 2 DESC")
            cur.fetchall()
            cur.execute("SELECT b.whse_cd, b.item_no, i.descr, b.qoh, b.rop FROM inv.stock_bal b "
                        "JOIN mdm.item i ON i.item_no = b.item_no WHERE b.qoh < b.rop ORDER BY b.whse_cd, b.item_no")
            cur.fetchall()
            cur.execute("SELECT b.whse_cd, sum(b.qoh * i.std_cost) FROM inv.stock_bal b "
                        "JOIN mdm.item i ON i.item_no = b.item_no GROUP BY b.whse_cd ORDER BY 1")
            cur.fetchall()
            cur.execute("SELECT date_trunc('month', ord_dt) AS mo, count(*), sum(ord_amt) FROM ops.so_hdr "
                        "WHERE ord_dt >= date '2026-01-01' AND stat <> 'cancelled' GROUP BY 1 ORDER BY 1")
            cur.fetchall()

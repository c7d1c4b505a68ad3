"""Replay a few seconds of typical Nordvik Air TechOps activity after the load.

- stores clerks issue/receive consumables: many single-row UPDATEs on stores.stock
  (autovacuum is disabled on that table, so the dead tuples stay)
- the component-tracking screen looks units up by serial number (stores.comp.sn has
  no index -> sequential scans)
- the ECM trend screen reads snapshots by leg (index) and by snapshot id (PK)
- OCC looks legs up by flight number and date

Deterministic (random.Random with a fixed seed, all candidate lists read in a fixed order).
Uses psycopg (v3) only; never creates or drops indexes.  Ends with ANALYZE.
"""
import random

import psycopg

SEED = 20261031
N_STOCK_UPDATES = 3000
N_SERIAL_LOOKUPS = 400
N_ECM_LEG_LOOKUPS = 300
N_ECM_ID_LOOKUPS = 60
N_LEG_LOOKUPS = 150


def run(dsn: str) -> None:
    rnd = random.Random(SEED)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SET application_name = 'tops-workload'")

        cur.execute("SELECT pn, stn FROM stores.stock ORDER BY pn, stn")
        stock_keys = cur.fetchall()
        cur.execute("SELECT sn FROM stores.comp ORDER BY comp_id")
        serials = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT leg_id FROM ops.leg WHERE flt_dt >= date '2024-01-01' AND offblk IS NOT NULL ORDER BY leg_id")
        legs_ecm = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT max(snap_id) FROM ops.ecm_snap")
        max_snap = cur.fetchone()[0]
        cur.execute("SELECT DISTINCT flt_no FROM ops.leg ORDER BY flt_no")
        flt_nos = [r[0] for r in cur.fetchall()]

        # 1) stock movements: issues (negative) and receipts (positive), in small transactions
        moves = []
        for _ in range(N_STOCK_UPDATES):
            pn, stn = stock_keys[rnd.randrange(len(stock_keys))]
            delta = rnd.choice([-3, -2, -2, -1, -1, -1, 1, 2, 5, 10])
            moves.append((delta, pn, stn))
        upd = ("UPDATE stores.stock SET qoh = greatest(qoh + %s, 0) "
               "WHERE pn = %s AND stn = %s")
        for i in range(0, len(moves), 100):
            with conn.transaction():
                with conn.pipeline():
                    for m in moves[i:i + 100]:
                        cur.execute(upd, m)

        # 2) serial-number look-ups (no index on stores.comp.sn -> seq scan)
        for _ in range(N_SERIAL_LOOKUPS):
            sn = serials[rnd.randrange(len(serials))]
            cur.execute("SELECT comp_id, pn, cond, loc_stn FROM stores.comp WHERE sn = %s", (sn,))
            cur.fetchall()

        # 3) ECM trend screen
        for _ in range(N_ECM_LEG_LOOKUPS):
            leg = legs_ecm[rnd.randrange(len(legs_ecm))]
            cur.execute("SELECT eng_pos, itt_c, ff_kgh, oil_p_psi FROM ops.ecm_snap WHERE leg_id = %s ORDER BY eng_pos", (leg,))
            cur.fetchall()
        for _ in range(N_ECM_ID_LOOKUPS):
            cur.execute("SELECT * FROM ops.ecm_snap WHERE snap_id = %s", (rnd.randint(1, max_snap),))
            cur.fetchall()

        # 4) OCC: legs by flight number on a given day
        for _ in range(N_LEG_LOOKUPS):
            fno = flt_nos[rnd.randrange(len(flt_nos))]
            day = f"2025-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}"
            cur.execute("SELECT leg_id, ac_id, std, offblk, dly_min, dly_cd FROM ops.leg "
                        "WHERE flt_no = %s AND flt_dt = %s", (fno, day))
            cur.fetchall()

        cur.execute("ANALYZE")


if __name__ == "__main__":
    import sys
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=helper_fleet")

"""Deterministic read/write workload for the hotel PMS benchmark database.

run(dsn) simulates a day of front-office / CRM / housekeeping / revenue activity:
key lookups, a few updates (dead tuples), temporary bookings that are cancelled
and removed again (net data unchanged), two failed transactions (rollbacks) and
a couple of slow reporting queries without a supporting index.
The data that the benchmark questions look at is left unchanged.
"""
import hashlib

import psycopg


def _h(seed: str) -> float:
    return int(hashlib.md5(seed.encode()).hexdigest()[:8], 16) / 4294967296.0


def _pick(seed: str, n: int) -> int:
    return int(_h(seed) * n)


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=False, application_name="pms_workload") as conn:
        cur = conn.cursor()

        # ------------------------------------------------------------------
        # reference data the "application" caches at start-up
        # ------------------------------------------------------------------
        cur.execute("SELECT prop_id, prop_cd FROM core.property ORDER BY prop_id")
        props = cur.fetchall()
        cur.execute("SELECT rt_id, prop_id FROM core.room_type ORDER BY rt_id")
        rtypes = cur.fetchall()
        cur.execute("SELECT max(rsv_id), max(guest_id) FROM fo.rsv")
        max_rsv, _ = cur.fetchone()
        cur.execute("SELECT max(guest_id) FROM crm.guest")
        max_guest = cur.fetchone()[0]
        cur.execute("SELECT max(folio_id) FROM fin.folio")
        max_folio = cur.fetchone()[0]
        conn.commit()

        # ------------------------------------------------------------------
        # front desk: look up reservations by confirmation number / id
        # ------------------------------------------------------------------
        for i in range(80):
            rid = 1 + _pick(f"wl-rsv-{i}", max_rsv)
            cur.execute("SELECT conf_no FROM fo.rsv WHERE rsv_id = %s", (rid,))
            row = cur.fetchone()
            if row:
                cur.execute(
                    "SELECT r.rsv_id, r.arr_dt, r.dep_dt, r.sts_cd, g.first_nm, g.last_nm, g.loy_tier "
                    "FROM fo.rsv r JOIN crm.guest g ON g.guest_id = r.guest_id WHERE r.conf_no = %s",
                    (row[0],),
                )
                cur.fetchall()
        conn.commit()

        # guest profile screen: read + save (the UI writes the unchanged row back)
        for i in range(60):
            gid = 1 + _pick(f"wl-guest-{i}", max_guest)
            cur.execute("SELECT * FROM crm.guest WHERE guest_id = %s", (gid,))
            cur.fetchone()
            cur.execute(
                "SELECT r.conf_no, r.arr_dt, r.sts_cd FROM fo.rsv r WHERE r.guest_id = %s ORDER BY r.arr_dt DESC LIMIT 10",
                (gid,),
            )
            cur.fetchall()
            if i % 2 == 0:
                cur.execute(
                    "UPDATE crm.guest SET phone = phone, mkt_optin = mkt_optin, email = email WHERE guest_id = %s",
                    (gid,),
                )
        conn.commit()

        # cashier: folio balance lookups
        for i in range(50):
            fid = 1 + _pick(f"wl-folio-{i}", max_folio)
            cur.execute("SELECT * FROM rpt.v_folio_bal WHERE folio_id = %s", (fid,))
            cur.fetchone()
            cur.execute(
                "SELECT post_dt, chg_cd, amt FROM fin.folio_ln WHERE folio_id = %s AND NOT void_flg ORDER BY post_dt",
                (fid,),
            )
            cur.fetchall()
            cur.execute("SELECT pmt_ts, mthd_cd, amt FROM fin.pmt WHERE folio_id = %s", (fid,))
            cur.fetchall()
        conn.commit()

        # housekeeping board: tasks per room for the last days (rewrite rows = dead tuples)
        for i in range(40):
            room = 1 + _pick(f"wl-room-{i}", 363)
            cur.execute(
                "SELECT task_id, task_typ, status FROM ops.hk_task WHERE room_id = %s AND task_dt >= DATE '2024-11-24' ORDER BY task_dt",
                (room,),
            )
            cur.fetchall()
            cur.execute(
                "UPDATE ops.hk_task SET staff_id = staff_id, note = note WHERE room_id = %s AND task_dt >= DATE '2024-11-24'",
                (room,),
            )
        cur.execute("UPDATE core.room SET ooo_flg = ooo_flg WHERE prop_id = 4")
        conn.commit()

        # ------------------------------------------------------------------
        # channel manager: new bookings, modifications, cancellations; test
        # bookings are removed again at the end (net data unchanged)
        # ------------------------------------------------------------------
        base_id = 9_000_000
        new_ids = []
        for i in range(24):
            rid = base_id + i + 1
            rt_id, prop_id = rtypes[_pick(f"wl-rt-{i}", len(rtypes))]
            prop_cd = dict(props)[prop_id]
            arr = f"2025-0{1 + _pick(f'wl-m-{i}', 6)}-{10 + _pick(f'wl-d-{i}', 18):02d}"
            cur.execute(
                "INSERT INTO fo.rsv (rsv_id, conf_no, guest_id, prop_id, rt_id, room_id, rp_id, book_ts, arr_dt, dep_dt, "
                "adl_cnt, chd_cnt, rate_amt, sts_cd, chnl_cd, ext_ref, upd_ts) "
                "VALUES (%s, %s, %s, %s, %s, NULL, 1, TIMESTAMP '2024-11-30 20:00:00' + %s * INTERVAL '1 minute', "
                "%s::date, %s::date + 2, 2, 0, 149.00, 'C', 4, %s, NULL)",
                (rid, f"T{prop_cd}-{rid}", 1 + _pick(f"wl-g-{i}", max_guest), prop_id, rt_id, i,
                 arr, arr, f"BDCTEST{rid}"),
            )
            new_ids.append(rid)
        conn.commit()

        for i, rid in enumerate(new_ids):
            cur.execute("UPDATE fo.rsv SET rate_amt = rate_amt + 10, upd_ts = TIMESTAMP '2024-11-30 21:00:00' WHERE rsv_id = %s", (rid,))
            if i % 3 == 0:
                cur.execute("UPDATE fo.rsv SET sts_cd = 'X', upd_ts = TIMESTAMP '2024-11-30 21:30:00' WHERE rsv_id = %s", (rid,))
                cur.execute(
                    "INSERT INTO fo.cxl (rsv_id, cxl_ts, rsn_cd, cxl_by, fee_amt) VALUES (%s, TIMESTAMP '2024-11-30 21:30:00', 1, 'A', NULL)",
                    (rid,),
                )
        conn.commit()

        # two failing transactions (duplicate reservation id, bad status code) -> rollbacks
        for bad in ((1, f"TAMS-{base_id + 98}", "C"), (base_id + 99, f"TAMS-{base_id + 99}", "Z")):
            try:
                cur.execute(
                    "INSERT INTO fo.rsv (rsv_id, conf_no, guest_id, prop_id, rt_id, rp_id, book_ts, arr_dt, dep_dt, "
                    "adl_cnt, rate_amt, sts_cd, chnl_cd) VALUES (%s, %s, 1, 1, 1, 1, TIMESTAMP '2024-11-30 22:00:00', "
                    "DATE '2025-02-01', DATE '2025-02-03', 2, 120.00, %s, 1)",
                    bad,
                )
                conn.commit()
            except psycopg.Error:
                conn.rollback()

        # ------------------------------------------------------------------
        # revenue / CRM reports (slow: no index on post_dt, done_ts, email)
        # ------------------------------------------------------------------
        for q in ("2024-06-01", "2024-07-01", "2024-08-01"):
            cur.execute(
                "SELECT chg_cd, sum(amt - vat_amt) FROM fin.folio_ln "
                "WHERE post_dt >= %s::date AND post_dt < (%s::date + INTERVAL '1 month') AND NOT void_flg GROUP BY chg_cd",
                (q, q),
            )
            cur.fetchall()
        cur.execute(
            "SELECT p.prop_cd, date_trunc('month', l.post_dt) AS m, sum(l.amt - l.vat_amt) AS net "
            "FROM fin.folio_ln l JOIN fin.folio f ON f.folio_id = l.folio_id JOIN fo.stay s ON s.stay_id = f.stay_id "
            "JOIN fo.rsv r ON r.rsv_id = s.rsv_id JOIN core.property p ON p.prop_id = r.prop_id "
            "WHERE NOT l.void_flg GROUP BY 1, 2 ORDER BY 1, 2"
        )
        cur.fetchall()
        for i in range(5):
            gid = 1 + _pick(f"wl-mail-{i}", max_guest)
            cur.execute("SELECT email FROM crm.guest WHERE guest_id = %s", (gid,))
            email = cur.fetchone()[0] or "nobody@example.com"
            cur.execute("SELECT guest_id FROM crm.guest WHERE lower(email) = lower(%s)", (email,))
            cur.fetchall()
        cur.execute("SELECT count(*) FROM ops.hk_task WHERE done_ts >= TIMESTAMP '2024-11-01' AND status = 'done'")
        cur.fetchone()
        cur.execute(
            "SELECT r.prop_id, avg(v.ovr_scr) FROM crm.review v JOIN fo.stay s ON s.stay_id = v.stay_id "
            "JOIN fo.rsv r ON r.rsv_id = s.rsv_id WHERE v.posted_dt >= DATE '2024-01-01' GROUP BY r.prop_id"
        )
        cur.fetchall()
        cur.execute("SELECT stay_dt, count(*) FROM rpt.v_rsv_night WHERE stay_dt BETWEEN DATE '2024-12-01' AND DATE '2024-12-31' GROUP BY 1")
        cur.fetchall()
        conn.commit()

        # ------------------------------------------------------------------
        # night audit: remove the test bookings again
        # ------------------------------------------------------------------
        cur.execute("DELETE FROM fo.cxl WHERE rsv_id > %s", (base_id,))
        cur.execute("DELETE FROM fo.rsv WHERE rsv_id > %s", (base_id,))
        conn.commit()


if __name__ == "__main__":
    import sys
    import time

    t0 = time.time()
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=unseen_scratch_x_hotel")
    print(f"workload done in {time.time() - t0:.1f}s")

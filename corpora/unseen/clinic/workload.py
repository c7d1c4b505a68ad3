"""A day of the hospital's traffic against the clinic database (deterministic, ~10-20 s).

- ADT interface: the bed board is rewritten constantly (many small updates), encounters are touched
  (upd_ts) as HL7 messages arrive; the nightly job then vacuums both tables.
- LIS interface: result times of ~20k lab orders are re-stamped in batches (a clock-skew fix, rslt_ts is
  indexed so none of these are HOT updates) and a few results are amended ('corrected'); autovacuum is
  off on lab.lab_ord, so its dead tuples stay.
- Read traffic: chart look-ups by patient / encounter, the census, lab worklists, the ordering-provider
  report (lab.lab_ord has no index on ord_prov_id: sequential scans), monthly dashboards.
"""
from __future__ import annotations

import random

import psycopg


def run(dsn: str) -> None:
    rnd = random.Random(42)
    with psycopg.connect(dsn, autocommit=True) as conn:
        wards = [r[0] for r in conn.execute('SELECT "WardCode" FROM ehr."Ward" WHERE "BedCount" > 0 ORDER BY 1')]
        lo_enc, hi_enc = conn.execute("SELECT min(enc_id), max(enc_id) FROM ehr.enc").fetchone()
        lo_ord, hi_ord = conn.execute("SELECT min(ord_id), max(ord_id) FROM lab.lab_ord").fetchone()

        # --- ADT: bed board churn (housekeeping flips free beds DIRTY <-> CLEAN, every bed re-stamped)
        for i in range(450):
            conn.execute(
                "UPDATE ehr.bed_brd SET upd_ts = localtimestamp,"
                " bed_stat = CASE WHEN enc_id IS NOT NULL THEN 'OCC' WHEN bed_stat = 'BLOCKED' THEN 'BLOCKED'"
                "                 WHEN bed_stat = 'DIRTY' THEN 'CLEAN' ELSE 'DIRTY' END"
                " WHERE ward_cd = ANY(%s)", (wards if i % 3 == 0 else [wards[i % len(wards)]],))
        # end of shift: housekeeping cleans the even-numbered dirty beds
        conn.execute("UPDATE ehr.bed_brd SET bed_stat = 'CLEAN' WHERE enc_id IS NULL AND bed_stat = 'DIRTY'"
                     " AND right(bed_id, 1) IN ('0', '2', '4', '6', '8')")

        # --- ADT: encounter messages (A08 updates) touch upd_ts
        for _ in range(60):
            a = rnd.randint(lo_enc, hi_enc - 400)
            conn.execute("UPDATE ehr.enc SET upd_ts = upd_ts + interval '1 minute' WHERE enc_id BETWEEN %s AND %s",
                         (a, a + 250))

        # --- LIS: clock-skew fix, 20 batches of 1000 orders (non-HOT: rslt_ts is indexed)
        for b in range(20):
            a = lo_ord + 1000 + b * 1500
            conn.execute("UPDATE lab.lab_ord SET rslt_ts = rslt_ts + interval '2 minutes'"
                         " WHERE ord_id BETWEEN %s AND %s AND rslt_ts IS NOT NULL", (a, a + 999))
        # amended results
        conn.execute("UPDATE lab.lab_ord SET ord_stat = 'corrected' WHERE ord_stat = 'resulted' AND ord_id % 97 = 0")

        # --- read traffic
        for _ in range(250):
            pt = rnd.randint(1, 10000)
            conn.execute("SELECT enc_id, adm_ts, dsch_ts, stat FROM ehr.enc WHERE pt_id = %s ORDER BY adm_ts DESC", (pt,)).fetchall()
            conn.execute("SELECT o.loinc_cd, o.val_num, o.unit, o.obs_ts FROM lab.obs o WHERE o.pt_id = %s"
                         " AND o.obs_ts >= now() - interval '400 days' ORDER BY o.obs_ts DESC LIMIT 50", (pt,)).fetchall()
        for _ in range(200):
            enc = rnd.randint(lo_enc, hi_enc)
            conn.execute("SELECT ord_id, panel_cd, ord_stat, rslt_ts FROM lab.lab_ord WHERE enc_id = %s", (enc,)).fetchall()
            conn.execute("SELECT seq, icd10_cd, dx_txt FROM ehr.dx WHERE enc_id = %s ORDER BY seq", (enc,)).fetchall()
        for w in wards * 5:
            conn.execute("SELECT b.bed_id, b.bed_stat, e.enc_id, e.adm_ts FROM ehr.bed_brd b"
                         " LEFT JOIN ehr.enc e ON e.enc_id = b.enc_id WHERE b.ward_cd = %s ORDER BY b.bed_id", (w,)).fetchall()
            conn.execute("SELECT count(*) FROM ehr.enc WHERE ward_cd = %s AND stat = 'admitted'", (w,)).fetchone()
        for _ in range(40):
            conn.execute("SELECT ord_id, enc_id, panel_cd FROM lab.lab_ord"
                         " WHERE ord_stat IN ('ordered', 'collected') ORDER BY ord_ts").fetchall()
        for _ in range(30):
            prov = rnd.randint(1, 60)
            conn.execute("SELECT panel_cd, count(*), avg(rslt_ts - coll_ts) FROM lab.lab_ord"
                         " WHERE ord_prov_id = %s GROUP BY panel_cd", (prov,)).fetchall()
        for _ in range(10):
            conn.execute("SELECT date_trunc('month', adm_ts) AS mo, ward_cd, count(*) FROM ehr.enc"
                         " WHERE adm_ts >= now() - interval '1 year' GROUP BY 1, 2").fetchall()
            conn.execute("SELECT mo, short_nm, n_obs, avg_val FROM lab.mv_obs_mo WHERE mo >= now() - interval '1 year'").fetchall()
            conn.execute("SELECT t.short_nm, count(*) FROM lab.obs o JOIN lab.tst_cat t USING (loinc_cd)"
                         " WHERE o.obs_ts >= now() - interval '30 days' AND o.abn_flg IS NOT NULL GROUP BY 1").fetchall()

        # --- nightly maintenance (lab.lab_ord is left alone: autovacuum is off there and nobody noticed)
        conn.execute("VACUUM (ANALYZE) ehr.bed_brd")
        conn.execute("VACUUM (ANALYZE) ehr.enc")

"""Replay a few seconds of campus activity after the load.

- nightly maintenance VACUUM ANALYZE first (so insert-triggered autovacuum does not fire later)
- bursary batch: payments posted against open Fall 2026 invoices, invoice rows updated (dead tuples on fin.inv),
  plus a buggy "reconcile" job that rewrites every Fall 2026 tuition/fee invoice row
- registry: a handful of incomplete grades resolved, phone numbers updated
- help-desk look-ups: invoices by student (no index on fin.inv.stu_id -> seq scans),
  students by matriculation number, enrolments by student, students of a programme
- ANALYZE at the end
"""
import random

import psycopg


def run(dsn: str) -> None:
    rnd = random.Random(20260915)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("VACUUM (ANALYZE)")

        # ---- bursary: post payments for some open / part-paid Fall 2026 invoices
        cur.execute(
            "SELECT inv_no, amt_cents, stat FROM fin.inv "
            "WHERE term_cd = '2026F' AND stat IN ('O','PP') ORDER BY inv_no"
        )
        open_inv = cur.fetchall()
        chosen = sorted(rnd.sample(open_inv, min(400, len(open_inv))))
        with conn.transaction():
            for inv_no, amt_cents, stat in chosen:
                cur.execute(
                    "SELECT coalesce(sum(amt),0) FROM fin.pmt WHERE inv_no = %s AND NOT rev_flg", (inv_no,)
                )
                paid = cur.fetchone()[0]
                due = (amt_cents / 100) - float(paid)
                meth = rnd.choice(["card", "bacs", "bacs", "cheque"])
                day = rnd.randint(1, 30)
                cur.execute(
                    "INSERT INTO fin.pmt (inv_no, pmt_ts, amt, meth, gw) VALUES "
                    "(%s, timestamptz '2026-10-01 09:00:00' + make_interval(days => %s), %s, %s, "
                    " CASE WHEN %s = 'card' THEN jsonb_build_object('psp','stripe','brand','visa','last4','0000') END)",
                    (inv_no, day, round(due, 2), meth, meth),
                )
                cur.execute("UPDATE fin.inv SET stat = 'P' WHERE inv_no = %s", (inv_no,))

        # ---- buggy reconcile job: touches every Fall 2026 tuition and fee invoice
        cur.execute("UPDATE fin.inv SET stat = stat WHERE term_cd = '2026F' AND inv_typ IN ('TUI','FEE')")

        # ---- registry: resolve some incomplete grades
        cur.execute("SELECT enr_id FROM sis.enrol WHERE grd = 'I' ORDER BY enr_id")
        inc = [r[0] for r in cur.fetchall()]
        for enr_id in sorted(rnd.sample(inc, min(60, len(inc)))):
            cur.execute(
                "UPDATE sis.enrol SET grd = %s, grd_dt = date '2026-10-20' WHERE enr_id = %s",
                (rnd.choice(["B", "C", "A-", "F"]), enr_id),
            )

        # ---- help desk look-ups
        cur.execute("SELECT stu_id, matric_no FROM sis.stu ORDER BY stu_id")
        studs = cur.fetchall()
        for stu_id, matric in rnd.sample(studs, 150):
            cur.execute("SELECT inv_no, inv_typ, amt_cents, stat FROM fin.inv WHERE stu_id = %s", (stu_id,))
            cur.fetchall()
            cur.execute("SELECT stu_id, gvn_nm, fam_nm, stat FROM sis.stu WHERE matric_no = %s", (matric,))
            cur.fetchall()
            cur.execute("SELECT sect_id, grd FROM sis.enrol WHERE stu_id = %s", (stu_id,))
            cur.fetchall()
        for _ in range(20):
            cur.execute("SELECT count(*) FROM sis.stu WHERE prog_id = 22")
            cur.fetchall()
        for stu_id, _ in rnd.sample(studs, 40):
            cur.execute(
                "UPDATE sis.stu SET contact = jsonb_set(contact, '{phone}', to_jsonb(%s::text)) WHERE stu_id = %s",
                ("+44 7700 9" + str(rnd.randint(10000, 99999)), stu_id),
            )

        cur.execute("ANALYZE")

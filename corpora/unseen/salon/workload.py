"""Short, deterministic day-in-the-life workload for the salon database.

Plays what the salons and head office do on Saturday 19 October 2024: reception looks
clients up (by email, by surname, by mobile number when a client rings), checks their
history, patch tests and loyalty points, works the diary for today and next week;
the till is reconciled against the same Saturday in earlier years; vouchers are
checked; managers look at the rota, absence and stock; a few reports run; at night
the booking-platform sync stamps recent and upcoming appointments.
"""
import random

import psycopg

SEED = 20241019


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample keys (by primary key) ------------------------------------
            client_ids = [rng.randint(1, 24000) for _ in range(400)]
            emails, mobiles, surnames = [], [], []
            for cid in client_ids[:250]:
                cur.execute("SELECT email, mob_no, last_nm FROM cli.client WHERE client_id = %s", (cid,))
                email, mob, last_nm = cur.fetchone()
                if email:
                    emails.append(email)
                if mob:
                    mobiles.append(mob)
                surnames.append(last_nm)
            conn.commit()

            # --- reception: client look-ups -------------------------------------------
            for e in emails[:150]:
                cur.execute("SELECT client_id, first_nm, last_nm, home_br_id FROM cli.client WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            # clients ringing in: search by mobile number (no index on mob_no)
            for m in mobiles[:60]:
                cur.execute("SELECT client_id, first_nm, last_nm, email FROM cli.client WHERE mob_no = %s", (m,))
                cur.fetchall()
            for s in surnames[:40]:
                cur.execute("SELECT client_id, first_nm, last_nm, mob_no FROM cli.client WHERE last_nm = %s ORDER BY first_nm LIMIT 50", (s,))
                cur.fetchall()
            for cid in client_ids[:150]:
                cur.execute("""SELECT a.appt_id, a.start_at, s.svc_nm, a.sts, st.first_nm
                               FROM sales.appointment a JOIN org.svc s ON s.svc_id = a.svc_id
                               JOIN org.staff st ON st.staff_id = a.staff_id
                               WHERE a.client_id = %s ORDER BY a.start_at DESC LIMIT 20""", (cid,))
                cur.fetchall()
                cur.execute("SELECT test_dt, prod_line, result_cd FROM cli.patch_test WHERE client_id = %s ORDER BY test_dt DESC", (cid,))
                cur.fetchall()
                cur.execute("SELECT COALESCE(sum(pts), 0) FROM cli.loyalty_txn WHERE client_id = %s", (cid,))
                cur.fetchone()
                cur.execute("""SELECT txn_dt, txn_type, amt_net, pay_cd FROM sales.till_txn
                               WHERE client_id = %s ORDER BY txn_ts DESC LIMIT 10""", (cid,))
                cur.fetchall()
                cur.execute("SELECT prefs FROM cli.client WHERE client_id = %s", (cid,))
                cur.fetchone()
            conn.commit()

            # --- the diary ---------------------------------------------------------------
            for br in range(1, 9):
                for day in ("2024-10-19", "2024-10-20", "2024-10-22", "2024-10-23", "2024-10-26"):
                    cur.execute("""SELECT a.appt_id, a.start_at, a.dur_min, a.staff_id, a.svc_id, a.client_id, a.sts
                                   FROM sales.appointment a
                                   WHERE a.branch_id = %s AND a.start_at >= %s::date AND a.start_at < %s::date + 1
                                   ORDER BY a.start_at""", (br, day, day))
                    appts = cur.fetchall()
                    for a in appts[:4]:
                        cur.execute("SELECT sts, chg_at, chg_by FROM sales.appt_sts_log WHERE appt_id = %s ORDER BY chg_at", (a[0],))
                        cur.fetchall()
            cur.execute("SELECT staff_id FROM org.staff WHERE role_cd IN ('H','B') AND leave_dt IS NULL ORDER BY staff_id")
            stylists = [r[0] for r in cur.fetchall()]
            for sid in rng.sample(stylists, 40):
                cur.execute("""SELECT start_at, dur_min, svc_id, client_id, sts FROM sales.appointment
                               WHERE staff_id = %s AND start_at >= '2024-10-22' AND start_at < '2024-10-28'
                               ORDER BY start_at""", (sid,))
                cur.fetchall()
            conn.commit()

            # --- till: today's takings against the same Saturday in earlier years ----------
            for br in range(1, 9):
                for day in ("2024-10-19", "2024-10-12", "2023-10-21", "2022-10-22"):
                    cur.execute("""SELECT txn_id, txn_type, amt_svc, amt_retail, amt_disc, amt_net, amt_tip, pay_cd
                                   FROM sales.till_txn WHERE branch_id = %s AND txn_dt = %s""", (br, day))
                    txns = cur.fetchall()
                    for t in txns[:5]:
                        cur.execute("SELECT prod_id, qty, line_amt FROM sales.retail_sale WHERE txn_id = %s", (t[0],))
                        cur.fetchall()
            cur.execute("""SELECT branch_id, pay_cd, count(*), sum(amt_net) FROM sales.till_txn
                           WHERE txn_dt = '2024-10-19' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            conn.commit()

            # --- gift vouchers presented at the till -----------------------------------------
            cur.execute("SELECT vcode FROM cli.gift_voucher WHERE sts_cd = 'A' ORDER BY voucher_id")
            codes = [r[0] for r in cur.fetchall()]
            for code in rng.sample(codes, 30):
                cur.execute("SELECT voucher_id, bal_amt, exp_dt, sts_cd FROM cli.gift_voucher WHERE vcode = %s", (code,))
                cur.fetchone()
            conn.commit()

            # --- managers: rota, absence, stock ------------------------------------------------
            for br in range(1, 9):
                cur.execute("""SELECT r.shift_dt, s.first_nm, s.last_nm, r.shift_cd FROM org.rota_shift r
                               JOIN org.staff s ON s.staff_id = r.staff_id
                               WHERE r.branch_id = %s AND r.shift_dt BETWEEN '2024-10-22' AND '2024-10-27'
                               ORDER BY r.shift_dt, s.last_nm""", (br,))
                cur.fetchall()
                cur.execute("""SELECT s.first_nm, s.last_nm, a.abs_cd, a.from_dt, a.to_dt FROM org.staff_absence a
                               JOIN org.staff s ON s.staff_id = a.staff_id
                               WHERE s.branch_id = %s AND a.from_dt <= '2024-10-27' AND COALESCE(a.to_dt, '2099-12-31') >= '2024-10-19'""", (br,))
                cur.fetchall()
                cur.execute("""SELECT p.prod_nm, l.qty_on_hand, l.reorder_lvl FROM sales.stock_level l
                               JOIN sales.product p ON p.prod_id = l.prod_id
                               WHERE l.branch_id = %s AND l.qty_on_hand < l.reorder_lvl""", (br,))
                cur.fetchall()
            conn.commit()

            # --- reports -------------------------------------------------------------------------
            cur.execute("SELECT br_nm, mth, net_amt FROM sales.mv_branch_month WHERE mth >= '2024-01-01' ORDER BY br_nm, mth")
            cur.fetchall()
            cur.execute("SELECT br_nm, grade_nm, count(*), avg(comm_pct) FROM org.v_staff_current GROUP BY 1, 2 ORDER BY 1, 2")
            cur.fetchall()
            cur.execute("""SELECT s.cat_cd, count(*) FILTER (WHERE a.sts = 'no_show')::numeric / count(*)
                           FROM sales.appointment a JOIN org.svc s ON s.svc_id = a.svc_id
                           WHERE a.start_at >= '2024-07-01' AND a.start_at < '2024-10-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT p.brand, sum(r.line_amt) FROM sales.retail_sale r JOIN sales.product p ON p.prod_id = r.prod_id
                           WHERE r.txn_dt >= '2024-01-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            conn.commit()

            # --- writes: stock counts in Leeds, then the nightly booking-platform sync -----------
            for pid in rng.sample(range(1, 41), 12):
                cur.execute("""UPDATE sales.stock_level SET qty_on_hand = qty_on_hand, last_cnt_dt = '2024-10-19'
                               WHERE branch_id = 8 AND prod_id = %s""", (pid,))
            conn.commit()
            weeks = ["2024-08-01", "2024-08-08", "2024-08-15", "2024-08-22", "2024-08-29", "2024-09-05",
                     "2024-09-12", "2024-09-19", "2024-09-26", "2024-10-03", "2024-10-10", "2024-10-17",
                     "2024-10-24", "2024-10-31", "2024-11-07", "2024-11-14", "2024-11-21", "2024-11-28"]
            for w in weeks:
                cur.execute("""UPDATE sales.appointment SET sync_ts = '2024-10-19 21:30:00'
                               WHERE start_at >= %s::date AND start_at < %s::date + 7""", (w, w))
                conn.commit()

"""Short, deterministic evening workload for the Copper Fork restaurant database.

Plays what happens on Tuesday 15 October 2024 around 21:30: hosts look up
reservations by phone and check tonight's and tomorrow's book, servers scan
loyalty cards and reprint checks, managers look at the open punches, the 86 board
and the daily sales, the office chases card chargebacks by the last four digits of
the card (there is no index for that), purchasing checks deliveries and ingredient
prices, a few reports run; then the nightly accounting export stamps posted checks
and the host team records reservation confirmations.
"""
import datetime as dt
import random

import psycopg

SEED = 20241015
TODAY = dt.date(2024, 10, 15)


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample keys to work with (by primary key) -----------------------
            cur.execute("SELECT max(member_id) FROM guest.member")
            max_member = cur.fetchone()[0]
            member_ids = [rng.randint(1, max_member) for _ in range(200)]
            phones, emails, cards = [], [], []
            for mid in member_ids[:150]:
                cur.execute("SELECT phone, email, card_no FROM guest.member WHERE member_id = %s", (mid,))
                phone, email, card = cur.fetchone()
                if phone:
                    phones.append(phone)
                emails.append(email)
                cards.append(card)
            cur.execute("SELECT max(resv_id) FROM guest.resv")
            max_resv = cur.fetchone()[0]
            resv_phones = []
            for rid in [rng.randint(1, max_resv) for _ in range(80)]:
                cur.execute("SELECT phone FROM guest.resv WHERE resv_id = %s", (rid,))
                row = cur.fetchone()
                if row and row[0]:
                    resv_phones.append(row[0])
            conn.commit()

            # --- host stand ----------------------------------------------------------
            for ph in resv_phones[:70]:
                cur.execute("""SELECT resv_id, site_id, resv_at, party_sz, guest_nm, stat_cd
                               FROM guest.resv WHERE phone = %s ORDER BY resv_at DESC""", (ph,))
                cur.fetchall()
            for site_id in range(1, 10):
                for day in (TODAY, TODAY + dt.timedelta(days=1)):
                    cur.execute("""SELECT resv_id, resv_at, party_sz, guest_nm, phone, notes, stat_cd, confirmed_at
                                   FROM guest.resv
                                   WHERE site_id = %s AND resv_at >= %s AND resv_at < %s
                                   ORDER BY resv_at""", (site_id, day, day + dt.timedelta(days=1)))
                    cur.fetchall()
                cur.execute("""SELECT tbl_no, area_cd, seats FROM org.dining_tbl WHERE site_id = %s ORDER BY tbl_no""", (site_id,))
                cur.fetchall()
            conn.commit()

            # --- loyalty look-ups at the POS ----------------------------------------
            for ph in phones[:60]:
                cur.execute("SELECT member_id, first_nm, last_nm, tier_cd FROM guest.member WHERE phone = %s", (ph,))
                cur.fetchall()
            for e in emails[:40]:
                cur.execute("SELECT member_id, card_no, tier_cd FROM guest.member WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            for c in cards[:60]:
                cur.execute("SELECT member_id, first_nm, last_nm, tier_cd, prefs FROM guest.member WHERE card_no = %s", (c,))
                cur.fetchall()
            for mid in member_ids[:60]:
                cur.execute("SELECT pts_balance, last_activity_at FROM guest.v_member_balance WHERE member_id = %s", (mid,))
                cur.fetchall()
                cur.execute("""SELECT txn_at, txn_cd, pts, chk_id FROM guest.pts_txn
                               WHERE member_id = %s ORDER BY txn_at DESC LIMIT 20""", (mid,))
                cur.fetchall()
                cur.execute("""SELECT chk_id, site_id, biz_dt, covers, sub_amt - comp_amt - disc_amt
                               FROM pos.guest_check WHERE member_id = %s ORDER BY opened_at DESC LIMIT 10""", (mid,))
                cur.fetchall()
            conn.commit()

            # --- POS: reprints and tonight's open checks --------------------------------
            cur.execute("SELECT max(chk_id) FROM pos.guest_check")
            max_chk = cur.fetchone()[0]
            for cid in [rng.randint(max_chk - 20000, max_chk) for _ in range(200)]:
                cur.execute("""SELECT l.line_no, i.pos_nm, l.qty, l.unit_prc, l.ext_prc, l.line_stat
                               FROM pos.check_line l JOIN menu.item i ON i.item_id = l.item_id
                               WHERE l.chk_id = %s ORDER BY l.line_no""", (cid,))
                cur.fetchall()
                cur.execute("SELECT tnd_type, amt, tip_amt, card_brand, card_last4 FROM pos.tender WHERE chk_id = %s", (cid,))
                cur.fetchall()
            for site_id in range(1, 10):
                cur.execute("""SELECT chk_id, chk_no, tbl_no, covers, emp_id, opened_at, sub_amt
                               FROM pos.guest_check WHERE site_id = %s AND biz_dt = %s AND chk_stat = 'O'
                               ORDER BY opened_at""", (site_id, TODAY))
                cur.fetchall()
            conn.commit()

            # --- chargebacks: look up card payments by last four digits (no index) ------
            for _ in range(40):
                last4 = f"{rng.randint(0, 9999):04d}"
                start = dt.date(2024, 7, 1) + dt.timedelta(days=rng.randint(0, 90))
                cur.execute("""SELECT t.tender_id, t.chk_id, t.amt, t.tip_amt, t.card_brand, t.auth_cd, t.paid_at
                               FROM pos.tender t
                               WHERE t.card_last4 = %s AND t.paid_at >= %s AND t.paid_at < %s""",
                            (last4, start, start + dt.timedelta(days=3)))
                cur.fetchall()
            conn.commit()

            # --- managers: labour, punches, 86 board, sales -------------------------------
            week_start = dt.date(2024, 10, 7)
            for site_id in range(1, 10):
                cur.execute("""SELECT shift_id, emp_id, role_cd, clock_in FROM people.shift
                               WHERE site_id = %s AND clock_out IS NULL ORDER BY clock_in""", (site_id,))
                cur.fetchall()
                cur.execute("""SELECT e.first_nm, e.last_nm, s.role_cd, s.clock_in, s.clock_out, s.brk_min
                               FROM people.shift s JOIN people.employee e ON e.emp_id = s.emp_id
                               WHERE s.site_id = %s AND s.biz_dt BETWEEN %s AND %s
                               ORDER BY s.biz_dt, s.clock_in""", (site_id, week_start, TODAY))
                cur.fetchall()
                cur.execute("""SELECT i.item_nm, e.out_at, e.note FROM menu.item_86 e JOIN menu.item i ON i.item_id = e.item_id
                               WHERE e.site_id = %s AND e.back_at IS NULL""", (site_id,))
                cur.fetchall()
                cur.execute("""SELECT biz_dt, checks, covers, net_sales, comps FROM pos.v_daily_sales
                               WHERE site_id = %s AND biz_dt >= %s ORDER BY biz_dt""", (site_id, TODAY - dt.timedelta(days=14)))
                cur.fetchall()
                cur.execute("""SELECT logged_at, ingr_id, item_id, qty, rsn_cd, est_cost FROM stock.waste_log
                               WHERE site_id = %s AND logged_at >= %s ORDER BY logged_at""", (site_id, week_start))
                cur.fetchall()
            cur.execute("SELECT emp_id FROM people.employee WHERE term_dt IS NULL ORDER BY emp_id")
            active = [r[0] for r in cur.fetchall()]
            for emp_id in rng.sample(active, 50):
                cur.execute("""SELECT biz_dt, clock_in, clock_out, brk_min, decl_tips FROM people.shift
                               WHERE emp_id = %s AND clock_in >= %s ORDER BY clock_in""", (emp_id, dt.datetime(2024, 9, 29)))
                cur.fetchall()
            conn.commit()

            # --- purchasing and inventory ----------------------------------------------------
            for site_id in range(1, 10):
                cur.execute("""SELECT d.dlv_id, s.sup_nm, d.dlv_dt, d.sup_inv_no, d.dlv_stat
                               FROM stock.delivery d JOIN stock.supplier s ON s.sup_id = d.sup_id
                               WHERE d.site_id = %s AND d.dlv_dt >= %s ORDER BY d.dlv_dt""", (site_id, dt.date(2024, 10, 1)))
                for dlv in cur.fetchall()[:4]:
                    cur.execute("SELECT line_no, ingr_id, qty_ord, qty_recv, unit_cost FROM stock.delivery_line WHERE dlv_id = %s", (dlv[0],))
                    cur.fetchall()
                cur.execute("""SELECT i.ingr_nm, c.qty FROM stock.stock_count c JOIN stock.ingredient i ON i.ingr_id = c.ingr_id
                               WHERE c.site_id = %s AND c.cnt_dt = %s""", (site_id, dt.date(2024, 9, 30)))
                cur.fetchall()
            for ingr_id in rng.sample(range(1, 75), 30):
                cur.execute("""SELECT d.dlv_dt, d.site_id, l.qty_recv, l.unit_cost
                               FROM stock.delivery_line l JOIN stock.delivery d ON d.dlv_id = l.dlv_id
                               WHERE l.ingr_id = %s ORDER BY d.dlv_dt DESC LIMIT 30""", (ingr_id,))
                cur.fetchall()
            conn.commit()

            # --- reports -----------------------------------------------------------------
            cur.execute("""SELECT s.site_nm, sum(g.sub_amt - g.comp_amt - g.disc_amt), sum(g.covers)
                           FROM pos.guest_check g JOIN org.site s ON s.site_id = g.site_id
                           WHERE g.chk_stat = 'P' AND g.biz_dt >= '2024-09-01' AND g.biz_dt < '2024-10-01'
                           GROUP BY s.site_nm ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT i.item_nm, sum(l.qty), sum(l.ext_prc)
                           FROM pos.check_line l JOIN pos.guest_check g ON g.chk_id = l.chk_id JOIN menu.item i ON i.item_id = l.item_id
                           WHERE g.chk_stat = 'P' AND l.line_stat = 'S' AND g.biz_dt >= '2024-09-01' AND g.biz_dt < '2024-10-01'
                           GROUP BY i.item_nm ORDER BY 3 DESC LIMIT 15""")
            cur.fetchall()
            cur.execute("""SELECT l.appr_emp_id, r.rsn_desc, count(*), sum(l.ext_prc)
                           FROM pos.check_line l JOIN pos.reason r ON r.rsn_id = l.rsn_id
                           JOIN pos.guest_check g ON g.chk_id = l.chk_id
                           WHERE l.line_stat = 'C' AND g.biz_dt >= '2024-09-01'
                           GROUP BY 1, 2 ORDER BY 4 DESC""")
            cur.fetchall()
            cur.execute("""SELECT s.site_id, sum(extract(epoch FROM s.clock_out - s.clock_in) / 3600 - s.brk_min / 60.0)
                           FROM people.shift s WHERE s.biz_dt >= '2024-10-01' AND s.clock_out IS NOT NULL
                           GROUP BY 1 ORDER BY 1""")
            cur.fetchall()
            cur.execute("""SELECT c.rev_cls, sum(l.ext_prc) FROM pos.check_line l
                           JOIN menu.item i ON i.item_id = l.item_id JOIN menu.category c ON c.cat_id = i.cat_id
                           JOIN pos.guest_check g ON g.chk_id = l.chk_id
                           WHERE g.biz_dt >= '2024-10-01' AND l.line_stat <> 'V' GROUP BY 1""")
            cur.fetchall()
            conn.commit()

            # --- writes: nightly accounting export posts closed checks to the GL ------------
            day = dt.date(2024, 9, 1)
            while day <= dt.date(2024, 10, 13):
                cur.execute("""UPDATE pos.guest_check SET gl_posted_at = %s
                               WHERE biz_dt = %s AND chk_stat = 'P' AND gl_posted_at IS NULL""",
                            (dt.datetime.combine(day + dt.timedelta(days=1), dt.time(4, 10)), day))
                conn.commit()
                day += dt.timedelta(days=1)
            # ... and the controller re-posts last week after a tax-code fix
            cur.execute("""UPDATE pos.guest_check SET gl_posted_at = '2024-10-15 21:40:00'
                           WHERE chk_stat = 'P' AND biz_dt BETWEEN '2024-10-08' AND '2024-10-13'""")
            conn.commit()

            # hosts record confirmations for tomorrow's book
            cur.execute("""SELECT resv_id FROM guest.resv
                           WHERE resv_at >= '2024-10-16' AND resv_at < '2024-10-17' AND stat_cd = 'B' AND confirmed_at IS NULL
                           ORDER BY resv_id""")
            to_confirm = [r[0] for r in cur.fetchall()]
            for rid in to_confirm[: len(to_confirm) // 2]:
                cur.execute("UPDATE guest.resv SET confirmed_at = '2024-10-15 21:35:00' WHERE resv_id = %s", (rid,))
            conn.commit()

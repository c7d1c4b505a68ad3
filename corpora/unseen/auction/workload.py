"""Short, deterministic day-in-the-life workload for the auction house database.

Plays what happens on Tuesday 12 November 2024 (the snapshot day): the front desk looks
bidders up (by e-mail, by name, and by telephone number when they ring in), specialists
check lots, consignments, artist price guides and condition reports, the online platform
takes bids on the open timed sale and syncs bidder activity, new registrations come in
and are approved, credit control posts payments, shipping updates deliveries, a few
lots are withdrawn or entered in the December sale, and the nightly reports run.
"""
import random

import psycopg

SEED = 20241112
TODAY = "2024-11-12"


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- keys to work with ---------------------------------------------
            bidder_ids = [rng.randint(1, 14000) for _ in range(300)]
            emails, phones, names = [], [], []
            for bid in bidder_ids[:220]:
                cur.execute("SELECT email, phone_no, full_nm FROM bidding.bidder WHERE bidder_id = %s", (bid,))
                email, phone, name = cur.fetchone()
                emails.append(email)
                if phone:
                    phones.append(phone)
                names.append(name)
            conn.commit()

            # --- front desk: bidder look-ups ----------------------------------------
            for e in emails[:150]:
                cur.execute("SELECT bidder_id, full_nm, kyc_sts, credit_lim FROM bidding.bidder WHERE lower(email) = lower(%s)", (e,))
                cur.fetchall()
            # callers are found by their phone number (there is no index on phone_no)
            for ph in phones[:70]:
                cur.execute("SELECT bidder_id, full_nm, email, cntry_cd FROM bidding.bidder WHERE phone_no = %s", (ph,))
                cur.fetchall()
            for bid in bidder_ids[:120]:
                cur.execute("""SELECT g.reg_id, s.sale_cd, s.sale_nm, g.paddle_no, g.chnl_cd
                               FROM bidding.registration g JOIN house.sale s ON s.sale_id = g.sale_id
                               WHERE g.bidder_id = %s ORDER BY s.start_at DESC""", (bid,))
                regs = cur.fetchall()
                for reg in regs[:2]:
                    cur.execute("SELECT lot_id, hammer_amt, prem_amt, hammer_at FROM bidding.hammer_result WHERE reg_id = %s", (reg[0],))
                    cur.fetchall()
                    cur.execute("SELECT lot_id, bid_amt, bid_at FROM bidding.bid WHERE reg_id = %s ORDER BY bid_at", (reg[0],))
                    cur.fetchall()
                cur.execute("""SELECT inv_no, issued_dt, due_dt, hammer_tot + prem_tot + vat_amt, inv_sts
                               FROM accounts.invoice WHERE bidder_id = %s ORDER BY issued_dt DESC""", (bid,))
                cur.fetchall()
            conn.commit()

            # --- paddle look-ups during and after sales ---------------------------------
            cur.execute("SELECT sale_id FROM house.sale WHERE sts_cd IN ('CLS','OPN') AND start_at >= '2024-09-01' ORDER BY sale_id")
            recent_sales = [r[0] for r in cur.fetchall()]
            for sale_id in recent_sales:
                for paddle in rng.sample(range(101, 160), 6):
                    cur.execute("""SELECT g.reg_id, b.full_nm, g.chnl_cd FROM bidding.registration g
                                   JOIN bidding.bidder b ON b.bidder_id = g.bidder_id
                                   WHERE g.sale_id = %s AND g.paddle_no = %s""", (sale_id, paddle))
                    cur.fetchall()
                cur.execute("SELECT * FROM house.mv_sale_results WHERE sale_id = %s", (sale_id,))
                cur.fetchall()
                cur.execute("SELECT inv_id, bidder_id, inv_sts FROM accounts.invoice WHERE sale_id = %s ORDER BY inv_id", (sale_id,))
                cur.fetchall()
                cur.execute("SELECT consignor_id, net_due, paid_dt, hold_rsn FROM accounts.settlement WHERE sale_id = %s", (sale_id,))
                cur.fetchall()
            conn.commit()

            # --- specialists: lots, consignments, artists, condition reports ---------------
            lot_ids = [rng.randint(1, 43000) for _ in range(250)]
            for lot_id in lot_ids:
                cur.execute("""SELECT l.lot_id, l.sale_id, l.lot_no, l.title, l.est_lo, l.est_hi, l.lot_state, l.cons_id, l.artist_id
                               FROM house.lot l WHERE l.lot_id = %s""", (lot_id,))
                row = cur.fetchone()
                cur.execute("SELECT bid_amt, bid_at, src_cd FROM bidding.bid WHERE lot_id = %s ORDER BY bid_amt DESC LIMIT 5", (lot_id,))
                cur.fetchall()
                cur.execute("SELECT rpt_dt, grade_cd, details -> 'restoration' FROM house.condition_report WHERE lot_id = %s", (lot_id,))
                cur.fetchall()
                if row and row[8]:
                    cur.execute("""SELECT guide_lo, guide_hi, rec_amt FROM house.artist_price_hist
                                   WHERE artist_id = %s AND valid_to IS NULL""", (row[8],))
                    cur.fetchall()
            for cons_id in [rng.randint(1, 11000) for _ in range(80)]:
                cur.execute("SELECT lot_id, lot_no, title, lot_state FROM house.lot WHERE cons_id = %s ORDER BY lot_id", (cons_id,))
                cur.fetchall()
            for cnr in [rng.randint(1, 4200) for _ in range(60)]:
                cur.execute("SELECT cons_id, cons_ref, recv_dt, sts_cd FROM house.consignment WHERE consignor_id = %s ORDER BY recv_dt", (cnr,))
                cur.fetchall()
            for artist_id in [rng.randint(1, 450) for _ in range(40)]:
                cur.execute("""SELECT l.lot_id, s.sale_cd, h.hammer_amt FROM house.lot l
                               JOIN house.sale s ON s.sale_id = l.sale_id
                               LEFT JOIN bidding.hammer_result h ON h.lot_id = l.lot_id
                               WHERE l.artist_id = %s ORDER BY s.start_at DESC""", (artist_id,))
                cur.fetchall()
                cur.execute("SELECT valid_from, valid_to, guide_lo, guide_hi FROM house.artist_price_hist WHERE artist_id = %s ORDER BY valid_from", (artist_id,))
                cur.fetchall()
            # lots waiting for a sale, by department
            for dept in ["PIC", "MOD", "FUR", "JEW", "ASN", "SIL", "CER", "BKM"]:
                cur.execute("""SELECT lot_id, title, est_lo, created_at FROM house.lot
                               WHERE lot_state = 'awaiting_sale' AND dept_cd = %s ORDER BY created_at""", (dept,))
                cur.fetchall()
            conn.commit()

            # --- online platform: bids on the open timed sale ------------------------------------
            cur.execute("""SELECT l.lot_id, coalesce(max(b.bid_amt), l.est_lo * 0.6)
                           FROM house.lot l LEFT JOIN bidding.bid b ON b.lot_id = l.lot_id
                           WHERE l.sale_id = 330 AND l.lot_state = 'catalogued'
                           GROUP BY l.lot_id, l.est_lo ORDER BY l.lot_id""")
            open_lots = cur.fetchall()
            cur.execute("SELECT reg_id FROM bidding.registration WHERE sale_id = 330 ORDER BY reg_id")
            open_regs = [r[0] for r in cur.fetchall()]
            minute = 0
            for lot_id, top in rng.sample(open_lots, 40):
                amount = float(top)
                for _ in range(rng.randint(1, 3)):
                    amount = round(amount * 1.1 / 10) * 10 + 10
                    minute += rng.randint(1, 4)
                    cur.execute("""INSERT INTO bidding.bid (lot_id, reg_id, bid_amt, bid_at, src_cd)
                                   VALUES (%s, %s, %s, timestamp '2024-11-12 07:05' + %s * interval '1 minute', 'O')""",
                                (lot_id, rng.choice(open_regs), amount, minute))
                conn.commit()

            # the platform syncs bidder activity for online registrations since September
            cur.execute("""SELECT g.reg_id FROM bidding.registration g JOIN house.sale s ON s.sale_id = g.sale_id
                           WHERE g.chnl_cd = 'ONL' AND s.start_at >= '2024-09-01' ORDER BY g.reg_id""")
            onl = [r[0] for r in cur.fetchall()]
            for i in range(0, len(onl), 250):
                cur.execute("""UPDATE bidding.registration
                               SET last_seen_at = COALESCE(last_seen_at, reg_at) + interval '1 second'
                               WHERE reg_id = ANY(%s)""", (onl[i:i + 250],))
                conn.commit()
            # ... and the second pass after the morning session
            cur.execute("""UPDATE bidding.registration SET last_seen_at = timestamp '2024-11-12 12:30'
                           WHERE sale_id IN (330, 331) AND chnl_cd = 'ONL'""")
            conn.commit()

            # --- registrations for the coming sales -------------------------------------------------
            cur.execute("SELECT sale_id FROM house.sale WHERE sts_cd = 'SCH' ORDER BY sale_id")
            upcoming = [r[0] for r in cur.fetchall()]
            for sale_id in upcoming:
                cur.execute("SELECT coalesce(max(paddle_no), 100) FROM bidding.registration WHERE sale_id = %s", (sale_id,))
                paddle = cur.fetchone()[0]
                cur.execute("SELECT bidder_id FROM bidding.registration WHERE sale_id = %s", (sale_id,))
                taken = {r[0] for r in cur.fetchall()}
                for _ in range(8):
                    b = rng.randint(1, 13800)
                    if b in taken:
                        continue
                    cur.execute("SELECT kyc_sts FROM bidding.bidder WHERE bidder_id = %s", (b,))
                    if cur.fetchone()[0] != "V":
                        continue
                    taken.add(b)
                    paddle += 1
                    cur.execute("""INSERT INTO bidding.registration (sale_id, bidder_id, paddle_no, chnl_cd, reg_at)
                                   VALUES (%s, %s, %s, %s, timestamp '2024-11-12 09:00' + %s * interval '1 minute')""",
                                (sale_id, b, paddle, rng.choice(["ONL", "ONL", "PHN", "RM", "ABS"]), rng.randint(0, 400)))
                conn.commit()
            # approvals: everything registered before 10:00 today
            cur.execute("""UPDATE bidding.registration SET appr_at = timestamp '2024-11-12 10:15'
                           WHERE appr_at IS NULL AND reg_at < timestamp '2024-11-12 10:00'
                             AND sale_id IN (SELECT sale_id FROM house.sale WHERE sts_cd = 'SCH')""")
            conn.commit()
            # duplicate sign-ups removed for the Edinburgh jewellery sale
            cur.execute("""DELETE FROM bidding.registration WHERE reg_id IN (
                               SELECT reg_id FROM bidding.registration WHERE sale_id = 339 AND appr_at IS NULL
                               ORDER BY reg_id DESC LIMIT 3)""")
            conn.commit()

            # --- credit control: payments received today ----------------------------------------------
            cur.execute("""SELECT inv_id, hammer_tot + prem_tot + vat_amt FROM accounts.invoice
                           WHERE inv_sts = 'O' AND issued_dt >= '2024-11-01' ORDER BY inv_id""")
            open_invs = cur.fetchall()
            for inv_id, total in rng.sample(open_invs, min(25, len(open_invs))):
                cur.execute("SELECT coalesce(sum(amt), 0) FROM accounts.payment WHERE inv_id = %s", (inv_id,))
                paid = cur.fetchone()[0]
                cur.execute("""INSERT INTO accounts.payment (inv_id, paid_dt, amt, mthd_cd, ext_ref)
                               VALUES (%s, %s, %s, 'BTR', %s)""", (inv_id, TODAY, total - paid, f"FPS{inv_id:08d}"))
                cur.execute("UPDATE accounts.invoice SET inv_sts = 'P' WHERE inv_id = %s", (inv_id,))
                conn.commit()
            for _ in range(3):
                cur.execute("""SELECT inv_no, bidder_nm, due_dt, balance FROM accounts.v_invoice_balance
                               WHERE inv_sts IN ('O','T') AND due_dt < '2024-11-12' ORDER BY balance DESC LIMIT 50""")
                cur.fetchall()
            for inv_id in rng.sample(range(1, 19000), 60):
                cur.execute("SELECT paid_dt, amt, mthd_cd FROM accounts.payment WHERE inv_id = %s", (inv_id,))
                cur.fetchall()
                cur.execute("SELECT lot_id, hammer_amt, prem_amt FROM bidding.hammer_result WHERE inv_id = %s", (inv_id,))
                cur.fetchall()
                cur.execute("SELECT carrier_cd, booked_dt, shipped_dt, dlvd_dt FROM accounts.shipment WHERE inv_id = %s", (inv_id,))
                cur.fetchall()
            conn.commit()

            # --- shipping: today's collections and deliveries -----------------------------------------
            cur.execute("""UPDATE accounts.shipment SET shipped_dt = %s
                           WHERE shipped_dt IS NULL AND booked_dt <= '2024-11-05'""", (TODAY,))
            cur.execute("""SELECT ship_id FROM accounts.shipment
                           WHERE shipped_dt IS NOT NULL AND dlvd_dt IS NULL AND dest_cntry = 'GB' ORDER BY ship_id""")
            for (ship_id,) in cur.fetchall()[:10]:
                cur.execute("UPDATE accounts.shipment SET dlvd_dt = %s WHERE ship_id = %s", (TODAY, ship_id))
            conn.commit()

            # --- lots: two withdrawn from the Asian art sale, new entries for Edinburgh --------------
            cur.execute("""SELECT lot_id FROM house.lot WHERE sale_id = 336 AND lot_state = 'catalogued'
                           ORDER BY lot_id LIMIT 2""")
            for (lot_id,) in cur.fetchall():
                cur.execute("""UPDATE house.lot SET lot_state = 'withdrawn', wdr_rsn_cd = 'CNS', wdr_dt = %s
                               WHERE lot_id = %s""", (TODAY, lot_id))
            cur.execute("SELECT max(lot_no) FROM house.lot WHERE sale_id = 340")
            lot_no = cur.fetchone()[0]
            cur.execute("""SELECT lot_id FROM house.lot WHERE lot_state = 'awaiting_sale' AND dept_cd = 'FUR'
                           ORDER BY created_at, lot_id LIMIT 12""")
            for (lot_id,) in cur.fetchall():
                lot_no += 1
                cur.execute("""UPDATE house.lot SET sale_id = 340, lot_no = %s, lot_state = 'catalogued'
                               WHERE lot_id = %s""", (lot_no, lot_id))
            conn.commit()

            # --- reports ----------------------------------------------------------------------------------
            for _ in range(2):
                cur.execute("""SELECT d.dept_nm, count(*) FILTER (WHERE l.lot_state = 'sold'), count(*),
                                      sum(h.hammer_amt)
                               FROM house.lot l JOIN house.department d ON d.dept_cd = l.dept_cd
                               JOIN house.sale s ON s.sale_id = l.sale_id
                               LEFT JOIN bidding.hammer_result h ON h.lot_id = l.lot_id
                               WHERE s.start_at >= '2024-01-01' AND l.lot_state IN ('sold','unsold')
                               GROUP BY d.dept_nm ORDER BY 4 DESC""")
                cur.fetchall()
                cur.execute("""SELECT date_trunc('month', hammer_at), sum(hammer_amt), sum(prem_amt)
                               FROM bidding.hammer_result WHERE hammer_at >= '2023-11-01' GROUP BY 1 ORDER BY 1""")
                cur.fetchall()
                cur.execute("""SELECT o.cnr_nm, sum(t.net_due) FROM accounts.settlement t
                               JOIN house.consignor o ON o.consignor_id = t.consignor_id
                               WHERE t.paid_dt IS NULL GROUP BY o.cnr_nm ORDER BY 2 DESC LIMIT 20""")
                cur.fetchall()
                cur.execute("""SELECT a.display_nm, count(*), sum(h.hammer_amt) FROM bidding.hammer_result h
                               JOIN house.lot l ON l.lot_id = h.lot_id JOIN house.artist a ON a.artist_id = l.artist_id
                               WHERE h.hammer_at >= '2024-01-01' GROUP BY a.display_nm ORDER BY 3 DESC LIMIT 25""")
                cur.fetchall()
            conn.commit()
            cur.execute("REFRESH MATERIALIZED VIEW CONCURRENTLY house.mv_sale_results")
            conn.commit()

"""Short, deterministic evening workload for the Northwall Fitness database.

Plays what happens on the evening of Tuesday 15 October 2024 (data "today"): reception
looks members up (member number, email, name) and checks their contract, payments
and visits; credit control matches bank returns by SEPA mandate reference; members
browse the timetable in the app and book classes; trainers check their diaries; the
duty manager looks at door traffic and open maintenance tickets; the usual reports
run; the maintenance technicians close a few tickets and the nightly bank
reconciliation job re-stamps the recent direct-debit rows.
"""
import random

import psycopg

SEED = 20241015
NOW = "2024-10-15 22:40:00"


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- sample keys (by primary key) ---------------------------------------
            member_ids = [rng.randint(1, 9000) for _ in range(400)]
            members = []
            for mid in member_ids[:260]:
                cur.execute("SELECT member_no, email, last_nm, first_nm, \"MandateRef\" FROM mbr.member WHERE member_id = %s", (mid,))
                members.append(cur.fetchone())
            conn.commit()

            # --- reception: member look-ups -------------------------------------------
            for member_no, _e, _l, _f, _m in members[:120]:
                cur.execute("SELECT member_id, first_nm, last_nm, home_site_id FROM mbr.member WHERE member_no = %s", (member_no,))
                cur.fetchall()
            for _n, email, _l, _f, _m in members[120:220]:
                cur.execute("SELECT member_id, member_no, first_nm, last_nm FROM mbr.member WHERE lower(email) = lower(%s)", (email,))
                cur.fetchall()
            for _n, _e, last_nm, first_nm, _m in members[:60]:
                cur.execute("""SELECT member_id, member_no, first_nm, last_nm, dob FROM mbr.member
                               WHERE last_nm = %s AND first_nm = %s ORDER BY member_id""", (last_nm, first_nm))
                cur.fetchall()
            for mid in member_ids[:150]:
                cur.execute("""SELECT c.contract_id, p.plan_name, c.status_cd, c.start_dt, c.end_dt, c.min_term_end
                               FROM mbr.contract c JOIN mbr.plan p ON p.plan_id = c.plan_id
                               WHERE c.member_id = %s ORDER BY c.start_dt DESC""", (mid,))
                contracts = cur.fetchall()
                for con in contracts[:1]:
                    cur.execute("""SELECT coll_dt, pay_type, amount, status, fail_cd FROM mbr.dd_payment
                                   WHERE contract_id = %s AND coll_dt >= '2024-04-01' ORDER BY coll_dt""", (con[0],))
                    cur.fetchall()
                    cur.execute("SELECT frz_from, frz_to, frz_rsn FROM mbr.contract_freeze WHERE contract_id = %s", (con[0],))
                    cur.fetchall()
                cur.execute("""SELECT site_id, scanned_at, granted FROM act.checkin
                               WHERE member_id = %s AND scanned_at >= '2024-09-15' ORDER BY scanned_at DESC LIMIT 20""", (mid,))
                cur.fetchall()
            conn.commit()

            # --- credit control: bank return file matched by mandate reference (no index) ---
            for _n, _e, _l, _f, mandate in members[:70]:
                cur.execute("""SELECT member_id, member_no, first_nm, last_nm FROM mbr.member WHERE "MandateRef" = %s""", (mandate,))
                cur.fetchall()
            cur.execute("""SELECT p.payment_id, p.contract_id, p.amount FROM mbr.dd_payment p
                           WHERE p.coll_dt = '2024-10-15' AND p.status = 'pending' ORDER BY p.payment_id""")
            cur.fetchall()
            cur.execute("""SELECT c.site_id, count(*), sum(p.amount) FROM mbr.dd_payment p
                           JOIN mbr.contract c ON c.contract_id = p.contract_id
                           WHERE p.coll_dt BETWEEN '2024-10-01' AND '2024-10-08' AND p.status = 'failed'
                           GROUP BY c.site_id ORDER BY c.site_id""")
            cur.fetchall()
            conn.commit()

            # --- member app: timetable, my bookings, book a class ---------------------------
            cur.execute("""SELECT member_id, site_id FROM mbr.contract c JOIN mbr.plan p ON p.plan_id = c.plan_id
                           WHERE c.status_cd = 'A' AND p.incl_classes ORDER BY c.contract_id""")
            bookers = rng.sample(cur.fetchall(), 180)
            for mid, site_id in bookers:
                cur.execute("""SELECT s.session_id, t.class_name, s.starts_at, s.cap
                               FROM act.class_session s JOIN act.class_type t ON t.class_type_id = s.class_type_id
                               WHERE s.site_id = %s AND s.starts_at >= '2024-10-16' AND s.starts_at < '2024-10-23'
                                 AND NOT s.cancelled ORDER BY s.starts_at""", (site_id,))
                sessions = cur.fetchall()
                cur.execute("""SELECT b.booking_id, b.session_id, b.bk_status FROM act.booking b
                               WHERE b.member_id = %s ORDER BY b.booked_at DESC LIMIT 10""", (mid,))
                cur.fetchall()
                if sessions:
                    sid = sessions[rng.randrange(len(sessions))][0]
                    cur.execute("SELECT count(*) FROM act.booking WHERE session_id = %s AND bk_status = 'B'", (sid,))
                    cur.fetchone()
                    cur.execute("""INSERT INTO act.booking (session_id, member_id, booked_at, bk_status)
                                   VALUES (%s, %s, timestamp '2024-10-15 22:30' + %s * interval '1 second', 'B')
                                   ON CONFLICT (session_id, member_id) DO NOTHING""", (sid, mid, rng.randint(0, 1500)))
            conn.commit()
            # a few members cancel an upcoming booking
            cur.execute("""SELECT booking_id FROM act.booking WHERE bk_status = 'B' ORDER BY booking_id""")
            upcoming = [r[0] for r in cur.fetchall()]
            for bid in rng.sample(upcoming, 25):
                cur.execute("""UPDATE act.booking SET bk_status = 'C', cancelled_at = '2024-10-15 22:50:00'
                               WHERE booking_id = %s""", (bid,))
            conn.commit()

            # --- trainers' diaries ---------------------------------------------------------
            cur.execute("SELECT staff_id, site_id FROM club.staff WHERE role_cd = 'PT' AND left_on IS NULL ORDER BY staff_id")
            for trainer_id, _site in cur.fetchall():
                cur.execute("""SELECT p.starts_at, m.first_nm, m.last_nm, p.pt_status FROM act.pt_session p
                               JOIN mbr.member m ON m.member_id = p.member_id
                               WHERE p.trainer_id = %s AND p.starts_at >= '2024-10-16' AND p.starts_at < '2024-10-23'
                               ORDER BY p.starts_at""", (trainer_id,))
                cur.fetchall()
            for mid in member_ids[150:230]:
                cur.execute("SELECT starts_at, trainer_id, pt_status FROM act.pt_session WHERE member_id = %s ORDER BY starts_at DESC", (mid,))
                cur.fetchall()
            conn.commit()

            # --- duty managers: door traffic, staff, kit ----------------------------------
            for site_id in range(1, 10):
                cur.execute("""SELECT count(*) FROM act.checkin
                               WHERE site_id = %s AND granted AND scanned_at >= '2024-10-15 20:00' AND scanned_at < '2024-10-15 22:00'""", (site_id,))
                cur.fetchone()
                cur.execute("""SELECT staff_id, first_name, last_name, role_cd FROM club.staff
                               WHERE site_id = %s AND left_on IS NULL ORDER BY role_cd, last_name""", (site_id,))
                cur.fetchall()
                cur.execute("""SELECT equip_id, asset_tag, equip_type, status_cd FROM club.equipment
                               WHERE site_id = %s AND status_cd <> 'R' ORDER BY asset_tag""", (site_id,))
                kit = cur.fetchall()
                for eq in rng.sample(kit, 6):
                    cur.execute("SELECT ticket_id, opened_at, prio, fault_desc, closed_at, res_cd FROM club.maint_ticket WHERE equip_id = %s ORDER BY opened_at DESC", (eq[0],))
                    cur.fetchall()
                cur.execute("""SELECT status_cd, count(*) FROM mbr.contract WHERE site_id = %s AND status_cd IN ('A','F')
                               GROUP BY status_cd""", (site_id,))
                cur.fetchall()
                cur.execute("""SELECT s.starts_at, t.class_name, count(b.booking_id) FILTER (WHERE b.bk_status = 'A'), s.cap
                               FROM act.class_session s JOIN act.class_type t ON t.class_type_id = s.class_type_id
                               LEFT JOIN act.booking b ON b.session_id = s.session_id
                               WHERE s.site_id = %s AND s.starts_at >= '2024-10-15' AND s.starts_at < '2024-10-16'
                               GROUP BY s.session_id, s.starts_at, t.class_name, s.cap ORDER BY s.starts_at""", (site_id,))
                cur.fetchall()
            cur.execute("""SELECT t.ticket_id, e.asset_tag, e.equip_type, t.prio, t.opened_at, t.fault_desc
                           FROM club.maint_ticket t JOIN club.equipment e ON e.equip_id = t.equip_id
                           WHERE t.closed_at IS NULL ORDER BY t.prio, t.opened_at""")
            open_tickets = cur.fetchall()
            conn.commit()

            # --- reports ----------------------------------------------------------------------
            cur.execute("""SELECT s.site_name, date_trunc('month', p.coll_dt) AS mth, sum(p.amount)
                           FROM mbr.dd_payment p JOIN mbr.contract c ON c.contract_id = p.contract_id
                           JOIN club.site s ON s.site_id = c.site_id
                           WHERE p.status = 'collected' AND p.coll_dt >= '2024-01-01'
                           GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT t.class_name,
                                  count(*) FILTER (WHERE b.bk_status = 'A') AS attended,
                                  count(*) FILTER (WHERE b.bk_status = 'N') AS no_shows
                           FROM act.booking b JOIN act.class_session s ON s.session_id = b.session_id
                           JOIN act.class_type t ON t.class_type_id = s.class_type_id
                           WHERE s.starts_at >= '2024-09-01' AND s.starts_at < '2024-10-01'
                           GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT cancel_rsn, count(*) FROM mbr.contract
                           WHERE cancel_req_dt >= '2024-01-01' GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT s.first_name || ' ' || s.last_name, count(*) FILTER (WHERE p.pt_status = 'C'), sum(p.price)
                           FROM act.pt_session p JOIN club.staff s ON s.staff_id = p.trainer_id
                           WHERE p.starts_at >= '2024-09-01' AND p.starts_at < '2024-10-01'
                           GROUP BY 1 ORDER BY 2 DESC""")
            cur.fetchall()
            cur.execute("""SELECT e.cat_cd, count(*), avg(t.closed_at - t.opened_at)
                           FROM club.maint_ticket t JOIN club.equipment e ON e.equip_id = t.equip_id
                           WHERE t.closed_at IS NOT NULL AND t.opened_at >= '2024-01-01' GROUP BY 1""")
            cur.fetchall()
            cur.execute("""SELECT home_club, plan_name, count(*), sum(current_monthly_fee) FROM mbr.v_live_contracts
                           GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            cur.execute("""SELECT site_id, extract(hour FROM scanned_at) AS hr, count(*) FROM act.checkin
                           WHERE granted AND scanned_at >= '2024-09-01' GROUP BY 1, 2 ORDER BY 1, 2""")
            cur.fetchall()
            conn.commit()

            # --- writes: technicians close tickets, nightly bank reconciliation ---------------
            low_prio = sorted((t for t in open_tickets if t[3] >= 3), key=lambda t: t[4])
            for t in low_prio[:5]:
                cur.execute("""UPDATE club.maint_ticket SET closed_at = '2024-10-15 21:45:00', res_cd = 'FIX', cost_eur = 0
                               WHERE ticket_id = %s AND opened_at < '2024-10-15 21:00'""", (t[0],))
                cur.execute("""UPDATE club.equipment e SET status_cd = 'S'
                               WHERE e.equip_id = (SELECT equip_id FROM club.maint_ticket WHERE ticket_id = %s)
                                 AND e.status_cd = 'O'
                                 AND NOT EXISTS (SELECT 1 FROM club.maint_ticket x WHERE x.equip_id = e.equip_id
                                                  AND x.closed_at IS NULL AND x.prio <= 2)""", (t[0],))
            conn.commit()
            for month_start, month_end in (("2024-08-01", "2024-08-31"), ("2024-09-01", "2024-09-30"),
                                           ("2024-10-01", "2024-10-14")):
                cur.execute("""UPDATE mbr.dd_payment SET recon_at = %s
                               WHERE coll_dt BETWEEN %s AND %s AND status <> 'pending'""", (NOW, month_start, month_end))
                conn.commit()

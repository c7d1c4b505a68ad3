"""Simulated morning of traffic on the Hollins & Reeve pharmacy database.

Deterministic (fixed seed).  Mix of
  * PMR look-ups at the dispensary counter (patient by NHS number / name,
    medication history, allergies, the collection bay and owings queue),
  * stock and price checks (stock on hand per branch, current price),
  * EPOS look-ups (today's baskets at a till),
  * no-op updates that leave dead tuples behind without changing any value
    (the EPOS stock sync rewrites stock rows, the collection-bay screen
    "touches" bagged prescriptions, the till reconciliation touches baskets),
  * a few slow head-office reports without a supporting index (OTC sales by
    product, accuracy checks per pharmacist, prescriptions per prescriber),
  * one rolled-back transaction (price change keyed against the wrong product).
Runs in well under a minute.
"""
import random
import time

import psycopg


def run(dsn: str) -> None:
    rnd = random.Random(20241113)
    deadline = time.monotonic() + 50
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SET application_name = 'hr-pmr'")

        cur.execute("SELECT patient_id, nhs_no, last_name, first_name FROM rx.patient ORDER BY patient_id")
        patients = cur.fetchall()
        with_nhs = [p for p in patients if p[1] is not None]
        cur.execute("SELECT branch_id FROM org.branch WHERE closed_on IS NULL ORDER BY branch_id")
        branches = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT product_id FROM cat.product ORDER BY product_id")
        products = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT product_id FROM cat.product WHERE legal_cat <> 'POM' ORDER BY product_id")
        otc_products = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT staff_id FROM org.staff WHERE role = 'pharmacist' ORDER BY staff_id")
        pharmacists = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT prescriber_id FROM rx.prescriber ORDER BY prescriber_id")
        prescribers = [r[0] for r in cur.fetchall()]

        # ---- dispensary counter: patient look-ups and medication history
        for i in range(1500):
            if time.monotonic() > deadline:
                break
            pid, nhs, last, first = rnd.choice(with_nhs)
            if i % 3 == 0:
                cur.execute(
                    "SELECT patient_id, first_name, last_name, dob FROM rx.patient "
                    "WHERE last_name = %s AND first_name = %s", (last, first))
            else:
                cur.execute(
                    "SELECT patient_id, first_name, last_name, dob, postcode FROM rx.patient WHERE nhs_no = %s",
                    (nhs,))
            cur.fetchall()
            cur.execute(
                "SELECT allergen, reaction, severity FROM rx.patient_allergy WHERE patient_id = %s", (pid,))
            cur.fetchall()
            cur.execute(
                "SELECT p.rx_id, p.received_at, p.status, i.line_no, d.vtm, d.strength, i.qty, i.dosage "
                "FROM rx.prescription p JOIN rx.rx_item i ON i.rx_id = p.rx_id "
                "JOIN cat.drug d ON d.drug_id = i.drug_id "
                "WHERE p.patient_id = %s ORDER BY p.received_at DESC LIMIT 30", (pid,))
            cur.fetchall()

        # ---- dispensary queue, collection bay and owings per branch
        for _ in range(40):
            b = rnd.choice(branches)
            cur.execute(
                "SELECT rx_id, patient_id, status, received_at FROM rx.prescription "
                "WHERE branch_id = %s AND status IN ('R','O','B') ORDER BY received_at", (b,))
            cur.fetchall()
            cur.execute("SELECT count(*), min(ready_at) FROM rx.v_collection_bay WHERE branch_id = %s", (b,))
            cur.fetchall()

        # ---- stock and price checks
        for _ in range(1500):
            if time.monotonic() > deadline:
                break
            b = rnd.choice(branches)
            p = rnd.choice(products)
            cur.execute(
                "SELECT batch_no, expiry_date, qty_on_hand, loc FROM inv.stock_batch "
                "WHERE branch_id = %s AND product_id = %s ORDER BY expiry_date", (b, p))
            cur.fetchall()
            cur.execute("SELECT cost_price, rrp FROM cat.v_current_price WHERE product_id = %s", (p,))
            cur.fetchall()

        # ---- EPOS: baskets of one day at a branch
        for _ in range(200):
            b = rnd.choice(branches)
            day = 1 + rnd.randrange(12)
            cur.execute(
                "SELECT basket_id, till_no, sold_at, btype, total_gbp FROM pos.basket "
                "WHERE branch_id = %s AND sold_at >= %s::date AND sold_at < %s::date + 1",
                (b, f"2024-11-{day:02d}", f"2024-11-{day:02d}"))
            cur.fetchall()

        # ---- no-op updates (dead tuples, no value changes)
        for _ in range(3):
            for b in branches:
                cur.execute(
                    "UPDATE inv.stock_batch SET qty_on_hand = qty_on_hand WHERE branch_id = %s", (b,))
        for b in branches:
            cur.execute(
                "UPDATE rx.prescription SET status = status WHERE branch_id = %s AND status = 'B'", (b,))
        cur.execute("SELECT max(basket_id) FROM pos.basket")
        max_basket = cur.fetchone()[0]
        for _ in range(50):
            start = max_basket - rnd.randrange(20000)
            cur.execute(
                "UPDATE pos.basket SET total_gbp = total_gbp WHERE basket_id BETWEEN %s AND %s",
                (start - 40, start))

        # ---- slow head-office reports
        for _ in range(25):
            p = rnd.choice(otc_products)
            cur.execute(
                "SELECT date_trunc('month', b.sold_at) AS m, sum(l.qty) AS packs, sum(l.line_total) AS revenue "
                "FROM pos.basket_line l JOIN pos.basket b ON b.basket_id = l.basket_id "
                "WHERE l.product_id = %s AND b.btype <> 'V' GROUP BY 1 ORDER BY 1", (p,))
            cur.fetchall()
        for _ in range(12):
            s = rnd.choice(pharmacists)
            cur.execute(
                "SELECT date_trunc('month', checked_at), count(*) FROM rx.dispensing "
                "WHERE checked_by = %s GROUP BY 1 ORDER BY 1", (s,))
            cur.fetchall()
        for _ in range(8):
            pr = rnd.choice(prescribers)
            cur.execute(
                "SELECT count(*), min(received_at), max(received_at) FROM rx.prescription "
                "WHERE prescriber_id = %s", (pr,))
            cur.fetchall()
        cur.execute(
            "SELECT branch_name, reason_code, sum(value_written_off_gbp) FROM inv.v_writeoff "
            "WHERE adj_at >= '2024-01-01' GROUP BY 1, 2 ORDER BY 3 DESC")
        cur.fetchall()
        cur.execute(
            "SELECT branch_id, date_trunc('week', trade_date), sum(net_gbp) FROM pos.v_daily_takings "
            "GROUP BY 1, 2 ORDER BY 1, 2")
        cur.fetchall()

        # ---- a price change keyed against the wrong product, rolled back
        conn.autocommit = False
        cur.execute(
            'UPDATE cat."PriceHistory" SET rrp = rrp * 10 WHERE product_id = %s AND "validTo" IS NULL',
            (otc_products[0],))
        conn.rollback()
        conn.autocommit = True

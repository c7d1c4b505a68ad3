"""Short, deterministic day-in-the-life workload for the Millrace brewery database.

Plays what happens on Friday 11 October 2024: the office looks up trade accounts
(by account number and by name), takes new orders and checks invoices; credit
control chases overdue accounts; drivers scan casks by serial number (no index on
serial_no, so every scan is a sequential scan) and book returned empties; brewers
check gravity readings on the fermenting batches; the taproom manager looks at the
rota, events and till takings (this year and the same day in earlier years); a few
heavy reports run more than once; the nightly accounts export re-stamps the last
twenty weeks of delivered orders (leaving dead rows in trade.sales_order), and
some duplicate orders and rota shifts are deleted.
"""
import random

import psycopg

SEED = 20241011
TODAY = "2024-10-11"


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn) as conn:
        with conn.cursor() as cur:
            # --- office: account look-ups ------------------------------------------
            cust_ids = [rng.randint(1, 340) for _ in range(150)]
            accts, names = [], []
            for cid in cust_ids[:100]:
                cur.execute("SELECT acct_no, cust_nm, acct_st, round_cd FROM trade.customer WHERE cust_id = %s", (cid,))
                acct_no, cust_nm, _st, _rnd = cur.fetchone()
                accts.append(acct_no)
                names.append(cust_nm)
            for acct in accts[:60]:
                cur.execute("SELECT cust_id, cust_nm, credit_limit, terms_days FROM trade.customer WHERE acct_no = %s", (acct,))
                cur.fetchall()
            for nm in names[:30]:
                cur.execute("SELECT cust_id, acct_no, cust_nm FROM trade.customer WHERE cust_nm ILIKE %s", ("%" + nm.split(",")[0][-8:] + "%",))
                cur.fetchall()
            for cid in cust_ids[:80]:
                cur.execute("""SELECT order_id, order_no, order_dt, req_dlv_dt, ord_st FROM trade.sales_order
                               WHERE cust_id = %s AND order_dt >= '2024-07-01' ORDER BY order_dt DESC""", (cid,))
                orders = cur.fetchall()
                for o in orders[:2]:
                    cur.execute("SELECT line_no, sku, qty, unit_price, disc_pct FROM trade.order_line WHERE order_id = %s ORDER BY line_no", (o[0],))
                    cur.fetchall()
                cur.execute("""SELECT inv_no, inv_type, inv_dt, due_dt, net_amt + vat_amt, paid_dt FROM trade.invoice
                               WHERE cust_id = %s AND inv_dt >= '2024-01-01' ORDER BY inv_dt DESC""", (cid,))
                cur.fetchall()
            conn.commit()

            # --- office: new orders taken today (phone / email) ----------------------
            cur.execute("SELECT sku, fmt_cd FROM trade.product WHERE active ORDER BY sku")
            skus = cur.fetchall()
            cur.execute("""SELECT c.cust_id, c.cust_type, c.pl_cd, c.round_cd, r.dlv_dow FROM trade.customer c
                           JOIN trade.van_round r ON r.round_cd = c.round_cd
                           WHERE c.acct_st = 'A' AND c.cust_type IN ('PUB','RST') ORDER BY c.cust_id""")
            active = cur.fetchall()
            cur.execute("SELECT max(order_id) FROM trade.sales_order")
            next_no = 100000 + cur.fetchone()[0]
            new_orders = []
            for i, (cid, ctype, pl, rnd_cd, dow) in enumerate(rng.sample(active, 24)):
                days = ((dow - 5 + 6) % 7) + 1          # today is a Friday (isodow 5)
                cur.execute("""INSERT INTO trade.sales_order (order_no, cust_id, order_dt, req_dlv_dt, round_cd, channel, taken_by, ord_st)
                               VALUES (%s, %s, %s, %s::date + %s::int, %s, %s, %s, 'N') RETURNING order_id""",
                            ("SO" + str(next_no + i + 1), cid, TODAY, TODAY, days, rnd_cd, rng.choice(["P", "E"]), rng.choice([14, 15, 16])))
                oid = cur.fetchone()[0]
                new_orders.append(oid)
                kegs = [s for s in skus if s[1] != "C44"]
                for ln, (sku, _fmt) in enumerate(rng.sample(kegs, rng.randint(1, 4)), start=1):
                    cur.execute("""INSERT INTO trade.order_line (order_id, line_no, sku, qty, unit_price)
                                   SELECT %s, %s, %s, %s, unit_price FROM trade.price_list_item
                                   WHERE pl_cd = %s AND sku = %s AND valid_to IS NULL""",
                                (oid, ln, sku, rng.randint(1, 3), pl, sku))
            conn.commit()
            # two of them were keyed twice by mistake: delete the duplicates
            for oid in new_orders[-2:]:
                cur.execute("DELETE FROM trade.order_line WHERE order_id = %s", (oid,))
                cur.execute("DELETE FROM trade.sales_order WHERE order_id = %s", (oid,))
            conn.commit()

            # --- loading plan for next week's rounds -----------------------------
            for day, rnd_cd in [("2024-10-14", "NTH"), ("2024-10-15", "STH"), ("2024-10-16", "EST"),
                                ("2024-10-16", "LDS"), ("2024-10-17", "WST"), ("2024-10-18", "CTY")]:
                cur.execute("""SELECT o.order_no, c.cust_nm, l.sku, l.qty FROM trade.sales_order o
                               JOIN trade.customer c ON c.cust_id = o.cust_id
                               JOIN trade.order_line l ON l.order_id = o.order_id
                               WHERE o.req_dlv_dt = %s AND o.round_cd = %s ORDER BY c.cust_nm""", (day, rnd_cd))
                cur.fetchall()
            for day in ["2024-10-07", "2024-10-08", "2024-10-09", "2024-10-10", "2024-10-11"]:
                for rnd_cd in ["NTH", "STH", "EST", "WST", "CTY"]:
                    cur.execute("""SELECT d.dlv_id, d.delivered_at, d.dlv_st, d.empties_back FROM trade.delivery d
                                   WHERE d.dlv_dt = %s AND d.round_cd = %s""", (day, rnd_cd))
                    cur.fetchall()
            conn.commit()

            # --- drivers: cask scans by serial number (barcode ring) -------------------
            cur.execute("SELECT cont_id, serial_no, cont_st, cur_cust_id FROM trade.container ORDER BY cont_id")
            conts = cur.fetchall()
            serials = [c[1] for c in rng.sample(conts, 220)]
            for sn in serials:
                cur.execute("SELECT cont_id, cont_type, cont_st, cur_cust_id, last_mv_dt FROM trade.container WHERE serial_no = %s", (sn,))
                row = cur.fetchone()
                cur.execute("SELECT mv_dt, mv_type, cust_id FROM trade.container_movement WHERE cont_id = %s ORDER BY mv_dt DESC LIMIT 5", (row[0],))
                cur.fetchall()
            # empties collected on today's City round: book them back in
            out_now = [c for c in conts if c[2] == "O"]
            for cont_id, sn, _st, cust in rng.sample(out_now, 30):
                cur.execute("SELECT cont_id FROM trade.container WHERE serial_no = %s", (sn,))
                cur.fetchone()
                cur.execute("INSERT INTO trade.container_movement (cont_id, mv_dt, mv_type, cust_id, recorded_by) VALUES (%s, %s, 'R', %s, 10)",
                            (cont_id, TODAY, cust))
                cur.execute("UPDATE trade.container SET cont_st = 'B', cur_cust_id = NULL, last_mv_dt = %s WHERE cont_id = %s", (TODAY, cont_id))
            conn.commit()
            for cid in cust_ids[:40]:
                cur.execute("""SELECT count(*) FROM trade.container_movement
                               WHERE cust_id = %s AND mv_type = 'O' AND mv_dt >= '2024-01-01'""", (cid,))
                cur.fetchone()
            cur.execute("""SELECT cust_nm, count(*), min(out_since) FROM trade.v_casks_out
                           WHERE out_since < '2024-08-16' GROUP BY cust_nm ORDER BY 2 DESC""")
            cur.fetchall()
            conn.commit()

            # --- brewers: fermenting batches ------------------------------------------
            cur.execute("SELECT batch_id, batch_no, fv_cd FROM brew.batch WHERE stage IN ('fermenting', 'conditioning') ORDER BY batch_id")
            ferm = cur.fetchall()
            for _ in range(3):
                for bid, _no, _fv in ferm:
                    cur.execute("""SELECT read_at, sg, temp_c, ph FROM brew.gravity_reading
                                   WHERE batch_id = %s ORDER BY read_at DESC LIMIT 6""", (bid,))
                    cur.fetchall()
            for bid in rng.sample(range(1, 500), 40):
                cur.execute("SELECT min(sg), max(sg), count(*) FROM brew.gravity_reading WHERE batch_id = %s", (bid,))
                cur.fetchone()
            cur.execute("""SELECT b.batch_no, r.beer_nm, b.brew_dt, b.fv_cd FROM brew.batch b JOIN brew.recipe r ON r.recipe_id = b.recipe_id
                           WHERE b.stage = 'planned' ORDER BY b.brew_dt""")
            cur.fetchall()
            conn.commit()

            # --- taproom -------------------------------------------------------------------
            for day in ["2024-10-09", "2024-10-10", "2024-10-11", "2024-10-12", "2024-10-13"]:
                cur.execute("""SELECT s.first_nm, r.start_tm, r.end_tm, r.shift_st FROM tap.rota_shift r
                               JOIN tap.staff s ON s.staff_id = r.staff_id
                               WHERE r.shift_dt = %s AND r.area_cd = 'BAR' ORDER BY r.start_tm""", (day,))
                cur.fetchall()
            for start, end in [("2024-10-11 12:00", "2024-10-12 00:00"), ("2023-10-13 12:00", "2023-10-14 00:00"),
                               ("2022-10-14 12:00", "2022-10-15 00:00"), ("2024-10-04 12:00", "2024-10-05 00:00")]:
                cur.execute("""SELECT till_no, count(*), sum(net_amt) FROM tap.till_txn
                               WHERE txn_at >= %s AND txn_at < %s AND NOT void_fl GROUP BY till_no""", (start, end))
                cur.fetchall()
            cur.execute("""SELECT ev_dt, start_tm, title, tickets_sold, capacity FROM tap.event
                           WHERE ev_dt BETWEEN '2024-10-12' AND '2024-12-31' AND ev_st <> 'X' ORDER BY ev_dt""")
            cur.fetchall()
            conn.commit()

            # --- credit control ---------------------------------------------------------
            cur.execute("""SELECT i.inv_id, i.inv_no, c.cust_nm, i.due_dt, i.net_amt + i.vat_amt FROM trade.invoice i
                           JOIN trade.customer c ON c.cust_id = i.cust_id
                           WHERE i.paid_dt IS NULL AND i.due_dt < %s AND i.inv_type = 'IN' ORDER BY i.due_dt""", (TODAY,))
            overdue = cur.fetchall()
            cur.execute("""SELECT inv_id FROM trade.invoice WHERE paid_dt IS NULL AND inv_type = 'IN'
                           AND due_dt BETWEEN '2024-10-01' AND '2024-10-11' ORDER BY inv_id""")
            due_now = [r[0] for r in cur.fetchall()]
            # today's bank statement: a few payments arrive
            for inv_id in rng.sample(due_now, min(25, len(due_now))):
                cur.execute("UPDATE trade.invoice SET paid_dt = %s WHERE inv_id = %s", (TODAY, inv_id))
            conn.commit()

            # --- reports (heavy, run by several people) -----------------------------------
            for _ in range(3):
                cur.execute("""SELECT r.beer_nm, p.fmt_cd, sum(l.qty), sum(l.qty * p.unit_l)
                               FROM trade.order_line l JOIN trade.sales_order o ON o.order_id = l.order_id
                               JOIN trade.product p ON p.sku = l.sku JOIN brew.recipe r ON r.recipe_id = p.recipe_id
                               WHERE o.ord_st = 'D' AND o.req_dlv_dt >= '2024-01-01' GROUP BY 1, 2 ORDER BY 4 DESC""")
                cur.fetchall()
                cur.execute("""SELECT c.cust_nm, max(o.order_dt) FROM trade.customer c
                               LEFT JOIN trade.sales_order o ON o.cust_id = c.cust_id AND o.ord_st = 'D'
                               WHERE c.acct_st = 'A' GROUP BY c.cust_nm
                               HAVING max(o.order_dt) < '2024-08-12' OR max(o.order_dt) IS NULL ORDER BY 2""")
                cur.fetchall()
                cur.execute("""SELECT extract(isodow FROM txn_dt), date_trunc('month', txn_dt), sum(net_amt)
                               FROM tap.till_txn WHERE NOT void_fl AND txn_dt >= '2023-01-01' GROUP BY 1, 2 ORDER BY 2, 1""")
                cur.fetchall()
            for sku in [s[0] for s in rng.sample(skus, 6)]:
                cur.execute("SELECT count(*), sum(qty) FROM trade.order_line WHERE sku = %s", (sku,))
                cur.fetchone()
            cur.execute("SELECT * FROM trade.mv_monthly_sales WHERE sales_month >= '2024-01-01' ORDER BY sales_month, cust_type")
            cur.fetchall()
            conn.commit()

            # --- writes: nightly accounts export re-stamps 20 weeks of delivered orders ----
            cur.execute("""UPDATE trade.sales_order SET exported_at = '2024-10-11 18:30:00'
                           WHERE ord_st = 'D' AND req_dlv_dt >= '2024-05-27' AND req_dlv_dt <= '2024-10-11'""")
            conn.commit()
            # rota: Bex swaps next week's Wednesday shift, Tess's planned shifts are re-keyed
            cur.execute("DELETE FROM tap.rota_shift WHERE staff_id = 30 AND shift_dt > '2024-10-20' AND shift_st = 'P'")
            cur.execute("""UPDATE tap.rota_shift SET shift_st = 'W'
                           WHERE shift_dt = %s AND shift_st = 'W' AND area_cd = 'BAR'""", (TODAY,))
            conn.commit()
            cur.execute("REFRESH MATERIALIZED VIEW trade.mv_monthly_sales")
            conn.commit()

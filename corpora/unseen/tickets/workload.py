"""Short, deterministic application workload for the Northlight Live ticketing database.

Plays what a normal Monday morning (2024-07-01) looks like: box-office and customer-service
look-ups, the door-scan queries the ops team runs, a few management reports, the nightly
e-ticket reminder job (a bulk UPDATE that leaves dead tuples in sales.tickets) and some
small customer-record edits.  Uses a fixed seed, so every run issues the same statements.

    from workload import run
    run("host=127.0.0.1 port=5432 user=postgres dbname=tickets")
"""
import random

import psycopg

TODAY = "2024-07-01"


def _one(cur, sql, params=None):
    cur.execute(sql, params)
    return cur.fetchone()


def _all(cur, sql, params=None):
    cur.execute(sql, params)
    return cur.fetchall()


def run(dsn: str) -> None:
    rng = random.Random(20240701)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        # sample keys to work with (deterministic: ordered, then picked with the seeded RNG)
        emails = [r[0] for r in _all(cur, "SELECT email FROM sales.customers ORDER BY cust_id")]
        barcodes = [r[0] for r in _all(cur, "SELECT barcode FROM sales.tickets WHERE ticket_id % 97 = 0 ORDER BY ticket_id")]
        past_events = [r[0] for r in _all(cur, "SELECT event_id FROM catalog.events WHERE status = 'completed' ORDER BY event_id")]
        all_events = [r[0] for r in _all(cur, "SELECT event_id FROM catalog.events ORDER BY event_id")]
        refunded = [r[0] for r in _all(cur, "SELECT ticket_id FROM sales.tickets WHERE tkt_status = 'RF' ORDER BY ticket_id")]

        # 1. customer service: find the customer by e-mail, then their orders and tickets
        for _ in range(120):
            email = rng.choice(emails)
            cust = _one(cur, "SELECT cust_id, full_name, phone FROM sales.customers WHERE email = %s", (email,))
            orders = _all(cur, "SELECT order_id, placed_at, total_amt, ord_status FROM sales.orders "
                               "WHERE cust_id = %s ORDER BY placed_at DESC", (cust[0],))
            for (order_id, *_rest) in orders[:3]:
                _all(cur, "SELECT t.ticket_id, t.barcode, t.tkt_status, b.band_cd, e.event_title, e.starts_at "
                          "FROM sales.tickets t JOIN catalog.price_bands b ON b.band_id = t.band_id "
                          "JOIN catalog.events e ON e.event_id = b.event_id WHERE t.order_id = %s", (order_id,))
                _one(cur, "SELECT order_id, \"PromoCode\", booking_fee FROM sales.orders WHERE order_id = %s", (order_id,))

        # 2. box office: ticket by barcode, then its scan history (gate.scans.barcode has no index)
        for _ in range(40):
            bc = rng.choice(barcodes)
            tk = _one(cur, "SELECT ticket_id, order_id, band_id, tkt_status FROM sales.tickets WHERE barcode = %s", (bc,))
            _one(cur, "SELECT ticket_id, price_paid, seat_ref FROM sales.tickets WHERE ticket_id = %s", (tk[0],))
            _all(cur, "SELECT scanned_at, gate_no, result_cd, device_id FROM gate.scans WHERE barcode = %s "
                      "ORDER BY scanned_at", (bc,))

        # 3. refund desk
        for _ in range(40):
            tid = rng.choice(refunded)
            _all(cur, "SELECT refund_id, refunded_at, amount, reason_cd FROM sales.refunds WHERE ticket_id = %s", (tid,))
        for rid in rng.sample(range(30001, 30200), 10):
            _one(cur, "SELECT * FROM sales.refunds WHERE refund_id = %s", (rid,))

        # 4. event pages: event, venue, headliner, support acts, price bands
        for _ in range(60):
            eid = rng.choice(all_events)
            ev = _one(cur, "SELECT event_id, venue_id, headliner_id, promoter_id, event_title FROM catalog.events "
                           "WHERE event_id = %s", (eid,))
            _one(cur, "SELECT venue_nm, city, capacity FROM catalog.venues WHERE venue_id = %s", (ev[1],))
            _one(cur, "SELECT perf_name, genre_cd FROM catalog.performers WHERE perf_id = %s", (ev[2],))
            _one(cur, "SELECT promoter_name FROM finance.promoters WHERE promoter_id = %s", (ev[3],))
            _all(cur, "SELECT l.slot_no, p.perf_name FROM catalog.event_lineup l "
                      "JOIN catalog.performers p ON p.perf_id = l.perf_id WHERE l.event_id = %s ORDER BY l.slot_no", (eid,))
            _all(cur, "SELECT band_id, band_cd, face_value, qty_alloc FROM catalog.price_bands "
                      "WHERE event_id = %s ORDER BY band_id", (eid,))
            _one(cur, "SELECT event_id, slot_no FROM catalog.event_lineup WHERE event_id = %s AND slot_no = 1", (eid,))

        # 5. what's on: upcoming events and events per venue
        for days in (7, 14, 30, 60, 90):
            _all(cur, "SELECT e.event_id, e.event_title, e.starts_at, v.venue_nm FROM catalog.events e "
                      "JOIN catalog.venues v ON v.venue_id = e.venue_id "
                      "WHERE e.starts_at >= %s::date AND e.starts_at < %s::date + %s ORDER BY e.starts_at",
                 (TODAY, TODAY, days))
        for vid in range(1, 13):
            _all(cur, "SELECT event_id, event_title, starts_at, status FROM catalog.events WHERE venue_id = %s "
                      "ORDER BY starts_at DESC LIMIT 10", (vid,))

        # 6. sales per band for upcoming events (uses tickets.band_id)
        upcoming = [r[0] for r in _all(cur, "SELECT event_id FROM catalog.events WHERE starts_at >= %s::date "
                                            "AND starts_at < %s::date + 30 ORDER BY starts_at", (TODAY, TODAY))]
        for eid in upcoming:
            for (band_id,) in _all(cur, "SELECT band_id FROM catalog.price_bands WHERE event_id = %s", (eid,)):
                _one(cur, "SELECT count(*), coalesce(sum(price_paid), 0) FROM sales.tickets "
                          "WHERE band_id = %s AND tkt_status IN ('IS','TR')", (band_id,))

        # 7. door reports for recent shows (gate.scans by event)
        for eid in past_events[-25:]:
            _all(cur, "SELECT gate_no, result_cd, count(*) FROM gate.scans WHERE event_id = %s "
                      "GROUP BY gate_no, result_cd ORDER BY gate_no", (eid,))
            _all(cur, "SELECT date_trunc('hour', scanned_at) h, count(*) FROM gate.scans "
                      "WHERE event_id = %s AND scanned_at < (SELECT starts_at FROM catalog.events WHERE event_id = %s) "
                      "GROUP BY 1 ORDER BY 1", (eid, eid))
            _one(cur, "SELECT settle_id, gross_amt, promoter_amt, paid_on FROM finance.settlements WHERE event_id = %s", (eid,))
        for sid in rng.sample(range(1001, 1300), 8):
            _one(cur, "SELECT * FROM finance.settlements WHERE settle_id = %s", (sid,))
        for _ in range(10):
            _one(cur, "SELECT * FROM gate.scans WHERE scan_id = %s", (rng.randint(1, 200000),))

        # 8. daily / weekly sales reports (orders by placed_at)
        for back in range(1, 15):
            _one(cur, "SELECT count(*), sum(total_amt), sum(booking_fee) FROM sales.orders "
                      "WHERE placed_at >= %s::date - %s AND placed_at < %s::date - %s + 1 AND ord_status = 'C'",
                 (TODAY, back, TODAY, back))
        _all(cur, "SELECT channel, count(*), sum(total_amt) FROM sales.orders "
                  "WHERE placed_at >= '2024-06-01' AND placed_at < '2024-07-01' GROUP BY channel ORDER BY channel")

        # 9. management reports
        _all(cur, "SELECT date_trunc('month', o.placed_at) m, sum(t.price_paid) FROM sales.orders o "
                  "JOIN sales.tickets t ON t.order_id = o.order_id WHERE t.tkt_status IN ('IS','TR') "
                  "AND o.placed_at >= '2024-01-01' GROUP BY 1 ORDER BY 1")
        _all(cur, "SELECT p.perf_name, count(*) FROM catalog.events e JOIN catalog.performers p "
                  "ON p.perf_id = e.headliner_id WHERE e.status = 'completed' GROUP BY p.perf_name "
                  "ORDER BY 2 DESC LIMIT 10")
        _all(cur, "SELECT pr.promoter_name, sum(s.promoter_amt) FROM finance.settlements s "
                  "JOIN finance.promoters pr ON pr.promoter_id = s.promoter_id WHERE s.paid_on IS NULL "
                  "GROUP BY pr.promoter_name ORDER BY 2 DESC")
        _all(cur, "SELECT venue_nm, sum(valid_tickets), sum(ticket_revenue) FROM sales.v_event_sales "
                  "WHERE starts_at >= '2024-01-01' AND starts_at < '2024-07-01' GROUP BY venue_nm ORDER BY 3 DESC")
        _all(cur, "SELECT reason_cd, count(*), sum(amount) FROM sales.refunds "
                  "WHERE refunded_at >= '2024-01-01' GROUP BY reason_cd")

        # 10. nightly e-ticket reminder job: re-send PDFs for every valid ticket to a show in the next 90 days
        cur.execute("UPDATE sales.tickets t SET pdf_sent_at = %s::timestamp + interval '2 hours' "
                    "FROM catalog.price_bands b JOIN catalog.events e ON e.event_id = b.event_id "
                    "WHERE t.band_id = b.band_id AND t.tkt_status IN ('IS','TR') "
                    "AND e.starts_at >= %s::date AND e.starts_at < %s::date + 90",
                    (TODAY, TODAY, TODAY))
        # ...and re-send the confirmation e-mail for recent orders whose first mail bounced
        cur.execute("UPDATE sales.orders SET confirm_sent_at = %s::timestamp + interval '2 hours 5 minutes' "
                    "WHERE ord_status = 'C' AND placed_at >= %s::date - 14 AND order_id %% 7 = 0",
                    (TODAY, TODAY))

        # 11. customer-service edits: phone numbers updated one by one
        for _ in range(150):
            email = rng.choice(emails)
            new_phone = "07" + "".join(str(rng.randint(0, 9)) for _ in range(9))
            cur.execute("UPDATE sales.customers SET phone = %s WHERE email = %s", (new_phone, email))
            _one(cur, "SELECT cust_id, phone FROM sales.customers WHERE cust_id = "
                      "(SELECT cust_id FROM sales.customers WHERE email = %s)", (email,))

        # 12. ticket order-detail page by primary key
        for _ in range(30):
            bc = rng.choice(barcodes)
            (oid,) = _one(cur, "SELECT order_id FROM sales.tickets WHERE barcode = %s", (bc,))
            _one(cur, "SELECT o.order_id, c.full_name FROM sales.orders o LEFT JOIN sales.customers c "
                      "ON c.cust_id = o.cust_id WHERE o.order_id = %s", (oid,))

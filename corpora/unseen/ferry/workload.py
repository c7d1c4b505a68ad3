"""Replays a few seconds of the ferry company's morning of 2025-01-01.

Deterministic: no randomness, fixed ids / timestamps.  Never creates or drops
indexes.  Ends with ANALYZE.
"""
import psycopg


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        # --- web/app traffic: booking look-ups by reference (unique index)
        for i in range(1, 52000, 37):
            cur.execute("SELECT booking_id, sailing_id, bkg_status, fare_gbp FROM sales.booking WHERE bkg_ref = %s",
                        (f"NSC{i:06d}",))
            cur.fetchall()

        # --- account pages: customer by e-mail, then their bookings
        for cid in range(3, 6000, 23):
            cur.execute("SELECT email FROM sales.customer WHERE cust_id = %s", (cid,))
            email = cur.fetchone()[0]
            cur.execute("SELECT cust_id, full_name, tier FROM sales.customer WHERE email = %s", (email,))
            cur.fetchall()
            cur.execute("SELECT b.bkg_ref, s.sched_dep FROM sales.booking b JOIN ops.sailing s USING (sailing_id) "
                        "WHERE b.cust_id = %s ORDER BY s.sched_dep DESC LIMIT 10", (cid,))
            cur.fetchall()

        # --- timetable searches by route and date
        for r in range(1, 11):
            for d in range(1, 29, 3):
                cur.execute("SELECT sailing_id, sched_dep, sail_status FROM ops.sailing "
                            "WHERE route_id = %s AND sched_dep >= %s::date AND sched_dep < %s::date + 1",
                            (r, f"2025-01-{d:02d}", f"2025-01-{d:02d}"))
                cur.fetchall()

        # --- port check-in desk: manifest of a sailing
        for sid in range(7301, 7611, 7):
            cur.execute("SELECT count(*), sum(pax_adult + pax_child) FROM sales.booking WHERE sailing_id = %s", (sid,))
            cur.fetchall()

        # --- logins (account activity this morning): 400 customers
        for k, cid in enumerate(range(5, 6000, 15)):
            cur.execute("UPDATE sales.customer SET last_login_at = %s::timestamp + make_interval(secs => %s) "
                        "WHERE cust_id = %s", ("2025-01-01 06:00:00", k * 7, cid))

        # --- meal pre-order campaign: individual updates of future confirmed bookings
        cur.execute("SELECT booking_id FROM sales.booking WHERE bkg_status = 1 ORDER BY booking_id")
        ids = [r[0] for r in cur.fetchall()]
        for bid in ids[::2]:
            cur.execute("UPDATE sales.booking SET extras = extras || '{\"meal\": true}'::jsonb WHERE booking_id = %s",
                        (bid,))

        # --- operations this morning: the 07:00 Kirkwall-Lerwick and 08:00 Dover-Calais have sailed
        cur.execute("UPDATE ops.sailing SET sail_status = 'D', act_dep = sched_dep + interval '4 minutes' "
                    "WHERE sailing_id IN (7310, 7301)")
        # check in passengers of those two sailings (confirmed -> checked in)
        cur.execute("UPDATE sales.booking SET bkg_status = 2 WHERE sailing_id IN (7310, 7301) AND bkg_status = 1")

        # --- reporting query from the ops dashboard
        cur.execute("SELECT route_code, sum(pax_booked) FROM sales.v_sailing_load "
                    "WHERE sched_dep >= '2024-12-01' GROUP BY route_code")
        cur.fetchall()

        cur.execute("ANALYZE")

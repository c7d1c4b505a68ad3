"""Deterministic read/write workload for the airline `bookings` database.

Simulates a day of the booking site, the check-in desk and the reporting team:
  * key lookups (ticket by number, booking by PNR, departures board),
  * no-op updates of flight status / contact data (they leave dead tuples
    but change no value),
  * a few slow reports that have no supporting index,
  * a cancelled booking change that is rolled back.
No value that the benchmark questions read is changed.
"""
import random

import psycopg


def _keys(cur, sql):
    cur.execute(sql)
    return [r[0] for r in cur.fetchall()]


def run(dsn: str) -> None:
    rnd = random.Random(20170815)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        tickets = _keys(cur, "SELECT ticket_no FROM bookings.tickets ORDER BY ticket_no")
        book_refs = _keys(cur, "SELECT book_ref FROM bookings.bookings ORDER BY book_ref")
        flight_ids = _keys(cur, "SELECT flight_id FROM bookings.flights ORDER BY flight_id")
        airports = _keys(cur, "SELECT airport_code FROM bookings.airports_data ORDER BY airport_code")

        # 1. ticket look-ups from the self-service kiosk (most frequent statement)
        for t in rnd.sample(tickets, 3000):
            cur.execute(
                "SELECT t.ticket_no, t.passenger_name, t.contact_data "
                "FROM bookings.tickets t WHERE t.ticket_no = %s",
                (t,),
            )
            cur.fetchall()

        # 2. "manage my booking": booking with its tickets and segments
        for br in rnd.sample(book_refs, 800):
            cur.execute(
                "SELECT b.book_ref, b.book_date, t.ticket_no, t.passenger_name, "
                "       f.flight_no, f.scheduled_departure, tf.fare_conditions, tf.amount "
                "FROM bookings.bookings b "
                "JOIN bookings.tickets t ON t.book_ref = b.book_ref "
                "JOIN bookings.ticket_flights tf ON tf.ticket_no = t.ticket_no "
                "JOIN bookings.flights f ON f.flight_id = tf.flight_id "
                "WHERE b.book_ref = %s ORDER BY f.scheduled_departure",
                (br,),
            )
            cur.fetchall()

        # 3. departures board per airport for the current day
        for ap in airports:
            cur.execute(
                "SELECT flight_no, arrival_city, scheduled_departure_local, status "
                "FROM bookings.flights_v "
                "WHERE departure_airport = %s "
                "  AND scheduled_departure >= timestamptz '2017-08-15 00:00:00+03' "
                "  AND scheduled_departure <  timestamptz '2017-08-16 00:00:00+03' "
                "ORDER BY scheduled_departure",
                (ap,),
            )
            cur.fetchall()

        # 4. flight status feed: re-writes the same status (no-op, leaves dead tuples)
        for rnd_pass in range(3):
            for lo in range(1, max(flight_ids) + 1, 500):
                cur.execute(
                    "UPDATE bookings.flights SET status = status "
                    "WHERE flight_id BETWEEN %s AND %s",
                    (lo, lo + 499),
                )

        # 5. CRM sync touches contact data without changing it
        for t in rnd.sample(tickets, 1500):
            cur.execute(
                "UPDATE bookings.tickets SET contact_data = contact_data "
                "WHERE ticket_no = %s",
                (t,),
            )

        # 6. check-in desk: passenger list for a flight (no index on flight_id!)
        for fid in rnd.sample(flight_ids, 12):
            cur.execute(
                "SELECT tf.ticket_no, tf.fare_conditions, bp.seat_no "
                "FROM bookings.ticket_flights tf "
                "LEFT JOIN bookings.boarding_passes bp "
                "  ON bp.ticket_no = tf.ticket_no AND bp.flight_id = tf.flight_id "
                "WHERE tf.flight_id = %s",
                (fid,),
            )
            cur.fetchall()

        # 7. call-centre search by passenger surname (no index on passenger_name)
        for name in ("%IVANOV%", "%SMIRNOVA%", "%KOVALEVSK%", "%BELOUSOV%"):
            cur.execute(
                "SELECT ticket_no, passenger_name, book_ref FROM bookings.tickets "
                "WHERE passenger_name LIKE %s",
                (name,),
            )
            cur.fetchall()

        # 8. slow revenue report by route and class
        cur.execute(
            "SELECT f.departure_airport, f.arrival_airport, tf.fare_conditions, "
            "       count(*) AS segments, sum(tf.amount) AS revenue "
            "FROM bookings.ticket_flights tf "
            "JOIN bookings.flights f ON f.flight_id = tf.flight_id "
            "GROUP BY 1, 2, 3 ORDER BY revenue DESC"
        )
        cur.fetchall()
        cur.execute(
            "SELECT date_trunc('day', b.book_date) AS d, count(*), sum(b.total_amount) "
            "FROM bookings.bookings b JOIN bookings.tickets t ON t.book_ref = b.book_ref "
            "GROUP BY 1 ORDER BY 1"
        )
        cur.fetchall()

        # 9. an agent starts to cancel a booking and then rolls back
        br = book_refs[len(book_refs) // 2]
        try:
            with conn.transaction():
                cur.execute(
                    "DELETE FROM bookings.boarding_passes WHERE ticket_no IN "
                    "(SELECT ticket_no FROM bookings.tickets WHERE book_ref = %s)",
                    (br,),
                )
                cur.execute(
                    "UPDATE bookings.bookings SET total_amount = 0 WHERE book_ref = %s",
                    (br,),
                )
                raise RuntimeError("agent pressed cancel")
        except RuntimeError:
            pass

        # 10. a second, explicit rollback of a fare correction
        conn.autocommit = False
        cur.execute(
            "UPDATE bookings.ticket_flights SET amount = amount * 1.1 "
            "WHERE ticket_no = %s",
            (tickets[12345],),
        )
        conn.rollback()
        conn.autocommit = True


if __name__ == "__main__":
    import sys

    run(sys.argv[1] if len(sys.argv) > 1 else "dbname=demo")

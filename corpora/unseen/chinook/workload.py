"""Replay a few seconds of store activity against the Chinook database.

Deterministic: a fixed-seed random.Random drives every choice.  The workload
browses the catalog, looks up customers and their invoices, runs a few sales
reports, and performs small maintenance updates (customer phone changes,
billing postal-code normalisation) that leave dead tuples in `invoice` and
`customer`.  It never creates or drops indexes and ends with ANALYZE.
"""
import random

import psycopg


def run(dsn: str) -> None:
    rng = random.Random(20250630)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute("SELECT (SELECT max(customer_id) FROM customer), (SELECT max(invoice_id) FROM invoice), "
                    "(SELECT max(track_id) FROM track), (SELECT max(album_id) FROM album), "
                    "(SELECT max(artist_id) FROM artist)")
        n_cust, n_inv, n_track, n_album, n_artist = cur.fetchone()
        cur.execute("SELECT email FROM customer ORDER BY customer_id")
        emails = [r[0] for r in cur.fetchall()]

        # --- storefront: catalog browsing -------------------------------------
        for _ in range(250):
            artist_id = rng.randint(1, n_artist)
            cur.execute("SELECT album_id, title FROM album WHERE artist_id = %s ORDER BY title", (artist_id,))
            albums = cur.fetchall()
            if albums:
                album_id = rng.choice(albums)[0]
                cur.execute("SELECT t.track_id, t.name, t.milliseconds, t.unit_price, g.name "
                            "FROM track t LEFT JOIN genre g ON g.genre_id = t.genre_id "
                            "WHERE t.album_id = %s ORDER BY t.track_id", (album_id,))
                cur.fetchall()
        for _ in range(150):
            cur.execute("SELECT t.name, al.title, ar.name FROM track t "
                        "JOIN album al ON al.album_id = t.album_id JOIN artist ar ON ar.artist_id = al.artist_id "
                        "WHERE t.track_id = %s", (rng.randint(1, n_track),))
            cur.fetchall()
        for _ in range(20):
            cur.execute("SELECT t.name FROM playlist_track pt JOIN track t ON t.track_id = pt.track_id "
                        "WHERE pt.playlist_id = %s ORDER BY t.name LIMIT 50", (rng.choice([5, 11, 12, 16, 17]),))
            cur.fetchall()

        # --- customer service: lookups by e-mail and by id --------------------
        for _ in range(120):
            cur.execute("SELECT customer_id, first_name, last_name, country FROM customer WHERE email = %s",
                        (rng.choice(emails),))
            cur.fetchall()
        for _ in range(400):
            customer_id = rng.randint(1, n_cust)
            cur.execute("SELECT * FROM customer WHERE customer_id = %s", (customer_id,))
            cur.fetchall()
            cur.execute("SELECT invoice_id, invoice_date, total FROM invoice WHERE customer_id = %s "
                        "ORDER BY invoice_date DESC", (customer_id,))
            invoices = cur.fetchall()
            if invoices:
                invoice_id = rng.choice(invoices)[0]
                cur.execute("SELECT il.invoice_line_id, t.name, il.unit_price, il.quantity "
                            "FROM invoice_line il JOIN track t ON t.track_id = il.track_id "
                            "WHERE il.invoice_id = %s", (invoice_id,))
                cur.fetchall()

        # --- reporting ----------------------------------------------------------
        for _ in range(25):
            year = rng.choice([2022, 2023, 2024, 2025])
            month = rng.randint(1, 6 if year == 2025 else 12)
            start = f"{year}-{month:02d}-01"
            cur.execute("SELECT billing_country, count(*), sum(total) FROM invoice "
                        "WHERE invoice_date >= %s::date AND invoice_date < %s::date + interval '1 month' "
                        "GROUP BY billing_country ORDER BY 3 DESC", (start, start))
            cur.fetchall()
        for _ in range(8):
            cur.execute("SELECT g.name, sum(il.unit_price * il.quantity) FROM invoice_line il "
                        "JOIN track t ON t.track_id = il.track_id JOIN genre g ON g.genre_id = t.genre_id "
                        "JOIN invoice i ON i.invoice_id = il.invoice_id "
                        "WHERE i.invoice_date >= %s AND i.invoice_date < %s GROUP BY g.name ORDER BY 2 DESC",
                        (f"{rng.choice([2023, 2024])}-01-01", "2025-01-01"))
            cur.fetchall()
        for _ in range(5):
            cur.execute("SELECT e.first_name, e.last_name, count(DISTINCT c.customer_id), sum(i.total) "
                        "FROM employee e JOIN customer c ON c.support_rep_id = e.employee_id "
                        "JOIN invoice i ON i.customer_id = c.customer_id GROUP BY 1, 2")
            cur.fetchall()

        # --- maintenance updates (leave dead tuples behind) ---------------------
        for customer_id in rng.sample(range(1, n_cust + 1), 80):
            cur.execute("UPDATE customer SET phone = regexp_replace(phone, '[0-9]{4}$', %s) WHERE customer_id = %s",
                        (f"{rng.randint(0, 9999):04d}", customer_id))
        for invoice_id in sorted(rng.sample(range(1, n_inv + 1), 1200)):
            cur.execute("UPDATE invoice SET billing_postal_code = upper(trim(billing_postal_code)) "
                        "WHERE invoice_id = %s", (invoice_id,))

        cur.execute("ANALYZE")

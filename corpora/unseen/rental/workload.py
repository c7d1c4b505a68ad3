"""A day at the DVD rental counter, run once after schema.sql is loaded (about 15-30 s).

- checkouts at the till (inventory_in_stock() check, INSERT rental + payment),
- returns of copies that are out,
- storefront look-ups (customer by last name, a customer's rentals -- rental.customer_id has
  no index, so these are sequential scans -- film search on the fulltext column),
- the CRM sync that rewrites customer.last_update all day long (many updates; VACUUMed at the end),
- the nightly job that touches rental.last_update on every 2022 row (rental has autovacuum
  switched off, so the dead rows stay),
- the slow "overdue report" (correlated subquery on rental).

Deterministic apart from now(): a fixed seed chooses every parameter.
"""
import random

import psycopg


def run(dsn: str) -> None:
    rng = random.Random(20220214)
    with psycopg.connect(dsn, autocommit=True) as conn:
        try:
            conn.execute("SELECT pg_stat_statements_reset()")
        except psycopg.Error:
            pass  # extension not loaded via shared_preload_libraries

        inv = [r[0] for r in conn.execute("SELECT inventory_id FROM inventory ORDER BY inventory_id")]
        cust = [r[0] for r in conn.execute("SELECT customer_id FROM customer WHERE customer_id <= 590 ORDER BY customer_id")]
        last_names = [r[0] for r in conn.execute("SELECT DISTINCT last_name FROM customer ORDER BY last_name")]
        words = ["dinosaur", "shark", "robot", "monastery", "teacher", "canadian", "drama", "boat", "astronaut", "moose"]

        # --- checkouts at the counter
        for k in range(250):
            i = rng.choice(inv)
            c = rng.choice(cust)
            if not conn.execute("SELECT inventory_in_stock(%s)", (i,)).fetchone()[0]:
                continue
            store = conn.execute("SELECT store_id FROM inventory WHERE inventory_id = %s", (i,)).fetchone()[0]
            staff = 1 if store == 1 else 2
            with conn.transaction():
                rid = conn.execute(
                    "INSERT INTO rental (rental_date, inventory_id, customer_id, staff_id) "
                    "VALUES (now() - %s * interval '1 second', %s, %s, %s) RETURNING rental_id",
                    (7 * k, i, c, staff)).fetchone()[0]
                conn.execute(
                    "INSERT INTO payment (customer_id, staff_id, rental_id, amount, payment_date) "
                    "SELECT %s, %s, %s, f.rental_rate, now() FROM inventory i JOIN film f USING (film_id) "
                    "WHERE i.inventory_id = %s", (c, staff, rid, i))

        # --- returns of copies that are out (the recent ones only)
        out = [r[0] for r in conn.execute(
            "SELECT rental_id FROM rental WHERE return_date IS NULL AND rental_date < now() - interval '2 days' "
            "AND rental_date > now() - interval '120 days' ORDER BY rental_id LIMIT 60")]
        for rid in out:
            conn.execute("UPDATE rental SET return_date = now() WHERE rental_id = %s", (rid,))

        # --- storefront look-ups
        for _ in range(150):
            conn.execute("SELECT customer_id, first_name, last_name, email FROM customer WHERE last_name = %s",
                         (rng.choice(last_names),)).fetchall()
            c = rng.choice(cust)
            conn.execute("SELECT rental_id, rental_date, return_date FROM rental WHERE customer_id = %s "
                         "ORDER BY rental_date DESC LIMIT 10", (c,)).fetchall()
            conn.execute("SELECT payment_id, amount, payment_date FROM payment WHERE customer_id = %s "
                         "ORDER BY payment_date DESC LIMIT 10", (c,)).fetchall()
            conn.execute("SELECT film_id, title FROM film WHERE fulltext @@ to_tsquery('english', %s)",
                         (rng.choice(words),)).fetchall()
            conn.execute("SELECT * FROM film_in_stock(%s, %s)", (rng.randint(1, 1000), rng.randint(1, 2))).fetchall()
        for _ in range(40):
            conn.execute("SELECT count(*) FROM rental WHERE rental_date >= now() - interval '1 day'").fetchall()
            conn.execute("SELECT get_customer_balance(%s, now())", (rng.choice(cust),)).fetchall()
        for _ in range(5):
            conn.execute("SELECT * FROM sales_by_store").fetchall()
            conn.execute("SELECT * FROM sales_by_film_category").fetchall()

        # --- CRM sync: rewrites every customer's last_update, again and again
        ids = list(range(1, 600))
        for _ in range(40):
            for a in range(0, len(ids), 100):
                conn.execute("UPDATE customer SET last_update = now() WHERE customer_id = ANY(%s)", (ids[a:a + 100],))
        for _ in range(3000):
            conn.execute("UPDATE customer SET last_update = now() WHERE customer_id = %s", (rng.choice(ids),))

        # --- nightly job: touches every 2022 rental (autovacuum is off on rental)
        conn.execute("UPDATE rental SET last_update = now() WHERE rental_date < '2023-01-01'")

        # --- the slow overdue report, as run by the back office
        for _ in range(4):
            conn.execute(
                "SELECT rental.rental_id, rental.customer_id, rental.rental_date, "
                "(SELECT count(*) FROM rental r2 WHERE r2.customer_id = rental.customer_id "
                "AND r2.return_date IS NULL) AS open_rentals "
                "FROM rental WHERE rental.return_date IS NULL ORDER BY open_rentals DESC, rental.rental_id").fetchall()

        # --- maintenance job: only customer gets vacuumed
        conn.execute("VACUUM customer")

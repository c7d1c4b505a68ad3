"""Replay a few seconds of Northwind Traders activity (deterministic).

Morning maintenance VACUUM, then the order desk at work: product and
customer look-ups, order history screens, small reports, shipping the
oldest open orders, stock movements, a few order-line corrections, a fuel
surcharge re-rating of Federal Shipping freight for Q2 2025 (leaves dead
tuples in orders), and a final ANALYZE.
"""
import random

import psycopg


def run(dsn: str) -> None:
    rng = random.Random(20250630)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        # nightly maintenance before the business day
        cur.execute("VACUUM")

        cur.execute("SELECT customer_id FROM customers ORDER BY customer_id")
        customers = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT order_id FROM orders ORDER BY order_id")
        order_ids = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT DISTINCT city FROM customers ORDER BY city")
        cities = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT last_name FROM employees ORDER BY employee_id")
        last_names = [r[0] for r in cur.fetchall()]

        # product look-ups from the order-entry screen (the most frequent statement)
        for _ in range(400):
            cur.execute(
                "SELECT product_name, unit_price, units_in_stock FROM products WHERE product_id = %s",
                (rng.randint(1, 77),),
            )
            cur.fetchall()

        # customer order history
        for _ in range(150):
            cur.execute(
                "SELECT order_id, order_date, shipped_date, freight FROM orders "
                "WHERE customer_id = %s ORDER BY order_date DESC",
                (rng.choice(customers),),
            )
            cur.fetchall()

        # open an order with its lines
        for _ in range(80):
            cur.execute(
                "SELECT od.product_id, p.product_name, od.unit_price, od.quantity, od.discount "
                "FROM order_details od JOIN products p ON p.product_id = od.product_id "
                "WHERE od.order_id = %s",
                (rng.choice(order_ids),),
            )
            cur.fetchall()

        # customer search by city
        for _ in range(25):
            cur.execute(
                "SELECT customer_id, company_name, contact_name, phone FROM customers WHERE city = %s",
                (rng.choice(cities),),
            )
            cur.fetchall()

        # employee look-up
        for _ in range(10):
            cur.execute(
                "SELECT employee_id, first_name, last_name, title, extension FROM employees WHERE last_name = %s",
                (rng.choice(last_names),),
            )
            cur.fetchall()

        # short date-range reports
        for _ in range(30):
            day = rng.randint(0, 880)
            cur.execute(
                "SELECT count(*), sum(freight) FROM orders "
                "WHERE order_date BETWEEN date '2023-01-01' + %s AND date '2023-01-01' + %s",
                (day, day + rng.randint(1, 7)),
            )
            cur.fetchall()

        # sales by category for a month
        for month in range(1, 7):
            cur.execute(
                "SELECT c.category_name, sum(od.unit_price * od.quantity * (1 - od.discount)) "
                "FROM orders o JOIN order_details od ON od.order_id = o.order_id "
                "JOIN products p ON p.product_id = od.product_id "
                "JOIN categories c ON c.category_id = p.category_id "
                "WHERE o.order_date >= make_date(2025, %s, 1) AND o.order_date < make_date(2025, %s, 1) + interval '1 month' "
                "GROUP BY c.category_name ORDER BY 2 DESC",
                (month, month),
            )
            cur.fetchall()

        # order-line corrections on open orders
        cur.execute(
            "SELECT od.order_id, od.product_id FROM order_details od "
            "JOIN orders o ON o.order_id = od.order_id "
            "WHERE o.shipped_date IS NULL ORDER BY od.order_id, od.product_id"
        )
        open_lines = cur.fetchall()
        for order_id, product_id in rng.sample(open_lines, 30):
            cur.execute(
                "UPDATE order_details SET quantity = quantity + %s WHERE order_id = %s AND product_id = %s",
                (rng.choice([5, 10]), order_id, product_id),
            )

        # ship the 60 oldest open orders today
        cur.execute(
            "SELECT order_id FROM orders WHERE shipped_date IS NULL ORDER BY order_date, order_id LIMIT 60"
        )
        for (order_id,) in cur.fetchall():
            cur.execute(
                "UPDATE orders SET shipped_date = date '2025-06-30' WHERE order_id = %s",
                (order_id,),
            )

        # stock movements (kept below autovacuum's threshold for this small table)
        for _ in range(40):
            pid = rng.randint(1, 77)
            cur.execute(
                "UPDATE products SET units_in_stock = greatest(units_in_stock - %s, 0) "
                "WHERE product_id = %s AND discontinued = 0",
                (rng.randint(1, 6), pid),
            )

        # two customers moved
        for cid, addr in (("LAZYK", "14 Orchestra Terrace"), ("SPLIR", "P.O. Box 620")):
            cur.execute("UPDATE customers SET address = %s WHERE customer_id = %s", (addr, cid))

        # fuel surcharge: Federal Shipping freight for Q2 2025 re-rated +5 %
        cur.execute(
            "UPDATE orders SET freight = round((freight * 1.05)::numeric, 2) "
            "WHERE ship_via = 3 AND order_date >= date '2025-04-01'"
        )

        cur.execute("ANALYZE")

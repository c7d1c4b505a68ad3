"""Replay a few seconds of deterministic activity on the classicmodels database.

Order-desk lookups (customers, their orders and order lines, payments), a few
reports, and some updates (order notes, stock counts, customer addresses) so
that `orders` carries dead tuples.  The updates write deterministic values, so
replaying the workload again leaves the data unchanged.  Starts with a plain
VACUUM (routine maintenance after the bulk load), ends with ANALYZE.
No indexes are created or dropped.
"""
import random

import psycopg

SEED = 20250630


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()

        # start of the business day: routine maintenance after the bulk load
        # (also keeps insert-triggered autovacuum from firing later on)
        cur.execute("VACUUM")

        cur.execute("SELECT customernumber FROM customers ORDER BY customernumber")
        customers = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT ordernumber FROM orders ORDER BY ordernumber")
        orders = [r[0] for r in cur.fetchall()]
        cur.execute("SELECT productline FROM productlines ORDER BY productline")
        lines = [r[0] for r in cur.fetchall()]

        # --- order desk: customer lookups -----------------------------------
        for _ in range(900):
            c = rng.choice(customers)
            cur.execute(
                "SELECT customername, contactfirstname, contactlastname, phone, city, country, creditlimit "
                "FROM customers WHERE customernumber = %s", (c,))
            cur.fetchall()
            cur.execute(
                "SELECT ordernumber, orderdate, status FROM orders "
                "WHERE customernumber = %s ORDER BY orderdate DESC", (c,))
            cur.fetchall()
            if rng.random() < 0.4:
                cur.execute(
                    "SELECT checknumber, paymentdate, amount FROM payments "
                    "WHERE customernumber = %s ORDER BY paymentdate", (c,))
                cur.fetchall()

        # --- order lines ----------------------------------------------------
        for _ in range(1200):
            o = rng.choice(orders)
            cur.execute(
                "SELECT d.orderlinenumber, p.productname, d.quantityordered, d.priceeach "
                "FROM orderdetails d JOIN products p ON p.productcode = d.productcode "
                "WHERE d.ordernumber = %s ORDER BY d.orderlinenumber", (o,))
            cur.fetchall()

        # --- catalogue browsing ---------------------------------------------
        for _ in range(150):
            pl = rng.choice(lines)
            cur.execute(
                "SELECT productcode, productname, msrp, quantityinstock FROM products "
                "WHERE productline = %s ORDER BY productname", (pl,))
            cur.fetchall()

        # --- a few reports --------------------------------------------------
        for year in (2023, 2024, 2025):
            cur.execute(
                "SELECT date_trunc('month', o.orderdate) AS m, sum(d.quantityordered * d.priceeach) "
                "FROM orders o JOIN orderdetails d ON d.ordernumber = o.ordernumber "
                "WHERE o.orderdate >= make_date(%s, 1, 1) AND o.orderdate < make_date(%s + 1, 1, 1) "
                "GROUP BY 1 ORDER BY 1", (year, year))
            cur.fetchall()
        cur.execute("SELECT ordernumber, orderdate, customernumber FROM orders WHERE status = 'On Hold'")
        cur.fetchall()
        cur.execute(
            "SELECT c.country, sum(p.amount) FROM payments p JOIN customers c USING (customernumber) "
            "GROUP BY c.country ORDER BY 2 DESC")
        cur.fetchall()

        # --- updates --------------------------------------------------------
        notes = [
            "Customer requested that DHL is used for this shipping.",
            "Customer requested that FedEx Ground is used for this shipping.",
            "Check on availability.",
            "Customer requested that delivery be delayed.",
            "Invoice re-sent to accounts payable.",
        ]
        cur.execute(
            "SELECT ordernumber FROM orders WHERE status = 'Shipped' AND orderdate < DATE '2024-01-01' "
            "ORDER BY ordernumber")
        old_shipped = [r[0] for r in cur.fetchall()]
        picked = rng.sample(old_shipped, 2000)
        with conn.transaction():
            for i, o in enumerate(picked):
                cur.execute("UPDATE orders SET comments = %s WHERE ordernumber = %s",
                            (notes[o % len(notes)], o))

        cur.execute("SELECT productcode FROM products WHERE quantityinstock > 0 ORDER BY productcode")
        in_stock = [r[0] for r in cur.fetchall()]
        with conn.transaction():
            for pc in rng.sample(in_stock, 120):
                cur.execute("UPDATE products SET quantityinstock = %s WHERE productcode = %s",
                            (rng.randint(100, 9900), pc))

        with conn.transaction():
            for c in rng.sample(customers, 60):
                cur.execute("UPDATE customers SET addressline2 = %s WHERE customernumber = %s",
                            ("Suite %d" % (100 + c % 400), c))

        # --- a little more reading after the updates ------------------------
        for _ in range(100):
            c = rng.choice(customers)
            cur.execute(
                "SELECT o.ordernumber, o.status, o.comments FROM orders o "
                "WHERE o.customernumber = %s AND o.status <> 'Cancelled'", (c,))
            cur.fetchall()

        cur.execute("ANALYZE")

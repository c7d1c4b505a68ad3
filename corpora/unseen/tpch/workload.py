"""Deterministic replay of a few seconds of TPC-H-like activity.

run(dsn) executes, with psycopg v3 and random.Random(20240617):
  * a handful of benchmark queries (Q1, Q3, Q4, Q5, Q6, Q10, Q12, Q14) with fixed parameters,
  * point lookups (orders / lineitem by order key, customers, parts),
  * a refresh burst: RF1 inserts 60 new orders with their line items and decrements
    partsupp.ps_availqty for them, RF2 deletes 300 existing orders and their line items
    (so lineitem ends with the most dead tuples),
  * a final ANALYZE (after a short pause so the backend's statistics counters are flushed first).
It never creates or drops indexes.
"""
import datetime as _dt
import random
import time
from decimal import Decimal, ROUND_HALF_UP

import psycopg

SEED = 20240617
CURRENT_DATE = _dt.date(1995, 6, 17)
START = _dt.date(1992, 1, 1)

Q1 = """
SELECT l_returnflag, l_linestatus, sum(l_quantity) AS sum_qty,
       sum(l_extendedprice) AS sum_base_price,
       sum(l_extendedprice * (1 - l_discount)) AS sum_disc_price,
       sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS sum_charge,
       avg(l_quantity) AS avg_qty, avg(l_extendedprice) AS avg_price,
       avg(l_discount) AS avg_disc, count(*) AS count_order
FROM lineitem
WHERE l_shipdate <= date '1998-12-01' - %s * interval '1 day'
GROUP BY l_returnflag, l_linestatus
ORDER BY l_returnflag, l_linestatus"""

Q3 = """
SELECT l_orderkey, sum(l_extendedprice * (1 - l_discount)) AS revenue, o_orderdate, o_shippriority
FROM customer, orders, lineitem
WHERE c_mktsegment = %s AND c_custkey = o_custkey AND l_orderkey = o_orderkey
  AND o_orderdate < %s AND l_shipdate > %s
GROUP BY l_orderkey, o_orderdate, o_shippriority
ORDER BY revenue DESC, o_orderdate
LIMIT 10"""

Q4 = """
SELECT o_orderpriority, count(*) AS order_count
FROM orders
WHERE o_orderdate >= %s AND o_orderdate < %s + interval '3 month'
  AND EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = o_orderkey AND l_commitdate < l_receiptdate)
GROUP BY o_orderpriority ORDER BY o_orderpriority"""

Q5 = """
SELECT n_name, sum(l_extendedprice * (1 - l_discount)) AS revenue
FROM customer, orders, lineitem, supplier, nation, region
WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey AND l_suppkey = s_suppkey
  AND c_nationkey = s_nationkey AND s_nationkey = n_nationkey AND n_regionkey = r_regionkey
  AND r_name = %s AND o_orderdate >= %s AND o_orderdate < %s + interval '1 year'
GROUP BY n_name ORDER BY revenue DESC"""

Q6 = """
SELECT sum(l_extendedprice * l_discount) AS revenue
FROM lineitem
WHERE l_shipdate >= %s AND l_shipdate < %s + interval '1 year'
  AND l_discount BETWEEN %s - 0.01 AND %s + 0.01 AND l_quantity < %s"""

Q10 = """
SELECT c_custkey, c_name, sum(l_extendedprice * (1 - l_discount)) AS revenue,
       c_acctbal, n_name, c_address, c_phone
FROM customer, orders, lineitem, nation
WHERE c_custkey = o_custkey AND l_orderkey = o_orderkey
  AND o_orderdate >= %s AND o_orderdate < %s + interval '3 month'
  AND l_returnflag = 'R' AND c_nationkey = n_nationkey
GROUP BY c_custkey, c_name, c_acctbal, c_phone, n_name, c_address
ORDER BY revenue DESC LIMIT 20"""

Q12 = """
SELECT l_shipmode,
       sum(CASE WHEN o_orderpriority IN ('1-URGENT', '2-HIGH') THEN 1 ELSE 0 END) AS high_line_count,
       sum(CASE WHEN o_orderpriority NOT IN ('1-URGENT', '2-HIGH') THEN 1 ELSE 0 END) AS low_line_count
FROM orders, lineitem
WHERE o_orderkey = l_orderkey AND l_shipmode IN (%s, %s)
  AND l_commitdate < l_receiptdate AND l_shipdate < l_commitdate
  AND l_receiptdate >= %s AND l_receiptdate < %s + interval '1 year'
GROUP BY l_shipmode ORDER BY l_shipmode"""

Q14 = """
SELECT 100.00 * sum(CASE WHEN p_type LIKE 'PROMO%%' THEN l_extendedprice * (1 - l_discount) ELSE 0 END)
       / sum(l_extendedprice * (1 - l_discount)) AS promo_revenue
FROM lineitem, part
WHERE l_partkey = p_partkey AND l_shipdate >= %s AND l_shipdate < %s + interval '1 month'"""

SHIPMODES = ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB']
INSTRUCTS = ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN']
PRIORITIES = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW']
WORDS = ['furiously', 'carefully', 'quickly', 'slyly', 'blithely', 'ironic', 'final', 'regular',
         'express', 'special', 'pending', 'bold', 'even', 'packages', 'requests', 'accounts',
         'deposits', 'instructions', 'theodolites', 'foxes', 'ideas', 'sleep', 'wake', 'haggle',
         'nag', 'use', 'boost', 'among', 'around', 'across', 'the']


def _text(rng, n, maxlen):
    return ' '.join(rng.choice(WORDS) for _ in range(n))[:maxlen]


def _money(x):
    return Decimal(x).quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)


def _benchmark_queries(cur):
    cur.execute(Q1, (90,))
    cur.fetchall()
    cur.execute(Q3, ('BUILDING', _dt.date(1995, 3, 15), _dt.date(1995, 3, 15)))
    cur.fetchall()
    cur.execute(Q4, (_dt.date(1993, 7, 1), _dt.date(1993, 7, 1)))
    cur.fetchall()
    cur.execute(Q5, ('ASIA', _dt.date(1994, 1, 1), _dt.date(1994, 1, 1)))
    cur.fetchall()
    cur.execute(Q6, (_dt.date(1994, 1, 1), _dt.date(1994, 1, 1), Decimal('0.06'), Decimal('0.06'), 24))
    cur.fetchall()
    cur.execute(Q10, (_dt.date(1993, 10, 1), _dt.date(1993, 10, 1)))
    cur.fetchall()
    cur.execute(Q12, ('MAIL', 'SHIP', _dt.date(1994, 1, 1), _dt.date(1994, 1, 1)))
    cur.fetchall()
    cur.execute(Q14, (_dt.date(1995, 9, 1), _dt.date(1995, 9, 1)))
    cur.fetchall()


def _point_lookups(cur, rng, orderkeys, n):
    for _ in range(n):
        ok = rng.choice(orderkeys)
        cur.execute("SELECT o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate "
                    "FROM orders WHERE o_orderkey = %s", (ok,))
        cur.fetchall()
        cur.execute("SELECT l_linenumber, l_partkey, l_quantity, l_extendedprice, l_shipdate "
                    "FROM lineitem WHERE l_orderkey = %s ORDER BY l_linenumber", (ok,))
        cur.fetchall()
    for _ in range(n // 3):
        cur.execute("SELECT c_name, c_acctbal, c_mktsegment FROM customer WHERE c_custkey = %s",
                    (rng.randint(1, 1500),))
        cur.fetchall()
        cur.execute("SELECT p_name, p_retailprice FROM part WHERE p_partkey = %s",
                    (rng.randint(1, 2000),))
        cur.fetchall()


def _rf1(conn, rng, existing):
    """Insert 60 new orders (keys in the unused gaps of each 32-key block) with their lines."""
    with conn.cursor() as cur:
        cur.execute("SELECT p_partkey, p_retailprice FROM part ORDER BY p_partkey")
        price = dict(cur.fetchall())
    groups = rng.sample(range(0, 1875), 60)
    new_keys = []
    with conn.transaction():
        with conn.cursor() as cur:
            for g in sorted(groups):
                okey = g * 32 + 9 + rng.randrange(8)
                assert okey not in existing
                j = rng.randrange(1000)
                ckey = 3 * (j // 2) + 1 + (j % 2)
                odate = START + _dt.timedelta(days=rng.randint(0, 2405))
                lines = []
                for ln in range(1, rng.randint(1, 7) + 1):
                    pk = rng.randint(1, 2000)
                    sk = (pk + rng.randrange(4) * (25 + (pk - 1) // 100)) % 100 + 1
                    qty = rng.randint(1, 50)
                    ext = _money(price[pk] * qty)
                    disc = Decimal(rng.randint(0, 10)) / 100
                    tax = Decimal(rng.randint(0, 8)) / 100
                    ship = odate + _dt.timedelta(days=rng.randint(1, 121))
                    commit = odate + _dt.timedelta(days=rng.randint(30, 90))
                    rcpt = ship + _dt.timedelta(days=rng.randint(1, 30))
                    if rcpt <= CURRENT_DATE:
                        rflag = 'R' if rng.random() < 0.5 else 'A'
                    else:
                        rflag = 'N'
                    lstatus = 'O' if ship > CURRENT_DATE else 'F'
                    lines.append((okey, pk, sk, ln, qty, ext, disc, tax, rflag, lstatus, ship, commit,
                                  rcpt, rng.choice(INSTRUCTS), rng.choice(SHIPMODES), _text(rng, 5, 44)))
                total = _money(sum(l[5] * (1 + l[7]) * (1 - l[6]) for l in lines))
                nf = sum(1 for l in lines if l[9] == 'F')
                status = 'F' if nf == len(lines) else ('O' if nf == 0 else 'P')
                cur.execute(
                    "INSERT INTO orders (o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate,"
                    " o_orderpriority, o_clerk, o_shippriority, o_comment)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, 0, %s)",
                    (okey, ckey, status, total, odate, rng.choice(PRIORITIES),
                     'Clerk#%09d' % rng.randint(1, 10), _text(rng, 8, 79)))
                cur.executemany(
                    "INSERT INTO lineitem VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                    lines)
                for l in lines:
                    cur.execute("UPDATE partsupp SET ps_availqty = greatest(ps_availqty - %s, 0)"
                                " WHERE ps_partkey = %s AND ps_suppkey = %s", (l[4], l[1], l[2]))
                new_keys.append(okey)
    return new_keys


def _rf2(conn, rng, orderkeys):
    """Delete 300 existing orders and their line items, in batches of 25."""
    victims = sorted(rng.sample(orderkeys, 300))
    with conn.cursor() as cur:
        for i in range(0, len(victims), 25):
            batch = victims[i:i + 25]
            with conn.transaction():
                for ok in batch:
                    cur.execute("DELETE FROM lineitem WHERE l_orderkey = %s", (ok,))
                    cur.execute("DELETE FROM orders WHERE o_orderkey = %s", (ok,))
    return victims


def run(dsn: str) -> None:
    rng = random.Random(SEED)
    with psycopg.connect(dsn, autocommit=True) as conn:
        with conn.cursor() as cur:
            cur.execute("SELECT o_orderkey FROM orders ORDER BY o_orderkey")
            orderkeys = [r[0] for r in cur.fetchall()]
            _benchmark_queries(cur)
            _point_lookups(cur, rng, orderkeys, 600)
        new_keys = _rf1(conn, rng, set(orderkeys))
        deleted = set(_rf2(conn, rng, orderkeys))
        remaining = [k for k in orderkeys if k not in deleted] + new_keys
        with conn.cursor() as cur:
            _point_lookups(cur, rng, remaining, 300)
            _benchmark_queries(cur)
            # let this backend flush its table counters (flushed at most once a second when idle)
            # before ANALYZE records live/dead tuple counts, so the statistics views are exact
            time.sleep(1.2)
            cur.execute("SELECT 1")
            cur.execute("ANALYZE")


if __name__ == '__main__':
    import sys
    run(sys.argv[1] if len(sys.argv) > 1 else 'host=127.0.0.1 user=postgres dbname=postgres')

"""Deterministic replay of a few seconds of AdventureWorks application traffic.

run(dsn) issues, in a fixed order:
  * ~300 order lookups by SalesOrderID (header + lines + product names)
  * ~150 "my orders" lists for individual customers and ~60 for stores
  * ~120 product searches by name fragment and ~40 category browses
  * a handful of reporting queries (sales per territory / per month)
  * 420 single-row UPDATEs on sales."SalesOrderHeader" (RevisionNumber / ModifiedDate
    only - no business value changes), so that table accumulates dead tuples
and finishes with ANALYZE. It never creates or drops indexes.
"""
import psycopg

ORDER_LOOKUP = """
SELECT h."SalesOrderID", h."SalesOrderNumber", h."OrderDate", h."Status", h."TotalDue",
       d."SalesOrderDetailID", d."OrderQty", d."UnitPrice", d."LineTotal", p."Name"
FROM sales."SalesOrderHeader" h
JOIN sales."SalesOrderDetail" d ON d."SalesOrderID" = h."SalesOrderID"
JOIN production."Product" p ON p."ProductID" = d."ProductID"
WHERE h."SalesOrderID" = %s
ORDER BY d."SalesOrderDetailID"
"""

CUSTOMER_ORDERS = """
SELECT h."SalesOrderID", h."SalesOrderNumber", h."OrderDate", h."Status", h."TotalDue"
FROM sales."SalesOrderHeader" h
WHERE h."CustomerID" = %s
ORDER BY h."OrderDate" DESC
LIMIT 20
"""

CUSTOMER_PROFILE = """
SELECT c."CustomerID", c."AccountNumber", p."FirstName", p."LastName", s."Name" AS store, t."Name" AS territory
FROM sales."Customer" c
LEFT JOIN person."Person" p ON p."BusinessEntityID" = c."PersonID"
LEFT JOIN sales."Store" s ON s."BusinessEntityID" = c."StoreID"
LEFT JOIN sales."SalesTerritory" t ON t."TerritoryID" = c."TerritoryID"
WHERE c."CustomerID" = %s
"""

PRODUCT_SEARCH = """
SELECT p."ProductID", p."Name", p."ProductNumber", p."ListPrice", p."Color", p."Size"
FROM production."Product" p
WHERE p."Name" ILIKE %s AND p."FinishedGoodsFlag"
  AND (p."SellEndDate" IS NULL OR p."SellEndDate" >= %s)
ORDER BY p."Name"
LIMIT 50
"""

CATEGORY_BROWSE = """
SELECT p."ProductID", p."Name", p."ListPrice", s."Name" AS subcategory
FROM production."Product" p
JOIN production."ProductSubcategory" s ON s."ProductSubcategoryID" = p."ProductSubcategoryID"
JOIN production."ProductCategory" c ON c."ProductCategoryID" = s."ProductCategoryID"
WHERE c."Name" = %s AND p."SellEndDate" IS NULL
ORDER BY p."ListPrice" DESC
"""

PRODUCT_BY_NUMBER = """
SELECT "ProductID", "Name", "ListPrice" FROM production."Product" WHERE "ProductNumber" = %s
"""

TERRITORY_REPORT = """
SELECT t."Name", count(*) AS orders, sum(h."TotalDue") AS revenue
FROM sales."SalesOrderHeader" h
JOIN sales."SalesTerritory" t ON t."TerritoryID" = h."TerritoryID"
WHERE h."OrderDate" >= %s AND h."OrderDate" < %s
GROUP BY t."Name"
ORDER BY revenue DESC
"""

MONTHLY_REPORT = """
SELECT date_trunc('month', "OrderDate") AS month, count(*), sum("SubTotal")
FROM sales."SalesOrderHeader"
WHERE "OrderDate" >= %s
GROUP BY 1 ORDER BY 1
"""

TOUCH_ORDER = """
UPDATE sales."SalesOrderHeader"
SET "RevisionNumber" = "RevisionNumber" + 1,
    "ModifiedDate" = timestamp '2025-07-01 08:00:00' + %s * interval '7 seconds'
WHERE "SalesOrderID" = %s
"""

SEARCH_TERMS = ["%Frame%", "%Helmet%", "Mountain-200%", "%Jersey%", "%Tire%", "Road-250%",
                "%Gloves%", "Touring-1000%", "%Pedal%", "%Bottle%", "%Shorts%", "%Wheel%"]
CATEGORIES = ["Bikes", "Components", "Clothing", "Accessories"]


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        cur.execute('SELECT min("SalesOrderID"), max("SalesOrderID") FROM sales."SalesOrderHeader"')
        lo, hi = cur.fetchone()
        n_orders = hi - lo + 1
        cur.execute('SELECT "ProductNumber" FROM production."Product" WHERE "FinishedGoodsFlag" ORDER BY "ProductID"')
        numbers = [r[0] for r in cur.fetchall()]

        # 1) order lookups (customer service screen)
        for i in range(300):
            oid = lo + (i * 7919 + 13) % n_orders
            cur.execute(ORDER_LOOKUP, (oid,))
            cur.fetchall()

        # 2) customer order history (web "my orders" page and reseller portal)
        for i in range(150):
            cid = 11000 + (i * 37 + 5) % 1800
            cur.execute(CUSTOMER_PROFILE, (cid,))
            cur.fetchall()
            cur.execute(CUSTOMER_ORDERS, (cid,))
            cur.fetchall()
        for i in range(60):
            cid = 1 + (i * 11) % 200
            cur.execute(CUSTOMER_ORDERS, (cid,))
            cur.fetchall()

        # 3) catalogue traffic
        for i in range(120):
            cur.execute(PRODUCT_SEARCH, (SEARCH_TERMS[i % len(SEARCH_TERMS)], "2025-07-01"))
            cur.fetchall()
        for i in range(40):
            cur.execute(CATEGORY_BROWSE, (CATEGORIES[i % 4],))
            cur.fetchall()
        for i in range(80):
            cur.execute(PRODUCT_BY_NUMBER, (numbers[(i * 17) % len(numbers)],))
            cur.fetchall()

        # 4) a few reports
        for year in (2023, 2024, 2025):
            cur.execute(TERRITORY_REPORT, (f"{year}-01-01", f"{year + 1}-01-01"))
            cur.fetchall()
        cur.execute(MONTHLY_REPORT, ("2024-07-01",))
        cur.fetchall()

        # 5) order maintenance: 420 single-row updates on recent orders (some touched twice)
        recent = [hi - (i * 3) for i in range(280)]
        k = 0
        for oid in recent:
            cur.execute(TOUCH_ORDER, (k, oid))
            k += 1
        for oid in recent[::2]:
            cur.execute(TOUCH_ORDER, (k, oid))
            k += 1

        cur.execute("ANALYZE")


if __name__ == "__main__":
    import sys
    import time
    t0 = time.time()
    run(sys.argv[1] if len(sys.argv) > 1 else "host=127.0.0.1 user=postgres dbname=unseen_scratch_x_aw")
    print(f"workload done in {time.time() - t0:.2f}s")

-- The shop's everyday queries. The sandbox runs each one several times with varied parameters
-- after loading the data, so pg_stat_statements has a history to analyse. Parameters are
-- psycopg placeholders; `-- repeat: N` sets how often a query runs.

-- repeat: 60
SELECT id, status, total_amount, created_at FROM orders WHERE customer_id = %(customer_id)s ORDER BY created_at DESC LIMIT 20;

-- repeat: 30
SELECT count(*), sum(total_amount) FROM orders WHERE created_at >= now() - %(days)s * interval '1 day' AND status <> 'cancelled';

-- repeat: 20
SELECT p.category, sum(oi.quantity * oi.unit_price) AS revenue
FROM order_items oi JOIN products p ON p.id = oi.product_id JOIN orders o ON o.id = oi.order_id
WHERE o.created_at >= now() - interval '30 days'
GROUP BY p.category ORDER BY revenue DESC;

-- repeat: 40
SELECT c.id, c.full_name, c.email FROM customers c WHERE c.email = %(email)s;

-- repeat: 25
SELECT o.id, o.status, s.carrier, s.status FROM orders o JOIN shipments s ON s.order_id = o.id WHERE o.id = %(order_id)s;

-- repeat: 15
SELECT product_id, avg(rating)::numeric(3,2) AS avg_rating, count(*) FROM reviews WHERE product_id = %(product_id)s GROUP BY product_id;

-- repeat: 10
SELECT c.country, count(DISTINCT o.customer_id) AS buyers, sum(o.total_amount) AS revenue
FROM orders o JOIN customers c ON c.id = o.customer_id
WHERE o.status IN ('paid', 'shipped', 'delivered')
GROUP BY c.country ORDER BY revenue DESC;

-- repeat: 20
SELECT * FROM payments WHERE order_id = %(order_id)s;

-- repeat: 8
SELECT id, name, stock FROM products WHERE category = %(category)s AND stock < 20 ORDER BY stock;

-- repeat: 12
SELECT status, count(*) FROM orders WHERE created_at::date = current_date - 1 GROUP BY status;

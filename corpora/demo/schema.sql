-- dbcopilot demo database: a small e-commerce shop with realistic volumes and a few
-- realistic problems for the tools to find (an unindexed foreign key, a duplicate and an
-- unused index, a table whose autovacuum was switched off and that carries dead tuples).
-- Data is generated in SQL, deterministically (setseed), relative to now() so questions like
-- "how many orders came in yesterday?" have answers.
SELECT setseed(0.42);

CREATE TABLE customers (
    id          bigserial PRIMARY KEY,
    email       text NOT NULL UNIQUE,
    full_name   text NOT NULL,
    country     text NOT NULL,
    city        text NOT NULL,
    segment     text NOT NULL CHECK (segment IN ('consumer', 'business', 'vip')),
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
    id          bigserial PRIMARY KEY,
    sku         text NOT NULL UNIQUE,
    name        text NOT NULL,
    category    text NOT NULL,
    price       numeric(10,2) NOT NULL CHECK (price > 0),
    stock       integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
    id            bigserial PRIMARY KEY,
    customer_id   bigint NOT NULL REFERENCES customers(id),
    status        text NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')),
    total_amount  numeric(12,2) NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL,
    shipped_at    timestamptz
);

CREATE TABLE order_items (
    id          bigserial PRIMARY KEY,
    order_id    bigint NOT NULL REFERENCES orders(id),
    product_id  bigint NOT NULL REFERENCES products(id),
    quantity    integer NOT NULL CHECK (quantity > 0),
    unit_price  numeric(10,2) NOT NULL
);

CREATE TABLE payments (
    id        bigserial PRIMARY KEY,
    order_id  bigint NOT NULL REFERENCES orders(id),
    method    text NOT NULL CHECK (method IN ('card', 'paypal', 'bank_transfer', 'gift_card')),
    amount    numeric(12,2) NOT NULL,
    status    text NOT NULL CHECK (status IN ('authorized', 'captured', 'failed', 'refunded')),
    paid_at   timestamptz NOT NULL
);

CREATE TABLE reviews (
    id           bigserial PRIMARY KEY,
    product_id   bigint NOT NULL REFERENCES products(id),
    customer_id  bigint NOT NULL REFERENCES customers(id),
    rating       smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    body         text,
    created_at   timestamptz NOT NULL
);

CREATE TABLE shipments (
    id          bigserial PRIMARY KEY,
    order_id    bigint NOT NULL REFERENCES orders(id),
    carrier     text NOT NULL,
    tracking_no text NOT NULL,
    status      text NOT NULL CHECK (status IN ('label_created', 'in_transit', 'delivered', 'lost')),
    updated_at  timestamptz NOT NULL
);

-- ---------------------------------------------------------------- data
INSERT INTO customers (email, full_name, country, city, segment, created_at)
SELECT 'customer' || g || '@example.com',
       (ARRAY['Ana','Ben','Chen','Dara','Eli','Fatima','Goran','Hana','Ivan','Julia','Kofi','Lena','Mateo','Nora','Omar','Priya'])[1 + (g % 16)]
         || ' ' || (ARRAY['Silva','Smith','Wang','Kim','Cohen','Haddad','Petrov','Sato','Ivanov','Novak','Mensah','Berg','Rossi','Lind','Aziz','Rao'])[1 + ((g / 16) % 16)],
       c.country, c.city,
       CASE WHEN random() < 0.05 THEN 'vip' WHEN random() < 0.25 THEN 'business' ELSE 'consumer' END,
       now() - (random() * interval '900 days')
FROM generate_series(1, 20000) AS g
CROSS JOIN LATERAL (
    SELECT (ARRAY['Germany','France','USA','Brazil','Japan','India','Kenya','Canada'])[1 + (g % 8)] AS country,
           (ARRAY['Berlin','Paris','Austin','Recife','Osaka','Pune','Nairobi','Toronto'])[1 + (g % 8)] AS city
) AS c;

INSERT INTO products (sku, name, category, price, stock, created_at)
SELECT 'SKU-' || lpad(g::text, 5, '0'),
       initcap(adj) || ' ' || noun || ' ' || g,
       cat,
       round((5 + random() * 495)::numeric, 2),
       (random() * 500)::int,
       now() - (random() * interval '1200 days')
FROM generate_series(1, 2000) AS g
CROSS JOIN LATERAL (
    SELECT (ARRAY['compact','classic','ultra','eco','smart','pro'])[1 + (g % 6)] AS adj,
           (ARRAY['lamp','kettle','backpack','keyboard','jacket','blender','monitor','sneaker','tent','chair'])[1 + (g % 10)] AS noun,
           (ARRAY['home','kitchen','outdoor','electronics','fashion','office'])[1 + (g % 6)] AS cat
) AS p;

-- orders: 120k over the last 365 days, denser recently, a few every hour of today and yesterday
INSERT INTO orders (customer_id, status, total_amount, created_at, shipped_at)
SELECT 1 + (random() * 19999)::bigint,
       s.status,
       0,
       t.created_at,
       CASE WHEN s.status IN ('shipped', 'delivered') THEN t.created_at + (random() * interval '4 days') END
FROM generate_series(1, 120000) AS g
CROSS JOIN LATERAL (SELECT now() - (power(random(), 1.6) * interval '365 days') AS created_at WHERE g > 0) AS t  -- g keeps it per row
CROSS JOIN LATERAL (
    SELECT CASE
             WHEN t.created_at > now() - interval '1 day' THEN (ARRAY['pending','paid','paid','shipped'])[1 + (g % 4)]
             ELSE (ARRAY['delivered','delivered','delivered','shipped','cancelled','refunded','paid'])[1 + (g % 7)]
           END AS status
) AS s;

INSERT INTO order_items (order_id, product_id, quantity, unit_price)
SELECT o.id, pr.id, 1 + (random() * 3)::int, pr.price
FROM orders o
CROSS JOIN LATERAL generate_series(1, 1 + (o.id % 4)::int) AS n
JOIN products pr ON pr.id = 1 + ((o.id * 7919 + n * 104729) % 2000);

UPDATE orders o SET total_amount = s.total
FROM (SELECT order_id, sum(quantity * unit_price) AS total FROM order_items GROUP BY order_id) s
WHERE s.order_id = o.id;

INSERT INTO payments (order_id, method, amount, status, paid_at)
SELECT id,
       (ARRAY['card','card','card','paypal','bank_transfer','gift_card'])[1 + (id % 6)],
       total_amount,
       CASE status WHEN 'refunded' THEN 'refunded' WHEN 'cancelled' THEN 'failed' ELSE 'captured' END,
       created_at + interval '5 minutes'
FROM orders WHERE status <> 'pending';

INSERT INTO reviews (product_id, customer_id, rating, body, created_at)
SELECT 1 + (random() * 1999)::bigint, 1 + (random() * 19999)::bigint,
       greatest(1, least(5, round(3.8 + random() * 2 - random() * 2)))::smallint,
       (ARRAY['Great value.','Broke after a week.','Exactly as described.','Shipping was slow.','Would buy again.'])[1 + (g % 5)],
       now() - (random() * interval '365 days')
FROM generate_series(1, 30000) AS g;

INSERT INTO shipments (order_id, carrier, tracking_no, status, updated_at)
SELECT id, (ARRAY['DHL','UPS','FedEx','La Poste'])[1 + (id % 4)], 'TRK' || id,
       CASE status WHEN 'delivered' THEN 'delivered' ELSE 'in_transit' END,
       coalesce(shipped_at, created_at)
FROM orders WHERE status IN ('shipped', 'delivered');

-- ---------------------------------------------------------------- indexes (some good, some not)
CREATE INDEX order_items_order_id_idx ON order_items (order_id);
CREATE INDEX payments_order_id_idx ON payments (order_id);
CREATE INDEX reviews_product_id_idx ON reviews (product_id);
CREATE INDEX customers_email_idx ON customers (email);          -- duplicates the UNIQUE constraint's index
CREATE INDEX products_stock_idx ON products (stock);            -- never used by the workload
CREATE INDEX shipments_order_status_idx ON shipments (order_id, status);
CREATE INDEX shipments_order_idx ON shipments (order_id);       -- redundant: prefix of the one above
-- deliberately missing: orders(customer_id) (unindexed foreign key), orders(created_at)

CREATE VIEW daily_revenue AS
SELECT date_trunc('day', created_at)::date AS day, count(*) AS orders, sum(total_amount) AS revenue
FROM orders WHERE status NOT IN ('cancelled', 'refunded')
GROUP BY 1;

-- TPC-H schema (PostgreSQL) with deterministic, dbgen-like data at scale factor 0.01
--   region 5, nation 25, supplier 100, part 2000, partsupp 8000,
--   customer 1500, orders 15000, lineitem ~60k (1-7 lines per order)
-- All "random" values come from md5() of a tag and the row number, so every load
-- produces exactly the same rows.  The helper functions live in pg_temp and vanish
-- with the loading session.  No extensions are used.
-- The spec's CURRENTDATE (the data's "today") is 1995-06-17: line items received on or
-- before it are flagged R/A, later ones N; items shipped after it have status O.

SET client_min_messages = warning;
SET synchronous_commit = off;

-- ---------------------------------------------------------------- helpers
-- uniform double in [0,1) derived from md5(tag || ':' || i)
CREATE FUNCTION pg_temp.rnd(tag text, i bigint) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT ('x' || substr(md5(tag || ':' || i), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- uniform integer in [lo, hi]
CREATE FUNCTION pg_temp.ri(tag text, i bigint, lo bigint, hi bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT lo + floor(pg_temp.rnd(tag, i) * (hi - lo + 1))::bigint $$;

-- dbgen-like filler text of n words (n <= 16), cut to maxlen characters
CREATE FUNCTION pg_temp.cmt(tag text, i bigint, n int, maxlen int) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS
$$
  SELECT left(string_agg(w.words[1 + get_byte(h.d, k) % cardinality(w.words)], ' ' ORDER BY k), maxlen)
  FROM (SELECT decode(md5('c' || tag || ':' || i), 'hex') AS d) h,
       (SELECT ARRAY['furiously','carefully','quickly','slyly','blithely','ironic','final',
                     'regular','express','special','pending','bold','even','silent','unusual',
                     'packages','requests','accounts','deposits','instructions','theodolites',
                     'pinto beans','foxes','ideas','dependencies','excuses','platelets',
                     'asymptotes','courts','dolphins','sleep','wake','are','cajole','haggle',
                     'nag','use','boost','affix','detect','integrate','maintain','nod','lose',
                     'sublate','solve','thrash','promise','engage','hinder','print','x-ray',
                     'breach','eat','grow','impress','mold','poach','serve','run','dazzle',
                     'snooze','doze','unwind','kindle','play','hang','believe','doubt','about',
                     'above','according to','across','after','against','along','among',
                     'around','at','before','behind','beneath','beside','between','beyond',
                     'by','despite','during','for','from','inside','into','near','of','on',
                     'outside','over','past','since','through','to','toward','under','until',
                     'upon','without','with','the','blithe','sly','furious','careful'] AS words) w,
       generate_series(0, n - 1) k
$$;

-- random alphanumeric address of 10..40 characters
CREATE FUNCTION pg_temp.addr(tag text, i bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS
$$ SELECT left(translate(md5('a' || tag || i) || md5('b' || tag || i), '0123456789abcdef', 'Q7wXe2RtYu9IoPaS'),
              pg_temp.ri('al' || tag, i, 10, 40)::int) $$;

-- ---------------------------------------------------------------- tables
CREATE TABLE region (
    r_regionkey  integer      NOT NULL,
    r_name       char(25)     NOT NULL,
    r_comment    varchar(152)
);

CREATE TABLE nation (
    n_nationkey  integer      NOT NULL,
    n_name       char(25)     NOT NULL,
    n_regionkey  integer      NOT NULL,
    n_comment    varchar(152)
);

CREATE TABLE supplier (
    s_suppkey    integer        NOT NULL,
    s_name       char(25)       NOT NULL,
    s_address    varchar(40)    NOT NULL,
    s_nationkey  integer        NOT NULL,
    s_phone      char(15)       NOT NULL,
    s_acctbal    numeric(15,2)  NOT NULL,
    s_comment    varchar(101)   NOT NULL
);

CREATE TABLE customer (
    c_custkey    integer        NOT NULL,
    c_name       varchar(25)    NOT NULL,
    c_address    varchar(40)    NOT NULL,
    c_nationkey  integer        NOT NULL,
    c_phone      char(15)       NOT NULL,
    c_acctbal    numeric(15,2)  NOT NULL,
    c_mktsegment char(10)       NOT NULL,
    c_comment    varchar(117)   NOT NULL
);

CREATE TABLE part (
    p_partkey     integer        NOT NULL,
    p_name        varchar(55)    NOT NULL,
    p_mfgr        char(25)       NOT NULL,
    p_brand       char(10)       NOT NULL,
    p_type        varchar(25)    NOT NULL,
    p_size        integer        NOT NULL,
    p_container   char(10)       NOT NULL,
    p_retailprice numeric(15,2)  NOT NULL,
    p_comment     varchar(23)    NOT NULL
);

CREATE TABLE partsupp (
    ps_partkey    integer        NOT NULL,
    ps_suppkey    integer        NOT NULL,
    ps_availqty   integer        NOT NULL,
    ps_supplycost numeric(15,2)  NOT NULL,
    ps_comment    varchar(199)   NOT NULL
);

CREATE TABLE orders (
    o_orderkey      integer        NOT NULL,
    o_custkey       integer        NOT NULL,
    o_orderstatus   char(1)        NOT NULL,
    o_totalprice    numeric(15,2)  NOT NULL,
    o_orderdate     date           NOT NULL,
    o_orderpriority char(15)       NOT NULL,
    o_clerk         char(15)       NOT NULL,
    o_shippriority  integer        NOT NULL,
    o_comment       varchar(79)    NOT NULL
);

CREATE TABLE lineitem (
    l_orderkey      integer        NOT NULL,
    l_partkey       integer        NOT NULL,
    l_suppkey       integer        NOT NULL,
    l_linenumber    integer        NOT NULL,
    l_quantity      numeric(15,2)  NOT NULL,
    l_extendedprice numeric(15,2)  NOT NULL,
    l_discount      numeric(15,2)  NOT NULL,
    l_tax           numeric(15,2)  NOT NULL,
    l_returnflag    char(1)        NOT NULL,
    l_linestatus    char(1)        NOT NULL,
    l_shipdate      date           NOT NULL,
    l_commitdate    date           NOT NULL,
    l_receiptdate   date           NOT NULL,
    l_shipinstruct  char(25)       NOT NULL,
    l_shipmode      char(10)       NOT NULL,
    l_comment       varchar(44)    NOT NULL
);

-- ---------------------------------------------------------------- data
INSERT INTO region (r_regionkey, r_name, r_comment)
SELECT k - 1, v, pg_temp.cmt('r', k, 10, 152)
FROM unnest(ARRAY['AFRICA','AMERICA','ASIA','EUROPE','MIDDLE EAST']) WITH ORDINALITY AS t(v, k);

INSERT INTO nation (n_nationkey, n_name, n_regionkey, n_comment)
SELECT t.k, t.n, t.r, pg_temp.cmt('n', t.k, 10, 152)
FROM (VALUES (0,'ALGERIA',0),(1,'ARGENTINA',1),(2,'BRAZIL',1),(3,'CANADA',1),(4,'EGYPT',4),
             (5,'ETHIOPIA',0),(6,'FRANCE',3),(7,'GERMANY',3),(8,'INDIA',2),(9,'INDONESIA',2),
             (10,'IRAN',4),(11,'IRAQ',4),(12,'JAPAN',2),(13,'JORDAN',4),(14,'KENYA',0),
             (15,'MOROCCO',0),(16,'MOZAMBIQUE',0),(17,'PERU',1),(18,'CHINA',2),(19,'ROMANIA',3),
             (20,'SAUDI ARABIA',4),(21,'VIETNAM',2),(22,'RUSSIA',3),(23,'UNITED KINGDOM',3),
             (24,'UNITED STATES',1)) AS t(k, n, r);

INSERT INTO supplier
SELECT i,
       'Supplier#' || lpad(i::text, 9, '0'),
       pg_temp.addr('s', i),
       nk,
       (nk + 10) || '-' || pg_temp.ri('sp1', i, 100, 999) || '-' || pg_temp.ri('sp2', i, 100, 999)
                 || '-' || pg_temp.ri('sp3', i, 1000, 9999),
       pg_temp.ri('sb', i, -99999, 999999) / 100.0,
       pg_temp.cmt('s', i, 9, 101)
FROM (SELECT i, pg_temp.ri('sn', i, 0, 24) AS nk FROM generate_series(1, 100) i) s;

INSERT INTO customer
SELECT i,
       'Customer#' || lpad(i::text, 9, '0'),
       pg_temp.addr('c', i),
       nk,
       (nk + 10) || '-' || pg_temp.ri('cp1', i, 100, 999) || '-' || pg_temp.ri('cp2', i, 100, 999)
                 || '-' || pg_temp.ri('cp3', i, 1000, 9999),
       pg_temp.ri('cb', i, -99999, 999999) / 100.0,
       (ARRAY['AUTOMOBILE','BUILDING','FURNITURE','MACHINERY','HOUSEHOLD'])[pg_temp.ri('cm', i, 1, 5)],
       pg_temp.cmt('c', i, 10, 117)
FROM (SELECT i, pg_temp.ri('cn', i, 0, 24) AS nk FROM generate_series(1, 1500) i) s;

INSERT INTO part
SELECT i,
       -- five distinct colour words in random order (colours sorted by a per-part hash)
       (SELECT string_agg(c.w, ' ' ORDER BY c.h)
        FROM (SELECT w, md5('pn:' || i || ':' || w) AS h
              FROM unnest(ARRAY['almond','antique','aquamarine','azure','beige','bisque','black',
               'blanched','blue','blush','brown','burlywood','burnished','chartreuse','chiffon',
               'chocolate','coral','cornflower','cornsilk','cream','cyan','dark','deep','dim',
               'dodger','drab','firebrick','floral','forest','frosted','gainsboro','ghost',
               'goldenrod','green','grey','honeydew','hot','indian','ivory','khaki','lace',
               'lavender','lawn','lemon','light','lime','linen','magenta','maroon','medium',
               'metallic','midnight','mint','misty','moccasin','navajo','navy','olive','orange',
               'orchid','pale','papaya','peach','peru','pink','plum','powder','puff','purple',
               'red','rose','rosy','royal','saddle','salmon','sandy','seashell','sienna','sky',
               'slate','smoke','snow','spring','steel','tan','thistle','tomato','turquoise',
               'violet','wheat','white','yellow']) AS w
              ORDER BY h LIMIT 5) c),
       'Manufacturer#' || m,
       'Brand#' || m || pg_temp.ri('pb', i, 1, 5),
       (ARRAY['STANDARD','SMALL','MEDIUM','LARGE','ECONOMY','PROMO'])[pg_temp.ri('pt1', i, 1, 6)] || ' ' ||
       (ARRAY['ANODIZED','BURNISHED','PLATED','POLISHED','BRUSHED'])[pg_temp.ri('pt2', i, 1, 5)] || ' ' ||
       (ARRAY['TIN','NICKEL','BRASS','STEEL','COPPER'])[pg_temp.ri('pt3', i, 1, 5)],
       pg_temp.ri('ps', i, 1, 50),
       (ARRAY['SM','LG','MED','JUMBO','WRAP'])[pg_temp.ri('pc1', i, 1, 5)] || ' ' ||
       (ARRAY['CASE','BOX','BAG','JAR','PKG','PACK','CAN','DRUM'])[pg_temp.ri('pc2', i, 1, 8)],
       (90000 + ((i / 10) % 20001) + 100 * (i % 1000)) / 100.0,
       pg_temp.cmt('p', i, 4, 23)
FROM (SELECT i,
             pg_temp.ri('pm', i, 1, 5) AS m
      FROM generate_series(1, 2000) i) s;

-- four suppliers per part, chosen with dbgen's formula (S = 100 suppliers)
INSERT INTO partsupp
SELECT p, (p + (j * (25 + (p - 1) / 100))) % 100 + 1,
       pg_temp.ri('pq', p * 4 + j, 1, 9999),
       pg_temp.ri('pz', p * 4 + j, 100, 100000) / 100.0,
       pg_temp.cmt('ps', p * 4 + j, 14, 199)
FROM generate_series(1, 2000) p, generate_series(0, 3) j;

-- order skeletons: sparse keys (8 used out of every 32), customers whose key is not a multiple of 3
CREATE TEMP TABLE tmp_o AS
SELECT i,
       ((i - 1) / 8) * 32 + ((i - 1) % 8) + 1                           AS okey,
       3 * (cj / 2) + 1 + (cj % 2)                                      AS ckey,
       date '1992-01-01' + pg_temp.ri('od', i, 0, 2405)::int           AS odate,
       pg_temp.ri('nl', i, 1, 7)                                        AS nlines
FROM (SELECT i, pg_temp.ri('oc', i, 0, 999) AS cj FROM generate_series(1, 15000) i) s;

INSERT INTO lineitem
SELECT okey, pk, sk, ln, qty, ext, disc, tax,
       CASE WHEN rcpt <= date '1995-06-17'
            THEN CASE WHEN pg_temp.rnd('lr', id) < 0.5 THEN 'R' ELSE 'A' END
            ELSE 'N' END,
       CASE WHEN ship > date '1995-06-17' THEN 'O' ELSE 'F' END,
       ship, cmt, rcpt,
       (ARRAY['DELIVER IN PERSON','COLLECT COD','NONE','TAKE BACK RETURN'])[pg_temp.ri('li', id, 1, 4)],
       (ARRAY['REG AIR','AIR','RAIL','SHIP','TRUCK','MAIL','FOB'])[pg_temp.ri('lm', id, 1, 7)],
       pg_temp.cmt('l', id, 5, 44)
FROM (
    SELECT o.okey, x.ln, x.id, x.pk,
           (x.pk + (pg_temp.ri('lsj', x.id, 0, 3) * (25 + (x.pk - 1) / 100))) % 100 + 1 AS sk,
           x.qty,
           x.qty * p.p_retailprice                                     AS ext,
           pg_temp.ri('ld', x.id, 0, 10) / 100.0                       AS disc,
           pg_temp.ri('lt', x.id, 0, 8) / 100.0                        AS tax,
           x.ship,
           o.odate + pg_temp.ri('lc', x.id, 30, 90)::int                 AS cmt,
           x.ship + pg_temp.ri('le', x.id, 1, 30)::int                   AS rcpt
    FROM tmp_o o
    CROSS JOIN LATERAL (
        SELECT ln, o.i * 8 + ln AS id,
               pg_temp.ri('lp', o.i * 8 + ln, 1, 2000)::int AS pk,
               pg_temp.ri('lq', o.i * 8 + ln, 1, 50)       AS qty,
               o.odate + pg_temp.ri('ls', o.i * 8 + ln, 1, 121)::int AS ship
        FROM generate_series(1, o.nlines::int) ln) x
    JOIN part p ON p.p_partkey = x.pk
) l
ORDER BY okey, ln;

INSERT INTO orders
SELECT o.okey, o.ckey,
       CASE WHEN a.n_f = a.n THEN 'F' WHEN a.n_f = 0 THEN 'O' ELSE 'P' END,
       a.total,
       o.odate,
       (ARRAY['1-URGENT','2-HIGH','3-MEDIUM','4-NOT SPECIFIED','5-LOW'])[pg_temp.ri('op', o.i, 1, 5)],
       'Clerk#' || lpad(pg_temp.ri('ok', o.i, 1, 10)::text, 9, '0'),
       0,
       pg_temp.cmt('o', o.i, 8, 79)
FROM tmp_o o
JOIN (SELECT l_orderkey,
             count(*)                                                   AS n,
             count(*) FILTER (WHERE l_linestatus = 'F')                 AS n_f,
             round(sum(l_extendedprice * (1 + l_tax) * (1 - l_discount)), 2) AS total
      FROM lineitem GROUP BY l_orderkey) a ON a.l_orderkey = o.okey
ORDER BY o.okey;

DROP TABLE tmp_o;

-- ---------------------------------------------------------------- keys and indexes
ALTER TABLE region   ADD CONSTRAINT region_pkey   PRIMARY KEY (r_regionkey);
ALTER TABLE nation   ADD CONSTRAINT nation_pkey   PRIMARY KEY (n_nationkey);
ALTER TABLE supplier ADD CONSTRAINT supplier_pkey PRIMARY KEY (s_suppkey);
ALTER TABLE customer ADD CONSTRAINT customer_pkey PRIMARY KEY (c_custkey);
ALTER TABLE part     ADD CONSTRAINT part_pkey     PRIMARY KEY (p_partkey);
ALTER TABLE partsupp ADD CONSTRAINT partsupp_pkey PRIMARY KEY (ps_partkey, ps_suppkey);
ALTER TABLE orders   ADD CONSTRAINT orders_pkey   PRIMARY KEY (o_orderkey);
ALTER TABLE lineitem ADD CONSTRAINT lineitem_pkey PRIMARY KEY (l_orderkey, l_linenumber);

ALTER TABLE nation   ADD CONSTRAINT nation_regionkey_fkey   FOREIGN KEY (n_regionkey) REFERENCES region (r_regionkey);
ALTER TABLE supplier ADD CONSTRAINT supplier_nationkey_fkey FOREIGN KEY (s_nationkey) REFERENCES nation (n_nationkey);
ALTER TABLE customer ADD CONSTRAINT customer_nationkey_fkey FOREIGN KEY (c_nationkey) REFERENCES nation (n_nationkey);
ALTER TABLE partsupp ADD CONSTRAINT partsupp_partkey_fkey   FOREIGN KEY (ps_partkey)  REFERENCES part (p_partkey);
ALTER TABLE partsupp ADD CONSTRAINT partsupp_suppkey_fkey   FOREIGN KEY (ps_suppkey)  REFERENCES supplier (s_suppkey);
ALTER TABLE orders   ADD CONSTRAINT orders_custkey_fkey     FOREIGN KEY (o_custkey)   REFERENCES customer (c_custkey);
ALTER TABLE lineitem ADD CONSTRAINT lineitem_orderkey_fkey  FOREIGN KEY (l_orderkey)  REFERENCES orders (o_orderkey);
ALTER TABLE lineitem ADD CONSTRAINT lineitem_partsupp_fkey  FOREIGN KEY (l_partkey, l_suppkey)
                                                            REFERENCES partsupp (ps_partkey, ps_suppkey);

CREATE INDEX idx_nation_regionkey   ON nation   (n_regionkey);
CREATE INDEX idx_supplier_nationkey ON supplier (s_nationkey);
CREATE INDEX idx_customer_nationkey ON customer (c_nationkey);
CREATE INDEX idx_partsupp_suppkey   ON partsupp (ps_suppkey);
CREATE INDEX idx_orders_custkey     ON orders   (o_custkey);
CREATE INDEX idx_orders_orderdate   ON orders   (o_orderdate);
CREATE INDEX idx_lineitem_part_supp ON lineitem (l_partkey, l_suppkey);
CREATE INDEX idx_lineitem_shipdate  ON lineitem (l_shipdate);

-- ---------------------------------------------------------------- comments (meaning from the TPC-H spec)
COMMENT ON TABLE lineitem IS 'One row per line of an order (TPC-H LINEITEM).';
COMMENT ON COLUMN lineitem.l_returnflag IS 'Return flag: R = returned, A = accepted (received, not returned), N = not yet received (receipt date after 1995-06-17)';
COMMENT ON COLUMN lineitem.l_linestatus IS 'Line status: O = open (not shipped yet as of 1995-06-17), F = fulfilled (shipped)';
COMMENT ON COLUMN lineitem.l_extendedprice IS 'Quantity times the part''s retail price, before discount and tax';
COMMENT ON COLUMN lineitem.l_discount IS 'Discount as a fraction between 0.00 and 0.10 (0.05 = 5 %); revenue = l_extendedprice * (1 - l_discount)';
COMMENT ON COLUMN lineitem.l_tax IS 'Tax as a fraction between 0.00 and 0.08';
COMMENT ON COLUMN lineitem.l_commitdate IS 'Date the delivery was promised for; received after this date = late';
COMMENT ON COLUMN orders.o_orderstatus IS 'Order status: F = all line items fulfilled (status F), O = all line items open (status O), P = partially fulfilled';
COMMENT ON COLUMN orders.o_orderpriority IS 'Priority: 1-URGENT, 2-HIGH, 3-MEDIUM, 4-NOT SPECIFIED, 5-LOW';
COMMENT ON COLUMN orders.o_totalprice IS 'Sum over the order''s lines of extendedprice * (1 + tax) * (1 - discount)';
COMMENT ON COLUMN partsupp.ps_supplycost IS 'Cost per unit charged by this supplier for this part';
COMMENT ON COLUMN partsupp.ps_availqty IS 'Units of the part this supplier has available';
COMMENT ON COLUMN customer.c_mktsegment IS 'Market segment: AUTOMOBILE, BUILDING, FURNITURE, MACHINERY, HOUSEHOLD';

ANALYZE;

-- =====================================================================
--  Northlight Live Ltd. -- ticketing database (tkt_prod)
--  Regional concert & event ticketing, North-West England.
--  Schemas:
--    catalog  : venues, performers, events, line-ups, price bands
--    sales    : customers, orders, tickets, refunds
--    gate     : door scans from the handheld scanners
--    finance  : promoters and their settlements
--  Data snapshot ends 2024-06-30 23:59 (business "today" = Mon 2024-07-01).
--  All timestamps are UK local wall-clock time (timestamp without time zone).
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA catalog;
CREATE SCHEMA sales;
CREATE SCHEMA gate;
CREATE SCHEMA finance;

-- helpers for deterministic pseudo-random data (session-local, not part of the app)
CREATE FUNCTION pg_temp.h(t text) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$ SELECT ('x' || substr(md5(t), 1, 8))::bit(32)::bigint $$;
-- k-th 24-bit slice (k = 0..4) of an md5 hex string
CREATE FUNCTION pg_temp.p(m text, k int) RETURNS int
    LANGUAGE sql IMMUTABLE AS $$ SELECT ('x' || substr(m, 1 + 6 * k, 6))::bit(24)::int $$;

-- ---------------------------------------------------------------------
-- finance.promoters
-- ---------------------------------------------------------------------
CREATE TABLE finance.promoters (
    promoter_id   integer PRIMARY KEY,
    promoter_name text    NOT NULL,
    share_pct     numeric(5,2) NOT NULL,
    contact_email text,
    vat_reg_no    varchar(14),
    is_active     boolean NOT NULL DEFAULT true,
    created_on    date    NOT NULL
);
COMMENT ON TABLE  finance.promoters IS 'Promoters who book acts into our venues; we sell the tickets and pay them a share.';
COMMENT ON COLUMN finance.promoters.share_pct IS 'Percent of net ticket revenue (price paid on valid tickets, excluding booking fees) paid to the promoter at settlement.';
COMMENT ON COLUMN finance.promoters.is_active IS 'false = promoter no longer books with us (kept for history).';

INSERT INTO finance.promoters VALUES
 (1,  'Redbrick Promotions',        70.00, 'bookings@redbrickpromo.co.uk',  'GB284117362', true,  '2016-03-01'),
 (2,  'Mersey Sound Live',          72.50, 'hello@merseysoundlive.com',     'GB301552018', true,  '2016-03-01'),
 (3,  'Pennine Touring Co',         65.00, 'office@penninetouring.co.uk',   'GB193044871', true,  '2016-09-12'),
 (4,  'Ribble Valley Events',       60.00, 'events@ribblevalley-ev.co.uk',  NULL,          true,  '2017-02-20'),
 (5,  'Northern Laughs',            75.00, 'gigs@northernlaughs.com',       'GB412339051', true,  '2017-05-05'),
 (6,  'Bluebell Jazz Society',      55.00, 'secretary@bluebelljazz.org.uk', NULL,          true,  '2017-11-30'),
 (7,  'Vinyl Revival Presents',     68.00, 'info@vinylrevival.co.uk',       'GB377120944', true,  '2018-01-15'),
 (8,  'Coastline Concerts',         70.00, 'team@coastlineconcerts.com',    'GB288816305', true,  '2018-06-01'),
 (9,  'Cheshire Classics Trust',    58.50, 'admin@cheshireclassics.org',    NULL,          true,  '2018-09-10'),
 (10, 'Basement Sessions',          66.00, 'crew@basementsessions.co.uk',   'GB455020117', true,  '2019-02-01'),
 (11, 'Lantern Festival Group',     62.00, 'ops@lanternfestivals.co.uk',    'GB460882731', true,  '2019-04-22'),
 (12, 'Kingsway Entertainment',     80.00, 'accounts@kingswayent.com',      'GB198273640', true,  '2019-07-01'),
 (13, 'Two Rivers Music',           64.00, 'hi@tworiversmusic.co.uk',       NULL,          true,  '2020-10-05'),
 (14, 'Grit & Glitter Productions', 69.00, 'book@gritandglitter.co.uk',     'GB502911458', true,  '2021-03-18'),
 (15, 'Saltmarsh Folk Club',        57.00, 'folk@saltmarsh.org.uk',         NULL,          true,  '2021-08-09'),
 (16, 'Dockside Promotions',        71.00, 'info@docksidepromo.co.uk',      'GB266371590', false, '2016-03-01'),
 (17, 'Moorland Music Agency',      63.00, NULL,                            NULL,          false, '2017-04-11'),
 (18, 'Eastgate Live',              67.50, 'contact@eastgatelive.com',      'GB311902876', false, '2018-12-03');

-- ---------------------------------------------------------------------
-- catalog.venues
-- ---------------------------------------------------------------------
CREATE TABLE catalog.venues (
    venue_id   integer PRIMARY KEY,
    venue_nm   text     NOT NULL,
    city       text     NOT NULL,
    venue_type char(1)  NOT NULL,
    capacity   integer  NOT NULL,
    num_gates  smallint NOT NULL,
    opened_yr  smallint
);
COMMENT ON COLUMN catalog.venues.venue_type IS 'A = arena, T = theatre (all seated), C = club / small standing room, O = outdoor site (used May-September only)';
COMMENT ON COLUMN catalog.venues.capacity IS 'Licensed capacity (max people admitted).';
COMMENT ON COLUMN catalog.venues.num_gates IS 'Number of entry gates with scanners.';

INSERT INTO catalog.venues VALUES
 (1,  'The Cotton Rooms',        'Manchester', 'C',  450, 2, 2009),
 (2,  'Ropewalk Club',           'Liverpool',  'C',  350, 1, 1998),
 (3,  'The Foundry',             'Bolton',     'C',  600, 2, 2014),
 (4,  'Harbour Lights',          'Blackpool',  'C',  250, 1, 2011),
 (5,  'Canal Street Social',     'Manchester', 'C',  500, 2, 2017),
 (6,  'Grand Pavilion Theatre',  'Blackpool',  'T', 1450, 3, 1894),
 (7,  'Chester Playhouse',       'Chester',    'T',  900, 2, 1936),
 (8,  'Lancaster Corn Exchange', 'Lancaster',  'T', 1100, 2, 1909),
 (9,  'Empress Hall',            'Liverpool',  'T', 1800, 4, 1925),
 (10, 'Northway Arena',          'Manchester', 'A', 5500, 8, 2006),
 (11, 'Castle Field',            'Lancaster',  'O', 9000, 6, NULL),
 (12, 'Pier Head Green',         'Liverpool',  'O', 4000, 4, NULL);

-- ---------------------------------------------------------------------
-- catalog.performers
-- ---------------------------------------------------------------------
CREATE TABLE catalog.performers (
    perf_id     integer PRIMARY KEY,
    perf_name   text    NOT NULL,
    genre_cd    char(3) NOT NULL,
    home_city   text,
    agent_email text,
    created_at  timestamp NOT NULL
);
COMMENT ON COLUMN catalog.performers.genre_cd IS 'ROK = rock/indie, POP = pop, JAZ = jazz & blues, CLS = classical, HHP = hip-hop/rap, ELC = electronic/dance, FLK = folk/acoustic, CMD = stand-up comedy';
COMMENT ON COLUMN catalog.performers.agent_email IS 'Booking agent contact; NULL = self-managed / not on file.';

INSERT INTO catalog.performers
SELECT i,
       CASE WHEN g IN ('CMD','CLS','FLK','JAZ')
            THEN (ARRAY['Amelia','Callum','Priya','Declan','Rosie','Tariq','Niamh','Owen','Freya','Kwame',
                        'Isla','Rhys','Maya','Connor','Esme','Jonah','Leah','Felix','Hana','Alfie'])[i % 20 + 1]
                 || ' ' ||
                 (ARRAY['Hartley','Okafor','Brennan','Whitfield','Nakamura','Doyle','Ashworth','Kaur','Lindqvist','Pryce',
                        'Moreno','Gallagher','Fairbairn','Quayle','Osei','Rutherford','Mbeki','Thornley','Castellan','Byrne'])[(i / 20) % 20 + 1]
                 || CASE WHEN g = 'JAZ' AND i % 3 = 0 THEN ' Quartet'
                         WHEN g = 'JAZ' AND i % 3 = 1 THEN ' Trio'
                         WHEN g = 'CLS' AND i % 4 = 0 THEN ' Ensemble' ELSE '' END
            ELSE 'The ' ||
                 (ARRAY['Velvet','Northern','Paper','Electric','Silver','Wild','Hollow','Neon','Copper','Midnight',
                        'Crooked','Golden','Static','Lonely','Scarlet','Broken','Violet','Iron','Sleepy','Atomic'])[i % 20 + 1]
                 || ' ' ||
                 (ARRAY['Foxes','Lanterns','Harbours','Saints','Pylons','Orchards','Mirrors','Sparrows','Engines','Tides',
                        'Kites','Wolves','Arcades','Ghosts','Rivers','Comets','Anchors','Pilots','Statues','Lights'])[(i / 20) % 20 + 1]
       END,
       g,
       (ARRAY['Manchester','Liverpool','Leeds','Glasgow','London','Sheffield','Preston','Dublin','Newcastle','Bristol',
              'Birmingham','Lancaster'])[pg_temp.h('pc' || i) % 12 + 1],
       CASE WHEN pg_temp.h('pa' || i) % 100 < 27 THEN NULL
            ELSE (ARRAY['bookings@crescentagency.co.uk','music@tidewateragents.com','live@brightsidemgmt.co.uk',
                        'team@fourthwallartists.com','agents@kestrelbookings.co.uk'])[pg_temp.h('pe' || i) % 5 + 1]
       END,
       timestamp '2016-01-01' + (i * 9) * interval '1 day' + (pg_temp.h('pt' || i) % 600) * interval '1 minute'
FROM (SELECT i,
             (ARRAY['ROK','ROK','ROK','POP','POP','JAZ','CLS','HHP','ELC','FLK','FLK','CMD','CMD','ROK','POP'])
                 [pg_temp.h('pg' || i) % 15 + 1] AS g
      FROM generate_series(1, 240) i) s;

-- ---------------------------------------------------------------------
-- catalog.events
-- ---------------------------------------------------------------------
CREATE TYPE catalog.event_status AS ENUM ('announced', 'on_sale', 'sold_out', 'postponed', 'cancelled', 'completed');

CREATE TABLE catalog.events (
    event_id     integer PRIMARY KEY,
    venue_id     integer   NOT NULL,
    promoter_id  integer   NOT NULL,
    headliner_id integer   NOT NULL,
    event_title  text      NOT NULL,
    starts_at    timestamp NOT NULL,
    doors_at     time,
    min_age      smallint,
    status       catalog.event_status NOT NULL,
    on_sale_at   timestamp,
    created_at   timestamp NOT NULL DEFAULT now()
);
COMMENT ON COLUMN catalog.events.headliner_id IS 'Top-billed act; support acts are in catalog.event_lineup.';
COMMENT ON COLUMN catalog.events.min_age IS 'Minimum age for entry; NULL = all ages.';
COMMENT ON COLUMN catalog.events.status IS 'announced = not yet on sale; on_sale; completed = took place; cancelled = called off, all tickets refunded.';

CREATE TEMP TABLE t_ev AS
SELECT i AS event_id, d, vr, m,
       CASE WHEN v IN (11, 12) AND extract(month FROM d) NOT BETWEEN 5 AND 9 THEN 6 ELSE v END AS venue_id
FROM (
    SELECT i, d, m, pg_temp.p(m, 0) % 100 AS vr,
           CASE WHEN pg_temp.p(m, 0) % 100 < 17 THEN 1
                WHEN pg_temp.p(m, 0) % 100 < 31 THEN 2
                WHEN pg_temp.p(m, 0) % 100 < 44 THEN 3
                WHEN pg_temp.p(m, 0) % 100 < 54 THEN 4
                WHEN pg_temp.p(m, 0) % 100 < 63 THEN 5
                WHEN pg_temp.p(m, 0) % 100 < 71 THEN 6
                WHEN pg_temp.p(m, 0) % 100 < 78 THEN 7
                WHEN pg_temp.p(m, 0) % 100 < 85 THEN 8
                WHEN pg_temp.p(m, 0) % 100 < 92 THEN 9
                WHEN pg_temp.p(m, 0) % 100 < 96 THEN 10
                WHEN pg_temp.p(m, 0) % 100 < 98 THEN 11
                ELSE 12 END AS v
    FROM (SELECT i, date '2022-01-07' + floor((i - 1) * 997.0 / 449)::int AS d, md5('event-' || i) AS m
          FROM generate_series(1, 450) i) a
) b;

ALTER TABLE t_ev ADD COLUMN vtype char(1), ADD COLUMN cap int, ADD COLUMN st numeric, ADD COLUMN starts timestamp,
                 ADD COLUMN status catalog.event_status, ADD COLUMN base numeric;
UPDATE t_ev e SET vtype = v.venue_type, cap = v.capacity,
       st = 0.30 + (pg_temp.p(e.m, 1) % 60) / 100.0,
       starts = e.d + CASE WHEN v.venue_type = 'O' THEN time '15:00'
                           ELSE (ARRAY[time '19:00', time '19:30', time '20:00'])[pg_temp.p(e.m, 2) % 3 + 1] END,
       status = CASE WHEN e.d > date '2024-09-15' THEN 'announced'::catalog.event_status
                     WHEN e.d > date '2024-06-30' THEN 'on_sale'
                     WHEN pg_temp.p(e.m, 3) % 100 < 4 THEN 'cancelled'
                     ELSE 'completed' END,
       base = CASE v.venue_type WHEN 'C' THEN 12 + pg_temp.p(e.m, 4) % 24
                                WHEN 'T' THEN 22 + pg_temp.p(e.m, 4) % 39
                                WHEN 'A' THEN 35 + pg_temp.p(e.m, 4) % 51
                                ELSE 45 + pg_temp.p(e.m, 4) % 51 END
              + CASE WHEN pg_temp.p(e.m, 1) % 2 = 1 THEN 0.50 ELSE 0 END
FROM catalog.venues v WHERE v.venue_id = e.venue_id;

INSERT INTO catalog.events
SELECT e.event_id, e.venue_id,
       CASE WHEN pr IN (16, 17, 18) AND e.d > date '2023-05-31' THEN 1 + (pg_temp.h('pr2-' || e.event_id) % 15)::int
            ELSE pr END,
       hl,
       p.perf_name || (ARRAY[' Live', ': The ' || extract(year FROM e.d) || ' Tour', ' in Concert', ' - Up Close',
                             ' Live', ': Homecoming Show', ' + Guests'])[pg_temp.h('tt' || e.event_id) % 7 + 1],
       e.starts, (e.starts - interval '1 hour')::time,
       CASE WHEN e.vtype = 'C' THEN 18 WHEN pg_temp.h('age' || e.event_id) % 5 = 0 THEN 14 END,
       e.status,
       (e.d - 120) + time '10:00',
       (e.d - 131) + time '09:00' + (pg_temp.h('cr' || e.event_id) % 480) * interval '1 minute'
FROM (SELECT e.*, 1 + (pg_temp.h('prom-' || e.event_id) % 18)::int AS pr,
             1 + (pg_temp.h('head-' || e.event_id) % 240)::int AS hl
      FROM t_ev e) e
JOIN catalog.performers p ON p.perf_id = e.hl;

-- ---------------------------------------------------------------------
-- catalog.event_lineup (support acts)
-- ---------------------------------------------------------------------
CREATE TABLE catalog.event_lineup (
    event_id integer  NOT NULL,
    slot_no  smallint NOT NULL,
    perf_id  integer  NOT NULL,
    set_mins smallint,
    fee_gbp  numeric(8,2),
    PRIMARY KEY (event_id, slot_no)
);
COMMENT ON TABLE  catalog.event_lineup IS 'Support acts per event (the headliner is catalog.events.headliner_id).';
COMMENT ON COLUMN catalog.event_lineup.slot_no IS '1 = first act on stage (opener); higher numbers play later, just before the headliner.';
COMMENT ON COLUMN catalog.event_lineup.fee_gbp IS 'Flat fee paid to the support act by the promoter; NULL = not recorded.';

INSERT INTO catalog.event_lineup
SELECT e.event_id, s,
       1 + ((pg_temp.h('sup-' || e.event_id || '-' || s) % 239 + e.headliner_id) % 240)::int,
       (ARRAY[20, 25, 30, 30, 40, 45])[pg_temp.h('sm' || e.event_id || s) % 6 + 1],
       CASE WHEN pg_temp.h('sf' || e.event_id || s) % 10 < 2 THEN NULL
            ELSE 150 + (pg_temp.h('sf' || e.event_id || s) % 18) * 25 END
FROM catalog.events e
CROSS JOIN LATERAL generate_series(1, (pg_temp.h('nsup' || e.event_id) % 4)::int) s;

-- ---------------------------------------------------------------------
-- catalog.price_bands
-- ---------------------------------------------------------------------
CREATE TABLE catalog.price_bands (
    band_id    integer PRIMARY KEY,
    event_id   integer      NOT NULL,
    band_cd    varchar(3)   NOT NULL,
    face_value numeric(7,2) NOT NULL,
    qty_alloc  integer      NOT NULL,
    CONSTRAINT price_bands_event_band_uq UNIQUE (event_id, band_cd)
);
COMMENT ON COLUMN catalog.price_bands.band_cd IS 'GA = general admission (standing), RES = reserved seat, PRM = premium seat (front rows), VIP = VIP package (early entry, merch), ACC = accessible seat / platform (companion goes free)';
COMMENT ON COLUMN catalog.price_bands.face_value IS 'Ticket face value in GBP, before any promo discount and excluding booking fee.';
COMMENT ON COLUMN catalog.price_bands.qty_alloc IS 'Number of tickets allocated to this band for sale.';

CREATE TEMP TABLE t_band AS
SELECT row_number() OVER (ORDER BY event_id, ord)::int AS band_id, event_id, band_cd, face_value, qty_alloc
FROM (
    SELECT e.event_id, x.ord, x.band_cd, x.face_value, x.qty_alloc
    FROM t_ev e
    CROSS JOIN LATERAL (VALUES
        (1, 'GA',  e.base,                      CASE WHEN e.vtype = 'C' AND e.event_id % 3 = 0 THEN e.cap - 40
                                                     WHEN e.vtype = 'C' THEN e.cap
                                                     WHEN e.vtype = 'A' THEN round(e.cap * 0.5)
                                                     WHEN e.vtype = 'O' THEN round(e.cap * 0.95) END),
        (2, 'RES', e.base + CASE WHEN e.vtype = 'A' THEN 10 ELSE 0 END,
                                                CASE WHEN e.vtype = 'T' THEN round(e.cap * 0.75)
                                                     WHEN e.vtype = 'A' THEN round(e.cap * 0.40) END),
        (3, 'PRM', round(e.base * 1.5),         CASE WHEN e.vtype = 'T' THEN round(e.cap * 0.20) END),
        (4, 'VIP', round(e.base * 2.5) + 0.00,  CASE WHEN e.vtype = 'C' AND e.event_id % 3 = 0 THEN 40
                                                     WHEN e.vtype IN ('A', 'O') THEN round(e.cap * 0.05) END),
        (5, 'ACC', e.base,                      CASE WHEN e.vtype = 'T' THEN round(e.cap * 0.05)
                                                     WHEN e.vtype = 'A' THEN round(e.cap * 0.05) END)
    ) AS x(ord, band_cd, face_value, qty_alloc)
    WHERE x.qty_alloc IS NOT NULL
) s;

INSERT INTO catalog.price_bands SELECT band_id, event_id, band_cd, face_value, qty_alloc FROM t_band;

-- ---------------------------------------------------------------------
-- sales.customers
-- ---------------------------------------------------------------------
CREATE TABLE sales.customers (
    cust_id    integer PRIMARY KEY,
    email      text      NOT NULL,
    full_name  text      NOT NULL,
    postcode   varchar(8),
    phone      varchar(16),
    mkt_opt_in boolean   NOT NULL DEFAULT false,
    created_at timestamp NOT NULL
);
COMMENT ON COLUMN sales.customers.mkt_opt_in IS 'true = agreed to receive marketing e-mails.';

INSERT INTO sales.customers
SELECT c, lower(fn || '.' || ln || c || '@' ||
                (ARRAY['gmail.com','hotmail.co.uk','outlook.com','yahoo.co.uk','btinternet.com','icloud.com'])[pg_temp.p(m, 2) % 6 + 1]),
       fn || ' ' || ln,
       CASE WHEN pg_temp.p(m, 3) % 100 < 6 THEN NULL ELSE
       (ARRAY['M1','M4','M14','M20','L1','L8','L17','PR1','PR2','LA1','BL1','BL3','CH1','CH2','FY1','FY4','WA1','WN1','OL1','SK4'])[pg_temp.p(m, 3) % 20 + 1]
           || ' ' || (pg_temp.p(m, 4) % 9 + 1) || chr(65 + pg_temp.p(m, 4) % 26) || chr(65 + (pg_temp.p(m, 4) / 26) % 26) END,
       CASE WHEN pg_temp.p(m, 1) % 100 < 30 THEN NULL ELSE '07' || lpad((pg_temp.h('ph' || c) % 1000000000)::text, 9, '0') END,
       pg_temp.p(m, 1) % 100 >= 62,
       timestamp '2019-06-01' + ((c - 1) * 1856.0 / 42000) * interval '1 day' + (pg_temp.p(m, 2) % 1440) * interval '1 minute'
FROM (SELECT c, m,
             (ARRAY['Oliver','Amelia','Jack','Olivia','Harry','Isla','Jacob','Ava','Charlie','Emily','Thomas','Sophie',
                    'George','Grace','Oscar','Lily','James','Chloe','William','Ella','Noah','Mia','Leo','Ruby','Alfie',
                    'Evie','Joshua','Jessica','Freddie','Holly','Mohammed','Aisha','Daniel','Hannah','Liam','Megan'])[pg_temp.p(m, 0) % 36 + 1] AS fn,
             (ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Thompson',
                    'Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke','Patel','Khan','Lewis',
                    'Harris','Hughes','Edwards','Turner','Murphy','Hill','Moore','Cooper','Ward','Morris','King','Watson',
                    'Baker','Kelly','Parker','Ahmed','Shaw'])[(pg_temp.p(m, 0) / 36) % 40 + 1] AS ln
      FROM (SELECT c, md5('cust-' || c) AS m FROM generate_series(1, 42000) c) a) b;

-- ---------------------------------------------------------------------
-- sales.orders / sales.tickets / sales.refunds
-- ---------------------------------------------------------------------
CREATE TABLE sales.orders (
    order_id        bigint PRIMARY KEY,
    cust_id         integer,
    placed_at       timestamp    NOT NULL,
    channel         char(1)      NOT NULL,
    pay_method      varchar(12)  NOT NULL,
    ord_status      char(1)      NOT NULL,
    "PromoCode"     varchar(20),
    booking_fee     numeric(7,2) NOT NULL DEFAULT 0,
    total_amt       numeric(9,2) NOT NULL,
    confirm_sent_at timestamp
);
COMMENT ON COLUMN sales.orders.cust_id IS 'NULL = anonymous walk-up sale at the box office (no customer account).';
COMMENT ON COLUMN sales.orders.channel IS 'W = website, A = mobile app, P = phone sales line, B = box office at the venue';
COMMENT ON COLUMN sales.orders.ord_status IS 'C = confirmed (paid), F = payment failed (its tickets are void)';
COMMENT ON COLUMN sales.orders."PromoCode" IS 'Discount code used at checkout, NULL = none. EARLYBIRD 15% off, STUDENT10 10% off, FLASH20 20% off, NLFRIENDS no discount (tracking only).';
COMMENT ON COLUMN sales.orders.booking_fee IS 'Total booking fee charged on the order (per-ticket fee x number of tickets); not part of promoter revenue.';
COMMENT ON COLUMN sales.orders.total_amt IS 'Amount charged = sum of ticket prices paid + booking fee.';

CREATE TABLE sales.tickets (
    ticket_id   bigint PRIMARY KEY,
    order_id    bigint       NOT NULL,
    band_id     integer      NOT NULL,
    seat_ref    varchar(12),
    price_paid  numeric(7,2) NOT NULL,
    barcode     varchar(16)  NOT NULL,
    tkt_status  char(2)      NOT NULL,
    holder_name text,
    pdf_sent_at timestamp,
    CONSTRAINT tickets_barcode_key UNIQUE (barcode)
);
COMMENT ON COLUMN sales.tickets.seat_ref IS 'Row-seat for seated bands (e.g. C-14); NULL for standing (GA/VIP).';
COMMENT ON COLUMN sales.tickets.price_paid IS 'Price paid for this ticket in GBP after any promo discount, excluding booking fee.';
COMMENT ON COLUMN sales.tickets.tkt_status IS 'IS = issued (valid), TR = transferred to another person in the app (valid, see holder_name), RF = refunded (see sales.refunds), VD = void (order payment failed)';
COMMENT ON COLUMN sales.tickets.holder_name IS 'Name of the person the ticket was transferred to; NULL unless tkt_status = TR.';

CREATE TABLE sales.refunds (
    refund_id    integer PRIMARY KEY,
    ticket_id    bigint       NOT NULL,   -- no FK: rows are pushed in by the payments integration
    refunded_at  timestamp    NOT NULL,
    amount       numeric(7,2) NOT NULL,
    reason_cd    char(3)      NOT NULL,
    processed_by varchar(8)   NOT NULL
);
COMMENT ON COLUMN sales.refunds.reason_cd IS 'CAN = event cancelled (booking fee refunded too), CUS = customer request, DUP = duplicate order, FRD = card chargeback / fraud';
COMMENT ON COLUMN sales.refunds.amount IS 'Amount returned to the customer in GBP.';
COMMENT ON COLUMN sales.refunds.processed_by IS 'Staff initials, or SYSTEM for automatic refunds.';

-- staging: orders
CREATE TEMP TABLE t_bcum AS
SELECT b.*, sum(qty_alloc) OVER (PARTITION BY event_id ORDER BY band_id) - qty_alloc AS lo,
       sum(qty_alloc) OVER (PARTITION BY event_id ORDER BY band_id) AS hi,
       sum(qty_alloc) OVER (PARTITION BY event_id) AS tot
FROM t_band b;

CREATE TEMP TABLE t_ord AS
SELECT o.*,
       CASE WHEN o.ch = 'B' THEN 'cash-or-card'
            WHEN pg_temp.p(o.m2, 0) % 100 < 80 THEN 'card'
            WHEN pg_temp.p(o.m2, 0) % 100 < 95 THEN 'paypal' ELSE 'gift_voucher' END AS pay0
FROM (
    SELECT e.event_id, j, e.starts, e.status, e.m AS em, a.m, md5('ord2-' || e.event_id || '-' || j) AS m2,
           (e.starts::date
              - CASE WHEN pg_temp.p(a.m, 2) % 5 = 0 THEN 95 + pg_temp.p(a.m, 3) % 25
                     ELSE floor(95 * power(pg_temp.p(a.m, 3) / 16777216.0, 2))::int END)
             + time '08:00' + (pg_temp.p(a.m, 4) % 780) * interval '1 minute' AS placed,
           CASE WHEN pg_temp.p(a.m, 1) % 100 < 55 THEN 'W'
                WHEN pg_temp.p(a.m, 1) % 100 < 85 THEN 'A'
                WHEN pg_temp.p(a.m, 1) % 100 < 93 THEN 'P' ELSE 'B' END AS ch,
           pg_temp.p(a.m, 0) % 100 AS qr,
           pg_temp.p(a.m, 0) / 100 AS br
    FROM t_ev e
    CROSS JOIN LATERAL generate_series(1, greatest(1, round(e.cap * e.st / 2.33)::int)) j
    CROSS JOIN LATERAL (SELECT md5('ord-' || e.event_id || '-' || j) AS m) a
    WHERE e.status <> 'announced'
) o
WHERE o.placed <= timestamp '2024-06-30 23:59:59'
  AND (o.status <> 'cancelled' OR o.placed < o.starts - interval '10 days')
  AND o.placed < o.starts - interval '1 hour';

CREATE TEMP TABLE t_ord2 AS
SELECT o.event_id, o.j, o.starts, o.status, o.m, o.m2, o.placed, o.ch,
       500000 + row_number() OVER (ORDER BY o.placed, o.event_id, o.j) AS order_id,
       b.band_id, b.band_cd, b.face_value AS face,
       CASE WHEN b.band_cd IN ('VIP', 'ACC') THEN 1 + o.qr % 2
            WHEN o.qr < 24 THEN 1 WHEN o.qr < 68 THEN 2 WHEN o.qr < 78 THEN 3
            WHEN o.qr < 93 THEN 4 WHEN o.qr < 96 THEN 5 ELSE 6 END AS qty,
       CASE WHEN o.ch = 'B' AND pg_temp.p(o.m2, 1) % 100 < 60 THEN NULL
            ELSE 1 + (CASE WHEN pg_temp.p(o.m2, 2) % 3 = 0
                           THEN pg_temp.p(o.m2, 3) % least(3000, mx)
                           ELSE pg_temp.p(o.m2, 3) % mx END)::int END AS cust_id,
       CASE WHEN o.ch IN ('W', 'A') AND pg_temp.p(o.m2, 4) % 100 < 10 THEN
            CASE WHEN o.starts::date - o.placed::date >= 95 THEN 'EARLYBIRD'
                 ELSE (ARRAY['STUDENT10','FLASH20','NLFRIENDS','STUDENT10'])[pg_temp.p(o.m2, 4) / 100 % 4 + 1] END END AS promo,
       CASE WHEN o.ch = 'B' THEN 0
            WHEN o.ch = 'P' THEN 3.50
            WHEN o.placed < timestamp '2023-04-01' THEN 2.50 ELSE 2.75 END AS fee_each,
       CASE WHEN pg_temp.p(o.m2, 1) % 40 = 7 AND o.ch <> 'B' THEN 'F' ELSE 'C' END AS ord_status,
       CASE WHEN o.ch = 'B' THEN CASE WHEN pg_temp.p(o.m2, 1) % 100 < 60 THEN 'cash' ELSE 'card' END
            WHEN o.ch = 'P' THEN 'card' ELSE o.pay0 END AS pay
FROM (SELECT t.*, greatest(1, floor(42000 * extract(epoch FROM (t.placed - timestamp '2019-06-01')) / (1856 * 86400.0))::int - 5) AS mx
      FROM t_ord t) o
JOIN t_bcum b ON b.event_id = o.event_id AND (o.br % b.tot) >= b.lo AND (o.br % b.tot) < b.hi;

-- never sell beyond a band's allocation
DELETE FROM t_ord2 o USING (
    SELECT x.order_id FROM (
        SELECT o2.order_id, b.qty_alloc, sum(o2.qty) OVER (PARTITION BY o2.band_id ORDER BY o2.order_id) AS cum
        FROM t_ord2 o2 JOIN t_band b ON b.band_id = o2.band_id) x
    WHERE x.cum > x.qty_alloc) d
WHERE o.order_id = d.order_id;

ALTER TABLE t_ord2 ADD COLUMN disc numeric;
UPDATE t_ord2 SET disc = CASE promo WHEN 'EARLYBIRD' THEN 0.15 WHEN 'STUDENT10' THEN 0.10 WHEN 'FLASH20' THEN 0.20 ELSE 0 END;

-- staging: tickets
CREATE TEMP TABLE t_tk AS
SELECT o.order_id, k, o.band_id, o.band_cd, o.event_id, o.starts, o.status AS ev_status, o.placed, o.ord_status, o.qty,
       o.fee_each, o.ch,
       round(o.face * (1 - o.disc), 2) AS price,
       md5('tkt-' || o.order_id || '-' || k) AS m
FROM t_ord2 o CROSS JOIN LATERAL generate_series(1, o.qty) k;

ALTER TABLE t_tk ADD COLUMN ticket_id bigint, ADD COLUMN refund_cd char(3), ADD COLUMN refund_at timestamp;
UPDATE t_tk t SET ticket_id = r.rn FROM (
    SELECT order_id, k, 7000000 + row_number() OVER (ORDER BY order_id, k) AS rn FROM t_tk) r
WHERE r.order_id = t.order_id AND r.k = t.k;

UPDATE t_tk SET
  refund_cd = CASE WHEN ord_status = 'F' THEN NULL
                   WHEN ev_status = 'cancelled' THEN 'CAN'
                   WHEN pg_temp.h('dup' || order_id) % 1000 < 3 THEN 'DUP'
                   WHEN pg_temp.p(m, 1) % 1000 < 14 AND starts - placed > interval '8 days' THEN 'CUS'
                   WHEN pg_temp.p(m, 1) % 1000 BETWEEN 14 AND 16 THEN 'FRD' END,
  refund_at = CASE WHEN ord_status = 'F' THEN NULL
                   WHEN ev_status = 'cancelled' THEN (starts - interval '10 days')::date + (pg_temp.h('cn' || event_id) % 5 + 1)::int + time '06:15'
                   WHEN pg_temp.h('dup' || order_id) % 1000 < 3 THEN placed + (pg_temp.h('dt' || order_id) % 20 + 2) * interval '1 hour'
                   WHEN pg_temp.p(m, 1) % 1000 < 14 AND starts - placed > interval '8 days'
                        THEN placed + ((pg_temp.p(m, 2) % greatest(1, (starts::date - placed::date - 7))) + 1) * interval '1 day'
                             + (pg_temp.p(m, 3) % 480) * interval '1 minute'
                   WHEN pg_temp.p(m, 1) % 1000 BETWEEN 14 AND 16
                        THEN placed + (20 + pg_temp.p(m, 2) % 40) * interval '1 day' END;
-- refunds can only be known up to the snapshot
UPDATE t_tk SET refund_cd = NULL, refund_at = NULL WHERE refund_at > timestamp '2024-06-30 23:59:59';

INSERT INTO sales.orders
SELECT o.order_id, o.cust_id, o.placed, o.ch, o.pay, o.ord_status, o.promo,
       o.fee_each * o.qty,
       o.qty * round(o.face * (1 - o.disc), 2) + o.fee_each * o.qty,
       CASE WHEN o.ord_status = 'C' THEN o.placed + (1 + pg_temp.p(o.m2, 0) % 3) * interval '1 minute' END
FROM t_ord2 o;

INSERT INTO sales.tickets
SELECT t.ticket_id, t.order_id, t.band_id,
       CASE WHEN t.band_cd IN ('RES', 'PRM', 'ACC') THEN
            chr(65 + ((rn - 1) / 28)::int % 26) || '-' || ((rn - 1) % 28 + 1) END,
       t.price,
       upper(substr(t.m, 9, 16)),
       CASE WHEN t.ord_status = 'F' THEN 'VD'
            WHEN t.refund_cd IS NOT NULL THEN 'RF'
            WHEN pg_temp.p(t.m, 4) % 100 < 4 THEN 'TR' ELSE 'IS' END,
       CASE WHEN t.ord_status = 'C' AND t.refund_cd IS NULL AND pg_temp.p(t.m, 4) % 100 < 4 THEN
            (ARRAY['Sam','Alex','Jo','Chris','Jamie','Robin','Kim','Lee','Pat','Danny'])[pg_temp.p(t.m, 0) % 10 + 1] || ' ' ||
            (ARRAY['Fletcher','Holt','Barker','Nolan','Sutton','Reid','Marsh','Lowe','Pike','Dale'])[pg_temp.p(t.m, 2) % 10 + 1] END,
       CASE WHEN t.ord_status = 'C' AND t.ch <> 'B' THEN t.placed + interval '3 minutes' END
FROM (SELECT t.*, row_number() OVER (PARTITION BY band_id ORDER BY ticket_id) AS rn FROM t_tk t) t;

INSERT INTO sales.refunds
SELECT row_number() OVER (ORDER BY refund_at, ticket_id)::int + 30000, ticket_id, refund_at,
       price + CASE WHEN refund_cd = 'CAN' THEN fee_each ELSE 0 END,
       refund_cd,
       CASE WHEN refund_cd = 'CAN' THEN 'SYSTEM'
            ELSE (ARRAY['JMK','AHR','LDB','SPT','RWO'])[pg_temp.p(m, 3) % 5 + 1] END
FROM t_tk WHERE refund_cd IS NOT NULL;

-- ---------------------------------------------------------------------
-- gate.scans
-- ---------------------------------------------------------------------
CREATE TABLE gate.scans (
    scan_id    bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    event_id   integer     NOT NULL,
    barcode    varchar(16) NOT NULL,   -- matches sales.tickets.barcode when the ticket exists (no FK: scanners upload raw reads)
    gate_no    smallint    NOT NULL,
    scanned_at timestamp   NOT NULL,
    result_cd  char(1)     NOT NULL,
    device_id  varchar(8)
);
COMMENT ON TABLE  gate.scans IS 'Every read by a door scanner, uploaded after the show.';
COMMENT ON COLUMN gate.scans.result_cd IS 'A = admitted (first valid scan), R = re-entry (valid ticket, let back in after a pass-out), D = duplicate (ticket already used, refused), X = rejected (unknown, void or refunded barcode)';
COMMENT ON COLUMN gate.scans.gate_no IS 'Gate number at the venue, 1..venues.num_gates.';

CREATE TEMP TABLE t_att AS
SELECT t.event_id, t.starts, t.ticket_id, upper(substr(t.m, 9, 16)) AS barcode, t.refund_cd, t.ord_status,
       v.num_gates, md5('scan-' || t.ticket_id) AS sm,
       80 + pg_temp.h('att' || t.event_id) % 18 AS att_pct
FROM t_tk t
JOIN catalog.events e ON e.event_id = t.event_id AND e.status = 'completed'
JOIN catalog.venues v ON v.venue_id = e.venue_id;

INSERT INTO gate.scans (event_id, barcode, gate_no, scanned_at, result_cd, device_id)
SELECT event_id, barcode, g, ts, rc, 'HS' || lpad((g * 10 + dv)::text, 3, '0')
FROM (
    -- first admission
    SELECT event_id, barcode, 1 + pg_temp.p(sm, 1) % num_gates AS g,
           starts - interval '60 minutes' + (pg_temp.p(sm, 2) % 105) * interval '1 minute' + (pg_temp.p(sm, 3) % 60) * interval '1 second' AS ts,
           'A' AS rc, pg_temp.p(sm, 4) % 3 AS dv
    FROM t_att
    WHERE ord_status = 'C' AND refund_cd IS NULL AND pg_temp.p(sm, 0) % 100 < att_pct
    UNION ALL
    -- re-entry after pass-out
    SELECT event_id, barcode, 1 + pg_temp.p(sm, 1) % num_gates,
           starts + interval '50 minutes' + (pg_temp.p(sm, 2) % 70) * interval '1 minute',
           'R', pg_temp.p(sm, 4) % 3
    FROM t_att
    WHERE ord_status = 'C' AND refund_cd IS NULL AND pg_temp.p(sm, 0) % 100 < att_pct AND pg_temp.p(sm, 3) % 100 < 3
    UNION ALL
    -- duplicate read (screenshot shared, ticket already used)
    SELECT event_id, barcode, 1 + pg_temp.p(sm, 4) % num_gates,
           starts - interval '55 minutes' + (pg_temp.p(sm, 2) % 105) * interval '1 minute' + interval '4 minutes',
           'D', pg_temp.p(sm, 1) % 3
    FROM t_att
    WHERE ord_status = 'C' AND refund_cd IS NULL AND pg_temp.p(sm, 0) % 100 < att_pct AND pg_temp.p(sm, 3) % 100 BETWEEN 3 AND 3
    UNION ALL
    -- refunded or void tickets presented at the door
    SELECT event_id, barcode, 1 + pg_temp.p(sm, 1) % num_gates,
           starts - interval '40 minutes' + (pg_temp.p(sm, 2) % 90) * interval '1 minute',
           'X', pg_temp.p(sm, 4) % 3
    FROM t_att
    WHERE (ord_status = 'F' OR refund_cd IS NOT NULL) AND pg_temp.p(sm, 0) % 100 < 25
) s
ORDER BY ts, barcode;

-- ---------------------------------------------------------------------
-- finance.settlements
-- ---------------------------------------------------------------------
CREATE TABLE finance.settlements (
    settle_id    integer PRIMARY KEY,
    event_id     integer       NOT NULL,
    promoter_id  integer       NOT NULL,
    tkts_sold    integer       NOT NULL,
    gross_amt    numeric(10,2) NOT NULL,
    promoter_amt numeric(10,2) NOT NULL,
    stmt_ref     varchar(20),
    stmt_date    date          NOT NULL,
    paid_on      date,
    CONSTRAINT settlements_event_uq UNIQUE (event_id)
);
COMMENT ON TABLE  finance.settlements IS 'One settlement statement per completed event, issued about a week after the show.';
COMMENT ON COLUMN finance.settlements.tkts_sold IS 'Valid tickets (IS + TR) at settlement time.';
COMMENT ON COLUMN finance.settlements.gross_amt IS 'Sum of price paid on valid tickets, GBP, excluding booking fees.';
COMMENT ON COLUMN finance.settlements.promoter_amt IS 'Amount owed to the promoter = gross_amt x promoters.share_pct / 100.';
COMMENT ON COLUMN finance.settlements.paid_on IS 'Date the promoter was paid; NULL = not paid yet.';

INSERT INTO finance.settlements
SELECT row_number() OVER (ORDER BY e.starts_at, e.event_id)::int + 1000,
       e.event_id, e.promoter_id, s.n, s.gross, round(s.gross * p.share_pct / 100, 2),
       'ST' || to_char(e.starts_at, 'YYMM') || '-' || lpad(e.event_id::text, 4, '0'),
       e.starts_at::date + 7,
       CASE WHEN pg_temp.h('unpaid' || e.event_id) % 100 < 3 THEN NULL
            WHEN e.starts_at::date + 14 + (pg_temp.h('paid' || e.event_id) % 25)::int > date '2024-06-30' THEN NULL
            ELSE e.starts_at::date + 14 + (pg_temp.h('paid' || e.event_id) % 25)::int END
FROM catalog.events e
JOIN finance.promoters p ON p.promoter_id = e.promoter_id
JOIN (SELECT b.event_id, count(*) AS n, sum(t.price_paid) AS gross
      FROM sales.tickets t JOIN catalog.price_bands b ON b.band_id = t.band_id
      WHERE t.tkt_status IN ('IS', 'TR')
      GROUP BY b.event_id) s ON s.event_id = e.event_id
WHERE e.status = 'completed' AND e.starts_at::date + 7 <= date '2024-06-30';

-- ---------------------------------------------------------------------
-- foreign keys (added after the bulk load)
-- ---------------------------------------------------------------------
ALTER TABLE catalog.events       ADD CONSTRAINT events_venue_fk      FOREIGN KEY (venue_id)     REFERENCES catalog.venues (venue_id);
ALTER TABLE catalog.events       ADD CONSTRAINT events_promoter_fk   FOREIGN KEY (promoter_id)  REFERENCES finance.promoters (promoter_id);
ALTER TABLE catalog.events       ADD CONSTRAINT events_headliner_fk  FOREIGN KEY (headliner_id) REFERENCES catalog.performers (perf_id);
ALTER TABLE catalog.event_lineup ADD CONSTRAINT lineup_event_fk      FOREIGN KEY (event_id)     REFERENCES catalog.events (event_id);
ALTER TABLE catalog.event_lineup ADD CONSTRAINT lineup_perf_fk       FOREIGN KEY (perf_id)      REFERENCES catalog.performers (perf_id);
ALTER TABLE catalog.price_bands  ADD CONSTRAINT price_bands_event_fk FOREIGN KEY (event_id)     REFERENCES catalog.events (event_id);
ALTER TABLE sales.orders         ADD CONSTRAINT orders_cust_fk       FOREIGN KEY (cust_id)      REFERENCES sales.customers (cust_id);
ALTER TABLE sales.tickets        ADD CONSTRAINT tickets_order_fk     FOREIGN KEY (order_id)     REFERENCES sales.orders (order_id);
ALTER TABLE sales.tickets        ADD CONSTRAINT tickets_band_fk      FOREIGN KEY (band_id)      REFERENCES catalog.price_bands (band_id);
ALTER TABLE gate.scans           ADD CONSTRAINT scans_event_fk       FOREIGN KEY (event_id)     REFERENCES catalog.events (event_id);
ALTER TABLE finance.settlements  ADD CONSTRAINT settlements_event_fk FOREIGN KEY (event_id)     REFERENCES catalog.events (event_id);
ALTER TABLE finance.settlements  ADD CONSTRAINT settlements_prom_fk  FOREIGN KEY (promoter_id)  REFERENCES finance.promoters (promoter_id);

-- ---------------------------------------------------------------------
-- secondary indexes
-- ---------------------------------------------------------------------
CREATE INDEX ix_events_starts_at      ON catalog.events (starts_at);
CREATE INDEX ix_events_venue          ON catalog.events (venue_id);
CREATE UNIQUE INDEX ux_customers_email ON sales.customers (email);
CREATE INDEX ix_customers_postcode    ON sales.customers (postcode);
CREATE INDEX ix_orders_cust           ON sales.orders (cust_id);
CREATE INDEX ix_orders_placed_at      ON sales.orders (placed_at);
CREATE INDEX ix_tickets_order         ON sales.tickets (order_id);
CREATE INDEX ix_tickets_band          ON sales.tickets (band_id);
CREATE INDEX ix_refunds_ticket        ON sales.refunds (ticket_id);
CREATE INDEX ix_scans_event_time      ON gate.scans (event_id, scanned_at);

-- ---------------------------------------------------------------------
-- reporting view
-- ---------------------------------------------------------------------
CREATE VIEW sales.v_event_sales AS
SELECT e.event_id, e.event_title, e.starts_at, e.status, v.venue_nm,
       count(t.ticket_id) FILTER (WHERE t.tkt_status IN ('IS', 'TR'))            AS valid_tickets,
       coalesce(sum(t.price_paid) FILTER (WHERE t.tkt_status IN ('IS', 'TR')), 0) AS ticket_revenue
FROM catalog.events e
JOIN catalog.venues v ON v.venue_id = e.venue_id
LEFT JOIN catalog.price_bands b ON b.event_id = e.event_id
LEFT JOIN sales.tickets t ON t.band_id = b.band_id
GROUP BY e.event_id, e.event_title, e.starts_at, e.status, v.venue_nm;
COMMENT ON VIEW sales.v_event_sales IS 'Valid tickets (IS/TR) and ticket revenue (excl. booking fees) per event.';

DROP TABLE t_ev, t_band, t_bcum, t_ord, t_ord2, t_tk, t_att;

VACUUM;
ANALYZE;

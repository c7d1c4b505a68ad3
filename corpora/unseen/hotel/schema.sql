-- =====================================================================
-- Property-management system (PMS) of the "Northwind Harbour Hotels" group
-- 7 city hotels, data migrated from the legacy PMS in January 2022.
-- Data snapshot ("today"): end of business day 2024-11-30.
-- All data below is generated deterministically (md5-based, no random()).
-- =====================================================================
SET client_min_messages = warning;

-- deterministic pseudo-random helper: uniform float in [0,1) from a text seed
CREATE FUNCTION pg_temp.h(t text) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT ('x' || substr(md5(t), 1, 8))::bit(32)::bigint::float8 / 4294967296.0 $$;

CREATE SCHEMA core;
CREATE SCHEMA crm;
CREATE SCHEMA fo;
CREATE SCHEMA fin;
CREATE SCHEMA ops;
CREATE SCHEMA rpt;

COMMENT ON SCHEMA core IS 'Master data: properties (hotels), room types and physical rooms.';
COMMENT ON SCHEMA crm  IS 'Guest profiles, loyalty programme and online reviews.';
COMMENT ON SCHEMA fo   IS 'Front office: rate plans, reservations (rsv), cancellations (cxl) and stays.';
COMMENT ON SCHEMA fin  IS 'Finance: guest folios, folio lines (charges) and payments.';
COMMENT ON SCHEMA ops  IS 'Operations: staff and housekeeping (hk) tasks.';
COMMENT ON SCHEMA rpt  IS 'Reporting views used by the revenue team.';

-- ---------------------------------------------------------------------
-- public.flyway_schema_history: migration bookkeeping (Flyway)
-- ---------------------------------------------------------------------
CREATE TABLE public.flyway_schema_history (
    installed_rank integer PRIMARY KEY,
    version        varchar(50),
    description    varchar(200) NOT NULL,
    type           varchar(20)  NOT NULL,
    script         varchar(1000) NOT NULL,
    checksum       integer,
    installed_by   varchar(100) NOT NULL,
    installed_on   timestamp    NOT NULL,
    execution_time integer      NOT NULL,
    success        boolean      NOT NULL
);
INSERT INTO public.flyway_schema_history VALUES
 (1,'1','baseline legacy import','SQL','V1__baseline_legacy_import.sql',-1893020211,'pms_deploy','2022-01-03 02:10:00',48211,true),
 (2,'2','core property room','SQL','V2__core_property_room.sql',1029384756,'pms_deploy','2022-01-03 02:11:12',812,true),
 (3,'3','crm guest','SQL','V3__crm_guest.sql',-402938112,'pms_deploy','2022-01-03 02:11:40',2310,true),
 (4,'4','fo rsv stay','SQL','V4__fo_rsv_stay.sql',556102938,'pms_deploy','2022-01-03 02:12:55',5120,true),
 (5,'5','fin folio','SQL','V5__fin_folio.sql',-1200394857,'pms_deploy','2022-01-03 02:14:02',3998,true),
 (6,'6','ops housekeeping','SQL','V6__ops_housekeeping.sql',88172635,'pms_deploy','2022-02-14 01:30:00',640,true),
 (7,'7','add cxl table','SQL','V7__add_cxl_table.sql',-77162534,'pms_deploy','2022-05-09 01:30:00',410,true),
 (8,'8','add city tax','SQL','V8__add_city_tax.sql',1230987456,'pms_deploy','2022-09-19 01:30:00',120,true),
 (9,'9','crm review feed','SQL','V9__crm_review_feed.sql',-998877665,'pms_deploy','2023-01-23 01:30:00',305,true),
 (10,'10','porto opening','SQL','V10__porto_opening.sql',445566778,'pms_deploy','2023-04-17 01:30:00',95,true),
 (11,'11','folio outlet code','SQL','V11__folio_outlet_code.sql',-12345678,'pms_deploy','2023-08-28 01:30:00',2203,true),
 (12,'12','hk status enum','SQL','V12__hk_status_enum.sql',776655443,'pms_deploy','2024-02-05 01:30:00',1870,true),
 (13,'13','rpt views','SQL','V13__rpt_views.sql',-55443322,'pms_deploy','2024-06-10 01:30:00',60,true);

-- ---------------------------------------------------------------------
-- core
-- ---------------------------------------------------------------------
CREATE TABLE core.property (
    prop_id      smallint PRIMARY KEY,
    prop_cd      char(3)  NOT NULL UNIQUE,
    prop_nm      text     NOT NULL,
    city         text     NOT NULL,
    country_cd   char(2)  NOT NULL,
    opened_dt    date     NOT NULL,
    star_cat     smallint NOT NULL,
    vat_rm_pct   numeric(4,1) NOT NULL,
    vat_std_pct  numeric(4,1) NOT NULL,
    ctax_pp      numeric(6,2),
    has_spa      boolean  NOT NULL DEFAULT false,
    has_parking  boolean  NOT NULL DEFAULT false
);
COMMENT ON TABLE  core.property IS 'One row per hotel (property) of the group.';
COMMENT ON COLUMN core.property.prop_cd IS 'Three-letter property code used on confirmations (usually the IATA code of the city).';
COMMENT ON COLUMN core.property.star_cat IS 'Official star category (1-5).';
COMMENT ON COLUMN core.property.vat_rm_pct IS 'Reduced VAT rate in percent, applied to room nights and to food & beverage.';
COMMENT ON COLUMN core.property.vat_std_pct IS 'Standard VAT rate in percent, applied to spa, minibar, parking, laundry.';
COMMENT ON COLUMN core.property.ctax_pp IS 'City (tourist) tax per adult per night in EUR. NULL = the city levies no per-person tax (for VIE the tax is already included in the room rate).';
COMMENT ON COLUMN core.property.opened_dt IS 'Date the hotel opened (or joined the group).';

INSERT INTO core.property VALUES
 (1,'AMS','Canal House Amsterdam','Amsterdam','NL','2016-04-01',4, 9.0,21.0,4.50,false,false),
 (2,'LIS','Alfama Court Lisbon','Lisbon','PT','2017-06-15',4, 6.0,23.0,2.00,true ,true ),
 (3,'BCN','Gracia Rooms Barcelona','Barcelona','ES','2018-03-01',3,10.0,21.0,3.25,false,true ),
 (4,'VIE','Ringstrasse Hotel Vienna','Vienna','AT','2015-09-01',5,10.0,20.0,NULL,true ,true ),
 (5,'CPH','Nyhavn Quay Hotel','Copenhagen','DK','2019-05-01',4,25.0,25.0,NULL,false,false),
 (6,'PRG','Mala Strana Residence','Prague','CZ','2020-02-01',4,12.0,21.0,2.00,false,true ),
 (7,'POR','Ribeira Riverside Porto','Porto','PT','2023-05-01',4, 6.0,23.0,2.00,true ,true );

CREATE TABLE core.room_type (
    rt_id      serial PRIMARY KEY,
    prop_id    smallint NOT NULL REFERENCES core.property,
    rt_cd      varchar(4) NOT NULL,
    rt_descr   text NOT NULL,
    max_occ    smallint NOT NULL,
    base_rate  numeric(8,2) NOT NULL,
    UNIQUE (prop_id, rt_cd)
);
COMMENT ON TABLE  core.room_type IS 'Sellable room categories per property.';
COMMENT ON COLUMN core.room_type.rt_cd IS 'Room type code: STD = standard double, SUP = superior, DLX = deluxe, FAM = family room, STE = suite.';
COMMENT ON COLUMN core.room_type.max_occ IS 'Maximum occupancy (persons).';
COMMENT ON COLUMN core.room_type.base_rate IS 'Rack rate per night in EUR excluding VAT, 2022 price level.';

INSERT INTO core.room_type (prop_id, rt_cd, rt_descr, max_occ, base_rate)
SELECT p.prop_id, t.rt_cd, t.rt_descr, t.max_occ, round(t.base * p.mult, 0)
FROM (VALUES (1,1.35),(2,1.00),(3,0.95),(4,1.30),(5,1.40),(6,0.85),(7,1.05)) p(prop_id, mult)
CROSS JOIN (VALUES (1,'STD','Standard double',2,110),(2,'SUP','Superior double',2,135),
                   (3,'DLX','Deluxe king',3,165),(4,'FAM','Family room',4,185),(5,'STE','Junior suite',3,260)) t(ord, rt_cd, rt_descr, max_occ, base)
WHERE t.rt_cd <> 'FAM' OR p.prop_id IN (1,3,7)
ORDER BY p.prop_id, t.ord;

CREATE TABLE core.room (
    room_id   serial PRIMARY KEY,
    prop_id   smallint NOT NULL REFERENCES core.property,
    rt_id     integer  NOT NULL REFERENCES core.room_type,
    room_no   varchar(5) NOT NULL,
    floor_no  smallint NOT NULL,
    ooo_flg   boolean NOT NULL DEFAULT false,
    UNIQUE (prop_id, room_no)
);
COMMENT ON TABLE  core.room IS 'Physical rooms.';
COMMENT ON COLUMN core.room.room_no IS 'Room number as shown on the door (floor * 100 + position).';
COMMENT ON COLUMN core.room.ooo_flg IS 'Out-of-order flag: true = room currently blocked for renovation/defect and not sellable.';

INSERT INTO core.room (prop_id, rt_id, room_no, floor_no, ooo_flg)
SELECT p.prop_id, rt.rt_id,
       (((g - 1) / 10 + 1) * 100 + ((g - 1) % 10) + 1)::text,
       ((g - 1) / 10 + 1),
       pg_temp.h('ooo' || p.prop_id || '-' || g) < 0.012
FROM (VALUES (1,60),(2,45),(3,52),(4,80),(5,38),(6,48),(7,40)) p(prop_id, n)
CROSS JOIN LATERAL generate_series(1, p.n) g
JOIN core.room_type rt ON rt.prop_id = p.prop_id AND rt.rt_cd =
     CASE WHEN g::numeric / p.n <= 0.45 THEN 'STD'
          WHEN g::numeric / p.n <= 0.70 THEN 'SUP'
          WHEN g::numeric / p.n <= 0.86 THEN 'DLX'
          WHEN g::numeric / p.n <= 0.94 AND p.prop_id IN (1,3,7) THEN 'FAM'
          WHEN g::numeric / p.n <= 0.94 THEN 'DLX'
          ELSE 'STE' END
ORDER BY p.prop_id, g;

-- ---------------------------------------------------------------------
-- fo.rate_plan
-- ---------------------------------------------------------------------
CREATE TABLE fo.rate_plan (
    rp_id      smallint PRIMARY KEY,
    rp_cd      varchar(6) NOT NULL UNIQUE,
    rp_descr   text NOT NULL,
    refundable boolean NOT NULL,
    disc_pct   numeric(5,2) NOT NULL
);
COMMENT ON TABLE  fo.rate_plan IS 'Rate plans (pricing/booking conditions).';
COMMENT ON COLUMN fo.rate_plan.disc_pct IS 'Discount against the best available rate in percent; negative = surcharge (package includes extras).';
COMMENT ON COLUMN fo.rate_plan.refundable IS 'false = prepaid, non-refundable: cancellation costs the full stay.';
INSERT INTO fo.rate_plan VALUES
 (1,'BAR','Best available rate, free cancellation until 48h before arrival',true,0),
 (2,'ADV','Advance purchase, prepaid, non-refundable',false,15),
 (3,'CORP','Corporate negotiated rate',true,12),
 (4,'BB','Bed & breakfast package',true,-12),
 (5,'GRP','Group / allotment rate',false,20),
 (6,'LOS7','Long stay (7+ nights) rate',true,20);

-- ---------------------------------------------------------------------
-- staging (temporary) tables for generation
-- ---------------------------------------------------------------------
CREATE TEMP TABLE s_pw AS
SELECT prop_id, (sum(n) OVER (ORDER BY prop_id) - n)::float8 AS lo, sum(n) OVER (ORDER BY prop_id)::float8 AS hi
FROM (SELECT prop_id, count(*) AS n FROM core.room GROUP BY prop_id) x;

CREATE TEMP TABLE s_rtw AS
SELECT rt.rt_id, rt.prop_id, rt.rt_cd, rt.base_rate,
       w.lo, w.hi
FROM core.room_type rt
JOIN (VALUES ('STD',0.00,0.46,0.00,0.50),('SUP',0.46,0.72,0.50,0.76),('DLX',0.72,0.87,0.76,0.95),
             ('FAM',0.87,0.95,NULL,NULL),('STE',0.95,1.00,0.95,1.00)) v(rt_cd, lo_f, hi_f, lo_n, hi_n)
  ON v.rt_cd = rt.rt_cd
CROSS JOIN LATERAL (SELECT CASE WHEN rt.prop_id IN (1,3,7) THEN v.lo_f ELSE v.lo_n END::float8 AS lo,
                           CASE WHEN rt.prop_id IN (1,3,7) THEN v.hi_f ELSE v.hi_n END::float8 AS hi) w;

-- reservations, raw
CREATE TEMP TABLE s_r0 AS
WITH b AS (
  SELECT i,
         date '2022-01-01' + floor(pg_temp.h('ra' || i) * 1277)::int AS d0,
         pg_temp.h('rs' || i) AS hs, pg_temp.h('rt' || i) AS ht,
         pg_temp.h('rp' || i) AS hp, pg_temp.h('rc' || i) AS hc,
         pg_temp.h('rg' || i) AS hg, pg_temp.h('rn' || i) AS hn,
         pg_temp.h('rl' || i) AS hl, pg_temp.h('rb' || i) AS hb,
         pg_temp.h('ry' || i) AS hy, pg_temp.h('rr' || i) AS hr,
         pg_temp.h('rq' || i) AS hq, pg_temp.h('rk' || i) AS hk,
         pg_temp.h('ra2' || i) AS ha
  FROM generate_series(1, 48000) i
), d AS (
  SELECT b.*,
         CASE WHEN hs < 0.22 THEN make_date(extract(year FROM d0)::int, 6, 1) + floor(ha * 92)::int ELSE d0 END AS arr,
         CASE WHEN hc < 0.28 THEN 1 WHEN hc < 0.36 THEN 2 WHEN hc < 0.39 THEN 3 WHEN hc < 0.69 THEN 4
              WHEN hc < 0.83 THEN 5 WHEN hc < 0.93 THEN 6 ELSE 7 END AS chnl
  FROM b
), p AS (
  SELECT d.*,
         pw.prop_id,
         1 + floor(power(hn, 1.9) * CASE WHEN chnl IN (6,7) THEN 4 ELSE 10 END)::int AS nts,
         CASE WHEN chnl = 3 THEN 0 ELSE floor(power(hl, 2) * CASE WHEN chnl = 6 THEN 60 ELSE 240 END)::int END AS lead
  FROM d JOIN s_pw pw ON d.hp * 363 >= pw.lo AND d.hp * 363 < pw.hi
  WHERE NOT (pw.prop_id = 7 AND d.arr < date '2023-05-01')   -- Porto opened May 2023
)
SELECT p.*,
       CASE WHEN chnl = 3 THEN arr + time '13:00' + make_interval(secs => floor(hb * 32400))
            ELSE (arr - lead) + make_interval(secs => floor(hb * 86399)) END AS book_ts,
       1 + floor(25000 * power(hg, 1.7))::int AS guest_id
FROM p;

CREATE TEMP TABLE s_r AS
WITH f AS (
  SELECT * FROM s_r0
  WHERE book_ts <= timestamp '2024-11-30 23:59:59' AND arr <= date '2025-06-30'
), n AS (
  SELECT row_number() OVER (ORDER BY book_ts, i) AS rsv_id, f.* FROM f
), t AS (
  SELECT n.*, w.rt_id, w.rt_cd, w.base_rate,
         CASE WHEN chnl = 7 THEN 5
              WHEN chnl = 6 THEN CASE WHEN hy < 0.8 THEN 3 ELSE 1 END
              WHEN chnl = 3 THEN 1
              WHEN nts >= 7 AND hy < 0.5 THEN 6
              WHEN hy < 0.50 THEN 1 WHEN hy < 0.78 THEN 2 WHEN hy < 0.94 THEN 4 ELSE 3 END AS rp_id
  FROM n JOIN s_rtw w ON w.prop_id = n.prop_id AND n.ht >= w.lo AND n.ht < w.hi
)
SELECT t.*,
       (round(t.base_rate
             * CASE WHEN extract(month FROM arr) IN (6,7,8) THEN 1.30 WHEN extract(month FROM arr) = 12 THEN 1.15
                    WHEN extract(month FROM arr) IN (1,2) THEN 0.80 ELSE 1.00 END
             * CASE extract(year FROM arr)::int WHEN 2022 THEN 1.00 WHEN 2023 THEN 1.06 WHEN 2024 THEN 1.11 ELSE 1.15 END
             * (1 - rp.disc_pct / 100)
             * (0.94 + 0.12 * t.hr)::numeric, 0))::numeric(10,2) AS rate_amt,
       rp.refundable,
       CASE
         WHEN arr > date '2024-11-30' THEN
              CASE WHEN hq < 0.10 THEN 'X' WHEN chnl = 7 AND hq < 0.40 THEN 'T' ELSE 'C' END
         ELSE CASE WHEN hq < CASE WHEN t.rp_id = 2 THEN 0.04 WHEN chnl IN (4,5) THEN 0.22 ELSE 0.12 END THEN 'X'
                   WHEN chnl <> 3 AND hk < 0.03 THEN 'N'
                   WHEN arr + nts > date '2024-11-30' THEN 'I'
                   ELSE 'O' END
       END AS sts_cd,
       1 + floor(pg_temp.h('ad' || i) * CASE WHEN t.rt_cd IN ('FAM','DLX','STE') THEN 3 ELSE 2 END)::int AS adl,
       CASE WHEN t.rt_cd = 'FAM' THEN 1 + floor(pg_temp.h('ch' || i) * 2)::int
            WHEN pg_temp.h('ch' || i) < 0.06 THEN 1 ELSE 0 END AS chd
FROM t JOIN fo.rate_plan rp ON rp.rp_id = t.rp_id;

-- room assignment: greedy interval partitioning per property (avoids double occupancy);
-- when the booked room type is full the guest is upgraded to any free room of the hotel
CREATE TEMP TABLE s_assign (rsv_id bigint PRIMARY KEY, room_id integer NOT NULL);
DO $$
DECLARE
  r        record;
  cur_prop integer := -1;
  rooms    integer[];
  rts      integer[];
  free     date[];
  n        integer;
  best     integer;
  idx      integer;
  ids      bigint[]  := '{}';
  rms      integer[] := '{}';
BEGIN
  FOR r IN SELECT rsv_id, prop_id, rt_id, arr, arr + nts AS dep FROM s_r
           WHERE sts_cd IN ('I','O') OR (sts_cd = 'C' AND arr <= date '2024-12-03')
           ORDER BY prop_id, arr, rsv_id
  LOOP
    IF r.prop_id <> cur_prop THEN
      SELECT array_agg(ro.room_id ORDER BY rt.base_rate, ro.room_id), array_agg(ro.rt_id ORDER BY rt.base_rate, ro.room_id)
        INTO rooms, rts
        FROM core.room ro JOIN core.room_type rt ON rt.rt_id = ro.rt_id WHERE ro.prop_id = r.prop_id;
      n := array_length(rooms, 1);
      free := array_fill(date '1900-01-01', ARRAY[n]);
      cur_prop := r.prop_id;
    END IF;
    best := NULL;
    FOR k IN 0 .. n - 1 LOOP            -- a free room of the booked type
      idx := 1 + ((r.rsv_id * 7 + k) % n)::integer;
      IF rts[idx] = r.rt_id AND free[idx] <= r.arr THEN best := idx; EXIT; END IF;
    END LOOP;
    IF best IS NULL THEN                -- upgrade: first free room in ascending price order
      FOR k IN 1 .. n LOOP
        IF free[k] <= r.arr THEN best := k; EXIT; END IF;
      END LOOP;
    END IF;
    IF best IS NULL THEN                -- hotel full: room of the booked type that frees up first
      FOR k IN 1 .. n LOOP
        IF rts[k] = r.rt_id AND (best IS NULL OR free[k] < free[best]) THEN best := k; END IF;
      END LOOP;
    END IF;
    free[best] := greatest(free[best], r.dep);
    ids := ids || r.rsv_id;
    rms := rms || rooms[best];
  END LOOP;
  INSERT INTO s_assign SELECT * FROM unnest(ids, rms);
END $$;

-- ---------------------------------------------------------------------
-- crm.guest
-- ---------------------------------------------------------------------
CREATE TABLE crm.guest (
    guest_id     integer PRIMARY KEY,
    first_nm     text NOT NULL,
    last_nm      text NOT NULL,
    email        text,
    phone        text,
    country_cd   char(2),
    birth_dt     date,
    loy_tier     smallint CHECK (loy_tier BETWEEN 0 AND 3),
    loy_enrol_dt date,
    mkt_optin    boolean NOT NULL DEFAULT false,
    created_at   timestamp
);
COMMENT ON TABLE  crm.guest IS 'Guest profiles (one per person, de-duplicated nightly).';
COMMENT ON COLUMN crm.guest.email IS 'E-mail address. NULL = guest did not provide one (typical for OTA bookings with masked e-mail).';
COMMENT ON COLUMN crm.guest.country_cd IS 'ISO 3166 country of residence. NULL = unknown (not transmitted by the booking channel).';
COMMENT ON COLUMN crm.guest.birth_dt IS 'Date of birth; NULL = not recorded.';
COMMENT ON COLUMN crm.guest.loy_tier IS 'Loyalty tier of the "Harbour Circle" programme: 0 = Blue (basic member), 1 = Silver, 2 = Gold, 3 = Platinum. NULL = not enrolled in the loyalty programme.';
COMMENT ON COLUMN crm.guest.loy_enrol_dt IS 'Date the guest joined the loyalty programme (NULL when loy_tier is NULL).';
COMMENT ON COLUMN crm.guest.mkt_optin IS 'true = consented to marketing e-mails.';
COMMENT ON COLUMN crm.guest.created_at IS 'Profile creation time. NULL = profile migrated from the legacy PMS in January 2022, original creation date unknown.';

INSERT INTO crm.guest
WITH cnt AS (
  SELECT guest_id, count(*) AS n, min(book_ts) AS first_book FROM s_r GROUP BY guest_id
), g AS (
  SELECT gs AS guest_id, c.n, c.first_book,
         (ARRAY['Anna','Lucas','Sofia','Noah','Emma','Liam','Mia','Jonas','Lea','Finn','Julia','Elias','Laura','Ben','Sara',
                'Pedro','Ines','Joao','Marta','Carlos','Lucia','Pablo','Elena','Javier','Marie','Pierre','Claire','Louis',
                'Giulia','Marco','Francesca','Luca','Oliver','Amelia','Harry','Olivia','Jack','Isla','James','Emily',
                'Michael','Jennifer','David','Sarah','Daniel','Jessica','Lars','Freja','Magnus','Ida','Tomas','Petra',
                'Jan','Katerina','Hiroshi','Yuki','Wei','Li','Rafael','Camila'])[1 + floor(pg_temp.h('gf' || gs) * 60)::int] AS first_nm,
         (ARRAY['Jansen','de Vries','Bakker','Visser','Smit','Meyer','Schmidt','Schneider','Fischer','Weber','Wagner',
                'Becker','Silva','Santos','Ferreira','Pereira','Costa','Oliveira','Garcia','Martinez','Lopez','Sanchez',
                'Fernandez','Martin','Bernard','Dubois','Moreau','Laurent','Rossi','Russo','Ferrari','Bianchi','Smith',
                'Jones','Taylor','Brown','Williams','Wilson','Johnson','Miller','Davis','Anderson','Thomas','Nielsen',
                'Hansen','Jensen','Pedersen','Andersen','Novak','Svoboda','Dvorak','Cerny','Gruber','Huber','Bauer',
                'Tanaka','Suzuki','Wang','Chen','Kowalski'])[1 + floor(pg_temp.h('gl' || gs) * 60)::int] AS last_nm,
         (ARRAY['DE','DE','DE','DE','GB','GB','GB','GB','US','US','US','NL','NL','NL','FR','FR','FR','ES','ES','PT',
                'PT','IT','IT','IT','DK','DK','AT','AT','CZ','BE','BE','CH','CH','SE','PL','IE','CA','AU','JP','BR',
                'CN','NO'])[1 + floor(pg_temp.h('gc' || gs) * 42)::int] AS ctry,
         pg_temp.h('ge' || gs) AS he, pg_temp.h('gt' || gs) AS ht, pg_temp.h('gb' || gs) AS hb,
         pg_temp.h('gm' || gs) AS hm, pg_temp.h('gk' || gs) AS hk, pg_temp.h('gn' || gs) AS hn,
         pg_temp.h('gp' || gs) AS hph
  FROM generate_series(1, 25000) gs
  LEFT JOIN cnt c ON c.guest_id = gs
), g2 AS (
  SELECT g.*,
         CASE WHEN n >= 10 THEN 3 WHEN n >= 6 THEN 2 WHEN n >= 3 THEN 1
              WHEN ht < 0.30 THEN 0 ELSE NULL END AS tier,
         CASE WHEN first_book IS NULL THEN timestamp '2020-01-01' + make_interval(secs => floor(hk * 1795 * 86400))
              WHEN first_book < timestamp '2022-06-01' AND hk < 0.45 THEN NULL
              ELSE date_trunc('second', first_book) END AS created
  FROM g
)
SELECT guest_id, first_nm, last_nm,
       CASE WHEN he < 0.13 THEN NULL
            ELSE lower(replace(first_nm, ' ', '') || '.' || replace(last_nm, ' ', '')) || guest_id || '@' ||
                 (ARRAY['gmail.com','outlook.com','web.de','yahoo.com','icloud.com','gmx.net','hotmail.com','proton.me'])[1 + floor(pg_temp.h('gd' || guest_id) * 8)::int]
       END,
       CASE WHEN hph < 0.40 THEN NULL ELSE '+' || (10 + floor(hph * 80)::int) || ' ' || lpad((floor(pg_temp.h('gq' || guest_id) * 1e9))::bigint::text, 9, '0') END,
       CASE WHEN hn < 0.04 THEN NULL ELSE ctry END,
       CASE WHEN hb < 0.35 THEN NULL ELSE date '1945-01-01' + floor(pg_temp.h('gy' || guest_id) * 21000)::int END,
       tier,
       CASE WHEN tier IS NULL THEN NULL
            ELSE least(date '2024-11-30', coalesce(created::date, date '2022-01-03') + floor(pg_temp.h('gj' || guest_id) * 120)::int) END,
       hm < 0.42,
       created
FROM g2
ORDER BY guest_id;

-- ---------------------------------------------------------------------
-- fo.rsv
-- ---------------------------------------------------------------------
CREATE TABLE fo.rsv (
    rsv_id     bigint PRIMARY KEY,
    conf_no    varchar(12) NOT NULL CONSTRAINT rsv_conf_no_key UNIQUE,
    guest_id   integer  NOT NULL REFERENCES crm.guest,
    prop_id    smallint NOT NULL REFERENCES core.property,
    rt_id      integer  NOT NULL REFERENCES core.room_type,
    room_id    integer  REFERENCES core.room,
    rp_id      smallint NOT NULL REFERENCES fo.rate_plan,
    book_ts    timestamp NOT NULL,
    arr_dt     date NOT NULL,
    dep_dt     date NOT NULL,
    adl_cnt    smallint NOT NULL,
    chd_cnt    smallint NOT NULL DEFAULT 0,
    rate_amt   numeric(10,2) NOT NULL,
    sts_cd     char(1) NOT NULL CHECK (sts_cd IN ('T','C','I','O','X','N')),
    chnl_cd    smallint NOT NULL CHECK (chnl_cd BETWEEN 1 AND 7),
    ext_ref    varchar(20),
    upd_ts     timestamp,
    CHECK (dep_dt > arr_dt)
);
COMMENT ON TABLE  fo.rsv IS 'Reservations (rsv). One row per booked room. Cancelled and no-show bookings stay in the table with their status.';
COMMENT ON COLUMN fo.rsv.conf_no IS 'Confirmation number given to the guest: property code + running number.';
COMMENT ON COLUMN fo.rsv.room_id IS 'Assigned room. NULL = no room assigned yet (rooms are assigned about 72h before arrival) or never assigned (cancelled / no-show). The room can be of a higher room type than rt_id when the guest was upgraded.';
COMMENT ON COLUMN fo.rsv.rt_id IS 'Booked (and charged) room type.';
COMMENT ON COLUMN fo.rsv.book_ts IS 'Booking timestamp (hotel local time).';
COMMENT ON COLUMN fo.rsv.arr_dt IS 'Arrival date (scheduled).';
COMMENT ON COLUMN fo.rsv.dep_dt IS 'Departure date (scheduled). Number of booked nights = dep_dt - arr_dt.';
COMMENT ON COLUMN fo.rsv.adl_cnt IS 'Number of adults.';
COMMENT ON COLUMN fo.rsv.chd_cnt IS 'Number of children.';
COMMENT ON COLUMN fo.rsv.rate_amt IS 'Nightly room rate in EUR, excluding VAT and city tax.';
COMMENT ON COLUMN fo.rsv.sts_cd IS 'Reservation status: T = tentative (group option, not guaranteed), C = confirmed/guaranteed (not yet arrived), I = in-house (checked in, not yet departed), O = checked out, X = cancelled (details in fo.cxl), N = no-show.';
COMMENT ON COLUMN fo.rsv.chnl_cd IS 'Booking channel: 1 = own website, 2 = phone/e-mail to reservations office, 3 = walk-in, 4 = Booking.com, 5 = Expedia, 6 = GDS / corporate travel agent, 7 = group & wholesale contract.';
COMMENT ON COLUMN fo.rsv.ext_ref IS 'Booking reference of the external channel (OTA/GDS). NULL for direct bookings (channels 1-3).';
COMMENT ON COLUMN fo.rsv.upd_ts IS 'Last modification by the channel manager interface; NULL = never modified after booking.';

INSERT INTO fo.rsv
SELECT r.rsv_id,
       p.prop_cd || '-' || lpad(r.rsv_id::text, 7, '0'),
       r.guest_id, r.prop_id, r.rt_id,
       sa.room_id,
       r.rp_id, r.book_ts, r.arr, r.arr + r.nts, r.adl, r.chd, r.rate_amt, r.sts_cd, r.chnl,
       CASE WHEN r.chnl IN (4,5,6,7) THEN
            CASE r.chnl WHEN 4 THEN 'BDC' WHEN 5 THEN 'EXP' WHEN 6 THEN 'GDS' ELSE 'GRP' END
            || (1000000000 + floor(pg_temp.h('ex' || r.i) * 8999999999))::bigint::text END,
       NULL
FROM s_r r
JOIN core.property p ON p.prop_id = r.prop_id
LEFT JOIN s_assign sa ON sa.rsv_id = r.rsv_id
ORDER BY r.rsv_id;

-- ---------------------------------------------------------------------
-- fo.cxl
-- ---------------------------------------------------------------------
CREATE TABLE fo.cxl (
    rsv_id   bigint PRIMARY KEY REFERENCES fo.rsv,
    cxl_ts   timestamp NOT NULL,
    rsn_cd   smallint NOT NULL,
    cxl_by   char(1) NOT NULL,
    fee_amt  numeric(10,2)
);
COMMENT ON TABLE  fo.cxl IS 'Cancellations (cxl): one row per reservation with sts_cd = X.';
COMMENT ON COLUMN fo.cxl.rsn_cd IS 'Cancellation reason: 1 = change of travel plans, 2 = found a cheaper rate elsewhere, 3 = illness / family emergency, 4 = duplicate booking, 5 = payment / credit-card failure (cancelled by hotel), 6 = rebooked through another channel, 9 = other / no reason given.';
COMMENT ON COLUMN fo.cxl.cxl_by IS 'Who cancelled: G = guest, A = channel/agent (OTA, GDS), H = hotel.';
COMMENT ON COLUMN fo.cxl.fee_amt IS 'Cancellation fee charged in EUR. NULL = no fee applicable (cancelled within the free-cancellation window); 0.00 = fee applicable but waived by the manager.';

INSERT INTO fo.cxl
WITH c AS (
  SELECT r.rsv_id, r.book_ts, r.arr_dt, r.dep_dt, r.rate_amt, r.chnl_cd, rp.refundable,
         pg_temp.h('cx' || r.rsv_id) AS hx, pg_temp.h('cr' || r.rsv_id) AS hr, pg_temp.h('cw' || r.rsv_id) AS hw,
         least(r.arr_dt + time '18:00', timestamp '2024-11-30 22:00') AS lim
  FROM fo.rsv r JOIN fo.rate_plan rp ON rp.rp_id = r.rp_id
  WHERE r.sts_cd = 'X'
), c2 AS (
  SELECT c.*,
         c.book_ts + (c.lim - c.book_ts) * c.hx AS ts,
         CASE WHEN hr < 0.40 THEN 1 WHEN hr < 0.55 THEN 2 WHEN hr < 0.67 THEN 3 WHEN hr < 0.75 THEN 4
              WHEN hr < 0.82 THEN 5 WHEN hr < 0.90 THEN 6 ELSE 9 END AS rsn
  FROM c
)
SELECT rsv_id, date_trunc('second', greatest(ts, book_ts)), rsn,
       CASE WHEN rsn = 5 THEN 'H' WHEN chnl_cd IN (4,5,6) AND hw < 0.5 THEN 'A' ELSE 'G' END,
       CASE WHEN rsn = 5 THEN NULL
            WHEN NOT refundable THEN CASE WHEN rsn = 4 OR hw < 0.15 THEN 0 ELSE rate_amt * (dep_dt - arr_dt) END
            WHEN ts > arr_dt - 2 THEN CASE WHEN rsn = 4 OR hw < 0.20 THEN 0 ELSE rate_amt END
            ELSE NULL END
FROM c2
ORDER BY rsv_id;

-- ---------------------------------------------------------------------
-- fo.stay
-- ---------------------------------------------------------------------
CREATE TABLE fo.stay (
    stay_id  bigint PRIMARY KEY,
    rsv_id   bigint NOT NULL UNIQUE REFERENCES fo.rsv,
    room_id  integer NOT NULL REFERENCES core.room,
    ci_ts    timestamp NOT NULL,
    co_ts    timestamp,
    CHECK (co_ts IS NULL OR co_ts > ci_ts)
);
COMMENT ON TABLE  fo.stay IS 'Actual stays: created at check-in for reservations that arrived (status I or O).';
COMMENT ON COLUMN fo.stay.ci_ts IS 'Check-in timestamp (hotel local time).';
COMMENT ON COLUMN fo.stay.co_ts IS 'Check-out timestamp (hotel local time). NULL = guest still in-house. May be earlier than fo.rsv.dep_dt when the guest left early.';

INSERT INTO fo.stay
WITH s AS (
  SELECT r.rsv_id, r.room_id, r.arr_dt, r.dep_dt, r.sts_cd,
         pg_temp.h('si' || r.rsv_id) AS hi, pg_temp.h('so' || r.rsv_id) AS ho,
         pg_temp.h('se' || r.rsv_id) AS he, pg_temp.h('sl' || r.rsv_id) AS hl
  FROM fo.rsv r WHERE r.sts_cd IN ('I','O')
)
SELECT row_number() OVER (ORDER BY rsv_id), rsv_id, room_id,
       arr_dt + CASE WHEN hi < 0.08 THEN time '09:30' + make_interval(secs => floor(hi / 0.08 * 12600))
                     ELSE time '14:00' + make_interval(secs => floor(power((hi - 0.08) / 0.92, 1.5) * 35000)) END,
       CASE WHEN sts_cd = 'I' THEN NULL
            ELSE (CASE WHEN he < 0.035 AND dep_dt - arr_dt >= 2 THEN dep_dt - 1 ELSE dep_dt END)
                 + CASE WHEN hl < 0.05 THEN time '12:30' + make_interval(secs => floor(hl / 0.05 * 9000))
                        ELSE time '06:30' + make_interval(secs => floor(power(ho, 0.7) * 19800)) END
       END
FROM s
ORDER BY rsv_id;

-- ---------------------------------------------------------------------
-- fin.folio / fin.folio_ln / fin.pmt
-- ---------------------------------------------------------------------
CREATE TABLE fin.folio (
    folio_id   bigint PRIMARY KEY,
    stay_id    bigint NOT NULL REFERENCES fo.stay,
    folio_no   varchar(14) NOT NULL UNIQUE,
    bill_to    char(1) NOT NULL DEFAULT 'G',
    opened_ts  timestamp NOT NULL,
    closed_ts  timestamp
);
COMMENT ON TABLE  fin.folio IS 'Guest folio = the bill of a stay.';
COMMENT ON COLUMN fin.folio.bill_to IS 'Who settles the folio: G = guest, C = company (city ledger, paid later by bank transfer), T = travel agent / group organiser.';
COMMENT ON COLUMN fin.folio.closed_ts IS 'Time the folio was closed at check-out. NULL = folio still open (guest in-house).';

INSERT INTO fin.folio
SELECT s.stay_id, s.stay_id,
       p.prop_cd || 'F' || lpad(s.stay_id::text, 8, '0'),
       CASE WHEN r.chnl_cd = 6 AND pg_temp.h('fb' || s.stay_id) < 0.65 THEN 'C'
            WHEN r.chnl_cd = 7 THEN 'T'
            WHEN r.rp_id = 3 AND pg_temp.h('fb' || s.stay_id) < 0.40 THEN 'C'
            ELSE 'G' END,
       s.ci_ts,
       CASE WHEN s.co_ts IS NOT NULL THEN s.co_ts + make_interval(secs => 60 + floor(pg_temp.h('fc' || s.stay_id) * 600)) END
FROM fo.stay s JOIN fo.rsv r ON r.rsv_id = s.rsv_id JOIN core.property p ON p.prop_id = r.prop_id
ORDER BY s.stay_id;

CREATE TABLE fin.folio_ln (
    ln_id      bigint PRIMARY KEY,
    folio_id   bigint NOT NULL REFERENCES fin.folio,
    post_dt    date NOT NULL,
    chg_cd     varchar(3) NOT NULL,
    outlet_cd  smallint,
    amt        numeric(10,2) NOT NULL,
    vat_amt    numeric(10,2) NOT NULL,
    void_flg   boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  fin.folio_ln IS 'Folio lines (folio_ln): every charge posted to a folio.';
COMMENT ON COLUMN fin.folio_ln.post_dt IS 'Business date the charge was posted.';
COMMENT ON COLUMN fin.folio_ln.chg_cd IS 'Charge code: RM = room night, FB = food & beverage, SPA = spa treatment, MB = minibar, PK = parking, LND = laundry, CTX = city tax (no VAT), ADJ = adjustment / goodwill rebate (negative amount).';
COMMENT ON COLUMN fin.folio_ln.outlet_cd IS 'F&B outlet, only for chg_cd = FB: 1 = restaurant, 2 = bar, 3 = room service, 4 = breakfast room. NULL for all other charge codes.';
COMMENT ON COLUMN fin.folio_ln.amt IS 'Charged amount in EUR INCLUDING VAT (gross). Net revenue = amt - vat_amt.';
COMMENT ON COLUMN fin.folio_ln.vat_amt IS 'VAT contained in amt, EUR.';
COMMENT ON COLUMN fin.folio_ln.void_flg IS 'true = line voided (posting error or disputed charge). Kept for audit; must be excluded from revenue and balances.';

CREATE TEMP TABLE s_st AS
SELECT s.stay_id AS folio_id, s.stay_id, r.rsv_id, r.prop_id, r.arr_dt, r.rate_amt, r.adl_cnt, r.rp_id, r.chnl_cd, r.book_ts,
       s.co_ts,
       CASE WHEN s.co_ts IS NULL THEN (date '2024-11-30' - r.arr_dt) + 1 ELSE (s.co_ts::date - r.arr_dt) END AS act_n,
       p.vat_rm_pct, p.vat_std_pct, p.ctax_pp, p.has_spa, p.has_parking
FROM fo.stay s JOIN fo.rsv r ON r.rsv_id = s.rsv_id JOIN core.property p ON p.prop_id = r.prop_id;

CREATE TEMP TABLE s_ln AS
-- room nights
SELECT folio_id, arr_dt + g AS post_dt, 'RM'::varchar(3) AS chg_cd, NULL::smallint AS outlet_cd,
       rate_amt + round(rate_amt * vat_rm_pct / 100, 2) AS amt, round(rate_amt * vat_rm_pct / 100, 2) AS vat_amt,
       false AS void_flg, 1 AS k, g AS sub
FROM s_st CROSS JOIN LATERAL generate_series(0, act_n - 1) g
WHERE arr_dt + g <= date '2024-11-30'
UNION ALL
-- city tax
SELECT folio_id, arr_dt + g, 'CTX', NULL, ctax_pp * adl_cnt, 0, false, 2, g
FROM s_st CROSS JOIN LATERAL generate_series(0, act_n - 1) g
WHERE ctax_pp IS NOT NULL AND arr_dt + g <= date '2024-11-30'
UNION ALL
-- food & beverage (+ voided duplicates)
SELECT folio_id, post_dt, 'FB', outlet_cd, amt, round(amt - amt / (1 + vat_rm_pct / 100), 2), v, 3, g * 2 + v::int
FROM (
  SELECT s.folio_id, s.vat_rm_pct, g,
         least(s.arr_dt + floor(pg_temp.h('fd' || s.folio_id || '-' || g) * s.act_n)::int, date '2024-11-30') AS post_dt,
         (CASE WHEN s.rp_id = 4 THEN ARRAY[1,2,2,3,1] ELSE ARRAY[1,2,3,4,4] END)[1 + floor(pg_temp.h('fo' || s.folio_id || '-' || g) * 5)::int]::smallint AS outlet_cd,
         round((6 + power(pg_temp.h('fa' || s.folio_id || '-' || g), 2.2) * 134)::numeric, 2) AS amt,
         pg_temp.h('fv' || s.folio_id || '-' || g) AS hv
  FROM s_st s
  CROSS JOIN LATERAL generate_series(1, floor(power(pg_temp.h('fn' || s.folio_id), 1.4) * (s.act_n + 2))::int) g
) f
CROSS JOIN LATERAL (SELECT false AS v UNION ALL SELECT true WHERE f.hv < 0.02) vv
UNION ALL
-- spa
SELECT folio_id, least(arr_dt + floor(pg_temp.h('sd' || folio_id) * act_n)::int, date '2024-11-30'), 'SPA', NULL,
       round((65 + pg_temp.h('sa' || folio_id) * 175)::numeric, 0),
       round(round((65 + pg_temp.h('sa' || folio_id) * 175)::numeric, 0) * (1 - 1 / (1 + vat_std_pct / 100)), 2),
       false, 4, 0
FROM s_st WHERE has_spa AND pg_temp.h('sp' || folio_id) < 0.11
UNION ALL
-- minibar (1% disputed -> voided)
SELECT folio_id, least(arr_dt + floor(pg_temp.h('md' || folio_id) * act_n)::int, date '2024-11-30'), 'MB', NULL,
       round((4.5 + pg_temp.h('ma' || folio_id) * 43.5)::numeric, 1),
       round(round((4.5 + pg_temp.h('ma' || folio_id) * 43.5)::numeric, 1) * (1 - 1 / (1 + vat_std_pct / 100)), 2),
       pg_temp.h('mv' || folio_id) < 0.04, 5, 0
FROM s_st WHERE pg_temp.h('mb' || folio_id) < 0.22
UNION ALL
-- parking
SELECT folio_id, arr_dt, 'PK', NULL, (28 * act_n)::numeric(10,2),
       round(28 * act_n * (1 - 1 / (1 + vat_std_pct / 100)), 2), false, 6, 0
FROM s_st WHERE has_parking AND pg_temp.h('pk' || folio_id) < 0.09
UNION ALL
-- laundry
SELECT folio_id, least(arr_dt + floor(pg_temp.h('ld' || folio_id) * act_n)::int, date '2024-11-30'), 'LND', NULL,
       round((12 + pg_temp.h('la' || folio_id) * 48)::numeric, 0),
       round(round((12 + pg_temp.h('la' || folio_id) * 48)::numeric, 0) * (1 - 1 / (1 + vat_std_pct / 100)), 2),
       false, 7, 0
FROM s_st WHERE pg_temp.h('lq' || folio_id) < 0.03
UNION ALL
-- goodwill adjustments on checked-out stays
SELECT folio_id, co_ts::date, 'ADJ', NULL,
       -round((10 + pg_temp.h('aa' || folio_id) * 70)::numeric, 0),
       -round(round((10 + pg_temp.h('aa' || folio_id) * 70)::numeric, 0) * (1 - 1 / (1 + vat_rm_pct / 100)), 2),
       false, 8, 0
FROM s_st WHERE co_ts IS NOT NULL AND pg_temp.h('aj' || folio_id) < 0.02;

INSERT INTO fin.folio_ln
SELECT row_number() OVER (ORDER BY folio_id, post_dt, k, sub, void_flg), folio_id, post_dt, chg_cd, outlet_cd, amt, vat_amt, void_flg
FROM s_ln
ORDER BY 1;

CREATE TABLE fin.pmt (
    pmt_id    bigint PRIMARY KEY,
    folio_id  bigint NOT NULL REFERENCES fin.folio,
    pmt_ts    timestamp NOT NULL,
    mthd_cd   char(2) NOT NULL,
    amt       numeric(10,2) NOT NULL,
    ref_no    varchar(24)
);
COMMENT ON TABLE  fin.pmt IS 'Payments (pmt) received against folios.';
COMMENT ON COLUMN fin.pmt.mthd_cd IS 'Payment method: CC = credit card, DC = debit card, CA = cash, BT = bank transfer (company invoices), VC = OTA virtual card (prepaid by the channel), PT = loyalty points redemption.';
COMMENT ON COLUMN fin.pmt.amt IS 'Amount received in EUR (gross).';
COMMENT ON COLUMN fin.pmt.ref_no IS 'Card authorisation code / bank reference. NULL for cash and points.';

INSERT INTO fin.pmt
WITH tot AS (
  SELECT folio_id,
         sum(amt) FILTER (WHERE NOT void_flg) AS total,
         sum(amt) FILTER (WHERE NOT void_flg AND chg_cd = 'RM') AS room_total
  FROM fin.folio_ln GROUP BY folio_id
), f AS (
  SELECT s.folio_id, s.rp_id, s.chnl_cd, s.book_ts, f.bill_to, f.closed_ts, t.total, coalesce(t.room_total, 0) AS room_total,
         s.arr_dt, r.dep_dt, r.rate_amt, pg_temp.h('pm' || s.folio_id) AS hm, pg_temp.h('pt' || s.folio_id) AS ht
  FROM s_st s JOIN fin.folio f ON f.folio_id = s.folio_id JOIN tot t ON t.folio_id = s.folio_id
  JOIN fo.rsv r ON r.rsv_id = s.rsv_id
), pre AS (   -- prepayment at booking: Expedia virtual card or advance purchase
  SELECT folio_id, book_ts + interval '3 minutes' AS ts,
         CASE WHEN chnl_cd = 5 THEN 'VC' ELSE 'CC' END AS mthd,
         CASE WHEN closed_ts IS NULL THEN rate_amt * (dep_dt - arr_dt)
              ELSE room_total END AS amt, 1 AS k
  FROM f WHERE chnl_cd = 5 OR rp_id = 2
), fin_pay AS (
  SELECT f.folio_id,
         CASE WHEN bill_to IN ('C','T') THEN closed_ts + make_interval(days => 10 + floor(ht * 35)::int)
              ELSE closed_ts + interval '1 minute' END AS ts,
         CASE WHEN bill_to IN ('C','T') THEN 'BT'
              WHEN hm < 0.60 THEN 'CC' WHEN hm < 0.82 THEN 'DC' WHEN hm < 0.94 THEN 'CA' ELSE 'PT' END AS mthd,
         f.total - coalesce(p.amt, 0) AS amt, 2 AS k
  FROM f LEFT JOIN pre p ON p.folio_id = f.folio_id
  WHERE f.closed_ts IS NOT NULL
), allp AS (
  SELECT * FROM pre UNION ALL SELECT * FROM fin_pay WHERE amt > 0 AND ts <= timestamp '2024-11-30 23:59:59'
)
SELECT row_number() OVER (ORDER BY date_trunc('second', ts), folio_id, k), folio_id, date_trunc('second', ts), mthd, amt,
       CASE WHEN mthd IN ('CC','DC','VC') THEN upper(substr(md5('au' || folio_id || k), 1, 6))
            WHEN mthd = 'BT' THEN 'INV' || lpad(folio_id::text, 8, '0') END
FROM allp
ORDER BY 1;

-- ---------------------------------------------------------------------
-- ops.staff / ops.hk_task
-- ---------------------------------------------------------------------
CREATE TYPE ops.hk_status AS ENUM ('open', 'in_progress', 'done', 'skipped');
COMMENT ON TYPE ops.hk_status IS 'Housekeeping task status. skipped = not performed (guest had Do-Not-Disturb sign or declined service).';

CREATE TABLE ops.staff (
    staff_id  integer PRIMARY KEY,
    prop_id   smallint NOT NULL REFERENCES core.property,
    full_nm   text NOT NULL,
    role_cd   char(2) NOT NULL,
    hired_dt  date NOT NULL,
    left_dt   date
);
COMMENT ON TABLE  ops.staff IS 'Operations staff (housekeeping and maintenance).';
COMMENT ON COLUMN ops.staff.role_cd IS 'Role: HK = room attendant, SV = housekeeping supervisor (does inspections), MT = maintenance technician.';
COMMENT ON COLUMN ops.staff.left_dt IS 'Last working day; NULL = still employed.';

INSERT INTO ops.staff
SELECT (p.prop_id - 1) * 12 + g,
       p.prop_id,
       (ARRAY['Ana','Rui','Marta','Tiago','Eva','Jana','Petr','Karin','Mette','Sofie','Maria','Ahmed','Fatima','Olga',
              'Irina','Nuno','Lena','Ivan','Rosa','Kim'])[1 + (((p.prop_id - 1) * 12 + g) * 7) % 20] || ' ' ||
       (ARRAY['Costa','Novakova','Horvat','Larsen','Mendes','Kovac','Dias','Berger','Popescu','Nowak','Moreno',
              'Eriksen','Vos','Pinto','Fuchs','Lindqvist','Sousa'])[1 + (((p.prop_id - 1) * 12 + g) * 5) % 17],
       CASE WHEN g <= 9 THEN 'HK' WHEN g <= 11 THEN 'SV' ELSE 'MT' END,
       greatest(p.opened_dt, date '2021-06-01') - 30 - floor(pg_temp.h('sh' || p.prop_id || g) * 200)::int,
       CASE WHEN g IN (3, 8) AND p.prop_id IN (2, 4, 6) THEN date '2024-03-31' + floor(pg_temp.h('sx' || p.prop_id || g) * 150)::int END
FROM core.property p CROSS JOIN generate_series(1, 12) g
ORDER BY 1;

CREATE TABLE ops.hk_task (
    task_id     bigint PRIMARY KEY,
    room_id     integer NOT NULL REFERENCES core.room,
    task_dt     date NOT NULL,
    task_typ    char(1) NOT NULL,
    prio        smallint NOT NULL DEFAULT 3,
    staff_id    integer REFERENCES ops.staff,
    status      ops.hk_status NOT NULL DEFAULT 'open',
    started_ts  timestamp,
    done_ts     timestamp,
    note        text
);
COMMENT ON TABLE  ops.hk_task IS 'Housekeeping (hk) and maintenance tasks per room and day.';
COMMENT ON COLUMN ops.hk_task.task_typ IS 'Task type: D = departure clean (full clean after check-out), S = stayover refresh, I = supervisor inspection, M = maintenance job.';
COMMENT ON COLUMN ops.hk_task.prio IS 'Priority: 1 = urgent (room blocked), 2 = same day, 3 = normal.';
COMMENT ON COLUMN ops.hk_task.staff_id IS 'Assigned staff member. NULL = not yet assigned.';
COMMENT ON COLUMN ops.hk_task.started_ts IS 'Work started; NULL = not started (open or skipped).';
COMMENT ON COLUMN ops.hk_task.done_ts IS 'Work finished; NULL = not finished.';

CREATE TEMP TABLE s_hk AS
WITH st AS (
  SELECT s.stay_id, s.room_id, s.co_ts, r.arr_dt, r.prop_id, rt.rt_cd,
         CASE WHEN s.co_ts IS NULL THEN (date '2024-11-30' - r.arr_dt) + 1 ELSE (s.co_ts::date - r.arr_dt) END AS act_n
  FROM fo.stay s JOIN fo.rsv r ON r.rsv_id = s.rsv_id JOIN core.room_type rt ON rt.rt_id = r.rt_id
), dep AS (
  SELECT st.stay_id, st.room_id, st.prop_id, st.co_ts::date AS task_dt, 'D'::char(1) AS typ, 3 AS prio,
         (st.prop_id - 1) * 12 + 1 + floor(pg_temp.h('hd' || st.stay_id) * 9)::int AS staff_id,
         'done'::ops.hk_status AS status,
         st.co_ts + make_interval(mins => 20 + floor(pg_temp.h('hs' || st.stay_id) * 160)::int) AS started_ts,
         22 + floor(pg_temp.h('hu' || st.stay_id) * 25)::int + CASE WHEN st.rt_cd IN ('STE','FAM') THEN 18 ELSE 0 END AS dur,
         NULL::text AS note
  FROM st WHERE st.co_ts IS NOT NULL
)
SELECT room_id, task_dt, typ, prio, staff_id, status, started_ts, started_ts + make_interval(mins => dur) AS done_ts, note, 1 AS k, stay_id AS src
FROM dep
UNION ALL
-- supervisor inspections after ~30% of departure cleans
SELECT room_id, task_dt, 'I', 3, (prop_id - 1) * 12 + 10 + floor(pg_temp.h('hv' || stay_id) * 2)::int, 'done',
       started_ts + make_interval(mins => dur + 5 + floor(pg_temp.h('hw' || stay_id) * 55)::int),
       started_ts + make_interval(mins => dur + 5 + floor(pg_temp.h('hw' || stay_id) * 55)::int + 5 + floor(pg_temp.h('hz' || stay_id) * 8)::int),
       NULL, 2, stay_id
FROM dep WHERE pg_temp.h('hi' || stay_id) < 0.30
UNION ALL
-- stayover refresh, ~55% of in-house nights; 8% skipped (DND)
SELECT room_id, arr_dt + g, 'S', 3,
       (prop_id - 1) * 12 + 1 + floor(pg_temp.h('ha' || stay_id || '-' || g) * 9)::int,
       CASE WHEN pg_temp.h('hk' || stay_id || '-' || g) < 0.08 THEN 'skipped'::ops.hk_status ELSE 'done' END,
       CASE WHEN pg_temp.h('hk' || stay_id || '-' || g) < 0.08 THEN NULL
            ELSE (arr_dt + g) + time '09:00' + make_interval(mins => floor(pg_temp.h('hb' || stay_id || '-' || g) * 360)::int) END,
       CASE WHEN pg_temp.h('hk' || stay_id || '-' || g) < 0.08 THEN NULL
            ELSE (arr_dt + g) + time '09:00' + make_interval(mins => floor(pg_temp.h('hb' || stay_id || '-' || g) * 360)::int
                                                           + 10 + floor(pg_temp.h('hc' || stay_id || '-' || g) * 20)::int) END,
       CASE WHEN pg_temp.h('hk' || stay_id || '-' || g) < 0.08 THEN 'DND' END,
       3, stay_id * 100 + g
FROM st CROSS JOIN LATERAL generate_series(1, st.act_n - 1) g
WHERE arr_dt + g <= date '2024-11-30' AND pg_temp.h('hy' || stay_id || '-' || g) < 0.55;

INSERT INTO s_hk
WITH m AS (
  SELECT i, date '2022-01-01' + floor(pg_temp.h('mt' || i) * 1065)::int AS task_dt,
         1 + floor(pg_temp.h('mr' || i) * 363)::int AS room_id,
         pg_temp.h('ms' || i) AS hs, pg_temp.h('mp' || i) AS hp, pg_temp.h('mu' || i) AS hu
  FROM generate_series(1, 1800) i
)
SELECT m.room_id, m.task_dt, 'M',
       CASE WHEN hp < 0.15 THEN 1 WHEN hp < 0.50 THEN 2 ELSE 3 END,
       CASE WHEN m.task_dt >= date '2024-11-20' AND hs < 0.25 THEN NULL ELSE (r.prop_id - 1) * 12 + 12 END,
       CASE WHEN m.task_dt >= date '2024-11-20' AND hs < 0.25 THEN 'open'::ops.hk_status
            WHEN m.task_dt >= date '2024-11-20' AND hs < 0.45 THEN 'in_progress'
            ELSE 'done' END,
       CASE WHEN m.task_dt >= date '2024-11-20' AND hs < 0.25 THEN NULL
            ELSE m.task_dt + time '08:00' + make_interval(mins => floor(hu * 540)::int) END,
       CASE WHEN m.task_dt >= date '2024-11-20' AND hs < 0.45 THEN NULL
            ELSE m.task_dt + time '08:00' + make_interval(mins => floor(hu * 540)::int + 15 + floor(power(pg_temp.h('md' || i), 2) * 225)::int) END,
       (ARRAY['Leaking tap','AC not cooling','TV remote missing','Light bulb replacement','Door lock battery low',
              'Shower drain blocked','Wi-Fi access point reset','Minibar fridge fault','Broken curtain rail',
              'Toilet running'])[1 + floor(pg_temp.h('mn' || i) * 10)::int],
       4, i
FROM m JOIN core.room r ON r.room_id = m.room_id
JOIN core.property p ON p.prop_id = r.prop_id
WHERE m.task_dt >= p.opened_dt;

INSERT INTO ops.hk_task
SELECT row_number() OVER (ORDER BY t.task_dt, t.room_id, t.k, t.src), t.room_id, t.task_dt, t.typ, t.prio,
       CASE WHEN st.left_dt < t.task_dt THEN t.staff_id + 1 ELSE t.staff_id END,   -- leavers' work goes to a colleague
       t.status, t.started_ts, t.done_ts, t.note
FROM s_hk t LEFT JOIN ops.staff st ON st.staff_id = t.staff_id
ORDER BY 1;

-- ---------------------------------------------------------------------
-- crm.review  (feed import; deliberately no FK to fo.stay)
-- ---------------------------------------------------------------------
CREATE TABLE crm.review (
    rev_id       bigint PRIMARY KEY,
    stay_id      bigint NOT NULL,
    src_cd       char(1) NOT NULL,
    posted_dt    date NOT NULL,
    ovr_scr      numeric(3,1) NOT NULL CHECK (ovr_scr BETWEEN 1 AND 10),
    cln_scr      smallint CHECK (cln_scr BETWEEN 1 AND 5),
    svc_scr      smallint CHECK (svc_scr BETWEEN 1 AND 5),
    reviewer_nm  text,
    resp_dt      date
);
COMMENT ON TABLE  crm.review IS 'Guest reviews imported nightly from the review-aggregator feed. stay_id has no foreign key: the nightly GDPR purge job deletes old stays, so some reviews point to stays that no longer exist.';
COMMENT ON COLUMN crm.review.stay_id IS 'Stay the review belongs to (matched by confirmation number). Not enforced by a FK, may be orphaned.';
COMMENT ON COLUMN crm.review.src_cd IS 'Review source: G = Google, T = TripAdvisor, B = Booking.com, E = Expedia, S = own post-stay survey.';
COMMENT ON COLUMN crm.review.ovr_scr IS 'Overall score normalised to a 1-10 scale (5-star sources are multiplied by 2).';
COMMENT ON COLUMN crm.review.cln_scr IS 'Cleanliness sub-score 1-5. NULL = the source does not ask for it (Google, TripAdvisor).';
COMMENT ON COLUMN crm.review.svc_scr IS 'Service/staff sub-score 1-5. NULL = the source does not ask for it (Google, TripAdvisor).';
COMMENT ON COLUMN crm.review.resp_dt IS 'Date management posted a public response. NULL = not answered.';

INSERT INTO crm.review
WITH s AS (
  SELECT s.stay_id, s.co_ts, r.prop_id, r.chnl_cd, g.first_nm, g.last_nm, r.dep_dt,
         pg_temp.h('vs' || s.stay_id) AS hs, pg_temp.h('vp' || s.stay_id) AS hp,
         pg_temp.h('v1' || s.stay_id) AS h1, pg_temp.h('v2' || s.stay_id) AS h2,
         pg_temp.h('vr' || s.stay_id) AS hr
  FROM fo.stay s JOIN fo.rsv r ON r.rsv_id = s.rsv_id JOIN crm.guest g ON g.guest_id = r.guest_id
  WHERE s.co_ts IS NOT NULL AND pg_temp.h('vq' || s.stay_id) < 0.27
), s2 AS (
  SELECT s.*,
         CASE WHEN chnl_cd = 4 AND hs < 0.8 THEN 'B' WHEN chnl_cd = 5 AND hs < 0.8 THEN 'E'
              WHEN hs < 0.35 THEN 'G' WHEN hs < 0.55 THEN 'T' ELSE 'S' END AS src,
         s.co_ts::date + 1 + floor(power(hp, 2) * 40)::int AS posted,
         greatest(1.0, least(10.0,
             (ARRAY[8.3, 8.8, 7.9, 8.6, 7.6, 8.2, 9.0])[prop_id]
             + (h1 + h2 - 1) * 3.2
             - CASE WHEN co_ts::date < dep_dt THEN 2.5 ELSE 0 END)) AS raw
  FROM s
), s3 AS (
  SELECT s2.*,
         CASE WHEN src IN ('G','T') THEN greatest(1, round(raw / 2)) * 2
              WHEN src IN ('B','E') THEN round(raw)
              ELSE round(raw::numeric, 1) END AS scr
  FROM s2 WHERE posted <= date '2024-11-30'
), allr AS (
  SELECT stay_id, src, posted, scr,
         CASE WHEN src IN ('G','T') THEN NULL ELSE greatest(1, least(5, round(scr / 2 + (pg_temp.h('vc' || stay_id) - 0.5) * 1.6))) END AS cln,
         CASE WHEN src IN ('G','T') THEN NULL ELSE greatest(1, least(5, round(scr / 2 + (pg_temp.h('vt' || stay_id) - 0.5) * 1.6))) END AS svc,
         first_nm || ' ' || left(last_nm, 1) || '.' AS nm,
         CASE WHEN src = 'S' THEN NULL
              WHEN hr < CASE WHEN scr <= 5 THEN 0.85 ELSE 0.45 END
              THEN least(posted + 1 + floor(pg_temp.h('vd' || stay_id) * 9)::int, date '2024-11-30') END AS resp
  FROM s3
  UNION ALL
  -- reviews for stays that were later removed by the GDPR purge job (orphans)
  SELECT 900000 + i, (ARRAY['G','T','B'])[1 + floor(pg_temp.h('oz' || i) * 3)::int],
         date '2022-02-01' + floor(pg_temp.h('oy' || i) * 700)::int,
         (2 * (2 + floor(pg_temp.h('ox' || i) * 4)))::numeric, NULL, NULL, NULL, NULL
  FROM generate_series(1, 37) i
)
SELECT row_number() OVER (ORDER BY posted, stay_id), stay_id, src, posted, scr, cln, svc, nm, resp
FROM allr ORDER BY 1;

COMMENT ON COLUMN crm.review.reviewer_nm IS 'Display name of the reviewer as published (first name + initial). NULL for anonymous reviews.';

-- ---------------------------------------------------------------------
-- views
-- ---------------------------------------------------------------------
CREATE VIEW rpt.v_folio_bal AS
SELECT f.folio_id, f.folio_no, f.stay_id, r.prop_id, f.bill_to, f.closed_ts,
       coalesce(l.gross, 0)        AS gross_amt,
       coalesce(l.vat, 0)          AS vat_amt,
       coalesce(p.paid, 0)         AS paid_amt,
       coalesce(l.gross, 0) - coalesce(p.paid, 0) AS bal_amt
FROM fin.folio f
JOIN fo.stay s ON s.stay_id = f.stay_id
JOIN fo.rsv r ON r.rsv_id = s.rsv_id
LEFT JOIN (SELECT folio_id, sum(amt) AS gross, sum(vat_amt) AS vat FROM fin.folio_ln WHERE NOT void_flg GROUP BY folio_id) l
       ON l.folio_id = f.folio_id
LEFT JOIN (SELECT folio_id, sum(amt) AS paid FROM fin.pmt GROUP BY folio_id) p ON p.folio_id = f.folio_id;
COMMENT ON VIEW rpt.v_folio_bal IS 'Folio balance: gross charges (voided lines excluded) minus payments. bal_amt > 0 = money still owed.';

CREATE VIEW rpt.v_rsv_night AS
SELECT r.rsv_id, r.prop_id, r.rt_id, r.chnl_cd, r.sts_cd, d::date AS stay_dt, r.rate_amt
FROM fo.rsv r CROSS JOIN LATERAL generate_series(r.arr_dt, r.dep_dt - 1, interval '1 day') d
WHERE r.sts_cd IN ('C','I','O');
COMMENT ON VIEW rpt.v_rsv_night IS 'One row per booked room night of active or completed reservations (tentative, cancelled and no-show excluded). Used for occupancy / on-the-books reports.';

-- ---------------------------------------------------------------------
-- indexes
-- ---------------------------------------------------------------------
CREATE INDEX ix_rsv_guest      ON fo.rsv (guest_id);
CREATE INDEX ix_rsv_prop_arr   ON fo.rsv (prop_id, arr_dt);
CREATE INDEX ix_stay_room      ON fo.stay (room_id);
CREATE INDEX ix_folio_stay     ON fin.folio (stay_id);
CREATE INDEX ix_folio_ln_folio ON fin.folio_ln (folio_id);
CREATE INDEX ix_pmt_folio      ON fin.pmt (folio_id);
CREATE INDEX ix_pmt_ref_no     ON fin.pmt (ref_no);
CREATE INDEX ix_hk_room_dt     ON ops.hk_task (room_id, task_dt);
CREATE INDEX ix_hk_staff       ON ops.hk_task (staff_id);
CREATE INDEX ix_guest_last_nm  ON crm.guest (last_nm, first_nm);
CREATE INDEX ix_review_posted  ON crm.review (posted_dt);

SELECT setval(pg_get_serial_sequence('core.room_type', 'rt_id'), (SELECT max(rt_id) FROM core.room_type)) AS rt_seq \gset
SELECT setval(pg_get_serial_sequence('core.room', 'room_id'), (SELECT max(room_id) FROM core.room)) AS room_seq \gset

ANALYZE;

-- =====================================================================
--  "StadtFlitzer" car-sharing  --  operational database (fleet / cust / ops / billing)
--  Deterministic data: every value comes from the hash helper zz_rnd(i, salt),
--  which is dropped again at the end of the script.  Data "today" = 2025-06-30.
--  All timestamps are "timestamp without time zone" in local time (Europe/Berlin).
-- =====================================================================

CREATE SCHEMA fleet;
CREATE SCHEMA cust;
CREATE SCHEMA ops;
CREATE SCHEMA billing;

COMMENT ON SCHEMA fleet   IS 'Vehicles, models, parking zones, workshop jobs and damage reports (fleet team).';
COMMENT ON SCHEMA cust    IS 'Members (customers) and membership plans.';
COMMENT ON SCHEMA ops     IS 'Rentals ("trips") and promotion codes.';
COMMENT ON SCHEMA billing IS 'Monthly member invoices and incoming payments.';

-- deterministic pseudo-random number in [0,1) -- build helper only, dropped at the end
CREATE FUNCTION public.zz_rnd(i bigint, salt int) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ((hashint8($1 * 1000003 + $2 * 7919) & 2147483647)::double precision / 2147483648.0) $$;

-- ---------------------------------------------------------------------
-- fleet
-- ---------------------------------------------------------------------
CREATE TYPE fleet.fuel_kind AS ENUM ('petrol', 'diesel', 'hybrid', 'electric');

CREATE TABLE fleet.veh_model (
    model_id     smallint PRIMARY KEY,
    make         text NOT NULL,
    model_name   text NOT NULL,
    fuel         fleet.fuel_kind NOT NULL,
    seg          char(1) NOT NULL,
    seats        smallint NOT NULL,
    min_rate     numeric(4,2) NOT NULL,
    UNIQUE (make, model_name)
);
COMMENT ON TABLE  fleet.veh_model IS 'Vehicle models offered in the fleet.';
COMMENT ON COLUMN fleet.veh_model.seg IS 'Size segment: A = mini, B = small, C = compact, D = mid-size/premium, V = van (transporter).';
COMMENT ON COLUMN fleet.veh_model.min_rate IS 'Standard price per driving minute in EUR (before plan discount and promo).';

CREATE TABLE fleet.zone (
    zone_id      smallint PRIMARY KEY,
    zone_code    varchar(8) NOT NULL UNIQUE,
    zone_name    text NOT NULL,
    city         text NOT NULL,
    is_airport   boolean NOT NULL DEFAULT false,
    opened_on    date NOT NULL
);
COMMENT ON TABLE  fleet.zone IS 'Parking / service zones (hubs). Trips start in a zone and normally end in one.';
COMMENT ON COLUMN fleet.zone.city IS 'City name as written locally (e.g. München, Köln).';

CREATE TABLE fleet.vehicle (
    veh_id           integer PRIMARY KEY,
    plate_no         varchar(12) NOT NULL UNIQUE,
    vin              char(17) NOT NULL UNIQUE,
    model_id         smallint NOT NULL REFERENCES fleet.veh_model(model_id),
    home_zone_id     smallint NOT NULL REFERENCES fleet.zone(zone_id),
    commissioned_on  date NOT NULL,
    retired_on       date,
    veh_sts          char(1) NOT NULL,
    odo_km           integer NOT NULL
);
COMMENT ON TABLE  fleet.vehicle IS 'Physical cars of the fleet.';
COMMENT ON COLUMN fleet.vehicle.retired_on IS 'Date the car left the fleet (sold / total loss). NULL = still in the fleet.';
COMMENT ON COLUMN fleet.vehicle.veh_sts IS 'Current state: A = available, R = rented (trip in progress), M = in the workshop, X = retired.';
COMMENT ON COLUMN fleet.vehicle.odo_km IS 'Odometer reading in km at the last telematics sync.';

CREATE TABLE fleet.maint_job (
    job_id       integer PRIMARY KEY,
    veh_id       integer NOT NULL REFERENCES fleet.vehicle(veh_id),
    job_type     char(3) NOT NULL,
    opened_at    timestamp NOT NULL,
    closed_at    timestamp,
    workshop     text NOT NULL,
    cost_eur     numeric(9,2)
);
COMMENT ON TABLE  fleet.maint_job IS 'Workshop / maintenance jobs per vehicle.';
COMMENT ON COLUMN fleet.maint_job.job_type IS 'SVC = scheduled service, TYR = tyre change, BDY = bodywork repair, BAT = battery / high-voltage check, CLN = deep cleaning, HU = statutory inspection (TUEV).';
COMMENT ON COLUMN fleet.maint_job.closed_at IS 'NULL = job still open (car still in the workshop).';
COMMENT ON COLUMN fleet.maint_job.cost_eur IS 'Invoiced cost of the job in EUR; NULL while the job is open.';

CREATE TABLE fleet.damage_rpt (
    dmg_id                integer PRIMARY KEY,
    veh_id                integer NOT NULL REFERENCES fleet.vehicle(veh_id),
    trip_id               bigint,
    reported_by_member_id integer,
    reported_at           timestamp NOT NULL,
    severity              smallint NOT NULL CHECK (severity BETWEEN 1 AND 3),
    est_cost_eur          numeric(8,2) NOT NULL,
    photo_cnt             smallint NOT NULL DEFAULT 0
);
COMMENT ON TABLE  fleet.damage_rpt IS 'Damage reports. trip_id refers to ops.trip.trip_id (no FK because ops.trip is partitioned).';
COMMENT ON COLUMN fleet.damage_rpt.severity IS '1 = cosmetic (scratch, dent), 2 = functional (mirror, light, tyre), 3 = car not drivable.';
COMMENT ON COLUMN fleet.damage_rpt.reported_by_member_id IS 'Member who reported it in the app; NULL = found by staff during a check.';

-- ---------------------------------------------------------------------
-- cust
-- ---------------------------------------------------------------------
CREATE TABLE cust.plan (
    plan_id       smallint PRIMARY KEY,
    plan_code     varchar(6) NOT NULL UNIQUE,
    monthly_fee   numeric(6,2) NOT NULL,
    disc_pct      smallint NOT NULL
);
COMMENT ON TABLE  cust.plan IS 'Membership plans.';
COMMENT ON COLUMN cust.plan.plan_code IS 'PAYG = pay-as-you-go (no monthly fee), FLEX = Flex monthly plan, PLUS = Plus/premium monthly plan, CORP = corporate (business) account.';
COMMENT ON COLUMN cust.plan.disc_pct IS 'Discount in percent on the per-minute price.';

CREATE TABLE cust.member (
    member_id             integer PRIMARY KEY,
    email                 text NOT NULL UNIQUE,
    full_name             text NOT NULL,
    phone                 varchar(20),
    birth_date            date NOT NULL,
    home_city             text NOT NULL,
    joined_on             date NOT NULL,
    plan_id               smallint NOT NULL REFERENCES cust.plan(plan_id),
    referred_by_member_id integer,
    kyc_sts               smallint NOT NULL,
    lic_verified_at       timestamp,
    prefs                 jsonb NOT NULL DEFAULT '{}'::jsonb,
    last_login_at         timestamp
);
COMMENT ON TABLE  cust.member IS 'Registered customers (members).';
COMMENT ON COLUMN cust.member.referred_by_member_id IS 'member_id of the member who referred this one (refer-a-friend); NULL = not referred.';
COMMENT ON COLUMN cust.member.kyc_sts IS 'Identity check: 0 = pending, 1 = verified, 2 = rejected, 9 = blocked for fraud.';
COMMENT ON COLUMN cust.member.lic_verified_at IS 'When the driving licence was checked; NULL = licence never verified.';
COMMENT ON COLUMN cust.member.prefs IS 'App preferences, e.g. {"lang": "de", "newsletter": true, "sms": false}.';
COMMENT ON COLUMN cust.member.home_city IS 'City given at sign-up, local spelling (München, Köln, ...).';

-- ---------------------------------------------------------------------
-- ops
-- ---------------------------------------------------------------------
CREATE TABLE ops.promo (
    promo_id     smallint PRIMARY KEY,
    promo_code   varchar(16) NOT NULL UNIQUE,
    pct_off      smallint NOT NULL,
    valid_from   date NOT NULL,
    valid_to     date NOT NULL
);
COMMENT ON TABLE ops.promo IS 'Promotion / voucher codes; pct_off is applied to the minute price of a trip.';

CREATE TABLE ops.trip (
    trip_id        bigint NOT NULL,
    member_id      integer NOT NULL REFERENCES cust.member(member_id),
    veh_id         integer NOT NULL REFERENCES fleet.vehicle(veh_id),
    start_zone_id  smallint NOT NULL REFERENCES fleet.zone(zone_id),
    end_zone_id    smallint REFERENCES fleet.zone(zone_id),
    start_ts       timestamp NOT NULL,
    end_ts         timestamp,
    dist_km        numeric(6,1),
    trip_sts       char(1) NOT NULL,
    fare_cents     integer,
    fee_cents      integer NOT NULL DEFAULT 0,
    promo_id       smallint REFERENCES ops.promo(promo_id),
    PRIMARY KEY (trip_id, start_ts)
) PARTITION BY RANGE (start_ts);
COMMENT ON TABLE  ops.trip IS 'Rentals. Partitioned by year of start_ts.';
COMMENT ON COLUMN ops.trip.trip_sts IS 'C = completed, X = cancelled before driving (no charge), D = completed but disputed by the member, O = open (car still rented).';
COMMENT ON COLUMN ops.trip.end_zone_id IS 'Zone where the car was returned; NULL = returned outside any zone (out-of-zone fee) or trip still open.';
COMMENT ON COLUMN ops.trip.end_ts IS 'NULL while the trip is open.';
COMMENT ON COLUMN ops.trip.fare_cents IS 'Time-based price in euro CENTS after plan discount and promo; NULL while the trip is open.';
COMMENT ON COLUMN ops.trip.fee_cents IS 'Extra fees in euro CENTS (out-of-zone return fee).';

CREATE TABLE ops.trip_y2024 PARTITION OF ops.trip FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE ops.trip_y2025 PARTITION OF ops.trip FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');

-- ---------------------------------------------------------------------
-- billing
-- ---------------------------------------------------------------------
CREATE TABLE billing.invoice (
    inv_id        integer PRIMARY KEY,
    member_id     integer NOT NULL REFERENCES cust.member(member_id),
    period_month  date NOT NULL,
    issued_on     date NOT NULL,
    due_on        date NOT NULL,
    total_amt     numeric(10,2) NOT NULL,
    inv_sts       char(1) NOT NULL,
    paid_on       date,
    UNIQUE (member_id, period_month)
);
COMMENT ON TABLE  billing.invoice IS 'One invoice per member and calendar month in which the member had at least one trip. Amounts in EUR (monthly fee + trip fares + fees).';
COMMENT ON COLUMN billing.invoice.period_month IS 'First day of the billed month.';
COMMENT ON COLUMN billing.invoice.inv_sts IS 'O = open (not yet due), P = paid, D = overdue / in dunning, W = written off.';
COMMENT ON COLUMN billing.invoice.paid_on IS 'Date the invoice was fully paid; NULL = not (fully) paid.';

CREATE TABLE billing.payment (
    pay_id     integer PRIMARY KEY,
    inv_id     integer NOT NULL REFERENCES billing.invoice(inv_id),
    paid_at    timestamp NOT NULL,
    amount     numeric(10,2) NOT NULL,
    pm_code    varchar(2) NOT NULL
);
COMMENT ON TABLE  billing.payment IS 'Incoming payments; an invoice can be paid in more than one instalment.';
COMMENT ON COLUMN billing.payment.pm_code IS 'Payment method: CC = credit card, PP = PayPal, DD = SEPA direct debit, AP = Apple Pay / Google Pay wallet.';

-- =====================================================================
--  DATA
-- =====================================================================
INSERT INTO fleet.veh_model VALUES
 ( 1,'Volkswagen','ID.3','electric','B',5,0.29),
 ( 2,'Volkswagen','Golf','petrol','C',5,0.27),
 ( 3,'Renault','Zoe','electric','A',5,0.23),
 ( 4,'Fiat','500','petrol','A',4,0.21),
 ( 5,'Toyota','Yaris','hybrid','B',5,0.24),
 ( 6,'BMW','i3','electric','B',4,0.31),
 ( 7,'Tesla','Model 3','electric','D',5,0.45),
 ( 8,'Mercedes-Benz','Vito','diesel','V',8,0.39),
 ( 9,'Ford','Transit Custom','diesel','V',3,0.36),
 (10,'Opel','Corsa-e','electric','B',5,0.25),
 (11,'Skoda','Octavia','diesel','C',5,0.28),
 (12,'Hyundai','Kona Elektro','electric','C',5,0.32),
 (13,'Kia','Niro','hybrid','C',5,0.30),
 (14,'Toyota','Corolla','hybrid','C',5,0.28),
 (15,'Smart','fortwo EQ','electric','A',2,0.19),
 (16,'MINI','Cooper SE','electric','B',4,0.33),
 (17,'Seat','Ibiza','petrol','B',5,0.22),
 (18,'Peugeot','e-208','electric','B',5,0.26),
 (19,'BMW','118i','petrol','C',5,0.34),
 (20,'Volkswagen','Polo','petrol','B',5,0.22);

INSERT INTO fleet.zone VALUES
 ( 1,'BER-01','Mitte / Alexanderplatz','Berlin',false,'2019-04-01'),
 ( 2,'BER-02','Prenzlauer Berg','Berlin',false,'2019-04-01'),
 ( 3,'BER-03','Friedrichshain','Berlin',false,'2019-04-01'),
 ( 4,'BER-04','Kreuzberg','Berlin',false,'2019-06-15'),
 ( 5,'BER-05','Charlottenburg','Berlin',false,'2019-06-15'),
 ( 6,'BER-06','Neukölln','Berlin',false,'2020-03-01'),
 ( 7,'BER-07','Schöneberg','Berlin',false,'2020-03-01'),
 ( 8,'BER-08','Wedding','Berlin',false,'2021-05-01'),
 ( 9,'BER-09','Steglitz','Berlin',false,'2021-05-01'),
 (10,'BER-10','Hauptbahnhof','Berlin',false,'2022-01-10'),
 (11,'BER-11','Flughafen BER','Berlin',true,'2022-02-01'),
 (12,'BER-12','Spandau','Berlin',false,'2024-09-01'),
 (13,'HAM-01','Altstadt','Hamburg',false,'2020-05-01'),
 (14,'HAM-02','St. Pauli','Hamburg',false,'2020-05-01'),
 (15,'HAM-03','Altona','Hamburg',false,'2020-05-01'),
 (16,'HAM-04','Eimsbüttel','Hamburg',false,'2020-09-01'),
 (17,'HAM-05','Winterhude','Hamburg',false,'2021-03-01'),
 (18,'HAM-06','HafenCity','Hamburg',false,'2021-03-01'),
 (19,'HAM-07','Barmbek','Hamburg',false,'2022-04-01'),
 (20,'HAM-08','Flughafen Hamburg','Hamburg',true,'2022-04-01'),
 (21,'HAM-09','Wandsbek','Hamburg',false,'2025-03-01'),
 (22,'MUC-01','Altstadt-Lehel','München',false,'2020-10-01'),
 (23,'MUC-02','Maxvorstadt','München',false,'2020-10-01'),
 (24,'MUC-03','Schwabing','München',false,'2020-10-01'),
 (25,'MUC-04','Haidhausen','München',false,'2021-06-01'),
 (26,'MUC-05','Sendling','München',false,'2021-06-01'),
 (27,'MUC-06','Neuhausen','München',false,'2022-07-01'),
 (28,'MUC-07','Flughafen München','München',true,'2022-07-01'),
 (29,'MUC-08','Bogenhausen','München',false,'2024-04-01'),
 (30,'CGN-01','Innenstadt','Köln',false,'2021-09-01'),
 (31,'CGN-02','Ehrenfeld','Köln',false,'2021-09-01'),
 (32,'CGN-03','Deutz','Köln',false,'2021-09-01'),
 (33,'CGN-04','Sülz','Köln',false,'2022-03-01'),
 (34,'CGN-05','Nippes','Köln',false,'2022-03-01'),
 (35,'CGN-06','Flughafen Köln/Bonn','Köln',true,'2023-05-01'),
 (36,'FRA-01','Innenstadt','Frankfurt am Main',false,'2022-06-01'),
 (37,'FRA-02','Sachsenhausen','Frankfurt am Main',false,'2022-06-01'),
 (38,'FRA-03','Bockenheim','Frankfurt am Main',false,'2022-06-01'),
 (39,'FRA-04','Nordend','Frankfurt am Main',false,'2023-02-01'),
 (40,'FRA-05','Flughafen Frankfurt','Frankfurt am Main',true,'2023-02-01');

INSERT INTO cust.plan VALUES
 (1,'PAYG', 0.00, 0),
 (2,'FLEX', 9.90,10),
 (3,'PLUS',29.00,25),
 (4,'CORP',19.00,15);

INSERT INTO ops.promo VALUES
 ( 1,'WELCOME23',20,'2023-01-01','2023-03-31'),
 ( 2,'SPRING23',10,'2023-03-01','2023-04-30'),
 ( 3,'MAYDAY23',15,'2023-05-01','2023-05-07'),
 ( 4,'SUMMER23',10,'2023-06-01','2023-08-31'),
 ( 5,'ELEKTRO23',25,'2023-06-15','2023-07-15'),
 ( 6,'UNI23',15,'2023-09-15','2023-10-31'),
 ( 7,'OKTOBER23',10,'2023-09-16','2023-10-03'),
 ( 8,'HALLO23',20,'2023-10-28','2023-11-05'),
 ( 9,'BLACKFRI23',30,'2023-11-24','2023-11-27'),
 (10,'ADVENT23',10,'2023-12-01','2023-12-24'),
 (11,'XMAS23',15,'2023-12-24','2023-12-26'),
 (12,'SILVESTER23',20,'2023-12-31','2023-12-31'),
 (13,'JAN24',10,'2024-01-01','2024-01-31'),
 (14,'FEB24',10,'2024-02-01','2024-02-29'),
 (15,'MAR24',15,'2024-03-01','2024-03-31'),
 (16,'APR24',10,'2024-04-01','2024-04-30'),
 (17,'MAY24',20,'2024-05-01','2024-05-31'),
 (18,'JUN24',10,'2024-06-01','2024-06-30'),
 (19,'JUL24',15,'2024-07-01','2024-07-31'),
 (20,'AUG24',10,'2024-08-01','2024-08-31'),
 (21,'SEP24',10,'2024-09-01','2024-09-30'),
 (22,'OCT24',25,'2024-10-01','2024-10-31'),
 (23,'NOV24',10,'2024-11-01','2024-11-30'),
 (24,'DEC24',15,'2024-12-01','2024-12-31'),
 (25,'JAN25',10,'2025-01-01','2025-01-31'),
 (26,'FEB25',20,'2025-02-01','2025-02-28'),
 (27,'MAR25',10,'2025-03-01','2025-03-31'),
 (28,'APR25',15,'2025-04-01','2025-04-30'),
 (29,'MAY25',10,'2025-05-01','2025-05-31'),
 (30,'JUN25',30,'2025-06-01','2025-06-30');

-- city -> zone range helper
CREATE TEMP TABLE tmp_city AS
SELECT city, min(zone_id) AS z0, count(*)::int AS nz, row_number() OVER (ORDER BY min(zone_id)) AS cno
FROM fleet.zone GROUP BY city;

-- ---------------- members (6000) ----------------
INSERT INTO cust.member (member_id, email, full_name, phone, birth_date, home_city, joined_on, plan_id,
                         referred_by_member_id, kyc_sts, lic_verified_at, prefs, last_login_at)
SELECT m.i,
       lower(fn) || '.' || lower(replace(replace(replace(replace(ln,'ä','ae'),'ö','oe'),'ü','ue'),'ß','ss')) || m.i || '@' ||
            (ARRAY['gmail.com','web.de','gmx.de','posteo.de','outlook.com','t-online.de'])[1 + floor(zz_rnd(m.i,13)*6)::int],
       fn || ' ' || ln,
       CASE WHEN zz_rnd(m.i,14) < 0.12 THEN NULL
            ELSE '+49 1' || (5 + floor(zz_rnd(m.i,15)*3)::int)::text || lpad((floor(zz_rnd(m.i,16)*100000000))::bigint::text, 8, '0') END,
       date '1960-01-01' + floor(zz_rnd(m.i,3) * 16000)::int,
       c.city,
       jd,
       CASE WHEN zz_rnd(m.i,4) < 0.52 THEN 1 WHEN zz_rnd(m.i,4) < 0.80 THEN 2 WHEN zz_rnd(m.i,4) < 0.93 THEN 3 ELSE 4 END,
       CASE WHEN m.i > 300 AND zz_rnd(m.i,5) < 0.14 THEN 1 + floor(zz_rnd(m.i,6) * (m.i - 1))::int END,
       ks,
       CASE WHEN ks = 1 OR (ks = 9) THEN jd + make_interval(hours => 2 + floor(zz_rnd(m.i,8)*70)::int, mins => floor(zz_rnd(m.i,9)*60)::int)
            WHEN ks = 2 AND zz_rnd(m.i,10) < 0.3 THEN jd + 1 + make_interval(mins => floor(zz_rnd(m.i,9)*600)::int)
            ELSE NULL END,
       jsonb_build_object('lang', CASE WHEN zz_rnd(m.i,11) < 0.78 THEN 'de' WHEN zz_rnd(m.i,11) < 0.95 THEN 'en' ELSE 'tr' END,
                          'newsletter', zz_rnd(m.i,12) < 0.37,
                          'sms', zz_rnd(m.i,17) < 0.21),
       CASE WHEN ks IN (1, 0) THEN greatest(jd::timestamp, timestamp '2025-06-29 23:00' - make_interval(mins => floor(power(zz_rnd(m.i,20), 2) * 600000)::int)) END
FROM (
  SELECT i,
         CASE WHEN i <= 2500 THEN date '2019-04-01' + floor(zz_rnd(i,2) * 1735)::int     -- up to end of 2023
              ELSE date '2024-01-01' + ((i - 2501) * 540 / 3500) END AS jd,
         CASE WHEN zz_rnd(i,7) < 0.90 THEN 1 WHEN zz_rnd(i,7) < 0.95 THEN 0 WHEN zz_rnd(i,7) < 0.985 THEN 2 ELSE 9 END AS ks,
         (ARRAY['Lena','Lukas','Mia','Leon','Emma','Finn','Hannah','Paul','Sophie','Jonas','Anna','Elias','Marie','Noah','Lea',
                'Ben','Laura','Felix','Julia','Maximilian','Sarah','David','Lisa','Tim','Katharina','Jan','Aylin','Mehmet',
                'Olga','Tomasz'])[1 + floor(zz_rnd(i,18)*30)::int] AS fn,
         (ARRAY['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Schulz','Hoffmann','Schäfer',
                'Koch','Bauer','Richter','Klein','Wolf','Schröder','Neumann','Schwarz','Zimmermann','Braun','Krüger',
                'Hofmann','Hartmann','Lange','Schmitt','Werner','Krause','Yilmaz','Kowalski','Lehmann','Köhler'])[1 + floor(zz_rnd(i,19)*32)::int] AS ln,
         CASE WHEN zz_rnd(i,1) < 0.38 THEN 1 WHEN zz_rnd(i,1) < 0.60 THEN 2 WHEN zz_rnd(i,1) < 0.80 THEN 3
              WHEN zz_rnd(i,1) < 0.91 THEN 4 ELSE 5 END AS cno
  FROM generate_series(1, 6000) AS i
) m
JOIN tmp_city c ON c.cno = m.cno;

-- ---------------- vehicles (600) ----------------
CREATE TEMP TABLE tmp_veh AS
SELECT v AS veh_id,
       1 + floor(zz_rnd(v,31) * 20)::int AS model_id,
       z.zone_id AS home_zone_id,
       z.city,
       CASE WHEN v <= 520 THEN date '2021-01-15' + floor(zz_rnd(v,33) * 1050)::int
            WHEN v <= 560 THEN date '2024-06-01' + (v - 521) * 7
            ELSE date '2020-06-01' + floor(zz_rnd(v,33) * 900)::int END AS commissioned_on,
       CASE WHEN v > 560 THEN date '2024-03-01' + (v - 561) * 12 END AS retired_on
FROM generate_series(1, 600) AS v
JOIN fleet.zone z ON z.zone_id = 1 + floor(zz_rnd(v,32) * 40)::int;

-- eligible (verified) members who joined before 2024, for remapping
CREATE TEMP TABLE tmp_old AS
SELECT row_number() OVER (ORDER BY member_id) AS rn, member_id
FROM cust.member WHERE member_id <= 2500 AND kyc_sts = 1;

-- ---------------- trips (92 000) ----------------
CREATE TEMP TABLE tmp_trip AS
WITH base AS (
  SELECT i,
         date '2024-01-01' + floor(546.9999 * sqrt(zz_rnd(i,41)))::int AS d,
         CASE WHEN zz_rnd(i,42) < 0.06 THEN floor(zz_rnd(i,43) * 360)::int
              ELSE 360 + floor(zz_rnd(i,43) * 1080)::int END AS mod,
         floor(zz_rnd(i,44) * 60)::int AS sec,
         CASE WHEN zz_rnd(i,46) < 0.04 THEN 'X' WHEN zz_rnd(i,46) < 0.06 THEN 'D' ELSE 'C' END AS sts0,
         4 + least(600, floor(-ln(1 - zz_rnd(i,45)) * 28))::int AS dur,
         1 + floor(zz_rnd(i,47) * 600)::int AS v0,
         1 + floor(6000 * power(zz_rnd(i,48), 1.6))::int AS m0
  FROM generate_series(1, 92000) AS i
), v AS (
  SELECT b.*,
         CASE WHEN (b.v0 > 560 AND b.d >= tv.retired_on) OR (b.v0 BETWEEN 521 AND 560 AND b.d < tv.commissioned_on)
              THEN 1 + floor(zz_rnd(b.i,49) * 520)::int ELSE b.v0 END AS veh_id,
         CASE WHEN mm.kyc_sts = 1 AND mm.joined_on <= b.d THEN b.m0
              ELSE o.member_id END AS member_id
  FROM base b
  JOIN tmp_veh tv ON tv.veh_id = b.v0
  JOIN cust.member mm ON mm.member_id = b.m0
  CROSS JOIN (SELECT count(*) AS n FROM tmp_old) oc
  JOIN tmp_old o ON o.rn = 1 + floor(zz_rnd(b.i,50) * oc.n)::int
), s AS (
  SELECT v.i, v.member_id, v.veh_id,
         v.d + make_interval(mins => v.mod, secs => v.sec) AS start_ts,
         v.sts0, v.dur, tv.model_id, tv.home_zone_id, c.z0, c.nz,
         pl.disc_pct, vm.min_rate
  FROM v
  JOIN tmp_veh tv ON tv.veh_id = v.veh_id
  JOIN tmp_city c ON c.city = tv.city
  JOIN fleet.veh_model vm ON vm.model_id = tv.model_id
  JOIN cust.member m ON m.member_id = v.member_id
  JOIN cust.plan pl ON pl.plan_id = m.plan_id
), t AS (
  SELECT s.*,
         CASE WHEN s.sts0 <> 'X' AND s.start_ts + make_interval(mins => s.dur) > timestamp '2025-06-30 23:59:00' THEN 'O' ELSE s.sts0 END AS sts,
         CASE WHEN zz_rnd(s.i,51) < 0.62 THEN s.home_zone_id ELSE s.z0 + floor(zz_rnd(s.i,52) * s.nz)::int END AS start_zone_id,
         CASE WHEN zz_rnd(s.i,53) < 0.07 THEN NULL ELSE s.z0 + floor(zz_rnd(s.i,54) * s.nz)::int END AS ez,
         CASE WHEN zz_rnd(s.i,55) < 0.05 THEN (13 + (extract(year FROM s.start_ts)::int - 2024) * 12 + extract(month FROM s.start_ts)::int - 1) END AS pr
  FROM s
)
SELECT row_number() OVER (ORDER BY t.start_ts, t.i)::bigint + 1000000 AS trip_id,
       t.member_id, t.veh_id, t.start_zone_id,
       CASE WHEN t.sts = 'O' THEN NULL WHEN t.sts = 'X' THEN t.start_zone_id ELSE t.ez END AS end_zone_id,
       t.start_ts,
       CASE WHEN t.sts = 'O' THEN NULL WHEN t.sts = 'X' THEN t.start_ts + make_interval(mins => 1 + (t.i % 3)::int)
            ELSE t.start_ts + make_interval(mins => t.dur, secs => (t.i % 50)::int) END AS end_ts,
       CASE WHEN t.sts = 'O' THEN NULL WHEN t.sts = 'X' THEN 0.0
            ELSE round((t.dur * (0.22 + 0.38 * zz_rnd(t.i,56)))::numeric, 1) END AS dist_km,
       t.sts AS trip_sts,
       CASE WHEN t.sts = 'O' THEN NULL WHEN t.sts = 'X' THEN 0
            ELSE round(t.dur * t.min_rate * 100 * (100 - t.disc_pct) / 100.0
                       * (100 - coalesce(p.pct_off, 0)) / 100.0)::int END AS fare_cents,
       CASE WHEN t.sts IN ('C','D') AND t.ez IS NULL THEN 1500 ELSE 0 END AS fee_cents,
       CASE WHEN t.sts <> 'X' THEN t.pr END AS promo_id
FROM t LEFT JOIN ops.promo p ON p.promo_id = t.pr AND t.sts <> 'X';

-- ---------------- maintenance jobs (5200) ----------------
CREATE TEMP TABLE tmp_mj AS
WITH b AS (
  SELECT j,
         1 + floor(zz_rnd(j,61) * 560)::int AS veh_id,
         timestamp '2024-01-02 07:00' + make_interval(days => floor(zz_rnd(j,62) * 545)::int,
                                                      mins => floor(zz_rnd(j,63) * 600)::int) AS opened_at,
         zz_rnd(j,64) AS r
  FROM generate_series(1, 5200) AS j
), c AS (
  SELECT b.*,
         CASE WHEN r < 0.34 THEN 'SVC' WHEN r < 0.49 THEN 'TYR' WHEN r < 0.63 THEN 'BDY' WHEN r < 0.72 THEN 'BAT'
              WHEN r < 0.93 THEN 'CLN' ELSE 'HU' END AS job_type
  FROM b
), d AS (
  SELECT c.*,
         CASE job_type WHEN 'CLN' THEN 3 WHEN 'TYR' THEN 5 WHEN 'HU' THEN 8 WHEN 'SVC' THEN 20 WHEN 'BAT' THEN 30 ELSE 70 END
           * (0.5 + 2.5 * zz_rnd(j,65)) AS hrs
  FROM c
)
SELECT j AS job_id, veh_id, job_type, opened_at,
       CASE WHEN opened_at + make_interval(hours => hrs::int) > timestamp '2025-06-30 18:00' THEN NULL
            ELSE opened_at + make_interval(hours => hrs::int, mins => (j % 60)::int) END AS closed_at,
       CASE WHEN job_type IN ('CLN','TYR') AND zz_rnd(j,66) < 0.7 THEN 'in-house'
            ELSE (ARRAY['in-house','ATU','Bosch Car Service','Vertragswerkstatt','Karosserie Kaya'])[1 + floor(zz_rnd(j,67)*5)::int] END AS workshop,
       CASE WHEN opened_at + make_interval(hours => hrs::int) > timestamp '2025-06-30 18:00' THEN NULL
            ELSE round((CASE job_type WHEN 'CLN' THEN 60 WHEN 'TYR' THEN 180 WHEN 'HU' THEN 140 WHEN 'SVC' THEN 320
                                      WHEN 'BAT' THEN 450 ELSE 900 END * (0.4 + 1.6 * zz_rnd(j,68)))::numeric, 2) END AS cost_eur
FROM d;

CREATE TEMP TABLE tmp_vagg AS
SELECT veh_id, sum(dist_km) AS km, bool_or(trip_sts = 'O') AS has_open
FROM tmp_trip GROUP BY veh_id;

INSERT INTO fleet.vehicle
SELECT tv.veh_id,
       (CASE tv.city WHEN 'Berlin' THEN 'B' WHEN 'Hamburg' THEN 'HH' WHEN 'München' THEN 'M' WHEN 'Köln' THEN 'K' ELSE 'F' END)
         || '-SF ' || (1000 + tv.veh_id)::text || CASE WHEN fl.fuel = 'electric' THEN 'E' ELSE '' END,
       'WSF' || upper(substr(md5('vin' || tv.veh_id), 1, 14)),
       tv.model_id, tv.home_zone_id, tv.commissioned_on, tv.retired_on,
       CASE WHEN tv.retired_on IS NOT NULL THEN 'X'
            WHEN coalesce(va.has_open, false) THEN 'R'
            WHEN EXISTS (SELECT 1 FROM tmp_mj j WHERE j.veh_id = tv.veh_id AND j.closed_at IS NULL) THEN 'M'
            ELSE 'A' END,
       (800 + floor(zz_rnd(tv.veh_id,35) * 30000) + coalesce(va.km, 0))::int
FROM tmp_veh tv JOIN fleet.veh_model fl ON fl.model_id = tv.model_id
LEFT JOIN tmp_vagg va ON va.veh_id = tv.veh_id
ORDER BY tv.veh_id;

INSERT INTO ops.trip (trip_id, member_id, veh_id, start_zone_id, end_zone_id, start_ts, end_ts, dist_km,
                      trip_sts, fare_cents, fee_cents, promo_id)
SELECT trip_id, member_id, veh_id, start_zone_id, end_zone_id, start_ts, end_ts, dist_km,
       trip_sts, fare_cents, fee_cents, promo_id
FROM tmp_trip ORDER BY trip_id;

INSERT INTO fleet.maint_job SELECT * FROM tmp_mj ORDER BY job_id;

-- ---------------- damage reports ----------------
INSERT INTO fleet.damage_rpt (dmg_id, veh_id, trip_id, reported_by_member_id, reported_at, severity, est_cost_eur, photo_cnt)
SELECT row_number() OVER (ORDER BY t.end_ts, t.trip_id)::int,
       t.veh_id, t.trip_id,
       CASE WHEN zz_rnd(t.trip_id,71) < 0.8 THEN t.member_id END,
       t.end_ts + make_interval(mins => 2 + floor(zz_rnd(t.trip_id,72) * 2000)::int),
       sv,
       round((CASE sv WHEN 1 THEN 120 WHEN 2 THEN 450 ELSE 2800 END * (0.3 + 1.7 * zz_rnd(t.trip_id,73)))::numeric, 2),
       floor(zz_rnd(t.trip_id,74) * 6)::int
FROM (SELECT tt.*, CASE WHEN zz_rnd(tt.trip_id,75) < 0.66 THEN 1 WHEN zz_rnd(tt.trip_id,75) < 0.93 THEN 2 ELSE 3 END AS sv
      FROM tmp_trip tt
      WHERE tt.trip_sts IN ('C','D') AND zz_rnd(tt.trip_id,70) < 0.028
        AND tt.end_ts < timestamp '2025-06-30 12:00') t;

-- ---------------- invoices ----------------
CREATE TEMP TABLE tmp_inv AS
SELECT row_number() OVER (ORDER BY a.pm, a.member_id)::int + 500000 AS inv_id,
       a.member_id, a.pm AS period_month,
       (a.pm + interval '1 month' + interval '1 day')::date AS issued_on,
       (a.pm + interval '1 month' + interval '15 days')::date AS due_on,
       round(pl.monthly_fee + a.cents / 100.0, 2) AS total_amt
FROM (SELECT member_id, date_trunc('month', start_ts)::date AS pm, sum(fare_cents + fee_cents) AS cents
      FROM tmp_trip WHERE trip_sts IN ('C','D','X')
      GROUP BY 1, 2) a
JOIN cust.member m ON m.member_id = a.member_id
JOIN cust.plan pl ON pl.plan_id = m.plan_id
WHERE a.pm <= date '2025-05-01';

CREATE TEMP TABLE tmp_inv2 AS
SELECT i.*,
       zz_rnd(i.inv_id,81) AS r,
       CASE WHEN i.period_month = date '2025-05-01' THEN
                 CASE WHEN zz_rnd(i.inv_id,81) < 0.86 THEN 'P' WHEN zz_rnd(i.inv_id,81) < 0.95 THEN 'D' ELSE 'O' END
            WHEN i.period_month = date '2025-04-01' THEN
                 CASE WHEN zz_rnd(i.inv_id,81) < 0.965 THEN 'P' ELSE 'D' END
            ELSE CASE WHEN zz_rnd(i.inv_id,81) < 0.982 THEN 'P' WHEN zz_rnd(i.inv_id,81) < 0.991 THEN 'W' ELSE 'D' END
       END AS sts
FROM tmp_inv i;

INSERT INTO billing.invoice (inv_id, member_id, period_month, issued_on, due_on, total_amt, inv_sts, paid_on)
SELECT inv_id, member_id, period_month, issued_on, due_on, total_amt, sts,
       CASE WHEN sts = 'P' THEN least(date '2025-06-30', issued_on + floor(zz_rnd(inv_id,82) * 20)::int) END
FROM tmp_inv2 ORDER BY inv_id;

-- ---------------- payments ----------------
INSERT INTO billing.payment (pay_id, inv_id, paid_at, amount, pm_code)
SELECT row_number() OVER (ORDER BY x.paid_at, x.inv_id, x.part)::int + 900000,
       x.inv_id, x.paid_at, x.amount, x.pm
FROM (
  SELECT i.inv_id, p.part,
         CASE WHEN p.part = 1 AND zz_rnd(i.inv_id,83) < 0.04
              THEN i.paid_on - 6 + make_interval(hours => 8 + floor(zz_rnd(i.inv_id,84) * 12)::int)
              ELSE i.paid_on + make_interval(hours => 6 + floor(zz_rnd(i.inv_id,85) * 16)::int,
                                             mins => floor(zz_rnd(i.inv_id,86) * 60)::int) END AS paid_at,
         CASE WHEN zz_rnd(i.inv_id,83) < 0.04
              THEN CASE WHEN p.part = 1 THEN round(i.total_amt * 0.6, 2) ELSE i.total_amt - round(i.total_amt * 0.6, 2) END
              ELSE i.total_amt END AS amount,
         CASE WHEN zz_rnd(i.inv_id,87) < 0.41 THEN 'CC' WHEN zz_rnd(i.inv_id,87) < 0.68 THEN 'PP'
              WHEN zz_rnd(i.inv_id,87) < 0.90 THEN 'DD' ELSE 'AP' END AS pm
  FROM billing.invoice i
  CROSS JOIN LATERAL (SELECT 1 AS part UNION ALL SELECT 2 WHERE zz_rnd(i.inv_id,83) < 0.04) p
  WHERE i.inv_sts = 'P' AND i.total_amt > 0
) x;

-- ---------------- indexes ----------------
CREATE INDEX ix_trip_member   ON ops.trip (member_id);
CREATE INDEX ix_trip_veh      ON ops.trip (veh_id, start_ts);
CREATE INDEX ix_maint_job_veh ON fleet.maint_job (veh_id);
CREATE INDEX ix_invoice_sts   ON billing.invoice (inv_sts);
CREATE INDEX ix_payment_inv   ON billing.payment (inv_id);
CREATE INDEX ix_member_plan   ON cust.member (plan_id);
CREATE INDEX ix_member_phone  ON cust.member (phone);
CREATE INDEX ix_damage_veh    ON fleet.damage_rpt (veh_id);

-- ---------------- view ----------------
CREATE VIEW ops.v_trip_detail AS
SELECT t.trip_id, t.start_ts, t.end_ts, t.trip_sts,
       t.member_id, m.full_name AS member_name,
       v.plate_no, vm.make, vm.model_name, vm.fuel,
       zs.city AS start_city, zs.zone_code AS start_zone, ze.zone_code AS end_zone,
       round(extract(epoch FROM (t.end_ts - t.start_ts)) / 60.0, 1) AS duration_min,
       t.dist_km,
       (coalesce(t.fare_cents, 0) + t.fee_cents) / 100.0 AS charged_eur
FROM ops.trip t
JOIN cust.member m ON m.member_id = t.member_id
JOIN fleet.vehicle v ON v.veh_id = t.veh_id
JOIN fleet.veh_model vm ON vm.model_id = v.model_id
JOIN fleet.zone zs ON zs.zone_id = t.start_zone_id
LEFT JOIN fleet.zone ze ON ze.zone_id = t.end_zone_id;
COMMENT ON VIEW ops.v_trip_detail IS 'Trips with member, car and zone details; charged_eur = fare + fees in EUR.';

DROP FUNCTION public.zz_rnd(bigint, int);
DROP TABLE tmp_vagg, tmp_city, tmp_veh, tmp_old, tmp_trip, tmp_mj, tmp_inv, tmp_inv2;

ANALYZE;

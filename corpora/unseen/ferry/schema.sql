-- North Sea & Channel Ferries Ltd. -- in-house operations database ("FERRYOPS")
-- Schemas: fleet (ships, maintenance, fuel), ops (ports, routes, sailings, crew), sales (customers, bookings, refunds)
-- Deterministic data: all pseudo-random values come from the integer hash h(i, salt) below.

SET client_min_messages = warning;

CREATE FUNCTION public.h(i bigint, s int) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((((((i * 1103515245 + s * 2654435 + 12345) % 2147483648)
             * 1103515245 + 12345) % 2147483648) * 1664525 + 1013904223) % 2147483648) >> 8
$$;

CREATE SCHEMA fleet;
CREATE SCHEMA ops;
CREATE SCHEMA sales;
COMMENT ON SCHEMA fleet IS 'Vessels, maintenance work orders and bunkering (fuel).';
COMMENT ON SCHEMA ops   IS 'Ports, routes, sailings (timetable + actuals) and crew rostering.';
COMMENT ON SCHEMA sales IS 'Customers, bookings and refunds.';

CREATE TYPE sales.loyalty_tier AS ENUM ('none', 'bronze', 'silver', 'gold');

-- ---------------------------------------------------------------- ops.port
CREATE TABLE ops.port (
    port_id    smallint PRIMARY KEY,
    port_code  char(5) NOT NULL UNIQUE,
    port_name  text NOT NULL,
    country    char(2) NOT NULL
);
COMMENT ON TABLE ops.port IS 'Ports served by the company.';
COMMENT ON COLUMN ops.port.port_code IS 'UN/LOCODE (country + 3-letter location).';
COMMENT ON COLUMN ops.port.country IS 'ISO 3166-1 alpha-2 country code.';

INSERT INTO ops.port VALUES
 (1,'GBDVR','Dover','GB'), (2,'FRCQF','Calais','FR'), (3,'GBPME','Portsmouth','GB'),
 (4,'FRCER','Cherbourg','FR'), (5,'GBHUL','Hull','GB'), (6,'NLRTM','Rotterdam Europoort','NL'),
 (7,'GBABD','Aberdeen','GB'), (8,'GBLER','Lerwick','GB'), (9,'GBKWL','Kirkwall','GB');

-- ---------------------------------------------------------------- fleet.vessel
CREATE TABLE fleet.vessel (
    vessel_id     smallint PRIMARY KEY,
    vsl_name      text NOT NULL,
    imo_no        char(7) NOT NULL UNIQUE,
    built_yr      smallint NOT NULL,
    gt            integer NOT NULL,
    pax_cap       integer NOT NULL,
    lane_m        integer,
    home_port_id  smallint NOT NULL REFERENCES ops.port(port_id),
    vsl_status    char(1) NOT NULL DEFAULT 'A'
);
COMMENT ON TABLE fleet.vessel IS 'Company fleet (owned and chartered).';
COMMENT ON COLUMN fleet.vessel.imo_no IS 'IMO ship identification number (7 digits).';
COMMENT ON COLUMN fleet.vessel.gt IS 'Gross tonnage.';
COMMENT ON COLUMN fleet.vessel.pax_cap IS 'Certified passenger capacity.';
COMMENT ON COLUMN fleet.vessel.lane_m IS 'Vehicle deck lane metres; NULL = passenger-only vessel (no vehicle deck).';
COMMENT ON COLUMN fleet.vessel.vsl_status IS 'A = in service, R = in refit / dry dock, W = withdrawn (sold or scrapped).';

INSERT INTO fleet.vessel VALUES
 (1,'Pride of Kent',    '9223952',2003,30635,2000,2700,1,'A'),
 (2,'Spirit of Calais', '9524231',2011,47592,1900,3746,2,'A'),
 (3,'Normandie Star',   '9876541',2024,42000,1680,3100,3,'A'),
 (4,'Cotentin',         '9131242',1996,22000,1200,2300,4,'R'),
 (5,'Humber Voyager',   '9208629',2001,59925,1360,3355,5,'A'),
 (6,'Maas Express',     '9208617',2001,59925,1360,3355,6,'A'),
 (7,'Hjaltland',        '9244958',2002,11720, 600,1018,7,'A'),
 (8,'Hrossey',          '9244960',2002,11720, 600,1018,8,'A'),
 (9,'Orcadian Dawn',    '9810432',2018, 1450, 250,NULL,9,'A'),
 (10,'Old Ironsides',   '8019356',1981,31785,1000,1900,5,'W');

-- ---------------------------------------------------------------- ops.route
CREATE TABLE ops.route (
    route_id      smallint PRIMARY KEY,
    route_code    varchar(8) NOT NULL UNIQUE,
    orig_port_id  smallint NOT NULL REFERENCES ops.port(port_id),
    dest_port_id  smallint NOT NULL REFERENCES ops.port(port_id),
    dist_nm       numeric(6,1) NOT NULL,
    sched_mins    integer NOT NULL,
    dep_time      time NOT NULL,
    base_fare     numeric(8,2) NOT NULL
);
COMMENT ON TABLE ops.route IS 'One-directional routes. Each crossing is offered once a day at dep_time.';
COMMENT ON COLUMN ops.route.dist_nm IS 'Distance in nautical miles.';
COMMENT ON COLUMN ops.route.sched_mins IS 'Scheduled crossing time in minutes.';
COMMENT ON COLUMN ops.route.base_fare IS 'Base adult foot-passenger fare in GBP; children pay half, vehicles extra.';

INSERT INTO ops.route VALUES
 (1,'DVR-CQF',1,2,  22.0,  90,'08:00',45),
 (2,'CQF-DVR',2,1,  22.0,  90,'11:30',45),
 (3,'PME-CER',3,4,  75.0, 180,'09:15',75),
 (4,'CER-PME',4,3,  75.0, 180,'16:45',75),
 (5,'HUL-RTM',5,6, 196.0, 720,'19:00',110),
 (6,'RTM-HUL',6,5, 196.0, 720,'20:30',110),
 (7,'ABD-LER',7,8, 184.0, 720,'17:30',95),
 (8,'LER-ABD',8,7, 184.0, 720,'17:30',95),
 (9,'ABD-KWL',7,9, 110.0, 360,'12:00',60),
 (10,'KWL-LER',9,8,  95.0, 240,'07:00',60);

-- ---------------------------------------------------------------- ops.sailing
CREATE TABLE ops.sailing (
    sailing_id   integer PRIMARY KEY,
    route_id     smallint NOT NULL REFERENCES ops.route(route_id),
    vessel_id    smallint NOT NULL REFERENCES fleet.vessel(vessel_id),
    sched_dep    timestamp NOT NULL,
    act_dep      timestamp,
    act_arr      timestamp,
    sail_status  char(1) NOT NULL,
    cxl_reason   text
);
COMMENT ON TABLE ops.sailing IS 'Individual crossings: timetable plus actual times. Times are local port time.';
COMMENT ON COLUMN ops.sailing.act_dep IS 'Actual departure; NULL if not yet departed or cancelled.';
COMMENT ON COLUMN ops.sailing.act_arr IS 'Actual arrival (berthed); NULL if not yet arrived or cancelled.';
COMMENT ON COLUMN ops.sailing.sail_status IS 'S = scheduled, D = departed (at sea), A = arrived, X = cancelled.';
COMMENT ON COLUMN ops.sailing.cxl_reason IS 'Only for cancelled sailings; NULL on a cancelled sailing means the reason was never recorded.';
CREATE INDEX ix_sailing_route_dep ON ops.sailing (route_id, sched_dep);
CREATE INDEX ix_sailing_vessel ON ops.sailing (vessel_id);

INSERT INTO ops.sailing
SELECT sid, r, v, sd,
       CASE WHEN st = 'A' THEN sd + make_interval(mins => dly) END,
       CASE WHEN st = 'A' THEN sd + make_interval(mins => dly + sm + (h(sid,5) % 31)::int - 12) END,
       st,
       CASE WHEN st = 'X' THEN (ARRAY['weather','technical','weather','crew shortage','port congestion',NULL,'weather','technical'])[1 + h(sid,6) % 8] END
FROM (
  SELECT d * 10 + r AS sid, r, sd, sm,
         CASE
           WHEN r IN (1,2) THEN CASE WHEN d % 2 = 0 THEN 1 ELSE 2 END
           WHEN r IN (3,4) THEN CASE WHEN day < date '2024-12-01' THEN 4 ELSE 3 END
           WHEN r IN (5,6) THEN CASE WHEN day < date '2023-07-01' THEN 10 WHEN d % 2 = 0 THEN 5 ELSE 6 END
           WHEN r IN (7,8) THEN 7
           ELSE CASE WHEN extract(isodow FROM day) IN (6,7) THEN 9 ELSE 8 END
         END AS v,
         CASE WHEN sd >= timestamp '2025-01-01' THEN 'S'
              WHEN h(d * 10 + r, 3) % 1000 < 28 + CASE WHEN extract(month FROM day) IN (1,2,12) AND r >= 5 THEN 40 ELSE 0 END THEN 'X'
              ELSE 'A' END AS st,
         CASE WHEN h(d * 10 + r, 4) % 100 < 65 THEN (h(d * 10 + r, 7) % 6)::int
              ELSE 5 + (h(d * 10 + r, 7) % 110)::int END AS dly
  FROM generate_series(0, 760) AS d
  CROSS JOIN LATERAL (SELECT date '2023-01-01' + d AS day) dd
  CROSS JOIN ops.route rt
  CROSS JOIN LATERAL (SELECT rt.route_id::int AS r, (date '2023-01-01' + d) + rt.dep_time AS sd, rt.sched_mins AS sm) x
) q;

-- ---------------------------------------------------------------- sales.customer
CREATE TABLE sales.customer (
    cust_id        integer PRIMARY KEY,
    full_name      text NOT NULL,
    email          text NOT NULL UNIQUE,
    country        char(2) NOT NULL,
    tier           sales.loyalty_tier NOT NULL DEFAULT 'none',
    created_at     timestamp NOT NULL,
    last_login_at  timestamp,
    mkt_opt_in     boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE sales.customer IS 'Booking accounts (lead passenger / payer).';
COMMENT ON COLUMN sales.customer.tier IS 'Loyalty programme tier ("Sea Miles" club).';
COMMENT ON COLUMN sales.customer.last_login_at IS 'Last login to web/app account; NULL = never logged in (booked via agent or at the port).';
COMMENT ON COLUMN sales.customer.mkt_opt_in IS 'Consented to marketing e-mails.';

INSERT INTO sales.customer
SELECT i,
       fn || ' ' || ln,
       lower(fn) || '.' || lower(replace(ln, '''', '')) || i || '@' || (ARRAY['mail.co.uk','example.com','post.fr','web.nl','inbox.de'])[1 + h(i,14) % 5],
       (ARRAY['GB','GB','GB','GB','GB','FR','FR','NL','NL','DE','BE','NO','IE','GB','FR','DE'])[1 + h(i,13) % 16],
       (ARRAY['none','none','none','none','none','bronze','bronze','bronze','silver','silver','gold'])[1 + h(i,15) % 11]::sales.loyalty_tier,
       timestamp '2017-01-01' + make_interval(mins => (h(i,16) % (6 * 365 * 1440))::int),
       CASE WHEN h(i,17) % 100 < 22 THEN NULL
            ELSE timestamp '2024-01-01' + make_interval(mins => (h(i,18) % (365 * 1440))::int) END,
       h(i,19) % 100 < 37
FROM generate_series(1, 6000) AS i
CROSS JOIN LATERAL (SELECT
   (ARRAY['James','Olivia','Thomas','Emma','Lucas','Sophie','Jan','Anna','Pierre','Marie','Erik','Ingrid','Liam','Grace','Hugo','Chloe','Daan','Lotte','Finn','Isla'])[1 + h(i,11) % 20] AS fn,
   (ARRAY['Smith','Jones','Dubois','Martin','de Vries','Jansen','Muller','Schmidt','Hansen','Berg','Murphy','Kelly','Taylor','Brown','Wilson','Moreau','Bakker','Visser','O''Neill','Peeters'])[1 + h(i,12) % 20] AS ln) nm;

-- ---------------------------------------------------------------- sales.booking
CREATE TABLE sales.booking (
    booking_id   integer PRIMARY KEY,
    bkg_ref      char(9) NOT NULL UNIQUE,
    cust_id      integer NOT NULL REFERENCES sales.customer(cust_id),
    sailing_id   integer NOT NULL REFERENCES ops.sailing(sailing_id),
    booked_at    timestamp NOT NULL,
    channel      varchar(4) NOT NULL,
    pax_adult    smallint NOT NULL,
    pax_child    smallint NOT NULL DEFAULT 0,
    veh_type     char(1),
    fare_gbp     numeric(9,2) NOT NULL,
    bkg_status   smallint NOT NULL,
    extras       jsonb NOT NULL DEFAULT '{}'
);
COMMENT ON TABLE sales.booking IS 'One booking = one party on one sailing.';
COMMENT ON COLUMN sales.booking.bkg_ref IS 'Booking reference printed on the ticket, e.g. NSC012345.';
COMMENT ON COLUMN sales.booking.channel IS 'WEB = website, APP = mobile app, AGT = travel agent, PORT = bought at the port ticket office.';
COMMENT ON COLUMN sales.booking.pax_child IS 'Children aged 4-15 (under-4s travel free and are not counted).';
COMMENT ON COLUMN sales.booking.veh_type IS 'C = car, V = van/camper, M = motorcycle, L = lorry/freight; NULL = foot passengers only.';
COMMENT ON COLUMN sales.booking.fare_gbp IS 'Total price paid in GBP incl. vehicle.';
COMMENT ON COLUMN sales.booking.bkg_status IS '1 = confirmed, 2 = checked in / travelled, 3 = no-show, 9 = cancelled.';
COMMENT ON COLUMN sales.booking.extras IS 'Add-ons: {"cabin": bool, "meal": bool, "pet": bool}; a missing key means not purchased.';
CREATE INDEX ix_booking_cust ON sales.booking (cust_id);
CREATE INDEX ix_booking_sailing ON sales.booking (sailing_id);

INSERT INTO sales.booking
SELECT i,
       'NSC' || lpad(i::text, 6, '0'),
       1 + (h(i,21) % 6000)::int,
       s.sailing_id,
       least(s.sched_dep - make_interval(mins => (60 + h(i,23) % (75 * 1440))::int),
             timestamp '2024-12-31 23:00' - make_interval(mins => (h(i,23) % (20 * 1440))::int)),
       ch, pa, pc, vt,
       round((r.base_fare * (pa + 0.5 * pc)
              + CASE vt WHEN 'C' THEN 60 WHEN 'V' THEN 90 WHEN 'M' THEN 30 WHEN 'L' THEN 240 ELSE 0 END)
             * (1 + ((h(i,28) % 21) - 10) / 100.0), 2),
       CASE WHEN s.sail_status = 'X' THEN 9
            WHEN s.sail_status = 'S' THEN CASE WHEN h(i,29) % 100 < 5 THEN 9 ELSE 1 END
            WHEN h(i,29) % 100 < 4 THEN 3
            WHEN h(i,29) % 100 < 9 THEN 9
            ELSE 2 END,
       (CASE WHEN h(i,30) % 100 < 15 THEN jsonb_build_object('cabin', true) ELSE '{}'::jsonb END)
       || (CASE WHEN h(i,31) % 100 < 25 THEN jsonb_build_object('meal', h(i,32) % 5 > 0) ELSE '{}'::jsonb END)
       || (CASE WHEN h(i,33) % 100 < 6 THEN jsonb_build_object('pet', true) ELSE '{}'::jsonb END)
FROM generate_series(1, 52000) AS i
CROSS JOIN LATERAL (SELECT
    (ARRAY['WEB','WEB','WEB','WEB','APP','APP','APP','AGT','PORT','WEB'])[1 + h(i,24) % 10] AS ch,
    (1 + h(i,25) % 4)::smallint AS pa,
    (CASE WHEN h(i,26) % 100 < 55 THEN 0 ELSE h(i,26) % 4 END)::smallint AS pc,
    (ARRAY[NULL,NULL,NULL,NULL,'C','C','C','C','V','M','L',NULL,'C','C','V','L','C',NULL,NULL,'C'])[1 + h(i,27) % 20] AS vt,
    1 + (h(i,22) % 7610)::int AS sid) a
JOIN ops.sailing s ON s.sailing_id = a.sid
JOIN ops.route r ON r.route_id = s.route_id;

-- ---------------------------------------------------------------- sales.refund
CREATE TABLE sales.refund (
    refund_id    integer PRIMARY KEY,
    booking_id   integer NOT NULL REFERENCES sales.booking(booking_id),
    amount_gbp   numeric(9,2) NOT NULL,
    requested_at timestamp NOT NULL,
    refunded_at  timestamp,
    reason       text NOT NULL
);
COMMENT ON TABLE sales.refund IS 'Refunds for cancelled bookings. Company-cancelled sailings are refunded in full, customer cancellations 50 %.';
COMMENT ON COLUMN sales.refund.refunded_at IS 'When the money was paid back; NULL = refund still pending with finance.';
COMMENT ON COLUMN sales.refund.reason IS 'SAILING_CXL = sailing cancelled by the company, CUST_CXL = customer cancelled.';
CREATE INDEX ix_refund_reason ON sales.refund (reason);

INSERT INTO sales.refund
SELECT row_number() OVER (ORDER BY b.booking_id)::int,
       b.booking_id,
       CASE WHEN s.sail_status = 'X' THEN b.fare_gbp ELSE round(b.fare_gbp * 0.5, 2) END,
       rq,
       CASE WHEN rq >= timestamp '2024-12-10' AND h(b.booking_id,41) % 100 < 60 THEN NULL
            WHEN h(b.booking_id,41) % 100 < 3 THEN NULL
            WHEN rq + make_interval(hours => (4 + h(b.booking_id,42) % 240)::int) >= timestamp '2025-01-01' THEN NULL
            ELSE rq + make_interval(hours => (4 + h(b.booking_id,42) % 240)::int) END,
       CASE WHEN s.sail_status = 'X' THEN 'SAILING_CXL' ELSE 'CUST_CXL' END
FROM sales.booking b
JOIN ops.sailing s ON s.sailing_id = b.sailing_id
CROSS JOIN LATERAL (SELECT CASE WHEN s.sail_status = 'X' THEN s.sched_dep - interval '3 hours'
                                ELSE b.booked_at + (s.sched_dep - b.booked_at) * ((h(b.booking_id,43) % 90) / 100.0) END AS rq) x
WHERE b.bkg_status = 9 AND rq < timestamp '2025-01-01';

-- ---------------------------------------------------------------- ops.crew_member / ops.crew_assignment
CREATE TABLE ops.crew_member (
    crew_id    integer PRIMARY KEY,
    full_name  text NOT NULL,
    rank_cd    varchar(3) NOT NULL,
    hired_on   date NOT NULL,
    left_on    date
);
COMMENT ON TABLE ops.crew_member IS 'Seafarers employed by the company.';
COMMENT ON COLUMN ops.crew_member.rank_cd IS 'MST = master (captain), CO = chief officer, ENG = engineer, AB = able seaman, STW = steward (hotel staff).';
COMMENT ON COLUMN ops.crew_member.left_on IS 'Date employment ended; NULL = still employed.';

INSERT INTO ops.crew_member
SELECT i,
       (ARRAY['Alan','Brigid','Callum','Dora','Ewan','Freya','Gordon','Heidi','Iain','Jonna','Kenneth','Lise','Magnus','Nora','Oskar','Petra'])[1 + h(i,51) % 16]
       || ' ' ||
       (ARRAY['MacLeod','Sinclair','Tulloch','Leask','Fraser','Grant','Petersen','Moar','Irvine','Laurenson','Hay','Cooper','Duval','Leroy','Smit','Hughes','Reid'])[1 + h(i,52) % 17],
       CASE WHEN i <= 20 THEN 'MST' WHEN i <= 40 THEN 'CO' WHEN i <= 70 THEN 'ENG' WHEN i <= 100 THEN 'AB' ELSE 'STW' END,
       date '2005-01-01' + (h(i,53) % 6500)::int,
       CASE WHEN h(i,54) % 100 < 12 THEN date '2023-03-01' + (h(i,55) % 600)::int END
FROM generate_series(1, 124) AS i;

CREATE TABLE ops.crew_assignment (
    sailing_id  integer NOT NULL REFERENCES ops.sailing(sailing_id),
    crew_id     integer NOT NULL REFERENCES ops.crew_member(crew_id),
    duty_cd     varchar(3) NOT NULL,
    PRIMARY KEY (sailing_id, crew_id)
);
COMMENT ON TABLE ops.crew_assignment IS 'Crew roster per sailing (bridge and engine-room watch only; hotel staff are not rostered here).';
COMMENT ON COLUMN ops.crew_assignment.duty_cd IS 'Duty on this sailing: same codes as crew_member.rank_cd.';

INSERT INTO ops.crew_assignment
SELECT s.sailing_id, c.crew_id, c.duty
FROM ops.sailing s
CROSS JOIN LATERAL (VALUES
   (1  + (h(s.sailing_id,61) % 20)::int, 'MST'),
   (21 + (h(s.sailing_id,62) % 20)::int, 'CO'),
   (41 + (h(s.sailing_id,63) % 30)::int, 'ENG'),
   (71 + (h(s.sailing_id,64) % 30)::int, 'AB')) AS c(crew_id, duty)
WHERE s.sail_status <> 'X';

-- ---------------------------------------------------------------- fleet.maint_log (vessel_id: no FK, legacy import)
CREATE TABLE fleet.maint_log (
    log_id      integer PRIMARY KEY,
    vessel_id   smallint NOT NULL,
    opened_on   date NOT NULL,
    closed_on   date,
    category    text NOT NULL,
    cost_gbp    numeric(10,2),
    notes       text
);
COMMENT ON TABLE fleet.maint_log IS 'Maintenance work orders per vessel (imported from the old TM Master system; vessel_id matches fleet.vessel).';
COMMENT ON COLUMN fleet.maint_log.closed_on IS 'Date the work order was closed; NULL = still open.';
COMMENT ON COLUMN fleet.maint_log.cost_gbp IS 'Final invoiced cost; NULL until the invoice is booked.';

INSERT INTO fleet.maint_log
SELECT i, v, op,
       CASE WHEN op > date '2024-11-15' AND h(i,72) % 100 < 70 THEN NULL
            WHEN h(i,72) % 100 < 4 THEN NULL
            ELSE op + (1 + h(i,73) % 45)::int END,
       cat,
       CASE WHEN h(i,74) % 100 < 8 THEN NULL
            ELSE round(((200 + h(i,75) % 9800) * CASE cat WHEN 'engine' THEN 4 WHEN 'hull' THEN 6 ELSE 1 END)::numeric
                       + (h(i,76) % 100) / 100.0, 2) END,
       cat || ' work order ' || i
FROM generate_series(1, 340) AS i
CROSS JOIN LATERAL (SELECT
   (1 + h(i,71) % 10)::smallint AS v,
   date '2023-01-01' + (h(i,77) % 731)::int AS op,
   (ARRAY['engine','hull','safety','electrical','interior','safety','engine','electrical'])[1 + h(i,78) % 8] AS cat) x;

-- ---------------------------------------------------------------- fleet.bunker
CREATE TABLE fleet.bunker (
    bunker_id    integer PRIMARY KEY,
    vessel_id    smallint NOT NULL REFERENCES fleet.vessel(vessel_id),
    port_id      smallint NOT NULL REFERENCES ops.port(port_id),
    bunkered_on  date NOT NULL,
    grade        varchar(5) NOT NULL,
    qty_t        numeric(8,1) NOT NULL,
    usd_per_t    numeric(8,2) NOT NULL
);
COMMENT ON TABLE fleet.bunker IS 'Fuel deliveries (bunkering).';
COMMENT ON COLUMN fleet.bunker.grade IS 'MGO = marine gas oil, VLSFO = very-low-sulphur fuel oil, LSMGO = low-sulphur marine gas oil.';
COMMENT ON COLUMN fleet.bunker.qty_t IS 'Quantity in metric tonnes.';
COMMENT ON COLUMN fleet.bunker.usd_per_t IS 'Price per tonne in US dollars (suppliers invoice in USD).';

INSERT INTO fleet.bunker
SELECT i, v, hp, date '2023-01-01' + (h(i,82) % 731)::int,
       (ARRAY['MGO','VLSFO','VLSFO','LSMGO'])[1 + h(i,83) % 4],
       round((20 + h(i,84) % 400)::numeric + (h(i,85) % 10) / 10.0, 1),
       round((560 + h(i,86) % 340)::numeric + (h(i,87) % 100) / 100.0, 2)
FROM generate_series(1, 620) AS i
CROSS JOIN LATERAL (SELECT (1 + h(i,81) % 9)::smallint AS v) a
JOIN fleet.vessel fv ON fv.vessel_id = a.v
CROSS JOIN LATERAL (SELECT fv.home_port_id AS hp) b;

-- ---------------------------------------------------------------- view
CREATE VIEW sales.v_sailing_load AS
SELECT s.sailing_id, r.route_code, s.sched_dep, v.vsl_name, s.sail_status,
       coalesce(sum(b.pax_adult + b.pax_child) FILTER (WHERE b.bkg_status IN (1,2)), 0) AS pax_booked,
       count(b.veh_type) FILTER (WHERE b.bkg_status IN (1,2)) AS vehicles_booked,
       coalesce(sum(b.fare_gbp) FILTER (WHERE b.bkg_status IN (1,2,3)), 0) AS revenue_gbp
FROM ops.sailing s
JOIN ops.route r ON r.route_id = s.route_id
JOIN fleet.vessel v ON v.vessel_id = s.vessel_id
LEFT JOIN sales.booking b ON b.sailing_id = s.sailing_id
GROUP BY s.sailing_id, r.route_code, s.sched_dep, v.vsl_name, s.sail_status;
COMMENT ON VIEW sales.v_sailing_load IS 'Booked passengers, vehicles and revenue per sailing (active bookings; no-shows count as revenue).';

DROP FUNCTION public.h(bigint, int);

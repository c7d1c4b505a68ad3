-- =====================================================================
--  Kettleby District Council — Waste & Recycling Services database
--  ("WRS"): properties, bins, rounds, fleet, customer services and
--  street-scene enforcement.
--  Data snapshot taken at close of business Wednesday 16 October 2024.
-- =====================================================================
SET client_min_messages = warning;
SET jit = off;

CREATE SCHEMA prop;
CREATE SCHEMA ops;
CREATE SCHEMA svc;

COMMENT ON SCHEMA prop IS 'Property register (LLPG extract), households, bin containers issued';
COMMENT ON SCHEMA ops  IS 'Operations: depot, fleet, crews, collection rounds, weighbridge, workshop';
COMMENT ON SCHEMA svc  IS 'Customer services and enforcement: missed bins, bulky waste, garden waste, fly-tipping, complaints';

-- deterministic pseudo-random helpers (session only, dropped at end of load)
CREATE FUNCTION pg_temp.r(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT (hashtextextended(k, 20241016) & 2147483647)::float8 / 2147483648.0 $$;

CREATE FUNCTION pg_temp.ri(k text, lo int, hi int) RETURNS int
LANGUAGE sql IMMUTABLE AS
$$ SELECT lo + floor(pg_temp.r(k) * (hi - lo + 1))::int $$;

CREATE FUNCTION pg_temp.pick(k text, a text[]) RETURNS text
LANGUAGE sql IMMUTABLE AS
$$ SELECT a[1 + floor(pg_temp.r(k) * array_length(a, 1))::int] $$;

CREATE TYPE prop.waste_stream AS ENUM ('residual','recycling','food','garden','glass','bulky');
COMMENT ON TYPE prop.waste_stream IS 'Waste stream a container, round or load belongs to';

CREATE TYPE svc.bkg_status AS ENUM ('requested','confirmed','collected','cancelled','no_access');
COMMENT ON TYPE svc.bkg_status IS 'Bulky waste booking status: requested (not yet paid/confirmed), confirmed (paid, slot given), collected, cancelled (fee refunded), no_access (crew could not find/reach the items, fee kept)';

-- ---------------------------------------------------------------------
-- prop
-- ---------------------------------------------------------------------
CREATE TABLE prop.ward (
    ward_cd  char(3) PRIMARY KEY,
    ward_nm  varchar(40) NOT NULL,
    town     varchar(40) NOT NULL,
    pop_est  int
);
COMMENT ON TABLE prop.ward IS 'Electoral wards of the district';

INSERT INTO prop.ward VALUES
 ('ABB','Abbey','Kettleby',6120),('BRK','Brookside','Kettleby',5890),('CAS','Castle','Kettleby',6440),
 ('EGT','Eastgate','Kettleby',6010),('FEN','Fenwick','Fenwick Green',4870),('HOL','Hollins','Hollinsford',5230),
 ('KMD','Kingsmead','Kettleby',6300),('LAN','Langley','Langley Marsh',4110),('MIL','Millfield','Kettleby',5760),
 ('NWD','Northwood','Northwood',4980),('PRI','Priory','Kettleby',6050),('RIV','Riverside','Kettleby',6620),
 ('STM','St Mary''s','Hollinsford',5340),('THB','Thornbury','Thornbury',4720),('WFD','Westfield','Kettleby',5910),
 ('WLD','Wolds','Thornbury',3890);

CREATE TABLE prop.bin_type (
    bt_cd      varchar(6) PRIMARY KEY,
    bt_desc    varchar(60) NOT NULL,
    stream     prop.waste_stream NOT NULL,
    cap_ltr    smallint NOT NULL,
    colour     varchar(12) NOT NULL,
    unit_cost  numeric(6,2) NOT NULL,
    res_charge numeric(6,2) NOT NULL DEFAULT 0
);
COMMENT ON TABLE  prop.bin_type IS 'Container types we issue (sizes in litres)';
COMMENT ON COLUMN prop.bin_type.unit_cost IS 'What the council pays the supplier per container (GBP)';
COMMENT ON COLUMN prop.bin_type.res_charge IS 'Charge to the resident for a replacement or extra container (GBP, delivery included); 0 = free';

INSERT INTO prop.bin_type VALUES
 ('R140','Grey wheeled bin 140L (refuse)','residual',140,'grey',21.50,30.00),
 ('R240','Grey wheeled bin 240L (refuse)','residual',240,'grey',24.80,30.00),
 ('R360','Grey wheeled bin 360L (refuse, large household by approval)','residual',360,'grey',39.90,45.00),
 ('C240','Blue wheeled bin 240L (dry recycling)','recycling',240,'blue',24.80,0),
 ('C360','Blue wheeled bin 360L (dry recycling)','recycling',360,'blue',39.90,0),
 ('G240','Brown wheeled bin 240L (garden waste)','garden',240,'brown',24.80,0),
 ('F23','Outdoor food caddy 23L','food',23,'green',4.60,0),
 ('F07','Kitchen food caddy 7L','food',7,'green',1.90,0),
 ('B55','Glass box 55L','glass',55,'black',3.80,0);

CREATE TABLE prop.property (
    uprn        bigint PRIMARY KEY,
    addr_l1     varchar(80) NOT NULL,
    street      varchar(60) NOT NULL,
    town        varchar(40) NOT NULL,
    postcode    varchar(8) NOT NULL,
    ward_cd     char(3) NOT NULL REFERENCES prop.ward,
    prop_typ    char(2) NOT NULL,
    ctax_band   char(1) NOT NULL,
    coll_pt     char(1) NOT NULL DEFAULT 'K',
    ref_rnd     int,
    rec_rnd     int,
    fd_rnd      int,
    gw_rnd      int,
    added_dt    date NOT NULL,
    x_coord     int,
    y_coord     int
);
COMMENT ON TABLE  prop.property IS 'Every domestic property we collect from (extract of the Local Land and Property Gazetteer), keyed by UPRN';
COMMENT ON COLUMN prop.property.uprn IS 'Unique Property Reference Number';
COMMENT ON COLUMN prop.property.prop_typ IS 'Property type: HS house, BG bungalow, FL flat, MS maisonette, HM house in multiple occupation';
COMMENT ON COLUMN prop.property.ctax_band IS 'Council tax band A-H';
COMMENT ON COLUMN prop.property.coll_pt IS 'Collection point: K kerbside, C communal bin store, R rear lane / alley';
COMMENT ON COLUMN prop.property.ref_rnd IS 'Refuse (grey bin) round, ops.round.round_id';
COMMENT ON COLUMN prop.property.rec_rnd IS 'Dry recycling (blue bin + glass box) round';
COMMENT ON COLUMN prop.property.fd_rnd IS 'Food waste round';
COMMENT ON COLUMN prop.property.gw_rnd IS 'Garden waste round serving the area (only used when the property has a garden subscription)';
COMMENT ON COLUMN prop.property.added_dt IS 'Date added to the register; 2004-04-01 = migrated from the old system, later dates are new builds';
COMMENT ON COLUMN prop.property.x_coord IS 'OS easting';
COMMENT ON COLUMN prop.property.y_coord IS 'OS northing';

-- 36,000 properties on 600 streets; street s belongs to collection area s/30 (0..19)
WITH st AS (
  SELECT s,
    (ARRAY['Oak','Ash','Beech','Elm','Cedar','Willow','Hazel','Rowan','Birch','Maple',
           'Chestnut','Holly','Laurel','Poplar','Sycamore','Alder','Juniper','Larch','Linden','Yew',
           'Mill','Church','Station','Victoria','Albert','Park','Queens','Kings','Manor','Grange',
           'Meadow','Orchard','Bridge','Castle','Abbey','Priory','Brook','Hill','Green','Field',
           'Farm','Vicarage','School','Market','Chapel','Windmill','Forge','Granary','Paddock','Spinney'])[1 + s % 50]
    || ' ' ||
    (ARRAY['Road','Street','Lane','Close','Avenue','Drive','Way','Crescent','Gardens','Grove','Court','Place'])[1 + (s / 50 + 5 * (s % 50)) % 12]
      AS street,
    (ARRAY['ABB','BRK','CAS','EGT','FEN','HOL','KMD','LAN','MIL','NWD','PRI','RIV','STM','THB','WFD','WLD'])[1 + (s * 16) / 600] AS ward_cd,
    1 + (s * 16) / 600 AS ward_no,
    pg_temp.r('flats' || s) < 0.18 AS flats,
    s / 30 AS area
  FROM generate_series(0, 599) s
), p AS (
  SELECT n, n / 60 AS s, n % 60 + 1 AS hno FROM generate_series(0, 35999) n
)
INSERT INTO prop.property
SELECT 100040000001 + p.n,
       CASE WHEN st.flats THEN 'Flat ' || p.hno || ', ' || (ARRAY['Kestrel','Heron','Merlin','Swift','Falcon','Osprey'])[1 + p.s % 6] || ' House'
            ELSE p.hno::text END,
       st.street, w.town,
       'KB' || st.ward_no || ' ' || (1 + p.s % 9)::text
            || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (p.s * 3 + (p.hno - 1) / 15) % 20, 1)
            || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (p.s * 7 + ((p.hno - 1) / 15) * 11) % 20, 1),
       st.ward_cd,
       CASE WHEN st.flats THEN CASE WHEN pg_temp.r('pt' || p.n) < 0.85 THEN 'FL' ELSE 'MS' END
            ELSE CASE WHEN pg_temp.r('pt' || p.n) < 0.74 THEN 'HS' WHEN pg_temp.r('pt' || p.n) < 0.95 THEN 'BG' ELSE 'HM' END END,
       CASE WHEN st.flats THEN pg_temp.pick('ct' || p.n, ARRAY['A','A','A','B','B','C'])
            ELSE pg_temp.pick('ct' || p.n, ARRAY['A','B','B','C','C','C','D','D','D','E','E','F','G','H']) END,
       CASE WHEN st.flats THEN CASE WHEN pg_temp.r('cp' || p.n) < 0.7 THEN 'C' ELSE 'K' END
            ELSE CASE WHEN pg_temp.r('cp' || p.n) < 0.9 THEN 'K' ELSE 'R' END END,
       1 + st.area, 21 + st.area, 41 + st.area / 2, 51 + st.area / 2,
       CASE WHEN p.hno > 56 AND pg_temp.r('nb' || p.s) < 0.45
            THEN date '2022-01-10' + pg_temp.ri('nbd' || p.s, 0, 1005)
            ELSE date '2004-04-01' END,
       452000 + (p.s % 25) * 380 + p.hno * 5,
       318000 + (p.s / 25) * 290 + pg_temp.ri('y' || p.n, 0, 40)
FROM p JOIN st ON st.s = p.s JOIN prop.ward w ON w.ward_cd = st.ward_cd;

CREATE TABLE prop.household (
    hh_id       serial PRIMARY KEY,
    uprn        bigint NOT NULL,
    lead_nm     varchar(80) NOT NULL,
    email       varchar(120),
    phone       varchar(15),
    pref_cont   char(1) NOT NULL DEFAULT 'E',
    assisted    boolean NOT NULL DEFAULT false,
    asst_rvw_dt date,
    moved_in    date NOT NULL,
    moved_out   date
);
COMMENT ON TABLE  prop.household IS 'Resident accounts: the household living at a property (one current household per occupied property; earlier occupiers kept with moved_out set)';
COMMENT ON COLUMN prop.household.pref_cont IS 'Preferred contact: E email, S text message, P post, N do not contact';
COMMENT ON COLUMN prop.household.assisted IS 'Assisted collection: crew fetch and return the bins from the property because nobody in the household can move them';
COMMENT ON COLUMN prop.household.asst_rvw_dt IS 'Date the assisted collection is next due for review';
COMMENT ON COLUMN prop.household.moved_out IS 'Date the household left the property; NULL = current occupier';

WITH fn AS (SELECT ARRAY['James','Olivia','Amelia','Jack','Harry','Isla','Emily','George','Sophie','Thomas',
                         'Grace','Oliver','Jessica','William','Lily','Daniel','Chloe','Samuel','Ella','Joseph',
                         'Mohammed','Aisha','Priya','Rajesh','Zofia','Piotr','Mary','John','Susan','David',
                         'Margaret','Peter','Linda','Paul','Karen','Michael','Helen','Robert','Ruth','Stephen'] a),
     ln AS (SELECT ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright',
                         'Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke',
                         'Patel','Khan','Hughes','Edwards','Turner','Baker','Harris','Cooper','King','Lee',
                         'Martin','Morris','Ward','Moore','Kowalski','Nowak','Shaw','Lewis','Carter','Mason'] a),
cur AS (
  SELECT p.uprn,
         CASE WHEN p.added_dt > '2004-04-01' THEN least(p.added_dt + pg_temp.ri('mi' || p.uprn, 2, 60), date '2024-10-16')
              ELSE date '1996-01-01' + pg_temp.ri('mi' || p.uprn, 0, 10500) END AS moved_in
  FROM prop.property p
  WHERE pg_temp.r('void' || p.uprn) >= 0.02
), hh AS (
  SELECT uprn, moved_in, NULL::date AS moved_out, 'c' AS g FROM cur
  UNION ALL
  SELECT uprn, moved_in - pg_temp.ri('pm' || uprn, 400, 6000), moved_in - pg_temp.ri('pg' || uprn, 0, 25), 'p'
  FROM cur WHERE moved_in >= '2021-01-01' AND moved_in < '2024-10-01'
  UNION ALL  -- void properties: last occupier left
  SELECT p.uprn, date '2005-01-01' + pg_temp.ri('vm' || p.uprn, 0, 6000),
         date '2024-05-01' + pg_temp.ri('vo' || p.uprn, 0, 160), 'v'
  FROM prop.property p WHERE pg_temp.r('void' || p.uprn) < 0.02 AND p.added_dt = '2004-04-01'
)
INSERT INTO prop.household (uprn, lead_nm, email, phone, pref_cont, assisted, asst_rvw_dt, moved_in, moved_out)
SELECT hh.uprn,
       f || ' ' || l,
       CASE WHEN pg_temp.r('em' || g || uprn) < 0.78
            THEN lower(f) || '.' || lower(l) || (uprn % 997)::text || '@' || pg_temp.pick('dm' || g || uprn, ARRAY['gmail.com','hotmail.co.uk','outlook.com','btinternet.com','yahoo.co.uk','icloud.com']) END,
       CASE WHEN pg_temp.r('ph' || g || uprn) < 0.85 THEN '07' || lpad((pg_temp.ri('pn' || g || uprn, 0, 999999999))::text, 9, '0') END,
       CASE WHEN pg_temp.r('pc' || g || uprn) < 0.62 THEN 'E' WHEN pg_temp.r('pc' || g || uprn) < 0.85 THEN 'S'
            WHEN pg_temp.r('pc' || g || uprn) < 0.98 THEN 'P' ELSE 'N' END,
       asst,
       CASE WHEN asst THEN date '2024-07-01' + pg_temp.ri('ar' || uprn, 0, 540) END,
       moved_in, moved_out
FROM (SELECT hh.*, fn.a[1 + floor(pg_temp.r('f' || g || uprn) * 40)::int] AS f, ln.a[1 + floor(pg_temp.r('l' || g || uprn) * 40)::int] AS l,
             (g = 'c' AND pg_temp.r('as' || uprn) < 0.031) AS asst
      FROM hh, fn, ln) hh
ORDER BY g, uprn;

CREATE TABLE prop.container (
    cont_id     serial,
    uprn        bigint NOT NULL,
    bt_cd       varchar(6) NOT NULL,
    serial_no   varchar(14) NOT NULL,
    rfid_tag    varchar(24),
    issued_dt   date NOT NULL,
    issue_rsn   varchar(3) NOT NULL,
    charge_paid numeric(6,2) NOT NULL DEFAULT 0,
    cont_st     char(1) NOT NULL DEFAULT 'A',
    removed_dt  date,
    last_seen   date
);
COMMENT ON TABLE  prop.container IS 'Every bin, caddy and box issued to a property (one row per physical container, including removed ones)';
COMMENT ON COLUMN prop.container.issue_rsn IS 'Why issued: STD standard issue (rollout or new property), RPL replacement for a lost/stolen/damaged container, ADD additional or larger capacity, GWS garden waste subscription';
COMMENT ON COLUMN prop.container.charge_paid IS 'What the resident paid for this container (GBP); 0 = free of charge';
COMMENT ON COLUMN prop.container.cont_st IS 'A in use, L lost or stolen, D damaged and taken away, W withdrawn / returned to depot (e.g. swapped for a bigger bin)';
COMMENT ON COLUMN prop.container.rfid_tag IS 'RFID chip number (bins bought since 2016 only)';
COMMENT ON COLUMN prop.container.last_seen IS 'Last date the in-cab system saw this container lifted';

WITH b AS (
  SELECT p.uprn, p.prop_typ, p.added_dt, (p.added_dt > '2004-04-01') AS nb
  FROM prop.property p
), items AS (
  -- grey bin (original; replaced or upgraded ones are closed off)
  SELECT uprn, 1 AS k,
         CASE WHEN prop_typ IN ('FL','MS') THEN 'R140' ELSE 'R240' END AS bt,
         CASE WHEN nb THEN added_dt + pg_temp.ri('ri' || uprn, 3, 20) ELSE date '2011-09-05' + pg_temp.ri('ri' || uprn, 0, 120) END AS iss,
         'STD' AS rsn, 0::numeric AS chg,
         CASE WHEN NOT nb AND pg_temp.r('rr' || uprn) < 0.07 THEN CASE WHEN pg_temp.r('rs' || uprn) < 0.55 THEN 'L' ELSE 'D' END
              WHEN NOT nb AND prop_typ IN ('HS','HM') AND pg_temp.r('up' || uprn) < 0.05 THEN 'W' ELSE 'A' END AS st,
         CASE WHEN NOT nb AND pg_temp.r('rr' || uprn) < 0.07 THEN date '2022-01-04' + pg_temp.ri('rd' || uprn, 0, 1008)
              WHEN NOT nb AND prop_typ IN ('HS','HM') AND pg_temp.r('up' || uprn) < 0.05 THEN date '2013-01-07' + pg_temp.ri('ud' || uprn, 0, 4290) END AS rem
  FROM b
  UNION ALL -- replacement grey bin (resident pays)
  SELECT uprn, 2, CASE WHEN prop_typ IN ('FL','MS') THEN 'R140' ELSE 'R240' END,
         date '2022-01-04' + pg_temp.ri('rd' || uprn, 0, 1008) + pg_temp.ri('rw' || uprn, 0, 7),
         'RPL', CASE WHEN pg_temp.r('rf' || uprn) < 0.12 THEN 0 ELSE 30.00 END, 'A', NULL::date
  FROM b WHERE NOT nb AND pg_temp.r('rr' || uprn) < 0.07
  UNION ALL -- upgrade to 360L for large households
  SELECT uprn, 3, 'R360', date '2013-01-07' + pg_temp.ri('ud' || uprn, 0, 4290), 'ADD', 45.00, 'A', NULL
  FROM b WHERE NOT nb AND NOT pg_temp.r('rr' || uprn) < 0.07 AND prop_typ IN ('HS','HM') AND pg_temp.r('up' || uprn) < 0.05
  UNION ALL -- blue recycling bin
  SELECT uprn, 4, CASE WHEN prop_typ = 'HS' AND pg_temp.r('c3' || uprn) < 0.03 THEN 'C360' ELSE 'C240' END,
         CASE WHEN nb THEN added_dt + pg_temp.ri('ri' || uprn, 3, 20) ELSE date '2011-09-05' + pg_temp.ri('ci' || uprn, 0, 120) END,
         'STD', 0,
         CASE WHEN NOT nb AND pg_temp.r('cr' || uprn) < 0.05 THEN CASE WHEN pg_temp.r('cs' || uprn) < 0.4 THEN 'L' ELSE 'D' END ELSE 'A' END,
         CASE WHEN NOT nb AND pg_temp.r('cr' || uprn) < 0.05 THEN date '2022-01-04' + pg_temp.ri('cd' || uprn, 0, 1008) END
  FROM b
  UNION ALL -- replacement blue bin (free)
  SELECT uprn, 5, 'C240', date '2022-01-04' + pg_temp.ri('cd' || uprn, 0, 1008) + pg_temp.ri('cw' || uprn, 0, 7), 'RPL', 0, 'A', NULL
  FROM b WHERE NOT nb AND pg_temp.r('cr' || uprn) < 0.05
  UNION ALL -- outdoor food caddy
  SELECT uprn, 6, 'F23', CASE WHEN nb THEN added_dt + pg_temp.ri('ri' || uprn, 3, 20) ELSE date '2019-10-07' + pg_temp.ri('fi' || uprn, 0, 30) END,
         'STD', 0, 'A', NULL FROM b
  UNION ALL -- kitchen caddy
  SELECT uprn, 7, 'F07', CASE WHEN nb THEN added_dt + pg_temp.ri('ri' || uprn, 3, 20) ELSE date '2019-10-07' + pg_temp.ri('fi' || uprn, 0, 30) END,
         'STD', 0, 'A', NULL FROM b WHERE nb OR pg_temp.r('f7' || uprn) < 0.6
  UNION ALL -- glass box (not flats)
  SELECT uprn, 8, 'B55', CASE WHEN nb THEN added_dt + pg_temp.ri('ri' || uprn, 3, 20) ELSE date '2014-05-12' + pg_temp.ri('gi' || uprn, 0, 60) END,
         'STD', 0, 'A', NULL FROM b WHERE prop_typ NOT IN ('FL','MS') AND pg_temp.r('gx' || uprn) < 0.7
  UNION ALL -- brown garden bins for garden subscribers (1-3 bins)
  SELECT uprn, 8 + g, 'G240',
         CASE WHEN nb THEN added_dt + pg_temp.ri('gsi' || uprn, 20, 200) ELSE date '2016-02-15' + pg_temp.ri('gsi' || uprn, 0, 2200) END,
         'GWS', 0, 'A', NULL
  FROM b, generate_series(1, CASE WHEN pg_temp.r('gb' || uprn) < 0.85 THEN 1 WHEN pg_temp.r('gb' || uprn) < 0.98 THEN 2 ELSE 3 END) g
  WHERE prop_typ NOT IN ('FL','MS') AND pg_temp.r('gs' || uprn) < 0.40
)
INSERT INTO prop.container (uprn, bt_cd, serial_no, rfid_tag, issued_dt, issue_rsn, charge_paid, cont_st, removed_dt, last_seen)
SELECT uprn, bt,
       'KB' || upper(substr(md5('sn' || uprn || '-' || k), 1, 10)),
       CASE WHEN iss >= '2016-01-01' OR pg_temp.r('rf' || uprn || k) < 0.3 THEN 'E2801160' || upper(substr(md5('rfid' || uprn || '-' || k), 1, 16)) END,
       least(iss, date '2024-10-16'), rsn, chg, st, rem,
       CASE WHEN st = 'A' AND bt NOT IN ('F07') AND iss < '2024-09-25' THEN date '2024-10-16' - pg_temp.ri('ls' || uprn || k, 1, 20) END
FROM items
ORDER BY least(iss, date '2024-10-16'), uprn, k;
ALTER TABLE prop.container ADD PRIMARY KEY (cont_id), ADD CONSTRAINT container_serial_no_key UNIQUE (serial_no);

-- ---------------------------------------------------------------------
-- ops
-- ---------------------------------------------------------------------
CREATE TABLE ops.depot (
    dep_cd   char(3) PRIMARY KEY,
    dep_nm   varchar(60) NOT NULL,
    addr     varchar(120)
);
INSERT INTO ops.depot VALUES
 ('KBD','Kettleby Depot','Station Road Industrial Estate, Kettleby KB4 2TR'),
 ('HLF','Hollinsford Satellite Yard','Mill Lane, Hollinsford KB6 1DW');

CREATE TABLE ops.vehicle (
    veh_id      smallint PRIMARY KEY,
    fleet_no    varchar(6) NOT NULL UNIQUE,
    reg_no      varchar(8) NOT NULL UNIQUE,
    make_model  varchar(60) NOT NULL,
    veh_typ     varchar(5) NOT NULL,
    fuel        char(1) NOT NULL DEFAULT 'D',
    dep_cd      char(3) NOT NULL REFERENCES ops.depot,
    first_reg   date NOT NULL,
    gvw_kg      int NOT NULL,
    tare_kg     int NOT NULL,
    mot_due     date,
    veh_st      char(1) NOT NULL DEFAULT 'A',
    disposed_dt date
);
COMMENT ON TABLE  ops.vehicle IS 'Fleet list: refuse collection vehicles (RCVs) and support vehicles';
COMMENT ON COLUMN ops.vehicle.veh_typ IS 'RCV26 26-tonne refuse collection vehicle, RCV18 18-tonne RCV, FWV 7.5-tonne food waste vehicle, NRV narrow-access RCV, CAG caged tipper (bulky waste / fly-tip clearance), VAN supervisor or crew van';
COMMENT ON COLUMN ops.vehicle.fuel IS 'D diesel, H HVO (renewable diesel), E battery electric';
COMMENT ON COLUMN ops.vehicle.gvw_kg IS 'Gross vehicle weight limit (plated weight), kg';
COMMENT ON COLUMN ops.vehicle.tare_kg IS 'Unladen (tare) weight stored on the weighbridge system, kg';
COMMENT ON COLUMN ops.vehicle.veh_st IS 'A active in service, S spare / reserve, V VOR = vehicle off road (awaiting repair), D disposed (sold or scrapped)';

INSERT INTO ops.vehicle (veh_id, fleet_no, reg_no, make_model, veh_typ, fuel, dep_cd, first_reg, gvw_kg, tare_kg, mot_due, veh_st, disposed_dt)
SELECT v, 'K' || lpad(v::text, 3, '0'),
       (ARRAY['KX19','KX19','KX20','KX20','KY21','KY21','KY22','KE73','KN16','KN16','KN17',
              'KX19','KX19','KY21','KY21','KN17','KX20','KX20','KY22','KE23','KE23','KY72',
              'KX70','KX70','KY22','KY22','KE73','KE73','KN14','KN14','KN15','KN15','KN15','KN16','KN16','KN17'])[v]
         || ' ' || substr('ABCDEFGHJKLMNOPRSTUVWXYZ', pg_temp.ri('rg1' || v, 1, 24), 1) || substr('ABCDEFGHJKLMNOPRSTUVWXYZ', pg_temp.ri('rg2' || v, 1, 24), 1)
         || substr('ABCDEFGHJKLMNOPRSTUVWXYZ', pg_temp.ri('rg3' || v, 1, 24), 1),
       CASE WHEN v = 8 THEN 'Dennis Eagle eCollect 6x2' WHEN v <= 11 OR v BETWEEN 29 AND 32 THEN 'Dennis Eagle Elite 6 6x2'
            WHEN v <= 16 THEN 'Isuzu NPR / Romaquip Alliance' WHEN v <= 19 THEN 'Mercedes Econic 1830 4x2'
            WHEN v <= 21 THEN 'Isuzu Grafter caged tipper' WHEN v = 22 THEN 'Isuzu Forward NRV'
            ELSE 'Ford Transit Custom' END,
       CASE WHEN v <= 11 OR v BETWEEN 29 AND 32 THEN 'RCV26' WHEN v <= 16 THEN 'FWV' WHEN v <= 19 THEN 'RCV18'
            WHEN v <= 21 THEN 'CAG' WHEN v = 22 THEN 'NRV' ELSE 'VAN' END,
       CASE WHEN v = 8 THEN 'E' WHEN v IN (1,2,3,4,12,13) THEN 'H' ELSE 'D' END,
       CASE WHEN v IN (17, 22, 24) THEN 'HLF' ELSE 'KBD' END,
       date '2014-03-01' + (CASE WHEN v <= 8 THEN 1900 + v * 60 WHEN v <= 11 THEN 800 + v * 30 WHEN v <= 16 THEN 1950 + v * 20
                                 WHEN v <= 22 THEN 2000 + v * 30 WHEN v <= 28 THEN 2500 + v * 10 ELSE (v - 29) * 120 END),
       CASE WHEN v <= 11 OR v BETWEEN 29 AND 32 THEN 26000 WHEN v <= 16 THEN 7500 WHEN v <= 19 THEN 18000
            WHEN v <= 21 THEN 3500 WHEN v = 22 THEN 12000 ELSE 3200 END,
       CASE WHEN v = 8 THEN 17950 WHEN v <= 11 OR v BETWEEN 29 AND 32 THEN 15900 + (v * 37) % 500 WHEN v <= 16 THEN 5050 + (v * 13) % 200
            WHEN v <= 19 THEN 11600 + (v * 29) % 300 WHEN v <= 21 THEN 2450 + v * 3 WHEN v = 22 THEN 7300 ELSE 2100 END,
       CASE WHEN v <= 28 THEN date '2024-10-20' + (v * 47) % 340 END,
       CASE WHEN v IN (5, 14) THEN 'V' WHEN v IN (9, 10, 11, 16, 22) THEN 'S' WHEN v >= 29 THEN 'D' ELSE 'A' END,
       CASE WHEN v >= 29 THEN date '2022-02-14' + (v - 29) * 127 END
FROM generate_series(1, 36) v;

CREATE TABLE ops.crew_member (
    staff_id    smallint PRIMARY KEY,
    staff_no    varchar(6) NOT NULL UNIQUE,
    first_nm    varchar(40) NOT NULL,
    last_nm     varchar(40) NOT NULL,
    role_cd     char(3) NOT NULL,
    dep_cd      char(3) NOT NULL REFERENCES ops.depot,
    agency      boolean NOT NULL DEFAULT false,
    start_dt    date NOT NULL,
    leave_dt    date,
    hgv_lic_exp date,
    cpc_exp     date,
    ni_no       varchar(9)
);
COMMENT ON TABLE  ops.crew_member IS 'Front-line operational staff: drivers, loaders, supervisors, workshop fitters';
COMMENT ON COLUMN ops.crew_member.role_cd IS 'DRV HGV driver, LDR loader (operative), SUP round supervisor, FIT workshop fitter / mechanic';
COMMENT ON COLUMN ops.crew_member.agency IS 'Agency worker (not directly employed)';
COMMENT ON COLUMN ops.crew_member.hgv_lic_exp IS 'Expiry of the C/C+E driving licence entitlement (drivers)';
COMMENT ON COLUMN ops.crew_member.cpc_exp IS 'Driver CPC card expiry (drivers)';
COMMENT ON COLUMN ops.crew_member.leave_dt IS 'Last day of employment; NULL = still working for us';

INSERT INTO ops.crew_member
SELECT i, 'E' || (4100 + i * 13)::text,
       (ARRAY['Gary','Darren','Lee','Wayne','Craig','Dean','Jason','Shaun','Mark','Paul',
              'Tony','Kevin','Stuart','Carl','Neil','Ryan','Jamie','Scott','Adam','Liam',
              'Tomasz','Marek','Andrzej','Kelly','Donna','Sharon','Dave','Steve','Rob','Mick',
              'Connor','Kieran','Nathan','Callum','Ben','Luke','Aaron','Kyle','Jordan','Reece'])[1 + (i * 7) % 40],
       (ARRAY['Hughes','Barker','Marsh','Pickering','Doyle','Fletcher','Gibbs','Holloway','Ingram','Jarvis',
              'Kemp','Lowe','Mellor','Naylor','Oakes','Parkin','Quinn','Rowley','Slater','Tomlinson',
              'Upton','Vickers','Webster','Yates','Wozniak','Bates','Crossley','Dobson','Eccles','Frost',
              'Gough','Haigh','Illing','Jowett','Kirk','Lund','Moss','Nuttall','Orme','Platt',
              'Rhodes','Sutcliffe','Thorpe','Wilde','Atkin','Booth','Cawood','Dunn','Eyre','Firth'])[1 + (i * 13) % 50],
       CASE WHEN i <= 30 THEN 'DRV' WHEN i <= 95 THEN 'LDR' WHEN i <= 101 THEN 'SUP' ELSE 'FIT' END,
       CASE WHEN i % 9 = 4 THEN 'HLF' ELSE 'KBD' END,
       (i BETWEEN 31 AND 95 AND pg_temp.r('ag' || i) < 0.25),
       date '2003-06-02' + pg_temp.ri('sd' || i, 0, 7600),
       CASE WHEN i BETWEEN 31 AND 95 AND pg_temp.r('lv' || i) < 0.12 THEN date '2022-03-01' + pg_temp.ri('ld' || i, 0, 950) END,
       CASE WHEN i <= 30 OR i BETWEEN 96 AND 101 THEN date '2024-10-21' + pg_temp.ri('hg' || i, 0, 1500) END,
       CASE WHEN i <= 30 OR i BETWEEN 96 AND 101 THEN date '2024-11-01' + pg_temp.ri('cp' || i, 0, 1700) END,
       upper(substr('ABCEGHJKLMNPRSTWXYZ', 1 + i % 19, 1) || substr('ABCEGHJKLMNPRSTWXYZ', 1 + (i * 3) % 19, 1))
         || lpad(pg_temp.ri('ni' || i, 0, 999999)::text, 6, '0') || substr('ABCD', 1 + i % 4, 1)
FROM generate_series(1, 106) i;

CREATE TABLE ops.round (
    round_id   int PRIMARY KEY,
    round_cd   varchar(12) NOT NULL UNIQUE,
    stream     prop.waste_stream NOT NULL,
    day_no     smallint NOT NULL,
    wk_pat     char(1) NOT NULL,
    dep_cd     char(3) NOT NULL REFERENCES ops.depot,
    def_veh_id smallint REFERENCES ops.vehicle,
    driver_id  smallint REFERENCES ops.crew_member,
    active     boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  ops.round IS 'Collection rounds: a fixed route worked by one vehicle and crew on a set day';
COMMENT ON COLUMN ops.round.round_cd IS 'Round code: stream-day-week+number, e.g. REF-MON-A1 (REF refuse, REC dry recycling, FD food, GW garden)';
COMMENT ON COLUMN ops.round.day_no IS 'Collection day 1 = Monday ... 5 = Friday';
COMMENT ON COLUMN ops.round.wk_pat IS 'A = week A only, B = week B only (alternate weekly collection; week A = the week beginning Monday 3 January 2022 and every second week after it), W = every week';
COMMENT ON COLUMN ops.round.def_veh_id IS 'Vehicle normally used on this round';
COMMENT ON COLUMN ops.round.driver_id IS 'Regular driver (crew leader)';

WITH d(dn, dnm) AS (VALUES (0,'MON'),(1,'TUE'),(2,'WED'),(3,'THU'),(4,'FRI'))
INSERT INTO ops.round
SELECT 1 + k, 'REF-' || dnm || '-' || CASE WHEN k % 4 < 2 THEN 'A' ELSE 'B' END || (k % 2 + 1), 'residual'::prop.waste_stream, 1 + k / 4,
       CASE WHEN k % 4 < 2 THEN 'A' ELSE 'B' END, 'KBD', 1 + k % 4 + 4 * ((k / 4) % 2), 1 + (k * 7) % 30, true
FROM generate_series(0, 19) k JOIN d ON d.dn = k / 4
UNION ALL
SELECT 21 + k, 'REC-' || dnm || '-' || CASE WHEN k % 4 < 2 THEN 'B' ELSE 'A' END || (k % 2 + 1), 'recycling', 1 + k / 4,
       CASE WHEN k % 4 < 2 THEN 'B' ELSE 'A' END, 'KBD', 1 + k % 4 + 4 * ((k / 4) % 2), 1 + (k * 7 + 3) % 30, true
FROM generate_series(0, 19) k JOIN d ON d.dn = k / 4
UNION ALL
SELECT 41 + j, 'FD-' || dnm || '-' || (j % 2 + 1), 'food', 1 + j / 2, 'W', CASE WHEN j % 2 = 1 AND j / 2 = 2 THEN 'HLF' ELSE 'KBD' END,
       12 + j % 2 + 2 * ((j / 2) % 2), 1 + (j * 11 + 5) % 30, true
FROM generate_series(0, 9) j JOIN d ON d.dn = j / 2
UNION ALL
SELECT 51 + j, 'GW-' || dnm || '-' || CASE WHEN j % 2 = 0 THEN 'A' ELSE 'B' END, 'garden', 1 + j / 2,
       CASE WHEN j % 2 = 0 THEN 'A' ELSE 'B' END, CASE WHEN j = 7 THEN 'HLF' ELSE 'KBD' END, 17 + (j / 2) % 3, 1 + (j * 13 + 2) % 30, true
FROM generate_series(0, 9) j JOIN d ON d.dn = j / 2;

CREATE TABLE ops.round_crew (
    round_id   int NOT NULL REFERENCES ops.round,
    staff_id   smallint NOT NULL REFERENCES ops.crew_member,
    crew_role  char(1) NOT NULL,
    from_dt    date NOT NULL,
    PRIMARY KEY (round_id, staff_id)
);
COMMENT ON TABLE  ops.round_crew IS 'Regular crew assigned to each round';
COMMENT ON COLUMN ops.round_crew.crew_role IS 'D driver, L loader';

INSERT INTO ops.round_crew
SELECT round_id, driver_id, 'D', date '2021-04-05' + (round_id * 17) % 900 FROM ops.round
UNION ALL
SELECT round_id, 31 + (round_id * 3 + l) % 65, 'L', date '2021-04-05' + (round_id * 23 + l * 40) % 1100
FROM ops.round, generate_series(0, 1) l;

CREATE TABLE ops.round_run (
    run_id     serial PRIMARY KEY,
    round_id   int NOT NULL REFERENCES ops.round,
    run_dt     date NOT NULL,
    veh_id     smallint REFERENCES ops.vehicle,
    driver_id  smallint REFERENCES ops.crew_member,
    st_cd      char(1) NOT NULL DEFAULT 'S',
    nd_rsn     char(3),
    start_tm   time,
    end_tm     time,
    lifts      int,
    miles      numeric(5,1),
    UNIQUE (round_id, run_dt)
);
COMMENT ON TABLE  ops.round_run IS 'Scheduled collections: one row per round per collection day (the schedule runs two weeks ahead)';
COMMENT ON COLUMN ops.round_run.st_cd IS 'S scheduled (not yet worked), C completed, P partially completed (streets left over), N not done at all';
COMMENT ON COLUMN ops.round_run.nd_rsn IS 'Why partial / not done: BRK vehicle breakdown, STF staff shortage, WTH weather (snow, ice, flooding), ACC access problem or road closure, OVR overran, finished next day';
COMMENT ON COLUMN ops.round_run.lifts IS 'Bins/caddies emptied, from the in-cab bin lift counter';

WITH days AS (
  SELECT d::date AS d, extract(isodow FROM d)::int AS dow,
         CASE WHEN ((d::date - date '2022-01-03') / 7) % 2 = 0 THEN 'A' ELSE 'B' END AS wk
  FROM generate_series(date '2022-01-03', date '2024-10-31', interval '1 day') d
  WHERE extract(isodow FROM d) <= 5 AND to_char(d, 'MM-DD') NOT IN ('12-25','12-26','01-01')
), s AS (
  SELECT r.round_id, r.stream, r.def_veh_id, r.driver_id, days.d,
         pg_temp.r('st' || r.round_id || days.d) AS h
  FROM days JOIN ops.round r ON r.day_no = days.dow AND (r.wk_pat = 'W' OR r.wk_pat = days.wk)
  WHERE r.stream <> 'garden' OR extract(month FROM days.d) BETWEEN 3 AND 11
), s2 AS (
  SELECT s.*,
         CASE WHEN d > '2024-10-16' THEN 'S'
              WHEN d BETWEEN '2022-12-12' AND '2022-12-14' AND h < 0.7 THEN 'N'
              WHEN h < 0.015 THEN 'N' WHEN h < 0.075 THEN 'P' ELSE 'C' END AS st
  FROM s
)
INSERT INTO ops.round_run (round_id, run_dt, veh_id, driver_id, st_cd, nd_rsn, start_tm, end_tm, lifts, miles)
SELECT round_id, d,
       CASE WHEN def_veh_id = 5 AND d >= '2024-10-09' THEN 9
            WHEN def_veh_id = 14 AND d >= '2024-10-14' THEN 16
            WHEN pg_temp.r('sv' || round_id || d) < 0.08 THEN
                 CASE stream WHEN 'food' THEN 16 WHEN 'garden' THEN 17 + pg_temp.ri('sw' || round_id || d, 0, 2)
                             ELSE 9 + pg_temp.ri('sw' || round_id || d, 0, 2) END
            ELSE def_veh_id END,
       CASE WHEN pg_temp.r('dv' || round_id || d) < 0.15 THEN 1 + pg_temp.ri('dw' || round_id || d, 0, 29)::smallint ELSE driver_id END,
       st,
       CASE WHEN st = 'N' AND d BETWEEN '2022-12-12' AND '2022-12-14' THEN 'WTH'
            WHEN st = 'N' THEN pg_temp.pick('nr' || round_id || d, ARRAY['BRK','BRK','STF','ACC','WTH'])
            WHEN st = 'P' THEN pg_temp.pick('nr' || round_id || d, ARRAY['BRK','STF','STF','OVR','OVR','OVR','ACC','WTH']) END,
       CASE WHEN st IN ('C','P') THEN time '06:30' + pg_temp.ri('t0' || round_id || d, 0, 30) * interval '1 minute' END,
       CASE WHEN st = 'C' THEN time '06:30' + pg_temp.ri('t1' || round_id || d, 420, 570) * interval '1 minute'
            WHEN st = 'P' THEN time '06:30' + pg_temp.ri('t1' || round_id || d, 540, 630) * interval '1 minute' END,
       CASE WHEN st IN ('C','P') THEN
            round((CASE stream WHEN 'residual' THEN pg_temp.ri('lf' || round_id || d, 1500, 1790)
                               WHEN 'recycling' THEN pg_temp.ri('lf' || round_id || d, 1350, 1750)
                               WHEN 'food' THEN pg_temp.ri('lf' || round_id || d, 1700, 2600)
                               ELSE pg_temp.ri('lf' || round_id || d, 800, 1050) END)
                  * CASE WHEN st = 'P' THEN 0.4 + 0.4 * pg_temp.r('pp' || round_id || d) ELSE 1 END)::int
            WHEN st = 'N' THEN 0 END,
       CASE WHEN st IN ('C','P') THEN pg_temp.ri('mi' || round_id || d, 320, 780) / 10.0 END
FROM s2
ORDER BY d, round_id;

-- weighbridge tickets, partitioned by ticket date (one partition per calendar year)
CREATE TABLE ops.wb_ticket (
    tkt_id    bigint NOT NULL,
    tkt_no    varchar(12) NOT NULL,
    tkt_dt    date NOT NULL,
    tkt_tm    time NOT NULL,
    veh_id    smallint NOT NULL REFERENCES ops.vehicle,
    run_id    int,
    site_cd   char(3) NOT NULL,
    stream    prop.waste_stream NOT NULL,
    gross_kg  int NOT NULL,
    tare_kg   int NOT NULL,
    net_kg    int GENERATED ALWAYS AS (gross_kg - tare_kg) STORED,
    rej_cd    char(3),
    PRIMARY KEY (tkt_id, tkt_dt)
) PARTITION BY RANGE (tkt_dt);
COMMENT ON TABLE  ops.wb_ticket IS 'Weighbridge tickets: every load tipped at a disposal or processing site (partitioned by year of tkt_dt)';
COMMENT ON COLUMN ops.wb_ticket.run_id IS 'Round run the load came from (ops.round_run.run_id); NULL for bulky waste and fly-tip clearance loads';
COMMENT ON COLUMN ops.wb_ticket.site_cd IS 'Where tipped: EFW energy-from-waste plant (refuse), MRF materials recovery facility (dry recycling), ADP anaerobic digestion plant (food), CMP open windrow composting site (garden), HTS Hollinsford transfer station (bulky / fly-tipped waste)';
COMMENT ON COLUMN ops.wb_ticket.net_kg IS 'Net weight of the load in kg (gross minus tare)';
COMMENT ON COLUMN ops.wb_ticket.rej_cd IS 'Load rejected by the receiving site: CON contaminated recycling (diverted to EfW at extra cost), HAZ hazardous item found in the load; NULL = accepted';

CREATE TABLE ops.wb_ticket_2022 PARTITION OF ops.wb_ticket FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE ops.wb_ticket_2023 PARTITION OF ops.wb_ticket FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE ops.wb_ticket_2024 PARTITION OF ops.wb_ticket FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');

WITH loads AS (
  SELECT rr.run_id, rr.run_dt AS dt, rr.veh_id, r.stream, k,
         time '10:05' + (k - 1) * interval '125 minutes' + pg_temp.ri('tt' || rr.run_id || k, 0, 55) * interval '1 minute' AS tm,
         CASE r.stream WHEN 'residual' THEN pg_temp.ri('nk' || rr.run_id || k, 6200, 10400)
                       WHEN 'recycling' THEN pg_temp.ri('nk' || rr.run_id || k, 3400, 6400)
                       WHEN 'food' THEN pg_temp.ri('nk' || rr.run_id || k, 1400, 3600)
                       ELSE (pg_temp.ri('nk' || rr.run_id || k, 3000, 6000)
                             * CASE WHEN extract(month FROM rr.run_dt) BETWEEN 4 AND 7 THEN 1.45
                                    WHEN extract(month FROM rr.run_dt) BETWEEN 8 AND 9 THEN 1.25 ELSE 1 END)::int END AS net,
         CASE r.stream WHEN 'residual' THEN 'EFW' WHEN 'recycling' THEN 'MRF' WHEN 'food' THEN 'ADP' ELSE 'CMP' END AS site,
         CASE WHEN r.stream = 'recycling' AND pg_temp.r('rj' || rr.run_id || k) < 0.042 THEN 'CON'
              WHEN r.stream = 'recycling' AND pg_temp.r('rj' || rr.run_id || k) < 0.048 THEN 'HAZ' END AS rej
  FROM ops.round_run rr JOIN ops.round r ON r.round_id = rr.round_id,
       generate_series(1, CASE WHEN rr.st_cd = 'C' THEN
                                   CASE r.stream WHEN 'residual' THEN 2 ELSE 1 END
                                   + CASE WHEN pg_temp.r('nt' || rr.run_id) < CASE r.stream WHEN 'food' THEN 0.3 ELSE 0.5 END THEN 1 ELSE 0 END
                               ELSE 1 + CASE WHEN r.stream = 'residual' AND pg_temp.r('nt' || rr.run_id) < 0.5 THEN 1 ELSE 0 END END) k
  WHERE rr.st_cd IN ('C','P')
  UNION ALL
  SELECT NULL, d::date, CASE WHEN extract(day FROM d)::int % 2 = 0 THEN 20 ELSE 21 END, 'bulky', 1,
         time '12:40' + pg_temp.ri('bt' || d, 0, 150) * interval '1 minute',
         pg_temp.ri('bn' || d, 500, 1600), 'HTS', NULL
  FROM generate_series(date '2022-01-04', date '2024-10-16', interval '1 day') d
  WHERE extract(isodow FROM d) <= 5 AND pg_temp.r('bl' || d) < 0.6
), numbered AS (
  SELECT l.*, row_number() OVER (ORDER BY dt, tm, run_id NULLS LAST, k) AS id,
         row_number() OVER (PARTITION BY extract(year FROM dt) ORDER BY dt, tm, run_id NULLS LAST, k) AS yseq
  FROM loads l
)
INSERT INTO ops.wb_ticket (tkt_id, tkt_no, tkt_dt, tkt_tm, veh_id, run_id, site_cd, stream, gross_kg, tare_kg, rej_cd)
SELECT id, 'WB' || to_char(dt, 'YY') || '-' || lpad(yseq::text, 5, '0'), dt, tm, n.veh_id, run_id, site, stream::prop.waste_stream,
       v.tare_kg + net + pg_temp.ri('gv' || id, -40, 40), v.tare_kg, rej
FROM numbered n JOIN ops.vehicle v ON v.veh_id = n.veh_id
ORDER BY id;

CREATE TABLE ops.veh_defect (
    def_id      serial PRIMARY KEY,
    def_ref     varchar(9) NOT NULL UNIQUE,
    veh_id      smallint NOT NULL REFERENCES ops.vehicle,
    rpt_dt      date NOT NULL,
    rpt_by      smallint REFERENCES ops.crew_member,
    src_cd      char(3) NOT NULL,
    def_cat     varchar(20) NOT NULL,
    sev         smallint NOT NULL,
    vor         boolean NOT NULL DEFAULT false,
    descr       text,
    fixed_dt    date,
    fitter_id   smallint REFERENCES ops.crew_member,
    labour_hrs  numeric(4,1),
    parts_cost  numeric(8,2)
);
COMMENT ON TABLE  ops.veh_defect IS 'Depot workshop job list: vehicle defects reported and their repair';
COMMENT ON COLUMN ops.veh_defect.src_cd IS 'How found: DWC driver daily walk-round check, DRV driver report during the round, INS 6-weekly safety inspection, MOT annual test failure, LOL bin-lift LOLER thorough examination';
COMMENT ON COLUMN ops.veh_defect.sev IS 'Severity: 1 advisory (fix at next service), 2 minor (fix within 48 hours, vehicle may run), 3 dangerous (vehicle must not be used until repaired)';
COMMENT ON COLUMN ops.veh_defect.vor IS 'Vehicle was taken off road (VOR) because of this defect';
COMMENT ON COLUMN ops.veh_defect.fixed_dt IS 'Date repair signed off by a fitter; NULL = defect still open';
COMMENT ON COLUMN ops.veh_defect.parts_cost IS 'Parts cost in GBP excluding VAT';

WITH g AS (
  SELECT n,
         (ARRAY[1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,9,9,10,10,11,11,12,12,13,13,14,14,15,15,16,17,17,18,18,19,19,20,20,21,21,22,23,24,25,26,27,28])[1 + floor(pg_temp.r('dv' || n) * 47)::int] AS veh,
         date '2022-01-04' + pg_temp.ri('dd' || n, 0, 1016) AS rpt,
         pg_temp.pick('dc' || n, ARRAY['Brakes','Lights','Lights','Tyres','Tyres','Hydraulics','Hydraulics','Bin lift','Bin lift','Bin lift',
                                       'Bodywork','Bodywork','Engine','Cameras','Cameras','Electrics','Suspension','Mirrors','Wipers']) AS cat,
         CASE WHEN pg_temp.r('sv' || n) < 0.45 THEN 1 WHEN pg_temp.r('sv' || n) < 0.9 THEN 2 ELSE 3 END AS sev,
         pg_temp.pick('ds' || n, ARRAY['DWC','DWC','DWC','DWC','DRV','DRV','INS','INS','MOT','LOL']) AS src
  FROM generate_series(1, 2650) n
)
INSERT INTO ops.veh_defect (def_ref, veh_id, rpt_dt, rpt_by, src_cd, def_cat, sev, vor, descr, fixed_dt, fitter_id, labour_hrs, parts_cost)
SELECT 'DF' || lpad(row_number() OVER (ORDER BY rpt, n)::text, 6, '0'), veh, rpt,
       CASE WHEN src IN ('DWC','DRV') THEN 1 + pg_temp.ri('rb' || n, 0, 29) ELSE 102 + pg_temp.ri('rb' || n, 0, 4) END,
       src,
       CASE WHEN src = 'LOL' THEN 'Bin lift' ELSE cat END, sev, sev = 3,
       CASE WHEN src = 'LOL' THEN 'LOLER exam: ' ELSE '' END ||
       CASE WHEN src = 'LOL' OR cat = 'Bin lift' THEN pg_temp.pick('tx' || n, ARRAY['comb lift slow to return','bin lift ram leaking','lift chains worn','safety bar sensor fault','lift cycles erratic'])
            WHEN cat = 'Tyres' THEN pg_temp.pick('tx' || n, ARRAY['n/s front tyre below legal tread','sidewall damage rear axle','slow puncture','tyre pressures low'])
            WHEN cat = 'Lights' THEN pg_temp.pick('tx' || n, ARRAY['beacon not working','o/s indicator out','reverse light out','number plate lamp out'])
            WHEN cat = 'Hydraulics' THEN pg_temp.pick('tx' || n, ARRAY['hydraulic oil leak','packer plate hose split','tailgate ram weeping'])
            WHEN cat = 'Cameras' THEN pg_temp.pick('tx' || n, ARRAY['reversing camera no picture','360 camera fault','DVR not recording'])
            ELSE lower(cat) || ' ' || pg_temp.pick('tx' || n, ARRAY['fault reported','damage','noise','warning light on dash','worn']) END,
       CASE WHEN sev < 3 AND rpt > '2024-10-04' AND pg_temp.r('op' || n) < 0.6 THEN NULL
            WHEN sev = 1 AND rpt < '2024-10-05' AND pg_temp.r('op' || n) < 0.03 THEN NULL
            WHEN rpt + CASE sev WHEN 3 THEN pg_temp.ri('fx' || n, 0, 6) WHEN 2 THEN pg_temp.ri('fx' || n, 0, 3) ELSE pg_temp.ri('fx' || n, 2, 35) END > '2024-10-16'
                 THEN CASE WHEN sev = 3 THEN date '2024-10-16' ELSE NULL END
            ELSE rpt + CASE sev WHEN 3 THEN pg_temp.ri('fx' || n, 0, 6) WHEN 2 THEN pg_temp.ri('fx' || n, 0, 3) ELSE pg_temp.ri('fx' || n, 2, 35) END END,
       102 + pg_temp.ri('ft' || n, 0, 4),
       round((0.3 + pg_temp.r('lh' || n) * CASE sev WHEN 3 THEN 11 WHEN 2 THEN 5 ELSE 2.5 END)::numeric, 1),
       round((pg_temp.r('pc' || n) * CASE WHEN cat IN ('Hydraulics','Bin lift','Engine','Suspension') THEN 1800 WHEN cat = 'Tyres' THEN 420 ELSE 260 END
              * CASE sev WHEN 3 THEN 1.6 ELSE 1 END)::numeric, 2)
FROM g
ORDER BY rpt, n;

-- the two vehicles off the road at the moment
INSERT INTO ops.veh_defect (def_ref, veh_id, rpt_dt, rpt_by, src_cd, def_cat, sev, vor, descr, fixed_dt, fitter_id, labour_hrs, parts_cost)
VALUES ('DF002651', 5, '2024-10-09', 6, 'DRV', 'Hydraulics', 3, true, 'main lift ram seal failed, body cannot tip - awaiting part from Dennis Eagle', NULL, 103, 6.5, NULL),
       ('DF002652', 14, '2024-10-14', 104, 'INS', 'Brakes', 3, true, 'rear brake discs below limit, calipers seized', NULL, 105, 3.0, NULL);
-- open jobs have no labour or parts booked yet (except the two VOR jobs in progress)
UPDATE ops.veh_defect SET labour_hrs = NULL, parts_cost = NULL WHERE fixed_dt IS NULL AND NOT vor;

-- ---------------------------------------------------------------------
-- svc
-- ---------------------------------------------------------------------
CREATE INDEX ix_household_uprn ON prop.household (uprn);
CREATE INDEX ix_container_uprn ON prop.container (uprn);

-- helper: who is on which round (load time only)
CREATE TEMP TABLE rnd_member AS
SELECT round_id, uprn, row_number() OVER (PARTITION BY round_id ORDER BY uprn) - 1 AS idx
FROM (SELECT ref_rnd AS round_id, uprn FROM prop.property
      UNION ALL SELECT rec_rnd, uprn FROM prop.property
      UNION ALL SELECT fd_rnd, uprn FROM prop.property
      UNION ALL SELECT p.gw_rnd, p.uprn FROM prop.property p
                WHERE EXISTS (SELECT 1 FROM prop.container c WHERE c.uprn = p.uprn AND c.bt_cd = 'G240')) m;
CREATE INDEX ON rnd_member (round_id, idx);
CREATE TEMP TABLE rnd_size AS SELECT round_id, count(*) AS n FROM rnd_member GROUP BY round_id;
CREATE TEMP TABLE run_pick AS
SELECT rr.run_id, rr.round_id, rr.run_dt, rr.st_cd, r.stream,
       row_number() OVER (ORDER BY rr.run_id) - 1 AS gidx,
       row_number() OVER (PARTITION BY rr.round_id ORDER BY rr.run_id) - 1 AS ridx,
       (rr.st_cd = 'P') AS partial
FROM ops.round_run rr JOIN ops.round r ON r.round_id = rr.round_id
WHERE rr.st_cd IN ('C','P');
CREATE INDEX ON run_pick (gidx);
CREATE INDEX ON run_pick (round_id, ridx);
CREATE TEMP TABLE part_pick AS SELECT run_id, row_number() OVER (ORDER BY run_id) - 1 AS pidx FROM run_pick WHERE partial;

CREATE TABLE svc.missed_bin (
    mb_id       serial PRIMARY KEY,
    mb_ref      varchar(10) NOT NULL,
    uprn        bigint NOT NULL,
    hh_id       int,
    stream      prop.waste_stream NOT NULL,
    coll_dt     date NOT NULL,
    run_id      int,
    round_id    int,
    rpt_at      timestamp NOT NULL,
    chan        char(1) NOT NULL,
    rsn_cd      char(2),
    res_cd      char(1) NOT NULL DEFAULT 'O',
    resolved_dt date
);
COMMENT ON TABLE  svc.missed_bin IS 'Missed collection reports from residents ("missed bins")';
COMMENT ON COLUMN svc.missed_bin.coll_dt IS 'Scheduled collection day that was reported as missed';
COMMENT ON COLUMN svc.missed_bin.chan IS 'How reported: W web form, A council app, P phone (contact centre), E email';
COMMENT ON COLUMN svc.missed_bin.rsn_cd IS 'Crew / in-cab record for the property: NP bin not presented (not put out), GN genuine miss by the crew, BA blocked access (parked cars, roadworks), CT contaminated (wrong items, bin tagged), OW overweight or lid not closed (side waste); NULL = no crew record';
COMMENT ON COLUMN svc.missed_bin.res_cd IS 'Outcome: R crew returned and emptied the bin, N not returned (not the crew''s fault, resident told why), O open - still waiting for a return visit';
COMMENT ON COLUMN svc.missed_bin.resolved_dt IS 'Date of the return visit or of the decision not to return';

WITH picks AS (
  SELECT n, rp.run_id, rp.round_id, rp.run_dt, rp.stream, rp.partial
  FROM generate_series(1, 18600) n
  JOIN run_pick rp ON rp.gidx = floor(pg_temp.r('mp' || n) * (SELECT count(*) FROM run_pick))::int
  UNION ALL
  SELECT 100000 + n, rp.run_id, rp.round_id, rp.run_dt, rp.stream, true
  FROM generate_series(1, 1500) n
  JOIN part_pick pp ON pp.pidx = floor(pg_temp.r('pq' || n) * (SELECT count(*) FROM part_pick))::int
  JOIN run_pick rp ON rp.run_id = pp.run_id
), withprop AS (
  SELECT p.*, m.uprn
  FROM picks p JOIN rnd_size s ON s.round_id = p.round_id
  JOIN rnd_member m ON m.round_id = p.round_id AND m.idx = floor(pg_temp.r('mu' || p.n) * s.n)::int
  UNION ALL -- repeat offenders / problem streets: 40 properties with many reports
  SELECT 200000 + n, rp.run_id, rp.round_id, rp.run_dt, rp.stream, rp.partial, x.uprn
  FROM generate_series(1, 760) n
  CROSS JOIN LATERAL (SELECT 100040000001 + ((1 + floor(pg_temp.r('px' || n) * 40)::int) * 877) % 36000 AS uprn) x
  JOIN prop.property pr ON pr.uprn = x.uprn
  JOIN run_pick rp ON rp.round_id = CASE WHEN pg_temp.r('pz' || n) < 0.6 THEN pr.ref_rnd ELSE pr.rec_rnd END
                  AND rp.ridx = floor(pg_temp.r('py' || n) * 28)::int + 40
), x AS (
  SELECT w.*,
         (least(w.run_dt + CASE WHEN pg_temp.r('rd' || n) < 0.55 THEN 0 WHEN pg_temp.r('rd' || n) < 0.9 THEN 1 ELSE 2 END, date '2024-10-16')
           + time '08:00' + pg_temp.ri('rm' || n, 0, 700) * interval '1 minute') AS rpt_at,
         CASE WHEN w.partial AND pg_temp.r('rs' || n) < 0.8 THEN 'GN'
              ELSE (ARRAY['NP','NP','NP','NP','NP','NP','NP','GN','GN','GN','GN','GN','GN','BA','BA','CT','CT','OW',NULL,NULL])[1 + floor(pg_temp.r('rs' || n) * 20)::int] END AS rsn
  FROM withprop w
), y AS (
  SELECT x.*,
         CASE WHEN x.rsn IS NULL OR x.rsn = 'GN' OR pg_temp.r('gw' || n) < 0.15
              THEN x.rpt_at::date + pg_temp.ri('rv' || n, 1, 3)
              ELSE x.rpt_at::date + pg_temp.ri('rv' || n, 0, 1) END AS res_dt,
         CASE WHEN x.rsn IS NULL OR x.rsn = 'GN' OR pg_temp.r('gw' || n) < 0.15 THEN 'R' ELSE 'N' END AS res
  FROM x
)
INSERT INTO svc.missed_bin (mb_ref, uprn, hh_id, stream, coll_dt, run_id, round_id, rpt_at, chan, rsn_cd, res_cd, resolved_dt)
SELECT 'MB' || lpad(row_number() OVER (ORDER BY rpt_at, n)::text, 7, '0'), y.uprn, h.hh_id,
       CASE WHEN y.stream = 'recycling' AND pg_temp.r('gl' || n) < 0.12 THEN 'glass' ELSE y.stream END,
       y.run_dt, y.run_id, y.round_id, y.rpt_at,
       (ARRAY['W','W','W','W','W','W','W','W','W','A','A','A','A','P','P','P','P','P','P','E'])[1 + floor(pg_temp.r('ch' || n) * 20)::int],
       y.rsn,
       CASE WHEN y.res_dt > '2024-10-16' OR pg_temp.r('ol' || n) < 0.006 THEN 'O' ELSE y.res END,
       CASE WHEN y.res_dt > '2024-10-16' OR pg_temp.r('ol' || n) < 0.006 THEN NULL ELSE y.res_dt END
FROM y
LEFT JOIN LATERAL (SELECT hh.hh_id FROM prop.household hh
                   WHERE hh.uprn = y.uprn AND hh.moved_in <= y.rpt_at::date AND (hh.moved_out IS NULL OR hh.moved_out > y.rpt_at::date)
                   ORDER BY hh.moved_in DESC LIMIT 1) h ON true
ORDER BY y.rpt_at, n;

CREATE TABLE svc.bulky_booking (
    bkg_id      serial PRIMARY KEY,
    bkg_ref     varchar(12) NOT NULL UNIQUE,
    uprn        bigint NOT NULL,
    hh_id       int,
    booked_at   timestamp NOT NULL,
    coll_dt     date NOT NULL,
    items       text[] NOT NULL,
    item_cnt    smallint NOT NULL,
    fee         numeric(6,2) NOT NULL,
    concession  boolean NOT NULL DEFAULT false,
    pay_ref     varchar(16),
    bkg_st      svc.bkg_status NOT NULL DEFAULT 'requested',
    refund_amt  numeric(6,2)
);
COMMENT ON TABLE  svc.bulky_booking IS 'Bulky waste collections booked and paid for by residents (collected by the caged tipper crew)';
COMMENT ON COLUMN svc.bulky_booking.coll_dt IS 'Collection date given to the resident';
COMMENT ON COLUMN svc.bulky_booking.fee IS 'Fee charged in GBP: base fee for up to 3 items plus a charge per extra item (base 22.00 + 7.00 until 31 Mar 2023, 25.00 + 8.00 in 2023/24, 28.00 + 9.00 from 1 Apr 2024); halved when concession applies';
COMMENT ON COLUMN svc.bulky_booking.concession IS 'Resident receives council tax reduction / means-tested benefit: 50% discount';
COMMENT ON COLUMN svc.bulky_booking.pay_ref IS 'Card payment reference; NULL = not paid yet';
COMMENT ON COLUMN svc.bulky_booking.refund_amt IS 'Amount refunded on cancellation';

WITH g AS (
  SELECT n,
         date '2022-01-04' + pg_temp.ri('bd' || n, 0, 1016) + time '08:00' + pg_temp.ri('bm' || n, 0, 720) * interval '1 minute' AS booked_at,
         CASE WHEN pg_temp.r('bc' || n) < 0.30 THEN 1 WHEN pg_temp.r('bc' || n) < 0.55 THEN 2 WHEN pg_temp.r('bc' || n) < 0.80 THEN 3
              WHEN pg_temp.r('bc' || n) < 0.90 THEN 4 WHEN pg_temp.r('bc' || n) < 0.96 THEN 5 ELSE 6 END AS cnt,
         pg_temp.r('bx' || n) < 0.18 AS conc,
         100040000001 + pg_temp.ri('bu' || n, 0, 35999) AS uprn
  FROM generate_series(1, 7400) n
), g2 AS (
  SELECT g.*, booked_at::date + pg_temp.ri('bl' || n, 4, 18) AS c0 FROM g
), g3 AS (
  SELECT g2.*,
         c0 + CASE extract(isodow FROM c0)::int WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END AS coll,
         round(CASE WHEN booked_at < '2023-04-01' THEN 22 + 7 * greatest(cnt - 3, 0)
                    WHEN booked_at < '2024-04-01' THEN 25 + 8 * greatest(cnt - 3, 0)
                    ELSE 28 + 9 * greatest(cnt - 3, 0) END * CASE WHEN conc THEN 0.5 ELSE 1 END, 2) AS fee
  FROM g2
), g4 AS (
  SELECT g3.*,
         CASE WHEN coll > '2024-10-16' THEN
                   CASE WHEN pg_temp.r('bs' || n) < 0.05 THEN 'cancelled'
                        WHEN booked_at >= '2024-10-14' AND pg_temp.r('bs' || n) < 0.4 THEN 'requested' ELSE 'confirmed' END
              ELSE CASE WHEN pg_temp.r('bs' || n) < 0.09 THEN 'cancelled' WHEN pg_temp.r('bs' || n) < 0.16 THEN 'no_access' ELSE 'collected' END
         END::svc.bkg_status AS st
  FROM g3
)
INSERT INTO svc.bulky_booking (bkg_ref, uprn, hh_id, booked_at, coll_dt, items, item_cnt, fee, concession, pay_ref, bkg_st, refund_amt)
SELECT 'BW' || to_char(booked_at, 'YY') || '-' || lpad(row_number() OVER (PARTITION BY extract(year FROM booked_at) ORDER BY booked_at, n)::text, 5, '0'),
       g4.uprn, h.hh_id, booked_at, coll,
       ARRAY(SELECT pg_temp.pick('it' || n || '-' || i, ARRAY['sofa','sofa','armchair','mattress','mattress','bed frame','wardrobe','fridge freezer',
                                 'washing machine','dining table','dining chairs','carpet','chest of drawers','television','bicycle','garden furniture',
                                 'cooker','desk','exercise bike','sofa bed'])
             FROM generate_series(1, cnt) i),
       cnt, fee, conc,
       CASE WHEN st = 'requested' THEN NULL ELSE 'PAY' || upper(substr(md5('py' || n), 1, 10)) END,
       st,
       CASE WHEN st = 'cancelled' THEN fee END
FROM g4
LEFT JOIN LATERAL (SELECT hh.hh_id FROM prop.household hh
                   WHERE hh.uprn = g4.uprn AND hh.moved_in <= g4.booked_at::date AND (hh.moved_out IS NULL OR hh.moved_out > g4.booked_at::date)
                   ORDER BY hh.moved_in DESC LIMIT 1) h ON true
ORDER BY booked_at, n;

CREATE TABLE svc.garden_sub (
    sub_id      serial PRIMARY KEY,
    uprn        bigint NOT NULL,
    hh_id       int,
    season      smallint NOT NULL,
    bins        smallint NOT NULL DEFAULT 1,
    fee         numeric(6,2) NOT NULL,
    paid_dt     date NOT NULL,
    pay_mth     char(3) NOT NULL,
    st_cd       char(1) NOT NULL,
    start_dt    date NOT NULL,
    end_dt      date NOT NULL,
    cancel_dt   date,
    refund_amt  numeric(6,2)
);
COMMENT ON TABLE  svc.garden_sub IS 'Garden waste (brown bin) subscriptions, one row per property per season; the season runs March to November';
COMMENT ON COLUMN svc.garden_sub.fee IS 'Total paid for the season (price per bin: 40.00 in 2022, 44.00 in 2023, 48.00 in 2024, 52.00 in 2025)';
COMMENT ON COLUMN svc.garden_sub.pay_mth IS 'DDR direct debit, WEB online card payment, PHN card payment by phone, CHQ cheque';
COMMENT ON COLUMN svc.garden_sub.st_cd IS 'A active (paid, current or coming season), E expired (season over), X cancelled and refunded';

WITH gp AS (
  SELECT p.uprn, p.added_dt,
         CASE WHEN pg_temp.r('gb' || p.uprn) < 0.85 THEN 1 WHEN pg_temp.r('gb' || p.uprn) < 0.98 THEN 2 ELSE 3 END AS nb,
         CASE WHEN pg_temp.r('pm' || p.uprn) < 0.35 THEN 'DDR' WHEN pg_temp.r('pm' || p.uprn) < 0.85 THEN 'WEB'
              WHEN pg_temp.r('pm' || p.uprn) < 0.97 THEN 'PHN' ELSE 'CHQ' END AS pm
  FROM prop.property p
  WHERE p.prop_typ NOT IN ('FL','MS') AND pg_temp.r('gs' || p.uprn) < 0.40
), s AS (
  SELECT gp.*, y AS season,
         CASE WHEN y = 2025 THEN date '2024-10-01' + pg_temp.ri('pd' || uprn || y, 0, 15)
              WHEN pm = 'DDR' THEN greatest(make_date(y, 3, 1), added_dt + 21)
              ELSE greatest(make_date(y - 1, 12, 1) + pg_temp.ri('pd' || uprn || y, 0, 130)
                              + CASE WHEN pg_temp.r('pl' || uprn || y) < 0.15 THEN pg_temp.ri('pk' || uprn || y, 60, 160) ELSE 0 END,
                            added_dt + pg_temp.ri('pa' || uprn, 20, 200)) END AS paid,
         (ARRAY[40.00, 44.00, 48.00, 52.00])[y - 2021] AS price
  FROM gp, generate_series(2022, 2025) y
  WHERE (y < 2025 AND pg_temp.r('sy' || uprn || y) < 0.86) OR (y = 2025 AND pg_temp.r('sy' || uprn || y) < 0.22)
)
INSERT INTO svc.garden_sub (uprn, hh_id, season, bins, fee, paid_dt, pay_mth, st_cd, start_dt, end_dt, cancel_dt, refund_amt)
SELECT s.uprn, h.hh_id, season, nb, nb * price, paid,
       CASE WHEN season = 2025 THEN 'WEB' ELSE pm END,
       CASE WHEN pg_temp.r('cx' || uprn || season) < 0.025 AND season < 2025 THEN 'X' WHEN season < 2024 THEN 'E' ELSE 'A' END,
       greatest(make_date(season, 3, 1), paid + 5), make_date(season, 11, 30),
       CASE WHEN pg_temp.r('cx' || uprn || season) < 0.025 AND season < 2025 THEN least(paid + pg_temp.ri('cd' || uprn || season, 5, 120), date '2024-10-15') END,
       CASE WHEN pg_temp.r('cx' || uprn || season) < 0.025 AND season < 2025 THEN round(nb * price * 0.5, 2) END
FROM s
LEFT JOIN LATERAL (SELECT hh.hh_id FROM prop.household hh
                   WHERE hh.uprn = s.uprn AND hh.moved_in <= s.paid AND (hh.moved_out IS NULL OR hh.moved_out > s.paid)
                   ORDER BY hh.moved_in DESC LIMIT 1) h ON true
WHERE s.paid <= '2024-10-16' AND (s.season = 2025 OR s.paid <= make_date(s.season, 9, 30))
ORDER BY paid, s.uprn;

CREATE TABLE svc.flytip_report (
    ft_id       serial PRIMARY KEY,
    ft_ref      varchar(10) NOT NULL UNIQUE,
    rpt_at      timestamp NOT NULL,
    ward_cd     char(3) NOT NULL REFERENCES prop.ward,
    street      varchar(60),
    land_cd     char(3) NOT NULL,
    details     jsonb NOT NULL,
    st_cd       char(1) NOT NULL DEFAULT 'N',
    cleared_dt  date,
    clr_cost    numeric(8,2),
    officer_cd  varchar(4)
);
COMMENT ON TABLE  svc.flytip_report IS 'Fly-tipping incidents reported to us or found by our officers (feeds the DEFRA Flycapture return)';
COMMENT ON COLUMN svc.flytip_report.land_cd IS 'Land type: HWY highway or verge, BKL back alley, FPT footpath or bridleway, PRK park or open space, LAY lay-by, CPK council car park, PRV private land (landowner must clear)';
COMMENT ON COLUMN svc.flytip_report.details IS 'Incident details from the reporting app: {"waste": {"type", "size", "hazardous"}, "evidence": {"found", "items"}, "reporter": {"channel", "anonymous"}, "photos"}. waste.size uses the Flycapture size categories';
COMMENT ON COLUMN svc.flytip_report.st_cd IS 'N new (not yet inspected), I under investigation by an enforcement officer, C closed, L referred to the private landowner';
COMMENT ON COLUMN svc.flytip_report.clr_cost IS 'Cost of clearance in GBP (Flycapture unit costs plus hazardous waste disposal)';
COMMENT ON COLUMN svc.flytip_report.officer_cd IS 'Enforcement officer investigating: EO1 ... EO5';

CREATE TEMP TABLE ward_street AS
SELECT ward_cd, street, row_number() OVER (PARTITION BY ward_cd ORDER BY street) - 1 AS idx, count(*) OVER (PARTITION BY ward_cd) AS cnt
FROM (SELECT DISTINCT ward_cd, street FROM prop.property) z;

WITH g AS (
  SELECT n,
         date '2022-01-01' + least(floor(1020 * power(pg_temp.r('fd' || n), 0.85))::int, 1019)
           + time '06:30' + pg_temp.ri('fm' || n, 0, 900) * interval '1 minute' AS rpt_at,
         pg_temp.pick('fw' || n, ARRAY['RIV','RIV','RIV','RIV','EGT','EGT','EGT','CAS','CAS','CAS','MIL','MIL','MIL','ABB','ABB','BRK','BRK',
                                       'KMD','KMD','PRI','PRI','WFD','WFD','HOL','HOL','STM','FEN','LAN','NWD','THB','WLD']) AS ward,
         pg_temp.pick('fl' || n, ARRAY['HWY','HWY','HWY','HWY','HWY','HWY','HWY','HWY','HWY','BKL','BKL','BKL','FPT','FPT','PRK','PRK','LAY','LAY','CPK','PRV']) AS land,
         pg_temp.pick('ft' || n, ARRAY['household black bags','household black bags','household black bags','household black bags','household black bags',
                                       'household black bags','household black bags','other household','other household','other household',
                                       'furniture','furniture','white goods','construction / demolition','construction / demolition',
                                       'green waste','green waste','tyres','vehicle parts','commercial']) AS wtype,
         pg_temp.pick('fs' || n, ARRAY['single black bag','single black bag','single item','single item','single item','single item',
                                       'car boot or less','car boot or less','car boot or less','car boot or less','car boot or less','car boot or less',
                                       'small van load','small van load','small van load','small van load','transit van load','transit van load',
                                       'tipper lorry load','significant / multiple loads']) AS wsize,
         pg_temp.r('fh' || n) AS hz,
         pg_temp.r('fe' || n) < 0.22 AS ev
  FROM generate_series(1, 5650) n
), g2 AS (
  SELECT g.*,
         CASE WHEN hz < 0.012 THEN 'asbestos' WHEN hz < 0.016 THEN 'clinical' WHEN hz < 0.03 THEN 'chemical drums' ELSE wtype END AS wt,
         hz < 0.03 AS haz
  FROM g
), g3 AS (
  SELECT g2.*,
         CASE WHEN rpt_at >= '2024-10-15' AND pg_temp.r('fn' || n) < 0.6 THEN 'N'
              WHEN land = 'PRV' THEN 'L'
              WHEN ev AND rpt_at >= '2024-08-16' THEN 'I'
              ELSE 'C' END AS st
  FROM g2
)
INSERT INTO svc.flytip_report (ft_ref, rpt_at, ward_cd, street, land_cd, details, st_cd, cleared_dt, clr_cost, officer_cd)
SELECT 'FT' || to_char(rpt_at, 'YY') || lpad(row_number() OVER (PARTITION BY extract(year FROM rpt_at) ORDER BY rpt_at, n)::text, 5, '0'),
       rpt_at, ward, ws.street, land,
       jsonb_build_object(
         'waste', jsonb_build_object('type', wt, 'size', wsize, 'hazardous', haz),
         'evidence', CASE WHEN ev THEN jsonb_build_object('found', true, 'items',
                              to_jsonb(ARRAY[pg_temp.pick('ei' || n, ARRAY['letter','parcel label','invoice','bank statement','prescription bag','delivery note'])]
                                       || CASE WHEN pg_temp.r('ej' || n) < 0.35 THEN ARRAY[pg_temp.pick('ek' || n, ARRAY['letter','parcel label','utility bill','magazine address label'])] ELSE ARRAY[]::text[] END))
                          ELSE jsonb_build_object('found', false, 'items', '[]'::jsonb) END,
         'reporter', jsonb_build_object('channel', pg_temp.pick('rc' || n, ARRAY['app','app','app','web','web','phone','officer','officer']),
                                        'anonymous', pg_temp.r('ra' || n) < 0.4),
         'photos', pg_temp.ri('ph' || n, 0, 4)),
       st,
       CASE WHEN st IN ('C','I') AND rpt_at::date + pg_temp.ri('fc' || n, 0, 4) <= '2024-10-16' THEN rpt_at::date + pg_temp.ri('fc' || n, 0, 4) END,
       CASE WHEN st IN ('C','I') AND rpt_at::date + pg_temp.ri('fc' || n, 0, 4) <= '2024-10-16' THEN
            CASE wsize WHEN 'single black bag' THEN 25 WHEN 'single item' THEN 45 WHEN 'car boot or less' THEN 65 WHEN 'small van load' THEN 120
                       WHEN 'transit van load' THEN 220 WHEN 'tipper lorry load' THEN 650 ELSE 1800 END
            + CASE WHEN haz THEN 300 ELSE 0 END + pg_temp.ri('fz' || n, 0, 20) END,
       CASE WHEN ev THEN 'EO' || pg_temp.ri('eo' || n, 1, 5) END
FROM g3
JOIN ward_street ws ON ws.ward_cd = g3.ward AND ws.idx = floor(pg_temp.r('fr' || n) * ws.cnt)::int
ORDER BY rpt_at, n;

CREATE TABLE svc.enf_notice (
    not_id      serial PRIMARY KEY,
    not_ref     varchar(10) NOT NULL UNIQUE,
    not_typ     char(3) NOT NULL,
    ft_id       int REFERENCES svc.flytip_report,
    uprn        bigint,
    issued_dt   date NOT NULL,
    officer_cd  varchar(4) NOT NULL,
    amount      numeric(7,2) NOT NULL DEFAULT 0,
    due_dt      date,
    paid_dt     date,
    paid_amt    numeric(7,2),
    st_cd       char(1) NOT NULL DEFAULT 'O'
);
COMMENT ON TABLE  svc.enf_notice IS 'Enforcement notices and fixed penalties issued by the street-scene enforcement team';
COMMENT ON COLUMN svc.enf_notice.not_typ IS 'FPN fixed penalty notice for fly-tipping (400, 250 if paid within 10 days), DOC duty-of-care fixed penalty for a householder who gave waste to an unlicensed carrier (300, 180 if paid within 10 days), S34 request to a business to produce waste transfer notes, S46 section 46 notice telling a household how to present its waste (no fine)';
COMMENT ON COLUMN svc.enf_notice.ft_id IS 'Fly-tip incident the notice arises from (NULL for S46 notices)';
COMMENT ON COLUMN svc.enf_notice.uprn IS 'Property the S46 notice was served on';
COMMENT ON COLUMN svc.enf_notice.st_cd IS 'O outstanding (unpaid / not complied with), P paid or complied with, W withdrawn, C passed to legal for prosecution';

WITH f AS (
  SELECT ft_id, rpt_at::date AS rpt, officer_cd,
         CASE WHEN pg_temp.r('nt' || ft_id) < 0.65 THEN 'FPN' WHEN pg_temp.r('nt' || ft_id) < 0.9 THEN 'DOC' ELSE 'S34' END AS typ,
         rpt_at::date + pg_temp.ri('ni' || ft_id, 6, 45) AS iss
  FROM svc.flytip_report
  WHERE (details -> 'evidence' ->> 'found')::boolean AND land_cd <> 'PRV' AND pg_temp.r('nn' || ft_id) < 0.55
), n1 AS (
  SELECT ft_id, NULL::bigint AS uprn, typ, iss, officer_cd,
         CASE typ WHEN 'FPN' THEN 400 WHEN 'DOC' THEN 300 ELSE 0 END AS amt,
         pg_temp.r('np' || ft_id) AS hp, pg_temp.ri('nd' || ft_id, 2, 30) AS pdays, ft_id AS k
  FROM f WHERE iss <= '2024-10-16'
  UNION ALL
  SELECT NULL, 100040000001 + pg_temp.ri('su' || i, 0, 35999), 'S46', date '2022-01-10' + pg_temp.ri('sd' || i, 0, 1000),
         'EO' || pg_temp.ri('so' || i, 1, 5), 0, pg_temp.r('sp' || i), pg_temp.ri('sq' || i, 7, 28), 100000 + i
  FROM generate_series(1, 320) i
), n2 AS (
  SELECT n1.*,
         CASE WHEN typ IN ('FPN','DOC') AND hp < 0.6 AND iss + pdays <= '2024-10-16' THEN 'P'
              WHEN typ IN ('S34','S46') AND hp < 0.65 AND iss + pdays <= '2024-10-16' THEN 'P'
              WHEN iss < '2024-08-17' AND hp >= 0.6 AND hp < 0.76 THEN 'C'
              WHEN iss < '2024-08-17' AND hp >= 0.76 AND hp < 0.84 THEN 'W'
              ELSE 'O' END AS st
  FROM n1
)
INSERT INTO svc.enf_notice (not_ref, not_typ, ft_id, uprn, issued_dt, officer_cd, amount, due_dt, paid_dt, paid_amt, st_cd)
SELECT 'EN' || to_char(iss, 'YY') || lpad(row_number() OVER (PARTITION BY extract(year FROM iss) ORDER BY iss, k)::text, 4, '0'),
       typ, ft_id, uprn, iss, officer_cd, amt,
       CASE WHEN typ IN ('FPN','DOC') THEN iss + 14 ELSE iss + 28 END,
       CASE WHEN st = 'P' THEN iss + pdays END,
       CASE WHEN st = 'P' AND typ = 'FPN' THEN CASE WHEN pdays <= 10 THEN 250 ELSE 400 END
            WHEN st = 'P' AND typ = 'DOC' THEN CASE WHEN pdays <= 10 THEN 180 ELSE 300 END END,
       st
FROM n2
ORDER BY iss, k;

CREATE TABLE svc.complaint (
    cmp_id      serial PRIMARY KEY,
    cmp_ref     varchar(10) NOT NULL UNIQUE,
    uprn        bigint,
    hh_id       int,
    rcvd_dt     date NOT NULL,
    chan        char(1) NOT NULL,
    cat_cd      char(3) NOT NULL,
    stage       smallint NOT NULL DEFAULT 1,
    round_id    int REFERENCES ops.round,
    due_dt      date NOT NULL,
    closed_dt   date,
    outcome     char(1),
    comp_amt    numeric(7,2)
);
COMMENT ON TABLE  svc.complaint IS 'Formal complaints from residents about the waste service (corporate complaints procedure)';
COMMENT ON COLUMN svc.complaint.chan IS 'W web form, P phone, E email, L letter, C via a councillor';
COMMENT ON COLUMN svc.complaint.cat_cd IS 'MIS repeated missed collections, CRW crew behaviour, DMG damage to property or vehicle, SPL spillage / litter left behind by the crew, BNR bin not returned to the collection point, BLK bulky waste service, GRN garden waste subscription, POL council policy (e.g. no side waste), OTH other';
COMMENT ON COLUMN svc.complaint.stage IS '1 stage one (service manager, 10 working days), 2 stage two (head of service review, 20 working days)';
COMMENT ON COLUMN svc.complaint.due_dt IS 'Response due date';
COMMENT ON COLUMN svc.complaint.outcome IS 'U upheld, P partly upheld, N not upheld, W withdrawn by the resident; NULL = still open';
COMMENT ON COLUMN svc.complaint.comp_amt IS 'Goodwill payment or compensation paid (GBP)';

WITH g AS (
  SELECT n, date '2022-01-04' + pg_temp.ri('cd' || n, 0, 1015) AS rcvd,
         100040000001 + pg_temp.ri('cu' || n, 0, 35999) AS uprn,
         pg_temp.pick('cc' || n, ARRAY['MIS','MIS','MIS','MIS','MIS','CRW','CRW','DMG','SPL','SPL','SPL','BNR','BNR','BLK','GRN','GRN','POL','POL','OTH','MIS']) AS cat,
         CASE WHEN pg_temp.r('cs' || n) < 0.88 THEN 1 ELSE 2 END AS stg
  FROM generate_series(1, 3300) n
), g2 AS (
  SELECT g.*, rcvd + CASE stg WHEN 1 THEN 14 ELSE 28 END AS due,
         CASE WHEN pg_temp.r('co' || n) < 0.004 THEN NULL
              WHEN rcvd + CASE stg WHEN 1 THEN pg_temp.ri('cl' || n, 2, 19) ELSE pg_temp.ri('cl' || n, 10, 40) END > '2024-10-16' THEN NULL
              ELSE rcvd + CASE stg WHEN 1 THEN pg_temp.ri('cl' || n, 2, 19) ELSE pg_temp.ri('cl' || n, 10, 40) END END AS closed
  FROM g
)
INSERT INTO svc.complaint (cmp_ref, uprn, hh_id, rcvd_dt, chan, cat_cd, stage, round_id, due_dt, closed_dt, outcome, comp_amt)
SELECT 'CMP' || lpad(row_number() OVER (ORDER BY rcvd, n)::text, 6, '0'), g2.uprn, h.hh_id, rcvd,
       pg_temp.pick('ch' || n, ARRAY['W','W','W','W','P','P','P','E','E','L','C']),
       cat, stg,
       CASE WHEN cat IN ('MIS','CRW','DMG','SPL','BNR') THEN CASE WHEN pg_temp.r('cr' || n) < 0.6 THEN p.ref_rnd ELSE p.rec_rnd END END,
       due, closed,
       CASE WHEN closed IS NOT NULL THEN
            CASE WHEN pg_temp.r('cq' || n) < CASE cat WHEN 'MIS' THEN 0.45 WHEN 'SPL' THEN 0.4 WHEN 'POL' THEN 0.05 ELSE 0.28 END THEN 'U'
                 WHEN pg_temp.r('cv' || n) < 0.3 THEN 'P' WHEN pg_temp.r('cv' || n) < 0.92 THEN 'N' ELSE 'W' END END,
       CASE WHEN closed IS NOT NULL AND cat = 'DMG' AND pg_temp.r('cq' || n) < 0.28 THEN pg_temp.ri('cm' || n, 40, 450)
            WHEN closed IS NOT NULL AND cat = 'MIS' AND pg_temp.r('cq' || n) < 0.45 AND pg_temp.r('cm' || n) < 0.3 THEN 25 END
FROM g2 JOIN prop.property p ON p.uprn = g2.uprn
LEFT JOIN LATERAL (SELECT hh.hh_id FROM prop.household hh
                   WHERE hh.uprn = g2.uprn AND hh.moved_in <= g2.rcvd AND (hh.moved_out IS NULL OR hh.moved_out > g2.rcvd)
                   ORDER BY hh.moved_in DESC LIMIT 1) h ON true
ORDER BY rcvd, n;

-- ---------------------------------------------------------------------
-- constraints added after the bulk load, indexes, views
-- ---------------------------------------------------------------------
ALTER TABLE prop.property   ADD CONSTRAINT property_ref_rnd_fkey FOREIGN KEY (ref_rnd) REFERENCES ops.round,
                            ADD CONSTRAINT property_rec_rnd_fkey FOREIGN KEY (rec_rnd) REFERENCES ops.round,
                            ADD CONSTRAINT property_fd_rnd_fkey  FOREIGN KEY (fd_rnd)  REFERENCES ops.round,
                            ADD CONSTRAINT property_gw_rnd_fkey  FOREIGN KEY (gw_rnd)  REFERENCES ops.round;
ALTER TABLE prop.household  ADD CONSTRAINT household_uprn_fkey FOREIGN KEY (uprn) REFERENCES prop.property;
ALTER TABLE prop.container  ADD CONSTRAINT container_uprn_fkey FOREIGN KEY (uprn) REFERENCES prop.property,
                            ADD CONSTRAINT container_bt_cd_fkey FOREIGN KEY (bt_cd) REFERENCES prop.bin_type;
ALTER TABLE ops.wb_ticket   ADD CONSTRAINT wb_ticket_run_id_fkey FOREIGN KEY (run_id) REFERENCES ops.round_run;
ALTER TABLE svc.missed_bin  ADD CONSTRAINT missed_bin_uprn_fkey FOREIGN KEY (uprn) REFERENCES prop.property,
                            ADD CONSTRAINT missed_bin_hh_id_fkey FOREIGN KEY (hh_id) REFERENCES prop.household,
                            ADD CONSTRAINT missed_bin_run_id_fkey FOREIGN KEY (run_id) REFERENCES ops.round_run,
                            ADD CONSTRAINT missed_bin_round_id_fkey FOREIGN KEY (round_id) REFERENCES ops.round;
ALTER TABLE svc.bulky_booking ADD CONSTRAINT bulky_booking_uprn_fkey FOREIGN KEY (uprn) REFERENCES prop.property,
                              ADD CONSTRAINT bulky_booking_hh_id_fkey FOREIGN KEY (hh_id) REFERENCES prop.household;
ALTER TABLE svc.garden_sub  ADD CONSTRAINT garden_sub_uprn_fkey FOREIGN KEY (uprn) REFERENCES prop.property,
                            ADD CONSTRAINT garden_sub_hh_id_fkey FOREIGN KEY (hh_id) REFERENCES prop.household;
ALTER TABLE svc.enf_notice  ADD CONSTRAINT enf_notice_uprn_fkey FOREIGN KEY (uprn) REFERENCES prop.property;
ALTER TABLE svc.complaint   ADD CONSTRAINT complaint_uprn_fkey FOREIGN KEY (uprn) REFERENCES prop.property,
                            ADD CONSTRAINT complaint_hh_id_fkey FOREIGN KEY (hh_id) REFERENCES prop.household;

CREATE INDEX ix_container_rfid    ON prop.container (rfid_tag);
CREATE INDEX ix_round_run_dt      ON ops.round_run (run_dt);
CREATE INDEX ix_veh_defect_veh    ON ops.veh_defect (veh_id, rpt_dt);
CREATE INDEX ix_missed_bin_uprn   ON svc.missed_bin (uprn);
CREATE INDEX ix_missed_bin_rpt    ON svc.missed_bin (rpt_at);
CREATE INDEX ix_bulky_coll_dt     ON svc.bulky_booking (coll_dt);
CREATE INDEX ix_garden_sub_uprn   ON svc.garden_sub (uprn, season);
CREATE INDEX ix_complaint_open    ON svc.complaint (due_dt) WHERE closed_dt IS NULL;

CREATE VIEW svc.v_open_missed_bins AS
SELECT m.mb_id, m.mb_ref, m.rpt_at, m.coll_dt, m.stream, m.uprn,
       p.addr_l1 || ' ' || p.street AS address, p.postcode, p.ward_cd, r.round_cd, m.rsn_cd, m.chan
FROM svc.missed_bin m
JOIN prop.property p ON p.uprn = m.uprn
LEFT JOIN ops.round r ON r.round_id = m.round_id
WHERE m.res_cd = 'O';
COMMENT ON VIEW svc.v_open_missed_bins IS 'Missed-bin reports still waiting for a return visit (the supervisors'' morning list)';

CREATE MATERIALIZED VIEW ops.mv_tonnage_month AS
SELECT date_trunc('month', tkt_dt)::date AS mth, stream, site_cd,
       count(*) AS loads,
       round(sum(net_kg) / 1000.0, 2) AS tonnes,
       count(*) FILTER (WHERE rej_cd IS NOT NULL) AS rejected_loads
FROM ops.wb_ticket
GROUP BY 1, 2, 3;
COMMENT ON MATERIALIZED VIEW ops.mv_tonnage_month IS 'Monthly tonnage by waste stream and tipping site from the weighbridge tickets (refreshed nightly; used for the WasteDataFlow return)';

DROP TABLE rnd_member, rnd_size, run_pick, part_pick, ward_street;
DROP FUNCTION pg_temp.pick(text, text[]);
DROP FUNCTION pg_temp.ri(text, int, int);
DROP FUNCTION pg_temp.r(text);
VACUUM;
ANALYZE;

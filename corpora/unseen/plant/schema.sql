-- =====================================================================
--  Hartwell Precision Components -- plant ERP / MES reporting database
--  Contract machining + injection moulding.  Data runs from Nov 2021
--  through Sunday 30 June 2024 (last production day Fri 28 June 2024).
--  Load:  psql -v ON_ERROR_STOP=1 -d <db> -f schema.sql
-- =====================================================================
\set ON_ERROR_STOP 1
SET client_min_messages = warning;

-- deterministic pseudo-random helpers (session-local, nothing is left behind)
CREATE FUNCTION pg_temp.h(t text) RETURNS bigint LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(t), 1, 12))::bit(48)::bigint $$;
CREATE FUNCTION pg_temp.u(t text) RETURNS double precision LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(t), 1, 12))::bit(48)::bigint / 281474976710656.0 $$;

CREATE SCHEMA sales;
CREATE SCHEMA eng;
CREATE SCHEMA prod;
CREATE SCHEMA qa;
COMMENT ON SCHEMA sales IS 'Customers and shipments';
COMMENT ON SCHEMA eng   IS 'Engineering: part master and routings';
COMMENT ON SCHEMA prod  IS 'Shop floor: work orders, labour, machines, downtime, people, material lots';
COMMENT ON SCHEMA qa    IS 'Quality: inspections and non-conformance reports (NCRs)';

CREATE TYPE eng.part_kind AS ENUM ('machined', 'moulded');

-- ---------------------------------------------------------------------
-- sales.customer
-- ---------------------------------------------------------------------
CREATE TABLE sales.customer (
    cust_id      integer PRIMARY KEY,
    cust_code    varchar(8)  NOT NULL UNIQUE,
    cust_name    text        NOT NULL,
    country_cd   char(2)     NOT NULL DEFAULT 'US',
    terms_cd     varchar(4)  NOT NULL DEFAULT 'N30',
    credit_hold  boolean     NOT NULL DEFAULT false,
    acct_mgr     text,
    created_on   date        NOT NULL
);
COMMENT ON TABLE  sales.customer IS 'Customers we make parts for';
COMMENT ON COLUMN sales.customer.country_cd IS 'ISO 3166 two-letter country of the ship-to address';
COMMENT ON COLUMN sales.customer.terms_cd IS 'Payment terms: N30 = net 30 days, N45 = net 45 days, N60 = net 60 days, CIA = cash in advance';
COMMENT ON COLUMN sales.customer.credit_hold IS 'true = accounting has put the customer on credit hold; nothing ships until released';

INSERT INTO sales.customer
SELECT n,
       'C' || lpad((100 + n * 7)::text, 4, '0'),
       nm,
       CASE WHEN n IN (5, 17, 29) THEN 'CA' WHEN n IN (11, 31) THEN 'MX' WHEN n = 23 THEN 'DE' ELSE 'US' END,
       CASE WHEN n = 23 THEN 'CIA'
            ELSE (ARRAY['N30','N30','N30','N45','N60'])[1 + pg_temp.h('terms' || n) % 5] END,
       n IN (14, 33),
       (ARRAY['Gina Marsh','Tom Reilly','Priya Desai'])[1 + n % 3],
       date '2009-03-01' + (pg_temp.h('cc' || n) % 4700)::int
FROM unnest(ARRAY[
  'Apex Fluid Systems','Brightline Medical','Cordova Instruments','Delta Pump Works',
  'Everstone Controls','Fairbanks Hydraulics','Granite Robotics','Harlow Aerospace',
  'Ironwood Agricultural','Juniper Lighting','Keystone Valve Co','Lakeshore Appliances',
  'Meridian Optics','Northgate Automotive','Orion Dental Supply','Pinecrest Marine',
  'Quarry Tools Inc','Redfield Electric','Summit Bicycle Co','Tidewater Packaging',
  'Union Rail Components','Vantage Sensors','Westbrook Furniture','Yellowhorn Outdoor',
  'Zephyr HVAC','Atlas Conveyor','Bluewater Filtration','Cascade Fitness',
  'Dunmore Security','Elmwood Audio','Foxglove Packaging','Glenview Lab Equipment',
  'Hollis Power Tools','Ivanhoe Mining Supply','Kestrel Drone Systems','Larkspur Toys'
]) WITH ORDINALITY AS t(nm, n);

-- ---------------------------------------------------------------------
-- eng.part, eng.routing_step
-- ---------------------------------------------------------------------
CREATE TABLE eng.part (
    part_no     varchar(12) PRIMARY KEY,
    cust_id     integer     NOT NULL REFERENCES sales.customer,
    descr       text        NOT NULL,
    kind        eng.part_kind NOT NULL,
    matl_cd     varchar(10) NOT NULL,
    rev         char(1)     NOT NULL DEFAULT 'A',
    wt_g        numeric(8,2),
    std_cost    numeric(10,4),
    unit_price  numeric(10,2),
    active      boolean     NOT NULL DEFAULT true,
    created_on  date        NOT NULL
);
COMMENT ON TABLE  eng.part IS 'Part master. MP- prefix = machined part, IM- prefix = injection moulded part';
COMMENT ON COLUMN eng.part.matl_cd IS 'Material: AL6061 / AL7075 = aluminium bar, SS304 / SS316 = stainless bar, C1018 = 1018 carbon steel, BR360 = C360 free-machining brass, PA66GF30 = nylon 66 30% glass filled, ABS, PC = polycarbonate, POM = acetal (Delrin), PP = polypropylene';
COMMENT ON COLUMN eng.part.wt_g IS 'Finished part weight in grams';
COMMENT ON COLUMN eng.part.std_cost IS 'Standard cost per piece, USD';
COMMENT ON COLUMN eng.part.unit_price IS 'Current selling price per piece, USD';
COMMENT ON COLUMN eng.part.active IS 'false = obsolete / not to be quoted or ordered again';

INSERT INTO eng.part
WITH b AS (
    SELECT g,
           pg_temp.u('pk' || g) < 0.58                     AS mach,
           1 + floor(36 * power(pg_temp.u('pc' || g), 1.5))::int AS cust_id,
           pg_temp.u('ps' || g)                            AS us,
           pg_temp.u('pw' || g)                            AS uw,
           pg_temp.u('pm' || g)                            AS um
    FROM generate_series(1, 330) g
)
SELECT CASE WHEN mach THEN 'MP-' || (10000 + g) ELSE 'IM-' || (20000 + g) END,
       b.cust_id,
       CASE WHEN mach THEN (ARRAY['Bracket','Shaft','Bushing','Manifold','Spacer','Flange','Housing','Pin','Adapter','Mount'])[1 + pg_temp.h('pn' || g) % 10]
            ELSE (ARRAY['Cover','Bezel','Knob','Clip','Housing','Cap','Grommet','Lid','Handle','Bobbin'])[1 + pg_temp.h('pn' || g) % 10] END
         || ', ' || (10 + pg_temp.h('sz' || g) % 140) || ' mm',
       CASE WHEN mach THEN 'machined' ELSE 'moulded' END::eng.part_kind,
       CASE WHEN mach THEN (ARRAY['AL6061','AL6061','AL6061','AL7075','SS304','SS316','C1018','C1018','BR360'])[1 + floor(um * 9)::int]
            ELSE (ARRAY['PA66GF30','ABS','ABS','PC','POM','PP','PP'])[1 + floor(um * 7)::int] END,
       (ARRAY['A','A','A','B','B','C','D'])[1 + pg_temp.h('rv' || g) % 7],
       CASE WHEN mach THEN round((20 + uw * 2400)::numeric, 2) ELSE round((2 + uw * 380)::numeric, 2) END,
       CASE WHEN mach THEN round((2.5 + us * 55)::numeric, 4) ELSE round((0.12 + us * 3.8)::numeric, 4) END,
       CASE WHEN mach THEN round(((2.5 + us * 55) * (1.28 + pg_temp.u('pp' || g) * 0.35))::numeric, 2)
            ELSE round(((0.12 + us * 3.8) * (1.28 + pg_temp.u('pp' || g) * 0.35))::numeric, 2) END,
       pg_temp.u('pa' || g) >= 0.08,
       greatest(c.created_on, date '2012-01-01' + (pg_temp.h('pd' || g) % 3600)::int)
FROM b JOIN sales.customer c ON c.cust_id = b.cust_id;

CREATE TABLE eng.routing_step (
    part_no    varchar(12) NOT NULL REFERENCES eng.part,
    op_seq     smallint    NOT NULL,
    wc_cd      varchar(6)  NOT NULL,
    op_descr   text,
    setup_min  numeric(6,1) NOT NULL DEFAULT 0,
    cycle_sec  numeric(8,2) NOT NULL,
    PRIMARY KEY (part_no, op_seq)
);
COMMENT ON TABLE  eng.routing_step IS 'Routing: the sequence of operations (op 10, 20, ...) to make a part';
COMMENT ON COLUMN eng.routing_step.wc_cd IS 'Work centre: SAW = bar saw, LATHE = CNC turning, MILL = CNC machining centre, DEBUR = deburr/finish, WASH = parts washer, MOLD = injection moulding press, TRIM = degate/trim, PACK = pack-out';
COMMENT ON COLUMN eng.routing_step.setup_min IS 'Standard setup time for the operation, minutes';
COMMENT ON COLUMN eng.routing_step.cycle_sec IS 'Standard run time per piece, seconds (for moulding: per piece, cavities already divided out)';

INSERT INTO eng.routing_step
SELECT p.part_no, t.op_seq, t.wc_cd, t.op_descr,
       round((t.smin + pg_temp.u('su' || p.part_no || t.op_seq) * (t.smax - t.smin))::numeric, 1),
       round((t.cmin + pg_temp.u('cy' || p.part_no || t.op_seq) * (t.cmax - t.cmin))::numeric, 2)
FROM eng.part p
JOIN (VALUES
  ('machined', 10, 'SAW',   'Cut bar stock to length',       'opt',       10,  20,  10,  45),
  ('machined', 20, 'LATHE', 'CNC turn complete',             'lathe',     45, 120,  20, 150),
  ('machined', 20, 'MILL',  'CNC mill op 1',                 'mill',      60, 180,  30, 210),
  ('machined', 30, 'MILL',  'CNC mill cross features',       'lathe_opt', 45, 120,  15, 120),
  ('machined', 40, 'DEBUR', 'Deburr and break sharp edges',  'req',        0,   5,   8,  45),
  ('machined', 50, 'WASH',  'Aqueous wash and dry',          'opt2',       0,   0,   2,   5),
  ('moulded',  10, 'MOLD',  'Injection mould',               'req',       90, 240,   1,   6),
  ('moulded',  20, 'TRIM',  'Degate and trim',               'opt',        5,  15,   1,   4),
  ('moulded',  30, 'PACK',  'Bag, label and box',            'req',        0,  10,   0.5, 2)
) t(kind, op_seq, wc_cd, op_descr, rule, smin, smax, cmin, cmax) ON t.kind = p.kind::text
WHERE CASE t.rule
        WHEN 'req'       THEN true
        WHEN 'opt'       THEN pg_temp.u('o1' || p.part_no) < 0.55
        WHEN 'opt2'      THEN pg_temp.u('o2' || p.part_no) < 0.40
        WHEN 'lathe'     THEN pg_temp.u('lm' || p.part_no) < 0.50
        WHEN 'mill'      THEN pg_temp.u('lm' || p.part_no) >= 0.50
        WHEN 'lathe_opt' THEN pg_temp.u('lm' || p.part_no) < 0.50 AND pg_temp.u('o3' || p.part_no) < 0.60
      END;

-- ---------------------------------------------------------------------
-- prod.machine, prod.shift, prod.operator
-- ---------------------------------------------------------------------
CREATE TABLE prod.machine (
    machine_id  smallint    PRIMARY KEY,
    asset_tag   varchar(10) NOT NULL UNIQUE,
    mach_nm     text        NOT NULL,
    wc_cd       varchar(6)  NOT NULL,
    mfr         text,
    install_yr  smallint,
    clamp_t     smallint,
    is_active   boolean     NOT NULL DEFAULT true
);
COMMENT ON TABLE  prod.machine IS 'Machines / presses / stations on the shop floor';
COMMENT ON COLUMN prod.machine.wc_cd IS 'Work centre the machine belongs to (same codes as eng.routing_step.wc_cd)';
COMMENT ON COLUMN prod.machine.clamp_t IS 'Clamp force in tons, moulding presses only';
COMMENT ON COLUMN prod.machine.is_active IS 'false = retired / kept as spare, not scheduled';

INSERT INTO prod.machine VALUES
 ( 1,'A-0101','Amada HFA-250 saw','SAW','Amada',2011,NULL,true),
 ( 2,'A-0102','Kasto Win A 3.3 saw','SAW','Kasto',2019,NULL,true),
 ( 3,'A-0201','Okuma LB3000 #1','LATHE','Okuma',2014,NULL,true),
 ( 4,'A-0202','Okuma LB3000 #2','LATHE','Okuma',2016,NULL,true),
 ( 5,'A-0203','Haas ST-20 #1','LATHE','Haas',2012,NULL,true),
 ( 6,'A-0204','Haas ST-20 #2','LATHE','Haas',2018,NULL,true),
 ( 7,'A-0205','Mazak QTN-200','LATHE','Mazak',2021,NULL,true),
 ( 8,'A-0301','Haas VF-2 #1','MILL','Haas',2010,NULL,true),
 ( 9,'A-0302','Haas VF-2 #2','MILL','Haas',2013,NULL,true),
 (10,'A-0303','Haas VF-2 #3','MILL','Haas',2017,NULL,true),
 (11,'A-0304','Haas VF-4','MILL','Haas',2015,NULL,true),
 (12,'A-0305','DMG Mori NVX 5080','MILL','DMG Mori',2020,NULL,true),
 (13,'A-0306','Mazak VCN-530C','MILL','Mazak',2019,NULL,true),
 (14,'A-0307','Okuma Genos M560','MILL','Okuma',2021,NULL,true),
 (15,'A-0308','Bridgeport Series I (manual)','MILL','Bridgeport',1998,NULL,false),
 (16,'A-0401','Deburr bench 1','DEBUR',NULL,2008,NULL,true),
 (17,'A-0402','Rosler vibratory finisher','DEBUR','Rosler',2016,NULL,true),
 (18,'A-0501','Ransohoff aqueous washer','WASH','Ransohoff',2015,NULL,true),
 (19,'A-0601','Engel victory 110','MOLD','Engel',2013,110,true),
 (20,'A-0602','Engel victory 200','MOLD','Engel',2017,200,true),
 (21,'A-0603','Arburg Allrounder 370S','MOLD','Arburg',2015,66,true),
 (22,'A-0604','Arburg Allrounder 470E','MOLD','Arburg',2020,110,true),
 (23,'A-0605','Sumitomo SE180EV','MOLD','Sumitomo',2018,198,true),
 (24,'A-0606','Milacron Magna T 300','MOLD','Milacron',2009,300,true),
 (25,'A-0607','Toyo Si-90','MOLD','Toyo',2021,90,true),
 (26,'A-0608','Engel e-mac 55','MOLD','Engel',2021,55,true),
 (27,'A-0701','Trim press TP-1','TRIM',NULL,2012,NULL,true),
 (28,'A-0702','Trim / degate cell 2','TRIM',NULL,2019,NULL,true),
 (29,'A-0801','Pack line 1','PACK',NULL,2014,NULL,true);

CREATE TABLE prod.shift (
    shift_cd         char(1) PRIMARY KEY,
    shift_nm         text    NOT NULL,
    start_tm         time    NOT NULL,
    end_tm           time    NOT NULL,
    crosses_midnight boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE prod.shift IS 'Shift calendar. A = days, B = swing (evenings), C = nights';
INSERT INTO prod.shift VALUES
 ('A','Days','06:00','14:00',false),
 ('B','Swing','14:00','22:00',false),
 ('C','Nights','22:00','06:00',true);

CREATE TABLE prod.operator (
    emp_id      integer     PRIMARY KEY,
    badge_no    varchar(6)  NOT NULL UNIQUE,
    first_nm    text        NOT NULL,
    last_nm     text        NOT NULL,
    role_cd     varchar(4)  NOT NULL,
    shift_cd    char(1)     NOT NULL REFERENCES prod.shift,
    skill_lvl   smallint,
    hourly_rate numeric(6,2) NOT NULL,
    hire_dt     date        NOT NULL,
    term_dt     date
);
COMMENT ON TABLE  prod.operator IS 'Hourly shop-floor employees (operators, setters, leads, inspectors)';
COMMENT ON COLUMN prod.operator.role_cd IS 'OPR = machine operator, SETR = setup technician, LEAD = shift lead, INSP = quality inspector';
COMMENT ON COLUMN prod.operator.skill_lvl IS '1 = trainee (needs sign-off), 2 = qualified operator, 3 = can set up and prove out jobs';
COMMENT ON COLUMN prod.operator.term_dt IS 'Last day employed; NULL = still employed';

INSERT INTO prod.operator
WITH b AS (
    SELECT g,
           CASE WHEN g IN (1,2,3) THEN 'LEAD'
                WHEN g IN (4,5,6,20,33,47,58,66) THEN 'INSP'
                WHEN g % 6 = 1 THEN 'SETR'
                ELSE 'OPR' END AS role_cd,
           CASE WHEN g IN (1,4) THEN 'A' WHEN g IN (2,5) THEN 'B' WHEN g IN (3,6) THEN 'C'
                WHEN pg_temp.u('os' || g) < 0.45 THEN 'A'
                WHEN pg_temp.u('os' || g) < 0.80 THEN 'B' ELSE 'C' END AS shift_cd,
           CASE WHEN g <= 6 THEN date '2006-04-03' + (g * 400)
                ELSE date '2024-06-03' - (pg_temp.h('oh' || g) % 5800)::int END AS hire_dt
    FROM generate_series(1, 72) g
)
SELECT 1000 + g,
       'B' || (4000 + g * 13),
       (ARRAY['Maria','James','Luis','Karen','Tuan','Deepa','Robert','Angela','Miguel','Heather',
              'Kevin','Rosa','Daniel','Linh','Marcus','Patricia','Jorge','Emily','Samuel','Nicole',
              'Andre','Brenda','Victor','Olga','Terrence','Mei','Carlos','Dana','Raj','Shauna',
              'Hector','Beth','Pavel','Yolanda','Derek','Ines','Tyrone','Grace','Oscar','Wendy'])[1 + (g * 7) % 40],
       (ARRAY['Lopez','Nguyen','Smith','Patel','Johnson','Garcia','Kowalski','Brown','Martinez','Chen',
              'Williams','Okafor','Davis','Ramirez','Miller','Tran','Wilson','Hernandez','Anderson','Kim',
              'Taylor','Flores','Thomas','Rivera','Moore','Schmidt','Jackson','Torres','White','Singh',
              'Harris','Gomez','Clark','Novak','Lewis','Reyes','Walker','Diaz','Hall','Murphy',
              'Young','Castillo','King'])[1 + (g * 11) % 43],
       role_cd, shift_cd,
       CASE WHEN role_cd IN ('LEAD','SETR') THEN 3
            WHEN role_cd = 'INSP' THEN 2
            WHEN hire_dt < date '2018-01-01' THEN 3
            WHEN hire_dt < date '2022-01-01' THEN 2 ELSE 1 END,
       round((CASE role_cd WHEN 'LEAD' THEN 33 WHEN 'SETR' THEN 29 WHEN 'INSP' THEN 27 ELSE 19 END
              + (pg_temp.h('or' || g) % 600) / 100.0)::numeric, 2),
       hire_dt,
       CASE WHEN g > 6 AND g <> 20 AND hire_dt < date '2023-06-01' AND pg_temp.u('ot' || g) < 0.16
            THEN hire_dt + 30 + (pg_temp.h('ou' || g) % (date '2024-06-14' - hire_dt - 30))::int
       END
FROM b;

-- ---------------------------------------------------------------------
-- prod.material_lot
-- ---------------------------------------------------------------------
CREATE TABLE prod.material_lot (
    lot_no      varchar(12) PRIMARY KEY,
    matl_cd     varchar(10) NOT NULL,
    supplier_nm text        NOT NULL,
    heat_no     varchar(16),
    rcvd_dt     date        NOT NULL,
    qty_kg      numeric(10,2) NOT NULL,
    cert_rcvd   boolean     NOT NULL DEFAULT true,
    status_cd   char(1)     NOT NULL DEFAULT 'A'
);
COMMENT ON TABLE  prod.material_lot IS 'Received lots of bar stock and resin';
COMMENT ON COLUMN prod.material_lot.matl_cd IS 'Material code, same codes as eng.part.matl_cd';
COMMENT ON COLUMN prod.material_lot.heat_no IS 'Mill heat number (metals) or resin batch number from the supplier certificate';
COMMENT ON COLUMN prod.material_lot.cert_rcvd IS 'true = material certificate (mill cert / CoA) is on file';
COMMENT ON COLUMN prod.material_lot.status_cd IS 'A = available, Q = quarantined (do not issue), D = depleted (fully consumed)';

INSERT INTO prod.material_lot
WITH b AS (
    SELECT g,
           CASE WHEN g <= 11 THEN (ARRAY['AL6061','AL7075','SS304','SS316','C1018','BR360','PA66GF30','ABS','PC','POM','PP'])[g]
                ELSE (ARRAY['AL6061','AL6061','AL6061','AL7075','SS304','SS316','C1018','C1018','BR360',
                            'PA66GF30','ABS','ABS','PC','POM','PP','PP'])[1 + pg_temp.h('lm' || g) % 16] END AS matl_cd,
           CASE WHEN g <= 11 THEN date '2021-11-15' + g
                ELSE date '2021-12-01' + ((g - 12) * 938 / 900) END AS d0
    FROM generate_series(1, 911) g
), c AS (
    SELECT g, matl_cd,
           CASE extract(isodow FROM d0) WHEN 6 THEN d0 + 2 WHEN 7 THEN d0 + 1 ELSE d0 END AS rcvd_dt,
           matl_cd IN ('PA66GF30','ABS','PC','POM','PP') AS resin
    FROM b
)
SELECT 'L' || to_char(rcvd_dt, 'YYMM') || '-' || lpad(g::text, 4, '0'),
       matl_cd,
       CASE WHEN matl_cd LIKE 'AL%' THEN (ARRAY['Ryerson','Kloeckner Metals'])[1 + pg_temp.h('ls' || g) % 2]
            WHEN matl_cd LIKE 'SS%' THEN (ARRAY['Ryerson','Penn Stainless'])[1 + pg_temp.h('ls' || g) % 2]
            WHEN matl_cd = 'C1018'  THEN 'Chicago Tube & Iron'
            WHEN matl_cd = 'BR360'  THEN 'Mead Metals'
            ELSE (ARRAY['Ravago','Entec Polymers','Nexeo Plastics'])[1 + pg_temp.h('ls' || g) % 3] END,
       CASE WHEN resin THEN 'RB' || (200000 + pg_temp.h('lh' || g) % 700000)
            ELSE 'H' || (100000 + pg_temp.h('lh' || g) % 900000) END,
       rcvd_dt,
       CASE WHEN resin THEN 25 * (20 + pg_temp.h('lq' || g) % 21)
            ELSE round((150 + pg_temp.u('lq' || g) * 1850)::numeric, 2) END,
       pg_temp.u('lc' || g) >= 0.04,
       CASE WHEN pg_temp.u('lx' || g) < 0.03 THEN 'Q'
            WHEN rcvd_dt >= date '2024-04-01' THEN 'A'
            ELSE 'D' END
FROM c;

-- ---------------------------------------------------------------------
-- prod.work_order, prod.wo_labor, prod.wo_material, prod.machine_downtime
-- ---------------------------------------------------------------------
CREATE TABLE prod.work_order (
    wo_id        serial      PRIMARY KEY,
    wo_no        varchar(10) NOT NULL UNIQUE,
    part_no      varchar(12) NOT NULL REFERENCES eng.part,
    "PONumber"   varchar(20),
    qty_ord      integer     NOT NULL,
    qty_cmpl     integer     NOT NULL DEFAULT 0,
    qty_scrap    integer     NOT NULL DEFAULT 0,
    status_cd    char(1)     NOT NULL DEFAULT 'P',
    priority     smallint    NOT NULL DEFAULT 2,
    created_dt   date        NOT NULL,
    released_dt  date,
    due_dt       date        NOT NULL,
    closed_dt    date,
    upd_ts       timestamptz,
    upd_by       text
);
COMMENT ON TABLE  prod.work_order IS 'Production work orders (one part number, one quantity, one due date)';
COMMENT ON COLUMN prod.work_order."PONumber" IS 'Customer purchase order number the work order was raised against (column name kept from the old Access front-end)';
COMMENT ON COLUMN prod.work_order.qty_ord IS 'Quantity ordered (pieces)';
COMMENT ON COLUMN prod.work_order.qty_cmpl IS 'Good pieces completed through the final operation';
COMMENT ON COLUMN prod.work_order.qty_scrap IS 'Pieces scrapped at any operation';
COMMENT ON COLUMN prod.work_order.status_cd IS 'P = planned (not yet released to the floor), R = released (not started), S = started / in process, H = on hold, C = complete (closed), X = cancelled';
COMMENT ON COLUMN prod.work_order.priority IS '1 = hot / expedite, 2 = normal, 3 = low (fill-in work)';
COMMENT ON COLUMN prod.work_order.released_dt IS 'Date released to the floor; NULL = not released yet';
COMMENT ON COLUMN prod.work_order.due_dt IS 'Date promised to the customer (ship by)';
COMMENT ON COLUMN prod.work_order.closed_dt IS 'Date the work order was completed or cancelled; NULL = still open';

CREATE TABLE prod.wo_labor (
    labor_id    bigserial   PRIMARY KEY,
    wo_id       integer     NOT NULL REFERENCES prod.work_order,
    op_seq      smallint    NOT NULL,
    machine_id  smallint    REFERENCES prod.machine,
    emp_id      integer     NOT NULL REFERENCES prod.operator,
    shift_cd    char(1)     NOT NULL REFERENCES prod.shift,
    work_dt     date        NOT NULL,
    hrs         numeric(5,2) NOT NULL,
    qty_good    integer     NOT NULL DEFAULT 0,
    qty_scrap   integer     NOT NULL DEFAULT 0,
    setup_flg   char(1)     NOT NULL DEFAULT 'N'
);
COMMENT ON TABLE  prod.wo_labor IS 'Labour tickets: one row per operator per operation per shift worked on a work order';
COMMENT ON COLUMN prod.wo_labor.op_seq IS 'Routing operation (eng.routing_step.op_seq) the time was booked against';
COMMENT ON COLUMN prod.wo_labor.work_dt IS 'Production date (night shift C is booked on the date the shift started)';
COMMENT ON COLUMN prod.wo_labor.hrs IS 'Hours booked (clock hours, including setup if setup_flg = Y)';
COMMENT ON COLUMN prod.wo_labor.setup_flg IS 'Y = ticket includes the setup of the operation, N = run time only';

CREATE TABLE prod.wo_material (
    issue_id   serial      PRIMARY KEY,
    wo_id      integer     NOT NULL REFERENCES prod.work_order,
    lot_no     varchar(12) NOT NULL,
    qty_kg     numeric(10,3) NOT NULL,
    issued_dt  date        NOT NULL
);
COMMENT ON TABLE  prod.wo_material IS 'Material issued from a lot to a work order (lot_no refers to prod.material_lot; no FK, issues are sometimes keyed before the receipt posts)';

CREATE TABLE prod.machine_downtime (
    dt_id        serial     PRIMARY KEY,
    machine_id   smallint   NOT NULL REFERENCES prod.machine,
    start_ts     timestamp  NOT NULL,
    end_ts       timestamp,
    reason_cd    varchar(3) NOT NULL,
    reported_by  integer,
    notes        text
);
COMMENT ON TABLE  prod.machine_downtime IS 'Machine down events logged by operators / maintenance (plant local time)';
COMMENT ON COLUMN prod.machine_downtime.end_ts IS 'When the machine was back up; NULL = still down';
COMMENT ON COLUMN prod.machine_downtime.reason_cd IS 'PM = planned preventive maintenance, BD = breakdown / unplanned repair, SU = setup / changeover, NM = waiting for material, NO = no operator available, QH = quality hold';
COMMENT ON COLUMN prod.machine_downtime.reported_by IS 'emp_id of the person who logged the event (prod.operator)';

-- ---- staging (temp tables, gone at end of session) ----
CREATE TEMP TABLE rt AS
SELECT r.*, row_number() OVER (PARTITION BY part_no ORDER BY op_seq) AS op_idx,
       count(*) OVER (PARTITION BY part_no) AS n_ops
FROM eng.routing_step r;

CREATE TEMP TABLE wo_stage AS
WITH pp AS (
    SELECT p.part_no, p.kind, row_number() OVER (ORDER BY p.part_no) AS rn,
           (SELECT count(*) FROM eng.routing_step r WHERE r.part_no = p.part_no) AS n_ops
    FROM eng.part p
), g AS (
    SELECT g, date '2022-01-03' + ((g - 1) * 908 / 12000) AS d0,
           1 + floor(330 * power(pg_temp.u('wp' || g), 1.4))::int AS prn
    FROM generate_series(1, 12000) g
), g2 AS (
    SELECT g.g, pp.part_no, pp.kind, pp.n_ops,
           CASE extract(isodow FROM g.d0) WHEN 6 THEN g.d0 + 2 WHEN 7 THEN g.d0 + 1 ELSE g.d0 END AS created_dt
    FROM g JOIN pp ON pp.rn = g.prn
), g3 AS (
    SELECT g2.*,
           created_dt + (pg_temp.h('wr' || g) % 4)::int AS rel0,
           CASE WHEN kind = 'machined' THEN 25 * (1 + pg_temp.h('wq' || g) % 40)
                ELSE 500 * (1 + pg_temp.h('wq' || g) % 40) END::int AS qty_ord,
           created_dt + 14 + (pg_temp.h('wd' || g) % 29)::int AS due_dt,
           greatest(1, n_ops::int * 3 + (pg_temp.h('wf' || g) % 22)::int - 2) AS proc_days,
           (pg_temp.h('wk' || g) % 6)::int AS queue_days
    FROM g2
), g4 AS (
    SELECT g3.*,
           CASE extract(isodow FROM rel0) WHEN 6 THEN rel0 + 2 WHEN 7 THEN rel0 + 1 ELSE rel0 END AS released0
    FROM g3
)
SELECT g4.*,
       CASE extract(isodow FROM released0 + queue_days) WHEN 6 THEN released0 + queue_days + 2
            WHEN 7 THEN released0 + queue_days + 1 ELSE released0 + queue_days END AS start_dt,
       CASE extract(isodow FROM released0 + queue_days + proc_days) WHEN 6 THEN released0 + queue_days + proc_days - 1
            WHEN 7 THEN released0 + queue_days + proc_days - 2 ELSE released0 + queue_days + proc_days END AS finish_dt,
       round(qty_ord * (0.985 + pg_temp.u('wy' || g) * 0.04))::int AS target,
       pg_temp.u('wx' || g) < 0.015 AS cancelled,
       (pg_temp.u('wh' || g) < 0.003 AND created_dt < date '2024-03-01') AS stuck
FROM g4;

CREATE TEMP TABLE cal AS
SELECT d::date AS d, row_number() OVER (ORDER BY d) AS wdi
FROM generate_series(date '2021-12-01', date '2024-09-30', interval '1 day') d
WHERE extract(isodow FROM d) < 6;

CREATE TEMP TABLE labor_stage AS
WITH e AS (
    SELECT w.g, w.part_no, w.kind, w.target, cs.wdi AS start_wdi, cf.wdi AS finish_wdi, w.stuck,
           r.op_seq, r.wc_cd, r.op_idx, r.n_ops, r.setup_min, r.cycle_sec,
           greatest(1, least(14, ceil(w.qty_ord * r.cycle_sec / 3600.0 / 3.2)::int))
             + (pg_temp.h('lm' || w.g || '/' || r.op_seq) % 2)::int AS m,
           CASE WHEN pg_temp.u('sr' || w.g || '/' || r.op_seq) < 0.55 THEN 0
                ELSE pg_temp.u('sq' || w.g || '/' || r.op_seq) * 0.035 END AS scrap_rate,
           pg_temp.h('mc' || w.g || '/' || r.op_seq) AS mh
    FROM wo_stage w JOIN rt r ON r.part_no = w.part_no
    JOIN cal cs ON cs.d = w.start_dt
    JOIN cal cf ON cf.d = w.finish_dt
    WHERE NOT w.cancelled
), f AS (
    SELECT e.*, j,
           (target / m) + CASE WHEN j = m THEN target - (target / m) * m ELSE 0 END AS good,
           start_wdi + floor(greatest(0, finish_wdi - start_wdi) * ((op_idx - 1) + (j - 0.5) / m) / n_ops)::int AS wdi0,
           pg_temp.u('ls' || g || '/' || op_seq || '/' || j) AS us,
           pg_temp.h('lo' || g || '/' || op_seq || '/' || j) AS oh,
           pg_temp.h('lp' || g || '/' || op_seq || '/' || j) AS oh2,
           pg_temp.h('lq' || g || '/' || op_seq || '/' || j) AS oh3
    FROM e CROSS JOIN LATERAL generate_series(1, e.m) AS j
), f2 AS (
    SELECT f.*, cw.d AS work_dt,
           floor(good * scrap_rate)::int AS scrap
    FROM f JOIN cal cw ON cw.wdi = f.wdi0
)
SELECT g AS wo_id, op_seq, wc_cd, op_idx, n_ops, j, work_dt, good AS qty_good, scrap AS qty_scrap, mh, oh, oh2, oh3,
       CASE WHEN us < 0.50 THEN 'A' WHEN us < 0.85 THEN 'B' ELSE 'C' END AS shift_cd,
       greatest(0.25, least(12, round(((good + scrap) * cycle_sec / 3600.0 * (1.05 + pg_temp.u('le' || g || '/' || op_seq || '/' || j) * 0.30)
                                     + CASE WHEN j = 1 THEN setup_min / 60.0 ELSE 0 END)::numeric, 2))) AS hrs,
       CASE WHEN j = 1 THEN 'Y' ELSE 'N' END AS setup_flg
FROM f2
WHERE work_dt <= date '2024-06-28'
  AND (NOT stuck OR op_idx = 1);

CREATE TEMP TABLE wo_final AS
WITH la AS (
    SELECT wo_id, count(*) AS n,
           sum(qty_good) FILTER (WHERE op_idx = n_ops) AS good_last,
           sum(qty_scrap) AS scrap
    FROM labor_stage GROUP BY wo_id
)
SELECT w.*, coalesce(la.n, 0) AS n_labor, coalesce(la.good_last, 0) AS qty_cmpl, coalesce(la.scrap, 0) AS qty_scrap,
       CASE WHEN w.cancelled THEN 'X'
            WHEN w.stuck THEN 'H'
            WHEN w.finish_dt <= date '2024-06-28' THEN 'C'
            WHEN coalesce(la.n, 0) > 0 THEN CASE WHEN pg_temp.u('oh' || w.g) < 0.10 THEN 'H' ELSE 'S' END
            WHEN w.created_dt >= date '2024-06-17' AND pg_temp.u('op' || w.g) < 0.5 THEN 'P'
            ELSE 'R' END AS status_cd
FROM wo_stage w LEFT JOIN la ON la.wo_id = w.g;

INSERT INTO prod.work_order (wo_id, wo_no, part_no, "PONumber", qty_ord, qty_cmpl, qty_scrap, status_cd, priority,
                             created_dt, released_dt, due_dt, closed_dt, upd_ts, upd_by)
SELECT g,
       'WO' || (240000 + g),
       part_no,
       CASE pg_temp.h('po' || g) % 3 WHEN 0 THEN '4500' || lpad((pg_temp.h('pq' || g) % 1000000)::text, 6, '0')
                                     WHEN 1 THEN 'PO-' || (10000 + pg_temp.h('pq' || g) % 90000)
                                     ELSE NULL END,
       qty_ord, qty_cmpl, qty_scrap, status_cd,
       CASE WHEN pg_temp.u('pr' || g) < 0.08 THEN 1 WHEN pg_temp.u('pr' || g) > 0.85 THEN 3 ELSE 2 END,
       created_dt,
       CASE WHEN status_cd = 'P' THEN NULL ELSE released0 END,
       due_dt,
       CASE status_cd WHEN 'C' THEN finish_dt
                      WHEN 'X' THEN least(date '2024-06-28', created_dt + 1 + (pg_temp.h('xc' || g) % 15)::int)
       END,
       (CASE status_cd WHEN 'C' THEN finish_dt ELSE created_dt END + time '15:30') AT TIME ZONE 'America/Chicago',
       'erp'
FROM wo_final
ORDER BY g;
DO $$ BEGIN PERFORM setval('prod.work_order_wo_id_seq', (SELECT max(wo_id) FROM prod.work_order)); END $$;

-- machines and people for the labour tickets
CREATE TEMP TABLE mnum AS
SELECT machine_id, wc_cd, row_number() OVER (PARTITION BY wc_cd ORDER BY machine_id) AS idx,
       count(*) OVER (PARTITION BY wc_cd) AS n
FROM prod.machine WHERE is_active;
CREATE TEMP TABLE onum AS
SELECT emp_id, shift_cd, hire_dt, term_dt, row_number() OVER (PARTITION BY shift_cd ORDER BY emp_id) AS idx,
       count(*) OVER (PARTITION BY shift_cd) AS n
FROM prod.operator WHERE role_cd IN ('OPR','SETR','LEAD');

INSERT INTO prod.wo_labor (wo_id, op_seq, machine_id, emp_id, shift_cd, work_dt, hrs, qty_good, qty_scrap, setup_flg)
SELECT l.wo_id, l.op_seq, m.machine_id,
       CASE WHEN o.hire_dt <= l.work_dt AND (o.term_dt IS NULL OR o.term_dt > l.work_dt) THEN o.emp_id
            WHEN o2.hire_dt <= l.work_dt AND (o2.term_dt IS NULL OR o2.term_dt > l.work_dt) THEN o2.emp_id
            WHEN o3.hire_dt <= l.work_dt AND (o3.term_dt IS NULL OR o3.term_dt > l.work_dt) THEN o3.emp_id
            ELSE CASE l.shift_cd WHEN 'A' THEN 1001 WHEN 'B' THEN 1002 ELSE 1003 END END,
       l.shift_cd, l.work_dt, l.hrs, l.qty_good, l.qty_scrap, l.setup_flg
FROM labor_stage l
JOIN (SELECT DISTINCT wc_cd, n FROM mnum) mc ON mc.wc_cd = l.wc_cd
JOIN mnum m ON m.wc_cd = l.wc_cd AND m.idx = 1 + l.mh % mc.n
JOIN (SELECT DISTINCT shift_cd, n FROM onum) oc ON oc.shift_cd = l.shift_cd
-- the same person tends to run the same machine on a shift for a whole week
JOIN onum o  ON o.shift_cd  = l.shift_cd AND o.idx  = 1 + (m.machine_id + pg_temp.h('lo' || l.shift_cd || date_trunc('week', l.work_dt))) % oc.n
JOIN onum o2 ON o2.shift_cd = l.shift_cd AND o2.idx = 1 + (m.machine_id + pg_temp.h('lp' || l.shift_cd || date_trunc('week', l.work_dt))) % oc.n
JOIN onum o3 ON o3.shift_cd = l.shift_cd AND o3.idx = 1 + l.oh3 % oc.n
ORDER BY l.work_dt, l.shift_cd, l.wo_id, l.op_seq, l.j;

-- material issues: the newest non-quarantined lot(s) of the part's material received before release
INSERT INTO prod.wo_material (wo_id, lot_no, qty_kg, issued_dt)
SELECT w.g, lot.lot_no,
       round((w.qty_ord * p.wt_g / 1000.0 * CASE WHEN p.kind = 'machined' THEN 1.6 ELSE 1.04 END / k.nl)::numeric, 3),
       w.released0
FROM wo_final w
JOIN eng.part p ON p.part_no = w.part_no
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.u('mi' || w.g) < 0.2 THEN 2 ELSE 1 END AS nl) k
CROSS JOIN LATERAL (
    SELECT ml.lot_no FROM prod.material_lot ml
    WHERE ml.matl_cd = p.matl_cd AND ml.rcvd_dt <= w.released0 AND ml.status_cd <> 'Q'
    ORDER BY ml.rcvd_dt DESC, ml.lot_no
    LIMIT k.nl
) lot
WHERE w.n_labor > 0
ORDER BY w.released0, w.g, lot.lot_no;

INSERT INTO prod.machine_downtime (machine_id, start_ts, end_ts, reason_cd, reported_by, notes)
WITH b AS (
    SELECT g,
           (SELECT machine_id FROM mnum ORDER BY machine_id OFFSET (pg_temp.h('dm' || g) % 28) LIMIT 1) AS machine_id,
           timestamp '2022-01-03 06:00' + make_interval(mins => (pg_temp.h('ds' || g) % (903 * 24 * 60))::int) AS start_ts,
           pg_temp.u('dr' || g) AS ur, pg_temp.u('dd' || g) AS ud
    FROM generate_series(1, 6400) g
), c AS (
    SELECT b.*,
           CASE WHEN ur < 0.35 THEN 'SU' WHEN ur < 0.50 THEN 'PM' WHEN ur < 0.70 THEN 'BD'
                WHEN ur < 0.82 THEN 'NM' WHEN ur < 0.92 THEN 'NO' ELSE 'QH' END AS reason_cd
    FROM b
)
SELECT machine_id, start_ts,
       start_ts + make_interval(mins => CASE reason_cd
            WHEN 'SU' THEN 20 + floor(ud * 220)
            WHEN 'PM' THEN 60 + floor(ud * 420)
            WHEN 'BD' THEN 30 + floor(power(ud, 2.5) * 2850)
            WHEN 'NM' THEN 30 + floor(ud * 570)
            WHEN 'NO' THEN 60 + floor(ud * 420)
            ELSE 30 + floor(ud * 690) END::int),
       reason_cd,
       1000 + 1 + (pg_temp.h('dp' || g) % 72)::int,
       CASE reason_cd
            WHEN 'BD' THEN (ARRAY['spindle alarm','coolant pump failed','hydraulic leak','servo overload','heater band out','door interlock fault','tool changer jam'])[1 + pg_temp.h('dn' || g) % 7]
            WHEN 'PM' THEN 'scheduled PM'
            WHEN 'NM' THEN 'waiting on material'
            ELSE NULL END
FROM c
ORDER BY start_ts, machine_id;

INSERT INTO prod.machine_downtime (machine_id, start_ts, end_ts, reason_cd, reported_by, notes) VALUES
 (20, '2024-06-27 13:40', NULL, 'BD', 1002, 'screw / barrel damage, waiting on OEM tech'),
 (11, '2024-06-28 09:15', NULL, 'BD', 1001, 'spindle bearing noise, spindle removed for rebuild'),
 (26, '2024-06-28 22:30', NULL, 'QH', 1003, 'short shots on IM-20077, mould pulled for inspection');

-- ---------------------------------------------------------------------
-- qa.inspection, qa.ncr
-- ---------------------------------------------------------------------
CREATE TABLE qa.inspection (
    insp_id      serial      PRIMARY KEY,
    wo_id        integer     NOT NULL REFERENCES prod.work_order,
    insp_type    varchar(3)  NOT NULL,
    insp_ts      timestamp   NOT NULL,
    inspector_id integer     NOT NULL REFERENCES prod.operator,
    sample_qty   integer     NOT NULL,
    defects      integer     NOT NULL DEFAULT 0,
    result_cd    char(1)     NOT NULL
);
COMMENT ON TABLE  qa.inspection IS 'Inspection records against work orders';
COMMENT ON COLUMN qa.inspection.insp_type IS 'FAI = first article inspection (first piece off a new setup), IPI = in-process inspection, FIN = final inspection before shipping';
COMMENT ON COLUMN qa.inspection.defects IS 'Number of nonconforming pieces found in the sample';
COMMENT ON COLUMN qa.inspection.result_cd IS 'P = pass, F = fail (an NCR is raised), C = conditional pass (accepted with a minor deviation noted)';

CREATE TEMP TABLE inum AS
SELECT emp_id, hire_dt, term_dt, row_number() OVER (ORDER BY emp_id) AS idx, count(*) OVER () AS n
FROM prod.operator WHERE role_cd = 'INSP';

INSERT INTO qa.inspection (wo_id, insp_type, insp_ts, inspector_id, sample_qty, defects, result_cd)
WITH la AS (
    SELECT wo_id, min(work_dt) AS first_dt, max(work_dt) AS last_dt FROM prod.wo_labor GROUP BY wo_id
), ev AS (
    SELECT w.wo_id, 'FAI' AS insp_type, la.first_dt AS d, 1 AS k, w.qty_ord
    FROM prod.work_order w JOIN la USING (wo_id)
    UNION ALL
    SELECT w.wo_id, 'IPI', la.first_dt + floor((la.last_dt - la.first_dt) * k / 3.0)::int, 1 + k, w.qty_ord
    FROM prod.work_order w JOIN la USING (wo_id)
    CROSS JOIN generate_series(1, 2) k
    WHERE k <= pg_temp.h('ni' || w.wo_id) % 3
    UNION ALL
    SELECT w.wo_id, 'FIN', w.closed_dt, 9, w.qty_ord
    FROM prod.work_order w WHERE w.status_cd = 'C'
), ev2 AS (
    SELECT ev.*,
           pg_temp.u('id' || wo_id || insp_type || k) AS ud,
           pg_temp.h('ii' || wo_id || insp_type || k) AS ih,
           d + time '07:00' + make_interval(mins => (pg_temp.h('it' || wo_id || insp_type || k) % 600)::int) AS ts
    FROM ev
)
SELECT e.wo_id, e.insp_type, e.ts,
       CASE WHEN i.hire_dt <= e.d AND (i.term_dt IS NULL OR i.term_dt > e.d) THEN i.emp_id ELSE 1004 END,
       CASE e.insp_type WHEN 'FAI' THEN 1 + e.ih % 3
                        WHEN 'IPI' THEN 5 + e.ih % 9
                        ELSE least(80, ceil(sqrt(e.qty_ord)))::int END,
       CASE WHEN e.ud < 0.055 THEN 1 + (e.ih / 7) % 4 ELSE 0 END,
       CASE WHEN e.ud >= 0.055 THEN 'P'
            WHEN e.insp_type <> 'FAI' AND (e.ih / 7) % 4 = 0 AND e.ud < 0.02 THEN 'C'
            ELSE 'F' END
FROM ev2 e
JOIN inum i ON i.idx = 1 + e.ih % 8
ORDER BY e.ts, e.wo_id;

CREATE TABLE qa.ncr (
    ncr_no        varchar(14) PRIMARY KEY,
    wo_id         integer     NOT NULL REFERENCES prod.work_order,
    insp_id       integer     REFERENCES qa.inspection,
    src_cd        char(3)     NOT NULL,
    defect_cd     varchar(3)  NOT NULL,
    qty_affected  integer     NOT NULL,
    disp_cd       varchar(3),
    opened_dt     date        NOT NULL,
    closed_dt     date,
    cost_usd      numeric(10,2)
);
COMMENT ON TABLE  qa.ncr IS 'Non-conformance reports';
COMMENT ON COLUMN qa.ncr.src_cd IS 'Where the problem was found: INT = our own inspection, CUS = customer complaint / return, SUP = supplier material problem';
COMMENT ON COLUMN qa.ncr.defect_cd IS 'DIM = out of tolerance dimension, SUR = surface finish, BUR = burrs, THD = thread gauge fail, SHT = short shot (incomplete fill), FLS = flash, SNK = sink marks, COL = colour off, MAT = material / certificate problem';
COMMENT ON COLUMN qa.ncr.disp_cd IS 'MRB disposition: UAI = use as is, RWK = rework, SCR = scrap, RTV = return to vendor; NULL = disposition not decided yet';
COMMENT ON COLUMN qa.ncr.closed_dt IS 'Date the NCR was closed; NULL = still open';
COMMENT ON COLUMN qa.ncr.cost_usd IS 'Cost of the nonconformance (scrap value, rework labour, handling), USD';

-- ---------------------------------------------------------------------
-- sales.shipment
-- ---------------------------------------------------------------------
CREATE TABLE sales.shipment (
    ship_id      serial      PRIMARY KEY,
    wo_id        integer     NOT NULL REFERENCES prod.work_order,
    cust_id      integer     NOT NULL REFERENCES sales.customer,
    ship_dt      date        NOT NULL,
    qty_shipped  integer     NOT NULL,
    carrier      varchar(20) NOT NULL,
    tracking_no  varchar(30),
    freight_usd  numeric(8,2) NOT NULL DEFAULT 0,
    inv_no       varchar(12)
);
COMMENT ON TABLE  sales.shipment IS 'Shipments to customers (a work order may ship in more than one shipment)';
COMMENT ON COLUMN sales.shipment.freight_usd IS 'Freight cost we paid, USD (0 for customer pickup)';
COMMENT ON COLUMN sales.shipment.inv_no IS 'Invoice number; NULL = not invoiced yet';

INSERT INTO sales.shipment (wo_id, cust_id, ship_dt, qty_shipped, carrier, tracking_no, freight_usd, inv_no)
WITH b AS (
    SELECT w.wo_id, p.cust_id, w.closed_dt, w.qty_cmpl, p.wt_g,
           CASE WHEN pg_temp.u('sp' || w.wo_id) < 0.15 THEN 2 ELSE 1 END AS nship
    FROM prod.work_order w JOIN eng.part p USING (part_no)
    WHERE w.status_cd = 'C'
), s AS (
    SELECT b.*, k,
           CASE WHEN nship = 1 THEN qty_cmpl
                WHEN k = 1 THEN qty_cmpl / 2 ELSE qty_cmpl - qty_cmpl / 2 END AS qty,
           closed_dt + CASE WHEN k = 1 THEN (pg_temp.h('sd' || wo_id) % 3)::int ELSE 3 + (pg_temp.h('se' || wo_id) % 5)::int END AS d0,
           pg_temp.u('sc' || wo_id || '/' || k) AS uc
    FROM b CROSS JOIN LATERAL generate_series(1, b.nship) k
), s2 AS (
    SELECT s.*,
           CASE extract(isodow FROM d0) WHEN 6 THEN d0 + 2 WHEN 7 THEN d0 + 1 ELSE d0 END AS ship_dt,
           CASE WHEN uc < 0.45 THEN 'UPS Ground' WHEN uc < 0.65 THEN 'FedEx Freight'
                WHEN uc < 0.80 THEN 'Estes' WHEN uc < 0.90 THEN 'XPO' ELSE 'Customer pickup' END AS carrier
    FROM s
)
SELECT wo_id, cust_id, ship_dt, qty, carrier,
       CASE carrier WHEN 'UPS Ground' THEN '1Z' || upper(substr(md5('tk' || wo_id || '/' || k), 1, 16))
                    WHEN 'FedEx Freight' THEN (100000000000 + pg_temp.h('tk' || wo_id || '/' || k) % 899999999999)::text
                    WHEN 'Estes' THEN 'E' || (1000000000 + pg_temp.h('tk' || wo_id || '/' || k) % 8999999999)
                    WHEN 'XPO' THEN 'XPO' || (100000000 + pg_temp.h('tk' || wo_id || '/' || k) % 899999999)
                    ELSE NULL END,
       CASE WHEN carrier = 'Customer pickup' THEN 0
            ELSE round((18 + qty * wt_g / 1000.0 * CASE WHEN carrier = 'UPS Ground' THEN 1.10 ELSE 0.42 END)::numeric, 2) END,
       CASE WHEN ship_dt < date '2024-06-24'
            THEN 'INV' || (50000 + row_number() OVER (ORDER BY ship_dt, wo_id, k)) END
FROM s2
WHERE ship_dt <= date '2024-06-28'
ORDER BY ship_dt, wo_id, k;

INSERT INTO qa.ncr
WITH src AS (
    SELECT i.wo_id, i.insp_id, 'INT' AS src_cd, i.insp_ts::date AS opened_dt, i.defects,
           p.kind, p.std_cost, w.qty_ord AS qty_base, 'i' || i.insp_id AS key
    FROM qa.inspection i JOIN prod.work_order w USING (wo_id) JOIN eng.part p USING (part_no)
    WHERE i.result_cd = 'F'
    UNION ALL
    SELECT s.wo_id, NULL, 'CUS', s.ship_dt + 5 + (pg_temp.h('nc' || s.ship_id) % 26)::int,
           1 + (pg_temp.h('nf' || s.ship_id) % 5)::int,
           p.kind, p.std_cost, s.qty_shipped, 'c' || s.ship_id
    FROM sales.shipment s JOIN prod.work_order w USING (wo_id) JOIN eng.part p USING (part_no)
    WHERE pg_temp.u('cus' || s.ship_id) < 0.009
    UNION ALL
    SELECT wm.wo_id, NULL, 'SUP', wm.issued_dt + 1 + (pg_temp.h('ns' || wm.issue_id) % 5)::int, 1,
           p.kind, p.std_cost, w.qty_ord, 'm' || wm.issue_id
    FROM prod.wo_material wm JOIN prod.work_order w USING (wo_id) JOIN eng.part p USING (part_no)
    WHERE pg_temp.u('sup' || wm.issue_id) < 0.004
), s2 AS (
    SELECT src.*, pg_temp.u('nd' || key) AS ud, pg_temp.u('nx' || key) AS ux, pg_temp.h('nq' || key) AS qh
    FROM src WHERE opened_dt <= date '2024-06-28'
), s3 AS (
    SELECT s2.*,
           CASE WHEN src_cd = 'SUP' THEN 'MAT'
                WHEN kind = 'machined' THEN (ARRAY['DIM','DIM','DIM','SUR','BUR','BUR','THD'])[1 + qh % 7]
                ELSE (ARRAY['SHT','SHT','FLS','FLS','SNK','DIM','COL'])[1 + qh % 7] END AS defect_cd,
           least(qty_base, defects * (5 + (qh / 7) % 60))::int AS qty_aff,
           opened_dt + 2 + ((qh / 11) % 40)::int AS close0
    FROM s2
), s4 AS (
    SELECT s3.*, CASE WHEN close0 > date '2024-06-28' OR ux < 0.03 THEN NULL ELSE close0 END AS closed_dt
    FROM s3
), s5 AS (
    SELECT s4.*,
           CASE WHEN closed_dt IS NULL AND ud < 0.5 THEN NULL
                WHEN src_cd = 'SUP' THEN 'RTV'
                WHEN ud < 0.25 THEN 'UAI' WHEN ud < 0.60 THEN 'RWK' ELSE 'SCR' END AS disp_cd
    FROM s4
)
SELECT 'NCR-' || extract(year FROM opened_dt) || '-'
         || lpad(row_number() OVER (PARTITION BY extract(year FROM opened_dt) ORDER BY opened_dt, wo_id, key)::text, 4, '0'),
       wo_id, insp_id, src_cd, defect_cd, qty_aff, disp_cd, opened_dt, closed_dt,
       CASE disp_cd WHEN 'SCR' THEN round(qty_aff * std_cost, 2)
                    WHEN 'RWK' THEN round(qty_aff * std_cost * 0.3 + 45, 2)
                    WHEN 'UAI' THEN 0
                    WHEN 'RTV' THEN 85 + qh % 200 END
FROM s5
ORDER BY opened_dt, wo_id, key;

-- ---------------------------------------------------------------------
-- reporting view
-- ---------------------------------------------------------------------
CREATE VIEW sales.v_wo_delivery AS
SELECT w.wo_no, c.cust_name, w.part_no, w.qty_ord, w.due_dt, w.closed_dt,
       s.first_ship_dt, s.qty_shipped,
       s.first_ship_dt - w.due_dt AS days_late
FROM prod.work_order w
JOIN eng.part p ON p.part_no = w.part_no
JOIN sales.customer c ON c.cust_id = p.cust_id
LEFT JOIN (SELECT wo_id, min(ship_dt) AS first_ship_dt, sum(qty_shipped) AS qty_shipped
           FROM sales.shipment GROUP BY wo_id) s ON s.wo_id = w.wo_id;
COMMENT ON VIEW sales.v_wo_delivery IS 'Work orders with first ship date and days late against the promised date (negative = early)';

-- ---------------------------------------------------------------------
-- secondary indexes
-- ---------------------------------------------------------------------
CREATE INDEX ix_part_cust        ON eng.part (cust_id);
CREATE INDEX ix_wo_part          ON prod.work_order (part_no);
CREATE INDEX ix_wo_status        ON prod.work_order (status_cd);
CREATE INDEX ix_wo_due           ON prod.work_order (due_dt);
CREATE INDEX ix_labor_wo         ON prod.wo_labor (wo_id, op_seq);
CREATE INDEX ix_labor_dt         ON prod.wo_labor (work_dt);
CREATE INDEX ix_womat_wo         ON prod.wo_material (wo_id);
CREATE INDEX ix_lot_heat         ON prod.material_lot (heat_no);
CREATE INDEX ix_downtime_mach    ON prod.machine_downtime (machine_id, start_ts);
CREATE INDEX ix_insp_wo          ON qa.inspection (wo_id);
CREATE INDEX ix_ncr_wo           ON qa.ncr (wo_id);
CREATE INDEX ix_ship_wo          ON sales.shipment (wo_id);
CREATE INDEX ix_ship_dt          ON sales.shipment (ship_dt);

-- make sure this session's insert counters reach the statistics collector before VACUUM
DO $$ BEGIN PERFORM pg_stat_force_next_flush(); END $$;
VACUUM;
ANALYZE;

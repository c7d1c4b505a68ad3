-- =====================================================================
--  Nordvik Air  -  TechOps / OCC operational database ("TOPS")
--  Regional airline, bases OSL (main, hangar), BGO, TRD.
--  Schemas:  fleet  (aircraft master)      ops    (stations, routes, legs, ECM)
--            mx     (AMP, work packages, defects / tech log)
--            stores (part master, stock, serialised components)
--            public (legacy HR tables for mechanics, from the old "MechReg" app)
--  All timestamps are UTC, stored WITHOUT time zone (company convention).
-- =====================================================================
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
SELECT setseed(0.42);

-- deterministic pseudo-random number in [0,1) derived from a text key
CREATE FUNCTION pg_temp.r(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE SCHEMA fleet;
CREATE SCHEMA ops;
CREATE SCHEMA mx;
CREATE SCHEMA stores;
COMMENT ON SCHEMA fleet  IS 'Aircraft master data (CAMO / fleet planning)';
COMMENT ON SCHEMA ops    IS 'Flight operations: stations, routes, flown legs, engine condition monitoring';
COMMENT ON SCHEMA mx     IS 'Maintenance: maintenance programme (AMP), work packages, tech-log defects';
COMMENT ON SCHEMA stores IS 'Logistics: part master, stock per store, serial-tracked components';

-- ---------------------------------------------------------------------
-- fleet
-- ---------------------------------------------------------------------
CREATE TABLE fleet.ac_type (
    type_cd   varchar(4)  PRIMARY KEY,
    mfr       varchar(30) NOT NULL,
    model     varchar(30) NOT NULL,
    eng_model varchar(20) NOT NULL,
    seats     smallint    NOT NULL,
    mtow_kg   integer     NOT NULL
);
COMMENT ON TABLE  fleet.ac_type IS 'Aircraft types operated (ICAO type designator)';
COMMENT ON COLUMN fleet.ac_type.seats IS 'Standard certified passenger seats for our cabin layout';

INSERT INTO fleet.ac_type VALUES
 ('AT72', 'ATR',      'ATR 72-600',      'PW127M',   70, 23000),
 ('AT45', 'ATR',      'ATR 42-500',      'PW127E',   48, 18600),
 ('DH8D', 'De Havilland Canada', 'Dash 8-400', 'PW150A', 78, 29574),
 ('E175', 'Embraer',  'E175',            'CF34-8E5', 88, 38790);

CREATE TABLE fleet.aircraft (
    ac_id     smallint    PRIMARY KEY,
    reg       varchar(6)  NOT NULL UNIQUE,
    type_cd   varchar(4)  NOT NULL REFERENCES fleet.ac_type,
    msn       integer     NOT NULL,
    mfg_yr    smallint    NOT NULL,
    dlv_dt    date        NOT NULL,
    stat      char(1)     NOT NULL DEFAULT 'A',
    lessor    varchar(60),
    home_stn  char(3)     NOT NULL,
    out_dt    date,
    cfg       jsonb       NOT NULL DEFAULT '{}'::jsonb
);
COMMENT ON TABLE  fleet.aircraft IS 'One row per airframe that has been in the Nordvik fleet';
COMMENT ON COLUMN fleet.aircraft.reg IS 'Registration / tail number, e.g. LN-NVA';
COMMENT ON COLUMN fleet.aircraft.msn IS 'Manufacturer serial number';
COMMENT ON COLUMN fleet.aircraft.dlv_dt IS 'Date the aircraft was delivered to / entered service with Nordvik';
COMMENT ON COLUMN fleet.aircraft.stat IS 'A = active in service, M = out of service in heavy maintenance, S = stored/parked (no flying), R = redelivered to lessor / phased out (see out_dt)';
COMMENT ON COLUMN fleet.aircraft.lessor IS 'Operating lessor; NULL = aircraft owned by Nordvik';
COMMENT ON COLUMN fleet.aircraft.home_stn IS 'Home base where the aircraft nightstops; station code, see ops.stn (no FK, legacy)';
COMMENT ON COLUMN fleet.aircraft.out_dt IS 'Date the aircraft left the fleet; NULL = still in the fleet';
COMMENT ON COLUMN fleet.aircraft.cfg IS 'Cabin/equipment configuration. Keys: layout, wifi (true/false; key absent = not fitted), satcom, pbe_cnt';

INSERT INTO fleet.aircraft (ac_id, reg, type_cd, msn, mfg_yr, dlv_dt, stat, lessor, home_stn, out_dt, cfg) VALUES
 ( 1,'LN-NVA','AT72',1204,2015,'2015-03-10','A',NULL,'OSL',NULL,'{"layout":"Y70","satcom":false,"pbe_cnt":4}'),
 ( 2,'LN-NVB','AT72',1231,2015,'2015-06-01','A','Avation PLC','OSL',NULL,'{"layout":"Y70","wifi":false,"satcom":false,"pbe_cnt":4}'),
 ( 3,'LN-NVC','AT72',1302,2016,'2016-02-18','A',NULL,'OSL',NULL,'{"layout":"Y70","wifi":false,"pbe_cnt":4}'),
 ( 4,'LN-NVD','AT72',1450,2017,'2017-05-04','A','Nordic Aviation Capital','OSL',NULL,'{"layout":"Y70","wifi":true,"satcom":false,"pbe_cnt":4}'),
 ( 5,'LN-NVE','AT72',1488,2018,'2018-01-22','A',NULL,'BGO',NULL,'{"layout":"Y70","pbe_cnt":4}'),
 ( 6,'LN-NVF','AT72',1590,2019,'2019-09-30','A','Avation PLC','BGO',NULL,'{"layout":"Y68","wifi":false,"pbe_cnt":4}'),
 ( 7,'LN-NVG','AT72',1655,2023,'2023-06-15','A','Nordic Aviation Capital','TRD',NULL,'{"layout":"Y70","wifi":true,"satcom":true,"pbe_cnt":4}'),
 ( 8,'LN-NVH','AT72',1702,2024,'2024-04-02','A','Nordic Aviation Capital','TRD',NULL,'{"layout":"Y70","wifi":true,"satcom":true,"pbe_cnt":4}'),
 ( 9,'LN-NVK','AT45', 811,2008,'2008-11-05','R','Nordic Aviation Capital','BGO','2025-03-31','{"layout":"Y48","pbe_cnt":3}'),
 (10,'LN-NVL','AT45', 870,2010,'2011-02-14','A',NULL,'BGO',NULL,'{"layout":"Y48","wifi":false,"pbe_cnt":3}'),
 (11,'LN-NVM','AT45', 902,2011,'2011-09-01','A',NULL,'TRD',NULL,'{"layout":"Y48","pbe_cnt":3}'),
 (12,'LN-NVN','AT45', 955,2012,'2012-04-20','S',NULL,'TRD',NULL,'{"layout":"Y46","pbe_cnt":3}'),
 (13,'LN-WDA','DH8D',4412,2012,'2012-10-02','A',NULL,'OSL',NULL,'{"layout":"Y78","wifi":true,"pbe_cnt":4}'),
 (14,'LN-WDB','DH8D',4431,2013,'2013-03-15','M','Aergo Capital','OSL',NULL,'{"layout":"Y78","wifi":false,"pbe_cnt":4}'),
 (15,'LN-WDC','DH8D',4467,2014,'2014-06-30','A',NULL,'BGO',NULL,'{"layout":"Y76","wifi":true,"pbe_cnt":4}'),
 (16,'LN-WDD','DH8D',4502,2015,'2015-11-11','A','Aergo Capital','TRD',NULL,'{"layout":"Y78","pbe_cnt":4}'),
 (17,'LN-WDE','DH8D',4538,2016,'2016-08-08','M',NULL,'TRD',NULL,'{"layout":"Y78","wifi":false,"pbe_cnt":4}'),
 (18,'LN-NJA','E175',17000710,2017,'2017-12-01','A','Azorra','OSL',NULL,'{"layout":"C12Y76","wifi":true,"satcom":true,"pbe_cnt":5}'),
 (19,'LN-NJB','E175',17000744,2018,'2018-05-17','A','Azorra','OSL',NULL,'{"layout":"C12Y76","wifi":true,"satcom":true,"pbe_cnt":5}'),
 (20,'LN-NJC','E175',17000921,2025,'2025-05-12','A','Azorra','OSL',NULL,'{"layout":"C12Y76","wifi":true,"satcom":true,"pbe_cnt":5}');

-- ---------------------------------------------------------------------
-- ops: stations and routes
-- ---------------------------------------------------------------------
CREATE TABLE ops.stn (
    iata     char(3)     PRIMARY KEY,
    icao     char(4)     NOT NULL UNIQUE,
    stn_nm   varchar(40) NOT NULL,
    cc       char(2)     NOT NULL DEFAULT 'NO',
    base_flg char(1)     NOT NULL DEFAULT 'N',
    str_flg  boolean     NOT NULL DEFAULT false
);
COMMENT ON TABLE  ops.stn IS 'Stations (airports) in the network';
COMMENT ON COLUMN ops.stn.cc IS 'ISO country code';
COMMENT ON COLUMN ops.stn.base_flg IS 'H = main base with hangar, Y = line maintenance base (aircraft nightstop), N = outstation';
COMMENT ON COLUMN ops.stn.str_flg IS 'true = a spares store is held at this station';

INSERT INTO ops.stn VALUES
 ('OSL','ENGM','Oslo Gardermoen','NO','H',true),
 ('BGO','ENBR','Bergen Flesland','NO','Y',true),
 ('TRD','ENVA','Trondheim Vaernes','NO','Y',true),
 ('SVG','ENZV','Stavanger Sola','NO','N',true),
 ('TOS','ENTC','Tromso Langnes','NO','N',true),
 ('BOO','ENBO','Bodo','NO','N',false),
 ('AES','ENAL','Alesund Vigra','NO','N',false),
 ('KRS','ENCN','Kristiansand Kjevik','NO','N',false),
 ('HAU','ENHD','Haugesund Karmoy','NO','N',false),
 ('MOL','ENML','Molde Aro','NO','N',false),
 ('EVE','ENEV','Harstad/Narvik Evenes','NO','N',false),
 ('ALF','ENAT','Alta','NO','N',false),
 ('KSU','ENKB','Kristiansund Kvernberget','NO','N',false),
 ('FRO','ENFL','Floro','NO','N',false),
 ('SOG','ENSG','Sogndal Haukasen','NO','N',false),
 ('CPH','EKCH','Copenhagen Kastrup','DK','N',false),
 ('ARN','ESSA','Stockholm Arlanda','SE','N',false);

CREATE TABLE ops.rte (
    rte_no  smallint PRIMARY KEY,
    orig    char(3)  NOT NULL REFERENCES ops.stn,
    dest    char(3)  NOT NULL REFERENCES ops.stn,
    blk_sch smallint NOT NULL,
    dist_nm smallint NOT NULL,
    eff_to  date
);
COMMENT ON TABLE  ops.rte IS 'Scheduled routes, defined from the base outwards; the return sector is flown on the same route number';
COMMENT ON COLUMN ops.rte.blk_sch IS 'Scheduled block time in minutes (each direction)';
COMMENT ON COLUMN ops.rte.eff_to IS 'Last day + 1 the route was operated; NULL = still in the programme';

INSERT INTO ops.rte VALUES
 (30,'OSL','BGO', 55,176,NULL),(31,'OSL','TRD', 55,194,NULL),(32,'OSL','SVG', 55,170,NULL),
 (33,'OSL','KRS', 45,113,NULL),(34,'OSL','AES', 55,179,NULL),(35,'OSL','MOL', 55,171,NULL),
 (36,'OSL','HAU', 55,158,NULL),(37,'OSL','KSU', 60,196,NULL),(38,'OSL','CPH', 75,262,NULL),
 (39,'OSL','ARN', 65,208,NULL),(40,'OSL','TOS',115,617,NULL),(41,'OSL','BOO', 95,435,NULL),
 (42,'BGO','SVG', 40, 87,NULL),(43,'BGO','TRD', 60,232,NULL),(44,'BGO','AES', 45,130,NULL),
 (45,'BGO','FRO', 40, 71,NULL),(46,'BGO','SOG', 40, 76,NULL),(47,'BGO','HAU', 35, 55,NULL),
 (48,'BGO','KRS', 55,171,NULL),(49,'BGO','CPH', 85,361,'2024-11-01'),
 (50,'TRD','BOO', 65,248,NULL),(51,'TRD','TOS',100,445,NULL),(52,'TRD','MOL', 40, 72,NULL),
 (53,'TRD','KSU', 40, 67,NULL),(54,'TRD','EVE', 85,339,NULL),(55,'TRD','ALF',120,560,'2025-04-01'),
 (56,'TRD','AES', 50,136,NULL);

-- ---------------------------------------------------------------------
-- mx: maintenance programme and work packages
-- ---------------------------------------------------------------------
CREATE TYPE mx.chk_type AS ENUM ('LINE', 'A', 'C', 'UNSCHED', 'MOD');
COMMENT ON TYPE mx.chk_type IS 'Work package type: LINE = weekly line check, A = A-check, C = C-check (heavy, outsourced), UNSCHED = unscheduled/defect rectification, MOD = modification / service bulletin embodiment';

CREATE TABLE mx.amp_task (
    task_ref varchar(14) PRIMARY KEY,
    ata      char(2)     NOT NULL,
    title    varchar(120) NOT NULL,
    pkg      char(1)     NOT NULL,
    type_cd  varchar(4)  REFERENCES fleet.ac_type,
    int_fh   integer,
    int_cyc  integer,
    int_dy   integer,
    est_mh   numeric(5,2) NOT NULL,
    rii      boolean     NOT NULL DEFAULT false
);
COMMENT ON TABLE  mx.amp_task IS 'Approved Maintenance Programme task cards';
COMMENT ON COLUMN mx.amp_task.ata IS 'ATA 100 chapter (2 digits)';
COMMENT ON COLUMN mx.amp_task.pkg IS 'Check level the task is packaged in: L = weekly line check, A = A-check, C = C-check';
COMMENT ON COLUMN mx.amp_task.type_cd IS 'Applicable aircraft type; NULL = applies to all types';
COMMENT ON COLUMN mx.amp_task.int_fh IS 'Interval in flight hours (NULL = no FH interval)';
COMMENT ON COLUMN mx.amp_task.int_cyc IS 'Interval in flight cycles (NULL = none)';
COMMENT ON COLUMN mx.amp_task.int_dy IS 'Calendar interval in days (NULL = none)';
COMMENT ON COLUMN mx.amp_task.est_mh IS 'Planned man-hours';
COMMENT ON COLUMN mx.amp_task.rii IS 'Required Inspection Item: needs an independent duplicate inspection (wp_task.insp_by)';

CREATE TABLE mx.wp (
    wp_id     integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    "WPRef"   varchar(12) NOT NULL UNIQUE,
    ac_id     smallint    NOT NULL REFERENCES fleet.aircraft,
    chk       mx.chk_type NOT NULL,
    stn       char(3)     NOT NULL REFERENCES ops.stn,
    pl_start  timestamp   NOT NULL,
    pl_end    timestamp   NOT NULL,
    act_start timestamp,
    act_end   timestamp,
    vendor    varchar(60),
    vnd_cost  numeric(12,2),
    crs_by    integer,
    rmk       text
);
COMMENT ON TABLE  mx.wp IS 'Work packages (a check or a set of cards worked together on one aircraft)';
COMMENT ON COLUMN mx.wp."WPRef" IS 'Work package reference as printed on the paperwork, WPyy-nnnnn';
COMMENT ON COLUMN mx.wp.pl_start IS 'Planned start (UTC)';
COMMENT ON COLUMN mx.wp.pl_end IS 'Planned end (UTC)';
COMMENT ON COLUMN mx.wp.act_start IS 'Actual start; NULL = package not started yet (planned only)';
COMMENT ON COLUMN mx.wp.act_end IS 'Actual completion / release to service; NULL = not finished (still in work if act_start is set)';
COMMENT ON COLUMN mx.wp.vendor IS 'External MRO doing the work; NULL = done in-house by Nordvik mechanics';
COMMENT ON COLUMN mx.wp.vnd_cost IS 'Invoiced cost from the external MRO in EUR; NULL for in-house work';
COMMENT ON COLUMN mx.wp.crs_by IS 'Employee number (public.mech.emp_no) of the certifying staff who signed the CRS; NULL when open or vendor-released';
CREATE INDEX ix_wp_ac_start ON mx.wp (ac_id, pl_start);

CREATE TABLE mx.wp_task (
    wp_id     integer  NOT NULL REFERENCES mx.wp ON DELETE CASCADE,
    ln        smallint NOT NULL,
    task_ref  varchar(14) REFERENCES mx.amp_task,
    nrc_txt   text,
    perf_by   integer,
    insp_by   integer,
    mh        numeric(5,2),
    res       char(1),
    signed_at timestamp,
    PRIMARY KEY (wp_id, ln)
);
COMMENT ON TABLE  mx.wp_task IS 'Task lines of a work package (routine AMP cards and non-routine cards)';
COMMENT ON COLUMN mx.wp_task.ln IS 'Line number within the package';
COMMENT ON COLUMN mx.wp_task.task_ref IS 'AMP task card; NULL = non-routine card (text in nrc_txt)';
COMMENT ON COLUMN mx.wp_task.perf_by IS 'Employee number of the mechanic who performed the task (public.mech.emp_no, not enforced); NULL when done by an external MRO or not yet done';
COMMENT ON COLUMN mx.wp_task.insp_by IS 'Employee number of the duplicate inspector for RII tasks; NULL = no duplicate inspection';
COMMENT ON COLUMN mx.wp_task.mh IS 'Man-hours booked on the task';
COMMENT ON COLUMN mx.wp_task.res IS 'Result: C = completed no findings, F = completed with finding(s) raised as defect, D = deferred to a later package, N = not applicable; NULL = not yet worked';

-- ---------------------------------------------------------------------
-- public: legacy mechanic register (MechReg)
-- ---------------------------------------------------------------------
CREATE TABLE public.mech (
    emp_no   integer     PRIMARY KEY,
    surname  varchar(40) NOT NULL,
    fname    varchar(40) NOT NULL,
    base     char(3)     NOT NULL REFERENCES ops.stn,
    grade    varchar(4)  NOT NULL,
    "isLead" boolean     NOT NULL DEFAULT false,
    hire_dt  date        NOT NULL,
    term_dt  date
);
COMMENT ON TABLE  public.mech IS 'Maintenance staff register (from the legacy MechReg application)';
COMMENT ON COLUMN public.mech.grade IS 'B1 = licensed engineer mechanical, B2 = licensed engineer avionics, MECH = non-certifying mechanic, APP = apprentice';
COMMENT ON COLUMN public.mech."isLead" IS 'Shift lead / crew chief';
COMMENT ON COLUMN public.mech.term_dt IS 'Date employment ended; NULL = currently employed';

CREATE TABLE public.mech_lic (
    lic_id  serial      PRIMARY KEY,
    emp_no  integer     NOT NULL REFERENCES public.mech,
    kind    char(1)     NOT NULL,
    cat     varchar(6)  NOT NULL,
    type_cd varchar(4)  REFERENCES fleet.ac_type,
    ref_no  varchar(20),
    iss_dt  date        NOT NULL,
    exp_dt  date
);
COMMENT ON TABLE  public.mech_lic IS 'Licences, company authorisations and recurrent training records; renewals are new rows (history kept)';
COMMENT ON COLUMN public.mech_lic.kind IS 'L = Part-66 licence (cat B1/B2), A = company certification authorisation for an aircraft type (cat TYPE, type in type_cd), T = recurrent training (cat HF = human factors, EWIS = wiring, FTS = fuel tank safety)';
COMMENT ON COLUMN public.mech_lic.exp_dt IS 'Expiry date (valid up to and including this day)';
CREATE INDEX ix_mech_lic_emp ON public.mech_lic (emp_no);

-- ---------------------------------------------------------------------
-- ops: flown legs (partitioned by year) and engine condition monitoring
-- ---------------------------------------------------------------------
CREATE TABLE ops.leg (
    leg_id  bigint      NOT NULL,
    flt_dt  date        NOT NULL,
    flt_no  varchar(7)  NOT NULL,
    ac_id   smallint    NOT NULL REFERENCES fleet.aircraft,
    rte_no  smallint    NOT NULL REFERENCES ops.rte,
    dep     char(3)     NOT NULL,
    arr     char(3)     NOT NULL,
    std     timestamp   NOT NULL,
    sta     timestamp   NOT NULL,
    offblk  timestamp,
    onblk   timestamp,
    dly_min smallint,
    dly_cd  char(2),
    pax     smallint,
    rmk     text,
    PRIMARY KEY (leg_id, flt_dt)
) PARTITION BY RANGE (flt_dt);
CREATE TABLE ops.leg_2023 PARTITION OF ops.leg FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE ops.leg_2024 PARTITION OF ops.leg FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE ops.leg_2025 PARTITION OF ops.leg FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE ops.leg_2026 PARTITION OF ops.leg FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
COMMENT ON TABLE  ops.leg IS 'Flight legs (sectors) from the OCC system, one row per scheduled sector, partitioned by year of flt_dt';
COMMENT ON COLUMN ops.leg.flt_dt IS 'Schedule date of the leg (UTC)';
COMMENT ON COLUMN ops.leg.std IS 'Scheduled time of departure (UTC)';
COMMENT ON COLUMN ops.leg.sta IS 'Scheduled time of arrival (UTC)';
COMMENT ON COLUMN ops.leg.offblk IS 'Actual off-blocks time (UTC). NULL = leg cancelled (there is no separate cancellation flag)';
COMMENT ON COLUMN ops.leg.onblk IS 'Actual on-blocks time (UTC); block time = onblk - offblk';
COMMENT ON COLUMN ops.leg.dly_min IS 'Departure delay in minutes (offblk - std, 0 when on time or early); NULL for cancelled legs';
COMMENT ON COLUMN ops.leg.dly_cd IS 'Primary IATA delay code, only recorded when dly_min >= 15: 11 = late check-in, 15 = boarding, 32 = loading/baggage, 41 = aircraft technical defect, 42 = scheduled maintenance late release, 63 = late crew, 71 = weather at departure station, 81 = ATFM/ATC en-route restriction, 87 = airport facilities, 93 = late arrival of aircraft (rotation)';
COMMENT ON COLUMN ops.leg.rmk IS 'Free-text OCC remark (cancellation reason etc.)';
CREATE INDEX ix_leg_ac_dt ON ops.leg (ac_id, flt_dt);
CREATE INDEX ix_leg_fltno ON ops.leg (flt_no);

CREATE TABLE ops.ecm_snap (
    snap_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    leg_id    bigint       NOT NULL,
    ac_id     smallint     NOT NULL,
    eng_pos   smallint     NOT NULL,
    rec_ts    timestamp    NOT NULL,
    alt_ft    integer,
    oat_c     numeric(4,1),
    itt_c     numeric(5,1),
    nh_pct    numeric(4,1),
    np_pct    numeric(4,1),
    ff_kgh    numeric(6,1),
    oil_p_psi numeric(5,1),
    oil_t_c   numeric(4,1),
    vib_ips   numeric(4,2),
    src       char(1)      NOT NULL DEFAULT 'A'
);
COMMENT ON TABLE  ops.ecm_snap IS 'Engine condition monitoring: one stabilised-cruise snapshot per engine per flown leg (feed started 2024-01-01)';
COMMENT ON COLUMN ops.ecm_snap.leg_id IS 'Leg the snapshot was taken on (ops.leg.leg_id; no FK because ops.leg is partitioned)';
COMMENT ON COLUMN ops.ecm_snap.eng_pos IS '1 = left engine, 2 = right engine';
COMMENT ON COLUMN ops.ecm_snap.itt_c IS 'Inter-turbine temperature in deg C (for the E175 this is EGT)';
COMMENT ON COLUMN ops.ecm_snap.ff_kgh IS 'Fuel flow kg/h';
COMMENT ON COLUMN ops.ecm_snap.src IS 'A = automatic ACARS download, M = manually keyed from the tech log';
CREATE INDEX ix_ecm_leg ON ops.ecm_snap (leg_id);
CREATE INDEX ix_ecm_ac_itt ON ops.ecm_snap (ac_id, eng_pos, itt_c);

-- ---------------------------------------------------------------------
-- mx: defects (tech log)
-- ---------------------------------------------------------------------
CREATE TABLE mx.defect (
    def_id  integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    tlp_no  varchar(12),
    ac_id   smallint    NOT NULL REFERENCES fleet.aircraft,
    src     char(1)     NOT NULL,
    leg_id  bigint,
    wp_id   integer     REFERENCES mx.wp,
    rep_ts  timestamp   NOT NULL,
    ata     char(2)     NOT NULL,
    descr   text        NOT NULL,
    mel_cat char(1)     CHECK (mel_cat IN ('A','B','C','D')),
    mel_ref varchar(12),
    dfr_ts  timestamp,
    due_ts  timestamp,
    clr_ts  timestamp,
    clr_by  integer
);
COMMENT ON TABLE  mx.defect IS 'Defects from the technical log (crew reports) and maintenance findings';
COMMENT ON COLUMN mx.defect.tlp_no IS 'Tech log page number (paper/ETL)';
COMMENT ON COLUMN mx.defect.src IS 'P = reported by flight crew (pilot), C = reported by cabin crew, M = maintenance finding during a work package';
COMMENT ON COLUMN mx.defect.leg_id IS 'Leg after which a crew defect was reported (ops.leg.leg_id, not enforced); NULL for maintenance findings';
COMMENT ON COLUMN mx.defect.wp_id IS 'Work package in which a maintenance finding was raised; NULL for crew reports';
COMMENT ON COLUMN mx.defect.ata IS 'ATA chapter';
COMMENT ON COLUMN mx.defect.mel_cat IS 'MEL deferral category when the defect was deferred: A = per MEL item remarks (we use 2 days), B = 3 days, C = 10 days, D = 120 days. NULL = not deferred (rectified before next flight)';
COMMENT ON COLUMN mx.defect.dfr_ts IS 'When the defect was deferred under the MEL';
COMMENT ON COLUMN mx.defect.due_ts IS 'Rectification deadline of the deferral';
COMMENT ON COLUMN mx.defect.clr_ts IS 'When the defect was rectified/closed; NULL = still open';
COMMENT ON COLUMN mx.defect.clr_by IS 'Employee number who closed the defect (public.mech.emp_no)';
CREATE INDEX ix_defect_ac ON mx.defect (ac_id, rep_ts);
CREATE INDEX ix_defect_src ON mx.defect (src);

-- ---------------------------------------------------------------------
-- stores
-- ---------------------------------------------------------------------
CREATE TABLE stores.part (
    pn           varchar(24) PRIMARY KEY,
    descr        varchar(80) NOT NULL,
    ata          char(2),
    ser_ctl      boolean     NOT NULL DEFAULT false,
    uom          varchar(4)  NOT NULL DEFAULT 'EA',
    unit_cost_c  bigint,
    type_cd      varchar(4)  REFERENCES fleet.ac_type,
    shelf_life_m smallint
);
COMMENT ON TABLE  stores.part IS 'Part master';
COMMENT ON COLUMN stores.part.pn IS 'Part number';
COMMENT ON COLUMN stores.part.ser_ctl IS 'true = serial-tracked rotable (individual units in stores.comp); false = consumable/expendable stocked by quantity';
COMMENT ON COLUMN stores.part.unit_cost_c IS 'Standard unit cost in euro CENTS';
COMMENT ON COLUMN stores.part.type_cd IS 'Aircraft type the part fits; NULL = common to all types';
COMMENT ON COLUMN stores.part.shelf_life_m IS 'Shelf life in months; NULL = no shelf life';

CREATE TABLE stores.stock (
    pn       varchar(24) NOT NULL REFERENCES stores.part,
    stn      char(3)     NOT NULL REFERENCES ops.stn,
    bin      varchar(10),
    qoh      integer     NOT NULL DEFAULT 0,
    min_qty  integer     NOT NULL DEFAULT 0,
    last_cnt date,
    PRIMARY KEY (pn, stn)
) WITH (autovacuum_enabled = false);
COMMENT ON TABLE  stores.stock IS 'Stock of consumables per store (autovacuum switched off in 2021 during the WMS migration and never switched back on)';
COMMENT ON COLUMN stores.stock.qoh IS 'Quantity on hand (in part.uom)';
COMMENT ON COLUMN stores.stock.min_qty IS 'Re-order point: reorder when qoh falls below this';
COMMENT ON COLUMN stores.stock.last_cnt IS 'Date of last physical stock count';
CREATE INDEX ix_stock_bin ON stores.stock (bin);

CREATE TABLE stores.comp (
    comp_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    pn      varchar(24) NOT NULL REFERENCES stores.part,
    sn      varchar(20) NOT NULL,
    cond    char(2)     NOT NULL DEFAULT 'SV',
    tsn_fh  numeric(8,1),
    csn     integer,
    loc_stn char(3)     REFERENCES ops.stn,
    mfr_dt  date
);
COMMENT ON TABLE  stores.comp IS 'Serial-tracked components (rotables): one row per physical unit';
COMMENT ON COLUMN stores.comp.sn IS 'Manufacturer serial number';
COMMENT ON COLUMN stores.comp.cond IS 'Condition: SV = serviceable, US = unserviceable (awaiting repair), QR = quarantined (suspect / paperwork missing), SC = scrapped';
COMMENT ON COLUMN stores.comp.tsn_fh IS 'Time since new, flight hours';
COMMENT ON COLUMN stores.comp.csn IS 'Cycles since new';
COMMENT ON COLUMN stores.comp.loc_stn IS 'Store where the unit is; NULL = fitted to an aircraft, scrapped, or left with a redelivered aircraft';

CREATE TABLE stores.comp_mvmt (
    mv_id   integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    comp_id integer     NOT NULL REFERENCES stores.comp,
    ac_id   smallint    NOT NULL REFERENCES fleet.aircraft,
    pos     varchar(8)  NOT NULL,
    on_dt   date        NOT NULL,
    off_dt  date,
    off_rsn char(1),
    wp_id   integer     REFERENCES mx.wp
);
COMMENT ON TABLE  stores.comp_mvmt IS 'Installation history of serial-tracked components: one row per installation period on an aircraft position';
COMMENT ON COLUMN stores.comp_mvmt.pos IS 'Installed position, e.g. ENG1, PRP2, MLG-LO';
COMMENT ON COLUMN stores.comp_mvmt.on_dt IS 'Date installed';
COMMENT ON COLUMN stores.comp_mvmt.off_dt IS 'Date removed; NULL = still installed';
COMMENT ON COLUMN stores.comp_mvmt.off_rsn IS 'Removal reason: U = unscheduled (failure/suspected failure), S = scheduled (life limit, wear, hard time), R = robbery (removed to fit another aircraft), M = modification, X = left on the airframe at redelivery to lessor';
COMMENT ON COLUMN stores.comp_mvmt.wp_id IS 'Work package in which the removal was done';
CREATE INDEX ix_cmv_comp ON stores.comp_mvmt (comp_id);
CREATE INDEX ix_cmv_ac ON stores.comp_mvmt (ac_id) WHERE off_dt IS NULL;

-- =====================================================================
--  DATA  (deterministic: every "random" value is pg_temp.r(<key>))
-- =====================================================================

-- AMP task cards ------------------------------------------------------
INSERT INTO mx.amp_task (task_ref, ata, title, pkg, type_cd, int_fh, int_cyc, int_dy, est_mh, rii)
SELECT t.ata || '-' || t.pkg || lpad(t.n::text, 2, '0'), t.ata, t.title, t.pkg, NULL,
       CASE t.pkg WHEN 'A' THEN 600 WHEN 'C' THEN 6000 END,
       CASE t.pkg WHEN 'A' THEN 800 END,
       CASE t.pkg WHEN 'L' THEN 7 WHEN 'A' THEN 120 ELSE 730 END,
       t.mh, t.rii
FROM (SELECT v.*, row_number() OVER (PARTITION BY v.pkg ORDER BY v.ord) AS n
      FROM (VALUES
 (1,'05','Weekly check - external walk-around and general visual','L',1.50,false),
 (2,'12','Engine oil level check and replenish','L',0.50,false),
 (3,'12','Tyre pressure and wear check','L',0.75,false),
 (4,'29','Hydraulic reservoir quantity check','L',0.30,false),
 (5,'35','Crew oxygen bottle pressure check','L',0.30,false),
 (6,'25','Cabin emergency equipment check','L',0.80,false),
 (7,'05','Zonal inspection - fuselage lower','A',2.00,false),
 (8,'21','Air conditioning pack inlet/outlet inspection','A',1.50,false),
 (9,'24','Battery capacity check','A',1.00,false),
 (10,'26','Engine fire detection loop test','A',1.20,true),
 (11,'27','Flight control cable tension check','A',2.50,true),
 (12,'32','Landing gear lubrication','A',2.00,false),
 (13,'33','Exterior lighting operational check','A',0.80,false),
 (14,'34','Pitot-static system drain and leak check','A',1.50,true),
 (15,'52','Passenger/service door lubrication and inspection','A',1.20,false),
 (16,'71','Engine inlet and exhaust visual inspection','A',1.50,false),
 (17,'05','Zonal inspection - wing box internal','C',12.00,false),
 (18,'05','Zonal inspection - empennage','C',8.00,false),
 (19,'21','Outflow valve replacement','C',4.00,false),
 (20,'25','Seat and seat track detailed inspection','C',16.00,false),
 (21,'26','Cargo smoke detector functional test','C',3.00,true),
 (22,'27','Aileron hinge detailed inspection','C',6.00,true),
 (23,'28','Fuel tank entry and inspection','C',20.00,true),
 (24,'29','Hydraulic accumulator pre-charge check','C',2.50,false),
 (25,'32','Landing gear detailed visual inspection','C',10.00,true),
 (26,'36','Bleed duct leak check','C',4.00,false),
 (27,'52','Door seal replacement','C',6.00,false),
 (28,'53','Fuselage corrosion inspection (CPCP)','C',24.00,false),
 (29,'55','Stabilizer attachment inspection','C',8.00,true),
 (30,'57','Wing-to-fuselage fitting inspection','C',10.00,true)
      ) v(ord, ata, title, pkg, mh, rii)) t;

INSERT INTO mx.amp_task (task_ref, ata, title, pkg, type_cd, int_fh, int_cyc, int_dy, est_mh, rii)
SELECT CASE WHEN ty.type_cd = 'E175' AND v.ata = '61' THEN '72' ELSE v.ata END
         || '-' || ty.type_cd || '-' || v.pkg || lpad(v.n::text, 2, '0'),
       CASE WHEN ty.type_cd = 'E175' AND v.ata = '61' THEN '72' ELSE v.ata END,
       CASE WHEN ty.type_cd = 'E175' AND v.ata = '61' THEN 'Fan blade and spinner visual inspection' ELSE v.title END
         || ' (' || ty.type_cd || ')',
       v.pkg, ty.type_cd,
       CASE v.pkg WHEN 'A' THEN 600 ELSE 6000 END,
       CASE v.pkg WHEN 'A' THEN 800 END,
       CASE v.pkg WHEN 'A' THEN 120 ELSE 730 END,
       round((v.mh * CASE ty.type_cd WHEN 'E175' THEN 1.2 WHEN 'DH8D' THEN 1.1 WHEN 'AT45' THEN 0.9 ELSE 1 END)::numeric, 2),
       v.rii
FROM fleet.ac_type ty
CROSS JOIN (VALUES
 (1,'27','Flap actuator and track inspection','A',2.50,false),
 (2,'32','MLG retraction actuator inspection','A',2.00,false),
 (3,'30','Ice protection system operational test','A',1.50,false),
 (4,'61','Propeller blade and spinner inspection','A',1.50,false),
 (5,'73','Fuel control unit filter replacement','A',1.00,true),
 (1,'20','EWIS zonal inspection','C',8.00,false),
 (2,'27','Elevator actuator replacement','C',6.00,true),
 (3,'32','Brake wear pin measurement','C',4.00,false),
 (4,'34','Weather radar antenna inspection','C',2.00,false),
 (5,'53','Structural inspection - SSID item','C',16.00,true),
 (6,'57','Wing lower skin NDT inspection','C',12.00,true),
 (7,'71','Engine mount inspection','C',6.00,true),
 (8,'78','Exhaust duct inspection','C',3.00,false)
) v(n, ata, title, pkg, mh, rii)
ORDER BY 1;

-- Mechanics -----------------------------------------------------------
INSERT INTO public.mech (emp_no, surname, fname, base, grade, "isLead", hire_dt, term_dt)
SELECT 4000 + n,
       (ARRAY['Hansen','Johansen','Olsen','Larsen','Andersen','Pedersen','Nilsen','Kristiansen','Jensen','Karlsen',
              'Johnsen','Pettersen','Eriksen','Berg','Haugen','Hagen','Johannessen','Andreassen','Jacobsen','Dahl',
              'Jorgensen','Halvorsen','Henriksen','Lund','Sorensen','Moen','Gundersen','Iversen','Strand','Solberg'])[1 + ((7*n + n/30) % 30)],
       (ARRAY['Ole','Lars','Kari','Anne','Per','Ingrid','Jan','Hilde','Bjorn','Silje',
              'Erik','Marit','Knut','Tone','Arne','Nina','Geir','Liv','Trond','Randi',
              'Morten','Camilla','Svein','Hege','Rune','Ida','Terje','Mona','Espen','Sofie'])[1 + (n % 30)],
       CASE WHEN n <= 36 THEN 'OSL' WHEN n <= 58 THEN 'BGO' ELSE 'TRD' END,
       CASE WHEN g < 0.36 THEN 'B1' WHEN g < 0.56 THEN 'B2' WHEN g < 0.90 THEN 'MECH' ELSE 'APP' END,
       pg_temp.r('lead' || n) < 0.12,
       hd,
       CASE WHEN pg_temp.r('term' || n) < 0.14
             AND greatest(hd + 200, date '2023-03-01' + floor(pg_temp.r('termd' || n) * 1290)::int) <= date '2026-10-31'
            THEN greatest(hd + 200, date '2023-03-01' + floor(pg_temp.r('termd' || n) * 1290)::int) END
FROM (SELECT n, pg_temp.r('grade' || n) AS g,
             CASE WHEN pg_temp.r('hire' || n) < 0.82
                  THEN date '2004-01-01' + floor(pg_temp.r('hired' || n) * 6930)::int
                  ELSE date '2023-01-01' + floor(pg_temp.r('hired' || n) * 1300)::int END AS hd
      FROM generate_series(1, 80) n) s
ORDER BY 1;

-- Part-66 licences (current document + the previous one where the engineer was already with us)
INSERT INTO public.mech_lic (emp_no, kind, cat, type_cd, ref_no, iss_dt, exp_dt)
SELECT emp_no, 'L', grade, NULL, 'NO.66.' || (20000 + emp_no * 3), iss, (iss + interval '5 years' - interval '1 day')::date
FROM (SELECT m.emp_no, m.grade, m.hire_dt, v.k,
             CASE WHEN pg_temp.r('lapse66' || m.emp_no) < 0.08
                  THEN date '2020-09-01' + floor(pg_temp.r('iss66' || m.emp_no) * 700)::int
                  ELSE date '2021-11-01' + floor(pg_temp.r('iss66' || m.emp_no) * 1790)::int END
               - v.k * 1826 AS iss
      FROM public.mech m CROSS JOIN (VALUES (1),(0)) v(k)
      WHERE m.grade IN ('B1','B2')) s
WHERE iss >= hire_dt - 400
ORDER BY emp_no, iss;

-- Type authorisations (kind A) and recurrent training (kind T): 2-year validity, renewal history
INSERT INTO public.mech_lic (emp_no, kind, cat, type_cd, ref_no, iss_dt, exp_dt)
SELECT emp_no, kind, cat, type_cd,
       CASE WHEN kind = 'A' THEN 'NV-CA-' || emp_no || '-' || type_cd ELSE NULL END,
       iss, (iss + interval '2 years' - interval '1 day')::date
FROM (
  SELECT q.*, q.st + q.c * 730 + floor(pg_temp.r('jit' || q.emp_no || q.cat || coalesce(q.type_cd,'') || q.c) * 24)::int - 12 AS iss
  FROM (
    SELECT m.emp_no, m.hire_dt, m.term_dt, x.kind, x.cat, x.type_cd, c.c,
           greatest(m.hire_dt + 30, date '2019-01-01' + floor(pg_temp.r('st' || m.emp_no || x.cat || coalesce(x.type_cd,'')) * 700)::int) AS st,
           pg_temp.r('lapse' || m.emp_no || x.cat || coalesce(x.type_cd,'')) < 0.10 AS lapsed
    FROM public.mech m
    CROSS JOIN LATERAL (
        SELECT 'T'::char(1) AS kind, t.cat, NULL::varchar AS type_cd
        FROM (VALUES ('HF'),('EWIS'),('FTS')) t(cat)
        WHERE t.cat = 'HF' OR m.grade <> 'APP'
        UNION ALL
        SELECT 'A', 'TYPE', ty.type_cd
        FROM fleet.ac_type ty
        WHERE m.grade IN ('B1','B2')
          AND ((m.base = 'OSL' AND ty.type_cd IN ('AT72','DH8D','E175'))
            OR (m.base <> 'OSL' AND ty.type_cd IN ('AT72','AT45','DH8D')))
          AND (ty.type_cd = 'AT72' OR pg_temp.r('auth' || m.emp_no || ty.type_cd) < 0.65)
    ) x
    CROSS JOIN generate_series(0, 5) c(c)
  ) q
) z
WHERE iss <= least(coalesce(term_dt, date '2026-10-31'), CASE WHEN lapsed THEN date '2024-10-31' ELSE date '2026-10-31' END)
ORDER BY emp_no, kind, cat, type_cd, iss;

-- Work packages ---------------------------------------------------------
CREATE TEMP TABLE t_cchk AS
SELECT a.ac_id, d AS c_dt,
       CASE WHEN a.ac_id = 17 AND d = date '2026-10-12' THEN 27
            ELSE 14 + floor(pg_temp.r('cdur' || a.ac_id || d) * 12)::int END AS pl_days,
       floor(pg_temp.r('cover' || a.ac_id || d) * 6)::int - 1 AS over_days
FROM fleet.aircraft a
CROSS JOIN LATERAL (
    SELECT (date '2023-01-01' + ((a.ac_id * 97) % 700) + k * 730) AS d FROM generate_series(0, 2) k
    WHERE a.ac_id <> 17
    UNION ALL
    SELECT d FROM (VALUES (date '2024-10-14'), (date '2026-10-12')) v(d) WHERE a.ac_id = 17
) x
WHERE d >= a.dlv_dt + 600
  AND d < coalesce(a.out_dt, date '2026-11-30')
  AND NOT (a.stat = 'S' AND d >= date '2026-02-01');

-- days an aircraft is not available for flying (C-check in progress, or stored)
CREATE TEMP TABLE t_noflt AS
SELECT ac_id, generate_series(c_dt, c_dt + pl_days + over_days, interval '1 day')::date AS dt FROM t_cchk
UNION
SELECT ac_id, generate_series(date '2026-02-01', date '2026-10-31', interval '1 day')::date FROM fleet.aircraft WHERE stat = 'S';

CREATE TEMP TABLE t_wp AS
-- C-checks (outsourced)
SELECT c.ac_id, 'C'::mx.chk_type AS chk,
       CASE ty.type_cd WHEN 'DH8D' THEN 'BGO' ELSE 'OSL' END AS stn,
       c.c_dt + time '06:00' AS pl_start,
       c.c_dt + c.pl_days + time '18:00' AS pl_end,
       c.c_dt + time '06:00' + floor(pg_temp.r('cst' || c.ac_id || c.c_dt) * 180) * interval '1 minute' AS a_start,
       (c.pl_days + c.over_days) * interval '1 day' + interval '12 hours' AS a_dur,
       CASE ty.type_cd WHEN 'DH8D' THEN 'Baltic Aero Services UAB'
                       WHEN 'E175' THEN 'Scandinavian Heavy Maintenance AB'
                       ELSE 'NorTek MRO AS' END AS vendor,
       round((CASE ty.type_cd WHEN 'E175' THEN 1350000 WHEN 'DH8D' THEN 1080000 WHEN 'AT72' THEN 910000 ELSE 760000 END
              * (0.85 + 0.35 * pg_temp.r('ccost' || c.ac_id || c.c_dt)))::numeric, 2) AS vnd_cost,
       NULL::text AS rmk
FROM t_cchk c JOIN fleet.aircraft a USING (ac_id) JOIN fleet.ac_type ty USING (type_cd)
UNION ALL
-- A-checks (in-house, overnight at home base)
SELECT a.ac_id, 'A', a.home_stn, d + time '21:00', d + time '21:00' + interval '12 hours',
       d + time '21:00' + floor(pg_temp.r('ast' || a.ac_id || d) * 45) * interval '1 minute',
       interval '9 hours' + floor(pg_temp.r('adur' || a.ac_id || d) * 480) * interval '1 minute',
       NULL, NULL, NULL
FROM fleet.aircraft a
CROSS JOIN LATERAL generate_series(greatest(a.dlv_dt, date '2023-01-01') + ((a.ac_id * 13) % 120),
                                   least(coalesce(a.out_dt - 1, date '2026-11-30'), date '2026-11-30'), interval '120 days') g
CROSS JOIN LATERAL (SELECT g::date AS d) dd
WHERE NOT EXISTS (SELECT 1 FROM t_noflt n WHERE n.ac_id = a.ac_id AND n.dt BETWEEN d - 2 AND d + 2)
UNION ALL
-- weekly line checks
SELECT a.ac_id, 'LINE', a.home_stn, d + time '22:30', d + time '22:30' + interval '3 hours',
       d + time '22:30' + floor(pg_temp.r('lst' || a.ac_id || d) * 40) * interval '1 minute',
       interval '2 hours' + floor(pg_temp.r('ldur' || a.ac_id || d) * 150) * interval '1 minute',
       NULL, NULL, NULL
FROM fleet.aircraft a
CROSS JOIN LATERAL generate_series(greatest(a.dlv_dt, date '2023-01-01') + ((a.ac_id * 3) % 7),
                                   least(coalesce(a.out_dt - 1, date '2026-11-30'), date '2026-11-30'), interval '7 days') g
CROSS JOIN LATERAL (SELECT g::date AS d) dd
WHERE NOT EXISTS (SELECT 1 FROM t_noflt n WHERE n.ac_id = a.ac_id AND n.dt = d)
  AND (d - (greatest(a.dlv_dt, date '2023-01-01') + ((a.ac_id * 13) % 120))) % 120 <> 0
UNION ALL
-- unscheduled (defect rectification, AOG)
SELECT a.ac_id, 'UNSCHED', a.home_stn,
       d + time '07:00' + floor(pg_temp.r('ust' || a.ac_id || d) * 720) * interval '1 minute',
       d + time '07:00' + floor(pg_temp.r('ust' || a.ac_id || d) * 720) * interval '1 minute' + interval '4 hours',
       d + time '07:00' + floor(pg_temp.r('ust' || a.ac_id || d) * 720) * interval '1 minute' + floor(pg_temp.r('uw' || a.ac_id || d) * 60) * interval '1 minute',
       interval '1 hour' + floor(pg_temp.r('udur' || a.ac_id || d) * 300) * interval '1 minute',
       NULL, NULL,
       CASE WHEN a.ac_id = 14 AND d = date '2025-08-20' THEN 'ENG 2 ITT trend exceedance - engine change' END
FROM fleet.aircraft a
CROSS JOIN LATERAL generate_series(greatest(a.dlv_dt, date '2023-01-01'), least(coalesce(a.out_dt - 1, date '2026-10-31'), date '2026-10-31'), interval '1 day') g
CROSS JOIN LATERAL (SELECT g::date AS d) dd
WHERE (pg_temp.r('unsch' || a.ac_id || d) < 0.045 OR (a.ac_id = 14 AND d = date '2025-08-20'))
  AND NOT EXISTS (SELECT 1 FROM t_noflt n WHERE n.ac_id = a.ac_id AND n.dt = d)
UNION ALL
-- modifications / service bulletins
SELECT a.ac_id, 'MOD', 'OSL', d + time '20:00', d + time '20:00' + interval '30 hours',
       d + time '20:00' + floor(pg_temp.r('mst' || a.ac_id || d) * 60) * interval '1 minute',
       interval '6 hours' + floor(pg_temp.r('mdur' || a.ac_id || d) * 1400) * interval '1 minute',
       CASE WHEN pg_temp.r('mven' || a.ac_id || d) < 0.3 THEN 'NorTek MRO AS' END,
       CASE WHEN pg_temp.r('mven' || a.ac_id || d) < 0.3 THEN round((8000 + 40000 * pg_temp.r('mcost' || a.ac_id || d))::numeric, 2) END,
       'SB ' || CASE a.type_cd WHEN 'AT72' THEN '72' WHEN 'AT45' THEN '42' WHEN 'DH8D' THEN '84' ELSE '170' END
             || '-' || lpad((floor(pg_temp.r('msb' || a.ac_id || d) * 90) + 10)::text, 2, '0')
             || '-' || lpad((floor(pg_temp.r('msb2' || a.ac_id || d) * 9000) + 1000)::text, 4, '0')
FROM fleet.aircraft a
CROSS JOIN LATERAL generate_series(greatest(a.dlv_dt, date '2023-01-01'), least(coalesce(a.out_dt - 1, date '2026-10-31'), date '2026-10-31'), interval '1 day') g
CROSS JOIN LATERAL (SELECT g::date AS d) dd
WHERE pg_temp.r('mod' || a.ac_id || d) < 0.0035
  AND NOT EXISTS (SELECT 1 FROM t_noflt n WHERE n.ac_id = a.ac_id AND n.dt = d);

-- crs_by: certifying engineer (B1/B2) of the station, employed on the release date; in-house packages only
INSERT INTO mx.wp ("WPRef", ac_id, chk, stn, pl_start, pl_end, act_start, act_end, vendor, vnd_cost, crs_by, rmk)
SELECT 'WP' || to_char(w.pl_start, 'YY') || '-' ||
       lpad(row_number() OVER (PARTITION BY extract(year FROM w.pl_start) ORDER BY w.pl_start, w.ac_id, w.chk)::text, 5, '0'),
       w.ac_id, w.chk, w.stn, w.pl_start, w.pl_end,
       CASE WHEN w.a_start < timestamp '2026-11-01' THEN w.a_start END,
       CASE WHEN w.a_start + w.a_dur < timestamp '2026-11-01' THEN w.a_start + w.a_dur END,
       w.vendor,
       CASE WHEN w.a_start + w.a_dur < timestamp '2026-11-01' THEN w.vnd_cost END,
       crs.emp_no,
       w.rmk
FROM t_wp w
LEFT JOIN LATERAL (
    SELECT m.emp_no FROM public.mech m
    WHERE w.vendor IS NULL AND w.a_start + w.a_dur < timestamp '2026-11-01'
      AND m.base = w.stn AND m.grade IN ('B1', 'B2')
      AND m.hire_dt <= (w.a_start + w.a_dur)::date AND (m.term_dt IS NULL OR m.term_dt > (w.a_start + w.a_dur)::date)
    ORDER BY pg_temp.r('crs' || w.ac_id || '/' || w.pl_start || '/' || m.emp_no), m.emp_no LIMIT 1) crs ON true
ORDER BY w.pl_start, w.ac_id, w.chk;

-- Flight legs -----------------------------------------------------------
CREATE TEMP TABLE t_rot AS
SELECT a.ac_id, a.type_cd, ty.seats, a.home_stn, d.dt, p.pr,
       a.ac_id || '/' || d.dt || '/' || p.pr AS rk
FROM fleet.aircraft a
JOIN fleet.ac_type ty USING (type_cd)
CROSS JOIN LATERAL (SELECT g::date AS dt FROM generate_series(greatest(a.dlv_dt, date '2023-01-01'),
                    least(coalesce(a.out_dt - 1, date '2026-10-31'), date '2026-10-31'), interval '1 day') g) d
CROSS JOIN (VALUES (1), (2)) p(pr)
WHERE NOT EXISTS (SELECT 1 FROM t_noflt n WHERE n.ac_id = a.ac_id AND n.dt = d.dt)
  AND pg_temp.r('rot' || a.ac_id || '/' || d.dt || '/' || p.pr) < CASE p.pr WHEN 1 THEN 0.93 ELSE 0.46 END;

CREATE TEMP TABLE t_rot2 AS
SELECT t.*, rt.rte_no, rt.dest, rt.blk_sch,
       t.dt + CASE t.pr WHEN 1 THEN time '05:50' ELSE time '12:40' END
            + floor(pg_temp.r('stdj' || t.rk) * 9) * interval '5 minutes' AS std_out,
       pg_temp.r('cnx' || t.rk) < 0.014 AS cnx,
       extract(month FROM t.dt) IN (12, 1, 2) AS winter
FROM t_rot t
CROSS JOIN LATERAL (
    SELECT r.rte_no, r.dest, r.blk_sch FROM ops.rte r
    WHERE r.orig = t.home_stn AND (r.eff_to IS NULL OR r.eff_to > t.dt)
    ORDER BY r.rte_no
    OFFSET floor(pg_temp.r('rte' || t.rk) * (SELECT count(*) FROM ops.rte r2
                 WHERE r2.orig = t.home_stn AND (r2.eff_to IS NULL OR r2.eff_to > t.dt)))::int
    LIMIT 1) rt;

CREATE TEMP TABLE t_rot3 AS
SELECT t.*,
       CASE WHEN pg_temp.r('do' || t.rk) < CASE WHEN winter THEN 0.40 ELSE 0.29 END
            THEN least(360, 1 + floor(-ln(1 - pg_temp.r('dmo' || t.rk)) * 24))::int ELSE 0 END AS dly_out,
       CASE WHEN pg_temp.r('dr' || t.rk) < CASE WHEN winter THEN 0.36 ELSE 0.26 END
            THEN least(360, 1 + floor(-ln(1 - pg_temp.r('dmr' || t.rk)) * 22))::int ELSE 0 END AS dly_ret_own,
       (floor(pg_temp.r('bo' || t.rk) * 21) - 8)::int AS bdev_out,
       (floor(pg_temp.r('br' || t.rk) * 21) - 8)::int AS bdev_ret
FROM t_rot2 t;

CREATE TEMP TABLE t_leg AS
SELECT ac_id, dt AS flt_dt, 'NV' || (rte_no * 4 + (pr - 1) * 2) AS flt_no, rte_no, home_stn AS dep, dest AS arr,
       std_out AS std, std_out + blk_sch * interval '1 minute' AS sta,
       CASE WHEN NOT cnx THEN std_out + CASE WHEN dly_out > 0 THEN dly_out * interval '1 minute'
                                             ELSE -floor(pg_temp.r('early_o' || rk) * 4) * interval '1 minute' END END AS offblk,
       CASE WHEN NOT cnx THEN dly_out END AS dly_min,
       CASE WHEN NOT cnx AND dly_out >= 15 THEN
            CASE WHEN winter AND pg_temp.r('wx_o' || rk) < 0.25 THEN '71'
                 ELSE (SELECT c FROM (VALUES (0.05,'11'),(0.18,'15'),(0.30,'32'),(0.46,'41'),(0.51,'42'),(0.60,'63'),
                                             (0.70,'71'),(0.88,'81'),(0.95,'87'),(1.01,'93')) v(p, c)
                       WHERE pg_temp.r('cd_o' || rk) < v.p ORDER BY v.p LIMIT 1) END END AS dly_cd,
       bdev_out AS bdev, cnx, seats, rk || '/O' AS lk, blk_sch
FROM t_rot3
UNION ALL
SELECT ac_id, dt, 'NV' || (rte_no * 4 + (pr - 1) * 2 + 1), rte_no, dest, home_stn,
       std_out + (2 * blk_sch + 35) * interval '1 minute' - blk_sch * interval '1 minute',
       std_out + (2 * blk_sch + 35) * interval '1 minute',
       CASE WHEN NOT cnx THEN std_out + (blk_sch + 35) * interval '1 minute'
            + CASE WHEN greatest(dly_ret_own, dly_out + bdev_out - 10) > 0
                   THEN greatest(dly_ret_own, dly_out + bdev_out - 10) * interval '1 minute'
                   ELSE -floor(pg_temp.r('early_r' || rk) * 4) * interval '1 minute' END END,
       CASE WHEN NOT cnx THEN greatest(0, dly_ret_own, dly_out + bdev_out - 10) END,
       CASE WHEN NOT cnx AND greatest(dly_ret_own, dly_out + bdev_out - 10) >= 15 THEN
            CASE WHEN dly_out + bdev_out - 10 >= 15 AND dly_out + bdev_out - 10 >= dly_ret_own AND pg_temp.r('rot_r' || rk) < 0.8 THEN '93'
                 WHEN winter AND pg_temp.r('wx_r' || rk) < 0.25 THEN '71'
                 ELSE (SELECT c FROM (VALUES (0.05,'11'),(0.18,'15'),(0.30,'32'),(0.46,'41'),(0.51,'42'),(0.60,'63'),
                                             (0.70,'71'),(0.88,'81'),(0.95,'87'),(1.01,'93')) v(p, c)
                       WHERE pg_temp.r('cd_r' || rk) < v.p ORDER BY v.p LIMIT 1) END END,
       bdev_ret, cnx, seats, rk || '/R', blk_sch
FROM t_rot3;

INSERT INTO ops.leg (leg_id, flt_dt, flt_no, ac_id, rte_no, dep, arr, std, sta, offblk, onblk, dly_min, dly_cd, pax, rmk)
SELECT 100000 + row_number() OVER (ORDER BY std, ac_id),
       flt_dt, flt_no, ac_id, rte_no, dep, arr, std, sta, offblk,
       offblk + (blk_sch + bdev) * interval '1 minute',
       dly_min, dly_cd,
       CASE WHEN NOT cnx THEN floor(seats * (0.40 + 0.60 * pg_temp.r('pax' || lk)))::int END,
       CASE WHEN cnx THEN (ARRAY['CNX WX','CNX TECH','CNX CREW SICK','CNX ATC STRIKE','CNX COMMERCIAL'])[1 + floor(pg_temp.r('cxr' || lk) * 5)::int]
            WHEN dly_min >= 120 THEN 'Long delay - pax rebooked/compensation check'
       END
FROM t_leg
ORDER BY std, ac_id;

-- Engine condition monitoring (feed started 2024-01-01) -------------------
INSERT INTO ops.ecm_snap (leg_id, ac_id, eng_pos, rec_ts, alt_ft, oat_c, itt_c, nh_pct, np_pct, ff_kgh, oil_p_psi, oil_t_c, vib_ips, src)
SELECT l.leg_id, l.ac_id, e.pos,
       l.offblk + least(25, (extract(epoch FROM l.onblk - l.offblk) / 120)::int) * interval '1 minute',
       alt, round((-12 - (alt - 17000) / 500.0 + 8 * pg_temp.r('oat' || l.leg_id))::numeric, 1),
       round((CASE a.type_cd WHEN 'AT72' THEN 745 WHEN 'AT45' THEN 730 WHEN 'DH8D' THEN 760 ELSE 815 END
              + (l.flt_dt - date '2024-01-01') / 365.0 * 5
              + pg_temp.r('eoff' || l.ac_id || '/' || e.pos) * 16 - 8
              + pg_temp.r('itt' || l.leg_id || '/' || e.pos) * 14 - 7
              + CASE WHEN l.ac_id = 14 AND e.pos = 2 AND l.flt_dt BETWEEN date '2025-08-04' AND date '2025-08-19'
                     THEN 8 + (l.flt_dt - date '2025-08-04') * 3.0 ELSE 0 END)::numeric, 1),
       round((93 + 5 * pg_temp.r('nh' || l.leg_id || '/' || e.pos))::numeric, 1),
       CASE WHEN a.type_cd <> 'E175' THEN round((82 + 3 * pg_temp.r('np' || l.leg_id || '/' || e.pos))::numeric, 1) END,
       round((CASE a.type_cd WHEN 'AT72' THEN 370 WHEN 'AT45' THEN 310 WHEN 'DH8D' THEN 560 ELSE 880 END
              * (0.93 + 0.14 * pg_temp.r('ff' || l.leg_id || '/' || e.pos)))::numeric, 1),
       round((55 + 10 * pg_temp.r('op' || l.leg_id || '/' || e.pos))::numeric, 1),
       round((72 + 18 * pg_temp.r('ot' || l.leg_id || '/' || e.pos))::numeric, 1),
       round((0.05 + 0.35 * pg_temp.r('vb' || l.leg_id || '/' || e.pos))::numeric, 2),
       CASE WHEN pg_temp.r('src' || l.leg_id) < 0.02 THEN 'M' ELSE 'A' END
FROM ops.leg l
JOIN fleet.aircraft a USING (ac_id)
CROSS JOIN (VALUES (1), (2)) e(pos)
CROSS JOIN LATERAL (SELECT CASE WHEN a.type_cd = 'E175' THEN 33000 + 1000 * floor(pg_temp.r('alt' || l.leg_id) * 5)::int
                                ELSE 17000 + 1000 * floor(pg_temp.r('alt' || l.leg_id) * 9)::int END AS alt) al
WHERE l.flt_dt >= date '2024-01-01' AND l.offblk IS NOT NULL
ORDER BY l.leg_id, e.pos;

-- Work package task lines -------------------------------------------------
CREATE TEMP TABLE t_wpt AS
SELECT w.wp_id, w.ac_id, w.chk, w.stn, w.act_start, w.act_end, w.vendor,
       row_number() OVER (PARTITION BY w.wp_id ORDER BY t.task_ref)::smallint AS ln,
       t.task_ref, NULL::text AS nrc_txt, t.est_mh, t.rii
FROM mx.wp w
JOIN fleet.aircraft a USING (ac_id)
JOIN mx.amp_task t ON t.pkg = CASE w.chk WHEN 'LINE' THEN 'L' WHEN 'A' THEN 'A' ELSE 'C' END
                  AND (t.type_cd IS NULL OR t.type_cd = a.type_cd)
WHERE w.chk IN ('LINE', 'A', 'C')
UNION ALL
SELECT w.wp_id, w.ac_id, w.chk, w.stn, w.act_start, w.act_end, w.vendor, g.n::smallint, NULL,
       CASE WHEN w.chk = 'MOD' AND g.n = 1 THEN 'Embody ' || w.rmk
            WHEN w.chk = 'MOD' THEN 'Post-modification functional test and weight & balance update'
            WHEN w.rmk IS NOT NULL AND g.n = 1 THEN 'Remove and replace ENG 2 (ITT trend exceedance)'
            ELSE (ARRAY['Troubleshoot reported defect IAW FIM','Replace LRU and perform operational test',
                        'Rectify IAW tech log entry','Inspect and secure loose panel / fairing',
                        'Borescope inspection','Tyre/wheel change'])[1 + floor(pg_temp.r('nrc' || w.wp_id || '/' || g.n) * 6)::int] END,
       round((1 + 5 * pg_temp.r('nmh' || w.wp_id || '/' || g.n))::numeric, 2), false
FROM mx.wp w
CROSS JOIN LATERAL generate_series(1, CASE WHEN w.chk = 'MOD' THEN 2 ELSE 1 + floor(pg_temp.r('nln' || w.wp_id) * 3)::int END) g(n)
WHERE w.chk IN ('UNSCHED', 'MOD');

CREATE TEMP TABLE t_wpt2 AS
SELECT x.*,
       CASE WHEN x.act_start IS NOT NULL AND (x.act_end IS NOT NULL OR pg_temp.r('sg' || x.wp_id || '/' || x.ln) < 0.6)
            THEN x.act_start + (coalesce(x.act_end, timestamp '2026-10-31 20:00') - x.act_start)
                               * (0.05 + 0.9 * pg_temp.r('sat' || x.wp_id || '/' || x.ln)) END AS signed_at
FROM t_wpt x;

INSERT INTO mx.wp_task (wp_id, ln, task_ref, nrc_txt, perf_by, insp_by, mh, res, signed_at)
SELECT x.wp_id, x.ln, x.task_ref, x.nrc_txt, pf.emp_no,
       CASE WHEN x.rii THEN ip.emp_no END,
       CASE WHEN x.signed_at IS NOT NULL THEN
            CASE WHEN rs.res = 'N' THEN 0 ELSE round(x.est_mh * (0.7 + 0.8 * pg_temp.r('mh' || x.wp_id || '/' || x.ln))::numeric, 2) END END,
       rs.res,
       date_trunc('minute', x.signed_at)
FROM t_wpt2 x
CROSS JOIN LATERAL (
    SELECT CASE WHEN x.signed_at IS NULL THEN NULL
                WHEN x.task_ref IS NULL THEN 'C'
                WHEN pg_temp.r('res' || x.wp_id || '/' || x.ln) < 0.035 THEN 'F'
                WHEN pg_temp.r('res' || x.wp_id || '/' || x.ln) < 0.050 THEN 'D'
                WHEN pg_temp.r('res' || x.wp_id || '/' || x.ln) < 0.065 THEN 'N'
                ELSE 'C' END AS res) rs
LEFT JOIN LATERAL (
    SELECT m.emp_no FROM public.mech m
    WHERE x.signed_at IS NOT NULL AND x.vendor IS NULL
      AND m.base = x.stn AND m.grade <> 'APP'
      AND m.hire_dt <= x.signed_at::date AND (m.term_dt IS NULL OR m.term_dt > x.signed_at::date)
    ORDER BY pg_temp.r('pf' || x.wp_id || '/' || x.ln || '/' || m.emp_no), m.emp_no LIMIT 1) pf ON true
LEFT JOIN LATERAL (
    SELECT m.emp_no FROM public.mech m
    WHERE x.rii AND pf.emp_no IS NOT NULL
      AND m.base = x.stn AND m.grade IN ('B1', 'B2') AND m.emp_no <> pf.emp_no
      AND m.hire_dt <= x.signed_at::date AND (m.term_dt IS NULL OR m.term_dt > x.signed_at::date)
    ORDER BY pg_temp.r('ip' || x.wp_id || '/' || x.ln || '/' || m.emp_no), m.emp_no LIMIT 1) ip ON true
ORDER BY x.wp_id, x.ln;

-- Defects (tech log) ------------------------------------------------------
CREATE TEMP TABLE t_dtxt (ata char(2), v int, txt text);
INSERT INTO t_dtxt VALUES
 ('21',1,'Cabin temperature control erratic in AUTO'),('21',2,'PACK 1 FAULT light illuminated during climb'),
 ('22',1,'Autopilot disconnected uncommanded in cruise'),('22',2,'Yaw damper fault on ground test'),
 ('23',1,'VHF 2 intermittent reception'),('23',2,'PA system inoperative in rear cabin'),
 ('24',1,'DC GEN 2 fault caution after engine start'),('24',2,'Main battery temperature high caution'),
 ('25',1,'Seat 12C recline inoperative'),('25',2,'Forward lavatory door lock broken'),('25',3,'Galley oven inoperative'),
 ('27',1,'Flap asymmetry caution during approach'),('27',2,'Rudder trim position indicator stuck'),
 ('28',1,'Fuel quantity indication fluctuating tank 2'),('28',2,'Fuel seep at left wing drain mast'),
 ('29',1,'Blue hydraulic quantity low caution'),('29',2,'Hydraulic pump 1 low pressure light flickers'),
 ('30',1,'Wing de-ice boot damaged'),('30',2,'Windshield heat L inoperative'),
 ('31',1,'FDR fault on preflight test'),('31',2,'Display unit 3 blank'),
 ('32',1,'Main gear outboard tyre worn to limits'),('32',2,'Brake temperature high on RH main gear'),('32',3,'Nose wheel steering shimmy on taxi'),
 ('33',1,'Left landing light inoperative'),('33',2,'Cabin reading lights row 7 inoperative'),
 ('34',1,'Weather radar display intermittent'),('34',2,'ADC 1 fault, altitude disagree'),('34',3,'TCAS FAIL message'),
 ('35',1,'Crew oxygen pressure below dispatch minimum'),('35',2,'PSU oxygen mask door open row 14'),
 ('36',1,'BLEED 2 LEAK caution'),('36',2,'Bleed valve slow to close'),
 ('38',1,'Rear lavatory flush inoperative'),('38',2,'Potable water quantity indication inoperative'),
 ('44',1,'Cabin Wi-Fi inoperative'),('44',2,'Cabin interphone inoperative'),
 ('49',1,'APU failed to start'),('49',2,'APU oil low message'),
 ('52',1,'Cargo door seal damaged'),('52',2,'Passenger door handle stiff to operate'),
 ('61',1,'Propeller 2 overspeed governor test fail'),('61',2,'Propeller blade erosion beyond limits'),
 ('71',1,'Engine cowl latch broken'),('71',2,'Engine 1 vibration indication high'),
 ('72',1,'Fan blade FOD damage ENG 2'),('72',2,'Engine 1 oil consumption high'),
 ('73',1,'Fuel flow indication erratic ENG 2'),('73',2,'FADEC fault message'),
 ('77',1,'ITT indication fluctuating ENG 1'),('77',2,'Torque indication erratic'),
 ('79',1,'Oil pressure low caution ENG 2'),('79',2,'Oil filter bypass indication');

CREATE TEMP TABLE t_def AS
SELECT l.ac_id, CASE WHEN pg_temp.r('dsrc' || l.leg_id) < 0.25 THEN 'C' ELSE 'P' END AS src,
       l.leg_id, NULL::integer AS wp_id,
       date_trunc('minute', l.onblk + (5 + floor(pg_temp.r('drep' || l.leg_id) * 35)) * interval '1 minute') AS rep_ts,
       a.type_cd, a.home_stn, a.out_dt, 'L' || l.leg_id AS k, NULL::char(2) AS task_ata, NULL::text AS task_ref
FROM ops.leg l JOIN fleet.aircraft a USING (ac_id)
WHERE l.offblk IS NOT NULL AND pg_temp.r('def' || l.leg_id) < 0.035
UNION ALL
SELECT w.ac_id, 'M', NULL, t.wp_id, t.signed_at, a.type_cd, a.home_stn, a.out_dt,
       'W' || t.wp_id || '/' || t.ln, am.ata, am.task_ref
FROM mx.wp_task t JOIN mx.wp w USING (wp_id) JOIN fleet.aircraft a USING (ac_id)
JOIN mx.amp_task am USING (task_ref)
WHERE t.res = 'F';

CREATE TEMP TABLE t_def2 AS
SELECT d.*, at.ata,
       CASE WHEN d.src = 'M' THEN 'Finding during ' || d.task_ref || ': ' ||
                 (ARRAY['corrosion beyond limits','damage found','wear beyond limits','leak found','fastener missing'])[1 + floor(pg_temp.r('ftxt' || d.k) * 5)::int]
            ELSE coalesce((SELECT txt FROM t_dtxt x WHERE x.ata = at.ata
                           ORDER BY x.v OFFSET floor(pg_temp.r('dtx' || d.k) * (SELECT count(*) FROM t_dtxt y WHERE y.ata = at.ata))::int LIMIT 1),
                          'Defect reported, see tech log') END AS descr,
       CASE WHEN pg_temp.r('dfr' || d.k) < CASE WHEN d.src = 'M' THEN 0.20 ELSE 0.45 END THEN
            CASE WHEN pg_temp.r('cat' || d.k) < 0.04 THEN 'A' WHEN pg_temp.r('cat' || d.k) < 0.24 THEN 'B'
                 WHEN pg_temp.r('cat' || d.k) < 0.84 THEN 'C' ELSE 'D' END END AS mel_cat
FROM t_def d
CROSS JOIN LATERAL (
    SELECT CASE
        WHEN d.src = 'M' THEN d.task_ata
        WHEN d.src = 'C' THEN (ARRAY['21','25','25','25','33','33','35','38','38','44'])[1 + floor(pg_temp.r('data' || d.k) * 10)::int]
        ELSE (SELECT CASE WHEN d.type_cd IN ('AT72','AT45') AND x = '49' THEN '24'
                          WHEN d.type_cd = 'E175' AND x = '61' THEN '72'
                          WHEN d.type_cd <> 'E175' AND x = '72' THEN '71'
                          ELSE x END
              FROM (SELECT (ARRAY['21','21','22','23','24','27','28','29','30','30','31','32','32','33','34','34',
                                  '36','49','52','61','71','73','77','79','32','72'])[1 + floor(pg_temp.r('data' || d.k) * 26)::int] AS x) q)
        END AS ata) at;

CREATE TEMP TABLE t_def3 AS
SELECT d.*, dfr_ts + lim AS due_ts,
       CASE WHEN mel_cat IS NULL THEN rep_ts + (20 + floor(pg_temp.r('fix' || k) * 300)) * interval '1 minute'
            WHEN pg_temp.r('ovd' || k) < 0.03 THEN dfr_ts + lim + (2 + floor(pg_temp.r('ovh' || k) * 46)) * interval '1 hour'
            ELSE dfr_ts + lim * (0.08 + 0.88 * pg_temp.r('clr' || k)) END AS clr_raw
FROM (SELECT t.*,
             CASE WHEN mel_cat IS NOT NULL THEN rep_ts + (15 + floor(pg_temp.r('dft' || k) * 45)) * interval '1 minute' END AS dfr_ts,
             CASE mel_cat WHEN 'A' THEN interval '2 days' WHEN 'B' THEN interval '3 days'
                          WHEN 'C' THEN interval '10 days' WHEN 'D' THEN interval '120 days' END AS lim
      FROM t_def2 t) d;

INSERT INTO mx.defect (tlp_no, ac_id, src, leg_id, wp_id, rep_ts, ata, descr, mel_cat, mel_ref, dfr_ts, due_ts, clr_ts, clr_by)
SELECT right(a.reg, 3) || '-' || lpad(row_number() OVER (PARTITION BY d.ac_id ORDER BY d.rep_ts, d.k)::text, 5, '0'),
       d.ac_id, d.src, d.leg_id, d.wp_id, d.rep_ts, d.ata, d.descr, d.mel_cat,
       CASE WHEN d.mel_cat IS NOT NULL THEN d.ata || '-' || lpad((10 + floor(pg_temp.r('mref' || d.k) * 60))::int::text, 2, '0')
                                                || '-0' || (1 + floor(pg_temp.r('mref2' || d.k) * 4))::int END,
       date_trunc('minute', d.dfr_ts), date_trunc('minute', d.due_ts),
       date_trunc('minute', c.clr), cb.emp_no
FROM t_def3 d
JOIN fleet.aircraft a USING (ac_id)
CROSS JOIN LATERAL (
    SELECT CASE WHEN d.out_dt IS NOT NULL AND d.clr_raw >= d.out_dt THEN greatest(coalesce(d.dfr_ts, d.rep_ts), d.out_dt - interval '2 hours')
                WHEN d.clr_raw >= timestamp '2026-11-01' THEN NULL
                ELSE d.clr_raw END AS clr) c
LEFT JOIN LATERAL (
    SELECT m.emp_no FROM public.mech m
    WHERE c.clr IS NOT NULL AND m.base = d.home_stn AND m.grade IN ('B1', 'B2')
      AND m.hire_dt <= c.clr::date AND (m.term_dt IS NULL OR m.term_dt > c.clr::date)
    ORDER BY pg_temp.r('cb' || d.k || '/' || m.emp_no), m.emp_no LIMIT 1) cb ON true
ORDER BY d.rep_ts, d.ac_id, d.k;

-- Part master: rotables ------------------------------------------------------
CREATE TEMP TABLE t_rdef (pn varchar(24), descr varchar(80), ata char(2), type_cd varchar(4), pos text[], rate numeric, p_u numeric, cost_eur numeric, brake boolean);
INSERT INTO t_rdef VALUES
 ('PW127M',        'Engine assy PW127M',               '72','AT72','{ENG1,ENG2}',0.12,0.60,2600000,false),
 ('PW127E',        'Engine assy PW127E',               '72','AT45','{ENG1,ENG2}',0.12,0.60,2300000,false),
 ('PW150A',        'Engine assy PW150A',               '72','DH8D','{ENG1,ENG2}',0.12,0.60,3100000,false),
 ('CF34-8E5',      'Engine assy CF34-8E5',             '72','E175','{ENG1,ENG2}',0.10,0.60,4200000,false),
 ('568F-1',        'Propeller assy 568F-1',            '61','AT72','{PRP1,PRP2}',0.15,0.50, 310000,false),
 ('568F-5',        'Propeller assy 568F-5',            '61','AT45','{PRP1,PRP2}',0.15,0.50, 290000,false),
 ('R408B-2',       'Propeller assy R408',              '61','DH8D','{PRP1,PRP2}',0.15,0.50, 360000,false),
 ('D23190000-7',   'Main wheel assy ATR72',            '32','AT72','{MLG-LO,MLG-LI,MLG-RI,MLG-RO}',2.40,0.10,9500,false),
 ('D23189000-3',   'Nose wheel assy ATR72',            '32','AT72','{NLG-L,NLG-R}',2.00,0.10,6200,false),
 ('D23190000-5',   'Main wheel assy ATR42',            '32','AT45','{MLG-LO,MLG-LI,MLG-RI,MLG-RO}',2.40,0.10,9100,false),
 ('D23189000-1',   'Nose wheel assy ATR42',            '32','AT45','{NLG-L,NLG-R}',2.00,0.10,5900,false),
 ('3-1584-2',      'Main wheel assy Q400',             '32','DH8D','{MLG-LO,MLG-LI,MLG-RI,MLG-RO}',2.60,0.10,11200,false),
 ('3-1585-1',      'Nose wheel assy Q400',             '32','DH8D','{NLG-L,NLG-R}',2.20,0.10,7000,false),
 ('3-1608-3',      'Main wheel assy E175',             '32','E175','{MLG-LO,MLG-LI,MLG-RI,MLG-RO}',2.80,0.10,14500,false),
 ('3-1609-1',      'Nose wheel assy E175',             '32','E175','{NLG-L,NLG-R}',2.30,0.10,8800,false),
 ('C20225100-4',   'Brake assy ATR72',                 '32','AT72','{BRK-LO,BRK-LI,BRK-RI,BRK-RO}',0.70,0.15,42000,true),
 ('C20225100-2',   'Brake assy ATR42',                 '32','AT45','{BRK-LO,BRK-LI,BRK-RI,BRK-RO}',0.70,0.15,39000,true),
 ('2-1577-3',      'Brake assy Q400',                  '32','DH8D','{BRK-LO,BRK-LI,BRK-RI,BRK-RO}',0.80,0.15,51000,true),
 ('2-1642-2',      'Brake assy E175 carbon',           '32','E175','{BRK-LO,BRK-LI,BRK-RI,BRK-RO}',0.45,0.15,88000,true),
 ('524A0000-1',    'Starter generator DC',             '24','AT72','{SG1,SG2}',0.30,0.85,61000,false),
 ('524A0000-3',    'Starter generator DC',             '24','AT45','{SG1,SG2}',0.30,0.85,59000,false),
 ('23080-020',     'Starter generator DC Q400',        '24','DH8D','{SG1,SG2}',0.30,0.85,72000,false),
 ('767382F',       'Integrated drive generator',       '24','E175','{IDG1,IDG2}',0.25,0.85,165000,false),
 ('3214552-4',     'Bleed air valve',                  '36','AT72','{BLV1,BLV2}',0.35,0.90,23000,false),
 ('3214552-2',     'Bleed air valve',                  '36','AT45','{BLV1,BLV2}',0.35,0.90,22000,false),
 ('3291586-1',     'Bleed air shutoff valve Q400',     '36','DH8D','{BLV1,BLV2}',0.40,0.90,26000,false),
 ('3291898-3',     'Bleed valve HP E175',              '36','E175','{BLV1,BLV2}',0.30,0.90,31000,false),
 ('APS1000-2',     'APU assy APS1000',                 '49','DH8D','{APU}',0.20,0.80,480000,false),
 ('APS2300-1',     'APU assy APS2300',                 '49','E175','{APU}',0.20,0.80,560000,false),
 ('822-1338-002',  'VHF comm transceiver',             '23',NULL,'{VHF1,VHF2}',0.25,0.85,28000,false),
 ('822-1347-003',  'ATC transponder',                  '34',NULL,'{XPDR1,XPDR2}',0.20,0.85,35000,false),
 ('2100-1020-02',  'Cockpit voice recorder',           '23',NULL,'{CVR}',0.10,0.80,22000,false),
 ('2100-4043-02',  'Flight data recorder',             '31',NULL,'{FDR}',0.10,0.80,30000,false),
 ('453-5000-710',  'Emergency locator transmitter',    '25',NULL,'{ELT}',0.30,0.30,6000,false),
 ('F8114-20',      'Main battery NiCd',                '24',NULL,'{BAT1,BAT2}',0.50,0.30,8000,false),
 ('622-9820-001',  'Weather radar receiver/transmitter','34',NULL,'{WXR}',0.20,0.90,65000,false);

INSERT INTO stores.part (pn, descr, ata, ser_ctl, uom, unit_cost_c, type_cd, shelf_life_m)
SELECT pn, descr, ata, true, 'EA', (cost_eur * 100)::bigint, type_cd, NULL FROM t_rdef ORDER BY pn;

-- Part master: consumables
INSERT INTO stores.part (pn, descr, ata, ser_ctl, uom, unit_cost_c, type_cd, shelf_life_m)
SELECT c.pfx || lpad((c.base + n * c.step)::text, c.w, '0') || c.sfx,
       c.descr || ' ' || (ARRAY['size A','size B','size C','size D','-3','-4','-5','-6','-8','-10','-12','-16'])[n],
       c.ata, false, c.uom,
       (c.lo + floor(pg_temp.r('cost' || c.pfx || n) * (c.hi - c.lo)))::bigint,
       NULL, c.shelf
FROM (VALUES
 ('MS29513-',     '',   1, 2, 3,'O-ring packing',                 '29','EA',   40,   300, NULL::smallint),
 ('NAS1611-',     '',   2, 3, 4,'O-ring packing fuel resistant',  '28','EA',   60,   450, NULL),
 ('AN960C',       'L', 10, 2, 2,'Flat washer',                    '51','EA',    5,    40, NULL),
 ('NAS6204-',     'D',  4, 2, 2,'Bolt hex head',                  '51','EA',  150,  1500, NULL),
 ('MS21042L',     '',   3, 1, 2,'Self-locking nut',               '51','EA',   30,   200, NULL),
 ('LMP-',         '',  11, 7, 4,'Lamp',                           '33','EA',  500,  9000, NULL),
 ('CH481080-',    '',   1, 1, 2,'Oil filter element',             '79','EA', 4000, 18000, NULL),
 ('2913-',        '',  40, 5, 3,'Hydraulic filter element',       '29','EA', 6000, 25000, NULL),
 ('M83248/1-',    '',   5, 4, 3,'O-ring hydraulic',               '29','EA',   80,   500, NULL),
 ('PR1422B',      '',   1, 1, 2,'Sealant fuel tank',              '28','KT', 4000, 10000, 6::smallint),
 ('AMS-S-8802-',  '',   1, 1, 2,'Sealant',                        '51','KT', 3000,  9000, 12::smallint),
 ('CB-',          '',  10, 5, 3,'Circuit breaker',                '24','EA', 3000, 15000, NULL),
 ('TYR-',         '',   3, 2, 3,'Tyre',                           '32','EA',60000,180000, NULL),
 ('WB-',          '',  20, 3, 3,'Wiper blade',                    '30','EA', 3000, 12000, NULL),
 ('MIL23699-',    'QT', 1, 1, 2,'Turbine engine oil',             '79','QT', 1200,  1600, 36::smallint)
) c(pfx, sfx, base, step, w, descr, ata, uom, lo, hi, shelf)
CROSS JOIN generate_series(1, 12) n
ORDER BY 1;

-- Stock per store (consumables only)
INSERT INTO stores.stock (pn, stn, bin, qoh, min_qty, last_cnt)
SELECT p.pn, s.iata,
       chr(65 + floor(pg_temp.r('bin' || p.pn || s.iata) * 6)::int) || '-' ||
         lpad((1 + floor(pg_temp.r('bin2' || p.pn || s.iata) * 24))::int::text, 2, '0') || '-' ||
         (1 + floor(pg_temp.r('bin3' || p.pn || s.iata) * 5))::int,
       floor(pg_temp.r('qoh' || p.pn || s.iata) * CASE WHEN s.iata = 'OSL' THEN 80 ELSE 30 END)::int,
       2 + floor(pg_temp.r('min' || p.pn || s.iata) * 8)::int,
       date '2025-06-01' + floor(pg_temp.r('cnt' || p.pn || s.iata) * 500)::int
FROM stores.part p
CROSS JOIN ops.stn s
WHERE NOT p.ser_ctl AND s.str_flg
  AND (s.iata = 'OSL' OR pg_temp.r('stk' || p.pn || s.iata) < CASE WHEN s.iata IN ('BGO','TRD') THEN 0.8 ELSE 0.35 END)
ORDER BY p.pn, s.iata;

-- Serial-tracked components and their installation history -----------------
CREATE TEMP TABLE t_slot AS
SELECT a.ac_id, a.type_cd, a.dlv_dt, a.out_dt, d.pn, d.rate, d.p_u, d.brake, p.pos,
       a.ac_id || '/' || d.pn || '/' || p.pos AS sk,
       CASE WHEN a.dlv_dt < date '2023-01-01'
            THEN a.dlv_dt + floor(pg_temp.r('init' || a.ac_id || d.pn || p.pos) * (date '2022-12-31' - a.dlv_dt))::int
            ELSE a.dlv_dt END AS init_on,
       ((least(coalesce(a.out_dt, date '2026-10-31'), date '2026-10-31') - greatest(a.dlv_dt, date '2023-01-01')) / 365.0) AS yrs
FROM fleet.aircraft a
JOIN t_rdef d ON d.type_cd IS NULL OR d.type_cd = a.type_cd
CROSS JOIN LATERAL unnest(d.pos) p(pos);

-- removal events: picked among the completed work packages of the aircraft
CREATE TEMP TABLE t_evt AS
(SELECT DISTINCT ON (sk, off_dt) sk, off_dt, wp_id, rsn
FROM (
  SELECT s.sk, w.act_start::date AS off_dt, w.wp_id,
         CASE WHEN pg_temp.r('rsn' || s.sk || w.wp_id) < s.p_u THEN 'U'
              WHEN pg_temp.r('rsn' || s.sk || w.wp_id) > 0.97 THEN 'R'
              WHEN pg_temp.r('rsn' || s.sk || w.wp_id) > 0.955 THEN 'M'
              ELSE 'S' END AS rsn,
         row_number() OVER (PARTITION BY s.sk ORDER BY pg_temp.r('ev' || s.sk || w.wp_id), w.wp_id) AS rn,
         floor(s.rate * s.yrs * 2 * pg_temp.r('k' || s.sk)) AS k
  FROM t_slot s
  JOIN mx.wp w ON w.ac_id = s.ac_id AND w.act_end IS NOT NULL AND w.chk <> 'MOD'
              AND w.act_start >= timestamp '2023-01-01' AND w.rmk IS NULL
) e
WHERE rn <= k
ORDER BY sk, off_dt, wp_id)
UNION
SELECT '14/PW150A/ENG2', w.act_start::date, w.wp_id, 'U'
FROM mx.wp w WHERE w.ac_id = 14 AND w.rmk LIKE 'ENG 2 ITT%'
ORDER BY 1, 2, 3;

CREATE TEMP TABLE t_per AS
SELECT s.ac_id, s.pn, s.pos, s.sk, s.brake, s.out_dt, p.i, p.on_dt, p.off_dt, p.off_rsn, p.wp_id
FROM t_slot s
CROSS JOIN LATERAL (
    SELECT i, on_dt,
           CASE WHEN nxt_dt IS NULL AND s.out_dt IS NOT NULL THEN s.out_dt ELSE nxt_dt END AS off_dt,
           CASE WHEN nxt_dt IS NULL AND s.out_dt IS NOT NULL THEN 'X' ELSE nxt_rsn END AS off_rsn,
           nxt_wp AS wp_id
    FROM (SELECT row_number() OVER (ORDER BY on_dt) - 1 AS i, on_dt,
                 lead(on_dt) OVER (ORDER BY on_dt) AS nxt_dt,
                 lead(rsn) OVER (ORDER BY on_dt) AS nxt_rsn,
                 lead(wp_id) OVER (ORDER BY on_dt) AS nxt_wp
          FROM (SELECT s.init_on AS on_dt, NULL::text AS rsn, NULL::integer AS wp_id
                UNION ALL
                SELECT e.off_dt, e.rsn, e.wp_id FROM t_evt e WHERE e.sk = s.sk) u) v
) p;

CREATE TEMP TABLE t_cmp AS
SELECT x.*,
       upper(left(regexp_replace(x.pn, '[^A-Za-z0-9]', '', 'g'), 3)) ||
       (10000 + 7 * row_number() OVER (PARTITION BY x.pn ORDER BY x.ck) + floor(pg_temp.r('sn' || x.ck) * 7))::int AS sn
FROM (
  SELECT p.pn, p.sk || '/' || p.i AS ck, p.ac_id, p.pos, p.on_dt, p.off_dt, p.off_rsn, p.wp_id,
         CASE WHEN p.off_dt IS NULL OR p.off_rsn = 'X' THEN 'SV'
              WHEN pg_temp.r('qr' || p.sk || p.i) < 0.03 THEN 'QR'
              WHEN p.off_rsn = 'S' AND p.brake AND pg_temp.r('scr' || p.sk || p.i) < 0.7 THEN 'SC'
              WHEN p.off_rsn = 'U' AND p.off_dt >= date '2026-07-01' THEN 'US'
              WHEN p.off_rsn = 'U' AND pg_temp.r('scr' || p.sk || p.i) < 0.08 THEN 'SC'
              ELSE 'SV' END AS cond,
         p.on_dt - 200 - floor(pg_temp.r('mfr' || p.sk || p.i) * 3000)::int AS mfr_dt
  FROM t_per p
  UNION ALL
  SELECT d.pn, 'SPARE/' || d.pn || '/' || g.n, NULL, NULL, NULL, NULL, NULL, NULL,
         CASE WHEN pg_temp.r('spc' || d.pn || g.n) < 0.88 THEN 'SV' ELSE 'US' END,
         date '2012-01-01' + floor(pg_temp.r('smfr' || d.pn || g.n) * 4000)::int
  FROM t_rdef d CROSS JOIN LATERAL generate_series(1, 1 + floor(pg_temp.r('nsp' || d.pn) * 3)::int) g(n)
) x;

INSERT INTO stores.comp (pn, sn, cond, tsn_fh, csn, loc_stn, mfr_dt)
SELECT c.pn, c.sn, c.cond,
       round((1500 + 30000 * pg_temp.r('tsn' || c.ck))::numeric, 1),
       floor((1500 + 30000 * pg_temp.r('tsn' || c.ck)) * (1.1 + 0.3 * pg_temp.r('csn' || c.ck)))::int,
       CASE WHEN c.ac_id IS NULL THEN CASE WHEN c.pn IN (SELECT pn FROM t_rdef WHERE descr LIKE '%wheel%') THEN 'BGO' ELSE 'OSL' END
            WHEN c.off_dt IS NULL OR c.off_rsn = 'X' OR c.cond = 'SC' THEN NULL
            ELSE 'OSL' END,
       c.mfr_dt
FROM t_cmp c
ORDER BY c.pn, c.sn;

INSERT INTO stores.comp_mvmt (comp_id, ac_id, pos, on_dt, off_dt, off_rsn, wp_id)
SELECT k.comp_id, c.ac_id, c.pos, c.on_dt, c.off_dt, c.off_rsn, c.wp_id
FROM t_cmp c JOIN stores.comp k ON k.pn = c.pn AND k.sn = c.sn
WHERE c.ac_id IS NOT NULL
ORDER BY c.on_dt, c.ac_id, c.pos;

-- ---------------------------------------------------------------------
-- Views
-- ---------------------------------------------------------------------
CREATE VIEW mx.v_open_mel AS
SELECT d.def_id, a.reg, d.ata, d.mel_cat, d.mel_ref, d.dfr_ts, d.due_ts,
       d.due_ts - d.dfr_ts AS allowed, d.descr
FROM mx.defect d
JOIN fleet.aircraft a USING (ac_id)
WHERE d.mel_cat IS NOT NULL AND d.clr_ts IS NULL;
COMMENT ON VIEW mx.v_open_mel IS 'Open (not yet rectified) MEL deferrals';

CREATE MATERIALIZED VIEW ops.mv_ac_util AS
SELECT l.ac_id, date_trunc('month', l.flt_dt)::date AS mth,
       count(*) FILTER (WHERE l.offblk IS NOT NULL) AS cycles,
       round((sum(extract(epoch FROM l.onblk - l.offblk)) / 3600.0)::numeric, 2) AS blk_hrs
FROM ops.leg l
GROUP BY 1, 2;
COMMENT ON MATERIALIZED VIEW ops.mv_ac_util IS 'Monthly utilisation per aircraft (cycles = flown legs, block hours); refreshed nightly by the OCC batch';
CREATE UNIQUE INDEX ux_mv_ac_util ON ops.mv_ac_util (ac_id, mth);

ANALYZE;

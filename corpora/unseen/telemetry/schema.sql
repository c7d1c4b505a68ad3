-- =====================================================================
-- Facilities IoT telemetry platform ("FacilityPulse")
-- Data snapshot frozen at "today" = 2024-07-01 00:00 UTC.
-- All timestamps are stored as timestamp WITHOUT time zone and are UTC.
-- Deterministic: all pseudo-randomness comes from md5() of fixed strings.
-- =====================================================================
SET client_min_messages = warning;

-- ---------------------------------------------------------------------
-- deterministic pseudo-random helpers (session-temporary, vanish on exit)
-- ---------------------------------------------------------------------
CREATE FUNCTION pg_temp.h(t text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(t), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE FUNCTION pg_temp.hi(t text, n int) RETURNS int
LANGUAGE sql IMMUTABLE AS
$$ SELECT floor((('x' || substr(md5(t), 1, 8))::bit(32)::bigint / 4294967296.0) * n)::int $$;

CREATE SCHEMA asset;
CREATE SCHEMA telem;
CREATE SCHEMA ops;

COMMENT ON SCHEMA asset IS 'Installed base: sites, buildings, gateways (gw), device models, firmware releases and field devices.';
COMMENT ON SCHEMA telem IS 'Time-series telemetry coming in through the gateways.';
COMMENT ON SCHEMA ops   IS 'Operations: alarms, technicians and maintenance work orders (wo).';

-- =====================================================================
-- asset.site
-- =====================================================================
CREATE TABLE asset.site (
    site_id     smallint PRIMARY KEY,
    site_cd     varchar(6)  NOT NULL UNIQUE,
    name        text        NOT NULL,
    city        text        NOT NULL,
    ctry        char(2)     NOT NULL,
    opened_on   date        NOT NULL,
    closed_on   date
);
COMMENT ON TABLE  asset.site IS 'A customer campus / facility managed under one contract.';
COMMENT ON COLUMN asset.site.site_cd IS 'Short internal site code used on labels and in gateway hostnames.';
COMMENT ON COLUMN asset.site.ctry IS 'ISO 3166-1 alpha-2 country code.';
COMMENT ON COLUMN asset.site.closed_on IS 'Date the contract for the site ended. NULL = site still under contract (active).';

INSERT INTO asset.site VALUES
 ( 1,'BER1','Berlin Spreepark Campus','Berlin','DE','2016-03-01',NULL),
 ( 2,'HAM1','Hamburg Hafencity Offices','Hamburg','DE','2017-06-15',NULL),
 ( 3,'MUC1','Munich Riem Logistics','Munich','DE','2018-01-10',NULL),
 ( 4,'RTM1','Rotterdam Maasvlakte Depot','Rotterdam','NL','2018-09-01',NULL),
 ( 5,'AMS1','Amsterdam Zuidas Tower','Amsterdam','NL','2019-02-01',NULL),
 ( 6,'LDS1','Leeds Kirkstall Works','Leeds','GB','2019-05-20','2023-09-30'),
 ( 7,'MAN1','Manchester Trafford Park','Manchester','GB','2019-11-01',NULL),
 ( 8,'LYS1','Lyon Gerland Labs','Lyon','FR','2020-04-01',NULL),
 ( 9,'WAW1','Warsaw Mokotow Business Park','Warsaw','PL','2020-10-01',NULL),
 (10,'PRG1','Prague Karlin Hub','Prague','CZ','2021-03-15',NULL),
 (11,'VIE1','Vienna Donaustadt Data Centre','Vienna','AT','2021-09-01',NULL),
 (12,'CPH1','Copenhagen Orestad Offices','Copenhagen','DK','2022-05-01',NULL);

-- =====================================================================
-- asset.building
-- =====================================================================
CREATE TABLE asset.building (
    bldg_id     smallint PRIMARY KEY,
    site_id     smallint NOT NULL REFERENCES asset.site(site_id),
    name        text     NOT NULL,
    use_cd      char(1)  NOT NULL CHECK (use_cd IN ('O','W','L','D','R')),
    floors      smallint NOT NULL,
    gross_m2    integer  NOT NULL,
    built_yr    smallint,
    UNIQUE (site_id, name)
);
COMMENT ON TABLE  asset.building IS 'Physical building on a site.';
COMMENT ON COLUMN asset.building.use_cd IS 'Primary use: O = office, W = warehouse, L = laboratory, D = data hall, R = retail.';
COMMENT ON COLUMN asset.building.gross_m2 IS 'Gross internal floor area in square metres.';
COMMENT ON COLUMN asset.building.built_yr IS 'Year of construction. NULL = unknown (not in the handover documents).';

-- 40 buildings; site assignment chosen so every site has 2..5 buildings
INSERT INTO asset.building (bldg_id, site_id, name, use_cd, floors, gross_m2, built_yr)
SELECT b.bldg_id, b.site_id, b.name, b.use_cd,
       CASE b.use_cd WHEN 'O' THEN 3 + pg_temp.hi('fl'||b.bldg_id, 12)
                     WHEN 'L' THEN 2 + pg_temp.hi('fl'||b.bldg_id, 4)
                     ELSE 1 + pg_temp.hi('fl'||b.bldg_id, 2) END,
       (CASE b.use_cd WHEN 'W' THEN 8000 WHEN 'D' THEN 4000 WHEN 'O' THEN 6000 ELSE 2500 END
        + pg_temp.hi('m2'||b.bldg_id, 9000))::int,
       CASE WHEN pg_temp.h('by'||b.bldg_id) < 0.18 THEN NULL
            ELSE 1962 + pg_temp.hi('yr'||b.bldg_id, 60) END
FROM (VALUES
 ( 1, 1,'Spree Tower A','O'),( 2, 1,'Spree Tower B','O'),( 3, 1,'Central Lab','L'),( 4, 1,'Depot North','W'),( 5, 1,'Canteen Pavilion','R'),
 ( 6, 2,'Kaispeicher','O'),( 7, 2,'Elbe House','O'),( 8, 2,'Server Annex','D'),( 9, 2,'Hafen Shop','R'),
 (10, 3,'Hall 1','W'),(11, 3,'Hall 2','W'),(12, 3,'Hall 3','W'),(13, 3,'Riem Office','O'),
 (14, 4,'Cold Store','W'),(15, 4,'Quay Office','O'),(16, 4,'Workshop','W'),
 (17, 5,'Zuidas Tower','O'),(18, 5,'Zuidas Plinth','R'),(19, 5,'Tower Data Room','D'),
 (20, 6,'Kirkstall Mill','W'),(21, 6,'Kirkstall Office','O'),
 (22, 7,'Trafford Shed A','W'),(23, 7,'Trafford Shed B','W'),(24, 7,'Trafford Office','O'),(25, 7,'Test Lab','L'),
 (26, 8,'Gerland Lab 1','L'),(27, 8,'Gerland Lab 2','L'),(28, 8,'Gerland Admin','O'),
 (29, 9,'Mokotow A','O'),(30, 9,'Mokotow B','O'),(31, 9,'Mokotow C','O'),
 (32,10,'Karlin Hub','O'),(33,10,'Karlin Store','W'),(34,10,'Karlin Kiosk','R'),
 (35,11,'DC Hall 1','D'),(36,11,'DC Hall 2','D'),(37,11,'DC Office','O'),
 (38,12,'Orestad North','O'),(39,12,'Orestad South','O'),(40,12,'Orestad Lab','L')
) AS b(bldg_id, site_id, name, use_cd);

-- =====================================================================
-- asset.gateway
-- =====================================================================
CREATE TABLE asset.gateway (
    gw_id        integer PRIMARY KEY,
    bldg_id      smallint NOT NULL REFERENCES asset.building(bldg_id),
    serial_no    text NOT NULL UNIQUE,
    hw_rev       smallint NOT NULL,
    fw_ver       text NOT NULL,
    ip_addr      inet,
    comm_dt      date NOT NULL,
    retired_dt   date,
    last_seen_ts timestamp
);
COMMENT ON TABLE  asset.gateway IS 'Edge gateway (gw) that devices report through (LoRaWAN / Modbus / BACnet bridge).';
COMMENT ON COLUMN asset.gateway.gw_id IS 'Gateway id (gw = gateway).';
COMMENT ON COLUMN asset.gateway.hw_rev IS 'Hardware revision of the gateway board (1, 2 or 3).';
COMMENT ON COLUMN asset.gateway.fw_ver IS 'Firmware version currently running on the gateway.';
COMMENT ON COLUMN asset.gateway.ip_addr IS 'Management IP address. NULL = cellular-only gateway with no fixed IP.';
COMMENT ON COLUMN asset.gateway.comm_dt IS 'Commissioning date: first day the gateway was put into service.';
COMMENT ON COLUMN asset.gateway.retired_dt IS 'Date the gateway was taken out of service. NULL = still in service.';
COMMENT ON COLUMN asset.gateway.last_seen_ts IS 'UTC time of the last heartbeat received from the gateway.';

INSERT INTO asset.gateway (gw_id, bldg_id, serial_no, hw_rev, fw_ver, ip_addr, comm_dt, retired_dt, last_seen_ts)
SELECT g.i,
       b.bldg_id,
       'GW-' || lpad((70000 + g.i * 37)::text, 6, '0'),
       1 + pg_temp.hi('hw'||g.i, 3),
       (ARRAY['2.4.1','2.6.0','3.0.2','3.1.0','3.1.4'])[1 + pg_temp.hi('gfw'||g.i, 5)],
       CASE WHEN pg_temp.h('ip'||g.i) < 0.12 THEN NULL
            ELSE ('10.' || b.site_id || '.' || b.bldg_id || '.' || (10 + g.i))::inet END,
       c.comm,
       CASE WHEN s.closed_on IS NOT NULL THEN s.closed_on
            WHEN pg_temp.h('ret'||g.i) < 0.08 THEN (c.comm + 400 + pg_temp.hi('rd'||g.i, 500))::date
            ELSE NULL END,
       NULL
FROM generate_series(1, 110) AS g(i)
JOIN asset.building b ON b.bldg_id = 1 + ((g.i * 7 + pg_temp.hi('gb'||g.i, 3)) % 40)
JOIN asset.site s ON s.site_id = b.site_id
CROSS JOIN LATERAL (SELECT (s.opened_on + pg_temp.hi('cd'||g.i, 700))::date AS comm) c;

-- retired dates must not lie after "today"
UPDATE asset.gateway SET retired_dt = NULL WHERE retired_dt >= DATE '2024-07-01';
UPDATE asset.gateway
   SET last_seen_ts = CASE WHEN retired_dt IS NOT NULL THEN retired_dt::timestamp - interval '3 hours'
                           ELSE timestamp '2024-06-30 23:00' + (pg_temp.hi('ls'||gw_id, 3500) || ' seconds')::interval END;

-- =====================================================================
-- asset.device_model / asset.fw_release
-- =====================================================================
CREATE TABLE asset.device_model (
    model_id    smallint PRIMARY KEY,
    vendor      text NOT NULL,
    model_nm    text NOT NULL,
    dev_cls     char(1) NOT NULL CHECK (dev_cls IN ('S','M','A','V')),
    metrics     char(2)[] NOT NULL,
    batt_mo     smallint,
    list_eur    numeric(8,2) NOT NULL,
    UNIQUE (vendor, model_nm)
);
COMMENT ON TABLE  asset.device_model IS 'Catalogue of device models we deploy.';
COMMENT ON COLUMN asset.device_model.dev_cls IS 'Device class: S = environmental sensor (temperature/humidity), M = electricity sub-meter, A = indoor air-quality sensor, V = vibration sensor on rotating plant.';
COMMENT ON COLUMN asset.device_model.metrics IS 'Metric codes the model reports into telem.reading.mcode (see that column for the code list).';
COMMENT ON COLUMN asset.device_model.batt_mo IS 'Nominal battery life in months. NULL = mains powered (no battery).';
COMMENT ON COLUMN asset.device_model.list_eur IS 'Catalogue list price per unit in EUR.';

INSERT INTO asset.device_model VALUES
 ( 1,'Sensirion','EnviroNode T2','S','{TC,RH}',60, 89.00),
 ( 2,'Sensirion','EnviroNode T3','S','{TC,RH}',72,104.50),
 ( 3,'Elsys','ERS Lite','S','{TC}',120, 64.00),
 ( 4,'Elsys','ERS Desk','S','{TC,RH}',96, 79.90),
 ( 5,'Milesight','EM300-TH','S','{TC,RH}',60, 72.00),
 ( 6,'Disruptive','Temp Puck','S','{TC}',180, 39.00),
 ( 7,'Schneider','PowerTag E','M','{PW}',NULL,148.00),
 ( 8,'Schneider','iEM3155','M','{PW}',NULL,312.00),
 ( 9,'Janitza','UMG 96-PA','M','{PW}',NULL,655.00),
 (10,'Carlo Gavazzi','EM24','M','{PW}',NULL,289.00),
 (11,'Eastron','SDM630','M','{PW}',NULL,118.00),
 (12,'Elsys','ERS CO2','A','{CO,TC}',120,149.00),
 (13,'Milesight','AM319','A','{CO,TC,RH}',NULL,229.00),
 (14,'Airthings','Space Pro','A','{CO,TC}',24,199.00),
 (15,'Sensirion','CO2 Monitor X','A','{CO}',36,175.00),
 (16,'SKF','Enlight QuickCollect','V','{VB}',36,480.00),
 (17,'Petasense','Vibration Mote','V','{VB,TC}',24,395.00),
 (18,'IFM','VVB001','V','{VB}',NULL,560.00);

CREATE TABLE asset.fw_release (
    model_id    smallint NOT NULL REFERENCES asset.device_model(model_id),
    fw_ver      text NOT NULL,
    rel_dt      date NOT NULL,
    recalled    boolean NOT NULL DEFAULT false,
    notes       text,
    PRIMARY KEY (model_id, fw_ver)
);
COMMENT ON TABLE  asset.fw_release IS 'Firmware releases published per device model.';
COMMENT ON COLUMN asset.fw_release.fw_ver IS 'Firmware version string (fw = firmware).';
COMMENT ON COLUMN asset.fw_release.rel_dt IS 'Vendor release date.';
COMMENT ON COLUMN asset.fw_release.recalled IS 'true = vendor withdrew this release (known defect); devices on it must be upgraded.';

INSERT INTO asset.fw_release (model_id, fw_ver, rel_dt, recalled, notes)
SELECT m.model_id,
       v.major || '.' || v.minor || '.' || pg_temp.hi('pt'||m.model_id||v.k, 4),
       (DATE '2019-01-15' + v.k * 330 + pg_temp.hi('rel'||m.model_id||v.k, 200))::date,
       (m.model_id, v.k) IN ((1,2),(5,3),(8,1),(13,2)),
       CASE WHEN (m.model_id, v.k) IN ((1,2),(5,3),(8,1),(13,2)) THEN 'Recalled: battery drain / watchdog reset loop' END
FROM asset.device_model m
CROSS JOIN LATERAL (SELECT k, 1 + (k / 3) AS major, (k % 3) * 2 + (m.model_id % 2) AS minor
                    FROM generate_series(0, 3 + (m.model_id % 2)) AS k) v;

-- =====================================================================
-- asset.device
-- =====================================================================
CREATE TABLE asset.device (
    dev_id      integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    gw_id       integer  NOT NULL REFERENCES asset.gateway(gw_id),
    model_id    smallint NOT NULL REFERENCES asset.device_model(model_id),
    serial_no   text NOT NULL UNIQUE,
    fw_ver      text NOT NULL,
    floor_no    smallint,
    room        text,
    inst_dt     date NOT NULL,
    decom_dt    date,
    cfg         jsonb NOT NULL DEFAULT '{}'::jsonb,
    FOREIGN KEY (model_id, fw_ver) REFERENCES asset.fw_release(model_id, fw_ver),
    CHECK (decom_dt IS NULL OR decom_dt > inst_dt)
);
COMMENT ON TABLE  asset.device IS 'Field device (sensor or meter) installed in a building and reporting via one gateway.';
COMMENT ON COLUMN asset.device.gw_id IS 'Gateway the device reports through (gw = gateway).';
COMMENT ON COLUMN asset.device.fw_ver IS 'Firmware version currently on the device (fw = firmware); see asset.fw_release.';
COMMENT ON COLUMN asset.device.floor_no IS 'Floor the device is mounted on; 0 = ground floor, negative = basement.';
COMMENT ON COLUMN asset.device.room IS 'Room / zone label. NULL = location not yet mapped on the floor plan.';
COMMENT ON COLUMN asset.device.inst_dt IS 'Installation date (first day in service).';
COMMENT ON COLUMN asset.device.decom_dt IS 'Decommission date (device removed from service). NULL = still in service.';
COMMENT ON COLUMN asset.device.cfg IS 'Device configuration pushed over the air. Keys: sample_s = sampling interval in seconds; thr_hi / thr_lo = alarm thresholds in the unit of the primary metric (key absent = no threshold configured, so no HI/LO alarms); alerts = whether alarms are forwarded to the on-call technician; mode = "eco" (reduced radio duty cycle: only the 00:00 roll-up window is sent, so one reading per metric per day) or "std" (two windows per day).';

INSERT INTO asset.device (dev_id, gw_id, model_id, serial_no, fw_ver, floor_no, room, inst_dt, decom_dt, cfg)
WITH base AS (
    SELECT d.i AS dev_id,
           g.gw_id, g.comm_dt, g.retired_dt, b.floors,
           -- model: class weights S 45%, M 25%, A 15%, V 15%
           CASE WHEN pg_temp.h('cls'||d.i) < 0.45 THEN 1 + pg_temp.hi('mS'||d.i, 6)
                WHEN pg_temp.h('cls'||d.i) < 0.70 THEN 7 + pg_temp.hi('mM'||d.i, 5)
                WHEN pg_temp.h('cls'||d.i) < 0.85 THEN 12 + pg_temp.hi('mA'||d.i, 4)
                ELSE 16 + pg_temp.hi('mV'||d.i, 3) END AS model_id
    FROM generate_series(1, 850) AS d(i)
    JOIN asset.gateway g ON g.gw_id = 1 + pg_temp.hi('dgw'||d.i, 110)
    JOIN asset.building b ON b.bldg_id = g.bldg_id
), dated AS (
    SELECT base.*,
           (comm_dt + pg_temp.hi('inst'||dev_id,
                 LEAST(1300, DATE '2024-06-20' - comm_dt, COALESCE(retired_dt - 30, DATE '2024-06-20') - comm_dt)))::date AS inst_dt
    FROM base
), dec AS (
    SELECT dated.*,
           CASE WHEN retired_dt IS NOT NULL THEN retired_dt
                WHEN pg_temp.h('dec'||dev_id) < 0.10
                     AND inst_dt + 200 < DATE '2024-06-25'
                THEN LEAST((inst_dt + 200 + pg_temp.hi('dd'||dev_id, 1200))::date, DATE '2024-06-25')
           END AS decom_dt
    FROM dated
)
SELECT d.dev_id, d.gw_id, d.model_id,
       'SN' || d.model_id || '-' || lpad((d.dev_id * 7919 % 1000000)::text, 6, '0'),
       fw.fw_ver,
       CASE WHEN pg_temp.h('fln'||d.dev_id) < 0.06 THEN -1 ELSE pg_temp.hi('fl'||d.dev_id, d.floors) END,
       CASE WHEN pg_temp.h('room'||d.dev_id) < 0.14 THEN NULL
            ELSE (ARRAY['Open Office','Meeting','Corridor','Plant Room','Server Room','Kitchen','Stores','Loading Bay','Reception','Electrical Riser'])[1 + pg_temp.hi('rm'||d.dev_id, 10)]
                 || ' ' || (1 + pg_temp.hi('rn'||d.dev_id, 9)) END,
       d.inst_dt, d.decom_dt,
       jsonb_strip_nulls(jsonb_build_object(
           'sample_s', (ARRAY[60,300,300,600,900])[1 + pg_temp.hi('smp'||d.dev_id, 5)],
           'alerts',   pg_temp.h('al'||d.dev_id) < 0.85,
           'mode',     CASE WHEN m.batt_mo IS NOT NULL AND pg_temp.h('eco'||d.dev_id) < 0.4 THEN 'eco' ELSE 'std' END,
           'thr_hi',   CASE WHEN pg_temp.h('nth'||d.dev_id) < 0.16 THEN NULL
                            WHEN m.dev_cls = 'S' THEN 26 + pg_temp.hi('th'||d.dev_id, 5)
                            WHEN m.dev_cls = 'A' THEN 1000 + 100 * pg_temp.hi('th'||d.dev_id, 5)
                            WHEN m.dev_cls = 'V' THEN 7 + pg_temp.hi('th'||d.dev_id, 4)
                            ELSE 20000 + 5000 * pg_temp.hi('th'||d.dev_id, 4) END,
           'thr_lo',   CASE WHEN m.dev_cls = 'S' AND pg_temp.h('ntl'||d.dev_id) < 0.7 THEN 15 + pg_temp.hi('tl'||d.dev_id, 3) END))
FROM dec d
JOIN asset.device_model m ON m.model_id = d.model_id
CROSS JOIN LATERAL (
    SELECT r.fw_ver FROM asset.fw_release r
    WHERE r.model_id = d.model_id
    ORDER BY pg_temp.h('fwp'||d.dev_id||r.fw_ver), r.fw_ver
    LIMIT 1) fw
ORDER BY d.dev_id;

SELECT setval(pg_get_serial_sequence('asset.device', 'dev_id'), (SELECT max(dev_id) FROM asset.device));

-- =====================================================================
-- telem.reading  (partitioned by month)
-- =====================================================================
CREATE TABLE telem.reading (
    dev_id   integer      NOT NULL,
    ts       timestamp    NOT NULL,
    mcode    char(2)      NOT NULL,
    val      numeric(10,2) NOT NULL,
    qf       smallint     NOT NULL DEFAULT 0,
    PRIMARY KEY (dev_id, ts, mcode)
) PARTITION BY RANGE (ts);
COMMENT ON TABLE  telem.reading IS '12-hour roll-ups of raw device samples, one row per device, window and metric. Partitioned by calendar month of ts. dev_id deliberately has no foreign key to asset.device (ingest speed); orphans are cleaned by a nightly job.';
COMMENT ON COLUMN telem.reading.dev_id IS 'Reporting device, matches asset.device.dev_id (no FK constraint).';
COMMENT ON COLUMN telem.reading.ts IS 'UTC start of the 12-hour roll-up window (00:00 or 12:00).';
COMMENT ON COLUMN telem.reading.mcode IS 'Metric code: TC = air temperature in degrees Celsius, RH = relative humidity in %, PW = average active power in watts, CO = CO2 concentration in ppm, VB = vibration velocity RMS in mm/s.';
COMMENT ON COLUMN telem.reading.val IS 'Average value over the window, in the unit implied by mcode.';
COMMENT ON COLUMN telem.reading.qf IS 'Quality flag: 0 = good, 1 = suspect (outlier / sensor fault, exclude from reporting), 2 = estimated (gap-filled by interpolation).';

CREATE TABLE telem.reading_2024_01 PARTITION OF telem.reading FOR VALUES FROM ('2024-01-01') TO ('2024-02-01');
CREATE TABLE telem.reading_2024_02 PARTITION OF telem.reading FOR VALUES FROM ('2024-02-01') TO ('2024-03-01');
CREATE TABLE telem.reading_2024_03 PARTITION OF telem.reading FOR VALUES FROM ('2024-03-01') TO ('2024-04-01');
CREATE TABLE telem.reading_2024_04 PARTITION OF telem.reading FOR VALUES FROM ('2024-04-01') TO ('2024-05-01');
CREATE TABLE telem.reading_2024_05 PARTITION OF telem.reading FOR VALUES FROM ('2024-05-01') TO ('2024-06-01');
CREATE TABLE telem.reading_2024_06 PARTITION OF telem.reading FOR VALUES FROM ('2024-06-01') TO ('2024-07-01');
CREATE TABLE telem.reading_2024_07 PARTITION OF telem.reading FOR VALUES FROM ('2024-07-01') TO ('2024-08-01');
COMMENT ON TABLE telem.reading_2024_07 IS 'Pre-created partition for July 2024 (filled from 2024-07-01 onwards).';

INSERT INTO telem.reading (dev_id, ts, mcode, val, qf)
SELECT x.dev_id, x.ts, x.mcode,
       round((CASE WHEN x.q = 1 THEN x.v * (CASE WHEN x.mcode = 'PW' THEN 6 ELSE 2.5 END) ELSE x.v END)::numeric, 2),
       x.q
FROM (
    SELECT d.dev_id, t.ts, mc.mcode,
           CASE WHEN pg_temp.h('q'||d.dev_id||t.ts||mc.mcode) < 0.008 THEN 1
                WHEN pg_temp.h('q'||d.dev_id||t.ts||mc.mcode) < 0.03 THEN 2
                ELSE 0 END AS q,
           CASE mc.mcode
             WHEN 'TC' THEN CASE b.use_cd WHEN 'D' THEN 19.5 WHEN 'W' THEN 14.0 ELSE 21.5 END
                            + (b.bldg_id % 5) * 0.3
                            + CASE WHEN extract(hour FROM t.ts) = 12 THEN 1.1 ELSE -0.4 END
                            + (extract(month FROM t.ts) - 3.5) * CASE b.use_cd WHEN 'W' THEN 1.2 ELSE 0.35 END
                            + (pg_temp.h('v'||d.dev_id||t.ts||'TC') - 0.5) * 2.4
             WHEN 'RH' THEN 38 + (b.bldg_id % 7) * 1.5 + (extract(month FROM t.ts) - 3.5) * 1.8
                            + (pg_temp.h('v'||d.dev_id||t.ts||'RH') - 0.5) * 14
             WHEN 'PW' THEN (300 + pg_temp.hi('pwb'||d.dev_id, 9000))
                            * CASE WHEN extract(hour FROM t.ts) = 12 THEN 1.25 ELSE 0.7 END
                            * CASE WHEN extract(isodow FROM t.ts) >= 6 THEN 0.6 ELSE 1 END
                            * CASE b.use_cd WHEN 'D' THEN 2.2 ELSE 1 END
                            * (0.85 + pg_temp.h('v'||d.dev_id||t.ts||'PW') * 0.3)
             WHEN 'CO' THEN CASE WHEN extract(hour FROM t.ts) = 12 AND extract(isodow FROM t.ts) < 6 THEN 760 ELSE 470 END
                            + pg_temp.hi('cob'||d.dev_id, 120)
                            + (pg_temp.h('v'||d.dev_id||t.ts||'CO') - 0.5) * 260
             WHEN 'VB' THEN 1.2 + pg_temp.hi('vbb'||d.dev_id, 30) / 10.0
                            + (pg_temp.h('v'||d.dev_id||t.ts||'VB')) * 1.6
           END AS v
    FROM asset.device d
    JOIN asset.device_model m ON m.model_id = d.model_id
    JOIN asset.gateway g ON g.gw_id = d.gw_id
    JOIN asset.building b ON b.bldg_id = g.bldg_id
    CROSS JOIN LATERAL unnest(m.metrics) AS mc(mcode)
    CROSS JOIN LATERAL generate_series(GREATEST(timestamp '2024-01-01', d.inst_dt + 1),
                                       LEAST(timestamp '2024-06-30 12:00', COALESCE(d.decom_dt - 1, DATE '2024-07-01')::timestamp),
                                       interval '12 hours') AS t(ts)
    WHERE extract(hour FROM t.ts) IN (0, 12)
      AND pg_temp.h('gap'||d.dev_id||t.ts) >= 0.05                       -- ~5% windows lost (radio gaps)
      AND NOT (d.cfg->>'mode' = 'eco' AND extract(hour FROM t.ts) = 12)  -- eco devices send only the 00:00 roll-up
      AND NOT (d.dev_id % 97 = 5)                                       -- a few devices never came online
) x;

-- a handful of readings from devices that were since deleted from the register (orphans, no FK)
INSERT INTO telem.reading (dev_id, ts, mcode, val, qf)
SELECT 900 + o.k, timestamp '2024-01-01' + (t.n * interval '12 hours'), 'TC',
       round((20 + pg_temp.h('orph'||o.k||t.n) * 3)::numeric, 2), 0
FROM generate_series(1, 3) AS o(k)
CROSS JOIN generate_series(0, 40) AS t(n);

-- BRIN on time for range scans across partitions
CREATE INDEX ix_reading_ts_brin ON telem.reading USING brin (ts);

-- =====================================================================
-- ops.technician
-- =====================================================================
CREATE TABLE ops.technician (
    tech_id      smallint PRIMARY KEY,
    full_name    text NOT NULL,
    employer     text,
    skill_cd     char(1) NOT NULL CHECK (skill_cd IN ('E','H','G','C')),
    home_site_id smallint REFERENCES asset.site(site_id),
    hired_on     date NOT NULL,
    left_on      date,
    hourly_eur   numeric(6,2) NOT NULL
);
COMMENT ON TABLE  ops.technician IS 'Field technicians who acknowledge alarms and carry out work orders.';
COMMENT ON COLUMN ops.technician.employer IS 'Contractor company for external technicians. NULL = in-house employee.';
COMMENT ON COLUMN ops.technician.skill_cd IS 'Primary trade: E = electrician, H = HVAC engineer, G = general facilities, C = controls / IoT specialist.';
COMMENT ON COLUMN ops.technician.home_site_id IS 'Site the technician is based at. NULL = roaming (covers all sites).';
COMMENT ON COLUMN ops.technician.left_on IS 'Last working day. NULL = still working for us.';
COMMENT ON COLUMN ops.technician.hourly_eur IS 'Internal (or contracted) labour rate in EUR per hour.';

INSERT INTO ops.technician VALUES
 ( 1,'Jonas Becker',NULL,'E', 1,'2016-04-01',NULL, 58.00),
 ( 2,'Lena Hoffmann',NULL,'H', 1,'2017-02-15',NULL, 61.00),
 ( 3,'Mehmet Yilmaz','KlimaPro GmbH','H', 2,'2018-05-01',NULL, 74.00),
 ( 4,'Sophie Wagner',NULL,'C',NULL,'2018-09-01',NULL, 66.00),
 ( 5,'Tobias Krause',NULL,'G', 3,'2018-01-15','2022-12-31', 49.00),
 ( 6,'Anna Schulz',NULL,'E', 3,'2019-03-01',NULL, 57.00),
 ( 7,'Daan de Vries',NULL,'G', 4,'2018-09-01',NULL, 52.00),
 ( 8,'Femke Bakker','Haven Techniek BV','E', 4,'2019-06-01',NULL, 79.00),
 ( 9,'Sem Jansen',NULL,'H', 5,'2019-02-01',NULL, 63.00),
 (10,'Lotte Visser',NULL,'C', 5,'2020-01-06',NULL, 68.00),
 (11,'Oliver Hughes',NULL,'G', 6,'2019-05-20','2023-09-30', 47.00),
 (12,'Amelia Clarke','Northern Building Services Ltd','E', 7,'2019-11-01',NULL, 72.00),
 (13,'Harry Walker',NULL,'H', 7,'2020-03-01',NULL, 60.00),
 (14,'Isla Thompson',NULL,'G', 7,'2021-07-01',NULL, 48.00),
 (15,'Hugo Martin',NULL,'C', 8,'2020-04-01',NULL, 65.00),
 (16,'Chloe Bernard','Rhone Maintenance SARL','H', 8,'2020-09-01',NULL, 76.00),
 (17,'Jakub Nowak',NULL,'E', 9,'2020-10-01',NULL, 45.00),
 (18,'Zofia Wojcik',NULL,'G', 9,'2021-01-11',NULL, 41.00),
 (19,'Petr Svoboda',NULL,'H',10,'2021-03-15',NULL, 46.00),
 (20,'Tereza Novakova','Praha Servis s.r.o.','G',10,'2021-06-01','2024-03-31', 55.00),
 (21,'Lukas Gruber',NULL,'E',11,'2021-09-01',NULL, 62.00),
 (22,'Katharina Huber',NULL,'C',11,'2021-09-01',NULL, 67.00),
 (23,'Mads Nielsen',NULL,'H',12,'2022-05-01',NULL, 70.00),
 (24,'Freja Jensen','Oresund Drift ApS','E',12,'2022-08-01',NULL, 82.00),
 (25,'Marco Rossi','Facility Flex Europe','C',NULL,'2020-02-01',NULL, 88.00),
 (26,'Elena Popescu',NULL,'G', 2,'2022-01-10',NULL, 50.00),
 (27,'Niklas Weber',NULL,'H', 3,'2023-01-02',NULL, 56.00),
 (28,'Emma Dubois',NULL,'E', 8,'2023-04-03',NULL, 59.00),
 (29,'Kacper Lewandowski','Facility Flex Europe','E', 9,'2023-06-01',NULL, 71.00),
 (30,'Noah Smit',NULL,'C', 4,'2024-02-01',NULL, 64.00);

-- =====================================================================
-- ops.alarm
-- =====================================================================
CREATE TABLE ops.alarm (
    alarm_id   bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    dev_id     integer  NOT NULL REFERENCES asset.device(dev_id),
    raised_ts  timestamp NOT NULL,
    sev        smallint NOT NULL CHECK (sev BETWEEN 1 AND 4),
    acode      varchar(4) NOT NULL,
    trig_val   numeric(10,2),
    ack_ts     timestamp,
    ack_by     smallint REFERENCES ops.technician(tech_id),
    clr_ts     timestamp,
    CHECK (ack_ts IS NULL OR ack_ts >= raised_ts),
    CHECK (clr_ts IS NULL OR clr_ts >= raised_ts),
    CHECK ((ack_ts IS NULL) = (ack_by IS NULL))
);
COMMENT ON TABLE  ops.alarm IS 'Alarms raised by devices or by the platform about devices.';
COMMENT ON COLUMN ops.alarm.raised_ts IS 'UTC time the alarm was raised.';
COMMENT ON COLUMN ops.alarm.sev IS 'Severity: 1 = critical, 2 = major, 3 = minor, 4 = warning (informational).';
COMMENT ON COLUMN ops.alarm.acode IS 'Alarm code: HI = value above cfg.thr_hi, LO = value below cfg.thr_lo, OFFL = device offline (no data for 3 windows), BATT = battery low, COMM = gateway communication failure, TAMP = tamper / device moved.';
COMMENT ON COLUMN ops.alarm.trig_val IS 'Metric value that triggered a HI/LO alarm; NULL for other alarm codes.';
COMMENT ON COLUMN ops.alarm.ack_ts IS 'Acknowledgement time (ack = acknowledged by a technician). NULL = not acknowledged (yet). Alarms that cleared by themselves before anyone looked keep ack_ts NULL.';
COMMENT ON COLUMN ops.alarm.ack_by IS 'Technician who acknowledged the alarm; NULL when ack_ts is NULL.';
COMMENT ON COLUMN ops.alarm.clr_ts IS 'Time the alarm condition cleared. NULL = alarm still open/active.';

INSERT INTO ops.alarm (alarm_id, dev_id, raised_ts, sev, acode, trig_val, ack_ts, ack_by, clr_ts)
WITH per_dev AS (
    -- each device gets a device-specific alarm rate (alarms per year in service)
    SELECT d.dev_id, m.dev_cls, d.cfg, b.site_id,
           d.inst_dt::timestamp AS t0,
           COALESCE(d.decom_dt, DATE '2024-07-01')::timestamp AS t1,
           round((COALESCE(d.decom_dt, DATE '2024-07-01') - d.inst_dt) / 365.0
                 * (0.8 + 5.6 * power(pg_temp.h('rate'||d.dev_id), 2)))::int AS n
    FROM asset.device d
    JOIN asset.device_model m ON m.model_id = d.model_id
    JOIN asset.gateway g ON g.gw_id = d.gw_id
    JOIN asset.building b ON b.bldg_id = g.bldg_id
), raw AS (
    SELECT pd.dev_id * 1000 + a.k AS i,
           pd.dev_id, pd.dev_cls, pd.cfg,
           pd.t0 + (pg_temp.h('rt'||pd.dev_id||'-'||a.k) * extract(epoch FROM (pd.t1 - pd.t0))) * interval '1 second' AS raised_ts,
           pg_temp.h('ac'||pd.dev_id||'-'||a.k) AS r_ac,
           pd.site_id
    FROM per_dev pd
    CROSS JOIN LATERAL generate_series(1, pd.n) AS a(k)
), coded AS (
    SELECT raw.*,
           CASE dev_cls
             WHEN 'S' THEN CASE WHEN r_ac < 0.40 AND cfg ? 'thr_hi' THEN 'HI' WHEN r_ac < 0.55 AND cfg ? 'thr_lo' THEN 'LO'
                                WHEN r_ac < 0.80 THEN 'BATT' WHEN r_ac < 0.97 THEN 'OFFL' ELSE 'TAMP' END
             WHEN 'M' THEN CASE WHEN r_ac < 0.35 AND cfg ? 'thr_hi' THEN 'HI' WHEN r_ac < 0.75 THEN 'OFFL' ELSE 'COMM' END
             WHEN 'A' THEN CASE WHEN r_ac < 0.55 AND cfg ? 'thr_hi' THEN 'HI' WHEN r_ac < 0.75 THEN 'BATT' ELSE 'OFFL' END
             ELSE          CASE WHEN r_ac < 0.50 AND cfg ? 'thr_hi' THEN 'HI' WHEN r_ac < 0.80 THEN 'OFFL' ELSE 'TAMP' END
           END AS acode
    FROM raw
), sev AS (
    SELECT coded.*,
           CASE acode
             WHEN 'HI'   THEN CASE WHEN pg_temp.h('sv'||i) < 0.25 THEN 1 ELSE 2 END
             WHEN 'LO'   THEN 3
             WHEN 'BATT' THEN 4
             WHEN 'OFFL' THEN CASE WHEN pg_temp.h('sv'||i) < 0.5 THEN 2 ELSE 3 END
             WHEN 'COMM' THEN 2
             ELSE 1 END AS sev,
           -- minutes until acknowledgement (skewed), NULL if never acked
           CASE WHEN raised_ts < timestamp '2024-06-01' AND pg_temp.h('ak'||i) < 0.88 THEN 2 + power(pg_temp.h('akm'||i), 3) * 2880
                WHEN raised_ts >= timestamp '2024-06-01' AND pg_temp.h('ak'||i) < 0.55 THEN 2 + power(pg_temp.h('akm'||i), 3) * 1440
           END AS ack_min
    FROM coded
), fin AS (
    SELECT sev.*,
           CASE WHEN ack_min IS NOT NULL THEN
                     CASE WHEN raised_ts < timestamp '2024-05-01' AND pg_temp.h('cl'||i) < 0.985 THEN ack_min + 10 + power(pg_temp.h('clm'||i), 2) * 4320
                          WHEN raised_ts >= timestamp '2024-05-01' AND pg_temp.h('cl'||i) < 0.70 THEN ack_min + 10 + power(pg_temp.h('clm'||i), 2) * 2000
                     END
                WHEN raised_ts < timestamp '2024-06-01' AND pg_temp.h('cl'||i) < 0.90 THEN 5 + pg_temp.h('clm'||i) * 90   -- auto-cleared
           END AS clr_min
    FROM sev
)
SELECT row_number() OVER (ORDER BY date_trunc('second', raised_ts), i),
       dev_id,
       date_trunc('second', raised_ts),
       sev, acode,
       CASE acode
         WHEN 'HI' THEN round(((cfg->>'thr_hi')::numeric * (1.02 + pg_temp.h('tv'||i) * 0.2)::numeric), 2)
         WHEN 'LO' THEN round(((cfg->>'thr_lo')::numeric - 0.2 - (pg_temp.h('tv'||i) * 3)::numeric), 2)
       END,
       CASE WHEN ack_min IS NOT NULL THEN date_trunc('second', raised_ts + ack_min * interval '1 minute') END,
       CASE WHEN ack_min IS NOT NULL THEN
            COALESCE((SELECT t.tech_id FROM ops.technician t
                       WHERE t.home_site_id = fin.site_id
                         AND t.hired_on <= fin.raised_ts AND (t.left_on IS NULL OR t.left_on >= fin.raised_ts::date)
                       ORDER BY pg_temp.h('ab'||fin.i||t.tech_id), t.tech_id LIMIT 1), 25) END,
       CASE WHEN clr_min IS NOT NULL THEN date_trunc('second', raised_ts + clr_min * interval '1 minute') END
FROM fin;

-- acknowledgements/clears cannot be in the future relative to "today"
UPDATE ops.alarm SET clr_ts = NULL WHERE clr_ts >= timestamp '2024-07-01';
UPDATE ops.alarm SET ack_ts = NULL, ack_by = NULL WHERE ack_ts >= timestamp '2024-07-01';
SELECT setval(pg_get_serial_sequence('ops.alarm', 'alarm_id'), (SELECT max(alarm_id) FROM ops.alarm));

CREATE INDEX ix_alarm_dev ON ops.alarm (dev_id);
CREATE INDEX ix_alarm_raised ON ops.alarm (raised_ts);
CREATE INDEX ix_alarm_open ON ops.alarm (sev) WHERE clr_ts IS NULL;

-- =====================================================================
-- ops.work_order
-- =====================================================================
CREATE TYPE ops.wo_status AS ENUM ('new', 'assigned', 'in_progress', 'on_hold', 'done', 'cancelled');
COMMENT ON TYPE ops.wo_status IS 'Work order life cycle. new = not yet assigned to a technician; done and cancelled are final.';

CREATE TABLE ops.wo (
    wo_id       integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    wo_no       text NOT NULL UNIQUE,
    bldg_id     smallint NOT NULL REFERENCES asset.building(bldg_id),
    dev_id      integer REFERENCES asset.device(dev_id),
    alarm_id    bigint REFERENCES ops.alarm(alarm_id),
    tech_id     smallint REFERENCES ops.technician(tech_id),
    wo_type     char(1) NOT NULL CHECK (wo_type IN ('P','C','I','D')),
    prio        smallint NOT NULL CHECK (prio BETWEEN 1 AND 3),
    status      ops.wo_status NOT NULL DEFAULT 'new',
    opened_ts   timestamp NOT NULL,
    due_dt      date,
    closed_ts   timestamp,
    labor_min   integer,
    parts_eur   numeric(10,2),
    CHECK (closed_ts IS NULL OR closed_ts >= opened_ts),
    CHECK ((status IN ('done','cancelled')) = (closed_ts IS NOT NULL))
);
COMMENT ON TABLE  ops.wo IS 'Maintenance work orders (wo = work order).';
COMMENT ON COLUMN ops.wo.wo_no IS 'Human readable work order number WO-<year>-<seq>.';
COMMENT ON COLUMN ops.wo.dev_id IS 'Device the job is about. NULL = building-level job not tied to one device.';
COMMENT ON COLUMN ops.wo.alarm_id IS 'Alarm that triggered the job. NULL = not raised from an alarm (planned work).';
COMMENT ON COLUMN ops.wo.tech_id IS 'Assigned technician. NULL = not assigned yet.';
COMMENT ON COLUMN ops.wo.wo_type IS 'Job type: P = preventive (planned inspection), C = corrective (repair), I = installation of a device, D = decommissioning / removal of a device.';
COMMENT ON COLUMN ops.wo.prio IS 'Priority: 1 = urgent (same day), 2 = normal (within 5 working days), 3 = low (next planned visit).';
COMMENT ON COLUMN ops.wo.due_dt IS 'Target completion date agreed with the customer (SLA). NULL = no agreed date.';
COMMENT ON COLUMN ops.wo.closed_ts IS 'Time the job reached a final status (done or cancelled). NULL = still open.';
COMMENT ON COLUMN ops.wo.labor_min IS 'Booked labour in minutes. NULL for jobs not done.';
COMMENT ON COLUMN ops.wo.parts_eur IS 'Cost of spare parts used, EUR. NULL = no parts booked.';

CREATE TEMP TABLE wo_src AS
-- corrective jobs from alarms (critical/major, ~35%)
SELECT 'C'::char(1) AS wo_type, b.bldg_id, a.dev_id, a.alarm_id,
       COALESCE(a.ack_ts, a.raised_ts) + (5 + pg_temp.hi('wot'||a.alarm_id, 120)) * interval '1 minute' AS opened_ts,
       CASE WHEN a.sev = 1 THEN 1 ELSE 2 END AS prio,
       'A'||a.alarm_id AS k, b.site_id
FROM ops.alarm a
JOIN asset.device d ON d.dev_id = a.dev_id
JOIN asset.gateway g ON g.gw_id = d.gw_id
JOIN asset.building b ON b.bldg_id = g.bldg_id
WHERE a.sev <= 2 AND pg_temp.h('woa'||a.alarm_id) < 0.35
UNION ALL
-- preventive inspections: each building roughly every quarter from 2021
SELECT 'P', b.bldg_id,
       NULL::int, NULL::bigint,
       q.qs + (pg_temp.hi('pq'||b.bldg_id||q.qs, 60) * interval '1 day') + interval '7 hours',
       3, 'P'||b.bldg_id||'-'||q.qs::date, b.site_id
FROM asset.building b
JOIN asset.site s ON s.site_id = b.site_id
CROSS JOIN generate_series(timestamp '2021-01-01', timestamp '2024-06-01', interval '3 months') AS q(qs)
WHERE q.qs >= s.opened_on AND (s.closed_on IS NULL OR q.qs < s.closed_on)
  AND pg_temp.h('pskip'||b.bldg_id||q.qs) >= 0.1
UNION ALL
-- installation jobs for devices installed since 2021
SELECT 'I', b.bldg_id, d.dev_id, NULL,
       d.inst_dt - 12 + interval '8 hours' + pg_temp.hi('iot'||d.dev_id, 300) * interval '1 minute',
       2, 'I'||d.dev_id, b.site_id
FROM asset.device d
JOIN asset.gateway g ON g.gw_id = d.gw_id
JOIN asset.building b ON b.bldg_id = g.bldg_id
WHERE d.inst_dt >= DATE '2021-01-15'
UNION ALL
-- decommissioning jobs
SELECT 'D', b.bldg_id, d.dev_id, NULL,
       d.decom_dt - 5 + interval '9 hours',
       3, 'D'||d.dev_id, b.site_id
FROM asset.device d
JOIN asset.gateway g ON g.gw_id = d.gw_id
JOIN asset.building b ON b.bldg_id = g.bldg_id
WHERE d.decom_dt IS NOT NULL AND d.decom_dt >= DATE '2021-01-15';

INSERT INTO ops.wo (wo_id, wo_no, bldg_id, dev_id, alarm_id, tech_id, wo_type, prio, status, opened_ts, due_dt, closed_ts, labor_min, parts_eur)
WITH ord AS (
    SELECT w.*, date_trunc('minute', w.opened_ts) AS ots,
           row_number() OVER (ORDER BY date_trunc('minute', w.opened_ts), w.k) AS wo_id
    FROM wo_src w
    WHERE w.opened_ts < timestamp '2024-07-01'
), st AS (
    SELECT ord.*,
           -- hours from opening to closing
           CASE wo_type WHEN 'C' THEN 2 + power(pg_temp.h('dur'||k), 2) * 240
                        WHEN 'P' THEN 24 + pg_temp.h('dur'||k) * 900
                        ELSE 4 + pg_temp.h('dur'||k) * 400 END AS dur_h,
           pg_temp.h('stat'||k) AS r_st
    FROM ord
), st2 AS (
    SELECT st.*,
           CASE WHEN r_st < 0.05 THEN 'cancelled'
                WHEN (ots >= timestamp '2024-04-15' AND r_st < 0.45)                  -- recent backlog
                  OR (ots <  timestamp '2024-04-15' AND r_st < 0.058 AND wo_type = 'P') -- forgotten old inspections
                  OR ots + dur_h * interval '1 hour' >= timestamp '2024-07-01' THEN
                     CASE WHEN pg_temp.h('os'||k) < 0.25 THEN 'new'
                          WHEN pg_temp.h('os'||k) < 0.50 THEN 'assigned'
                          WHEN pg_temp.h('os'||k) < 0.85 THEN 'in_progress'
                          ELSE 'on_hold' END
                ELSE 'done' END::ops.wo_status AS status
    FROM st
)
SELECT wo_id,
       'WO-' || extract(year FROM ots) || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM ots) ORDER BY wo_id))::text, 5, '0'),
       st2.bldg_id, st2.dev_id, st2.alarm_id,
       CASE WHEN status = 'new' THEN NULL
            WHEN status = 'cancelled' AND pg_temp.h('ctn'||k) < 0.5 THEN NULL
            ELSE COALESCE((SELECT t.tech_id FROM ops.technician t
                            WHERE (t.home_site_id = st2.site_id OR (t.home_site_id IS NULL AND pg_temp.h('rm'||k) < 0.3))
                              AND t.hired_on <= st2.ots AND (t.left_on IS NULL OR t.left_on >= st2.ots::date)
                              AND (st2.wo_type <> 'C' OR t.skill_cd <> 'G' OR pg_temp.h('gg'||k) < 0.3)
                            ORDER BY pg_temp.h('wt'||st2.k||t.tech_id), t.tech_id LIMIT 1), 25) END,
       wo_type, prio, status, ots,
       CASE WHEN pg_temp.h('due'||k) < 0.12 THEN NULL
            ELSE (ots + CASE prio WHEN 1 THEN interval '1 day' WHEN 2 THEN interval '7 days' ELSE interval '30 days' END)::date END,
       CASE WHEN status = 'done' THEN date_trunc('minute', ots + dur_h * interval '1 hour')
            WHEN status = 'cancelled' THEN LEAST(date_trunc('minute', ots + interval '2 hours' + pg_temp.hi('cx'||k, 4000) * interval '1 minute'),
                                                 timestamp '2024-06-30 23:59')
       END,
       CASE WHEN status = 'done' THEN
            (CASE wo_type WHEN 'P' THEN 45 WHEN 'C' THEN 30 WHEN 'I' THEN 40 ELSE 20 END + pg_temp.hi('lab'||k, 200))::int END,
       CASE WHEN status = 'done' AND wo_type = 'C' AND pg_temp.h('pts'||k) < 0.6 THEN round((15 + power(pg_temp.h('ptc'||k), 2) * 900)::numeric, 2)
            WHEN status = 'done' AND wo_type = 'P' AND pg_temp.h('pts'||k) < 0.2 THEN round((5 + pg_temp.h('ptc'||k) * 60)::numeric, 2)
            WHEN status = 'done' AND wo_type = 'I' THEN m.list_eur
       END
FROM st2
LEFT JOIN asset.device dd ON dd.dev_id = st2.dev_id AND st2.wo_type = 'I'
LEFT JOIN asset.device_model m ON m.model_id = dd.model_id
ORDER BY wo_id;

SELECT setval(pg_get_serial_sequence('ops.wo', 'wo_id'), (SELECT max(wo_id) FROM ops.wo));
DROP TABLE wo_src;

CREATE INDEX ix_wo_tech ON ops.wo (tech_id);
CREATE INDEX ix_wo_alarm ON ops.wo (alarm_id);
CREATE INDEX ix_wo_open ON ops.wo (bldg_id) WHERE closed_ts IS NULL;
CREATE INDEX ix_device_gw ON asset.device (gw_id);
CREATE INDEX ix_device_cfg ON asset.device USING gin (cfg);

-- =====================================================================
-- views
-- =====================================================================
CREATE VIEW ops.v_open_alarms AS
SELECT a.alarm_id, a.raised_ts, a.sev, a.acode, a.ack_ts IS NOT NULL AS acked,
       d.dev_id, d.serial_no, m.vendor, m.model_nm,
       b.bldg_id, b.name AS building, s.site_cd, s.name AS site
FROM ops.alarm a
JOIN asset.device d ON d.dev_id = a.dev_id
JOIN asset.device_model m ON m.model_id = d.model_id
JOIN asset.gateway g ON g.gw_id = d.gw_id
JOIN asset.building b ON b.bldg_id = g.bldg_id
JOIN asset.site s ON s.site_id = b.site_id
WHERE a.clr_ts IS NULL;
COMMENT ON VIEW ops.v_open_alarms IS 'Alarms whose condition has not cleared yet (clr_ts IS NULL), with device, building and site. Used by the NOC wallboard.';

CREATE VIEW asset.v_device_inventory AS
SELECT d.dev_id, d.serial_no, m.vendor, m.model_nm, m.dev_cls, d.fw_ver, r.recalled AS fw_recalled,
       b.name AS building, s.site_cd, d.inst_dt, d.decom_dt,
       d.decom_dt IS NULL AS in_service
FROM asset.device d
JOIN asset.device_model m ON m.model_id = d.model_id
JOIN asset.fw_release r ON r.model_id = d.model_id AND r.fw_ver = d.fw_ver
JOIN asset.gateway g ON g.gw_id = d.gw_id
JOIN asset.building b ON b.bldg_id = g.bldg_id
JOIN asset.site s ON s.site_id = b.site_id;
COMMENT ON VIEW asset.v_device_inventory IS 'One row per device with model, firmware recall flag and location.';

ANALYZE;

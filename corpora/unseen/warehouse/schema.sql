-- Kessler-Vance Industrial Supply (KVIS): distribution database "kvdist" as the DBA team keeps it.
-- A mid-size distributor of electrical, plumbing, HVAC, fastener, safety and tool products to contractors,
-- plants and public agencies, shipping from five distribution centres (DCs).
-- Three application schemas: mdm (master data), inv (warehouse / inventory), ops (order-to-cash, shipping,
-- purchasing, returns). Nothing of the business lives in public.
-- Business data runs from 2024-01-01 to 2026-10-31 (the last business day loaded is Friday 2026-10-30).
-- Deterministic: one setseed() below, every random() draw is written to a temp table by a plain scan of
-- generate_series (or of a temp table) before anything is joined, and parallel query is off while loading.

SET max_parallel_workers_per_gather = 0;
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
SELECT setseed(0.2718);

CREATE SCHEMA mdm;
CREATE SCHEMA inv;
CREATE SCHEMA ops;
COMMENT ON SCHEMA mdm IS 'Master data: regions, customers, suppliers, item master';
COMMENT ON SCHEMA inv IS 'Warehouse management: distribution centres, bin locations, stock balances, inventory transactions';
COMMENT ON SCHEMA ops IS 'Operations: sales orders, shipments, carriers, purchase orders, customer returns';

-- =========================================================================================== mdm
CREATE TABLE mdm.rgn (
    rgn_cd  varchar(2) PRIMARY KEY,
    rgn_nm  text NOT NULL
);
COMMENT ON TABLE mdm.rgn IS 'Sales regions';
INSERT INTO mdm.rgn VALUES
 ('NE', 'Northeast'), ('SE', 'Southeast'), ('MW', 'Midwest'), ('SC', 'South Central'), ('W', 'West');

CREATE TABLE mdm.cust (
    cust_id    integer PRIMARY KEY,
    cust_no    varchar(8) NOT NULL UNIQUE,
    cust_nm    text NOT NULL,
    rgn_cd     varchar(2) NOT NULL REFERENCES mdm.rgn (rgn_cd),
    seg        char(3) NOT NULL,
    cr_lim     numeric(12,2),
    cr_hold    boolean NOT NULL DEFAULT false,
    attrs      jsonb NOT NULL DEFAULT '{}'::jsonb,
    closed_dt  date
);
COMMENT ON TABLE mdm.cust IS 'Customer accounts (bill-to)';
COMMENT ON COLUMN mdm.cust.cust_no IS 'Customer account number as printed on invoices';
COMMENT ON COLUMN mdm.cust.seg IS 'Market segment: CON contractor, MRO plant/facility maintenance, OEM manufacturer, GOV public agency, RES reseller';
COMMENT ON COLUMN mdm.cust.cr_lim IS 'Credit limit in USD';
COMMENT ON COLUMN mdm.cust.cr_hold IS 'Credit hold: true = credit department blocks release of new orders';
COMMENT ON COLUMN mdm.cust.attrs IS 'Account attributes from the CRM: terms (payment terms), tax_exempt (bool), edi (trades EDI 850/856/810), acct_mgr (inside sales rep)';
COMMENT ON COLUMN mdm.cust.closed_dt IS 'Date the account was closed; NULL = active account';

CREATE TEMP TABLE t_cr AS
SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5,
       random() AS r6, random() AS r7, random() AS r8, random() AS r9
FROM generate_series(1, 2400) AS g;

INSERT INTO mdm.cust
SELECT g,
       'C' || (10000 + g),
       (ARRAY['Abernathy','Brightwater','Castellano','Dunmore','Eastbrook','Fairbanks','Garrison','Holloway',
              'Ironside','Jankowski','Kettering','Lindqvist','Marchetti','Northcott','Okafor','Pendleton',
              'Quinlan','Ravenswood','Sorensen','Thackeray','Underhill','Valdez','Whitcombe','Yarborough',
              'Zielinski','Ashford','Blackstone','Cordova','Delacroix','Everett','Fitzgerald','Greenberg',
              'Harrington','Ingram','Jessup','Kowalczyk','Lombardi','McAllister','Nakamura','Oyelaran'])[1 + (g - 1) % 40]
       || ' ' ||
       (ARRAY['Electric','Mechanical','Plumbing & Heating','Builders','Facilities','Contracting',
              'Industrial Services','Fire Protection','Controls','Construction','HVAC','Energy'])[1 + ((g - 1) / 40) % 12]
       || ' ' ||
       (ARRAY['Inc.','LLC','Co.','Corp.','& Sons'])[1 + ((g - 1) / 480) % 5],
       CASE WHEN r1 < 0.30 THEN 'MW' WHEN r1 < 0.52 THEN 'NE' WHEN r1 < 0.72 THEN 'SE' WHEN r1 < 0.88 THEN 'SC' ELSE 'W' END,
       CASE WHEN r2 < 0.55 THEN 'CON' WHEN r2 < 0.75 THEN 'MRO' WHEN r2 < 0.85 THEN 'OEM' WHEN r2 < 0.92 THEN 'GOV' ELSE 'RES' END,
       (5 + floor(r3 * 96)) * 1000,
       r4 < 0.04,
       jsonb_build_object(
           'terms', CASE WHEN r2 >= 0.85 AND r2 < 0.92 THEN 'NET45'
                         WHEN r5 < 0.62 THEN 'NET30' WHEN r5 < 0.80 THEN 'NET45' WHEN r5 < 0.90 THEN 'NET60'
                         WHEN r5 < 0.96 THEN 'CC' ELSE 'COD' END,
           'tax_exempt', (r2 >= 0.85) OR r6 < 0.03,
           'edi', r6 < 0.12 OR (r2 >= 0.75 AND r2 < 0.85 AND r6 < 0.55),
           'acct_mgr', (ARRAY['dmorales','kchen','bwright','sfischer','tnguyen','apatel','jhughes','lrossi',
                              'mokoye','rbailey','cjensen','vortiz'])[1 + floor(r7 * 12)::int]),
       CASE WHEN r8 < 0.06 THEN date '2024-03-01' + floor(r9 * 960)::int END
FROM t_cr;

CREATE TABLE mdm.supp (
    supp_id    integer PRIMARY KEY,
    supp_nm    text NOT NULL,
    ctry       char(2) NOT NULL,
    lead_days  smallint NOT NULL
);
COMMENT ON TABLE mdm.supp IS 'Suppliers / vendors';
COMMENT ON COLUMN mdm.supp.ctry IS 'ISO country code of the shipping point';
COMMENT ON COLUMN mdm.supp.lead_days IS 'Quoted lead time in calendar days from PO to arrival at our dock';

CREATE TEMP TABLE t_sr AS
SELECT g, random() AS r1, random() AS r2 FROM generate_series(1, 60) AS g;

INSERT INTO mdm.supp
SELECT g,
       (ARRAY['Allied','Summit','Keystone','Pioneer','Great Lakes','Pacific','Liberty','Atlas','Cardinal',
              'Heritage','Frontier','Meridian'])[1 + (g - 1) % 12] || ' ' ||
       (ARRAY['Wire & Cable','Valve','Fastener','Manufacturing','Safety Products'])[1 + (g - 1) / 12],
       CASE WHEN r1 < 0.78 THEN 'US' WHEN r1 < 0.86 THEN 'MX' WHEN r1 < 0.92 THEN 'CN' WHEN r1 < 0.96 THEN 'TW' ELSE 'DE' END,
       CASE WHEN r1 < 0.78 THEN 3 + floor(r2 * 18) WHEN r1 < 0.86 THEN 10 + floor(r2 * 15) ELSE 35 + floor(r2 * 40) END
FROM t_sr;

CREATE TABLE mdm.item (
    item_no   varchar(10) PRIMARY KEY,
    descr     text NOT NULL,
    cat_cd    varchar(4) NOT NULL,
    supp_id   integer NOT NULL REFERENCES mdm.supp (supp_id),
    uom       varchar(2) NOT NULL,
    uom_cnv   integer NOT NULL,
    std_cost  numeric(10,2) NOT NULL,
    list_px   numeric(10,2) NOT NULL,
    wt_kg     numeric(8,3),
    fr_cls    numeric(4,1),
    abc       char(1) NOT NULL,
    haz       boolean NOT NULL DEFAULT false,
    upc       varchar(12),
    disc_dt   date
);
COMMENT ON TABLE mdm.item IS 'Item master (SKUs)';
COMMENT ON COLUMN mdm.item.item_no IS 'SKU: two-letter category prefix, dash, number';
COMMENT ON COLUMN mdm.item.cat_cd IS 'Product category: ELEC electrical, PLMB plumbing, HVAC heating/ventilation/air conditioning, FAST fasteners, SAFE safety/PPE, TOOL tools';
COMMENT ON COLUMN mdm.item.uom IS 'Selling unit of measure: EA each, BX box, CS case, FT foot, RL roll';
COMMENT ON COLUMN mdm.item.uom_cnv IS 'Pack size: number of base units (each or foot) in one selling unit';
COMMENT ON COLUMN mdm.item.std_cost IS 'Standard cost per selling unit, USD';
COMMENT ON COLUMN mdm.item.list_px IS 'List price per selling unit, USD (customers pay list less their contract discount)';
COMMENT ON COLUMN mdm.item.fr_cls IS 'NMFC freight class used to rate LTL shipments (50 = dense and heavy ... 300 = light and bulky)';
COMMENT ON COLUMN mdm.item.abc IS 'ABC velocity class: A = fast mover (top picks), B = medium, C = slow mover';
COMMENT ON COLUMN mdm.item.haz IS 'Hazmat: regulated dangerous goods (aerosols, lithium batteries, solvents); cannot ship by air';
COMMENT ON COLUMN mdm.item.disc_dt IS 'Date the item was discontinued; NULL = still active';

CREATE TEMP TABLE t_ir AS
SELECT g AS id, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5,
       random() AS r6, random() AS r7, random() AS r8, random() AS r9, random() AS r10, random() AS r11
FROM generate_series(1, 3000) AS g;

CREATE TEMP TABLE t_item AS
SELECT s.*,
       (ARRAY['EL','PL','HV','FS','SF','TL'])[ci] || '-' || (10000 + id) AS item_no,
       (ARRAY['ELEC','PLMB','HVAC','FAST','SAFE','TOOL'])[ci] AS cat_cd
FROM (SELECT t.*,
             CASE WHEN r1 < 0.30 THEN 1 WHEN r1 < 0.55 THEN 2 WHEN r1 < 0.67 THEN 3
                  WHEN r1 < 0.82 THEN 4 WHEN r1 < 0.92 THEN 5 ELSE 6 END AS ci
      FROM t_ir t) s
ORDER BY id;

INSERT INTO mdm.item
SELECT item_no,
       (ARRAY[['THHN wire','EMT conduit','Circuit breaker','Junction box','LED troffer','Wire connector','Duplex receptacle','Toggle switch'],
              ['Copper pipe','PEX tubing','Ball valve','Solder fitting','PVC elbow','Check valve','Pipe hanger','Water heater element'],
              ['Furnace filter','Condensate pump','Refrigerant line set','Thermostat','Duct tape foil','Blower motor','Capacitor','Register grille'],
              ['Hex cap screw','Anchor wedge','Threaded rod','Lag bolt','Washer flat','Nut hex','Self-drilling screw','Concrete screw'],
              ['Nitrile gloves','Safety glasses','Hard hat','Hi-vis vest','Ear plugs','N95 respirator','Fall harness','First aid kit'],
              ['Cordless drill','Tape measure','Pipe wrench','Wire stripper','Level 48 in','Hacksaw','Utility knife','Multimeter']])[ci][1 + floor(r2 * 8)::int]
       || ', ' ||
       (ARRAY['1/2 in','3/4 in','1 in','size M','size L','12 AWG','10 AWG','20A','heavy duty','standard','4 in','6 in'])[1 + floor(r3 * 12)::int]
       || ' - ' ||
       (ARRAY['Hubbell','Eaton','Siemens','Leviton','Southwire','Nibco','Mueller','Charlotte','Honeywell','3M','Klein',
              'Milwaukee','Simpson','Ridgid','Uponor','KV Select'])[1 + floor(r4 * 16)::int],
       cat_cd,
       1 + floor(r5 * 60)::int,
       CASE WHEN r6 < 0.60 THEN 'EA' WHEN r6 < 0.75 THEN 'BX' WHEN r6 < 0.85 THEN 'CS' WHEN r6 < 0.93 THEN 'FT' ELSE 'RL' END,
       CASE WHEN r6 < 0.60 THEN 1
            WHEN r6 < 0.75 THEN (ARRAY[25, 50, 100])[1 + floor(r7 * 3)::int]
            WHEN r6 < 0.85 THEN (ARRAY[6, 12, 24])[1 + floor(r7 * 3)::int]
            WHEN r6 < 0.93 THEN 1
            ELSE (ARRAY[250, 500, 1000])[1 + floor(r7 * 3)::int] END,
       round((1.5 + 250 * r8 ^ 4)::numeric, 2),
       round(((1.5 + 250 * r8 ^ 4) * (1.28 + 0.45 * r9))::numeric, 2),
       round((0.05 + 30 * r10 ^ 3)::numeric, 3),
       (ARRAY[50, 55, 60, 65, 70, 77.5, 85, 92.5, 100, 125, 150, 175, 200, 250, 300])[1 + floor(r10 * 15)::int],
       CASE WHEN id <= 300 THEN 'A' WHEN id <= 1200 THEN 'B' ELSE 'C' END,
       r11 < 0.035,
       '0' || lpad((floor(r7 * 1e11))::bigint::text, 11, '0'),
       CASE WHEN r11 > 0.93 THEN date '2024-02-01' + floor((r11 - 0.93) / 0.07 * 990)::int END
FROM t_item;

-- =========================================================================================== inv
CREATE TABLE inv.whse (
    whse_cd    char(3) PRIMARY KEY,
    whse_nm    text NOT NULL,
    city       text NOT NULL,
    st         char(2) NOT NULL,
    rgn_cd     varchar(2) NOT NULL REFERENCES mdm.rgn (rgn_cd),
    sq_ft      integer,
    dock_drs   smallint
);
COMMENT ON TABLE inv.whse IS 'Distribution centres (DCs)';
COMMENT ON COLUMN inv.whse.dock_drs IS 'Number of dock doors';
INSERT INTO inv.whse VALUES
 ('CHI', 'Chicago DC (national hub)', 'Joliet',    'IL', 'MW', 260000, 48),
 ('NJE', 'Edison DC',                 'Edison',    'NJ', 'NE', 210000, 36),
 ('ATL', 'Atlanta DC',                'McDonough', 'GA', 'SE', 180000, 30),
 ('DAL', 'Dallas DC',                 'Lancaster', 'TX', 'SC', 150000, 24),
 ('RNO', 'Reno DC',                   'Sparks',    'NV', 'W',  120000, 18);

CREATE TEMP TABLE t_whse (idx int, whse_cd char(3), pct float8, nbins int);
INSERT INTO t_whse VALUES (0, 'CHI', 0.95, 1040), (1, 'NJE', 0.80, 840), (2, 'ATL', 0.75, 720),
                          (3, 'DAL', 0.62, 600), (4, 'RNO', 0.50, 480);

CREATE TABLE inv.bin_loc (
    bin_id   integer PRIMARY KEY,
    whse_cd  char(3) NOT NULL REFERENCES inv.whse (whse_cd),
    zn       char(1) NOT NULL,
    bin_cd   varchar(12) NOT NULL,
    UNIQUE (whse_cd, bin_cd)
);
COMMENT ON TABLE inv.bin_loc IS 'Storage bin locations inside each DC';
COMMENT ON COLUMN inv.bin_loc.zn IS 'Zone: A = forward pick face, R = reserve (pallet racking), C = cage (secured high-value), D = dock staging lane';
COMMENT ON COLUMN inv.bin_loc.bin_cd IS 'Bin label: zone-aisle-position';

INSERT INTO inv.bin_loc
SELECT row_number() OVER (ORDER BY w.idx, i)::int,
       w.whse_cd,
       z.zn,
       z.zn || '-' || lpad((i / 16)::text, 3, '0') || '-' || lpad((i % 16)::text, 2, '0')
FROM t_whse w
CROSS JOIN LATERAL generate_series(0, w.nbins - 1) AS i
CROSS JOIN LATERAL (SELECT CASE WHEN i % 100 < 60 THEN 'A' WHEN i % 100 < 93 THEN 'R' WHEN i % 100 < 97 THEN 'C' ELSE 'D' END AS zn) z
ORDER BY w.idx, i;

CREATE TEMP TABLE t_pickbin AS
SELECT whse_cd, bin_id, row_number() OVER (PARTITION BY whse_cd ORDER BY bin_id) - 1 AS k,
       count(*) OVER (PARTITION BY whse_cd) AS n
FROM inv.bin_loc WHERE zn = 'A';

CREATE TABLE inv.stock_bal (
    whse_cd      char(3) NOT NULL,
    item_no      varchar(10) NOT NULL,
    qoh          integer NOT NULL,
    qal          integer NOT NULL DEFAULT 0,
    rop          integer NOT NULL,
    pick_bin     integer,
    last_cnt_dt  date,
    upd_ts       timestamptz NOT NULL,
    PRIMARY KEY (whse_cd, item_no)
);
COMMENT ON TABLE inv.stock_bal IS 'Current stock balance per DC and item (rewritten all day by the WMS interface)';
COMMENT ON COLUMN inv.stock_bal.qoh IS 'Quantity on hand, selling units';
COMMENT ON COLUMN inv.stock_bal.qal IS 'Quantity allocated to released orders but not yet picked';
COMMENT ON COLUMN inv.stock_bal.rop IS 'Reorder point: replenishment is suggested when on hand falls below it';
COMMENT ON COLUMN inv.stock_bal.pick_bin IS 'Primary pick-face bin';
COMMENT ON COLUMN inv.stock_bal.last_cnt_dt IS 'Date of the last cycle count of this item in this DC';

CREATE TEMP TABLE t_sbr AS
SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5
FROM generate_series(0, 14999) AS g;

INSERT INTO inv.stock_bal
SELECT w.whse_cd, i.item_no,
       CASE WHEN i.id <= 300 THEN 150 + floor(s.r2 * 1800) WHEN i.id <= 1200 THEN 30 + floor(s.r2 * 400) ELSE floor(s.r2 * 90) END,
       floor(s.r3 * s.r3 * CASE WHEN i.id <= 300 THEN 200 ELSE 20 END),
       CASE WHEN i.id <= 300 THEN 400 WHEN i.id <= 1200 THEN 60 ELSE 10 END,
       p.bin_id,
       date '2025-11-01' + floor(s.r4 * 363)::int,
       (date '2026-10-30' + time '17:30' + s.r5 * interval '5 hours') AT TIME ZONE 'America/Chicago'
FROM t_sbr s
JOIN t_whse w ON w.idx = s.g / 3000
JOIN t_item i ON i.id = s.g % 3000 + 1
JOIN t_pickbin p ON p.whse_cd = w.whse_cd AND p.k = i.id % p.n
WHERE s.r1 < w.pct
ORDER BY s.g;

-- autovacuum was switched off on the balance table during the 2025 WMS cut-over and never switched back on
ALTER TABLE inv.stock_bal SET (autovacuum_enabled = false);

-- =========================================================================================== ops: master
CREATE TABLE ops.carrier (
    carrier_cd  varchar(4) PRIMARY KEY,
    carrier_nm  text NOT NULL,
    mode        varchar(3) NOT NULL
);
COMMENT ON TABLE ops.carrier IS 'Carriers and ship methods';
COMMENT ON COLUMN ops.carrier.carrier_cd IS 'SCAC-like carrier code';
COMMENT ON COLUMN ops.carrier.mode IS 'PCL parcel, LTL less-than-truckload freight, FLT own fleet, WC will call (customer picks up at the DC)';
INSERT INTO ops.carrier VALUES
 ('UPSG', 'UPS Ground',                  'PCL'),
 ('FDXG', 'FedEx Ground',                'PCL'),
 ('FXFE', 'FedEx Freight Economy',       'LTL'),
 ('ODFL', 'Old Dominion Freight Line',   'LTL'),
 ('EXLA', 'Estes Express Lines',         'LTL'),
 ('RLCA', 'R+L Carriers',                'LTL'),
 ('KVFL', 'KV Fleet (own trucks)',       'FLT'),
 ('WILL', 'Will call (customer pickup)', 'WC');

CREATE TYPE ops.so_stat AS ENUM ('open', 'released', 'picked', 'shipped', 'invoiced', 'cancelled');
COMMENT ON TYPE ops.so_stat IS 'Sales order status: open (entered), released (to the warehouse), picked, shipped (not yet invoiced), invoiced, cancelled';

-- =========================================================================================== ops: orders (generated in temp tables first)
CREATE TEMP TABLE t_or AS
SELECT g, random() AS r_day, random() AS r_cust, random() AS r_hr, random() AS r_chnl, random() AS r_cxl,
       random() AS r_lag, random() AS r_nl1, random() AS r_nl2, random() AS r_whse, random() AS r_pri,
       random() AS r_lift, random() AS r_appt, random() AS r_po, random() AS r_open, random() AS r_inv,
       random() AS r_split, random() AS r_will, random() AS r_car, random() AS r_city
FROM generate_series(1, 34000) AS g;

CREATE TEMP TABLE t_o1 AS
SELECT t.*,
       c.rgn_cd, c.cr_hold, c.closed_dt, (c.attrs ->> 'edi')::boolean AS edi,
       CASE WHEN (c.attrs ->> 'edi')::boolean AND t.r_chnl < 0.70 THEN 'EDI'
            WHEN t.r_chnl < 0.40 OR ((c.attrs ->> 'edi')::boolean AND t.r_chnl < 0.80) THEN 'WEB'
            WHEN t.r_chnl < 0.75 THEN 'PHN'
            WHEN t.r_chnl < 0.95 THEN 'REP'
            ELSE 'EML' END AS chnl,
       date '2024-01-01' + floor(1034 * t.r_day ^ 0.8)::int AS d0
FROM (SELECT tr.*, 1 + floor(2400 * tr.r_cust ^ 1.8)::int AS cust_id FROM t_or tr) t
JOIN mdm.cust c ON c.cust_id = t.cust_id
ORDER BY t.g;

CREATE TEMP TABLE t_o2 AS
SELECT o.*,
       CASE WHEN o.r_pri < 0.08 THEN 1 WHEN o.r_pri < 0.93 THEN 2 ELSE 3 END AS pri,
       CASE WHEN o.r_whse < 0.12 THEN 'CHI'
            ELSE CASE o.rgn_cd WHEN 'NE' THEN 'NJE' WHEN 'SE' THEN 'ATL' WHEN 'MW' THEN 'CHI' WHEN 'SC' THEN 'DAL' ELSE 'RNO' END
       END AS whse_cd
FROM (SELECT o0.*,
             CASE WHEN o0.chnl IN ('EDI', 'WEB') THEN o0.d0
                  WHEN extract(isodow FROM o0.d0) = 6 THEN o0.d0 - 1
                  WHEN extract(isodow FROM o0.d0) = 7 THEN o0.d0 - 2
                  ELSE o0.d0 END AS ord_dt
      FROM t_o1 o0) o
WHERE o.closed_dt IS NULL OR o.ord_dt < o.closed_dt
ORDER BY o.g;

-- ship date plan: rush orders the same day, most next day, a tail of backorders
CREATE TEMP TABLE t_o3 AS
SELECT o.*,
       CASE WHEN extract(isodow FROM o.ord_dt + o.lag) = 6 THEN o.ord_dt + o.lag + 2
            WHEN extract(isodow FROM o.ord_dt + o.lag) = 7 THEN o.ord_dt + o.lag + 1
            ELSE o.ord_dt + o.lag END AS plan_ship
FROM (SELECT o2.*,
             CASE WHEN o2.pri = 1 THEN CASE WHEN o2.r_lag < 0.8 THEN 0 ELSE 1 END
                  WHEN o2.r_lag < 0.25 THEN 0 WHEN o2.r_lag < 0.65 THEN 1 WHEN o2.r_lag < 0.83 THEN 2
                  WHEN o2.r_lag < 0.95 THEN 3 + floor((o2.r_lag - 0.83) / 0.12 * 3)::int
                  ELSE 6 + floor((o2.r_lag - 0.95) / 0.05 * 15)::int END AS lag
      FROM t_o2 o2) o
ORDER BY o.g;

CREATE TEMP TABLE t_o4 AS
SELECT row_number() OVER (ORDER BY o.ord_dt, o.r_hr, o.g)::int AS so_id, o.*,
       CASE WHEN o.r_cxl < 0.03 THEN 'cancelled'
            WHEN o.cr_hold AND o.ord_dt >= date '2026-08-01' THEN 'open'
            WHEN o.plan_ship > date '2026-10-30' THEN
                 CASE WHEN o.ord_dt >= date '2026-10-29' AND o.r_open < 0.6 THEN 'open'
                      WHEN o.r_open < 0.75 THEN 'released' ELSE 'picked' END
            ELSE 'shipped' END AS st0
FROM t_o3 o;

CREATE TEMP TABLE t_o5 AS
SELECT o.*,
       CASE WHEN st0 = 'shipped' THEN plan_ship END AS ship_dt
FROM t_o4 o
ORDER BY so_id;

-- lines
CREATE TEMP TABLE t_l0 AS
SELECT o.so_id, ln
FROM t_o5 o, generate_series(1, 1 + floor(10 * o.r_nl1 * o.r_nl2)::int) AS ln
ORDER BY o.so_id, ln;

CREATE TEMP TABLE t_lr AS
SELECT so_id, ln, random() AS r_item, random() AS r_q, random() AS r_d, random() AS r_bo, random() AS r_bo2,
       random() AS r_ds, random() AS r_lot, random() AS r_txn, random() AS r_rtn
FROM t_l0;

CREATE TEMP TABLE t_l1 AS
SELECT l.*, o.ord_dt, o.ship_dt, o.st0, o.whse_cd, i.item_no, i.descr AS item_descr, i.cat_cd, i.uom, i.abc, i.list_px,
       CASE WHEN i.uom = 'FT' THEN 25 * (1 + floor(l.r_q ^ 3 * 40)::int)
            WHEN i.uom = 'RL' THEN 1 + floor(l.r_q * 4)::int
            ELSE 1 + floor(l.r_q ^ 3 * 40)::int END AS qty_ord,
       (ARRAY[0, 0, 0, 5, 10, 10, 15, 20, 25, 30])[1 + floor(l.r_d * 10)::int] AS disc_pct
FROM t_lr l
JOIN t_o5 o ON o.so_id = l.so_id
JOIN t_item it ON it.id = 1 + floor(3000 * l.r_item ^ 2.2)::int
JOIN mdm.item i ON i.item_no = it.item_no
ORDER BY l.so_id, l.ln;

CREATE TEMP TABLE t_l2 AS
SELECT l.*,
       round(l.list_px * (1 - l.disc_pct / 100.0)
             * CASE WHEN l.ord_dt < date '2025-01-01' THEN 0.94 WHEN l.ord_dt < date '2026-01-01' THEN 0.97 ELSE 1 END, 2) AS unit_px,
       CASE WHEN l.st0 = 'shipped' AND l.r_bo < 0.04 AND l.qty_ord > 1
            THEN least(l.qty_ord - 1, greatest(1, floor(l.qty_ord * l.r_bo2)::int)) ELSE 0 END AS bo_qty,
       (l.r_ds < 0.06 AND l.abc = 'C') AS ds_flg
FROM t_l1 l
ORDER BY l.so_id, l.ln;

CREATE TEMP TABLE t_oa AS
SELECT so_id, sum(round(qty_ord * unit_px, 2)) AS ord_amt, bool_or(bo_qty > 0) AS has_bo
FROM t_l2 GROUP BY so_id;

CREATE TEMP TABLE t_o6 AS
SELECT o.*, a.ord_amt, a.has_bo,
       CASE WHEN extract(isodow FROM o.ship_dt + 2 + floor(o.r_split * 10)::int % 6) IN (6, 7)
            THEN o.ship_dt + 2 + floor(o.r_split * 10)::int % 6 + 2
            ELSE o.ship_dt + 2 + floor(o.r_split * 10)::int % 6 END AS ship2_dt,
       CASE WHEN o.r_will < 0.07 THEN 'WILL'
            WHEN a.ord_amt < 600 THEN CASE WHEN o.r_car < 0.56 THEN 'UPSG' ELSE 'FDXG' END
            WHEN a.ord_amt < 5000 OR o.whse_cd IN ('DAL', 'RNO') THEN
                 CASE WHEN o.r_car < 0.22 THEN 'FXFE' WHEN o.r_car < 0.55 THEN 'ODFL' WHEN o.r_car < 0.80 THEN 'EXLA' ELSE 'RLCA' END
            ELSE 'KVFL' END AS carrier_cd
FROM t_o5 o JOIN t_oa a USING (so_id)
ORDER BY o.so_id;

CREATE TEMP TABLE t_o7 AS
SELECT o.*,
       (o.has_bo AND o.ship_dt IS NOT NULL AND o.r_split < 0.6 AND o.ship2_dt <= date '2026-10-30') AS split,
       CASE WHEN o.ship_dt IS NULL THEN NULL
            WHEN o.r_inv < 0.01 THEN NULL                       -- invoice held (pricing dispute)
            WHEN o.ship_dt + CASE WHEN o.r_inv < 0.6 THEN 0 ELSE 1 END <= date '2026-10-29'
            THEN o.ship_dt + CASE WHEN o.r_inv < 0.6 THEN 0 ELSE 1 END END AS inv_dt
FROM t_o6 o
ORDER BY o.so_id;

CREATE TABLE ops.so_hdr (
    so_id    integer PRIMARY KEY,
    so_no    varchar(12) NOT NULL UNIQUE,
    cust_id  integer NOT NULL,
    whse_cd  char(3) NOT NULL,
    ord_dt   date NOT NULL,
    ent_ts   timestamptz NOT NULL,
    req_dt   date,
    chnl     char(3) NOT NULL,
    pri      smallint NOT NULL DEFAULT 2,
    stat     ops.so_stat NOT NULL DEFAULT 'open',
    ship_dt  date,
    inv_dt   date,
    ord_amt  numeric(12,2) NOT NULL DEFAULT 0,
    frt_amt  numeric(10,2) NOT NULL DEFAULT 0,
    po_ref   varchar(20),
    ext      jsonb
);
COMMENT ON TABLE ops.so_hdr IS 'Sales order header';
COMMENT ON COLUMN ops.so_hdr.whse_cd IS 'Shipping DC';
COMMENT ON COLUMN ops.so_hdr.ord_dt IS 'Order date (business date the order was booked)';
COMMENT ON COLUMN ops.so_hdr.ent_ts IS 'When the order was keyed / received by the order entry system';
COMMENT ON COLUMN ops.so_hdr.req_dt IS 'Delivery date requested by the customer';
COMMENT ON COLUMN ops.so_hdr.chnl IS 'Order channel: EDI electronic (EDI 850), WEB web shop, PHN phoned in to customer service, REP entered by a field sales rep, EML e-mailed PO';
COMMENT ON COLUMN ops.so_hdr.pri IS 'Priority: 1 = rush (same-day ship promise), 2 = standard, 3 = deferred (ship complete, no rush)';
COMMENT ON COLUMN ops.so_hdr.ship_dt IS 'Date the (first) shipment left the DC; NULL = not shipped yet (also NULL for cancelled orders)';
COMMENT ON COLUMN ops.so_hdr.inv_dt IS 'Invoice date; NULL = not invoiced yet';
COMMENT ON COLUMN ops.so_hdr.ord_amt IS 'Merchandise value of the order in USD (sum of line amounts, excludes freight and tax)';
COMMENT ON COLUMN ops.so_hdr.frt_amt IS 'Freight billed to the customer in USD; 0 = free freight (orders of 1,500 USD and up, or will call)';
COMMENT ON COLUMN ops.so_hdr.po_ref IS 'Customer purchase order number';
COMMENT ON COLUMN ops.so_hdr.ext IS 'Extra order data: ship_to {city, state}, edi {doc, ver} for EDI orders, liftgate (true when a liftgate truck is needed), appt_req (delivery appointment required)';

INSERT INTO ops.so_hdr
SELECT o.so_id,
       'SO-' || (1000000 + o.so_id),
       o.cust_id, o.whse_cd, o.ord_dt,
       (o.ord_dt + time '07:00' + o.r_hr * interval '10 hours') AT TIME ZONE 'America/Chicago',
       least(o.ord_dt + 2 + floor(o.r_appt * 9)::int, date '2026-10-31'),
       o.chnl, o.pri,
       CASE WHEN o.st0 <> 'shipped' THEN o.st0 WHEN o.inv_dt IS NULL THEN 'shipped' ELSE 'invoiced' END::ops.so_stat,
       o.ship_dt, o.inv_dt, o.ord_amt,
       CASE WHEN o.ord_amt >= 1500 OR o.carrier_cd = 'WILL' THEN 0 ELSE round(12.50 + o.ord_amt * 0.05, 2) END,
       CASE WHEN o.chnl = 'PHN' AND o.r_po < 0.4 THEN NULL
            WHEN o.chnl = 'EDI' THEN '45' || lpad((floor(o.r_po * 1e8))::bigint::text, 8, '0')
            ELSE 'JOB-' || (100 + floor(o.r_po * 9000))::int END,
       jsonb_build_object('ship_to', jsonb_build_object(
               'city', (ARRAY[['Newark','Hartford','Albany','Providence','Philadelphia'],
                              ['Atlanta','Charlotte','Jacksonville','Nashville','Birmingham'],
                              ['Chicago','Milwaukee','Indianapolis','Columbus','Detroit'],
                              ['Dallas','Houston','Oklahoma City','Austin','Little Rock'],
                              ['Reno','Sacramento','Boise','Salt Lake City','Fresno']])
                       [CASE o.rgn_cd WHEN 'NE' THEN 1 WHEN 'SE' THEN 2 WHEN 'MW' THEN 3 WHEN 'SC' THEN 4 ELSE 5 END][1 + floor(o.r_city * 5)::int],
               'state', (ARRAY[['NJ','CT','NY','RI','PA'],['GA','NC','FL','TN','AL'],['IL','WI','IN','OH','MI'],
                               ['TX','TX','OK','TX','AR'],['NV','CA','ID','UT','CA']])
                       [CASE o.rgn_cd WHEN 'NE' THEN 1 WHEN 'SE' THEN 2 WHEN 'MW' THEN 3 WHEN 'SC' THEN 4 ELSE 5 END][1 + floor(o.r_city * 5)::int]))
       || CASE WHEN o.chnl = 'EDI' THEN jsonb_build_object('edi', jsonb_build_object('doc', '850', 'ver', CASE WHEN o.r_po < 0.3 THEN '4010' ELSE '5010' END)) ELSE '{}'::jsonb END
       || CASE WHEN o.r_lift < 0.06 THEN '{"liftgate": true}'::jsonb ELSE '{}'::jsonb END
       || CASE WHEN o.r_appt < 0.05 THEN '{"appt_req": true}'::jsonb ELSE '{}'::jsonb END
FROM t_o7 o
ORDER BY o.so_id;

CREATE TABLE ops.so_line (
    so_id     integer NOT NULL,
    ln_no     smallint NOT NULL,
    item_no   varchar(10) NOT NULL,
    descr     text NOT NULL,
    qty_ord   integer NOT NULL,
    qty_shp   integer NOT NULL DEFAULT 0,
    bo_qty    integer NOT NULL DEFAULT 0,
    unit_px   numeric(10,2) NOT NULL,
    disc_pct  numeric(5,2) NOT NULL DEFAULT 0,
    ln_amt    numeric(12,2) NOT NULL,
    ds_flg    boolean NOT NULL DEFAULT false,
    lot_no    varchar(16),
    PRIMARY KEY (so_id, ln_no)
);
COMMENT ON TABLE ops.so_line IS 'Sales order lines';
COMMENT ON COLUMN ops.so_line.descr IS 'Item description copied from the item master when the line was entered (upper case before the mid-2024 ERP migration)';
COMMENT ON COLUMN ops.so_line.qty_ord IS 'Quantity ordered, selling units';
COMMENT ON COLUMN ops.so_line.qty_shp IS 'Quantity shipped so far';
COMMENT ON COLUMN ops.so_line.bo_qty IS 'Quantity backordered at pick time (short in the DC); filled later by a follow-up shipment when the order has one';
COMMENT ON COLUMN ops.so_line.unit_px IS 'Net unit price charged, USD (list less the contract discount)';
COMMENT ON COLUMN ops.so_line.disc_pct IS 'Contract discount off list, percent';
COMMENT ON COLUMN ops.so_line.ln_amt IS 'Extended line amount = qty_ord * unit_px, USD';
COMMENT ON COLUMN ops.so_line.ds_flg IS 'Drop ship: the supplier ships this line directly to the customer, it never touches our DC';
COMMENT ON COLUMN ops.so_line.lot_no IS 'Manufacturer lot number (tracked for PPE / safety items only)';

INSERT INTO ops.so_line
SELECT l.so_id, l.ln, l.item_no,
       CASE WHEN l.ord_dt < date '2024-07-01' THEN upper(l.item_descr) ELSE l.item_descr END,
       l.qty_ord,
       CASE WHEN l.st0 <> 'shipped' THEN 0 WHEN o.split THEN l.qty_ord ELSE l.qty_ord - l.bo_qty END,
       l.bo_qty, l.unit_px, l.disc_pct, round(l.qty_ord * l.unit_px, 2), l.ds_flg,
       CASE WHEN l.cat_cd = 'SAFE' THEN 'L' || to_char(l.ord_dt - 40 - floor(l.r_lot * 200)::int, 'YYMMDD') || '-' || (1 + floor(l.r_lot * 9))::int END
FROM t_l2 l JOIN t_o7 o ON o.so_id = l.so_id
ORDER BY l.so_id, l.ln;

-- =========================================================================================== ops: shipments
CREATE TEMP TABLE t_s0 AS
SELECT so_id, 1 AS seq, ship_dt AS sdt FROM t_o7 WHERE ship_dt IS NOT NULL
UNION ALL
SELECT so_id, 2, ship2_dt FROM t_o7 WHERE split
ORDER BY 1, 2;

CREATE TEMP TABLE t_sr2 AS
SELECT so_id, seq, sdt, random() AS r_t, random() AS r_tr, random() AS r_pod, random() AS r_ct, random() AS r_wt, random() AS r_car2
FROM t_s0;

CREATE TEMP TABLE t_s1 AS
SELECT s.*, o.whse_cd, o.ord_amt,
       CASE WHEN s.seq = 2 AND o.carrier_cd NOT IN ('UPSG', 'FDXG') THEN CASE WHEN s.r_car2 < 0.5 THEN 'UPSG' ELSE 'FDXG' END
            ELSE o.carrier_cd END AS carrier_cd,
       (s.sdt + time '06:00' + s.r_t * interval '10 hours') AS ship_local
FROM t_sr2 s JOIN t_o7 o ON o.so_id = s.so_id
ORDER BY s.so_id, s.seq;

CREATE TEMP TABLE t_s2 AS
SELECT s.*, c.mode,
       CASE c.mode WHEN 'PCL' THEN 1 + floor(s.r_tr * 4)::int WHEN 'LTL' THEN 1 + floor(s.r_tr * 5)::int
                   WHEN 'FLT' THEN floor(s.r_tr * 2)::int ELSE 0 END AS transit
FROM t_s1 s JOIN ops.carrier c ON c.carrier_cd = s.carrier_cd
ORDER BY s.so_id, s.seq;

CREATE TABLE ops.shpmt (
    shp_id      integer PRIMARY KEY,
    so_id       integer NOT NULL,
    seq         smallint NOT NULL DEFAULT 1,
    carrier_cd  varchar(4) NOT NULL,
    trk_no      varchar(24),
    ship_ts     timestamptz NOT NULL,
    dlvd_ts     timestamptz,
    ctn_cnt     smallint,
    wt_kg       numeric(9,2),
    frt_cost    numeric(10,2)
);
COMMENT ON TABLE ops.shpmt IS 'Shipments (one per truck / parcel manifest; backorder fills go out as a second shipment)';
COMMENT ON COLUMN ops.shpmt.seq IS '1 = first shipment of the order, 2 = backorder fill';
COMMENT ON COLUMN ops.shpmt.carrier_cd IS 'Carrier code (see ops.carrier; no constraint, the TMS writes codes directly)';
COMMENT ON COLUMN ops.shpmt.trk_no IS 'Tracking number (parcel) or PRO number (LTL); NULL for will call';
COMMENT ON COLUMN ops.shpmt.ship_ts IS 'When the carrier signed for the freight at our dock';
COMMENT ON COLUMN ops.shpmt.dlvd_ts IS 'Delivery time from the proof of delivery (POD); NULL = no POD received yet';
COMMENT ON COLUMN ops.shpmt.ctn_cnt IS 'Handling units: cartons for parcel, pallets/skids for LTL and fleet';
COMMENT ON COLUMN ops.shpmt.frt_cost IS 'Freight cost invoiced to us by the carrier, USD; NULL for own fleet and will call';

INSERT INTO ops.shpmt
SELECT row_number() OVER (ORDER BY s.ship_local, s.so_id, s.seq)::int,
       s.so_id, s.seq, s.carrier_cd,
       CASE s.carrier_cd
            WHEN 'UPSG' THEN '1Z' || upper(substr(md5(s.so_id || '/' || s.seq), 1, 16))
            WHEN 'FDXG' THEN lpad((('x' || substr(md5(s.so_id || '/' || s.seq), 1, 11))::bit(44)::bigint % 1000000000000)::text, 12, '0')
            WHEN 'WILL' THEN NULL
            WHEN 'KVFL' THEN 'KV' || (1000000 + s.so_id) || '-' || s.seq
            ELSE lpad((('x' || substr(md5(s.so_id || '/' || s.seq), 1, 9))::bit(36)::bigint % 10000000000)::text, 10, '0') END,
       s.ship_local AT TIME ZONE 'America/Chicago',
       CASE WHEN s.mode = 'WC' THEN s.ship_local AT TIME ZONE 'America/Chicago'
            WHEN s.r_pod < 0.012 THEN NULL
            WHEN s.sdt + s.transit + CASE WHEN extract(isodow FROM s.sdt + s.transit) = 6 THEN 2
                                          WHEN extract(isodow FROM s.sdt + s.transit) = 7 THEN 1 ELSE 0 END > date '2026-10-30' THEN NULL
            ELSE (s.sdt + s.transit + CASE WHEN extract(isodow FROM s.sdt + s.transit) = 6 THEN 2
                                           WHEN extract(isodow FROM s.sdt + s.transit) = 7 THEN 1 ELSE 0 END
                  + time '08:00' + s.r_tr * interval '9 hours') AT TIME ZONE 'America/Chicago' END,
       CASE s.mode WHEN 'PCL' THEN 1 + floor(s.r_ct * 6)::int ELSE 1 + floor(s.r_ct * s.r_ct * 14)::int END,
       round((CASE s.mode WHEN 'PCL' THEN 1 + s.r_wt * 30 ELSE 80 + s.r_wt * 1800 END)::numeric, 2),
       CASE s.mode WHEN 'PCL' THEN round((9 + s.r_wt * 30 * 0.95)::numeric, 2)
                   WHEN 'LTL' THEN round((145 + (80 + s.r_wt * 1800) * 0.38)::numeric, 2) END
FROM t_s2 s
ORDER BY s.ship_local, s.so_id, s.seq;

-- =========================================================================================== ops: purchasing
CREATE TABLE ops.po_hdr (
    po_id     integer PRIMARY KEY,
    po_no     varchar(10) NOT NULL UNIQUE,
    supp_id   integer NOT NULL REFERENCES mdm.supp (supp_id),
    whse_cd   char(3) NOT NULL REFERENCES inv.whse (whse_cd),
    po_dt     date NOT NULL,
    exp_dt    date,
    rcv_dt    date,
    po_stat   char(1) NOT NULL
);
COMMENT ON TABLE ops.po_hdr IS 'Purchase orders to suppliers (replenishment)';
COMMENT ON COLUMN ops.po_hdr.exp_dt IS 'Expected arrival date: PO date + supplier lead time (capped at 2026-10-31, the end of the loaded calendar)';
COMMENT ON COLUMN ops.po_hdr.rcv_dt IS 'Date the goods were received at the dock; NULL = not received yet';
COMMENT ON COLUMN ops.po_hdr.po_stat IS 'O open, P partially received, R received complete, X cancelled';

CREATE TEMP TABLE t_pr AS
SELECT g, random() AS r_day, random() AS r_supp, random() AS r_whse, random() AS r_st, random() AS r_rcv,
       random() AS r_n1, random() AS r_n2
FROM generate_series(1, 3000) AS g;

CREATE TEMP TABLE t_p1 AS
SELECT p.*, s.lead_days,
       CASE WHEN extract(isodow FROM p.d0) = 6 THEN p.d0 - 1 WHEN extract(isodow FROM p.d0) = 7 THEN p.d0 - 2 ELSE p.d0 END AS po_dt
FROM (SELECT t.*, 1 + floor(t.r_supp * 60)::int AS supp_id,
             date '2024-01-01' + floor(1034 * t.r_day ^ 0.85)::int AS d0
      FROM t_pr t) p
JOIN mdm.supp s ON s.supp_id = p.supp_id
ORDER BY p.g;

CREATE TEMP TABLE t_p2 AS
SELECT row_number() OVER (ORDER BY p.po_dt, p.g)::int AS po_id, p.*,
       CASE WHEN p.r_whse < 0.35 THEN 'CHI' WHEN p.r_whse < 0.55 THEN 'NJE' WHEN p.r_whse < 0.73 THEN 'ATL'
            WHEN p.r_whse < 0.88 THEN 'DAL' ELSE 'RNO' END AS whse_cd,
       least(p.po_dt + p.lead_days, date '2026-10-31') AS exp_dt,
       p.po_dt + p.lead_days - 2 + floor(p.r_rcv * 11)::int AS rcv0
FROM t_p1 p;

CREATE TEMP TABLE t_p3 AS
SELECT p.*,
       CASE WHEN p.r_st < 0.02 THEN 'X'
            WHEN p.rcv0 > date '2026-10-30' THEN 'O'
            WHEN p.r_st < 0.09 THEN 'P'
            ELSE 'R' END AS po_stat
FROM t_p2 p
ORDER BY p.po_id;

INSERT INTO ops.po_hdr
SELECT po_id, 'PO' || (400000 + po_id), supp_id, whse_cd, po_dt, exp_dt,
       CASE WHEN po_stat IN ('P', 'R') THEN rcv0 END, po_stat
FROM t_p3 ORDER BY po_id;

CREATE TABLE ops.po_line (
    po_id      integer NOT NULL REFERENCES ops.po_hdr (po_id),
    ln_no      smallint NOT NULL,
    item_no    varchar(10) NOT NULL REFERENCES mdm.item (item_no),
    qty        integer NOT NULL,
    qty_rcv    integer NOT NULL DEFAULT 0,
    unit_cost  numeric(10,2) NOT NULL,
    PRIMARY KEY (po_id, ln_no)
);
COMMENT ON COLUMN ops.po_line.qty_rcv IS 'Quantity received so far';
COMMENT ON COLUMN ops.po_line.unit_cost IS 'Negotiated cost per selling unit, USD';

CREATE TEMP TABLE t_pl0 AS
SELECT p.po_id, ln FROM t_p3 p, generate_series(1, 1 + floor(10 * p.r_n1 * p.r_n2)::int) AS ln
ORDER BY p.po_id, ln;
CREATE TEMP TABLE t_plr AS
SELECT po_id, ln, random() AS r_i, random() AS r_q, random() AS r_c, random() AS r_p FROM t_pl0;
CREATE TEMP TABLE t_isupp AS
SELECT i.item_no, i.supp_id, i.std_cost,
       row_number() OVER (PARTITION BY i.supp_id ORDER BY i.item_no) - 1 AS k,
       count(*) OVER (PARTITION BY i.supp_id) AS n
FROM mdm.item i;

CREATE TEMP TABLE t_pl1 AS
SELECT l.*, p.po_stat, p.rcv0, p.whse_cd, p.po_dt, s.item_no, s.std_cost,
       10 * (1 + floor(l.r_q * 50)::int) AS qty
FROM t_plr l
JOIN t_p3 p ON p.po_id = l.po_id
JOIN t_isupp s ON s.supp_id = p.supp_id AND s.k = floor(l.r_i * s.n)::int
ORDER BY l.po_id, l.ln;

INSERT INTO ops.po_line
SELECT po_id, ln, item_no, qty,
       CASE po_stat WHEN 'R' THEN qty WHEN 'P' THEN CASE WHEN r_p < 0.5 THEN floor(qty * r_p)::int ELSE qty END ELSE 0 END,
       round((std_cost * (0.95 + 0.10 * r_c))::numeric, 2)
FROM t_pl1 ORDER BY po_id, ln;

-- =========================================================================================== ops: returns
CREATE TABLE ops.rtn (
    rma_id      integer PRIMARY KEY,
    rma_no      varchar(10) NOT NULL UNIQUE,
    so_id       integer NOT NULL,
    ln_no       smallint NOT NULL,
    item_no     varchar(10) NOT NULL,
    qty         integer NOT NULL,
    rsn_cd      char(2) NOT NULL,
    created_dt  date NOT NULL,
    rcv_dt      date,
    cr_amt      numeric(10,2)
);
COMMENT ON TABLE ops.rtn IS 'Customer returns (RMAs)';
COMMENT ON COLUMN ops.rtn.rsn_cd IS 'Return reason: DM damaged in transit, WI wrong item shipped, NN not needed (customer changed mind, 15% restocking fee), DF defective, OS over-shipped';
COMMENT ON COLUMN ops.rtn.created_dt IS 'Date the RMA was issued';
COMMENT ON COLUMN ops.rtn.rcv_dt IS 'Date the goods came back to the DC; NULL = not received back yet';
COMMENT ON COLUMN ops.rtn.cr_amt IS 'Credit issued to the customer, USD (net of the restocking fee); NULL until the credit memo is posted';

CREATE TEMP TABLE t_r0 AS
SELECT l.so_id, l.ln, l.item_no, l.qty_ord - l.bo_qty AS qshp, l.unit_px, o.ship_dt, l.r_rtn
FROM t_l2 l JOIN t_o7 o ON o.so_id = l.so_id
WHERE l.st0 = 'shipped' AND NOT l.ds_flg AND l.r_rtn < 0.019
ORDER BY l.so_id, l.ln;
CREATE TEMP TABLE t_r1 AS
SELECT t.*, random() AS r_rs, random() AS r_q, random() AS r_cd, random() AS r_rc, random() AS r_cr FROM t_r0 t;

CREATE TEMP TABLE t_r2 AS
SELECT t.*,
       CASE WHEN r_rs < 0.31 THEN 'DM' WHEN r_rs < 0.53 THEN 'NN' WHEN r_rs < 0.73 THEN 'WI' WHEN r_rs < 0.90 THEN 'DF' ELSE 'OS' END AS rsn_cd,
       greatest(1, ceil(t.qshp * t.r_q))::int AS qty,
       t.ship_dt + 3 + floor(t.r_cd * 38)::int AS created_dt
FROM t_r1 t
ORDER BY so_id, ln;

INSERT INTO ops.rtn
SELECT row_number() OVER (ORDER BY created_dt, so_id, ln)::int,
       'RMA' || (70000 + row_number() OVER (ORDER BY created_dt, so_id, ln)),
       so_id, ln, item_no, qty, rsn_cd, created_dt,
       CASE WHEN created_dt + 3 + floor(r_rc * 13)::int <= date '2026-10-30' AND r_rc < 0.96
            THEN created_dt + 3 + floor(r_rc * 13)::int END,
       CASE WHEN created_dt + 3 + floor(r_rc * 13)::int + 2 > date '2026-10-30' OR r_cr < 0.03 THEN NULL
            WHEN rsn_cd = 'NN' THEN round(qty * unit_px * 0.85, 2)
            ELSE round(qty * unit_px, 2) END
FROM t_r2
WHERE created_dt <= date '2026-10-30'
ORDER BY created_dt, so_id, ln;

-- =========================================================================================== inv: transactions (partitioned)
CREATE TABLE inv.inv_txn (
    txn_id    bigint NOT NULL,
    txn_ts    timestamptz NOT NULL,
    whse_cd   char(3) NOT NULL,
    item_no   varchar(10) NOT NULL,
    txn_typ   char(3) NOT NULL,
    qty       integer NOT NULL,
    ref_doc   varchar(20),
    usr_id    varchar(8),
    PRIMARY KEY (txn_id, txn_ts)
) PARTITION BY RANGE (txn_ts);
COMMENT ON TABLE inv.inv_txn IS 'Inventory transaction log from the WMS, one partition per year';
COMMENT ON COLUMN inv.inv_txn.item_no IS 'SKU (no constraint: the WMS feed can send items before the item master has them)';
COMMENT ON COLUMN inv.inv_txn.txn_typ IS 'RCV receipt from a PO, PCK pick for a sales order, ADJ manual adjustment (damage, shrink), CYC cycle count correction, XFO transfer out to another DC, XFI transfer in, RTN customer return put back to stock';
COMMENT ON COLUMN inv.inv_txn.qty IS 'Signed quantity in selling units: negative leaves stock (PCK, XFO, negative ADJ/CYC)';
COMMENT ON COLUMN inv.inv_txn.ref_doc IS 'Source document: SO number, PO number, RMA number, count sheet or transfer number';
COMMENT ON COLUMN inv.inv_txn.usr_id IS 'RF scanner login of the warehouse associate';

CREATE TABLE inv.inv_txn_2024 PARTITION OF inv.inv_txn FOR VALUES FROM ('2024-01-01 00:00:00+00') TO ('2025-01-01 00:00:00+00');
CREATE TABLE inv.inv_txn_2025 PARTITION OF inv.inv_txn FOR VALUES FROM ('2025-01-01 00:00:00+00') TO ('2026-01-01 00:00:00+00');
CREATE TABLE inv.inv_txn_2026 PARTITION OF inv.inv_txn FOR VALUES FROM ('2026-01-01 00:00:00+00') TO ('2027-01-01 00:00:00+00');
CREATE TABLE inv.inv_txn_dflt PARTITION OF inv.inv_txn DEFAULT;

CREATE TEMP TABLE t_xr AS
SELECT g, random() AS r_typ, random() AS r_day, random() AS r_whse, random() AS r_item, random() AS r_q,
       random() AS r_t, random() AS r_u
FROM generate_series(1, 16000) AS g;

CREATE TEMP TABLE t_tx AS
-- picks: a sample of shipped, non drop-ship lines
SELECT 1 AS src, l.so_id AS k1, l.ln AS k2,
       ((o.ship_dt + time '05:00' + l.r_txn * 2.5 * interval '4 hours') AT TIME ZONE 'America/Chicago') AS txn_ts,
       o.whse_cd, l.item_no, 'PCK' AS txn_typ, -(l.qty_ord - l.bo_qty) AS qty,
       'SO-' || (1000000 + l.so_id) AS ref_doc,
       'RF' || lpad((1 + floor(l.r_txn * 1000)::int % 40)::text, 3, '0') AS usr_id
FROM t_l2 l JOIN t_o7 o ON o.so_id = l.so_id
WHERE l.st0 = 'shipped' AND NOT l.ds_flg AND l.r_txn < 0.36
UNION ALL
-- receipts
SELECT 2, p.po_id, p.ln,
       ((p.rcv0 + time '06:30' + p.r_c * interval '8 hours') AT TIME ZONE 'America/Chicago'),
       p.whse_cd, p.item_no, 'RCV', p.qty, 'PO' || (400000 + p.po_id),
       'RCV' || lpad((1 + floor(p.r_q * 1000)::int % 8)::text, 2, '0')
FROM t_pl1 p WHERE p.po_stat IN ('R', 'P')
UNION ALL
-- adjustments, cycle counts, transfers, return put-aways
SELECT 3, x.g, 0,
       ((x.d + time '06:00' + x.r_t * interval '10 hours') AT TIME ZONE 'America/Chicago'),
       x.whse_cd, i.item_no, x.txn_typ,
       CASE x.txn_typ WHEN 'CYC' THEN floor(x.r_q * 11)::int - 6
                      WHEN 'ADJ' THEN CASE WHEN x.r_q < 0.8 THEN -(1 + floor(x.r_q * 25)::int) ELSE 1 + floor(x.r_q * 10)::int END
                      WHEN 'XFO' THEN -(5 + floor(x.r_q * 120)::int)
                      WHEN 'XFI' THEN 5 + floor(x.r_q * 120)::int
                      ELSE 1 + floor(x.r_q * 6)::int END,
       CASE x.txn_typ WHEN 'CYC' THEN 'CC-' || to_char(x.d, 'YYYYMMDD') || '-' || x.whse_cd
                      WHEN 'ADJ' THEN 'ADJ-' || (500000 + x.g)
                      WHEN 'RTN' THEN 'RMA' || (70000 + floor(x.r_q * 1700)::int)
                      ELSE 'TO-' || (80000 + x.g / 2) END,
       'RF' || lpad((1 + floor(x.r_u * 40))::int::text, 3, '0')
FROM (SELECT t.*,
             CASE WHEN t.r_typ < 0.25 THEN 'ADJ' WHEN t.r_typ < 0.65 THEN 'CYC' WHEN t.r_typ < 0.77 THEN 'XFO'
                  WHEN t.r_typ < 0.89 THEN 'XFI' ELSE 'RTN' END AS txn_typ,
             CASE WHEN t.r_whse < 0.32 THEN 'CHI' WHEN t.r_whse < 0.54 THEN 'NJE' WHEN t.r_whse < 0.74 THEN 'ATL'
                  WHEN t.r_whse < 0.89 THEN 'DAL' ELSE 'RNO' END AS whse_cd,
             date '2024-01-02' + floor(1032 * t.r_day)::int AS d0
      FROM t_xr t) x0
CROSS JOIN LATERAL (SELECT x0.*, CASE WHEN extract(isodow FROM x0.d0) = 6 THEN x0.d0 - 1
                                      WHEN extract(isodow FROM x0.d0) = 7 THEN x0.d0 - 2 ELSE x0.d0 END AS d) x
JOIN t_item i ON i.id = 1 + floor(3000 * x.r_item ^ 1.6)::int;

INSERT INTO inv.inv_txn
SELECT row_number() OVER (ORDER BY txn_ts, src, k1, k2), txn_ts, whse_cd, item_no, txn_typ, qty, ref_doc, usr_id
FROM t_tx
WHERE txn_ts < timestamptz '2026-10-31 00:00:00+00'
ORDER BY txn_ts, src, k1, k2;

-- =========================================================================================== constraints (added after the bulk load, as pg_dump does)
ALTER TABLE inv.stock_bal ADD CONSTRAINT stock_bal_whse_cd_fkey FOREIGN KEY (whse_cd) REFERENCES inv.whse (whse_cd);
ALTER TABLE inv.stock_bal ADD CONSTRAINT stock_bal_item_no_fkey FOREIGN KEY (item_no) REFERENCES mdm.item (item_no);
ALTER TABLE inv.stock_bal ADD CONSTRAINT stock_bal_pick_bin_fkey FOREIGN KEY (pick_bin) REFERENCES inv.bin_loc (bin_id);
ALTER TABLE ops.so_hdr ADD CONSTRAINT so_hdr_cust_id_fkey FOREIGN KEY (cust_id) REFERENCES mdm.cust (cust_id);
ALTER TABLE ops.so_hdr ADD CONSTRAINT so_hdr_whse_cd_fkey FOREIGN KEY (whse_cd) REFERENCES inv.whse (whse_cd);
ALTER TABLE ops.so_line ADD CONSTRAINT so_line_so_id_fkey FOREIGN KEY (so_id) REFERENCES ops.so_hdr (so_id);
ALTER TABLE ops.so_line ADD CONSTRAINT so_line_item_no_fkey FOREIGN KEY (item_no) REFERENCES mdm.item (item_no);
ALTER TABLE ops.shpmt ADD CONSTRAINT shpmt_so_id_fkey FOREIGN KEY (so_id) REFERENCES ops.so_hdr (so_id);
ALTER TABLE ops.rtn ADD CONSTRAINT rtn_so_line_fkey FOREIGN KEY (so_id, ln_no) REFERENCES ops.so_line (so_id, ln_no);
-- (ops.shpmt.carrier_cd -> ops.carrier and inv.inv_txn.item_no -> mdm.item have no constraint)

-- =========================================================================================== indexes
CREATE INDEX ix_cust_rgn ON mdm.cust (rgn_cd);
CREATE INDEX ix_item_supp ON mdm.item (supp_id);
CREATE INDEX ix_item_upc ON mdm.item (upc);
CREATE INDEX ix_so_hdr_cust ON ops.so_hdr (cust_id, ord_dt);
CREATE INDEX ix_so_hdr_ord_dt ON ops.so_hdr (ord_dt);
CREATE INDEX ix_so_hdr_open ON ops.so_hdr (whse_cd) WHERE ship_dt IS NULL;
CREATE INDEX ix_so_line_item ON ops.so_line (item_no);
-- covering index added in 2024 for the old order-search screen (searched by description);
-- the new screen searches the item master instead
CREATE INDEX ix_so_line_descr ON ops.so_line (descr) INCLUDE (so_id, item_no, qty_ord);
CREATE INDEX ix_shpmt_so ON ops.shpmt (so_id);
CREATE INDEX ix_shpmt_ship_ts ON ops.shpmt (ship_ts);
CREATE INDEX ix_po_hdr_supp ON ops.po_hdr (supp_id, po_dt);
CREATE INDEX ix_inv_txn_item ON inv.inv_txn (item_no, txn_ts);
CREATE INDEX ix_inv_txn_ref ON inv.inv_txn (ref_doc);
-- (no index on ops.shpmt.trk_no, ops.shpmt.carrier_cd, ops.so_hdr.po_ref nor ops.rtn.so_id)

-- =========================================================================================== views
CREATE VIEW ops.v_open_ord AS
SELECT h.so_id, h.so_no, h.whse_cd, c.cust_no, c.cust_nm, h.ord_dt, h.req_dt, h.stat, h.pri, h.ord_amt,
       current_date - h.ord_dt AS age_days
FROM ops.so_hdr h
JOIN mdm.cust c ON c.cust_id = h.cust_id
WHERE h.ship_dt IS NULL AND h.stat <> 'cancelled';
COMMENT ON VIEW ops.v_open_ord IS 'Open order backlog: not shipped and not cancelled, with age in days';

DISCARD TEMP;
ANALYZE;

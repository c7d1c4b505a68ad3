-- =====================================================================
--  Lustre & Co Hair and Beauty — salon management database ("LCO")
--  Chain of hair and beauty salons in southern England and Leeds.
--  Data snapshot taken at close of business Saturday 19 October 2024.
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA org;
CREATE SCHEMA cli;
CREATE SCHEMA sales;

COMMENT ON SCHEMA org   IS 'Branches, staff, grades and commission, rota, absence, service menu and prices';
COMMENT ON SCHEMA cli   IS 'Clients, patch tests, gift vouchers, loyalty points';
COMMENT ON SCHEMA sales IS 'Appointments (diary), till transactions, retail products and stock';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- =====================================================================
--  org
-- =====================================================================
CREATE TABLE org.branch (
    branch_id    smallint PRIMARY KEY,
    br_cd        char(3) NOT NULL UNIQUE,
    br_nm        varchar(40) NOT NULL,
    town         varchar(40) NOT NULL,
    region_cd    char(1) NOT NULL,
    chairs       smallint NOT NULL,
    opened_dt    date NOT NULL,
    closed_dt    date,
    mgr_staff_id int,
    tel_no       varchar(20)
);
COMMENT ON TABLE  org.branch IS 'Our salons';
COMMENT ON COLUMN org.branch.region_cd IS 'Area: L = London, S = South & South West, E = East (Oxford/Cambridge), N = North';
COMMENT ON COLUMN org.branch.chairs IS 'Number of styling chairs / treatment beds';
COMMENT ON COLUMN org.branch.closed_dt IS 'Last trading day if the salon has closed; NULL = trading';
COMMENT ON COLUMN org.branch.mgr_staff_id IS 'Salon manager (org.staff.staff_id)';

CREATE TABLE org.grade (
    grade_cd      char(2) PRIMARY KEY,
    grade_nm      varchar(40) NOT NULL,
    role_cd       char(1) NOT NULL,
    lvl           smallint NOT NULL,
    std_comm_pct  numeric(4,1) NOT NULL
);
COMMENT ON TABLE  org.grade IS 'Staff grades (career ladder)';
COMMENT ON COLUMN org.grade.role_cd IS 'H = hair, B = beauty (nails, brows, lashes, waxing, facials), O = front of house / management';
COMMENT ON COLUMN org.grade.std_comm_pct IS 'Standard commission % for the grade when it was set up (individual rates live in staff_grade_hist)';

CREATE TABLE org.staff (
    staff_id    serial PRIMARY KEY,
    first_nm    varchar(30) NOT NULL,
    last_nm     varchar(30) NOT NULL,
    branch_id   smallint NOT NULL REFERENCES org.branch,
    role_cd     char(1) NOT NULL,
    emp_type    char(1) NOT NULL DEFAULT 'F',
    contr_hrs   numeric(4,1),
    start_dt    date NOT NULL,
    leave_dt    date,
    email       varchar(80) NOT NULL UNIQUE
);
COMMENT ON TABLE  org.staff IS 'Everybody who works or worked in our salons';
COMMENT ON COLUMN org.staff.role_cd IS 'H = hairdresser, B = beauty therapist, R = receptionist, M = salon manager';
COMMENT ON COLUMN org.staff.emp_type IS 'F = full-time employee, P = part-time employee, S = self-employed (rents a chair, commission only)';
COMMENT ON COLUMN org.staff.contr_hrs IS 'Contracted hours per week; NULL for self-employed';
COMMENT ON COLUMN org.staff.leave_dt IS 'Last working day; NULL = still with us';
COMMENT ON COLUMN org.staff.branch_id IS 'Home salon';

ALTER TABLE org.branch ADD CONSTRAINT fk_branch_mgr FOREIGN KEY (mgr_staff_id) REFERENCES org.staff;

CREATE TABLE org.staff_grade_hist (
    sgh_id      serial PRIMARY KEY,
    staff_id    int NOT NULL REFERENCES org.staff,
    grade_cd    char(2) NOT NULL REFERENCES org.grade,
    comm_pct    numeric(4,1) NOT NULL,
    valid_from  date NOT NULL,
    valid_to    date,
    chg_rsn     varchar(3)
);
COMMENT ON TABLE  org.staff_grade_hist IS 'Grade and commission rate of each staff member over time';
COMMENT ON COLUMN org.staff_grade_hist.comm_pct IS 'Commission % paid to the staff member on the service value (till amt_svc, before discounts) of the appointments they do';
COMMENT ON COLUMN org.staff_grade_hist.valid_from IS 'First day this grade/rate applied';
COMMENT ON COLUMN org.staff_grade_hist.valid_to IS 'Last day this grade/rate applied (inclusive); NULL = current';
COMMENT ON COLUMN org.staff_grade_hist.chg_rsn IS 'Why the row started: NEW = joined, PRO = promotion, RAT = commission rate change only (same grade)';

CREATE TABLE org.rota_shift (
    shift_id   serial PRIMARY KEY,
    staff_id   int NOT NULL REFERENCES org.staff,
    branch_id  smallint NOT NULL REFERENCES org.branch,
    shift_dt   date NOT NULL,
    shift_cd   char(1) NOT NULL,
    start_tm   time NOT NULL,
    end_tm     time NOT NULL,
    UNIQUE (staff_id, shift_dt)
);
COMMENT ON TABLE  org.rota_shift IS 'Published staff rota (kept from 1 April 2024; published two weeks ahead)';
COMMENT ON COLUMN org.rota_shift.shift_cd IS 'F = full day 09:00-18:00, E = early 08:00-14:00, L = late 12:00-20:00, H = half day 09:00-13:00';

CREATE TABLE org.staff_absence (
    abs_id     serial PRIMARY KEY,
    staff_id   int NOT NULL REFERENCES org.staff,
    abs_cd     char(1) NOT NULL,
    from_dt    date NOT NULL,
    to_dt      date,
    apprv_by   int REFERENCES org.staff,
    notes      varchar(120)
);
COMMENT ON TABLE  org.staff_absence IS 'Staff absence: leave, sickness, training';
COMMENT ON COLUMN org.staff_absence.abs_cd IS 'H = holiday (annual leave), S = sick, T = training course, C = compassionate leave, P = parental leave';
COMMENT ON COLUMN org.staff_absence.to_dt IS 'Last day of absence (inclusive); NULL = open-ended, not back yet';
COMMENT ON COLUMN org.staff_absence.apprv_by IS 'Manager who approved it; NULL = not approved yet (holiday requests) or not needed';

CREATE TABLE org.svc (
    svc_id      smallint PRIMARY KEY,
    svc_cd      varchar(6) NOT NULL UNIQUE,
    svc_nm      varchar(60) NOT NULL,
    cat_cd      char(3) NOT NULL,
    dur_min     smallint NOT NULL,
    needs_patch boolean NOT NULL DEFAULT false,
    active      boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  org.svc IS 'Service menu';
COMMENT ON COLUMN org.svc.cat_cd IS 'CUT = cutting, STY = styling / blow-dry / occasion hair, COL = colour, TRT = hair treatment, NAI = nails, BRW = brows and lashes, WAX = waxing, FAC = facials';
COMMENT ON COLUMN org.svc.needs_patch IS 'Client must have a clear patch test in the 6 months before the appointment (tints, lightener, lash products)';
COMMENT ON COLUMN org.svc.active IS 'false = withdrawn from the menu';

CREATE TABLE org.svc_price_hist (
    svc_id     smallint NOT NULL REFERENCES org.svc,
    price      numeric(7,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to   date,
    PRIMARY KEY (svc_id, valid_from)
);
COMMENT ON TABLE  org.svc_price_hist IS 'List price of each service over time (same in every salon), GBP incl. VAT';
COMMENT ON COLUMN org.svc_price_hist.valid_to IS 'Last day this price applied (inclusive); NULL = current price';

-- ---------------------------------------------------------------------
--  org data
-- ---------------------------------------------------------------------
INSERT INTO org.branch (branch_id, br_cd, br_nm, town, region_cd, chairs, opened_dt, closed_dt, tel_no) VALUES
 (1, 'KEN', 'Kensington',  'London',    'L', 14, '2009-03-02', NULL,         '020 7946 0101'),
 (2, 'SHO', 'Shoreditch',  'London',    'L', 12, '2014-09-06', NULL,         '020 7946 0202'),
 (3, 'RCH', 'Richmond',    'Richmond',  'L', 10, '2016-04-09', NULL,         '020 8496 0303'),
 (4, 'BTN', 'Brighton',    'Brighton',  'S', 10, '2012-05-12', NULL,         '01273 960404'),
 (5, 'BTH', 'Bath',        'Bath',      'S',  8, '2017-10-07', '2024-06-29', '01225 960505'),
 (6, 'OXF', 'Oxford',      'Oxford',    'E', 10, '2015-02-14', NULL,         '01865 960606'),
 (7, 'CAM', 'Cambridge',   'Cambridge', 'E',  9, '2019-11-02', NULL,         '01223 960707'),
 (8, 'LDS', 'Leeds',       'Leeds',     'N', 10, '2023-03-01', NULL,         '0113 496 0808');

INSERT INTO org.grade VALUES
 ('AP', 'Apprentice',               'H', 1,  0.0),
 ('JS', 'Junior Stylist',           'H', 2,  8.0),
 ('ST', 'Stylist',                  'H', 3, 10.0),
 ('SS', 'Senior Stylist',           'H', 4, 12.0),
 ('MS', 'Master Stylist',           'H', 5, 14.0),
 ('AD', 'Art Director',             'H', 6, 16.0),
 ('BT', 'Beauty Therapist',         'B', 1, 10.0),
 ('SB', 'Senior Beauty Therapist',  'B', 2, 12.0),
 ('RC', 'Receptionist',             'O', 1,  0.0),
 ('SM', 'Salon Manager',            'O', 2,  0.0);

-- staff 1..88: eleven per branch (manager, receptionist, 7 hair, 2 beauty); 89..100 earlier leavers
INSERT INTO org.staff (staff_id, first_nm, last_nm, branch_id, role_cd, emp_type, contr_hrs, start_dt, leave_dt, email)
SELECT i, fn, ln, br, role,
       et, CASE et WHEN 'F' THEN 37.5 WHEN 'P' THEN (ARRAY[22.5, 30.0])[1 + (i % 2)] END,
       st, lv,
       lower(fn) || '.' || lower(replace(ln, '''', '')) || '@lustreandco.co.uk'
FROM (
  SELECT i, fn, ln, br, role, st,
         CASE WHEN role IN ('M','R') THEN 'F'
              WHEN pg_temp.rnd('et' || i) < 0.18 THEN 'S'
              WHEN pg_temp.rnd('et' || i) < 0.36 THEN 'P' ELSE 'F' END AS et,
         CASE WHEN i > 88 THEN greatest(st + 150, date '2022-03-01' + floor(pg_temp.rnd('lv' || i) * 900)::int)
              WHEN br = 5 THEN date '2024-06-29' END AS lv
  FROM (
    SELECT i, br,
           (ARRAY['Sophie','Chloe','Jade','Megan','Holly','Amelia','Ellie','Lauren','Georgia','Hannah',
                  'Priya','Zara','Aisha','Freya','Lucy','Katie','Naomi','Olivia','Poppy','Ruby',
                  'Tom','Jamie','Marco','Luca','Sam','Dan','Ollie','Kieran','Ryan','Alex',
                  'Bethany','Courtney','Danielle','Emma','Fiona','Gemma','Isla','Jess','Leah','Maya'])[1 + (i - 1) % 40] AS fn,
           (ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Robinson',
                  'Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson',
                  'Clarke','Hughes','Turner','Hill','Moore','Khan','Lewis','Harris','Martin','Cooper',
                  'Ward','Morris','King','Baker','Ali','O''Brien','Kaur'])[1 + ((i - 1) * 13 + (i - 1) / 40) % 37] AS ln,
           CASE WHEN i <= 88 THEN (ARRAY['M','R','H','H','H','H','H','H','H','B','B'])[1 + (i - 1) / 8]
                WHEN i <= 96 THEN 'H' ELSE 'B' END AS role,
           CASE WHEN br = 8 THEN date '2023-02-13' + floor(pg_temp.rnd('st' || i) * 120)::int * (CASE WHEN pg_temp.rnd('st8' || i) < 0.6 THEN 0 ELSE 1 END)
                ELSE greatest(b.opened_dt - 30,
                              date '2024-08-01' - floor(pg_temp.rnd('st' || i) ^ 0.7 * 4200)::int) END AS st
    FROM (SELECT i, 1 + (i - 1) % 8 AS br FROM generate_series(1, 100) i) g
    JOIN org.branch b ON b.branch_id = g.br
  ) a
) x;
SELECT setval('org.staff_staff_id_seq', 100);

UPDATE org.branch b SET mgr_staff_id = b.branch_id;   -- staff 1..8 are the salon managers

-- grade / commission history
CREATE TEMP TABLE tmp_sgh AS
WITH s AS (
  SELECT staff_id, role_cd, emp_type, start_dt, leave_dt,
         COALESCE(leave_dt, date '2024-10-19') AS end_dt,
         pg_temp.rnd('gl' || staff_id) AS u0, pg_temp.rnd('gk' || staff_id) AS uk,
         pg_temp.rnd('g1' || staff_id) AS u1, pg_temp.rnd('g2' || staff_id) AS u2,
         CASE WHEN pg_temp.rnd('ga' || staff_id) < 0.25 THEN 1 ELSE 0 END AS adj
  FROM org.staff
), l AS (
  SELECT s.*,
         CASE role_cd WHEN 'H' THEN 1 + floor(u0 * 5)::int WHEN 'B' THEN 1 ELSE CASE role_cd WHEN 'R' THEN 1 ELSE 2 END END AS lvl0,
         CASE WHEN end_dt - start_dt < 240 OR role_cd IN ('M','R') THEN 0
              WHEN role_cd = 'B' THEN floor(uk * 2)::int
              ELSE floor(uk * 3)::int END AS k0
  FROM s
), l2 AS (
  SELECT l.*,
         CASE WHEN role_cd = 'H' THEN least(k0, 6 - lvl0) WHEN role_cd = 'B' THEN least(k0, 1) ELSE 0 END AS k,
         start_dt + ((end_dt - start_dt) * (0.25 + 0.5 * u1))::int AS p1
  FROM l
), l3 AS (
  SELECT l2.*, p1 + ((end_dt - p1) * (0.3 + 0.5 * u2))::int AS p2 FROM l2
)
SELECT l3.staff_id, l3.emp_type,
       CASE role_cd WHEN 'H' THEN (ARRAY['AP','JS','ST','SS','MS','AD'])[lvl0 + j]
                    WHEN 'B' THEN (ARRAY['BT','SB'])[lvl0 + j]
                    WHEN 'R' THEN 'RC' ELSE 'SM' END AS grade_cd,
       adj,
       (ARRAY[start_dt, p1, p2])[j + 1] AS valid_from,
       CASE WHEN j < k THEN (ARRAY[start_dt, p1, p2])[j + 2] - 1 ELSE leave_dt END AS valid_to,
       CASE WHEN j = 0 THEN 'NEW' ELSE 'PRO' END AS chg_rsn
FROM l3 CROSS JOIN LATERAL generate_series(0, l3.k) j;

-- company-wide commission review 1 April 2024: +1 point for Senior Stylist and above (employees)
INSERT INTO tmp_sgh
SELECT staff_id, emp_type, grade_cd, adj + 1, date '2024-04-01', valid_to, 'RAT'
FROM tmp_sgh
WHERE grade_cd IN ('SS','MS','AD') AND emp_type <> 'S'
  AND valid_from < '2024-04-01' AND (valid_to IS NULL OR valid_to >= '2024-04-01');
UPDATE tmp_sgh SET valid_to = '2024-03-31'
WHERE grade_cd IN ('SS','MS','AD') AND emp_type <> 'S' AND chg_rsn <> 'RAT'
  AND valid_from < '2024-04-01' AND (valid_to IS NULL OR valid_to >= '2024-04-01');

INSERT INTO org.staff_grade_hist (staff_id, grade_cd, comm_pct, valid_from, valid_to, chg_rsn)
SELECT t.staff_id, t.grade_cd,
       CASE WHEN t.emp_type = 'S' AND g.role_cd <> 'O' THEN 40 + g.lvl ELSE g.std_comm_pct + CASE WHEN g.std_comm_pct > 0 THEN t.adj ELSE 0 END END,
       t.valid_from, t.valid_to, t.chg_rsn
FROM tmp_sgh t JOIN org.grade g ON g.grade_cd = t.grade_cd
ORDER BY t.staff_id, t.valid_from;

-- service menu and prices
INSERT INTO org.svc (svc_id, svc_cd, svc_nm, cat_cd, dur_min, needs_patch, active) VALUES
 ( 1, 'LCF', 'Ladies cut & finish',        'CUT',  60, false, true),
 ( 2, 'LRS', 'Ladies restyle',             'CUT',  75, false, true),
 ( 3, 'GCT', 'Gents cut',                  'CUT',  30, false, true),
 ( 4, 'KCT', 'Child cut (under 12)',       'CUT',  30, false, true),
 ( 5, 'FRT', 'Fringe trim',                'CUT',  15, false, true),
 ( 6, 'BDR', 'Blow dry',                   'STY',  45, false, true),
 ( 7, 'HUP', 'Hair up / occasion',         'STY',  60, false, true),
 ( 8, 'BRT', 'Bridal trial',               'STY',  90, false, true),
 ( 9, 'FHT', 'Full head tint',             'COL', 120, true,  true),
 (10, 'RTT', 'Root tint',                  'COL',  90, true,  true),
 (11, 'FHH', 'Full head highlights',       'COL', 150, true,  true),
 (12, 'HHH', 'Half head highlights',       'COL', 120, true,  true),
 (13, 'BAL', 'Balayage',                   'COL', 180, true,  true),
 (14, 'TGL', 'Toner / gloss',              'COL',  45, true,  true),
 (15, 'CCR', 'Colour correction (1 hour)', 'COL',  60, true,  true),
 (16, 'OLX', 'Olaplex treatment',          'TRT',  30, false, true),
 (17, 'KER', 'Keratin smoothing',          'TRT', 150, false, true),
 (18, 'SCP', 'Scalp treatment',            'TRT',  30, false, false),
 (19, 'GMN', 'Gel manicure',               'NAI',  45, false, true),
 (20, 'GPD', 'Gel pedicure',               'NAI',  60, false, true),
 (21, 'GRM', 'Gel removal',                'NAI',  20, false, true),
 (22, 'BSH', 'Brow shape',                 'BRW',  20, false, true),
 (23, 'BTT', 'Brow tint',                  'BRW',  15, true,  true),
 (24, 'LTN', 'Lash tint',                  'BRW',  20, true,  true),
 (25, 'LLF', 'Lash lift',                  'BRW',  60, true,  true),
 (26, 'HLW', 'Half leg wax',               'WAX',  30, false, true),
 (27, 'FLW', 'Full leg wax',               'WAX',  45, false, true),
 (28, 'BKW', 'Bikini wax',                 'WAX',  20, false, true),
 (29, 'SFC', 'Signature facial',           'FAC',  60, false, true),
 (30, 'EFC', 'Express facial',             'FAC',  30, false, true);

CREATE TEMP TABLE tmp_p0 (svc_id smallint, p0 numeric);
INSERT INTO tmp_p0 VALUES (1,58),(2,72),(3,34),(4,22),(5,10),(6,35),(7,65),(8,95),(9,85),(10,62),(11,135),(12,98),
 (13,160),(14,38),(15,90),(16,30),(17,220),(18,25),(19,32),(20,40),(21,12),(22,18),(23,14),(24,18),(25,55),
 (26,24),(27,36),(28,18),(29,70),(30,40);

INSERT INTO org.svc_price_hist (svc_id, price, valid_from, valid_to)
SELECT p.svc_id, p.p0, '2021-01-04', '2022-12-31' FROM tmp_p0 p;
INSERT INTO org.svc_price_hist (svc_id, price, valid_from, valid_to)
SELECT p.svc_id, round(p.p0 * 1.06), '2023-01-01',
       CASE WHEN s.cat_cd IN ('NAI','WAX') THEN NULL ELSE date '2024-03-31' END
FROM tmp_p0 p JOIN org.svc s ON s.svc_id = p.svc_id;
INSERT INTO org.svc_price_hist (svc_id, price, valid_from, valid_to)
SELECT p.svc_id, round(round(p.p0 * 1.06) * 1.05), '2024-04-01', CASE WHEN p.svc_id = 13 THEN date '2024-08-31' END
FROM tmp_p0 p JOIN org.svc s ON s.svc_id = p.svc_id
WHERE s.cat_cd NOT IN ('NAI','WAX') AND s.svc_id <> 18;
INSERT INTO org.svc_price_hist (svc_id, price, valid_from, valid_to) VALUES (13, 185.00, '2024-09-01', NULL);

-- absences: holidays, sickness, training, plus a few specific long ones
INSERT INTO org.staff_absence (staff_id, abs_cd, from_dt, to_dt, apprv_by, notes)
SELECT staff_id, abs_cd, from_dt, to_dt,
       CASE WHEN abs_cd = 'S' THEN NULL
            WHEN abs_cd = 'H' AND from_dt > '2024-10-19' AND pg_temp.rnd('ap' || staff_id || from_dt) < 0.3 THEN NULL
            WHEN staff_id = 1 THEN 2
            WHEN role_cd = 'M' THEN 1
            ELSE branch_id END,
       CASE WHEN abs_cd = 'T' THEN (ARRAY['L''Oreal colour course','Wella balayage masterclass','Olaplex certification','First aid refresher','Lash lift training'])[1 + floor(pg_temp.rnd('tn' || staff_id || from_dt) * 5)::int] END
FROM (
  SELECT s.staff_id, s.role_cd, s.branch_id, x.abs_cd, x.from_dt, x.from_dt + x.len - 1 AS to_dt, s.start_dt, s.leave_dt
  FROM org.staff s
  CROSS JOIN LATERAL (
    SELECT 'H'::char(1) AS abs_cd,
           make_date(y, 1, 6) + floor(pg_temp.rnd('hf' || s.staff_id || y || n) * 350)::int AS from_dt,
           3 + floor(pg_temp.rnd('hl' || s.staff_id || y || n) * 8)::int AS len
    FROM generate_series(2022, 2024) y, generate_series(1, 3) n
    UNION ALL
    SELECT 'S', make_date(y, 1, 3) + floor(pg_temp.rnd('sf' || s.staff_id || y || n) * 360)::int,
           CASE WHEN pg_temp.rnd('sl2' || s.staff_id || y || n) < 0.1 THEN 5 + floor(pg_temp.rnd('sl' || s.staff_id || y || n) * 10)::int
                ELSE 1 + floor(pg_temp.rnd('sl' || s.staff_id || y || n) * 3)::int END
    FROM generate_series(2022, 2024) y, generate_series(1, 4) n
    WHERE pg_temp.rnd('sk' || s.staff_id || y || n) < 0.55
    UNION ALL
    SELECT 'T', make_date(y, 2, 1) + floor(pg_temp.rnd('tf' || s.staff_id || y) * 300)::int, 1
    FROM generate_series(2022, 2024) y
    WHERE s.role_cd IN ('H','B')
    UNION ALL
    SELECT 'C', date '2022-04-01' + floor(pg_temp.rnd('cf' || s.staff_id) * 900)::int, 3
    WHERE pg_temp.rnd('cc' || s.staff_id) < 0.12
  ) x
) a
WHERE from_dt >= start_dt
  AND (leave_dt IS NULL OR to_dt <= leave_dt)
  AND NOT (abs_cd IN ('S','C','T') AND from_dt > '2024-10-19')
  AND NOT (abs_cd = 'S' AND to_dt >= '2024-10-08')
  AND NOT (staff_id IN (27, 60, 74) AND to_dt >= '2024-07-01')
ORDER BY from_dt, staff_id;

INSERT INTO org.staff_absence (staff_id, abs_cd, from_dt, to_dt, apprv_by, notes) VALUES
 (27, 'S', '2024-10-08', NULL,         NULL, 'Back injury - fit note to 1 Nov'),
 (60, 'S', '2024-10-16', NULL,         NULL, 'Flu'),
 (44, 'S', '2024-10-18', '2024-10-19', NULL, NULL),
 (74, 'P', '2024-08-05', NULL,         2,    'Maternity leave'),
 (35, 'P', '2023-01-09', '2023-09-29', 3,    'Maternity leave'),
 (50, 'C', '2024-10-17', '2024-10-21', 2,    NULL);

-- rota from Monday 1 April 2024 to Sunday 3 November 2024 (salons close on Mondays)
INSERT INTO org.rota_shift (staff_id, branch_id, shift_dt, shift_cd, start_tm, end_tm)
SELECT staff_id, branch_id, d, sc,
       CASE sc WHEN 'F' THEN time '09:00' WHEN 'E' THEN time '08:00' WHEN 'L' THEN time '12:00' ELSE time '09:00' END,
       CASE sc WHEN 'F' THEN time '18:00' WHEN 'E' THEN time '14:00' WHEN 'L' THEN time '20:00' ELSE time '13:00' END
FROM (
  SELECT s.staff_id, s.branch_id, d::date AS d,
         CASE WHEN s.emp_type = 'P' AND pg_temp.rnd('rs' || s.staff_id || d) < 0.5 THEN 'H'
              WHEN pg_temp.rnd('rs' || s.staff_id || d) < 0.62 THEN 'F'
              WHEN pg_temp.rnd('rs' || s.staff_id || d) < 0.81 THEN 'E' ELSE 'L' END AS sc
  FROM org.staff s
  JOIN org.branch b ON b.branch_id = s.branch_id
  CROSS JOIN generate_series(date '2024-04-01', date '2024-11-03', interval '1 day') d
  WHERE extract(isodow FROM d) <> 1
    AND s.start_dt <= d AND (s.leave_dt IS NULL OR s.leave_dt >= d)
    AND (b.closed_dt IS NULL OR b.closed_dt >= d)
    AND extract(isodow FROM d) <> 2 + (s.staff_id % 6)                                   -- weekly day off
    AND NOT (s.emp_type = 'P' AND extract(isodow FROM d) IN (2 + ((s.staff_id + 2) % 6), 2 + ((s.staff_id + 4) % 6)))
    AND NOT EXISTS (SELECT 1 FROM org.staff_absence a
                    WHERE a.staff_id = s.staff_id AND a.abs_cd IN ('H','P','T')
                      AND d BETWEEN a.from_dt AND COALESCE(a.to_dt, date '2099-12-31'))
) x
ORDER BY d, staff_id;

-- =====================================================================
--  cli
-- =====================================================================
CREATE TABLE cli.client (
    client_id      serial PRIMARY KEY,
    first_nm       varchar(30) NOT NULL,
    last_nm        varchar(30) NOT NULL,
    email          varchar(100),
    mob_no         varchar(15),
    postcode       varchar(8),
    dob            date,
    gender_cd      char(1),
    home_br_id     smallint REFERENCES org.branch,
    src_cd         char(3) NOT NULL,
    reg_dt         date NOT NULL,
    lty_join_dt    date,
    prefs          jsonb NOT NULL DEFAULT '{}',
    gdpr_erased_at timestamp
);
COMMENT ON TABLE  cli.client IS 'Salon clients (customers)';
COMMENT ON COLUMN cli.client.gender_cd IS 'F = female, M = male, X = non-binary / other; NULL = not given';
COMMENT ON COLUMN cli.client.home_br_id IS 'Salon the client normally visits; NULL = none set';
COMMENT ON COLUMN cli.client.src_cd IS 'How the client found us: WEB = our website, INS = Instagram, REF = recommended by a friend, WLK = walked past / walked in, TRW = Treatwell marketplace, GGL = Google search or Maps, GRP = Groupon deal';
COMMENT ON COLUMN cli.client.lty_join_dt IS 'Date the client joined the Lustre Rewards loyalty scheme; NULL = not a member';
COMMENT ON COLUMN cli.client.prefs IS 'Client card: {"contact": {"sms": bool, "email": bool, "post": bool} = marketing consent per channel, "hair": {"type": straight|wavy|curly|coily, "length": short|medium|long, "colour_treated": bool}, "allergies": [..] (e.g. PPD, latex, nickel, fragrance), "drink": usual drink, "pref_staff_id": preferred stylist}. Records migrated from the old system before 2018 have no "hair" key.';
COMMENT ON COLUMN cli.client.gdpr_erased_at IS 'Set when the client asked to be forgotten: personal data wiped (names = ERASED), history kept';

CREATE TABLE cli.patch_test (
    test_id      serial PRIMARY KEY,
    client_id    int NOT NULL REFERENCES cli.client,
    branch_id    smallint NOT NULL REFERENCES org.branch,
    staff_id     int NOT NULL REFERENCES org.staff,
    test_dt      date NOT NULL,
    prod_line    varchar(30) NOT NULL,
    result_cd    char(1),
    read_dt      date
);
COMMENT ON TABLE  cli.patch_test IS 'Allergy (skin) patch tests done before tint / colour / lash services';
COMMENT ON COLUMN cli.patch_test.result_cd IS 'C = clear (no reaction, OK to proceed), R = reaction (do not use the product); NULL = not read yet or client never came back for the check';
COMMENT ON COLUMN cli.patch_test.read_dt IS 'Date the result was checked (48 hours after the test)';

CREATE TABLE cli.gift_voucher (
    voucher_id     serial PRIMARY KEY,
    vcode          varchar(12) NOT NULL UNIQUE,
    issued_dt      date NOT NULL,
    issued_br_id   smallint REFERENCES org.branch,
    buyer_client_id int REFERENCES cli.client,
    face_val       numeric(7,2) NOT NULL,
    bal_amt        numeric(7,2) NOT NULL,
    exp_dt         date NOT NULL,
    sts_cd         char(1) NOT NULL
);
COMMENT ON TABLE  cli.gift_voucher IS 'Gift vouchers sold (in salon or online)';
COMMENT ON COLUMN cli.gift_voucher.issued_br_id IS 'Salon that sold it; NULL = bought on our website';
COMMENT ON COLUMN cli.gift_voucher.buyer_client_id IS 'Purchaser if they are a client; NULL = not known';
COMMENT ON COLUMN cli.gift_voucher.bal_amt IS 'Value left on the voucher';
COMMENT ON COLUMN cli.gift_voucher.exp_dt IS 'Voucher can be used up to and including this date';
COMMENT ON COLUMN cli.gift_voucher.sts_cd IS 'A = active, R = fully redeemed, X = expired (set by the month-end job on the 1st), C = cancelled / refunded';

CREATE TABLE cli.loyalty_txn (
    lty_id       serial PRIMARY KEY,
    client_id    int NOT NULL,
    txn_ts       timestamp NOT NULL,
    lty_type     char(1) NOT NULL,
    pts          int NOT NULL,
    till_txn_id  bigint
);
COMMENT ON TABLE  cli.loyalty_txn IS 'Lustre Rewards points ledger; a client''s balance is the sum of pts';
COMMENT ON COLUMN cli.loyalty_txn.lty_type IS 'E = earned on a purchase (1 point per pound), R = redeemed (500 points = 5 pounds off), B = birthday bonus, X = expired (no visit for a year), A = manual adjustment / goodwill';
COMMENT ON COLUMN cli.loyalty_txn.pts IS 'Points: positive = added, negative = taken off';
COMMENT ON COLUMN cli.loyalty_txn.till_txn_id IS 'Till transaction the points relate to (not enforced)';

-- =====================================================================
--  sales
-- =====================================================================
CREATE TYPE sales.appt_sts AS ENUM ('booked','confirmed','completed','cancelled','late_cancel','no_show');
COMMENT ON TYPE sales.appt_sts IS 'booked = in the diary; confirmed = client confirmed from the 48-hour reminder; completed = done and paid; cancelled = cancelled 24 hours or more ahead (or by us); late_cancel = cancelled less than 24 hours ahead (50% charge); no_show = client did not turn up';

CREATE TABLE sales.appointment (
    appt_id      serial PRIMARY KEY,
    branch_id    smallint NOT NULL REFERENCES org.branch,
    client_id    int,
    staff_id     int NOT NULL,
    svc_id       smallint NOT NULL,
    start_at     timestamp NOT NULL,
    dur_min      smallint NOT NULL,
    price_quoted numeric(7,2) NOT NULL,
    deposit_amt  numeric(7,2),
    booked_via   char(1) NOT NULL,
    booked_at    timestamp NOT NULL,
    sts          sales.appt_sts NOT NULL DEFAULT 'booked',
    cxl_rsn      char(3),
    sync_ts      timestamp
);
COMMENT ON TABLE  sales.appointment IS 'Salon diary: one row per booked service (current status in sts, full history in appt_sts_log)';
COMMENT ON COLUMN sales.appointment.client_id IS 'NULL = walk-in client not registered';
COMMENT ON COLUMN sales.appointment.price_quoted IS 'List price of the service on the appointment date';
COMMENT ON COLUMN sales.appointment.deposit_amt IS 'Deposit taken at booking (online colour bookings of 100 pounds or more); NULL = no deposit';
COMMENT ON COLUMN sales.appointment.booked_via IS 'O = online booking page, A = mobile app (since June 2023), P = phone, S = in salon (rebooked at the till), W = walk-in';
COMMENT ON COLUMN sales.appointment.cxl_rsn IS 'Cancellation reason: ILL = client unwell, DIA = diary clash / moving the appointment, PTR = patch test reaction, STF = cancelled by us (staff absence), OTH = other; NULL = none given';
COMMENT ON COLUMN sales.appointment.sync_ts IS 'Last push to the online booking platform';

CREATE TABLE sales.appt_sts_log (
    log_id     serial PRIMARY KEY,
    appt_id    int NOT NULL,
    sts        sales.appt_sts NOT NULL,
    chg_at     timestamp NOT NULL,
    chg_by     int
);
COMMENT ON TABLE  sales.appt_sts_log IS 'Every status change of every appointment';
COMMENT ON COLUMN sales.appt_sts_log.chg_by IS 'Staff member who made the change; NULL = done by the client online / in the app or by the system';

CREATE TABLE sales.product (
    prod_id    smallint PRIMARY KEY,
    sku        varchar(10) NOT NULL UNIQUE,
    prod_nm    varchar(60) NOT NULL,
    brand      varchar(30) NOT NULL,
    cat_cd     char(2) NOT NULL,
    rrp        numeric(7,2) NOT NULL,
    cost_amt   numeric(7,2) NOT NULL,
    disc_flg   boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  sales.product IS 'Retail products sold in the salons';
COMMENT ON COLUMN sales.product.cat_cd IS 'SH = shampoo, CO = conditioner, TR = treatment / mask / oil, ST = styling product, EL = electrical (dryers, stylers), AC = accessories and gift sets, BT = beauty aftercare (skin, nails, brows)';
COMMENT ON COLUMN sales.product.rrp IS 'Retail price incl. VAT';
COMMENT ON COLUMN sales.product.cost_amt IS 'Our cost price per unit, ex VAT';
COMMENT ON COLUMN sales.product.disc_flg IS 'Discontinued: no longer reordered (last sales in 2023)';

CREATE TABLE sales.stock_level (
    branch_id    smallint NOT NULL REFERENCES org.branch,
    prod_id      smallint NOT NULL REFERENCES sales.product,
    qty_on_hand  int NOT NULL,
    reorder_lvl  int NOT NULL,
    last_cnt_dt  date,
    PRIMARY KEY (branch_id, prod_id)
);
COMMENT ON TABLE  sales.stock_level IS 'Current stock of each product in each trading salon';
COMMENT ON COLUMN sales.stock_level.reorder_lvl IS 'Reorder when qty_on_hand falls below this';
COMMENT ON COLUMN sales.stock_level.last_cnt_dt IS 'Date of the last physical stock count; NULL = never counted';

CREATE TABLE sales.till_txn (
    txn_id      bigint NOT NULL,
    txn_dt      date NOT NULL,
    txn_ts      timestamp NOT NULL,
    branch_id   smallint NOT NULL REFERENCES org.branch,
    txn_type    char(1) NOT NULL,
    appt_id     int,
    client_id   int,
    staff_id    int,
    amt_svc     numeric(9,2) NOT NULL DEFAULT 0,
    amt_retail  numeric(9,2) NOT NULL DEFAULT 0,
    amt_disc    numeric(9,2) NOT NULL DEFAULT 0,
    amt_net     numeric(9,2) NOT NULL,
    amt_tip     numeric(7,2),
    pay_cd      char(2) NOT NULL,
    voucher_id  int,
    PRIMARY KEY (txn_id, txn_dt)
) PARTITION BY RANGE (txn_dt);
CREATE TABLE sales.till_txn_2022 PARTITION OF sales.till_txn FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE sales.till_txn_2023 PARTITION OF sales.till_txn FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE sales.till_txn_2024 PARTITION OF sales.till_txn FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
COMMENT ON TABLE  sales.till_txn IS 'Till (EPOS) transactions, partitioned by year of txn_dt; amounts in GBP incl. VAT';
COMMENT ON COLUMN sales.till_txn.txn_type IS 'S = service sale (an appointment, plus any products bought with it), R = retail only, L = late-cancellation charge, F = refund (negative amounts)';
COMMENT ON COLUMN sales.till_txn.staff_id IS 'Stylist / therapist who did the service, or who served at the till for retail';
COMMENT ON COLUMN sales.till_txn.amt_svc IS 'Service value at list price';
COMMENT ON COLUMN sales.till_txn.amt_retail IS 'Products sold (sum of retail_sale lines)';
COMMENT ON COLUMN sales.till_txn.amt_disc IS 'Discount given (staff / friends and family 10%, Tuesday student 15%)';
COMMENT ON COLUMN sales.till_txn.amt_net IS 'Amount taken = amt_svc + amt_retail - amt_disc (tips not included)';
COMMENT ON COLUMN sales.till_txn.amt_tip IS 'Tip added on card for the stylist; NULL = none';
COMMENT ON COLUMN sales.till_txn.pay_cd IS 'CD = card, CA = cash, GV = gift voucher, SP = split payment';

CREATE TABLE sales.retail_sale (
    line_id     serial PRIMARY KEY,
    txn_id      bigint NOT NULL,
    txn_dt      date NOT NULL,
    prod_id     smallint NOT NULL,
    qty         smallint NOT NULL,
    unit_price  numeric(7,2) NOT NULL,
    line_amt    numeric(9,2) NOT NULL
);
COMMENT ON TABLE sales.retail_sale IS 'Products sold: one line per product on a till transaction';

-- ---------------------------------------------------------------------
--  diary generation (temp tables)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE tmp_sw (svc_id smallint, grp char(1), w numeric);
INSERT INTO tmp_sw VALUES
 (1,'H',22),(2,'H',4),(3,'H',10),(4,'H',4),(5,'H',3),(6,'H',12),(7,'H',3),(8,'H',1),(9,'H',6),(10,'H',10),
 (11,'H',6),(12,'H',6),(13,'H',5),(14,'H',4),(15,'H',1),(16,'H',3),(17,'H',1),(18,'H',1),
 (19,'B',25),(20,'B',10),(21,'B',5),(22,'B',15),(23,'B',8),(24,'B',6),(25,'B',8),(26,'B',6),(27,'B',5),
 (28,'B',5),(29,'B',4),(30,'B',4);
CREATE TEMP TABLE tmp_swc AS
SELECT svc_id, grp,
       (sum(w) OVER (PARTITION BY grp ORDER BY svc_id) - w) / sum(w) OVER (PARTITION BY grp) AS lo,
       sum(w) OVER (PARTITION BY grp ORDER BY svc_id) / sum(w) OVER (PARTITION BY grp) AS hi
FROM tmp_sw;

CREATE TEMP TABLE tmp_slot AS
SELECT branch_id, d, k, key,
       CASE WHEN pg_temp.rnd('g' || key) < 0.24 THEN 'B' ELSE 'H' END AS grp,
       pg_temp.rnd('sv' || key) AS usv
FROM (
SELECT b.branch_id, d::date AS d, k, b.branch_id || '-' || d::date || '-' || k AS key
FROM org.branch b
CROSS JOIN generate_series(date '2022-01-04', date '2024-11-30', interval '1 day') d
CROSS JOIN LATERAL generate_series(1, round(
        b.chairs
        * (ARRAY[1, 0.8, 0.9, 1.05, 1.2, 1.45, 0.6])[extract(isodow FROM d)::int]
        * CASE extract(month FROM d) WHEN 12 THEN 1.3 WHEN 1 THEN 0.8 WHEN 8 THEN 0.9 ELSE 1 END
        * CASE extract(year FROM d) WHEN 2022 THEN 0.92 WHEN 2023 THEN 1.0 ELSE 1.04 END
        * (0.85 + 0.3 * pg_temp.rnd('n' || b.branch_id || d))
        * CASE WHEN d > '2024-10-19' THEN greatest(0.08, 1 - (d::date - date '2024-10-19') / 42.0) ELSE 1 END
        * CASE WHEN b.branch_id = 8 THEN least(1, 0.4 + (d::date - date '2023-03-01') / 300.0) ELSE 1 END)::int) k
WHERE extract(isodow FROM d) <> 1
  AND to_char(d, 'MM-DD') NOT IN ('12-25', '12-26', '01-01')
  AND b.opened_dt <= d AND (b.closed_dt IS NULL OR d <= b.closed_dt)
) z;

CREATE TEMP TABLE tmp_elig AS
SELECT x.branch_id, x.d, st.role_cd AS grp, array_agg(st.staff_id ORDER BY st.staff_id) AS ids
FROM (SELECT DISTINCT branch_id, d FROM tmp_slot) x
JOIN org.staff st ON st.branch_id = x.branch_id AND st.role_cd IN ('H','B')
                 AND st.start_dt <= x.d AND (st.leave_dt IS NULL OR st.leave_dt >= x.d)
GROUP BY x.branch_id, x.d, st.role_cd;

-- client base: 3,000 clients per salon (client_id = branch_id + 8 * j); each is a regular between
-- a start date and a lapse date; on a given day the salon's active clients are drawn with a skew
CREATE TEMP TABLE tmp_cli AS
SELECT id AS cid, br AS cbr, j0, j0 + floor(-ln(1 - pg_temp.rnd('lz' || id)) * 1100)::int AS l0, pg_temp.rnd('rk' || id) AS rk
FROM (SELECT g.id, 1 + (g.id - 1) % 8 AS br,
             lo + floor(pg_temp.rnd('j0' || g.id) * (least(date '2024-10-19', COALESCE(b.closed_dt, date '2024-10-19')) - lo))::int AS j0
      FROM generate_series(1, 24000) g(id)
      JOIN org.branch b ON b.branch_id = 1 + (g.id - 1) % 8
      CROSS JOIN LATERAL (SELECT CASE WHEN b.branch_id = 8 THEN date '2023-02-15' ELSE greatest(date '2015-01-05', b.opened_dt - 14) END AS lo) l) x;
CREATE TEMP TABLE tmp_act AS
SELECT c.cbr AS br, m::date AS m, array_agg(c.cid ORDER BY c.rk) AS ids
FROM tmp_cli c
JOIN generate_series(date '2022-01-01', date '2024-11-01', interval '1 month') m
  ON c.j0 < m + interval '1 month' AND c.l0 >= m
GROUP BY c.cbr, m;

CREATE TEMP TABLE tmp_appt AS
SELECT s.branch_id, s.d, s.key, w.svc_id AS svc0,
       e.ids[1 + floor(pg_temp.rnd('sf' || s.key) * cardinality(e.ids))::int] AS staff_id,
       s.d + time '09:00' + floor(pg_temp.rnd('t' || s.key) * 17)::int * interval '30 minutes' AS start_at,
       CASE WHEN pg_temp.rnd('w' || s.key) < 0.03 THEN NULL
            ELSE ca.ids[1 + floor(cardinality(ca.ids) * pg_temp.rnd('c' || s.key) ^ 1.4)::int] END AS client_id,
       pg_temp.rnd('v' || s.key) AS uv, pg_temp.rnd('l' || s.key) AS ul, pg_temp.rnd('s' || s.key) AS us,
       pg_temp.rnd('r' || s.key) AS ur
FROM tmp_slot s
JOIN tmp_swc w ON w.grp = s.grp AND s.usv >= w.lo AND s.usv < w.hi
JOIN tmp_elig e ON e.branch_id = s.branch_id AND e.d = s.d AND e.grp = s.grp
JOIN tmp_act ca ON ca.br = s.branch_id AND ca.m = date_trunc('month', s.d)::date;

ALTER TABLE tmp_appt ADD COLUMN svc_id smallint, ADD COLUMN booked_via char(1), ADD COLUMN booked_at timestamp,
                     ADD COLUMN sts sales.appt_sts, ADD COLUMN cxl_rsn char(3);
UPDATE tmp_appt SET
  svc_id = CASE WHEN svc0 = 18 AND d > '2024-03-31' THEN 16 ELSE svc0 END,
  booked_via = CASE WHEN client_id IS NULL THEN 'W'
                    WHEN uv < 0.45 THEN 'O'
                    WHEN uv < 0.72 THEN 'P'
                    WHEN uv < 0.93 THEN 'S'
                    WHEN d >= '2023-06-01' THEN 'A' ELSE 'O' END;
UPDATE tmp_appt SET booked_at = CASE
    WHEN booked_via = 'W' THEN start_at - interval '15 minutes'
    ELSE least(start_at - (CASE WHEN booked_via = 'S' THEN 28 + floor(ul * 35) ELSE floor(ul ^ 2 * 45) END) * interval '1 day'
                        - (1 + floor(pg_temp.rnd('bh' || key) * 9)) * interval '1 hour',
               timestamp '2024-10-19 17:30' - floor(ul * 30) * interval '1 day' - floor(pg_temp.rnd('bh' || key) * 9) * interval '1 hour')
  END;
UPDATE tmp_appt SET sts = CASE
    WHEN start_at >= '2024-10-20' THEN
         CASE WHEN us < 0.05 AND booked_at < '2024-10-19 12:00' AND start_at - booked_at > interval '2 days' THEN 'cancelled'
              WHEN d = '2024-10-20' AND us > 0.3 THEN 'confirmed' ELSE 'booked' END
    WHEN booked_via = 'W' THEN 'completed'
    WHEN us < 0.03 + CASE WHEN booked_via = 'O' THEN 0.035 ELSE 0 END THEN 'no_show'
    WHEN us < 0.085 + CASE WHEN booked_via = 'O' THEN 0.035 ELSE 0 END THEN
         CASE WHEN start_at - booked_at > interval '2 days' THEN 'cancelled' ELSE 'late_cancel' END
    WHEN us < 0.105 + CASE WHEN booked_via = 'O' THEN 0.035 ELSE 0 END THEN 'late_cancel'
    ELSE 'completed' END::sales.appt_sts;
UPDATE tmp_appt SET cxl_rsn = CASE WHEN ur < 0.3 THEN 'ILL' WHEN ur < 0.65 THEN 'DIA' WHEN ur < 0.8 THEN 'OTH' END
WHERE sts IN ('cancelled','late_cancel');

-- staff on leave / training have no bookings; sickness and compassionate leave cancel the day's bookings
DELETE FROM tmp_appt t USING org.staff_absence a
WHERE a.staff_id = t.staff_id AND a.abs_cd IN ('H','P','T')
  AND t.d BETWEEN a.from_dt AND COALESCE(a.to_dt, date '2099-12-31');
UPDATE tmp_appt t SET sts = 'cancelled', cxl_rsn = 'STF'
FROM org.staff_absence a
WHERE a.staff_id = t.staff_id AND a.abs_cd IN ('S','C')
  AND t.d BETWEEN a.from_dt AND COALESCE(a.to_dt, date '2099-12-31')
  AND t.start_at < '2024-10-20' AND t.sts <> 'cancelled';

CREATE TEMP TABLE tmp_a2 AS
SELECT row_number() OVER (ORDER BY start_at, branch_id, key)::int AS appt_id, t.*
FROM tmp_appt t;
CREATE INDEX ON tmp_a2 (appt_id);

-- ---------------------------------------------------------------------
--  clients (registration date consistent with their first booking)
-- ---------------------------------------------------------------------
INSERT INTO cli.client (client_id, first_nm, last_nm, email, mob_no, postcode, dob, gender_cd, home_br_id,
                        src_cd, reg_dt, lty_join_dt, prefs, gdpr_erased_at)
SELECT id, fn, ln,
       CASE WHEN pg_temp.rnd('em' || id) < 0.93 THEN lower(fn) || '.' || lower(replace(ln, '''', '')) || id ||
            (ARRAY['@gmail.com','@hotmail.co.uk','@outlook.com','@icloud.com','@yahoo.co.uk','@btinternet.com'])[1 + floor(pg_temp.rnd('ed' || id) * 6)::int] END,
       CASE WHEN pg_temp.rnd('mb' || id) < 0.97 THEN '07' || lpad((floor(pg_temp.rnd('mn' || id) * 900000000) + 100000000 + id)::bigint::text, 9, '0') END,
       (ARRAY['W8 ','E2 ','TW9 ','BN1 ','BA1 ','OX1 ','CB1 ','LS1 '])[br] || (1 + floor(pg_temp.rnd('pc' || id) * 9)::int) ||
            chr(65 + floor(pg_temp.rnd('p1' || id) * 26)::int) || chr(65 + floor(pg_temp.rnd('p2' || id) * 26)::int),
       CASE WHEN pg_temp.rnd('db' || id) < 0.7 THEN date '1950-01-01' + floor(pg_temp.rnd('dd' || id) * 20000)::int END,
       gc,
       CASE WHEN pg_temp.rnd('hb' || id) < 0.08 THEN NULL ELSE br END,
       CASE WHEN reg < '2019-01-01' THEN
              CASE WHEN us < 0.3 THEN 'WEB' WHEN us < 0.55 THEN 'REF' WHEN us < 0.75 THEN 'WLK' WHEN us < 0.85 THEN 'GGL' ELSE 'GRP' END
            ELSE
              CASE WHEN us < 0.22 THEN 'WEB' WHEN us < 0.47 THEN 'INS' WHEN us < 0.65 THEN 'REF' WHEN us < 0.75 THEN 'WLK'
                   WHEN us < 0.87 THEN 'TRW' ELSE 'GGL' END END,
       reg,
       CASE WHEN pg_temp.rnd('lj' || id) < 0.55
             AND greatest(date '2021-05-01', reg + floor(pg_temp.rnd('lk' || id) * 120)::int) <= '2024-10-19'
            THEN greatest(date '2021-05-01', reg + floor(pg_temp.rnd('lk' || id) * 120)::int) END,
       CASE WHEN reg < '2018-01-01' THEN
              jsonb_build_object('contact', jsonb_build_object('sms', pg_temp.rnd('ps' || id) < 0.5,
                                                             'email', pg_temp.rnd('pe' || id) < 0.4,
                                                             'post', pg_temp.rnd('pp' || id) < 0.1))
            ELSE
              jsonb_build_object(
                'contact', jsonb_build_object('sms', pg_temp.rnd('ps' || id) < 0.58,
                                              'email', pg_temp.rnd('pe' || id) < 0.47,
                                              'post', pg_temp.rnd('pp' || id) < 0.05),
                'hair', jsonb_build_object('type', (ARRAY['straight','straight','wavy','wavy','curly','coily'])[1 + floor(pg_temp.rnd('ht' || id) * 6)::int],
                                           'length', (ARRAY['short','medium','medium','long'])[1 + floor(pg_temp.rnd('hl' || id) * 4)::int],
                                           'colour_treated', pg_temp.rnd('hc' || id) < 0.45),
                'allergies', to_jsonb(array_remove(ARRAY[
                                  CASE WHEN pg_temp.rnd('a1' || id) < 0.025 THEN 'PPD' END,
                                  CASE WHEN pg_temp.rnd('a2' || id) < 0.015 THEN 'latex' END,
                                  CASE WHEN pg_temp.rnd('a3' || id) < 0.02 THEN 'nickel' END,
                                  CASE WHEN pg_temp.rnd('a4' || id) < 0.03 THEN 'fragrance' END], NULL)),
                'drink', (ARRAY['tea','coffee','oat latte','water','none','prosecco'])[1 + floor(pg_temp.rnd('dk' || id) * 6)::int])
              || CASE WHEN pg_temp.rnd('pf' || id) < 0.3 THEN jsonb_build_object('pref_staff_id', br + 8 * (2 + floor(pg_temp.rnd('pg' || id) * 7)::int)) ELSE '{}'::jsonb END
       END,
       NULL
FROM (
  SELECT g.id, g.br, gc, us, fl.first_d,
         CASE WHEN gc = 'M' THEN (ARRAY['James','Oliver','Harry','George','Jack','Noah','Leo','Arjun','Mohammed','Ethan','Daniel','Chris'])[1 + floor(pg_temp.rnd('cf' || id) * 12)::int]
              ELSE (ARRAY['Olivia','Amelia','Isla','Ava','Mia','Grace','Sophia','Lily','Emily','Poppy','Ella','Evie','Charlotte','Ivy','Florence',
                          'Rosie','Harper','Alice','Sienna','Daisy','Phoebe','Matilda','Eleanor','Imogen','Clara','Anna','Sarah','Rachel','Helen','Claire',
                          'Joanne','Nicola','Kirsty','Louise','Victoria','Rebecca','Natalie','Samantha','Laura','Charlotte','Aaliyah','Fatima','Mei','Ananya',
                          'Zoe','Tilly','Heather','Karen','Deborah','Susan','Margaret','Jennifer','Ruth','Caroline','Lydia','Erin','Maisie','Esme','Niamh','Orla'])[1 + floor(pg_temp.rnd('cf' || id) * 60)::int] END AS fn,
         (ARRAY['Smith','Jones','Williams','Taylor','Brown','Davies','Evans','Wilson','Thomas','Johnson','Roberts','Robinson','Thompson','Wright','Walker',
                'White','Edwards','Hughes','Green','Hall','Lewis','Harris','Clarke','Patel','Jackson','Wood','Turner','Martin','Cooper','Hill',
                'Ward','Morris','Moore','Clark','Lee','King','Baker','Harrison','Morgan','Allen','James','Scott','Phillips','Watson','Davis',
                'Parker','Price','Bennett','Young','Griffiths','Mitchell','Kelly','Cook','Carter','Richardson','Bailey','Collins','Bell','Shaw','Murphy',
                'Miller','Cox','Richards','Khan','Marshall','Anderson','Simpson','Ellis','Adams','Singh','Begum','Wilkinson','Foster','Chapman','Powell',
                'Webb','Rogers','Gray','Mason','Ahmed'])[1 + floor(pg_temp.rnd('cl' || id) * 80)::int] AS ln,
         least(tc.j0, COALESCE(fl.first_d, tc.j0)) AS reg
  FROM (
    SELECT id, 1 + (id - 1) % 8 AS br, pg_temp.rnd('src' || id) AS us,
           CASE WHEN pg_temp.rnd('gd' || id) < 0.78 THEN 'F' WHEN pg_temp.rnd('gd' || id) < 0.93 THEN 'M'
                WHEN pg_temp.rnd('gd' || id) < 0.94 THEN 'X' END AS gc
    FROM generate_series(1, 24000) id
  ) g
  JOIN tmp_cli tc ON tc.cid = g.id
  LEFT JOIN (SELECT client_id, min(booked_at)::date AS first_d FROM tmp_a2 GROUP BY client_id) fl ON fl.client_id = g.id
) c
ORDER BY id;
SELECT setval('cli.client_client_id_seq', 24000);

-- right to be forgotten: some long-lapsed clients
UPDATE cli.client c SET first_nm = 'ERASED', last_nm = 'ERASED', email = NULL, mob_no = NULL, postcode = NULL, dob = NULL,
       prefs = '{}', lty_join_dt = NULL,
       gdpr_erased_at = (greatest(c.reg_dt, COALESCE(x.last_d, c.reg_dt)) + 200 + floor(pg_temp.rnd('ge' || c.client_id) * 200)::int) + time '11:20'
FROM (SELECT g.id AS client_id, max(t.d) AS last_d
      FROM generate_series(1, 24000) g(id) LEFT JOIN tmp_a2 t ON t.client_id = g.id GROUP BY g.id) x
WHERE x.client_id = c.client_id
  AND COALESCE(x.last_d, c.reg_dt) < '2023-01-01'
  AND pg_temp.rnd('gdpr' || c.client_id) < 0.04;

-- ---------------------------------------------------------------------
--  patch tests: one per client per half-year before the first tint / colour / lash booking
-- ---------------------------------------------------------------------
INSERT INTO cli.patch_test (client_id, branch_id, staff_id, test_dt, prod_line, result_cd, read_dt)
SELECT client_id, branch_id, staff_id, test_dt, prod_line, res, CASE WHEN res IS NOT NULL THEN test_dt + 2 END
FROM (
  SELECT f.client_id, f.branch_id, f.staff_id, f.test_dt,
         CASE WHEN f.cat_cd = 'BRW' THEN 'RefectoCil'
              ELSE (ARRAY['Koleston Perfect','Majirel','Igora Royal','Wella Blondor'])[1 + floor(pg_temp.rnd('pl' || f.client_id || f.test_dt) * 4)::int] END AS prod_line,
         CASE WHEN f.test_dt > '2024-10-17' THEN NULL
              WHEN pg_temp.rnd('pr' || f.client_id || f.test_dt) < 0.025 THEN 'R'
              WHEN pg_temp.rnd('pr' || f.client_id || f.test_dt) < 0.035 THEN NULL
              ELSE 'C' END AS res
  FROM (
    SELECT DISTINCT ON (t.client_id, extract(year FROM t.d), extract(month FROM t.d) <= 6)
           t.client_id, t.branch_id, t.staff_id, s.cat_cd,
           t.d - 2 - floor(pg_temp.rnd('pd' || t.key) * 5)::int
               - CASE WHEN extract(isodow FROM t.d - 2 - floor(pg_temp.rnd('pd' || t.key) * 5)::int) = 1 THEN 1 ELSE 0 END AS test_dt,
           t.key
    FROM tmp_a2 t JOIN org.svc s ON s.svc_id = t.svc_id
    WHERE s.needs_patch AND t.client_id IS NOT NULL AND t.sts <> 'cancelled'
    ORDER BY t.client_id, extract(year FROM t.d), extract(month FROM t.d) <= 6, t.start_at
  ) f
  WHERE pg_temp.rnd('skip' || f.key) >= 0.04
    AND f.test_dt <= '2024-10-19'
) x
ORDER BY test_dt, client_id;

UPDATE tmp_a2 t SET sts = 'cancelled', cxl_rsn = 'PTR'
FROM cli.patch_test p, org.svc s
WHERE p.result_cd = 'R' AND p.client_id = t.client_id AND s.svc_id = t.svc_id AND s.needs_patch
  AND t.d > p.read_dt - 1 AND t.d <= p.test_dt + 180 AND t.sts <> 'cancelled';

-- ---------------------------------------------------------------------
--  appointments and their status history
-- ---------------------------------------------------------------------
INSERT INTO sales.appointment (appt_id, branch_id, client_id, staff_id, svc_id, start_at, dur_min, price_quoted,
                               deposit_amt, booked_via, booked_at, sts, cxl_rsn, sync_ts)
SELECT t.appt_id, t.branch_id, t.client_id, t.staff_id, t.svc_id, t.start_at, s.dur_min, ph.price,
       CASE WHEN s.cat_cd = 'COL' AND ph.price >= 100 AND t.booked_via IN ('O','A') THEN round(ph.price * 0.2) END,
       t.booked_via, t.booked_at, t.sts, t.cxl_rsn,
       CASE WHEN t.booked_via IN ('O','A') THEN t.booked_at + interval '1 minute' END
FROM tmp_a2 t
JOIN org.svc s ON s.svc_id = t.svc_id
JOIN org.svc_price_hist ph ON ph.svc_id = t.svc_id AND t.d BETWEEN ph.valid_from AND COALESCE(ph.valid_to, date '2099-12-31')
ORDER BY t.appt_id;
SELECT setval('sales.appointment_appt_id_seq', (SELECT max(appt_id) FROM sales.appointment));

INSERT INTO sales.appt_sts_log (appt_id, sts, chg_at, chg_by)
SELECT appt_id, sts, chg_at, chg_by FROM (
  SELECT a.appt_id, 'booked'::sales.appt_sts AS sts, a.booked_at AS chg_at,
         CASE WHEN a.booked_via IN ('O','A') THEN NULL
              WHEN a.booked_via = 'P' AND r.start_dt <= a.booked_at THEN r.staff_id
              ELSE a.staff_id END AS chg_by, 1 AS ord
  FROM sales.appointment a JOIN org.staff r ON r.staff_id = a.branch_id + 8
  UNION ALL
  SELECT a.appt_id, 'confirmed', a.start_at - interval '2 days' + floor(pg_temp.rnd('cf' || a.appt_id) * 9) * interval '1 hour', NULL, 2
  FROM sales.appointment a
  WHERE a.booked_at < a.start_at - interval '3 days'
    AND (a.sts = 'confirmed' OR (a.sts IN ('completed','no_show','late_cancel') AND pg_temp.rnd('cf' || a.appt_id) < 0.7))
  UNION ALL
  SELECT a.appt_id, a.sts,
         CASE a.sts
           WHEN 'completed' THEN a.start_at + a.dur_min * interval '1 minute'
           WHEN 'no_show' THEN a.start_at + interval '20 minutes'
           WHEN 'late_cancel' THEN greatest(a.booked_at + interval '5 minutes', a.start_at - (1 + floor(pg_temp.rnd('lc' || a.appt_id) * 20)) * interval '1 hour')
           WHEN 'cancelled' THEN
             CASE WHEN a.cxl_rsn = 'STF' THEN greatest(a.booked_at + interval '1 minute', a.start_at::date + time '08:10')
                  WHEN least(a.start_at - interval '1 day', timestamp '2024-10-19 17:00') > a.booked_at
                  THEN a.booked_at + (least(a.start_at - interval '1 day', timestamp '2024-10-19 17:00') - a.booked_at) * pg_temp.rnd('cx' || a.appt_id)
                  ELSE greatest(a.booked_at + interval '1 minute', least(a.start_at - interval '3 hours', timestamp '2024-10-19 17:45')) END
         END,
         CASE WHEN a.sts IN ('completed','no_show') THEN a.staff_id
              WHEN a.sts = 'cancelled' AND a.cxl_rsn IN ('STF','PTR') THEN a.branch_id END, 3
  FROM sales.appointment a
  WHERE a.sts NOT IN ('booked','confirmed')
) x
ORDER BY chg_at, appt_id, ord;

-- ---------------------------------------------------------------------
--  gift vouchers (ids in order of issue)
-- ---------------------------------------------------------------------
INSERT INTO cli.gift_voucher (voucher_id, vcode, issued_dt, issued_br_id, buyer_client_id, face_val, bal_amt, exp_dt, sts_cd)
SELECT row_number() OVER (ORDER BY d, k),
       'LC' || upper(substr(md5('vc' || d || k), 1, 8)),
       d, br, buyer, fv,
       CASE WHEN exp < '2024-10-19' THEN
              CASE WHEN u < 0.68 THEN 0 WHEN u < 0.83 THEN round(fv * (0.1 + 0.5 * u2)) WHEN u < 0.95 THEN fv ELSE 0 END
            ELSE CASE WHEN u < 0.30 THEN 0 WHEN u < 0.55 THEN round(fv * (0.1 + 0.7 * u2)) WHEN u < 0.97 THEN fv ELSE 0 END END,
       exp,
       CASE WHEN exp < '2024-10-01' THEN
              CASE WHEN u < 0.68 THEN 'R' WHEN u < 0.95 THEN 'X' ELSE 'C' END
            WHEN exp < '2024-10-19' THEN
              CASE WHEN u < 0.68 THEN 'R' WHEN u < 0.95 THEN 'A' ELSE 'C' END
            ELSE CASE WHEN u < 0.30 THEN 'R' WHEN u < 0.97 THEN 'A' ELSE 'C' END END
FROM (
  SELECT d, k, exp, fv, u, u2,
         CASE WHEN uo < 0.3 THEN NULL ELSE b.branch_id END AS br,
         CASE WHEN up < 0.55 THEN c.client_id END AS buyer
  FROM (
  SELECT d::date AS d, k,
         (d + interval '1 year')::date AS exp,
         (ARRAY[25, 50, 50, 75, 100, 100, 150, 200])[1 + floor(pg_temp.rnd('fv' || d || k) * 8)::int]::numeric AS fv,
         pg_temp.rnd('vs' || d || k) AS u, pg_temp.rnd('vb' || d || k) AS u2,
         pg_temp.rnd('vo' || d || k) AS uo, pg_temp.rnd('vp' || d || k) AS up,
         1 + floor(pg_temp.rnd('vbr' || d || k) * 8)::int AS bsel,
         1 + floor(pg_temp.rnd('vcl' || d || k) * 24000)::int AS csel
  FROM generate_series(date '2022-01-04', date '2024-10-19', interval '1 day') d
  CROSS JOIN LATERAL generate_series(1, floor(pg_temp.rnd('vn' || d) * 7)::int
                                        + CASE WHEN extract(month FROM d) = 12 THEN floor(pg_temp.rnd('vx' || d) * 14)::int ELSE 0 END) k
  WHERE extract(isodow FROM d) <> 1
  OFFSET 0) v0
  LEFT JOIN org.branch b ON b.branch_id = v0.bsel AND b.opened_dt <= v0.d AND (b.closed_dt IS NULL OR b.closed_dt >= v0.d)
  LEFT JOIN cli.client c ON c.client_id = v0.csel AND c.reg_dt <= v0.d
) v;
SELECT setval('cli.gift_voucher_voucher_id_seq', (SELECT max(voucher_id) FROM cli.gift_voucher));

-- ---------------------------------------------------------------------
--  retail products
-- ---------------------------------------------------------------------
INSERT INTO sales.product (prod_id, sku, prod_nm, brand, cat_cd, rrp, cost_amt, disc_flg) VALUES
 ( 1, 'OLX-003', 'Olaplex No.3 Hair Perfector 100ml',            'Olaplex',       'TR',  28.00,  14.00, false),
 ( 2, 'OLX-004', 'Olaplex No.4 Bond Maintenance Shampoo 250ml',  'Olaplex',       'SH',  28.00,  14.00, false),
 ( 3, 'OLX-005', 'Olaplex No.5 Bond Maintenance Conditioner',    'Olaplex',       'CO',  28.00,  14.00, false),
 ( 4, 'OLX-007', 'Olaplex No.7 Bonding Oil 30ml',                'Olaplex',       'TR',  28.00,  14.00, false),
 ( 5, 'KER-BSH', 'Kerastase Bain Satin Shampoo 250ml',           'Kerastase',     'SH',  24.50,  11.80, false),
 ( 6, 'KER-FCD', 'Kerastase Fondant Conditioner 200ml',          'Kerastase',     'CO',  26.50,  12.70, false),
 ( 7, 'KER-ELX', 'Kerastase Elixir Ultime Oil 100ml',            'Kerastase',     'TR',  45.00,  21.50, false),
 ( 8, 'KER-MSK', 'Kerastase Nutritive Masque 200ml',             'Kerastase',     'TR',  48.00,  23.00, false),
 ( 9, 'RDK-ACS', 'Redken Acidic Bonding Shampoo 300ml',          'Redken',        'SH',  24.95,  11.50, false),
 (10, 'RDK-ACC', 'Redken Acidic Bonding Conditioner 300ml',      'Redken',        'CO',  24.95,  11.50, false),
 (11, 'RDK-ONE', 'Redken One United Spray 150ml',                'Redken',        'ST',  19.95,   9.00, false),
 (12, 'MOR-OIL', 'Moroccanoil Treatment 100ml',                  'Moroccanoil',   'TR',  39.85,  18.90, false),
 (13, 'MOR-SHP', 'Moroccanoil Moisture Repair Shampoo 250ml',    'Moroccanoil',   'SH',  21.85,  10.20, false),
 (14, 'MOR-DRY', 'Moroccanoil Dry Shampoo 205ml',                'Moroccanoil',   'ST',  21.50,  10.00, false),
 (15, 'DAV-OIS', 'Davines OI Shampoo 280ml',                     'Davines',       'SH',  27.50,  12.50, false),
 (16, 'DAV-OIC', 'Davines OI Conditioner 250ml',                 'Davines',       'CO',  30.50,  14.00, false),
 (17, 'DAV-SEA', 'Davines This Is A Sea Salt Spray 250ml',       'Davines',       'ST',  24.00,  11.00, false),
 (18, 'GHD-PLT', 'ghd Platinum+ Styler',                         'ghd',           'EL', 239.00, 150.00, false),
 (19, 'GHD-HLS', 'ghd Helios Hair Dryer',                        'ghd',           'EL', 189.00, 118.00, false),
 (20, 'GHD-CRV', 'ghd Curve Classic Wave Wand',                  'ghd',           'EL', 169.00, 105.00, false),
 (21, 'GHD-HPS', 'ghd Bodyguard Heat Protect Spray 120ml',       'ghd',           'ST',  19.95,   8.50, false),
 (22, 'DYS-SSN', 'Dyson Supersonic Hair Dryer',                  'Dyson',         'EL', 329.00, 230.00, false),
 (23, 'LUS-SHP', 'Lustre Everyday Shampoo 300ml',                'Lustre',        'SH',  14.00,   3.20, false),
 (24, 'LUS-CON', 'Lustre Everyday Conditioner 300ml',            'Lustre',        'CO',  14.00,   3.40, false),
 (25, 'LUS-BLN', 'Lustre Blonde Toning Shampoo 300ml',           'Lustre',        'SH',  16.00,   3.80, false),
 (26, 'LUS-HSP', 'Lustre Firm Hold Hairspray 300ml',             'Lustre',        'ST',  12.00,   2.90, false),
 (27, 'LUS-MSK', 'Lustre Repair Mask 200ml',                     'Lustre',        'TR',  18.00,   4.10, false),
 (28, 'LUS-CRM', 'Lustre Curl Cream 150ml',                      'Lustre',        'ST',  15.00,   3.50, false),
 (29, 'TAN-ORG', 'Tangle Teezer The Original',                   'Tangle Teezer', 'AC',  13.00,   6.00, false),
 (30, 'TAN-WET', 'Tangle Teezer Wet Detangler',                  'Tangle Teezer', 'AC',  12.00,   5.50, false),
 (31, 'MSN-PKT', 'Mason Pearson Pocket Bristle Brush',           'Mason Pearson', 'AC',  89.00,  55.00, false),
 (32, 'SLP-SCR', 'Slip Silk Scrunchies (set of 3)',              'Slip',          'AC',  39.00,  19.00, false),
 (33, 'CND-SOL', 'CND SolarOil Nail & Cuticle Oil 15ml',         'CND',           'BT',  12.95,   5.50, false),
 (34, 'RFC-GEL', 'RefectoCil Brow Styling Gel',                  'RefectoCil',    'BT',  14.00,   6.00, false),
 (35, 'DRM-PCL', 'Dermalogica PreCleanse 150ml',                 'Dermalogica',   'BT',  46.00,  22.00, false),
 (36, 'DRM-MCF', 'Dermalogica Daily Microfoliant 74g',           'Dermalogica',   'BT',  63.00,  30.00, false),
 (37, 'REV-VOL', 'Revlon One-Step Volumiser',                    'Revlon',        'EL',  49.99,  28.00, true),
 (38, 'KMS-TXT', 'KMS Hairplay Texture Spray',                   'KMS',           'ST',  18.00,   8.00, true),
 (39, 'LUS-GFT', 'Lustre Gift Set (shampoo + conditioner)',      'Lustre',        'AC',  32.00,   8.00, false),
 (40, 'OLX-000', 'Olaplex No.0 Intensive Bond Building 155ml',   'Olaplex',       'TR',  28.00,  14.00, false);

CREATE TEMP TABLE tmp_pw (prod_id smallint, w numeric);
INSERT INTO tmp_pw VALUES (1,9),(2,6),(3,6),(4,4),(5,4),(6,3),(7,4),(8,2),(9,4),(10,3),(11,4),(12,7),(13,3),(14,5),
 (15,3),(16,2),(17,3),(18,1),(19,0.6),(20,0.5),(21,5),(22,0.3),(23,10),(24,8),(25,7),(26,9),(27,5),(28,5),(29,5),
 (30,4),(31,0.5),(32,1.5),(33,3),(34,2),(35,1),(36,1),(37,0.8),(38,1.5),(39,3),(40,2);
CREATE TEMP TABLE tmp_pwc AS
SELECT prod_id, (sum(w) OVER (ORDER BY prod_id) - w) / sum(w) OVER () AS lo, sum(w) OVER (ORDER BY prod_id) / sum(w) OVER () AS hi
FROM tmp_pw;

-- ---------------------------------------------------------------------
--  till transactions and retail lines
-- ---------------------------------------------------------------------
CREATE TEMP TABLE tmp_dmax AS SELECT d, greatest(min(appt_id) - 1, 1) AS mx FROM tmp_a2 GROUP BY d;
CREATE TEMP TABLE tmp_vc AS SELECT issued_dt, max(voucher_id) AS mx FROM cli.gift_voucher GROUP BY issued_dt;

CREATE TEMP TABLE tmp_txn AS
SELECT 'S' || a.appt_id AS k, 'S'::char(1) AS txn_type, a.appt_id, a.start_at::date AS txn_dt,
       a.start_at + (a.dur_min + 5) * interval '1 minute' AS txn_ts, a.branch_id, a.client_id, a.staff_id,
       a.price_quoted AS amt_svc,
       CASE WHEN pg_temp.rnd('ds' || a.appt_id) < 0.04 THEN 0.10
            WHEN extract(isodow FROM a.start_at) = 2 AND pg_temp.rnd('ds' || a.appt_id) < 0.16 THEN 0.15 ELSE 0 END AS disc_pct,
       CASE WHEN pg_temp.rnd('py' || a.appt_id) < 0.78 THEN 'CD' WHEN pg_temp.rnd('py' || a.appt_id) < 0.90 THEN 'CA'
            WHEN pg_temp.rnd('py' || a.appt_id) < 0.94 THEN 'GV' ELSE 'SP' END AS pay_cd,
       CASE WHEN pg_temp.rnd('rl' || a.appt_id) < 0.22 THEN 1 + floor(pg_temp.rnd('rn' || a.appt_id) * 2.3)::int ELSE 0 END AS nl
FROM sales.appointment a WHERE a.sts = 'completed'
UNION ALL
SELECT 'L' || a.appt_id, 'L', a.appt_id, a.start_at::date, a.start_at, a.branch_id, a.client_id, a.staff_id,
       round(a.price_quoted * 0.5, 2), 0, 'CD', 0
FROM sales.appointment a WHERE a.sts = 'late_cancel' AND pg_temp.rnd('lf' || a.appt_id) < 0.7
UNION ALL
SELECT 'F' || a.appt_id, 'F', a.appt_id, a.start_at::date + 7, a.start_at + interval '7 days 2 hours', a.branch_id, a.client_id, a.staff_id,
       -a.price_quoted, 0, 'CD', 0
FROM sales.appointment a
WHERE a.sts = 'completed' AND pg_temp.rnd('rf' || a.appt_id) < 0.004 AND a.start_at::date + 7 <= '2024-10-19'
UNION ALL
SELECT 'R' || x.branch_id || '-' || x.d || '-' || n, 'R', NULL, x.d,
       x.d + time '10:00' + floor(pg_temp.rnd('rt' || x.branch_id || x.d || n) * 480) * interval '1 minute',
       x.branch_id,
       CASE WHEN pg_temp.rnd('rc' || x.branch_id || x.d || n) < 0.5 THEN
            (SELECT t.client_id FROM tmp_a2 t
             WHERE t.appt_id = 1 + floor(pg_temp.rnd('ra' || x.branch_id || x.d || n) * dm.mx)::int) END,
       CASE WHEN r.start_dt <= x.d AND (r.leave_dt IS NULL OR r.leave_dt >= x.d) THEN r.staff_id
            WHEN m.start_dt <= x.d AND (m.leave_dt IS NULL OR m.leave_dt >= x.d) THEN m.staff_id END,
       0, 0,
       CASE WHEN pg_temp.rnd('rp' || x.branch_id || x.d || n) < 0.8 THEN 'CD'
            WHEN pg_temp.rnd('rp' || x.branch_id || x.d || n) < 0.95 THEN 'CA' ELSE 'GV' END,
       1 + floor(pg_temp.rnd('rq' || x.branch_id || x.d || n) * 2.5)::int
FROM (SELECT DISTINCT branch_id, d FROM tmp_slot WHERE d <= '2024-10-19') x
JOIN org.staff r ON r.staff_id = x.branch_id + 8
JOIN org.staff m ON m.staff_id = x.branch_id
JOIN tmp_dmax dm ON dm.d = x.d
CROSS JOIN LATERAL generate_series(1, floor(pg_temp.rnd('rn' || x.branch_id || x.d) * 4.5)::int) n;

CREATE TEMP TABLE tmp_txn2 AS
SELECT (1000000 + row_number() OVER (ORDER BY txn_ts, k))::bigint AS txn_id, t.* FROM tmp_txn t;

CREATE TEMP TABLE tmp_line AS
SELECT t.txn_id, t.txn_dt,
       CASE WHEN w.prod_id = 37 AND t.txn_dt >= '2024-01-01' THEN 22
            WHEN w.prod_id = 38 AND t.txn_dt >= '2024-01-01' THEN 17 ELSE w.prod_id END AS prod_id,
       CASE WHEN pg_temp.rnd('qt' || t.txn_id || ln) < 0.12 THEN 2 ELSE 1 END AS qty
FROM (SELECT t.txn_id, t.txn_dt, ln, pg_temp.rnd('pw' || t.txn_id || ln) AS u
      FROM tmp_txn2 t CROSS JOIN LATERAL generate_series(1, t.nl) ln WHERE t.nl > 0 OFFSET 0) t
JOIN tmp_pwc w ON t.u >= w.lo AND t.u < w.hi;
UPDATE tmp_line l SET qty = 1 FROM sales.product p WHERE p.prod_id = l.prod_id AND p.cat_cd = 'EL';

INSERT INTO sales.till_txn (txn_id, txn_dt, txn_ts, branch_id, txn_type, appt_id, client_id, staff_id,
                            amt_svc, amt_retail, amt_disc, amt_net, amt_tip, pay_cd, voucher_id)
SELECT t.txn_id, t.txn_dt, t.txn_ts, t.branch_id, t.txn_type, t.appt_id, t.client_id, t.staff_id,
       t.amt_svc, COALESCE(r.amt, 0), round((t.amt_svc + COALESCE(r.amt, 0)) * t.disc_pct, 2),
       t.amt_svc + COALESCE(r.amt, 0) - round((t.amt_svc + COALESCE(r.amt, 0)) * t.disc_pct, 2),
       CASE WHEN t.txn_type = 'S' AND t.pay_cd IN ('CD','SP') AND pg_temp.rnd('tp' || t.txn_id) < 0.3
            THEN greatest(2, round(t.amt_svc * (0.05 + 0.1 * pg_temp.rnd('tq' || t.txn_id)))) END,
       t.pay_cd,
       CASE WHEN t.pay_cd = 'GV' THEN 1 + floor(pg_temp.rnd('gv' || t.txn_id) *
            (SELECT v.mx FROM tmp_vc v WHERE v.issued_dt < t.txn_dt ORDER BY v.issued_dt DESC LIMIT 1))::int END
FROM tmp_txn2 t
LEFT JOIN (SELECT l.txn_id, sum(l.qty * p.rrp) AS amt FROM tmp_line l JOIN sales.product p ON p.prod_id = l.prod_id GROUP BY l.txn_id) r
       ON r.txn_id = t.txn_id
ORDER BY t.txn_id;

INSERT INTO sales.retail_sale (txn_id, txn_dt, prod_id, qty, unit_price, line_amt)
SELECT l.txn_id, l.txn_dt, l.prod_id, l.qty, p.rrp, l.qty * p.rrp
FROM tmp_line l JOIN sales.product p ON p.prod_id = l.prod_id
ORDER BY l.txn_id, l.prod_id;

-- ---------------------------------------------------------------------
--  loyalty points ledger
-- ---------------------------------------------------------------------
CREATE TEMP TABLE tmp_lty AS
SELECT t.client_id, t.txn_ts, 'E'::char(1) AS lty_type, floor(t.amt_net)::int AS pts, t.txn_id
FROM sales.till_txn t JOIN cli.client c ON c.client_id = t.client_id
WHERE t.txn_type IN ('S','R') AND c.lty_join_dt IS NOT NULL AND t.txn_dt >= c.lty_join_dt AND t.amt_net >= 1;

INSERT INTO tmp_lty
SELECT client_id, txn_ts + interval '2 minutes', 'R', -500, txn_id
FROM (SELECT l.*, sum(pts) OVER (PARTITION BY client_id ORDER BY txn_ts, txn_id) AS cs FROM tmp_lty l) x
WHERE floor(cs / 500.0) > floor((cs - pts) / 500.0) AND pg_temp.rnd('rd' || txn_id) < 0.6;

INSERT INTO tmp_lty
SELECT c.client_id, make_date(y, extract(month FROM c.dob)::int, least(extract(day FROM c.dob)::int, 28)) + time '06:00', 'B', 100, NULL
FROM cli.client c CROSS JOIN generate_series(2022, 2024) y
WHERE c.lty_join_dt IS NOT NULL AND c.dob IS NOT NULL
  AND make_date(y, extract(month FROM c.dob)::int, least(extract(day FROM c.dob)::int, 28)) BETWEEN c.lty_join_dt AND '2024-10-19';

INSERT INTO tmp_lty
SELECT client_id, txn_ts + interval '1 day 3 hours', 'A', 250, txn_id
FROM tmp_lty WHERE lty_type = 'E' AND pg_temp.rnd('gw' || txn_id) < 0.005;

-- points expire at the first month-end run after 12 months without a purchase
INSERT INTO tmp_lty
SELECT x.client_id, x.run_ts, 'X', -x.bal, NULL
FROM (
  SELECT e.client_id, e.run_ts, sum(l.pts)::int AS bal
  FROM (SELECT client_id, date_trunc('month', max(txn_ts) + interval '1 year') + interval '1 month 2 hours' AS run_ts
        FROM tmp_lty WHERE lty_type = 'E' GROUP BY client_id) e
  JOIN tmp_lty l ON l.client_id = e.client_id AND l.txn_ts < e.run_ts
  WHERE e.run_ts <= '2024-10-19'
  GROUP BY e.client_id, e.run_ts
) x
WHERE x.bal > 0;

INSERT INTO cli.loyalty_txn (client_id, txn_ts, lty_type, pts, till_txn_id)
SELECT client_id, txn_ts, lty_type, pts, txn_id FROM tmp_lty ORDER BY txn_ts, client_id, lty_type;

-- ---------------------------------------------------------------------
--  stock in the trading salons (Bath stock was transferred out when it closed)
-- ---------------------------------------------------------------------
INSERT INTO sales.stock_level (branch_id, prod_id, qty_on_hand, reorder_lvl, last_cnt_dt)
SELECT b.branch_id, p.prod_id,
       CASE WHEN p.disc_flg THEN floor(pg_temp.rnd('sq' || b.branch_id || p.prod_id) * 3)::int
            WHEN p.cat_cd = 'EL' THEN floor(pg_temp.rnd('sq' || b.branch_id || p.prod_id) * 4)::int
            ELSE floor(pg_temp.rnd('sq' || b.branch_id || p.prod_id) * 26)::int END,
       CASE WHEN p.disc_flg THEN 0 WHEN p.cat_cd = 'EL' THEN 1 ELSE 4 + floor(pg_temp.rnd('sr' || b.branch_id || p.prod_id) * 4)::int END,
       CASE WHEN p.prod_id = 40 AND b.branch_id IN (7, 8) THEN NULL
            ELSE date '2024-09-29' + (floor(pg_temp.rnd('sc' || b.branch_id) * 3)::int * 7) END
FROM org.branch b CROSS JOIN sales.product p
WHERE b.closed_dt IS NULL
ORDER BY 1, 2;

-- =====================================================================
--  Foreign keys of the big tables (added after loading)
-- =====================================================================
ALTER TABLE sales.appointment ADD CONSTRAINT fk_appt_client FOREIGN KEY (client_id) REFERENCES cli.client;
ALTER TABLE sales.appointment ADD CONSTRAINT fk_appt_staff  FOREIGN KEY (staff_id) REFERENCES org.staff;
ALTER TABLE sales.appointment ADD CONSTRAINT fk_appt_svc    FOREIGN KEY (svc_id) REFERENCES org.svc;
ALTER TABLE sales.appt_sts_log ADD CONSTRAINT fk_log_appt   FOREIGN KEY (appt_id) REFERENCES sales.appointment;
ALTER TABLE sales.appt_sts_log ADD CONSTRAINT fk_log_staff  FOREIGN KEY (chg_by) REFERENCES org.staff;
ALTER TABLE sales.till_txn ADD CONSTRAINT fk_till_appt     FOREIGN KEY (appt_id) REFERENCES sales.appointment;
ALTER TABLE sales.till_txn ADD CONSTRAINT fk_till_client   FOREIGN KEY (client_id) REFERENCES cli.client;
ALTER TABLE sales.till_txn ADD CONSTRAINT fk_till_staff    FOREIGN KEY (staff_id) REFERENCES org.staff;
ALTER TABLE sales.till_txn ADD CONSTRAINT fk_till_voucher  FOREIGN KEY (voucher_id) REFERENCES cli.gift_voucher;
ALTER TABLE sales.retail_sale ADD CONSTRAINT fk_rsale_prod FOREIGN KEY (prod_id) REFERENCES sales.product;
ALTER TABLE sales.retail_sale ADD CONSTRAINT fk_rsale_txn  FOREIGN KEY (txn_id, txn_dt) REFERENCES sales.till_txn (txn_id, txn_dt);
ALTER TABLE cli.loyalty_txn ADD CONSTRAINT fk_lty_client   FOREIGN KEY (client_id) REFERENCES cli.client;

-- =====================================================================
--  Indexes, views
-- =====================================================================
CREATE UNIQUE INDEX uq_client_email      ON cli.client (lower(email));
CREATE INDEX idx_client_name             ON cli.client (last_nm, first_nm);
CREATE INDEX idx_client_postcode         ON cli.client (postcode);
CREATE INDEX idx_patch_client            ON cli.patch_test (client_id);
CREATE INDEX idx_lty_client              ON cli.loyalty_txn (client_id);
CREATE INDEX idx_appt_client             ON sales.appointment (client_id);
CREATE INDEX idx_appt_start              ON sales.appointment (start_at);
CREATE INDEX idx_appt_staff_start        ON sales.appointment (staff_id, start_at);
CREATE INDEX idx_log_appt                ON sales.appt_sts_log (appt_id);
CREATE INDEX idx_till_branch_dt          ON sales.till_txn (branch_id, txn_dt);
CREATE INDEX idx_till_client             ON sales.till_txn (client_id);
CREATE INDEX idx_rsale_txn               ON sales.retail_sale (txn_id);

CREATE VIEW org.v_staff_current AS
SELECT s.staff_id, s.first_nm, s.last_nm, s.first_nm || ' ' || s.last_nm AS staff_nm,
       s.branch_id, b.br_nm, s.role_cd, s.emp_type, h.grade_cd, g.grade_nm, h.comm_pct, h.valid_from AS grade_since
FROM org.staff s
JOIN org.branch b ON b.branch_id = s.branch_id
LEFT JOIN org.staff_grade_hist h ON h.staff_id = s.staff_id AND h.valid_to IS NULL
LEFT JOIN org.grade g ON g.grade_cd = h.grade_cd
WHERE s.leave_dt IS NULL;
COMMENT ON VIEW org.v_staff_current IS 'Staff still with us, with their current grade and commission rate';

CREATE MATERIALIZED VIEW sales.mv_branch_month AS
SELECT t.branch_id, b.br_nm, date_trunc('month', t.txn_dt)::date AS mth,
       count(*) FILTER (WHERE t.txn_type = 'S') AS n_svc_txn,
       sum(t.amt_svc) AS svc_amt, sum(t.amt_retail) AS retail_amt, sum(t.amt_disc) AS disc_amt,
       sum(t.amt_net) AS net_amt, sum(COALESCE(t.amt_tip, 0)) AS tip_amt
FROM sales.till_txn t JOIN org.branch b ON b.branch_id = t.branch_id
GROUP BY t.branch_id, b.br_nm, date_trunc('month', t.txn_dt)
WITH DATA;
COMMENT ON MATERIALIZED VIEW sales.mv_branch_month IS 'Monthly takings per salon from the till (all transaction types, net of refunds); refreshed nightly, last refresh 19 Oct 2024 22:00';

DROP FUNCTION pg_temp.rnd(text);
VACUUM;
ANALYZE;

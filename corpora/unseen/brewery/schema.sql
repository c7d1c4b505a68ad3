-- =====================================================================
--  Millrace Brewing Co. — "MBC ops" database
--  Independent craft brewery (Sheffield): brewhouse, trade sales and
--  distribution (own vans), and a taproom at the brewery.
--  Data snapshot taken at close of business Friday 11 October 2024.
-- =====================================================================
SET client_min_messages = warning;
SET jit = off;

CREATE SCHEMA brew;
CREATE SCHEMA trade;
CREATE SCHEMA tap;

COMMENT ON SCHEMA brew  IS 'Production: recipes, vessels, brew batches, gravity readings, packaging runs, duty returns';
COMMENT ON SCHEMA trade IS 'Trade sales and distribution: customers, price lists, orders, van rounds, deliveries, invoices, casks and kegs';
COMMENT ON SCHEMA tap   IS 'Taproom (tills, events) plus staff list and rota for the whole company';

-- deterministic pseudo-random helper (session only)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- tap.staff (everybody on the payroll, not only taproom)
-- ---------------------------------------------------------------------
CREATE TABLE tap.staff (
    staff_id   serial PRIMARY KEY,
    first_nm   varchar(40) NOT NULL,
    last_nm    varchar(40) NOT NULL,
    role_cd    char(3) NOT NULL,
    hrly_rate  numeric(5,2) NOT NULL,
    email      varchar(120) NOT NULL UNIQUE,
    pers_lic   boolean NOT NULL DEFAULT false,
    start_dt   date NOT NULL,
    leave_dt   date
);
COMMENT ON TABLE  tap.staff IS 'All Millrace staff (brewery, drivers, office and taproom). Kept in tap because the rota system started in the taproom.';
COMMENT ON COLUMN tap.staff.role_cd IS 'Role: BRW brewer, PKG packaging/cellar, DRV drayman (van driver), BAR taproom bar staff, MGR manager, OFF office/sales';
COMMENT ON COLUMN tap.staff.hrly_rate IS 'Current basic hourly pay in GBP';
COMMENT ON COLUMN tap.staff.pers_lic IS 'Holds a personal licence (can be the designated premises supervisor on a shift)';
COMMENT ON COLUMN tap.staff.leave_dt IS 'Last day of employment; NULL = still works here';

INSERT INTO tap.staff (first_nm, last_nm, role_cd, hrly_rate, pers_lic, start_dt, leave_dt, email) 
SELECT f, l, r, h, p, s::date, e::date, lower(f || '.' || l) || '@millracebrew.co.uk'
FROM (VALUES
 ('Gareth','Holloway','MGR',24.50,true ,'2015-03-02',NULL),
 ('Nadia','Okafor','BRW',19.80,false,'2016-08-15',NULL),
 ('Tom','Ridley','BRW',17.40,false,'2019-02-04',NULL),
 ('Ellie','Marsh','BRW',16.20,false,'2021-09-13',NULL),
 ('Sam','Whitaker','BRW',15.60,false,'2022-05-03','2023-11-30'),
 ('Kieran','Doyle','PKG',13.90,false,'2018-06-11',NULL),
 ('Priya','Lal','PKG',13.20,false,'2022-02-21',NULL),
 ('Josh','Bentley','PKG',12.60,false,'2023-04-17',NULL),
 ('Dale','Cartwright','DRV',14.30,false,'2017-01-09',NULL),
 ('Mick','Fenton','DRV',14.30,false,'2019-10-07',NULL),
 ('Lewis','Graham','DRV',13.80,false,'2021-03-22',NULL),
 ('Aaron','Pike','DRV',13.80,false,'2022-08-01','2024-05-31'),
 ('Bex','Sutcliffe','DRV',13.80,false,'2024-06-03',NULL),
 ('Hannah','Crowther','OFF',16.80,false,'2017-05-22',NULL),
 ('Imran','Shah','OFF',18.20,false,'2020-01-13',NULL),
 ('Leanne','Booth','OFF',13.50,false,'2023-09-04',NULL),
 ('Carys','Pritchard','MGR',19.50,true ,'2018-04-03',NULL),
 ('Owen','Fairclough','BAR',12.10,true ,'2019-05-01',NULL),
 ('Megan','Hirst','BAR',11.70,false,'2021-06-01',NULL),
 ('Jade','Wilkinson','BAR',11.60,false,'2022-03-14','2023-08-31'),
 ('Callum','Ashworth','BAR',11.60,false,'2022-04-04',NULL),
 ('Freya','Lindqvist','BAR',11.60,true ,'2022-06-20',NULL),
 ('Ravi','Menon','BAR',11.50,false,'2022-09-05','2024-01-07'),
 ('Zoe','Haigh','BAR',11.50,false,'2023-03-01',NULL),
 ('Ollie','Brannigan','BAR',11.44,false,'2023-05-15',NULL),
 ('Amira','Haddad','BAR',11.44,false,'2023-10-02',NULL),
 ('Liam','Stead','BAR',11.44,false,'2024-02-12',NULL),
 ('Niamh','Gallagher','BAR',11.44,false,'2024-04-08',NULL),
 ('Ben','Oduya','BAR',11.44,false,'2024-05-20','2024-09-15'),
 ('Tess','Varley','BAR',11.44,false,'2024-07-01',NULL)
) v(f, l, r, h, p, s, e);

-- ---------------------------------------------------------------------
-- brew.vessel / brew.recipe
-- ---------------------------------------------------------------------
CREATE TABLE brew.vessel (
    vessel_cd    varchar(5) PRIMARY KEY,
    vsl_type     char(2) NOT NULL,
    cap_hl       numeric(5,1) NOT NULL,
    st_cd        char(1) NOT NULL DEFAULT 'A',
    installed_on date NOT NULL,
    last_cip_dt  date
);
COMMENT ON TABLE  brew.vessel IS 'Tanks in the brewery: fermenters, conditioning tanks, bright beer tanks';
COMMENT ON COLUMN brew.vessel.vsl_type IS 'FV fermentation vessel, CT conditioning tank, BT bright beer tank';
COMMENT ON COLUMN brew.vessel.cap_hl IS 'Working capacity in hectolitres';
COMMENT ON COLUMN brew.vessel.st_cd IS 'Status: A in service, M out for maintenance, R retired';
COMMENT ON COLUMN brew.vessel.last_cip_dt IS 'Date of last clean-in-place';

INSERT INTO brew.vessel VALUES
 ('FV01','FV',20,'A','2016-02-01','2024-10-08'),
 ('FV02','FV',20,'A','2016-02-01','2024-10-09'),
 ('FV03','FV',20,'A','2016-02-01','2024-10-03'),
 ('FV04','FV',20,'M','2016-02-01','2024-09-20'),
 ('FV05','FV',30,'A','2019-07-15','2024-10-10'),
 ('FV06','FV',30,'A','2019-07-15','2024-10-01'),
 ('FV07','FV',30,'A','2019-07-15','2024-09-30'),
 ('FV08','FV',30,'A','2021-11-22','2024-10-07'),
 ('FV09','FV',40,'A','2021-11-22','2024-10-02'),
 ('FV10','FV',40,'A','2021-11-22','2024-10-04'),
 ('FV00','FV',10,'R','2014-06-01','2019-03-01'),
 ('CT01','CT',30,'A','2019-07-15','2024-10-06'),
 ('CT02','CT',30,'A','2019-07-15','2024-10-09'),
 ('BT01','BT',20,'A','2016-02-01','2024-10-10'),
 ('BT02','BT',40,'A','2021-11-22','2024-10-11');

CREATE TABLE brew.recipe (
    recipe_id  serial PRIMARY KEY,
    recipe_cd  varchar(6) NOT NULL UNIQUE,
    beer_nm    varchar(60) NOT NULL,
    style      varchar(40) NOT NULL,
    range_cd   char(1) NOT NULL,
    abv_tgt    numeric(3,1) NOT NULL,
    og_tgt     numeric(5,3) NOT NULL,
    fg_tgt     numeric(5,3) NOT NULL,
    ibu        smallint,
    spec       jsonb NOT NULL,
    created_on date NOT NULL
);
COMMENT ON TABLE  brew.recipe IS 'Beer recipes (one row per beer; spec holds the current grist, hop bill, yeast, water and mash)';
COMMENT ON COLUMN brew.recipe.range_cd IS 'Range: C core (brewed all year), S seasonal, O one-off / collaboration, R retired';
COMMENT ON COLUMN brew.recipe.og_tgt IS 'Target original gravity (specific gravity, e.g. 1.042)';
COMMENT ON COLUMN brew.recipe.fg_tgt IS 'Target final gravity';
COMMENT ON COLUMN brew.recipe.spec IS 'Recipe spec JSON: {"malt":[{"name","pct"}], "hops":[{"variety","g_per_hl","stage": boil|whirlpool|dry}], "yeast":{"strain","pitch_temp_c"}, "water":{"profile"}, "mash":{"temp_c","mins"}}';

CREATE TEMP TABLE tmp_recipe AS
SELECT * FROM (VALUES
 ('FRY38','Ferryman','Best Bitter','C',3.8,1.010,32,'Maris Otter','Crystal 60',82,'Fuggles','East Kent Goldings',NULL,'WLP002 English Ale',19,'Burton',67,'2014-06-01','FIR,KIL'),
 ('LNT42','Lantern','Pale Ale','C',4.2,1.009,35,'Maris Otter','Wheat Malt',90,'Citra','Mosaic','Citra','US-05',18,'Soft Pale',66,'2014-06-01','FIR,K30,C44'),
 ('MRS45','Millrace Gold','Golden Ale','C',4.5,1.008,30,'Lager Malt','Vienna',88,'Saaz','Hallertau Blanc',NULL,'Nottingham',18,'Soft Pale',65,'2015-02-01','FIR,KIL,K30'),
 ('TDW56','Tidewater','West Coast IPA','C',5.6,1.010,60,'Pale Malt','Carapils',92,'Simcoe','Centennial','Simcoe','US-05',18,'Hoppy Sulphate',65,'2016-04-01','K30,K50,C44'),
 ('BLA48','Black Anchor','Oatmeal Stout','C',4.8,1.014,38,'Maris Otter','Roast Barley',70,'Fuggles','Challenger',NULL,'WLP002 English Ale',19,'Dublin',68,'2015-10-01','FIR,K30,C44'),
 ('HAZ65','Loose Ends','New England IPA','C',6.5,1.014,35,'Pale Malt','Oat Malt',75,'Citra','Galaxy','Galaxy','Verdant IPA',19,'Soft Pale',67,'2020-03-01','K30,C44'),
 ('LGR44','Weir Lager','Helles','C',4.4,1.008,20,'Pilsner Malt','Vienna',95,'Hallertau Mittelfruh','Tettnang',NULL,'W-34/70',11,'Pilsen',64,'2019-05-01','K30,K50,C44'),
 ('PRT50','Coalface','Porter','S',5.0,1.014,34,'Maris Otter','Brown Malt',72,'East Kent Goldings','Fuggles',NULL,'WLP002 English Ale',19,'London',68,'2016-10-01','FIR,K30'),
 ('SUM40','Lido','Summer Ale','S',4.0,1.008,25,'Lager Malt','Wheat Malt',90,'Motueka','Nelson Sauvin','Motueka','Nottingham',18,'Soft Pale',65,'2017-04-01','FIR,K30,C44'),
 ('SAI55','Hay Barn','Saison','S',5.5,1.004,28,'Pilsner Malt','Wheat Malt',85,'Saaz','Styrian Goldings',NULL,'Belle Saison',22,'Soft Pale',64,'2018-05-01','K30,C44'),
 ('RED52','Rust Belt','Red Ale','S',5.2,1.012,40,'Maris Otter','Crystal 120',80,'Cascade','Chinook',NULL,'US-05',18,'Balanced',67,'2019-09-01','FIR,K30'),
 ('WIN70','Forge Fire','Winter Warmer','S',7.0,1.016,36,'Maris Otter','Dark Crystal',78,'Challenger','Bramling Cross',NULL,'WLP002 English Ale',19,'Burton',68,'2016-11-01','FIR,C44'),
 ('DIP75','Spillway','Double IPA','S',7.5,1.012,70,'Pale Malt','Dextrose',85,'Nectaron','Citra','Nectaron','Verdant IPA',19,'Hoppy Sulphate',65,'2021-02-01','C44'),
 ('MIL34','Tailrace','Dark Mild','C',3.4,1.012,22,'Maris Otter','Chocolate Malt',80,'Fuggles','Bramling Cross',NULL,'WLP002 English Ale',19,'Burton',68,'2014-06-01','FIR'),
 ('GOS42','Salt Marsh','Gose','O',4.2,1.008,8,'Pilsner Malt','Wheat Malt',55,'Hallertau Blanc','Saaz',NULL,'Philly Sour',20,'Soft Pale',65,'2023-06-01','K30,C44'),
 ('CLB60','Kelham Collab IPA','IPA','O',6.0,1.010,55,'Pale Malt','Oat Malt',85,'Strata','Citra','Strata','Verdant IPA',19,'Soft Pale',66,'2024-03-01','K30,C44'),
 ('BAR95','Heavy Water','Barley Wine','O',9.5,1.020,60,'Maris Otter','Crystal 60',90,'East Kent Goldings','Target',NULL,'WLP002 English Ale',19,'Burton',66,'2022-10-01','C44'),
 ('PIL48','Sluice Pils','Pilsner','R',4.8,1.008,35,'Pilsner Malt','Carapils',96,'Saaz','Hallertau Mittelfruh',NULL,'W-34/70',11,'Pilsen',64,'2017-02-01','K30'),
 ('WHT46','Sunday Best','Hefeweizen','R',4.6,1.010,14,'Wheat Malt','Pilsner Malt',55,'Hallertau Mittelfruh','Tettnang',NULL,'WB-06',19,'Soft Pale',64,'2018-06-01','K30')
) v(cd, nm, style, rng, abv, fg, ibu, malt1, malt2, malt1_pct, hop1, hop2, dryhop, yeast, pitch, water, mash, created, fmts);

INSERT INTO brew.recipe (recipe_cd, beer_nm, style, range_cd, abv_tgt, og_tgt, fg_tgt, ibu, spec, created_on)
SELECT cd, nm, style, rng, abv, round(fg + abv / 131.25, 3), fg, ibu,
       jsonb_build_object(
         'malt', jsonb_build_array(jsonb_build_object('name', malt1, 'pct', malt1_pct),
                                   jsonb_build_object('name', malt2, 'pct', 100 - malt1_pct)),
         'hops', jsonb_build_array(jsonb_build_object('variety', hop1, 'g_per_hl', 150 + (ibu * 3), 'stage', 'boil'),
                                   jsonb_build_object('variety', hop2, 'g_per_hl', 120 + ibu, 'stage', 'whirlpool'))
                 || CASE WHEN dryhop IS NULL THEN '[]'::jsonb
                         ELSE jsonb_build_array(jsonb_build_object('variety', dryhop, 'g_per_hl', 400 + ibu * 4, 'stage', 'dry')) END,
         'yeast', jsonb_build_object('strain', yeast, 'pitch_temp_c', pitch),
         'water', jsonb_build_object('profile', water),
         'mash',  jsonb_build_object('temp_c', mash, 'mins', CASE WHEN style IN ('Helles','Pilsner') THEN 75 ELSE 60 END)),
       created::date
FROM tmp_recipe ORDER BY created, cd;

-- ---------------------------------------------------------------------
-- brew.batch
-- ---------------------------------------------------------------------
CREATE TYPE brew.batch_stage AS ENUM ('planned','brewing','fermenting','conditioning','packaged','dumped');

CREATE TABLE brew.batch (
    batch_id    serial PRIMARY KEY,
    batch_no    varchar(10) NOT NULL UNIQUE,
    recipe_id   int NOT NULL REFERENCES brew.recipe,
    brew_dt     date NOT NULL,
    brewer_id   int NOT NULL REFERENCES tap.staff,
    fv_cd       varchar(5) NOT NULL REFERENCES brew.vessel,
    brew_len_hl numeric(5,1) NOT NULL,
    og          numeric(5,3),
    fg          numeric(5,3),
    abv         numeric(3,1),
    cond_vsl_cd varchar(5) REFERENCES brew.vessel,
    stage       brew.batch_stage NOT NULL DEFAULT 'planned',
    dump_rsn    varchar(60),
    notes       text
);
COMMENT ON TABLE  brew.batch IS 'One row per brew (a brew day on the 20 hl brewhouse, double or triple brewed into the bigger FVs). Future rows are the brew plan.';
COMMENT ON COLUMN brew.batch.batch_no IS 'MRyy-nnn, numbered from 001 each calendar year';
COMMENT ON COLUMN brew.batch.fv_cd IS 'Fermentation vessel the wort was knocked out into';
COMMENT ON COLUMN brew.batch.cond_vsl_cd IS 'Tank the beer was transferred to for conditioning (CT or BT); NULL = conditioned in its FV, or not transferred yet';
COMMENT ON COLUMN brew.batch.brew_len_hl IS 'Volume of wort collected into the FV, hectolitres';
COMMENT ON COLUMN brew.batch.og IS 'Measured original gravity; NULL until brewed';
COMMENT ON COLUMN brew.batch.fg IS 'Final gravity once fermentation is finished; NULL while still fermenting';
COMMENT ON COLUMN brew.batch.abv IS 'Declared ABV %, (OG - FG) x 131.25, set when FG is known';
COMMENT ON COLUMN brew.batch.dump_rsn IS 'Why the batch was poured away (stage dumped)';

CREATE TEMP TABLE tmp_bd AS
SELECT d::date AS d FROM generate_series('2022-01-04'::date, '2024-10-31'::date, interval '1 day') d
WHERE extract(isodow FROM d) BETWEEN 1 AND 4
  AND pg_temp.rnd('bd' || d) > 0.07
  AND NOT (extract(month FROM d) = 12 AND extract(day FROM d) >= 23)
  AND NOT (extract(month FROM d) = 1 AND extract(day FROM d) <= 3);

CREATE TEMP TABLE tmp_pick AS
WITH w AS (
  SELECT b.d, r.recipe_id, r.recipe_cd, r.style,
    CASE r.recipe_cd
      WHEN 'LNT42' THEN 6 WHEN 'FRY38' THEN 4 WHEN 'MRS45' THEN 3 WHEN 'TDW56' THEN 4
      WHEN 'BLA48' THEN 2 WHEN 'HAZ65' THEN 3 WHEN 'LGR44' THEN 3 WHEN 'MIL34' THEN 1
      WHEN 'PRT50' THEN CASE WHEN extract(month FROM b.d) IN (10,11,12,1,2) THEN 2 ELSE 0 END
      WHEN 'SUM40' THEN CASE WHEN extract(month FROM b.d) BETWEEN 5 AND 8 THEN 3 ELSE 0 END
      WHEN 'SAI55' THEN CASE WHEN extract(month FROM b.d) BETWEEN 6 AND 9 THEN 1 ELSE 0 END
      WHEN 'RED52' THEN CASE WHEN extract(month FROM b.d) BETWEEN 9 AND 11 THEN 2 ELSE 0 END
      WHEN 'WIN70' THEN CASE WHEN extract(month FROM b.d) IN (11,12,1) THEN 2 ELSE 0 END
      WHEN 'DIP75' THEN CASE WHEN extract(month FROM b.d) IN (3,4) THEN 2 ELSE 0 END
      WHEN 'GOS42' THEN CASE WHEN (b.d >= '2023-06-01' AND b.d < '2023-09-01') OR (b.d >= '2024-06-01' AND b.d < '2024-08-01') THEN 1 ELSE 0 END
      WHEN 'CLB60' THEN CASE WHEN b.d >= '2024-03-01' AND b.d < '2024-05-01' THEN 2 ELSE 0 END
      WHEN 'BAR95' THEN CASE WHEN extract(month FROM b.d) = 10 AND b.d < '2024-01-01' THEN 1 ELSE 0 END
      WHEN 'PIL48' THEN CASE WHEN b.d < '2023-06-01' THEN 2 ELSE 0 END
      WHEN 'WHT46' THEN CASE WHEN b.d < '2022-09-01' AND extract(month FROM b.d) BETWEEN 5 AND 8 THEN 1 ELSE 0 END
    END AS w
  FROM tmp_bd b CROSS JOIN brew.recipe r
), c AS (
  SELECT *, sum(w) OVER (PARTITION BY d ORDER BY recipe_id) AS cum, sum(w) OVER (PARTITION BY d) AS tot
  FROM w WHERE w > 0
)
SELECT d, recipe_id, recipe_cd, style,
       row_number() OVER (PARTITION BY extract(year FROM d) ORDER BY d) AS yseq,
       row_number() OVER (ORDER BY d) AS seq
FROM c WHERE pg_temp.rnd('rc' || d) * tot >= cum - w AND pg_temp.rnd('rc' || d) * tot < cum;

INSERT INTO brew.batch (batch_no, recipe_id, brew_dt, brewer_id, fv_cd, brew_len_hl, og, fg, abv, stage, dump_rsn)
SELECT x.batch_no, x.recipe_id, x.d, x.brewer_id, x.fv, x.len,
       CASE WHEN x.d <= '2024-10-11' THEN x.og END,
       CASE WHEN x.st IN ('conditioning','packaged') THEN x.fg END,
       CASE WHEN x.st IN ('conditioning','packaged') THEN round((x.og - x.fg) * 131.25, 1) END,
       x.st::brew.batch_stage,
       CASE WHEN x.st = 'dumped' THEN (ARRAY['Infection (lactobacillus)','Stuck fermentation','Oxidised in transfer','Glycol failure on FV','Wrong hop addition'])[1 + floor(pg_temp.rnd('dr' || x.d) * 5)::int] END
FROM (
  SELECT p.*, 'MR' || to_char(p.d, 'YY') || '-' || lpad(p.yseq::text, 3, '0') AS batch_no,
         v.vessel_cd AS fv,
         round(v.cap_hl * (0.92 + 0.06 * pg_temp.rnd('len' || p.d))::numeric, 1) AS len,
         round((r.og_tgt + (pg_temp.rnd('og' || p.d) - 0.5) * 0.004)::numeric, 3) AS og,
         round((r.fg_tgt + (pg_temp.rnd('fg' || p.d) - 0.4) * 0.003)::numeric, 3) AS fg,
         (SELECT s.staff_id FROM tap.staff s WHERE s.role_cd = 'BRW' AND s.start_dt <= p.d AND coalesce(s.leave_dt, '9999-12-31') >= p.d
          ORDER BY md5(s.staff_id || 'b' || p.d) LIMIT 1) AS brewer_id,
         CASE WHEN p.d > '2024-10-11' THEN 'planned'
              WHEN p.d <= '2024-09-20' AND pg_temp.rnd('dump' || p.d) < 0.022 THEN 'dumped'
              WHEN '2024-10-11'::date - p.d < CASE WHEN p.style IN ('Helles','Pilsner') THEN 21 ELSE 10 END THEN 'fermenting'
              WHEN '2024-10-11'::date - p.d < CASE WHEN p.style IN ('Helles','Pilsner') THEN 31 ELSE 17 END THEN 'conditioning'
              ELSE 'packaged' END AS st
  FROM tmp_pick p
  JOIN brew.recipe r ON r.recipe_id = p.recipe_id
  JOIN brew.vessel v ON v.vessel_cd = CASE
        WHEN (ARRAY['FV01','FV02','FV03','FV04','FV05','FV06','FV07','FV08','FV09','FV10'])[1 + (p.seq % 10)::int] = 'FV04' AND p.d >= '2024-09-01' THEN 'FV09'
        ELSE (ARRAY['FV01','FV02','FV03','FV04','FV05','FV06','FV07','FV08','FV09','FV10'])[1 + (p.seq % 10)::int] END
) x
ORDER BY x.d;
UPDATE brew.batch b SET cond_vsl_cd = (ARRAY['CT01','CT02','BT01','BT02'])[1 + (b.batch_id % 5)]
WHERE b.stage = 'packaged' AND b.batch_id % 5 < 4;
UPDATE brew.batch b SET cond_vsl_cd = x.v
FROM (SELECT batch_id, (ARRAY['CT01','CT02','BT02','BT01'])[row_number() OVER (ORDER BY brew_dt)] AS v
      FROM brew.batch WHERE stage = 'conditioning') x
WHERE x.batch_id = b.batch_id;
-- tank reshuffle: the Weir Lager brewed 23 Sep was knocked out into FV05, not FV01
UPDATE brew.batch SET fv_cd = 'FV05' WHERE batch_no = 'MR24-131';
UPDATE brew.batch SET notes = 'Planned brew - check malt stock' WHERE stage = 'planned' AND brew_dt < '2024-10-20';
UPDATE brew.batch SET notes = 'Double dry hopped for taproom release' WHERE batch_id % 37 = 5 AND stage = 'packaged';

-- ---------------------------------------------------------------------
-- brew.gravity_reading
-- ---------------------------------------------------------------------
CREATE TABLE brew.gravity_reading (
    reading_id bigserial PRIMARY KEY,
    batch_id   int NOT NULL REFERENCES brew.batch,
    read_at    timestamp NOT NULL,
    sg         numeric(5,3) NOT NULL,
    temp_c     numeric(4,1),
    ph         numeric(3,2),
    taken_by   int REFERENCES tap.staff
);
COMMENT ON TABLE  brew.gravity_reading IS 'Hydrometer / Tilt readings taken on fermenting beer, twice a day (08:00 and 16:00) until FG is stable';
COMMENT ON COLUMN brew.gravity_reading.sg IS 'Specific gravity at the time of reading (e.g. 1.012)';
COMMENT ON COLUMN brew.gravity_reading.temp_c IS 'Beer temperature in the FV, degrees C';

INSERT INTO brew.gravity_reading (batch_id, read_at, sg, temp_c, ph, taken_by)
SELECT b.batch_id, g.ts, 
       round((fgx + (b.og - fgx) * CASE WHEN b.stage = 'dumped' THEN greatest(exp(-k * g.dy), 0.7) ELSE exp(-k * g.dy) END
              + (pg_temp.rnd('sg' || b.batch_id || '-' || g.n) - 0.5) * 0.0016)::numeric, 3),
       round((pitch + least(g.dy * 0.6, 2.0) + CASE WHEN lager AND g.dy >= 12 THEN 5 ELSE 0 END
              + (pg_temp.rnd('tc' || b.batch_id || '-' || g.n) - 0.5) * 0.6)::numeric, 1),
       round((5.25 - 0.95 * (1 - exp(-0.5 * g.dy)) + (pg_temp.rnd('ph' || b.batch_id || '-' || g.n) - 0.5) * 0.06)::numeric, 2),
       CASE WHEN extract(isodow FROM g.ts) >= 6 THEN 1 ELSE b.brewer_id END
FROM (
  SELECT b.*, (r.spec -> 'yeast' ->> 'pitch_temp_c')::numeric AS pitch,
         r.style IN ('Helles','Pilsner') AS lager,
         CASE WHEN r.style IN ('Helles','Pilsner') THEN 0.2 ELSE 0.45 END AS k,
         round((r.fg_tgt + (pg_temp.rnd('fg' || b.brew_dt) - 0.4) * 0.003)::numeric, 3) AS fgx,
         CASE WHEN b.stage = 'dumped' THEN 9 WHEN r.style IN ('Helles','Pilsner') THEN 41 ELSE 19 END AS nmax
  FROM brew.batch b JOIN brew.recipe r ON r.recipe_id = b.recipe_id
  WHERE b.stage <> 'planned'
) b
CROSS JOIN LATERAL (
  SELECT n, (b.brew_dt + (n / 2) * interval '1 day' + CASE WHEN n % 2 = 0 THEN interval '8 hours' ELSE interval '16 hours' END
             + (pg_temp.rnd('m' || b.batch_id || '-' || n) * 40)::int * interval '1 minute') AS ts,
         n / 2.0 AS dy
  FROM generate_series(1, b.nmax) n
) g
WHERE g.ts <= '2024-10-11 17:00'
ORDER BY g.ts;

CREATE INDEX ix_gravity_batch ON brew.gravity_reading (batch_id, read_at);

-- ---------------------------------------------------------------------
-- brew.pkg_run
-- ---------------------------------------------------------------------
CREATE TABLE brew.pkg_run (
    pkg_id       serial PRIMARY KEY,
    batch_id     int NOT NULL REFERENCES brew.batch,
    pkg_dt       date NOT NULL,
    fmt_cd       char(3) NOT NULL,
    units        int NOT NULL,
    litres       numeric(7,1) NOT NULL,
    waste_l      numeric(5,1) NOT NULL DEFAULT 0,
    line_lead_id int REFERENCES tap.staff,
    bb_dt        date NOT NULL,
    qa_st        char(1) NOT NULL DEFAULT 'P'
);
COMMENT ON TABLE  brew.pkg_run IS 'Packaging runs: a batch racked to cask or keg, or canned (mobile canning line). One row per batch per format.';
COMMENT ON COLUMN brew.pkg_run.fmt_cd IS 'Format: FIR firkin cask (9 gal, 40.9 L), KIL kilderkin cask (18 gal, 81.8 L), K30 30 L keg, K50 50 L keg, C44 case of 24 x 440 ml cans (10.56 L)';
COMMENT ON COLUMN brew.pkg_run.units IS 'Number of casks, kegs or can cases filled';
COMMENT ON COLUMN brew.pkg_run.litres IS 'Litres of beer packaged (units x format size)';
COMMENT ON COLUMN brew.pkg_run.waste_l IS 'Litres lost on the run (fobbing, short fills, seam failures)';
COMMENT ON COLUMN brew.pkg_run.bb_dt IS 'Best-before date printed on the pump clip / can';
COMMENT ON COLUMN brew.pkg_run.qa_st IS 'QA status: P passed, H held pending lab result, F failed (not for sale)';

INSERT INTO brew.pkg_run (batch_id, pkg_dt, fmt_cd, units, litres, waste_l, line_lead_id, bb_dt, qa_st)
SELECT x.batch_id, x.pkg_dt, x.fmt, x.units, round(x.units * x.unit_l, 1),
       round((x.share * 4 + pg_temp.rnd('w' || x.batch_id || x.fmt) * 12)::numeric, 1),
       (SELECT s.staff_id FROM tap.staff s WHERE s.role_cd = 'PKG' AND s.start_dt <= x.pkg_dt AND coalesce(s.leave_dt, '9999-12-31') >= x.pkg_dt
        ORDER BY md5(s.staff_id || 'p' || x.pkg_dt) LIMIT 1),
       x.pkg_dt + CASE x.fmt WHEN 'FIR' THEN 56 WHEN 'KIL' THEN 56 WHEN 'C44' THEN 270 ELSE 120 END,
       CASE WHEN x.pkg_dt >= '2024-10-09' AND x.fmt = 'C44' THEN 'H'
            WHEN pg_temp.rnd('qa' || x.batch_id || x.fmt) < 0.006 THEN 'F' ELSE 'P' END
FROM (
  SELECT f.*, floor(f.share * f.avail / f.unit_l)::int AS units
  FROM (
    SELECT b.batch_id, b.brew_len_hl * 100 * 0.93 AS avail, fm.fmt,
           CASE fm.fmt WHEN 'FIR' THEN 40.9 WHEN 'KIL' THEN 81.8 WHEN 'K30' THEN 30 WHEN 'K50' THEN 50 ELSE 10.56 END AS unit_l,
           (1 + pg_temp.rnd('sh' || b.batch_id || fm.fmt)) / sum(1 + pg_temp.rnd('sh' || b.batch_id || fm.fmt)) OVER (PARTITION BY b.batch_id) AS share,
           b.brew_dt + o.off + CASE extract(isodow FROM b.brew_dt + o.off) WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END AS pkg_dt
    FROM brew.batch b
    JOIN brew.recipe r ON r.recipe_id = b.recipe_id
    JOIN tmp_recipe t ON t.cd = r.recipe_cd
    CROSS JOIN LATERAL unnest(string_to_array(t.fmts, ',')) AS fm(fmt)
    CROSS JOIN LATERAL (SELECT CASE WHEN r.style IN ('Helles','Pilsner') THEN 31 ELSE 17 END AS off) o
    WHERE b.stage = 'packaged'
  ) f
) x
ORDER BY x.pkg_dt, x.batch_id, x.fmt;

-- ---------------------------------------------------------------------
-- brew.duty_return
-- ---------------------------------------------------------------------
CREATE TABLE brew.duty_return (
    return_id    serial PRIMARY KEY,
    period_start date NOT NULL UNIQUE,
    period_end   date NOT NULL,
    hl_product   numeric(8,2) NOT NULL,
    hlpa         numeric(8,3) NOT NULL,
    rate_per_lpa numeric(6,2) NOT NULL,
    duty_gross   numeric(10,2) NOT NULL,
    spr_relief   numeric(10,2) NOT NULL,
    duty_net     numeric(10,2) NOT NULL,
    due_dt       date NOT NULL,
    submitted_on date,
    paid_on      date,
    rtn_st       char(1) NOT NULL
);
COMMENT ON TABLE  brew.duty_return IS 'Monthly alcohol duty returns to HMRC (duty point = packaging of the beer)';
COMMENT ON COLUMN brew.duty_return.hl_product IS 'Hectolitres of beer packaged in the period';
COMMENT ON COLUMN brew.duty_return.hlpa IS 'Hectolitres of pure alcohol (litres x ABV / 100 / 100)';
COMMENT ON COLUMN brew.duty_return.rate_per_lpa IS 'Duty rate in GBP per litre of pure alcohol';
COMMENT ON COLUMN brew.duty_return.spr_relief IS 'Small Producer Relief deducted, GBP';
COMMENT ON COLUMN brew.duty_return.duty_net IS 'Duty payable after relief, GBP';
COMMENT ON COLUMN brew.duty_return.rtn_st IS 'Return status: D draft, S submitted (not yet paid), P paid, A amended after submission';

INSERT INTO brew.duty_return (period_start, period_end, hl_product, hlpa, rate_per_lpa, duty_gross, spr_relief, duty_net, due_dt, submitted_on, paid_on, rtn_st)
SELECT m, (m + interval '1 month - 1 day')::date, round(l / 100, 2), round(lpa / 100, 3), rate,
       round(lpa * rate, 2), round(lpa * rate * 0.42, 2), round(lpa * rate, 2) - round(lpa * rate * 0.42, 2),
       (m + interval '2 month - 1 day')::date,
       (m + interval '1 month')::date + 7 + (pg_temp.rnd('ds' || m) * 5)::int,
       CASE WHEN m < '2024-09-01' THEN (m + interval '1 month')::date + 14 + (pg_temp.rnd('dp' || m) * 9)::int END,
       CASE WHEN m = '2024-09-01' THEN 'S' WHEN m IN ('2023-03-01', '2022-11-01') THEN 'A' ELSE 'P' END
FROM (
  SELECT date_trunc('month', p.pkg_dt)::date AS m, sum(p.litres) AS l, sum(p.litres * b.abv / 100) AS lpa,
         CASE WHEN min(p.pkg_dt) < '2023-08-01' THEN 19.08 ELSE 21.01 END AS rate
  FROM brew.pkg_run p JOIN brew.batch b ON b.batch_id = p.batch_id
  WHERE p.pkg_dt < '2024-10-01'
  GROUP BY 1
) s ORDER BY m;

-- ---------------------------------------------------------------------
-- trade.van_round / trade.customer
-- ---------------------------------------------------------------------
CREATE TABLE trade.van_round (
    round_cd  char(3) PRIMARY KEY,
    round_nm  varchar(60) NOT NULL,
    dlv_dow   smallint NOT NULL,
    driver_id int REFERENCES tap.staff,
    van_reg   varchar(8),
    max_casks smallint
);
COMMENT ON TABLE  trade.van_round IS 'Delivery rounds: each round is driven once a week on a fixed day';
COMMENT ON COLUMN trade.van_round.dlv_dow IS 'Delivery day: 1 Monday, 2 Tuesday, 3 Wednesday, 4 Thursday, 5 Friday';
COMMENT ON COLUMN trade.van_round.driver_id IS 'Regular drayman on this round now';
COMMENT ON COLUMN trade.van_round.max_casks IS 'Van capacity in firkin-equivalents';

INSERT INTO trade.van_round VALUES
 ('NTH','North - Hillsborough, Stocksbridge, Penistone',1,9,'YJ19 KBD',60),
 ('STH','South - Dronfield, Chesterfield, Eckington',2,10,'YD70 MRB',60),
 ('EST','East - Rotherham, Doncaster, Maltby',3,13,'YJ19 KBE',60),
 ('WST','Peak - Hathersage, Hope, Castleton, Bakewell',4,9,'YD70 MRC',45),
 ('CTY','City - Kelham, Neepsend, Ecclesall Rd, Division St',5,10,'YD70 MRB',70),
 ('LDS','Trunk - Leeds, Wakefield, Huddersfield (wholesale)',3,11,'YC22 HGV',120);

CREATE TEMP TABLE tmp_town AS
SELECT * FROM (VALUES
 (0,'Hillsborough','S6','NTH'),(1,'Stocksbridge','S36','NTH'),(2,'Penistone','S36','NTH'),(3,'Deepcar','S36','NTH'),
 (4,'Dronfield','S18','STH'),(5,'Chesterfield','S40','STH'),(6,'Eckington','S21','STH'),
 (7,'Rotherham','S60','EST'),(8,'Doncaster','DN1','EST'),(9,'Maltby','S66','EST'),
 (10,'Hathersage','S32','WST'),(11,'Hope','S33','WST'),(12,'Castleton','S33','WST'),(13,'Bakewell','DE45','WST'),
 (14,'Kelham Island','S3','CTY'),(15,'Neepsend','S3','CTY'),(16,'Ecclesall Road','S11','CTY'),(17,'Division Street','S1','CTY'),
 (18,'Crookes','S10','CTY'),(19,'Walkley','S6','NTH'),(20,'Leeds','LS1','LDS'),(21,'Wakefield','WF1','LDS'),(22,'Huddersfield','HD1','LDS')
) v(t_idx, town, pc, round_cd);

CREATE TABLE trade.customer (
    cust_id       serial PRIMARY KEY,
    acct_no       varchar(8) NOT NULL UNIQUE,
    cust_nm       varchar(80) NOT NULL,
    cust_type     char(3) NOT NULL,
    acct_st       char(1) NOT NULL DEFAULT 'A',
    pl_cd         char(3) NOT NULL DEFAULT 'STD',
    round_cd      char(3) REFERENCES trade.van_round,
    town          varchar(40) NOT NULL,
    postcode      varchar(8),
    contact_nm    varchar(60),
    phone         varchar(15),
    email         varchar(120),
    credit_limit  numeric(9,2) NOT NULL,
    terms_days    smallint NOT NULL DEFAULT 14,
    opened_on     date NOT NULL,
    on_stop_since date,
    closed_on     date
);
COMMENT ON TABLE  trade.customer IS 'Trade customers (accounts): pubs, bottle shops, restaurants, wholesalers, festivals';
COMMENT ON COLUMN trade.customer.cust_type IS 'PUB pub or bar, BSH bottle shop / off-licence, RST restaurant or cafe, WHL wholesaler, EVT beer festival or event organiser';
COMMENT ON COLUMN trade.customer.acct_st IS 'Account status: A active, S suspended (on stop for unpaid invoices), X closed';
COMMENT ON COLUMN trade.customer.pl_cd IS 'Price list: STD standard trade, VOL volume discount, WHL wholesale, FST festival';
COMMENT ON COLUMN trade.customer.round_cd IS 'Van round that delivers to this customer';
COMMENT ON COLUMN trade.customer.terms_days IS 'Payment terms, days from invoice date';
COMMENT ON COLUMN trade.customer.on_stop_since IS 'Date the account was put on stop (acct_st S)';

INSERT INTO trade.customer (acct_no, cust_nm, cust_type, acct_st, pl_cd, round_cd, town, postcode, contact_nm, phone, email,
                            credit_limit, terms_days, opened_on, on_stop_since, closed_on)
SELECT 'MIL' || lpad(i::text, 4, '0'), nm, ty,
       CASE WHEN closed IS NOT NULL THEN 'X' WHEN stop IS NOT NULL THEN 'S' ELSE 'A' END,
       CASE WHEN ty = 'WHL' THEN 'WHL' WHEN ty = 'EVT' THEN 'FST' WHEN pg_temp.rnd('pl' || i) < 0.2 THEN 'VOL' ELSE 'STD' END,
       t.round_cd, t.town, t.pc || ' ' || (1 + (pg_temp.rnd('pc' || i) * 8)::int) || chr(65 + (pg_temp.rnd('pd' || i) * 25)::int) || chr(65 + (pg_temp.rnd('pe' || i) * 25)::int),
       fn || ' ' || ln, '0114 ' || (2000000 + (pg_temp.rnd('ph' || i) * 7999999)::int),
       lower(regexp_replace(nm, '[^A-Za-z]', '', 'g')) || '@' || CASE WHEN ty = 'WHL' THEN 'trade.co.uk' ELSE 'mail.co.uk' END,
       CASE ty WHEN 'WHL' THEN 15000 WHEN 'EVT' THEN 5000 WHEN 'PUB' THEN 1500 + 500 * floor(pg_temp.rnd('cl' || i) * 6) ELSE 1000 + 500 * floor(pg_temp.rnd('cl' || i) * 4) END,
       CASE ty WHEN 'WHL' THEN 30 WHEN 'EVT' THEN 7 ELSE CASE WHEN pg_temp.rnd('tm' || i) < 0.25 THEN 30 ELSE 14 END END,
       opened, stop, closed
FROM (
  SELECT i, ty, opened,
         CASE WHEN i > 26 AND opened < '2023-06-01' AND pg_temp.rnd('cx' || i) < 0.08 THEN opened + 200 + (pg_temp.rnd('cy' || i) * ('2024-10-01'::date - opened - 200))::int END AS closed,
         CASE WHEN i > 26 AND pg_temp.rnd('cx' || i) BETWEEN 0.07 AND 0.11 THEN '2024-10-04'::date - (pg_temp.rnd('st' || i) * 150)::int END AS stop,
         CASE ty WHEN 'WHL' THEN (ARRAY['Northern Beer Distribution Ltd','Pennine Drinks Wholesale','Yorkshire Ales Direct','Cask Force Ltd','Carnival Beer Co','Leeds Craft Supply','West Riding Wines & Beers','Three Valleys Drinks'])[i]
                  WHEN 'EVT' THEN (ARRAY['Sheffield Beer Week','Peak Ale Festival','Kelham Summer Fest','Tramlines Bars Ltd','Bakewell Show Bars','Chesterfield Beer Festival','Doncaster Racecourse Events','Steel City Beer Festival','Hope Valley Folk Fest','Rotherham CAMRA Festival','Penistone Show','Crookes Social Club Fest','Huddersfield Oktoberfest','Wakefield Rhubarb Festival','Leeds Indie Food','Walkley Carnival','Castleton Garland Day','Hathersage Gala'])[i - 8]
                  WHEN 'PUB' THEN (ARRAY['The Red Lion','The Crown','The Royal Oak','The Fat Cat','The Wheatsheaf','The Plough','The Rose & Crown','The Blind Monkey','The Closed Shop','The Grindstone','The Three Tuns','The Old Queens Head','The Bath Hotel','The Blake','The Hallamshire','The Rutland Arms','The Sheaf View','The Grapes','The George','The Anvil','The Ship Inn','The Fox & Hounds','The Bell','The Kings Head','The White Hart','The Black Bull','The Swan','The Miners Arms','The Cutlers Arms','The Old Grindstone','The Shakespeare','The Washington','The Devonshire Cat','The Harlequin','The Riverside','The Millhouses','The Nags Head','The Cross Keys','The Star','The Navigation'])[1 + (k % 40)::int] || ', ' || tw.town
                  WHEN 'BSH' THEN (ARRAY['Hop Hideout','Bottle & Barrel','The Beer Cellar','Craft Corner','Malt & Hop','Tapped Off','The Grain Store','Cask & Can','Beer Central','Hopscotch Bottles'])[1 + (k % 10)::int] || ' ' || tw.town
                  ELSE (ARRAY['The Olive Tree','Blue Door Kitchen','Forge Bistro','Rivelin Cafe','The Larder','Smoke BBQ','Curry Cottage','Pizza Forge'])[1 + (k % 8)::int] || ' ' || tw.town END AS nm,
         CASE WHEN ty IN ('WHL') THEN 20 + (i % 3) WHEN ty = 'EVT' THEN (ARRAY[17,10,14,17,13,5,8,16,11,7,2,18,22,21,20,19,12,10])[i - 8]
              ELSE (k / CASE ty WHEN 'PUB' THEN 40 WHEN 'BSH' THEN 10 ELSE 8 END + k) % 20 END AS t_idx,
         (ARRAY['Steve','Karen','Dave','Lisa','Paul','Emma','Mark','Sarah','Chris','Jo','Rob','Claire','Andy','Nicola','Pete','Gemma'])[1 + (pg_temp.rnd('fn' || i) * 15)::int] AS fn,
         (ARRAY['Hughes','Barker','Walsh','Dawson','Bramall','Cooper','Kaye','Lister','Nuttall','Ward','Senior','Fox','Hague','Jepson','Revill','Staniforth'])[1 + (pg_temp.rnd('ln' || i) * 15)::int] AS ln
  FROM (
    SELECT i, ty, opened, (row_number() OVER (PARTITION BY ty ORDER BY i) - 1)::int AS k
    FROM (
      SELECT i,
             CASE WHEN i <= 8 THEN 'WHL' WHEN i <= 26 THEN 'EVT'
                  WHEN pg_temp.rnd('ty' || i) < 0.62 THEN 'PUB' WHEN pg_temp.rnd('ty' || i) < 0.82 THEN 'BSH' ELSE 'RST' END AS ty,
             CASE WHEN i <= 26 THEN '2015-06-01'::date + (i * 61)
                  ELSE '2015-03-01'::date + (pg_temp.rnd('op' || i) ^ 0.6 * ('2024-09-20'::date - '2015-03-01'::date))::int END AS opened
      FROM generate_series(1, 340) i
    ) a
  ) b
  JOIN tmp_town tw ON tw.t_idx = CASE WHEN b.ty IN ('WHL','EVT') THEN 0 ELSE (b.k / CASE b.ty WHEN 'PUB' THEN 40 WHEN 'BSH' THEN 10 ELSE 8 END + b.k) % 20 END
) c
JOIN tmp_town t ON t.t_idx = c.t_idx
ORDER BY i;

-- ---------------------------------------------------------------------
-- trade.product / trade.price_list_item
-- ---------------------------------------------------------------------
CREATE TABLE trade.product (
    sku       varchar(10) PRIMARY KEY,
    recipe_id int NOT NULL REFERENCES brew.recipe,
    fmt_cd    char(3) NOT NULL,
    unit_l    numeric(5,2) NOT NULL,
    prod_desc varchar(80) NOT NULL,
    active    boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  trade.product IS 'Sellable products (SKU = recipe code + format)';
COMMENT ON COLUMN trade.product.fmt_cd IS 'FIR firkin, KIL kilderkin, K30 30 L keg, K50 50 L keg, C44 case of 24 x 440 ml cans (same codes as brew.pkg_run)';
COMMENT ON COLUMN trade.product.unit_l IS 'Litres of beer in one unit';

INSERT INTO trade.product
SELECT r.recipe_cd || '-' || fm.fmt, r.recipe_id, fm.fmt,
       CASE fm.fmt WHEN 'FIR' THEN 40.9 WHEN 'KIL' THEN 81.8 WHEN 'K30' THEN 30 WHEN 'K50' THEN 50 ELSE 10.56 END,
       r.beer_nm || ' ' || r.abv_tgt || '% ' || CASE fm.fmt WHEN 'FIR' THEN 'firkin' WHEN 'KIL' THEN 'kilderkin' WHEN 'K30' THEN '30L keg' WHEN 'K50' THEN '50L keg' ELSE '24x440ml cans' END,
       r.range_cd <> 'R'
FROM brew.recipe r JOIN tmp_recipe t ON t.cd = r.recipe_cd
CROSS JOIN LATERAL unnest(string_to_array(t.fmts, ',')) AS fm(fmt)
ORDER BY r.recipe_id, fm.fmt;

CREATE TABLE trade.price_list_item (
    pl_cd      char(3) NOT NULL,
    sku        varchar(10) NOT NULL REFERENCES trade.product,
    unit_price numeric(8,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to   date,
    PRIMARY KEY (pl_cd, sku, valid_from)
);
COMMENT ON TABLE  trade.price_list_item IS 'Trade prices per price list and SKU, ex VAT. Prices went up on 1 March 2024; valid_to NULL = current price';
COMMENT ON COLUMN trade.price_list_item.pl_cd IS 'Price list: STD standard trade, VOL volume discount, WHL wholesale, FST festival';

INSERT INTO trade.price_list_item
SELECT pl.cd, p.sku, round(base * pl.f * per.f, 2), per.vf, per.vt
FROM (
  SELECT p.sku, CASE p.fmt_cd
           WHEN 'FIR' THEN 78 + r.abv_tgt * 9
           WHEN 'KIL' THEN 2 * (78 + r.abv_tgt * 9) - 6
           WHEN 'K30' THEN 88 + r.abv_tgt * 14
           WHEN 'K50' THEN (88 + r.abv_tgt * 14) * 1.6
           ELSE 34 + r.abv_tgt * 4.2 END AS base
  FROM trade.product p JOIN brew.recipe r ON r.recipe_id = p.recipe_id
) p
CROSS JOIN (VALUES ('STD', 1.0), ('VOL', 0.92), ('WHL', 0.78), ('FST', 0.95)) pl(cd, f)
CROSS JOIN (VALUES ('2022-01-01'::date, '2024-02-29'::date, 0.94), ('2024-03-01'::date, NULL::date, 1.0)) per(vf, vt, f)
JOIN trade.product pr ON pr.sku = p.sku
WHERE pl.cd <> 'FST' OR pr.fmt_cd <> 'C44'
ORDER BY 1, 2, 4;

-- ---------------------------------------------------------------------
-- trade.sales_order / trade.order_line
-- ---------------------------------------------------------------------
CREATE TABLE trade.sales_order (
    order_id   serial PRIMARY KEY,
    order_no   varchar(10) NOT NULL UNIQUE,
    cust_id    int NOT NULL REFERENCES trade.customer,
    order_dt   date NOT NULL,
    req_dlv_dt date NOT NULL,
    round_cd   char(3) REFERENCES trade.van_round,
    channel    char(1) NOT NULL,
    taken_by   int REFERENCES tap.staff,
    ord_st     char(1) NOT NULL DEFAULT 'N',
    cust_ref   varchar(20),
    exported_at timestamp
);
COMMENT ON TABLE  trade.sales_order IS 'Trade orders (header). Delivered on the next run of the customer''s van round.';
COMMENT ON COLUMN trade.sales_order.req_dlv_dt IS 'Delivery date the order is booked onto (next day the round runs)';
COMMENT ON COLUMN trade.sales_order.channel IS 'How the order came in: P phone, E email, W web trade portal (since March 2023), R rep visit';
COMMENT ON COLUMN trade.sales_order.taken_by IS 'Office staff member who keyed the order (NULL for web orders)';
COMMENT ON COLUMN trade.sales_order.exported_at IS 'When the delivered order was last exported to the accounts package (nightly job); NULL = not exported yet';
COMMENT ON COLUMN trade.sales_order.ord_st IS 'Order status: N new, P picked and loaded, D delivered, C cancelled, H held (customer on stop)';

CREATE TEMP TABLE tmp_day AS
SELECT d::date AS d FROM generate_series('2022-01-04'::date, '2024-10-11'::date, interval '1 day') d
WHERE extract(isodow FROM d) <= 5 AND NOT (extract(month FROM d) = 12 AND extract(day FROM d) >= 24)
  AND NOT (extract(month FROM d) = 1 AND extract(day FROM d) <= 3);

INSERT INTO trade.sales_order (order_no, cust_id, order_dt, req_dlv_dt, round_cd, channel, taken_by, ord_st, cust_ref, exported_at)
SELECT 'SO' || (100000 + row_number() OVER (ORDER BY o.d, o.slot)), o.cust_id, o.d, o.rdd, o.round_cd, o.ch,
       CASE WHEN o.ch <> 'W' THEN (SELECT s.staff_id FROM tap.staff s WHERE s.role_cd = 'OFF' AND s.start_dt <= o.d AND coalesce(s.leave_dt, '9999-12-31') >= o.d
                                   ORDER BY md5(s.staff_id || 'o' || o.d || o.slot) LIMIT 1) END,
       CASE WHEN o.rdd > '2024-10-11' THEN CASE WHEN o.rdd = '2024-10-14' THEN 'P' ELSE 'N' END
            WHEN o.on_stop_since IS NOT NULL AND o.d >= o.on_stop_since THEN 'H'
            WHEN pg_temp.rnd('cn' || o.d || o.slot) < 0.025 THEN 'C'
            ELSE 'D' END,
       CASE WHEN o.cust_type IN ('WHL','EVT') THEN 'PO-' || (4000 + (pg_temp.rnd('po' || o.d || o.slot) * 5000)::int) END,
       CASE WHEN o.rdd < '2024-10-11' AND (o.on_stop_since IS NULL OR o.d < o.on_stop_since) AND pg_temp.rnd('cn' || o.d || o.slot) >= 0.025
            THEN o.rdd + interval '1 day 2 hours 15 minutes' END
FROM (
  SELECT dd.d, s.slot, c.cust_id, c.cust_type, c.round_cd, c.on_stop_since,
         dd.d + ((r.dlv_dow - extract(isodow FROM dd.d)::int + 6) % 7) + 1 AS rdd,
         CASE WHEN pg_temp.rnd('ch' || dd.d || s.slot) < 0.05 THEN 'R'
              WHEN dd.d >= '2023-03-01' AND pg_temp.rnd('ch' || dd.d || s.slot) < 0.40 THEN 'W'
              WHEN pg_temp.rnd('ch' || dd.d || s.slot) < 0.68 THEN 'E' ELSE 'P' END AS ch
  FROM tmp_day dd
  CROSS JOIN generate_series(1, 72) s(slot)
  JOIN trade.customer c ON c.cust_id = 1 + floor(pg_temp.rnd('cu' || dd.d || '-' || s.slot) * 340)::int
  JOIN trade.van_round r ON r.round_cd = c.round_cd
  WHERE pg_temp.rnd('sl' || dd.d || '-' || s.slot) < 0.62 + 0.12 * sin(extract(doy FROM dd.d) / 58.0)
    AND c.opened_on <= dd.d AND (c.closed_on IS NULL OR c.closed_on > dd.d + 7)
    AND (c.on_stop_since IS NULL OR dd.d < c.on_stop_since + 21)
    AND (c.cust_type <> 'EVT' OR (extract(month FROM dd.d) BETWEEN 5 AND 9 AND pg_temp.rnd('ev' || dd.d || s.slot) < 0.5))
    AND (c.cust_type <> 'BSH' OR pg_temp.rnd('bs' || dd.d || s.slot) < 0.7)
) o
ORDER BY o.d, o.slot;
CREATE INDEX ix_so_cust_dt ON trade.sales_order (cust_id, order_dt);
CREATE INDEX ix_so_rdd ON trade.sales_order (req_dlv_dt, round_cd);

CREATE TABLE trade.order_line (
    order_id   int NOT NULL REFERENCES trade.sales_order,
    line_no    smallint NOT NULL,
    sku        varchar(10) NOT NULL REFERENCES trade.product,
    qty        smallint NOT NULL,
    unit_price numeric(8,2) NOT NULL,
    disc_pct   numeric(4,1) NOT NULL DEFAULT 0,
    PRIMARY KEY (order_id, line_no)
);
COMMENT ON TABLE  trade.order_line IS 'Order lines: quantity of casks, kegs or can cases per SKU at the customer''s list price';
COMMENT ON COLUMN trade.order_line.unit_price IS 'Price per unit ex VAT, from the customer''s price list on the order date';
COMMENT ON COLUMN trade.order_line.disc_pct IS 'Line discount percent (promotions, e.g. 10 = 10 % off)';

CREATE TEMP TABLE tmp_avail AS
WITH a AS (
  SELECT DISTINCT x.d, p.sku, p.fmt_cd
  FROM brew.pkg_run k
  JOIN brew.batch b ON b.batch_id = k.batch_id
  JOIN trade.product p ON p.recipe_id = b.recipe_id AND p.fmt_cd = k.fmt_cd
  CROSS JOIN LATERAL generate_series(k.pkg_dt, k.pkg_dt + CASE WHEN k.fmt_cd = 'C44' THEN 150 ELSE 40 END, interval '1 day') x(d)
  WHERE k.qa_st = 'P'
  UNION
  SELECT dd.d, p.sku, p.fmt_cd FROM tmp_day dd CROSS JOIN trade.product p JOIN brew.recipe r ON r.recipe_id = p.recipe_id
  WHERE dd.d < '2022-02-10' AND r.range_cd = 'C'
), c AS (
  SELECT d::date AS d, sku, fmt_cd, CASE WHEN fmt_cd = 'C44' THEN 'N' ELSE 'K' END AS cls FROM a
  UNION ALL SELECT d::date, sku, fmt_cd, 'A' FROM a
)
SELECT d, cls, sku, fmt_cd, (row_number() OVER (PARTITION BY d, cls ORDER BY sku) - 1)::int AS idx,
       count(*) OVER (PARTITION BY d, cls) AS cnt
FROM c;
CREATE INDEX ON tmp_avail (d, cls, idx);
ANALYZE tmp_avail;

CREATE TEMP TABLE tmp_cnt AS SELECT DISTINCT d, cls, cnt FROM tmp_avail;
CREATE TEMP TABLE tmp_ol AS
SELECT o.order_id, o.order_dt, j.j, c.pl_cd, c.cust_type, k.cls,
       floor(pg_temp.rnd('pk' || o.order_id || '-' || j.j) * t.cnt)::int AS idx
FROM trade.sales_order o
JOIN trade.customer c ON c.cust_id = o.cust_id
CROSS JOIN LATERAL generate_series(1, CASE WHEN c.cust_type = 'WHL' THEN 3 + floor(pg_temp.rnd('nl' || o.order_id) * 5)::int
                                           ELSE 1 + floor(pg_temp.rnd('nl' || o.order_id) * 5)::int END) j(j)
CROSS JOIN LATERAL (SELECT CASE c.cust_type WHEN 'BSH' THEN 'N' WHEN 'WHL' THEN 'A' ELSE 'K' END AS cls) k
JOIN tmp_cnt t ON t.d = o.order_dt AND t.cls = k.cls;

INSERT INTO trade.order_line (order_id, line_no, sku, qty, unit_price, disc_pct)
SELECT y.order_id, row_number() OVER (PARTITION BY y.order_id ORDER BY y.j), y.sku,
       y.qty, pli.unit_price, y.disc
FROM (
  SELECT DISTINCT ON (o.order_id, a.sku) o.order_id, o.order_dt, o.j, a.sku, o.pl_cd,
         (CASE a.fmt_cd WHEN 'FIR' THEN 1 + floor(pg_temp.rnd('q' || o.order_id || o.j) * 4)
                        WHEN 'KIL' THEN 1 + floor(pg_temp.rnd('q' || o.order_id || o.j) * 2)
                        WHEN 'K30' THEN 1 + floor(pg_temp.rnd('q' || o.order_id || o.j) * 3)
                        WHEN 'K50' THEN 1 + floor(pg_temp.rnd('q' || o.order_id || o.j) * 2)
                        ELSE 1 + floor(pg_temp.rnd('q' || o.order_id || o.j) * 5) END
          * CASE WHEN o.cust_type = 'WHL' THEN 6 WHEN o.cust_type = 'EVT' THEN 3 ELSE 1 END)::smallint AS qty,
         CASE WHEN pg_temp.rnd('dc' || o.order_id || o.j) < 0.05 THEN 10.0 ELSE 0 END AS disc
  FROM tmp_ol o
  JOIN tmp_avail a ON a.d = o.order_dt AND a.cls = o.cls AND a.idx = o.idx
  ORDER BY o.order_id, a.sku, o.j
) y
JOIN trade.price_list_item pli ON pli.pl_cd = y.pl_cd AND pli.sku = y.sku
     AND pli.valid_from <= y.order_dt AND (pli.valid_to IS NULL OR pli.valid_to >= y.order_dt)
ORDER BY y.order_id, y.j;
CREATE INDEX ix_oline_sku ON trade.order_line (sku);

-- ---------------------------------------------------------------------
-- trade.delivery
-- ---------------------------------------------------------------------
CREATE TABLE trade.delivery (
    dlv_id       serial PRIMARY KEY,
    order_id     int NOT NULL UNIQUE REFERENCES trade.sales_order,
    round_cd     char(3) NOT NULL REFERENCES trade.van_round,
    dlv_dt       date NOT NULL,
    driver_id    int NOT NULL REFERENCES tap.staff,
    dlv_st       char(1) NOT NULL,
    delivered_at timestamp,
    signed_by    varchar(40),
    empties_back smallint NOT NULL DEFAULT 0
);
COMMENT ON TABLE  trade.delivery IS 'Drops made by the vans: one row per delivered order (proof of delivery from the driver''s handheld)';
COMMENT ON COLUMN trade.delivery.dlv_st IS 'D delivered in full, P part delivered (short shipped; a credit note follows)';
COMMENT ON COLUMN trade.delivery.signed_by IS 'Name typed in by the person who signed for the drop';
COMMENT ON COLUMN trade.delivery.empties_back IS 'Empty casks/kegs picked up on the same drop';

INSERT INTO trade.delivery (order_id, round_cd, dlv_dt, driver_id, dlv_st, delivered_at, signed_by, empties_back)
SELECT o.order_id, o.round_cd, o.req_dlv_dt,
       CASE o.round_cd WHEN 'NTH' THEN 9 WHEN 'WST' THEN 9 WHEN 'STH' THEN 10 WHEN 'CTY' THEN 10
            WHEN 'EST' THEN CASE WHEN o.req_dlv_dt < '2022-08-01' THEN 11 WHEN o.req_dlv_dt < '2024-06-01' THEN 12 ELSE 13 END
            ELSE CASE WHEN o.req_dlv_dt < '2022-08-01' THEN 1 ELSE 11 END END,
       CASE WHEN pg_temp.rnd('pd' || o.order_id) < 0.03 THEN 'P' ELSE 'D' END,
       o.req_dlv_dt + interval '7 hours 30 minutes' + (pg_temp.rnd('at' || o.order_id) * 510)::int * interval '1 minute',
       CASE WHEN pg_temp.rnd('sg' || o.order_id) < 0.6 THEN split_part(c.contact_nm, ' ', 1)
            ELSE (ARRAY['Kev','Shaz','Tony','Becky','Dan','Mo','Jess','Gaz','Lou','Tom','Hayley','Ash'])[1 + floor(pg_temp.rnd('sb' || o.order_id) * 12)::int] END,
       CASE WHEN c.cust_type = 'BSH' THEN 0 ELSE floor(pg_temp.rnd('eb' || o.order_id) * 5)::int END
FROM trade.sales_order o JOIN trade.customer c ON c.cust_id = o.cust_id
WHERE o.ord_st = 'D'
ORDER BY o.req_dlv_dt, o.round_cd, o.order_id;
CREATE INDEX ix_dlv_dt_round ON trade.delivery (dlv_dt, round_cd);
CREATE INDEX ix_dlv_signed_by ON trade.delivery (signed_by);

-- ---------------------------------------------------------------------
-- trade.invoice
-- ---------------------------------------------------------------------
CREATE TABLE trade.invoice (
    inv_id    serial PRIMARY KEY,
    inv_no    varchar(10) NOT NULL UNIQUE,
    inv_type  char(2) NOT NULL,
    cust_id   int NOT NULL REFERENCES trade.customer,
    order_id  int REFERENCES trade.sales_order,
    inv_dt    date NOT NULL,
    due_dt    date NOT NULL,
    net_amt   numeric(10,2) NOT NULL,
    vat_amt   numeric(10,2) NOT NULL,
    paid_dt   date,
    cr_rsn    char(3)
);
COMMENT ON TABLE  trade.invoice IS 'Sales invoices (one per delivered order, dated the delivery day) and credit notes';
COMMENT ON COLUMN trade.invoice.inv_type IS 'IN invoice, CR credit note (negative amounts)';
COMMENT ON COLUMN trade.invoice.net_amt IS 'Amount before VAT, GBP (negative for credit notes)';
COMMENT ON COLUMN trade.invoice.vat_amt IS 'VAT at 20 %, GBP';
COMMENT ON COLUMN trade.invoice.paid_dt IS 'Date payment was received; NULL = not paid yet. Not used for credit notes';
COMMENT ON COLUMN trade.invoice.cr_rsn IS 'Credit note reason: ULL ullage (faulty or undrinkable beer returned), SHT short delivery, PRC pricing error';

CREATE TEMP TABLE tmp_inv AS
SELECT 'IN'::text AS inv_type, o.cust_id, o.order_id, d.dlv_dt AS inv_dt, d.dlv_dt + c.terms_days AS due_dt,
       l.net AS net_amt,
       CASE WHEN c.on_stop_since IS NOT NULL AND d.dlv_dt >= c.on_stop_since - 80 THEN NULL
            ELSE nullif(least(d.dlv_dt + greatest(1, c.terms_days - 6 + floor(pg_temp.rnd('py' || o.order_id) * 20)::int
                                            + CASE WHEN pg_temp.rnd('pz' || o.order_id) < 0.03 THEN 30 + floor(pg_temp.rnd('pw' || o.order_id) * 60)::int ELSE 0 END),
                              '2024-10-12'::date), '2024-10-12'::date) END AS paid_dt,
       NULL::text AS cr_rsn
FROM trade.delivery d
JOIN trade.sales_order o ON o.order_id = d.order_id
JOIN trade.customer c ON c.cust_id = o.cust_id
JOIN (SELECT order_id, round(sum(qty * unit_price * (1 - disc_pct / 100)), 2) AS net FROM trade.order_line GROUP BY order_id) l ON l.order_id = o.order_id
UNION ALL
SELECT 'CR', o.cust_id, o.order_id, x.cr_dt, x.cr_dt, -round(l.unit_price * (1 - l.disc_pct / 100) * x.units, 2), NULL, x.rsn
FROM trade.delivery d
JOIN trade.sales_order o ON o.order_id = d.order_id
JOIN trade.order_line l ON l.order_id = o.order_id AND l.line_no = 1
CROSS JOIN LATERAL (
  SELECT CASE WHEN d.dlv_st = 'P' THEN 'SHT'
              WHEN l.sku LIKE '%-FIR' OR l.sku LIKE '%-KIL' OR l.sku LIKE '%-K%' THEN
                   CASE WHEN pg_temp.rnd('ul' || o.order_id) < 0.035 THEN 'ULL' WHEN pg_temp.rnd('ul' || o.order_id) > 0.996 THEN 'PRC' END
              WHEN pg_temp.rnd('ul' || o.order_id) > 0.996 THEN 'PRC' END AS rsn,
         d.dlv_dt + CASE WHEN d.dlv_st = 'P' THEN 2 ELSE 6 + floor(pg_temp.rnd('ud' || o.order_id) * 15)::int END AS cr_dt,
         CASE WHEN d.dlv_st = 'P' THEN least(l.qty, 2) ELSE 1 END AS units
) x
WHERE x.rsn IS NOT NULL AND x.cr_dt <= '2024-10-11';

INSERT INTO trade.invoice (inv_no, inv_type, cust_id, order_id, inv_dt, due_dt, net_amt, vat_amt, paid_dt, cr_rsn)
SELECT CASE WHEN inv_type = 'IN' THEN 'INV' ELSE 'CRN' END
       || lpad((row_number() OVER (PARTITION BY inv_type ORDER BY inv_dt, order_id))::text, 6, '0'),
       inv_type, cust_id, order_id, inv_dt, due_dt, net_amt, round(net_amt * 0.2, 2), paid_dt, cr_rsn
FROM tmp_inv ORDER BY inv_dt, inv_type DESC, order_id;
CREATE INDEX ix_inv_cust ON trade.invoice (cust_id, inv_dt);
CREATE INDEX ix_inv_unpaid ON trade.invoice (due_dt) WHERE paid_dt IS NULL;

-- ---------------------------------------------------------------------
-- trade.container / trade.container_movement
-- ---------------------------------------------------------------------
CREATE TABLE trade.container (
    cont_id     serial PRIMARY KEY,
    serial_no   varchar(10) NOT NULL,
    cont_type   char(3) NOT NULL,
    material    char(2) NOT NULL DEFAULT 'SS',
    bought_on   date NOT NULL,
    unit_cost   numeric(7,2) NOT NULL,
    cont_st     char(1) NOT NULL DEFAULT 'B',
    cur_cust_id int REFERENCES trade.customer,
    last_mv_dt  date
);
COMMENT ON TABLE  trade.container IS 'Our returnable casks and kegs (the cask float). Serial number is on the barcode ring.';
COMMENT ON COLUMN trade.container.cont_type IS 'FIR firkin, KIL kilderkin, K30 30 L keg, K50 50 L keg';
COMMENT ON COLUMN trade.container.material IS 'SS stainless steel, PL plastic (Ecocask)';
COMMENT ON COLUMN trade.container.cont_st IS 'Where it is: B back at the brewery, O out with a customer, Q quarantined for repair, L lost (written off), S scrapped';
COMMENT ON COLUMN trade.container.cur_cust_id IS 'Customer holding it when cont_st = O';
COMMENT ON COLUMN trade.container.last_mv_dt IS 'Date of the last scan (movement)';

INSERT INTO trade.container (serial_no, cont_type, material, bought_on, unit_cost)
SELECT CASE t WHEN 'FIR' THEN 'MRF' WHEN 'KIL' THEN 'MRK' WHEN 'K30' THEN 'MRT' ELSE 'MRL' END || (10000 + n),
       t, m, b, CASE t WHEN 'FIR' THEN CASE WHEN m = 'PL' THEN 62 ELSE 95 END WHEN 'KIL' THEN 140 WHEN 'K30' THEN 85 ELSE 110 END
FROM (
  SELECT g AS i,
         CASE WHEN g <= 520 THEN 'FIR' WHEN g <= 630 THEN 'KIL' WHEN g <= 1010 THEN 'K30' ELSE 'K50' END AS t,
         CASE WHEN g <= 520 THEN g WHEN g <= 630 THEN g - 520 WHEN g <= 1010 THEN g - 630 ELSE g - 1010 END AS n,
         b, CASE WHEN g <= 520 AND b >= '2020-01-01' AND pg_temp.rnd('mt' || g) < 0.4 THEN 'PL' ELSE 'SS' END AS m
  FROM generate_series(1, 1100) g
  CROSS JOIN LATERAL (SELECT '2014-06-01'::date + (pg_temp.rnd('bo' || g) ^ 0.7 * 3700)::int AS b) bb
) x ORDER BY i;

CREATE TABLE trade.container_movement (
    mv_id       serial PRIMARY KEY,
    cont_id     int NOT NULL REFERENCES trade.container,
    mv_dt       date NOT NULL,
    mv_type     char(1) NOT NULL,
    cust_id     int REFERENCES trade.customer,
    recorded_by int REFERENCES tap.staff
);
COMMENT ON TABLE  trade.container_movement IS 'Cask and keg tracking scans';
COMMENT ON COLUMN trade.container_movement.mv_type IS 'O out full to a customer, R returned empty to the brewery, L written off as lost (not back after 150 days), S scrapped';

CREATE TEMP TABLE tmp_kc AS
SELECT cust_id, cust_type, opened_on, closed_on, on_stop_since, round_cd,
       (row_number() OVER (ORDER BY cust_id) - 1)::int AS idx, count(*) OVER () AS cnt,
       CASE WHEN opened_on < '2022-01-01' AND closed_on IS NULL AND on_stop_since IS NULL AND cust_type = 'PUB' THEN 1 END AS stable
FROM trade.customer WHERE cust_type <> 'BSH';
CREATE TEMP TABLE tmp_ks AS
SELECT cust_id, round_cd, (row_number() OVER (ORDER BY cust_id) - 1)::int AS idx, count(*) OVER () AS cnt FROM tmp_kc WHERE stable = 1;

CREATE TEMP TABLE tmp_cyc AS
WITH c AS (
  SELECT k.cont_id, n,
         CASE WHEN pg_temp.rnd('lg' || k.cont_id || '-' || n) < 0.04 THEN 60 + floor(pg_temp.rnd('lh' || k.cont_id || '-' || n) * 120)
              ELSE 10 + floor(pg_temp.rnd('od' || k.cont_id || '-' || n) * 32) END::int AS out_days,
         (5 + floor(pg_temp.rnd('id' || k.cont_id || '-' || n) * 18))::int AS in_days,
         greatest('2022-01-04'::date, k.bought_on) + floor(pg_temp.rnd('s0' || k.cont_id) * 20)::int AS s0,
         CASE WHEN pg_temp.rnd('lost' || k.cont_id) < 0.05 THEN 1 + floor(pg_temp.rnd('ln' || k.cont_id) * 24)::int END AS lost_n,
         CASE WHEN k.bought_on < '2018-01-01' AND pg_temp.rnd('lost' || k.cont_id) BETWEEN 0.05 AND 0.08 THEN 1 + floor(pg_temp.rnd('sn' || k.cont_id) * 20)::int END AS scrap_n
  FROM trade.container k CROSS JOIN generate_series(1, 50) n
), s AS (
  SELECT c.*, s0 + coalesce(sum(out_days + in_days) OVER (PARTITION BY cont_id ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)::int AS out_dt,
         floor(pg_temp.rnd('cc' || cont_id || '-' || n) * (SELECT count(*) FROM tmp_kc))::int AS kc_idx,
         floor(pg_temp.rnd('cs' || cont_id || '-' || n) * (SELECT count(*) FROM tmp_ks))::int AS ks_idx
  FROM c
)
SELECT s.cont_id, s.n, s.out_dt, s.out_dt + s.out_days AS ret_dt, s.lost_n = s.n AS is_lost, s.scrap_n = s.n AS is_scrap,
       CASE WHEN kc.opened_on <= s.out_dt AND (kc.closed_on IS NULL OR kc.closed_on > s.out_dt + s.out_days)
                 AND (kc.on_stop_since IS NULL OR kc.on_stop_since > s.out_dt)
                 AND (kc.cust_type <> 'EVT' OR extract(month FROM s.out_dt) BETWEEN 5 AND 9)
            THEN kc.cust_id ELSE ks.cust_id END AS cust_id
FROM s
JOIN tmp_kc kc ON kc.idx = s.kc_idx
JOIN tmp_ks ks ON ks.idx = s.ks_idx
WHERE s.out_dt <= '2024-10-11'
  AND (s.lost_n IS NULL OR s.n <= s.lost_n)
  AND (s.scrap_n IS NULL OR s.n <= s.scrap_n);

INSERT INTO trade.container_movement (cont_id, mv_dt, mv_type, cust_id, recorded_by)
SELECT m.cont_id, m.dt, m.t, m.cust_id,
       CASE c.round_cd WHEN 'NTH' THEN 9 WHEN 'WST' THEN 9 WHEN 'STH' THEN 10 WHEN 'CTY' THEN 10
            WHEN 'EST' THEN CASE WHEN m.dt < '2022-08-01' THEN 11 WHEN m.dt < '2024-06-01' THEN 12 ELSE 13 END
            ELSE CASE WHEN m.dt < '2022-08-01' THEN 1 ELSE 11 END END
FROM (
  SELECT cont_id, out_dt AS dt, 'O' AS t, cust_id, n, 1 AS o FROM tmp_cyc
  UNION ALL
  SELECT cont_id, ret_dt, 'R', cust_id, n, 2 FROM tmp_cyc WHERE NOT coalesce(is_lost, false) AND ret_dt <= '2024-10-11'
  UNION ALL
  SELECT cont_id, out_dt + 150, 'L', cust_id, n, 2 FROM tmp_cyc WHERE is_lost AND out_dt + 150 <= '2024-10-11'
  UNION ALL
  SELECT cont_id, ret_dt + 3, 'S', NULL, n, 3 FROM tmp_cyc WHERE is_scrap AND ret_dt + 3 <= '2024-10-11'
) m
LEFT JOIN trade.customer c ON c.cust_id = m.cust_id
ORDER BY m.dt, m.cont_id, m.o;
UPDATE trade.container_movement SET recorded_by = 14 WHERE mv_type IN ('L', 'S');
CREATE INDEX ix_cmv_cont_dt ON trade.container_movement (cont_id, mv_dt);
CREATE INDEX ix_cmv_cust ON trade.container_movement (cust_id) WHERE mv_type = 'O';

UPDATE trade.container k
SET cont_st = CASE lm.mv_type WHEN 'O' THEN 'O' WHEN 'L' THEN 'L' WHEN 'S' THEN 'S'
                              ELSE CASE WHEN pg_temp.rnd('qq' || k.cont_id) < 0.03 THEN 'Q' ELSE 'B' END END,
    cur_cust_id = CASE WHEN lm.mv_type = 'O' THEN lm.cust_id END,
    last_mv_dt = lm.mv_dt
FROM (SELECT DISTINCT ON (cont_id) cont_id, mv_type, cust_id, mv_dt FROM trade.container_movement ORDER BY cont_id, mv_dt DESC, mv_id DESC) lm
WHERE lm.cont_id = k.cont_id;

-- ---------------------------------------------------------------------
-- tap.rota_shift
-- ---------------------------------------------------------------------
CREATE TABLE tap.rota_shift (
    shift_id  serial PRIMARY KEY,
    staff_id  int NOT NULL REFERENCES tap.staff,
    shift_dt  date NOT NULL,
    start_tm  time NOT NULL,
    end_tm    time NOT NULL,
    brk_min   smallint NOT NULL DEFAULT 0,
    area_cd   char(3) NOT NULL,
    shift_st  char(1) NOT NULL DEFAULT 'P'
);
COMMENT ON TABLE  tap.rota_shift IS 'Staff rota: one row per person per shift. The rota is published two weeks ahead.';
COMMENT ON COLUMN tap.rota_shift.area_cd IS 'Where: BAR taproom bar, BRH brewhouse, PKG packaging/cellar/yard, DRV out on a delivery round, OFF office';
COMMENT ON COLUMN tap.rota_shift.brk_min IS 'Unpaid break in minutes';
COMMENT ON COLUMN tap.rota_shift.shift_st IS 'P planned (not worked yet), W worked, S off sick, H on holiday, N no-show';

CREATE TEMP TABLE tmp_rota AS
WITH days AS (
  SELECT d::date AS d, extract(isodow FROM d)::int AS dow FROM generate_series('2022-01-03'::date, '2024-10-27'::date, interval '1 day') d
  WHERE NOT (extract(month FROM d) = 12 AND extract(day FROM d) IN (25, 26)) AND NOT (extract(month FROM d) = 1 AND extract(day FROM d) = 1)
), bar AS (
  SELECT dd.d, dd.dow, s.staff_id, row_number() OVER (PARTITION BY dd.d ORDER BY md5(s.staff_id || 'r' || dd.d)) AS rk
  FROM days dd JOIN tap.staff s ON s.role_cd = 'BAR' AND s.start_dt <= dd.d AND coalesce(s.leave_dt, '9999-12-31') >= dd.d
  WHERE dd.dow >= 3
)
SELECT staff_id, d, 'BAR' AS area,
       CASE WHEN dow IN (3,4) THEN '15:30' WHEN dow = 7 THEN '11:30' WHEN rk <= 2 THEN '11:30' ELSE '17:00' END::time AS st,
       CASE WHEN dow IN (3,4) THEN '23:30' WHEN dow = 7 THEN '18:30' WHEN dow = 6 AND rk <= 2 THEN '19:30' ELSE '23:30' END::time AS en
FROM bar WHERE rk <= CASE dow WHEN 3 THEN 2 WHEN 4 THEN 2 WHEN 5 THEN 3 WHEN 6 THEN 4 ELSE 3 END
UNION ALL
SELECT 17, d, 'BAR', '14:00', '22:00' FROM days WHERE dow BETWEEN 3 AND 6
UNION ALL
SELECT s.staff_id, dd.d, CASE s.role_cd WHEN 'BRW' THEN 'BRH' WHEN 'PKG' THEN 'PKG' WHEN 'OFF' THEN 'OFF' WHEN 'MGR' THEN 'OFF'
                            ELSE CASE WHEN (s.staff_id = 9 AND dd.dow IN (1,4)) OR (s.staff_id = 10 AND dd.dow IN (2,5))
                                        OR (dd.dow = 3 AND s.staff_id IN (11,12,13)) THEN 'DRV' ELSE 'PKG' END END,
       CASE s.role_cd WHEN 'BRW' THEN '07:00' WHEN 'PKG' THEN '08:00' WHEN 'OFF' THEN '09:00' WHEN 'MGR' THEN '08:30' ELSE '06:30' END::time,
       CASE s.role_cd WHEN 'BRW' THEN '15:30' WHEN 'PKG' THEN '16:30' WHEN 'OFF' THEN '17:30' WHEN 'MGR' THEN '17:00' ELSE '15:00' END::time
FROM days dd JOIN tap.staff s ON s.role_cd IN ('BRW','PKG','OFF','DRV') OR s.staff_id = 1
WHERE dd.dow <= 5 AND s.start_dt <= dd.d AND coalesce(s.leave_dt, '9999-12-31') >= dd.d;

INSERT INTO tap.rota_shift (staff_id, shift_dt, start_tm, end_tm, brk_min, area_cd, shift_st)
SELECT staff_id, d, st, en, CASE WHEN en - st > interval '6 hours' THEN 30 ELSE 0 END, area,
       CASE WHEN d > '2024-10-11' THEN 'P'
            WHEN pg_temp.rnd('sk' || staff_id || d) < 0.025 THEN 'S'
            WHEN pg_temp.rnd('sk' || staff_id || d) < 0.07 THEN 'H'
            WHEN area = 'BAR' AND pg_temp.rnd('sk' || staff_id || d) < 0.076 THEN 'N'
            ELSE 'W' END
FROM tmp_rota ORDER BY d, st, staff_id;
CREATE INDEX ix_rota_dt ON tap.rota_shift (shift_dt, area_cd);

-- ---------------------------------------------------------------------
-- tap.event
-- ---------------------------------------------------------------------
CREATE TABLE tap.event (
    event_id     serial PRIMARY KEY,
    ev_dt        date NOT NULL,
    start_tm     time NOT NULL,
    ev_type      char(3) NOT NULL,
    title        varchar(80) NOT NULL,
    capacity     smallint NOT NULL,
    tickets_sold smallint,
    ticket_px    numeric(6,2) NOT NULL DEFAULT 0,
    host_id      int REFERENCES tap.staff,
    booked_by    varchar(60),
    deposit_gbp  numeric(7,2),
    ev_st        char(1) NOT NULL DEFAULT 'C'
);
COMMENT ON TABLE  tap.event IS 'Taproom events and bookings, past and future';
COMMENT ON COLUMN tap.event.ev_type IS 'QUZ quiz night, TUR brewery tour and tasting, LIV live music, MTB meet the brewer, CMD comedy night, PVT private hire, FST beer festival';
COMMENT ON COLUMN tap.event.tickets_sold IS 'Tickets sold (people booked for private hire); NULL for free entry';
COMMENT ON COLUMN tap.event.ticket_px IS 'Price per ticket incl. VAT, GBP (0 = free)';
COMMENT ON COLUMN tap.event.booked_by IS 'Name of the person who booked a private hire';
COMMENT ON COLUMN tap.event.ev_st IS 'C confirmed, P provisional (not yet confirmed / deposit not paid), X cancelled';

INSERT INTO tap.event (ev_dt, start_tm, ev_type, title, capacity, tickets_sold, ticket_px, host_id, booked_by, deposit_gbp, ev_st)
SELECT e.d, e.tm::time, e.t, e.title, e.cap,
       CASE WHEN e.px = 0 AND e.t <> 'PVT' THEN NULL
            WHEN e.d > '2024-10-11' THEN floor(e.cap * (0.15 + 0.5 * pg_temp.rnd('tf' || e.d || e.t)))
            ELSE floor(e.cap * (0.45 + 0.55 * pg_temp.rnd('ts' || e.d || e.t))) END,
       e.px, e.host, e.booked_by, e.dep,
       CASE WHEN e.t = 'PVT' AND e.d > '2024-10-11' AND pg_temp.rnd('pv' || e.d) < 0.4 THEN 'P'
            WHEN e.t <> 'FST' AND pg_temp.rnd('xx' || e.d || e.t) < 0.03 THEN 'X' ELSE 'C' END
FROM (
  SELECT d, '19:30' AS tm, 'QUZ' AS t, 'Millrace Pub Quiz' AS title, 80 AS cap, 2.00 AS px,
         CASE WHEN d < '2023-06-01' THEN 18 ELSE 22 END AS host, NULL AS booked_by, NULL::numeric AS dep
  FROM generate_series('2022-01-05'::date, '2024-12-31', '7 days') d
  UNION ALL
  SELECT d, '13:00', 'TUR', 'Brewery tour & tasting', 20, CASE WHEN d < '2024-03-01' THEN 15.00 ELSE 18.00 END,
         CASE WHEN extract(day FROM d) <= 14 THEN 3 ELSE 4 END, NULL, NULL
  FROM generate_series('2022-01-08'::date, '2024-12-31', '7 days') d
  UNION ALL
  SELECT d, '20:00', 'LIV', 'Live music: ' || (ARRAY['The Wicker Pickers','Neepsend Social','Lady Bower','Steel Strings','The Don Valley Blues Band','Kelham Island Ska','Moorland Folk Trio'])[1 + (pg_temp.rnd('bn' || d) * 6)::int],
         120, 0, 17, NULL, NULL
  FROM generate_series('2022-01-14'::date, '2024-12-31', '14 days') d
  UNION ALL
  SELECT (date_trunc('month', m) + ((11 - extract(isodow FROM date_trunc('month', m))::int) % 7) * interval '1 day')::date,
         '19:00', 'MTB', 'Meet the brewer: ' || (ARRAY['Loose Ends','Tidewater','Black Anchor','Lantern','Weir Lager','Ferryman'])[1 + (extract(month FROM m)::int % 6)],
         40, 12.00, CASE WHEN extract(month FROM m)::int % 2 = 0 THEN 2 ELSE 3 END, NULL, NULL
  FROM generate_series('2022-01-01'::date, '2024-12-01', '1 month') m
  UNION ALL
  SELECT (date_trunc('month', m) + interval '1 month - 1 day' - ((extract(isodow FROM date_trunc('month', m) + interval '1 month - 1 day')::int + 3) % 7) * interval '1 day')::date,
         '20:00', 'CMD', 'Comedy night', 60, 8.00, 17, NULL, NULL
  FROM generate_series('2023-02-01'::date, '2024-12-01', '1 month') m
  UNION ALL
  SELECT d, '18:30', 'PVT', 'Private hire - ' || (ARRAY['birthday party','engagement party','work do','wake','leaving do','christening'])[1 + (pg_temp.rnd('pt' || d) * 5)::int],
         60, 0, 17,
         (ARRAY['Sophie Turner','James Hallam','Rachel Green','Mike Oldfield','Anna Kowalski','Dean Stringer','Lucy Fairbrother','Kamal Hussain','Jenny Platt','Rob Sykes','Emily Watts','Tariq Aziz'])[1 + (pg_temp.rnd('bk' || d) * 11)::int],
         CASE WHEN d > '2024-10-11' AND pg_temp.rnd('pv' || d) < 0.4 THEN NULL WHEN pg_temp.rnd('dp' || d) < 0.5 THEN 150 ELSE 250 END
  FROM generate_series('2022-01-09'::date, '2024-12-31', '7 days') d
  WHERE pg_temp.rnd('ph' || d) < 0.35
  UNION ALL
  SELECT d::date, '12:00', 'FST', t, 400, 10.00, 1, NULL, NULL
  FROM (VALUES ('2022-06-10','Millrace Summer Beer Festival'),('2022-06-11','Millrace Summer Beer Festival'),('2022-10-01','Oktoberfest'),
               ('2023-06-09','Millrace Summer Beer Festival'),('2023-06-10','Millrace Summer Beer Festival'),('2023-09-30','Oktoberfest'),
               ('2024-06-14','Millrace Summer Beer Festival'),('2024-06-15','Millrace Summer Beer Festival'),('2024-10-05','Oktoberfest'),
               ('2024-12-07','Christmas Beer Market')) f(d, t)
) e
WHERE NOT (extract(month FROM e.d) = 12 AND extract(day FROM e.d) IN (25, 26)) AND NOT (extract(month FROM e.d) = 1 AND extract(day FROM e.d) = 1)
ORDER BY e.d, e.tm;

-- ---------------------------------------------------------------------
-- tap.till_txn  (partitioned by transaction date, one partition per year)
-- ---------------------------------------------------------------------
CREATE TABLE tap.till_txn (
    txn_id   bigserial,
    txn_dt   date NOT NULL,
    txn_at   timestamp NOT NULL,
    till_no  smallint NOT NULL,
    staff_id int REFERENCES tap.staff,
    pay_cd   char(1) NOT NULL,
    items    smallint NOT NULL,
    net_amt  numeric(8,2) NOT NULL,
    vat_amt  numeric(8,2) NOT NULL,
    void_fl  boolean NOT NULL DEFAULT false,
    event_id int REFERENCES tap.event,
    PRIMARY KEY (txn_id, txn_dt)
) PARTITION BY RANGE (txn_dt);
COMMENT ON TABLE  tap.till_txn IS 'Taproom till transactions (EPOS export), one row per receipt. Partitioned by year of txn_dt.';
COMMENT ON COLUMN tap.till_txn.till_no IS '1 main bar, 2 back bar (opened on busy days), 3 shop counter (takeaway cans)';
COMMENT ON COLUMN tap.till_txn.pay_cd IS 'Payment: C card / contactless, X cash, T tab settled later (events, private hire), V gift voucher';
COMMENT ON COLUMN tap.till_txn.net_amt IS 'Receipt total excluding VAT, GBP';
COMMENT ON COLUMN tap.till_txn.void_fl IS 'Receipt voided by a manager (not real takings)';
COMMENT ON COLUMN tap.till_txn.event_id IS 'Event running in the taproom when the sale was made';
CREATE TABLE tap.till_txn_2022 PARTITION OF tap.till_txn FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE tap.till_txn_2023 PARTITION OF tap.till_txn FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE tap.till_txn_2024 PARTITION OF tap.till_txn FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');

CREATE TEMP TABLE tmp_tday AS
SELECT dd.d, dd.dow,
       CASE dd.dow WHEN 3 THEN '16:00' WHEN 4 THEN '16:00' WHEN 7 THEN '12:00' ELSE '12:00' END::time AS op,
       CASE dd.dow WHEN 7 THEN 6 WHEN 3 THEN 7 WHEN 4 THEN 7 ELSE 11 END AS hrs,
       round((CASE dd.dow WHEN 3 THEN 36 WHEN 4 THEN 46 WHEN 5 THEN 92 WHEN 6 THEN 125 ELSE 60 END)
             * (1 + 0.25 * greatest(0, sin((extract(doy FROM dd.d) - 80) / 58.0)))
             * (1 + 0.12 * (dd.d - '2022-01-01'::date) / 365.0)
             * CASE WHEN f.ev_dt IS NOT NULL THEN 2.6 ELSE 1 END
             * (0.85 + 0.3 * pg_temp.rnd('tv' || dd.d)))::int AS n,
       (SELECT array_agg(r.staff_id ORDER BY r.staff_id) FROM tap.rota_shift r
        WHERE r.shift_dt = dd.d AND r.area_cd = 'BAR' AND r.shift_st = 'W') AS crew
FROM (SELECT d::date AS d, extract(isodow FROM d)::int AS dow FROM generate_series('2022-01-05'::date, '2024-10-11'::date, interval '1 day') d) dd
LEFT JOIN tap.event f ON f.ev_dt = dd.d AND f.ev_type = 'FST' AND f.ev_st = 'C'
WHERE dd.dow >= 3
  AND NOT (extract(month FROM dd.d) = 12 AND extract(day FROM dd.d) IN (25, 26)) AND NOT (extract(month FROM dd.d) = 1 AND extract(day FROM dd.d) = 1);

CREATE TEMP TABLE tmp_ev AS
SELECT event_id, ev_dt, start_tm,
       coalesce(lead(start_tm) OVER (PARTITION BY ev_dt ORDER BY start_tm),
                least(start_tm + CASE WHEN ev_type = 'FST' THEN interval '11 hours' ELSE interval '3 hours' END, '23:59'::time)) AS end_tm
FROM tap.event WHERE ev_st = 'C' AND ev_dt <= '2024-10-11';

INSERT INTO tap.till_txn (txn_dt, txn_at, till_no, staff_id, pay_cd, items, net_amt, vat_amt, void_fl, event_id)
SELECT t.d, t.ts, t.till, t.crew[1 + floor(pg_temp.rnd('sf' || t.d || '-' || t.k) * coalesce(array_length(t.crew, 1), 1))::int],
       t.pay, t.items, t.net, round(t.net * 0.2, 2), t.void,
       ev.event_id
FROM (
  SELECT x.*, round((x.items * CASE WHEN x.till = 3 THEN 3.30 ELSE 4.10 + 1.6 * pg_temp.rnd('pr' || x.d || '-' || x.k) END
                     * CASE WHEN x.d >= '2024-03-01' THEN 1.10 WHEN x.d >= '2023-04-01' THEN 1.06 ELSE 1 END / 1.2)::numeric, 2) AS net
  FROM (
    SELECT td.d, g.k, td.crew,
           td.d + td.op + (pg_temp.rnd('tt' || td.d || '-' || g.k) ^ 0.55 * td.hrs * 3600)::int * interval '1 second' AS ts,
           CASE WHEN pg_temp.rnd('tl' || td.d || '-' || g.k) < 0.12 THEN 3
                WHEN td.dow IN (5, 6) AND pg_temp.rnd('tl' || td.d || '-' || g.k) > 0.62 THEN 2 ELSE 1 END AS till,
           CASE WHEN pg_temp.rnd('py' || td.d || '-' || g.k) < 0.87 THEN 'C' WHEN pg_temp.rnd('py' || td.d || '-' || g.k) < 0.95 THEN 'X'
                WHEN pg_temp.rnd('py' || td.d || '-' || g.k) < 0.99 THEN 'T' ELSE 'V' END AS pay,
           (1 + floor(pg_temp.rnd('it' || td.d || '-' || g.k) ^ 2 * 6))::smallint AS items,
           pg_temp.rnd('vd' || td.d || '-' || g.k) < 0.008 AS void
    FROM tmp_tday td CROSS JOIN LATERAL generate_series(1, td.n) g(k)
  ) x
) t
LEFT JOIN tmp_ev ev ON ev.ev_dt = t.d AND t.ts::time >= ev.start_tm AND t.ts::time < ev.end_tm
ORDER BY t.ts;
CREATE INDEX ix_till_at ON tap.till_txn (txn_at);

-- ---------------------------------------------------------------------
-- views
-- ---------------------------------------------------------------------
CREATE VIEW trade.v_casks_out AS
SELECT k.cont_id, k.serial_no, k.cont_type, c.cust_id, c.acct_no, c.cust_nm, c.round_cd, k.last_mv_dt AS out_since
FROM trade.container k
JOIN trade.customer c ON c.cust_id = k.cur_cust_id
WHERE k.cont_st = 'O';
COMMENT ON VIEW trade.v_casks_out IS 'Casks and kegs currently out with customers, with the date they went out (drivers chase the old ones)';

CREATE MATERIALIZED VIEW trade.mv_monthly_sales AS
SELECT date_trunc('month', d.dlv_dt)::date AS sales_month, c.cust_type,
       count(DISTINCT o.order_id) AS orders,
       sum(l.qty * p.unit_l) AS litres,
       sum(round(l.qty * l.unit_price * (1 - l.disc_pct / 100), 2)) AS net_sales
FROM trade.delivery d
JOIN trade.sales_order o ON o.order_id = d.order_id
JOIN trade.customer c ON c.cust_id = o.cust_id
JOIN trade.order_line l ON l.order_id = o.order_id
JOIN trade.product p ON p.sku = l.sku
GROUP BY 1, 2;
COMMENT ON MATERIALIZED VIEW trade.mv_monthly_sales IS 'Delivered trade sales per month and customer type (refreshed nightly by the office PC)';

VACUUM ANALYZE;

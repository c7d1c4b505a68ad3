-- =====================================================================
-- PTS - Permit Tracking System
-- City of Eastbrook, Department of Building & Safety
-- In-house database: permit applications, plan review, field inspections,
-- code violations, fees and cashiering.  Data "today" = 2025-06-30.
-- Fully deterministic: every pseudo-random value comes from md5() of a key.
-- =====================================================================
SET client_min_messages = warning;
SET TimeZone = 'UTC';

CREATE SCHEMA permit;
CREATE SCHEMA insp;
CREATE SCHEMA fin;
COMMENT ON SCHEMA permit IS 'PTS core: reference data, staff, applicants, contractors, parcels, permit applications and their status history.';
COMMENT ON SCHEMA insp   IS 'Field inspections and the code violations written up during them.';
COMMENT ON SCHEMA fin    IS 'Cashiering: fees assessed on applications and payments received.';

-- deterministic pseudo-random number in [0,1) from a key (session-local helper)
CREATE FUNCTION pg_temp.h(i bigint, salt text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(salt || ':' || i::text), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- reference tables
-- ---------------------------------------------------------------------
CREATE TABLE permit.district (
    district_id    smallint PRIMARY KEY,
    district_name  text NOT NULL UNIQUE,
    council_member text
);
COMMENT ON TABLE  permit.district IS 'City council districts (2021 redistricting). Every parcel lies in exactly one district.';
COMMENT ON COLUMN permit.district.council_member IS 'Sitting council member; NULL while the seat is vacant.';

INSERT INTO permit.district VALUES
 (1,'Northgate','Alicia Romero'), (2,'Riverside','Ben Okoro'), (3,'Old Town','Clara Weiss'),
 (4,'Harbor','Dev Mehta'), (5,'Eastlake','Erin Walsh'), (6,'Hillcrest','Frank Ito'),
 (7,'Mill Creek',NULL), (8,'Southpark','Gina Larsen'), (9,'Airport','Hector Ruiz');

CREATE TABLE permit.permit_type (
    type_cd     varchar(4) PRIMARY KEY,
    type_name   text NOT NULL,
    trade_cat   varchar(4) NOT NULL,
    base_fee    numeric(8,2) NOT NULL,
    sla_days    smallint NOT NULL,
    plan_review boolean NOT NULL
);
COMMENT ON TABLE  permit.permit_type IS 'Kinds of permit the department issues.';
COMMENT ON COLUMN permit.permit_type.trade_cat IS 'Trade category: BLDG building, ELEC electrical, PLMB plumbing, MECH mechanical, DEMO demolition, SIGN signage.';
COMMENT ON COLUMN permit.permit_type.base_fee IS 'Flat part of the permit issuance (PRM) fee, USD; a valuation-based part is added.';
COMMENT ON COLUMN permit.permit_type.sla_days IS 'Target plan-review turnaround in calendar days (council resolution 2021-114).';
COMMENT ON COLUMN permit.permit_type.plan_review IS 'true = plans are reviewed and a plan-check (PLN) fee is charged at submission; false = over-the-counter permit.';

INSERT INTO permit.permit_type VALUES
 ('BLDR','Residential building','BLDG', 850.00,30,true),
 ('BLDC','Commercial building','BLDG',2400.00,45,true),
 ('ADU' ,'Accessory dwelling unit','BLDG',1200.00,60,true),
 ('ELEC','Electrical','ELEC', 180.00, 5,false),
 ('PLMB','Plumbing','PLMB', 160.00, 5,false),
 ('MECH','Mechanical / HVAC','MECH', 175.00, 5,false),
 ('DEMO','Demolition','DEMO', 400.00,15,true),
 ('SOLR','Rooftop solar PV','ELEC', 120.00, 3,false),
 ('ROOF','Re-roof','BLDG', 220.00, 3,false),
 ('SIGN','Sign','SIGN', 150.00,10,true),
 ('FENC','Fence / retaining wall','BLDG',  95.00, 7,false);

CREATE TYPE permit.staff_role AS ENUM ('plan_reviewer','inspector','permit_tech','supervisor');

CREATE TABLE permit.staff (
    staff_id      int PRIMARY KEY,
    full_name     text NOT NULL,
    role          permit.staff_role NOT NULL,
    email         text UNIQUE,
    hired_on      date NOT NULL,
    term_on       date,
    supervisor_id int
);
COMMENT ON TABLE  permit.staff IS 'Department employees: plan reviewers, field inspectors, permit technicians (counter staff) and supervisors.';
COMMENT ON COLUMN permit.staff.term_on IS 'Last day of employment; NULL = currently employed.';

INSERT INTO permit.staff
SELECT s,
       f[(s-1)%20+1] || ' ' || l[((s-1)/20*7 + (s-1))%20+1],
       CASE WHEN s <= 5 THEN 'supervisor' WHEN s <= 23 THEN 'plan_reviewer'
            WHEN s <= 47 THEN 'inspector' ELSE 'permit_tech' END::permit.staff_role,
       lower(f[(s-1)%20+1]) || '.' || lower(replace(l[((s-1)/20*7 + (s-1))%20+1], '''', '')) || '@eastbrook.gov',
       CASE s WHEN 22 THEN date '2023-06-01' WHEN 23 THEN date '2024-11-12'
              WHEN 45 THEN date '2024-01-08' WHEN 46 THEN date '2024-09-03'
              ELSE date '2006-01-01' + floor(pg_temp.h(s,'hire') * 5400)::int END,
       CASE s WHEN 9 THEN date '2024-04-30' WHEN 15 THEN date '2023-08-31' WHEN 21 THEN date '2025-05-16'
              WHEN 38 THEN date '2023-03-31' WHEN 41 THEN date '2023-11-15' WHEN 44 THEN date '2024-06-28'
              WHEN 47 THEN date '2025-02-14' WHEN 52 THEN date '2024-01-19' END,
       CASE WHEN s <= 5 THEN NULL WHEN s <= 23 THEN 1 + s % 2 WHEN s <= 47 THEN 3 + s % 2 ELSE 5 END
FROM generate_series(1,60) s,
     (SELECT ARRAY['Maria','James','Priya','Daniel','Aisha','Robert','Mei','Carlos','Fatima','Thomas',
                   'Elena','Kwame','Sofia','Hiro','Grace','Ivan','Nadia','Luis','Olivia','Samuel'] AS f,
             ARRAY['Okafor','Lindqvist','Ramirez','Chen','Novak','Haddad','Brennan','Sato','Kowalski','Mensah',
                   'Dubois','Patel','Moreno','Fischer','Nguyen','Abbott','Castillo','Yilmaz','O''Neill','Jensen'] AS l) n;

-- ---------------------------------------------------------------------
-- applicants, contractors, parcels
-- ---------------------------------------------------------------------
CREATE TABLE permit.applicant (
    applicant_id int PRIMARY KEY,
    display_name text NOT NULL,
    appl_kind    char(1) NOT NULL CHECK (appl_kind IN ('I','B','G')),
    email        text,
    phone        text,
    created_at   timestamptz NOT NULL
);
COMMENT ON TABLE  permit.applicant IS 'Anyone who files a permit application: owners, businesses (incl. licensed contractors) and public agencies.';
COMMENT ON COLUMN permit.applicant.appl_kind IS 'I = individual / property owner, B = business (companies, incl. contractors), G = government agency (fees are waived).';
COMMENT ON COLUMN permit.applicant.created_at IS 'When the applicant account was created in the online portal.';

-- applicants are staged first; created_at is capped by their first submission further down
CREATE TEMP TABLE astg AS
SELECT i AS applicant_id,
       CASE kind
         WHEN 'G' THEN ga[(i-7)/300 + 1]
         WHEN 'B' THEN CASE WHEN bk <= 400 THEN
                 cp[bk % 40 + 1] || ' ' ||
                 CASE WHEN bk <= 140 THEN 'Builders' WHEN bk <= 200 THEN 'Electric' WHEN bk <= 250 THEN 'Plumbing'
                      WHEN bk <= 290 THEN 'Heating & Air' WHEN bk <= 330 THEN 'Roofing' WHEN bk <= 365 THEN 'Solar'
                      WHEN bk <= 385 THEN 'Demolition' ELSE 'Engineering' END || ' ' || cf[bk / 40 % 5 + 1]
               ELSE bp[1 + floor(pg_temp.h(i,'bp')*24)::int] || ' ' || bw[1 + floor(pg_temp.h(i,'bw')*8)::int] || ' ' || bf[1 + floor(pg_temp.h(i,'bf')*4)::int] END
         ELSE fn[1 + floor(pg_temp.h(i,'fn')*30)::int] || ' ' || ln[1 + floor(pg_temp.h(i,'ln')*30)::int]
       END AS display_name,
       kind AS appl_kind, bk,
       CASE WHEN pg_temp.h(i,'em') < 0.12 THEN NULL
            WHEN kind = 'I' THEN 'user' || i || '@mail.example'
            ELSE 'permits' || i || '@corp.example' END AS email,
       CASE WHEN pg_temp.h(i,'ph') < 0.2 THEN NULL
            ELSE '(555) ' || lpad((200 + floor(pg_temp.h(i,'p1')*700))::int::text,3,'0') || '-' || lpad(floor(pg_temp.h(i,'p2')*10000)::int::text,4,'0') END AS phone,
       timestamptz '2016-03-01 00:00+00' + floor(pg_temp.h(i,'cr') * 3300) * interval '1 day' + floor(pg_temp.h(i,'crs') * 86400) * interval '1 second' AS created_at
FROM (SELECT i, kind, CASE WHEN kind = 'B' THEN row_number() OVER (PARTITION BY kind ORDER BY i) END AS bk
      FROM (SELECT i, CASE WHEN i % 300 = 7 THEN 'G' WHEN pg_temp.h(i,'kind') < 0.23 THEN 'B' ELSE 'I' END AS kind
            FROM generate_series(1,6000) i) x0) x,
     (SELECT ARRAY['Maria','James','Priya','Daniel','Aisha','Robert','Mei','Carlos','Fatima','Thomas','Elena','Kwame','Sofia','Hiro','Grace',
                   'Ivan','Nadia','Luis','Olivia','Samuel','Hannah','Omar','Julia','Peter','Leila','Marco','Anna','David','Yuki','Rosa'] AS fn,
             ARRAY['Smith','Garcia','Johnson','Lee','Brown','Martinez','Davis','Lopez','Wilson','Anderson','Taylor','Thomas','Moore','Jackson','Martin',
                   'White','Harris','Clark','Lewis','Walker','Hall','Young','King','Wright','Scott','Green','Baker','Adams','Nelson','Hill'] AS ln,
             ARRAY['Harborview','Summit','Pacific','Oakridge','Bayside','Cornerstone','Redwood','Sterling','Lakeshore','Granite','Meridian','Northstar',
                   'Silverline','Westgate','Evergreen','Riverbend','Cascade','Highland','Keystone','Crescent','Pioneer','Beacon','Juniper','Orchard'] AS bp,
             ARRAY['Properties','Holdings','Development','Realty','Partners','Investments','Ventures','Management'] AS bw,
             ARRAY['LLC','Inc','LP','Co'] AS bf,
             ARRAY['Eastbrook Unified School District','Eastbrook Public Works','Eastbrook Parks & Recreation','Eastbrook Housing Authority',
                   'Eastbrook Fire Department','Eastbrook Police Department','Eastbrook Public Library','Eastbrook Water & Sewer',
                   'County Public Works','County Health Services','County Sheriff','County Library System','State Dept. of Transportation',
                   'State Parks District 4','Regional Transit District','Harbor Port Authority','Airport Authority',
                   'Eastbrook Community College District','Mill Creek Sanitation District','Eastlake Fire Protection District'] AS ga,
             ARRAY['Apex','Blue Ridge','Copperline','Delta','Elm Street','Foothill','Golden State','Hartley','Ironwood','Jameson',
                   'Kingsbury','Liberty','Mason & Sons','Noble','Oak Valley','Precision','Quality','Reliant','Sunrise','Trident',
                   'Union','Vista','Whitfield','Xcel','Yardley','Zenith','Allied','Brightway','Coastal','Diamond',
                   'Eagle','Frontier','Gateway','Horizon','Integrity','Jetstream','Kestrel','Landmark','Monarch','Northgate'] AS cp,
             ARRAY['Inc','Co','LLC','Corp','Group'] AS cf) arr;

CREATE TABLE permit.contractor (
    contractor_id int PRIMARY KEY,
    applicant_id  int NOT NULL UNIQUE,
    lic_no        varchar(8) NOT NULL UNIQUE,
    lic_class     varchar(4) NOT NULL,
    lic_exp_on    date NOT NULL,
    wc_insured    boolean NOT NULL DEFAULT true,
    bond_amt      numeric(10,2) NOT NULL
);
COMMENT ON TABLE  permit.contractor IS 'Licensed contractors registered with the department. Each contractor is also an applicant (business).';
COMMENT ON COLUMN permit.contractor.lic_no IS 'State contractor licence number.';
COMMENT ON COLUMN permit.contractor.lic_class IS 'State licence classification: A general engineering, B general building, C10 electrical, C20 HVAC, C21 demolition, C36 plumbing, C39 roofing, C46 solar.';
COMMENT ON COLUMN permit.contractor.lic_exp_on IS 'Licence expiry date; the licence is expired when this date is before the day in question.';
COMMENT ON COLUMN permit.contractor.wc_insured IS 'Workers'' compensation insurance certificate on file.';

INSERT INTO permit.contractor
SELECT k, applicant_id,
       (600000 + k * 613)::text,
       CASE WHEN k <= 140 THEN 'B' WHEN k <= 200 THEN 'C10' WHEN k <= 250 THEN 'C36' WHEN k <= 290 THEN 'C20'
            WHEN k <= 330 THEN 'C39' WHEN k <= 365 THEN 'C46' WHEN k <= 385 THEN 'C21' ELSE 'A' END,
       date '2024-06-15' + floor(pg_temp.h(k,'lic') * 1100)::int,
       pg_temp.h(k,'wc') > 0.12,
       CASE WHEN k > 385 THEN 50000 ELSE 25000 END
FROM (SELECT applicant_id, bk::int AS k FROM astg WHERE bk <= 400) b;


CREATE TABLE permit.parcel (
    parcel_id   int PRIMARY KEY,
    apn         char(10) NOT NULL,
    site_addr   text NOT NULL,
    district_id smallint NOT NULL,
    zoning_cd   varchar(3) NOT NULL,
    lot_sqft    int,
    yr_built    smallint,
    CONSTRAINT uq_parcel_apn UNIQUE (apn)
);
COMMENT ON TABLE  permit.parcel IS 'Land parcels from the county assessor roll (refreshed yearly).';
COMMENT ON COLUMN permit.parcel.apn IS 'Assessor parcel number, format BBB-PPP-NN.';
COMMENT ON COLUMN permit.parcel.zoning_cd IS 'Zoning: R1 single-family residential, R2 duplex, R3 multi-family, C2 general commercial, M1 light industrial, MU mixed use.';
COMMENT ON COLUMN permit.parcel.yr_built IS 'Year the main structure was built; NULL = vacant lot (no structure on record).';

INSERT INTO permit.parcel
SELECT p,
       (200 + (p-1)/1000)::text || '-' || (100 + ((p-1)%1000)/10)::text || '-' || (10 + ((p-1)%10)*3)::text,
       (100 + (p/60)*20 + (p%9)*2)::text || ' ' || st[p%60 + 1],
       CASE WHEN hd < .13 THEN 1 WHEN hd < .25 THEN 2 WHEN hd < .33 THEN 3 WHEN hd < .43 THEN 4 WHEN hd < .57 THEN 5
            WHEN hd < .68 THEN 6 WHEN hd < .80 THEN 7 WHEN hd < .93 THEN 8 ELSE 9 END,
       CASE WHEN hz < .58 THEN 'R1' WHEN hz < .68 THEN 'R2' WHEN hz < .79 THEN 'R3' WHEN hz < .89 THEN 'C2'
            WHEN hz < .94 THEN 'M1' ELSE 'MU' END,
       CASE WHEN hz < .58 THEN 4000 + floor(pg_temp.h(p,'lot')*8000)::int ELSE 6000 + floor(pg_temp.h(p,'lot')^2*60000)::int END,
       CASE WHEN pg_temp.h(p,'vac') < 0.05 THEN NULL ELSE 1905 + floor(pg_temp.h(p,'yb')^0.7 * 118)::int END
FROM (SELECT p, pg_temp.h(p,'dist') AS hd, pg_temp.h(p,'zone') AS hz FROM generate_series(1,8000) p) x,
     (SELECT ARRAY['Alder St','Birch Ave','Cedar Ln','Dogwood Dr','Elm St','Fir Ct','Grove Ave','Hawthorn Rd','Iris Way','Juniper St',
                   'Kelp Ave','Laurel Dr','Maple St','Nutmeg Ln','Oak Ave','Pine St','Quail Run','Rose Ct','Spruce St','Tamarack Dr',
                   'Union Blvd','Vine St','Walnut Ave','Yarrow Ln','Zinnia Ct','Harbor Blvd','Bay St','Mill Rd','Creek Dr','Lake Ave',
                   'Hill St','Park Ave','Market St','Main St','Church St','School Rd','Station Way','Airport Rd','Ferry St','Dock St',
                   'Canal St','Bridge Rd','Orchard Ln','Vineyard Ave','Summit Dr','Ridge Rd','Valley Way','Sunset Blvd','Mission St','Plaza Dr',
                   'Garden St','Meadow Ln','Forest Ave','River Rd','Ocean View Dr','Pier Ave','Cannery Row','Foundry St','Depot St','Granary Ln'] AS st) arr;

-- ---------------------------------------------------------------------
-- staging of the application life cycle (temp tables, dropped at session end)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE stg AS
WITH g AS (
  SELECT k,
         date '2022-01-03' + floor(1275 * sqrt(pg_temp.h(k,'sub')))::int AS sub_on,
         pg_temp.h(k,'typ') AS ht
  FROM generate_series(1,16000) k
), b AS (
  SELECT row_number() OVER (ORDER BY sub_on, k)::int AS app_id, sub_on,
         CASE WHEN ht < .14 THEN 'BLDR' WHEN ht < .18 THEN 'BLDC' WHEN ht < .33 THEN 'ELEC'
              WHEN ht < .45 THEN 'PLMB' WHEN ht < .56 THEN 'MECH' WHEN ht < .59 THEN 'DEMO'
              WHEN ht < .73 THEN 'SOLR' WHEN ht < .85 THEN 'ROOF' WHEN ht < .89 THEN 'SIGN'
              WHEN ht < .94 THEN 'FENC' ELSE 'ADU' END AS type_cd
  FROM g
), c AS (
  SELECT b.*, pt.sla_days AS sla, pt.base_fee, pt.plan_review,
         sub_on + 1 + floor(pg_temp.h(app_id,'in') * 3)::int AS intake_on,
         pg_temp.h(app_id,'cr') < CASE WHEN pt.plan_review THEN 0.35 ELSE 0.08 END AS had_corr,
         ceil(pt.sla_days * (0.3 + 0.9 * pg_temp.h(app_id,'r1')))::int AS rev1,
         7 + floor(pg_temp.h(app_id,'bk') * 38)::int AS corr_wait,
         ceil(pt.sla_days * (0.2 + 0.5 * pg_temp.h(app_id,'r2')))::int AS rev2,
         floor(pt.sla_days * 0.3 * pg_temp.h(app_id,'r3'))::int AS rev3,
         floor(pg_temp.h(app_id,'iss')^2 * 21)::int AS iss_lag,
         pg_temp.h(app_id,'st') AS hst,
         pg_temp.h(app_id,'ab') < 0.06 AS abandoned,
         (CASE type_cd WHEN 'BLDR' THEN 6 + floor(pg_temp.h(app_id,'ni') * 4)
                       WHEN 'BLDC' THEN 8 + floor(pg_temp.h(app_id,'ni') * 5)
                       WHEN 'ADU'  THEN 8 + floor(pg_temp.h(app_id,'ni') * 4)
                       WHEN 'DEMO' THEN 1 WHEN 'SIGN' THEN 1
                       ELSE 1 + floor(pg_temp.h(app_id,'ni') * 2) END)::int AS n_insp,
         (CASE WHEN type_cd IN ('BLDR','BLDC','ADU') THEN 12 + floor(pg_temp.h(app_id,'gp') * 18)
               ELSE 5 + floor(pg_temp.h(app_id,'gp') * 10) END)::int AS gap,
         5 + floor(pg_temp.h(app_id,'fg') * 25)::int AS first_gap,
         pt.plan_review AND pg_temp.h(app_id,'xp') < 0.07 AS expedited
  FROM b JOIN permit.permit_type pt USING (type_cd)
), d AS (
  SELECT c.*,
         CASE WHEN had_corr THEN intake_on + rev1 END AS corr_on,
         CASE WHEN had_corr THEN intake_on + rev1 + corr_wait END AS back_on,
         CASE WHEN had_corr THEN intake_on + rev1 + corr_wait + rev2 ELSE intake_on + rev1 + rev3 END AS dec_plan,
         least(gap, 300 / n_insp) AS gap2
  FROM c
), e AS (
  SELECT d.*,
         dec_plan + iss_lag AS iss_plan,
         dec_plan + iss_lag + first_gap + (n_insp - 1) * gap2 + 2 AS final_plan,
         hst < 0.035 AS is_wd,
         hst >= 0.035 AND hst < 0.06 AS is_dn,
         intake_on + floor(pg_temp.h(app_id,'wd') * (dec_plan - intake_on))::int AS wd_on
  FROM d
)
SELECT e.*,
       CASE
         WHEN is_wd AND wd_on <= date '2025-06-30' THEN 'WD'
         WHEN intake_on > date '2025-06-30' THEN 'SB'
         WHEN is_wd OR is_dn OR dec_plan > date '2025-06-30' THEN
              CASE WHEN is_dn AND dec_plan <= date '2025-06-30' THEN 'DN'
                   WHEN had_corr AND corr_on <= date '2025-06-30' AND back_on > date '2025-06-30' THEN 'CR'
                   ELSE 'UR' END
         WHEN iss_plan > date '2025-06-30' THEN 'AP'
         WHEN abandoned THEN CASE WHEN iss_plan + 365 <= date '2025-06-30' THEN 'EX' ELSE 'IS' END
         WHEN final_plan <= date '2025-06-30' THEN 'FN'
         ELSE 'IS'
       END AS stat_cd
FROM e;

CREATE TEMP TABLE stg2 AS
SELECT s.*,
       CASE WHEN pg_temp.h(app_id,'pc') < 0.025
            THEN (ARRAY[311,1207,2950,4188,5021,6600,7342,7777])[1 + floor(pg_temp.h(app_id,'pc2')^1.6 * 8)::int]
            ELSE 1 + floor(pg_temp.h(app_id,'par') * 8000)::int END AS parcel_id,
       CASE WHEN pg_temp.h(app_id,'ob') < CASE type_cd WHEN 'BLDR' THEN .20 WHEN 'ADU' THEN .25 WHEN 'ROOF' THEN .30
                   WHEN 'FENC' THEN .65 WHEN 'ELEC' THEN .15 WHEN 'PLMB' THEN .18 WHEN 'MECH' THEN .10
                   WHEN 'SOLR' THEN .03 WHEN 'DEMO' THEN .10 WHEN 'SIGN' THEN .30 ELSE 0 END THEN NULL
            WHEN type_cd = 'BLDC' AND pg_temp.h(app_id,'cA') < 0.4 THEN 386 + floor(pg_temp.h(app_id,'con')^1.5 * 15)::int
            ELSE (CASE type_cd WHEN 'ELEC' THEN 141 WHEN 'PLMB' THEN 201 WHEN 'MECH' THEN 251 WHEN 'ROOF' THEN 291
                               WHEN 'SOLR' THEN 331 WHEN 'DEMO' THEN 366 ELSE 1 END)
                 + floor(pg_temp.h(app_id,'con')^1.8 * (CASE type_cd WHEN 'ELEC' THEN 60 WHEN 'PLMB' THEN 50 WHEN 'MECH' THEN 40
                               WHEN 'ROOF' THEN 40 WHEN 'SOLR' THEN 35 WHEN 'DEMO' THEN 20 ELSE 140 END))::int
       END AS contractor_id,
       CASE WHEN pg_temp.h(app_id,'gov') < 0.012 THEN 7 + 300 * floor(pg_temp.h(app_id,'gv') * 20)::int
            ELSE 1 + floor(pg_temp.h(app_id,'apr') * 6000)::int END AS applicant_rand,
       pg_temp.h(app_id,'ap') < 0.55 AS contractor_files,
       6 + floor(pg_temp.h(app_id,'rv')^1.25 * 18)::int AS reviewer_pick,
       CASE WHEN type_cd IN ('SIGN','FENC') AND pg_temp.h(app_id,'nv') < 0.1 THEN NULL
            ELSE round((lo + (hi - lo) * pg_temp.h(app_id,'val')^2) / 100)::numeric * 100 END AS est_valuation,
       round((2.8 + 11.2 * pg_temp.h(app_id,'kw'))::numeric, 1) AS kw
FROM stg s
JOIN (VALUES ('BLDR',40000,600000),('BLDC',200000,5000000),('ADU',90000,350000),('ELEC',1000,30000),
             ('PLMB',1000,25000),('MECH',3000,40000),('DEMO',5000,80000),('SOLR',8000,60000),
             ('ROOF',6000,45000),('SIGN',1000,20000),('FENC',1500,15000)) v(tc, lo, hi) ON v.tc = s.type_cd;

-- ---------------------------------------------------------------------
-- applications
-- ---------------------------------------------------------------------
CREATE TABLE permit.application (
    app_id        int PRIMARY KEY,
    app_no        varchar(14) NOT NULL,
    type_cd       varchar(4) NOT NULL,
    parcel_id     int NOT NULL,
    applicant_id  int NOT NULL,
    contractor_id int,
    submitted_on  date NOT NULL,
    stat_cd       char(2) NOT NULL,
    decided_on    date,
    issued_on     date,
    expires_on    date,
    reviewer_id   int,
    est_valuation numeric(12,2),
    work_descr    text,
    extra         jsonb NOT NULL DEFAULT '{}'::jsonb,
    updated_at    timestamptz NOT NULL,
    CONSTRAINT uq_application_app_no UNIQUE (app_no)
);
COMMENT ON TABLE  permit.application IS 'Permit applications (one row per application / permit). Created when an application is submitted; the same row becomes the permit once issued.';
COMMENT ON COLUMN permit.application.app_no IS 'Public application number BP-YYYY-NNNNNN (year of submission + running number within the year).';
COMMENT ON COLUMN permit.application.contractor_id IS 'Contractor of record; NULL = owner-builder (the property owner does the work).';
COMMENT ON COLUMN permit.application.stat_cd IS 'Current status: SB submitted (awaiting intake), UR under plan review, CR corrections requested (waiting on applicant to resubmit), AP approved (awaiting fee payment / issuance), IS issued (work in progress), FN finaled (passed final inspection, closed), EX expired (issued but never finaled within 365 days), WD withdrawn by applicant, DN denied.';
COMMENT ON COLUMN permit.application.decided_on IS 'Date of the plan-review decision (approval or denial); NULL while undecided or if withdrawn.';
COMMENT ON COLUMN permit.application.issued_on IS 'Date the permit was issued; NULL if never issued.';
COMMENT ON COLUMN permit.application.expires_on IS 'Issued permits expire 365 days after issuance; approvals not picked up expire 180 days after the decision.';
COMMENT ON COLUMN permit.application.reviewer_id IS 'Assigned plan reviewer (permit.staff.staff_id); NULL until intake.';
COMMENT ON COLUMN permit.application.est_valuation IS 'Declared construction valuation, USD; NULL = not declared (allowed for signs and fences).';
COMMENT ON COLUMN permit.application.extra IS 'Type-specific attributes from the online form, e.g. solar_kw, battery_kwh, stories, sqft_added, units, occupancy, asbestos_survey, expedited.';

CREATE TEMP TABLE appstg AS
SELECT s.app_id,
       'BP-' || extract(year FROM s.sub_on)::int || '-' ||
           lpad(row_number() OVER (PARTITION BY extract(year FROM s.sub_on) ORDER BY s.app_id)::text, 6, '0') AS app_no,
       s.type_cd, s.parcel_id,
       CASE WHEN s.contractor_id IS NOT NULL AND s.contractor_files THEN c.applicant_id ELSE s.applicant_rand END AS applicant_id,
       s.contractor_id, s.sub_on AS submitted_on, s.stat_cd,
       CASE WHEN s.stat_cd IN ('AP','IS','FN','EX','DN') THEN s.dec_plan END AS decided_on,
       CASE WHEN s.stat_cd IN ('IS','FN','EX') THEN s.iss_plan END AS issued_on,
       CASE WHEN s.stat_cd IN ('IS','FN','EX') THEN s.iss_plan + 365
            WHEN s.stat_cd = 'AP' THEN s.dec_plan + 180 END AS expires_on,
       CASE WHEN s.stat_cd = 'SB' THEN NULL
            WHEN st.hired_on <= s.intake_on
                 AND (st.term_on IS NULL OR st.term_on >= s.dec_plan
                      OR (s.dec_plan > date '2025-06-30' AND st.term_on >= s.intake_on)) THEN st.staff_id
            ELSE (ARRAY[6,7,8,10,11,12,13,14,16,17,18,19,20])[1 + s.app_id % 13] END AS reviewer_id,
       s.est_valuation,
       CASE s.type_cd
         WHEN 'BLDR' THEN (ARRAY['Kitchen remodel','Second-story addition','Room addition','Garage conversion','Bathroom remodel','Foundation repair'])[1 + floor(pg_temp.h(s.app_id,'wd1')*6)::int]
         WHEN 'BLDC' THEN (ARRAY['Tenant improvement','New retail building','Office remodel','Warehouse mezzanine','Restaurant build-out'])[1 + floor(pg_temp.h(s.app_id,'wd1')*5)::int]
         WHEN 'ADU'  THEN (ARRAY['Detached ADU','Attached ADU','Garage-to-ADU conversion'])[1 + floor(pg_temp.h(s.app_id,'wd1')*3)::int]
         WHEN 'ELEC' THEN (ARRAY['Panel upgrade 200A','EV charger circuit','Whole-house rewire','Service relocation'])[1 + floor(pg_temp.h(s.app_id,'wd1')*4)::int]
         WHEN 'PLMB' THEN (ARRAY['Water heater replacement','Repipe','Sewer lateral replacement','Gas line extension'])[1 + floor(pg_temp.h(s.app_id,'wd1')*4)::int]
         WHEN 'MECH' THEN (ARRAY['HVAC changeout','Heat pump install','Ductwork replacement','Mini-split install'])[1 + floor(pg_temp.h(s.app_id,'wd1')*4)::int]
         WHEN 'DEMO' THEN (ARRAY['Demolish single-family dwelling','Demolish accessory structure','Interior demolition'])[1 + floor(pg_temp.h(s.app_id,'wd1')*3)::int]
         WHEN 'SOLR' THEN 'Rooftop PV ' || s.kw || ' kW'
         WHEN 'ROOF' THEN (ARRAY['Re-roof comp shingle','Re-roof concrete tile','Re-roof TPO membrane'])[1 + floor(pg_temp.h(s.app_id,'wd1')*3)::int]
         WHEN 'SIGN' THEN (ARRAY['Wall sign','Monument sign','Projecting sign'])[1 + floor(pg_temp.h(s.app_id,'wd1')*3)::int]
         ELSE (ARRAY['Fence over 7 ft','Retaining wall','Block wall'])[1 + floor(pg_temp.h(s.app_id,'wd1')*3)::int]
       END AS work_descr,
       (CASE s.type_cd
          WHEN 'SOLR' THEN jsonb_strip_nulls(jsonb_build_object('solar_kw', s.kw,
                              'battery_kwh', CASE WHEN pg_temp.h(s.app_id,'bat') < 0.3 THEN 13.5 END))
          WHEN 'BLDR' THEN jsonb_build_object('stories', 1 + (pg_temp.h(s.app_id,'sto') < 0.4)::int,
                              'sqft_added', 200 + floor(pg_temp.h(s.app_id,'sqf') * 2400)::int)
          WHEN 'ADU'  THEN jsonb_build_object('units', 1, 'sqft', 350 + floor(pg_temp.h(s.app_id,'sqf') * 850)::int,
                              'detached', pg_temp.h(s.app_id,'det') < 0.6)
          WHEN 'BLDC' THEN jsonb_build_object('stories', 1 + floor(pg_temp.h(s.app_id,'sto')^2 * 6)::int,
                              'occupancy', (ARRAY['B','M','S-1','A-2','R-2'])[1 + floor(pg_temp.h(s.app_id,'occ') * 5)::int])
          WHEN 'DEMO' THEN jsonb_build_object('asbestos_survey', pg_temp.h(s.app_id,'asb') < 0.8)
          ELSE '{}'::jsonb END)
       || CASE WHEN s.expedited THEN '{"expedited": true}'::jsonb ELSE '{}'::jsonb END AS extra
FROM stg2 s
LEFT JOIN permit.contractor c ON c.contractor_id = s.contractor_id
JOIN permit.staff st ON st.staff_id = s.reviewer_pick;

-- ---------------------------------------------------------------------
-- inspections (partitioned by scheduled date) and violations
-- ---------------------------------------------------------------------
CREATE TABLE insp.insp_type (
    insp_type_cd varchar(3) PRIMARY KEY,
    descr        text NOT NULL,
    std_minutes  smallint NOT NULL
);
COMMENT ON TABLE insp.insp_type IS 'Inspection kinds that can be booked.';
COMMENT ON COLUMN insp.insp_type.std_minutes IS 'Standard time slot booked for this inspection kind, minutes.';
INSERT INTO insp.insp_type VALUES
 ('FTG','Footing / foundation',45), ('UFL','Underfloor',30), ('FRM','Framing',60),
 ('RGH','Rough-in (electrical / plumbing / mechanical)',45), ('INS','Insulation',30),
 ('DRY','Drywall nailing',30), ('SPL','Special inspection (structural)',60), ('FNL','Final',45);

CREATE TABLE insp.inspection (
    insp_id      bigint NOT NULL,
    sched_on     date NOT NULL,
    app_id       int NOT NULL,
    insp_type_cd varchar(3) NOT NULL,
    inspector_id int NOT NULL,
    result_cd    char(1),
    completed_at timestamp,
    remarks      text,
    PRIMARY KEY (insp_id, sched_on)
) PARTITION BY RANGE (sched_on);
CREATE TABLE insp.inspection_2022 PARTITION OF insp.inspection FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE insp.inspection_2023 PARTITION OF insp.inspection FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE insp.inspection_2024 PARTITION OF insp.inspection FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE insp.inspection_2025 PARTITION OF insp.inspection FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
COMMENT ON TABLE  insp.inspection IS 'Field inspections booked on issued permits, partitioned by year of the scheduled date.';
COMMENT ON COLUMN insp.inspection.sched_on IS 'Date the inspection is/was scheduled for.';
COMMENT ON COLUMN insp.inspection.inspector_id IS 'Inspector (permit.staff) assigned to the visit.';
COMMENT ON COLUMN insp.inspection.result_cd IS 'P = pass, F = fail (correction notice issued; violations recorded), N = not ready (site not ready on arrival; reinspection fee charged), X = cancelled by the applicant; NULL = scheduled, not yet performed.';
COMMENT ON COLUMN insp.inspection.completed_at IS 'Local time the inspector closed out the visit; NULL when cancelled or not yet performed.';

CREATE TEMP TABLE istg AS
SELECT x.*,
       row_number() OVER (ORDER BY x.sched_on, x.app_id, x.k, x.pre) AS insp_id
FROM (
  SELECT a.app_id, a.type_cd, a.stat_cd, a.abandoned, k, a.n_insp, false AS pre,
         a.iss_plan + a.first_gap + (k - 1) * a.gap2 + floor(pg_temp.h(a.app_id * 100 + k,'ij') * 3)::int AS sched_on,
         pg_temp.h(a.app_id * 100 + k,'res') AS hr,
         24 + floor(pg_temp.h(a.app_id * 100 + k,'who')^1.15 * 24)::int AS pick
  FROM stg a CROSS JOIN LATERAL generate_series(1, a.n_insp) k
  WHERE a.stat_cd IN ('IS','FN','EX')
    AND (NOT a.abandoned OR k <= floor(a.n_insp * pg_temp.h(a.app_id,'nd')))
  UNION ALL -- a failed / not-ready first attempt at the final inspection on some finaled permits
  SELECT a.app_id, a.type_cd, a.stat_cd, a.abandoned, a.n_insp, a.n_insp, true,
         a.iss_plan + a.first_gap + (a.n_insp - 1) * a.gap2 + floor(pg_temp.h(a.app_id * 100 + a.n_insp,'ij') * 3)::int - 3,
         pg_temp.h(a.app_id,'ffr'),
         24 + floor(pg_temp.h(a.app_id * 100 + 99,'who')^1.15 * 24)::int
  FROM stg a
  WHERE a.stat_cd = 'FN' AND pg_temp.h(a.app_id,'ff') < 0.18
) x
WHERE x.sched_on <= date '2025-06-30' + CASE WHEN x.abandoned THEN 0 ELSE 14 END;

INSERT INTO insp.inspection
SELECT i.insp_id, i.sched_on, i.app_id,
       CASE WHEN i.k = i.n_insp THEN 'FNL'
            WHEN i.type_cd IN ('BLDR','BLDC','ADU') THEN (ARRAY['FTG','UFL','FRM','RGH','RGH','INS','DRY','SPL','SPL','SPL','SPL','SPL'])[i.k]
            ELSE 'RGH' END,
       CASE WHEN st.hired_on <= i.sched_on AND (st.term_on IS NULL OR st.term_on >= i.sched_on) THEN st.staff_id
            ELSE 24 + i.app_id % 14 END,
       r.res,
       CASE WHEN r.res IN ('P','F','N') THEN i.sched_on + time '08:00' + floor(pg_temp.h(i.insp_id,'tm') * 540) * interval '1 minute' END,
       CASE r.res WHEN 'F' THEN 'Correction notice left on site' WHEN 'N' THEN 'Site not ready - reinspection fee'
                  WHEN 'X' THEN 'Cancelled by applicant' END
FROM istg i
JOIN permit.staff st ON st.staff_id = i.pick
CROSS JOIN LATERAL (SELECT CASE WHEN i.sched_on > date '2025-06-30' THEN NULL
                                WHEN i.pre THEN CASE WHEN i.hr < 0.75 THEN 'F' ELSE 'N' END
                                WHEN i.k = i.n_insp AND i.stat_cd = 'FN' THEN 'P'
                                WHEN i.hr < 0.04 THEN 'X' WHEN i.hr < 0.065 THEN 'N'
                                WHEN i.hr < 0.21 THEN 'F' ELSE 'P' END AS res) r;

CREATE TABLE insp.violation (
    viol_id      int PRIMARY KEY,
    insp_id      bigint NOT NULL,
    code_ref     varchar(12) NOT NULL,
    severity     smallint NOT NULL CHECK (severity BETWEEN 1 AND 3),
    noted_on     date NOT NULL,
    corrected_on date,
    note         text
);
COMMENT ON TABLE  insp.violation IS 'Code violations written up on failed inspections. insp_id refers to insp.inspection.insp_id (no FK: inspection is partitioned and its key includes sched_on).';
COMMENT ON COLUMN insp.violation.code_ref IS 'Code section cited: CBC/CRC building & residential code, CEC electrical, CPC plumbing, CMC mechanical, CFC fire, CEnC energy, MUN Eastbrook municipal code.';
COMMENT ON COLUMN insp.violation.severity IS '1 = minor (fix before final), 2 = major (reinspection required), 3 = life-safety (stop-work until corrected).';
COMMENT ON COLUMN insp.violation.corrected_on IS 'Date the inspector verified the correction; NULL = still open.';

INSERT INTO insp.violation
SELECT row_number() OVER (ORDER BY i.insp_id, v)::int,
       i.insp_id,
       cd.codes[ci], cd.sev[ci], i.sched_on,
       CASE WHEN pg_temp.h(i.insp_id * 10 + v,'fix') < CASE WHEN a.stat_cd = 'EX' THEN 0.6 ELSE 0.06 END THEN NULL
            WHEN i.sched_on + 2 + floor(pg_temp.h(i.insp_id * 10 + v,'lag')^1.5 * 38)::int > date '2025-06-30' THEN NULL
            ELSE i.sched_on + 2 + floor(pg_temp.h(i.insp_id * 10 + v,'lag')^1.5 * 38)::int END,
       cd.descr[ci]
FROM insp.inspection i
JOIN appstg a ON a.app_id = i.app_id
CROSS JOIN LATERAL generate_series(1, 1 + floor(pg_temp.h(i.insp_id,'nv') * 2.6)::int) v
CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.h(i.insp_id * 10 + v,'code')^1.4 * 16)::int AS ci) c
CROSS JOIN (SELECT ARRAY['MUN 12.04','CRC R314','CEC 210.8','CRC R602.10','CEnC 150.0','CPC 312','CEC 110.26','CRC R403.1',
                         'CMC 904.1','CBC 1011.5','CRC R315','CPC 608.5','CRC R905','CBC 1705','CFC 605.11','MUN 12.09'] AS codes,
                   ARRAY[1,3,3,2,1,1,2,2,3,2,3,3,2,1,2,1]::smallint[] AS sev,
                   ARRAY['Approved plans not on site','Smoke alarm missing or not interconnected','GFCI protection missing',
                         'Braced wall panel nailing','Insulation certificate missing','Pipe support / strapping',
                         'Working clearance at panel','Footing depth / reinforcement','Appliance clearance to combustibles',
                         'Stair riser / tread dimensions','CO alarm missing','T&P relief valve discharge','Roof underlayment',
                         'Special inspection report missing','Solar array access pathway','Address not posted'] AS descr) cd
WHERE i.result_cd = 'F';

-- ---------------------------------------------------------------------
-- status history
-- ---------------------------------------------------------------------
CREATE TABLE permit.app_status_hist (
    hist_id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    app_id      int NOT NULL,
    old_stat_cd char(2),
    new_stat_cd char(2) NOT NULL,
    changed_at  timestamp NOT NULL,
    changed_by  int
);
COMMENT ON TABLE  permit.app_status_hist IS 'Audit trail of application status changes (codes as in permit.application.stat_cd). Back-filled in 2023, so hist_id order is not chronological.';
COMMENT ON COLUMN permit.app_status_hist.old_stat_cd IS 'Status before the change; NULL for the initial submission row.';
COMMENT ON COLUMN permit.app_status_hist.changed_at IS 'Local time of the change.';
COMMENT ON COLUMN permit.app_status_hist.changed_by IS 'Staff member who made the change; NULL = automatic nightly job (expirations).';

CREATE TEMP TABLE hstg AS
SELECT app_id, o, n, ts, by_ FROM (
  -- submission
  SELECT s.app_id, NULL::char(2) AS o, 'SB'::char(2) AS n,
         s.sub_on + time '07:00' + floor(pg_temp.h(s.app_id,'t1') * 660) * interval '1 minute' AS ts, NULL::int AS by_
  FROM stg s
  UNION ALL -- intake
  SELECT s.app_id, 'SB', 'UR', s.intake_on + time '09:00' + floor(pg_temp.h(s.app_id,'t2') * 420) * interval '1 minute',
         CASE WHEN t.pick = 52 AND s.intake_on > date '2024-01-19' THEN 53 ELSE t.pick END
  FROM stg s CROSS JOIN LATERAL (SELECT 48 + floor(pg_temp.h(s.app_id,'tech') * 13)::int AS pick) t
  WHERE s.stat_cd <> 'SB'
  UNION ALL -- corrections requested
  SELECT s.app_id, 'UR', 'CR', s.corr_on + time '14:00' + floor(pg_temp.h(s.app_id,'t3') * 180) * interval '1 minute', a.reviewer_id
  FROM stg s JOIN appstg a USING (app_id)
  WHERE s.had_corr AND s.corr_on <= date '2025-06-30' AND s.stat_cd <> 'SB' AND NOT (s.stat_cd = 'WD' AND s.wd_on <= s.corr_on)
  UNION ALL -- resubmitted
  SELECT s.app_id, 'CR', 'UR', s.back_on + time '10:00' + floor(pg_temp.h(s.app_id,'t4') * 300) * interval '1 minute', NULL
  FROM stg s
  WHERE s.had_corr AND s.back_on <= date '2025-06-30' AND s.stat_cd <> 'SB' AND NOT (s.stat_cd = 'WD' AND s.wd_on <= s.back_on)
  UNION ALL -- withdrawn
  SELECT s.app_id, CASE WHEN s.had_corr AND s.corr_on < s.wd_on AND s.back_on > s.wd_on THEN 'CR' ELSE 'UR' END, 'WD',
         s.wd_on + time '16:00' + floor(pg_temp.h(s.app_id,'t5') * 60) * interval '1 minute', NULL
  FROM stg s WHERE s.stat_cd = 'WD'
  UNION ALL -- decision
  SELECT s.app_id, 'UR', CASE WHEN s.stat_cd = 'DN' THEN 'DN' ELSE 'AP' END,
         s.dec_plan + time '15:00' + floor(pg_temp.h(s.app_id,'t6') * 120) * interval '1 minute', a.reviewer_id
  FROM stg s JOIN appstg a USING (app_id)
  WHERE s.stat_cd IN ('AP','IS','FN','EX','DN')
  UNION ALL -- issuance
  SELECT s.app_id, 'AP', 'IS', s.iss_plan + time '11:00' + floor(pg_temp.h(s.app_id,'t7') * 240) * interval '1 minute',
         CASE WHEN t.pick = 52 AND s.iss_plan > date '2024-01-19' THEN 54 ELSE t.pick END
  FROM stg s CROSS JOIN LATERAL (SELECT 48 + floor(pg_temp.h(s.app_id,'tech2') * 13)::int AS pick) t
  WHERE s.stat_cd IN ('IS','FN','EX')
  UNION ALL -- final
  SELECT i.app_id, 'IS', 'FN', i.completed_at + interval '5 minutes', i.inspector_id
  FROM insp.inspection i JOIN appstg a USING (app_id)
  WHERE a.stat_cd = 'FN' AND i.insp_type_cd = 'FNL' AND i.result_cd = 'P'
  UNION ALL -- expiry (nightly job)
  SELECT s.app_id, 'IS', 'EX', (s.iss_plan + 366) + time '02:00', NULL
  FROM stg s WHERE s.stat_cd = 'EX'
) h;

INSERT INTO permit.application
SELECT a.app_id, a.app_no, a.type_cd, a.parcel_id, a.applicant_id, a.contractor_id, a.submitted_on, a.stat_cd,
       a.decided_on, a.issued_on, a.expires_on, a.reviewer_id, a.est_valuation, a.work_descr, a.extra,
       m.ts AT TIME ZONE 'UTC'
FROM appstg a
JOIN (SELECT app_id, max(ts) AS ts FROM hstg GROUP BY app_id) m ON m.app_id = a.app_id
ORDER BY a.app_id;

INSERT INTO permit.app_status_hist (app_id, old_stat_cd, new_stat_cd, changed_at, changed_by)
SELECT app_id, o, n, ts, by_ FROM hstg ORDER BY app_id, ts;

INSERT INTO permit.applicant
SELECT p.applicant_id, p.display_name, p.appl_kind, p.email, p.phone,
       CASE WHEN m.first_sub IS NOT NULL AND p.created_at > (m.first_sub - 1) + time '12:00'
            THEN ((m.first_sub - 1) + time '12:00') AT TIME ZONE 'UTC' ELSE p.created_at END
FROM astg p
LEFT JOIN (SELECT applicant_id, min(submitted_on) AS first_sub FROM appstg GROUP BY applicant_id) m ON m.applicant_id = p.applicant_id
ORDER BY p.applicant_id;

-- ---------------------------------------------------------------------
-- fees and payments
-- ---------------------------------------------------------------------
CREATE TABLE fin.fee (
    fee_id      int PRIMARY KEY,
    app_id      int NOT NULL,
    fee_cd      varchar(3) NOT NULL,
    amount      numeric(10,2) NOT NULL,
    assessed_on date NOT NULL,
    waived      boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  fin.fee IS 'Fees assessed on applications.';
COMMENT ON COLUMN fin.fee.fee_cd IS 'PLN plan-check fee (at submission), EXP expedited plan review surcharge, PRM permit issuance fee, TEC technology surcharge (4% of PRM), SMI state strong-motion instrumentation fee, RIN reinspection fee (charged for not-ready inspections).';
COMMENT ON COLUMN fin.fee.waived IS 'true = fee waived (government agencies, hardship waivers); waived fees are not owed.';

INSERT INTO fin.fee
SELECT row_number() OVER (ORDER BY f.assessed_on, f.app_id, f.ord)::int, f.app_id, f.fee_cd, f.amount, f.assessed_on,
       ap.appl_kind = 'G' OR pg_temp.h(f.app_id * 10 + f.ord,'waive') < 0.015
FROM (
  SELECT s.app_id, 1 AS ord, 'PLN' AS fee_cd, round(s.base_fee * 0.65 + coalesce(s.est_valuation, 0) * 0.0015, 2) AS amount, s.sub_on AS assessed_on
  FROM stg2 s WHERE s.plan_review
  UNION ALL
  SELECT s.app_id, 2, 'EXP', 250.00, s.sub_on FROM stg2 s WHERE s.expedited
  UNION ALL
  SELECT s.app_id, 3, 'PRM', round(s.base_fee + coalesce(s.est_valuation, 0) * 0.004, 2), s.dec_plan
  FROM stg2 s WHERE s.stat_cd IN ('AP','IS','FN','EX')
  UNION ALL
  SELECT s.app_id, 4, 'TEC', round((s.base_fee + coalesce(s.est_valuation, 0) * 0.004) * 0.04, 2), s.dec_plan
  FROM stg2 s WHERE s.stat_cd IN ('AP','IS','FN','EX')
  UNION ALL
  SELECT s.app_id, 5, 'SMI', greatest(0.50, round(s.est_valuation * 0.00013, 2)), s.dec_plan
  FROM stg2 s WHERE s.stat_cd IN ('AP','IS','FN','EX') AND s.type_cd IN ('BLDR','BLDC','ADU')
  UNION ALL
  SELECT i.app_id, 10 + (row_number() OVER (PARTITION BY i.app_id ORDER BY i.insp_id))::int, 'RIN', 95.00, i.sched_on
  FROM insp.inspection i WHERE i.result_cd = 'N'
) f
JOIN permit.application a ON a.app_id = f.app_id
JOIN permit.applicant ap ON ap.applicant_id = a.applicant_id;

CREATE TABLE fin.payment (
    pmt_id        int PRIMARY KEY,
    app_id        int NOT NULL,
    rcpt_no       varchar(10) NOT NULL,
    amt           numeric(10,2) NOT NULL,
    paid_at       timestamp NOT NULL,
    pay_mthd      varchar(3) NOT NULL,
    voided        boolean NOT NULL DEFAULT false,
    reconciled_on date,
    CONSTRAINT uq_payment_rcpt_no UNIQUE (rcpt_no)
) WITH (autovacuum_enabled = false);   -- switched off for the 2023 cashiering migration, never switched back on
COMMENT ON TABLE  fin.payment IS 'Payments received at the counter or online. One payment may cover several fees of the same application.';
COMMENT ON COLUMN fin.payment.paid_at IS 'Local time the payment was taken.';
COMMENT ON COLUMN fin.payment.pay_mthd IS 'CC card (credit/debit, counter or online), CHK cheque, ACH bank transfer (e-check), CSH cash.';
COMMENT ON COLUMN fin.payment.voided IS 'true = payment voided (bounced cheque, keying error); a voided payment does not count as received.';
COMMENT ON COLUMN fin.payment.reconciled_on IS 'Date finance matched the payment to the bank statement; NULL = not yet reconciled.';

CREATE TEMP TABLE pstg AS
SELECT q.*, pg_temp.h(q.app_id * 100 + q.seq,'void') < 0.015 AS to_void,
       CASE WHEN hm < 0.52 THEN 'CC' WHEN hm < 0.72 THEN 'CHK' WHEN hm < 0.90 THEN 'ACH' ELSE 'CSH' END AS mthd
FROM (
  SELECT f.app_id, 1 AS seq, sum(f.amount) AS amt,
         min(f.assessed_on) + time '08:00' + floor(pg_temp.h(f.app_id,'pt1') * 540) * interval '1 minute' AS paid_at,
         pg_temp.h(f.app_id,'pm1') AS hm
  FROM fin.fee f WHERE f.fee_cd IN ('PLN','EXP') AND NOT f.waived GROUP BY f.app_id
  UNION ALL
  SELECT f.app_id, 2, sum(f.amount),
         a.issued_on + time '08:00' + floor(pg_temp.h(f.app_id,'pt2') * 540) * interval '1 minute',
         pg_temp.h(f.app_id,'pm2')
  FROM fin.fee f JOIN permit.application a USING (app_id)
  WHERE f.fee_cd IN ('PRM','TEC','SMI') AND NOT f.waived AND a.issued_on IS NOT NULL
  GROUP BY f.app_id, a.issued_on
  UNION ALL
  SELECT f.app_id, 10 + f.fee_id % 1000, f.amount,
         (f.assessed_on + 1 + floor(pg_temp.h(f.fee_id,'rl') * 20)::int) + time '09:00' + floor(pg_temp.h(f.fee_id,'pt3') * 480) * interval '1 minute',
         pg_temp.h(f.fee_id,'pm3')
  FROM fin.fee f
  WHERE f.fee_cd = 'RIN' AND NOT f.waived AND pg_temp.h(f.fee_id,'rinpay') > 0.25
    AND f.assessed_on + 1 + floor(pg_temp.h(f.fee_id,'rl') * 20)::int <= date '2025-06-30'
) q;

INSERT INTO fin.payment
SELECT p.rn, p.app_id, 'R' || lpad(p.rn::text, 7, '0'),
       p.amt, p.paid_at, p.mthd, p.voided,
       CASE WHEN p.voided OR p.paid_at >= timestamp '2025-01-01' THEN NULL
            ELSE p.paid_at::date + 2 + floor(pg_temp.h(p.app_id * 100 + p.seq,'rec') * 5)::int END
FROM (
  SELECT u.*, row_number() OVER (ORDER BY u.paid_at, u.app_id, u.seq, u.voided DESC)::int AS rn
  FROM (
    SELECT app_id, seq, amt, paid_at, mthd, to_void AS voided FROM pstg
    UNION ALL -- replacement payment for voided ones
    SELECT app_id, seq, amt, paid_at + interval '2 hours', 'CC', false FROM pstg WHERE to_void
  ) u
) p;

-- ---------------------------------------------------------------------
-- constraints added after the bulk load (as the 2023 migration did)
-- ---------------------------------------------------------------------
ALTER TABLE permit.staff       ADD CONSTRAINT fk_staff_supervisor FOREIGN KEY (supervisor_id) REFERENCES permit.staff (staff_id);
ALTER TABLE permit.contractor  ADD CONSTRAINT fk_contractor_applicant FOREIGN KEY (applicant_id) REFERENCES permit.applicant (applicant_id);
ALTER TABLE permit.parcel      ADD CONSTRAINT fk_parcel_district FOREIGN KEY (district_id) REFERENCES permit.district (district_id);
ALTER TABLE permit.application ADD CONSTRAINT fk_application_type FOREIGN KEY (type_cd) REFERENCES permit.permit_type (type_cd);
ALTER TABLE permit.application ADD CONSTRAINT fk_application_parcel FOREIGN KEY (parcel_id) REFERENCES permit.parcel (parcel_id);
ALTER TABLE permit.application ADD CONSTRAINT fk_application_applicant FOREIGN KEY (applicant_id) REFERENCES permit.applicant (applicant_id);
ALTER TABLE permit.application ADD CONSTRAINT fk_application_contractor FOREIGN KEY (contractor_id) REFERENCES permit.contractor (contractor_id);
ALTER TABLE permit.application ADD CONSTRAINT ck_application_stat CHECK (stat_cd IN ('SB','UR','CR','AP','IS','FN','EX','WD','DN'));
ALTER TABLE permit.app_status_hist ADD CONSTRAINT fk_hist_application FOREIGN KEY (app_id) REFERENCES permit.application (app_id);
ALTER TABLE permit.app_status_hist ADD CONSTRAINT fk_hist_staff FOREIGN KEY (changed_by) REFERENCES permit.staff (staff_id);
ALTER TABLE insp.inspection    ADD CONSTRAINT fk_inspection_application FOREIGN KEY (app_id) REFERENCES permit.application (app_id);
ALTER TABLE insp.inspection    ADD CONSTRAINT fk_inspection_type FOREIGN KEY (insp_type_cd) REFERENCES insp.insp_type (insp_type_cd);
ALTER TABLE insp.inspection    ADD CONSTRAINT fk_inspection_inspector FOREIGN KEY (inspector_id) REFERENCES permit.staff (staff_id);
ALTER TABLE fin.fee            ADD CONSTRAINT fk_fee_application FOREIGN KEY (app_id) REFERENCES permit.application (app_id);
ALTER TABLE fin.payment        ADD CONSTRAINT fk_payment_application FOREIGN KEY (app_id) REFERENCES permit.application (app_id);

-- indexes (note: application.parcel_id deliberately has none)
CREATE INDEX ix_applicant_email       ON permit.applicant (email);
CREATE INDEX ix_applicant_phone       ON permit.applicant (phone);
CREATE INDEX ix_parcel_district       ON permit.parcel (district_id);
CREATE INDEX ix_application_applicant ON permit.application (applicant_id);
CREATE INDEX ix_application_contractor ON permit.application (contractor_id);
CREATE INDEX ix_application_stat      ON permit.application (stat_cd);
CREATE INDEX ix_application_submitted ON permit.application (submitted_on);
CREATE INDEX ix_hist_app              ON permit.app_status_hist (app_id);
CREATE INDEX ix_inspection_app        ON insp.inspection (app_id);
CREATE INDEX ix_inspection_inspector_day ON insp.inspection (inspector_id, sched_on);
CREATE INDEX ix_violation_insp        ON insp.violation (insp_id);
CREATE INDEX ix_fee_app               ON fin.fee (app_id);
CREATE INDEX ix_payment_app           ON fin.payment (app_id);
CREATE INDEX ix_payment_paid_at       ON fin.payment (paid_at);

-- ---------------------------------------------------------------------
-- view
-- ---------------------------------------------------------------------
CREATE VIEW fin.v_app_balance AS
SELECT a.app_id, a.app_no, a.stat_cd,
       coalesce(f.assessed, 0)                        AS assessed_amt,
       coalesce(p.paid, 0)                            AS paid_amt,
       coalesce(f.assessed, 0) - coalesce(p.paid, 0)  AS balance_due
FROM permit.application a
LEFT JOIN (SELECT app_id, sum(amount) AS assessed FROM fin.fee WHERE NOT waived GROUP BY app_id) f ON f.app_id = a.app_id
LEFT JOIN (SELECT app_id, sum(amt) AS paid FROM fin.payment WHERE NOT voided GROUP BY app_id) p ON p.app_id = a.app_id;
COMMENT ON VIEW fin.v_app_balance IS 'Per application: non-waived fees assessed, non-voided payments received, and the balance still due.';

DROP TABLE pg_temp.astg, pg_temp.stg, pg_temp.stg2, pg_temp.appstg, pg_temp.istg, pg_temp.hstg, pg_temp.pstg;
DROP FUNCTION pg_temp.h(bigint, text);

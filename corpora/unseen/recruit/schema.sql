-- =====================================================================
--  Hartwell & Lane Recruitment — operational database ("HLR core")
--  Permanent and temporary staffing agency, five UK branches.
--  Data snapshot taken at close of business Friday 14 June 2024.
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA crm;
CREATE SCHEMA talent;
CREATE SCHEMA hiring;
CREATE SCHEMA billing;

COMMENT ON SCHEMA crm     IS 'Client companies, their contacts, our consultants';
COMMENT ON SCHEMA talent  IS 'Candidate pool and skills';
COMMENT ON SCHEMA hiring  IS 'Vacancies, applications, interviews, offers, placements';
COMMENT ON SCHEMA billing IS 'Temp timesheets and invoicing';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- crm
-- ---------------------------------------------------------------------
CREATE TABLE crm.sector (
    sector_cd   char(3) PRIMARY KEY,
    sector_name varchar(60) NOT NULL
);

CREATE TABLE crm.consultant (
    consultant_id serial PRIMARY KEY,
    first_name    varchar(40) NOT NULL,
    last_name     varchar(40) NOT NULL,
    email         varchar(120) NOT NULL UNIQUE,
    branch_cd     char(3) NOT NULL,
    desk          varchar(4) NOT NULL,
    hired_on      date NOT NULL,
    left_on       date
);
COMMENT ON TABLE  crm.consultant IS 'Our own recruitment consultants (staff)';
COMMENT ON COLUMN crm.consultant.branch_cd IS 'Branch: LDN = London, MAN = Manchester, BHM = Birmingham, LDS = Leeds, BRS = Bristol';
COMMENT ON COLUMN crm.consultant.desk IS 'PERM = permanent recruitment desk, TEMP = temporary staffing desk';
COMMENT ON COLUMN crm.consultant.left_on IS 'Date the consultant left the company; NULL = still employed';

CREATE TABLE crm.client (
    client_id       serial PRIMARY KEY,
    client_name     varchar(120) NOT NULL,
    sector_cd       char(3) NOT NULL REFERENCES crm.sector,
    city            varchar(40) NOT NULL,
    tier            char(1) NOT NULL DEFAULT 'B',
    acct_mgr_id     int NOT NULL REFERENCES crm.consultant,
    perm_fee_pct    numeric(4,2) NOT NULL,
    pay_terms_days  smallint NOT NULL DEFAULT 30,
    credit_limit    numeric(12,2),
    on_hold         boolean NOT NULL DEFAULT false,
    "VATRegNo"      varchar(14),
    created_at      date NOT NULL
);
COMMENT ON COLUMN crm.client.tier IS 'Account tier under our terms of business: G = Gold (preferred supplier agreement), S = Silver, B = Bronze (ad-hoc)';
COMMENT ON COLUMN crm.client.perm_fee_pct IS 'Permanent placement fee as a percentage of the candidate''s first-year base salary';
COMMENT ON COLUMN crm.client.pay_terms_days IS 'Invoice payment terms in days from invoice date';
COMMENT ON COLUMN crm.client.on_hold IS 'Credit hold: no new temps may be supplied while true';
COMMENT ON COLUMN crm.client."VATRegNo" IS 'Client VAT registration number (imported from the old Access system)';

CREATE TABLE crm.client_contact (
    contact_id      serial PRIMARY KEY,
    client_id       int NOT NULL REFERENCES crm.client,
    full_name       varchar(80) NOT NULL,
    job_title       varchar(60),
    email           varchar(120),
    phone           varchar(20),
    is_primary      boolean NOT NULL DEFAULT false,
    left_company_on date,
    last_portal_login timestamp
);
COMMENT ON COLUMN crm.client_contact.left_company_on IS 'Set when we learn the contact has left the client; NULL = still there';

-- ---------------------------------------------------------------------
-- talent
-- ---------------------------------------------------------------------
CREATE TABLE talent.skill (
    skill_id   smallint PRIMARY KEY,
    skill_name varchar(60) NOT NULL UNIQUE,
    skill_cat  char(4) NOT NULL
);
COMMENT ON COLUMN talent.skill.skill_cat IS 'TECH = technical/IT, TRAD = trade or operational, CERT = licence or certification, SOFT = soft skill, LANG = language';

CREATE TABLE talent.candidate (
    cand_id           serial PRIMARY KEY,
    first_nm          varchar(40) NOT NULL,
    last_nm           varchar(40) NOT NULL,
    email             varchar(120) NOT NULL,
    mobile_no         varchar(15),
    postcode          varchar(8),
    city              varchar(40),
    src_cd            char(3) NOT NULL,
    referred_by       int,
    avail_type        char(1) NOT NULL,
    expected_salary   numeric(9,2),
    min_hourly_rate   numeric(6,2),
    rtw_checked       boolean NOT NULL DEFAULT false,
    status_cd         char(1) NOT NULL DEFAULT 'A',
    registered_on     date NOT NULL,
    last_contacted_at timestamp
);
COMMENT ON COLUMN talent.candidate.src_cd IS 'How the candidate first came to us: WEB = our website, REF = referral by another candidate, LIN = LinkedIn, JBD = job board (Indeed, Reed, Totaljobs), WLK = walk-in at a branch, EVT = recruitment event / job fair';
COMMENT ON COLUMN talent.candidate.referred_by IS 'cand_id of the candidate who referred this one (REF source only)';
COMMENT ON COLUMN talent.candidate.avail_type IS 'Work wanted: P = permanent only, T = temporary only, B = both';
COMMENT ON COLUMN talent.candidate.rtw_checked IS 'Right-to-work documents seen and verified';
COMMENT ON COLUMN talent.candidate.status_cd IS 'A = active, D = dormant (no contact for 18+ months), X = do not use (compliance or conduct issue)';
COMMENT ON COLUMN talent.candidate.expected_salary IS 'Expected annual salary in GBP (permanent roles)';
COMMENT ON COLUMN talent.candidate.min_hourly_rate IS 'Minimum acceptable hourly pay in GBP (temp roles)';

CREATE TABLE talent.candidate_skill (
    cand_id   int NOT NULL REFERENCES talent.candidate,
    skill_id  smallint NOT NULL REFERENCES talent.skill,
    prof_lvl  smallint NOT NULL CHECK (prof_lvl BETWEEN 1 AND 5),
    yrs_exp   numeric(3,1),
    PRIMARY KEY (cand_id, skill_id)
);
COMMENT ON COLUMN talent.candidate_skill.prof_lvl IS 'Proficiency 1 = basic, 2 = working, 3 = competent, 4 = advanced, 5 = expert';

-- ---------------------------------------------------------------------
-- hiring
-- ---------------------------------------------------------------------
CREATE TYPE hiring.app_stage AS ENUM
  ('applied','screened','shortlisted','interviewing','offered','placed','rejected','withdrawn');

CREATE TABLE hiring.vacancy (
    vac_id        serial PRIMARY KEY,
    ref_code      varchar(14) NOT NULL UNIQUE,
    client_id     int NOT NULL REFERENCES crm.client,
    contact_id    int REFERENCES crm.client_contact,
    consultant_id int NOT NULL REFERENCES crm.consultant,
    job_title     varchar(80) NOT NULL,
    emp_type      char(1) NOT NULL,
    city          varchar(40),
    positions     smallint NOT NULL DEFAULT 1,
    sal_min       numeric(9,2),
    sal_max       numeric(9,2),
    pay_rate      numeric(6,2),
    charge_rate   numeric(6,2),
    hrs_per_wk    numeric(4,1),
    opened_on     date NOT NULL,
    closed_on     date,
    vac_status    char(1) NOT NULL DEFAULT 'O'
);
COMMENT ON COLUMN hiring.vacancy.emp_type IS 'P = permanent, T = temporary (temp worker paid weekly by us, charged hourly to client)';
COMMENT ON COLUMN hiring.vacancy.positions IS 'Number of people the client wants for this vacancy';
COMMENT ON COLUMN hiring.vacancy.sal_min IS 'Advertised salary band, lower end (permanent only)';
COMMENT ON COLUMN hiring.vacancy.pay_rate IS 'Hourly pay to the temp worker (temporary only)';
COMMENT ON COLUMN hiring.vacancy.charge_rate IS 'Hourly rate charged to the client (temporary only)';
COMMENT ON COLUMN hiring.vacancy.vac_status IS 'O = open, H = on hold by client, F = filled, C = cancelled / withdrawn by client';
COMMENT ON COLUMN hiring.vacancy.closed_on IS 'Date the vacancy was filled or cancelled; NULL while open or on hold';

CREATE TABLE hiring.application (
    app_id           serial PRIMARY KEY,
    vac_id           int NOT NULL REFERENCES hiring.vacancy,
    cand_id          int NOT NULL REFERENCES talent.candidate,
    applied_at       timestamp NOT NULL,
    stage            hiring.app_stage NOT NULL DEFAULT 'applied',
    stage_changed_at timestamp,
    rejected_reason  varchar(60),
    UNIQUE (vac_id, cand_id)
);

CREATE TABLE hiring.interview (
    interview_id           serial PRIMARY KEY,
    app_id                 int NOT NULL REFERENCES hiring.application,
    round_no               smallint NOT NULL DEFAULT 1,
    sched_at               timestamp NOT NULL,
    fmt                    char(1) NOT NULL,
    interviewer_contact_id int,
    outcome                char(3),
    feedback               text
);
COMMENT ON COLUMN hiring.interview.fmt IS 'P = phone, V = video call, F = face to face at client site';
COMMENT ON COLUMN hiring.interview.interviewer_contact_id IS 'client_contact who interviewed (not enforced; contacts get merged)';
COMMENT ON COLUMN hiring.interview.outcome IS 'PAS = passed / progressed, FAL = unsuccessful, NSH = candidate did not show up, CNX = cancelled; NULL = not yet held or awaiting client feedback';

CREATE TABLE hiring.offer (
    offer_id     serial PRIMARY KEY,
    app_id       int NOT NULL UNIQUE REFERENCES hiring.application,
    offered_on   date NOT NULL,
    salary       numeric(9,2),
    pay_rate     numeric(6,2),
    start_dt     date,
    response     char(1),
    responded_on date
);
COMMENT ON COLUMN hiring.offer.response IS 'A = accepted, D = declined by candidate, W = withdrawn by client; NULL = awaiting candidate response';
COMMENT ON COLUMN hiring.offer.salary IS 'Offered annual salary (permanent)';
COMMENT ON COLUMN hiring.offer.pay_rate IS 'Offered hourly pay (temporary)';

CREATE TABLE hiring.placement (
    placement_id    serial PRIMARY KEY,
    offer_id        int NOT NULL UNIQUE REFERENCES hiring.offer,
    vac_id          int NOT NULL REFERENCES hiring.vacancy,
    cand_id         int NOT NULL REFERENCES talent.candidate,
    client_id       int NOT NULL REFERENCES crm.client,
    consultant_id   int NOT NULL REFERENCES crm.consultant,
    plc_type        char(1) NOT NULL,
    start_dt        date NOT NULL,
    end_dt          date,
    annual_salary   numeric(9,2),
    fee_amt         numeric(10,2),
    pay_rate        numeric(6,2),
    charge_rate     numeric(6,2),
    guarantee_end   date,
    status_cd       char(1) NOT NULL
);
COMMENT ON COLUMN hiring.placement.plc_type IS 'P = permanent, T = temporary assignment';
COMMENT ON COLUMN hiring.placement.end_dt IS 'Temps: planned or actual last day of assignment; NULL = open-ended. Always NULL for permanent';
COMMENT ON COLUMN hiring.placement.fee_amt IS 'Permanent placement fee (salary x client perm_fee_pct), excluding VAT';
COMMENT ON COLUMN hiring.placement.guarantee_end IS 'End of the rebate/guarantee period for permanent placements';
COMMENT ON COLUMN hiring.placement.status_cd IS 'P = pending start, A = active (started), E = ended (temp assignment finished), F = fell through (did not start or left within guarantee; fee credited)';

-- ---------------------------------------------------------------------
-- billing
-- ---------------------------------------------------------------------
CREATE TABLE billing.invoice (
    invoice_id   serial PRIMARY KEY,
    inv_no       varchar(24) NOT NULL UNIQUE,
    client_id    int NOT NULL REFERENCES crm.client,
    inv_type     char(2) NOT NULL,
    placement_id int,
    period_start date,
    period_end   date,
    issued_on    date NOT NULL,
    due_on       date NOT NULL,
    net_amt      numeric(12,2) NOT NULL,
    vat_amt      numeric(12,2) NOT NULL,
    paid_on      date,
    "PONumber"   varchar(20)
);
COMMENT ON COLUMN billing.invoice.inv_type IS 'PF = permanent placement fee, TS = monthly temp timesheet billing, CN = credit note (negative amounts, fee rebate)';
COMMENT ON COLUMN billing.invoice.placement_id IS 'Placement the fee relates to (PF and CN only; not enforced)';
COMMENT ON COLUMN billing.invoice.net_amt IS 'Amount before VAT, GBP';
COMMENT ON COLUMN billing.invoice.paid_on IS 'Date payment was received; NULL = not yet paid';
COMMENT ON COLUMN billing.invoice."PONumber" IS 'Client purchase order number, when the client requires one';

CREATE TABLE billing.timesheet (
    ts_id               bigserial PRIMARY KEY,
    placement_id        int NOT NULL REFERENCES hiring.placement,
    week_ending         date NOT NULL,
    hrs_std             numeric(5,2) NOT NULL,
    hrs_ot              numeric(5,2) NOT NULL DEFAULT 0,
    ts_status           char(1) NOT NULL DEFAULT 'D',
    approved_at         timestamp,
    invoice_id          int REFERENCES billing.invoice,
    payroll_exported_at timestamp
);
COMMENT ON COLUMN billing.timesheet.week_ending IS 'Sunday that ends the working week';
COMMENT ON COLUMN billing.timesheet.hrs_std IS 'Standard hours worked (paid at pay_rate, charged at charge_rate)';
COMMENT ON COLUMN billing.timesheet.hrs_ot IS 'Overtime hours, paid and charged at 1.5x';
COMMENT ON COLUMN billing.timesheet.ts_status IS 'D = draft (worker still entering), S = submitted awaiting client approval, A = approved, R = rejected by client, Q = queried by client';
COMMENT ON COLUMN billing.timesheet.invoice_id IS 'Invoice the hours were billed on; NULL = not yet invoiced';

-- =====================================================================
--  Data
-- =====================================================================
INSERT INTO crm.sector VALUES
 ('FIN','Financial Services'),('HLT','Healthcare & Social Care'),('LOG','Logistics & Warehousing'),
 ('ENG','Engineering & Manufacturing'),('ITS','IT & Software'),('RET','Retail'),
 ('HOS','Hospitality & Catering'),('CON','Construction'),('EDU','Education'),('PUB','Public Sector');

-- consultants ---------------------------------------------------------
INSERT INTO crm.consultant (consultant_id, first_name, last_name, email, branch_cd, desk, hired_on, left_on)
SELECT i, f, l, lower(f || '.' || l) || '@hartwell-lane.co.uk', b, d, h::date, lo::date
FROM (VALUES
 ( 1,'Sarah','Whitfield','LDN','PERM','2014-03-03',NULL),
 ( 2,'James','Okafor','LDN','TEMP','2015-06-01',NULL),
 ( 3,'Priya','Sharma','LDN','PERM','2016-09-12',NULL),
 ( 4,'Tom','Hargreaves','MAN','TEMP','2014-01-06',NULL),
 ( 5,'Chloe','Bennett','MAN','PERM','2017-02-20',NULL),
 ( 6,'Daniel','Murphy','BHM','TEMP','2016-04-11',NULL),
 ( 7,'Aisha','Rahman','BHM','PERM','2018-08-06',NULL),
 ( 8,'Oliver','Grant','LDS','TEMP','2015-11-02',NULL),
 ( 9,'Emma','Clarke','LDS','PERM','2019-01-14',NULL),
 (10,'Marcus','Thompson','BRS','TEMP','2017-05-22',NULL),
 (11,'Hannah','Doyle','BRS','PERM','2018-03-05',NULL),
 (12,'Ryan','Fletcher','LDN','TEMP','2019-07-01','2023-03-31'),
 (13,'Sophie','Turner','MAN','PERM','2020-01-13',NULL),
 (14,'Kwame','Mensah','LDN','TEMP','2020-10-05',NULL),
 (15,'Laura','Jenkins','BHM','PERM','2019-04-23','2022-08-31'),
 (16,'Ben','Carter','LDS','TEMP','2021-02-01',NULL),
 (17,'Zara','Hussain','MAN','TEMP','2021-06-14',NULL),
 (18,'George','Ellis','BRS','PERM','2021-09-06','2024-01-31'),
 (19,'Megan','Price','LDN','PERM','2022-01-10',NULL),
 (20,'Adam','Kowalski','BHM','TEMP','2022-03-07',NULL),
 (21,'Lucy','Harper','LDS','PERM','2022-09-05',NULL),
 (22,'Nathan','Shaw','MAN','PERM','2023-01-09',NULL),
 (23,'Isla','Robertson','BRS','TEMP','2023-04-17',NULL),
 (24,'Femi','Adeyemi','LDN','TEMP','2023-09-04',NULL)
) v(i,f,l,b,d,h,lo);
ALTER SEQUENCE crm.consultant_consultant_id_seq RESTART WITH 25;

-- clients -------------------------------------------------------------
INSERT INTO crm.client (client_id, client_name, sector_cd, city, tier, acct_mgr_id, perm_fee_pct,
                        pay_terms_days, credit_limit, on_hold, "VATRegNo", created_at)
SELECT i,
       (ARRAY['Ashby','Brampton','Calder','Dunmore','Eversley','Fenwick','Glenholm','Harrow','Ingram','Jarvis',
              'Kestrel','Langley','Marston','Norbury','Oakridge','Penrose','Quayside','Redfern','Stanton','Thornbury',
              'Ulverston','Vale','Westbrook','Yardley','Alder','Beacon','Crestwood','Dalton','Elmstead','Foxley'])[1 + (i-1) % 30]
       || ' ' ||
       (ARRAY['Logistics','Health','Engineering','Foods','Systems','Retail','Care','Construction','Finance','Hotels',
              'Academy','Manufacturing','Digital','Services','Freight'])[1 + ((i-1) / 30) % 15]
       || ' ' || (ARRAY['Ltd','Ltd','Ltd','plc','Group','LLP','Ltd','Holdings'])[1 + floor(pg_temp.rnd('cs'||i)*8)::int],
       (ARRAY['LOG','HLT','ENG','HOS','ITS','RET','HLT','CON','FIN','HOS','EDU','ENG','ITS','PUB','LOG'])[1 + ((i-1) / 30) % 15],
       cy.city,
       t.tier,
       -- account manager: an active consultant from the branch covering the client's city
       (SELECT (array_agg(k.consultant_id ORDER BY k.consultant_id))[1 + floor(pg_temp.rnd('am'||i) * count(*))::int]
          FROM crm.consultant k
         WHERE k.left_on IS NULL
           AND k.branch_cd = CASE cy.city WHEN 'London' THEN 'LDN' WHEN 'Manchester' THEN 'MAN' WHEN 'Liverpool' THEN 'MAN'
                                          WHEN 'Birmingham' THEN 'BHM' WHEN 'Nottingham' THEN 'BHM' WHEN 'Leeds' THEN 'LDS'
                                          WHEN 'Sheffield' THEN 'LDS' ELSE 'BRS' END),
       CASE t.tier WHEN 'G' THEN 15.00 WHEN 'S' THEN 18.00 ELSE (ARRAY[20.00,20.00,22.50,25.00])[1 + floor(pg_temp.rnd('fp'||i)*4)::int] END,
       (ARRAY[30,30,30,45,60,14])[1 + floor(pg_temp.rnd('pt'||i)*6)::int],
       (ARRAY[10000,25000,50000,100000,250000])[1 + floor(pg_temp.rnd('cl'||i)*5)::int],
       pg_temp.rnd('oh'||i) < 0.035,
       CASE WHEN pg_temp.rnd('vt'||i) < 0.9 THEN 'GB' || lpad((floor(pg_temp.rnd('vn'||i)*900000000)::bigint + 100000000)::text, 9, '0') END,
       date '2012-01-01' + floor(pg_temp.rnd('cr'||i) * 3270)::int
FROM generate_series(1, 420) i
CROSS JOIN LATERAL (SELECT (ARRAY['London','London','London','Manchester','Manchester','Birmingham','Birmingham','Leeds','Leeds','Bristol',
              'Bristol','Liverpool','Sheffield','Nottingham'])[1 + floor(pg_temp.rnd('cc'||i)*14)::int] AS city) cy
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('tr'||i) < 0.12 THEN 'G'
                                WHEN pg_temp.rnd('tr'||i) < 0.40 THEN 'S' ELSE 'B' END AS tier) t
;
ALTER SEQUENCE crm.client_client_id_seq RESTART WITH 421;

-- client contacts -----------------------------------------------------
INSERT INTO crm.client_contact (client_id, full_name, job_title, email, phone, is_primary, left_company_on, last_portal_login)
SELECT c.client_id,
       fn || ' ' || ln,
       (ARRAY['HR Manager','Talent Acquisition Lead','Operations Manager','Hiring Manager','Finance Director',
              'Site Manager','Office Manager','HR Advisor'])[1 + floor(pg_temp.rnd('jt'||c.client_id||'-'||j)*8)::int],
       lower(fn || '.' || ln) || '@' || lower(replace(split_part(c.client_name,' ',1),' ','')) || '.co.uk',
       '0' || (1000000000 + floor(pg_temp.rnd('ph'||c.client_id||'-'||j)*899999999)::bigint)::text,
       j = 1,
       CASE WHEN j > 1 AND pg_temp.rnd('lc'||c.client_id||'-'||j) < 0.15
            THEN date '2021-01-01' + floor(pg_temp.rnd('ld'||c.client_id||'-'||j)*1200)::int END,
       timestamp '2024-01-01' + floor(pg_temp.rnd('pl'||c.client_id||'-'||j)*165) * interval '1 day'
FROM crm.client c
CROSS JOIN LATERAL generate_series(1, 1 + floor(pg_temp.rnd('nc'||c.client_id)*4)::int) j
CROSS JOIN LATERAL (SELECT
   (ARRAY['Helen','Mark','Joanne','Steve','Rachel','Paul','Karen','Andrew','Nicola','David','Claire','Simon',
          'Fiona','Gareth','Louise','Imran','Deborah','Colin','Anita','Stuart'])[1 + floor(pg_temp.rnd('cf'||c.client_id||'-'||j)*20)::int] AS fn,
   (ARRAY['Morris','Walsh','Patel','Hughes','Reid','Lloyd','Baxter','Ahmed','Gibson','Fox','Chapman','Knight',
          'Barker','Dixon','Watts','Hunt','Pearson','Khan','Rowe','Sutton'])[1 + floor(pg_temp.rnd('cl'||c.client_id||'-'||j)*20)::int] AS ln) nm
ORDER BY c.client_id, j;

-- skills --------------------------------------------------------------
INSERT INTO talent.skill (skill_id, skill_name, skill_cat)
SELECT row_number() OVER (), s, c FROM (VALUES
 ('Python','TECH'),('Java','TECH'),('SQL','TECH'),('JavaScript','TECH'),('C#','TECH'),('AWS','TECH'),('Azure','TECH'),
 ('Excel (advanced)','TECH'),('Sage 50','TECH'),('Xero','TECH'),('SAP','TECH'),('Salesforce','TECH'),('Power BI','TECH'),
 ('AutoCAD','TECH'),('Payroll processing','TECH'),
 ('Forklift (counterbalance)','TRAD'),('Reach truck','TRAD'),('Pick and pack','TRAD'),('Food hygiene','TRAD'),
 ('Manual handling','TRAD'),('Bricklaying','TRAD'),('Electrical installation','TRAD'),('Plumbing','TRAD'),
 ('Personal care','TRAD'),('Medication administration','TRAD'),('Barista','TRAD'),('Cleaning','TRAD'),
 ('CSCS card','CERT'),('HGV Class 1','CERT'),('HGV Class 2','CERT'),('ACCA','CERT'),('CIPD','CERT'),('NMC PIN','CERT'),
 ('DBS enhanced','CERT'),('First Aid at Work','CERT'),('PRINCE2','CERT'),('SMSTS','CERT'),('Level 3 Teaching Assistant','CERT'),
 ('Customer service','SOFT'),('Team leadership','SOFT'),('Stakeholder management','SOFT'),('Negotiation','SOFT'),
 ('Time management','SOFT'),('Telephone manner','SOFT'),
 ('Polish','LANG'),('Urdu','LANG'),('Spanish','LANG'),('French','LANG'),('Romanian','LANG'),('Punjabi','LANG')
) v(s,c);

-- candidates ----------------------------------------------------------
INSERT INTO talent.candidate (cand_id, first_nm, last_nm, email, mobile_no, postcode, city, src_cd, referred_by,
                              avail_type, expected_salary, min_hourly_rate, rtw_checked, status_cd, registered_on, last_contacted_at)
SELECT i, fn, ln,
       lower(fn) || '.' || lower(ln) || i::text || (ARRAY['@gmail.com','@outlook.com','@hotmail.co.uk','@yahoo.co.uk','@icloud.com'])[1 + floor(pg_temp.rnd('em'||i)*5)::int],
       CASE WHEN pg_temp.rnd('mn'||i) < 0.97 THEN '07' || lpad((floor(pg_temp.rnd('mb'||i)*1000000000)::bigint)::text, 9, '0') END,
       pc.area || (1 + floor(pg_temp.rnd('p1'||i)*20)::int)::text || ' ' || (floor(pg_temp.rnd('p2'||i)*10)::int)::text
           || chr(65 + floor(pg_temp.rnd('p3'||i)*26)::int) || chr(65 + floor(pg_temp.rnd('p4'||i)*26)::int),
       pc.city,
       src.s,
       CASE WHEN src.s = 'REF' AND i > 1 THEN 1 + floor(pg_temp.rnd('rb'||i) * (i-1))::int END,
       av.a,
       CASE WHEN av.a IN ('P','B') THEN (20000 + floor(pg_temp.rnd('es'||i)^1.6 * 70) * 1000) END,
       CASE WHEN av.a IN ('T','B') THEN round((10.50 + pg_temp.rnd('mh'||i)^1.8 * 22)::numeric, 2) END,
       pg_temp.rnd('rw'||i) < 0.88,
       CASE WHEN pg_temp.rnd('st'||i) < 0.012 THEN 'X' ELSE 'A' END,
       reg.d,
       NULL
FROM generate_series(1, 30000) i
CROSS JOIN LATERAL (SELECT date '2018-01-02' + floor(i * 2340.0 / 30000 + pg_temp.rnd('rg'||i)*14)::int AS d) reg
CROSS JOIN LATERAL (SELECT
   (ARRAY['Oliver','Amelia','Harry','Olivia','Jack','Isla','Mohammed','Emily','Charlie','Ava','Jacob','Sophia',
          'Thomas','Grace','George','Mia','Noah','Poppy','Leo','Ella','Adam','Fatima','Piotr','Anna','Daniel','Zainab',
          'Joshua','Chloe','Samuel','Ruby','Kieran','Aleksandra','Liam','Jessica','Ryan','Holly','Kofi','Ngozi','Luca','Maria'])
          [1 + floor(pg_temp.rnd('fn'||i)*40)::int] AS fn,
   (ARRAY['Smith','Jones','Williams','Taylor','Brown','Davies','Evans','Wilson','Thomas','Johnson','Roberts','Robinson',
          'Thompson','Wright','Walker','White','Edwards','Hughes','Green','Hall','Lewis','Harris','Clarke','Patel','Jackson',
          'Wood','Turner','Martin','Cooper','Hill','Ward','Morris','Nowak','Kaur','Begum','Ali','Okoro','Mensah','Popescu','Singh'])
          [1 + floor(pg_temp.rnd('ln'||i)*40)::int] AS ln) nm
CROSS JOIN LATERAL (SELECT (ARRAY['WEB','WEB','WEB','JBD','JBD','JBD','JBD','LIN','LIN','REF','WLK','EVT'])
          [1 + floor(pg_temp.rnd('sr'||i)*12)::int] AS s) src
CROSS JOIN LATERAL (SELECT (ARRAY['P','P','P','T','T','T','T','B','B','B'])[1 + floor(pg_temp.rnd('av'||i)*10)::int] AS a) av
CROSS JOIN LATERAL (SELECT (ARRAY['E','SE','N','EC','M','M','B','B','LS','LS','BS','BS','L','S','NG'])[k] AS area,
                           (ARRAY['London','London','London','London','Manchester','Manchester','Birmingham','Birmingham',
                                  'Leeds','Leeds','Bristol','Bristol','Liverpool','Sheffield','Nottingham'])[k] AS city
                    FROM (SELECT 1 + floor(pg_temp.rnd('cy'||i)*15)::int AS k) kk) pc;
ALTER SEQUENCE talent.candidate_cand_id_seq RESTART WITH 30001;

-- candidate skills: 1-5 per candidate
INSERT INTO talent.candidate_skill (cand_id, skill_id, prof_lvl, yrs_exp)
SELECT DISTINCT ON (c.cand_id, s.sid) c.cand_id, s.sid,
       1 + floor(pg_temp.rnd('pl'||c.cand_id||'-'||j)*5)::int,
       round((pg_temp.rnd('ye'||c.cand_id||'-'||j)^1.5 * 20)::numeric, 1)
FROM talent.candidate c
CROSS JOIN LATERAL generate_series(1, 1 + floor(pg_temp.rnd('ns'||c.cand_id)*5)::int) j
-- skills are picked by popularity rank (customer service and manual handling are everywhere, SMSTS is rare)
CROSS JOIN LATERAL (SELECT ((ARRAY[39,20,8,18,44,19,43,16,34,35,27,28,24,40,3,26,45,15,1,9,17,4,41,25,29,
                                   13,10,2,11,30,12,6,42,47,22,5,7,33,14,38,32,31,23,21,36,49,46,48,37,50])[1 + floor(pg_temp.rnd('sk'||c.cand_id||'-'||j)^1.6 * 50)::int])::smallint AS sid) s
ORDER BY c.cand_id, s.sid, j;

-- vacancies -----------------------------------------------------------
CREATE TEMP TABLE vac_plan AS
SELECT i AS vac_id,
       cl.client_id,
       o.opened_on,
       CASE WHEN pg_temp.rnd('et'||i) < 0.56 THEN 'T' ELSE 'P' END AS emp_type,
       pg_temp.rnd('vs'||i) AS u_status,
       pg_temp.rnd('ti'||i) AS u_title,
       pg_temp.rnd('sa'||i) AS u_sal
FROM generate_series(1, 7200) i
CROSS JOIN LATERAL (SELECT date '2021-01-04' + floor(i * 1250.0 / 7200 + pg_temp.rnd('op'||i)*6)::int AS opened_on) o
CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.rnd('vc'||i)^1.7 * 420)::int AS client_id) cl;

INSERT INTO hiring.vacancy (vac_id, ref_code, client_id, contact_id, consultant_id, job_title, emp_type, city, positions,
                            sal_min, sal_max, pay_rate, charge_rate, hrs_per_wk, opened_on, closed_on, vac_status)
SELECT p.vac_id,
       (CASE p.emp_type WHEN 'P' THEN 'P' ELSE 'T' END) || to_char(p.opened_on, 'YY') || '-' || lpad(p.vac_id::text, 5, '0'),
       p.client_id,
       (SELECT (array_agg(cc.contact_id ORDER BY cc.contact_id))[1 + floor(pg_temp.rnd('vk'||p.vac_id) * count(*))::int]
          FROM crm.client_contact cc WHERE cc.client_id = p.client_id),
       CASE WHEN pg_temp.rnd('va'||p.vac_id) < 0.7 AND c.acct_mgr_id IN
                 (SELECT consultant_id FROM crm.consultant WHERE hired_on <= p.opened_on)
            THEN c.acct_mgr_id
            ELSE (SELECT (array_agg(k.consultant_id ORDER BY k.consultant_id))[1 + floor(pg_temp.rnd('vq'||p.vac_id) * count(*))::int]
                    FROM crm.consultant k
                   WHERE k.hired_on <= p.opened_on AND (k.left_on IS NULL OR k.left_on > p.opened_on)
                     AND k.desk = CASE p.emp_type WHEN 'P' THEN 'PERM' ELSE 'TEMP' END)
       END,
       CASE p.emp_type
         WHEN 'T' THEN (ARRAY['Warehouse Operative','Forklift Driver','Care Assistant','Receptionist','Data Entry Clerk',
                              'Kitchen Porter','Admin Assistant','Customer Service Advisor','Labourer','Cleaner',
                              'Teaching Assistant','Payroll Clerk','HGV Driver','Chef de Partie','Picker Packer'])[1 + floor(p.u_title*15)::int]
         ELSE (ARRAY['Software Developer','Accountant','Project Manager','HR Business Partner','Registered Nurse',
                     'Civil Engineer','Sales Executive','Data Analyst','Office Manager','Marketing Manager',
                     'Finance Manager','Site Manager','DevOps Engineer','Credit Controller','Quantity Surveyor'])[1 + floor(p.u_title*15)::int]
       END,
       p.emp_type,
       c.city,
       CASE WHEN p.emp_type = 'T' THEN (ARRAY[1,1,1,1,2,2,2,3,3,4,5,6])[1 + floor(pg_temp.rnd('po'||p.vac_id)*12)::int] ELSE 1 END,
       CASE WHEN p.emp_type = 'P' THEN 22000 + floor(p.u_sal^1.4 * 60) * 1000 END,
       CASE WHEN p.emp_type = 'P' THEN 22000 + floor(p.u_sal^1.4 * 60) * 1000 + (3 + floor(pg_temp.rnd('sw'||p.vac_id)*10)) * 1000 END,
       CASE WHEN p.emp_type = 'T' THEN round((10.40 + (p.opened_on - date '2021-01-01') * 0.0009 + p.u_sal^1.5 * 14)::numeric, 2) END,
       CASE WHEN p.emp_type = 'T' THEN round(((10.40 + (p.opened_on - date '2021-01-01') * 0.0009 + p.u_sal^1.5 * 14)
                                             * (1.26 + pg_temp.rnd('mg'||p.vac_id)*0.18))::numeric, 2) END,
       CASE WHEN p.emp_type = 'T' THEN (ARRAY[37.5,37.5,40,40,40,45,30,20,24,35])[1 + floor(pg_temp.rnd('hw'||p.vac_id)*10)::int]
            ELSE (ARRAY[37.5,37.5,37.5,40,35])[1 + floor(pg_temp.rnd('hw'||p.vac_id)*5)::int] END,
       p.opened_on,
       NULL,
       CASE WHEN p.opened_on < date '2024-06-14' - 45 THEN
                 CASE WHEN p.u_status < 0.63 THEN 'F' WHEN p.u_status < 0.96 THEN 'C' WHEN p.u_status < 0.98 THEN 'H' ELSE 'O' END
            ELSE CASE WHEN p.u_status < 0.80 THEN 'O' WHEN p.u_status < 0.90 THEN 'H' ELSE 'C' END
       END
FROM vac_plan p JOIN crm.client c ON c.client_id = p.client_id
ORDER BY p.vac_id;
ALTER SEQUENCE hiring.vacancy_vac_id_seq RESTART WITH 7201;

-- applications --------------------------------------------------------
-- k = 1..positions are the hires on filled vacancies; k = positions+1 may be a declined offer
CREATE TEMP TABLE app_plan AS
SELECT v.vac_id, v.emp_type, v.vac_status, v.opened_on, v.positions, k,
       0 AS cand_id,
       v.opened_on + floor(pg_temp.rnd('ad'||v.vac_id||'-'||k) *
            LEAST(CASE WHEN k <= v.positions + 1 THEN 6 ELSE 21 END, GREATEST(date '2024-06-14' - v.opened_on, 1)))::int
         + make_interval(mins => (7*60 + floor(pg_temp.rnd('am'||v.vac_id||'-'||k) * 900))::int) AS applied_at,
       pg_temp.rnd('ag'||v.vac_id||'-'||k) AS u,
       pg_temp.rnd('ax'||v.vac_id) AS uv
FROM hiring.vacancy v
CROSS JOIN LATERAL generate_series(1, v.positions + 2 + floor(pg_temp.rnd('na'||v.vac_id) * 16)::int) k;

ALTER TABLE app_plan ADD COLUMN stage hiring.app_stage, ADD COLUMN path text;
UPDATE app_plan SET
  path = CASE
    WHEN vac_status = 'F' AND k <= positions                                   THEN 'hire'
    WHEN vac_status = 'F' AND k = positions + 1 AND uv < 0.30                  THEN 'declined'
    WHEN vac_status = 'C' AND k = 1 AND uv < 0.08 AND opened_on < date '2024-05-01' THEN 'withdrawn_offer'
    WHEN vac_status IN ('O','H') AND k = 1 AND uv < 0.25 AND opened_on < date '2024-06-14' - 30 THEN 'pending_offer'
    WHEN vac_status IN ('F','C') AND u < 0.30                                  THEN 'int_fail'
    WHEN vac_status IN ('F','C') AND u < 0.84                                  THEN 'rejected'
    WHEN vac_status IN ('F','C')                                               THEN 'withdrew'
    WHEN u < 0.30 THEN 'applied'
    WHEN u < 0.48 THEN 'screened'
    WHEN u < 0.62 THEN 'shortlisted'
    WHEN u < 0.78 THEN 'interviewing'
    WHEN u < 0.95 THEN 'rejected'
    ELSE 'withdrew' END;
-- applicants: anyone registered before applying; hires: temps from temp-only candidates, perms from
-- perm/both candidates, each candidate hired at most once
UPDATE app_plan SET cand_id = 1 + floor(pg_temp.rnd('ac'||vac_id||'-'||k) *
       LEAST(30000, GREATEST(100, floor((applied_at::date - date '2018-01-16') * 30000.0 / 2350))))::int;
UPDATE app_plan a SET cand_id = pool.ids[1 + floor((h.rn - 1) * array_length(pool.ids, 1) / (h.n * 1.05))::int]
FROM (SELECT vac_id, k, emp_type,
             row_number() OVER (PARTITION BY emp_type ORDER BY opened_on, vac_id, k) AS rn,
             count(*) OVER (PARTITION BY emp_type) AS n
      FROM app_plan WHERE path = 'hire') h,
     (SELECT 'T' AS emp_type, array_agg(cand_id ORDER BY cand_id) AS ids FROM talent.candidate WHERE avail_type = 'T'
      UNION ALL
      SELECT 'P', array_agg(cand_id ORDER BY cand_id) FROM talent.candidate WHERE avail_type IN ('P','B')) pool
WHERE a.path = 'hire' AND h.vac_id = a.vac_id AND h.k = a.k AND pool.emp_type = h.emp_type;
DELETE FROM app_plan a USING app_plan b
WHERE a.vac_id = b.vac_id AND a.cand_id = b.cand_id
  AND (b.path = 'hire' AND a.path <> 'hire' OR (a.path = 'hire') = (b.path = 'hire') AND a.k > b.k);

UPDATE app_plan SET stage = CASE path
    WHEN 'hire' THEN 'placed' WHEN 'declined' THEN 'withdrawn' WHEN 'withdrawn_offer' THEN 'rejected'
    WHEN 'pending_offer' THEN 'offered' WHEN 'int_fail' THEN 'rejected' WHEN 'rejected' THEN 'rejected'
    WHEN 'withdrew' THEN 'withdrawn' ELSE path END::hiring.app_stage;

INSERT INTO hiring.application (vac_id, cand_id, applied_at, stage, stage_changed_at, rejected_reason)
SELECT vac_id, cand_id, applied_at, stage,
       CASE WHEN stage = 'applied' THEN NULL
            ELSE LEAST(applied_at + (2 + floor(u*20)) * interval '1 day', timestamp '2024-06-14 17:30') END,
       CASE path
         WHEN 'int_fail' THEN 'Unsuccessful at interview'
         WHEN 'withdrawn_offer' THEN 'Offer withdrawn by client'
         WHEN 'rejected' THEN (ARRAY['Skills mismatch','Salary expectations too high','Position filled','Insufficient experience',
                                     'No right to work','Client declined CV','Position filled'])[1 + floor(pg_temp.rnd('rr'||vac_id||'-'||k)*7)::int]
       END
FROM app_plan
ORDER BY vac_id, k;

-- interviews ----------------------------------------------------------
CREATE TEMP TABLE int_plan AS
SELECT a.app_id, p.path, p.emp_type, p.vac_id, p.k, v.contact_id,
       date_trunc('day', a.applied_at) + (3 + floor(pg_temp.rnd('i1'||a.app_id) * 8)) * interval '1 day'
           + (9*60 + 30 * floor(pg_temp.rnd('ih'||a.app_id) * 15)) * interval '1 minute' AS r1_at,
       pg_temp.rnd('iu'||a.app_id) AS u
FROM hiring.application a
JOIN app_plan p ON p.vac_id = a.vac_id AND p.cand_id = a.cand_id
JOIN hiring.vacancy v ON v.vac_id = a.vac_id
WHERE p.path IN ('hire','declined','withdrawn_offer','pending_offer','int_fail','interviewing');

INSERT INTO hiring.interview (app_id, round_no, sched_at, fmt, interviewer_contact_id, outcome, feedback)
SELECT app_id, r, sched_at,
       CASE WHEN r = 1 THEN (ARRAY['P','V','V','F'])[1 + floor(pg_temp.rnd('fm'||app_id)*4)::int] ELSE 'F' END,
       contact_id,
       CASE
         WHEN path = 'interviewing' THEN CASE WHEN sched_at >= timestamp '2024-06-14' THEN NULL
                                              WHEN u < 0.5 THEN NULL ELSE 'PAS' END
         WHEN path = 'int_fail' THEN CASE WHEN u < 0.12 THEN 'NSH' WHEN u < 0.16 THEN 'CNX' ELSE 'FAL' END
         ELSE 'PAS' END,
       CASE
         WHEN path = 'int_fail' AND u >= 0.16 THEN (ARRAY['Not enough hands-on experience','Poor cultural fit','Went with internal candidate',
                                                         'Weak technical answers','Salary gap too wide'])[1 + floor(pg_temp.rnd('fb'||app_id)*5)::int]
         WHEN path IN ('hire','declined','pending_offer','withdrawn_offer') THEN 'Strong candidate, progress'
       END
FROM (
  SELECT ip.*, r,
         CASE WHEN r = 1 THEN r1_at ELSE r1_at + (5 + floor(pg_temp.rnd('i2'||app_id)*6)) * interval '1 day' END AS sched_at
  FROM int_plan ip
  CROSS JOIN LATERAL generate_series(1, CASE WHEN ip.emp_type = 'P' AND ip.path IN ('hire','declined','withdrawn_offer') THEN 2 ELSE 1 END) r
) x
ORDER BY sched_at, app_id, r;

-- offers --------------------------------------------------------------
INSERT INTO hiring.offer (app_id, offered_on, salary, pay_rate, start_dt, response, responded_on)
SELECT x.app_id, x.offered_on,
       CASE WHEN v.emp_type = 'P' THEN v.sal_min + floor(pg_temp.rnd('os'||x.app_id) * ((v.sal_max - v.sal_min) / 500 + 1)) * 500 END,
       CASE WHEN v.emp_type = 'T' THEN v.pay_rate END,
       x.offered_on + CASE WHEN v.emp_type = 'P' THEN 21 + floor(pg_temp.rnd('sd'||x.app_id)*35)::int
                           ELSE 2 + floor(pg_temp.rnd('sd'||x.app_id)*6)::int END,
       CASE x.path WHEN 'hire' THEN 'A' WHEN 'declined' THEN 'D' WHEN 'withdrawn_offer' THEN 'W' END,
       CASE WHEN x.path <> 'pending_offer' THEN x.offered_on + floor(pg_temp.rnd('rs'||x.app_id)*4)::int END
FROM (
  SELECT ip.app_id, ip.path, ip.vac_id,
         (max(i.sched_at))::date + 1 + floor(pg_temp.rnd('of'||ip.app_id)*3)::int AS offered_on
  FROM int_plan ip JOIN hiring.interview i ON i.app_id = ip.app_id
  WHERE ip.path IN ('hire','declined','withdrawn_offer','pending_offer')
  GROUP BY ip.app_id, ip.path, ip.vac_id
) x JOIN hiring.vacancy v ON v.vac_id = x.vac_id
ORDER BY x.offered_on, x.app_id;

-- placements ----------------------------------------------------------
INSERT INTO hiring.placement (offer_id, vac_id, cand_id, client_id, consultant_id, plc_type, start_dt, end_dt,
                              annual_salary, fee_amt, pay_rate, charge_rate, guarantee_end, status_cd)
SELECT o.offer_id, v.vac_id, a.cand_id, v.client_id, v.consultant_id, v.emp_type, o.start_dt,
       CASE WHEN v.emp_type = 'T' AND NOT (o.start_dt + 7 * w.wk - 3 > date '2024-06-14' AND pg_temp.rnd('oe'||o.offer_id) < 0.35)
            THEN o.start_dt + 7 * w.wk - 3 END,
       o.salary,
       CASE WHEN v.emp_type = 'P' THEN round(o.salary * c.perm_fee_pct / 100, 2) END,
       CASE WHEN v.emp_type = 'T' THEN v.pay_rate END,
       CASE WHEN v.emp_type = 'T' THEN v.charge_rate END,
       CASE WHEN v.emp_type = 'P' THEN o.start_dt + 84 END,
       CASE WHEN pg_temp.rnd('ft'||o.offer_id) < (CASE WHEN v.emp_type = 'P' THEN 0.045 ELSE 0.03 END)
                 AND o.start_dt <= date '2024-06-14' THEN 'F'
            WHEN o.start_dt > date '2024-06-14' THEN 'P'
            WHEN v.emp_type = 'T' AND o.start_dt + 7 * w.wk - 3 <= date '2024-06-14' THEN 'E'
            ELSE 'A' END
FROM hiring.offer o
JOIN hiring.application a ON a.app_id = o.app_id
JOIN hiring.vacancy v ON v.vac_id = a.vac_id
JOIN crm.client c ON c.client_id = v.client_id
CROSS JOIN LATERAL (SELECT 2 + floor(pg_temp.rnd('wk'||o.offer_id)^1.3 * 90)::int AS wk) w
WHERE o.response = 'A'
ORDER BY o.start_dt, o.offer_id;

-- filled vacancies close on the last acceptance; cancelled ones some weeks after opening
UPDATE hiring.vacancy v SET closed_on = x.d
FROM (SELECT a.vac_id, max(o.responded_on) AS d FROM hiring.offer o JOIN hiring.application a ON a.app_id = o.app_id
      WHERE o.response = 'A' GROUP BY a.vac_id) x
WHERE x.vac_id = v.vac_id AND v.vac_status = 'F';
UPDATE hiring.vacancy SET closed_on = LEAST(opened_on + 14 + floor(pg_temp.rnd('cx'||vac_id)*70)::int, date '2024-06-13')
WHERE vac_status = 'C';

-- timesheets (staged, invoiced monthly) --------------------------------
CREATE TEMP TABLE ts_stage AS
SELECT p.placement_id, p.client_id, we::date AS week_ending,
       p.charge_rate,
       round(GREATEST(v.hrs_per_wk - CASE WHEN pg_temp.rnd('h1'||p.placement_id||we) < 0.25
                                          THEN floor(pg_temp.rnd('h2'||p.placement_id||we)*4) * 7.5 / (CASE WHEN v.hrs_per_wk >= 37.5 THEN 1 ELSE 2 END)
                                          ELSE 0 END, 4)::numeric, 2) AS hrs_std,
       CASE WHEN pg_temp.rnd('o1'||p.placement_id||we) < 0.18 THEN (1 + floor(pg_temp.rnd('o2'||p.placement_id||we)*10))::numeric ELSE 0 END AS hrs_ot,
       pg_temp.rnd('ts'||p.placement_id||we) AS u
FROM hiring.placement p
JOIN hiring.vacancy v ON v.vac_id = p.vac_id
CROSS JOIN LATERAL generate_series(
        (p.start_dt + ((7 - extract(isodow FROM p.start_dt)::int) % 7))::timestamp,
        LEAST(COALESCE(p.end_dt, date '2024-06-16'), date '2024-06-16')
          + ((7 - extract(isodow FROM LEAST(COALESCE(p.end_dt, date '2024-06-16'), date '2024-06-16'))::int) % 7),
        interval '7 days') we
WHERE p.plc_type = 'T' AND p.status_cd IN ('A','E');

ALTER TABLE ts_stage ADD COLUMN ts_status char(1);
UPDATE ts_stage SET ts_status = CASE
   WHEN week_ending = date '2024-06-16' THEN 'D'
   WHEN week_ending = date '2024-06-09' THEN CASE WHEN u < 0.35 THEN 'A' WHEN u < 0.90 THEN 'S' WHEN u < 0.95 THEN 'Q' ELSE 'R' END
   WHEN week_ending = date '2024-06-02' THEN CASE WHEN u < 0.88 THEN 'A' WHEN u < 0.96 THEN 'S' ELSE 'Q' END
   ELSE CASE WHEN u < 0.996 THEN 'A' ELSE 'R' END END;

-- monthly temp invoices per client (approved hours, months up to May 2024)
INSERT INTO billing.invoice (inv_no, client_id, inv_type, placement_id, period_start, period_end, issued_on, due_on, net_amt, vat_amt, paid_on, "PONumber")
SELECT 'tmp-TS-' || client_id || '-' || m, client_id, 'TS', NULL, m, (m + interval '1 month - 1 day')::date,
       (m + interval '1 month')::date + 2, (m + interval '1 month')::date + 2,
       round(sum((hrs_std + 1.5 * hrs_ot) * charge_rate), 2), 0, NULL, NULL
FROM (SELECT *, date_trunc('month', week_ending)::date AS m FROM ts_stage WHERE ts_status = 'A') s
WHERE m <= date '2024-05-01'
GROUP BY client_id, m;

-- permanent fee invoices on start date, credit notes for fall-throughs
INSERT INTO billing.invoice (inv_no, client_id, inv_type, placement_id, period_start, period_end, issued_on, due_on, net_amt, vat_amt, paid_on, "PONumber")
SELECT 'tmp-PF-' || placement_id, client_id, 'PF', placement_id, NULL::date, NULL::date, start_dt, start_dt, fee_amt, 0, NULL::date, NULL::varchar
FROM hiring.placement WHERE plc_type = 'P' AND start_dt <= date '2024-06-14' AND status_cd IN ('A','F')
UNION ALL
SELECT 'tmp-CN-' || placement_id, client_id, 'CN', placement_id, NULL, NULL, start_dt + 20 + floor(pg_temp.rnd('cn'||placement_id)*50)::int, start_dt, -fee_amt, 0, NULL, NULL
FROM hiring.placement WHERE plc_type = 'P' AND status_cd = 'F'
  AND start_dt + 20 + floor(pg_temp.rnd('cn'||placement_id)*50)::int <= date '2024-06-14';

-- renumber invoices chronologically and finish terms/payment
CREATE TEMP TABLE inv_map AS
SELECT invoice_id AS old_id, row_number() OVER (ORDER BY issued_on, inv_type DESC, client_id, invoice_id) AS new_id FROM billing.invoice;
CREATE TEMP TABLE inv_tmp AS SELECT m.new_id, i.* FROM billing.invoice i JOIN inv_map m ON m.old_id = i.invoice_id;
TRUNCATE billing.timesheet, billing.invoice;
INSERT INTO billing.invoice (invoice_id, inv_no, client_id, inv_type, placement_id, period_start, period_end, issued_on, due_on,
                             net_amt, vat_amt, paid_on, "PONumber")
SELECT t.new_id,
       CASE WHEN t.inv_type = 'CN' THEN 'CN' ELSE 'INV' END || to_char(t.issued_on, 'YY') || '-' || lpad(t.new_id::text, 6, '0'),
       t.client_id, t.inv_type, t.placement_id, t.period_start, t.period_end, t.issued_on,
       t.issued_on + c.pay_terms_days,
       t.net_amt, round(t.net_amt * 0.20, 2),
       CASE WHEN t.inv_type = 'CN' THEN t.issued_on
            WHEN pg_temp.rnd('bd'||t.new_id) < 0.006 THEN NULL
            WHEN t.issued_on + c.pay_terms_days + pd.d <= date '2024-06-14' THEN t.issued_on + c.pay_terms_days + pd.d END,
       CASE WHEN c.tier = 'G' AND t.inv_type <> 'CN' THEN 'PO' || (400000 + floor(pg_temp.rnd('po'||t.new_id)*99999)::int)::text END
FROM inv_tmp t JOIN crm.client c ON c.client_id = t.client_id
CROSS JOIN LATERAL (SELECT (floor(pg_temp.rnd('pd'||t.new_id) ^ 2 * 55) - 12 + (t.client_id % 7) * 3)::int AS d) pd
ORDER BY t.new_id;
DO $$ BEGIN PERFORM setval('billing.invoice_invoice_id_seq', (SELECT max(invoice_id) FROM billing.invoice)); END $$;

INSERT INTO billing.timesheet (placement_id, week_ending, hrs_std, hrs_ot, ts_status, approved_at, invoice_id, payroll_exported_at)
SELECT s.placement_id, s.week_ending, s.hrs_std, s.hrs_ot, s.ts_status,
       CASE WHEN s.ts_status = 'A' THEN s.week_ending + interval '1 day' + (8*60 + floor(s.u*2000)) * interval '1 minute' END,
       i.invoice_id,
       CASE WHEN s.ts_status = 'A' AND s.week_ending <= date '2024-05-12'
            THEN s.week_ending + interval '3 days 18 hours' END
FROM ts_stage s
LEFT JOIN billing.invoice i ON i.inv_type = 'TS' AND i.client_id = s.client_id
                           AND i.period_start = date_trunc('month', s.week_ending)::date AND s.ts_status = 'A'
ORDER BY s.week_ending, s.placement_id;

-- candidates placed recently count as contacted; long-silent ones are dormant
UPDATE talent.candidate c SET last_contacted_at = x.t
FROM (SELECT cand_id, max(applied_at) + interval '2 days' AS t FROM hiring.application GROUP BY cand_id) x
WHERE x.cand_id = c.cand_id;
UPDATE talent.candidate SET status_cd = 'D'
WHERE status_cd = 'A' AND COALESCE(last_contacted_at, registered_on) < timestamp '2022-12-14';

-- =====================================================================
--  Indexes, view
-- =====================================================================
CREATE INDEX idx_client_acct_mgr      ON crm.client (acct_mgr_id);
CREATE INDEX idx_contact_client       ON crm.client_contact (client_id);
CREATE UNIQUE INDEX uq_candidate_email ON talent.candidate (lower(email));
CREATE INDEX idx_candidate_postcode   ON talent.candidate (postcode);
CREATE INDEX idx_candidate_lastnm     ON talent.candidate (last_nm, first_nm);
CREATE INDEX idx_cskill_skill         ON talent.candidate_skill (skill_id);
CREATE INDEX idx_vacancy_client       ON hiring.vacancy (client_id);
CREATE INDEX idx_vacancy_status       ON hiring.vacancy (vac_status) WHERE vac_status IN ('O','H');
CREATE INDEX idx_application_cand     ON hiring.application (cand_id);
CREATE INDEX idx_interview_app        ON hiring.interview (app_id);
CREATE INDEX idx_interview_sched      ON hiring.interview (sched_at);
CREATE INDEX idx_placement_client     ON hiring.placement (client_id);
CREATE INDEX idx_placement_cand       ON hiring.placement (cand_id);
CREATE UNIQUE INDEX uq_timesheet_plc_week ON billing.timesheet (placement_id, week_ending);
CREATE INDEX idx_timesheet_invoice    ON billing.timesheet (invoice_id);
CREATE INDEX idx_invoice_client       ON billing.invoice (client_id, issued_on);

CREATE VIEW billing.v_unpaid_invoices AS
SELECT i.invoice_id, i.inv_no, i.client_id, c.client_name, i.inv_type, i.issued_on, i.due_on,
       i.net_amt, i.vat_amt, i.net_amt + i.vat_amt AS gross_amt
FROM billing.invoice i JOIN crm.client c ON c.client_id = i.client_id
WHERE i.paid_on IS NULL;
COMMENT ON VIEW billing.v_unpaid_invoices IS 'Invoices with no payment recorded (credit control list)';

DROP FUNCTION pg_temp.rnd(text);
VACUUM;
ANALYZE;

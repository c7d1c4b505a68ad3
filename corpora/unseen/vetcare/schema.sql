-- =====================================================================
-- vetcare : practice-management database of "Ridings Veterinary Group",
-- a five-branch veterinary practice in Yorkshire.
-- Deterministic data: every pseudo-random value comes from md5() of a
-- (salt, row number) pair, so each load produces identical rows.
-- Data "today" = 2025-06-30 12:00 (snapshot taken Monday lunchtime).
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA ref;
CREATE SCHEMA clinic;
CREATE SCHEMA billing;
COMMENT ON SCHEMA ref     IS 'Reference / lookup data maintained by the practice manager';
COMMENT ON SCHEMA clinic  IS 'Clinical side of the practice management system (PMS): clients, pets, bookings, consults';
COMMENT ON SCHEMA billing IS 'Invoicing and payments (finance team)';

-- deterministic uniform [0,1) from (salt, i); session-local helper, not part of the schema
CREATE FUNCTION pg_temp.r(s integer, i bigint) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(s::text || '/' || i::text), 1, 12))::bit(48)::bigint / 281474976710656.0 $$;

-- ---------------------------------------------------------------------
-- ref
-- ---------------------------------------------------------------------
CREATE TABLE ref.branch (
    branch_id   smallint PRIMARY KEY,
    branch_cd   char(3)  NOT NULL UNIQUE,
    branch_name text     NOT NULL,
    town        text     NOT NULL,
    opened_on   date     NOT NULL,
    is_24h      boolean  NOT NULL DEFAULT false
);
COMMENT ON TABLE  ref.branch IS 'Practice branches (sites)';
COMMENT ON COLUMN ref.branch.branch_cd IS 'Short site code used on invoice numbers';
COMMENT ON COLUMN ref.branch.is_24h IS 'Site runs the out-of-hours emergency service (only Northside)';

INSERT INTO ref.branch VALUES
 (1,'NTH','Northside Veterinary Centre','Leeds',     '2009-03-02', true),
 (2,'RVR','Riverside Animal Clinic',    'York',      '2014-06-16', false),
 (3,'HBR','Harbour Vets',               'Hull',      '2017-09-04', false),
 (4,'MDW','Meadowbank Pet Hospital',    'Harrogate', '2021-02-01', false),
 (5,'WLD','Wolds Equine & Farm',        'Driffield', '2023-04-03', false);

CREATE TABLE ref.species (
    species_cd  char(3) PRIMARY KEY,
    common_name text    NOT NULL UNIQUE,
    is_exotic   boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  ref.species IS 'Species handled by the practice';
COMMENT ON COLUMN ref.species.species_cd IS 'Latin-derived code: CAN=canine (dog), FEL=feline (cat), LAG=lagomorph (rabbit), ROD=rodent, AVI=avian (bird), REP=reptile, EQU=equine (horse)';
COMMENT ON COLUMN ref.species.is_exotic IS 'Exotic species are seen only by vets with the exotics certificate';

INSERT INTO ref.species VALUES
 ('CAN','Dog',false),('FEL','Cat',false),('LAG','Rabbit',true),('ROD','Small rodent',true),
 ('AVI','Bird',true),('REP','Reptile',true),('EQU','Horse',false);

CREATE TABLE ref.breed (
    breed_id    integer PRIMARY KEY,
    species_cd  char(3) NOT NULL REFERENCES ref.species,
    breed_name  text    NOT NULL,
    adult_wt_kg numeric(6,2) NOT NULL,
    UNIQUE (species_cd, breed_name)
);
COMMENT ON TABLE  ref.breed IS 'Breed list per species. Crossbreeds are not listed: patient.breed_id is left NULL for them';
COMMENT ON COLUMN ref.breed.adult_wt_kg IS 'Typical adult body weight, used by the PMS for dose warnings';

INSERT INTO ref.breed VALUES
 (1,'CAN','Labrador Retriever',32),(2,'CAN','Cocker Spaniel',14),(3,'CAN','French Bulldog',12),
 (4,'CAN','Border Collie',19),(5,'CAN','Staffordshire Bull Terrier',15),(6,'CAN','Jack Russell Terrier',7),
 (7,'CAN','German Shepherd',34),(8,'CAN','Cockapoo',10),(9,'CAN','Golden Retriever',30),
 (10,'CAN','Dachshund',9),(11,'CAN','Springer Spaniel',20),(12,'CAN','Shih Tzu',6.5),
 (13,'CAN','Whippet',13),(14,'CAN','Beagle',12),(15,'CAN','Pug',8),
 (16,'FEL','Domestic Shorthair',4.5),(17,'FEL','Domestic Longhair',4.8),(18,'FEL','British Shorthair',5.5),
 (19,'FEL','Maine Coon',7),(20,'FEL','Siamese',4),(21,'FEL','Ragdoll',6),(22,'FEL','Bengal',5),
 (23,'LAG','Netherland Dwarf',1.0),(24,'LAG','Lionhead',1.5),(25,'LAG','Mini Lop',1.8),(26,'LAG','Rex',3.5),
 (27,'ROD','Guinea pig',1.0),(28,'ROD','Syrian hamster',0.15),(29,'ROD','Rat',0.4),(30,'ROD','Chinchilla',0.6),
 (31,'AVI','Budgerigar',0.04),(32,'AVI','Cockatiel',0.09),(33,'AVI','African Grey Parrot',0.45),
 (34,'REP','Bearded dragon',0.45),(35,'REP','Leopard gecko',0.07),(36,'REP','Royal python',1.6),(37,'REP','Hermann''s tortoise',1.2),
 (38,'EQU','Thoroughbred',520),(39,'EQU','Welsh Cob',450),(40,'EQU','Irish Draught',600),(41,'EQU','Shetland Pony',190);

CREATE TABLE ref.svc_category (
    cat_cd   char(3) PRIMARY KEY,
    cat_name text NOT NULL UNIQUE
);
COMMENT ON TABLE ref.svc_category IS 'Grouping of price-list items for management reporting';
INSERT INTO ref.svc_category VALUES
 ('CON','Consultations'),('VAC','Vaccinations'),('SUR','Surgery'),('DEN','Dentistry'),
 ('LAB','Laboratory tests'),('IMG','Diagnostic imaging'),('MED','Medicines'),
 ('HOS','Hospitalisation'),('EUT','Euthanasia & cremation'),('GRM','Grooming & nursing');

CREATE TABLE ref.service (
    svc_code   varchar(8) PRIMARY KEY,
    svc_descr  text       NOT NULL,
    cat_cd     char(3)    NOT NULL REFERENCES ref.svc_category,
    species_cd char(3)    REFERENCES ref.species,
    list_price numeric(8,2) NOT NULL,
    is_active  boolean    NOT NULL DEFAULT true
);
COMMENT ON TABLE  ref.service IS 'Price list (current prices). Historic invoice lines carry their own unit_price';
COMMENT ON COLUMN ref.service.list_price IS 'Current price in GBP excluding VAT';
COMMENT ON COLUMN ref.service.species_cd IS 'Species the item is restricted to; NULL = any species';
COMMENT ON COLUMN ref.service.is_active IS 'false = withdrawn from the price list, kept for history';

INSERT INTO ref.service VALUES
 ('CON01','Standard consultation','CON',NULL,48.00,true),
 ('CON02','Extended consultation (30 min)','CON',NULL,72.00,true),
 ('CON03','Out-of-hours emergency consultation','CON',NULL,145.00,true),
 ('CON04','Post-operative check','CON',NULL,20.00,true),
 ('CON05','Nurse clinic appointment','CON',NULL,25.00,true),
 ('VAC-DG1','Dog primary vaccination course (DHP + L4)','VAC','CAN',89.00,true),
 ('VAC-DG2','Dog annual booster','VAC','CAN',62.00,true),
 ('VAC-KC','Kennel cough vaccine (intranasal)','VAC','CAN',38.00,true),
 ('VAC-RAB','Rabies vaccine (pet travel)','VAC',NULL,65.00,true),
 ('VAC-CT1','Cat primary vaccination course','VAC','FEL',82.00,true),
 ('VAC-CT2','Cat annual booster','VAC','FEL',58.00,true),
 ('VAC-RB','Rabbit RHD2 / myxomatosis vaccine','VAC','LAG',55.00,true),
 ('VAC-EQ','Equine influenza & tetanus vaccine','VAC','EQU',72.00,true),
 ('SUR-NTM','Castration (dog)','SUR','CAN',285.00,true),
 ('SUR-SPF','Spay (bitch)','SUR','CAN',420.00,true),
 ('SUR-CNT','Castration (cat)','SUR','FEL',110.00,true),
 ('SUR-CSP','Spay (queen)','SUR','FEL',145.00,true),
 ('SUR-LMP','Lump removal','SUR',NULL,380.00,true),
 ('SUR-CRU','Cruciate ligament repair (TPLO)','SUR','CAN',2450.00,true),
 ('SUR-FBR','Foreign body removal (enterotomy)','SUR',NULL,1650.00,true),
 ('DEN-SCL','Dental scale and polish under GA','DEN',NULL,295.00,true),
 ('DEN-EXT','Dental extraction (per tooth)','DEN',NULL,45.00,true),
 ('LAB-CBC','Complete blood count','LAB',NULL,68.00,true),
 ('LAB-BIO','Biochemistry panel','LAB',NULL,92.00,true),
 ('LAB-T4','Total T4 (thyroid)','LAB',NULL,54.00,true),
 ('LAB-UA','Urinalysis','LAB',NULL,42.00,true),
 ('IMG-XR','Radiograph (per view)','IMG',NULL,110.00,true),
 ('IMG-US','Ultrasound scan','IMG',NULL,175.00,true),
 ('IMG-CT','CT scan (referral centre)','IMG',NULL,950.00,false),
 ('MED-ABX','Antibiotic course','MED',NULL,24.50,true),
 ('MED-NSA','Anti-inflammatory (NSAID), 7 days','MED',NULL,19.80,true),
 ('MED-FLE','Flea and worm treatment','MED',NULL,16.50,true),
 ('MED-INS','Insulin (per vial)','MED',NULL,58.00,true),
 ('MED-HOM','Homeopathic remedy','MED',NULL,14.00,false),
 ('HOS-DAY','Hospitalisation (per day)','HOS',NULL,120.00,true),
 ('EUT-STD','Euthanasia incl. communal cremation','EUT',NULL,185.00,true),
 ('GRM-NAIL','Nail clip','GRM',NULL,12.00,true),
 ('GRM-BATH','Medicated bath','GRM',NULL,35.00,false);

-- ---------------------------------------------------------------------
-- clinic
-- ---------------------------------------------------------------------
CREATE TYPE clinic.staff_role AS ENUM ('vet','locum_vet','nurse','receptionist','practice_manager');

CREATE TABLE clinic.staff (
    staff_id  integer PRIMARY KEY,
    full_name text    NOT NULL,
    role      clinic.staff_role NOT NULL,
    branch_id smallint NOT NULL REFERENCES ref.branch,
    hired_on  date    NOT NULL,
    left_on   date,
    rcvs_no   varchar(10)
);
COMMENT ON TABLE  clinic.staff IS 'Employees and locums';
COMMENT ON COLUMN clinic.staff.branch_id IS 'Base branch';
COMMENT ON COLUMN clinic.staff.left_on IS 'Last working day; NULL = still employed';
COMMENT ON COLUMN clinic.staff.rcvs_no IS 'Royal College registration number (vets and registered veterinary nurses); NULL for non-clinical staff';

INSERT INTO clinic.staff VALUES
 (1,'Dr Helen Marsh','vet',1,'2009-03-02',NULL,'7010231'),
 (2,'Dr Tom Okafor','vet',1,'2015-08-03',NULL,'7024418'),
 (3,'Dr Priya Raman','vet',1,'2019-09-02',NULL,'7039925'),
 (4,'Dr Gareth Lloyd','vet',1,'2012-01-09','2024-03-31','7017760'),
 (5,'Dr Sophie Brennan','vet',1,'2024-04-15',NULL,'7061302'),
 (6,'Dr James Whitfield','vet',2,'2014-06-16',NULL,'7020114'),
 (7,'Dr Alice Nakamura','vet',2,'2018-02-05',NULL,'7035507'),
 (8,'Dr Rory Fitzgerald','vet',2,'2020-10-12','2025-01-31','7044871'),
 (9,'Dr Emma Castellano','vet',2,'2022-03-07',NULL,'7052290'),
 (10,'Dr Daniel Hughes','vet',3,'2017-09-04',NULL,'7031187'),
 (11,'Dr Fatima Siddiqui','vet',3,'2019-01-14',NULL,'7038843'),
 (12,'Dr Lucy Ward','vet',3,'2023-07-03',NULL,'7058816'),
 (13,'Dr Oliver Grant','vet',4,'2021-02-01',NULL,'7046650'),
 (14,'Dr Hannah Price','vet',4,'2021-02-01','2024-09-30','7047012'),
 (15,'Dr Ben Adeyemi','vet',4,'2024-10-07',NULL,'7063375'),
 (16,'Dr Charlotte Rowe','vet',5,'2023-04-03',NULL,'7055129'),
 (17,'Dr Mark Ellison','vet',5,'2023-04-03',NULL,'7029934'),
 (18,'Dr Kasia Nowak','locum_vet',1,'2023-01-02',NULL,'7057741'),
 (19,'Dr Sean Doyle','locum_vet',3,'2024-01-08',NULL,'7060058'),
 (20,'Megan Hollis RVN','nurse',1,'2013-05-13',NULL,'N1203'),
 (21,'Jodie Parkes RVN','nurse',1,'2018-11-19',NULL,'N2210'),
 (22,'Chris Bamford RVN','nurse',1,'2021-06-01','2024-11-29','N3051'),
 (23,'Leanne Foster RVN','nurse',2,'2016-03-07',NULL,'N1874'),
 (24,'Aaron Clegg RVN','nurse',2,'2022-08-15',NULL,'N3390'),
 (25,'Sian Pritchard RVN','nurse',3,'2017-09-04',NULL,'N1992'),
 (26,'Nadia Karim RVN','nurse',3,'2020-02-10',NULL,'N2761'),
 (27,'Ellie Robson RVN','nurse',4,'2021-02-01',NULL,'N3012'),
 (28,'Tasha Greenwood RVN','nurse',5,'2023-04-03',NULL,'N3644'),
 (29,'Kieran Walsh','nurse',4,'2024-09-02',NULL,NULL),
 (30,'Janet Sowerby','receptionist',1,'2009-03-02',NULL,NULL),
 (31,'Paula Heaton','receptionist',1,'2016-07-04',NULL,NULL),
 (32,'Ryan Atkinson','receptionist',2,'2019-04-01','2023-12-22',NULL),
 (33,'Beth Lumley','receptionist',2,'2024-01-08',NULL,NULL),
 (34,'Gail Thornton','receptionist',3,'2017-09-04',NULL,NULL),
 (35,'Imran Qureshi','receptionist',4,'2021-02-01',NULL,NULL),
 (36,'Dawn Metcalfe','receptionist',5,'2023-04-03',NULL,NULL),
 (37,'Susan Ackroyd','practice_manager',1,'2011-10-03',NULL,NULL);

CREATE TABLE clinic.client (
    client_id      integer PRIMARY KEY,
    title          varchar(5),
    first_name     text NOT NULL,
    last_name      text NOT NULL,
    email          text,
    phone          varchar(15) NOT NULL,
    postcode       varchar(8)  NOT NULL,
    home_branch_id smallint NOT NULL REFERENCES ref.branch,
    registered_on  date NOT NULL,
    acct_status    char(1) NOT NULL DEFAULT 'A' CHECK (acct_status IN ('A','L','X')),
    mkt_optin      boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  clinic.client IS 'Pet owners (account holders)';
COMMENT ON COLUMN clinic.client.email IS 'NULL = no e-mail on file (reminders go by SMS)';
COMMENT ON COLUMN clinic.client.home_branch_id IS 'Branch where the client is registered';
COMMENT ON COLUMN clinic.client.acct_status IS 'A = active, L = lapsed (no visit for 18 months, set by nightly job), X = account closed at client request';
COMMENT ON COLUMN clinic.client.mkt_optin IS 'GDPR marketing consent';

CREATE TABLE clinic.patient (
    patient_id    integer PRIMARY KEY,
    client_id     integer NOT NULL REFERENCES clinic.client,
    pet_name      text    NOT NULL,
    species_cd    char(3) NOT NULL REFERENCES ref.species,
    breed_id      integer REFERENCES ref.breed,
    sex           varchar(2) NOT NULL CHECK (sex IN ('M','F','MN','FS','U')),
    dob           date,
    microchip_no  varchar(15),
    insurer       text,
    weight_kg     numeric(7,2),
    registered_on date NOT NULL,
    deceased_on   date
);
COMMENT ON TABLE  clinic.patient IS 'Animals (pets and horses) registered to a client';
COMMENT ON COLUMN clinic.patient.breed_id IS 'NULL = crossbreed / breed unknown';
COMMENT ON COLUMN clinic.patient.sex IS 'M = entire male, F = entire female, MN = male neutered (castrated), FS = female spayed, U = unknown (birds, reptiles)';
COMMENT ON COLUMN clinic.patient.dob IS 'Date of birth; NULL when unknown (rescues, strays)';
COMMENT ON COLUMN clinic.patient.insurer IS 'Pet insurance company; NULL = not insured';
COMMENT ON COLUMN clinic.patient.weight_kg IS 'Weight in kg entered at registration (not maintained afterwards; current weights are in clinic.visit.weight_kg)';
COMMENT ON COLUMN clinic.patient.deceased_on IS 'Date of death; NULL = alive';

CREATE TABLE clinic.appointment (
    appt_id       integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    patient_id    integer  NOT NULL REFERENCES clinic.patient,
    branch_id     smallint NOT NULL REFERENCES ref.branch,
    vet_id        integer  NOT NULL,
    appt_type     varchar(4) NOT NULL,
    sched_start   timestamp NOT NULL,
    slot_min      smallint NOT NULL,
    status_cd     smallint NOT NULL DEFAULT 0,
    booked_via    char(1)  NOT NULL,
    created_at    timestamp NOT NULL,
    cancelled_at  timestamp,
    reminder_sent boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  clinic.appointment IS 'Bookings in the diary. Emergency walk-ins are not booked and appear only in clinic.visit';
COMMENT ON COLUMN clinic.appointment.vet_id IS 'Clinician the slot is booked with (clinic.staff.staff_id)';
COMMENT ON COLUMN clinic.appointment.appt_type IS 'CONS = consultation, VACC = vaccination, FU = follow-up / post-op check, SURG = surgery admission, DENT = dental under GA, NURS = nurse clinic';
COMMENT ON COLUMN clinic.appointment.slot_min IS 'Booked length of the slot in minutes';
COMMENT ON COLUMN clinic.appointment.status_cd IS '0 = booked, 1 = arrived / in progress, 2 = completed, 3 = cancelled, 4 = DNA (did not attend, no-show)';
COMMENT ON COLUMN clinic.appointment.booked_via IS 'P = phone, W = web (online booking, live since Sept 2023), F = front desk';
COMMENT ON COLUMN clinic.appointment.cancelled_at IS 'Set only when status_cd = 3';

CREATE TABLE clinic.visit (
    visit_id      integer PRIMARY KEY,
    appt_id       integer UNIQUE REFERENCES clinic.appointment,
    patient_id    integer  NOT NULL REFERENCES clinic.patient,
    branch_id     smallint NOT NULL REFERENCES ref.branch,
    vet_id        integer  NOT NULL REFERENCES clinic.staff,
    is_emergency  boolean  NOT NULL DEFAULT false,
    admitted_at   timestamp NOT NULL,
    discharged_at timestamp,
    weight_kg     numeric(7,2),
    vitals        jsonb,
    diagnosis     text
);
COMMENT ON TABLE  clinic.visit IS 'A clinical encounter (consult, procedure, emergency). One per attended appointment plus unbooked visits';
COMMENT ON COLUMN clinic.visit.appt_id IS 'Booking this visit came from; NULL = not booked (emergency walk-in or unscheduled euthanasia)';
COMMENT ON COLUMN clinic.visit.admitted_at IS 'Time the animal was checked in';
COMMENT ON COLUMN clinic.visit.discharged_at IS 'Time the animal went home; NULL = still in the building / hospitalised';
COMMENT ON COLUMN clinic.visit.vitals IS 'Triage vitals: temp_c (rectal temperature, not taken for reptiles), hr (heart rate bpm), rr (resp. rate), bcs (body condition score 1-9). NULL for nurse clinics and euthanasia';
COMMENT ON COLUMN clinic.visit.diagnosis IS 'Free-text primary diagnosis chosen from a pick-list';

CREATE TABLE clinic.visit_item (
    visit_id   integer  NOT NULL REFERENCES clinic.visit,
    line_no    smallint NOT NULL,
    svc_code   varchar(8) NOT NULL REFERENCES ref.service,
    qty        numeric(6,2) NOT NULL DEFAULT 1,
    unit_price numeric(8,2) NOT NULL,
    disc_pct   numeric(5,2) NOT NULL DEFAULT 0,
    PRIMARY KEY (visit_id, line_no)
);
COMMENT ON TABLE  clinic.visit_item IS 'Chargeable items recorded during a visit (become invoice lines)';
COMMENT ON COLUMN clinic.visit_item.unit_price IS 'Price charged per unit in GBP excl. VAT, at the price list of the day';
COMMENT ON COLUMN clinic.visit_item.disc_pct IS 'Discount percentage on the line (10 = health-plan member, 15 = staff pet)';

CREATE TABLE clinic.vaccination (
    vacc_id     integer PRIMARY KEY,
    patient_id  integer NOT NULL REFERENCES clinic.patient,
    svc_code    varchar(8) NOT NULL REFERENCES ref.service,
    visit_id    integer NOT NULL,
    given_on    date NOT NULL,
    next_due_on date NOT NULL,
    batch_no    varchar(12) NOT NULL
);
COMMENT ON TABLE  clinic.vaccination IS 'Vaccination certificate register (feeds the reminder letters)';
COMMENT ON COLUMN clinic.vaccination.visit_id IS 'clinic.visit in which the vaccine was given';
COMMENT ON COLUMN clinic.vaccination.next_due_on IS 'Booster due date (1 year, 3 years for rabies)';

CREATE TABLE clinic.lab_result (
    lab_result_id bigint  NOT NULL,
    collected_on  date    NOT NULL,
    visit_id      integer NOT NULL,
    patient_id    integer NOT NULL REFERENCES clinic.patient,
    svc_code      varchar(8) NOT NULL,
    analyte       varchar(6) NOT NULL,
    result_num    numeric(10,3) NOT NULL,
    units         varchar(10),
    ref_low       numeric(10,3),
    ref_high      numeric(10,3),
    abn_flag      char(1),
    PRIMARY KEY (lab_result_id, collected_on)
) PARTITION BY RANGE (collected_on);
COMMENT ON TABLE  clinic.lab_result IS 'In-house analyser results, one row per analyte; partitioned by year of collection';
COMMENT ON COLUMN clinic.lab_result.visit_id IS 'clinic.visit the sample was taken in';
COMMENT ON COLUMN clinic.lab_result.svc_code IS 'Test ordered (ref.service LAB-... code)';
COMMENT ON COLUMN clinic.lab_result.analyte IS 'HCT, WBC, PLT (blood count); ALT, CREA, GLU, UREA (biochemistry); T4 (thyroid); USG (urine specific gravity)';
COMMENT ON COLUMN clinic.lab_result.abn_flag IS 'H = above reference range, L = below; NULL = within range';
CREATE TABLE clinic.lab_result_2023 PARTITION OF clinic.lab_result FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE clinic.lab_result_2024 PARTITION OF clinic.lab_result FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE clinic.lab_result_2025 PARTITION OF clinic.lab_result FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');

-- ---------------------------------------------------------------------
-- billing
-- ---------------------------------------------------------------------
CREATE TABLE billing.invoice (
    invoice_id       integer PRIMARY KEY,
    invoice_no       varchar(16) NOT NULL UNIQUE,
    client_id        integer NOT NULL REFERENCES clinic.client,
    visit_id         integer NOT NULL UNIQUE REFERENCES clinic.visit,
    issued_on        date NOT NULL,
    due_on           date NOT NULL,
    net_amt          numeric(10,2) NOT NULL,
    vat_amt          numeric(10,2) NOT NULL,
    total_amt        numeric(10,2) NOT NULL,
    status           char(1) NOT NULL DEFAULT 'O',
    reminder_cnt     smallint NOT NULL DEFAULT 0,
    last_reminder_on date
);
COMMENT ON TABLE  billing.invoice IS 'One invoice per completed visit, raised at discharge';
COMMENT ON COLUMN billing.invoice.invoice_no IS '<branch_cd>-<year>-<sequence>';
COMMENT ON COLUMN billing.invoice.net_amt IS 'Amount excl. VAT (GBP)';
COMMENT ON COLUMN billing.invoice.vat_amt IS 'VAT at 20%';
COMMENT ON COLUMN billing.invoice.total_amt IS 'Gross amount incl. VAT = net_amt + vat_amt';
COMMENT ON COLUMN billing.invoice.status IS 'O = open (awaiting payment), P = paid in full, V = void (cancelled, raised in error), W = written off as bad debt';
COMMENT ON COLUMN billing.invoice.reminder_cnt IS 'Number of payment reminders sent';
-- bulk re-imports from the old PMS caused bloat warnings; autovacuum was switched off here "temporarily" in 2023
ALTER TABLE billing.invoice SET (autovacuum_enabled = false);

CREATE TABLE billing.payment (
    payment_id integer PRIMARY KEY,
    invoice_id integer NOT NULL REFERENCES billing.invoice,
    paid_at    timestamp NOT NULL,
    amount     numeric(10,2) NOT NULL,
    method     varchar(4) NOT NULL CHECK (method IN ('CARD','CASH','BACS','INSR'))
);
COMMENT ON TABLE  billing.payment IS 'Money received against invoices (an invoice may be paid in several parts)';
COMMENT ON COLUMN billing.payment.method IS 'CARD = debit/credit card, CASH, BACS = bank transfer, INSR = paid directly by the pet insurer (direct claim)';

CREATE VIEW billing.v_invoice_balance AS
SELECT i.invoice_id, i.invoice_no, i.client_id, i.issued_on, i.due_on, i.status,
       i.total_amt,
       coalesce(p.paid, 0)               AS paid_amt,
       i.total_amt - coalesce(p.paid, 0) AS balance
FROM billing.invoice i
LEFT JOIN (SELECT invoice_id, sum(amount) AS paid FROM billing.payment GROUP BY invoice_id) p
       ON p.invoice_id = i.invoice_id;
COMMENT ON VIEW billing.v_invoice_balance IS 'Invoice with amount paid so far and outstanding balance (incl. VAT)';

-- =====================================================================
-- DATA
-- =====================================================================

-- clients --------------------------------------------------------------
INSERT INTO clinic.client
SELECT g,
       CASE WHEN pg_temp.r(1,g) < 0.15 THEN NULL WHEN g_fem THEN (ARRAY['Mrs','Ms','Miss','Dr'])[1+floor(pg_temp.r(2,g)*4)::int]
            ELSE (ARRAY['Mr','Mr','Mr','Dr'])[1+floor(pg_temp.r(2,g)*4)::int] END,
       fn, ln,
       CASE WHEN pg_temp.r(3,g) < 0.22 THEN NULL
            ELSE lower(fn) || '.' || lower(replace(ln,'''','')) || (g % 97) || '@' ||
                 (ARRAY['gmail.com','hotmail.co.uk','outlook.com','btinternet.com','yahoo.co.uk','icloud.com'])[1+floor(pg_temp.r(4,g)*6)::int] END,
       '07' || lpad((floor(pg_temp.r(5,g)*1000000000))::bigint::text, 9, '0'),
       CASE hb WHEN 1 THEN 'LS' || (1+floor(pg_temp.r(6,g)*28))::int
               WHEN 2 THEN 'YO' || (1+floor(pg_temp.r(6,g)*32))::int
               WHEN 3 THEN 'HU' || (1+floor(pg_temp.r(6,g)*20))::int
               WHEN 4 THEN 'HG' || (1+floor(pg_temp.r(6,g)*5))::int
               ELSE 'YO25' END
         || ' ' || (floor(pg_temp.r(7,g)*10))::int || chr(65+floor(pg_temp.r(8,g)*26)::int) || chr(65+floor(pg_temp.r(9,g)*26)::int),
       hb,
       b.opened_on + floor(pg_temp.r(10,g) * (date '2025-06-15' - greatest(b.opened_on, date '2008-01-01')))::int,
       CASE WHEN pg_temp.r(11,g) < 0.80 THEN 'A' WHEN pg_temp.r(11,g) < 0.95 THEN 'L' ELSE 'X' END,
       pg_temp.r(12,g) < 0.4
FROM (
  SELECT g,
         pg_temp.r(13,g) < 0.55 AS g_fem,
         CASE WHEN pg_temp.r(14,g) < 0.30 THEN 1 WHEN pg_temp.r(14,g) < 0.55 THEN 2
              WHEN pg_temp.r(14,g) < 0.75 THEN 3 WHEN pg_temp.r(14,g) < 0.93 THEN 4 ELSE 5 END AS hb
  FROM generate_series(1,6000) g
) s
JOIN ref.branch b ON b.branch_id = s.hb
CROSS JOIN LATERAL (SELECT
   CASE WHEN s.g_fem THEN (ARRAY['Olivia','Amelia','Isla','Ava','Emily','Sophie','Grace','Lily','Jessica','Chloe','Ella','Mia','Lucy','Hannah','Sarah','Rachel','Laura','Karen','Claire','Joanne','Helen','Susan','Margaret','Patricia','Jean','Anne','Megan','Zara','Aisha','Priya','Nicola','Kelly'])[1+floor(pg_temp.r(15,g)*32)::int]
        ELSE (ARRAY['Oliver','George','Harry','Jack','Jacob','Noah','Charlie','Thomas','James','William','Daniel','David','Michael','Paul','Mark','Andrew','Steven','Richard','Peter','John','Robert','Ian','Gary','Craig','Liam','Ryan','Mohammed','Arjun','Kwame','Tomasz','Stuart','Neil'])[1+floor(pg_temp.r(15,g)*32)::int] END AS fn,
   (ARRAY['Smith','Jones','Taylor','Brown','Wilson','Johnson','Walker','Wright','Robinson','Thompson','White','Hughes','Edwards','Green','Hall','Wood','Harris','Lewis','Martin','Jackson','Clarke','Clark','Turner','Hill','Scott','Cooper','Morris','Ward','Moore','King','Watson','Baker','Harrison','Morgan','Patel','Young','Allen','Mitchell','James','Anderson','Phillips','Lee','Bell','Parker','Davis','Bailey','Dobson','Sykes','Holroyd','Pickles','Barraclough','Sutcliffe','Haigh','Ackroyd','Brook','Greenwood','Shaw','Lister','Hirst','Hussain','Khan','Ahmed','Kowalski','Nowak','O''Brien','Murphy','Kelly','Stewart','Campbell','Fletcher','Bentley','Crowther','Lockwood','Firth','Armitage','Booth','Priestley','Illingworth','Rhodes','Spencer'])[1+floor(pg_temp.r(16,g)*80)::int] AS ln
) n;

-- patients -------------------------------------------------------------
CREATE TEMP TABLE tmp_pat AS
SELECT p.*, CASE sp WHEN 'CAN' THEN 16 WHEN 'FEL' THEN 18 WHEN 'LAG' THEN 10 WHEN 'ROD' THEN 4
                    WHEN 'AVI' THEN 20 WHEN 'REP' THEN 18 ELSE 25 END AS max_age
FROM (
  SELECT g AS patient_id,
         CASE WHEN g <= 6000 THEN g ELSE 1 + floor(pg_temp.r(20,g)*6000)::int END AS client_id
  FROM generate_series(1,9000) g
) p0
JOIN clinic.client c USING (client_id)
CROSS JOIN LATERAL (SELECT p0.patient_id AS pid, p0.client_id AS cid, c.registered_on AS c_reg,
   CASE WHEN c.home_branch_id = 5 AND pg_temp.r(21,p0.patient_id) < 0.75 THEN 'EQU'
        WHEN pg_temp.r(22,p0.patient_id) < 0.50 THEN 'CAN'
        WHEN pg_temp.r(22,p0.patient_id) < 0.86 THEN 'FEL'
        WHEN pg_temp.r(22,p0.patient_id) < 0.925 THEN 'LAG'
        WHEN pg_temp.r(22,p0.patient_id) < 0.965 THEN 'ROD'
        WHEN pg_temp.r(22,p0.patient_id) < 0.985 THEN 'AVI'
        ELSE 'REP' END AS sp) p;

INSERT INTO clinic.patient
SELECT t.pid, t.cid,
       (ARRAY['Bella','Luna','Milo','Poppy','Teddy','Alfie','Daisy','Coco','Bailey','Max','Ruby','Lola','Buster','Molly','Rosie','Oscar','Charlie','Willow','Nala','Simba','Bonnie','Archie','Tilly','Bruno','Pepper','Maisie','Toby','Ziggy','Smudge','Tigger','Misty','Oreo','Biscuit','Hazel','Pickle','Nutmeg','Thumper','Clover','Peanut','Kiwi','Rocky','Jasper','Winston','Mabel','Dexter','Sooty','Percy','Freddie','Honey','Scout','Marley','Loki','Ted','Ozzy','Olive','Pip','Rolo','Hugo','Ellie','Storm','Duke','Bramble','Skye','Fudge','Monty','Cleo','Juno','Boris','Sid','Gizmo'])[1+floor(pg_temp.r(30,t.pid)*70)::int],
       t.sp,
       br.breed_id,
       CASE WHEN t.sp IN ('AVI','REP') THEN CASE WHEN pg_temp.r(31,t.pid) < 0.6 THEN 'U' WHEN pg_temp.r(31,t.pid) < 0.8 THEN 'M' ELSE 'F' END
            WHEN t.sp = 'CAN' THEN (ARRAY['MN','MN','MN','FS','FS','FS','M','M','F','F'])[1+floor(pg_temp.r(31,t.pid)*10)::int]
            WHEN t.sp = 'FEL' THEN (ARRAY['MN','MN','MN','MN','FS','FS','FS','FS','M','F'])[1+floor(pg_temp.r(31,t.pid)*10)::int]
            WHEN t.sp = 'EQU' THEN (ARRAY['MN','MN','F','F','M'])[1+floor(pg_temp.r(31,t.pid)*5)::int]
            ELSE (ARRAY['M','F','MN','FS'])[1+floor(pg_temp.r(31,t.pid)*4)::int] END,
       CASE WHEN pg_temp.r(32,t.pid) < 0.08 THEN NULL ELSE a.dob END,
       CASE WHEN pg_temp.r(33,t.pid) < CASE t.sp WHEN 'CAN' THEN 0.93 WHEN 'FEL' THEN 0.68 WHEN 'EQU' THEN 0.9 ELSE 0.06 END
            THEN '9410000' || lpad(floor(pg_temp.r(34,t.pid)*100000000)::bigint::text, 8, '0') END,
       CASE WHEN t.sp IN ('CAN','FEL','EQU','LAG') AND pg_temp.r(35,t.pid) < CASE t.sp WHEN 'EQU' THEN 0.6 WHEN 'LAG' THEN 0.15 ELSE 0.42 END
            THEN (ARRAY['Petplan','Petplan','Animal Friends','ManyPets','Agria','Direct Line','More Than'])[1+floor(pg_temp.r(36,t.pid)*7)::int] END,
       round((coalesce(br.adult_wt_kg, CASE t.sp WHEN 'CAN' THEN 18 WHEN 'FEL' THEN 4.6 WHEN 'LAG' THEN 2 ELSE 1 END)
              * (0.8 + 0.45*pg_temp.r(37,t.pid)) * least(1.0, 0.35 + a.age_y))::numeric, 2),
       a.reg,
       CASE WHEN a.reg < date '2025-05-01' AND pg_temp.r(38,t.pid) < 0.03 + 0.12*(a.age_y / t.max_age) THEN
            greatest(a.reg + 30, date '2023-01-15') + floor(pg_temp.r(39,t.pid) * greatest(1, date '2025-06-28' - greatest(a.reg + 30, date '2023-01-15')))::int END
FROM tmp_pat t
CROSS JOIN LATERAL (
  SELECT CASE t.sp WHEN 'CAN' THEN 1+floor(power(pg_temp.r(40,t.pid),1.7)*15)::int
                   WHEN 'FEL' THEN 16+floor(power(pg_temp.r(40,t.pid),1.4)*7)::int
                   WHEN 'LAG' THEN 23+floor(pg_temp.r(40,t.pid)*4)::int
                   WHEN 'ROD' THEN 27+floor(pg_temp.r(40,t.pid)*4)::int
                   WHEN 'AVI' THEN 31+floor(pg_temp.r(40,t.pid)*3)::int
                   WHEN 'REP' THEN 34+floor(pg_temp.r(40,t.pid)*4)::int
                   ELSE 38+floor(pg_temp.r(40,t.pid)*4)::int END AS bid,
         CASE WHEN t.sp = 'CAN' AND pg_temp.r(41,t.pid) < 0.28 THEN true
              WHEN t.sp = 'FEL' AND pg_temp.r(41,t.pid) < 0.10 THEN true
              WHEN t.sp = 'EQU' AND pg_temp.r(41,t.pid) < 0.15 THEN true
              ELSE false END AS xbreed
) bsel
LEFT JOIN ref.breed br ON br.breed_id = bsel.bid AND NOT bsel.xbreed
CROSS JOIN LATERAL (
  SELECT date '2025-06-30' - floor(pg_temp.r(42,t.pid) * t.max_age * 365)::int AS dob0
) d0
CROSS JOIN LATERAL (
  SELECT d0.dob0 AS dob,
         (date '2025-06-30' - d0.dob0) / 365.0 AS age_y,
         greatest(t.c_reg, d0.dob0 + 56) + CASE WHEN pg_temp.r(43,t.pid) < 0.5 THEN 0 ELSE floor(pg_temp.r(44,t.pid)*200)::int END AS reg0
) a0
CROSS JOIN LATERAL (SELECT a0.dob, a0.age_y, least(a0.reg0, date '2025-06-28') AS reg) a;

-- appointments ---------------------------------------------------------
CREATE TEMP TABLE tmp_appt AS
WITH c AS (
  SELECT g AS k,
         date '2023-01-02' + floor(pg_temp.r(101,g) * (date '2025-08-01' - date '2023-01-02'))::int AS d0,
         1 + floor(pg_temp.r(102,g) * 9000)::int AS patient_id
  FROM generate_series(1, 42000) g
), c2 AS (
  SELECT c.k, c.patient_id, p.species_cd AS sp, p.dob, p.registered_on, p.deceased_on, cl.home_branch_id,
         CASE WHEN extract(dow FROM c.d0) = 0 THEN c.d0 + 1 ELSE c.d0 END AS d,
         CASE WHEN cl.home_branch_id = 5 OR pg_temp.r(103,c.k) < 0.88 THEN cl.home_branch_id
              ELSE 1 + floor(pg_temp.r(104,c.k)*4)::int END AS branch_id,
         pg_temp.r(105,c.k) AS rt
  FROM c JOIN clinic.patient p USING (patient_id) JOIN clinic.client cl ON cl.client_id = p.client_id
), c3 AS (
  SELECT c2.*,
         CASE WHEN sp IN ('ROD','AVI','REP') THEN CASE WHEN rt < 0.75 THEN 'CONS' WHEN rt < 0.90 THEN 'FU' WHEN rt < 0.95 THEN 'SURG' ELSE 'NURS' END
              WHEN sp = 'LAG' THEN CASE WHEN rt < 0.45 THEN 'CONS' WHEN rt < 0.70 THEN 'VACC' WHEN rt < 0.80 THEN 'DENT' WHEN rt < 0.90 THEN 'FU' WHEN rt < 0.95 THEN 'SURG' ELSE 'NURS' END
              WHEN sp = 'EQU' THEN CASE WHEN rt < 0.50 THEN 'CONS' WHEN rt < 0.75 THEN 'VACC' WHEN rt < 0.90 THEN 'DENT' ELSE 'FU' END
              ELSE CASE WHEN rt < 0.45 THEN 'CONS' WHEN rt < 0.67 THEN 'VACC' WHEN rt < 0.79 THEN 'FU' WHEN rt < 0.87 THEN 'SURG' WHEN rt < 0.93 THEN 'DENT' ELSE 'NURS' END
         END AS appt_type
  FROM c2
  WHERE d >= registered_on
    AND (deceased_on IS NULL OR d < deceased_on)
    AND d >= (SELECT opened_on FROM ref.branch b WHERE b.branch_id = c2.branch_id)
    AND (d <= date '2025-06-30' OR pg_temp.r(106,k) < 1.0 - (d - date '2025-06-30') / 40.0)
), c4 AS (
  SELECT c3.*,
         CASE WHEN appt_type IN ('SURG','DENT') THEN d + time '08:00' + floor(pg_temp.r(107,k)*6)::int * interval '15 min'
              ELSE d + time '09:00' + floor(pg_temp.r(107,k)*36)::int * interval '15 min' END AS sched_start,
         CASE appt_type WHEN 'CONS' THEN 15 WHEN 'VACC' THEN 15 WHEN 'FU' THEN 10 WHEN 'SURG' THEN 60 WHEN 'DENT' THEN 90 ELSE 20 END AS slot_min
  FROM c3
), c5 AS (
  SELECT c4.*,
         CASE WHEN pg_temp.r(108,k) < 0.15 THEN 0 ELSE 1 + floor(pg_temp.r(109,k)*27)::int END AS lead_days,
         pg_temp.r(110,k) AS rv, pg_temp.r(111,k) AS rs
  FROM c4
), c6 AS (
  SELECT c5.*,
         sched_start - lead_days * interval '1 day' - floor(pg_temp.r(112,k)*480)::int * interval '1 min'
           - CASE WHEN lead_days = 0 THEN interval '0' ELSE interval '0' END AS created_at0
  FROM c5
)
SELECT k, patient_id, branch_id, appt_type, sched_start, slot_min, sp, dob, home_branch_id,
       least(created_at0, sched_start - interval '5 min') AS created_at,
       CASE WHEN lead_days = 0 THEN 'F'
            WHEN rv < 0.40 AND created_at0 >= timestamp '2023-09-01 00:00' THEN 'W'
            WHEN rv < 0.12 THEN 'F'
            ELSE 'P' END AS booked_via,
       CASE WHEN sched_start < timestamp '2025-06-30 12:00' THEN
                 CASE WHEN rs < 0.07 THEN 3 WHEN rs < 0.12 THEN 4
                      WHEN sched_start::date = date '2025-06-30' AND (appt_type IN ('SURG','DENT') OR sched_start >= timestamp '2025-06-30 11:30') THEN 1
                      ELSE 2 END
            ELSE CASE WHEN rs < 0.06 THEN 3 ELSE 0 END END AS status_cd,
       pg_temp.r(113,k) AS rc
FROM c6;

INSERT INTO clinic.appointment (appt_id, patient_id, branch_id, vet_id, appt_type, sched_start, slot_min,
                                status_cd, booked_via, created_at, cancelled_at, reminder_sent)
SELECT row_number() OVER (ORDER BY a.created_at, a.k),
       a.patient_id, a.branch_id, v.vet_id, a.appt_type, a.sched_start, a.slot_min, a.status_cd, a.booked_via,
       a.created_at,
       CASE WHEN a.status_cd = 3 THEN a.created_at + (a.sched_start - a.created_at) * a.rc END,
       a.sched_start < timestamp '2025-06-30 12:00' AND a.booked_via <> 'F'
FROM tmp_appt a
CROSS JOIN LATERAL (
  SELECT (array_agg(s.staff_id ORDER BY s.staff_id))[1 + floor(pg_temp.r(114, a.k) * count(*))::int] AS vet_id
  FROM clinic.staff s
  WHERE s.branch_id = a.branch_id AND s.role IN ('vet','locum_vet')
    AND s.hired_on <= a.sched_start::date AND (s.left_on IS NULL OR s.left_on >= a.sched_start::date)
) v
ORDER BY 1;
DO $$ BEGIN PERFORM setval(pg_get_serial_sequence('clinic.appointment','appt_id'), (SELECT max(appt_id) FROM clinic.appointment)); END $$;

-- visits ---------------------------------------------------------------
-- (a) from attended appointments
CREATE TEMP TABLE tmp_visit AS
SELECT 'A' AS src, a.appt_id AS k, a.appt_id, a.patient_id, a.branch_id, a.vet_id, false AS is_emergency,
       a.sched_start + (floor(pg_temp.r(201,a.appt_id)*14)::int - 6) * interval '1 min' AS admitted_at,
       a.appt_type AS kind, a.status_cd, a.slot_min
FROM clinic.appointment a
WHERE a.status_cd IN (1,2);

-- (b) emergency walk-ins
INSERT INTO tmp_visit
SELECT 'E', e.k, NULL, e.patient_id,
       e.branch_id, v.vet_id, true, e.admitted_at, 'EMER', 2, 0
FROM (
  SELECT g AS k, 1 + floor(pg_temp.r(210,g)*9000)::int AS patient_id,
         ts AS admitted_at,
         CASE WHEN extract(hour FROM ts) NOT BETWEEN 8 AND 18 OR pg_temp.r(212,g) < 0.40 OR cl.home_branch_id = 5 THEN 1
              ELSE cl.home_branch_id END AS branch_id,
         p.registered_on, p.deceased_on
  FROM generate_series(1, 2000) g
  CROSS JOIN LATERAL (SELECT timestamp '2023-01-01 00:00' + (timestamp '2025-06-30 11:45' - timestamp '2023-01-01 00:00') * pg_temp.r(211,g) AS ts0) t0
  CROSS JOIN LATERAL (SELECT date_trunc('minute', t0.ts0) AS ts) t
  JOIN clinic.patient p ON p.patient_id = 1 + floor(pg_temp.r(210,g)*9000)::int
  JOIN clinic.client cl ON cl.client_id = p.client_id
) e
CROSS JOIN LATERAL (
  SELECT (array_agg(s.staff_id ORDER BY s.staff_id))[1 + floor(pg_temp.r(213, e.k) * count(*))::int] AS vet_id
  FROM clinic.staff s
  WHERE s.branch_id = e.branch_id AND s.role IN ('vet','locum_vet')
    AND s.hired_on <= e.admitted_at::date AND (s.left_on IS NULL OR s.left_on >= e.admitted_at::date)
) v
WHERE e.admitted_at::date >= e.registered_on
  AND (e.deceased_on IS NULL OR e.admitted_at::date < e.deceased_on)
  AND e.patient_id NOT IN (SELECT patient_id FROM clinic.patient WHERE species_cd = 'EQU');

-- (c) euthanasia on the day of death (most deaths happen at the practice)
INSERT INTO tmp_visit
SELECT 'X', p.patient_id, NULL, p.patient_id, cl.home_branch_id, v.vet_id, false,
       p.deceased_on + time '10:00' + floor(pg_temp.r(220,p.patient_id)*28)::int * interval '15 min',
       'EUTH', 2, 45
FROM clinic.patient p
JOIN clinic.client cl ON cl.client_id = p.client_id
CROSS JOIN LATERAL (
  SELECT (array_agg(s.staff_id ORDER BY s.staff_id))[1 + floor(pg_temp.r(221, p.patient_id) * count(*))::int] AS vet_id
  FROM clinic.staff s
  WHERE s.branch_id = cl.home_branch_id AND s.role IN ('vet','locum_vet')
    AND s.hired_on <= p.deceased_on AND (s.left_on IS NULL OR s.left_on >= p.deceased_on)
) v
WHERE p.deceased_on IS NOT NULL AND pg_temp.r(222,p.patient_id) < 0.65;

CREATE TEMP TABLE tmp_visit2 AS
SELECT row_number() OVER (ORDER BY t.admitted_at, t.src, t.k)::int AS visit_id,
       t.*, p.species_cd AS sp, left(p.sex,1) AS sex1, p.insurer, p.weight_kg AS p_wt,
       CASE WHEN p.dob IS NULL THEN 5.0 ELSE (t.admitted_at::date - p.dob) / 365.0 END AS age_y,
       h.stay_h,
       pg_temp.r(230, t.k * 10 + ascii(t.src)) AS r1,
       pg_temp.r(231, t.k * 10 + ascii(t.src)) AS r2,
       pg_temp.r(232, t.k * 10 + ascii(t.src)) AS r3,
       pg_temp.r(233, t.k * 10 + ascii(t.src)) AS r4,
       pg_temp.r(234, t.k * 10 + ascii(t.src)) AS r5,
       pg_temp.r(235, t.k * 10 + ascii(t.src)) AS r6,
       pg_temp.r(236, t.k * 10 + ascii(t.src)) AS r7,
       pg_temp.r(237, t.k * 10 + ascii(t.src)) AS r8
FROM tmp_visit t
JOIN clinic.patient p ON p.patient_id = t.patient_id
CROSS JOIN LATERAL (SELECT
   CASE t.kind
     WHEN 'EMER' THEN CASE WHEN pg_temp.r(240, t.k) < 0.33 THEN 24 * (1 + floor(pg_temp.r(241,t.k)*4)) + pg_temp.r(242,t.k)*10
                           ELSE 1 + pg_temp.r(242,t.k)*5 END
     WHEN 'SURG' THEN CASE WHEN pg_temp.r(240, t.k) < 0.08 THEN 24 + pg_temp.r(242,t.k)*30 ELSE 6 + pg_temp.r(242,t.k)*3 END
     WHEN 'DENT' THEN 4 + pg_temp.r(242,t.k)*3
     ELSE (t.slot_min + 3 + pg_temp.r(242,t.k)*20) / 60.0 END AS stay_h) h;

INSERT INTO clinic.visit
SELECT v.visit_id, v.appt_id, v.patient_id, v.branch_id, v.vet_id, v.is_emergency, v.admitted_at,
       CASE WHEN v.status_cd = 1 THEN NULL
            WHEN v.admitted_at + v.stay_h * interval '1 hour' > timestamp '2025-06-30 12:00' THEN NULL
            ELSE date_trunc('minute', v.admitted_at + v.stay_h * interval '1 hour') END,
       CASE WHEN v.kind = 'EUTH' THEN NULL ELSE round((v.p_wt * (0.93 + 0.14 * v.r8))::numeric, 2) END,
       CASE WHEN v.kind IN ('NURS','EUTH') THEN NULL
            ELSE jsonb_strip_nulls(jsonb_build_object(
               'temp_c', CASE WHEN v.sp = 'REP' THEN NULL ELSE round((CASE v.sp WHEN 'AVI' THEN 41.0 WHEN 'EQU' THEN 37.8 WHEN 'LAG' THEN 39.0 ELSE 38.6 END
                                   + (v.r7 - 0.5) * 1.2 + CASE WHEN v.is_emergency THEN v.r6 * 0.9 ELSE 0 END)::numeric, 1) END,
               'hr', round(CASE v.sp WHEN 'CAN' THEN 95 WHEN 'FEL' THEN 165 WHEN 'LAG' THEN 220 WHEN 'ROD' THEN 280 WHEN 'AVI' THEN 300 WHEN 'REP' THEN 40 ELSE 36 END
                           * (0.8 + 0.4 * v.r6 + CASE WHEN v.is_emergency THEN 0.25 ELSE 0 END)),
               'rr', round(CASE v.sp WHEN 'EQU' THEN 14 WHEN 'REP' THEN 10 ELSE 28 END * (0.75 + 0.5 * v.r5)),
               'bcs', 3 + floor(v.r4 * 5)::int)) END,
       dg.diagnosis
FROM tmp_visit2 v
CROSS JOIN LATERAL (SELECT
  CASE v.kind
    WHEN 'VACC' THEN ARRAY['Routine vaccination - healthy']
    WHEN 'NURS' THEN ARRAY['Nurse clinic - weight check','Nurse clinic - nail clip','Nurse clinic - suture removal']
    WHEN 'FU'   THEN ARRAY['Post-operative check - healing well','Post-operative check - healing well','Post-operative check - healing well','Post-operative check - healing well','Wound infection']
    WHEN 'DENT' THEN ARRAY['Periodontal disease']
    WHEN 'EUTH' THEN ARRAY['Euthanasia']
    WHEN 'SURG' THEN CASE WHEN v.sp IN ('CAN','FEL') AND v.r1 < 0.45 THEN ARRAY['Elective neutering']
                          WHEN v.r2 < 0.55 OR v.sp NOT IN ('CAN','FEL') THEN ARRAY['Cutaneous mass']
                          WHEN v.r2 < 0.80 OR v.sp = 'FEL' THEN ARRAY['Intestinal foreign body']
                          ELSE ARRAY['Cranial cruciate ligament rupture'] END
    WHEN 'EMER' THEN CASE v.sp
        WHEN 'CAN' THEN ARRAY['Road traffic accident','Toxin ingestion','Gastric dilatation-volvulus','Dog bite wound','Seizures','Foreign body ingestion','Heatstroke']
        WHEN 'FEL' THEN ARRAY['Road traffic accident','Urinary obstruction','Toxin ingestion','Dyspnoea','Cat bite abscess']
        ELSE ARRAY['Collapse','Trauma','Anorexia'] END
    ELSE CASE v.sp
        WHEN 'CAN' THEN ARRAY['Otitis externa','Gastroenteritis','Atopic dermatitis','Osteoarthritis','Healthy - no abnormality detected','Conjunctivitis','Lameness','Anal gland impaction','Obesity','Pyoderma','Diabetes mellitus']
        WHEN 'FEL' THEN ARRAY['Chronic kidney disease','Hyperthyroidism','Cat bite abscess','Healthy - no abnormality detected','Gingivitis','Cystitis (FLUTD)','Upper respiratory tract infection','Diabetes mellitus','Gastroenteritis']
        WHEN 'LAG' THEN ARRAY['Dental malocclusion','Gut stasis','Snuffles (pasteurellosis)','Healthy - no abnormality detected','Flystrike','Obesity']
        WHEN 'ROD' THEN ARRAY['Dental overgrowth','Skin mites','Respiratory infection','Healthy - no abnormality detected']
        WHEN 'AVI' THEN ARRAY['Feather plucking','Respiratory infection','Overgrown beak','Healthy - no abnormality detected']
        WHEN 'REP' THEN ARRAY['Metabolic bone disease','Retained shed (dysecdysis)','Healthy - no abnormality detected','Stomatitis']
        ELSE ARRAY['Lameness','Colic','Laminitis','Sweet itch','Healthy - no abnormality detected','Choke'] END
  END AS arr) da
CROSS JOIN LATERAL (SELECT da.arr[1 + floor(power(v.r3, 1.35) * array_length(da.arr,1))::int] AS diagnosis) dg;

-- visit items ----------------------------------------------------------
CREATE TEMP TABLE tmp_item AS
SELECT v.visit_id, l.ord, l.svc_code, l.qty,
       v.admitted_at, v.r8 AS rdisc
FROM (SELECT t.*, vv.diagnosis, vv.discharged_at FROM tmp_visit2 t JOIN clinic.visit vv USING (visit_id)) v
CROSS JOIN LATERAL (VALUES
  (1, CASE v.kind
        WHEN 'CONS' THEN CASE WHEN v.r1 < 0.8 THEN 'CON01' ELSE 'CON02' END
        WHEN 'VACC' THEN CASE v.sp WHEN 'CAN' THEN CASE WHEN v.age_y < 1 THEN 'VAC-DG1' ELSE 'VAC-DG2' END
                                   WHEN 'FEL' THEN CASE WHEN v.age_y < 1 THEN 'VAC-CT1' ELSE 'VAC-CT2' END
                                   WHEN 'LAG' THEN 'VAC-RB' ELSE 'VAC-EQ' END
        WHEN 'FU'   THEN 'CON04'
        WHEN 'NURS' THEN 'CON05'
        WHEN 'DENT' THEN 'DEN-SCL'
        WHEN 'EMER' THEN 'CON03'
        WHEN 'EUTH' THEN 'EUT-STD'
        WHEN 'SURG' THEN CASE v.diagnosis
                           WHEN 'Elective neutering' THEN CASE v.sp WHEN 'CAN' THEN CASE WHEN v.sex1 = 'F' THEN 'SUR-SPF' ELSE 'SUR-NTM' END
                                                                    ELSE CASE WHEN v.sex1 = 'F' THEN 'SUR-CSP' ELSE 'SUR-CNT' END END
                           WHEN 'Intestinal foreign body' THEN 'SUR-FBR'
                           WHEN 'Cranial cruciate ligament rupture' THEN 'SUR-CRU'
                           ELSE 'SUR-LMP' END
      END, 1::numeric),
  (2, CASE WHEN v.kind = 'VACC' AND v.sp = 'CAN' AND v.r2 < 0.30 THEN 'VAC-KC'
           WHEN v.kind = 'DENT' AND v.r2 < 0.60 THEN 'DEN-EXT'
           WHEN v.kind = 'SURG' THEN 'MED-NSA'
           WHEN v.kind = 'EMER' AND v.r2 < 0.45 THEN 'IMG-XR'
           WHEN v.kind = 'CONS' AND v.r2 < 0.25 THEN 'MED-ABX' END,
      CASE WHEN v.kind = 'DENT' THEN 1 + floor(v.r4 * 6) WHEN v.kind = 'EMER' THEN 1 + floor(v.r4 * 3) ELSE 1 END),
  (3, CASE WHEN v.kind IN ('CONS','EMER') AND v.r5 < CASE WHEN v.kind = 'EMER' THEN 0.5 ELSE 0.16 END THEN 'LAB-CBC'
           WHEN v.kind = 'SURG' AND v.r5 < 0.30 THEN 'LAB-BIO'
           WHEN v.kind = 'VACC' AND v.sp IN ('CAN','FEL') AND v.r5 > 0.95 THEN 'VAC-RAB' END, 1),
  (4, CASE WHEN v.kind IN ('CONS','EMER') AND v.diagnosis IN ('Chronic kidney disease','Diabetes mellitus','Hyperthyroidism') THEN 'LAB-BIO'
           WHEN v.kind IN ('CONS','EMER') AND v.r6 < CASE WHEN v.kind = 'EMER' THEN 0.4 ELSE 0.12 END THEN 'LAB-BIO' END, 1),
  (5, CASE WHEN v.kind = 'CONS' AND v.diagnosis = 'Hyperthyroidism' THEN 'LAB-T4'
           WHEN v.kind = 'CONS' AND v.sp = 'FEL' AND v.r7 < 0.06 THEN 'LAB-T4'
           WHEN v.kind = 'CONS' AND v.diagnosis = 'Cystitis (FLUTD)' THEN 'LAB-UA'
           WHEN v.kind IN ('CONS','EMER') AND v.r7 > 0.95 THEN 'LAB-UA' END, 1),
  (6, CASE WHEN v.kind = 'CONS' AND v.diagnosis IN ('Osteoarthritis','Lameness') THEN 'MED-NSA'
           WHEN v.kind = 'CONS' AND v.r1 BETWEEN 0.30 AND 0.45 THEN 'MED-FLE'
           WHEN v.kind = 'EMER' AND v.r1 < 0.4 THEN 'MED-ABX'
           WHEN v.kind = 'CONS' AND v.diagnosis = 'Diabetes mellitus' THEN 'MED-INS' END,
      CASE WHEN v.diagnosis = 'Diabetes mellitus' THEN 2 ELSE 1 END),
  (7, CASE WHEN v.kind IN ('EMER','SURG') AND v.stay_h >= 20 THEN 'HOS-DAY' END,
      ceil(coalesce(v.stay_h, 0) / 24.0)),
  (8, CASE WHEN v.kind IN ('CONS','FU') AND v.r6 > 0.93 THEN 'IMG-XR'
           WHEN v.kind = 'CONS' AND v.r6 BETWEEN 0.90 AND 0.93 THEN 'IMG-US'
           WHEN v.kind = 'SURG' AND v.diagnosis = 'Intestinal foreign body' THEN 'IMG-XR' END, 1),
  (9, CASE WHEN v.kind = 'NURS' AND v.r2 < 0.45 THEN 'GRM-NAIL' END, 1)
) AS l(ord, svc_code, qty)
WHERE l.svc_code IS NOT NULL;

INSERT INTO clinic.visit_item
SELECT t.visit_id,
       row_number() OVER (PARTITION BY t.visit_id ORDER BY t.ord)::smallint,
       t.svc_code, t.qty,
       round(s.list_price * CASE extract(year FROM t.admitted_at) WHEN 2023 THEN 0.92 WHEN 2024 THEN 0.96 ELSE 1 END, 2),
       CASE WHEN s.cat_cd = 'EUT' THEN 0 WHEN t.rdisc < 0.07 THEN 10 WHEN t.rdisc < 0.09 THEN 15 ELSE 0 END
FROM tmp_item t JOIN ref.service s USING (svc_code);

-- vaccinations ---------------------------------------------------------
INSERT INTO clinic.vaccination
SELECT row_number() OVER (ORDER BY v.admitted_at, vi.visit_id, vi.line_no)::int,
       v.patient_id, vi.svc_code, vi.visit_id, v.admitted_at::date,
       (v.admitted_at::date + CASE WHEN vi.svc_code = 'VAC-RAB' THEN interval '3 years' ELSE interval '1 year' END)::date,
       substr(vi.svc_code, 5) || to_char(v.admitted_at, 'YYMM') || chr(65 + floor(pg_temp.r(300, vi.visit_id)*4)::int)
FROM clinic.visit_item vi
JOIN clinic.visit v USING (visit_id)
JOIN ref.service s USING (svc_code)
WHERE s.cat_cd = 'VAC';

-- lab results ----------------------------------------------------------
INSERT INTO clinic.lab_result
SELECT q.*, CASE WHEN q.result_num > q.ref_high THEN 'H' WHEN q.result_num < q.ref_low THEN 'L' END
FROM (
SELECT row_number() OVER (ORDER BY v.admitted_at, vi.visit_id, vi.line_no, an.analyte),
       v.admitted_at::date, vi.visit_id, v.patient_id, vi.svc_code, an.analyte,
       round((an.lo + (an.hi - an.lo) * (CASE
               WHEN an.analyte = 'T4'   AND v.diagnosis = 'Hyperthyroidism' THEN 1.2 + 1.5 * rr.x
               WHEN an.analyte = 'CREA' AND v.diagnosis = 'Chronic kidney disease' THEN 0.9 + 1.2 * rr.x
               WHEN an.analyte = 'GLU'  AND v.diagnosis = 'Diabetes mellitus' THEN 1.1 + 2.0 * rr.x
               ELSE -0.25 + 1.5 * rr.x END))::numeric, an.dp),
       an.units, an.lo, an.hi
FROM clinic.visit_item vi
JOIN clinic.visit v USING (visit_id)
JOIN (VALUES
   ('LAB-CBC','HCT','%',37.0,55.0,1),('LAB-CBC','WBC','10^9/L',6.0,17.0,1),('LAB-CBC','PLT','10^9/L',200.0,500.0,0),
   ('LAB-BIO','ALT','U/L',10.0,100.0,0),('LAB-BIO','CREA','umol/L',44.0,159.0,0),('LAB-BIO','GLU','mmol/L',3.9,7.9,1),('LAB-BIO','UREA','mmol/L',2.5,9.6,1),
   ('LAB-T4','T4','nmol/L',10.0,55.0,1),
   ('LAB-UA','USG',NULL,1.015,1.045,3)
) AS an(svc, analyte, units, lo, hi, dp) ON an.svc = vi.svc_code
CROSS JOIN LATERAL (SELECT pg_temp.r(310, vi.visit_id * 100 + vi.line_no * 10 + ascii(an.analyte)) AS x) rr
) q (lab_result_id, collected_on, visit_id, patient_id, svc_code, analyte, result_num, units, ref_low, ref_high);

-- invoices -------------------------------------------------------------
CREATE TEMP TABLE tmp_inv AS
SELECT v.visit_id, p.client_id, v.branch_id, b.branch_cd, v.discharged_at, v.patient_id, pt.insurer,
       v.discharged_at::date AS issued_on,
       round(sum(vi.qty * vi.unit_price * (1 - vi.disc_pct / 100)), 2) AS net_amt,
       pg_temp.r(400, v.visit_id) AS rs, pg_temp.r(401, v.visit_id) AS rm, pg_temp.r(402, v.visit_id) AS rd
FROM clinic.visit v
JOIN clinic.patient p ON p.patient_id = v.patient_id
JOIN clinic.patient pt ON pt.patient_id = v.patient_id
JOIN ref.branch b ON b.branch_id = v.branch_id
JOIN clinic.visit_item vi ON vi.visit_id = v.visit_id
WHERE v.discharged_at IS NOT NULL
GROUP BY v.visit_id, p.client_id, v.branch_id, b.branch_cd, v.discharged_at, v.patient_id, pt.insurer;

INSERT INTO billing.invoice (invoice_id, invoice_no, client_id, visit_id, issued_on, due_on, net_amt, vat_amt, total_amt, status, reminder_cnt, last_reminder_on)
SELECT row_number() OVER (ORDER BY t.discharged_at, t.visit_id)::int,
       t.branch_cd || '-' || extract(year FROM t.issued_on) || '-' ||
         lpad((row_number() OVER (PARTITION BY t.branch_cd, extract(year FROM t.issued_on) ORDER BY t.discharged_at, t.visit_id))::text, 5, '0'),
       t.client_id, t.visit_id, t.issued_on, t.issued_on + 30,
       t.net_amt, round(t.net_amt * 0.20, 2), t.net_amt + round(t.net_amt * 0.20, 2),
       CASE WHEN t.issued_on >= date '2025-06-01' THEN CASE WHEN t.rs < 0.30 THEN 'O' ELSE 'P' END
            WHEN t.rs < 0.015 THEN 'V'
            WHEN t.rs < 0.028 THEN 'W'
            WHEN t.rs < 0.045 THEN 'O'
            ELSE 'P' END,
       0, NULL
FROM tmp_inv t;

UPDATE billing.invoice SET reminder_cnt = CASE WHEN status = 'W' THEN 3 ELSE least(3, (date '2025-06-30' - due_on) / 30) END,
                           last_reminder_on = due_on + 7
WHERE status IN ('O','W') AND due_on < date '2025-06-23';

-- payments -------------------------------------------------------------
CREATE TEMP TABLE tmp_pay AS
-- insurer direct claims (80 %) + client excess for insured big bills
SELECT i.invoice_id, 1 AS part, t.discharged_at + (10 + floor(t.rd * 35)) * interval '1 day' + interval '11 hours' AS paid_at,
       round(i.total_amt * 0.80, 2) AS amount, 'INSR' AS method
FROM billing.invoice i JOIN tmp_inv t USING (visit_id)
WHERE i.status = 'P' AND t.insurer IS NOT NULL AND i.total_amt > 300
UNION ALL
SELECT i.invoice_id, 2, t.discharged_at + interval '4 min', i.total_amt - round(i.total_amt * 0.80, 2), 'CARD'
FROM billing.invoice i JOIN tmp_inv t USING (visit_id)
WHERE i.status = 'P' AND t.insurer IS NOT NULL AND i.total_amt > 300
UNION ALL
SELECT i.invoice_id, 1,
       CASE WHEN t.rm < 0.12 THEN t.discharged_at + (1 + floor(t.rd * 25)) * interval '1 day'
            ELSE t.discharged_at + interval '3 min' END,
       i.total_amt,
       CASE WHEN t.rm < 0.12 THEN 'BACS' WHEN t.rm < 0.22 AND t.discharged_at < timestamp '2025-01-01' THEN 'CASH'
            WHEN t.rm < 0.17 THEN 'CASH' ELSE 'CARD' END
FROM billing.invoice i JOIN tmp_inv t USING (visit_id)
WHERE i.status = 'P' AND NOT (t.insurer IS NOT NULL AND i.total_amt > 300)
UNION ALL
-- deposits on some open invoices
SELECT i.invoice_id, 1, t.discharged_at + interval '3 min', round(i.total_amt * 0.5, 2), 'CARD'
FROM billing.invoice i JOIN tmp_inv t USING (visit_id)
WHERE i.status = 'O' AND t.rd < 0.3;

INSERT INTO billing.payment
SELECT row_number() OVER (ORDER BY paid_at, invoice_id, part)::int, invoice_id, date_trunc('minute', paid_at), amount, method
FROM tmp_pay;


-- indexes --------------------------------------------------------------
CREATE INDEX ix_client_last_name   ON clinic.client (last_name);
CREATE INDEX ix_client_phone       ON clinic.client (phone);
CREATE INDEX ix_patient_client     ON clinic.patient (client_id);
CREATE INDEX ix_appt_patient       ON clinic.appointment (patient_id);
CREATE INDEX ix_appt_branch_start  ON clinic.appointment (branch_id, sched_start);
CREATE INDEX ix_visit_patient      ON clinic.visit (patient_id);
CREATE INDEX ix_visit_admitted     ON clinic.visit (admitted_at);
CREATE INDEX ix_visit_item_svc     ON clinic.visit_item (svc_code);
CREATE INDEX ix_vacc_patient       ON clinic.vaccination (patient_id);
CREATE INDEX ix_vacc_batch         ON clinic.vaccination (batch_no);
CREATE INDEX ix_lab_patient        ON clinic.lab_result (patient_id);
CREATE INDEX ix_invoice_client     ON billing.invoice (client_id);
CREATE INDEX ix_invoice_issued     ON billing.invoice (issued_on);
CREATE INDEX ix_payment_invoice    ON billing.payment (invoice_id);

DROP TABLE tmp_pat, tmp_appt, tmp_visit, tmp_visit2, tmp_item, tmp_inv, tmp_pay;
DROP FUNCTION pg_temp.r(integer, bigint);

ANALYZE;

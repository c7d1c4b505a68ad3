-- =====================================================================
--  Lakeshore Regional Blood Service (LRBS) -- production snapshot
--  Snapshot taken Wednesday 2024-09-18 09:00 (local time, no time zones).
--  Schemas: donor (donors, sessions, appointments, deferrals)
--           lab   (components / units, screening tests, storage)
--           supply (hospitals, orders, issues, prices, invoices)
--  All data is generated deterministically (md5-based pseudo randomness).
-- =====================================================================
SET client_min_messages = warning;
SET work_mem = '64MB';

-- deterministic pseudo-random number in [0,1) from a text key (session-local helper)
CREATE FUNCTION pg_temp.hr(t text) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ('x' || substr(md5(t), 1, 8))::bit(32)::bigint::float8 / 4294967296.0::float8 $$;
-- n-th (0..7) 16-bit pseudo-random number in [0,1) taken from an md5 hex string
CREATE FUNCTION pg_temp.hq(m text, n int) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ('x' || substr(m, 1 + 4*n, 4))::bit(16)::int::float8 / 65536.0::float8 $$;
-- n-th (0..3) pseudo-random number in [0,1) taken from an md5 hex string
CREATE FUNCTION pg_temp.hx(m text, n int) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ('x' || substr(m, 1 + 8*n, 8))::bit(32)::bigint::float8 / 4294967296.0::float8 $$;

CREATE SCHEMA donor;
CREATE SCHEMA lab;
CREATE SCHEMA supply;

COMMENT ON SCHEMA donor  IS 'Donor management: donors, collection centres, mobile drives, appointments, donation sessions, deferrals';
COMMENT ON SCHEMA lab    IS 'Processing & testing laboratory: blood components (units), screening tests, storage and temperature monitoring';
COMMENT ON SCHEMA supply IS 'Hospital supply: customers, orders, issues of units, price list, monthly invoices';

-- =====================================================================
--  DDL
-- =====================================================================
CREATE TABLE donor.centre (
  cntr_id      smallint PRIMARY KEY,
  cntr_cd      char(3)  NOT NULL UNIQUE,
  cntr_nm      text     NOT NULL,
  city         text     NOT NULL,
  region_cd    char(1)  NOT NULL,
  is_lab       boolean  NOT NULL DEFAULT false,
  proc_lab_id  smallint NOT NULL,
  opened_on    date     NOT NULL,
  closed_on    date
);
COMMENT ON TABLE  donor.centre IS 'Fixed-site donor (collection) centres. Two of them also host the processing/testing laboratory.';
COMMENT ON COLUMN donor.centre.region_cd   IS 'Region: C=Central, N=North, E=East, S=South, W=West';
COMMENT ON COLUMN donor.centre.is_lab      IS 'true = this site also houses a processing & testing laboratory';
COMMENT ON COLUMN donor.centre.proc_lab_id IS 'cntr_id of the laboratory that processes and tests this centre''s collections';
COMMENT ON COLUMN donor.centre.closed_on   IS 'Last day of operation; NULL = still operating';

CREATE TABLE donor.staff (
  staff_id   integer  PRIMARY KEY,
  staff_nm   text     NOT NULL,
  role_cd    varchar(3) NOT NULL,
  cntr_id    smallint NOT NULL,
  hired_on   date     NOT NULL,
  left_on    date
);
COMMENT ON TABLE  donor.staff IS 'Clinical, laboratory and logistics staff';
COMMENT ON COLUMN donor.staff.role_cd IS 'PHL=phlebotomist (donor carer), RN=registered nurse, MO=medical officer, LT=laboratory technician, DRV=driver';
COMMENT ON COLUMN donor.staff.left_on IS 'Last working day; NULL = still employed';

CREATE TABLE donor.donor (
  donor_id      integer  PRIMARY KEY,
  donor_no      varchar(9) NOT NULL,
  first_nm      text     NOT NULL,
  last_nm       text     NOT NULL,
  sex_cd        char(1)  NOT NULL,
  birth_dt      date     NOT NULL,
  abo_grp       varchar(2),
  rh_fctr       char(1),
  email         text,
  mobile_no     varchar(15),
  home_cntr_id  smallint NOT NULL,
  regd_on       date     NOT NULL,
  hist_don_cnt  smallint,
  last_don_dt   date,
  donor_st      char(1)  NOT NULL,
  st_chg_dt     date     NOT NULL,
  prefs         jsonb    NOT NULL DEFAULT '{}'::jsonb
);
COMMENT ON TABLE  donor.donor IS 'Registered blood donors (one row per person)';
COMMENT ON COLUMN donor.donor.donor_no     IS 'Donor number printed on the donor card, D + 7 digits';
COMMENT ON COLUMN donor.donor.sex_cd       IS 'M=male, F=female';
COMMENT ON COLUMN donor.donor.abo_grp      IS 'ABO blood group (O, A, B, AB); NULL = not yet grouped (donor has never completed a donation)';
COMMENT ON COLUMN donor.donor.rh_fctr      IS 'RhD: + positive, - negative; NULL = not yet grouped';
COMMENT ON COLUMN donor.donor.email        IS 'NULL = no e-mail address on file';
COMMENT ON COLUMN donor.donor.home_cntr_id IS 'Donor''s home (registration) centre';
COMMENT ON COLUMN donor.donor.hist_don_cnt IS 'Number of completed donations recorded in the legacy system before the migration on 2021-01-04; NULL = registered after the migration (no legacy history)';
COMMENT ON COLUMN donor.donor.last_don_dt  IS 'Date of the donor''s most recent COMPLETED donation (legacy or current system); NULL = never donated';
COMMENT ON COLUMN donor.donor.donor_st     IS 'Donor status: A=active (eligible), D=temporarily deferred (a deferral is in force), P=permanently deferred, L=lapsed (no completed donation in the last 24 months), W=withdrawn (asked to be removed from the panel)';
COMMENT ON COLUMN donor.donor.st_chg_dt    IS 'Date the current donor_st took effect';
COMMENT ON COLUMN donor.donor.prefs        IS 'Contact preferences, e.g. {"channel":"sms|email|post|none","newsletter":true,"lang":"en","slot":"morning|afternoon|evening"}; keys may be missing for legacy donors';

CREATE TABLE donor.mobile_drive (
  drive_id       integer  PRIMARY KEY,
  cntr_id        smallint NOT NULL,
  drive_dt       date     NOT NULL,
  host_org       text     NOT NULL,
  venue_city     text     NOT NULL,
  slots_planned  smallint NOT NULL,
  cancel_rsn     text
);
COMMENT ON TABLE  donor.mobile_drive IS 'Mobile blood drives (bus / community venue sessions) run by a centre''s mobile team';
COMMENT ON COLUMN donor.mobile_drive.cntr_id    IS 'Organising centre';
COMMENT ON COLUMN donor.mobile_drive.cancel_rsn IS 'Reason the drive was cancelled; NULL = drive went ahead (or, if in the future, is still planned)';

CREATE TABLE donor.donation (
  don_id      bigint   PRIMARY KEY,
  din         varchar(12) NOT NULL,
  donor_id    integer  NOT NULL,
  cntr_id     smallint NOT NULL,
  drive_id    integer,
  don_ts      timestamp NOT NULL,
  proc_cd     varchar(3) NOT NULL,
  outcome_cd  char(1)  NOT NULL,
  vol_ml      smallint,
  hb_gdl      numeric(3,1),
  rxn_cd      varchar(2),
  phleb_id    integer,
  vitals      jsonb
);
COMMENT ON TABLE  donor.donation IS 'Donation sessions: every donor attendance that reached the pre-donation check, whether or not blood was collected';
COMMENT ON COLUMN donor.donation.din        IS 'Donation identification number (barcode on the pack): LRB + 2-digit year + 7 digits';
COMMENT ON COLUMN donor.donation.cntr_id    IS 'Centre responsible for the session (for mobile drives: the organising centre)';
COMMENT ON COLUMN donor.donation.drive_id   IS 'Mobile drive where the session took place; NULL = at the fixed-site centre';
COMMENT ON COLUMN donor.donation.proc_cd    IS 'Procedure: WB=whole blood, PLS=plasma apheresis, PLT=platelet apheresis';
COMMENT ON COLUMN donor.donation.outcome_cd IS 'C=complete donation, P=partial/low-volume collection (not processed), A=aborted (needle removed early, nothing usable), S=screened out at the pre-donation check (not bled; see donor.deferral)';
COMMENT ON COLUMN donor.donation.vol_ml     IS 'Volume collected in ml; NULL when the donor was not bled (outcome S)';
COMMENT ON COLUMN donor.donation.hb_gdl     IS 'Haemoglobin at the pre-donation finger-prick test, g/dL';
COMMENT ON COLUMN donor.donation.rxn_cd     IS 'Adverse donor reaction: VV=vasovagal (faint), HM=haematoma/bruise, NI=nerve injury, CT=citrate reaction (apheresis); NULL = no reaction';
COMMENT ON COLUMN donor.donation.phleb_id   IS 'Staff member who performed the venepuncture / screening';
COMMENT ON COLUMN donor.donation.vitals     IS 'Pre-donation vitals {"bp_sys","bp_dia","pulse","wt_kg"}; NULL = captured on paper (sessions before 2022-03-01)';

CREATE TABLE donor.deferral_reason (
  dfr_cd     varchar(3) PRIMARY KEY,
  dfr_desc   text     NOT NULL,
  dflt_days  smallint
);
COMMENT ON TABLE  donor.deferral_reason IS 'Reference list of deferral reasons';
COMMENT ON COLUMN donor.deferral_reason.dflt_days IS 'Standard deferral length in days; NULL = permanent deferral';

CREATE TABLE donor.deferral (
  dfr_id     integer  PRIMARY KEY,
  donor_id   integer  NOT NULL,
  dfr_cd     varchar(3) NOT NULL,
  dfr_from   date     NOT NULL,
  dfr_until  date,
  don_id     bigint,
  noted_by   integer
);
COMMENT ON TABLE  donor.deferral IS 'Deferrals: periods during which a donor may not donate. A deferral is in force on day X when dfr_from <= X and (dfr_until IS NULL or dfr_until > X)';
COMMENT ON COLUMN donor.deferral.dfr_until IS 'First day the donor may donate again; NULL = permanent deferral';
COMMENT ON COLUMN donor.deferral.don_id    IS 'Session at which the deferral was recorded; NULL = recorded outside a session (phone call, health questionnaire, lab result)';

CREATE TABLE donor.appointment (
  appt_id       bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  donor_id      integer  NOT NULL,
  cntr_id       smallint NOT NULL,
  drive_id      integer,
  slot_ts       timestamp NOT NULL,
  booked_at     timestamp NOT NULL,
  chan_cd       char(1)  NOT NULL,
  appt_st       char(1)  NOT NULL,
  cancelled_at  timestamp,
  don_id        bigint,
  rmdr_sent_at  timestamp
) WITH (autovacuum_enabled = false);
COMMENT ON TABLE  donor.appointment IS 'Booked donation appointments. Walk-in donors have a donation but no appointment.';
COMMENT ON COLUMN donor.appointment.drive_id     IS 'Mobile drive the slot belongs to; NULL = fixed-site slot';
COMMENT ON COLUMN donor.appointment.chan_cd      IS 'Booking channel: W=website, M=mobile app (launched 2023-03-01), P=phone contact centre, S=booked by staff at a previous session';
COMMENT ON COLUMN donor.appointment.appt_st      IS 'B=booked (future), A=attended (see don_id), N=no-show, X=cancelled by donor';
COMMENT ON COLUMN donor.appointment.cancelled_at IS 'When the donor cancelled; NULL unless appt_st = X';
COMMENT ON COLUMN donor.appointment.don_id       IS 'Resulting donation session; NULL unless attended';
COMMENT ON COLUMN donor.appointment.rmdr_sent_at IS 'When the SMS/e-mail reminder was sent; NULL = no reminder sent';

-- ---------------- lab ----------------
CREATE TABLE lab.component_type (
  comp_cd          varchar(3) PRIMARY KEY,
  comp_nm          text     NOT NULL,
  shelf_life_days  smallint NOT NULL,
  store_kind_cd    char(1)  NOT NULL
);
COMMENT ON TABLE  lab.component_type IS 'Blood component (product) types';
COMMENT ON COLUMN lab.component_type.shelf_life_days IS 'Days from collection date to expiry date';
COMMENT ON COLUMN lab.component_type.store_kind_cd   IS 'Storage kind needed: F=fridge 2-6C, Z=freezer -25C or colder, A=platelet agitator 20-24C';

CREATE TABLE lab.storage_loc (
  loc_id    smallint PRIMARY KEY,
  cntr_id   smallint NOT NULL,
  loc_nm    text     NOT NULL UNIQUE,
  kind_cd   char(1)  NOT NULL,
  temp_lo   numeric(4,1) NOT NULL,
  temp_hi   numeric(4,1) NOT NULL,
  asset_tag varchar(10) NOT NULL
);
COMMENT ON TABLE  lab.storage_loc IS 'Monitored storage equipment in the two laboratories';
COMMENT ON COLUMN lab.storage_loc.kind_cd IS 'F=blood fridge, Z=plasma freezer, A=platelet agitator/incubator';
COMMENT ON COLUMN lab.storage_loc.temp_lo IS 'Lowest acceptable temperature (deg C); a reading below it is an excursion';
COMMENT ON COLUMN lab.storage_loc.temp_hi IS 'Highest acceptable temperature (deg C); a reading above it is an excursion';

CREATE TABLE lab.temp_reading (
  rdg_id   bigint PRIMARY KEY,
  loc_id   smallint NOT NULL,
  read_ts  timestamp NOT NULL,
  temp_c   numeric(4,1) NOT NULL
);
COMMENT ON TABLE lab.temp_reading IS 'Automatic temperature probe readings, every 30 minutes (only the last 60 days are kept online)';

CREATE TABLE lab.analyzer (
  analyzer_id  smallint PRIMARY KEY,
  srl_no       varchar(12) NOT NULL UNIQUE,
  model_nm     text     NOT NULL,
  test_grp     varchar(3) NOT NULL,
  lab_cntr_id  smallint NOT NULL,
  installed_on date     NOT NULL,
  retired_on   date
);
COMMENT ON COLUMN lab.analyzer.test_grp   IS 'SER=serology (antibody/antigen) analyser, NAT=nucleic-acid testing analyser';
COMMENT ON COLUMN lab.analyzer.retired_on IS 'Date taken out of service; NULL = in service';

CREATE TABLE lab.test_type (
  test_cd    varchar(4) PRIMARY KEY,
  test_nm    text     NOT NULL,
  test_grp   varchar(3) NOT NULL,
  first_only boolean  NOT NULL DEFAULT false
);
COMMENT ON COLUMN lab.test_type.first_only IS 'true = only performed on a donor''s first donation';

CREATE TABLE lab.test_result (
  rslt_id      bigint    NOT NULL,
  don_id       bigint    NOT NULL,
  test_cd      varchar(4) NOT NULL,
  smpl_ts      timestamp NOT NULL,
  rslt_ts      timestamp,
  rslt_cd      char(1),
  analyzer_id  smallint,
  PRIMARY KEY (rslt_id, smpl_ts)
) PARTITION BY RANGE (smpl_ts);
COMMENT ON TABLE  lab.test_result IS 'Mandatory screening test results per donation. Partitioned by quarter of sample receipt. Results before 2023-07-01 live in the archived LIMS and are not in this database.';
COMMENT ON COLUMN lab.test_result.smpl_ts IS 'When the sample tube was received by the laboratory';
COMMENT ON COLUMN lab.test_result.rslt_ts IS 'When the result was authorised; NULL = still pending';
COMMENT ON COLUMN lab.test_result.rslt_cd IS 'N=negative, I=initially reactive but negative on repeat testing (cleared), R=repeat reactive (confirmed positive screen: all units discarded, donor permanently deferred); NULL = pending';

CREATE TABLE lab.test_result_2023q3 PARTITION OF lab.test_result FOR VALUES FROM ('2023-07-01') TO ('2023-10-01');
CREATE TABLE lab.test_result_2023q4 PARTITION OF lab.test_result FOR VALUES FROM ('2023-10-01') TO ('2024-01-01');
CREATE TABLE lab.test_result_2024q1 PARTITION OF lab.test_result FOR VALUES FROM ('2024-01-01') TO ('2024-04-01');
CREATE TABLE lab.test_result_2024q2 PARTITION OF lab.test_result FOR VALUES FROM ('2024-04-01') TO ('2024-07-01');
CREATE TABLE lab.test_result_2024q3 PARTITION OF lab.test_result FOR VALUES FROM ('2024-07-01') TO ('2024-10-01');
CREATE TABLE lab.test_result_2024q4 PARTITION OF lab.test_result FOR VALUES FROM ('2024-10-01') TO ('2025-01-01');
CREATE TABLE lab.test_result_dflt   PARTITION OF lab.test_result DEFAULT;

CREATE TABLE lab.blood_unit (
  unit_id      bigint   PRIMARY KEY,
  unit_no      varchar(17) NOT NULL,
  don_id       bigint   NOT NULL,
  comp_cd      varchar(3) NOT NULL,
  abo_grp      varchar(2) NOT NULL,
  rh_fctr      char(1)  NOT NULL,
  vol_ml       smallint NOT NULL,
  prep_ts      timestamp NOT NULL,
  exp_dt       date     NOT NULL,
  unit_st      char(1)  NOT NULL,
  loc_id       smallint,
  rsv_ord_id   integer,
  irr_flg      char(1)  NOT NULL DEFAULT 'N'
);
COMMENT ON TABLE  lab.blood_unit IS 'Blood components (units/packs) produced from complete donations. Partial, aborted and screened-out sessions produce no units.';
COMMENT ON COLUMN lab.blood_unit.unit_no    IS 'Pack label: donation DIN + "-" + component code (+ split number for platelets)';
COMMENT ON COLUMN lab.blood_unit.abo_grp    IS 'ABO group of the unit (copied from the donor at labelling)';
COMMENT ON COLUMN lab.blood_unit.prep_ts    IS 'When processing/labelling was completed';
COMMENT ON COLUMN lab.blood_unit.exp_dt     IS 'Expiry date; the unit may be used up to the end of this day';
COMMENT ON COLUMN lab.blood_unit.unit_st    IS 'Q=quarantine (awaiting test results), A=available in stock, R=reserved (cross-matched / allocated to an open hospital order, see rsv_ord_id), I=issued to a hospital (see supply.issue), D=discarded (see lab.discard)';
COMMENT ON COLUMN lab.blood_unit.loc_id     IS 'Current storage location; NULL once the unit has left stock (issued or discarded)';
COMMENT ON COLUMN lab.blood_unit.rsv_ord_id IS 'Open order the unit is reserved for; NULL unless unit_st = R';
COMMENT ON COLUMN lab.blood_unit.irr_flg    IS 'Y = irradiated (for immunocompromised recipients), N = not irradiated';

CREATE TABLE lab.discard (
  unit_id     bigint   PRIMARY KEY,
  disc_ts     timestamp NOT NULL,
  rsn_cd      varchar(3) NOT NULL,
  auth_by     integer
);
COMMENT ON TABLE  lab.discard IS 'Units destroyed / written off (one row per discarded unit)';
COMMENT ON COLUMN lab.discard.rsn_cd IS 'EXP=expired on the shelf, RX=reactive screening test, TMP=temperature excursion, BRK=broken or leaking pack';
COMMENT ON COLUMN lab.discard.auth_by IS 'Laboratory technician who authorised the discard';

-- ---------------- supply ----------------
CREATE TABLE supply.hospital (
  hosp_id        smallint PRIMARY KEY,
  hosp_cd        char(3)  NOT NULL UNIQUE,
  hosp_nm        text     NOT NULL,
  city           text     NOT NULL,
  tier_cd        char(1)  NOT NULL,
  pay_terms_days smallint NOT NULL,
  contract_from  date     NOT NULL,
  contract_to    date,
  contact        jsonb
);
COMMENT ON TABLE  supply.hospital IS 'Hospital customers (blood bank / transfusion laboratories)';
COMMENT ON COLUMN supply.hospital.tier_cd        IS 'T=major trauma / teaching hospital, G=general hospital, S=specialist centre, C=community hospital or hospice, P=private hospital';
COMMENT ON COLUMN supply.hospital.pay_terms_days IS 'Invoice payment terms: due date = invoice date + this many days';
COMMENT ON COLUMN supply.hospital.contract_to    IS 'Last day of the supply contract; NULL = contract ongoing';

CREATE TABLE supply.price_list (
  comp_cd     varchar(3) NOT NULL,
  valid_from  date     NOT NULL,
  valid_to    date,
  unit_price  numeric(8,2) NOT NULL,
  PRIMARY KEY (comp_cd, valid_from)
);
COMMENT ON TABLE  supply.price_list IS 'National tariff per component; changes each financial year on 1 April';
COMMENT ON COLUMN supply.price_list.valid_to IS 'Last day the price applied; NULL = current price';

CREATE TABLE supply.blood_order (
  ord_id         integer  PRIMARY KEY,
  ord_no         varchar(12) NOT NULL,
  hosp_id        smallint NOT NULL,
  ordered_at     timestamp NOT NULL,
  need_by        timestamp NOT NULL,
  prio_cd        char(1)  NOT NULL,
  ord_st         char(1)  NOT NULL,
  dispatched_at  timestamp,
  delivered_at   timestamp,
  cancelled_at   timestamp,
  srchg_amt      numeric(8,2) NOT NULL DEFAULT 0
);
COMMENT ON TABLE  supply.blood_order IS 'Hospital orders for blood components';
COMMENT ON COLUMN supply.blood_order.prio_cd       IS 'R=routine (scheduled delivery run), U=urgent, E=emergency (blue-light)';
COMMENT ON COLUMN supply.blood_order.ord_st        IS 'O=open (units reserved, not yet dispatched), F=filled completely, P=partially filled (shortage on at least one line), C=cancelled by the hospital';
COMMENT ON COLUMN supply.blood_order.dispatched_at IS 'When the units left the laboratory; NULL = not dispatched (open or cancelled)';
COMMENT ON COLUMN supply.blood_order.delivered_at  IS 'When the hospital signed for the delivery; NULL = not delivered (open or cancelled)';
COMMENT ON COLUMN supply.blood_order.srchg_amt     IS 'Delivery surcharge invoiced with the order: 25.00 for urgent, 60.00 for emergency, 0 for routine and cancelled orders';

CREATE TABLE supply.order_line (
  ord_id    integer  NOT NULL,
  line_no   smallint NOT NULL,
  comp_cd   varchar(3) NOT NULL,
  abo_grp   varchar(2) NOT NULL,
  rh_fctr   char(1)  NOT NULL,
  qty_req   smallint NOT NULL,
  qty_iss   smallint NOT NULL,
  PRIMARY KEY (ord_id, line_no)
);
COMMENT ON COLUMN supply.order_line.qty_req IS 'Units requested';
COMMENT ON COLUMN supply.order_line.qty_iss IS 'Units actually issued against the line (0 for open and cancelled orders)';

CREATE TABLE supply.issue (
  issue_id    bigint   PRIMARY KEY,
  unit_id     bigint   NOT NULL,
  ord_id      integer  NOT NULL,
  issued_at   timestamp NOT NULL,
  unit_price  numeric(8,2) NOT NULL,
  fate_cd     char(1)
);
COMMENT ON TABLE  supply.issue IS 'Units issued (dispatched) to hospitals, one row per unit';
COMMENT ON COLUMN supply.issue.unit_price IS 'Tariff price charged for the unit (price list valid on the issue date)';
COMMENT ON COLUMN supply.issue.fate_cd    IS 'Final fate reported back by the hospital: T=transfused, W=wasted at the hospital; NULL = fate not yet reported';

CREATE TABLE supply.invoice (
  inv_id      integer  PRIMARY KEY,
  inv_no      varchar(16) NOT NULL UNIQUE,
  hosp_id     smallint NOT NULL,
  period_mo   date     NOT NULL,
  inv_dt      date     NOT NULL,
  due_dt      date     NOT NULL,
  net_amt     numeric(12,2) NOT NULL,
  paid_dt     date
);
COMMENT ON TABLE  supply.invoice IS 'Monthly invoices per hospital: units issued in the month (unit_price) plus order surcharges. The current month is invoiced on the 3rd of the following month.';
COMMENT ON COLUMN supply.invoice.period_mo IS 'First day of the month being invoiced';
COMMENT ON COLUMN supply.invoice.paid_dt   IS 'Date payment was received; NULL = unpaid';

-- =====================================================================
--  Reference data
-- =====================================================================
INSERT INTO donor.centre VALUES
 (1,'HBR','Harbourton Central Donor Centre','Harbourton','C',true ,1,'1998-03-02',NULL),
 (2,'MLB','Millbrook Donor Centre'         ,'Millbrook' ,'N',false,1,'2004-06-14',NULL),
 (3,'EST','Easton Donor Centre'            ,'Easton'    ,'E',false,5,'2006-09-04',NULL),
 (4,'WSF','Westfield Donor Centre'         ,'Westfield' ,'W',false,1,'2008-01-21',NULL),
 (5,'KGB','Kingsbridge Donor Centre'       ,'Kingsbridge','S',true,5,'2001-11-05',NULL),
 (6,'ASH','Ashford Donor Centre'           ,'Ashford'   ,'S',false,5,'2010-04-12',NULL),
 (7,'RVS','Riverside Donor Centre'         ,'Harbourton','C',false,1,'2012-02-06',NULL),
 (8,'OAK','Oakham Donor Centre'            ,'Oakham'    ,'N',false,1,'2009-10-19',NULL),
 (9,'GRY','Greystone Donor Centre'         ,'Greystone' ,'W',false,1,'2013-05-13',NULL),
 (10,'PNC','Pinecrest Donor Centre'        ,'Pinecrest' ,'E',false,5,'2015-03-09',NULL),
 (11,'FRH','Fairhaven Donor Centre'        ,'Fairhaven' ,'S',false,5,'2022-05-02',NULL),
 (12,'STB','Stonebridge Donor Centre'      ,'Stonebridge','N',false,1,'2007-07-02','2023-06-30');

INSERT INTO donor.deferral_reason VALUES
 ('LHB','Low haemoglobin',90),
 ('LBP','Blood pressure outside limits',7),
 ('ILL','Recent illness or infection',14),
 ('MED','Medication',28),
 ('TRV','Travel to a malaria-risk area',120),
 ('TAT','Tattoo, piercing or acupuncture',120),
 ('SUR','Surgery or invasive procedure',180),
 ('PRG','Pregnancy or recent childbirth',270),
 ('HRB','Sexual or injecting risk behaviour',90),
 ('VEN','Difficult venous access',365),
 ('CJD','vCJD risk (received a transfusion or graft)',NULL),
 ('RXT','Confirmed reactive screening test',NULL);

INSERT INTO lab.component_type VALUES
 ('RBC','Red cells in additive solution',42,'F'),
 ('FFP','Fresh frozen plasma',730,'Z'),
 ('PLT','Platelets (apheresis)',7,'A'),
 ('CRY','Cryoprecipitate',365,'Z');

INSERT INTO lab.test_type VALUES
 ('HIV','HIV-1/2 antigen/antibody','SER',false),
 ('HBV','Hepatitis B surface antigen (HBsAg)','SER',false),
 ('HCV','Hepatitis C antibody','SER',false),
 ('SYP','Syphilis antibody','SER',false),
 ('HTLV','HTLV-I/II antibody','SER',true),
 ('NAT','Multiplex NAT (HIV/HBV/HCV RNA-DNA)','NAT',false);

INSERT INTO lab.analyzer VALUES
 (1,'SX8-10421','Serolyt 8000','SER',1,'2019-05-06',NULL),
 (2,'SX8-10433','Serolyt 8000','SER',1,'2019-05-06','2024-02-29'),
 (3,'SX9-20017','Serolyt 9000','SER',1,'2024-03-01',NULL),
 (4,'NXP-00712','NuclaX Panther','NAT',1,'2020-09-14',NULL),
 (5,'SX8-10502','Serolyt 8000','SER',5,'2019-08-19',NULL),
 (6,'NXP-00745','NuclaX Panther','NAT',5,'2020-10-05',NULL);

INSERT INTO lab.storage_loc VALUES
 (1, 1,'HBR Fridge 1','F',2.0,6.0,'EQ-1101'),
 (2, 1,'HBR Fridge 2','F',2.0,6.0,'EQ-1102'),
 (3, 1,'HBR Fridge 3','F',2.0,6.0,'EQ-1103'),
 (4, 1,'HBR Fridge 4','F',2.0,6.0,'EQ-1104'),
 (5, 1,'HBR Freezer 1','Z',-45.0,-25.0,'EQ-1201'),
 (6, 1,'HBR Freezer 2','Z',-45.0,-25.0,'EQ-1202'),
 (7, 1,'HBR Freezer 3','Z',-45.0,-25.0,'EQ-1203'),
 (8, 1,'HBR Agitator 1','A',20.0,24.0,'EQ-1301'),
 (9, 1,'HBR Agitator 2','A',20.0,24.0,'EQ-1302'),
 (10,5,'KGB Fridge 1','F',2.0,6.0,'EQ-5101'),
 (11,5,'KGB Fridge 2','F',2.0,6.0,'EQ-5102'),
 (12,5,'KGB Fridge 3','F',2.0,6.0,'EQ-5103'),
 (13,5,'KGB Freezer 1','Z',-45.0,-25.0,'EQ-5201'),
 (14,5,'KGB Freezer 2','Z',-45.0,-25.0,'EQ-5202'),
 (15,5,'KGB Agitator 1','A',20.0,24.0,'EQ-5301');

INSERT INTO supply.hospital VALUES
 (1 ,'HGH','Harbourton General Hospital','Harbourton','T',30,'2015-04-01',NULL,'{"lab":"Transfusion Lab","phone":"01632 960001","out_of_hours":true}'),
 (2 ,'HCH','Harbourton Children''s Hospital','Harbourton','S',30,'2015-04-01',NULL,'{"lab":"Blood Bank","phone":"01632 960002","out_of_hours":true}'),
 (3 ,'MRI','Millbrook Royal Infirmary','Millbrook','G',30,'2015-04-01',NULL,'{"lab":"Blood Bank","phone":"01632 960003","out_of_hours":true}'),
 (4 ,'EGH','Easton General Hospital','Easton','G',30,'2015-04-01',NULL,'{"lab":"Haematology","phone":"01632 960004","out_of_hours":true}'),
 (5 ,'WCH','Westfield Community Hospital','Westfield','C',30,'2016-04-01',NULL,'{"lab":"Pathology","phone":"01632 960005","out_of_hours":false}'),
 (6 ,'KUH','Kingsbridge University Hospital','Kingsbridge','T',30,'2015-04-01',NULL,'{"lab":"Transfusion Lab","phone":"01632 960006","out_of_hours":true}'),
 (7 ,'ADH','Ashford District Hospital','Ashford','G',30,'2015-04-01',NULL,'{"lab":"Blood Bank","phone":"01632 960007","out_of_hours":true}'),
 (8 ,'RVC','Riverside Private Clinic','Harbourton','P',45,'2018-09-01',NULL,'{"lab":"Pathology","phone":"01632 960008","out_of_hours":false}'),
 (9 ,'OCH','Oakham Cottage Hospital','Oakham','C',30,'2016-04-01',NULL,'{"lab":"Pathology","phone":"01632 960009","out_of_hours":false}'),
 (10,'GGH','Greystone General Hospital','Greystone','G',30,'2015-04-01',NULL,'{"lab":"Blood Bank","phone":"01632 960010","out_of_hours":true}'),
 (11,'PCC','Pinecrest Cancer Centre','Pinecrest','S',30,'2017-01-01',NULL,'{"lab":"Haemato-oncology","phone":"01632 960011","out_of_hours":true}'),
 (12,'FMU','Fairhaven Maternity Unit','Fairhaven','S',30,'2019-04-01',NULL,'{"lab":"Blood Bank","phone":"01632 960012","out_of_hours":true}'),
 (13,'SMH','Stonebridge Memorial Hospital','Stonebridge','C',30,'2016-04-01',NULL,'{"lab":"Pathology","phone":"01632 960013","out_of_hours":false}'),
 (14,'LPH','Lakeside Private Hospital','Harbourton','P',45,'2017-06-01',NULL,'{"lab":"Pathology","phone":"01632 960014","out_of_hours":false}'),
 (15,'NCC','Northvale Cardiac Centre','Millbrook','S',30,'2018-01-01',NULL,'{"lab":"Cardiac Blood Bank","phone":"01632 960015","out_of_hours":true}'),
 (16,'HHO','Harbour Hospice','Harbourton','C',30,'2019-01-01',NULL,'{"lab":null,"phone":"01632 960016","out_of_hours":false}'),
 (17,'WVH','Westvale Hospital','Westfield','G',30,'2016-04-01','2023-12-31','{"lab":"Blood Bank","phone":"01632 960017","out_of_hours":true}'),
 (18,'SHP','St Helen''s Private Hospital','Kingsbridge','P',45,'2024-04-01',NULL,'{"lab":"Pathology","phone":"01632 960018","out_of_hours":false}');

INSERT INTO supply.price_list
SELECT c.comp_cd, make_date(fy,4,1),
       CASE WHEN fy = 2024 THEN NULL ELSE make_date(fy+1,3,31) END,
       (ARRAY[p20,p21,p22,p23,p24])[fy-2019]
FROM (VALUES ('RBC',124.80,128.50,133.10,139.60,146.75),
             ('FFP', 31.20, 32.10, 33.40, 35.00, 36.90),
             ('PLT',198.00,204.50,211.00,221.40,232.80),
             ('CRY', 88.00, 90.50, 93.20, 97.80,102.60)) c(comp_cd,p20,p21,p22,p23,p24)
CROSS JOIN generate_series(2020,2024) fy;

-- =====================================================================
--  Staff
-- =====================================================================
CREATE TEMP TABLE t_names AS SELECT
 ARRAY['Emma','Olivia','Sophie','Grace','Chloe','Amelia','Lucy','Hannah','Ella','Mia','Isla','Ruby','Jessica','Lily','Charlotte','Ava','Holly','Megan','Rachel','Laura','Sarah','Katie','Zoe','Freya','Alice','Anna','Helen','Claire','Joanne','Nicola','Karen','Susan','Julie','Fiona','Amy','Beth','Niamh','Priya','Aisha','Maria','Ewa','Joanna','Agnieszka','Fatima','Leah','Molly','Eleanor','Jade','Rosie','Imogen'] AS fn_f,
 ARRAY['Oliver','Jack','Harry','George','Thomas','James','William','Daniel','Samuel','Joseph','Charlie','Alfie','Jacob','Noah','Ethan','Lewis','Adam','Ryan','Matthew','David','Michael','Paul','Mark','Andrew','Steven','Richard','Peter','John','Robert','Christopher','Gareth','Rhys','Owen','Callum','Liam','Connor','Aiden','Ravi','Omar','Tomasz','Piotr','Marek','Luke','Ben','Sam','Joe','Dylan','Kieran','Ian','Neil'] AS fn_m,
 ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke','Patel','Khan','Lewis','James','Phillips','Mason','Mitchell','Rose','Davis','Rodriguez','Cox','Alexander','Garden','Campbell','Johnston','Moore','Smyth','Oneill','Doherty','Stewart','Quinn','Murphy','Graham','Mclaughlin','Hamilton','Murray','Hughes','Robertson','Thomson','Scott','Macdonald','Reid','Clark','Ross','Young','Watson','Paterson','Morrison','Nowak','Kowalski','Wisniewski','Lewandowski','Kaminski','Ali','Hussain','Begum','Ahmed','Shah','Singh','Kaur','Edwards','Turner','Hill','Cooper','Ward','Morris','King','Harris','Baker','Parker','Bennett','Carter','Price','Griffiths','Allen','Kelly','Marshall','Owen','Lloyd','Chapman','Fletcher','Fox','Barker','Holmes','Gibson','Burton','Ellis','Palmer','Webb','Lawson'] AS ln;

CREATE TEMP TABLE t_staff0 AS
SELECT c.cntr_id, r.role_cd, s AS slot, c.opened_on, c.closed_on, c.is_lab
FROM donor.centre c
CROSS JOIN (VALUES ('PHL',6),('RN',3),('MO',1),('DRV',2),('LT',8)) r(role_cd, n)
CROSS JOIN LATERAL generate_series(1, r.n) s
WHERE r.role_cd <> 'LT' OR c.is_lab;

CREATE TEMP TABLE t_staff1 AS
WITH a AS (
  SELECT *,
    CASE WHEN opened_on >= '2021-01-01' THEN opened_on - 14
         ELSE date '2012-01-02' + floor(pg_temp.hr('sh'||cntr_id||role_cd||slot) * 3200)::int END AS hired1,
    pg_temp.hr('sl'||cntr_id||role_cd||slot) AS h_left,
    date '2021-03-01' + floor(pg_temp.hr('sld'||cntr_id||role_cd||slot) * 1250)::int AS left_d
  FROM t_staff0)
SELECT cntr_id, role_cd, slot, 1 AS gen, hired1 AS hired_on,
       CASE WHEN h_left < 0.18 AND (closed_on IS NULL OR left_d < closed_on) THEN left_d
            ELSE closed_on END AS left_on
FROM a
UNION ALL
SELECT cntr_id, role_cd, slot, 2, left_d + 1, closed_on
FROM a WHERE h_left < 0.18 AND (closed_on IS NULL OR left_d < closed_on);

INSERT INTO donor.staff
SELECT x.staff_id,
       CASE WHEN x.staff_id % 2 = 0 THEN n.fn_f[1 + (x.staff_id*7 % 50)] ELSE n.fn_m[1 + (x.staff_id*7 % 50)] END
         || ' ' || n.ln[1 + ((x.staff_id*13) % 97)],
       x.role_cd, x.cntr_id, x.hired_on, x.left_on
FROM (SELECT row_number() OVER (ORDER BY cntr_id, role_cd, slot, gen)::int AS staff_id, * FROM t_staff1) x
CROSS JOIN t_names n
ORDER BY x.staff_id;

-- =====================================================================
--  Donors (attributes) and mobile drives
-- =====================================================================
CREATE TEMP TABLE t_dn AS
WITH m AS MATERIALIZED (
  SELECT i, md5('a'||i) m1, md5('b'||i) m2, md5('c'||i) m3, md5('e'||i) m5
  FROM generate_series(1, 40000) i
), g AS MATERIALIZED (
  SELECT i,
    pg_temp.hx(m1,0) h_reg, pg_temp.hx(m1,1) h_sex, pg_temp.hx(m1,2) h_abo, pg_temp.hx(m1,3) h_rh,
    pg_temp.hx(m2,0) h_typ, pg_temp.hx(m2,1) h_cn,  pg_temp.hx(m2,2) h_gap, pg_temp.hx(m2,3) h_lap,
    pg_temp.hq(m3,0) h_lap2, pg_temp.hq(m3,1) h_off, pg_temp.hq(m3,2) h_dob, pg_temp.hq(m3,3) h_w,
    pg_temp.hq(m3,4) h_his, pg_temp.hq(m3,5) h_nev, pg_temp.hq(m3,6) h_leg, pg_temp.hq(m3,7) h_wt,
    pg_temp.hx(m5,0) h_fn, pg_temp.hx(m5,1) h_ln, pg_temp.hx(m5,2) h_ct, pg_temp.hx(m5,3) h_pf
  FROM m
), a AS (
  SELECT g.*,
    date '2024-09-17' - floor(7180 * power(h_reg, 1.6))::int AS regd_on,
    CASE WHEN h_sex < 0.52 THEN 'F' ELSE 'M' END AS sex_cd,
    CASE WHEN h_abo < 0.46 THEN 'O' WHEN h_abo < 0.87 THEN 'A' WHEN h_abo < 0.96 THEN 'B' ELSE 'AB' END AS abo,
    CASE WHEN h_rh < 0.15 THEN '-' ELSE '+' END AS rh,
    CASE WHEN h_typ < 0.015 THEN 'PLS' WHEN h_typ < 0.025 THEN 'PLT' WHEN h_typ < 0.32 THEN 'REG'
         WHEN h_typ < 0.70 THEN 'OCC' ELSE 'RARE' END AS typ,
    CASE WHEN h_cn < 0.16 THEN 1 WHEN h_cn < 0.26 THEN 2 WHEN h_cn < 0.35 THEN 3 WHEN h_cn < 0.44 THEN 4
         WHEN h_cn < 0.55 THEN 5 WHEN h_cn < 0.62 THEN 6 WHEN h_cn < 0.70 THEN 7 WHEN h_cn < 0.76 THEN 8
         WHEN h_cn < 0.83 THEN 9 WHEN h_cn < 0.90 THEN 10 WHEN h_cn < 0.94 THEN 11 ELSE 12 END AS home0
  FROM g
), b AS (
  SELECT a.*,
    CASE WHEN home0 = 11 AND regd_on < '2022-05-02' THEN 6
         WHEN home0 = 12 AND regd_on > '2023-06-30' THEN 8 ELSE home0 END AS home,
    CASE typ WHEN 'PLS' THEN 14 + floor(h_gap*21) WHEN 'PLT' THEN 28 + floor(h_gap*28)
             WHEN 'REG' THEN 140 + floor(h_gap*60) WHEN 'OCC' THEN 200 + floor(h_gap*300)
             ELSE 420 + floor(h_gap*600) END::int AS gap,
    (regd_on - interval '17 years')::date - floor(h_dob*38*365)::int AS birth_dt
  FROM a
), c AS (
  SELECT b.*,
    CASE WHEN regd_on >= '2021-01-04' THEN regd_on
         ELSE date '2021-01-04' + floor(h_off * gap)::int END AS first_d
  FROM b
)
SELECT c.*,
  CASE WHEN h_nev < 0.10 THEN NULL
       ELSE least(CASE WHEN h_lap < 0.42 THEN date '2024-09-17'
                       ELSE first_d + floor(h_lap2 * greatest(date '2024-09-17' - first_d, 0))::int END,
                  (birth_dt + interval '70 years')::date - 7) END AS stop_d,
  (h_w < 0.025) AS wd_flag,
  CASE WHEN regd_on < '2021-01-04'
       THEN floor(h_his * ((date '2021-01-04' - regd_on) / 365.0)
                  * CASE typ WHEN 'PLS' THEN 12 WHEN 'PLT' THEN 8 WHEN 'REG' THEN 2.2 WHEN 'OCC' THEN 1.0 ELSE 0.4 END)::int
  END AS hist
FROM c;
ANALYZE t_dn;

CREATE TEMP TABLE t_drive AS
WITH d AS (
  SELECT c.cntr_id, c.city, dd::date AS drive_dt,
         pg_temp.hr('dho'||c.cntr_id||':'||dd::date) AS h_host,
         pg_temp.hr('dcx'||c.cntr_id||':'||dd::date) AS h_cx,
         pg_temp.hr('dsl'||c.cntr_id||':'||dd::date) AS h_sl
  FROM donor.centre c
  CROSS JOIN generate_series(date '2021-01-04', date '2024-10-31', interval '1 day') dd
  WHERE extract(isodow FROM dd) IN (2,4,6)
    AND dd >= c.opened_on AND (c.closed_on IS NULL OR dd <= c.closed_on)
    AND pg_temp.hr('drv'||c.cntr_id||':'||dd::date) < 0.35
)
SELECT row_number() OVER (ORDER BY drive_dt, cntr_id)::int AS drive_id, d.*,
  CASE WHEN drive_dt <= '2024-09-17' AND h_cx < 0.03 THEN
       (ARRAY['Venue unavailable','Too few bookings','Severe weather','Staff shortage','Vehicle breakdown'])[1 + floor(h_cx/0.03*5)::int]
  END AS cancel_rsn
FROM d;

INSERT INTO donor.mobile_drive
SELECT drive_id, cntr_id, drive_dt,
  (ARRAY[
   'Harbourton University','Harbourton City Council','St Mary''s Church Harbourton','Portside Logistics',
   'Millbrook Rotary Club','Millbrook Fire Station','Northern Rail Depot','Millbrook High School',
   'Easton Community Centre','Easton Football Club','Brightwater Foods','Easton Library',
   'Westfield Leisure Centre','Westfield College','Greenacre Farmers Union','Westfield Mosque',
   'Kingsbridge University','Kingsbridge Police HQ','Southern Water Works','Kingsbridge Cathedral',
   'Ashford Town Hall','Ashford Rugby Club','Meadow Retail Park','Ashford Scouts',
   'Riverside Business Park','Harbourton Hospital Staff Club','Riverside Baptist Church','Quayside Offices',
   'Oakham Village Hall','Oakham Agricultural Show','Oakham Grammar School','Northvale Brewery',
   'Greystone Quarry Workers','Greystone Civic Centre','Greystone Methodist Church','Westgate Mall',
   'Pinecrest Tech Park','Pinecrest Golf Club','Eastern Army Barracks','Pinecrest Sixth Form',
   'Fairhaven Marina Club','Fairhaven Lifeboat Station','Fairhaven Town Council','Seaview Holiday Park',
   'Stonebridge Social Club','Stonebridge Mill','Stonebridge Parish Church','Northvale Council'
  ])[(cntr_id - 1) * 4 + 1 + floor(h_host * 4)::int],
  city, (24 + 6 * floor(h_sl * 7))::smallint, cancel_rsn
FROM t_drive ORDER BY drive_id;

-- =====================================================================
--  Donation schedule
-- =====================================================================
CREATE TEMP TABLE t_s0 AS
SELECT d.i, k, d.typ, d.home, d.regd_on, d.gap,
       d.first_d + k * d.gap
         + CASE WHEN k = 0 THEN 0 ELSE floor(pg_temp.hr('j'||d.i||':'||k) * d.gap * 0.3)::int END AS d0,
       CASE WHEN d.typ IN ('PLS','PLT') THEN 1 ELSE pg_temp.hr('dv'||d.i||':'||k) END AS h_dv
FROM t_dn d
CROSS JOIN LATERAL generate_series(0, CASE d.typ WHEN 'PLS' THEN 100 WHEN 'PLT' THEN 50 ELSE 11 END) k
WHERE d.stop_d IS NOT NULL
  AND d.first_d + k * d.gap <= least(d.stop_d, date '2024-09-17');
DELETE FROM t_s0 s USING t_dn d WHERE d.i = s.i AND s.d0 > least(d.stop_d, date '2024-09-17');

ALTER TABLE t_s0 ADD COLUMN cntr_id smallint;
UPDATE t_s0 SET cntr_id = CASE WHEN home = 12 AND d0 > '2023-06-30' THEN 8
                               WHEN home = 11 AND d0 < '2022-05-02' THEN 6 ELSE home END;

ANALYZE t_s0; ANALYZE t_drive;
-- whole-blood donors often book a nearby mobile drive (within +-3 days)
CREATE TEMP TABLE t_dshift AS
SELECT DISTINCT ON (s.i, s.k) s.i, s.k, dr.drive_id, dr.drive_dt
FROM t_s0 s
CROSS JOIN generate_series(-3, 3) o
JOIN t_drive dr ON dr.cntr_id = s.cntr_id AND dr.drive_dt = s.d0 + o
WHERE s.h_dv < 0.6
  AND dr.cancel_rsn IS NULL AND dr.drive_dt <= '2024-09-17' AND dr.drive_dt >= s.regd_on
ORDER BY s.i, s.k, abs(o), o;

CREATE TEMP TABLE t_s1 AS
SELECT s.i, s.k, s.typ, s.cntr_id, x.drive_id,
       CASE WHEN x.drive_id IS NOT NULL THEN x.drive_dt
            WHEN extract(isodow FROM s.d0) = 7 THEN s.d0 + 1 ELSE s.d0 END AS dd,
       s.i||':'||s.k AS ky
FROM t_s0 s LEFT JOIN t_dshift x ON x.i = s.i AND x.k = s.k;
ANALYZE t_s1;

-- staff roster: phlebotomists/nurses on the books per centre and day
CREATE TEMP TABLE t_roster AS
SELECT x.cntr_id, x.dd, array_agg(st.staff_id ORDER BY st.staff_id) AS ids
FROM (SELECT DISTINCT cntr_id, dd FROM t_s1) x
JOIN donor.staff st ON st.cntr_id = x.cntr_id AND st.role_cd IN ('PHL','RN')
     AND st.hired_on <= x.dd AND (st.left_on IS NULL OR st.left_on >= x.dd)
GROUP BY x.cntr_id, x.dd;
ANALYZE t_roster;

-- =====================================================================
--  Sessions with outcome, vitals, staff
-- =====================================================================
CREATE TEMP TABLE t_sess AS
WITH m AS MATERIALIZED (
  SELECT s.*, md5('s'||s.ky) AS m1
  FROM t_s1 s
), a AS MATERIALIZED (
  SELECT m.i, m.k, m.ky, m.cntr_id, m.drive_id, m.dd,
    CASE d.typ WHEN 'PLS' THEN 'PLS' WHEN 'PLT' THEN 'PLT' ELSE 'WB' END AS proc_cd,
    d.sex_cd, d.abo, d.rh, d.h_wt, d.hist, d.regd_on,
    pg_temp.hq(m1,0) h_out, pg_temp.hq(m1,1) h_rsn, pg_temp.hq(m1,2) h_hb, pg_temp.hq(m1,3) h_vol,
    pg_temp.hq(m1,4) h_rx,  pg_temp.hq(m1,5) h_tm,  pg_temp.hq(m1,6) h_stf, pg_temp.hq(m1,7) h_bp,
    r.ids
  FROM m JOIN t_dn d ON d.i = m.i
  LEFT JOIN t_roster r ON r.cntr_id = m.cntr_id AND r.dd = m.dd
), b AS (
  SELECT a.*,
    CASE WHEN proc_cd = 'WB' THEN
           CASE WHEN h_out < 0.035 THEN 'S' WHEN h_out < 0.050 THEN 'A' WHEN h_out < 0.075 THEN 'P' ELSE 'C' END
         ELSE CASE WHEN h_out < 0.020 THEN 'S' WHEN h_out < 0.030 THEN 'A' WHEN h_out < 0.045 THEN 'P' ELSE 'C' END
    END AS outcome_cd,
    CASE WHEN drive_id IS NOT NULL THEN dd + time '10:00' + floor(h_tm * 72) * interval '5 minutes'
         ELSE dd + time '08:00' + floor(h_tm * 132) * interval '5 minutes' END AS don_ts
  FROM a
)
SELECT b.*,
  CASE WHEN outcome_cd <> 'S' THEN NULL
       WHEN proc_cd <> 'WB' THEN 'LBP'
       WHEN h_rsn < 0.65 THEN 'LHB' WHEN h_rsn < 0.80 THEN 'LBP' WHEN h_rsn < 0.90 THEN 'ILL' ELSE 'MED' END AS s_rsn,
  ids[1 + floor(h_stf * cardinality(ids))::int] AS phleb_id
FROM b;
ANALYZE t_sess;

-- ---------------------------------------------------------------------
--  Screening tests (completed donations from 2023-07-01 onwards)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_first AS
SELECT s.i, min(s.don_ts) AS first_c_ts
FROM t_sess s JOIN t_dn d ON d.i = s.i
WHERE s.outcome_cd = 'C' AND coalesce(d.hist, 0) = 0
GROUP BY s.i;

CREATE TEMP TABLE t_test AS
WITH x AS MATERIALIZED (
  SELECT s.i, s.ky, s.don_ts, c.proc_lab_id, t.test_cd, t.test_grp,
         md5('x'||s.ky||t.test_cd) AS m
  FROM t_sess s
  JOIN donor.centre c ON c.cntr_id = s.cntr_id
  CROSS JOIN lab.test_type t
  LEFT JOIN t_first f ON f.i = s.i AND f.first_c_ts = s.don_ts
  WHERE s.outcome_cd = 'C' AND s.don_ts >= '2023-07-01'
    AND (NOT t.first_only OR f.i IS NOT NULL)
), y AS MATERIALIZED (
  SELECT x.*,
    date_trunc('minute', don_ts + interval '3 hours' + pg_temp.hx(m,0) * interval '5 hours') AS smpl_ts,
    pg_temp.hx(m,1) AS h_r, pg_temp.hx(m,2) AS h_dur, pg_temp.hx(m,3) AS h_an
  FROM x
)
SELECT y.i, y.ky, y.test_cd, y.smpl_ts,
  CASE WHEN ts_r > '2024-09-18 09:00' THEN NULL ELSE ts_r END AS rslt_ts,
  CASE WHEN ts_r > '2024-09-18 09:00' THEN NULL
       WHEN h_r < 0.0008 THEN 'R' WHEN h_r < 0.0035 THEN 'I' ELSE 'N' END AS rslt_cd,
  CASE WHEN ts_r > '2024-09-18 09:00' THEN NULL
       WHEN test_grp = 'NAT' THEN CASE WHEN proc_lab_id = 1 THEN 4 ELSE 6 END
       WHEN proc_lab_id = 5 THEN 5
       WHEN smpl_ts < '2024-03-01' THEN CASE WHEN h_an < 0.5 THEN 1 ELSE 2 END
       ELSE CASE WHEN h_an < 0.5 THEN 1 ELSE 3 END END AS analyzer_id
FROM (SELECT y.*, date_trunc('minute', smpl_ts + interval '6 hours' + h_dur * interval '30 hours') AS ts_r FROM y) y;

-- donors with a confirmed reactive result never donate again: drop their later sessions
CREATE TEMP TABLE t_rx AS
SELECT DISTINCT ON (t.i) t.i, s.don_ts AS rx_don_ts, t.ky AS rx_ky, t.rslt_ts AS rx_ts
FROM t_test t JOIN t_sess s ON s.ky = t.ky
WHERE t.rslt_cd = 'R'
ORDER BY t.i, s.don_ts, t.rslt_ts;

DELETE FROM t_sess s USING t_rx r WHERE r.i = s.i AND s.don_ts > r.rx_don_ts;
DELETE FROM t_test t WHERE t.i IN (SELECT i FROM t_rx)
  AND NOT EXISTS (SELECT 1 FROM t_sess s WHERE s.ky = t.ky);

CREATE TEMP TABLE t_sess2 AS SELECT s.*, row_number() OVER (ORDER BY s.don_ts, s.i) AS don_id FROM t_sess s;
DROP TABLE t_sess;
ALTER TABLE t_sess2 RENAME TO t_sess;
CREATE INDEX ON t_sess (ky);
CREATE INDEX ON t_sess (i);
ANALYZE t_sess; ANALYZE t_test;

INSERT INTO donor.donation
SELECT s.don_id,
  'LRB' || to_char(s.don_ts, 'YY') || lpad(s.don_id::text, 7, '0'),
  s.i, s.cntr_id, s.drive_id, s.don_ts, s.proc_cd, s.outcome_cd,
  CASE s.outcome_cd
    WHEN 'S' THEN NULL
    WHEN 'C' THEN CASE s.proc_cd WHEN 'WB' THEN 450 + floor(s.h_vol*31) WHEN 'PLS' THEN 600 + floor(s.h_vol*181) ELSE 200 + floor(s.h_vol*101) END
    WHEN 'P' THEN CASE s.proc_cd WHEN 'WB' THEN 150 + floor(s.h_vol*250) WHEN 'PLS' THEN 200 + floor(s.h_vol*300) ELSE 80 + floor(s.h_vol*100) END
    ELSE floor(s.h_vol*150) END::smallint,
  round((CASE WHEN s.s_rsn = 'LHB' THEN CASE s.sex_cd WHEN 'M' THEN 11.8 + s.h_hb*1.6 ELSE 10.9 + s.h_hb*1.5 END
              ELSE CASE s.sex_cd WHEN 'M' THEN 13.5 + s.h_hb*4.0 ELSE 12.5 + s.h_hb*3.0 END END)::numeric, 1),
  CASE WHEN s.outcome_cd = 'S' THEN NULL
       WHEN s.outcome_cd = 'A' AND s.h_rx < 0.40 THEN CASE WHEN s.h_rx < 0.28 THEN 'VV' ELSE 'HM' END
       WHEN s.outcome_cd IN ('C','P') AND s.h_rx < 0.018 THEN
            CASE WHEN s.proc_cd = 'WB' THEN CASE WHEN s.h_rx < 0.0108 THEN 'VV' WHEN s.h_rx < 0.0171 THEN 'HM' ELSE 'NI' END
                 ELSE CASE WHEN s.h_rx < 0.0072 THEN 'CT' WHEN s.h_rx < 0.0126 THEN 'VV' ELSE 'HM' END END
  END,
  s.phleb_id,
  CASE WHEN s.dd < '2022-03-01' THEN NULL ELSE
    jsonb_build_object(
      'bp_sys', CASE WHEN s.s_rsn = 'LBP' THEN 182 + floor(s.h_bp*20) ELSE 104 + floor(s.h_bp*42) END,
      'bp_dia', 62 + floor(s.h_vol*27),
      'pulse',  56 + floor(s.h_tm*40),
      'wt_kg',  round((55 + s.h_wt*55 + (s.h_hb - 0.5)*3)::numeric, 1)) END
FROM t_sess s ORDER BY s.don_id;

INSERT INTO lab.test_result
SELECT row_number() OVER (ORDER BY t.smpl_ts, s.don_id, t.test_cd), s.don_id, t.test_cd, t.smpl_ts, t.rslt_ts, t.rslt_cd, t.analyzer_id
FROM t_test t JOIN t_sess s ON s.ky = t.ky
ORDER BY 1;

-- =====================================================================
--  Deferrals and donor master data
-- =====================================================================
CREATE TEMP TABLE t_dstat AS
SELECT i,
  max(dd) FILTER (WHERE outcome_cd = 'C') AS last_c_dd,
  max(dd) AS last_sess_dd
FROM t_sess GROUP BY i;

CREATE TEMP TABLE t_dfr AS
SELECT s.i, s.s_rsn AS dfr_cd, s.dd AS dfr_from, s.dd + r.dflt_days AS dfr_until, s.don_id, s.phleb_id AS noted_by
FROM t_sess s JOIN donor.deferral_reason r ON r.dfr_cd = s.s_rsn
WHERE s.outcome_cd = 'S'
UNION ALL
SELECT r.i, 'RXT', r.rx_ts::date, NULL, NULL,
  (SELECT min(st.staff_id) FROM donor.staff st JOIN donor.centre c ON c.cntr_id = s.cntr_id
    WHERE st.role_cd = 'MO' AND st.cntr_id = c.proc_lab_id AND st.hired_on <= r.rx_ts::date
      AND (st.left_on IS NULL OR st.left_on >= r.rx_ts::date))
FROM t_rx r JOIN t_sess s ON s.ky = r.rx_ky;

INSERT INTO t_dfr
WITH m AS MATERIALIZED (
  SELECT d.i, d.sex_cd, md5('df'||d.i) AS m,
         greatest(coalesce(st.last_sess_dd, d.regd_on), date '2021-01-04') + 1 AS base
  FROM t_dn d LEFT JOIN t_dstat st ON st.i = d.i
  WHERE d.i NOT IN (SELECT i FROM t_rx)
), h AS MATERIALIZED (
  SELECT i, sex_cd, base, pg_temp.hx(m,0) h0, pg_temp.hx(m,1) h1, pg_temp.hx(m,2) h2 FROM m
  WHERE base <= '2024-09-18'
), x AS (
  SELECT i, base + floor(h1 * (date '2024-09-18' - base + 1))::int AS dfr_from,
    CASE WHEN h2 < 0.30 THEN 'TRV' WHEN h2 < 0.50 THEN 'TAT' WHEN h2 < 0.62 THEN 'SUR'
         WHEN h2 < 0.72 THEN CASE WHEN sex_cd = 'F' THEN 'PRG' ELSE 'MED' END
         WHEN h2 < 0.90 THEN 'MED' WHEN h2 < 0.98 THEN 'HRB' ELSE 'CJD' END AS dfr_cd
  FROM h WHERE h0 < 0.12
)
SELECT x.i, x.dfr_cd, x.dfr_from, x.dfr_from + r.dflt_days, NULL::bigint, NULL::int
FROM x JOIN donor.deferral_reason r ON r.dfr_cd = x.dfr_cd;

INSERT INTO donor.deferral
SELECT row_number() OVER (ORDER BY dfr_from, i, dfr_cd, don_id), i, dfr_cd, dfr_from, dfr_until, don_id, noted_by
FROM t_dfr ORDER BY 1;

CREATE TEMP TABLE t_donor AS
WITH f AS (
  SELECT i,
    min(dfr_from) FILTER (WHERE dfr_until IS NULL) AS perm_from,
    max(dfr_from) FILTER (WHERE dfr_from <= '2024-09-18' AND dfr_until > '2024-09-18') AS temp_from,
    max(dfr_until) FILTER (WHERE dfr_until <= '2024-09-18') AS last_dfr_end
  FROM t_dfr GROUP BY i
), x AS (
  SELECT d.*, st.last_c_dd, st.last_sess_dd, md5('f'||d.i) AS mf,
    CASE WHEN d.hist > 0 THEN greatest(d.regd_on, date '2020-12-31' - floor(d.h_leg * 700)::int) END AS leg_last,
    f.perm_from, f.temp_from, f.last_dfr_end
  FROM t_dn d LEFT JOIN t_dstat st ON st.i = d.i LEFT JOIN f ON f.i = d.i
), y AS (
  SELECT x.*, coalesce(last_c_dd, leg_last) AS last_don_dt FROM x
)
SELECT y.*,
  CASE WHEN perm_from IS NOT NULL THEN 'P'
       WHEN temp_from IS NOT NULL THEN 'D'
       WHEN wd_flag THEN 'W'
       WHEN regd_on < '2022-09-18' AND (last_don_dt IS NULL OR last_don_dt < '2022-09-18') THEN 'L'
       ELSE 'A' END AS donor_st,
  CASE WHEN perm_from IS NOT NULL THEN perm_from
       WHEN temp_from IS NOT NULL THEN temp_from
       WHEN wd_flag THEN least(greatest(coalesce(last_sess_dd, regd_on), coalesce(stop_d, regd_on)) + 30, date '2024-09-17')
       WHEN regd_on < '2022-09-18' AND (last_don_dt IS NULL OR last_don_dt < '2022-09-18')
            THEN (coalesce(last_don_dt, regd_on) + interval '2 years')::date
       ELSE greatest(regd_on, coalesce(last_dfr_end, regd_on)) END AS st_chg_dt
FROM y;
ANALYZE t_donor;

INSERT INTO donor.donor
SELECT d.i,
  'D' || lpad(d.i::text, 7, '0'),
  fn, ln, d.sex_cd, d.birth_dt,
  CASE WHEN d.last_don_dt IS NOT NULL THEN d.abo END,
  CASE WHEN d.last_don_dt IS NOT NULL THEN d.rh END,
  em, mob, d.home::smallint, d.regd_on, d.hist::smallint, d.last_don_dt, d.donor_st, d.st_chg_dt,
  CASE WHEN d.regd_on < '2015-01-01' AND pg_temp.hx(d.mf,2) < 0.5 THEN jsonb_build_object('channel', ch)
       ELSE jsonb_build_object('channel', ch,
              'newsletter', pg_temp.hx(d.mf,3) < 0.35,
              'lang', CASE WHEN pg_temp.hx(d.mf,2) < 0.92 THEN 'en' WHEN pg_temp.hx(d.mf,2) < 0.96 THEN 'pl'
                           WHEN pg_temp.hx(d.mf,2) < 0.98 THEN 'cy' ELSE 'pt' END,
              'slot', (ARRAY['morning','afternoon','evening'])[1 + floor(pg_temp.hx(d.mf,1)*3)::int]) END
FROM (
  SELECT d.*, c.*,
    CASE WHEN c.ch0 = 'email' AND c.em IS NULL THEN CASE WHEN c.mob IS NULL THEN 'post' ELSE 'sms' END
         WHEN c.ch0 = 'sms' AND c.mob IS NULL THEN 'post' ELSE c.ch0 END AS ch
  FROM t_donor d
  CROSS JOIN t_names n
  CROSS JOIN LATERAL (
    SELECT
      CASE WHEN d.sex_cd = 'F' THEN n.fn_f[1 + floor(d.h_fn*50)::int] ELSE n.fn_m[1 + floor(d.h_fn*50)::int] END AS fn,
      n.ln[1 + floor(d.h_ln*100)::int] AS ln,
      CASE WHEN d.h_ct < 0.84 THEN
        lower(CASE WHEN d.sex_cd = 'F' THEN n.fn_f[1 + floor(d.h_fn*50)::int] ELSE n.fn_m[1 + floor(d.h_fn*50)::int] END
              || '.' || n.ln[1 + floor(d.h_ln*100)::int] || (d.i % 97)::text || '@'
              || (ARRAY['mailbox.co.uk','webmail.com','lakeshore.net','post.org'])[1 + floor(d.h_ct/0.84*4)::int]) END AS em,
      CASE WHEN pg_temp.hx(d.mf,0) < 0.92 THEN '07' || lpad(floor(pg_temp.hx(d.mf,1) * 1e9)::bigint::text, 9, '0') END AS mob,
      CASE WHEN d.h_pf < 0.45 THEN 'sms' WHEN d.h_pf < 0.80 THEN 'email' WHEN d.h_pf < 0.93 THEN 'post' ELSE 'none' END AS ch0
  ) c
) d
ORDER BY d.i;

-- =====================================================================
--  Appointments
-- =====================================================================
CREATE TEMP TABLE t_appt (donor_id int, cntr_id smallint, drive_id int, slot_ts timestamp, booked_at timestamp,
                          chan_cd char(1), appt_st char(1), cancelled_at timestamp, don_id bigint);
INSERT INTO t_appt
WITH m AS MATERIALIZED (
  SELECT s.i, s.k, s.cntr_id, s.drive_id, s.dd, s.don_ts, s.don_id, d.regd_on,
         md5('ap'||s.ky) AS m1, md5('aq'||s.ky) AS m2
  FROM t_sess s JOIN t_dn d ON d.i = s.i
  WHERE NOT (s.k = 0 AND d.regd_on >= '2021-01-04')
), h AS MATERIALIZED (
  SELECT m.*, pg_temp.hx(m1,0) h_ap, pg_temp.hx(m1,1) h_bk, pg_temp.hx(m1,2) h_ch, pg_temp.hx(m1,3) h_ns,
         pg_temp.hx(m2,0) h_cx, pg_temp.hx(m2,1) h_nd, pg_temp.hx(m2,2) h_xd, pg_temp.hx(m2,3) h_xt
  FROM m
), sl AS (
  SELECT h.*, date_trunc('hour', don_ts) + floor(extract(minute FROM don_ts) / 15) * interval '15 minutes' AS slot_a,
    CASE WHEN extract(isodow FROM dd - (7 + floor(h_nd*14))::int) = 7 THEN dd - (8 + floor(h_nd*14))::int
         ELSE dd - (7 + floor(h_nd*14))::int END AS d_ns,
    CASE WHEN extract(isodow FROM dd - (3 + floor(h_xd*10))::int) = 7 THEN dd - (4 + floor(h_xd*10))::int
         ELSE dd - (3 + floor(h_xd*10))::int END AS d_cx
  FROM h
)
SELECT i, cntr_id, drive_id, slot_a, greatest(slot_a - (1 + floor(h_bk*40)) * interval '1 day' - floor(h_ch*600) * interval '1 minute', regd_on + time '19:00'),
  CASE WHEN slot_a < '2023-03-01' THEN CASE WHEN h_ch < 0.5 THEN 'W' WHEN h_ch < 0.85 THEN 'P' ELSE 'S' END
       ELSE CASE WHEN h_ch < 0.4 THEN 'M' WHEN h_ch < 0.7 THEN 'W' WHEN h_ch < 0.9 THEN 'P' ELSE 'S' END END,
  'A', NULL::timestamp, don_id
FROM sl WHERE h_ap < 0.85
UNION ALL
SELECT i, cntr_id, NULL, d_ns + time '08:00' + floor(h_xt*44) * interval '15 minutes',
  greatest(d_ns + time '08:00' - (1 + floor(h_xd*30)) * interval '1 day' + floor(h_cx*600) * interval '1 minute', regd_on + time '19:00'),
  CASE WHEN d_ns < '2023-03-01' THEN CASE WHEN h_cx < 0.5 THEN 'W' ELSE 'P' END
       ELSE CASE WHEN h_cx < 0.5 THEN 'M' WHEN h_cx < 0.8 THEN 'W' ELSE 'P' END END,
  'N', NULL, NULL
FROM sl WHERE h_ns < 0.07 AND d_ns > regd_on AND d_ns >= '2021-01-04'
UNION ALL
SELECT i, cntr_id, NULL, d_cx + time '08:00' + floor(h_ap*44) * interval '15 minutes',
  greatest(d_cx + time '07:00' - (2 + floor(h_nd*30)) * interval '1 day' + floor(h_bk*600) * interval '1 minute', regd_on + time '19:00'),
  CASE WHEN d_cx < '2023-03-01' THEN CASE WHEN h_bk < 0.5 THEN 'W' ELSE 'P' END
       ELSE CASE WHEN h_bk < 0.5 THEN 'M' WHEN h_bk < 0.8 THEN 'W' ELSE 'P' END END,
  'X', NULL, NULL
FROM sl WHERE h_cx < 0.06 AND d_cx > regd_on AND d_cx >= '2021-01-04';

UPDATE t_appt SET cancelled_at = date_trunc('minute', booked_at + (slot_ts - booked_at) * pg_temp.hr('cx'||donor_id||slot_ts))
WHERE appt_st = 'X';

-- future bookings (active donors only)
INSERT INTO t_appt
WITH m AS MATERIALIZED (
  SELECT d.i, d.home, d.gap, d.last_sess_dd, d.regd_on, md5('fb'||d.i) AS m
  FROM t_donor d WHERE d.donor_st = 'A'
), h AS MATERIALIZED (
  SELECT m.*, pg_temp.hx(m,0) h0, pg_temp.hx(m,1) h1, pg_temp.hx(m,2) h2, pg_temp.hx(m,3) h3 FROM m
), x AS (
  SELECT h.*, greatest(date '2024-09-18', coalesce(last_sess_dd + gap, date '2024-09-18')) + floor(h1*30)::int AS d0
  FROM h WHERE h0 < 0.10
), y AS (
  SELECT x.*, CASE WHEN extract(isodow FROM d0) = 7 THEN d0 + 1 ELSE d0 END AS d1 FROM x
)
SELECT i, CASE WHEN home = 12 THEN 8 ELSE home END, NULL,
  d1 + time '10:00' + floor(h2*36) * interval '15 minutes',
  least(greatest(d1 + time '10:00' - (1 + floor(h3*30)) * interval '1 day' + floor(h2*300) * interval '1 minute', regd_on + time '19:00'), timestamp '2024-09-18 08:30'),
  CASE WHEN h3 < 0.45 THEN 'M' WHEN h3 < 0.75 THEN 'W' WHEN h3 < 0.92 THEN 'P' ELSE 'S' END,
  'B', NULL, NULL
FROM y WHERE d1 <= '2024-10-31';

INSERT INTO donor.appointment (appt_id, donor_id, cntr_id, drive_id, slot_ts, booked_at, chan_cd, appt_st, cancelled_at, don_id, rmdr_sent_at)
SELECT row_number() OVER (ORDER BY slot_ts, donor_id, appt_st, booked_at, cancelled_at, don_id), donor_id, cntr_id, drive_id, slot_ts, booked_at, chan_cd, appt_st,
  cancelled_at, don_id,
  CASE WHEN slot_ts::date - 2 + time '18:00' >= '2024-09-18 09:00' THEN NULL
       WHEN booked_at >= slot_ts::date - 2 + time '18:00' THEN NULL
       WHEN appt_st = 'X' AND cancelled_at < slot_ts::date - 2 + time '18:00' THEN NULL
       ELSE slot_ts::date - 2 + time '18:00' END
FROM t_appt ORDER BY 1;
DO $$ BEGIN PERFORM setval(pg_get_serial_sequence('donor.appointment', 'appt_id'), (SELECT max(appt_id) FROM donor.appointment)); END $$;

-- =====================================================================
--  Blood units and their fate
-- =====================================================================
CREATE TEMP TABLE t_tstat AS
SELECT ky, min(rslt_ts) FILTER (WHERE rslt_cd = 'R') AS rx_ts, bool_or(rslt_ts IS NULL) AS pend
FROM t_test GROUP BY ky;

CREATE TEMP TABLE t_hw (comp_cd varchar(3), hosp_id smallint, w int);
INSERT INTO t_hw
SELECT 'RBC', h, w FROM unnest(ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18],
                               ARRAY[16,4,9,8,2,13,6,3,2,7,5,3,2,3,6,1,5,3]) AS t(h,w)
UNION ALL
SELECT 'PLT', h, w FROM unnest(ARRAY[1,2,3,4,6,7,8,10,11,14,15,17,18],
                               ARRAY[14,8,5,4,14,3,2,4,25,2,8,3,2]) AS t(h,w)
UNION ALL
SELECT 'FFP', h, w FROM unnest(ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,18],
                               ARRAY[18,3,8,7,1,15,5,2,1,6,4,6,1,3,12,5,2]) AS t(h,w)
UNION ALL
SELECT 'CRY', h, w FROM unnest(ARRAY[1,2,3,4,6,10,12,15,17],
                               ARRAY[20,4,8,7,18,5,20,15,3]) AS t(h,w);
CREATE TEMP TABLE t_hcum AS
SELECT comp_cd, hosp_id,
  (sum(w) OVER (PARTITION BY comp_cd ORDER BY hosp_id) - w)::float8 / sum(w) OVER (PARTITION BY comp_cd) AS lo,
  sum(w) OVER (PARTITION BY comp_cd ORDER BY hosp_id)::float8 / sum(w) OVER (PARTITION BY comp_cd) AS hi
FROM t_hw;

CREATE TEMP TABLE t_unit AS
WITH s AS MATERIALIZED (
  SELECT s.ky, s.don_id, s.cntr_id, s.dd, s.don_ts, s.proc_cd, s.abo, s.rh, s.h_vol, c.proc_lab_id,
         md5('u'||s.ky) AS mu
  FROM t_sess s JOIN donor.centre c ON c.cntr_id = s.cntr_id
  WHERE s.outcome_cd = 'C'
), u0 AS (
  SELECT s.*, x.comp_cd, x.n
  FROM s CROSS JOIN LATERAL (
    SELECT 'RBC' AS comp_cd, 1 AS n WHERE s.proc_cd = 'WB'
    UNION ALL SELECT CASE WHEN pg_temp.hx(s.mu,0) < 0.05 THEN 'CRY' ELSE 'FFP' END, 1 WHERE s.proc_cd = 'WB'
    UNION ALL SELECT 'FFP', 1 WHERE s.proc_cd = 'PLS'
    UNION ALL SELECT 'PLT', 1 WHERE s.proc_cd = 'PLT'
    UNION ALL SELECT 'PLT', 2 WHERE s.proc_cd = 'PLT' AND pg_temp.hx(s.mu,1) < 0.35) x
), u1 AS MATERIALIZED (
  SELECT u0.*, md5('v'||ky||comp_cd||n) AS mv
  FROM u0
), u2 AS MATERIALIZED (
  SELECT u1.ky, u1.don_id, u1.dd, u1.don_ts, u1.proc_cd, u1.abo, u1.rh, u1.h_vol, u1.proc_lab_id, u1.comp_cd, u1.n,
    date_trunc('minute', don_ts + interval '2 hours' + pg_temp.hx(mu,2) * interval '10 hours') AS prep_ts,
    pg_temp.hx(mu,3) AS h_irr,
    pg_temp.hq(mv,0) AS h_fate, pg_temp.hq(mv,1) AS h_delay, pg_temp.hq(mv,2) AS h_loc, pg_temp.hq(mv,3) AS h_oth,
    pg_temp.hq(mv,4) AS h_hosp, pg_temp.hq(mv,5) AS h_prio, pg_temp.hq(mv,6) AS h_batch, pg_temp.hq(mv,7) AS h_uv,
    ct.shelf_life_days, ct.store_kind_cd
  FROM u1 JOIN lab.component_type ct ON ct.comp_cd = u1.comp_cd
), u3 AS (
  SELECT u2.*, dd + shelf_life_days AS exp_dt, ts.rx_ts, coalesce(ts.pend, false) AS pend,
    (prep_ts::date + 1 + CASE comp_cd
        WHEN 'RBC' THEN floor(power(h_delay, 1.5) * 34)
        WHEN 'PLT' THEN floor(h_delay * 5)
        WHEN 'FFP' THEN floor(power(h_delay, 2) * 650)
        ELSE floor(power(h_delay, 2) * 300) END::int) AS iss_date,
    h_fate < CASE comp_cd WHEN 'RBC' THEN 0.93 WHEN 'PLT' THEN 0.80 WHEN 'FFP' THEN 0.78 ELSE 0.85 END AS to_issue
  FROM u2 LEFT JOIN t_tstat ts ON ts.ky = u2.ky
), u4 AS (
  SELECT u3.*,
    CASE WHEN rx_ts IS NOT NULL THEN 'D'
         WHEN pend THEN 'Q'
         WHEN h_oth < 0.006 THEN 'D'
         WHEN to_issue AND iss_date <= '2024-09-17' THEN 'I'
         WHEN to_issue AND iss_date <= '2024-09-20' THEN 'R'
         WHEN to_issue THEN 'A'
         WHEN exp_dt < '2024-09-18' THEN 'D'
         ELSE 'A' END AS unit_st,
    CASE WHEN rx_ts IS NOT NULL THEN 'RX'
         WHEN pend THEN NULL
         WHEN h_oth < 0.0036 THEN 'TMP'
         WHEN h_oth < 0.006 THEN 'BRK'
         WHEN to_issue THEN NULL
         WHEN exp_dt < '2024-09-18' THEN 'EXP' END AS disc_rsn
  FROM u3
)
SELECT u4.*,
  row_number() OVER (ORDER BY u4.prep_ts, u4.don_id, u4.comp_cd, u4.n) AS unit_id,
  CASE WHEN unit_st NOT IN ('I','R') THEN NULL
       WHEN hc.hosp_id = 17 AND u4.iss_date > '2023-12-31' THEN 10
       WHEN hc.hosp_id = 18 AND iss_date < '2024-04-01' THEN 14 ELSE hc.hosp_id END::smallint AS hosp_id,
  CASE WHEN unit_st NOT IN ('I','R') THEN NULL
       WHEN unit_st = 'R' OR h_prio < 0.78 THEN 'R' WHEN h_prio < 0.94 THEN 'U' ELSE 'E' END::char(1) AS prio_cd,
  CASE WHEN unit_st NOT IN ('I','R') THEN NULL
       WHEN unit_st = 'R' OR h_prio < 0.78 THEN 0 WHEN h_prio < 0.94 THEN floor(h_batch*2) ELSE floor(h_batch*4) END::int AS batch
FROM u4
LEFT JOIN t_hcum hc ON hc.comp_cd = u4.comp_cd AND u4.h_hosp >= hc.lo AND u4.h_hosp < hc.hi;
ANALYZE t_unit;

-- =====================================================================
--  Orders
-- =====================================================================
CREATE TEMP TABLE t_ord AS
WITH k AS (
  SELECT DISTINCT hosp_id, iss_date, prio_cd, batch, (unit_st = 'R') AS is_open
  FROM t_unit WHERE unit_st IN ('I','R')
), m AS MATERIALIZED (
  SELECT k.*, md5('o'||hosp_id||':'||iss_date||prio_cd||batch) AS m FROM k
), h AS MATERIALIZED (
  SELECT m.hosp_id, m.iss_date, m.prio_cd, m.batch, m.is_open,
         pg_temp.hx(m,0) h0, pg_temp.hx(m,1) h1, pg_temp.hx(m,2) h2, pg_temp.hx(m,3) h3 FROM m
), d AS (
  SELECT h.*,
    CASE WHEN is_open THEN NULL
         WHEN prio_cd = 'R' THEN iss_date + CASE WHEN h0 < 0.6 THEN time '07:30' ELSE time '12:30' END + floor(h1*20) * interval '1 minute'
         WHEN prio_cd = 'U' THEN iss_date + time '06:00' + floor(h0*960) * interval '1 minute'
         ELSE iss_date + floor(h0*1440) * interval '1 minute' END AS dispatched_at
  FROM h
)
SELECT d.*,
  CASE WHEN is_open THEN timestamp '2024-09-18 08:55' - floor(h2*2640) * interval '1 minute'
       WHEN prio_cd = 'R' THEN dispatched_at - interval '14 hours' - floor(h2*1440) * interval '1 minute'
       WHEN prio_cd = 'U' THEN dispatched_at - interval '30 minutes' - floor(h2*150) * interval '1 minute'
       ELSE dispatched_at - interval '10 minutes' - floor(h2*25) * interval '1 minute' END AS ordered_at,
  CASE WHEN is_open THEN NULL
       WHEN prio_cd = 'R' THEN dispatched_at + interval '40 minutes' + floor(h3*120) * interval '1 minute'
       WHEN prio_cd = 'U' THEN dispatched_at + interval '30 minutes' + floor(h3*90) * interval '1 minute'
       ELSE dispatched_at + interval '15 minutes' + floor(h3*35) * interval '1 minute' END AS delivered_at,
  (NOT is_open AND h1 < 0.05) AS short
FROM d;

ALTER TABLE t_ord ADD COLUMN need_by timestamp, ADD COLUMN ord_st char(1), ADD COLUMN cancelled_at timestamp;
UPDATE t_ord SET
  need_by = CASE prio_cd WHEN 'R' THEN iss_date + time '17:00' WHEN 'U' THEN ordered_at + interval '4 hours' ELSE ordered_at + interval '1 hour' END,
  ord_st  = CASE WHEN is_open THEN 'O' WHEN short THEN 'P' ELSE 'F' END;

-- cancelled orders (never fulfilled)
INSERT INTO t_ord (hosp_id, iss_date, prio_cd, batch, is_open, h0, h1, h2, h3, dispatched_at, ordered_at, delivered_at, short, need_by, ord_st, cancelled_at)
WITH c AS MATERIALIZED (
  SELECT h.hosp_id, dd::date AS d, md5('co'||h.hosp_id||':'||dd::date) AS m
  FROM supply.hospital h CROSS JOIN generate_series(date '2021-01-04', date '2024-09-17', interval '1 day') dd
  WHERE dd >= h.contract_from AND (h.contract_to IS NULL OR dd <= h.contract_to)
), x AS (
  SELECT hosp_id, d, pg_temp.hx(m,1) h1, pg_temp.hx(m,2) h2, pg_temp.hx(m,3) h3 FROM c WHERE pg_temp.hx(m,0) < 0.008
)
SELECT hosp_id, d, CASE WHEN h1 < 0.8 THEN 'R' ELSE 'U' END, 9, false, 0, h1, h2, h3, NULL,
       d + time '06:00' + floor(h2*900) * interval '1 minute', NULL, false,
       CASE WHEN h1 < 0.8 THEN d + 1 + time '17:00' ELSE d + time '06:00' + floor(h2*900) * interval '1 minute' + interval '4 hours' END,
       'C', d + time '06:00' + floor(h2*900) * interval '1 minute' + interval '20 minutes' + floor(h3*340) * interval '1 minute'
FROM x;

ALTER TABLE t_ord ADD COLUMN ord_id int;
UPDATE t_ord o SET ord_id = x.rn
FROM (SELECT hosp_id, iss_date, prio_cd, batch, row_number() OVER (ORDER BY ordered_at, hosp_id, prio_cd, batch, iss_date) AS rn FROM t_ord) x
WHERE x.hosp_id = o.hosp_id AND x.iss_date = o.iss_date AND x.prio_cd = o.prio_cd AND x.batch = o.batch;
CREATE INDEX ON t_ord (hosp_id, iss_date, prio_cd, batch);
ANALYZE t_ord;

INSERT INTO supply.blood_order
SELECT ord_id, 'ORD' || to_char(ordered_at, 'YY') || '-' || lpad(ord_id::text, 6, '0'), hosp_id,
  ordered_at, need_by, prio_cd, ord_st, dispatched_at, delivered_at, cancelled_at,
  CASE WHEN ord_st IN ('F','P') THEN CASE prio_cd WHEN 'U' THEN 25.00 WHEN 'E' THEN 60.00 ELSE 0 END ELSE 0 END
FROM t_ord ORDER BY ord_id;

ALTER TABLE t_unit ADD COLUMN ord_id int;
UPDATE t_unit u SET ord_id = o.ord_id
FROM t_ord o
WHERE u.unit_st IN ('I','R') AND o.hosp_id = u.hosp_id AND o.iss_date = u.iss_date AND o.prio_cd = u.prio_cd AND o.batch = u.batch;

INSERT INTO supply.order_line
SELECT l.ord_id, l.line_no, l.comp_cd, l.abo, l.rh,
  l.cnt + CASE WHEN o.short AND l.line_no = 1 THEN 1 + floor(o.h3*2)::int ELSE 0 END,
  CASE WHEN o.ord_st = 'O' THEN 0 ELSE l.cnt END
FROM (SELECT ord_id, comp_cd, abo, rh, count(*) AS cnt,
             row_number() OVER (PARTITION BY ord_id ORDER BY comp_cd DESC, abo, rh) AS line_no
      FROM t_unit WHERE ord_id IS NOT NULL GROUP BY ord_id, comp_cd, abo, rh) l
JOIN t_ord o ON o.ord_id = l.ord_id
UNION ALL
SELECT o.ord_id, n.line_no,
  CASE WHEN o.h1 < 0.2 OR pg_temp.hr('cl'||o.ord_id||n.line_no) < 0.8 THEN 'RBC' ELSE 'PLT' END,
  (ARRAY['O','O','A','A','B','AB'])[1 + floor(pg_temp.hr('cg'||o.ord_id||n.line_no)*6)::int],
  CASE WHEN pg_temp.hr('cr'||o.ord_id||n.line_no) < 0.15 THEN '-' ELSE '+' END,
  1 + floor(pg_temp.hr('cq'||o.ord_id||n.line_no)*4)::int, 0
FROM t_ord o CROSS JOIN LATERAL generate_series(1, CASE WHEN o.h2 < 0.3 THEN 2 ELSE 1 END) n(line_no)
WHERE o.ord_st = 'C'
ORDER BY 1, 2;

-- =====================================================================
--  Units, issues, discards
-- =====================================================================
INSERT INTO lab.blood_unit
SELECT u.unit_id,
  'LRB' || to_char(u.don_ts, 'YY') || lpad(u.don_id::text, 7, '0') || '-' || u.comp_cd || CASE WHEN u.comp_cd = 'PLT' AND EXISTS (
      SELECT 1 FROM t_unit u2 WHERE u2.ky = u.ky AND u2.comp_cd = 'PLT' AND u2.n = 2) THEN u.n::text ELSE '' END,
  u.don_id, u.comp_cd, u.abo, u.rh,
  CASE u.comp_cd WHEN 'RBC' THEN 260 + floor(u.h_uv*40)
                 WHEN 'FFP' THEN CASE WHEN u.proc_cd = 'PLS' THEN 590 + floor(u.h_vol*181) ELSE 230 + floor(u.h_uv*50) END
                 WHEN 'CRY' THEN 35 + floor(u.h_uv*20)
                 ELSE 200 + floor(u.h_uv*90) END::smallint,
  u.prep_ts, u.exp_dt, u.unit_st,
  CASE WHEN u.unit_st IN ('Q','A','R') THEN
    CASE u.store_kind_cd
      WHEN 'F' THEN CASE WHEN u.proc_lab_id = 1 THEN 1 + floor(u.h_loc*4) ELSE 10 + floor(u.h_loc*3) END
      WHEN 'Z' THEN CASE WHEN u.proc_lab_id = 1 THEN 5 + floor(u.h_loc*3) ELSE 13 + floor(u.h_loc*2) END
      ELSE CASE WHEN u.proc_lab_id = 1 THEN 8 + floor(u.h_loc*2) ELSE 15 END END END::smallint,
  CASE WHEN u.unit_st = 'R' THEN u.ord_id END,
  CASE WHEN (u.comp_cd = 'PLT' AND u.h_irr < 0.30) OR (u.comp_cd = 'RBC' AND u.h_irr < 0.08) THEN 'Y' ELSE 'N' END
FROM t_unit u ORDER BY u.unit_id;

INSERT INTO supply.issue
SELECT row_number() OVER (ORDER BY o.dispatched_at, u.unit_id), u.unit_id, u.ord_id, o.dispatched_at, p.unit_price,
  CASE WHEN date '2024-09-18' - u.iss_date <= floor(u.h_oth * 45) THEN NULL
       WHEN u.h_loc < 0.025 THEN 'W' ELSE 'T' END
FROM t_unit u
JOIN t_ord o ON o.ord_id = u.ord_id
JOIN supply.price_list p ON p.comp_cd = u.comp_cd AND o.dispatched_at::date >= p.valid_from
     AND o.dispatched_at::date <= coalesce(p.valid_to, date '9999-12-31')
WHERE u.unit_st = 'I'
ORDER BY 1;

CREATE TEMP TABLE t_lt AS
SELECT c.cntr_id AS lab, dd::date AS d, array_agg(st.staff_id ORDER BY st.staff_id) AS ids
FROM donor.centre c CROSS JOIN generate_series(date '2021-01-01', date '2024-09-18', interval '1 day') dd
JOIN donor.staff st ON st.cntr_id = c.cntr_id AND st.role_cd = 'LT' AND st.hired_on <= dd AND (st.left_on IS NULL OR st.left_on >= dd)
WHERE c.is_lab GROUP BY 1, 2;
CREATE INDEX ON t_lt (lab, d);
ANALYZE t_lt;

INSERT INTO lab.discard
SELECT u.unit_id, x.disc_ts, u.disc_rsn,
  (SELECT r.ids[1 + floor(u.h_delay * cardinality(r.ids))::int] FROM t_lt r WHERE r.lab = u.proc_lab_id AND r.d = x.disc_ts::date)
FROM t_unit u
CROSS JOIN LATERAL (SELECT CASE u.disc_rsn
    WHEN 'RX'  THEN u.rx_ts + interval '2 hours'
    WHEN 'EXP' THEN u.exp_dt + 1 + time '07:30'
    ELSE date_trunc('minute', u.prep_ts + (least(u.exp_dt + time '23:00', timestamp '2024-09-18 08:00') - u.prep_ts) * u.h_fate) END AS disc_ts) x
WHERE u.unit_st = 'D'
ORDER BY u.unit_id;

-- =====================================================================
--  Invoices (monthly, per hospital; September 2024 not yet invoiced)
-- =====================================================================
CREATE TEMP TABLE t_inv AS
WITH a AS (
  SELECT o.hosp_id, date_trunc('month', i.issued_at)::date AS period_mo, sum(i.unit_price) AS amt
  FROM supply.issue i JOIN supply.blood_order o ON o.ord_id = i.ord_id
  GROUP BY 1, 2
  UNION ALL
  SELECT hosp_id, date_trunc('month', dispatched_at)::date, sum(srchg_amt)
  FROM supply.blood_order WHERE dispatched_at IS NOT NULL GROUP BY 1, 2
)
SELECT hosp_id, period_mo, sum(amt) AS net_amt
FROM a WHERE period_mo < '2024-09-01'
GROUP BY 1, 2;

INSERT INTO supply.invoice
SELECT row_number() OVER (ORDER BY v.period_mo, v.hosp_id),
  'INV-' || to_char(v.period_mo, 'YYMM') || '-' || h.hosp_cd,
  v.hosp_id, v.period_mo, x.inv_dt, x.inv_dt + h.pay_terms_days, v.net_amt,
  CASE WHEN h.hosp_id = 14 AND v.period_mo = '2024-02-01' THEN NULL          -- disputed, still unpaid
       WHEN x.inv_dt + x.delay > '2024-09-18' THEN NULL
       ELSE x.inv_dt + x.delay END
FROM t_inv v JOIN supply.hospital h ON h.hosp_id = v.hosp_id
CROSS JOIN LATERAL (SELECT (v.period_mo + interval '1 month')::date + 2 AS inv_dt,
  CASE WHEN h.hosp_id = 8  THEN 35 + floor(pg_temp.hr('pay'||v.hosp_id||v.period_mo) * 110)
       WHEN h.tier_cd = 'P' THEN 20 + floor(pg_temp.hr('pay'||v.hosp_id||v.period_mo) * 45)
       ELSE 10 + floor(pg_temp.hr('pay'||v.hosp_id||v.period_mo) * 30) END::int AS delay) x
ORDER BY 1;

-- =====================================================================
--  Temperature monitoring (last 60 days, every 30 minutes)
-- =====================================================================
INSERT INTO lab.temp_reading
WITH r AS MATERIALIZED (
  SELECT l.loc_id, l.kind_cd, ts AS read_ts, md5('tr'||l.loc_id||ts) AS m,
    CASE l.loc_id WHEN 3 THEN 0.012 WHEN 14 THEN 0.006 WHEN 8 THEN 0.003 ELSE 0.0008 END AS p_exc
  FROM lab.storage_loc l
  CROSS JOIN generate_series(timestamp '2024-07-20 00:00', timestamp '2024-09-18 08:30', interval '30 minutes') ts
), h AS MATERIALIZED (
  SELECT r.loc_id, r.kind_cd, r.read_ts, r.p_exc, pg_temp.hx(m,0) h0, pg_temp.hx(m,1) h1 FROM r
)
SELECT row_number() OVER (ORDER BY read_ts, loc_id), loc_id, read_ts,
  round((CASE kind_cd
    WHEN 'F' THEN CASE WHEN h1 < p_exc THEN 6.3 + h0*3.0 ELSE 2.9 + h0*2.2 END
    WHEN 'Z' THEN CASE WHEN h1 < p_exc THEN -24.5 + h0*4.0 ELSE -34.0 + h0*6.0 END
    ELSE CASE WHEN h1 < p_exc THEN CASE WHEN h0 < 0.5 THEN 24.3 + h0*2 ELSE 19.6 - (h0-0.5)*2 END
              ELSE 20.9 + h0*2.2 END END)::numeric, 1)
FROM h ORDER BY 1;

-- =====================================================================
--  Indexes, constraints, views
-- =====================================================================
ALTER TABLE donor.donor ADD CONSTRAINT donor_donor_no_key UNIQUE (donor_no);
ALTER TABLE donor.donation ADD CONSTRAINT donation_din_key UNIQUE (din);
ALTER TABLE lab.blood_unit ADD CONSTRAINT blood_unit_unit_no_key UNIQUE (unit_no);
ALTER TABLE supply.blood_order ADD CONSTRAINT blood_order_ord_no_key UNIQUE (ord_no);
ALTER TABLE supply.issue ADD CONSTRAINT issue_unit_id_key UNIQUE (unit_id);
ALTER TABLE donor.mobile_drive ADD CONSTRAINT mobile_drive_cntr_dt_key UNIQUE (cntr_id, drive_dt);

CREATE INDEX ix_donor_last_nm     ON donor.donor (last_nm);
CREATE INDEX ix_donor_mobile      ON donor.donor (mobile_no);
CREATE INDEX ix_donor_home_st     ON donor.donor (home_cntr_id, donor_st);
CREATE INDEX ix_donation_ts       ON donor.donation (don_ts);
CREATE INDEX ix_donation_drive    ON donor.donation (drive_id) WHERE drive_id IS NOT NULL;
CREATE INDEX ix_deferral_donor    ON donor.deferral (donor_id);
CREATE INDEX ix_appt_donor        ON donor.appointment (donor_id);
CREATE INDEX ix_appt_slot         ON donor.appointment (slot_ts);
CREATE INDEX ix_test_result_don   ON lab.test_result (don_id);
CREATE INDEX ix_unit_don          ON lab.blood_unit (don_id);
CREATE INDEX ix_unit_st_comp      ON lab.blood_unit (unit_st, comp_cd);
CREATE INDEX ix_temp_loc_ts       ON lab.temp_reading (loc_id, read_ts);
CREATE INDEX ix_order_hosp_ts     ON supply.blood_order (hosp_id, ordered_at);
CREATE INDEX ix_issue_ord         ON supply.issue (ord_id);
CREATE INDEX ix_issue_ts          ON supply.issue (issued_at);
CREATE INDEX ix_invoice_hosp      ON supply.invoice (hosp_id, period_mo);

ALTER TABLE donor.centre     ADD CONSTRAINT centre_lab_fk FOREIGN KEY (proc_lab_id) REFERENCES donor.centre (cntr_id);
ALTER TABLE donor.staff      ADD CONSTRAINT staff_cntr_fk FOREIGN KEY (cntr_id) REFERENCES donor.centre (cntr_id);
ALTER TABLE donor.donor      ADD CONSTRAINT donor_home_cntr_fk FOREIGN KEY (home_cntr_id) REFERENCES donor.centre (cntr_id);
ALTER TABLE donor.mobile_drive ADD CONSTRAINT drive_cntr_fk FOREIGN KEY (cntr_id) REFERENCES donor.centre (cntr_id);
ALTER TABLE donor.donation   ADD CONSTRAINT donation_donor_fk FOREIGN KEY (donor_id) REFERENCES donor.donor (donor_id),
                             ADD CONSTRAINT donation_cntr_fk  FOREIGN KEY (cntr_id) REFERENCES donor.centre (cntr_id),
                             ADD CONSTRAINT donation_drive_fk FOREIGN KEY (drive_id) REFERENCES donor.mobile_drive (drive_id),
                             ADD CONSTRAINT donation_phleb_fk FOREIGN KEY (phleb_id) REFERENCES donor.staff (staff_id);
ALTER TABLE donor.deferral   ADD CONSTRAINT deferral_donor_fk FOREIGN KEY (donor_id) REFERENCES donor.donor (donor_id),
                             ADD CONSTRAINT deferral_rsn_fk   FOREIGN KEY (dfr_cd) REFERENCES donor.deferral_reason (dfr_cd),
                             ADD CONSTRAINT deferral_don_fk   FOREIGN KEY (don_id) REFERENCES donor.donation (don_id),
                             ADD CONSTRAINT deferral_staff_fk FOREIGN KEY (noted_by) REFERENCES donor.staff (staff_id);
ALTER TABLE donor.appointment ADD CONSTRAINT appt_donor_fk FOREIGN KEY (donor_id) REFERENCES donor.donor (donor_id),
                              ADD CONSTRAINT appt_cntr_fk  FOREIGN KEY (cntr_id) REFERENCES donor.centre (cntr_id),
                              ADD CONSTRAINT appt_drive_fk FOREIGN KEY (drive_id) REFERENCES donor.mobile_drive (drive_id),
                              ADD CONSTRAINT appt_don_fk   FOREIGN KEY (don_id) REFERENCES donor.donation (don_id);
ALTER TABLE lab.storage_loc  ADD CONSTRAINT loc_cntr_fk FOREIGN KEY (cntr_id) REFERENCES donor.centre (cntr_id);
ALTER TABLE lab.temp_reading ADD CONSTRAINT rdg_loc_fk FOREIGN KEY (loc_id) REFERENCES lab.storage_loc (loc_id);
ALTER TABLE lab.analyzer     ADD CONSTRAINT analyzer_lab_fk FOREIGN KEY (lab_cntr_id) REFERENCES donor.centre (cntr_id);
ALTER TABLE lab.test_result  ADD CONSTRAINT rslt_don_fk  FOREIGN KEY (don_id) REFERENCES donor.donation (don_id),
                             ADD CONSTRAINT rslt_test_fk FOREIGN KEY (test_cd) REFERENCES lab.test_type (test_cd),
                             ADD CONSTRAINT rslt_an_fk   FOREIGN KEY (analyzer_id) REFERENCES lab.analyzer (analyzer_id);
ALTER TABLE lab.blood_unit   ADD CONSTRAINT unit_don_fk  FOREIGN KEY (don_id) REFERENCES donor.donation (don_id),
                             ADD CONSTRAINT unit_comp_fk FOREIGN KEY (comp_cd) REFERENCES lab.component_type (comp_cd),
                             ADD CONSTRAINT unit_loc_fk  FOREIGN KEY (loc_id) REFERENCES lab.storage_loc (loc_id),
                             ADD CONSTRAINT unit_rsv_fk  FOREIGN KEY (rsv_ord_id) REFERENCES supply.blood_order (ord_id),
                             ADD CONSTRAINT unit_st_chk  CHECK (unit_st IN ('Q','A','R','I','D'));
ALTER TABLE lab.discard      ADD CONSTRAINT discard_unit_fk  FOREIGN KEY (unit_id) REFERENCES lab.blood_unit (unit_id),
                             ADD CONSTRAINT discard_staff_fk FOREIGN KEY (auth_by) REFERENCES donor.staff (staff_id);
ALTER TABLE supply.price_list  ADD CONSTRAINT price_comp_fk FOREIGN KEY (comp_cd) REFERENCES lab.component_type (comp_cd);
ALTER TABLE supply.blood_order ADD CONSTRAINT order_hosp_fk FOREIGN KEY (hosp_id) REFERENCES supply.hospital (hosp_id),
                               ADD CONSTRAINT order_st_chk  CHECK (ord_st IN ('O','F','P','C'));
ALTER TABLE supply.order_line  ADD CONSTRAINT line_order_fk FOREIGN KEY (ord_id) REFERENCES supply.blood_order (ord_id),
                               ADD CONSTRAINT line_comp_fk  FOREIGN KEY (comp_cd) REFERENCES lab.component_type (comp_cd);
ALTER TABLE supply.issue       ADD CONSTRAINT issue_unit_fk  FOREIGN KEY (unit_id) REFERENCES lab.blood_unit (unit_id),
                               ADD CONSTRAINT issue_order_fk FOREIGN KEY (ord_id) REFERENCES supply.blood_order (ord_id);
ALTER TABLE supply.invoice     ADD CONSTRAINT invoice_hosp_fk FOREIGN KEY (hosp_id) REFERENCES supply.hospital (hosp_id);
ALTER TABLE donor.donor        ADD CONSTRAINT donor_st_chk CHECK (donor_st IN ('A','D','P','L','W'));

CREATE VIEW lab.v_stock AS
SELECT u.comp_cd, u.abo_grp, u.rh_fctr, count(*) AS units, min(u.exp_dt) AS first_expiry
FROM lab.blood_unit u
WHERE u.unit_st = 'A'
GROUP BY u.comp_cd, u.abo_grp, u.rh_fctr;
COMMENT ON VIEW lab.v_stock IS 'Units available for issue (unit_st = A) by component and blood group';

CREATE VIEW supply.v_open_invoices AS
SELECT i.inv_no, h.hosp_nm, i.period_mo, i.inv_dt, i.due_dt, i.net_amt
FROM supply.invoice i JOIN supply.hospital h ON h.hosp_id = i.hosp_id
WHERE i.paid_dt IS NULL;
COMMENT ON VIEW supply.v_open_invoices IS 'Invoices not yet paid (overdue or not yet due)';

CREATE VIEW donor.v_donor_history AS
SELECT d.donor_no, d.first_nm, d.last_nm, n.don_ts, n.proc_cd, n.outcome_cd, c.cntr_nm
FROM donor.donor d JOIN donor.donation n ON n.donor_id = d.donor_id
JOIN donor.centre c ON c.cntr_id = n.cntr_id;
COMMENT ON VIEW donor.v_donor_history IS 'Donation sessions with donor and centre names (used by the donor-history screen)';

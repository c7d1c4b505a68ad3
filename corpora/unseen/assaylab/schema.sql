-- =====================================================================
--  Calderbrook Analytical Services — LIMS database
--  Contract testing laboratory (pharma, food, water, cosmetics clients)
--  Data snapshot taken at close of business Tuesday 5 November 2024 (18:00).
--  History starts 2 January 2023 (go-live of this LIMS).
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA lims;
CREATE SCHEMA qa;
CREATE SCHEMA fin;

COMMENT ON SCHEMA lims IS 'Core LIMS: clients, projects, samples, chain of custody, methods, tests, runs, results';
COMMENT ON SCHEMA qa   IS 'Quality: analysts and their method qualifications, instruments and calibration, OOS investigations';
COMMENT ON SCHEMA fin  IS 'Finance: price list history, invoices and invoice lines';

-- deterministic pseudo-random helpers (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0::float8 $$;
-- move a Saturday/Sunday to the following Monday
CREATE FUNCTION pg_temp.wd(d date) RETURNS date
LANGUAGE sql IMMUTABLE AS
$$ SELECT d + CASE extract(isodow FROM d)::int WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END $$;
-- i-th (1..4) uniform number out of one md5 hash
CREATE FUNCTION pg_temp.u(h text, i int) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(h, 8 * i - 7, 8))::bit(32)::bigint / 4294967296.0::float8 $$;

CREATE TYPE lims.priority_t AS ENUM ('routine', 'rush', 'stat');
COMMENT ON TYPE lims.priority_t IS 'Turnaround requested by the client: routine (14 days), rush (7 days, surcharge), stat (3 days, higher surcharge)';
CREATE TYPE qa.inst_type AS ENUM ('HPLC','GC','GC-MS','LC-MS','ICP-MS','ICP-OES','KF','UV-VIS','FTIR','PH','TOC','IC','DISSO','INCUB','LAL','BALANCE');
COMMENT ON TYPE qa.inst_type IS 'Instrument class; KF = Karl Fischer titrator, IC = ion chromatograph, DISSO = dissolution bath, INCUB = incubator, LAL = endotoxin reader';
CREATE TYPE qa.oos_stage AS ENUM ('phase_1', 'phase_2', 'closed');
COMMENT ON TYPE qa.oos_stage IS 'OOS investigation stage: phase_1 = laboratory investigation, phase_2 = full (manufacturing/sampling) investigation, closed';

-- ---------------------------------------------------------------------
-- qa: people and equipment
-- ---------------------------------------------------------------------
CREATE TABLE qa.analyst (
    analyst_id smallint PRIMARY KEY,
    emp_no     varchar(6)  NOT NULL UNIQUE,
    first_nm   varchar(40) NOT NULL,
    last_nm    varchar(40) NOT NULL,
    email      varchar(120) NOT NULL,
    role_cd    char(3) NOT NULL,
    dept_cd    char(3) NOT NULL,
    hired_on   date NOT NULL,
    left_on    date
);
COMMENT ON TABLE  qa.analyst IS 'Laboratory staff (analysts, reviewers, sample reception, QA)';
COMMENT ON COLUMN qa.analyst.role_cd IS 'ANL = analyst, SNR = senior analyst (reviewer), SUP = section supervisor, QAO = quality assurance officer';
COMMENT ON COLUMN qa.analyst.dept_cd IS 'CHM = chemistry, MIC = microbiology, ENV = environmental & inorganic, SRC = sample reception and stores, QAU = quality assurance unit';
COMMENT ON COLUMN qa.analyst.left_on IS 'Last day of employment; NULL = still employed';

CREATE TABLE qa.instrument (
    inst_id    smallint PRIMARY KEY,
    asset_tag  varchar(10) NOT NULL UNIQUE,
    inst_typ   qa.inst_type NOT NULL,
    mfr        varchar(40) NOT NULL,
    model      varchar(40) NOT NULL,
    serial_no  varchar(30),
    room_cd    varchar(8) NOT NULL,
    in_svc_on  date NOT NULL,
    retired_on date,
    cal_int_d  smallint NOT NULL
);
COMMENT ON TABLE  qa.instrument IS 'Laboratory instruments (asset register)';
COMMENT ON COLUMN qa.instrument.mfr IS 'Manufacturer';
COMMENT ON COLUMN qa.instrument.room_cd IS 'Laboratory room where the instrument stands';
COMMENT ON COLUMN qa.instrument.in_svc_on IS 'Date released for use after installation qualification';
COMMENT ON COLUMN qa.instrument.retired_on IS 'Date taken out of service; NULL = in service';
COMMENT ON COLUMN qa.instrument.cal_int_d IS 'Required calibration interval in days';

CREATE TABLE qa.calibration (
    cal_id      serial PRIMARY KEY,
    inst_id     smallint NOT NULL REFERENCES qa.instrument,
    cal_dt      date NOT NULL,
    next_due_dt date,
    perf_by     varchar(40) NOT NULL,
    result_cd   char(3) NOT NULL,
    cert_no     varchar(20),
    cost_amt    numeric(8,2),
    note        text
);
COMMENT ON TABLE  qa.calibration IS 'Calibration history: one row per calibration event of an instrument';
COMMENT ON COLUMN qa.calibration.cal_dt IS 'Date the calibration was performed';
COMMENT ON COLUMN qa.calibration.next_due_dt IS 'Next calibration due date (cal_dt + interval); NULL when the calibration failed and the instrument was not released';
COMMENT ON COLUMN qa.calibration.perf_by IS 'Service provider that calibrated, or INTERNAL when done by our own staff';
COMMENT ON COLUMN qa.calibration.result_cd IS 'PAS = passed as found, ADJ = passed after adjustment, FAL = failed (instrument out of use until repaired)';
COMMENT ON COLUMN qa.calibration.cert_no IS 'Calibration certificate number (external providers only)';
COMMENT ON COLUMN qa.calibration.cost_amt IS 'Amount charged by the external provider, GBP excl. VAT; NULL for internal calibrations';

-- ---------------------------------------------------------------------
-- lims: methods
-- ---------------------------------------------------------------------
CREATE TABLE lims.method (
    mth_id     smallint PRIMARY KEY,
    mth_cd     varchar(16) NOT NULL UNIQUE,
    title      varchar(80) NOT NULL,
    dept_cd    char(3) NOT NULL,
    inst_typ   qa.inst_type NOT NULL,
    iso_acc    boolean NOT NULL DEFAULT true,
    std_tat_d  smallint NOT NULL,
    retired_on date
);
COMMENT ON TABLE  lims.method IS 'Test methods offered by the laboratory';
COMMENT ON COLUMN lims.method.dept_cd IS 'Laboratory section that runs the method: CHM = chemistry, MIC = microbiology, ENV = environmental & inorganic';
COMMENT ON COLUMN lims.method.inst_typ IS 'Instrument class needed to run the method';
COMMENT ON COLUMN lims.method.iso_acc IS 'Method is within our ISO/IEC 17025 accreditation scope';
COMMENT ON COLUMN lims.method.std_tat_d IS 'Standard turnaround in working days';
COMMENT ON COLUMN lims.method.retired_on IS 'Date the method was withdrawn; NULL = still offered';

CREATE TABLE lims.method_version (
    mv_id      serial PRIMARY KEY,
    mth_id     smallint NOT NULL REFERENCES lims.method,
    ver_no     smallint NOT NULL,
    sop_ref    varchar(30) NOT NULL,
    valid_from date NOT NULL,
    valid_to   date,
    appr_by    smallint NOT NULL REFERENCES qa.analyst,
    chg_note   text,
    UNIQUE (mth_id, ver_no)
);
COMMENT ON TABLE  lims.method_version IS 'Versions of each method (history): the version in force on a day is the one with valid_from <= day < valid_to';
COMMENT ON COLUMN lims.method_version.sop_ref IS 'Standard operating procedure document and revision';
COMMENT ON COLUMN lims.method_version.valid_from IS 'Date this version came into effect';
COMMENT ON COLUMN lims.method_version.valid_to IS 'Date this version was superseded (exclusive); NULL = current version';
COMMENT ON COLUMN lims.method_version.appr_by IS 'QA officer who approved the version';

CREATE TABLE lims.analyte (
    analyte_id smallint PRIMARY KEY,
    mth_id     smallint NOT NULL REFERENCES lims.method,
    analyte_nm varchar(40) NOT NULL,
    unit_cd    varchar(16),
    res_typ    char(1) NOT NULL,
    dec_pl     smallint NOT NULL DEFAULT 2,
    cas_no     varchar(12)
);
COMMENT ON TABLE  lims.analyte IS 'What a method measures (one method can report several analytes)';
COMMENT ON COLUMN lims.analyte.unit_cd IS 'Reporting unit (NULL for text results)';
COMMENT ON COLUMN lims.analyte.res_typ IS 'N = numeric result, T = text result (e.g. Absent / Present, Conforms)';
COMMENT ON COLUMN lims.analyte.dec_pl IS 'Decimal places reported';
COMMENT ON COLUMN lims.analyte.cas_no IS 'CAS registry number of the substance; NULL when not a single substance';

-- ---------------------------------------------------------------------
-- lims: clients, projects, specifications
-- ---------------------------------------------------------------------
CREATE TABLE lims.client (
    client_id   smallint PRIMARY KEY,
    client_cd   varchar(6) NOT NULL UNIQUE,
    client_nm   varchar(80) NOT NULL,
    sector_cd   char(3) NOT NULL,
    country_cd  char(2) NOT NULL,
    pay_terms_d smallint NOT NULL DEFAULT 30,
    credit_hold boolean NOT NULL DEFAULT false,
    created_on  date NOT NULL
);
COMMENT ON TABLE  lims.client IS 'Client companies that send us samples';
COMMENT ON COLUMN lims.client.sector_cd IS 'PHA = pharmaceutical, FOD = food and drink, ENV = water utility / environmental, COS = cosmetics and personal care';
COMMENT ON COLUMN lims.client.country_cd IS 'ISO country code of the invoicing address (GB clients are charged 20 % VAT, others none)';
COMMENT ON COLUMN lims.client.pay_terms_d IS 'Payment terms in days from invoice date';
COMMENT ON COLUMN lims.client.credit_hold IS 'Credit hold: no new samples accepted while true';

CREATE TABLE lims.project (
    proj_id   int PRIMARY KEY,
    proj_cd   varchar(10) NOT NULL UNIQUE,
    client_id smallint NOT NULL REFERENCES lims.client,
    title     varchar(100) NOT NULL,
    proj_typ  char(3) NOT NULL,
    sts_cd    char(3) NOT NULL,
    opened_on date NOT NULL,
    closed_on date,
    po_no     varchar(12),
    quote_amt numeric(10,2),
    disc_pct  numeric(4,1) NOT NULL DEFAULT 0,
    pm_id     smallint NOT NULL REFERENCES qa.analyst
);
COMMENT ON TABLE  lims.project IS 'Client projects (study or testing contract); samples are always logged against a project';
COMMENT ON COLUMN lims.project.proj_typ IS 'REL = batch release testing, STB = stability study, ENV = water / environmental monitoring, FOD = food safety testing, MIC = microbiological testing';
COMMENT ON COLUMN lims.project.sts_cd IS 'ACT = active, HLD = on hold at client request, CLS = closed (completed), CNX = cancelled by the client';
COMMENT ON COLUMN lims.project.closed_on IS 'Date closed or cancelled; NULL while active or on hold';
COMMENT ON COLUMN lims.project.po_no IS 'Client purchase order number; NULL = PO not received yet';
COMMENT ON COLUMN lims.project.quote_amt IS 'Quoted project value, GBP excl. VAT';
COMMENT ON COLUMN lims.project.disc_pct IS 'Negotiated discount on list prices, percent';
COMMENT ON COLUMN lims.project.pm_id IS 'Project manager (a supervisor or senior analyst)';

CREATE TABLE lims.spec_limit (
    spec_id    serial PRIMARY KEY,
    proj_id    int NOT NULL REFERENCES lims.project,
    analyte_id smallint NOT NULL REFERENCES lims.analyte,
    lo_lim     numeric(12,4),
    hi_lim     numeric(12,4),
    txt_req    varchar(40),
    eff_from   date NOT NULL,
    eff_to     date
);
COMMENT ON TABLE  lims.spec_limit IS 'Client specification limits per project and analyte (history: a limit applies from eff_from up to, not including, eff_to)';
COMMENT ON COLUMN lims.spec_limit.lo_lim IS 'Lower specification limit; NULL = no lower limit';
COMMENT ON COLUMN lims.spec_limit.hi_lim IS 'Upper specification limit; NULL = no upper limit';
COMMENT ON COLUMN lims.spec_limit.txt_req IS 'Required text result for text analytes (e.g. Absent in 1 g)';
COMMENT ON COLUMN lims.spec_limit.eff_to IS 'Date the limit was replaced (exclusive); NULL = current';

-- ---------------------------------------------------------------------
-- lims: samples and chain of custody
-- ---------------------------------------------------------------------
CREATE TABLE lims.sample (
    smp_id       int PRIMARY KEY,
    smp_no       varchar(12) NOT NULL UNIQUE,
    proj_id      int NOT NULL,
    clnt_smp_ref varchar(30),
    matrix_cd    char(3) NOT NULL,
    prio         lims.priority_t NOT NULL DEFAULT 'routine',
    rcvd_at      timestamp NOT NULL,
    rcvd_by      smallint NOT NULL,
    qty_rcvd     numeric(8,2) NOT NULL,
    qty_uom      varchar(6) NOT NULL,
    cond_cd      char(3) NOT NULL DEFAULT 'OK',
    storage_loc  varchar(8),
    sts_cd       char(3) NOT NULL,
    due_dt       date NOT NULL,
    reported_at  timestamp,
    disposed_on  date,
    meta         jsonb NOT NULL DEFAULT '{}'
);
COMMENT ON TABLE  lims.sample IS 'Samples received from clients (one row per container/sample logged in)';
COMMENT ON COLUMN lims.sample.smp_no IS 'Our sample number, S<yy>-<sequence>';
COMMENT ON COLUMN lims.sample.clnt_smp_ref IS 'Client''s own sample reference as written on the container; NULL = none given';
COMMENT ON COLUMN lims.sample.matrix_cd IS 'TAB = tablets, CAP = capsules, API = active pharmaceutical ingredient, RAW = raw material, WAT = drinking water, WWT = wastewater, PWR = purified (pharma) water, FOO = food product, SWB = environmental swab';
COMMENT ON COLUMN lims.sample.prio IS 'Requested turnaround (enum lims.priority_t)';
COMMENT ON COLUMN lims.sample.rcvd_at IS 'Date and time the sample was received and logged at goods-in';
COMMENT ON COLUMN lims.sample.rcvd_by IS 'Sample reception staff member who logged the sample';
COMMENT ON COLUMN lims.sample.qty_rcvd IS 'Quantity received, in qty_uom';
COMMENT ON COLUMN lims.sample.qty_uom IS 'Unit of qty_rcvd: g, mL or units (tablets, capsules, swabs)';
COMMENT ON COLUMN lims.sample.cond_cd IS 'Condition on receipt: OK = acceptable, DMG = damaged container or broken seal, TMP = temperature excursion in transit, LBL = labelling discrepancy';
COMMENT ON COLUMN lims.sample.storage_loc IS 'Storage location code: FRG-nn fridge, AMB-nn ambient shelf, FRZ-nn freezer, ARC-nn archive room; NULL = never stored (rejected on receipt)';
COMMENT ON COLUMN lims.sample.sts_cd IS 'RCV = received, testing not started; INP = testing in progress; CMP = testing complete, report not issued; RPT = reported; DSP = disposed after retention; REJ = rejected on receipt (returned to client, not tested)';
COMMENT ON COLUMN lims.sample.due_dt IS 'Contractual date the report is due (receipt + 14 days routine, 7 rush, 3 stat)';
COMMENT ON COLUMN lims.sample.reported_at IS 'When the certificate of analysis was issued; NULL = not reported yet';
COMMENT ON COLUMN lims.sample.disposed_on IS 'Date the remaining sample was destroyed (90 days retention after report); NULL = still held';
COMMENT ON COLUMN lims.sample.meta IS 'Receipt details from the chain-of-custody form: {"coc_form": .., "shipping": {"carrier", "tracking_no", "temp_c"}, "lot": {"no", "mfg_dt"}}; temp_c is the logger temperature on arrival (cold-chain samples only)';

CREATE TABLE lims.custody_event (
    evt_id   bigserial,
    evt_at   timestamp NOT NULL,
    smp_id   int NOT NULL,
    evt_cd   char(3) NOT NULL,
    loc_cd   varchar(10),
    by_id    smallint NOT NULL,
    seal_ok  boolean,
    note     text,
    PRIMARY KEY (evt_id, evt_at)
) PARTITION BY RANGE (evt_at);
COMMENT ON TABLE  lims.custody_event IS 'Chain of custody log: every hand-over or movement of a sample (partitioned by year of evt_at)';
COMMENT ON COLUMN lims.custody_event.evt_cd IS 'RCV = received at goods-in, STO = put into storage, ISS = issued to a laboratory section, RET = returned to storage, RTC = returned to client, DSP = disposed';
COMMENT ON COLUMN lims.custody_event.loc_cd IS 'Location after the event (storage code, LAB-<section>, GOODS-IN, COURIER, WASTE)';
COMMENT ON COLUMN lims.custody_event.by_id IS 'Staff member who handled the sample';
COMMENT ON COLUMN lims.custody_event.seal_ok IS 'Tamper seal intact on receipt (RCV events only; NULL for other events)';
CREATE TABLE lims.custody_event_y2023 PARTITION OF lims.custody_event FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE lims.custody_event_y2024 PARTITION OF lims.custody_event FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');

-- ---------------------------------------------------------------------
-- lims: runs, tests, results
-- ---------------------------------------------------------------------
CREATE TABLE lims.batch (
    batch_id   int PRIMARY KEY,
    batch_no   varchar(10) NOT NULL UNIQUE,
    mth_id     smallint NOT NULL,
    mv_id      int NOT NULL,
    inst_id    smallint NOT NULL,
    analyst_id smallint NOT NULL,
    started_at timestamp NOT NULL,
    ended_at   timestamp,
    sst_ok     boolean,
    sts_cd     char(3) NOT NULL
);
COMMENT ON TABLE  lims.batch IS 'Analytical runs: a set of tests of one method run together on one instrument by one analyst';
COMMENT ON COLUMN lims.batch.mv_id IS 'Method version used for the run';
COMMENT ON COLUMN lims.batch.ended_at IS 'When the run (or incubation) finished; NULL = still running';
COMMENT ON COLUMN lims.batch.sst_ok IS 'System suitability / controls passed; NULL = not evaluated yet';
COMMENT ON COLUMN lims.batch.sts_cd IS 'RUN = running, CMP = completed, FAI = failed system suitability (tests re-run in a new batch)';

CREATE TABLE lims.test (
    tst_id       int PRIMARY KEY,
    smp_id       int NOT NULL,
    mth_id       smallint NOT NULL,
    batch_id     int,
    sts_cd       char(3) NOT NULL,
    ordered_at   timestamp NOT NULL,
    completed_at timestamp,
    reviewed_at  timestamp,
    reviewed_by  smallint
);
COMMENT ON TABLE  lims.test IS 'Tests (assays) ordered on a sample: one row per sample and method';
COMMENT ON COLUMN lims.test.batch_id IS 'Run the test was (or is being) performed in; NULL = not scheduled yet';
COMMENT ON COLUMN lims.test.sts_cd IS 'PND = pending (not started), INP = in progress, CMP = results entered, awaiting review, REV = reviewed and approved, CNX = cancelled by the client (not charged)';
COMMENT ON COLUMN lims.test.completed_at IS 'When the analytical work finished; NULL = not finished';
COMMENT ON COLUMN lims.test.reviewed_at IS 'When a senior analyst approved the results; NULL = not reviewed yet';
COMMENT ON COLUMN lims.test.reviewed_by IS 'Senior analyst or supervisor who approved the results';

CREATE TABLE lims.result (
    res_id     int PRIMARY KEY,
    tst_id     int NOT NULL,
    analyte_id smallint NOT NULL,
    num_val    numeric(12,4),
    txt_val    varchar(40),
    spec_id    int,
    res_fl     char(1),
    rpt_fl     boolean NOT NULL DEFAULT true,
    entered_at timestamp NOT NULL,
    entered_by smallint NOT NULL,
    raw_file   varchar(90),
    aud_chk_at timestamp
);
COMMENT ON TABLE  lims.result IS 'Results: one row per test and analyte';
COMMENT ON COLUMN lims.result.num_val IS 'Numeric result in the analyte''s unit (numeric analytes)';
COMMENT ON COLUMN lims.result.txt_val IS 'Text result (text analytes)';
COMMENT ON COLUMN lims.result.spec_id IS 'Specification limit the result was judged against; NULL = no specification (information only)';
COMMENT ON COLUMN lims.result.res_fl IS 'P = within specification, F = out of specification (OOS); NULL = no specification to judge against';
COMMENT ON COLUMN lims.result.rpt_fl IS 'Result appears on the certificate; false when invalidated by an OOS investigation';
COMMENT ON COLUMN lims.result.entered_at IS 'When the result was entered';
COMMENT ON COLUMN lims.result.raw_file IS 'Raw data file on the laboratory file server; NULL for manual readings (e.g. plate counts)';
COMMENT ON COLUMN lims.result.aud_chk_at IS 'When QA last reviewed the audit trail of this result; NULL = not reviewed yet';

-- ---------------------------------------------------------------------
-- qa: qualifications, OOS
-- ---------------------------------------------------------------------
CREATE TABLE qa.qualification (
    qual_id    serial PRIMARY KEY,
    analyst_id smallint NOT NULL REFERENCES qa.analyst,
    mth_id     smallint NOT NULL REFERENCES lims.method,
    sts_cd     char(1) NOT NULL,
    qual_on    date,
    expires_on date,
    trainer_id smallint REFERENCES qa.analyst
);
COMMENT ON TABLE  qa.qualification IS 'Analyst method qualifications (history: each requalification adds a row)';
COMMENT ON COLUMN qa.qualification.sts_cd IS 'Q = qualified (current), S = superseded by a later requalification, E = expired (not renewed), T = in training (not yet qualified), W = withdrawn because the analyst left';
COMMENT ON COLUMN qa.qualification.qual_on IS 'Date the analyst was signed off on the method; NULL while in training';
COMMENT ON COLUMN qa.qualification.expires_on IS 'Qualification valid until (two years after sign-off); NULL while in training';
COMMENT ON COLUMN qa.qualification.trainer_id IS 'Who trained and signed off the analyst; NULL = not recorded';

CREATE TABLE qa.oos_investigation (
    oos_id     int PRIMARY KEY,
    oos_no     varchar(12) NOT NULL UNIQUE,
    res_id     int NOT NULL UNIQUE,
    opened_on  date NOT NULL,
    stage      qa.oos_stage NOT NULL,
    concl_cd   char(3),
    root_cd    char(3),
    lead_id    smallint NOT NULL,
    closed_on  date,
    retest_val numeric(12,4),
    capa_ref   varchar(14)
);
COMMENT ON TABLE  qa.oos_investigation IS 'Out-of-specification investigations, one per OOS result';
COMMENT ON COLUMN qa.oos_investigation.stage IS 'Current stage (enum qa.oos_stage)';
COMMENT ON COLUMN qa.oos_investigation.concl_cd IS 'CNF = OOS confirmed (result stands), INV = result invalidated (laboratory error); NULL = not concluded yet';
COMMENT ON COLUMN qa.oos_investigation.root_cd IS 'Root cause: LAB = analyst/laboratory error, INS = instrument fault, PRD = product / manufacturing problem, SMP = sampling or transport problem, UNK = undetermined; NULL = not determined yet';
COMMENT ON COLUMN qa.oos_investigation.lead_id IS 'QA officer leading the investigation';
COMMENT ON COLUMN qa.oos_investigation.closed_on IS 'Date closed; NULL = still open';
COMMENT ON COLUMN qa.oos_investigation.retest_val IS 'Mean of the retest results, when retesting was done; NULL = no retest';
COMMENT ON COLUMN qa.oos_investigation.capa_ref IS 'Corrective and preventive action raised, if any';

-- ---------------------------------------------------------------------
-- fin
-- ---------------------------------------------------------------------
CREATE TABLE fin.price_list (
    price_id   serial PRIMARY KEY,
    mth_id     smallint NOT NULL REFERENCES lims.method,
    unit_prc   numeric(8,2) NOT NULL,
    rush_pct   numeric(5,1) NOT NULL,
    stat_pct   numeric(5,1) NOT NULL,
    valid_from date NOT NULL,
    valid_to   date
);
COMMENT ON TABLE  fin.price_list IS 'List price per test by method (history: valid_from <= day < valid_to)';
COMMENT ON COLUMN fin.price_list.unit_prc IS 'List price per test, GBP excl. VAT';
COMMENT ON COLUMN fin.price_list.rush_pct IS 'Surcharge for rush turnaround, percent of list price';
COMMENT ON COLUMN fin.price_list.stat_pct IS 'Surcharge for stat (3-day) turnaround, percent of list price';
COMMENT ON COLUMN fin.price_list.valid_to IS 'Date the price was replaced (exclusive); NULL = current price';

CREATE TABLE fin.invoice (
    inv_id    int PRIMARY KEY,
    inv_no    varchar(16) NOT NULL UNIQUE,
    client_id smallint NOT NULL,
    proj_id   int NOT NULL,
    bill_mon  date NOT NULL,
    issued_on date NOT NULL,
    due_on    date NOT NULL,
    net_amt   numeric(12,2) NOT NULL,
    tax_amt   numeric(12,2) NOT NULL,
    paid_on   date
);
COMMENT ON TABLE  fin.invoice IS 'Monthly invoices: one per project per month, for the tests approved in that month';
COMMENT ON COLUMN fin.invoice.bill_mon IS 'First day of the month whose approved tests are billed';
COMMENT ON COLUMN fin.invoice.issued_on IS 'Invoice date (the 3rd of the following month)';
COMMENT ON COLUMN fin.invoice.due_on IS 'Payment due date = issued_on + client payment terms';
COMMENT ON COLUMN fin.invoice.net_amt IS 'Total before VAT, GBP';
COMMENT ON COLUMN fin.invoice.tax_amt IS 'VAT, GBP (zero for clients outside the UK)';
COMMENT ON COLUMN fin.invoice.paid_on IS 'Date payment was received; NULL = unpaid';

CREATE TABLE fin.invoice_line (
    line_id   int PRIMARY KEY,
    inv_id    int NOT NULL,
    tst_id    int NOT NULL UNIQUE,
    price_id  int NOT NULL,
    unit_prc  numeric(8,2) NOT NULL,
    srchg_amt numeric(8,2) NOT NULL DEFAULT 0,
    disc_pct  numeric(4,1) NOT NULL DEFAULT 0,
    line_amt  numeric(10,2) NOT NULL
);
COMMENT ON TABLE  fin.invoice_line IS 'Invoice lines: one per approved test billed';
COMMENT ON COLUMN fin.invoice_line.unit_prc IS 'List price applied (price in force on the day the sample was received)';
COMMENT ON COLUMN fin.invoice_line.srchg_amt IS 'Rush / stat turnaround surcharge, GBP';
COMMENT ON COLUMN fin.invoice_line.disc_pct IS 'Project discount applied, percent';
COMMENT ON COLUMN fin.invoice_line.line_amt IS 'Line total before VAT = (unit_prc + srchg_amt) x (1 - disc_pct/100)';

-- =====================================================================
--  Data: reference tables
-- =====================================================================
INSERT INTO qa.analyst (analyst_id, emp_no, first_nm, last_nm, email, role_cd, dept_cd, hired_on, left_on)
SELECT i, 'E' || (1000 + i * 7)::text, f, l, lower(f || '.' || l) || '@calderbrook-labs.co.uk', r, d, h::date, lo::date
FROM (VALUES
 ( 1,'Helen','Marsh','SUP','CHM','2012-04-02',NULL),
 ( 2,'Rajesh','Patel','SNR','CHM','2015-09-07',NULL),
 ( 3,'Claire','Dunn','ANL','CHM','2018-02-12',NULL),
 ( 4,'Tomasz','Nowak','ANL','CHM','2019-06-03',NULL),
 ( 5,'Fiona','Reid','ANL','CHM','2020-01-13',NULL),
 ( 6,'Samuel','Osei','ANL','CHM','2021-03-01',NULL),
 ( 7,'Grace','Liu','ANL','CHM','2021-10-04',NULL),
 ( 8,'Mark','Bellamy','SNR','CHM','2016-05-16','2024-03-29'),
 ( 9,'Nadia','Karimi','ANL','CHM','2022-07-11',NULL),
 (10,'Peter','Quinn','ANL','CHM','2023-02-06',NULL),
 (11,'Ellie','Watson','ANL','CHM','2023-09-18',NULL),
 (12,'Ravi','Menon','ANL','CHM','2024-04-15',NULL),
 (13,'Alison','Greer','SUP','MIC','2013-08-19',NULL),
 (14,'Ben','Achterberg','SNR','MIC','2017-03-06',NULL),
 (15,'Maria','Santos','ANL','MIC','2019-11-04',NULL),
 (16,'Josh','Whelan','ANL','MIC','2020-08-24',NULL),
 (17,'Olga','Petrova','ANL','MIC','2022-01-10',NULL),
 (18,'Kieran','Doyle','ANL','MIC','2022-05-09','2024-08-30'),
 (19,'Amira','Haddad','ANL','MIC','2023-06-12',NULL),
 (20,'Stuart','Mackenzie','SUP','ENV','2011-02-07',NULL),
 (21,'Lena','Fischer','SNR','ENV','2016-10-03',NULL),
 (22,'Dev','Chauhan','ANL','ENV','2019-04-08',NULL),
 (23,'Rebecca','Holt','ANL','ENV','2020-11-16',NULL),
 (24,'Ahmed','Yusuf','ANL','ENV','2022-09-05',NULL),
 (25,'Chloe','Barnes','ANL','ENV','2024-01-08',NULL),
 (26,'Gary','Lomax','ANL','SRC','2014-06-02',NULL),
 (27,'Tina','Okoro','ANL','SRC','2019-03-11',NULL),
 (28,'Paul','Renshaw','ANL','SRC','2022-11-14',NULL),
 (29,'Susan','Ashworth','QAO','QAU','2010-09-01',NULL),
 (30,'Imran','Siddiqui','QAO','QAU','2018-07-02',NULL),
 (31,'Joanne','Pike','QAO','QAU','2021-05-17',NULL)
) v(i, f, l, r, d, h, lo);

-- instruments ---------------------------------------------------------
CREATE TEMP TABLE inst_spec (typ qa.inst_type, n int, mfr text, model text, room text, ival int, svc text, ord int);
INSERT INTO inst_spec VALUES
 ('HPLC',8,'Agilent','1260 Infinity II','CHM-2',180,'Agilent Service',1),
 ('GC',3,'Agilent','8890 GC with headspace','CHM-3',180,'Agilent Service',2),
 ('GC-MS',2,'Thermo Fisher','TSQ 9610','ENV-2',180,'Thermo Fisher Service',3),
 ('LC-MS',2,'Waters','Xevo TQ-S micro','CHM-4',180,'Waters Service',4),
 ('ICP-MS',2,'Agilent','7900','ENV-1',180,'Agilent Service',5),
 ('ICP-OES',2,'PerkinElmer','Avio 550 Max','ENV-1',180,'PerkinElmer Service',6),
 ('KF',3,'Metrohm','917 Coulometer','CHM-1',90,'INTERNAL',7),
 ('UV-VIS',2,'Shimadzu','UV-1900i','CHM-1',365,'Shimadzu Service',8),
 ('FTIR',2,'Bruker','Alpha II','CHM-1',365,'Bruker Service',9),
 ('PH',4,'Mettler-Toledo','SevenExcellence','CHM-1',90,'INTERNAL',10),
 ('TOC',2,'Sievers','M9','ENV-1',180,'Veolia Service',11),
 ('IC',2,'Metrohm','930 Compact IC Flex','ENV-2',180,'Metrohm Service',12),
 ('DISSO',3,'Agilent','708-DS','CHM-2',180,'Agilent Service',13),
 ('INCUB',6,'Binder','BD 260','MIC-1',365,'Binder Service',14),
 ('LAL',2,'Charles River','Endosafe nexgen-MCS','MIC-2',365,'Charles River Service',15),
 ('BALANCE',5,'Mettler-Toledo','XPR205','CHM-1',365,'Mettler-Toledo Service',16);

INSERT INTO qa.instrument (inst_id, asset_tag, inst_typ, mfr, model, serial_no, room_cd, in_svc_on, retired_on, cal_int_d)
SELECT id, 'INS-' || lpad(id::text, 3, '0'), typ, mfr, model,
       upper(substr(md5('sn' || id), 1, 10)), room,
       CASE WHEN typ = 'HPLC' AND k = 8 THEN date '2024-03-11'
            WHEN typ = 'GC' AND k = 3 THEN date '2023-10-09'
            ELSE date '2016-01-04' + floor(pg_temp.rnd('svc' || id) * 1900)::int END,
       NULL, ival
FROM (SELECT s.*, k, row_number() OVER (ORDER BY s.ord, k)::int AS id
      FROM inst_spec s CROSS JOIN LATERAL generate_series(1, s.n) k) x;
-- two older instruments that were replaced
INSERT INTO qa.instrument VALUES
 (51, 'INS-051', 'HPLC', 'Waters', 'Alliance e2695', 'E2695X4471', 'CHM-2', '2013-05-20', '2024-02-29', 180),
 (52, 'INS-052', 'GC', 'Agilent', '7890B GC with headspace', 'CN1130A22', 'CHM-3', '2014-09-01', '2023-09-29', 180);

-- calibration history -------------------------------------------------
CREATE TEMP TABLE cal_stage AS
SELECT i.inst_id, i.cal_int_d, s.svc, k,
       (st.d + k * (i.cal_int_d - 7) + floor(pg_temp.rnd('cj' || i.inst_id || '-' || k) * 7)::int - 3) AS cal_dt,
       pg_temp.rnd('cr' || i.inst_id || '-' || k) AS u
FROM qa.instrument i
JOIN inst_spec s ON s.typ = i.inst_typ
CROSS JOIN LATERAL (SELECT CASE WHEN i.in_svc_on < date '2022-01-03'
                                THEN date '2022-01-03' + floor(pg_temp.rnd('c0' || i.inst_id) * (i.cal_int_d - 10))::int
                                ELSE i.in_svc_on END AS d) st
CROSS JOIN LATERAL generate_series(0, 40) k;
DELETE FROM cal_stage c USING qa.instrument i
WHERE i.inst_id = c.inst_id
  AND (c.cal_dt > date '2024-11-05' OR c.cal_dt > COALESCE(i.retired_on, date '2099-01-01') - 10);
-- three instruments missed their latest calibration
DELETE FROM cal_stage WHERE inst_id IN (4, 21, 27) AND cal_dt > date '2024-07-20';

INSERT INTO qa.calibration (inst_id, cal_dt, next_due_dt, perf_by, result_cd, cert_no, cost_amt, note)
SELECT inst_id, cal_dt, nd, perf_by, rc, cert, cost, note
FROM (
  SELECT c.inst_id, c.cal_dt,
         CASE WHEN c.u < 0.03 THEN NULL ELSE c.cal_dt + c.cal_int_d END AS nd,
         c.svc AS perf_by,
         CASE WHEN c.u < 0.03 THEN 'FAL' WHEN c.u < 0.11 THEN 'ADJ' ELSE 'PAS' END AS rc,
         CASE WHEN c.svc <> 'INTERNAL' THEN 'CC' || to_char(c.cal_dt, 'YY') || '-' || lpad((floor(pg_temp.rnd('cn' || c.inst_id || c.k) * 99999))::int::text, 5, '0') END AS cert,
         CASE WHEN c.svc <> 'INTERNAL' THEN round((380 + pg_temp.rnd('cc' || c.inst_id || c.k) * 900)::numeric, 2) END AS cost,
         CASE WHEN c.u < 0.03 THEN 'Failed: out of tolerance, engineer visit booked' END AS note
  FROM cal_stage c
  UNION ALL
  -- repair and re-calibration 4 days after a failed calibration
  SELECT c.inst_id, c.cal_dt + 4, c.cal_dt + 4 + c.cal_int_d, c.svc, 'ADJ',
         CASE WHEN c.svc <> 'INTERNAL' THEN 'CC' || to_char(c.cal_dt, 'YY') || '-' || lpad((floor(pg_temp.rnd('cm' || c.inst_id || c.k) * 99999))::int::text, 5, '0') END,
         CASE WHEN c.svc <> 'INTERNAL' THEN round((900 + pg_temp.rnd('cx' || c.inst_id || c.k) * 1500)::numeric, 2) END,
         'Repaired and recalibrated after failed calibration'
  FROM cal_stage c WHERE c.u < 0.03 AND c.cal_dt + 4 <= date '2024-11-05'
) z
ORDER BY cal_dt, inst_id;

-- methods ---------------------------------------------------------------
INSERT INTO lims.method (mth_id, mth_cd, title, dept_cd, inst_typ, iso_acc, std_tat_d, retired_on) VALUES
 ( 1,'CHM-HPLC-001','Assay by HPLC','CHM','HPLC',true,5,NULL),
 ( 2,'CHM-HPLC-002','Related substances by HPLC','CHM','HPLC',true,7,NULL),
 ( 3,'CHM-GC-003','Residual solvents by headspace GC','CHM','GC',true,7,NULL),
 ( 4,'CHM-KF-004','Water content by Karl Fischer titration','CHM','KF',true,3,NULL),
 ( 5,'CHM-DIS-005','Dissolution (USP apparatus 2)','CHM','DISSO',true,7,NULL),
 ( 6,'ENV-ICPMS-006','Elemental impurities by ICP-MS','ENV','ICP-MS',true,10,NULL),
 ( 7,'ENV-ICPOES-007','Metals in water by ICP-OES','ENV','ICP-OES',true,5,NULL),
 ( 8,'MIC-TAMC-008','Total aerobic microbial count','MIC','INCUB',true,7,NULL),
 ( 9,'MIC-TYMC-009','Total yeast and mould count','MIC','INCUB',true,7,NULL),
 (10,'MIC-ECOLI-010','E. coli detection','MIC','INCUB',true,5,NULL),
 (11,'MIC-SALM-011','Salmonella detection','MIC','INCUB',true,7,NULL),
 (12,'MIC-LAL-012','Bacterial endotoxins (LAL)','MIC','LAL',true,5,NULL),
 (13,'CHM-PH-013','pH','CHM','PH',true,2,NULL),
 (14,'ENV-TOC-014','Total organic carbon','ENV','TOC',true,3,NULL),
 (15,'CHM-UV-015','Identification by UV-Vis','CHM','UV-VIS',true,3,NULL),
 (16,'CHM-IR-016','Identification by FTIR','CHM','FTIR',true,3,NULL),
 (17,'ENV-GCMS-017','Pesticide residues by GC-MS/MS','ENV','GC-MS',false,10,NULL),
 (18,'CHM-LCMS-018','Mycotoxins by LC-MS/MS','CHM','LC-MS',false,10,NULL),
 (19,'ENV-IC-019','Anions by ion chromatography','ENV','IC',true,5,NULL),
 (20,'CHM-FAT-020','Total fat (Soxhlet)','CHM','BALANCE',false,5,NULL),
 (21,'CHM-TLC-021','Identification by TLC','CHM','UV-VIS',true,3,'2023-06-30');

INSERT INTO lims.method_version (mth_id, ver_no, sop_ref, valid_from, valid_to, appr_by, chg_note)
SELECT m, v, 'SOP-' || d.dept_cd || '-' || lpad((m * 3 + 100)::text, 4, '0') || ' rev ' || v, vf::date,
       COALESCE(lead(vf::date) OVER (PARTITION BY m ORDER BY v), d.retired_on), a, n
FROM (VALUES
 ( 1,1,'2019-03-01',29,'First issue'),
 ( 1,2,'2023-05-15',30,'Column changed to C18 150 x 4.6 mm, 3.5 um'),
 ( 1,3,'2024-09-02',31,'System suitability: tailing factor limit tightened to 1.5'),
 ( 2,1,'2019-03-01',29,'First issue'),
 ( 2,2,'2024-02-12',30,'Gradient extended to resolve impurity C'),
 ( 3,1,'2020-06-01',29,'First issue'),
 ( 3,2,'2022-11-07',30,'ICH Q3C class 2 solvents added'),
 ( 3,3,'2024-06-17',31,'Headspace equilibration time 30 min'),
 ( 4,1,'2018-09-03',29,'First issue'),
 ( 4,2,'2023-10-02',30,'Coulometric cell replaces volumetric titration'),
 ( 5,1,'2019-01-07',29,'First issue'),
 ( 6,1,'2021-04-12',29,'First issue'),
 ( 6,2,'2024-03-04',30,'Microwave digestion step added'),
 ( 7,1,'2018-05-14',29,'First issue'),
 ( 7,2,'2022-08-01',29,'Iron added to the reported elements'),
 ( 7,3,'2023-08-21',30,'Calibration range extended'),
 ( 7,4,'2024-10-14',31,'Internal standard changed to yttrium'),
 ( 8,1,'2017-02-06',29,'First issue'),
 ( 8,2,'2023-03-13',30,'Incubation 30-35 C for 3-5 days per Ph. Eur. 2.6.12'),
 ( 9,1,'2017-02-06',29,'First issue'),
 ( 9,2,'2023-03-13',30,'Sabouraud dextrose agar lot control added'),
 (10,1,'2017-02-06',29,'First issue'),
 (11,1,'2018-07-02',29,'First issue'),
 (11,2,'2024-05-20',31,'Enrichment broth changed to RVS'),
 (12,1,'2020-01-20',29,'First issue'),
 (13,1,'2016-11-07',29,'First issue'),
 (14,1,'2019-09-09',29,'First issue'),
 (14,2,'2024-01-15',30,'New analyser (Sievers M9)'),
 (15,1,'2018-03-05',29,'First issue'),
 (16,1,'2018-03-05',29,'First issue'),
 (16,2,'2023-12-04',30,'ATR accessory replaces KBr discs'),
 (17,1,'2021-10-04',29,'First issue'),
 (17,2,'2023-06-26',30,'QuEChERS extraction'),
 (17,3,'2024-04-29',31,'Cypermethrin added to scope'),
 (18,1,'2022-01-10',29,'First issue'),
 (18,2,'2024-07-08',31,'Immunoaffinity clean-up'),
 (19,1,'2019-05-13',29,'First issue'),
 (20,1,'2020-02-03',29,'First issue'),
 (21,1,'2015-06-01',29,'First issue')
) v(m, v, vf, a, n)
JOIN lims.method d ON d.mth_id = v.m
ORDER BY m, v;

-- analytes + the parameters used to generate results (temp) ------------
CREATE TEMP TABLE ap (analyte_id smallint, mth_id smallint, nm text, unit text, typ char(1), dp smallint, cas text,
                      nominal numeric, sd numeric, lo numeric, hi numeric, txt_ok text, txt_bad text, pfail numeric);
INSERT INTO ap VALUES
 ( 1, 1,'Assay','% label claim','N',1,NULL,100.0,1.3,95,105,NULL,NULL,0.006),
 ( 2, 2,'Impurity A','%','N',2,NULL,0.08,0.03,NULL,0.20,NULL,NULL,0.004),
 ( 3, 2,'Largest unknown impurity','%','N',2,NULL,0.04,0.015,NULL,0.10,NULL,NULL,0.004),
 ( 4, 2,'Total impurities','%','N',2,NULL,0.22,0.06,NULL,0.50,NULL,NULL,0.005),
 ( 5, 3,'Methanol','ppm','N',0,'67-56-1',250,150,NULL,3000,NULL,NULL,0.003),
 ( 6, 3,'Ethanol','ppm','N',0,'64-17-5',700,400,NULL,5000,NULL,NULL,0.003),
 ( 7, 4,'Water','% w/w','N',2,'7732-18-5',2.0,0.5,NULL,4.0,NULL,NULL,0.008),
 ( 8, 5,'Dissolved at 30 min','%','N',0,NULL,90,3,80,NULL,NULL,NULL,0.007),
 ( 9, 6,'Lead (Pb)','ug/g','N',3,'7439-92-1',0.10,0.06,NULL,0.50,NULL,NULL,0.003),
 (10, 6,'Arsenic (As)','ug/g','N',3,'7440-38-2',0.04,0.02,NULL,0.15,NULL,NULL,0.003),
 (11, 6,'Cadmium (Cd)','ug/g','N',3,'7440-43-9',0.03,0.015,NULL,0.20,NULL,NULL,0.002),
 (12, 7,'Copper','ug/L','N',0,'7440-50-8',110,70,NULL,2000,NULL,NULL,0.002),
 (13, 7,'Lead','ug/L','N',1,'7439-92-1',2.5,1.5,NULL,10,NULL,NULL,0.006),
 (14, 7,'Iron','ug/L','N',0,'7439-89-6',70,35,NULL,200,NULL,NULL,0.008),
 (15, 8,'TAMC','CFU/g','N',0,NULL,20,18,NULL,100,NULL,NULL,0.006),
 (16, 9,'TYMC','CFU/g','N',0,NULL,8,6,NULL,100,NULL,NULL,0.004),
 (17,10,'E. coli','','T',0,NULL,NULL,NULL,NULL,NULL,'Absent in 1 g','Present in 1 g',0.004),
 (18,11,'Salmonella','','T',0,NULL,NULL,NULL,NULL,NULL,'Not detected in 25 g','Detected in 25 g',0.003),
 (19,12,'Bacterial endotoxins','EU/mL','N',3,NULL,0.05,0.03,NULL,0.25,NULL,NULL,0.005),
 (20,13,'pH','pH units','N',2,NULL,7.0,0.25,6.0,8.0,NULL,NULL,0.006),
 (21,14,'TOC','mg/L','N',2,NULL,1.4,0.6,NULL,5.0,NULL,NULL,0.005),
 (22,15,'Identity (UV)','','T',0,NULL,NULL,NULL,NULL,NULL,'Conforms','Does not conform',0.002),
 (23,16,'Identity (IR)','','T',0,NULL,NULL,NULL,NULL,NULL,'Conforms','Does not conform',0.002),
 (24,17,'Chlorpyrifos','mg/kg','N',4,'2921-88-2',0.003,0.002,NULL,0.010,NULL,NULL,0.006),
 (25,17,'Cypermethrin','mg/kg','N',3,'52315-07-8',0.02,0.012,NULL,0.10,NULL,NULL,0.004),
 (26,18,'Aflatoxin B1','ug/kg','N',2,'1162-65-8',0.4,0.3,NULL,2.0,NULL,NULL,0.008),
 (27,18,'Ochratoxin A','ug/kg','N',2,'303-47-9',0.9,0.6,NULL,5.0,NULL,NULL,0.005),
 (28,19,'Nitrate','mg/L','N',1,'14797-55-8',12,6,NULL,50,NULL,NULL,0.004),
 (29,19,'Chloride','mg/L','N',1,'16887-00-6',40,18,NULL,250,NULL,NULL,0.002),
 (30,19,'Sulfate','mg/L','N',1,'14808-79-8',55,25,NULL,250,NULL,NULL,0.002),
 (31,20,'Total fat','g/100 g','N',1,NULL,12,5,NULL,NULL,NULL,NULL,0),
 (32,21,'Identity (TLC)','','T',0,NULL,NULL,NULL,NULL,NULL,'Conforms','Does not conform',0.002);
INSERT INTO lims.analyte (analyte_id, mth_id, analyte_nm, unit_cd, res_typ, dec_pl, cas_no)
SELECT analyte_id, mth_id, nm, NULLIF(unit, ''), typ, dp, cas FROM ap ORDER BY analyte_id;

-- price list history ----------------------------------------------------
CREATE TEMP TABLE base_price (mth_id smallint, p numeric);
INSERT INTO base_price VALUES (1,92),(2,138),(3,155),(4,52),(5,175),(6,205),(7,82),(8,44),(9,44),(10,58),
 (11,72),(12,118),(13,19),(14,39),(15,48),(16,48),(17,310),(18,285),(19,62),(20,68),(21,35);
INSERT INTO fin.price_list (mth_id, unit_prc, rush_pct, stat_pct, valid_from, valid_to)
SELECT mth_id, p, rp, sp, vf, vt FROM (
  SELECT mth_id, p, 50.0 AS rp, 100.0 AS sp, date '2022-01-01' AS vf, date '2023-01-01' AS vt FROM base_price
  UNION ALL
  SELECT b.mth_id, round(p * 1.04, 0), 50.0, 100.0, date '2023-01-01',
         CASE WHEN b.mth_id = 21 THEN date '2023-07-01' ELSE date '2024-01-01' END FROM base_price b
  UNION ALL
  SELECT mth_id, round(p * 1.04 * 1.05, 0), 50.0, 100.0, date '2024-01-01',
         CASE WHEN mth_id IN (17, 18, 6) THEN date '2024-07-01' END FROM base_price WHERE mth_id <> 21
  UNION ALL
  SELECT mth_id, round(p * 1.04 * 1.05 * 1.10, 0), 60.0, 120.0, date '2024-07-01', NULL FROM base_price WHERE mth_id IN (17, 18, 6)
) z ORDER BY vf, mth_id;

-- analyst qualifications (two-yearly requalification) -------------------
CREATE TEMP TABLE q_stage AS
SELECT a.analyst_id, m.mth_id, a.role_cd, a.dept_cd, a.left_on, m.retired_on,
       a.hired_on + 60 + floor(pg_temp.rnd('qb' || a.analyst_id || '-' || m.mth_id) * 260)::int AS base,
       a.role_cd = 'ANL' AND pg_temp.rnd('ql' || a.analyst_id || '-' || m.mth_id) < 0.07 AS lapses
FROM qa.analyst a JOIN lims.method m ON m.dept_cd = a.dept_cd
WHERE a.role_cd IN ('ANL', 'SNR', 'SUP')
  AND (a.role_cd IN ('SNR', 'SUP') OR m.mth_id % 5 = a.analyst_id % 5
       OR pg_temp.rnd('qi' || a.analyst_id || '-' || m.mth_id) < 0.65)
  AND (m.retired_on IS NULL OR m.retired_on > a.hired_on + 400);

CREATE TEMP TABLE q_rows AS
SELECT q.*, k, CASE WHEN q.base > date '2024-11-05' THEN NULL ELSE q.base + k * 710 END AS qual_on
FROM q_stage q CROSS JOIN LATERAL generate_series(0, 10) k
WHERE (q.base > date '2024-11-05' AND k = 0)
   OR (q.base + k * 710 <= date '2024-11-05'
       AND (q.left_on IS NULL OR q.base + k * 710 < q.left_on)
       AND (q.retired_on IS NULL OR q.base + k * 710 < q.retired_on)
       AND (NOT q.lapses OR q.base + k * 710 < date '2023-06-01'));

INSERT INTO qa.qualification (analyst_id, mth_id, sts_cd, qual_on, expires_on, trainer_id)
SELECT analyst_id, mth_id,
       CASE WHEN qual_on IS NULL THEN 'T'
            WHEN k < max(k) OVER (PARTITION BY analyst_id, mth_id) THEN 'S'
            WHEN left_on IS NOT NULL THEN 'W'
            WHEN qual_on + 730 < date '2024-11-05' THEN 'E'
            ELSE 'Q' END,
       qual_on, qual_on + 730,
       CASE WHEN role_cd = 'ANL' THEN
            CASE dept_cd WHEN 'CHM' THEN (ARRAY[1, 2])[1 + k % 2] WHEN 'MIC' THEN (ARRAY[13, 14])[1 + k % 2] ELSE (ARRAY[20, 21])[1 + k % 2] END END
FROM q_rows
WHERE qual_on IS NULL OR qual_on + 730 >= date '2021-01-01'
ORDER BY COALESCE(qual_on, base), analyst_id, mth_id;

-- clients ---------------------------------------------------------------
INSERT INTO lims.client (client_id, client_cd, client_nm, sector_cd, country_cd, pay_terms_d, credit_hold, created_on)
SELECT i, 'CL' || lpad(i::text, 4, '0'),
       (ARRAY['Halden','Brookmere','Ashgrove','Corrin','Denholm','Eastleigh','Farrow','Glenmoor','Hartley','Inverell',
              'Kingsbury','Lowther','Merrion','Northcote','Oakhurst','Pendle','Radley','Selwood','Tamar','Upton',
              'Verity','Wexcombe','Yelland','Avonmore','Blackwater','Carraway','Drummond','Elderfield','Fairhaven','Greystone',
              'Hollins','Ivybridge','Juniper','Kelso','Larkfield','Moorcroft'])[(i - 1) % 36 + 1]
       || ' ' ||
       CASE WHEN i <= 36 THEN CASE sec WHEN 'PHA' THEN 'Pharmaceuticals Ltd' WHEN 'FOD' THEN 'Foods Ltd'
                                       WHEN 'ENV' THEN 'Water Services' ELSE 'Cosmetics Ltd' END
            ELSE CASE sec WHEN 'PHA' THEN 'Biologics plc' WHEN 'FOD' THEN 'Dairies Ltd'
                          WHEN 'ENV' THEN 'Environmental Ltd' ELSE 'Skincare Ltd' END END,
       sec,
       CASE WHEN sec = 'ENV' OR u < 0.72 THEN 'GB' WHEN u < 0.82 THEN 'IE' WHEN u < 0.90 THEN 'DE' WHEN u < 0.95 THEN 'NL' ELSE 'US' END,
       CASE WHEN v < 0.65 THEN 30 WHEN v < 0.85 THEN 45 ELSE 60 END,
       i IN (17, 44, 58),
       CASE WHEN i <= 60 THEN date '2018-01-08' + floor(pg_temp.rnd('cc' || i) * 1580)::int
            ELSE date '2024-01-10' + (i - 61) * 26 END
FROM (SELECT i, CASE WHEN i % 9 IN (0, 1, 2, 3) THEN 'PHA' WHEN i % 9 IN (4, 5) THEN 'FOD'
                     WHEN i % 9 IN (6, 7) THEN 'ENV' ELSE 'COS' END AS sec,
             pg_temp.rnd('ctry' || i) AS u, pg_temp.rnd('terms' || i) AS v
      FROM generate_series(1, 72) i) s;

-- projects --------------------------------------------------------------
CREATE TEMP TABLE prj_stage AS
SELECT c.client_id, c.client_nm, c.sector_cd, k,
       CASE WHEN c.client_id <= 60 THEN date '2022-07-01' + floor(pg_temp.rnd('po' || c.client_id || '-' || k) * 850)::int
            ELSE least(c.created_on + 5 + floor(pg_temp.rnd('po' || c.client_id || '-' || k) * 40)::int, date '2024-11-01') END AS opened_on,
       240 + floor(pg_temp.rnd('life' || c.client_id || '-' || k) * 420)::int AS life,
       pg_temp.rnd('pt' || c.client_id || '-' || k) AS ut,
       pg_temp.rnd('ps' || c.client_id || '-' || k) AS us
FROM lims.client c
CROSS JOIN LATERAL generate_series(1, CASE WHEN c.client_id <= 60 THEN 4 + floor(pg_temp.rnd('np' || c.client_id) * 5)::int
                                           ELSE 1 + floor(pg_temp.rnd('np' || c.client_id) * 2)::int END) k
WHERE c.client_id <= 67;

INSERT INTO lims.project (proj_id, proj_cd, client_id, title, proj_typ, sts_cd, opened_on, closed_on, po_no, quote_amt, disc_pct, pm_id)
SELECT row_number() OVER (ORDER BY opened_on, client_id, k),
       'P' || to_char(opened_on, 'YY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM opened_on) ORDER BY opened_on, client_id, k))::text, 3, '0'),
       client_id,
       CASE typ WHEN 'REL' THEN 'Batch release testing' WHEN 'STB' THEN 'Stability study'
                WHEN 'ENV' THEN 'Water quality monitoring' WHEN 'FOD' THEN 'Food safety testing'
                ELSE 'Microbiological testing' END
       || ' - ' || upper(substr(client_nm, 1, 2)) || '-' || (100 + floor(pg_temp.rnd('pc' || client_id || '-' || k) * 800))::int,
       typ,
       CASE WHEN opened_on + life < date '2024-11-05' THEN CASE WHEN us < 0.08 THEN 'CNX' ELSE 'CLS' END
            WHEN us < 0.07 THEN 'HLD' ELSE 'ACT' END,
       opened_on,
       CASE WHEN opened_on + life < date '2024-11-05' THEN
            CASE WHEN us < 0.08 THEN opened_on + floor(life * 0.35)::int ELSE opened_on + life END END,
       CASE WHEN pg_temp.rnd('pon' || client_id || '-' || k) < 0.09 THEN NULL
            ELSE 'PO' || (400000 + floor(pg_temp.rnd('pox' || client_id || '-' || k) * 99999))::int END,
       round((2000 + pg_temp.rnd('pq' || client_id || '-' || k) * 58000)::numeric, -2),
       CASE WHEN pg_temp.rnd('pd' || client_id || '-' || k) < 0.70 THEN 0
            WHEN pg_temp.rnd('pd' || client_id || '-' || k) < 0.90 THEN 5 ELSE 10 END,
       CASE typ WHEN 'ENV' THEN (ARRAY[20, 21])[1 + k % 2] WHEN 'MIC' THEN (ARRAY[13, 14])[1 + k % 2]
                WHEN 'FOD' THEN (ARRAY[1, 13])[1 + k % 2] ELSE (ARRAY[1, 2])[1 + k % 2] END
FROM (SELECT p.*,
             CASE sector_cd WHEN 'PHA' THEN CASE WHEN ut < 0.5 THEN 'REL' WHEN ut < 0.8 THEN 'STB' ELSE 'MIC' END
                            WHEN 'FOD' THEN CASE WHEN ut < 0.7 THEN 'FOD' ELSE 'MIC' END
                            WHEN 'ENV' THEN 'ENV'
                            ELSE CASE WHEN ut < 0.75 THEN 'MIC' ELSE 'REL' END END AS typ
      FROM prj_stage p) x;

-- which methods each kind of project asks for (p = share of samples)
CREATE TEMP TABLE panel (proj_typ char(3), mth_id smallint, p numeric, ord smallint);
INSERT INTO panel VALUES
 ('REL',1,1.0,1),('REL',2,0.8,2),('REL',4,0.6,3),('REL',5,0.5,4),('REL',15,0.4,5),('REL',16,0.3,6),
 ('REL',8,0.3,7),('REL',3,0.3,8),('REL',6,0.15,9),('REL',21,0.3,10),
 ('STB',1,1.0,1),('STB',2,0.9,2),('STB',4,0.7,3),('STB',5,0.6,4),
 ('ENV',7,1.0,1),('ENV',13,0.9,2),('ENV',14,0.7,3),('ENV',19,0.8,4),
 ('FOD',10,1.0,1),('FOD',11,0.8,2),('FOD',9,0.7,3),('FOD',18,0.5,4),('FOD',17,0.5,5),('FOD',20,0.3,6),
 ('MIC',8,1.0,1),('MIC',9,0.9,2),('MIC',10,0.5,3),('MIC',12,0.4,4),('MIC',13,0.3,5);

-- specification limits (some revised during the project) ---------------
CREATE TEMP TABLE spec_stage AS
SELECT p.proj_id, p.opened_on, a.analyte_id, a.typ, a.dp, a.nominal, a.lo, a.hi, a.txt_ok,
       pg_temp.rnd('tight' || p.proj_id || '-' || a.analyte_id) < 0.25 AS tight,
       CASE WHEN p.opened_on < date '2024-04-01' AND pg_temp.rnd('rev' || p.proj_id || '-' || a.analyte_id) < 0.12
            THEN p.opened_on + 120 + floor(pg_temp.rnd('revd' || p.proj_id || '-' || a.analyte_id) * 300)::int END AS rev_dt
FROM lims.project p
JOIN panel pn ON pn.proj_typ = p.proj_typ
JOIN ap a ON a.mth_id = pn.mth_id
WHERE a.analyte_id <> 31
  AND NOT (a.analyte_id = 14 AND pg_temp.rnd('fe' || p.proj_id) < 0.4);
UPDATE spec_stage SET rev_dt = NULL WHERE rev_dt > date '2024-11-05';

INSERT INTO lims.spec_limit (proj_id, analyte_id, lo_lim, hi_lim, txt_req, eff_from, eff_to)
SELECT proj_id, analyte_id,
       CASE WHEN typ = 'N' AND lo IS NOT NULL THEN round(CASE WHEN t THEN lo + (nominal - lo) * 0.4 ELSE lo END, dp) END,
       CASE WHEN typ = 'N' AND hi IS NOT NULL THEN round(CASE WHEN t THEN hi - (hi - nominal) * 0.4 ELSE hi END, dp) END,
       CASE WHEN typ = 'T' THEN txt_ok END,
       f, e
FROM (SELECT s.*, s.tight AS t, s.opened_on AS f, s.rev_dt AS e FROM spec_stage s
      UNION ALL
      SELECT s.*, NOT s.tight, s.rev_dt, NULL FROM spec_stage s WHERE s.rev_dt IS NOT NULL) z
ORDER BY f, proj_id, analyte_id;
CREATE INDEX idx_spec_proj_analyte ON lims.spec_limit (proj_id, analyte_id);

-- =====================================================================
--  Data: samples, tests, runs
-- =====================================================================
CREATE TEMP TABLE smp_stage AS
SELECT p.proj_id, p.proj_typ, c.client_nm, c.sector_cd, k, n,
       pg_temp.wd(w.ws + floor((k - 1 + pg_temp.rnd('sd' || p.proj_id || '-' || k)) * (w.we - w.ws) / n)::int)
         + time '08:30' + floor(pg_temp.rnd('st' || p.proj_id || '-' || k) * 510) * interval '1 minute' AS rcvd_at,
       pg_temp.rnd('mx' || p.proj_id || '-' || k) AS um,
       pg_temp.rnd('pr' || p.proj_id || '-' || k) AS up,
       pg_temp.rnd('cd' || p.proj_id || '-' || k) AS uc,
       pg_temp.rnd('rj' || p.proj_id || '-' || k) AS ur,
       pg_temp.rnd('cr' || p.proj_id || '-' || k) AS ucar,
       pg_temp.rnd('qt' || p.proj_id || '-' || k) AS uq
FROM lims.project p
JOIN lims.client c ON c.client_id = p.client_id
CROSS JOIN LATERAL (SELECT greatest(p.opened_on + 3, date '2023-01-02') AS ws,
                           least(COALESCE(p.closed_on, date '2024-11-05'),
                                 CASE WHEN p.sts_cd = 'HLD' THEN date '2024-08-16' ELSE date '2024-11-05' END) AS we,
                           0.12 + 0.34 * pg_temp.rnd('rate' || p.proj_id) AS rate) w
CROSS JOIN LATERAL (SELECT greatest(0, floor((w.we - w.ws) * w.rate))::int AS n) nn
CROSS JOIN LATERAL generate_series(1, nn.n) k;

CREATE TEMP TABLE smp AS
SELECT row_number() OVER (ORDER BY s.rcvd_at, s.proj_id, s.k)::int AS smp_id, s.*,
       CASE s.proj_typ
            WHEN 'REL' THEN CASE WHEN s.um < 0.6 THEN 'TAB' WHEN s.um < 0.85 THEN 'CAP' ELSE 'API' END
            WHEN 'STB' THEN CASE WHEN s.um < 0.7 THEN 'TAB' ELSE 'CAP' END
            WHEN 'ENV' THEN CASE WHEN s.um < 0.7 THEN 'WAT' ELSE 'WWT' END
            WHEN 'FOD' THEN 'FOO'
            ELSE CASE WHEN s.um < 0.4 THEN 'SWB' WHEN s.um < 0.7 THEN 'PWR' ELSE 'RAW' END END AS matrix_cd,
       (CASE WHEN s.up < 0.85 THEN 'routine' WHEN s.up < 0.97 THEN 'rush' ELSE 'stat' END)::lims.priority_t AS prio,
       CASE WHEN s.uc < 0.950 THEN 'OK' WHEN s.uc < 0.965 THEN 'DMG' WHEN s.uc < 0.99 THEN 'TMP' ELSE 'LBL' END AS cond_cd
FROM smp_stage s;
ALTER TABLE smp ADD COLUMN rejected boolean;
UPDATE smp SET rejected = cond_cd IN ('DMG', 'LBL') AND ur < 0.5;

-- tests ordered on each sample
CREATE TEMP TABLE tst_stage AS
SELECT s.smp_id, s.rcvd_at, s.prio, pn.mth_id, pn.ord, m.dept_cd,
       pg_temp.wd(s.rcvd_at::date + CASE WHEN s.prio = 'stat' AND s.rcvd_at::time < time '10:00' THEN 0
                                         WHEN s.prio IN ('stat', 'rush') THEN 1
                                         ELSE 1 + floor(pg_temp.rnd('lag' || s.smp_id || '-' || pn.mth_id) * 4)::int END) AS start_dt,
       pn.ord > 1 AND pg_temp.rnd('cx' || s.smp_id || '-' || pn.mth_id) < 0.015 AS cnx
FROM smp s
JOIN panel pn ON pn.proj_typ = s.proj_typ
JOIN lims.method m ON m.mth_id = pn.mth_id
WHERE NOT s.rejected
  AND (pn.ord = 1 OR pg_temp.rnd('inc' || s.smp_id || '-' || pn.mth_id) < pn.p)
  AND (m.retired_on IS NULL OR s.rcvd_at < m.retired_on - 10);
ANALYZE tst_stage;

-- one run per method per working day
CREATE TEMP TABLE bat_stage AS
SELECT b.mth_id, b.start_dt, m.dept_cd, m.inst_typ,
       b.start_dt + time '10:15' + floor(pg_temp.rnd('bs' || b.mth_id || b.start_dt) * 180) * interval '1 minute' AS started_at,
       b.start_dt + CASE b.mth_id WHEN 8 THEN 5 WHEN 9 THEN 5 WHEN 10 THEN 2 + floor(u * 2)::int WHEN 11 THEN 3 + floor(u * 2)::int
                                  WHEN 6 THEN 2 + floor(u * 2)::int WHEN 17 THEN 2 + floor(u * 2)::int
                                  ELSE CASE m.dept_cd WHEN 'ENV' THEN 1 + floor(u * 2)::int ELSE floor(u * 2)::int END END
                  + time '14:00' + floor(pg_temp.rnd('be' || b.mth_id || b.start_dt) * 180) * interval '1 minute' AS end_plan,
       0.6 + pg_temp.rnd('rv' || b.mth_id || b.start_dt) * 2.5 AS rev_lag,
       pg_temp.rnd('fa' || b.mth_id || b.start_dt) AS ufail
FROM (SELECT DISTINCT mth_id, start_dt FROM tst_stage WHERE NOT cnx AND start_dt <= date '2024-11-05') b
JOIN lims.method m ON m.mth_id = b.mth_id
CROSS JOIN LATERAL (SELECT pg_temp.rnd('bd' || b.mth_id || b.start_dt) AS u) uu;

ALTER TABLE bat_stage ADD COLUMN review_at timestamp, ADD COLUMN analyst_id smallint, ADD COLUMN inst_id smallint, ADD COLUMN mv_id int;
UPDATE bat_stage SET review_at = pg_temp.wd((end_plan + rev_lag * interval '1 day')::date)
                                 + time '08:30' + floor(pg_temp.rnd('rt' || mth_id || start_dt) * 540) * interval '1 minute';
UPDATE bat_stage b SET
  analyst_id = (SELECT q.analyst_id FROM qa.qualification q JOIN qa.analyst a ON a.analyst_id = q.analyst_id
                WHERE q.mth_id = b.mth_id AND q.qual_on <= b.start_dt AND q.expires_on > b.start_dt
                  AND (a.left_on IS NULL OR a.left_on >= b.start_dt)
                ORDER BY CASE a.role_cd WHEN 'ANL' THEN 0 WHEN 'SNR' THEN 1 ELSE 3 END
                         + pg_temp.rnd('ba' || b.mth_id || b.start_dt || '-' || q.analyst_id) * 2.5
                LIMIT 1),
  inst_id = (SELECT i.inst_id FROM qa.instrument i
             WHERE i.inst_typ = b.inst_typ AND i.in_svc_on <= b.start_dt AND (i.retired_on IS NULL OR i.retired_on > b.start_dt)
             ORDER BY pg_temp.rnd('bi' || b.mth_id || b.start_dt || '-' || i.inst_id) LIMIT 1),
  mv_id = (SELECT v.mv_id FROM lims.method_version v
           WHERE v.mth_id = b.mth_id AND v.valid_from <= b.start_dt AND (v.valid_to IS NULL OR v.valid_to > b.start_dt));

INSERT INTO lims.batch (batch_id, batch_no, mth_id, mv_id, inst_id, analyst_id, started_at, ended_at, sst_ok, sts_cd)
SELECT row_number() OVER (ORDER BY started_at, mth_id),
       'B' || to_char(started_at, 'YY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM started_at) ORDER BY started_at, mth_id))::text, 5, '0'),
       mth_id, mv_id, inst_id, analyst_id, started_at, ended_at, sst_ok, sts_cd
FROM (
  SELECT mth_id, mv_id, inst_id, analyst_id, started_at,
         CASE WHEN end_plan <= timestamp '2024-11-05 18:00' THEN end_plan END AS ended_at,
         CASE WHEN end_plan <= timestamp '2024-11-05 18:00' THEN true END AS sst_ok,
         CASE WHEN end_plan <= timestamp '2024-11-05 18:00' THEN 'CMP' ELSE 'RUN' END AS sts_cd
  FROM bat_stage
  UNION ALL
  -- runs that failed system suitability and were repeated the same day
  SELECT mth_id, mv_id, inst_id, analyst_id, start_dt + time '08:05' + floor(ufail * 1000) * interval '1 second',
         start_dt + time '09:40', false, 'FAI'
  FROM bat_stage WHERE inst_typ IN ('HPLC', 'GC', 'GC-MS', 'LC-MS', 'IC') AND ufail < 0.03
) z;
CREATE TEMP TABLE bmap AS
SELECT b.batch_id, s.mth_id, s.start_dt, s.end_plan, s.review_at, s.dept_cd, s.analyst_id,
       (SELECT a.analyst_id FROM qa.analyst a
        WHERE a.dept_cd = s.dept_cd AND a.role_cd IN ('SNR', 'SUP') AND a.analyst_id <> s.analyst_id
          AND (a.left_on IS NULL OR a.left_on >= s.review_at::date)
        ORDER BY a.role_cd, pg_temp.rnd('rb' || b.batch_id || '-' || a.analyst_id) LIMIT 1) AS reviewer
FROM bat_stage s JOIN lims.batch b ON b.mth_id = s.mth_id AND b.started_at = s.started_at AND b.sts_cd <> 'FAI';

CREATE TEMP TABLE tst_final AS
SELECT row_number() OVER (ORDER BY t.rcvd_at, t.smp_id, t.ord)::int AS tst_id,
       t.smp_id, t.mth_id, CASE WHEN NOT t.cnx THEN b.batch_id END AS batch_id,
       CASE WHEN t.cnx THEN 'CNX'
            WHEN b.batch_id IS NULL THEN 'PND'
            WHEN b.end_plan > timestamp '2024-11-05 18:00' THEN 'INP'
            WHEN b.review_at > timestamp '2024-11-05 18:00' THEN 'CMP'
            ELSE 'REV' END AS sts_cd,
       t.rcvd_at + (5 + floor(pg_temp.rnd('oa' || t.smp_id || '-' || t.mth_id) * 40)) * interval '1 minute' AS ordered_at,
       CASE WHEN NOT t.cnx AND b.end_plan <= timestamp '2024-11-05 18:00' THEN b.end_plan END AS completed_at,
       CASE WHEN NOT t.cnx AND b.review_at <= timestamp '2024-11-05 18:00' THEN b.review_at END AS reviewed_at,
       CASE WHEN NOT t.cnx AND b.review_at <= timestamp '2024-11-05 18:00' THEN b.reviewer END AS reviewed_by
FROM tst_stage t
LEFT JOIN bmap b ON b.mth_id = t.mth_id AND b.start_dt = t.start_dt;

-- samples (status follows from their tests) ------------------------------
CREATE TEMP TABLE smp_agg AS
SELECT smp_id, count(*) FILTER (WHERE sts_cd <> 'CNX') AS n_all,
       count(*) FILTER (WHERE sts_cd = 'PND') AS n_pnd,
       count(*) FILTER (WHERE sts_cd = 'REV') AS n_rev,
       max(reviewed_at) AS last_rev
FROM tst_final GROUP BY smp_id;
ANALYZE smp; ANALYZE smp_agg;

INSERT INTO lims.sample (smp_id, smp_no, proj_id, clnt_smp_ref, matrix_cd, prio, rcvd_at, rcvd_by, qty_rcvd, qty_uom,
                         cond_cd, storage_loc, sts_cd, due_dt, reported_at, disposed_on, meta)
SELECT s.smp_id,
       'S' || to_char(s.rcvd_at, 'YY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM s.rcvd_at) ORDER BY s.smp_id))::text, 6, '0'),
       s.proj_id,
       CASE WHEN pg_temp.rnd('ref' || s.smp_id) < 0.9 THEN upper(substr(s.client_nm, 1, 3)) || '-' || lpad(((s.smp_id * 7919) % 100000)::text, 5, '0') END,
       s.matrix_cd, s.prio, s.rcvd_at,
       (ARRAY[26, 27, 28])[1 + floor(pg_temp.rnd('rby' || s.smp_id) * 3)::int],
       CASE s.matrix_cd WHEN 'TAB' THEN 20 + floor(s.uq * 180) WHEN 'CAP' THEN 20 + floor(s.uq * 180)
                        WHEN 'API' THEN round((5 + s.uq * 95)::numeric, 1) WHEN 'RAW' THEN round((10 + s.uq * 490)::numeric, 1)
                        WHEN 'WAT' THEN 250 * (1 + floor(s.uq * 8)) WHEN 'WWT' THEN 500 * (1 + floor(s.uq * 4))
                        WHEN 'PWR' THEN 500 * (1 + floor(s.uq * 4)) WHEN 'FOO' THEN 100 + floor(s.uq * 900)
                        ELSE 1 + floor(s.uq * 9) END,
       CASE WHEN s.matrix_cd IN ('TAB', 'CAP', 'SWB') THEN 'units' WHEN s.matrix_cd IN ('WAT', 'WWT', 'PWR') THEN 'mL' ELSE 'g' END,
       s.cond_cd,
       CASE WHEN s.rejected THEN NULL
            WHEN s.matrix_cd = 'WWT' THEN 'FRZ-0' || (1 + floor(s.uq * 2))::int
            WHEN s.matrix_cd IN ('WAT', 'PWR', 'FOO', 'SWB') THEN 'FRG-0' || (1 + floor(s.um * 4))::int
            ELSE 'AMB-0' || (1 + floor(s.uq * 6))::int END,
       CASE WHEN s.rejected THEN 'REJ'
            WHEN g.n_pnd = g.n_all THEN 'RCV'
            WHEN g.n_rev < g.n_all THEN 'INP'
            WHEN r.rep > timestamp '2024-11-05 18:00' THEN 'CMP'
            WHEN r.rep::date + r.keep <= date '2024-11-05' THEN 'DSP'
            ELSE 'RPT' END,
       s.rcvd_at::date + CASE s.prio WHEN 'routine' THEN 14 WHEN 'rush' THEN 7 ELSE 3 END,
       CASE WHEN NOT s.rejected AND g.n_rev = g.n_all AND r.rep <= timestamp '2024-11-05 18:00' THEN r.rep END,
       CASE WHEN NOT s.rejected AND g.n_rev = g.n_all AND r.rep::date + r.keep <= date '2024-11-05' THEN r.rep::date + r.keep END,
       jsonb_build_object('coc_form', 'COC-' || (600000 + s.smp_id * 3)::text,
                          'shipping', jsonb_strip_nulls(jsonb_build_object(
                              'carrier', cr.carrier,
                              'tracking_no', CASE cr.carrier
                                   WHEN 'DHL' THEN 'JD' || lpad((floor(pg_temp.rnd('tn' || s.smp_id) * 1e10))::bigint::text, 10, '0')
                                   WHEN 'FedEx' THEN lpad((floor(pg_temp.rnd('tn' || s.smp_id) * 1e12))::bigint::text, 12, '0')
                                   WHEN 'UPS' THEN '1Z' || upper(substr(md5('tn' || s.smp_id), 1, 16))
                                   WHEN 'City Couriers' THEN 'CC' || lpad((floor(pg_temp.rnd('tn' || s.smp_id) * 1e6))::int::text, 6, '0') END,
                              'temp_c', CASE WHEN s.matrix_cd IN ('WAT', 'WWT', 'PWR', 'FOO', 'SWB') THEN
                                   CASE WHEN s.cond_cd = 'TMP' THEN round((9 + pg_temp.rnd('tc' || s.smp_id) * 7)::numeric, 1)
                                        ELSE round((2 + pg_temp.rnd('tc' || s.smp_id) * 5.8)::numeric, 1) END END)))
       || CASE WHEN s.proj_typ IN ('REL', 'STB', 'FOD') THEN
               jsonb_build_object('lot', jsonb_build_object(
                   'no', 'L' || to_char(s.rcvd_at, 'YY') || lpad((floor(pg_temp.rnd('lot' || s.smp_id) * 9999))::int::text, 4, '0'),
                   'mfg_dt', to_char(s.rcvd_at::date - 10 - floor(pg_temp.rnd('mfg' || s.smp_id) * 200)::int, 'YYYY-MM-DD')))
          ELSE '{}'::jsonb END
FROM smp s
LEFT JOIN smp_agg g ON g.smp_id = s.smp_id
CROSS JOIN LATERAL (SELECT g.last_rev + (2 + pg_temp.rnd('rp' || s.smp_id) * 20) * interval '1 hour' AS rep,
                           90 + floor(pg_temp.rnd('dk' || s.smp_id) * 10)::int AS keep) r
CROSS JOIN LATERAL (SELECT CASE WHEN s.ucar < 0.30 THEN 'DHL' WHEN s.ucar < 0.50 THEN 'FedEx' WHEN s.ucar < 0.65 THEN 'UPS'
                                WHEN s.ucar < 0.85 THEN 'City Couriers' ELSE 'Client drop-off' END AS carrier) cr
ORDER BY s.smp_id;

INSERT INTO lims.test (tst_id, smp_id, mth_id, batch_id, sts_cd, ordered_at, completed_at, reviewed_at, reviewed_by)
SELECT tst_id, smp_id, mth_id, batch_id, sts_cd, ordered_at, completed_at, reviewed_at, reviewed_by
FROM tst_final ORDER BY tst_id;

-- =====================================================================
--  Data: results and OOS investigations
-- =====================================================================
ANALYZE lims.test; ANALYZE lims.sample; ANALYZE lims.batch; ANALYZE lims.spec_limit;
CREATE TEMP TABLE res_stage AS
SELECT t.tst_id, a.analyte_id, a.typ, a.dp, a.nominal, a.sd, a.txt_ok, a.txt_bad, a.pfail,
       b.analyst_id, sl.spec_id, sl.lo_lim, sl.hi_lim, sl.txt_req,
       CASE WHEN m.dept_cd <> 'MIC' THEN 'labfs01:/raw/' || lower(replace(i.asset_tag, '-', '')) || '/' || b.batch_no || '/'
            || to_char(t.completed_at, 'YYYYMMDD') || '_' || t.tst_id || '_a' || a.analyte_id || '.dat' END AS raw_file,
       t.completed_at + (5 + floor(pg_temp.u(h, 1) * 50)) * interval '1 minute' AS entered_at,
       pg_temp.u(h, 2) AS uf, pg_temp.u(h, 3) AS ux,
       (pg_temp.u(h, 4) + pg_temp.u(g, 1) + pg_temp.u(g, 2) + pg_temp.u(g, 3) - 2) * 1.732 AS z
FROM lims.test t
JOIN lims.batch b ON b.batch_id = t.batch_id
JOIN lims.sample s ON s.smp_id = t.smp_id
JOIN ap a ON a.mth_id = t.mth_id
JOIN lims.method m ON m.mth_id = t.mth_id
JOIN qa.instrument i ON i.inst_id = b.inst_id
LEFT JOIN lims.spec_limit sl ON sl.proj_id = s.proj_id AND sl.analyte_id = a.analyte_id
                             AND sl.eff_from <= t.completed_at::date AND (sl.eff_to IS NULL OR sl.eff_to > t.completed_at::date)
CROSS JOIN LATERAL (SELECT md5('r' || t.tst_id || '-' || a.analyte_id) AS h, md5('g' || t.tst_id || '-' || a.analyte_id) AS g) hh
WHERE t.sts_cd IN ('CMP', 'REV');

CREATE TEMP TABLE res_val AS
SELECT r.*,
       CASE WHEN r.typ = 'T' THEN CASE WHEN r.spec_id IS NOT NULL AND r.uf < r.pfail THEN r.txt_bad ELSE r.txt_ok END END AS txt_val,
       CASE WHEN r.typ = 'N' THEN round(greatest(0,
            CASE WHEN r.spec_id IS NOT NULL AND r.uf < r.pfail AND r.hi_lim IS NOT NULL AND (r.lo_lim IS NULL OR r.ux < 0.7)
                      THEN r.hi_lim + abs(r.hi_lim - r.nominal) * (0.04 + 0.5 * r.ux)
                 WHEN r.spec_id IS NOT NULL AND r.uf < r.pfail AND r.lo_lim IS NOT NULL
                      THEN r.lo_lim - abs(r.nominal - r.lo_lim) * (0.04 + 0.5 * r.ux)
                 ELSE r.nominal + r.sd * r.z END)::numeric, r.dp) END AS num_val
FROM res_stage r;

INSERT INTO lims.result (res_id, tst_id, analyte_id, num_val, txt_val, spec_id, res_fl, rpt_fl, entered_at, entered_by, raw_file, aud_chk_at)
SELECT row_number() OVER (ORDER BY entered_at, tst_id, analyte_id),
       tst_id, analyte_id, num_val, txt_val, spec_id,
       CASE WHEN spec_id IS NULL THEN NULL
            WHEN typ = 'T' THEN CASE WHEN txt_val = txt_req THEN 'P' ELSE 'F' END
            WHEN (lo_lim IS NULL OR num_val >= lo_lim) AND (hi_lim IS NULL OR num_val <= hi_lim) THEN 'P'
            ELSE 'F' END,
       true, entered_at, analyst_id, raw_file,
       CASE WHEN entered_at < timestamp '2024-08-01'
            THEN date_trunc('month', entered_at) + interval '1 month 7 days 14 hours' END
FROM res_val;

INSERT INTO qa.oos_investigation (oos_id, oos_no, res_id, opened_on, stage, concl_cd, root_cd, lead_id, closed_on, retest_val, capa_ref)
SELECT oos_id,
       'OOS-' || to_char(opened_on, 'YY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM opened_on) ORDER BY oos_id))::text, 4, '0'),
       res_id, opened_on, stage::qa.oos_stage,
       CASE WHEN stage = 'closed' THEN CASE WHEN inval THEN 'INV' ELSE 'CNF' END END,
       CASE WHEN stage = 'closed' THEN
            CASE WHEN inval THEN CASE WHEN u4 < 0.7 THEN 'LAB' ELSE 'INS' END
                 ELSE CASE WHEN u4 < 0.55 THEN 'PRD' WHEN u4 < 0.8 THEN 'SMP' ELSE 'UNK' END END END,
       (ARRAY[29, 30, 31])[1 + floor(u6 * 3)::int],
       CASE WHEN stage = 'closed' THEN CASE WHEN inval THEN p1_end ELSE full_end END END,
       CASE WHEN stage <> 'phase_1' AND typ = 'N' THEN
            CASE WHEN inval THEN round((nominal + sd * (u5 - 0.5))::numeric, dp)
                 ELSE round(num_val * (0.98 + 0.04 * u5)::numeric, dp) END END,
       CASE WHEN stage = 'closed' AND ((NOT inval AND u4 < 0.8) OR (inval AND u4 < 0.7 AND u5 < 0.3))
            THEN 'CAPA-' || to_char(CASE WHEN inval THEN p1_end ELSE full_end END, 'YY') || '-' || lpad(((oos_id * 37) % 1000)::text, 3, '0') END
FROM (
  SELECT x.*,
         CASE WHEN p1_end > date '2024-11-05' THEN 'phase_1'
              WHEN inval THEN 'closed'
              WHEN full_end > date '2024-11-05' THEN 'phase_2'
              ELSE 'closed' END AS stage
  FROM (
    SELECT row_number() OVER (ORDER BY r.entered_at, r.res_id)::int AS oos_id, r.res_id, r.num_val, a.typ, a.nominal, a.sd, a.dp,
           o.opened_on, pg_temp.u(h, 1) < 0.5 AS inval,
           o.opened_on + 3 + floor(pg_temp.u(h, 2) * 8)::int AS p1_end,
           o.opened_on + 3 + floor(pg_temp.u(h, 2) * 8)::int + 15 + floor(pg_temp.u(h, 3) * 45)::int AS full_end,
           pg_temp.u(h, 4) AS u4, pg_temp.u(k, 1) AS u5, pg_temp.u(k, 2) AS u6
    FROM lims.result r
    JOIN ap a ON a.analyte_id = r.analyte_id
    CROSS JOIN LATERAL (SELECT md5('oos' || r.res_id) AS h, md5('oosk' || r.res_id) AS k) hh
    CROSS JOIN LATERAL (SELECT pg_temp.wd(r.entered_at::date + CASE WHEN r.entered_at::time > time '16:00' THEN 1 ELSE 0 END) AS opened_on) o
    WHERE r.res_fl = 'F'
  ) x
) y;
-- the OOS investigation is opened on the next working day at the latest, never after today
UPDATE qa.oos_investigation SET opened_on = date '2024-11-05' WHERE opened_on > date '2024-11-05';
UPDATE lims.result r SET rpt_fl = false FROM qa.oos_investigation o WHERE o.res_id = r.res_id AND o.concl_cd = 'INV';

-- =====================================================================
--  Data: invoicing (tests approved in a month are billed on the 3rd of the next)
-- =====================================================================
CREATE TEMP TABLE bill AS
SELECT t.tst_id, s.proj_id, p.client_id, date_trunc('month', t.reviewed_at)::date AS bill_mon,
       pl.price_id, pl.unit_prc, p.disc_pct,
       CASE s.prio WHEN 'rush' THEN round(pl.unit_prc * pl.rush_pct / 100, 2)
                   WHEN 'stat' THEN round(pl.unit_prc * pl.stat_pct / 100, 2) ELSE 0 END AS srchg
FROM lims.test t
JOIN lims.sample s ON s.smp_id = t.smp_id
JOIN lims.project p ON p.proj_id = s.proj_id
JOIN fin.price_list pl ON pl.mth_id = t.mth_id AND pl.valid_from <= s.rcvd_at::date
                      AND (pl.valid_to IS NULL OR pl.valid_to > s.rcvd_at::date)
WHERE t.sts_cd = 'REV' AND t.reviewed_at < timestamp '2024-11-01';

CREATE TEMP TABLE inv_h AS
SELECT row_number() OVER (ORDER BY bill_mon, client_id, proj_id)::int AS inv_id, proj_id, client_id, bill_mon,
       (bill_mon + interval '1 month')::date + 2 AS issued_on,
       sum(round((unit_prc + srchg) * (1 - disc_pct / 100), 2)) AS net
FROM bill GROUP BY proj_id, client_id, bill_mon;

INSERT INTO fin.invoice (inv_id, inv_no, client_id, proj_id, bill_mon, issued_on, due_on, net_amt, tax_amt, paid_on)
SELECT h.inv_id,
       'INV-' || to_char(h.issued_on, 'YYYY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM h.issued_on) ORDER BY h.inv_id))::text, 5, '0'),
       h.client_id, h.proj_id, h.bill_mon, h.issued_on, h.issued_on + c.pay_terms_d, h.net,
       CASE WHEN c.country_cd = 'GB' THEN round(h.net * 0.20, 2) ELSE 0 END,
       CASE WHEN pg_temp.rnd('bad' || h.inv_id) < 0.004 THEN NULL
            WHEN greatest(h.issued_on + 3, h.issued_on + c.pay_terms_d + pd.d) <= date '2024-11-05'
            THEN greatest(h.issued_on + 3, h.issued_on + c.pay_terms_d + pd.d) END
FROM inv_h h
JOIN lims.client c ON c.client_id = h.client_id
CROSS JOIN LATERAL (SELECT CASE WHEN c.credit_hold THEN 35 + floor(pg_temp.rnd('pb' || c.client_id) * 35)::int
                                ELSE -12 + floor(pg_temp.rnd('pb' || c.client_id) * 18)::int END
                           + floor(pg_temp.rnd('pn' || h.inv_id) * 15)::int - 7 AS d) pd
ORDER BY h.inv_id;

INSERT INTO fin.invoice_line (line_id, inv_id, tst_id, price_id, unit_prc, srchg_amt, disc_pct, line_amt)
SELECT row_number() OVER (ORDER BY h.inv_id, b.tst_id), h.inv_id, b.tst_id, b.price_id, b.unit_prc, b.srchg, b.disc_pct,
       round((b.unit_prc + b.srchg) * (1 - b.disc_pct / 100), 2)
FROM bill b JOIN inv_h h ON h.proj_id = b.proj_id AND h.bill_mon = b.bill_mon;

-- =====================================================================
--  Data: chain of custody
-- =====================================================================
CREATE TEMP TABLE dept_use AS
SELECT t.smp_id, m.dept_cd, min(b.started_at) AS first_start,
       max(t.completed_at) AS last_done, bool_and(t.completed_at IS NOT NULL) AS all_done,
       (array_agg(b.analyst_id ORDER BY b.started_at))[1] AS analyst_id
FROM lims.test t JOIN lims.batch b ON b.batch_id = t.batch_id JOIN lims.method m ON m.mth_id = t.mth_id
GROUP BY t.smp_id, m.dept_cd;

INSERT INTO lims.custody_event (evt_id, evt_at, smp_id, evt_cd, loc_cd, by_id, seal_ok, note)
SELECT row_number() OVER (ORDER BY evt_at, smp_id, o), evt_at, smp_id, evt_cd, loc_cd, by_id, seal_ok, note
FROM (
  SELECT s.smp_id, s.rcvd_at AS evt_at, 1 AS o, 'RCV' AS evt_cd, 'GOODS-IN' AS loc_cd, s.rcvd_by AS by_id,
         s.cond_cd <> 'DMG' AS seal_ok,
         CASE s.cond_cd WHEN 'TMP' THEN 'Temperature logger out of range on arrival'
                        WHEN 'DMG' THEN 'Container damaged in transit'
                        WHEN 'LBL' THEN 'Label does not match the COC form' END AS note
  FROM lims.sample s
  UNION ALL
  SELECT s.smp_id, s.rcvd_at + (20 + floor(pg_temp.rnd('sto' || s.smp_id) * 70)) * interval '1 minute', 2, 'STO', s.storage_loc, s.rcvd_by, NULL, NULL
  FROM lims.sample s WHERE s.sts_cd <> 'REJ'
  UNION ALL
  SELECT s.smp_id, pg_temp.wd(s.rcvd_at::date + 2) + time '11:00', 2, 'RTC', 'COURIER', s.rcvd_by, NULL, 'Returned to client, not tested'
  FROM lims.sample s WHERE s.sts_cd = 'REJ' AND pg_temp.wd(s.rcvd_at::date + 2) <= date '2024-11-05'
  UNION ALL
  SELECT d.smp_id, greatest(d.first_start - interval '25 minutes', s.rcvd_at + interval '95 minutes'), 3, 'ISS', 'LAB-' || d.dept_cd, d.analyst_id, NULL, NULL
  FROM dept_use d JOIN lims.sample s ON s.smp_id = d.smp_id
  UNION ALL
  SELECT d.smp_id, d.last_done + interval '45 minutes', 4, 'RET', s.storage_loc, d.analyst_id, NULL, NULL
  FROM dept_use d JOIN lims.sample s ON s.smp_id = d.smp_id
  WHERE d.all_done AND d.last_done + interval '45 minutes' <= timestamp '2024-11-05 18:00'
  UNION ALL
  SELECT s.smp_id, s.disposed_on + time '10:30', 5, 'DSP', 'WASTE', (ARRAY[26, 27, 28])[1 + floor(pg_temp.rnd('dsp' || s.smp_id) * 3)::int], NULL, NULL
  FROM lims.sample s WHERE s.disposed_on IS NOT NULL
) e;
SELECT setval(pg_get_serial_sequence('lims.custody_event', 'evt_id'), (SELECT max(evt_id) FROM lims.custody_event));

-- =====================================================================
--  Foreign keys of the big tables (added after loading)
-- =====================================================================
ALTER TABLE lims.sample ADD CONSTRAINT sample_proj_id_fkey FOREIGN KEY (proj_id) REFERENCES lims.project;
ALTER TABLE lims.sample ADD CONSTRAINT sample_rcvd_by_fkey FOREIGN KEY (rcvd_by) REFERENCES qa.analyst;
ALTER TABLE lims.custody_event ADD CONSTRAINT custody_event_smp_id_fkey FOREIGN KEY (smp_id) REFERENCES lims.sample;
ALTER TABLE lims.custody_event ADD CONSTRAINT custody_event_by_id_fkey FOREIGN KEY (by_id) REFERENCES qa.analyst;
ALTER TABLE lims.batch ADD CONSTRAINT batch_mth_id_fkey FOREIGN KEY (mth_id) REFERENCES lims.method;
ALTER TABLE lims.batch ADD CONSTRAINT batch_mv_id_fkey FOREIGN KEY (mv_id) REFERENCES lims.method_version;
ALTER TABLE lims.batch ADD CONSTRAINT batch_inst_id_fkey FOREIGN KEY (inst_id) REFERENCES qa.instrument;
ALTER TABLE lims.batch ADD CONSTRAINT batch_analyst_id_fkey FOREIGN KEY (analyst_id) REFERENCES qa.analyst;
ALTER TABLE lims.test ADD CONSTRAINT test_smp_id_fkey FOREIGN KEY (smp_id) REFERENCES lims.sample;
ALTER TABLE lims.test ADD CONSTRAINT test_mth_id_fkey FOREIGN KEY (mth_id) REFERENCES lims.method;
ALTER TABLE lims.test ADD CONSTRAINT test_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES lims.batch;
ALTER TABLE lims.test ADD CONSTRAINT test_reviewed_by_fkey FOREIGN KEY (reviewed_by) REFERENCES qa.analyst;
ALTER TABLE lims.result ADD CONSTRAINT result_tst_id_fkey FOREIGN KEY (tst_id) REFERENCES lims.test;
ALTER TABLE lims.result ADD CONSTRAINT result_analyte_id_fkey FOREIGN KEY (analyte_id) REFERENCES lims.analyte;
ALTER TABLE lims.result ADD CONSTRAINT result_spec_id_fkey FOREIGN KEY (spec_id) REFERENCES lims.spec_limit;
ALTER TABLE lims.result ADD CONSTRAINT result_entered_by_fkey FOREIGN KEY (entered_by) REFERENCES qa.analyst;
ALTER TABLE qa.oos_investigation ADD CONSTRAINT oos_investigation_res_id_fkey FOREIGN KEY (res_id) REFERENCES lims.result;
ALTER TABLE qa.oos_investigation ADD CONSTRAINT oos_investigation_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES qa.analyst;
ALTER TABLE fin.invoice ADD CONSTRAINT invoice_client_id_fkey FOREIGN KEY (client_id) REFERENCES lims.client;
ALTER TABLE fin.invoice ADD CONSTRAINT invoice_proj_id_fkey FOREIGN KEY (proj_id) REFERENCES lims.project;
ALTER TABLE fin.invoice_line ADD CONSTRAINT invoice_line_inv_id_fkey FOREIGN KEY (inv_id) REFERENCES fin.invoice;
ALTER TABLE fin.invoice_line ADD CONSTRAINT invoice_line_tst_id_fkey FOREIGN KEY (tst_id) REFERENCES lims.test;
ALTER TABLE fin.invoice_line ADD CONSTRAINT invoice_line_price_id_fkey FOREIGN KEY (price_id) REFERENCES fin.price_list;

-- =====================================================================
--  Indexes, views
-- =====================================================================
CREATE INDEX idx_project_client    ON lims.project (client_id);
CREATE INDEX idx_sample_proj       ON lims.sample (proj_id);
CREATE INDEX idx_sample_rcvd       ON lims.sample (rcvd_at);
CREATE INDEX idx_sample_storage_loc ON lims.sample (storage_loc);
CREATE INDEX idx_sample_meta       ON lims.sample USING gin (meta jsonb_path_ops);
CREATE INDEX idx_custody_smp       ON lims.custody_event (smp_id, evt_at);
CREATE INDEX idx_test_smp          ON lims.test (smp_id);
CREATE INDEX idx_test_batch        ON lims.test (batch_id);
CREATE INDEX idx_test_open         ON lims.test (mth_id) WHERE sts_cd IN ('PND', 'INP', 'CMP');
CREATE INDEX idx_batch_mth_start   ON lims.batch (mth_id, started_at);
CREATE INDEX idx_result_tst        ON lims.result (tst_id);
CREATE INDEX idx_result_entered    ON lims.result (entered_at);
CREATE INDEX idx_cal_inst_dt       ON qa.calibration (inst_id, cal_dt);
CREATE INDEX idx_qual_analyst      ON qa.qualification (analyst_id);
CREATE INDEX idx_invoice_client    ON fin.invoice (client_id, issued_on);
CREATE INDEX idx_invline_inv       ON fin.invoice_line (inv_id);

CREATE VIEW lims.v_sample_backlog AS
SELECT s.smp_id, s.smp_no, c.client_nm, p.proj_cd, s.matrix_cd, s.prio, s.rcvd_at, s.due_dt, s.sts_cd,
       count(t.tst_id) FILTER (WHERE t.sts_cd IN ('PND', 'INP', 'CMP')) AS open_tests,
       count(t.tst_id) FILTER (WHERE t.sts_cd = 'REV') AS approved_tests
FROM lims.sample s
JOIN lims.project p ON p.proj_id = s.proj_id
JOIN lims.client c ON c.client_id = p.client_id
LEFT JOIN lims.test t ON t.smp_id = s.smp_id
WHERE s.reported_at IS NULL AND s.sts_cd <> 'REJ'
GROUP BY s.smp_id, s.smp_no, c.client_nm, p.proj_cd, s.matrix_cd, s.prio, s.rcvd_at, s.due_dt, s.sts_cd;
COMMENT ON VIEW lims.v_sample_backlog IS 'Accepted samples whose certificate of analysis has not been issued yet, with open / approved test counts';

CREATE MATERIALIZED VIEW fin.mv_monthly_billing AS
SELECT i.bill_mon, c.client_id, c.client_nm, c.sector_cd, count(*) AS n_invoices,
       sum(i.net_amt) AS net_amt, sum(i.tax_amt) AS tax_amt
FROM fin.invoice i JOIN lims.client c ON c.client_id = i.client_id
GROUP BY i.bill_mon, c.client_id, c.client_nm, c.sector_cd;
CREATE UNIQUE INDEX uq_mv_monthly_billing ON fin.mv_monthly_billing (bill_mon, client_id);
COMMENT ON MATERIALIZED VIEW fin.mv_monthly_billing IS 'Net and VAT invoiced per client per billing month (refreshed nightly)';

DROP FUNCTION pg_temp.rnd(text);
DROP FUNCTION pg_temp.wd(date);
DROP FUNCTION pg_temp.u(text, int);
VACUUM;
ANALYZE;

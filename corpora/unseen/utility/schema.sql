-- =====================================================================
--  Tri-Valley Water & Power District - consolidated operational database
--  (CIS + meter data + billing/AR + field operations)
--  Deterministic synthetic data, 2023-01-01 .. 2026-10-31.
-- =====================================================================
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
SELECT setseed(0.42);

-- deterministic [0,1) draw from a key (md5 based); temp helper only
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE FUNCTION pg_temp.bizday(d date) RETURNS date
LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE extract(isodow FROM d) WHEN 6 THEN d + 2 WHEN 7 THEN d + 1 ELSE d END $$;

-- ---------------------------------------------------------------------
--  Schemas & types
-- ---------------------------------------------------------------------
CREATE SCHEMA cis;
CREATE SCHEMA mtr;
CREATE SCHEMA bill;
CREATE SCHEMA ops;
COMMENT ON SCHEMA cis  IS 'Customer Information System: customers, premises, accounts, service points. Converted from the mainframe CIS in July 2008.';
COMMENT ON SCHEMA mtr  IS 'Meter data: meter inventory, meter exchange history, monthly register reads.';
COMMENT ON SCHEMA bill IS 'Billing and receivables: read/bill cycles, bill runs, bills and bill lines, tariffs, payments, payment arrangements.';
COMMENT ON SCHEMA ops  IS 'Field operations: outage tickets (OMS), work orders, crews and field technicians (FSM vendor import 2019).';

CREATE TYPE cis.commodity AS ENUM ('ELECTRIC', 'WATER');
COMMENT ON TYPE cis.commodity IS 'Utility commodity delivered through a service point.';
CREATE TYPE bill.pay_chnl AS ENUM ('LOCKBOX', 'WEB', 'IVR', 'AUTOPAY', 'WALKIN', 'AGENCY');
COMMENT ON TYPE bill.pay_chnl IS 'Payment channel: LOCKBOX = mailed check via bank lockbox, WEB = customer portal, IVR = pay-by-phone, AUTOPAY = recurring bank draft, WALKIN = district office cashier, AGENCY = third-party pay station';

-- ---------------------------------------------------------------------
--  Tables
-- ---------------------------------------------------------------------
CREATE TABLE cis.dist (
    dist_cd  char(3) PRIMARY KEY,
    dist_nm  varchar(40) NOT NULL,
    hq_city  varchar(40),
    est_yr   smallint
);
COMMENT ON TABLE cis.dist IS 'Operating districts of the service territory.';
COMMENT ON COLUMN cis.dist.est_yr IS 'Year the district office opened';

CREATE TABLE bill.bill_cyc (
    cyc_cd   smallint PRIMARY KEY,
    rd_day   smallint NOT NULL,
    due_days smallint NOT NULL DEFAULT 21,
    descr    varchar(60)
);
COMMENT ON TABLE bill.bill_cyc IS 'Read/bill cycles. Every premise belongs to one cycle; it is read on rd_day each month and billed two business days later.';
COMMENT ON COLUMN bill.bill_cyc.rd_day IS 'Day of month the premises of this cycle are read';
COMMENT ON COLUMN bill.bill_cyc.due_days IS 'Days from bill date to due date';

CREATE TABLE cis.premise (
    prem_id  integer PRIMARY KEY,
    addr1    varchar(80) NOT NULL,
    city     varchar(40) NOT NULL,
    zip      char(5) NOT NULL,
    dist_cd  char(3) NOT NULL,
    rd_cyc   smallint NOT NULL,
    cre_dt   date NOT NULL,
    lat      numeric(8,5),
    lon      numeric(8,5)
);
COMMENT ON TABLE cis.premise IS 'Service addresses (premises). A premise can have several service points and, over time, several accounts.';
COMMENT ON COLUMN cis.premise.rd_cyc IS 'Read/bill cycle (bill.bill_cyc)';
COMMENT ON COLUMN cis.premise.cre_dt IS 'Date the premise was set up (original mainframe date for pre-2008 premises)';

CREATE TABLE cis.cust (
    cust_no   integer PRIMARY KEY,
    cust_nm   varchar(100) NOT NULL,
    cust_cls  char(1) NOT NULL,
    ph_no     varchar(20),
    email     varchar(120),
    med_cert  char(1) NOT NULL DEFAULT 'N',
    cre_ts    timestamp NOT NULL
);
COMMENT ON TABLE cis.cust IS 'Customers (persons or organisations). One customer may hold several accounts.';
COMMENT ON COLUMN cis.cust.cust_cls IS 'Customer class: R = residential, C = commercial, I = industrial, G = government / municipal';
COMMENT ON COLUMN cis.cust.med_cert IS 'Y = medical certificate on file (life-support equipment in the home) - never disconnect for non-payment; N = none';
COMMENT ON COLUMN cis.cust.ph_no IS 'Primary contact phone';

CREATE TABLE cis.acct (
    acct_id     bigint PRIMARY KEY,
    cust_no     integer NOT NULL,
    prem_id     integer NOT NULL,
    acct_stat   char(1) NOT NULL,
    start_dt    date NOT NULL,
    end_dt      date,
    autopay_flg char(1) NOT NULL DEFAULT 'N',
    paperless   boolean NOT NULL DEFAULT false,
    dep_amt     numeric(10,2) NOT NULL DEFAULT 0
);
COMMENT ON TABLE cis.acct IS 'Customer account at a premise (one customer''s tenancy). A move-out closes the account; the next occupant gets a new account.';
COMMENT ON COLUMN cis.acct.acct_stat IS 'A = active, P = pending (move-in scheduled, not started yet), F = final-billed (moved out, final bill still unpaid), C = closed (moved out, final bill paid)';
COMMENT ON COLUMN cis.acct.end_dt IS 'Move-out date; NULL = account still open';
COMMENT ON COLUMN cis.acct.autopay_flg IS 'Y = enrolled in AutoPay bank draft';
COMMENT ON COLUMN cis.acct.dep_amt IS 'Security deposit held, $';

CREATE TABLE cis.svc_pt (
    sp_id       integer PRIMARY KEY,
    prem_id     integer NOT NULL,
    cmdty       cis.commodity NOT NULL,
    rate_cd     varchar(8) NOT NULL,
    sp_stat     varchar(4) NOT NULL,
    inst_dt     date NOT NULL,
    cur_mtr_id  integer
);
COMMENT ON TABLE cis.svc_pt IS 'Service point: one metered delivery point of one commodity at a premise.';
COMMENT ON COLUMN cis.svc_pt.rate_cd IS 'Tariff code, see bill.rate_sched.rate_cd (not a declared FK: rate_sched is keyed by rate_cd + eff_dt)';
COMMENT ON COLUMN cis.svc_pt.sp_stat IS 'ACT = active/energized, DNP = disconnected for non-payment, OFF = turned off (vacant premise / no account)';
COMMENT ON COLUMN cis.svc_pt.inst_dt IS 'Date the service was first connected';
COMMENT ON COLUMN cis.svc_pt.cur_mtr_id IS 'Meter currently set (mtr.meter); history is in mtr.mtr_xchg';

CREATE TABLE mtr.meter (
    mtr_id    integer PRIMARY KEY,
    ser_no    varchar(20) NOT NULL,
    mfr       varchar(20) NOT NULL,
    model     varchar(24),
    cmdty     cis.commodity NOT NULL,
    ami       boolean NOT NULL,
    mfg_yr    smallint,
    mtr_stat  char(1) NOT NULL,
    cfg       jsonb NOT NULL DEFAULT '{}'::jsonb,
    unit_cost numeric(8,2)
);
COMMENT ON TABLE mtr.meter IS 'Meter inventory (every meter ever recorded since the 2008 conversion plus warehouse stock).';
COMMENT ON COLUMN mtr.meter.ami IS 'true = AMI smart meter (read remotely)';
COMMENT ON COLUMN mtr.meter.mtr_stat IS 'I = installed at a service point, S = in stock (warehouse), T = at meter test shop, R = retired / scrapped';
COMMENT ON COLUMN mtr.meter.cfg IS 'Program settings JSON: mult = register multiplier, size_in = water meter size, fw = firmware (AMI), comm = AMI backhaul (RF = RF mesh, CELL = cellular), int_min = interval length in minutes';
COMMENT ON COLUMN mtr.meter.unit_cost IS 'Purchase price, $';

CREATE TABLE mtr.mtr_xchg (
    xchg_id       integer PRIMARY KEY,
    sp_id         integer NOT NULL,
    old_mtr_id    integer,
    new_mtr_id    integer NOT NULL,
    xchg_dt       date NOT NULL,
    rsn_cd        char(2) NOT NULL,
    old_final_rd  numeric(12,1),
    new_init_rd   numeric(12,1),
    wo_no         bigint
);
COMMENT ON TABLE mtr.mtr_xchg IS 'Meter set / exchange history: one row each time a meter is set at a service point. Nothing before the July 2008 CIS conversion.';
COMMENT ON COLUMN mtr.mtr_xchg.old_mtr_id IS 'Meter removed; NULL on the first row of a service point (rsn_cd CV or IN)';
COMMENT ON COLUMN mtr.mtr_xchg.rsn_cd IS 'CV = meter already in place at the 2008 conversion, IN = first meter of a new service, AM = AMI upgrade program, FL = failed meter (dead/stopped register), DM = damaged (fire, vehicle, freeze), TP = tamper / theft of service, RT = routine test-cycle change-out';
COMMENT ON COLUMN mtr.mtr_xchg.old_final_rd IS 'Final register reading of the removed meter';
COMMENT ON COLUMN mtr.mtr_xchg.new_init_rd IS 'Register reading of the new meter when set';
COMMENT ON COLUMN mtr.mtr_xchg.wo_no IS 'Work order that did the job (ops.work_ord.wo_no), not enforced; NULL before 2023 (old FSM history not migrated)';

CREATE TABLE mtr.rd_hist (
    rd_id   bigint NOT NULL,
    sp_id   integer NOT NULL,
    mtr_id  integer NOT NULL,
    rd_dt   date NOT NULL,
    rd_val  numeric(12,1) NOT NULL,
    cons    numeric(12,2) NOT NULL,
    rd_cd   smallint NOT NULL,
    rdr_id  smallint,
    PRIMARY KEY (rd_id, rd_dt)
) PARTITION BY RANGE (rd_dt);
CREATE TABLE mtr.rd_hist_2023 PARTITION OF mtr.rd_hist FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE mtr.rd_hist_2024 PARTITION OF mtr.rd_hist FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE mtr.rd_hist_2025 PARTITION OF mtr.rd_hist FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE mtr.rd_hist_2026 PARTITION OF mtr.rd_hist FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
CREATE TABLE mtr.rd_hist_dflt PARTITION OF mtr.rd_hist DEFAULT;
COMMENT ON TABLE mtr.rd_hist IS 'Monthly meter reads, one per service point per read cycle; partitioned by year of rd_dt.';
COMMENT ON COLUMN mtr.rd_hist.rd_val IS 'Register (dial) reading; starts over when the meter is exchanged';
COMMENT ON COLUMN mtr.rd_hist.cons IS 'Consumption since the previous read: kWh for ELECTRIC service points, thousand gallons (kgal) for WATER; multiplier already applied';
COMMENT ON COLUMN mtr.rd_hist.rd_cd IS 'Read type: 1 = actual, read on route by a meter reader; 2 = actual, AMI remote read; 3 = estimated by the billing system (no read obtained); 4 = customer-supplied read';
COMMENT ON COLUMN mtr.rd_hist.rdr_id IS 'Meter reader employee number (HR system, not in this DB); NULL unless rd_cd = 1';

CREATE TABLE bill.rate_sched (
    rate_cd  varchar(8) NOT NULL,
    eff_dt   date NOT NULL,
    exp_dt   date,
    cmdty    cis.commodity NOT NULL,
    descr    varchar(80) NOT NULL,
    bsc_chg  numeric(8,2) NOT NULL,
    t1_lim   numeric(10,1),
    t1_rate  numeric(9,5) NOT NULL,
    t2_rate  numeric(9,5),
    PRIMARY KEY (rate_cd, eff_dt)
);
COMMENT ON TABLE bill.rate_sched IS 'Tariff / rate table: one row per rate code per effective period. The rate in force on the service-period end date applies. Current rows have exp_dt NULL.';
COMMENT ON COLUMN bill.rate_sched.bsc_chg IS 'Monthly basic (customer) charge, $';
COMMENT ON COLUMN bill.rate_sched.t1_lim IS 'Tier-1 block per month (kWh or kgal); NULL = flat rate';
COMMENT ON COLUMN bill.rate_sched.t1_rate IS '$ per kWh (electric) or $ per kgal (water) up to t1_lim, or for all usage when flat';
COMMENT ON COLUMN bill.rate_sched.t2_rate IS '$ per unit above t1_lim; NULL when not tiered';

CREATE TABLE bill.bill_run (
    run_id   integer PRIMARY KEY,
    cyc_cd   smallint NOT NULL,
    bill_mo  date NOT NULL,
    run_dt   date NOT NULL,
    n_bills  integer,
    UNIQUE (cyc_cd, bill_mo)
);
COMMENT ON TABLE bill.bill_run IS 'One cycle billing run per cycle per month.';
COMMENT ON COLUMN bill.bill_run.bill_mo IS 'Billing month (first day of month)';

CREATE TABLE bill.bill_hdr (
    bill_id    bigint PRIMARY KEY,
    acct_id    bigint NOT NULL,
    run_id     integer,
    bill_typ   char(1) NOT NULL,
    bill_stat  char(1) NOT NULL,
    bill_dt    date NOT NULL,
    due_dt     date NOT NULL,
    per_from   date NOT NULL,
    per_to     date NOT NULL,
    tot_amt    numeric(12,2) NOT NULL,
    paid_dt    date,
    rebill_of  bigint
);
COMMENT ON TABLE bill.bill_hdr IS 'Bills (statements). Amounts in dollars.';
COMMENT ON COLUMN bill.bill_hdr.run_id IS 'Cycle bill run that produced the bill; NULL = off-cycle bill (final bills and rebills)';
COMMENT ON COLUMN bill.bill_hdr.bill_typ IS 'R = regular cycle bill, F = final bill at move-out';
COMMENT ON COLUMN bill.bill_hdr.bill_stat IS 'I = issued (valid), C = cancelled and replaced by a rebill - exclude from revenue and receivables';
COMMENT ON COLUMN bill.bill_hdr.tot_amt IS 'Bill total, $ (sum of bill_ln.amt)';
COMMENT ON COLUMN bill.bill_hdr.paid_dt IS 'Date the bill was paid in full; NULL = not (yet) paid in full';
COMMENT ON COLUMN bill.bill_hdr.rebill_of IS 'For a rebill: bill_id of the cancelled bill it replaces; NULL otherwise';

CREATE TABLE bill.bill_ln (
    bill_id  bigint NOT NULL,
    ln_no    smallint NOT NULL,
    ln_typ   char(3) NOT NULL,
    sp_id    integer,
    qty      numeric(12,3),
    rate     numeric(9,5),
    amt      numeric(12,2) NOT NULL,
    PRIMARY KEY (bill_id, ln_no)
);
COMMENT ON TABLE bill.bill_ln IS 'Bill line items.';
COMMENT ON COLUMN bill.bill_ln.ln_typ IS 'BSC = basic charge, USG = usage charge (kWh or kgal), TAX = 5% utility users tax (government accounts exempt), LPF = late payment fee, ADJ = adjustment / credit (negative)';
COMMENT ON COLUMN bill.bill_ln.sp_id IS 'Service point of the line; NULL for account-level lines (TAX, LPF, ADJ)';
COMMENT ON COLUMN bill.bill_ln.qty IS 'BSC: fraction of the month billed; USG: billed consumption (kWh / kgal)';
COMMENT ON COLUMN bill.bill_ln.rate IS 'Unit price applied (tier-1 rate for USG)';

CREATE TABLE bill.pymt (
    pymt_id       bigint PRIMARY KEY,
    acct_id       bigint NOT NULL,
    pymt_ts       timestamp NOT NULL,
    amt_cents     bigint NOT NULL,
    chnl          bill.pay_chnl NOT NULL,
    batch_no      varchar(16),
    appl_bill_id  bigint,
    rev_ts        timestamp,
    rev_rsn       varchar(20)
);
COMMENT ON TABLE bill.pymt IS 'Customer payments as posted from the cash-processing feeds.';
COMMENT ON COLUMN bill.pymt.amt_cents IS 'Payment amount in CENTS';
COMMENT ON COLUMN bill.pymt.appl_bill_id IS 'Bill the payment was applied to (bill.bill_hdr.bill_id, not enforced); NULL = unapplied / on-account prepayment';
COMMENT ON COLUMN bill.pymt.rev_ts IS 'When the payment was reversed (returned check, NSF, chargeback); NULL = payment stands';

CREATE TABLE bill.pay_arr (
    arr_id    integer PRIMARY KEY,
    acct_id   bigint NOT NULL,
    cre_dt    date NOT NULL,
    tot_owed  numeric(10,2) NOT NULL,
    n_inst    smallint NOT NULL,
    inst_amt  numeric(10,2) NOT NULL,
    arr_stat  char(1) NOT NULL,
    brk_dt    date,
    csr_id    varchar(12)
);
COMMENT ON TABLE bill.pay_arr IS 'Payment arrangements (installment plans for past-due balances).';
COMMENT ON COLUMN bill.pay_arr.arr_stat IS 'A = active (installments still running), K = kept (completed as agreed), B = broken (customer missed an installment), X = cancelled';
COMMENT ON COLUMN bill.pay_arr.brk_dt IS 'Date the arrangement was declared broken; NULL unless arr_stat = B';
COMMENT ON COLUMN bill.pay_arr.csr_id IS 'Login of the customer-service rep who set it up';

CREATE TABLE ops.crew (
    crew_id    varchar(5) PRIMARY KEY,
    crew_nm    varchar(50) NOT NULL,
    crew_typ   char(1) NOT NULL,
    home_dist  char(3),
    actv       boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE ops.crew IS 'Field crews.';
COMMENT ON COLUMN ops.crew.crew_typ IS 'L = electric line crew, W = water distribution crew, M = meter services, S = service / collections (connects and disconnects)';
COMMENT ON COLUMN ops.crew.home_dist IS 'District the crew is based in; NULL = system-wide';

CREATE TABLE ops."FieldTech" (
    "TechId"    integer PRIMARY KEY,
    "FullName"  varchar(60) NOT NULL,
    "CrewId"    varchar(5),
    "Title"     varchar(40),
    "HireDate"  date NOT NULL,
    "TermDate"  date
);
COMMENT ON TABLE ops."FieldTech" IS 'Field technicians (imported from the FSM vendor system in 2019, names kept as delivered).';
COMMENT ON COLUMN ops."FieldTech"."TermDate" IS 'Termination / retirement date; NULL = still employed';

CREATE TABLE ops.outage_tkt (
    tkt_no    varchar(12) PRIMARY KEY,
    cmdty     cis.commodity NOT NULL,
    dist_cd   char(3) NOT NULL,
    rpt_ts    timestamp NOT NULL,
    etr_ts    timestamp,
    rest_ts   timestamp,
    cause_cd  smallint,
    cust_out  integer,
    crew_id   varchar(5),
    rpt_src   char(1),
    geo       jsonb
);
COMMENT ON TABLE ops.outage_tkt IS 'Outage tickets from the outage management system (electric and water).';
COMMENT ON COLUMN ops.outage_tkt.rpt_ts IS 'When the outage was first reported';
COMMENT ON COLUMN ops.outage_tkt.etr_ts IS 'Estimated time of restoration first given to customers';
COMMENT ON COLUMN ops.outage_tkt.rest_ts IS 'When service was restored; NULL = outage still in progress';
COMMENT ON COLUMN ops.outage_tkt.cause_cd IS '10 = weather / storm, 20 = equipment failure, 30 = vegetation (tree contact), 40 = animal, 50 = third party (vehicle, dig-in), 60 = planned maintenance outage, 70 = water main break, 99 = unknown; NULL = not yet determined';
COMMENT ON COLUMN ops.outage_tkt.cust_out IS 'Number of customers affected';
COMMENT ON COLUMN ops.outage_tkt.rpt_src IS 'C = customer call, A = AMI last-gasp message, S = SCADA alarm, F = field crew / planned';
COMMENT ON COLUMN ops.outage_tkt.geo IS 'Location JSON - electric: feeder, device, lat, lon; water: main_id, pzone (pressure zone), lat, lon';

CREATE TABLE ops.work_ord (
    wo_no      bigint PRIMARY KEY,
    wo_typ     char(2) NOT NULL,
    sp_id      integer,
    tkt_no     varchar(12),
    crew_id    varchar(5),
    lead_tech  integer,
    prio       smallint NOT NULL DEFAULT 3,
    wo_stat    char(1) NOT NULL,
    cre_ts     timestamp NOT NULL,
    sched_dt   date,
    start_ts   timestamp,
    cmpl_ts    timestamp,
    labor_hrs  numeric(6,2),
    attrs      jsonb,
    notes      text
) WITH (autovacuum_enabled = false);
COMMENT ON TABLE ops.work_ord IS 'Field work orders. Mobile devices sync status into attrs all day.';
COMMENT ON COLUMN ops.work_ord.wo_typ IS 'MX = meter exchange, RR = re-read / check read, DC = disconnect for non-payment, RC = reconnect, OR = outage repair, LK = leak investigation, TS = electric trouble call, IN = new service installation';
COMMENT ON COLUMN ops.work_ord.tkt_no IS 'Outage ticket (ops.outage_tkt.tkt_no) for OR work orders; not enforced';
COMMENT ON COLUMN ops.work_ord.lead_tech IS 'Lead technician (ops."FieldTech"); NULL until dispatched';
COMMENT ON COLUMN ops.work_ord.prio IS '1 = emergency, 2 = urgent (same day), 3 = routine, 4 = scheduled / deferrable';
COMMENT ON COLUMN ops.work_ord.wo_stat IS 'O = open (not dispatched), D = dispatched, W = work in progress, C = completed, X = cancelled';
COMMENT ON COLUMN ops.work_ord.cmpl_ts IS 'Completion time; NULL until completed';
COMMENT ON COLUMN ops.work_ord.labor_hrs IS 'Total labor hours booked by the whole crew';
COMMENT ON COLUMN ops.work_ord.attrs IS 'Type-specific JSON: MX old_ser/new_ser/tamper_type; DC remote (true = done remotely through the AMI meter switch); LK leak_side (CUST/UTIL), gpm_est; TS issue; OR crew_size, mutual_assist; cxl_rsn when cancelled; last_sync from mobile';

CREATE TABLE public.cust_merge_2019 (
    old_cust_no integer,
    new_cust_no integer,
    merged_on   date,
    merged_by   varchar(12)
);
COMMENT ON TABLE public.cust_merge_2019 IS 'One-off duplicate-customer clean-up (2019). Old numbers no longer exist in cis.cust. Kept for audit.';

-- ---------------------------------------------------------------------
--  Reference data
-- ---------------------------------------------------------------------
INSERT INTO cis.dist VALUES
 ('N01', 'North Ridge', 'Northridge', 1961),
 ('S02', 'Southport',   'Southport',  1958),
 ('E03', 'East Flats',  'Eastfield',  1972),
 ('W04', 'West Hills',  'Westhaven',  1984),
 ('V05', 'Valley',      'Millbrook',  1966),
 ('C06', 'Central',     'Riverton',   1949);

INSERT INTO bill.bill_cyc (cyc_cd, rd_day, due_days, descr)
SELECT c, c + 3, 21, 'Cycle ' || lpad(c::text, 2, '0') || ' - read on day ' || (c + 3)
FROM generate_series(1, 20) c;

INSERT INTO bill.rate_sched VALUES
 ('E-RES0','2015-01-01','2021-12-31','ELECTRIC','Residential legacy (closed to new service 2019)',  9.50, NULL, 0.10900, NULL),
 ('E-RES1','2022-01-01','2023-12-31','ELECTRIC','Residential standard service',       12.00, 500, 0.11850, 0.14200),
 ('E-RES1','2024-01-01','2025-06-30','ELECTRIC','Residential standard service',       13.50, 500, 0.12400, 0.14950),
 ('E-RES1','2025-07-01',NULL,        'ELECTRIC','Residential standard service',       15.00, 500, 0.13100, 0.15800),
 ('E-TOU', '2022-01-01','2023-12-31','ELECTRIC','Residential time-of-use',            13.00, NULL, 0.11500, NULL),
 ('E-TOU', '2024-01-01','2025-06-30','ELECTRIC','Residential time-of-use',            14.50, NULL, 0.12100, NULL),
 ('E-TOU', '2025-07-01',NULL,        'ELECTRIC','Residential time-of-use',            16.00, NULL, 0.12800, NULL),
 ('E-GS2', '2022-01-01','2023-12-31','ELECTRIC','General service - small commercial', 28.00, NULL, 0.10900, NULL),
 ('E-GS2', '2024-01-01','2025-06-30','ELECTRIC','General service - small commercial', 31.00, NULL, 0.11400, NULL),
 ('E-GS2', '2025-07-01',NULL,        'ELECTRIC','General service - small commercial', 34.00, NULL, 0.12000, NULL),
 ('E-LP4', '2022-01-01','2023-12-31','ELECTRIC','Large power - industrial',          250.00, NULL, 0.08200, NULL),
 ('E-LP4', '2024-01-01','2025-06-30','ELECTRIC','Large power - industrial',          275.00, NULL, 0.08600, NULL),
 ('E-LP4', '2025-07-01',NULL,        'ELECTRIC','Large power - industrial',          300.00, NULL, 0.09050, NULL),
 ('W-RES', '2022-01-01','2024-06-30','WATER',   'Residential water',                  18.50, 6, 4.25000, 6.10000),
 ('W-RES', '2024-07-01','2025-12-31','WATER',   'Residential water',                  20.00, 6, 4.60000, 6.75000),
 ('W-RES', '2026-01-01',NULL,        'WATER',   'Residential water',                  21.75, 6, 4.95000, 7.30000),
 ('W-COM', '2022-01-01','2024-06-30','WATER',   'Commercial / public water',          45.00, NULL, 5.10000, NULL),
 ('W-COM', '2024-07-01','2025-12-31','WATER',   'Commercial / public water',          48.50, NULL, 5.45000, NULL),
 ('W-COM', '2026-01-01',NULL,        'WATER',   'Commercial / public water',          52.00, NULL, 5.85000, NULL),
 ('W-IND', '2022-01-01','2024-06-30','WATER',   'Industrial water',                  120.00, NULL, 4.70000, NULL),
 ('W-IND', '2024-07-01','2025-12-31','WATER',   'Industrial water',                  130.00, NULL, 5.00000, NULL),
 ('W-IND', '2026-01-01',NULL,        'WATER',   'Industrial water',                  140.00, NULL, 5.35000, NULL),
 ('W-IRR', '2022-01-01','2024-06-30','WATER',   'Landscape irrigation',               25.00, NULL, 3.90000, NULL),
 ('W-IRR', '2024-07-01','2025-12-31','WATER',   'Landscape irrigation',               27.00, NULL, 4.15000, NULL),
 ('W-IRR', '2026-01-01',NULL,        'WATER',   'Landscape irrigation',               29.00, NULL, 4.40000, NULL);

INSERT INTO ops.crew VALUES
 ('L-01','North Ridge Line',        'L','N01', true),
 ('L-02','Southport Line',          'L','S02', true),
 ('L-03','East Flats Line',         'L','E03', true),
 ('L-04','West Hills Line',         'L','W04', true),
 ('L-05','Valley Line',             'L','V05', true),
 ('L-06','Central Line',            'L','C06', true),
 ('W-01','Water North/Central',     'W','C06', true),
 ('W-02','Water South/East',        'W','S02', true),
 ('W-03','Water West/Valley',       'W','V05', true),
 ('W-04','Water Mains Emergency',   'W',NULL,  true),
 ('M-01','Meter Services North',    'M','N01', true),
 ('M-02','Meter Services South',    'M','S02', true),
 ('M-03','AMI Deployment (contract)','M',NULL, false),
 ('S-01','Field Collections North', 'S','C06', true),
 ('S-02','Field Collections South', 'S','S02', true);

-- technicians: 64 original + 6 replacements
CREATE TEMP TABLE t_tech AS
WITH c AS (
  SELECT crew_id, crew_typ, row_number() OVER (ORDER BY crew_id) AS ci,
         CASE crew_typ WHEN 'L' THEN 5 WHEN 'W' THEN 4 WHEN 'M' THEN 4 ELSE 3 END AS n
  FROM ops.crew
), slots AS (
  SELECT c.*, k FROM c, generate_series(1, c.n) k
), base AS (
  SELECT row_number() OVER (ORDER BY crew_id, k) AS i, crew_id, crew_typ, k FROM slots
)
SELECT i, crew_id, crew_typ, k,
       date '1992-03-01' + floor(pg_temp.rnd('hire' || i) * 10500)::int AS hire,
       CASE WHEN crew_id = 'M-03' THEN date '2025-10-15'
            WHEN i IN (3, 14, 27, 38, 45, 59) THEN date '2023-02-01' + floor(pg_temp.rnd('term' || i) * 900)::int
       END AS term
FROM base;

INSERT INTO t_tech (i, crew_id, crew_typ, k, hire, term)
SELECT 64 + row_number() OVER (ORDER BY i), crew_id, crew_typ, 9, term + 20 + floor(pg_temp.rnd('rep' || i) * 40)::int, NULL
FROM t_tech WHERE i IN (3, 14, 27, 38, 45, 59);

INSERT INTO ops."FieldTech" ("TechId", "FullName", "CrewId", "Title", "HireDate", "TermDate")
SELECT 2100 + i,
       (ARRAY['Aaron','Bianca','Carlos','Dana','Eli','Fatima','Gavin','Hannah','Ivan','Jolene','Kurt','Leah','Marco',
              'Nina','Owen','Priya','Quinn','Rosa','Seth','Tanya','Victor','Wendy','Xavier','Yolanda','Zeke'])[1 + (i % 25)]
       || ' ' ||
       (ARRAY['Abbott','Becker','Castillo','Dunn','Ellison','Fischer','Grant','Holloway','Ibarra','Jensen','Kowalski',
              'Lindqvist','Mendez','Novak','Ortega','Pruitt','Quintero','Reyes','Sorensen','Tran','Underwood','Vance',
              'Whitaker','Yates','Zamora','Barlow','Crane','Dorsey','Easton','Fuller'])[1 + ((i * 7) % 30)],
       crew_id,
       CASE WHEN k = 1 THEN 'Foreman'
            WHEN crew_typ = 'L' THEN CASE WHEN pg_temp.rnd('ttl' || i) < .3 THEN 'Apprentice Lineworker' ELSE 'Journeyman Lineworker' END
            WHEN crew_typ = 'W' THEN 'Water Utility Worker II'
            WHEN crew_typ = 'M' THEN 'Meter Technician'
            ELSE 'Field Service Rep' END,
       hire, term
FROM t_tech;

-- ---------------------------------------------------------------------
--  Premises, customers, accounts, service points
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_prem AS
SELECT n, 410000 + n AS prem_id,
       CASE WHEN rd < .20 THEN 'N01' WHEN rd < .42 THEN 'S02' WHEN rd < .57 THEN 'E03'
            WHEN rd < .70 THEN 'W04' WHEN rd < .88 THEN 'V05' ELSE 'C06' END AS dist_cd,
       CASE WHEN rc < .82 THEN 'R' WHEN rc < .94 THEN 'C' WHEN rc < .97 THEN 'G' ELSE 'I' END AS cls,
       CASE WHEN rn < .05 THEN date '2023-02-01' + floor(pg_temp.rnd('nd' || n) * 1300)::int
            ELSE date '1978-01-01' + floor(pg_temp.rnd('od' || n) * 16000)::int END AS cre_dt,
       1 + floor(pg_temp.rnd('cyc' || n) * 20)::int AS rd_cyc
FROM (SELECT n, pg_temp.rnd('dist' || n) rd, pg_temp.rnd('cls' || n) rc, pg_temp.rnd('new' || n) rn
      FROM generate_series(1, 600) n) x;

INSERT INTO cis.premise (prem_id, addr1, city, zip, dist_cd, rd_cyc, cre_dt, lat, lon)
SELECT p.prem_id,
       (100 + floor(pg_temp.rnd('hn' || n) * 9800)::int)::text || ' ' ||
       (ARRAY['Oak','Maple','Cedar','Pine','Elm','Willow','Birch','Aspen','Juniper','Sycamore','Hickory','Walnut',
              'Chestnut','Poplar','Spruce','Magnolia','Laurel','Sage','Canyon','Ridge','River','Lake','Meadow',
              'Orchard','Mill','Quarry','Station','Depot','Granite','Summit'])[1 + floor(pg_temp.rnd('st' || n) * 30)::int]
       || ' ' || (ARRAY['St','Ave','Rd','Dr','Ln','Ct','Way','Blvd'])[1 + floor(pg_temp.rnd('sf' || n) * 8)::int],
       d.hq_city,
       (CASE p.dist_cd WHEN 'N01' THEN 97410 WHEN 'S02' THEN 97420 WHEN 'E03' THEN 97430
                       WHEN 'W04' THEN 97440 WHEN 'V05' THEN 97450 ELSE 97400 END
        + floor(pg_temp.rnd('zip' || n) * 4)::int)::text,
       p.dist_cd, p.rd_cyc, p.cre_dt,
       round((44.0 + (ascii(substr(p.dist_cd, 3, 1)) - 48) * 0.07 + pg_temp.rnd('lat' || n) * 0.06)::numeric, 5),
       round((-123.2 + (ascii(substr(p.dist_cd, 2, 1)) - 48) * 0.05 + pg_temp.rnd('lon' || n) * 0.08)::numeric, 5)
FROM t_prem p JOIN cis.dist d USING (dist_cd);

-- service points
CREATE TEMP TABLE t_sp AS
WITH c AS (
  SELECT p.*, 'ELECTRIC'::cis.commodity AS cmdty, 1 AS k FROM t_prem p
   WHERE pg_temp.rnd('e' || n) < .96 OR pg_temp.rnd('w' || n) >= .80
  UNION ALL
  SELECT p.*, 'WATER'::cis.commodity, 2 FROM t_prem p WHERE pg_temp.rnd('w' || n) < .80
  UNION ALL
  SELECT p.*, 'WATER'::cis.commodity, 3 FROM t_prem p WHERE p.cls IN ('C', 'G') AND pg_temp.rnd('irr' || n) < .30
)
SELECT 1000000 + row_number() OVER (ORDER BY prem_id, k) AS sp_id, c.prem_id, c.n, c.dist_cd, c.cls, c.rd_cyc,
       c.cmdty, c.k,
       CASE WHEN k = 1 THEN CASE c.cls WHEN 'R' THEN CASE WHEN pg_temp.rnd('tou' || n) < .15 THEN 'E-TOU' ELSE 'E-RES1' END
                                       WHEN 'I' THEN 'E-LP4' ELSE 'E-GS2' END
            WHEN k = 2 THEN CASE c.cls WHEN 'R' THEN 'W-RES' WHEN 'I' THEN 'W-IND' ELSE 'W-COM' END
            ELSE 'W-IRR' END AS rate_cd,
       CASE WHEN c.cre_dt >= '2023-01-01' THEN c.cre_dt + floor(pg_temp.rnd('sd' || n || k) * 20)::int ELSE c.cre_dt END AS inst_dt,
       0.5 + 1.3 * pg_temp.rnd('f' || n || '-' || k) AS fct
FROM c;
CREATE INDEX ON t_sp (sp_id);

-- ---------------------------------------------------------------------
--  Meter events (sets / exchanges) and meters
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_ev0 AS
SELECT sp_id, CASE WHEN inst_dt < '2008-07-01' THEN date '2008-07-01' ELSE inst_dt END AS evt_dt,
       CASE WHEN inst_dt < '2008-07-01' THEN 'CV' ELSE 'IN' END AS rsn
FROM t_sp
UNION ALL
SELECT sp_id, d, CASE WHEN r < .6 THEN 'RT' WHEN r < .9 THEN 'FL' ELSE 'DM' END
FROM (SELECT sp_id, greatest(inst_dt, date '2009-01-01')
                    + floor(pg_temp.rnd('pd' || sp_id) * (date '2022-12-15' - greatest(inst_dt, date '2009-01-01')))::int AS d,
             pg_temp.rnd('pr' || sp_id) AS r
      FROM t_sp WHERE inst_dt < '2022-06-01' AND pg_temp.rnd('pre' || sp_id) < .40) x
UNION ALL
SELECT sp_id, d, CASE WHEN r < .5 THEN 'FL' WHEN r < .65 THEN 'DM' WHEN r < .75 THEN 'TP' ELSE 'RT' END
FROM (SELECT sp_id, greatest(inst_dt + 60, date '2023-01-05')
                    + floor(pg_temp.rnd('md' || sp_id) * (date '2026-10-25' - greatest(inst_dt + 60, date '2023-01-05')))::int AS d,
             pg_temp.rnd('mr' || sp_id) AS r
      FROM t_sp WHERE inst_dt < '2026-08-01' AND pg_temp.rnd('misc' || sp_id) < .09) x;

-- AMI upgrade program: electric rollout by district 2024-03 .. 2025-09, water pilot (S02, V05) from 2025-10
CREATE TEMP TABLE t_amc AS
SELECT s.sp_id, s.cmdty,
       CASE WHEN s.cmdty = 'ELECTRIC' THEN
              (CASE s.dist_cd WHEN 'N01' THEN date '2024-03-01' WHEN 'C06' THEN date '2024-06-01' WHEN 'S02' THEN date '2024-09-01'
                              WHEN 'E03' THEN date '2024-12-01' WHEN 'V05' THEN date '2025-03-01' ELSE date '2025-06-01' END)
              + floor(pg_temp.rnd('amd' || s.sp_id) * 110)::int
            ELSE date '2025-10-01' + floor(pg_temp.rnd('amd' || s.sp_id) * 385)::int END AS d
FROM t_sp s
WHERE (s.cmdty = 'ELECTRIC' AND s.inst_dt < '2019-01-01' AND pg_temp.rnd('ami' || s.sp_id) < .85)
   OR (s.cmdty = 'WATER' AND s.dist_cd IN ('S02', 'V05') AND s.inst_dt < '2025-06-01' AND pg_temp.rnd('ami' || s.sp_id) < .35);

INSERT INTO t_ev0 (sp_id, evt_dt, rsn)
SELECT a.sp_id, a.d, 'AM' FROM t_amc a
WHERE NOT EXISTS (SELECT 1 FROM t_ev0 e WHERE e.sp_id = a.sp_id
                   AND e.evt_dt >= CASE WHEN a.cmdty = 'ELECTRIC' THEN date '2019-01-01' ELSE date '2025-10-01' END
                   AND e.evt_dt <= a.d + 30);

CREATE TEMP TABLE t_ev AS
SELECT e.*, s.cmdty, s.dist_cd, s.cls, s.rate_cd,
       row_number() OVER (PARTITION BY e.sp_id ORDER BY e.evt_dt) AS seq,
       lead(e.evt_dt) OVER (PARTITION BY e.sp_id ORDER BY e.evt_dt) AS next_dt,
       lead(e.rsn) OVER (PARTITION BY e.sp_id ORDER BY e.evt_dt) AS next_rsn,
       5000000 + row_number() OVER (ORDER BY e.evt_dt, e.sp_id) AS mtr_id,
       CASE WHEN s.cmdty = 'ELECTRIC' THEN e.evt_dt >= '2019-01-01'
            ELSE e.evt_dt >= '2025-10-01' AND s.dist_cd IN ('S02', 'V05') END AS ami
FROM (SELECT DISTINCT ON (sp_id, evt_dt) sp_id, evt_dt, rsn FROM t_ev0 ORDER BY sp_id, evt_dt, rsn) e
JOIN t_sp s USING (sp_id);
CREATE INDEX ON t_ev (sp_id, evt_dt);

CREATE TEMP TABLE t_mtr AS
SELECT e.*,
       CASE WHEN e.cmdty = 'ELECTRIC' THEN
              CASE WHEN e.ami AND e.rsn = 'AM' THEN CASE WHEN r1 < .7 THEN 'Itron' ELSE 'Landis+Gyr' END
                   WHEN e.ami THEN CASE WHEN r1 < .55 THEN 'Itron' WHEN r1 < .9 THEN 'Landis+Gyr' ELSE 'Aclara' END
                   ELSE CASE WHEN r1 < .35 THEN 'GE' WHEN r1 < .65 THEN 'Landis+Gyr' WHEN r1 < .85 THEN 'Itron' ELSE 'Elster' END END
            ELSE
              CASE WHEN e.ami THEN 'Sensus'
                   ELSE CASE WHEN r1 < .35 THEN 'Badger' WHEN r1 < .65 THEN 'Neptune' WHEN r1 < .85 THEN 'Sensus' ELSE 'Mueller' END END
       END AS mfr
FROM (SELECT t_ev.*, pg_temp.rnd('mf' || mtr_id) AS r1, pg_temp.rnd('m2' || mtr_id) AS r2 FROM t_ev) e;

INSERT INTO mtr.meter (mtr_id, ser_no, mfr, model, cmdty, ami, mfg_yr, mtr_stat, cfg, unit_cost)
SELECT m.mtr_id,
       (CASE m.mfr WHEN 'Itron' THEN 'IT' WHEN 'Landis+Gyr' THEN 'LG' WHEN 'GE' THEN 'GE' WHEN 'Elster' THEN 'EL'
                   WHEN 'Aclara' THEN 'AC' WHEN 'Badger' THEN 'BD' WHEN 'Neptune' THEN 'NP' WHEN 'Sensus' THEN 'SN' ELSE 'MU' END)
        || lpad(((m.mtr_id::bigint * 7919) % 100000000)::text, 8, '0'),
       m.mfr,
       CASE m.mfr WHEN 'Itron' THEN CASE WHEN m.ami THEN 'Riva CENTRON' ELSE 'CENTRON C1S' END
                  WHEN 'Landis+Gyr' THEN CASE WHEN m.ami THEN 'E350 Gridstream' ELSE 'AXR-SD' END
                  WHEN 'GE' THEN 'I-210+' WHEN 'Elster' THEN 'REX2' WHEN 'Aclara' THEN 'I-210+c'
                  WHEN 'Badger' THEN 'M25' WHEN 'Neptune' THEN 'T-10' WHEN 'Mueller' THEN 'MVR'
                  ELSE CASE WHEN m.ami THEN 'iPERL' ELSE 'SR II' END END,
       m.cmdty, m.ami,
       CASE WHEN m.rsn = 'CV' THEN 1986 + floor(m.r2 * 22)::int
            ELSE extract(year FROM m.evt_dt)::int - floor(m.r2 * 2)::int END,
       CASE WHEN m.next_dt IS NULL THEN 'I'
            WHEN m.next_rsn = 'RT' AND m.next_dt >= '2026-05-01' THEN 'T'
            ELSE 'R' END,
       CASE WHEN m.cmdty = 'ELECTRIC' AND m.ami THEN
              jsonb_build_object('mult', CASE WHEN m.cls = 'I' THEN 80 ELSE 1 END,
                                 'fw', CASE m.mfr WHEN 'Itron' THEN CASE WHEN m.evt_dt < '2025-01-01' THEN '4.2.1' ELSE '4.3.0' END
                                                  WHEN 'Landis+Gyr' THEN CASE WHEN m.evt_dt < '2025-01-01' THEN '7.1.12' ELSE '7.2.3' END
                                                  ELSE '2.0.4' END,
                                 'comm', CASE WHEN pg_temp.rnd('comm' || m.mtr_id) < .15 THEN 'CELL' ELSE 'RF' END,
                                 'int_min', CASE WHEN m.cls = 'R' THEN 60 ELSE 15 END)
            WHEN m.cmdty = 'ELECTRIC' THEN
              jsonb_build_object('mult', CASE WHEN m.cls = 'I' THEN 80 WHEN m.cls = 'C' AND m.r2 < .3 THEN 40 ELSE 1 END)
            WHEN m.ami THEN
              jsonb_build_object('size_in', CASE WHEN m.rate_cd = 'W-RES' THEN '5/8' WHEN m.rate_cd = 'W-IND' THEN '2' ELSE '1' END,
                                 'fw', '3.0.7', 'comm', 'CELL', 'int_min', 60)
            ELSE
              jsonb_build_object('size_in', CASE WHEN m.rate_cd = 'W-RES' THEN '5/8' WHEN m.rate_cd = 'W-IND' THEN '2' WHEN m.rate_cd = 'W-IRR' THEN '1.5' ELSE '1' END)
       END,
       round((CASE WHEN m.cmdty = 'ELECTRIC' AND m.ami THEN 118 + m.r2 * 27
                   WHEN m.cmdty = 'ELECTRIC' THEN 38 + m.r2 * 17
                   WHEN m.ami THEN 210 + m.r2 * 50
                   ELSE 45 + m.r2 * 50 END)::numeric, 2)
FROM t_mtr m;

-- warehouse stock bought in 2026
INSERT INTO mtr.meter (mtr_id, ser_no, mfr, model, cmdty, ami, mfg_yr, mtr_stat, cfg, unit_cost)
SELECT 5900000 + g,
       CASE WHEN g <= 40 THEN 'IT' ELSE 'SN' END || lpad(((5900000 + g)::bigint * 7919 % 100000000)::text, 8, '0'),
       CASE WHEN g <= 40 THEN 'Itron' ELSE 'Sensus' END,
       CASE WHEN g <= 40 THEN 'Riva CENTRON' ELSE 'iPERL' END,
       CASE WHEN g <= 40 THEN 'ELECTRIC'::cis.commodity ELSE 'WATER'::cis.commodity END,
       true, 2026, 'S',
       CASE WHEN g <= 40 THEN '{"mult": 1, "fw": "4.3.0", "comm": "RF", "int_min": 60}'::jsonb
            ELSE '{"size_in": "5/8", "fw": "3.0.7", "comm": "CELL", "int_min": 60}'::jsonb END,
       CASE WHEN g <= 40 THEN 131.40 ELSE 236.90 END
FROM generate_series(1, 60) g;

INSERT INTO cis.svc_pt (sp_id, prem_id, cmdty, rate_cd, sp_stat, inst_dt, cur_mtr_id)
SELECT s.sp_id, s.prem_id, s.cmdty, s.rate_cd, 'ACT', s.inst_dt,
       (SELECT e.mtr_id FROM t_ev e WHERE e.sp_id = s.sp_id AND e.next_dt IS NULL)
FROM t_sp s;   -- sp_stat corrected further down (before FKs)

-- ---------------------------------------------------------------------
--  Reads
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_rd AS
WITH mo AS (SELECT d::date AS mo FROM generate_series(date '2022-12-01', date '2026-10-01', interval '1 month') d),
r AS (
  SELECT s.sp_id, s.cmdty, s.cls, s.rate_cd, s.fct, s.inst_dt, s.dist_cd, s.rd_cyc,
         make_date(extract(year FROM mo.mo)::int, extract(month FROM mo.mo)::int, c.rd_day) AS rd_dt
  FROM t_sp s JOIN bill.bill_cyc c ON c.cyc_cd = s.rd_cyc CROSS JOIN mo
)
SELECT r.*, e.mtr_id, e.ami, e.evt_dt AS mtr_set_dt,
       lag(r.rd_dt) OVER (PARTITION BY r.sp_id ORDER BY r.rd_dt) AS prev_rd_dt
FROM r
JOIN t_ev e ON e.sp_id = r.sp_id AND e.evt_dt <= r.rd_dt AND (e.next_dt IS NULL OR e.next_dt > r.rd_dt)
WHERE r.rd_dt > r.inst_dt + 20;

DELETE FROM t_rd WHERE rd_dt < '2023-01-01';
UPDATE t_rd SET prev_rd_dt = inst_dt WHERE prev_rd_dt IS NULL;

CREATE TEMP TABLE t_rd2 AS
SELECT x.*,
       CASE WHEN x.cmdty = 'ELECTRIC' THEN round((x.basec * x.fct * x.seas * x.noise * (1 + 0.012 * (x.yr - 2023)) * x.frac)::numeric, 0)
            ELSE round((x.basec * x.fct * x.seas * x.noise * (1 + 0.01 * (x.yr - 2023)) * x.frac)::numeric, 2) END AS cons,
       CASE WHEN x.ami THEN CASE WHEN x.rq < .015 THEN 3 ELSE 2 END
            ELSE CASE WHEN x.rq < .075 THEN 3 WHEN x.rq < .095 THEN 4 ELSE 1 END END AS rd_cd
FROM (
  SELECT t.*,
         extract(month FROM t.rd_dt)::int AS m, extract(year FROM t.rd_dt)::int AS yr,
         CASE WHEN t.cmdty = 'ELECTRIC' THEN CASE t.cls WHEN 'R' THEN 620 WHEN 'C' THEN 3800 WHEN 'G' THEN 5200 ELSE 42000 END
              WHEN t.rate_cd = 'W-IRR' THEN 60
              ELSE CASE t.cls WHEN 'R' THEN 5.5 WHEN 'C' THEN 22 WHEN 'G' THEN 30 ELSE 180 END END AS basec,
         CASE WHEN t.cmdty = 'ELECTRIC' THEN 1 + 0.28 * cos(2 * pi() * (extract(month FROM t.rd_dt) - 8) / 12.0)
                                              + 0.10 * cos(2 * pi() * (extract(month FROM t.rd_dt) - 1) / 6.0)
              WHEN t.rate_cd = 'W-IRR' THEN greatest(0.05, 0.25 + 1.5 * cos(2 * pi() * (extract(month FROM t.rd_dt) - 7.5) / 12.0))
              ELSE 1 + 0.35 * cos(2 * pi() * (extract(month FROM t.rd_dt) - 7.5) / 12.0) END AS seas,
         0.85 + 0.30 * pg_temp.rnd('nz' || t.sp_id || t.rd_dt) AS noise,
         least(1.0, (t.rd_dt - t.prev_rd_dt) / 30.0) AS frac,
         pg_temp.rnd('rq' || t.sp_id || t.rd_dt) AS rq
  FROM t_rd t
) x;

CREATE TEMP TABLE t_mbase AS
SELECT mtr_id,
       CASE WHEN evt_dt >= '2023-01-01' THEN 0
            WHEN cmdty = 'ELECTRIC' THEN floor(pg_temp.rnd('base' || mtr_id) * 90000)
            ELSE round((pg_temp.rnd('base' || mtr_id) * 3000)::numeric, 1) END AS base
FROM t_ev;

INSERT INTO mtr.rd_hist (rd_id, sp_id, mtr_id, rd_dt, rd_val, cons, rd_cd, rdr_id)
SELECT 90000000 + row_number() OVER (ORDER BY r.rd_dt, r.sp_id),
       r.sp_id, r.mtr_id, r.rd_dt,
       b.base + sum(r.cons) OVER (PARTITION BY r.sp_id, r.mtr_id ORDER BY r.rd_dt),
       r.cons, r.rd_cd,
       CASE WHEN r.rd_cd = 1 THEN 9001 + floor(pg_temp.rnd('rdr' || r.rd_cyc || r.rd_dt) * 12)::int END
FROM t_rd2 r JOIN t_mbase b USING (mtr_id);

CREATE TEMP TABLE t_mmax AS SELECT mtr_id, max(rd_val) AS mx FROM mtr.rd_hist GROUP BY mtr_id;

INSERT INTO mtr.mtr_xchg (xchg_id, sp_id, old_mtr_id, new_mtr_id, xchg_dt, rsn_cd, old_final_rd, new_init_rd, wo_no)
SELECT 1 + row_number() OVER (ORDER BY e.evt_dt, e.sp_id) - 1 + 30000,
       e.sp_id,
       lag(e.mtr_id) OVER (PARTITION BY e.sp_id ORDER BY e.evt_dt),
       e.mtr_id, e.evt_dt, e.rsn,
       CASE WHEN e.seq > 1 THEN
            coalesce((SELECT h.mx FROM t_mmax h
                       WHERE h.mtr_id = (SELECT p.mtr_id FROM t_ev p WHERE p.sp_id = e.sp_id AND p.seq = e.seq - 1)),
                     floor(pg_temp.rnd('ofr' || e.mtr_id) * 60000))
            + CASE WHEN e.evt_dt >= '2023-01-01' THEN floor(pg_temp.rnd('ofd' || e.mtr_id) * 200) ELSE 0 END
       END,
       CASE WHEN e.rsn = 'CV' THEN b.base ELSE 0 END,
       NULL
FROM t_ev e JOIN t_mbase b USING (mtr_id);

-- ---------------------------------------------------------------------
--  Accounts and customers
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_pa AS
SELECT p.*,
       CASE WHEN p.cre_dt >= '2023-01-01' THEN p.cre_dt + 5 + floor(pg_temp.rnd('s1' || n) * 40)::int
            ELSE p.cre_dt + floor(pg_temp.rnd('s1' || n) * (date '2022-11-30' - p.cre_dt))::int END AS s1
FROM t_prem p;

CREATE TEMP TABLE t_pa2 AS
SELECT t.*,
       CASE WHEN pg_temp.rnd('mo' || n) < .25 AND greatest(s1 + 90, date '2023-02-01') < date '2026-09-01'
            THEN greatest(s1 + 90, date '2023-02-01')
                 + floor(pg_temp.rnd('mod' || n) * (date '2026-09-30' - greatest(s1 + 90, date '2023-02-01')))::int END AS mo_dt,
       pg_temp.rnd('gap' || n) AS rgap
FROM t_pa t;

CREATE TEMP TABLE t_ac AS
SELECT prem_id, n, cls, 1 AS seq, s1 AS start_dt, mo_dt AS end_dt FROM t_pa2
UNION ALL
SELECT prem_id, n, cls, 2, mo_dt + CASE WHEN rgap < .78 THEN 1 ELSE 20 + floor(pg_temp.rnd('gp2' || n) * 60)::int END, NULL
FROM t_pa2 WHERE mo_dt IS NOT NULL AND rgap < .93;

CREATE TEMP TABLE t_acct AS
SELECT 3100000000 + row_number() OVER (ORDER BY start_dt, prem_id) * 13 AS acct_id, t.*,
       pg_temp.rnd('ms' || prem_id || '-' || seq) AS rms,
       pg_temp.rnd('mk' || prem_id || '-' || seq) AS rmk
FROM t_ac t;

CREATE TEMP TABLE t_multi (k serial, cls char(1), nm text);
INSERT INTO t_multi (cls, nm) VALUES
 ('C','QuickMart Stores Inc'),('C','Valley Farm Supply Co'),('C','Riverton Dental Group'),('C','Summit Property Mgmt LLC'),
 ('C','Bright Star Laundromats'),('C','Canyon Auto Care'),('C','Northridge Storage Partners'),('C','Harbor Fresh Grocers'),
 ('C','Pinecrest Hospitality LLC'),('C','Tri-County Fitness'),('C','Eastfield Medical Plaza'),('C','Golden Grain Bakeries'),
 ('G','City of Riverton'),('G','Millbrook Unified School District'),('G','Southport Fire District'),('G','County of Tri-Valley'),
 ('G','Westhaven Parks & Rec'),
 ('I','Northridge Plastics Corp'),('I','Cascade Cold Storage'),('I','Apex Metal Fabrication');

CREATE TEMP TABLE t_multi2 AS
SELECT m.*, 600000 + m.k AS cust_no, row_number() OVER (PARTITION BY cls ORDER BY k) AS ck,
       count(*) OVER (PARTITION BY cls) AS cn
FROM t_multi m;

CREATE TEMP TABLE t_acct2 AS
SELECT a.*,
       CASE WHEN a.cls <> 'R' AND a.rms < .5 THEN
            (SELECT m.cust_no FROM t_multi2 m WHERE m.cls = a.cls AND m.ck = 1 + floor(a.rmk * m.cn)::int)
       END AS multi_cust
FROM t_acct a;

CREATE TEMP TABLE t_cind AS
SELECT a.acct_id, 600100 + row_number() OVER (ORDER BY a.acct_id) AS cust_no, a.cls, a.start_dt, a.prem_id, a.seq
FROM t_acct2 a WHERE a.multi_cust IS NULL;

INSERT INTO cis.cust (cust_no, cust_nm, cust_cls, ph_no, email, med_cert, cre_ts)
SELECT m.cust_no, m.nm, m.cls,
       '(541) 555-' || lpad((1000 + m.k * 37)::text, 4, '0'),
       'ap@' || lower(regexp_replace(m.nm, '[^A-Za-z]', '', 'g')) || '.com',
       'N',
       timestamp '2004-01-01' + (floor(pg_temp.rnd('mcre' || m.k) * 1500) || ' days')::interval
FROM t_multi2 m;

INSERT INTO cis.cust (cust_no, cust_nm, cust_cls, ph_no, email, med_cert, cre_ts)
SELECT c.cust_no, x.nm, c.cls,
       '(' || (ARRAY['541','458','503'])[1 + floor(pg_temp.rnd('ac' || c.cust_no) * 3)::int] || ') '
           || (200 + floor(pg_temp.rnd('p1' || c.cust_no) * 790)::int)::text || '-'
           || lpad(floor(pg_temp.rnd('p2' || c.cust_no) * 10000)::int::text, 4, '0'),
       CASE WHEN pg_temp.rnd('em' || c.cust_no) < .22 THEN NULL
            ELSE lower(regexp_replace(x.nm, '[^A-Za-z]+', '.', 'g')) || (c.cust_no % 97)::text || '@'
                 || (ARRAY['gmail.com','yahoo.com','outlook.com','comcast.net','proton.me'])[1 + floor(pg_temp.rnd('dom' || c.cust_no) * 5)::int] END,
       CASE WHEN c.cls = 'R' AND pg_temp.rnd('med' || c.cust_no) < .02 THEN 'Y' ELSE 'N' END,
       greatest(c.start_dt, date '2008-07-01') - 10 + (floor(pg_temp.rnd('ct' || c.cust_no) * 36000) || ' seconds')::interval
FROM t_cind c
CROSS JOIN LATERAL (
  SELECT CASE c.cls
    WHEN 'R' THEN (ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William','Barbara',
                         'Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Christopher','Lisa','Daniel','Nancy',
                         'Matthew','Betty','Anthony','Sandra','Mark','Margaret','Donald','Ashley','Steven','Kimberly','Paul','Emily',
                         'Andrew','Donna','Joshua','Michelle'])[1 + floor(pg_temp.rnd('fn' || c.cust_no) * 40)::int]
                  || ' ' ||
                  (ARRAY['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez',
                         'Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson',
                         'White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright',
                         'Scott','Torres','Nguyen','Hill','Flores'])[1 + floor(pg_temp.rnd('ln' || c.cust_no) * 40)::int]
    WHEN 'C' THEN (ARRAY['Corner','Main Street','Blue Door','Red Barn','Sunrise','Lakeside','Old Mill','Pioneer','Heritage',
                         'Evergreen','Silver Creek','Copper Kettle'])[1 + floor(pg_temp.rnd('b1' || c.cust_no) * 12)::int]
                  || ' ' ||
                  (ARRAY['Cafe','Hardware','Salon','Auto Repair','Dry Cleaners','Pharmacy','Bakery','Veterinary Clinic','Florist',
                         'Brewing Co','Tavern','Printing'])[1 + floor(pg_temp.rnd('b2' || c.cust_no) * 12)::int]
    WHEN 'G' THEN (ARRAY['Tri-Valley Library District','Riverton Water Reclamation','State Dept of Transportation',
                         'Millbrook Housing Authority','US Postal Service','Tri-Valley Transit'])[1 + floor(pg_temp.rnd('g1' || c.cust_no) * 6)::int]
    ELSE (ARRAY['Ridgeline','Valley','Cascade','Pioneer','Summit'])[1 + floor(pg_temp.rnd('i1' || c.cust_no) * 5)::int]
         || ' ' || (ARRAY['Lumber Mill','Foundry','Packaging','Creamery'])[1 + floor(pg_temp.rnd('i2' || c.cust_no) * 4)::int]
  END AS nm
) x;

CREATE TEMP TABLE t_acct3 AS
SELECT a.*, coalesce(a.multi_cust, c.cust_no) AS cust_no,
       CASE WHEN a.cls = 'R' AND pg_temp.rnd('apay' || a.acct_id) < .25 THEN 'Y'
            WHEN a.cls <> 'R' AND pg_temp.rnd('apay' || a.acct_id) < .10 THEN 'Y' ELSE 'N' END AS autopay_flg
FROM t_acct2 a LEFT JOIN t_cind c USING (acct_id);
CREATE INDEX ON t_acct3 (prem_id);

-- ---------------------------------------------------------------------
--  Bills
-- ---------------------------------------------------------------------
-- account x service point x read period overlap
CREATE TEMP TABLE t_use AS
SELECT a.acct_id, a.cls, a.autopay_flg, a.start_dt, a.end_dt, r.sp_id, r.cmdty, r.rate_cd, r.rd_dt, r.prev_rd_dt,
       date_trunc('month', r.rd_dt)::date AS mo, r.rd_cyc, r.cons AS full_cons,
       greatest(r.prev_rd_dt + 1, a.start_dt) AS o_from,
       least(r.rd_dt, coalesce(a.end_dt, r.rd_dt)) AS o_to
FROM t_rd2 r
JOIN t_sp s USING (sp_id)
JOIN t_acct3 a ON a.prem_id = s.prem_id
WHERE greatest(r.prev_rd_dt + 1, a.start_dt) <= least(r.rd_dt, coalesce(a.end_dt, r.rd_dt));

ALTER TABLE t_use ADD COLUMN frac numeric;
UPDATE t_use SET frac = round(((o_to - o_from + 1)::numeric / (rd_dt - prev_rd_dt)), 3);

CREATE TEMP TABLE t_bill AS
SELECT acct_id, mo, min(cls) AS cls, min(autopay_flg) AS autopay_flg, min(rd_cyc) AS rd_cyc,
       min(o_from) AS per_from, max(o_to) AS per_to, max(rd_dt) AS rd_dt, max(end_dt) AS end_dt
FROM t_use GROUP BY acct_id, mo;

ALTER TABLE t_bill ADD COLUMN bill_typ char(1), ADD COLUMN bill_dt date, ADD COLUMN beh text, ADD COLUMN rev boolean,
                   ADD COLUMN cxl boolean;
UPDATE t_bill SET
  bill_typ = CASE WHEN end_dt IS NOT NULL AND end_dt <= rd_dt THEN 'F' ELSE 'R' END,
  bill_dt  = CASE WHEN end_dt IS NOT NULL AND end_dt <= rd_dt THEN pg_temp.bizday(end_dt + 3) ELSE pg_temp.bizday(rd_dt + 2) END,
  beh = CASE WHEN autopay_flg = 'Y' THEN 'AUTO'
             ELSE (SELECT CASE WHEN r < .86 THEN 'ONTIME' WHEN r < .92 THEN 'LATE' WHEN r < .95 THEN 'PART' ELSE 'NONE' END
                   FROM (SELECT pg_temp.rnd('beh' || acct_id || mo) AS r) z) END,
  rev = pg_temp.rnd('rev' || acct_id || mo) < .008,
  cxl = pg_temp.rnd('cx' || acct_id || mo) < .006;
-- an account's final bill can also be its last regular one if it ended on the read day
UPDATE t_bill SET cxl = false WHERE bill_typ = 'F' OR bill_dt >= '2026-10-01';
DELETE FROM t_bill WHERE bill_dt > '2026-10-31';
UPDATE t_bill SET rev = false WHERE beh IN ('NONE');
-- rebills go out a week after the cancelled original
UPDATE t_bill SET bill_dt = pg_temp.bizday(bill_dt + 7) WHERE cxl;

-- lines
CREATE TEMP TABLE t_ln AS
SELECT u.acct_id, u.mo, u.sp_id, u.cmdty, 'BSC' AS ln_typ, u.frac AS qty, rs.bsc_chg AS rate, round(rs.bsc_chg * u.frac, 2) AS amt, 1 AS ord
FROM t_use u JOIN t_bill b USING (acct_id, mo)
JOIN bill.rate_sched rs ON rs.rate_cd = u.rate_cd AND rs.eff_dt <= u.o_to AND (rs.exp_dt IS NULL OR rs.exp_dt >= u.o_to)
UNION ALL
SELECT u.acct_id, u.mo, u.sp_id, u.cmdty, 'USG', q.q, rs.t1_rate,
       round(least(q.q, coalesce(rs.t1_lim, q.q)) * rs.t1_rate + greatest(q.q - coalesce(rs.t1_lim, q.q), 0) * coalesce(rs.t2_rate, rs.t1_rate), 2),
       2
FROM t_use u JOIN t_bill b USING (acct_id, mo)
JOIN bill.rate_sched rs ON rs.rate_cd = u.rate_cd AND rs.eff_dt <= u.o_to AND (rs.exp_dt IS NULL OR rs.exp_dt >= u.o_to)
CROSS JOIN LATERAL (SELECT CASE WHEN u.cmdty = 'ELECTRIC' THEN round(u.full_cons * u.frac, 0) ELSE round(u.full_cons * u.frac, 2) END AS q) q;

CREATE TEMP TABLE t_sub AS
SELECT acct_id, mo, sum(amt) AS sub FROM t_ln GROUP BY acct_id, mo;

CREATE TEMP TABLE t_prev AS
SELECT b.acct_id, b.mo,
       lag(b.beh) OVER w AS pbeh, lag(b.rev) OVER w AS prev, lag(s.sub) OVER w AS psub
FROM t_bill b JOIN t_sub s USING (acct_id, mo)
WINDOW w AS (PARTITION BY b.acct_id ORDER BY b.bill_dt);

INSERT INTO t_ln
SELECT s.acct_id, s.mo, NULL::int, NULL::cis.commodity, 'TAX', s.sub, 0.05000, round(s.sub * 0.05, 2), 3
FROM t_sub s JOIN t_bill b USING (acct_id, mo) WHERE b.cls <> 'G'
UNION ALL
SELECT p.acct_id, p.mo, NULL, NULL, 'LPF', NULL, NULL, round(greatest(5.00, p.psub * 0.015), 2), 4
FROM t_prev p WHERE p.pbeh IN ('LATE', 'PART', 'NONE') OR p.prev
UNION ALL
SELECT b.acct_id, b.mo, NULL, NULL, 'ADJ', NULL, NULL, -round((10 + 40 * pg_temp.rnd('adj' || b.acct_id || b.mo))::numeric, 2), 5
FROM t_bill b WHERE pg_temp.rnd('adjq' || b.acct_id || b.mo) < .006;

CREATE TEMP TABLE t_tot AS
SELECT acct_id, mo, sum(amt) AS tot FROM t_ln GROUP BY acct_id, mo;

-- bill ids: cancelled originals first (dated a week earlier), then the rest
CREATE TEMP TABLE t_bh AS
SELECT x.*, 70000000 + row_number() OVER (ORDER BY x.bill_dt, x.acct_id, x.bill_stat) AS bill_id
FROM (
  SELECT b.acct_id, b.mo, 'I' AS bill_stat, b.bill_typ, b.bill_dt, b.per_from, b.per_to, b.rd_cyc, b.beh, b.rev, b.cxl, b.autopay_flg,
         t.tot
  FROM t_bill b JOIN t_tot t USING (acct_id, mo)
  UNION ALL
  SELECT b.acct_id, b.mo, 'C', b.bill_typ, pg_temp.bizday(b.rd_dt + 2), b.per_from, b.per_to, b.rd_cyc, NULL, false, false, b.autopay_flg,
         round(t.tot * 1.35, 2)
  FROM t_bill b JOIN t_tot t USING (acct_id, mo) WHERE b.cxl
) x;

CREATE TEMP TABLE t_run AS
SELECT row_number() OVER (ORDER BY mo, rd_cyc) AS run_id, rd_cyc, mo,
       min(bill_dt) AS run_dt, count(*) AS n_bills
FROM t_bh WHERE bill_typ = 'R' AND (NOT cxl OR bill_stat = 'C')
GROUP BY rd_cyc, mo;

INSERT INTO bill.bill_run (run_id, cyc_cd, bill_mo, run_dt, n_bills)
SELECT run_id, rd_cyc, mo, run_dt, n_bills FROM t_run;

-- payments (decided per bill)
CREATE TEMP TABLE t_pay AS
SELECT h.bill_id, h.acct_id, h.tot, h.bill_dt, h.bill_dt + 21 AS due_dt, h.beh, h.rev,
       CASE h.beh WHEN 'AUTO' THEN h.bill_dt + 21
                  WHEN 'ONTIME' THEN h.bill_dt + 3 + floor(pg_temp.rnd('pd' || h.bill_id) * 18)::int
                  WHEN 'LATE' THEN h.bill_dt + 23 + floor(pg_temp.rnd('pd' || h.bill_id) * 28)::int
                  WHEN 'PART' THEN h.bill_dt + 5 + floor(pg_temp.rnd('pd' || h.bill_id) * 15)::int END AS pay_dt,
       CASE WHEN h.beh = 'PART' THEN round(h.tot * (0.3 + 0.5 * pg_temp.rnd('pp' || h.bill_id))::numeric, 2) ELSE h.tot END AS pay_amt,
       CASE WHEN h.beh = 'AUTO' THEN 'AUTOPAY'
            ELSE (SELECT CASE WHEN r < .26 THEN 'LOCKBOX' WHEN r < .70 THEN 'WEB' WHEN r < .82 THEN 'IVR' WHEN r < .88 THEN 'WALKIN' ELSE 'AGENCY' END
                  FROM (SELECT pg_temp.rnd('ch' || h.bill_id) AS r) z) END AS chnl
FROM t_bh h WHERE h.bill_stat = 'I' AND h.beh <> 'NONE';

DELETE FROM t_pay WHERE pay_dt > '2026-10-31';

CREATE TEMP TABLE t_pay2 AS
SELECT p.*,
       p.pay_dt + CASE p.chnl WHEN 'LOCKBOX' THEN interval '6 hours'
                               WHEN 'AUTOPAY' THEN interval '2 hours 15 minutes'
                               WHEN 'WALKIN' THEN interval '9 hours' + (floor(pg_temp.rnd('tm' || p.bill_id) * 480) || ' minutes')::interval
                               ELSE (floor(pg_temp.rnd('tm' || p.bill_id) * 86340) || ' seconds')::interval END AS pymt_ts,
       p.rev AND p.chnl::text IN ('LOCKBOX', 'WEB', 'AUTOPAY', 'IVR') AS is_rev
FROM t_pay p;

INSERT INTO bill.pymt (pymt_id, acct_id, pymt_ts, amt_cents, chnl, batch_no, appl_bill_id, rev_ts, rev_rsn)
SELECT 880000000 + row_number() OVER (ORDER BY x.pymt_ts, x.acct_id, x.bill_id NULLS LAST),
       x.acct_id, x.pymt_ts, x.amt_cents, x.chnl::bill.pay_chnl,
       CASE x.chnl WHEN 'LOCKBOX' THEN 'LB' WHEN 'AUTOPAY' THEN 'ACH' WHEN 'WEB' THEN 'WEB' WHEN 'IVR' THEN 'IVR'
                   WHEN 'WALKIN' THEN 'CSH' ELSE 'AGY' END || to_char(x.pymt_ts, 'YYYYMMDD'),
       x.bill_id, x.rev_ts, x.rev_rsn
FROM (
  SELECT p.acct_id, p.pymt_ts, (p.pay_amt * 100)::bigint AS amt_cents, p.chnl, p.bill_id,
         CASE WHEN p.is_rev THEN p.pymt_ts + ((3 + floor(pg_temp.rnd('rv' || p.bill_id) * 5)) || ' days')::interval END AS rev_ts,
         CASE WHEN p.is_rev THEN (ARRAY['NSF','ACCOUNT CLOSED','STOP PAYMENT','CHARGEBACK'])[1 + floor(pg_temp.rnd('rr' || p.bill_id) * 4)::int] END AS rev_rsn
  FROM t_pay2 p
  UNION ALL
  -- unapplied on-account prepayments at pay stations / cashier windows
  SELECT a.acct_id,
         timestamp '2023-01-03 10:00' + (floor(pg_temp.rnd('up' || g) * 1395) || ' days')::interval
                                      + (floor(pg_temp.rnd('ut' || g) * 420) || ' minutes')::interval,
         (2000 + floor(pg_temp.rnd('ua' || g) * 18) * 500)::bigint,
         CASE WHEN pg_temp.rnd('uc' || g) < .6 THEN 'AGENCY' ELSE 'WALKIN' END, NULL, NULL, NULL
  FROM generate_series(1, 140) g
  JOIN LATERAL (SELECT acct_id FROM t_acct3 WHERE end_dt IS NULL AND start_dt < '2023-01-01'
                ORDER BY md5('ua-acct' || g || acct_id) LIMIT 1) a ON true
) x;

CREATE TEMP TABLE t_paid AS
SELECT bill_id, pay_dt FROM t_pay2 WHERE beh <> 'PART' AND NOT is_rev;

INSERT INTO bill.bill_hdr (bill_id, acct_id, run_id, bill_typ, bill_stat, bill_dt, due_dt, per_from, per_to, tot_amt, paid_dt, rebill_of)
SELECT h.bill_id, h.acct_id,
       CASE WHEN h.bill_typ = 'R' AND (NOT h.cxl OR h.bill_stat = 'C') THEN r.run_id END,
       h.bill_typ, h.bill_stat, h.bill_dt, h.bill_dt + 21, h.per_from, h.per_to, h.tot,
       pd.pay_dt,
       CASE WHEN h.cxl AND h.bill_stat = 'I' THEN (SELECT c.bill_id FROM t_bh c WHERE c.acct_id = h.acct_id AND c.mo = h.mo AND c.bill_stat = 'C') END
FROM t_bh h
LEFT JOIN t_run r ON r.rd_cyc = h.rd_cyc AND r.mo = h.mo
LEFT JOIN t_paid pd ON pd.bill_id = h.bill_id AND h.bill_stat = 'I';

INSERT INTO bill.bill_ln (bill_id, ln_no, ln_typ, sp_id, qty, rate, amt)
SELECT h.bill_id, row_number() OVER (PARTITION BY h.bill_id ORDER BY l.ord, l.sp_id), l.ln_typ, l.sp_id, l.qty, l.rate,
       CASE WHEN h.bill_stat = 'C' AND l.ln_typ = 'USG' THEN round(l.amt * 1.35, 2) ELSE l.amt END
FROM t_ln l JOIN t_bh h USING (acct_id, mo);
-- keep cancelled originals internally consistent: total = sum of lines
CREATE TEMP TABLE t_ctot AS
SELECT l.bill_id, sum(l.amt) AS s FROM bill.bill_ln l JOIN t_bh h ON h.bill_id = l.bill_id AND h.bill_stat = 'C' GROUP BY l.bill_id;

-- payment arrangements on unpaid bills
CREATE TEMP TABLE t_arr AS
SELECT h.bill_id, h.acct_id, h.tot, h.bill_dt,
       h.bill_dt + 21 + 10 + floor(pg_temp.rnd('ad' || h.bill_id) * 15)::int AS cre_dt,
       (ARRAY[3, 4, 6, 6, 12])[1 + floor(pg_temp.rnd('an' || h.bill_id) * 5)::int] AS n_inst,
       pg_temp.rnd('as' || h.bill_id) AS ras
FROM t_bh h
WHERE h.bill_stat = 'I' AND h.beh = 'NONE' AND pg_temp.rnd('arr' || h.bill_id) < .35
  AND h.bill_dt + 21 + 25 <= date '2026-10-31';

INSERT INTO bill.pay_arr (arr_id, acct_id, cre_dt, tot_owed, n_inst, inst_amt, arr_stat, brk_dt, csr_id)
SELECT 4000 + row_number() OVER (ORDER BY a.cre_dt, a.acct_id),
       a.acct_id, a.cre_dt, a.tot + round((a.tot * 0.015)::numeric, 2), a.n_inst,
       round((a.tot + round((a.tot * 0.015)::numeric, 2)) / a.n_inst, 2),
       s.st,
       CASE WHEN s.st = 'B' THEN least(date '2026-10-30', a.cre_dt + 30 * (1 + floor(pg_temp.rnd('bk' || a.bill_id) * (a.n_inst - 1))::int) + 5) END,
       (ARRAY['JMORALES','KCHEN','TBRADLEY','ASINGH','RPOWELL','LNGUYEN'])[1 + floor(pg_temp.rnd('csr' || a.bill_id) * 6)::int]
FROM t_arr a
CROSS JOIN LATERAL (
  SELECT CASE WHEN (a.cre_dt + (a.n_inst || ' months')::interval)::date > date '2026-10-31'
              THEN CASE WHEN a.ras < .8 THEN 'A' ELSE 'B' END
              ELSE CASE WHEN a.ras < .62 THEN 'K' WHEN a.ras < .95 THEN 'B' ELSE 'X' END END AS st
) s;

-- ---------------------------------------------------------------------
--  Outage tickets
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_ot AS
WITH storms AS (
  SELECT row_number() OVER () - 1 AS sk, s::timestamp AS sts FROM unnest(ARRAY[
   '2023-01-14 03:00','2023-03-09 18:00','2023-07-22 15:00','2023-11-28 22:00','2024-01-16 05:00','2024-02-04 11:00',
   '2024-06-30 16:00','2024-12-19 20:00','2025-01-07 02:00','2025-03-14 13:00','2025-08-03 17:00','2025-11-21 09:00',
   '2026-01-26 04:00','2026-04-02 19:00']) s
), g AS (
  SELECT n,
         CASE WHEN pg_temp.rnd('ocm' || n) < .74 THEN 'ELECTRIC' ELSE 'WATER' END AS cmdty,
         pg_temp.rnd('ost' || n) < .30 AS storm,
         pg_temp.rnd('odi' || n) AS rd, pg_temp.rnd('oca' || n) AS rc, pg_temp.rnd('odu' || n) AS ru,
         pg_temp.rnd('osk' || n) AS rk
  FROM generate_series(1, 1450) n
)
SELECT g.n, g.cmdty,
       CASE WHEN g.rd < .20 THEN 'N01' WHEN g.rd < .40 THEN 'S02' WHEN g.rd < .55 THEN 'E03'
            WHEN g.rd < .72 THEN 'W04' WHEN g.rd < .88 THEN 'V05' ELSE 'C06' END AS dist_cd,
       CASE WHEN g.cmdty = 'ELECTRIC' AND g.storm THEN
              (SELECT sts FROM storms WHERE sk = floor(g.rk * 14)::int) + (floor(pg_temp.rnd('osh' || n) * 2160) || ' minutes')::interval
            WHEN n > 1444 THEN timestamp '2026-10-31 05:00' + (floor(pg_temp.rnd('ots' || n) * 480) || ' minutes')::interval
            WHEN n > 1436 THEN timestamp '2026-10-29 06:00' + (floor(pg_temp.rnd('ots' || n) * 2.3 * 1440) || ' minutes')::interval
            ELSE timestamp '2023-01-01' + (floor(pg_temp.rnd('ots' || n) * 1399 * 1440) || ' minutes')::interval END AS rpt_ts0,
       CASE WHEN g.cmdty = 'ELECTRIC' AND g.storm THEN CASE WHEN g.rc < .88 THEN 10 ELSE 30 END
            WHEN g.cmdty = 'ELECTRIC' THEN CASE WHEN g.rc < .18 THEN 10 WHEN g.rc < .45 THEN 20 WHEN g.rc < .60 THEN 30
                                                WHEN g.rc < .76 THEN 40 WHEN g.rc < .86 THEN 50 WHEN g.rc < .94 THEN 60 ELSE 99 END
            ELSE CASE WHEN g.rc < .45 THEN 70 WHEN g.rc < .65 THEN 20 WHEN g.rc < .85 THEN 60 WHEN g.rc < .95 THEN 50 ELSE 99 END
       END AS cause,
       g.ru, g.storm
FROM g;

CREATE TEMP TABLE t_ot2 AS
SELECT t.*,
       CASE WHEN t.cause = 60 THEN date_trunc('day', t.rpt_ts0) + interval '8 hours' + (floor(t.ru * 120) || ' minutes')::interval
            ELSE t.rpt_ts0 END AS rpt_ts,
       round(CASE t.cause WHEN 10 THEN 90 + t.ru * t.ru * (CASE WHEN t.storm THEN 1500 ELSE 700 END)
                          WHEN 20 THEN 60 + t.ru * 360 WHEN 30 THEN 60 + t.ru * 480 WHEN 40 THEN 30 + t.ru * 150
                          WHEN 50 THEN 120 + t.ru * 600 WHEN 60 THEN 120 + t.ru * 300 WHEN 70 THEN 180 + t.ru * 720
                          ELSE 30 + t.ru * 200 END) AS dur_min,
       0.6 + 0.8 * pg_temp.rnd('etr' || t.n) AS etr_f,
       CASE WHEN t.cmdty = 'ELECTRIC' THEN greatest(1, floor(exp(pg_temp.rnd('co' || t.n) * 7.3)))
            ELSE 1 + floor(exp(pg_temp.rnd('co' || t.n) * 5.5)) END AS cust_out
FROM t_ot t;

INSERT INTO ops.outage_tkt (tkt_no, cmdty, dist_cd, rpt_ts, etr_ts, rest_ts, cause_cd, cust_out, crew_id, rpt_src, geo)
SELECT 'OT' || to_char(t.rpt_ts, 'YY') || '-' || lpad(row_number() OVER (PARTITION BY extract(year FROM t.rpt_ts) ORDER BY t.rpt_ts, t.n)::text, 5, '0'),
       t.cmdty::cis.commodity, t.dist_cd, t.rpt_ts,
       t.rpt_ts + ((round(t.dur_min * t.etr_f / 15) * 15) || ' minutes')::interval,
       CASE WHEN t.rpt_ts + (t.dur_min || ' minutes')::interval <= timestamp '2026-10-31 14:00'
            THEN t.rpt_ts + (t.dur_min || ' minutes')::interval END,
       CASE WHEN t.rpt_ts + (t.dur_min || ' minutes')::interval > timestamp '2026-10-31 14:00' AND t.cause IN (99, 20) THEN NULL
            ELSE t.cause END,
       t.cust_out,
       CASE WHEN t.cmdty = 'ELECTRIC' THEN
              CASE WHEN pg_temp.rnd('ocr' || t.n) < .8 THEN
                     CASE t.dist_cd WHEN 'N01' THEN 'L-01' WHEN 'S02' THEN 'L-02' WHEN 'E03' THEN 'L-03'
                                    WHEN 'W04' THEN 'L-04' WHEN 'V05' THEN 'L-05' ELSE 'L-06' END
                   ELSE 'L-0' || (1 + floor(pg_temp.rnd('ocx' || t.n) * 6)::int) END
            ELSE CASE WHEN t.cause = 70 AND pg_temp.rnd('ocr' || t.n) < .25 THEN 'W-04'
                      WHEN t.dist_cd IN ('N01', 'C06') THEN 'W-01' WHEN t.dist_cd IN ('S02', 'E03') THEN 'W-02' ELSE 'W-03' END
       END,
       CASE WHEN t.cause = 60 THEN 'F'
            WHEN t.cmdty = 'ELECTRIC' THEN (ARRAY['C','C','C','A','A','S'])[1 + floor(pg_temp.rnd('src' || t.n) * 6)::int]
            ELSE (ARRAY['C','C','C','S','F'])[1 + floor(pg_temp.rnd('src' || t.n) * 5)::int] END,
       CASE WHEN t.cmdty = 'ELECTRIC' THEN
              jsonb_build_object('feeder', t.dist_cd || '-F' || lpad((1 + floor(pg_temp.rnd('fdr' || t.n) * 6)::int)::text, 2, '0'),
                                 'device', (ARRAY['XFMR','FUSE','RECL','BRKR'])[1 + floor(pg_temp.rnd('dev' || t.n) * 4)::int]
                                           || '-' || lpad(floor(pg_temp.rnd('dvn' || t.n) * 100000)::int::text, 5, '0'),
                                 'lat', round((44.0 + pg_temp.rnd('olat' || t.n) * 0.45)::numeric, 4),
                                 'lon', round((-123.2 + pg_temp.rnd('olon' || t.n) * 0.35)::numeric, 4))
            ELSE jsonb_build_object('main_id', 'WM-' || lpad(floor(pg_temp.rnd('wm' || t.n) * 4000)::int::text, 4, '0'),
                                    'pzone', 'PZ' || (1 + floor(pg_temp.rnd('pz' || t.n) * 6)::int),
                                    'lat', round((44.0 + pg_temp.rnd('olat' || t.n) * 0.45)::numeric, 4),
                                    'lon', round((-123.2 + pg_temp.rnd('olon' || t.n) * 0.35)::numeric, 4)) END
FROM t_ot2 t;

-- ---------------------------------------------------------------------
--  Work orders
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_wo (
  src text, skey text, wo_typ char(2), sp_id integer, tkt_no varchar(12), crew_id varchar(5), prio smallint, wo_stat char(1),
  cre_ts timestamp, sched_dt date, start_ts timestamp, cmpl_ts timestamp, labor_hrs numeric(6,2), attrs jsonb, notes text,
  ev_mtr integer
);

-- meter exchanges and new-service installs done in the window
INSERT INTO t_wo
SELECT 'EV', e.mtr_id::text,
       CASE WHEN e.rsn = 'IN' THEN 'IN' ELSE 'MX' END,
       e.sp_id, NULL,
       CASE WHEN e.rsn = 'IN' THEN
              CASE WHEN e.cmdty = 'ELECTRIC' THEN
                     CASE e.dist_cd WHEN 'N01' THEN 'L-01' WHEN 'S02' THEN 'L-02' WHEN 'E03' THEN 'L-03' WHEN 'W04' THEN 'L-04' WHEN 'V05' THEN 'L-05' ELSE 'L-06' END
                   ELSE CASE WHEN e.dist_cd IN ('N01', 'C06') THEN 'W-01' WHEN e.dist_cd IN ('S02', 'E03') THEN 'W-02' ELSE 'W-03' END END
            WHEN e.rsn = 'AM' AND e.cmdty = 'ELECTRIC' THEN 'M-03'
            WHEN e.dist_cd IN ('N01', 'C06', 'E03') THEN 'M-01' ELSE 'M-02' END,
       CASE WHEN e.rsn IN ('FL', 'DM', 'TP') THEN 2 WHEN e.rsn = 'IN' THEN 3 ELSE 4 END,
       'C',
       (e.evt_dt - (5 + floor(pg_temp.rnd('wc' || e.mtr_id) * 35))::int) + interval '7 hours' + (floor(pg_temp.rnd('wcm' || e.mtr_id) * 600) || ' minutes')::interval,
       e.evt_dt,
       e.evt_dt + interval '8 hours' + (floor(pg_temp.rnd('ws' || e.mtr_id) * 420) || ' minutes')::interval,
       NULL,
       round((CASE WHEN e.rsn = 'IN' THEN 3 + 7 * pg_temp.rnd('lh' || e.mtr_id)
                   WHEN e.rsn = 'AM' THEN 0.4 + 0.4 * pg_temp.rnd('lh' || e.mtr_id)
                   ELSE 0.5 + 1.0 * pg_temp.rnd('lh' || e.mtr_id) END)::numeric, 2),
       NULL, NULL, e.mtr_id
FROM t_ev e WHERE e.evt_dt >= '2023-01-01';
UPDATE t_wo SET cmpl_ts = start_ts + (labor_hrs * CASE WHEN wo_typ = 'IN' THEN 0.5 ELSE 1 END || ' hours')::interval WHERE src = 'EV';
UPDATE t_wo w SET attrs = CASE WHEN w.wo_typ = 'IN' THEN jsonb_build_object('new_ser', m.ser_no)
                               ELSE jsonb_build_object('old_ser', om.ser_no, 'new_ser', m.ser_no) END
                            || CASE WHEN e.rsn = 'TP' THEN jsonb_build_object('tamper_type',
                                      (ARRAY['BYPASS','BROKEN SEAL','MAGNET','METER INVERTED'])[1 + floor(pg_temp.rnd('tt' || e.mtr_id) * 4)::int])
                                    ELSE '{}'::jsonb END,
              notes = CASE e.rsn WHEN 'AM' THEN 'AMI upgrade' WHEN 'FL' THEN 'Meter dead - replaced' WHEN 'DM' THEN 'Damaged meter replaced'
                                 WHEN 'TP' THEN 'Tamper found - meter replaced, revenue protection notified' WHEN 'RT' THEN 'Test-cycle change-out'
                                 ELSE 'New service set' END
FROM t_ev e JOIN mtr.meter m ON m.mtr_id = e.mtr_id
LEFT JOIN t_ev oe ON oe.sp_id = e.sp_id AND oe.seq = e.seq - 1
LEFT JOIN mtr.meter om ON om.mtr_id = oe.mtr_id
WHERE w.src = 'EV' AND w.ev_mtr = e.mtr_id;

-- open meter exchanges scheduled for November 2026 and cancelled AMI swaps
INSERT INTO t_wo
SELECT 'MXO', s.sp_id::text, 'MX', s.sp_id, NULL,
       CASE WHEN s.dist_cd IN ('N01', 'C06', 'E03') THEN 'M-01' ELSE 'M-02' END,
       4, CASE WHEN pg_temp.rnd('mxo' || s.sp_id) < .4 THEN 'O' ELSE 'D' END,
       timestamp '2026-10-10 08:00' + (floor(pg_temp.rnd('mxc' || s.sp_id) * 20 * 1440) || ' minutes')::interval,
       date '2026-11-02' + floor(pg_temp.rnd('mxs' || s.sp_id) * 18)::int,
       NULL, NULL, NULL, '{}'::jsonb, 'Water AMI pilot - scheduled', NULL
FROM t_sp s
WHERE s.cmdty = 'WATER' AND s.dist_cd IN ('S02', 'V05')
  AND NOT EXISTS (SELECT 1 FROM t_ev e WHERE e.sp_id = s.sp_id AND e.next_dt IS NULL AND e.ami)
  AND pg_temp.rnd('mxq' || s.sp_id) < .25;

INSERT INTO t_wo
SELECT 'MXX', s.sp_id::text, 'MX', s.sp_id, NULL, 'M-03', 4, 'X',
       timestamp '2024-03-01 08:00' + (floor(pg_temp.rnd('mxx' || s.sp_id) * 500) || ' days')::interval,
       NULL, NULL, NULL, NULL,
       jsonb_build_object('cxl_rsn', (ARRAY['NO ACCESS','CUSTOMER REFUSED','DOG ON PREMISE'])[1 + floor(pg_temp.rnd('xr' || s.sp_id) * 3)::int]),
       'AMI upgrade - not done', NULL
FROM t_sp s
WHERE s.cmdty = 'ELECTRIC' AND s.inst_dt < '2019-01-01' AND pg_temp.rnd('ami' || s.sp_id) >= .85 AND pg_temp.rnd('mxxq' || s.sp_id) < .5;

-- outage repair work orders, one per ticket
INSERT INTO t_wo
SELECT 'OR', o.tkt_no, 'OR', NULL, o.tkt_no, o.crew_id,
       CASE WHEN o.cause_cd = 60 THEN 4 WHEN o.cust_out >= 50 OR o.cause_cd = 70 THEN 1 ELSE 2 END,
       NULL,
       CASE WHEN o.cause_cd = 60 THEN o.rpt_ts - ((7 + floor(pg_temp.rnd('orp' || o.tkt_no) * 8)) || ' days')::interval
            ELSE o.rpt_ts + ((5 + floor(pg_temp.rnd('orc' || o.tkt_no) * 15)) || ' minutes')::interval END,
       o.rpt_ts::date,
       o.rpt_ts + ((20 + floor(pg_temp.rnd('ors' || o.tkt_no) * 80)) || ' minutes')::interval,
       CASE WHEN o.rest_ts IS NOT NULL THEN o.rest_ts + ((10 + floor(pg_temp.rnd('orf' || o.tkt_no) * 50)) || ' minutes')::interval END,
       NULL,
       jsonb_build_object('crew_size', 2 + floor(pg_temp.rnd('crs' || o.tkt_no) * 3)::int,
                          'mutual_assist', c.crew_typ = 'L' AND c.home_dist <> o.dist_cd),
       CASE WHEN o.cause_cd = 60 THEN 'Planned outage' ELSE 'Outage response' END, NULL
FROM ops.outage_tkt o JOIN ops.crew c USING (crew_id);
UPDATE t_wo SET start_ts = least(start_ts, cmpl_ts - interval '15 minutes') WHERE src = 'OR' AND cmpl_ts IS NOT NULL;
UPDATE t_wo SET
  cmpl_ts = CASE WHEN cmpl_ts > timestamp '2026-10-31 23:59' THEN NULL ELSE cmpl_ts END,
  wo_stat = CASE WHEN cmpl_ts IS NOT NULL AND cmpl_ts <= timestamp '2026-10-31 23:59' THEN 'C'
                 WHEN start_ts <= timestamp '2026-10-31 16:00' THEN 'W' ELSE 'D' END
WHERE src = 'OR';
UPDATE t_wo SET start_ts = NULL WHERE src = 'OR' AND wo_stat = 'D';
UPDATE t_wo SET labor_hrs = round((extract(epoch FROM cmpl_ts - start_ts) / 3600.0 * (attrs ->> 'crew_size')::int)::numeric, 2)
WHERE src = 'OR' AND wo_stat = 'C';

-- disconnects for non-payment (not for arrangements or medical-certificate customers), reconnects after payment
CREATE TEMP TABLE t_dc AS
SELECT h.bill_id, h.acct_id, a.prem_id,
       (h.bill_dt + 21 + 25 + floor(pg_temp.rnd('dcd' || h.bill_id) * 15)::int) AS dc_dt,
       (SELECT s.sp_id FROM t_sp s WHERE s.prem_id = a.prem_id ORDER BY s.k LIMIT 1) AS sp_id,
       pg_temp.rnd('dcx' || h.bill_id) AS rx
FROM t_bh h JOIN t_acct3 a USING (acct_id)
JOIN cis.cust c ON c.cust_no = a.cust_no
WHERE h.bill_stat = 'I' AND h.beh = 'NONE' AND c.med_cert = 'N'
  AND NOT EXISTS (SELECT 1 FROM t_arr r WHERE r.bill_id = h.bill_id)
  AND pg_temp.rnd('dc' || h.bill_id) < .5
  AND (a.end_dt IS NULL OR a.end_dt > h.bill_dt + 60);
DELETE FROM t_dc WHERE dc_dt - 2 > date '2026-10-31';

INSERT INTO t_wo
SELECT 'DC', d.bill_id::text, 'DC', d.sp_id, NULL,
       CASE WHEN s.dist_cd IN ('N01', 'C06', 'E03') THEN 'S-01' ELSE 'S-02' END,
       3,
       CASE WHEN d.rx < .15 THEN 'X' WHEN d.dc_dt > date '2026-10-31' THEN 'D' ELSE 'C' END,
       (d.dc_dt - 2) + interval '7 hours 30 minutes',
       d.dc_dt,
       CASE WHEN d.rx >= .15 AND d.dc_dt <= date '2026-10-31' THEN d.dc_dt + interval '9 hours' + (floor(pg_temp.rnd('dcs' || d.bill_id) * 360) || ' minutes')::interval END,
       NULL,
       NULL,
       CASE WHEN d.rx < .15 THEN jsonb_build_object('cxl_rsn', 'PAID BEFORE DISCONNECT')
            ELSE jsonb_build_object('remote', coalesce(e.ami, false)) END,
       'Non-pay disconnect', NULL
FROM t_dc d JOIN t_sp s ON s.sp_id = d.sp_id
LEFT JOIN t_ev e ON e.sp_id = d.sp_id AND e.evt_dt <= d.dc_dt AND (e.next_dt IS NULL OR e.next_dt > d.dc_dt);
UPDATE t_wo SET labor_hrs = CASE WHEN (attrs ->> 'remote')::boolean THEN 0.10 ELSE round((0.3 + 0.5 * pg_temp.rnd('dch' || skey))::numeric, 2) END,
                cmpl_ts = start_ts + CASE WHEN (attrs ->> 'remote')::boolean THEN interval '2 minutes' ELSE interval '25 minutes' END
WHERE src = 'DC' AND wo_stat = 'C';

INSERT INTO t_wo
SELECT 'RC', w.skey, 'RC', w.sp_id, NULL, w.crew_id, 2, 'C',
       w.cmpl_ts + ((1 + floor(pg_temp.rnd('rcd' || w.skey) * 6)) || ' days')::interval,
       (w.cmpl_ts + ((1 + floor(pg_temp.rnd('rcd' || w.skey) * 6)) || ' days')::interval)::date,
       w.cmpl_ts + ((1 + floor(pg_temp.rnd('rcd' || w.skey) * 6)) || ' days')::interval + ((60 + floor(pg_temp.rnd('rch' || w.skey) * 300)) || ' minutes')::interval,
       NULL,
       CASE WHEN (w.attrs ->> 'remote')::boolean THEN 0.10 ELSE round((0.3 + 0.3 * pg_temp.rnd('rcl' || w.skey))::numeric, 2) END,
       jsonb_build_object('remote', (w.attrs ->> 'remote')::boolean),
       'Reconnect after payment', NULL
FROM t_wo w
WHERE w.src = 'DC' AND w.wo_stat = 'C' AND pg_temp.rnd('rc' || w.skey) < .75;
UPDATE t_wo SET cmpl_ts = start_ts + CASE WHEN (attrs ->> 'remote')::boolean THEN interval '2 minutes' ELSE interval '20 minutes' END
WHERE src = 'RC';
DELETE FROM t_wo WHERE src = 'RC' AND cre_ts > timestamp '2026-10-31 12:00';
UPDATE t_wo SET wo_stat = 'W', cmpl_ts = NULL, labor_hrs = NULL WHERE src = 'RC' AND cmpl_ts > timestamp '2026-10-31 17:00';

-- re-reads after estimated reads on manually read meters
INSERT INTO t_wo
SELECT 'RR', r.sp_id || '-' || r.rd_dt, 'RR', r.sp_id, NULL,
       CASE WHEN r.dist_cd IN ('N01', 'C06', 'E03') THEN 'M-01' ELSE 'M-02' END,
       4, 'C',
       (r.rd_dt + 1) + interval '8 hours',
       r.rd_dt + 3,
       (r.rd_dt + 2 + floor(pg_temp.rnd('rrd' || r.sp_id || r.rd_dt) * 5)::int) + interval '9 hours' + (floor(pg_temp.rnd('rrt' || r.sp_id || r.rd_dt) * 400) || ' minutes')::interval,
       NULL,
       round((0.2 + 0.3 * pg_temp.rnd('rrl' || r.sp_id || r.rd_dt))::numeric, 2),
       '{}'::jsonb, 'Check read after estimate', NULL
FROM t_rd2 r
WHERE r.rd_cd = 3 AND NOT r.ami AND pg_temp.rnd('rr' || r.sp_id || r.rd_dt) < .30;
UPDATE t_wo SET cmpl_ts = start_ts + (labor_hrs || ' hours')::interval WHERE src = 'RR';
UPDATE t_wo SET wo_stat = 'D', start_ts = NULL, cmpl_ts = NULL, labor_hrs = NULL WHERE src = 'RR' AND start_ts > timestamp '2026-10-31 12:00';

-- leak investigations (water) and trouble calls (electric)
INSERT INTO t_wo
SELECT x.src, x.g::text, x.typ, x.sp_id, NULL, x.crew_id, 2, 'C', x.cre_ts, x.cre_ts::date,
       x.cre_ts + ((60 + floor(pg_temp.rnd('lks' || x.src || x.g) * CASE WHEN x.typ = 'LK' THEN 1740 ELSE 420 END)) || ' minutes')::interval,
       NULL,
       round((CASE WHEN x.typ = 'LK' THEN 1 + 5 * pg_temp.rnd('lkh' || x.g) ELSE 0.5 + 3.5 * pg_temp.rnd('tsh' || x.g) END)::numeric, 2),
       CASE WHEN x.typ = 'LK' THEN jsonb_build_object('leak_side', CASE WHEN pg_temp.rnd('lkside' || x.g) < .6 THEN 'CUST' ELSE 'UTIL' END,
                                                      'gpm_est', round((0.2 + 11.8 * pg_temp.rnd('gpm' || x.g))::numeric, 1))
            ELSE jsonb_build_object('issue', (ARRAY['FLICKER','PARTIAL POWER','NO POWER','LOW VOLTAGE','TREE ON LINE'])[1 + floor(pg_temp.rnd('iss' || x.g) * 5)::int]) END,
       CASE WHEN x.typ = 'LK' THEN 'Leak investigation' ELSE 'Trouble call' END, NULL
FROM (
  SELECT 'LK' AS src, 'LK' AS typ, g, s.sp_id,
         CASE WHEN s.dist_cd IN ('N01', 'C06') THEN 'W-01' WHEN s.dist_cd IN ('S02', 'E03') THEN 'W-02' ELSE 'W-03' END AS crew_id,
         greatest(timestamp '2023-01-02', s.inst_dt + interval '30 days')
           + (floor(pg_temp.rnd('lkt' || g) * extract(epoch FROM timestamp '2026-10-31 12:00' - greatest(timestamp '2023-01-02', s.inst_dt + interval '30 days')) / 60) || ' minutes')::interval AS cre_ts
  FROM generate_series(1, 300) g
  JOIN LATERAL (SELECT * FROM t_sp WHERE cmdty = 'WATER' ORDER BY md5('lk' || g || sp_id) LIMIT 1) s ON true
  UNION ALL
  SELECT 'TS', 'TS', g, s.sp_id,
         CASE s.dist_cd WHEN 'N01' THEN 'L-01' WHEN 'S02' THEN 'L-02' WHEN 'E03' THEN 'L-03' WHEN 'W04' THEN 'L-04' WHEN 'V05' THEN 'L-05' ELSE 'L-06' END,
         greatest(timestamp '2023-01-02', s.inst_dt + interval '30 days')
           + (floor(pg_temp.rnd('tst' || g) * extract(epoch FROM timestamp '2026-10-31 12:00' - greatest(timestamp '2023-01-02', s.inst_dt + interval '30 days')) / 60) || ' minutes')::interval
  FROM generate_series(1, 320) g
  JOIN LATERAL (SELECT * FROM t_sp WHERE cmdty = 'ELECTRIC' ORDER BY md5('ts' || g || sp_id) LIMIT 1) s ON true
) x;
UPDATE t_wo SET cmpl_ts = start_ts + ((labor_hrs / CASE WHEN wo_typ = 'LK' THEN 2 ELSE 1 END) || ' hours')::interval WHERE src IN ('LK', 'TS');
UPDATE t_wo SET wo_stat = CASE WHEN start_ts <= timestamp '2026-10-31 17:00' THEN 'W' ELSE 'D' END,
                start_ts = CASE WHEN start_ts <= timestamp '2026-10-31 17:00' THEN start_ts END,
                cmpl_ts = NULL, labor_hrs = NULL
WHERE src IN ('LK', 'TS') AND cmpl_ts > timestamp '2026-10-31 17:00';
UPDATE t_wo SET wo_stat = 'O', start_ts = NULL WHERE src IN ('LK', 'TS') AND wo_stat = 'D' AND cre_ts > timestamp '2026-10-31 09:00';

-- lead technician: an employed member of the crew on the day the order was created / dispatched
CREATE TEMP TABLE t_wo2 AS
SELECT w.*, 5200000 + row_number() OVER (ORDER BY w.cre_ts, w.src, w.skey) AS wo_no,
       CASE WHEN w.wo_stat = 'O' THEN NULL ELSE
         (SELECT ft."TechId" FROM ops."FieldTech" ft
           WHERE ft."CrewId" = w.crew_id
             AND ft."HireDate" <= coalesce(w.start_ts, w.cre_ts)::date
             AND (ft."TermDate" IS NULL OR ft."TermDate" >= coalesce(w.start_ts, w.cre_ts)::date)
           ORDER BY md5(w.src || w.skey || ft."TechId") LIMIT 1) END AS lead_tech
FROM t_wo w;

INSERT INTO ops.work_ord (wo_no, wo_typ, sp_id, tkt_no, crew_id, lead_tech, prio, wo_stat, cre_ts, sched_dt, start_ts, cmpl_ts, labor_hrs, attrs, notes)
SELECT wo_no, wo_typ, sp_id, tkt_no, CASE WHEN wo_stat = 'O' THEN NULL ELSE crew_id END, lead_tech, prio, wo_stat,
       date_trunc('second', cre_ts), sched_dt, date_trunc('second', start_ts), date_trunc('second', cmpl_ts),
       labor_hrs, attrs, notes
FROM t_wo2 ORDER BY wo_no;

-- meter exchange history points at its work order (final values, single pass)
CREATE TEMP TABLE t_xwo AS SELECT ev_mtr, wo_no FROM t_wo2 WHERE src = 'EV';

-- ---------------------------------------------------------------------
--  Final statuses (computed, then written once)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_dnp AS
SELECT DISTINCT ON (sp_id) sp_id, wo_typ
FROM t_wo2 WHERE wo_typ IN ('DC', 'RC') AND wo_stat = 'C'
ORDER BY sp_id, cmpl_ts DESC;

CREATE TEMP TABLE t_occ AS
SELECT DISTINCT prem_id FROM t_acct3 WHERE start_dt <= '2026-10-31' AND (end_dt IS NULL OR end_dt >= '2026-10-31');

CREATE TEMP TABLE t_spstat AS
SELECT s.sp_id,
       CASE WHEN d.wo_typ = 'DC' THEN 'DNP' WHEN o.prem_id IS NULL THEN 'OFF' ELSE 'ACT' END AS st
FROM t_sp s LEFT JOIN t_dnp d USING (sp_id) LEFT JOIN t_occ o ON o.prem_id = s.prem_id;

-- svc_pt / mtr_xchg were loaded with placeholder values: rebuild them in one pass (no dead tuples left behind)
CREATE TEMP TABLE t_svc_final AS
SELECT v.sp_id, v.prem_id, v.cmdty, v.rate_cd, st.st AS sp_stat, v.inst_dt, v.cur_mtr_id
FROM cis.svc_pt v JOIN t_spstat st USING (sp_id);
TRUNCATE cis.svc_pt;
INSERT INTO cis.svc_pt SELECT * FROM t_svc_final ORDER BY sp_id;

CREATE TEMP TABLE t_xchg_final AS
SELECT x.xchg_id, x.sp_id, x.old_mtr_id, x.new_mtr_id, x.xchg_dt, x.rsn_cd, x.old_final_rd, x.new_init_rd, w.wo_no
FROM mtr.mtr_xchg x LEFT JOIN t_xwo w ON w.ev_mtr = x.new_mtr_id;
TRUNCATE mtr.mtr_xchg;
INSERT INTO mtr.mtr_xchg SELECT * FROM t_xchg_final ORDER BY xchg_id;

-- cancelled originals: header total equals the sum of their lines
CREATE TEMP TABLE t_bh_final AS
SELECT h.bill_id, h.acct_id, h.run_id, h.bill_typ, h.bill_stat, h.bill_dt, h.due_dt, h.per_from, h.per_to,
       coalesce(c.s, h.tot_amt) AS tot_amt, h.paid_dt, h.rebill_of
FROM bill.bill_hdr h LEFT JOIN t_ctot c USING (bill_id);
TRUNCATE bill.bill_hdr;
INSERT INTO bill.bill_hdr SELECT * FROM t_bh_final ORDER BY bill_id;

CREATE TEMP TABLE t_fin AS
SELECT acct_id, bool_or(bill_typ = 'F') AS has_f, bool_or(bill_typ = 'F' AND bill_stat = 'I' AND paid_dt IS NULL) AS f_unpaid
FROM bill.bill_hdr GROUP BY acct_id;

INSERT INTO cis.acct (acct_id, cust_no, prem_id, acct_stat, start_dt, end_dt, autopay_flg, paperless, dep_amt)
SELECT a.acct_id, a.cust_no, a.prem_id,
       CASE WHEN a.start_dt > '2026-10-31' THEN 'P'
            WHEN a.end_dt IS NULL THEN 'A'
            WHEN f.f_unpaid OR f.has_f IS NOT TRUE THEN 'F'
            ELSE 'C' END,
       a.start_dt, a.end_dt, a.autopay_flg,
       pg_temp.rnd('ppl' || a.acct_id) < CASE WHEN a.start_dt >= '2020-01-01' THEN .55 ELSE .30 END,
       CASE WHEN a.cls = 'R' AND pg_temp.rnd('dep' || a.acct_id) < .15 THEN 150.00
            WHEN a.cls = 'C' AND pg_temp.rnd('dep' || a.acct_id) < .40 THEN 500.00 ELSE 0 END
FROM t_acct3 a LEFT JOIN t_fin f USING (acct_id);

INSERT INTO public.cust_merge_2019
SELECT 500000 + g * 11, 600100 + floor(pg_temp.rnd('mg' || g) * 500)::int,
       date '2019-04-01' + floor(pg_temp.rnd('mgd' || g) * 60)::int,
       (ARRAY['DBA_JT','DBA_JT','CONV_SVC'])[1 + floor(pg_temp.rnd('mgb' || g) * 3)::int]
FROM generate_series(1, 42) g;

-- ---------------------------------------------------------------------
--  Constraints & indexes (added after the load, pg_dump style)
-- ---------------------------------------------------------------------
ALTER TABLE mtr.meter ADD CONSTRAINT meter_ser_no_key UNIQUE (ser_no);
ALTER TABLE cis.premise ADD CONSTRAINT premise_dist_fk FOREIGN KEY (dist_cd) REFERENCES cis.dist (dist_cd);
ALTER TABLE cis.premise ADD CONSTRAINT premise_rd_cyc_fk FOREIGN KEY (rd_cyc) REFERENCES bill.bill_cyc (cyc_cd);
ALTER TABLE cis.acct ADD CONSTRAINT acct_cust_fk FOREIGN KEY (cust_no) REFERENCES cis.cust (cust_no);
ALTER TABLE cis.acct ADD CONSTRAINT acct_prem_fk FOREIGN KEY (prem_id) REFERENCES cis.premise (prem_id);
ALTER TABLE cis.svc_pt ADD CONSTRAINT svc_pt_prem_fk FOREIGN KEY (prem_id) REFERENCES cis.premise (prem_id);
ALTER TABLE cis.svc_pt ADD CONSTRAINT svc_pt_cur_mtr_fk FOREIGN KEY (cur_mtr_id) REFERENCES mtr.meter (mtr_id);
ALTER TABLE mtr.mtr_xchg ADD CONSTRAINT mtr_xchg_sp_fk FOREIGN KEY (sp_id) REFERENCES cis.svc_pt (sp_id);
ALTER TABLE mtr.mtr_xchg ADD CONSTRAINT mtr_xchg_old_fk FOREIGN KEY (old_mtr_id) REFERENCES mtr.meter (mtr_id);
ALTER TABLE mtr.mtr_xchg ADD CONSTRAINT mtr_xchg_new_fk FOREIGN KEY (new_mtr_id) REFERENCES mtr.meter (mtr_id);
ALTER TABLE mtr.rd_hist ADD CONSTRAINT rd_hist_sp_fk FOREIGN KEY (sp_id) REFERENCES cis.svc_pt (sp_id);
ALTER TABLE mtr.rd_hist ADD CONSTRAINT rd_hist_mtr_fk FOREIGN KEY (mtr_id) REFERENCES mtr.meter (mtr_id);
ALTER TABLE bill.bill_run ADD CONSTRAINT bill_run_cyc_fk FOREIGN KEY (cyc_cd) REFERENCES bill.bill_cyc (cyc_cd);
ALTER TABLE bill.bill_hdr ADD CONSTRAINT bill_hdr_acct_fk FOREIGN KEY (acct_id) REFERENCES cis.acct (acct_id);
ALTER TABLE bill.bill_hdr ADD CONSTRAINT bill_hdr_run_fk FOREIGN KEY (run_id) REFERENCES bill.bill_run (run_id);
ALTER TABLE bill.bill_hdr ADD CONSTRAINT bill_hdr_rebill_fk FOREIGN KEY (rebill_of) REFERENCES bill.bill_hdr (bill_id);
ALTER TABLE bill.bill_ln ADD CONSTRAINT bill_ln_bill_fk FOREIGN KEY (bill_id) REFERENCES bill.bill_hdr (bill_id);
ALTER TABLE bill.bill_ln ADD CONSTRAINT bill_ln_sp_fk FOREIGN KEY (sp_id) REFERENCES cis.svc_pt (sp_id);
ALTER TABLE bill.pymt ADD CONSTRAINT pymt_acct_fk FOREIGN KEY (acct_id) REFERENCES cis.acct (acct_id);
ALTER TABLE bill.pay_arr ADD CONSTRAINT pay_arr_acct_fk FOREIGN KEY (acct_id) REFERENCES cis.acct (acct_id);
ALTER TABLE ops.crew ADD CONSTRAINT crew_dist_fk FOREIGN KEY (home_dist) REFERENCES cis.dist (dist_cd);
ALTER TABLE ops."FieldTech" ADD CONSTRAINT "FieldTech_CrewId_fkey" FOREIGN KEY ("CrewId") REFERENCES ops.crew (crew_id);
ALTER TABLE ops.outage_tkt ADD CONSTRAINT outage_tkt_dist_fk FOREIGN KEY (dist_cd) REFERENCES cis.dist (dist_cd);
ALTER TABLE ops.outage_tkt ADD CONSTRAINT outage_tkt_crew_fk FOREIGN KEY (crew_id) REFERENCES ops.crew (crew_id);
ALTER TABLE ops.work_ord ADD CONSTRAINT work_ord_sp_fk FOREIGN KEY (sp_id) REFERENCES cis.svc_pt (sp_id);
ALTER TABLE ops.work_ord ADD CONSTRAINT work_ord_crew_fk FOREIGN KEY (crew_id) REFERENCES ops.crew (crew_id);
ALTER TABLE ops.work_ord ADD CONSTRAINT work_ord_tech_fk FOREIGN KEY (lead_tech) REFERENCES ops."FieldTech" ("TechId");

CREATE INDEX ix_acct_cust ON cis.acct (cust_no);
CREATE INDEX ix_acct_prem ON cis.acct (prem_id);
CREATE INDEX ix_svc_pt_prem ON cis.svc_pt (prem_id);
CREATE INDEX ix_mtr_xchg_sp ON mtr.mtr_xchg (sp_id);
CREATE INDEX ix_rd_hist_sp_dt ON mtr.rd_hist (sp_id, rd_dt);
CREATE INDEX ix_bhdr_acct ON bill.bill_hdr (acct_id);
CREATE INDEX ix_bhdr_bill_dt ON bill.bill_hdr (bill_dt);
CREATE INDEX ix_pymt_acct ON bill.pymt (acct_id);
CREATE INDEX ix_pymt_batch ON bill.pymt (batch_no);
CREATE INDEX ix_wo_sp ON ops.work_ord (sp_id);
CREATE INDEX ix_wo_open ON ops.work_ord (crew_id) WHERE wo_stat IN ('O', 'D', 'W');
CREATE INDEX ix_outage_rpt_ts ON ops.outage_tkt (rpt_ts);

-- ---------------------------------------------------------------------
--  Views
-- ---------------------------------------------------------------------
CREATE VIEW bill.v_acct_bal AS
SELECT a.acct_id, a.cust_no, a.acct_stat,
       coalesce(b.billed, 0) AS billed,
       coalesce(p.paid, 0) AS paid,
       coalesce(b.billed, 0) - coalesce(p.paid, 0) AS bal
FROM cis.acct a
LEFT JOIN (SELECT acct_id, sum(tot_amt) AS billed FROM bill.bill_hdr WHERE bill_stat = 'I' GROUP BY acct_id) b USING (acct_id)
LEFT JOIN (SELECT acct_id, sum(amt_cents) / 100.0 AS paid FROM bill.pymt WHERE rev_ts IS NULL GROUP BY acct_id) p USING (acct_id);
COMMENT ON VIEW bill.v_acct_bal IS 'Receivable balance per account since the Jan-2023 AR conversion: valid bills minus payments that were not reversed. Positive = customer owes money.';

CREATE VIEW ops.v_open_wo AS
SELECT w.wo_no, w.wo_typ, w.wo_stat, w.prio, w.crew_id, w.lead_tech, w.cre_ts, w.sched_dt, w.sp_id, w.tkt_no
FROM ops.work_ord w WHERE w.wo_stat IN ('O', 'D', 'W');
COMMENT ON VIEW ops.v_open_wo IS 'Work orders not yet completed or cancelled (dispatch board).';

CREATE MATERIALIZED VIEW mtr.mv_cons_mo AS
SELECT p.dist_cd, s.cmdty, date_trunc('month', r.rd_dt)::date AS mo,
       count(*) AS n_rd, sum(r.cons) AS tot_cons, count(*) FILTER (WHERE r.rd_cd = 3) AS n_est
FROM mtr.rd_hist r JOIN cis.svc_pt s USING (sp_id) JOIN cis.premise p USING (prem_id)
GROUP BY 1, 2, 3;
COMMENT ON MATERIALIZED VIEW mtr.mv_cons_mo IS 'Monthly consumption by district and commodity (kWh / kgal), with count of estimated reads. Refreshed by the nightly batch.';

ANALYZE;

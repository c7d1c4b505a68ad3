-- =====================================================================
--  Corran & Whitlock Construction Ltd — "CWC Ops" operational database
--  Regional main contractor (North West, Yorkshire, East & West Midlands).
--  Snapshot taken at close of business Thursday 12 June 2025.
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA crm;
CREATE SCHEMA proj;
CREATE SCHEMA comm;
CREATE SCHEMA supply;
CREATE SCHEMA plant;
CREATE SCHEMA labour;
CREATE SCHEMA hse;
CREATE SCHEMA qa;

COMMENT ON SCHEMA crm    IS 'Clients (employers under our building contracts)';
COMMENT ON SCHEMA proj   IS 'Projects, sites and our own office / site management staff';
COMMENT ON SCHEMA comm   IS 'Commercial: main contracts, variations (change orders), monthly valuations / payment applications';
COMMENT ON SCHEMA supply IS 'Supply chain: trades, subcontractors and their packages, suppliers, purchase orders, supplier invoices';
COMMENT ON SCHEMA plant  IS 'Hired-in plant and equipment';
COMMENT ON SCHEMA labour IS 'Site workforce, competency cards / certificates, weekly timesheets';
COMMENT ON SCHEMA hse    IS 'Health, safety and environment: site inspections and incidents';
COMMENT ON SCHEMA qa     IS 'Quality: snagging and defects';

-- deterministic pseudo-random helpers (session only, dropped at the end of the load)
CREATE FUNCTION pg_temp.h(k text) RETURNS numeric
LANGUAGE sql IMMUTABLE AS
$$ SELECT round(('x' || substr(md5('cwc:' || k), 9, 8))::bit(32)::bigint / 4294967296.0, 9) $$;

CREATE FUNCTION pg_temp.pick(a text[], k text) RETURNS text
LANGUAGE sql IMMUTABLE AS
$$ SELECT a[1 + floor(pg_temp.h(k) * array_length(a, 1))::int] $$;

-- ---------------------------------------------------------------------
-- types
-- ---------------------------------------------------------------------
CREATE TYPE proj.sector_t AS ENUM
  ('residential','education','healthcare','commercial','industrial','civils','leisure');

CREATE TYPE hse.inc_category AS ENUM
  ('slip_trip_fall','fall_from_height','struck_by_object','manual_handling','plant_vehicle',
   'electrical','cut_laceration','fire','environmental','other');

-- ---------------------------------------------------------------------
-- proj.staff, crm.client
-- ---------------------------------------------------------------------
CREATE TABLE proj.staff (
    staff_id    smallserial PRIMARY KEY,
    full_name   varchar(60) NOT NULL,
    role_cd     char(2) NOT NULL,
    region_cd   char(2) NOT NULL,
    email       varchar(120) NOT NULL UNIQUE,
    mobile      varchar(15),
    joined_on   date NOT NULL,
    left_on     date
);
COMMENT ON TABLE  proj.staff IS 'Our own salaried staff (office and site management). Site operatives are in labour.worker';
COMMENT ON COLUMN proj.staff.role_cd IS 'PM = project manager, QS = quantity surveyor, SM = site manager, HS = health & safety advisor, CM = contracts manager, BU = buyer';
COMMENT ON COLUMN proj.staff.region_cd IS 'Home region: NW = North West (Bolton office), YH = Yorkshire & Humber (Leeds), EM = East Midlands (Nottingham), WM = West Midlands (Birmingham)';
COMMENT ON COLUMN proj.staff.left_on IS 'Last day of employment; NULL = still with us';

CREATE TABLE crm.client (
    client_id       serial PRIMARY KEY,
    client_nm       varchar(100) NOT NULL UNIQUE,
    client_type     char(2) NOT NULL,
    region_cd       char(2) NOT NULL,
    "AccountsEmail" varchar(120),
    credit_chk_dt   date,
    on_stop         boolean NOT NULL DEFAULT false,
    created_on      date NOT NULL
);
COMMENT ON COLUMN crm.client.client_type IS 'PV = private developer, HA = housing association, LA = local authority, ED = education (academy trust, college, university), HC = health / care, CO = commercial or industrial owner / investor';
COMMENT ON COLUMN crm.client."AccountsEmail" IS 'Where applications for payment are sent (imported from the old Sage system)';
COMMENT ON COLUMN crm.client.credit_chk_dt IS 'Date of the last credit check on the client';
COMMENT ON COLUMN crm.client.on_stop IS 'Commercial director has stopped new tenders for this client (slow payer / dispute)';

-- ---------------------------------------------------------------------
-- proj
-- ---------------------------------------------------------------------
CREATE TABLE proj.project (
    proj_id        serial PRIMARY KEY,
    proj_code      varchar(10) NOT NULL UNIQUE,
    proj_name      varchar(120) NOT NULL,
    client_id      int NOT NULL REFERENCES crm.client,
    sector         proj.sector_t NOT NULL,
    region_cd      char(2) NOT NULL,
    town           varchar(40) NOT NULL,
    pm_id          smallint REFERENCES proj.staff,
    qs_id          smallint REFERENCES proj.staff,
    tender_due     date NOT NULL,
    est_value      numeric(14,2) NOT NULL,
    start_dt       date NOT NULL,
    plan_compl_dt  date NOT NULL,
    status_cd      char(1) NOT NULL,
    attrs          jsonb
);
COMMENT ON TABLE  proj.project IS 'Every job we tendered for since 2019, won or lost';
COMMENT ON COLUMN proj.project.est_value IS 'Our tender price (GBP, excl. VAT). The signed figure is comm.contract.contract_sum';
COMMENT ON COLUMN proj.project.start_dt IS 'Start on site (planned, or actual once started)';
COMMENT ON COLUMN proj.project.plan_compl_dt IS 'Completion date in our tender programme';
COMMENT ON COLUMN proj.project.status_cd IS 'T = at tender, X = tender lost / not proceeding, W = won (pre-construction, not yet on site), L = live on site, P = practical completion reached (in defects period), C = closed (defects period over, final account settled)';
COMMENT ON COLUMN proj.project.attrs IS 'Scheme facts: gia_m2 (gross internal floor area), storeys, units (dwellings), breeam (target rating), framework (procurement framework, public clients)';

CREATE TABLE proj.site (
    site_id     serial PRIMARY KEY,
    proj_id     int NOT NULL REFERENCES proj.project,
    site_code   varchar(12) NOT NULL UNIQUE,
    site_name   varchar(120) NOT NULL,
    postcode    varchar(8),
    site_mgr_id smallint REFERENCES proj.staff,
    opened_on   date NOT NULL,
    closed_on   date
);
COMMENT ON COLUMN proj.site.closed_on IS 'Site cabins removed / site handed over; NULL = site still set up';

-- ---------------------------------------------------------------------
-- comm
-- ---------------------------------------------------------------------
CREATE TABLE comm.contract (
    contract_id    serial PRIMARY KEY,
    proj_id        int NOT NULL UNIQUE REFERENCES proj.project,
    contract_ref   varchar(20) NOT NULL,
    form_cd        varchar(3) NOT NULL,
    contract_sum   numeric(14,2) NOT NULL,
    ret_pct        numeric(4,2) NOT NULL,
    pay_terms_days smallint NOT NULL,
    lad_wk_amt     numeric(10,2),
    dlp_months     smallint NOT NULL DEFAULT 12,
    signed_on      date,
    poss_dt        date NOT NULL,
    compl_due      date NOT NULL,
    pc_dt          date,
    mgd_cert_dt    date,
    fa_agreed_amt  numeric(14,2)
);
COMMENT ON TABLE  comm.contract IS 'Main building contract with the client (one per won project)';
COMMENT ON COLUMN comm.contract.form_cd IS 'Form of contract: JDB = JCT Design and Build 2016, JSB = JCT Standard Building Contract, JMW = JCT Minor Works, NEA = NEC4 ECC Option A (priced, activity schedule), NEC = NEC4 ECC Option C (target cost)';
COMMENT ON COLUMN comm.contract.contract_sum IS 'Original contract sum as signed, excl. VAT and excl. variations';
COMMENT ON COLUMN comm.contract.ret_pct IS 'Retention percentage the client deducts from each valuation; half is released at practical completion, the rest at the end of the defects period';
COMMENT ON COLUMN comm.contract.pay_terms_days IS 'Days from valuation date to the final date for payment';
COMMENT ON COLUMN comm.contract.lad_wk_amt IS 'Liquidated and ascertained damages (LADs) per week of late completion';
COMMENT ON COLUMN comm.contract.dlp_months IS 'Defects liability (rectification) period after practical completion, months';
COMMENT ON COLUMN comm.contract.signed_on IS 'Date both parties signed; NULL = working under a letter of intent';
COMMENT ON COLUMN comm.contract.poss_dt IS 'Date of possession of the site';
COMMENT ON COLUMN comm.contract.compl_due IS 'Contractual completion date (before any extension of time)';
COMMENT ON COLUMN comm.contract.pc_dt IS 'Practical completion certified; NULL = not yet reached';
COMMENT ON COLUMN comm.contract.mgd_cert_dt IS 'Certificate of making good defects (end of defects period); NULL = not yet issued';
COMMENT ON COLUMN comm.contract.fa_agreed_amt IS 'Final account value agreed with the client; NULL until agreed';

CREATE TABLE comm.variation (
    var_id       serial PRIMARY KEY,
    contract_id  int NOT NULL REFERENCES comm.contract,
    var_no       smallint NOT NULL,
    var_title    varchar(150) NOT NULL,
    origin_cd    char(1) NOT NULL,
    notified_on  date NOT NULL,
    submitted_on date,
    quoted_amt   numeric(12,2),
    status_cd    char(1) NOT NULL,
    agreed_amt   numeric(12,2),
    decided_on   date,
    eot_days     smallint,
    UNIQUE (contract_id, var_no)
);
COMMENT ON TABLE  comm.variation IS 'Variations / change orders (VOs; NEC: compensation events) on the main contract';
COMMENT ON COLUMN comm.variation.origin_cd IS 'C = client instruction / change of scope, D = design development or design team error, U = unforeseen site conditions (ground, services, asbestos), R = regulatory / building control requirement';
COMMENT ON COLUMN comm.variation.submitted_on IS 'Date our quotation went to the client';
COMMENT ON COLUMN comm.variation.quoted_amt IS 'Our quoted price for the change (can be negative for omissions)';
COMMENT ON COLUMN comm.variation.status_cd IS 'N = notified, not yet priced; S = quotation submitted, awaiting client decision; A = approved / instructed; R = rejected by client; W = withdrawn by us';
COMMENT ON COLUMN comm.variation.agreed_amt IS 'Value agreed with the client; only set when status is A';
COMMENT ON COLUMN comm.variation.decided_on IS 'Date the client approved or rejected (or we withdrew)';
COMMENT ON COLUMN comm.variation.eot_days IS 'Extension of time granted, calendar days (approved variations only)';

CREATE TABLE comm.valuation (
    val_id        serial PRIMARY KEY,
    contract_id   int NOT NULL REFERENCES comm.contract,
    val_no        smallint NOT NULL,
    val_dt        date NOT NULL,
    gross_applied numeric(14,2) NOT NULL,
    gross_cert    numeric(14,2),
    ret_held      numeric(14,2),
    net_due       numeric(14,2),
    cert_dt       date,
    due_dt        date NOT NULL,
    paid_dt       date,
    paid_amt      numeric(14,2),
    status_cd     char(1) NOT NULL,
    UNIQUE (contract_id, val_no)
);
COMMENT ON TABLE  comm.valuation IS 'Monthly interim valuations (our application for payment and the client''s certificate / payment notice)';
COMMENT ON COLUMN comm.valuation.val_dt IS 'Valuation date (the 25th of each month)';
COMMENT ON COLUMN comm.valuation.gross_applied IS 'Cumulative gross value of work done that we applied for, to date';
COMMENT ON COLUMN comm.valuation.gross_cert IS 'Cumulative gross value certified by the client''s QS / contract administrator; NULL until certified';
COMMENT ON COLUMN comm.valuation.ret_held IS 'Cumulative retention the client is holding at this valuation (gross_cert x ret_pct; halved after practical completion, zero after making good defects)';
COMMENT ON COLUMN comm.valuation.net_due IS 'Amount due this period: (gross_cert - ret_held) minus the same figure at the previous valuation';
COMMENT ON COLUMN comm.valuation.due_dt IS 'Final date for payment';
COMMENT ON COLUMN comm.valuation.status_cd IS 'D = draft (being prepared), S = application submitted, not yet certified; C = certified, awaiting payment; P = paid; X = disputed (pay less notice issued)';

-- ---------------------------------------------------------------------
-- supply
-- ---------------------------------------------------------------------
CREATE TABLE supply.trade (
    trade_cd   char(3) PRIMARY KEY,
    trade_name varchar(60) NOT NULL,
    prog_seq   smallint NOT NULL
);
COMMENT ON COLUMN supply.trade.prog_seq IS 'Typical order of the trade in the build programme (1 = first on site)';

CREATE TABLE supply.subcontractor (
    sub_id       serial PRIMARY KEY,
    sub_nm       varchar(100) NOT NULL UNIQUE,
    trade_cd     char(3) NOT NULL REFERENCES supply.trade,
    region_cd    char(2) NOT NULL,
    cis_cd       char(1) NOT NULL,
    "CISVerifNo" varchar(15),
    ins_exp_dt   date,
    approved_yn  boolean NOT NULL DEFAULT true,
    rating       smallint,
    created_on   date NOT NULL
);
COMMENT ON COLUMN supply.subcontractor.cis_cd IS 'Construction Industry Scheme tax status: G = gross payment (no deduction), N = net, standard 20% deduction, H = higher rate 30% deduction (not registered / unverified)';
COMMENT ON COLUMN supply.subcontractor."CISVerifNo" IS 'HMRC CIS verification reference';
COMMENT ON COLUMN supply.subcontractor.ins_exp_dt IS 'Expiry of the subcontractor''s public / employer''s liability insurance certificate we hold on file';
COMMENT ON COLUMN supply.subcontractor.approved_yn IS 'On our approved supply-chain list (pre-qualification passed)';
COMMENT ON COLUMN supply.subcontractor.rating IS 'Performance rating from our last review, 1 = poor … 5 = excellent; NULL = not yet reviewed';

CREATE TABLE supply.trade_pkg (
    pkg_id     serial PRIMARY KEY,
    proj_id    int NOT NULL REFERENCES proj.project,
    trade_cd   char(3) NOT NULL REFERENCES supply.trade,
    sub_id     int REFERENCES supply.subcontractor,
    pkg_ref    varchar(16) NOT NULL UNIQUE,
    order_val  numeric(12,2) NOT NULL,
    let_on     date,
    status_cd  char(1) NOT NULL,
    ret_pct    numeric(4,2) NOT NULL DEFAULT 5,
    fa_val     numeric(12,2),
    UNIQUE (proj_id, trade_cd)
);
COMMENT ON TABLE  supply.trade_pkg IS 'Trade packages: the work on a project we sublet to one subcontractor per trade';
COMMENT ON COLUMN supply.trade_pkg.order_val IS 'Subcontract order value (budget figure while still out to tender), excl. VAT';
COMMENT ON COLUMN supply.trade_pkg.let_on IS 'Date the subcontract order was placed; NULL while tendering';
COMMENT ON COLUMN supply.trade_pkg.status_cd IS 'T = out to tender (not yet let), L = let / work in progress, C = complete, final account agreed, X = terminated (subcontractor removed or went into administration)';
COMMENT ON COLUMN supply.trade_pkg.fa_val IS 'Agreed subcontract final account; NULL until agreed';

CREATE TABLE supply.supplier (
    supplier_id    serial PRIMARY KEY,
    supp_nm        varchar(100) NOT NULL UNIQUE,
    cat_cd         char(3) NOT NULL,
    pay_terms_days smallint NOT NULL DEFAULT 30,
    on_stop        boolean NOT NULL DEFAULT false,
    acct_opened    date NOT NULL,
    email          varchar(120)
);
COMMENT ON COLUMN supply.supplier.cat_cd IS 'MAT = materials (merchants, concrete, steel, timber, bricks), PLT = plant / equipment hire, SRV = services (waste, surveys, security, testing), CON = consumables and PPE';
COMMENT ON COLUMN supply.supplier.on_stop IS 'Supplier has put OUR account on stop (we cannot order)';

CREATE TABLE supply.purchase_order (
    po_id       serial PRIMARY KEY,
    po_no       varchar(10) NOT NULL,
    proj_id     int NOT NULL REFERENCES proj.project,
    supplier_id int NOT NULL REFERENCES supply.supplier,
    raised_by   smallint REFERENCES proj.staff,
    raised_on   date NOT NULL,
    reqd_dt     date,
    cost_cd     char(3) NOT NULL,
    descr       varchar(120),
    po_val      numeric(12,2) NOT NULL,
    po_status   char(1) NOT NULL
);
COMMENT ON COLUMN supply.purchase_order.reqd_dt IS 'Delivery / required-on-site date';
COMMENT ON COLUMN supply.purchase_order.cost_cd IS 'Cost code: PRE = preliminaries (site set-up, welfare, security), SUB = substructure, FRM = frame, ENV = envelope (roof, walls, windows), FIT = internal fit-out, SVC = building services, EXT = external works, PLT = plant hire';
COMMENT ON COLUMN supply.purchase_order.po_val IS 'Order value excl. VAT';
COMMENT ON COLUMN supply.purchase_order.po_status IS 'D = draft (not yet sent), O = open / sent to supplier, P = part invoiced, C = closed (fully invoiced), X = cancelled';

CREATE TABLE supply.supplier_invoice (
    sinv_id      serial PRIMARY KEY,
    supplier_id  int NOT NULL REFERENCES supply.supplier,
    po_id        int REFERENCES supply.purchase_order,
    supp_inv_ref varchar(24) NOT NULL,
    inv_dt       date NOT NULL,
    recvd_dt     date NOT NULL,
    net_amt      numeric(12,2) NOT NULL,
    vat_amt      numeric(12,2) NOT NULL,
    due_dt       date NOT NULL,
    match_cd     char(1) NOT NULL,
    approved_on  date,
    paid_on      date
);
COMMENT ON TABLE  supply.supplier_invoice IS 'Purchase ledger: invoices received from suppliers (subcontractor payments run through the CIS payroll, not here)';
COMMENT ON COLUMN supply.supplier_invoice.recvd_dt IS 'Date the invoice reached accounts payable';
COMMENT ON COLUMN supply.supplier_invoice.match_cd IS 'Three-way match result: M = matched to PO and delivery, V = price / quantity variance against the PO (with the buyer), U = no purchase order quoted, H = on hold, disputed with the supplier';
COMMENT ON COLUMN supply.supplier_invoice.approved_on IS 'Approved for payment by the project QS; NULL = not approved';
COMMENT ON COLUMN supply.supplier_invoice.paid_on IS 'Paid in a payment run; NULL = unpaid';

-- ---------------------------------------------------------------------
-- plant
-- ---------------------------------------------------------------------
CREATE TABLE plant.plant_cat (
    cat_cd      varchar(5) PRIMARY KEY,
    cat_name    varchar(60) NOT NULL,
    lifting_yn  boolean NOT NULL DEFAULT false,
    operated_yn boolean NOT NULL DEFAULT false
);
COMMENT ON COLUMN plant.plant_cat.lifting_yn IS 'Lifting equipment: needs LOLER thorough examination certificate';
COMMENT ON COLUMN plant.plant_cat.operated_yn IS 'Normally hired with an operator (rate includes the operator)';

CREATE TABLE plant.hire (
    hire_id      serial PRIMARY KEY,
    hire_ref     varchar(14) NOT NULL UNIQUE,
    proj_id      int NOT NULL REFERENCES proj.project,
    site_id      int REFERENCES proj.site,
    cat_cd       varchar(5) NOT NULL REFERENCES plant.plant_cat,
    supplier_id  int NOT NULL REFERENCES supply.supplier,
    descr        varchar(100),
    on_hire_dt   date NOT NULL,
    est_off_dt   date,
    off_hire_dt  date,
    offhire_ref  varchar(14),
    day_rate     numeric(8,2) NOT NULL,
    po_no        varchar(10),
    hire_status  char(1) NOT NULL
);
COMMENT ON TABLE  plant.hire IS 'Plant and equipment hired in from plant hire companies. Charged per calendar day from on-hire up to (not including) the off-hire date';
COMMENT ON COLUMN plant.hire.hire_ref IS 'Hire company''s contract number';
COMMENT ON COLUMN plant.hire.est_off_dt IS 'Expected off-hire date given when booking';
COMMENT ON COLUMN plant.hire.off_hire_dt IS 'Date we called it off hire; NULL = still on hire (or not yet delivered)';
COMMENT ON COLUMN plant.hire.offhire_ref IS 'Off-hire number given by the hire company when we call it off';
COMMENT ON COLUMN plant.hire.day_rate IS 'Hire rate per calendar day, GBP excl. VAT';
COMMENT ON COLUMN plant.hire.po_no IS 'Purchase order number the hire is charged against (supply.purchase_order.po_no)';
COMMENT ON COLUMN plant.hire.hire_status IS 'B = booked (future delivery), O = on hire, F = off hired';

-- ---------------------------------------------------------------------
-- labour
-- ---------------------------------------------------------------------
CREATE TABLE labour.worker (
    worker_id   serial PRIMARY KEY,
    first_nm    varchar(40) NOT NULL,
    last_nm     varchar(40) NOT NULL,
    emp_type    char(1) NOT NULL,
    sub_id      int REFERENCES supply.subcontractor,
    agency_nm   varchar(60),
    trade_cd    char(3) REFERENCES supply.trade,
    cscs_no     varchar(10),
    "NINumber"  varchar(9),
    dob         date,
    home_region char(2) NOT NULL,
    hourly_rate numeric(6,2),
    start_dt    date NOT NULL,
    end_dt      date,
    mobile      varchar(15)
);
COMMENT ON TABLE  labour.worker IS 'Everyone inducted onto our sites: our direct operatives, agency labour and subcontractors'' operatives';
COMMENT ON COLUMN labour.worker.emp_type IS 'D = direct employee (our payroll), A = agency worker, S = subcontractor''s operative';
COMMENT ON COLUMN labour.worker.sub_id IS 'Employer, for subcontractor operatives (emp_type S)';
COMMENT ON COLUMN labour.worker.agency_nm IS 'Labour agency, for agency workers (emp_type A)';
COMMENT ON COLUMN labour.worker.cscs_no IS 'CSCS card number (site access card)';
COMMENT ON COLUMN labour.worker."NINumber" IS 'National Insurance number (direct and agency only)';
COMMENT ON COLUMN labour.worker.hourly_rate IS 'Basic hourly cost to us (direct: pay rate incl. on-costs; agency: agency charge rate). Overtime is paid at 1.5x. NULL for subcontractor operatives';
COMMENT ON COLUMN labour.worker.end_dt IS 'Left us / last day on our sites; NULL = current';

CREATE TABLE labour.cert_type (
    cert_cd      varchar(6) PRIMARY KEY,
    cert_name    varchar(80) NOT NULL,
    valid_yrs    smallint,
    issuing_body varchar(40)
);
COMMENT ON COLUMN labour.cert_type.valid_yrs IS 'Years a certificate stays valid; NULL = does not expire';

CREATE TABLE labour.worker_cert (
    wc_id       serial PRIMARY KEY,
    worker_id   int NOT NULL REFERENCES labour.worker,
    cert_cd     varchar(6) NOT NULL REFERENCES labour.cert_type,
    cert_no     varchar(20),
    issued_on   date NOT NULL,
    expires_on  date,
    verified_on date,
    UNIQUE (worker_id, cert_cd)
);
COMMENT ON TABLE  labour.worker_cert IS 'Current card / certificate held by each worker (a renewal overwrites the old row)';
COMMENT ON COLUMN labour.worker_cert.expires_on IS 'NULL = certificate does not expire';
COMMENT ON COLUMN labour.worker_cert.verified_on IS 'Date checked against the issuing body''s online register; NULL = never verified';

CREATE TABLE labour.timesheet (
    ts_id        bigserial,
    worker_id    int NOT NULL REFERENCES labour.worker,
    proj_id      int NOT NULL REFERENCES proj.project,
    week_ending  date NOT NULL,
    hrs_norm     numeric(4,1) NOT NULL,
    hrs_ot       numeric(4,1) NOT NULL DEFAULT 0,
    day_hrs      jsonb,
    ts_status    char(1) NOT NULL,
    submitted_at timestamp,
    approved_by  smallint REFERENCES proj.staff,
    approved_at  timestamp,
    pr_run_no    int,
    PRIMARY KEY (ts_id, week_ending),
    UNIQUE (worker_id, proj_id, week_ending)
) PARTITION BY RANGE (week_ending);
COMMENT ON TABLE  labour.timesheet IS 'Weekly timesheets of direct and agency operatives, one row per worker per project per week (partitioned by year)';
COMMENT ON COLUMN labour.timesheet.week_ending IS 'Sunday that ends the timesheet week';
COMMENT ON COLUMN labour.timesheet.hrs_norm IS 'Normal (basic) hours';
COMMENT ON COLUMN labour.timesheet.hrs_ot IS 'Overtime hours, paid at time and a half';
COMMENT ON COLUMN labour.timesheet.day_hrs IS 'Hours by day as keyed in on the site tablet, e.g. {"mon": 7.8, ..., "sat": 4}';
COMMENT ON COLUMN labour.timesheet.ts_status IS 'D = draft (week still running), S = submitted, awaiting site manager approval, A = approved, R = rejected';
COMMENT ON COLUMN labour.timesheet.pr_run_no IS 'Payroll / agency payment run that paid the hours (yyyyww); NULL = not yet paid';

CREATE TABLE labour.timesheet_2021 PARTITION OF labour.timesheet FOR VALUES FROM ('2021-01-01') TO ('2022-01-01');
CREATE TABLE labour.timesheet_2022 PARTITION OF labour.timesheet FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE labour.timesheet_2023 PARTITION OF labour.timesheet FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE labour.timesheet_2024 PARTITION OF labour.timesheet FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE labour.timesheet_2025 PARTITION OF labour.timesheet FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');

-- ---------------------------------------------------------------------
-- hse
-- ---------------------------------------------------------------------
CREATE TABLE hse.inspection (
    insp_id      serial PRIMARY KEY,
    site_id      int NOT NULL REFERENCES proj.site,
    insp_dt      date NOT NULL,
    insp_type    char(1) NOT NULL,
    inspector_id smallint REFERENCES proj.staff,
    score        smallint,
    result_cd    char(1) NOT NULL,
    findings     jsonb
);
COMMENT ON COLUMN hse.inspection.insp_type IS 'W = weekly site safety inspection (site manager), S = scaffold inspection (7-day), E = excavation inspection, L = lifting operations / LOLER check, F = fire safety check, A = audit by our H&S advisor, X = external visit (HSE inspector, client, insurer)';
COMMENT ON COLUMN hse.inspection.score IS 'Audit score 0-100 (NULL for scaffold / excavation checks, which are pass/fail)';
COMMENT ON COLUMN hse.inspection.result_cd IS 'P = pass, A = pass with actions, F = fail (work stopped until put right)';
COMMENT ON COLUMN hse.inspection.findings IS 'obs = number of observations, cats = observation categories, photos = photos attached, weather, actions_open = actions not yet closed';

CREATE TABLE hse.incident (
    inc_id          serial PRIMARY KEY,
    inc_ref         varchar(12) NOT NULL UNIQUE,
    site_id         int NOT NULL REFERENCES proj.site,
    occurred_at     timestamp NOT NULL,
    reported_at     timestamp NOT NULL,
    category        hse.inc_category NOT NULL,
    severity_cd     char(2) NOT NULL,
    injured_party   char(1),
    worker_id       int,
    lost_days       smallint,
    riddor_ref      varchar(16),
    descr           text,
    investigated_by smallint REFERENCES proj.staff,
    closed_on       date
);
COMMENT ON COLUMN hse.incident.severity_cd IS 'NM = near miss (no injury), FA = first aid only, MI = minor injury (medical treatment, no lost time), LT = lost time injury up to 7 days, RD = RIDDOR reportable (over-7-day injury or specified injury), DO = dangerous occurrence (RIDDOR reportable, e.g. collapse, crane failure)';
COMMENT ON COLUMN hse.incident.injured_party IS 'E = our employee or agency worker, S = subcontractor operative, P = member of the public, V = visitor; NULL = nobody involved (near miss / dangerous occurrence)';
COMMENT ON COLUMN hse.incident.worker_id IS 'labour.worker involved, if known (not enforced: visitors and public have no worker record)';
COMMENT ON COLUMN hse.incident.lost_days IS 'Days off work following the incident';
COMMENT ON COLUMN hse.incident.riddor_ref IS 'HSE RIDDOR notification reference';
COMMENT ON COLUMN hse.incident.closed_on IS 'Investigation closed; NULL = still open';

-- ---------------------------------------------------------------------
-- qa
-- ---------------------------------------------------------------------
CREATE TABLE qa.snag (
    snag_id    serial PRIMARY KEY,
    proj_id    int NOT NULL REFERENCES proj.project,
    site_id    int REFERENCES proj.site,
    pkg_id     int REFERENCES supply.trade_pkg,
    snag_loc   varchar(60),
    descr      varchar(200) NOT NULL,
    raised_by  char(1) NOT NULL,
    raised_on  date NOT NULL,
    priority   char(1) NOT NULL,
    target_dt  date,
    fixed_on   date,
    closed_on  date,
    status_cd  char(1) NOT NULL
);
COMMENT ON TABLE  qa.snag IS 'Snagging list items before handover and defects reported during the defects period';
COMMENT ON COLUMN qa.snag.pkg_id IS 'Trade package responsible for putting it right; NULL = not yet assigned';
COMMENT ON COLUMN qa.snag.raised_by IS 'I = our own QA / site team, C = client or employer''s agent / clerk of works, E = end user / occupier (defects period), B = building control or warranty inspector';
COMMENT ON COLUMN qa.snag.priority IS 'A = urgent (safety, water ingress, security) - 48 hours, B = must be done before handover / within 14 days, C = cosmetic - 28 days';
COMMENT ON COLUMN qa.snag.fixed_on IS 'Date the trade said it was fixed';
COMMENT ON COLUMN qa.snag.closed_on IS 'Date whoever raised it signed it off';
COMMENT ON COLUMN qa.snag.status_cd IS 'O = open, F = fixed, awaiting sign-off, C = closed (signed off), D = disputed (not accepted as a defect)';
-- =====================================================================
--  Reference data
-- =====================================================================
INSERT INTO proj.staff (full_name, role_cd, region_cd, email, mobile, joined_on, left_on)
SELECT n, r, reg,
       lower(replace(split_part(n, ' ', 1), '''', '')) || '.' || lower(replace(split_part(n, ' ', 2), '''', '')) || '@corranwhitlock.co.uk',
       CASE WHEN pg_temp.h('mob'||n) < 0.9 THEN '07' || lpad((floor(pg_temp.h('m2'||n) * 999999999))::bigint::text, 9, '0') END,
       j::date, l::date
FROM (VALUES
 ('Gareth Pryce','PM','NW','2011-03-14',NULL), ('Helen Ashworth','PM','NW','2015-09-01',NULL), ('Mark Thornley','PM','NW','2017-01-09','2023-08-31'),
 ('Sunita Patel','PM','YH','2016-05-03',NULL), ('Craig Lomax','PM','YH','2012-10-22',NULL), ('Rachel Dunmore','PM','YH','2020-02-17',NULL),
 ('Owen Beckett','PM','EM','2014-06-30',NULL), ('Karen Whitfield','PM','EM','2019-04-01',NULL), ('Declan Hughes','PM','EM','2021-07-12',NULL),
 ('Fiona Marsh','PM','WM','2013-11-04',NULL), ('Imran Qureshi','PM','WM','2018-08-20',NULL), ('Stuart Ogden','PM','WM','2010-01-11','2024-03-28'),
 ('Laura Kenyon','QS','NW','2014-02-03',NULL), ('Tom Radcliffe','QS','NW','2019-09-09',NULL), ('Aisha Rahman','QS','NW','2021-01-04',NULL),
 ('Neil Bramhall','QS','YH','2012-04-16',NULL), ('Joanne Pickles','QS','YH','2017-06-26',NULL),
 ('Paul Hewitt','QS','EM','2015-03-02',NULL), ('Chloe Seddon','QS','EM','2022-09-05',NULL),
 ('Rob Atherton','QS','WM','2016-11-14',NULL), ('Hannah Voss','QS','WM','2020-05-18','2024-11-29'), ('Matt Greenhalgh','QS','WM','2023-01-16',NULL),
 ('Dave Mellor','SM','NW','2008-05-12',NULL), ('Steve Cartwright','SM','NW','2012-07-02',NULL), ('Gary Holt','SM','NW','2016-03-21',NULL), ('Lee Fairclough','SM','NW','2019-10-07',NULL),
 ('Andy Barlow','SM','YH','2011-08-15',NULL), ('Kevin Nuttall','SM','YH','2014-01-27',NULL), ('Jason Ainscough','SM','YH','2018-04-09','2024-06-30'), ('Phil Entwistle','SM','YH','2020-11-02',NULL),
 ('Tony Haworth','SM','EM','2009-09-14',NULL), ('Mick Garside','SM','EM','2015-05-05',NULL), ('Shaun Riley','SM','EM','2017-02-13',NULL), ('Darren Kay','SM','EM','2022-03-28',NULL),
 ('Wayne Livesey','SM','WM','2013-06-17',NULL), ('Colin Pilling','SM','WM','2016-10-03',NULL), ('Barry Horrocks','SM','WM','2019-01-21',NULL), ('Nadia Kowalski','SM','WM','2021-06-14',NULL),
 ('Janet Crompton','HS','NW','2010-04-19',NULL), ('Ian Birtwistle','HS','YH','2016-08-08',NULL), ('Sarah Okafor','HS','EM','2019-12-02',NULL), ('Graham Tolley','HS','WM','2013-02-25',NULL),
 ('Richard Hollin','CM','NW','2007-09-03',NULL), ('Alison Grundy','CM','YH','2012-12-10',NULL), ('Peter Walsh','CM','WM','2011-05-16',NULL),
 ('Emma Stott','BU','NW','2018-03-12',NULL), ('Liam Doherty','BU','YH','2020-07-20',NULL), ('Beverley Mather','BU','EM','2014-10-13',NULL)
) s(n, r, reg, j, l)
ORDER BY r DESC, reg, j;

CREATE TEMP TABLE place (pid int PRIMARY KEY, town text, region char(2), pc text);
INSERT INTO place VALUES
 (1,'Bolton','NW','BL'),(2,'Wigan','NW','WN'),(3,'Salford','NW','M'),(4,'Stockport','NW','SK'),(5,'Oldham','NW','OL'),
 (6,'Rochdale','NW','OL'),(7,'Bury','NW','BL'),(8,'Warrington','NW','WA'),(9,'Preston','NW','PR'),(10,'Blackburn','NW','BB'),
 (11,'Burnley','NW','BB'),(12,'Leeds','YH','LS'),(13,'Bradford','YH','BD'),(14,'Wakefield','YH','WF'),(15,'Huddersfield','YH','HD'),
 (16,'Halifax','YH','HX'),(17,'Harrogate','YH','HG'),(18,'York','YH','YO'),(19,'Doncaster','YH','DN'),(20,'Barnsley','YH','S'),
 (21,'Sheffield','YH','S'),(22,'Nottingham','EM','NG'),(23,'Derby','EM','DE'),(24,'Mansfield','EM','NG'),(25,'Leicester','EM','LE'),
 (26,'Loughborough','EM','LE'),(27,'Chesterfield','EM','S'),(28,'Birmingham','WM','B'),(29,'Wolverhampton','WM','WV'),(30,'Coventry','WM','CV'),
 (31,'Walsall','WM','WS'),(32,'Solihull','WM','B');

INSERT INTO crm.client (client_nm, client_type, region_cd, "AccountsEmail", credit_chk_dt, on_stop, created_on)
SELECT n, t, r,
       CASE WHEN pg_temp.h('ae'||n) < 0.8 THEN 'accounts.payable@' || lower(regexp_replace(split_part(n, ' ', 1), '[^A-Za-z]', '', 'g')) || '.example.co.uk' END,
       CASE WHEN pg_temp.h('cc'||n) < 0.85 THEN date '2023-01-01' + floor(pg_temp.h('cd'||n) * 880)::int END,
       n IN ('Sandstone Capital Partners','Castlegate Developments Ltd'),
       date '2012-01-01' + floor(pg_temp.h('cr'||n) * 2500)::int
FROM (VALUES
 ('Redbrook Homes Ltd','PV','NW'),('Castlegate Developments Ltd','PV','YH'),('Pennine Land & Homes Ltd','PV','NW'),('Greystone Living Ltd','PV','YH'),
 ('Marlow Park Developments','PV','WM'),('Heatherfield Homes Ltd','PV','EM'),('Arden Vale Properties','PV','WM'),('Ironbridge Residential Ltd','PV','WM'),
 ('Northvale Housing Group','HA','NW'),('Calder Housing Association','HA','YH'),('Moorside Homes Trust','HA','NW'),('Trentside Housing','HA','EM'),
 ('Brindley Living','HA','WM'),('Penfold Housing Partnership','HA','YH'),
 ('Oldham Metropolitan Borough Council','LA','NW'),('Leeds City Council','LA','YH'),('Sheffield City Council','LA','YH'),('Derby City Council','LA','EM'),
 ('Walsall Council','LA','WM'),('Rochdale Borough Council','LA','NW'),('Wakefield Council','LA','YH'),('Nottinghamshire County Council','LA','EM'),
 ('Brightwater Academy Trust','ED','NW'),('Ridgeway Learning Partnership','ED','EM'),('Northern Lights Multi-Academy Trust','ED','YH'),
 ('University of West Pennine','ED','NW'),('Calderdale Sixth Form College','ED','YH'),('St Aidan''s Catholic Academy Trust','ED','WM'),('Midlands Technical College','ED','WM'),
 ('North Mersey Community NHS Trust','HC','NW'),('Trent Valley Health NHS Foundation Trust','HC','EM'),('Westbrook Care Homes Ltd','HC','YH'),
 ('Heartlands Primary Care Partnership','HC','WM'),('Yorkshire Moors Healthcare NHS Trust','HC','YH'),
 ('Kestrel Logistics Ltd','CO','EM'),('Hallam Retail Investments','CO','YH'),('Sandstone Capital Partners','CO','NW'),('Brunswick Hotels Group','CO','NW'),
 ('Axiom Industrial REIT','CO','WM'),('Foxley Foods Ltd','CO','EM'),('Meridian Office Investors','CO','WM'),('Caldwell Motor Group','CO','NW'),
 ('Northgate Leisure Ltd','CO','YH'),('Tameside Distribution Park LLP','CO','NW')
) s(n, t, r)
ORDER BY 4 NULLS FIRST, n;

INSERT INTO supply.trade (trade_cd, trade_name, prog_seq) VALUES
 ('DEM','Demolition and enabling works',1),('ASB','Asbestos removal',1),('GRW','Groundworks and drainage',2),('PIL','Piling',2),
 ('CON','Concrete frame',3),('STF','Structural steel frame',3),('SCF','Scaffolding',3),('BRK','Brickwork and blockwork',4),
 ('RFG','Roofing and cladding',5),('GLZ','Windows, glazing and curtain walling',5),('MEC','Mechanical services (heating, ventilation, plumbing)',6),
 ('ELE','Electrical services',6),('LFT','Lifts',7),('DRY','Drylining, partitions and ceilings',7),('JNR','Joinery and doors',8),
 ('FPR','Passive fire protection',8),('FLR','Floor finishes',9),('DEC','Painting and decorating',9),('KIT','Kitchens and bathrooms',9),('LSC','External works and landscaping',10);

INSERT INTO plant.plant_cat (cat_cd, cat_name, lifting_yn, operated_yn) VALUES
 ('EX15','1.5t mini excavator',false,false),('EX08','8t midi excavator',false,false),('EX21','21t tracked excavator',false,false),
 ('DMP3','3t site dumper',false,false),('DMP9','9t forward tipping dumper',false,false),('TH14','14m telehandler',true,false),
 ('MEWP','Scissor lift / mobile elevating work platform',true,false),('CRM','Mobile crane (operated)',true,true),('TWC','Tower crane',true,true),
 ('GEN','20 kVA generator',false,false),('WEL','Welfare unit',false,false),('CAB','Site office / cabin',false,false),
 ('PMP','Submersible pump',false,false),('RLR','Ride-on roller',false,false),('CMP','Compressor and breaker',false,false),('LTW','Lighting tower',false,false);

INSERT INTO labour.cert_type (cert_cd, cert_name, valid_yrs, issuing_body) VALUES
 ('CSCS','CSCS card',5,'CSCS'),('SMSTS','Site Management Safety Training Scheme',5,'CITB'),('SSSTS','Site Supervisor Safety Training Scheme',5,'CITB'),
 ('IPAF','IPAF operator licence (MEWP)',5,'IPAF'),('PASMA','PASMA towers for users',5,'PASMA'),('A17','CPCS A17 telescopic handler',5,'CPCS'),
 ('A59','CPCS A59 360 excavator',5,'CPCS'),('FAW','First Aid at Work',3,'HSE approved provider'),('EFAW','Emergency First Aid at Work',3,'HSE approved provider'),
 ('ASBA','Asbestos awareness',1,'UKATA'),('CONF','Confined spaces (medium risk)',3,'City & Guilds'),('TWC','Temporary works coordinator',5,'CITB'),
 ('FMAR','Fire marshal',3,'FPA'),('MANH','Manual handling',NULL,'In-house');
-- =====================================================================
--  Projects, sites, contracts
-- =====================================================================
CREATE TEMP TABLE p0 AS
WITH g AS (SELECT i, pg_temp.h('sec'||i) AS us FROM generate_series(1, 165) i)
SELECT i,
       CASE WHEN us < 0.34 THEN 'residential' WHEN us < 0.50 THEN 'education' WHEN us < 0.60 THEN 'healthcare'
            WHEN us < 0.72 THEN 'commercial' WHEN us < 0.84 THEN 'industrial' WHEN us < 0.91 THEN 'civils'
            ELSE 'leisure' END::proj.sector_t AS sector,
       1 + floor(pg_temp.h('pl'||i) * 32)::int AS pid,
       date '2019-03-04' + floor(sqrt(pg_temp.h('st'||i)) * 2395)::int AS start_dt,
       round(exp(ln(900000) + pow(pg_temp.h('val'||i), 1.4) * ln(28))::numeric, -3) AS est_value,
       pg_temp.h('dur'||i) AS udur, pg_temp.h('del'||i) AS udel, pg_temp.h('lost'||i) AS ulost
FROM g;
ANALYZE p0;

CREATE TEMP TABLE p1 AS
SELECT p.*, pl.town, pl.region, pl.pc,
       p.start_dt + (170 + p.est_value / 1000000 * 28 + p.udur * 160)::int AS plan_compl,
       p.start_dt + (170 + p.est_value / 1000000 * 28 + p.udur * 160)::int + floor(pow(p.udel, 2) * 140)::int - 14 AS act_pc,
       p.start_dt - 60 - floor(pg_temp.h('td'||p.i) * 90)::int AS tender_due
FROM p0 p JOIN place pl ON pl.pid = p.pid;
ANALYZE p1;

ALTER TABLE p1 ADD COLUMN mgd date, ADD COLUMN status char(1), ADD COLUMN client_id int, ADD COLUMN pname text;
UPDATE p1 SET mgd = act_pc + 365 + floor(pg_temp.h('mg'||i) * 50)::int;
UPDATE p1 SET status = CASE
    WHEN ulost < 0.13 THEN 'X'
    WHEN start_dt > date '2025-06-12' + 75 THEN 'T'
    WHEN start_dt > date '2025-06-12' THEN 'W'
    WHEN act_pc > date '2025-06-12' THEN 'L'
    WHEN mgd > date '2025-06-12' THEN 'P'
    ELSE 'C' END;

-- compatible client for the sector
CREATE TEMP TABLE client_sector AS
SELECT c.client_id, s.sector, row_number() OVER (PARTITION BY s.sector ORDER BY c.client_id) AS rn
FROM crm.client c
JOIN (VALUES ('residential','PV'),('residential','HA'),('residential','LA'),('education','ED'),('education','LA'),
             ('healthcare','HC'),('commercial','CO'),('commercial','PV'),('industrial','CO'),('civils','LA'),
             ('leisure','LA'),('leisure','ED'),('leisure','CO')) s(sector, ct) ON s.ct = c.client_type;
ANALYZE client_sector;
UPDATE p1 SET client_id = cs.client_id
FROM (SELECT sector, count(*) AS n FROM client_sector GROUP BY sector) k, client_sector cs
WHERE k.sector = p1.sector::text AND cs.sector = p1.sector::text
  AND cs.rn = 1 + floor(pg_temp.h('cl'||p1.i) * k.n)::int;

UPDATE p1 SET pname = CASE sector
  WHEN 'residential' THEN pg_temp.pick(ARRAY['Mill Lane','Station Road','Canal Wharf','Church Street','Victoria Park','Kingsway','Albert Quay',
        'Foundry Yard','Brewery Lane','Queens Gardens','Chapel Street','Market Place','Cotton Exchange','Wharf Street','Hope Street',
        'Bridgewater Place','Moor Lane','Parkside','Union Street','Tannery Court','Railway Sidings','Granary Wharf','Weavers Yard'], 'rs'||i)
        || ' ' || pg_temp.pick(ARRAY['Apartments','Residential','Homes Phase 1','Homes Phase 2','Mixed Tenure Housing','Townhouses'], 'rt'||i)
  WHEN 'education' THEN town || ' ' || pg_temp.pick(ARRAY['Primary School Extension','Academy Teaching Block','Sixth Form Centre','SEND School',
        'College Engineering Centre','Primary School New Build'], 'et'||i)
  WHEN 'healthcare' THEN town || ' ' || pg_temp.pick(ARRAY['Health Centre','Community Diagnostic Centre','Care Home','Mental Health Unit',
        'Hospital Ward Refurbishment'], 'ht'||i)
  WHEN 'commercial' THEN pg_temp.pick(ARRAY['Wellington House','Exchange Square','Kingsgate','Crown Point','The Calls','Lister Mills',
        'Navigation Street','Colmore Gate','St Paul''s Place','Hardman Square'], 'cs'||i)
        || ' ' || pg_temp.pick(ARRAY['Offices','Retail Units','Hotel','Office Refurbishment','Car Showroom'], 'ct'||i)
  WHEN 'industrial' THEN town || ' ' || pg_temp.pick(ARRAY['Distribution Centre','Trade Park Units','Logistics Hub','Food Production Unit'], 'it'||i)
  WHEN 'civils' THEN town || ' ' || pg_temp.pick(ARRAY['Bus Interchange','Flood Alleviation Scheme','Multi-Storey Car Park','Link Road Bridge'], 'vt'||i)
  ELSE town || ' ' || pg_temp.pick(ARRAY['Leisure Centre','Swimming Pool Refurbishment','Sports Pavilion','Community Hub'], 'lt'||i) END;
-- make names unique: later schemes with the same name get the town, then a phase number
UPDATE p1 SET pname = CASE WHEN p1.pname LIKE p1.town || ' %' THEN p1.pname || ' Phase ' || d.rn ELSE p1.pname || ', ' || p1.town END
FROM (SELECT i, row_number() OVER (PARTITION BY pname ORDER BY start_dt) AS rn FROM p1) d
WHERE d.i = p1.i AND d.rn > 1;
UPDATE p1 SET pname = p1.pname || ' (Phase ' || d.rn || ')'
FROM (SELECT i, row_number() OVER (PARTITION BY pname ORDER BY start_dt) AS rn FROM p1) d
WHERE d.i = p1.i AND d.rn > 1;

INSERT INTO proj.project (proj_code, proj_name, client_id, sector, region_cd, town, pm_id, qs_id, tender_due, est_value,
                          start_dt, plan_compl_dt, status_cd, attrs)
SELECT 'CW' || to_char(p.tender_due, 'YY') || '-' || lpad(row_number() OVER (PARTITION BY extract(year FROM p.tender_due) ORDER BY p.tender_due, p.i)::text, 3, '0'),
       p.pname, p.client_id, p.sector, p.region, p.town,
       CASE WHEN p.status <> 'X' THEN COALESCE(pm.staff_id, pm2.staff_id) END,
       CASE WHEN p.status NOT IN ('X','T') THEN COALESCE(qs.staff_id, qs2.staff_id) END,
       p.tender_due, p.est_value, p.start_dt, p.plan_compl, p.status,
       jsonb_strip_nulls(jsonb_build_object(
         'gia_m2', round(p.est_value / (1700 + pg_temp.h('gia'||p.i) * 1300)),
         'storeys', CASE WHEN p.sector IN ('civils') THEN NULL ELSE 1 + floor(pg_temp.h('sty'||p.i) * CASE WHEN p.sector = 'residential' THEN 9 ELSE 4 END)::int END,
         'units', CASE WHEN p.sector = 'residential' THEN round(p.est_value / (1700 + pg_temp.h('gia'||p.i) * 1300) / 72) END,
         'breeam', CASE WHEN p.sector NOT IN ('residential','civils') AND pg_temp.h('br'||p.i) < 0.55
                        THEN pg_temp.pick(ARRAY['Good','Very Good','Very Good','Excellent'], 'bq'||p.i) END,
         'framework', CASE WHEN c.client_type IN ('LA','ED','HC') AND pg_temp.h('fw'||p.i) < 0.6
                        THEN pg_temp.pick(ARRAY['Northern Construction Framework','Midlands Build Alliance','Public Works Framework Lot 3'], 'fn'||p.i) END))
FROM p1 p
JOIN crm.client c ON c.client_id = p.client_id
LEFT JOIN LATERAL (SELECT s.staff_id FROM proj.staff s WHERE s.role_cd = 'PM' AND s.region_cd = p.region AND s.joined_on <= p.tender_due
                     AND (s.left_on IS NULL OR s.left_on > LEAST(p.act_pc, date '2025-06-12'))
                   ORDER BY pg_temp.h('pm'||p.i||'-'||s.staff_id) LIMIT 1) pm ON true
LEFT JOIN LATERAL (SELECT s.staff_id FROM proj.staff s WHERE s.role_cd = 'PM' AND s.region_cd = p.region AND s.left_on IS NULL
                   ORDER BY s.joined_on LIMIT 1) pm2 ON true
LEFT JOIN LATERAL (SELECT s.staff_id FROM proj.staff s WHERE s.role_cd = 'QS' AND s.region_cd = p.region AND s.joined_on <= p.tender_due
                     AND (s.left_on IS NULL OR s.left_on > LEAST(p.act_pc, date '2025-06-12'))
                   ORDER BY pg_temp.h('qs'||p.i||'-'||s.staff_id) LIMIT 1) qs ON true
LEFT JOIN LATERAL (SELECT s.staff_id FROM proj.staff s WHERE s.role_cd = 'QS' AND s.region_cd = p.region AND s.left_on IS NULL
                   ORDER BY s.joined_on LIMIT 1) qs2 ON true
ORDER BY p.start_dt, p.i;

-- working table keyed by proj_id
CREATE TEMP TABLE pj AS
SELECT pr.proj_id, pr.proj_code, pr.region_cd, pr.sector, pr.status_cd, pr.start_dt, pr.plan_compl_dt, pr.est_value,
       p.act_pc, p.mgd, p.pc, p.i, c.client_type
FROM proj.project pr JOIN p1 p ON p.pname = pr.proj_name JOIN crm.client c ON c.client_id = pr.client_id;
ANALYZE pj;

-- sites: one per won project, a second plot on about a fifth of them
INSERT INTO proj.site (proj_id, site_code, site_name, postcode, site_mgr_id, opened_on, closed_on)
SELECT p.proj_id, p.proj_code || '-' || n,
       pr.proj_name || CASE WHEN two THEN CASE n WHEN 1 THEN ' - Plot A' ELSE ' - Plot B' END ELSE '' END,
       p.pc || (1 + floor(pg_temp.h('pc1'||p.i||n) * 19))::int || ' ' || (1 + floor(pg_temp.h('pc2'||p.i||n) * 9))::int
            || chr(65 + floor(pg_temp.h('pc3'||p.i||n) * 26)::int) || chr(65 + floor(pg_temp.h('pc4'||p.i||n) * 26)::int),
       sm.staff_id,
       p.start_dt + CASE WHEN n = 2 THEN 60 + floor(pg_temp.h('so'||p.i) * 120)::int ELSE 0 END,
       CASE WHEN p.act_pc + 14 + floor(pg_temp.h('sc'||p.i||n) * 30)::int <= date '2025-06-12'
            THEN p.act_pc + 14 + floor(pg_temp.h('sc'||p.i||n) * 30)::int END
FROM pj p
JOIN proj.project pr ON pr.proj_id = p.proj_id
CROSS JOIN LATERAL (SELECT pg_temp.h('two'||p.i) < 0.22 AND p.est_value > 3000000 AS two) t
CROSS JOIN LATERAL generate_series(1, CASE WHEN t.two THEN 2 ELSE 1 END) n
LEFT JOIN LATERAL (SELECT s.staff_id FROM proj.staff s WHERE s.role_cd = 'SM' AND s.region_cd = p.region_cd
                     AND (s.left_on IS NULL OR s.left_on > LEAST(p.act_pc, date '2025-06-12'))
                   ORDER BY pg_temp.h('sm'||p.i||'-'||n||'-'||s.staff_id) LIMIT 1) sm ON true
WHERE p.status_cd IN ('W','L','P','C')
ORDER BY p.proj_id, n;

INSERT INTO comm.contract (proj_id, contract_ref, form_cd, contract_sum, ret_pct, pay_terms_days, lad_wk_amt, dlp_months,
                           signed_on, poss_dt, compl_due, pc_dt, mgd_cert_dt, fa_agreed_amt)
SELECT p.proj_id,
       p.proj_code || '/MC',
       CASE WHEN p.est_value < 1500000 AND pg_temp.h('fm'||p.i) < 0.6 THEN 'JMW'
            WHEN p.client_type IN ('LA','ED','HC') THEN pg_temp.pick(ARRAY['JDB','JDB','JDB','NEA','NEA','NEC','JSB'], 'fo'||p.i)
            ELSE pg_temp.pick(ARRAY['JDB','JDB','JDB','JDB','JSB','JSB'], 'fo'||p.i) END,
       round(p.est_value * (0.985 + pg_temp.h('cs'||p.i) * 0.015), 2),
       CASE WHEN pg_temp.h('rp'||p.i) < 0.55 THEN 3 ELSE 5 END,
       pg_temp.pick(ARRAY['28','30','30','35'], 'pt'||p.i)::smallint,
       CASE WHEN pg_temp.h('ld'||p.i) < 0.92 THEN round(p.est_value * (0.0015 + pg_temp.h('lw'||p.i) * 0.0025), -2) END,
       12,
       CASE WHEN pg_temp.h('lo'||p.i) < 0.08 AND p.start_dt > date '2024-01-01' THEN NULL
            ELSE p.start_dt - 10 - floor(pg_temp.h('sg'||p.i) * 50)::int END,
       p.start_dt, p.plan_compl_dt,
       CASE WHEN p.act_pc <= date '2025-06-12' THEN p.act_pc END,
       CASE WHEN p.mgd <= date '2025-06-12' THEN p.mgd END,
       NULL
FROM pj p
WHERE p.status_cd IN ('W','L','P','C')
ORDER BY p.proj_id;
ANALYZE proj.project; ANALYZE proj.site; ANALYZE comm.contract;
-- =====================================================================
--  Supply chain: subcontractors, packages, suppliers
-- =====================================================================
INSERT INTO supply.subcontractor (sub_nm, trade_cd, region_cd, cis_cd, "CISVerifNo", ins_exp_dt, approved_yn, rating, created_on)
SELECT s.nm || ' ' || w.word || pg_temp.pick(ARRAY[' Ltd',' Ltd',' (UK) Ltd',' & Sons Ltd',' Contractors Ltd'], 'sx'||g),
       w.trade_cd,
       pg_temp.pick(ARRAY['NW','NW','NW','YH','YH','EM','WM'], 'sr'||g),
       CASE WHEN pg_temp.h('cis'||g) < 0.70 THEN 'G' WHEN pg_temp.h('cis'||g) < 0.95 THEN 'N' ELSE 'H' END,
       CASE WHEN pg_temp.h('cis'||g) < 0.95 THEN 'V' || lpad(floor(pg_temp.h('cv'||g) * 9999999999)::bigint::text, 10, '0') || '/' || chr(65 + floor(pg_temp.h('cw'||g) * 26)::int) END,
       CASE WHEN pg_temp.h('ins0'||g) < 0.03 THEN NULL ELSE date '2025-06-12' - 60 + floor(pg_temp.h('ins'||g) * 420)::int END,
       pg_temp.h('ap'||g) > 0.06,
       CASE WHEN pg_temp.h('rt'||g) < 0.15 THEN NULL ELSE pg_temp.pick(ARRAY['2','3','3','4','4','4','5','5'], 'rv'||g)::smallint END,
       date '2014-01-01' + floor(pg_temp.h('sco'||g) * 3600)::int
FROM generate_series(0, 179) g
JOIN (SELECT row_number() OVER () - 1 AS k, nm FROM unnest(ARRAY['Hargreaves','Ashcroft','Brennan','Cunliffe','Dearden','Eccles','Fletcher','Gaskell',
   'Heywood','Isherwood','Jepson','Kershaw','Lord','Mather','Naylor','Ormerod','Pilkington','Quigley','Rostron','Schofield','Tattersall','Unsworth',
   'Varley','Walmsley','Yates','Ackroyd','Butterworth','Crabtree','Duckworth','Emmott','Fielden','Greenwood','Holden','Ingham','Jagger','Kenworthy',
   'Lumb','Moorhouse','Nuttall','Oldroyd','Priestley','Ramsden','Sutcliffe','Thackray','Uttley','Whiteley','Barraclough','Clegg','Dyson','Firth',
   'Haigh','Illingworth','Midgley','Pickersgill','Rhodes','Sykes','Tordoff','Wadsworth','Hirst','Broadbent','Stansfield']) nm) s ON s.k = g % 61
JOIN (SELECT row_number() OVER () - 1 AS k, t.trade_cd, t.word FROM (VALUES
   ('DEM','Demolition'),('ASB','Asbestos Services'),('GRW','Groundworks'),('PIL','Piling'),('CON','Concrete Frames'),('STF','Steel Structures'),
   ('SCF','Scaffolding'),('BRK','Brickwork'),('RFG','Roofing'),('GLZ','Glazing'),('MEC','Mechanical'),('ELE','Electrical'),('LFT','Lifts'),
   ('DRY','Interiors'),('JNR','Joinery'),('FPR','Fire Protection'),('FLR','Flooring'),('DEC','Decorators'),('KIT','Kitchens & Bathrooms'),('LSC','Landscapes')) t(trade_cd, word)) w
  ON w.k = g % 20
ORDER BY g;

-- trade packages
CREATE TEMP TABLE trade_w (trade_cd char(3) PRIMARY KEY, w numeric, p_incl numeric, dur_share numeric);
INSERT INTO trade_w VALUES
 ('DEM',3,0.35,0.08),('ASB',1.5,0.20,0.06),('GRW',10,1.00,0.35),('PIL',5,0.30,0.10),('CON',14,0.35,0.30),('STF',12,0.65,0.20),
 ('SCF',3,0.80,0.60),('BRK',9,0.85,0.35),('RFG',7,0.95,0.20),('GLZ',7,0.95,0.25),('MEC',14,1.00,0.55),('ELE',10,1.00,0.55),
 ('LFT',3,0.00,0.15),('DRY',8,0.95,0.35),('JNR',4,0.90,0.30),('FPR',2,0.60,0.20),('FLR',3,0.85,0.15),('DEC',2,0.90,0.15),
 ('KIT',5,0.00,0.15),('LSC',4,0.85,0.15);

CREATE TEMP TABLE pk0 AS
SELECT c.contract_id, p.proj_id, p.proj_code, p.region_cd, p.status_cd AS pstatus, p.i, c.contract_sum, c.poss_dt, p.act_pc,
       t.trade_cd, t.prog_seq, tw.w, tw.dur_share
FROM comm.contract c
JOIN pj p ON p.proj_id = c.proj_id
JOIN proj.project pr ON pr.proj_id = p.proj_id
CROSS JOIN supply.trade t
JOIN trade_w tw ON tw.trade_cd = t.trade_cd
WHERE pg_temp.h('inc'||p.i||t.trade_cd) < CASE
        WHEN t.trade_cd = 'LFT' THEN CASE WHEN (pr.attrs->>'storeys')::int >= 3 THEN 0.9 ELSE 0 END
        WHEN t.trade_cd = 'KIT' THEN CASE WHEN p.sector = 'residential' THEN 0.95 WHEN p.sector IN ('healthcare','education') THEN 0.3 ELSE 0.1 END
        WHEN t.trade_cd = 'CON' AND p.sector = 'residential' THEN 0.6
        WHEN t.trade_cd = 'STF' AND p.sector IN ('industrial','commercial','leisure') THEN 0.95
        WHEN p.sector = 'civils' AND t.trade_cd IN ('KIT','DEC','FLR','JNR','DRY') THEN 0.1
        ELSE tw.p_incl END;
ANALYZE pk0;

CREATE TEMP TABLE pk1 AS
SELECT k.*,
       round(k.contract_sum * 0.8 * k.w / sum(k.w) OVER (PARTITION BY k.contract_id) * (0.9 + pg_temp.h('ov'||k.i||k.trade_cd) * 0.2), 2) AS order_val,
       k.poss_dt - 35 + floor((k.prog_seq - 1) * (k.act_pc - k.poss_dt) * 0.085 + pg_temp.h('lt'||k.i||k.trade_cd) * 25)::int AS let_dt,
       k.poss_dt + floor((k.prog_seq - 1) * (k.act_pc - k.poss_dt) * 0.085 + (k.dur_share + 0.15) * (k.act_pc - k.poss_dt))::int AS done_dt
FROM pk0 k;
ANALYZE pk1;

INSERT INTO supply.trade_pkg (proj_id, trade_cd, sub_id, pkg_ref, order_val, let_on, status_cd, ret_pct, fa_val)
SELECT k.proj_id, k.trade_cd,
       CASE WHEN st <> 'T' THEN sb.sub_id END,
       k.proj_code || '/' || k.trade_cd,
       k.order_val,
       CASE WHEN st <> 'T' THEN k.let_dt END,
       st,
       CASE WHEN pg_temp.h('pr'||k.i||k.trade_cd) < 0.7 THEN 5 ELSE 3 END,
       CASE WHEN st = 'C' THEN round(k.order_val * (0.97 + pow(pg_temp.h('fa'||k.i||k.trade_cd), 2) * 0.18), 2) END
FROM pk1 k
CROSS JOIN LATERAL (SELECT CASE
        WHEN k.let_dt > date '2025-06-12' THEN 'T'
        WHEN pg_temp.h('term'||k.i||k.trade_cd) < 0.018 THEN 'X'
        WHEN k.pstatus = 'C' THEN 'C'
        WHEN k.pstatus = 'P' THEN CASE WHEN pg_temp.h('pc'||k.i||k.trade_cd) < 0.6 THEN 'C' ELSE 'L' END
        WHEN k.pstatus = 'L' AND k.done_dt < date '2025-06-12' - 90 AND pg_temp.h('lc'||k.i||k.trade_cd) < 0.5 THEN 'C'
        ELSE 'L' END AS st) s
LEFT JOIN LATERAL (SELECT x.sub_id FROM supply.subcontractor x WHERE x.trade_cd = k.trade_cd
                   ORDER BY (x.region_cd = k.region_cd AND pg_temp.h('rg'||k.i||k.trade_cd) < 0.75) DESC,
                            pg_temp.h('sb'||k.i||k.trade_cd||x.sub_id) LIMIT 1) sb ON true
ORDER BY k.proj_id, k.prog_seq, k.trade_cd;

-- suppliers
INSERT INTO supply.supplier (supp_nm, cat_cd, pay_terms_days, on_stop, acct_opened, email)
SELECT DISTINCT ON (nm) nm, cat, terms, stop, opened, email FROM (
  SELECT pf.nm || ' ' || w.word AS nm, w.cat,
         pg_temp.pick(ARRAY['30','30','30','45','60'], 'spt'||w.cat||g)::smallint AS terms,
         pg_temp.h('sst'||w.cat||g) < 0.03 AS stop,
         date '2012-06-01' + floor(pg_temp.h('sop'||w.cat||g) * 3900)::int AS opened,
         CASE WHEN pg_temp.h('sem'||w.cat||g) < 0.85 THEN 'accounts@' || lower(pf.nm) || '-' || lower(split_part(w.word, ' ', 1)) || '.example.co.uk' END AS email,
         w.cat || lpad(g::text, 3, '0') AS ord
  FROM (VALUES ('MAT', 55), ('PLT', 30), ('SRV', 30), ('CON', 25)) c(cat, n)
  CROSS JOIN LATERAL generate_series(1, c.n) g
  JOIN LATERAL (SELECT x.word, x.cat, count(*) OVER () AS nw, row_number() OVER () - 1 AS k FROM (VALUES
      ('Builders Merchants','MAT'),('Timber & Building Supplies','MAT'),('Ready Mix Concrete','MAT'),('Steel Stockholders','MAT'),('Brick & Block','MAT'),
      ('Drainage Supplies','MAT'),('Insulation Supplies','MAT'),('Plumbing & Heating Merchants','MAT'),('Electrical Wholesale','MAT'),('Aggregates','MAT'),('Dry Lining Supplies','MAT'),
      ('Plant Hire','PLT'),('Tool & Plant Hire','PLT'),('Access Hire','PLT'),('Crane Hire','PLT'),('Site Accommodation','PLT'),
      ('Skip Hire & Recycling','SRV'),('Site Security','SRV'),('Surveys','SRV'),('Testing Services','SRV'),('Traffic Management','SRV'),('Cleaning Services','SRV'),
      ('Safety Supplies','CON'),('Fixings','CON'),('Workwear & PPE','CON'),('Site Consumables','CON')) x(word, cat) WHERE x.cat = c.cat) w
    ON w.k = g % w.nw
  JOIN (SELECT row_number() OVER () - 1 AS k, nm FROM unnest(ARRAY['Pennine','Northern','Moorland','Trent','Mercia','Calder','Aire','Ribble','Mersey',
      'Irwell','Peak','Dales','Humber','Severn','Tame','Derwent','Wharfe','Don','Lune','Hallam','Kinder','Holme','Eden','Swale','Cheviot','Avon',
      'Soar','Dove','Ure','Nidd','Colne','Roch','Douglas','Weaver','Goyt','Etherow','Bollin','Wyre','Hodder','Lark','Idle']) nm) pf
    ON pf.k = (g * 7) % 41
) s
ORDER BY nm, ord;
-- renumber suppliers by account opening date
CREATE TEMP TABLE sup_tmp AS SELECT row_number() OVER (ORDER BY acct_opened, supp_nm) AS new_id, s.* FROM supply.supplier s;
ANALYZE sup_tmp;
DELETE FROM supply.supplier;
INSERT INTO supply.supplier (supplier_id, supp_nm, cat_cd, pay_terms_days, on_stop, acct_opened, email)
SELECT new_id, supp_nm, cat_cd, pay_terms_days, on_stop, acct_opened, email FROM sup_tmp ORDER BY new_id;
DO $$ BEGIN PERFORM setval('supply.supplier_supplier_id_seq', (SELECT max(supplier_id) FROM supply.supplier)); END $$;

CREATE TEMP TABLE sup_pick AS
SELECT supplier_id, kind, row_number() OVER (PARTITION BY kind ORDER BY supplier_id) AS rn, count(*) OVER (PARTITION BY kind) AS n
FROM (SELECT supplier_id, CASE
        WHEN cat_cd <> 'PLT' THEN cat_cd
        WHEN supp_nm LIKE '%Crane%' THEN 'CRN'
        WHEN supp_nm LIKE '%Access%' THEN 'ACC'
        WHEN supp_nm LIKE '%Accommodation%' THEN 'CAB'
        ELSE 'GEN' END AS kind
      FROM supply.supplier) s;
ANALYZE sup_pick;
ANALYZE supply.subcontractor; ANALYZE supply.trade_pkg; ANALYZE supply.supplier;
-- =====================================================================
--  Variations, final accounts, valuations
-- =====================================================================
CREATE TEMP TABLE v0 AS
SELECT c.contract_id, p.i, c.contract_sum, g,
       c.poss_dt + floor(pg_temp.h('vn'||p.i||'-'||g) * (p.act_pc - c.poss_dt + 60))::int AS notified_on,
       CASE WHEN pg_temp.h('vo'||p.i||'-'||g) < 0.45 THEN 'C' WHEN pg_temp.h('vo'||p.i||'-'||g) < 0.70 THEN 'D'
            WHEN pg_temp.h('vo'||p.i||'-'||g) < 0.90 THEN 'U' ELSE 'R' END AS origin
FROM comm.contract c JOIN pj p ON p.proj_id = c.proj_id
CROSS JOIN LATERAL generate_series(1, 2 + floor(c.contract_sum / 1000000 * 3.2 * (0.5 + pg_temp.h('vc'||p.i)))::int) g
WHERE c.poss_dt <= date '2025-06-12';
ANALYZE v0;

CREATE TEMP TABLE v1 AS
SELECT v.*,
       CASE v.origin
         WHEN 'C' THEN pg_temp.pick(ARRAY['Additional external lighting to car park','Upgrade kitchen specification','Additional EV charging points',
              'Omit feature entrance canopy','Revised entrance layout','Additional data points','Upgrade reception floor finishes',
              'Additional security fencing','Omit soft landscaping to rear','Change to tenant fit-out scope','Additional solar PV array',
              'Relocate plant room','Additional CCTV cameras','Omit decoration to stores'], 'vt'||v.i||'-'||v.g)
         WHEN 'D' THEN pg_temp.pick(ARRAY['Revised steel connection details','Drainage redesign','Revised fire strategy - additional fire doors',
              'Foundation redesign after structural review','Window size changes (architect''s instruction)','Services rerouting to resolve clash',
              'Revised roof falls and outlets'], 'vt'||v.i||'-'||v.g)
         WHEN 'U' THEN pg_temp.pick(ARRAY['Unforeseen obstructions in ground','Removal of contaminated ground hotspot','Asbestos found in ceiling void',
              'Diversion of live water main','Soft spots - additional dig and fill','Unrecorded drainage run','Old mine workings grouting'], 'vt'||v.i||'-'||v.g)
         ELSE pg_temp.pick(ARRAY['Building control: additional cavity barriers','Part L uplift to insulation','Fire service access road widening',
              'Statutory undertaker connection charges','Planning condition: bat mitigation works'], 'vt'||v.i||'-'||v.g) END AS title,
       v.notified_on + 3 + floor(pg_temp.h('vsub'||v.i||'-'||v.g) * 35)::int AS sub_dt,
       pg_temp.h('vdec'||v.i||'-'||v.g) AS udec,
       pg_temp.h('vst'||v.i||'-'||v.g) AS ust
FROM v0 v
WHERE v.notified_on <= date '2025-06-12';
ANALYZE v1;

INSERT INTO comm.variation (contract_id, var_no, var_title, origin_cd, notified_on, submitted_on, quoted_amt, status_cd, agreed_amt, decided_on, eot_days)
SELECT x.contract_id, row_number() OVER (PARTITION BY x.contract_id ORDER BY x.notified_on, x.g),
       x.title, x.origin, x.notified_on,
       CASE WHEN x.st <> 'N' THEN x.sub_dt END,
       CASE WHEN x.st <> 'N' THEN x.q END,
       x.st,
       CASE WHEN x.st = 'A' THEN round(x.q * (0.78 + pg_temp.h('vag'||x.i||'-'||x.g) * 0.22), 2) END,
       CASE WHEN x.st IN ('A','R','W') THEN x.dec_dt END,
       CASE WHEN x.st = 'A' THEN CASE WHEN pg_temp.h('eot'||x.i||'-'||x.g) < 0.35 AND x.origin <> 'C' OR pg_temp.h('eot'||x.i||'-'||x.g) < 0.15
                                      THEN 1 + floor(pg_temp.h('eod'||x.i||'-'||x.g) * 28)::int ELSE 0 END END
FROM (SELECT v.*,
             v.sub_dt + 7 + floor(pow(v.udec, 1.5) * 100)::int AS dec_dt,
             round(v.contract_sum * exp(ln(0.0008) + pg_temp.h('vq'||v.i||'-'||v.g) * ln(25.0)) * CASE WHEN v.title LIKE 'Omit%' THEN -1 ELSE 1 END, 2) AS q,
             CASE WHEN v.sub_dt > date '2025-06-12' THEN 'N'
                  WHEN v.sub_dt + 7 + floor(pow(v.udec, 1.5) * 100)::int > date '2025-06-12' THEN 'S'
                  WHEN v.ust < 0.72 THEN 'A' WHEN v.ust < 0.90 THEN 'R' ELSE 'W' END AS st
      FROM v1 v) x
ORDER BY x.contract_id, x.notified_on, x.g;

-- final accounts: all closed jobs, about a third of jobs in the defects period
UPDATE comm.contract c SET fa_agreed_amt = round(c.contract_sum + COALESCE(va.s, 0) + c.contract_sum * (pg_temp.h('fa'||c.contract_id) * 0.025 - 0.01), 2)
FROM pj p LEFT JOIN (SELECT v.contract_id, c2.proj_id, sum(v.agreed_amt) AS s FROM comm.variation v JOIN comm.contract c2 USING (contract_id)
                     WHERE v.status_cd = 'A' GROUP BY 1, 2) va ON va.proj_id = p.proj_id
WHERE p.proj_id = c.proj_id AND (p.status_cd = 'C' OR (p.status_cd = 'P' AND pg_temp.h('fap'||c.contract_id) < 0.35));

-- valuations -------------------------------------------------------------
CREATE TEMP TABLE vl0 AS
WITH base AS (
  SELECT c.contract_id, c.contract_sum, c.ret_pct, c.pay_terms_days, c.poss_dt, p.act_pc, c.pc_dt, c.mgd_cert_dt, c.fa_agreed_amt,
         COALESCE(va.s, 0) AS var_sum
  FROM comm.contract c JOIN pj p ON p.proj_id = c.proj_id
  LEFT JOIN (SELECT contract_id, sum(agreed_amt) AS s FROM comm.variation WHERE status_cd = 'A' GROUP BY 1) va ON va.contract_id = c.contract_id
  WHERE c.poss_dt <= date '2025-06-12')
SELECT b.*, d::date AS val_dt, 'I' AS kind
FROM base b
CROSS JOIN LATERAL generate_series(date_trunc('month', b.poss_dt + 20) + interval '24 days', LEAST(b.act_pc, date '2025-06-25'), interval '1 month') d
UNION ALL
SELECT b.*, (date_trunc('month', b.pc_dt + 6) + interval '1 month 24 days')::date, 'P'
FROM base b WHERE b.pc_dt IS NOT NULL
UNION ALL
SELECT b.*, (date_trunc('month', b.mgd_cert_dt + 6) + interval '1 month 24 days')::date, 'R'
FROM base b WHERE b.mgd_cert_dt IS NOT NULL;
ANALYZE vl0;
DELETE FROM vl0 WHERE val_dt > date '2025-06-25';
-- the PC valuation must come after the last interim one
DELETE FROM vl0 a USING vl0 b WHERE a.contract_id = b.contract_id AND a.kind = 'I' AND b.kind = 'P' AND a.val_dt >= b.val_dt;

CREATE TEMP TABLE vl1 AS
SELECT v.*,
       row_number() OVER (PARTITION BY v.contract_id ORDER BY v.val_dt) AS val_no,
       pg_temp.h('vls'||v.contract_id||v.val_dt) AS us,
       CASE WHEN v.kind = 'I' THEN
              round((v.contract_sum * (3 * pow(t.t, 2) - 2 * pow(t.t, 3)) + v.var_sum * t.t) * (1.01 + pg_temp.h('vap'||v.contract_id||v.val_dt) * 0.04), 2)
            WHEN v.kind = 'P' THEN round((v.contract_sum + v.var_sum) * (1.0 + pg_temp.h('vap'||v.contract_id||v.val_dt) * 0.02), 2)
            ELSE COALESCE(v.fa_agreed_amt, v.contract_sum + v.var_sum) END AS applied,
       CASE WHEN v.kind = 'I' THEN 0.94 + pg_temp.h('vcf'||v.contract_id||v.val_dt) * 0.055
            WHEN v.kind = 'P' THEN 0.97 + pg_temp.h('vcf'||v.contract_id||v.val_dt) * 0.03
            ELSE 1 END AS cf
FROM vl0 v
CROSS JOIN LATERAL (SELECT LEAST(1.0, GREATEST(0.02, (v.val_dt - v.poss_dt)::numeric / GREATEST(v.act_pc - v.poss_dt, 1))) AS t) t;
ANALYZE vl1;

ALTER TABLE vl1 ADD COLUMN st char(1);
UPDATE vl1 SET st = CASE
   WHEN val_dt > date '2025-06-12' THEN 'D'
   WHEN val_dt = date '2025-05-25' THEN CASE WHEN us < 0.75 THEN 'C' ELSE 'S' END
   WHEN val_dt = date '2025-04-25' THEN CASE WHEN us < 0.80 THEN 'P' WHEN us < 0.92 THEN 'C' ELSE 'X' END
   ELSE CASE WHEN us < 0.972 THEN 'P' WHEN us < 0.99 THEN 'X' ELSE 'C' END END;

CREATE TEMP TABLE vl2 AS
SELECT v.*,
       CASE WHEN v.st IN ('C','P','X') THEN round(v.applied * v.cf, 2) END AS cert,
       CASE WHEN v.st IN ('C','P','X') THEN round(round(v.applied * v.cf, 2) * v.ret_pct / 100 * CASE v.kind WHEN 'I' THEN 1 WHEN 'P' THEN 0.5 ELSE 0 END, 2) END AS ret
FROM vl1 v;
ANALYZE vl2;

INSERT INTO comm.valuation (contract_id, val_no, val_dt, gross_applied, gross_cert, ret_held, net_due, cert_dt, due_dt, paid_dt, paid_amt, status_cd)
SELECT x.contract_id, x.val_no, x.val_dt, x.applied, x.cert, x.ret, x.net,
       CASE WHEN x.cert IS NOT NULL THEN x.val_dt + 5 + floor(pg_temp.h('vcd'||x.contract_id||x.val_dt) * 8)::int END,
       x.val_dt + x.pay_terms_days,
       CASE WHEN x.st IN ('P','X') THEN LEAST(x.val_dt + x.pay_terms_days - 4 + floor(pow(pg_temp.h('vpd'||x.contract_id||x.val_dt), 2) * 18)::int, date '2025-06-12') END,
       CASE WHEN x.st = 'P' THEN x.net WHEN x.st = 'X' THEN round(x.net * (0.5 + pg_temp.h('vxp'||x.contract_id||x.val_dt) * 0.4), 2) END,
       x.st
FROM (SELECT v.*,
             CASE WHEN v.cert IS NOT NULL THEN
               (v.cert - v.ret) - COALESCE(lag(v.cert - v.ret) OVER w, 0) END AS net
      FROM vl2 v
      WINDOW w AS (PARTITION BY v.contract_id, (v.cert IS NOT NULL) ORDER BY v.val_no)) x
ORDER BY x.contract_id, x.val_no;
ANALYZE comm.variation; ANALYZE comm.valuation;
-- =====================================================================
--  Plant hire, purchase orders, supplier invoices
-- =====================================================================
CREATE TEMP TABLE pcat_w (cat_cd varchar(5), w numeric, t_lo numeric, t_hi numeric, d_lo int, d_hi int, rate numeric, kind text);
INSERT INTO pcat_w VALUES
 ('EX15',8,0.0,0.9,5,40,55,'GEN'),('EX08',7,0.0,0.5,7,60,95,'GEN'),('EX21',4,0.0,0.35,10,90,210,'GEN'),
 ('DMP3',8,0.0,0.9,5,60,45,'GEN'),('DMP9',5,0.0,0.4,10,90,80,'GEN'),('TH14',8,0.15,0.85,20,150,110,'GEN'),
 ('MEWP',9,0.4,1.0,5,60,65,'ACC'),('CRM',4,0.1,0.8,1,3,1100,'CRN'),('GEN',6,0.0,1.0,7,120,35,'GEN'),
 ('PMP',5,0.0,0.5,3,30,18,'GEN'),('RLR',4,0.6,1.0,3,20,70,'GEN'),('CMP',4,0.0,1.0,2,14,40,'GEN'),('LTW',4,0.0,1.0,14,120,25,'GEN');

-- long hires: cabins / welfare for the whole job, tower cranes on tall jobs
CREATE TEMP TABLE hire0 AS
SELECT p.proj_id, p.i, 'L'||g AS k, CASE WHEN g <= 2 THEN 'CAB' ELSE 'WEL' END AS cat_cd, 'CAB' AS kind,
       p.start_dt + floor(pg_temp.h('lon'||p.i||g) * 10)::int - 5 AS on_dt,
       (p.act_pc - p.start_dt + 20) AS plan_days,
       (p.act_pc - p.start_dt + 20 + floor(pg_temp.h('loff'||p.i||g) * 20)::int) AS act_days,
       CASE WHEN g <= 2 THEN 22 ELSE 28 END * (0.85 + pg_temp.h('lr'||p.i||g) * 0.35) AS rate
FROM pj p CROSS JOIN LATERAL generate_series(1, CASE WHEN p.est_value > 6000000 THEN 4 ELSE 2 END) g
WHERE p.status_cd IN ('W','L','P','C') AND (g % 2 = 1 OR p.est_value > 2500000)
UNION ALL
SELECT p.proj_id, p.i, 'TC', 'TWC', 'CRN',
       p.start_dt + ((p.act_pc - p.start_dt) * 0.18)::int,
       ((p.act_pc - p.start_dt) * 0.5)::int,
       ((p.act_pc - p.start_dt) * (0.5 + pg_temp.h('tco'||p.i) * 0.15))::int,
       780 * (0.85 + pg_temp.h('tcr'||p.i) * 0.35)
FROM pj p JOIN proj.project pr ON pr.proj_id = p.proj_id
WHERE p.status_cd IN ('W','L','P','C') AND (pr.attrs->>'storeys')::int >= 4 AND p.est_value > 5000000
UNION ALL
SELECT x.proj_id, x.i, 'S'||x.g, w.cat_cd, w.kind,
       x.start_dt + floor((w.t_lo + pg_temp.h('sht'||x.i||x.g) * (w.t_hi - w.t_lo)) * (x.act_pc - x.start_dt))::int,
       w.d_lo + floor(pg_temp.h('shd'||x.i||x.g) * (w.d_hi - w.d_lo))::int,
       floor((w.d_lo + floor(pg_temp.h('shd'||x.i||x.g) * (w.d_hi - w.d_lo))) * (0.8 + pow(pg_temp.h('sha'||x.i||x.g), 2) * 0.9))::int,
       w.rate * (0.85 + pg_temp.h('shr'||x.i||x.g) * 0.35)
FROM (SELECT p.*, g, pg_temp.h('shc'||p.i||'-'||g) * 76 AS u
      FROM pj p CROSS JOIN LATERAL generate_series(1, 4 + round(p.est_value / 1000000 * 5 * (0.7 + pg_temp.h('nh'||p.i) * 0.6))::int) g
      WHERE p.status_cd IN ('W','L','P','C')) x
JOIN (SELECT *, sum(w) OVER (ORDER BY cat_cd) - w AS lo, sum(w) OVER (ORDER BY cat_cd) AS hi FROM pcat_w) w ON x.u >= w.lo AND x.u < w.hi;
ANALYZE hire0;

DELETE FROM hire0 WHERE on_dt > date '2025-06-12' + 45;

CREATE TEMP TABLE hire1 AS
SELECT h.*, row_number() OVER (ORDER BY h.on_dt, h.proj_id, h.k) AS hk,
       sp.supplier_id,
       round(h.rate * (1 + 0.04 * (h.on_dt - date '2019-01-01') / 365.0), 2) AS day_rate,
       h.on_dt + h.plan_days AS est_off,
       CASE WHEN h.on_dt > date '2025-06-12' THEN NULL
            WHEN h.on_dt + GREATEST(h.act_days, 1) > date '2025-06-12' THEN NULL
            ELSE h.on_dt + GREATEST(h.act_days, 1) END AS off_dt,
       CASE WHEN h.on_dt > date '2025-06-12' THEN 'B'
            WHEN h.on_dt + GREATEST(h.act_days, 1) > date '2025-06-12' THEN 'O' ELSE 'F' END AS st,
       pg_temp.h('hpo'||h.proj_id||h.k) >= 0.12 AS has_po,
       (SELECT s.site_id FROM proj.site s WHERE s.proj_id = h.proj_id ORDER BY pg_temp.h('hs'||h.k||s.site_id) LIMIT 1) AS site_id
FROM hire0 h
JOIN sup_pick sp ON sp.kind = h.kind AND sp.rn = 1 + floor(pg_temp.h('hsp'||h.proj_id||h.k) * sp.n)::int;
ANALYZE hire1;

-- purchase orders: materials / services / consumables + one per plant hire ----------
CREATE TEMP TABLE po0 AS
SELECT x.*,
       CASE WHEN x.cat = 'CON' THEN 'PRE'
            WHEN x.cat = 'SRV' THEN CASE WHEN pg_temp.h('pcs'||x.k) < 0.7 THEN 'PRE' WHEN x.t < 0.3 THEN 'SUB' ELSE 'EXT' END
            WHEN pg_temp.h('pcp'||x.k) < 0.12 THEN 'PRE'
            WHEN x.t < 0.2 THEN 'SUB' WHEN x.t < 0.45 THEN 'FRM' WHEN x.t < 0.65 THEN 'ENV'
            WHEN x.t < 0.85 THEN CASE WHEN pg_temp.h('pcf'||x.k) < 0.5 THEN 'FIT' ELSE 'SVC' END
            ELSE 'EXT' END AS cost_cd
FROM (SELECT p.proj_id, p.i, 'M'||p.i||'-'||g AS k, NULL::bigint AS hk,
             p.start_dt - 20 + floor(pg_temp.h('por'||p.i||'-'||g) * (p.act_pc - p.start_dt + 50))::int AS raised_on,
             CASE WHEN pg_temp.h('poc'||p.i||'-'||g) < 0.70 THEN 'MAT' WHEN pg_temp.h('poc'||p.i||'-'||g) < 0.85 THEN 'SRV' ELSE 'CON' END AS cat,
             GREATEST(0, LEAST(1, (pg_temp.h('por'||p.i||'-'||g) * (p.act_pc - p.start_dt + 50) - 20) / GREATEST(p.act_pc - p.start_dt, 1))) AS t
      FROM pj p CROSS JOIN LATERAL generate_series(1, 10 + round(p.est_value / 1000000 * 22 * (0.8 + pg_temp.h('npo'||p.i) * 0.4))::int) g
      WHERE p.status_cd IN ('W','L','P','C')) x
WHERE x.raised_on <= date '2025-06-12';
ANALYZE po0;

CREATE TEMP TABLE po1 AS
SELECT m.proj_id, m.k, NULL::bigint AS hk, m.raised_on, m.cost_cd,
       sp.supplier_id,
       CASE m.cost_cd
         WHEN 'PRE' THEN pg_temp.pick(CASE m.cat WHEN 'CON' THEN ARRAY['PPE restock - gloves, glasses, hi-vis','Site consumables','First aid kits and eyewash','Fixings and sealants','Spill kits']
                                                WHEN 'SRV' THEN ARRAY['Skip hire - 8 yd mixed waste','Out of hours site security','Traffic management','Site cleaning','Wheel wash and road sweeper']
                                                ELSE ARRAY['Hoarding panels','Temporary electrics','Welfare consumables','Site signage','Temporary fencing'] END, 'pd'||m.k)
         WHEN 'SUB' THEN CASE WHEN m.cat = 'SRV' THEN pg_temp.pick(ARRAY['Plate bearing tests','Topographical survey','CBR testing'], 'pd'||m.k)
                              ELSE pg_temp.pick(ARRAY['Ready mix concrete C32/40','Drainage pipes and fittings','Type 1 sub-base','Reinforcement mesh A393','DPM and radon barrier','Manhole rings and covers'], 'pd'||m.k) END
         WHEN 'FRM' THEN pg_temp.pick(ARRAY['Structural steel sundries','Precast concrete lintels','Timber frame panels','Shuttering ply','Rebar - cut and bent','Concrete pump hire'], 'pd'||m.k)
         WHEN 'ENV' THEN pg_temp.pick(ARRAY['Facing bricks','Concrete blocks 7N','Roof membrane','Cavity insulation','Wall ties and cavity trays','Cladding rails'], 'pd'||m.k)
         WHEN 'FIT' THEN pg_temp.pick(ARRAY['Plasterboard and metal stud','Internal doorsets','Skirting and architrave','Floor screed','Paint and sundries','Ceiling tiles and grid'], 'pd'||m.k)
         WHEN 'SVC' THEN pg_temp.pick(ARRAY['Cable and containment','Copper pipe and fittings','Radiators','Sanitaryware','Ventilation ductwork','Light fittings'], 'pd'||m.k)
         ELSE CASE WHEN m.cat = 'SRV' THEN pg_temp.pick(ARRAY['Line marking','Tree surgery','Drainage CCTV survey'], 'pd'||m.k)
                   ELSE pg_temp.pick(ARRAY['Block paving','Kerbs and edgings','Topsoil','Close board fencing','Tarmac','Street lighting columns'], 'pd'||m.k) END END AS descr,
       round(CASE WHEN m.cat = 'MAT' THEN 60 + 25000 * pow(pg_temp.h('pv'||m.k), 3) ELSE 25 + 4000 * pow(pg_temp.h('pv'||m.k), 2.5) END, 2) AS po_val,
       CASE WHEN date '2025-06-12' - m.raised_on <= 30 THEN pg_temp.pick(ARRAY['D','O','O','O','O','O','O','P','P','X'], 'ps'||m.k)
            WHEN date '2025-06-12' - m.raised_on <= 90 THEN pg_temp.pick(ARRAY['O','O','O','P','P','P','P','P','P','C','C','C','C','C','C','C','C','C','C','X'], 'ps'||m.k)
            ELSE CASE WHEN pg_temp.h('ps'||m.k) < 0.88 THEN 'C' WHEN pg_temp.h('ps'||m.k) < 0.94 THEN 'P' WHEN pg_temp.h('ps'||m.k) < 0.98 THEN 'X' ELSE 'O' END END AS po_status,
       pg_temp.h('pi'||m.k) AS ui
FROM po0 m
JOIN sup_pick sp ON sp.kind = m.cat AND sp.rn = 1 + floor(pg_temp.h('psp'||m.k) * sp.n)::int
UNION ALL
SELECT h.proj_id, 'H'||h.hk, h.hk, h.on_dt - 1 - floor(pg_temp.h('hpr'||h.hk) * 5)::int, 'PLT', h.supplier_id,
       'Hire: ' || c.cat_name, round(h.plan_days * h.day_rate, 2),
       CASE h.st WHEN 'F' THEN 'C' WHEN 'O' THEN CASE WHEN h.on_dt < date '2025-06-12' - 28 THEN 'P' ELSE 'O' END
                 ELSE CASE WHEN pg_temp.h('hbd'||h.hk) < 0.3 THEN 'D' ELSE 'O' END END,
       pg_temp.h('pi'||h.hk)
FROM hire1 h JOIN plant.plant_cat c ON c.cat_cd = h.cat_cd
WHERE h.has_po;
ANALYZE po1;

CREATE TEMP TABLE po2 AS
SELECT p.*, 'PO' || (100000 + row_number() OVER (ORDER BY p.raised_on, p.k)) AS po_no
FROM po1 p WHERE p.raised_on <= date '2025-06-12';
ANALYZE po2;

INSERT INTO supply.purchase_order (po_no, proj_id, supplier_id, raised_by, raised_on, reqd_dt, cost_cd, descr, po_val, po_status)
SELECT p.po_no, p.proj_id, p.supplier_id,
       CASE WHEN b.staff_id IS NOT NULL AND pg_temp.h('prb'||p.k) < 0.7 THEN b.staff_id ELSE pr.pm_id END,
       p.raised_on,
       CASE WHEN pg_temp.h('prq'||p.k) < 0.9 THEN p.raised_on + 1 + floor(pg_temp.h('prd'||p.k) * 20)::int END,
       p.cost_cd, p.descr, p.po_val, p.po_status
FROM po2 p
JOIN proj.project pr ON pr.proj_id = p.proj_id
LEFT JOIN proj.staff b ON b.role_cd = 'BU' AND b.region_cd = pr.region_cd
ORDER BY p.po_no;

INSERT INTO plant.hire (hire_ref, proj_id, site_id, cat_cd, supplier_id, descr, on_hire_dt, est_off_dt, off_hire_dt, offhire_ref, day_rate, po_no, hire_status)
SELECT 'H' || lpad((h.supplier_id * 7919 + h.hk * 104729 % 1000000)::text, 8, '0') || '-' || h.hk % 97,
       h.proj_id, h.site_id, h.cat_cd, h.supplier_id,
       c.cat_name || CASE WHEN h.cat_cd = 'CRM' THEN ' - ' || pg_temp.pick(ARRAY['35t','50t','60t','100t'], 'crm'||h.hk) || ' incl. operator and slinger'
                          WHEN h.cat_cd = 'MEWP' THEN ' - ' || pg_temp.pick(ARRAY['19ft electric scissor','26ft electric scissor','33ft diesel scissor','45ft boom'], 'mw'||h.hk)
                          WHEN h.cat_cd = 'CAB' THEN ' - ' || pg_temp.pick(ARRAY['32ft x 10ft','24ft x 9ft','2-storey stack'], 'cb'||h.hk)
                          ELSE '' END,
       h.on_dt, h.est_off, h.off_dt,
       CASE WHEN h.st = 'F' THEN 'OH' || lpad(floor(pg_temp.h('ohr'||h.hk) * 9999999)::int::text, 7, '0') END,
       h.day_rate, p.po_no, h.st
FROM hire1 h
JOIN plant.plant_cat c ON c.cat_cd = h.cat_cd
LEFT JOIN po2 p ON p.hk = h.hk
ORDER BY h.on_dt, h.hk;

ANALYZE supply.purchase_order;
ANALYZE plant.hire;
-- supplier invoices -----------------------------------------------------------------
CREATE TEMP TABLE si0 AS
SELECT p.po_no, p.supplier_id, p.k, kk.k AS kn, nn.n,
       CASE WHEN p.hk IS NULL THEN p.raised_on + 3 + kk.k * (5 + floor(pg_temp.h('sid'||p.k) * 25))::int
            ELSE h.on_dt + 28 * kk.k END AS inv_dt,
       CASE WHEN p.hk IS NULL THEN
              CASE WHEN p.po_status = 'C' THEN round(p.po_val * CASE WHEN pg_temp.h('sif'||p.k) < 0.85 THEN 1 ELSE 0.97 + pg_temp.h('sig'||p.k) * 0.09 END / nn.n, 2)
                   ELSE round(p.po_val * (0.3 + pg_temp.h('sif'||p.k) * 0.5) / nn.n, 2) END
            WHEN h.st = 'F' THEN round((h.off_dt - h.on_dt) * h.day_rate / nn.n, 2)
            ELSE round(28 * h.day_rate, 2) END AS net_amt
FROM po2 p
LEFT JOIN hire1 h ON h.hk = p.hk
CROSS JOIN LATERAL (SELECT CASE WHEN p.hk IS NULL THEN
                             CASE WHEN p.po_status = 'C' THEN 1 + (pg_temp.h('sin'||p.k) < 0.3)::int + (pg_temp.h('sin'||p.k) < 0.1)::int
                                  ELSE 1 + (pg_temp.h('sin'||p.k) < 0.2)::int END
                           WHEN h.st = 'F' THEN LEAST(12, GREATEST(1, ceil((h.off_dt - h.on_dt) / 28.0)::int))
                           ELSE GREATEST(0, floor((date '2025-06-12' - h.on_dt) / 28.0)::int) END AS n) nn
CROSS JOIN LATERAL generate_series(1, nn.n) kk(k)
WHERE p.po_status IN ('P','C');
ANALYZE si0;
DELETE FROM si0 WHERE inv_dt > date '2025-06-12';

-- invoices with no purchase order
INSERT INTO si0 (po_no, supplier_id, k, kn, n, inv_dt, net_amt)
SELECT NULL, sp.supplier_id, 'U'||g, 1, 1,
       date '2019-06-01' + floor(sqrt(pg_temp.h('ud'||g)) * (date '2025-06-12' - date '2019-06-01'))::int,
       round(25 + 3000 * pow(pg_temp.h('ua'||g), 2.5), 2)
FROM generate_series(1, 1800) g
JOIN sup_pick sp ON sp.kind = pg_temp.pick(ARRAY['SRV','SRV','CON','MAT'], 'uk'||g)
                AND sp.rn = 1 + floor(pg_temp.h('us'||g) * sp.n)::int;

CREATE TEMP TABLE si1 AS
SELECT s.*, LEAST(s.inv_dt + floor(pg_temp.h('srv'||s.k||s.kn) * 9)::int, date '2025-06-12') AS recvd_dt,
       s.inv_dt + sup.pay_terms_days AS due_dt,
       CASE WHEN s.po_no IS NULL THEN 'U'
            WHEN pg_temp.h('smc'||s.k||s.kn) < 0.91 THEN 'M' WHEN pg_temp.h('smc'||s.k||s.kn) < 0.97 THEN 'V' ELSE 'H' END AS match_cd,
       pg_temp.h('sap'||s.k||s.kn) AS ua
FROM si0 s JOIN supply.supplier sup ON sup.supplier_id = s.supplier_id;
ANALYZE si1;

ALTER TABLE si1 ADD COLUMN approved_on date, ADD COLUMN paid_on date;
UPDATE si1 SET approved_on = CASE match_cd
     WHEN 'M' THEN recvd_dt + 1 + floor(ua * 10)::int
     WHEN 'V' THEN CASE WHEN ua < 0.6 OR (recvd_dt < date '2025-06-12' - 60 AND ua < 0.93) THEN recvd_dt + 10 + floor(ua * 30)::int END
     WHEN 'H' THEN CASE WHEN recvd_dt < date '2025-06-12' - 90 AND ua < 0.7 THEN recvd_dt + 20 + floor(ua * 70)::int END
     ELSE CASE WHEN ua < 0.8 OR (recvd_dt < date '2025-06-12' - 60 AND ua < 0.97) THEN recvd_dt + 5 + floor(ua * 25)::int END END;
UPDATE si1 SET approved_on = NULL WHERE approved_on > date '2025-06-12';
UPDATE si1 SET paid_on = GREATEST(due_dt - 3, approved_on + 1) + ((12 - extract(isodow FROM GREATEST(due_dt - 3, approved_on + 1))::int) % 7)
                         + CASE WHEN pg_temp.h('slt'||k||kn) < 0.08 THEN 7 + 7 * floor(pg_temp.h('slw'||k||kn) * 3)::int ELSE 0 END
WHERE approved_on IS NOT NULL AND pg_temp.h('snp'||k||kn) > 0.006;
UPDATE si1 SET paid_on = NULL WHERE paid_on > date '2025-06-12';

INSERT INTO supply.supplier_invoice (supplier_id, po_id, supp_inv_ref, inv_dt, recvd_dt, net_amt, vat_amt, due_dt, match_cd, approved_on, paid_on)
SELECT s.supplier_id, po.po_id,
       CASE s.supplier_id % 4 WHEN 0 THEN 'INV-' WHEN 1 THEN 'SI' WHEN 2 THEN '' ELSE 'CWC/' END
         || (10000 + s.supplier_id * 37 + row_number() OVER (PARTITION BY s.supplier_id ORDER BY s.inv_dt, s.k, s.kn)),
       s.inv_dt, s.recvd_dt, s.net_amt, round(s.net_amt * 0.2, 2), s.due_dt, s.match_cd, s.approved_on, s.paid_on
FROM si1 s
LEFT JOIN supply.purchase_order po ON po.po_no = s.po_no
ORDER BY s.recvd_dt, s.inv_dt, s.k, s.kn;
-- =====================================================================
--  Labour: workers, certificates, timesheets
-- =====================================================================
CREATE TEMP TABLE w0 AS
SELECT g,
       CASE WHEN pg_temp.h('wt'||g) < 0.30 THEN 'D' WHEN pg_temp.h('wt'||g) < 0.52 THEN 'A' ELSE 'S' END AS et,
       date '2012-01-01' + floor(sqrt(pg_temp.h('wsd'||g)) * (date '2025-06-09' - date '2012-01-01'))::int AS sd,
       pg_temp.h('wed'||g) AS ue,
       pg_temp.pick(ARRAY['NW','NW','NW','NW','NW','NW','NW','YH','YH','YH','YH','YH','EM','EM','EM','EM','WM','WM','WM','WM'], 'wr'||g) AS reg
FROM generate_series(1, 2600) g;
ANALYZE w0;

INSERT INTO labour.worker (first_nm, last_nm, emp_type, sub_id, agency_nm, trade_cd, cscs_no, "NINumber", dob, home_region, hourly_rate, start_dt, end_dt, mobile)
SELECT pg_temp.pick(CASE WHEN pg_temp.h('wf'||w.g) < 0.08
                         THEN ARRAY['Emma','Sophie','Laura','Jade','Chloe','Kelly','Amy','Natalie','Gemma','Hannah','Zoe','Rebecca']
                         ELSE ARRAY['James','John','David','Michael','Paul','Mark','Daniel','Chris','Andrew','Richard','Steven','Robert',
                                    'Lee','Ryan','Tom','Ben','Jack','Liam','Craig','Dean','Gary','Kevin','Sean','Scott','Darren','Jason',
                                    'Matthew','Adam','Luke','Nathan','Carl','Wayne','Tony','Shane','Kyle','Callum','Connor','Josh','Harry',
                                    'Piotr','Tomasz','Marius','Andrei','Bogdan','Krzysztof','Mohammed','Imran','Tariq','Aaron','Jamie','Martin',
                                    'Neil','Stuart','Phil','Graham','Dominic','Reece','Owen','Bradley','Patrick','Declan','Kieran'] END, 'wfn'||w.g),
       pg_temp.pick(ARRAY['Smith','Jones','Taylor','Brown','Wilson','Johnson','Walker','Wright','Robinson','Thompson','White','Hughes','Edwards',
                          'Green','Hall','Wood','Harris','Lewis','Martin','Jackson','Clarke','Clark','Turner','Hill','Scott','Cooper','Morris',
                          'Ward','Moore','King','Watson','Baker','Harrison','Morgan','Patel','Young','Allen','Mitchell','James','Anderson',
                          'Phillips','Lee','Bell','Parker','Davies','Kelly','Shaw','Chapman','Mason','Holmes','Lloyd','Stevens','Webb',
                          'Kowalski','Nowak','Wisniewski','Popescu','Ionescu','Khan','Hussain','Ali','Murphy','Byrne','Doyle','Gallagher',
                          'Barker','Booth','Hartley','Lister','Pollard','Dobson','Atkinson','Kirk','Heaton','Bolton','Marsden','Pearson',
                          'Whittaker','Haslam','Crossley','Longworth'], 'wln'||w.g),
       w.et,
       CASE WHEN w.et = 'S' THEN 1 + floor(pg_temp.h('wsb'||w.g) * 180)::int END,
       CASE WHEN w.et = 'A' THEN pg_temp.pick(ARRAY['Site Force Recruitment','BuildStaff North','Hardhat Labour Ltd','Midlands Trades Agency','ProSite People'], 'wag'||w.g) END,
       NULL,
       CASE WHEN pg_temp.h('wcs'||w.g) < 0.985 THEN (10000000 + floor(pg_temp.h('wcn'||w.g) * 89999999))::bigint::text END,
       CASE WHEN w.et IN ('D','A') AND pg_temp.h('wni'||w.g) < 0.96 THEN
            chr(65 + floor(pg_temp.h('n1'||w.g) * 20)::int) || chr(65 + floor(pg_temp.h('n2'||w.g) * 20)::int)
            || lpad(floor(pg_temp.h('n3'||w.g) * 999999)::int::text, 6, '0') || chr(65 + floor(pg_temp.h('n4'||w.g) * 4)::int) END,
       CASE WHEN pg_temp.h('wdb'||w.g) < 0.97 THEN date '1962-01-01' + floor(pg_temp.h('wdd'||w.g) * 16000)::int END,
       w.reg,
       NULL,
       w.sd,
       CASE WHEN w.ue < 0.5 AND w.sd + 60 + floor(pg_temp.h('wel'||w.g) * 1500)::int <= date '2025-06-12'
            THEN w.sd + 60 + floor(pg_temp.h('wel'||w.g) * 1500)::int END,
       CASE WHEN pg_temp.h('wmb'||w.g) < 0.85 THEN '07' || lpad(floor(pg_temp.h('wmn'||w.g) * 999999999)::bigint::text, 9, '0') END
FROM w0 w
ORDER BY w.sd, w.g;

-- trades and rates
UPDATE labour.worker w SET trade_cd = s.trade_cd FROM supply.subcontractor s WHERE s.sub_id = w.sub_id;
UPDATE labour.worker SET trade_cd = CASE WHEN pg_temp.h('wtr'||worker_id) < 0.30 THEN NULL
        ELSE pg_temp.pick(ARRAY['GRW','GRW','GRW','BRK','BRK','JNR','JNR','SCF','DRY','DEC','CON','LSC'], 'wtc'||worker_id) END
WHERE emp_type IN ('D','A');
UPDATE labour.worker SET hourly_rate = round((CASE WHEN trade_cd IS NULL THEN 14.5 ELSE 17.5 END + pg_temp.h('whr'||worker_id) * 6)
        * CASE WHEN emp_type = 'A' THEN 1.28 ELSE 1 END, 2)
WHERE emp_type IN ('D','A');

-- certificates
CREATE TEMP TABLE cert_p (cert_cd varchar(6), p_d numeric, p_a numeric, p_s numeric);
INSERT INTO cert_p VALUES
 ('CSCS',0.99,0.98,0.97),('SMSTS',0.03,0.01,0.03),('SSSTS',0.10,0.04,0.09),('IPAF',0.15,0.10,0.25),('PASMA',0.20,0.12,0.22),
 ('A17',0.12,0.08,0.04),('A59',0.20,0.10,0.05),('FAW',0.12,0.03,0.05),('EFAW',0.22,0.08,0.10),('ASBA',0.65,0.45,0.60),
 ('CONF',0.12,0.05,0.06),('TWC',0.03,0.00,0.02),('FMAR',0.08,0.02,0.03),('MANH',0.55,0.40,0.20);

INSERT INTO labour.worker_cert (worker_id, cert_cd, cert_no, issued_on, expires_on, verified_on)
SELECT x.worker_id, x.cert_cd,
       CASE WHEN x.cert_cd = 'CSCS' THEN x.cscs_no ELSE upper(x.cert_cd) || '-' || lpad(floor(pg_temp.h('cno'||x.worker_id||x.cert_cd) * 9999999)::int::text, 7, '0') END,
       x.iss,
       CASE WHEN x.valid_yrs IS NOT NULL THEN (x.iss + make_interval(years => x.valid_yrs))::date END,
       CASE WHEN pg_temp.h('cvf'||x.worker_id||x.cert_cd) < 0.8 THEN LEAST(x.iss + 1 + floor(pg_temp.h('cvd'||x.worker_id||x.cert_cd) * 60)::int, date '2025-06-12') END
FROM (SELECT w.worker_id, w.cscs_no, ct.cert_cd, ct.valid_yrs,
             COALESCE(w.end_dt, date '2025-06-12') - floor(pg_temp.h('cis'||w.worker_id||ct.cert_cd) * COALESCE(ct.valid_yrs, 6) * 365 * 1.12)::int AS iss
      FROM labour.worker w
      CROSS JOIN labour.cert_type ct
      JOIN cert_p cp ON cp.cert_cd = ct.cert_cd
      WHERE pg_temp.h('cin'||w.worker_id||ct.cert_cd) < CASE w.emp_type WHEN 'D' THEN cp.p_d WHEN 'A' THEN cp.p_a ELSE cp.p_s END
        AND (ct.cert_cd <> 'CSCS' OR w.cscs_no IS NOT NULL)) x
ORDER BY x.worker_id, x.cert_cd;

-- timesheets --------------------------------------------------------------------
CREATE TEMP TABLE wk AS
SELECT d::date AS we, ((d::date - date '2021-01-03') / 7) AS wn
FROM generate_series(date '2021-01-03', date '2025-06-15', interval '7 days') d;
ANALYZE wk;

CREATE TEMP TABLE live_wk AS
SELECT wk.we, wk.wn, p.region_cd, p.proj_id,
       row_number() OVER (PARTITION BY wk.we, p.region_cd ORDER BY p.proj_id) AS rn,
       count(*) OVER (PARTITION BY wk.we, p.region_cd) AS n
FROM wk JOIN pj p ON p.status_cd IN ('L','P','C') AND wk.we >= p.start_dt + 6 AND wk.we <= p.act_pc + 7;
ANALYZE live_wk;

CREATE TEMP TABLE live_n AS SELECT DISTINCT we, region_cd, n FROM live_wk;
ANALYZE live_n;

ANALYZE labour.worker;
CREATE TEMP TABLE ts_x AS
SELECT w.worker_id, w.home_region, wk.we, wk.wn,
       pg_temp.h('tsp'||w.worker_id||'-'||((wk.wn + w.worker_id % 13) / 13)) AS up
FROM labour.worker w
JOIN wk ON wk.we >= w.start_dt + 6 AND wk.we <= COALESCE(w.end_dt + 6, date '2025-06-15')
WHERE w.emp_type IN ('D','A')
  AND pg_temp.h('tsa'||w.worker_id||'-'||wk.wn) < 0.86;
ANALYZE ts_x;

CREATE TEMP TABLE ts0 AS
SELECT x.worker_id, lw.proj_id, x.we, x.wn, pg_temp.h('tsu'||x.worker_id||'-'||x.wn) AS u
FROM ts_x x
JOIN live_n ln ON ln.we = x.we AND ln.region_cd = x.home_region
JOIN live_wk lw ON lw.we = x.we AND lw.region_cd = x.home_region AND lw.rn = 1 + floor(x.up * ln.n)::int;
ANALYZE ts0;

INSERT INTO labour.timesheet (worker_id, proj_id, week_ending, hrs_norm, hrs_ot, day_hrs, ts_status, submitted_at, approved_by, approved_at, pr_run_no)
SELECT t.worker_id, t.proj_id, t.we, hh.hn, hh.ho,
       jsonb_strip_nulls(jsonb_build_object('mon', CASE WHEN hh.nd = 5 OR (hh.nd = 4 AND hh.dm <> 0) OR (hh.nd = 3 AND hh.dm <> 0 AND (hh.dm + 2) % 5 <> 0) THEN 7.8 END,
                                            'tue', CASE WHEN hh.nd = 5 OR (hh.nd = 4 AND hh.dm <> 1) OR (hh.nd = 3 AND hh.dm <> 1 AND (hh.dm + 2) % 5 <> 1) THEN 7.8 END,
                                            'wed', CASE WHEN hh.nd = 5 OR (hh.nd = 4 AND hh.dm <> 2) OR (hh.nd = 3 AND hh.dm <> 2 AND (hh.dm + 2) % 5 <> 2) THEN 7.8 END,
                                            'thu', CASE WHEN hh.nd = 5 OR (hh.nd = 4 AND hh.dm <> 3) OR (hh.nd = 3 AND hh.dm <> 3 AND (hh.dm + 2) % 5 <> 3) THEN 7.8 END,
                                            'fri', CASE WHEN hh.nd = 5 OR (hh.nd = 4 AND hh.dm <> 4) OR (hh.nd = 3 AND hh.dm <> 4 AND (hh.dm + 2) % 5 <> 4) THEN 7.8 END,
                                            'sat', CASE WHEN hh.ho > 0 THEN hh.ho END)),
       s.st,
       CASE WHEN s.st <> 'D' THEN t.we - 2 + interval '12 hours' + floor(pg_temp.h('tsb'||t.worker_id||'-'||t.wn) * 1800) * interval '1 minute' END,
       CASE WHEN s.st IN ('A','R') THEN sm.site_mgr_id END,
       CASE WHEN s.st IN ('A','R') THEN t.we + interval '1 day 7 hours' + floor(pg_temp.h('tst'||t.worker_id||'-'||t.wn) * 2400) * interval '1 minute' END,
       CASE WHEN s.st = 'A' AND t.we <= date '2025-06-01' THEN (to_char(t.we + 5, 'IYYY') || to_char(t.we + 5, 'IW'))::int END
FROM ts0 t
CROSS JOIN LATERAL (SELECT CASE
        WHEN t.we = date '2025-06-15' THEN 'D'
        WHEN t.we = date '2025-06-08' THEN CASE WHEN t.u < 0.15 THEN 'A' WHEN t.u < 0.95 THEN 'S' ELSE 'R' END
        WHEN t.we = date '2025-06-01' THEN CASE WHEN t.u < 0.90 THEN 'A' WHEN t.u < 0.97 THEN 'S' ELSE 'R' END
        ELSE CASE WHEN t.u < 0.988 THEN 'A' ELSE 'R' END END AS st) s
CROSS JOIN LATERAL (SELECT CASE WHEN t.u < 0.12 THEN 23.4 WHEN t.u < 0.22 THEN 31.2 ELSE 39.0 END AS hn,
                           CASE WHEN t.u < 0.12 THEN 3 WHEN t.u < 0.22 THEN 4 ELSE 5 END AS nd,
                           (CASE WHEN pg_temp.h('tso'||t.worker_id||'-'||t.wn) < 0.32 THEN 2 + floor(pg_temp.h('tsh'||t.worker_id||'-'||t.wn) * 21) / 2.0 ELSE 0 END)::numeric(4,1) AS ho,
                           floor(t.u * 1000)::int % 5 AS dm) hh
LEFT JOIN LATERAL (SELECT site_mgr_id FROM proj.site WHERE proj_id = t.proj_id ORDER BY site_id LIMIT 1) sm ON true
ORDER BY t.we, t.worker_id;
ANALYZE labour.worker_cert; ANALYZE labour.timesheet;
-- =====================================================================
--  HSE: inspections, incidents.  QA: snags
-- =====================================================================
CREATE TEMP TABLE st_wk AS
SELECT s.site_id, s.proj_id, s.site_mgr_id, p.region_cd, p.i, s.opened_on,
       COALESCE(s.closed_on, date '2025-06-12') AS close_dt,
       g AS wk, s.opened_on + 7 * g - 3 AS d,
       (7.0 * g) / GREATEST(COALESCE(s.closed_on, p.act_pc + 21) - s.opened_on, 7) AS t
FROM proj.site s JOIN pj p ON p.proj_id = s.proj_id
CROSS JOIN LATERAL generate_series(1, (GREATEST(COALESCE(s.closed_on, date '2025-06-12') - s.opened_on, 0) + 3) / 7) g
WHERE s.opened_on <= date '2025-06-12';
ANALYZE st_wk;
DELETE FROM st_wk WHERE d > date '2025-06-12';

CREATE TEMP TABLE ins0 AS
SELECT w.site_id, w.region_cd, w.site_mgr_id, w.d + o.off AS dt, o.typ, w.t, w.wk,
       'i'||w.site_id||'-'||w.wk||o.typ AS k
FROM st_wk w
CROSS JOIN LATERAL (VALUES ('W', 0), ('S', 1), ('E', 1), ('L', 2), ('F', 3), ('A', 2), ('X', 1)) o(typ, off)
WHERE CASE o.typ
        WHEN 'W' THEN true
        WHEN 'S' THEN w.t BETWEEN 0.15 AND 0.85
        WHEN 'E' THEN w.t < 0.28
        WHEN 'L' THEN w.wk % 4 = 0 AND w.t BETWEEN 0.1 AND 0.9
        WHEN 'F' THEN w.wk % 4 = 2
        WHEN 'A' THEN w.wk % 6 = (w.site_id % 6)
        ELSE w.wk % 13 = (w.site_id % 13) END
  AND w.d + o.off <= date '2025-06-12';
ANALYZE ins0;

CREATE TEMP TABLE ins1 AS
SELECT i.*,
       CASE WHEN i.typ IN ('S','E') THEN NULL
            ELSE LEAST(100, 52 + floor(48 * pow(pg_temp.h('isc'||i.k), 0.4)))::int END AS score,
       pg_temp.h('ipf'||i.k) AS upf
FROM ins0 i;
ANALYZE ins1;

INSERT INTO hse.inspection (site_id, insp_dt, insp_type, inspector_id, score, result_cd, findings)
SELECT i.site_id, i.dt, i.typ,
       CASE WHEN i.typ = 'X' THEN NULL WHEN i.typ = 'A' THEN hs.staff_id ELSE i.site_mgr_id END,
       i.score,
       r.res,
       jsonb_strip_nulls(jsonb_build_object(
          'obs', o.obs,
          'cats', (SELECT COALESCE(jsonb_agg(c ORDER BY c), '[]'::jsonb) FROM unnest(ARRAY['housekeeping','PPE','access','edge protection','fire',
                     'welfare','plant','excavation','COSHH','lifting','scaffold','electrical']) c
                   WHERE pg_temp.h('ic'||i.k||c) < LEAST(o.obs, 5) / 12.0 + CASE WHEN c = 'housekeeping' AND o.obs > 0 THEN 0.3 ELSE 0 END),
          'photos', floor(pg_temp.h('iph'||i.k) * (o.obs * 2 + 3))::int,
          'weather', pg_temp.pick(ARRAY['dry','dry','dry','wet','wet','windy','cold','hot'], 'iw'||i.k),
          'actions_open', CASE WHEN o.obs > 0 AND i.dt > date '2025-06-12' - 21 THEN floor(pg_temp.h('iao'||i.k) * (o.obs + 1))::int
                               WHEN o.obs > 0 THEN 0 END,
          'visitor', CASE WHEN i.typ = 'X' THEN pg_temp.pick(ARRAY['Client','Client','Client','Insurer','Insurer','HSE inspector','Principal designer'], 'iv'||i.k) END,
          'tag', CASE WHEN i.typ IN ('S','E') THEN CASE WHEN r.res = 'F' THEN 'red' ELSE 'green' END END))
FROM ins1 i
LEFT JOIN proj.staff hs ON hs.role_cd = 'HS' AND hs.region_cd = i.region_cd
CROSS JOIN LATERAL (SELECT CASE WHEN i.typ IN ('S','E') THEN CASE WHEN i.upf < 0.94 THEN 'P' WHEN i.upf < 0.98 THEN 'A' ELSE 'F' END
                                WHEN i.score >= 85 THEN 'P' WHEN i.score >= 70 THEN 'A' ELSE 'F' END AS res) r
CROSS JOIN LATERAL (SELECT CASE WHEN i.typ IN ('S','E') THEN CASE r.res WHEN 'P' THEN 0 WHEN 'A' THEN 1 ELSE 2 END
                                ELSE GREATEST(0, floor((100 - i.score) / 6.0 + pg_temp.h('iob'||i.k) * 2 - 1))::int END AS obs) o
ORDER BY i.dt, i.site_id, i.typ;

-- incidents ---------------------------------------------------------------------
CREATE TEMP TABLE inc0 AS
SELECT w.site_id, w.region_cd, w.site_mgr_id, w.wk, w.d,
       'n'||w.site_id||'-'||w.wk||'-'||g AS k,
       w.d - 3 + floor(pg_temp.h('ido'||w.site_id||'-'||w.wk||'-'||g) * 7)::int + time '07:00' + floor(pg_temp.h('idt'||w.site_id||'-'||w.wk||'-'||g) * 600) * interval '1 minute' AS occ,
       pg_temp.h('isv'||w.site_id||'-'||w.wk||'-'||g) AS us
FROM st_wk w CROSS JOIN generate_series(1, 2) g
WHERE pg_temp.h('inc'||w.site_id||'-'||w.wk||'-'||g) < 0.065;
ANALYZE inc0;
DELETE FROM inc0 WHERE occ > timestamp '2025-06-12 12:00';

-- workers on our books during each year, by region (direct / agency) or all subcontractor operatives
CREATE TEMP TABLE wpool AS
SELECT CASE WHEN w.emp_type = 'S' THEN 'S' ELSE w.home_region END AS grp, y AS yr, array_agg(w.worker_id ORDER BY w.worker_id) AS ids
FROM labour.worker w CROSS JOIN generate_series(2019, 2025) y
WHERE w.start_dt <= make_date(y, 12, 31) AND COALESCE(w.end_dt, date '2025-06-12') >= make_date(y, 1, 1)
GROUP BY 1, 2;
ANALYZE wpool;

CREATE TEMP TABLE inc1 AS
SELECT i.*,
       CASE WHEN i.us < 0.46 THEN 'NM' WHEN i.us < 0.74 THEN 'FA' WHEN i.us < 0.86 THEN 'MI' WHEN i.us < 0.93 THEN 'LT'
            WHEN i.us < 0.98 THEN 'RD' ELSE 'DO' END AS sev
FROM inc0 i;
ANALYZE inc1;

INSERT INTO hse.incident (inc_ref, site_id, occurred_at, reported_at, category, severity_cd, injured_party, worker_id, lost_days, riddor_ref, descr, investigated_by, closed_on)
SELECT 'INC' || to_char(x.occ, 'YY') || '-' || lpad(row_number() OVER (PARTITION BY extract(year FROM x.occ) ORDER BY x.occ, x.k)::text, 4, '0'),
       x.site_id, x.occ,
       x.occ + CASE WHEN x.sev = 'NM' THEN floor(pg_temp.h('irp'||x.k) * 4000) ELSE 5 + floor(pow(pg_temp.h('irp'||x.k), 3) * 1500) END * interval '1 minute',
       x.cat::hse.inc_category, x.sev, x.party,
       CASE WHEN x.party IN ('E','S') AND pg_temp.h('iwk'||x.k) < 0.9 THEN
              wp.ids[1 + floor(pg_temp.h('iwp'||x.k) * array_length(wp.ids, 1))::int] END,
       CASE x.sev WHEN 'LT' THEN 1 + floor(pg_temp.h('ild'||x.k) * 7)::int
                  WHEN 'RD' THEN CASE WHEN pg_temp.h('ils'||x.k) < 0.8 THEN 8 + floor(pow(pg_temp.h('ild'||x.k), 2) * 90)::int ELSE floor(pg_temp.h('ild'||x.k) * 7)::int END
                  WHEN 'FA' THEN 0 WHEN 'MI' THEN 0 END,
       CASE WHEN x.sev IN ('RD','DO') AND NOT (x.occ > timestamp '2025-05-20' AND pg_temp.h('irr'||x.k) < 0.6) AND pg_temp.h('irm'||x.k) > 0.03
            THEN (9000000 + floor(pg_temp.h('irn'||x.k) * 999999))::int::text END,
       CASE x.cat
         WHEN 'slip_trip_fall' THEN pg_temp.pick(ARRAY['Tripped over cable on stair landing','Slipped on mud at site entrance','Tripped on rebar offcut','Slipped on wet scaffold board'], 'ids'||x.k)
         WHEN 'fall_from_height' THEN pg_temp.pick(ARRAY['Fell from stepladder in corridor','Fell from edge of trench','Board dropped from second lift of scaffold','Fell through unprotected riser'], 'ids'||x.k)
         WHEN 'struck_by_object' THEN pg_temp.pick(ARRAY['Struck by swinging load','Hit by falling block from loading out','Tool dropped from MEWP','Door blown shut on hand'], 'ids'||x.k)
         WHEN 'manual_handling' THEN pg_temp.pick(ARRAY['Back strain lifting kerbs','Shoulder strain carrying plasterboard','Hand trapped moving barrier'], 'ids'||x.k)
         WHEN 'plant_vehicle' THEN pg_temp.pick(ARRAY['Dumper reversed without banksman','Telehandler overturned on slope','Delivery lorry struck hoarding','Excavator bucket struck services'], 'ids'||x.k)
         WHEN 'electrical' THEN pg_temp.pick(ARRAY['Cable strike - live LV cable','Damaged 110V lead in use','Shock from temporary DB'], 'ids'||x.k)
         WHEN 'cut_laceration' THEN pg_temp.pick(ARRAY['Cut to hand from Stanley knife','Laceration from sheet metal edge','Cut from disc cutter kickback'], 'ids'||x.k)
         WHEN 'fire' THEN pg_temp.pick(ARRAY['Small fire in skip','Hot works ignited insulation','Generator fuel spill ignited'], 'ids'||x.k)
         WHEN 'environmental' THEN pg_temp.pick(ARRAY['Diesel spill from bowser','Silty water pumped to drain','Dust complaint from neighbour'], 'ids'||x.k)
         ELSE pg_temp.pick(ARRAY['Trespasser on site overnight','Member of public entered exclusion zone','Hoarding panel blown over'], 'ids'||x.k) END,
       CASE WHEN x.sev IN ('LT','RD','DO') THEN hs.staff_id ELSE x.site_mgr_id END,
       CASE WHEN x.occ::date + 3 + floor(pow(pg_temp.h('icl'||x.k), 2) * CASE WHEN x.sev IN ('RD','DO') THEN 120 ELSE 45 END)::int <= date '2025-06-12'
             AND pg_temp.h('iop'||x.k) > 0.03
            THEN x.occ::date + 3 + floor(pow(pg_temp.h('icl'||x.k), 2) * CASE WHEN x.sev IN ('RD','DO') THEN 120 ELSE 45 END)::int END
FROM (SELECT i.*,
             CASE WHEN i.sev IN ('NM','DO') THEN pg_temp.pick(ARRAY['struck_by_object','struck_by_object','plant_vehicle','plant_vehicle','fall_from_height',
                                                                     'electrical','fire','environmental','other','slip_trip_fall'], 'ica'||i.k)
                  ELSE pg_temp.pick(ARRAY['slip_trip_fall','slip_trip_fall','slip_trip_fall','manual_handling','manual_handling','cut_laceration',
                                          'cut_laceration','struck_by_object','fall_from_height','plant_vehicle','electrical'], 'ica'||i.k) END AS cat,
             CASE WHEN i.sev IN ('NM','DO') THEN NULL
                  WHEN pg_temp.h('ipt'||i.k) < 0.35 THEN 'E' WHEN pg_temp.h('ipt'||i.k) < 0.90 THEN 'S'
                  WHEN pg_temp.h('ipt'||i.k) < 0.94 THEN 'P' ELSE 'V' END AS party
      FROM inc1 i) x
LEFT JOIN proj.staff hs ON hs.role_cd = 'HS' AND hs.region_cd = x.region_cd
LEFT JOIN wpool wp ON wp.grp = CASE WHEN x.party = 'E' THEN x.region_cd ELSE 'S' END AND wp.yr = extract(year FROM x.occ)::int
ORDER BY x.occ, x.k;

-- snags -------------------------------------------------------------------------
CREATE TEMP TABLE sn0 AS
SELECT p.proj_id, p.i, p.sector, g, 'q'||p.i||'-'||g AS k,
       CASE WHEN pg_temp.h('sph'||p.i||'-'||g) < 0.55
            THEN p.act_pc - 50 + floor(pg_temp.h('sdt'||p.i||'-'||g) * 50)::int
            ELSE p.act_pc + floor(pow(pg_temp.h('sdt'||p.i||'-'||g), 1.6) * 365)::int END AS raised_on,
       pg_temp.h('sph'||p.i||'-'||g) < 0.55 AS pre
FROM pj p
CROSS JOIN LATERAL generate_series(1, 20 + round(p.est_value / 1000000 * 25 * (0.6 + pg_temp.h('sns'||p.i) * 0.8))::int) g
WHERE p.status_cd IN ('L','P','C') AND p.act_pc - 50 <= date '2025-06-12';
ANALYZE sn0;
DELETE FROM sn0 WHERE raised_on > date '2025-06-12';

CREATE TEMP TABLE sn1 AS
SELECT s.*,
       CASE WHEN s.pre THEN CASE WHEN pg_temp.h('srb'||s.k) < 0.55 THEN 'I' WHEN pg_temp.h('srb'||s.k) < 0.90 THEN 'C' ELSE 'B' END
            ELSE CASE WHEN pg_temp.h('srb'||s.k) < 0.65 THEN 'E' WHEN pg_temp.h('srb'||s.k) < 0.95 THEN 'C' ELSE 'B' END END AS rb,
       CASE WHEN pg_temp.h('spr'||s.k) < 0.10 THEN 'A' WHEN pg_temp.h('spr'||s.k) < 0.60 THEN 'B' ELSE 'C' END AS pri,
       pk.pkg_id, pk.trade_cd,
       (SELECT site_id FROM proj.site x WHERE x.proj_id = s.proj_id ORDER BY pg_temp.h('sst'||s.k||x.site_id) LIMIT 1) AS site_id
FROM sn0 s
LEFT JOIN LATERAL (SELECT t.pkg_id, t.trade_cd FROM supply.trade_pkg t
                   WHERE t.proj_id = s.proj_id AND t.status_cd <> 'T' AND t.trade_cd NOT IN ('DEM','ASB','PIL','SCF')
                   ORDER BY pg_temp.h('spk'||s.k||t.trade_cd) LIMIT 1) pk ON true;
ANALYZE sn1;

INSERT INTO qa.snag (proj_id, site_id, pkg_id, snag_loc, descr, raised_by, raised_on, priority, target_dt, fixed_on, closed_on, status_cd)
SELECT x.proj_id, x.site_id,
       CASE WHEN pg_temp.h('sun'||x.k) < 0.06 THEN NULL ELSE x.pkg_id END,
       CASE WHEN x.trade_cd = 'LSC' OR pg_temp.h('sle'||x.k) < 0.06 THEN 'External - ' || pg_temp.pick(ARRAY['car park','north elevation','south elevation','bin store','entrance'], 'sel'||x.k)
            WHEN x.sector = 'residential' THEN 'Block ' || chr(65 + floor(pg_temp.h('sbl'||x.k) * 3)::int) || ' / Flat '
                   || (1 + floor(pg_temp.h('sfl'||x.k) * 5)::int) || '.' || lpad((1 + floor(pg_temp.h('sfn'||x.k) * 12)::int)::text, 2, '0')
            ELSE 'Level ' || floor(pg_temp.h('slv'||x.k) * 4)::int || ' / Room ' || floor(pg_temp.h('slv'||x.k) * 4)::int
                   || lpad((1 + floor(pg_temp.h('srm'||x.k) * 40)::int)::text, 2, '0') END,
       CASE x.trade_cd
         WHEN 'GRW' THEN pg_temp.pick(ARRAY['Gully blocked','Manhole cover rocking','Ponding on footpath','Drainage channel grating loose'], 'sd'||x.k)
         WHEN 'CON' THEN pg_temp.pick(ARRAY['Honeycombing to soffit','Crack in slab edge','Grout loss at column'], 'sd'||x.k)
         WHEN 'STF' THEN pg_temp.pick(ARRAY['Intumescent paint damaged','Bolt missing at connection','Rust staining to exposed steel'], 'sd'||x.k)
         WHEN 'BRK' THEN pg_temp.pick(ARRAY['Mortar smudges on facing brick','Chipped brick at reveal','Missing weep vent','Cracked blockwork'], 'sd'||x.k)
         WHEN 'RFG' THEN pg_temp.pick(ARRAY['Water ingress at roof light','Flashing lifted','Gutter leaking at joint','Missing ridge tile'], 'sd'||x.k)
         WHEN 'GLZ' THEN pg_temp.pick(ARRAY['Scratched glazing unit','Window does not close properly','Trickle vent missing','Misted double glazed unit'], 'sd'||x.k)
         WHEN 'MEC' THEN pg_temp.pick(ARRAY['Radiator valve leaking','No hot water to basin','Extract fan noisy','Boiler pressure dropping','WC cistern running'], 'sd'||x.k)
         WHEN 'ELE' THEN pg_temp.pick(ARRAY['Socket not working','Light fitting flickering','Emergency light failed test','Faceplate not level','Smoke alarm chirping'], 'sd'||x.k)
         WHEN 'LFT' THEN pg_temp.pick(ARRAY['Lift door closing too fast','Lift levelling out at level 2'], 'sd'||x.k)
         WHEN 'DRY' THEN pg_temp.pick(ARRAY['Crack in plasterboard joint','Nail pops to ceiling','Ceiling tile stained','Damaged corner bead'], 'sd'||x.k)
         WHEN 'JNR' THEN pg_temp.pick(ARRAY['Door catching on frame','Skirting gap','Door closer not adjusted','Ironmongery loose'], 'sd'||x.k)
         WHEN 'FPR' THEN pg_temp.pick(ARRAY['Fire stopping missing around pipe','Fire door gap over 4mm','Intumescent strip missing'], 'sd'||x.k)
         WHEN 'FLR' THEN pg_temp.pick(ARRAY['Vinyl lifting at threshold','Carpet seam visible','Scratched floor finish'], 'sd'||x.k)
         WHEN 'DEC' THEN pg_temp.pick(ARRAY['Paint runs on door','Patchy emulsion to wall','Missed area behind radiator','Paint on ironmongery'], 'sd'||x.k)
         WHEN 'KIT' THEN pg_temp.pick(ARRAY['Kitchen door misaligned','Worktop joint open','Silicone missing to bath','Tile cracked in shower'], 'sd'||x.k)
         WHEN 'LSC' THEN pg_temp.pick(ARRAY['Dead shrubs to be replaced','Fence panel damaged','Paving slab rocking','Turf not established'], 'sd'||x.k)
         ELSE pg_temp.pick(ARRAY['General clean required','Damage to be investigated','Label missing'], 'sd'||x.k) END,
       x.rb, x.raised_on, x.pri,
       x.raised_on + CASE x.pri WHEN 'A' THEN 2 WHEN 'B' THEN 14 ELSE 28 END,
       CASE WHEN x.st IN ('F','C') THEN x.fx END,
       CASE WHEN x.st = 'C' THEN x.cl END,
       x.st
FROM (SELECT s.*, f.fx, f.fx + 1 + floor(pg_temp.h('scl'||s.k) * 20)::int AS cl,
             CASE WHEN pg_temp.h('sdp'||s.k) < 0.02 THEN 'D'
                  WHEN f.fx > date '2025-06-12' THEN 'O'
                  WHEN f.fx + 1 + floor(pg_temp.h('scl'||s.k) * 20)::int > date '2025-06-12' THEN 'F'
                  ELSE 'C' END AS st
      FROM sn1 s
      CROSS JOIN LATERAL (SELECT s.raised_on + GREATEST(1, floor(CASE s.pri WHEN 'A' THEN 2 WHEN 'B' THEN 14 ELSE 28 END
                                   * (0.3 + pow(pg_temp.h('sfx'||s.k), 2) * 3.5)))::int AS fx) f) x
ORDER BY x.raised_on, x.proj_id, x.k;
-- =====================================================================
--  Indexes, views, materialized view
-- =====================================================================
CREATE INDEX idx_variation_status    ON comm.variation (status_cd) WHERE status_cd IN ('N','S');
CREATE INDEX idx_pkg_sub             ON supply.trade_pkg (sub_id);
CREATE UNIQUE INDEX uq_po_no         ON supply.purchase_order (po_no);
CREATE INDEX idx_po_proj             ON supply.purchase_order (proj_id, raised_on);
CREATE INDEX idx_po_supplier         ON supply.purchase_order (supplier_id);
CREATE INDEX idx_sinv_po             ON supply.supplier_invoice (po_id);
CREATE INDEX idx_sinv_supplier       ON supply.supplier_invoice (supplier_id, inv_dt);
CREATE INDEX idx_sinv_unpaid         ON supply.supplier_invoice (due_dt) WHERE paid_on IS NULL;
CREATE INDEX idx_hire_proj           ON plant.hire (proj_id);
CREATE INDEX idx_worker_name         ON labour.worker (last_nm, first_nm);
CREATE INDEX idx_worker_sub          ON labour.worker (sub_id);
CREATE INDEX idx_worker_nino         ON labour.worker ("NINumber");
CREATE INDEX idx_wcert_expiry        ON labour.worker_cert (expires_on);
CREATE INDEX idx_ts_proj_week        ON labour.timesheet (proj_id, week_ending);
CREATE INDEX idx_insp_site_dt        ON hse.inspection (site_id, insp_dt);
CREATE INDEX idx_incident_site       ON hse.incident (site_id, occurred_at);
CREATE INDEX idx_snag_proj_status    ON qa.snag (proj_id, status_cd);
CREATE INDEX idx_snag_pkg            ON qa.snag (pkg_id);

CREATE VIEW comm.v_contract_value AS
SELECT c.contract_id, p.proj_code, p.proj_name, c.contract_sum,
       COALESCE(v.approved_var, 0) AS approved_var,
       c.contract_sum + COALESCE(v.approved_var, 0) AS revised_sum,
       COALESCE(v.pending_var, 0) AS pending_var
FROM comm.contract c
JOIN proj.project p ON p.proj_id = c.proj_id
LEFT JOIN (SELECT contract_id,
                  sum(agreed_amt) FILTER (WHERE status_cd = 'A') AS approved_var,
                  sum(quoted_amt) FILTER (WHERE status_cd = 'S') AS pending_var
           FROM comm.variation GROUP BY contract_id) v ON v.contract_id = c.contract_id;
COMMENT ON VIEW comm.v_contract_value IS 'Contract sum, approved variations and revised contract sum per main contract; pending_var = quotations awaiting a decision';

CREATE VIEW plant.v_on_hire AS
SELECT h.hire_id, h.hire_ref, p.proj_code, p.proj_name, c.cat_name, h.descr, s.supp_nm, h.on_hire_dt, h.est_off_dt, h.day_rate, h.po_no
FROM plant.hire h
JOIN proj.project p ON p.proj_id = h.proj_id
JOIN plant.plant_cat c ON c.cat_cd = h.cat_cd
JOIN supply.supplier s ON s.supplier_id = h.supplier_id
WHERE h.hire_status = 'O';
COMMENT ON VIEW plant.v_on_hire IS 'Plant currently on hire (not yet called off)';

CREATE MATERIALIZED VIEW comm.mv_project_cost AS
SELECT p.proj_id, p.proj_code, p.proj_name,
       COALESCE(po.committed, 0)   AS po_committed,
       COALESCE(si.invoiced, 0)    AS supplier_invoiced,
       COALESCE(pk.sublet, 0)      AS sublet_value,
       COALESCE(lb.labour, 0)      AS labour_cost,
       now()::date                 AS refreshed_on
FROM proj.project p
LEFT JOIN (SELECT proj_id, sum(po_val) AS committed FROM supply.purchase_order WHERE po_status NOT IN ('X','D') GROUP BY 1) po ON po.proj_id = p.proj_id
LEFT JOIN (SELECT o.proj_id, sum(i.net_amt) AS invoiced FROM supply.supplier_invoice i JOIN supply.purchase_order o ON o.po_id = i.po_id GROUP BY 1) si ON si.proj_id = p.proj_id
LEFT JOIN (SELECT proj_id, sum(COALESCE(fa_val, order_val)) AS sublet FROM supply.trade_pkg WHERE status_cd <> 'T' GROUP BY 1) pk ON pk.proj_id = p.proj_id
LEFT JOIN (SELECT t.proj_id, sum((t.hrs_norm + 1.5 * t.hrs_ot) * w.hourly_rate) AS labour
           FROM labour.timesheet t JOIN labour.worker w ON w.worker_id = t.worker_id WHERE t.ts_status = 'A' GROUP BY 1) lb ON lb.proj_id = p.proj_id
WHERE p.status_cd IN ('W','L','P','C');
COMMENT ON MATERIALIZED VIEW comm.mv_project_cost IS 'Cost to date per project for the monthly cost-value reconciliation (refreshed overnight; not live)';

DROP FUNCTION pg_temp.pick(text[], text);
DROP FUNCTION pg_temp.h(text);
VACUUM;
ANALYZE;

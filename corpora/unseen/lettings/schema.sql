-- =====================================================================
--  Kennet & Vale Lettings — property management database ("KVL PM")
--  Residential lettings and property management, six Thames Valley branches.
--  Data snapshot taken at close of business Friday 18 October 2024.
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA core;
CREATE SCHEMA lets;
CREATE SCHEMA maint;

COMMENT ON SCHEMA core  IS 'Branches, staff, landlords, properties and lettable units';
COMMENT ON SCHEMA lets  IS 'Applicants and viewings, tenancies, tenants, rent reviews, deposits, rent account';
COMMENT ON SCHEMA maint IS 'Repairs (maintenance jobs), contractors, quotes and contractor invoices, inspections';

-- deterministic pseudo-random helper (session only, dropped at end of load):
-- the same key always gives the same number in [0, 1), so the load is reproducible.
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- core
-- ---------------------------------------------------------------------
CREATE TABLE core.branch (
    branch_cd   char(3) PRIMARY KEY,
    branch_name varchar(40) NOT NULL,
    addr_line   varchar(80) NOT NULL,
    town        varchar(40) NOT NULL,
    postcode    varchar(8) NOT NULL,
    phone       varchar(15) NOT NULL,
    opened_on   date NOT NULL
);
COMMENT ON TABLE core.branch IS 'Our high-street branch offices. Reading (RDG) is also head office (accounts, compliance).';

CREATE TABLE core.negotiator (
    neg_id     smallserial PRIMARY KEY,
    first_nm   varchar(40) NOT NULL,
    last_nm    varchar(40) NOT NULL,
    email      varchar(120) NOT NULL UNIQUE,
    branch_cd  char(3) NOT NULL REFERENCES core.branch,
    role_cd    char(2) NOT NULL,
    arla_qual  boolean NOT NULL DEFAULT false,
    start_dt   date NOT NULL,
    leave_dt   date
);
COMMENT ON TABLE  core.negotiator IS 'All branch and head-office staff (the table name is historical: it started as the negotiator list)';
COMMENT ON COLUMN core.negotiator.role_cd IS 'BM = branch manager, LN = lettings negotiator (viewings, agreeing lets), PM = property manager (inspections, repairs), AC = accounts / credit control, CO = compliance officer';
COMMENT ON COLUMN core.negotiator.arla_qual IS 'Holds the ARLA Propertymark lettings qualification';
COMMENT ON COLUMN core.negotiator.leave_dt IS 'Last working day; NULL = still employed';

CREATE TABLE core.landlord (
    ll_id        serial PRIMARY KEY,
    ll_name      varchar(120) NOT NULL,
    ll_type      char(1) NOT NULL,
    email        varchar(120),
    phone        varchar(15),
    svc_lvl      char(1) NOT NULL,
    mgmt_fee_pct numeric(4,2),
    is_nrl       boolean NOT NULL DEFAULT false,
    signed_up_on date NOT NULL
);
COMMENT ON TABLE  core.landlord IS 'Property owners who instruct us';
COMMENT ON COLUMN core.landlord.ll_type IS 'I = private individual (or couple), C = limited company, T = trust or deceased estate';
COMMENT ON COLUMN core.landlord.svc_lvl IS 'Service level in the terms of business: F = fully managed (we collect rent, arrange repairs and inspections), R = rent collection only (we collect rent, landlord handles repairs), L = let only (we find the tenant and protect the deposit; landlord collects rent himself)';
COMMENT ON COLUMN core.landlord.mgmt_fee_pct IS 'Commission as a percentage of rent collected (F and R only; NULL for let-only landlords, who pay a one-off let fee)';
COMMENT ON COLUMN core.landlord.is_nrl IS 'Non-resident landlord (lives abroad): under the HMRC NRL scheme we withhold basic-rate tax from rent unless HMRC approval is held';

CREATE TABLE core.property (
    prop_id        serial PRIMARY KEY,
    ll_id          int NOT NULL REFERENCES core.landlord,
    branch_cd      char(3) NOT NULL REFERENCES core.branch,
    pm_neg_id      smallint REFERENCES core.negotiator,
    addr_line1     varchar(80) NOT NULL,
    town           varchar(40) NOT NULL,
    postcode       varchar(8) NOT NULL,
    prop_type      char(2) NOT NULL,
    yr_built       smallint,
    epc            char(1),
    ctax_band      char(1),
    gas_cert_exp   date,
    eicr_due       date,
    "HMOLicenceNo" varchar(20),
    took_on        date NOT NULL,
    withdrawn_on   date
);
COMMENT ON TABLE  core.property IS 'A building or address we let on behalf of a landlord; the lettable parts are in core.unit';
COMMENT ON COLUMN core.property.pm_neg_id IS 'Property manager responsible (fully managed properties only)';
COMMENT ON COLUMN core.property.prop_type IS 'HS = house, BG = bungalow, FL = flat or apartment (a single flat in someone else''s block), CV = house converted into flats (several units), BK = whole block of flats owned by the landlord, HM = HMO (house in multiple occupation) let room by room';
COMMENT ON COLUMN core.property.epc IS 'Energy Performance Certificate band A (best) to G (worst). F and G are below the legal minimum (E) for a new let';
COMMENT ON COLUMN core.property.ctax_band IS 'Council tax band A-H';
COMMENT ON COLUMN core.property.gas_cert_exp IS 'Expiry of the annual gas safety certificate (CP12); NULL = no gas supply at the property';
COMMENT ON COLUMN core.property.eicr_due IS 'Date the next Electrical Installation Condition Report is due (every 5 years)';
COMMENT ON COLUMN core.property."HMOLicenceNo" IS 'Council HMO licence number (HMOs only). Column added by the council-licensing import, hence the odd name';
COMMENT ON COLUMN core.property.took_on IS 'Date the landlord instructed us on this property';
COMMENT ON COLUMN core.property.withdrawn_on IS 'Date the landlord took the property away from us (sold, moved back in, changed agent); NULL = still on our books';

CREATE TABLE core.unit (
    unit_id     serial PRIMARY KEY,
    prop_id     int NOT NULL REFERENCES core.property,
    unit_lbl    varchar(30) NOT NULL,
    floor_no    smallint,
    beds        smallint NOT NULL,
    baths       smallint NOT NULL,
    sqm         numeric(6,1),
    furn        char(1) NOT NULL,
    asking_rent numeric(8,2) NOT NULL,
    UNIQUE (prop_id, unit_lbl)
);
COMMENT ON TABLE  core.unit IS 'A lettable unit: the whole house, a flat, or a room in an HMO. Tenancies are on units.';
COMMENT ON COLUMN core.unit.unit_lbl IS 'How the unit is named in the address, e.g. ''Whole house'', ''Flat 2'', ''Room 4''';
COMMENT ON COLUMN core.unit.beds IS 'Bedrooms (0 = studio). HMO rooms count as 1';
COMMENT ON COLUMN core.unit.furn IS 'F = furnished, P = part furnished, U = unfurnished';
COMMENT ON COLUMN core.unit.asking_rent IS 'Current marketing rent per calendar month (GBP) if the unit were let today';

-- ---------------------------------------------------------------------
-- lets
-- ---------------------------------------------------------------------
CREATE TYPE lets.tncy_status AS ENUM ('pending', 'active', 'periodic', 'notice', 'ended');
COMMENT ON TYPE lets.tncy_status IS 'pending = signed, not started yet; active = within the fixed term; periodic = fixed term over, rolling month to month; notice = notice given by either side, end_dt is the agreed last day; ended = tenants have moved out';

CREATE TABLE lets.applicant (
    appl_id        serial PRIMARY KEY,
    full_nm        varchar(80) NOT NULL,
    email          varchar(120) NOT NULL,
    mobile_no      varchar(15),
    branch_cd      char(3) NOT NULL REFERENCES core.branch,
    src_cd         char(3) NOT NULL,
    max_rent       numeric(8,2),
    min_beds       smallint,
    has_pets       boolean NOT NULL DEFAULT false,
    move_by        date,
    registered_at  timestamp NOT NULL,
    last_active_at timestamp NOT NULL
);
COMMENT ON TABLE  lets.applicant IS 'People looking to rent. Records are purged 24 months after last activity (GDPR retention), so this only holds applicants active since October 2022';
COMMENT ON COLUMN lets.applicant.src_cd IS 'Where the enquiry came from: RMV = Rightmove, ZPL = Zoopla, OTM = OnTheMarket, WEB = our own website, WLK = walk-in or phone call to a branch, REF = referred by a landlord or previous tenant';
COMMENT ON COLUMN lets.applicant.max_rent IS 'Maximum rent per calendar month the applicant says they can pay';

CREATE TABLE lets.viewing (
    viewing_id  serial PRIMARY KEY,
    unit_id     int NOT NULL REFERENCES core.unit,
    appl_id     int NOT NULL REFERENCES lets.applicant ON DELETE CASCADE,
    neg_id      smallint NOT NULL REFERENCES core.negotiator,
    booked_at   timestamp NOT NULL,
    viewing_at  timestamp NOT NULL,
    outcome     char(1) NOT NULL DEFAULT 'B'
);
COMMENT ON TABLE  lets.viewing IS 'Accompanied viewings of a unit by an applicant';
COMMENT ON COLUMN lets.viewing.outcome IS 'B = booked (not happened yet), A = attended, no offer, O = offer made and accepted (let agreed), R = offer made but rejected by the landlord or withdrawn, N = applicant did not turn up, X = cancelled before the viewing';

CREATE TABLE lets.tenant (
    tenant_id   serial PRIMARY KEY,
    first_nm    varchar(40) NOT NULL,
    last_nm     varchar(40) NOT NULL,
    email       varchar(120),
    mobile_no   varchar(15),
    dob         date,
    rtr_chk_on  date,
    rtr_expiry  date,
    occupation  varchar(40)
);
COMMENT ON TABLE  lets.tenant IS 'Every adult named on a tenancy agreement';
COMMENT ON COLUMN lets.tenant.rtr_chk_on IS 'Date the Right to Rent (immigration status) check was done; NULL = no check on file';
COMMENT ON COLUMN lets.tenant.rtr_expiry IS 'Time-limited right to rent: date the permission ends and a follow-up check is needed. NULL = unlimited right to rent';

CREATE TABLE lets.tenancy (
    tncy_id      serial PRIMARY KEY,
    tncy_ref     varchar(14) NOT NULL UNIQUE,
    unit_id      int NOT NULL REFERENCES core.unit,
    neg_id       smallint NOT NULL REFERENCES core.negotiator,
    lead_appl_id int,
    agreed_on    date NOT NULL,
    start_dt     date NOT NULL,
    fixed_end_dt date NOT NULL,
    notice_dt    date,
    end_dt       date,
    rent_pcm     numeric(8,2) NOT NULL,
    status       lets.tncy_status NOT NULL,
    CHECK (end_dt IS NULL OR end_dt >= start_dt)
);
COMMENT ON TABLE  lets.tenancy IS 'Assured shorthold tenancies (one per unit at a time). The tenants on each are in lets.tenancy_tenant';
COMMENT ON COLUMN lets.tenancy.neg_id IS 'Negotiator who agreed the let';
COMMENT ON COLUMN lets.tenancy.lead_appl_id IS 'appl_id of the applicant the let came from. Deliberately not a foreign key: applicant records are purged after 24 months, so older values point to deleted applicants';
COMMENT ON COLUMN lets.tenancy.agreed_on IS 'Date the let was agreed (offer accepted, holding deposit taken)';
COMMENT ON COLUMN lets.tenancy.fixed_end_dt IS 'Last day of the initial fixed term; after it the tenancy becomes periodic unless someone gives notice';
COMMENT ON COLUMN lets.tenancy.notice_dt IS 'Date notice to end the tenancy was given (by the tenant or the landlord)';
COMMENT ON COLUMN lets.tenancy.end_dt IS 'Last day of the tenancy: actual for ended ones, agreed for those under notice; NULL = no end date yet';
COMMENT ON COLUMN lets.tenancy.rent_pcm IS 'Rent per calendar month agreed at the START of the tenancy. Later increases are in lets.rent_review';

CREATE TABLE lets.tenancy_tenant (
    tncy_id   int NOT NULL REFERENCES lets.tenancy,
    tenant_id int NOT NULL REFERENCES lets.tenant,
    is_lead   boolean NOT NULL DEFAULT false,
    PRIMARY KEY (tncy_id, tenant_id)
);
COMMENT ON COLUMN lets.tenancy_tenant.is_lead IS 'Lead tenant: our main contact; rent reminders go to them';

CREATE TABLE lets.rent_review (
    review_id     serial PRIMARY KEY,
    tncy_id       int NOT NULL REFERENCES lets.tenancy,
    eff_from      date NOT NULL,
    eff_to        date,
    rent_pcm      numeric(8,2) NOT NULL,
    rev_type      char(1) NOT NULL,
    s13_served_on date,
    UNIQUE (tncy_id, eff_from)
);
COMMENT ON TABLE  lets.rent_review IS 'Rent history of each tenancy (validity table): one row per rent level with the dates it applies. Increases agreed in advance are entered with a future eff_from';
COMMENT ON COLUMN lets.rent_review.eff_from IS 'First day this rent applies';
COMMENT ON COLUMN lets.rent_review.eff_to IS 'Last day this rent applies; NULL = open-ended (the latest row of the tenancy)';
COMMENT ON COLUMN lets.rent_review.rev_type IS 'I = initial rent at the start of the tenancy, C = contractual rent review clause (within a fixed term), A = increase agreed with the tenant (usually at renewal), S = increase imposed by a Section 13 notice on a periodic tenancy';
COMMENT ON COLUMN lets.rent_review.s13_served_on IS 'Date the Section 13 notice was served (rev_type S only)';

CREATE TABLE lets.deposit (
    dep_id       serial PRIMARY KEY,
    tncy_id      int NOT NULL UNIQUE REFERENCES lets.tenancy,
    amount       numeric(8,2) NOT NULL,
    rcvd_on      date NOT NULL,
    scheme_cd    char(3) NOT NULL,
    scheme_ref   varchar(20),
    protected_on date,
    returned_on  date,
    ded_amt      numeric(8,2) NOT NULL DEFAULT 0,
    disputed     boolean NOT NULL DEFAULT false,
    adj_outcome  char(1)
);
COMMENT ON TABLE  lets.deposit IS 'Tenancy deposits. By law a deposit must be protected in a government scheme within 30 days of receiving it. Tenancies with no row here used a deposit-replacement product instead (offered since 2020)';
COMMENT ON COLUMN lets.deposit.scheme_cd IS 'Protection scheme: DPS = Deposit Protection Service (custodial, the scheme holds the money), TDS = Tenancy Deposit Scheme (insured, we hold it), MYD = mydeposits (insured, we hold it)';
COMMENT ON COLUMN lets.deposit.protected_on IS 'Date the deposit was registered with the scheme; NULL = not protected yet';
COMMENT ON COLUMN lets.deposit.returned_on IS 'Date the deposit was paid out at the end of the tenancy; NULL = still held';
COMMENT ON COLUMN lets.deposit.ded_amt IS 'Deductions kept for the landlord (damage, cleaning, unpaid rent); the tenant got amount - ded_amt back';
COMMENT ON COLUMN lets.deposit.adj_outcome IS 'Result of a disputed deposit sent to the scheme''s adjudicator: T = tenant''s favour, L = landlord''s favour, S = split';

CREATE TABLE lets.rent_charge (
    charge_id  bigserial PRIMARY KEY,
    tncy_id    int NOT NULL REFERENCES lets.tenancy,
    due_dt     date NOT NULL,
    period_end date NOT NULL,
    amount     numeric(9,2) NOT NULL,
    narrative  varchar(60) NOT NULL,
    alloc_amt  numeric(9,2) NOT NULL DEFAULT 0,
    chg_status char(1) NOT NULL DEFAULT 'O'
);
COMMENT ON TABLE  lets.rent_charge IS 'Monthly rent demands, in advance, on the tenancy''s start day of the month. Only for landlords on service levels F and R (we do not collect rent for let-only landlords)';
COMMENT ON COLUMN lets.rent_charge.narrative IS 'Line text printed on the tenant statement';
COMMENT ON COLUMN lets.rent_charge.alloc_amt IS 'Part of the charge paid so far (sum of receipts allocated to it)';
COMMENT ON COLUMN lets.rent_charge.chg_status IS 'O = outstanding (nothing paid), P = part paid, S = settled in full';

CREATE TABLE lets.receipt (
    rcpt_id   bigserial PRIMARY KEY,
    tncy_id   int NOT NULL REFERENCES lets.tenancy,
    charge_id bigint REFERENCES lets.rent_charge,
    rcvd_on   date NOT NULL,
    amount    numeric(9,2) NOT NULL,
    pay_mthd  char(2) NOT NULL,
    bank_ref  varchar(40),
    posted_at timestamp NOT NULL
);
COMMENT ON TABLE  lets.receipt IS 'Rent received from tenants (client account), each allocated to a rent charge';
COMMENT ON COLUMN lets.receipt.pay_mthd IS 'SO = standing order, BT = one-off bank transfer, CD = debit card on the tenant portal, UC = Universal Credit housing costs paid direct to us by DWP, CQ = cheque';
COMMENT ON COLUMN lets.receipt.bank_ref IS 'Reference text as it appears on the bank statement';

-- ---------------------------------------------------------------------
-- maint
-- ---------------------------------------------------------------------
CREATE TABLE maint.contractor (
    contr_id     serial PRIMARY KEY,
    co_name      varchar(80) NOT NULL,
    trade_cd     char(3) NOT NULL,
    area_cd      char(3) NOT NULL REFERENCES core.branch,
    phone        varchar(15),
    email        varchar(120),
    vat_reg      boolean NOT NULL DEFAULT true,
    preferred    boolean NOT NULL DEFAULT false,
    gas_safe_no  varchar(10),
    ins_expiry   date,
    hourly_rate  numeric(6,2)
);
COMMENT ON COLUMN maint.contractor.trade_cd IS 'PLB = plumber, ELE = electrician, GAS = Gas Safe heating engineer, GEN = general builder / handyman, ROO = roofer, LCK = locksmith, PST = pest control, CLN = cleaner';
COMMENT ON COLUMN maint.contractor.area_cd IS 'Branch area the contractor mainly covers';
COMMENT ON COLUMN maint.contractor.ins_expiry IS 'Expiry of the public liability insurance certificate we hold on file';
COMMENT ON COLUMN maint.contractor.preferred IS 'On our preferred-contractor list (offered work first)';

CREATE TABLE maint.job (
    job_id       serial PRIMARY KEY,
    unit_id      int NOT NULL REFERENCES core.unit,
    tncy_id      int REFERENCES lets.tenancy,
    reported_by  int REFERENCES lets.tenant,
    raised_at    timestamp NOT NULL,
    cat_cd       char(3) NOT NULL,
    priority     smallint NOT NULL,
    summary      varchar(120) NOT NULL,
    est_cost     numeric(9,2),
    contr_id     int REFERENCES maint.contractor,
    assigned_at  timestamp,
    completed_at timestamp,
    job_status   char(1) NOT NULL DEFAULT 'N'
);
COMMENT ON TABLE  maint.job IS 'Repairs and maintenance jobs on fully managed units';
COMMENT ON COLUMN maint.job.reported_by IS 'Tenant who reported it; NULL = raised by our staff (inspection, void works)';
COMMENT ON COLUMN maint.job.cat_cd IS 'PLB = plumbing / leaks, ELE = electrics, HTG = heating and hot water, APP = appliances, ROF = roof and gutters, DMP = damp and mould, LCK = locks, doors and windows, PST = pests, GEN = general repairs';
COMMENT ON COLUMN maint.job.priority IS '1 = emergency (attend within 24 hours), 2 = urgent (within 3 working days), 3 = routine (within 28 days), 4 = planned / cyclical works';
COMMENT ON COLUMN maint.job.est_cost IS 'Our estimate when the job was raised, GBP before VAT';
COMMENT ON COLUMN maint.job.job_status IS 'N = new (not assigned), A = assigned to a contractor, Q = waiting for the landlord to approve a quote, W = work in progress, C = completed, X = cancelled';

CREATE TABLE maint.quote (
    quote_id  serial PRIMARY KEY,
    job_id    int NOT NULL REFERENCES maint.job,
    contr_id  int NOT NULL REFERENCES maint.contractor,
    quoted_on date NOT NULL,
    amount    numeric(9,2) NOT NULL,
    q_status  char(1) NOT NULL
);
COMMENT ON TABLE  maint.quote IS 'Contractor quotes; routine and planned jobs (priority 3 and 4) estimated over GBP 500 need one and the landlord''s approval';
COMMENT ON COLUMN maint.quote.amount IS 'Quoted price before VAT';
COMMENT ON COLUMN maint.quote.q_status IS 'P = pending (with the landlord), A = accepted, R = rejected (another quote chosen or landlord declined)';

CREATE TABLE maint.contractor_invoice (
    cinv_id   serial PRIMARY KEY,
    job_id    int NOT NULL REFERENCES maint.job,
    contr_id  int NOT NULL REFERENCES maint.contractor,
    their_ref varchar(20) NOT NULL,
    inv_dt    date NOT NULL,
    net_amt   numeric(9,2) NOT NULL,
    vat_amt   numeric(9,2) NOT NULL,
    paid_on   date
);
COMMENT ON TABLE  maint.contractor_invoice IS 'Invoices from contractors for completed jobs (paid from the landlord''s rent account)';
COMMENT ON COLUMN maint.contractor_invoice.paid_on IS 'NULL = not paid yet';

CREATE TABLE maint.inspection (
    insp_id        serial PRIMARY KEY,
    unit_id        int NOT NULL REFERENCES core.unit,
    tncy_id        int REFERENCES lets.tenancy,
    neg_id         smallint NOT NULL REFERENCES core.negotiator,
    insp_type      char(3) NOT NULL,
    insp_dt        date NOT NULL,
    cond_score     smallint CHECK (cond_score BETWEEN 1 AND 5),
    n_actions      smallint NOT NULL DEFAULT 0,
    report_sent_on date
);
COMMENT ON TABLE  maint.inspection IS 'Property visits by our staff';
COMMENT ON COLUMN maint.inspection.insp_type IS 'CHI = check-in with inventory at the start of a tenancy, MID = mid-term inspection (every 6 months on fully managed lets), CHO = check-out at the end of a tenancy';
COMMENT ON COLUMN maint.inspection.cond_score IS 'Overall condition: 1 = very poor, 2 = poor, 3 = fair, 4 = good, 5 = excellent';
COMMENT ON COLUMN maint.inspection.n_actions IS 'Number of follow-up actions noted (repairs, tenant breaches)';

-- =====================================================================
--  Data
-- =====================================================================
INSERT INTO core.branch VALUES
 ('RDG','Reading',     '41 Friar Street',      'Reading',      'RG1 1DB', '0118 959 2210', '2009-04-01'),
 ('OXF','Oxford',      '112 Cowley Road',      'Oxford',       'OX4 1JE', '01865 724 410', '2011-02-14'),
 ('NBY','Newbury',     '7 Bartholomew Street', 'Newbury',      'RG14 5LL','01635 550 318', '2013-05-20'),
 ('WOK','Wokingham',   '22 Peach Street',      'Wokingham',    'RG40 1XG','0118 977 6120', '2015-01-05'),
 ('BSK','Basingstoke', '3 Wote Street',        'Basingstoke',  'RG21 7NE','01256 811 904', '2018-02-05'),
 ('HWY','High Wycombe','18 Castle Street',     'High Wycombe', 'HP13 6RE','01494 440 275', '2021-03-01');

INSERT INTO core.negotiator (neg_id, first_nm, last_nm, email, branch_cd, role_cd, arla_qual, start_dt, leave_dt)
SELECT i, f, l, lower(f || '.' || l) || '@kennetvale.co.uk', b, r, q, s::date, lv::date
FROM (VALUES
 ( 1,'Claire','Dawson',   'RDG','BM',true, '2009-04-01',NULL),
 ( 2,'Ravi','Patel',      'RDG','LN',true, '2014-02-03',NULL),
 ( 3,'Jodie','Marsh',     'RDG','LN',false,'2016-06-13','2021-07-30'),
 ( 4,'Tom','Ellery',      'RDG','LN',false,'2021-08-16',NULL),
 ( 5,'Grace','Whitlock',  'RDG','PM',true, '2012-09-03',NULL),
 ( 6,'Owen','Price',      'RDG','PM',false,'2019-03-11',NULL),
 ( 7,'Simon','Aldridge',  'OXF','BM',true, '2011-02-14',NULL),
 ( 8,'Hannah','Cole',     'OXF','LN',true, '2015-09-07',NULL),
 ( 9,'Marek','Nowak',     'OXF','LN',false,'2017-01-09','2023-05-31'),
 (10,'Ella','Fraser',     'OXF','LN',false,'2023-06-12',NULL),
 (11,'Priya','Desai',     'OXF','PM',true, '2013-04-15',NULL),
 (12,'Lewis','Grant',     'OXF','PM',false,'2016-02-01','2022-11-30'),
 (13,'Amara','Obi',       'OXF','PM',false,'2022-12-05',NULL),
 (14,'Fiona','Reeve',     'NBY','BM',true, '2013-05-20',NULL),
 (15,'Dan','Hopkins',     'NBY','LN',false,'2013-06-03',NULL),
 (16,'Sophie','Lamb',     'NBY','LN',false,'2018-04-09',NULL),
 (17,'Kate','Mercer',     'NBY','PM',true, '2014-01-06',NULL),
 (18,'Mark','Tenney',     'WOK','BM',true, '2015-01-05','2020-12-31'),
 (19,'Rachel','Byrne',    'WOK','BM',true, '2021-01-04',NULL),
 (20,'Adam','Fox',        'WOK','LN',false,'2015-01-05',NULL),
 (21,'Leah','Turner',     'WOK','LN',false,'2019-09-02',NULL),
 (22,'Ian','Moss',        'WOK','PM',true, '2015-01-05',NULL),
 (23,'Natalie','Shaw',    'BSK','BM',true, '2018-02-05',NULL),
 (24,'Chris','Wong',      'BSK','LN',false,'2018-02-05',NULL),
 (25,'Bethany','Hale',    'BSK','LN',false,'2020-10-05','2024-03-28'),
 (26,'Kofi','Asante',     'BSK','LN',false,'2024-04-15',NULL),
 (27,'Megan','Lloyd',     'BSK','PM',false,'2018-02-05',NULL),
 (28,'Joe','Kendall',     'HWY','BM',true, '2021-03-01',NULL),
 (29,'Zainab','Hussain',  'HWY','LN',false,'2021-03-01',NULL),
 (30,'Sam','Ridley',      'HWY','PM',false,'2021-03-01',NULL),
 (31,'Julie','Barnes',    'RDG','AC',false,'2010-06-07',NULL),
 (32,'Peter','Quinn',     'RDG','AC',false,'2019-01-07',NULL),
 (33,'Helen','Ashworth',  'RDG','CO',true, '2020-02-03',NULL),
 (34,'Gemma','Willis',    'NBY','LN',false,'2024-09-02',NULL)
) v(i,f,l,b,r,q,s,lv);
ALTER SEQUENCE core.negotiator_neg_id_seq RESTART WITH 35;

-- landlords -----------------------------------------------------------
-- ids 1..1300 own one property each; ids 1..200 are also the portfolio landlords
INSERT INTO core.landlord (ll_id, ll_name, ll_type, email, phone, svc_lvl, mgmt_fee_pct, is_nrl, signed_up_on)
SELECT i,
       CASE t.ty
         WHEN 'C' THEN (ARRAY['Abbey','Beech','Castle','Downland','Elm','Fairfield','Greyfriars','Harcourt','Ivy','Juniper',
                              'Kingsmead','Lockside','Meadow','Northcourt','Orchard','Pinewood','Riverside','Sandford',
                              'Thames','Upton','Victoria','Willow','Yew Tree','Albion'])[1 + (i % 24)]
                       || ' ' || (ARRAY['Property','Estates','Homes','Lettings','Residential','Investments','Holdings','Capital','Property Co'])[1 + (i / 24) % 9]
                       || ' Ltd'
         WHEN 'T' THEN 'Executors of ' || nm.fn || ' ' || nm.ln
         ELSE CASE WHEN pg_temp.rnd('cp'||i) < 0.3 THEN nm.fn || ' & ' || nm.fn2 || ' ' || nm.ln ELSE nm.fn || ' ' || nm.ln END
       END,
       t.ty,
       CASE WHEN pg_temp.rnd('le'||i) < 0.96 THEN lower(nm.fn) || '.' || lower(nm.ln) || i::text || '@' ||
            (ARRAY['gmail.com','btinternet.com','outlook.com','yahoo.co.uk','hotmail.co.uk'])[1 + floor(pg_temp.rnd('ld'||i)*5)::int] END,
       '07' || lpad((floor(pg_temp.rnd('lp'||i)*1000000000)::bigint)::text, 9, '0'),
       s.lvl,
       CASE s.lvl WHEN 'F' THEN (ARRAY[10.00,11.00,12.00,12.00,12.50,13.00,14.00,15.00])[1 + floor(pg_temp.rnd('mf'||i)*8)::int]
                  WHEN 'R' THEN (ARRAY[7.00,7.50,8.00,8.00,9.00])[1 + floor(pg_temp.rnd('mf'||i)*5)::int] END,
       pg_temp.rnd('nr'||i) < 0.06,
       date '2009-04-01' + floor(pg_temp.rnd('su'||i)^0.8 * 5590)::int
FROM generate_series(1, 1300) i
CROSS JOIN LATERAL (SELECT CASE WHEN i <= 200 AND pg_temp.rnd('lt'||i) < 0.45 THEN 'C'
                                WHEN pg_temp.rnd('lt'||i) > 0.975 THEN 'T' ELSE 'I' END AS ty) t
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('sv'||i) < 0.56 THEN 'F' WHEN pg_temp.rnd('sv'||i) < 0.78 THEN 'R' ELSE 'L' END AS lvl) s
-- (i * 977) % 2400 is a permutation, so first name + surname is unique per landlord
CROSS JOIN LATERAL (SELECT (i * 977) % 2400 AS k) pk
CROSS JOIN LATERAL (SELECT
   (ARRAY['John','Susan','David','Margaret','Richard','Linda','Andrew','Patricia','Stephen','Jane','Michael','Elizabeth',
          'Rajesh','Anjali','Wei','Mei','Peter','Ruth','Graham','Carol','Nigel','Alison','Hamid','Yasmin','Robert','Gillian',
          'Keith','Brenda','Sanjay','Deepa','Trevor','Maureen','Colin','Janet','Kevin','Lesley','Tariq','Nasreen','Barry','Sheila'])
          [1 + pk.k % 40] AS fn,
   (ARRAY['Sarah','Paul','Anne','Mark','Julie','Chris','Helen','Tony'])[1 + floor(pg_temp.rnd('lg'||i)*8)::int] AS fn2,
   (ARRAY['Atkinson','Bishop','Carpenter','Dennis','Elliott','Fisher','Gardner','Holt','Iqbal','Jennings','Kerr','Lawrence',
          'Mitchell','Newman','Osborne','Palmer','Quinn','Russell','Sharma','Townsend','Underwood','Vaughan','Wheeler','Young',
          'Chen','Li','Khan','Mistry','Harding','Pearce','Ashton','Barnett','Cross','Doherty','Eastwood','Fairbairn','Gill',
          'Hendry','Irving','Joyce','Kapoor','Lyons','Marsden','Norris','Oakley','Parry','Rahman','Sutherland','Tan','Upton',
          'Vincent','Walsh','Yates','Zhang','Bhatt','Coles','Dunn','Forbes','Grimes','Hollis'])
          [1 + pk.k / 40] AS ln) nm;
ALTER SEQUENCE core.landlord_ll_id_seq RESTART WITH 1301;

-- properties ------------------------------------------------------------
CREATE TEMP TABLE prop_plan AS
SELECT i AS prop_id,
       CASE WHEN i <= 1300 THEN i ELSE 1 + floor(pg_temp.rnd('po'||i)^1.6 * 200)::int END AS ll_id,
       (ARRAY['RDG','RDG','RDG','RDG','OXF','OXF','OXF','NBY','NBY','WOK','WOK','WOK','BSK','BSK','HWY','HWY'])[1 + floor(pg_temp.rnd('pb'||i)*16)::int] AS branch_cd,
       pg_temp.rnd('pt'||i) AS u_type,
       pg_temp.rnd('pw'||i) AS u_wd
FROM generate_series(1, 1800) i;

INSERT INTO core.property (prop_id, ll_id, branch_cd, pm_neg_id, addr_line1, town, postcode, prop_type, yr_built, epc, ctax_band,
                           gas_cert_exp, eicr_due, "HMOLicenceNo", took_on, withdrawn_on)
SELECT p.prop_id, p.ll_id, p.branch_cd,
       CASE WHEN l.svc_lvl = 'F' THEN
            (SELECT (array_agg(n.neg_id ORDER BY n.neg_id))[1 + floor(pg_temp.rnd('pm'||p.prop_id) * count(*))::int]
               FROM core.negotiator n WHERE n.branch_cd = p.branch_cd AND n.role_cd = 'PM' AND n.leave_dt IS NULL) END,
       (1 + floor(pg_temp.rnd('hn'||p.prop_id)^1.5 * 140)::int)::text || ' ' || st.street,
       tw.town, tw.pc_area || ' ' || (floor(pg_temp.rnd('p2'||p.prop_id)*10)::int)::text
           || chr(65 + floor(pg_temp.rnd('p3'||p.prop_id)*26)::int) || chr(65 + floor(pg_temp.rnd('p4'||p.prop_id)*26)::int),
       ty.t,
       CASE ty.t WHEN 'BK' THEN 1965 + floor(pg_temp.rnd('yb'||p.prop_id)*58)::int
                 WHEN 'FL' THEN 1960 + floor(pg_temp.rnd('yb'||p.prop_id)*63)::int
                 ELSE 1860 + floor(pg_temp.rnd('yb'||p.prop_id)^0.7 * 163)::int END,
       (ARRAY['B','C','C','C','C','D','D','D','D','D','E','E','E','F','G'])[1 + floor(pg_temp.rnd('ep'||p.prop_id)*15)::int],
       (ARRAY['A','B','B','C','C','C','D','D','D','E','E','F','G'])[1 + floor(pg_temp.rnd('ct'||p.prop_id)*13)::int],
       CASE WHEN ty.t IN ('FL','BK') AND pg_temp.rnd('gs'||p.prop_id) < 0.45 THEN NULL
            ELSE date '2024-10-18' - 25 + floor(pg_temp.rnd('gx'||p.prop_id)*390)::int END,
       date '2024-10-18' - 120 + floor(pg_temp.rnd('ei'||p.prop_id)*1950)::int,
       CASE WHEN ty.t = 'HM' THEN upper(left(tw.town, 3)) || '/HMO/' || (1000 + floor(pg_temp.rnd('hl'||p.prop_id)*8999)::int)::text END,
       GREATEST(date '2008-06-01' + floor(pg_temp.rnd('to'||p.prop_id) * 5900)::int,
                b.opened_on + floor(pg_temp.rnd('tb'||p.prop_id)*250)::int,
                l.signed_up_on),
       NULL
FROM prop_plan p
JOIN core.landlord l ON l.ll_id = p.ll_id
JOIN core.branch b ON b.branch_cd = p.branch_cd
CROSS JOIN LATERAL (SELECT CASE WHEN p.u_type < 0.37 THEN 'HS' WHEN p.u_type < 0.42 THEN 'BG' WHEN p.u_type < 0.77 THEN 'FL'
                                WHEN p.u_type < 0.90 THEN 'CV'
                                WHEN p.u_type < 0.95 THEN CASE WHEN l.ll_type = 'C' THEN 'BK' ELSE 'CV' END
                                ELSE 'HM' END AS t) ty
CROSS JOIN LATERAL (SELECT k.town, k.pc_area FROM (VALUES
      ('RDG',1,'Reading','RG1'),('RDG',2,'Reading','RG30'),('RDG',3,'Caversham','RG4'),('RDG',4,'Tilehurst','RG31'),
      ('OXF',1,'Oxford','OX4'),('OXF',2,'Oxford','OX3'),('OXF',3,'Kidlington','OX5'),('OXF',4,'Abingdon','OX14'),
      ('NBY',1,'Newbury','RG14'),('NBY',2,'Thatcham','RG19'),('NBY',3,'Hungerford','RG17'),('NBY',4,'Newbury','RG14'),
      ('WOK',1,'Wokingham','RG40'),('WOK',2,'Bracknell','RG12'),('WOK',3,'Crowthorne','RG45'),('WOK',4,'Wokingham','RG41'),
      ('BSK',1,'Basingstoke','RG21'),('BSK',2,'Basingstoke','RG24'),('BSK',3,'Tadley','RG26'),('BSK',4,'Basingstoke','RG22'),
      ('HWY',1,'High Wycombe','HP13'),('HWY',2,'High Wycombe','HP11'),('HWY',3,'Marlow','SL7'),('HWY',4,'Beaconsfield','HP9')
    ) k(b, n, town, pc_area)
    WHERE k.b = p.branch_cd AND k.n = 1 + floor(pg_temp.rnd('tw'||p.prop_id)*4)::int) tw
CROSS JOIN LATERAL (SELECT (ARRAY['Alder Road','Baker Street','Castle Hill','Derby Road','Elm Park','Foxglove Close','Greenfields',
              'Hawthorn Way','Kings Road','London Road','Mill Lane','Norfolk Road','Oxford Road','Park View','Queens Road',
              'Russell Street','St Johns Road','Tudor Close','Upper Redlands Road','Victoria Street','Waterloo Road','Wykeham Road',
              'Abbey Street','Bath Road','Church Lane','Eldon Terrace','Granby Court','Highgrove Street','Kendrick Road',
              'Lime Walk','Marlborough Avenue','Newtown Road','Orchard Close','Priory Avenue','Rectory Road','Southcote Lane',
              'The Paddocks','Vicarage Road','Western Avenue','Winchester Road'])[1 + floor(pg_temp.rnd('st'||p.prop_id)*40)::int] AS street) st
ORDER BY p.prop_id;
ALTER SEQUENCE core.property_prop_id_seq RESTART WITH 1801;

-- units -------------------------------------------------------------------
INSERT INTO core.unit (prop_id, unit_lbl, floor_no, beds, baths, sqm, furn, asking_rent)
SELECT p.prop_id,
       CASE p.prop_type WHEN 'HM' THEN 'Room ' || k WHEN 'CV' THEN 'Flat ' || k WHEN 'BK' THEN 'Flat ' || k
                        WHEN 'FL' THEN 'Flat ' || (1 + floor(pg_temp.rnd('fn'||p.prop_id)*40)::int) ELSE 'Whole house' END,
       CASE p.prop_type WHEN 'HS' THEN NULL WHEN 'BG' THEN 0 WHEN 'HM' THEN (k - 1) / 3
                        WHEN 'FL' THEN floor(pg_temp.rnd('fo'||p.prop_id)*6)::int ELSE (k - 1) / 2 END,
       bd.beds,
       CASE WHEN p.prop_type = 'HM' THEN 1 WHEN bd.beds >= 4 THEN 2 + floor(pg_temp.rnd('ba'||p.prop_id||k)*2)::int
            WHEN bd.beds = 3 THEN 1 + floor(pg_temp.rnd('ba'||p.prop_id||k)*2)::int ELSE 1 END,
       CASE WHEN p.prop_type = 'HM' THEN round((9 + pg_temp.rnd('sq'||p.prop_id||k)*7)::numeric, 1)
            ELSE round((24 + bd.beds * 21 + pg_temp.rnd('sq'||p.prop_id||k)*22)::numeric, 1) END,
       CASE WHEN p.prop_type = 'HM' THEN 'F' ELSE (ARRAY['F','P','U','U','U','U'])[1 + floor(pg_temp.rnd('fu'||p.prop_id||k)*6)::int] END,
       round(rb.base / 25) * 25
FROM core.property p
CROSS JOIN LATERAL generate_series(1, CASE p.prop_type WHEN 'CV' THEN 2 + floor(pg_temp.rnd('nu'||p.prop_id)*3)::int
                                                      WHEN 'BK' THEN 6 + floor(pg_temp.rnd('nu'||p.prop_id)*7)::int
                                                      WHEN 'HM' THEN 5 + floor(pg_temp.rnd('nu'||p.prop_id)*3)::int
                                                      ELSE 1 END) k
CROSS JOIN LATERAL (SELECT CASE p.prop_type
         WHEN 'HM' THEN 1
         WHEN 'HS' THEN (ARRAY[2,3,3,3,3,4,4,5])[1 + floor(pg_temp.rnd('bd'||p.prop_id)*8)::int]
         WHEN 'BG' THEN (ARRAY[2,2,3,3])[1 + floor(pg_temp.rnd('bd'||p.prop_id)*4)::int]
         ELSE (ARRAY[0,1,1,1,2,2,2,3])[1 + floor(pg_temp.rnd('bd'||p.prop_id||'-'||k)*8)::int] END AS beds) bd
CROSS JOIN LATERAL (SELECT
         CASE WHEN p.prop_type = 'HM' THEN 690 ELSE (ARRAY[925,1100,1400,1725,2150,2600])[bd.beds + 1] END
         * CASE p.branch_cd WHEN 'OXF' THEN 1.22 WHEN 'RDG' THEN 1.04 WHEN 'WOK' THEN 1.06 WHEN 'HWY' THEN 1.01
                            WHEN 'NBY' THEN 0.95 ELSE 0.93 END
         * (0.9 + pg_temp.rnd('rb'||p.prop_id||'-'||k) * 0.25) AS base) rb
ORDER BY p.prop_id, k;

-- tenancies ------------------------------------------------------------------
-- Each unit gets a chain of tenancies from 2016 (when records start) to today: fixed term,
-- then possibly a periodic run, then a void of a few days to a few months before the next one.
CREATE FUNCTION pg_temp.tn_plan(u int, n int, hmo boolean)
RETURNS TABLE (fixed_m int, act_m int, void_d int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT f.fm,
         CASE WHEN pg_temp.rnd('am'||u||'-'||n) < 0.06 AND f.fm >= 12 THEN f.fm / 2
              WHEN pg_temp.rnd('am'||u||'-'||n) < 0.38 THEN f.fm
              ELSE f.fm + 1 + floor(pg_temp.rnd('ax'||u||'-'||n)^1.6 * CASE WHEN hmo THEN 12 ELSE 48 END)::int END,
         CASE WHEN pg_temp.rnd('vd'||u||'-'||n) < 0.06 THEN 60 + floor(pg_temp.rnd('vl'||u||'-'||n)*100)::int
              ELSE 3 + floor(pg_temp.rnd('vl'||u||'-'||n)^1.8 * 45)::int END
  FROM (SELECT CASE WHEN hmo THEN CASE WHEN pg_temp.rnd('fm'||u||'-'||n) < 0.45 THEN 6 ELSE 12 END
                    ELSE CASE WHEN pg_temp.rnd('fm'||u||'-'||n) < 0.08 THEN 6 WHEN pg_temp.rnd('fm'||u||'-'||n) < 0.80 THEN 12
                              WHEN pg_temp.rnd('fm'||u||'-'||n) < 0.95 THEN 24 ELSE 36 END END AS fm) f
$$;

-- a few landlords wind down: no new lets after a cut-off date, the property is withdrawn once empty
CREATE TEMP TABLE prop_cut AS
SELECT p.prop_id,
       CASE WHEN pp.u_wd < 0.08 AND p.took_on < date '2023-06-01'
                 AND p.took_on + 600 + floor(pg_temp.rnd('wc'||p.prop_id)*2400)::int <= date '2024-10-18' + 35
            THEN p.took_on + 600 + floor(pg_temp.rnd('wc'||p.prop_id)*2400)::int ELSE date 'infinity' END AS cutoff
FROM core.property p JOIN prop_plan pp ON pp.prop_id = p.prop_id;

CREATE TEMP TABLE chain AS
WITH RECURSIVE ch AS (
  SELECT x.unit_id, 1 AS n, x.hmo, x.cutoff, x.s AS start_dt, pl.fixed_m, pl.act_m,
         ((x.s + make_interval(months => pl.act_m))::date - 1) AS end_plan,
         ((x.s + make_interval(months => pl.act_m))::date - 1 + pl.void_d) AS next_start
  FROM (SELECT u.unit_id, p.prop_type = 'HM' AS hmo,
               pc.cutoff,
               GREATEST(p.took_on + 14 + floor(pg_temp.rnd('f1'||u.unit_id)*50)::int,
                        date '2016-01-04' + floor(pg_temp.rnd('f2'||u.unit_id)*330)::int) AS s
        FROM core.unit u JOIN core.property p ON p.prop_id = u.prop_id JOIN prop_cut pc ON pc.prop_id = p.prop_id) x
  CROSS JOIN LATERAL pg_temp.tn_plan(x.unit_id, 1, x.hmo) pl
  WHERE x.s <= date '2024-10-18' + 35 AND x.s < x.cutoff
  UNION ALL
  SELECT c.unit_id, c.n + 1, c.hmo, c.cutoff, c.next_start, pl.fixed_m, pl.act_m,
         ((c.next_start + make_interval(months => pl.act_m))::date - 1),
         ((c.next_start + make_interval(months => pl.act_m))::date - 1 + pl.void_d)
  FROM ch c CROSS JOIN LATERAL pg_temp.tn_plan(c.unit_id, c.n + 1, c.hmo) pl
  WHERE c.next_start <= date '2024-10-18' + 35 AND c.next_start < c.cutoff
)
SELECT row_number() OVER (ORDER BY start_dt, unit_id)::int AS tncy_id, ch.*,
       ((start_dt + make_interval(months => fixed_m))::date - 1) AS fixed_end
FROM ch;

INSERT INTO lets.tenancy (tncy_id, tncy_ref, unit_id, neg_id, lead_appl_id, agreed_on, start_dt, fixed_end_dt, notice_dt, end_dt, rent_pcm, status)
SELECT c.tncy_id,
       p.branch_cd || '/' || lpad(c.tncy_id::text, 5, '0'),
       c.unit_id,
       COALESCE((SELECT (array_agg(n.neg_id ORDER BY n.neg_id))[1 + floor(pg_temp.rnd('tn'||c.tncy_id) * count(*))::int]
                   FROM core.negotiator n
                  WHERE n.branch_cd = p.branch_cd AND n.role_cd IN ('LN','BM')
                    AND n.start_dt <= a.agreed_on AND (n.leave_dt IS NULL OR n.leave_dt >= a.agreed_on)),
                (SELECT min(n.neg_id) FROM core.negotiator n WHERE n.branch_cd = p.branch_cd AND n.role_cd = 'BM')),
       NULL,
       a.agreed_on,
       c.start_dt,
       c.fixed_end,
       CASE WHEN c.start_dt <= date '2024-10-18' AND c.end_plan <= date '2024-10-18' + 60
            THEN GREATEST(c.start_dt + 1, c.end_plan - 28 - floor(pg_temp.rnd('nd'||c.tncy_id)*35)::int) END,
       CASE WHEN c.start_dt <= date '2024-10-18' AND c.end_plan <= date '2024-10-18' + 60 THEN c.end_plan END,
       round(u.asking_rent * (1 - 0.034 * (date '2024-10-18' - c.start_dt) / 365.25)
             * (0.96 + pg_temp.rnd('ir'||c.tncy_id)*0.08) / 5) * 5,
       (CASE WHEN c.start_dt > date '2024-10-18' THEN 'pending'
             WHEN c.end_plan < date '2024-10-18' THEN 'ended'
             WHEN c.end_plan <= date '2024-10-18' + 60 THEN 'notice'
             WHEN c.fixed_end >= date '2024-10-18' THEN 'active'
             ELSE 'periodic' END)::lets.tncy_status
FROM chain c
JOIN core.unit u ON u.unit_id = c.unit_id
JOIN core.property p ON p.prop_id = u.prop_id
CROSS JOIN LATERAL (SELECT LEAST(c.start_dt - 5 - floor(pg_temp.rnd('ag'||c.tncy_id)^1.3 * 30)::int,
                           date '2024-10-18' - floor(pg_temp.rnd('ah'||c.tncy_id)*4)::int) AS agreed_on) a
ORDER BY c.tncy_id;

-- rent history (validity table) ------------------------------------------------
CREATE TEMP TABLE rr_plan AS
SELECT t.tncy_id, 0 AS k, t.start_dt AS eff_from, 0::float8 AS inc, 'I' AS rev_type
FROM lets.tenancy t
UNION ALL
SELECT t.tncy_id, k, (t.start_dt + make_interval(years => k))::date,
       0.02 + pg_temp.rnd('ri'||t.tncy_id||'-'||k) * 0.05
            + CASE WHEN (t.start_dt + make_interval(years => k))::date >= date '2022-06-01' THEN 0.015 ELSE 0 END,
       CASE WHEN (t.start_dt + make_interval(years => k))::date <= t.fixed_end_dt THEN 'C'
            WHEN pg_temp.rnd('rt'||t.tncy_id||'-'||k) < 0.6 THEN 'A' ELSE 'S' END
FROM lets.tenancy t
JOIN chain c ON c.tncy_id = t.tncy_id
CROSS JOIN generate_series(1, 9) k
WHERE t.status <> 'pending'
  AND (t.start_dt + make_interval(years => k))::date <= c.end_plan
  AND ((t.start_dt + make_interval(years => k))::date <= date '2024-10-18'
       OR ((t.start_dt + make_interval(years => k))::date <= date '2024-10-18' + 45 AND pg_temp.rnd('rf'||t.tncy_id) < 0.5))
  AND pg_temp.rnd('rv'||t.tncy_id||'-'||k) < 0.72;

INSERT INTO lets.rent_review (tncy_id, eff_from, eff_to, rent_pcm, rev_type, s13_served_on)
SELECT r.tncy_id, r.eff_from,
       lead(r.eff_from) OVER (PARTITION BY r.tncy_id ORDER BY r.eff_from) - 1,
       round(t.rent_pcm * exp(sum(ln(1 + r.inc)) OVER (PARTITION BY r.tncy_id ORDER BY r.eff_from))::numeric / 5) * 5,
       r.rev_type,
       CASE WHEN r.rev_type = 'S' THEN r.eff_from - 35 - floor(pg_temp.rnd('s13'||r.tncy_id||'-'||r.k)*30)::int END
FROM rr_plan r JOIN lets.tenancy t ON t.tncy_id = r.tncy_id
ORDER BY r.eff_from, r.tncy_id;

-- tenants ------------------------------------------------------------------------
CREATE TEMP TABLE tt_plan AS
SELECT row_number() OVER (ORDER BY t.tncy_id, k)::int AS tenant_id, t.tncy_id, k, t.agreed_on, t.start_dt
FROM lets.tenancy t
JOIN core.unit u ON u.unit_id = t.unit_id
JOIN core.property p ON p.prop_id = u.prop_id
CROSS JOIN LATERAL generate_series(1,
     CASE WHEN p.prop_type = 'HM' THEN 1
          WHEN u.beds <= 1 THEN CASE WHEN pg_temp.rnd('nt'||t.tncy_id) < 0.55 THEN 1 ELSE 2 END
          WHEN u.beds = 2 THEN (ARRAY[1,1,1,2,2,2,2,2,2,3])[1 + floor(pg_temp.rnd('nt'||t.tncy_id)*10)::int]
          ELSE (ARRAY[1,1,1,2,2,2,2,2,2,2,2,2,3,3,3,3,3,4,4,4])[1 + floor(pg_temp.rnd('nt'||t.tncy_id)*20)::int] END) k;

INSERT INTO lets.tenant (tenant_id, first_nm, last_nm, email, mobile_no, dob, rtr_chk_on, rtr_expiry, occupation)
SELECT x.tenant_id, nm.fn, nm.ln,
       CASE WHEN pg_temp.rnd('te'||x.tenant_id) < 0.98 THEN lower(nm.fn) || '.' || lower(nm.ln) || (x.tenant_id % 997)::text ||
            (ARRAY['@gmail.com','@outlook.com','@hotmail.co.uk','@yahoo.co.uk','@icloud.com'])[1 + floor(pg_temp.rnd('tm'||x.tenant_id)*5)::int] END,
       CASE WHEN pg_temp.rnd('tq'||x.tenant_id) < 0.97 THEN '07' || lpad((floor(pg_temp.rnd('tp'||x.tenant_id)*1000000000)::bigint)::text, 9, '0') END,
       x.start_dt - (6800 + floor(pg_temp.rnd('db'||x.tenant_id)^1.7 * 15000)::int),
       CASE WHEN pg_temp.rnd('rc'||x.tenant_id) < 0.025 THEN NULL ELSE x.agreed_on - floor(pg_temp.rnd('rd'||x.tenant_id)*8)::int END,
       CASE WHEN pg_temp.rnd('rx'||x.tenant_id) < 0.08 THEN x.agreed_on + 300 + floor(pg_temp.rnd('ry'||x.tenant_id)*1200)::int END,
       (ARRAY['Nurse','Teacher','Software engineer','Student','Retail assistant','Accountant','Civil servant','Engineer',
              'Care worker','Self-employed','Chef','Researcher','Sales manager','Driver','Consultant','Retired',
              'Pharmacist','Electrician','Administrator','Doctor'])[1 + floor(pg_temp.rnd('oc'||x.tenant_id)*20)::int]
FROM tt_plan x
CROSS JOIN LATERAL (SELECT
   (ARRAY['Oliver','Amelia','Harry','Olivia','Jack','Isla','Mohammed','Emily','Charlie','Ava','Jacob','Sophia',
          'Thomas','Grace','George','Mia','Noah','Poppy','Leo','Ella','Adam','Fatima','Piotr','Anna','Daniel','Zainab',
          'Joshua','Chloe','Samuel','Ruby','Kieran','Aleksandra','Liam','Jessica','Ryan','Holly','Kofi','Ngozi','Luca','Maria',
          'Arjun','Priya','Tomasz','Ioana','Ben','Lucy','Callum','Megan'])[1 + floor(pg_temp.rnd('tf'||x.tenant_id)*48)::int] AS fn,
   (ARRAY['Smith','Jones','Williams','Taylor','Brown','Davies','Evans','Wilson','Thomas','Johnson','Roberts','Robinson',
          'Thompson','Wright','Walker','White','Edwards','Hughes','Green','Hall','Lewis','Harris','Clarke','Patel','Jackson',
          'Wood','Turner','Martin','Cooper','Hill','Ward','Morris','Nowak','Kaur','Begum','Ali','Okoro','Mensah','Popescu','Singh',
          'Kowalski','Nguyen','Ahmed','Murphy','Kelly','Baker','Chapman','Fraser'])[1 + floor(pg_temp.rnd('tl'||x.tenant_id)*48)::int] AS ln) nm
ORDER BY x.tenant_id;
DO $$ BEGIN PERFORM setval('lets.tenant_tenant_id_seq', (SELECT max(tenant_id) FROM lets.tenant)); END $$;

INSERT INTO lets.tenancy_tenant (tncy_id, tenant_id, is_lead)
SELECT tncy_id, tenant_id, k = 1 FROM tt_plan ORDER BY tncy_id, k;

-- deposits ---------------------------------------------------------------------------
INSERT INTO lets.deposit (tncy_id, amount, rcvd_on, scheme_cd, scheme_ref, protected_on, returned_on, ded_amt, disputed, adj_outcome)
SELECT t.tncy_id, d.amount, d.rcvd_on, s.cd,
       CASE s.cd WHEN 'DPS' THEN 'DPS' || lpad((floor(pg_temp.rnd('sr'||t.tncy_id)*100000000)::bigint)::text, 8, '0')
                 WHEN 'TDS' THEN 'TDS-' || (2000000 + floor(pg_temp.rnd('sr'||t.tncy_id)*7000000)::int)::text
                 ELSE 'MY' || upper(substr(md5('sr'||t.tncy_id), 1, 9)) END,
       CASE WHEN pr.dt <= date '2024-10-18' THEN pr.dt END,
       CASE WHEN rt.dt <= date '2024-10-18' THEN rt.dt END,
       CASE WHEN rt.dt > date '2024-10-18' OR rt.dt IS NULL THEN 0
            WHEN dz.disputed THEN round(d.amount * (0.15 + pg_temp.rnd('dd'||t.tncy_id) * 0.45)::numeric, 2)
            WHEN pg_temp.rnd('dk'||t.tncy_id) < 0.38 THEN LEAST(d.amount, 40 + floor(pg_temp.rnd('dd'||t.tncy_id)^1.5 * 66) * 10)
            ELSE 0 END,
       dz.disputed,
       CASE WHEN dz.disputed AND rt.dt <= date '2024-10-18'
            THEN (ARRAY['T','L','S','S'])[1 + floor(pg_temp.rnd('ao'||t.tncy_id)*4)::int] END
FROM lets.tenancy t
CROSS JOIN LATERAL (SELECT
       CASE WHEN t.start_dt < date '2019-06-01' THEN round(t.rent_pcm * 12 / 52 * 6, 2)
            ELSE floor(t.rent_pcm * 12 / 52 * 5 * 100) / 100 END AS amount,
       LEAST(t.start_dt, t.agreed_on + 1 + floor(pg_temp.rnd('dr'||t.tncy_id)*6)::int, date '2024-10-18') AS rcvd_on) d
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('ds'||t.tncy_id) < 0.5 THEN 'DPS'
                                WHEN pg_temp.rnd('ds'||t.tncy_id) < 0.8 THEN 'TDS' ELSE 'MYD' END AS cd) s
CROSS JOIN LATERAL (SELECT d.rcvd_on + CASE WHEN pg_temp.rnd('pl'||t.tncy_id) < 0.035 THEN 31 + floor(pg_temp.rnd('pd'||t.tncy_id)*40)::int
                                            ELSE 1 + floor(pg_temp.rnd('pd'||t.tncy_id)^2 * 24)::int END AS dt) pr
CROSS JOIN LATERAL (SELECT t.status = 'ended' AND pg_temp.rnd('dz'||t.tncy_id) < 0.04 AS disputed) dz
CROSS JOIN LATERAL (SELECT CASE WHEN t.status = 'ended'
                                THEN t.end_dt + 3 + floor(pg_temp.rnd('rt'||t.tncy_id)^1.5 * 25)::int
                                     + CASE WHEN dz.disputed THEN 40 + floor(pg_temp.rnd('rz'||t.tncy_id)*60)::int ELSE 0 END
                           END AS dt) rt
WHERE NOT (t.start_dt >= date '2020-01-01' AND pg_temp.rnd('nd'||t.tncy_id) < 0.10)
ORDER BY d.rcvd_on, t.tncy_id;

-- rent charges (F and R landlords only) ------------------------------------------------
INSERT INTO lets.rent_charge (tncy_id, due_dt, period_end, amount, narrative)
SELECT t.tncy_id, m.due, (t.start_dt + make_interval(months => m.i + 1))::date - 1, rr.rent_pcm,
       'Rent ' || to_char(m.due, 'DD/MM/YYYY') || ' to ' || to_char((t.start_dt + make_interval(months => m.i + 1))::date - 1, 'DD/MM/YYYY')
         || ' - ' || t.tncy_ref
FROM lets.tenancy t
JOIN chain c ON c.tncy_id = t.tncy_id
JOIN core.unit u ON u.unit_id = t.unit_id
JOIN core.property p ON p.prop_id = u.prop_id
JOIN core.landlord l ON l.ll_id = p.ll_id
CROSS JOIN LATERAL (SELECT i, (t.start_dt + make_interval(months => i))::date AS due
                    FROM generate_series(0, c.act_m - 1) i) m
JOIN lets.rent_review rr ON rr.tncy_id = t.tncy_id AND rr.eff_from <= m.due AND (rr.eff_to IS NULL OR rr.eff_to >= m.due)
WHERE l.svc_lvl IN ('F','R') AND t.status <> 'pending' AND m.due <= date '2024-10-18'
ORDER BY m.due, t.tncy_id;

-- receipts: most tenants pay by standing order on the day; some are late, some on Universal Credit,
-- a few stop paying (arrears).
CREATE TEMP TABLE pay_prof AS
SELECT t.tncy_id, t.tncy_ref, t.status,
       CASE WHEN pg_temp.rnd('py'||t.tncy_id) < 0.78 THEN 'G' WHEN pg_temp.rnd('py'||t.tncy_id) < 0.93 THEN 'L'
            WHEN pg_temp.rnd('py'||t.tncy_id) < 0.972 THEN 'U' ELSE 'B' END AS prof,
       CASE WHEN t.status = 'ended' THEN t.end_dt - floor(pg_temp.rnd('as'||t.tncy_id)*100)::int
            ELSE date '2024-10-18' - floor(pg_temp.rnd('as'||t.tncy_id)*200)::int END AS arr_start,
       upper(tn.last_nm) AS lead_last, upper(left(tn.first_nm, 1)) AS lead_init
FROM lets.tenancy t
JOIN lets.tenancy_tenant tt ON tt.tncy_id = t.tncy_id AND tt.is_lead
JOIN lets.tenant tn ON tn.tenant_id = tt.tenant_id;

CREATE TEMP TABLE rcpt_stage AS
SELECT c.charge_id, c.tncy_id, pt.part, pp.prof, pp.tncy_ref, pp.lead_last, pp.lead_init,
       CASE
         WHEN pp.prof = 'G' THEN CASE WHEN pt.part = 1 THEN c.amount ELSE 0 END
         WHEN pp.prof = 'U' THEN CASE WHEN pt.part = 1 THEN round(c.amount * 0.7, 2) ELSE c.amount - round(c.amount * 0.7, 2) END
         WHEN pp.prof = 'B' AND c.due_dt >= pp.arr_start THEN
              CASE WHEN pt.part = 2 OR u1 < 0.45 THEN 0 ELSE round(c.amount * (0.2 + u2 * 0.5)::numeric, 2) END
         WHEN u3 < 0.2 AND pp.prof = 'L' THEN CASE WHEN pt.part = 1 THEN round(c.amount * 0.6, 2) ELSE c.amount - round(c.amount * 0.6, 2) END
         ELSE CASE WHEN pt.part = 1 THEN c.amount ELSE 0 END
       END AS amount,
       CASE
         WHEN pp.prof = 'G' THEN c.due_dt + floor(u2^3 * 3)::int
         WHEN pp.prof = 'U' THEN CASE WHEN pt.part = 1 THEN c.due_dt + 4 + floor(u2 * 9)::int ELSE c.due_dt + floor(u4 * 21)::int END
         WHEN pp.prof = 'B' AND c.due_dt >= pp.arr_start THEN c.due_dt + 5 + floor(u2 * 25)::int
         ELSE c.due_dt + 3 + floor(u2^1.5 * 25)::int + CASE WHEN pt.part = 2 THEN 5 + floor(u4 * 11)::int ELSE 0 END
       END AS rcvd_on,
       CASE
         WHEN pp.prof = 'G' THEN CASE WHEN c.due_dt < date '2020-01-01' AND u4 < 0.03 THEN 'CQ' WHEN u4 < 0.92 THEN 'SO' ELSE 'CD' END
         WHEN pp.prof = 'U' AND pt.part = 1 THEN 'UC'
         WHEN u4 < 0.7 THEN 'BT' ELSE 'CD'
       END AS pay_mthd,
       u5
FROM lets.rent_charge c
JOIN pay_prof pp ON pp.tncy_id = c.tncy_id
CROSS JOIN (VALUES (1), (2)) pt(part)
CROSS JOIN LATERAL (SELECT pg_temp.rnd('u1'||c.charge_id) AS u1, pg_temp.rnd('u2'||c.charge_id||'-'||pt.part) AS u2,
                           pg_temp.rnd('u3'||c.charge_id) AS u3, pg_temp.rnd('u4'||c.charge_id||'-'||pt.part) AS u4,
                           pg_temp.rnd('u5'||c.charge_id||'-'||pt.part) AS u5) r;

INSERT INTO lets.receipt (tncy_id, charge_id, rcvd_on, amount, pay_mthd, bank_ref, posted_at)
SELECT s.tncy_id, s.charge_id, s.rcvd_on, s.amount, s.pay_mthd,
       CASE s.pay_mthd
         WHEN 'SO' THEN 'SO ' || s.lead_last || ' ' || s.tncy_ref
         WHEN 'BT' THEN 'FP ' || s.lead_init || ' ' || s.lead_last || ' ' || replace(s.tncy_ref, '/', '')
         WHEN 'UC' THEN 'DWP UC ' || lpad(((s.tncy_id * 7919) % 1000000)::text, 6, '0')
         WHEN 'CD' THEN 'CARD PORTAL ' || upper(substr(md5('cd'||s.charge_id||s.part), 1, 10))
         ELSE 'CHQ ' || (100000 + floor(s.u5 * 899999)::int)::text
       END,
       s.rcvd_on + CASE WHEN s.rcvd_on < date '2024-10-18' THEN 1 ELSE 0 END
                 + interval '9 hours' + floor(s.u5 * 420) * interval '1 minute'
FROM rcpt_stage s
WHERE s.amount > 0 AND s.rcvd_on <= date '2024-10-18'
ORDER BY s.rcvd_on, s.charge_id, s.part;

UPDATE lets.rent_charge c SET alloc_amt = x.paid,
       chg_status = CASE WHEN x.paid >= c.amount THEN 'S' ELSE 'P' END
FROM (SELECT charge_id, sum(amount) AS paid FROM lets.receipt GROUP BY charge_id) x
WHERE x.charge_id = c.charge_id;

-- applicants and viewings ---------------------------------------------------------------
-- Only the last 24 months survive the GDPR purge: viewings for lets agreed since 20 November 2022,
-- plus the marketing of units that are empty or under notice today.
CREATE TEMP TABLE camp AS
SELECT row_number() OVER (ORDER BY x.win_from, x.unit_id)::int AS camp_id, x.*
FROM (
  SELECT t.tncy_id, t.unit_id, p.branch_cd, t.agreed_on - 28 AS win_from, t.agreed_on AS win_to,
         t.agreed_on - floor(pg_temp.rnd('lv'||t.tncy_id)*3)::int AS lead_dt, t.rent_pcm AS rent, u.beds
  FROM lets.tenancy t JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
  WHERE t.agreed_on >= date '2022-11-20'
  UNION ALL
  SELECT NULL, u.unit_id, p.branch_cd,
         GREATEST(date '2024-10-18' - 35,
                  COALESCE((SELECT max(COALESCE(t.notice_dt, t.end_dt - 21)) FROM lets.tenancy t WHERE t.unit_id = u.unit_id),
                           p.took_on + 3)),
         date '2024-10-18' + 12, NULL, u.asking_rent, u.beds
  FROM core.unit u JOIN core.property p ON p.prop_id = u.prop_id JOIN prop_cut pc ON pc.prop_id = p.prop_id
  WHERE pc.cutoff = 'infinity'
    AND NOT EXISTS (SELECT 1 FROM lets.tenancy t WHERE t.unit_id = u.unit_id AND t.status IN ('pending','active','periodic'))
) x;

CREATE TEMP TABLE view_plan AS
SELECT c.camp_id, c.tncy_id, c.unit_id, c.branch_cd, c.rent, c.beds, j, j = 0 AS is_lead,
       (CASE WHEN j = 0 THEN c.lead_dt
             ELSE c.win_from + floor(pg_temp.rnd('vw'||c.camp_id||'-'||j) * (c.win_to - c.win_from + 1))::int END)
         + interval '9 hours' + floor(pg_temp.rnd('vs'||c.camp_id||'-'||j) * 19) * interval '30 minutes' AS viewing_at
FROM camp c
CROSS JOIN LATERAL generate_series(CASE WHEN c.tncy_id IS NULL THEN 1 ELSE 0 END,
                                   1 + floor(pg_temp.rnd('nv'||c.camp_id)*6)::int) j;

-- applicants: the lead applicant of each let, and a pool of others registered over the period
CREATE TEMP TABLE appl_plan AS
SELECT 'L' || v.camp_id AS akey, v.branch_cd,
       v.viewing_at - (2 + floor(pg_temp.rnd('ar'||v.camp_id)^1.5 * 45)) * interval '1 day'
                    - floor(pg_temp.rnd('am'||v.camp_id)*600) * interval '1 minute' AS registered_at,
       round(v.rent * (1 + floor(pg_temp.rnd('mx'||v.camp_id)*5) * 0.05) / 50) * 50 AS max_rent,
       GREATEST(v.beds - floor(pg_temp.rnd('mb'||v.camp_id)*2)::int, 0) AS min_beds
FROM view_plan v WHERE v.is_lead
UNION ALL
SELECT 'P' || j, (ARRAY['RDG','RDG','RDG','OXF','OXF','NBY','WOK','WOK','BSK','HWY'])[1 + floor(pg_temp.rnd('pb'||j)*10)::int],
       timestamp '2022-10-20' + (j / 9000.0) * (timestamp '2024-10-18 17:00' - timestamp '2022-10-20'),
       (700 + floor(pg_temp.rnd('pm'||j)^1.4 * 50) * 50)::numeric,
       floor(pg_temp.rnd('pn'||j)^1.3 * 5)::int
FROM generate_series(1, 9000) j;

CREATE TEMP TABLE appl_ids AS
SELECT 60000 + row_number() OVER (ORDER BY registered_at, akey)::int AS appl_id, a.* FROM appl_plan a;

CREATE TEMP TABLE view_full AS
SELECT v.*,
       CASE WHEN v.is_lead THEN 'L' || v.camp_id
            ELSE 'P' || GREATEST(1, LEAST(9000, floor(9000 * extract(epoch FROM v.viewing_at - timestamp '2022-10-20')
                                        / extract(epoch FROM timestamp '2024-10-18 17:00' - timestamp '2022-10-20'))::int)
                             - floor(pg_temp.rnd('pa'||v.camp_id||'-'||v.j) * 500)::int) END AS akey
FROM view_plan v;

INSERT INTO lets.applicant (appl_id, full_nm, email, mobile_no, branch_cd, src_cd, max_rent, min_beds, has_pets, move_by, registered_at, last_active_at)
SELECT a.appl_id, nm.fn || ' ' || nm.ln,
       lower(nm.fn) || '.' || lower(nm.ln) || (a.appl_id % 1000)::text ||
            (ARRAY['@gmail.com','@outlook.com','@hotmail.co.uk','@yahoo.co.uk','@icloud.com'])[1 + floor(pg_temp.rnd('ae'||a.akey)*5)::int],
       CASE WHEN pg_temp.rnd('aq'||a.akey) < 0.95 THEN '07' || lpad((floor(pg_temp.rnd('ap'||a.akey)*1000000000)::bigint)::text, 9, '0') END,
       a.branch_cd,
       (ARRAY['RMV','RMV','RMV','RMV','RMV','ZPL','ZPL','OTM','WEB','WEB','WLK','REF'])[1 + floor(pg_temp.rnd('as'||a.akey)*12)::int],
       a.max_rent, a.min_beds,
       pg_temp.rnd('ah'||a.akey) < 0.18,
       (a.registered_at + (20 + floor(pg_temp.rnd('ad'||a.akey)*100)) * interval '1 day')::date,
       a.registered_at, a.registered_at
FROM appl_ids a
CROSS JOIN LATERAL (SELECT
   (ARRAY['Oliver','Amelia','Harry','Olivia','Jack','Isla','Mohammed','Emily','Charlie','Ava','Jacob','Sophia',
          'Thomas','Grace','George','Mia','Noah','Poppy','Leo','Ella','Adam','Fatima','Piotr','Anna','Daniel','Zainab',
          'Joshua','Chloe','Samuel','Ruby','Kieran','Aleksandra','Liam','Jessica','Ryan','Holly','Kofi','Ngozi','Luca','Maria',
          'Arjun','Priya','Tomasz','Ioana','Ben','Lucy','Callum','Megan'])[1 + floor(pg_temp.rnd('af'||a.akey)*48)::int] AS fn,
   (ARRAY['Smith','Jones','Williams','Taylor','Brown','Davies','Evans','Wilson','Thomas','Johnson','Roberts','Robinson',
          'Thompson','Wright','Walker','White','Edwards','Hughes','Green','Hall','Lewis','Harris','Clarke','Patel','Jackson',
          'Wood','Turner','Martin','Cooper','Hill','Ward','Morris','Nowak','Kaur','Begum','Ali','Okoro','Mensah','Popescu','Singh',
          'Kowalski','Nguyen','Ahmed','Murphy','Kelly','Baker','Chapman','Fraser'])[1 + floor(pg_temp.rnd('al'||a.akey)*48)::int] AS ln) nm
ORDER BY a.appl_id;

INSERT INTO lets.viewing (unit_id, appl_id, neg_id, booked_at, viewing_at, outcome)
SELECT v.unit_id,
       a.appl_id,
       COALESCE((SELECT (array_agg(n.neg_id ORDER BY n.neg_id))[1 + floor(pg_temp.rnd('vn'||v.camp_id||'-'||v.j) * count(*))::int]
                   FROM core.negotiator n
                  WHERE n.branch_cd = v.branch_cd AND n.role_cd IN ('LN','BM')
                    AND n.start_dt <= v.viewing_at::date AND (n.leave_dt IS NULL OR n.leave_dt >= v.viewing_at::date)),
                (SELECT min(n.neg_id) FROM core.negotiator n WHERE n.branch_cd = v.branch_cd AND n.role_cd = 'BM')),
       LEAST(v.viewing_at - (1 + floor(pg_temp.rnd('vb'||v.camp_id||'-'||v.j)*6)) * interval '1 day'
                          - floor(pg_temp.rnd('vh'||v.camp_id||'-'||v.j)*480) * interval '1 minute',
             timestamp '2024-10-18 17:30' - floor(pg_temp.rnd('vh'||v.camp_id||'-'||v.j)*480) * interval '1 minute'),
       v.viewing_at,
       CASE WHEN v.is_lead THEN 'O'
            WHEN v.viewing_at >= timestamp '2024-10-19' THEN CASE WHEN pg_temp.rnd('vo'||v.camp_id||'-'||v.j) < 0.9 THEN 'B' ELSE 'X' END
            ELSE (ARRAY['A','A','A','A','A','A','A','A','A','A','A','A','N','N','N','X','X','X','R','R'])
                 [1 + floor(pg_temp.rnd('vo'||v.camp_id||'-'||v.j)*20)::int] END
FROM view_full v JOIN appl_ids a ON a.akey = v.akey
ORDER BY v.viewing_at, v.camp_id, v.j;

-- registration can't be after the first booking; activity = latest booking or viewing up to today
UPDATE lets.applicant a SET registered_at = LEAST(a.registered_at, x.first_booked - interval '2 hours'),
                            last_active_at = GREATEST(a.registered_at, x.last_act)
FROM (SELECT appl_id, min(booked_at) AS first_booked,
             max(LEAST(viewing_at, timestamp '2024-10-18 17:30')) AS last_act
      FROM lets.viewing GROUP BY appl_id) x
WHERE x.appl_id = a.appl_id;
UPDATE lets.applicant SET last_active_at = GREATEST(last_active_at, registered_at);
ALTER SEQUENCE lets.applicant_appl_id_seq RESTART WITH 80000;
DO $$ BEGIN PERFORM setval('lets.applicant_appl_id_seq', (SELECT max(appl_id) FROM lets.applicant)); END $$;

-- tenancies remember the applicant they came from (older ids point to purged applicants)
UPDATE lets.tenancy t SET lead_appl_id = a.appl_id
FROM camp c JOIN appl_ids a ON a.akey = 'L' || c.camp_id
WHERE c.tncy_id = t.tncy_id;
UPDATE lets.tenancy t SET lead_appl_id = x.old_id
FROM (SELECT tncy_id, (row_number() OVER (ORDER BY agreed_on, tncy_id) * 60000
                       / count(*) OVER ())::int AS old_id
      FROM lets.tenancy WHERE lead_appl_id IS NULL) x
WHERE x.tncy_id = t.tncy_id;

-- properties withdrawn by landlords who wound down -------------------------------------
UPDATE core.property p SET withdrawn_on = x.wd
FROM (SELECT pc.prop_id,
             GREATEST(max(t.end_dt), max(p2.took_on)) + 1 + floor(pg_temp.rnd('wd'||pc.prop_id)*20)::int AS wd
      FROM prop_cut pc
      JOIN core.property p2 ON p2.prop_id = pc.prop_id
      JOIN core.unit u ON u.prop_id = pc.prop_id
      LEFT JOIN lets.tenancy t ON t.unit_id = u.unit_id
      WHERE pc.cutoff < 'infinity'
      GROUP BY pc.prop_id
      HAVING bool_and(t.status IS NULL OR t.status = 'ended')) x
WHERE x.prop_id = p.prop_id AND x.wd <= date '2024-10-18';

-- contractors --------------------------------------------------------------------------
INSERT INTO maint.contractor (contr_id, co_name, trade_cd, area_cd, phone, email, vat_reg, preferred, gas_safe_no, ins_expiry, hourly_rate)
SELECT i,
       (ARRAY['Kennet','Loddon','Chiltern','Vale','Cherwell','Downs','Berkshire','Thames','Pang','Blackwater','Wey','Isis',
              'Lambourn','Whitley','Emmer','Hart','Ock','Wye','Enborne','Evenlode'])[1 + (i * 7) % 20]
       || ' ' || tr.word || ' ' || (ARRAY['Ltd','Services','& Sons','Ltd','Co','Solutions'])[1 + floor(pg_temp.rnd('cn'||i)*6)::int],
       tr.cd,
       (ARRAY['RDG','OXF','NBY','WOK','BSK','HWY'])[1 + (i % 6)],
       '0' || (1000000000 + floor(pg_temp.rnd('cp'||i)*899999999)::bigint)::text,
       'jobs@' || lower(replace(tr.word, ' ', '')) || i::text || '.co.uk',
       pg_temp.rnd('cv'||i) < 0.8,
       pg_temp.rnd('cf'||i) < 0.45,
       CASE WHEN tr.cd = 'GAS' THEN (100000 + floor(pg_temp.rnd('gn'||i)*899999)::int)::text END,
       date '2024-10-18' - 150 + floor(pg_temp.rnd('ie'||i)*520)::int,
       round((32 + pg_temp.rnd('hr'||i) * 40)::numeric, 2)
FROM generate_series(1, 66) i
CROSS JOIN LATERAL (SELECT (ARRAY['PLB','ELE','GAS','GEN','PLB','GAS','GEN','ELE','ROO','LCK','GEN','PST','CLN','GAS','PLB','ELE','GEN','CLN','LCK','ROO','GAS','PLB'])[1 + (i - 1) % 22] AS cd) c
CROSS JOIN LATERAL (SELECT c.cd,
          CASE c.cd WHEN 'PLB' THEN 'Plumbing' WHEN 'ELE' THEN 'Electrical' WHEN 'GAS' THEN 'Heating'
                    WHEN 'GEN' THEN 'Property Maintenance' WHEN 'ROO' THEN 'Roofing' WHEN 'LCK' THEN 'Locksmiths'
                    WHEN 'PST' THEN 'Pest Control' ELSE 'Cleaning' END AS word) tr;
UPDATE maint.contractor c SET co_name = split_part(c.co_name, ' ', 1) || ' Valley ' || substr(c.co_name, length(split_part(c.co_name, ' ', 1)) + 2)
WHERE EXISTS (SELECT 1 FROM maint.contractor c2 WHERE c2.co_name = c.co_name AND c2.contr_id < c.contr_id);
ALTER SEQUENCE maint.contractor_contr_id_seq RESTART WITH 67;

-- inspections: check-in for F and R lets, mid-terms every 6 months and check-out on F lets -------
CREATE TEMP TABLE insp_plan AS
SELECT t.tncy_id, t.unit_id, p.branch_cd, l.svc_lvl, 'CHI' AS insp_type, t.start_dt - floor(pg_temp.rnd('ci'||t.tncy_id)*2)::int AS insp_dt, 0 AS k
FROM lets.tenancy t JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
JOIN core.landlord l ON l.ll_id = p.ll_id
WHERE l.svc_lvl IN ('F','R') AND t.start_dt <= date '2024-10-18'
UNION ALL
SELECT t.tncy_id, t.unit_id, p.branch_cd, l.svc_lvl, 'MID',
       (t.start_dt + make_interval(months => 3 + 6 * k))::date + floor(pg_temp.rnd('mi'||t.tncy_id||'-'||k)*21)::int - 10, k
FROM lets.tenancy t JOIN chain c ON c.tncy_id = t.tncy_id
JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
JOIN core.landlord l ON l.ll_id = p.ll_id
CROSS JOIN generate_series(0, 20) k
WHERE l.svc_lvl = 'F'
  AND (t.start_dt + make_interval(months => 3 + 6 * k))::date + 10 <= date '2024-10-18'
  AND (t.start_dt + make_interval(months => 3 + 6 * k))::date + 20 < c.end_plan
  AND pg_temp.rnd('ms'||t.tncy_id||'-'||k) >= 0.08
UNION ALL
SELECT t.tncy_id, t.unit_id, p.branch_cd, l.svc_lvl, 'CHO', t.end_dt + floor(pg_temp.rnd('co'||t.tncy_id)*3)::int, 99
FROM lets.tenancy t JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
JOIN core.landlord l ON l.ll_id = p.ll_id
WHERE l.svc_lvl = 'F' AND t.status = 'ended' AND t.end_dt + 2 <= date '2024-10-18';

INSERT INTO maint.inspection (unit_id, tncy_id, neg_id, insp_type, insp_dt, cond_score, n_actions, report_sent_on)
SELECT i.unit_id, i.tncy_id,
       COALESCE((SELECT (array_agg(n.neg_id ORDER BY n.neg_id))[1 + floor(pg_temp.rnd('in'||i.tncy_id||'-'||i.k) * count(*))::int]
                   FROM core.negotiator n
                  WHERE n.branch_cd = i.branch_cd AND n.role_cd = 'PM'
                    AND n.start_dt <= i.insp_dt AND (n.leave_dt IS NULL OR n.leave_dt >= i.insp_dt)),
                (SELECT min(n.neg_id) FROM core.negotiator n WHERE n.branch_cd = i.branch_cd AND n.role_cd = 'BM')),
       i.insp_type, i.insp_dt, sc.score,
       CASE sc.score WHEN 5 THEN 0 WHEN 4 THEN floor(pg_temp.rnd('na'||i.tncy_id||'-'||i.k)*2)::int
                     WHEN 3 THEN 1 + floor(pg_temp.rnd('na'||i.tncy_id||'-'||i.k)*3)::int
                     ELSE 3 + floor(pg_temp.rnd('na'||i.tncy_id||'-'||i.k)*5)::int END,
       CASE WHEN i.insp_dt + r.d <= date '2024-10-18' THEN i.insp_dt + r.d END
FROM insp_plan i
CROSS JOIN LATERAL (SELECT CASE WHEN i.insp_type = 'CHI' THEN (ARRAY[3,4,4,4,5,5,5])[1 + floor(pg_temp.rnd('sc'||i.tncy_id||'-'||i.k)*7)::int]
                                WHEN i.insp_type = 'CHO' THEN (ARRAY[1,2,2,3,3,3,3,4,4,4,4,5])[1 + floor(pg_temp.rnd('sc'||i.tncy_id||'-'||i.k)*12)::int]
                                ELSE (ARRAY[2,3,3,3,4,4,4,4,4,5,5])[1 + floor(pg_temp.rnd('sc'||i.tncy_id||'-'||i.k)*11)::int] END AS score) sc
CROSS JOIN LATERAL (SELECT floor(pg_temp.rnd('rs'||i.tncy_id||'-'||i.k)^2 * 8)::int AS d) r
ORDER BY i.insp_dt, i.unit_id, i.k;

-- maintenance jobs on fully managed lets -----------------------------------------------------
CREATE TEMP TABLE job_plan AS
SELECT row_number() OVER (ORDER BY x.raised_at, x.unit_id, x.j)::int AS job_id, x.*
FROM (
  SELECT t.tncy_id, t.unit_id, p.branch_cd, j, tt.tenant_id AS lead_tenant,
         t.start_dt + floor(pg_temp.rnd('jr'||t.tncy_id||'-'||j) * (LEAST(c.end_plan, date '2024-10-18') - t.start_dt + 1))::int
           + interval '7 hours' + floor(pg_temp.rnd('jh'||t.tncy_id||'-'||j) * 840) * interval '1 minute' AS raised_at,
         pg_temp.rnd('jt'||t.tncy_id||'-'||j) AS u_cat,
         pg_temp.rnd('jp'||t.tncy_id||'-'||j) AS u_pri,
         false AS void_job
  FROM lets.tenancy t JOIN chain c ON c.tncy_id = t.tncy_id
  JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
  JOIN core.landlord l ON l.ll_id = p.ll_id
  JOIN lets.tenancy_tenant tt ON tt.tncy_id = t.tncy_id AND tt.is_lead
  CROSS JOIN LATERAL generate_series(1, floor((LEAST(c.end_plan, date '2024-10-18') - t.start_dt) / 30.4 * 0.11
                                              + pg_temp.rnd('nj'||t.tncy_id))::int) j
  WHERE l.svc_lvl = 'F' AND t.start_dt <= date '2024-10-18'
  UNION ALL
  SELECT NULL, t.unit_id, p.branch_cd, 0, NULL,
         t.end_dt + 1 + floor(pg_temp.rnd('vj'||t.tncy_id)*4)::int + interval '8 hours'
           + floor(pg_temp.rnd('vk'||t.tncy_id) * 480) * interval '1 minute',
         0.96 + pg_temp.rnd('jt'||t.tncy_id)*0.04, 0.7 + pg_temp.rnd('jp'||t.tncy_id) * 0.3, true
  FROM lets.tenancy t JOIN core.unit u ON u.unit_id = t.unit_id JOIN core.property p ON p.prop_id = u.prop_id
  JOIN core.landlord l ON l.ll_id = p.ll_id
  WHERE l.svc_lvl = 'F' AND t.status = 'ended' AND t.end_dt + 6 <= date '2024-10-18' AND pg_temp.rnd('vv'||t.tncy_id) < 0.3
) x;

CREATE TEMP TABLE job_full AS
SELECT jp.*, cat.cd AS cat_cd, pr.priority,
       CASE cat.cd WHEN 'PLB' THEN 'PLB' WHEN 'HTG' THEN 'GAS' WHEN 'ELE' THEN 'ELE'
                   WHEN 'APP' THEN CASE WHEN pg_temp.rnd('ap'||jp.job_id) < 0.5 THEN 'ELE' ELSE 'GEN' END
                   WHEN 'ROF' THEN 'ROO' WHEN 'LCK' THEN 'LCK' WHEN 'PST' THEN 'PST'
                   WHEN 'GEN' THEN CASE WHEN jp.void_job THEN 'CLN' ELSE 'GEN' END ELSE 'GEN' END AS trade,
       round((CASE pr.priority WHEN 1 THEN 90 + pg_temp.rnd('ec'||jp.job_id)^1.5 * 380
                               WHEN 2 THEN 80 + pg_temp.rnd('ec'||jp.job_id)^1.5 * 560
                               WHEN 3 THEN 60 + pg_temp.rnd('ec'||jp.job_id)^2.2 * 1400
                               ELSE 250 + pg_temp.rnd('ec'||jp.job_id)^1.5 * 3200 END)::numeric / 5) * 5 AS est_cost,
       pg_temp.rnd('jx'||jp.job_id) < 0.04 AS cancelled
FROM job_plan jp
CROSS JOIN LATERAL (SELECT CASE WHEN jp.u_cat < 0.20 THEN 'PLB' WHEN jp.u_cat < 0.38 THEN 'HTG' WHEN jp.u_cat < 0.48 THEN 'ELE'
                                WHEN jp.u_cat < 0.62 THEN 'APP' WHEN jp.u_cat < 0.67 THEN 'ROF' WHEN jp.u_cat < 0.76 THEN 'DMP'
                                WHEN jp.u_cat < 0.84 THEN 'LCK' WHEN jp.u_cat < 0.88 THEN 'PST' ELSE 'GEN' END AS cd) cat
CROSS JOIN LATERAL (SELECT CASE WHEN cat.cd IN ('PLB','HTG') AND jp.u_pri < 0.25 THEN 1
                                WHEN cat.cd NOT IN ('PLB','HTG') AND jp.u_pri < 0.06 THEN 1
                                WHEN jp.u_pri < 0.32 THEN 2 WHEN jp.u_pri < 0.90 THEN 3 ELSE 4 END AS priority) pr;

CREATE TEMP TABLE job_sched AS
SELECT jf.*,
       jf.est_cost > 500 AND jf.priority >= 3 AND NOT jf.cancelled AS needs_quote,
       jf.raised_at + CASE jf.priority WHEN 1 THEN (20 + floor(pg_temp.rnd('as'||jf.job_id)*160)) * interval '1 minute'
                                       WHEN 2 THEN (2 + floor(pg_temp.rnd('as'||jf.job_id)*28)) * interval '1 hour'
                                       WHEN 3 THEN (1 + floor(pg_temp.rnd('as'||jf.job_id)*5)) * interval '1 day'
                                       ELSE (2 + floor(pg_temp.rnd('as'||jf.job_id)*9)) * interval '1 day' END AS assigned_at,
       (SELECT (array_agg(k.contr_id ORDER BY NOT k.preferred, k.contr_id))[1 + floor(pg_temp.rnd('jc'||jf.job_id)^2 * count(*))::int]
          FROM maint.contractor k WHERE k.trade_cd = jf.trade AND k.area_cd = jf.branch_cd) AS contr_local,
       (SELECT (array_agg(k.contr_id ORDER BY k.contr_id))[1 + floor(pg_temp.rnd('jd'||jf.job_id) * count(*))::int]
          FROM maint.contractor k WHERE k.trade_cd = jf.trade) AS contr_any
FROM job_full jf;

CREATE TEMP TABLE job_final AS
SELECT js.*,
       COALESCE(js.contr_local, js.contr_any) AS contr_id,
       js.assigned_at::date + 2 + floor(pg_temp.rnd('qd'||js.job_id)*9)::int AS quoted_on,
       js.assigned_at::date + 2 + floor(pg_temp.rnd('qd'||js.job_id)*9)::int + 2 + floor(pg_temp.rnd('qa'||js.job_id)*13)::int AS approved_on,
       CASE WHEN js.needs_quote
            THEN (js.assigned_at::date + 2 + floor(pg_temp.rnd('qd'||js.job_id)*9)::int + 2 + floor(pg_temp.rnd('qa'||js.job_id)*13)::int)
                 + (5 + floor(pg_temp.rnd('cq'||js.job_id)*26)) * interval '1 day' + interval '15 hours'
            ELSE js.assigned_at + CASE js.priority WHEN 1 THEN (1 + floor(pg_temp.rnd('cm'||js.job_id)^2 * 30)) * interval '1 hour'
                                                   WHEN 2 THEN (20 + floor(pg_temp.rnd('cm'||js.job_id)^1.5 * 100)) * interval '1 hour'
                                                   WHEN 3 THEN (2 + floor(pg_temp.rnd('cm'||js.job_id)^1.5 * 24)) * interval '1 day'
                                                   ELSE (7 + floor(pg_temp.rnd('cm'||js.job_id) * 38)) * interval '1 day' END
       END AS done_at
FROM job_sched js;

INSERT INTO maint.job (job_id, unit_id, tncy_id, reported_by, raised_at, cat_cd, priority, summary, est_cost,
                       contr_id, assigned_at, completed_at, job_status)
SELECT f.job_id, f.unit_id, f.tncy_id,
       CASE WHEN NOT f.void_job AND pg_temp.rnd('rb'||f.job_id) < 0.86 THEN f.lead_tenant END,
       f.raised_at, f.cat_cd, f.priority,
       CASE WHEN f.void_job THEN (ARRAY['End of tenancy clean','Void works: redecorate and repair after check-out',
                                        'Replace carpets after check-out','Deep clean and make good before re-let'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*4)::int]
            ELSE CASE f.cat_cd
              WHEN 'PLB' THEN (ARRAY['Leak under kitchen sink','Toilet not flushing','Blocked bath waste','Dripping tap in bathroom','Water coming through ceiling','Low water pressure'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*6)::int]
              WHEN 'HTG' THEN (ARRAY['Boiler not working - no heating or hot water','Radiator cold in bedroom','Boiler losing pressure','Annual boiler service','Thermostat faulty'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*5)::int]
              WHEN 'ELE' THEN (ARRAY['Sockets not working in kitchen','Lights tripping the fuse box','Extractor fan broken','Smoke alarm beeping','Shower not heating'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*5)::int]
              WHEN 'APP' THEN (ARRAY['Washing machine not draining','Oven not heating','Fridge freezer not cold','Dishwasher leaking','Hob ring not working'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*5)::int]
              WHEN 'ROF' THEN (ARRAY['Roof leak in loft','Gutter overflowing','Slipped roof tiles after storm','Downpipe broken'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*4)::int]
              WHEN 'DMP' THEN (ARRAY['Black mould in bathroom','Damp patch on bedroom wall','Condensation and mould on windows','Rising damp in hallway'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*4)::int]
              WHEN 'LCK' THEN (ARRAY['Front door lock sticking','Tenant locked out','Window will not close','Back door not locking','Broken window pane'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*5)::int]
              WHEN 'PST' THEN (ARRAY['Mice in kitchen','Wasp nest under eaves','Bed bugs reported','Rats in garden'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*4)::int]
              ELSE (ARRAY['Fence panel blown down','Kitchen cupboard door hanging off','Loose stair banister','Garden shed roof leaking','Cracked bathroom tiles'])[1 + floor(pg_temp.rnd('sm'||f.job_id)*5)::int]
            END END,
       f.est_cost,
       CASE WHEN f.cancelled OR f.assigned_at > timestamp '2024-10-18 17:30' THEN NULL ELSE f.contr_id END,
       CASE WHEN f.cancelled OR f.assigned_at > timestamp '2024-10-18 17:30' THEN NULL ELSE f.assigned_at END,
       CASE WHEN NOT f.cancelled AND f.done_at <= timestamp '2024-10-18 17:30'
                 AND (NOT f.needs_quote OR f.approved_on <= date '2024-10-18') THEN f.done_at END,
       CASE WHEN f.cancelled THEN 'X'
            WHEN f.assigned_at > timestamp '2024-10-18 17:30' THEN 'N'
            WHEN f.needs_quote AND f.quoted_on > date '2024-10-18' THEN 'A'
            WHEN f.needs_quote AND f.approved_on > date '2024-10-18' THEN 'Q'
            WHEN f.done_at <= timestamp '2024-10-18 17:30' THEN 'C'
            WHEN f.assigned_at < timestamp '2024-10-18 17:30' - interval '1 day' THEN 'W'
            ELSE 'A' END
FROM job_final f
ORDER BY f.job_id;
ALTER SEQUENCE maint.job_job_id_seq RESTART WITH 1;
DO $$ BEGIN PERFORM setval('maint.job_job_id_seq', (SELECT max(job_id) FROM maint.job)); END $$;

-- quotes: the job's contractor always quotes; one or two others sometimes do
INSERT INTO maint.quote (job_id, contr_id, quoted_on, amount, q_status)
SELECT f.job_id, q.contr_id, f.quoted_on + q.n - 1,
       round(f.est_cost * (0.85 + pg_temp.rnd('qm'||f.job_id||'-'||q.n) * 0.4) / 5) * 5,
       CASE WHEN f.approved_on > date '2024-10-18' THEN 'P' WHEN q.n = 1 THEN 'A' ELSE 'R' END
FROM job_final f
CROSS JOIN LATERAL (
   SELECT 1 AS n, f.contr_id
   UNION ALL
   SELECT 1 + (row_number() OVER (ORDER BY k.contr_id))::int, k.contr_id
   FROM maint.contractor k
   WHERE k.trade_cd = f.trade AND k.contr_id <> f.contr_id
     AND pg_temp.rnd('qo'||f.job_id||'-'||k.contr_id) < 0.12
) q
WHERE f.needs_quote AND f.quoted_on <= date '2024-10-18' AND f.assigned_at <= timestamp '2024-10-18 17:30'
  AND f.quoted_on + q.n - 1 <= date '2024-10-18'
ORDER BY f.quoted_on, f.job_id, q.n;

-- contractor invoices for completed jobs (the accepted quote price where there was one)
INSERT INTO maint.contractor_invoice (job_id, contr_id, their_ref, inv_dt, net_amt, vat_amt, paid_on)
SELECT j.job_id, j.contr_id,
       'INV-' || (1000 + j.job_id * 3 + j.contr_id)::text,
       iv.inv_dt, n.net,
       CASE WHEN k.vat_reg THEN round(n.net * 0.2, 2) ELSE 0 END,
       CASE WHEN iv.inv_dt + pd.d <= date '2024-10-18' THEN iv.inv_dt + pd.d END
FROM maint.job j
JOIN maint.contractor k ON k.contr_id = j.contr_id
LEFT JOIN maint.quote q ON q.job_id = j.job_id AND q.q_status = 'A'
CROSS JOIN LATERAL (SELECT j.completed_at::date + floor(pg_temp.rnd('iv'||j.job_id)^1.5 * 11)::int AS inv_dt) iv
CROSS JOIN LATERAL (SELECT COALESCE(q.amount, round((j.est_cost * (0.7 + pg_temp.rnd('ia'||j.job_id) * 0.6))::numeric, 2)) AS net) n
CROSS JOIN LATERAL (SELECT 7 + floor(pg_temp.rnd('ip'||j.job_id) * 28)::int AS d) pd
WHERE j.job_status = 'C' AND iv.inv_dt <= date '2024-10-18'
ORDER BY iv.inv_dt, j.job_id;

-- =====================================================================
--  Indexes, view
-- =====================================================================
CREATE INDEX idx_property_landlord   ON core.property (ll_id);
CREATE INDEX idx_property_postcode   ON core.property (postcode);
CREATE INDEX idx_unit_prop           ON core.unit (prop_id);
CREATE INDEX idx_viewing_unit        ON lets.viewing (unit_id);
CREATE INDEX idx_viewing_at          ON lets.viewing (viewing_at);
CREATE INDEX idx_viewing_appl        ON lets.viewing (appl_id);
CREATE INDEX idx_applicant_email     ON lets.applicant (lower(email));
CREATE INDEX idx_tenant_email        ON lets.tenant (lower(email));
CREATE INDEX idx_tenant_name         ON lets.tenant (last_nm, first_nm);
CREATE INDEX idx_tenant_dob          ON lets.tenant (dob);
CREATE INDEX idx_tt_tenant           ON lets.tenancy_tenant (tenant_id);
CREATE INDEX idx_tenancy_unit        ON lets.tenancy (unit_id, start_dt);
CREATE INDEX idx_tenancy_live        ON lets.tenancy (status) WHERE status IN ('pending','active','periodic','notice');
CREATE UNIQUE INDEX uq_rent_charge_tncy_due ON lets.rent_charge (tncy_id, due_dt);
CREATE INDEX idx_receipt_tncy        ON lets.receipt (tncy_id, rcvd_on);
CREATE INDEX idx_receipt_charge      ON lets.receipt (charge_id);
CREATE INDEX idx_job_unit            ON maint.job (unit_id);
CREATE INDEX idx_job_contr           ON maint.job (contr_id);
CREATE INDEX idx_job_open            ON maint.job (job_status) WHERE job_status IN ('N','A','Q','W');
CREATE INDEX idx_quote_job           ON maint.quote (job_id);
CREATE INDEX idx_cinv_job            ON maint.contractor_invoice (job_id);
CREATE INDEX idx_inspection_unit     ON maint.inspection (unit_id, insp_dt);

CREATE VIEW lets.v_arrears AS
SELECT t.tncy_id, t.tncy_ref, t.status, p.branch_cd,
       CASE WHEN u.unit_lbl = 'Whole house' THEN '' ELSE u.unit_lbl || ', ' END || p.addr_line1 || ', ' || p.town AS address,
       sum(c.amount) AS charged,
       sum(c.alloc_amt) AS paid,
       sum(c.amount - c.alloc_amt) AS balance,
       min(c.due_dt) FILTER (WHERE c.alloc_amt < c.amount) AS oldest_unpaid_due
FROM lets.tenancy t
JOIN lets.rent_charge c ON c.tncy_id = t.tncy_id
JOIN core.unit u ON u.unit_id = t.unit_id
JOIN core.property p ON p.prop_id = u.prop_id
WHERE t.status IN ('active', 'periodic', 'notice')
GROUP BY t.tncy_id, t.tncy_ref, t.status, p.branch_cd, u.unit_lbl, p.addr_line1, p.town
HAVING sum(c.amount - c.alloc_amt) > 0;
COMMENT ON VIEW lets.v_arrears IS 'Credit control list: current tenancies (active, periodic or under notice) that owe rent; balance = all rent charged so far minus what has been paid against it';

DROP FUNCTION pg_temp.tn_plan(int, int, boolean);
DROP FUNCTION pg_temp.rnd(text);
VACUUM;
ANALYZE;

-- =====================================================================
--  Calder Valley Museums Trust (CVMT) — "Trust core" database
--  Collections management, admissions & membership, shop/cafe tills,
--  school learning bookings and volunteers for three museums and the
--  Collections Resource Centre (store).
--  Data snapshot taken at close of business Wednesday 8 October 2025.
-- =====================================================================
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
SET jit = off;

CREATE SCHEMA core;
CREATE SCHEMA cms;
CREATE SCHEMA visit;
CREATE SCHEMA retail;
CREATE SCHEMA learn;
CREATE SCHEMA vol;

COMMENT ON SCHEMA core   IS 'Sites and staff of the Trust';
COMMENT ON SCHEMA cms    IS 'Collections management: objects, locations, movements, condition, conservation, loans, exhibitions, valuations';
COMMENT ON SCHEMA visit  IS 'Visitor admissions (tickets, Gift Aid) and memberships';
COMMENT ON SCHEMA retail IS 'Shop and cafe tills (EPOS)';
COMMENT ON SCHEMA learn  IS 'Schools, learning sessions and school bookings';
COMMENT ON SCHEMA vol    IS 'Volunteers and their rostered shifts';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT (hashtext(k)::bigint + 2147483648) / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- core
-- ---------------------------------------------------------------------
CREATE TABLE core.site (
    site_cd     char(3) PRIMARY KEY,
    site_nm     varchar(60) NOT NULL,
    town        varchar(40) NOT NULL,
    postcode    varchar(8)  NOT NULL,
    site_type   char(1)     NOT NULL,
    open_to_pub boolean     NOT NULL DEFAULT true,
    has_cafe    boolean     NOT NULL DEFAULT false,
    opened_yr   smallint
);
COMMENT ON TABLE  core.site IS 'The Trust''s sites: three museums and the Collections Resource Centre';
COMMENT ON COLUMN core.site.site_cd IS 'Site code: CAG = Calderbrook Art Gallery, AMM = Ashworth Mill Museum, HHM = Heathcote Hall, CRC = Collections Resource Centre (the store)';
COMMENT ON COLUMN core.site.site_type IS 'M = museum open to the public, S = store / back-of-house site';
COMMENT ON COLUMN core.site.open_to_pub IS 'false for the store (visits by appointment only)';

CREATE TABLE core.staff (
    staff_id   smallint PRIMARY KEY,
    first_nm   varchar(30) NOT NULL,
    last_nm    varchar(30) NOT NULL,
    role_cd    char(3)     NOT NULL,
    site_cd    char(3)     NOT NULL REFERENCES core.site,
    email      varchar(80) NOT NULL UNIQUE,
    start_dt   date        NOT NULL,
    end_dt     date
);
COMMENT ON TABLE  core.staff IS 'Trust employees (paid staff; volunteers are in vol.volunteer)';
COMMENT ON COLUMN core.staff.role_cd IS 'DIR = director, CUR = curator, REG = registrar (loans, documentation), CON = conservator, TEC = collections technician, LRN = learning officer, FOH = front of house / visitor services, RET = retail (shop), CAF = cafe, MGR = site manager, VOL = volunteer coordinator';
COMMENT ON COLUMN core.staff.end_dt IS 'Last day of employment; NULL = still employed';

-- ---------------------------------------------------------------------
-- cms: collections management
-- ---------------------------------------------------------------------
CREATE TYPE cms.loan_status AS ENUM ('enquiry', 'agreed', 'on_loan', 'returned', 'cancelled');

CREATE TABLE cms.location (
    loc_id     serial PRIMARY KEY,
    loc_cd     varchar(16) NOT NULL UNIQUE,
    loc_nm     varchar(60) NOT NULL,
    site_cd    char(3) REFERENCES core.site,
    loc_type   char(1) NOT NULL,
    env_ctrl   boolean NOT NULL DEFAULT false,
    rh_target  smallint
);
COMMENT ON TABLE  cms.location IS 'Places an object can be: galleries, store bays, studios, plus virtual locations';
COMMENT ON COLUMN cms.location.loc_type IS 'G = public gallery (on display), S = store, C = conservation studio, P = photography studio, Q = quarantine (pest), X = external (out on loan to another institution), U = location unknown';
COMMENT ON COLUMN cms.location.env_ctrl IS 'Environmentally controlled (temperature and relative humidity)';
COMMENT ON COLUMN cms.location.rh_target IS 'Target relative humidity in %';

CREATE TABLE cms.object (
    obj_id       serial PRIMARY KEY,
    accn_no      varchar(20) NOT NULL UNIQUE,
    obj_nm       varchar(40) NOT NULL,
    title        varchar(120),
    dept_cd      char(2) NOT NULL,
    maker        varchar(80),
    made_yr      smallint,
    acq_mthd     char(3),
    acq_dt       date,
    acq_src      varchar(80),
    acq_price    numeric(12,2),
    status_cd    char(1) NOT NULL DEFAULT 'A',
    home_site    char(3) NOT NULL REFERENCES core.site,
    cur_loc_id   int REFERENCES cms.location,
    last_audit_dt date,
    attrs        jsonb NOT NULL DEFAULT '{}'
);
COMMENT ON TABLE  cms.object IS 'Every object record: the Trust''s accessioned collection plus objects borrowed in for exhibitions';
COMMENT ON COLUMN cms.object.accn_no IS 'Accession number: <home museum>.<year>.<lot>[.<part>], e.g. CAG.1954.12; objects borrowed in get LI.<loan year>.<n>';
COMMENT ON COLUMN cms.object.obj_nm IS 'Object name (what it is: oil painting, clog, loom shuttle, mounted bird ...)';
COMMENT ON COLUMN cms.object.title IS 'Title of the work (artworks) or short description';
COMMENT ON COLUMN cms.object.dept_cd IS 'Collection department: FA = fine art, DA = decorative arts, SH = social history, IH = industrial heritage, NH = natural history, AR = archaeology, CT = costume and textiles';
COMMENT ON COLUMN cms.object.made_yr IS 'Year made (approximate, circa)';
COMMENT ON COLUMN cms.object.acq_mthd IS 'How acquired: GFT = gift, PUR = purchase, BEQ = bequest, FLD = field collection (excavation, specimen collecting), TRF = transfer from another public body, OIC = object found in collection (no acquisition record)';
COMMENT ON COLUMN cms.object.acq_src IS 'Donor, vendor, bequest estate or excavation the object came from';
COMMENT ON COLUMN cms.object.acq_price IS 'Purchase price in GBP (PUR only)';
COMMENT ON COLUMN cms.object.status_cd IS 'A = accessioned (in the permanent collection), D = deaccessioned (disposed of, record kept), M = missing (not found at last audit), I = incoming loan (not Trust property, borrowed for an exhibition)';
COMMENT ON COLUMN cms.object.home_site IS 'Museum whose collection the object belongs to';
COMMENT ON COLUMN cms.object.cur_loc_id IS 'Current location (updated by every movement); NULL for deaccessioned objects and for borrowed objects that are not (or no longer) on our premises';
COMMENT ON COLUMN cms.object.last_audit_dt IS 'Date the object was last seen and checked at a location audit (stocktake)';
COMMENT ON COLUMN cms.object.attrs IS 'Extra catalogue fields as JSON: h_cm, w_cm, d_cm, wt_kg, medium, framed (true/false), hazard (arsenic, mercury, radioactive, asbestos, lead) when the object is hazardous to handle';

CREATE TABLE cms.obj_move (
    move_id    serial PRIMARY KEY,
    obj_id     int NOT NULL,
    from_loc   int,
    to_loc     int NOT NULL,
    moved_at   timestamp NOT NULL,
    moved_by   smallint,
    rsn_cd     char(3) NOT NULL
);
COMMENT ON TABLE  cms.obj_move IS 'Location history: one row per movement of an object';
COMMENT ON COLUMN cms.obj_move.from_loc IS 'Previous location; NULL for the first placement after accession';
COMMENT ON COLUMN cms.obj_move.rsn_cd IS 'Reason: ACC = first placement after accession, STO = storage reorganisation, EXH = installed in an exhibition, DRG = de-installed after an exhibition (returned to store), CON = to conservation, CRT = returned from conservation, LNO = dispatched on loan out, LNR = returned from loan, PHO = photography, AUD = relocated at audit';

CREATE TABLE cms.cond_check (
    chk_id     serial PRIMARY KEY,
    obj_id     int NOT NULL,
    chk_dt     date NOT NULL,
    chk_by     smallint,
    chk_rsn    char(3) NOT NULL,
    cond_grd   smallint NOT NULL,
    notes      varchar(200),
    next_due   date
);
COMMENT ON TABLE  cms.cond_check IS 'Condition checks (condition reports) of objects';
COMMENT ON COLUMN cms.cond_check.chk_rsn IS 'Why checked: ROU = routine survey, LNO = pre-loan out, LNI = incoming loan arrival, EXH = pre-exhibition, POS = post-treatment, INC = incident (damage, leak, pest)';
COMMENT ON COLUMN cms.cond_check.cond_grd IS 'Condition grade: 1 = good, 2 = fair, 3 = poor (treatment needed), 4 = unstable (urgent, not to be handled or displayed)';
COMMENT ON COLUMN cms.cond_check.next_due IS 'Date the next routine check is due';

CREATE TABLE cms.treatment (
    trt_id     serial PRIMARY KEY,
    obj_id     int NOT NULL REFERENCES cms.object,
    trt_type   char(3) NOT NULL,
    consv_id   smallint REFERENCES core.staff,
    ext_consv  varchar(80),
    req_dt     date NOT NULL,
    start_dt   date,
    end_dt     date,
    trt_status char(1) NOT NULL,
    hrs        numeric(6,1),
    mat_cost   numeric(9,2),
    ext_fee    numeric(10,2)
);
COMMENT ON TABLE  cms.treatment IS 'Conservation treatments (bench work) on objects';
COMMENT ON COLUMN cms.treatment.trt_type IS 'CLN = surface clean, CSL = consolidation, REP = repair, RLN = relining (paintings), RFR = reframing / remounting, PST = pest treatment (freezing), VAR = varnish removal, STB = stabilisation for loan';
COMMENT ON COLUMN cms.treatment.consv_id IS 'In-house conservator (staff); NULL when done by an external conservator';
COMMENT ON COLUMN cms.treatment.ext_consv IS 'Name of the external (freelance) conservation studio, when outsourced';
COMMENT ON COLUMN cms.treatment.trt_status IS 'R = requested (not started), W = in progress (work on the bench), C = completed, X = cancelled';
COMMENT ON COLUMN cms.treatment.hrs IS 'Conservator hours spent';
COMMENT ON COLUMN cms.treatment.mat_cost IS 'Materials cost in GBP';
COMMENT ON COLUMN cms.treatment.ext_fee IS 'External conservator''s fee in GBP (outsourced work only)';
CREATE TABLE cms.institution (
    inst_id    smallint PRIMARY KEY,
    inst_nm    varchar(80) NOT NULL,
    city       varchar(40) NOT NULL,
    country    char(2) NOT NULL DEFAULT 'GB',
    accredited boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  cms.institution IS 'Other museums and galleries we lend to and borrow from';
COMMENT ON COLUMN cms.institution.country IS 'ISO country code';
COMMENT ON COLUMN cms.institution.accredited IS 'Holds Arts Council England Museum Accreditation (or overseas equivalent)';

CREATE TABLE cms.exhibition (
    exh_id     smallint PRIMARY KEY,
    exh_cd     varchar(12) NOT NULL UNIQUE,
    title      varchar(120) NOT NULL,
    site_cd    char(3) NOT NULL REFERENCES core.site,
    gallery_loc int REFERENCES cms.location,
    exh_type   char(2) NOT NULL,
    open_dt    date NOT NULL,
    close_dt   date NOT NULL,
    curator_id smallint REFERENCES core.staff,
    budget     numeric(10,2)
);
COMMENT ON TABLE  cms.exhibition IS 'Temporary and touring exhibitions (permanent galleries are not listed here)';
COMMENT ON COLUMN cms.exhibition.exh_type IS 'TP = temporary exhibition curated in-house, TI = touring exhibition hired in, TO = our exhibition touring out to other venues (dates are our own showing), CO = community / co-curated display';
COMMENT ON COLUMN cms.exhibition.open_dt IS 'First day open to the public';
COMMENT ON COLUMN cms.exhibition.close_dt IS 'Last day open to the public';
COMMENT ON COLUMN cms.exhibition.budget IS 'Approved budget in GBP';

CREATE TABLE cms.exh_obj (
    exh_id     smallint NOT NULL REFERENCES cms.exhibition,
    obj_id     int NOT NULL REFERENCES cms.object,
    case_no    varchar(8),
    PRIMARY KEY (exh_id, obj_id)
);
COMMENT ON TABLE  cms.exh_obj IS 'Objects shown in each exhibition (our own objects and objects borrowed in)';
COMMENT ON COLUMN cms.exh_obj.case_no IS 'Display case or wall reference in the gallery';

CREATE TABLE cms.loan (
    loan_id    smallint PRIMARY KEY,
    loan_ref   varchar(14) NOT NULL UNIQUE,
    dir        char(1) NOT NULL,
    inst_id    smallint NOT NULL REFERENCES cms.institution,
    exh_id     smallint REFERENCES cms.exhibition,
    purpose    varchar(120),
    req_dt     date NOT NULL,
    start_dt   date NOT NULL,
    end_dt     date NOT NULL,
    returned_dt date,
    status     cms.loan_status NOT NULL,
    ins_cover  char(3),
    loan_fee   numeric(9,2) NOT NULL DEFAULT 0,
    courier    boolean NOT NULL DEFAULT false,
    reg_id     smallint REFERENCES core.staff
);
COMMENT ON TABLE  cms.loan IS 'Loan agreements with other institutions, both directions';
COMMENT ON COLUMN cms.loan.loan_ref IS 'LO/<year>/<n> for loans out, LI/<year>/<n> for loans in';
COMMENT ON COLUMN cms.loan.dir IS 'O = loan out (we lend our objects to the institution), I = loan in (we borrow from the institution)';
COMMENT ON COLUMN cms.loan.exh_id IS 'For loans in: our exhibition the objects are borrowed for';
COMMENT ON COLUMN cms.loan.start_dt IS 'Agreed loan period start (objects leave the lender)';
COMMENT ON COLUMN cms.loan.end_dt IS 'Agreed loan period end (objects due back at the lender)';
COMMENT ON COLUMN cms.loan.returned_dt IS 'Date the objects actually got back to the lender; NULL until returned';
COMMENT ON COLUMN cms.loan.ins_cover IS 'Insurance: GIS = UK Government Indemnity Scheme, COM = commercial fine art policy, BOR = borrower''s own policy, NIL = uninsured (low value)';
COMMENT ON COLUMN cms.loan.loan_fee IS 'Loan / facility fee in GBP (charged by the lender)';
COMMENT ON COLUMN cms.loan.courier IS 'Lender requires a courier to accompany the objects';
COMMENT ON COLUMN cms.loan.reg_id IS 'Registrar handling the loan';

CREATE TABLE cms.loan_obj (
    loan_id    smallint NOT NULL REFERENCES cms.loan,
    obj_id     int NOT NULL REFERENCES cms.object,
    ins_val    numeric(12,2) NOT NULL,
    cond_out   smallint,
    cond_back  smallint,
    PRIMARY KEY (loan_id, obj_id)
);
COMMENT ON TABLE  cms.loan_obj IS 'Objects covered by each loan agreement';
COMMENT ON COLUMN cms.loan_obj.ins_val IS 'Agreed insurance value for the loan ("nail to nail"), GBP';
COMMENT ON COLUMN cms.loan_obj.cond_out IS 'Condition grade when it left the lender (1 good .. 4 unstable)';
COMMENT ON COLUMN cms.loan_obj.cond_back IS 'Condition grade when it got back to the lender; NULL until returned';

CREATE TABLE cms.valuation (
    val_id     serial PRIMARY KEY,
    obj_id     int NOT NULL,
    val_dt     date NOT NULL,
    val_amt    numeric(12,2) NOT NULL,
    val_basis  char(1) NOT NULL,
    valuer     varchar(60)
);
COMMENT ON TABLE  cms.valuation IS 'Valuations of collection objects; the latest row per object is the current one';
COMMENT ON COLUMN cms.valuation.val_basis IS 'I = insurance (replacement) value, M = market value (auction estimate)';
COMMENT ON COLUMN cms.valuation.valuer IS 'Who valued it (auction house or in-house curator)';

-- ---------------------------------------------------------------------
-- visit: admissions and membership
-- ---------------------------------------------------------------------
CREATE TABLE visit.member (
    mbr_id     serial PRIMARY KEY,
    mbr_no     varchar(10) NOT NULL UNIQUE,
    title      varchar(6),
    first_nm   varchar(30) NOT NULL,
    last_nm    varchar(30) NOT NULL,
    email      varchar(100),
    postcode   varchar(8),
    plan_cd    char(3) NOT NULL,
    joined_dt  date NOT NULL,
    expiry_dt  date,
    pay_mthd   char(3) NOT NULL,
    ga_decl    boolean NOT NULL DEFAULT false,
    status_cd  char(1) NOT NULL,
    home_site  char(3) REFERENCES core.site
);
COMMENT ON TABLE  visit.member IS 'Friends of the Museums membership (one row per membership; joint and family plans cover several people)';
COMMENT ON COLUMN visit.member.mbr_no IS 'Membership card number, e.g. CV012345';
COMMENT ON COLUMN visit.member.plan_cd IS 'Plan: IND = individual, JNT = joint (two adults), FAM = family (2 adults + children), CON = concession (65+, student), PAT = patron, LIF = life member (never expires)';
COMMENT ON COLUMN visit.member.expiry_dt IS 'Membership valid until this date (inclusive); NULL for life members';
COMMENT ON COLUMN visit.member.pay_mthd IS 'How they pay the annual fee: DD = direct debit (renews automatically), CRD = card, CSH = cash at a desk, CHQ = cheque';
COMMENT ON COLUMN visit.member.ga_decl IS 'Member has signed a Gift Aid declaration';
COMMENT ON COLUMN visit.member.status_cd IS 'A = active (in date), G = in grace (expired less than 60 days ago, reminders being sent), L = lapsed (did not renew), X = cancelled by the member';
COMMENT ON COLUMN visit.member.home_site IS 'Museum where the member joined';

CREATE TABLE visit.mbr_renewal (
    ren_id     serial PRIMARY KEY,
    mbr_id     int NOT NULL,
    ren_dt     date NOT NULL,
    plan_cd    char(3) NOT NULL,
    fee_paid   numeric(7,2) NOT NULL,
    pay_mthd   char(3) NOT NULL,
    new_expiry date NOT NULL
);
COMMENT ON TABLE  visit.mbr_renewal IS 'Membership renewals (the first year''s joining payment is not a renewal and is not in this table)';
COMMENT ON COLUMN visit.mbr_renewal.fee_paid IS 'Fee paid in GBP';
COMMENT ON COLUMN visit.mbr_renewal.pay_mthd IS 'DD = direct debit, CRD = card, CSH = cash, CHQ = cheque';
CREATE TABLE visit.admission (
    adm_id     bigserial,
    site_cd    char(3) NOT NULL,
    visit_dt   date NOT NULL,
    sold_at    timestamp NOT NULL,
    chan_cd    char(1) NOT NULL,
    tkt_cd     char(3) NOT NULL,
    qty        smallint NOT NULL,
    pax        smallint NOT NULL,
    unit_prc   numeric(6,2) NOT NULL,
    gross_amt  numeric(8,2) NOT NULL,
    ga_decl    boolean NOT NULL DEFAULT false,
    mbr_id     int,
    pcode_dist varchar(4),
    PRIMARY KEY (adm_id, visit_dt)
) PARTITION BY RANGE (visit_dt);
COMMENT ON TABLE  visit.admission IS 'Admission ticket sales, one row per ticket line of a sale (partitioned by visit year)';
COMMENT ON COLUMN visit.admission.visit_dt IS 'Date of the visit the ticket is for (web tickets can be bought in advance)';
COMMENT ON COLUMN visit.admission.sold_at IS 'When the ticket was sold';
COMMENT ON COLUMN visit.admission.chan_cd IS 'Sales channel: D = admissions desk on the day, W = website (pre-booked), T = tour operator / coach group invoice';
COMMENT ON COLUMN visit.admission.tkt_cd IS 'Ticket type: ADT = adult, CON = concession (65+, student, disabled), CHD = child 5-16, U5 = under 5 (free), FAM = family (admits 2 adults + 2 children), GRP = group rate adult (10+ people), MEM = Friends member (free, card shown), CMP = complimentary (free, staff guests and press)';
COMMENT ON COLUMN visit.admission.qty IS 'Number of tickets on the line';
COMMENT ON COLUMN visit.admission.pax IS 'Number of people admitted by the line (a FAM ticket admits 4)';
COMMENT ON COLUMN visit.admission.unit_prc IS 'Price paid per ticket in GBP, including the Gift Aid donation when ga_decl';
COMMENT ON COLUMN visit.admission.gross_amt IS 'qty x unit_prc, GBP (admissions are VAT-exempt)';
COMMENT ON COLUMN visit.admission.ga_decl IS 'Gift Aid admission: the visitor paid the Gift Aid price (standard price + 10% voluntary donation) and signed a declaration; the Trust reclaims 25% of gross_amt from HMRC';
COMMENT ON COLUMN visit.admission.mbr_id IS 'Member whose card was shown (MEM tickets)';
COMMENT ON COLUMN visit.admission.pcode_dist IS 'Visitor home postcode district (e.g. HX1), asked at the desk; NULL = not given';

CREATE TABLE visit.admission_2022 PARTITION OF visit.admission FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE visit.admission_2023 PARTITION OF visit.admission FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE visit.admission_2024 PARTITION OF visit.admission FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE visit.admission_2025 PARTITION OF visit.admission FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');

-- ---------------------------------------------------------------------
-- retail: shop and cafe tills
-- ---------------------------------------------------------------------
CREATE TABLE retail.product (
    sku        varchar(8) PRIMARY KEY,
    prod_nm    varchar(80) NOT NULL,
    cat_cd     char(3) NOT NULL,
    outlet     char(1) NOT NULL,
    unit_prc   numeric(7,2) NOT NULL,
    cost_prc   numeric(7,2),
    vat_rt     numeric(4,2) NOT NULL,
    supplier   varchar(60),
    active     boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  retail.product IS 'Products sold in the shops and cafes (same catalogue at all three museums)';
COMMENT ON COLUMN retail.product.cat_cd IS 'Category: BKS = books and guidebooks, PRT = prints, posters and postcards, JWL = jewellery, TXT = textiles and accessories, HOM = homeware and gifts, KID = children''s toys and pocket money, FDG = food gifts (shop), HOT = hot drinks, CLD = cold drinks, FOD = cafe food, CAK = cakes and bakes';
COMMENT ON COLUMN retail.product.outlet IS 'S = sold in the shop, C = sold in the cafe';
COMMENT ON COLUMN retail.product.unit_prc IS 'Current selling price in GBP, including VAT';
COMMENT ON COLUMN retail.product.cost_prc IS 'Cost price from the supplier in GBP, excluding VAT';
COMMENT ON COLUMN retail.product.vat_rt IS 'VAT rate in % (books and children''s books are zero-rated)';

CREATE TABLE retail.till_txn (
    txn_id     serial PRIMARY KEY,
    site_cd    char(3) NOT NULL,
    outlet     char(1) NOT NULL,
    till_no    smallint NOT NULL,
    txn_ts     timestamp NOT NULL,
    txn_type   char(1) NOT NULL DEFAULT 'S',
    pay_type   char(1) NOT NULL,
    mbr_id     int,
    total_amt  numeric(9,2) NOT NULL,
    staff_id   smallint
);
COMMENT ON TABLE  retail.till_txn IS 'Till transactions (baskets) in the shops and cafes';
COMMENT ON COLUMN retail.till_txn.outlet IS 'S = shop, C = cafe';
COMMENT ON COLUMN retail.till_txn.txn_type IS 'S = sale, R = refund (negative amounts)';
COMMENT ON COLUMN retail.till_txn.pay_type IS 'C = card / contactless, X = cash, V = gift voucher';
COMMENT ON COLUMN retail.till_txn.mbr_id IS 'Member who showed a card (members get 10% off in the shop, not in the cafe)';
COMMENT ON COLUMN retail.till_txn.total_amt IS 'Basket total in GBP including VAT, after discounts';

CREATE TABLE retail.txn_line (
    txn_id     int NOT NULL,
    line_no    smallint NOT NULL,
    sku        varchar(8) NOT NULL,
    qty        smallint NOT NULL,
    unit_prc   numeric(7,2) NOT NULL,
    disc_amt   numeric(7,2) NOT NULL DEFAULT 0,
    line_amt   numeric(9,2) NOT NULL,
    PRIMARY KEY (txn_id, line_no)
);
COMMENT ON TABLE  retail.txn_line IS 'Items on each till transaction';
COMMENT ON COLUMN retail.txn_line.unit_prc IS 'Price charged per unit incl. VAT at the time of sale';
COMMENT ON COLUMN retail.txn_line.disc_amt IS 'Discount given on the line (member discount), GBP';
COMMENT ON COLUMN retail.txn_line.line_amt IS 'qty x unit_prc - disc_amt, GBP incl. VAT (negative on refunds)';

-- ---------------------------------------------------------------------
-- learn: schools and learning sessions
-- ---------------------------------------------------------------------
CREATE TABLE learn.school (
    school_id  serial PRIMARY KEY,
    urn        int NOT NULL UNIQUE,
    school_nm  varchar(80) NOT NULL,
    town       varchar(40) NOT NULL,
    la_nm      varchar(40) NOT NULL,
    phase      char(3) NOT NULL,
    fsm_pct    numeric(4,1),
    contact_email varchar(100)
);
COMMENT ON TABLE  learn.school IS 'Schools and colleges that book learning sessions';
COMMENT ON COLUMN learn.school.urn IS 'DfE unique reference number';
COMMENT ON COLUMN learn.school.la_nm IS 'Local authority';
COMMENT ON COLUMN learn.school.phase IS 'PRI = primary, SEC = secondary, SPE = special school, ALL = all-through, FE = further education college';
COMMENT ON COLUMN learn.school.fsm_pct IS 'Percentage of pupils eligible for free school meals; schools above 30 % get bursary (free) sessions';

CREATE TABLE learn.session (
    sess_cd    varchar(6) PRIMARY KEY,
    title      varchar(80) NOT NULL,
    site_cd    char(3) NOT NULL REFERENCES core.site,
    key_stg    varchar(4) NOT NULL,
    dur_min    smallint NOT NULL,
    price_pp   numeric(5,2) NOT NULL,
    max_pupils smallint NOT NULL,
    active     boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  learn.session IS 'Taught learning sessions offered to schools';
COMMENT ON COLUMN learn.session.key_stg IS 'National curriculum key stage: EYFS, KS1, KS2, KS3, KS4, KS5';
COMMENT ON COLUMN learn.session.price_pp IS 'Price per pupil in GBP (accompanying adults are free)';
COMMENT ON COLUMN learn.session.max_pupils IS 'Maximum pupils in one booking (one class)';

CREATE TABLE learn.booking (
    bkg_id     serial PRIMARY KEY,
    bkg_ref    varchar(12) NOT NULL UNIQUE,
    school_id  int NOT NULL REFERENCES learn.school,
    sess_cd    varchar(6) NOT NULL REFERENCES learn.session,
    visit_dt   date NOT NULL,
    start_tm   time NOT NULL,
    pupils     smallint NOT NULL,
    adults     smallint NOT NULL,
    bkg_status char(1) NOT NULL,
    booked_dt  date NOT NULL,
    cancel_dt  date,
    bursary    boolean NOT NULL DEFAULT false,
    fee_amt    numeric(8,2) NOT NULL,
    lrn_officer smallint REFERENCES core.staff
);
COMMENT ON TABLE  learn.booking IS 'School bookings of learning sessions (one class, one session, one day)';
COMMENT ON COLUMN learn.booking.bkg_status IS 'P = provisional (date held, not confirmed), C = confirmed, D = delivered (the visit took place), X = cancelled by the school, N = no-show';
COMMENT ON COLUMN learn.booking.pupils IS 'Number of pupils booked (actual number for delivered visits)';
COMMENT ON COLUMN learn.booking.adults IS 'Accompanying teachers and helpers';
COMMENT ON COLUMN learn.booking.bursary IS 'Free session funded by the Learning Bursary (school has more than 30 % free school meals)';
COMMENT ON COLUMN learn.booking.fee_amt IS 'Fee charged to the school in GBP: pupils x price per pupil; 0 with a bursary; cancellations less than 14 days before the visit are charged 50 %, earlier cancellations nothing; no-shows pay in full';
COMMENT ON COLUMN learn.booking.lrn_officer IS 'Learning officer leading the session';

-- ---------------------------------------------------------------------
-- vol: volunteers
-- ---------------------------------------------------------------------
CREATE TABLE vol.volunteer (
    vol_id     serial PRIMARY KEY,
    first_nm   varchar(30) NOT NULL,
    last_nm    varchar(30) NOT NULL,
    email      varchar(100),
    phone      varchar(15),
    site_cd    char(3) NOT NULL REFERENCES core.site,
    role_cd    char(3) NOT NULL,
    start_dt   date NOT NULL,
    end_dt     date,
    dbs_dt     date,
    status_cd  char(1) NOT NULL
);
COMMENT ON TABLE  vol.volunteer IS 'Volunteers and their main role';
COMMENT ON COLUMN vol.volunteer.site_cd IS 'Home site where the volunteer mostly helps';
COMMENT ON COLUMN vol.volunteer.role_cd IS 'GDE = gallery guide / steward, WEL = welcome desk, COL = collections care and documentation, LRN = learning assistant (schools), GAR = gardener, ARC = archive and library, EVT = events';
COMMENT ON COLUMN vol.volunteer.dbs_dt IS 'Date of the last DBS (criminal record) check; learning assistants need one less than 3 years old';
COMMENT ON COLUMN vol.volunteer.status_cd IS 'A = active, P = paused (on a break), L = left (end_dt set)';

CREATE TABLE vol.shift (
    shift_id   serial PRIMARY KEY,
    vol_id     int NOT NULL,
    site_cd    char(3) NOT NULL,
    shift_dt   date NOT NULL,
    start_tm   time NOT NULL,
    hrs        numeric(3,1) NOT NULL,
    role_cd    char(3) NOT NULL,
    attended   char(1)
);
COMMENT ON TABLE  vol.shift IS 'Rostered volunteer shifts (past and future)';
COMMENT ON COLUMN vol.shift.hrs IS 'Length of the shift in hours';
COMMENT ON COLUMN vol.shift.role_cd IS 'Role on the shift, same codes as vol.volunteer.role_cd';
COMMENT ON COLUMN vol.shift.attended IS 'Y = attended, N = did not turn up, C = cancelled in advance by the volunteer; NULL = future shift / not yet recorded';
-- =====================================================================
--  Data (deterministic)
-- =====================================================================
INSERT INTO core.site VALUES
 ('CAG','Calderbrook Art Gallery','Halifax','HX1 2LA','M',true,true,1889),
 ('AMM','Ashworth Mill Museum','Hebden Bridge','HX7 8AD','M',true,true,1976),
 ('HHM','Heathcote Hall','Huddersfield','HD4 6RT','M',true,true,1951),
 ('CRC','Collections Resource Centre','Brighouse','HD6 1PQ','S',false,false,2012);

INSERT INTO core.staff (staff_id, first_nm, last_nm, role_cd, site_cd, email, start_dt, end_dt)
SELECT i, f, l, r, s, lower(f) || '.' || lower(replace(l,'''','')) || '@cvmt.org.uk', d::date, e::date FROM (VALUES
 ( 1,'Catherine','Ormerod','DIR','CAG','2016-04-04',NULL),
 ( 2,'Jonathan','Pickles','CUR','CAG','2009-09-01',NULL),
 ( 3,'Priya','Mistry','CUR','CAG','2018-02-12',NULL),
 ( 4,'Eleanor','Whiteley','CUR','AMM','2011-06-20',NULL),
 ( 5,'Tom','Sutcliffe','CUR','AMM','2019-10-07',NULL),
 ( 6,'Rebecca','Haigh','CUR','HHM','2014-03-03',NULL),
 ( 7,'Owen','Bairstow','CUR','HHM','2020-01-13','2024-08-30'),
 ( 8,'Aisha','Rahman','CUR','HHM','2024-10-01',NULL),
 ( 9,'Margaret','Greenwood','REG','CRC','2007-05-14',NULL),
 (10,'Daniel','Firth','REG','CRC','2021-03-01',NULL),
 (11,'Sarah','Lumb','CON','CRC','2013-08-19',NULL),
 (12,'Matthew','Crabtree','CON','CRC','2017-01-09',NULL),
 (13,'Joanna','Kowalczyk','CON','CRC','2022-05-03',NULL),
 (14,'Gareth','Holroyd','TEC','CRC','2012-11-05',NULL),
 (15,'Liam','Pearson','TEC','CRC','2019-06-17',NULL),
 (16,'Nadia','Hussain','TEC','CRC','2023-02-06',NULL),
 (17,'Helen','Shackleton','LRN','AMM','2015-09-01',NULL),
 (18,'Kirsty','Barraclough','LRN','HHM','2018-09-03',NULL),
 (19,'Ben','Thornton','LRN','CAG','2021-01-04',NULL),
 (20,'Fiona','Dyson','LRN','HHM','2023-08-29',NULL),
 (21,'Andrew','Hirst','MGR','CAG','2012-04-16',NULL),
 (22,'Claire','Ackroyd','MGR','AMM','2016-07-11',NULL),
 (23,'Simon','Broadbent','MGR','HHM','2010-02-01',NULL),
 (24,'Rachel','Sunderland','VOL','HHM','2019-04-01',NULL),
 (25,'Emma','Gledhill','FOH','CAG','2020-06-01',NULL),
 (26,'Jack','Marsden','FOH','CAG','2022-03-14',NULL),
 (27,'Lucy','Bamforth','FOH','AMM','2018-05-08',NULL),
 (28,'Ryan','Wadsworth','FOH','AMM','2023-04-24',NULL),
 (29,'Sophie','Kaye','FOH','HHM','2017-07-03',NULL),
 (30,'Imran','Akhtar','FOH','HHM','2021-11-01',NULL),
 (31,'Karen','Midgley','RET','CAG','2014-10-06',NULL),
 (32,'Paul','Horsfall','RET','AMM','2019-03-18',NULL),
 (33,'Zoe','Fielding','RET','HHM','2020-09-07',NULL),
 (34,'Dawn','Priestley','CAF','CAG','2016-05-23',NULL),
 (35,'Marek','Nowak','CAF','AMM','2021-04-12',NULL),
 (36,'Jenny','Stansfield','CAF','HHM','2015-03-30',NULL),
 (37,'Chloe','Binns','CAF','HHM','2024-03-04',NULL),
 (38,'Peter','Ramsden','TEC','CAG','2008-01-07','2023-12-22')
) v(i,f,l,r,s,d,e);

-- locations -------------------------------------------------------------
INSERT INTO cms.location (loc_cd, loc_nm, site_cd, loc_type, env_ctrl, rh_target)
SELECT c, n, s, t, e, h FROM (VALUES
 ('CAG-G01','Victorian Gallery','CAG','G',true,50),
 ('CAG-G02','Grimshaw Room','CAG','G',true,50),
 ('CAG-G03','Modern and Contemporary Gallery','CAG','G',true,50),
 ('CAG-G04','Print Room','CAG','G',true,45),
 ('CAG-G05','Decorative Arts Gallery','CAG','G',true,50),
 ('CAG-G06','Calder Room (temporary exhibitions)','CAG','G',true,50),
 ('CAG-S01','Basement Picture Store','CAG','S',true,50),
 ('CAG-S02','Attic Store','CAG','S',false,NULL),
 ('AMM-G01','Engine House','AMM','G',false,NULL),
 ('AMM-G02','Weaving Shed','AMM','G',false,NULL),
 ('AMM-G03','Mill Workers'' Lives','AMM','G',false,NULL),
 ('AMM-G04','Calder Valley Story','AMM','G',true,50),
 ('AMM-G05','Archaeology Gallery','AMM','G',true,45),
 ('AMM-G06','Dye House (temporary exhibitions)','AMM','G',true,50),
 ('AMM-S01','Loom Loft Store','AMM','S',false,NULL),
 ('AMM-S02','Cellar Store','AMM','S',false,NULL),
 ('HHM-G01','Great Hall','HHM','G',false,NULL),
 ('HHM-G02','Long Gallery','HHM','G',true,50),
 ('HHM-G03','Costume Gallery','HHM','G',true,50),
 ('HHM-G04','Natural History Room','HHM','G',true,45),
 ('HHM-G05','Servants'' Quarters','HHM','G',false,NULL),
 ('HHM-G06','Coach House (temporary exhibitions)','HHM','G',true,50),
 ('HHM-S01','Stable Loft Store','HHM','S',false,NULL),
 ('HHM-S02','Muniment Room','HHM','S',true,45),
 ('CRC-CON1','Paintings and Paper Conservation Studio','CRC','C',true,50),
 ('CRC-CON2','Objects and Textiles Conservation Studio','CRC','C',true,50),
 ('CRC-PHO','Photography Studio','CRC','P',true,50),
 ('CRC-QUAR','Quarantine Freezer Room','CRC','Q',false,NULL),
 ('EXT-LOAN','Out on loan (external)',NULL,'X',false,NULL),
 ('UNKNOWN','Location unknown',NULL,'U',false,NULL)
) v(c,n,s,t,e,h);

INSERT INTO cms.location (loc_cd, loc_nm, site_cd, loc_type, env_ctrl, rh_target)
SELECT 'CRC-' || b.p || lpad(g::text, 2, '0'),
       b.nm || ' ' || lpad(g::text, 2, '0'), 'CRC', 'S', b.env, b.rh
FROM (VALUES ('A','General racking bay',20,true,50),
             ('P','Painting rack',12,true,50),
             ('T','Textile store cabinet',10,true,50),
             ('N','Natural history cabinet',8,true,45),
             ('L','Large objects bay',6,false,NULL::int)) b(p,nm,n,env,rh)
CROSS JOIN LATERAL generate_series(1, b.n) g
ORDER BY b.p, g;

-- institutions ------------------------------------------------------------
INSERT INTO cms.institution (inst_id, inst_nm, city, country, accredited)
SELECT row_number() OVER (), n, c, k, a FROM (VALUES
 ('Leeds Art Gallery','Leeds','GB',true),
 ('The Hepworth Wakefield','Wakefield','GB',true),
 ('York Art Gallery','York','GB',true),
 ('Manchester Art Gallery','Manchester','GB',true),
 ('Science and Industry Museum','Manchester','GB',true),
 ('National Science and Media Museum','Bradford','GB',true),
 ('Cartwright Hall Art Gallery','Bradford','GB',true),
 ('Walker Art Gallery','Liverpool','GB',true),
 ('Tate Britain','London','GB',true),
 ('Victoria and Albert Museum','London','GB',true),
 ('National Portrait Gallery','London','GB',true),
 ('British Museum','London','GB',true),
 ('Natural History Museum','London','GB',true),
 ('Ashmolean Museum','Oxford','GB',true),
 ('Fitzwilliam Museum','Cambridge','GB',true),
 ('Laing Art Gallery','Newcastle upon Tyne','GB',true),
 ('Ferens Art Gallery','Hull','GB',true),
 ('Harris Museum','Preston','GB',true),
 ('Yorkshire Museum','York','GB',true),
 ('Brontë Parsonage Museum','Haworth','GB',true),
 ('People''s History Museum','Manchester','GB',true),
 ('Museum of the Home','London','GB',true),
 ('National Museum Cardiff','Cardiff','GB',true),
 ('Kelvingrove Art Gallery and Museum','Glasgow','GB',true),
 ('Scottish National Gallery','Edinburgh','GB',true),
 ('Rijksmuseum','Amsterdam','NL',true),
 ('Musée d''Orsay','Paris','FR',true),
 ('Textielmuseum','Tilburg','NL',true),
 ('Yale Center for British Art','New Haven','US',true),
 ('Saltaire Village Trust','Shipley','GB',false),
 ('Todmorden Heritage Society','Todmorden','GB',false),
 ('Smith Art Gallery','Brighouse','GB',true)
) v(n,c,k,a);
-- objects: 60,000 collection records ------------------------------------
CREATE TEMP TABLE t_obj AS
SELECT i,
       st.site,
       dp.dept,
       (date '1890-01-01' + floor(pow(pg_temp.rnd('ad'||i), 0.55) * 49580)::int) AS acq_dt,
       pg_temp.rnd('on'||i) AS r_nm,
       pg_temp.rnd('mk'||i) AS r_mk,
       pg_temp.rnd('am'||i) AS r_am,
       pg_temp.rnd('st'||i) AS r_st,
       pg_temp.rnd('hz'||i) AS r_hz
FROM generate_series(1, 60000) i
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('s'||i) < 0.30 THEN 'CAG'
                                WHEN pg_temp.rnd('s'||i) < 0.70 THEN 'AMM' ELSE 'HHM' END AS site) st
CROSS JOIN LATERAL (SELECT pg_temp.rnd('d'||i) AS rd) r
CROSS JOIN LATERAL (SELECT CASE st.site
         WHEN 'CAG' THEN CASE WHEN r.rd < 0.70 THEN 'FA' ELSE 'DA' END
         WHEN 'AMM' THEN CASE WHEN r.rd < 0.35 THEN 'IH' WHEN r.rd < 0.75 THEN 'SH' WHEN r.rd < 0.90 THEN 'AR' ELSE 'CT' END
         ELSE CASE WHEN r.rd < 0.20 THEN 'DA' WHEN r.rd < 0.40 THEN 'SH' WHEN r.rd < 0.65 THEN 'CT' ELSE 'NH' END
       END AS dept) dp;

CREATE TEMP TABLE t_artist (kind char(1), nm text, y0 int, y1 int, w int);
INSERT INTO t_artist VALUES
 ('P','John Atkinson Grimshaw',1862,1893,3),('P','Louis Grimshaw',1880,1905,1),('P','Thomas Greenwood',1870,1910,2),
 ('P','Frederick William Jackson',1880,1918,2),('P','John Wright Oakes',1850,1887,1),('P','Edward Wadsworth',1912,1949,1),
 ('P','L. S. Lowry',1920,1975,2),('P','Harold Sutcliffe',1900,1950,2),('P','Ada Holdsworth',1890,1930,2),
 ('P','Jessie Crossley',1885,1925,2),('P','Joseph Horsfall',1840,1880,2),('P','Ruth Ashworth',1995,2024,1),
 ('P','Unknown artist',1780,1950,10),
 ('S','Henry Moore',1925,1985,2),('S','Barbara Hepworth',1930,1975,2),('S','Unknown artist',1850,1990,3),
 ('H','Frank Sutcliffe',1875,1920,3),('H','Unknown photographer',1850,1990,5);
CREATE TEMP TABLE t_art_pick AS
SELECT kind, array_agg(nm ORDER BY nm, g) AS nms, array_agg(y0 ORDER BY nm, g) AS y0s, array_agg(y1 ORDER BY nm, g) AS y1s
FROM t_artist CROSS JOIN LATERAL generate_series(1, w) g GROUP BY kind;

CREATE TEMP TABLE t_obj2 AS
SELECT o.*, nm.obj_nm,
       CASE o.dept
         WHEN 'FA' THEN ap.y0s[ap.k] + floor(pg_temp.rnd('y'||i) * (ap.y1s[ap.k] - ap.y0s[ap.k] + 1))::int
         WHEN 'DA' THEN 1750 + floor(pg_temp.rnd('y'||i) * 200)::int
         WHEN 'SH' THEN 1850 + floor(pg_temp.rnd('y'||i) * 140)::int
         WHEN 'IH' THEN 1800 + floor(pg_temp.rnd('y'||i) * 160)::int
         WHEN 'NH' THEN 1860 + floor(pg_temp.rnd('y'||i) * 90)::int
         WHEN 'AR' THEN CASE WHEN pg_temp.rnd('y'||i) < 0.6 THEN 70 + floor(pg_temp.rnd('yy'||i) * 340)::int
                             WHEN pg_temp.rnd('y'||i) < 0.8 THEN -2500 + floor(pg_temp.rnd('yy'||i) * 1800)::int
                             ELSE 700 + floor(pg_temp.rnd('yy'||i) * 800)::int END
         ELSE 1780 + floor(pg_temp.rnd('y'||i) * 190)::int
       END AS made_yr,
       CASE o.dept
         WHEN 'FA' THEN CASE WHEN o.r_am < 0.30 THEN 'PUR' WHEN o.r_am < 0.70 THEN 'GFT' WHEN o.r_am < 0.95 THEN 'BEQ' ELSE 'TRF' END
         WHEN 'NH' THEN CASE WHEN o.r_am < 0.40 THEN 'FLD' WHEN o.r_am < 0.80 THEN 'GFT' ELSE 'OIC' END
         WHEN 'AR' THEN CASE WHEN o.r_am < 0.70 THEN 'FLD' WHEN o.r_am < 0.90 THEN 'GFT' ELSE 'OIC' END
         ELSE CASE WHEN o.r_am < 0.60 THEN 'GFT' WHEN o.r_am < 0.70 THEN 'PUR' WHEN o.r_am < 0.85 THEN 'BEQ'
                   WHEN o.r_am < 0.95 THEN 'OIC' ELSE 'TRF' END
       END AS acq_mthd,
       ap.nms[ap.k] AS fa_maker
FROM t_obj o
CROSS JOIN LATERAL (SELECT CASE o.dept
   WHEN 'FA' THEN (ARRAY['oil painting','oil painting','oil painting','oil painting','watercolour','watercolour','drawing','print','print','photograph','sculpture'])[1 + floor(o.r_nm*11)::int]
   WHEN 'DA' THEN (ARRAY['ceramic vase','teapot','glass goblet','silver spoon','bracket clock','plate','jug','candlestick','figurine','tile','snuff box','tankard'])[1 + floor(o.r_nm*12)::int]
   WHEN 'SH' THEN (ARRAY['clog','flat iron','mangle','ration book','toy','poster','sewing machine','pocket watch','tin','medal','banner','school slate','photograph album','co-operative token','wash dolly'])[1 + floor(o.r_nm*15)::int]
   WHEN 'IH' THEN (ARRAY['loom shuttle','bobbin','spinning mule part','steam engine model','handloom','pattern book','jacquard card','spindle','carding engine','factory bell','time clock','fustian knife','weaver''s reed'])[1 + floor(o.r_nm*13)::int]
   WHEN 'NH' THEN (ARRAY['mounted bird','mounted bird','bird egg set','insect drawer','mineral specimen','fossil','herbarium sheet','herbarium sheet','mounted mammal','shell','skull'])[1 + floor(o.r_nm*11)::int]
   WHEN 'AR' THEN (ARRAY['flint scraper','Roman coin','Roman coin','pottery sherd','quern stone','bronze axe head','brooch','spindle whorl','arrowhead','glass bead'])[1 + floor(o.r_nm*10)::int]
   ELSE (ARRAY['dress','bonnet','shawl','waistcoat','sampler','christening gown','uniform jacket','pair of gloves','lace collar','apron'])[1 + floor(o.r_nm*10)::int]
 END AS obj_nm) nm
LEFT JOIN LATERAL (SELECT p.nms, p.y0s, p.y1s, 1 + floor(o.r_mk * array_length(p.nms, 1))::int AS k
                   FROM t_art_pick p
                   WHERE o.dept = 'FA' AND p.kind = CASE nm.obj_nm WHEN 'sculpture' THEN 'S' WHEN 'photograph' THEN 'H' ELSE 'P' END) ap ON true;

-- works of art are acquired after they were made
UPDATE t_obj2 SET acq_dt = greatest(acq_dt, make_date(made_yr + 1, 1, 1) + floor(pg_temp.rnd('ax'||i) * 270)::int)
WHERE dept = 'FA';

-- record status: a few old records deaccessioned or missing
ALTER TABLE t_obj2 ADD COLUMN st char(1);
UPDATE t_obj2 SET st = CASE WHEN r_st < 0.02 AND acq_dt < '2015-01-01' THEN 'D'
                            WHEN r_st < 0.026 AND acq_dt < '2019-01-01' THEN 'M' ELSE 'A' END;

-- base (long-term) location of every collection object ----------------------
CREATE TEMP TABLE t_fin AS
SELECT o.obj_id, o.status_cd, o.home_site, o.dept_cd, o.acq_dt,
       CASE
         WHEN o.status_cd = 'A' AND pg_temp.rnd('gl'||o.obj_id) < 0.12 THEN
           o.home_site || '-G0' || CASE o.home_site
             WHEN 'CAG' THEN CASE WHEN o.dept_cd = 'DA' THEN 5 ELSE 1 + floor(g.r*4)::int END
             WHEN 'AMM' THEN CASE o.dept_cd WHEN 'IH' THEN 1 + floor(g.r*2)::int WHEN 'AR' THEN 5 WHEN 'CT' THEN 3
                                            ELSE 3 + floor(g.r*2)::int END
             ELSE CASE o.dept_cd WHEN 'DA' THEN 1 + floor(g.r*2)::int WHEN 'CT' THEN 3 WHEN 'NH' THEN 4
                                 ELSE (ARRAY[1,5])[1 + floor(g.r*2)::int] END END
         ELSE CASE o.dept_cd
           WHEN 'FA' THEN CASE WHEN s.r < 0.60 THEN 'CRC-P' || lpad((1 + floor(s.r2*12))::text, 2, '0')
                               WHEN s.r < 0.85 THEN 'CAG-S01' ELSE 'CRC-A' || lpad((1 + floor(s.r2*20))::text, 2, '0') END
           WHEN 'DA' THEN CASE WHEN s.r < 0.60 THEN 'CRC-A' || lpad((1 + floor(s.r2*20))::text, 2, '0')
                               WHEN o.home_site = 'CAG' THEN 'CAG-S02' ELSE 'HHM-S01' END
           WHEN 'SH' THEN CASE WHEN s.r < 0.50 THEN 'CRC-A' || lpad((1 + floor(s.r2*20))::text, 2, '0')
                               WHEN o.home_site = 'AMM' THEN 'AMM-S0' || (1 + floor(s.r2*2))::int ELSE 'HHM-S01' END
           WHEN 'IH' THEN CASE WHEN s.r < 0.50 THEN 'CRC-L' || lpad((1 + floor(s.r2*6))::text, 2, '0')
                               WHEN s.r < 0.80 THEN 'AMM-S02' ELSE 'CRC-A' || lpad((1 + floor(s.r2*20))::text, 2, '0') END
           WHEN 'NH' THEN CASE WHEN s.r < 0.80 THEN 'CRC-N' || lpad((1 + floor(s.r2*8))::text, 2, '0') ELSE 'HHM-S01' END
           WHEN 'AR' THEN CASE WHEN s.r < 0.70 THEN 'CRC-A' || lpad((1 + floor(s.r2*20))::text, 2, '0') ELSE 'AMM-S02' END
           ELSE CASE WHEN s.r < 0.85 THEN 'CRC-T' || lpad((1 + floor(s.r2*10))::text, 2, '0')
                     WHEN o.home_site = 'HHM' THEN 'HHM-S02' ELSE 'AMM-S01' END
         END
       END AS fin_cd,
       floor(pg_temp.rnd('bk'||o.obj_id) * 1000)::int AS bkt
FROM (SELECT i, st, site, dept, acq_dt, i AS obj_id, st AS status_cd, site AS home_site, dept AS dept_cd FROM t_obj2) o
CROSS JOIN LATERAL (SELECT pg_temp.rnd('gn'||o.obj_id) AS r) g
CROSS JOIN LATERAL (SELECT pg_temp.rnd('sl'||o.obj_id) AS r, pg_temp.rnd('sm'||o.obj_id) AS r2) s;
ALTER TABLE t_fin ADD PRIMARY KEY (obj_id);

INSERT INTO cms.object (obj_id, accn_no, obj_nm, title, dept_cd, maker, made_yr, acq_mthd, acq_dt, acq_src,
                        acq_price, status_cd, home_site, cur_loc_id, last_audit_dt, attrs)
SELECT o.i,
       o.site || '.' || extract(year FROM o.acq_dt)::int || '.'
         || row_number() OVER (PARTITION BY o.site, extract(year FROM o.acq_dt) ORDER BY o.acq_dt, o.i),
       o.obj_nm,
       CASE WHEN o.dept = 'FA' AND o.obj_nm IN ('oil painting','watercolour','drawing','print','photograph') THEN
              CASE WHEN pg_temp.rnd('tp'||o.i) < 0.25 THEN 'Portrait of ' ||
                     (ARRAY['a Mill Owner','a Weaver','Mrs Crossley','Sir Francis Crossley','a Young Girl','the Artist''s Mother',
                            'John Fielden','a Mill Girl','Anne Lister','an Old Man','Edward Akroyd','a Lady in Black'])[1 + floor(pg_temp.rnd('tt'||o.i)*12)::int]
                   ELSE (ARRAY['View of ','Moonlight over ','Mill at ','Landscape near ','Winter at ','Church at ','Bridge at ',
                               'Market Day, ','Canal at ','Evening, ','Rain over ','Street in '])[1 + floor(pg_temp.rnd('tt'||o.i)*12)::int]
                     || (ARRAY['Hebden Bridge','Halifax','Heptonstall','Todmorden','Sowerby Bridge','Luddenden','Hardcastle Crags',
                               'Elland','Brighouse','Ripponden','Mytholmroyd','the Calder','Stoodley Pike','Haworth','Huddersfield'])[1 + floor(pg_temp.rnd('tq'||o.i)*15)::int]
              END
            WHEN o.dept = 'FA' THEN (ARRAY['Reclining Figure','Head of a Woman','Mother and Child','Standing Form','Torso'])[1 + floor(pg_temp.rnd('tt'||o.i)*5)::int]
            WHEN o.dept = 'NH' THEN initcap(o.obj_nm) || ': ' ||
                   (ARRAY['Tawny owl','Kestrel','Red grouse','Curlew','Barn owl','Dipper','Otter','Badger','Red squirrel','Hedgehog',
                          'Stoat','Peregrine','Lapwing','Ammonite','Quartz','Galena','Fluorite','Bracken','Heather','Cotton-grass'])[1 + floor(pg_temp.rnd('tt'||o.i)*20)::int]
            ELSE initcap(o.obj_nm) || ', ' || (ARRAY['Calderdale','Hebden Bridge','Halifax','Todmorden','Huddersfield','Heptonstall','Brighouse','Elland'])[1 + floor(pg_temp.rnd('tt'||o.i)*8)::int]
       END,
       o.dept,
       CASE o.dept
         WHEN 'FA' THEN o.fa_maker
         WHEN 'DA' THEN (ARRAY['Royal Doulton','Wedgwood','Burmantofts Pottery','Leeds Pottery','Rockingham','Minton','Elkington & Co.',
                               'Thomas Ogden, Halifax','Unknown maker','Unknown maker'])[1 + floor(o.r_mk*10)::int]
         WHEN 'IH' THEN (ARRAY['Hattersley & Sons','Platt Brothers','Prince Smith & Son','Butterworth & Dickinson','Hick Hargreaves & Co.',
                               NULL, NULL, NULL])[1 + floor(o.r_mk*8)::int]
         WHEN 'CT' THEN CASE WHEN o.r_mk < 0.15 THEN 'Marshall & Snelgrove' WHEN o.r_mk < 0.25 THEN 'Busy Bee Dressmakers, Halifax' END
       END,
       least(o.made_yr, extract(year FROM o.acq_dt)::int),
       o.acq_mthd,
       o.acq_dt,
       CASE o.acq_mthd
         WHEN 'GFT' THEN dn.fn || ' ' || dn.ln
         WHEN 'BEQ' THEN 'Estate of ' || dn.fn || ' ' || dn.ln
         WHEN 'PUR' THEN (ARRAY['Christie''s','Sotheby''s','Bonhams','Tennants Auctioneers','Private vendor','Private vendor',
                                'Andrew Hartley Fine Arts','The Fine Art Society'])[1 + floor(pg_temp.rnd('dv'||o.i)*8)::int]
         WHEN 'FLD' THEN CASE o.dept WHEN 'AR' THEN (ARRAY['Castle Hill, Almondbury excavation','Slack Roman fort excavation',
                                'Heptonstall Moor survey','Blackstone Edge excavation','Sowerby Town Fields excavation'])[1 + floor(pg_temp.rnd('dv'||o.i)*5)::int]
                              ELSE (ARRAY['Halifax Scientific Society','Calder Valley Naturalists'' Society','Huddersfield Naturalists',
                                'Rev. J. Hebden collection'])[1 + floor(pg_temp.rnd('dv'||o.i)*4)::int] END
         WHEN 'TRF' THEN (ARRAY['Halifax Borough Council','Calderdale Council','Kirklees Council','West Yorkshire Archive Service'])[1 + floor(pg_temp.rnd('dv'||o.i)*4)::int]
       END,
       CASE WHEN o.acq_mthd = 'PUR' THEN
              CASE WHEN o.dept = 'FA' THEN round((400 + pow(pg_temp.rnd('pr'||o.i), 4) * 120000)::numeric, -1)
                   ELSE round((15 + pow(pg_temp.rnd('pr'||o.i), 3) * 4000)::numeric, 0) END
       END,
       o.st,
       o.site,
       CASE WHEN o.st = 'A' THEN fl.loc_id END,
       CASE WHEN o.r_st >= 0.02 OR o.acq_dt >= '2015-01-01' THEN least(greatest(o.acq_dt + 30, date '2016-01-04' + floor(pg_temp.rnd('la'||o.i) * 3550)::int), date '2025-10-07') END,
       jsonb_strip_nulls(jsonb_build_object(
           'h_cm', round((5 + pow(pg_temp.rnd('h'||o.i), 2) * 180)::numeric, 1),
           'w_cm', round((4 + pow(pg_temp.rnd('w'||o.i), 2) * 150)::numeric, 1),
           'wt_kg', CASE WHEN o.dept IN ('IH','DA','SH') THEN round((0.1 + pow(pg_temp.rnd('kg'||o.i), 5) * 400)::numeric, 1) END,
           'medium', CASE o.obj_nm WHEN 'oil painting' THEN 'oil on canvas' WHEN 'watercolour' THEN 'watercolour on paper'
                                    WHEN 'drawing' THEN 'pencil on paper' WHEN 'print' THEN 'etching' WHEN 'sculpture' THEN 'bronze' END,
           'framed', CASE WHEN o.obj_nm IN ('oil painting','watercolour') THEN true END,
           'hazard', CASE WHEN o.obj_nm IN ('mounted bird','mounted mammal') AND o.r_hz < 0.70 THEN 'arsenic'
                          WHEN o.obj_nm = 'herbarium sheet' AND o.r_hz < 0.30 THEN 'mercury'
                          WHEN o.obj_nm = 'mineral specimen' AND o.r_hz < 0.10 THEN 'radioactive'
                          WHEN o.dept = 'IH' AND o.r_hz < 0.03 THEN 'asbestos'
                          WHEN o.obj_nm = 'toy' AND o.r_hz < 0.12 THEN 'lead' END))
FROM t_obj2 o
JOIN t_fin f ON f.obj_id = o.i
JOIN cms.location fl ON fl.loc_cd = f.fin_cd
CROSS JOIN LATERAL (SELECT
   (ARRAY['Edith','Arthur','Harold','Mary','Albert','Florence','Walter','Ethel','Herbert','Annie','Frederick','Alice',
          'Ernest','Elsie','Wilfred','Doris','Norman','Marjorie','Geoffrey','Joan'])[1 + floor(pg_temp.rnd('df'||o.i)*20)::int] AS fn,
   (ARRAY['Crossley','Akroyd','Sutcliffe','Greenwood','Horsfall','Mitchell','Uttley','Haigh','Firth','Lumb','Ingham',
          'Wadsworth','Shackleton','Barker','Holdsworth','Feather','Hartley','Helliwell','Booth','Whitaker'])[1 + floor(pg_temp.rnd('dl'||o.i)*20)::int] AS ln) dn
ORDER BY o.i;
-- exhibitions ---------------------------------------------------------------
CREATE TEMP TABLE t_exh (exh_id smallint, exh_cd text, title text, site text, exh_type text, open_dt date, close_dt date,
                         curator smallint, budget numeric, depts text[]);
INSERT INTO t_exh VALUES
 ( 1,'CAG22A','Grimshaw: Moonlight and Mills','CAG','TP','2022-01-22','2022-05-02',2,38000,'{FA}'),
 ( 2,'CAG22B','Brontë Country in Watercolour','CAG','TP','2022-05-21','2022-09-04',3,21500,'{FA}'),
 ( 3,'CAG22C','Edward Wadsworth: Dazzle and Industry','CAG','TI','2022-09-24','2023-01-08',2,52000,'{}'),
 ( 4,'CAG23A','Portraits of the Valley','CAG','TP','2023-01-28','2023-05-14',3,18000,'{FA}'),
 ( 5,'CAG23B','Hepworth and Moore: Yorkshire Sculptors','CAG','TI','2023-06-03','2023-09-17',2,64000,'{}'),
 ( 6,'CAG23C','Made in Calderdale: Contemporary Craft','CAG','CO','2023-10-07','2024-01-14',3,9500,'{DA}'),
 ( 7,'CAG24A','Lowry and the Northern Town','CAG','TP','2024-02-03','2024-05-27',2,45000,'{FA}'),
 ( 8,'CAG24B','Women Artists of the North','CAG','TP','2024-06-15','2024-09-29',3,27500,'{FA,DA}'),
 ( 9,'CAG24C','Turner''s Yorkshire','CAG','TI','2024-10-19','2025-02-23',2,88000,'{}'),
 (10,'CAG25A','Ruth Ashworth: Moorland','CAG','TP','2025-03-15','2025-06-29',3,16000,'{FA}'),
 (11,'CAG25B','Light and Shade: Victorian Photography','CAG','TP','2025-07-19','2025-11-02',3,24000,'{FA}'),
 (12,'CAG25C','Grimshaw Revisited','CAG','TP','2025-11-22','2026-03-08',2,56000,'{FA}'),
 (13,'AMM22A','Threads: Two Centuries of Calder Valley Weaving','AMM','TP','2022-02-12','2022-06-26',4,23000,'{IH,CT}'),
 (14,'AMM22B','Fustian Jackets and Clogs','AMM','TP','2022-07-16','2022-11-06',5,12500,'{SH,CT}'),
 (15,'AMM23A','Women of the Mills','AMM','TP','2023-02-11','2023-06-25',4,19500,'{SH,IH,CT}'),
 (16,'AMM23B','Romans on the Moors','AMM','TP','2023-07-15','2023-11-05',5,21000,'{AR}'),
 (17,'AMM23C','Cotton Famine: Lancashire and Yorkshire 1861-65','AMM','TI','2023-11-25','2024-03-10',4,31000,'{}'),
 (18,'AMM24A','Co-operation! The Hebden Bridge Fustian Society','AMM','CO','2024-03-30','2024-07-14',5,8000,'{SH}'),
 (19,'AMM24B','Full Steam: Power in the Valley','AMM','TP','2024-08-03','2024-12-01',4,26500,'{IH}'),
 (20,'AMM25A','Flood! The Calder and its River','AMM','CO','2025-01-25','2025-05-11',5,11000,'{SH,AR}'),
 (21,'AMM25B','Made in Hebden Bridge: 150 Years of Making','AMM','TP','2025-06-07','2026-01-04',4,29000,'{IH,SH,CT}'),
 (22,'AMM26A','Looms of the World','AMM','TI','2026-02-07','2026-05-31',5,42000,'{}'),
 (23,'HHM22A','Beetlemania: Insects from the Collection','HHM','TP','2022-03-05','2022-07-17',6,14000,'{NH}'),
 (24,'HHM22B','Heathcote Hall at War','HHM','TP','2022-08-06','2022-12-18',7,17500,'{SH,CT}'),
 (25,'HHM23A','Dressed for Best: Sunday Clothes 1850-1950','HHM','TP','2023-03-04','2023-07-16',6,22000,'{CT}'),
 (26,'HHM23B','Birds of the Pennines','HHM','TP','2023-08-05','2023-12-17',7,16500,'{NH}'),
 (27,'HHM24A','Anne Lister and Her World','HHM','TI','2024-02-10','2024-06-23',6,47000,'{}'),
 (28,'HHM24B','Wedding Dresses of Huddersfield','HHM','TP','2024-07-13','2024-11-24',6,20500,'{CT}'),
 (29,'HHM25A','Toys and Games Through Time','HHM','TP','2025-02-08','2025-06-22',8,15500,'{SH,DA}'),
 (30,'HHM25B','Hidden Hands: Servants of Heathcote Hall','HHM','TP','2025-07-12','2025-12-14',6,24500,'{SH,DA,CT}'),
 (31,'HHM26A','Wild Huddersfield','HHM','CO','2026-01-31','2026-06-14',8,9000,'{NH}');

INSERT INTO cms.exhibition (exh_id, exh_cd, title, site_cd, gallery_loc, exh_type, open_dt, close_dt, curator_id, budget)
SELECT e.exh_id, e.exh_cd, e.title, e.site, l.loc_id, e.exh_type, e.open_dt, e.close_dt, e.curator, e.budget
FROM t_exh e JOIN cms.location l ON l.loc_cd = e.site || '-G06'
ORDER BY e.exh_id;

-- loans -------------------------------------------------------------------------
CREATE TEMP TABLE t_loan (loan_id smallint, loan_ref text, dir char(1), inst_id smallint, exh_id smallint, purpose text,
                          req_dt date, start_dt date, end_dt date, returned_dt date, status cms.loan_status, ins text,
                          fee numeric, courier boolean, reg smallint, n_obj int, maker text, dept text);
INSERT INTO t_loan VALUES
 -- loans out: our objects lent to other venues
 ( 1,'LO/2019/01','O',16,NULL,'Northern Lights: Victorian Night Painting','2018-09-12','2019-02-08','2019-06-16','2019-06-20','returned','GIS',750,true,9,0,NULL,NULL),
 ( 2,'LO/2019/02','O',19,NULL,'Roman Yorkshire','2018-11-02','2019-03-15','2020-01-05','2020-01-08','returned','BOR',0,false,9,0,NULL,NULL),
 ( 3,'LO/2019/03','O',10,NULL,'Fashioning Masculinities','2018-12-10','2019-03-25','2019-08-25','2019-08-29','returned','GIS',1200,true,9,0,NULL,NULL),
 ( 4,'LO/2020/01','O',5,NULL,'Cottonopolis','2019-07-01','2020-02-03','2020-09-30','2020-10-12','returned','GIS',500,false,9,0,NULL,NULL),
 ( 5,'LO/2020/02','O',2,NULL,'Barbara Hepworth: Art and Life','2019-10-14','2020-03-02','2020-03-20',NULL,'cancelled','GIS',0,true,9,0,NULL,NULL),
 ( 6,'LO/2021/01','O',7,NULL,'Bradford and its Painters','2020-11-23','2021-05-17','2021-10-31','2021-11-03','returned','COM',400,false,10,0,NULL,NULL),
 ( 7,'LO/2021/02','O',22,NULL,'Home Comforts','2021-01-18','2021-06-01','2022-01-09','2022-01-12','returned','BOR',0,false,10,0,NULL,NULL),
 ( 8,'LO/2022/01','O',9,NULL,'Walter Sickert and the North','2021-06-07','2022-04-20','2022-09-18','2022-09-23','returned','GIS',2500,true,9,0,NULL,NULL),
 ( 9,'LO/2022/02','O',20,NULL,'Wild Moors: the Brontës and Nature','2021-10-04','2022-03-01','2023-02-28','2023-03-06','returned','BOR',0,false,10,0,NULL,NULL),
 (10,'LO/2022/03','O',31,NULL,'Todmorden Town Hall 150','2022-02-14','2022-05-02','2022-08-29','2022-08-30','returned','NIL',0,false,10,0,NULL,NULL),
 (11,'LO/2023/01','O',3,NULL,'Yorkshire Ceramics','2022-08-22','2023-01-16','2023-06-11','2023-06-14','returned','GIS',600,false,9,0,NULL,NULL),
 (12,'LO/2023/02','O',30,NULL,'Salts Mill at 170','2022-11-07','2023-04-03','2023-10-01','2023-10-04','returned','COM',0,false,10,0,NULL,NULL),
 (13,'LO/2023/03','O',13,NULL,'Our Broken Planet','2023-01-09','2023-05-01','2024-01-07','2024-01-16','returned','GIS',0,true,10,0,NULL,NULL),
 (14,'LO/2023/04','O',28,NULL,'Wool and the North of England','2022-12-05','2023-06-12','2023-12-17','2023-12-28','returned','GIS',1800,true,9,0,NULL,NULL),
 (15,'LO/2024/01','O',4,NULL,'Lowry and Manchester','2023-06-19','2024-01-22','2024-06-30','2024-07-04','returned','GIS',1500,true,9,0,NULL,NULL),
 (16,'LO/2024/02','O',24,NULL,'The Glasgow Weavers','2023-09-04','2024-03-11','2024-09-08','2024-09-16','returned','GIS',900,true,10,0,NULL,NULL),
 (17,'LO/2024/03','O',21,NULL,'Banners of Protest','2023-11-13','2024-05-07','2024-12-01','2024-12-05','returned','BOR',0,false,10,0,NULL,NULL),
 (18,'LO/2024/04','O',29,NULL,'Atkinson Grimshaw: Poet of the City','2023-07-03','2024-09-02','2025-01-12','2025-01-29','returned','COM',3500,true,9,0,NULL,NULL),
 (19,'LO/2024/05','O',17,NULL,'Hull and the Textile Trade','2024-01-15','2024-06-01','2024-06-20',NULL,'cancelled','GIS',0,false,10,0,NULL,NULL),
 (20,'LO/2025/01','O',12,NULL,'Roman Britain: Life on the Frontier','2024-03-18','2025-01-20','2026-01-18',NULL,'on_loan','GIS',0,true,9,0,NULL,NULL),
 (21,'LO/2025/02','O',14,NULL,'Pre-Raphaelites and their Circle','2024-06-10','2025-03-03','2025-08-31',NULL,'on_loan','GIS',1200,true,9,0,NULL,NULL),
 (22,'LO/2025/03','O',32,NULL,'Brighouse Remembers','2025-01-06','2025-04-14','2025-11-30',NULL,'on_loan','NIL',0,false,10,0,NULL,NULL),
 (23,'LO/2025/04','O',18,NULL,'Mill Towns of the North','2024-11-25','2025-05-19','2026-03-01',NULL,'on_loan','GIS',650,false,10,0,NULL,NULL),
 (24,'LO/2025/05','O',25,NULL,'Scottish Colourists and Their English Friends','2025-02-03','2025-07-07','2025-10-26',NULL,'on_loan','GIS',2000,true,9,0,NULL,NULL),
 (25,'LO/2025/06','O',26,NULL,'Night Painters of Europe','2024-12-09','2025-10-27','2026-02-15',NULL,'agreed','GIS',4000,true,9,0,NULL,NULL),
 (26,'LO/2026/01','O',8,NULL,'Liverpool and the Cotton Trade','2025-04-14','2026-01-26','2026-06-28',NULL,'agreed','GIS',800,false,10,0,NULL,NULL),
 (27,'LO/2026/02','O',11,NULL,'Faces of the Industrial Revolution','2025-06-23','2026-03-16','2026-09-13',NULL,'agreed','GIS',1000,true,9,0,NULL,NULL),
 (28,'LO/2026/03','O',27,NULL,'Monet and the North','2025-09-15','2026-09-21','2027-01-17',NULL,'enquiry',NULL,0,true,9,0,NULL,NULL),
 (29,'LO/2026/04','O',23,NULL,'Wales and Yorkshire: Industrial Sisters','2025-09-29','2026-10-05','2027-03-28',NULL,'enquiry',NULL,0,false,10,0,NULL,NULL),
 -- loans in: borrowed for our exhibitions
 (30,'LI/2022/01','I',1,1,'Grimshaw: Moonlight and Mills','2021-03-15','2022-01-03','2022-05-23','2022-05-19','returned','GIS',1500,true,9,6,'John Atkinson Grimshaw','FA'),
 (31,'LI/2022/02','I',18,1,'Grimshaw: Moonlight and Mills','2021-04-19','2022-01-03','2022-05-23','2022-05-20','returned','GIS',500,false,9,3,'John Atkinson Grimshaw','FA'),
 (32,'LI/2022/03','I',7,3,'Edward Wadsworth: Dazzle and Industry','2021-09-06','2022-09-05','2023-01-29','2023-01-25','returned','GIS',9500,true,10,38,'Edward Wadsworth','FA'),
 (33,'LI/2023/01','I',2,5,'Hepworth and Moore: Yorkshire Sculptors','2022-06-13','2023-05-15','2023-10-08','2023-10-05','returned','GIS',12000,true,9,24,NULL,'FA'),
 (34,'LI/2023/02','I',19,16,'Romans on the Moors','2022-11-21','2023-06-26','2023-11-26','2023-11-22','returned','BOR',0,false,10,12,NULL,'AR'),
 (35,'LI/2023/03','I',12,16,'Romans on the Moors','2022-10-03','2023-06-26','2023-11-26','2023-12-04','returned','GIS',750,true,10,4,NULL,'AR'),
 (36,'LI/2023/04','I',13,26,'Birds of the Pennines','2023-01-16','2023-07-17','2024-01-07','2024-01-03','returned','GIS',300,false,10,9,NULL,'NH'),
 (37,'LI/2023/05','I',21,17,'Cotton Famine: Lancashire and Yorkshire 1861-65','2022-12-12','2023-11-06','2024-03-31','2024-03-27','returned','GIS',6500,false,9,45,NULL,'SH'),
 (38,'LI/2024/01','I',4,7,'Lowry and the Northern Town','2023-03-06','2024-01-15','2024-06-17','2024-06-12','returned','GIS',2000,true,9,8,'L. S. Lowry','FA'),
 (39,'LI/2024/02','I',8,7,'Lowry and the Northern Town','2023-04-24','2024-01-15','2024-06-17','2024-06-14','returned','GIS',1000,true,9,4,'L. S. Lowry','FA'),
 (40,'LI/2024/03','I',20,27,'Anne Lister and Her World','2023-05-08','2024-01-22','2024-07-14','2024-07-09','returned','COM',4000,false,10,31,NULL,'SH'),
 (41,'LI/2024/04','I',32,27,'Anne Lister and Her World','2023-06-05','2024-01-22','2024-07-14','2024-07-10','returned','NIL',0,false,10,5,NULL,'DA'),
 (42,'LI/2024/05','I',17,8,'Women Artists of the North','2023-10-09','2024-05-27','2024-10-20','2024-10-15','returned','GIS',800,false,9,7,'Ada Holdsworth','FA'),
 (43,'LI/2024/06','I',9,9,'Turner''s Yorkshire','2023-02-20','2024-09-30','2025-03-16','2025-03-12','returned','GIS',15000,true,9,36,'J. M. W. Turner','FA'),
 (44,'LI/2024/07','I',3,9,'Turner''s Yorkshire','2023-05-15','2024-09-30','2025-03-16','2025-03-13','returned','GIS',2500,true,9,11,'J. M. W. Turner','FA'),
 (45,'LI/2025/01','I',2,10,'Ruth Ashworth: Moorland','2024-05-13','2025-02-24','2025-07-20','2025-07-16','returned','GIS',0,false,10,6,'Ruth Ashworth','FA'),
 (46,'LI/2025/02','I',6,11,'Light and Shade: Victorian Photography','2024-09-09','2025-06-30','2025-11-23',NULL,'on_loan','GIS',3000,true,10,22,NULL,'FA'),
 (47,'LI/2025/03','I',10,11,'Light and Shade: Victorian Photography','2024-10-14','2025-06-30','2025-11-23',NULL,'on_loan','GIS',2200,true,9,9,NULL,'FA'),
 (48,'LI/2025/04','I',31,21,'Made in Hebden Bridge: 150 Years of Making','2024-11-18','2025-05-19','2026-01-25',NULL,'on_loan','NIL',0,false,10,14,NULL,'SH'),
 (49,'LI/2025/05','I',5,21,'Made in Hebden Bridge: 150 Years of Making','2024-12-02','2025-05-19','2026-01-25',NULL,'on_loan','GIS',1000,false,10,5,NULL,'IH'),
 (50,'LI/2025/06','I',22,30,'Hidden Hands: Servants of Heathcote Hall','2024-10-28','2025-06-23','2026-01-04',NULL,'on_loan','BOR',500,false,10,10,NULL,'SH'),
 (51,'LI/2025/07','I',1,12,'Grimshaw Revisited','2024-12-16','2025-11-03','2026-03-29',NULL,'agreed','GIS',2500,true,9,7,'John Atkinson Grimshaw','FA'),
 (52,'LI/2025/08','I',29,12,'Grimshaw Revisited','2025-01-13','2025-11-03','2026-03-29',NULL,'agreed','GIS',6000,true,9,3,'John Atkinson Grimshaw','FA'),
 (53,'LI/2026/01','I',28,22,'Looms of the World','2025-03-10','2026-01-19','2026-06-21',NULL,'agreed','GIS',8000,true,10,18,NULL,'IH'),
 (54,'LI/2026/02','I',13,31,'Wild Huddersfield','2025-08-04','2026-01-12','2026-07-05',NULL,'enquiry',NULL,0,false,10,6,NULL,'NH'),
 (55,'LI/2024/08','I',26,9,'Turner''s Yorkshire','2023-03-27','2024-09-30','2025-03-16',NULL,'cancelled',NULL,0,true,9,2,'J. M. W. Turner','FA');

INSERT INTO cms.loan (loan_id, loan_ref, dir, inst_id, exh_id, purpose, req_dt, start_dt, end_dt, returned_dt, status,
                      ins_cover, loan_fee, courier, reg_id)
SELECT loan_id, loan_ref, dir, inst_id, exh_id, purpose, req_dt, start_dt, end_dt, returned_dt, status, ins, fee, courier, reg
FROM t_loan ORDER BY loan_id;

-- "eligible" objects for exhibitions, loans out and conservation: in store, accessioned before mid-2018
CREATE TEMP TABLE t_elig AS
SELECT * FROM t_fin
WHERE status_cd = 'A' AND acq_dt < '2018-06-01' AND fin_cd NOT LIKE '%-G0%';

-- our objects in exhibitions
CREATE TEMP TABLE t_exh_obj AS
SELECT f.obj_id, f.fin_cd,
       (SELECT e.exh_id FROM t_exh e
         WHERE e.site = f.home_site AND f.dept_cd = ANY (e.depts)
         ORDER BY md5(f.obj_id || '-' || e.exh_id) LIMIT 1) AS exh_id
FROM t_elig f WHERE f.bkt < 25;
DELETE FROM t_exh_obj WHERE exh_id IS NULL;

-- our objects lent out
CREATE TEMP TABLE t_lo_dept (loan_id smallint, depts text[]);
INSERT INTO t_lo_dept VALUES
 (1,'{FA}'),(2,'{AR}'),(3,'{CT}'),(4,'{IH,CT}'),(5,'{FA}'),(6,'{FA}'),(7,'{SH,DA}'),(8,'{FA}'),(9,'{NH,FA}'),(10,'{SH}'),
 (11,'{DA}'),(12,'{IH,SH}'),(13,'{NH}'),(14,'{IH,CT}'),(15,'{FA}'),(16,'{IH,CT}'),(17,'{SH}'),(18,'{FA}'),(19,'{IH}'),
 (20,'{AR}'),(21,'{FA}'),(22,'{SH}'),(23,'{IH,SH}'),(24,'{FA}'),(25,'{FA}'),(26,'{IH,CT}'),(27,'{FA,SH}'),(28,'{FA}'),(29,'{IH}');

CREATE TEMP TABLE t_lo_obj AS
SELECT f.obj_id, f.fin_cd, f.dept_cd,
       (SELECT d.loan_id FROM t_lo_dept d WHERE f.dept_cd = ANY (d.depts)
         ORDER BY md5(f.obj_id || '/' || d.loan_id) LIMIT 1) AS loan_id
FROM t_elig f WHERE f.bkt >= 25 AND f.bkt < 29;
DELETE FROM t_lo_obj WHERE loan_id IS NULL;

-- objects borrowed in: new object records -----------------------------------------
ALTER SEQUENCE cms.object_obj_id_seq RESTART WITH 60001;
INSERT INTO cms.object (accn_no, obj_nm, title, dept_cd, maker, made_yr, acq_mthd, acq_dt, acq_src, acq_price,
                        status_cd, home_site, cur_loc_id, last_audit_dt, attrs)
SELECT 'LI.' || extract(year FROM l.start_dt)::int || '.'
         || row_number() OVER (PARTITION BY extract(year FROM l.start_dt) ORDER BY l.loan_id, n),
       nm.obj_nm,
       CASE WHEN l.dept = 'FA' AND nm.obj_nm <> 'sculpture' THEN
              (ARRAY['Study of ','View of ','Sketch for ','Evening, ','Landscape with ','Street in ','Moonlight, '])[1 + floor(pg_temp.rnd('lt'||l.loan_id||'-'||n)*7)::int]
              || (ARRAY['Whitby','Knaresborough','Leeds','Scarborough','Richmond','Bolton Abbey','Kirkstall Abbey','Salford',
                        'the Wharfe','Fountains Abbey','Manchester','York'])[1 + floor(pg_temp.rnd('lp'||l.loan_id||'-'||n)*12)::int]
            WHEN nm.obj_nm = 'sculpture' THEN (ARRAY['Single Form','Reclining Figure','Oval Sculpture','Family Group','Pelagos','Helmet Head'])[1 + floor(pg_temp.rnd('lt'||l.loan_id||'-'||n)*6)::int]
            ELSE initcap(nm.obj_nm) || ' (lent by ' || i.inst_nm || ')'
       END,
       l.dept,
       CASE WHEN l.loan_id = 33 THEN (ARRAY['Barbara Hepworth','Henry Moore'])[1 + (n % 2)] ELSE l.maker END,
       CASE WHEN l.maker IS NOT NULL OR l.loan_id IN (33, 46, 47) THEN
              ar.y0 + floor(pg_temp.rnd('ly'||l.loan_id||'-'||n) * (ar.y1 - ar.y0))::int
            ELSE CASE l.dept WHEN 'AR' THEN 100 + floor(pg_temp.rnd('ly'||l.loan_id||'-'||n)*300)::int
                   WHEN 'NH' THEN 1870 + floor(pg_temp.rnd('ly'||l.loan_id||'-'||n)*80)::int
                   ELSE 1790 + floor(pg_temp.rnd('ly'||l.loan_id||'-'||n)*170)::int END END,
       NULL, NULL, i.inst_nm, NULL,
       'I', e.site_cd,
       CASE WHEN l.status = 'on_loan' THEN e.gallery_loc END,
       NULL,
       jsonb_build_object('h_cm', round((20 + pg_temp.rnd('lh'||l.loan_id||'-'||n) * 120)::numeric, 1),
                          'w_cm', round((15 + pg_temp.rnd('lw'||l.loan_id||'-'||n) * 120)::numeric, 1))
FROM t_loan l
JOIN cms.institution i ON i.inst_id = l.inst_id
JOIN cms.exhibition e ON e.exh_id = l.exh_id
CROSS JOIN LATERAL generate_series(1, l.n_obj) n
CROSS JOIN LATERAL (SELECT CASE WHEN l.loan_id = 33 THEN 1930 WHEN l.loan_id IN (46, 47) THEN 1850
                                ELSE (SELECT min(a.y0) FROM t_artist a WHERE a.nm = l.maker) END AS y0,
                           CASE WHEN l.loan_id = 33 THEN 1975 WHEN l.loan_id IN (46, 47) THEN 1900
                                ELSE (SELECT max(a.y1) FROM t_artist a WHERE a.nm = l.maker) END AS y1) ar0
CROSS JOIN LATERAL (SELECT coalesce(ar0.y0, 1795) AS y0, coalesce(ar0.y1, 1850) AS y1) ar
CROSS JOIN LATERAL (SELECT CASE
     WHEN l.loan_id = 33 THEN 'sculpture'
     WHEN l.loan_id IN (46, 47) THEN 'photograph'
     WHEN l.dept = 'FA' THEN (ARRAY['oil painting','oil painting','watercolour','drawing'])[1 + floor(pg_temp.rnd('ln'||l.loan_id||'-'||n)*4)::int]
     WHEN l.dept = 'AR' THEN (ARRAY['Roman coin','brooch','altar stone','pottery vessel','bronze figurine'])[1 + floor(pg_temp.rnd('ln'||l.loan_id||'-'||n)*5)::int]
     WHEN l.dept = 'NH' THEN (ARRAY['mounted bird','bird egg set','skin'])[1 + floor(pg_temp.rnd('ln'||l.loan_id||'-'||n)*3)::int]
     WHEN l.dept = 'IH' THEN (ARRAY['handloom','loom shuttle','pattern book','jacquard card'])[1 + floor(pg_temp.rnd('ln'||l.loan_id||'-'||n)*4)::int]
     WHEN l.dept = 'DA' THEN (ARRAY['writing box','snuff box','portrait miniature'])[1 + floor(pg_temp.rnd('ln'||l.loan_id||'-'||n)*3)::int]
     ELSE (ARRAY['diary','letter','banner','photograph','poster','ledger','pamphlet'])[1 + floor(pg_temp.rnd('ln'||l.loan_id||'-'||n)*7)::int]
   END AS obj_nm) nm
WHERE l.dir = 'I'
ORDER BY l.loan_id, n;

CREATE TEMP TABLE t_li_obj AS
SELECT o.obj_id, l.loan_id, l.exh_id, l.status, l.start_dt, l.dept, l.n_obj
FROM cms.object o
JOIN cms.institution i ON i.inst_nm = o.acq_src
JOIN t_loan l ON l.inst_id = i.inst_id AND l.dir = 'I'
             AND o.accn_no LIKE 'LI.' || extract(year FROM l.start_dt)::int || '.%'
WHERE o.status_cd = 'I';

-- exhibition objects
INSERT INTO cms.exh_obj (exh_id, obj_id, case_no)
SELECT exh_id, obj_id, (ARRAY['C','C','W','P'])[1 + floor(pg_temp.rnd('cs'||obj_id)*4)::int] || (1 + floor(pg_temp.rnd('cn'||obj_id)*24))::int
FROM (SELECT exh_id, obj_id FROM t_exh_obj
      UNION ALL
      SELECT exh_id, obj_id FROM t_li_obj WHERE status IN ('agreed','on_loan','returned')) x
ORDER BY exh_id, obj_id;

-- loan objects
INSERT INTO cms.loan_obj (loan_id, obj_id, ins_val, cond_out, cond_back)
SELECT x.loan_id, x.obj_id,
       CASE WHEN x.dept = 'FA' THEN round((2000 + pow(pg_temp.rnd('iv'||x.obj_id), 3) * 900000)::numeric, -2)
            ELSE round((150 + pow(pg_temp.rnd('iv'||x.obj_id), 3) * 40000)::numeric, -1) END,
       CASE WHEN l.status IN ('on_loan','returned') THEN CASE WHEN pg_temp.rnd('co'||x.obj_id) < 0.75 THEN 1 ELSE 2 END END,
       CASE WHEN l.status = 'returned' THEN CASE WHEN pg_temp.rnd('co'||x.obj_id) < 0.72 THEN 1
                                                 WHEN pg_temp.rnd('co'||x.obj_id) < 0.985 THEN 2 ELSE 3 END END
FROM (SELECT loan_id, obj_id, dept_cd AS dept FROM t_lo_obj
      UNION ALL
      SELECT loan_id, obj_id, dept FROM t_li_obj) x
JOIN t_loan l ON l.loan_id = x.loan_id
ORDER BY x.loan_id, x.obj_id;
-- missing objects were last seen at an audit between 2019 and 2023
UPDATE cms.object SET last_audit_dt = date '2019-01-07' + floor(pg_temp.rnd('ma'||obj_id) * 1800)::int
WHERE status_cd = 'M';

-- conservation treatments ----------------------------------------------------------
CREATE TEMP TABLE t_trt AS
SELECT f.obj_id, f.dept_cd, f.fin_cd, d.req_dt, d.start_dt, d.start_dt + d.dur AS end_dt,
       pg_temp.rnd('tx'||f.obj_id) < 0.03 AS cancelled,
       pg_temp.rnd('te'||f.obj_id) < 0.15 AS ext
FROM t_elig f
CROSS JOIN LATERAL (SELECT date '2019-01-07' + floor(pg_temp.rnd('tr'||f.obj_id) * 2460)::int AS req_dt) r
CROSS JOIN LATERAL (SELECT r.req_dt + 10 + floor(pow(pg_temp.rnd('tw'||f.obj_id), 2) * 200)::int AS start_dt,
                           1 + floor(pow(pg_temp.rnd('td'||f.obj_id), 2) * 90)::int AS dur, r.req_dt) d
WHERE f.bkt >= 29 AND f.bkt < 63;

INSERT INTO cms.treatment (obj_id, trt_type, consv_id, ext_consv, req_dt, start_dt, end_dt, trt_status, hrs, mat_cost, ext_fee)
SELECT t.obj_id, ty.trt_type,
       CASE WHEN NOT t.ext AND st.s IN ('W','C') THEN
            CASE WHEN t.start_dt >= '2022-05-03' THEN (ARRAY[11,12,13])[1 + floor(pg_temp.rnd('tc'||t.obj_id)*3)::int]
                 ELSE (ARRAY[11,12])[1 + floor(pg_temp.rnd('tc'||t.obj_id)*2)::int] END
            WHEN NOT t.ext THEN NULL END,
       CASE WHEN t.ext THEN (ARRAY['Hamilton Kerr Institute','Lincoln Conservation','Harrogate Textile Conservation Studio',
                                   'Northern Paper Conservation Ltd','Calder Restoration'])[1 + floor(pg_temp.rnd('tn'||t.obj_id)*5)::int] END,
       t.req_dt,
       CASE WHEN st.s IN ('W','C') THEN t.start_dt END,
       CASE WHEN st.s = 'C' THEN t.end_dt END,
       st.s,
       CASE st.s WHEN 'C' THEN round((1 + pow(pg_temp.rnd('th'||t.obj_id), 2) * 120)::numeric, 1)
                 WHEN 'W' THEN round((0.5 + pow(pg_temp.rnd('th'||t.obj_id), 2) * 40)::numeric, 1) END,
       CASE WHEN st.s IN ('W','C') THEN round((5 + pow(pg_temp.rnd('tm'||t.obj_id), 3) * 800)::numeric, 2) END,
       CASE WHEN t.ext AND st.s = 'C' THEN round((300 + pow(pg_temp.rnd('tf'||t.obj_id), 2) * 6000)::numeric, 2) END
FROM t_trt t
CROSS JOIN LATERAL (SELECT CASE WHEN t.cancelled THEN 'X' WHEN t.start_dt > '2025-10-08' THEN 'R'
                                WHEN t.end_dt > '2025-10-08' THEN 'W' ELSE 'C' END AS s) st
CROSS JOIN LATERAL (SELECT CASE t.dept_cd
     WHEN 'FA' THEN (ARRAY['CLN','CLN','VAR','RLN','RFR','CSL'])[1 + floor(pg_temp.rnd('tt'||t.obj_id)*6)::int]
     WHEN 'CT' THEN (ARRAY['CLN','CSL','PST','PST','REP'])[1 + floor(pg_temp.rnd('tt'||t.obj_id)*5)::int]
     WHEN 'NH' THEN (ARRAY['PST','PST','CLN','REP'])[1 + floor(pg_temp.rnd('tt'||t.obj_id)*4)::int]
     WHEN 'IH' THEN (ARRAY['CLN','REP','STB','CLN'])[1 + floor(pg_temp.rnd('tt'||t.obj_id)*4)::int]
     ELSE (ARRAY['CLN','REP','CSL','STB'])[1 + floor(pg_temp.rnd('tt'||t.obj_id)*4)::int] END AS trt_type) ty
ORDER BY t.req_dt, t.obj_id;

-- movements --------------------------------------------------------------------------
CREATE TEMP TABLE t_mv (obj_id int, moved_at timestamp, to_cd text, rsn text, seq int);

-- base history: first placement (or migration into the CRC system in 2012), then reorganisations
INSERT INTO t_mv
SELECT f.obj_id,
       (fd.f + floor((k - 1) * greatest(fd.d - fd.f, 0) / n.n)::int) + time '09:00' + floor(pg_temp.rnd('mh'||f.obj_id||'-'||k) * 420) * interval '1 minute',
       CASE WHEN k = n.n THEN f.fin_cd
            WHEN pg_temp.rnd('mp'||f.obj_id||'-'||k) < 0.2 THEN 'CRC-PHO'
            ELSE 'CRC-A' || lpad((1 + floor(pg_temp.rnd('ma'||f.obj_id||'-'||k) * 20))::text, 2, '0') END,
       CASE WHEN k = 1 AND f.acq_dt >= '2012-03-01' THEN 'ACC'
            WHEN k = 1 THEN 'STO'
            WHEN k < n.n AND pg_temp.rnd('mp'||f.obj_id||'-'||k) < 0.2 THEN 'PHO'
            WHEN pg_temp.rnd('mr'||f.obj_id||'-'||k) < 0.2 THEN 'AUD' ELSE 'STO' END,
       k
FROM t_fin f
CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.rnd('nm'||f.obj_id) * 4)::int AS n) n
CROSS JOIN LATERAL (SELECT CASE WHEN f.acq_dt >= '2012-03-01'
                                THEN least(f.acq_dt + 3 + floor(pg_temp.rnd('mf'||f.obj_id) * 25)::int, date '2025-10-07')
                                ELSE date '2012-03-05' + floor(pg_temp.rnd('mg'||f.obj_id) * 180)::int END AS f,
                           CASE WHEN f.acq_dt < '2018-06-01' THEN date '2018-12-20' ELSE date '2025-10-06' END AS d) fd
CROSS JOIN LATERAL generate_series(1, n.n) k;

-- missing objects: not found at a later audit
INSERT INTO t_mv
SELECT o.obj_id, least(o.last_audit_dt + 400 + floor(pg_temp.rnd('mu'||o.obj_id) * 600)::int, date '2025-09-30') + time '11:00',
       'UNKNOWN', 'AUD', 10
FROM cms.object o WHERE o.status_cd = 'M';

-- exhibitions: installed ten days before opening, de-installed four days after closing
INSERT INTO t_mv
SELECT x.obj_id, e.open_dt - 10 + time '10:00', e.site || '-G06', 'EXH', 20
FROM t_exh_obj x JOIN t_exh e ON e.exh_id = x.exh_id WHERE e.open_dt - 10 <= date '2025-10-08';
INSERT INTO t_mv
SELECT x.obj_id, e.close_dt + 4 + time '10:00', x.fin_cd, 'DRG', 21
FROM t_exh_obj x JOIN t_exh e ON e.exh_id = x.exh_id WHERE e.close_dt + 4 <= date '2025-10-08';

-- loans out
INSERT INTO t_mv
SELECT x.obj_id, l.start_dt - 3 + time '08:30', 'EXT-LOAN', 'LNO', 30
FROM t_lo_obj x JOIN t_loan l ON l.loan_id = x.loan_id WHERE l.status IN ('on_loan','returned');
INSERT INTO t_mv
SELECT x.obj_id, l.returned_dt + 1 + time '14:00', x.fin_cd, 'LNR', 31
FROM t_lo_obj x JOIN t_loan l ON l.loan_id = x.loan_id WHERE l.status = 'returned';

-- conservation
INSERT INTO t_mv
SELECT t.obj_id, t.start_dt + time '09:15',
       CASE WHEN t.trt_type = 'PST' THEN 'CRC-QUAR' WHEN o.dept_cd = 'FA' THEN 'CRC-CON1' ELSE 'CRC-CON2' END, 'CON', 40
FROM cms.treatment t JOIN cms.object o ON o.obj_id = t.obj_id WHERE t.trt_status IN ('W','C');
INSERT INTO t_mv
SELECT t.obj_id, t.end_dt + 1 + time '15:30', f.fin_cd, 'CRT', 41
FROM cms.treatment t JOIN t_fin f ON f.obj_id = t.obj_id WHERE t.trt_status = 'C';

-- borrowed objects: arrive and are installed a week after the loan starts
INSERT INTO t_mv
SELECT x.obj_id, x.start_dt + 7 + time '11:00', e.site || '-G06', 'EXH', 50
FROM t_li_obj x JOIN t_exh e ON e.exh_id = x.exh_id WHERE x.status IN ('on_loan','returned');

INSERT INTO cms.obj_move (obj_id, from_loc, to_loc, moved_at, moved_by, rsn_cd)
SELECT m.obj_id,
       lag(l.loc_id) OVER (PARTITION BY m.obj_id ORDER BY m.moved_at, m.seq),
       l.loc_id, m.moved_at,
       CASE WHEN m.moved_at < '2019-06-17' THEN (ARRAY[14,38])[1 + floor(pg_temp.rnd('mb'||m.obj_id||m.seq)*2)::int]
            WHEN m.moved_at < '2023-02-06' THEN (ARRAY[14,15,38])[1 + floor(pg_temp.rnd('mb'||m.obj_id||m.seq)*3)::int]
            ELSE (ARRAY[14,15,16])[1 + floor(pg_temp.rnd('mb'||m.obj_id||m.seq)*3)::int] END,
       m.rsn
FROM t_mv m JOIN cms.location l ON l.loc_cd = m.to_cd
ORDER BY m.moved_at, m.obj_id;

-- current location = destination of the latest movement
UPDATE cms.object o SET cur_loc_id = lm.to_loc
FROM (SELECT DISTINCT ON (obj_id) obj_id, to_loc FROM cms.obj_move ORDER BY obj_id, moved_at DESC, move_id DESC) lm
WHERE lm.obj_id = o.obj_id AND o.status_cd IN ('A','M') AND o.cur_loc_id IS DISTINCT FROM lm.to_loc;
-- star objects: well-known pieces of the collection ---------------------------------
UPDATE cms.object o SET title = 'Moonlight on the Calder, Hebden Bridge', maker = 'John Atkinson Grimshaw', made_yr = 1881,
       acq_mthd = 'BEQ', acq_src = 'Estate of Sir Henry Savile Akroyd', acq_price = NULL,
       attrs = '{"h_cm": 61.0, "w_cm": 91.4, "medium": "oil on canvas", "framed": true}'
WHERE o.obj_id = (SELECT min(x.obj_id) FROM cms.object x JOIN cms.location l ON l.loc_id = x.cur_loc_id
                  WHERE x.obj_nm = 'oil painting' AND l.loc_cd = 'CAG-G02' AND x.acq_dt BETWEEN '1900-01-01' AND '1950-12-31');
UPDATE cms.object o SET title = 'The Piece Hall, Halifax', maker = 'L. S. Lowry', made_yr = 1958,
       acq_mthd = 'PUR', acq_src = 'Christie''s', acq_price = 185000,
       attrs = '{"h_cm": 50.8, "w_cm": 61.0, "medium": "oil on canvas", "framed": true}'
WHERE o.obj_id = (SELECT min(x.obj_id) FROM cms.object x JOIN cms.location l ON l.loc_id = x.cur_loc_id
                  WHERE x.obj_nm = 'oil painting' AND l.loc_cd = 'CAG-G01' AND x.acq_dt BETWEEN '1990-01-01' AND '2010-12-31');
UPDATE cms.object o SET obj_nm = 'beam engine', title = 'Ashworth Mill beam engine', maker = 'Hick Hargreaves & Co.', made_yr = 1868,
       acq_mthd = 'GFT', acq_src = 'Ashworth Brothers Ltd', acq_price = NULL,
       attrs = '{"h_cm": 1100, "w_cm": 1450, "wt_kg": 42000, "hazard": "asbestos"}'
WHERE o.obj_id = (SELECT min(x.obj_id) FROM cms.object x JOIN cms.location l ON l.loc_id = x.cur_loc_id
                  WHERE x.dept_cd = 'IH' AND l.loc_cd = 'AMM-G01' AND x.acq_dt BETWEEN '1970-01-01' AND '1980-12-31');
UPDATE cms.object o SET title = 'Wedding dress of Lady Eliza Heathcote', maker = 'Marshall & Snelgrove', made_yr = 1862,
       acq_mthd = 'GFT', acq_src = 'The Heathcote family', acq_price = NULL,
       attrs = '{"h_cm": 150.0, "w_cm": 95.0}'
WHERE o.obj_id = (SELECT min(x.obj_id) FROM cms.object x JOIN cms.location l ON l.loc_id = x.cur_loc_id
                  WHERE x.obj_nm = 'dress' AND l.loc_cd = 'HHM-G03' AND x.acq_dt BETWEEN '1951-01-01' AND '1970-12-31');

-- the Grimshaw goes to Amsterdam at the end of October
INSERT INTO cms.loan_obj (loan_id, obj_id, ins_val)
SELECT 25, obj_id, 1250000 FROM cms.object WHERE title = 'Moonlight on the Calder, Hebden Bridge';

-- condition checks ---------------------------------------------------------------
CREATE TEMP TABLE t_chk (obj_id int, chk_dt date, rsn text, seq int);
INSERT INTO t_chk
SELECT f.obj_id, least(greatest(date '2015-01-05' + floor(pg_temp.rnd('cd'||f.obj_id||'-'||k) * 3930)::int, f.acq_dt + 30), date '2025-10-07'),
       'ROU', k
FROM t_fin f
CROSS JOIN LATERAL generate_series(1, floor(pg_temp.rnd('nc'||f.obj_id) * 2.3)::int) k
WHERE f.status_cd IN ('A','M') AND f.acq_dt < '2025-09-01';
INSERT INTO t_chk SELECT x.obj_id, e.open_dt - 14, 'EXH', 10
FROM t_exh_obj x JOIN t_exh e ON e.exh_id = x.exh_id WHERE e.open_dt - 14 <= date '2025-10-08';
INSERT INTO t_chk SELECT x.obj_id, l.start_dt - 10, 'LNO', 11
FROM t_lo_obj x JOIN t_loan l ON l.loan_id = x.loan_id WHERE l.status IN ('on_loan','returned') OR (l.status = 'agreed' AND l.start_dt - 10 <= date '2025-10-08');
INSERT INTO t_chk SELECT x.obj_id, x.start_dt + 7, 'LNI', 12
FROM t_li_obj x WHERE x.status IN ('on_loan','returned');
INSERT INTO t_chk SELECT t.obj_id, t.end_dt + 1, 'POS', 13
FROM cms.treatment t WHERE t.trt_status = 'C' AND t.end_dt + 1 <= date '2025-10-08';
INSERT INTO t_chk SELECT t.obj_id, t.req_dt - 3, 'INC', 14
FROM cms.treatment t WHERE pg_temp.rnd('ic'||t.obj_id) < 0.15;

INSERT INTO cms.cond_check (obj_id, chk_dt, chk_by, chk_rsn, cond_grd, notes, next_due)
SELECT c.obj_id, c.chk_dt,
       CASE WHEN c.chk_dt >= '2022-05-03' THEN (ARRAY[11,12,13,14,15])[1 + floor(pg_temp.rnd('cb'||c.obj_id||c.seq)*5)::int]
            ELSE (ARRAY[11,12,14])[1 + floor(pg_temp.rnd('cb'||c.obj_id||c.seq)*3)::int] END,
       c.rsn, g.grd,
       CASE WHEN g.grd >= 3 THEN (ARRAY['Flaking paint along lower edge','Active woodworm','Tear in canvas','Fading and splits in textile',
                                        'Pest frass found in drawer','Loose joint','Active corrosion','Mould spots','Cracked glaze',
                                        'Detached label'])[1 + floor(pg_temp.rnd('cx'||c.obj_id||c.seq)*10)::int]
            WHEN g.grd = 2 AND pg_temp.rnd('cy'||c.obj_id||c.seq) < 0.3 THEN 'Surface dirt' END,
       c.chk_dt + CASE g.grd WHEN 1 THEN 1826 WHEN 2 THEN 1095 WHEN 3 THEN 365 ELSE 182 END
FROM t_chk c
CROSS JOIN LATERAL (SELECT CASE
     WHEN c.rsn = 'POS' THEN CASE WHEN pg_temp.rnd('cg'||c.obj_id||c.seq) < 0.8 THEN 1 ELSE 2 END
     WHEN c.rsn = 'INC' THEN CASE WHEN pg_temp.rnd('cg'||c.obj_id||c.seq) < 0.6 THEN 3 ELSE 4 END
     WHEN c.rsn IN ('EXH','LNO','LNI') THEN CASE WHEN pg_temp.rnd('cg'||c.obj_id||c.seq) < 0.7 THEN 1 ELSE 2 END
     ELSE CASE WHEN pg_temp.rnd('cg'||c.obj_id||c.seq) < 0.55 THEN 1 WHEN pg_temp.rnd('cg'||c.obj_id||c.seq) < 0.85 THEN 2
               WHEN pg_temp.rnd('cg'||c.obj_id||c.seq) < 0.97 THEN 3 ELSE 4 END END AS grd) g
ORDER BY c.chk_dt, c.obj_id;

-- valuations ------------------------------------------------------------------------
INSERT INTO cms.valuation (obj_id, val_dt, val_amt, val_basis, valuer)
SELECT o.obj_id, v.val_dt,
       round((b.base * v.mult * (0.85 + pg_temp.rnd('vm'||o.obj_id||v.k) * 0.3))::numeric, -1),
       CASE WHEN pg_temp.rnd('vb'||o.obj_id||v.k) < 0.1 THEN 'M' ELSE 'I' END,
       v.valuer
FROM cms.object o
CROSS JOIN LATERAL (SELECT CASE WHEN o.title = 'Moonlight on the Calder, Hebden Bridge' THEN 700000
                                WHEN o.title = 'The Piece Hall, Halifax' THEN 900000
                                WHEN o.dept_cd = 'FA' THEN 150 + pow(pg_temp.rnd('vv'||o.obj_id), 4) * 250000
                                ELSE 40 + pow(pg_temp.rnd('vv'||o.obj_id), 4) * 30000 END AS base) b
CROSS JOIN LATERAL (VALUES (1, date '2008-03-01' + (o.obj_id % 200), 1.0, 'Bonhams'),
                           (2, date '2016-05-02' + (o.obj_id % 180), 1.3, 'Tennants Auctioneers'),
                           (3, date '2023-02-06' + (o.obj_id % 240), 1.65, 'Christie''s Valuations')) v(k, val_dt, mult, valuer)
WHERE o.status_cd IN ('A','M') AND o.acq_dt < v.val_dt
  AND ((o.dept_cd = 'FA' AND pg_temp.rnd('vh'||o.obj_id||v.k) < 0.75)
    OR (o.dept_cd = 'DA' AND pg_temp.rnd('vh'||o.obj_id||v.k) < 0.35)
    OR o.title IN ('Moonlight on the Calder, Hebden Bridge','The Piece Hall, Halifax'))
ORDER BY v.val_dt, o.obj_id;
-- shared name pools -------------------------------------------------------------------
CREATE TEMP TABLE t_fn AS SELECT k, n FROM unnest(ARRAY[
 'Oliver','Amelia','Harry','Olivia','Jack','Isla','George','Emily','Charlie','Sophie','Thomas','Grace','James','Lucy',
 'William','Hannah','Daniel','Charlotte','Samuel','Chloe','Joseph','Ella','Matthew','Jessica','David','Sarah','Peter',
 'Helen','Andrew','Claire','Richard','Rachel','Michael','Rebecca','Stephen','Joanne','Mark','Karen','Paul','Susan',
 'John','Margaret','Robert','Patricia','Christopher','Elizabeth','Mohammed','Aisha','Imran','Fatima','Ravi','Priya',
 'Piotr','Agnieszka','Tariq','Nadia','Kevin','Julie','Graham','Alison','Neil','Wendy','Ian','Gillian','Colin','Janet'])
 WITH ORDINALITY AS u(n, k);
CREATE TEMP TABLE t_ln AS SELECT k, n FROM unnest(ARRAY[
 'Smith','Jones','Taylor','Brown','Wilson','Sutcliffe','Greenwood','Crossley','Haigh','Firth','Lumb','Hirst','Kaye',
 'Ackroyd','Shaw','Walker','Wood','Wright','Thompson','Robinson','Clarke','Hall','Hughes','Green','Turner','Hill',
 'Holmes','Mitchell','Barker','Bentley','Dyson','Gledhill','Hartley','Holroyd','Ingham','Jagger','Lockwood','Marsden',
 'Moorhouse','Pickles','Priestley','Ramsden','Rhodes','Sykes','Thornton','Whiteley','Wilkinson','Hussain','Khan',
 'Ahmed','Akhtar','Patel','Begum','Ali','Mahmood','Nowak','Kowalski','Murphy','Kelly','Ward','Bailey','Fox'])
 WITH ORDINALITY AS u(n, k);

-- members: numbered in the order they joined ---------------------------------------------
CREATE TEMP TABLE t_mbr AS
SELECT i,
       date '2008-01-02' + floor(pow(pg_temp.rnd('mj'||i), 0.55) * 6488)::int AS jd,
       CASE WHEN pg_temp.rnd('mp'||i) < 0.35 THEN 'IND' WHEN pg_temp.rnd('mp'||i) < 0.60 THEN 'JNT'
            WHEN pg_temp.rnd('mp'||i) < 0.80 THEN 'FAM' WHEN pg_temp.rnd('mp'||i) < 0.95 THEN 'CON'
            WHEN pg_temp.rnd('mp'||i) < 0.98 THEN 'PAT' ELSE 'LIF' END AS plan,
       CASE WHEN pg_temp.rnd('mm'||i) < 0.45 THEN 'DD' WHEN pg_temp.rnd('mm'||i) < 0.85 THEN 'CRD'
            WHEN pg_temp.rnd('mm'||i) < 0.95 THEN 'CSH' ELSE 'CHQ' END AS pay
FROM generate_series(1, 11000) i;

CREATE TEMP TABLE t_mbr2 AS
SELECT row_number() OVER (ORDER BY jd, i) AS id, * FROM t_mbr;

-- renewal chain: each anniversary the member renews (DD 93 %, others 76 %) until the first miss
CREATE TEMP TABLE t_ren AS
SELECT m.id, k, m.plan, m.pay, m.jd,
       (m.jd + make_interval(years => k))::date - 1 AS exp_k,
       CASE WHEN m.pay = 'DD' THEN (m.jd + make_interval(years => k))::date - 1
            ELSE (m.jd + make_interval(years => k))::date - 1 - floor(pg_temp.rnd('rd'||m.id||'-'||k) * 28)::int END AS ren_dt,
       pg_temp.rnd('rk'||m.id||'-'||k) < CASE WHEN m.pay = 'DD' THEN 0.93 ELSE 0.76 END AS ok
FROM t_mbr2 m
CROSS JOIN LATERAL generate_series(1, 18) k
WHERE m.plan <> 'LIF';
DELETE FROM t_ren WHERE ren_dt > date '2025-10-08';
CREATE TEMP TABLE t_ren_n AS
SELECT id, coalesce(min(k) FILTER (WHERE NOT ok), max(k) + 1) - 1 AS n_ren FROM t_ren GROUP BY id;

INSERT INTO visit.member (mbr_id, mbr_no, title, first_nm, last_nm, email, postcode, plan_cd, joined_dt, expiry_dt,
                          pay_mthd, ga_decl, status_cd, home_site)
SELECT m.id, 'CV' || lpad(m.id::text, 6, '0'),
       (ARRAY['Mr','Mrs','Ms','Miss','Dr',NULL])[1 + floor(pg_temp.rnd('mt'||m.id)*6)::int],
       fn.n, ln.n,
       CASE WHEN pg_temp.rnd('me'||m.id) < 0.9 THEN lower(fn.n) || '.' || lower(ln.n) || (m.id % 97)::text ||
            (ARRAY['@gmail.com','@btinternet.com','@hotmail.co.uk','@outlook.com','@yahoo.co.uk','@icloud.com'])[1 + floor(pg_temp.rnd('md'||m.id)*6)::int] END,
       (ARRAY['HX1','HX2','HX3','HX6','HX7','HD1','HD2','HD3','HD4','HD5','HD6','HD8','HD9','BD13','BD19','LS12','OL14','WF15','WF17','M20'])
         [1 + floor(pg_temp.rnd('mc'||m.id)*20)::int] || ' ' || (1 + floor(pg_temp.rnd('mi'||m.id)*9))::int ||
         chr(65 + floor(pg_temp.rnd('mx'||m.id)*26)::int) || chr(65 + floor(pg_temp.rnd('my'||m.id)*26)::int),
       m.plan, m.jd,
       CASE WHEN m.plan <> 'LIF' THEN (m.jd + make_interval(years => coalesce(r.n_ren, 0) + 1))::date - 1 END,
       CASE WHEN m.plan = 'LIF' THEN 'CRD' ELSE m.pay END,
       pg_temp.rnd('mg'||m.id) < 0.6,
       'A', -- set below
       (ARRAY['CAG','CAG','AMM','AMM','HHM'])[1 + floor(pg_temp.rnd('mh'||m.id)*5)::int]
FROM t_mbr2 m
LEFT JOIN t_ren_n r ON r.id = m.id
CROSS JOIN (SELECT array_agg(n ORDER BY k) AS a FROM t_fn) fa
CROSS JOIN (SELECT array_agg(n ORDER BY k) AS a FROM t_ln) la
CROSS JOIN LATERAL (SELECT fa.a[1 + floor(pg_temp.rnd('mf'||m.id) * 66)::int] AS n) fn
CROSS JOIN LATERAL (SELECT la.a[1 + floor(pg_temp.rnd('ml'||m.id) * 62)::int] AS n) ln
ORDER BY m.id;

UPDATE visit.member SET status_cd =
       CASE WHEN expiry_dt IS NULL OR expiry_dt >= date '2025-10-08' THEN 'A'
            WHEN expiry_dt >= date '2025-10-08' - 60 THEN 'G'
            WHEN pg_temp.rnd('mz'||mbr_id) < 0.2 THEN 'X' ELSE 'L' END;
ALTER SEQUENCE visit.member_mbr_id_seq RESTART WITH 11001;

INSERT INTO visit.mbr_renewal (mbr_id, ren_dt, plan_cd, fee_paid, pay_mthd, new_expiry)
SELECT r.id, r.ren_dt, r.plan,
       CASE r.plan WHEN 'IND' THEN 40 WHEN 'JNT' THEN 65 WHEN 'FAM' THEN 80 WHEN 'CON' THEN 30 ELSE 250 END
         + CASE WHEN r.ren_dt >= '2023-04-01' THEN CASE r.plan WHEN 'PAT' THEN 25 WHEN 'CON' THEN 2 ELSE 5 END ELSE 0 END,
       r.pay, (r.jd + make_interval(years => r.k + 1))::date - 1
FROM t_ren r JOIN t_ren_n n ON n.id = r.id
WHERE r.k <= n.n_ren
ORDER BY r.ren_dt, r.id;
-- admissions ------------------------------------------------------------------------------
-- open days: all three museums close on Mondays, 24-26 December and 1 January
CREATE TEMP TABLE t_day AS
SELECT d::date AS d,
       (ARRAY[0.55,0.80,0.75,1.10,1.00,0.95,1.20,1.50,0.90,1.00,0.70,0.75])[extract(month FROM d)::int]
       * (ARRAY[1.45,0,0.70,0.75,0.80,0.90,1.50])[extract(dow FROM d)::int + 1]
       * (ARRAY[0.88,0.95,1.00,1.04])[extract(year FROM d)::int - 2021] AS f
FROM generate_series(date '2022-01-01', date '2025-10-31', interval '1 day') d
WHERE extract(dow FROM d) <> 1 AND to_char(d, 'MM-DD') NOT IN ('12-24','12-25','12-26','01-01');

-- members who had joined by each day (member ids follow joining order)
CREATE TEMP TABLE t_mday AS
SELECT g.d::date AS d,
       (SELECT count(*) FROM visit.member WHERE joined_dt < '2022-01-01') + sum(coalesce(c.cnt, 0)) OVER (ORDER BY g.d) AS n
FROM generate_series(date '2022-01-01', date '2025-10-31', interval '1 day') g(d)
LEFT JOIN (SELECT joined_dt, count(*) AS cnt FROM visit.member GROUP BY joined_dt) c ON c.joined_dt = g.d;

CREATE TEMP TABLE t_adm AS
SELECT t.d, s.site, j,
       pg_temp.rnd('ak'||t.d||s.site||j) AS rk,
       pg_temp.rnd('aq'||t.d||s.site||j) AS rq,
       pg_temp.rnd('ag'||t.d||s.site||j) AS rg,
       pg_temp.rnd('ac'||t.d||s.site||j) AS rc,
       pg_temp.rnd('at'||t.d||s.site||j) AS rt,
       s.base + 0.5 * ((t.d >= '2023-04-01')::int + (t.d >= '2024-04-01')::int + (t.d >= '2025-04-01')::int) AS adt
FROM t_day t
CROSS JOIN (VALUES ('CAG', 38, 8.00), ('AMM', 45, 9.00), ('HHM', 42, 10.00)) s(site, n, base)
CROSS JOIN LATERAL generate_series(1, floor(s.n * t.f * CASE WHEN t.d >= '2025-10-08' THEN 0.12 ELSE 1 END
                                             * (0.75 + pg_temp.rnd('an'||t.d||s.site) * 0.5))::int) j;

CREATE TEMP TABLE t_adm2 AS
SELECT a.*, k.tkt, c.chan,
       CASE k.tkt WHEN 'ADT' THEN 1 + (a.rq < 0.45)::int WHEN 'CON' THEN 1 + (a.rq < 0.40)::int
                  WHEN 'CHD' THEN 1 + floor(a.rq * 3)::int WHEN 'U5' THEN 1 + (a.rq < 0.2)::int
                  WHEN 'FAM' THEN 1 + (a.rq < 0.08)::int WHEN 'GRP' THEN 10 + floor(a.rq * 31)::int
                  ELSE 1 + (a.rq < 0.5)::int END AS qty,
       CASE k.tkt WHEN 'ADT' THEN a.adt WHEN 'CON' THEN a.adt - 1.50 WHEN 'CHD' THEN round(a.adt) / 2
                  WHEN 'FAM' THEN round(a.adt * 5) / 2 WHEN 'GRP' THEN a.adt - 1.00 ELSE 0 END AS std
FROM t_adm a
CROSS JOIN LATERAL (SELECT CASE WHEN a.rk < 0.38 THEN 'ADT' WHEN a.rk < 0.53 THEN 'CON' WHEN a.rk < 0.67 THEN 'CHD'
                                WHEN a.rk < 0.72 THEN 'U5' WHEN a.rk < 0.82 THEN 'FAM' WHEN a.rk < 0.84 THEN 'GRP'
                                WHEN a.rk < 0.97 THEN 'MEM' ELSE 'CMP' END AS tkt) k
CROSS JOIN LATERAL (SELECT CASE WHEN k.tkt = 'GRP' THEN 'T' WHEN a.d >= '2025-10-08' THEN 'W'
                                WHEN a.rc < 0.22 + 0.04 * (extract(year FROM a.d) - 2022) THEN 'W' ELSE 'D' END AS chan) c
WHERE a.d < '2025-10-08' OR k.tkt NOT IN ('GRP','MEM','CMP');

INSERT INTO visit.admission (site_cd, visit_dt, sold_at, chan_cd, tkt_cd, qty, pax, unit_prc, gross_amt, ga_decl, mbr_id, pcode_dist)
SELECT a.site, a.d,
       CASE WHEN a.chan = 'D' THEN a.d + time '10:00' + floor(a.rt * 360) * interval '1 minute'
            WHEN a.d >= '2025-10-08' THEN date '2025-10-07' - floor(a.rt * 20)::int + time '07:00' + floor(a.rg * 900) * interval '1 minute'
            ELSE a.d - floor(a.rt * 21)::int + time '07:00' + floor(a.rg * 900) * interval '1 minute' END,
       a.chan, a.tkt, a.qty,
       CASE WHEN a.tkt = 'FAM' THEN a.qty * 4 ELSE a.qty END,
       p.prc, a.qty * p.prc, g.ga,
       CASE WHEN a.tkt = 'MEM' THEN 1 + floor(pg_temp.rnd('am'||a.d||a.site||a.j) * md.n)::int END,
       CASE WHEN a.chan = 'W' OR (a.chan = 'D' AND a.rc < 0.85) THEN
            (ARRAY['HX1','HX2','HX3','HX3','HX6','HX7','HX7','HD1','HD2','HD3','HD4','HD5','HD6','HD8','HD9','BD13','BD19','LS12',
                   'LS6','OL14','WF15','WF17','M20','S10','YO1','NW3','EH10','CF10'])[1 + floor(pg_temp.rnd('ap'||a.d||a.site||a.j) * 28)::int] END
FROM t_adm2 a
JOIN t_mday md ON md.d = a.d
CROSS JOIN LATERAL (SELECT a.tkt IN ('ADT','CON','FAM') AND a.chan <> 'T'
                           AND a.rg < CASE WHEN a.chan = 'W' THEN 0.45 ELSE 0.33 END AS ga) g
CROSS JOIN LATERAL (SELECT CASE WHEN g.ga THEN round(a.std * 1.1 * 20) / 20 ELSE a.std END AS prc) p
ORDER BY a.d, 3, a.site;
-- products ---------------------------------------------------------------------------------
INSERT INTO retail.product (sku, prod_nm, cat_cd, outlet, unit_prc, cost_prc, vat_rt, supplier, active)
SELECT sku, nm, cat, o, prc, cost, vat, sup, act FROM (VALUES
 ('BK1001','Calderbrook Art Gallery: Guide to the Collection','BKS','S',6.95,2.10,0,'CVMT Publications',true),
 ('BK1002','Ashworth Mill Museum Guidebook','BKS','S',5.95,1.80,0,'CVMT Publications',true),
 ('BK1003','Heathcote Hall: House and Gardens Guide','BKS','S',6.95,2.10,0,'CVMT Publications',true),
 ('BK1004','Atkinson Grimshaw: Painter of Moonlight','BKS','S',25.00,12.50,0,'Sansom & Co',true),
 ('BK1005','Walking the Calder Valley','BKS','S',12.99,6.20,0,'Cicerone Press',true),
 ('BK1006','Mills of the Calder Valley','BKS','S',14.99,7.10,0,'Amberley Publishing',true),
 ('BK1007','Anne Lister: The Secret Diaries','BKS','S',10.99,5.00,0,'Virago',true),
 ('BK1008','The Brontës of Haworth','BKS','S',9.99,4.70,0,'Amberley Publishing',true),
 ('BK1009','L. S. Lowry: The Art and the Artist','BKS','S',19.99,9.40,0,'Lund Humphries',true),
 ('BK1010','Hebden Bridge: A History','BKS','S',12.00,5.60,0,'Pennine Heritage',true),
 ('BK1011','Yorkshire Birds Spotter''s Guide','BKS','S',4.99,2.20,0,'Collins',true),
 ('BK1012','My First Museum Sticker Book','BKS','S',5.99,2.40,0,'Usborne',true),
 ('BK1013','Victorian Schoolroom Activity Book','BKS','S',3.99,1.50,0,'CVMT Publications',true),
 ('BK1014','Turner''s Yorkshire (exhibition catalogue)','BKS','S',24.95,11.00,0,'CVMT Publications',false),
 ('BK1015','Light and Shade: Victorian Photography (catalogue)','BKS','S',19.95,8.50,0,'CVMT Publications',true),
 ('PR2001','Postcard: Moonlight on the Calder','PRT','S',1.00,0.22,20,'Art Unlimited',true),
 ('PR2002','Postcard: The Piece Hall, Halifax','PRT','S',1.00,0.22,20,'Art Unlimited',true),
 ('PR2003','Postcard: Ashworth Mill beam engine','PRT','S',1.00,0.22,20,'Art Unlimited',true),
 ('PR2004','Postcard: Heathcote Hall','PRT','S',1.00,0.22,20,'Art Unlimited',true),
 ('PR2005','A3 Print: Moonlight on the Calder','PRT','S',18.00,4.50,20,'Art Unlimited',true),
 ('PR2006','A3 Print: The Piece Hall, Halifax','PRT','S',18.00,4.50,20,'Art Unlimited',true),
 ('PR2007','Greetings card: Stoodley Pike in Winter','PRT','S',3.25,0.95,20,'Museums & Galleries Ltd',true),
 ('PR2008','Greetings card: Kestrel','PRT','S',3.25,0.95,20,'Museums & Galleries Ltd',true),
 ('PR2009','Christmas cards (pack of 10)','PRT','S',7.50,2.40,20,'Museums & Galleries Ltd',true),
 ('PR2010','Poster: Grimshaw Revisited','PRT','S',8.00,1.90,20,'CVMT Publications',true),
 ('PR2011','Calder Valley Map Print','PRT','S',15.00,4.00,20,'Pennine Heritage',true),
 ('JW3001','Silver Moon Pendant','JWL','S',38.00,14.00,20,'Calder Makers Co-op',true),
 ('JW3002','Enamel Mill Chimney Earrings','JWL','S',24.00,8.50,20,'Calder Makers Co-op',true),
 ('JW3003','Heathcote Rose Brooch','JWL','S',18.50,6.00,20,'Bombay Duck',true),
 ('JW3004','Shuttle Charm Bracelet','JWL','S',29.00,10.50,20,'Calder Makers Co-op',true),
 ('JW3005','Millstone Grit Cufflinks','JWL','S',32.00,12.00,20,'Pennine Stoneworks',true),
 ('TX4001','Ashworth Mill Tea Towel','TXT','S',9.50,2.80,20,'Wild & Wolf',true),
 ('TX4002','Grimshaw Moonlight Silk Scarf','TXT','S',45.00,16.00,20,'Calder Makers Co-op',true),
 ('TX4003','Fustian Tote Bag','TXT','S',12.00,3.80,20,'Hebden Bridge Fustian Co',true),
 ('TX4004','Yorkshire Wool Throw','TXT','S',85.00,38.00,20,'Mallalieus of Delph',true),
 ('TX4005','Woollen Scarf (Calder Check)','TXT','S',35.00,14.50,20,'Mallalieus of Delph',true),
 ('TX4006','Heathcote Hall Apron','TXT','S',16.00,5.20,20,'Wild & Wolf',true),
 ('HM5001','Mill Chimney Mug','HOM','S',10.00,3.10,20,'Emma Bridgewater',true),
 ('HM5002','Moonlight Fine Bone China Mug','HOM','S',12.50,3.90,20,'Emma Bridgewater',true),
 ('HM5003','Calder Valley Coaster Set','HOM','S',14.00,4.20,20,'Pennine Stoneworks',true),
 ('HM5004','Beeswax Candle (Heathcote Gardens)','HOM','S',8.50,2.60,20,'Heathcote Bees',true),
 ('HM5005','Museum Pencil','HOM','S',0.80,0.15,20,'Museums & Galleries Ltd',true),
 ('HM5006','Notebook: Jacquard Cards','HOM','S',6.50,1.90,20,'Museums & Galleries Ltd',true),
 ('HM5007','Fridge Magnet: Beam Engine','HOM','S',3.50,0.70,20,'Museums & Galleries Ltd',true),
 ('HM5008','Fridge Magnet: Heathcote Hall','HOM','S',3.50,0.70,20,'Museums & Galleries Ltd',true),
 ('HM5009','Ceramic Owl (Burmantofts style)','HOM','S',22.00,8.00,20,'Calder Makers Co-op',true),
 ('HM5010','Umbrella: Rainy Halifax','HOM','S',18.00,6.50,20,'Wild & Wolf',true),
 ('KD6001','Pocket Money Dinosaur','KID','S',1.50,0.35,20,'Tobar',true),
 ('KD6002','Spinning Top','KID','S',2.50,0.60,20,'Tobar',true),
 ('KD6003','Mini Loom Weaving Kit','KID','S',12.99,4.80,20,'House of Marbles',true),
 ('KD6004','Knight''s Helmet','KID','S',9.99,3.50,20,'Tobar',true),
 ('KD6005','Owl Soft Toy','KID','S',11.50,4.10,20,'Jellycat',true),
 ('KD6006','Bug Hunting Kit','KID','S',7.99,2.90,20,'House of Marbles',true),
 ('KD6007','Marbles Bag','KID','S',4.50,1.30,20,'House of Marbles',true),
 ('KD6008','Victorian Peg Doll','KID','S',3.99,1.10,20,'Tobar',true),
 ('KD6009','Pencil Case (Moonlight)','KID','S',4.99,1.40,20,'Museums & Galleries Ltd',true),
 ('FG7001','Yorkshire Parkin Tin','FDG','S',7.95,3.20,0,'Pennine Bakery',true),
 ('FG7002','Heathcote Honey (340g)','FDG','S',8.50,4.00,0,'Heathcote Bees',true),
 ('FG7003','Mill Town Fudge','FDG','S',4.95,1.90,0,'Calder Confectionery',true),
 ('FG7004','Yorkshire Tea (80 bags)','FDG','S',5.50,2.70,0,'Taylors of Harrogate',true),
 ('FG7005','Dandelion & Burdock Cordial','FDG','S',6.25,2.50,20,'Fentimans',true),
 ('HT8001','Tea (pot for one)','HOT','C',2.60,0.30,20,'Taylors of Harrogate',true),
 ('HT8002','Americano','HOT','C',2.90,0.35,20,'Grumpy Mule',true),
 ('HT8003','Flat White','HOT','C',3.40,0.45,20,'Grumpy Mule',true),
 ('HT8004','Latte','HOT','C',3.50,0.50,20,'Grumpy Mule',true),
 ('HT8005','Cappuccino','HOT','C',3.50,0.50,20,'Grumpy Mule',true),
 ('HT8006','Hot Chocolate','HOT','C',3.40,0.55,20,'Grumpy Mule',true),
 ('HT8007','Babyccino','HOT','C',0.80,0.10,20,'Grumpy Mule',true),
 ('CD8101','Fentimans Lemonade','CLD','C',2.80,1.00,20,'Fentimans',true),
 ('CD8102','Still Water','CLD','C',1.60,0.35,20,'Harrogate Spring',true),
 ('CD8103','Apple Juice (kids)','CLD','C',1.50,0.40,20,'Cawston Press',true),
 ('CD8104','Sparkling Elderflower','CLD','C',2.80,1.00,20,'Belvoir',true),
 ('FD8201','Soup of the Day with Bread','FOD','C',6.50,1.60,20,'In-house kitchen',true),
 ('FD8202','Cheese and Pickle Sandwich','FOD','C',6.75,1.90,20,'In-house kitchen',true),
 ('FD8203','Ham and Mustard Sandwich','FOD','C',6.95,2.10,20,'In-house kitchen',true),
 ('FD8204','Jacket Potato with Beans','FOD','C',7.50,1.70,20,'In-house kitchen',true),
 ('FD8205','Yorkshire Ploughman''s','FOD','C',10.50,3.40,20,'In-house kitchen',true),
 ('FD8206','Kids'' Lunch Box','FOD','C',5.50,1.80,20,'In-house kitchen',true),
 ('FD8207','Bacon Sandwich','FOD','C',5.95,1.50,20,'In-house kitchen',true),
 ('FD8208','Sausage Roll','FOD','C',3.95,0.90,20,'Pennine Bakery',true),
 ('FD8209','Cream Tea for Two','FOD','C',14.50,3.60,20,'In-house kitchen',true),
 ('FD8210','Afternoon Tea (per person)','FOD','C',19.50,5.80,20,'In-house kitchen',true),
 ('CK8301','Fruit Scone with Jam and Cream','CAK','C',3.75,0.70,20,'In-house kitchen',true),
 ('CK8302','Cheese Scone','CAK','C',3.50,0.65,20,'In-house kitchen',true),
 ('CK8303','Yorkshire Parkin (slice)','CAK','C',2.95,0.45,20,'Pennine Bakery',true),
 ('CK8304','Victoria Sponge (slice)','CAK','C',3.95,0.70,20,'In-house kitchen',true),
 ('CK8305','Chocolate Brownie','CAK','C',3.25,0.60,20,'Pennine Bakery',true),
 ('CK8306','Flapjack','CAK','C',2.75,0.40,20,'Pennine Bakery',true),
 ('CK8307','Lemon Drizzle (slice)','CAK','C',3.75,0.65,20,'In-house kitchen',true),
 ('CK8308','Gluten-free Orange Cake','CAK','C',3.95,0.90,20,'Pennine Bakery',true),
 ('CK8309','Curd Tart','CAK','C',3.60,0.75,20,'Pennine Bakery',true)
) v(sku, nm, cat, o, prc, cost, vat, sup, act);
-- till transactions (shop S and cafe C at each museum), up to close of business 7 October 2025 ----
CREATE TEMP TABLE t_txn AS
SELECT row_number() OVER (ORDER BY t.d, ts.ts, o.site, o.outlet, j) AS txn_id,
       t.d, o.site, o.outlet, j, ts.ts,
       CASE WHEN o.outlet = 'C' AND o.site = 'HHM' THEN 1 + (pg_temp.rnd('tl'||t.d||o.site||o.outlet||j) < 0.4)::int ELSE 1 END AS till_no,
       CASE WHEN o.outlet = 'S' AND pg_temp.rnd('tr'||t.d||o.site||j) < 0.004 THEN 'R' ELSE 'S' END AS typ,
       pg_temp.rnd('tp'||t.d||o.site||o.outlet||j) AS rp,
       CASE WHEN o.outlet = 'S' AND pg_temp.rnd('tm'||t.d||o.site||j) < 0.12
            THEN 1 + floor(pg_temp.rnd('tn'||t.d||o.site||j) * md.n)::int END AS mbr_id,
       CASE WHEN o.outlet = 'C' THEN 1 + floor(pow(pg_temp.rnd('tk'||t.d||o.site||o.outlet||j), 1.5) * 4)::int
            ELSE 1 + floor(pow(pg_temp.rnd('tk'||t.d||o.site||o.outlet||j), 2) * 4)::int END AS n_lines
FROM t_day t
JOIN t_mday md ON md.d = t.d
CROSS JOIN (VALUES ('CAG','S',15),('CAG','C',22),('AMM','S',18),('AMM','C',26),('HHM','S',17),('HHM','C',28)) o(site, outlet, n)
CROSS JOIN LATERAL generate_series(1, floor(o.n * t.f * (0.7 + pg_temp.rnd('tx'||t.d||o.site||o.outlet) * 0.6))::int) j
CROSS JOIN LATERAL (SELECT t.d + CASE WHEN o.outlet = 'C' THEN time '09:30' ELSE time '10:00' END
                           + floor(pg_temp.rnd('tt'||t.d||o.site||o.outlet||j) * 23400) * interval '1 second' AS ts) ts
WHERE t.d <= '2025-10-07';
UPDATE t_txn SET n_lines = 1 WHERE typ = 'R';

CREATE TEMP TABLE t_pick (outlet char(1), skus text[]);
INSERT INTO t_pick VALUES
 ('S', ARRAY['PR2001','PR2002','HM5005','PR2003','PR2004','KD6001','HM5007','HM5008','FG7003','PR2007','PR2008','KD6002',
             'BK1001','BK1002','BK1003','TX4001','HM5001','KD6007','KD6008','KD6009','FG7001','FG7004','HM5006','BK1012',
             'BK1013','PR2009','HM5002','KD6006','KD6005','TX4003','BK1005','FG7002','HM5004','BK1011','BK1010','BK1006',
             'PR2005','PR2006','PR2011','JW3003','KD6004','KD6003','HM5003','BK1008','BK1007','BK1009','TX4006','FG7005',
             'HM5010','JW3002','HM5009','BK1004','JW3004','JW3005','JW3001','TX4005','TX4002','BK1014','BK1015','PR2010','TX4004']),
 ('C', ARRAY['HT8004','HT8001','HT8005','HT8002','HT8003','HT8006','CK8301','CD8103','CK8305','FD8201','CK8304','CD8102',
             'FD8202','FD8208','CK8303','HT8007','FD8206','FD8203','CK8306','CK8307','FD8204','CK8302','CD8101','FD8207',
             'CK8309','FD8209','CD8104','CK8308','FD8205','FD8210']);

CREATE TEMP TABLE t_line AS
SELECT x.txn_id, x.typ, x.mbr_id, k AS line_no, p.sku, p.unit_prc AS cur_prc, p.cat_cd,
       CASE WHEN x.d < '2023-04-01' THEN 0.90 WHEN x.d < '2024-04-01' THEN 0.95 WHEN x.d < '2025-04-01' THEN 0.98 ELSE 1 END AS pf,
       CASE WHEN p.sku LIKE 'PR200_' AND p.unit_prc <= 1 THEN 1 + floor(pg_temp.rnd('lq'||x.txn_id||'-'||k) * 6)::int
            WHEN p.outlet = 'C' AND p.cat_cd IN ('HOT','CLD','CAK') THEN 1 + floor(pow(pg_temp.rnd('lq'||x.txn_id||'-'||k), 2) * 3)::int
            ELSE 1 END AS qty
FROM t_txn x
JOIN t_pick pk ON pk.outlet = x.outlet
CROSS JOIN LATERAL generate_series(1, x.n_lines) k
CROSS JOIN LATERAL (SELECT pk.skus[1 + floor(pow(pg_temp.rnd('ls'||x.txn_id||'-'||k), 1.7) * array_length(pk.skus, 1))::int] AS s0 OFFSET 0) s
CROSS JOIN LATERAL (SELECT CASE WHEN s.s0 = 'BK1014' AND (x.d < '2024-10-01' OR x.d >= '2025-04-01') THEN 'BK1004'
                                WHEN s.s0 = 'BK1015' AND x.d < '2025-07-01' THEN 'BK1001'
                                WHEN s.s0 = 'PR2010' AND x.d < '2025-09-01' THEN 'PR2001'
                                ELSE s.s0 END AS sku) s2
JOIN retail.product p ON p.sku = s2.sku;

INSERT INTO retail.txn_line (txn_id, line_no, sku, qty, unit_prc, disc_amt, line_amt)
SELECT l.txn_id, l.line_no, l.sku, CASE WHEN l.typ = 'R' THEN -l.qty ELSE l.qty END, pr.prc, d.disc,
       CASE WHEN l.typ = 'R' THEN -(l.qty * pr.prc - d.disc) ELSE l.qty * pr.prc - d.disc END
FROM t_line l
CROSS JOIN LATERAL (SELECT CASE WHEN l.pf = 1 THEN l.cur_prc ELSE round(l.cur_prc * l.pf * 20) / 20 END AS prc) pr
CROSS JOIN LATERAL (SELECT CASE WHEN l.mbr_id IS NOT NULL AND l.typ = 'S' THEN round(l.qty * pr.prc * 0.10, 2) ELSE 0 END AS disc) d
ORDER BY l.txn_id, l.line_no;

INSERT INTO retail.till_txn (txn_id, site_cd, outlet, till_no, txn_ts, txn_type, pay_type, mbr_id, total_amt, staff_id)
SELECT x.txn_id, x.site, x.outlet, x.till_no, x.ts, x.typ,
       CASE WHEN x.outlet = 'S' AND x.rp < 0.02 THEN 'V'
            WHEN x.rp < 0.24 - 0.04 * (extract(year FROM x.d) - 2022) THEN 'X' ELSE 'C' END,
       x.mbr_id, tot.amt,
       CASE x.site || x.outlet WHEN 'CAGS' THEN 31 WHEN 'AMMS' THEN 32 WHEN 'HHMS' THEN 33
                               WHEN 'CAGC' THEN 34 WHEN 'AMMC' THEN 35
                               ELSE CASE WHEN x.d >= '2024-03-04' AND x.till_no = 2 THEN 37 ELSE 36 END END
FROM t_txn x
JOIN (SELECT txn_id, sum(line_amt) AS amt FROM retail.txn_line GROUP BY txn_id) tot ON tot.txn_id = x.txn_id
ORDER BY x.txn_id;
DO $$ BEGIN PERFORM setval('retail.till_txn_txn_id_seq', (SELECT max(txn_id) FROM retail.till_txn)); END $$;
-- schools ----------------------------------------------------------------------------------
INSERT INTO learn.school (school_id, urn, school_nm, town, la_nm, phase, fsm_pct, contact_email)
SELECT i, 107000 + i * 37 + (i % 7),
       pf.p || ' ' || CASE ph.ph WHEN 'PRI' THEN (ARRAY['Primary School','Junior and Infant School','Primary Academy','J I & N School'])[1 + (i % 4)]
                               WHEN 'SEC' THEN (ARRAY['High School','Academy','School'])[1 + (i % 3)]
                               WHEN 'SPE' THEN 'Special School'
                               ELSE 'College' END,
       tw.town, tw.la, ph.ph,
       round((3 + pow(pg_temp.rnd('sf'||i), 1.6) * 55)::numeric, 1),
       'office@' || lower(regexp_replace(pf.p, '[^A-Za-z]', '', 'g')) || (i % 50) || '.sch.uk'
FROM generate_series(1, 220) i
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('sp'||i) < 0.70 THEN 'PRI' WHEN pg_temp.rnd('sp'||i) < 0.90 THEN 'SEC'
                                WHEN pg_temp.rnd('sp'||i) < 0.96 THEN 'SPE' ELSE 'FE' END AS ph) ph
CROSS JOIN LATERAL (SELECT (ARRAY['St Mary''s CE','St Joseph''s Catholic','Holy Trinity CE','Park Lane','Beech Hill','Moorside',
       'Oakwood','Castle Hill','Lee Mount','Ash Green','Riverside','Cross Lane','Northowram','Old Town','Warley Road',
       'Whitehill','Salterhebble','Bolton Brow','Scout Road','Carr Green','Field Lane','Copley','Luddenden Dene',
       'Heptonstall','Colden','Central Street','Stubbings','Burnley Road','Cornholme','Shade','Calder Vale','Longroyd',
       'Almondbury','Lindley','Marsden','Netherton','Crow Nest','Wellholme','Savile Park','Ravenscliffe','Thornhill',
       'Sacred Heart Catholic','All Saints CE','Christ Church','Greetland','Rastrick','Hipperholme','Akroyd Park',
       'Mount Pellon','Ferney Lee','Bankfoot','Birchcliffe','Slaithwaite','Kirkburton','Honley','Meltham','Shelf',
       'Ovenden','Siddal','Illingworth'])[1 + ((i * 7) % 60)] AS p) pf
CROSS JOIN LATERAL (SELECT t.town, t.la FROM (VALUES
       (1,'Halifax','Calderdale'),(2,'Halifax','Calderdale'),(3,'Hebden Bridge','Calderdale'),(4,'Todmorden','Calderdale'),
       (5,'Sowerby Bridge','Calderdale'),(6,'Brighouse','Calderdale'),(7,'Elland','Calderdale'),(8,'Huddersfield','Kirklees'),
       (9,'Huddersfield','Kirklees'),(10,'Holmfirth','Kirklees'),(11,'Dewsbury','Kirklees'),(12,'Batley','Kirklees'),
       (13,'Bradford','Bradford'),(14,'Keighley','Bradford'),(15,'Leeds','Leeds'),(16,'Wakefield','Wakefield'),
       (17,'Rochdale','Rochdale'),(18,'Burnley','Lancashire')) t(k, town, la)
       WHERE t.k = 1 + floor(pg_temp.rnd('st'||i) * 18)::int) tw
ORDER BY i;
ALTER SEQUENCE learn.school_school_id_seq RESTART WITH 221;

INSERT INTO learn.session (sess_cd, title, site_cd, key_stg, dur_min, price_pp, max_pupils, active) VALUES
 ('AMM01','Victorian Schoolroom','AMM','KS2',120,6.50,32,true),
 ('AMM02','Spinning and Weaving','AMM','KS2',120,6.50,32,true),
 ('AMM03','Mill Workers'' Lives','AMM','KS3',90,5.50,34,true),
 ('AMM04','Romans on the Moors','AMM','KS2',120,6.50,32,true),
 ('AMM05','Stone Age to Iron Age','AMM','KS2',120,6.50,32,true),
 ('AMM06','Toys from the Past','AMM','KS1',90,5.00,30,true),
 ('CAG01','Portraits and Self-portraits','CAG','KS2',90,5.50,32,true),
 ('CAG02','Looking at Landscapes','CAG','KS1',90,5.00,30,true),
 ('CAG03','GCSE Art: Gallery Study Day','CAG','KS4',180,8.00,30,true),
 ('CAG04','A Level Art History Seminar','CAG','KS5',120,8.00,20,true),
 ('CAG05','Colour and Shape (early years)','CAG','EYFS',60,4.00,24,true),
 ('HHM01','Tudor Hall Life','HHM','KS2',120,6.50,32,true),
 ('HHM02','Bugs and Beasts','HHM','KS1',90,5.00,30,true),
 ('HHM03','Evacuees: Heathcote Hall at War','HHM','KS2',150,7.00,32,true),
 ('HHM04','Upstairs Downstairs','HHM','KS2',120,6.50,32,true),
 ('HHM05','Habitats and Adaptation','HHM','KS2',90,5.50,32,true),
 ('HHM06','Teddy Bears'' Picnic (early years)','HHM','EYFS',60,4.00,24,true),
 ('HHM07','Anne Lister: Gentleman Jack','HHM','KS4',120,7.00,30,false);

-- bookings: Tuesday to Friday in term time -----------------------------------------------------
CREATE TEMP TABLE t_bday AS
SELECT d::date AS d,
       CASE WHEN extract(month FROM d) IN (5,6,7) THEN 8 WHEN extract(month FROM d) IN (10,11,3) THEN 6 ELSE 4 END AS n
FROM generate_series(date '2022-01-04', date '2026-03-27', interval '1 day') d
WHERE extract(dow FROM d) BETWEEN 2 AND 5
  AND extract(month FROM d) <> 8
  AND NOT (to_char(d,'MM-DD') >= '12-19' OR to_char(d,'MM-DD') <= '01-05')
  AND NOT (to_char(d,'MM-DD') BETWEEN '04-01' AND '04-14')
  AND NOT (to_char(d,'MM-DD') BETWEEN '10-24' AND '10-31')
  AND NOT (to_char(d,'MM-DD') BETWEEN '02-14' AND '02-21')
  AND NOT (to_char(d,'MM-DD') BETWEEN '05-26' AND '05-31')
  AND NOT (to_char(d,'MM-DD') BETWEEN '07-21' AND '09-03');

CREATE TEMP TABLE t_sess AS SELECT row_number() OVER (ORDER BY sess_cd) AS k, * FROM learn.session;

CREATE TEMP TABLE t_bkg AS
SELECT b.d, j, s.sess_cd, s.site_cd, s.price_pp, s.max_pupils, sc.school_id, sc.fsm_pct,
       pg_temp.rnd('bs'||b.d||j) AS rs, pg_temp.rnd('bb'||b.d||j) AS rb
FROM t_bday b
CROSS JOIN LATERAL generate_series(1, floor(b.n * (0.3 + pg_temp.rnd('bn'||b.d) * 0.9))::int) j
JOIN t_sess s ON s.k = 1 + floor(pg_temp.rnd('bk'||b.d||j) * 18)::int
JOIN learn.school sc ON sc.school_id = 1 + floor(pow(pg_temp.rnd('bh'||b.d||j), 1.3) * 220)::int
WHERE s.active OR b.d < '2024-09-01';

INSERT INTO learn.booking (bkg_ref, school_id, sess_cd, visit_dt, start_tm, pupils, adults, bkg_status, booked_dt, cancel_dt,
                           bursary, fee_amt, lrn_officer)
SELECT 'SB' || to_char(x.d, 'YYMM') || '-' || lpad(row_number() OVER (PARTITION BY to_char(x.d, 'YYMM') ORDER BY x.d, x.j)::text, 3, '0'),
       x.school_id, x.sess_cd, x.d,
       (ARRAY[time '09:45', time '10:00', time '10:15', time '12:45', time '13:00'])[1 + floor(x.rb * 5)::int],
       p.pupils, ceil(p.pupils / 6.0)::int + floor(pg_temp.rnd('ba'||x.d||x.j) * 3)::int,
       st.s, bk.booked, CASE WHEN st.s = 'X' THEN cx.cdt END,
       bu.bursary,
       CASE WHEN bu.bursary THEN 0
            WHEN st.s = 'X' AND x.d - cx.cdt < 14
                 THEN round(p.pupils * x.price_pp * 0.5, 2)
            WHEN st.s = 'X' THEN 0
            ELSE p.pupils * x.price_pp END,
       CASE x.site_cd WHEN 'CAG' THEN 19 WHEN 'AMM' THEN 17
                      ELSE CASE WHEN x.d >= '2023-09-01' AND x.rb < 0.5 THEN 20 ELSE 18 END END
FROM t_bkg x
CROSS JOIN LATERAL (SELECT 12 + floor(pg_temp.rnd('bp'||x.d||x.j) * (x.max_pupils - 11))::int AS pupils) p
CROSS JOIN LATERAL (SELECT x.d - 14 - floor(pg_temp.rnd('bd'||x.d||x.j) * 150)::int AS booked) bk
CROSS JOIN LATERAL (SELECT x.fsm_pct > 30 AND pg_temp.rnd('bu'||x.d||x.j) < 0.8 AS bursary) bu
CROSS JOIN LATERAL (SELECT CASE WHEN x.d < '2025-10-08' THEN CASE WHEN x.rs < 0.90 THEN 'D' WHEN x.rs < 0.97 THEN 'X' ELSE 'N' END
                                WHEN bk.booked > '2025-10-08' THEN NULL
                                ELSE CASE WHEN x.rs < 0.62 THEN 'C' WHEN x.rs < 0.90 THEN 'P' ELSE 'X' END END AS s) st
CROSS JOIN LATERAL (SELECT bk.booked + floor((least(x.d, date '2025-10-08') - bk.booked) * pg_temp.rnd('bc'||x.d||x.j))::int AS cdt) cx
WHERE st.s IS NOT NULL
ORDER BY x.d, x.j;
-- volunteers ------------------------------------------------------------------------------------
CREATE TEMP TABLE t_vol AS
SELECT i,
       CASE WHEN pg_temp.rnd('vs'||i) < 0.30 THEN 'CAG' WHEN pg_temp.rnd('vs'||i) < 0.65 THEN 'AMM'
            WHEN pg_temp.rnd('vs'||i) < 0.95 THEN 'HHM' ELSE 'CRC' END AS site,
       pg_temp.rnd('vr'||i) AS rr,
       date '2008-03-01' + floor(pow(pg_temp.rnd('vd'||i), 0.7) * 6400)::int AS sd,
       pg_temp.rnd('vl'||i) AS rl
FROM generate_series(1, 320) i;

INSERT INTO vol.volunteer (vol_id, first_nm, last_nm, email, phone, site_cd, role_cd, start_dt, end_dt, dbs_dt, status_cd)
SELECT v.i, fn.n, ln.n,
       CASE WHEN pg_temp.rnd('ve'||v.i) < 0.93 THEN lower(fn.n) || lower(ln.n) || (v.i % 89) ||
            (ARRAY['@gmail.com','@btinternet.com','@hotmail.co.uk','@outlook.com'])[1 + floor(pg_temp.rnd('vm'||v.i)*4)::int] END,
       '07' || lpad((floor(pg_temp.rnd('vp'||v.i) * 1000000000)::bigint)::text, 9, '0'),
       v.site, r.role, v.sd,
       CASE WHEN v.rl < 0.25 THEN least(v.sd + 120 + floor(pg_temp.rnd('ve2'||v.i) * 3000)::int, date '2025-09-30') END,
       CASE WHEN r.role = 'LRN' OR pg_temp.rnd('vb'||v.i) < 0.3
            THEN greatest(v.sd, date '2025-10-01' - floor(pg_temp.rnd('vc'||v.i) * 2200)::int) END,
       CASE WHEN v.rl < 0.25 THEN 'L' WHEN v.rl < 0.30 THEN 'P' ELSE 'A' END
FROM t_vol v
CROSS JOIN LATERAL (SELECT CASE
     WHEN v.site = 'CRC' THEN CASE WHEN v.rr < 0.6 THEN 'COL' ELSE 'ARC' END
     WHEN v.rr < 0.30 THEN 'GDE' WHEN v.rr < 0.50 THEN 'WEL' WHEN v.rr < 0.62 THEN 'COL' WHEN v.rr < 0.74 THEN 'LRN'
     WHEN v.rr < 0.84 THEN CASE WHEN v.site = 'HHM' THEN 'GAR' ELSE 'EVT' END
     WHEN v.rr < 0.90 THEN 'ARC' ELSE 'EVT' END AS role) r
CROSS JOIN (SELECT array_agg(n ORDER BY k) AS a FROM t_fn) fa
CROSS JOIN (SELECT array_agg(n ORDER BY k) AS a FROM t_ln) la
CROSS JOIN LATERAL (SELECT fa.a[1 + floor(pg_temp.rnd('vf'||v.i) * 66)::int] AS n) fn
CROSS JOIN LATERAL (SELECT la.a[1 + floor(pg_temp.rnd('vn'||v.i) * 62)::int] AS n) ln
ORDER BY v.i;
ALTER SEQUENCE vol.volunteer_vol_id_seq RESTART WITH 321;

-- rostered shifts: a regular weekly or fortnightly slot (museums are closed on Mondays, the store at weekends)
INSERT INTO vol.shift (vol_id, site_cd, shift_dt, start_tm, hrs, role_cd, attended)
SELECT v.vol_id, v.site_cd, s.d::date,
       CASE WHEN v.role_cd = 'GAR' THEN time '09:30' WHEN v.role_cd = 'COL' THEN time '10:00'
            WHEN pg_temp.rnd('sa'||v.vol_id) < 0.5 THEN time '10:00' ELSE time '13:30' END,
       CASE WHEN v.role_cd = 'GAR' THEN 3.0 WHEN v.role_cd = 'COL' THEN 4.0 WHEN v.role_cd = 'EVT' THEN 5.0 ELSE 3.5 END,
       CASE WHEN pg_temp.rnd('so'||v.vol_id||s.d) < 0.08 THEN 'GDE' ELSE v.role_cd END,
       CASE WHEN s.d >= '2025-10-08' THEN NULL
            WHEN pg_temp.rnd('sx'||v.vol_id||s.d) < 0.90 THEN 'Y'
            WHEN pg_temp.rnd('sx'||v.vol_id||s.d) < 0.96 THEN 'C' ELSE 'N' END
FROM vol.volunteer v
CROSS JOIN LATERAL (SELECT CASE WHEN v.site_cd = 'CRC' THEN 2 + floor(pg_temp.rnd('sw'||v.vol_id) * 4)::int
                                ELSE 2 + floor(pg_temp.rnd('sw'||v.vol_id) * 6)::int END AS dow,
                           CASE WHEN pg_temp.rnd('sf'||v.vol_id) < 0.7 THEN 7 ELSE 14 END AS step) w
CROSS JOIN LATERAL (SELECT greatest(v.start_dt, date '2022-01-04') AS a,
                           least(coalesce(v.end_dt, date '2025-11-30'), date '2025-11-30') AS b) rg
CROSS JOIN LATERAL generate_series((rg.a + ((w.dow % 7) - extract(dow FROM rg.a)::int + 7) % 7)::timestamp, rg.b::timestamp, w.step * interval '1 day') s(d)
WHERE v.status_cd <> 'P' OR s.d < '2025-06-01'
ORDER BY s.d, v.vol_id;
-- =====================================================================
--  Foreign keys of the big tables (added after the bulk load), indexes, views
-- =====================================================================
ALTER TABLE cms.obj_move     ADD CONSTRAINT obj_move_obj_id_fkey   FOREIGN KEY (obj_id)   REFERENCES cms.object;
ALTER TABLE cms.obj_move     ADD CONSTRAINT obj_move_from_loc_fkey FOREIGN KEY (from_loc) REFERENCES cms.location;
ALTER TABLE cms.obj_move     ADD CONSTRAINT obj_move_to_loc_fkey   FOREIGN KEY (to_loc)   REFERENCES cms.location;
ALTER TABLE cms.obj_move     ADD CONSTRAINT obj_move_moved_by_fkey FOREIGN KEY (moved_by) REFERENCES core.staff;
ALTER TABLE cms.cond_check   ADD CONSTRAINT cond_check_obj_id_fkey FOREIGN KEY (obj_id)   REFERENCES cms.object;
ALTER TABLE cms.cond_check   ADD CONSTRAINT cond_check_chk_by_fkey FOREIGN KEY (chk_by)   REFERENCES core.staff;
ALTER TABLE cms.valuation    ADD CONSTRAINT valuation_obj_id_fkey  FOREIGN KEY (obj_id)   REFERENCES cms.object;
ALTER TABLE visit.mbr_renewal ADD CONSTRAINT mbr_renewal_mbr_id_fkey FOREIGN KEY (mbr_id) REFERENCES visit.member;
ALTER TABLE visit.admission  ADD CONSTRAINT admission_site_cd_fkey FOREIGN KEY (site_cd)  REFERENCES core.site;
ALTER TABLE visit.admission  ADD CONSTRAINT admission_mbr_id_fkey  FOREIGN KEY (mbr_id)   REFERENCES visit.member;
ALTER TABLE retail.till_txn  ADD CONSTRAINT till_txn_site_cd_fkey  FOREIGN KEY (site_cd)  REFERENCES core.site;
ALTER TABLE retail.till_txn  ADD CONSTRAINT till_txn_mbr_id_fkey   FOREIGN KEY (mbr_id)   REFERENCES visit.member;
ALTER TABLE retail.till_txn  ADD CONSTRAINT till_txn_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES core.staff;
ALTER TABLE retail.txn_line  ADD CONSTRAINT txn_line_txn_id_fkey   FOREIGN KEY (txn_id)   REFERENCES retail.till_txn;
ALTER TABLE retail.txn_line  ADD CONSTRAINT txn_line_sku_fkey      FOREIGN KEY (sku)      REFERENCES retail.product;
ALTER TABLE vol.shift        ADD CONSTRAINT shift_vol_id_fkey      FOREIGN KEY (vol_id)   REFERENCES vol.volunteer;
ALTER TABLE vol.shift        ADD CONSTRAINT shift_site_cd_fkey     FOREIGN KEY (site_cd)  REFERENCES core.site;

CREATE INDEX idx_object_loc        ON cms.object (cur_loc_id);
CREATE INDEX idx_object_maker      ON cms.object (maker);
CREATE INDEX idx_move_obj          ON cms.obj_move (obj_id, moved_at);
CREATE INDEX idx_chk_obj           ON cms.cond_check (obj_id, chk_dt);
CREATE INDEX idx_trt_obj           ON cms.treatment (obj_id);
CREATE INDEX idx_exh_obj_obj       ON cms.exh_obj (obj_id);
CREATE INDEX idx_loan_obj_obj      ON cms.loan_obj (obj_id);
CREATE INDEX idx_val_obj           ON cms.valuation (obj_id, val_dt);
CREATE INDEX idx_member_lastnm     ON visit.member (last_nm, first_nm);
CREATE INDEX idx_member_postcode   ON visit.member (postcode);
CREATE INDEX idx_renewal_mbr       ON visit.mbr_renewal (mbr_id);
CREATE INDEX idx_adm_site_dt       ON visit.admission (site_cd, visit_dt);
CREATE INDEX idx_adm_mbr           ON visit.admission (mbr_id);
CREATE INDEX idx_till_site_ts      ON retail.till_txn (site_cd, txn_ts);
CREATE INDEX idx_line_sku          ON retail.txn_line (sku);
CREATE INDEX idx_booking_school    ON learn.booking (school_id);
CREATE INDEX idx_booking_visit     ON learn.booking (visit_dt);
CREATE INDEX idx_shift_vol_dt      ON vol.shift (vol_id, shift_dt);

CREATE VIEW cms.v_loans_out_current AS
SELECT l.loan_id, l.loan_ref, i.inst_nm AS borrower, i.city, l.purpose, l.start_dt, l.end_dt,
       count(lo.obj_id) AS n_objects, sum(lo.ins_val) AS total_ins_val
FROM cms.loan l
JOIN cms.institution i ON i.inst_id = l.inst_id
LEFT JOIN cms.loan_obj lo ON lo.loan_id = l.loan_id
WHERE l.dir = 'O' AND l.status = 'on_loan'
GROUP BY l.loan_id, l.loan_ref, i.inst_nm, i.city, l.purpose, l.start_dt, l.end_dt;
COMMENT ON VIEW cms.v_loans_out_current IS 'Our objects currently out on loan, one row per loan agreement with the number of objects and their total agreed insurance value';

CREATE MATERIALIZED VIEW visit.mv_monthly_admissions AS
SELECT site_cd, date_trunc('month', visit_dt)::date AS month,
       sum(pax) AS visitors, sum(qty) AS tickets, sum(gross_amt) AS gross,
       sum(gross_amt) FILTER (WHERE ga_decl) AS ga_gross,
       round(0.25 * coalesce(sum(gross_amt) FILTER (WHERE ga_decl), 0), 2) AS ga_reclaim
FROM visit.admission
WHERE visit_dt < date '2025-10-08'
GROUP BY site_cd, date_trunc('month', visit_dt);
COMMENT ON MATERIALIZED VIEW visit.mv_monthly_admissions IS 'Monthly admissions per museum for the trustees'' report (refreshed overnight; visitors = people admitted, ga_reclaim = Gift Aid reclaimable)';

DROP FUNCTION pg_temp.rnd(text);
DISCARD TEMP;
VACUUM cms.object;
VACUUM visit.member;
ANALYZE;

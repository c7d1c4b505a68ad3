-- =====================================================================
--  Hollins & Reeve Pharmacy  -  chain of community pharmacies
--  Branch operations database (PMR / dispensing, EPOS, stock, rotas)
--
--  Schemas
--    org : branches, staff, rota (shifts, Responsible Pharmacist)
--    cat : drug catalogue (dm+d style VMPs), products / packs, price history
--    inv : suppliers, purchase orders, deliveries, stock batches, adjustments
--    rx  : prescribers, patients, allergies, prescriptions, items, dispensing
--    pos : over-the-counter sales (till baskets and lines)
--
--  Snapshot taken Wednesday 13 November 2024 before opening: all activity
--  up to close of business on Tuesday 12 November 2024 (18:30 UK time)
--  is in.  Rota shifts are planned up to 1 December 2024.
--  All data is generated deterministically (hash-based pseudo-random,
--  no random()), so every load gives the same rows.
-- =====================================================================

SET client_min_messages = warning;
SET TIME ZONE 'Europe/London';

CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

-- the branches are all in England: the office wants UK local time
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET timezone = %L', current_database(), 'Europe/London');
END $$;

-- deterministic pseudo-random helpers (session only, vanish at the end):
-- a hash of a text key mapped to [0, 1).  hashtext() is PostgreSQL's internal
-- (Jenkins) string hash: same input, same output, on every load.
CREATE FUNCTION pg_temp.h(t text) RETURNS double precision
  LANGUAGE sql IMMUTABLE AS
$$ SELECT (hashtext(t)::bigint + 2147483648) / 4294967296.0 $$;
CREATE FUNCTION pg_temp.hi(t text, n integer) RETURNS integer
  LANGUAGE sql IMMUTABLE AS
$$ SELECT floor(pg_temp.h(t) * n)::integer $$;
-- local (UK) wall-clock date + minutes after midnight -> timestamptz
CREATE FUNCTION pg_temp.lt(d date, mins integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS
$$ SELECT (d + make_interval(mins => mins)) AT TIME ZONE 'Europe/London' $$;

CREATE SCHEMA org;
CREATE SCHEMA cat;
CREATE SCHEMA inv;
CREATE SCHEMA rx;
CREATE SCHEMA pos;
COMMENT ON SCHEMA org IS 'Organisation: branches, staff, rota';
COMMENT ON SCHEMA cat IS 'Catalogue: drugs (VMP), products/packs (AMPP), price history';
COMMENT ON SCHEMA inv IS 'Inventory and purchasing: suppliers, POs, deliveries, stock batches, adjustments';
COMMENT ON SCHEMA rx  IS 'Dispensary / PMR: prescribers, patients, allergies, prescriptions, dispensing';
COMMENT ON SCHEMA pos IS 'EPOS: over-the-counter till baskets';

CREATE TYPE org.staff_role AS ENUM
  ('superintendent', 'area_manager', 'branch_manager', 'pharmacist', 'trainee_pharmacist',
   'technician', 'dispenser', 'counter_assistant', 'delivery_driver');
CREATE TYPE rx.rx_channel AS ENUM ('eps', 'eps_repeat', 'paper', 'private');
COMMENT ON TYPE rx.rx_channel IS 'eps = NHS Electronic Prescription Service (acute or repeat issued by the surgery); eps_repeat = EPS electronic repeat dispensing (batch issue pulled down by the pharmacy); paper = NHS FP10 paper form; private = private prescription (no NHS charge or exemption)';

-- ---------------------------------------------------------------------
-- org
-- ---------------------------------------------------------------------
CREATE TABLE org.branch (
    branch_id    smallint     PRIMARY KEY,
    branch_code  char(3)      NOT NULL UNIQUE,
    branch_name  varchar(60)  NOT NULL,
    town         varchar(40)  NOT NULL,
    postcode     varchar(8)   NOT NULL,
    ods_code     varchar(6)   NOT NULL UNIQUE,
    area_code    char(1)      NOT NULL CHECK (area_code IN ('N','S','C')),
    opened_on    date         NOT NULL,
    closed_on    date,
    n_tills      smallint     NOT NULL,
    services     jsonb        NOT NULL DEFAULT '{}'
);
COMMENT ON TABLE  org.branch IS 'Pharmacy branches (NHS community pharmacy contracts)';
COMMENT ON COLUMN org.branch.ods_code  IS 'NHS ODS code of the pharmacy contract ("F-code")';
COMMENT ON COLUMN org.branch.area_code IS 'Area manager region: N = North, S = South, C = Coast';
COMMENT ON COLUMN org.branch.closed_on IS 'Last trading day; NULL = still trading';
COMMENT ON COLUMN org.branch.n_tills   IS 'Number of EPOS tills; till 1 is the dispensary hand-out counter';
COMMENT ON COLUMN org.branch.services  IS 'Services offered, keys: delivery (home delivery of prescriptions), flu_vacc (NHS flu vaccination), pharmacy_first (NHS Pharmacy First), supervised_consumption (supervised methadone/buprenorphine), locker (24h collection locker, with locker_since date), sunday_open';

CREATE TABLE org.staff (
    staff_id       integer         PRIMARY KEY,
    branch_id      smallint,
    area_code      char(1),
    first_name     varchar(30)     NOT NULL,
    last_name      varchar(30)     NOT NULL,
    role           org.staff_role  NOT NULL,
    gphc_no        varchar(8),
    is_locum       boolean         NOT NULL DEFAULT false,
    contracted_hrs numeric(4,1),
    hired_on       date            NOT NULL,
    left_on        date
);
COMMENT ON TABLE  org.staff IS 'Employees and locum pharmacists';
COMMENT ON COLUMN org.staff.branch_id IS 'Home branch; NULL for locums, area managers and the superintendent';
COMMENT ON COLUMN org.staff.area_code IS 'Area managed (N/S/C), area managers only';
COMMENT ON COLUMN org.staff.gphc_no IS 'General Pharmaceutical Council registration number (pharmacists and pharmacy technicians); NULL = not a registrant';
COMMENT ON COLUMN org.staff.contracted_hrs IS 'Contracted hours per week; NULL = locum / zero-hours';
COMMENT ON COLUMN org.staff.left_on IS 'Last day of employment; NULL = still employed';

CREATE TABLE org.rota_shift (
    shift_id     bigint       GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    branch_id    smallint     NOT NULL,
    staff_id     integer      NOT NULL,
    shift_start  timestamptz  NOT NULL,
    shift_end    timestamptz  NOT NULL,
    is_rp        boolean      NOT NULL DEFAULT false,
    att_code     char(1),
    CHECK (shift_end > shift_start)
);
COMMENT ON TABLE  org.rota_shift IS 'Rota: planned shifts per person per branch, with attendance once the day has passed';
COMMENT ON COLUMN org.rota_shift.is_rp IS 'Pharmacist signed in (or is planned) as the Responsible Pharmacist (RP) for the branch that day';
COMMENT ON COLUMN org.rota_shift.att_code IS 'Attendance: W = worked, L = worked but arrived late, S = sick, H = annual leave (holiday), U = unauthorised absence / no-show; NULL = shift not happened yet';

-- ---------------------------------------------------------------------
-- cat
-- ---------------------------------------------------------------------
CREATE TABLE cat.drug (
    drug_id     integer      PRIMARY KEY,
    vtm         varchar(80)  NOT NULL,
    strength    varchar(40)  NOT NULL,
    form_code   varchar(4)   NOT NULL,
    cd_sch      smallint     CHECK (cd_sch BETWEEN 2 AND 5),
    bnf_chap    smallint     NOT NULL,
    is_fridge   boolean      NOT NULL DEFAULT false
);
COMMENT ON TABLE  cat.drug IS 'Drug catalogue at VMP level (ingredient + strength + form), as written on prescriptions';
COMMENT ON COLUMN cat.drug.vtm IS 'VTM = virtual therapeutic moiety, i.e. the active ingredient(s)';
COMMENT ON COLUMN cat.drug.form_code IS 'TAB tablets, CAP capsules, MRT/MRC modified-release tablets/capsules, GRT/GRC gastro-resistant tablets/capsules, DIS dispersible, CHW chewable, LOZ lozenges, SOL oral solution, SUS oral suspension, LIQ oral liquid, INH inhaler, SLS sublingual spray, NAS nasal spray, EYD eye drops, CRM cream, GEL gel, PCH transdermal patch, PEN pre-filled pen, INJ injection, PWS powder sachets';
COMMENT ON COLUMN cat.drug.cd_sch IS 'Controlled drug schedule (Misuse of Drugs Regs 2001): 2 = Schedule 2 (CD register, safe custody), 3 = Schedule 3, 4 = Schedule 4, 5 = Schedule 5 (CD invoice); NULL = not a controlled drug';
COMMENT ON COLUMN cat.drug.bnf_chap IS 'BNF chapter: 1 GI, 2 cardiovascular, 3 respiratory, 4 CNS, 5 infections, 6 endocrine, 7 obstetrics/gynae/urinary, 9 nutrition/blood, 10 musculoskeletal, 11 eye, 12 ENT, 13 skin, 14 vaccines';
COMMENT ON COLUMN cat.drug.is_fridge IS 'Cold chain: store at 2-8 C';

CREATE TABLE cat.product (
    product_id       integer      PRIMARY KEY,
    pip_code         char(7)      NOT NULL UNIQUE,
    prod_desc        varchar(140) NOT NULL,
    drug_id          integer,
    brand            varchar(40),
    mfr              varchar(40)  NOT NULL,
    legal_cat        varchar(3)   NOT NULL CHECK (legal_cat IN ('POM','P','GSL','NM')),
    pack_size        integer      NOT NULL,
    pack_uom         varchar(8)   NOT NULL,
    dept             char(3)      NOT NULL,
    vat_code         char(1)      NOT NULL,
    discontinued_on  date
);
COMMENT ON TABLE  cat.product IS 'Products (packs) we buy and sell / dispense';
COMMENT ON COLUMN cat.product.pip_code IS 'PIP code (7-digit Pharmaceutical Interface Product code used by wholesalers)';
COMMENT ON COLUMN cat.product.drug_id IS 'Medicine the pack contains; NULL = not a medicine (general retail)';
COMMENT ON COLUMN cat.product.brand IS 'Brand name; NULL = generic';
COMMENT ON COLUMN cat.product.mfr IS 'Manufacturer / marketing authorisation holder';
COMMENT ON COLUMN cat.product.legal_cat IS 'POM = prescription-only medicine, P = pharmacy medicine (sale supervised by a pharmacist), GSL = general sales list medicine, NM = not a medicine';
COMMENT ON COLUMN cat.product.pack_uom IS 'Unit the pack size and all stock/dispensing quantities are counted in (tab, cap, ml, g, dose, patch, pen, sachet, syringe, bottle, each)';
COMMENT ON COLUMN cat.product.dept IS 'Department: DSP dispensary only, MED medicines counter, TOI toiletries, DEN dental, BAB baby, VIT vitamins & supplements, FIR first aid, SUN sun care, FEM feminine care & family planning, DEV health devices, COS cosmetics, GFT gifts & sundries';
COMMENT ON COLUMN cat.product.vat_code IS 'VAT on retail sale: S = standard 20%, R = reduced 5%, Z = zero-rated';
COMMENT ON COLUMN cat.product.discontinued_on IS 'Delisted on this date; NULL = current line';

CREATE TABLE cat."PriceHistory" (
    price_id     integer        PRIMARY KEY,
    product_id   integer        NOT NULL,
    "validFrom"  date           NOT NULL,
    "validTo"    date,
    cost_price   numeric(10,2)  NOT NULL,
    rrp          numeric(10,2)
);
COMMENT ON TABLE  cat."PriceHistory" IS 'Price history per product (imported nightly from the EPOS pricing module)';
COMMENT ON COLUMN cat."PriceHistory"."validFrom" IS 'First day the price applies';
COMMENT ON COLUMN cat."PriceHistory"."validTo" IS 'Last day the price applied (inclusive); NULL = current price';
COMMENT ON COLUMN cat."PriceHistory".cost_price IS 'Trade (wholesale) cost per pack, GBP ex VAT';
COMMENT ON COLUMN cat."PriceHistory".rrp IS 'Retail selling price per pack incl. VAT, GBP; NULL = not sold over the counter (prescription only)';

-- ---------------------------------------------------------------------
-- inv
-- ---------------------------------------------------------------------
CREATE TABLE inv.supplier (
    supplier_id    smallint      PRIMARY KEY,
    supplier_name  varchar(60)   NOT NULL UNIQUE,
    sup_type       char(1)       NOT NULL,
    account_no     varchar(12)   NOT NULL,
    min_order_gbp  numeric(8,2),
    is_active      boolean       NOT NULL DEFAULT true
);
COMMENT ON COLUMN inv.supplier.sup_type IS 'W = full-line pharmaceutical wholesaler, S = short-line / generics wholesaler, M = specials manufacturer, V = vaccine distributor, G = general retail (non-pharma) supplier';
COMMENT ON COLUMN inv.supplier.min_order_gbp IS 'Minimum order value for free carriage; NULL = none';

CREATE TABLE inv.purchase_order (
    po_id        integer      PRIMARY KEY,
    po_no        varchar(14)  NOT NULL UNIQUE,
    branch_id    smallint     NOT NULL,
    supplier_id  smallint     NOT NULL,
    created_at   timestamptz  NOT NULL,
    created_by   integer,
    sent_at      timestamptz,
    due_on       date,
    status       char(1)      NOT NULL
);
COMMENT ON TABLE  inv.purchase_order IS 'Purchase orders from branches to suppliers';
COMMENT ON COLUMN inv.purchase_order.sent_at IS 'Transmitted to the supplier (PIP/EDI); NULL = still a draft';
COMMENT ON COLUMN inv.purchase_order.status IS 'D = draft (not sent), S = sent, awaiting delivery, P = part received (some lines short), R = received in full, X = cancelled';

CREATE TABLE inv.po_line (
    po_line_id    integer        PRIMARY KEY,
    po_id         integer        NOT NULL,
    line_no       smallint       NOT NULL,
    product_id    integer        NOT NULL,
    qty_ordered   integer        NOT NULL CHECK (qty_ordered > 0),
    unit_cost     numeric(10,2)  NOT NULL,
    qty_received  integer
);
COMMENT ON COLUMN inv.po_line.qty_ordered IS 'Packs ordered';
COMMENT ON COLUMN inv.po_line.unit_cost IS 'Agreed cost per pack, GBP ex VAT';
COMMENT ON COLUMN inv.po_line.qty_received IS 'Packs received; 0 = not supplied (out of stock at the supplier); NULL = not delivered yet';

CREATE TABLE inv.delivery (
    delivery_id    integer      PRIMARY KEY,
    po_id          integer      NOT NULL,
    received_at    timestamptz  NOT NULL,
    received_by    integer,
    invoice_no     varchar(20)  NOT NULL,
    tote_count     smallint     NOT NULL,
    cold_chain_ok  boolean
);
COMMENT ON TABLE  inv.delivery IS 'Goods received against a purchase order';
COMMENT ON COLUMN inv.delivery.cold_chain_ok IS 'Fridge lines arrived at 2-8 C; NULL = delivery had no fridge lines';

CREATE TABLE inv.stock_batch (
    stock_batch_id  integer      PRIMARY KEY,
    branch_id       smallint     NOT NULL,
    product_id      integer      NOT NULL,
    batch_no        varchar(12),
    expiry_date     date,
    qty_on_hand     integer      NOT NULL,
    loc             char(3)      NOT NULL,
    delivery_id     integer,
    updated_at      timestamptz  NOT NULL
);
COMMENT ON TABLE  inv.stock_batch IS 'Stock on hand per branch, product and batch';
COMMENT ON COLUMN inv.stock_batch.batch_no IS 'Manufacturer batch / lot; NULL = not batch-tracked (general retail lines)';
COMMENT ON COLUMN inv.stock_batch.expiry_date IS 'Expiry; NULL = no expiry date';
COMMENT ON COLUMN inv.stock_batch.qty_on_hand IS 'Quantity on hand in pack_uom units (tablets, ml, each...), not packs';
COMMENT ON COLUMN inv.stock_batch.loc IS 'Storage location: DSP dispensary shelves, CDC controlled drugs cabinet, FRG fridge, SHP shop floor';
COMMENT ON COLUMN inv.stock_batch.delivery_id IS 'Delivery the batch came in on; NULL = brought forward at go-live or transferred from another branch';

CREATE TABLE inv.stock_adj (
    adj_id          integer        PRIMARY KEY,
    branch_id       smallint       NOT NULL,
    product_id      integer        NOT NULL,
    stock_batch_id  integer,
    reason_code     char(3)        NOT NULL,
    qty_units       integer        NOT NULL,
    value_gbp       numeric(10,2)  NOT NULL,
    adj_at          timestamptz    NOT NULL,
    adj_by          integer        NOT NULL,
    witness_id      integer,
    note            text
);
COMMENT ON TABLE  inv.stock_adj IS 'Manual stock adjustments and write-offs';
COMMENT ON COLUMN inv.stock_adj.reason_code IS 'EXP = out of date, destroyed; DMG = damaged / broken / temperature excursion; LOS = unexplained loss or theft; CDD = controlled drug destroyed (stock CD, witnessed); RTS = returned to supplier for credit; TRF = transferred to another branch; CNT = stock-take count correction (+ or -)';
COMMENT ON COLUMN inv.stock_adj.qty_units IS 'Change in pack_uom units: negative = stock removed, positive = stock added';
COMMENT ON COLUMN inv.stock_adj.value_gbp IS 'Value of the change at cost price on the day, GBP; same sign as qty_units';
COMMENT ON COLUMN inv.stock_adj.witness_id IS 'Authorised witness for CD destructions (reason CDD); NULL otherwise';

-- ---------------------------------------------------------------------
-- rx
-- ---------------------------------------------------------------------
CREATE TABLE rx.prescriber (
    prescriber_id  integer      PRIMARY KEY,
    title          varchar(6)   NOT NULL,
    initials       varchar(4)   NOT NULL,
    surname        varchar(30)  NOT NULL,
    ptype          char(1)      NOT NULL,
    reg_body       varchar(4)   NOT NULL,
    reg_no         varchar(10)  NOT NULL,
    practice_code  varchar(6)   NOT NULL,
    practice_name  varchar(60)  NOT NULL
);
COMMENT ON COLUMN rx.prescriber.ptype IS 'G = GP, N = nurse independent prescriber, P = pharmacist independent prescriber, D = dentist, H = hospital doctor';
COMMENT ON COLUMN rx.prescriber.practice_code IS 'ODS code of the GP practice / dental practice / hospital';

CREATE TABLE rx.patient (
    patient_id           integer      PRIMARY KEY,
    nhs_no               char(10)     UNIQUE,
    first_name           varchar(30)  NOT NULL,
    last_name            varchar(30)  NOT NULL,
    dob                  date         NOT NULL,
    sex                  char(1)      NOT NULL,
    postcode             varchar(8),
    nominated_branch_id  smallint,
    sms_ok               boolean      NOT NULL DEFAULT false,
    registered_at        timestamptz  NOT NULL,
    deceased_on          date
);
COMMENT ON TABLE  rx.patient IS 'Patient medication record (PMR) patients';
COMMENT ON COLUMN rx.patient.nhs_no IS 'NHS number; NULL = not known (private patient, visitor)';
COMMENT ON COLUMN rx.patient.nominated_branch_id IS 'EPS nomination: branch the patient has nominated; NULL = no nomination with us';
COMMENT ON COLUMN rx.patient.sms_ok IS 'Consented to "prescription ready" text messages';
COMMENT ON COLUMN rx.patient.deceased_on IS 'Date of death (from PDS); NULL = alive / not known';

CREATE TABLE rx.patient_allergy (
    allergy_id   integer      PRIMARY KEY,
    patient_id   integer      NOT NULL,
    allergen     varchar(40)  NOT NULL,
    reaction     varchar(40),
    severity     char(1),
    recorded_at  timestamptz  NOT NULL,
    recorded_by  integer
);
COMMENT ON COLUMN rx.patient_allergy.allergen IS 'Allergen or drug class; the special value NKDA = "no known drug allergies" (asked and none reported)';
COMMENT ON COLUMN rx.patient_allergy.severity IS 'M = mild, O = moderate, S = severe (anaphylaxis/angioedema); NULL for NKDA';
COMMENT ON COLUMN rx.patient_allergy.recorded_by IS 'Staff member who recorded it; NULL = imported from the GP record';

CREATE TABLE rx.prescription (
    rx_id           bigint         PRIMARY KEY,
    branch_id       smallint       NOT NULL,
    patient_id      integer        NOT NULL,
    prescriber_id   integer        NOT NULL,
    channel         rx.rx_channel  NOT NULL,
    eps_id          varchar(20),
    issued_on       date           NOT NULL,
    received_at     timestamptz    NOT NULL,
    status          char(1)        NOT NULL,
    exempt_code     char(1),
    collected_at    timestamptz,
    collect_method  char(1)
);
COMMENT ON TABLE  rx.prescription IS 'Prescriptions (one form / EPS token) received by a branch';
COMMENT ON COLUMN rx.prescription.eps_id IS 'EPS prescription ID; NULL for paper and private prescriptions';
COMMENT ON COLUMN rx.prescription.issued_on IS 'Date signed by the prescriber';
COMMENT ON COLUMN rx.prescription.received_at IS 'Downloaded from the Spine / handed in at the counter';
COMMENT ON COLUMN rx.prescription.status IS 'R = received, being dispensed (not yet checked); O = owing, part supplied and balance to follow; B = in the bag, checked and waiting in the collection bay; C = complete, collected or delivered; U = uncollected after 8 weeks, returned to stock and claim cancelled; X = cancelled / not dispensed';
COMMENT ON COLUMN rx.prescription.exempt_code IS 'NHS charge exemption declared: A = aged 60+ or under 16, B = 16-18 in full-time education, D = maternity exemption, E = medical exemption, F = prescription prepayment certificate (PPC), H = income-related benefits, L = HC2 low income; NULL = patient pays the NHS charge (or private prescription)';
COMMENT ON COLUMN rx.prescription.collected_at IS 'Handed out / delivered; NULL = not collected (yet)';
COMMENT ON COLUMN rx.prescription.collect_method IS 'S = collected in the shop, D = home delivery by our driver, L = collection locker; NULL = not collected';

CREATE TABLE rx.rx_item (
    item_id      bigint       PRIMARY KEY,
    rx_id        bigint       NOT NULL,
    line_no      smallint     NOT NULL,
    drug_id      integer      NOT NULL,
    qty          integer      NOT NULL,
    dosage       varchar(80)  NOT NULL,
    endorsement  varchar(4),
    nd_reason    char(2)
);
COMMENT ON TABLE  rx.rx_item IS 'Items (lines) on a prescription, as prescribed (generic VMP)';
COMMENT ON COLUMN rx.rx_item.qty IS 'Quantity prescribed in units (tablets, ml, doses...)';
COMMENT ON COLUMN rx.rx_item.endorsement IS 'Claim endorsement: NCSO = no cheaper stock obtainable (price concession), BB = broken bulk, PC = prescriber contacted, SP = special obtained; NULL = none';
COMMENT ON COLUMN rx.rx_item.nd_reason IS 'ND = not dispensed: OS = out of stock everywhere, PC = prescriber cancelled, PR = patient did not want it, CL = clinical decision (interaction/allergy); NULL = dispensed or in progress';

CREATE TABLE rx.dispensing (
    disp_id         bigint       PRIMARY KEY,
    item_id         bigint       NOT NULL,
    product_id      integer      NOT NULL,
    stock_batch_id  integer,
    qty_units       integer      NOT NULL,
    dispensed_at    timestamptz  NOT NULL,
    dispensed_by    integer      NOT NULL,
    checked_at      timestamptz,
    checked_by      integer,
    is_balance      boolean      NOT NULL DEFAULT false
);
COMMENT ON TABLE  rx.dispensing IS 'Dispensing records: one row per supply (owing balances are a second row)';
COMMENT ON COLUMN rx.dispensing.stock_batch_id IS 'Batch picked (scanned); no FK - inherited from the old PMR';
COMMENT ON COLUMN rx.dispensing.qty_units IS 'Units supplied in this supply';
COMMENT ON COLUMN rx.dispensing.checked_at IS 'Final accuracy check by the pharmacist; NULL = not checked yet';
COMMENT ON COLUMN rx.dispensing.is_balance IS 'true = supply of the balance of an owing';

-- ---------------------------------------------------------------------
-- pos
-- ---------------------------------------------------------------------
CREATE TABLE pos.basket (
    basket_id   bigint         PRIMARY KEY,
    branch_id   smallint       NOT NULL,
    till_no     smallint       NOT NULL,
    staff_id    integer        NOT NULL,
    sold_at     timestamptz    NOT NULL,
    btype       char(1)        NOT NULL,
    tender      char(2)        NOT NULL,
    total_gbp   numeric(10,2)  NOT NULL,
    item_count  smallint       NOT NULL
);
COMMENT ON TABLE  pos.basket IS 'Till transactions (baskets) for over-the-counter sales';
COMMENT ON COLUMN pos.basket.btype IS 'S = sale, R = refund (quantities and amounts negative), V = voided at the till (never charged)';
COMMENT ON COLUMN pos.basket.tender IS 'CA = cash, CC = chip & PIN card, CL = contactless, GV = gift voucher';
COMMENT ON COLUMN pos.basket.total_gbp IS 'Basket total incl. VAT after discounts, GBP';

CREATE TABLE pos.basket_line (
    basket_id     bigint         NOT NULL,
    line_no       smallint       NOT NULL,
    product_id    integer        NOT NULL,
    qty           integer        NOT NULL,
    unit_price    numeric(10,2)  NOT NULL,
    discount_gbp  numeric(10,2),
    line_total    numeric(10,2)  NOT NULL,
    PRIMARY KEY (basket_id, line_no)
);
COMMENT ON COLUMN pos.basket_line.qty IS 'Packs sold (negative on refunds)';
COMMENT ON COLUMN pos.basket_line.unit_price IS 'Shelf price per pack incl. VAT';
COMMENT ON COLUMN pos.basket_line.discount_gbp IS 'Promotion discount on the line; NULL = no promotion';

-- =====================================================================
-- DATA
-- =====================================================================

-- ---------------------------------------------------------------- branches
INSERT INTO org.branch VALUES
 ( 1,'KHS','Kelbrook High Street','Kelbrook','KB1 2HS','FK214','N','1987-05-01',NULL,3,
   '{"delivery":true,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":true,"locker":false,"sunday_open":false}'),
 ( 2,'KMC','Kelbrook Medical Centre','Kelbrook','KB3 7MC','FK377','N','2006-09-04',NULL,2,
   '{"delivery":true,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":false,"locker":true,"locker_since":"2024-05-01","sunday_open":false}'),
 ( 3,'ASH','Ashdown','Ashdown','AD4 1QT','FA120','N','1994-02-14',NULL,2,
   '{"delivery":true,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":true,"locker":false,"sunday_open":false}'),
 ( 4,'FEN','Fenwick','Fenwick','FW2 9LP','FF455','N','2001-06-11',NULL,2,
   '{"delivery":false,"flu_vacc":false,"pharmacy_first":true,"supervised_consumption":false,"locker":false,"sunday_open":false}'),
 ( 5,'LGP','Langley Park','Langley','LG7 3PK','FL702','S','2011-10-03',NULL,2,
   '{"delivery":false,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":false,"locker":false,"sunday_open":false}'),
 ( 6,'ORM','Ormsby Market Place','Ormsby','OR1 1MP','FO118','S','1979-03-19',NULL,3,
   '{"delivery":true,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":true,"locker":false,"sunday_open":false}'),
 ( 7,'STV','Stanton Vale','Stanton','ST5 8VE','FS563','S','1999-08-02',NULL,2,
   '{"delivery":false,"flu_vacc":false,"pharmacy_first":false,"supervised_consumption":false,"locker":false,"sunday_open":false}'),
 ( 8,'THR','Thornbury Road','Millbridge','MB2 4TR','FM231','C','2003-04-07',NULL,2,
   '{"delivery":true,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":true,"locker":false,"sunday_open":false}'),
 ( 9,'WEX','Wexcombe','Wexcombe','WX1 6AB','FW390','C','1996-11-25',NULL,2,
   '{"delivery":true,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":false,"locker":false,"sunday_open":false}'),
 (10,'MHV','Millbridge Health Village','Millbridge','MB6 2HV','FM884','C','2015-01-12',NULL,2,
   '{"delivery":true,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":true,"locker":true,"locker_since":"2023-11-20","sunday_open":false}'),
 (11,'RRP','Redhill Retail Park','Redhill','RH9 5RP','FR467','S','2018-05-14',NULL,3,
   '{"delivery":false,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":false,"locker":false,"sunday_open":true}'),
 (12,'CAS','Castle Street','Ormsby','OR2 3CS','FO305','S','1990-09-03',NULL,2,
   '{"delivery":true,"flu_vacc":false,"pharmacy_first":true,"supervised_consumption":true,"locker":false,"sunday_open":false}'),
 (13,'BRI','Brindley','Brindley','BR3 2DL','FB076','N','1985-07-01','2024-08-31',1,
   '{"delivery":false,"flu_vacc":false,"pharmacy_first":false,"supervised_consumption":false,"locker":false,"sunday_open":false}'),
 (14,'OAK','Oakhurst','Oakhurst','OK4 7HN','FK961','C','2024-03-04',NULL,2,
   '{"delivery":false,"flu_vacc":true,"pharmacy_first":true,"supervised_consumption":false,"locker":false,"sunday_open":false}');

-- generation parameters per branch (not stored)
CREATE TEMP TABLE bgen (branch_id smallint, base_rx numeric, base_otc numeric, main_sup smallint,
                        n_pharm int, n_tech int, n_disp int, n_counter int, has_mgr boolean, has_trainee boolean);
INSERT INTO bgen VALUES
 ( 1,34,40,1,2,1,4,3,true ,true ),
 ( 2,38,26,2,2,2,4,2,true ,false),
 ( 3,22,22,1,1,1,3,2,false,false),
 ( 4,16,15,2,1,0,2,2,false,false),
 ( 5,18,20,1,1,1,2,2,false,false),
 ( 6,26,34,2,2,1,3,3,true ,false),
 ( 7,14,14,1,1,0,2,2,false,false),
 ( 8,20,18,2,1,1,2,2,false,false),
 ( 9,24,22,1,1,1,3,2,false,false),
 (10,30,20,2,2,1,3,2,true ,true ),
 (11,20,52,1,1,1,2,4,false,false),
 (12,15,16,2,1,0,2,2,false,false),
 (13,10, 9,1,1,0,1,1,false,false),
 (14,12,14,2,1,1,1,2,false,false);

CREATE TEMP TABLE bh (d date PRIMARY KEY);
INSERT INTO bh VALUES ('2023-08-28'),('2023-12-25'),('2023-12-26'),('2024-01-01'),('2024-03-29'),
                      ('2024-04-01'),('2024-05-06'),('2024-05-27'),('2024-08-26');

-- branch opening days, 1 Jul 2023 .. 1 Dec 2024 (rota is planned ahead)
CREATE TEMP TABLE bday AS
SELECT b.branch_id, g::date AS d, extract(isodow FROM g)::int AS dow,
       (g::date <= date '2024-11-12') AS past
FROM org.branch b
CROSS JOIN generate_series(date '2023-07-01', date '2024-12-01', interval '1 day') g
WHERE g::date >= b.opened_on
  AND (b.closed_on IS NULL OR g::date <= b.closed_on)
  AND g::date NOT IN (SELECT d FROM bh)
  AND (extract(isodow FROM g) < 7 OR (b.services->>'sunday_open')::boolean);
CREATE INDEX ON bday (branch_id, d);
ANALYZE bday;

CREATE TEMP TABLE nm AS SELECT
 ARRAY['Olivia','Amelia','Isla','Ava','Emily','Sophie','Grace','Mia','Poppy','Ella','Lily','Evie','Jessica','Chloe',
       'Sarah','Emma','Hannah','Laura','Rebecca','Rachel','Claire','Helen','Susan','Margaret','Patricia','Linda',
       'Barbara','Jean','Joan','Dorothy','Priya','Aisha','Fatima','Zainab','Anjali','Mary','Karen','Nicola','Joanne','Amy'] AS ff,
 ARRAY['Oliver','George','Harry','Jack','Jacob','Noah','Charlie','Thomas','Oscar','William','James','Daniel','Matthew',
       'Michael','David','Paul','Mark','Andrew','Richard','Peter','John','Robert','Stephen','Christopher','Ian','Keith',
       'Brian','Kevin','Gary','Raj','Mohammed','Ali','Omar','Arjun','Tomasz','Piotr','Liam','Ryan','Sam','Adam'] AS fm,
 ARRAY['Smith','Jones','Williams','Taylor','Brown','Davies','Evans','Wilson','Thomas','Johnson','Roberts','Robinson',
       'Thompson','Wright','Walker','White','Edwards','Hughes','Green','Hall','Lewis','Harris','Clarke','Patel',
       'Jackson','Wood','Turner','Martin','Cooper','Hill','Ward','Morris','Moore','Clark','Lee','King','Baker',
       'Harrison','Morgan','Allen','James','Scott','Phillips','Watson','Davis','Parker','Price','Bennett','Young',
       'Griffiths','Mitchell','Kelly','Cook','Carter','Richardson','Bailey','Collins','Bell','Shaw','Murphy','Miller',
       'Cox','Richards','Khan','Marshall','Anderson','Simpson','Ellis','Adams','Singh','Begum','Chapman','Mason',
       'Webb','Rogers','Gray','Hunt','Kaur','Ahmed','Nowak','Kowalski','Hussain','Okafor','Mensah','Osei','Chowdhury'] AS sn;

-- ---------------------------------------------------------------- staff
-- slots per branch; a slot may have had two holders (leaver + replacement)
CREATE TEMP TABLE slot AS
SELECT branch_id, 'pharmacist'::org.staff_role AS role, g AS slot_no, CASE g WHEN 1 THEN 40.0 ELSE 24.0 END AS hrs
  FROM bgen, generate_series(1, n_pharm) g
UNION ALL SELECT branch_id, 'technician', g, 37.5 FROM bgen, generate_series(1, n_tech) g
UNION ALL SELECT branch_id, 'dispenser', g, (ARRAY[37.5,30.0,22.5,16.0])[1 + pg_temp.hi('dh'||branch_id||g, 4)]
  FROM bgen, generate_series(1, n_disp) g
UNION ALL SELECT branch_id, 'counter_assistant', g, (ARRAY[37.5,30.0,20.0,16.0,12.0])[1 + pg_temp.hi('ch'||branch_id||g, 5)]
  FROM bgen, generate_series(1, n_counter) g
UNION ALL SELECT branch_id, 'branch_manager', 1, 40.0 FROM bgen WHERE has_mgr
UNION ALL SELECT branch_id, 'trainee_pharmacist', 1, 37.5 FROM bgen WHERE has_trainee
UNION ALL SELECT b.branch_id, 'delivery_driver', 1, 25.0 FROM org.branch b WHERE (b.services->>'delivery')::boolean;

CREATE TEMP TABLE holder AS
WITH a AS (
  SELECT s.*, 'sl'||branch_id||role||slot_no AS k,
         CASE WHEN branch_id = 14 THEN date '2024-02-05' + pg_temp.hi('sl'||branch_id||role||slot_no||'h', 25)
              ELSE date '2004-03-01' + pg_temp.hi('sl'||branch_id||role||slot_no||'h', 7000) END AS hired_on,
         CASE WHEN pg_temp.h('sl'||branch_id||role||slot_no||'l') < 0.22
              THEN date '2023-08-01' + pg_temp.hi('sl'||branch_id||role||slot_no||'ld', 460) END AS left_raw
  FROM slot s
), a2 AS (
  SELECT a.*, CASE WHEN left_raw > hired_on + 90 THEN left_raw END AS left_on FROM a
), h1 AS (
  SELECT branch_id, role, slot_no, hrs, k, 1 AS holder, hired_on,
         CASE WHEN branch_id = 13 THEN least(coalesce(left_on, date '2024-08-31'), date '2024-08-31') ELSE left_on END AS left_on
  FROM a2
), h2 AS (
  SELECT branch_id, role, slot_no, hrs, k, 2 AS holder,
         left_on + 14 + pg_temp.hi(k||'gap', 40) AS hired_on,
         CASE WHEN branch_id = 13 THEN date '2024-08-31' END AS left_on
  FROM h1
  WHERE left_on IS NOT NULL
    AND left_on + 14 + pg_temp.hi(k||'gap', 40) <= date '2024-11-12'
    AND NOT (branch_id = 13 AND left_on + 14 + pg_temp.hi(k||'gap', 40) >= date '2024-08-31')
)
SELECT * FROM h1 UNION ALL SELECT * FROM h2;

CREATE TEMP TABLE st AS
SELECT 4 + row_number() OVER (ORDER BY branch_id, role, slot_no, holder) AS staff_id, h.*
FROM holder h;

INSERT INTO org.staff (staff_id, branch_id, area_code, first_name, last_name, role, gphc_no, is_locum, contracted_hrs, hired_on, left_on)
VALUES (1, NULL, NULL, 'Rebecca', 'Alderton', 'superintendent', '2041187', false, 37.5, '2009-04-01', NULL),
       (2, NULL, 'N',  'Gareth',  'Pryce',    'area_manager',   NULL,      false, 37.5, '2012-09-03', NULL),
       (3, NULL, 'S',  'Nadia',   'Rahman',   'area_manager',   '2063392', false, 37.5, '2016-01-11', NULL),
       (4, NULL, 'C',  'Colin',   'Dearlove', 'area_manager',   NULL,      false, 37.5, '2019-06-17', NULL);

INSERT INTO org.staff (staff_id, branch_id, area_code, first_name, last_name, role, gphc_no, is_locum, contracted_hrs, hired_on, left_on)
SELECT st.staff_id, st.branch_id, NULL,
       CASE WHEN pg_temp.h('sx'||st.staff_id) < 0.7 THEN nm.ff[1 + pg_temp.hi('fn'||st.staff_id, 40)]
            ELSE nm.fm[1 + pg_temp.hi('fn'||st.staff_id, 40)] END,
       nm.sn[1 + pg_temp.hi('ln'||st.staff_id, cardinality(nm.sn))],
       st.role,
       CASE WHEN st.role = 'pharmacist' THEN '20' || lpad(pg_temp.hi('gp'||st.staff_id, 99999)::text, 5, '0')
            WHEN st.role = 'technician' THEN '50' || lpad(pg_temp.hi('gp'||st.staff_id, 99999)::text, 5, '0') END,
       false, st.hrs, st.hired_on, st.left_on
FROM st CROSS JOIN nm;

-- locum pharmacists
INSERT INTO org.staff (staff_id, branch_id, area_code, first_name, last_name, role, gphc_no, is_locum, contracted_hrs, hired_on, left_on)
SELECT 900 + g, NULL, NULL,
       CASE WHEN pg_temp.h('lx'||g) < 0.55 THEN nm.ff[1 + pg_temp.hi('lfn'||g, 40)] ELSE nm.fm[1 + pg_temp.hi('lfn'||g, 40)] END,
       nm.sn[1 + pg_temp.hi('lln'||g, cardinality(nm.sn))], 'pharmacist',
       '20' || lpad(pg_temp.hi('lgp'||g, 99999)::text, 5, '0'), true, NULL,
       date '2018-01-01' + pg_temp.hi('lh'||g, 1900), NULL
FROM generate_series(1, 18) g CROSS JOIN nm;

-- ---------------------------------------------------------------- rota
CREATE TEMP TABLE pday AS
SELECT bd.branch_id, bd.d, bd.dow, bd.past,
       (SELECT staff_id FROM st WHERE st.branch_id = bd.branch_id AND st.role = 'pharmacist' AND st.slot_no = 1
          AND bd.d >= st.hired_on AND (st.left_on IS NULL OR bd.d <= st.left_on)) AS p1,
       (SELECT staff_id FROM st WHERE st.branch_id = bd.branch_id AND st.role = 'pharmacist' AND st.slot_no = 2
          AND bd.d >= st.hired_on AND (st.left_on IS NULL OR bd.d <= st.left_on)) AS p2,
       900 + 1 + (bd.branch_id + (bd.d - date '2023-07-03') / 7) % 18 AS locum
FROM bday bd;

CREATE TEMP TABLE rp_day AS
WITH x AS (
  SELECT p.*,
         CASE WHEN p.p1 IS NULL THEN NULL
              WHEN pg_temp.h('abs'||p.p1||p.d) < 0.065 THEN 'H'
              WHEN p.past AND pg_temp.h('abs'||p.p1||p.d) < 0.095 THEN 'S' END AS p1_abs,
         (p.p1 IS NOT NULL AND (p.dow <= 5 OR (p.dow = 6 AND p.p2 IS NULL AND ((p.d - date '2023-07-01') / 7) % 2 = 0))) AS p1_rostered
  FROM pday p
)
SELECT x.*,
       CASE WHEN p1_rostered AND p1_abs IS NULL THEN p1
            WHEN p2 IS NOT NULL AND dow <= 6 THEN p2
            ELSE locum END AS rp
FROM x;
CREATE INDEX ON rp_day (branch_id, d);
ANALYZE rp_day;

CREATE TEMP TABLE shiftg (branch_id smallint, staff_id int, d date, s_min int, e_min int, is_rp boolean, att char(1));

-- pharmacists on their own contract
INSERT INTO shiftg
SELECT branch_id, p1, d,
       CASE dow WHEN 6 THEN 540 ELSE 525 END, CASE dow WHEN 6 THEN 1020 ELSE 1095 END,
       (rp = p1),
       CASE WHEN NOT past THEN NULL
            WHEN p1_abs IS NOT NULL THEN p1_abs
            WHEN pg_temp.h('late'||p1||d) < 0.01 THEN 'L' ELSE 'W' END
FROM rp_day
WHERE p1_rostered AND NOT (NOT past AND p1_abs IS NOT NULL);

INSERT INTO shiftg
SELECT branch_id, p2, d,
       CASE WHEN dow = 6 THEN 540 WHEN rp = p2 THEN 525 ELSE 600 END,
       CASE WHEN dow = 6 THEN 1020 WHEN rp = p2 THEN 1095 ELSE 960 END,
       (rp = p2), CASE WHEN past THEN 'W' END
FROM rp_day
WHERE p2 IS NOT NULL AND (rp = p2 OR dow IN (2, 4));

INSERT INTO shiftg
SELECT branch_id, locum, d,
       CASE dow WHEN 7 THEN 600 WHEN 6 THEN 540 ELSE 525 END,
       CASE dow WHEN 7 THEN 960 WHEN 6 THEN 1020 ELSE 1095 END,
       true, CASE WHEN past THEN 'W' END
FROM rp_day WHERE rp = locum;

-- everybody else
INSERT INTO shiftg
SELECT s.branch_id, s.staff_id, bd.d,
       CASE WHEN bd.dow = 7 THEN 600 WHEN bd.dow = 6 THEN 540
            WHEN pg_temp.h('sh'||s.staff_id||bd.d) < 0.62 THEN 540
            WHEN pg_temp.h('sh'||s.staff_id||bd.d) < 0.81 THEN 525 ELSE 795 END,
       CASE WHEN bd.dow = 7 THEN 960 WHEN bd.dow = 6 THEN 1020
            WHEN pg_temp.h('sh'||s.staff_id||bd.d) < 0.62 THEN 1050
            WHEN pg_temp.h('sh'||s.staff_id||bd.d) < 0.81 THEN 795 ELSE 1095 END,
       false,
       CASE WHEN NOT bd.past THEN NULL
            WHEN pg_temp.h('at'||s.staff_id||bd.d) < 0.030 THEN 'S'
            WHEN pg_temp.h('at'||s.staff_id||bd.d) < 0.062 THEN 'H'
            WHEN pg_temp.h('at'||s.staff_id||bd.d) < 0.078 THEN 'L'
            WHEN pg_temp.h('at'||s.staff_id||bd.d) < 0.082 THEN 'U'
            ELSE 'W' END
FROM st s
JOIN bday bd ON bd.branch_id = s.branch_id AND bd.d >= s.hired_on AND (s.left_on IS NULL OR bd.d <= s.left_on)
WHERE s.role <> 'pharmacist'
  AND pg_temp.h('wk'||s.staff_id||bd.d) < s.hrs / 42.5 * CASE WHEN bd.dow >= 6 THEN 0.7 ELSE 1.0 END
  AND NOT (s.role IN ('delivery_driver', 'branch_manager') AND bd.dow >= 6);

INSERT INTO org.rota_shift (branch_id, staff_id, shift_start, shift_end, is_rp, att_code)
SELECT branch_id, staff_id, pg_temp.lt(d, s_min), pg_temp.lt(d, e_min), is_rp, att
FROM shiftg ORDER BY d, branch_id, s_min, staff_id;

-- who was on duty, per branch and day (for picking dispensers / till staff)
CREATE TEMP TABLE onduty AS
SELECT g.branch_id, g.d,
       array_agg(g.staff_id ORDER BY g.staff_id) FILTER (WHERE s.role IN ('dispenser','technician','trainee_pharmacist')) AS disp_arr,
       array_agg(g.staff_id ORDER BY g.staff_id) FILTER (WHERE s.role IN ('counter_assistant','branch_manager')) AS till_arr
FROM shiftg g JOIN st s ON s.staff_id = g.staff_id
WHERE g.att IN ('W','L')
GROUP BY g.branch_id, g.d;
CREATE INDEX ON onduty (branch_id, d);

CREATE TEMP TABLE duty AS
SELECT r.branch_id, r.d, r.dow, r.rp,
       coalesce(o.disp_arr, ARRAY[r.rp]) AS disp_arr,
       coalesce(o.till_arr, o.disp_arr, ARRAY[r.rp]) AS till_arr
FROM rp_day r LEFT JOIN onduty o ON o.branch_id = r.branch_id AND o.d = r.d
WHERE r.past;
CREATE UNIQUE INDEX ON duty (branch_id, d);
ANALYZE duty;

-- ---------------------------------------------------------------- catalogue
-- code, vtm, strength, form, cd, bnf, fridge, legal, pack, uom, cost, rrp, rx_pop, otc_pop, std_qty, dosage
CREATE TEMP TABLE dg (code text, vtm text, strength text, form text, cd smallint, bnf smallint, fridge boolean,
                      legal text, pack int, uom text, cost numeric, rrp numeric, rx_pop int, otc_pop int, std_qty int, dose text);
INSERT INTO dg VALUES
 ('ATO20','Atorvastatin','20mg','TAB',NULL,2,false,'POM',28,'tab',0.86,NULL,60,0,28,'ONE TO BE TAKEN AT NIGHT'),
 ('ATO40','Atorvastatin','40mg','TAB',NULL,2,false,'POM',28,'tab',0.98,NULL,45,0,28,'ONE TO BE TAKEN AT NIGHT'),
 ('SIM40','Simvastatin','40mg','TAB',NULL,2,false,'POM',28,'tab',0.92,NULL,18,0,28,'ONE TO BE TAKEN AT NIGHT'),
 ('AML5','Amlodipine','5mg','TAB',NULL,2,false,'POM',28,'tab',0.79,NULL,45,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('AML10','Amlodipine','10mg','TAB',NULL,2,false,'POM',28,'tab',0.84,NULL,25,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('RAM5','Ramipril','5mg','CAP',NULL,2,false,'POM',28,'cap',1.06,NULL,30,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('RAM10','Ramipril','10mg','CAP',NULL,2,false,'POM',28,'cap',1.24,NULL,20,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('LIS10','Lisinopril','10mg','TAB',NULL,2,false,'POM',28,'tab',0.96,NULL,14,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('BIS25','Bisoprolol','2.5mg','TAB',NULL,2,false,'POM',28,'tab',0.88,NULL,30,0,28,'ONE TO BE TAKEN EACH MORNING'),
 ('BIS5','Bisoprolol','5mg','TAB',NULL,2,false,'POM',28,'tab',0.82,NULL,20,0,28,'ONE TO BE TAKEN EACH MORNING'),
 ('LOS50','Losartan','50mg','TAB',NULL,2,false,'POM',28,'tab',1.10,NULL,20,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('CAN8','Candesartan','8mg','TAB',NULL,2,false,'POM',28,'tab',1.35,NULL,12,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('IND25','Indapamide','2.5mg','TAB',NULL,2,false,'POM',28,'tab',1.02,NULL,7,0,28,'ONE EACH MORNING'),
 ('FUR40','Furosemide','40mg','TAB',NULL,2,false,'POM',28,'tab',0.78,NULL,15,0,28,'ONE EACH MORNING'),
 ('BEN25','Bendroflumethiazide','2.5mg','TAB',NULL,2,false,'POM',28,'tab',0.95,NULL,9,0,28,'ONE EACH MORNING'),
 ('DOX4','Doxazosin','4mg','TAB',NULL,2,false,'POM',28,'tab',1.15,NULL,9,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('CLO75','Clopidogrel','75mg','TAB',NULL,2,false,'POM',28,'tab',1.28,NULL,15,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('ASP75','Aspirin','75mg','DIS',NULL,2,false,'P',28,'tab',0.62,1.29,25,4,28,'ONE TO BE TAKEN EACH DAY'),
 ('API5','Apixaban','5mg','TAB',NULL,2,false,'POM',56,'tab',53.20,NULL,20,0,56,'ONE TO BE TAKEN TWICE A DAY'),
 ('RIV20','Rivaroxaban','20mg','TAB',NULL,2,false,'POM',28,'tab',50.40,NULL,12,0,28,'ONE WITH THE EVENING MEAL'),
 ('WAR1','Warfarin','1mg','TAB',NULL,2,false,'POM',28,'tab',1.10,NULL,5,0,28,'AS DIRECTED BY THE ANTICOAGULANT CLINIC'),
 ('ISM30','Isosorbide mononitrate','30mg','MRT',NULL,2,false,'POM',28,'tab',2.05,NULL,6,0,28,'ONE EACH MORNING'),
 ('GTN400','Glyceryl trinitrate','400micrograms/dose','SLS',NULL,2,false,'POM',180,'dose',3.95,NULL,4,0,180,'ONE OR TWO SPRAYS UNDER THE TONGUE WHEN REQUIRED'),
 ('DIG125','Digoxin','125micrograms','TAB',NULL,2,false,'POM',28,'tab',1.50,NULL,3,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('SAL100','Salbutamol','100micrograms/dose','INH',NULL,3,false,'POM',200,'dose',1.50,NULL,40,0,200,'TWO PUFFS WHEN REQUIRED'),
 ('BEC100','Beclometasone','100micrograms/dose','INH',NULL,3,false,'POM',200,'dose',3.70,NULL,12,0,200,'TWO PUFFS TWICE A DAY'),
 ('BEF100','Beclometasone/formoterol','100micrograms/6micrograms/dose','INH',NULL,3,false,'POM',120,'dose',29.32,NULL,14,0,120,'ONE PUFF TWICE A DAY'),
 ('MON10','Montelukast','10mg','TAB',NULL,3,false,'POM',28,'tab',1.25,NULL,10,0,28,'ONE AT NIGHT'),
 ('CET10','Cetirizine','10mg','TAB',NULL,3,false,'GSL',30,'tab',0.65,2.99,10,30,30,'ONE TO BE TAKEN EACH DAY'),
 ('FEX120','Fexofenadine','120mg','TAB',NULL,3,false,'P',30,'tab',2.10,6.49,6,10,30,'ONE TO BE TAKEN EACH DAY'),
 ('LOR10','Loratadine','10mg','TAB',NULL,3,false,'GSL',30,'tab',0.70,3.49,3,25,30,'ONE TO BE TAKEN EACH DAY'),
 ('CHL4','Chlorphenamine','4mg','TAB',NULL,3,false,'P',28,'tab',1.05,3.25,2,8,28,'ONE EVERY 4 TO 6 HOURS WHEN REQUIRED'),
 ('CAR375','Carbocisteine','375mg','CAP',NULL,3,false,'POM',120,'cap',4.20,NULL,5,0,120,'TWO THREE TIMES A DAY'),
 ('PRED5','Prednisolone','5mg','TAB',NULL,6,false,'POM',28,'tab',0.95,NULL,10,0,28,'AS DIRECTED'),
 ('SER50','Sertraline','50mg','TAB',NULL,4,false,'POM',28,'tab',0.95,NULL,40,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('SER100','Sertraline','100mg','TAB',NULL,4,false,'POM',28,'tab',1.10,NULL,15,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('CIT20','Citalopram','20mg','TAB',NULL,4,false,'POM',28,'tab',0.88,NULL,25,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('FLX20','Fluoxetine','20mg','CAP',NULL,4,false,'POM',30,'cap',0.99,NULL,20,0,30,'ONE TO BE TAKEN EACH DAY'),
 ('MIR15','Mirtazapine','15mg','TAB',NULL,4,false,'POM',28,'tab',1.15,NULL,15,0,28,'ONE AT NIGHT'),
 ('AMI10','Amitriptyline','10mg','TAB',NULL,4,false,'POM',28,'tab',0.92,NULL,25,0,28,'ONE TO TWO AT NIGHT'),
 ('VEN75','Venlafaxine','75mg','MRC',NULL,4,false,'POM',28,'cap',2.40,NULL,8,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('QUE25','Quetiapine','25mg','TAB',NULL,4,false,'POM',60,'tab',1.60,NULL,6,0,60,'ONE TWICE A DAY'),
 ('OLA5','Olanzapine','5mg','TAB',NULL,4,false,'POM',28,'tab',1.05,NULL,4,0,28,'ONE AT NIGHT'),
 ('ZOP75','Zopiclone','7.5mg','TAB',4,4,false,'POM',28,'tab',1.05,NULL,8,0,28,'ONE AT NIGHT WHEN REQUIRED'),
 ('DIA5','Diazepam','5mg','TAB',4,4,false,'POM',28,'tab',0.85,NULL,8,0,28,'ONE THREE TIMES A DAY WHEN REQUIRED'),
 ('TEM10','Temazepam','10mg','TAB',3,4,false,'POM',28,'tab',3.20,NULL,3,0,28,'ONE AT NIGHT'),
 ('LZP1','Lorazepam','1mg','TAB',4,4,false,'POM',28,'tab',6.50,NULL,2,0,28,'ONE TWICE A DAY WHEN REQUIRED'),
 ('PRE75','Pregabalin','75mg','CAP',3,4,false,'POM',56,'cap',1.60,NULL,15,0,56,'ONE TWICE A DAY'),
 ('GAB300','Gabapentin','300mg','CAP',3,4,false,'POM',100,'cap',1.95,NULL,12,0,100,'ONE THREE TIMES A DAY'),
 ('TRA50','Tramadol','50mg','CAP',3,4,false,'POM',100,'cap',2.60,NULL,10,0,100,'ONE OR TWO FOUR TIMES A DAY WHEN REQUIRED'),
 ('COD30','Codeine phosphate','30mg','TAB',5,4,false,'POM',28,'tab',1.45,NULL,10,0,28,'ONE OR TWO FOUR TIMES A DAY WHEN REQUIRED'),
 ('CCM30','Co-codamol','30mg/500mg','TAB',5,4,false,'POM',100,'tab',2.35,NULL,20,0,100,'TWO FOUR TIMES A DAY WHEN REQUIRED'),
 ('CCM8','Co-codamol','8mg/500mg','TAB',5,4,false,'P',32,'tab',1.10,3.49,2,12,32,'TWO EVERY 4 TO 6 HOURS WHEN REQUIRED'),
 ('DHC30','Dihydrocodeine','30mg','TAB',5,4,false,'POM',28,'tab',1.80,NULL,4,0,28,'ONE EVERY 4 TO 6 HOURS WHEN REQUIRED'),
 ('MOR10S','Morphine sulfate','10mg/5ml','SOL',5,4,false,'POM',100,'ml',1.95,NULL,6,0,100,'2.5ML TO 5ML EVERY 4 HOURS WHEN REQUIRED'),
 ('MOR10M','Morphine sulfate','10mg','MRT',2,4,false,'POM',60,'tab',5.20,NULL,3,0,60,'ONE TWICE A DAY'),
 ('OXY5','Oxycodone','5mg','CAP',2,4,false,'POM',56,'cap',9.70,NULL,3,0,56,'ONE EVERY 4 TO 6 HOURS WHEN REQUIRED'),
 ('OXY10M','Oxycodone','10mg','MRT',2,4,false,'POM',56,'tab',12.50,NULL,2,0,56,'ONE TWICE A DAY'),
 ('FEN25','Fentanyl','25micrograms/hour','PCH',2,4,false,'POM',5,'patch',12.60,NULL,2,0,5,'APPLY ONE PATCH EVERY 72 HOURS'),
 ('BUP5','Buprenorphine','5micrograms/hour','PCH',3,4,false,'POM',4,'patch',7.90,NULL,3,0,4,'APPLY ONE PATCH EVERY 7 DAYS'),
 ('MET1','Methadone','1mg/ml','SOL',2,4,false,'POM',500,'ml',4.65,NULL,5,0,420,'60ML DAILY - SUPERVISED CONSUMPTION'),
 ('MPH18','Methylphenidate','18mg','MRT',2,4,false,'POM',30,'tab',31.19,NULL,4,0,30,'ONE EACH MORNING'),
 ('LDX30','Lisdexamfetamine','30mg','CAP',2,4,false,'POM',30,'cap',58.52,NULL,3,0,30,'ONE EACH MORNING'),
 ('PAR500','Paracetamol','500mg','TAB',NULL,4,false,'POM',100,'tab',1.70,NULL,25,0,100,'TWO FOUR TIMES A DAY WHEN REQUIRED'),
 ('PAR120','Paracetamol','120mg/5ml','SUS',NULL,4,false,'GSL',100,'ml',1.35,2.49,5,10,100,'5ML FOUR TIMES A DAY WHEN REQUIRED'),
 ('NAP500','Naproxen','500mg','TAB',NULL,10,false,'POM',28,'tab',1.40,NULL,10,0,28,'ONE TWICE A DAY WITH FOOD'),
 ('IBU400','Ibuprofen','400mg','TAB',NULL,10,false,'POM',84,'tab',1.90,NULL,8,0,84,'ONE THREE TIMES A DAY WITH FOOD'),
 ('IBU200','Ibuprofen','200mg','TAB',NULL,10,false,'GSL',16,'tab',0.42,1.19,0,45,16,'ONE OR TWO THREE TIMES A DAY'),
 ('IBU100S','Ibuprofen','100mg/5ml','SUS',NULL,10,false,'P',100,'ml',1.60,3.49,3,12,100,'AS DIRECTED ACCORDING TO AGE'),
 ('SUM50','Sumatriptan','50mg','TAB',NULL,4,false,'POM',6,'tab',1.20,NULL,5,0,6,'ONE AT ONSET OF MIGRAINE'),
 ('LEV500','Levetiracetam','500mg','TAB',NULL,4,false,'POM',60,'tab',2.70,NULL,5,0,60,'ONE TWICE A DAY'),
 ('VAL500','Sodium valproate','500mg','GRT',NULL,4,false,'POM',100,'tab',7.85,NULL,3,0,100,'ONE TWICE A DAY'),
 ('LAM100','Lamotrigine','100mg','TAB',NULL,4,false,'POM',56,'tab',1.60,NULL,4,0,56,'ONE TWICE A DAY'),
 ('DON10','Donepezil','10mg','TAB',NULL,4,false,'POM',28,'tab',1.05,NULL,5,0,28,'ONE AT NIGHT'),
 ('CCD25','Co-careldopa','25mg/100mg','TAB',NULL,4,false,'POM',100,'tab',6.90,NULL,3,0,100,'ONE THREE TIMES A DAY'),
 ('MEL2','Melatonin','2mg','MRT',NULL,4,false,'POM',30,'tab',15.39,NULL,3,0,30,'ONE AT BEDTIME'),
 ('AMX500','Amoxicillin','500mg','CAP',NULL,5,false,'POM',21,'cap',0.95,NULL,30,0,21,'ONE THREE TIMES A DAY'),
 ('AMX250S','Amoxicillin','250mg/5ml','SUS',NULL,5,false,'POM',100,'ml',1.60,NULL,8,0,100,'5ML THREE TIMES A DAY'),
 ('COA625','Co-amoxiclav','500mg/125mg','TAB',NULL,5,false,'POM',21,'tab',2.10,NULL,8,0,21,'ONE THREE TIMES A DAY'),
 ('FLC500','Flucloxacillin','500mg','CAP',NULL,5,false,'POM',28,'cap',1.90,NULL,8,0,28,'ONE FOUR TIMES A DAY ON AN EMPTY STOMACH'),
 ('PEN250','Phenoxymethylpenicillin','250mg','TAB',NULL,5,false,'POM',28,'tab',1.35,NULL,5,0,56,'TWO FOUR TIMES A DAY'),
 ('CLA500','Clarithromycin','500mg','TAB',NULL,5,false,'POM',14,'tab',1.20,NULL,8,0,14,'ONE TWICE A DAY'),
 ('DOX100','Doxycycline','100mg','CAP',NULL,5,false,'POM',8,'cap',0.99,NULL,10,0,8,'TWO ON DAY ONE THEN ONE DAILY'),
 ('NIT100','Nitrofurantoin','100mg','MRC',NULL,5,false,'POM',30,'cap',9.60,NULL,12,0,6,'ONE TWICE A DAY FOR 3 DAYS'),
 ('TRI200','Trimethoprim','200mg','TAB',NULL,5,false,'POM',14,'tab',0.95,NULL,8,0,6,'ONE TWICE A DAY FOR 3 DAYS'),
 ('CEF500','Cefalexin','500mg','CAP',NULL,5,false,'POM',21,'cap',1.65,NULL,4,0,21,'ONE THREE TIMES A DAY'),
 ('MTZ400','Metronidazole','400mg','TAB',NULL,5,false,'POM',21,'tab',1.45,NULL,4,0,21,'ONE THREE TIMES A DAY - NO ALCOHOL'),
 ('ACI400','Aciclovir','400mg','TAB',NULL,5,false,'POM',56,'tab',1.55,NULL,3,0,35,'ONE FIVE TIMES A DAY'),
 ('FLZ150','Fluconazole','150mg','CAP',NULL,5,false,'P',1,'cap',0.80,4.99,3,8,1,'ONE CAPSULE AS A SINGLE DOSE'),
 ('MTF500','Metformin','500mg','TAB',NULL,6,false,'POM',84,'tab',1.25,NULL,45,0,84,'ONE THREE TIMES A DAY WITH MEALS'),
 ('MTF500M','Metformin','500mg','MRT',NULL,6,false,'POM',56,'tab',2.10,NULL,15,0,56,'TWO WITH THE EVENING MEAL'),
 ('GLI80','Gliclazide','80mg','TAB',NULL,6,false,'POM',28,'tab',0.95,NULL,15,0,56,'ONE TWICE A DAY WITH MEALS'),
 ('SIT100','Sitagliptin','100mg','TAB',NULL,6,false,'POM',28,'tab',3.10,NULL,8,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('EMP10','Empagliflozin','10mg','TAB',NULL,6,false,'POM',28,'tab',36.59,NULL,10,0,28,'ONE EACH MORNING'),
 ('GLA100','Insulin glargine','100units/ml','PEN',NULL,6,true,'POM',5,'pen',34.50,NULL,6,0,5,'INJECT AS DIRECTED'),
 ('ASP100','Insulin aspart','100units/ml','PEN',NULL,6,true,'POM',5,'pen',30.60,NULL,4,0,5,'INJECT AS DIRECTED WITH MEALS'),
 ('SEM05','Semaglutide','0.5mg/dose','PEN',NULL,6,true,'POM',1,'pen',73.25,NULL,3,0,1,'INJECT 0.5MG ONCE A WEEK'),
 ('LEV50','Levothyroxine','50micrograms','TAB',NULL,6,false,'POM',28,'tab',1.05,NULL,30,0,28,'ONE EACH MORNING BEFORE BREAKFAST'),
 ('LEV100','Levothyroxine','100micrograms','TAB',NULL,6,false,'POM',28,'tab',1.10,NULL,20,0,28,'ONE EACH MORNING BEFORE BREAKFAST'),
 ('ALE70','Alendronic acid','70mg','TAB',NULL,6,false,'POM',4,'tab',0.95,NULL,10,0,4,'ONE ONCE A WEEK'),
 ('EST1','Estradiol','1mg','TAB',NULL,6,false,'POM',84,'tab',4.20,NULL,4,0,84,'ONE TO BE TAKEN EACH DAY'),
 ('TES162','Testosterone','16.2mg/g','GEL',4,6,false,'POM',88,'g',31.11,NULL,2,0,88,'APPLY TWO PUMPS DAILY'),
 ('OME20','Omeprazole','20mg','GRC',NULL,1,false,'POM',28,'cap',0.99,NULL,50,0,28,'ONE EACH MORNING'),
 ('LAN30','Lansoprazole','30mg','GRC',NULL,1,false,'POM',28,'cap',1.05,NULL,30,0,28,'ONE EACH MORNING'),
 ('FAM20','Famotidine','20mg','TAB',NULL,1,false,'POM',28,'tab',5.20,NULL,3,0,28,'ONE TWICE A DAY'),
 ('SEN75','Senna','7.5mg','TAB',NULL,1,false,'GSL',60,'tab',0.90,2.49,8,15,60,'TWO AT NIGHT'),
 ('LAC','Lactulose','3.1-3.7g/5ml','SOL',NULL,1,false,'P',500,'ml',2.85,4.99,8,5,500,'15ML TWICE A DAY'),
 ('LOP2','Loperamide','2mg','CAP',NULL,1,false,'POM',30,'cap',1.15,NULL,3,0,30,'TWO INITIALLY THEN ONE AFTER EACH LOOSE STOOL'),
 ('MEB135','Mebeverine','135mg','TAB',NULL,1,false,'POM',100,'tab',3.90,NULL,5,0,100,'ONE THREE TIMES A DAY BEFORE MEALS'),
 ('MAC','Macrogol compound','13.8g','PWS',NULL,1,false,'POM',30,'sachet',4.42,NULL,10,0,30,'ONE TO THREE SACHETS DAILY'),
 ('HYO10','Hyoscine butylbromide','10mg','TAB',NULL,1,false,'P',20,'tab',2.40,5.49,1,8,20,'ONE THREE TIMES A DAY'),
 ('ESO20','Esomeprazole','20mg','GRT',NULL,1,false,'GSL',14,'tab',3.10,6.99,0,8,14,'ONE TO BE TAKEN EACH DAY'),
 ('ALG','Sodium alginate/potassium bicarbonate','500mg/100mg per 5ml','SUS',NULL,1,false,'GSL',250,'ml',3.10,6.49,3,12,250,'10ML AFTER MEALS AND AT BEDTIME'),
 ('HYD1','Hydrocortisone','1%','CRM',NULL,13,false,'P',15,'g',1.25,3.99,5,10,15,'APPLY THINLY TWICE A DAY'),
 ('CLT1','Clotrimazole','1%','CRM',NULL,13,false,'P',20,'g',1.10,3.49,3,10,20,'APPLY TWO TO THREE TIMES A DAY'),
 ('MOM01','Mometasone','0.1%','CRM',NULL,13,false,'POM',30,'g',2.20,NULL,4,0,30,'APPLY THINLY ONCE A DAY'),
 ('CHL05','Chloramphenicol','0.5%','EYD',NULL,11,true,'P',10,'ml',2.10,4.99,3,8,10,'ONE DROP EVERY 2 HOURS FOR 48 HOURS THEN 4 TIMES A DAY'),
 ('LAT50','Latanoprost','50micrograms/ml','EYD',NULL,11,true,'POM',1,'bottle',1.80,NULL,4,0,3,'ONE DROP AT NIGHT IN BOTH EYES'),
 ('XYL01','Xylometazoline','0.1%','NAS',NULL,12,false,'GSL',10,'ml',1.20,3.99,0,15,10,'ONE SPRAY IN EACH NOSTRIL UP TO 3 TIMES A DAY'),
 ('TAM400','Tamsulosin','400micrograms','MRC',NULL,7,false,'POM',30,'cap',1.05,NULL,20,0,30,'ONE TO BE TAKEN EACH DAY'),
 ('FIN5','Finasteride','5mg','TAB',NULL,7,false,'POM',28,'tab',1.05,NULL,6,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('SOL5','Solifenacin','5mg','TAB',NULL,7,false,'POM',30,'tab',2.05,NULL,5,0,30,'ONE TO BE TAKEN EACH DAY'),
 ('DES75','Desogestrel','75micrograms','TAB',NULL,7,false,'POM',84,'tab',1.85,NULL,8,0,84,'ONE DAILY AT THE SAME TIME'),
 ('EEL','Ethinylestradiol/levonorgestrel','30micrograms/150micrograms','TAB',NULL,7,false,'POM',63,'tab',2.00,NULL,5,0,63,'AS DIRECTED'),
 ('LNG15','Levonorgestrel','1.5mg','TAB',NULL,7,false,'P',1,'tab',4.20,13.49,0,6,1,'ONE AS SOON AS POSSIBLE'),
 ('FOL5','Folic acid','5mg','TAB',NULL,9,false,'POM',28,'tab',0.85,NULL,10,0,28,'ONE TO BE TAKEN EACH DAY'),
 ('FER210','Ferrous fumarate','210mg','TAB',NULL,9,false,'P',84,'tab',2.30,3.99,6,3,84,'ONE TWICE A DAY'),
 ('COL800','Colecalciferol','800units','CAP',NULL,9,false,'POM',30,'cap',2.95,NULL,8,0,30,'ONE TO BE TAKEN EACH DAY'),
 ('ADC','Calcium carbonate/colecalciferol','1.5g/400units','CHW',NULL,9,false,'POM',112,'tab',3.65,NULL,10,0,112,'ONE TWICE A DAY - CHEW'),
 ('NIC21','Nicotine','21mg/24hours','PCH',NULL,4,false,'GSL',7,'patch',8.50,17.99,1,10,7,'APPLY ONE PATCH DAILY'),
 ('PSE60','Pseudoephedrine','60mg','TAB',NULL,3,false,'P',12,'tab',1.60,4.49,0,12,12,'ONE EVERY 4 TO 6 HOURS'),
 ('STR','Amylmetacresol/2,4-dichlorobenzyl alcohol','0.6mg/1.2mg','LOZ',NULL,12,false,'GSL',24,'each',1.10,3.29,0,25,24,'DISSOLVE ONE SLOWLY EVERY 2 TO 3 HOURS'),
 ('GUA','Guaifenesin','100mg/5ml','LIQ',NULL,3,false,'GSL',150,'ml',1.60,4.29,0,12,150,'10ML FOUR TIMES A DAY'),
 ('PPC','Paracetamol/phenylephrine/caffeine','500mg/6.1mg/25mg','CAP',NULL,3,false,'GSL',16,'cap',1.40,3.79,0,18,16,'TWO EVERY 4 HOURS, MAX 8 IN 24 HOURS'),
 ('OMES','Omeprazole','10mg/5ml','SUS',NULL,1,true,'POM',75,'ml',89.00,NULL,1,0,75,'2.5ML ONCE DAILY'),
 ('FLUVAC','Influenza vaccine (surface antigen, inactivated)','0.5ml','INJ',NULL,14,true,'POM',10,'syringe',98.00,NULL,0,0,1,'ADMINISTER 0.5ML BY INTRAMUSCULAR INJECTION');

-- extra packs / brands: code, desc, brand, mfr, legal, pack, uom, dept, vat, cost, rrp, otc_pop, rx_share, discontinued
CREATE TEMP TABLE px (code text, pdesc text, brand text, mfr text, legal text, pack int, uom text, dept text, vat text,
                      cost numeric, rrp numeric, otc_pop int, rx_share numeric, disc date);
INSERT INTO px VALUES
 ('PAR120','Calpol Infant Suspension 120mg/5ml (100ml)','Calpol','Kenvue','GSL',100,'ml','MED','S',2.90,4.99,30,0,NULL),
 ('IBU100S','Nurofen for Children 100mg/5ml Orange (100ml)','Nurofen','Reckitt','P',100,'ml','MED','S',3.40,5.99,20,0,NULL),
 ('IBU200','Nurofen 200mg tablets (16)','Nurofen','Reckitt','GSL',16,'tab','MED','S',1.90,3.29,25,0,NULL),
 ('PAR500','Paracetamol 500mg tablets (16)',NULL,'Galpharm','GSL',16,'tab','MED','S',0.25,0.79,60,0,NULL),
 ('PAR500','Paracetamol 500mg caplets (32)',NULL,'Galpharm','P',32,'tab','MED','S',0.55,1.99,15,0,NULL),
 ('PAR500','Panadol Advance 500mg tablets (16)','Panadol','Haleon','GSL',16,'tab','MED','S',1.60,2.99,12,0,NULL),
 ('IBU400','Ibuprofen 400mg tablets (24)',NULL,'Galpharm','P',24,'tab','MED','S',0.80,2.49,10,0,NULL),
 ('PSE60','Sudafed Decongestant tablets (12)','Sudafed','Kenvue','P',12,'tab','MED','S',2.80,5.29,10,0,NULL),
 ('CHL4','Piriton Allergy tablets (30)','Piriton','Haleon','P',30,'tab','MED','S',2.60,4.99,8,0,NULL),
 ('CET10','Zirtek Allergy tablets (7)','Zirtek','UCB','GSL',7,'tab','MED','S',2.40,4.49,6,0,NULL),
 ('LOR10','Clarityn Allergy tablets (7)','Clarityn','Bayer','GSL',7,'tab','MED','S',2.50,4.59,6,0,NULL),
 ('NIC21','NiQuitin Clear 21mg patches (7)','NiQuitin','Perrigo','GSL',7,'patch','MED','R',11.20,21.99,6,0,NULL),
 ('ALG','Gaviscon Advance Aniseed suspension (250ml)','Gaviscon Advance','Reckitt','GSL',250,'ml','MED','S',4.90,8.49,15,0.3,NULL),
 ('BEF100','Fostair 100/6 inhaler (120 doses)','Fostair','Chiesi','POM',120,'dose','DSP','S',29.32,NULL,0,0.6,NULL),
 ('EMP10','Jardiance 10mg tablets (28)','Jardiance','Boehringer Ingelheim','POM',28,'tab','DSP','S',36.59,NULL,0,1.0,NULL),
 ('SEM05','Ozempic 0.5mg solution for injection pre-filled pen','Ozempic','Novo Nordisk','POM',1,'pen','DSP','S',73.25,NULL,0,1.0,NULL),
 ('GLA100','Lantus SoloStar 100units/ml pens (5 x 3ml)','Lantus','Sanofi','POM',5,'pen','DSP','S',41.50,NULL,0,0.3,NULL),
 ('ASP100','NovoRapid FlexPen 100units/ml (5 x 3ml)','NovoRapid','Novo Nordisk','POM',5,'pen','DSP','S',30.60,NULL,0,1.0,NULL),
 ('MPH18','Concerta XL 18mg tablets (30)','Concerta XL','Janssen','POM',30,'tab','DSP','S',31.19,NULL,0,0.5,NULL),
 ('LDX30','Elvanse 30mg capsules (30)','Elvanse','Takeda','POM',30,'cap','DSP','S',58.52,NULL,0,1.0,NULL),
 ('MOR10S','Oramorph 10mg/5ml oral solution (100ml)','Oramorph','Boehringer Ingelheim','POM',100,'ml','DSP','S',1.95,NULL,0,0.7,NULL),
 ('MOR10M','MST Continus 10mg tablets (60)','MST Continus','Napp','POM',60,'tab','DSP','S',5.20,NULL,0,0.5,NULL),
 ('SAL100','Ventolin Evohaler 100micrograms (200 doses)','Ventolin','GSK','POM',200,'dose','DSP','S',1.50,NULL,0,0.4,NULL),
 ('FLZ150','Canesten Oral capsule (1)','Canesten','Bayer','P',1,'cap','MED','S',4.10,9.99,6,0,NULL),
 ('CLT1','Canesten Cream 1% (20g)','Canesten','Bayer','P',20,'g','MED','S',2.70,5.49,8,0,NULL),
 ('HYD1','HC45 Hydrocortisone Cream 1% (15g)','HC45','Karo','P',15,'g','MED','S',2.40,4.79,5,0,NULL),
 ('XYL01','Otrivine Adult Nasal Spray 0.1% (10ml)','Otrivine','Haleon','GSL',10,'ml','MED','S',2.70,4.99,10,0,NULL),
 ('LNG15','Levonelle 1500 tablet','Levonelle','Gedeon Richter','P',1,'tab','FEM','S',9.50,15.99,4,0,NULL),
 ('HYO10','Buscopan IBS Relief 10mg tablets (20)','Buscopan','Opella','P',20,'tab','MED','S',3.20,5.99,6,0,NULL),
 ('ESO20','Nexium Control 20mg tablets (14)','Nexium Control','Haleon','GSL',14,'tab','MED','S',5.30,8.99,5,0,NULL),
 ('FEX120','Allevia 120mg tablets (30)','Allevia','Opella','P',30,'tab','MED','S',5.90,9.99,5,0,NULL),
 ('LOP2','Loperamide 2mg capsules (6)',NULL,'Galpharm','GSL',6,'cap','MED','S',0.45,1.99,15,0,NULL),
 ('LOP2','Imodium Instants 2mg (12)','Imodium','Kenvue','P',12,'tab','MED','S',3.50,6.49,6,0,NULL),
 ('SEN75','Senokot 7.5mg tablets (20)','Senokot','Reckitt','GSL',20,'tab','MED','S',1.90,3.79,5,0,NULL),
 ('STR','Strepsils Honey & Lemon lozenges (24)','Strepsils','Reckitt','GSL',24,'each','MED','S',2.30,4.49,20,0,NULL),
 ('GUA','Benylin Chesty Coughs Non-Drowsy (150ml)','Benylin','Kenvue','GSL',150,'ml','MED','S',3.30,6.29,10,0,NULL),
 ('PPC','Lemsip Max Cold & Flu capsules (16)','Lemsip','Reckitt','GSL',16,'cap','MED','S',2.80,5.49,18,0,NULL),
 ('CCM8','Co-codamol 8mg/500mg effervescent tablets (32)',NULL,'Zentiva','P',32,'tab','MED','S',1.70,4.29,4,0,NULL),
 ('EMP10','Empagliflozin 10mg tablets (28) - parallel import',NULL,'Doncaster Pharmaceuticals','POM',28,'tab','DSP','S',35.10,NULL,0,0,'2024-01-31');

-- non-medicines: desc, brand, mfr, dept, vat, cost, rrp, otc_pop, pack, uom, has_expiry, disc
CREATE TEMP TABLE nmx (pdesc text, brand text, mfr text, dept text, vat text, cost numeric, rrp numeric, otc_pop int,
                       pack int, uom text, has_exp boolean, disc date);
INSERT INTO nmx VALUES
 ('Carrier bag','H&R','Hollins & Reeve','GFT','S',0.04,0.10,120,1,'each',false,NULL),
 ('Colgate Total Original toothpaste (75ml)','Colgate','Colgate-Palmolive','DEN','S',1.90,3.75,14,1,'each',true,NULL),
 ('Sensodyne Repair & Protect toothpaste (75ml)','Sensodyne','Haleon','DEN','S',3.10,6.00,12,1,'each',true,NULL),
 ('Oral-B Pro-Expert toothbrush medium','Oral-B','Procter & Gamble','DEN','S',1.60,3.50,6,1,'each',false,NULL),
 ('Corsodyl Daily mouthwash (500ml)','Corsodyl','Haleon','DEN','S',2.60,5.25,6,1,'each',true,NULL),
 ('Polident denture cleansing tablets (36)','Polident','Haleon','DEN','S',1.80,3.60,5,1,'each',true,NULL),
 ('TePe interdental brushes (8)','TePe','TePe','DEN','S',2.40,4.99,3,1,'each',false,NULL),
 ('Dove Original anti-perspirant (150ml)','Dove','Unilever','TOI','S',1.70,3.50,9,1,'each',true,NULL),
 ('Simple Kind to Skin facial wash (150ml)','Simple','Unilever','TOI','S',2.10,4.50,5,1,'each',true,NULL),
 ('Nivea Soft moisturising cream (100ml)','Nivea','Beiersdorf','TOI','S',2.00,4.25,6,1,'each',true,NULL),
 ('Head & Shoulders Classic shampoo (400ml)','Head & Shoulders','Procter & Gamble','TOI','S',2.90,5.75,5,1,'each',true,NULL),
 ('Carex Original hand wash (250ml)','Carex','PZ Cussons','TOI','S',0.70,1.50,7,1,'each',true,NULL),
 ('Gillette Mach3 blades (4)','Gillette','Procter & Gamble','TOI','S',5.60,11.50,3,1,'each',false,NULL),
 ('Cotton buds (200)','H&R','Hollins & Reeve','TOI','S',0.40,1.10,5,1,'each',false,NULL),
 ('Hand sanitiser gel 70% alcohol (100ml)','H&R','Hollins & Reeve','TOI','S',0.50,1.49,6,1,'each',true,NULL),
 ('E45 Cream (125g)','E45','Reckitt','TOI','S',2.40,4.99,8,1,'each',true,NULL),
 ('Pampers Baby-Dry size 4 (44)','Pampers','Procter & Gamble','BAB','S',6.50,11.00,4,1,'each',false,NULL),
 ('WaterWipes baby wipes (60)','WaterWipes','WaterWipes','BAB','S',1.50,3.15,8,1,'each',true,NULL),
 ('Sudocrem Antiseptic Healing Cream (125g)','Sudocrem','Teva','BAB','S',2.80,5.49,6,1,'each',true,NULL),
 ('Aptamil 1 First Infant Milk (800g)','Aptamil','Danone','BAB','Z',10.90,14.50,4,1,'each',true,NULL),
 ('Tommee Tippee Closer to Nature bottle (260ml)','Tommee Tippee','Mayborn','BAB','S',3.40,6.99,2,1,'each',false,NULL),
 ('Vitamin D3 1000IU tablets (90)','H&R','Hollins & Reeve','VIT','S',1.20,4.49,10,1,'each',true,NULL),
 ('Vitamin C 1000mg effervescent tablets (20)','H&R','Hollins & Reeve','VIT','S',0.80,2.49,6,1,'each',true,NULL),
 ('A-Z Multivitamins & Minerals (30)','H&R','Hollins & Reeve','VIT','S',0.90,2.99,6,1,'each',true,NULL),
 ('Pregnacare Original (30)','Pregnacare','Vitabiotics','VIT','S',4.10,8.25,4,1,'each',true,NULL),
 ('Omega-3 fish oil 1000mg capsules (60)','Seven Seas','Seven Seas','VIT','S',3.30,6.99,4,1,'each',true,NULL),
 ('Berocca Orange effervescent tablets (15)','Berocca','Bayer','VIT','S',3.20,6.50,6,1,'each',true,NULL),
 ('Folic acid 400microgram tablets (90)','H&R','Hollins & Reeve','VIT','S',0.70,2.29,4,1,'each',true,NULL),
 ('Elastoplast Fabric plasters (20)','Elastoplast','Beiersdorf','FIR','S',1.40,3.00,8,1,'each',false,NULL),
 ('Crepe bandage 7.5cm x 4.5m','H&R','Hollins & Reeve','FIR','S',0.60,1.79,3,1,'each',false,NULL),
 ('Savlon Antiseptic Cream (30g)','Savlon','Perrigo','FIR','S',1.80,3.75,5,1,'each',true,NULL),
 ('Germolene Antiseptic Cream (30g)','Germolene','Bayer','FIR','S',1.90,3.95,4,1,'each',true,NULL),
 ('Instant ice pack','H&R','Hollins & Reeve','FIR','S',0.50,1.50,2,1,'each',false,NULL),
 ('Micropore surgical tape 2.5cm','3M','3M','FIR','S',0.70,1.89,2,1,'each',false,NULL),
 ('Ambre Solaire SPF30 sun spray (200ml)','Ambre Solaire','L''Oreal','SUN','S',5.10,10.50,5,1,'each',true,NULL),
 ('Nivea Sun Kids SPF50+ (200ml)','Nivea Sun','Beiersdorf','SUN','S',5.40,11.00,4,1,'each',true,NULL),
 ('After sun aloe vera gel (200ml)','H&R','Hollins & Reeve','SUN','S',1.10,2.99,3,1,'each',true,NULL),
 ('Always Ultra Normal pads (14)','Always','Procter & Gamble','FEM','Z',1.30,2.75,6,1,'each',false,NULL),
 ('Tampax Compak Regular tampons (18)','Tampax','Procter & Gamble','FEM','Z',1.90,3.75,5,1,'each',false,NULL),
 ('Clearblue Rapid Detection pregnancy test (2)','Clearblue','SPD','FEM','S',5.50,11.49,5,1,'each',true,NULL),
 ('Durex Extra Safe condoms (12)','Durex','Reckitt','FEM','Z',5.20,10.99,5,1,'each',true,NULL),
 ('Omron M2 blood pressure monitor','Omron','Omron','DEV','Z',18.00,34.99,1,1,'each',false,NULL),
 ('Digital thermometer','H&R','Hollins & Reeve','DEV','S',1.50,3.99,2,1,'each',false,NULL),
 ('7-day pill organiser','H&R','Hollins & Reeve','DEV','S',0.90,2.49,3,1,'each',false,NULL),
 ('Reading glasses +2.0','H&R','Hollins & Reeve','DEV','S',2.00,6.99,2,1,'each',false,NULL),
 ('Hot water bottle 2l','H&R','Hollins & Reeve','DEV','S',2.20,5.99,2,1,'each',false,NULL),
 ('Type IIR face masks (10)','H&R','Hollins & Reeve','DEV','S',0.80,2.99,2,1,'each',false,NULL),
 ('COVID-19 antigen lateral flow tests (5)','Flowflex','ACON','DEV','S',3.80,9.99,0,1,'each',true,'2024-04-01'),
 ('Vaseline Lip Therapy original (20g)','Vaseline','Unilever','COS','S',1.10,2.35,6,1,'each',true,NULL),
 ('Rimmel Wonder''Full mascara','Rimmel','Coty','COS','S',4.00,8.99,2,1,'each',true,NULL),
 ('Nail varnish remover (125ml)','H&R','Hollins & Reeve','COS','S',0.50,1.49,2,1,'each',true,NULL),
 ('No7 Protect & Perfect Intense Advanced serum (30ml)','No7','No7 Beauty','COS','S',12.50,29.95,1,1,'each',true,NULL),
 ('Greetings card','H&R','Hollins & Reeve','GFT','S',0.60,2.50,4,1,'each',false,NULL),
 ('Men''s toiletries gift set','H&R','Hollins & Reeve','GFT','S',6.00,15.00,1,1,'each',false,NULL),
 ('Milk chocolate bar (100g)','Cadbury','Mondelez','GFT','S',0.60,1.35,7,1,'each',true,NULL),
 ('Bottled water still (500ml)','H&R','Hollins & Reeve','GFT','S',0.15,0.85,9,1,'each',true,NULL),
 ('Dioralyte blackcurrant sachets (6)','Dioralyte','Opella','FIR','S',2.40,4.99,5,1,'each',true,NULL),
 ('Olbas Oil inhalant (10ml)','Olbas','Lanes','FIR','S',2.30,4.89,6,1,'each',true,NULL);

CREATE TEMP TABLE pg (product_id int, code text, drug_id int, pdesc text, brand text, mfr text, legal text,
                      pack int, uom text, dept text, vat text, cost numeric, rrp numeric, otc_pop int,
                      rx_share numeric, disc date, is_main boolean, has_exp boolean);

INSERT INTO cat.drug (drug_id, vtm, strength, form_code, cd_sch, bnf_chap, is_fridge)
SELECT row_number() OVER (ORDER BY bnf, code), vtm, strength, form, cd, bnf, fridge FROM dg;
CREATE TEMP TABLE dmap AS
SELECT dg.*, d.drug_id FROM dg JOIN cat.drug d ON d.vtm = dg.vtm AND d.strength = dg.strength AND d.form_code = dg.form;

INSERT INTO pg
SELECT drug_id, code, drug_id,
       vtm || ' ' || strength || ' ' ||
       CASE form WHEN 'TAB' THEN 'tablets' WHEN 'CAP' THEN 'capsules' WHEN 'MRT' THEN 'modified-release tablets'
                 WHEN 'MRC' THEN 'modified-release capsules' WHEN 'GRT' THEN 'gastro-resistant tablets'
                 WHEN 'GRC' THEN 'gastro-resistant capsules' WHEN 'DIS' THEN 'dispersible tablets'
                 WHEN 'CHW' THEN 'chewable tablets' WHEN 'LOZ' THEN 'lozenges' WHEN 'SOL' THEN 'oral solution'
                 WHEN 'SUS' THEN 'oral suspension' WHEN 'LIQ' THEN 'oral liquid' WHEN 'INH' THEN 'pressurised inhaler'
                 WHEN 'SLS' THEN 'sublingual spray' WHEN 'NAS' THEN 'nasal spray' WHEN 'EYD' THEN 'eye drops'
                 WHEN 'CRM' THEN 'cream' WHEN 'GEL' THEN 'gel' WHEN 'PCH' THEN 'patches' WHEN 'PEN' THEN 'pre-filled pens'
                 WHEN 'INJ' THEN 'suspension for injection pre-filled syringes' WHEN 'PWS' THEN 'oral powder sachets' END
       || ' (' || pack || CASE uom WHEN 'ml' THEN 'ml' WHEN 'g' THEN 'g' WHEN 'dose' THEN ' doses' ELSE '' END || ')'
       || CASE WHEN code = 'OMES' THEN ' - special' ELSE '' END,
       NULL,
       (ARRAY['Accord','Teva','Sandoz','Zentiva','Aurobindo','Crescent','Kent Pharma','Dr Reddy''s','Milpharm','Bristol Labs'])[1 + pg_temp.hi('mfr'||code, 10)],
       legal, pack, uom, CASE WHEN legal = 'POM' THEN 'DSP' ELSE 'MED' END,
       CASE WHEN code = 'NIC21' THEN 'R' ELSE 'S' END,
       cost, rrp, otc_pop, NULL, NULL, true, true
FROM dmap;
UPDATE pg SET mfr = 'Sterling Specials Ltd' WHERE code = 'OMES';
UPDATE pg SET mfr = 'Viatris' WHERE code = 'FLUVAC';

INSERT INTO pg
SELECT (SELECT max(drug_id) FROM cat.drug) + row_number() OVER (ORDER BY dm.bnf, px.code, px.pdesc),
       px.code, dm.drug_id, px.pdesc, px.brand, px.mfr, px.legal, px.pack, px.uom, px.dept, px.vat,
       px.cost, px.rrp, px.otc_pop, px.rx_share, px.disc, false, true
FROM px JOIN dmap dm ON dm.code = px.code;

INSERT INTO pg
SELECT (SELECT max(product_id) FROM pg) + row_number() OVER (ORDER BY nmx.dept, nmx.pdesc),
       NULL, NULL, pdesc, brand, mfr, 'NM', pack, uom, dept, vat, cost, rrp, otc_pop, NULL, disc, false, has_exp
FROM nmx;

INSERT INTO cat.product (product_id, pip_code, prod_desc, drug_id, brand, mfr, legal_cat, pack_size, pack_uom, dept, vat_code, discontinued_on)
SELECT product_id, lpad((1000000 + (product_id::bigint * 104729) % 8999999)::text, 7, '0'),
       pdesc, drug_id, brand, mfr, legal, pack, uom, dept, vat, disc
FROM pg ORDER BY product_id;

-- ---------------------------------------------------------------- price history
CREATE TEMP TABLE phg AS
WITH ch AS (
  SELECT DISTINCT p.product_id, date '2023-01-02' + pg_temp.hi('phd'||p.product_id||'-'||g, 675) AS d
  FROM pg p CROSS JOIN generate_series(1, 3) g
  WHERE g <= pg_temp.hi('phn'||p.product_id, 4) AND p.pdesc <> 'Carrier bag'
), per AS (
  SELECT product_id, date '2022-04-01' AS vfrom FROM pg
  UNION ALL SELECT product_id, d FROM ch
), per2 AS (
  SELECT per.*, row_number() OVER (PARTITION BY product_id ORDER BY vfrom) AS n,
         lead(vfrom) OVER (PARTITION BY product_id ORDER BY vfrom) - 1 AS vto,
         exp(sum(CASE WHEN vfrom = date '2022-04-01' THEN 0
                      ELSE ln(0.93 + 0.21 * pg_temp.h('phf'||product_id||vfrom)) END)
             OVER (PARTITION BY product_id ORDER BY vfrom))::numeric AS f
  FROM per
)
SELECT per2.product_id, per2.vfrom, per2.vto, per2.n,
       round(p.cost * per2.f, 2) AS cost_price,
       CASE WHEN p.rrp IS NULL THEN NULL
            WHEN p.rrp < 0.50 THEN p.rrp
            ELSE greatest(round(p.rrp * (1 + (per2.f - 1) * 0.8), 1) - 0.01, 0.49) END AS rrp
FROM per2 JOIN pg p USING (product_id);

INSERT INTO cat."PriceHistory" (price_id, product_id, "validFrom", "validTo", cost_price, rrp)
SELECT row_number() OVER (ORDER BY vfrom, product_id), product_id, vfrom, vto, cost_price, rrp
FROM phg ORDER BY vfrom, product_id;
CREATE INDEX ON phg (product_id);
ANALYZE phg;

-- ---------------------------------------------------------------- suppliers, POs, deliveries
INSERT INTO inv.supplier VALUES
 (1,'Pennine Healthcare Wholesale','W','PHW-220871',NULL,true),
 (2,'Brightwell Pharma Distribution','W','BPD-55102',NULL,true),
 (3,'Northgate Generics','S','NG-0931',150.00,true),
 (4,'Medisave Direct','S','MSD-7720',100.00,true),
 (5,'Caremart Retail Supplies','G','CRS-11458',250.00,true),
 (6,'Sterling Specials Ltd','M','SSL-3021',NULL,true),
 (7,'Avonvale Vaccines','V','AVV-2290',NULL,true),
 (8,'Kelvin Surgical Supplies','G','KSS-0457',75.00,false);

CREATE TEMP TABLE sh (code text, f date, t date);
INSERT INTO sh VALUES ('MPH18','2023-09-01','2024-05-31'), ('LDX30','2023-09-15','2024-06-30'),
                      ('SEM05','2023-07-01','2024-11-30'), ('EST1','2023-07-01','2023-12-31'),
                      ('AMX250S','2023-11-15','2024-02-15'), ('FLC500','2024-07-01','2024-09-15');
CREATE TEMP TABLE shp AS
SELECT p.product_id, p.drug_id, sh.f, sh.t FROM sh JOIN pg p ON p.code = sh.code;

CREATE TEMP TABLE spool AS
SELECT supplier_id, row_number() OVER (PARTITION BY supplier_id ORDER BY product_id) AS idx, product_id
FROM (
  SELECT s.supplier_id, p.product_id FROM pg p CROSS JOIN (VALUES (1),(2)) s(supplier_id)
   WHERE p.drug_id IS NOT NULL AND p.code NOT IN ('OMES','FLUVAC') AND p.disc IS NULL
  UNION ALL SELECT 3, product_id FROM pg WHERE legal = 'POM' AND brand IS NULL AND code NOT IN ('OMES','FLUVAC') AND disc IS NULL
  UNION ALL SELECT 4, product_id FROM pg WHERE legal IN ('P','GSL')
  UNION ALL SELECT 5, product_id FROM pg WHERE legal = 'NM' AND disc IS NULL
  UNION ALL SELECT 6, product_id FROM pg WHERE code IN ('OMES','MEL2') AND is_main
  UNION ALL SELECT 7, product_id FROM pg WHERE code = 'FLUVAC'
) x;
CREATE TEMP TABLE spn AS SELECT supplier_id, count(*)::int AS n FROM spool GROUP BY supplier_id;

CREATE TEMP TABLE pog AS
WITH raw AS (
  SELECT bd.branch_id, bd.d, bd.dow,
         CASE WHEN pg_temp.h('mainsup'||bd.branch_id||bd.d) < 0.88 THEN g.main_sup ELSE 3 - g.main_sup END AS supplier_id
  FROM bday bd JOIN bgen g USING (branch_id) WHERE bd.past AND bd.dow <= 5
  UNION ALL SELECT bd.branch_id, bd.d, bd.dow, 3 FROM bday bd WHERE bd.past AND bd.dow = 2
  UNION ALL SELECT bd.branch_id, bd.d, bd.dow, 4 FROM bday bd WHERE bd.past AND bd.dow = 3 AND pg_temp.h('ms'||bd.branch_id||bd.d) < 0.5
  UNION ALL SELECT bd.branch_id, bd.d, bd.dow, 5 FROM bday bd WHERE bd.past AND bd.dow = 4 AND ((bd.d - date '2023-07-06') / 7) % 2 = 0
  UNION ALL SELECT bd.branch_id, bd.d, bd.dow, 6 FROM bday bd WHERE bd.past AND bd.dow <= 5 AND pg_temp.h('ss'||bd.branch_id||bd.d) < 0.03
  UNION ALL SELECT bd.branch_id, bd.d, bd.dow, 7 FROM bday bd JOIN org.branch b USING (branch_id)
            WHERE bd.past AND bd.dow = 1 AND extract(month FROM bd.d) IN (9, 10) AND (b.services->>'flu_vacc')::boolean
), t AS (
  SELECT raw.*,
         pg_temp.lt(d, CASE WHEN supplier_id IN (1,2) THEN 990 + pg_temp.hi('pc'||branch_id||d||supplier_id, 90)
                            ELSE 600 + pg_temp.hi('pc'||branch_id||d||supplier_id, 300) END) AS created_at,
         d + CASE WHEN supplier_id IN (1,2) THEN CASE WHEN dow = 5 THEN 3 ELSE 1 END
                  WHEN supplier_id IN (3,4,7) THEN CASE WHEN dow >= 4 THEN 4 ELSE 2 END
                  WHEN supplier_id = 5 THEN 4
                  ELSE 7 + CASE WHEN dow >= 4 THEN 0 ELSE 0 END END AS due0
  FROM raw
  WHERE NOT (branch_id = 13 AND d > date '2024-08-23')
)
SELECT t.*,
       CASE WHEN extract(isodow FROM due0) = 7 THEN due0 + 1 WHEN extract(isodow FROM due0) = 6 AND supplier_id > 2 THEN due0 + 2 ELSE due0 END AS due_on
FROM t;

CREATE TEMP TABLE pog2 AS
SELECT row_number() OVER (ORDER BY created_at, branch_id, supplier_id) AS po_id, p.*,
       'po'||p.branch_id||p.d||p.supplier_id AS k
FROM pog p;
ALTER TABLE pog2 ADD COLUMN sent_at timestamptz, ADD COLUMN recv_at timestamptz, ADD COLUMN status char(1), ADD COLUMN created_by int;
UPDATE pog2 SET
  sent_at = CASE WHEN d = date '2024-11-12' AND supplier_id IN (1,2) AND pg_temp.h(k||'dr') < 0.4 THEN NULL
                 ELSE created_at + make_interval(mins => 1 + pg_temp.hi(k||'snt', 15)) END,
  recv_at = pg_temp.lt(due_on, CASE WHEN supplier_id IN (1,2) THEN 495 + pg_temp.hi(k||'rv', 180)
                                    ELSE 600 + pg_temp.hi(k||'rv', 360) END);
UPDATE pog2 SET status = CASE WHEN sent_at IS NULL THEN 'D'
                              WHEN pg_temp.h(k||'x') < 0.008 THEN 'X'
                              WHEN recv_at > timestamptz '2024-11-12 18:30 Europe/London' THEN 'S'
                              ELSE 'R' END;
UPDATE pog2 SET created_by = du.disp_arr[1 + pg_temp.hi(k||'cb', cardinality(du.disp_arr))]
FROM duty du WHERE du.branch_id = pog2.branch_id AND du.d = pog2.d;

CREATE TEMP TABLE polg0 AS
SELECT po.po_id, po.k, po.d, po.status, po.supplier_id, g AS line_no,
       1 + pg_temp.hi(po.k||g||'p', spn.n) AS pidx
FROM pog2 po
JOIN spn ON spn.supplier_id = po.supplier_id
CROSS JOIN LATERAL generate_series(1, CASE po.supplier_id WHEN 1 THEN 4 + pg_temp.hi(po.k||'nl', 11)
                                                           WHEN 2 THEN 4 + pg_temp.hi(po.k||'nl', 11)
                                                           WHEN 3 THEN 3 + pg_temp.hi(po.k||'nl', 6)
                                                           WHEN 4 THEN 2 + pg_temp.hi(po.k||'nl', 4)
                                                           WHEN 5 THEN 3 + pg_temp.hi(po.k||'nl', 8)
                                                           WHEN 6 THEN 1 + pg_temp.hi(po.k||'nl', 2)
                                                           ELSE 1 END) g;

CREATE TEMP TABLE polg AS
SELECT row_number() OVER (ORDER BY po.po_id, po.line_no) AS po_line_id, po.po_id, po.line_no, sp.product_id,
       CASE WHEN po.supplier_id = 7 THEN 2 + pg_temp.hi(po.k||po.line_no||'q', 5) ELSE 1 + pg_temp.hi(po.k||po.line_no||'q', 4) END AS qty_ordered,
       ph.cost_price AS unit_cost,
       CASE WHEN po.status IN ('R') THEN
            CASE WHEN shp.product_id IS NOT NULL AND pg_temp.h(po.k||po.line_no||'sh') < 0.5 THEN 0
                 WHEN pg_temp.h(po.k||po.line_no||'oos') < 0.025 THEN 0
                 WHEN pg_temp.h(po.k||po.line_no||'oos') < 0.045 THEN -1
                 ELSE NULL END END AS short_flag,
       po.status
FROM polg0 po
JOIN spool sp ON sp.supplier_id = po.supplier_id AND sp.idx = po.pidx
JOIN phg ph ON ph.product_id = sp.product_id AND po.d >= ph.vfrom AND (ph.vto IS NULL OR po.d <= ph.vto)
LEFT JOIN shp ON shp.product_id = sp.product_id AND po.d BETWEEN shp.f AND shp.t;
CREATE INDEX ON polg (po_id);
ANALYZE polg;

INSERT INTO inv.po_line (po_line_id, po_id, line_no, product_id, qty_ordered, unit_cost, qty_received)
SELECT po_line_id, po_id, line_no, product_id, qty_ordered, unit_cost,
       CASE WHEN status <> 'R' THEN NULL
            WHEN short_flag = 0 THEN 0
            WHEN short_flag = -1 THEN qty_ordered - 1
            ELSE qty_ordered END
FROM polg ORDER BY po_line_id;

UPDATE pog2 SET status = 'P'
WHERE status = 'R' AND EXISTS (SELECT 1 FROM inv.po_line l WHERE l.po_id = pog2.po_id AND l.qty_received < l.qty_ordered);

INSERT INTO inv.purchase_order (po_id, po_no, branch_id, supplier_id, created_at, created_by, sent_at, due_on, status)
SELECT po_id, 'PO' || to_char(d, 'YY') || '-' || lpad(po_id::text, 6, '0'), branch_id, supplier_id,
       created_at, created_by, sent_at, due_on, status
FROM pog2 ORDER BY po_id;

INSERT INTO inv.delivery (delivery_id, po_id, received_at, received_by, invoice_no, tote_count, cold_chain_ok)
SELECT row_number() OVER (ORDER BY po.recv_at, po.po_id), po.po_id, po.recv_at,
       coalesce(du.disp_arr[1 + pg_temp.hi(po.k||'rb', cardinality(du.disp_arr))], du.rp, po.created_by),
       (ARRAY['PHW','BPD','NGI','MSD','CRS','SSL','AVV'])[po.supplier_id] || to_char(po.due_on, 'YYMMDD') || lpad(po.po_id::text, 6, '0'),
       1 + (SELECT count(*) FROM polg l WHERE l.po_id = po.po_id) / 5,
       CASE WHEN EXISTS (SELECT 1 FROM polg l JOIN pg p USING (product_id) JOIN cat.drug dr ON dr.drug_id = p.drug_id
                         WHERE l.po_id = po.po_id AND dr.is_fridge AND coalesce(l.short_flag, 1) <> 0)
            THEN pg_temp.h(po.k||'cc') >= 0.004 END
FROM pog2 po
LEFT JOIN duty du ON du.branch_id = po.branch_id AND du.d = po.due_on
WHERE po.status IN ('R','P');

-- ---------------------------------------------------------------- stock batches
CREATE TEMP TABLE lastdel AS
SELECT DISTINCT ON (po.branch_id, l.product_id) po.branch_id, l.product_id, d.delivery_id, d.received_at
FROM inv.po_line l JOIN inv.purchase_order po USING (po_id) JOIN inv.delivery d USING (po_id)
WHERE l.qty_received > 0
ORDER BY po.branch_id, l.product_id, d.received_at DESC;
CREATE INDEX ON lastdel (branch_id, product_id);

CREATE TEMP TABLE sbg AS
WITH base AS (
  SELECT b.branch_id, b.closed_on, p.*, dr.cd_sch, dr.is_fridge,
         CASE WHEN p.drug_id IS NULL THEN 1
              WHEN p.code IN (SELECT code FROM dg WHERE rx_pop >= 20) THEN 2 + pg_temp.hi('nb'||b.branch_id||'-'||p.product_id, 2)
              ELSE 1 + pg_temp.hi('nb'||b.branch_id||'-'||p.product_id, 2) END AS nb
  FROM org.branch b CROSS JOIN pg p LEFT JOIN cat.drug dr ON dr.drug_id = p.drug_id
)
SELECT base.branch_id, base.product_id, g AS j, base.nb, 'sb'||base.branch_id||'-'||base.product_id||'-'||g AS k,
       base.drug_id, base.pack, base.has_exp, base.disc, base.closed_on, base.code,
       CASE WHEN base.cd_sch = 2 OR base.code IN ('TEM10','BUP5') THEN 'CDC'
            WHEN base.is_fridge THEN 'FRG'
            WHEN base.legal IN ('POM','P') THEN 'DSP' ELSE 'SHP' END AS loc
FROM base CROSS JOIN generate_series(1, base.nb) g;

CREATE TEMP TABLE sbg2 AS
SELECT s.*,
       CASE WHEN s.drug_id IS NOT NULL THEN
              date '2024-07-01' + (pg_temp.hi(s.k||'e', 300) + (s.j - 1) * 330)
            WHEN s.has_exp THEN date '2024-12-01' + pg_temp.hi(s.k||'e', 700) END AS expiry_date
FROM sbg s;

INSERT INTO inv.stock_batch (stock_batch_id, branch_id, product_id, batch_no, expiry_date, qty_on_hand, loc, delivery_id, updated_at)
SELECT row_number() OVER (ORDER BY s.branch_id, s.product_id, s.j),
       s.branch_id, s.product_id,
       CASE WHEN s.drug_id IS NOT NULL THEN
            upper(substr(md5(s.k||'bn'), 1, 2)) || lpad(pg_temp.hi(s.k||'bn', 99999)::text, 5, '0') END,
       s.expiry_date,
       CASE WHEN s.closed_on IS NOT NULL OR s.disc IS NOT NULL THEN 0
            WHEN s.expiry_date < date '2024-11-13' THEN
                 CASE WHEN pg_temp.h(s.k||'q0') < 0.12 THEN 1 + pg_temp.hi(s.k||'q', s.pack) ELSE 0 END
            WHEN pg_temp.h(s.k||'q0') < 0.07 THEN 0
            WHEN s.drug_id IS NULL THEN 1 + pg_temp.hi(s.k||'q', 12)
            ELSE 1 + pg_temp.hi(s.k||'q', s.pack * 4) END,
       s.loc,
       CASE WHEN s.j = s.nb THEN ld.delivery_id END,
       CASE WHEN s.closed_on IS NOT NULL THEN pg_temp.lt(s.closed_on, 1050)
            ELSE coalesce(ld.received_at, timestamptz '2024-11-12 17:00 Europe/London')
                 + make_interval(mins => pg_temp.hi(s.k||'u', 600)) END
FROM sbg2 s
LEFT JOIN lastdel ld ON ld.branch_id = s.branch_id AND ld.product_id = s.product_id;
UPDATE inv.stock_batch SET updated_at = timestamptz '2024-11-12 18:20 Europe/London'
WHERE updated_at > timestamptz '2024-11-12 18:20 Europe/London';

CREATE TEMP TABLE sbpick AS
SELECT branch_id, product_id, array_agg(stock_batch_id ORDER BY stock_batch_id) AS ids
FROM inv.stock_batch GROUP BY branch_id, product_id;
CREATE UNIQUE INDEX ON sbpick (branch_id, product_id);
ANALYZE sbpick;

-- ---------------------------------------------------------------- prescribers
CREATE TEMP TABLE prac (pcode text, pname text, ptype_mix text, n int, b1 int, b2 int);
INSERT INTO prac VALUES
 ('K81012','Kelbrook Health Centre','GP',9,1,2),
 ('K81044','Castlegate Surgery','GP',6,1,2),
 ('K81067','The Willows Medical Practice','GP',7,2,1),
 ('A82003','Ashdown Surgery','GP',6,3,13),
 ('A82019','Brindley & District Medical Practice','GP',4,13,3),
 ('F83022','Fenwick Family Practice','GP',5,4,3),
 ('L84011','Langley Park Medical Centre','GP',6,5,11),
 ('O85001','Ormsby Group Practice','GP',9,6,12),
 ('O85030','Market Place Surgery','GP',5,6,12),
 ('S86014','Stanton Vale Surgery','GP',4,7,5),
 ('M87002','Thornbury Road Surgery','GP',6,8,10),
 ('W88005','Wexcombe Medical Group','GP',7,9,14),
 ('M87040','Millbridge Health Village Practice','GP',10,10,8),
 ('R89008','Redhill Medical Practice','GP',6,11,5),
 ('O85052','Castle Street Medical Centre','GP',5,12,6),
 ('K81090','Oakhurst Surgery','GP',5,14,9),
 ('V02211','Kelbrook Dental Care','DEN',3,1,3),
 ('V03345','Ormsby Smile Dental Practice','DEN',2,6,12),
 ('V04410','Millbridge Dental Centre','DEN',2,10,8),
 ('RMB01','Millbridge General Hospital (outpatients)','HOSP',8,10,8);

CREATE TEMP TABLE prg AS
SELECT row_number() OVER (ORDER BY pr.pcode, g) AS prescriber_id, pr.*, g,
       CASE WHEN pr.ptype_mix = 'DEN' THEN 'D'
            WHEN pr.ptype_mix = 'HOSP' THEN 'H'
            WHEN g = pr.n THEN 'N'
            WHEN g = pr.n - 1 AND pr.n >= 7 THEN 'P'
            WHEN g = pr.n - 1 AND pr.n >= 5 THEN 'N'
            ELSE 'G' END AS ptype
FROM prac pr CROSS JOIN generate_series(1, pr.n) g;

INSERT INTO rx.prescriber (prescriber_id, title, initials, surname, ptype, reg_body, reg_no, practice_code, practice_name)
SELECT prescriber_id,
       CASE ptype WHEN 'G' THEN 'Dr' WHEN 'H' THEN 'Dr' WHEN 'D' THEN 'Dr'
                  ELSE (ARRAY['Mrs','Ms','Mr','Miss'])[1 + pg_temp.hi('pt'||prescriber_id, 4)] END,
       upper(substr(md5('pi'||prescriber_id), 1, 1)) || CASE WHEN pg_temp.h('pi2'||prescriber_id) < 0.4 THEN upper(substr(md5('pj'||prescriber_id), 3, 1)) ELSE '' END,
       nm.sn[1 + pg_temp.hi('psn'||prescriber_id, cardinality(nm.sn))],
       ptype,
       CASE ptype WHEN 'N' THEN 'NMC' WHEN 'P' THEN 'GPhC' WHEN 'D' THEN 'GDC' ELSE 'GMC' END,
       CASE ptype WHEN 'N' THEN lpad(pg_temp.hi('prn'||prescriber_id, 99)::text, 2, '0') || chr(65 + pg_temp.hi('prl'||prescriber_id, 26)) || lpad(pg_temp.hi('prm'||prescriber_id, 9999)::text, 4, '0') || chr(65 + pg_temp.hi('prl2'||prescriber_id, 26))
                  WHEN 'P' THEN '20' || lpad(pg_temp.hi('prn'||prescriber_id, 99999)::text, 5, '0')
                  WHEN 'D' THEN lpad((50000 + pg_temp.hi('prn'||prescriber_id, 250000))::text, 6, '0')
                  ELSE (3000000 + pg_temp.hi('prn'||prescriber_id, 4000000))::text END,
       pcode, pname
FROM prg CROSS JOIN nm;

-- prescriber pools per branch: local practices (first choice b1 heavy), anyone else occasionally
CREATE TEMP TABLE prpool AS
SELECT b.branch_id, row_number() OVER (PARTITION BY b.branch_id ORDER BY w.wt DESC, p.prescriber_id) AS idx, p.prescriber_id
FROM org.branch b
JOIN prg p ON p.b1 = b.branch_id OR p.b2 = b.branch_id
CROSS JOIN LATERAL (SELECT CASE WHEN p.b1 = b.branch_id THEN 2 ELSE 1 END AS wt) w
CROSS JOIN generate_series(1, 3) rep
WHERE rep <= CASE WHEN p.ptype_mix = 'GP' AND p.b1 = b.branch_id THEN 3 WHEN p.ptype_mix = 'GP' THEN 1 ELSE 1 END;
CREATE TEMP TABLE prpn AS SELECT branch_id, count(*)::int AS n FROM prpool GROUP BY branch_id;
CREATE INDEX ON prpool (branch_id, idx);

-- ---------------------------------------------------------------- patients
CREATE TEMP TABLE patg AS
WITH alloc AS (
  SELECT g.branch_id, round(32000 * g.base_rx / sum(g.base_rx) OVER ())::int AS n FROM bgen g
), raw AS (
  SELECT a.branch_id, s AS seq, 'pt'||a.branch_id||'-'||s AS k
  FROM alloc a CROSS JOIN generate_series(1, a.n) s
)
SELECT raw.*,
       CASE WHEN pg_temp.h(k||'sx') < 0.54 THEN 'F' ELSE 'M' END AS sex,
       (date '2024-06-30' - (power(pg_temp.h(k||'dob'), 0.78) * 95 * 365.25)::int) AS dob,
       CASE WHEN raw.branch_id = 14 THEN pg_temp.lt(date '2024-03-04' + pg_temp.hi(k||'reg', 150), 540 + pg_temp.hi(k||'rgm', 500))
            ELSE pg_temp.lt(date '2009-01-05' + pg_temp.hi(k||'reg', 5270), 540 + pg_temp.hi(k||'rgm', 500)) END AS registered_at
FROM raw;

CREATE TEMP TABLE pat AS
SELECT row_number() OVER (ORDER BY registered_at, k) AS patient_id, patg.* FROM patg;

INSERT INTO rx.patient (patient_id, nhs_no, first_name, last_name, dob, sex, postcode, nominated_branch_id, sms_ok, registered_at, deceased_on)
SELECT p.patient_id,
       CASE WHEN pg_temp.h(p.k||'nhs') < 0.015 THEN NULL
            ELSE (4000000000 + p.patient_id * 27361 + pg_temp.hi(p.k||'nn', 27000))::text END,
       CASE p.sex WHEN 'F' THEN nm.ff[1 + pg_temp.hi(p.k||'fn', 40)] ELSE nm.fm[1 + pg_temp.hi(p.k||'fn', 40)] END,
       nm.sn[1 + pg_temp.hi(p.k||'ln', cardinality(nm.sn))],
       p.dob, p.sex,
       split_part(b.postcode, ' ', 1) || ' ' || (1 + pg_temp.hi(p.k||'pc', 9))::text
         || chr(65 + pg_temp.hi(p.k||'pc1', 26)) || chr(65 + pg_temp.hi(p.k||'pc2', 26)),
       CASE WHEN pg_temp.h(p.k||'nom') < 0.12 THEN NULL
            WHEN p.branch_id = 13 THEN NULL
            ELSE p.branch_id END,
       pg_temp.h(p.k||'sms') < 0.46,
       p.registered_at, NULL
FROM pat p JOIN org.branch b USING (branch_id) CROSS JOIN nm;

-- patients used by each branch, older patients first (they come more often)
CREATE TEMP TABLE ppool AS
SELECT branch_id, row_number() OVER (PARTITION BY branch_id ORDER BY dob, patient_id) AS idx, patient_id, dob, sex
FROM pat;
CREATE UNIQUE INDEX ON ppool (branch_id, idx);
CREATE TEMP TABLE ppn AS SELECT branch_id, count(*)::int AS n FROM ppool GROUP BY branch_id;
ANALYZE ppool;

-- ---------------------------------------------------------------- prescriptions
CREATE TEMP TABLE rxslot AS
WITH w AS (
  SELECT drug_id, rx_pop,
         sum(rx_pop) OVER (ORDER BY drug_id) - rx_pop AS lo, sum(rx_pop) OVER (ORDER BY drug_id) AS hi,
         sum(rx_pop) OVER () AS tot
  FROM dmap WHERE rx_pop > 0
)
SELECT s AS slot, w.drug_id FROM generate_series(0, 1999) s JOIN w ON s * w.tot / 2000.0 >= w.lo AND s * w.tot / 2000.0 < w.hi;
CREATE UNIQUE INDEX ON rxslot (slot);
CREATE TEMP TABLE dentslot AS
SELECT row_number() OVER (ORDER BY x.ord) - 1 AS slot, dm.drug_id
FROM (VALUES ('AMX500',1),('AMX500',2),('AMX500',3),('MTZ400',4),('MTZ400',5),('PAR500',6),('IBU400',7),('CLA500',8)) x(code, ord)
JOIN dmap dm ON dm.code = x.code;

CREATE TEMP TABLE rxprod AS
SELECT m.drug_id, m.product_id AS generic_pid, b.product_id AS brand_pid, coalesce(b.rx_share, 0) AS share
FROM pg m LEFT JOIN pg b ON b.drug_id = m.drug_id AND NOT b.is_main AND b.rx_share > 0
WHERE m.is_main;
CREATE UNIQUE INDEX ON rxprod (drug_id);

CREATE TEMP TABLE rxg0 AS
SELECT bd.branch_id, bd.d, bd.dow, g AS kn, 'rx'||bd.branch_id||'-'||bd.d||'-'||g AS k
FROM bday bd JOIN bgen bg USING (branch_id) JOIN org.branch b USING (branch_id)
CROSS JOIN LATERAL generate_series(1, greatest(1, round(
      bg.base_rx
    * CASE bd.dow WHEN 1 THEN 1.35 WHEN 2 THEN 1.05 WHEN 3 THEN 1.0 WHEN 4 THEN 1.0 WHEN 5 THEN 1.15 WHEN 6 THEN 0.35 ELSE 0.25 END
    * (1 + 0.06 * (bd.d - date '2023-07-01') / 365.0)
    * CASE WHEN bd.branch_id = 14 THEN least(1.0, 0.25 + (bd.d - b.opened_on) / 120.0)
           WHEN bd.branch_id = 13 AND bd.d >= date '2024-08-01' THEN 0.7 ELSE 1.0 END
    * (0.8 + 0.4 * pg_temp.h('n'||bd.branch_id||bd.d)))::int)) g
WHERE bd.past;

ALTER TABLE rxg0 ADD COLUMN pidx int, ADD COLUMN pridx int;
UPDATE rxg0 r SET pidx = 1 + floor(ppn.n * power(pg_temp.h(r.k||'pt'), 1.6))::int,
                  pridx = 1 + pg_temp.hi(r.k||'pr', prpn.n)
FROM ppn, prpn WHERE ppn.branch_id = r.branch_id AND prpn.branch_id = r.branch_id;

CREATE TEMP TABLE rxg1 AS
SELECT r.*,
       pg_temp.lt(r.d, CASE r.dow WHEN 7 THEN 600 + floor(300 * power(pg_temp.h(r.k||'t'), 1.3))::int
                                  WHEN 6 THEN 540 + floor(360 * power(pg_temp.h(r.k||'t'), 1.3))::int
                                  ELSE 510 + floor(480 * power(pg_temp.h(r.k||'t'), 1.3))::int END)
         + make_interval(secs => pg_temp.hi(r.k||'s', 60)) AS received_at,
       (CASE WHEN pg_temp.h(r.k||'ch') < 0.64 THEN 'eps' WHEN pg_temp.h(r.k||'ch') < 0.89 THEN 'eps_repeat'
             WHEN pg_temp.h(r.k||'ch') < 0.97 THEN 'paper' ELSE 'private' END)::rx.rx_channel AS channel,
       pp.patient_id, pp.dob, pp.sex, pr.prescriber_id, p.ptype
FROM rxg0 r
JOIN ppool pp ON pp.branch_id = r.branch_id AND pp.idx = r.pidx
JOIN prpool pr ON pr.branch_id = r.branch_id AND pr.idx = r.pridx
JOIN prg p ON p.prescriber_id = pr.prescriber_id;

CREATE TEMP TABLE rxg AS
SELECT row_number() OVER (ORDER BY received_at, branch_id, kn) AS rx_id, r.*,
       extract(year FROM age(r.d, r.dob))::int AS age_yrs,
       pg_temp.h(r.k||'x') < 0.006 AS cancelled,
       pg_temp.h(r.k||'nc') < 0.022 AS never_collect
FROM rxg1 r;
ALTER TABLE rxg ADD COLUMN disp_at timestamptz, ADD COLUMN check_at timestamptz;
UPDATE rxg SET disp_at = CASE
    WHEN channel = 'eps_repeat' THEN
      pg_temp.lt(d + 1 + pg_temp.hi(k||'rd', 3) + CASE WHEN extract(isodow FROM d + 1 + pg_temp.hi(k||'rd', 3)) = 7 THEN 1 ELSE 0 END,
                 600 + pg_temp.hi(k||'rdm', 420)) + make_interval(secs => pg_temp.hi(k||'rds', 60))
    ELSE least(received_at + make_interval(mins => 8 + floor(210 * power(pg_temp.h(k||'lag'), 2))::int, secs => pg_temp.hi(k||'lgs', 60)),
               pg_temp.lt(d, CASE dow WHEN 7 THEN 945 WHEN 6 THEN 1005 ELSE 1080 END) - make_interval(mins => pg_temp.hi(k||'cap', 10)))
    END;
UPDATE rxg SET check_at = disp_at + make_interval(mins => 4 + pg_temp.hi(k||'ck', 36), secs => pg_temp.hi(k||'cks', 60));
CREATE INDEX ON rxg (rx_id);
ANALYZE rxg;

CREATE TEMP TABLE itg0 AS
SELECT r.rx_id, g AS line_no, r.k||'-'||g AS ik, r.branch_id, r.d, r.cancelled, r.disp_at, r.check_at, r.ptype,
       CASE WHEN r.ptype = 'D' THEN pg_temp.hi(r.k||'-'||g||'dr', 8) ELSE pg_temp.hi(r.k||'-'||g||'dr', 2000) END AS slot
FROM rxg r
CROSS JOIN LATERAL generate_series(1, CASE WHEN r.ptype = 'D' THEN 1
                                           WHEN pg_temp.h(r.k||'ni') < 0.45 THEN 1 WHEN pg_temp.h(r.k||'ni') < 0.74 THEN 2
                                           WHEN pg_temp.h(r.k||'ni') < 0.89 THEN 3 WHEN pg_temp.h(r.k||'ni') < 0.96 THEN 4
                                           WHEN pg_temp.h(r.k||'ni') < 0.99 THEN 5 ELSE 6 END) g
;
-- patients with a penicillin allergy on record (same rule as the allergy generation below)
CREATE TEMP TABLE penallergic AS
SELECT patient_id FROM pat
WHERE (pg_temp.h('al'||patient_id) < 0.13 AND pg_temp.hi('al'||patient_id||'-1'||'a', 100) < 38)
   OR (pg_temp.h('al'||patient_id) < 0.035 AND pg_temp.hi('al'||patient_id||'-2'||'a', 100) < 38);
CREATE UNIQUE INDEX ON penallergic (patient_id);
CREATE TEMP TABLE pendrug AS SELECT drug_id FROM dmap WHERE code IN ('AMX500','AMX250S','COA625','FLC500','PEN250');

CREATE TEMP TABLE itg AS
SELECT i.rx_id, i.line_no, i.ik, i.branch_id, i.d, i.cancelled, i.disp_at, i.check_at,
       CASE WHEN pa.patient_id IS NOT NULL AND pd.drug_id IS NOT NULL AND pg_temp.h(i.ik||'pa') < 0.96
            THEN (SELECT drug_id FROM dmap WHERE code = 'CLA500')
            ELSE coalesce(ds.drug_id, rs.drug_id) END AS drug_id,
       (pa.patient_id IS NOT NULL AND pd.drug_id IS NOT NULL) AS pen_clash
FROM itg0 i
JOIN rxg r ON r.rx_id = i.rx_id
LEFT JOIN dentslot ds ON i.ptype = 'D' AND ds.slot = i.slot
LEFT JOIN rxslot rs ON i.ptype <> 'D' AND rs.slot = i.slot
LEFT JOIN penallergic pa ON pa.patient_id = r.patient_id
LEFT JOIN pendrug pd ON pd.drug_id = coalesce(ds.drug_id, rs.drug_id);

CREATE TEMP TABLE itg2 AS
SELECT row_number() OVER (ORDER BY i.rx_id, i.line_no) AS item_id, i.*,
       dm.code, dm.std_qty, dm.dose,
       (sh.code IS NOT NULL) AS in_short
FROM itg i JOIN dmap dm ON dm.drug_id = i.drug_id
LEFT JOIN sh ON sh.code = dm.code AND i.d BETWEEN sh.f AND sh.t;

CREATE TEMP TABLE itg3 AS
SELECT i.*,
       i.std_qty * CASE WHEN i.std_qty IN (28, 30) AND pg_temp.h(i.ik||'q2') < 0.18 THEN 2 ELSE 1 END AS qty,
       CASE WHEN i.cancelled THEN 'PC'
            WHEN i.pen_clash AND i.drug_id IN (SELECT drug_id FROM pendrug) AND pg_temp.h(i.ik||'pcl') < 0.6 THEN 'CL'
            WHEN i.in_short AND pg_temp.h(i.ik||'nd') < 0.08 THEN 'OS'
            WHEN pg_temp.h(i.ik||'nd') < 0.004 THEN 'PR'
            WHEN pg_temp.h(i.ik||'nd') < 0.007 THEN 'CL'
            WHEN pg_temp.h(i.ik||'nd') < 0.010 THEN 'PC' END AS nd_reason,
       CASE WHEN i.in_short THEN pg_temp.h(i.ik||'ow') < 0.30 ELSE pg_temp.h(i.ik||'ow') < 0.02 END AS owing
FROM itg2 i;

INSERT INTO rx.rx_item (item_id, rx_id, line_no, drug_id, qty, dosage, endorsement, nd_reason)
SELECT item_id, rx_id, line_no, drug_id, qty, dose,
       CASE WHEN nd_reason IS NOT NULL THEN NULL
            WHEN code = 'OMES' THEN 'SP'
            WHEN in_short AND pg_temp.h(ik||'en') < 0.7 THEN 'NCSO'
            WHEN pg_temp.h(ik||'en') < 0.02 THEN 'BB'
            WHEN pg_temp.h(ik||'en') < 0.03 THEN 'PC' END,
       nd_reason
FROM itg3 ORDER BY item_id;

-- supplies
CREATE TEMP TABLE dsg AS
WITH s AS (
  SELECT i.item_id, i.rx_id, i.ik, i.branch_id, i.d, i.drug_id, i.line_no,
         CASE WHEN i.owing THEN greatest(1, floor(i.qty * (0.25 + 0.5 * pg_temp.h(i.ik||'pq')))::int) ELSE i.qty END AS qty1,
         i.qty, i.owing,
         i.disp_at + make_interval(secs => 25 * (i.line_no - 1)) AS d1,
         i.check_at AS c1
  FROM itg3 i
  WHERE i.nd_reason IS NULL AND i.disp_at <= timestamptz '2024-11-12 18:30 Europe/London'
)
SELECT item_id, rx_id, ik, branch_id, drug_id, false AS is_balance, qty1 AS qty_units, d1 AS dispensed_at,
       CASE WHEN c1 <= timestamptz '2024-11-12 18:30 Europe/London' THEN c1 END AS checked_at
FROM s
UNION ALL
SELECT item_id, rx_id, ik, branch_id, drug_id, true, qty - qty1,
       pg_temp.lt((d1 AT TIME ZONE 'Europe/London')::date + 1 + pg_temp.hi(ik||'bd', 6)
                  + CASE WHEN extract(isodow FROM (d1 AT TIME ZONE 'Europe/London')::date + 1 + pg_temp.hi(ik||'bd', 6)) = 7 THEN 1 ELSE 0 END,
                  600 + pg_temp.hi(ik||'bm', 420)),
       NULL
FROM s WHERE owing AND qty > qty1;
UPDATE dsg SET checked_at = dispensed_at + make_interval(mins => 5 + pg_temp.hi(ik||'bc', 30))
WHERE is_balance;
-- balances not supplied yet are not dispensing records
DELETE FROM dsg WHERE is_balance AND dispensed_at > timestamptz '2024-11-12 18:30 Europe/London';
UPDATE dsg SET checked_at = NULL WHERE checked_at > timestamptz '2024-11-12 18:30 Europe/London';

-- owings still outstanding
CREATE TEMP TABLE owing_open AS
SELECT DISTINCT i.rx_id FROM itg3 i
WHERE i.owing AND i.nd_reason IS NULL AND i.disp_at <= timestamptz '2024-11-12 18:30 Europe/London'
  AND NOT EXISTS (SELECT 1 FROM dsg WHERE dsg.item_id = i.item_id AND dsg.is_balance)
  AND i.qty > greatest(1, floor(i.qty * (0.25 + 0.5 * pg_temp.h(i.ik||'pq')))::int);

INSERT INTO rx.dispensing (disp_id, item_id, product_id, stock_batch_id, qty_units, dispensed_at, dispensed_by, checked_at, checked_by, is_balance)
SELECT row_number() OVER (ORDER BY s.dispensed_at, s.item_id),
       s.item_id, x.pid,
       sp.ids[1 + pg_temp.hi(s.ik||'sb', cardinality(sp.ids))],
       s.qty_units, s.dispensed_at,
       (coalesce(dd.disp_arr, dr.disp_arr))[1 + pg_temp.hi(s.ik||'db'||s.is_balance, cardinality(coalesce(dd.disp_arr, dr.disp_arr)))],
       s.checked_at,
       CASE WHEN s.checked_at IS NOT NULL THEN coalesce(dc.rp, dr.rp) END,
       s.is_balance
FROM dsg s
JOIN rxg r ON r.rx_id = s.rx_id
JOIN rxprod rp ON rp.drug_id = s.drug_id
CROSS JOIN LATERAL (SELECT CASE WHEN rp.brand_pid IS NOT NULL AND pg_temp.h(s.ik||'br') < rp.share THEN rp.brand_pid ELSE rp.generic_pid END AS pid) x
LEFT JOIN sbpick sp ON sp.branch_id = s.branch_id AND sp.product_id = x.pid
JOIN duty dr ON dr.branch_id = r.branch_id AND dr.d = r.d
LEFT JOIN duty dd ON dd.branch_id = s.branch_id AND dd.d = (s.dispensed_at AT TIME ZONE 'Europe/London')::date
LEFT JOIN duty dc ON dc.branch_id = s.branch_id AND dc.d = (s.checked_at AT TIME ZONE 'Europe/London')::date;

-- prescription status and collection
CREATE TEMP TABLE rxst AS
WITH agg AS (
  SELECT rx_id,
         count(*) AS n_supplies,
         bool_or(checked_at IS NULL) AS pending_check,
         max(checked_at) AS final_at
  FROM dsg GROUP BY rx_id
), nd AS (
  SELECT rx_id, bool_and(nd_reason IS NOT NULL) AS all_nd FROM itg3 GROUP BY rx_id
)
SELECT r.rx_id, r.k, r.branch_id, r.cancelled, r.never_collect, a.final_at,
       CASE WHEN r.cancelled OR nd.all_nd THEN 'X'
            WHEN a.rx_id IS NULL OR a.pending_check THEN 'R'
            WHEN r.rx_id IN (SELECT rx_id FROM owing_open) THEN 'O'
            WHEN r.never_collect THEN
                 CASE WHEN a.final_at < timestamptz '2024-11-12 18:30 Europe/London' - interval '56 days' THEN 'U' ELSE 'B' END
            ELSE 'C?' END AS st
FROM rxg r JOIN nd USING (rx_id) LEFT JOIN agg a USING (rx_id);

CREATE TEMP TABLE rxcol AS
SELECT s.rx_id,
       CASE WHEN s.st <> 'C?' THEN NULL
            WHEN (b.services->>'delivery')::boolean AND pg_temp.h(s.k||'cmeth') < 0.17 THEN 'D'
            WHEN (b.services->>'locker')::boolean AND s.final_at::date >= (b.services->>'locker_since')::date
                 AND pg_temp.h(s.k||'cmeth') > 0.88 THEN 'L'
            ELSE 'S' END AS meth,
       s.st, s.final_at, s.k
FROM rxst s JOIN org.branch b USING (branch_id);

CREATE TEMP TABLE rxcol2 AS
SELECT c.*,
       CASE WHEN c.meth IS NULL THEN NULL
            WHEN c.meth = 'D' THEN pg_temp.lt((c.final_at AT TIME ZONE 'Europe/London')::date + 1
                                              + CASE WHEN extract(isodow FROM (c.final_at AT TIME ZONE 'Europe/London')::date + 1) >= 6 THEN 2 ELSE 0 END,
                                              600 + pg_temp.hi(c.k||'dt', 360))
            WHEN pg_temp.h(c.k||'cd') < 0.33 THEN
                 greatest(c.final_at + interval '2 minutes',
                          least(c.final_at + make_interval(mins => 10 + pg_temp.hi(c.k||'cdm', 150)),
                                pg_temp.lt((c.final_at AT TIME ZONE 'Europe/London')::date, 1095)))
            ELSE pg_temp.lt((c.final_at AT TIME ZONE 'Europe/London')::date + 1 + floor(13 * power(pg_temp.h(c.k||'cdd'), 2))::int,
                            555 + pg_temp.hi(c.k||'cdt', 510)) END AS coll_at
FROM rxcol c;

INSERT INTO rx.prescription (rx_id, branch_id, patient_id, prescriber_id, channel, eps_id, issued_on, received_at, status,
                             exempt_code, collected_at, collect_method)
SELECT r.rx_id, r.branch_id, r.patient_id, r.prescriber_id, r.channel,
       CASE WHEN r.channel IN ('eps','eps_repeat') THEN
            upper(substr(md5(r.k||'eps'), 1, 6) || '-' || substr(md5(r.k||'eps'), 7, 6) || '-' || substr(md5(r.k||'eps'), 13, 6)) END,
       r.d - CASE r.channel WHEN 'paper' THEN pg_temp.hi(r.k||'iss', 10) WHEN 'private' THEN pg_temp.hi(r.k||'iss', 5)
                            WHEN 'eps_repeat' THEN pg_temp.hi(r.k||'iss', 3) ELSE pg_temp.hi(r.k||'iss', 2) END,
       r.received_at,
       CASE WHEN c.st = 'C?' THEN CASE WHEN c.coll_at <= timestamptz '2024-11-12 18:30 Europe/London' THEN 'C' ELSE 'B' END
            ELSE c.st END,
       CASE WHEN r.channel = 'private' THEN NULL
            WHEN r.age_yrs >= 60 OR r.age_yrs < 16 THEN 'A'
            WHEN r.age_yrs < 19 AND pg_temp.h('exb'||r.patient_id) < 0.7 THEN 'B'
            WHEN pg_temp.h('ex'||r.patient_id) < 0.13 THEN 'F'
            WHEN pg_temp.h('ex'||r.patient_id) < 0.22 THEN 'E'
            WHEN pg_temp.h('ex'||r.patient_id) < 0.29 THEN 'H'
            WHEN pg_temp.h('ex'||r.patient_id) < 0.32 THEN 'L'
            WHEN r.sex = 'F' AND r.age_yrs BETWEEN 18 AND 44 AND pg_temp.h('ex'||r.patient_id) < 0.37 THEN 'D'
            END,
       CASE WHEN c.coll_at <= timestamptz '2024-11-12 18:30 Europe/London' THEN c.coll_at END,
       CASE WHEN c.coll_at <= timestamptz '2024-11-12 18:30 Europe/London' THEN c.meth END
FROM rxg r JOIN rxcol2 c USING (rx_id)
ORDER BY r.rx_id;

-- registration never after the first prescription; deaths after the last one
UPDATE rx.patient p SET registered_at = f.first_rx - make_interval(mins => 5 + pg_temp.hi('rg'||p.patient_id, 2000))
FROM (SELECT patient_id, min(received_at) AS first_rx FROM rxg GROUP BY patient_id) f
WHERE f.patient_id = p.patient_id AND f.first_rx < p.registered_at;
UPDATE rx.patient p SET deceased_on = l.last_d + 20 + pg_temp.hi('dd'||p.patient_id, 80)
FROM (SELECT patient_id, max(d) AS last_d FROM rxg GROUP BY patient_id) l
WHERE l.patient_id = p.patient_id
  AND pg_temp.h('dead'||p.patient_id) < 0.05 AND p.dob < date '1950-01-01'
  AND l.last_d + 20 + pg_temp.hi('dd'||p.patient_id, 80) < date '2024-11-12';

-- ---------------------------------------------------------------- allergies
CREATE TEMP TABLE alg AS
SELECT p.patient_id, p.registered_at, p.nominated_branch_id, g, 'al'||p.patient_id||'-'||g AS k,
       pg_temp.h('al'||p.patient_id) < 0.13 AS real_allergy
FROM rx.patient p CROSS JOIN generate_series(1, 2) g
WHERE (g = 1 AND pg_temp.h('al'||p.patient_id) < 0.40) OR (g = 2 AND pg_temp.h('al'||p.patient_id) < 0.035);

CREATE TEMP TABLE alg2 AS
SELECT DISTINCT ON (a.patient_id, x.allergen) a.*, x.allergen
FROM alg a
CROSS JOIN LATERAL (SELECT CASE WHEN NOT a.real_allergy THEN 'NKDA'
    ELSE CASE WHEN pg_temp.hi(a.k||'a', 100) < 38 THEN 'Penicillins'
              WHEN pg_temp.hi(a.k||'a', 100) < 50 THEN 'NSAIDs'
              WHEN pg_temp.hi(a.k||'a', 100) < 56 THEN 'Aspirin'
              WHEN pg_temp.hi(a.k||'a', 100) < 63 THEN 'Sulfonamides'
              WHEN pg_temp.hi(a.k||'a', 100) < 70 THEN 'Codeine'
              WHEN pg_temp.hi(a.k||'a', 100) < 75 THEN 'Trimethoprim'
              WHEN pg_temp.hi(a.k||'a', 100) < 79 THEN 'Macrolides'
              WHEN pg_temp.hi(a.k||'a', 100) < 82 THEN 'Cephalosporins'
              WHEN pg_temp.hi(a.k||'a', 100) < 87 THEN 'Latex'
              WHEN pg_temp.hi(a.k||'a', 100) < 91 THEN 'Elastoplast / adhesive dressings'
              WHEN pg_temp.hi(a.k||'a', 100) < 96 THEN 'Peanut'
              WHEN pg_temp.hi(a.k||'a', 100) < 98 THEN 'Egg'
              ELSE 'Chlorhexidine' END END AS allergen) x
ORDER BY a.patient_id, x.allergen, a.g;

INSERT INTO rx.patient_allergy (allergy_id, patient_id, allergen, reaction, severity, recorded_at, recorded_by)
SELECT row_number() OVER (ORDER BY a.recorded_at, a.patient_id, a.allergen),
       a.patient_id, a.allergen,
       CASE WHEN a.allergen = 'NKDA' THEN NULL
            WHEN a.sev = 'S' THEN (ARRAY['Anaphylaxis','Angioedema'])[1 + pg_temp.hi(a.k||'r', 2)]
            WHEN a.sev = 'O' THEN (ARRAY['Urticaria','Vomiting','Facial swelling','Wheeze'])[1 + pg_temp.hi(a.k||'r', 4)]
            WHEN pg_temp.h(a.k||'rn') < 0.2 THEN NULL
            ELSE (ARRAY['Rash','Itching','Nausea','Diarrhoea'])[1 + pg_temp.hi(a.k||'r', 4)] END,
       a.sev, a.recorded_at,
       CASE WHEN pg_temp.h(a.k||'imp') < 0.35 OR a.nominated_branch_id IS NULL THEN NULL
            ELSE (SELECT min(st.staff_id) FROM st WHERE st.branch_id = a.nominated_branch_id AND st.role = 'pharmacist') END
FROM (
  SELECT alg2.*,
         CASE WHEN allergen = 'NKDA' THEN NULL
              WHEN pg_temp.h(k||'sev') < 0.10 THEN 'S' WHEN pg_temp.h(k||'sev') < 0.45 THEN 'O' ELSE 'M' END AS sev,
         least(registered_at + make_interval(days => pg_temp.hi(k||'rd', 400), mins => pg_temp.hi(k||'rm', 300)),
               timestamptz '2024-11-12 17:00 Europe/London' - make_interval(mins => pg_temp.hi(k||'rm2', 5000))) AS recorded_at
  FROM alg2
) a;

-- ---------------------------------------------------------------- OTC sales
CREATE TEMP TABLE otcslot AS
WITH w AS (
  SELECT product_id, otc_pop,
         sum(otc_pop) OVER (ORDER BY product_id) - otc_pop AS lo, sum(otc_pop) OVER (ORDER BY product_id) AS hi,
         sum(otc_pop) OVER () AS tot
  FROM pg WHERE otc_pop > 0 AND disc IS NULL AND legal <> 'POM'
)
SELECT s AS slot, w.product_id FROM generate_series(0, 3999) s JOIN w ON s * w.tot / 4000.0 >= w.lo AND s * w.tot / 4000.0 < w.hi;
CREATE UNIQUE INDEX ON otcslot (slot);

CREATE TEMP TABLE bkg AS
SELECT bd.branch_id, bd.d, bd.dow, g AS kn, 'bk'||bd.branch_id||'-'||bd.d||'-'||g AS k, b.n_tills
FROM bday bd JOIN bgen bg USING (branch_id) JOIN org.branch b USING (branch_id)
CROSS JOIN LATERAL generate_series(1, greatest(1, round(
      bg.base_otc
    * CASE WHEN bd.dow = 7 THEN 0.9 WHEN bd.dow = 6 AND bd.branch_id = 11 THEN 1.6 WHEN bd.dow = 6 THEN 1.25 ELSE 1.0 END
    * CASE WHEN extract(month FROM bd.d) IN (11, 12, 1, 2) THEN 1.15 WHEN extract(month FROM bd.d) IN (6, 7, 8) THEN 0.95 ELSE 1.0 END
    * CASE WHEN bd.branch_id = 14 THEN least(1.0, 0.3 + (bd.d - b.opened_on) / 150.0) ELSE 1.0 END
    * (0.8 + 0.4 * pg_temp.h('nb'||bd.branch_id||bd.d)))::int)) g
WHERE bd.past;

CREATE TEMP TABLE bkg2 AS
SELECT row_number() OVER (ORDER BY x.sold_at, x.branch_id, x.kn) AS basket_id, x.*
FROM (
  SELECT b.*,
         pg_temp.lt(b.d, CASE b.dow WHEN 7 THEN 600 + pg_temp.hi(b.k||'t', 345)
                                    WHEN 6 THEN 540 + pg_temp.hi(b.k||'t', 465)
                                    ELSE 540 + pg_temp.hi(b.k||'t', 525) END) + make_interval(secs => pg_temp.hi(b.k||'s', 60)) AS sold_at,
         1 + pg_temp.hi(b.k||'till', b.n_tills) AS till_no,
         du.till_arr[1 + pg_temp.hi(b.k||'st', cardinality(du.till_arr))] AS staff_id,
         CASE WHEN pg_temp.h(b.k||'bt') < 0.012 THEN 'V' WHEN pg_temp.h(b.k||'bt') < 0.020 THEN 'R' ELSE 'S' END AS btype,
         CASE WHEN extract(year FROM b.d) = 2023 THEN
                   CASE WHEN pg_temp.h(b.k||'tn') < 0.47 THEN 'CL' WHEN pg_temp.h(b.k||'tn') < 0.67 THEN 'CC'
                        WHEN pg_temp.h(b.k||'tn') < 0.98 THEN 'CA' ELSE 'GV' END
              ELSE CASE WHEN pg_temp.h(b.k||'tn') < 0.56 THEN 'CL' WHEN pg_temp.h(b.k||'tn') < 0.74 THEN 'CC'
                        WHEN pg_temp.h(b.k||'tn') < 0.985 THEN 'CA' ELSE 'GV' END END AS tender
  FROM bkg b JOIN duty du ON du.branch_id = b.branch_id AND du.d = b.d
) x;

CREATE TEMP TABLE blg0 AS
SELECT b.basket_id, b.k, b.d, b.btype, g AS line_no, pg_temp.hi(b.k||g||'p', 4000) AS slot
FROM bkg2 b
CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.h(b.k||'nl') < 0.55 THEN 1 WHEN pg_temp.h(b.k||'nl') < 0.82 THEN 2
                                           WHEN pg_temp.h(b.k||'nl') < 0.94 THEN 3 ELSE 4 END) g;

CREATE TEMP TABLE blg AS
SELECT b.basket_id, b.line_no, os.product_id,
       (CASE WHEN p.code IN ('CCM8','PSE60') OR p.pdesc = 'Carrier bag' THEN 1
             WHEN pg_temp.h(b.k||b.line_no||'q') < 0.88 THEN 1 WHEN pg_temp.h(b.k||b.line_no||'q') < 0.97 THEN 2 ELSE 3 END)
         * CASE WHEN b.btype = 'R' THEN -1 ELSE 1 END AS qty,
       ph.rrp AS unit_price,
       CASE WHEN b.btype <> 'R' AND p.legal = 'NM' AND pg_temp.h(b.k||b.line_no||'dc') < 0.07 THEN true ELSE false END AS promo
FROM blg0 b
JOIN otcslot os ON os.slot = b.slot
JOIN pg p ON p.product_id = os.product_id
JOIN phg ph ON ph.product_id = os.product_id AND b.d >= ph.vfrom AND (ph.vto IS NULL OR b.d <= ph.vto);

INSERT INTO pos.basket_line (basket_id, line_no, product_id, qty, unit_price, discount_gbp, line_total)
SELECT basket_id, line_no, product_id, qty, unit_price,
       CASE WHEN promo THEN round(unit_price * qty * 0.25, 2) END,
       unit_price * qty - CASE WHEN promo THEN round(unit_price * qty * 0.25, 2) ELSE 0 END
FROM blg ORDER BY basket_id, line_no;

INSERT INTO pos.basket (basket_id, branch_id, till_no, staff_id, sold_at, btype, tender, total_gbp, item_count)
SELECT b.basket_id, b.branch_id, b.till_no, b.staff_id, b.sold_at, b.btype, b.tender, t.total, t.items
FROM bkg2 b
JOIN (SELECT basket_id, sum(line_total) AS total, sum(abs(qty))::int AS items FROM blg
        CROSS JOIN LATERAL (SELECT unit_price * qty - CASE WHEN promo THEN round(unit_price * qty * 0.25, 2) ELSE 0 END AS line_total) lt
      GROUP BY basket_id) t USING (basket_id)
ORDER BY b.basket_id;

-- ---------------------------------------------------------------- stock adjustments
CREATE TEMP TABLE adjpool AS
SELECT 'ALL' AS pool, row_number() OVER (ORDER BY product_id) AS idx, product_id FROM pg WHERE disc IS NULL
UNION ALL
SELECT 'CD2', row_number() OVER (ORDER BY p.product_id), p.product_id
FROM pg p JOIN cat.drug d ON d.drug_id = p.drug_id WHERE d.cd_sch = 2
UNION ALL
SELECT 'SHOP', row_number() OVER (ORDER BY product_id), product_id FROM pg WHERE legal IN ('GSL','P','NM') AND disc IS NULL AND rrp >= 3;
CREATE TEMP TABLE adjpn AS SELECT pool, count(*)::int AS n FROM adjpool GROUP BY pool;

CREATE TEMP TABLE sag AS
WITH raw AS (
  SELECT bd.branch_id, bd.d, g AS kn, 'sa'||bd.branch_id||'-'||bd.d||'-'||g AS k
  FROM bday bd CROSS JOIN LATERAL generate_series(1, pg_temp.hi('san'||bd.branch_id||bd.d, 5)) g
  WHERE bd.past
), r2 AS (
  SELECT raw.*,
         CASE WHEN pg_temp.h(k||'r') < 0.30 THEN 'CNT' WHEN pg_temp.h(k||'r') < 0.58 THEN 'EXP'
              WHEN pg_temp.h(k||'r') < 0.68 THEN 'DMG' WHEN pg_temp.h(k||'r') < 0.76 THEN 'RTS'
              WHEN pg_temp.h(k||'r') < 0.83 THEN 'TRF' WHEN pg_temp.h(k||'r') < 0.885 THEN 'LOS'
              WHEN pg_temp.h(k||'r') < 0.92 THEN 'CDD' ELSE 'EXP' END AS reason
  FROM raw
)
, r3 AS MATERIALIZED (
  SELECT r2.*, n.pool, 1 + pg_temp.hi(r2.k||'p', n.n) AS pidx
  FROM r2 JOIN adjpn n ON n.pool = CASE r2.reason WHEN 'CDD' THEN 'CD2' WHEN 'LOS' THEN 'SHOP' ELSE 'ALL' END
)
SELECT r3.branch_id, r3.d, r3.kn, r3.k, r3.reason, ap.product_id
FROM r3 JOIN adjpool ap ON ap.pool = r3.pool AND ap.idx = r3.pidx;

-- fridge failure at Wexcombe overnight 16/17 October 2024
INSERT INTO sag
SELECT 9, date '2024-10-17', 100 + row_number() OVER (ORDER BY p.product_id), 'ff9-'||p.product_id, 'DMG', p.product_id
FROM pg p JOIN cat.drug d ON d.drug_id = p.drug_id WHERE d.is_fridge AND p.disc IS NULL;

CREATE TEMP TABLE sag2 AS
SELECT s.*, p.pack, ph.cost_price,
       CASE WHEN s.kn > 100 THEN -(p.pack * (2 + pg_temp.hi(s.k||'ffq', 3)))
            WHEN s.reason = 'CNT' THEN (CASE WHEN pg_temp.h(s.k||'sg') < 0.6 THEN -1 ELSE 1 END) * (1 + pg_temp.hi(s.k||'q', p.pack / 2 + 1))
            WHEN p.legal = 'NM' THEN -(1 + pg_temp.hi(s.k||'q', 3))
            ELSE -(1 + pg_temp.hi(s.k||'q', p.pack)) END AS qty_units,
       CASE WHEN s.kn > 100 THEN pg_temp.lt(s.d, 510 + (s.kn - 100)::int * 3)
            ELSE pg_temp.lt(s.d, 555 + pg_temp.hi(s.k||'t', 500)) END AS adj_at
FROM sag s
JOIN pg p ON p.product_id = s.product_id
JOIN phg ph ON ph.product_id = s.product_id AND s.d >= ph.vfrom AND (ph.vto IS NULL OR s.d <= ph.vto);

INSERT INTO inv.stock_adj (adj_id, branch_id, product_id, stock_batch_id, reason_code, qty_units, value_gbp, adj_at, adj_by, witness_id, note)
SELECT row_number() OVER (ORDER BY s.adj_at, s.branch_id, s.kn),
       s.branch_id, s.product_id,
       CASE WHEN s.reason = 'EXP' THEN sp.ids[1] ELSE sp.ids[1 + pg_temp.hi(s.k||'sb', cardinality(sp.ids))] END,
       s.reason, s.qty_units,
       round(s.qty_units::numeric / s.pack * s.cost_price, 2),
       s.adj_at,
       du.rp,
       CASE WHEN s.reason = 'CDD' THEN CASE b.area_code WHEN 'N' THEN 2 WHEN 'S' THEN 3 ELSE 4 END END,
       CASE WHEN s.kn > 100 THEN 'Fridge failure overnight 16-17/10, max temp 14.2C - cold chain stock quarantined and destroyed'
            WHEN s.reason = 'LOS' AND pg_temp.h(s.k||'nt') < 0.3 THEN 'Suspected shoplifting'
            WHEN s.reason = 'DMG' AND pg_temp.h(s.k||'nt') < 0.3 THEN 'Damaged in delivery tote'
            WHEN s.reason = 'TRF' THEN 'To ' || (ARRAY['KHS','KMC','ASH','FEN','LGP','ORM','STV','THR','WEX','MHV','RRP','CAS','BRI','OAK'])[1 + (s.branch_id + pg_temp.hi(s.k||'to', 12)) % 14]
            WHEN s.reason = 'CDD' THEN 'Out-of-date stock CD destroyed in the presence of the authorised witness' END
FROM sag2 s
JOIN org.branch b ON b.branch_id = s.branch_id
JOIN duty du ON du.branch_id = s.branch_id AND du.d = s.d
LEFT JOIN sbpick sp ON sp.branch_id = s.branch_id AND sp.product_id = s.product_id;

-- =====================================================================
-- keys, indexes, views
-- =====================================================================
ALTER TABLE org.staff       ADD FOREIGN KEY (branch_id) REFERENCES org.branch;
ALTER TABLE org.rota_shift  ADD FOREIGN KEY (branch_id) REFERENCES org.branch,
                            ADD FOREIGN KEY (staff_id)  REFERENCES org.staff;
ALTER TABLE cat.product     ADD FOREIGN KEY (drug_id) REFERENCES cat.drug;
ALTER TABLE cat."PriceHistory" ADD FOREIGN KEY (product_id) REFERENCES cat.product;
ALTER TABLE inv.purchase_order ADD FOREIGN KEY (branch_id) REFERENCES org.branch,
                               ADD FOREIGN KEY (supplier_id) REFERENCES inv.supplier,
                               ADD FOREIGN KEY (created_by) REFERENCES org.staff;
ALTER TABLE inv.po_line     ADD FOREIGN KEY (po_id) REFERENCES inv.purchase_order,
                            ADD FOREIGN KEY (product_id) REFERENCES cat.product;
ALTER TABLE inv.delivery    ADD FOREIGN KEY (po_id) REFERENCES inv.purchase_order,
                            ADD FOREIGN KEY (received_by) REFERENCES org.staff;
ALTER TABLE inv.stock_batch ADD FOREIGN KEY (branch_id) REFERENCES org.branch,
                            ADD FOREIGN KEY (product_id) REFERENCES cat.product,
                            ADD FOREIGN KEY (delivery_id) REFERENCES inv.delivery;
ALTER TABLE inv.stock_adj   ADD FOREIGN KEY (branch_id) REFERENCES org.branch,
                            ADD FOREIGN KEY (product_id) REFERENCES cat.product,
                            ADD FOREIGN KEY (stock_batch_id) REFERENCES inv.stock_batch,
                            ADD FOREIGN KEY (adj_by) REFERENCES org.staff,
                            ADD FOREIGN KEY (witness_id) REFERENCES org.staff;
ALTER TABLE rx.patient      ADD FOREIGN KEY (nominated_branch_id) REFERENCES org.branch;
ALTER TABLE rx.patient_allergy ADD FOREIGN KEY (patient_id) REFERENCES rx.patient,
                               ADD FOREIGN KEY (recorded_by) REFERENCES org.staff;
ALTER TABLE rx.prescription ADD FOREIGN KEY (branch_id) REFERENCES org.branch,
                            ADD FOREIGN KEY (patient_id) REFERENCES rx.patient,
                            ADD FOREIGN KEY (prescriber_id) REFERENCES rx.prescriber;
ALTER TABLE rx.rx_item      ADD FOREIGN KEY (rx_id) REFERENCES rx.prescription,
                            ADD FOREIGN KEY (drug_id) REFERENCES cat.drug;
ALTER TABLE rx.dispensing   ADD FOREIGN KEY (item_id) REFERENCES rx.rx_item,
                            ADD FOREIGN KEY (product_id) REFERENCES cat.product,
                            ADD FOREIGN KEY (dispensed_by) REFERENCES org.staff,
                            ADD FOREIGN KEY (checked_by) REFERENCES org.staff;
-- (rx.dispensing.stock_batch_id deliberately has no FK: legacy PMR data)
ALTER TABLE pos.basket      ADD FOREIGN KEY (branch_id) REFERENCES org.branch,
                            ADD FOREIGN KEY (staff_id) REFERENCES org.staff;
ALTER TABLE pos.basket_line ADD FOREIGN KEY (basket_id) REFERENCES pos.basket,
                            ADD FOREIGN KEY (product_id) REFERENCES cat.product;

ALTER TABLE org.rota_shift ADD CONSTRAINT rota_att_chk CHECK (att_code IN ('W','L','S','H','U'));
ALTER TABLE rx.prescription ADD CONSTRAINT rx_status_chk CHECK (status IN ('R','O','B','C','U','X'));
ALTER TABLE inv.stock_adj ADD CONSTRAINT adj_reason_chk CHECK (reason_code IN ('EXP','DMG','LOS','CDD','RTS','TRF','CNT'));
ALTER TABLE pos.basket ADD CONSTRAINT basket_btype_chk CHECK (btype IN ('S','R','V'));

CREATE INDEX ix_staff_branch        ON org.staff (branch_id);
CREATE INDEX ix_rota_branch_start   ON org.rota_shift (branch_id, shift_start);
CREATE INDEX ix_rota_staff          ON org.rota_shift (staff_id);
CREATE INDEX ix_product_drug        ON cat.product (drug_id);
CREATE INDEX ix_price_product       ON cat."PriceHistory" (product_id, "validFrom");
CREATE INDEX ix_po_branch_created   ON inv.purchase_order (branch_id, created_at);
CREATE INDEX ix_po_supplier         ON inv.purchase_order (supplier_id);
CREATE INDEX ix_poline_po           ON inv.po_line (po_id);
CREATE INDEX ix_delivery_po         ON inv.delivery (po_id);
CREATE INDEX ix_stock_branch_prod   ON inv.stock_batch (branch_id, product_id);
CREATE INDEX ix_stock_expiry        ON inv.stock_batch (expiry_date);
CREATE INDEX ix_adj_branch_at       ON inv.stock_adj (branch_id, adj_at);
CREATE INDEX ix_patient_name        ON rx.patient (last_name, first_name);
CREATE INDEX ix_patient_postcode    ON rx.patient (postcode);
CREATE INDEX ix_allergy_patient     ON rx.patient_allergy (patient_id);
CREATE INDEX ix_rx_patient          ON rx.prescription (patient_id);
CREATE INDEX ix_rx_patient_received ON rx.prescription (patient_id, received_at);
CREATE INDEX ix_rx_branch_received  ON rx.prescription (branch_id, received_at);
CREATE INDEX ix_rx_queue            ON rx.prescription (branch_id, status) WHERE status IN ('R','O','B');
CREATE INDEX ix_item_rx             ON rx.rx_item (rx_id);
CREATE INDEX ix_disp_item           ON rx.dispensing (item_id);
CREATE INDEX ix_disp_dispensed_at   ON rx.dispensing (dispensed_at);
CREATE INDEX ix_basket_branch_sold  ON pos.basket (branch_id, sold_at);

-- stock levels are rewritten every few minutes by the EPOS sync; autovacuum was
-- switched off here during the 2023 EPOS migration and never switched back on
ALTER TABLE inv.stock_batch SET (autovacuum_enabled = off);

CREATE VIEW cat.v_current_price AS
SELECT p.product_id, p.pip_code, p.prod_desc, p.legal_cat, ph.cost_price, ph.rrp, ph."validFrom" AS price_since
FROM cat.product p
JOIN cat."PriceHistory" ph ON ph.product_id = p.product_id AND ph."validTo" IS NULL;
COMMENT ON VIEW cat.v_current_price IS 'Current cost and retail price per product';

CREATE VIEW inv.v_stock_on_hand AS
SELECT sb.branch_id, sb.product_id, p.prod_desc, sum(sb.qty_on_hand) AS qty_units,
       round(sum(sb.qty_on_hand)::numeric / p.pack_size, 2) AS packs,
       min(sb.expiry_date) FILTER (WHERE sb.qty_on_hand > 0) AS earliest_expiry
FROM inv.stock_batch sb JOIN cat.product p USING (product_id)
GROUP BY sb.branch_id, sb.product_id, p.prod_desc, p.pack_size;
COMMENT ON VIEW inv.v_stock_on_hand IS 'Stock per branch and product summed over batches (units and packs)';

CREATE VIEW inv.v_writeoff AS
SELECT a.adj_id, a.branch_id, b.branch_name, a.product_id, a.reason_code, a.adj_at,
       -a.qty_units AS units_written_off, -a.value_gbp AS value_written_off_gbp
FROM inv.stock_adj a JOIN org.branch b USING (branch_id)
WHERE a.reason_code IN ('EXP','DMG','LOS','CDD');
COMMENT ON VIEW inv.v_writeoff IS 'Write-offs (stock lost to the business): expired, damaged, lost/stolen, CD destroyed';

CREATE VIEW rx.v_collection_bay AS
SELECT p.rx_id, p.branch_id, p.patient_id, p.received_at, max(d.checked_at) AS ready_at
FROM rx.prescription p
JOIN rx.rx_item i ON i.rx_id = p.rx_id
JOIN rx.dispensing d ON d.item_id = i.item_id
WHERE p.status = 'B'
GROUP BY p.rx_id, p.branch_id, p.patient_id, p.received_at;
COMMENT ON VIEW rx.v_collection_bay IS 'Bagged prescriptions waiting for collection';

CREATE VIEW pos.v_daily_takings AS
SELECT branch_id, (sold_at AT TIME ZONE 'Europe/London')::date AS trade_date,
       count(*) FILTER (WHERE btype = 'S') AS sales,
       sum(total_gbp) FILTER (WHERE btype = 'S') AS gross_gbp,
       coalesce(sum(total_gbp) FILTER (WHERE btype = 'R'), 0) AS refunds_gbp,
       sum(total_gbp) FILTER (WHERE btype IN ('S','R')) AS net_gbp
FROM pos.basket
GROUP BY branch_id, (sold_at AT TIME ZONE 'Europe/London')::date;
COMMENT ON VIEW pos.v_daily_takings IS 'OTC takings per branch and day (voided baskets excluded, refunds netted off)';

-- drop the generation scratch tables and helper functions, then gather statistics
DISCARD TEMP;
ANALYZE;

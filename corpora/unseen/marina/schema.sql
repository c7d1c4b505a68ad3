-- =====================================================================
--  Tidewater Marinas Ltd — marina management system ("TMS")
--  Four coastal marinas on the south-west coast of England and a boatyard.
--  Data snapshot taken at close of business Friday 15 August 2025.
--  Foreign keys of the large tables are added at the end, after the data load.
-- =====================================================================
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
SET jit = off;
SET enable_nestloop = off;

CREATE SCHEMA ref;
CREATE SCHEMA berth;
CREATE SCHEMA fuel;
CREATE SCHEMA yard;
CREATE SCHEMA shop;
CREATE SCHEMA acct;
CREATE SCHEMA hm;
CREATE SCHEMA ops;

COMMENT ON SCHEMA ref   IS 'Reference data: sites, staff, tariffs';
COMMENT ON SCHEMA berth IS 'Berths, berth holders (customers), vessels, berthing contracts and visitor stays';
COMMENT ON SCHEMA fuel  IS 'Fuel berth sales';
COMMENT ON SCHEMA yard  IS 'Boatyard: lifts, hard-standing storage, repair and winterisation work orders';
COMMENT ON SCHEMA shop  IS 'Chandlery shops: products and till sales';
COMMENT ON SCHEMA acct  IS 'Customer invoices and payments (sales ledger)';
COMMENT ON SCHEMA hm    IS 'Harbour master''s log';
COMMENT ON SCHEMA ops   IS 'Staff rotas';

-- deterministic pseudo-random helpers (session only)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- i-th (0..3) uniform number out of one md5 hash: cheaper than four separate hashes
CREATE FUNCTION pg_temp.hx(h text, i int) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(h, 1 + 8 * i, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE FUNCTION pg_temp.pick(a text[], k text) RETURNS text
LANGUAGE sql IMMUTABLE AS
$$ SELECT a[1 + floor(pg_temp.rnd(k) * array_length(a, 1))::int] $$;

-- ---------------------------------------------------------------------
-- ref
-- ---------------------------------------------------------------------
CREATE TABLE ref.site (
    site_cd     char(3) PRIMARY KEY,
    site_nm     varchar(60) NOT NULL UNIQUE,
    site_type   char(1) NOT NULL,
    town        varchar(40) NOT NULL,
    county      varchar(30) NOT NULL,
    vhf_ch      smallint,
    has_fuel    boolean NOT NULL DEFAULT false,
    has_shop    boolean NOT NULL DEFAULT false,
    berths_total smallint,
    opened_yr   smallint
);
COMMENT ON TABLE  ref.site IS 'Our sites: the four marinas and the boatyard';
COMMENT ON COLUMN ref.site.site_cd IS 'Site code: SLQ = Salterns Quay Marina (Poole), LYR = Lymington Reach Marina, DRT = Dartside Marina (Kingswear, Dartmouth), PNC = Penryn Creek Marina (Falmouth), HBY = Holes Bay Boatyard (Poole)';
COMMENT ON COLUMN ref.site.site_type IS 'M = marina, Y = boatyard';
COMMENT ON COLUMN ref.site.vhf_ch IS 'VHF working channel the marina office listens on';
COMMENT ON COLUMN ref.site.has_fuel IS 'Site has a fuel berth (diesel and petrol)';
COMMENT ON COLUMN ref.site.has_shop IS 'Site has a chandlery shop';

CREATE TABLE ref.staff (
    staff_id   smallint PRIMARY KEY,
    first_nm   varchar(30) NOT NULL,
    last_nm    varchar(30) NOT NULL,
    site_cd    char(3) NOT NULL REFERENCES ref.site,
    role_cd    varchar(3) NOT NULL,
    hrly_rate  numeric(5,2) NOT NULL,
    email      varchar(80),
    start_dt   date NOT NULL,
    leave_dt   date
);
COMMENT ON TABLE  ref.staff IS 'Employees of Tidewater Marinas';
COMMENT ON COLUMN ref.staff.site_cd IS 'Home site of the employee';
COMMENT ON COLUMN ref.staff.role_cd IS 'MGR = site manager, HM = harbour master, DHM = deputy harbour master, MA = marina assistant (berthing, fuel berth, night watch), YH = yard hand / hoist driver, ENG = marine engineer, SHP = chandlery shop assistant, OFF = office / accounts';
COMMENT ON COLUMN ref.staff.hrly_rate IS 'Basic hourly pay rate, GBP';
COMMENT ON COLUMN ref.staff.leave_dt IS 'Last day of employment; NULL = still employed';

CREATE TABLE ref.tariff (
    site_cd    char(3) NOT NULL REFERENCES ref.site,
    tariff_yr  smallint NOT NULL,
    chg_cd     char(3) NOT NULL,
    rate       numeric(8,2) NOT NULL,
    PRIMARY KEY (site_cd, tariff_yr, chg_cd)
);
COMMENT ON TABLE  ref.tariff IS 'Published price list per site and berthing year, excluding VAT';
COMMENT ON COLUMN ref.tariff.tariff_yr IS 'Berthing year the price applies to, named by its starting year: 2025 = 1 April 2025 to 31 March 2026';
COMMENT ON COLUMN ref.tariff.chg_cd IS 'ANN = annual berth per metre LOA per year, MON = monthly berth per metre per month, WIN = winter berth (1 Oct - 31 Mar) per metre, VIS = visitor per metre per night, HST = hard-standing per metre per week, LFT = lift-out or launch per metre, LAB = yard labour per hour';

-- ---------------------------------------------------------------------
-- berth
-- ---------------------------------------------------------------------
CREATE TABLE berth.berth (
    berth_id   serial PRIMARY KEY,
    site_cd    char(3) NOT NULL REFERENCES ref.site,
    pontoon    char(1) NOT NULL,
    berth_no   smallint NOT NULL,
    berth_cd   varchar(8) NOT NULL,
    berth_typ  char(1) NOT NULL,
    max_loa    numeric(4,1) NOT NULL,
    max_beam   numeric(3,1) NOT NULL,
    depth_m    numeric(3,1) NOT NULL,
    shore_pwr  char(1) NOT NULL DEFAULT '1',
    in_svc     boolean NOT NULL DEFAULT true,
    UNIQUE (site_cd, berth_cd)
);
COMMENT ON TABLE  berth.berth IS 'Every berth (pontoon finger, hammerhead, visitor pontoon or swinging mooring) at the four marinas';
COMMENT ON COLUMN berth.berth.pontoon IS 'Pontoon letter; V is the visitors'' pontoon, M the swinging mooring trot';
COMMENT ON COLUMN berth.berth.berth_cd IS 'Berth code as painted on the pontoon, e.g. C14';
COMMENT ON COLUMN berth.berth.berth_typ IS 'F = finger pontoon berth, H = hammerhead (end of pontoon, larger boats), V = visitor pontoon berth (rafting allowed), M = swinging mooring buoy';
COMMENT ON COLUMN berth.berth.max_loa IS 'Maximum length overall (LOA) of boat the berth takes, metres';
COMMENT ON COLUMN berth.berth.depth_m IS 'Depth at chart datum (lowest astronomical tide), metres';
COMMENT ON COLUMN berth.berth.shore_pwr IS 'Shore power: 0 = none, 1 = 16 A, 3 = 32 A, 6 = 63 A three-phase';
COMMENT ON COLUMN berth.berth.in_svc IS 'false = berth out of service (pontoon repair, dredging)';

CREATE TABLE berth.customer (
    cust_id      serial PRIMARY KEY,
    acct_no      varchar(8) NOT NULL UNIQUE,
    title        varchar(6),
    first_nm     varchar(30) NOT NULL,
    last_nm      varchar(30) NOT NULL,
    email        varchar(100),
    phone        varchar(16),
    town         varchar(40),
    postcode     varchar(8),
    cust_since   date NOT NULL,
    cust_typ     char(1) NOT NULL DEFAULT 'B',
    stop_flg     boolean NOT NULL DEFAULT false,
    mktg_ok      boolean NOT NULL DEFAULT false,
    notes        text
);
COMMENT ON TABLE  berth.customer IS 'Customer accounts: berth holders, boatyard customers and account visitors';
COMMENT ON COLUMN berth.customer.acct_no IS 'Sales ledger account number, TW + 5 digits';
COMMENT ON COLUMN berth.customer.cust_typ IS 'B = berth holder (has or had a berthing contract), Y = boatyard-only customer (storage / work, no berth), V = visitor with an account, T = trade (surveyor, rigger, sailing school)';
COMMENT ON COLUMN berth.customer.stop_flg IS 'Account on stop: no fuel on account, no yard work and no lift until the arrears are cleared';
COMMENT ON COLUMN berth.customer.mktg_ok IS 'Customer agreed to receive marketing emails (GDPR consent)';

CREATE TABLE berth.vessel (
    vessel_id   serial PRIMARY KEY,
    cust_id     int NOT NULL REFERENCES berth.customer,
    vessel_nm   varchar(40) NOT NULL,
    vsl_typ     char(1) NOT NULL,
    make_model  varchar(40),
    loa_m       numeric(4,1) NOT NULL,
    beam_m      numeric(3,1) NOT NULL,
    draft_m     numeric(3,1) NOT NULL,
    built_yr    smallint,
    ssr_no      varchar(10),
    eng_fuel    char(1) NOT NULL DEFAULT 'D',
    ins_exp_dt  date
);
COMMENT ON TABLE  berth.vessel IS 'Boats owned by our customers';
COMMENT ON COLUMN berth.vessel.vsl_typ IS 'S = sailing yacht (monohull), C = catamaran, M = motor cruiser, R = RIB / sportsboat, F = fishing / workboat';
COMMENT ON COLUMN berth.vessel.loa_m IS 'Length overall in metres; berth, storage and lift charges are per metre LOA';
COMMENT ON COLUMN berth.vessel.ssr_no IS 'UK Small Ships Register number (SSR), if registered';
COMMENT ON COLUMN berth.vessel.eng_fuel IS 'Main engine fuel: D = diesel, P = petrol (outboards), N = none';
COMMENT ON COLUMN berth.vessel.ins_exp_dt IS 'Expiry date of the third-party insurance certificate on file; berth holders must keep it valid (minimum £3m cover)';

CREATE TABLE berth.contract (
    ctr_id      serial PRIMARY KEY,
    ctr_no      varchar(12) NOT NULL UNIQUE,
    cust_id     int NOT NULL REFERENCES berth.customer,
    vessel_id   int NOT NULL REFERENCES berth.vessel,
    berth_id    int NOT NULL REFERENCES berth.berth,
    ctr_typ     char(1) NOT NULL,
    start_dt    date NOT NULL,
    end_dt      date NOT NULL,
    loa_chg     numeric(4,1) NOT NULL,
    price_net   numeric(9,2) NOT NULL,
    pay_plan    char(1) NOT NULL DEFAULT 'F',
    ctr_status  char(1) NOT NULL,
    signed_dt   date,
    term_dt     date
);
COMMENT ON TABLE  berth.contract IS 'Berthing contracts (annual, winter and monthly berths) for berth holders';
COMMENT ON COLUMN berth.contract.ctr_typ IS 'A = annual (1 April to 31 March), W = winter (1 October to 31 March), M = monthly';
COMMENT ON COLUMN berth.contract.loa_chg IS 'Chargeable length: vessel LOA rounded up to the next half metre, minimum 7 m';
COMMENT ON COLUMN berth.contract.price_net IS 'Contract price excluding VAT, GBP (chargeable length x tariff rate)';
COMMENT ON COLUMN berth.contract.pay_plan IS 'F = paid in full up front, Q = quarterly, D = monthly direct debit (10 instalments)';
COMMENT ON COLUMN berth.contract.ctr_status IS 'P = pending (signed, not started), L = live, X = expired (ran to end date), T = terminated early';
COMMENT ON COLUMN berth.contract.term_dt IS 'Date the contract was terminated early (status T)';

CREATE TABLE berth.visitor_stay (
    stay_id     serial PRIMARY KEY,
    site_cd     char(3) NOT NULL,
    berth_id    int,
    cust_id     int,
    vessel_nm   varchar(40) NOT NULL,
    loa_m       numeric(4,1) NOT NULL,
    home_port   varchar(40),
    skipper_nm  varchar(60),
    arr_dt      date NOT NULL,
    dep_dt      date,
    booked_via  char(1) NOT NULL,
    rate_pmn    numeric(5,2) NOT NULL,
    amt_paid    numeric(8,2),
    pay_mthd    char(1)
);
COMMENT ON TABLE  berth.visitor_stay IS 'Visiting yachts staying overnight (visitor nights); one row per stay';
COMMENT ON COLUMN berth.visitor_stay.cust_id IS 'Customer account when the visitor is one of ours (e.g. a berth holder from another of our marinas); NULL for most visitors';
COMMENT ON COLUMN berth.visitor_stay.dep_dt IS 'Departure date; nights = dep_dt - arr_dt. NULL = still in the marina';
COMMENT ON COLUMN berth.visitor_stay.booked_via IS 'V = called up on VHF on arrival (walk-in), P = phone, O = online booking, A = Harbour app';
COMMENT ON COLUMN berth.visitor_stay.rate_pmn IS 'Rate charged per metre LOA per night, GBP incl. VAT';
COMMENT ON COLUMN berth.visitor_stay.amt_paid IS 'Amount paid for the stay incl. VAT; NULL while still in';
COMMENT ON COLUMN berth.visitor_stay.pay_mthd IS 'C = card, X = cash, A = charged to customer account';

-- ---------------------------------------------------------------------
-- fuel
-- ---------------------------------------------------------------------
CREATE TABLE fuel.fuel_sale (
    sale_id     bigint NOT NULL,
    site_cd     char(3) NOT NULL,
    sale_ts     timestamp NOT NULL,
    pump_no     smallint NOT NULL,
    fuel_cd     char(1) NOT NULL,
    litres      numeric(7,2) NOT NULL,
    ppl         numeric(5,3) NOT NULL,
    amt_gross   numeric(9,2) NOT NULL,
    vat_rt      numeric(4,2) NOT NULL,
    cust_id     int,
    vessel_nm   varchar(40),
    pay_mthd    char(1) NOT NULL,
    staff_id    smallint,
    PRIMARY KEY (sale_id, sale_ts)
) PARTITION BY RANGE (sale_ts);
CREATE TABLE fuel.fuel_sale_2022 PARTITION OF fuel.fuel_sale FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE fuel.fuel_sale_2023 PARTITION OF fuel.fuel_sale FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE fuel.fuel_sale_2024 PARTITION OF fuel.fuel_sale FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE fuel.fuel_sale_2025 PARTITION OF fuel.fuel_sale FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
COMMENT ON TABLE  fuel.fuel_sale IS 'Fuel berth sales, one row per fill-up (partitioned by calendar year of sale_ts)';
COMMENT ON COLUMN fuel.fuel_sale.fuel_cd IS 'D = marine diesel, P = unleaded petrol';
COMMENT ON COLUMN fuel.fuel_sale.litres IS 'Litres dispensed';
COMMENT ON COLUMN fuel.fuel_sale.ppl IS 'Pump price per litre, GBP incl. VAT';
COMMENT ON COLUMN fuel.fuel_sale.amt_gross IS 'Amount charged incl. VAT, GBP (litres x ppl)';
COMMENT ON COLUMN fuel.fuel_sale.vat_rt IS 'VAT rate in percent included in the price';
COMMENT ON COLUMN fuel.fuel_sale.cust_id IS 'Customer account when charged to account (pay_mthd A) or the berth holder is known';
COMMENT ON COLUMN fuel.fuel_sale.pay_mthd IS 'C = card, X = cash, A = on account (invoiced monthly)';

-- ---------------------------------------------------------------------
-- yard
-- ---------------------------------------------------------------------
CREATE TYPE yard.job_status AS ENUM
  ('quoted', 'booked', 'in_progress', 'awaiting_parts', 'complete', 'invoiced', 'cancelled');

CREATE TABLE yard.lift (
    lift_id     serial PRIMARY KEY,
    vessel_id   int NOT NULL REFERENCES berth.vessel,
    site_cd     char(3) NOT NULL REFERENCES ref.site,
    lift_typ    char(1) NOT NULL,
    lift_ts     timestamp NOT NULL,
    hoist_cd    varchar(4) NOT NULL,
    driver_id   smallint REFERENCES ref.staff,
    wash_flg    boolean NOT NULL DEFAULT false,
    chg_net     numeric(8,2) NOT NULL
);
COMMENT ON TABLE  yard.lift IS 'Travel hoist movements: lift-outs, launches and lift-and-holds';
COMMENT ON COLUMN yard.lift.lift_typ IS 'O = lift-out (boat comes out of the water onto the hard), L = launch (back into the water), H = lift and hold in the slings (inspection, scrub, back in the same tide)';
COMMENT ON COLUMN yard.lift.hoist_cd IS 'TH50 = 50-tonne travel hoist (Holes Bay), TH25 = 25-tonne travel hoist (Dartside), CR12 = 12-tonne crane (Penryn Creek)';
COMMENT ON COLUMN yard.lift.wash_flg IS 'Pressure wash of the hull included';
COMMENT ON COLUMN yard.lift.chg_net IS 'Charge excluding VAT, GBP';

CREATE TABLE yard.storage (
    stor_id     serial PRIMARY KEY,
    vessel_id   int NOT NULL REFERENCES berth.vessel,
    site_cd     char(3) NOT NULL REFERENCES ref.site,
    bay_cd      varchar(4) NOT NULL,
    from_dt     date NOT NULL,
    to_dt       date,
    stor_typ    char(1) NOT NULL,
    cradle      char(1) NOT NULL,
    rate_pmw    numeric(5,2) NOT NULL
);
COMMENT ON TABLE  yard.storage IS 'Hard-standing: periods a boat is stored ashore in the yard';
COMMENT ON COLUMN yard.storage.bay_cd IS 'Yard bay / row where the boat stands, e.g. N3';
COMMENT ON COLUMN yard.storage.to_dt IS 'Date the boat left the hard; NULL = still ashore';
COMMENT ON COLUMN yard.storage.stor_typ IS 'W = winter storage package (Oct-Apr), S = short-term / ad hoc, L = long-term laid-up (project boat)';
COMMENT ON COLUMN yard.storage.cradle IS 'O = owner''s own cradle, H = hired yard cradle, P = props and stands';
COMMENT ON COLUMN yard.storage.rate_pmw IS 'Storage rate per metre LOA per week, GBP excl. VAT';

CREATE TABLE yard.job (
    job_id       serial PRIMARY KEY,
    wo_no        varchar(12) NOT NULL UNIQUE,
    vessel_id    int NOT NULL REFERENCES berth.vessel,
    cust_id      int NOT NULL REFERENCES berth.customer,
    site_cd      char(3) NOT NULL REFERENCES ref.site,
    job_cd       char(3) NOT NULL,
    status       yard.job_status NOT NULL DEFAULT 'quoted',
    eng_id       smallint REFERENCES ref.staff,
    quote_amt    numeric(9,2),
    opened_dt    date NOT NULL,
    promised_dt  date,
    done_dt      date,
    descr        varchar(200)
);
COMMENT ON TABLE  yard.job IS 'Boatyard work orders (WO): repair, servicing and winterisation jobs';
COMMENT ON COLUMN yard.job.job_cd IS 'WNT = winterisation (engine lay-up, water systems drained), CMS = spring commissioning, ANT = antifouling, ENG = engine service / repair, GRP = GRP and gelcoat repair, RIG = rigging, ELC = electrical and electronics, OSM = osmosis treatment, SDR = saildrive / stern gear';
COMMENT ON COLUMN yard.job.eng_id IS 'Lead engineer / yard hand responsible';
COMMENT ON COLUMN yard.job.quote_amt IS 'Quoted price excluding VAT; NULL = time and materials';
COMMENT ON COLUMN yard.job.promised_dt IS 'Date we promised the customer the job would be finished';
COMMENT ON COLUMN yard.job.done_dt IS 'Date the work was completed; NULL while not finished';

CREATE TABLE yard.job_labour (
    lab_id      serial PRIMARY KEY,
    job_id      int NOT NULL,
    staff_id    smallint NOT NULL,
    work_dt     date NOT NULL,
    hrs         numeric(4,2) NOT NULL,
    chg_rate    numeric(6,2) NOT NULL,
    bill_flg    char(1) NOT NULL DEFAULT 'Y'
);
COMMENT ON TABLE  yard.job_labour IS 'Labour booked to work orders (time sheets of the yard)';
COMMENT ON COLUMN yard.job_labour.hrs IS 'Hours worked on the job that day';
COMMENT ON COLUMN yard.job_labour.chg_rate IS 'Charge-out rate per hour, GBP excl. VAT';
COMMENT ON COLUMN yard.job_labour.bill_flg IS 'Y = chargeable to the customer, N = not chargeable (warranty / rework / goodwill)';

-- ---------------------------------------------------------------------
-- shop
-- ---------------------------------------------------------------------
CREATE TABLE shop.product (
    prod_id     serial PRIMARY KEY,
    sku         varchar(12) NOT NULL UNIQUE,
    prod_nm     varchar(80) NOT NULL,
    cat_cd      char(3) NOT NULL,
    brand       varchar(30),
    cost_prc    numeric(8,2) NOT NULL,
    rrp         numeric(8,2) NOT NULL,
    stock_qty   int NOT NULL DEFAULT 0,
    reorder_lvl int NOT NULL DEFAULT 0,
    disc_flg    boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  shop.product IS 'Chandlery catalogue (also the parts used on yard jobs)';
COMMENT ON COLUMN shop.product.cat_cd IS 'ROP = rope and lines, PNT = antifouling and paint, ELE = electrics and electronics, SAF = safety (lifejackets, flares), ENG = engine spares (impellers, filters, anodes), CLO = clothing and footwear, CHT = charts and pilot books, DEC = deck hardware and fenders, CLN = cleaning and maintenance';
COMMENT ON COLUMN shop.product.cost_prc IS 'Our cost price excl. VAT';
COMMENT ON COLUMN shop.product.rrp IS 'Shelf price incl. VAT';
COMMENT ON COLUMN shop.product.stock_qty IS 'Units in stock across all shops';
COMMENT ON COLUMN shop.product.reorder_lvl IS 'Reorder when stock_qty falls to or below this level';
COMMENT ON COLUMN shop.product.disc_flg IS 'Discontinued: sell remaining stock, do not reorder';

CREATE TABLE yard.job_part (
    part_ln_id  serial PRIMARY KEY,
    job_id      int NOT NULL,
    prod_id     int NOT NULL,
    qty         numeric(6,2) NOT NULL,
    unit_prc    numeric(8,2) NOT NULL
);
COMMENT ON TABLE  yard.job_part IS 'Parts and materials issued from stock to a work order';
COMMENT ON COLUMN yard.job_part.qty IS 'Quantity issued (units, or metres for rope sold by the metre)';
COMMENT ON COLUMN yard.job_part.unit_prc IS 'Price charged per unit, GBP excl. VAT';

CREATE TABLE shop.sale (
    sale_id     serial PRIMARY KEY,
    site_cd     char(3) NOT NULL,
    sale_ts     timestamp NOT NULL,
    cust_id     int,
    staff_id    smallint,
    pay_mthd    char(1) NOT NULL,
    disc_pct    numeric(4,1) NOT NULL DEFAULT 0,
    total_amt   numeric(9,2) NOT NULL
);
COMMENT ON TABLE  shop.sale IS 'Chandlery till receipts';
COMMENT ON COLUMN shop.sale.cust_id IS 'Customer account if the customer gave their account number (berth holders get 10% discount)';
COMMENT ON COLUMN shop.sale.pay_mthd IS 'C = card, X = cash, A = on account';
COMMENT ON COLUMN shop.sale.disc_pct IS 'Discount percentage applied to the whole receipt (10 for berth holders)';
COMMENT ON COLUMN shop.sale.total_amt IS 'Receipt total after discount, incl. VAT';

CREATE TABLE shop.sale_line (
    sale_id     int NOT NULL,
    line_no     smallint NOT NULL,
    prod_id     int NOT NULL,
    qty         smallint NOT NULL,
    unit_prc    numeric(8,2) NOT NULL,
    PRIMARY KEY (sale_id, line_no)
);
COMMENT ON TABLE  shop.sale_line IS 'Lines of a till receipt: product, quantity and shelf price';
COMMENT ON COLUMN shop.sale_line.unit_prc IS 'Shelf price per unit incl. VAT, before the receipt discount';

-- ---------------------------------------------------------------------
-- acct
-- ---------------------------------------------------------------------
CREATE TABLE acct.invoice (
    inv_id      serial PRIMARY KEY,
    inv_no      varchar(12) NOT NULL UNIQUE,
    cust_id     int NOT NULL,
    site_cd     char(3) NOT NULL,
    src_cd      char(3) NOT NULL,
    src_ref     int,
    inv_dt      date NOT NULL,
    due_dt      date NOT NULL,
    net_amt     numeric(10,2) NOT NULL,
    vat_amt     numeric(10,2) NOT NULL,
    inv_status  char(1) NOT NULL DEFAULT 'O'
);
COMMENT ON TABLE  acct.invoice IS 'Sales invoices to customer accounts';
COMMENT ON COLUMN acct.invoice.src_cd IS 'What was invoiced: BTH = berthing contract (or instalment), YRD = boatyard work order, STO = hard-standing storage, LFT = lift / launch, FUL = fuel on account (monthly statement), SHP = chandlery on account (monthly), VIS = visitor nights charged to account (monthly)';
COMMENT ON COLUMN acct.invoice.src_ref IS 'Id of the source row: ctr_id, job_id, stor_id or lift_id (not enforced)';
COMMENT ON COLUMN acct.invoice.due_dt IS 'Payment due date (30 days after inv_dt; berthing 14 days)';
COMMENT ON COLUMN acct.invoice.net_amt IS 'Amount excluding VAT, GBP';
COMMENT ON COLUMN acct.invoice.vat_amt IS 'VAT at 20 %, GBP; gross = net_amt + vat_amt';
COMMENT ON COLUMN acct.invoice.inv_status IS 'O = open (nothing paid), P = part paid, S = settled in full, V = void (cancelled, ignore), W = written off as bad debt';

CREATE TABLE acct.payment (
    pay_id      serial PRIMARY KEY,
    inv_id      int NOT NULL,
    paid_dt     date NOT NULL,
    amount      numeric(10,2) NOT NULL,
    mthd_cd     varchar(3) NOT NULL,
    ref_txt     varchar(30)
);
COMMENT ON TABLE  acct.payment IS 'Money received against invoices';
COMMENT ON COLUMN acct.payment.amount IS 'Amount received, GBP (against the gross amount)';
COMMENT ON COLUMN acct.payment.mthd_cd IS 'DD = direct debit, BAC = bank transfer (BACS), CRD = card, CHQ = cheque, CSH = cash';

-- ---------------------------------------------------------------------
-- hm
-- ---------------------------------------------------------------------
CREATE TYPE hm.entry_kind AS ENUM ('arrival', 'departure', 'incident', 'weather', 'works', 'note');

CREATE TABLE hm.log_entry (
    log_id      bigserial PRIMARY KEY,
    site_cd     char(3) NOT NULL,
    log_ts      timestamp NOT NULL,
    kind        hm.entry_kind NOT NULL,
    vessel_nm   varchar(40),
    berth_id    int,
    staff_id    smallint,
    detail      jsonb,
    remarks     text
);
COMMENT ON TABLE  hm.log_entry IS 'Harbour master''s log: arrivals, departures, incidents, weather and works, written by the marina staff on watch';
COMMENT ON COLUMN hm.log_entry.vessel_nm IS 'Boat name as logged (free text)';
COMMENT ON COLUMN hm.log_entry.kind IS 'Type of entry (enum hm.entry_kind): arrival, departure, incident, weather, works (maintenance on the pontoons), note';
COMMENT ON COLUMN hm.log_entry.staff_id IS 'Member of staff on watch who wrote the entry';
COMMENT ON COLUMN hm.log_entry.detail IS 'Structured details. arrival/departure: {"from"|"to": port, "pob": persons on board, "vhf": called on VHF}; incident: {"cat": COL collision / contact, MOB man overboard, SPL fuel or oil spill, FIR fire, GRD grounding, THF theft, INJ injury ashore, FPR fouled propeller; "sev": 1 minor .. 3 serious; "injury": true/false; "reported_to": "MCA" | "Police" | "EA" when reported externally}; weather: {"wind_kt", "dir", "gale_warn"}';

-- ---------------------------------------------------------------------
-- ops
-- ---------------------------------------------------------------------
CREATE TABLE ops.rota (
    rota_id     serial PRIMARY KEY,
    staff_id    smallint NOT NULL,
    site_cd     char(3) NOT NULL,
    shift_dt    date NOT NULL,
    shift_cd    char(1) NOT NULL,
    start_ts    timestamp NOT NULL,
    end_ts      timestamp NOT NULL,
    att_cd      char(1) NOT NULL DEFAULT 'R'
);
COMMENT ON TABLE  ops.rota IS 'Staff rota: one row per planned shift';
COMMENT ON COLUMN ops.rota.site_cd IS 'Site where the shift is worked (cover at another site is allowed)';
COMMENT ON COLUMN ops.rota.shift_cd IS 'E = early (06:00-14:00), L = late (14:00-22:00), D = day (08:00-17:00), N = night watch (22:00-06:00 next day)';
COMMENT ON COLUMN ops.rota.att_cd IS 'R = rostered (future, not yet worked), W = worked, S = off sick, H = holiday / annual leave, A = absent without notice';

-- =====================================================================
--  Data
-- =====================================================================
INSERT INTO ref.site VALUES
 ('SLQ','Salterns Quay Marina','M','Poole','Dorset',80,true,true,NULL,1989),
 ('LYR','Lymington Reach Marina','M','Lymington','Hampshire',80,false,false,NULL,1996),
 ('DRT','Dartside Marina','M','Kingswear','Devon',80,true,false,NULL,2001),
 ('PNC','Penryn Creek Marina','M','Falmouth','Cornwall',80,true,true,NULL,2008),
 ('HBY','Holes Bay Boatyard','Y','Poole','Dorset',NULL,false,true,NULL,1974);

INSERT INTO ref.staff (staff_id, first_nm, last_nm, site_cd, role_cd, hrly_rate, email, start_dt, leave_dt)
SELECT i, f, l, s, r, h, lower(f || '.' || l) || '@tidewatermarinas.co.uk', sd::date, ld::date
FROM (VALUES
 ( 1,'Graham','Pickford','SLQ','MGR',27.50,'2011-04-01',NULL),
 ( 2,'Fiona','Marsh','SLQ','HM',22.80,'2014-03-10',NULL),
 ( 3,'Dave','Cotton','SLQ','DHM',18.90,'2016-05-02',NULL),
 ( 4,'Liam','Bracewell','SLQ','MA',13.20,'2020-04-06',NULL),
 ( 5,'Jess','Ainsworth','SLQ','MA',12.90,'2022-03-28',NULL),
 ( 6,'Tariq','Hussain','SLQ','MA',13.40,'2019-05-13',NULL),
 ( 7,'Molly','Penrose','SLQ','MA',12.60,'2023-04-03',NULL),
 ( 8,'Callum','Reid','SLQ','MA',12.60,'2021-06-01','2024-10-31'),
 ( 9,'Sandra','Kelly','SLQ','SHP',12.80,'2015-02-16',NULL),
 (10,'Ruth','Ogden','SLQ','SHP',12.40,'2022-09-05',NULL),
 (11,'Karen','Whitlock','SLQ','OFF',16.50,'2012-01-09',NULL),
 (12,'Nigel','Ashby','SLQ','OFF',15.20,'2018-07-23',NULL),
 (13,'Rupert','Vane','LYR','MGR',28.00,'2013-09-02',NULL),
 (14,'Hannah','Cole','LYR','HM',22.40,'2017-03-13',NULL),
 (15,'Ollie','Trent','LYR','MA',13.10,'2020-03-30',NULL),
 (16,'Megan','Lloyd','LYR','MA',12.70,'2023-03-20',NULL),
 (17,'Josh','Fairbairn','LYR','MA',12.60,'2024-04-02',NULL),
 (18,'Aaron','Blake','LYR','MA',12.90,'2021-05-04','2025-05-30'),
 (19,'Penny','Lister','LYR','OFF',15.60,'2016-10-10',NULL),
 (20,'Mark','Tregarthen','DRT','MGR',26.80,'2010-02-01',NULL),
 (21,'Sam','Hext','DRT','HM',22.10,'2015-04-20',NULL),
 (22,'Bryony','Luscombe','DRT','DHM',18.60,'2019-03-04',NULL),
 (23,'Kieran','Foale','DRT','MA',13.00,'2021-04-12',NULL),
 (24,'Ellie','Widdicombe','DRT','MA',12.60,'2023-05-15',NULL),
 (25,'Harry','Pengelly','DRT','MA',12.80,'2022-04-04',NULL),
 (26,'Zoe','Tozer','DRT','MA',12.60,'2024-03-25',NULL),
 (27,'Steve','Coaker','DRT','YH',15.40,'2009-06-01',NULL),
 (28,'Gary','Northcott','DRT','YH',14.60,'2018-02-19',NULL),
 (29,'Phil','Ellacott','DRT','ENG',21.50,'2014-09-08',NULL),
 (30,'Tamsin','Rowe','PNC','MGR',26.50,'2012-05-14',NULL),
 (31,'Jago','Trewin','PNC','HM',21.90,'2016-03-07',NULL),
 (32,'Kerensa','Polglase','PNC','MA',12.90,'2020-05-11',NULL),
 (33,'Ross','Penhaligon','PNC','MA',12.60,'2023-04-17',NULL),
 (34,'Demelza','Hosking','PNC','MA',12.70,'2022-03-21',NULL),
 (35,'Ben','Tonkin','PNC','MA',12.60,'2024-05-06',NULL),
 (36,'Lowenna','Curnow','PNC','SHP',12.50,'2019-04-01',NULL),
 (37,'Ian','Jewell','PNC','SHP',12.30,'2023-06-12',NULL),
 (38,'Pete','Rowse','PNC','YH',14.90,'2013-08-19',NULL),
 (39,'Martin','Angove','PNC','ENG',21.20,'2017-01-16',NULL),
 (40,'Colin','Hibberd','HBY','MGR',27.20,'2008-03-03',NULL),
 (41,'Wayne','Dunford','HBY','YH',15.80,'2011-05-09',NULL),
 (42,'Stuart','Loveless','HBY','YH',15.10,'2015-03-16',NULL),
 (43,'Jamie','Frampton','HBY','YH',14.40,'2020-02-24',NULL),
 (44,'Kyle','Samways','HBY','YH',14.20,'2022-02-28',NULL),
 (45,'Connor','Bugler','HBY','YH',14.00,'2023-09-04','2025-03-14'),
 (46,'Rob','Ironside','HBY','ENG',23.00,'2009-04-14',NULL),
 (47,'Andy','Scutt','HBY','ENG',22.40,'2012-10-01',NULL),
 (48,'Neil','Cheeseman','HBY','ENG',21.80,'2016-02-08',NULL),
 (49,'Tom','Elford','HBY','ENG',20.90,'2019-04-29',NULL),
 (50,'Alfie','Burt','HBY','ENG',19.60,'2022-09-12',NULL),
 (51,'Chris','Yeatman','HBY','ENG',22.10,'2014-06-02','2023-12-22'),
 (52,'Jo','Spreadbury','HBY','SHP',12.70,'2018-03-12',NULL),
 (53,'Lucy','Gillingham','HBY','SHP',12.40,'2024-03-04',NULL),
 (54,'Diane','Mitchell','HBY','OFF',17.20,'2007-11-05',NULL),
 (55,'Emma','Rideout','HBY','OFF',15.40,'2021-01-11',NULL)
) AS v(i, f, l, s, r, h, sd, ld);

-- tariffs: berthing years 2022 .. 2025 (about 5-6 % a year increase)
INSERT INTO ref.tariff (site_cd, tariff_yr, chg_cd, rate)
SELECT b.site_cd, y, b.chg_cd, round(b.base * power(1.055, y - 2022) / CASE WHEN b.chg_cd IN ('VIS','LAB','HST') THEN 0.05 ELSE 1 END) * CASE WHEN b.chg_cd IN ('VIS','LAB','HST') THEN 0.05 ELSE 1 END
FROM (VALUES
 ('SLQ','ANN',548.00),('SLQ','WIN',246.00),('SLQ','MON',82.00),('SLQ','VIS',3.85),
 ('LYR','ANN',612.00),('LYR','WIN',275.00),('LYR','MON',92.00),('LYR','VIS',4.30),
 ('DRT','ANN',505.00),('DRT','WIN',226.00),('DRT','MON',76.00),('DRT','VIS',3.60),
 ('PNC','ANN',468.00),('PNC','WIN',210.00),('PNC','MON',70.00),('PNC','VIS',3.35),
 ('HBY','HST',8.40),('HBY','LFT',21.00),('HBY','LAB',58.00),
 ('DRT','HST',8.00),('DRT','LFT',20.00),('DRT','LAB',56.00),
 ('PNC','HST',7.60),('PNC','LFT',19.00),('PNC','LAB',55.00)
) AS b(site_cd, chg_cd, base)
CROSS JOIN generate_series(2022, 2025) AS y;

-- ---------------------------------------------------------------------
-- berths: pontoons A.. per marina, visitor pontoon V, moorings M
-- ---------------------------------------------------------------------
INSERT INTO berth.berth (site_cd, pontoon, berth_no, berth_cd, berth_typ, max_loa, max_beam, depth_m, shore_pwr, in_svc)
SELECT p.site_cd, p.pontoon, n, p.pontoon || n,
       CASE WHEN p.pontoon = 'V' THEN 'V' WHEN p.pontoon = 'M' THEN 'M'
            WHEN n > p.cnt - 2 THEN 'H' ELSE 'F' END,
       CASE WHEN p.pontoon = 'V' THEN 18.0 WHEN p.pontoon = 'M' THEN 12.0
            WHEN n > p.cnt - 2 THEN p.maxl + 6 ELSE p.maxl - (n % 3) END,
       CASE WHEN p.pontoon IN ('V','M') THEN 6.0 WHEN n > p.cnt - 2 THEN 6.0
            ELSE round((p.maxl - (n % 3)) * 0.33, 1) END,
       round((p.dep + (n % 4) * 0.2)::numeric, 1),
       CASE WHEN p.pontoon = 'M' THEN '0' WHEN p.maxl >= 14 OR n > p.cnt - 2 THEN '3' ELSE '1' END,
       NOT (p.site_cd = 'SLQ' AND p.pontoon = 'B' AND n BETWEEN 21 AND 28
            OR p.site_cd = 'DRT' AND p.pontoon = 'D' AND n BETWEEN 1 AND 6)
FROM (VALUES
 ('SLQ','A',60,10,2.2),('SLQ','B',60,11,2.2),('SLQ','C',70,12,2.5),('SLQ','D',70,13,2.5),('SLQ','E',60,15,2.8),('SLQ','F',50,18,3.0),('SLQ','V',30,18,2.8),
 ('LYR','A',56,10,2.0),('LYR','B',64,11,2.0),('LYR','C',64,12,2.3),('LYR','D',60,14,2.5),('LYR','E',50,16,2.6),('LYR','V',26,18,2.6),('LYR','M',20,12,2.0),
 ('DRT','A',50,10,2.5),('DRT','B',56,12,2.8),('DRT','C',56,13,3.0),('DRT','D',48,16,3.5),('DRT','V',36,18,3.5),('DRT','M',30,12,3.0),
 ('PNC','A',54,10,2.0),('PNC','B',60,11,2.2),('PNC','C',60,12,2.4),('PNC','D',46,15,2.6),('PNC','V',32,18,2.6),('PNC','M',24,12,2.2)
) AS p(site_cd, pontoon, cnt, maxl, dep)
CROSS JOIN LATERAL generate_series(1, p.cnt) AS n
ORDER BY p.site_cd = 'SLQ' DESC, p.site_cd, p.pontoon, n;

UPDATE ref.site s SET berths_total = (SELECT count(*) FROM berth.berth b WHERE b.site_cd = s.site_cd)
WHERE site_type = 'M';

-- ---------------------------------------------------------------------
-- name pools (temporary)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_first AS
SELECT row_number() OVER () AS i, nm FROM unnest(ARRAY[
 'John','David','Michael','Peter','Richard','Andrew','Paul','James','Robert','Stephen',
 'Christopher','Simon','Mark','Ian','Nicholas','Jonathan','Philip','Martin','Anthony','Timothy',
 'William','Charles','Edward','Hugh','Geoffrey','Alan','Colin','Keith','Roger','Malcolm',
 'Susan','Sarah','Elizabeth','Jane','Helen','Caroline','Alison','Catherine','Julie','Fiona',
 'Claire','Rachel','Karen','Amanda','Louise','Victoria','Lucy','Charlotte','Emma','Joanna',
 'Tom','Oliver','George','Harry','Jack','Sophie','Anna','Kate','Rosie','Alice',
 'Gordon','Duncan','Alistair','Rhys','Owen','Gareth','Niamh','Siobhan','Patrick','Marcus']) AS nm;

CREATE TEMP TABLE t_last AS
SELECT row_number() OVER () AS i, nm FROM unnest(ARRAY[
 'Smith','Jones','Williams','Taylor','Brown','Davies','Evans','Wilson','Thomas','Johnson',
 'Roberts','Robinson','Thompson','Wright','Walker','White','Edwards','Hughes','Green','Hall',
 'Lewis','Harris','Clarke','Patel','Jackson','Wood','Turner','Martin','Cooper','Hill',
 'Ward','Morris','Moore','Clark','Lee','King','Baker','Harrison','Morgan','Allen',
 'James','Scott','Phillips','Watson','Davis','Parker','Price','Bennett','Young','Griffiths',
 'Mitchell','Kelly','Cook','Carter','Richardson','Bailey','Collins','Bell','Shaw','Murphy',
 'Miller','Cox','Richards','Khan','Marshall','Anderson','Simpson','Ellis','Adams','Singh',
 'Begum','Wilkinson','Foster','Chapman','Powell','Webb','Rogers','Gray','Mason','Ali',
 'Hunt','Hussain','Campbell','Matthews','Owen','Palmer','Holmes','Mills','Barnes','Knight',
 'Lloyd','Butler','Russell','Barker','Fisher','Stevens','Jenkins','Murray','Dixon','Harvey',
 'Pascoe','Trelawny','Penberthy','Hocking','Chudleigh','Yeo','Lugg','Stapleton','Cornish','Rendle',
 'Ashcroft','Fairweather','Lockyer','Seymour','Whitcombe','Bridport','Hardy','Blandford','Crewe','Hawkins']) AS nm;

CREATE TEMP TABLE t_boat AS
SELECT row_number() OVER () AS i, nm FROM unnest(ARRAY[
 'Sea Breeze','Blue Heron','Kittiwake','Puffin','Seraphina','Wild Goose','Aurora','Moonshadow','Spindrift','Calypso',
 'Serenity','Free Spirit','Windrush','Curlew','Shearwater','Osprey','Stormy Petrel','Halcyon','Morning Star','Evening Star',
 'Sea Otter','Merlin','Avocet','Tern','Cormorant','Guillemot','Dunlin','Whimbrel','Sanderling','Godwit',
 'Blue Moon','Silver Lining','Second Wind','Jubilee','Fair Wind','Tranquility','Pipe Dream','Just Champion','Slipstream','Quicksilver',
 'Dolphin','Porpoise','Seal Song','Mermaid','Neptune''s Daughter','Poseidon','Triton','Ondine','Selkie','Morwenna',
 'Kerensa','Tamar Belle','Helford Lass','Fal Spirit','Dart Maid','Solent Rose','Purbeck Lady','Jurassic Star','Wessex Wanderer','Portland Bill',
 'Arctic Tern','Blue Jay','Golden Hind','Bluebird','Swallow','Amazon','Nancy Blackett','Peter Duck','Wild Cat','Sea Bear',
 'Gypsy Moth','Lively Lady','Suhaili','Rum Runner','Gin Palace','Liquid Asset','Knot Working','Reel Time','Aqua Vitae','Sea Ya',
 'Minstrel','Rhapsody','Sonata','Cantata','Allegro','Tempo','Jazz','Bossa Nova','Calliope','Euterpe',
 'Mistral','Sirocco','Zephyr','Bora','Levanter','Tramontana','Chinook','Monsoon','Trade Wind','Doldrums',
 'Pegasus','Orion','Sirius','Vega','Altair','Polaris','Cassiopeia','Andromeda','Capella','Arcturus',
 'Lady Grace','Lady Anne','Miss Molly','Katie B','Emma Jane','Rosie Lee','Maisie','Poppy','Hattie','Bella',
 'Bosun Bird','Sea Pie','Marlin','Barracuda','Bass Instinct','Mackerel Sky','Pollock','Wrasse','Gurnard','Bream Team',
 'Windfall','Serendipity','Carpe Diem','Joie de Vivre','Sans Souci','Bon Vivant','Que Sera','Dolce Vita','Hakuna Matata','Mañana',
 'Tinkerbell','Wanderlust','Odyssey','Nomad','Voyager','Explorer','Endeavour','Discovery','Resolution','Adventure']) AS nm;

CREATE TEMP TABLE t_model (mdl_id serial, mdl text, typ char(1), loa numeric(4,1), beam numeric(3,1), draft numeric(3,1), fuel char(1));
INSERT INTO t_model (mdl, typ, loa, beam, draft, fuel) VALUES
 ('Ribeye A600','R',6.0,2.4,0.5,'P'),('Ribcraft 5.85','R',5.9,2.4,0.5,'P'),('Cygnus 26','F',7.9,2.8,0.9,'D'),
 ('Orkney Pilothouse 20','F',6.2,2.4,0.6,'P'),('Westerly Centaur','S',7.9,2.6,0.9,'D'),('Jeanneau Merry Fisher 795','M',7.9,3.0,0.6,'P'),
 ('Sadler 29','S',8.8,3.0,1.4,'D'),('Sealine S28','M',8.8,2.9,0.9,'D'),('Hunter Channel 27','S',8.2,2.9,1.3,'D'),
 ('Contessa 32','S',9.8,2.9,1.7,'D'),('Bavaria Cruiser 34','S',9.9,3.4,1.7,'D'),('Sigma 33','S',10.0,3.0,1.8,'D'),
 ('Jeanneau Sun Odyssey 349','S',10.3,3.4,1.9,'D'),('Hallberg-Rassy 342','S',10.3,3.4,1.8,'D'),('Rival 34','S',10.4,3.1,1.6,'D'),
 ('Beneteau Antares 9','M',9.4,3.3,0.8,'D'),('Nimbus 305 Coupe','M',9.7,3.3,0.9,'D'),('Haines 32','M',9.8,3.4,0.9,'D'),
 ('Botnia Targa 32','M',10.2,3.3,1.0,'D'),('Broom 35','M',11.0,3.8,1.0,'D'),('Jeanneau Sun Fast 3200','S',9.7,3.5,2.0,'D'),
 ('Beneteau Oceanis 38.1','S',11.5,4.0,2.0,'D'),('Moody 376','S',11.4,3.8,1.6,'D'),('Dufour 360','S',11.2,3.8,1.9,'D'),
 ('Hanse 388','S',11.4,3.9,2.0,'D'),('Lagoon 380','C',11.6,6.5,1.2,'D'),('Prout Snowgoose 37','C',11.1,4.6,0.9,'D'),
 ('Fairline Targa 38','M',12.0,3.7,1.0,'D'),('Elan Impression 40','S',12.4,3.9,1.9,'D'),('Hallberg-Rassy 40C','S',12.4,3.8,1.9,'D'),
 ('Fountaine Pajot Lucia 40','C',11.7,6.6,1.2,'D'),('Princess 42','M',13.0,4.1,1.1,'D'),('X-Yachts X4.3','S',13.0,4.0,2.2,'D'),
 ('Bavaria 46 Cruiser','S',14.3,4.4,2.0,'D'),('Oyster 47','S',14.6,4.4,2.1,'D'),('Swan 48','S',14.8,4.4,2.4,'D'),
 ('Fairline Phantom 50','M',15.5,4.5,1.2,'D'),('Sunseeker Manhattan 52','M',16.3,4.6,1.3,'D'),('Discovery 55','S',17.3,5.0,2.3,'D'),
 ('Oyster 625','S',19.2,5.4,2.7,'D'),('Princess F62','M',19.4,5.1,1.5,'D'),('Sunseeker Manhattan 66','M',20.4,5.3,1.5,'D'),
 ('Fairline Squadron 68','M',21.0,5.4,1.6,'D'),('Princess 75','M',23.2,5.8,1.8,'D');

CREATE TEMP TABLE t_town AS
SELECT row_number() OVER () AS i, t, pc FROM (VALUES
 ('Poole','BH14'),('Poole','BH15'),('Bournemouth','BH6'),('Wimborne','BH21'),('Wareham','BH20'),('Salisbury','SP1'),
 ('Lymington','SO41'),('Southampton','SO15'),('Winchester','SO23'),('Romsey','SO51'),('Brockenhurst','SO42'),('Ringwood','BH24'),
 ('Dartmouth','TQ6'),('Totnes','TQ9'),('Exeter','EX4'),('Torquay','TQ2'),('Plymouth','PL9'),('Newton Abbot','TQ12'),
 ('Falmouth','TR11'),('Truro','TR1'),('Penryn','TR10'),('St Austell','PL25'),('Helston','TR13'),('Redruth','TR15'),
 ('London','SW19'),('London','W4'),('Bristol','BS8'),('Bath','BA1'),('Reading','RG4'),('Guildford','GU1'),
 ('Oxford','OX2'),('Cheltenham','GL50'),('Birmingham','B15'),('Taunton','TA1'),('Yeovil','BA20'),('Dorchester','DT1')
) AS v(t, pc);

CREATE TEMP TABLE t_port AS
SELECT row_number() OVER () AS i, nm FROM unnest(ARRAY[
 'Cowes','Yarmouth IOW','Hamble','Chichester','Brighton','Weymouth','Portland','Swanage','Poole','Lymington',
 'Salcombe','Brixham','Torquay','Plymouth','Fowey','Falmouth','Newlyn','Penzance','Dartmouth','Exmouth',
 'Cherbourg','St Peter Port','St Helier','Alderney','Roscoff','L''Aber Wrac''h','Saint-Malo','Le Havre','Milford Haven','Kinsale',
 'Southampton','Gosport','Portsmouth','Ramsgate','Eastbourne','Torpoint','Mylor','Padstow','Bristol','Cardiff']) AS nm;
ANALYZE t_first; ANALYZE t_last; ANALYZE t_boat; ANALYZE t_model; ANALYZE t_town; ANALYZE t_port;

-- ---------------------------------------------------------------------
-- berth occupancy by berthing year -> berth holders
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_occ AS
WITH y AS (
    SELECT b.berth_id, b.site_cd, b.berth_typ, b.max_loa, b.max_beam, b.in_svc, yr,
           (pg_temp.rnd('occ' || b.berth_id || '-' || yr) < CASE b.berth_typ WHEN 'M' THEN 0.80 ELSE 0.91 END)
             AND NOT (yr = 2025 AND NOT b.in_svc) AS occ,
           pg_temp.rnd('chg' || b.berth_id || '-' || yr) < 0.12 AS chg
    FROM berth.berth b CROSS JOIN generate_series(2022, 2025) AS yr
    WHERE b.berth_typ <> 'V'
), z AS (
    SELECT y.*, lag(occ) OVER (PARTITION BY berth_id ORDER BY yr) AS prev_occ FROM y
)
SELECT z.*, sum(CASE WHEN yr > 2022 AND (chg OR NOT prev_occ) THEN 1 ELSE 0 END)
              OVER (PARTITION BY berth_id ORDER BY yr) AS epoch
FROM z;
ANALYZE t_occ;

CREATE TEMP TABLE t_holder AS
SELECT row_number() OVER (ORDER BY min(yr), berth_id) AS cust_id, berth_id, epoch, min(yr) AS first_yr
FROM t_occ WHERE occ GROUP BY berth_id, epoch;
ANALYZE t_holder;

-- customer types by id range: holders, then monthly/winter pool (B), yard-only (Y), visitors (V), trade (T)
CREATE TEMP TABLE t_cust AS
SELECT g AS cust_id,
       CASE WHEN g <= h.n THEN 'B' WHEN g <= h.n + 260 THEN 'B' WHEN g <= h.n + 710 THEN 'Y'
            WHEN g <= h.n + 990 THEN 'V' ELSE 'T' END AS typ,
       g <= h.n AS is_holder, h.n AS nh,
       1 + floor(pg_temp.rnd('fn' || g) * 70)::int AS fi_i,
       1 + floor(pg_temp.rnd('ln' || g) * 120)::int AS la_i,
       1 + floor(pg_temp.rnd('tw' || g) * 36)::int AS tw_i,
       1 + floor(pg_temp.rnd('bn' || g) * 150)::int AS bn_i,
       1 + floor(pg_temp.rnd('bx' || g) * 150)::int AS bx_i
FROM (SELECT count(*) AS n FROM t_holder) h, generate_series(1, (SELECT count(*) FROM t_holder) + 1030) AS g;
ANALYZE t_cust;

INSERT INTO berth.customer (cust_id, acct_no, title, first_nm, last_nm, email, phone, town, postcode,
                            cust_since, cust_typ, stop_flg, mktg_ok, notes)
SELECT c.cust_id,
       'TW' || lpad((10000 + c.cust_id)::text, 5, '0'),
       CASE WHEN fi.i <= 30 OR fi.i BETWEEN 51 AND 55 OR fi.i BETWEEN 61 AND 66 OR fi.i = 69 OR fi.i = 70
            THEN (CASE WHEN pg_temp.rnd('dr' || c.cust_id) < 0.06 THEN 'Dr' WHEN pg_temp.rnd('dr' || c.cust_id) < 0.08 THEN 'Capt' ELSE 'Mr' END)
            ELSE (CASE WHEN pg_temp.rnd('ms' || c.cust_id) < 0.5 THEN 'Mrs' WHEN pg_temp.rnd('ms' || c.cust_id) < 0.93 THEN 'Ms' ELSE 'Dr' END) END,
       fi.nm, la.nm,
       lower(replace(fi.nm || '.' || la.nm, ' ', '')) || (c.cust_id % 97) || '@'
         || pg_temp.pick(ARRAY['gmail.com','btinternet.com','outlook.com','yahoo.co.uk','hotmail.co.uk','icloud.com'], 'em' || c.cust_id),
       '07' || lpad((floor(pg_temp.rnd('ph' || c.cust_id) * 1000000000))::bigint::text, 9, '0'),
       tw.t, tw.pc || ' ' || (1 + c.cust_id % 9)::text || chr((65 + c.cust_id % 26)::int) || chr((65 + (c.cust_id / 26) % 26)::int),
       CASE WHEN c.is_holder AND th.first_yr = 2022 AND th.epoch = 0
              THEN date '1988-01-01' + floor(pg_temp.rnd('cs' || c.cust_id) * (date '2022-03-01' - date '1988-01-01'))::int
            WHEN c.is_holder THEN make_date(th.first_yr::int, 2, 1) + floor(pg_temp.rnd('cs' || c.cust_id) * 50)::int
            ELSE date '2016-01-01' + floor(pg_temp.rnd('cs' || c.cust_id) * (date '2025-08-01' - date '2016-01-01'))::int END,
       c.typ, false,
       pg_temp.rnd('mk' || c.cust_id) < 0.62,
       CASE WHEN c.typ = 'T' THEN pg_temp.pick(ARRAY['Solent Rigging Services','Poole Sailing School','Dart Marine Surveys','Falmouth Yacht Surveyors',
              'Westcountry Marine Electronics','Purbeck Sea School','Kernow Canvas & Covers','Wessex Marine Valeting','Harbour Divers Ltd',
              'Channel Yacht Deliveries'], 'tr' || c.cust_id)
            WHEN pg_temp.rnd('nt' || c.cust_id) < 0.04 THEN 'Prefers contact by phone'
            WHEN pg_temp.rnd('nt' || c.cust_id) < 0.06 THEN 'Keys held in marina office'
            END
FROM t_cust c
LEFT JOIN t_holder th ON th.cust_id = c.cust_id
JOIN t_first fi ON fi.i = c.fi_i
JOIN t_last  la ON la.i = c.la_i
JOIN t_town  tw ON tw.i = c.tw_i
ORDER BY c.cust_id;
SELECT setval('berth.customer_cust_id_seq', (SELECT max(cust_id) FROM berth.customer));

-- ---------------------------------------------------------------------
-- vessels: holders get a boat that fits their berth; others a random boat
-- ---------------------------------------------------------------------
INSERT INTO berth.vessel (cust_id, vessel_nm, vsl_typ, make_model, loa_m, beam_m, draft_m, built_yr, ssr_no, eng_fuel, ins_exp_dt)
SELECT c.cust_id,
       bn.nm || CASE WHEN pg_temp.rnd('v2' || c.cust_id) < 0.06 THEN ' II' ELSE '' END,
       m.typ, m.mdl, m.loa, m.beam, m.draft,
       greatest(1972, 2024 - floor(pg_temp.rnd('by' || c.cust_id) * pg_temp.rnd('by2' || c.cust_id) * 50)::int),
       CASE WHEN pg_temp.rnd('ssr' || c.cust_id) < 0.6 THEN 'SSR' || (100000 + floor(pg_temp.rnd('ssn' || c.cust_id) * 90000))::int END,
       CASE WHEN m.fuel = 'P' THEN 'P' WHEN m.typ = 'S' AND pg_temp.rnd('nf' || c.cust_id) < 0.01 THEN 'N' ELSE 'D' END,
       CASE WHEN c.typ = 'T' THEN NULL
            WHEN pg_temp.rnd('ins' || c.cust_id) < 0.045 THEN date '2025-08-14' - floor(pg_temp.rnd('ie' || c.cust_id) * 200)::int
            ELSE date '2025-08-16' + floor(pg_temp.rnd('ie' || c.cust_id) * 363)::int END
FROM t_cust c
LEFT JOIN t_holder th ON th.cust_id = c.cust_id
LEFT JOIN berth.berth b ON b.berth_id = th.berth_id
JOIN t_boat bn ON bn.i = c.bn_i
CROSS JOIN LATERAL (
    SELECT * FROM t_model m
    WHERE CASE WHEN b.berth_id IS NOT NULL
               THEN m.loa <= b.max_loa AND m.loa >= b.max_loa - 3.5
                    AND (m.beam <= b.max_beam + 0.3 OR b.berth_typ IN ('H','M'))
               WHEN c.typ = 'Y' THEN m.loa BETWEEN 5.5 AND 12.5
               ELSE m.loa BETWEEN 7.5 AND 15 END
    ORDER BY md5(m.mdl || '-' || c.cust_id) LIMIT 1) m
WHERE c.typ <> 'T'
ORDER BY c.cust_id;

-- second boats (tenders, RIBs, dayboats) for some customers
INSERT INTO berth.vessel (cust_id, vessel_nm, vsl_typ, make_model, loa_m, beam_m, draft_m, built_yr, ssr_no, eng_fuel, ins_exp_dt)
SELECT c.cust_id, bn.nm, m.typ, m.mdl, m.loa, m.beam, m.draft,
       2000 + floor(pg_temp.rnd('b2' || c.cust_id) * 25)::int, NULL, m.fuel,
       date '2025-09-01' + floor(pg_temp.rnd('i2' || c.cust_id) * 300)::int
FROM t_cust c
JOIN t_boat bn ON bn.i = c.bx_i
JOIN t_model m ON m.mdl = CASE WHEN pg_temp.rnd('mx' || c.cust_id) < 0.5 THEN 'Ribeye A600'
                               WHEN pg_temp.rnd('mx' || c.cust_id) < 0.8 THEN 'Ribcraft 5.85' ELSE 'Orkney Pilothouse 20' END
WHERE c.typ IN ('B','Y') AND pg_temp.rnd('sec' || c.cust_id) < 0.07
ORDER BY c.cust_id;

CREATE TEMP TABLE t_mainv AS
SELECT DISTINCT ON (cust_id) cust_id, vessel_id, loa_m, vessel_nm, beam_m FROM berth.vessel ORDER BY cust_id, vessel_id;
CREATE UNIQUE INDEX ON t_mainv (cust_id);
ANALYZE t_mainv;

-- ---------------------------------------------------------------------
-- berthing contracts
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_ctr (
    cust_id int, vessel_id int, berth_id int, site_cd char(3), ctr_typ char(1), yr int,
    start_dt date, end_dt date, loa numeric, k text);

-- annual contracts: every occupied berth-year
INSERT INTO t_ctr
SELECT h.cust_id, v.vessel_id, o.berth_id, o.site_cd, 'A', o.yr,
       make_date(o.yr, 4, 1), make_date(o.yr + 1, 3, 31), v.loa_m, 'A' || o.berth_id || '-' || o.yr
FROM t_occ o
JOIN t_holder h ON h.berth_id = o.berth_id AND h.epoch = o.epoch
JOIN t_mainv v ON v.cust_id = h.cust_id
WHERE o.occ;

-- the monthly / winter pool: customers after the holders, typ B
CREATE TEMP TABLE t_pool AS
SELECT row_number() OVER (ORDER BY v.cust_id) AS pi, v.cust_id, v.vessel_id, v.loa_m, v.beam_m
FROM t_mainv v JOIN t_cust c ON c.cust_id = v.cust_id
WHERE c.typ = 'B' AND NOT c.is_holder;
ANALYZE t_pool;

-- winter contracts on berths with no annual holder that year
INSERT INTO t_ctr
SELECT p.cust_id, p.vessel_id, o.berth_id, o.site_cd, 'W', o.yr,
       make_date(o.yr, 10, 1), make_date(o.yr + 1, 3, 31), p.loa_m, 'W' || o.berth_id || '-' || o.yr
FROM t_occ o
CROSS JOIN LATERAL (SELECT * FROM t_pool p WHERE p.loa_m <= o.max_loa AND p.beam_m <= o.max_beam + 0.3
                    ORDER BY md5('wp' || p.cust_id || '-' || o.berth_id || '-' || o.yr) LIMIT 1) p
WHERE NOT o.occ AND (o.in_svc OR o.yr < 2025)
  AND pg_temp.rnd('win' || o.berth_id || '-' || o.yr) < CASE WHEN o.yr = 2025 THEN 0.35 ELSE 0.55 END;

-- monthly contracts in the summer (May - September) on berths with no annual holder
INSERT INTO t_ctr
SELECT p.cust_id, p.vessel_id, o.berth_id, o.site_cd, 'M', o.yr,
       make_date(o.yr, mo, 1), (make_date(o.yr, mo, 1) + interval '1 month' - interval '1 day')::date, p.loa_m,
       'M' || o.berth_id || '-' || o.yr || '-' || mo
FROM t_occ o
CROSS JOIN generate_series(5, 9) AS mo
CROSS JOIN LATERAL (SELECT * FROM t_pool p WHERE p.loa_m <= o.max_loa AND p.beam_m <= o.max_beam + 0.3
                    ORDER BY md5('mp' || p.cust_id || '-' || o.berth_id || '-' || o.yr) LIMIT 1) p
WHERE NOT o.occ AND (o.in_svc OR o.yr < 2025)
  AND pg_temp.rnd('mon' || o.berth_id || '-' || o.yr || '-' || mo) < CASE WHEN o.yr = 2025 AND mo = 9 THEN 0.25 ELSE 0.5 END;

-- a customer holds one monthly (or winter) berth at a time
DELETE FROM t_ctr t
USING (SELECT ctid, row_number() OVER (PARTITION BY cust_id, ctr_typ, start_dt ORDER BY berth_id) AS rn
       FROM t_ctr WHERE ctr_typ IN ('M','W')) d
WHERE t.ctid = d.ctid AND d.rn > 1;
ANALYZE t_ctr;
INSERT INTO berth.contract (ctr_no, cust_id, vessel_id, berth_id, ctr_typ, start_dt, end_dt, loa_chg, price_net,
                            pay_plan, ctr_status, signed_dt, term_dt)
SELECT c.site_cd || c.ctr_typ || to_char(c.start_dt, 'YY') || '-'
         || lpad(row_number() OVER (PARTITION BY c.site_cd, c.ctr_typ, extract(year FROM c.start_dt) ORDER BY c.start_dt, c.berth_id)::text, 4, '0'),
       c.cust_id, c.vessel_id, c.berth_id, c.ctr_typ, c.start_dt, c.end_dt,
       x.loa_chg, round(x.loa_chg * t.rate, 2),
       CASE WHEN c.ctr_typ <> 'A' THEN 'F'
            WHEN pg_temp.rnd('pp' || c.cust_id) < 0.45 THEN 'F'
            WHEN pg_temp.rnd('pp' || c.cust_id) < 0.65 THEN 'Q' ELSE 'D' END,
       CASE WHEN x.term THEN 'T'
            WHEN c.start_dt > date '2025-08-15' THEN 'P'
            WHEN c.end_dt < date '2025-08-15' THEN 'X' ELSE 'L' END,
       c.start_dt - (3 + floor(pg_temp.rnd('sg' || c.k) * 45))::int,
       CASE WHEN x.term THEN c.start_dt + floor(pg_temp.rnd('td' || c.k) * least(300, date '2025-08-10' - c.start_dt))::int END
FROM t_ctr c
CROSS JOIN LATERAL (SELECT greatest(7.0, ceil(c.loa * 2) / 2.0) AS loa_chg,
                           c.ctr_typ = 'A' AND c.start_dt < date '2025-07-01' AND pg_temp.rnd('term' || c.k) < 0.03 AS term) x
JOIN ref.tariff t ON t.site_cd = c.site_cd
                 AND t.tariff_yr = CASE WHEN extract(month FROM c.start_dt) < 4 THEN extract(year FROM c.start_dt) - 1 ELSE extract(year FROM c.start_dt) END
                 AND t.chg_cd = CASE c.ctr_typ WHEN 'A' THEN 'ANN' WHEN 'W' THEN 'WIN' ELSE 'MON' END
ORDER BY c.start_dt, c.site_cd, c.berth_id;

-- ---------------------------------------------------------------------
-- visitor stays, 1 April 2022 .. 15 August 2025
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_vb AS
SELECT site_cd, row_number() OVER (PARTITION BY site_cd ORDER BY berth_id) AS idx, berth_id,
       count(*) OVER (PARTITION BY site_cd) AS n
FROM berth.berth WHERE berth_typ = 'V';
ANALYZE t_vb;

CREATE TEMP TABLE t_vcust AS
SELECT row_number() OVER (ORDER BY v.cust_id) AS i, v.cust_id, v.vessel_nm, v.loa_m
FROM t_mainv v JOIN t_cust c ON c.cust_id = v.cust_id WHERE c.typ = 'V';
ANALYZE t_vcust;

CREATE TEMP TABLE t_stay0 AS
SELECT s.site_cd, d::date AS arr_dt, k,
       s.site_cd || to_char(d, 'YYYYMMDD') || '-' || k AS key
FROM (VALUES ('SLQ', 16), ('LYR', 13), ('DRT', 18), ('PNC', 14)) AS s(site_cd, base)
CROSS JOIN generate_series(date '2022-04-01', date '2025-08-15', interval '1 day') AS d
CROSS JOIN LATERAL generate_series(1, floor(
      s.base
      * (ARRAY[0.08,0.10,0.20,0.45,0.75,0.90,1.00,1.05,0.70,0.35,0.12,0.08])[extract(month FROM d)::int]
      * CASE WHEN extract(isodow FROM d) IN (5, 6) THEN 1.35 ELSE 0.85 END
      * (0.6 + 0.8 * pg_temp.rnd('vd' || s.site_cd || d::date)))::int) AS k;

CREATE TEMP TABLE t_stay AS
SELECT st.*, x.nights, x.loa,
       1 + floor(pg_temp.hx(h.a, 0) * n.n)::int AS vb_i,
       CASE WHEN pg_temp.hx(h.a, 1) < 0.04 THEN 1 + floor(pg_temp.hx(h.a, 2) * 280)::int END AS vc_i,
       1 + floor(pg_temp.hx(h.a, 3) * 150)::int AS bn_i,
       1 + floor(pg_temp.hx(h.b, 0) * 40)::int AS hp_i,
       1 + floor(pg_temp.hx(h.b, 1) * 70)::int AS fi_i,
       1 + floor(pg_temp.hx(h.b, 2) * 120)::int AS la_i,
       pg_temp.hx(h.b, 3) AS r_bv,
       pg_temp.hx(h.c, 0) AS r_pm,
       CASE WHEN extract(month FROM st.arr_dt) < 4 THEN extract(year FROM st.arr_dt) - 1 ELSE extract(year FROM st.arr_dt) END::int AS tyr
FROM t_stay0 st
JOIN (SELECT site_cd, count(*) AS n FROM t_vb GROUP BY site_cd) n ON n.site_cd = st.site_cd
CROSS JOIN LATERAL (SELECT md5('a' || st.key) AS a, md5('b' || st.key) AS b, md5('c' || st.key) AS c OFFSET 0) h
CROSS JOIN LATERAL (
    SELECT CASE WHEN r < 0.50 THEN 1 WHEN r < 0.75 THEN 2 WHEN r < 0.85 THEN 3
                WHEN r < 0.97 THEN 4 + floor(pg_temp.hx(h.c, 2) * 4)::int
                ELSE 8 + floor(pg_temp.hx(h.c, 2) * 14)::int END AS nights,
           round((7.0 + power(pg_temp.hx(h.c, 3), 1.6) * 11)::numeric, 1) AS loa
    FROM (SELECT pg_temp.hx(h.c, 1) AS r) q) x;
ANALYZE t_stay;

INSERT INTO berth.visitor_stay (site_cd, berth_id, cust_id, vessel_nm, loa_m, home_port, skipper_nm, arr_dt, dep_dt,
                                booked_via, rate_pmn, amt_paid, pay_mthd)
SELECT st.site_cd, vb.berth_id, vc.cust_id,
       coalesce(vc.vessel_nm, bn.nm), coalesce(vc.loa_m, st.loa), pt.nm,
       fi.nm || ' ' || la.nm,
       st.arr_dt,
       CASE WHEN st.arr_dt + st.nights <= date '2025-08-15' THEN st.arr_dt + st.nights END,
       CASE WHEN st.r_bv < 0.40 THEN 'V' WHEN st.r_bv < 0.60 THEN 'P' WHEN st.r_bv < 0.85 THEN 'O' ELSE 'A' END,
       round(t.rate * 1.2, 2),
       CASE WHEN st.arr_dt + st.nights <= date '2025-08-15'
            THEN round(coalesce(vc.loa_m, st.loa) * st.nights * round(t.rate * 1.2, 2), 2) END,
       CASE WHEN st.arr_dt + st.nights > date '2025-08-15' THEN NULL
            WHEN vc.cust_id IS NOT NULL THEN 'A'
            WHEN st.r_pm < 0.91 THEN 'C' ELSE 'X' END
FROM t_stay st
JOIN t_vb vb ON vb.site_cd = st.site_cd AND vb.idx = st.vb_i
LEFT JOIN t_vcust vc ON vc.i = st.vc_i
JOIN t_boat bn ON bn.i = st.bn_i
JOIN t_port pt ON pt.i = st.hp_i
JOIN t_first fi ON fi.i = st.fi_i
JOIN t_last la ON la.i = st.la_i
JOIN ref.tariff t ON t.site_cd = st.site_cd AND t.chg_cd = 'VIS' AND t.tariff_yr = st.tyr
ORDER BY st.arr_dt, st.site_cd, st.k;

-- ---------------------------------------------------------------------
-- who was employed where, per day and role group (temporary)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_daystaff AS
SELECT s.site_cd, d::date AS d, g.grp, array_agg(s.staff_id ORDER BY s.staff_id) AS arr
FROM generate_series(date '2022-04-01', date '2025-08-31', interval '1 day') AS d
JOIN ref.staff s ON s.start_dt <= d AND (s.leave_dt IS NULL OR s.leave_dt >= d)
JOIN (VALUES ('HM','MA'),('DHM','MA'),('MA','MA'),('SHP','SHP'),('YH','YH'),('ENG','ENG'),('MGR','MGR'),('OFF','OFF')) AS g(role_cd, grp)
  ON g.role_cd = s.role_cd
GROUP BY s.site_cd, d::date, g.grp;
CREATE INDEX ON t_daystaff (site_cd, d, grp);
ANALYZE t_daystaff;

-- ---------------------------------------------------------------------
-- chandlery catalogue
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_pb (pb_id serial, cat char(3), brand text, nm text, vars text[], costs numeric[], mk numeric);
INSERT INTO t_pb (cat, brand, nm, vars, costs, mk) VALUES
 ('ROP','Marlow','Doublebraid polyester rope, per metre',ARRAY['8mm','10mm','12mm','14mm','16mm'],ARRAY[0.95,1.30,1.75,2.30,2.90],1.75),
 ('ROP','Liros','Dyneema D-Pro, per metre',ARRAY['4mm','6mm','8mm'],ARRAY[1.60,2.70,4.10],1.70),
 ('ROP','Marlow','3-strand nylon mooring warp 15m',ARRAY['12mm','14mm','16mm'],ARRAY[21.00,27.50,34.00],1.65),
 ('ROP','Kingfisher','Pre-spliced mooring line 10m',ARRAY['10mm','12mm','14mm'],ARRAY[13.50,17.00,22.00],1.70),
 ('ROP','Kingfisher','Shock cord, per metre',ARRAY['6mm','8mm'],ARRAY[0.35,0.48],2.00),
 ('ROP','Marlow','Excel Racing sheet, per metre',ARRAY['8mm','10mm'],ARRAY[2.40,3.20],1.70),
 ('PNT','International','Micron 350 antifouling 2.5L',ARRAY['Navy','Black','Red','Dover White'],ARRAY[92.00,92.00,92.00,95.00],1.45),
 ('PNT','International','Micron 350 antifouling 750ml',ARRAY['Navy','Black','Red'],ARRAY[34.00,34.00,34.00],1.50),
 ('PNT','Hempel','Mille NCT antifouling 2.5L',ARRAY['Navy','Black','Red'],ARRAY[78.00,78.00,78.00],1.45),
 ('PNT','Coppercoat','Coppercoat kit',ARRAY['1L','2L'],ARRAY[155.00,295.00],1.35),
 ('PNT','International','Primocon primer 2.5L',ARRAY['Grey'],ARRAY[38.00],1.55),
 ('PNT','International','Trilux Prop-O-Drev kit',ARRAY['250ml'],ARRAY[21.00],1.60),
 ('PNT','Hempel','Thinner No 1 1L',ARRAY['1L'],ARRAY[9.50],1.70),
 ('PNT','Harris','Antifouling roller kit',ARRAY['4in','9in'],ARRAY[4.20,6.80],2.00),
 ('ELE','Victron','Blue Smart IP65 charger',ARRAY['12V 10A','12V 15A'],ARRAY[82.00,105.00],1.40),
 ('ELE','Lifeline','AGM leisure battery',ARRAY['100Ah','150Ah'],ARRAY[215.00,305.00],1.35),
 ('ELE','Hella','LED navigation light',ARRAY['Port','Starboard','Stern','Masthead tricolour'],ARRAY[38.00,38.00,34.00,96.00],1.55),
 ('ELE','Garmin','GPSMAP chartplotter',ARRAY['743xsv','943xsv'],ARRAY[780.00,1120.00],1.25),
 ('ELE','Standard Horizon','GX2400E VHF radio with AIS',ARRAY['Black'],ARRAY[265.00],1.30),
 ('ELE','Standard Horizon','HX890E handheld VHF',ARRAY['Black'],ARRAY[148.00],1.35),
 ('ELE','Blue Sea','Battery isolator switch',ARRAY['Single','Dual'],ARRAY[22.00,36.00],1.65),
 ('ELE','Vetus','Bilge pump 24L/min',ARRAY['12V'],ARRAY[44.00],1.60),
 ('SAF','Crewsaver','ErgoFit+ 190N lifejacket',ARRAY['Manual','Auto','Auto with harness'],ARRAY[78.00,96.00,112.00],1.50),
 ('SAF','Spinlock','Deckvest 6D 170N lifejacket',ARRAY['Auto'],ARRAY[185.00],1.40),
 ('SAF','Crewsaver','Lifejacket re-arm kit',ARRAY['UML 33g','Hydrostatic 33g'],ARRAY[19.00,52.00],1.65),
 ('SAF','Pains Wessex','Coastal flare pack',ARRAY['Standard'],ARRAY[72.00],1.45),
 ('SAF','Ocean Signal','rescueME PLB1 personal locator beacon',ARRAY['Yellow'],ARRAY[198.00],1.30),
 ('SAF','Ocean Safety','Ocean ISO liferaft 4-person',ARRAY['Valise','Canister'],ARRAY[1080.00,1240.00],1.25),
 ('SAF','Seago','Fire extinguisher dry powder',ARRAY['1kg','2kg'],ARRAY[14.00,22.00],1.70),
 ('SAF','Ocean Safety','Danbuoy and horseshoe set',ARRAY['Yellow'],ARRAY[142.00],1.40),
 ('ENG','Johnson','Impeller kit',ARRAY['09-1027B','09-812B','09-1028B'],ARRAY[24.00,28.00,31.00],1.70),
 ('ENG','Volvo Penta','Oil filter',ARRAY['3840525','21549542'],ARRAY[9.80,14.50],1.75),
 ('ENG','Volvo Penta','Fuel filter',ARRAY['877761','3583443'],ARRAY[8.90,16.20],1.75),
 ('ENG','Yanmar','Fuel filter element',ARRAY['104500-55710','41650-502320'],ARRAY[9.50,12.80],1.75),
 ('ENG','Yanmar','Oil filter',ARRAY['119305-35151','129150-35170'],ARRAY[10.20,11.60],1.75),
 ('ENG','Tecnoseal','Zinc shaft anode',ARRAY['25mm','30mm','35mm'],ARRAY[6.80,8.40,10.60],1.90),
 ('ENG','Tecnoseal','Saildrive anode kit',ARRAY['Volvo 110S','Yanmar SD50'],ARRAY[21.00,24.00],1.80),
 ('ENG','Castrol','Marine engine oil 15W-40 5L',ARRAY['5L'],ARRAY[26.00],1.60),
 ('ENG','Vetus','Raw water strainer',ARRAY['FTR330','FTR470'],ARRAY[46.00,62.00],1.55),
 ('ENG','Gates','Alternator V-belt',ARRAY['10x875','10x1000'],ARRAY[11.00,12.50],1.80),
 ('ENG','Halfords','Coolant antifreeze 5L',ARRAY['5L'],ARRAY[12.00],1.80),
 ('CLO','Musto','BR1 Channel jacket',ARRAY['S','M','L','XL'],ARRAY[118.00,118.00,118.00,118.00],1.65),
 ('CLO','Musto','BR1 Channel trousers',ARRAY['S','M','L','XL'],ARRAY[82.00,82.00,82.00,82.00],1.65),
 ('CLO','Gill','OS3 coastal jacket',ARRAY['M','L'],ARRAY[96.00,96.00],1.65),
 ('CLO','Dubarry','Ultima deck shoe',ARRAY['UK 8','UK 9','UK 10'],ARRAY[58.00,58.00,58.00],1.75),
 ('CLO','Gill','Pro sailing gloves',ARRAY['S','M','L'],ARRAY[16.00,16.00,16.00],1.90),
 ('CLO','Tidewater','Marina logo cap',ARRAY['Navy'],ARRAY[5.50],2.60),
 ('CHT','Imray','Chart 2300 series folio',ARRAY['Western Channel','Central Channel','Solent'],ARRAY[38.00,38.00,38.00],1.45),
 ('CHT','Admiralty','Leisure folio',ARRAY['5601 East Devon','5602 West Country','5600 Solent'],ARRAY[42.00,42.00,42.00],1.40),
 ('CHT','Reeds','Nautical Almanac 2025',ARRAY['Book'],ARRAY[29.00],1.50),
 ('CHT','Imray','West Country cruising companion',ARRAY['Book'],ARRAY[19.00],1.55),
 ('DEC','Lewmar','Winch handle',ARRAY['8in lock-in','10in lock-in'],ARRAY[24.00,28.00],1.65),
 ('DEC','Majoni','Fender',ARRAY['15x58cm','20x65cm','25x75cm'],ARRAY[11.00,16.50,24.00],1.85),
 ('DEC','Wichard','Stainless shackle',ARRAY['6mm','8mm','10mm'],ARRAY[3.20,4.60,7.90],2.10),
 ('DEC','Rocna','Anchor',ARRAY['10kg','15kg','20kg'],ARRAY[175.00,225.00,285.00],1.35),
 ('DEC','Plastimo','Boathook telescopic',ARRAY['1.2-2.1m'],ARRAY[19.50],1.80),
 ('DEC','Lewmar','Fairlead and cleat set',ARRAY['Small','Large'],ARRAY[26.00,39.00],1.70),
 ('CLN','Starbrite','Hull cleaner 1L',ARRAY['1L'],ARRAY[9.00],1.90),
 ('CLN','Autoglym','Marine polish 500ml',ARRAY['500ml'],ARRAY[8.50],1.90),
 ('CLN','3M','Marine Restorer and Wax 500ml',ARRAY['500ml'],ARRAY[17.50],1.80),
 ('CLN','WD-40','Multi-use spray 450ml',ARRAY['450ml'],ARRAY[4.10],2.00),
 ('CLN','Sikaflex','291i marine sealant',ARRAY['White','Black'],ARRAY[11.40,11.40],1.85),
 ('CLN','Yachticon','Fresh water tank cleaner',ARRAY['500g'],ARRAY[10.50],1.85);

INSERT INTO shop.product (sku, prod_nm, cat_cd, brand, cost_prc, rrp, stock_qty, reorder_lvl, disc_flg)
SELECT p.cat || '-' || lpad((row_number() OVER (ORDER BY p.pb_id, v.i))::text, 4, '0'),
       p.brand || ' ' || p.nm || CASE WHEN array_length(p.vars, 1) > 1 OR p.vars[1] !~ '^(Book|\d)' THEN ' - ' || v.var ELSE '' END,
       p.cat, p.brand, p.costs[v.i],
       ceil(p.costs[v.i] * p.mk * 1.2) - 0.01,
       CASE WHEN pg_temp.rnd('lo' || p.pb_id || '-' || v.i) < 0.045 THEN floor(pg_temp.rnd('sq' || p.pb_id || '-' || v.i) * 3)::int
            ELSE 6 + floor(pg_temp.rnd('sq' || p.pb_id || '-' || v.i) * 60)::int END,
       CASE WHEN p.costs[v.i] > 150 THEN 1 WHEN p.costs[v.i] > 40 THEN 3 ELSE 5 END,
       pg_temp.rnd('dc' || p.pb_id || '-' || v.i) < 0.05
FROM t_pb p CROSS JOIN LATERAL unnest(p.vars) WITH ORDINALITY AS v(var, i)
ORDER BY p.pb_id, v.i;

CREATE TEMP TABLE t_prod AS
SELECT row_number() OVER (ORDER BY rrp * (0.3 + pg_temp.rnd('pop' || prod_id))) AS pi, prod_id, cat_cd, rrp, cost_prc
FROM shop.product;
ANALYZE t_prod;

-- ---------------------------------------------------------------------
-- fuel berth sales at SLQ, DRT and PNC, 1 April 2022 .. 15 August 2025
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_fprice AS
SELECT (date '2022-04-01' + (i - 1) * interval '1 month')::date AS mon, d AS ppl_d
FROM unnest(ARRAY[
  1.89,1.95,2.05,1.99,1.89,1.84,1.92,1.88,1.72,                                  -- 2022 Apr-Dec
  1.65,1.62,1.58,1.52,1.48,1.45,1.47,1.55,1.62,1.60,1.55,1.49,                   -- 2023
  1.47,1.50,1.53,1.56,1.55,1.52,1.50,1.48,1.44,1.42,1.43,1.45,                   -- 2024
  1.46,1.47,1.44,1.40,1.38,1.39,1.41,1.42]::numeric[]) WITH ORDINALITY AS a(d, i);  -- 2025 Jan-Aug

CREATE TEMP TABLE t_acct AS       -- customers who can run a fuel / shop account
SELECT row_number() OVER (ORDER BY v.cust_id) AS i, v.cust_id, v.vessel_nm, c.typ
FROM t_mainv v JOIN t_cust c ON c.cust_id = v.cust_id WHERE c.typ IN ('B','Y');
ANALYZE t_acct;

CREATE TEMP TABLE t_fs AS
SELECT s.site_cd, d::date AS d, k, s.prem,
       s.site_cd || to_char(d, 'YYYYMMDD') || k AS key
FROM (VALUES ('SLQ', 40, 0.00), ('DRT', 34, 0.02), ('PNC', 27, 0.04)) AS s(site_cd, base, prem)
CROSS JOIN generate_series(date '2022-04-01', date '2025-08-15', interval '1 day') AS d
CROSS JOIN LATERAL generate_series(1, floor(
      s.base
      * (ARRAY[0.10,0.12,0.25,0.55,0.80,0.95,1.00,1.05,0.75,0.40,0.15,0.10])[extract(month FROM d)::int]
      * CASE WHEN extract(isodow FROM d) IN (5, 6, 7) THEN 1.30 ELSE 0.85 END
      * (0.6 + 0.8 * pg_temp.rnd('fd' || s.site_cd || d::date)))::int) AS k;

CREATE TEMP TABLE t_fs2 AS
SELECT f.site_cd, f.d, f.key,
       f.d + time '08:00' + (floor(pg_temp.hx(h.a, 0) * 600) * interval '1 minute')
           + (floor(pg_temp.hx(h.a, 1) * 60) * interval '1 second') AS ts,
       CASE WHEN pg_temp.hx(h.a, 2) < 0.74 THEN 'D' ELSE 'P' END AS fuel_cd,
       pg_temp.hx(h.a, 3) AS r_l,
       round(p.ppl_d + f.prem, 3) AS ppl_d, f.prem,
       pg_temp.hx(h.b, 0) AS r_pay,
       1 + floor(pg_temp.hx(h.b, 1) * (SELECT count(*) FROM t_acct))::int AS acct_i,
       1 + floor(pg_temp.hx(h.b, 2) * 150)::int AS bn_i,
       pg_temp.hx(h.b, 3) AS r_st, p.mon
FROM t_fs f
JOIN t_fprice p ON p.mon = date_trunc('month', f.d)::date
CROSS JOIN LATERAL (SELECT md5('a' || f.key) AS a, md5('b' || f.key) AS b OFFSET 0) h;
ANALYZE t_fs2;

INSERT INTO fuel.fuel_sale (sale_id, site_cd, sale_ts, pump_no, fuel_cd, litres, ppl, amt_gross, vat_rt, cust_id, vessel_nm, pay_mthd, staff_id)
SELECT row_number() OVER (ORDER BY x.ts, x.key), x.site_cd, x.ts,
       CASE WHEN x.fuel_cd = 'D' THEN 1 + floor(x.r_st * 7)::int % 2 ELSE 3 END,
       x.fuel_cd, x.litres, x.ppl, round(x.litres * x.ppl, 2), 20.00,
       CASE WHEN x.r_pay < 0.30 THEN a.cust_id END,
       CASE WHEN x.r_pay < 0.30 THEN a.vessel_nm ELSE bn.nm END,
       CASE WHEN x.r_pay < 0.17 THEN 'A' WHEN x.r_pay < 0.93 THEN 'C' ELSE 'X' END,
       ds.arr[1 + floor(x.r_st * array_length(ds.arr, 1))::int]
FROM (
    SELECT t.*,
           CASE WHEN t.fuel_cd = 'D' THEN round((10 + power(t.r_l, 2.6) * 320)::numeric, 2)
                ELSE round((5 + power(t.r_l, 1.6) * 70)::numeric, 2) END AS litres,
           CASE WHEN t.fuel_cd = 'D' THEN t.ppl_d ELSE t.ppl_d + 0.06 END AS ppl
    FROM t_fs2 t) x
JOIN t_acct a ON a.i = CASE WHEN x.r_pay < 0.17   -- fuel accounts: 100 account holders per fuel berth
                           THEN 1 + (x.acct_i - 1) % 100 + CASE x.site_cd WHEN 'SLQ' THEN 0 WHEN 'DRT' THEN 100 ELSE 200 END
                           ELSE x.acct_i END
JOIN t_boat bn ON bn.i = x.bn_i
JOIN t_daystaff ds ON ds.site_cd = x.site_cd AND ds.d = x.d AND ds.grp = 'MA';

-- ---------------------------------------------------------------------
-- chandlery till sales at SLQ, PNC and HBY
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_sale AS
SELECT row_number() OVER (ORDER BY x.ts, x.key) AS sale_id, x.*
FROM (
    SELECT s.site_cd, d::date AS d, k, s.site_cd || to_char(d, 'YYYYMMDD') || k AS key,
           d + time '09:00' + floor(pg_temp.rnd('st' || s.site_cd || d::date || k) * 510) * interval '1 minute' AS ts
    FROM (VALUES ('SLQ', 26, 1), ('PNC', 19, 1), ('HBY', 15, 2)) AS s(site_cd, base, prof)
    CROSS JOIN generate_series(date '2022-04-01', date '2025-08-15', interval '1 day') AS d
    CROSS JOIN LATERAL generate_series(1, floor(
          s.base
          * CASE s.prof WHEN 1 THEN (ARRAY[0.15,0.20,0.40,0.70,0.85,0.95,1.00,1.00,0.75,0.45,0.25,0.30])[extract(month FROM d)::int]
                        ELSE (ARRAY[0.30,0.55,1.00,1.05,0.80,0.55,0.45,0.45,0.50,0.70,0.55,0.30])[extract(month FROM d)::int] END
          * CASE WHEN extract(isodow FROM d) = 7 THEN 0.6 WHEN extract(isodow FROM d) = 6 THEN 1.3 ELSE 1.0 END
          * (0.6 + 0.8 * pg_temp.rnd('sd' || s.site_cd || d::date)))::int) AS k
) x;
ALTER TABLE t_sale ADD COLUMN r_c float8, ADD COLUMN acct_i int, ADD COLUMN r_st float8, ADD COLUMN nlines int;
UPDATE t_sale t SET r_c = pg_temp.hx(z.h, 0),
                    acct_i = 1 + floor(pg_temp.hx(z.h, 1) * (SELECT count(*) FROM t_acct))::int,
                    r_st = pg_temp.hx(z.h, 2),
                    nlines = 1 + floor(power(pg_temp.hx(z.h, 3), 1.8) * 5)::int
FROM (SELECT sale_id, md5(key) AS h FROM t_sale OFFSET 0) z
WHERE z.sale_id = t.sale_id;
ANALYZE t_sale;

CREATE TEMP TABLE t_line AS
SELECT s.sale_id, l AS line_no, p.prod_id, p.rrp AS unit_prc,
       CASE WHEN p.rrp < 15 AND pg_temp.hx(h.a, 0) < 0.35 THEN 2 + floor(pg_temp.hx(h.a, 1) * 4)::int
            WHEN p.cat_cd = 'ROP' AND p.rrp < 10 THEN 5 + floor(pg_temp.hx(h.a, 1) * 25)::int
            ELSE 1 END AS qty
FROM t_sale s
CROSS JOIN LATERAL generate_series(1, s.nlines) AS l
CROSS JOIN LATERAL (SELECT md5('l' || s.key || '-' || l) AS a OFFSET 0) h
JOIN t_prod p ON p.pi = 1 + floor(CASE WHEN pg_temp.hx(h.a, 2) < 0.95     -- mostly the cheaper 60 % of the range
                                       THEN power(pg_temp.hx(h.a, 3), 1.5) * 0.6
                                       ELSE pg_temp.hx(h.a, 3) END * (SELECT count(*) FROM t_prod))::int;
ANALYZE t_line;

-- a product appears once per receipt: merge duplicates
CREATE TEMP TABLE t_line2 AS
SELECT sale_id, row_number() OVER (PARTITION BY sale_id ORDER BY min(line_no)) AS line_no, prod_id, unit_prc, sum(qty) AS qty
FROM t_line GROUP BY sale_id, prod_id, unit_prc;
ANALYZE t_line2;

INSERT INTO shop.sale (sale_id, site_cd, sale_ts, cust_id, staff_id, pay_mthd, disc_pct, total_amt)
SELECT s.sale_id, s.site_cd, s.ts,
       CASE WHEN s.r_c < 0.35 THEN a.cust_id END,
       ds.arr[1 + floor(s.r_st * array_length(ds.arr, 1))::int],
       CASE WHEN s.r_c < 0.09 THEN 'A' WHEN s.r_c < 0.88 THEN 'C' ELSE 'X' END,
       CASE WHEN s.r_c < 0.35 AND a.typ = 'B' THEN 10 ELSE 0 END,
       round(l.gross * (1 - CASE WHEN s.r_c < 0.35 AND a.typ = 'B' THEN 10 ELSE 0 END / 100.0), 2)
FROM t_sale s
JOIN t_acct a ON a.i = CASE WHEN s.r_c < 0.09
                           THEN 1 + (s.acct_i - 1) % 100 + CASE s.site_cd WHEN 'SLQ' THEN 0 WHEN 'PNC' THEN 200 ELSE 300 END
                           ELSE s.acct_i END
JOIN t_daystaff ds ON ds.site_cd = s.site_cd AND ds.d = s.d AND ds.grp = 'SHP'
JOIN (SELECT sale_id, sum(qty * unit_prc) AS gross FROM t_line2 GROUP BY sale_id) l ON l.sale_id = s.sale_id
ORDER BY s.sale_id;
SELECT setval('shop.sale_sale_id_seq', (SELECT max(sale_id) FROM shop.sale));

INSERT INTO shop.sale_line (sale_id, line_no, prod_id, qty, unit_prc)
SELECT sale_id, line_no, prod_id, qty, unit_prc FROM t_line2 ORDER BY sale_id, line_no;

-- ---------------------------------------------------------------------
-- boatyard: hard-standing periods (winter, short-term, long-term)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_stor (vessel_id int, site_cd char(3), stor_typ char(1), from_dt date, to_dt date, k text);

-- winter storage of berth holders' boats (boats from Poole and Lymington go to Holes Bay)
INSERT INTO t_stor
SELECT c.vessel_id, CASE WHEN c.site_cd IN ('SLQ','LYR') THEN 'HBY' ELSE c.site_cd END, 'W',
       make_date(c.yr, 10, 1) + floor(pg_temp.rnd('wf' || c.k) * 55)::int,
       CASE WHEN c.yr = 2024 AND pg_temp.rnd('wl' || c.k) < 0.05 THEN NULL
            ELSE make_date(c.yr + 1, 3, 5) + floor(pg_temp.rnd('wt' || c.k) * 75)::int END,
       'W' || c.k
FROM t_ctr c
WHERE c.ctr_typ = 'A' AND c.yr <= 2024 AND pg_temp.rnd('ws' || c.k) < 0.22;

-- boatyard-only customers' boats and second boats (tenders, RIBs)
INSERT INTO t_stor
SELECT v.vessel_id,
       CASE WHEN pg_temp.rnd('ys' || v.vessel_id) < 0.70 OR v.make_model LIKE 'Rib%' THEN 'HBY'
            WHEN pg_temp.rnd('ys' || v.vessel_id) < 0.85 THEN 'DRT' ELSE 'PNC' END,
       'W', make_date(yr, 9, 20) + floor(pg_temp.rnd('yf' || v.vessel_id || yr) * 60)::int,
       CASE WHEN yr = 2024 AND pg_temp.rnd('yl' || v.vessel_id) < 0.07 THEN NULL
            ELSE make_date(yr + 1, 3, 1) + floor(pg_temp.rnd('yt' || v.vessel_id || yr) * 85)::int END,
       'Y' || v.vessel_id || '-' || yr
FROM berth.vessel v
JOIN t_cust c ON c.cust_id = v.cust_id
LEFT JOIN t_mainv m ON m.vessel_id = v.vessel_id
CROSS JOIN generate_series(2022, 2024) AS yr
WHERE (c.typ = 'Y' AND c.cust_id % 19 <> 0 AND m.vessel_id IS NOT NULL AND pg_temp.rnd('yw' || v.vessel_id || yr) < 0.85)
   OR (m.vessel_id IS NULL AND pg_temp.rnd('yw' || v.vessel_id || yr) < 0.5);

-- short-term lift-outs in the season for repairs (1 - 5 weeks)
INSERT INTO t_stor
SELECT v.vessel_id, s.site_cd, 'S', x.f, CASE WHEN x.f + x.len <= date '2025-08-15' THEN x.f + x.len END,
       'S' || s.site_cd || g || '-' || yr
FROM (VALUES ('HBY', 70), ('DRT', 25), ('PNC', 18)) AS s(site_cd, n)
CROSS JOIN generate_series(2022, 2025) AS yr
CROSS JOIN LATERAL generate_series(1, s.n) AS g
CROSS JOIN LATERAL (SELECT make_date(yr, 4, 15) + floor(pg_temp.rnd('sf' || s.site_cd || g || yr) * 150)::int AS f,
                           7 + floor(pg_temp.rnd('sl' || s.site_cd || g || yr) * 30)::int AS len,
                           1 + floor(pg_temp.rnd('sv' || s.site_cd || g || yr) * (SELECT count(*) FROM t_mainv))::int AS vi) x
JOIN (SELECT row_number() OVER (ORDER BY vessel_id) AS i, vessel_id FROM t_mainv) v ON v.i = x.vi
WHERE x.f <= date '2025-08-14';

-- long-term laid-up project boats at Holes Bay
INSERT INTO t_stor
SELECT m.vessel_id, 'HBY', 'L', date '2021-06-01' + floor(pg_temp.rnd('lf' || m.cust_id) * 900)::int,
       CASE WHEN m.cust_id % 5 = 0 THEN date '2024-05-01' + floor(pg_temp.rnd('lt' || m.cust_id) * 300)::int END,
       'L' || m.cust_id
FROM t_mainv m JOIN t_cust c ON c.cust_id = m.cust_id
WHERE c.typ = 'Y' AND c.cust_id % 19 = 0;

INSERT INTO yard.storage (vessel_id, site_cd, bay_cd, from_dt, to_dt, stor_typ, cradle, rate_pmw)
SELECT s.vessel_id, s.site_cd,
       CASE s.site_cd WHEN 'HBY' THEN pg_temp.pick(ARRAY['N','S','E','W'], 'bx' || s.k) || (1 + floor(pg_temp.rnd('bn' || s.k) * 8))::int
                      WHEN 'DRT' THEN 'D' || (1 + floor(pg_temp.rnd('bn' || s.k) * 5))::int
                      ELSE 'P' || (1 + floor(pg_temp.rnd('bn' || s.k) * 4))::int END,
       s.from_dt, s.to_dt, s.stor_typ,
       CASE WHEN v.vsl_typ IN ('M','R','F') AND pg_temp.rnd('cr' || s.k) < 0.5 THEN 'P'
            WHEN pg_temp.rnd('cr' || s.k) < 0.55 THEN 'O' WHEN pg_temp.rnd('cr' || s.k) < 0.85 THEN 'H' ELSE 'P' END,
       t.rate * CASE s.stor_typ WHEN 'W' THEN 0.85 WHEN 'L' THEN 0.75 ELSE 1 END
FROM t_stor s
JOIN berth.vessel v ON v.vessel_id = s.vessel_id
JOIN ref.tariff t ON t.site_cd = s.site_cd AND t.chg_cd = 'HST'
                 AND t.tariff_yr = greatest(2022, CASE WHEN extract(month FROM s.from_dt) < 4 THEN extract(year FROM s.from_dt)::int - 1 ELSE extract(year FROM s.from_dt)::int END)
ORDER BY s.from_dt, s.vessel_id;
ANALYZE yard.storage;

-- ---------------------------------------------------------------------
-- boatyard: hoist movements
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_lift AS
SELECT vessel_id, site_cd, 'O'::char(1) AS lift_typ, from_dt AS d, 'O' || k AS k FROM t_stor WHERE from_dt >= date '2022-04-01'
UNION ALL
SELECT vessel_id, site_cd, 'L', to_dt, 'L' || k FROM t_stor WHERE to_dt IS NOT NULL
UNION ALL
SELECT v.vessel_id, s.site_cd, 'H', x.d, 'H' || s.site_cd || g || '-' || yr
FROM (VALUES ('HBY', 230), ('DRT', 90), ('PNC', 60)) AS s(site_cd, n)
CROSS JOIN generate_series(2022, 2025) AS yr
CROSS JOIN LATERAL generate_series(1, s.n) AS g
CROSS JOIN LATERAL (SELECT make_date(yr, 4, 1) + floor(pg_temp.rnd('hd' || s.site_cd || g || yr) * 183)::int AS d,
                           1 + floor(pg_temp.rnd('hv' || s.site_cd || g || yr) * (SELECT count(*) FROM t_mainv))::int AS vi) x
JOIN (SELECT row_number() OVER (ORDER BY vessel_id) AS i, vessel_id FROM t_mainv) v ON v.i = x.vi
WHERE x.d <= date '2025-08-15';
ANALYZE t_lift;

INSERT INTO yard.lift (vessel_id, site_cd, lift_typ, lift_ts, hoist_cd, driver_id, wash_flg, chg_net)
SELECT l.vessel_id, l.site_cd, l.lift_typ,
       l.d + time '08:00' + floor(pg_temp.rnd('lt' || l.k) * 30) * interval '15 minutes',
       CASE l.site_cd WHEN 'HBY' THEN 'TH50' WHEN 'DRT' THEN 'TH25' ELSE 'CR12' END,
       ds.arr[1 + floor(pg_temp.rnd('ld' || l.k) * array_length(ds.arr, 1))::int],
       x.wash,
       round(v.loa_m * t.rate * CASE l.lift_typ WHEN 'H' THEN 0.6 ELSE 1 END, 2) + CASE WHEN x.wash THEN 45 ELSE 0 END
FROM t_lift l
CROSS JOIN LATERAL (SELECT l.lift_typ = 'O' AND pg_temp.rnd('lw' || l.k) < 0.8 OR l.lift_typ = 'H' AND pg_temp.rnd('lw' || l.k) < 0.5 AS wash) x
JOIN berth.vessel v ON v.vessel_id = l.vessel_id
JOIN t_daystaff ds ON ds.site_cd = l.site_cd AND ds.d = l.d AND ds.grp = 'YH'
JOIN ref.tariff t ON t.site_cd = l.site_cd AND t.chg_cd = 'LFT'
                 AND t.tariff_yr = CASE WHEN extract(month FROM l.d) < 4 THEN extract(year FROM l.d)::int - 1 ELSE extract(year FROM l.d)::int END
ORDER BY 4, l.k;

-- ---------------------------------------------------------------------
-- boatyard: work orders
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_job (vessel_id int, site_cd char(3), job_cd char(3), opened date, promised date, done date,
                         fixed_status text, k text);

INSERT INTO t_job
SELECT s.vessel_id, s.site_cd, j.job_cd, j.o, j.p, j.dn, NULL, j.job_cd || s.k
FROM t_stor s
CROSS JOIN LATERAL (VALUES
   ('WNT', s.from_dt - 5 - floor(pg_temp.rnd('wo' || s.k) * 20)::int, s.from_dt + 14, s.from_dt + 2 + floor(pg_temp.rnd('wd' || s.k) * 18)::int,
           s.stor_typ = 'W' AND pg_temp.rnd('wn' || s.k) < 0.75),
   ('ENG', s.from_dt, s.from_dt + 45, s.from_dt + 10 + floor(pg_temp.rnd('ed' || s.k) * 70)::int,
           s.stor_typ = 'W' AND pg_temp.rnd('en' || s.k) < 0.35),
   ('ANT', s.to_dt - 40 - floor(pg_temp.rnd('ao' || s.k) * 20)::int, s.to_dt - 1, s.to_dt - 1 - floor(pg_temp.rnd('ad' || s.k) * 10)::int,
           s.stor_typ = 'W' AND s.to_dt IS NOT NULL AND pg_temp.rnd('an' || s.k) < 0.65),
   ('CMS', s.to_dt - 20, s.to_dt - 1, s.to_dt - floor(pg_temp.rnd('cd' || s.k) * 4)::int,
           s.stor_typ = 'W' AND s.to_dt IS NOT NULL AND pg_temp.rnd('cn' || s.k) < 0.45),
   (pg_temp.pick(ARRAY['GRP','GRP','RIG','ELC','ELC','SDR','OSM'], 'oj' || s.k),
           s.from_dt + 5 + floor(pg_temp.rnd('oo' || s.k) * 55)::int, NULL::date,
           s.from_dt + 10 + floor(pg_temp.rnd('oo' || s.k) * 55)::int + floor(pg_temp.rnd('od' || s.k) * 45)::int,
           s.stor_typ = 'W' AND pg_temp.rnd('on' || s.k) < 0.30),
   (pg_temp.pick(ARRAY['GRP','ENG','SDR','ANT','GRP'], 'sj' || s.k), s.from_dt, s.from_dt + 14,
           coalesce(s.to_dt - 1, s.from_dt + 30),
           s.stor_typ = 'S')
) AS j(job_cd, o, p, dn, keep)
WHERE j.keep AND j.o >= date '2022-04-01';

-- jobs on boats afloat (engineers go out to the marinas)
INSERT INTO t_job
SELECT v.vessel_id, s.site_cd, pg_temp.pick(ARRAY['ENG','ENG','ELC','RIG','SDR'], 'aj' || x.k), x.o, x.o + 14,
       x.o + 1 + floor(pg_temp.rnd('ad' || x.k) * 20)::int, NULL, 'AF' || x.k
FROM (VALUES ('HBY', 160), ('DRT', 60), ('PNC', 50)) AS s(site_cd, n)
CROSS JOIN generate_series(2022, 2025) AS yr
CROSS JOIN LATERAL generate_series(1, s.n) AS g
CROSS JOIN LATERAL (SELECT s.site_cd || g || '-' || yr AS k,
                           make_date(yr, 4, 1) + floor(pg_temp.rnd('ao' || s.site_cd || g || yr) * 183)::int AS o,
                           1 + floor(pg_temp.rnd('av' || s.site_cd || g || yr) * (SELECT count(*) FROM t_mainv))::int AS vi) x
JOIN (SELECT row_number() OVER (ORDER BY vessel_id) AS i, vessel_id FROM t_mainv) v ON v.i = x.vi
WHERE x.o <= date '2025-08-15';

-- winterisation already booked for the coming winter (2025/26)
INSERT INTO t_job
SELECT c.vessel_id, CASE WHEN c.site_cd IN ('SLQ','LYR') THEN 'HBY' ELSE c.site_cd END, 'WNT',
       date '2025-06-10' + floor(pg_temp.rnd('bo' || c.k) * 66)::int,
       date '2025-10-06' + floor(pg_temp.rnd('bp' || c.k) * 50)::int, NULL, 'booked', 'BK' || c.k
FROM t_ctr c
WHERE c.ctr_typ = 'A' AND c.yr = 2025 AND pg_temp.rnd('bk' || c.k) < 0.16;

-- open quotes
INSERT INTO t_job
SELECT v.vessel_id, pg_temp.pick(ARRAY['HBY','HBY','HBY','DRT','PNC'], 'qs' || g),
       pg_temp.pick(ARRAY['GRP','OSM','ELC','RIG','ENG','SDR'], 'qj' || g),
       date '2025-07-14' + floor(pg_temp.rnd('qo' || g) * 32)::int, NULL, NULL, 'quoted', 'Q' || g
FROM generate_series(1, 55) AS g
JOIN (SELECT row_number() OVER (ORDER BY vessel_id) AS i, vessel_id FROM t_mainv) v
  ON v.i = 1 + floor(pg_temp.rnd('qv' || g) * 2500)::int;

ALTER TABLE t_job ADD COLUMN job_id int, ADD COLUMN status text, ADD COLUMN eng_id smallint;
UPDATE t_job SET status = CASE
        WHEN fixed_status IS NOT NULL THEN fixed_status
        WHEN pg_temp.rnd('cx' || k) < 0.03 THEN 'cancelled'
        WHEN done > date '2025-08-15' THEN CASE WHEN pg_temp.rnd('ip' || k) < 0.7 THEN 'in_progress' ELSE 'awaiting_parts' END
        WHEN done >= date '2025-08-01' OR pg_temp.rnd('cp' || k) < 0.02 THEN 'complete'
        ELSE 'invoiced' END;
UPDATE t_job SET done = NULL WHERE status NOT IN ('complete', 'invoiced');
UPDATE t_job j SET eng_id = ds.arr[1 + floor(pg_temp.rnd('eg' || j.k) * array_length(ds.arr, 1))::int]
FROM t_daystaff ds
WHERE ds.site_cd = j.site_cd AND ds.d = j.opened AND ds.grp = CASE WHEN j.job_cd = 'ANT' THEN 'YH' ELSE 'ENG' END;
WITH n AS (SELECT k, row_number() OVER (ORDER BY opened, k) AS rn FROM t_job)
UPDATE t_job j SET job_id = n.rn FROM n WHERE n.k = j.k;
ANALYZE t_job;

-- labour lines
CREATE TEMP TABLE t_lab AS
SELECT j.job_id, j.site_cd, x.work_dt,
       CASE WHEN pg_temp.rnd('ls' || j.k || l) < 0.8 AND j.eng_id IS NOT NULL THEN j.eng_id END AS staff_id,
       greatest(0.5, round(b.base / n.lines * (0.6 + 0.8 * pg_temp.rnd('lh' || j.k || l)) * 4) / 4) AS hrs,
       CASE WHEN pg_temp.rnd('lb' || j.k || l) < 0.04 THEN 'N' ELSE 'Y' END AS bill_flg,
       j.k || '-' || l AS lk
FROM t_job j
JOIN (VALUES ('WNT', 4.0), ('CMS', 3.0), ('ANT', 8.0), ('ENG', 9.0), ('GRP', 14.0), ('RIG', 5.0),
             ('ELC', 6.0), ('OSM', 40.0), ('SDR', 7.0)) AS b(job_cd, base) ON b.job_cd = j.job_cd
CROSS JOIN LATERAL (SELECT greatest(1, ceil(b.base / 4 * (0.5 + pg_temp.rnd('ln' || j.k))))::int AS lines) n
CROSS JOIN LATERAL generate_series(1, n.lines) AS l
CROSS JOIN LATERAL (SELECT j.opened + floor(pg_temp.rnd('lw' || j.k || l)
                           * (least(coalesce(j.done, date '2025-08-15'), date '2025-08-15') - j.opened + 1))::int AS work_dt) x
WHERE j.status IN ('in_progress', 'awaiting_parts', 'complete', 'invoiced');

UPDATE t_lab l SET staff_id = ds.arr[1 + floor(pg_temp.rnd('lo' || l.lk) * array_length(ds.arr, 1))::int]
FROM t_daystaff ds
WHERE l.staff_id IS NULL AND ds.site_cd = l.site_cd AND ds.d = l.work_dt AND ds.grp = 'ENG';
UPDATE t_lab l SET staff_id = ds.arr[1 + floor(pg_temp.rnd('lo' || l.lk) * array_length(ds.arr, 1))::int]
FROM t_daystaff ds
WHERE l.staff_id IS NULL AND ds.site_cd = l.site_cd AND ds.d = l.work_dt AND ds.grp = 'YH';
ANALYZE t_lab;

-- parts issued to jobs
CREATE TEMP TABLE t_catprod AS
SELECT cat_cd, row_number() OVER (PARTITION BY cat_cd ORDER BY prod_id) AS ci, count(*) OVER (PARTITION BY cat_cd) AS cn,
       prod_id, rrp
FROM shop.product WHERE cost_prc < 400;

CREATE TEMP TABLE t_part AS
SELECT j.job_id, p.prod_id,
       CASE WHEN p.cat_cd = 'ROP' AND p.rrp < 10 THEN 10 + floor(pg_temp.rnd('pq' || j.k || l) * 30)
            ELSE 1 + floor(power(pg_temp.rnd('pq' || j.k || l), 2) * 3) END AS qty,
       round(p.rrp / 1.2, 2) AS unit_prc
FROM t_job j
CROSS JOIN LATERAL generate_series(1, floor(pg_temp.rnd('pn' || j.k) * CASE j.job_cd WHEN 'OSM' THEN 5 WHEN 'ENG' THEN 5 WHEN 'WNT' THEN 4 ELSE 3 END)::int) AS l
CROSS JOIN LATERAL (SELECT CASE j.job_cd WHEN 'ANT' THEN 'PNT' WHEN 'OSM' THEN 'PNT' WHEN 'GRP' THEN 'CLN' WHEN 'ELC' THEN 'ELE'
                                         WHEN 'RIG' THEN (ARRAY['ROP','DEC'])[1 + (l % 2)] ELSE 'ENG' END AS cat) c
JOIN (SELECT cat_cd, count(*) AS cn FROM t_catprod GROUP BY cat_cd) cc ON cc.cat_cd = c.cat
JOIN t_catprod p ON p.cat_cd = c.cat AND p.ci = 1 + floor(pg_temp.rnd('pp' || j.k || l) * cc.cn)::int
WHERE j.status IN ('in_progress', 'complete', 'invoiced');
ANALYZE t_part;

INSERT INTO yard.job (job_id, wo_no, vessel_id, cust_id, site_cd, job_cd, status, eng_id, quote_amt, opened_dt, promised_dt, done_dt, descr)
SELECT j.job_id,
       'WO' || to_char(j.opened, 'YY') || '-' || lpad(row_number() OVER (PARTITION BY extract(year FROM j.opened) ORDER BY j.job_id)::text, 5, '0'),
       j.vessel_id, v.cust_id, j.site_cd, j.job_cd, j.status::yard.job_status, j.eng_id,
       CASE WHEN j.status = 'quoted' THEN round((400 + pg_temp.rnd('qa' || j.k) * 6000)::numeric, -1)
            WHEN j.status = 'booked' THEN round(v.loa_m * 28 + 180, -1)
            WHEN pg_temp.rnd('qf' || j.k) < 0.6 THEN round(((coalesce(lb.amt, 0) + coalesce(pt.amt, 0)) * (0.85 + 0.3 * pg_temp.rnd('qz' || j.k)))::numeric, -1)
            END,
       j.opened, coalesce(j.promised, j.opened + 21), j.done,
       CASE j.job_cd
            WHEN 'WNT' THEN 'Winterise engine and water system' || CASE WHEN v.vsl_typ = 'S' THEN ', drop sails' ELSE '' END
            WHEN 'CMS' THEN 'Spring commissioning, engine run-up and checks'
            WHEN 'ANT' THEN 'Scrub, ' || pg_temp.pick(ARRAY['two coats','one coat'], 'ad' || j.k) || ' antifouling, anodes'
            WHEN 'ENG' THEN pg_temp.pick(ARRAY['Annual engine service','Replace raw water impeller','Engine overheating - investigate','Fuel system bleed and filters','Replace cutless bearing','Exhaust elbow replacement'], 'ed' || j.k)
            WHEN 'GRP' THEN pg_temp.pick(ARRAY['Gelcoat repair to topsides','Keel joint repair','Stem damage repair','Fill and fair blisters'], 'gd' || j.k)
            WHEN 'RIG' THEN pg_temp.pick(ARRAY['Standing rigging inspection','Replace forestay','Unstep mast for winter','Restep mast and tune rig'], 'rd' || j.k)
            WHEN 'ELC' THEN pg_temp.pick(ARRAY['Fit new chartplotter','Replace domestic batteries','Install shore power charger','Fault find navigation lights','Fit AIS transponder'], 'cd' || j.k)
            WHEN 'OSM' THEN 'Osmosis treatment: peel, dry, epoxy barrier coat'
            WHEN 'SDR' THEN pg_temp.pick(ARRAY['Saildrive diaphragm replacement','Saildrive oil and seals','Propeller removal and refit'], 'sd' || j.k)
       END
FROM t_job j
JOIN berth.vessel v ON v.vessel_id = j.vessel_id
LEFT JOIN (SELECT l.job_id, sum(l.hrs * t.rate) FILTER (WHERE l.bill_flg = 'Y') AS amt
           FROM t_lab l JOIN ref.tariff t ON t.site_cd = l.site_cd AND t.chg_cd = 'LAB'
                        AND t.tariff_yr = CASE WHEN extract(month FROM l.work_dt) < 4 THEN extract(year FROM l.work_dt)::int - 1 ELSE extract(year FROM l.work_dt)::int END
           GROUP BY l.job_id) lb ON lb.job_id = j.job_id
LEFT JOIN (SELECT job_id, sum(qty * unit_prc) AS amt FROM t_part GROUP BY job_id) pt ON pt.job_id = j.job_id
ORDER BY j.job_id;
SELECT setval('yard.job_job_id_seq', (SELECT max(job_id) FROM yard.job));

INSERT INTO yard.job_labour (job_id, staff_id, work_dt, hrs, chg_rate, bill_flg)
SELECT l.job_id, l.staff_id, l.work_dt, l.hrs, t.rate, l.bill_flg
FROM t_lab l
JOIN ref.tariff t ON t.site_cd = l.site_cd AND t.chg_cd = 'LAB'
                 AND t.tariff_yr = CASE WHEN extract(month FROM l.work_dt) < 4 THEN extract(year FROM l.work_dt)::int - 1 ELSE extract(year FROM l.work_dt)::int END
WHERE l.staff_id IS NOT NULL
ORDER BY l.work_dt, l.job_id;

INSERT INTO yard.job_part (job_id, prod_id, qty, unit_prc)
SELECT job_id, prod_id, qty, unit_prc FROM t_part ORDER BY job_id, prod_id;

-- ---------------------------------------------------------------------
-- harbour master's log
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_log (site_cd char(3), ts timestamp, kind text, vessel_nm text, berth_id int, detail jsonb, remarks text, k text);

-- visitor arrivals and departures
INSERT INTO t_log
SELECT v.site_cd, v.arr_dt + time '10:30' + floor(pg_temp.hx(h.a, 0) * 560) * interval '1 minute',
       'arrival', v.vessel_nm, v.berth_id,
       jsonb_build_object('from', CASE WHEN pg_temp.hx(h.a, 1) < 0.6 THEN v.home_port
                                       ELSE pg_temp.pick(ARRAY['Cowes','Yarmouth IOW','Poole','Weymouth','Dartmouth','Salcombe','Plymouth','Fowey','Falmouth','Cherbourg','St Peter Port','Brixham','Lymington','Torquay'], 'lp' || v.stay_id) END,
                          'pob', 1 + floor(power(pg_temp.hx(h.a, 2), 1.5) * 6)::int,
                          'vhf', v.booked_via = 'V' OR pg_temp.hx(h.a, 3) < 0.3),
       NULL, 'A' || v.stay_id
FROM berth.visitor_stay v
CROSS JOIN LATERAL (SELECT md5('log' || v.stay_id) AS a OFFSET 0) h;

INSERT INTO t_log
SELECT v.site_cd, v.dep_dt + time '07:00' + floor(pg_temp.hx(h.a, 1) * 300) * interval '1 minute',
       'departure', v.vessel_nm, v.berth_id,
       jsonb_build_object('to', pg_temp.pick(ARRAY['Cowes','Yarmouth IOW','Poole','Weymouth','Dartmouth','Salcombe','Plymouth','Fowey','Falmouth','Cherbourg','St Peter Port','Brixham','Lymington','Torquay','Scilly'], 'lt' || v.stay_id),
                          'pob', 1 + floor(power(pg_temp.hx(h.a, 2), 1.5) * 6)::int),
       NULL, 'D' || v.stay_id
FROM berth.visitor_stay v
CROSS JOIN LATERAL (SELECT md5('log' || v.stay_id) AS a OFFSET 0) h
WHERE v.dep_dt IS NOT NULL;

-- morning weather entry at each marina
INSERT INTO t_log
SELECT s.site_cd, d + time '06:00', 'weather', NULL, NULL,
       jsonb_build_object('wind_kt', w.kt, 'dir', pg_temp.pick(ARRAY['SW','SW','SW','W','W','NW','N','NE','E','SE','S','S'], 'wd' || d::date),
                          'gale_warn', w.kt >= 34),
       CASE WHEN w.kt >= 34 THEN 'Gale warning in force. Extra lines and fenders checked on the visitors'' pontoon' END,
       'W' || s.site_cd || d::date
FROM (VALUES ('SLQ'), ('LYR'), ('DRT'), ('PNC')) AS s(site_cd)
CROSS JOIN generate_series(date '2022-04-01', date '2025-08-15', interval '1 day') AS d
CROSS JOIN LATERAL (SELECT (4 + floor(power(pg_temp.rnd('wk' || d::date), 2.2) * 40)
                         + CASE WHEN extract(month FROM d) IN (11, 12, 1, 2) THEN 6 ELSE 0 END
                         + floor(pg_temp.rnd('wk' || s.site_cd || d::date) * 4))::int AS kt) w;

-- incidents
INSERT INTO t_log
SELECT s.site_cd, x.d + time '06:00' + floor(pg_temp.rnd('it' || x.k) * 960) * interval '1 minute',
       'incident', bn.nm, b.berth_id,
       jsonb_strip_nulls(jsonb_build_object('cat', x.cat, 'sev', x.sev, 'injury', x.inj,
           'reported_to', CASE WHEN x.cat = 'SPL' AND x.sev >= 2 THEN 'EA' WHEN x.cat IN ('MOB','FIR') AND x.sev >= 2 THEN 'MCA'
                               WHEN x.cat = 'THF' THEN 'Police' END)),
       CASE x.cat
         WHEN 'COL' THEN 'Visiting yacht made contact with pontoon while berthing; ' || CASE WHEN x.sev = 1 THEN 'no damage' ELSE 'damage to pontoon cleat and yacht topsides' END
         WHEN 'MOB' THEN 'Person fell between boat and pontoon; recovered with ladder' || CASE WHEN x.inj THEN ', ambulance called' ELSE '' END
         WHEN 'SPL' THEN 'Diesel sheen in marina basin; spill kit deployed' || CASE WHEN x.sev >= 2 THEN ', booms out, Environment Agency informed' ELSE '' END
         WHEN 'FIR' THEN 'Smoke from engine compartment; extinguished by owner' || CASE WHEN x.sev >= 2 THEN ', fire service attended' ELSE '' END
         WHEN 'GRD' THEN 'Yacht aground in approach channel at low water; refloated on the flood'
         WHEN 'THF' THEN 'Theft reported from boat: ' || pg_temp.pick(ARRAY['outboard engine','tender','electronics','fuel'], 'th' || x.k)
         WHEN 'INJ' THEN 'Slip on wet pontoon ramp; first aid given'
         WHEN 'FPR' THEN 'Fouled propeller on mooring line; diver arranged'
       END,
       x.k
FROM (VALUES ('SLQ', 0.12), ('LYR', 0.09), ('DRT', 0.13), ('PNC', 0.10)) AS s(site_cd, p)
CROSS JOIN generate_series(date '2022-04-01', date '2025-08-15', interval '1 day') AS dd
CROSS JOIN LATERAL (SELECT dd::date AS d, 'I' || s.site_cd || dd::date AS k,
                           pg_temp.pick(ARRAY['COL','COL','COL','COL','FPR','FPR','FPR','INJ','INJ','SPL','SPL','GRD','GRD','THF','MOB','FIR'], 'ic' || s.site_cd || dd::date) AS cat,
                           1 + floor(power(pg_temp.rnd('is' || s.site_cd || dd::date), 2) * 3)::int AS sev,
                           pg_temp.rnd('ij' || s.site_cd || dd::date) < 0.12 AS inj0) x0
CROSS JOIN LATERAL (SELECT x0.*, x0.cat = 'INJ' OR (x0.cat IN ('MOB','FIR','COL') AND x0.inj0) AS inj) x
JOIN t_boat bn ON bn.i = 1 + floor(pg_temp.rnd('ib' || x.k) * 150)::int
JOIN (SELECT site_cd, row_number() OVER (PARTITION BY site_cd ORDER BY berth_id) AS i, berth_id FROM berth.berth) b
  ON b.site_cd = s.site_cd AND b.i = 1 + floor(pg_temp.rnd('ix' || x.k) * 250)::int
WHERE pg_temp.rnd('io' || s.site_cd || dd::date)
      < s.p * (ARRAY[0.3,0.3,0.5,0.8,1.0,1.2,1.4,1.5,1.0,0.6,0.4,0.3])[extract(month FROM dd)::int];

-- works and notes
INSERT INTO t_log
SELECT s.site_cd, dd::date + time '08:00' + floor(pg_temp.rnd('nt' || s.site_cd || dd::date) * 720) * interval '1 minute',
       CASE WHEN pg_temp.rnd('nk' || s.site_cd || dd::date) < 0.35 THEN 'works' ELSE 'note' END,
       NULL, NULL, NULL,
       CASE WHEN pg_temp.rnd('nk' || s.site_cd || dd::date) < 0.35
            THEN pg_temp.pick(ARRAY['Replaced broken cleat on pontoon','Shore power pedestal tripped, reset and tested','Pontoon ramp hinge greased',
                                    'Fresh water hose replaced at pontoon head','Dredging contractor on site','Fire point inspected and signed off',
                                    'Pontoon light not working, electrician called','Fuel berth pump calibrated'], 'nw' || s.site_cd || dd::date)
            ELSE pg_temp.pick(ARRAY['Night watch: all quiet','Gate code changed','Berth holder reported mooring line chafe, owner informed',
                                    'Harbour launch refuelled','Rally of 12 yachts expected this weekend','Lost property handed in to office',
                                    'Seal seen in the basin','Car park barrier stuck open','Pump-out station out of order'], 'nn' || s.site_cd || dd::date) END,
       'N' || s.site_cd || dd::date
FROM (VALUES ('SLQ'), ('LYR'), ('DRT'), ('PNC')) AS s(site_cd)
CROSS JOIN generate_series(date '2022-04-01', date '2025-08-15', interval '1 day') AS dd
WHERE pg_temp.rnd('nx' || s.site_cd || dd::date) < 0.7;
ANALYZE t_log;

INSERT INTO hm.log_entry (site_cd, log_ts, kind, vessel_nm, berth_id, staff_id, detail, remarks)
SELECT l.site_cd, l.ts, l.kind::hm.entry_kind, l.vessel_nm, l.berth_id,
       ds.arr[1 + floor(pg_temp.rnd('ls' || l.k) * array_length(ds.arr, 1))::int],
       l.detail, l.remarks
FROM t_log l
JOIN t_daystaff ds ON ds.site_cd = l.site_cd AND ds.d = l.ts::date AND ds.grp = 'MA'
ORDER BY l.ts, l.k;

-- ---------------------------------------------------------------------
-- staff rota, 1 January 2024 .. 31 August 2025 (the last two weeks are the plan)
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_rota AS
SELECT s.staff_id, s.role_cd, s.site_cd AS home_site, d::date AS d,
       extract(week FROM d)::int AS wk, extract(isodow FROM d)::int AS dow,
       s.staff_id || '-' || d::date AS k,
       rank() OVER (PARTITION BY s.site_cd, s.role_cd, d ORDER BY s.staff_id) - 1 AS rk,
       count(*) OVER (PARTITION BY s.site_cd, s.role_cd, d) AS cnt
FROM ref.staff s
CROSS JOIN generate_series(date '2024-01-01', date '2025-08-31', interval '1 day') AS d
WHERE s.start_dt <= d AND (s.leave_dt IS NULL OR s.leave_dt >= d);

INSERT INTO ops.rota (staff_id, site_cd, shift_dt, shift_cd, start_ts, end_ts, att_cd)
SELECT r.staff_id,
       CASE WHEN r.role_cd = 'MA' AND x.shift_cd <> 'N' AND pg_temp.rnd('cv' || r.k) < 0.03
            THEN pg_temp.pick(array_remove(ARRAY['SLQ','LYR','DRT','PNC'], r.home_site), 'cs' || r.k)
            ELSE r.home_site END,
       r.d, x.shift_cd,
       r.d + CASE x.shift_cd WHEN 'E' THEN time '06:00' WHEN 'L' THEN time '14:00' WHEN 'D' THEN time '08:00' ELSE time '22:00' END,
       r.d + CASE x.shift_cd WHEN 'E' THEN time '14:00' WHEN 'L' THEN time '22:00' WHEN 'D' THEN time '17:00' ELSE time '06:00' END
           + CASE WHEN x.shift_cd = 'N' THEN interval '1 day' ELSE interval '0' END,
       CASE WHEN pg_temp.rnd('hol' || r.staff_id || '-' || extract(isoyear FROM r.d) || '-' || r.wk) < 0.09 THEN 'H'
            WHEN r.d > date '2025-08-15' THEN 'R'
            WHEN pg_temp.rnd('sk' || r.k) < 0.032 THEN 'S'
            WHEN pg_temp.rnd('sk' || r.k) < 0.035 THEN 'A'
            ELSE 'W' END
FROM t_rota r
CROSS JOIN LATERAL (SELECT CASE WHEN r.role_cd = 'MA' AND r.home_site IN ('SLQ','DRT') AND r.rk = r.wk % r.cnt THEN 'N'   -- one MA a week on nights
                                WHEN r.role_cd = 'MA' AND (r.wk + r.staff_id) % 2 = 0 THEN 'E'
                                WHEN r.role_cd = 'MA' THEN 'L'
                                ELSE 'D' END AS shift_cd) x
WHERE CASE WHEN r.role_cd IN ('MGR','OFF','ENG','YH') THEN r.dow <= 5
           ELSE (r.dow - 1 - (r.staff_id + r.wk) % 7 + 14) % 7 >= 2 END
ORDER BY r.d, r.staff_id;

-- ---------------------------------------------------------------------
-- invoices
-- ---------------------------------------------------------------------
CREATE TEMP TABLE t_inv (cust_id int, site_cd char(3), src_cd char(3), src_ref int, inv_dt date, due_days int,
                         net numeric(10,2), vat numeric(10,2), dd boolean, k text);

-- berthing: in full, quarterly or 10 monthly direct debits
INSERT INTO t_inv
SELECT c.cust_id, b.site_cd, 'BTH', c.ctr_id, x.inv_dt, 14, x.net, round(x.net * 0.2, 2), c.pay_plan = 'D', 'B' || c.ctr_id || '-' || x.n
FROM berth.contract c
JOIN berth.berth b ON b.berth_id = c.berth_id
CROSS JOIN LATERAL (
    SELECT n, CASE WHEN c.pay_plan = 'F' THEN least(c.signed_dt, c.start_dt) ELSE (c.start_dt + (n - 1) * interval '1 month' * CASE c.pay_plan WHEN 'Q' THEN 3 ELSE 1 END)::date END AS inv_dt,
           round(c.price_net / CASE c.pay_plan WHEN 'F' THEN 1 WHEN 'Q' THEN 4 ELSE 10 END, 2) AS net
    FROM generate_series(1, CASE c.pay_plan WHEN 'F' THEN 1 WHEN 'Q' THEN 4 ELSE 10 END) AS n) x
WHERE x.inv_dt <= date '2025-08-15' AND (c.term_dt IS NULL OR x.inv_dt <= c.term_dt);

-- yard work orders that have been invoiced: fixed quote if there was one, otherwise time and materials
INSERT INTO t_inv
SELECT j.cust_id, j.site_cd, 'YRD', j.job_id, j.done_dt + 1 + floor(pg_temp.rnd('yi' || j.job_id) * 6)::int, 30,
       x.net, round(x.net * 0.2, 2), false, 'Y' || j.job_id
FROM yard.job j
LEFT JOIN (SELECT job_id, sum(hrs * chg_rate) FILTER (WHERE bill_flg = 'Y') AS amt FROM yard.job_labour GROUP BY job_id) lb ON lb.job_id = j.job_id
LEFT JOIN (SELECT job_id, sum(qty * unit_prc) AS amt FROM yard.job_part GROUP BY job_id) pt ON pt.job_id = j.job_id
CROSS JOIN LATERAL (SELECT coalesce(j.quote_amt, coalesce(lb.amt, 0) + coalesce(pt.amt, 0)) AS net) x
WHERE j.status = 'invoiced' AND x.net > 0;

-- hard-standing: winter package up front (26 weeks), short-term on leaving, long-term quarterly
INSERT INTO t_inv
SELECT v.cust_id, s.site_cd, 'STO', s.stor_id, x.inv_dt, 30, x.net, round(x.net * 0.2, 2), false, 'S' || s.stor_id || '-' || x.n
FROM yard.storage s
JOIN berth.vessel v ON v.vessel_id = s.vessel_id
CROSS JOIN LATERAL (
    SELECT 1 AS n, s.from_dt AS inv_dt, round(s.rate_pmw * v.loa_m * 26, 2) AS net WHERE s.stor_typ = 'W'
    UNION ALL
    SELECT 1, s.to_dt, round(s.rate_pmw * v.loa_m * ceil((s.to_dt - s.from_dt) / 7.0), 2) WHERE s.stor_typ = 'S' AND s.to_dt IS NOT NULL
    UNION ALL
    SELECT q, (date '2022-04-01' + (q - 1) * interval '3 months')::date, round(s.rate_pmw * v.loa_m * 13, 2)
    FROM generate_series(1, 14) AS q
    WHERE s.stor_typ = 'L' AND date '2022-04-01' + (q - 1) * interval '3 months' <= least(coalesce(s.to_dt, date '2025-08-15'), date '2025-08-15')
      AND date '2022-04-01' + (q - 1) * interval '3 months' >= date_trunc('quarter', s.from_dt)) x
WHERE x.inv_dt >= date '2022-04-01';

-- lifts
INSERT INTO t_inv
SELECT v.cust_id, l.site_cd, 'LFT', l.lift_id, l.lift_ts::date, 30, l.chg_net, round(l.chg_net * 0.2, 2), false, 'L' || l.lift_id
FROM yard.lift l JOIN berth.vessel v ON v.vessel_id = l.vessel_id;

-- monthly statements for fuel, chandlery and visitor nights charged to account (prices incl. VAT)
INSERT INTO t_inv
SELECT cust_id, site_cd, src, NULL, (mon + interval '1 month')::date, 30,
       round(gross / 1.2, 2), gross - round(gross / 1.2, 2), false, src || cust_id || site_cd || mon
FROM (
    SELECT cust_id, site_cd, 'FUL' AS src, date_trunc('month', sale_ts)::date AS mon, sum(amt_gross) AS gross
    FROM fuel.fuel_sale WHERE pay_mthd = 'A' GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT cust_id, site_cd, 'SHP', date_trunc('month', sale_ts)::date, sum(total_amt)
    FROM shop.sale WHERE pay_mthd = 'A' GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT cust_id, site_cd, 'VIS', date_trunc('month', dep_dt)::date, sum(amt_paid)
    FROM berth.visitor_stay WHERE pay_mthd = 'A' GROUP BY 1, 2, 3, 4
) m
WHERE mon + interval '1 month' <= date '2025-08-15';
ANALYZE t_inv;

CREATE TEMP TABLE t_inv2 AS
SELECT row_number() OVER (ORDER BY i.inv_dt, i.k) AS inv_id, i.*, i.inv_dt + i.due_days AS due_dt,
       pg_temp.hx(h.a, 0) AS r_void, pg_temp.hx(h.a, 1) AS r_lag, pg_temp.hx(h.a, 2) AS r_m, pg_temp.hx(h.a, 3) AS r_part,
       pg_temp.rnd('bad' || i.cust_id) < 0.025 AS bad,       -- a few customers are chronic late payers
       pg_temp.rnd('bounce' || i.k) < 0.015 AS bounced       -- direct debit bounced
FROM t_inv i
CROSS JOIN LATERAL (SELECT md5('inv' || i.k) AS a OFFSET 0) h;
ANALYZE t_inv2;

-- payments: direct debits on the due date (a few bounce); others paid on time, late, very late or never
CREATE TEMP TABLE t_pay AS
SELECT i.inv_id, x.paid_dt, x.amt, x.mthd
FROM t_inv2 i
CROSS JOIN LATERAL (
    SELECT CASE WHEN i.dd AND i.bounced THEN i.due_dt + 20 + floor(pg_temp.rnd('rb' || i.k) * 20)::int
                WHEN i.dd THEN i.due_dt
                WHEN i.r_lag < CASE WHEN i.bad THEN 0.15 ELSE 0.66 END THEN i.inv_dt + 1 + floor(pg_temp.rnd('pd' || i.k) * i.due_days)::int
                WHEN i.r_lag < CASE WHEN i.bad THEN 0.45 ELSE 0.975 END THEN i.due_dt + 1 + floor(pg_temp.rnd('pd' || i.k) * 45)::int
                ELSE i.due_dt + 46 + floor(pg_temp.rnd('pd' || i.k) * 150)::int END AS paid_dt,
           CASE WHEN i.r_part < CASE WHEN i.bad THEN 0.15 ELSE 0.01 END AND NOT i.dd THEN round((i.net + i.vat) / 2, 2) ELSE i.net + i.vat END AS amt,
           CASE WHEN i.dd AND NOT i.bounced THEN 'DD' WHEN i.r_m < 0.45 THEN 'BAC' WHEN i.r_m < 0.86 THEN 'CRD' WHEN i.r_m < 0.96 THEN 'CHQ' ELSE 'CSH' END AS mthd
    ) x
WHERE i.r_void >= 0.008                                   -- void invoices are never paid
  AND NOT (i.dd AND i.bounced AND (i.bad OR pg_temp.rnd('rx' || i.k) < 0.15)) -- bounced direct debits not recovered
  AND NOT (NOT i.dd AND i.r_lag >= CASE WHEN i.bad THEN 0.75 ELSE 0.9985 END)   -- never paid
  AND x.paid_dt <= date '2025-08-15';
-- second half of part-paid invoices, for most
INSERT INTO t_pay
SELECT i.inv_id, p.paid_dt + 20 + floor(pg_temp.rnd('p2' || i.k) * 60)::int, (i.net + i.vat) - p.amt, p.mthd
FROM t_inv2 i JOIN t_pay p ON p.inv_id = i.inv_id
WHERE p.amt < i.net + i.vat AND pg_temp.rnd('p2x' || i.k) < CASE WHEN i.bad THEN 0.4 ELSE 0.8 END
  AND p.paid_dt + 20 + floor(pg_temp.rnd('p2' || i.k) * 60)::int <= date '2025-08-15';
ANALYZE t_pay;

INSERT INTO acct.invoice (inv_id, inv_no, cust_id, site_cd, src_cd, src_ref, inv_dt, due_dt, net_amt, vat_amt, inv_status)
SELECT i.inv_id, 'INV' || (100000 + i.inv_id), i.cust_id, i.site_cd, i.src_cd, i.src_ref, i.inv_dt, i.due_dt, i.net, i.vat,
       CASE WHEN i.r_void < 0.008 THEN 'V'
            WHEN coalesce(p.paid, 0) >= i.net + i.vat THEN 'S'
            WHEN coalesce(p.paid, 0) > 0 THEN 'P'
            WHEN i.due_dt < date '2024-06-30' AND pg_temp.rnd('wo' || i.k) < 0.5 THEN 'W'
            ELSE 'O' END
FROM t_inv2 i
LEFT JOIN (SELECT inv_id, sum(amt) AS paid FROM t_pay GROUP BY inv_id) p ON p.inv_id = i.inv_id
ORDER BY i.inv_id;
SELECT setval('acct.invoice_inv_id_seq', (SELECT max(inv_id) FROM acct.invoice));

INSERT INTO acct.payment (inv_id, paid_dt, amount, mthd_cd, ref_txt)
SELECT p.inv_id, p.paid_dt, p.amt, p.mthd,
       CASE p.mthd WHEN 'DD' THEN 'DD TIDEWATER ' || to_char(p.paid_dt, 'MON YY')
                   WHEN 'BAC' THEN 'BACS INV' || (100000 + p.inv_id)
                   WHEN 'CHQ' THEN 'CHQ ' || (200000 + p.inv_id % 99991) END
FROM t_pay p
ORDER BY p.paid_dt, p.inv_id;

-- accounts on stop: arrears more than 60 days past due
UPDATE berth.customer SET stop_flg = true
WHERE cust_id IN (SELECT cust_id FROM acct.invoice WHERE inv_status IN ('O','P') AND due_dt < date '2025-06-16');

-- =====================================================================
--  Foreign keys of the large tables (added after the bulk load)
-- =====================================================================
ALTER TABLE berth.visitor_stay ADD FOREIGN KEY (site_cd) REFERENCES ref.site;
ALTER TABLE berth.visitor_stay ADD FOREIGN KEY (berth_id) REFERENCES berth.berth;
ALTER TABLE berth.visitor_stay ADD FOREIGN KEY (cust_id) REFERENCES berth.customer;
ALTER TABLE fuel.fuel_sale ADD FOREIGN KEY (site_cd) REFERENCES ref.site;
ALTER TABLE fuel.fuel_sale ADD FOREIGN KEY (cust_id) REFERENCES berth.customer;
ALTER TABLE fuel.fuel_sale ADD FOREIGN KEY (staff_id) REFERENCES ref.staff;
ALTER TABLE yard.job_labour ADD FOREIGN KEY (job_id) REFERENCES yard.job;
ALTER TABLE yard.job_labour ADD FOREIGN KEY (staff_id) REFERENCES ref.staff;
ALTER TABLE yard.job_part ADD FOREIGN KEY (job_id) REFERENCES yard.job;
ALTER TABLE yard.job_part ADD FOREIGN KEY (prod_id) REFERENCES shop.product;
ALTER TABLE shop.sale ADD FOREIGN KEY (site_cd) REFERENCES ref.site;
ALTER TABLE shop.sale ADD FOREIGN KEY (cust_id) REFERENCES berth.customer;
ALTER TABLE shop.sale ADD FOREIGN KEY (staff_id) REFERENCES ref.staff;
ALTER TABLE shop.sale_line ADD FOREIGN KEY (sale_id) REFERENCES shop.sale;
ALTER TABLE shop.sale_line ADD FOREIGN KEY (prod_id) REFERENCES shop.product;
ALTER TABLE acct.invoice ADD FOREIGN KEY (cust_id) REFERENCES berth.customer;
ALTER TABLE acct.invoice ADD FOREIGN KEY (site_cd) REFERENCES ref.site;
ALTER TABLE acct.payment ADD FOREIGN KEY (inv_id) REFERENCES acct.invoice;
ALTER TABLE hm.log_entry ADD FOREIGN KEY (site_cd) REFERENCES ref.site;
ALTER TABLE hm.log_entry ADD FOREIGN KEY (berth_id) REFERENCES berth.berth;
ALTER TABLE hm.log_entry ADD FOREIGN KEY (staff_id) REFERENCES ref.staff;
ALTER TABLE ops.rota ADD FOREIGN KEY (staff_id) REFERENCES ref.staff;
ALTER TABLE ops.rota ADD FOREIGN KEY (site_cd) REFERENCES ref.site;

-- =====================================================================
--  Indexes
-- =====================================================================
CREATE INDEX idx_vessel_cust          ON berth.vessel (cust_id);
CREATE INDEX idx_customer_lastnm      ON berth.customer (last_nm, first_nm);
CREATE INDEX idx_contract_berth       ON berth.contract (berth_id, start_dt);
CREATE INDEX idx_contract_cust        ON berth.contract (cust_id);
CREATE INDEX idx_vstay_site_arr       ON berth.visitor_stay (site_cd, arr_dt);
CREATE INDEX idx_lift_vessel          ON yard.lift (vessel_id);
CREATE INDEX idx_storage_vessel       ON yard.storage (vessel_id);
CREATE INDEX idx_job_vessel           ON yard.job (vessel_id);
CREATE INDEX idx_job_open             ON yard.job (status) WHERE status IN ('booked','in_progress','awaiting_parts');
CREATE INDEX idx_joblab_job           ON yard.job_labour (job_id);
CREATE INDEX idx_jobpart_job          ON yard.job_part (job_id);
CREATE INDEX idx_product_brand        ON shop.product (brand);
CREATE INDEX idx_sale_ts              ON shop.sale (sale_ts);
CREATE INDEX idx_saleline_prod        ON shop.sale_line (prod_id);
CREATE INDEX idx_invoice_cust         ON acct.invoice (cust_id, inv_dt);
CREATE INDEX idx_payment_inv          ON acct.payment (inv_id);
CREATE INDEX idx_log_site_ts          ON hm.log_entry (site_cd, log_ts);
CREATE INDEX idx_rota_dt              ON ops.rota (shift_dt, site_cd);

-- =====================================================================
--  Views
-- =====================================================================
CREATE VIEW acct.v_inv_balance AS
SELECT i.inv_id, i.inv_no, i.cust_id, c.acct_no, c.first_nm || ' ' || c.last_nm AS cust_nm,
       i.site_cd, i.src_cd, i.inv_dt, i.due_dt, i.inv_status,
       i.net_amt + i.vat_amt AS gross_amt,
       coalesce(p.paid, 0) AS paid_amt,
       i.net_amt + i.vat_amt - coalesce(p.paid, 0) AS balance
FROM acct.invoice i
JOIN berth.customer c ON c.cust_id = i.cust_id
LEFT JOIN (SELECT inv_id, sum(amount) AS paid FROM acct.payment GROUP BY inv_id) p ON p.inv_id = i.inv_id
WHERE i.inv_status <> 'V';
COMMENT ON VIEW acct.v_inv_balance IS 'Every non-void invoice with the gross amount, what has been paid and the outstanding balance (credit control uses it for the arrears list: balance > 0 and due_dt before today; written-off invoices have status W)';

CREATE MATERIALIZED VIEW fuel.mv_fuel_month AS
SELECT site_cd, date_trunc('month', sale_ts)::date AS month, fuel_cd,
       count(*) AS n_sales, sum(litres) AS litres, sum(amt_gross) AS gross_amt
FROM fuel.fuel_sale
GROUP BY 1, 2, 3;
CREATE UNIQUE INDEX ux_mv_fuel_month ON fuel.mv_fuel_month (site_cd, month, fuel_cd);
COMMENT ON MATERIALIZED VIEW fuel.mv_fuel_month IS 'Fuel sold per fuel berth, month and fuel type (refreshed nightly by the office PC; month = first day of the month)';

RESET enable_nestloop;
RESET jit;
DISCARD TEMP;
ANALYZE;

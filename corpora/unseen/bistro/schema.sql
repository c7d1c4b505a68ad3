-- =====================================================================
--  Copper Fork Hospitality — restaurant back-office database ("CF-BOH")
--  Nine dinner-only bistros in Chicago and Milwaukee.  Point of sale,
--  menu and prices, reservations, loyalty, staff time clock, purchasing
--  and inventory.  Data runs from go-live on Sunday 1 January 2023.
--  Snapshot taken at 21:30 on Tuesday 15 October 2024 (mid-service).
--  All timestamps are local restaurant time (US Central), money in USD.
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA org;
CREATE SCHEMA menu;
CREATE SCHEMA pos;
CREATE SCHEMA guest;
CREATE SCHEMA people;
CREATE SCHEMA stock;

COMMENT ON SCHEMA org    IS 'Restaurants (sites) and their floor plans';
COMMENT ON SCHEMA menu   IS 'Menu items, price history, recipes, 86 board';
COMMENT ON SCHEMA pos    IS 'Point of sale: guest checks, check lines, tenders, void/comp reasons';
COMMENT ON SCHEMA guest  IS 'Reservations and the Copper Club loyalty program';
COMMENT ON SCHEMA people IS 'Employees and time-clock punches (shifts)';
COMMENT ON SCHEMA stock  IS 'Suppliers, ingredients, deliveries, month-end counts, waste';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- types
-- ---------------------------------------------------------------------
CREATE TYPE pos.tender_type AS ENUM ('cash','credit','debit','gift_card','house_acct','third_party');
COMMENT ON TYPE pos.tender_type IS 'How a check was settled. third_party = paid out by the delivery platform (DoorDash / Uber Eats)';
CREATE TYPE stock.uom AS ENUM ('kg','l','ea','btl','keg');
COMMENT ON TYPE stock.uom IS 'Inventory unit of measure: kg, litre, each, bottle (750 ml), keg (1/2 barrel)';

-- ---------------------------------------------------------------------
-- org
-- ---------------------------------------------------------------------
CREATE TABLE org.site (
    site_id    smallint PRIMARY KEY,
    site_cd    char(3) NOT NULL UNIQUE,
    site_nm    varchar(60) NOT NULL,
    city       varchar(30) NOT NULL,
    addr1      varchar(80) NOT NULL,
    seats      smallint NOT NULL,
    opened_on  date NOT NULL,
    tax_rt     numeric(5,4) NOT NULL,
    gm_emp_id  int
);
COMMENT ON TABLE  org.site IS 'Our restaurants. All are dinner-only, closed on Mondays';
COMMENT ON COLUMN org.site.site_cd IS 'Three-letter site code used on reports and in the POS';
COMMENT ON COLUMN org.site.seats IS 'Licensed seating capacity (dining room + bar + patio)';
COMMENT ON COLUMN org.site.tax_rt IS 'Combined sales tax rate on food and beverage (0.1075 = 10.75 %)';
COMMENT ON COLUMN org.site.gm_emp_id IS 'Current general manager (people.employee.emp_id; not enforced)';

CREATE TABLE org.dining_tbl (
    site_id  smallint NOT NULL REFERENCES org.site,
    tbl_no   smallint NOT NULL,
    area_cd  char(1) NOT NULL,
    seats    smallint NOT NULL,
    PRIMARY KEY (site_id, tbl_no)
);
COMMENT ON COLUMN org.dining_tbl.area_cd IS 'M = main dining room, P = patio (seasonal), B = bar rail / high-tops';

-- ---------------------------------------------------------------------
-- people
-- ---------------------------------------------------------------------
CREATE TABLE people.employee (
    emp_id     serial PRIMARY KEY,
    site_id    smallint NOT NULL REFERENCES org.site,
    first_nm   varchar(30) NOT NULL,
    last_nm    varchar(30) NOT NULL,
    email      varchar(80),
    role_cd    char(3) NOT NULL,
    pay_basis  char(1) NOT NULL DEFAULT 'H',
    pay_rt     numeric(9,2) NOT NULL,
    tipped     boolean NOT NULL DEFAULT false,
    hire_dt    date NOT NULL,
    term_dt    date
);
COMMENT ON TABLE  people.employee IS 'Everyone who has worked for us since go-live, with their home restaurant';
COMMENT ON COLUMN people.employee.role_cd IS 'MGR = manager (GM or assistant GM), CHF = chef (executive or sous chef), COK = line cook, PRP = prep cook, DSH = dishwasher, SRV = server, BAR = bartender, HST = host, BUS = busser / food runner';
COMMENT ON COLUMN people.employee.pay_basis IS 'H = hourly, S = salaried';
COMMENT ON COLUMN people.employee.pay_rt IS 'Hourly wage in USD when pay_basis = H; annual salary in USD when pay_basis = S';
COMMENT ON COLUMN people.employee.tipped IS 'Paid the tipped minimum wage; keeps card tips and declares cash tips';
COMMENT ON COLUMN people.employee.term_dt IS 'Last day of employment; NULL = still employed';

CREATE TABLE people.shift (
    shift_id   bigserial PRIMARY KEY,
    emp_id     int NOT NULL REFERENCES people.employee,
    site_id    smallint NOT NULL REFERENCES org.site,
    biz_dt     date NOT NULL,
    role_cd    char(3) NOT NULL,
    clock_in   timestamp NOT NULL,
    clock_out  timestamp,
    brk_min    smallint NOT NULL DEFAULT 0,
    decl_tips  numeric(7,2)
);
COMMENT ON TABLE  people.shift IS 'Time-clock punches: one row per employee shift';
COMMENT ON COLUMN people.shift.biz_dt IS 'Business date of the service (a shift that ends after midnight still belongs to the day it started)';
COMMENT ON COLUMN people.shift.role_cd IS 'Role worked on this shift (same codes as employee.role_cd)';
COMMENT ON COLUMN people.shift.clock_out IS 'NULL = still clocked in. On a past business date NULL means a missed clock-out that a manager has to fix';
COMMENT ON COLUMN people.shift.brk_min IS 'Unpaid meal break taken, minutes';
COMMENT ON COLUMN people.shift.decl_tips IS 'Cash tips declared at clock-out (card tips are on pos.tender); NULL = not a tipped role or not clocked out yet';

-- ---------------------------------------------------------------------
-- menu
-- ---------------------------------------------------------------------
CREATE TABLE menu.category (
    cat_id   smallint PRIMARY KEY,
    cat_nm   varchar(40) NOT NULL,
    rev_cls  char(2) NOT NULL
);
COMMENT ON COLUMN menu.category.rev_cls IS 'Revenue class for the P&L: FD = food, LQ = liquor (cocktails), WN = wine, BR = beer, NA = non-alcoholic beverage';

CREATE TABLE menu.item (
    item_id     serial PRIMARY KEY,
    plu         varchar(5) NOT NULL UNIQUE,
    item_nm     varchar(60) NOT NULL,
    pos_nm      varchar(16) NOT NULL,
    cat_id      smallint NOT NULL REFERENCES menu.category,
    stn_cd      char(3) NOT NULL,
    added_on    date NOT NULL,
    retired_on  date
);
COMMENT ON TABLE  menu.item IS 'Menu items (the menu is the same at every site)';
COMMENT ON COLUMN menu.item.plu IS 'Price look-up code keyed on the POS';
COMMENT ON COLUMN menu.item.pos_nm IS 'Short name printed on kitchen tickets';
COMMENT ON COLUMN menu.item.stn_cd IS 'Kitchen station the ticket prints at: GRL = grill, SAU = saute, FRY = fryer, GRM = garde manger (cold), PST = pastry, BAR = bar';
COMMENT ON COLUMN menu.item.retired_on IS 'First day the item was no longer on the menu; NULL = currently on the menu';

CREATE TABLE menu.item_price (
    item_id     int NOT NULL REFERENCES menu.item,
    valid_from  date NOT NULL,
    valid_to    date,
    price       numeric(7,2) NOT NULL,
    PRIMARY KEY (item_id, valid_from)
);
COMMENT ON TABLE  menu.item_price IS 'Menu price history (same price at all sites)';
COMMENT ON COLUMN menu.item_price.valid_to IS 'Last day this price applied (inclusive); NULL = current price';

CREATE TABLE menu.recipe (
    item_id  int NOT NULL REFERENCES menu.item,
    ingr_id  int NOT NULL,
    qty      numeric(8,3) NOT NULL,
    PRIMARY KEY (item_id, ingr_id)
);
COMMENT ON TABLE  menu.recipe IS 'Theoretical recipe: ingredient quantity per portion, in the ingredient''s unit of measure';

CREATE TABLE menu.item_86 (
    e86_id   serial PRIMARY KEY,
    site_id  smallint NOT NULL REFERENCES org.site,
    item_id  int NOT NULL REFERENCES menu.item,
    out_at   timestamp NOT NULL,
    back_at  timestamp,
    emp_id   int,
    note     varchar(80)
);
COMMENT ON TABLE  menu.item_86 IS 'The 86 board: items a kitchen has run out of and stopped selling';
COMMENT ON COLUMN menu.item_86.out_at IS 'When the item was 86''d (taken off sale on the POS)';
COMMENT ON COLUMN menu.item_86.back_at IS 'When it was put back on sale; NULL = still 86''d';
COMMENT ON COLUMN menu.item_86.emp_id IS 'Who 86''d it (chef, cook or manager)';

-- ---------------------------------------------------------------------
-- guest (loyalty + reservations)
-- ---------------------------------------------------------------------
CREATE TABLE guest.member (
    member_id     serial PRIMARY KEY,
    card_no       char(10) NOT NULL UNIQUE,
    first_nm      varchar(30) NOT NULL,
    last_nm       varchar(30) NOT NULL,
    email         varchar(80) NOT NULL,
    phone         varchar(12),
    home_site_id  smallint REFERENCES org.site,
    joined_on     date NOT NULL,
    tier_cd       char(1) NOT NULL DEFAULT 'B',
    birth_mmdd    char(4),
    prefs         jsonb,
    closed_at     timestamp
);
COMMENT ON TABLE  guest.member IS 'Copper Club loyalty members';
COMMENT ON COLUMN guest.member.card_no IS 'Loyalty card number printed on the card / app';
COMMENT ON COLUMN guest.member.tier_cd IS 'B = Bronze, S = Silver (250+ points earned in the last 12 months), G = Gold (600+ points earned in the last 12 months); recalculated nightly';
COMMENT ON COLUMN guest.member.birth_mmdd IS 'Birthday as MMDD (no year), for the birthday dessert';
COMMENT ON COLUMN guest.member.prefs IS 'Preferences from the app profile: {"allergies": [...], "diet": ..., "seating": ..., "marketing": {"email": bool, "sms": bool}}; NULL = profile never filled in';
COMMENT ON COLUMN guest.member.closed_at IS 'Membership closed at the guest''s request; NULL = active member';

CREATE TABLE guest.pts_txn (
    txn_id     bigserial PRIMARY KEY,
    member_id  int NOT NULL REFERENCES guest.member,
    txn_at     timestamp NOT NULL,
    txn_cd     char(3) NOT NULL,
    pts        int NOT NULL,
    chk_id     bigint,
    note       varchar(80)
);
COMMENT ON TABLE  guest.pts_txn IS 'Loyalty points ledger; a member''s balance is the sum of pts';
COMMENT ON COLUMN guest.pts_txn.txn_cd IS 'ERN = earned on a check (1 point per dollar of food and drink before tax, tip and discounts), RDM = redeemed (100 points = $10 off a check), BON = sign-up bonus, ADJ = manual adjustment by a manager';
COMMENT ON COLUMN guest.pts_txn.pts IS 'Points: positive = added, negative = taken off';
COMMENT ON COLUMN guest.pts_txn.chk_id IS 'Guest check the points were earned or redeemed on (ERN, RDM)';

CREATE TABLE guest.resv (
    resv_id     serial PRIMARY KEY,
    site_id     smallint NOT NULL REFERENCES org.site,
    resv_at     timestamp NOT NULL,
    party_sz    smallint NOT NULL,
    guest_nm    varchar(60) NOT NULL,
    phone       varchar(12),
    member_id   int REFERENCES guest.member,
    src_cd      char(3) NOT NULL,
    booked_at   timestamp NOT NULL,
    stat_cd     char(1) NOT NULL DEFAULT 'B',
    cxl_at      timestamp,
    cxl_fee     numeric(7,2),
    tbl_no      smallint,
    confirmed_at timestamp,
    notes       varchar(120)
);
COMMENT ON TABLE  guest.resv IS 'Table reservations (walk-ins are not recorded here)';
COMMENT ON COLUMN guest.resv.resv_at IS 'Reserved date and time';
COMMENT ON COLUMN guest.resv.party_sz IS 'Number of guests booked';
COMMENT ON COLUMN guest.resv.src_cd IS 'Booking channel: OTB = OpenTable, WEB = our own website, PHN = phone call to the restaurant, EVT = events team (large parties, buy-outs)';
COMMENT ON COLUMN guest.resv.stat_cd IS 'B = booked (upcoming), S = seated (guests arrived), N = no-show, X = cancelled by the guest 24h+ ahead, L = late cancellation (less than 24h ahead)';
COMMENT ON COLUMN guest.resv.cxl_at IS 'When the guest cancelled (X and L only)';
COMMENT ON COLUMN guest.resv.cxl_fee IS 'No-show / late-cancel fee charged to the card on file ($25 per guest, parties of 6+ only); NULL = no fee';
COMMENT ON COLUMN guest.resv.tbl_no IS 'Table the party was seated at (S only)';
COMMENT ON COLUMN guest.resv.confirmed_at IS 'Guest confirmed by reply to the reminder text; NULL = not confirmed';

-- ---------------------------------------------------------------------
-- pos
-- ---------------------------------------------------------------------
CREATE TABLE pos.reason (
    rsn_id     smallint PRIMARY KEY,
    rsn_type   char(1) NOT NULL,
    rsn_desc   varchar(60) NOT NULL,
    needs_mgr  boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE  pos.reason IS 'Reason codes for voids, comps and discounts';
COMMENT ON COLUMN pos.reason.rsn_type IS 'V = void reason, C = comp reason, D = check discount';
COMMENT ON COLUMN pos.reason.needs_mgr IS 'Manager card swipe required on the POS';

CREATE TABLE pos.guest_check (
    chk_id       bigserial PRIMARY KEY,
    site_id      smallint NOT NULL REFERENCES org.site,
    biz_dt       date NOT NULL,
    chk_no       int NOT NULL,
    svc_cd       char(1) NOT NULL,
    tbl_no       smallint,
    covers       smallint NOT NULL DEFAULT 0,
    emp_id       int NOT NULL REFERENCES people.employee,
    member_id    int REFERENCES guest.member,
    opened_at    timestamp NOT NULL,
    closed_at    timestamp,
    chk_stat     char(1) NOT NULL DEFAULT 'O',
    sub_amt      numeric(10,2) NOT NULL DEFAULT 0,
    comp_amt     numeric(10,2) NOT NULL DEFAULT 0,
    disc_amt     numeric(10,2) NOT NULL DEFAULT 0,
    disc_rsn_id  smallint REFERENCES pos.reason,
    tax_amt      numeric(10,2) NOT NULL DEFAULT 0,
    gl_posted_at timestamp
);
COMMENT ON TABLE  pos.guest_check IS 'Guest checks (bills). Net sales = sub_amt - comp_amt - disc_amt; tax and tips are not sales';
COMMENT ON COLUMN pos.guest_check.chk_no IS 'Check number printed on the bill; restarts at 1001 every business day per site';
COMMENT ON COLUMN pos.guest_check.svc_cd IS 'D = dine-in (table), B = bar, T = takeout, X = third-party delivery (DoorDash / Uber Eats)';
COMMENT ON COLUMN pos.guest_check.covers IS 'Number of guests served (covers); 0 for takeout and delivery';
COMMENT ON COLUMN pos.guest_check.emp_id IS 'Check owner: the server, bartender or host who rang it in';
COMMENT ON COLUMN pos.guest_check.member_id IS 'Copper Club member who scanned their card; NULL = no loyalty member';
COMMENT ON COLUMN pos.guest_check.closed_at IS 'When the check was paid / closed; NULL while the check is still open';
COMMENT ON COLUMN pos.guest_check.chk_stat IS 'O = open (guests still at the table), P = paid and closed, V = voided (whole check cancelled, not a sale)';
COMMENT ON COLUMN pos.guest_check.sub_amt IS 'Sum of all items rung, including comped items, excluding voided lines';
COMMENT ON COLUMN pos.guest_check.comp_amt IS 'Value of comped items (given free)';
COMMENT ON COLUMN pos.guest_check.disc_amt IS 'Check-level discount (loyalty reward, manager discount)';
COMMENT ON COLUMN pos.guest_check.tax_amt IS 'Sales tax on the net amount';
COMMENT ON COLUMN pos.guest_check.gl_posted_at IS 'When the nightly accounting export posted the check to the general ledger; NULL = not yet posted';

CREATE TABLE pos.check_line (
    line_id      bigserial PRIMARY KEY,
    chk_id       bigint NOT NULL REFERENCES pos.guest_check,
    line_no      smallint NOT NULL,
    item_id      int NOT NULL REFERENCES menu.item,
    qty          smallint NOT NULL DEFAULT 1,
    unit_prc     numeric(7,2) NOT NULL,
    ext_prc      numeric(9,2) NOT NULL,
    line_stat    char(1) NOT NULL DEFAULT 'S',
    rsn_id       smallint REFERENCES pos.reason,
    appr_emp_id  int
);
COMMENT ON TABLE  pos.check_line IS 'Items rung on a guest check';
COMMENT ON COLUMN pos.check_line.unit_prc IS 'Menu price at the time of sale';
COMMENT ON COLUMN pos.check_line.ext_prc IS 'qty x unit_prc';
COMMENT ON COLUMN pos.check_line.line_stat IS 'S = sold, V = voided (taken off the check, not made or not charged, not a sale), C = comped (made and served free of charge; value goes to guest_check.comp_amt)';
COMMENT ON COLUMN pos.check_line.rsn_id IS 'Void or comp reason (pos.reason); NULL for sold lines';
COMMENT ON COLUMN pos.check_line.appr_emp_id IS 'Manager who approved the void / comp (employee emp_id; not enforced)';

CREATE TABLE pos.tender (
    tender_id   bigserial PRIMARY KEY,
    chk_id      bigint NOT NULL REFERENCES pos.guest_check,
    tnd_type    pos.tender_type NOT NULL,
    amt         numeric(10,2) NOT NULL,
    tip_amt     numeric(8,2) NOT NULL DEFAULT 0,
    card_brand  char(2),
    card_last4  char(4),
    auth_cd     varchar(8),
    paid_at     timestamp NOT NULL
);
COMMENT ON TABLE  pos.tender IS 'Payments applied to checks (a split check has several)';
COMMENT ON COLUMN pos.tender.amt IS 'Amount applied to the check (net + tax share), excluding the tip';
COMMENT ON COLUMN pos.tender.tip_amt IS 'Tip added on the card slip (cash tips are declared on people.shift)';
COMMENT ON COLUMN pos.tender.card_brand IS 'VI = Visa, MC = Mastercard, AX = American Express, DS = Discover; NULL for non-card tenders';
COMMENT ON COLUMN pos.tender.card_last4 IS 'Last four digits of the card (for chargeback look-ups)';

-- ---------------------------------------------------------------------
-- stock
-- ---------------------------------------------------------------------
CREATE TABLE stock.supplier (
    sup_id      smallint PRIMARY KEY,
    sup_nm      varchar(60) NOT NULL,
    city        varchar(30) NOT NULL,
    terms_days  smallint NOT NULL DEFAULT 30,
    acct_no     varchar(20),
    dlv_days    varchar(20)
);
COMMENT ON COLUMN stock.supplier.terms_days IS 'Payment terms in days from delivery';
COMMENT ON COLUMN stock.supplier.acct_no IS 'Our customer account number with the supplier';
COMMENT ON COLUMN stock.supplier.dlv_days IS 'Regular delivery days';

CREATE TABLE stock.ingredient (
    ingr_id      serial PRIMARY KEY,
    ingr_nm      varchar(60) NOT NULL UNIQUE,
    ingr_cat     char(3) NOT NULL,
    uom          stock.uom NOT NULL,
    pref_sup_id  smallint REFERENCES stock.supplier
);
COMMENT ON COLUMN stock.ingredient.ingr_cat IS 'PRO = meat & poultry, SEA = seafood, PRD = produce, DAI = dairy and eggs, DRY = dry goods & pantry, BAK = bakery, WIN = wine, SPR = spirits, BER = beer, NAB = non-alcoholic beverage';
COMMENT ON COLUMN stock.ingredient.pref_sup_id IS 'Preferred supplier (Chicago sites; Milwaukee buys produce locally)';

CREATE TABLE stock.delivery (
    dlv_id       serial PRIMARY KEY,
    site_id      smallint NOT NULL REFERENCES org.site,
    sup_id       smallint NOT NULL REFERENCES stock.supplier,
    dlv_dt       date NOT NULL,
    sup_inv_no   varchar(20) NOT NULL,
    recv_emp_id  int REFERENCES people.employee,
    recv_at      timestamp,
    dlv_stat     char(1) NOT NULL DEFAULT 'C'
);
COMMENT ON TABLE  stock.delivery IS 'Supplier deliveries received at a restaurant (one per supplier invoice)';
COMMENT ON COLUMN stock.delivery.sup_inv_no IS 'Supplier''s invoice / delivery note number';
COMMENT ON COLUMN stock.delivery.dlv_stat IS 'C = complete, S = short-shipped (at least one line delivered below the ordered quantity), R = items refused at the door for quality (takes precedence over S)';

CREATE TABLE stock.delivery_line (
    dlv_id     int NOT NULL REFERENCES stock.delivery,
    line_no    smallint NOT NULL,
    ingr_id    int NOT NULL REFERENCES stock.ingredient,
    qty_ord    numeric(9,2) NOT NULL,
    qty_recv   numeric(9,2) NOT NULL,
    unit_cost  numeric(10,4) NOT NULL,
    PRIMARY KEY (dlv_id, line_no)
);
COMMENT ON COLUMN stock.delivery_line.qty_ord IS 'Quantity ordered, in the ingredient''s unit of measure';
COMMENT ON COLUMN stock.delivery_line.qty_recv IS 'Quantity actually received and accepted (we pay for this)';
COMMENT ON COLUMN stock.delivery_line.unit_cost IS 'Invoiced price per unit of measure, USD';

CREATE TABLE stock.stock_count (
    cnt_id      serial PRIMARY KEY,
    site_id     smallint NOT NULL REFERENCES org.site,
    cnt_dt      date NOT NULL,
    ingr_id     int NOT NULL REFERENCES stock.ingredient,
    qty         numeric(10,2) NOT NULL,
    counted_by  int REFERENCES people.employee,
    UNIQUE (site_id, cnt_dt, ingr_id)
);
COMMENT ON TABLE  stock.stock_count IS 'Month-end physical inventory counts (taken on the last day of each month)';
COMMENT ON COLUMN stock.stock_count.qty IS 'Quantity on hand, in the ingredient''s unit of measure';

CREATE TABLE stock.waste_log (
    waste_id   serial PRIMARY KEY,
    site_id    smallint NOT NULL REFERENCES org.site,
    logged_at  timestamp NOT NULL,
    ingr_id    int REFERENCES stock.ingredient,
    item_id    int REFERENCES menu.item,
    qty        numeric(8,2) NOT NULL,
    rsn_cd     char(3) NOT NULL,
    est_cost   numeric(8,2) NOT NULL,
    emp_id     int REFERENCES people.employee
);
COMMENT ON TABLE  stock.waste_log IS 'Food and drink thrown away. Either a raw ingredient (ingr_id) or finished plates of a menu item (item_id, ingr_id NULL)';
COMMENT ON COLUMN stock.waste_log.qty IS 'Ingredient quantity in its unit of measure, or number of plates for a menu item';
COMMENT ON COLUMN stock.waste_log.rsn_cd IS 'SPL = spoiled, EXP = past use-by date, OVP = over-prepped (end of night), DRP = dropped or spilled, BRN = cooking error (burnt / overcooked), RTN = sent back by the guest';
COMMENT ON COLUMN stock.waste_log.est_cost IS 'Estimated cost of the waste, USD';

-- =====================================================================
--  Data
-- =====================================================================
INSERT INTO org.site (site_id, site_cd, site_nm, city, addr1, seats, opened_on, tax_rt) VALUES
 (1,'WPK','Copper Fork Wicker Park','Chicago','1540 N Milwaukee Ave',56,'2014-05-02',0.1075),
 (2,'WLP','Copper Fork West Loop','Chicago','912 W Randolph St',74,'2016-09-15',0.1175),
 (3,'LPK','Copper Fork Lincoln Park','Chicago','2270 N Lincoln Ave',48,'2018-03-09',0.1075),
 (4,'AVL','Copper Fork Andersonville','Chicago','5309 N Clark St',42,'2019-11-01',0.1075),
 (5,'HPK','Copper Fork Hyde Park','Chicago','1501 E 53rd St',46,'2021-06-18',0.1075),
 (6,'BVW','Copper Fork Bay View','Milwaukee','2301 S Kinnickinnic Ave',46,'2017-04-21',0.0800),
 (7,'ESD','Copper Fork East Side','Milwaukee','1935 N Farwell Ave',40,'2020-02-14',0.0800),
 (8,'WKP','Copper Fork Walker''s Point','Milwaukee','600 S 2nd St',52,'2022-08-26',0.0800),
 (9,'TWD','Copper Fork Third Ward','Milwaukee','311 N Broadway',64,'2024-04-12',0.0800);

INSERT INTO org.dining_tbl (site_id, tbl_no, area_cd, seats)
SELECT s.site_id, t, 'M', (ARRAY[2,2,4,4,4,2,6,4])[1 + floor(pg_temp.rnd('ts'||s.site_id||'-'||t)*8)::int]
FROM org.site s CROSS JOIN LATERAL generate_series(1, (s.seats * 0.62 / 3.0)::int) t
UNION ALL
SELECT s.site_id, 40 + t, 'P', 4
FROM org.site s CROSS JOIN generate_series(1, 4) t WHERE s.site_id IN (1,3,6,9)
UNION ALL
SELECT s.site_id, 80 + t, 'B', 2
FROM org.site s CROSS JOIN generate_series(1, 5) t;

-- business days: all sites closed Mondays, Thanksgiving and Christmas Eve/Day; Lincoln Park shut for a
-- refit 9-28 January 2024.  Future days (for reservations) run to the end of November 2024.
CREATE TEMP TABLE site_day AS
SELECT s.site_id, d::date AS biz_dt, extract(isodow FROM d)::int AS dow, s.seats, s.city,
       d::date > date '2024-10-15' AS future,
       CASE extract(isodow FROM d)::int WHEN 2 THEN 0.72 WHEN 3 THEN 0.82 WHEN 4 THEN 0.98
                                        WHEN 5 THEN 1.38 WHEN 6 THEN 1.45 ELSE 0.95 END
       * CASE extract(month FROM d)::int WHEN 1 THEN 0.82 WHEN 2 THEN 0.92 WHEN 12 THEN 1.15
                                         WHEN 6 THEN 1.05 WHEN 7 THEN 1.06 WHEN 8 THEN 1.04 ELSE 1.0 END AS busy
FROM org.site s
CROSS JOIN generate_series(date '2023-01-01', date '2024-11-30', interval '1 day') d
WHERE d >= s.opened_on
  AND extract(isodow FROM d) <> 1
  AND d::date NOT IN (date '2023-11-23', date '2023-12-24', date '2023-12-25', date '2024-11-28')
  AND NOT (s.site_id = 3 AND d::date BETWEEN date '2024-01-09' AND date '2024-01-28');

-- employees: each site has fixed positions; each position is held by a succession of people --------
CREATE TEMP TABLE emp_plan AS
WITH slot AS (
  SELECT s.site_id, s.city, s.opened_on, r.role_cd, r.mean_days, r.basis, k
  FROM org.site s
  CROSS JOIN (VALUES ('MGR',3,1300,'S'),('CHF',2,1200,'S'),('COK',5,620,'H'),('PRP',2,480,'H'),('DSH',3,330,'H'),
                     ('SRV',9,430,'H'),('BAR',3,600,'H'),('HST',2,300,'H'),('BUS',3,320,'H')) r(role_cd, n, mean_days, basis)
  CROSS JOIN LATERAL generate_series(1, r.n) k
), inc AS (
  SELECT sl.*, j,
         CASE WHEN sl.opened_on >= date '2023-01-01' THEN sl.opened_on - 14 - floor(pg_temp.rnd('h0'||sl.site_id||sl.role_cd||k)*12)::int
              ELSE GREATEST(sl.opened_on - 14, date '2023-01-01' - 1 - floor(pg_temp.rnd('h0'||sl.site_id||sl.role_cd||k) * sl.mean_days * 2.2)::int) END AS h1,
         CASE WHEN sl.opened_on >= date '2023-01-01' THEN sl.opened_on - 14 ELSE date '2023-01-01' END AS start0,
         GREATEST(7, ceil(-ln(1 - pg_temp.rnd('du'||sl.site_id||sl.role_cd||k||'-'||j)) * sl.mean_days))::int AS dur,
         CASE WHEN j = 1 THEN 0 ELSE 3 + floor(pg_temp.rnd('gp'||sl.site_id||sl.role_cd||k||'-'||j)*22)::int END AS gap
  FROM slot sl CROSS JOIN generate_series(1, 8) j
), cum AS (
  SELECT inc.*, sum(dur + gap) OVER (PARTITION BY site_id, role_cd, k ORDER BY j) AS c
  FROM inc
)
SELECT site_id, city, role_cd, basis, k, j,
       CASE WHEN j = 1 THEN h1 ELSE start0 + (c - dur)::int END AS hire_dt,
       start0 + c::int AS end_dt
FROM cum;
DELETE FROM emp_plan WHERE hire_dt > date '2024-10-15';

INSERT INTO people.employee (site_id, first_nm, last_nm, email, role_cd, pay_basis, pay_rt, tipped, hire_dt, term_dt)
SELECT p.site_id, nm.fn, nm.ln,
       lower(replace(nm.fn || '.' || nm.ln, '''', '')) || row_number() OVER (ORDER BY p.hire_dt, p.site_id, p.role_cd, p.k) || '@copperfork.com',
       p.role_cd, p.basis,
       CASE
         WHEN p.role_cd = 'MGR' AND p.k = 1 THEN (CASE p.city WHEN 'Chicago' THEN 86000 ELSE 78000 END) + floor(pg_temp.rnd('py'||p.site_id||p.role_cd||p.k||p.j)*9)*1000
         WHEN p.role_cd = 'MGR'              THEN (CASE p.city WHEN 'Chicago' THEN 60000 ELSE 54000 END) + floor(pg_temp.rnd('py'||p.site_id||p.role_cd||p.k||p.j)*10)*1000
         WHEN p.role_cd = 'CHF' AND p.k = 1 THEN (CASE p.city WHEN 'Chicago' THEN 80000 ELSE 72000 END) + floor(pg_temp.rnd('py'||p.site_id||p.role_cd||p.k||p.j)*12)*1000
         WHEN p.role_cd = 'CHF'              THEN (CASE p.city WHEN 'Chicago' THEN 58000 ELSE 52000 END) + floor(pg_temp.rnd('py'||p.site_id||p.role_cd||p.k||p.j)*8)*1000
         WHEN p.role_cd IN ('SRV','BUS')     THEN CASE p.city WHEN 'Chicago' THEN 11.02 ELSE 2.33 END
         WHEN p.role_cd = 'BAR'              THEN CASE p.city WHEN 'Chicago' THEN 11.02 ELSE 4.00 END
         ELSE (CASE p.city WHEN 'Chicago' THEN 0 ELSE -2.25 END)
              + CASE p.role_cd WHEN 'HST' THEN 16.50 WHEN 'DSH' THEN 16.50 WHEN 'PRP' THEN 17.50 ELSE 19.00 END
              + 0.25 * floor(pg_temp.rnd('py'||p.site_id||p.role_cd||p.k||p.j) * CASE p.role_cd WHEN 'COK' THEN 17 ELSE 9 END)
       END,
       p.role_cd IN ('SRV','BAR','BUS'),
       p.hire_dt,
       CASE WHEN p.end_dt <= date '2024-10-15' THEN p.end_dt END
FROM emp_plan p
CROSS JOIN LATERAL (SELECT
   (ARRAY['James','Maria','Michael','Jennifer','David','Sofia','Daniel','Emily','Carlos','Ashley','Kevin','Jessica',
          'Brian','Amanda','Luis','Sarah','Anthony','Megan','Marcus','Nicole','Juan','Rachel','Tyler','Lauren','Andre',
          'Olivia','Jose','Hannah','Ryan','Grace','Eric','Vanessa','Jamal','Brittany','Miguel','Kayla','Patrick','Alyssa',
          'Derek','Gabriela','Sean','Tiffany','Omar','Rosa','Travis','Monica','Trevor','Diana','Connor','Keisha'])
          [1 + floor(pg_temp.rnd('ef'||p.site_id||p.role_cd||p.k||'-'||p.j)*50)::int] AS fn,
   (ARRAY['Smith','Johnson','Garcia','Martinez','Brown','Kowalski','Nguyen','Rodriguez','Miller','Davis','Wilson',
          'Anderson','Thomas','Hernandez','Moore','Jackson','Lopez','Lee','Walker','Nowak','Schmidt','Allen','Young',
          'King','Wright','Scott','Torres','Hill','Green','Adams','Nelson','Baker','Rivera','Campbell','Mitchell',
          'Roberts','Carter','Phillips','Evans','Turner','Murphy','O''Brien','Kim','Patel','Sullivan','Wojcik','Jensen',
          'Olson','Reyes','Washington'])
          [1 + floor(pg_temp.rnd('el'||p.site_id||p.role_cd||p.k||'-'||p.j)*50)::int] AS ln) nm
ORDER BY p.hire_dt, p.site_id, p.role_cd, p.k;

UPDATE org.site s SET gm_emp_id = x.emp_id
FROM (SELECT DISTINCT ON (e.site_id) e.site_id, e.emp_id FROM people.employee e
      WHERE e.role_cd = 'MGR' AND e.term_dt IS NULL ORDER BY e.site_id, e.pay_rt DESC, e.hire_dt) x
WHERE x.site_id = s.site_id;

-- shifts ----------------------------------------------------------------
INSERT INTO people.shift (emp_id, site_id, biz_dt, role_cd, clock_in, clock_out, brk_min, decl_tips)
SELECT emp_id, site_id, biz_dt, role_cd, cin,
       CASE WHEN biz_dt = date '2024-10-15' AND cout > timestamp '2024-10-15 21:30' THEN NULL
            WHEN biz_dt < date '2024-10-15' AND pg_temp.rnd('mp'||emp_id||biz_dt) < 0.0004 THEN NULL
            ELSE cout END,
       CASE WHEN pay_basis = 'S' THEN 0
            WHEN cout - cin >= interval '6 hours' AND pg_temp.rnd('bk'||emp_id||biz_dt) < 0.9 THEN 30 ELSE 0 END,
       CASE WHEN role_cd IN ('SRV','BAR','BUS')
             AND NOT (biz_dt = date '2024-10-15' AND cout > timestamp '2024-10-15 21:30')
             AND NOT (biz_dt < date '2024-10-15' AND pg_temp.rnd('mp'||emp_id||biz_dt) < 0.0004)
            THEN round((CASE role_cd WHEN 'BUS' THEN 14 ELSE 55 END * pg_temp.rnd('dt'||emp_id||biz_dt))::numeric, 2) END
FROM (
  SELECT e.emp_id, sd.site_id, sd.biz_dt, e.role_cd, e.pay_basis,
         sd.biz_dt + make_interval(mins => (CASE e.role_cd WHEN 'MGR' THEN 840 WHEN 'CHF' THEN 780 WHEN 'COK' THEN 870 WHEN 'PRP' THEN 600
                                                 WHEN 'DSH' THEN 960 WHEN 'SRV' THEN 960 WHEN 'BAR' THEN 945 ELSE 990 END
                                            + floor(pg_temp.rnd('ci'||e.emp_id||sd.biz_dt)*40)::int - 5),
                                     secs => floor(pg_temp.rnd('cs'||e.emp_id||sd.biz_dt)*60)) AS cin,
         sd.biz_dt + make_interval(mins => (CASE e.role_cd WHEN 'MGR' THEN 1400 WHEN 'CHF' THEN 1320 WHEN 'COK' THEN 1350 WHEN 'PRP' THEN 990
                                                 WHEN 'DSH' THEN 1410 WHEN 'SRV' THEN 1345 WHEN 'BAR' THEN 1440 WHEN 'HST' THEN 1290 ELSE 1380 END
                                            + CASE WHEN sd.dow IN (5,6) AND e.role_cd NOT IN ('PRP','CHF') THEN 30 ELSE 0 END
                                            + floor(pg_temp.rnd('co'||e.emp_id||sd.biz_dt)*50)::int - 20),
                                     secs => floor(pg_temp.rnd('cz'||e.emp_id||sd.biz_dt)*60)) AS cout
  FROM site_day sd
  JOIN people.employee e ON e.site_id = sd.site_id AND e.hire_dt <= sd.biz_dt AND (e.term_dt IS NULL OR e.term_dt >= sd.biz_dt)
  WHERE NOT sd.future
    AND pg_temp.rnd('sh'||e.emp_id||sd.biz_dt) <
        LEAST(0.95, CASE e.role_cd WHEN 'MGR' THEN 0.62 WHEN 'CHF' THEN 0.72 WHEN 'COK' THEN 0.66 WHEN 'PRP' THEN 0.62
                                   WHEN 'DSH' THEN 0.62 WHEN 'SRV' THEN 0.58 WHEN 'BAR' THEN 0.62 ELSE 0.55 END
                    * CASE WHEN sd.dow IN (5,6) THEN 1.3 WHEN sd.dow IN (2,3) THEN 0.8 ELSE 1.0 END)
) x
ORDER BY biz_dt, site_id, cin, emp_id;

CREATE TEMP TABLE on_duty AS
SELECT site_id, biz_dt,
       array_agg(emp_id ORDER BY emp_id) FILTER (WHERE role_cd = 'SRV') AS srv,
       array_agg(emp_id ORDER BY emp_id) FILTER (WHERE role_cd = 'BAR') AS bar,
       array_agg(emp_id ORDER BY emp_id) FILTER (WHERE role_cd = 'HST') AS hst,
       array_agg(emp_id ORDER BY emp_id) FILTER (WHERE role_cd = 'MGR') AS mgr,
       array_agg(emp_id ORDER BY emp_id) FILTER (WHERE role_cd IN ('MGR','CHF')) AS recv,
       array_agg(emp_id ORDER BY emp_id) FILTER (WHERE role_cd IN ('CHF','COK')) AS kit,
       array_agg(emp_id ORDER BY emp_id) AS anyone
FROM people.shift GROUP BY site_id, biz_dt;
ALTER TABLE on_duty ADD PRIMARY KEY (site_id, biz_dt);

-- menu --------------------------------------------------------------------
INSERT INTO menu.category (cat_id, cat_nm, rev_cls) VALUES
 (1,'Starters','FD'),(2,'Salads','FD'),(3,'Mains','FD'),(4,'Burgers & Sandwiches','FD'),(5,'Sides','FD'),
 (6,'Desserts','FD'),(7,'Cocktails','LQ'),(8,'Wine by the Glass','WN'),(9,'Wine by the Bottle','WN'),
 (10,'Beer','BR'),(11,'Zero-Proof & Soft Drinks','NA'),(12,'Coffee & Tea','NA');

CREATE TEMP TABLE item_src (plu text, item_nm text, pos_nm text, cat_id int, stn text, price numeric, w int, added date, retired date);
INSERT INTO item_src VALUES
 ('101','French Onion Soup','FR ONION SOUP',1,'SAU',9.50,8,'2022-11-01',NULL),
 ('102','Crispy Brussels Sprouts','BRUSSELS',1,'FRY',11.00,9,'2022-11-01',NULL),
 ('103','Steak Tartare','TARTARE',1,'GRM',16.00,4,'2022-11-01',NULL),
 ('104','Burrata & Heirloom Tomato','BURRATA',1,'GRM',15.00,5,'2022-11-01',NULL),
 ('105','Mussels Mariniere','MUSSELS',1,'SAU',17.00,5,'2022-11-01',NULL),
 ('106','Deviled Eggs','DEV EGGS',1,'GRM',8.00,6,'2022-11-01',NULL),
 ('107','Chicken Liver Mousse','LIVER MOUSSE',1,'GRM',12.00,3,'2022-11-01',NULL),
 ('108','Summer Corn Soup','CORN SOUP',1,'SAU',10.00,6,'2023-06-01','2023-09-05'),
 ('109','Butternut Squash Soup','SQUASH SOUP',1,'SAU',10.00,6,'2024-10-01',NULL),
 ('201','Little Gem Caesar','CAESAR',2,'GRM',13.00,9,'2022-11-01',NULL),
 ('202','Beet & Goat Cheese Salad','BEET SALAD',2,'GRM',14.00,5,'2022-11-01',NULL),
 ('203','Frisee aux Lardons','FRISEE',2,'GRM',14.50,3,'2022-11-01','2024-05-14'),
 ('204','Kale & Farro Salad','KALE FARRO',2,'GRM',13.50,5,'2024-05-14',NULL),
 ('301','Steak Frites','STEAK FRITES',3,'GRL',34.00,10,'2022-11-01',NULL),
 ('302','Roast Half Chicken','HALF CHKN',3,'GRL',27.00,9,'2022-11-01',NULL),
 ('303','Pan-Seared Salmon','SALMON',3,'SAU',31.00,8,'2022-11-01',NULL),
 ('304','Short Rib Bourguignon','SHORT RIB',3,'SAU',33.00,7,'2022-11-01',NULL),
 ('305','Wild Mushroom Risotto','RISOTTO',3,'SAU',24.00,5,'2022-11-01',NULL),
 ('306','Duck Leg Confit','DUCK CONFIT',3,'SAU',32.00,4,'2022-11-01',NULL),
 ('307','Grilled Pork Chop','PORK CHOP',3,'GRL',30.00,4,'2022-11-01','2023-09-05'),
 ('308','Berkshire Pork Tenderloin','PORK TNDRLN',3,'GRL',30.00,4,'2023-09-05',NULL),
 ('309','Halibut en Papillote','HALIBUT',3,'SAU',38.00,3,'2024-05-14',NULL),
 ('310','Ricotta Gnocchi','GNOCCHI',3,'SAU',23.00,5,'2022-11-01',NULL),
 ('401','Copper Fork Burger','CF BURGER',4,'GRL',19.00,12,'2022-11-01',NULL),
 ('402','Bar Smash Burger','SMASH BRGR',4,'GRL',15.00,6,'2022-11-01',NULL),
 ('403','Croque Monsieur','CROQUE',4,'SAU',16.00,4,'2022-11-01',NULL),
 ('404','Fried Chicken Sandwich','FRD CHKN SAND',4,'FRY',17.00,6,'2022-11-01',NULL),
 ('405','Impossible Burger','IMPOSSIBLE',4,'GRL',18.00,3,'2022-11-01',NULL),
 ('501','Duck Fat Fries','DF FRIES',5,'FRY',7.00,9,'2022-11-01',NULL),
 ('502','Truffle Mac & Cheese','TRFL MAC',5,'SAU',11.00,6,'2022-11-01',NULL),
 ('503','Haricots Verts','HARICOTS',5,'SAU',8.00,4,'2022-11-01',NULL),
 ('504','Pommes Puree','POMMES PUREE',5,'SAU',8.00,5,'2022-11-01',NULL),
 ('505','Sourdough & Cultured Butter','BREAD',5,'GRM',6.00,6,'2022-11-01',NULL),
 ('601','Creme Brulee','BRULEE',6,'PST',10.00,6,'2022-11-01',NULL),
 ('602','Chocolate Pot de Creme','POT DE CREME',6,'PST',10.00,4,'2022-11-01',NULL),
 ('603','Tarte Tatin','TATIN',6,'PST',11.00,3,'2022-11-01',NULL),
 ('604','Seasonal Sorbet','SORBET',6,'PST',8.00,2,'2022-11-01',NULL),
 ('605','Basque Cheesecake','CHEESECAKE',6,'PST',12.00,5,'2023-09-05',NULL),
 ('701','Copper Old Fashioned','OLD FASH',7,'BAR',15.00,8,'2022-11-01',NULL),
 ('702','French 75','FRENCH 75',7,'BAR',14.00,6,'2022-11-01',NULL),
 ('703','Espresso Martini','ESPR MARTINI',7,'BAR',15.00,7,'2022-11-01',NULL),
 ('704','Negroni','NEGRONI',7,'BAR',14.00,5,'2022-11-01',NULL),
 ('705','Paloma','PALOMA',7,'BAR',13.00,4,'2022-11-01',NULL),
 ('706','Aperol Spritz','APEROL SPRTZ',7,'BAR',13.00,5,'2022-11-01',NULL),
 ('801','House Red - Cotes du Rhone (gl)','GL CDR',8,'BAR',12.00,7,'2022-11-01',NULL),
 ('802','House White - Picpoul (gl)','GL PICPOUL',8,'BAR',12.00,6,'2022-11-01',NULL),
 ('803','Sancerre (gl)','GL SANCERRE',8,'BAR',17.00,4,'2022-11-01',NULL),
 ('804','Willamette Pinot Noir (gl)','GL PINOT',8,'BAR',16.00,4,'2022-11-01',NULL),
 ('805','Prosecco (gl)','GL PROSECCO',8,'BAR',12.00,4,'2022-11-01',NULL),
 ('806','Provence Rose (gl)','GL ROSE',8,'BAR',13.00,4,'2022-11-01',NULL),
 ('901','Cotes du Rhone (btl)','BT CDR',9,'BAR',46.00,2,'2022-11-01',NULL),
 ('902','Sancerre (btl)','BT SANCERRE',9,'BAR',68.00,2,'2022-11-01',NULL),
 ('903','Willamette Pinot Noir (btl)','BT PINOT',9,'BAR',64.00,2,'2022-11-01',NULL),
 ('904','Champagne Brut NV (btl)','BT CHAMPAGNE',9,'BAR',95.00,1,'2022-11-01',NULL),
 ('905','Mendoza Malbec (btl)','BT MALBEC',9,'BAR',52.00,1,'2022-11-01',NULL),
 ('1001','Anti-Hero IPA','ANTI-HERO',10,'BAR',8.00,5,'2022-11-01',NULL),
 ('1002','Riverwest Stein','RIVERWEST',10,'BAR',7.00,4,'2022-11-01',NULL),
 ('1003','Daisy Cutter Pale Ale','DAISY CUTTER',10,'BAR',8.00,3,'2022-11-01',NULL),
 ('1004','Stella Artois','STELLA',10,'BAR',7.00,3,'2022-11-01',NULL),
 ('1101','Fountain Soda','SODA',11,'BAR',3.50,5,'2022-11-01',NULL),
 ('1102','House Lemonade','LEMONADE',11,'BAR',5.00,3,'2022-11-01',NULL),
 ('1103','Zero-Proof Spritz','ZP SPRITZ',11,'BAR',9.00,2,'2022-11-01',NULL),
 ('1104','Sparkling Water (btl)','SPARKLING',11,'BAR',6.00,4,'2022-11-01',NULL),
 ('1201','Espresso','ESPRESSO',12,'BAR',4.00,3,'2022-11-01',NULL),
 ('1202','Cappuccino','CAPPUCCINO',12,'BAR',5.50,2,'2022-11-01',NULL),
 ('1203','Hot Tea','TEA',12,'BAR',4.00,1,'2022-11-01',NULL);

INSERT INTO menu.item (plu, item_nm, pos_nm, cat_id, stn_cd, added_on, retired_on)
SELECT plu, item_nm, pos_nm, cat_id, stn, added, retired FROM item_src ORDER BY cat_id, plu::int;

-- price history: fall menu 5 Sep 2023 and spring menu 14 May 2024 moved prices
CREATE TEMP TABLE price_step AS
SELECT i.item_id, s.price AS p0, i.added_on, i.retired_on,
       CASE WHEN i.added_on < date '2023-09-05' AND (i.retired_on IS NULL OR i.retired_on > date '2023-09-05')
             AND pg_temp.rnd('pc1'||i.item_id) < 0.62
            THEN CASE WHEN s.price >= 60 THEN 4.00 WHEN s.price >= 30 THEN 2.00 ELSE 1.00 END ELSE 0 END AS d1,
       CASE WHEN i.added_on < date '2024-05-14' AND (i.retired_on IS NULL OR i.retired_on > date '2024-05-14')
             AND pg_temp.rnd('pc2'||i.item_id) < 0.45
            THEN CASE WHEN s.plu IN ('604','1203') THEN -1.00
                      WHEN s.price >= 45 THEN 5.00 WHEN s.price >= 25 THEN 2.00 ELSE 1.00 END ELSE 0 END AS d2
FROM menu.item i JOIN item_src s ON s.plu = i.plu;

INSERT INTO menu.item_price (item_id, valid_from, valid_to, price)
SELECT item_id, vf, lead(vf) OVER (PARTITION BY item_id ORDER BY vf) - 1 AS vt, price
FROM (
  SELECT item_id, added_on AS vf, p0 AS price FROM price_step
  UNION ALL SELECT item_id, date '2023-09-05', p0 + d1 FROM price_step WHERE d1 <> 0
  UNION ALL SELECT item_id, date '2024-05-14', p0 + d1 + d2 FROM price_step WHERE d2 <> 0
) x;
UPDATE menu.item_price p SET valid_to = i.retired_on - 1
FROM menu.item i WHERE i.item_id = p.item_id AND i.retired_on IS NOT NULL AND p.valid_to IS NULL;

-- stock master data -------------------------------------------------------
INSERT INTO stock.supplier (sup_id, sup_nm, city, terms_days, acct_no, dlv_days) VALUES
 (1,'Great Lakes Foodservice','Chicago',30,'GLF-204417','Tue, Fri'),
 (2,'Fulton Market Meats','Chicago',14,'FMM-0873','Tue, Thu, Sat'),
 (3,'Lakeshore Seafood Co.','Chicago',14,'LSC-11290','Tue, Thu, Sat'),
 (4,'Midwest Fresh Produce','Chicago',7,'MFP-55012','Tue, Thu, Sat'),
 (5,'Kinnickinnic Dairy Co-op','Milwaukee',21,'KDC-3318','Wed, Sat'),
 (6,'Red Brick Bakery','Chicago',14,'RBB-209','Tue, Thu, Sat'),
 (7,'Vintner Select Imports','Chicago',30,'VSI-77140','Wed'),
 (8,'Lakefront Beverage Distributors','Milwaukee',30,'LBD-60621','Thu'),
 (9,'Northshore Spirits & Wine','Chicago',30,'NSW-19002','Wed'),
 (10,'Clearwater Beverage','Chicago',30,'CWB-4410','Fri'),
 (11,'Badger State Produce','Milwaukee',7,'BSP-2207','Tue, Thu, Sat');

CREATE TEMP TABLE ingr_src (ingr_nm text, cat text, uom text, cost numeric, wk numeric, sup int, av_from date, av_to date, seas boolean);
INSERT INTO ingr_src VALUES
 ('Hanger steak','PRO','kg',24.50,28,2,NULL,NULL,false),
 ('Beef short rib, boneless','PRO','kg',19.80,16,2,NULL,NULL,false),
 ('Ground chuck burger blend','PRO','kg',11.20,40,2,NULL,NULL,false),
 ('Whole chicken, air-chilled','PRO','ea',9.50,25,2,NULL,NULL,false),
 ('Chicken thighs, boneless','PRO','kg',8.40,14,2,NULL,NULL,false),
 ('Duck legs','PRO','ea',6.75,20,2,NULL,NULL,false),
 ('Pork chop, bone-in','PRO','kg',15.50,8,2,NULL,'2023-09-04',false),
 ('Pork tenderloin','PRO','kg',14.90,8,2,'2023-08-29',NULL,false),
 ('Bacon lardons','PRO','kg',13.60,6,2,NULL,NULL,false),
 ('Jambon de Paris ham','PRO','kg',16.80,4,2,NULL,NULL,false),
 ('Chicken livers','PRO','kg',6.20,2,2,NULL,NULL,false),
 ('Eggs, large','PRO','ea',0.32,360,5,NULL,NULL,false),
 ('Salmon fillet','SEA','kg',22.90,22,3,NULL,NULL,false),
 ('PEI mussels','SEA','kg',7.40,18,3,NULL,NULL,false),
 ('Halibut fillet','SEA','kg',38.50,8,3,'2024-05-10',NULL,false),
 ('Russet potatoes','PRD','kg',1.45,120,4,NULL,NULL,true),
 ('Brussels sprouts','PRD','kg',5.20,15,4,NULL,NULL,true),
 ('Yellow onions','PRD','kg',1.60,35,4,NULL,NULL,true),
 ('Little gem lettuce','PRD','ea',1.10,90,4,NULL,NULL,true),
 ('Heirloom tomatoes','PRD','kg',7.80,10,4,NULL,NULL,true),
 ('Red beets','PRD','kg',2.40,8,4,NULL,NULL,true),
 ('Lacinato kale','PRD','kg',6.90,6,4,'2024-05-10',NULL,true),
 ('Cremini mushrooms','PRD','kg',7.20,12,4,NULL,NULL,true),
 ('Haricots verts','PRD','kg',8.60,9,4,NULL,NULL,true),
 ('Lemons','PRD','ea',0.38,200,4,NULL,NULL,true),
 ('Limes','PRD','ea',0.30,150,4,NULL,NULL,true),
 ('Peeled garlic','PRD','kg',8.90,4,4,NULL,NULL,true),
 ('Mixed fresh herbs','PRD','kg',22.00,2,4,NULL,NULL,true),
 ('Butternut squash','PRD','kg',2.80,6,4,'2024-09-24',NULL,true),
 ('Sweet corn','PRD','ea',0.65,40,4,'2023-05-25','2023-09-04',true),
 ('Granny Smith apples','PRD','kg',3.40,6,4,NULL,NULL,true),
 ('Frisee','PRD','kg',9.80,3,4,NULL,'2024-05-13',true),
 ('Unsalted butter','DAI','kg',9.60,18,5,NULL,NULL,false),
 ('Heavy cream','DAI','l',5.40,20,5,NULL,NULL,false),
 ('Whole milk','DAI','l',1.30,25,5,NULL,NULL,false),
 ('Burrata','DAI','ea',4.90,24,5,NULL,NULL,false),
 ('Goat cheese','DAI','kg',18.50,2,5,NULL,NULL,false),
 ('Gruyere','DAI','kg',26.40,5,5,NULL,NULL,false),
 ('Parmigiano-Reggiano','DAI','kg',31.00,3,5,NULL,NULL,false),
 ('Whole-milk ricotta','DAI','kg',8.90,4,5,NULL,NULL,false),
 ('Cream cheese','DAI','kg',9.20,3,5,'2023-08-29',NULL,false),
 ('Arborio rice','DRY','kg',4.60,6,1,NULL,NULL,false),
 ('Farro','DRY','kg',5.10,3,1,'2024-05-10',NULL,false),
 ('All-purpose flour','DRY','kg',1.20,15,1,NULL,NULL,false),
 ('Granulated sugar','DRY','kg',1.40,8,1,NULL,NULL,false),
 ('Duck fat','DRY','kg',12.50,8,1,NULL,NULL,false),
 ('Canola frying oil','DRY','l',2.60,40,1,NULL,NULL,false),
 ('Dark chocolate 70%','DRY','kg',16.80,2,1,NULL,NULL,false),
 ('Espresso beans','DRY','kg',26.00,4,1,NULL,NULL,false),
 ('Brioche burger buns','BAK','ea',0.85,260,6,NULL,NULL,false),
 ('Sourdough loaf','BAK','ea',5.50,40,6,NULL,NULL,false),
 ('Pullman loaf','BAK','ea',4.80,8,6,NULL,NULL,false),
 ('Cotes du Rhone','WIN','btl',11.50,36,7,NULL,NULL,false),
 ('Picpoul de Pinet','WIN','btl',10.80,30,7,NULL,NULL,false),
 ('Sancerre','WIN','btl',21.00,18,7,NULL,NULL,false),
 ('Willamette Valley Pinot Noir','WIN','btl',19.50,18,7,NULL,NULL,false),
 ('Prosecco','WIN','btl',9.20,20,7,NULL,NULL,false),
 ('Provence rose','WIN','btl',12.40,16,7,NULL,NULL,false),
 ('Champagne Brut NV','WIN','btl',38.00,2,7,NULL,NULL,false),
 ('Mendoza Malbec','WIN','btl',14.00,4,7,NULL,NULL,false),
 ('Bourbon','SPR','btl',24.00,6,9,NULL,NULL,false),
 ('London dry gin','SPR','btl',19.00,5,9,NULL,NULL,false),
 ('Vodka','SPR','btl',16.50,5,9,NULL,NULL,false),
 ('Blanco tequila','SPR','btl',22.00,3,9,NULL,NULL,false),
 ('Campari','SPR','btl',27.00,2,9,NULL,NULL,false),
 ('Aperol','SPR','btl',21.00,3,9,NULL,NULL,false),
 ('Sweet vermouth','SPR','btl',14.00,2,9,NULL,NULL,false),
 ('Coffee liqueur','SPR','btl',18.00,2,9,NULL,NULL,false),
 ('Anti-Hero IPA keg','BER','keg',185.00,1,8,NULL,NULL,false),
 ('Riverwest Stein keg','BER','keg',165.00,1,8,NULL,NULL,false),
 ('Daisy Cutter keg','BER','keg',190.00,1,8,NULL,NULL,false),
 ('Stella Artois keg','BER','keg',175.00,1,8,NULL,NULL,false),
 ('Soda syrup bag-in-box','NAB','ea',78.00,1,10,NULL,NULL,false),
 ('Sparkling water 750ml','NAB','btl',1.10,60,10,NULL,NULL,false);
-- eggs come with the dairy run
UPDATE ingr_src SET cat = 'DAI' WHERE ingr_nm = 'Eggs, large';

INSERT INTO stock.ingredient (ingr_nm, ingr_cat, uom, pref_sup_id)
SELECT ingr_nm, cat, uom::stock.uom, sup FROM ingr_src
ORDER BY array_position(ARRAY['PRO','SEA','PRD','DAI','DRY','BAK','WIN','SPR','BER','NAB'], cat), ingr_nm;

CREATE TEMP TABLE ingr AS
SELECT i.ingr_id, i.ingr_nm, i.ingr_cat, i.uom, s.cost, s.wk, s.sup, s.av_from, s.av_to, s.seas
FROM stock.ingredient i JOIN ingr_src s ON s.ingr_nm = i.ingr_nm;

INSERT INTO menu.recipe (item_id, ingr_id, qty)
SELECT m.item_id, i.ingr_id, r.qty
FROM (VALUES
 ('101','Yellow onions',0.25),('101','Gruyere',0.04),('101','Sourdough loaf',0.10),('101','Unsalted butter',0.02),
 ('102','Brussels sprouts',0.20),('102','Bacon lardons',0.03),('102','Canola frying oil',0.05),
 ('103','Hanger steak',0.12),('103','Eggs, large',1),('103','Sourdough loaf',0.10),
 ('104','Burrata',1),('104','Heirloom tomatoes',0.15),('104','Sourdough loaf',0.10),
 ('105','PEI mussels',0.45),('105','Heavy cream',0.05),('105','Peeled garlic',0.01),('105','Sourdough loaf',0.10),('105','Unsalted butter',0.02),
 ('106','Eggs, large',3),
 ('107','Chicken livers',0.08),('107','Unsalted butter',0.03),('107','Heavy cream',0.02),('107','Sourdough loaf',0.10),
 ('108','Sweet corn',3),('108','Heavy cream',0.05),('108','Unsalted butter',0.02),
 ('109','Butternut squash',0.30),('109','Heavy cream',0.05),
 ('201','Little gem lettuce',1.5),('201','Parmigiano-Reggiano',0.02),('201','Eggs, large',1),('201','Sourdough loaf',0.05),('201','Lemons',0.5),
 ('202','Red beets',0.20),('202','Goat cheese',0.04),
 ('203','Frisee',0.10),('203','Bacon lardons',0.06),('203','Eggs, large',1),
 ('204','Lacinato kale',0.10),('204','Farro',0.08),('204','Parmigiano-Reggiano',0.015),('204','Lemons',0.5),
 ('301','Hanger steak',0.28),('301','Russet potatoes',0.35),('301','Canola frying oil',0.05),('301','Unsalted butter',0.03),
 ('302','Whole chicken, air-chilled',0.5),('302','Russet potatoes',0.20),('302','Unsalted butter',0.03),('302','Mixed fresh herbs',0.005),
 ('303','Salmon fillet',0.20),('303','Haricots verts',0.10),('303','Unsalted butter',0.03),('303','Lemons',0.5),
 ('304','Beef short rib, boneless',0.35),('304','Yellow onions',0.10),('304','Cremini mushrooms',0.08),('304','Cotes du Rhone',0.10),
 ('305','Arborio rice',0.10),('305','Cremini mushrooms',0.15),('305','Parmigiano-Reggiano',0.03),('305','Unsalted butter',0.03),
 ('306','Duck legs',1),('306','Duck fat',0.05),('306','Russet potatoes',0.20),
 ('307','Pork chop, bone-in',0.35),('307','Granny Smith apples',0.10),
 ('308','Pork tenderloin',0.22),('308','Granny Smith apples',0.10),
 ('309','Halibut fillet',0.20),('309','Lemons',0.5),('309','Haricots verts',0.08),
 ('310','Whole-milk ricotta',0.12),('310','All-purpose flour',0.06),('310','Parmigiano-Reggiano',0.02),('310','Unsalted butter',0.03),
 ('401','Ground chuck burger blend',0.20),('401','Brioche burger buns',1),('401','Gruyere',0.03),('401','Bacon lardons',0.03),('401','Russet potatoes',0.25),
 ('402','Ground chuck burger blend',0.16),('402','Brioche burger buns',1),
 ('403','Pullman loaf',0.20),('403','Jambon de Paris ham',0.08),('403','Gruyere',0.05),('403','Whole milk',0.05),
 ('404','Chicken thighs, boneless',0.18),('404','Brioche burger buns',1),('404','All-purpose flour',0.04),('404','Canola frying oil',0.05),
 ('405','Brioche burger buns',1),
 ('501','Russet potatoes',0.30),('501','Duck fat',0.03),('501','Canola frying oil',0.04),
 ('502','Heavy cream',0.10),('502','Gruyere',0.05),('502','Parmigiano-Reggiano',0.02),('502','All-purpose flour',0.01),
 ('503','Haricots verts',0.15),('503','Unsalted butter',0.01),
 ('504','Russet potatoes',0.25),('504','Unsalted butter',0.06),('504','Heavy cream',0.04),
 ('505','Sourdough loaf',0.25),('505','Unsalted butter',0.03),
 ('601','Heavy cream',0.12),('601','Eggs, large',2),('601','Granulated sugar',0.03),
 ('602','Dark chocolate 70%',0.05),('602','Heavy cream',0.10),('602','Eggs, large',1),
 ('603','Granny Smith apples',0.20),('603','Unsalted butter',0.04),('603','All-purpose flour',0.05),('603','Granulated sugar',0.05),
 ('604','Granulated sugar',0.04),('604','Lemons',1),
 ('605','Cream cheese',0.12),('605','Eggs, large',1),('605','Granulated sugar',0.03),('605','Heavy cream',0.03),
 ('701','Bourbon',0.08),
 ('702','London dry gin',0.04),('702','Prosecco',0.12),('702','Lemons',0.5),('702','Granulated sugar',0.01),
 ('703','Vodka',0.06),('703','Coffee liqueur',0.04),('703','Espresso beans',0.018),
 ('704','London dry gin',0.04),('704','Campari',0.04),('704','Sweet vermouth',0.04),
 ('705','Blanco tequila',0.08),('705','Limes',1),
 ('706','Aperol',0.08),('706','Prosecco',0.12),
 ('801','Cotes du Rhone',0.2),('802','Picpoul de Pinet',0.2),('803','Sancerre',0.2),('804','Willamette Valley Pinot Noir',0.2),
 ('805','Prosecco',0.2),('806','Provence rose',0.2),
 ('901','Cotes du Rhone',1),('902','Sancerre',1),('903','Willamette Valley Pinot Noir',1),('904','Champagne Brut NV',1),('905','Mendoza Malbec',1),
 ('1001','Anti-Hero IPA keg',0.008),('1002','Riverwest Stein keg',0.008),('1003','Daisy Cutter keg',0.008),('1004','Stella Artois keg',0.008),
 ('1101','Soda syrup bag-in-box',0.004),('1102','Lemons',2),('1102','Granulated sugar',0.03),
 ('1103','Sparkling water 750ml',0.25),('1103','Limes',1),('1104','Sparkling water 750ml',1),
 ('1201','Espresso beans',0.018),('1202','Espresso beans',0.018),('1202','Whole milk',0.15)
) r(plu, ingr_nm, qty)
JOIN menu.item m ON m.plu = r.plu
JOIN stock.ingredient i ON i.ingr_nm = r.ingr_nm;
ALTER TABLE menu.recipe ADD FOREIGN KEY (ingr_id) REFERENCES stock.ingredient;

-- loyalty members -----------------------------------------------------------
INSERT INTO guest.member (member_id, card_no, first_nm, last_nm, email, phone, home_site_id, joined_on, tier_cd, birth_mmdd, prefs, closed_at)
SELECT i,
       'CF' || (20000000 + i * 1373 + floor(pg_temp.rnd('cn'||i)*1373)::int)::text,
       fn, ln,
       lower(replace(fn || '.' || ln, '''', '')) || i::text
         || (ARRAY['@gmail.com','@gmail.com','@yahoo.com','@outlook.com','@icloud.com','@hotmail.com','@comcast.net'])[1 + floor(pg_temp.rnd('md'||i)*7)::int],
       CASE WHEN pg_temp.rnd('mp'||i) < 0.93 THEN
            CASE WHEN hs.site_id <= 5 THEN (ARRAY['312','773','872','708'])[1 + floor(pg_temp.rnd('ac'||i)*4)::int] ELSE (ARRAY['414','262'])[1 + floor(pg_temp.rnd('ac'||i)*2)::int] END
            || '-' || lpad((200 + floor(pg_temp.rnd('p3'||i)*799)::int)::text, 3, '0') || '-' || lpad(floor(pg_temp.rnd('p4'||i)*10000)::int::text, 4, '0') END,
       hs.site_id,
       j.d,
       'B',
       CASE WHEN pg_temp.rnd('bm'||i) < 0.8 THEN to_char(date '2000-01-01' + floor(pg_temp.rnd('bd'||i)*366)::int, 'MMDD') END,
       CASE WHEN pg_temp.rnd('pf'||i) < 0.35 THEN NULL ELSE
         jsonb_strip_nulls(jsonb_build_object(
           'allergies', (SELECT COALESCE(jsonb_agg(a ORDER BY a), '[]'::jsonb) FROM unnest(ARRAY['shellfish','tree nuts','peanuts','gluten','dairy','sesame','eggs']) WITH ORDINALITY u(a, o)
                         WHERE pg_temp.rnd('al'||i||'-'||o) < (ARRAY[0.07,0.05,0.03,0.06,0.04,0.015,0.015])[o]),
           'diet', CASE WHEN pg_temp.rnd('dt'||i) < 0.08 THEN 'vegetarian' WHEN pg_temp.rnd('dt'||i) < 0.11 THEN 'vegan'
                        WHEN pg_temp.rnd('dt'||i) < 0.14 THEN 'pescatarian' END,
           'seating', (ARRAY['booth','window','patio','bar',NULL,NULL,NULL])[1 + floor(pg_temp.rnd('se'||i)*7)::int],
           'marketing', jsonb_build_object('email', pg_temp.rnd('me'||i) < 0.7, 'sms', pg_temp.rnd('ms'||i) < 0.35)))
       END,
       CASE WHEN pg_temp.rnd('mc'||i) < 0.025 AND j.d < date '2024-09-01' THEN LEAST(j.d + 30 + floor(pg_temp.rnd('mx'||i)*700)::int, date '2024-10-14') + time '11:20' END
FROM generate_series(1, 6400) i
CROSS JOIN LATERAL (SELECT date '2019-06-01' + floor(sqrt(i / 6400.0) * 1963)::int AS d) j
CROSS JOIN LATERAL (SELECT
   (ARRAY['Emma','Liam','Olivia','Noah','Ava','Ethan','Sophia','Mason','Isabella','Logan','Mia','Lucas','Charlotte',
          'Aiden','Amelia','Jackson','Harper','Elijah','Evelyn','Caleb','Abigail','Nathan','Ella','Owen','Chloe','Isaac',
          'Zoe','Gabriel','Lily','Julian','Nora','Adrian','Leah','Dominic','Maya','Xavier','Aaliyah','Mateo','Priya','Wei'])
          [1 + floor(pg_temp.rnd('mf'||i)*40)::int] AS fn,
   (ARRAY['Schultz','Novak','Hoffmann','Becker','Fischer','Larson','Peterson','Gomez','Flores','Ramirez','Cruz','Chen',
          'Wang','Shah','Khan','Lewandowski','Zielinski','Kaminski','Brooks','Bennett','Coleman','Foster','Hayes','Price',
          'Russell','Sanders','Ward','Bell','Cooper','Howard','Kelly','Morgan','Gray','James','Watson','Ross','Hughes',
          'Myers','Long','Ortiz','Dunn','Fleming','Kowal','Weber','Krause','Vogel','Lindqvist','Haas','Stone','Quinn'])
          [1 + floor(pg_temp.rnd('ml'||i)*50)::int] AS ln) nm
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('hs'||i) < 0.64 THEN 1 + floor(pg_temp.rnd('hc'||i)*5)::int
                                ELSE 6 + floor(pg_temp.rnd('hc'||i)*3)::int END AS site_id) hs;
ALTER SEQUENCE guest.member_member_id_seq RESTART WITH 6401;

-- highest member_id that had joined by each date (member ids are in joining order)
CREATE TEMP TABLE member_by_day AS
SELECT d::date AS dt, (SELECT max(member_id) FROM guest.member WHERE joined_on <= d::date) AS max_id
FROM generate_series(date '2023-01-01', date '2024-11-30', interval '1 day') d;
ALTER TABLE member_by_day ADD PRIMARY KEY (dt);

-- guest checks: plan -------------------------------------------------------
CREATE TEMP TABLE chk_plan AS
SELECT sd.site_id, sd.biz_dt, sd.dow, n, sd.site_id || '-' || sd.biz_dt || '-' || n AS k,
       sd.seats
FROM site_day sd
CROSS JOIN LATERAL generate_series(1, GREATEST(4, round(sd.seats / 3.2 * sd.busy * (0.8 + 0.4 * pg_temp.rnd('nc'||sd.site_id||sd.biz_dt)))::int)) n
WHERE NOT sd.future;

ALTER TABLE chk_plan ADD COLUMN svc_cd char(1), ADD COLUMN covers smallint, ADD COLUMN opened_at timestamp,
  ADD COLUMN closed_at timestamp, ADD COLUMN u_member double precision, ADD COLUMN u_emp double precision,
  ADD COLUMN void boolean, ADD COLUMN n_lines int;
UPDATE chk_plan SET
  svc_cd = CASE WHEN pg_temp.rnd('sv'||k) < 0.70 THEN 'D' WHEN pg_temp.rnd('sv'||k) < 0.82 THEN 'B'
                WHEN pg_temp.rnd('sv'||k) < 0.91 THEN 'T' ELSE 'X' END,
  u_member = pg_temp.rnd('mb'||k),
  u_emp = pg_temp.rnd('em'||k),
  void = pg_temp.rnd('vd'||k) < 0.006;
UPDATE chk_plan SET
  covers = CASE svc_cd WHEN 'D' THEN (ARRAY[1,2,2,2,2,2,2,3,3,4,4,4,4,5,6,6,8,2,3,2])[1 + floor(pg_temp.rnd('cv'||k)*20)::int]
                       WHEN 'B' THEN (ARRAY[1,1,2,2,2,3])[1 + floor(pg_temp.rnd('cv'||k)*6)::int] ELSE 0 END,
  opened_at = biz_dt + time '17:00' + make_interval(mins => floor(pg_temp.rnd('op'||k) ^ 1.15 * CASE svc_cd WHEN 'B' THEN 330 ELSE 270 END)::int,
                                                    secs => floor(pg_temp.rnd('os'||k)*60));
UPDATE chk_plan SET
  closed_at = opened_at + make_interval(mins => CASE svc_cd WHEN 'D' THEN 48 + covers * 7 + floor(pg_temp.rnd('du'||k)*45)::int
                                                            WHEN 'B' THEN 20 + floor(pg_temp.rnd('du'||k)*75)::int
                                                            ELSE 6 + floor(pg_temp.rnd('du'||k)*18)::int END,
                                        secs => floor(pg_temp.rnd('ds'||k)*60)),
  n_lines = CASE svc_cd WHEN 'D' THEN GREATEST(1, round(covers * 1.25 + pg_temp.rnd('nl'||k) * 1.6 - 0.3)::int)
                        WHEN 'B' THEN 1 + floor(pg_temp.rnd('nl'||k) * (covers + 2))::int
                        ELSE 1 + floor(pg_temp.rnd('nl'||k) * 4)::int END;
-- snapshot is 21:30 on 15 Oct 2024: nothing opened after that, late tables still open
DELETE FROM chk_plan WHERE opened_at > timestamp '2024-10-15 21:30';
UPDATE chk_plan SET closed_at = NULL WHERE closed_at > timestamp '2024-10-15 21:30';

ALTER TABLE chk_plan ADD COLUMN chk_id bigint, ADD COLUMN chk_no int, ADD COLUMN emp_id int, ADD COLUMN member_id int,
  ADD COLUMN tbl_no smallint;
UPDATE chk_plan c SET
  chk_id = x.rn, chk_no = 1000 + x.dn
FROM (SELECT site_id, biz_dt, n,
             row_number() OVER (ORDER BY opened_at, site_id, n) AS rn,
             row_number() OVER (PARTITION BY site_id, biz_dt ORDER BY opened_at, n) AS dn
      FROM chk_plan) x
WHERE x.site_id = c.site_id AND x.biz_dt = c.biz_dt AND x.n = c.n;
UPDATE chk_plan c SET
  emp_id = (CASE c.svc_cd WHEN 'D' THEN COALESCE(d.srv, d.bar, d.anyone) WHEN 'B' THEN COALESCE(d.bar, d.srv, d.anyone)
                          ELSE COALESCE(d.hst, d.srv, d.anyone) END)
           [1 + floor(c.u_emp * cardinality(CASE c.svc_cd WHEN 'D' THEN COALESCE(d.srv, d.bar, d.anyone) WHEN 'B' THEN COALESCE(d.bar, d.srv, d.anyone)
                          ELSE COALESCE(d.hst, d.srv, d.anyone) END))::int],
  member_id = CASE WHEN (c.svc_cd IN ('D','B') AND c.u_member < 0.17) OR (c.svc_cd = 'T' AND c.u_member < 0.10)
                   THEN 1 + floor(pg_temp.rnd('mi'||c.k) ^ 1.6 * m.max_id)::int END,
  tbl_no = CASE WHEN c.svc_cd = 'B' THEN 81 + floor(pg_temp.rnd('tb'||c.k)*5)::int END
FROM on_duty d, member_by_day m
WHERE d.site_id = c.site_id AND d.biz_dt = c.biz_dt AND m.dt = c.biz_dt;
-- closed memberships can no longer be scanned
UPDATE chk_plan c SET member_id = NULL FROM guest.member m
WHERE m.member_id = c.member_id AND m.closed_at < c.opened_at;
-- dine-in tables: a main-room (or patio in season) table big enough for the party
CREATE TEMP TABLE tbl_pick AS
SELECT site_id, array_agg(tbl_no ORDER BY tbl_no) FILTER (WHERE area_cd = 'M' AND seats <= 2) AS t2,
       array_agg(tbl_no ORDER BY tbl_no) FILTER (WHERE area_cd IN ('M','P') AND seats >= 4) AS t4,
       array_agg(tbl_no ORDER BY tbl_no) FILTER (WHERE area_cd = 'M' AND seats >= 6) AS t6
FROM org.dining_tbl GROUP BY site_id;
UPDATE chk_plan c SET tbl_no = (CASE WHEN c.covers <= 2 THEN t.t2 WHEN c.covers <= 4 THEN t.t4 ELSE t.t6 END)
         [1 + floor(pg_temp.rnd('tb'||c.k) * cardinality(CASE WHEN c.covers <= 2 THEN t.t2 WHEN c.covers <= 4 THEN t.t4 ELSE t.t6 END))::int]
FROM (SELECT site_id, COALESCE(t2, t4) AS t2, t4, COALESCE(t6, t4) AS t6 FROM tbl_pick) t
WHERE c.svc_cd = 'D' AND t.site_id = c.site_id;

-- menu pools per menu edition and channel (weighted arrays of item ids)
CREATE TEMP TABLE menu_pool AS
SELECT p.d_from, p.d_to, ch.chan, array_agg(i.item_id ORDER BY i.item_id, g) AS ids
FROM (VALUES (date '2023-01-01', date '2023-06-01'), (date '2023-06-01', date '2023-09-05'), (date '2023-09-05', date '2024-05-14'),
             (date '2024-05-14', date '2024-10-01'), (date '2024-10-01', date '2024-12-01')) p(d_from, d_to)
CROSS JOIN (VALUES ('D'),('B'),('T')) ch(chan)
JOIN menu.item i ON i.added_on <= p.d_from AND (i.retired_on IS NULL OR i.retired_on > p.d_from)
JOIN item_src s ON s.plu = i.plu
CROSS JOIN LATERAL generate_series(1, CASE ch.chan
       WHEN 'D' THEN s.w * CASE WHEN i.cat_id IN (3) THEN 3 WHEN i.cat_id IN (1,2,4) THEN 2 WHEN i.cat_id IN (7,8) THEN 2 ELSE 1 END
       WHEN 'B' THEN s.w * CASE WHEN i.cat_id IN (7,8,10) THEN 4 WHEN i.cat_id IN (4,5) THEN 2 WHEN i.cat_id IN (1,9) THEN 1 ELSE 0 END
       ELSE s.w * CASE WHEN i.cat_id IN (3,4) THEN 3 WHEN i.cat_id IN (1,2,5) THEN 2 WHEN i.cat_id IN (6,11) THEN 1 ELSE 0 END END) g
GROUP BY p.d_from, p.d_to, ch.chan;

CREATE TEMP TABLE line_plan AS
SELECT c.chk_id, ln AS line_no, c.k, c.void, c.biz_dt, c.site_id, c.opened_at,
       mp.ids[1 + floor(pg_temp.rnd('li'||c.k||'-'||ln) * cardinality(mp.ids))::int] AS item_id,
       pg_temp.rnd('lq'||c.k||'-'||ln) AS uq,
       pg_temp.rnd('ls'||c.k||'-'||ln) AS us,
       pg_temp.rnd('lr'||c.k||'-'||ln) AS ur
FROM chk_plan c
JOIN menu_pool mp ON mp.chan = CASE c.svc_cd WHEN 'D' THEN 'D' WHEN 'B' THEN 'B' ELSE 'T' END
                 AND c.biz_dt >= mp.d_from AND c.biz_dt < mp.d_to
CROSS JOIN LATERAL generate_series(1, c.n_lines) ln;

CREATE TEMP TABLE line_fin AS
SELECT l.chk_id, l.line_no, l.item_id,
       q.qty, p.price AS unit_prc, q.qty * p.price AS ext_prc,
       st.line_stat,
       CASE st.line_stat
         WHEN 'V' THEN CASE WHEN l.void THEN 5 ELSE (ARRAY[1,1,1,1,1,1,1,2,2,2,2,2,2,3,3,3,4,4,4,4])[1 + floor(l.ur*20)::int] END
         WHEN 'C' THEN CASE WHEN i.cat_id = 6 AND l.ur < 0.5 THEN 10
                            ELSE (ARRAY[6,6,6,6,7,7,7,8,8,8,8,9,9,9,9,9,11,6,8,9])[1 + floor(l.ur*20)::int] END
       END AS rsn_id,
       CASE WHEN st.line_stat = 'C' OR (st.line_stat = 'V' AND (l.void OR l.ur < 0.5))
            THEN d.mgr[1 + floor(pg_temp.rnd('ap'||l.k||'-'||l.line_no) * cardinality(d.mgr))::int] END AS appr_emp_id
FROM line_plan l
JOIN menu.item i ON i.item_id = l.item_id
JOIN menu.item_price p ON p.item_id = l.item_id AND l.biz_dt >= p.valid_from AND l.biz_dt <= COALESCE(p.valid_to, date '2099-12-31')
LEFT JOIN on_duty d ON d.site_id = l.site_id AND d.biz_dt = l.biz_dt
CROSS JOIN LATERAL (SELECT CASE WHEN i.cat_id IN (7,8,10,11) THEN (ARRAY[1,1,1,1,1,2,2,2,3,4])[1 + floor(l.uq*10)::int]
                                WHEN i.cat_id IN (1,5,6,12) THEN (ARRAY[1,1,1,1,1,1,2,2,2,3])[1 + floor(l.uq*10)::int]
                                ELSE (ARRAY[1,1,1,1,1,1,1,1,2,2])[1 + floor(l.uq*10)::int] END AS qty) q
CROSS JOIN LATERAL (SELECT CASE WHEN l.void THEN 'V' WHEN l.us < 0.013 THEN 'V' WHEN l.us < 0.027 THEN 'C' ELSE 'S' END AS line_stat) st;

-- check totals before discounts
CREATE TEMP TABLE chk_tot AS
SELECT chk_id,
       COALESCE(sum(ext_prc) FILTER (WHERE line_stat <> 'V'), 0) AS sub_amt,
       COALESCE(sum(ext_prc) FILTER (WHERE line_stat = 'C'), 0) AS comp_amt
FROM line_fin GROUP BY chk_id;
ALTER TABLE chk_tot ADD PRIMARY KEY (chk_id);

-- loyalty: points on paid member checks; a $10 reward is redeemed on the visit after each 300 points earned
CREATE TEMP TABLE mem_chk AS
SELECT c.chk_id, c.member_id, c.closed_at, floor(t.sub_amt - t.comp_amt)::int AS pts,
       COALESCE(sum(floor(t.sub_amt - t.comp_amt)::int) OVER w1, 0) AS cum_before,
       COALESCE(sum(floor(t.sub_amt - t.comp_amt)::int) OVER w2, 0) AS cum_before_prev,
       t.sub_amt - t.comp_amt AS net0
FROM chk_plan c JOIN chk_tot t ON t.chk_id = c.chk_id
WHERE c.member_id IS NOT NULL AND NOT c.void AND c.closed_at IS NOT NULL
WINDOW w1 AS (PARTITION BY c.member_id ORDER BY c.closed_at, c.chk_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
       w2 AS (PARTITION BY c.member_id ORDER BY c.closed_at, c.chk_id ROWS BETWEEN UNBOUNDED PRECEDING AND 2 PRECEDING);
ALTER TABLE mem_chk ADD COLUMN redeem boolean;
UPDATE mem_chk SET redeem = floor((cum_before + 50) / 300.0) > floor((cum_before_prev + 50) / 300.0) AND net0 > 20;

CREATE TEMP TABLE chk_disc AS
SELECT c.chk_id,
       CASE WHEN m.redeem THEN 10.00
            WHEN c.svc_cd = 'D' AND NOT c.void AND pg_temp.rnd('md'||c.k) < 0.008 THEN round((t.sub_amt - t.comp_amt) * 0.15, 2)
            ELSE 0 END AS disc_amt,
       CASE WHEN m.redeem THEN 20 WHEN c.svc_cd = 'D' AND NOT c.void AND pg_temp.rnd('md'||c.k) < 0.008 THEN 21 END AS disc_rsn_id
FROM chk_plan c JOIN chk_tot t ON t.chk_id = c.chk_id LEFT JOIN mem_chk m ON m.chk_id = c.chk_id;

INSERT INTO pos.reason (rsn_id, rsn_type, rsn_desc, needs_mgr) VALUES
 (1,'V','Wrong item rung in',false),
 (2,'V','Guest changed order',false),
 (3,'V','Item 86''d after ordering',false),
 (4,'V','Duplicate entry',false),
 (5,'V','Check opened in error',true),
 (6,'C','Food quality complaint',true),
 (7,'C','Long wait / service recovery',true),
 (8,'C','Kitchen error - refire',true),
 (9,'C','Manager hospitality (regulars, VIP)',true),
 (10,'C','Birthday / celebration dessert',true),
 (11,'C','Employee meal',true),
 (20,'D','Copper Club $10 reward',false),
 (21,'D','Manager discount 15%',true);

INSERT INTO pos.guest_check (chk_id, site_id, biz_dt, chk_no, svc_cd, tbl_no, covers, emp_id, member_id, opened_at, closed_at,
                             chk_stat, sub_amt, comp_amt, disc_amt, disc_rsn_id, tax_amt, gl_posted_at)
SELECT c.chk_id, c.site_id, c.biz_dt, c.chk_no, c.svc_cd, c.tbl_no, c.covers, c.emp_id, c.member_id, c.opened_at,
       CASE WHEN c.void THEN COALESCE(c.closed_at, c.opened_at + interval '4 minutes') ELSE c.closed_at END,
       CASE WHEN c.void THEN 'V' WHEN c.closed_at IS NULL THEN 'O' ELSE 'P' END,
       t.sub_amt, t.comp_amt, d.disc_amt, d.disc_rsn_id,
       round((t.sub_amt - t.comp_amt - d.disc_amt) * s.tax_rt, 2),
       CASE WHEN c.biz_dt < date '2024-09-01' AND c.closed_at IS NOT NULL THEN c.biz_dt + 1 + time '04:10' END
FROM chk_plan c
JOIN chk_tot t ON t.chk_id = c.chk_id
JOIN chk_disc d ON d.chk_id = c.chk_id
JOIN org.site s ON s.site_id = c.site_id
ORDER BY c.chk_id;
DO $$ BEGIN PERFORM setval('pos.guest_check_chk_id_seq', (SELECT max(chk_id) FROM pos.guest_check)); END $$;

INSERT INTO pos.check_line (chk_id, line_no, item_id, qty, unit_prc, ext_prc, line_stat, rsn_id, appr_emp_id)
SELECT chk_id, line_no, item_id, qty, unit_prc, ext_prc, line_stat, rsn_id, appr_emp_id
FROM line_fin ORDER BY chk_id, line_no;

-- tenders: paid checks only ----------------------------------------------
INSERT INTO pos.tender (chk_id, tnd_type, amt, tip_amt, card_brand, card_last4, auth_cd, paid_at)
SELECT g.chk_id, tt.t::pos.tender_type,
       CASE WHEN sp.n = 1 THEN due WHEN j = 1 THEN round(due / 2, 2) ELSE due - round(due / 2, 2) END,
       CASE WHEN tt.t IN ('cash','third_party','house_acct') THEN 0
            WHEN g.svc_cd = 'T' THEN CASE WHEN pg_temp.rnd('tt'||g.chk_id||'-'||j) < 0.55 THEN round(((g.sub_amt - g.comp_amt) * 0.12 * pg_temp.rnd('tp'||g.chk_id||'-'||j))::numeric / sp.n, 2) ELSE 0 END
            ELSE round(((g.sub_amt - g.comp_amt) * (0.15 + 0.09 * pg_temp.rnd('tp'||g.chk_id||'-'||j)))::numeric / sp.n, 2) END,
       CASE WHEN tt.t IN ('credit','debit') THEN (ARRAY['VI','VI','VI','VI','VI','MC','MC','MC','AX','AX','DS'])[1 + floor(pg_temp.rnd('cb'||g.chk_id||'-'||j)*11)::int] END,
       CASE WHEN tt.t IN ('credit','debit') THEN lpad(floor(pg_temp.rnd('l4'||g.chk_id||'-'||j)*10000)::int::text, 4, '0') END,
       CASE WHEN tt.t IN ('credit','debit','gift_card') THEN upper(substr(md5('au'||g.chk_id||'-'||j), 1, 6)) END,
       g.closed_at - make_interval(secs => 20 * (sp.n - j))
FROM (SELECT g.*, g.sub_amt - g.comp_amt - g.disc_amt + g.tax_amt AS due FROM pos.guest_check g WHERE g.chk_stat = 'P') g
CROSS JOIN LATERAL (SELECT CASE WHEN g.svc_cd = 'D' AND g.covers >= 2 AND pg_temp.rnd('sp'||g.chk_id) < 0.14 THEN 2 ELSE 1 END AS n) sp
CROSS JOIN LATERAL generate_series(1, sp.n) j
CROSS JOIN LATERAL (SELECT CASE WHEN g.svc_cd = 'X' THEN 'third_party'
                                ELSE CASE WHEN pg_temp.rnd('tn'||g.chk_id||'-'||j) < 0.66 THEN 'credit'
                                          WHEN pg_temp.rnd('tn'||g.chk_id||'-'||j) < 0.80 THEN 'debit'
                                          WHEN pg_temp.rnd('tn'||g.chk_id||'-'||j) < 0.95 THEN 'cash'
                                          WHEN pg_temp.rnd('tn'||g.chk_id||'-'||j) < 0.985 THEN 'gift_card'
                                          ELSE 'house_acct' END END AS t) tt
WHERE g.due > 0
ORDER BY g.chk_id, j;

-- loyalty ledger ----------------------------------------------------------
INSERT INTO guest.pts_txn (member_id, txn_at, txn_cd, pts, chk_id, note)
SELECT member_id, t, cd, pts, chk_id, note FROM (
  SELECT member_id, joined_on + time '12:00' + make_interval(mins => floor(pg_temp.rnd('bt'||member_id)*540)::int) AS t,
         'BON' AS cd, 50 AS pts, NULL::bigint AS chk_id, 'Welcome bonus' AS note
  FROM guest.member
  UNION ALL
  SELECT g.member_id, g.closed_at, 'ERN', floor(g.sub_amt - g.comp_amt)::int, g.chk_id, NULL
  FROM pos.guest_check g WHERE g.member_id IS NOT NULL AND g.chk_stat = 'P' AND floor(g.sub_amt - g.comp_amt) > 0
  UNION ALL
  SELECT g.member_id, g.closed_at - interval '1 minute', 'RDM', -100, g.chk_id, '$10 reward'
  FROM pos.guest_check g WHERE g.disc_rsn_id = 20
  UNION ALL
  SELECT m.member_id, GREATEST(m.joined_on, LEAST(m.joined_on + 20 + floor(pg_temp.rnd('aj'||m.member_id)*900)::int, date '2024-10-14')) + time '15:05',
         'ADJ', (ARRAY[25,50,50,100,-40,150])[1 + floor(pg_temp.rnd('av'||m.member_id)*6)::int], NULL,
         (ARRAY['Service recovery','Service recovery','Missed scan - manual credit','Goodwill','Duplicate earn reversed','Event credit'])[1 + floor(pg_temp.rnd('av'||m.member_id)*6)::int]
  FROM guest.member m WHERE pg_temp.rnd('aa'||m.member_id) < 0.03
) x
ORDER BY t, member_id, cd, chk_id;

UPDATE guest.member m SET tier_cd = CASE WHEN x.p12 >= 600 THEN 'G' WHEN x.p12 >= 250 THEN 'S' ELSE 'B' END
FROM (SELECT member_id, sum(pts) AS p12 FROM guest.pts_txn WHERE txn_cd = 'ERN' AND txn_at >= timestamp '2023-10-16'
      GROUP BY member_id) x
WHERE x.member_id = m.member_id;

-- reservations --------------------------------------------------------------
CREATE TEMP TABLE resv_plan AS
SELECT sd.site_id, sd.biz_dt, sd.future, sd.biz_dt - date '2024-10-15' AS ahead, n,
       'r' || sd.site_id || '-' || sd.biz_dt || '-' || n AS k
FROM site_day sd
CROSS JOIN LATERAL generate_series(1, GREATEST(2, round(sd.seats / 5.0 * sd.busy * (0.75 + 0.5 * pg_temp.rnd('nr'||sd.site_id||sd.biz_dt))
                                                 * CASE WHEN sd.future THEN GREATEST(0.08, 1 - (sd.biz_dt - date '2024-10-15') / 40.0) ELSE 1 END)::int)) n;

INSERT INTO guest.resv (site_id, resv_at, party_sz, guest_nm, phone, member_id, src_cd, booked_at, stat_cd, cxl_at, cxl_fee, tbl_no, confirmed_at, notes)
SELECT site_id, resv_at, party_sz, guest_nm, phone, member_id, src_cd, booked_at, stat_cd,
       CASE WHEN stat_cd = 'X' AND future THEN booked_at + (timestamp '2024-10-15 21:00' - booked_at) * pg_temp.rnd('cx'||k)
            WHEN stat_cd = 'X' THEN GREATEST(booked_at + (resv_at - interval '24 hours' - booked_at) * 0.1,
                                             resv_at - make_interval(days => 1 + floor(pg_temp.rnd('cx'||k)*9)::int, mins => floor(pg_temp.rnd('cm'||k)*600)::int))
            WHEN stat_cd = 'L' THEN GREATEST(booked_at + (resv_at - booked_at) * 0.5, resv_at - make_interval(mins => 30 + floor(pg_temp.rnd('cx'||k)*1300)::int)) END,
       CASE WHEN stat_cd IN ('N','L') AND party_sz >= 6 AND pg_temp.rnd('fw'||k) < 0.85 THEN 25.00 * party_sz END,
       CASE WHEN stat_cd = 'S' THEN tbl END,
       CASE WHEN stat_cd IN ('S','N') AND pg_temp.rnd('cf'||k) < 0.6 AND resv_at - interval '24 hours' > booked_at THEN resv_at - make_interval(mins => 1000 + floor(pg_temp.rnd('cq'||k)*400)::int)
            WHEN stat_cd = 'B' AND resv_at::date = date '2024-10-16' AND pg_temp.rnd('cf'||k) < 0.3
            THEN GREATEST(booked_at + interval '10 minutes', timestamp '2024-10-15 11:00' + make_interval(mins => floor(pg_temp.rnd('cq'||k)*500)::int)) END,
       notes
FROM (
  SELECT r.*, x.resv_at, x.party_sz, x.src_cd,
         CASE WHEN x.mem_id IS NOT NULL THEN m.first_nm || ' ' || m.last_nm ELSE nm.fn || ' ' || nm.ln END AS guest_nm,
         CASE WHEN x.mem_id IS NOT NULL THEN m.phone
              ELSE (CASE WHEN r.site_id <= 5 THEN '312' ELSE '414' END) || '-' || lpad((200 + floor(pg_temp.rnd('q3'||r.k)*799)::int)::text, 3, '0')
                   || '-' || lpad(floor(pg_temp.rnd('q4'||r.k)*10000)::int::text, 4, '0') END AS phone,
         x.mem_id AS member_id,
         CASE WHEN r.future THEN LEAST(x.resv_at - make_interval(hours => x.lead_h), timestamp '2024-10-15 21:00' - make_interval(mins => floor(pg_temp.rnd('bq'||r.k)*x.lead_h*60)::int))
              ELSE x.resv_at - make_interval(hours => x.lead_h) END AS booked_at,
         CASE WHEN r.future THEN CASE WHEN pg_temp.rnd('st'||r.k) < 0.05 THEN 'X' ELSE 'B' END
              ELSE CASE WHEN pg_temp.rnd('st'||r.k) < 0.81 THEN 'S' WHEN pg_temp.rnd('st'||r.k) < 0.865 THEN 'N'
                        WHEN pg_temp.rnd('st'||r.k) < 0.955 AND x.lead_h >= 26 THEN 'X' ELSE 'L' END END AS stat_cd,
         tp.t_all[1 + floor(pg_temp.rnd('rt'||r.k) * cardinality(tp.t_all))::int] AS tbl,
         CASE WHEN pg_temp.rnd('nt'||r.k) < 0.10 THEN (ARRAY['Anniversary','Birthday','High chair needed','Nut allergy','Window table please',
                                                             'Wheelchair access','Celiac - gluten free','Celebrating a promotion','Stroller','Booth if possible'])[1 + floor(pg_temp.rnd('nx'||r.k)*10)::int] END AS notes
  FROM resv_plan r
  JOIN member_by_day mb ON mb.dt = LEAST(r.biz_dt, date '2024-10-15')
  CROSS JOIN LATERAL (SELECT
       r.biz_dt + time '17:00' + make_interval(mins => 15 * floor(pg_temp.rnd('ra'||r.k) * 17)::int) AS resv_at,
       CASE WHEN pg_temp.rnd('ps'||r.k) < 0.04 THEN 1 WHEN pg_temp.rnd('ps'||r.k) < 0.50 THEN 2 WHEN pg_temp.rnd('ps'||r.k) < 0.61 THEN 3
            WHEN pg_temp.rnd('ps'||r.k) < 0.80 THEN 4 WHEN pg_temp.rnd('ps'||r.k) < 0.87 THEN 5 WHEN pg_temp.rnd('ps'||r.k) < 0.93 THEN 6
            WHEN pg_temp.rnd('ps'||r.k) < 0.965 THEN 8 ELSE 7 + floor(pg_temp.rnd('pz'||r.k)*6)::int END AS party_sz,
       CASE WHEN pg_temp.rnd('sr'||r.k) < 0.46 THEN 'OTB' WHEN pg_temp.rnd('sr'||r.k) < 0.72 THEN 'WEB' ELSE 'PHN' END AS src_cd0,
       1 + floor(-ln(1 - pg_temp.rnd('ld'||r.k)) * 150)::int AS lead_h,
       CASE WHEN pg_temp.rnd('rm'||r.k) < 0.2 THEN 1 + floor(pg_temp.rnd('rq'||r.k) ^ 1.5 * mb.max_id)::int END AS mem_id
  ) x0
  CROSS JOIN LATERAL (SELECT x0.*, CASE WHEN x0.party_sz >= 9 AND pg_temp.rnd('ev'||r.k) < 0.67 THEN 'EVT' ELSE x0.src_cd0 END AS src_cd) x
  LEFT JOIN guest.member m ON m.member_id = x.mem_id
  JOIN (SELECT site_id, array_agg(tbl_no ORDER BY tbl_no) AS t_all FROM org.dining_tbl WHERE area_cd IN ('M','P') GROUP BY site_id) tp
    ON tp.site_id = r.site_id
  CROSS JOIN LATERAL (SELECT
     (ARRAY['Emily','John','Sarah','Mike','Jessica','Chris','Laura','Matt','Ashley','Dan','Katie','Ben','Rachel','Josh',
            'Megan','Tom','Amy','Steve','Lisa','Nick','Anna','Alex','Jen','Kevin','Maria','Sam','Kim','Raj','Mei','Tony'])[1 + floor(pg_temp.rnd('gf'||r.k)*30)::int] AS fn,
     (ARRAY['Miller','Nelson','Carlson','Sorensen','Rossi','Murphy','Kowalczyk','Jablonski','Romero','Diaz','Tran','Park',
            'Goldberg','Fitzgerald','Brennan','Schneider','Wagner','Meyer','Richter','Hansen','Lund','Banks','Holmes','Grant',
            'Ellis','Harper','Gordon','Stewart','Mendoza','Castillo'])[1 + floor(pg_temp.rnd('gl'||r.k)*30)::int] AS ln) nm
) y
ORDER BY booked_at, site_id, k;

-- deliveries -----------------------------------------------------------------
CREATE TEMP TABLE sup_day AS
SELECT sd.site_id, sd.biz_dt, sd.dow, sd.seats, sup.sup_id, sup.per_wk
FROM site_day sd
JOIN (VALUES (1, ARRAY[2,5], 2), (2, ARRAY[2,4,6], 3), (3, ARRAY[2,4,6], 3), (4, ARRAY[2,4,6], 3), (11, ARRAY[2,4,6], 3),
             (5, ARRAY[3,6], 2), (6, ARRAY[2,4,6], 3), (7, ARRAY[3], 1), (8, ARRAY[4], 1), (9, ARRAY[3], 1), (10, ARRAY[5], 1))
     sup(sup_id, dows, per_wk) ON sd.dow = ANY(sup.dows)
WHERE NOT sd.future
  AND NOT (sup.sup_id = 4 AND sd.city = 'Milwaukee') AND NOT (sup.sup_id = 11 AND sd.city = 'Chicago');

CREATE TEMP TABLE dlv_line_plan AS
SELECT sd.site_id, sd.biz_dt, sd.sup_id, i.ingr_id,
       sd.site_id || '-' || sd.biz_dt || '-' || i.ingr_id AS k,
       i.uom, i.cost, i.ingr_cat,
       i.wk * sd.seats / 52.0 / sd.per_wk * (0.6 + 0.8 * pg_temp.rnd('dq'||sd.site_id||'-'||sd.biz_dt||'-'||i.ingr_id)) AS q,
       i.seas
FROM sup_day sd
JOIN ingr i ON (i.sup = sd.sup_id OR (sd.sup_id = 11 AND i.sup = 4) OR (sd.sup_id = 5 AND i.ingr_nm = 'Eggs, large'))
           AND (i.av_from IS NULL OR sd.biz_dt >= i.av_from) AND (i.av_to IS NULL OR sd.biz_dt <= i.av_to)
WHERE pg_temp.rnd('di'||sd.site_id||'-'||sd.biz_dt||'-'||i.ingr_id) < CASE WHEN i.ingr_cat IN ('BAK','SEA') THEN 0.85 WHEN i.ingr_cat = 'BER' THEN 0.7 ELSE 0.55 END;

ALTER TABLE dlv_line_plan ADD COLUMN qty_ord numeric(9,2), ADD COLUMN qty_recv numeric(9,2), ADD COLUMN unit_cost numeric(10,4), ADD COLUMN lstat char(1);
UPDATE dlv_line_plan SET
  qty_ord = CASE WHEN uom IN ('kg','l') THEN GREATEST(0.5, round(q::numeric * 2) / 2) ELSE GREATEST(1, round(q::numeric)) END,
  unit_cost = round((cost * (1 + 0.00011 * (biz_dt - date '2023-01-01'))
                     * (0.965 + 0.07 * pg_temp.rnd('uc'||k))
                     * CASE WHEN seas THEN 1 + 0.12 * cos(2 * pi() * (extract(doy FROM biz_dt) - 20) / 365.0) ELSE 1 END)::numeric, 2),
  lstat = CASE WHEN pg_temp.rnd('sx'||k) < 0.006 THEN 'R' WHEN pg_temp.rnd('sx'||k) < 0.028 THEN 'S' ELSE 'C' END;
UPDATE dlv_line_plan SET qty_recv = CASE lstat WHEN 'R' THEN 0
                                             WHEN 'S' THEN CASE WHEN uom IN ('kg','l') THEN round(qty_ord * (0.3 + 0.5 * pg_temp.rnd('sq'||k))::numeric, 1)
                                                                ELSE floor(qty_ord * (0.3 + 0.5 * pg_temp.rnd('sq'||k))::numeric) END
                                             ELSE qty_ord END;

INSERT INTO stock.delivery (site_id, sup_id, dlv_dt, sup_inv_no, recv_emp_id, recv_at, dlv_stat)
SELECT x.site_id, x.sup_id, x.biz_dt,
       (ARRAY['GLF','FMM','LSC','MFP','KDC','RBB','VSI','LBD','NSW','CWB','BSP'])[x.sup_id] || '-' || to_char(x.biz_dt, 'YYMMDD') || lpad(x.site_id::text, 2, '0')
         || floor(pg_temp.rnd('iv'||x.site_id||x.biz_dt||x.sup_id)*90 + 10)::int,
       d.recv[1 + floor(pg_temp.rnd('rv'||x.site_id||x.biz_dt||x.sup_id) * cardinality(d.recv))::int],
       x.biz_dt + time '08:30' + make_interval(mins => floor(pg_temp.rnd('rt'||x.site_id||x.biz_dt||x.sup_id) * 330)::int),
       x.st
FROM (SELECT site_id, sup_id, biz_dt,
             CASE WHEN bool_or(lstat = 'R') THEN 'R' WHEN bool_or(lstat = 'S') THEN 'S' ELSE 'C' END AS st
      FROM dlv_line_plan GROUP BY site_id, sup_id, biz_dt) x
LEFT JOIN on_duty d ON d.site_id = x.site_id AND d.biz_dt = x.biz_dt
ORDER BY x.biz_dt, x.site_id, x.sup_id;

INSERT INTO stock.delivery_line (dlv_id, line_no, ingr_id, qty_ord, qty_recv, unit_cost)
SELECT d.dlv_id, row_number() OVER (PARTITION BY d.dlv_id ORDER BY l.ingr_id), l.ingr_id, l.qty_ord, l.qty_recv, l.unit_cost
FROM dlv_line_plan l JOIN stock.delivery d ON d.site_id = l.site_id AND d.sup_id = l.sup_id AND d.dlv_dt = l.biz_dt
ORDER BY d.dlv_id, l.ingr_id;

-- month-end counts ---------------------------------------------------------------
INSERT INTO stock.stock_count (site_id, cnt_dt, ingr_id, qty, counted_by)
SELECT s.site_id, m.cnt_dt, i.ingr_id,
       CASE WHEN i.uom IN ('kg','l') THEN round((i.wk * s.seats / 52.0 * (0.25 + 0.5 * pg_temp.rnd('sc'||s.site_id||m.cnt_dt||i.ingr_id)))::numeric, 1)
            ELSE round((i.wk * s.seats / 52.0 * (0.25 + 0.5 * pg_temp.rnd('sc'||s.site_id||m.cnt_dt||i.ingr_id)))::numeric) END,
       (SELECT e.emp_id FROM people.employee e WHERE e.site_id = s.site_id AND e.role_cd IN ('MGR','CHF')
          AND e.hire_dt <= m.cnt_dt AND (e.term_dt IS NULL OR e.term_dt >= m.cnt_dt)
        ORDER BY md5(s.site_id || '-' || m.cnt_dt || '-' || e.emp_id) LIMIT 1)
FROM org.site s
CROSS JOIN (SELECT (d + interval '1 month - 1 day')::date AS cnt_dt FROM generate_series(date '2023-01-01', date '2024-09-01', interval '1 month') d) m
JOIN ingr i ON (i.av_from IS NULL OR m.cnt_dt >= i.av_from) AND (i.av_to IS NULL OR m.cnt_dt <= i.av_to + 7)
WHERE m.cnt_dt >= s.opened_on
ORDER BY m.cnt_dt, s.site_id, i.ingr_id;

-- waste log ------------------------------------------------------------------------
INSERT INTO stock.waste_log (site_id, logged_at, ingr_id, item_id, qty, rsn_cd, est_cost, emp_id)
SELECT site_id, logged_at, ingr_id, item_id, qty, rsn_cd, est_cost, emp_id FROM (
  SELECT w.site_id,
         w.biz_dt + time '15:00' + make_interval(mins => floor(pg_temp.rnd('wt'||w.k) * 510)::int) AS logged_at,
         CASE WHEN w.is_dish THEN NULL ELSE pi.ingr_id END AS ingr_id,
         CASE WHEN w.is_dish THEN mp.ids[1 + floor(pg_temp.rnd('wi'||w.k) * cardinality(mp.ids))::int] END AS item_id,
         w.is_dish, w.k, pi.uom, pi.cost, w.biz_dt,
         d.kit[1 + floor(pg_temp.rnd('we'||w.k) * cardinality(d.kit))::int] AS emp_id
  FROM (SELECT sd.site_id, sd.biz_dt, n, sd.site_id || '-' || sd.biz_dt || '-' || n AS k,
               pg_temp.rnd('wd'||sd.site_id||'-'||sd.biz_dt||'-'||n) < 0.3 AS is_dish
        FROM site_day sd CROSS JOIN LATERAL generate_series(1, floor(pg_temp.rnd('wn'||sd.site_id||sd.biz_dt) * 6)::int) n
        WHERE NOT sd.future) w
  JOIN menu_pool mp ON mp.chan = 'T' AND w.biz_dt >= mp.d_from AND w.biz_dt < mp.d_to
  LEFT JOIN on_duty d ON d.site_id = w.site_id AND d.biz_dt = w.biz_dt
  JOIN (SELECT w0.d_from, w0.d_to, array_agg(i.ingr_id ORDER BY i.ingr_id) AS ids
        FROM (SELECT DISTINCT d_from, d_to FROM menu_pool) w0
        JOIN ingr i ON i.ingr_cat IN ('PRO','SEA','PRD','DAI','BAK')
                   AND (i.av_from IS NULL OR i.av_from <= w0.d_from) AND (i.av_to IS NULL OR i.av_to >= w0.d_to - 1)
        GROUP BY w0.d_from, w0.d_to) wp ON w.biz_dt >= wp.d_from AND w.biz_dt < wp.d_to
  JOIN ingr pi ON pi.ingr_id = wp.ids[1 + floor(pg_temp.rnd('wp'||w.k) * cardinality(wp.ids))::int]
) z
CROSS JOIN LATERAL (SELECT
   CASE WHEN z.is_dish THEN (1 + floor(pg_temp.rnd('wq'||z.k) * 3))::numeric
        WHEN z.uom IN ('kg','l') THEN round((0.2 + pg_temp.rnd('wq'||z.k) * 2.3)::numeric, 2)
        ELSE (1 + floor(pg_temp.rnd('wq'||z.k) * 10))::numeric END AS qty,
   CASE WHEN z.is_dish THEN (ARRAY['BRN','BRN','BRN','BRN','RTN','RTN','RTN','DRP','DRP','OVP'])[1 + floor(pg_temp.rnd('wr'||z.k)*10)::int]
        ELSE (ARRAY['SPL','SPL','SPL','SPL','EXP','EXP','EXP','OVP','OVP','DRP'])[1 + floor(pg_temp.rnd('wr'||z.k)*10)::int] END AS rsn_cd
) q
CROSS JOIN LATERAL (SELECT CASE WHEN z.is_dish
        THEN round(q.qty * 0.31 * (SELECT p.price FROM menu.item_price p WHERE p.item_id = z.item_id AND z.biz_dt >= p.valid_from
                                                                           AND z.biz_dt <= COALESCE(p.valid_to, date '2099-12-31')), 2)
        ELSE round(q.qty * z.cost * (1 + 0.00011 * (z.biz_dt - date '2023-01-01')), 2) END AS est_cost) c
ORDER BY z.logged_at, z.site_id, z.k;

-- 86 board --------------------------------------------------------------------------
INSERT INTO menu.item_86 (site_id, item_id, out_at, back_at, emp_id, note)
SELECT DISTINCT ON (out_at::date, site_id, item_id) site_id, item_id, out_at,
       CASE WHEN back_at > timestamp '2024-10-15 21:30' THEN NULL ELSE back_at END,
       emp_id, note
FROM (
  SELECT e.site_id, e.item_id, e.out_at,
         CASE WHEN e.long_out THEN e.out_at + make_interval(days => 2 + floor(pg_temp.rnd('lb'||e.k)*8)::int)
              ELSE COALESCE(e.next_dt, date '2024-10-16') + time '15:40' + make_interval(mins => floor(pg_temp.rnd('bb'||e.k)*60)::int) END AS back_at,
         e.emp_id,
         CASE WHEN e.long_out THEN (ARRAY['Supplier out of stock','Supplier short - waiting on next truck','Quality issue with delivery'])[1 + floor(pg_temp.rnd('no'||e.k)*3)::int]
              ELSE (ARRAY['Ran out','Ran out','Ran out','Sold out - last portion gone','Prep ran short',NULL])[1 + floor(pg_temp.rnd('no'||e.k)*6)::int] END AS note
  FROM (
    SELECT sd.site_id, sd.biz_dt, n, sd.site_id || '-' || sd.biz_dt || '-' || n AS k,
           sd.next_dt,
           sd.biz_dt + time '18:20' + make_interval(mins => floor(pg_temp.rnd('ot'||sd.site_id||sd.biz_dt||n) * 185)::int) AS out_at,
           pg_temp.rnd('lo'||sd.site_id||sd.biz_dt||n) < 0.08 AS long_out,
           mp.ids[1 + floor(pg_temp.rnd('oi'||sd.site_id||sd.biz_dt||n) * cardinality(mp.ids))::int] AS item_id,
           d.kit[1 + floor(pg_temp.rnd('oe'||sd.site_id||sd.biz_dt||n) * cardinality(d.kit))::int] AS emp_id
    FROM (SELECT s.*, lead(s.biz_dt) OVER (PARTITION BY s.site_id ORDER BY s.biz_dt) AS next_dt FROM site_day s WHERE NOT s.future) sd
    CROSS JOIN LATERAL generate_series(1, CASE WHEN sd.biz_dt = date '2024-10-15' THEN 1 + floor(pg_temp.rnd('n8'||sd.site_id)*3)::int
                                               WHEN pg_temp.rnd('n8'||sd.site_id||sd.biz_dt) < 0.30 THEN 1
                                               WHEN pg_temp.rnd('n8'||sd.site_id||sd.biz_dt) < 0.38 THEN 2 ELSE 0 END) n
    JOIN menu_pool mp ON mp.chan = 'T' AND sd.biz_dt >= mp.d_from AND sd.biz_dt < mp.d_to
    LEFT JOIN on_duty d ON d.site_id = sd.site_id AND d.biz_dt = sd.biz_dt
  ) e
) f
ORDER BY out_at::date, site_id, item_id, out_at;

-- =====================================================================
--  Indexes, views
-- =====================================================================
CREATE INDEX idx_shift_emp_in        ON people.shift (emp_id, clock_in);
CREATE INDEX idx_shift_site_dt       ON people.shift (site_id, biz_dt);
CREATE INDEX idx_shift_open          ON people.shift (site_id) WHERE clock_out IS NULL;
CREATE INDEX idx_chk_site_bizdt      ON pos.guest_check (site_id, biz_dt);
CREATE INDEX idx_chk_member          ON pos.guest_check (member_id);
CREATE UNIQUE INDEX uq_check_line_chk_line ON pos.check_line (chk_id, line_no);
CREATE INDEX idx_tender_chk          ON pos.tender (chk_id);
CREATE UNIQUE INDEX uq_member_email  ON guest.member (lower(email));
CREATE INDEX idx_member_phone        ON guest.member (phone);
CREATE INDEX idx_pts_member          ON guest.pts_txn (member_id, txn_at);
CREATE INDEX idx_resv_site_at        ON guest.resv (site_id, resv_at);
CREATE INDEX idx_resv_phone          ON guest.resv (phone);
CREATE INDEX idx_resv_guest_nm       ON guest.resv (lower(guest_nm), resv_at);
CREATE INDEX idx_dlv_site_dt         ON stock.delivery (site_id, dlv_dt);
CREATE INDEX idx_dlvline_ingr        ON stock.delivery_line (ingr_id);
CREATE INDEX idx_waste_site_at       ON stock.waste_log (site_id, logged_at);

CREATE VIEW pos.v_daily_sales AS
SELECT g.site_id, s.site_nm, g.biz_dt,
       count(*) AS checks,
       sum(g.covers) AS covers,
       sum(g.sub_amt - g.comp_amt - g.disc_amt) AS net_sales,
       sum(g.comp_amt) AS comps,
       sum(g.tax_amt) AS tax
FROM pos.guest_check g JOIN org.site s ON s.site_id = g.site_id
WHERE g.chk_stat = 'P'
GROUP BY g.site_id, s.site_nm, g.biz_dt;
COMMENT ON VIEW pos.v_daily_sales IS 'Daily sales per restaurant from paid checks (net sales = items - comps - discounts, before tax; no tips)';

CREATE VIEW guest.v_member_balance AS
SELECT m.member_id, m.card_no, m.first_nm, m.last_nm, m.tier_cd,
       COALESCE(sum(t.pts), 0) AS pts_balance,
       max(t.txn_at) AS last_activity_at
FROM guest.member m LEFT JOIN guest.pts_txn t ON t.member_id = m.member_id
WHERE m.closed_at IS NULL
GROUP BY m.member_id, m.card_no, m.first_nm, m.last_nm, m.tier_cd;
COMMENT ON VIEW guest.v_member_balance IS 'Points balance of active (not closed) Copper Club members';

CREATE VIEW people.v_open_punches AS
SELECT sh.shift_id, sh.site_id, s.site_cd, sh.emp_id, e.first_nm, e.last_nm, sh.role_cd, sh.biz_dt, sh.clock_in
FROM people.shift sh
JOIN people.employee e ON e.emp_id = sh.emp_id
JOIN org.site s ON s.site_id = sh.site_id
WHERE sh.clock_out IS NULL;
COMMENT ON VIEW people.v_open_punches IS 'Punches with no clock-out: people on shift now, plus missed clock-outs from earlier days';

DROP FUNCTION pg_temp.rnd(text);
VACUUM;
ANALYZE;

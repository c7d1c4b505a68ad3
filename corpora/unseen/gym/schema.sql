-- =====================================================================
--  Northwall Fitness — club operations database ("NWF ops")
--  Irish gym chain, nine clubs. Money in EUR.
--  Data snapshot taken at 22:30 on Tuesday 15 October 2024.
-- =====================================================================
SET client_min_messages = warning;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

CREATE SCHEMA club;
CREATE SCHEMA mbr;
CREATE SCHEMA act;

COMMENT ON SCHEMA club IS 'Estate and people: clubs (sites), staff, gym equipment and maintenance tickets';
COMMENT ON SCHEMA mbr  IS 'Membership: members, plans and price history, contracts, freezes, direct-debit collections';
COMMENT ON SCHEMA act  IS 'Activity: class timetable and bookings, personal training sessions, door check-ins';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- club
-- ---------------------------------------------------------------------
CREATE TABLE club.site (
    site_id    smallint PRIMARY KEY,
    site_cd    char(3) NOT NULL UNIQUE,
    site_name  varchar(60) NOT NULL,
    city       varchar(40) NOT NULL,
    eircode    varchar(8) NOT NULL,
    opened_on  date NOT NULL,
    floor_m2   int NOT NULL,
    has_pool   boolean NOT NULL DEFAULT false,
    open_24h   boolean NOT NULL DEFAULT false,
    max_occ    smallint NOT NULL
);
COMMENT ON TABLE  club.site IS 'Our clubs (gyms). One row per physical site';
COMMENT ON COLUMN club.site.site_cd IS 'Short code used on reports, asset tags and the door system';
COMMENT ON COLUMN club.site.floor_m2 IS 'Usable floor area in square metres';
COMMENT ON COLUMN club.site.open_24h IS 'Gym floor open 24/7 (staffed 06:00-22:00 only)';
COMMENT ON COLUMN club.site.max_occ IS 'Maximum occupancy (people on the premises at once) under the fire certificate';

CREATE TABLE club.staff (
    staff_id     serial PRIMARY KEY,
    first_name   varchar(40) NOT NULL,
    last_name    varchar(40) NOT NULL,
    email        varchar(120) NOT NULL UNIQUE,
    role_cd      char(2) NOT NULL,
    site_id      smallint REFERENCES club.site,
    emp_basis    char(1) NOT NULL DEFAULT 'E',
    hired_on     date NOT NULL,
    left_on      date,
    hourly_rate  numeric(6,2),
    rent_pm      numeric(7,2),
    pt_rate      numeric(6,2)
);
COMMENT ON TABLE  club.staff IS 'Everybody who works (or worked) in our clubs or head office, including self-employed personal trainers';
COMMENT ON COLUMN club.staff.role_cd IS 'GM = general manager, AM = assistant manager, SA = sales advisor (membership sales), FR = front of house / reception, IN = group exercise instructor, PT = personal trainer, MT = maintenance technician, HO = head office';
COMMENT ON COLUMN club.staff.site_id IS 'Club the person is based at; NULL = head office';
COMMENT ON COLUMN club.staff.emp_basis IS 'E = employee on payroll, C = self-employed contractor (personal trainers who rent floor space from us)';
COMMENT ON COLUMN club.staff.left_on IS 'Last working day; NULL = still working for us';
COMMENT ON COLUMN club.staff.hourly_rate IS 'Hourly pay in EUR for hourly-paid employees; NULL for salaried managers, head office and contractors';
COMMENT ON COLUMN club.staff.rent_pm IS 'Monthly floor rent in EUR paid to us by a self-employed trainer (emp_basis C only)';
COMMENT ON COLUMN club.staff.pt_rate IS 'Standard price in EUR the trainer charges a member for a one-hour PT session (PT role only)';

CREATE TABLE club.equipment (
    equip_id      serial PRIMARY KEY,
    site_id       smallint NOT NULL REFERENCES club.site,
    asset_tag     varchar(16) NOT NULL UNIQUE,
    cat_cd        char(2) NOT NULL,
    equip_type    varchar(40) NOT NULL,
    make          varchar(30) NOT NULL,
    serial_no     varchar(20),
    installed_on  date NOT NULL,
    purchase_cost numeric(9,2) NOT NULL,
    warranty_end  date,
    status_cd     char(1) NOT NULL DEFAULT 'S',
    retired_on    date
);
COMMENT ON TABLE  club.equipment IS 'Gym equipment asset register';
COMMENT ON COLUMN club.equipment.cat_cd IS 'CV = cardio, SM = selectorised (pin-loaded) strength machine, FW = free weights and racks, FN = functional training kit, AQ = pool / aqua equipment';
COMMENT ON COLUMN club.equipment.status_cd IS 'S = in service, O = out of order (waiting for repair), R = retired / disposed';
COMMENT ON COLUMN club.equipment.purchase_cost IS 'Purchase price in EUR excluding VAT';

CREATE TABLE club.maint_ticket (
    ticket_id    serial PRIMARY KEY,
    equip_id     int NOT NULL REFERENCES club.equipment,
    opened_at    timestamp NOT NULL,
    reported_by  int REFERENCES club.staff,
    prio         smallint NOT NULL,
    fault_desc   varchar(120) NOT NULL,
    assigned_to  int REFERENCES club.staff,
    closed_at    timestamp,
    res_cd       char(3),
    cost_eur     numeric(8,2)
);
COMMENT ON TABLE  club.maint_ticket IS 'Equipment fault / maintenance tickets raised by club staff';
COMMENT ON COLUMN club.maint_ticket.prio IS 'Priority: 1 = safety critical (fix same day), 2 = high, 3 = normal, 4 = low / cosmetic';
COMMENT ON COLUMN club.maint_ticket.closed_at IS 'When the ticket was closed; NULL = still open';
COMMENT ON COLUMN club.maint_ticket.res_cd IS 'How it was resolved: FIX = fixed in house, PRT = parts replaced, ENG = manufacturer engineer call-out, NFF = no fault found, SCR = scrapped (beyond economic repair); NULL while open';
COMMENT ON COLUMN club.maint_ticket.cost_eur IS 'Parts and call-out cost in EUR excluding VAT (our technicians'' time is not costed); NULL while open';

-- ---------------------------------------------------------------------
-- mbr
-- ---------------------------------------------------------------------
CREATE TABLE mbr.plan (
    plan_id        smallint PRIMARY KEY,
    plan_cd        varchar(6) NOT NULL UNIQUE,
    plan_name      varchar(40) NOT NULL,
    min_term_mths  smallint NOT NULL,
    all_sites      boolean NOT NULL,
    incl_classes   boolean NOT NULL,
    offpeak_only   boolean NOT NULL DEFAULT false,
    pt_incl_pm     smallint NOT NULL DEFAULT 0,
    joining_fee    numeric(6,2) NOT NULL DEFAULT 0,
    on_sale        boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  mbr.plan IS 'Membership plans (products). Prices are in mbr.plan_price';
COMMENT ON COLUMN mbr.plan.min_term_mths IS 'Minimum contract term in months before the member may cancel';
COMMENT ON COLUMN mbr.plan.all_sites IS 'true = access to every club; false = home club only';
COMMENT ON COLUMN mbr.plan.incl_classes IS 'true = member may book group exercise classes';
COMMENT ON COLUMN mbr.plan.offpeak_only IS 'Entry only Mon-Fri 09:00-16:00 and at weekends';
COMMENT ON COLUMN mbr.plan.pt_incl_pm IS 'Personal training sessions included free per month';
COMMENT ON COLUMN mbr.plan.on_sale IS 'false = legacy plan, no longer sold to new members (existing members keep it)';

CREATE TABLE mbr.plan_price (
    plan_id      smallint NOT NULL REFERENCES mbr.plan,
    valid_from   date NOT NULL,
    valid_to     date,
    monthly_fee  numeric(6,2) NOT NULL,
    PRIMARY KEY (plan_id, valid_from)
);
COMMENT ON TABLE  mbr.plan_price IS 'Price history of each plan. The fee charged on a collection date is the row whose validity covers that date';
COMMENT ON COLUMN mbr.plan_price.valid_from IS 'First day this price applies';
COMMENT ON COLUMN mbr.plan_price.valid_to IS 'Last day this price applies (inclusive); NULL = current price';
COMMENT ON COLUMN mbr.plan_price.monthly_fee IS 'List monthly fee in EUR incl. VAT, before any contract discount';

CREATE TABLE mbr.member (
    member_id     serial PRIMARY KEY,
    member_no     varchar(8) NOT NULL UNIQUE,
    first_nm      varchar(40) NOT NULL,
    last_nm       varchar(40) NOT NULL,
    email         varchar(120) NOT NULL,
    mobile_no     varchar(15),
    dob           date NOT NULL,
    gender        char(1) NOT NULL,
    home_site_id  smallint NOT NULL REFERENCES club.site,
    joined_on     date NOT NULL,
    referred_by   int,
    mkt_opt_in    boolean NOT NULL DEFAULT false,
    "MandateRef"  varchar(20)
);
COMMENT ON TABLE  mbr.member IS 'Everybody who has ever held a membership (people; their memberships are in mbr.contract)';
COMMENT ON COLUMN mbr.member.dob IS 'Date of birth';
COMMENT ON COLUMN mbr.member.gender IS 'F = female, M = male, U = not stated';
COMMENT ON COLUMN mbr.member.home_site_id IS 'Home club of the member''s latest contract';
COMMENT ON COLUMN mbr.member.joined_on IS 'Date the member first signed up with us';
COMMENT ON COLUMN mbr.member.referred_by IS 'member_id of the existing member who referred this one (refer-a-friend scheme). Not enforced by a foreign key: referrals are keyed in by reception';
COMMENT ON COLUMN mbr.member.mkt_opt_in IS 'Consented to marketing emails/SMS';
COMMENT ON COLUMN mbr.member."MandateRef" IS 'SEPA direct-debit mandate reference (UMR) quoted by the bank on collections and returns';

CREATE TABLE mbr.contract (
    contract_id    serial PRIMARY KEY,
    member_id      int NOT NULL REFERENCES mbr.member,
    plan_id        smallint NOT NULL REFERENCES mbr.plan,
    site_id        smallint NOT NULL REFERENCES club.site,
    start_dt       date NOT NULL,
    min_term_end   date NOT NULL,
    end_dt         date,
    status_cd      char(1) NOT NULL,
    cancel_req_dt  date,
    cancel_rsn     char(4),
    disc_pct       numeric(4,1) NOT NULL DEFAULT 0,
    promo_cd       varchar(8),
    corp_employer  varchar(60),
    dd_day         smallint NOT NULL,
    channel        char(1) NOT NULL,
    sold_by        int REFERENCES club.staff
);
COMMENT ON TABLE  mbr.contract IS 'Membership contracts. A member who leaves and later rejoins gets a new contract';
COMMENT ON COLUMN mbr.contract.site_id IS 'Home club of this contract';
COMMENT ON COLUMN mbr.contract.min_term_end IS 'Last day of the minimum term; the member cannot cancel to an end date before this';
COMMENT ON COLUMN mbr.contract.end_dt IS 'Last day of membership (inclusive). NULL = open-ended. Set in the future while a member is serving their notice';
COMMENT ON COLUMN mbr.contract.status_cd IS 'A = active (includes members serving notice), F = frozen today (see mbr.contract_freeze), C = cancelled by the member (ended), T = terminated by the club for non-payment, P = pending (signed up, starts in the future)';
COMMENT ON COLUMN mbr.contract.cancel_req_dt IS 'Date the member gave notice to cancel (one month notice)';
COMMENT ON COLUMN mbr.contract.cancel_rsn IS 'Reason given when cancelling: MOVE = moving away, COST = too expensive, UNUS = not using it, HLTH = health or injury, COMP = joining a competitor, OTHR = other / not given';
COMMENT ON COLUMN mbr.contract.disc_pct IS 'Discount in percent off the plan list price, for the whole contract';
COMMENT ON COLUMN mbr.contract.promo_cd IS 'Promotion used at sign-up: NY24 = New Year 2024 (20 % off), BF23 = Black Friday 2023 (15 % off), STAFF = staff family (50 % off)';
COMMENT ON COLUMN mbr.contract.corp_employer IS 'Employer for Corporate plan contracts (discount agreed with the employer)';
COMMENT ON COLUMN mbr.contract.dd_day IS 'Day of the month the monthly direct debit is collected: 1 or 15';
COMMENT ON COLUMN mbr.contract.channel IS 'O = signed up online, C = signed up in the club with a sales advisor (sold_by)';

CREATE TABLE mbr.contract_freeze (
    freeze_id    serial PRIMARY KEY,
    contract_id  int NOT NULL REFERENCES mbr.contract,
    frz_from     date NOT NULL,
    frz_to       date NOT NULL,
    frz_rsn      char(1) NOT NULL,
    fee_pm       numeric(5,2) NOT NULL DEFAULT 0,
    CHECK (frz_to >= frz_from)
);
COMMENT ON TABLE  mbr.contract_freeze IS 'Membership freezes (holds). While frozen the member cannot use the club and pays the freeze fee instead of the monthly fee';
COMMENT ON COLUMN mbr.contract_freeze.frz_to IS 'Last frozen day (inclusive)';
COMMENT ON COLUMN mbr.contract_freeze.frz_rsn IS 'M = medical / injury (certificate needed), T = travel, P = pregnancy / maternity, O = other';
COMMENT ON COLUMN mbr.contract_freeze.fee_pm IS 'Freeze fee per month in EUR (0 for medical and maternity freezes)';

CREATE TYPE mbr.dd_status AS ENUM ('pending', 'collected', 'failed', 'refunded');

CREATE TABLE mbr.dd_payment (
    payment_id   bigserial PRIMARY KEY,
    contract_id  int NOT NULL REFERENCES mbr.contract,
    coll_dt      date NOT NULL,
    pay_type     char(2) NOT NULL,
    amount       numeric(8,2) NOT NULL,
    status       mbr.dd_status NOT NULL DEFAULT 'pending',
    fail_cd      char(4),
    retry_of     bigint REFERENCES mbr.dd_payment,
    recon_at     timestamp
);
COMMENT ON TABLE  mbr.dd_payment IS 'SEPA direct-debit collections, one row per collection attempt. Only kept since 1 January 2023 (older ones are archived in the finance system)';
COMMENT ON COLUMN mbr.dd_payment.coll_dt IS 'Collection date the debit was presented to the member''s bank';
COMMENT ON COLUMN mbr.dd_payment.pay_type IS 'MF = monthly membership fee, JF = joining fee, FZ = freeze fee';
COMMENT ON COLUMN mbr.dd_payment.status IS 'pending = submitted, waiting for the bank; collected = money received; failed = returned unpaid by the bank (see fail_cd); refunded = collected, then refunded to the member';
COMMENT ON COLUMN mbr.dd_payment.fail_cd IS 'SEPA return reason: AM04 = insufficient funds, AC04 = account closed, AC06 = account blocked, MD01 = no valid mandate, MS02 = refused by the member at their bank, MS03 = reason not given by the bank; MD06 = refund requested by the member (refunded rows)';
COMMENT ON COLUMN mbr.dd_payment.retry_of IS 'For a re-presentation: the failed collection it retries (we re-present AM04 and MS03 returns once, 7 days later)';
COMMENT ON COLUMN mbr.dd_payment.recon_at IS 'When the bank reconciliation job last matched this row';

-- ---------------------------------------------------------------------
-- act
-- ---------------------------------------------------------------------
CREATE TABLE act.class_type (
    class_type_id smallint PRIMARY KEY,
    class_cd      char(4) NOT NULL UNIQUE,
    class_name    varchar(40) NOT NULL,
    dur_min       smallint NOT NULL,
    intensity     smallint NOT NULL,
    pool_only     boolean NOT NULL DEFAULT false,
    default_cap   smallint NOT NULL
);
COMMENT ON COLUMN act.class_type.intensity IS '1 = low, 2 = moderate, 3 = high';
COMMENT ON COLUMN act.class_type.default_cap IS 'Usual number of places (bikes, mats) per class';

CREATE TABLE act.class_session (
    session_id     serial PRIMARY KEY,
    site_id        smallint NOT NULL REFERENCES club.site,
    class_type_id  smallint NOT NULL REFERENCES act.class_type,
    instructor_id  int NOT NULL REFERENCES club.staff,
    starts_at      timestamp NOT NULL,
    studio         varchar(20) NOT NULL,
    cap            smallint NOT NULL,
    cancelled      boolean NOT NULL DEFAULT false,
    cancel_note    varchar(60)
);
COMMENT ON TABLE  act.class_session IS 'Class timetable: one row per scheduled class. The online booking system went live on 4 September 2023, so there are no classes before that; the timetable is published 12 days ahead';
COMMENT ON COLUMN act.class_session.cap IS 'Places available (bookings beyond this go on the waiting list)';
COMMENT ON COLUMN act.class_session.cancelled IS 'Class cancelled by the club (e.g. instructor unwell)';

CREATE TABLE act.booking (
    booking_id    serial PRIMARY KEY,
    session_id    int NOT NULL REFERENCES act.class_session,
    member_id     int NOT NULL REFERENCES mbr.member,
    booked_at     timestamp NOT NULL,
    bk_status     char(1) NOT NULL,
    cancelled_at  timestamp
);
COMMENT ON TABLE  act.booking IS 'Class bookings made in the app or at reception';
COMMENT ON COLUMN act.booking.bk_status IS 'B = booked (class still to come), A = attended, N = no-show (booked but did not turn up), C = cancelled by the member, W = on the waiting list and never got a place, X = class cancelled by the club';

CREATE TABLE act.pt_session (
    pt_session_id  serial PRIMARY KEY,
    trainer_id     int NOT NULL REFERENCES club.staff,
    member_id      int NOT NULL REFERENCES mbr.member,
    site_id        smallint NOT NULL REFERENCES club.site,
    starts_at      timestamp NOT NULL,
    dur_min        smallint NOT NULL DEFAULT 60,
    price          numeric(6,2) NOT NULL,
    incl_in_plan   boolean NOT NULL DEFAULT false,
    pt_status      char(1) NOT NULL
);
COMMENT ON TABLE  act.pt_session IS 'Personal training sessions booked through the club system (kept since January 2023)';
COMMENT ON COLUMN act.pt_session.price IS 'Price in EUR charged to the member (0 when included in the plan). For self-employed trainers the money goes to the trainer';
COMMENT ON COLUMN act.pt_session.incl_in_plan IS 'Free session included in the member''s plan (Premium: one per month)';
COMMENT ON COLUMN act.pt_session.pt_status IS 'S = scheduled (still to come), C = completed, N = no-show (charged), L = late cancellation under 24 h (charged), X = cancelled in time (not charged)';

CREATE TABLE act.checkin (
    checkin_id  bigserial PRIMARY KEY,
    member_id   int NOT NULL REFERENCES mbr.member,
    site_id     smallint NOT NULL REFERENCES club.site,
    scanned_at  timestamp NOT NULL,
    method      char(1) NOT NULL,
    granted     boolean NOT NULL DEFAULT true,
    deny_cd     char(3)
);
COMMENT ON TABLE  act.checkin IS 'Door access scans from the turnstiles. The new access system went live on 1 June 2024; earlier visits were not migrated';
COMMENT ON COLUMN act.checkin.method IS 'C = key card / fob, Q = QR code in the app, M = let in manually by reception';
COMMENT ON COLUMN act.checkin.granted IS 'false = entry refused (see deny_cd); a refused scan is not a visit';
COMMENT ON COLUMN act.checkin.deny_cd IS 'Why entry was refused: OFP = off-peak member outside off-peak hours, FRZ = membership frozen, EXP = membership ended';

-- =====================================================================
--  Data
-- =====================================================================
INSERT INTO club.site VALUES
 (1,'DCC','Dublin City Centre','Dublin','D02 X285','2015-05-04',2400,true, true, 350),
 (2,'RTH','Rathmines',         'Dublin','D06 F2N8','2016-09-12',1500,false,false,220),
 (3,'SDF','Sandyford',         'Dublin','D18 K7W3','2017-03-06',2100,true, true, 300),
 (4,'SWD','Swords',            'Dublin','K67 P6C4','2018-11-19',1600,false,true, 230),
 (5,'CRK','Cork City',         'Cork',  'T12 H3E9','2019-02-11',2200,true, false,320),
 (6,'GWY','Galway',            'Galway','H91 R2C7','2020-01-13',1700,false,false,250),
 (7,'BLC','Ballincollig',      'Cork',  'P31 YX04','2021-08-30',1300,false,false,180),
 (8,'LMK','Limerick',          'Limerick','V94 T9P2','2022-06-07',1800,true,false,260),
 (9,'KKY','Kilkenny',          'Kilkenny','R95 D1F6','2024-03-02',1200,false,false,170);

-- staff: each club has a fixed set of positions; each position has a chain of holders over time
CREATE TEMP TABLE slot AS
SELECT s.site_id, s.opened_on, r.role_cd, n, r.mean_yrs, r.ord
FROM club.site s
CROSS JOIN (VALUES ('GM',1,7.0,1),('AM',1,4.0,2),('SA',2,2.2,3),('FR',4,1.8,4),('IN',3,3.5,5),('PT',4,3.0,6),('MT',1,6.0,7))
     r(role_cd, cnt, mean_yrs, ord)
CROSS JOIN LATERAL generate_series(1, r.cnt + CASE WHEN r.role_cd = 'PT' AND s.floor_m2 >= 2000 THEN 2 ELSE 0 END) n;

CREATE TEMP TABLE holder AS
WITH RECURSIVE h AS (
  SELECT site_id, role_cd, n, mean_yrs, ord, 1 AS k, (opened_on - 30) AS from_d,
         (opened_on - 30 + 150 + floor(-ln(1 - pg_temp.rnd('tn'||site_id||role_cd||n||'-1')) * mean_yrs * 365)::int) AS to_d
  FROM slot
  UNION ALL
  SELECT site_id, role_cd, n, mean_yrs, ord, k + 1, to_d + 1,
         to_d + 1 + 150 + floor(-ln(1 - pg_temp.rnd('tn'||site_id||role_cd||n||'-'||(k+1))) * mean_yrs * 365)::int
  FROM h WHERE to_d < date '2024-10-15'
)
SELECT h.*, row_number() OVER (ORDER BY from_d, site_id, ord, n, k) + 6 AS staff_id FROM h;

CREATE TEMP TABLE fname(i, nm) AS
SELECT ordinality::int - 1, nm FROM unnest(ARRAY['Aoife','Ciarán','Siobhán','Darragh','Niamh','Eoin','Sinéad','Cian','Róisín','Oisín',
  'Gráinne','Seán','Orla','Conor','Clodagh','Fionn','Aisling','Cathal','Méabh','Ronan','Caoimhe','Dara','Laura','Kevin',
  'Emma','Mark','Rachel','Declan','Sarah','Brian','Chloe','Shane','Katie','Paul','Ciara','Liam','Joanne','Barry','Zofia','Tomasz']) WITH ORDINALITY u(nm);
CREATE TEMP TABLE lname(i, nm) AS
SELECT ordinality::int - 1, nm FROM unnest(ARRAY['Murphy','Kelly','O''Sullivan','Walsh','Smith','O''Brien','Byrne','Ryan','O''Connor','O''Neill',
  'O''Reilly','Doyle','McCarthy','Gallagher','Doherty','Kennedy','Lynch','Murray','Quinn','Moore','McLoughlin','Carroll','Connolly',
  'Daly','Connell','Wilson','Dunne','Brennan','Burke','Collins','Campbell','Clarke','Johnston','Hughes','Farrell','Fitzgerald',
  'Brown','Martin','Maguire','Nolan','Flynn','Kowalski','Nowak']) WITH ORDINALITY u(nm);

INSERT INTO club.staff (staff_id, first_name, last_name, email, role_cd, site_id, emp_basis, hired_on, left_on, hourly_rate, rent_pm, pt_rate)
SELECT x.staff_id, f.nm, l.nm,
       lower(translate(f.nm, 'áéíóúÁÉÍÓÚ''', 'aeiouAEIOU')) || '.' || lower(translate(l.nm, 'áéíóúÁÉÍÓÚ'' ', 'aeiouAEIOU')) || '@northwallfitness.ie',
       x.role_cd, x.site_id, x.emp_basis, x.hired_on, x.left_on,
       CASE WHEN x.emp_basis = 'E' THEN
            CASE x.role_cd WHEN 'FR' THEN 13.50 + floor(pg_temp.rnd('hr'||x.staff_id)*5) * 0.50
                           WHEN 'SA' THEN 14.00 + floor(pg_temp.rnd('hr'||x.staff_id)*5) * 0.50
                           WHEN 'IN' THEN 22.00 + floor(pg_temp.rnd('hr'||x.staff_id)*9)
                           WHEN 'PT' THEN 17.00 + floor(pg_temp.rnd('hr'||x.staff_id)*7) * 0.50
                           WHEN 'MT' THEN 18.00 + floor(pg_temp.rnd('hr'||x.staff_id)*9) * 0.50 END END,
       CASE WHEN x.emp_basis = 'C' THEN 450 + floor(pg_temp.rnd('rt'||x.staff_id)*7) * 50 END,
       CASE WHEN x.role_cd = 'PT' THEN (ARRAY[40,45,45,50,50,55,60])[1 + floor(pg_temp.rnd('pr'||x.staff_id)*7)::int] END
FROM (
  SELECT staff_id, role_cd, site_id::smallint AS site_id,
         CASE WHEN role_cd = 'PT' AND pg_temp.rnd('eb'||staff_id) < 0.5 THEN 'C' ELSE 'E' END AS emp_basis,
         from_d AS hired_on, CASE WHEN to_d < date '2024-10-15' THEN to_d END AS left_on
  FROM holder
  UNION ALL
  SELECT i, 'HO', NULL, 'E', h::date, NULL
  FROM (VALUES (1,'2014-11-03'),(2,'2015-01-12'),(3,'2016-06-20'),(4,'2018-02-05'),(5,'2019-09-02'),(6,'2021-04-12')) v(i,h)
) x
JOIN fname f ON f.i = x.staff_id % 40
JOIN lname l ON l.i = (x.staff_id * 17) % 43
ORDER BY x.staff_id;
DO $$ BEGIN PERFORM setval('club.staff_staff_id_seq', (SELECT max(staff_id) FROM club.staff)); END $$;

-- equipment -----------------------------------------------------------
CREATE TEMP TABLE eq_type(cat_cd, equip_type, w, makes, cost_lo, cost_hi) AS VALUES
 ('CV','Treadmill',          10, ARRAY['Technogym','Life Fitness','Matrix'], 6500, 11000),
 ('CV','Upright bike',        5, ARRAY['Technogym','Life Fitness','Matrix'], 2200, 3800),
 ('CV','Recumbent bike',      3, ARRAY['Technogym','Life Fitness'],          2400, 4000),
 ('CV','Cross-trainer',       6, ARRAY['Technogym','Precor','Matrix'],       4200, 7000),
 ('CV','Rower',               4, ARRAY['Concept2'],                           1100, 1300),
 ('CV','Stair climber',       2, ARRAY['Matrix','StairMaster'],               5500, 8500),
 ('CV','Ski erg',             1, ARRAY['Concept2'],                           1000, 1200),
 ('SM','Chest press',         2, ARRAY['Technogym','Life Fitness','Hammer Strength'], 3500, 6000),
 ('SM','Leg press',           2, ARRAY['Technogym','Hammer Strength'],        4500, 8000),
 ('SM','Lat pulldown',        2, ARRAY['Technogym','Life Fitness','Matrix'], 3200, 5500),
 ('SM','Seated row',          2, ARRAY['Technogym','Life Fitness','Matrix'], 3200, 5500),
 ('SM','Leg extension',       2, ARRAY['Technogym','Matrix'],                 3000, 5000),
 ('SM','Leg curl',            2, ARRAY['Technogym','Matrix'],                 3000, 5000),
 ('SM','Shoulder press',      1, ARRAY['Technogym','Life Fitness'],          3200, 5200),
 ('SM','Cable crossover',     2, ARRAY['Matrix','Life Fitness'],              5000, 9000),
 ('FW','Power rack',          3, ARRAY['Eleiko','Hammer Strength','Jordan'], 1800, 4500),
 ('FW','Smith machine',       1, ARRAY['Life Fitness','Matrix'],              2800, 4800),
 ('FW','Adjustable bench',    4, ARRAY['Jordan','Eleiko'],                     350,  900),
 ('FW','Dumbbell set',        2, ARRAY['Jordan','Eleiko'],                    2500, 6000),
 ('FN','Functional rig',      1, ARRAY['Escape','Jordan'],                    6000, 14000),
 ('FN','Sled',                2, ARRAY['Escape','Jordan'],                     400,  900),
 ('FN','Plyo box set',        2, ARRAY['Escape','Jordan'],                     250,  600),
 ('AQ','Pool hoist',          1, ARRAY['Oxford'],                             3500, 5500),
 ('AQ','Aqua bike',           3, ARRAY['Waterflex'],                          1400, 2200);

CREATE TEMP TABLE eq_tmp AS
SELECT row_number() OVER (ORDER BY s.site_id, j) AS equip_id, s.site_id, s.site_cd, s.opened_on, s.has_pool, j,
       t.cat_cd, t.equip_type, t.makes, t.cost_lo, t.cost_hi
FROM club.site s
CROSS JOIN LATERAL generate_series(1, s.floor_m2 / 20) j
CROSS JOIN LATERAL (
   SELECT et.* FROM eq_type et
   WHERE et.cat_cd <> 'AQ' OR s.has_pool
   ORDER BY -ln(1 - pg_temp.rnd('et'||s.site_id||'-'||j||'-'||et.equip_type)) / et.w
   LIMIT 1) t;

INSERT INTO club.equipment (equip_id, site_id, asset_tag, cat_cd, equip_type, make, serial_no, installed_on,
                            purchase_cost, warranty_end, status_cd, retired_on)
SELECT e.equip_id, e.site_id,
       e.site_cd || '-' || e.cat_cd || '-' || lpad(e.j::text, 4, '0'),
       e.cat_cd, e.equip_type,
       e.makes[1 + floor(pg_temp.rnd('mk'||e.equip_id) * array_length(e.makes, 1))::int],
       CASE WHEN pg_temp.rnd('sn'||e.equip_id) < 0.93
            THEN upper(substr(md5('sn'||e.equip_id), 1, 3)) || lpad((floor(pg_temp.rnd('sx'||e.equip_id)*9999999))::text, 7, '0') END,
       ins.d,
       round((e.cost_lo + pg_temp.rnd('co'||e.equip_id) * (e.cost_hi - e.cost_lo))::numeric, -1),
       ins.d + CASE WHEN e.cat_cd = 'CV' THEN 1095 ELSE 730 END,
       'S', NULL
FROM eq_tmp e
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('rp'||e.equip_id) < 0.35
                                THEN e.opened_on + floor(pg_temp.rnd('rd'||e.equip_id) * (date '2024-10-01' - e.opened_on))::int
                                ELSE e.opened_on - 10 END AS d) ins
ORDER BY e.equip_id;
DO $$ BEGIN PERFORM setval('club.equipment_equip_id_seq', (SELECT max(equip_id) FROM club.equipment)); END $$;

-- maintenance tickets: monthly fault chance by category, since January 2022
CREATE TEMP TABLE tk_tmp AS
SELECT e.equip_id, e.site_id, e.cat_cd,
       (g + floor(pg_temp.rnd('tt'||e.equip_id||g) * 28 * 24 * 60) * interval '1 minute'
          + interval '6 hours')::timestamp AS opened_at,
       pg_temp.rnd('tp'||e.equip_id||g) AS u_prio,
       pg_temp.rnd('tr'||e.equip_id||g) AS u_res,
       pg_temp.rnd('td'||e.equip_id||g) AS u_dur,
       pg_temp.rnd('tf'||e.equip_id||g) AS u_desc,
       pg_temp.rnd('ts'||e.equip_id||g) AS u_staff
FROM club.equipment e
CROSS JOIN LATERAL generate_series(greatest(date_trunc('month', e.installed_on::timestamp) + interval '1 month', timestamp '2022-01-01'),
                                   timestamp '2024-10-01', interval '1 month') g
WHERE pg_temp.rnd('tk'||e.equip_id||g) < CASE e.cat_cd WHEN 'CV' THEN 0.20 WHEN 'SM' THEN 0.06 WHEN 'FW' THEN 0.025
                                                        WHEN 'FN' THEN 0.03 ELSE 0.09 END
      * CASE WHEN e.equip_type = 'Treadmill' THEN 1.4 ELSE 1 END;
DELETE FROM tk_tmp WHERE opened_at > timestamp '2024-10-15 21:00';

INSERT INTO club.maint_ticket (equip_id, opened_at, reported_by, prio, fault_desc, assigned_to, closed_at, res_cd, cost_eur)
SELECT t.equip_id, t.opened_at,
       (SELECT h.staff_id FROM holder h
         WHERE h.site_id = t.site_id AND h.role_cd IN ('FR','AM','GM','PT','IN')
           AND t.opened_at::date BETWEEN h.from_d AND h.to_d
         ORDER BY pg_temp.rnd('rb'||h.staff_id||t.opened_at) LIMIT 1),
       pr.p,
       CASE t.cat_cd
         WHEN 'CV' THEN (ARRAY['Belt slipping','Display not powering on','Heart-rate sensor not reading','Noisy bearing',
                               'Incline motor fault','Pedal loose','Emergency stop not working','Resistance stuck on one level'])[1 + floor(t.u_desc*8)::int]
         WHEN 'SM' THEN (ARRAY['Cable frayed','Seat adjustment pin broken','Weight stack sticking','Upholstery torn',
                               'Pulley squeaking','Guide rod needs lubrication'])[1 + floor(t.u_desc*6)::int]
         WHEN 'FW' THEN (ARRAY['J-hook loose','Upholstery torn','Safety bar bent','Collar missing','Bench wobbles'])[1 + floor(t.u_desc*5)::int]
         WHEN 'FN' THEN (ARRAY['Pull-up bar loose','Sled runner worn','Box corner split','Anchor point loose'])[1 + floor(t.u_desc*4)::int]
         ELSE (ARRAY['Hoist battery not charging','Bike pedal seized','Hoist arm jammed'])[1 + floor(t.u_desc*3)::int]
       END,
       (SELECT h.staff_id FROM holder h WHERE h.site_id = t.site_id AND h.role_cd = 'MT'
           AND t.opened_at::date BETWEEN h.from_d AND h.to_d LIMIT 1),
       CASE WHEN NOT op.still_open THEN t.opened_at + dur.h * interval '1 hour' END,
       CASE WHEN NOT op.still_open THEN rs.r END,
       CASE WHEN NOT op.still_open THEN
            CASE rs.r WHEN 'FIX' THEN CASE WHEN t.u_dur < 0.3 THEN round((5 + t.u_dur * 60)::numeric, 2) ELSE 0 END
                      WHEN 'PRT' THEN round((25 + pg_temp.rnd('pc'||t.equip_id||t.opened_at)^1.5 * 420)::numeric, 2)
                      WHEN 'ENG' THEN round((180 + pg_temp.rnd('pc'||t.equip_id||t.opened_at) * 620)::numeric, 2)
                      WHEN 'NFF' THEN 0
                      ELSE 0 END END
FROM tk_tmp t
CROSS JOIN LATERAL (SELECT CASE WHEN t.u_prio < 0.06 THEN 1 WHEN t.u_prio < 0.30 THEN 2 WHEN t.u_prio < 0.85 THEN 3 ELSE 4 END AS p) pr
CROSS JOIN LATERAL (SELECT CASE WHEN t.u_res < 0.50 THEN 'FIX' WHEN t.u_res < 0.75 THEN 'PRT' WHEN t.u_res < 0.88 THEN 'ENG'
                                WHEN t.u_res < 0.96 THEN 'NFF' ELSE 'SCR' END AS r) rs
CROSS JOIN LATERAL (SELECT round(((CASE pr.p WHEN 1 THEN 2 + t.u_dur * 40 WHEN 2 THEN 4 + t.u_dur * 110
                                           WHEN 3 THEN 20 + t.u_dur * 380 ELSE 48 + t.u_dur * 850 END)
                                  * CASE WHEN rs.r = 'ENG' THEN 2.2 ELSE 1 END)::numeric, 2) AS h) dur
CROSS JOIN LATERAL (SELECT (t.opened_at + dur.h * interval '1 hour' > timestamp '2024-10-15 22:30')
                           OR (t.opened_at > timestamp '2024-06-01' AND pg_temp.rnd('so'||t.equip_id||t.opened_at) < 0.03) AS still_open) op
ORDER BY t.opened_at, t.equip_id;

-- scrapped kit is retired; later tickets on it never happened
UPDATE club.equipment e SET status_cd = 'R', retired_on = x.d
FROM (SELECT equip_id, min(closed_at)::date AS d FROM club.maint_ticket WHERE res_cd = 'SCR' GROUP BY equip_id) x
WHERE x.equip_id = e.equip_id;
DELETE FROM club.maint_ticket t USING club.equipment e
WHERE e.equip_id = t.equip_id AND e.retired_on IS NOT NULL AND t.opened_at::date > e.retired_on;
DELETE FROM club.maint_ticket t USING club.equipment e
WHERE e.equip_id = t.equip_id AND e.retired_on IS NOT NULL AND t.closed_at IS NULL;
-- kit with an open priority 1-2 ticket is out of order
UPDATE club.equipment e SET status_cd = 'O'
WHERE status_cd = 'S' AND EXISTS (SELECT 1 FROM club.maint_ticket t WHERE t.equip_id = e.equip_id AND t.closed_at IS NULL AND t.prio <= 2);
-- some older kit was replaced and disposed of
UPDATE club.equipment e SET status_cd = 'R',
       retired_on = e.installed_on + 900 + floor(pg_temp.rnd('rt'||e.equip_id) * 1200)::int
WHERE status_cd = 'S' AND pg_temp.rnd('rr'||e.equip_id) < 0.10
  AND e.installed_on + 900 + floor(pg_temp.rnd('rt'||e.equip_id) * 1200)::int < date '2024-10-15'
  AND NOT EXISTS (SELECT 1 FROM club.maint_ticket t WHERE t.equip_id = e.equip_id
                   AND t.opened_at::date > e.installed_on + 900 + floor(pg_temp.rnd('rt'||e.equip_id) * 1200)::int);

-- plans and price history --------------------------------------------
INSERT INTO mbr.plan VALUES
 (1,'OFFPK','Off-Peak',            12,false,true, true, 0, 0.00, true),
 (2,'STD',  'Standard',            12,false,true, false,0,29.00, true),
 (3,'PREM', 'Premium',             12,true, true, false,1, 0.00, true),
 (4,'STU',  'Student',              6,false,true, false,0, 0.00, true),
 (5,'CORP', 'Corporate',           12,true, true, false,0, 0.00, true),
 (6,'FLEX', 'Flex (no contract)',   1,false,false,false,0,49.00, true),
 (7,'FNDR', 'Founder',              0,false,true, false,0, 0.00, false);

INSERT INTO mbr.plan_price (plan_id, valid_from, valid_to, monthly_fee) VALUES
 (1,'2019-01-01','2022-12-31',29.99),(1,'2023-01-01','2023-12-31',32.99),(1,'2024-01-01',NULL,34.99),
 (2,'2019-01-01','2022-12-31',39.99),(2,'2023-01-01','2023-12-31',42.99),(2,'2024-01-01',NULL,44.99),
 (3,'2019-01-01','2023-02-28',59.99),(3,'2023-03-01','2024-06-30',64.99),(3,'2024-07-01',NULL,69.99),
 (4,'2019-01-01','2023-08-31',24.99),(4,'2023-09-01',NULL,27.99),
 (5,'2019-01-01','2023-12-31',49.99),(5,'2024-01-01',NULL,52.99),
 (6,'2019-01-01','2022-12-31',49.99),(6,'2023-01-01',NULL,54.99),
 (7,'2015-05-04',NULL,24.99);

-- members ------------------------------------------------------------
CREATE TEMP TABLE site_w(site_id, w) AS VALUES (1,1.6),(2,1.0),(3,1.3),(4,1.0),(5,1.3),(6,1.0),(7,0.7),(8,0.9),(9,0.7);

CREATE TEMP TABLE m0 AS
SELECT i, j.join_dt, j.start_dt,
       17 + floor(pg_temp.rnd('ag'||i)^1.7 * 52)::int AS age,
       st.site_id
FROM generate_series(1, 9040) i
CROSS JOIN LATERAL (SELECT CASE WHEN i > 9000 THEN date '2024-09-30' + (i - 9000) % 15 + 1
                                ELSE date '2019-01-03' + floor(power(i / 9000.0, 0.75) * (date '2024-10-14' - date '2019-01-03'))::int END AS d0) a
CROSS JOIN LATERAL (SELECT CASE WHEN i <= 9000 AND pg_temp.rnd('jan'||i) < 0.12
                                THEN least(make_date(extract(year FROM a.d0)::int, 1, 2) + floor(pg_temp.rnd('jd'||i) * 27)::int, a.d0)
                                ELSE a.d0 END AS join_dt,
                           CASE WHEN i > 9000 THEN date '2024-11-01' END AS pend) j0
CROSS JOIN LATERAL (SELECT j0.join_dt, coalesce(j0.pend, j0.join_dt) AS start_dt) j
CROSS JOIN LATERAL (SELECT s.site_id FROM club.site s JOIN site_w w ON w.site_id = s.site_id
                    WHERE s.opened_on <= j.start_dt
                    ORDER BY -ln(1 - pg_temp.rnd('st'||i||'-'||s.site_id))
                             / (w.w * CASE WHEN j.start_dt < s.opened_on + 180 THEN 2.5 ELSE 1 END)
                    LIMIT 1) st;

-- contracts: first contract of every member, then rejoiners
CREATE TEMP TABLE cbase (mi int, seq int, start_dt date, age int, site_id smallint);
INSERT INTO cbase SELECT i, 1, start_dt, age, site_id FROM m0;

CREATE TEMP VIEW cv AS
SELECT b.mi, b.seq, b.site_id, b.start_dt, p.plan_id, p.min_term_mths,
       (b.start_dt + p.min_term_mths * interval '1 month' - interval '1 day')::date AS min_term_end,
       e.end_dt AS end_raw,
       CASE WHEN b.start_dt > date '2024-10-15' THEN 'P'
            WHEN e.end_dt - 30 > date '2024-10-15' THEN 'A'
            WHEN e.end_dt <= date '2024-10-15' AND pg_temp.rnd('tm'||b.mi||'-'||b.seq) < 0.09 AND e.months >= 3 THEN 'T'
            WHEN e.end_dt <= date '2024-10-15' THEN 'C'
            ELSE 'N' END AS st0,     -- N = serving notice
       (ARRAY['MOVE','MOVE','MOVE','COST','COST','COST','COST','UNUS','UNUS','UNUS','UNUS','UNUS','HLTH','HLTH',
              'COMP','COMP','COMP','OTHR','OTHR'])[1 + floor(pg_temp.rnd('cr'||b.mi||'-'||b.seq) * 19)::int] AS rsn,
       pg_temp.rnd('pc'||b.mi||'-'||b.seq) AS u_promo,
       pg_temp.rnd('ce'||b.mi||'-'||b.seq) AS u_emp,
       CASE WHEN pg_temp.rnd('dd'||b.mi||'-'||b.seq) < 0.62 THEN 1 ELSE 15 END AS dd_day,
       CASE WHEN pg_temp.rnd('ch'||b.mi||'-'||b.seq) < 0.25 + 0.07 * (extract(year FROM b.start_dt) - 2019) THEN 'O' ELSE 'C' END AS channel
FROM cbase b
CROSS JOIN LATERAL (SELECT pg_temp.rnd('p1'||b.mi||'-'||b.seq) AS r1, pg_temp.rnd('p2'||b.mi||'-'||b.seq) AS r2,
                           pg_temp.rnd('p3'||b.mi||'-'||b.seq) AS r3) r
JOIN mbr.plan p ON p.plan_id =
       CASE WHEN b.start_dt < date '2020-01-01' AND r.r1 < 0.30 THEN 7
            WHEN b.age < 24 AND r.r2 < 0.55 THEN 4
            WHEN r.r3 < 0.15 THEN 1 WHEN r.r3 < 0.53 THEN 2 WHEN r.r3 < 0.70 THEN 3 WHEN r.r3 < 0.80 THEN 5 ELSE 6 END
CROSS JOIN LATERAL (SELECT p.min_term_mths + floor(-ln(1 - pg_temp.rnd('du'||b.mi||'-'||b.seq))
                          / CASE p.plan_id WHEN 1 THEN 0.045 WHEN 2 THEN 0.038 WHEN 3 THEN 0.034 WHEN 4 THEN 0.08
                                           WHEN 5 THEN 0.03 WHEN 6 THEN 0.11 ELSE 0.02 END)::int AS months) d
CROSS JOIN LATERAL (SELECT d.months,
                           (b.start_dt + greatest(d.months, 1) * interval '1 month')::date
                             + floor(pg_temp.rnd('ed'||b.mi||'-'||b.seq) * 25)::int AS end_dt) e;

INSERT INTO cbase
SELECT c.mi, 2, c.end_raw + 45 + floor(pg_temp.rnd('rj'||c.mi) * 420)::int,
       m.age + ((c.end_raw - m.start_dt) / 365)::int,
       CASE WHEN pg_temp.rnd('rs'||c.mi) < 0.8 THEN c.site_id
            ELSE (SELECT s.site_id FROM club.site s WHERE s.opened_on <= c.end_raw + 45
                  ORDER BY pg_temp.rnd('rx'||c.mi||'-'||s.site_id) LIMIT 1) END
FROM cv c JOIN m0 m ON m.i = c.mi
WHERE c.seq = 1 AND c.st0 = 'C' AND c.end_raw < date '2024-06-01' AND pg_temp.rnd('rq'||c.mi) < 0.20
  AND c.end_raw + 45 + floor(pg_temp.rnd('rj'||c.mi) * 420)::int <= date '2024-10-14';

-- member ids follow sign-up order
CREATE TEMP TABLE mid AS
SELECT i, row_number() OVER (ORDER BY join_dt, i)::int AS member_id FROM m0;

CREATE TEMP TABLE c_tmp AS
SELECT row_number() OVER (ORDER BY c.start_dt, mid.member_id, c.seq)::int AS contract_id,
       mid.member_id, c.*
FROM cv c JOIN mid ON mid.i = c.mi;

INSERT INTO mbr.member (member_id, member_no, first_nm, last_nm, email, mobile_no, dob, gender, home_site_id,
                        joined_on, referred_by, mkt_opt_in, "MandateRef")
SELECT d.member_id, 'M' || lpad(d.member_id::text, 6, '0'), nm.fn, nm.ln,
       lower(translate(nm.fn, 'áéíóúÁÉÍÓÚ''', 'aeiouAEIOU')) || '.' || lower(translate(nm.ln, 'áéíóúÁÉÍÓÚ'' ', 'aeiouAEIOU'))
         || d.member_id::text
         || (ARRAY['@gmail.com','@gmail.com','@hotmail.com','@outlook.ie','@icloud.com','@yahoo.ie','@eircom.net'])[1 + floor(pg_temp.rnd('em'||m.i)*7)::int],
       CASE WHEN pg_temp.rnd('mn'||m.i) < 0.98
            THEN '08' || (ARRAY['3','5','6','7','9'])[1 + floor(pg_temp.rnd('mp'||m.i)*5)::int]
                 || lpad(floor(pg_temp.rnd('mb'||m.i)*10000000)::bigint::text, 7, '0') END,
       (m.join_dt - (m.age * 365.25)::int - floor(pg_temp.rnd('db'||m.i) * 364)::int),
       g.g,
       lc.site_id,
       m.join_dt,
       NULL,
       pg_temp.rnd('mo'||m.i) < 0.58,
       'NWF-' || lpad(d.member_id::text, 6, '0') || '-' || upper(substr(md5('mr'||m.i), 1, 4))
FROM m0 m JOIN mid d ON d.i = m.i
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('gn'||m.i) < 0.52 THEN 'F' WHEN pg_temp.rnd('gn'||m.i) < 0.98 THEN 'M' ELSE 'U' END AS g) g
CROSS JOIN LATERAL (SELECT
    CASE WHEN g.g = 'F' OR (g.g = 'U' AND pg_temp.rnd('gu'||m.i) < 0.5)
         THEN (ARRAY['Aoife','Niamh','Sarah','Emma','Ciara','Sinéad','Laura','Rachel','Chloe','Katie','Róisín','Caoimhe','Orla',
                     'Aisling','Grace','Lucy','Sophie','Hannah','Leah','Amy','Jessica','Méabh','Clodagh','Eimear','Anna','Maria',
                     'Zofia','Priya','Ana','Fatima'])[1 + floor(pg_temp.rnd('fn'||m.i)*30)::int]
         ELSE (ARRAY['Jack','Seán','Conor','Darragh','Cian','Adam','James','Oisín','Liam','Eoin','Daniel','Ryan','Michael','David',
                     'Mark','Kevin','Shane','Niall','Ciarán','Patrick','Luke','Tomás','Fionn','Dylan','Aaron','Piotr','Mateusz',
                     'Arjun','Lucas','Mohammed'])[1 + floor(pg_temp.rnd('fn'||m.i)*30)::int] END AS fn,
    (ARRAY['Murphy','Kelly','O''Sullivan','Walsh','Smith','O''Brien','Byrne','Ryan','O''Connor','O''Neill','O''Reilly','Doyle',
           'McCarthy','Gallagher','Doherty','Kennedy','Lynch','Murray','Quinn','Moore','McLoughlin','Carroll','Connolly','Daly',
           'Connell','Wilson','Dunne','Brennan','Burke','Collins','Campbell','Clarke','Johnston','Hughes','Farrell','Fitzgerald',
           'Brown','Martin','Maguire','Nolan','Flynn','Power','Lawlor','Kavanagh','Nowak','Kowalczyk','Silva','Patel','Singh','Costa'])
           [1 + floor(pg_temp.rnd('ln'||m.i)*50)::int] AS ln) nm
JOIN (SELECT DISTINCT ON (member_id) member_id, site_id FROM c_tmp ORDER BY member_id, seq DESC) lc ON lc.member_id = d.member_id
ORDER BY d.member_id;
DO $$ BEGIN PERFORM setval('mbr.member_member_id_seq', (SELECT max(member_id) FROM mbr.member)); END $$;

-- refer-a-friend: about 9 % of members were referred, mostly by a few keen "ambassador" members
UPDATE mbr.member m SET referred_by = r.ref
FROM (SELECT member_id,
             CASE WHEN pg_temp.rnd('ra'||member_id) < 0.6 AND member_id > 400
                  THEN 7 + 97 * floor(pg_temp.rnd('rk'||member_id)^2 * ((member_id - 8) / 97))::int
                  ELSE 1 + floor(pg_temp.rnd('rr'||member_id) * (member_id - 1))::int END AS ref
      FROM mbr.member WHERE member_id > 20 AND pg_temp.rnd('rf'||member_id) < 0.09) r
WHERE r.member_id = m.member_id;

INSERT INTO mbr.contract (contract_id, member_id, plan_id, site_id, start_dt, min_term_end, end_dt, status_cd,
                          cancel_req_dt, cancel_rsn, disc_pct, promo_cd, corp_employer, dd_day, channel, sold_by)
SELECT c.contract_id, c.member_id, c.plan_id, c.site_id, c.start_dt, c.min_term_end,
       CASE WHEN c.st0 IN ('A','P') THEN NULL ELSE c.end_raw END,
       CASE c.st0 WHEN 'N' THEN 'A' ELSE c.st0 END,
       CASE WHEN c.st0 IN ('C','N') THEN c.end_raw - 30 END,
       CASE WHEN c.st0 IN ('C','N') THEN c.rsn END,
       CASE WHEN pr.promo = 'NY24' THEN 20 WHEN pr.promo = 'BF23' THEN 15 WHEN pr.promo = 'STAFF' THEN 50
            WHEN c.plan_id = 5 THEN (ARRAY[10,15,20,10,15,5])[1 + floor(c.u_emp*6)::int]
            ELSE 0 END,
       pr.promo,
       CASE WHEN c.plan_id = 5 THEN (ARRAY['Liffey Mutual Insurance','Shannon Aero Services','Corrib Analytics',
                                            'Lee Valley Health','Atlantic Pharma DAC','Barrow Software'])[1 + floor(c.u_emp*6)::int] END,
       c.dd_day, c.channel,
       CASE WHEN c.channel = 'C' THEN
            (SELECT h.staff_id FROM holder h WHERE h.site_id = c.site_id AND h.role_cd = 'SA'
                AND least(c.start_dt, date '2024-10-15') BETWEEN h.from_d AND h.to_d
              ORDER BY pg_temp.rnd('sb'||c.contract_id||'-'||h.n) LIMIT 1) END
FROM c_tmp c
CROSS JOIN LATERAL (SELECT CASE WHEN c.plan_id IN (5, 7) THEN NULL
                                WHEN c.start_dt BETWEEN date '2024-01-01' AND date '2024-01-31' AND c.u_promo < 0.55 THEN 'NY24'
                                WHEN c.start_dt BETWEEN date '2023-11-24' AND date '2023-11-30' AND c.u_promo < 0.70 THEN 'BF23'
                                WHEN c.u_promo > 0.992 THEN 'STAFF' END AS promo) pr
ORDER BY c.contract_id;
DO $$ BEGIN PERFORM setval('mbr.contract_contract_id_seq', (SELECT max(contract_id) FROM mbr.contract)); END $$;

-- freezes: two "historic" slots per contract plus a share of contracts frozen right now
INSERT INTO mbr.contract_freeze (contract_id, frz_from, frz_to, frz_rsn, fee_pm)
SELECT f.contract_id, f.frz_from, f.frz_to, f.rsn, CASE WHEN f.rsn IN ('M','P') THEN 0 ELSE 7.50 END
FROM (
  SELECT c.contract_id, x.frz_from,
         least((x.frz_from + (1 + floor(pg_temp.rnd('fl'||c.contract_id||'-'||k) * 3)::int) * interval '1 month' - interval '1 day')::date,
               coalesce(c.end_dt, date '2099-12-31')) AS frz_to,
         (ARRAY['M','M','M','T','T','T','T','P','O','O'])[1 + floor(pg_temp.rnd('fr'||c.contract_id||'-'||k) * 10)::int] AS rsn
  FROM mbr.contract c
  CROSS JOIN LATERAL (SELECT least(coalesce(c.end_dt, date '2024-10-15'), date '2024-10-15') - c.start_dt AS span) s
  CROSS JOIN generate_series(1, 3) k
  CROSS JOIN LATERAL (SELECT CASE k
           WHEN 1 THEN c.start_dt + 30 + floor(pg_temp.rnd('ff'||c.contract_id||'-1') * greatest(s.span / 2 - 130, 1))::int
           WHEN 2 THEN c.start_dt + s.span / 2 + floor(pg_temp.rnd('ff'||c.contract_id||'-2') * greatest(s.span / 2 - 100, 1))::int
           ELSE date '2024-10-15' - floor(pg_temp.rnd('ff'||c.contract_id||'-3') * 55)::int END AS frz_from) x
  WHERE c.status_cd <> 'P'
    AND CASE k WHEN 1 THEN s.span > 200 AND pg_temp.rnd('fz'||c.contract_id||'-1') < 0.11
               WHEN 2 THEN s.span > 420 AND pg_temp.rnd('fz'||c.contract_id||'-2') < 0.05
               ELSE c.status_cd = 'A' AND c.end_dt IS NULL AND c.start_dt < date '2024-07-01'
                    AND pg_temp.rnd('fz'||c.contract_id||'-3') < 0.028 END
) f
WHERE f.frz_from <= date '2024-10-15'
ORDER BY f.frz_from, f.contract_id, f.frz_to, f.rsn;
-- a freeze overlapping an earlier one on the same contract is dropped
DELETE FROM mbr.contract_freeze a USING mbr.contract_freeze b
WHERE a.contract_id = b.contract_id AND a.freeze_id > b.freeze_id
  AND a.frz_from <= b.frz_to AND b.frz_from <= a.frz_to;
UPDATE mbr.contract c SET status_cd = 'F'
WHERE c.status_cd = 'A'
  AND EXISTS (SELECT 1 FROM mbr.contract_freeze f WHERE f.contract_id = c.contract_id
               AND date '2024-10-15' BETWEEN f.frz_from AND f.frz_to);

-- direct-debit collections since January 2023 -----------------------
CREATE TEMP TABLE pay0 AS
SELECT c.contract_id, c.member_id, c.status_cd, c.end_dt, d.coll_dt,
       CASE WHEN fz.fee_pm IS NOT NULL THEN 'FZ' ELSE 'MF' END AS pay_type,
       CASE WHEN fz.fee_pm IS NOT NULL THEN fz.fee_pm
            ELSE round(pp.monthly_fee * (1 - c.disc_pct / 100), 2) END AS amount,
       0 AS sub
FROM mbr.contract c
CROSS JOIN LATERAL (
   SELECT (g + (c.dd_day - 1) * interval '1 day')::date AS coll_dt
   FROM generate_series(date_trunc('month', greatest(c.start_dt, date '2023-01-01')::timestamp), timestamp '2024-10-15', interval '1 month') g) d
JOIN mbr.plan_price pp ON pp.plan_id = c.plan_id AND d.coll_dt BETWEEN pp.valid_from AND coalesce(pp.valid_to, date '9999-12-31')
LEFT JOIN mbr.contract_freeze fz ON fz.contract_id = c.contract_id AND d.coll_dt BETWEEN fz.frz_from AND fz.frz_to
WHERE d.coll_dt >= c.start_dt AND d.coll_dt <= least(coalesce(c.end_dt, date '2024-10-15'), date '2024-10-15')
  AND (fz.fee_pm IS NULL OR fz.fee_pm > 0)
UNION ALL
SELECT c.contract_id, c.member_id, c.status_cd, c.end_dt, f.d, 'JF', p.joining_fee, 1
FROM mbr.contract c JOIN mbr.plan p ON p.plan_id = c.plan_id
CROSS JOIN LATERAL (SELECT (date_trunc('month', (c.start_dt - (c.dd_day - 1))::timestamp) + (c.dd_day - 1) * interval '1 day')::date AS d0) f0
CROSS JOIN LATERAL (SELECT CASE WHEN f0.d0 < c.start_dt THEN (f0.d0 + interval '1 month')::date ELSE f0.d0 END AS d) f
WHERE p.joining_fee > 0 AND c.start_dt >= date '2023-01-01' AND c.status_cd <> 'P'
  AND f.d <= least(coalesce(c.end_dt, date '2024-10-15'), date '2024-10-15');

CREATE TEMP TABLE pay1 AS
SELECT p.*,
       CASE WHEN p.coll_dt = date '2024-10-15' THEN 'pending'
            WHEN p.status_cd = 'T' AND p.coll_dt > p.end_dt - 70 THEN 'failed'
            WHEN u.f < 0.012 + 0.30 * pg_temp.rnd('risk'||p.member_id)^6 THEN 'failed'
            WHEN u.f > 0.9975 THEN 'refunded'
            ELSE 'collected' END::mbr.dd_status AS status,
       (ARRAY['AM04','AM04','AM04','AM04','AM04','AM04','AM04','AM04','AM04','AM04','AM04','AM04',
              'MS02','MS02','MS02','AC04','AC04','AC06','MD01','MS03'])[1 + floor(pg_temp.rnd('fc'||p.contract_id||p.coll_dt||p.sub) * 20)::int] AS fc,
       pg_temp.rnd('rt'||p.contract_id||p.coll_dt||p.sub) AS u_retry
FROM pay0 p
CROSS JOIN LATERAL (SELECT pg_temp.rnd('pf'||p.contract_id||p.coll_dt||p.sub) AS f) u;

CREATE TEMP TABLE pay2 AS
SELECT row_number() OVER (ORDER BY coll_dt, contract_id, sub, is_retry) AS payment_id, x.*
FROM (
  SELECT contract_id, coll_dt, sub, false AS is_retry, pay_type, amount, status,
         CASE WHEN status = 'failed' THEN fc WHEN status = 'refunded' THEN 'MD06' END AS fail_cd
  FROM pay1
  UNION ALL
  SELECT contract_id, coll_dt + 7, sub, true, pay_type, amount,
         CASE WHEN status_cd = 'T' AND coll_dt > end_dt - 70 THEN 'failed'
              WHEN u_retry < 0.68 THEN 'collected' ELSE 'failed' END::mbr.dd_status,
         CASE WHEN (status_cd = 'T' AND coll_dt > end_dt - 70) OR u_retry >= 0.68 THEN 'AM04' END
  FROM pay1
  WHERE status = 'failed' AND fc IN ('AM04','MS03') AND coll_dt + 7 < date '2024-10-15'
) x;

INSERT INTO mbr.dd_payment (payment_id, contract_id, coll_dt, pay_type, amount, status, fail_cd, retry_of, recon_at)
SELECT p.payment_id, p.contract_id, p.coll_dt, p.pay_type, p.amount, p.status, p.fail_cd,
       o.payment_id,
       CASE WHEN p.status <> 'pending' THEN p.coll_dt + interval '3 days 6 hours' + (p.payment_id % 600) * interval '1 second' END
FROM pay2 p
LEFT JOIN pay2 o ON p.is_retry AND NOT o.is_retry AND o.contract_id = p.contract_id AND o.sub = p.sub AND o.coll_dt = p.coll_dt - 7
ORDER BY p.payment_id;
DO $$ BEGIN PERFORM setval('mbr.dd_payment_payment_id_seq', (SELECT max(payment_id) FROM mbr.dd_payment)); END $$;

-- classes ------------------------------------------------------------
INSERT INTO act.class_type VALUES
 ( 1,'SPIN','Spin',               45,3,false,24),
 ( 2,'HIIT','HIIT Circuit',       30,3,false,20),
 ( 3,'YOGA','Vinyasa Yoga',       60,1,false,25),
 ( 4,'PILA','Mat Pilates',        45,1,false,20),
 ( 5,'PUMP','Body Pump',          55,2,false,28),
 ( 6,'ZUMB','Zumba',              45,2,false,30),
 ( 7,'AQUA','Aqua Fit',           45,1,true, 20),
 ( 8,'BOXF','Boxfit',             45,3,false,18),
 ( 9,'KETT','Kettlebells',        30,2,false,16),
 (10,'STRM','Stretch & Mobility', 30,1,false,20),
 (11,'CORE','Core Blast',         20,2,false,25);

CREATE TEMP TABLE class_pop(class_type_id, pop) AS VALUES
 (1,1.0),(2,0.9),(3,0.8),(4,0.75),(5,0.85),(6,0.6),(7,0.55),(8,0.7),(9,0.5),(10,0.4),(11,0.45);
CREATE TEMP TABLE slot_t(slot, weekend, t, pop) AS VALUES
 (1,false,'06:30'::time,0.6),(2,false,'09:30',0.55),(3,false,'12:30',0.5),(4,false,'18:00',1.0),(5,false,'19:15',0.9),
 (1,true,'09:00',0.8),(2,true,'10:30',0.85);

CREATE TEMP TABLE sess_tmp AS
SELECT s.site_id, d::date AS d, st.slot, st.t, st.pop AS slot_pop, ct.class_type_id, ct.default_cap, ct.pool_only,
       tm.term, 1 + floor(pg_temp.rnd('in'||s.site_id||extract(isodow FROM d)||st.slot||tm.term) * 3)::int AS in_slot
FROM club.site s
CROSS JOIN generate_series(timestamp '2023-09-04', timestamp '2024-10-27', interval '1 day') d
JOIN slot_t st ON st.weekend = (extract(isodow FROM d) >= 6)
CROSS JOIN LATERAL (SELECT CASE WHEN d < '2024-01-01' THEN 'T1' WHEN d < '2024-07-01' THEN 'T2' ELSE 'T3' END AS term) tm
CROSS JOIN LATERAL (SELECT c.* FROM act.class_type c
                    WHERE (NOT c.pool_only OR (s.has_pool AND st.slot IN (2, 3)))
                    ORDER BY pg_temp.rnd('ct'||s.site_id||extract(isodow FROM d)||st.slot||tm.term||c.class_type_id) LIMIT 1) ct
WHERE d::date >= s.opened_on
  AND d::date NOT IN (date '2023-12-24', date '2023-12-25', date '2023-12-26', date '2024-01-01');

INSERT INTO act.class_session (site_id, class_type_id, instructor_id, starts_at, studio, cap, cancelled, cancel_note)
SELECT x.site_id, x.class_type_id, h.staff_id, x.d + x.t,
       CASE WHEN x.class_type_id = 1 THEN 'Spin Studio' WHEN x.pool_only THEN 'Pool'
            WHEN x.class_type_id IN (3, 4, 10) THEN 'Studio 2' ELSE 'Studio 1' END,
       x.default_cap - CASE WHEN s.floor_m2 < 1600 THEN 4 ELSE 0 END,
       cx.c,
       CASE WHEN cx.c THEN (ARRAY['Instructor unwell','Instructor unwell','Studio maintenance','No cover available'])
                           [1 + floor(pg_temp.rnd('cn'||x.site_id||x.d||x.slot)*4)::int] END
FROM sess_tmp x
JOIN club.site s ON s.site_id = x.site_id
JOIN holder h ON h.site_id = x.site_id AND h.role_cd = 'IN' AND h.n = x.in_slot AND x.d BETWEEN h.from_d AND h.to_d
CROSS JOIN LATERAL (SELECT x.d <= date '2024-10-15' AND pg_temp.rnd('cc'||x.site_id||x.d||x.slot) < 0.015 AS c) cx
ORDER BY x.d + x.t, x.site_id;

-- bookings: each class-plan member books 0-3 classes a week at their home club
CREATE TEMP TABLE sw AS
SELECT cs.site_id, date_trunc('week', cs.starts_at)::date AS wk,
       array_agg(cs.session_id ORDER BY cs.session_id) AS ids,
       array_agg(cp.pop * st.pop ORDER BY cs.session_id) AS pops
FROM act.class_session cs
JOIN class_pop cp ON cp.class_type_id = cs.class_type_id
JOIN slot_t st ON st.t = cs.starts_at::time AND st.weekend = (extract(isodow FROM cs.starts_at) >= 6)
GROUP BY 1, 2;

CREATE TEMP TABLE bk0 AS
SELECT c.member_id, c.contract_id, c.start_dt, c.end_dt,
       sw.ids[ix.k] AS session_id, sw.pops[ix.k] AS pop, j
FROM mbr.contract c
JOIN mbr.plan p ON p.plan_id = c.plan_id AND p.incl_classes
CROSS JOIN LATERAL (SELECT pg_temp.rnd('cp'||c.member_id) AS cp) m
JOIN sw ON sw.site_id = c.site_id
       AND sw.wk BETWEEN date_trunc('week', c.start_dt::timestamp)::date AND coalesce(c.end_dt, date '2024-10-27')
CROSS JOIN LATERAL generate_series(1, floor((m.cp - 0.42) * 6.2 + pg_temp.rnd('bn'||c.contract_id||sw.wk))::int) j
CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.rnd('bs'||c.contract_id||sw.wk||j) * array_length(sw.ids, 1))::int AS k) ix
WHERE m.cp >= 0.42 AND c.status_cd <> 'P';

CREATE TEMP TABLE bk1 AS
SELECT DISTINCT ON (b.session_id, b.member_id)
       b.session_id, b.member_id, cs.starts_at, cs.cap, cs.cancelled,
       cs.starts_at - (interval '40 minutes' + pg_temp.rnd('ba'||b.contract_id||b.session_id)^2 * interval '6 days') AS booked_at,
       pg_temp.rnd('bx'||b.contract_id||b.session_id) AS u_st,
       pg_temp.rnd('ns'||b.member_id) AS u_ns
FROM bk0 b
JOIN act.class_session cs ON cs.session_id = b.session_id
WHERE cs.starts_at::date BETWEEN b.start_dt AND coalesce(b.end_dt, date '2099-12-31')
  AND pg_temp.rnd('ac'||b.contract_id||b.session_id) < b.pop
  AND NOT EXISTS (SELECT 1 FROM mbr.contract_freeze f WHERE f.contract_id = b.contract_id
                   AND cs.starts_at::date BETWEEN f.frz_from AND f.frz_to)
ORDER BY b.session_id, b.member_id;
DELETE FROM bk1 WHERE booked_at > timestamp '2024-10-15 22:30';

CREATE TEMP TABLE bk2 AS
SELECT b.*,
       (b.u_st < 0.11) AS member_cx,
       CASE WHEN b.u_st < 0.11 THEN NULL
            ELSE row_number() OVER (PARTITION BY b.session_id, (b.u_st < 0.11) ORDER BY b.booked_at, b.member_id) END AS rk
FROM bk1 b;

INSERT INTO act.booking (session_id, member_id, booked_at, bk_status, cancelled_at)
SELECT b.session_id, b.member_id, date_trunc('second', b.booked_at),
       CASE WHEN b.member_cx THEN 'C'
            WHEN b.rk > b.cap THEN 'W'
            WHEN b.cancelled THEN 'X'
            WHEN b.starts_at > timestamp '2024-10-15 22:30' THEN 'B'
            WHEN pg_temp.rnd('nx'||b.member_id||b.session_id) < 0.02 + 0.25 * b.u_ns^5 THEN 'N'
            ELSE 'A' END,
       CASE WHEN b.member_cx THEN
            least(date_trunc('second', b.booked_at + (b.starts_at - b.booked_at) * pg_temp.rnd('cq'||b.member_id||b.session_id)),
                  timestamp '2024-10-15 22:30') END
FROM bk2 b
ORDER BY b.booked_at, b.session_id, b.member_id;

-- personal training --------------------------------------------------
CREATE TEMP TABLE ptrel AS
SELECT c.contract_id, c.member_id, c.site_id, k,
       (r.a + floor(pg_temp.rnd('pa'||c.contract_id||k) * greatest(r.b - r.a - 20, 1))::int) AS rel_from,
       CASE WHEN k = 1 AND c.plan_id = 3 THEN r.b
            ELSE least(r.a + floor(pg_temp.rnd('pa'||c.contract_id||k) * greatest(r.b - r.a - 20, 1))::int
                       + 42 + floor(pg_temp.rnd('pl'||c.contract_id||k) * 200)::int, r.b) END AS rel_to,
       CASE WHEN k = 1 AND c.plan_id = 3 THEN 0 ELSE 1 END AS paid,
       (k = 1 AND c.plan_id = 3) AS monthly,
       CASE WHEN k = 1 AND c.plan_id = 3 THEN interval '1 month' WHEN pg_temp.rnd('pw'||c.contract_id||k) < 0.6 THEN interval '1 week' ELSE interval '2 weeks' END AS step,
       6 + floor(pg_temp.rnd('ph'||c.contract_id||k) * 15)::int AS hr,
       1 + floor(pg_temp.rnd('ps'||c.contract_id||k) * 6)::int AS pt_slot
FROM mbr.contract c
CROSS JOIN LATERAL (SELECT greatest(c.start_dt, date '2023-01-02') AS a,
                           least(coalesce(c.end_dt, date '2024-10-29'), date '2024-10-29') AS b) r
CROSS JOIN generate_series(1, 2) k
WHERE r.b - r.a > 30 AND c.status_cd <> 'P'
  AND CASE WHEN c.plan_id = 3 THEN (k = 1 AND pg_temp.rnd('pt'||c.contract_id) < 0.6)
                                   OR (k = 2 AND pg_temp.rnd('pq'||c.contract_id) < 0.15)
           ELSE k = 2 AND pg_temp.rnd('pq'||c.contract_id) < 0.05 END;

CREATE TEMP TABLE pt0 AS
SELECT r.member_id, r.site_id, r.paid, r.contract_id,
       CASE WHEN r.monthly THEN date_trunc('month', g) + (extract(day FROM r.rel_from::timestamp) - 1) % 27 * interval '1 day'
            ELSE g END::date AS d,
       r.hr, r.pt_slot, r.k
FROM ptrel r
CROSS JOIN LATERAL generate_series(r.rel_from::timestamp, r.rel_to::timestamp, r.step) g;

INSERT INTO act.pt_session (trainer_id, member_id, site_id, starts_at, dur_min, price, incl_in_plan, pt_status)
SELECT h.staff_id, p.member_id, p.site_id,
       p.d + p.hr * interval '1 hour' + CASE WHEN pg_temp.rnd('hm'||p.contract_id||p.k) < 0.3 THEN interval '30 minutes' ELSE interval '0' END,
       CASE WHEN p.paid = 1 AND pg_temp.rnd('d3'||p.contract_id||p.k) < 0.15 THEN 30 ELSE 60 END,
       CASE WHEN p.paid = 0 THEN 0
            WHEN pg_temp.rnd('d3'||p.contract_id||p.k) < 0.15 THEN round(s.pt_rate * 0.6, 0)
            ELSE s.pt_rate END,
       p.paid = 0,
       CASE WHEN p.d + p.hr * interval '1 hour' > timestamp '2024-10-15 22:30' THEN 'S'
            ELSE (ARRAY['C','C','C','C','C','C','C','C','C','C','C','C','C','C','C','C','C','N','L','X','X'])
                 [1 + floor(pg_temp.rnd('pz'||p.contract_id||p.d) * 21)::int] END
FROM pt0 p
JOIN club.site si ON si.site_id = p.site_id
JOIN holder h ON h.site_id = p.site_id AND h.role_cd = 'PT'
             AND h.n = 1 + (p.pt_slot - 1) % (CASE WHEN si.floor_m2 >= 2000 THEN 6 ELSE 4 END)
             AND p.d BETWEEN h.from_d AND h.to_d
JOIN club.staff s ON s.staff_id = h.staff_id
WHERE extract(isodow FROM p.d) < 7 AND p.d <> date '2023-12-25'
ORDER BY 4, 1, 2, 7, 6;

-- door check-ins since the new access system (1 June 2024) ------------
CREATE TEMP TABLE ci0 AS
SELECT c.contract_id, c.member_id, c.site_id, c.plan_id, p.all_sites, p.offpeak_only, d::date AS d,
       pg_temp.rnd('vh'||c.member_id||d) AS u_h,
       pg_temp.rnd('vo'||c.member_id||d) AS u_o,
       (f.contract_id IS NOT NULL) AS frozen
FROM mbr.contract c
JOIN mbr.plan p ON p.plan_id = c.plan_id
CROSS JOIN LATERAL (SELECT pg_temp.rnd('vf'||c.member_id)^1.5 * 0.55 AS f) v
CROSS JOIN LATERAL generate_series(greatest(c.start_dt, date '2024-06-01')::timestamp,
                                   least(coalesce(c.end_dt + 20, date '2024-10-15'), date '2024-10-15')::timestamp, interval '1 day') d
LEFT JOIN mbr.contract_freeze f ON f.contract_id = c.contract_id AND d::date BETWEEN f.frz_from AND f.frz_to
WHERE c.status_cd <> 'P'
  AND pg_temp.rnd('vd'||c.member_id||d) <
      CASE WHEN f.contract_id IS NOT NULL THEN 0.006
           WHEN d::date > coalesce(c.end_dt, date '2099-12-31') THEN 0.01
           ELSE v.f * CASE WHEN extract(isodow FROM d) >= 6 THEN 0.75 ELSE 1 END END;

INSERT INTO act.checkin (member_id, site_id, scanned_at, method, granted, deny_cd)
SELECT x.member_id,
       CASE WHEN x.all_sites AND x.u_o < 0.15 THEN 1 + floor(pg_temp.rnd('vs'||x.member_id||x.d) * 9)::int ELSE x.site_id END,
       x.d + tm.hh * interval '1 hour' + floor(pg_temp.rnd('vm'||x.member_id||x.d) * 3600) * interval '1 second',
       CASE WHEN pg_temp.rnd('vq'||x.member_id||x.d) < 0.05 THEN 'M'
            WHEN pg_temp.rnd('vp'||x.member_id) < 0.45 THEN 'Q' ELSE 'C' END,
       dn.cd IS NULL, dn.cd
FROM ci0 x
CROSS JOIN LATERAL (SELECT CASE
        WHEN x.offpeak_only AND extract(isodow FROM x.d) < 6 AND x.u_o > 0.97 THEN 17 + floor(x.u_h * 3)::int
        WHEN x.offpeak_only AND extract(isodow FROM x.d) < 6 THEN 9 + floor(x.u_h * 7)::int
        WHEN extract(isodow FROM x.d) >= 6 THEN 8 + floor(x.u_h * 9)::int
        ELSE (ARRAY[6,6,7,7,7,8,9,10,11,12,12,13,14,16,17,17,18,18,18,19,19,20,21])[1 + floor(x.u_h * 23)::int] END AS hh) tm
CROSS JOIN LATERAL (SELECT CASE WHEN x.frozen THEN 'FRZ'
                                WHEN x.d > (SELECT c.end_dt FROM mbr.contract c WHERE c.contract_id = x.contract_id) THEN 'EXP'
                                WHEN x.offpeak_only AND extract(isodow FROM x.d) < 6 AND tm.hh >= 16 THEN 'OFP' END AS cd) dn
WHERE x.d + tm.hh * interval '1 hour' < timestamp '2024-10-15 22:00'
ORDER BY 3, 1;

-- =====================================================================
--  Indexes, view
-- =====================================================================
CREATE INDEX ix_staff_site             ON club.staff (site_id);
CREATE INDEX ix_equipment_site         ON club.equipment (site_id);
CREATE INDEX ix_ticket_equip           ON club.maint_ticket (equip_id);
CREATE INDEX ix_ticket_open            ON club.maint_ticket (opened_at) WHERE closed_at IS NULL;
CREATE UNIQUE INDEX uq_member_email    ON mbr.member (lower(email));
CREATE INDEX ix_member_name            ON mbr.member (last_nm, first_nm);
CREATE INDEX ix_contract_member        ON mbr.contract (member_id);
CREATE INDEX ix_contract_site_status   ON mbr.contract (site_id, status_cd);
CREATE INDEX ix_freeze_contract        ON mbr.contract_freeze (contract_id);
CREATE INDEX ix_ddp_contract           ON mbr.dd_payment (contract_id, coll_dt);
CREATE INDEX ix_ddp_coll_dt            ON mbr.dd_payment (coll_dt);
CREATE INDEX ix_session_site_start     ON act.class_session (site_id, starts_at);
CREATE UNIQUE INDEX uq_booking_session_member ON act.booking (session_id, member_id);
CREATE INDEX ix_booking_member         ON act.booking (member_id);
CREATE INDEX ix_pt_trainer_start       ON act.pt_session (trainer_id, starts_at);
CREATE INDEX ix_pt_member              ON act.pt_session (member_id);
CREATE INDEX ix_checkin_member_time    ON act.checkin (member_id, scanned_at);
CREATE INDEX ix_checkin_site_time      ON act.checkin (site_id, scanned_at);
CREATE INDEX ix_checkin_method         ON act.checkin (method);

CREATE VIEW mbr.v_live_contracts AS
SELECT c.contract_id, c.member_id, m.member_no, m.first_nm, m.last_nm, c.status_cd,
       p.plan_name, s.site_name AS home_club, c.start_dt, c.end_dt,
       round(pp.monthly_fee * (1 - c.disc_pct / 100), 2) AS current_monthly_fee
FROM mbr.contract c
JOIN mbr.member m ON m.member_id = c.member_id
JOIN mbr.plan p ON p.plan_id = c.plan_id
JOIN club.site s ON s.site_id = c.site_id
JOIN mbr.plan_price pp ON pp.plan_id = c.plan_id AND pp.valid_to IS NULL
WHERE c.status_cd IN ('A', 'F');
COMMENT ON VIEW mbr.v_live_contracts IS 'Contracts that are live today (active or frozen), with the member, plan, home club and the monthly fee at today''s prices after discount';

DROP VIEW cv;
DROP FUNCTION pg_temp.rnd(text);
VACUUM;
ANALYZE;

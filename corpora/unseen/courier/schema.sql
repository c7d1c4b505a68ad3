-- =====================================================================
--  Kestrel Parcels Ltd - operations database (courier benchmark set)
--  Regional parcel courier / last-mile delivery, one sortation hub and
--  seven delivery depots.  Snapshot: end of Wednesday 13 November 2024.
--
--  Load:  psql -v ON_ERROR_STOP=1 -d <db> -f schema.sql
--  All data is generated deterministically (md5-based pseudo-random
--  numbers, no random()), so every load gives exactly the same rows.
-- =====================================================================
SET client_min_messages = warning;
SET TimeZone = 'Europe/London';

DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_stat_statements not available: %', SQLERRM;
END
$$;

DROP SCHEMA IF EXISTS fin CASCADE;
DROP SCHEMA IF EXISTS trk CASCADE;
DROP SCHEMA IF EXISTS crm CASCADE;
DROP SCHEMA IF EXISTS net CASCADE;

CREATE SCHEMA net;
CREATE SCHEMA crm;
CREATE SCHEMA trk;
CREATE SCHEMA fin;
COMMENT ON SCHEMA net IS 'Network operations: depots, vans, drivers, driver depot history, daily shifts';
COMMENT ON SCHEMA crm IS 'Merchant (sender) accounts and their rate contracts';
COMMENT ON SCHEMA trk IS 'Parcels and tracking: scans, delivery attempts, proof of delivery, returns';
COMMENT ON SCHEMA fin IS 'Finance: monthly invoices, invoice lines / surcharges, customer claims';

-- ---------------------------------------------------------------------
-- deterministic pseudo-random helpers (session only)
-- ---------------------------------------------------------------------
CREATE FUNCTION pg_temp.h(text) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT
AS $$ SELECT ('x' || substr(md5($1), 1, 8))::bit(32)::bigint / 4294967296.0::float8 $$;

-- n-th (1..4) uniform number out of one md5 hex string
CREATE FUNCTION pg_temp.u(text, int) RETURNS double precision
LANGUAGE sql IMMUTABLE STRICT
AS $$ SELECT ('x' || substr($1, $2 * 8 - 7, 8))::bit(32)::bigint / 4294967296.0::float8 $$;

-- local (UK) wall-clock time on day d, mins minutes after midnight
CREATE FUNCTION pg_temp.lt(date, double precision) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT
AS $$ SELECT ($1 + round($2 * 60) * interval '1 second') AT TIME ZONE 'Europe/London' $$;

-- =====================================================================
--  DDL
-- =====================================================================

-- ---------------------------------------------------------------- net
CREATE TABLE net.depot (
    depot_code  char(3)      PRIMARY KEY,
    depot_name  text         NOT NULL UNIQUE,
    town        text         NOT NULL,
    postcode    text         NOT NULL,
    depot_type  char(1)      NOT NULL CHECK (depot_type IN ('H', 'D')),
    opened_on   date         NOT NULL,
    lat         numeric(8,5),
    lon         numeric(8,5),
    dock_doors  smallint,
    mgr_name    text
);
COMMENT ON TABLE  net.depot IS 'Sites. One sortation hub (HUB, Markby) and the delivery depots.';
COMMENT ON COLUMN net.depot.depot_type IS 'H = sortation hub (trunking only, no deliveries), D = delivery depot';
COMMENT ON COLUMN net.depot.opened_on IS 'Date the site started operating; Fenby (FEN) opened 1 April 2024 and took over postcode districts KB31-KB36 from Dunmere';
COMMENT ON COLUMN net.depot.mgr_name IS 'Site manager';

CREATE TABLE net.van (
    van_id       integer      PRIMARY KEY,
    reg_no       text         NOT NULL UNIQUE,
    depot_code   char(3)      NOT NULL,
    make_model   text         NOT NULL,
    fuel         char(1)      NOT NULL CHECK (fuel IN ('D', 'E', 'H')),
    payload_kg   integer      NOT NULL,
    acquired_on  date         NOT NULL,
    disposed_on  date,
    mot_due      date,
    odo_km       integer
);
COMMENT ON TABLE  net.van IS 'Company delivery vans. Owner-drivers (emp_type OWN) use their own vehicle, which is not in this table.';
COMMENT ON COLUMN net.van.reg_no IS 'Registration plate';
COMMENT ON COLUMN net.van.depot_code IS 'Depot the van is allocated to';
COMMENT ON COLUMN net.van.fuel IS 'D = diesel, E = battery electric (BEV), H = hybrid';
COMMENT ON COLUMN net.van.disposed_on IS 'Date the van was sold / off-hired; NULL = still in the fleet';
COMMENT ON COLUMN net.van.mot_due IS 'Next MOT test due; NULL = van less than 3 years old, no MOT yet';
COMMENT ON COLUMN net.van.odo_km IS 'Odometer at last service (km)';

CREATE TABLE net.driver (
    driver_id   integer   PRIMARY KEY,
    staff_no    text      NOT NULL UNIQUE,
    first_name  text      NOT NULL,
    last_name   text      NOT NULL,
    emp_type    char(3)   NOT NULL CHECK (emp_type IN ('EMP', 'OWN', 'AGY')),
    started_on  date      NOT NULL,
    left_on     date,
    lic_cat     text      NOT NULL DEFAULT 'B',
    mobile      text
);
COMMENT ON TABLE  net.driver IS 'Delivery drivers (current and former). Home depot over time: net.driver_depot_hist.';
COMMENT ON COLUMN net.driver.emp_type IS 'EMP = employed driver, OWN = self-employed owner-driver (own van), AGY = agency driver';
COMMENT ON COLUMN net.driver.left_on IS 'Date the driver left; NULL = still working for us';
COMMENT ON COLUMN net.driver.lic_cat IS 'Driving licence category: B (up to 3.5 t) or C1 (up to 7.5 t)';

CREATE TABLE net.driver_depot_hist (
    driver_id   integer  NOT NULL,
    depot_code  char(3)  NOT NULL,
    valid_from  date     NOT NULL,
    valid_to    date,
    reason      text,
    PRIMARY KEY (driver_id, valid_from),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
);
COMMENT ON TABLE  net.driver_depot_hist IS 'Which depot a driver was based at, as validity ranges [valid_from, valid_to)';
COMMENT ON COLUMN net.driver_depot_hist.valid_to IS 'Exclusive end date; NULL = current assignment. For a driver who left, valid_to = left_on.';

CREATE TABLE net.shift (
    shift_id    integer      PRIMARY KEY,
    driver_id   integer      NOT NULL,
    depot_code  char(3)      NOT NULL,
    van_id      integer,
    shift_date  date         NOT NULL,
    route_no    smallint     NOT NULL,
    clock_in    timestamptz  NOT NULL,
    clock_out   timestamptz,
    km_start    integer,
    km_end      integer,
    UNIQUE (shift_date, depot_code, route_no)
);
COMMENT ON TABLE  net.shift IS 'One row per driver per working day (delivery round). Mon-Sat; no work on Sundays, 25/26 Dec and 1 Jan.';
COMMENT ON COLUMN net.shift.van_id IS 'Company van used; NULL = owner-driver using own vehicle';
COMMENT ON COLUMN net.shift.route_no IS 'Round number within the depot that day (1..n)';
COMMENT ON COLUMN net.shift.clock_out IS 'NULL = driver never clocked out (handheld not docked); km_end is then NULL too';

-- ---------------------------------------------------------------- crm
CREATE TYPE crm.acct_kind AS ENUM ('ecommerce', 'marketplace', 'wholesale', 'public_sector');

CREATE TABLE crm.account (
    account_no    text           PRIMARY KEY,
    trading_name  text           NOT NULL UNIQUE,
    legal_name    text           NOT NULL,
    kind          crm.acct_kind  NOT NULL,
    coll_depot    char(3)        NOT NULL,
    opened_on     date           NOT NULL,
    closed_on     date,
    credit_limit  numeric(10,2)  NOT NULL,
    vat_no        text,
    acct_mgr      text,
    billing_email text
);
COMMENT ON TABLE  crm.account IS 'Merchant / sender accounts (our customers). Recipients are not customers.';
COMMENT ON COLUMN crm.account.coll_depot IS 'Depot that collects from this merchant every evening (collection depot)';
COMMENT ON COLUMN crm.account.closed_on IS 'Account closed on this date; NULL = active account';
COMMENT ON COLUMN crm.account.vat_no IS 'NULL = not VAT registered';
COMMENT ON COLUMN crm.account.acct_mgr IS 'Named account manager; NULL = self-serve account';

CREATE TABLE crm.contract (
    contract_id  integer       PRIMARY KEY,
    account_no   text          NOT NULL,
    tier         char(3)       NOT NULL CHECK (tier IN ('STD', 'SLV', 'GLD', 'KEY')),
    valid_from   date          NOT NULL,
    valid_to     date,
    rate_xs      numeric(6,2)  NOT NULL,
    rate_s       numeric(6,2)  NOT NULL,
    rate_m       numeric(6,2)  NOT NULL,
    rate_l       numeric(6,2)  NOT NULL,
    rate_xl      numeric(6,2)  NOT NULL,
    fsc_pct      numeric(5,2)  NOT NULL,
    pay_terms_d  smallint      NOT NULL,
    sla_ftd_pct  numeric(4,1),
    signed_by    text,
    CHECK (valid_to IS NULL OR valid_to > valid_from)
);
COMMENT ON TABLE  crm.contract IS 'Rate contract history per account, validity [valid_from, valid_to). Prices are reviewed every 1 April; some accounts renegotiated on 1 Sept 2024.';
COMMENT ON COLUMN crm.contract.tier IS 'STD = standard, SLV = silver, GLD = gold, KEY = key account';
COMMENT ON COLUMN crm.contract.valid_to IS 'Exclusive end date; NULL = current contract';
COMMENT ON COLUMN crm.contract.rate_xs IS 'Carriage price per parcel (GBP, excl. VAT) for size band XS; rate_s/rate_m/rate_l/rate_xl likewise. OS (oversize) parcels are charged rate_xl plus the OVS surcharge.';
COMMENT ON COLUMN crm.contract.fsc_pct IS 'Fuel surcharge, percent of carriage';
COMMENT ON COLUMN crm.contract.pay_terms_d IS 'Payment terms in days after invoice date';
COMMENT ON COLUMN crm.contract.sla_ftd_pct IS 'Contracted first-time-delivery rate (%); NULL = no SLA';

-- ---------------------------------------------------------------- trk
CREATE TYPE trk.scan_kind AS ENUM (
    'collected', 'hub_in', 'depot_in', 'out_for_delivery', 'delivered',
    'delivery_failed', 'exception', 'rts_dispatched', 'returned_to_sender');
COMMENT ON TYPE trk.scan_kind IS 'collected = picked up from merchant; hub_in = sorted at Markby hub; depot_in = arrived at delivery depot; out_for_delivery = loaded on a round; delivered / delivery_failed = doorstep result; exception = damage or missing report; rts_dispatched = sent back towards sender; returned_to_sender = handed back to merchant';

CREATE TABLE trk.size_band (
    band_cd     char(2)   PRIMARY KEY,
    description text      NOT NULL,
    max_wt_g    integer,
    max_len_cm  integer,
    sort_order  smallint  NOT NULL
);
COMMENT ON TABLE trk.size_band IS 'Parcel size / weight bands used for pricing';
COMMENT ON COLUMN trk.size_band.max_wt_g IS 'Upper weight limit in grams; NULL = no upper limit (oversize)';

CREATE TABLE trk.fail_reason (
    fail_cd      char(2)  PRIMARY KEY,
    description  text     NOT NULL,
    category     text     NOT NULL CHECK (category IN ('CUST', 'ADDR', 'OPS')),
    next_action  char(3)  NOT NULL CHECK (next_action IN ('REA', 'RTS')),
    card_left    boolean  NOT NULL
);
COMMENT ON TABLE  trk.fail_reason IS 'Failed delivery attempt reason codes';
COMMENT ON COLUMN trk.fail_reason.category IS 'CUST = recipient side, ADDR = address problem, OPS = our own operational failure';
COMMENT ON COLUMN trk.fail_reason.next_action IS 'REA = re-attempt next working day (max 3 attempts), RTS = return to sender immediately';
COMMENT ON COLUMN trk.fail_reason.card_left IS 'A "sorry we missed you" card was left';

CREATE TABLE trk.parcel (
    parcel_id     bigint        PRIMARY KEY,
    tracking_no   text          NOT NULL UNIQUE,
    account_no    text          NOT NULL,
    service_cd    char(3)       NOT NULL CHECK (service_cd IN ('NDY', 'E48', 'T10')),
    band_cd       char(2)       NOT NULL,
    wt_g          integer       NOT NULL,
    decl_val      numeric(9,2),
    sig_req       boolean       NOT NULL DEFAULT false,
    recip_pcd     text          NOT NULL,
    recip_town    text          NOT NULL,
    dlv_depot     char(3)       NOT NULL,
    created_at    timestamptz   NOT NULL,
    collected_at  timestamptz,
    delivered_at  timestamptz,
    status_cd     char(2)       NOT NULL,
    chg_net       numeric(8,2),
    attrs         jsonb         NOT NULL DEFAULT '{}'::jsonb
) WITH (fillfactor = 85);
COMMENT ON TABLE  trk.parcel IS 'One row per parcel (consignment label) manifested by a merchant';
COMMENT ON COLUMN trk.parcel.tracking_no IS 'Customer-facing tracking number, printed on the label';
COMMENT ON COLUMN trk.parcel.service_cd IS 'NDY = next day, E48 = economy 48 hour, T10 = timed next day before 10:30';
COMMENT ON COLUMN trk.parcel.wt_g IS 'Weight in grams (weighed at hub)';
COMMENT ON COLUMN trk.parcel.decl_val IS 'Declared value (GBP) for enhanced cover; NULL = standard liability only (max 50 GBP)';
COMMENT ON COLUMN trk.parcel.sig_req IS 'Signature required on delivery';
COMMENT ON COLUMN trk.parcel.recip_pcd IS 'Recipient postcode';
COMMENT ON COLUMN trk.parcel.dlv_depot IS 'Delivery depot responsible for the recipient postcode';
COMMENT ON COLUMN trk.parcel.created_at IS 'Label created / manifested by the merchant';
COMMENT ON COLUMN trk.parcel.collected_at IS 'Collected from the merchant; NULL = not collected (yet)';
COMMENT ON COLUMN trk.parcel.delivered_at IS 'Successful delivery time; NULL = not delivered (in network, failed, returned, lost, cancelled)';
COMMENT ON COLUMN trk.parcel.status_cd IS 'Current status: MA = manifested, awaiting collection; IT = in transit (collected, not yet attempted); FA = failed attempt, awaiting re-delivery; DL = delivered; RT = returning to sender; RS = returned to sender (back with merchant); LS = lost (trace closed, claim route); CX = cancelled by merchant before collection';
COMMENT ON COLUMN trk.parcel.chg_net IS 'Price charged to the merchant excl. VAT and fuel surcharge (carriage + timed premium + oversize surcharge); NULL = not chargeable (cancelled)';
COMMENT ON COLUMN trk.parcel.attrs IS 'Merchant options. Keys: merchant_ref (order number), safe_place (text), fragile (true), age_check (true: 18+ ID check), notify (sms/email/both)';

CREATE TABLE trk.scan_event (
    scan_id     bigint          PRIMARY KEY,
    parcel_id   bigint          NOT NULL,
    scan_kind   trk.scan_kind   NOT NULL,
    scanned_at  timestamptz     NOT NULL,
    depot_code  char(3),
    driver_id   integer,
    device_id   text,
    note        text
);
COMMENT ON TABLE  trk.scan_event IS 'Tracking scans (largest table)';
COMMENT ON COLUMN trk.scan_event.depot_code IS 'Site where the scan happened; NULL = on the road (doorstep scans)';
COMMENT ON COLUMN trk.scan_event.driver_id IS 'Driver for out_for_delivery / doorstep scans; NULL for site scans';
COMMENT ON COLUMN trk.scan_event.device_id IS 'Scanner / handheld terminal (HHT) id';

CREATE TABLE trk.delivery_attempt (
    attempt_id    bigint       PRIMARY KEY,
    parcel_id     bigint       NOT NULL,
    attempt_no    smallint     NOT NULL CHECK (attempt_no BETWEEN 1 AND 3),
    shift_id      integer      NOT NULL,
    attempted_at  timestamptz  NOT NULL,
    outcome       char(1)      NOT NULL CHECK (outcome IN ('D', 'F')),
    fail_cd       char(2),
    UNIQUE (parcel_id, attempt_no),
    CHECK ((outcome = 'F') = (fail_cd IS NOT NULL))
);
COMMENT ON TABLE  trk.delivery_attempt IS 'Doorstep delivery attempts; at most 3 per parcel';
COMMENT ON COLUMN trk.delivery_attempt.outcome IS 'D = delivered, F = failed';
COMMENT ON COLUMN trk.delivery_attempt.fail_cd IS 'Reason for a failed attempt (trk.fail_reason); NULL when delivered';

CREATE TABLE trk.pod (
    parcel_id     bigint        PRIMARY KEY,
    attempt_id    bigint        NOT NULL UNIQUE,
    pod_type      char(3)       NOT NULL CHECK (pod_type IN ('SIG', 'PHO', 'SFP', 'NBR', 'LBX')),
    signed_by     text,
    nbr_house     text,
    photo_ref     text,
    gps_lat       numeric(8,5),
    gps_lon       numeric(8,5),
    captured_at   timestamptz   NOT NULL
);
COMMENT ON TABLE  trk.pod IS 'Proof of delivery, one per delivered parcel';
COMMENT ON COLUMN trk.pod.pod_type IS 'SIG = signed for by recipient, PHO = handed over, photo taken, SFP = left in the requested safe place, NBR = left with a neighbour, LBX = through the letterbox';
COMMENT ON COLUMN trk.pod.signed_by IS 'Name given at the door (SIG, NBR); NULL otherwise';
COMMENT ON COLUMN trk.pod.nbr_house IS 'Neighbour house number/name (NBR only)';

CREATE TABLE trk.return_item (
    return_id         integer      PRIMARY KEY,
    parcel_id         bigint       NOT NULL UNIQUE,
    rtn_reason        char(3)      NOT NULL CHECK (rtn_reason IN ('RTS', 'REF', 'AGE')),
    requested_at      timestamptz  NOT NULL,
    dispatched_at     timestamptz,
    received_back_at  timestamptz,
    rtn_fee           numeric(6,2) NOT NULL
);
COMMENT ON TABLE  trk.return_item IS 'Parcels going back to the merchant (return to sender)';
COMMENT ON COLUMN trk.return_item.rtn_reason IS 'RTS = three failed attempts, REF = refused by recipient, AGE = age check failed (no ID)';
COMMENT ON COLUMN trk.return_item.requested_at IS 'Time of the final failed attempt that triggered the return';
COMMENT ON COLUMN trk.return_item.dispatched_at IS 'Left the delivery depot; NULL = not yet dispatched';
COMMENT ON COLUMN trk.return_item.received_back_at IS 'Handed back to the merchant; NULL = still on its way back';
COMMENT ON COLUMN trk.return_item.rtn_fee IS 'Return fee charged to the merchant (RTN line on the invoice)';

-- ---------------------------------------------------------------- fin
CREATE TABLE fin.charge_code (
    charge_cd    char(3)       PRIMARY KEY,
    description  text          NOT NULL,
    std_rate     numeric(8,2),
    vatable      boolean       NOT NULL DEFAULT true
);
COMMENT ON TABLE  fin.charge_code IS 'Invoice line types: carriage, surcharges, fees and credits';
COMMENT ON COLUMN fin.charge_code.std_rate IS 'Fixed unit price where there is one; NULL = calculated';

CREATE TABLE fin.invoice (
    invoice_no    text           PRIMARY KEY,
    account_no    text           NOT NULL,
    period_start  date           NOT NULL,
    period_end    date           NOT NULL,
    issued_on     date           NOT NULL,
    due_on        date           NOT NULL,
    paid_on       date,
    net_amount    numeric(12,2)  NOT NULL,
    vat_amount    numeric(12,2)  NOT NULL,
    gross_amount  numeric(12,2)  GENERATED ALWAYS AS (net_amount + vat_amount) STORED,
    status        char(1)        NOT NULL CHECK (status IN ('O', 'P', 'D', 'W')),
    pay_ref       text
);
COMMENT ON TABLE  fin.invoice IS 'Monthly invoice per account (calendar month), issued on the first weekday of the following month';
COMMENT ON COLUMN fin.invoice.paid_on IS 'Date payment was received; NULL = unpaid';
COMMENT ON COLUMN fin.invoice.net_amount IS 'Total excl. VAT (sum of invoice lines, credits included)';
COMMENT ON COLUMN fin.invoice.vat_amount IS 'VAT at 20%';
COMMENT ON COLUMN fin.invoice.status IS 'O = open (issued, not paid), P = paid, D = disputed by the customer (payment on hold), W = written off (bad debt, not owed any more)';
COMMENT ON COLUMN fin.invoice.pay_ref IS 'Bank payment reference';

CREATE TABLE fin.invoice_line (
    invoice_no   text           NOT NULL,
    line_no      smallint       NOT NULL,
    charge_cd    char(3)        NOT NULL,
    qty          integer        NOT NULL,
    amount       numeric(12,2)  NOT NULL,
    PRIMARY KEY (invoice_no, line_no)
);
COMMENT ON COLUMN fin.invoice_line.qty IS 'Number of parcels / returns / claims on the line (1 for FSC)';
COMMENT ON COLUMN fin.invoice_line.amount IS 'Line amount excl. VAT; negative for credits (CRN)';

CREATE TABLE fin.claim (
    claim_id        integer        PRIMARY KEY,
    claim_ref       text           NOT NULL UNIQUE,
    account_no      text           NOT NULL,
    parcel_id       bigint         NOT NULL,
    claim_type      text           NOT NULL CHECK (claim_type IN ('LOST', 'DMG', 'LATE')),
    lodged_on       date           NOT NULL,
    amount_claimed  numeric(9,2)   NOT NULL,
    amount_settled  numeric(9,2),
    decision        char(1),
    decided_on      date,
    handler         text,
    CHECK ((decision IS NULL) = (decided_on IS NULL))
);
COMMENT ON TABLE  fin.claim IS 'Merchant compensation claims for lost, damaged or late parcels. Imported nightly from the claims portal.';
COMMENT ON COLUMN fin.claim.parcel_id IS 'Parcel claimed for (trk.parcel.parcel_id). No foreign key: a few claims migrated from the old portal point to parcels that are not in this database.';
COMMENT ON COLUMN fin.claim.claim_type IS 'LOST = lost in network, DMG = damaged, LATE = timed (T10) delivery after 10:30, refund of the premium';
COMMENT ON COLUMN fin.claim.amount_settled IS 'Amount paid out / credited; 0 when rejected; NULL = not decided yet';
COMMENT ON COLUMN fin.claim.decision IS 'A = accepted in full (up to liability cover), P = partly accepted, R = rejected, NULL = pending';

-- =====================================================================
--  DATA
-- =====================================================================

-- working days (Mon-Sat, not 25/26 Dec, not 1 Jan)
CREATE TEMP TABLE wd AS
SELECT row_number() OVER (ORDER BY g)::int AS idx, g::date AS d
FROM generate_series(date '2023-05-01', date '2024-12-31', interval '1 day') g
WHERE extract(isodow FROM g) < 7
  AND to_char(g, 'MM-DD') NOT IN ('12-25', '12-26', '01-01');
CREATE UNIQUE INDEX ON wd (idx);
CREATE UNIQUE INDEX ON wd (d);

CREATE TEMP TABLE cst AS
SELECT (SELECT idx FROM wd WHERE d = '2023-07-01') AS s,
       (SELECT idx FROM wd WHERE d = '2024-11-13') AS t,
       (SELECT idx FROM wd WHERE d = '2023-11-20') AS p1,
       (SELECT idx FROM wd WHERE d = '2023-12-22') AS p2;

-- ---------------------------------------------------------------- depots
INSERT INTO net.depot VALUES
 ('HUB', 'Markby Hub',          'Markby',      'KB0 1HX',  'H', '2016-05-02', 52.61840, -1.20530, 48, 'Sandra Okafor'),
 ('NTH', 'Northgate Depot',     'Northgate',   'KB2 7NT',  'D', '2016-05-02', 52.71520, -1.18240, 12, 'Gareth Pryce'),
 ('ASH', 'Ashworth Depot',      'Ashworth',    'KB8 3AW',  'D', '2017-02-13', 52.64410, -1.35820, 10, 'Helen Marsh'),
 ('BRK', 'Brackwater Depot',    'Brackwater',  'KB14 9BW', 'D', '2017-09-04', 52.55090, -1.29760,  8, 'Imran Siddiqui'),
 ('CLV', 'Cleveholm Depot',     'Cleveholm',   'KB20 4CL', 'D', '2018-06-11', 52.52660, -1.09410,  8, 'Joanne Pike'),
 ('DUN', 'Dunmere Depot',       'Dunmere',     'KB26 2DN', 'D', '2016-05-02', 52.60270, -0.98130, 14, 'Colin Ashby'),
 ('FEN', 'Fenby Depot',         'Fenby',       'KB33 1FE', 'D', '2024-04-01', 52.66930, -0.87450,  8, 'Rachel Nwosu'),
 ('HLT', 'Holtcross Depot',     'Holtcross',   'KB38 6HX', 'D', '2019-03-18', 52.74980, -1.02260,  8, 'Owen Tasker');

CREATE TEMP TABLE depot_cfg (depot char(3), k int, ord int);
INSERT INTO depot_cfg VALUES ('NTH',6,1),('ASH',6,2),('BRK',5,3),('CLV',5,4),('DUN',8,5),('HLT',5,7);

-- postcode districts KB1..KB42 -> depot and town
CREATE TEMP TABLE district AS
SELECT n AS dist,
       (ARRAY['NTH','ASH','BRK','CLV','DUN','FEN','HLT'])[(n - 1) / 6 + 1]::char(3) AS depot,
       (ARRAY[ARRAY['Northgate','Upper Northgate','Kelby'],
              ARRAY['Ashworth','Ashworth Green','Tolley'],
              ARRAY['Brackwater','Millbrook','Sedge End'],
              ARRAY['Cleveholm','Harrowby','Cleve St Mary'],
              ARRAY['Dunmere','Dunmere Wharf','Oxley'],
              ARRAY['Fenby','Fenby Marsh','Gosford'],
              ARRAY['Holtcross','Ranby','Wyke Hill']])[(n - 1) / 6 + 1][(n - 1) % 3 + 1] AS town
FROM generate_series(1, 42) n;

-- ---------------------------------------------------------------- drivers
CREATE TEMP TABLE drv0 AS
WITH a AS (
    SELECT c.depot, s,
           date '2014-03-03' + floor(pg_temp.h('sa' || c.depot || s) * 3380)::int AS started_on,
           CASE WHEN pg_temp.h('lv' || c.depot || s) < 0.33 AND NOT (c.depot = 'DUN' AND s >= 6)
                THEN date '2023-08-14' + floor(pg_temp.h('ld' || c.depot || s) * 420)::int END AS left_on
    FROM depot_cfg c CROSS JOIN LATERAL generate_series(1, c.k) s
)
SELECT depot, s, 'A'::text AS gen, started_on, left_on FROM a
UNION ALL
SELECT depot, s, 'B', left_on + 7 + floor(pg_temp.h('gp' || depot || s) * 14)::int, NULL FROM a WHERE left_on IS NOT NULL
UNION ALL
SELECT 'FEN', s, 'N', date '2024-03-18', NULL FROM generate_series(4, 5) s
UNION ALL
SELECT (ARRAY['NTH','ASH','BRK','DUN'])[x], 0, 'X',
       date '2016-06-06' + floor(pg_temp.h('xs' || x) * 1500)::int,
       date '2021-09-01' + floor(pg_temp.h('xl' || x) * 600)::int
FROM generate_series(1, 4) x;

CREATE TEMP TABLE drv AS
SELECT row_number() OVER (ORDER BY started_on, depot, s)::int + 100 AS driver_id, d.*,
       CASE gen WHEN 'B' THEN CASE WHEN pg_temp.h('et' || depot || s || gen) < 0.45 THEN 'EMP'
                                   WHEN pg_temp.h('et' || depot || s || gen) < 0.72 THEN 'OWN' ELSE 'AGY' END
                WHEN 'N' THEN 'EMP'
                ELSE CASE WHEN pg_temp.h('et' || depot || s || gen) < 0.8 THEN 'EMP' ELSE 'OWN' END END AS emp_type
FROM drv0 d;

INSERT INTO net.driver
SELECT driver_id,
       'D' || (4000 + driver_id),
       (ARRAY['James','Olivia','Mohammed','Sarah','Daniel','Aisha','Tomasz','Emma','Liam','Priya',
              'Connor','Grace','Ryan','Chloe','Kwame','Hannah','Jack','Zofia','Adam','Megan',
              'Lewis','Fatima','Nathan','Ellie','Marcus','Leah','Callum','Sophie','Dylan','Ayesha'])[1 + driver_id % 30],
       (ARRAY['Walker','Patel','Nowak','Hughes','Khan','Robinson','Clarke','Evans','Begum','Turner',
              'Shaw','Kowalski','Mitchell','Ahmed','Bennett','Hall','Lloyd','Osei','Price','Ward',
              'Fletcher','Hussain','Baker','Doyle','Reid','Murray','Singh','Cooper','Lawson'])[1 + driver_id % 29],
       emp_type, started_on, left_on,
       CASE WHEN pg_temp.h('lc' || driver_id) < 0.25 THEN 'C1' ELSE 'B' END,
       '07' || lpad((floor(pg_temp.h('mob' || driver_id) * 1e9))::bigint::text, 9, '0')
FROM drv;

INSERT INTO net.driver_depot_hist
SELECT driver_id, depot, started_on, left_on, 'hired' FROM drv
WHERE gen IN ('A', 'B', 'X') AND NOT (depot = 'DUN' AND s >= 6 AND gen = 'A')
UNION ALL
SELECT driver_id, 'DUN', started_on, date '2024-04-01', 'hired' FROM drv WHERE depot = 'DUN' AND s >= 6 AND gen = 'A'
UNION ALL
SELECT driver_id, 'FEN', date '2024-04-01', NULL, 'transfer to new Fenby depot' FROM drv WHERE depot = 'DUN' AND s >= 6 AND gen = 'A'
UNION ALL
SELECT driver_id, 'DUN', started_on, date '2024-04-01', 'induction at Dunmere' FROM drv WHERE gen = 'N'
UNION ALL
SELECT driver_id, 'FEN', date '2024-04-01', NULL, 'Fenby opening' FROM drv WHERE gen = 'N';

-- ---------------------------------------------------------------- vans
CREATE TEMP TABLE van0 AS
SELECT dc.depot, v,
       CASE WHEN dc.depot = 'FEN' THEN date '2024-03-11'
            ELSE date '2019-01-07' + floor(pg_temp.h('va' || dc.depot || v) * 1600)::int END AS acquired_on,
       CASE WHEN dc.depot = 'FEN' OR pg_temp.h('vf' || dc.depot || v) < 0.28 THEN 'E'
            WHEN pg_temp.h('vf' || dc.depot || v) > 0.93 THEN 'H' ELSE 'D' END AS fuel,
       CASE WHEN dc.depot = 'DUN' AND v >= 8 THEN date '2024-05-20' END AS disposed_on
FROM (SELECT depot, k + 2 AS nv FROM depot_cfg UNION ALL SELECT 'FEN', 6) dc
CROSS JOIN LATERAL generate_series(1, dc.nv) v
UNION ALL   -- old vans sold before the data period
SELECT (ARRAY['NTH','ASH','BRK','CLV','DUN','HLT'])[x], 20 + x,
       date '2016-05-02' + floor(pg_temp.h('ova' || x) * 500)::int, 'D',
       date '2022-10-03' + floor(pg_temp.h('ovd' || x) * 200)::int
FROM generate_series(1, 6) x;

CREATE TEMP TABLE van1 AS
SELECT row_number() OVER (ORDER BY acquired_on, depot, v)::int AS van_id,
       'K' || chr(65 + (v * 7 + ascii(substr(depot, 1, 1))) % 26)
           || to_char(acquired_on, 'YY') || ' '
           || chr(65 + (row_number() OVER (ORDER BY depot, v))::int / 26 % 26)
           || chr(65 + (row_number() OVER (ORDER BY depot, v))::int % 26)
           || chr(65 + floor(pg_temp.h('rg' || depot || v) * 26)::int) AS reg_no,
       depot,
       v, CASE fuel WHEN 'E' THEN (ARRAY['Ford E-Transit','Mercedes-Benz eVito','Peugeot e-Expert','Vauxhall Vivaro Electric'])[1 + floor(pg_temp.h('mm' || depot || v) * 4)::int]
                 WHEN 'H' THEN 'Ford Transit Custom PHEV'
                 ELSE (ARRAY['Ford Transit','Ford Transit Custom','Vauxhall Vivaro','Renault Master'])[1 + floor(pg_temp.h('mm' || depot || v) * 4)::int] END AS make_model,
       fuel,
       CASE WHEN fuel = 'E' THEN 900 + floor(pg_temp.h('pl' || depot || v) * 4)::int * 50
            ELSE 1100 + floor(pg_temp.h('pl' || depot || v) * 6)::int * 50 END AS payload_kg,
       acquired_on, disposed_on,
       CASE WHEN disposed_on IS NULL AND acquired_on < date '2021-11-14'
            THEN make_date(2024 + (CASE WHEN to_char(acquired_on, 'MMDD') < '1114' THEN 1 ELSE 0 END),
                           extract(month FROM acquired_on)::int, 1) END AS mot_due,
       (greatest(date '2024-11-01', coalesce(disposed_on, date '2024-11-01')) - acquired_on) * 41
         + floor(pg_temp.h('od' || depot || v) * 8000)::int AS odo_km
FROM van0;

INSERT INTO net.van
SELECT van_id, reg_no, depot, make_model, fuel, payload_kg, acquired_on, disposed_on, mot_due, odo_km FROM van1;

-- ---------------------------------------------------------------- shifts
-- candidate driver-days; a driver is absent on the weekly day off, holiday weeks and sick days.
-- If everybody at a depot would be absent, the lowest driver id is called in.
CREATE TEMP TABLE sh_c AS
SELECT q.*,
       bool_and(q.absent) OVER (PARTITION BY q.depot_code, q.d) AS all_absent,
       min(q.driver_id)   OVER (PARTITION BY q.depot_code, q.d) AS min_drv
FROM (
    SELECT d.driver_id, d.emp_type, hst.depot_code, w.d, w.idx,
           ((d.driver_id + extract(isodow FROM w.d)::int) % 6 = 0
            OR pg_temp.h('hol' || d.driver_id || to_char(w.d, 'IYYY-IW')) < 0.06
            OR pg_temp.h('sk' || d.driver_id || w.d) < 0.02) AS absent
    FROM drv d
    JOIN net.driver_depot_hist hst ON hst.driver_id = d.driver_id
    JOIN wd w ON w.d >= greatest(hst.valid_from, date '2023-07-01')
             AND w.d <  least(coalesce(hst.valid_to, date '2024-11-14'), date '2024-11-14')
) q;

CREATE TEMP TABLE sh0 AS
SELECT driver_id, emp_type, depot_code, d, idx
FROM sh_c
WHERE NOT absent OR (all_absent AND driver_id = min_drv);

CREATE TEMP TABLE sh1 AS
SELECT s.*, row_number() OVER (PARTITION BY depot_code, d ORDER BY driver_id)::int AS route_no
FROM sh0 s;

INSERT INTO net.shift
SELECT row_number() OVER (ORDER BY s.d, s.depot_code, s.route_no)::int,
       s.driver_id, s.depot_code,
       CASE WHEN s.emp_type = 'OWN' THEN NULL ELSE v.van_id END,
       s.d, s.route_no,
       pg_temp.lt(s.d, 405 + pg_temp.h('ci' || s.driver_id || s.d) * 30),
       CASE WHEN pg_temp.h('nco' || s.driver_id || s.d) >= 0.012
            THEN pg_temp.lt(s.d, 1035 + pg_temp.h('co' || s.driver_id || s.d) * 150) END,
       20000 + floor(pg_temp.h('ks' || s.driver_id || s.d) * 90000)::int,
       CASE WHEN pg_temp.h('nco' || s.driver_id || s.d) >= 0.012
            THEN 20000 + floor(pg_temp.h('ks' || s.driver_id || s.d) * 90000)::int
                 + 55 + floor(pg_temp.h('km' || s.driver_id || s.d) * 130)::int END
FROM sh1 s
LEFT JOIN van1 v ON v.depot = s.depot_code AND v.v = s.route_no
       AND v.acquired_on <= s.d AND (v.disposed_on IS NULL OR v.disposed_on > s.d);

CREATE TEMP TABLE shcnt AS
SELECT depot_code, shift_date, count(*)::int AS cnt FROM net.shift GROUP BY 1, 2;
CREATE UNIQUE INDEX ON shcnt (depot_code, shift_date);
CREATE INDEX ON net.shift (shift_date, depot_code, route_no);

-- ---------------------------------------------------------------- accounts
INSERT INTO crm.account
SELECT 'A' || (10000 + a),
       (ARRAY['Bramble','Northvale','Copperleaf','Harbourside','Oakridge','Fenwick','Lumen','Pennyroyal','Sable','Thistle',
              'Wrenfield','Juniper','Marlow','Greystone','Hollyhock','Quayside','Riverbend','Saltmarsh','Tidewell','Ember'])[(a - 1) % 20 + 1]
       || ' ' ||
       (ARRAY['Pet Supplies','Books','Home & Garden','Outdoor','Cycles','Tea Company','Candles','Electronics',
              'Apparel','Pharmacy','Toys','Crafts','Auto Parts','Wine Merchants','Print Studio','Beauty'])[((a - 1) * 7 + (a - 1) / 20) % 16 + 1],
       '', -- legal name filled below
       CASE WHEN a IN (2, 5) THEN 'marketplace'
            WHEN pg_temp.h('kd' || a) < 0.04 THEN 'public_sector'
            WHEN pg_temp.h('kd' || a) < 0.19 THEN 'wholesale'
            ELSE 'ecommerce' END::crm.acct_kind,
       CASE WHEN a > 210 AND pg_temp.h('cd' || a) < 0.15 AND a % 2 = 0 THEN 'FEN'
            ELSE (ARRAY['NTH','ASH','BRK','CLV','DUN','HLT'])[1 + floor(pg_temp.h('cd' || a) * 6)::int] END,
       CASE WHEN a <= 20 THEN date '2016-05-02' + floor(pg_temp.h('op' || a) * 1800)::int
            WHEN a <= 210 THEN date '2016-05-02' + floor(pg_temp.h('op' || a) * 2530)::int
            ELSE date '2023-07-03' + floor(pg_temp.h('op' || a) * 485)::int END,
       CASE WHEN a BETWEEN 21 AND 210 AND pg_temp.h('cl' || a) < 0.05
            THEN date '2023-09-01' + floor(pg_temp.h('cld' || a) * 400)::int END,
       CASE WHEN a <= 8 THEN 50000 WHEN a <= 30 THEN 20000 WHEN a <= 100 THEN 8000 ELSE 2000 END,
       CASE WHEN pg_temp.h('vat' || a) < 0.08 THEN NULL
            ELSE 'GB' || lpad(floor(pg_temp.h('vn' || a) * 1e9)::bigint::text, 9, '0') END,
       CASE WHEN a <= 100 THEN (ARRAY['Priya Raman','Tom Hadley','Nicola Burns','Femi Adebayo','Lucy Carver'])[1 + a % 5] END,
       NULL
FROM generate_series(1, 320) a;

-- public-sector customers trade under their own names
UPDATE crm.account a
SET trading_name = n.nm
FROM (SELECT account_no, row_number() OVER (ORDER BY account_no) AS rn FROM crm.account WHERE kind = 'public_sector') q
JOIN (SELECT * FROM unnest(ARRAY['Markby Borough Council','Northgate District Council','Ashworth Library Service',
                                 'Brackwater Hospital Pharmacy','Cleveholm College','Dunmere Town Council',
                                 'Holtcross Academy Trust','Kelby Primary Care Network','Oxley Fire & Rescue Stores',
                                 'Ranby Community Hospital','Tolley Museum Service','Sedge End Schools Partnership',
                                 'Harrowby Parish Council','Gosford Leisure Trust','Millbrook Health Centre'])
             WITH ORDINALITY AS t(nm, rn)) n ON n.rn = q.rn
WHERE a.account_no = q.account_no;

UPDATE crm.account
SET legal_name = trading_name || CASE WHEN kind = 'public_sector' THEN '' ELSE ' Ltd' END,
    billing_email = 'accounts@' || lower(regexp_replace(trading_name, '[^A-Za-z]', '', 'g')) || '.example.co.uk';
-- FEN-collected accounts must open after Fenby opened
UPDATE crm.account SET opened_on = greatest(opened_on, date '2024-04-08') WHERE coll_depot = 'FEN';

CREATE TEMP TABLE acc AS
SELECT (substr(account_no, 2)::int - 10000) AS a, account_no, opened_on, closed_on, coll_depot
FROM crm.account;
CREATE UNIQUE INDEX ON acc (a);

-- ---------------------------------------------------------------- contracts
CREATE TEMP TABLE ctr0 AS
WITH b AS (
    SELECT c.a, c.account_no, c.opened_on, c.closed_on, x.bfrom
    FROM acc c
    CROSS JOIN LATERAL (
        SELECT c.opened_on AS bfrom
        UNION
        SELECT make_date(y, 4, 1) FROM generate_series(2016, 2024) y
        WHERE make_date(y, 4, 1) > c.opened_on
        UNION
        SELECT date '2024-09-01' WHERE pg_temp.h('mid' || c.a) < 0.08 AND c.opened_on < date '2024-09-01'
    ) x
    WHERE c.closed_on IS NULL OR x.bfrom < c.closed_on
)
SELECT b.*,
       coalesce(lead(bfrom) OVER (PARTITION BY a ORDER BY bfrom), closed_on) AS bto,
       extract(year FROM bfrom - interval '3 months')::int AS ry
FROM b;

INSERT INTO crm.contract
SELECT row_number() OVER (ORDER BY a, bfrom)::int,
       account_no, tier, bfrom, bto,
       round(3.10 * m, 2), round(3.80 * m, 2), round(4.70 * m, 2), round(6.30 * m, 2), round(9.40 * m, 2),
       CASE WHEN ry <= 2021 THEN 5.50 WHEN ry = 2022 THEN 11.00 WHEN ry = 2023 THEN 9.25 ELSE 7.50 END,
       CASE tier WHEN 'KEY' THEN 45 WHEN 'GLD' THEN 30 WHEN 'SLV' THEN 30 ELSE 14 END,
       CASE tier WHEN 'KEY' THEN 96.0 WHEN 'GLD' THEN 95.0 END,
       (ARRAY['M. Greaves','S. Iqbal','R. Fontaine','K. Obi','J. Halloran'])[1 + floor(pg_temp.h('sg' || a || bfrom) * 5)::int]
FROM (
    SELECT c.*, t.tier,
           (power(1.048, ry - 2023)
           * CASE t.tier WHEN 'KEY' THEN 0.72 WHEN 'GLD' THEN 0.84 WHEN 'SLV' THEN 0.92 ELSE 1.0 END
           * (0.97 + 0.06 * pg_temp.h('rj' || a))
           * CASE WHEN bfrom = date '2024-09-01' THEN 0.97 ELSE 1.0 END)::numeric AS m
    FROM ctr0 c
    CROSS JOIN LATERAL (
        SELECT CASE WHEN a <= 8 THEN 'KEY' WHEN a <= 30 THEN 'GLD' WHEN a <= 100 THEN 'SLV'
                    WHEN a <= 125 AND ry >= 2024 AND pg_temp.h('up' || a) < 0.4 THEN 'SLV'
                    ELSE 'STD' END AS tier
    ) t
) z;

-- ---------------------------------------------------------------- lookups
INSERT INTO trk.size_band VALUES
 ('XS', 'Extra small / large letter (up to 1 kg, max 35 cm)', 1000, 35, 1),
 ('S',  'Small (up to 2 kg, max 45 cm)',                      2000, 45, 2),
 ('M',  'Medium (up to 5 kg, max 61 cm)',                     5000, 61, 3),
 ('L',  'Large (up to 15 kg, max 100 cm)',                   15000, 100, 4),
 ('XL', 'Extra large (up to 30 kg, max 120 cm)',             30000, 120, 5),
 ('OS', 'Oversize (over 30 kg or over 120 cm, two-person)',   NULL, NULL, 6);

INSERT INTO trk.fail_reason VALUES
 ('NA', 'No one home - card left',                      'CUST', 'REA', true),
 ('AC', 'No access (gate, intercom, building closed)',  'ADDR', 'REA', true),
 ('AI', 'Address incomplete or not found',              'ADDR', 'REA', false),
 ('RF', 'Refused by recipient',                         'CUST', 'RTS', false),
 ('OT', 'Driver ran out of time',                       'OPS',  'REA', false),
 ('WX', 'Weather or vehicle breakdown',                 'OPS',  'REA', false),
 ('CL', 'Business closed',                              'CUST', 'REA', true),
 ('AG', 'Age check failed - no valid ID',               'CUST', 'RTS', true);

INSERT INTO fin.charge_code VALUES
 ('CAR', 'Carriage (per parcel, by size band)',        NULL, true),
 ('T10', 'Timed delivery premium (before 10:30)',      4.50, true),
 ('OVS', 'Oversize surcharge',                        12.00, true),
 ('FSC', 'Fuel surcharge (% of carriage)',             NULL, true),
 ('RTN', 'Return to sender fee',                       3.75, true),
 ('CRN', 'Credit note - settled claims',               NULL, true);

-- ---------------------------------------------------------------- parcels
CREATE TEMP TABLE p0 AS
SELECT i,
       CASE WHEN pg_temp.h('pk' || i) < 0.10
            THEN c.p1 + floor(pg_temp.h('pd' || i) * (c.p2 - c.p1 + 1))::int
            ELSE c.s + floor(power(pg_temp.h('d' || i), 0.8) * (c.t - c.s + 1))::int END AS k,
       1 + floor(320 * power(pg_temp.h('a' || i), 2.2))::int AS a0,
       pg_temp.h('sv' || i) AS usv,
       pg_temp.h('bd' || i) AS ubd,
       1 + floor(42 * pg_temp.h('di' || i))::int AS dist
FROM generate_series(1, 80000) i CROSS JOIN cst c;

CREATE TEMP TABLE p1 AS
SELECT p.i, p.k, w.d AS cdate, p.dist, p.usv, p.ubd,
       CASE WHEN ac.opened_on > w.d OR ac.closed_on <= w.d
            THEN 1 + floor(20 * pg_temp.h('rm' || p.i))::int ELSE p.a0 END AS a
FROM p0 p JOIN wd w ON w.idx = p.k JOIN acc ac ON ac.a = p.a0;

CREATE TEMP TABLE p2 AS
SELECT p.*,
       CASE WHEN p.usv < 0.66 THEN 'NDY' WHEN p.usv < 0.95 THEN 'E48' ELSE 'T10' END AS svc,
       CASE WHEN p.ubd < 0.17 THEN 'XS' WHEN p.ubd < 0.47 THEN 'S' WHEN p.ubd < 0.74 THEN 'M'
            WHEN p.ubd < 0.89 THEN 'L' WHEN p.ubd < 0.975 THEN 'XL' ELSE 'OS' END AS band,
       pg_temp.u(r.m1, 1) < 0.004 AS cx,
       CASE WHEN pg_temp.u(r.m1, 2) < 0.03 THEN p.k + 1 ELSE p.k END AS cidx,
       pg_temp.u(r.m1, 3) < 0.03 AS age_chk,
       pg_temp.u(r.m1, 4) < 0.08 AS sig0,
       CASE WHEN pg_temp.u(r.m2, 1) < 0.12 THEN round((20 + power(pg_temp.u(r.m2, 2), 2) * 1480)::numeric, 0) END AS decl_val,
       pg_temp.u(r.m2, 3) AS uf1, pg_temp.u(r.m2, 4) AS uf2, pg_temp.u(r.m3, 1) AS uf3,
       pg_temp.u(r.m3, 2) AS uc1, pg_temp.u(r.m3, 3) AS uc2, pg_temp.u(r.m3, 4) AS uc3
FROM p1 p
CROSS JOIN LATERAL (SELECT md5('p2r1-' || p.i) AS m1, md5('p2r2-' || p.i) AS m2, md5('p2r3-' || p.i) AS m3 OFFSET 0) r;

CREATE TEMP TABLE p3 AS
SELECT p.*,
       CASE WHEN p.svc = 'E48' THEN p.cidx + 2 ELSE p.cidx + 1 END AS fidx,
       (NOT p.cx AND pg_temp.h('lost' || p.i) < 0.002 AND p.cidx <= c.t - 6) AS lost,
       (NOT p.cx AND pg_temp.h('dmg' || p.i) < 0.006) AS dmg_hub,
       c.t
FROM p2 p CROSS JOIN cst c;

-- failure probabilities and codes
CREATE TEMP TABLE p4 AS
SELECT q.*,
       CASE WHEN q.fail1 THEN
            CASE WHEN q.age_chk AND q.uc1 < 0.35 THEN 'AG'
                 WHEN q.uc1 < 0.50 THEN 'NA' WHEN q.uc1 < 0.62 THEN 'AC' WHEN q.uc1 < 0.71 THEN 'AI'
                 WHEN q.uc1 < 0.77 THEN 'RF' WHEN q.uc1 < 0.89 THEN 'OT' WHEN q.uc1 < 0.94 THEN 'WX' ELSE 'CL' END END AS fc1
FROM (
    SELECT p.*, fd.depot AS dlv,
           p.uf1 < (0.055 + CASE WHEN p.sig0 OR p.age_chk THEN 0.07 ELSE 0 END
                          + CASE WHEN p.band = 'XS' THEN -0.03 ELSE 0 END
                          + CASE fd.depot WHEN 'HLT' THEN 0.035 WHEN 'NTH' THEN 0.015 WHEN 'FEN' THEN 0.02 ELSE 0 END
                          + CASE WHEN extract(month FROM w.d) IN (12, 1, 2) THEN 0.02 ELSE 0 END) AS fail1
    FROM p3 p
    JOIN wd w ON w.idx = p.fidx
    JOIN district ds ON ds.dist = p.dist
    CROSS JOIN LATERAL (SELECT CASE WHEN ds.depot = 'FEN' AND w.d < date '2024-04-01' THEN 'DUN' ELSE ds.depot END::char(3) AS depot) fd
) q;

CREATE TEMP TABLE p5 AS
SELECT q.*,
       CASE WHEN q.fail2 THEN
            CASE WHEN q.uc2 < 0.55 THEN 'NA' WHEN q.uc2 < 0.66 THEN 'AC' WHEN q.uc2 < 0.76 THEN 'AI'
                 WHEN q.uc2 < 0.80 THEN 'RF' WHEN q.uc2 < 0.90 THEN 'OT' WHEN q.uc2 < 0.95 THEN 'WX' ELSE 'CL' END END AS fc2
FROM (SELECT p.*, (p.fail1 AND p.fc1 NOT IN ('RF', 'AG') AND p.uf2 < 0.28) AS fail2 FROM p4 p) q;

CREATE TEMP TABLE p6 AS
SELECT q.*,
       CASE WHEN q.fail3 THEN
            CASE WHEN q.uc3 < 0.60 THEN 'NA' WHEN q.uc3 < 0.72 THEN 'AC' WHEN q.uc3 < 0.82 THEN 'AI'
                 WHEN q.uc3 < 0.86 THEN 'RF' WHEN q.uc3 < 0.93 THEN 'OT' WHEN q.uc3 < 0.96 THEN 'WX' ELSE 'CL' END END AS fc3,
       1 + (CASE WHEN q.fail1 AND q.fc1 NOT IN ('RF', 'AG') THEN 1 ELSE 0 END)
         + (CASE WHEN q.fail2 AND q.fc2 <> 'RF' THEN 1 ELSE 0 END) AS n_att
FROM (SELECT p.*, (p.fail2 AND p.fc2 <> 'RF' AND p.uf3 < 0.30) AS fail3 FROM p5 p) q;

CREATE TEMP TABLE pg AS
SELECT p.*,
       (CASE p.n_att WHEN 1 THEN p.fail1 WHEN 2 THEN p.fail2 ELSE p.fail3 END) AS final_fail,
       CASE p.n_att WHEN 1 THEN p.fc1 WHEN 2 THEN p.fc2 ELSE p.fc3 END AS last_fc,
       -- attempts that have happened by the snapshot
       CASE WHEN p.cx OR p.lost OR p.cidx > p.t OR p.fidx > p.t THEN 0
            ELSE least(p.n_att, p.t - p.fidx + 1) END AS n_done,
       p.fidx + p.n_att - 1 AS lidx
FROM p6 p;

-- final parcel ids in creation order
CREATE TEMP TABLE pid AS
SELECT p.i,
       1000000 + row_number() OVER (ORDER BY p.k, pg_temp.h('ct' || p.i), p.i)::bigint AS parcel_id,
       pg_temp.lt(p.cdate, 480 + pg_temp.h('ct' || p.i) * 480) AS created_at
FROM pg p;
CREATE UNIQUE INDEX ON pid (i);
ANALYZE pg; ANALYZE pid;

-- attempts
CREATE TEMP TABLE att AS
SELECT p.i, x.parcel_id, j AS attempt_no, w.d AS adate, p.fidx + j - 1 AS aidx, p.dlv,
       CASE WHEN j < p.n_att THEN 'F' WHEN p.final_fail THEN 'F' ELSE 'D' END AS outcome,
       CASE j WHEN 1 THEN p.fc1 WHEN 2 THEN p.fc2 ELSE p.fc3 END AS fail_cd,
       CASE WHEN p.svc = 'T10' AND j = 1
            THEN pg_temp.lt(w.d, 480 + pg_temp.h('at' || p.i || j) * 165)
            ELSE pg_temp.lt(w.d, 540 + pg_temp.h('at' || p.i || j) * 480) END AS attempted_at,
       pg_temp.lt(w.d, 435 + pg_temp.h('ofd' || p.i || j) * 40) AS ofd_at,
       s.shift_id, s.driver_id
FROM pg p
JOIN pid x ON x.i = p.i
CROSS JOIN LATERAL generate_series(1, p.n_done) j
JOIN wd w ON w.idx = p.fidx + j - 1
JOIN shcnt sc ON sc.depot_code = p.dlv AND sc.shift_date = w.d
JOIN net.shift s ON s.depot_code = p.dlv AND s.shift_date = w.d
                AND s.route_no = 1 + floor(pg_temp.h('sp' || p.i || '-' || j) * sc.cnt)::int;
CREATE INDEX ON att (parcel_id, attempt_no);
ANALYZE att;

INSERT INTO trk.parcel
SELECT x.parcel_id,
       'KP' || x.parcel_id || 'GB',
       ac.account_no,
       p.svc, p.band,
       CASE p.band WHEN 'XS' THEN 60 + floor(pg_temp.u(r.m1, 1) * 940)
                   WHEN 'S'  THEN 1001 + floor(pg_temp.u(r.m1, 1) * 999)
                   WHEN 'M'  THEN 2001 + floor(pg_temp.u(r.m1, 1) * 2999)
                   WHEN 'L'  THEN 5001 + floor(pg_temp.u(r.m1, 1) * 9999)
                   WHEN 'XL' THEN 15001 + floor(pg_temp.u(r.m1, 1) * 14999)
                   ELSE 30001 + floor(pg_temp.u(r.m1, 1) * 16999) END::int,
       p.decl_val,
       (p.sig0 OR p.age_chk),
       'KB' || p.dist || ' ' || (1 + floor(pg_temp.u(r.m1, 2) * 9))::int
            || chr(65 + floor(pg_temp.u(r.m1, 3) * 26)::int) || chr(65 + floor(pg_temp.u(r.m1, 4) * 26)::int),
       ds.town,
       p.dlv,
       x.created_at,
       CASE WHEN NOT p.cx AND p.cidx <= p.t THEN pg_temp.lt(wc.d, 1020 + pg_temp.u(r.m2, 1) * 180) END,
       dl.attempted_at,
       CASE WHEN p.cx THEN 'CX'
            WHEN p.cidx > p.t THEN 'MA'
            WHEN p.lost THEN 'LS'
            WHEN p.n_done = 0 THEN 'IT'
            WHEN dl.attempted_at IS NOT NULL THEN 'DL'
            WHEN p.n_done < p.n_att THEN 'FA'
            WHEN p.lidx + 2 <= p.t THEN 'RS'
            ELSE 'RT' END,
       CASE WHEN NOT p.cx THEN
            CASE p.band WHEN 'XS' THEN c.rate_xs WHEN 'S' THEN c.rate_s WHEN 'M' THEN c.rate_m
                        WHEN 'L' THEN c.rate_l ELSE c.rate_xl END
            + CASE WHEN p.svc = 'T10' THEN 4.50 ELSE 0 END
            + CASE WHEN p.band = 'OS' THEN 12.00 ELSE 0 END END,
       jsonb_strip_nulls(jsonb_build_object(
           'merchant_ref', CASE WHEN pg_temp.u(r.m2, 2) < 0.6 THEN 'ORD-' || (100000 + floor(pg_temp.u(r.m2, 3) * 900000))::int END,
           'safe_place',   CASE WHEN pg_temp.u(r.m2, 4) < 0.14 AND NOT (p.sig0 OR p.age_chk)
                                THEN (ARRAY['porch','behind the bins','garage','rear door','shed','with neighbour'])[1 + floor(pg_temp.u(r.m3, 1) * 6)::int] END,
           'fragile',      CASE WHEN pg_temp.u(r.m3, 2) < 0.07 THEN true END,
           'age_check',    CASE WHEN p.age_chk THEN true END,
           'notify',       (ARRAY['sms','email','both','sms','email'])[1 + floor(pg_temp.u(r.m3, 3) * 5)::int]))
FROM pg p
JOIN pid x ON x.i = p.i
JOIN acc ac ON ac.a = p.a
JOIN district ds ON ds.dist = p.dist
LEFT JOIN wd wc ON wc.idx = p.cidx
LEFT JOIN att dl ON dl.i = p.i AND dl.outcome = 'D'
-- price: contract valid on the manifest date
CROSS JOIN LATERAL (SELECT md5('pir1-' || p.i) AS m1, md5('pir2-' || p.i) AS m2, md5('pir3-' || p.i) AS m3 OFFSET 0) r
LEFT JOIN crm.contract c ON c.account_no = ac.account_no AND c.valid_from <= p.cdate
                        AND (c.valid_to IS NULL OR c.valid_to > p.cdate);



INSERT INTO trk.delivery_attempt
SELECT row_number() OVER (ORDER BY attempted_at, parcel_id), parcel_id, attempt_no, shift_id, attempted_at,
       outcome, CASE WHEN outcome = 'F' THEN fail_cd END
FROM att;

-- ---------------------------------------------------------------- scans
CREATE TEMP TABLE sc AS
-- collected
SELECT x.parcel_id, 'collected'::trk.scan_kind AS k, t.collected_at AS ts, ac.coll_depot AS depot, NULL::int AS drv,
       'COL-' || ac.coll_depot || '-' || (1 + floor(pg_temp.h('cdv' || p.i) * 3))::int AS dev, NULL::text AS note
FROM pg p JOIN pid x ON x.i = p.i JOIN trk.parcel t ON t.parcel_id = x.parcel_id JOIN acc ac ON ac.a = p.a
WHERE t.collected_at IS NOT NULL
UNION ALL -- hub
SELECT x.parcel_id, 'hub_in', pg_temp.lt(w.d, 1260 + pg_temp.h('hub' || p.i) * 120), 'HUB', NULL,
       'HUB-SORT-' || (1 + floor(pg_temp.h('hdv' || p.i) * 4))::int, NULL
FROM pg p JOIN pid x ON x.i = p.i JOIN wd w ON w.idx = p.cidx
WHERE NOT p.cx AND p.cidx <= p.t
UNION ALL -- damage found in sortation
SELECT x.parcel_id, 'exception', pg_temp.lt(w.d, 1285 + pg_temp.h('hub' || p.i) * 120), 'HUB', NULL,
       'HUB-QA-1', 'Damaged in sortation - repacked'
FROM pg p JOIN pid x ON x.i = p.i JOIN wd w ON w.idx = p.cidx
WHERE p.dmg_hub AND p.cidx <= p.t
UNION ALL -- lost: trace opened at hub three working days after collection
SELECT x.parcel_id, 'exception', pg_temp.lt(w.d, 840 + pg_temp.h('lt' || p.i) * 60), 'HUB', NULL,
       'HUB-QA-1', 'Missing - trace opened'
FROM pg p JOIN pid x ON x.i = p.i JOIN wd w ON w.idx = p.cidx + 3
WHERE p.lost
UNION ALL -- arrived at delivery depot
SELECT x.parcel_id, 'depot_in', pg_temp.lt(w.d, 300 + pg_temp.h('dep' || p.i) * 90), p.dlv, NULL,
       'DEP-' || p.dlv || '-' || (1 + floor(pg_temp.h('ddv' || p.i) * 2))::int, NULL
FROM pg p JOIN pid x ON x.i = p.i JOIN wd w ON w.idx = p.fidx
WHERE NOT p.cx AND NOT p.lost AND p.cidx <= p.t AND p.fidx <= p.t
UNION ALL -- loaded on a round
SELECT a.parcel_id, 'out_for_delivery', a.ofd_at, a.dlv, a.driver_id, 'HHT-' || a.driver_id, NULL
FROM att a
UNION ALL -- doorstep
SELECT a.parcel_id, CASE a.outcome WHEN 'D' THEN 'delivered' ELSE 'delivery_failed' END::trk.scan_kind,
       a.attempted_at, NULL, a.driver_id, 'HHT-' || a.driver_id, CASE WHEN a.outcome = 'F' THEN 'Reason ' || a.fail_cd END
FROM att a
UNION ALL -- return dispatched from delivery depot next working day
SELECT x.parcel_id, 'rts_dispatched', pg_temp.lt(w.d, 360 + pg_temp.h('rd' || p.i) * 60), p.dlv, NULL,
       'DEP-' || p.dlv || '-1', NULL
FROM pg p JOIN pid x ON x.i = p.i JOIN wd w ON w.idx = p.lidx + 1
WHERE p.final_fail AND p.n_done = p.n_att AND p.lidx + 1 <= p.t
UNION ALL -- handed back to the merchant
SELECT x.parcel_id, 'returned_to_sender', pg_temp.lt(w.d, 600 + pg_temp.h('rb' || p.i) * 300), ac.coll_depot, NULL,
       'COL-' || ac.coll_depot || '-1', NULL
FROM pg p JOIN pid x ON x.i = p.i JOIN wd w ON w.idx = p.lidx + 2 JOIN acc ac ON ac.a = p.a
WHERE p.final_fail AND p.n_done = p.n_att AND p.lidx + 2 <= p.t;

ANALYZE sc;
INSERT INTO trk.scan_event
SELECT row_number() OVER (ORDER BY ts, parcel_id, k), parcel_id, k, ts, depot, drv, dev, note
FROM sc;

-- ---------------------------------------------------------------- proof of delivery
INSERT INTO trk.pod
SELECT a.parcel_id, da.attempt_id, z.pod_type,
       CASE WHEN z.pod_type IN ('SIG', 'NBR') THEN
            (ARRAY['J. Smith','A. Brown','K. Wilson','M. Taylor','S. Jones','P. Davies','L. Green','R. Wright','D. Wood','C. Harris'])[1 + floor(pg_temp.u(r.m1, 3) * 10)::int] END,
       CASE WHEN z.pod_type = 'NBR' THEN 'No. ' || (1 + floor(pg_temp.u(r.m1, 4) * 120))::int END,
       CASE WHEN z.pod_type IN ('PHO', 'SFP', 'LBX', 'NBR') THEN 'pod/' || to_char(a.adate, 'YYYY/MM/DD') || '/' || a.parcel_id || '.jpg' END,
       round((dp.lat + (pg_temp.u(r.m2, 1) - 0.5) * 0.16)::numeric, 5),
       round((dp.lon + (pg_temp.u(r.m2, 2) - 0.5) * 0.24)::numeric, 5),
       a.attempted_at + interval '40 seconds'
FROM att a
JOIN trk.delivery_attempt da ON da.parcel_id = a.parcel_id AND da.attempt_no = a.attempt_no
JOIN trk.parcel t ON t.parcel_id = a.parcel_id
JOIN net.depot dp ON dp.depot_code = a.dlv
CROSS JOIN LATERAL (SELECT md5('por1-' || a.i) AS m1, md5('por2-' || a.i) AS m2 OFFSET 0) r
CROSS JOIN LATERAL (
    SELECT CASE WHEN t.sig_req THEN 'SIG'
                WHEN t.attrs ? 'safe_place' AND t.attrs->>'safe_place' <> 'with neighbour' AND pg_temp.u(r.m1, 1) < 0.75 THEN 'SFP'
                WHEN t.attrs->>'safe_place' = 'with neighbour' AND pg_temp.u(r.m1, 1) < 0.75 THEN 'NBR'
                WHEN t.band_cd = 'XS' AND pg_temp.u(r.m1, 1) < 0.40 THEN 'LBX'
                WHEN pg_temp.u(r.m1, 2) < 0.55 THEN 'PHO'
                WHEN pg_temp.u(r.m1, 2) < 0.72 THEN 'NBR'
                ELSE 'SIG' END AS pod_type
) z
WHERE a.outcome = 'D';

-- ---------------------------------------------------------------- returns
INSERT INTO trk.return_item
SELECT row_number() OVER (ORDER BY a.attempted_at, a.parcel_id)::int,
       a.parcel_id,
       CASE a.fail_cd WHEN 'RF' THEN 'REF' WHEN 'AG' THEN 'AGE' ELSE 'RTS' END,
       a.attempted_at,
       r.dispatched_at, r.received_back_at,
       3.75
FROM att a JOIN pg p ON p.i = a.i
LEFT JOIN (SELECT parcel_id,
                  max(ts) FILTER (WHERE k = 'rts_dispatched') AS dispatched_at,
                  max(ts) FILTER (WHERE k = 'returned_to_sender') AS received_back_at
           FROM sc WHERE k IN ('rts_dispatched', 'returned_to_sender') GROUP BY parcel_id) r ON r.parcel_id = a.parcel_id
WHERE p.final_fail AND a.attempt_no = p.n_att;

-- ---------------------------------------------------------------- claims
CREATE TEMP TABLE cl0 AS
-- lost parcels
SELECT x.parcel_id, ac.account_no, 'LOST'::text AS claim_type,
       p.cdate + 8 + floor(pg_temp.h('cll' || p.i) * 10)::int AS lodged_on,
       coalesce(p.decl_val, round((15 + pg_temp.h('clv' || p.i) * 110)::numeric, 2)) AS amount_claimed,
       p.decl_val, pg_temp.h('cdec' || p.i) AS udec, pg_temp.h('cdd' || p.i) AS udd, p.i
FROM pg p JOIN pid x ON x.i = p.i JOIN acc ac ON ac.a = p.a
WHERE p.lost
UNION ALL -- damaged: 70% of hub-damaged + 0.25% of other delivered parcels
SELECT x.parcel_id, ac.account_no, 'DMG',
       t.delivered_at::date + 1 + floor(pg_temp.h('cll' || p.i) * 9)::int,
       coalesce(round(p.decl_val * 0.6, 2), round((10 + pg_temp.h('clv' || p.i) * 140)::numeric, 2)),
       p.decl_val, pg_temp.h('cdec' || p.i), pg_temp.h('cdd' || p.i), p.i
FROM pg p JOIN pid x ON x.i = p.i JOIN acc ac ON ac.a = p.a JOIN trk.parcel t ON t.parcel_id = x.parcel_id
WHERE t.status_cd = 'DL'
  AND ((p.dmg_hub AND pg_temp.h('dc' || p.i) < 0.70) OR pg_temp.h('dc2' || p.i) < 0.0025)
UNION ALL -- late timed deliveries: refund of the T10 premium
SELECT x.parcel_id, ac.account_no, 'LATE',
       t.delivered_at::date + 1 + floor(pg_temp.h('cll' || p.i) * 5)::int,
       4.50, NULL, 0.0, pg_temp.h('cdd' || p.i), p.i
FROM pg p JOIN pid x ON x.i = p.i JOIN acc ac ON ac.a = p.a JOIN trk.parcel t ON t.parcel_id = x.parcel_id
JOIN trk.delivery_attempt da ON da.parcel_id = t.parcel_id AND da.attempt_no = 1 AND da.outcome = 'D'
WHERE t.service_cd = 'T10'
  AND (da.attempted_at AT TIME ZONE 'Europe/London')::time > time '10:30'
  AND pg_temp.h('lc' || p.i) < 0.25;

CREATE TEMP TABLE cl1 AS
SELECT c.*,
       CASE WHEN c.claim_type = 'LATE' THEN c.lodged_on + 2 + floor(c.udd * 6)::int
            ELSE c.lodged_on + 6 + floor(c.udd * 21)::int END AS dec_on,
       CASE WHEN c.claim_type = 'LATE' THEN 'A'
            WHEN c.claim_type = 'LOST' THEN CASE WHEN c.udec < 0.88 THEN 'A' ELSE 'R' END
            ELSE CASE WHEN c.udec < 0.45 THEN 'A' WHEN c.udec < 0.75 THEN 'P' ELSE 'R' END END AS dec0
FROM cl0 c
WHERE c.lodged_on <= date '2024-11-13';

INSERT INTO fin.claim
SELECT row_number() OVER (ORDER BY lodged_on, parcel_id)::int,
       'CLM-' || to_char(lodged_on, 'YY') || '-' || lpad((row_number() OVER (PARTITION BY extract(year FROM lodged_on) ORDER BY lodged_on, parcel_id))::text, 5, '0'),
       account_no, parcel_id, claim_type, lodged_on, amount_claimed,
       CASE WHEN dec_on > date '2024-11-13' THEN NULL
            WHEN dec0 = 'A' THEN least(amount_claimed, coalesce(decl_val, 50.00))
            WHEN dec0 = 'P' THEN round(least(amount_claimed, coalesce(decl_val, 50.00)) * 0.5, 2)
            ELSE 0 END,
       CASE WHEN dec_on > date '2024-11-13' THEN NULL ELSE dec0 END,
       CASE WHEN dec_on > date '2024-11-13' THEN NULL ELSE dec_on END,
       (ARRAY['Beth Carroway','Dev Mistry','Alan Pugh'])[1 + floor(pg_temp.h('hd' || i) * 3)::int]
FROM cl1
UNION ALL  -- migrated from the old claims portal; parcels are not in this database
SELECT 9000 + n, 'CLM-23-M' || lpad(n::text, 4, '0'), 'A' || (10000 + n * 3), 880000 + n * 17, 'DMG',
       date '2023-07-03' + n * 4, 35.00 + n * 5, 0, 'R', date '2023-07-20' + n * 4, 'Alan Pugh'
FROM generate_series(1, 3) n;

-- ---------------------------------------------------------------- invoices
CREATE TEMP TABLE inv_src AS
SELECT t.account_no, date_trunc('month', t.created_at)::date AS m,
       'CAR'::text AS cd, count(*)::int AS qty,
       sum(t.chg_net - CASE WHEN t.service_cd = 'T10' THEN 4.50 ELSE 0 END - CASE WHEN t.band_cd = 'OS' THEN 12.00 ELSE 0 END) AS amount,
       sum((t.chg_net - CASE WHEN t.service_cd = 'T10' THEN 4.50 ELSE 0 END - CASE WHEN t.band_cd = 'OS' THEN 12.00 ELSE 0 END) * c.fsc_pct / 100) AS fsc
FROM trk.parcel t
JOIN crm.contract c ON c.account_no = t.account_no AND c.valid_from <= t.created_at::date
                   AND (c.valid_to IS NULL OR c.valid_to > t.created_at::date)
WHERE t.chg_net IS NOT NULL AND t.created_at < timestamptz '2024-11-01 00:00 Europe/London'
GROUP BY 1, 2
UNION ALL
SELECT account_no, date_trunc('month', created_at)::date, 'T10', count(*)::int, count(*) * 4.50, NULL
FROM trk.parcel WHERE service_cd = 'T10' AND chg_net IS NOT NULL AND created_at < timestamptz '2024-11-01 00:00 Europe/London'
GROUP BY 1, 2
UNION ALL
SELECT account_no, date_trunc('month', created_at)::date, 'OVS', count(*)::int, count(*) * 12.00, NULL
FROM trk.parcel WHERE band_cd = 'OS' AND chg_net IS NOT NULL AND created_at < timestamptz '2024-11-01 00:00 Europe/London'
GROUP BY 1, 2
UNION ALL
SELECT t.account_no, date_trunc('month', r.requested_at)::date, 'RTN', count(*)::int, sum(r.rtn_fee), NULL
FROM trk.return_item r JOIN trk.parcel t USING (parcel_id)
WHERE r.requested_at < timestamptz '2024-11-01 00:00 Europe/London'
GROUP BY 1, 2
UNION ALL
SELECT account_no, date_trunc('month', decided_on)::date, 'CRN', count(*)::int, -sum(amount_settled), NULL
FROM fin.claim WHERE amount_settled > 0 AND decided_on < date '2024-11-01'
GROUP BY 1, 2;

CREATE TEMP TABLE inv_line AS
SELECT account_no, m, cd, qty, round(amount, 2) AS amount FROM inv_src
UNION ALL
SELECT account_no, m, 'FSC', 1, round(fsc, 2) FROM inv_src WHERE cd = 'CAR';

CREATE TEMP TABLE inv0 AS
SELECT l.account_no, l.m,
       sum(l.amount) AS net,
       row_number() OVER (PARTITION BY l.m ORDER BY l.account_no) AS seq
FROM inv_line l
GROUP BY 1, 2;

CREATE TEMP TABLE inv1 AS
SELECT i.*,
       'INV' || to_char(i.m, 'YYMM') || '-' || lpad(i.seq::text, 4, '0') AS invoice_no,
       iss.issued_on,
       iss.issued_on + ct.pay_terms_d AS due_on,
       ac.closed_on,
       ac.a
FROM inv0 i
JOIN acc ac ON ac.account_no = i.account_no
CROSS JOIN LATERAL (
    SELECT min(g)::date AS issued_on
    FROM generate_series((i.m + interval '1 month')::date, (i.m + interval '1 month 6 days')::date, interval '1 day') g
    WHERE extract(isodow FROM g) < 6
) iss
CROSS JOIN LATERAL (
    SELECT c.pay_terms_d FROM crm.contract c
    WHERE c.account_no = i.account_no AND c.valid_from <= (i.m + interval '1 month - 1 day')::date
    ORDER BY c.valid_from DESC LIMIT 1
) ct;

CREATE TEMP TABLE inv2 AS
SELECT i.*,
       CASE WHEN i.closed_on IS NOT NULL AND i.m = (SELECT max(m) FROM inv1 z WHERE z.account_no = i.account_no)
                 AND pg_temp.h('wo' || i.account_no) < 0.6 THEN 'W'
            WHEN pg_temp.h('dis' || i.invoice_no) < 0.008 AND i.net > 0 THEN 'D'
            ELSE NULL END AS st0,
       i.due_on + CASE WHEN pg_temp.h('lp' || i.account_no) < 0.10
                       THEN 10 + floor(pg_temp.h('pd' || i.invoice_no) * 50)::int
                       ELSE -8 + floor(pg_temp.h('pd' || i.invoice_no) * 28)::int END AS pay0
FROM inv1 i;

INSERT INTO fin.invoice (invoice_no, account_no, period_start, period_end, issued_on, due_on, paid_on,
                         net_amount, vat_amount, status, pay_ref)
SELECT invoice_no, account_no, m, (m + interval '1 month - 1 day')::date, issued_on, due_on,
       CASE WHEN st0 IS NULL AND greatest(pay0, issued_on + 2) <= date '2024-11-13' THEN greatest(pay0, issued_on + 2) END,
       net, round(net * 0.20, 2),
       coalesce(st0, CASE WHEN greatest(pay0, issued_on + 2) <= date '2024-11-13' THEN 'P' ELSE 'O' END),
       CASE WHEN st0 IS NULL AND greatest(pay0, issued_on + 2) <= date '2024-11-13'
            THEN 'BACS ' || upper(substr(md5('pr' || invoice_no), 1, 10)) END
FROM inv2;

INSERT INTO fin.invoice_line
SELECT i.invoice_no,
       row_number() OVER (PARTITION BY i.invoice_no ORDER BY array_position(ARRAY['CAR','T10','OVS','FSC','RTN','CRN'], l.cd))::smallint,
       l.cd, l.qty, l.amount
FROM inv_line l JOIN inv1 i ON i.account_no = l.account_no AND i.m = l.m;

-- =====================================================================
--  indexes, storage settings, views
-- =====================================================================
-- foreign keys (added after the bulk load, as the nightly rebuild does)
ALTER TABLE net.van ADD FOREIGN KEY (depot_code) REFERENCES net.depot;
ALTER TABLE net.driver_depot_hist ADD FOREIGN KEY (driver_id) REFERENCES net.driver;
ALTER TABLE net.driver_depot_hist ADD FOREIGN KEY (depot_code) REFERENCES net.depot;
ALTER TABLE net.shift ADD FOREIGN KEY (driver_id) REFERENCES net.driver;
ALTER TABLE net.shift ADD FOREIGN KEY (depot_code) REFERENCES net.depot;
ALTER TABLE net.shift ADD FOREIGN KEY (van_id) REFERENCES net.van;
ALTER TABLE crm.account ADD FOREIGN KEY (coll_depot) REFERENCES net.depot;
ALTER TABLE crm.contract ADD FOREIGN KEY (account_no) REFERENCES crm.account;
ALTER TABLE trk.parcel ADD FOREIGN KEY (account_no) REFERENCES crm.account;
ALTER TABLE trk.parcel ADD FOREIGN KEY (band_cd) REFERENCES trk.size_band;
ALTER TABLE trk.parcel ADD FOREIGN KEY (dlv_depot) REFERENCES net.depot;
ALTER TABLE trk.scan_event ADD FOREIGN KEY (parcel_id) REFERENCES trk.parcel;
ALTER TABLE trk.scan_event ADD FOREIGN KEY (depot_code) REFERENCES net.depot;
ALTER TABLE trk.scan_event ADD FOREIGN KEY (driver_id) REFERENCES net.driver;
ALTER TABLE trk.delivery_attempt ADD FOREIGN KEY (parcel_id) REFERENCES trk.parcel;
ALTER TABLE trk.delivery_attempt ADD FOREIGN KEY (shift_id) REFERENCES net.shift;
ALTER TABLE trk.delivery_attempt ADD FOREIGN KEY (fail_cd) REFERENCES trk.fail_reason;
ALTER TABLE trk.pod ADD FOREIGN KEY (parcel_id) REFERENCES trk.parcel;
ALTER TABLE trk.pod ADD FOREIGN KEY (attempt_id) REFERENCES trk.delivery_attempt;
ALTER TABLE trk.return_item ADD FOREIGN KEY (parcel_id) REFERENCES trk.parcel;
ALTER TABLE fin.invoice ADD FOREIGN KEY (account_no) REFERENCES crm.account;
ALTER TABLE fin.invoice_line ADD FOREIGN KEY (invoice_no) REFERENCES fin.invoice;
ALTER TABLE fin.invoice_line ADD FOREIGN KEY (charge_cd) REFERENCES fin.charge_code;
ALTER TABLE fin.claim ADD FOREIGN KEY (account_no) REFERENCES crm.account;

CREATE INDEX parcel_account_created_idx ON trk.parcel (account_no, created_at);
CREATE INDEX parcel_status_idx          ON trk.parcel (status_cd) WHERE status_cd NOT IN ('DL', 'RS', 'CX');
CREATE INDEX parcel_dlv_depot_idx       ON trk.parcel (dlv_depot, created_at);
CREATE INDEX parcel_recip_pcd_idx       ON trk.parcel (recip_pcd);
CREATE INDEX scan_event_parcel_idx      ON trk.scan_event (parcel_id);
CREATE INDEX scan_event_parcel_ts_idx   ON trk.scan_event (parcel_id, scanned_at);
CREATE INDEX delivery_attempt_time_idx  ON trk.delivery_attempt (attempted_at);
-- (no index on delivery_attempt.shift_id)
CREATE INDEX shift_driver_date_idx      ON net.shift (driver_id, shift_date);
DROP INDEX IF EXISTS net.shift_shift_date_depot_code_route_no_idx;
CREATE INDEX contract_account_idx       ON crm.contract (account_no, valid_from);
CREATE INDEX invoice_account_idx        ON fin.invoice (account_no, period_start);
CREATE INDEX invoice_pay_ref_idx        ON fin.invoice (pay_ref);
CREATE INDEX claim_account_idx          ON fin.claim (account_no);
CREATE INDEX driver_depot_hist_depot_idx ON net.driver_depot_hist (depot_code, valid_from);

ALTER TABLE net.shift SET (autovacuum_enabled = off);
ALTER TABLE trk.scan_event SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.01);

CREATE VIEW net.v_driver_current AS
SELECT d.driver_id, d.staff_no, d.first_name, d.last_name, d.emp_type, h.depot_code, h.valid_from AS at_depot_since
FROM net.driver d
JOIN net.driver_depot_hist h ON h.driver_id = d.driver_id AND h.valid_to IS NULL
WHERE d.left_on IS NULL;
COMMENT ON VIEW net.v_driver_current IS 'Drivers still employed, with their current depot';

CREATE VIEW crm.v_current_contract AS
SELECT a.account_no, a.trading_name, c.contract_id, c.tier, c.valid_from, c.rate_xs, c.rate_s, c.rate_m,
       c.rate_l, c.rate_xl, c.fsc_pct, c.pay_terms_d
FROM crm.account a
JOIN crm.contract c ON c.account_no = a.account_no AND c.valid_to IS NULL
WHERE a.closed_on IS NULL;
COMMENT ON VIEW crm.v_current_contract IS 'Active accounts with the contract in force now';

CREATE VIEW trk.v_parcel_last_scan AS
SELECT DISTINCT ON (s.parcel_id)
       s.parcel_id, p.tracking_no, p.status_cd, s.scan_kind, s.scanned_at, s.depot_code, s.driver_id
FROM trk.scan_event s
JOIN trk.parcel p ON p.parcel_id = s.parcel_id
ORDER BY s.parcel_id, s.scanned_at DESC, s.scan_id DESC;
COMMENT ON VIEW trk.v_parcel_last_scan IS 'Latest tracking scan per parcel (customer service screen)';

CREATE VIEW trk.v_depot_day AS
SELECT sh.depot_code, sh.shift_date,
       count(*)                                            AS attempts,
       count(*) FILTER (WHERE a.outcome = 'D')             AS delivered,
       count(*) FILTER (WHERE a.outcome = 'F')             AS failed,
       count(*) FILTER (WHERE a.outcome = 'D' AND a.attempt_no = 1) AS first_time_delivered
FROM trk.delivery_attempt a
JOIN net.shift sh ON sh.shift_id = a.shift_id
GROUP BY sh.depot_code, sh.shift_date;
COMMENT ON VIEW trk.v_depot_day IS 'Delivery attempts per depot per day (all attempts, not parcels)';

CREATE VIEW fin.v_open_invoices AS
SELECT i.invoice_no, i.account_no, a.trading_name, i.period_start, i.issued_on, i.due_on, i.gross_amount, i.status
FROM fin.invoice i
JOIN crm.account a ON a.account_no = i.account_no
WHERE i.paid_on IS NULL AND i.status IN ('O', 'D');
COMMENT ON VIEW fin.v_open_invoices IS 'Unpaid invoices that are still owed (open or disputed; written-off excluded)';

DROP TABLE wd, cst, depot_cfg, district, drv0, drv, van0, van1, sh_c, sh0, sh1, shcnt, acc, ctr0,
           p0, p1, p2, p3, p4, p5, p6, pg, pid, att, sc, cl0, cl1, inv_src, inv_line, inv0, inv1, inv2;
ANALYZE;

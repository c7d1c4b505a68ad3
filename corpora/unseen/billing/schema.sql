-- Quillstack, Inc. -- production database "qsprod" (subscription billing, CRM extract and helpdesk mirror),
-- as the data-platform team keeps it. Quillstack sells a B2B document-automation and e-signature platform,
-- priced per seat (monthly or annual) plus metered API overage.
-- Three application schemas: crm (sales reps, customer accounts), billing (plans, subscriptions, invoices,
-- payments, refunds, usage metering) and support (agents, SLA targets, tickets mirrored from the helpdesk).
-- Business data runs from 2023-01-01 to 2026-10-31 (the day of the month-end close that workload.py replays).
-- Deterministic: one setseed(); random() is only drawn by plain scans (of generate_series or a temp table) into temp tables,
-- everything that depends on other rows uses md5-based hashes, and parallel query is off while loading.
-- All timestamps are timestamptz (written in UTC). Sign-ups, payments and ticket creation fall between 07:00 and
-- 20:00 UTC, so calendar days do not shift in nearby time zones; agent replies and resolutions can be at any hour.

SET max_parallel_workers_per_gather = 0;
SET client_min_messages = warning;
SET TimeZone = 'UTC';
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
SELECT setseed(0.3141);

-- uniform [0,1) from a key, independent of plans and scan order
CREATE FUNCTION pg_temp.h(k text) RETURNS numeric LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE SCHEMA crm;
CREATE SCHEMA billing;
CREATE SCHEMA support;
COMMENT ON SCHEMA crm IS 'Nightly extract of the CRM: sales reps and customer accounts';
COMMENT ON SCHEMA billing IS 'Subscription billing: price book, subscriptions, invoices, payments, refunds, metered usage';
COMMENT ON SCHEMA support IS 'Mirror of the helpdesk (imported from Zendesk in 2023, synced every few minutes)';

-- ============================================================================================ crm
CREATE TABLE crm.sales_rep (
    rep_id      smallint PRIMARY KEY,
    full_name   text NOT NULL,
    email       text NOT NULL UNIQUE,
    rgn         varchar(5) NOT NULL,
    role_cd     varchar(3) NOT NULL,
    mgr_rep_id  smallint REFERENCES crm.sales_rep (rep_id),
    hired_on    date NOT NULL,
    left_on     date,
    quota_usd   numeric(12,2)
);
COMMENT ON TABLE crm.sales_rep IS 'Sales team (account executives, account managers, SDRs and their regional VPs)';
COMMENT ON COLUMN crm.sales_rep.rgn IS 'Sales region: NA = North America, EMEA = Europe/Middle East/Africa, APAC = Asia-Pacific, LATAM = Latin America';
COMMENT ON COLUMN crm.sales_rep.role_cd IS 'Role: RVP = regional vice president, AE = account executive (new business), AM = account manager (renewals/expansion), SDR = sales development rep';
COMMENT ON COLUMN crm.sales_rep.mgr_rep_id IS 'Manager (the regional VP)';
COMMENT ON COLUMN crm.sales_rep.left_on IS 'Last day at Quillstack; NULL = still employed';
COMMENT ON COLUMN crm.sales_rep.quota_usd IS 'Annual bookings quota in USD; NULL for SDRs';

CREATE TEMP TABLE t_rep AS
SELECT g AS rep_id, random() AS u_rgn, random() AS u_role, random() AS u_fn, random() AS u_ln,
       random() AS u_hire, random() AS u_left, random() AS u_quota
FROM generate_series(1, 36) g;

INSERT INTO crm.sales_rep
SELECT r.rep_id,
       fn || ' ' || ln,
       lower(fn) || '.' || lower(replace(ln, '''', '')) || '@quillstack.io',
       rgn, role_cd,
       CASE WHEN r.rep_id > 4 THEN CASE rgn WHEN 'NA' THEN 1 WHEN 'EMEA' THEN 2 WHEN 'APAC' THEN 3 ELSE 4 END END,
       DATE '2021-03-01' + (u_hire * 1300)::int,
       CASE WHEN r.rep_id > 4 AND u_left < 0.22 THEN DATE '2024-06-01' + (u_left * 3000)::int END,
       CASE WHEN role_cd = 'RVP' THEN 4000000 WHEN role_cd = 'AE' THEN 600000 + round(u_quota * 8) * 50000
            WHEN role_cd = 'AM' THEN 900000 + round(u_quota * 6) * 50000 END
FROM t_rep r
CROSS JOIN LATERAL (SELECT
    (ARRAY['Priya','Marcus','Elena','Jonah','Sofia','Daniel','Aisha','Tomasz','Hannah','Luis','Mei','Oliver',
           'Grace','Rafael','Ingrid','Kwame','Chloe','Mateo','Nora','Samuel','Yuki','Fatima','Liam','Camille',
           'Diego','Freya','Arjun','Beatriz','Connor','Leila','Henrik','Zoe','Pedro','Anika','Ethan','Maya'])[r.rep_id] AS fn,
    (ARRAY['Raman','Whitfield','Novak','Brennan','Castillo','Okafor','Lindqvist','Kowalski','Fischer','Moreau',
           'Tanaka','Hughes','Delgado','O''Neill','Varga','Mensah','Dubois','Ferreira','Sato','Abbott','Jansen',
           'Kaur','Rossi','Nakamura','Haddad','Walsh','Bergstrom','Silva','Patel','Murphy','Schneider','Park',
           'Alvarez','Holm','Chen','Greene'])[1 + ((r.rep_id * 17) % 36)] AS ln,
    CASE WHEN r.rep_id <= 4 THEN (ARRAY['NA','EMEA','APAC','LATAM'])[r.rep_id]
         WHEN u_rgn < 0.50 THEN 'NA' WHEN u_rgn < 0.80 THEN 'EMEA' WHEN u_rgn < 0.92 THEN 'APAC' ELSE 'LATAM' END AS rgn,
    CASE WHEN r.rep_id <= 4 THEN 'RVP' WHEN u_role < 0.55 THEN 'AE' WHEN u_role < 0.80 THEN 'AM' ELSE 'SDR' END AS role_cd
) x
ORDER BY r.rep_id;
-- every region needs at least one AE
UPDATE crm.sales_rep SET role_cd = 'AE', quota_usd = 750000 WHERE rep_id IN (SELECT min(rep_id) FROM crm.sales_rep WHERE rep_id > 4 GROUP BY rgn)
  AND role_cd <> 'AE';

CREATE TABLE crm."Account" (
    acct_id        integer PRIMARY KEY,
    "legalName"    text NOT NULL,
    web_domain     text NOT NULL,
    ctry           char(2) NOT NULL,
    seg            varchar(3) NOT NULL,
    owner_rep_id   smallint NOT NULL REFERENCES crm.sales_rep (rep_id),
    is_test        boolean NOT NULL DEFAULT false,
    attrs          jsonb NOT NULL DEFAULT '{}',
    "createdAt"    timestamptz NOT NULL,
    "updatedAt"    timestamptz NOT NULL
);
COMMENT ON TABLE crm."Account" IS 'Customer accounts (tenants). One account = one customer company = one Quillstack workspace';
COMMENT ON COLUMN crm."Account"."legalName" IS 'Registered company name, as printed on invoices';
COMMENT ON COLUMN crm."Account".ctry IS 'ISO 3166-1 alpha-2 country of the billing address';
COMMENT ON COLUMN crm."Account".seg IS 'Sales segment: SMB = small business (<100 employees), MM = mid-market (100-999), ENT = enterprise (1000+)';
COMMENT ON COLUMN crm."Account".owner_rep_id IS 'Account owner in the CRM';
COMMENT ON COLUMN crm."Account".is_test IS 'Internal / QA sandbox workspace; exclude from all customer and revenue reporting';
COMMENT ON COLUMN crm."Account".attrs IS 'Billing profile from the CRM: industry, billing_email, po_required (invoices must quote a purchase order), tax_exempt, csm (customer success manager, only for accounts that have one)';
COMMENT ON COLUMN crm."Account"."createdAt" IS 'When the workspace was created (sign-up)';

CREATE TEMP TABLE t_ctry (ctry char(2), rgn text, cur char(3), sfx text, tld text, lo float8, hi float8, vat numeric);
INSERT INTO t_ctry VALUES
 ('US','NA','USD','Inc.','.com',0.00,0.52,NULL), ('CA','NA','USD','Inc.','.ca',0.52,0.58,0.05),
 ('GB','EMEA','GBP','Ltd','.co.uk',0.58,0.67,0.20), ('DE','EMEA','EUR','GmbH','.de',0.67,0.74,0),
 ('FR','EMEA','EUR','SAS','.fr',0.74,0.78,0), ('NL','EMEA','EUR','B.V.','.nl',0.78,0.82,0),
 ('IE','EMEA','EUR','Ltd','.ie',0.82,0.84,0), ('SE','EMEA','EUR','AB','.se',0.84,0.86,0),
 ('ES','EMEA','EUR','S.L.','.es',0.86,0.88,0), ('AU','APAC','USD','Pty Ltd','.com.au',0.88,0.93,0.10),
 ('SG','APAC','USD','Pte. Ltd.','.sg',0.93,0.95,0), ('JP','APAC','USD','K.K.','.jp',0.95,0.97,0),
 ('IN','APAC','USD','Pvt. Ltd.','.in',0.97,0.99,0), ('BR','LATAM','USD','Ltda.','.com.br',0.99,1.01,0);

CREATE TEMP TABLE t_acct0 AS
SELECT g, random() AS u_cr, random() AS u_sec, random() AS u_seg, random() AS u_ctry, random() AS u_ind,
       random() AS u_test, random() AS u_po, random() AS u_tax, random() AS u_csm
FROM generate_series(1, 2200) g;

CREATE TEMP TABLE t_acct AS
SELECT row_number() OVER (ORDER BY cr, g)::int AS acct_id, *
FROM (SELECT a.*, c.ctry, c.rgn, c.cur, c.sfx, c.tld, c.vat,
             TIMESTAMPTZ '2023-01-02 07:00+00' + (sqrt(u_cr) * 1397)::int * INTERVAL '1 day'
               + (u_sec * 46800)::int * INTERVAL '1 second' AS cr,
             CASE WHEN u_test < 0.015 THEN 'SMB' WHEN u_seg < 0.60 THEN 'SMB' WHEN u_seg < 0.90 THEN 'MM' ELSE 'ENT' END AS seg,
             u_test < 0.015 AS is_test
      FROM t_acct0 a JOIN t_ctry c ON a.u_ctry >= c.lo AND a.u_ctry < c.hi) s;

CREATE TEMP TABLE t_owner AS
SELECT rep_id, rgn, row_number() OVER (PARTITION BY rgn ORDER BY rep_id) - 1 AS idx,
       count(*) OVER (PARTITION BY rgn) AS cnt
FROM crm.sales_rep WHERE role_cd IN ('AE', 'AM');

INSERT INTO crm."Account"
SELECT a.acct_id,
       CASE WHEN a.is_test THEN 'QS Internal Test ' || lpad(a.acct_id::text, 4, '0')
            ELSE nm.p || ' ' || nm.w || ' ' || CASE WHEN a.ctry = 'US' AND pg_temp.h('llc' || a.acct_id) < 0.3 THEN 'LLC' ELSE a.sfx END END,
       CASE WHEN a.is_test THEN 'qa' || a.acct_id || '.quillstack.dev'
            ELSE lower(replace(nm.p || nm.w, ' ', '')) || a.tld END,
       a.ctry, a.seg, o.rep_id, a.is_test,
       jsonb_build_object(
           'industry', (ARRAY['software','financial services','healthcare','manufacturing','professional services',
                              'real estate','education','retail','logistics','public sector'])[1 + floor(a.u_ind * 10)::int],
           'billing_email', 'ap@' || CASE WHEN a.is_test THEN 'qa' || a.acct_id || '.quillstack.dev'
                                          ELSE lower(replace(nm.p || nm.w, ' ', '')) || a.tld END,
           'po_required', a.seg <> 'SMB' AND a.u_po < CASE a.seg WHEN 'ENT' THEN 0.7 ELSE 0.25 END,
           'tax_exempt', a.u_tax < 0.04)
       || CASE WHEN a.seg = 'ENT' OR (a.seg = 'MM' AND a.u_csm < 0.4)
               THEN jsonb_build_object('csm', (ARRAY['Ruth Adeyemi','Jakob Lund','Carmen Ortiz','Wei Zhang','Paula Reyes',
                                                     'Tom Becker'])[1 + floor(a.u_csm * 6)::int])
               ELSE '{}'::jsonb END,
       a.cr,
       a.cr + (pg_temp.h('upd' || a.acct_id) * 300)::int * INTERVAL '1 day'
FROM t_acct a
JOIN t_owner o ON o.rgn = a.rgn AND o.idx = floor(pg_temp.h('own' || a.acct_id) * o.cnt)
CROSS JOIN LATERAL (SELECT
    (ARRAY['Acorn','Alder','Amber','Apex','Arbor','Atlas','Aurora','Beacon','Birch','Blue Harbor','Bright','Cascade',
           'Cedar','Summit','Cobalt','Coral','Crescent','Delta','Ember','Evergreen','Falcon','Fern','Granite','Harbor',
           'Helix','Horizon','Indigo','Ironwood','Juniper','Keystone','Lakeside','Lumen','Maple','Meridian','Mesa',
           'Nimbus','Northstar','Oakline','Orchid','Pacific','Pinnacle','Prairie','Quarry','Redwood','Ridgeline','Riverbend',
           'Sable','Sierra','Silverline','Sparrow','Sterling','Stonegate','Sunrise','Tidal','Timber','Trident','Union',
           'Vista','Willow','Zenith'])[1 + ((a.acct_id * 1103) % 2700) / 45] AS p,
    (ARRAY['Analytics','Advisory','Biotech','Brands','Builders','Capital','Care','Clinics','Consulting','Data','Design',
           'Dynamics','Education','Energy','Engineering','Financial','Foods','Freight','Health','Holdings','Homes',
           'Insurance','Labs','Legal','Logistics','Media','Medical','Metals','Mobility','Networks','Outfitters','Partners',
           'Pharma','Properties','Realty','Retail','Robotics','Security','Software','Solutions','Staffing','Studios',
           'Systems','Telecom','Ventures'])[1 + ((a.acct_id * 1103) % 2700) % 45] AS w) nm
ORDER BY a.acct_id;

-- ============================================================================================ billing
CREATE TYPE billing.sub_status AS ENUM ('trialing', 'active', 'past_due', 'paused', 'canceled', 'expired');
COMMENT ON TYPE billing.sub_status IS 'Subscription lifecycle (American spelling, as the billing engine writes it). canceled = the customer cancelled and the paid term has run out; expired = ended without a cancellation (trial not converted, or replaced by an upgrade)';

CREATE TABLE billing.plan (
    plan_cd     varchar(10) PRIMARY KEY,
    plan_nm     text NOT NULL,
    tier        text NOT NULL,
    bill_int    char(1) NOT NULL CHECK (bill_int IN ('M', 'A')),
    seat_px     numeric(10,2) NOT NULL,
    incl_api    integer NOT NULL,
    ovg_rate    numeric(8,4) NOT NULL,
    is_legacy   boolean NOT NULL DEFAULT false,
    launched_on date NOT NULL
);
COMMENT ON TABLE billing.plan IS 'Price book: one row per plan and billing interval';
COMMENT ON COLUMN billing.plan.bill_int IS 'Billing interval: M = billed monthly, A = billed annually (in advance)';
COMMENT ON COLUMN billing.plan.seat_px IS 'List price per seat per billing interval (per month for M, per year for A), in the invoice currency';
COMMENT ON COLUMN billing.plan.incl_api IS 'API calls included per seat per calendar month';
COMMENT ON COLUMN billing.plan.ovg_rate IS 'Overage price per 1,000 API calls above the included allowance (monthly plans only)';
COMMENT ON COLUMN billing.plan.is_legacy IS 'No longer sold; existing customers on it are grandfathered at the old price';

INSERT INTO billing.plan VALUES
 ('STR-M',   'Starter',         'starter',    'M',   12.00,   500, 2.0000, false, '2023-01-01'),
 ('STR-A',   'Starter',         'starter',    'A',  120.00,   500, 2.0000, false, '2023-01-01'),
 ('TEAM-M',  'Team',            'team',       'M',   29.00,  2000, 1.5000, false, '2023-01-01'),
 ('TEAM-A',  'Team',            'team',       'A',  290.00,  2000, 1.5000, false, '2023-01-01'),
 ('BIZ-M',   'Business',        'business',   'M',   59.00,  5000, 1.0000, false, '2023-01-01'),
 ('BIZ-A',   'Business',        'business',   'A',  590.00,  5000, 1.0000, false, '2023-01-01'),
 ('ENT-A',   'Enterprise',      'enterprise', 'A', 1080.00, 20000, 0.5000, false, '2023-01-01'),
 ('PRO22-M', 'Professional 2022', 'pro',      'M',   25.00,  2500, 1.2500, true,  '2022-02-01'),
 ('PRO22-A', 'Professional 2022', 'pro',      'A',  250.00,  2500, 1.2500, true,  '2022-02-01');

CREATE TABLE billing.subscription (
    sub_id        integer PRIMARY KEY,
    acct_id       integer NOT NULL REFERENCES crm."Account" (acct_id),
    plan_cd       varchar(10) NOT NULL REFERENCES billing.plan (plan_cd),
    seats         integer NOT NULL CHECK (seats > 0),
    disc_pct      numeric(5,2) NOT NULL DEFAULT 0,
    start_dt      date NOT NULL,
    trial_end_dt  date,
    term_end_dt   date NOT NULL,
    cncl_dt       date,
    status        billing.sub_status NOT NULL,
    auto_renew    boolean NOT NULL DEFAULT true,
    sold_by       smallint REFERENCES crm.sales_rep (rep_id),
    "createdAt"   timestamptz NOT NULL,
    "updatedAt"   timestamptz NOT NULL
);
COMMENT ON TABLE billing.subscription IS 'Subscriptions. An upgrade ends the old subscription (status expired) and starts a new one the same day';
COMMENT ON COLUMN billing.subscription.seats IS 'Licensed seats (users)';
COMMENT ON COLUMN billing.subscription.disc_pct IS 'Negotiated discount in percent off the list seat price (100 = free, internal accounts)';
COMMENT ON COLUMN billing.subscription.start_dt IS 'Service start date (first day of the trial, if any)';
COMMENT ON COLUMN billing.subscription.trial_end_dt IS 'First day after the free trial, when billing starts; NULL = no trial';
COMMENT ON COLUMN billing.subscription.term_end_dt IS 'End of the current term (renewal date) for running subscriptions; last day of service +1 for ended ones';
COMMENT ON COLUMN billing.subscription.cncl_dt IS 'Date the customer asked to cancel; NULL = never cancelled. Service runs to term_end_dt, so a subscription with status active and a cncl_dt is pending cancellation';
COMMENT ON COLUMN billing.subscription.sold_by IS 'Sales rep credited with the booking';

CREATE TEMP TABLE t_s1 AS
SELECT a.acct_id, a.seg, a.is_test, a.cr::date AS cr_dt, a.cr,
       CASE WHEN a.is_test THEN 'TEAM'
            WHEN a.seg = 'SMB' THEN CASE WHEN a.cr < '2023-07-01' AND pg_temp.h('leg' || a.acct_id) < 0.30 THEN 'PRO22'
                                         WHEN pg_temp.h('fam' || a.acct_id) < 0.55 THEN 'STR' ELSE 'TEAM' END
            WHEN a.seg = 'MM'  THEN CASE WHEN a.cr < '2023-07-01' AND pg_temp.h('leg' || a.acct_id) < 0.20 THEN 'PRO22'
                                         WHEN pg_temp.h('fam' || a.acct_id) < 0.40 THEN 'TEAM' ELSE 'BIZ' END
            ELSE CASE WHEN pg_temp.h('fam' || a.acct_id) < 0.30 THEN 'BIZ' ELSE 'ENT' END END AS fam,
       pg_temp.h('int' || a.acct_id) AS u_int,
       pg_temp.h('seat' || a.acct_id) AS u_seat,
       pg_temp.h('disc' || a.acct_id) AS u_disc,
       pg_temp.h('tr' || a.acct_id) AS u_tr,
       pg_temp.h('cv' || a.acct_id) AS u_cv,
       pg_temp.h('out' || a.acct_id) AS u_out,
       pg_temp.h('when' || a.acct_id) AS u_when,
       pg_temp.h('st' || a.acct_id) AS u_st,
       a.acct_id AS owner_key
FROM t_acct a;

-- candidate subscriptions: k = 1 first subscription, k = 2 after an upgrade
CREATE TEMP TABLE t_sub AS
WITH s1 AS (
    SELECT s.*,
           CASE WHEN fam = 'ENT' THEN 'A'
                WHEN seg = 'SMB' OR is_test THEN CASE WHEN u_int < 0.8 THEN 'M' ELSE 'A' END
                WHEN seg = 'MM' THEN CASE WHEN u_int < 0.5 THEN 'M' ELSE 'A' END
                ELSE CASE WHEN u_int < 0.15 THEN 'M' ELSE 'A' END END AS bint,
           CASE WHEN seg = 'SMB' OR is_test THEN 1 + floor(u_seat * 14)::int
                WHEN seg = 'MM' THEN 10 + floor(u_seat * u_seat * 110)::int
                ELSE 50 + floor(u_seat * u_seat * 600)::int END AS seats,
           CASE WHEN is_test THEN 100 WHEN seg = 'SMB' THEN CASE WHEN u_disc < 0.1 THEN 20 ELSE 0 END
                WHEN seg = 'MM' THEN round(u_disc * 15) ELSE 10 + round(u_disc * 20) END::numeric AS disc,
           cr_dt + floor(pg_temp.h('sd' || acct_id) * 8)::int AS start_dt,
           CASE WHEN fam IN ('STR', 'TEAM') AND NOT is_test AND u_tr < 0.45
                THEN cr_dt + floor(pg_temp.h('sd' || acct_id) * 8)::int + 14 END AS trial_end
    FROM t_s1 s)
SELECT acct_id, seg, is_test, 1 AS k, fam, bint, seats, disc, start_dt, trial_end, cr,
       (trial_end IS NULL OR u_cv < 0.88) AS converted,
       CASE WHEN NOT is_test AND fam IN ('STR', 'TEAM', 'PRO22', 'BIZ')
                 AND u_out < CASE WHEN fam IN ('STR', 'TEAM') THEN 0.20 ELSE 0.10 END
                 AND (trial_end IS NULL OR u_cv < 0.88)
            THEN coalesce(trial_end, start_dt) + 90 + floor(u_when * 450)::int END AS up_dt,
       CASE WHEN NOT is_test AND u_out >= 0.20 AND u_out < CASE WHEN seg = 'ENT' THEN 0.32 ELSE 0.44 END
                 AND (trial_end IS NULL OR u_cv < 0.88)
            THEN coalesce(trial_end, start_dt) + 45 + floor(u_when * 850)::int END AS cncl,
       u_st, owner_key
FROM s1;
-- an upgrade or a cancellation after the data cut-off has not happened yet
UPDATE t_sub SET up_dt = NULL WHERE up_dt > DATE '2026-10-31';
UPDATE t_sub SET cncl = NULL WHERE cncl > DATE '2026-10-31';

INSERT INTO t_sub
SELECT acct_id, seg, is_test, 2,
       CASE fam WHEN 'STR' THEN 'TEAM' WHEN 'TEAM' THEN 'BIZ' WHEN 'PRO22' THEN 'BIZ' ELSE 'ENT' END,
       CASE WHEN fam = 'BIZ' THEN 'A' ELSE bint END,
       ceil(seats * (1.2 + pg_temp.h('s2' || acct_id) * 0.6))::int + CASE WHEN fam = 'BIZ' THEN 40 ELSE 0 END,
       disc, up_dt, NULL, cr, true, NULL,
       CASE WHEN pg_temp.h('c2' || acct_id) < 0.12 THEN up_dt + 60 + floor(pg_temp.h('w2' || acct_id) * 700)::int END,
       pg_temp.h('st2' || acct_id), owner_key
FROM t_sub WHERE up_dt IS NOT NULL;
UPDATE t_sub SET cncl = NULL WHERE cncl > DATE '2026-10-31';

CREATE TEMP TABLE t_sub2 AS
SELECT row_number() OVER (ORDER BY start_dt, acct_id, k)::int AS sub_id, x.*,
       (fam || '-' || bint) AS plan_cd0
FROM (SELECT t.*, coalesce(trial_end, start_dt) AS bstart,
             CASE bint WHEN 'M' THEN INTERVAL '1 month' ELSE INTERVAL '1 year' END AS iv
      FROM t_sub t) x;
UPDATE t_sub2 SET plan_cd0 = replace(plan_cd0, 'ENT-M', 'ENT-A');

-- lifecycle: n_* = number of whole billing intervals from bstart to an event
CREATE TEMP TABLE t_life AS
SELECT s.*,
       CASE WHEN NOT converted AND trial_end <= DATE '2026-10-31' THEN 'expired_trial'
            WHEN trial_end > DATE '2026-10-31' THEN 'trialing'
            WHEN up_dt IS NOT NULL THEN 'upgraded'
            WHEN cncl IS NOT NULL THEN 'cancel'
            WHEN bint = 'M' AND u_st < 0.02 THEN 'paused'
            WHEN u_st >= 0.02 AND u_st < 0.055 THEN 'past_due'
            ELSE 'running' END AS life,
       DATE '2026-10-31' - 20 - floor(pg_temp.h('pz' || sub_id) * 100)::int AS pause_dt
FROM t_sub2 s;

CREATE TEMP TABLE t_life2 AS
SELECT l.*,
       CASE life
         WHEN 'expired_trial' THEN trial_end
         WHEN 'trialing' THEN trial_end
         WHEN 'upgraded' THEN up_dt
         WHEN 'cancel' THEN (bstart + (n_c + 1) * iv)::date
         ELSE (bstart + (n_now + 1) * iv)::date END AS term_end,
       CASE life
         WHEN 'expired_trial' THEN bstart
         WHEN 'trialing' THEN bstart
         WHEN 'upgraded' THEN up_dt
         WHEN 'cancel' THEN least((bstart + (n_c + 1) * iv)::date, DATE '2026-11-01')
         WHEN 'paused' THEN greatest(pause_dt, bstart + 1)
         ELSE DATE '2026-11-01' END AS bill_end
FROM (SELECT t.*,
             CASE WHEN cncl IS NULL THEN NULL WHEN bint = 'M'
                  THEN (extract(year FROM age(cncl, bstart)) * 12 + extract(month FROM age(cncl, bstart)))::int
                  ELSE extract(year FROM age(cncl, bstart))::int END AS n_c,
             CASE WHEN bint = 'M'
                  THEN (extract(year FROM age(DATE '2026-10-31', bstart)) * 12 + extract(month FROM age(DATE '2026-10-31', bstart)))::int
                  ELSE extract(year FROM age(DATE '2026-10-31', bstart))::int END AS n_now
      FROM t_life t) l;

INSERT INTO billing.subscription
SELECT l.sub_id, l.acct_id, l.plan_cd0, l.seats, l.disc, l.start_dt, l.trial_end, l.term_end,
       CASE WHEN life = 'cancel' THEN cncl END,
       (CASE life WHEN 'expired_trial' THEN 'expired' WHEN 'trialing' THEN 'trialing' WHEN 'upgraded' THEN 'expired'
                  WHEN 'cancel' THEN CASE WHEN term_end <= DATE '2026-10-31' THEN 'canceled' ELSE 'active' END
                  WHEN 'paused' THEN 'paused' WHEN 'past_due' THEN 'past_due' ELSE 'active' END)::billing.sub_status,
       CASE WHEN life IN ('cancel', 'expired_trial') THEN false
            WHEN l.seg = 'ENT' AND pg_temp.h('ar' || l.sub_id) < 0.25 THEN false ELSE true END,
       CASE WHEN k = 1 THEN a.owner_rep_id
            ELSE coalesce((SELECT o.rep_id FROM t_owner o JOIN crm.sales_rep r USING (rep_id)
                           WHERE r.role_cd = 'AM' AND o.rgn = (SELECT rgn FROM crm.sales_rep WHERE rep_id = a.owner_rep_id)
                           ORDER BY pg_temp.h('am' || l.sub_id || '-' || o.rep_id) LIMIT 1), a.owner_rep_id) END,
       CASE WHEN k = 1 THEN l.cr ELSE l.start_dt + TIME '10:00' + (pg_temp.h('sc' || sub_id) * 30000)::int * INTERVAL '1 second' END,
       greatest(CASE WHEN k = 1 THEN l.cr ELSE l.start_dt + TIME '10:00' END,
                coalesce(cncl, least(term_end, DATE '2026-10-30')) + TIME '12:00')
FROM t_life2 l JOIN crm."Account" a USING (acct_id)
ORDER BY l.sub_id;

-- ---------------------------------------------------------------------------------- usage metering
CREATE TABLE billing.usage_rec (
    sub_id    integer NOT NULL REFERENCES billing.subscription (sub_id),
    meter_cd  varchar(3) NOT NULL,
    usage_mo  date NOT NULL,
    qty       bigint NOT NULL,
    rec_at    timestamptz NOT NULL,
    PRIMARY KEY (sub_id, meter_cd, usage_mo)
) PARTITION BY RANGE (usage_mo);
CREATE TABLE billing.usage_rec_2023 PARTITION OF billing.usage_rec FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE billing.usage_rec_2024 PARTITION OF billing.usage_rec FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE billing.usage_rec_2025 PARTITION OF billing.usage_rec FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE billing.usage_rec_2026 PARTITION OF billing.usage_rec FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
CREATE TABLE billing.usage_rec_dflt PARTITION OF billing.usage_rec DEFAULT;
COMMENT ON TABLE billing.usage_rec IS 'Metered usage, one row per subscription, meter and calendar month (rolled up by the metering pipeline on the 1st). Partitioned by year';
COMMENT ON COLUMN billing.usage_rec.meter_cd IS 'Meter: API = API calls, ENV = e-signature envelopes sent, STG = document storage in GB (month-end snapshot; Business and Enterprise only)';
COMMENT ON COLUMN billing.usage_rec.usage_mo IS 'First day of the calendar month the usage belongs to';
COMMENT ON COLUMN billing.usage_rec.qty IS 'Quantity in the meter''s unit (calls, envelopes, GB)';

CREATE TEMP TABLE t_usage AS
SELECT l.sub_id, m.mo::date AS usage_mo, l.seats, p.incl_api, l.plan_cd0, l.bstart, l.bill_end,
       0.30 + pg_temp.h('int' || l.sub_id) * 0.9 AS intensity
FROM t_life2 l
JOIN billing.plan p ON p.plan_cd = l.plan_cd0
CROSS JOIN LATERAL generate_series(date_trunc('month', l.bstart), date_trunc('month', least(l.bill_end - 1, DATE '2026-10-31')),
                                   INTERVAL '1 month') m(mo)
WHERE l.bill_end > l.bstart;

INSERT INTO billing.usage_rec
SELECT sub_id, meter, usage_mo,
       CASE meter
         WHEN 'API' THEN round(seats * incl_api * intensity * (0.7 + 0.6 * pg_temp.h('api' || sub_id || usage_mo)))
         WHEN 'ENV' THEN round(seats * (1 + 6 * pg_temp.h('env' || sub_id || usage_mo)))
         ELSE round(seats * 0.4 * (1 + (usage_mo - bstart) / 400.0) * (0.8 + 0.4 * pg_temp.h('stg' || sub_id))) END::bigint,
       (usage_mo + INTERVAL '1 month')::date + TIME '02:15' + (pg_temp.h('ra' || sub_id || meter || usage_mo) * 3000)::int * INTERVAL '1 second'
FROM t_usage u
CROSS JOIN LATERAL unnest(CASE WHEN u.plan_cd0 LIKE 'BIZ%' OR u.plan_cd0 LIKE 'ENT%' THEN ARRAY['API','ENV','STG']
                               ELSE ARRAY['API','ENV'] END) AS mt(meter);

-- ---------------------------------------------------------------------------------- invoices
CREATE TABLE billing.invoice (
    inv_id     integer PRIMARY KEY,
    inv_no     varchar(16) NOT NULL,
    acct_id    integer NOT NULL REFERENCES crm."Account" (acct_id),
    sub_id     integer REFERENCES billing.subscription (sub_id),
    issued_on  date NOT NULL,
    due_on     date NOT NULL,
    per_start  date,
    per_end    date,
    terms_cd   varchar(3) NOT NULL,
    cur        char(3) NOT NULL,
    subtotal   numeric(12,2) NOT NULL,
    tax        numeric(12,2) NOT NULL,
    total      numeric(12,2) NOT NULL,
    st         char(1) NOT NULL CHECK (st IN ('D', 'O', 'P', 'V', 'U')),
    paid_at    timestamptz,
    dun_lvl    smallint NOT NULL DEFAULT 0,
    po_ref     text
);
CREATE UNIQUE INDEX ux_invoice_inv_no ON billing.invoice (inv_no);
CREATE INDEX ix_invoice_acct ON billing.invoice (acct_id, issued_on);
CREATE INDEX ix_invoice_issued ON billing.invoice (issued_on);
COMMENT ON TABLE billing.invoice IS 'Customer invoices, billed in advance at the start of each billing period; professional-services invoices have no subscription';
COMMENT ON COLUMN billing.invoice.inv_no IS 'Invoice number printed on the PDF (INV-<year>-<sequence>)';
COMMENT ON COLUMN billing.invoice.sub_id IS 'Subscription billed; NULL for one-off professional services (onboarding) invoices';
COMMENT ON COLUMN billing.invoice.per_start IS 'First day of the service period billed';
COMMENT ON COLUMN billing.invoice.per_end IS 'Last day of the service period billed';
COMMENT ON COLUMN billing.invoice.terms_cd IS 'Payment terms: DOR = due on receipt (card on file, charged automatically), N30 / N45 / N60 = net 30 / 45 / 60 days';
COMMENT ON COLUMN billing.invoice.cur IS 'Invoice currency (ISO 4217): USD, EUR or GBP';
COMMENT ON COLUMN billing.invoice.subtotal IS 'Sum of the invoice lines before tax';
COMMENT ON COLUMN billing.invoice.tax IS 'Sales tax / VAT / GST charged (0 for reverse-charge and tax-exempt customers)';
COMMENT ON COLUMN billing.invoice.total IS 'Amount due = subtotal + tax, in the invoice currency';
COMMENT ON COLUMN billing.invoice.st IS 'Invoice status: D = draft (not yet sent), O = open (sent, awaiting payment), P = paid, V = void (cancelled, never owed), U = uncollectible (written off as bad debt)';
COMMENT ON COLUMN billing.invoice.paid_at IS 'When the invoice was fully paid; NULL = not paid (open, draft, void or written off)';
COMMENT ON COLUMN billing.invoice.dun_lvl IS 'Dunning level = payment reminders sent: 0 none, 1 friendly reminder, 2 second notice, 3 final notice (handed to the collections agency)';
COMMENT ON COLUMN billing.invoice.po_ref IS 'Customer purchase-order number quoted on the invoice (accounts with po_required)';

CREATE TABLE billing.inv_line (
    inv_id    integer NOT NULL REFERENCES billing.invoice (inv_id),
    ln_no     smallint NOT NULL,
    ln_typ    varchar(3) NOT NULL,
    descr     text NOT NULL,
    qty       numeric(14,2) NOT NULL,
    unit_px   numeric(12,4) NOT NULL,
    amt       numeric(12,2) NOT NULL,
    PRIMARY KEY (inv_id, ln_no)
);
COMMENT ON TABLE billing.inv_line IS 'Invoice lines';
COMMENT ON COLUMN billing.inv_line.ln_typ IS 'Line type: SUB = subscription seats, OVG = API overage (usage of the previous calendar month), ONB = onboarding / professional services, CRD = service credit (negative amount)';
COMMENT ON COLUMN billing.inv_line.descr IS 'Line text as printed on the invoice';
COMMENT ON COLUMN billing.inv_line.amt IS 'Line amount before tax, in the invoice currency';

-- periods billed (advance billing: issued on the first day of the period)
CREATE TEMP TABLE t_inv AS
SELECT l.sub_id, l.acct_id, l.seg, l.is_test, l.bint, l.plan_cd0, l.seats, l.disc, l.life, l.bill_end, l.k,
       p.seat_px, p.incl_api, p.ovg_rate, p.plan_nm,
       g.n AS per_no,
       (l.bstart + g.n * l.iv)::date AS per_start,
       (l.bstart + (g.n + 1) * l.iv)::date - 1 AS per_end
FROM t_life2 l
JOIN billing.plan p ON p.plan_cd = l.plan_cd0
CROSS JOIN LATERAL generate_series(0, 46) g(n)
WHERE l.bill_end > l.bstart
  AND (l.bstart + g.n * l.iv)::date < l.bill_end
  AND (l.bstart + g.n * l.iv)::date <= DATE '2026-10-31';

CREATE TEMP TABLE t_inv_all AS
SELECT i.sub_id, i.acct_id, i.seg, i.is_test, i.life, i.bint, i.per_no, i.per_start AS issued_on, i.per_start, i.per_end,
       'SUB' AS ln_typ,
       i.plan_nm || CASE i.bint WHEN 'M' THEN ' (monthly)' ELSE ' (annual)' END || ' - ' || i.seats || ' seats, '
         || to_char(i.per_start, 'YYYY-MM-DD') || ' to ' || to_char(i.per_end, 'YYYY-MM-DD')
         || CASE WHEN i.disc > 0 THEN ', ' || trim(to_char(i.disc, '990.##')) || '% discount' ELSE '' END AS descr,
       i.seats::numeric AS qty, round(i.seat_px * (1 - i.disc / 100), 4) AS unit_px,
       round(i.seats * i.seat_px * (1 - i.disc / 100), 2) AS amt,
       i.bill_end, i.seats, i.incl_api, i.ovg_rate
FROM t_inv i;

-- overage on monthly plans, for the API calls of the previous calendar month
CREATE TEMP TABLE t_ovg AS
SELECT i.sub_id, i.per_start, u.usage_mo, u.qty - i.seats * i.incl_api AS over_qty, i.ovg_rate
FROM t_inv_all i
JOIN billing.usage_rec u ON u.sub_id = i.sub_id AND u.meter_cd = 'API'
                        AND u.usage_mo = (date_trunc('month', i.per_start) - INTERVAL '1 month')::date
WHERE i.bint = 'M' AND i.per_no > 0 AND NOT i.is_test AND u.qty > i.seats * i.incl_api;

-- invoice headers: one per period plus one-off onboarding invoices for enterprise deals
CREATE TEMP TABLE t_hdr AS
SELECT sub_id, acct_id, seg, is_test, life, per_no, issued_on, per_start, per_end, bill_end, false AS onb
FROM t_inv_all
UNION ALL
SELECT NULL, l.acct_id, l.seg, l.is_test, l.life, 0, l.start_dt + 3, NULL, NULL, NULL, true
FROM t_life2 l
WHERE l.k = 1 AND NOT l.is_test AND (l.fam = 'ENT' OR (l.fam = 'BIZ' AND pg_temp.h('onb' || l.acct_id) < 0.08))
  AND l.start_dt + 3 <= DATE '2026-10-31';

CREATE TEMP TABLE t_hdr2 AS
SELECT row_number() OVER (ORDER BY h.issued_on, h.acct_id, h.onb, h.sub_id)::int AS inv_id, h.*,
       a.ctry, c.cur, c.vat, (a.attrs ->> 'tax_exempt')::boolean AS tax_exempt, (a.attrs ->> 'po_required')::boolean AS po_req,
       CASE WHEN a.seg = 'SMB' OR a.is_test THEN 'DOR'
            WHEN a.seg = 'MM' THEN CASE WHEN pg_temp.h('terms' || a.acct_id) < 0.6 THEN 'N30' ELSE 'DOR' END
            ELSE CASE WHEN pg_temp.h('terms' || a.acct_id) < 0.5 THEN 'N30' WHEN pg_temp.h('terms' || a.acct_id) < 0.8 THEN 'N45' ELSE 'N60' END
       END AS terms_cd,
       CASE WHEN c.ctry = 'US' THEN (ARRAY[0, 0.05, 0.06, 0.0625, 0.07, 0.0825, 0, 0.04])[1 + floor(pg_temp.h('tx' || a.acct_id) * 8)::int]
            ELSE c.vat END AS tax_rate
FROM t_hdr h JOIN crm."Account" a USING (acct_id) JOIN t_ctry c ON c.ctry = a.ctry;

CREATE TEMP TABLE t_line AS
SELECT h.inv_id, 1 AS ln_no, 'SUB' AS ln_typ, i.descr, i.qty, i.unit_px, i.amt
FROM t_hdr2 h JOIN t_inv_all i ON i.sub_id = h.sub_id AND i.per_start = h.per_start
WHERE NOT h.onb
UNION ALL
SELECT h.inv_id, 2, 'OVG',
       'API overage ' || to_char(o.usage_mo, 'Mon YYYY') || ': ' || o.over_qty || ' calls above allowance',
       round(o.over_qty / 1000.0, 2), o.ovg_rate, round(o.over_qty / 1000.0 * o.ovg_rate, 2)
FROM t_hdr2 h JOIN t_ovg o ON o.sub_id = h.sub_id AND o.per_start = h.per_start
WHERE NOT h.onb
UNION ALL
SELECT h.inv_id, 3, 'CRD',
       'Service credit - incident INC-' || (2000 + floor(pg_temp.h('inc' || h.inv_id) * 900)::int),
       1, -round(i.amt * (0.1 + 0.4 * pg_temp.h('crd' || h.inv_id)), 2), -round(i.amt * (0.1 + 0.4 * pg_temp.h('crd' || h.inv_id)), 2)
FROM t_hdr2 h JOIN t_inv_all i ON i.sub_id = h.sub_id AND i.per_start = h.per_start
WHERE NOT h.onb AND NOT h.is_test AND h.per_no > 0 AND pg_temp.h('crdq' || h.inv_id) < 0.02
UNION ALL
SELECT h.inv_id, 1, 'ONB',
       (ARRAY['Onboarding package', 'Onboarding and SSO/SCIM setup', 'Template migration services', 'Admin training (remote, 2 days)'])
         [1 + floor(pg_temp.h('onbt' || h.inv_id) * 4)::int],
       1, amt, amt
FROM t_hdr2 h CROSS JOIN LATERAL (SELECT (5000 + 500 * floor(pg_temp.h('onba' || h.inv_id) * 41))::numeric(12,2) AS amt) x
WHERE h.onb;

-- payment behaviour per invoice
CREATE TEMP TABLE t_pay AS
SELECT h.*, s.subtotal, round(s.subtotal * h.tax_rate * CASE WHEN h.tax_exempt THEN 0 ELSE 1 END, 2) AS tax,
       CASE terms_cd WHEN 'DOR' THEN 0 WHEN 'N30' THEN 30 WHEN 'N45' THEN 45 ELSE 60 END AS terms_days,
       pg_temp.h('fail' || h.inv_id) AS u_fail,
       pg_temp.h('late' || h.inv_id) AS u_late,
       pg_temp.h('vd' || h.inv_id) AS u_void,
       pg_temp.h('uc' || h.inv_id) AS u_unc,
       max(h.per_no) OVER (PARTITION BY h.sub_id) AS last_per
FROM t_hdr2 h JOIN (SELECT inv_id, sum(amt) AS subtotal FROM t_line GROUP BY inv_id) s USING (inv_id);

CREATE TEMP TABLE t_pay2 AS
SELECT p.*, p.issued_on + p.terms_days AS due_on,
       p.issued_on + CASE WHEN terms_cd = 'DOR' THEN CASE WHEN u_fail < 0.05 THEN 2 + floor(u_late * 8)::int ELSE 0 END
                          ELSE greatest(0, terms_days - 15 + floor(u_late * 30)::int
                                           + CASE WHEN pg_temp.h('vlate' || inv_id) < 0.1 THEN floor(pg_temp.h('vl2' || inv_id) * 40)::int ELSE 0 END)
                     END AS paid_dt,
       CASE WHEN subtotal + tax = 0 THEN 'P'
            WHEN u_void < 0.008 THEN 'V'
            WHEN life = 'past_due' AND issued_on >= DATE '2026-10-31' - 70 THEN 'O'
            WHEN life = 'cancel' AND per_no = last_per AND NOT onb AND u_unc < 0.25 AND issued_on < DATE '2026-07-01' THEN 'U'
            WHEN u_unc > 0.988 AND issued_on < DATE '2026-08-01' THEN 'O'
            WHEN issued_on = DATE '2026-10-31' AND terms_cd <> 'DOR' THEN 'D'
            ELSE 'X' END AS st0
FROM t_pay p;

CREATE TEMP TABLE t_pay3 AS
SELECT p.*,
       CASE WHEN st0 <> 'X' THEN st0 WHEN paid_dt > DATE '2026-10-31' THEN 'O' ELSE 'P' END AS st
FROM t_pay2 p;

INSERT INTO billing.invoice
SELECT p.inv_id,
       'INV-' || extract(year FROM p.issued_on) || '-'
         || lpad((row_number() OVER (PARTITION BY extract(year FROM p.issued_on) ORDER BY p.inv_id))::text, 6, '0'),
       p.acct_id, p.sub_id, p.issued_on, p.due_on, p.per_start, p.per_end, p.terms_cd, p.cur,
       p.subtotal, p.tax, p.subtotal + p.tax, p.st,
       CASE WHEN p.st = 'P' THEN (p.paid_dt + TIME '07:00' + (pg_temp.h('pt' || p.inv_id) * 46800)::int * INTERVAL '1 second')
                                 AT TIME ZONE 'UTC' END,
       CASE WHEN p.st = 'U' THEN 3
            WHEN p.st = 'O' THEN CASE WHEN DATE '2026-10-31' - p.due_on > 30 THEN 3 WHEN DATE '2026-10-31' - p.due_on > 14 THEN 2
                                      WHEN DATE '2026-10-31' - p.due_on > 0 THEN 1 ELSE 0 END
            WHEN p.st = 'P' AND p.subtotal + p.tax > 0 THEN CASE WHEN p.paid_dt - p.due_on > 30 THEN 3 WHEN p.paid_dt - p.due_on > 14 THEN 2
                                      WHEN p.paid_dt - p.due_on > 0 THEN 1 ELSE 0 END
            ELSE 0 END,
       CASE WHEN p.po_req THEN 'PO-' || (100000 + floor(pg_temp.h('po' || p.acct_id || extract(year FROM p.issued_on)) * 800000)::int) END
FROM t_pay3 p
ORDER BY p.inv_id;

INSERT INTO billing.inv_line SELECT inv_id, ln_no, ln_typ, descr, qty, unit_px, amt FROM t_line ORDER BY inv_id, ln_no;
CREATE INDEX ix_inv_line_descr ON billing.inv_line (descr) INCLUDE (amt);

-- ---------------------------------------------------------------------------------- payments and refunds
CREATE TABLE billing.payment (
    pay_id        bigint PRIMARY KEY,
    inv_id        integer NOT NULL REFERENCES billing.invoice (inv_id),
    acct_id       integer NOT NULL REFERENCES crm."Account" (acct_id),
    rcvd_at       timestamptz NOT NULL,
    amt_cents     bigint NOT NULL,
    cur           char(3) NOT NULL,
    pm_cd         varchar(3) NOT NULL,
    ok            boolean NOT NULL,
    processor_ref text NOT NULL,
    fail_rsn      text
);
CREATE INDEX ix_payment_inv ON billing.payment (inv_id);
COMMENT ON TABLE billing.payment IS 'Payment attempts and receipts, as reported by the payment processor and the bank feed';
COMMENT ON COLUMN billing.payment.rcvd_at IS 'When the payment was captured / the funds were received (attempt time for failed card charges)';
COMMENT ON COLUMN billing.payment.amt_cents IS 'Amount in cents (minor units of cur), as the processor reports it; 1999 = 19.99';
COMMENT ON COLUMN billing.payment.pm_cd IS 'Payment method: CC = credit/debit card, ACH = ACH / SEPA bank debit, WIR = wire transfer, CHK = cheque';
COMMENT ON COLUMN billing.payment.ok IS 'false = failed attempt (card declined, debit returned); no money was collected';
COMMENT ON COLUMN billing.payment.processor_ref IS 'Charge / transfer reference at the processor or bank (Stripe ch_..., py_..., wire reference, cheque number)';
COMMENT ON COLUMN billing.payment.fail_rsn IS 'Decline / return reason for failed attempts';

CREATE TEMP TABLE t_pmt AS
SELECT p.inv_id, p.acct_id, p.cur,
       (p.subtotal + p.tax) AS amt,
       CASE WHEN p.terms_cd = 'DOR' THEN 'CC'
            ELSE (ARRAY['ACH','ACH','ACH','ACH','ACH','ACH','WIR','WIR','WIR','CHK'])[1 + floor(pg_temp.h('pm' || p.acct_id) * 10)::int] END AS pm_cd,
       true AS ok,
       (p.paid_dt + TIME '07:00' + (pg_temp.h('pt' || p.inv_id) * 46800)::int * INTERVAL '1 second') AT TIME ZONE 'UTC' AS rcvd_at,
       0 AS att
FROM t_pay3 p WHERE p.st = 'P' AND p.subtotal + p.tax > 0
UNION ALL
-- declined card charges before a later successful retry, and on the invoices of past-due card accounts
SELECT p.inv_id, p.acct_id, p.cur, p.subtotal + p.tax, 'CC', false,
       (p.issued_on + (a.n - 1) * 3 + TIME '07:05' + (pg_temp.h('ft' || p.inv_id || a.n) * 3000)::int * INTERVAL '1 second') AT TIME ZONE 'UTC',
       a.n
FROM t_pay3 p
CROSS JOIN LATERAL generate_series(1, CASE WHEN p.st = 'P' THEN 1 ELSE 3 END) a(n)
WHERE p.terms_cd = 'DOR' AND p.subtotal + p.tax > 0
  AND ((p.st = 'P' AND p.u_fail < 0.05) OR (p.st = 'O' AND p.life = 'past_due'))
  AND p.issued_on + (a.n - 1) * 3 <= DATE '2026-10-30';

INSERT INTO billing.payment
SELECT row_number() OVER (ORDER BY t.rcvd_at, t.inv_id, t.att) + 500000,
       t.inv_id, t.acct_id, t.rcvd_at, round(t.amt * 100)::bigint, t.cur, t.pm_cd, t.ok,
       CASE t.pm_cd
         WHEN 'CC' THEN 'ch_3' || substr(md5('ch' || t.inv_id || '-' || t.att), 1, 23)
         WHEN 'ACH' THEN 'py_3' || substr(md5('py' || t.inv_id), 1, 23)
         WHEN 'WIR' THEN 'WT' || to_char(t.rcvd_at, 'YYMMDD') || upper(substr(md5('wt' || t.inv_id), 1, 8))
         ELSE 'CHK-' || (10000 + floor(pg_temp.h('chk' || t.inv_id) * 89999)::int) END,
       CASE WHEN NOT t.ok THEN (ARRAY['card_declined','insufficient_funds','expired_card','card_declined','do_not_honor'])
                                 [1 + floor(pg_temp.h('fr' || t.inv_id || t.att) * 5)::int] END
FROM t_pmt t
ORDER BY 1;

CREATE TABLE billing.refund (
    rfnd_id     integer PRIMARY KEY,
    pay_id      bigint NOT NULL REFERENCES billing.payment (pay_id),
    refunded_at timestamptz NOT NULL,
    amt         numeric(12,2) NOT NULL CHECK (amt > 0),
    rsn_cd      varchar(3) NOT NULL,
    note        text,
    issued_by   text NOT NULL
);
COMMENT ON TABLE billing.refund IS 'Refunds paid back to customers (always against a successful payment)';
COMMENT ON COLUMN billing.refund.amt IS 'Refunded amount in the currency of the payment (not cents)';
COMMENT ON COLUMN billing.refund.rsn_cd IS 'Refund reason: DUP = duplicate charge, SVC = service credit for an outage, CNL = cancellation proration, BIL = billing error (wrong seats or price)';

INSERT INTO billing.refund
SELECT row_number() OVER (ORDER BY r.refunded_at, r.pay_id)::int, r.pay_id, r.refunded_at, r.amt, r.rsn_cd, r.note, r.issued_by
FROM (SELECT p.pay_id,
             p.rcvd_at + (2 + floor(pg_temp.h('rd' || p.pay_id) * 40)::int) * INTERVAL '1 day' AS refunded_at,
             rs.rsn_cd,
             greatest(0.01, round(p.amt_cents / 100.0 * CASE rs.rsn_cd WHEN 'DUP' THEN 1
                                                                    WHEN 'SVC' THEN 0.1 + 0.2 * pg_temp.h('ra' || p.pay_id)
                                                                    WHEN 'CNL' THEN 0.2 + 0.6 * pg_temp.h('ra' || p.pay_id)
                                                                    ELSE 0.05 + 0.95 * pg_temp.h('ra' || p.pay_id) END, 2)) AS amt,
             CASE rs.rsn_cd WHEN 'SVC' THEN 'Credit for INC-' || (2000 + floor(pg_temp.h('ri' || p.pay_id) * 900)::int) END AS note,
             (ARRAY['j.okoro','m.lindgren','s.baptiste','billing-bot'])[1 + floor(pg_temp.h('rb' || p.pay_id) * 4)::int] AS issued_by
      FROM billing.payment p
      CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.h('rr' || p.pay_id) < 0.2 THEN 'DUP' WHEN pg_temp.h('rr' || p.pay_id) < 0.6 THEN 'SVC'
                                      WHEN pg_temp.h('rr' || p.pay_id) < 0.85 THEN 'CNL' ELSE 'BIL' END AS rsn_cd) rs
      WHERE p.ok AND pg_temp.h('rf' || p.pay_id) < 0.012) r
WHERE r.refunded_at < TIMESTAMPTZ '2026-10-31 00:00+00';

-- ============================================================================================ support
CREATE TABLE support.agent (
    agent_id   smallint PRIMARY KEY,
    full_name  text NOT NULL,
    email      text NOT NULL,
    team       varchar(3) NOT NULL,
    active     boolean NOT NULL DEFAULT true,
    started_on date NOT NULL
);
COMMENT ON COLUMN support.agent.team IS 'Queue: T1 = frontline support, T2 = technical support, BIL = billing desk, SE = solutions engineering (enterprise integrations)';
COMMENT ON COLUMN support.agent.active IS 'false = has left or no longer takes tickets';

INSERT INTO support.agent
SELECT g,
       (ARRAY['Alex','Bianca','Carlos','Dana','Emeka','Fiona','Gustavo','Hiro','Isla','Jamal','Kirsten','Lena','Mohammed',
              'Nadia','Owen','Petra','Quentin','Rosa','Stefan','Tariq','Uma','Viktor','Wendy','Xavier','Yara','Zach'])[g]
         || ' ' ||
       (ARRAY['Mbeki','Larsen','Oduya','Pereira','Quinn','Rahman','Stroud','Tran','Ueda','Vance','Wolff','Yilmaz','Zamora',
              'Ahn','Boyle','Costa','Dimitrov','Eze','Fontaine','Gallo','Hale','Iqbal','Jovanovic','Keane','Lopez','Meyer'])[1 + ((g * 7) % 26)],
       'agent' || g || '@quillstack.io',
       CASE WHEN g <= 12 THEN 'T1' WHEN g <= 19 THEN 'T2' WHEN g <= 23 THEN 'BIL' ELSE 'SE' END,
       g NOT IN (3, 9, 15, 21),
       DATE '2022-09-01' + (pg_temp.h('ag' || g) * 500)::int
FROM generate_series(1, 26) g;

CREATE TABLE support.sla_tgt (
    prio     smallint PRIMARY KEY,
    frt_min  integer NOT NULL,
    res_hrs  integer NOT NULL
);
COMMENT ON TABLE support.sla_tgt IS 'Contractual support SLA targets by ticket priority';
COMMENT ON COLUMN support.sla_tgt.frt_min IS 'First-response target in minutes (24x7 calendar time)';
COMMENT ON COLUMN support.sla_tgt.res_hrs IS 'Resolution target in hours';
INSERT INTO support.sla_tgt VALUES (1, 30, 8), (2, 120, 48), (3, 480, 120), (4, 1440, 240);

CREATE TABLE support.ticket (
    tkt_id        integer PRIMARY KEY,
    ext_id        bigint NOT NULL,
    acct_id       integer,
    reqr_email    text NOT NULL,
    subj          text NOT NULL,
    cat           text NOT NULL,
    prio          smallint NOT NULL REFERENCES support.sla_tgt (prio),
    chan          char(1) NOT NULL,
    stat          text NOT NULL,
    agent_id      smallint REFERENCES support.agent (agent_id),
    "createdAt"   timestamptz NOT NULL,
    sla_due_at    timestamptz NOT NULL,
    frst_rsp_at   timestamptz,
    resolved_at   timestamptz,
    csat          smallint CHECK (csat BETWEEN 1 AND 5),
    reopen_cnt    smallint NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL,
    sync_ver      integer NOT NULL DEFAULT 1
);
CREATE INDEX ix_ticket_acct ON support.ticket (acct_id);
CREATE INDEX ix_ticket_created ON support.ticket ("createdAt");
CREATE INDEX ix_ticket_open ON support.ticket (stat, prio) WHERE resolved_at IS NULL;
CREATE INDEX ix_ticket_updated ON support.ticket (updated_at);  -- incremental export to the warehouse
COMMENT ON TABLE support.ticket IS 'Support tickets, mirrored from the helpdesk';
COMMENT ON COLUMN support.ticket.ext_id IS 'Ticket id in the helpdesk';
COMMENT ON COLUMN support.ticket.acct_id IS 'Customer account (crm."Account".acct_id; no foreign key because the helpdesk import predates the CRM sync). NULL = requester not matched to an account';
COMMENT ON COLUMN support.ticket.reqr_email IS 'Requester: e-mail address of the person who raised the ticket';
COMMENT ON COLUMN support.ticket.cat IS 'Category chosen by the agent: billing, bug, how-to, integration, account_access, feature_request, outage';
COMMENT ON COLUMN support.ticket.prio IS 'Priority: 1 = P1 urgent (production down), 2 = P2 high, 3 = P3 normal, 4 = P4 low';
COMMENT ON COLUMN support.ticket.chan IS 'Channel the ticket came in by: E = e-mail, W = web form / help centre, C = live chat, P = phone';
COMMENT ON COLUMN support.ticket.stat IS 'Helpdesk status: new, open, pending (waiting on the customer), on_hold, solved, closed (solved and locked after 4 days)';
COMMENT ON COLUMN support.ticket.agent_id IS 'Assignee; NULL = not assigned yet';
COMMENT ON COLUMN support.ticket."createdAt" IS 'When the ticket was raised';
COMMENT ON COLUMN support.ticket.sla_due_at IS 'First-response SLA deadline (createdAt + frt_min of the priority)';
COMMENT ON COLUMN support.ticket.frst_rsp_at IS 'First public reply by an agent; NULL = nobody has replied yet';
COMMENT ON COLUMN support.ticket.resolved_at IS 'When the ticket was solved; NULL = still open';
COMMENT ON COLUMN support.ticket.csat IS 'Customer satisfaction survey score 1-5 (5 = very satisfied); NULL = no survey answer';
COMMENT ON COLUMN support.ticket.sync_ver IS 'Version counter bumped by the helpdesk sync on every change';

-- account span for tickets (sign-up .. end of the last subscription)
CREATE TEMP TABLE t_span AS
SELECT a.acct_id, a.seg, a.is_test, a."createdAt" AS t0,
       least(TIMESTAMPTZ '2026-10-31 19:00+00', (max(s.term_end_dt) + TIME '12:00') AT TIME ZONE 'UTC') AS t1,
       a.web_domain
FROM crm."Account" a JOIN billing.subscription s USING (acct_id)
GROUP BY a.acct_id;

CREATE TEMP TABLE t_tk0 AS
SELECT s.acct_id, s.seg, s.web_domain, s.t0, g.n,
       s.t0 + (s.t1 - s.t0) * pg_temp.h('tt' || s.acct_id || '-' || g.n) AS t_raw
FROM t_span s
CROSS JOIN LATERAL generate_series(1, greatest(0, round(extract(epoch FROM s.t1 - s.t0) / 31557600.0
          * CASE s.seg WHEN 'SMB' THEN 2.5 WHEN 'MM' THEN 7 ELSE 22 END
          * (0.5 + pg_temp.h('tn' || s.acct_id)))::int)) g(n)
WHERE s.t1 > s.t0 AND NOT s.is_test;

CREATE TEMP TABLE t_tk1 AS
SELECT row_number() OVER (ORDER BY ts, acct_id, n)::int AS tkt_id, x.*
FROM (SELECT t.*,
             greatest(date_trunc('day', t_raw) + INTERVAL '7 hours' + (pg_temp.h('tsec' || acct_id || '-' || n) * 46800)::int * INTERVAL '1 second',
                      t0 + INTERVAL '30 minutes') AS ts
      FROM t_tk0 t) x;

CREATE TEMP TABLE t_tk2 AS
SELECT t.*, random() AS u_prio, random() AS u_cat, random() AS u_chan, random() AS u_frt, random() AS u_res,
       random() AS u_stat, random() AS u_ag, random() AS u_csat, random() AS u_csv, random() AS u_nm, random() AS u_noresp,
       random() AS u_reopen, random() AS u_nomatch
FROM t_tk1 t ORDER BY t.tkt_id;

CREATE TEMP TABLE t_tk3 AS
SELECT t.*, x.prio, x.cat,
       CASE WHEN u_chan < 0.45 THEN 'E' WHEN u_chan < 0.75 THEN 'W' WHEN u_chan < 0.93 THEN 'C' ELSE 'P' END AS chan,
       -- minutes to first response and hours to resolution, long-tailed
       CASE x.prio WHEN 1 THEN 4 + 50 * u_frt ^ 2 WHEN 2 THEN 10 + 300 * u_frt ^ 2 WHEN 3 THEN 20 + 900 * u_frt ^ 2.5
                   ELSE 45 + 2600 * u_frt ^ 2 END AS frt_m,
       CASE x.prio WHEN 1 THEN 1 + 14 * u_res ^ 2 WHEN 2 THEN 3 + 90 * u_res ^ 2 WHEN 3 THEN 1 + 200 * u_res ^ 2
                   ELSE 20 + 500 * u_res ^ 1.5 END AS res_h
FROM t_tk2 t
CROSS JOIN LATERAL (SELECT
    CASE WHEN u_prio < 0.03 THEN 1 WHEN u_prio < 0.18 THEN 2 WHEN u_prio < 0.78 THEN 3 ELSE 4 END::smallint AS prio,
    CASE WHEN u_prio < 0.03 THEN CASE WHEN u_cat < 0.6 THEN 'outage' ELSE 'bug' END
         WHEN u_cat < 0.19 THEN 'billing' WHEN u_cat < 0.41 THEN 'bug' WHEN u_cat < 0.71 THEN 'how-to'
         WHEN u_cat < 0.83 THEN 'integration' WHEN u_cat < 0.94 THEN 'account_access' ELSE 'feature_request' END AS cat) x;

CREATE TEMP TABLE t_team AS
SELECT agent_id, team, row_number() OVER (PARTITION BY team ORDER BY agent_id) - 1 AS idx, count(*) OVER (PARTITION BY team) AS cnt
FROM support.agent;

CREATE TEMP TABLE t_tk4 AS
SELECT t.*,
       t.ts + (SELECT frt_min FROM support.sla_tgt s WHERE s.prio = t.prio) * INTERVAL '1 minute' AS sla_due,
       CASE WHEN t.u_noresp < 0.012 THEN NULL
            WHEN t.ts + t.frt_m * INTERVAL '1 minute' > TIMESTAMPTZ '2026-10-31 20:00+00' THEN NULL
            ELSE t.ts + t.frt_m * INTERVAL '1 minute' END AS frst,
       CASE WHEN t.ts + (t.frt_m / 60.0 + t.res_h) * INTERVAL '1 hour' > TIMESTAMPTZ '2026-10-31 20:00+00' THEN NULL
            WHEN t.ts < TIMESTAMPTZ '2026-09-01 00:00+00' OR t.u_stat > 0.05
            THEN t.ts + (t.frt_m / 60.0 + t.res_h) * INTERVAL '1 hour' END AS resolved,
       CASE WHEN t.cat = 'billing' THEN 'BIL'
            WHEN t.cat IN ('bug', 'outage') THEN 'T2'
            WHEN t.cat = 'integration' THEN CASE WHEN t.seg = 'ENT' AND t.u_ag < 0.4 THEN 'SE' ELSE 'T2' END
            ELSE 'T1' END AS team
FROM t_tk3 t;

INSERT INTO support.ticket
SELECT t.tkt_id,
       48213 + t.tkt_id * 3 + floor(pg_temp.h('ext' || t.tkt_id) * 3)::int,
       CASE WHEN t.u_nomatch < 0.01 THEN NULL ELSE t.acct_id END,
       lower((ARRAY['anna','ben','carla','dev','erik','farah','george','hana','ivan','julia','kenji','laura','mike',
                    'nina','omar','paul','rita','sam','tina','victor'])[1 + floor(t.u_nm * 20)::int]
             || '.' || (ARRAY['smith','garcia','muller','rossi','kim','nguyen','brown','silva','jones','khan','lee','martin'])
                [1 + floor(pg_temp.h('ln' || t.acct_id || floor(t.u_nm * 20)) * 12)::int])
         || '@' || t.web_domain,
       CASE t.cat
         WHEN 'billing' THEN (ARRAY['Question about invoice','Card declined on renewal','Need W-9 / VAT certificate','Please update billing contact',
                                    'Charged twice this month','Change to annual billing'])[1 + floor(pg_temp.h('sj' || t.tkt_id) * 6)::int]
         WHEN 'bug' THEN (ARRAY['Template fields not saving','PDF export cuts off last page','Signer gets blank document','Error 500 when uploading',
                                'Reminder emails not sent','Bulk send stuck in processing'])[1 + floor(pg_temp.h('sj' || t.tkt_id) * 6)::int]
         WHEN 'how-to' THEN (ARRAY['How do I add a signer role?','Setting up conditional fields','How to reuse a template',
                                   'Where do I find the audit trail?','Can we brand the signing page?'])[1 + floor(pg_temp.h('sj' || t.tkt_id) * 5)::int]
         WHEN 'integration' THEN (ARRAY['Salesforce sync failing','Webhook retries not arriving','API rate limit 429',
                                        'SSO (Okta) login loop','SCIM provisioning errors'])[1 + floor(pg_temp.h('sj' || t.tkt_id) * 5)::int]
         WHEN 'account_access' THEN (ARRAY['Locked out after MFA reset','Transfer workspace ownership','User cannot accept invite',
                                           'Remove former employee'])[1 + floor(pg_temp.h('sj' || t.tkt_id) * 4)::int]
         WHEN 'feature_request' THEN (ARRAY['Request: bulk edit recipients','Request: Hebrew signing page','Request: export to SharePoint'])
                                     [1 + floor(pg_temp.h('sj' || t.tkt_id) * 3)::int]
         ELSE (ARRAY['URGENT: signing links return 503','Production API down','All envelopes failing to send'])[1 + floor(pg_temp.h('sj' || t.tkt_id) * 3)::int]
       END,
       t.cat, t.prio, t.chan,
       CASE WHEN t.resolved IS NOT NULL THEN CASE WHEN t.resolved > TIMESTAMPTZ '2026-10-27 00:00+00' THEN 'solved' ELSE 'closed' END
            WHEN t.frst IS NULL THEN 'new'
            WHEN t.u_stat < 0.02 THEN 'on_hold' WHEN t.u_stat < 0.035 OR t.u_ag > 0.5 THEN 'pending' ELSE 'open' END,
       CASE WHEN t.frst IS NULL AND t.resolved IS NULL THEN NULL ELSE tm.agent_id END,
       t.ts, t.sla_due, t.frst, t.resolved,
       CASE WHEN t.resolved IS NOT NULL AND t.u_csv < 0.35 THEN
            CASE WHEN t.u_csat < 0.05 THEN 1 WHEN t.u_csat < 0.12 THEN 2 WHEN t.u_csat < 0.25 THEN 3 WHEN t.u_csat < 0.55 THEN 4 ELSE 5 END END,
       CASE WHEN t.resolved IS NOT NULL AND t.u_reopen < 0.06 THEN 1 ELSE 0 END,
       coalesce(t.resolved, t.frst, t.ts) + INTERVAL '3 minutes',
       1 + floor(t.u_reopen * 6)::int
FROM t_tk4 t
JOIN t_team tm ON tm.team = t.team AND tm.idx = floor(pg_temp.h('agt' || t.tkt_id) * tm.cnt)
ORDER BY t.tkt_id;
-- autovacuum was switched off on the ticket mirror during the 2023 Zendesk import ("the sync is too chatty") and never switched back on
ALTER TABLE support.ticket SET (autovacuum_enabled = false);

CREATE TABLE support.tkt_msg (
    msg_id     bigint PRIMARY KEY,
    tkt_id     integer NOT NULL REFERENCES support.ticket (tkt_id),
    author_typ char(1) NOT NULL,
    agent_id   smallint REFERENCES support.agent (agent_id),
    sent_at    timestamptz NOT NULL,
    is_public  boolean NOT NULL DEFAULT true,
    body       text NOT NULL
);
CREATE INDEX ix_tkt_msg_tkt ON support.tkt_msg (tkt_id, sent_at);
COMMENT ON TABLE support.tkt_msg IS 'Ticket conversation: every message and internal note';
COMMENT ON COLUMN support.tkt_msg.author_typ IS 'C = customer, A = agent, S = system (automations, satisfaction survey)';
COMMENT ON COLUMN support.tkt_msg.is_public IS 'false = internal note, not visible to the customer';

CREATE TEMP TABLE t_msg AS
SELECT t.tkt_id, 0 AS seq, 'C' AS author_typ, NULL::smallint AS agent_id, t."createdAt" AS sent_at, true AS is_public,
       split_part(t.reqr_email, '.', 1) AS fname
FROM support.ticket t
UNION ALL
SELECT t.tkt_id, 1, 'A', t.agent_id, t.frst_rsp_at, true, split_part(t.reqr_email, '.', 1)
FROM support.ticket t WHERE t.frst_rsp_at IS NOT NULL
UNION ALL
SELECT t.tkt_id, 1 + g.n, CASE WHEN g.n % 2 = 1 THEN 'C' ELSE 'A' END, CASE WHEN g.n % 2 = 0 THEN t.agent_id END,
       t.frst_rsp_at + (coalesce(t.resolved_at, TIMESTAMPTZ '2026-10-31 20:00+00') - t.frst_rsp_at) * (g.n / 5.0),
       NOT (g.n % 2 = 0 AND pg_temp.h('int' || t.tkt_id || g.n) < 0.3), split_part(t.reqr_email, '.', 1)
FROM support.ticket t CROSS JOIN LATERAL generate_series(1, floor(pg_temp.h('nm' || t.tkt_id) * 4.5)::int) g(n)
WHERE t.frst_rsp_at IS NOT NULL
UNION ALL
SELECT t.tkt_id, 9, 'S', NULL, t.resolved_at, true, NULL FROM support.ticket t WHERE t.resolved_at IS NOT NULL;

INSERT INTO support.tkt_msg
SELECT row_number() OVER (ORDER BY m.sent_at, m.tkt_id, m.seq), m.tkt_id, m.author_typ, m.agent_id, m.sent_at, m.is_public,
       CASE m.author_typ
         WHEN 'S' THEN 'This ticket has been marked as solved. If anything is still not working, simply reply to this e-mail and the ticket '
                       || 'will be reopened. How would you rate the support you received? Rate here: https://support.quillstack.io/csat/'
                       || md5('csat' || m.tkt_id)
         WHEN 'C' THEN (ARRAY['Hi team,', 'Hello,', 'Hi there,', 'Good morning,', 'Hey support,'])[1 + floor(pg_temp.h('g' || m.tkt_id || m.seq) * 5)::int]
              || ' ' || (ARRAY['we are seeing an issue since this morning and several of our users are affected.',
                               'one of our admins noticed something odd in the workspace settings after the last release.',
                               'following up on the conversation with our account manager last week.',
                               'I tried the steps from the help centre article but it still does not work for us.',
                               'our finance team asked me to reach out about this.',
                               'we need this resolved before our quarter-end close, so any help is appreciated.'])[1 + floor(pg_temp.h('c1' || m.tkt_id || m.seq) * 6)::int]
              || ' ' || (ARRAY['The envelope ID is ' || upper(substr(md5('env' || m.tkt_id || m.seq), 1, 12)) || ' and it was sent from the Chrome browser on Windows 11.',
                               'Steps to reproduce: open the template, add a second signer, save, then reopen the template - the signer role is gone.',
                               'We have attached a screenshot and the HAR file from the browser console so you can see the failing request.',
                               'This blocks about ' || (2 + floor(pg_temp.h('c3' || m.tkt_id) * 60)::int) || ' contracts that have to go out this week.',
                               'Could you also confirm whether this affects the API, or only the web application?'])[1 + floor(pg_temp.h('c2' || m.tkt_id || m.seq) * 5)::int]
              || ' ' || repeat('Additional context from the requester: the problem started after we changed our SSO configuration and re-invited the team. ',
                               floor(pg_temp.h('c4' || m.tkt_id || m.seq) * 4)::int)
              || 'Thanks, ' || initcap(m.fname)
         ELSE CASE WHEN NOT m.is_public THEN 'Internal note: ' || (ARRAY['reproduced on staging, escalating to engineering (JIRA QS-' || (1000 + floor(pg_temp.h('j' || m.tkt_id) * 9000)::int) || ').',
                                                                         'customer is on a grandfathered plan, check with billing before offering a credit.',
                                                                         'looks like a duplicate of an existing incident, linking.',
                                                                         'waiting for the customer to send the HAR file.'])[1 + floor(pg_temp.h('n' || m.tkt_id || m.seq) * 4)::int]
              ELSE 'Hi ' || initcap(m.fname) || ', thanks for reaching out to Quillstack Support. '
                   || (ARRAY['I have reproduced the problem on our side and raised it with our engineering team; I will keep you posted on progress here.',
                             'Could you please send us the envelope ID and a screenshot of the error so that we can investigate further?',
                             'This happens when the template was created before the signer-roles migration. Re-saving the template from the editor fixes it.',
                             'I have checked your workspace and applied the change you asked for. It should be visible after you log out and back in.',
                             'Our status page lists an ongoing incident affecting sending; the fix is rolling out now and envelopes will be re-queued automatically.'])
                        [1 + floor(pg_temp.h('a1' || m.tkt_id || m.seq) * 5)::int]
                   || ' ' || repeat('You can find more details in our help centre at https://help.quillstack.io/articles/' || (1000 + floor(pg_temp.h('a2' || m.tkt_id) * 800)::int) || '. ',
                                    1 + floor(pg_temp.h('a3' || m.tkt_id || m.seq) * 2)::int)
                   || 'Kind regards, Quillstack Support' END
       END
FROM t_msg m
ORDER BY 1;

-- ============================================================================================ views
CREATE VIEW billing.v_mrr AS
SELECT s.sub_id, s.acct_id, a."legalName", s.plan_cd, p.tier, s.seats, s.status,
       round(s.seats * p.seat_px * (1 - s.disc_pct / 100) / CASE p.bill_int WHEN 'A' THEN 12 ELSE 1 END, 2) AS mrr
FROM billing.subscription s
JOIN billing.plan p USING (plan_cd)
JOIN crm."Account" a USING (acct_id)
WHERE s.status IN ('active', 'past_due') AND NOT a.is_test;
COMMENT ON VIEW billing.v_mrr IS 'Monthly recurring revenue per running subscription (active or past due, test accounts excluded), in the invoice currency, before overage';

CREATE MATERIALIZED VIEW billing.mv_rev_mo AS
SELECT date_trunc('month', i.issued_on)::date AS mo, i.cur,
       count(*) AS n_inv,
       sum(i.subtotal) AS net_billed,
       sum(i.total) FILTER (WHERE i.st = 'P') AS collected
FROM billing.invoice i
WHERE i.st IN ('O', 'P', 'U')
GROUP BY 1, 2;
COMMENT ON MATERIALIZED VIEW billing.mv_rev_mo IS 'Monthly billings by currency (sent invoices only), refreshed by the finance job after the month-end close';

ANALYZE;

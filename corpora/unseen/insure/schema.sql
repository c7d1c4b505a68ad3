-- Harbourline Mutual -- policy administration & claims database (in-house, "PAS/CLM")
-- Deterministic data: every pseudo-random number comes from md5() of (row number, salt),
-- so each load produces identical rows.  Data "today" = 2025-11-30.

SET client_min_messages = warning;

CREATE FUNCTION pg_temp.rnd(i bigint, salt int) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ((('x' || substr(md5(i::text || '/' || salt::text), 1, 8))::bit(32)::int) & 2147483647)::double precision / 2147483648.0 $$;

CREATE SCHEMA policy;
CREATE SCHEMA claims;
COMMENT ON SCHEMA policy IS 'Policy administration (PAS): customers, agents, products, policies and premium billing.';
COMMENT ON SCHEMA claims IS 'Claims handling (CLM): claims, adjusters, claim payments and file notes.';

-- ---------------------------------------------------------------- public
CREATE TABLE public.region (
    region_cd   char(3) PRIMARY KEY,
    region_name text NOT NULL UNIQUE
);
COMMENT ON TABLE public.region IS 'Sales / claims regions. Other tables carry region_cd.';
INSERT INTO public.region VALUES
 ('NOR','North'),('SOU','South'),('EAS','East'),('WES','West'),('CEN','Central'),('ISL','Islands');

-- ---------------------------------------------------------------- policy
CREATE TYPE policy.lob_t AS ENUM ('motor','home','travel','life','pet');
COMMENT ON TYPE policy.lob_t IS 'Line of business.';

CREATE TABLE policy.branch (
    branch_id   smallint PRIMARY KEY,
    branch_name text NOT NULL UNIQUE,
    region_cd   char(3) NOT NULL REFERENCES public.region(region_cd),
    opened_on   date NOT NULL
);
COMMENT ON TABLE policy.branch IS 'High-street sales branches; agents belong to a branch.';

INSERT INTO policy.branch VALUES
 (1,'Aldermoor','NOR','2009-03-02'),(2,'Brackenford','NOR','2011-06-13'),
 (3,'Castleby','SOU','2008-01-07'),(4,'Dunmere','SOU','2014-09-01'),
 (5,'Eastwick Vale','EAS','2010-04-19'),(6,'Fernhollow','EAS','2016-02-01'),
 (7,'Glenrock','WES','2012-05-14'),(8,'Harrowgate Quay','WES','2018-10-08'),
 (9,'Ivybridge North','CEN','2007-11-26'),(10,'Juniper Bay','ISL','2013-07-01'),
 (11,'Kestrel Point','ISL','2019-03-18'),(12,'Larchmont','CEN','2021-01-11');

CREATE TABLE policy.agent (
    agent_id       integer PRIMARY KEY,
    agent_code     varchar(6) NOT NULL UNIQUE,
    full_name      text NOT NULL,
    branch_id      smallint NOT NULL REFERENCES policy.branch(branch_id),
    hired_on       date NOT NULL,
    terminated_on  date,
    comm_pct       numeric(4,2) NOT NULL
);
COMMENT ON TABLE policy.agent IS 'Tied sales agents.';
COMMENT ON COLUMN policy.agent.terminated_on IS 'Last working day; NULL = still employed.';
COMMENT ON COLUMN policy.agent.comm_pct IS 'Commission percentage of first-year premium.';

CREATE TABLE policy.product (
    product_code  varchar(8) PRIMARY KEY,
    product_name  text NOT NULL,
    lob           policy.lob_t NOT NULL,
    base_prem     numeric(8,2) NOT NULL,
    launched_on   date NOT NULL,
    withdrawn_on  date
);
COMMENT ON COLUMN policy.product.base_prem IS 'Reference annual premium used by the rating engine.';
COMMENT ON COLUMN policy.product.withdrawn_on IS 'Closed to new business from this date; NULL = still on sale.';

INSERT INTO policy.product VALUES
 ('MOT-STD','Motor Standard','motor',650,'2015-01-01',NULL),
 ('MOT-CMP','Motor Comprehensive','motor',950,'2015-01-01',NULL),
 ('MOT-YD','Young Driver Motor','motor',1400,'2019-04-01','2024-06-30'),
 ('HOM-BLD','Home Buildings','home',420,'2012-01-01',NULL),
 ('HOM-CNT','Home Contents','home',210,'2012-01-01',NULL),
 ('HOM-PLS','Home Plus (Buildings & Contents)','home',580,'2020-09-01',NULL),
 ('TRV-SGL','Single Trip Travel','travel',45,'2016-05-01',NULL),
 ('TRV-ANN','Annual Multi-Trip Travel','travel',120,'2016-05-01',NULL),
 ('LIF-TRM','Level Term Life','life',360,'2014-01-01',NULL),
 ('LIF-DEC','Decreasing Term Life','life',240,'2014-01-01','2023-12-31'),
 ('PET-ACC','Pet Accident Only','pet',110,'2021-03-01',NULL),
 ('PET-LIF','Pet Lifetime Cover','pet',310,'2021-03-01',NULL);

CREATE TABLE policy.customer (
    cust_id     integer PRIMARY KEY,
    cust_ref    varchar(8) NOT NULL UNIQUE,
    first_name  text NOT NULL,
    last_name   text NOT NULL,
    birth_date  date NOT NULL,
    region_cd   char(3) NOT NULL,
    email       text,
    phone       varchar(20),
    kyc_st      char(1) NOT NULL DEFAULT 'P',
    created_at  timestamptz NOT NULL
);
COMMENT ON TABLE policy.customer IS 'Policyholders.';
COMMENT ON COLUMN policy.customer.region_cd IS 'Home region, see public.region.';
COMMENT ON COLUMN policy.customer.email IS 'NULL = customer opted for paper correspondence / no email on file.';
COMMENT ON COLUMN policy.customer.kyc_st IS 'Know-your-customer check: V = verified, P = pending, R = rejected.';

CREATE TABLE policy.policy (
    policy_id     integer PRIMARY KEY,
    policy_no     varchar(16) NOT NULL UNIQUE,
    cust_id       integer NOT NULL REFERENCES policy.customer(cust_id),
    product_code  varchar(8) NOT NULL REFERENCES policy.product(product_code),
    agent_id      integer REFERENCES policy.agent(agent_id),
    status        char(1) NOT NULL,
    eff_date      date NOT NULL,
    exp_date      date NOT NULL,
    cancelled_on  date,
    pay_freq      char(1) NOT NULL,
    annual_prem   numeric(10,2) NOT NULL,
    sum_insured   numeric(12,2) NOT NULL,
    deductible    numeric(8,2) NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL
);
COMMENT ON TABLE policy.policy IS 'Policy contracts. A renewal is written as a new policy row.';
COMMENT ON COLUMN policy.policy.agent_id IS 'Selling agent; NULL = sold directly through the website.';
COMMENT ON COLUMN policy.policy.status IS 'A = in force, L = lapsed for non-payment, C = cancelled by customer, E = expired (ran to term, not renewed on this row).';
COMMENT ON COLUMN policy.policy.eff_date IS 'Inception (cover start) date.';
COMMENT ON COLUMN policy.policy.exp_date IS 'Cover end date.';
COMMENT ON COLUMN policy.policy.cancelled_on IS 'Date cover ended early (status C or L); NULL otherwise.';
COMMENT ON COLUMN policy.policy.pay_freq IS 'Premium instalment frequency: A = annual, Q = quarterly, M = monthly.';
COMMENT ON COLUMN policy.policy.annual_prem IS 'Gross written annual premium.';
COMMENT ON COLUMN policy.policy.deductible IS 'Excess the policyholder pays on each claim.';
CREATE INDEX idx_policy_eff_date ON policy.policy (eff_date);

CREATE TABLE policy.premium_payment (
    pay_id          bigint PRIMARY KEY,
    policy_id       integer NOT NULL REFERENCES policy.policy(policy_id),
    inst_no         smallint NOT NULL,
    due_date        date NOT NULL,
    amount          numeric(10,2) NOT NULL,
    paid_date       date,
    pay_mthd        varchar(2),
    reminder_sent_on date
);
COMMENT ON TABLE policy.premium_payment IS 'Premium instalment schedule and receipts. The billing job materialises instalments up to one month ahead.';
COMMENT ON COLUMN policy.premium_payment.inst_no IS 'Instalment number within the policy.';
COMMENT ON COLUMN policy.premium_payment.paid_date IS 'Date money was received; NULL = not (yet) paid.';
COMMENT ON COLUMN policy.premium_payment.pay_mthd IS 'DD = direct debit, CC = card, BT = bank transfer, CQ = cheque. NULL while unpaid.';
CREATE INDEX idx_premium_payment_policy ON policy.premium_payment (policy_id);
CREATE INDEX idx_premium_payment_due ON policy.premium_payment (due_date) WHERE paid_date IS NULL;
CREATE INDEX idx_customer_phone ON policy.customer (phone);

-- ---------------------------------------------------------------- claims
CREATE TABLE claims.adjuster (
    adjuster_id integer PRIMARY KEY,
    full_name   text NOT NULL,
    grade       char(1) NOT NULL,
    region_cd   char(3) NOT NULL REFERENCES public.region(region_cd),
    active      boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE claims.adjuster IS 'Loss adjusters (claim handlers).';
COMMENT ON COLUMN claims.adjuster.grade IS 'J = junior, S = senior, P = principal adjuster.';

CREATE TABLE claims.loss_cause (
    cause_cd    varchar(4) PRIMARY KEY,
    description text NOT NULL,
    lob         policy.lob_t NOT NULL
);

INSERT INTO claims.loss_cause VALUES
 ('COLL','Vehicle collision','motor'),('GLAS','Windscreen / glass damage','motor'),
 ('VTHF','Vehicle theft','motor'),('MLIA','Motor third-party liability','motor'),
 ('WATR','Escape of water','home'),('STRM','Storm damage','home'),
 ('HTHF','Burglary / theft from home','home'),('FIRE','Fire and smoke','home'),
 ('HLIA','Household liability','home'),
 ('MEDI','Emergency medical expenses abroad','travel'),('BAGG','Lost or delayed baggage','travel'),
 ('CANX','Trip cancellation','travel'),
 ('DTH','Death of life assured','life'),
 ('VETA','Vet fees - accident','pet'),('VETI','Vet fees - illness','pet');

CREATE TABLE claims.claim (
    claim_id     integer PRIMARY KEY,
    claim_no     varchar(16) NOT NULL UNIQUE,
    policy_id    integer NOT NULL REFERENCES policy.policy(policy_id),
    cause_cd     varchar(4) NOT NULL REFERENCES claims.loss_cause(cause_cd),
    loss_date    date NOT NULL,
    reported_on  date NOT NULL,
    status       smallint NOT NULL,
    adjuster_id  integer,
    claimed_amt  numeric(12,2) NOT NULL,
    reserve_amt  numeric(12,2) NOT NULL DEFAULT 0,
    closed_on    date,
    fraud_flag   boolean NOT NULL DEFAULT false,
    details      jsonb NOT NULL DEFAULT '{}'
);
COMMENT ON TABLE claims.claim IS 'One row per claim (first notification of loss onwards).';
COMMENT ON COLUMN claims.claim.status IS '10 = FNOL logged, 20 = under assessment, 30 = approved awaiting payment, 40 = settled (paid), 50 = declined, 60 = withdrawn by claimant. 40/50/60 are closed.';
COMMENT ON COLUMN claims.claim.adjuster_id IS 'Handling adjuster (claims.adjuster). NULL until the claim is triaged.';
COMMENT ON COLUMN claims.claim.claimed_amt IS 'Amount initially claimed by the policyholder.';
COMMENT ON COLUMN claims.claim.reserve_amt IS 'Current outstanding case reserve; 0 once closed.';
COMMENT ON COLUMN claims.claim.closed_on IS 'Date the claim was closed; NULL = still open.';
COMMENT ON COLUMN claims.claim.fraud_flag IS 'Referred to the special investigations unit (suspected fraud).';
COMMENT ON COLUMN claims.claim.details IS 'Intake form: channel (phone/web/app/agent), police_report, injured_parties.';
CREATE INDEX idx_claim_policy ON claims.claim (policy_id);
CREATE INDEX idx_claim_reported ON claims.claim (reported_on);

CREATE TABLE claims.claim_payment (
    payment_id  bigint NOT NULL,
    claim_id    integer NOT NULL REFERENCES claims.claim(claim_id),
    paid_on     date NOT NULL,
    payee_type  varchar(8) NOT NULL,
    amount      numeric(12,2) NOT NULL,
    PRIMARY KEY (payment_id, paid_on)
) PARTITION BY RANGE (paid_on);
COMMENT ON TABLE claims.claim_payment IS 'Indemnity payments made on claims, partitioned by payment year.';
COMMENT ON COLUMN claims.claim_payment.payee_type IS 'INSURED = policyholder, REPAIRER = garage/contractor, MEDICAL = hospital/vet/clinic, THIRDPTY = third party.';
CREATE TABLE claims.claim_payment_2022 PARTITION OF claims.claim_payment FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE claims.claim_payment_2023 PARTITION OF claims.claim_payment FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE claims.claim_payment_2024 PARTITION OF claims.claim_payment FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE claims.claim_payment_2025 PARTITION OF claims.claim_payment FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE claims.claim_payment_2026 PARTITION OF claims.claim_payment FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');

CREATE TABLE claims.claim_note (
    note_id    bigint PRIMARY KEY,
    claim_id   integer NOT NULL REFERENCES claims.claim(claim_id),
    created_at timestamptz NOT NULL,
    note_type  char(3) NOT NULL,
    author     text NOT NULL,
    body       text NOT NULL
);
COMMENT ON TABLE claims.claim_note IS 'Claim file notes.';
COMMENT ON COLUMN claims.claim_note.note_type IS 'SYS = system generated, ADJ = adjuster note, CUS = customer contact log.';

-- ================================================================ DATA
-- name pools
CREATE TEMP TABLE fn(i int, n text);
INSERT INTO fn SELECT ordinality::int - 1, n FROM unnest(ARRAY[
 'Oliver','Amelia','George','Isla','Harry','Ava','Jack','Mia','Noah','Ivy','Leo','Freya','Oscar','Lily',
 'Arthur','Grace','Henry','Evie','Theo','Rosie','Finn','Maya','Ethan','Ruby','Lucas','Chloe','Samuel','Nora',
 'Daniel','Alice','Thomas','Hannah','Adam','Zara','Max','Sophie','Edward','Ella','Rory','Megan']) WITH ORDINALITY AS t(n);
CREATE TEMP TABLE ln(i int, n text);
INSERT INTO ln SELECT ordinality::int - 1, n FROM unnest(ARRAY[
 'Ashworth','Bramley','Carrick','Dalton','Ellery','Fairbairn','Garside','Hollis','Ingram','Jessop','Kershaw','Lomax',
 'Marsden','Norcross','Ormerod','Pickles','Quarmby','Rushton','Sutcliffe','Thackeray','Underwood','Varley','Whitaker',
 'Yardley','Abbott','Birtwistle','Crowther','Dewhurst','Entwistle','Fothergill','Greenhalgh','Haworth','Illingworth',
 'Jowett','Kitching','Lister','Mottram','Nuttall','Oldroyd','Pilling']) WITH ORDINALITY AS t(n);

-- agents: 60
INSERT INTO policy.agent
SELECT g,
       'AG' || lpad(g::text, 4, '0'),
       (SELECT n FROM fn WHERE fn.i = (g * 7) % 40) || ' ' || (SELECT n FROM ln WHERE ln.i = (g * 11 + g / 40) % 40),
       1 + (g * 5) % 12,
       date '2012-01-01' + floor(pg_temp.rnd(g, 101) * 4200)::int,
       NULL,
       round((2.5 + pg_temp.rnd(g, 102) * 5)::numeric, 2)
FROM generate_series(1, 60) g;
UPDATE policy.agent
   SET terminated_on = date '2023-01-15' + floor(pg_temp.rnd(agent_id, 103) * 1000)::int
 WHERE agent_id % 5 = 3 AND agent_id > 8;

-- adjusters: 40
INSERT INTO claims.adjuster
SELECT g,
       (SELECT n FROM fn WHERE fn.i = (g * 13 + 5) % 40) || ' ' || (SELECT n FROM ln WHERE ln.i = (g * 17 + 3) % 40),
       CASE WHEN g % 8 = 0 THEN 'P' WHEN g % 3 = 0 THEN 'S' ELSE 'J' END,
       (ARRAY['NOR','SOU','EAS','WES','CEN','ISL'])[1 + g % 6],
       g NOT IN (7, 19, 33)
FROM generate_series(1, 40) g;

-- customers: 6000
INSERT INTO policy.customer
SELECT g,
       'C' || lpad(g::text, 6, '0'),
       (SELECT n FROM fn WHERE fn.i = floor(pg_temp.rnd(g, 1) * 40)::int),
       (SELECT n FROM ln WHERE ln.i = floor(pg_temp.rnd(g, 2) * 40)::int),
       date '1945-01-01' + floor(pg_temp.rnd(g, 3) * 20800)::int,
       CASE WHEN r < 0.22 THEN 'NOR' WHEN r < 0.40 THEN 'SOU' WHEN r < 0.58 THEN 'EAS'
            WHEN r < 0.74 THEN 'WES' WHEN r < 0.93 THEN 'CEN' ELSE 'ISL' END,
       NULL, NULL,
       CASE WHEN pg_temp.rnd(g, 5) < 0.86 THEN 'V' WHEN pg_temp.rnd(g, 5) < 0.97 THEN 'P' ELSE 'R' END,
       timestamptz '2015-01-01 09:00:00+00' + (floor(pg_temp.rnd(g, 6) * 3800) || ' days')::interval
FROM (SELECT g, pg_temp.rnd(g, 4) AS r FROM generate_series(1, 6000) g) s;
UPDATE policy.customer
   SET email = CASE WHEN pg_temp.rnd(cust_id, 7) < 0.16 THEN NULL
                    ELSE lower(first_name || '.' || last_name || cust_id::text || '@' ||
                         (ARRAY['mailbox.test','postie.test','example.org','harbournet.test'])[1 + cust_id % 4]) END,
       phone = CASE WHEN pg_temp.rnd(cust_id, 8) < 0.05 THEN NULL
                    ELSE '07' || lpad((floor(pg_temp.rnd(cust_id, 9) * 1000000000))::bigint::text, 9, '0') END;

-- policies: 15000
CREATE TEMP TABLE pol_raw AS
SELECT g AS policy_id,
       date '2022-01-01' + floor(sqrt(pg_temp.rnd(g, 11)) * 1430)::int AS eff_date,
       1 + floor(pg_temp.rnd(g, 12) * 6000)::int AS cust_id,
       pg_temp.rnd(g, 13) AS rp,
       pg_temp.rnd(g, 14) AS ra,
       pg_temp.rnd(g, 15) AS ra2,
       pg_temp.rnd(g, 16) AS rs,
       pg_temp.rnd(g, 17) AS rc,
       pg_temp.rnd(g, 18) AS rf,
       pg_temp.rnd(g, 19) AS rprem,
       pg_temp.rnd(g, 20) AS rsi,
       pg_temp.rnd(g, 21) AS rded,
       pg_temp.rnd(g, 22) AS rtrip
FROM generate_series(1, 15000) g;

ALTER TABLE pol_raw ADD product_code varchar(8);
UPDATE pol_raw SET product_code = CASE
    WHEN rp < 0.20 THEN 'MOT-STD' WHEN rp < 0.33 THEN 'MOT-CMP' WHEN rp < 0.37 THEN 'MOT-YD'
    WHEN rp < 0.45 THEN 'HOM-BLD' WHEN rp < 0.55 THEN 'HOM-CNT' WHEN rp < 0.63 THEN 'HOM-PLS'
    WHEN rp < 0.72 THEN 'TRV-SGL' WHEN rp < 0.80 THEN 'TRV-ANN' WHEN rp < 0.85 THEN 'LIF-TRM'
    WHEN rp < 0.88 THEN 'LIF-DEC' WHEN rp < 0.93 THEN 'PET-ACC' ELSE 'PET-LIF' END;
UPDATE pol_raw SET product_code = CASE product_code WHEN 'MOT-YD' THEN 'MOT-STD' ELSE 'LIF-TRM' END
 WHERE (product_code = 'MOT-YD' AND eff_date > date '2024-06-30')
    OR (product_code = 'LIF-DEC' AND eff_date > date '2023-12-31');

CREATE TEMP TABLE pol AS
SELECT r.*, p.lob, p.base_prem,
       CASE WHEN r.product_code = 'TRV-SGL' THEN r.eff_date + 6 + floor(r.rtrip * 25)::int
            WHEN p.lob = 'life' THEN (r.eff_date + interval '20 years')::date - 1
            ELSE (r.eff_date + interval '1 year')::date - 1 END AS exp_date,
       CASE WHEN r.ra < 0.21 THEN NULL ELSE (
            SELECT a.agent_id FROM policy.agent a
             WHERE a.hired_on <= r.eff_date AND (a.terminated_on IS NULL OR a.terminated_on > r.eff_date)
             ORDER BY a.agent_id
            OFFSET floor(power(r.ra2, 1.35) * (SELECT count(*) FROM policy.agent a2
                   WHERE a2.hired_on <= r.eff_date AND (a2.terminated_on IS NULL OR a2.terminated_on > r.eff_date)))::int
             LIMIT 1) END AS agent_id
FROM pol_raw r JOIN policy.product p USING (product_code);

INSERT INTO policy.policy
SELECT policy_id,
       'P' || to_char(eff_date, 'YY') || '-' || lpad(policy_id::text, 6, '0'),
       cust_id, product_code, agent_id,
       CASE WHEN rs < 0.06 THEN 'C' WHEN rs < 0.10 AND lob <> 'travel' THEN 'L'
            WHEN exp_date < date '2025-11-30' THEN 'E' ELSE 'A' END,
       eff_date, exp_date,
       CASE WHEN rs < 0.06 OR (rs < 0.10 AND lob <> 'travel')
            THEN eff_date + floor(rc * (LEAST(exp_date, date '2025-11-30') - eff_date + 1))::int END,
       CASE WHEN lob = 'travel' THEN 'A' WHEN rf < 0.45 THEN 'A' WHEN rf < 0.80 THEN 'Q' ELSE 'M' END,
       round(base_prem * (0.7 + rprem * 0.9)::numeric, 2),
       CASE lob WHEN 'motor' THEN round((4000 + rsi * 36000)::numeric, -2)
                WHEN 'home' THEN round((20000 + rsi * 580000)::numeric, -3)
                WHEN 'travel' THEN 10000
                WHEN 'life' THEN round((50000 + rsi * 450000)::numeric, -4)
                ELSE round((2000 + rsi * 8000)::numeric, -2) END,
       CASE WHEN lob = 'life' THEN 0 WHEN lob = 'travel' THEN 50
            ELSE (ARRAY[0,100,150,250,500,1000])[1 + floor(rded * 6)::int] END,
       (eff_date + time '09:00') AT TIME ZONE 'UTC'
FROM pol ORDER BY policy_id;

-- premium instalments
INSERT INTO policy.premium_payment (pay_id, policy_id, inst_no, due_date, amount, paid_date, pay_mthd)
SELECT row_number() OVER (ORDER BY s.policy_id, s.k),
       s.policy_id, s.k + 1, s.due_date, s.amount,
       s.paid_date,
       CASE WHEN s.paid_date IS NULL THEN NULL
            WHEN s.rm < 0.52 THEN 'DD' WHEN s.rm < 0.80 THEN 'CC' WHEN s.rm < 0.95 THEN 'BT' ELSE 'CQ' END
FROM (
  SELECT q.*,
         CASE WHEN q.due_date > date '2025-11-30' THEN NULL
              WHEN q.status = 'L' AND q.due_date >= q.cancelled_on - 45 THEN NULL
              WHEN pg_temp.rnd(q.policy_id * 100 + q.k, 31) < 0.012 THEN NULL
              ELSE LEAST(date '2025-11-30', q.due_date - 7 + floor(pg_temp.rnd(q.policy_id * 100 + q.k, 32) * 26)::int) END AS paid_date,
         pg_temp.rnd(q.policy_id * 100 + q.k, 33) AS rm
  FROM (
    SELECT p.policy_id, p.status, p.cancelled_on, k,
           (p.eff_date + make_interval(months => k * CASE p.pay_freq WHEN 'A' THEN 12 WHEN 'Q' THEN 3 ELSE 1 END))::date AS due_date,
           round(p.annual_prem / CASE p.pay_freq WHEN 'A' THEN 1 WHEN 'Q' THEN 4 ELSE 12 END, 2) AS amount
    FROM policy.policy p
    CROSS JOIN generate_series(0, 47) k
    WHERE k < CASE p.pay_freq WHEN 'A' THEN 4 WHEN 'Q' THEN 16 ELSE 48 END
  ) q
  WHERE q.due_date <= q.cancelled_on OR q.cancelled_on IS NULL
) s
JOIN policy.policy pp ON pp.policy_id = s.policy_id
WHERE s.due_date <= pp.exp_date AND s.due_date <= date '2025-12-31'
ORDER BY s.policy_id, s.k;

-- claims
CREATE TEMP TABLE clm_raw AS
SELECT g,
       p.policy_id, pr.lob, p.deductible, p.sum_insured, p.eff_date,
       c.region_cd AS cust_region,
       p.eff_date + floor(pg_temp.rnd(g, 42) * (LEAST(p.exp_date, COALESCE(p.cancelled_on, p.exp_date), date '2025-11-30') - p.eff_date + 1))::int AS loss_date,
       pg_temp.rnd(g, 43) AS rc, pg_temp.rnd(g, 44) AS rlag, pg_temp.rnd(g, 45) AS ramt,
       pg_temp.rnd(g, 46) AS rst, pg_temp.rnd(g, 47) AS rclose, pg_temp.rnd(g, 48) AS radj,
       pg_temp.rnd(g, 49) AS rfr, pg_temp.rnd(g, 50) AS rch, pg_temp.rnd(g, 51) AS rres,
       pg_temp.rnd(g, 52) AS rset, pg_temp.rnd(g, 53) AS rpol
FROM generate_series(1, 6200) g
JOIN policy.policy p ON p.policy_id = 1 + floor(pg_temp.rnd(g, 41) * 15000)::int
JOIN policy.product pr ON pr.product_code = p.product_code
JOIN policy.customer c ON c.cust_id = p.cust_id;
DELETE FROM clm_raw WHERE lob = 'life' AND rpol > 0.08;

CREATE TEMP TABLE clm AS
SELECT r.*,
       LEAST(date '2025-11-30', r.loss_date + floor(power(r.rlag, 3) * 60)::int) AS reported_on,
       CASE r.lob
         WHEN 'motor' THEN CASE WHEN r.rc < 0.52 THEN 'COLL' WHEN r.rc < 0.74 THEN 'GLAS' WHEN r.rc < 0.88 THEN 'VTHF' ELSE 'MLIA' END
         WHEN 'home'  THEN CASE WHEN r.rc < 0.34 THEN 'WATR' WHEN r.rc < 0.59 THEN 'STRM' WHEN r.rc < 0.80 THEN 'HTHF' WHEN r.rc < 0.90 THEN 'FIRE' ELSE 'HLIA' END
         WHEN 'travel' THEN CASE WHEN r.rc < 0.44 THEN 'MEDI' WHEN r.rc < 0.75 THEN 'BAGG' ELSE 'CANX' END
         WHEN 'life' THEN 'DTH'
         ELSE CASE WHEN r.rc < 0.6 THEN 'VETA' ELSE 'VETI' END END AS cause_cd
FROM clm_raw r;

ALTER TABLE clm ADD claimed_amt numeric(12,2), ADD status smallint, ADD closed_on date, ADD age int;
UPDATE clm SET claimed_amt = round((CASE cause_cd
      WHEN 'COLL' THEN 500 + power(ramt,2) * 14500 WHEN 'GLAS' THEN 150 + ramt * 750
      WHEN 'VTHF' THEN 2000 + ramt * 23000 WHEN 'MLIA' THEN 1000 + power(ramt,2) * 49000
      WHEN 'WATR' THEN 800 + power(ramt,2) * 19200 WHEN 'STRM' THEN 500 + power(ramt,2) * 11500
      WHEN 'HTHF' THEN 300 + power(ramt,2) * 9700 WHEN 'FIRE' THEN 5000 + power(ramt,2) * 145000
      WHEN 'HLIA' THEN 1000 + power(ramt,2) * 29000 WHEN 'MEDI' THEN 200 + power(ramt,3) * 29800
      WHEN 'BAGG' THEN 100 + ramt * 2400 WHEN 'CANX' THEN 200 + ramt * 4800
      WHEN 'DTH' THEN sum_insured::double precision
      WHEN 'VETA' THEN 150 + power(ramt,2) * 3850 ELSE 200 + power(ramt,2) * 5800 END)::numeric, 2),
   age = date '2025-11-30' - reported_on;
UPDATE clm SET status = CASE
      WHEN age < 14 THEN CASE WHEN rst < 0.5 THEN 10 ELSE 20 END
      WHEN age < 60 THEN CASE WHEN rst < 0.40 THEN 20 WHEN rst < 0.60 THEN 30 WHEN rst < 0.90 THEN 40 WHEN rst < 0.97 THEN 50 ELSE 60 END
      ELSE CASE WHEN rst < 0.75 THEN 40 WHEN rst < 0.90 THEN 50 WHEN rst < 0.96 THEN 60 WHEN rst < 0.99 THEN 20 ELSE 30 END END;
UPDATE clm SET closed_on = reported_on + 3 + floor(rclose * LEAST(age - 3, 150))::int WHERE status IN (40, 50, 60);

INSERT INTO claims.claim
SELECT row_number() OVER (ORDER BY reported_on, g),
       'CLM-' || to_char(reported_on, 'YYYY') || '-' || lpad((row_number() OVER (ORDER BY reported_on, g))::text, 6, '0'),
       policy_id, cause_cd, loss_date, reported_on, status,
       CASE WHEN status = 10 THEN NULL
            ELSE 1 + floor(power(radj, 1.2) * 40)::int END,
       claimed_amt,
       CASE WHEN status IN (10, 20, 30) THEN round(claimed_amt * (0.45 + rres * 0.5)::numeric, 2) ELSE 0 END,
       closed_on,
       (rfr < 0.03) OR (status = 50 AND rfr < 0.20),
       jsonb_build_object('channel', CASE WHEN rch < 0.40 THEN 'phone' WHEN rch < 0.66 THEN 'web' WHEN rch < 0.86 THEN 'app' ELSE 'agent' END)
         || CASE WHEN cause_cd IN ('COLL','VTHF','HTHF','MLIA') THEN jsonb_build_object('police_report', rfr > 0.35) ELSE '{}'::jsonb END
         || CASE WHEN cause_cd IN ('COLL','MLIA','HLIA') THEN jsonb_build_object('injured_parties', floor(power(rres, 4) * 4)::int) ELSE '{}'::jsonb END
FROM clm
ORDER BY 1;

-- claim payments (settled claims): 1-3 payments summing to the settlement
CREATE TEMP TABLE settle AS
SELECT c.claim_id, c.reported_on, c.closed_on, c.cause_cd,
       GREATEST(25, round(c.claimed_amt * (0.55 + pg_temp.rnd(c.claim_id, 61) * 0.45)::numeric - p.deductible, 2)) AS total,
       CASE WHEN pg_temp.rnd(c.claim_id, 62) < 0.6 THEN 1 WHEN pg_temp.rnd(c.claim_id, 62) < 0.9 THEN 2 ELSE 3 END AS n
FROM claims.claim c JOIN policy.policy p USING (policy_id)
WHERE c.status = 40;

INSERT INTO claims.claim_payment
SELECT row_number() OVER (ORDER BY paid_on, claim_id, k),
       claim_id, paid_on, payee_type, amount
FROM (
  SELECT s.claim_id, k,
         CASE WHEN k = s.n THEN s.closed_on
              ELSE s.reported_on + floor((s.closed_on - s.reported_on) * k::numeric / s.n)::int END AS paid_on,
         CASE WHEN k < s.n THEN round(s.total / s.n, 2) ELSE s.total - round(s.total / s.n, 2) * (s.n - 1) END AS amount,
         CASE WHEN s.cause_cd IN ('MEDI','VETA','VETI') THEN CASE WHEN k = 1 THEN 'MEDICAL' ELSE 'INSURED' END
              WHEN s.cause_cd IN ('MLIA','HLIA') THEN 'THIRDPTY'
              WHEN s.cause_cd IN ('COLL','GLAS','WATR','STRM','FIRE') AND k < s.n THEN 'REPAIRER'
              ELSE 'INSURED' END AS payee_type
  FROM settle s CROSS JOIN generate_series(1, 3) k
  WHERE k <= s.n
) x;

-- claim notes
INSERT INTO claims.claim_note
SELECT row_number() OVER (ORDER BY created_at, claim_id, k),
       claim_id, created_at, note_type, author, body
FROM (
  SELECT c.claim_id, k,
         (c.reported_on + time '08:30') AT TIME ZONE 'UTC'
           + make_interval(secs => (CASE WHEN k = 1 THEN pg_temp.rnd(c.claim_id * 10 + k, 72) * 3600
                 ELSE (k - 1) * ((COALESCE(c.closed_on, date '2025-11-30') - c.reported_on) * 86400.0 + 36000) / 8
                      + pg_temp.rnd(c.claim_id * 10 + k, 72) * 30000 END)) AS created_at,
         CASE WHEN k = 1 THEN 'SYS' WHEN pg_temp.rnd(c.claim_id * 10 + k, 73) < 0.65 THEN 'ADJ' ELSE 'CUS' END AS note_type,
         CASE WHEN k = 1 THEN 'system'
              ELSE COALESCE((SELECT lower(replace(a.full_name, ' ', '.')) FROM claims.adjuster a WHERE a.adjuster_id = c.adjuster_id), 'triage.queue') END AS author,
         CASE WHEN k = 1 THEN 'Claim ' || c.claim_no || ' registered via ' || (c.details->>'channel') || '. Loss date ' || c.loss_date
                || ', cause ' || c.cause_cd || ', amount claimed ' || c.claimed_amt || '. Acknowledgement letter queued for dispatch to the policyholder.'
              ELSE (ARRAY[
                'Spoke with the policyholder to confirm the circumstances of the loss. Requested photographs, receipts and any third-party details. Customer advised of the expected timescales.',
                'Reviewed supporting documents received. Quotes appear in line with market rates; no further validation required at this stage. Reserve reviewed and left unchanged.',
                'Chased outstanding information by email and letter. File diarised for follow-up in ten working days if nothing is received from the claimant.',
                'Inspection arranged with the approved contractor network. Contractor to report on scope of damage, cause and estimated cost of reinstatement.',
                'Policy wording checked against the reported cause of loss. Cover confirmed subject to the excess; no exclusions appear to apply on the information available.',
                'Customer telephoned for a status update. Explained the next steps and confirmed contact preferences. Customer satisfied with the progress of the claim.',
                'Reserve adjusted following receipt of the final invoice. Payment authorisation requested from the team leader in line with the delegated authority matrix.',
                'Claim reviewed under the quality-assurance sample. Handling notes complete and decisions evidenced; no actions arising from the review.'
              ])[1 + floor(pg_temp.rnd(c.claim_id * 10 + k, 74) * 8)::int] END AS body
  FROM claims.claim c
  CROSS JOIN generate_series(1, 8) k
  WHERE k <= 1 + floor(pg_temp.rnd(c.claim_id, 71) * 8)::int
) n;

-- ---------------------------------------------------------------- view
CREATE VIEW claims.v_claim_overview AS
SELECT c.claim_id, c.claim_no, p.policy_no, pr.lob, pr.product_name, lc.description AS cause,
       c.loss_date, c.reported_on, c.closed_on,
       CASE c.status WHEN 10 THEN 'FNOL' WHEN 20 THEN 'Assessing' WHEN 30 THEN 'Approved'
                     WHEN 40 THEN 'Settled' WHEN 50 THEN 'Declined' WHEN 60 THEN 'Withdrawn' END AS status_label,
       c.claimed_amt, c.reserve_amt,
       COALESCE((SELECT sum(cp.amount) FROM claims.claim_payment cp WHERE cp.claim_id = c.claim_id), 0) AS paid_to_date
FROM claims.claim c
JOIN policy.policy p ON p.policy_id = c.policy_id
JOIN policy.product pr ON pr.product_code = p.product_code
JOIN claims.loss_cause lc ON lc.cause_cd = c.cause_cd;
COMMENT ON VIEW claims.v_claim_overview IS 'Claims MI view: one row per claim with labels and total paid to date.';

DROP TABLE fn, ln, pol_raw, pol, clm_raw, clm, settle;

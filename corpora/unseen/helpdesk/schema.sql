-- =====================================================================
--  Helpdesk database of "Brightdesk" (mid-sized SaaS vendor)
--  Schemas: crm (customers & contacts), sup (support operations),
--           fb (customer feedback / CSAT surveys)
--  Data window: 2023-01-01 .. 2025-06-30, data "today" = 2025-07-01.
--  All timestamps are UTC, stored as timestamp without time zone.
--  Deterministic: no random(); pseudo-randomness comes from md5() of ids.
--  Load:  psql -v ON_ERROR_STOP=1 -f schema.sql  (into an empty database)
-- =====================================================================
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
SET TimeZone = 'UTC';

-- deterministic hash helpers (session-local, nothing is left behind)
CREATE FUNCTION pg_temp.h(i bigint, s int) RETURNS bigint
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(i::text || '/' || s::text), 1, 8))::bit(32)::bigint $$;

CREATE FUNCTION pg_temp.u(i bigint, s int) RETURNS numeric
LANGUAGE sql IMMUTABLE AS
$$ SELECT round(pg_temp.h(i, s) / 4294967296.0, 8) $$;

-- =====================================================================
-- DDL
-- =====================================================================
CREATE SCHEMA crm;
CREATE SCHEMA sup;
CREATE SCHEMA fb;
COMMENT ON SCHEMA crm IS 'Customer master data (synced nightly from the sales CRM).';
COMMENT ON SCHEMA sup IS 'Support operations: agents, teams, tickets and everything hanging off a ticket.';
COMMENT ON SCHEMA fb  IS 'Customer feedback: CSAT surveys sent after a ticket is resolved (filled by the survey integration).';

-- ---------------------------------------------------------------- crm
CREATE TABLE crm.org (
    org_id        integer      PRIMARY KEY,
    org_nm        varchar(120) NOT NULL,
    "displayName" varchar(80)  NOT NULL,
    tier_cd       char(1)      NOT NULL,
    cntry_cd      char(2)      NOT NULL,
    created_dt    date         NOT NULL,
    churn_dt      date
);
COMMENT ON TABLE  crm.org IS 'Customer organisations (accounts).';
COMMENT ON COLUMN crm.org.org_nm IS 'Registered legal name incl. legal form (e.g. "Acme Ltd").';
COMMENT ON COLUMN crm.org."displayName" IS 'Short trading name shown in the agent UI (column added by the old Node frontend, hence camelCase).';
COMMENT ON COLUMN crm.org.tier_cd IS 'Support plan: E = Enterprise, B = Business, S = Starter.';
COMMENT ON COLUMN crm.org.cntry_cd IS 'ISO 3166-1 alpha-2 country of the billing address.';
COMMENT ON COLUMN crm.org.created_dt IS 'Date the customer signed their first contract.';
COMMENT ON COLUMN crm.org.churn_dt IS 'Date the contract ended. NULL = still an active customer.';

CREATE TABLE crm.contact (
    cont_id    integer      PRIMARY KEY,
    org_id     integer      NOT NULL REFERENCES crm.org (org_id),
    first_nm   varchar(60)  NOT NULL,
    last_nm    varchar(60)  NOT NULL,
    email      varchar(160) NOT NULL,
    phone      varchar(30),
    is_prim    boolean      NOT NULL DEFAULT false,
    created_dt date         NOT NULL
);
COMMENT ON TABLE  crm.contact IS 'People at customer organisations who may raise tickets.';
COMMENT ON COLUMN crm.contact.is_prim IS 'true = primary (admin) contact of the organisation; exactly one per org.';
COMMENT ON COLUMN crm.contact.phone IS 'Phone number as typed by the customer; NULL = not provided.';

-- ---------------------------------------------------------------- sup
CREATE TABLE sup.team (
    team_id       smallint    PRIMARY KEY,
    team_nm       varchar(60) NOT NULL,
    lead_agent_id integer
);
COMMENT ON TABLE  sup.team IS 'Support teams (queues).';
COMMENT ON COLUMN sup.team.lead_agent_id IS 'Agent who leads the team (sup.agent.agent_id).';

CREATE TABLE sup.agent (
    agent_id integer     PRIMARY KEY,
    team_id  smallint    NOT NULL REFERENCES sup.team (team_id),
    first_nm varchar(60) NOT NULL,
    last_nm  varchar(60) NOT NULL,
    email    varchar(120) NOT NULL,
    role_cd  varchar(2)  NOT NULL,
    hired_dt date        NOT NULL,
    left_dt  date
);
ALTER TABLE sup.team ADD CONSTRAINT team_lead_agent_fk FOREIGN KEY (lead_agent_id) REFERENCES sup.agent (agent_id);
COMMENT ON TABLE  sup.agent IS 'Support agents (employees).';
COMMENT ON COLUMN sup.agent.role_cd IS 'TL = team lead, L2 = senior (2nd level) agent, L1 = first-level agent.';
COMMENT ON COLUMN sup.agent.left_dt IS 'Last day of employment. NULL = still employed.';

CREATE TABLE sup.prod_area (
    area_id smallint    PRIMARY KEY,
    area_cd varchar(8)  NOT NULL,
    area_nm varchar(60) NOT NULL,
    team_id smallint    NOT NULL REFERENCES sup.team (team_id)
);
COMMENT ON TABLE  sup.prod_area IS 'Product areas a ticket can be filed against; each area is owned by one team.';
COMMENT ON COLUMN sup.prod_area.team_id IS 'Team that receives tickets of this area by default (Enterprise P1/P2 tickets go to the Enterprise Success team instead).';

CREATE TABLE sup.sla_pol (
    prio_cd       char(2)     PRIMARY KEY,
    prio_nm       varchar(20) NOT NULL,
    resp_tgt_min  integer     NOT NULL,
    resol_tgt_min integer     NOT NULL
);
COMMENT ON TABLE  sup.sla_pol IS 'SLA targets per ticket priority. Targets are calendar minutes (24x7), measured from ticket opening.';
COMMENT ON COLUMN sup.sla_pol.prio_cd IS 'P1 = critical, P2 = high, P3 = normal, P4 = low.';
COMMENT ON COLUMN sup.sla_pol.resp_tgt_min IS 'First-response target in minutes (opened_ts -> first_resp_ts).';
COMMENT ON COLUMN sup.sla_pol.resol_tgt_min IS 'Resolution target in minutes (opened_ts -> first change to status R in sup.tkt_stat_hist).';

CREATE TABLE sup.ticket (
    tkt_id        integer      PRIMARY KEY,
    tkt_ref       varchar(12)  NOT NULL,
    org_id        integer      NOT NULL REFERENCES crm.org (org_id),
    cont_id       integer      NOT NULL REFERENCES crm.contact (cont_id),
    area_id       smallint     NOT NULL REFERENCES sup.prod_area (area_id),
    prio_cd       char(2)      NOT NULL REFERENCES sup.sla_pol (prio_cd),
    stat_cd       char(1)      NOT NULL,
    chan_cd       char(1)      NOT NULL,
    subj          varchar(200) NOT NULL,
    asgn_agent_id integer      REFERENCES sup.agent (agent_id),
    opened_ts     timestamp    NOT NULL,
    first_resp_ts timestamp,
    closed_ts     timestamp,
    reopen_cnt    smallint     NOT NULL DEFAULT 0,
    upd_ts        timestamp    NOT NULL
);
COMMENT ON TABLE  sup.ticket IS 'Support tickets. Current state only; the full status timeline is in sup.tkt_stat_hist.';
COMMENT ON COLUMN sup.ticket.tkt_ref IS 'Human-readable reference quoted to customers, e.g. HD-004711.';
COMMENT ON COLUMN sup.ticket.prio_cd IS 'P1 = critical, P2 = high, P3 = normal, P4 = low.';
COMMENT ON COLUMN sup.ticket.stat_cd IS 'Current status: N = new (not yet answered), O = open (being worked), P = pending customer (waiting for customer reply), R = resolved (solution sent, auto-closes after 72h), C = closed.';
COMMENT ON COLUMN sup.ticket.chan_cd IS 'Channel the ticket came in through: E = email, W = web portal, C = live chat, T = telephone.';
COMMENT ON COLUMN sup.ticket.asgn_agent_id IS 'Agent currently owning the ticket. NULL = unassigned (still in the team queue).';
COMMENT ON COLUMN sup.ticket.opened_ts IS 'When the customer raised the ticket (UTC).';
COMMENT ON COLUMN sup.ticket.first_resp_ts IS 'First public reply by an agent (UTC). NULL = the customer has never been answered.';
COMMENT ON COLUMN sup.ticket.closed_ts IS 'When the ticket reached status C (UTC). NULL = not closed yet (new, open, pending or resolved-awaiting-auto-close). The resolution time is NOT stored here; see sup.tkt_stat_hist.';
COMMENT ON COLUMN sup.ticket.reopen_cnt IS 'How many times the customer reopened the ticket after it was resolved.';
COMMENT ON COLUMN sup.ticket.upd_ts IS 'Last modification of the row (maintained by the application).';

CREATE TABLE sup.tkt_stat_hist (
    hist_id      bigint    PRIMARY KEY,
    tkt_id       integer   NOT NULL REFERENCES sup.ticket (tkt_id),
    from_stat    char(1),
    to_stat      char(1)   NOT NULL,
    chg_ts       timestamp NOT NULL,
    chg_agent_id integer   REFERENCES sup.agent (agent_id)
);
COMMENT ON TABLE  sup.tkt_stat_hist IS 'Every status change of every ticket (append-only audit trail).';
COMMENT ON COLUMN sup.tkt_stat_hist.from_stat IS 'Previous status (same codes as sup.ticket.stat_cd). NULL = ticket creation.';
COMMENT ON COLUMN sup.tkt_stat_hist.to_stat IS 'New status: N new, O open, P pending customer, R resolved, C closed. The resolution time of a ticket is chg_ts of its change to R.';
COMMENT ON COLUMN sup.tkt_stat_hist.chg_agent_id IS 'Agent who made the change. NULL = made by the customer (new ticket, reply, reopen) or by the system (auto-close).';

CREATE TABLE sup.tkt_cmt (
    cmt_id     bigint    PRIMARY KEY,
    tkt_id     integer   NOT NULL REFERENCES sup.ticket (tkt_id),
    agent_id   integer   REFERENCES sup.agent (agent_id),
    vis_cd     char(1)   NOT NULL,
    created_ts timestamp NOT NULL,
    body       text      NOT NULL
);
COMMENT ON TABLE  sup.tkt_cmt IS 'Messages on a ticket (customer messages, agent replies, internal notes).';
COMMENT ON COLUMN sup.tkt_cmt.agent_id IS 'Author if written by an agent. NULL = written by the customer contact of the ticket.';
COMMENT ON COLUMN sup.tkt_cmt.vis_cd IS 'Visibility: P = public (visible to the customer), I = internal note (agents only).';

CREATE TABLE sup.tag (
    tag_id smallint    PRIMARY KEY,
    tag_nm varchar(40) NOT NULL
);
COMMENT ON TABLE sup.tag IS 'Free tags agents put on tickets.';

CREATE TABLE sup.tkt_tag (
    tkt_id integer  NOT NULL REFERENCES sup.ticket (tkt_id),
    tag_id smallint NOT NULL REFERENCES sup.tag (tag_id),
    PRIMARY KEY (tkt_id, tag_id)
);
COMMENT ON TABLE sup.tkt_tag IS 'Tags on tickets (many-to-many).';

CREATE TABLE sup.time_ent (
    te_id    bigint   PRIMARY KEY,
    tkt_id   integer  NOT NULL REFERENCES sup.ticket (tkt_id),
    agent_id integer  NOT NULL REFERENCES sup.agent (agent_id),
    work_dt  date     NOT NULL,
    mins     integer  NOT NULL CHECK (mins > 0),
    bill_flg boolean  NOT NULL
);
COMMENT ON TABLE  sup.time_ent IS 'Time booked by agents on tickets.';
COMMENT ON COLUMN sup.time_ent.mins IS 'Minutes worked (booked in 5-minute steps).';
COMMENT ON COLUMN sup.time_ent.bill_flg IS 'true = billable to the customer (Enterprise plan professional-services hours).';

-- ---------------------------------------------------------------- fb
CREATE TABLE fb.csat_resp (
    resp_id     integer   PRIMARY KEY,
    tkt_id      integer   NOT NULL,
    sent_ts     timestamp NOT NULL,
    answered_ts timestamp,
    rating      smallint  CHECK (rating BETWEEN 1 AND 5),
    remark      text
);
COMMENT ON TABLE  fb.csat_resp IS 'CSAT survey per resolved ticket, written by the survey integration. tkt_id refers to sup.ticket.tkt_id (no FK: the integration loads before tickets are replicated).';
COMMENT ON COLUMN fb.csat_resp.tkt_id IS 'Ticket the survey is about = sup.ticket.tkt_id.';
COMMENT ON COLUMN fb.csat_resp.rating IS 'Satisfaction 1 (very unhappy) .. 5 (very happy). NULL = survey not answered.';
COMMENT ON COLUMN fb.csat_resp.answered_ts IS 'When the customer answered. NULL = not answered.';

-- =====================================================================
-- Reference data
-- =====================================================================
INSERT INTO sup.team (team_id, team_nm) VALUES
 (1, 'Service Desk'), (2, 'Billing & Accounts'), (3, 'Platform Support'),
 (4, 'Integrations & API'), (5, 'Enterprise Success');

INSERT INTO sup.agent (agent_id, team_id, first_nm, last_nm, email, role_cd, hired_dt, left_dt)
SELECT a.id, a.team, a.fn, a.ln,
       lower(a.fn) || '.' || lower(a.ln) || '@brightdesk.io',
       CASE WHEN a.id IN (1, 13, 19, 28, 35) THEN 'TL'
            WHEN pg_temp.h(a.id, 901) % 3 = 0 THEN 'L2' ELSE 'L1' END,
       coalesce(a.hired, date '2019-09-01' + (a.id * 37 % 900)),
       a.lft
FROM (VALUES
 ( 1,1,'Maria','Santos',NULL::date,NULL::date), ( 2,1,'James','Whitfield',NULL,NULL),
 ( 3,1,'Aisha','Khan',NULL,NULL),               ( 4,1,'Lukas','Becker',NULL,NULL),
 ( 5,1,'Sofia','Rossi',NULL,NULL),              ( 6,1,'Daniel','Okafor',NULL,date '2024-06-14'),
 ( 7,1,'Emma','Lindqvist',NULL,NULL),           ( 8,1,'Tomasz','Nowak',NULL,NULL),
 ( 9,1,'Priya','Raman',NULL,NULL),              (10,1,'Oliver','Grant',NULL,NULL),
 (11,1,'Chloe','Martin',NULL,NULL),             (12,1,'Mateo','Alvarez',date '2024-02-05',NULL),
 (13,2,'Hannah','Weber',NULL,NULL),             (14,2,'Ravi','Patel',NULL,NULL),
 (15,2,'Grace','Kim',NULL,NULL),                (16,2,'Jonas','Eriksen',NULL,date '2023-11-30'),
 (17,2,'Leila','Haddad',NULL,NULL),             (18,2,'Ethan','Brooks',NULL,NULL),
 (19,3,'Nina','Petrova',NULL,NULL),             (20,3,'Samuel','Adeyemi',NULL,NULL),
 (21,3,'Julia','Novak',NULL,NULL),              (22,3,'Kenji','Tanaka',NULL,date '2025-02-28'),
 (23,3,'Fatima','Zahra',NULL,NULL),             (24,3,'Marco','Bianchi',NULL,NULL),
 (25,3,'Ella','Johansson',NULL,NULL),           (26,3,'Victor','Dubois',NULL,NULL),
 (27,3,'Ana','Ferreira',date '2023-08-14',NULL),(28,4,'David','Cohen',NULL,NULL),
 (29,4,'Mei','Lin',NULL,NULL),                  (30,4,'Arjun','Mehta',NULL,NULL),
 (31,4,'Laura','Schmidt',NULL,NULL),            (32,4,'Noah','Fischer',NULL,NULL),
 (33,4,'Isabel','Garcia',NULL,NULL),            (34,4,'Peter','Hansen',date '2024-09-02',NULL),
 (35,5,'Olivia','Bennett',NULL,NULL),           (36,5,'Lucas','Moreau',NULL,NULL),
 (37,5,'Zara','Ahmed',NULL,NULL),               (38,5,'Henrik','Larsen',NULL,NULL),
 (39,5,'Camille','Laurent',NULL,NULL),          (40,5,'Thomas','Wright',NULL,NULL)
) AS a(id, team, fn, ln, hired, lft);

UPDATE sup.team t SET lead_agent_id = a.agent_id
FROM sup.agent a WHERE a.team_id = t.team_id AND a.role_cd = 'TL';

INSERT INTO sup.prod_area (area_id, area_cd, area_nm, team_id) VALUES
 (1, 'SSO',   'Login & SSO',              1),
 (2, 'BILL',  'Billing & Invoices',       2),
 (3, 'RPT',   'Reporting & Dashboards',   3),
 (4, 'API',   'Public API',               4),
 (5, 'INTG',  'Third-party Integrations', 4),
 (6, 'MOB',   'Mobile App',               3),
 (7, 'IMP',   'Data Import & Export',     3),
 (8, 'NOTIF', 'Email Notifications',      1);

INSERT INTO sup.sla_pol VALUES
 ('P1', 'Critical',   30,   480),
 ('P2', 'High',      120,  1440),
 ('P3', 'Normal',    480,  4320),
 ('P4', 'Low',      1440, 10080);

INSERT INTO sup.tag (tag_id, tag_nm)
SELECT n, t FROM unnest(ARRAY[
 'sso','password-reset','permissions','invoice','refund','dashboard','export','performance',
 'api-rate-limit','webhook','salesforce','slack','jira','mobile-ios','mobile-android',
 'csv-import','email-delivery','bug','how-to','feature-request','onboarding','outage',
 'data-loss','security','gdpr']) WITH ORDINALITY AS x(t, n);

-- =====================================================================
-- Organisations and contacts
-- =====================================================================
INSERT INTO crm.org (org_id, org_nm, "displayName", tier_cd, cntry_cd, created_dt, churn_dt)
SELECT k + 1,
       dn || ' ' || CASE cc WHEN 'US' THEN 'Inc.' WHEN 'CA' THEN 'Inc.' WHEN 'GB' THEN 'Ltd'
                            WHEN 'DE' THEN 'GmbH' WHEN 'NL' THEN 'B.V.' WHEN 'FR' THEN 'SAS'
                            WHEN 'SE' THEN 'AB' ELSE 'Pty Ltd' END,
       dn, tier, cc,
       CASE WHEN pg_temp.h(k, 5) % 5 = 0 THEN date '2023-01-15' + (pg_temp.h(k, 6) % 800)::int
            ELSE date '2019-06-01' + (pg_temp.h(k, 6) % 1280)::int END,
       CASE WHEN tier <> 'E' AND pg_temp.h(k, 7) % 14 = 0
            THEN date '2023-09-01' + (pg_temp.h(k, 8) % 540)::int END
FROM (
  SELECT k,
    (ARRAY['Northwind','Bluepeak','Ironbridge','Silverline','Cobalt','Redwood','Brightwater',
           'Granite','Harbor','Summit','Evergreen','Falcon','Meridian','Oakridge','Pinnacle',
           'Quantum','Riverstone','Sterling','Vertex','Willow'])[1 + k % 20]
    || ' ' ||
    (ARRAY['Logistics','Health','Foods','Analytics','Energy','Retail','Finance','Media','Labs',
           'Travel','Insurance','Robotics','Textiles','Pharma','Software','Motors','Legal',
           'Realty','Education','Telecom'])[1 + (k / 20 + 3 * (k % 20)) % 20] AS dn,
    CASE WHEN pg_temp.u(k, 3) < 0.10 THEN 'E' WHEN pg_temp.u(k, 3) < 0.45 THEN 'B' ELSE 'S' END AS tier,
    CASE WHEN pg_temp.h(k, 4) % 100 < 35 THEN 'US' WHEN pg_temp.h(k, 4) % 100 < 50 THEN 'GB'
         WHEN pg_temp.h(k, 4) % 100 < 65 THEN 'DE' WHEN pg_temp.h(k, 4) % 100 < 73 THEN 'NL'
         WHEN pg_temp.h(k, 4) % 100 < 82 THEN 'FR' WHEN pg_temp.h(k, 4) % 100 < 88 THEN 'SE'
         WHEN pg_temp.h(k, 4) % 100 < 95 THEN 'CA' ELSE 'AU' END AS cc
  FROM generate_series(0, 399) AS k
) s;

CREATE TEMP TABLE oc AS
SELECT org_id, n, (sum(n) OVER (ORDER BY org_id) - n)::int AS first0
FROM (SELECT org_id,
             (CASE WHEN tier_cd = 'E' THEN 8 ELSE 2 END + pg_temp.h(org_id, 20) % 6)::int AS n
      FROM crm.org) s;

INSERT INTO crm.contact (cont_id, org_id, first_nm, last_nm, email, phone, is_prim, created_dt)
SELECT c, o.org_id, fn, ln,
       lower(fn) || '.' || lower(ln) || '@' || lower(replace(g."displayName", ' ', ''))
         || CASE g.cntry_cd WHEN 'US' THEN '.com' WHEN 'CA' THEN '.ca' WHEN 'GB' THEN '.co.uk'
                            WHEN 'DE' THEN '.de' WHEN 'NL' THEN '.nl' WHEN 'FR' THEN '.fr'
                            WHEN 'SE' THEN '.se' ELSE '.com.au' END,
       CASE WHEN pg_temp.h(c, 21) % 4 = 0 THEN NULL
            ELSE '+' || (10 + pg_temp.h(c, 22) % 89) || ' ' || lpad((pg_temp.h(c, 23) % 100000000)::text, 8, '0') END,
       j = 1,
       g.created_dt + (CASE WHEN j = 1 THEN 0 ELSE (pg_temp.h(c, 24) % 400)::int END)
FROM oc o
JOIN crm.org g ON g.org_id = o.org_id
CROSS JOIN LATERAL generate_series(1, o.n) AS j
CROSS JOIN LATERAL (SELECT o.first0 + j AS c) cc
CROSS JOIN LATERAL (SELECT
   (ARRAY['Alex','Beatriz','Carlos','Diana','Erik','Fiona','George','Helena','Ivan','Jasmine',
          'Kevin','Linda','Mohammed','Nora','Oscar','Paula','Quentin','Rachel','Stefan','Tanya',
          'Umar','Vera','William','Xenia','Yusuf','Zoe','Adrian','Bianca','Colin','Dana',
          'Felix','Gemma','Hugo','Irene','Jakob','Karen','Leon','Monica','Nils','Olga'])[1 + (7 * c) % 40] AS fn,
   (ARRAY['Anderson','Baker','Carter','Dalton','Evans','Foster','Gallagher','Hughes','Ingram','Jensen',
          'Keller','Lambert','Morgan','Nolan','Owens','Parker','Quinn','Reyes','Schultz','Turner',
          'Underwood','Vance','Walsh','Young','Zimmer','Abbott','Brennan','Castillo','Duarte','Ellis',
          'Fleming','Gordon','Holt','Iversen','Jordan','Kowalski','Lindgren','Marsh','Novak','Ortiz'])[1 + (11 * c + c / 40) % 40] AS ln
) nm;

-- =====================================================================
-- Tickets: per-ticket parameters and timeline
-- =====================================================================
-- weighted organisation pick (enterprise customers raise far more tickets)
CREATE TEMP TABLE ow AS
SELECT org_id, created_dt, churn_dt, tier_cd,
       sum(w) OVER (ORDER BY org_id) AS hi, sum(w) OVER () AS tot
FROM (SELECT org_id, created_dt, churn_dt, tier_cd,
             (CASE tier_cd WHEN 'E' THEN 12 WHEN 'B' THEN 4 ELSE 1 END) * (0.3 + pg_temp.u(org_id, 30)) AS w
      FROM crm.org) s;
CREATE TEMP TABLE ow2 AS     -- fallback: customers for the whole window
SELECT org_id, tier_cd, sum(w) OVER (ORDER BY org_id) AS hi, sum(w) OVER () AS tot
FROM (SELECT org_id, tier_cd,
             (CASE tier_cd WHEN 'E' THEN 12 WHEN 'B' THEN 4 ELSE 1 END) * (0.3 + pg_temp.u(org_id, 30)) AS w
      FROM crm.org WHERE created_dt < date '2023-01-01' AND churn_dt IS NULL) s;

CREATE TEMP TABLE t0 AS
SELECT row_number() OVER (ORDER BY opened_ts, g)::int AS tkt_id, g, opened_ts,
       pg_temp.u(g, 2) AS u_org1, pg_temp.u(g, 3) AS u_org2
FROM (
  SELECT g,
         timestamp '2023-01-01'
           + (floor(911 * power((g - 0.5) / 10000.0, 0.8)))::int * interval '1 day'
           + (7 * 3600 + pg_temp.h(g, 1) % (12 * 3600))::int * interval '1 second' AS opened_ts
  FROM generate_series(1, 10000) AS g
) s;

CREATE TEMP TABLE t1 AS
SELECT t.tkt_id, t.g, t.opened_ts,
       o.org_id, o.tier_cd,
       CASE WHEN pg_temp.h(t.g, 10) % 100 < 18 THEN 1 WHEN pg_temp.h(t.g, 10) % 100 < 34 THEN 2
            WHEN pg_temp.h(t.g, 10) % 100 < 49 THEN 3 WHEN pg_temp.h(t.g, 10) % 100 < 61 THEN 4
            WHEN pg_temp.h(t.g, 10) % 100 < 73 THEN 5 WHEN pg_temp.h(t.g, 10) % 100 < 82 THEN 6
            WHEN pg_temp.h(t.g, 10) % 100 < 92 THEN 7 ELSE 8 END AS area_id,
       CASE WHEN pu < 0.05 THEN 'P1' WHEN pu < 0.20 THEN 'P2' WHEN pu < 0.60 THEN 'P3' ELSE 'P4' END AS prio_cd,
       CASE WHEN pg_temp.h(t.g, 12) % 100 < 45 THEN 'E' WHEN pg_temp.h(t.g, 12) % 100 < 75 THEN 'W'
            WHEN pg_temp.h(t.g, 12) % 100 < 90 THEN 'C' ELSE 'T' END AS chan_cd
FROM t0 t
CROSS JOIN LATERAL (SELECT ow.org_id, ow.tier_cd, ow.created_dt, ow.churn_dt FROM ow
                    WHERE ow.hi > t.u_org1 * ow.tot ORDER BY ow.hi LIMIT 1) p1
CROSS JOIN LATERAL (SELECT ow2.org_id, ow2.tier_cd FROM ow2
                    WHERE ow2.hi > t.u_org2 * ow2.tot ORDER BY ow2.hi LIMIT 1) p2
CROSS JOIN LATERAL (SELECT CASE WHEN p1.created_dt <= t.opened_ts::date
                                  AND (p1.churn_dt IS NULL OR p1.churn_dt > t.opened_ts::date)
                                THEN p1.org_id ELSE p2.org_id END AS org_id,
                           CASE WHEN p1.created_dt <= t.opened_ts::date
                                  AND (p1.churn_dt IS NULL OR p1.churn_dt > t.opened_ts::date)
                                THEN p1.tier_cd ELSE p2.tier_cd END AS tier_cd) o
CROSS JOIN LATERAL (SELECT pg_temp.u(t.g, 11) * CASE WHEN o.tier_cd = 'E' THEN 0.75 ELSE 1 END AS pu) pp;

CREATE TEMP TABLE t2 AS
SELECT t1.*, tm.team_id,
       (SELECT agent_id FROM (
           SELECT a.agent_id, row_number() OVER (ORDER BY md5(a.agent_id::text)) AS rn, count(*) OVER () AS cnt
           FROM sup.agent a
           WHERE a.team_id = tm.team_id AND a.hired_dt <= t1.opened_ts::date
             AND (a.left_dt IS NULL OR a.left_dt > t1.opened_ts::date + 14)) e
        WHERE e.rn = 1 + floor(e.cnt * power(pg_temp.u(t1.g, 13), 1.4))::int) AS agent_id,
       (SELECT lead_agent_id FROM sup.team x WHERE x.team_id = tm.team_id) AS lead_id,
       s.resp_tgt_min, s.resol_tgt_min,
       CASE tm.team_id WHEN 1 THEN 0.90 WHEN 2 THEN 1.15 WHEN 3 THEN 1.25 WHEN 4 THEN 1.00 ELSE 0.55 END AS team_f,
       CASE t1.area_id WHEN 1 THEN 0.80 WHEN 2 THEN 0.90 WHEN 3 THEN 1.10 WHEN 4 THEN 1.20
                       WHEN 5 THEN 1.30 WHEN 6 THEN 1.00 WHEN 7 THEN 1.15 ELSE 0.70 END AS area_f,
       CASE tm.team_id WHEN 1 THEN 0.10 WHEN 2 THEN 0.35 WHEN 3 THEN 0.25 WHEN 4 THEN 0.00 ELSE -0.20 END AS team_pen,
       (pg_temp.h(t1.g, 14) % 10 < 3) AS has_pend,
       (pg_temp.h(t1.g, 15) % 20 = 0) AS has_reopen,
       ((t1.opened_ts >= timestamp '2025-06-14' AND pg_temp.h(t1.g, 16) % 5 = 0)
         OR pg_temp.h(t1.g, 17) % 500 = 0) AS never_ans
FROM t1
CROSS JOIN LATERAL (SELECT CASE WHEN t1.tier_cd = 'E' AND t1.prio_cd IN ('P1', 'P2') THEN 5::smallint
                                ELSE (SELECT team_id FROM sup.prod_area pa WHERE pa.area_id = t1.area_id) END AS team_id) tm
JOIN sup.sla_pol s ON s.prio_cd = t1.prio_cd;

CREATE TEMP TABLE t3 AS
SELECT t2.*,
       greatest(2, round(resp_tgt_min * (0.05 + 1.25 * pg_temp.u(g, 18)) * team_f))::int AS resp_min,
       round(resol_tgt_min * (0.10 + 1.30 * pg_temp.u(g, 19)) * area_f
             * CASE WHEN has_pend THEN 1.25 ELSE 1 END
             * CASE WHEN pg_temp.h(g, 24) % 12 = 0 THEN 6 + pg_temp.h(g, 25) % 20 ELSE 1 END)::int AS res_raw
FROM t2;

CREATE TEMP TABLE tl AS
SELECT t3.*, resp_ts, res1_ts, pend_s, pend_e, reopen_ts, res2_ts,
       coalesce(res2_ts, res1_ts) + interval '72 hours' AS close_ts
FROM t3
CROSS JOIN LATERAL (SELECT greatest(res_raw, resp_min + 15) AS res_min) r
CROSS JOIN LATERAL (SELECT opened_ts + resp_min * interval '1 minute' AS resp_ts,
                           opened_ts + r.res_min * interval '1 minute' AS res1_ts) a
CROSS JOIN LATERAL (SELECT CASE WHEN has_pend THEN resp_ts + round((r.res_min - resp_min) * 0.25)::int * interval '1 minute' END AS pend_s,
                           CASE WHEN has_pend THEN resp_ts + round((r.res_min - resp_min) * 0.70)::int * interval '1 minute' END AS pend_e,
                           CASE WHEN has_reopen THEN res1_ts + (1440 + pg_temp.h(g, 20) % 2880)::int * interval '1 minute' END AS reopen_ts) b
CROSS JOIN LATERAL (SELECT reopen_ts + greatest(30, round(r.res_min * 0.3))::int * interval '1 minute' AS res2_ts) c;

-- full lifecycle, cut at the data's "today" (2025-07-01 00:00)
CREATE TEMP TABLE ev AS
SELECT * FROM (
  SELECT tkt_id, 1 AS seq, NULL::char(1) AS from_stat, 'N'::char(1) AS to_stat, opened_ts AS chg_ts, NULL::int AS ag FROM tl
  UNION ALL SELECT tkt_id, 2, 'N', 'O', resp_ts,  agent_id FROM tl WHERE NOT never_ans
  UNION ALL SELECT tkt_id, 3, 'O', 'P', pend_s,   agent_id FROM tl WHERE NOT never_ans AND has_pend
  UNION ALL SELECT tkt_id, 4, 'P', 'O', pend_e,   NULL     FROM tl WHERE NOT never_ans AND has_pend
  UNION ALL SELECT tkt_id, 5, 'O', 'R', res1_ts,  agent_id FROM tl WHERE NOT never_ans
  UNION ALL SELECT tkt_id, 6, 'R', 'O', reopen_ts, NULL    FROM tl WHERE NOT never_ans AND has_reopen
  UNION ALL SELECT tkt_id, 7, 'O', 'R', res2_ts,  agent_id FROM tl WHERE NOT never_ans AND has_reopen
  UNION ALL SELECT tkt_id, 8, 'R', 'C', close_ts, NULL     FROM tl WHERE NOT never_ans
) e
WHERE chg_ts < timestamp '2025-07-01';

CREATE TEMP TABLE cur AS
SELECT DISTINCT ON (tkt_id) tkt_id, to_stat AS stat_cd, chg_ts AS last_ts
FROM ev ORDER BY tkt_id, seq DESC;

INSERT INTO sup.ticket (tkt_id, tkt_ref, org_id, cont_id, area_id, prio_cd, stat_cd, chan_cd, subj,
                        asgn_agent_id, opened_ts, first_resp_ts, closed_ts, reopen_cnt, upd_ts)
SELECT tl.tkt_id,
       'HD-' || lpad(tl.tkt_id::text, 6, '0'),
       tl.org_id,
       oc.first0 + 1 + (pg_temp.h(tl.g, 21) % oc.n)::int,
       tl.area_id, tl.prio_cd, cur.stat_cd, tl.chan_cd,
       (CASE tl.area_id
          WHEN 1 THEN ARRAY['Cannot log in with SSO','Password reset email not received','MFA code rejected','SAML assertion error after IdP change']
          WHEN 2 THEN ARRAY['Invoice shows wrong VAT number','Charged twice this month','Need copy of last invoice','Downgrade plan request']
          WHEN 3 THEN ARRAY['Dashboard does not load','Report totals do not match export','Scheduled report not delivered','Chart shows no data for last week']
          WHEN 4 THEN ARRAY['API returns 429 too often','OAuth token expires too early','Webhook payload missing field','API 500 error on /orders']
          WHEN 5 THEN ARRAY['Salesforce sync stopped','Slack notifications duplicated','Jira link broken','Integration disconnects every night']
          WHEN 6 THEN ARRAY['iOS app crashes on start','Android push notifications missing','Mobile app login loop','Offline mode loses changes']
          WHEN 7 THEN ARRAY['CSV import fails at row 1','Export times out','Import maps dates wrong','Bulk export missing attachments']
          ELSE        ARRAY['Notification emails land in spam','Digest email not sent','Email template broken','Unsubscribe link does not work']
        END)[1 + (pg_temp.h(tl.g, 22) % 4)::int],
       CASE WHEN cur.stat_cd = 'N' AND pg_temp.h(tl.g, 23) % 3 <> 0 THEN NULL ELSE tl.agent_id END,
       tl.opened_ts,
       CASE WHEN cur.stat_cd <> 'N' THEN tl.resp_ts END,
       CASE WHEN cur.stat_cd = 'C' THEN cur.last_ts END,
       (SELECT count(*) FROM ev WHERE ev.tkt_id = tl.tkt_id AND ev.seq = 6),
       cur.last_ts
FROM tl
JOIN cur ON cur.tkt_id = tl.tkt_id
JOIN oc  ON oc.org_id = tl.org_id
ORDER BY tl.tkt_id;

INSERT INTO sup.tkt_stat_hist (hist_id, tkt_id, from_stat, to_stat, chg_ts, chg_agent_id)
SELECT row_number() OVER (ORDER BY chg_ts, tkt_id, seq), tkt_id, from_stat, to_stat, chg_ts, ag
FROM ev ORDER BY 1;

-- ---------------------------------------------------------------- comments
INSERT INTO sup.tkt_cmt (cmt_id, tkt_id, agent_id, vis_cd, created_ts, body)
SELECT row_number() OVER (ORDER BY created_ts, tkt_id, k), tkt_id, agent_id, vis_cd, created_ts, body
FROM (
  SELECT tl.tkt_id, 1 AS k, NULL::int AS agent_id, 'P' AS vis_cd, tl.opened_ts AS created_ts,
         'Hello, we have a problem: ' || t.subj || '. Please help.' AS body
  FROM tl JOIN sup.ticket t USING (tkt_id)
  UNION ALL
  SELECT tl.tkt_id, 2, tl.agent_id, 'P', tl.resp_ts,
         'Thanks for contacting Brightdesk support, I am looking into ' || 'HD-' || lpad(tl.tkt_id::text, 6, '0') || ' now.'
  FROM tl WHERE NOT never_ans
  UNION ALL
  SELECT tl.tkt_id, 3, tl.agent_id, 'I', tl.resp_ts + (20 + pg_temp.h(g, 30) % 200)::int * interval '1 minute',
         'Internal: reproduced on staging, checking logs.'
  FROM tl WHERE NOT never_ans AND pg_temp.h(g, 31) % 4 = 0
  UNION ALL
  SELECT tl.tkt_id, 4, tl.lead_id, 'I', tl.resp_ts + interval '5 minutes',
         'Internal: critical ticket, team lead informed, keep the customer updated hourly.'
  FROM tl WHERE NOT never_ans AND prio_cd = 'P1'
  UNION ALL
  SELECT tl.tkt_id, 5, tl.agent_id, 'P', tl.pend_s, 'Could you send us a screenshot and the exact time it happened?'
  FROM tl WHERE NOT never_ans AND has_pend
  UNION ALL
  SELECT tl.tkt_id, 6, NULL, 'P', tl.pend_e, 'Here are the details you asked for.'
  FROM tl WHERE NOT never_ans AND has_pend
  UNION ALL
  SELECT tl.tkt_id, 7, tl.agent_id, 'P', tl.res1_ts, 'We have fixed the issue, please confirm it works for you.'
  FROM tl WHERE NOT never_ans
  UNION ALL
  SELECT tl.tkt_id, 8, NULL, 'P', tl.reopen_ts, 'Unfortunately the problem is back.'
  FROM tl WHERE NOT never_ans AND has_reopen
  UNION ALL
  SELECT tl.tkt_id, 9, tl.agent_id, 'P', tl.res2_ts, 'Second fix deployed, this should now be solved for good.'
  FROM tl WHERE NOT never_ans AND has_reopen
) c
WHERE created_ts < timestamp '2025-07-01';

-- ---------------------------------------------------------------- tags
INSERT INTO sup.tkt_tag (tkt_id, tag_id)
SELECT DISTINCT tkt_id, tag_id FROM (
  SELECT tl.tkt_id,
         (CASE tl.area_id WHEN 1 THEN ARRAY[1,2,3] WHEN 2 THEN ARRAY[4,5,4] WHEN 3 THEN ARRAY[6,7,8]
                          WHEN 4 THEN ARRAY[9,10,9] WHEN 5 THEN ARRAY[11,12,13] WHEN 6 THEN ARRAY[14,15,14]
                          WHEN 7 THEN ARRAY[16,7,16] ELSE ARRAY[17,17,17] END)[1 + (pg_temp.h(g, 41) % 3)::int] AS tag_id
  FROM tl WHERE pg_temp.h(g, 40) % 100 < 75
  UNION ALL
  SELECT tl.tkt_id,
         CASE WHEN pg_temp.h(g, 43) % 100 < 40 THEN 18 WHEN pg_temp.h(g, 43) % 100 < 70 THEN 19
              WHEN pg_temp.h(g, 43) % 100 < 90 THEN 20 ELSE 21 END
  FROM tl WHERE pg_temp.h(g, 42) % 100 < 45
  UNION ALL
  SELECT tl.tkt_id, 22 FROM tl WHERE prio_cd = 'P1' AND pg_temp.h(g, 44) % 2 = 0
  UNION ALL
  SELECT tl.tkt_id, 23 FROM tl WHERE pg_temp.h(g, 45) % 150 = 0
  UNION ALL
  SELECT tl.tkt_id, 24 FROM tl WHERE pg_temp.h(g, 46) % 90 = 0
  UNION ALL
  SELECT tl.tkt_id, 25 FROM tl WHERE pg_temp.h(g, 47) % 110 = 0
) x;

-- ---------------------------------------------------------------- time entries
INSERT INTO sup.time_ent (te_id, tkt_id, agent_id, work_dt, mins, bill_flg)
SELECT row_number() OVER (ORDER BY work_dt, tkt_id, k), tkt_id, agent_id, work_dt, mins, tier_cd = 'E'
FROM (
  SELECT tl.tkt_id, 1 AS k, tl.agent_id, tl.resp_ts::date AS work_dt, tl.tier_cd,
         greatest(5, round(b.base * (0.3 + 1.4 * pg_temp.u(g, 50)) / 5) * 5)::int AS mins
  FROM tl CROSS JOIN LATERAL (SELECT CASE prio_cd WHEN 'P1' THEN 120 WHEN 'P2' THEN 75 WHEN 'P3' THEN 45 ELSE 25 END AS base) b
  WHERE NOT never_ans AND tl.resp_ts < timestamp '2025-07-01'
  UNION ALL
  SELECT tl.tkt_id, 2, tl.agent_id, tl.res1_ts::date, tl.tier_cd,
         greatest(5, round(b.base * (0.2 + 1.2 * pg_temp.u(g, 51)) / 5) * 5)::int
  FROM tl CROSS JOIN LATERAL (SELECT CASE prio_cd WHEN 'P1' THEN 120 WHEN 'P2' THEN 75 WHEN 'P3' THEN 45 ELSE 25 END AS base) b
  WHERE NOT never_ans AND tl.res1_ts < timestamp '2025-07-01' AND pg_temp.h(g, 52) % 2 = 0
  UNION ALL
  SELECT tl.tkt_id, 3, tl.lead_id, tl.resp_ts::date, tl.tier_cd,
         greatest(5, round(60 * (0.3 + 1.4 * pg_temp.u(g, 53)) / 5) * 5)::int
  FROM tl
  WHERE NOT never_ans AND tl.resp_ts < timestamp '2025-07-01' AND prio_cd IN ('P1', 'P2')
    AND pg_temp.h(g, 54) % 3 = 0 AND tl.lead_id <> tl.agent_id
) x;

-- ---------------------------------------------------------------- CSAT
INSERT INTO fb.csat_resp (resp_id, tkt_id, sent_ts, answered_ts, rating, remark)
SELECT row_number() OVER (ORDER BY sent_ts, tkt_id), tkt_id, sent_ts,
       CASE WHEN ans THEN answered_ts END,
       CASE WHEN ans THEN rating END,
       CASE WHEN ans AND rating <= 2 AND pg_temp.h(g, 64) % 2 = 0 THEN 'Took far too long.'
            WHEN ans AND rating = 5 AND pg_temp.h(g, 64) % 3 = 0 THEN 'Great, quick help!' END
FROM (
  SELECT tl.tkt_id, tl.g, tl.res1_ts + interval '1 hour' AS sent_ts,
         tl.res1_ts + interval '1 hour' + (30 + pg_temp.h(g, 61) % 4000)::int * interval '1 minute' AS answered_ts,
         (pg_temp.h(g, 62) % 100 < 62
           AND tl.res1_ts + interval '1 hour' + (30 + pg_temp.h(g, 61) % 4000)::int * interval '1 minute' < timestamp '2025-07-01') AS ans,
         least(5, greatest(1, round(5.3 - 2.4 * pg_temp.u(g, 63)
                                     - CASE WHEN (tl.res1_ts - tl.opened_ts) > tl.resol_tgt_min * interval '1 minute' THEN 1.1 ELSE 0 END
                                     - CASE WHEN has_reopen THEN 1.0 ELSE 0 END
                                     - team_pen)))::smallint AS rating
  FROM tl
  WHERE NOT never_ans AND pg_temp.h(g, 60) % 10 < 7
    AND tl.res1_ts + interval '1 hour' < timestamp '2025-07-01'
) s;

-- customers that were onboarded during the window: contract date before their first ticket
UPDATE crm.org o SET created_dt = least(o.created_dt, f.first_dt - 7)
FROM (SELECT org_id, min(opened_ts)::date AS first_dt FROM sup.ticket GROUP BY org_id) f
WHERE f.org_id = o.org_id AND f.first_dt - 7 < o.created_dt;
UPDATE crm.contact c SET created_dt = o.created_dt
FROM crm.org o WHERE o.org_id = c.org_id AND c.created_dt < o.created_dt;

-- =====================================================================
-- View
-- =====================================================================
CREATE VIEW sup.v_open_tkt AS
SELECT t.tkt_id, t.tkt_ref, o."displayName" AS org_name, t.prio_cd, t.stat_cd,
       t.asgn_agent_id, t.opened_ts, t.first_resp_ts
FROM sup.ticket t
JOIN crm.org o ON o.org_id = t.org_id
WHERE t.stat_cd IN ('N', 'O', 'P');
COMMENT ON VIEW sup.v_open_tkt IS 'Tickets still needing work (new, open or pending customer) - used by the agent home screen.';

-- =====================================================================
-- Indexes (as the team added them over the years)
-- =====================================================================
CREATE UNIQUE INDEX uq_ticket_ref    ON sup.ticket (tkt_ref);
CREATE INDEX ix_ticket_org           ON sup.ticket (org_id);
CREATE INDEX ix_ticket_asgn          ON sup.ticket (asgn_agent_id);
CREATE INDEX ix_ticket_opened        ON sup.ticket (opened_ts);
CREATE INDEX ix_ticket_stat_prio     ON sup.ticket (stat_cd, prio_cd);
CREATE INDEX ix_tsh_tkt              ON sup.tkt_stat_hist (tkt_id);
CREATE INDEX ix_cmt_tkt              ON sup.tkt_cmt (tkt_id, created_ts);
CREATE INDEX ix_te_agent_dt          ON sup.time_ent (agent_id, work_dt);
CREATE UNIQUE INDEX uq_contact_email ON crm.contact (email);
CREATE INDEX ix_contact_org          ON crm.contact (org_id);
CREATE INDEX ix_contact_phone        ON crm.contact (phone);
CREATE UNIQUE INDEX uq_tag_nm        ON sup.tag (tag_nm);
CREATE UNIQUE INDEX uq_area_cd       ON sup.prod_area (area_cd);
CREATE UNIQUE INDEX uq_agent_email   ON sup.agent (email);
CREATE INDEX ix_csat_sent            ON fb.csat_resp (sent_ts);

ANALYZE;

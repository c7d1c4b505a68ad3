-- =====================================================================
--  Brightside Children's Trust — supporter CRM ("Beacon")
--  Registered charity, head office in Leeds. Fundraising, regular giving,
--  Gift Aid, events, shops & volunteers, legacies and grants to partners.
--  Data snapshot taken at close of business Thursday 12 June 2025.
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA crm;
CREATE SCHEMA fundraising;
CREATE SCHEMA giving;
CREATE SCHEMA giftaid;
CREATE SCHEMA events;
CREATE SCHEMA vol;
CREATE SCHEMA legacy;
CREATE SCHEMA grants;

COMMENT ON SCHEMA crm         IS 'Supporter records, communication preferences (consent history), audit trail';
COMMENT ON SCHEMA fundraising IS 'Campaigns and appeal source codes';
COMMENT ON SCHEMA giving      IS 'Donations, regular giving (direct debit mandates, BACS collection runs)';
COMMENT ON SCHEMA giftaid     IS 'Gift Aid declarations and HMRC repayment claims';
COMMENT ON SCHEMA events      IS 'Fundraising events, participant registrations and sponsorship';
COMMENT ON SCHEMA vol         IS 'Charity shops, volunteers and their rota shifts';
COMMENT ON SCHEMA legacy      IS 'Gifts in wills: pledges, notifications and legacy income';
COMMENT ON SCHEMA grants      IS 'Grants we award to partner projects';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.h(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT (hashtextextended(k, 2025) & 4294967295) / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- crm
-- ---------------------------------------------------------------------
CREATE TYPE crm.supporter_kind AS ENUM ('individual','company','trust','community_group','school');

CREATE TABLE crm.supporter (
    supp_id       serial PRIMARY KEY,
    supp_ref      varchar(9) NOT NULL,
    supp_kind     crm.supporter_kind NOT NULL DEFAULT 'individual',
    title         varchar(6),
    first_nm      varchar(40),
    last_nm       varchar(40),
    org_nm        varchar(120),
    email         varchar(120),
    mob_no        varchar(15),
    addr_line1    varchar(80),
    town          varchar(40),
    postcode      varchar(8),
    dob           date,
    recruit_src   char(3) NOT NULL,
    recruited_dt  date NOT NULL,
    status_cd     char(1) NOT NULL DEFAULT 'A',
    deceased_dt   date,
    merged_into   int,
    profile       jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_ts    timestamp NOT NULL,
    upd_ts        timestamp
);
COMMENT ON TABLE  crm.supporter IS 'Everyone who supports us: individual people and organisations (companies, trusts, community groups, schools)';
COMMENT ON COLUMN crm.supporter.supp_ref IS 'Supporter number printed on letters and quoted on the phone (S + 7 digits)';
COMMENT ON COLUMN crm.supporter.org_nm IS 'Organisation name (non-individual supporters only)';
COMMENT ON COLUMN crm.supporter.recruit_src IS 'How the supporter was first recruited: F2F = face-to-face (street/door), DRM = cold direct mail, ONL = online (website/social), EVT = took part in an event, SHP = charity shop (retail Gift Aid / volunteering), TEL = telephone, IMM = in-memory giving, CRP = corporate partnership, COM = community/school fundraising';
COMMENT ON COLUMN crm.supporter.recruited_dt IS 'Date the supporter first came to us';
COMMENT ON COLUMN crm.supporter.status_cd IS 'A = active, G = gone away (post returned, address unknown), D = deceased, E = erased on request (GDPR right to erasure; personal details blanked), M = merged duplicate (see merged_into)';
COMMENT ON COLUMN crm.supporter.merged_into IS 'supp_id of the surviving record when this one was merged as a duplicate (not enforced)';
COMMENT ON COLUMN crm.supporter.profile IS 'Free-form profile: interests (array), wealth_band A-E from wealth screening, prospect = major_donor | legacy, prev_crm_id (Raiser''s Edge id for records migrated in Jan 2019)';
COMMENT ON COLUMN crm.supporter.created_ts IS 'When the record was created in Beacon (records migrated from the old system show the migration date, 14 Jan 2019)';

CREATE TABLE crm.consent_event (
    ce_id      bigserial PRIMARY KEY,
    supp_id    int NOT NULL REFERENCES crm.supporter,
    channel    char(1) NOT NULL,
    pref       char(1) NOT NULL,
    capt_src   varchar(3) NOT NULL,
    eff_ts     timestamp NOT NULL,
    recorded_by varchar(20)
);
COMMENT ON TABLE  crm.consent_event IS 'History of communication preference choices; the latest row per supporter and channel is the current preference';
COMMENT ON COLUMN crm.consent_event.channel IS 'E = email, P = post, T = telephone, S = SMS / text message';
COMMENT ON COLUMN crm.consent_event.pref IS 'I = opted in (happy to be contacted), O = opted out (do not contact on this channel)';
COMMENT ON COLUMN crm.consent_event.capt_src IS 'Where the choice was captured: WEB = website form, F2F = face-to-face sign-up, PHN = phone call, PAP = paper form / reply coupon, SUP = supporter care, TPS = Telephone Preference Service screening';
COMMENT ON COLUMN crm.consent_event.eff_ts IS 'When the supporter made the choice';

CREATE TABLE crm.change_log (
    log_id     bigserial PRIMARY KEY,
    tbl_nm     varchar(40) NOT NULL,
    row_pk     varchar(40) NOT NULL,
    op         char(1) NOT NULL,
    changed_by varchar(20) NOT NULL,
    changed_at timestamp NOT NULL,
    diff       jsonb
);
COMMENT ON TABLE  crm.change_log IS 'Audit trail written by the application: one row per insert/update/delete of a CRM record';
COMMENT ON COLUMN crm.change_log.op IS 'I = insert, U = update, D = delete';
COMMENT ON COLUMN crm.change_log.diff IS 'Changed fields as {"field": {"old": .., "new": ..}}';

-- ---------------------------------------------------------------------
-- fundraising
-- ---------------------------------------------------------------------
CREATE TABLE fundraising.campaign (
    camp_cd    varchar(8) PRIMARY KEY,
    camp_nm    varchar(80) NOT NULL,
    camp_type  char(2) NOT NULL,
    start_dt   date NOT NULL,
    end_dt     date,
    budget     numeric(10,2),
    inc_target numeric(12,2),
    owner_team varchar(30)
);
COMMENT ON COLUMN fundraising.campaign.camp_type IS 'AP = cash appeal, EM = emergency appeal, RG = regular giving recruitment, EV = events programme, LG = legacy marketing, CO = corporate partnerships, GN = general / unsolicited income';
COMMENT ON COLUMN fundraising.campaign.budget IS 'Approved spend (GBP)';
COMMENT ON COLUMN fundraising.campaign.inc_target IS 'Income target (GBP)';
COMMENT ON COLUMN fundraising.campaign.end_dt IS 'Last day income is attributed to the campaign; NULL = open-ended';

CREATE TABLE fundraising.source_code (
    src_code  varchar(14) PRIMARY KEY,
    camp_cd   varchar(8) NOT NULL REFERENCES fundraising.campaign,
    chan_cd   char(2) NOT NULL,
    segment   varchar(40),
    qty_out   int,
    cost_amt  numeric(10,2) NOT NULL DEFAULT 0,
    launch_dt date
);
COMMENT ON TABLE  fundraising.source_code IS 'Appeal source codes (one per campaign, channel and audience segment); printed on reply forms and used in URLs so income can be attributed';
COMMENT ON COLUMN fundraising.source_code.chan_cd IS 'DM = direct mail, EM = email, DI = digital advertising, IN = press inserts, TV = television, F2 = face-to-face agency, TM = telemarketing, WB = website, EV = event, CP = corporate';
COMMENT ON COLUMN fundraising.source_code.qty_out IS 'Number of pieces mailed / emails sent (NULL for channels without a volume)';
COMMENT ON COLUMN fundraising.source_code.cost_amt IS 'Total cost of this source code (print, postage, agency fees, media)';

-- ---------------------------------------------------------------------
-- giving
-- ---------------------------------------------------------------------
CREATE TABLE giving.dd_mandate (
    mandate_id  serial PRIMARY KEY,
    supp_id     int NOT NULL REFERENCES crm.supporter,
    ddi_ref     varchar(14) NOT NULL,
    amt         numeric(8,2) NOT NULL,
    freq        char(1) NOT NULL DEFAULT 'M',
    coll_day    smallint NOT NULL,
    start_dt    date NOT NULL,
    cancel_dt   date,
    cancel_rsn  varchar(40),
    mnd_status  char(1) NOT NULL,
    src_code    varchar(14) REFERENCES fundraising.source_code,
    acct_last4  char(4)
);
COMMENT ON TABLE  giving.dd_mandate IS 'Direct Debit Instructions (regular giving mandates)';
COMMENT ON COLUMN giving.dd_mandate.ddi_ref IS 'BACS reference shown on the donor''s bank statement';
COMMENT ON COLUMN giving.dd_mandate.amt IS 'Amount collected each time (GBP)';
COMMENT ON COLUMN giving.dd_mandate.freq IS 'M = monthly, Q = quarterly, A = annually';
COMMENT ON COLUMN giving.dd_mandate.coll_day IS 'Collection day of month: 1 or 15 (moved to the next working day)';
COMMENT ON COLUMN giving.dd_mandate.mnd_status IS 'P = pending (lodged via AUDDIS, no collection yet), L = live, C = cancelled by the supporter (told us), B = cancelled at the bank (ADDACS notice)';
COMMENT ON COLUMN giving.dd_mandate.cancel_dt IS 'Date the mandate was cancelled; NULL while pending or live';

CREATE TABLE giving.collection_run (
    run_id     serial PRIMARY KEY,
    coll_dt    date NOT NULL UNIQUE,
    due_day    smallint NOT NULL,
    sub_dt     date NOT NULL,
    run_status char(1) NOT NULL,
    file_ref   varchar(20) NOT NULL,
    item_cnt   int,
    total_amt  numeric(12,2)
);
COMMENT ON TABLE  giving.collection_run IS 'BACS Direct Debit collection runs (twice a month)';
COMMENT ON COLUMN giving.collection_run.coll_dt IS 'Date the money is collected from donors'' accounts';
COMMENT ON COLUMN giving.collection_run.due_day IS 'Which mandate collection day (1 or 15) this run collects';
COMMENT ON COLUMN giving.collection_run.sub_dt IS 'Date the BACS file was submitted (two working days before collection)';
COMMENT ON COLUMN giving.collection_run.run_status IS 'P = planned, S = submitted to BACS (awaiting collection), C = completed (collected and ARUDD returns processed)';

CREATE TABLE giving.dd_collection (
    coll_id    bigserial PRIMARY KEY,
    run_id     int NOT NULL REFERENCES giving.collection_run,
    mandate_id int NOT NULL REFERENCES giving.dd_mandate,
    amt        numeric(8,2) NOT NULL,
    outcome    char(1),
    return_cd  char(1),
    recon_ts   timestamp,
    CONSTRAINT uq_ddcoll_run_mandate UNIQUE (run_id, mandate_id)
);
COMMENT ON TABLE  giving.dd_collection IS 'One row per mandate per collection run';
COMMENT ON COLUMN giving.dd_collection.outcome IS 'P = paid, U = unpaid (returned by the bank on an ARUDD report); NULL = submitted, not collected yet';
COMMENT ON COLUMN giving.dd_collection.return_cd IS 'ARUDD return reason for unpaid collections: 0 = refer to payer (usually insufficient funds), 1 = instruction cancelled, 2 = payer deceased, 5 = no account, B = account closed';
COMMENT ON COLUMN giving.dd_collection.recon_ts IS 'Last time the nightly bank reconciliation job matched this collection';

CREATE TABLE giving.donation (
    don_id      bigserial,
    supp_id     int NOT NULL REFERENCES crm.supporter,
    rcvd_dt     date NOT NULL,
    amt         numeric(10,2) NOT NULL,
    pay_mthd    char(2) NOT NULL,
    inc_type    char(3) NOT NULL,
    src_code    varchar(14) REFERENCES fundraising.source_code,
    mandate_id  int REFERENCES giving.dd_mandate,
    coll_id     bigint,
    ga_elig     boolean NOT NULL DEFAULT false,
    ga_claim_id int,
    thank_dt    date,
    refund_dt   date,
    batch_no    varchar(16),
    PRIMARY KEY (don_id, rcvd_dt)
) PARTITION BY RANGE (rcvd_dt);
COMMENT ON TABLE  giving.donation IS 'All gifts received (one-off gifts and each successful direct debit collection). History before the Jan 2019 migration is not held. Partitioned by year received';
COMMENT ON COLUMN giving.donation.rcvd_dt IS 'Date the money was received (banked)';
COMMENT ON COLUMN giving.donation.amt IS 'Gift amount in GBP, excluding Gift Aid';
COMMENT ON COLUMN giving.donation.pay_mthd IS 'CC = card, DD = direct debit, CQ = cheque, CA = cash, BT = bank transfer, OP = online platform (PayPal, JustGiving, CAF), SO = standing order, PG = payroll giving';
COMMENT ON COLUMN giving.donation.inc_type IS 'GEN = general one-off donation, RGD = regular gift (direct debit collection), IMM = in-memory gift, CRP = corporate donation, TRU = trust / foundation grant to us, COM = community or school fundraising paid in';
COMMENT ON COLUMN giving.donation.coll_id IS 'dd_collection the regular gift came from (RGD only; not enforced)';
COMMENT ON COLUMN giving.donation.ga_elig IS 'Gift Aid can be claimed: an individual with a valid declaration covering the gift date, gift not via payroll giving';
COMMENT ON COLUMN giving.donation.ga_claim_id IS 'Gift Aid claim the donation was included in; NULL = not claimed (yet)';
COMMENT ON COLUMN giving.donation.thank_dt IS 'Date the thank-you letter/email went out; regular gifts are not thanked individually';
COMMENT ON COLUMN giving.donation.refund_dt IS 'Date the gift was refunded / charged back; NULL = kept';

CREATE TABLE giving.donation_2019 PARTITION OF giving.donation FOR VALUES FROM ('2019-01-01') TO ('2020-01-01');
CREATE TABLE giving.donation_2020 PARTITION OF giving.donation FOR VALUES FROM ('2020-01-01') TO ('2021-01-01');
CREATE TABLE giving.donation_2021 PARTITION OF giving.donation FOR VALUES FROM ('2021-01-01') TO ('2022-01-01');
CREATE TABLE giving.donation_2022 PARTITION OF giving.donation FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE giving.donation_2023 PARTITION OF giving.donation FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE giving.donation_2024 PARTITION OF giving.donation FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE giving.donation_2025 PARTITION OF giving.donation FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');

-- ---------------------------------------------------------------------
-- giftaid
-- ---------------------------------------------------------------------
CREATE TABLE giftaid.declaration (
    decl_id      serial PRIMARY KEY,
    supp_id      int NOT NULL REFERENCES crm.supporter,
    decl_dt      date NOT NULL,
    method       char(1) NOT NULL,
    eff_from     date NOT NULL,
    cancelled_dt date
);
COMMENT ON TABLE  giftaid.declaration IS 'Gift Aid declarations made by individual supporters';
COMMENT ON COLUMN giftaid.declaration.method IS 'W = written (paper form), O = online, V = verbal (over the phone, confirmation letter sent)';
COMMENT ON COLUMN giftaid.declaration.eff_from IS 'Earliest gift date covered (declarations normally cover the previous four years)';
COMMENT ON COLUMN giftaid.declaration.cancelled_dt IS 'Date the supporter cancelled (e.g. no longer a UK taxpayer); NULL = still valid';

CREATE TABLE giftaid.claim (
    claim_id       serial PRIMARY KEY,
    "HMRCClaimRef" varchar(16),
    period_from    date NOT NULL,
    period_to      date NOT NULL,
    created_dt     date NOT NULL,
    submitted_dt   date,
    claim_status   char(1) NOT NULL,
    don_cnt        int,
    don_total      numeric(12,2),
    claim_amt      numeric(12,2),
    paid_dt        date,
    paid_amt       numeric(12,2)
);
COMMENT ON TABLE  giftaid.claim IS 'Monthly Gift Aid repayment claims to HMRC (Charities Online)';
COMMENT ON COLUMN giftaid.claim."HMRCClaimRef" IS 'Correlation reference returned by HMRC when the claim is submitted';
COMMENT ON COLUMN giftaid.claim.claim_status IS 'D = draft (being built), S = submitted to HMRC, P = paid by HMRC';
COMMENT ON COLUMN giftaid.claim.don_total IS 'Total of the donations in the claim';
COMMENT ON COLUMN giftaid.claim.claim_amt IS 'Gift Aid claimed = 25% of don_total';
COMMENT ON COLUMN giftaid.claim.paid_amt IS 'Amount HMRC actually repaid (can be lower after HMRC adjustments)';

ALTER TABLE giving.donation ADD CONSTRAINT fk_donation_claim FOREIGN KEY (ga_claim_id) REFERENCES giftaid.claim;

-- ---------------------------------------------------------------------
-- events
-- ---------------------------------------------------------------------
CREATE TABLE events.event (
    event_id   serial PRIMARY KEY,
    evt_cd     varchar(10) NOT NULL UNIQUE,
    evt_nm     varchar(80) NOT NULL,
    evt_type   char(3) NOT NULL,
    evt_dt     date NOT NULL,
    location   varchar(60),
    reg_fee    numeric(6,2) NOT NULL DEFAULT 0,
    min_spons  numeric(8,2),
    places     int,
    is_3p      boolean NOT NULL DEFAULT false,
    evt_status char(1) NOT NULL,
    camp_cd    varchar(8) REFERENCES fundraising.campaign
);
COMMENT ON COLUMN events.event.evt_type IS 'RUN = running event, CYC = cycle ride, TRK = trek / challenge, SKY = skydive, GAL = gala dinner, VIR = virtual challenge';
COMMENT ON COLUMN events.event.min_spons IS 'Minimum sponsorship each participant pledges to raise (charity places); NULL = no minimum';
COMMENT ON COLUMN events.event.places IS 'Places / tickets we have available';
COMMENT ON COLUMN events.event.is_3p IS 'Third-party event (we buy charity places, e.g. London Marathon); false = our own event';
COMMENT ON COLUMN events.event.evt_status IS 'S = scheduled (upcoming), H = held, X = cancelled';

CREATE TABLE events.registration (
    reg_id          serial PRIMARY KEY,
    event_id        int NOT NULL REFERENCES events.event,
    supp_id         int NOT NULL REFERENCES crm.supporter,
    reg_dt          date NOT NULL,
    reg_status      char(1) NOT NULL,
    fee_paid        numeric(6,2) NOT NULL DEFAULT 0,
    spons_target    numeric(8,2),
    "JustGivingURL" varchar(120),
    tshirt          varchar(4),
    finish_tm       interval,
    UNIQUE (event_id, supp_id)
);
COMMENT ON COLUMN events.registration.reg_status IS 'R = registered (event still to come), F = took part / finished, N = did not start (no-show on the day), W = withdrew before the event, X = event cancelled';
COMMENT ON COLUMN events.registration.spons_target IS 'Sponsorship the participant pledged to raise';
COMMENT ON COLUMN events.registration."JustGivingURL" IS 'Participant''s online fundraising page; NULL = offline sponsorship form only';
COMMENT ON COLUMN events.registration.finish_tm IS 'Official finish time (timed events only)';

CREATE TABLE events.sponsorship (
    spon_id    bigserial PRIMARY KEY,
    reg_id     int NOT NULL REFERENCES events.registration,
    sponsor_nm varchar(60),
    amt        numeric(8,2) NOT NULL,
    chan       char(2) NOT NULL,
    pledged_dt date NOT NULL,
    paid_dt    date
);
COMMENT ON TABLE  events.sponsorship IS 'Sponsorship raised by event participants';
COMMENT ON COLUMN events.sponsorship.sponsor_nm IS 'Name the sponsor gave; NULL = anonymous';
COMMENT ON COLUMN events.sponsorship.chan IS 'JG = JustGiving page, OF = offline sponsorship form, MG = employer matched giving';
COMMENT ON COLUMN events.sponsorship.paid_dt IS 'Date the money reached us; NULL = pledged but not yet paid in';

-- ---------------------------------------------------------------------
-- vol
-- ---------------------------------------------------------------------
CREATE TABLE vol.shop (
    shop_id   smallint PRIMARY KEY,
    shop_cd   char(3) NOT NULL UNIQUE,
    shop_nm   varchar(60) NOT NULL,
    town      varchar(40) NOT NULL,
    opened_dt date NOT NULL,
    closed_dt date,
    mgr_nm    varchar(60),
    wkly_tgt  numeric(8,2)
);
COMMENT ON COLUMN vol.shop.closed_dt IS 'Date the shop closed for good; NULL = trading';
COMMENT ON COLUMN vol.shop.wkly_tgt IS 'Weekly sales target (GBP)';

CREATE TABLE vol.volunteer (
    vol_id       serial PRIMARY KEY,
    supp_id      int,
    first_nm     varchar(40) NOT NULL,
    last_nm      varchar(40) NOT NULL,
    email        varchar(120),
    mob_no       varchar(15),
    role_cd      char(3) NOT NULL,
    home_shop_id smallint REFERENCES vol.shop,
    vol_status   char(1) NOT NULL,
    start_dt     date NOT NULL,
    left_dt      date,
    dbs_dt       date
);
COMMENT ON TABLE  vol.volunteer IS 'Volunteers (imported nightly from the volunteering app)';
COMMENT ON COLUMN vol.volunteer.supp_id IS 'Matching supporter record, when the volunteer is also a supporter (not enforced)';
COMMENT ON COLUMN vol.volunteer.role_cd IS 'SHF = shop floor / till, SRT = stock sorting (back room), DRV = van driver (collections), EVT = event marshal, OFF = head office volunteer';
COMMENT ON COLUMN vol.volunteer.vol_status IS 'A = active, P = pending (references / checks not complete), L = left';
COMMENT ON COLUMN vol.volunteer.dbs_dt IS 'Date of the last DBS (criminal record) check; NULL = never checked';

CREATE TABLE vol.shift (
    shift_id bigserial PRIMARY KEY,
    vol_id   int NOT NULL REFERENCES vol.volunteer,
    shop_id  smallint NOT NULL REFERENCES vol.shop,
    shift_dt date NOT NULL,
    start_tm time NOT NULL,
    end_tm   time NOT NULL,
    att_cd   char(1)
);
COMMENT ON TABLE  vol.shift IS 'Volunteer rota: one row per volunteer per shift';
COMMENT ON COLUMN vol.shift.att_cd IS 'A = attended, N = no-show, C = cancelled in advance by the volunteer; NULL = rostered, not yet happened';

-- ---------------------------------------------------------------------
-- legacy
-- ---------------------------------------------------------------------
CREATE TABLE legacy.bequest (
    bequest_id     serial PRIMARY KEY,
    supp_id        int NOT NULL REFERENCES crm.supporter,
    gift_type      char(1) NOT NULL,
    stage          char(1) NOT NULL,
    pledged_dt     date,
    notified_dt    date,
    est_val        numeric(12,2),
    resid_pct      numeric(5,2),
    "SolicitorRef" varchar(24),
    exec_firm      varchar(60),
    closed_dt      date
);
COMMENT ON TABLE  legacy.bequest IS 'Gifts in wills, from a living supporter''s pledge through to the estate paying out';
COMMENT ON COLUMN legacy.bequest.gift_type IS 'R = residuary (share of the residue of the estate), P = pecuniary (fixed cash sum), S = specific item (sold for us)';
COMMENT ON COLUMN legacy.bequest.stage IS 'P = pledged (supporter alive, has told us), N = notified (supporter has died, estate in administration), S = settled (all money received, file closed), C = contested / in dispute, X = pledge withdrawn';
COMMENT ON COLUMN legacy.bequest.notified_dt IS 'Date we were told of the death by the executors';
COMMENT ON COLUMN legacy.bequest.est_val IS 'Our current estimate of what we will receive (GBP)';
COMMENT ON COLUMN legacy.bequest.resid_pct IS 'Our percentage share of the residue (residuary gifts)';
COMMENT ON COLUMN legacy.bequest."SolicitorRef" IS 'Executor''s / solicitor''s file reference';

CREATE TABLE legacy.receipt (
    receipt_id serial PRIMARY KEY,
    bequest_id int NOT NULL REFERENCES legacy.bequest,
    rcvd_dt    date NOT NULL,
    amt        numeric(12,2) NOT NULL,
    is_final   boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE legacy.receipt IS 'Legacy money received (interim and final distributions from the estate)';

-- ---------------------------------------------------------------------
-- grants
-- ---------------------------------------------------------------------
CREATE TYPE grants.programme AS ENUM ('early_years','young_carers','mental_health','holiday_food','youth_clubs');

CREATE TABLE grants.partner (
    partner_id  serial PRIMARY KEY,
    partner_nm  varchar(100) NOT NULL UNIQUE,
    charity_no  varchar(8),
    org_type    char(3) NOT NULL,
    region      varchar(30) NOT NULL,
    first_funded date
);
COMMENT ON TABLE  grants.partner IS 'Partner organisations running projects for children and young people that we fund';
COMMENT ON COLUMN grants.partner.charity_no IS 'Charity Commission registration number; NULL for CICs, schools and unregistered groups';
COMMENT ON COLUMN grants.partner.org_type IS 'CHY = registered charity, CIC = community interest company, SCH = school, GRP = constituted community group';

CREATE TABLE grants.award (
    award_id     serial PRIMARY KEY,
    partner_id   int NOT NULL REFERENCES grants.partner,
    programme    grants.programme NOT NULL,
    project_nm   varchar(100) NOT NULL,
    committee_dt date NOT NULL,
    amt_awarded  numeric(10,2) NOT NULL,
    term_mths    smallint NOT NULL,
    start_dt     date,
    end_dt       date,
    award_status char(1) NOT NULL,
    final_rpt_dt date
);
COMMENT ON COLUMN grants.award.committee_dt IS 'Grants committee meeting that decides (or decided) the application';
COMMENT ON COLUMN grants.award.amt_awarded IS 'Total grant over the whole term (GBP); for pending applications, the amount requested';
COMMENT ON COLUMN grants.award.award_status IS 'P = pending committee decision, A = active (being paid), C = completed (term ended), W = withdrawn / terminated early';
COMMENT ON COLUMN grants.award.final_rpt_dt IS 'Date the partner''s end-of-grant report arrived; NULL = not received';

CREATE TABLE grants.payment (
    pay_id   serial PRIMARY KEY,
    award_id int NOT NULL REFERENCES grants.award,
    sched_dt date NOT NULL,
    paid_dt  date,
    amt      numeric(10,2) NOT NULL
);
COMMENT ON TABLE  grants.payment IS 'Grant instalments: scheduled and paid';
COMMENT ON COLUMN grants.payment.paid_dt IS 'Date paid to the partner; NULL = scheduled, not yet paid';

-- =====================================================================
--  Data
-- =====================================================================

-- supporters ----------------------------------------------------------
CREATE TEMP TABLE s_plan AS
SELECT i, k.kind,
       row_number() OVER (PARTITION BY k.kind ORDER BY i) AS krn,
       date '2010-01-04' + floor(power((i - 1 + pg_temp.h('rd'||i)) / 42000.0, 0.85) * 5637)::int AS rdt,
       pg_temp.h('g'||i) AS ug
FROM generate_series(1, 42000) i
CROSS JOIN LATERAL (SELECT CASE WHEN u < 0.942 THEN 'individual' WHEN u < 0.972 THEN 'company'
                                WHEN u < 0.980 THEN 'trust' WHEN u < 0.990 THEN 'community_group'
                                ELSE 'school' END::crm.supporter_kind AS kind
                    FROM (SELECT pg_temp.h('kd'||i) AS u) x) k;

CREATE TEMP TABLE towns AS
SELECT row_number() OVER () AS tn, area, town FROM (VALUES
 ('LS','Leeds'),('LS','Leeds'),('LS','Leeds'),('LS','Leeds'),('LS','Leeds'),('LS','Leeds'),
 ('BD','Bradford'),('BD','Bradford'),('HG','Harrogate'),('HG','Harrogate'),('YO','York'),('YO','York'),
 ('S','Sheffield'),('S','Sheffield'),('WF','Wakefield'),('WF','Wakefield'),('HX','Halifax'),('HD','Huddersfield'),
 ('LS','Ilkley'),('LS','Otley'),('BD','Skipton'),('DN','Doncaster'),('HU','Hull'),('M','Manchester'),
 ('NE','Newcastle upon Tyne'),('L','Liverpool'),('B','Birmingham'),('SW','London'),('N','London'),('BS','Bristol'),
 ('NG','Nottingham'),('EH','Edinburgh'),('DL','Darlington'),('CF','Cardiff')) v(area, town);

INSERT INTO crm.supporter (supp_id, supp_ref, supp_kind, title, first_nm, last_nm, org_nm, email, mob_no, addr_line1,
                           town, postcode, dob, recruit_src, recruited_dt, status_cd, deceased_dt, merged_into, profile,
                           created_ts, upd_ts)
SELECT p.i,
       'S' || lpad((1000000 + p.i * 7 + floor(pg_temp.h('rf'||p.i)*7)::int)::text, 7, '0'),
       p.kind,
       CASE WHEN p.kind = 'individual' THEN
            CASE WHEN p.ug < 0.5 THEN (ARRAY['Mr','Mr','Mr','Dr',NULL])[1 + floor(pg_temp.h('tt'||p.i)*5)::int]
                 ELSE (ARRAY['Mrs','Mrs','Ms','Miss','Dr',NULL])[1 + floor(pg_temp.h('tt'||p.i)*6)::int] END END,
       CASE WHEN p.kind = 'individual' THEN nm.fn END,
       CASE WHEN p.kind = 'individual' THEN nm.ln END,
       CASE p.kind
         WHEN 'company' THEN
           (ARRAY['Aire','Pennine','Wharfe','Calder','Northgate','Kirkstall','Briggate','Moorland','Ridings','Dales','Ouse','Nidd',
                  'Swale','Holme','Ryedale','Beck','Fell','Crag','Abbey','Minster','Castlegate','Millbank','Greystone','Ironbridge',
                  'Whitecross','Foundry','Canal','Harbour','Oakwood','Meanwood','Headrow','Wellington','Victoria','Albion',
                  'Parkside','Riverside','Granary'])[1 + (p.krn::int - 1) % 37]
           || ' ' ||
           (ARRAY['Logistics Ltd','Engineering Ltd','Solicitors LLP','Accountants','Building Society','Motors','Brewery',
                  'Homes Ltd','Print & Design','IT Solutions','Dental Practice','Estate Agents','Insurance Brokers',
                  'Construction Ltd','Foods Ltd','Textiles','Pharmacy','Architects','Recruitment','Hotels Ltd','Garden Centre',
                  'Veterinary Group','Financial Planning','Plumbing & Heating','Electrical Ltd','Joinery','Packaging Ltd',
                  'Coffee Co','Software Ltd','Marketing','Bakery','Opticians','Haulage','Wealth Management','Properties',
                  'Furniture','Cleaning Services','Security Ltd','Travel','Signs Ltd','Dairies'])[1 + ((p.krn::int - 1) / 37) % 41]
         WHEN 'trust' THEN
           'The ' || (ARRAY['Ackroyd','Barraclough','Cawthorne','Denison','Earnshaw','Firth','Greenwood','Haigh','Illingworth',
                  'Jowett','Kershaw','Lister','Marsden','Normington','Oldroyd','Pickles','Rhodes','Sutcliffe','Thackray','Uttley',
                  'Varley','Whiteley','Yeadon','Armitage','Broadbent','Crowther','Dyson','Exley','Fearnley','Gledhill','Holroyd',
                  'Ibbotson','Jagger','Kilburn','Lumb','Mitchell','Naylor','Priestley','Rushworth','Shackleton'])[1 + (p.krn::int - 1) % 40]
           || ' ' || (ARRAY['Charitable Trust','Family Foundation','Foundation','Trust','Settlement','Educational Trust',
                  'Memorial Fund','Family Trust','Children''s Trust','Benevolent Fund'])[1 + ((p.krn::int - 1) / 40) % 10]
         WHEN 'community_group' THEN
           (ARRAY['Leeds','Harrogate','York','Bradford','Wakefield','Halifax','Huddersfield','Ilkley','Otley','Skipton','Wetherby',
                  'Knaresborough','Ripon','Pudsey','Horsforth','Keighley','Selby','Tadcaster','Castleford','Pontefract',
                  'Morley','Garforth','Rothwell','Bingley'])[1 + (p.krn::int - 1) % 24]
           || ' ' || (ARRAY['Rotary Club','Round Table','Lions Club','Women''s Institute','Masonic Lodge','Inner Wheel',
                  'Methodist Church','Parish Church','Rugby Club','Cricket Club','Golf Club','Running Club','Scout Group',
                  'Brownies','Choir','Bowls Club','Slimming World','Book Club','Allotment Society','Mothers'' Union',
                  'Young Farmers','Ladies Circle'])[1 + ((p.krn::int - 1) / 24) % 22]
         WHEN 'school' THEN
           (ARRAY['St Mary''s','Holy Trinity','Park View','Westfield','Moorside','Oakfield','Greenhill','Brookfield','Hillside',
                  'Parklands','St John''s','All Saints','Valley','Meadowfield','Beechwood','Highfield','Ashfield','Springfield',
                  'Fieldhead','Whitegate'])[1 + (p.krn::int - 1) % 20]
           || ' ' || (ARRAY['Primary School','Academy','Infant School','Junior School','C of E Primary','High School'])[1 + ((p.krn::int - 1) / 20) % 6]
           || ', ' || (ARRAY['Leeds','Harrogate','York','Bradford','Wakefield','Halifax','Huddersfield','Ilkley','Otley','Skipton',
                  'Wetherby','Knaresborough','Ripon','Pudsey','Horsforth','Keighley'])[1 + ((p.krn::int - 1) / 120) % 16]
       END,
       CASE WHEN p.kind = 'individual' AND pg_temp.h('em'||p.i) < (CASE WHEN p.rdt > date '2016-01-01' THEN 0.86 ELSE 0.62 END)
              THEN lower(nm.fn) || '.' || lower(replace(nm.ln, '''', '')) || (p.i % 997)::text
                   || (ARRAY['@gmail.com','@gmail.com','@outlook.com','@hotmail.co.uk','@yahoo.co.uk','@btinternet.com','@icloud.com','@sky.com'])[1 + floor(pg_temp.h('ed'||p.i)*8)::int]
            WHEN p.kind <> 'individual' AND pg_temp.h('em'||p.i) < 0.8
              THEN (ARRAY['info','office','hello','accounts','fundraising'])[1 + floor(pg_temp.h('eo'||p.i)*5)::int] || p.i::text || '@example.org.uk'
       END,
       CASE WHEN p.kind = 'individual' AND pg_temp.h('mb'||p.i) < (CASE WHEN p.rdt > date '2016-01-01' THEN 0.7 ELSE 0.4 END)
            THEN '07' || lpad((floor(pg_temp.h('mn'||p.i)*1000000000)::bigint)::text, 9, '0') END,
       (1 + floor(pg_temp.h('hn'||p.i)*180)::int)::text || ' ' ||
       (ARRAY['Church Lane','Station Road','Victoria Road','Park Avenue','Main Street','The Green','Mill Lane','High Street',
              'Manor Road','Otley Road','Westfield Drive','Moor Lane','Grange Road','North Street','Chapel Street','Springfield Road',
              'Oak Tree Close','Beech Grove','Kirkgate','Hollin Lane'])[1 + floor(pg_temp.h('st'||p.i)*20)::int],
       t.town,
       CASE WHEN pg_temp.h('pc'||p.i) < 0.975 THEN
            t.area || (1 + floor(pg_temp.h('p1'||p.i)*28)::int)::text || ' ' || floor(pg_temp.h('p2'||p.i)*10)::int::text
            || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + floor(pg_temp.h('p3'||p.i)*20)::int, 1)
            || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + floor(pg_temp.h('p4'||p.i)*20)::int, 1) END,
       CASE WHEN p.kind = 'individual' AND pg_temp.h('db'||p.i) < 0.38
            THEN date '1932-01-01' + floor(pg_temp.h('dd'||p.i)^0.8 * 25500)::int END,
       CASE p.kind
         WHEN 'individual' THEN
           CASE WHEN p.rdt < date '2014-03-01' THEN (ARRAY['DRM','DRM','DRM','ONL','EVT','EVT','SHP','TEL','IMM','IMM'])[1 + floor(pg_temp.h('rs'||p.i)*10)::int]
                ELSE (ARRAY['F2F','F2F','F2F','F2F','DRM','DRM','ONL','ONL','ONL','ONL','EVT','EVT','SHP','TEL','IMM','IMM'])[1 + floor(pg_temp.h('rs'||p.i)*16)::int] END
         WHEN 'company' THEN 'CRP' WHEN 'trust' THEN 'DRM' ELSE 'COM' END,
       p.rdt,
       'A', NULL, NULL,
       jsonb_strip_nulls(jsonb_build_object(
           'interests', CASE WHEN p.kind = 'individual' AND pg_temp.h('in'||p.i) < 0.55 THEN
                (SELECT jsonb_agg(x ORDER BY x) FROM unnest(ARRAY['running','cycling','shops','volunteering','events','campaigning','young_carers','early_years'])
                   WITH ORDINALITY AS a(x, o) WHERE pg_temp.h('ii'||p.i||'-'||o) < 0.25) END,
           'wealth_band', CASE WHEN p.kind = 'individual' AND pg_temp.h('wb'||p.i) < 0.3
                THEN (ARRAY['A','B','B','C','C','C','D','D','D','E','E'])[1 + floor(pg_temp.h('wv'||p.i)*11)::int] END,
           'prospect', CASE WHEN p.kind = 'individual' AND pg_temp.h('pr'||p.i) < 0.007 THEN 'major_donor'
                            WHEN p.kind = 'individual' AND pg_temp.h('pr'||p.i) < 0.03 THEN 'legacy' END,
           'prev_crm_id', CASE WHEN p.rdt < date '2019-01-14' THEN 'RE' || (100000 + p.i * 3)::text END,
           'gift_aid_prompt', CASE WHEN pg_temp.h('gp'||p.i) < 0.1 THEN false END)),
       CASE WHEN p.rdt < date '2019-01-14' THEN timestamp '2019-01-14 03:12:00' + p.i * interval '50 milliseconds'
            ELSE p.rdt + interval '8 hours' + floor(pg_temp.h('ct'||p.i)*36000) * interval '1 second' END,
       NULL
FROM s_plan p
CROSS JOIN LATERAL (SELECT
   CASE WHEN p.ug < 0.5 THEN
     (ARRAY['David','John','Michael','Paul','Andrew','Mark','James','Peter','Richard','Stephen','Robert','Christopher','Ian',
            'Simon','Thomas','Daniel','Matthew','Oliver','Harry','Jack','Mohammed','Imran','Tariq','Piotr','Gareth'])[1 + floor(pg_temp.h('fn'||p.i)*25)::int]
   ELSE
     (ARRAY['Susan','Sarah','Margaret','Helen','Julie','Karen','Elizabeth','Jane','Claire','Emma','Rachel','Joanne','Patricia',
            'Catherine','Nicola','Lucy','Sophie','Hannah','Amelia','Olivia','Ayesha','Fatima','Nadia','Agnieszka','Siobhan'])[1 + floor(pg_temp.h('fn'||p.i)*25)::int]
   END AS fn,
   (ARRAY['Smith','Jones','Taylor','Brown','Wilson','Walker','Wood','Robinson','Thompson','Wright','White','Hall','Green',
          'Clarke','Jackson','Hughes','Harrison','Turner','Shaw','Atkinson','Hirst','Sykes','Haigh','Sutcliffe','Greenwood',
          'Kaur','Hussain','Khan','Ali','Patel','Begum','Mahmood','Nowak','Kowalski','O''Brien','Murphy','Kelly','Evans',
          'Davies','Roberts','Lee','Chapman','Marshall','Fox','Moss','Naylor','Firth','Holmes','Barker','Dawson'])[1 + floor(pg_temp.h('ln'||p.i)*50)::int] AS ln) nm
JOIN towns t ON t.tn = 1 + floor(pg_temp.h('tw'||p.i) * 34)::int
ORDER BY p.i;
SELECT setval('crm.supporter_supp_id_seq', 42000);

-- deaths, gone-aways, erasures, merged duplicates
UPDATE crm.supporter SET status_cd = 'D',
       deceased_dt = LEAST(date '2025-06-12',
                           GREATEST(recruited_dt + 120, date '2013-01-01') + floor(pg_temp.h('dx'||supp_id) * (date '2025-06-12' - GREATEST(recruited_dt + 120, date '2013-01-01')))::int)
WHERE supp_kind = 'individual'
  AND pg_temp.h('de'||supp_id) < CASE WHEN dob < date '1945-01-01' THEN 0.22 WHEN dob IS NULL AND recruited_dt < date '2016-01-01' THEN 0.05 ELSE 0.006 END
  AND recruited_dt < date '2025-01-01';
UPDATE crm.supporter SET status_cd = 'G' WHERE status_cd = 'A' AND pg_temp.h('ga'||supp_id) < 0.025;
UPDATE crm.supporter SET status_cd = 'M', merged_into = 1 + floor(pg_temp.h('mi'||supp_id) * (supp_id - 1))::int,
       upd_ts = GREATEST(created_ts, timestamp '2019-03-01') + floor(pg_temp.h('mt'||supp_id) * 200) * interval '1 day'
WHERE status_cd = 'A' AND supp_kind = 'individual' AND supp_id > 500 AND pg_temp.h('mg'||supp_id) < 0.012;
UPDATE crm.supporter SET status_cd = 'E', title = NULL, first_nm = NULL, last_nm = 'ERASED', email = NULL, mob_no = NULL,
       addr_line1 = NULL, postcode = NULL, dob = NULL, profile = '{}'::jsonb,
       upd_ts = GREATEST(created_ts, timestamp '2019-06-01') + floor(pg_temp.h('et'||supp_id) * 300) * interval '1 day'
WHERE status_cd = 'A' AND supp_kind = 'individual' AND pg_temp.h('er'||supp_id) < 0.003;
UPDATE crm.supporter SET upd_ts = LEAST(timestamp '2025-06-12 17:00', created_ts + floor(pg_temp.h('ut'||supp_id) * 2000) * interval '1 day')
WHERE upd_ts IS NULL AND pg_temp.h('uu'||supp_id) < 0.6;
UPDATE crm.supporter SET upd_ts = NULL WHERE upd_ts > timestamp '2025-06-12 17:00';
UPDATE crm.supporter SET upd_ts = deceased_dt + interval '10 hours' WHERE status_cd = 'D' AND deceased_dt IS NOT NULL;

-- communication preference history ------------------------------------
INSERT INTO crm.consent_event (supp_id, channel, pref, capt_src, eff_ts, recorded_by)
SELECT supp_id, channel, pref, capt_src, eff_ts, recorded_by FROM (
  SELECT s.supp_id, c.channel, k,
         CASE WHEN k = 0 THEN CASE WHEN pg_temp.h('cp'||s.supp_id||c.channel) < c.p_in THEN 'I' ELSE 'O' END
              ELSE CASE WHEN pg_temp.h('cq'||s.supp_id||c.channel||k) < 0.3 THEN 'I' ELSE 'O' END END AS pref,
         CASE WHEN k = 0 THEN CASE s.recruit_src WHEN 'F2F' THEN 'F2F' WHEN 'ONL' THEN 'WEB' WHEN 'EVT' THEN 'WEB'
                                                 WHEN 'TEL' THEN 'PHN' ELSE 'PAP' END
              ELSE (ARRAY['SUP','SUP','SUP','SUP','WEB','WEB','WEB','PHN','PHN','PAP'])[1 + floor(pg_temp.h('cs'||s.supp_id||c.channel||k)*10)::int] END AS capt_src,
         CASE WHEN k = 0 THEN s.recruited_dt + interval '9 hours' + floor(pg_temp.h('c0'||s.supp_id)*30000) * interval '1 second'
              ELSE s.recruited_dt + interval '1 day'
                   + ((date '2025-06-12' - s.recruited_dt - 1) * (CASE WHEN k = 1 THEN pg_temp.h('c1'||s.supp_id||c.channel) * 0.7
                                                                      ELSE 0.7 + pg_temp.h('c2'||s.supp_id||c.channel) * 0.3 END)) * interval '1 day'
                   + floor(pg_temp.h('c3'||s.supp_id||c.channel||k)*30000) * interval '1 second' END AS eff_ts,
         CASE WHEN k = 0 THEN CASE s.recruit_src WHEN 'F2F' THEN 'f2f_agency' WHEN 'ONL' THEN 'webform' WHEN 'EVT' THEN 'webform'
                                                 ELSE 'data_entry' END
              ELSE (ARRAY['jmarsh','kpatel','supporter_care','webform','lbrook','supporter_care'])[1 + floor(pg_temp.h('cr'||s.supp_id||c.channel||k)*6)::int] END AS recorded_by,
         c.p_evt, c.needs
  FROM crm.supporter s
  CROSS JOIN (VALUES ('E', 0.75, 0.75, 'email'), ('P', 0.60, 0.85, ''), ('T', 0.50, 0.45, ''), ('S', 0.60, 0.55, 'mob')) c(channel, p_evt, p_in, needs)
  CROSS JOIN generate_series(0, 2) k
  WHERE s.supp_kind = 'individual' AND s.status_cd <> 'E'
    AND (c.needs <> 'email' OR s.email IS NOT NULL)
    AND (c.needs <> 'mob' OR s.mob_no IS NOT NULL)
    AND s.recruited_dt < date '2025-06-10'
    AND CASE WHEN k = 0 THEN pg_temp.h('ce'||s.supp_id||c.channel) < c.p_evt
             ELSE pg_temp.h('ck'||s.supp_id||c.channel||k) < 0.15 END
) x
ORDER BY eff_ts, supp_id;
-- Telephone Preference Service screening, Feb 2023
INSERT INTO crm.consent_event (supp_id, channel, pref, capt_src, eff_ts, recorded_by)
SELECT supp_id, 'T', 'O', 'TPS', timestamp '2023-02-20 06:30:00', 'tps_screen'
FROM crm.supporter
WHERE supp_kind = 'individual' AND status_cd IN ('A','G') AND recruited_dt < date '2023-02-01'
  AND pg_temp.h('tps'||supp_id) < 0.06
ORDER BY supp_id;

-- campaigns & source codes ----------------------------------------------
INSERT INTO fundraising.campaign (camp_cd, camp_nm, camp_type, start_dt, end_dt, budget, inc_target, owner_team)
SELECT t.cd || to_char(make_date(y, 1, 1), 'YY'),
       replace(t.nm, '#', y::text), t.ty,
       make_date(y, t.sm, t.sd) + CASE WHEN t.cd = 'SUM' AND y = 2025 THEN 1 ELSE 0 END,
       (make_date(y, t.sm, t.sd) + t.len)::date,
       round((t.bud * (1 + 0.06 * (y - 2019)) * (0.9 + pg_temp.h('cb'||t.cd||y) * 0.2))::numeric, -2),
       round((t.tgt * (1 + 0.07 * (y - 2019)) * (0.9 + pg_temp.h('ct'||t.cd||y) * 0.2))::numeric, -3),
       t.team
FROM generate_series(2019, 2025) y
CROSS JOIN (VALUES
  ('SPR',  'Spring Appeal #',                 'AP', 3, 1, interval '3 months - 1 day',  45000, 160000, 'Individual Giving'),
  ('SUM',  'Summer Holidays Appeal #',        'AP', 6, 1, interval '3 months - 1 day',  38000, 120000, 'Individual Giving'),
  ('XMAS', 'Christmas Appeal #',              'AP', 11, 1, interval '3 months - 1 day', 70000, 320000, 'Individual Giving'),
  ('RG',   'Regular Giving Recruitment #',    'RG', 1, 1, interval '1 year - 1 day',   240000, 300000, 'Individual Giving'),
  ('EVT',  'Events Programme #',              'EV', 1, 1, interval '1 year - 1 day',    30000, 250000, 'Events'),
  ('LEG',  'Free Wills Month #',              'LG', 3, 1, interval '1 month - 1 day',   14000,  50000, 'Legacies'),
  ('CORP', 'Corporate Partnerships #',        'CO', 1, 1, interval '1 year - 1 day',    6000,  150000, 'Partnerships')
) t(cd, nm, ty, sm, sd, len, bud, tgt, team)
WHERE NOT (y = 2025 AND t.cd = 'XMAS');
INSERT INTO fundraising.campaign VALUES
 ('COVID20','Coronavirus Emergency Appeal','EM','2020-03-23','2020-07-31', 22000, 150000,'Individual Giving'),
 ('COL22',  'Cost of Living Crisis Appeal','EM','2022-10-03','2023-01-31', 30000, 200000,'Individual Giving'),
 ('AUT25',  'Autumn Appeal 2025',          'AP','2025-09-08','2025-10-31', 40000, 140000,'Individual Giving'),
 ('XMAS25', 'Christmas Appeal 2025',       'AP','2025-11-03','2026-01-31', 95000, 430000,'Individual Giving'),
 ('GEN',    'General / unsolicited income','GN','2010-01-01', NULL,            0,      0,'Supporter Care');

INSERT INTO fundraising.source_code (src_code, camp_cd, chan_cd, segment, qty_out, cost_amt, launch_dt)
SELECT c.camp_cd || '-' || s.sfx, c.camp_cd, s.chan, s.seg,
       CASE WHEN s.qty IS NOT NULL THEN (s.qty * (0.8 + pg_temp.h('sq'||c.camp_cd||s.sfx) * 0.4))::int END,
       CASE WHEN c.start_dt > date '2025-06-12' THEN 0
            ELSE round((CASE WHEN s.qty IS NOT NULL THEN s.qty * (0.8 + pg_temp.h('sq'||c.camp_cd||s.sfx) * 0.4) * s.unit
                             ELSE s.unit END * (0.85 + pg_temp.h('sc'||c.camp_cd||s.sfx) * 0.3))::numeric, 2) END,
       c.start_dt + s.lag
FROM fundraising.campaign c
JOIN (VALUES
  ('AP','DMW-A','DM','Warm donors – pack A',      18000, 0.78, 0),
  ('AP','DMW-B','DM','Warm donors – pack B (test)',18000, 0.82, 0),
  ('AP','DML',  'DM','Lapsed donors',             22000, 0.62, 0),
  ('AP','DMC',  'DM','Cold – rented lists',       60000, 0.48, 3),
  ('AP','EM',   'EM','Email – opted-in supporters',26000, 0.012, 7),
  ('AP','DI',   'DI','Facebook / Instagram ads',  NULL, 14000, 7),
  ('AP','IN',   'IN','Press inserts',            250000, 0.055, 10),
  ('AP','WB',   'WB','Website',                   NULL,    0, 0),
  ('EM','DMW',  'DM','Warm donors',               30000, 0.74, 0),
  ('EM','EM',   'EM','Email – opted-in supporters',28000, 0.012, 0),
  ('EM','DI',   'DI','Social media ads',          NULL, 18000, 2),
  ('EM','WB',   'WB','Website',                   NULL,    0, 0),
  ('RG','F2F',  'F2','Street and door-to-door agency', NULL, 185000, 0),
  ('RG','TV',   'TV','DRTV 60-second ad',         NULL, 55000, 30),
  ('RG','DI',   'DI','Paid social – regular giving', NULL, 22000, 0),
  ('RG','TM',   'TM','Cash-to-DD conversion calls', 6000, 3.2, 60),
  ('RG','WB',   'WB','Website',                   NULL,    0, 0),
  ('EV','WB',   'WB','Events pages',              NULL,    0, 0),
  ('EV','DI',   'DI','Event recruitment ads',     NULL,  6000, 0),
  ('LG','DM',   'DM','Over-60s warm donors',      14000, 0.85, 0),
  ('LG','WB',   'WB','Free wills landing page',   NULL,  1500, 0),
  ('CO','CP',   'CP','Business development',      NULL,  2500, 0),
  ('GN','WEB',  'WB','Website – general donate page', NULL, 0, 0),
  ('GN','CHQ',  'DM','Unsolicited cheques',       NULL,    0, 0),
  ('GN','PHN',  'TM','Supporter care phone line', NULL,    0, 0)
) s(ty, sfx, chan, seg, qty, unit, lag) ON s.ty = c.camp_type
WHERE NOT (c.camp_type = 'RG' AND s.sfx = 'TV' AND c.start_dt < date '2021-01-01')
ORDER BY c.start_dt, c.camp_cd, s.sfx;

-- regular giving: mandates ----------------------------------------------
CREATE TEMP TABLE m_plan AS
SELECT s.supp_id, s.recruit_src, s.status_cd, s.deceased_dt,
       st.start_dt,
       CASE WHEN s.recruit_src = 'F2F' AND pg_temp.h('fa'||s.supp_id) < 0.12 THEN floor(pg_temp.h('fm'||s.supp_id) * 3)::int
            ELSE floor(-ln(1 - pg_temp.h('du'||s.supp_id) * 0.999) * 46)::int END AS months,
       pg_temp.h('mu'||s.supp_id) AS u
FROM crm.supporter s
CROSS JOIN LATERAL (SELECT CASE WHEN s.recruit_src = 'F2F' THEN s.recruited_dt
                                ELSE s.recruited_dt + floor(pg_temp.h('ms'||s.supp_id)^2 * 700)::int END AS start_dt) st
WHERE s.supp_kind = 'individual' AND s.status_cd NOT IN ('E','M')
  AND pg_temp.h('dm'||s.supp_id) < CASE s.recruit_src WHEN 'F2F' THEN 0.62 WHEN 'TEL' THEN 0.28 WHEN 'ONL' THEN 0.12
                                                       WHEN 'DRM' THEN 0.08 WHEN 'SHP' THEN 0.06 ELSE 0.04 END
  AND st.start_dt <= date '2025-06-12'
  AND (s.deceased_dt IS NULL OR st.start_dt < s.deceased_dt - 30);

INSERT INTO giving.dd_mandate (supp_id, ddi_ref, amt, freq, coll_day, start_dt, cancel_dt, cancel_rsn, mnd_status, src_code, acct_last4)
SELECT p.supp_id,
       'BCT' || lpad((row_number() OVER (ORDER BY p.start_dt, p.supp_id) + 20000)::text, 8, '0'),
       a.base * CASE f.freq WHEN 'Q' THEN 3 WHEN 'A' THEN 10 ELSE 1 END,
       f.freq,
       CASE WHEN pg_temp.h('cd'||p.supp_id) < 0.6 THEN 1 ELSE 15 END,
       p.start_dt,
       c.cancel_dt,
       CASE WHEN c.cancel_dt IS NULL THEN NULL
            WHEN c.dead THEN 'Deceased'
            WHEN c.by_bank THEN (ARRAY['Account closed (ADDACS)','Instruction cancelled by payer (ADDACS)','Account transferred (ADDACS)'])[1 + floor(pg_temp.h('cb'||p.supp_id)*3)::int]
            ELSE (ARRAY['Financial circumstances','Financial circumstances','No reason given','No reason given','No reason given',
                        'Supporting another charity','Unhappy with contact','Moved abroad','Set up in error'])[1 + floor(pg_temp.h('cr'||p.supp_id)*9)::int] END,
       CASE WHEN c.cancel_dt IS NULL THEN 'L' WHEN c.dead OR c.by_bank THEN 'B' ELSE 'C' END,
       CASE WHEN p.start_dt >= date '2019-01-01' THEN
            'RG' || to_char(p.start_dt, 'YY') || '-' ||
            CASE p.recruit_src WHEN 'F2F' THEN 'F2F' WHEN 'TEL' THEN 'TM'
                 ELSE CASE WHEN p.start_dt >= date '2021-02-01' AND pg_temp.h('tv'||p.supp_id) < 0.3 THEN 'TV'
                           WHEN pg_temp.h('tv'||p.supp_id) < 0.65 THEN 'DI' ELSE 'WB' END END END,
       lpad(floor(pg_temp.h('a4'||p.supp_id) * 10000)::int::text, 4, '0')
FROM m_plan p
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.h('fq'||p.supp_id) < 0.90 THEN 'M' WHEN pg_temp.h('fq'||p.supp_id) < 0.93 THEN 'Q' ELSE 'A' END AS freq) f
CROSS JOIN LATERAL (SELECT (ARRAY[2,3,5,5,5,5,8,8,10,10,10,10,10,12,15,15,20,20,25,30,50])[1 + floor(pg_temp.h('am'||p.supp_id)*21)::int]::numeric AS base) a
CROSS JOIN LATERAL (
  SELECT CASE WHEN p.deceased_dt IS NOT NULL AND p.deceased_dt < raw.d THEN p.deceased_dt + 10 + floor(p.u * 30)::int
              WHEN raw.d <= date '2025-06-12' THEN raw.d END AS cancel_dt,
         p.deceased_dt IS NOT NULL AND p.deceased_dt < raw.d AS dead,
         pg_temp.h('bk'||p.supp_id) < 0.33 AS by_bank
  FROM (SELECT p.start_dt + p.months * 30 + 5 + floor(p.u * 20)::int AS d) raw) c
ORDER BY p.start_dt, p.supp_id;
UPDATE giving.dd_mandate SET cancel_dt = date '2025-06-12' WHERE cancel_dt > date '2025-06-12';

-- collection runs: 1st and 15th of each month (next working day) ---------
INSERT INTO giving.collection_run (coll_dt, due_day, sub_dt, run_status, file_ref)
SELECT w.cd, x.dd,
       w.cd - CASE extract(isodow FROM w.cd)::int WHEN 1 THEN 4 WHEN 2 THEN 4 ELSE 2 END,
       CASE WHEN w.cd <= date '2025-06-05' THEN 'C'
            WHEN w.cd - CASE extract(isodow FROM w.cd)::int WHEN 1 THEN 4 WHEN 2 THEN 4 ELSE 2 END <= date '2025-06-12' THEN 'S'
            ELSE 'P' END,
       'BACS' || to_char(w.cd, 'YYYYMMDD')
FROM generate_series(date '2019-01-01', date '2025-08-01', interval '1 month') m
CROSS JOIN unnest(ARRAY[1, 15]) x(dd)
CROSS JOIN LATERAL (SELECT (m + (x.dd - 1) * interval '1 day')::date + CASE WHEN x.dd = 1 AND extract(month FROM m) = 1 THEN 1 ELSE 0 END AS nd) n
CROSS JOIN LATERAL (SELECT n.nd + CASE extract(isodow FROM n.nd)::int WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END AS cd) w
ORDER BY w.cd;

-- collections --------------------------------------------------------------
INSERT INTO giving.dd_collection (run_id, mandate_id, amt, outcome, return_cd, recon_ts)
SELECT r.run_id, m.mandate_id, m.amt,
       CASE WHEN r.run_status = 'S' THEN NULL
            WHEN m.cancel_dt IS NOT NULL AND m.mnd_status = 'B' AND r.coll_dt >= m.cancel_dt - 20 THEN 'U'
            WHEN pg_temp.h('co'||r.run_id||'-'||m.mandate_id) < 0.028 THEN 'U' ELSE 'P' END,
       CASE WHEN r.run_status = 'S' THEN NULL
            WHEN m.cancel_dt IS NOT NULL AND m.mnd_status = 'B' AND r.coll_dt >= m.cancel_dt - 20 THEN
                 CASE WHEN m.cancel_rsn = 'Deceased' THEN '2' WHEN m.cancel_rsn LIKE 'Account closed%' THEN 'B' ELSE '1' END
            WHEN pg_temp.h('co'||r.run_id||'-'||m.mandate_id) < 0.028 THEN
                 (ARRAY['0','0','0','0','0','0','1','1','5','B'])[1 + floor(pg_temp.h('rc'||r.run_id||'-'||m.mandate_id)*10)::int] END,
       CASE WHEN r.run_status = 'C' THEN r.coll_dt + interval '1 day 2 hours 15 minutes' END
FROM giving.dd_mandate m
CROSS JOIN LATERAL (SELECT date_trunc('month', m.start_dt + 10 - m.coll_day) + interval '1 month' AS anchor) a
JOIN giving.collection_run r
  ON r.due_day = m.coll_day
 AND r.coll_dt >= m.start_dt + 10
 AND (m.cancel_dt IS NULL OR r.coll_dt < m.cancel_dt)
 AND r.run_status IN ('C','S')
 AND ((extract(year FROM r.coll_dt) * 12 + extract(month FROM r.coll_dt))
      - (extract(year FROM a.anchor) * 12 + extract(month FROM a.anchor)))::int
     % CASE m.freq WHEN 'Q' THEN 3 WHEN 'A' THEN 12 ELSE 1 END = 0
ORDER BY r.coll_dt, m.mandate_id;

-- mandates with no completed collection yet are still pending
UPDATE giving.dd_mandate m SET mnd_status = 'P'
WHERE m.mnd_status = 'L'
  AND NOT EXISTS (SELECT 1 FROM giving.dd_collection c JOIN giving.collection_run r ON r.run_id = c.run_id
                  WHERE c.mandate_id = m.mandate_id AND r.run_status = 'C');

UPDATE giving.collection_run r SET item_cnt = x.n, total_amt = x.t
FROM (SELECT run_id, count(*) AS n, sum(amt) AS t FROM giving.dd_collection GROUP BY run_id) x
WHERE x.run_id = r.run_id;
UPDATE giving.collection_run SET item_cnt = 0 WHERE item_cnt IS NULL AND run_status <> 'P';

-- donations -----------------------------------------------------------------
CREATE TEMP TABLE camp_codes AS
SELECT c.camp_cd, c.start_dt, COALESCE(c.end_dt, date '2099-12-31') AS end_dt,
       CASE c.camp_type WHEN 'EM' THEN 1 ELSE 2 END AS prio,
       array_agg(sc.src_code ORDER BY sc.src_code, w) AS codes
FROM fundraising.campaign c
JOIN fundraising.source_code sc ON sc.camp_cd = c.camp_cd
CROSS JOIN LATERAL generate_series(1, CASE split_part(sc.src_code, '-', 2)
      WHEN 'DMW' THEN 5 WHEN 'DML' THEN 2 WHEN 'DMC' THEN 2 WHEN 'EM' THEN 3 WHEN 'DI' THEN 2 WHEN 'IN' THEN 1 WHEN 'WB' THEN 3 ELSE 1 END) w
WHERE c.camp_type IN ('AP','EM')
GROUP BY c.camp_cd, c.start_dt, c.end_dt, c.camp_type;

CREATE TEMP TABLE don_stage (
    supp_id int, rcvd_dt date, amt numeric(10,2), pay_mthd char(2), inc_type char(3), src_code varchar(14),
    mandate_id int, coll_id bigint, thank_dt date, refund_dt date, batch_no varchar(16));

-- one-off gifts
INSERT INTO don_stage
SELECT x.supp_id, x.d, x.amt, x.pm, x.it,
       CASE WHEN x.supp_kind = 'individual' THEN
                 CASE WHEN cc.codes IS NOT NULL AND pg_temp.h('at'||x.k) < 0.78
                        THEN cc.codes[1 + floor(pg_temp.h('ac'||x.k) * array_length(cc.codes, 1))::int]
                      WHEN x.pm IN ('CC','OP') THEN 'GEN-WEB'
                      WHEN x.pm = 'CQ' THEN 'GEN-CHQ'
                      WHEN pg_temp.h('ap'||x.k) < 0.3 THEN 'GEN-PHN' END
            WHEN x.supp_kind = 'company' AND pg_temp.h('at'||x.k) < 0.6 THEN 'CORP' || to_char(x.d, 'YY') || '-CP'
       END,
       NULL, NULL,
       CASE WHEN pg_temp.h('th'||x.k) < 0.985 AND x.d + 2 + floor(pg_temp.h('tn'||x.k) * 8)::int <= date '2025-06-12'
            THEN x.d + 2 + floor(pg_temp.h('tn'||x.k) * 8)::int END,
       CASE WHEN pg_temp.h('rf'||x.k) < 0.004 AND x.d + 3 + floor(pg_temp.h('rn'||x.k) * 35)::int <= date '2025-06-12'
            THEN x.d + 3 + floor(pg_temp.h('rn'||x.k) * 35)::int END,
       'B' || to_char(x.d, 'YYMMDD') || '-' || x.pm
FROM (
  SELECT w.supp_id, w.supp_kind, w.supp_id || '-' || g AS k,
         dt.d,
         CASE w.supp_kind
           WHEN 'individual' THEN
             CASE WHEN it.it = 'IMM' THEN (ARRAY[20,25,50,50,100,150,250,320.50,480,750])[1 + floor(pg_temp.h('am'||w.supp_id||'-'||g)*10)::int]
                  WHEN w.prospect = 'major_donor' AND pg_temp.h('mj'||w.supp_id||'-'||g) < 0.5
                    THEN (ARRAY[500,1000,1000,2000,2500,5000,10000])[1 + floor(pg_temp.h('am'||w.supp_id||'-'||g)*7)::int]
                  WHEN pg_temp.h('bg'||w.supp_id||'-'||g) < 0.002 THEN 1000
                  ELSE (ARRAY[5,10,10,10,15,20,20,20,25,25,25,30,40,50,50,50,75,100,100,150,250])[1 + floor(pg_temp.h('am'||w.supp_id||'-'||g)*21)::int] END
           WHEN 'company' THEN (ARRAY[100,250,250,500,500,1000,1000,1500,2500,5000,10000])[1 + floor(pg_temp.h('am'||w.supp_id||'-'||g)*11)::int]
           WHEN 'trust' THEN (ARRAY[1000,2000,2500,5000,5000,10000,15000,25000])[1 + floor(pg_temp.h('am'||w.supp_id||'-'||g)*8)::int]
           WHEN 'community_group' THEN round((50 + pg_temp.h('am'||w.supp_id||'-'||g)^2 * 2500)::numeric, 2)
           ELSE round((30 + pg_temp.h('am'||w.supp_id||'-'||g)^1.8 * 900)::numeric, 2)
         END AS amt,
         CASE WHEN w.supp_kind = 'individual' THEN
              CASE WHEN u.pm < 0.36 THEN 'CC' WHEN u.pm < 0.60 THEN 'OP' WHEN u.pm < 0.75 THEN 'CQ' WHEN u.pm < 0.83 THEN 'BT'
                   WHEN u.pm < 0.89 THEN 'CA' WHEN u.pm < 0.94 THEN 'SO' ELSE 'PG' END
              ELSE CASE WHEN u.pm < 0.65 THEN 'BT' WHEN u.pm < 0.95 THEN 'CQ' ELSE 'CC' END END AS pm,
         it.it
  FROM (SELECT s.supp_id, s.supp_kind, s.recruit_src, s.recruited_dt, s.profile->>'prospect' AS prospect,
               GREATEST(s.recruited_dt, date '2019-01-01') AS w0,
               LEAST(COALESCE(s.deceased_dt - 1, date '2025-06-12'), date '2025-06-12') AS w1
        FROM crm.supporter s) w
  CROSS JOIN LATERAL generate_series(1,
        floor(pg_temp.h('n'||w.supp_id) ^ CASE w.supp_kind WHEN 'individual' THEN 2.3 WHEN 'company' THEN 1.3 WHEN 'trust' THEN 1.5 ELSE 1.2 END
              * CASE w.supp_kind WHEN 'individual' THEN 12 WHEN 'company' THEN 7 WHEN 'trust' THEN 4 WHEN 'community_group' THEN 5 ELSE 4 END
              * (0.3 + 0.7 * GREATEST(w.w1 - w.w0, 0) / 2354.0))::int
        + CASE WHEN w.prospect = 'major_donor' THEN 2 ELSE 0 END) g
  CROSS JOIN LATERAL (SELECT pg_temp.h('pm'||w.supp_id||'-'||g) AS pm) u
  CROSS JOIN LATERAL (SELECT CASE WHEN w.supp_kind <> 'individual' THEN CASE w.supp_kind WHEN 'company' THEN 'CRP' WHEN 'trust' THEN 'TRU' ELSE 'COM' END
                                  WHEN (g = 1 AND w.recruit_src = 'IMM') OR pg_temp.h('im'||w.supp_id||'-'||g) < 0.04 THEN 'IMM'
                                  ELSE 'GEN' END AS it) it
  CROSS JOIN LATERAL (SELECT w.w0 + floor(pg_temp.h('dd'||w.supp_id||'-'||g) * (w.w1 - w.w0 + 1))::int AS d0 OFFSET 0) d0
  CROSS JOIN LATERAL (SELECT make_date(extract(year FROM d0.d0)::int, 12, 1) + floor(pg_temp.h('dz'||w.supp_id||'-'||g) * 31)::int AS dx OFFSET 0) dx
  CROSS JOIN LATERAL (SELECT CASE WHEN g = 1 AND w.recruit_src = 'IMM' AND w.recruited_dt >= date '2019-01-01' THEN w.recruited_dt
                                  WHEN pg_temp.h('sn'||w.supp_id||'-'||g) < 0.2 AND dx.dx BETWEEN w.w0 AND w.w1 THEN dx.dx
                                  ELSE d0.d0 END AS d OFFSET 0) dt
  WHERE w.w1 >= w.w0
  OFFSET 0
) x
LEFT JOIN LATERAL (SELECT c.codes FROM camp_codes c WHERE x.d BETWEEN c.start_dt AND c.end_dt ORDER BY c.prio, c.start_dt DESC LIMIT 1) cc ON true;

-- regular gifts: one per paid collection
INSERT INTO don_stage
SELECT m.supp_id, r.coll_dt, c.amt, 'DD', 'RGD', m.src_code, m.mandate_id, c.coll_id, NULL,
       CASE WHEN pg_temp.h('ix'||c.coll_id) < 0.001 AND r.coll_dt + 20 + floor(pg_temp.h('iy'||c.coll_id) * 150)::int <= date '2025-06-12'
            THEN r.coll_dt + 20 + floor(pg_temp.h('iy'||c.coll_id) * 150)::int END,
       'DD' || to_char(r.coll_dt, 'YYMMDD')
FROM giving.dd_collection c
JOIN giving.collection_run r ON r.run_id = c.run_id
JOIN giving.dd_mandate m ON m.mandate_id = c.mandate_id
WHERE c.outcome = 'P';

INSERT INTO giving.donation (supp_id, rcvd_dt, amt, pay_mthd, inc_type, src_code, mandate_id, coll_id, thank_dt, refund_dt, batch_no)
SELECT supp_id, rcvd_dt, amt, pay_mthd, inc_type, src_code, mandate_id, coll_id, thank_dt, refund_dt, batch_no
FROM don_stage
ORDER BY rcvd_dt, CASE WHEN inc_type = 'RGD' THEN 0 ELSE 1 END, supp_id, amt;

-- Gift Aid declarations ------------------------------------------------------
INSERT INTO giftaid.declaration (supp_id, decl_dt, method, eff_from, cancelled_dt)
SELECT x.supp_id, x.dd, x.method,
       CASE WHEN pg_temp.h('ef'||x.supp_id||x.n) < 0.88 THEN (x.dd - interval '4 years')::date ELSE x.dd END,
       CASE WHEN pg_temp.h('gc'||x.supp_id||x.n) < 0.07 AND x.dd < date '2025-06-01'
            THEN x.dd + 1 + floor(pg_temp.h('gx'||x.supp_id||x.n) * (date '2025-06-12' - x.dd - 1))::int END
FROM (
  SELECT s.supp_id, 1 AS n,
         LEAST(date '2025-06-12', s.recruited_dt + floor(pg_temp.h('gt'||s.supp_id)^4 * 300)::int) AS dd,
         CASE s.recruit_src WHEN 'ONL' THEN 'O' WHEN 'EVT' THEN 'O' WHEN 'TEL' THEN 'V'
                            WHEN 'F2F' THEN CASE WHEN s.recruited_dt >= date '2020-06-01' THEN 'O' ELSE 'W' END ELSE 'W' END AS method
  FROM crm.supporter s
  WHERE s.supp_kind = 'individual' AND s.status_cd <> 'E'
    AND pg_temp.h('gd'||s.supp_id) < CASE s.recruit_src WHEN 'F2F' THEN 0.8 WHEN 'ONL' THEN 0.6 WHEN 'EVT' THEN 0.45 WHEN 'SHP' THEN 0.92
                                                        WHEN 'TEL' THEN 0.6 WHEN 'DRM' THEN 0.5 ELSE 0.25 END
  UNION ALL
  SELECT s.supp_id, 2,
         s.recruited_dt + 30 + floor(pg_temp.h('g2'||s.supp_id) * (date '2025-06-12' - s.recruited_dt - 30))::int,
         (ARRAY['V','V','O','W'])[1 + floor(pg_temp.h('gm'||s.supp_id)*4)::int]
  FROM crm.supporter s
  WHERE s.supp_kind = 'individual' AND s.status_cd IN ('A','G','D')
    AND s.recruited_dt < date '2025-05-01'
    AND pg_temp.h('gd'||s.supp_id) >= CASE s.recruit_src WHEN 'F2F' THEN 0.8 WHEN 'ONL' THEN 0.6 WHEN 'EVT' THEN 0.45 WHEN 'SHP' THEN 0.92
                                                         WHEN 'TEL' THEN 0.6 WHEN 'DRM' THEN 0.5 ELSE 0.25 END
    AND pg_temp.h('gl'||s.supp_id) < 0.16
) x
WHERE x.dd <= COALESCE((SELECT deceased_dt FROM crm.supporter z WHERE z.supp_id = x.supp_id), date '2025-06-12')
ORDER BY x.dd, x.supp_id;

UPDATE giving.donation d SET ga_elig = true
FROM crm.supporter s
WHERE s.supp_id = d.supp_id AND s.supp_kind = 'individual'
  AND d.inc_type IN ('GEN','IMM','RGD') AND d.pay_mthd <> 'PG'
  AND EXISTS (SELECT 1 FROM giftaid.declaration g
              WHERE g.supp_id = d.supp_id AND g.eff_from <= d.rcvd_dt
                AND (g.cancelled_dt IS NULL OR d.rcvd_dt < g.cancelled_dt));

-- monthly claims
INSERT INTO giftaid.claim ("HMRCClaimRef", period_from, period_to, created_dt, submitted_dt, claim_status, paid_dt)
SELECT CASE WHEN m < date '2025-05-01' THEN upper(substr(md5('hmrc' || m::text), 1, 12)) END,
       m, (m + interval '1 month - 1 day')::date,
       (m + interval '1 month')::date + 7,
       CASE WHEN m < date '2025-05-01' THEN (m + interval '1 month')::date + 12 + floor(pg_temp.h('su'||m)*8)::int END,
       CASE WHEN m < date '2025-04-01' THEN 'P' WHEN m < date '2025-05-01' THEN 'S' ELSE 'D' END,
       CASE WHEN m < date '2025-04-01' THEN (m + interval '1 month')::date + 12 + floor(pg_temp.h('su'||m)*8)::int + 14 + floor(pg_temp.h('pd'||m)*16)::int END
FROM generate_series(date '2019-01-01', date '2025-05-01', interval '1 month') g(m0)
CROSS JOIN LATERAL (SELECT m0::date AS m) mm
ORDER BY m;

CREATE TEMP TABLE ga_month AS
SELECT d.don_id, d.rcvd_dt, date_trunc('month', GREATEST(d.rcvd_dt, min(g.decl_dt)))::date AS cm
FROM giving.donation d
JOIN giftaid.declaration g ON g.supp_id = d.supp_id AND g.eff_from <= d.rcvd_dt
                          AND (g.cancelled_dt IS NULL OR d.rcvd_dt < g.cancelled_dt)
WHERE d.ga_elig AND d.refund_dt IS NULL
GROUP BY d.don_id, d.rcvd_dt;

UPDATE giving.donation d SET ga_claim_id = c.claim_id
FROM ga_month gm JOIN giftaid.claim c ON c.period_from = gm.cm
WHERE gm.don_id = d.don_id AND gm.rcvd_dt = d.rcvd_dt
  AND pg_temp.h('ms'||d.don_id) >= 0.004;

UPDATE giftaid.claim c SET don_cnt = x.n, don_total = x.t, claim_amt = round(x.t * 0.25, 2)
FROM (SELECT ga_claim_id, count(*) AS n, sum(amt) AS t FROM giving.donation WHERE ga_claim_id IS NOT NULL GROUP BY ga_claim_id) x
WHERE x.ga_claim_id = c.claim_id;
UPDATE giftaid.claim SET paid_amt = CASE WHEN pg_temp.h('adj'||claim_id) < 0.08
                                         THEN claim_amt - round(claim_amt * (0.002 + pg_temp.h('ad2'||claim_id) * 0.01)::numeric, 2)
                                         ELSE claim_amt END
WHERE claim_status = 'P';

-- events ----------------------------------------------------------------------
INSERT INTO events.event (evt_cd, evt_nm, evt_type, evt_dt, location, reg_fee, min_spons, places, is_3p, evt_status, camp_cd)
SELECT v.cd, v.nm || ' ' || extract(year FROM v.dt::date), v.ty, v.dt::date, v.loc, v.fee, v.ms, v.pl, v.tp,
       CASE WHEN v.cx THEN 'X' WHEN v.dt::date > date '2025-06-12' THEN 'S' ELSE 'H' END,
       CASE WHEN extract(year FROM v.dt::date) <= 2025 THEN 'EVT' || to_char(v.dt::date, 'YY') END
FROM (VALUES
 ('LDNM19','London Marathon','RUN','2019-04-28','London',50,2000,40,true,false),
 ('LDNM20','London Marathon','RUN','2020-10-04','London',50,2000,40,true,true),
 ('LDNM21','London Marathon','RUN','2021-10-03','London',50,2000,40,true,false),
 ('LDNM22','London Marathon','RUN','2022-10-02','London',50,2000,40,true,false),
 ('LDNM23','London Marathon','RUN','2023-04-23','London',50,2000,40,true,false),
 ('LDNM24','London Marathon','RUN','2024-04-21','London',50,2000,40,true,false),
 ('LDNM25','London Marathon','RUN','2025-04-27','London',60,2000,40,true,false),
 ('LDNM26','London Marathon','RUN','2026-04-26','London',60,2200,40,true,false),
 ('GNR19','Great North Run','RUN','2019-09-08','Newcastle – South Shields',30,400,60,true,false),
 ('GNR20','Great North Run','RUN','2020-09-13','Newcastle – South Shields',30,400,60,true,true),
 ('GNR21','Great North Run','RUN','2021-09-12','Newcastle – South Shields',30,400,60,true,false),
 ('GNR22','Great North Run','RUN','2022-09-11','Newcastle – South Shields',30,400,60,true,false),
 ('GNR23','Great North Run','RUN','2023-09-10','Newcastle – South Shields',30,400,60,true,false),
 ('GNR24','Great North Run','RUN','2024-09-08','Newcastle – South Shields',35,450,60,true,false),
 ('GNR25','Great North Run','RUN','2025-09-07','Newcastle – South Shields',35,450,60,true,false),
 ('LHM19','Leeds Half Marathon','RUN','2019-05-12','Leeds',20,250,50,true,false),
 ('LHM20','Leeds Half Marathon','RUN','2020-05-10','Leeds',20,250,50,true,true),
 ('LHM21','Leeds Half Marathon','RUN','2021-09-26','Leeds',20,250,50,true,false),
 ('LHM22','Leeds Half Marathon','RUN','2022-05-08','Leeds',20,250,50,true,false),
 ('LHM23','Leeds Half Marathon','RUN','2023-05-14','Leeds',20,250,50,true,false),
 ('LHM24','Leeds Half Marathon','RUN','2024-05-12','Leeds',25,250,50,true,false),
 ('LHM25','Leeds Half Marathon','RUN','2025-05-11','Leeds',25,300,50,true,false),
 ('Y3P19','Yorkshire Three Peaks Challenge','TRK','2019-06-22','Horton-in-Ribblesdale',40,300,80,false,false),
 ('Y3P20','Yorkshire Three Peaks Challenge','TRK','2020-06-20','Horton-in-Ribblesdale',40,300,80,false,true),
 ('Y3P21','Yorkshire Three Peaks Challenge','TRK','2021-06-19','Horton-in-Ribblesdale',40,300,80,false,false),
 ('Y3P22','Yorkshire Three Peaks Challenge','TRK','2022-06-18','Horton-in-Ribblesdale',40,300,80,false,false),
 ('Y3P23','Yorkshire Three Peaks Challenge','TRK','2023-06-17','Horton-in-Ribblesdale',45,300,80,false,false),
 ('Y3P24','Yorkshire Three Peaks Challenge','TRK','2024-06-22','Horton-in-Ribblesdale',45,350,80,false,false),
 ('Y3P25','Yorkshire Three Peaks Challenge','TRK','2025-06-21','Horton-in-Ribblesdale',45,350,80,false,false),
 ('BFR19','Brightside 10k Fun Run','RUN','2019-07-14','Roundhay Park, Leeds',15,NULL,400,false,false),
 ('BFR20','Brightside 10k Fun Run','RUN','2020-07-12','Roundhay Park, Leeds',15,NULL,400,false,true),
 ('BFR21','Brightside 10k Fun Run','RUN','2021-07-11','Roundhay Park, Leeds',15,NULL,400,false,false),
 ('BFR22','Brightside 10k Fun Run','RUN','2022-07-10','Roundhay Park, Leeds',15,NULL,400,false,false),
 ('BFR23','Brightside 10k Fun Run','RUN','2023-07-09','Roundhay Park, Leeds',18,NULL,400,false,false),
 ('BFR24','Brightside 10k Fun Run','RUN','2024-07-14','Roundhay Park, Leeds',18,NULL,400,false,false),
 ('BFR25','Brightside 10k Fun Run','RUN','2025-07-13','Roundhay Park, Leeds',20,NULL,400,false,false),
 ('SKY19','Tandem Skydive Day','SKY','2019-08-17','Hibaldstow Airfield',95,395,30,false,false),
 ('SKY21','Tandem Skydive Day','SKY','2021-08-14','Hibaldstow Airfield',95,395,30,false,false),
 ('SKY22','Tandem Skydive Day','SKY','2022-08-20','Hibaldstow Airfield',95,395,30,false,false),
 ('SKY23','Tandem Skydive Day','SKY','2023-08-19','Hibaldstow Airfield',99,425,30,false,false),
 ('SKY24','Tandem Skydive Day','SKY','2024-08-17','Hibaldstow Airfield',99,425,30,false,false),
 ('SKY25','Tandem Skydive Day','SKY','2025-08-16','Hibaldstow Airfield',99,425,30,false,false),
 ('RTD19','Ride the Dales Sportive','CYC','2019-05-26','Skipton',35,150,150,false,false),
 ('RTD21','Ride the Dales Sportive','CYC','2021-06-06','Skipton',35,150,150,false,false),
 ('RTD22','Ride the Dales Sportive','CYC','2022-05-29','Skipton',35,150,150,false,false),
 ('RTD23','Ride the Dales Sportive','CYC','2023-05-28','Skipton',38,150,150,false,false),
 ('RTD24','Ride the Dales Sportive','CYC','2024-05-26','Skipton',38,175,150,false,false),
 ('RTD25','Ride the Dales Sportive','CYC','2025-05-25','Skipton',40,175,150,false,false),
 ('GALA19','Winter Gala Dinner','GAL','2019-11-29','The Queens Hotel, Leeds',85,NULL,220,false,false),
 ('GALA20','Winter Gala Dinner','GAL','2020-11-27','The Queens Hotel, Leeds',85,NULL,220,false,true),
 ('GALA21','Winter Gala Dinner','GAL','2021-11-26','The Queens Hotel, Leeds',85,NULL,220,false,false),
 ('GALA22','Winter Gala Dinner','GAL','2022-11-25','The Queens Hotel, Leeds',90,NULL,220,false,false),
 ('GALA23','Winter Gala Dinner','GAL','2023-12-01','The Queens Hotel, Leeds',95,NULL,220,false,false),
 ('GALA24','Winter Gala Dinner','GAL','2024-11-29','The Queens Hotel, Leeds',95,NULL,220,false,false),
 ('GALA25','Winter Gala Dinner','GAL','2025-11-28','The Queens Hotel, Leeds',100,NULL,220,false,false),
 ('SANTA19','Santa Dash','RUN','2019-12-08','The Stray, Harrogate',12,NULL,500,false,false),
 ('SANTA20','Santa Dash','RUN','2020-12-06','The Stray, Harrogate',12,NULL,500,false,true),
 ('SANTA21','Santa Dash','RUN','2021-12-05','The Stray, Harrogate',12,NULL,500,false,false),
 ('SANTA22','Santa Dash','RUN','2022-12-04','The Stray, Harrogate',12,NULL,500,false,false),
 ('SANTA23','Santa Dash','RUN','2023-12-03','The Stray, Harrogate',14,NULL,500,false,false),
 ('SANTA24','Santa Dash','RUN','2024-12-08','The Stray, Harrogate',14,NULL,500,false,false),
 ('SANTA25','Santa Dash','RUN','2025-12-07','The Stray, Harrogate',15,NULL,500,false,false),
 ('KILI19','Kilimanjaro Trek','TRK','2019-10-12','Tanzania',250,3500,20,true,false),
 ('KILI22','Kilimanjaro Trek','TRK','2022-10-08','Tanzania',250,3500,20,true,false),
 ('KILI24','Kilimanjaro Trek','TRK','2024-10-05','Tanzania',295,3800,20,true,false),
 ('KILI25','Kilimanjaro Trek','TRK','2025-10-04','Tanzania',295,3800,20,true,false),
 ('VIR20','2.6 Challenge at Home','VIR','2020-04-26','Virtual',0,NULL,500,false,false),
 ('VIR21','Run 100 in January','VIR','2021-01-31','Virtual',10,NULL,300,false,false)
) v(cd, nm, ty, dt, loc, fee, ms, pl, tp, cx)
ORDER BY v.dt::date;

CREATE TEMP TABLE indiv AS
SELECT row_number() OVER (ORDER BY supp_id) AS rn, supp_id, first_nm, last_nm
FROM crm.supporter WHERE supp_kind = 'individual' AND status_cd IN ('A','G');
CREATE UNIQUE INDEX ON indiv (rn);
ANALYZE indiv;

INSERT INTO events.registration (event_id, supp_id, reg_dt, reg_status, fee_paid, spons_target, "JustGivingURL", tshirt, finish_tm)
SELECT DISTINCT ON (x.event_id, i.supp_id)
       x.event_id, i.supp_id, x.reg_dt, x.st,
       CASE WHEN x.st = 'X' THEN 0 ELSE x.reg_fee END,
       x.tgt,
       CASE WHEN x.tgt IS NOT NULL AND pg_temp.h('jg'||x.k) < 0.75
            THEN 'https://www.justgiving.com/page/' || lower(i.first_nm) || '-' || lower(replace(i.last_nm, '''', '')) || '-' || lower(x.evt_cd) END,
       CASE WHEN x.evt_type IN ('RUN','CYC','TRK') AND pg_temp.h('ts'||x.k) < 0.85
            THEN (ARRAY['XS','S','M','M','L','L','XL','XXL'])[1 + floor(pg_temp.h('tz'||x.k)*8)::int] END,
       CASE WHEN x.st = 'F' THEN
            CASE WHEN x.evt_cd LIKE 'LDNM%' THEN make_interval(secs => floor(3 * 3600 + pg_temp.h('ft'||x.k)^1.3 * 3.6 * 3600))
                 WHEN x.evt_cd LIKE 'GNR%' OR x.evt_cd LIKE 'LHM%' THEN make_interval(secs => floor(85 * 60 + pg_temp.h('ft'||x.k)^1.3 * 100 * 60))
                 WHEN x.evt_cd LIKE 'BFR%' THEN make_interval(secs => floor(39 * 60 + pg_temp.h('ft'||x.k)^1.2 * 55 * 60))
                 WHEN x.evt_cd LIKE 'RTD%' THEN make_interval(secs => floor(4 * 3600 + pg_temp.h('ft'||x.k) * 4 * 3600))
                 WHEN x.evt_cd LIKE 'Y3P%' THEN make_interval(secs => floor(8.5 * 3600 + pg_temp.h('ft'||x.k) * 3.4 * 3600)) END END
FROM (
  SELECT e.event_id, e.evt_cd, e.evt_type, e.reg_fee, e.evt_dt, e.evt_status, e.event_id || '-' || n AS k, r.reg_dt,
         CASE e.evt_status
           WHEN 'X' THEN 'X'
           WHEN 'S' THEN CASE WHEN pg_temp.h('rs'||e.event_id||'-'||n) < 0.93 THEN 'R' ELSE 'W' END
           ELSE CASE WHEN pg_temp.h('rs'||e.event_id||'-'||n) < 0.88 THEN 'F'
                     WHEN pg_temp.h('rs'||e.event_id||'-'||n) < 0.95 THEN 'N' ELSE 'W' END END AS st,
         CASE WHEN e.min_spons IS NOT NULL
                THEN e.min_spons * (ARRAY[1,1,1,1.25,1.5,2])[1 + floor(pg_temp.h('tg'||e.event_id||'-'||n)*6)::int]
              WHEN e.evt_type IN ('RUN','VIR') AND pg_temp.h('tg'||e.event_id||'-'||n) < 0.3 THEN 100 END AS tgt,
         (SELECT max(rn) FROM indiv) AS nind,
         pg_temp.h('sp'||e.event_id||'-'||n) AS us
  FROM events.event e
  CROSS JOIN LATERAL generate_series(1, round(e.places * CASE
        WHEN e.evt_status = 'S' THEN CASE e.evt_cd WHEN 'LDNM26' THEN 0.3 WHEN 'GNR25' THEN 0.85 WHEN 'Y3P25' THEN 0.9 WHEN 'BFR25' THEN 0.55
                                                   WHEN 'SKY25' THEN 0.6 WHEN 'GALA25' THEN 0.25 WHEN 'SANTA25' THEN 0.1 ELSE 0.7 END
        WHEN e.evt_type IN ('RUN','VIR') AND e.min_spons IS NULL THEN 0.5 + pg_temp.h('fl'||e.event_id) * 0.4
        ELSE 0.75 + pg_temp.h('fl'||e.event_id) * 0.25 END)::int) n
  CROSS JOIN LATERAL (SELECT LEAST(e.evt_dt - 5 - floor(pg_temp.h('rd'||e.event_id||'-'||n)^0.7 * 240)::int,
                                   date '2025-06-12' - floor(pg_temp.h('rq'||e.event_id||'-'||n) * 40)::int,
                                   CASE WHEN e.evt_status = 'X' THEN date '2020-03-15' - floor(pg_temp.h('rx'||e.event_id||'-'||n) * 60)::int ELSE date '2099-01-01' END) AS reg_dt) r
) x
JOIN indiv i ON i.rn = 1 + floor(x.us * x.nind * power(GREATEST(x.reg_dt - date '2010-01-04', 30) / 5637.0, 1 / 0.85))::int
ORDER BY x.event_id, i.supp_id, x.reg_dt;

INSERT INTO events.sponsorship (reg_id, sponsor_nm, amt, chan, pledged_dt, paid_dt)
SELECT y.reg_id, y.nm, y.amt, y.chan, y.pdt,
       CASE y.chan WHEN 'JG' THEN y.pdt
            WHEN 'OF' THEN CASE WHEN y.evt_status <> 'S' AND pg_temp.h('op'||y.k) < 0.9 AND GREATEST(y.pdt, y.evt_dt) + 7 + floor(pg_temp.h('oq'||y.k) * 50)::int <= date '2025-06-12'
                                THEN GREATEST(y.pdt, y.evt_dt) + 7 + floor(pg_temp.h('oq'||y.k) * 50)::int END
            ELSE CASE WHEN GREATEST(y.pdt, y.evt_dt) + 30 + floor(pg_temp.h('oq'||y.k) * 60)::int <= date '2025-06-12'
                      THEN GREATEST(y.pdt, y.evt_dt) + 30 + floor(pg_temp.h('oq'||y.k) * 60)::int END END
FROM (
  SELECT r.reg_id, e.evt_dt, e.evt_status, r.reg_id || '-' || n AS k,
         CASE WHEN pg_temp.h('an'||r.reg_id||'-'||n) < 0.15 THEN NULL
              ELSE (ARRAY['Mum & Dad','Auntie Jan','Gran','Sam','Chris','Alex','Jo','Pat','Nikki','Dave','Steve','Kath','Rob',
                          'The Wilson family','Team at work','Uncle Mike','Becky','Tom','Laura','Mo','Raj','Kirsty','Pete','Liz'])[1 + floor(pg_temp.h('sn'||r.reg_id||'-'||n)*24)::int]
                   || CASE WHEN pg_temp.h('sl'||r.reg_id||'-'||n) < 0.5 THEN ' ' || (ARRAY['Smith','Jones','Walker','Hirst','Patel','Khan','Wood','Shaw'])[1 + floor(pg_temp.h('so'||r.reg_id||'-'||n)*8)::int] ELSE '' END END AS nm,
         (ARRAY[5,10,10,10,20,20,20,25,25,30,50,50,100,200])[1 + floor(pg_temp.h('sa'||r.reg_id||'-'||n)*14)::int]::numeric AS amt,
         CASE WHEN r."JustGivingURL" IS NOT NULL THEN CASE WHEN pg_temp.h('ch'||r.reg_id||'-'||n) < 0.86 THEN 'JG' WHEN pg_temp.h('ch'||r.reg_id||'-'||n) < 0.96 THEN 'OF' ELSE 'MG' END
              ELSE CASE WHEN pg_temp.h('ch'||r.reg_id||'-'||n) < 0.9 THEN 'OF' ELSE 'MG' END END AS chan,
         r.reg_dt + floor(pg_temp.h('pd'||r.reg_id||'-'||n) * (LEAST(e.evt_dt + 20, date '2025-06-12') - r.reg_dt))::int AS pdt
  FROM events.registration r
  JOIN events.event e ON e.event_id = r.event_id
  CROSS JOIN LATERAL generate_series(1, LEAST(120, floor(pg_temp.h('sc'||r.reg_id)^0.8 * COALESCE(r.spons_target, 0) / 22
        * CASE r.reg_status WHEN 'W' THEN 0.3 WHEN 'X' THEN 0.4 WHEN 'N' THEN 0.8
                            WHEN 'R' THEN GREATEST(0.05, LEAST(1, 1 - (e.evt_dt - date '2025-06-12') / 200.0)) ELSE 1 END))::int) n
  WHERE r.spons_target IS NOT NULL
) y
ORDER BY y.pdt, y.reg_id;

-- shops, volunteers, rota ----------------------------------------------------
INSERT INTO vol.shop VALUES
 ( 1,'HDY','Headingley','Leeds','2008-05-01',NULL,'Karen Holt',2600),
 ( 2,'CHA','Chapel Allerton','Leeds','2011-09-12',NULL,'Imran Qureshi',2200),
 ( 3,'HGT','Harrogate','Harrogate','2009-03-02',NULL,'Denise Pearson',3400),
 ( 4,'ILK','Ilkley','Ilkley','2012-04-16',NULL,'Graham Lowe',3000),
 ( 5,'OTL','Otley','Otley','2013-06-03',NULL,'Bev Sharp',1800),
 ( 6,'YRK','York – Bishopthorpe Road','York','2014-10-06',NULL,'Anna Kowalczyk',2900),
 ( 7,'WTH','Wetherby','Wetherby','2015-02-09',NULL,'Tracey Dunn',2100),
 ( 8,'HFH','Horsforth','Leeds','2016-08-01',NULL,'Phil Kirk',2300),
 ( 9,'SKP','Skipton','Skipton','2017-03-20',NULL,'Margaret Wade',2000),
 (10,'KNB','Knaresborough','Knaresborough','2018-05-14',NULL,'Lesley Burns',1900),
 (11,'WKF','Wakefield','Wakefield','2018-11-05',NULL,'Shabana Akhtar',1700),
 (12,'PUD','Pudsey','Leeds','2016-01-11','2023-03-31','Gary Senior',1500),
 (13,'HFX','Halifax','Halifax','2019-07-01','2024-11-30','Joanne Ellis',1600),
 (14,'SHF','Sheffield – Ecclesall Road','Sheffield','2024-09-02',NULL,'Ruth Oduya',2800);

CREATE TEMP TABLE v_plan AS
SELECT i, sd.start_dt,
       CASE WHEN u.r < 0.45 THEN 'SHF' WHEN u.r < 0.70 THEN 'SRT' WHEN u.r < 0.76 THEN 'DRV' WHEN u.r < 0.90 THEN 'EVT' ELSE 'OFF' END AS role_cd,
       sd.start_dt + floor(-ln(1 - pg_temp.h('vd'||i) * 0.999) * 1400)::int AS raw_end,
       pg_temp.h('vs'||i) AS us
FROM generate_series(1, 900) i
CROSS JOIN LATERAL (SELECT pg_temp.h('vr'||i) AS r) u
CROSS JOIN LATERAL (SELECT date '2016-01-04' + floor(power((i - 1 + pg_temp.h('vt'||i)) / 900.0, 0.8) * 3440)::int AS start_dt) sd;

INSERT INTO vol.volunteer (vol_id, supp_id, first_nm, last_nm, email, mob_no, role_cd, home_shop_id, vol_status, start_dt, left_dt, dbs_dt)
SELECT p.i,
       CASE WHEN lk.linked THEN ind.supp_id END,
       CASE WHEN lk.linked THEN ind.first_nm ELSE (ARRAY['Pat','Jean','Brian','Maureen','Keith','Val','Ellie','Josh','Priya','Sam',
              'Eileen','Norman','Joyce','Alan','Chloe','Ben','Zara','Tom','Beryl','Derek','Megan','Harvey','Aisha','Frank'])[1 + floor(pg_temp.h('vf'||p.i)*24)::int] END,
       CASE WHEN lk.linked THEN ind.last_nm ELSE (ARRAY['Ackroyd','Bentley','Crossley','Dobson','Exley','Fawcett','Gill','Horsfall',
              'Illingworth','Jagger','Kitson','Lumb','Midgley','Nutter','Oddy','Pickersgill','Ramsden','Stansfield','Tillotson',
              'Wadsworth','Ahmed','Rashid','Nowicki','Mensah'])[1 + floor(pg_temp.h('vl'||p.i)*24)::int] END,
       CASE WHEN pg_temp.h('ve'||p.i) < 0.85 THEN 'vol' || p.i || '@volunteer-mail.co.uk' END,
       CASE WHEN pg_temp.h('vm'||p.i) < 0.9 THEN '07' || lpad((floor(pg_temp.h('vn'||p.i)*1000000000)::bigint)::text, 9, '0') END,
       p.role_cd,
       hs.shop_id,
       CASE WHEN e.left_dt IS NOT NULL THEN 'L' WHEN p.start_dt > date '2025-05-22' THEN 'P' ELSE 'A' END,
       p.start_dt,
       e.left_dt,
       CASE WHEN pg_temp.h('vb'||p.i) < CASE p.role_cd WHEN 'DRV' THEN 0.95 WHEN 'EVT' THEN 0.5 WHEN 'OFF' THEN 0.4 WHEN 'SHF' THEN 0.3 ELSE 0.2 END
            THEN p.start_dt - 10 - floor(pg_temp.h('vc'||p.i) * 25)::int END
FROM v_plan p
CROSS JOIN LATERAL (SELECT pg_temp.h('vk'||p.i) < 0.65 AS linked) lk
LEFT JOIN indiv ind ON ind.rn = 1 + floor(pg_temp.h('vi'||p.i) * 36000)::int
LEFT JOIN LATERAL (
   SELECT (array_agg(s.shop_id ORDER BY s.shop_id))[1 + floor(p.us * count(*))::int] AS shop_id
   FROM vol.shop s
   WHERE p.role_cd IN ('SHF','SRT','DRV') AND s.opened_dt <= p.start_dt AND (s.closed_dt IS NULL OR s.closed_dt > p.start_dt + 60)
) hs0 ON true
CROSS JOIN LATERAL (SELECT CASE WHEN p.role_cd IN ('SHF','SRT','DRV') THEN hs0.shop_id END AS shop_id) hs
CROSS JOIN LATERAL (
   SELECT CASE WHEN LEAST(p.raw_end, COALESCE((SELECT closed_dt FROM vol.shop WHERE shop_id = hs.shop_id), date '2099-01-01')) <= date '2025-06-12'
               THEN LEAST(p.raw_end, COALESCE((SELECT closed_dt FROM vol.shop WHERE shop_id = hs.shop_id), date '2099-01-01')) END AS left_dt
) e
ORDER BY p.i;
SELECT setval('vol.volunteer_vol_id_seq', 900);

INSERT INTO vol.shift (vol_id, shop_id, shift_dt, start_tm, end_tm, att_cd)
SELECT v.vol_id, v.home_shop_id, d.shift_dt,
       CASE v.role_cd WHEN 'DRV' THEN time '08:30' WHEN 'SRT' THEN time '10:00'
            ELSE CASE WHEN pg_temp.h('am'||v.vol_id||'-'||k) < 0.55 THEN time '09:30' ELSE time '13:00' END END,
       CASE v.role_cd WHEN 'DRV' THEN time '15:30'
            WHEN 'SRT' THEN CASE WHEN pg_temp.h('sl'||v.vol_id) < 0.6 THEN time '14:00' ELSE time '16:00' END
            ELSE CASE WHEN pg_temp.h('am'||v.vol_id||'-'||k) < 0.55 THEN time '13:00' ELSE time '17:00' END END,
       CASE WHEN d.shift_dt > date '2025-06-12' THEN NULL
            WHEN pg_temp.h('at'||v.vol_id||'-'||d.shift_dt) < 0.07 THEN 'C'
            WHEN pg_temp.h('at'||v.vol_id||'-'||d.shift_dt) < 0.07 + 0.015 + pg_temp.h('nr'||v.vol_id)^4 * 0.18 THEN 'N'
            ELSE 'A' END
FROM vol.volunteer v
CROSS JOIN LATERAL (SELECT GREATEST(v.start_dt + 7, date '2022-01-03') AS p0,
                           LEAST(COALESCE(v.left_dt - 1, date '2025-06-29'),
                                 COALESCE((SELECT closed_dt - 1 FROM vol.shop s WHERE s.shop_id = v.home_shop_id), date '2025-06-29'),
                                 date '2025-06-29') AS p1) per
CROSS JOIN LATERAL generate_series(0, GREATEST((per.p1 - per.p0) / 7, -1)) w
CROSS JOIN LATERAL (VALUES (1), (2)) kk(k)
CROSS JOIN LATERAL (SELECT date_trunc('week', per.p0)::date + 7 * w
                           + (CASE WHEN k = 1 THEN floor(pg_temp.h('d1'||v.vol_id) * 6)::int
                                   ELSE floor(pg_temp.h('d1'||v.vol_id) * 6 + 1 + pg_temp.h('d2'||v.vol_id) * 4)::int % 6 END) AS shift_dt) d
WHERE v.role_cd IN ('SHF','SRT','DRV') AND v.vol_status <> 'P' AND v.home_shop_id IS NOT NULL
  AND (k = 1 OR pg_temp.h('two'||v.vol_id) < 0.35)
  AND d.shift_dt BETWEEN per.p0 AND per.p1
  AND pg_temp.h('hol'||v.vol_id||'-'||w) >= 0.1
ORDER BY d.shift_dt, v.home_shop_id, v.vol_id, k;

-- legacies ----------------------------------------------------------------------
CREATE TEMP TABLE b_plan AS
SELECT s.supp_id, s.last_nm, s.recruited_dt, s.deceased_dt, s.status_cd,
       CASE WHEN pg_temp.h('bt'||s.supp_id) < 0.58 THEN 'R' WHEN pg_temp.h('bt'||s.supp_id) < 0.95 THEN 'P' ELSE 'S' END AS gift_type,
       pg_temp.h('bv'||s.supp_id) AS uv,
       CASE WHEN s.status_cd = 'D' THEN s.deceased_dt + 20 + floor(pg_temp.h('bn'||s.supp_id) * 120)::int END AS notified_dt,
       pg_temp.h('bs'||s.supp_id) AS us
FROM crm.supporter s
WHERE s.supp_kind = 'individual'
  AND ((s.status_cd = 'D' AND pg_temp.h('bq'||s.supp_id) < CASE WHEN s.profile->>'prospect' = 'legacy' THEN 0.8 ELSE 0.33 END)
       OR (s.status_cd = 'A' AND pg_temp.h('bq'||s.supp_id) < CASE WHEN s.profile->>'prospect' = 'legacy' THEN 0.5 ELSE 0.003 END));

INSERT INTO legacy.bequest (supp_id, gift_type, stage, pledged_dt, notified_dt, est_val, resid_pct, "SolicitorRef", exec_firm, closed_dt)
SELECT b.supp_id, b.gift_type, st.stage,
       CASE WHEN b.status_cd = 'A' OR pg_temp.h('bp'||b.supp_id) < 0.4
            THEN b.recruited_dt + floor(pg_temp.h('bd'||b.supp_id) * (COALESCE(b.deceased_dt, date '2025-06-12') - b.recruited_dt))::int END,
       b.notified_dt,
       CASE WHEN b.status_cd = 'A' AND pg_temp.h('be'||b.supp_id) < 0.7 THEN NULL
            WHEN b.gift_type = 'R' THEN round((20000 + b.uv^2.5 * 400000)::numeric, -2)
            WHEN b.gift_type = 'P' THEN (ARRAY[500,1000,1000,2000,2500,5000,5000,10000,20000])[1 + floor(b.uv * 9)::int]
            ELSE round((1000 + b.uv * 9000)::numeric, -2) END,
       CASE WHEN b.gift_type = 'R' THEN (ARRAY[100,50,50,33.33,25,25,20,10,5])[1 + floor(pg_temp.h('br'||b.supp_id) * 9)::int] END,
       CASE WHEN b.status_cd = 'D' THEN upper(substr(COALESCE(b.last_nm, 'XXX'), 1, 3)) || '/' || (1000 + floor(pg_temp.h('bf'||b.supp_id) * 9000))::int
                                        || '/' || extract(year FROM b.notified_dt) END,
       CASE WHEN b.status_cd = 'D' THEN (ARRAY['Schofield Sweeney','Blacks Solicitors','Ramsdens','Lupton Fawcett','Wake Smith',
                 'Chadwick Lawrence','Co-op Legal Services','Lodders','Irwin Mitchell','Gordons LLP','Raworths','Tinsdills'])[1 + floor(pg_temp.h('bx'||b.supp_id) * 12)::int] END,
       CASE WHEN st.stage = 'S' THEN b.notified_dt + st.len
            WHEN st.stage = 'X' THEN b.recruited_dt + floor(pg_temp.h('bw'||b.supp_id) * (date '2025-06-12' - b.recruited_dt))::int END
FROM b_plan b
CROSS JOIN LATERAL (
  SELECT CASE WHEN b.status_cd = 'A' THEN CASE WHEN b.us < 0.06 THEN 'X' ELSE 'P' END
              WHEN b.us < 0.04 THEN 'C'
              WHEN b.notified_dt + l.len <= date '2025-06-12' THEN 'S'
              ELSE 'N' END AS stage, l.len
  FROM (SELECT CASE WHEN b.gift_type = 'R' THEN 150 + floor(pg_temp.h('bl'||b.supp_id) * 500)::int
                    ELSE 60 + floor(pg_temp.h('bl'||b.supp_id) * 200)::int END AS len) l) st
WHERE b.status_cd = 'A' OR b.notified_dt <= date '2025-06-12'
ORDER BY COALESCE(b.notified_dt, date '2025-06-12'), b.supp_id;

INSERT INTO legacy.receipt (bequest_id, rcvd_dt, amt, is_final)
SELECT bequest_id, d, amt, fin FROM (
  -- interim distributions on residuary estates
  SELECT b.bequest_id, b.notified_dt + 100 + floor(pg_temp.h('ri'||b.bequest_id) * 80)::int AS d,
         round(b.est_val * (0.4 + pg_temp.h('ra'||b.bequest_id) * 0.3)::numeric, 2) AS amt, false AS fin
  FROM legacy.bequest b
  WHERE b.gift_type = 'R' AND b.stage IN ('S','N','C') AND pg_temp.h('rj'||b.bequest_id) < CASE b.stage WHEN 'S' THEN 0.75 ELSE 0.45 END
    AND b.notified_dt + 100 + floor(pg_temp.h('ri'||b.bequest_id) * 80)::int < COALESCE(b.closed_dt, date '2025-06-12')
  UNION ALL
  -- final distribution when the estate settles
  SELECT b.bequest_id, b.closed_dt,
         CASE WHEN b.gift_type = 'R'
              THEN round(b.est_val * (0.85 + pg_temp.h('rf'||b.bequest_id) * 0.35)::numeric, 2)
                   - CASE WHEN pg_temp.h('rj'||b.bequest_id) < 0.75 AND b.notified_dt + 100 + floor(pg_temp.h('ri'||b.bequest_id) * 80)::int < b.closed_dt
                          THEN round(b.est_val * (0.4 + pg_temp.h('ra'||b.bequest_id) * 0.3)::numeric, 2) ELSE 0 END
              WHEN b.gift_type = 'P' THEN b.est_val
              ELSE round(b.est_val * (0.6 + pg_temp.h('rf'||b.bequest_id) * 0.7)::numeric, 2) END,
         true
  FROM legacy.bequest b WHERE b.stage = 'S'
) x
ORDER BY d, bequest_id;

-- grants ----------------------------------------------------------------------
INSERT INTO grants.partner (partner_nm, charity_no, org_type, region)
SELECT t.town || ' ' || ty.nm,
       CASE WHEN o.org_type = 'CHY' THEN (1000000 + floor(pg_temp.h('cn'||i) * 205000))::int::text END,
       o.org_type, t.region
FROM generate_series(0, 159) i
JOIN (VALUES (0,'Leeds','West Yorkshire'),(1,'Bradford','West Yorkshire'),(2,'Wakefield','West Yorkshire'),(3,'Halifax','West Yorkshire'),
             (4,'Huddersfield','West Yorkshire'),(5,'Keighley','West Yorkshire'),(6,'Dewsbury','West Yorkshire'),(7,'Castleford','West Yorkshire'),
             (8,'Harrogate','North Yorkshire'),(9,'York','North Yorkshire'),(10,'Scarborough','North Yorkshire'),(11,'Selby','North Yorkshire'),
             (12,'Skipton','North Yorkshire'),(13,'Northallerton','North Yorkshire'),(14,'Whitby','North Yorkshire'),(15,'Sheffield','South Yorkshire'),
             (16,'Barnsley','South Yorkshire'),(17,'Rotherham','South Yorkshire'),(18,'Doncaster','South Yorkshire'),(19,'Hull','East Riding'),
             (20,'Goole','East Riding'),(21,'Bridlington','East Riding'),(22,'Beverley','East Riding'),(23,'Pontefract','West Yorkshire')) t(tn, town, region)
  ON t.tn = i % 24
JOIN (VALUES (0,'Young Carers'),(1,'Food Bank'),(2,'Youth Project'),(3,'Family Hub'),(4,'Children''s Centre'),(5,'Community Trust'),
             (6,'Boxing Club'),(7,'Play Association'),(8,'Youth Counselling'),(9,'Home-Start'),(10,'Parents Forum'),(11,'Kids'' Kitchen'),
             (12,'Youth Theatre'),(13,'Holiday Club')) ty(tn, nm)
  ON ty.tn = (i / 24 + 3 * (i % 24)) % 14
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.h('ot'||i) < 0.65 THEN 'CHY' WHEN pg_temp.h('ot'||i) < 0.80 THEN 'CIC'
                                WHEN pg_temp.h('ot'||i) < 0.88 THEN 'SCH' ELSE 'GRP' END AS org_type) o
ORDER BY pg_temp.h('po'||i);

CREATE TEMP TABLE committees AS
SELECT (m + ((4 - extract(isodow FROM m)::int + 7) % 7) + 14)::date AS cdt
FROM (SELECT g::date AS m FROM generate_series(date '2019-03-01', date '2025-06-01', interval '3 months') g) x;

INSERT INTO grants.award (partner_id, programme, project_nm, committee_dt, amt_awarded, term_mths, start_dt, end_dt, award_status, final_rpt_dt)
SELECT y.partner_id, y.prog, y.project_nm, y.cdt, y.amt, y.term,
       CASE WHEN y.cdt <= date '2025-06-12' THEN y.sdt END,
       CASE WHEN y.cdt > date '2025-06-12' THEN NULL
            WHEN y.withdrawn THEN (y.sdt + make_interval(months => 1 + floor(pg_temp.h('wm'||y.k) * y.term / 2)::int))::date
            ELSE (y.sdt + make_interval(months => y.term) - interval '1 day')::date END,
       CASE WHEN y.cdt > date '2025-06-12' THEN 'P'
            WHEN y.withdrawn THEN 'W'
            WHEN (y.sdt + make_interval(months => y.term) - interval '1 day')::date < date '2025-06-12' THEN 'C'
            ELSE 'A' END,
       CASE WHEN NOT y.withdrawn AND y.cdt <= date '2025-06-12' AND pg_temp.h('fr'||y.k) < 0.85
                 AND (y.sdt + make_interval(months => y.term) - interval '1 day')::date + 10 + floor(pg_temp.h('fq'||y.k) * 80)::int <= date '2025-06-12'
            THEN (y.sdt + make_interval(months => y.term) - interval '1 day')::date + 10 + floor(pg_temp.h('fq'||y.k) * 80)::int END
FROM (
  SELECT c.cdt || '-' || n AS k, c.cdt,
         1 + floor(pg_temp.h('pp'||c.cdt||'-'||n)^1.3 * 160)::int AS partner_id,
         p.prog,
         (CASE p.prog
            WHEN 'young_carers' THEN (ARRAY['Young Carers Breaks','Young Carers Peer Support','Sibling Support Group','Carers'' Chill Club'])
            WHEN 'early_years'  THEN (ARRAY['Stay and Play','Baby Steps Parenting','Early Talk','Toddler Time'])
            WHEN 'mental_health' THEN (ARRAY['Teen Talk Counselling','Wellbeing Walks','Safe Space Drop-in','Mindful Schools'])
            WHEN 'holiday_food' THEN (ARRAY['Holiday Lunch Club','Fit & Fed Summer','Half-term Kitchen','Breakfast Club'])
            ELSE (ARRAY['Friday Night Youth Club','Detached Youth Work','Street Sport','Girls'' Group']) END)[1 + floor(pg_temp.h('pj'||c.cdt||'-'||n) * 4)::int] AS project_nm,
         round((5000 + pg_temp.h('pa'||c.cdt||'-'||n)^1.8 * 55000)::numeric / 500) * 500 AS amt,
         (ARRAY[12,12,24,24,36])[1 + floor(pg_temp.h('pt'||c.cdt||'-'||n) * 5)::int] AS term,
         date_trunc('month', c.cdt + 40)::date AS sdt,
         c.cdt <= date '2025-06-12' AND pg_temp.h('pw'||c.cdt||'-'||n) < 0.04 AS withdrawn
  FROM committees c
  CROSS JOIN LATERAL generate_series(1, CASE WHEN c.cdt > date '2025-06-12' THEN 30 ELSE 20 + floor(pg_temp.h('nc'||c.cdt) * 9)::int END) n
  CROSS JOIN LATERAL (SELECT CASE WHEN u < 0.2 THEN 'young_carers' WHEN u < 0.4 THEN 'early_years' WHEN u < 0.65 THEN 'mental_health'
                                  WHEN u < 0.85 AND c.cdt >= date '2020-06-01' THEN 'holiday_food' ELSE 'youth_clubs' END::grants.programme AS prog
                      FROM (SELECT pg_temp.h('pg'||c.cdt||'-'||n) AS u) z) p
) y
ORDER BY y.cdt, y.k;

UPDATE grants.partner p SET first_funded = x.d
FROM (SELECT partner_id, min(committee_dt) AS d FROM grants.award WHERE award_status <> 'P' GROUP BY partner_id) x
WHERE x.partner_id = p.partner_id;

INSERT INTO grants.payment (award_id, sched_dt, paid_dt, amt)
SELECT a.award_id, s.sd,
       CASE WHEN s.sd + floor(pg_temp.h('gp'||a.award_id||'-'||j) * 8)::int <= date '2025-06-12'
            THEN s.sd + floor(pg_temp.h('gp'||a.award_id||'-'||j) * 8)::int END,
       CASE WHEN j < a.term_mths / 6 THEN round(a.amt_awarded / (a.term_mths / 6), 2)
            ELSE a.amt_awarded - round(a.amt_awarded / (a.term_mths / 6), 2) * (a.term_mths / 6 - 1) END
FROM grants.award a
CROSS JOIN LATERAL generate_series(1, a.term_mths / 6) j
CROSS JOIN LATERAL (SELECT (a.start_dt + make_interval(months => 6 * (j - 1)))::date AS sd) s
WHERE a.award_status <> 'P'
  AND (a.award_status <> 'W' OR s.sd < a.end_dt)
ORDER BY s.sd, a.award_id;

-- audit trail -------------------------------------------------------------------
INSERT INTO crm.change_log (tbl_nm, row_pk, op, changed_by, changed_at, diff)
SELECT tbl_nm, row_pk, op, changed_by, changed_at, diff FROM (
  SELECT 'crm.supporter' AS tbl_nm, s.supp_id::text AS row_pk, 'I' AS op,
         CASE WHEN s.created_ts = timestamp '2019-01-14 03:12:00' + s.supp_id * interval '50 milliseconds' THEN 'migration'
              WHEN s.recruit_src IN ('ONL','EVT') THEN 'webform' WHEN s.recruit_src = 'F2F' THEN 'f2f_import' ELSE 'data_entry' END AS changed_by,
         s.created_ts AS changed_at,
         to_jsonb(s) - 'profile' - 'upd_ts' - 'merged_into' - 'deceased_dt' AS diff
  FROM crm.supporter s
  UNION ALL
  SELECT 'crm.supporter', s.supp_id::text, 'U',
         (ARRAY['jmarsh','kpatel','lbrook','supporter_care','supporter_care','webform','dedupe_job','ncoa_update'])[1 + floor(pg_temp.h('lb'||s.supp_id||'-'||n)*8)::int],
         s.created_ts + (timestamp '2025-06-12 17:00' - s.created_ts) * pg_temp.h('lt'||s.supp_id||'-'||n),
         jsonb_build_object(f.fld, jsonb_build_object('old', f.o, 'new', f.nw))
  FROM crm.supporter s
  CROSS JOIN LATERAL generate_series(1, floor(pg_temp.h('ln'||s.supp_id)^1.4 * 9)::int) n
  CROSS JOIN LATERAL (SELECT fld,
         CASE fld WHEN 'email' THEN 'old' || s.supp_id || '@' || (ARRAY['aol.com','hotmail.com','tiscali.co.uk'])[1 + n % 3]
                  WHEN 'postcode' THEN 'LS' || (1 + n % 28) || ' ' || (n % 10) || 'AB'
                  WHEN 'status_cd' THEN 'A' ELSE NULL END AS o,
         CASE fld WHEN 'email' THEN s.email WHEN 'postcode' THEN s.postcode WHEN 'status_cd' THEN s.status_cd
                  WHEN 'mob_no' THEN s.mob_no WHEN 'addr_line1' THEN s.addr_line1 WHEN 'title' THEN s.title
                  ELSE s.town END AS nw
      FROM (SELECT (ARRAY['email','mob_no','postcode','addr_line1','title','status_cd','town','email','postcode'])[1 + floor(pg_temp.h('lf'||s.supp_id||'-'||n)*9)::int] AS fld) ff) f
  UNION ALL
  SELECT 'giving.donation', d.don_id::text, 'I',
         CASE WHEN d.inc_type = 'RGD' THEN 'bacs_import' WHEN d.pay_mthd IN ('CC','OP') THEN 'payments_api' ELSE 'data_entry' END,
         d.rcvd_dt + interval '1 day 6 hours' + floor(pg_temp.h('dl'||d.don_id) * 36000) * interval '1 second',
         jsonb_strip_nulls(jsonb_build_object('supp_id', d.supp_id, 'rcvd_dt', d.rcvd_dt, 'amt', d.amt, 'pay_mthd', d.pay_mthd,
                            'inc_type', d.inc_type, 'src_code', d.src_code, 'mandate_id', d.mandate_id, 'coll_id', d.coll_id,
                            'batch_no', d.batch_no, 'ga_elig', d.ga_elig, 'source_system', CASE WHEN d.inc_type = 'RGD' THEN 'bacs_bureau' ELSE 'beacon_ui' END))
  FROM giving.donation d WHERE d.rcvd_dt >= date '2022-01-01'
  UNION ALL
  SELECT 'crm.consent_event', c.ce_id::text, 'I', COALESCE(c.recorded_by, 'system'), c.eff_ts,
         jsonb_build_object('supp_id', c.supp_id, 'channel', c.channel, 'pref', c.pref)
  FROM crm.consent_event c WHERE c.eff_ts >= timestamp '2022-01-01'
) x
WHERE changed_at <= timestamp '2025-06-12 17:00'
ORDER BY changed_at;

-- =====================================================================
--  Indexes, views, materialized view
-- =====================================================================
CREATE UNIQUE INDEX uq_supporter_ref    ON crm.supporter (supp_ref);
CREATE INDEX idx_supporter_name         ON crm.supporter (last_nm, first_nm);
CREATE INDEX idx_supporter_email        ON crm.supporter (lower(email));
CREATE INDEX idx_supporter_dob          ON crm.supporter (dob);
CREATE INDEX idx_consent_supp           ON crm.consent_event (supp_id, channel, eff_ts);
CREATE INDEX idx_changelog_row          ON crm.change_log (tbl_nm, row_pk);
CREATE UNIQUE INDEX uq_mandate_ddi_ref  ON giving.dd_mandate (ddi_ref);
CREATE INDEX idx_mandate_supp           ON giving.dd_mandate (supp_id);
CREATE INDEX idx_ddcoll_mandate         ON giving.dd_collection (mandate_id);
CREATE INDEX idx_donation_supp          ON giving.donation (supp_id);
CREATE INDEX idx_decl_supp              ON giftaid.declaration (supp_id);
CREATE INDEX idx_reg_supp               ON events.registration (supp_id);
CREATE INDEX idx_spons_reg              ON events.sponsorship (reg_id);
CREATE INDEX idx_shift_vol              ON vol.shift (vol_id, shift_dt);
CREATE INDEX idx_shift_shop_dt          ON vol.shift (shop_id, shift_dt);
CREATE INDEX idx_bequest_supp           ON legacy.bequest (supp_id);
CREATE INDEX idx_award_partner          ON grants.award (partner_id);
CREATE INDEX idx_payment_award          ON grants.payment (award_id);

CREATE VIEW crm.v_consent_current AS
SELECT DISTINCT ON (c.supp_id, c.channel) c.supp_id, c.channel, c.pref, c.capt_src, c.eff_ts
FROM crm.consent_event c
ORDER BY c.supp_id, c.channel, c.eff_ts DESC, c.ce_id DESC;
COMMENT ON VIEW crm.v_consent_current IS 'Current communication preference per supporter and channel (latest consent_event)';

CREATE VIEW giving.v_live_regular_givers AS
SELECT m.mandate_id, m.supp_id, s.supp_ref,
       COALESCE(s.first_nm || ' ' || s.last_nm, s.org_nm) AS supporter_nm,
       m.amt, m.freq,
       m.amt * CASE m.freq WHEN 'M' THEN 12 WHEN 'Q' THEN 4 ELSE 1 END AS annual_value,
       m.start_dt
FROM giving.dd_mandate m JOIN crm.supporter s ON s.supp_id = m.supp_id
WHERE m.mnd_status = 'L';
COMMENT ON VIEW giving.v_live_regular_givers IS 'Live direct debits with the annualised gift value';

CREATE MATERIALIZED VIEW giving.mv_income_month AS
SELECT date_trunc('month', rcvd_dt)::date AS month, inc_type, count(*) AS gifts, sum(amt) AS total
FROM giving.donation
WHERE refund_dt IS NULL
GROUP BY 1, 2;
COMMENT ON MATERIALIZED VIEW giving.mv_income_month IS 'Monthly income by type for the finance dashboard (refreshed nightly)';

-- the nightly reconciliation job rewrites collections; autovacuum was switched off on this table
-- during the 2023 BACS bureau migration and never switched back on
ALTER TABLE giving.dd_collection SET (autovacuum_enabled = false);

DROP FUNCTION pg_temp.h(text);
VACUUM;
ANALYZE;

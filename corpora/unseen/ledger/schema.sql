-- =====================================================================
--  Kestrel Money Ltd  --  core ledger / e-money platform (reporting copy)
--  Data snapshot as of end of business 2024-06-30.
--  Reporting currency EUR.  New double-entry ledger went live 2023-07-01;
--  balances from the legacy core were migrated as MIGR entries on 2023-06-30.
-- =====================================================================
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;

CREATE SCHEMA ref;
CREATE SCHEMA core;
CREATE SCHEMA gl;
CREATE SCHEMA card;
CREATE SCHEMA ops;

-- ---------------------------------------------------------------------
-- deterministic pseudo-random helpers (session only, not part of the db)
-- ---------------------------------------------------------------------
CREATE FUNCTION pg_temp.rnd(s text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ((('x'||substr(md5(s),1,8))::bit(32)::int) & 2147483647)::double precision / 2147483648.0 $$;

CREATE FUNCTION pg_temp.ri(s text, n int) RETURNS int
LANGUAGE sql IMMUTABLE AS
$$ SELECT floor(pg_temp.rnd(s) * n)::int $$;

-- =====================================================================
--  REFERENCE DATA
-- =====================================================================
CREATE TABLE ref.ccy (
    ccy_cd      char(3) PRIMARY KEY,
    ccy_nm      text    NOT NULL,
    minor_units smallint NOT NULL DEFAULT 2
);
COMMENT ON TABLE ref.ccy IS 'ISO 4217 currencies we can hold e-money in.';

INSERT INTO ref.ccy VALUES
 ('EUR','Euro',2),('GBP','Pound sterling',2),('USD','US dollar',2),
 ('PLN','Polish zloty',2),('SEK','Swedish krona',2),('CHF','Swiss franc',2);

CREATE TABLE ref.ctry (
    ctry_cd  char(2) PRIMARY KEY,
    ctry_nm  text NOT NULL,
    home_ccy char(3) REFERENCES ref.ccy,
    eea_flg  boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE ref.ctry IS 'ISO 3166 alpha-2 countries (customer residence and merchant location).';

INSERT INTO ref.ctry VALUES
 ('IE','Ireland','EUR',true),('GB','United Kingdom','GBP',false),('DE','Germany','EUR',true),
 ('FR','France','EUR',true),('NL','Netherlands','EUR',true),('PL','Poland','PLN',true),
 ('ES','Spain','EUR',true),('SE','Sweden','SEK',true),('LU','Luxembourg','EUR',true),
 ('US','United States','USD',false),('CH','Switzerland','CHF',false),('MT','Malta','EUR',true),
 ('GI','Gibraltar','GBP',false),('EE','Estonia','EUR',true),('LT','Lithuania','EUR',true),
 ('BE','Belgium','EUR',true),('IT','Italy','EUR',true),('PT','Portugal','EUR',true);

CREATE TABLE ref.mcc (
    mcc       char(4) PRIMARY KEY,
    mcc_desc  text NOT NULL,
    mcc_grp   text NOT NULL,
    high_risk boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE ref.mcc IS 'Merchant category codes (ISO 18245). Maintained by hand from the scheme bulletins - may lag behind new codes.';
COMMENT ON COLUMN ref.mcc.high_risk IS 'true = restricted category, txns get extra AML monitoring';

INSERT INTO ref.mcc VALUES
 ('4111','Commuter Transport, Ferries','Travel',false),
 ('4121','Taxicabs/Limousines','Travel',false),
 ('4511','Airlines, Air Carriers','Travel',false),
 ('4814','Telecommunication Services','Bills',false),
 ('4900','Utilities','Bills',false),
 ('5045','Computers, Peripherals, Software','Business',false),
 ('5311','Department Stores','Retail',false),
 ('5411','Grocery Stores, Supermarkets','Groceries',false),
 ('5541','Service Stations','Motoring',false),
 ('5691','Clothing Stores','Retail',false),
 ('5732','Electronics Stores','Retail',false),
 ('5812','Eating Places, Restaurants','Eating out',false),
 ('5814','Fast Food Restaurants','Eating out',false),
 ('5815','Digital Goods - Media','Digital',false),
 ('5816','Digital Goods - Games','Digital',false),
 ('5912','Drug Stores, Pharmacies','Health',false),
 ('5942','Book Stores','Retail',false),
 ('5968','Direct Marketing - Subscription','Digital',false),
 ('5999','Miscellaneous Retail','Retail',false),
 ('6011','Financial Institutions - Manual/Automated Cash Disbursements','Cash',false),
 ('6051','Quasi Cash - Non-Financial Institutions','Cash',true),
 ('7011','Hotels, Motels, Resorts','Travel',false),
 ('7372','Computer Programming, Data Processing','Business',false),
 ('7832','Motion Picture Theaters','Leisure',false),
 ('7995','Betting, incl. Lottery Tickets, Casino Chips','Gambling',true),
 ('8999','Professional Services','Business',false);

CREATE TABLE ref.fx_rate (
    rate_dt  date    NOT NULL,
    ccy_cd   char(3) NOT NULL REFERENCES ref.ccy,
    eur_rate numeric(14,6) NOT NULL CHECK (eur_rate > 0),
    src      text NOT NULL DEFAULT 'ECB',
    PRIMARY KEY (rate_dt, ccy_cd)
);
COMMENT ON TABLE ref.fx_rate IS 'Daily ECB reference rates. TARGET business days only - no rows on weekends/holidays, use the last published rate. No row for EUR itself (rate 1).';
COMMENT ON COLUMN ref.fx_rate.eur_rate IS 'units of ccy_cd per 1 EUR (ECB quotation), e.g. GBP 0.85 means 1 EUR = 0.85 GBP';

INSERT INTO ref.fx_rate (rate_dt, ccy_cd, eur_rate)
SELECT d::date, c.ccy,
       round((c.base * (1 + c.amp*sin((d::date - date '2023-01-02')/c.per + c.ph)
                          + 0.004*(pg_temp.rnd('fx'||c.ccy||d::date) - 0.5)))::numeric, 6)
FROM generate_series(date '2023-01-02', date '2024-06-28', interval '1 day') d
CROSS JOIN (VALUES ('GBP',0.8650,0.022,53.0,0.3),('USD',1.0850,0.030,47.0,1.1),
                   ('PLN',4.4500,0.035,61.0,2.0),('SEK',11.3500,0.028,44.0,0.7),
                   ('CHF',0.9650,0.025,57.0,2.6)) c(ccy,base,amp,per,ph)
WHERE extract(isodow FROM d) < 6
  AND d::date NOT IN (date '2023-04-07', date '2023-04-10', date '2023-05-01', date '2023-12-25',
                      date '2023-12-26', date '2024-01-01', date '2024-03-29', date '2024-04-01',
                      date '2024-05-01')
ORDER BY 1, 2;

CREATE TABLE ref.dspt_rsn (
    rsn_cd   varchar(8) PRIMARY KEY,
    rsn_desc text NOT NULL,
    rsn_cat  text NOT NULL
);
COMMENT ON TABLE ref.dspt_rsn IS 'Visa dispute condition codes we use (Mastercard disputes are mapped onto these).';
INSERT INTO ref.dspt_rsn VALUES
 ('10.4','Other Fraud - Card-Absent Environment','Fraud'),
 ('11.3','No Authorization','Authorisation'),
 ('12.5','Incorrect Amount','Processing Error'),
 ('12.6.1','Duplicate Processing','Processing Error'),
 ('13.1','Merchandise/Services Not Received','Consumer Dispute'),
 ('13.2','Cancelled Recurring Transaction','Consumer Dispute'),
 ('13.3','Not as Described or Defective Merchandise','Consumer Dispute'),
 ('13.7','Cancelled Merchandise/Services','Consumer Dispute');

-- =====================================================================
--  CUSTOMERS / ACCOUNTS
-- =====================================================================
CREATE TABLE core.cust (
    cust_id         integer PRIMARY KEY,
    cust_ref        varchar(10) NOT NULL UNIQUE,
    cust_type       char(1) NOT NULL CHECK (cust_type IN ('R','B')),
    first_nm        text,
    last_nm         text,
    biz_nm          text,
    reg_no          text,
    birth_dt        date,
    ctry_cd         char(2) NOT NULL REFERENCES ref.ctry,
    email           text NOT NULL,
    kyc_status      smallint NOT NULL DEFAULT 0 CHECK (kyc_status IN (0,1,2,3,4,9)),
    kyc_verified_at timestamp,
    risk_rating     char(1) CHECK (risk_rating IN ('L','M','H')),
    onboarded_dt    date NOT NULL,
    closed_dt       date,
    CHECK ((cust_type = 'R' AND last_nm IS NOT NULL) OR (cust_type = 'B' AND biz_nm IS NOT NULL))
);
COMMENT ON TABLE core.cust IS 'Customers (retail individuals and business / sole-trader clients).';
COMMENT ON COLUMN core.cust.cust_type IS 'R = retail (individual), B = business';
COMMENT ON COLUMN core.cust.kyc_status IS 'KYC status: 0 = not started, 1 = pending documents, 2 = verified, 3 = enhanced due diligence (EDD) required / under EDD, 4 = rejected, 9 = expired (periodic review overdue, account frozen)';
COMMENT ON COLUMN core.cust.kyc_verified_at IS 'when KYC was last passed; NULL = never verified';
COMMENT ON COLUMN core.cust.risk_rating IS 'AML risk rating L/M/H; NULL until first assessment';
COMMENT ON COLUMN core.cust.closed_dt IS 'relationship ended; NULL = still a customer';
COMMENT ON COLUMN core.cust.reg_no IS 'company registration number, business customers only';

CREATE TABLE core.acct (
    acct_id     integer PRIMARY KEY,
    acct_no     varchar(12) NOT NULL UNIQUE,
    acct_type   varchar(4) NOT NULL CHECK (acct_type IN ('WLT','BIZ','POT')),
    ccy_cd      char(3) NOT NULL REFERENCES ref.ccy,
    status      char(1) NOT NULL DEFAULT 'P' CHECK (status IN ('P','A','D','F','C')),
    opened_dt   date NOT NULL,
    closed_dt   date,
    nickname    text,
    upd_at      timestamp NOT NULL DEFAULT '2024-06-30 00:00'
);
COMMENT ON TABLE core.acct IS 'E-money accounts (one currency each). Owners are in core.acct_owner_hist - there is deliberately no cust_id here.';
COMMENT ON COLUMN core.acct.acct_type IS 'WLT = retail wallet, BIZ = business account, POT = savings pot (no card)';
COMMENT ON COLUMN core.acct.status IS 'P = pending activation (KYC not complete), A = active, D = dormant (no customer activity 12m), F = frozen (compliance hold), C = closed';
COMMENT ON COLUMN core.acct.closed_dt IS 'NULL = open';

CREATE TABLE core.acct_owner_hist (
    acct_id    integer NOT NULL REFERENCES core.acct,
    cust_id    integer NOT NULL REFERENCES core.cust,
    role_cd    varchar(3) NOT NULL CHECK (role_cd IN ('PRI','JNT','SIG')),
    valid_from date NOT NULL,
    valid_to   date,
    chg_rsn    text,
    PRIMARY KEY (acct_id, cust_id, role_cd, valid_from),
    CHECK (valid_to IS NULL OR valid_to > valid_from)
);
COMMENT ON TABLE core.acct_owner_hist IS 'Who holds which account over time (SCD2 bridge). Exactly one PRI row per account at any date.';
COMMENT ON COLUMN core.acct_owner_hist.role_cd IS 'PRI = primary holder, JNT = joint holder, SIG = authorised signatory (business accounts)';
COMMENT ON COLUMN core.acct_owner_hist.valid_to IS 'exclusive end date; NULL = current';

-- =====================================================================
--  GENERAL LEDGER
-- =====================================================================
CREATE TABLE gl.gl_acct (
    gl_acct_cd  char(4) PRIMARY KEY,
    gl_acct_nm  text NOT NULL,
    gl_class    char(1) NOT NULL CHECK (gl_class IN ('A','L','E','I','X')),
    cust_sub_ledger boolean NOT NULL DEFAULT false
);
COMMENT ON TABLE gl.gl_acct IS 'Chart of accounts';
COMMENT ON COLUMN gl.gl_acct.gl_class IS 'A = asset, L = liability, E = equity, I = income, X = expense. A/X are debit-normal, L/E/I credit-normal.';
COMMENT ON COLUMN gl.gl_acct.cust_sub_ledger IS 'postings to this GL carry core.acct acct_id (customer sub-ledger)';

INSERT INTO gl.gl_acct VALUES
 ('1010','Safeguarding bank account - client funds','A',false),
 ('1020','Operating bank account','A',false),
 ('1200','Chargeback receivable - card scheme','A',false),
 ('1900','FX conversion clearing','A',false),
 ('2000','Customer e-money balances','L',true),
 ('2100','Card scheme settlement payable','L',false),
 ('3000','Retained earnings','E',false),
 ('4000','Fee income - account & card','I',false),
 ('4010','FX markup income','I',false),
 ('5000','Chargeback losses','X',false),
 ('6000','Goodwill & compensation expense','X',false),
 ('9999','Suspense','L',false);

CREATE TABLE gl.jrnl_entry (
    je_id       bigint PRIMARY KEY,
    je_dt       date NOT NULL,
    je_type     varchar(6) NOT NULL CHECK (je_type IN ('MIGR','TOPUP','PAYOUT','CARD','FEE','P2P','XFER','FX','CHBK','ADJ','REV')),
    src_ref     text,
    descr       text,
    reversal_of bigint REFERENCES gl.jrnl_entry,
    created_at  timestamp NOT NULL,
    created_by  text NOT NULL DEFAULT 'ledger-svc'
);
COMMENT ON TABLE gl.jrnl_entry IS 'Journal entry headers. Every entry balances to zero per currency across its postings.';
COMMENT ON COLUMN gl.jrnl_entry.je_type IS 'MIGR = opening balance migrated from legacy core (2023-06-30), TOPUP = incoming bank transfer, PAYOUT = withdrawal to external bank, CARD = cleared card txn, FEE = fee charged, P2P = transfer between two customers, XFER = transfer between own accounts (wallet <-> pot), FX = currency conversion, CHBK = chargeback credited to customer, ADJ = manual adjustment, REV = reversal of reversal_of';
COMMENT ON COLUMN gl.jrnl_entry.je_dt IS 'booking (value) date';
COMMENT ON COLUMN gl.jrnl_entry.reversal_of IS 'for REV entries: the je_id being reversed';

CREATE TABLE gl.jrnl_posting (
    posting_id  bigint PRIMARY KEY,
    je_id       bigint NOT NULL REFERENCES gl.jrnl_entry,
    line_no     smallint NOT NULL,
    gl_acct_cd  char(4) NOT NULL REFERENCES gl.gl_acct,
    acct_id     integer REFERENCES core.acct,
    ccy_cd      char(3) NOT NULL REFERENCES ref.ccy,
    amt         numeric(16,2) NOT NULL CHECK (amt <> 0),
    UNIQUE (je_id, line_no)
);
COMMENT ON TABLE gl.jrnl_posting IS 'Journal lines (postings).';
COMMENT ON COLUMN gl.jrnl_posting.amt IS 'signed amount in ccy_cd: positive = DEBIT, negative = CREDIT. Customer e-money (GL 2000) is a liability, so a customer''s balance = -SUM(amt) of its postings (credits increase the balance).';
COMMENT ON COLUMN gl.jrnl_posting.acct_id IS 'customer account for sub-ledger GL 2000; NULL for house GL lines';

-- =====================================================================
--  CARDS
-- =====================================================================
CREATE TYPE card.card_sts AS ENUM ('ACT','BLK','LST','EXP','CLS');
COMMENT ON TYPE card.card_sts IS 'ACT = active, BLK = blocked (compliance/customer freeze), LST = reported lost/stolen (replaced), EXP = expired, CLS = closed with the account';

CREATE TABLE card.card (
    card_id    integer PRIMARY KEY,
    acct_id    integer NOT NULL REFERENCES core.acct,
    card_type  char(3) NOT NULL CHECK (card_type IN ('PHY','VRT')),
    pan_last4  char(4) NOT NULL,
    status     card.card_sts NOT NULL DEFAULT 'ACT',
    issued_dt  date NOT NULL,
    exp_dt     date NOT NULL,
    status_dt  date,
    replaces_card_id integer REFERENCES card.card
);
COMMENT ON COLUMN card.card.card_type IS 'PHY = physical debit card, VRT = virtual card';
COMMENT ON COLUMN card.card.status_dt IS 'date of the last status change; NULL = never changed since issue';

CREATE TABLE card.card_txn (
    txn_id        bigint PRIMARY KEY,
    card_id       integer NOT NULL REFERENCES card.card,
    txn_ts        timestamp NOT NULL,
    txn_amt       numeric(14,2) NOT NULL,
    txn_ccy       char(3) NOT NULL REFERENCES ref.ccy,
    bill_amt      numeric(14,2) NOT NULL,
    mcc           char(4) NOT NULL,
    merchant_nm   text NOT NULL,
    merchant_ctry char(2) NOT NULL,
    entry_mode    varchar(4) NOT NULL,
    status        varchar(4) NOT NULL CHECK (status IN ('AUTH','CLR','REV','DECL')),
    resp_cd       char(2) NOT NULL,
    auth_cd       char(6),
    clr_dt        date,
    je_id         bigint REFERENCES gl.jrnl_entry
);
COMMENT ON TABLE card.card_txn IS 'Card authorisations and their clearing. Declined auths are kept too.';
COMMENT ON COLUMN card.card_txn.txn_ts IS 'authorisation time, UTC';
COMMENT ON COLUMN card.card_txn.txn_amt IS 'amount in merchant currency (txn_ccy)';
COMMENT ON COLUMN card.card_txn.bill_amt IS 'amount in the account currency, as debited from the customer';
COMMENT ON COLUMN card.card_txn.mcc IS 'merchant category code as sent by the scheme - not FK''d to ref.mcc on purpose, new codes arrive before we update ref.mcc';
COMMENT ON COLUMN card.card_txn.entry_mode IS 'CHIP = chip & PIN, CTLS = contactless, ECOM = online / card-not-present, MAG = magstripe fallback';
COMMENT ON COLUMN card.card_txn.status IS 'AUTH = authorised, not yet cleared; CLR = cleared (posted to ledger); REV = authorisation reversed by merchant; DECL = declined';
COMMENT ON COLUMN card.card_txn.resp_cd IS 'ISO 8583 response code: 00 = approved, 05 = do not honour, 51 = insufficient funds, 54 = expired card, 61 = exceeds withdrawal/spend limit';
COMMENT ON COLUMN card.card_txn.clr_dt IS 'clearing date; NULL = not cleared';
COMMENT ON COLUMN card.card_txn.je_id IS 'ledger entry created at clearing';

-- =====================================================================
--  OPS: fees, disputes
-- =====================================================================
CREATE TABLE ops.fee_sched (
    fee_cd    varchar(3) NOT NULL,
    ccy_cd    char(3) NOT NULL REFERENCES ref.ccy,
    fee_desc  text NOT NULL,
    pct       numeric(5,3),
    flat_amt  numeric(10,2),
    gl_acct_cd char(4) NOT NULL REFERENCES gl.gl_acct,
    PRIMARY KEY (fee_cd, ccy_cd)
);
COMMENT ON TABLE ops.fee_sched IS 'Price list. pct is a percentage of the billed amount, flat_amt is in ccy_cd.';

INSERT INTO ops.fee_sched
SELECT f.fee_cd, c.ccy_cd, f.fee_desc, f.pct,
       CASE WHEN f.flat IS NULL THEN NULL
            ELSE round(f.flat * CASE c.ccy_cd WHEN 'EUR' THEN 1 WHEN 'GBP' THEN 0.875 WHEN 'USD' THEN 1.25
                                            WHEN 'PLN' THEN 4 WHEN 'SEK' THEN 11 WHEN 'CHF' THEN 1 END, 2) END,
       f.gl
FROM (VALUES ('FXM','FX markup on card spend in a foreign currency',1.500,NULL::numeric,'4010'),
             ('ATM','ATM cash withdrawal',NULL,2.00,'4000'),
             ('MNT','Business account monthly fee',NULL,9.00,'4000'),
             ('CRD','Replacement card',NULL,5.00,'4000')) f(fee_cd,fee_desc,pct,flat,gl)
CROSS JOIN ref.ccy c
ORDER BY 1,2;

CREATE TABLE ops.fee (
    fee_id     bigint PRIMARY KEY,
    acct_id    integer NOT NULL REFERENCES core.acct,
    fee_cd     varchar(3) NOT NULL,
    ccy_cd     char(3) NOT NULL,
    txn_id     bigint REFERENCES card.card_txn,
    amt        numeric(12,2) NOT NULL CHECK (amt > 0),
    charged_dt date NOT NULL,
    waived     boolean NOT NULL DEFAULT false,
    waive_rsn  text,
    je_id      bigint REFERENCES gl.jrnl_entry,
    FOREIGN KEY (fee_cd, ccy_cd) REFERENCES ops.fee_sched
);
COMMENT ON COLUMN ops.fee.txn_id IS 'card txn the fee relates to (FXM, ATM); NULL for account-level fees';
COMMENT ON COLUMN ops.fee.waived IS 'true = fee waived, nothing posted (je_id NULL)';
COMMENT ON COLUMN ops.fee.waive_rsn IS 'PROMO_3M = first three months free for new business accounts, GOODWILL, COMPLAINT';

CREATE TYPE ops.dspt_sts AS ENUM ('OPEN','CHBK','REPR','PARB','WON','LOST','WDRN','REJ');
COMMENT ON TYPE ops.dspt_sts IS 'OPEN = raised by customer, CHBK = chargeback sent to scheme, REPR = merchant re-presented, PARB = pre-arbitration, WON = resolved in customer''s favour, LOST = resolved for merchant, WDRN = withdrawn by customer, REJ = rejected by us (e.g. out of time)';

CREATE TABLE ops.dispute (
    dispute_id  integer PRIMARY KEY,
    txn_id      bigint NOT NULL REFERENCES card.card_txn,
    rsn_cd      varchar(8) NOT NULL REFERENCES ref.dspt_rsn,
    disp_amt    numeric(14,2) NOT NULL,
    opened_dt   date NOT NULL,
    status      ops.dspt_sts NOT NULL,
    closed_dt   date,
    assigned_to text
);
COMMENT ON TABLE ops.dispute IS 'Card disputes / chargebacks. status is the latest row of ops.dispute_status_hist.';
COMMENT ON COLUMN ops.dispute.disp_amt IS 'disputed amount in the account (billing) currency';
COMMENT ON COLUMN ops.dispute.closed_dt IS 'date the dispute reached WON/LOST/WDRN/REJ; NULL = still open';

CREATE TABLE ops.dispute_status_hist (
    dispute_id integer NOT NULL REFERENCES ops.dispute,
    seq_no     smallint NOT NULL,
    status     ops.dspt_sts NOT NULL,
    changed_at timestamp NOT NULL,
    changed_by text NOT NULL,
    note       text,
    PRIMARY KEY (dispute_id, seq_no)
);

-- =====================================================================
--  DATA: customers
-- =====================================================================
CREATE TEMP TABLE t_ccy_scale (ccy_cd char(3) PRIMARY KEY, sc numeric);
INSERT INTO t_ccy_scale VALUES ('EUR',1),('GBP',0.86),('USD',1.08),('PLN',4.4),('SEK',11.3),('CHF',0.97);

INSERT INTO core.cust
SELECT i,
       'C' || (100000 + i),
       ct,
       CASE WHEN ct = 'R' THEN fn END,
       CASE WHEN ct = 'R' THEN ln END,
       CASE WHEN ct = 'B' THEN bn END,
       CASE WHEN ct = 'B' THEN ctry || '-' || (300000 + pg_temp.ri('reg'||i, 600000)) END,
       CASE WHEN ct = 'R' THEN date '1950-01-01' + pg_temp.ri('dob'||i, 18500) END,
       ctry,
       lower(CASE WHEN ct = 'R' THEN translate(fn,'ÁÉÍÓÚáéíóúäöüßøåłńśźżąęćó','AEIOUaeiouaousoalnszzaeco') || '.' || translate(ln,' ''ÁÉÍÓÚáéíóúäöüßøåłńśźżąęćó','AEIOUaeiouaousoalnszzaeco') || i
                  ELSE 'accounts' || i || '@' || regexp_replace(lower(bn), '[^a-z]', '', 'g') END)
         || CASE WHEN ct = 'R' THEN (ARRAY['@gmail.com','@outlook.com','@yahoo.com','@icloud.com','@proton.me'])[1 + pg_temp.ri('em'||i,5)]
                 ELSE '.com' END,
       kyc,
       CASE WHEN kyc IN (2,3,9) THEN least(onb + (CASE WHEN kyc = 9 THEN 0 ELSE pg_temp.ri('kv'||i, 12) END), date '2024-06-30')::timestamp
                                   + make_interval(mins => 480 + pg_temp.ri('kvt'||i, 600)) END,
       CASE WHEN kyc IN (0,1,4) AND pg_temp.rnd('rr0'||i) < 0.6 THEN NULL
            WHEN kyc = 3 THEN 'H'
            WHEN pg_temp.rnd('rr'||i) < 0.72 THEN 'L'
            WHEN pg_temp.rnd('rr'||i) < 0.97 THEN 'M' ELSE 'H' END,
       onb,
       CASE WHEN kyc IN (2,3) AND pg_temp.rnd('cl'||i) < 0.045 AND onb < date '2024-03-01'
            THEN onb + 60 + pg_temp.ri('cld'||i, date '2024-06-25' - onb - 60) END
FROM (
  SELECT i, ct, ctry, onb,
         CASE WHEN onb > date '2024-06-10' AND k < 0.75 THEN 1
              WHEN k < 0.030 THEN 0
              WHEN k < 0.075 THEN 1
              WHEN k < 0.115 THEN 4
              WHEN k < 0.160 THEN 3
              WHEN k < 0.215 AND onb < date '2022-09-01' THEN 9
              ELSE 2 END AS kyc,
         (ARRAY['Aoife','Ciara','Sean','Conor','Niamh','Cian','Emma','Jack','Oliver','Amelia','Harry','Isla',
                'Lukas','Lena','Felix','Mia','Jonas','Hannah','Louis','Chloe','Hugo','Manon','Lucas','Camille',
                'Daan','Sanne','Bram','Fleur','Jakub','Zofia','Kacper','Julia','Mateusz','Alicja','Pablo','Lucia',
                'Javier','Carmen','Erik','Astrid','Oskar','Elsa','Liam','Grace','Noah','Sophie','Tom','Anna'])[1 + pg_temp.ri('fn'||i, 48)] AS fn,
         (ARRAY['Murphy','Kelly','O''Brien','Byrne','Ryan','Walsh','Doyle','McCarthy','Smith','Jones','Taylor',
                'Brown','Wilson','Evans','Thomas','Roberts','Muller','Schmidt','Schneider','Fischer','Weber',
                'Wagner','Becker','Martin','Bernard','Dubois','Durand','Lefebvre','Moreau','de Jong','Jansen',
                'de Vries','van Dijk','Bakker','Nowak','Kowalski','Wisniewski','Wojcik','Kaminski','Garcia',
                'Fernandez','Lopez','Martinez','Sanchez','Johansson','Andersson','Karlsson','Nilsson','Larsson',
                'Gallagher','Quinn','Kennedy','Lynch','Hughes','Clarke','Walker','Hoffmann','Lambert','Mertens','Novak'])[1 + pg_temp.ri('ln'||i, 60)] AS ln,
         (ARRAY['Harbour','Copper','Northside','Bluebell','Granite','Meadow','Silver','Oak','Atlantic','Summit',
                'Riverside','Liberty','Kite','Falcon','Cedar','Amber','Ivy','Phoenix','Lantern','Orchard',
                'Willow','Beacon','Crescent','Highland','Juniper','Marble','Nova','Pioneer','Quay','Saffron'])[1 + (i % 30)]
           || ' ' ||
         (ARRAY['Coffee','Logistics','Studio','Bakery','Consulting','Digital','Builders','Dental','Florists','Motors',
                'Print','Labs','Events','Foods','Fitness','Design','Media','Trading','Tours','Interiors',
                'Garage','Kitchen','Analytics','Outdoors','Cycles','Optics','Software','Crafts','Ventures','Pharmacy'])[1 + ((i / 30) % 30)]
           || CASE WHEN i >= 900 THEN ' ' || (ARRAY['& Co','Group','Partners','Works'])[i / 900] ELSE '' END
           || ' ' ||
         CASE ctry WHEN 'IE' THEN 'Ltd' WHEN 'GB' THEN 'Ltd' WHEN 'DE' THEN 'GmbH' WHEN 'FR' THEN 'SARL'
                   WHEN 'NL' THEN 'B.V.' WHEN 'PL' THEN 'Sp. z o.o.' WHEN 'ES' THEN 'S.L.' ELSE 'AB' END AS bn
  FROM (
    SELECT i,
           CASE WHEN pg_temp.rnd('ct'||i) < 0.2 THEN 'B' ELSE 'R' END AS ct,
           CASE WHEN c < 0.30 THEN 'IE' WHEN c < 0.50 THEN 'GB' WHEN c < 0.62 THEN 'DE' WHEN c < 0.70 THEN 'FR'
                WHEN c < 0.78 THEN 'NL' WHEN c < 0.88 THEN 'PL' WHEN c < 0.95 THEN 'ES' ELSE 'SE' END AS ctry,
           date '2021-03-01' + floor(sqrt(pg_temp.rnd('onb'||i)) * (date '2024-06-28' - date '2021-03-01'))::int AS onb,
           pg_temp.rnd('kyc'||i) AS k
    FROM (SELECT i, pg_temp.rnd('ctry'||i) AS c FROM generate_series(1,3000) i) s0
  ) s1
) s2
ORDER BY i;

-- =====================================================================
--  DATA: accounts + ownership
-- =====================================================================
CREATE TEMP TABLE t_acct AS
SELECT row_number() OVER (ORDER BY c.cust_id, k)::int AS acct_id, c.cust_id, c.cust_type, c.ctry_cd, c.kyc_status,
       c.closed_dt AS cust_closed, c.onboarded_dt, k,
       CASE WHEN c.cust_type = 'B' THEN 'BIZ' WHEN k = 3 THEN 'POT' ELSE 'WLT' END AS acct_type,
       CASE WHEN k = 1 OR (c.cust_type = 'R' AND k = 3) THEN h.home_ccy
            WHEN pg_temp.rnd('cx'||c.cust_id||k) < 0.04 THEN 'CHF'
            WHEN h.home_ccy = 'EUR' THEN (CASE WHEN pg_temp.rnd('cy'||c.cust_id||k) < 0.55 THEN 'GBP' ELSE 'USD' END)
            WHEN h.home_ccy = 'GBP' THEN (CASE WHEN pg_temp.rnd('cy'||c.cust_id||k) < 0.7 THEN 'EUR' ELSE 'USD' END)
            ELSE (CASE WHEN pg_temp.rnd('cy'||c.cust_id||k) < 0.75 THEN 'EUR' ELSE 'USD' END) END AS ccy_cd,
       least(c.onboarded_dt + CASE WHEN k = 1 THEN pg_temp.ri('od'||c.cust_id, 3)
                                   ELSE 20 + pg_temp.ri('od'||c.cust_id||k, 400) END, date '2024-06-29') AS opened_dt
FROM core.cust c
JOIN ref.ctry h USING (ctry_cd)
CROSS JOIN LATERAL generate_series(1, 1 + (pg_temp.rnd('na1'||c.cust_id) < CASE c.cust_type WHEN 'B' THEN 0.45 ELSE 0.33 END)::int
                                         + (pg_temp.rnd('na2'||c.cust_id) < 0.12)::int) k
WHERE c.kyc_status IN (1,2,3,9)
  AND (k = 1 OR c.kyc_status <> 1);

-- second account in the same currency as the first is not allowed: fix up
UPDATE t_acct t SET ccy_cd = CASE WHEN t.ccy_cd = 'USD' THEN 'GBP' ELSE 'USD' END
WHERE t.k = 2 AND EXISTS (SELECT 1 FROM t_acct f WHERE f.cust_id = t.cust_id AND f.k = 1 AND f.ccy_cd = t.ccy_cd);
UPDATE t_acct t SET ccy_cd = 'EUR'
WHERE t.k = 3 AND t.acct_type = 'BIZ' AND EXISTS (SELECT 1 FROM t_acct f WHERE f.cust_id = t.cust_id AND f.k < 3 AND f.ccy_cd = t.ccy_cd);
UPDATE t_acct t SET ccy_cd = 'CHF'
WHERE t.k = 3 AND t.acct_type = 'BIZ' AND EXISTS (SELECT 1 FROM t_acct f WHERE f.cust_id = t.cust_id AND f.k < 3 AND f.ccy_cd = t.ccy_cd);

ALTER TABLE t_acct ADD COLUMN status char(1), ADD COLUMN closed_dt date, ADD COLUMN frz_dt date;
UPDATE t_acct SET
  closed_dt = CASE WHEN cust_closed IS NOT NULL THEN greatest(cust_closed, opened_dt + 1)
                   WHEN kyc_status IN (2,3) AND k > 1 AND pg_temp.rnd('ac'||acct_id) < 0.06 AND opened_dt < date '2024-04-01'
                        THEN opened_dt + 30 + pg_temp.ri('acd'||acct_id, date '2024-06-28' - opened_dt - 30) END;
UPDATE t_acct SET frz_dt = CASE WHEN kyc_status = 9 AND closed_dt IS NULL
                                THEN least(greatest(opened_dt + 10, date '2023-09-01' + pg_temp.ri('frz'||cust_id, 250)), date '2024-06-30') END;
UPDATE t_acct SET status = CASE WHEN closed_dt IS NOT NULL THEN 'C'
                                WHEN kyc_status = 1 THEN 'P'
                                WHEN kyc_status = 9 THEN 'F'
                                WHEN kyc_status = 3 AND pg_temp.rnd('ef'||acct_id) < 0.15 THEN 'F'
                                WHEN opened_dt < date '2023-03-01' AND pg_temp.rnd('dm'||acct_id) < 0.05 THEN 'D'
                                ELSE 'A' END;
UPDATE t_acct SET frz_dt = least(greatest(opened_dt + 10, date '2024-02-01' + pg_temp.ri('frz3'||acct_id, 140)), date '2024-06-30')
WHERE status = 'F' AND kyc_status = 3;
-- dormant accounts: no customer activity in the last 12 months
ALTER TABLE t_acct ADD COLUMN act_to date;
UPDATE t_acct SET act_to = CASE status WHEN 'C' THEN closed_dt WHEN 'F' THEN frz_dt
                                   WHEN 'D' THEN date '2023-06-10' - pg_temp.ri('dmd'||acct_id, 300)
                                   WHEN 'P' THEN opened_dt
                                   ELSE date '2024-06-30' END;

INSERT INTO core.acct (acct_id, acct_no, acct_type, ccy_cd, status, opened_dt, closed_dt, nickname, upd_at)
SELECT acct_id, 'KST' || lpad((4100000 + acct_id * 7)::text, 8, '0'), acct_type, ccy_cd, status, opened_dt, closed_dt,
       CASE WHEN acct_type = 'POT' THEN (ARRAY['Holiday','Rainy day','Car','House deposit','Wedding','Christmas'])[1 + pg_temp.ri('nk'||acct_id, 6)]
            WHEN acct_type = 'WLT' AND k > 1 AND pg_temp.rnd('nk2'||acct_id) < 0.4 THEN ccy_cd || ' spending' END,
       (coalesce(closed_dt, frz_dt, opened_dt) + time '09:00' + make_interval(mins => pg_temp.ri('ut'||acct_id, 500)))
FROM t_acct ORDER BY acct_id;

-- ownership: primary holder; some business accounts moved to another business (restructuring),
-- some retail wallets had a joint holder added; business accounts have signatories.
CREATE TEMP TABLE t_own_chg AS
SELECT a.acct_id, a.cust_id AS old_cust,
       (SELECT b.cust_id FROM core.cust b
         WHERE b.cust_type = 'B' AND b.kyc_status = 2 AND b.closed_dt IS NULL AND b.cust_id <> a.cust_id
           AND b.onboarded_dt < date '2023-07-01'
         ORDER BY md5('nb'||a.acct_id||b.cust_id) LIMIT 1) AS new_cust,
       greatest(a.opened_dt + 60, date '2023-08-01') + pg_temp.ri('chg'||a.acct_id, 240) AS chg_dt
FROM t_acct a
WHERE a.acct_type = 'BIZ' AND a.status IN ('A','D') AND a.opened_dt < date '2023-09-01'
  AND pg_temp.rnd('own'||a.acct_id) < 0.07;

INSERT INTO core.acct_owner_hist (acct_id, cust_id, role_cd, valid_from, valid_to, chg_rsn)
SELECT a.acct_id, a.cust_id, 'PRI', a.opened_dt, o.chg_dt, NULL
FROM t_acct a LEFT JOIN t_own_chg o USING (acct_id)
UNION ALL
SELECT o.acct_id, o.new_cust, 'PRI', o.chg_dt, NULL,
       (ARRAY['business transfer / acquisition','company restructuring','sole trader incorporated'])[1 + pg_temp.ri('cr'||o.acct_id,3)]
FROM t_own_chg o
UNION ALL
-- joint holders on retail wallets
SELECT a.acct_id, j.cust_id, 'JNT', greatest(a.opened_dt, j.onboarded_dt) + pg_temp.ri('jf'||a.acct_id, 200),
       CASE WHEN pg_temp.rnd('jt'||a.acct_id) < 0.25 THEN greatest(a.opened_dt, j.onboarded_dt) + 220 + pg_temp.ri('jt2'||a.acct_id, 200) END,
       'joint holder added'
FROM t_acct a
CROSS JOIN LATERAL (SELECT c.cust_id, c.onboarded_dt FROM core.cust c
                    WHERE c.cust_type = 'R' AND c.kyc_status = 2 AND c.ctry_cd = a.ctry_cd AND c.cust_id <> a.cust_id
                    ORDER BY md5('jn'||a.acct_id||c.cust_id) LIMIT 1) j
WHERE a.acct_type = 'WLT' AND a.k = 1 AND a.status = 'A' AND pg_temp.rnd('jnt'||a.acct_id) < 0.06
UNION ALL
-- signatories on business accounts
SELECT a.acct_id, s.cust_id, 'SIG', greatest(a.opened_dt, s.onboarded_dt), NULL, NULL
FROM t_acct a
CROSS JOIN LATERAL (SELECT c.cust_id, c.onboarded_dt FROM core.cust c
                    WHERE c.cust_type = 'R' AND c.kyc_status = 2 AND c.ctry_cd = a.ctry_cd
                    ORDER BY md5('sg'||a.cust_id||c.cust_id) LIMIT 1) s
WHERE a.acct_type = 'BIZ' AND pg_temp.rnd('sig'||a.cust_id) < 0.3
ORDER BY 1, 4, 3;
-- joint holder end dates beyond today are simply still current
UPDATE core.acct_owner_hist SET valid_to = NULL WHERE valid_to > date '2024-06-30';
DELETE FROM core.acct_owner_hist WHERE valid_from > date '2024-06-30';

-- =====================================================================
--  DATA: cards
-- =====================================================================
CREATE TEMP TABLE t_card AS
SELECT a.acct_id, 'PHY'::text AS card_type, 1 AS gen,
       a.opened_dt + 2 + pg_temp.ri('ci'||a.acct_id, 5) AS issued_dt, a.status AS acct_status, a.closed_dt, a.frz_dt, a.act_to
FROM t_acct a WHERE a.acct_type IN ('WLT','BIZ') AND a.status <> 'P'
UNION ALL
SELECT a.acct_id, 'VRT', 1,
       a.opened_dt + 10 + pg_temp.ri('cv'||a.acct_id, 300), a.status, a.closed_dt, a.frz_dt, a.act_to
FROM t_acct a WHERE a.acct_type IN ('WLT','BIZ') AND a.status <> 'P' AND pg_temp.rnd('vrt'||a.acct_id) < 0.18;
DELETE FROM t_card WHERE issued_dt >= coalesce(act_to, date '2024-06-30') AND card_type = 'VRT';
UPDATE t_card SET issued_dt = least(issued_dt, date '2024-06-30', greatest(act_to, issued_dt - 3));

ALTER TABLE t_card ADD COLUMN lost_dt date;
UPDATE t_card SET lost_dt = greatest(issued_dt, date '2023-07-01') + 20 + pg_temp.ri('ld'||acct_id, 320)
WHERE card_type = 'PHY' AND pg_temp.rnd('lost'||acct_id) < 0.07;
UPDATE t_card SET lost_dt = NULL WHERE lost_dt >= coalesce(act_to, date '2024-06-30') - 5;

INSERT INTO t_card (acct_id, card_type, gen, issued_dt, acct_status, closed_dt, frz_dt, act_to)
SELECT acct_id, 'PHY', 2, lost_dt + 2 + pg_temp.ri('rp'||acct_id, 3), acct_status, closed_dt, frz_dt, act_to
FROM t_card WHERE lost_dt IS NOT NULL;

INSERT INTO card.card (card_id, acct_id, card_type, pan_last4, status, issued_dt, exp_dt, status_dt)
SELECT row_number() OVER (ORDER BY issued_dt, acct_id, card_type, gen),
       acct_id, card_type, lpad(pg_temp.ri('pan'||acct_id||card_type||gen, 10000)::text, 4, '0'),
       CASE WHEN lost_dt IS NOT NULL THEN 'LST'
            WHEN acct_status = 'C' THEN 'CLS'
            WHEN acct_status = 'F' THEN 'BLK'
            WHEN acct_status = 'D' AND (date_trunc('month', issued_dt) + interval '3 years 1 month')::date <= date '2024-06-30' THEN 'EXP'
            WHEN acct_status = 'A' AND card_type = 'VRT' AND pg_temp.rnd('vb'||acct_id) < 0.08 THEN 'BLK'
            ELSE 'ACT' END::card.card_sts,
       issued_dt,
       (date_trunc('month', issued_dt) + interval '3 years' + interval '1 month' - interval '1 day')::date,
       CASE WHEN lost_dt IS NOT NULL THEN lost_dt
            WHEN acct_status = 'C' THEN closed_dt
            WHEN acct_status = 'F' THEN frz_dt
            WHEN acct_status = 'D' AND (date_trunc('month', issued_dt) + interval '3 years 1 month')::date <= date '2024-06-30' THEN (date_trunc('month', issued_dt) + interval '3 years' + interval '1 month')::date
            WHEN acct_status = 'A' AND card_type = 'VRT' AND pg_temp.rnd('vb'||acct_id) < 0.08 THEN greatest(issued_dt + 5, date '2024-06-30' - 5 - pg_temp.ri('vbd'||acct_id, 200))
            END
FROM t_card ORDER BY 1;

UPDATE card.card n SET replaces_card_id = o.card_id
FROM card.card o
WHERE o.acct_id = n.acct_id AND o.status = 'LST' AND n.card_type = 'PHY' AND n.card_id > o.card_id
  AND n.issued_dt BETWEEN o.status_dt AND o.status_dt + 5;

-- =====================================================================
--  DATA: card transactions
-- =====================================================================
CREATE TEMP TABLE t_merch (grp text, nm text, mcc char(4), ctry char(2), ccy char(3), avg_amt numeric, w_r numeric, w_b numeric, ecom boolean);
INSERT INTO t_merch VALUES
 -- Ireland
 ('IE','TESCO STORES IE','5411','IE','EUR',38,10,10,false),('IE','SUPERVALU','5411','IE','EUR',31,8,8,false),
 ('IE','CIRCLE K IE','5541','IE','EUR',55,5,7,false),('IE','TFI LEAP CARD','4111','IE','EUR',20,5,3,false),
 ('IE','BOOTS IE','5912','IE','EUR',22,3,2,false),('IE','PENNEYS','5691','IE','EUR',42,3,1,false),
 ('IE','BOI ATM','6011','IE','EUR',90,2,1,false),('IE','SUPERMACS','5814','IE','EUR',14,5,3,false),
 ('IE','EIR','4814','IE','EUR',45,1,2,true),('IE','ELECTRIC IRELAND','4900','IE','EUR',110,1,2,true),
 -- UK
 ('GB','TESCO STORES','5411','GB','GBP',34,10,10,false),('GB','SAINSBURYS','5411','GB','GBP',37,8,8,false),
 ('GB','PRET A MANGER','5814','GB','GBP',9,7,6,false),('GB','TFL TRAVEL CH','4111','GB','GBP',8,7,4,false),
 ('GB','SHELL UK','5541','GB','GBP',52,4,7,false),('GB','BOOTS','5912','GB','GBP',16,3,2,false),
 ('GB','LINK ATM','6011','GB','GBP',60,2,1,false),('GB','PRIMARK','5691','GB','GBP',35,3,1,false),
 ('GB','VODAFONE UK','4814','GB','GBP',30,1,2,true),('GB','OCTOPUS ENERGY','4900','GB','GBP',95,1,2,true),
 -- Germany
 ('DE','REWE','5411','DE','EUR',36,10,8,false),('DE','LIDL DE','5411','DE','EUR',29,9,8,false),
 ('DE','ARAL','5541','DE','EUR',60,5,7,false),('DE','DB VERTRIEB','4111','DE','EUR',45,4,4,true),
 ('DE','DM DROGERIE','5912','DE','EUR',19,4,2,false),('DE','SPARKASSE GA','6011','DE','EUR',100,2,1,false),
 ('DE','VAPIANO','5812','DE','EUR',27,4,4,false),('DE','MEDIAMARKT','5732','DE','EUR',160,1,2,false),
 -- France
 ('FR','CARREFOUR','5411','FR','EUR',41,10,8,false),('FR','MONOPRIX','5411','FR','EUR',26,7,6,false),
 ('FR','TOTALENERGIES','5541','FR','EUR',58,5,7,false),('FR','SNCF','4111','FR','EUR',48,4,4,true),
 ('FR','PHARMACIE LAFAYETTE','5912','FR','EUR',21,3,2,false),('FR','BNP DAB','6011','FR','EUR',80,2,1,false),
 ('FR','PAUL','5814','FR','EUR',11,5,4,false),('FR','FNAC','5732','FR','EUR',90,1,2,false),
 -- Netherlands
 ('NL','ALBERT HEIJN','5411','NL','EUR',33,10,8,false),('NL','JUMBO','5411','NL','EUR',30,8,7,false),
 ('NL','NS REIZIGERS','4111','NL','EUR',18,6,4,false),('NL','SHELL NL','5541','NL','EUR',62,4,7,false),
 ('NL','KRUIDVAT','5912','NL','EUR',17,3,2,false),('NL','ING GELDAUTOMAAT','6011','NL','EUR',70,2,1,false),
 ('NL','HEMA','5311','NL','EUR',24,4,2,false),('NL','COOLBLUE','5732','NL','EUR',140,1,2,true),
 -- Poland
 ('PL','BIEDRONKA','5411','PL','PLN',95,11,8,false),('PL','ZABKA','5411','PL','PLN',28,9,6,false),
 ('PL','ORLEN','5541','PL','PLN',240,5,8,false),('PL','PKP INTERCITY','4111','PL','PLN',85,4,4,true),
 ('PL','ROSSMANN PL','5912','PL','PLN',60,4,2,false),('PL','EURONET ATM','6011','PL','PLN',300,2,1,false),
 ('PL','PIZZA HUT PL','5812','PL','PLN',90,4,3,false),('PL','ALLEGRO','5999','PL','PLN',150,3,3,true),
 -- Spain
 ('ES','MERCADONA','5411','ES','EUR',39,11,8,false),('ES','DIA','5411','ES','EUR',22,7,6,false),
 ('ES','REPSOL','5541','ES','EUR',57,5,7,false),('ES','RENFE','4111','ES','EUR',35,4,4,true),
 ('ES','EL CORTE INGLES','5311','ES','EUR',75,3,2,false),('ES','CAIXABANK CAJERO','6011','ES','EUR',80,2,1,false),
 ('ES','TELEPIZZA','5812','ES','EUR',24,4,3,false),
 -- Sweden
 ('SE','ICA','5411','SE','SEK',380,11,8,false),('SE','COOP SE','5411','SE','SEK',310,8,7,false),
 ('SE','CIRCLE K SE','5541','SE','SEK',650,5,7,false),('SE','SL ACCESS','4111','SE','SEK',120,5,3,false),
 ('SE','APOTEK HJARTAT','5912','SE','SEK',190,3,2,false),('SE','BANKOMAT','6011','SE','SEK',900,2,1,false),
 ('SE','MAX BURGERS','5814','SE','SEK',125,5,3,false),
 -- international / online (weights differ retail vs business)
 ('INTL','AMAZON EU SARL','5999','LU','EUR',46,12,8,true),('INTL','AMAZON.CO.UK','5999','GB','GBP',38,5,3,true),
 ('INTL','NETFLIX.COM','5815','NL','EUR',13,7,1,true),('INTL','SPOTIFY','5815','SE','EUR',11,7,1,true),
 ('INTL','APPLE.COM/BILL','5815','IE','EUR',9,7,2,true),('INTL','STEAM PURCHASE','5816','US','USD',24,3,0,true),
 ('INTL','GOOGLE CLOUD','7372','US','USD',180,0,7,true),('INTL','AWS EMEA','7372','LU','USD',240,0,8,true),
 ('INTL','ADOBE SYSTEMS','7372','IE','EUR',60,1,5,true),('INTL','DELL EMEA','5045','IE','EUR',850,0,3,true),
 ('INTL','MICROSOFT 365','5968','IE','EUR',21,1,6,true),('INTL','LINKEDIN PREMIUM','5968','IE','EUR',40,1,2,true),
 ('INTL','RYANAIR','4511','IE','EUR',95,5,3,true),('INTL','EASYJET','4511','GB','GBP',88,3,2,true),
 ('INTL','BOOKING.COM','7011','NL','EUR',260,4,3,true),('INTL','AIRBNB','7011','IE','EUR',310,3,1,true),
 ('INTL','UBER *TRIP','4121','NL','EUR',17,7,5,true),('INTL','BOLT.EU','4121','EE','EUR',12,4,2,true),
 ('INTL','TEMU.COM','5262','IE','EUR',27,5,0,true),('INTL','VINTED','5262','LT','EUR',19,4,0,true),
 ('INTL','WISE TRANSFER','4829','BE','EUR',200,1,2,true),('INTL','BET365','7995','GI','GBP',25,2,0,true),
 ('INTL','POKERSTARS','7995','MT','EUR',40,1,0,true),('INTL','ZALANDO','5691','DE','EUR',70,5,1,true),
 ('INTL','MARRIOTT ZURICH','7011','CH','CHF',290,1,1,false),('INTL','SBB CFF FFS','4111','CH','CHF',55,1,1,false),
 ('INTL','STARBUCKS NYC','5814','US','USD',8,1,1,false),('INTL','WALGREENS','5912','US','USD',19,1,0,false),
 ('INTL','UBER *TRIP NYC','4121','US','USD',28,1,1,true),('INTL','HILTON NEW YORK','7011','US','USD',340,1,1,false),
 ('INTL','BINANCE','6051','MT','EUR',300,1,0,true),('INTL','LA RINASCENTE','5311','IT','EUR',120,1,0,false),
 ('INTL','EL CORTE INGLES MAD','5311','ES','EUR',80,1,0,false),('INTL','TAP AIR PORTUGAL','4511','PT','EUR',180,1,1,true),
 ('INTL','WH SMITH LHR','5942','GB','GBP',14,1,1,false),('INTL','CINEWORLD','7832','GB','GBP',12,1,0,false),
 ('INTL','FIVERR','8999','US','USD',120,0,3,true),('INTL','UPWORK','8999','US','USD',350,0,3,true);

CREATE TEMP TABLE t_mpick AS
SELECT m.*, s.seg,
       coalesce(sum(CASE s.seg WHEN 'R' THEN w_r ELSE w_b END) OVER (PARTITION BY grp, s.seg ORDER BY nm ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
         / sum(CASE s.seg WHEN 'R' THEN w_r ELSE w_b END) OVER (PARTITION BY grp, s.seg) AS lo,
       sum(CASE s.seg WHEN 'R' THEN w_r ELSE w_b END) OVER (PARTITION BY grp, s.seg ORDER BY nm ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
         / sum(CASE s.seg WHEN 'R' THEN w_r ELSE w_b END) OVER (PARTITION BY grp, s.seg) AS hi
FROM t_merch m CROSS JOIN (VALUES ('R'),('B')) s(seg);
DELETE FROM t_mpick WHERE lo = hi;

-- daily rate incl. weekends (carry forward last ECB fixing), EUR = 1
CREATE TEMP TABLE t_fx AS
SELECT d::date AS d, c.ccy_cd,
       CASE WHEN c.ccy_cd = 'EUR' THEN 1::numeric
            ELSE (SELECT f.eur_rate FROM ref.fx_rate f WHERE f.ccy_cd = c.ccy_cd AND f.rate_dt <= d::date ORDER BY f.rate_dt DESC LIMIT 1) END AS r
FROM generate_series(date '2023-01-02', date '2024-06-30', interval '1 day') d CROSS JOIN ref.ccy c;
CREATE UNIQUE INDEX ON t_fx (d, ccy_cd);

-- which cards can spend when; heavier users get more txns
CREATE TEMP TABLE t_cwin AS
SELECT c.card_id, c.acct_id, a.ccy_cd AS acct_ccy, ta.cust_type, ta.ctry_cd,
       greatest(c.issued_dt, date '2023-07-01') AS w_from,
       least(coalesce(c.status_dt, date '2024-06-30'), ta.act_to, date '2024-06-30') AS w_to,
       (CASE WHEN c.card_type = 'VRT' THEN 0.4 ELSE 1 END) * (0.15 + 2.5 * pg_temp.rnd('act'||c.acct_id)^2)
         * (CASE WHEN ta.cust_type = 'B' THEN 1.6 ELSE 1 END) AS w
FROM card.card c JOIN core.acct a USING (acct_id) JOIN t_acct ta USING (acct_id);
DELETE FROM t_cwin WHERE w_to - w_from < 3;
ALTER TABLE t_cwin ADD COLUMN lo double precision, ADD COLUMN hi double precision;
UPDATE t_cwin t SET lo = s.lo, hi = s.hi
FROM (SELECT card_id,
             coalesce(sum(w * (w_to - w_from)) OVER (ORDER BY card_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) / sum(w * (w_to - w_from)) OVER () AS lo,
             sum(w * (w_to - w_from)) OVER (ORDER BY card_id) / sum(w * (w_to - w_from)) OVER () AS hi
      FROM t_cwin) s
WHERE s.card_id = t.card_id;
CREATE INDEX ON t_cwin (lo);

CREATE TEMP TABLE t_txn AS
SELECT g, cw.card_id, cw.acct_id, cw.acct_ccy, cw.cust_type, cw.ctry_cd,
       (cw.w_from + floor(pg_temp.rnd('td'||g) * (cw.w_to - cw.w_from + 1))::int)
         + make_interval(secs => (CASE WHEN pg_temp.rnd('tn'||g) < 0.06 THEN pg_temp.rnd('th'||g) * 86400
                                       ELSE 25200 + pg_temp.rnd('th'||g) * 57600 END)::int) AS txn_ts,
       CASE WHEN pg_temp.rnd('dom'||g) < CASE cw.cust_type WHEN 'R' THEN 0.74 ELSE 0.5 END THEN cw.ctry_cd ELSE 'INTL' END AS grp,
       pg_temp.rnd('mp'||g) AS r_m
FROM generate_series(1, 62000) g
CROSS JOIN LATERAL (SELECT * FROM t_cwin c WHERE c.lo <= pg_temp.rnd('card'||g) ORDER BY c.lo DESC LIMIT 1) cw;

CREATE TEMP TABLE t_txn2 AS
SELECT t.*, m.nm, m.mcc, m.ctry AS m_ctry, m.ccy AS txn_ccy, m.ecom,
       CASE WHEN m.mcc = '6011' THEN greatest(1, round(m.avg_amt * (0.3 + 1.4 * pg_temp.rnd('am'||t.g))::numeric
                                                       / CASE m.ccy WHEN 'PLN' THEN 50 WHEN 'SEK' THEN 100 ELSE 20 END))
                                      * CASE m.ccy WHEN 'PLN' THEN 50 WHEN 'SEK' THEN 100 ELSE 20 END
            ELSE round((m.avg_amt * (0.25 + 1.5 * pg_temp.rnd('am'||t.g)) * (1 + 2 * (pg_temp.rnd('big'||t.g) < 0.03)::int))::numeric, 2) END AS txn_amt,
       pg_temp.rnd('st'||t.g) AS r_st
FROM t_txn t
JOIN t_mpick m ON m.grp = t.grp AND m.seg = t.cust_type AND t.r_m >= m.lo AND t.r_m < m.hi;

INSERT INTO card.card_txn (txn_id, card_id, txn_ts, txn_amt, txn_ccy, bill_amt, mcc, merchant_nm, merchant_ctry,
                           entry_mode, status, resp_cd, auth_cd, clr_dt)
SELECT row_number() OVER (ORDER BY txn_ts, g) + 7000000,
       card_id, txn_ts, txn_amt, txn_ccy,
       CASE WHEN txn_ccy = acct_ccy THEN txn_amt
            ELSE round(txn_amt / ft.r * fa.r, 2) END,
       mcc, nm, m_ctry,
       CASE WHEN ecom THEN 'ECOM' WHEN mcc = '6011' THEN 'CHIP'
            WHEN pg_temp.rnd('em'||g) < 0.70 THEN 'CTLS' WHEN pg_temp.rnd('em'||g) < 0.985 THEN 'CHIP' ELSE 'MAG' END,
       st,
       CASE WHEN st = 'DECL' THEN (CASE WHEN pg_temp.rnd('rc'||g) < 0.5 THEN '51' WHEN pg_temp.rnd('rc'||g) < 0.75 THEN '05'
                                        WHEN pg_temp.rnd('rc'||g) < 0.9 THEN '61' ELSE '54' END)
            ELSE '00' END,
       CASE WHEN st <> 'DECL' THEN upper(substr(md5('auth'||g), 3, 6)) END,
       CASE WHEN st = 'CLR' THEN least(txn_ts::date + 1 + (pg_temp.rnd('cd'||g) < 0.3)::int + (txn_ccy <> acct_ccy)::int, date '2024-06-30') END
FROM (SELECT x.*,
             CASE WHEN r_st < 0.052 THEN 'DECL'
                  WHEN r_st < 0.066 THEN 'REV'
                  WHEN txn_ts >= date '2024-06-28' AND pg_temp.rnd('pend'||g) < 0.75 THEN 'AUTH'
                  WHEN txn_ts >= date '2024-06-30' THEN 'AUTH'
                  ELSE 'CLR' END AS st
      FROM t_txn2 x) y
JOIN t_fx ft ON ft.d = y.txn_ts::date AND ft.ccy_cd = y.txn_ccy
JOIN t_fx fa ON fa.d = y.txn_ts::date AND fa.ccy_cd = y.acct_ccy
ORDER BY 1;

-- =====================================================================
--  DATA: fees
-- =====================================================================
CREATE TEMP TABLE t_fee AS
SELECT t.txn_id, c.acct_id, 'FXM'::text AS fee_cd, a.ccy_cd, round(t.bill_amt * 0.015, 2) AS amt, t.clr_dt AS charged_dt
FROM card.card_txn t JOIN card.card c USING (card_id) JOIN core.acct a USING (acct_id)
WHERE t.status = 'CLR' AND t.txn_ccy <> a.ccy_cd AND round(t.bill_amt * 0.015, 2) > 0
UNION ALL
SELECT t.txn_id, c.acct_id, 'ATM', a.ccy_cd, s.flat_amt, t.clr_dt
FROM card.card_txn t JOIN card.card c USING (card_id) JOIN core.acct a USING (acct_id)
JOIN ops.fee_sched s ON s.fee_cd = 'ATM' AND s.ccy_cd = a.ccy_cd
WHERE t.status = 'CLR' AND t.mcc = '6011'
UNION ALL
SELECT NULL, a.acct_id, 'MNT', a.ccy_cd, s.flat_amt, m::date
FROM t_acct ta JOIN core.acct a USING (acct_id)
JOIN ops.fee_sched s ON s.fee_cd = 'MNT' AND s.ccy_cd = a.ccy_cd
CROSS JOIN generate_series(date '2023-08-01', date '2024-06-01', interval '1 month') m
WHERE a.acct_type = 'BIZ' AND a.opened_dt < m::date AND ta.act_to >= m::date AND a.status <> 'P'
UNION ALL
SELECT NULL, c.acct_id, 'CRD', a.ccy_cd, s.flat_amt, c.issued_dt
FROM card.card c JOIN core.acct a USING (acct_id)
JOIN ops.fee_sched s ON s.fee_cd = 'CRD' AND s.ccy_cd = a.ccy_cd
WHERE c.replaces_card_id IS NOT NULL AND c.issued_dt >= date '2023-07-01';

INSERT INTO ops.fee (fee_id, acct_id, fee_cd, ccy_cd, txn_id, amt, charged_dt, waived, waive_rsn)
SELECT 500000 + row_number() OVER (ORDER BY f.charged_dt, f.acct_id, f.fee_cd, f.txn_id),
       f.acct_id, f.fee_cd, f.ccy_cd, f.txn_id, f.amt, f.charged_dt,
       w.rsn IS NOT NULL, w.rsn
FROM t_fee f
JOIN core.acct a USING (acct_id)
CROSS JOIN LATERAL (SELECT CASE WHEN f.fee_cd = 'MNT' AND f.charged_dt < a.opened_dt + 92 THEN 'PROMO_3M'
                                WHEN f.fee_cd = 'CRD' AND pg_temp.rnd('wv'||f.acct_id||f.charged_dt) < 0.2 THEN 'GOODWILL'
                                WHEN pg_temp.rnd('wv'||f.acct_id||f.fee_cd||coalesce(f.txn_id,0)||f.charged_dt) < 0.012 THEN 'GOODWILL'
                                WHEN pg_temp.rnd('wc'||f.acct_id||f.fee_cd||coalesce(f.txn_id,0)||f.charged_dt) < 0.004 THEN 'COMPLAINT'
                           END AS rsn) w
ORDER BY 1;

-- =====================================================================
--  DATA: disputes
-- =====================================================================
CREATE TEMP TABLE t_dsp AS
SELECT row_number() OVER (ORDER BY opened_dt, txn_id)::int + 9000 AS dispute_id, x.*
FROM (
  SELECT t.txn_id, t.bill_amt, t.entry_mode, t.clr_dt,
         t.clr_dt + 3 + pg_temp.ri('do'||t.txn_id, 50) AS opened_dt,
         CASE WHEN t.entry_mode = 'ECOM' THEN
                (CASE WHEN r < 0.33 THEN '10.4' WHEN r < 0.57 THEN '13.1' WHEN r < 0.72 THEN '13.3'
                      WHEN r < 0.83 THEN '13.2' WHEN r < 0.91 THEN '12.6.1' WHEN r < 0.96 THEN '12.5' ELSE '13.7' END)
              ELSE (CASE WHEN r < 0.32 THEN '12.6.1' WHEN r < 0.60 THEN '12.5' WHEN r < 0.78 THEN '13.3'
                         WHEN r < 0.93 THEN '11.3' ELSE '10.4' END) END AS rsn_cd,
         (ARRAY['aoconnor','bkowalski','cmurphy','dschmidt','efischer','fgarcia'])[1 + pg_temp.ri('ag'||t.txn_id, 6)] AS agent
  FROM card.card_txn t CROSS JOIN LATERAL (SELECT pg_temp.rnd('rsn'||t.txn_id) AS r) rr
  WHERE t.status = 'CLR' AND t.mcc <> '6011'
    AND pg_temp.rnd('dsp'||t.txn_id) < CASE WHEN t.entry_mode = 'ECOM' THEN 0.03 ELSE 0.005 END
) x
WHERE x.opened_dt <= date '2024-06-30';

CREATE TEMP TABLE t_dsp_path AS
SELECT d.dispute_id, d.agent,
       t0, p1, p2, p3, p4,
       t0 + make_interval(days => 1 + pg_temp.ri('t1'||d.dispute_id, 5), mins => pg_temp.ri('m1'||d.dispute_id, 400)) AS t1
FROM (SELECT dispute_id, agent,
             opened_dt + time '08:30' + make_interval(mins => pg_temp.ri('m0'||dispute_id, 540)) AS t0,
             pg_temp.rnd('p1'||dispute_id) p1, pg_temp.rnd('p2'||dispute_id) p2,
             pg_temp.rnd('p3'||dispute_id) p3, pg_temp.rnd('p4'||dispute_id) p4
      FROM t_dsp) d;

CREATE TEMP TABLE t_dsp_ev AS
SELECT dispute_id, agent, ev.sts, ev.ts
FROM (
  SELECT p.*,
         t1 + make_interval(days => 10 + pg_temp.ri('t2'||dispute_id, 21), mins => pg_temp.ri('m2'||dispute_id, 300)) AS t2
  FROM t_dsp_path p
) p
CROSS JOIN LATERAL (
  SELECT t2 + make_interval(days => 5 + pg_temp.ri('t3'||dispute_id, 11), mins => pg_temp.ri('m3'||dispute_id, 300)) AS t3
) q
CROSS JOIN LATERAL (VALUES
  ('OPEN', t0),
  (CASE WHEN p1 < 0.08 THEN 'WDRN' WHEN p1 < 0.13 THEN 'REJ' ELSE 'CHBK' END,
   CASE WHEN p1 < 0.08 THEN t0 + make_interval(days => 2 + pg_temp.ri('tw'||dispute_id, 19), mins => 37)
        WHEN p1 < 0.13 THEN t0 + make_interval(days => 1 + pg_temp.ri('tr'||dispute_id, 7), mins => 53)
        ELSE t1 END),
  (CASE WHEN p1 < 0.13 THEN NULL WHEN p2 < 0.55 THEN 'WON' ELSE 'REPR' END,
   CASE WHEN p2 < 0.55 THEN t1 + make_interval(days => 20 + pg_temp.ri('tx'||dispute_id, 26), mins => 71) ELSE t2 END),
  (CASE WHEN p1 < 0.13 OR p2 < 0.55 THEN NULL WHEN p3 < 0.5 THEN 'LOST' WHEN p3 < 0.8 THEN 'WON' ELSE 'PARB' END,
   CASE WHEN p3 < 0.5 THEN t2 + make_interval(days => 5 + pg_temp.ri('ty'||dispute_id, 11), mins => 11)
        WHEN p3 < 0.8 THEN t2 + make_interval(days => 10 + pg_temp.ri('tz'||dispute_id, 16), mins => 29)
        ELSE t3 END),
  (CASE WHEN p1 < 0.13 OR p2 < 0.55 OR p3 < 0.8 THEN NULL WHEN p4 < 0.4 THEN 'WON' ELSE 'LOST' END,
   t3 + make_interval(days => 20 + pg_temp.ri('tq'||dispute_id, 21), mins => 17))
) ev(sts, ts)
WHERE ev.sts IS NOT NULL AND ev.ts < timestamp '2024-07-01 00:00';

INSERT INTO ops.dispute (dispute_id, txn_id, rsn_cd, disp_amt, opened_dt, status, closed_dt, assigned_to)
SELECT d.dispute_id, d.txn_id, d.rsn_cd,
       CASE WHEN d.rsn_cd = '12.5' THEN round(d.bill_amt * (0.2 + 0.5 * pg_temp.rnd('pa'||d.dispute_id))::numeric, 2) ELSE d.bill_amt END,
       d.opened_dt, l.sts::ops.dspt_sts,
       CASE WHEN l.sts IN ('WON','LOST','WDRN','REJ') THEN l.ts::date END,
       CASE WHEN l.sts = 'OPEN' AND pg_temp.rnd('un'||d.dispute_id) < 0.5 THEN NULL ELSE d.agent END
FROM t_dsp d
JOIN LATERAL (SELECT e.sts, e.ts FROM t_dsp_ev e WHERE e.dispute_id = d.dispute_id ORDER BY e.ts DESC LIMIT 1) l ON true
ORDER BY 1;

INSERT INTO ops.dispute_status_hist (dispute_id, seq_no, status, changed_at, changed_by, note)
SELECT dispute_id, row_number() OVER (PARTITION BY dispute_id ORDER BY ts), sts::ops.dspt_sts, ts,
       CASE WHEN sts = 'OPEN' AND pg_temp.rnd('ob'||dispute_id) < 0.7 THEN 'app'
            WHEN sts IN ('WON','LOST') AND pg_temp.rnd('sb'||dispute_id||sts) < 0.5 THEN 'scheme-sync'
            ELSE agent END,
       CASE sts WHEN 'REPR' THEN 'merchant evidence received' WHEN 'WDRN' THEN 'customer withdrew claim'
                WHEN 'REJ' THEN 'outside 120 day window' WHEN 'PARB' THEN 'pre-arb filed' END
FROM t_dsp_ev
ORDER BY 1, 4;

-- =====================================================================
--  DATA: general ledger
-- =====================================================================
CREATE TEMP TABLE t_je (k text PRIMARY KEY, je_dt date, je_type text, src_ref text, descr text,
                        rev_of_k text, created_at timestamp, created_by text DEFAULT 'ledger-svc');
CREATE TEMP TABLE t_jl (k text, line_no int, gl char(4), acct_id int, ccy char(3), amt numeric);

-- account activity windows
CREATE TEMP TABLE t_awin AS
SELECT ta.acct_id, ta.cust_id, ta.k, ta.cust_type, a.acct_type, a.ccy_cd, s.sc, a.opened_dt,
       greatest(a.opened_dt, date '2023-07-01') AS w_from, ta.act_to AS w_to, a.status, a.closed_dt
FROM t_acct ta JOIN core.acct a USING (acct_id) JOIN t_ccy_scale s ON s.ccy_cd = a.ccy_cd
WHERE a.status <> 'P';

-- opening balances migrated from the legacy core
INSERT INTO t_je
SELECT 'MIGR:'||acct_id, date '2023-06-30', 'MIGR', 'LEGACY:'||acct_id, 'Opening balance migrated from legacy core',
       NULL, timestamp '2023-07-01 01:15' + make_interval(secs => acct_id), 'migration'
FROM t_awin WHERE opened_dt < date '2023-07-01' AND coalesce(closed_dt, date '2024-06-30') >= date '2023-07-01';
INSERT INTO t_jl
SELECT 'MIGR:'||w.acct_id, l.n, l.gl, l.acct, w.ccy_cd, l.sgn * v.amt
FROM t_awin w
CROSS JOIN LATERAL (SELECT round((w.sc * (CASE WHEN w.acct_type = 'BIZ' THEN 4 WHEN w.acct_type = 'POT' THEN 2 ELSE 1 END)
                                   * (15 + 1800 * pg_temp.rnd('mg'||w.acct_id)^2))::numeric, 2) AS amt) v
CROSS JOIN LATERAL (VALUES (1, '1010', NULL::int, 1), (2, '2000', w.acct_id, -1)) l(n, gl, acct, sgn)
WHERE w.opened_dt < date '2023-07-01' AND coalesce(w.closed_dt, date '2024-06-30') >= date '2023-07-01';

-- cleared card transactions
INSERT INTO t_je
SELECT 'CARD:'||t.txn_id, t.clr_dt, 'CARD', 'TXN:'||t.txn_id, left(t.merchant_nm, 40),
       NULL, t.clr_dt + time '03:00' + make_interval(secs => (t.txn_id % 7000000) / 10), 'clearing-batch'
FROM card.card_txn t WHERE t.status = 'CLR';
INSERT INTO t_jl
SELECT 'CARD:'||t.txn_id, l.n, l.gl, l.acct, a.ccy_cd, l.sgn * t.bill_amt
FROM card.card_txn t JOIN card.card c USING (card_id) JOIN core.acct a USING (acct_id)
CROSS JOIN LATERAL (VALUES (1, '2000', c.acct_id, 1), (2, '2100', NULL::int, -1)) l(n, gl, acct, sgn)
WHERE t.status = 'CLR';

-- fees (not waived)
INSERT INTO t_je
SELECT 'FEE:'||f.fee_id, f.charged_dt, 'FEE', 'FEE:'||f.fee_id, s.fee_desc, NULL,
       f.charged_dt + time '05:00' + make_interval(secs => (f.fee_id % 500000)::int), 'fee-engine'
FROM ops.fee f JOIN ops.fee_sched s USING (fee_cd, ccy_cd) WHERE NOT f.waived;
INSERT INTO t_jl
SELECT 'FEE:'||f.fee_id, l.n, l.gl, l.acct, f.ccy_cd, l.sgn * f.amt
FROM ops.fee f JOIN ops.fee_sched s USING (fee_cd, ccy_cd)
CROSS JOIN LATERAL (VALUES (1, '2000', f.acct_id, 1), (2, s.gl_acct_cd, NULL::int, -1)) l(n, gl, acct, sgn)
WHERE NOT f.waived;

-- monthly account activity frame
CREATE TEMP TABLE t_am AS
SELECT w.*, m::date AS m_start,
       greatest(m::date, w.w_from) AS d_from,
       least((m + interval '1 month - 1 day')::date, w.w_to, date '2024-06-30') AS d_to
FROM t_awin w
CROSS JOIN generate_series(date '2023-07-01', date '2024-06-01', interval '1 month') m
WHERE w.w_from <= (m + interval '1 month - 1 day')::date AND w.w_to >= m::date;
DELETE FROM t_am WHERE d_to < d_from;

CREATE TEMP TABLE t_spend AS
SELECT l.acct_id, date_trunc('month', e.je_dt)::date AS m_start, sum(l.amt) AS spend
FROM t_jl l JOIN t_je e USING (k)
WHERE l.gl = '2000' AND e.je_type IN ('CARD','FEE')
GROUP BY 1, 2;

-- top-ups (incoming bank transfers); funds the month's spend plus some savings
INSERT INTO t_je
SELECT 'TOPUP:'||m.acct_id||':'||m.m_start||':'||n, m.d_from + pg_temp.ri('tud'||m.acct_id||m.m_start||n, m.d_to - m.d_from + 1),
       'TOPUP', 'SEPA:' || upper(substr(md5('sepa'||m.acct_id||m.m_start||n), 1, 12)),
       'Incoming transfer', NULL, NULL, 'payments-gw'
FROM t_am m
LEFT JOIN t_spend s ON s.acct_id = m.acct_id AND s.m_start = m.m_start
CROSS JOIN generate_series(1, CASE WHEN coalesce(s.spend, 0) > 1200 * m.sc THEN 2 ELSE 1 END) n
WHERE m.acct_type <> 'POT' AND (s.spend IS NOT NULL OR pg_temp.rnd('tu0'||m.acct_id||m.m_start) < 0.3);
UPDATE t_je SET created_at = je_dt + time '07:00' + make_interval(secs => pg_temp.ri('tut'||k, 46800)) WHERE je_type = 'TOPUP';
INSERT INTO t_jl
SELECT e.k, l.n, l.gl, l.acct, m.ccy_cd, l.sgn * v.amt
FROM t_je e
JOIN t_am m ON m.acct_id = split_part(e.k, ':', 2)::int AND m.m_start = split_part(e.k, ':', 3)::date
LEFT JOIN t_spend s ON s.acct_id = m.acct_id AND s.m_start = m.m_start
CROSS JOIN LATERAL (SELECT round(((coalesce(s.spend, 0) * (1.02 + 0.35 * pg_temp.rnd('tua'||e.k))
                                   + m.sc * (CASE WHEN m.acct_type = 'BIZ' THEN 4 ELSE 1 END) * (10 + 380 * pg_temp.rnd('tub'||e.k)^2))
                                  / CASE WHEN coalesce(s.spend, 0) > 1200 * m.sc THEN 2 ELSE 1 END)::numeric, 2) AS amt) v
CROSS JOIN LATERAL (VALUES (1, '1010', NULL::int, 1), (2, '2000', m.acct_id, -1)) l(n, gl, acct, sgn)
WHERE e.je_type = 'TOPUP';

-- payouts to external bank accounts
INSERT INTO t_je
SELECT 'PAYOUT:'||m.acct_id||':'||m.m_start, m.d_from + pg_temp.ri('pod'||m.acct_id||m.m_start, m.d_to - m.d_from + 1),
       'PAYOUT', 'SEPA:' || upper(substr(md5('po'||m.acct_id||m.m_start), 1, 12)), 'Withdrawal to own bank account', NULL, NULL, 'payments-gw'
FROM t_am m
WHERE m.acct_type <> 'POT' AND pg_temp.rnd('po'||m.acct_id||m.m_start) < 0.16;
UPDATE t_je SET created_at = je_dt + time '08:00' + make_interval(secs => pg_temp.ri('pot'||k, 36000)) WHERE je_type = 'PAYOUT';
INSERT INTO t_jl
SELECT e.k, l.n, l.gl, l.acct, m.ccy_cd, l.sgn * round((m.sc * (CASE WHEN m.acct_type = 'BIZ' THEN 4 ELSE 1 END) * (15 + 260 * pg_temp.rnd('poa'||e.k)))::numeric, 2)
FROM t_je e
JOIN t_am m ON e.k = 'PAYOUT:'||m.acct_id||':'||m.m_start
CROSS JOIN LATERAL (VALUES (1, '2000', m.acct_id, 1), (2, '1010', NULL::int, -1)) l(n, gl, acct, sgn)
WHERE e.je_type = 'PAYOUT';

-- wallet -> savings pot transfers
INSERT INTO t_je
SELECT 'XFER:'||p.acct_id||':'||p.m_start, p.d_from + pg_temp.ri('xd'||p.acct_id||p.m_start, least(p.d_to, w.d_to) - p.d_from + 1),
       'XFER', 'POT:'||p.acct_id, 'Transfer to pot', NULL, NULL, 'app'
FROM t_am p
JOIN t_am w ON w.cust_id = p.cust_id AND w.k = 1 AND w.m_start = p.m_start AND w.ccy_cd = p.ccy_cd
WHERE p.acct_type = 'POT' AND pg_temp.rnd('xf'||p.acct_id||p.m_start) < 0.55 AND least(p.d_to, w.d_to) >= p.d_from;
UPDATE t_je SET created_at = je_dt + time '06:00' + make_interval(secs => pg_temp.ri('xt'||k, 60000)) WHERE je_type = 'XFER';
INSERT INTO t_jl
SELECT e.k, l.n, '2000', l.acct, p.ccy_cd, l.sgn * round((p.sc * (20 + 280 * pg_temp.rnd('xa'||e.k)))::numeric, 2)
FROM t_je e
JOIN t_am p ON e.k = 'XFER:'||p.acct_id||':'||p.m_start
JOIN t_am w ON w.cust_id = p.cust_id AND w.k = 1 AND w.m_start = p.m_start AND w.ccy_cd = p.ccy_cd
CROSS JOIN LATERAL (VALUES (1, w.acct_id, 1), (2, p.acct_id, -1)) l(n, acct, sgn)
WHERE e.je_type = 'XFER';

-- P2P transfers between customers (same currency)
CREATE TEMP TABLE t_p2p_acct AS
SELECT w.*, row_number() OVER (PARTITION BY ccy_cd ORDER BY acct_id) AS rn, count(*) OVER (PARTITION BY ccy_cd) AS n,
       row_number() OVER (ORDER BY acct_id) AS rn_all
FROM t_awin w WHERE acct_type IN ('WLT','BIZ') AND w_to > w_from;
INSERT INTO t_je
SELECT 'P2P:'||g, d, 'P2P', 'P2P:'||upper(substr(md5('p2p'||g), 1, 10)), 'Payment to ' || r.acct_id, NULL,
       d + time '07:30' + make_interval(secs => pg_temp.ri('pt'||g, 50000)), 'app'
FROM generate_series(1, 5200) g
JOIN t_p2p_acct s ON s.rn_all = 1 + pg_temp.ri('ps'||g, (SELECT count(*)::int FROM t_p2p_acct))
CROSS JOIN LATERAL (SELECT s.w_from + pg_temp.ri('pd'||g, s.w_to - s.w_from + 1) AS d) dd
JOIN t_p2p_acct r ON r.ccy_cd = s.ccy_cd AND r.rn = 1 + pg_temp.ri('pr'||g, s.n::int)
WHERE r.acct_id <> s.acct_id AND r.cust_id <> s.cust_id AND dd.d BETWEEN r.w_from AND r.w_to;
INSERT INTO t_jl
SELECT e.k, l.n, '2000', l.acct, s.ccy_cd, l.sgn * round((s.sc * (5 + 240 * pg_temp.rnd('pa'||e.k)^2))::numeric, 2)
FROM t_je e
JOIN t_p2p_acct s ON s.rn_all = 1 + pg_temp.ri('ps'||substr(e.k, 5), (SELECT count(*)::int FROM t_p2p_acct))
JOIN t_p2p_acct r ON r.ccy_cd = s.ccy_cd AND r.rn = 1 + pg_temp.ri('pr'||substr(e.k, 5), s.n::int)
CROSS JOIN LATERAL (VALUES (1, s.acct_id, 1), (2, r.acct_id, -1)) l(n, acct, sgn)
WHERE e.je_type = 'P2P';

-- currency conversions between a customer's own accounts
CREATE TEMP TABLE t_fxpair AS
SELECT a.acct_id AS a_from, b.acct_id AS a_to, a.ccy_cd AS c_from, b.ccy_cd AS c_to, a.sc,
       greatest(a.w_from, b.w_from) AS w_from, least(a.w_to, b.w_to) AS w_to,
       row_number() OVER (ORDER BY a.acct_id, b.acct_id) AS rn
FROM t_awin a JOIN t_awin b ON b.cust_id = a.cust_id AND b.ccy_cd <> a.ccy_cd
WHERE a.acct_type <> 'POT' AND b.acct_type <> 'POT' AND least(a.w_to, b.w_to) > greatest(a.w_from, b.w_from);
INSERT INTO t_je
SELECT 'FX:'||g, d, 'FX', 'FX:'||p.c_from||p.c_to, 'Convert ' || p.c_from || ' to ' || p.c_to, NULL,
       d + time '07:00' + make_interval(secs => pg_temp.ri('ft'||g, 54000)), 'app'
FROM generate_series(1, 2200) g
JOIN t_fxpair p ON p.rn = 1 + pg_temp.ri('fp'||g, (SELECT count(*)::int FROM t_fxpair))
CROSS JOIN LATERAL (SELECT p.w_from + pg_temp.ri('fd'||g, p.w_to - p.w_from + 1) AS d) dd;
INSERT INTO t_jl
SELECT e.k, l.n, l.gl, l.acct, l.ccy, l.amt
FROM t_je e
JOIN t_fxpair p ON p.rn = 1 + pg_temp.ri('fp'||substr(e.k, 4), (SELECT count(*)::int FROM t_fxpair))
JOIN t_fx f1 ON f1.d = e.je_dt AND f1.ccy_cd = p.c_from
JOIN t_fx f2 ON f2.d = e.je_dt AND f2.ccy_cd = p.c_to
CROSS JOIN LATERAL (SELECT round((p.sc * (40 + 700 * pg_temp.rnd('fa'||e.k)^2))::numeric, 2) AS a1) v1
CROSS JOIN LATERAL (SELECT round(v1.a1 / f1.r * f2.r * 0.995, 2) AS a2) v2
CROSS JOIN LATERAL (VALUES (1, '2000', p.a_from, p.c_from, v1.a1), (2, '1900', NULL::int, p.c_from, -v1.a1),
                           (3, '1900', NULL::int, p.c_to, v2.a2), (4, '2000', p.a_to, p.c_to, -v2.a2)) l(n, gl, acct, ccy, amt)
WHERE e.je_type = 'FX';

-- manual goodwill credits
INSERT INTO t_je
SELECT 'ADJ:'||g, d, 'ADJ', 'CASE-' || (40000 + g * 13), 'Goodwill credit', NULL,
       d + time '10:00' + make_interval(secs => pg_temp.ri('adt'||g, 25000)),
       (ARRAY['aoconnor','bkowalski','cmurphy','dschmidt'])[1 + pg_temp.ri('adb'||g, 4)]
FROM generate_series(1, 75) g
JOIN t_p2p_acct s ON s.rn_all = 1 + pg_temp.ri('ada'||g, (SELECT count(*)::int FROM t_p2p_acct))
CROSS JOIN LATERAL (SELECT s.w_from + pg_temp.ri('add'||g, s.w_to - s.w_from + 1) AS d) dd;
INSERT INTO t_jl
SELECT e.k, l.n, l.gl, l.acct, s.ccy_cd, l.sgn * round((s.sc * (5 + 5 * pg_temp.ri('adv'||e.k, 10)))::numeric, 2)
FROM t_je e
JOIN t_p2p_acct s ON s.rn_all = 1 + pg_temp.ri('ada'||substr(e.k, 5), (SELECT count(*)::int FROM t_p2p_acct))
CROSS JOIN LATERAL (VALUES (1, '6000', NULL::int, 1), (2, '2000', s.acct_id, -1)) l(n, gl, acct, sgn)
WHERE e.je_type = 'ADJ';

-- returned inbound payments (R-transactions) reverse the original top-up
INSERT INTO t_je
SELECT 'REV:'||e.k, e.je_dt + 1 + pg_temp.ri('rvd'||e.k, 4), 'REV', e.src_ref, 'Reversal: inbound payment returned by sending bank', e.k, NULL, 'payments-gw'
FROM t_je e
JOIN t_jl l ON l.k = e.k AND l.gl = '2000'
JOIN t_awin w ON w.acct_id = l.acct_id
WHERE e.je_type = 'TOPUP' AND e.je_dt >= date '2023-09-01' AND pg_temp.rnd('rv'||e.k) < 0.0045
  AND e.je_dt + 6 <= least(w.w_to, date '2024-06-30');
UPDATE t_je SET created_at = je_dt + time '09:00' + make_interval(secs => pg_temp.ri('rvt'||k, 30000)) WHERE je_type = 'REV';
INSERT INTO t_jl
SELECT e.k, l.line_no, l.gl, l.acct_id, l.ccy, -l.amt
FROM t_je e JOIN t_jl l ON l.k = e.rev_of_k
WHERE e.je_type = 'REV';

-- won chargebacks: customer re-credited
INSERT INTO t_je
SELECT 'CHBK:'||d.dispute_id, d.closed_dt, 'CHBK', 'DSP:'||d.dispute_id, 'Chargeback won - ' || t.merchant_nm, NULL,
       d.closed_dt + time '12:00' + make_interval(secs => d.dispute_id * 7 % 20000), 'disputes'
FROM ops.dispute d JOIN card.card_txn t USING (txn_id)
WHERE d.status = 'WON';
INSERT INTO t_jl
SELECT 'CHBK:'||d.dispute_id, l.n, l.gl, l.acct, a.ccy_cd, l.sgn * d.disp_amt
FROM ops.dispute d JOIN card.card_txn t USING (txn_id) JOIN card.card c USING (card_id) JOIN core.acct a USING (acct_id)
CROSS JOIN LATERAL (VALUES (1, '1200', NULL::int, 1), (2, '2000', c.acct_id, -1)) l(n, gl, acct, sgn)
WHERE d.status = 'WON';

-- customers whose balance would have gone negative topped up before that (ops chase-up); a few stay negative
CREATE TEMP TABLE t_bal AS
SELECT l.acct_id, -sum(l.amt) AS bal FROM t_jl l WHERE l.acct_id IS NOT NULL GROUP BY 1;
INSERT INTO t_je
SELECT 'TOPUP:'||w.acct_id||':X', w.w_to - pg_temp.ri('fxd'||w.acct_id, least(20, w.w_to - w.w_from) + 1),
       'TOPUP', 'SEPA:' || upper(substr(md5('fx'||w.acct_id), 1, 12)), 'Incoming transfer', NULL, NULL, 'payments-gw'
FROM t_awin w JOIN t_bal b USING (acct_id)
WHERE b.bal < 0 AND w.w_to >= w.w_from AND pg_temp.rnd('neg'||w.acct_id) >= 0.03;
UPDATE t_je SET created_at = je_dt + time '07:00' + make_interval(secs => pg_temp.ri('tut'||k, 46800)) WHERE k LIKE 'TOPUP:%:X';
INSERT INTO t_jl
SELECT 'TOPUP:'||w.acct_id||':X', l.n, l.gl, l.acct, w.ccy_cd, l.sgn * round(-b.bal + (w.sc * (10 + 190 * pg_temp.rnd('fxa'||w.acct_id)))::numeric, 2)
FROM t_awin w JOIN t_bal b USING (acct_id)
CROSS JOIN LATERAL (VALUES (1, '1010', NULL::int, 1), (2, '2000', w.acct_id, -1)) l(n, gl, acct, sgn)
WHERE b.bal < 0 AND w.w_to >= w.w_from AND pg_temp.rnd('neg'||w.acct_id) >= 0.03;
CREATE INDEX ON t_jl (acct_id);

-- closed accounts: remaining balance paid out 5 days after closure (once late card clearing is in)
CREATE TEMP TABLE t_close AS
SELECT w.acct_id, w.ccy_cd, least(w.closed_dt + 5, date '2024-06-30') AS pay_dt,
       (SELECT -sum(x.amt) FROM t_jl x JOIN t_je e USING (k)
         WHERE x.acct_id = w.acct_id AND e.je_dt <= least(w.closed_dt + 5, date '2024-06-30')) AS bal
FROM t_awin w
WHERE w.status = 'C' AND w.closed_dt >= date '2023-07-01';
DELETE FROM t_close WHERE bal IS NULL OR bal <= 0;
INSERT INTO t_je
SELECT 'CLOSE:'||acct_id, pay_dt, 'PAYOUT', 'SEPA:' || upper(substr(md5('cl'||acct_id), 1, 12)),
       'Account closure - balance returned', NULL, pay_dt + time '16:00' + make_interval(secs => acct_id % 3000), 'payments-gw'
FROM t_close;
INSERT INTO t_jl
SELECT 'CLOSE:'||c.acct_id, l.n, l.gl, l.acct, c.ccy_cd, l.sgn * c.bal
FROM t_close c
CROSS JOIN LATERAL (VALUES (1, '2000', c.acct_id, 1), (2, '1010', NULL::int, -1)) l(n, gl, acct, sgn);

-- materialise
CREATE TEMP TABLE t_jemap AS
SELECT k, row_number() OVER (ORDER BY created_at, k) + 1000000 AS je_id FROM t_je;
CREATE UNIQUE INDEX ON t_jemap (k);

INSERT INTO gl.jrnl_entry (je_id, je_dt, je_type, src_ref, descr, reversal_of, created_at, created_by)
SELECT m.je_id, e.je_dt, e.je_type, e.src_ref, e.descr, r.je_id, e.created_at, e.created_by
FROM t_je e JOIN t_jemap m USING (k) LEFT JOIN t_jemap r ON r.k = e.rev_of_k
ORDER BY m.je_id;

INSERT INTO gl.jrnl_posting (posting_id, je_id, line_no, gl_acct_cd, acct_id, ccy_cd, amt)
SELECT row_number() OVER (ORDER BY m.je_id, l.line_no) + 20000000, m.je_id, l.line_no, l.gl, l.acct_id, l.ccy, l.amt
FROM t_jl l JOIN t_jemap m USING (k)
WHERE l.amt <> 0
ORDER BY 1;

UPDATE card.card_txn t SET je_id = m.je_id FROM t_jemap m WHERE m.k = 'CARD:'||t.txn_id;
UPDATE ops.fee f SET je_id = m.je_id FROM t_jemap m WHERE m.k = 'FEE:'||f.fee_id;

-- =====================================================================
--  INDEXES
-- =====================================================================
CREATE INDEX cust_email_idx              ON core.cust (lower(email));
CREATE INDEX acct_owner_hist_cust_id_idx ON core.acct_owner_hist (cust_id);
CREATE INDEX card_acct_id_idx            ON card.card (acct_id);
CREATE INDEX card_txn_card_id_txn_ts_idx ON card.card_txn (card_id, txn_ts);
CREATE INDEX card_txn_je_id_idx          ON card.card_txn (je_id);
CREATE INDEX jrnl_entry_je_dt_idx        ON gl.jrnl_entry (je_dt);
CREATE INDEX jrnl_entry_reversal_of_idx  ON gl.jrnl_entry (reversal_of) WHERE reversal_of IS NOT NULL;
CREATE INDEX jrnl_posting_acct_id_idx    ON gl.jrnl_posting (acct_id);
CREATE INDEX fee_acct_id_charged_dt_idx  ON ops.fee (acct_id, charged_dt);
CREATE INDEX fee_txn_id_idx              ON ops.fee (txn_id);
CREATE INDEX fee_waive_rsn_idx           ON ops.fee (waive_rsn);
CREATE INDEX dispute_txn_id_idx          ON ops.dispute (txn_id);
CREATE INDEX dispute_open_idx            ON ops.dispute (status) WHERE closed_dt IS NULL;

-- =====================================================================
--  VIEWS
-- =====================================================================
CREATE VIEW core.v_acct_cur_owner AS
SELECT a.acct_id, a.acct_no, a.acct_type, a.ccy_cd, a.status,
       c.cust_id, c.cust_ref, c.cust_type,
       coalesce(c.biz_nm, c.first_nm || ' ' || c.last_nm) AS cust_nm,
       o.valid_from AS owner_since
FROM core.acct a
JOIN core.acct_owner_hist o ON o.acct_id = a.acct_id AND o.role_cd = 'PRI' AND o.valid_to IS NULL
JOIN core.cust c ON c.cust_id = o.cust_id;
COMMENT ON VIEW core.v_acct_cur_owner IS 'current primary holder of every account';

CREATE VIEW gl.v_acct_bal AS
SELECT a.acct_id, a.acct_no, a.ccy_cd, a.status,
       coalesce(-sum(p.amt), 0)::numeric(16,2) AS bal,
       max(e.je_dt) AS last_posting_dt
FROM core.acct a
LEFT JOIN gl.jrnl_posting p ON p.acct_id = a.acct_id AND p.gl_acct_cd = '2000'
LEFT JOIN gl.jrnl_entry e ON e.je_id = p.je_id
GROUP BY a.acct_id, a.acct_no, a.ccy_cd, a.status;
COMMENT ON VIEW gl.v_acct_bal IS 'customer account balances from the ledger (credit-positive), all postings to date';

CREATE VIEW gl.v_trial_bal AS
SELECT g.gl_acct_cd, g.gl_acct_nm, g.gl_class, p.ccy_cd,
       sum(p.amt) FILTER (WHERE p.amt > 0)  AS dr_total,
       -sum(p.amt) FILTER (WHERE p.amt < 0) AS cr_total,
       sum(p.amt) AS net_dr
FROM gl.gl_acct g
JOIN gl.jrnl_posting p ON p.gl_acct_cd = g.gl_acct_cd
GROUP BY g.gl_acct_cd, g.gl_acct_nm, g.gl_class, p.ccy_cd;

CREATE VIEW card.v_txn_eur AS
SELECT t.txn_id, t.card_id, t.txn_ts, t.status, t.mcc, t.merchant_nm, t.txn_amt, t.txn_ccy,
       CASE WHEN t.txn_ccy = 'EUR' THEN t.txn_amt ELSE round(t.txn_amt / r.eur_rate, 2) END AS eur_amt
FROM card.card_txn t
LEFT JOIN LATERAL (SELECT f.eur_rate FROM ref.fx_rate f
                   WHERE f.ccy_cd = t.txn_ccy AND f.rate_dt <= t.txn_ts::date
                   ORDER BY f.rate_dt DESC LIMIT 1) r ON true;
COMMENT ON VIEW card.v_txn_eur IS 'card txns with the merchant amount converted to EUR at the last ECB rate on/before the txn date';

CREATE VIEW ops.v_dispute_open AS
SELECT d.dispute_id, d.txn_id, t.merchant_nm, d.rsn_cd, r.rsn_desc, d.status, d.disp_amt,
       d.opened_dt, d.assigned_to,
       (SELECT max(h.changed_at) FROM ops.dispute_status_hist h WHERE h.dispute_id = d.dispute_id) AS last_change_at
FROM ops.dispute d
JOIN card.card_txn t ON t.txn_id = d.txn_id
JOIN ref.dspt_rsn r ON r.rsn_cd = d.rsn_cd
WHERE d.closed_dt IS NULL;

-- the je_id back-fill above leaves dead row versions behind
VACUUM card.card_txn, ops.fee, card.card;

ANALYZE;

-- =====================================================================
--  Pryce & Ashdown Auctioneers — operational database
--  Fine art, antiques and collectibles; salerooms in London, Edinburgh
--  and Bath plus online-only timed sales.
--  Data snapshot taken at 07:00 on Tuesday 12 November 2024 (= "today").
-- =====================================================================
SET client_min_messages = warning;
SET jit = off;

CREATE SCHEMA house;
CREATE SCHEMA bidding;
CREATE SCHEMA accounts;

COMMENT ON SCHEMA house    IS 'Core: departments, specialists, artists, consignors, consignments, sales, lots, condition reports';
COMMENT ON SCHEMA bidding  IS 'Bidders, sale registrations (paddles), bids and hammer results';
COMMENT ON SCHEMA accounts IS 'Buyer invoices, payments, shipping and consignor settlements';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;
-- round to two significant figures (estimates, reserves)
CREATE FUNCTION pg_temp.nice(x numeric) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE AS
$$ DECLARE p float8;
   BEGIN
     IF x < 50 THEN RETURN 50; END IF;
     p := 10 ^ (floor(log(x::float8)) - 1);
     RETURN (round(x::float8 / p) * p)::numeric;
   END $$;
-- auctioneer's bidding increment for a given price level
CREATE FUNCTION pg_temp.incr(x numeric) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE AS
$$ BEGIN
     RETURN CASE WHEN x < 100 THEN 5 WHEN x < 500 THEN 10 WHEN x < 1000 THEN 50 WHEN x < 5000 THEN 100
                 WHEN x < 20000 THEN 500 WHEN x < 100000 THEN 1000 WHEN x < 500000 THEN 5000 ELSE 10000 END;
   END $$;
-- move a weekend date to the following Monday
CREATE FUNCTION pg_temp.wkday(d date) RETURNS date
LANGUAGE plpgsql IMMUTABLE AS
$$ BEGIN
     RETURN d + CASE extract(isodow FROM d)::int WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END;
   END $$;

-- ---------------------------------------------------------------------
-- house
-- ---------------------------------------------------------------------
CREATE TYPE house.lot_state AS ENUM ('awaiting_sale', 'catalogued', 'sold', 'unsold', 'withdrawn');
CREATE TYPE house.sale_format AS ENUM ('live', 'timed_online');
COMMENT ON TYPE house.lot_state IS 'awaiting_sale = consigned, not yet entered in a sale; catalogued = entered in a sale that has not finished; sold; unsold = offered but bought in (no bids or reserve not met); withdrawn = taken out of the sale before it was offered';

CREATE TABLE house.department (
    dept_cd       char(3) PRIMARY KEY,
    dept_nm       varchar(60) NOT NULL UNIQUE,
    head_spec_id  int,
    ext_no        varchar(6)
);
COMMENT ON TABLE  house.department IS 'Specialist departments';
COMMENT ON COLUMN house.department.head_spec_id IS 'Specialist who currently heads the department';
COMMENT ON COLUMN house.department.ext_no IS 'Department telephone extension';

CREATE TABLE house.specialist (
    spec_id     serial PRIMARY KEY,
    full_nm     varchar(80) NOT NULL,
    dept_cd     char(3) NOT NULL REFERENCES house.department,
    role_cd     char(3) NOT NULL,
    email       varchar(120) NOT NULL UNIQUE,
    started_on  date NOT NULL,
    left_on     date
);
COMMENT ON TABLE  house.specialist IS 'Our specialists, cataloguers and auctioneers';
COMMENT ON COLUMN house.specialist.role_cd IS 'HOD = head of department, SNR = senior specialist, SPC = specialist, CAT = cataloguer';
COMMENT ON COLUMN house.specialist.left_on IS 'Last working day; NULL = still with the firm';

ALTER TABLE house.department ADD CONSTRAINT department_head_spec_id_fkey
    FOREIGN KEY (head_spec_id) REFERENCES house.specialist DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE house.artist (
    artist_id   serial PRIMARY KEY,
    display_nm  varchar(80) NOT NULL UNIQUE,
    born_yr     smallint,
    died_yr     smallint,
    nat_cd      char(2),
    dept_cd     char(3) NOT NULL REFERENCES house.department
);
COMMENT ON TABLE  house.artist IS 'Artist records (painters, printmakers)';
COMMENT ON COLUMN house.artist.born_yr IS 'Year of birth; NULL = unknown';
COMMENT ON COLUMN house.artist.died_yr IS 'Year of death; NULL = living artist';
COMMENT ON COLUMN house.artist.nat_cd IS 'Nationality, ISO 3166 alpha-2 (GB, FR, NL, IT, DE, ES, IE, US)';
COMMENT ON COLUMN house.artist.dept_cd IS 'Department that normally handles the artist';

CREATE TABLE house.artist_price_hist (
    aph_id      serial PRIMARY KEY,
    artist_id   int NOT NULL REFERENCES house.artist,
    valid_from  date NOT NULL,
    valid_to    date,
    guide_lo    numeric(12,2) NOT NULL,
    guide_hi    numeric(12,2) NOT NULL,
    rec_amt     numeric(12,2),
    rec_yr      smallint,
    src_cd      char(3) NOT NULL,
    UNIQUE (artist_id, valid_from)
);
COMMENT ON TABLE  house.artist_price_hist IS 'Price history of an artist: the specialists'' market guide for a typical work, one row per revision';
COMMENT ON COLUMN house.artist_price_hist.valid_from IS 'First day this guide applied';
COMMENT ON COLUMN house.artist_price_hist.valid_to IS 'Day the guide was superseded (exclusive); NULL = current guide';
COMMENT ON COLUMN house.artist_price_hist.guide_lo IS 'Guide price for a typical work, low end, GBP';
COMMENT ON COLUMN house.artist_price_hist.guide_hi IS 'Guide price for a typical work, high end, GBP';
COMMENT ON COLUMN house.artist_price_hist.rec_amt IS 'Auction record for the artist (hammer, any auction house) known at the time, GBP; NULL = no auction record known';
COMMENT ON COLUMN house.artist_price_hist.rec_yr IS 'Year the auction record was set';
COMMENT ON COLUMN house.artist_price_hist.src_cd IS 'Basis of the revision: OWN = our own sale results, MKT = results at other auction houses, APR = formal appraisal';

CREATE TABLE house.consignor (
    consignor_id  serial PRIMARY KEY,
    cnr_nm        varchar(120) NOT NULL,
    cnr_type      char(3) NOT NULL,
    cntry_cd      char(2) NOT NULL,
    postcode      varchar(10),
    email         varchar(120),
    phone_no      varchar(20),
    comm_pct      numeric(4,2) NOT NULL,
    vat_regd      boolean NOT NULL DEFAULT false,
    kyc_dt        date,
    created_on    date NOT NULL
);
COMMENT ON TABLE  house.consignor IS 'Sellers who consign property to our sales';
COMMENT ON COLUMN house.consignor.cnr_type IS 'PRV = private collector, DLR = dealer / trade, EST = estate (executors of a deceased owner), INS = institution (museum, charity, college), CRP = corporate collection';
COMMENT ON COLUMN house.consignor.cntry_cd IS 'Country, ISO 3166 alpha-2';
COMMENT ON COLUMN house.consignor.comm_pct IS 'Seller''s commission we deduct from the hammer price, percent';
COMMENT ON COLUMN house.consignor.kyc_dt IS 'Date identity / anti-money-laundering checks were completed; NULL = not yet done';

CREATE TABLE house.consignment (
    cons_id       serial PRIMARY KEY,
    cons_ref      varchar(12) NOT NULL UNIQUE,
    consignor_id  int NOT NULL,
    spec_id       int NOT NULL,
    recv_dt       date NOT NULL,
    contract_dt   date,
    ins_val       numeric(12,2),
    sts_cd        char(3) NOT NULL
);
COMMENT ON TABLE  house.consignment IS 'A batch of property received from one consignor';
COMMENT ON COLUMN house.consignment.spec_id IS 'Specialist who took the consignment in';
COMMENT ON COLUMN house.consignment.recv_dt IS 'Date the goods arrived at our warehouse';
COMMENT ON COLUMN house.consignment.contract_dt IS 'Date the consignment contract was signed; NULL = not signed yet';
COMMENT ON COLUMN house.consignment.ins_val IS 'Value insured while in our custody (sum of high estimates), GBP';
COMMENT ON COLUMN house.consignment.sts_cd IS 'RCV = received, being catalogued; ACT = lots entered in a sale that has not finished; CMP = complete (sale finished, at least one lot sold); RET = nothing sold, goods returned to the consignor';

CREATE TABLE house.sale (
    sale_id       serial PRIMARY KEY,
    sale_cd       varchar(10) NOT NULL UNIQUE,
    sale_nm       varchar(120) NOT NULL,
    dept_cd       char(3) NOT NULL REFERENCES house.department,
    room_cd       char(3) NOT NULL,
    fmt           house.sale_format NOT NULL,
    start_at      timestamp NOT NULL,
    end_at        timestamp,
    sts_cd        char(3) NOT NULL,
    auctioneer_id int REFERENCES house.specialist
);
COMMENT ON TABLE  house.sale IS 'Auctions (sale events)';
COMMENT ON COLUMN house.sale.room_cd IS 'Saleroom: LDN = London (St James''s), EDI = Edinburgh, BTH = Bath, ONL = online only (no saleroom)';
COMMENT ON COLUMN house.sale.start_at IS 'Live sale: time the first lot is offered. Timed online sale: time bidding opens';
COMMENT ON COLUMN house.sale.end_at IS 'Live sale: approximate time the last lot was sold. Timed online sale: time the first lot closes (the others close one minute apart)';
COMMENT ON COLUMN house.sale.sts_cd IS 'SCH = scheduled, OPN = timed online sale open for bidding, CLS = closed (results final), CNX = cancelled';
COMMENT ON COLUMN house.sale.auctioneer_id IS 'Specialist on the rostrum (live sales); NULL for timed online sales';

CREATE TABLE house.lot (
    lot_id      serial PRIMARY KEY,
    sale_id     int,
    lot_no      int,
    cons_id     int NOT NULL,
    dept_cd     char(3) NOT NULL,
    artist_id   int,
    title       varchar(200) NOT NULL,
    est_lo      numeric(12,2) NOT NULL,
    est_hi      numeric(12,2) NOT NULL,
    rsv_amt     numeric(12,2),
    lot_state   house.lot_state NOT NULL DEFAULT 'awaiting_sale',
    wdr_rsn_cd  char(3),
    wdr_dt      date,
    created_at  timestamp NOT NULL,
    CONSTRAINT uq_lot_sale_lotno UNIQUE (sale_id, lot_no)
);
COMMENT ON TABLE  house.lot IS 'Lots: items (or groups of items) offered for sale';
COMMENT ON COLUMN house.lot.sale_id IS 'Sale the lot is entered in; NULL = not yet assigned to a sale';
COMMENT ON COLUMN house.lot.lot_no IS 'Lot number in the sale catalogue';
COMMENT ON COLUMN house.lot.artist_id IS 'Artist or maker; NULL for decorative arts, anonymous works and collectibles';
COMMENT ON COLUMN house.lot.est_lo IS 'Low pre-sale estimate, GBP';
COMMENT ON COLUMN house.lot.est_hi IS 'High pre-sale estimate, GBP';
COMMENT ON COLUMN house.lot.rsv_amt IS 'Confidential reserve (lowest hammer the consignor accepts), GBP; NULL = offered without reserve';
COMMENT ON COLUMN house.lot.wdr_rsn_cd IS 'Why the lot was withdrawn: ATT = doubts about attribution or authenticity, CNS = consignor asked to withdraw, TTL = title or provenance claim, DMG = damaged, EXP = export licence problem';
COMMENT ON COLUMN house.lot.wdr_dt IS 'Date the lot was withdrawn';

CREATE TABLE bidding.bidder (
    bidder_id     serial PRIMARY KEY,
    full_nm       varchar(80) NOT NULL,
    email         varchar(120) NOT NULL,
    phone_no      varchar(20),
    cntry_cd      char(2) NOT NULL,
    bdr_type      char(1) NOT NULL DEFAULT 'P',
    kyc_sts       char(1) NOT NULL DEFAULT 'P',
    credit_lim    numeric(12,2),
    created_on    date NOT NULL,
    last_login_at timestamp
);
COMMENT ON TABLE  bidding.bidder IS 'Client accounts of people and firms who bid and buy';
COMMENT ON COLUMN bidding.bidder.cntry_cd IS 'Country of residence, ISO 3166 alpha-2';
COMMENT ON COLUMN bidding.bidder.bdr_type IS 'P = private buyer, T = trade (dealer), I = institution';
COMMENT ON COLUMN bidding.bidder.kyc_sts IS 'Identity check: V = verified, P = pending (documents requested), R = rejected';
COMMENT ON COLUMN bidding.bidder.credit_lim IS 'Agreed bidding limit without deposit, GBP; NULL = no limit agreed (deposit may be required)';
COMMENT ON COLUMN bidding.bidder.created_on IS 'Date the account was opened';

CREATE TABLE house.condition_report (
    rpt_id         serial PRIMARY KEY,
    lot_id         int NOT NULL,
    spec_id        int NOT NULL,
    rpt_dt         date NOT NULL,
    grade_cd       char(1) NOT NULL,
    details        jsonb NOT NULL,
    req_bidder_id  int,
    notes          text
);
COMMENT ON TABLE  house.condition_report IS 'Condition reports written by specialists';
COMMENT ON COLUMN house.condition_report.grade_cd IS 'Overall grade: A = excellent, B = good, C = fair, D = poor';
COMMENT ON COLUMN house.condition_report.details IS 'Structured findings: overall, surface {scratches, losses, discolouration}, restoration {present, extent (none/minor/moderate/extensive), uv_checked}, frame {type, condition} for pictures, dims_cm {h, w}, photos (count)';
COMMENT ON COLUMN house.condition_report.req_bidder_id IS 'Bidder who asked for the report; NULL = written for the catalogue on our own initiative';

-- ---------------------------------------------------------------------
-- bidding
-- ---------------------------------------------------------------------
CREATE TABLE bidding.registration (
    reg_id        serial PRIMARY KEY,
    sale_id       int NOT NULL,
    bidder_id     int NOT NULL,
    paddle_no     int NOT NULL,
    chnl_cd       char(3) NOT NULL,
    reg_at        timestamp NOT NULL,
    dep_amt       numeric(10,2),
    appr_at       timestamp,
    last_seen_at  timestamp,
    CONSTRAINT uq_registration_sale_paddle UNIQUE (sale_id, paddle_no),
    CONSTRAINT uq_registration_sale_bidder UNIQUE (sale_id, bidder_id)
);
COMMENT ON TABLE  bidding.registration IS 'A bidder registered for one sale, with the paddle number issued';
COMMENT ON COLUMN bidding.registration.paddle_no IS 'Paddle (bidder) number for this sale';
COMMENT ON COLUMN bidding.registration.chnl_cd IS 'How they bid: RM = in the saleroom, PHN = by telephone with a member of staff, ONL = online, ABS = absentee / commission bids left with the auctioneer';
COMMENT ON COLUMN bidding.registration.dep_amt IS 'Deposit taken for this sale, GBP; NULL = no deposit required';
COMMENT ON COLUMN bidding.registration.appr_at IS 'When we approved the registration; NULL = not approved yet';
COMMENT ON COLUMN bidding.registration.last_seen_at IS 'Last activity on the online platform for this sale; NULL = never logged in';

CREATE TABLE bidding.bid (
    bid_id   bigserial,
    lot_id   int NOT NULL,
    reg_id   int NOT NULL,
    bid_amt  numeric(12,2) NOT NULL,
    bid_at   timestamp NOT NULL,
    src_cd   char(1) NOT NULL,
    PRIMARY KEY (bid_id, bid_at)
) PARTITION BY RANGE (bid_at);
CREATE TABLE bidding.bid_y2022 PARTITION OF bidding.bid FOR VALUES FROM ('2022-01-01') TO ('2023-01-01');
CREATE TABLE bidding.bid_y2023 PARTITION OF bidding.bid FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE bidding.bid_y2024 PARTITION OF bidding.bid FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
COMMENT ON TABLE  bidding.bid IS 'Every bid executed on a lot (partitioned by year of bid_at)';
COMMENT ON COLUMN bidding.bid.bid_amt IS 'Amount bid, GBP';
COMMENT ON COLUMN bidding.bid.src_cd IS 'F = floor (in the room), P = telephone, O = online, A = absentee / commission bid executed by the auctioneer';

-- ---------------------------------------------------------------------
-- accounts
-- ---------------------------------------------------------------------
CREATE TABLE accounts.invoice (
    inv_id      serial PRIMARY KEY,
    inv_no      varchar(14) NOT NULL UNIQUE,
    bidder_id   int NOT NULL,
    sale_id     int NOT NULL,
    issued_dt   date NOT NULL,
    due_dt      date NOT NULL,
    hammer_tot  numeric(12,2) NOT NULL,
    prem_tot    numeric(12,2) NOT NULL,
    vat_amt     numeric(12,2) NOT NULL,
    inv_sts     char(1) NOT NULL DEFAULT 'O'
);
COMMENT ON TABLE  accounts.invoice IS 'Buyer invoices: one per buyer per sale';
COMMENT ON COLUMN accounts.invoice.due_dt IS 'Payment due date (7 days after the invoice date)';
COMMENT ON COLUMN accounts.invoice.hammer_tot IS 'Sum of hammer prices of the lots on the invoice, GBP';
COMMENT ON COLUMN accounts.invoice.prem_tot IS 'Buyer''s premium on those lots, GBP';
COMMENT ON COLUMN accounts.invoice.vat_amt IS 'VAT at 20% on the buyer''s premium only (hammer is sold under the margin scheme), GBP';
COMMENT ON COLUMN accounts.invoice.inv_sts IS 'O = outstanding (nothing paid), T = part paid, P = paid in full, X = cancelled (sale rescinded, buyer default)';

CREATE TABLE bidding.hammer_result (
    lot_id      int PRIMARY KEY,
    reg_id      int NOT NULL,
    hammer_amt  numeric(12,2) NOT NULL,
    prem_amt    numeric(12,2) NOT NULL,
    hammer_at   timestamp NOT NULL,
    inv_id      int
);
COMMENT ON TABLE  bidding.hammer_result IS 'Result of each sold lot: winning registration (paddle) and hammer price';
COMMENT ON COLUMN bidding.hammer_result.reg_id IS 'Registration (paddle) of the successful bidder';
COMMENT ON COLUMN bidding.hammer_result.hammer_amt IS 'Hammer price, GBP (excluding premium)';
COMMENT ON COLUMN bidding.hammer_result.prem_amt IS 'Buyer''s premium on the lot, GBP: 25% of hammer up to 500,000 (26% for sales from 1 Feb 2024) and 20% of the part above';
COMMENT ON COLUMN bidding.hammer_result.hammer_at IS 'When the hammer fell (timed online: when the lot closed)';
COMMENT ON COLUMN bidding.hammer_result.inv_id IS 'Buyer invoice the lot is billed on; NULL = not invoiced yet';

CREATE TABLE accounts.payment (
    pay_id   serial PRIMARY KEY,
    inv_id   int NOT NULL,
    paid_dt  date NOT NULL,
    amt      numeric(12,2) NOT NULL,
    mthd_cd  char(3) NOT NULL,
    ext_ref  varchar(30)
);
COMMENT ON TABLE  accounts.payment IS 'Money received from buyers against invoices';
COMMENT ON COLUMN accounts.payment.mthd_cd IS 'CRD = debit / credit card, BTR = bank transfer, CHQ = cheque, CSH = cash';
COMMENT ON COLUMN accounts.payment.ext_ref IS 'Bank or card processor reference';

CREATE TABLE accounts.shipment (
    ship_id     serial PRIMARY KEY,
    inv_id      int NOT NULL,
    carrier_cd  char(3) NOT NULL,
    dest_cntry  char(2) NOT NULL,
    quote_amt   numeric(10,2) NOT NULL,
    ins_amt     numeric(12,2),
    booked_dt   date NOT NULL,
    shipped_dt  date,
    dlvd_dt     date
);
COMMENT ON TABLE  accounts.shipment IS 'Shipping of purchased lots to buyers';
COMMENT ON COLUMN accounts.shipment.carrier_cd IS 'DHL = DHL Express, FDX = FedEx, UPS = UPS, MTS = Momart fine art shippers, HSE = our own van (UK only)';
COMMENT ON COLUMN accounts.shipment.dest_cntry IS 'Destination country, ISO 3166 alpha-2';
COMMENT ON COLUMN accounts.shipment.quote_amt IS 'Shipping charge quoted to the buyer, GBP';
COMMENT ON COLUMN accounts.shipment.ins_amt IS 'Transit insurance value, GBP';
COMMENT ON COLUMN accounts.shipment.shipped_dt IS 'Date collected by the carrier; NULL = not shipped yet';
COMMENT ON COLUMN accounts.shipment.dlvd_dt IS 'Date delivered to the buyer; NULL = not delivered yet';

CREATE TABLE accounts.settlement (
    stl_id        serial PRIMARY KEY,
    consignor_id  int NOT NULL,
    sale_id       int NOT NULL,
    lots_sold     smallint NOT NULL,
    hammer_tot    numeric(12,2) NOT NULL,
    comm_amt      numeric(12,2) NOT NULL,
    fees_amt      numeric(12,2) NOT NULL,
    net_due       numeric(12,2) NOT NULL,
    due_dt        date NOT NULL,
    paid_dt       date,
    hold_rsn      varchar(60),
    UNIQUE (consignor_id, sale_id)
);
COMMENT ON TABLE  accounts.settlement IS 'What we owe a consignor after a sale (hammer less commission and fees)';
COMMENT ON COLUMN accounts.settlement.comm_amt IS 'Seller''s commission deducted, GBP';
COMMENT ON COLUMN accounts.settlement.fees_amt IS 'Insurance (1.5% of hammer) and lotting fee (10 per lot sold), GBP';
COMMENT ON COLUMN accounts.settlement.net_due IS 'Amount payable to the consignor, GBP';
COMMENT ON COLUMN accounts.settlement.due_dt IS 'Payment due to the consignor (35 days after the sale)';
COMMENT ON COLUMN accounts.settlement.paid_dt IS 'Date we paid the consignor; NULL = not paid yet';
COMMENT ON COLUMN accounts.settlement.hold_rsn IS 'Why payment is on hold; NULL = no hold';

-- =====================================================================
--  Data
-- =====================================================================
BEGIN;
INSERT INTO house.department (dept_cd, dept_nm, ext_no) VALUES
 ('PIC','Old Master & British Pictures','2101'),('MOD','Modern & Contemporary Art','2102'),
 ('PRN','Prints & Multiples','2103'),('FUR','Furniture & Decorative Arts','2201'),
 ('SIL','Silver & Objects of Vertu','2202'),('JEW','Jewellery & Watches','2301'),
 ('ASN','Asian Art','2401'),('CER','Ceramics & Glass','2203'),
 ('BKM','Books & Manuscripts','2501'),('COI','Coins & Medals','2502'),
 ('TOY','Toys, Models & Memorabilia','2503');

INSERT INTO house.specialist (spec_id, full_nm, dept_cd, role_cd, email, started_on, left_on)
SELECT i, n, d, r, lower(replace(replace(n, ' ', '.'), '''', '')) || '@pryce-ashdown.co.uk', s::date, l::date
FROM (VALUES
 ( 1,'Eleanor Whitcombe','PIC','HOD','2009-04-01',NULL),
 ( 2,'Rupert Ashdown','PIC','SNR','2012-09-03',NULL),
 ( 3,'Clara Mendes','PIC','SPC','2019-01-14',NULL),
 ( 4,'Hugo Fairbairn','MOD','HOD','2011-02-07',NULL),
 ( 5,'Saskia de Vries','MOD','SNR','2016-05-16',NULL),
 ( 6,'Tobias Grant','MOD','SPC','2020-03-02','2023-06-30'),
 ( 7,'Imogen Hale','MOD','SPC','2023-07-17',NULL),
 ( 8,'Felix Marchetti','PRN','HOD','2014-10-06',NULL),
 ( 9,'Poppy Lawson','PRN','CAT','2021-08-02',NULL),
 (10,'Jonathan Thorne','FUR','HOD','2008-01-07',NULL),
 (11,'Margaret Ellery','FUR','SNR','2010-06-01','2022-12-31'),
 (12,'Oscar Pennington','FUR','SPC','2018-11-05',NULL),
 (13,'Harriet Cole','FUR','CAT','2022-02-14',NULL),
 (14,'Alistair Crane','SIL','HOD','2013-03-11',NULL),
 (15,'Beatrice Lowe','SIL','SPC','2019-09-09',NULL),
 (16,'Natasha Orlova','JEW','HOD','2015-01-12',NULL),
 (17,'Daniel Kaplan','JEW','SNR','2017-04-24',NULL),
 (18,'Freya Sinclair','JEW','SPC','2021-10-04',NULL),
 (19,'Wei Lin','ASN','HOD','2012-05-14',NULL),
 (20,'Kenji Mori','ASN','SNR','2016-11-21',NULL),
 (21,'Anjali Rao','ASN','CAT','2022-06-06','2024-05-31'),
 (22,'Philippa Dunn','CER','HOD','2011-09-12',NULL),
 (23,'Samuel Birch','CER','SPC','2020-01-20',NULL),
 (24,'Edmund Fraser','BKM','HOD','2010-03-15',NULL),
 (25,'Lucy Achterberg','BKM','SPC','2018-02-26',NULL),
 (26,'Gareth Powell','COI','HOD','2014-07-07',NULL),
 (27,'Mohammed Siddiqui','COI','SPC','2019-05-20',NULL),
 (28,'Jack Donnelly','TOY','HOD','2016-09-05',NULL),
 (29,'Ruby Hartley','TOY','CAT','2021-03-29',NULL),
 (30,'Charlotte Brennan','MOD','SPC','2024-02-05',NULL),
 (31,'Angus MacLeod','PIC','SPC','2017-08-14',NULL),
 (32,'Isobel Grieve','FUR','SPC','2015-04-13','2024-08-30'),
 (33,'Thomas Wren','SIL','CAT','2023-01-09',NULL),
 (34,'Victoria Astley','JEW','CAT','2024-03-18',NULL)
) v(i, n, d, r, s, l);
ALTER SEQUENCE house.specialist_spec_id_seq RESTART WITH 35;
UPDATE house.department d SET head_spec_id = s.spec_id
FROM house.specialist s WHERE s.dept_cd = d.dept_cd AND s.role_cd = 'HOD' AND s.left_on IS NULL;
COMMIT;

-- artists: 1-200 old masters / British pictures, 201-450 modern and contemporary
INSERT INTO house.artist (artist_id, display_nm, born_yr, died_yr, nat_cd, dept_cd)
SELECT i,
       (ARRAY['Johannes','Thomas','Pieter','William','Giovanni','Jan','Henry','Jacob','Francesco','John',
              'Anthony','Frans','Charles','Joseph','David','George','Cornelis','Samuel','Edward','Richard',
              'Margaret','Anna','Mary','Elizabeth','Grace','Vanessa','Frances','Barbara','Winifred','Laura'])[1 + (i - 1) % 30]
       || ' ' ||
       (ARRAY['Verbeek','Ashworth','Van der Meulen','Kettering','Morland-Hay','Hobbs','Rossetti-Lane','Lambert','Carrington','Nasmyth',
              'Ramsden','Wootton','Moreau','Devereux','Hayward','Stirling','Brouwer','Bellotti','Kessler','Tilden',
              'Farquhar','Holloway','Pryor','Lennox','Aldridge','Vandermolen','Harcourt','Ellison','Bramwell','Fenwick'])
              [1 + ((i - 1) / 30 + (i - 1)) % 30],
       b.born,
       CASE WHEN i <= 200 THEN b.born + 38 + floor(pg_temp.rnd('ad'||i) * 45)::int
            WHEN b.born < 1935 OR pg_temp.rnd('al'||i) < 0.25 THEN LEAST(b.born + 45 + floor(pg_temp.rnd('ad'||i) * 45)::int, 2023) END,
       CASE WHEN i <= 200 THEN (ARRAY['GB','GB','GB','NL','NL','IT','FR','DE','ES','IE'])[1 + floor(pg_temp.rnd('an'||i) * 10)::int]
            ELSE (ARRAY['GB','GB','GB','GB','FR','US','US','DE','IE','IT'])[1 + floor(pg_temp.rnd('an'||i) * 10)::int] END,
       CASE WHEN i <= 200 THEN 'PIC' ELSE 'MOD' END
FROM generate_series(1, 450) i
CROSS JOIN LATERAL (SELECT CASE WHEN i <= 200 THEN 1560 + floor(pg_temp.rnd('ab'||i) * 320)::int
                                ELSE 1880 + floor(pg_temp.rnd('ab'||i) * 112)::int END AS born) b;
UPDATE house.artist SET born_yr = NULL WHERE artist_id <= 200 AND pg_temp.rnd('bu'||artist_id) < 0.06;
ALTER SEQUENCE house.artist_artist_id_seq RESTART WITH 451;

-- artist price history (1-5 revisions per artist, growing guides)
INSERT INTO house.artist_price_hist (artist_id, valid_from, valid_to, guide_lo, guide_hi, rec_amt, rec_yr, src_cd)
SELECT artist_id, vf, lead(vf) OVER (PARTITION BY artist_id ORDER BY vf), glo, pg_temp.nice(glo * 1.5),
       CASE WHEN rec IS NOT NULL THEN pg_temp.nice(rec::numeric) END,
       CASE WHEN rec IS NOT NULL THEN LEAST(extract(year FROM vf)::int, 2008 + floor(pg_temp.rnd('ry'||artist_id||'-'||r) * 17)::int) END,
       (ARRAY['OWN','OWN','MKT','MKT','MKT','APR'])[1 + floor(pg_temp.rnd('sc'||artist_id||'-'||r) * 6)::int]
FROM (
  SELECT a.artist_id, r,
         date '2016-01-04' + floor(((r - 1) + pg_temp.rnd('vf'||a.artist_id||'-'||r) * 0.8) * 3180 / n.k)::int AS vf,
         pg_temp.nice((base * power(1.18, r - 1))::numeric) AS glo,
         CASE WHEN pg_temp.rnd('nr'||a.artist_id) < 0.12 THEN NULL
              ELSE base * (4 + pg_temp.rnd('rc'||a.artist_id) * 9) * power(1.25, r - 1) END AS rec
  FROM house.artist a
  CROSS JOIN LATERAL (SELECT 1 + floor(pg_temp.rnd('nk'||a.artist_id) * 5)::int AS k) n
  CROSS JOIN LATERAL generate_series(1, n.k) r
  CROSS JOIN LATERAL (SELECT (CASE WHEN a.artist_id <= 200 THEN 4000 ELSE 6000 END
                              * power(10, pg_temp.rnd('gb'||a.artist_id) * 2.3 - 0.5))::numeric AS base) g
) x
ORDER BY artist_id, vf;

-- consignors ------------------------------------------------------------
INSERT INTO house.consignor (consignor_id, cnr_nm, cnr_type, cntry_cd, postcode, email, phone_no, comm_pct, vat_regd, kyc_dt, created_on)
SELECT i,
       CASE t.ty
         WHEN 'PRV' THEN (ARRAY['Mr','Mrs','Ms','Dr','Mr','Mrs','Sir','Lady'])[1 + floor(pg_temp.rnd('ct'||i) * 8)::int] || ' '
                         || chr(65 + floor(pg_temp.rnd('ci'||i) * 26)::int) || '. ' || nm.ln
         WHEN 'DLR' THEN nm.ln || ' ' || (ARRAY['Fine Art Ltd','Antiques','Galleries','& Co','Fine Jewels','Books Ltd','Numismatics'])[1 + floor(pg_temp.rnd('cd'||i) * 7)::int]
         WHEN 'EST' THEN 'Executors of the late ' || nm.fn || ' ' || nm.ln
         WHEN 'INS' THEN (ARRAY['Trustees of the ','The ','Governors of the ','Friends of the '])[1 + floor(pg_temp.rnd('cu'||i) * 4)::int]
                         || nm.ln || ' ' || (ARRAY['Museum Trust','Foundation','College','Heritage Trust','Charitable Trust'])[1 + floor(pg_temp.rnd('cv'||i) * 5)::int]
         ELSE nm.ln || ' ' || (ARRAY['Holdings plc','Group plc','Insurance Ltd','Bank plc'])[1 + floor(pg_temp.rnd('cw'||i) * 4)::int] || ' Collection'
       END,
       t.ty,
       c.cc,
       CASE WHEN c.cc = 'GB' THEN (ARRAY['SW1','W8','NW3','EH3','EH10','BA1','BA2','GL7','OX2','CB2','YO1','M20','B15','TN13','SP1'])[1 + floor(pg_temp.rnd('cp'||i) * 15)::int]
                                  || ' ' || floor(pg_temp.rnd('cq'||i) * 10)::int || chr(65 + floor(pg_temp.rnd('cr'||i) * 26)::int) || chr(65 + floor(pg_temp.rnd('cs'||i) * 26)::int) END,
       lower(replace(nm.ln, ' ', '')) || i || '@' || (ARRAY['gmail.com','btinternet.com','outlook.com','icloud.com','yahoo.co.uk'])[1 + floor(pg_temp.rnd('ce'||i) * 5)::int],
       CASE WHEN pg_temp.rnd('cx'||i) < 0.92 THEN '+44 ' || (1000000000 + floor(pg_temp.rnd('cn'||i) * 8999999999)::bigint)::text END,
       CASE t.ty WHEN 'DLR' THEN (ARRAY[8.00,10.00,10.00])[1 + floor(pg_temp.rnd('cm'||i) * 3)::int]
                 WHEN 'PRV' THEN (ARRAY[12.50,15.00,15.00])[1 + floor(pg_temp.rnd('cm'||i) * 3)::int]
                 WHEN 'EST' THEN 12.50 ELSE 10.00 END,
       t.ty IN ('DLR','CRP'),
       NULL, date '2014-01-01'
FROM generate_series(1, 4200) i
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('ty'||i) < CASE WHEN i <= 400 THEN 0.55 ELSE 0.10 END THEN 'DLR'
                                WHEN pg_temp.rnd('tz'||i) < 0.64 THEN 'PRV'
                                WHEN pg_temp.rnd('tz'||i) < 0.86 THEN 'EST'
                                WHEN pg_temp.rnd('tz'||i) < 0.93 THEN 'INS' ELSE 'CRP' END AS ty) t
CROSS JOIN LATERAL (SELECT (ARRAY['GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','FR','US','CH'])
                           [1 + floor(pg_temp.rnd('cc'||i) * 20)::int] AS cc) c
CROSS JOIN LATERAL (SELECT
   (ARRAY['Arthur','Beatrice','Cecil','Dorothy','Edmund','Florence','Gerald','Hilda','Ivor','Joan','Kenneth','Lavinia',
          'Maurice','Nora','Percy','Rosalind','Stanley','Ursula','Victor','Winifred'])[1 + floor(pg_temp.rnd('cf'||i) * 20)::int] AS fn,
   (ARRAY['Thornton','Bagshawe','Cavendish','Drummond','Elphick','Fortescue','Greville','Hastings','Irvine','Jessop',
          'Kinnaird','Lockwood','Mortimer','Napier','Ogilvy','Pemberton','Quarrie','Rutherford','Seymour','Trelawney',
          'Urquhart','Villiers','Wyndham','Yelland','Ashby','Blakeney','Chetwode','Dunlop','Egerton','Fairfax'])
          [1 + floor(pg_temp.rnd('cl'||i) * 30)::int] AS ln) nm;
ALTER SEQUENCE house.consignor_consignor_id_seq RESTART WITH 4201;

-- bidders: ids in order of account opening, January 2015 to 11 November 2024
INSERT INTO bidding.bidder (bidder_id, full_nm, email, phone_no, cntry_cd, bdr_type, kyc_sts, credit_lim, created_on, last_login_at)
SELECT i, nm.fn || ' ' || nm.ln,
       lower(nm.fn || '.' || replace(nm.ln, ' ', '')) || i || (ARRAY['@gmail.com','@outlook.com','@icloud.com','@yahoo.com','@me.com','@proton.me'])[1 + floor(pg_temp.rnd('be'||i) * 6)::int],
       CASE WHEN pg_temp.rnd('bx'||i) < 0.95 THEN
            (CASE c.cc WHEN 'GB' THEN '+44 7' WHEN 'US' THEN '+1 ' WHEN 'FR' THEN '+33 6' WHEN 'DE' THEN '+49 15' WHEN 'CH' THEN '+41 7'
                       WHEN 'HK' THEN '+852 ' WHEN 'IT' THEN '+39 3' WHEN 'NL' THEN '+31 6' WHEN 'IE' THEN '+353 8' ELSE '+971 5' END)
            || lpad((floor(pg_temp.rnd('bp'||i) * 1000000000)::bigint)::text, 9, '0') END,
       c.cc,
       CASE WHEN pg_temp.rnd('bt'||i) < 0.15 THEN 'T' WHEN pg_temp.rnd('bt'||i) < 0.17 THEN 'I' ELSE 'P' END,
       CASE WHEN d.cr >= date '2024-10-01' AND pg_temp.rnd('bk'||i) < 0.45 THEN 'P'
            WHEN pg_temp.rnd('bk'||i) < 0.004 THEN 'R' ELSE 'V' END,
       CASE WHEN pg_temp.rnd('bt'||i) < 0.15 THEN (ARRAY[25000,50000,100000])[1 + floor(pg_temp.rnd('bl'||i) * 3)::int]
            WHEN pg_temp.rnd('bm'||i) < 0.18 THEN (ARRAY[5000,10000,25000])[1 + floor(pg_temp.rnd('bl'||i) * 3)::int] END,
       d.cr,
       LEAST(d.cr + floor(pg_temp.rnd('bg'||i) * 4000)::int * interval '1 day' + floor(pg_temp.rnd('bh'||i) * 1440) * interval '1 minute',
             timestamp '2024-11-11 23:00' - floor(pg_temp.rnd('bj'||i) * 600) * interval '1 minute')
FROM generate_series(1, 14000) i
CROSS JOIN LATERAL (SELECT date '2015-01-05' + floor((i - 1) * 3598.0 / 14000 + pg_temp.rnd('bc'||i) * 3)::int AS cr) d
CROSS JOIN LATERAL (SELECT (ARRAY['GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','GB','US','US','FR','DE','CH','HK','HK','IT','NL','IE','AE'])
                           [1 + floor(pg_temp.rnd('bc2'||i) * 23)::int] AS cc) c
CROSS JOIN LATERAL (SELECT
   (ARRAY['James','Sophie','Alexander','Charlotte','William','Olivia','Henry','Isabella','Edward','Emily','Marcus','Claudia',
          'Philippe','Camille','Lukas','Hannah','Wei','Mei','Luca','Giulia','Sean','Aoife','Omar','Layla','Robert','Katherine',
          'Michael','Sarah','David','Anna','Julian','Harriet','Rafael','Elena','Hiroshi','Yuki','Benedict','Georgina','Nikolai','Ingrid'])
          [1 + floor(pg_temp.rnd('bf'||i) * 40)::int] AS fn,
   (ARRAY['Ashford','Bennett','Calloway','Delacroix','Ellsworth','Fitzgerald','Gallagher','Hartmann','Ingleby','Jansen',
          'Keller','Lindqvist','Montague','Nakamura','Okonkwo','Petrakis','Quintero','Rothschild-Hay','Sato','Tremaine',
          'Underwood','Valentin','Whitaker','Xu','Yardley','Zimmermann','Abbott','Brennan','Castellano','Dubois',
          'Eastwood','Forsyth','Greenaway','Holm','Iqbal','Jardine','Kowalczyk','Lam','Moreau','Novak'])
          [1 + floor(pg_temp.rnd('bn'||i) * 40)::int] AS ln) nm;
ALTER SEQUENCE bidding.bidder_bidder_id_seq RESTART WITH 14001;

-- sales ------------------------------------------------------------------
CREATE TEMP TABLE sale_plan AS
SELECT i AS sale_id, d, rm.room, dp.dept,
       CASE WHEN rm.room = 'ONL' THEN 60 + floor(pg_temp.rnd('sn'||i) * 180)::int
            ELSE 40 + floor(pg_temp.rnd('sn'||i) * 150)::int END AS nlots
FROM generate_series(1, 340) i
CROSS JOIN LATERAL (SELECT pg_temp.wkday(date '2022-01-24' + floor((i - 1) * 1050.0 / 339)::int) AS d) dd
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('sr'||i) < 0.40 THEN 'ONL' WHEN pg_temp.rnd('sr'||i) < 0.73 THEN 'LDN'
                                WHEN pg_temp.rnd('sr'||i) < 0.88 THEN 'EDI' ELSE 'BTH' END AS room) rm
CROSS JOIN LATERAL (SELECT (ARRAY['FUR','FUR','PIC','PIC','MOD','MOD','JEW','JEW','SIL','ASN','ASN','CER','PRN','BKM','COI','TOY'])
                           [1 + floor(pg_temp.rnd('sd'||i) * 16)::int] AS dept) dp;
-- no sale on "today" itself
UPDATE sale_plan SET d = d + 1 WHERE d = date '2024-11-12';
-- one London sale was cancelled and its lots moved to later sales
UPDATE sale_plan SET nlots = 0 WHERE sale_id = 171;

INSERT INTO house.sale (sale_id, sale_cd, sale_nm, dept_cd, room_cd, fmt, start_at, end_at, sts_cd, auctioneer_id)
SELECT p.sale_id,
       p.room || to_char(p.d, 'YY') || '-' || lpad(p.sale_id::text, 3, '0'),
       CASE WHEN p.room = 'ONL' THEN 'Online: ' ELSE '' END ||
       CASE p.dept
         WHEN 'PIC' THEN (ARRAY['Old Master Paintings','British & European Pictures','Scottish Pictures','Victorian & British Impressionist Art'])[1 + floor(pg_temp.rnd('nm'||p.sale_id) * 4)::int]
         WHEN 'MOD' THEN (ARRAY['Modern British Art','Post-War & Contemporary Art','Twentieth Century Art','Contemporary Editions & Paintings'])[1 + floor(pg_temp.rnd('nm'||p.sale_id) * 4)::int]
         WHEN 'PRN' THEN 'Prints & Multiples'
         WHEN 'FUR' THEN (ARRAY['Fine Furniture & Works of Art','Antiques & Interiors','The Country House Sale','Clocks, Furniture & Decorative Arts'])[1 + floor(pg_temp.rnd('nm'||p.sale_id) * 4)::int]
         WHEN 'SIL' THEN 'Silver & Objects of Vertu'
         WHEN 'JEW' THEN (ARRAY['Fine Jewellery & Watches','Jewellery','Watches & Wristwatches'])[1 + floor(pg_temp.rnd('nm'||p.sale_id) * 3)::int]
         WHEN 'ASN' THEN (ARRAY['Fine Chinese & Asian Art','Japanese Art','Asian Art'])[1 + floor(pg_temp.rnd('nm'||p.sale_id) * 3)::int]
         WHEN 'CER' THEN 'Ceramics & Glass'
         WHEN 'BKM' THEN 'Books, Maps & Manuscripts'
         WHEN 'COI' THEN 'Coins, Medals & Banknotes'
         ELSE 'Toys, Models & Sporting Memorabilia' END,
       p.dept, p.room,
       CASE WHEN p.room = 'ONL' THEN 'timed_online' ELSE 'live' END::house.sale_format,
       CASE WHEN p.room = 'ONL' THEN p.d + time '12:00'
            WHEN pg_temp.rnd('st'||p.sale_id) < 0.3 THEN p.d + time '14:00' ELSE p.d + time '10:30' END,
       CASE WHEN p.room = 'ONL' THEN pg_temp.wkday(p.d + 6 + floor(pg_temp.rnd('se'||p.sale_id) * 4)::int) + time '19:00'
            ELSE (CASE WHEN pg_temp.rnd('st'||p.sale_id) < 0.3 THEN p.d + time '14:00' ELSE p.d + time '10:30' END)
                 + p.nlots * interval '75 seconds' END,
       'CLS',
       NULL
FROM sale_plan p ORDER BY p.sale_id;
ALTER SEQUENCE house.sale_sale_id_seq RESTART WITH 341;

UPDATE house.sale SET sts_cd = CASE
    WHEN sale_id = 171 THEN 'CNX'
    WHEN start_at > timestamp '2024-11-12 07:00' THEN 'SCH'
    WHEN end_at > timestamp '2024-11-12 07:00' THEN 'OPN'
    ELSE 'CLS' END;
UPDATE house.sale s SET auctioneer_id = (
    SELECT (array_agg(k.spec_id ORDER BY k.spec_id))[1 + floor(pg_temp.rnd('au'||s.sale_id) * count(*))::int]
    FROM house.specialist k
    WHERE k.role_cd IN ('HOD','SNR') AND k.started_on <= s.start_at::date AND (k.left_on IS NULL OR k.left_on >= s.start_at::date)
      AND (k.dept_cd = s.dept_cd OR pg_temp.rnd('ax'||s.sale_id) < 0.3))
WHERE s.fmt = 'live';
ALTER TABLE sale_plan ADD COLUMN sts char(3), ADD COLUMN fmt text, ADD COLUMN start_at timestamp, ADD COLUMN end_at timestamp;
UPDATE sale_plan p SET sts = s.sts_cd, fmt = s.fmt::text, start_at = s.start_at, end_at = s.end_at
FROM house.sale s WHERE s.sale_id = p.sale_id;

-- lots (planned with their outcome) ----------------------------------------
CREATE TEMP TABLE lot_plan AS
SELECT row_number() OVER (ORDER BY p.start_at, p.sale_id, k)::int AS lot_id,
       p.sale_id, k AS lot_no, p.dept, p.sts, p.fmt, p.start_at, p.end_at, p.d,
       CASE WHEN p.fmt = 'live' THEN p.start_at + (k - 1) * interval '75 seconds'
            ELSE p.end_at + (k - 1) * interval '1 minute' END AS close_at,
       CASE WHEN p.dept = 'PIC' AND pg_temp.rnd('an'||p.sale_id||'-'||k) > 0.08 THEN 1 + floor(pg_temp.rnd('ar'||p.sale_id||'-'||k) ^ 1.3 * 200)::int
            WHEN p.dept IN ('MOD','PRN') AND pg_temp.rnd('an'||p.sale_id||'-'||k) > 0.05 THEN 201 + floor(pg_temp.rnd('ar'||p.sale_id||'-'||k) ^ 1.3 * 250)::int
       END AS artist_id,
       pg_temp.rnd('tt'||p.sale_id||'-'||k) AS u_title,
       greatest(50, pg_temp.nice((CASE p.dept WHEN 'PIC' THEN 6000 WHEN 'MOD' THEN 8000 WHEN 'PRN' THEN 1500 WHEN 'FUR' THEN 1500
                                  WHEN 'SIL' THEN 800 WHEN 'JEW' THEN 2500 WHEN 'ASN' THEN 2000 WHEN 'CER' THEN 500
                                  WHEN 'BKM' THEN 1000 WHEN 'COI' THEN 400 ELSE 300 END
                             * power(10, pg_temp.rnd('el'||p.sale_id||'-'||k) * 2.0 - 0.8)
                             * CASE WHEN pg_temp.rnd('es'||p.sale_id||'-'||k) < 0.004 THEN 25 ELSE 1 END
                             * CASE WHEN p.fmt = 'timed_online' THEN 0.5 ELSE 1 END)::numeric)) AS est_lo,
       pg_temp.rnd('rv'||p.sale_id||'-'||k) AS u_rsv,
       pg_temp.rnd('wd'||p.sale_id||'-'||k) AS u_wd,
       0.45 + 1.3 * pg_temp.rnd('ra'||p.sale_id||'-'||k) ^ 1.3
            + CASE WHEN pg_temp.rnd('rb'||p.sale_id||'-'||k) < 0.04 THEN 1.5 + pg_temp.rnd('rc'||p.sale_id||'-'||k) * 4 ELSE 0 END AS ratio,
       pg_temp.rnd('nb'||p.sale_id||'-'||k) AS u_nb,
       -- consignment group within the sale (about four lots per consignment)
       floor(pg_temp.rnd('cg'||p.sale_id||'-'||k) * ceil(p.nlots / 4.0))::int AS cgrp
FROM sale_plan p
CROSS JOIN LATERAL generate_series(1, p.nlots) k;

ALTER TABLE lot_plan ADD COLUMN est_hi numeric, ADD COLUMN rsv numeric, ADD COLUMN top numeric, ADD COLUMN state text,
                     ADD COLUMN nbids int, ADD COLUMN wdr_rsn char(3), ADD COLUMN wdr_dt date;
UPDATE lot_plan SET
  est_hi = pg_temp.nice(est_lo * 1.5),
  rsv = CASE WHEN u_rsv < CASE WHEN fmt = 'timed_online' THEN 0.35 ELSE 0.08 END THEN NULL
             ELSE LEAST(est_lo, pg_temp.nice((est_lo * (0.65 + 0.35 * pg_temp.rnd('rr'||lot_id)))::numeric)) END,
  top = round(est_lo * ratio::numeric / pg_temp.incr((est_lo * ratio)::numeric)) * pg_temp.incr((est_lo * ratio)::numeric);
UPDATE lot_plan SET
  state = CASE
    WHEN sts IN ('SCH','OPN') AND u_wd < 0.02 THEN 'withdrawn'
    WHEN sts IN ('SCH','OPN') THEN 'catalogued'
    WHEN u_wd < 0.03 THEN 'withdrawn'
    WHEN ratio < 0.65 AND u_nb < 0.5 THEN 'unsold'
    WHEN rsv IS NULL OR top >= rsv THEN 'sold'
    ELSE 'unsold' END;
UPDATE lot_plan SET
  nbids = CASE
    WHEN state = 'withdrawn' OR sts = 'SCH' THEN 0
    WHEN state = 'unsold' AND ratio < 0.65 AND u_nb < 0.5 THEN 0
    WHEN state = 'unsold' THEN LEAST(1 + floor(u_nb * 3)::int, floor(top / pg_temp.incr(top))::int)
    WHEN sts = 'OPN' AND u_nb < 0.2 THEN 0
    ELSE LEAST(1 + floor(ratio * 2.5 + u_nb * 4)::int, floor(top / pg_temp.incr(top))::int) END,
  wdr_rsn = CASE WHEN state = 'withdrawn' THEN
    (ARRAY['ATT','ATT','CNS','CNS','CNS','CNS','TTL','DMG','DMG','EXP'])[1 + floor(pg_temp.rnd('wr'||lot_id) * 10)::int] END,
  wdr_dt = CASE WHEN state = 'withdrawn' THEN
    LEAST(d - 1 - floor(pg_temp.rnd('wt'||lot_id) * 20)::int, date '2024-11-11') END;

-- consignments -------------------------------------------------------------
CREATE TEMP TABLE cons_plan AS
SELECT sale_id, cgrp, dept, min(d) AS d, sum(est_hi) AS ins, NULL::int AS nwait
FROM lot_plan GROUP BY sale_id, cgrp, dept
UNION ALL
-- consignments received recently whose lots are not yet in a sale
SELECT NULL, j, (ARRAY['FUR','FUR','PIC','PIC','MOD','MOD','JEW','JEW','SIL','ASN','ASN','CER','PRN','BKM','COI','TOY'])
                  [1 + floor(pg_temp.rnd('wd'||j) * 16)::int],
       pg_temp.wkday(date '2024-09-16' + floor(j * 56.0 / 320)::int), NULL, 1 + floor(pg_temp.rnd('wn'||j) * 7)::int
FROM generate_series(1, 320) j;

ALTER TABLE cons_plan ADD COLUMN consignor_id int, ADD COLUMN recv_dt date, ADD COLUMN spec_id int;
UPDATE cons_plan SET
  consignor_id = 1 + floor(pg_temp.rnd('co'||coalesce(sale_id, 0)||'-'||cgrp) ^ 1.6 * 4200)::int,
  recv_dt = CASE WHEN sale_id IS NULL THEN LEAST(d, date '2024-11-11')
                 ELSE LEAST(pg_temp.wkday(d - 25 - floor(pg_temp.rnd('cr'||sale_id||'-'||cgrp) * 90)::int), date '2024-11-08') END;
UPDATE cons_plan c SET spec_id = (
    SELECT (array_agg(k.spec_id ORDER BY k.spec_id))[1 + floor(pg_temp.rnd('cs'||coalesce(c.sale_id, 0)||'-'||c.cgrp) * count(*))::int]
    FROM house.specialist k
    WHERE k.dept_cd = c.dept AND k.started_on <= c.recv_dt AND (k.left_on IS NULL OR k.left_on >= c.recv_dt));
ALTER TABLE cons_plan RENAME TO cons_plan0;
CREATE TEMP TABLE cons_plan AS
SELECT sale_id, cgrp, dept, d, ins, nwait, consignor_id, recv_dt, spec_id,
       row_number() OVER (ORDER BY recv_dt, coalesce(sale_id, 100000), cgrp)::int AS cons_id
FROM cons_plan0;

-- awaiting lots
CREATE TEMP TABLE wait_plan AS
SELECT (SELECT max(lot_id) FROM lot_plan) + row_number() OVER (ORDER BY c.cons_id, k)::int AS lot_id,
       c.cons_id, c.dept, c.recv_dt, k,
       CASE WHEN c.dept = 'PIC' AND pg_temp.rnd('wa'||c.cons_id||'-'||k) > 0.08 THEN 1 + floor(pg_temp.rnd('wb'||c.cons_id||'-'||k) ^ 1.3 * 200)::int
            WHEN c.dept IN ('MOD','PRN') AND pg_temp.rnd('wa'||c.cons_id||'-'||k) > 0.05 THEN 201 + floor(pg_temp.rnd('wb'||c.cons_id||'-'||k) ^ 1.3 * 250)::int
       END AS artist_id,
       pg_temp.rnd('wt'||c.cons_id||'-'||k) AS u_title,
       greatest(50, pg_temp.nice((CASE c.dept WHEN 'PIC' THEN 6000 WHEN 'MOD' THEN 8000 WHEN 'PRN' THEN 1500 WHEN 'FUR' THEN 1500
                                  WHEN 'SIL' THEN 800 WHEN 'JEW' THEN 2500 WHEN 'ASN' THEN 2000 WHEN 'CER' THEN 500
                                  WHEN 'BKM' THEN 1000 WHEN 'COI' THEN 400 ELSE 300 END
                             * power(10, pg_temp.rnd('we'||c.cons_id||'-'||k) * 2.0 - 0.8))::numeric)) AS est_lo
FROM cons_plan c CROSS JOIN LATERAL generate_series(1, c.nwait) k
WHERE c.sale_id IS NULL;

INSERT INTO house.consignment (cons_id, cons_ref, consignor_id, spec_id, recv_dt, contract_dt, ins_val, sts_cd)
SELECT c.cons_id, 'C' || to_char(c.recv_dt, 'YY') || '-' || lpad(c.cons_id::text, 5, '0'),
       c.consignor_id, c.spec_id, c.recv_dt,
       CASE WHEN c.sale_id IS NULL AND pg_temp.rnd('cc'||c.cons_id) < 0.35 THEN NULL
            ELSE LEAST(c.recv_dt + floor(pg_temp.rnd('cc'||c.cons_id) * 15)::int, date '2024-11-11') END,
       COALESCE(c.ins, (SELECT sum(pg_temp.nice(w.est_lo * 1.5)) FROM wait_plan w WHERE w.cons_id = c.cons_id)),
       'RCV'
FROM cons_plan c ORDER BY c.cons_id;
DO $$ BEGIN PERFORM setval('house.consignment_cons_id_seq', (SELECT max(cons_id) FROM house.consignment)); END $$;

-- consignors open their account at their first consignment
UPDATE house.consignor o SET created_on = x.first_dt - floor(pg_temp.rnd('oc'||o.consignor_id) * 30)::int
FROM (SELECT consignor_id, min(recv_dt) AS first_dt FROM house.consignment GROUP BY consignor_id) x
WHERE x.consignor_id = o.consignor_id;
UPDATE house.consignor SET created_on = date '2014-01-06' + floor(pg_temp.rnd('od'||consignor_id) * 3900)::int
WHERE consignor_id NOT IN (SELECT consignor_id FROM house.consignment);
UPDATE house.consignor SET kyc_dt = CASE WHEN created_on > date '2024-09-01' AND pg_temp.rnd('ok'||consignor_id) < 0.4 THEN NULL
                                         ELSE LEAST(created_on + floor(pg_temp.rnd('ok'||consignor_id) * 12)::int, date '2024-11-11') END;

-- lots -------------------------------------------------------------------------
INSERT INTO house.lot (lot_id, sale_id, lot_no, cons_id, dept_cd, artist_id, title, est_lo, est_hi, rsv_amt, lot_state, wdr_rsn_cd, wdr_dt, created_at)
SELECT l.lot_id, l.sale_id, l.lot_no, c.cons_id, l.dept, l.artist_id,
       t.title, l.est_lo, l.est_hi, l.rsv, l.state::house.lot_state, l.wdr_rsn, l.wdr_dt,
       LEAST(c.recv_dt + floor(pg_temp.rnd('lc'||l.lot_id) * 20)::int + (9 * 60 + floor(pg_temp.rnd('lm'||l.lot_id) * 480)) * interval '1 minute',
             timestamp '2024-11-11 17:00')
FROM lot_plan l
JOIN cons_plan c ON c.sale_id = l.sale_id AND c.cgrp = l.cgrp
CROSS JOIN LATERAL (SELECT CASE l.dept
   WHEN 'PIC' THEN (ARRAY['Portrait of a lady, half-length','River landscape with cattle watering','Still life of flowers in a glass vase',
                          'The Adoration of the Shepherds','A coastal scene at dusk','Figures skating on a frozen river',
                          'Portrait of a gentleman in a black coat','Classical landscape with ruins','A hunting party in a wooded landscape',
                          'Highland cattle in a glen'])[1 + floor(l.u_title * 10)::int]
   WHEN 'MOD' THEN (ARRAY['Untitled','Composition in blue and ochre','Reclining figure','Harbour, St Ives','Study for a head',
                          'Interior with a red chair','Still life with jug and lemons','Abstract No. 7','Evening, Cornwall','Two figures'])[1 + floor(l.u_title * 10)::int]
   WHEN 'PRN' THEN (ARRAY['Flowers, screenprint','Bull, etching','Self-portrait, lithograph','Garden at night, linocut',
                          'Harbour, aquatint','Blue interior, screenprint','Nude, drypoint','Composition, woodcut'])[1 + floor(l.u_title * 8)::int]
   WHEN 'FUR' THEN (ARRAY['A George III mahogany serpentine chest of drawers','A Regency rosewood sofa table','A Victorian walnut Davenport',
                          'A pair of Louis XV style giltwood fauteuils','A William IV library bookcase','An oak refectory table',
                          'A George III mahogany longcase clock','A Dutch marquetry bureau','A Regency gilt-bronze mantel clock',
                          'A set of eight Hepplewhite dining chairs'])[1 + floor(l.u_title * 10)::int]
   WHEN 'SIL' THEN (ARRAY['A George II silver salver, London 1745','A Victorian silver four-piece tea service','A pair of George III silver candlesticks',
                          'A Faberge silver-gilt cigarette case','A set of twelve silver dessert spoons','A silver christening mug',
                          'A George III silver tea caddy','A Victorian silver claret jug'])[1 + floor(l.u_title * 8)::int]
   WHEN 'JEW' THEN (ARRAY['A diamond single-stone ring','A Rolex Submariner wristwatch','A sapphire and diamond cluster ring',
                          'A cultured pearl necklace with diamond clasp','A Patek Philippe Calatrava wristwatch','An Art Deco diamond bracelet',
                          'An Omega Speedmaster wristwatch','A pair of emerald and diamond earrings','A Cartier Tank wristwatch',
                          'A Victorian gold mourning brooch'])[1 + floor(l.u_title * 10)::int]
   WHEN 'ASN' THEN (ARRAY['A Chinese blue and white porcelain vase, Kangxi','A Japanese bronze koro, Meiji period','A Chinese white jade carving',
                          'A famille rose charger, Qianlong','A Japanese Satsuma vase','A Tibetan gilt-bronze figure of Buddha',
                          'A Chinese lacquer cabinet','A Japanese woodblock print, Hiroshige'])[1 + floor(l.u_title * 8)::int]
   WHEN 'CER' THEN (ARRAY['A Meissen porcelain figure group','A Moorcroft Pomegranate vase','A Clarice Cliff Bizarre jug',
                          'A Lalique glass bowl','A Wedgwood jasperware vase','A Royal Worcester painted plate',
                          'A Whitefriars glass vase','A pair of Staffordshire spaniels'])[1 + floor(l.u_title * 8)::int]
   WHEN 'BKM' THEN (ARRAY['Dickens, Great Expectations, first edition, 1861','A Book of Hours leaf, illuminated on vellum',
                          'Darwin, On the Origin of Species, 1859','An autograph letter signed by Winston Churchill',
                          'Speed, The Theatre of the Empire of Great Britaine, 1611','Tolkien, The Hobbit, first edition, 1937',
                          'A collection of Scottish county maps','Austen, Pride and Prejudice, third edition'])[1 + floor(l.u_title * 8)::int]
   WHEN 'COI' THEN (ARRAY['A Victoria gold sovereign, 1887','A George III silver crown, 1819','A First World War Military Cross group of four',
                          'A Roman silver denarius','A Charles II gold guinea, 1679','A 1953 Coronation proof set',
                          'A Bank of England five pound note, 1945','An Edward VII half sovereign, 1902'])[1 + floor(l.u_title * 8)::int]
   ELSE (ARRAY['A Hornby O gauge locomotive, boxed','A Steiff teddy bear, circa 1910','A Dinky Toys gift set, boxed',
               'A Star Wars Boba Fett figure, carded','A signed 1966 World Cup programme','A Beatles signed photograph',
               'A Britains lead soldiers set','A Corgi James Bond Aston Martin, boxed'])[1 + floor(l.u_title * 8)::int]
   END AS title) t
UNION ALL
SELECT w.lot_id, NULL, NULL, w.cons_id, w.dept, w.artist_id,
       CASE w.dept WHEN 'PIC' THEN 'Portrait of a gentleman, bust-length' WHEN 'MOD' THEN 'Untitled (abstract)' WHEN 'PRN' THEN 'Still life, lithograph'
                   WHEN 'FUR' THEN 'A George III mahogany bureau' WHEN 'SIL' THEN 'A Victorian silver salver' WHEN 'JEW' THEN 'A diamond three-stone ring'
                   WHEN 'ASN' THEN 'A Chinese celadon bowl' WHEN 'CER' THEN 'A Moorcroft vase' WHEN 'BKM' THEN 'A bundle of estate papers'
                   WHEN 'COI' THEN 'A collection of Victorian pennies' ELSE 'A tinplate clockwork car' END,
       w.est_lo, pg_temp.nice(w.est_lo * 1.5),
       CASE WHEN pg_temp.rnd('wr'||w.lot_id) < 0.85 THEN LEAST(w.est_lo, pg_temp.nice((w.est_lo * 0.8)::numeric)) END,
       'awaiting_sale', NULL, NULL,
       LEAST(w.recv_dt + floor(pg_temp.rnd('lc'||w.lot_id) * 10)::int + (9 * 60 + floor(pg_temp.rnd('lm'||w.lot_id) * 480)) * interval '1 minute',
             timestamp '2024-11-11 17:00')
FROM wait_plan w
ORDER BY 1;
DO $$ BEGIN PERFORM setval('house.lot_lot_id_seq', (SELECT max(lot_id) FROM house.lot)); END $$;

-- registrations (paddles) ------------------------------------------------------
CREATE TEMP TABLE reg_plan AS
SELECT x.*, row_number() OVER (PARTITION BY x.sale_id ORDER BY x.j) AS rk
FROM (
  SELECT DISTINCT ON (s.sale_id, b.bidder_id) s.sale_id, s.fmt, s.sts, s.dept, s.start_at, s.end_at, s.d, j, b.bidder_id, n.nreg
  FROM sale_plan s
  CROSS JOIN LATERAL (SELECT CASE WHEN s.fmt = 'live' THEN 50 + floor(pg_temp.rnd('rn'||s.sale_id) * 110)::int
                                  ELSE 70 + floor(pg_temp.rnd('rn'||s.sale_id) * 150)::int END AS nreg,
                             floor(((s.d - date '2015-01-05') - 3) * 14000 / 3598.0)::int AS maxid) n
  CROSS JOIN LATERAL generate_series(1, ceil(n.nreg * 1.2)::int) j
  JOIN bidding.bidder b ON b.bidder_id =
       CASE WHEN pg_temp.rnd('rk'||s.sale_id||'-'||j) < 0.5 THEN 1 + floor(pg_temp.rnd('ra'||s.sale_id||'-'||j) ^ 2.5 * n.maxid)::int
            ELSE 1 + floor(pg_temp.rnd('ra'||s.sale_id||'-'||j) * n.maxid)::int END
  WHERE s.nlots > 0 AND b.kyc_sts = 'V' AND b.created_on < s.d
  ORDER BY s.sale_id, b.bidder_id, j
) x;
DELETE FROM reg_plan WHERE rk > nreg;
ALTER TABLE reg_plan ADD COLUMN reg_at timestamp, ADD COLUMN chnl char(3);
UPDATE reg_plan SET
  reg_at = LEAST(d - floor(pg_temp.rnd('rt'||sale_id||'-'||bidder_id) * 21)::int + time '08:00'
                   + floor(pg_temp.rnd('rh'||sale_id||'-'||bidder_id) * 720) * interval '1 minute',
                 start_at - interval '30 minutes'),
  chnl = CASE WHEN fmt = 'timed_online' THEN 'ONL'
              WHEN pg_temp.rnd('rc'||sale_id||'-'||bidder_id) < 0.35 THEN 'RM'
              WHEN pg_temp.rnd('rc'||sale_id||'-'||bidder_id) < 0.53 THEN 'PHN'
              WHEN pg_temp.rnd('rc'||sale_id||'-'||bidder_id) < 0.90 THEN 'ONL' ELSE 'ABS' END;
-- registrations for upcoming sales only exist up to the snapshot
DELETE FROM reg_plan WHERE reg_at > timestamp '2024-11-11 21:00';

INSERT INTO bidding.registration (reg_id, sale_id, bidder_id, paddle_no, chnl_cd, reg_at, dep_amt, appr_at, last_seen_at)
SELECT row_number() OVER (ORDER BY r.start_at, r.sale_id, r.pad)::int, r.sale_id, r.bidder_id, r.pad, r.chnl, r.reg_at,
       CASE WHEN r.chnl = 'PHN' AND r.dept IN ('PIC','MOD','JEW') AND pg_temp.rnd('dp'||r.sale_id||'-'||r.bidder_id) < 0.5
            THEN (ARRAY[5000,10000])[1 + floor(pg_temp.rnd('dq'||r.sale_id||'-'||r.bidder_id) * 2)::int] END,
       CASE WHEN r.sts = 'SCH' AND (pg_temp.rnd('ap'||r.sale_id||'-'||r.bidder_id) < 0.15
                                    OR r.reg_at + (10 + floor(pg_temp.rnd('aq'||r.sale_id||'-'||r.bidder_id) * 1800)) * interval '1 minute' > timestamp '2024-11-12 07:00')
            THEN NULL
            ELSE LEAST(r.reg_at + (10 + floor(pg_temp.rnd('aq'||r.sale_id||'-'||r.bidder_id) * 1800)) * interval '1 minute', r.start_at - interval '10 minutes') END,
       CASE WHEN r.chnl <> 'ONL' THEN NULL
            WHEN r.sts = 'SCH' THEN CASE WHEN pg_temp.rnd('ls'||r.sale_id||'-'||r.bidder_id) < 0.6 THEN r.reg_at + interval '3 minutes' END
            WHEN r.sts = 'OPN' THEN date_trunc('second', r.start_at + (timestamp '2024-11-12 06:00' - r.start_at) * pg_temp.rnd('lt'||r.sale_id||'-'||r.bidder_id))
            ELSE date_trunc('second', r.start_at + (r.end_at - r.start_at) * pg_temp.rnd('lt'||r.sale_id||'-'||r.bidder_id)) END
FROM (SELECT *, 100 + row_number() OVER (PARTITION BY sale_id ORDER BY reg_at, bidder_id)::int AS pad FROM reg_plan) r
ORDER BY 1;
DO $$ BEGIN PERFORM setval('bidding.registration_reg_id_seq', (SELECT max(reg_id) FROM bidding.registration)); END $$;

CREATE TEMP TABLE sale_regs AS
SELECT sale_id, array_agg(reg_id ORDER BY paddle_no) AS regs, array_agg(chnl_cd ORDER BY paddle_no) AS chnls, count(*)::int AS nreg
FROM bidding.registration GROUP BY sale_id;

-- bids ---------------------------------------------------------------------------
ALTER TABLE lot_plan ADD COLUMN b0 int, ADD COLUMN bstep int, ADD COLUMN nreg int;
UPDATE lot_plan l SET nreg = r.nreg,
       b0 = floor(pg_temp.rnd('bb'||l.lot_id) * r.nreg)::int,
       bstep = 1 + floor(pg_temp.rnd('bs'||l.lot_id) * (r.nreg - 1))::int
FROM sale_regs r WHERE r.sale_id = l.sale_id AND l.nbids > 0;

INSERT INTO bidding.bid (lot_id, reg_id, bid_amt, bid_at, src_cd)
SELECT b.lot_id, b.reg_id, b.amt, b.bid_at, b.src
FROM (
  SELECT l.lot_id, r.regs[1 + (l.b0 + (k - 1) * l.bstep) % l.nreg] AS reg_id,
         l.top - (l.nbids - k) * pg_temp.incr(l.top) AS amt,
         CASE WHEN l.fmt = 'live' THEN l.close_at - (l.nbids - k) * interval '7 seconds'
              ELSE date_trunc('second', l.start_at + (l.close_at - l.start_at)
                                * power((k - 0.9 + 0.8 * pg_temp.rnd('bt'||l.lot_id||'-'||k)) / l.nbids, 0.4)) END AS bid_at,
         CASE r.chnls[1 + (l.b0 + (k - 1) * l.bstep) % l.nreg] WHEN 'RM' THEN 'F' WHEN 'PHN' THEN 'P' WHEN 'ONL' THEN 'O' ELSE 'A' END AS src
  FROM lot_plan l
  JOIN sale_regs r ON r.sale_id = l.sale_id
  CROSS JOIN LATERAL generate_series(1, l.nbids) k
  WHERE l.nbids > 0
) b
WHERE b.bid_at < timestamp '2024-11-12 07:00'
ORDER BY b.bid_at, b.lot_id;

-- hammer results -------------------------------------------------------------------
INSERT INTO bidding.hammer_result (lot_id, reg_id, hammer_amt, prem_amt, hammer_at, inv_id)
SELECT l.lot_id, r.regs[1 + (l.b0 + (l.nbids - 1) * l.bstep) % l.nreg], l.top,
       round(LEAST(l.top, 500000) * CASE WHEN l.start_at < timestamp '2024-02-01' THEN 0.25 ELSE 0.26 END
             + GREATEST(l.top - 500000, 0) * 0.20, 2),
       l.close_at, NULL
FROM lot_plan l JOIN sale_regs r ON r.sale_id = l.sale_id
WHERE l.state = 'sold'
ORDER BY l.lot_id;

-- buyer invoices (issued the working day after the sale) ----------------------------
CREATE TEMP TABLE inv_plan AS
SELECT row_number() OVER (ORDER BY x.issued, x.sale_id, x.bidder_id)::int AS inv_id, x.*,
       pg_temp.rnd('is'||x.sale_id||'-'||x.bidder_id) AS u,
       x.hammer_tot + x.prem_tot + x.vat AS total
FROM (
  SELECT g.sale_id, g.bidder_id, pg_temp.wkday(max(h.hammer_at)::date + 1) AS issued,
         sum(h.hammer_amt) AS hammer_tot, sum(h.prem_amt) AS prem_tot, round(sum(h.prem_amt) * 0.20, 2) AS vat
  FROM bidding.hammer_result h
  JOIN bidding.registration g ON g.reg_id = h.reg_id
  GROUP BY g.sale_id, g.bidder_id
) x
WHERE x.issued <= date '2024-11-11';
ALTER TABLE inv_plan ADD COLUMN sts char(1), ADD COLUMN pd date;
UPDATE inv_plan SET pd = pg_temp.wkday(issued + floor(pg_temp.rnd('pd'||inv_id) ^ 1.5 * 20)::int);
UPDATE inv_plan SET sts = CASE
    WHEN u < 0.012 AND issued < date '2024-10-12' THEN 'X'
    WHEN u < 0.022 AND issued < date '2024-01-01' THEN 'X'
    WHEN u < 0.027 AND issued >= date '2024-01-01' AND issued < date '2024-10-12' THEN 'O'
    WHEN u < 0.037 AND issued >= date '2024-03-01' AND issued < date '2024-10-28' THEN 'T'
    WHEN pd <= date '2024-11-11' THEN 'P'
    ELSE 'O' END;

INSERT INTO accounts.invoice (inv_id, inv_no, bidder_id, sale_id, issued_dt, due_dt, hammer_tot, prem_tot, vat_amt, inv_sts)
SELECT inv_id, 'INV' || to_char(issued, 'YY') || '-' || lpad(inv_id::text, 6, '0'), bidder_id, sale_id,
       issued, issued + 7, hammer_tot, prem_tot, vat, sts
FROM inv_plan ORDER BY inv_id;
DO $$ BEGIN PERFORM setval('accounts.invoice_inv_id_seq', (SELECT max(inv_id) FROM accounts.invoice)); END $$;

UPDATE bidding.hammer_result h SET inv_id = i.inv_id
FROM bidding.registration g, inv_plan i
WHERE g.reg_id = h.reg_id AND i.sale_id = g.sale_id AND i.bidder_id = g.bidder_id;

-- payments -------------------------------------------------------------------------------
INSERT INTO accounts.payment (inv_id, paid_dt, amt, mthd_cd, ext_ref)
SELECT p.inv_id, p.paid_dt, p.amt, p.m,
       CASE p.m WHEN 'CRD' THEN 'ch_' || substr(md5('cr'||p.inv_id||p.n), 1, 14)
                WHEN 'BTR' THEN 'FPS' || upper(substr(md5('bt'||p.inv_id||p.n), 1, 10))
                WHEN 'CHQ' THEN 'CHQ ' || (100000 + floor(pg_temp.rnd('cq'||p.inv_id) * 899999)::int) END
FROM (
  SELECT i.inv_id, 1 AS n,
         CASE WHEN i.sts = 'T' THEN pg_temp.wkday(i.issued + 2 + floor(pg_temp.rnd('tp'||i.inv_id) * 8)::int) ELSE i.issued END AS paid_dt,
         CASE WHEN i.sts = 'T' THEN round(i.total * (0.2 + 0.4 * pg_temp.rnd('ta'||i.inv_id))::numeric, 2)
              ELSE round(i.total * 0.5, 2) END AS amt,
         m.m
  FROM inv_plan i
  CROSS JOIN LATERAL (SELECT CASE WHEN i.total < 3000 THEN (ARRAY['CRD','CRD','CRD','CRD','CRD','CRD','CRD','BTR','BTR','CSH'])[1 + floor(pg_temp.rnd('pm'||i.inv_id) * 10)::int]
                                  WHEN i.total < 30000 THEN (ARRAY['CRD','CRD','CRD','BTR','BTR','BTR','BTR','BTR','BTR','CHQ'])[1 + floor(pg_temp.rnd('pm'||i.inv_id) * 10)::int]
                                  ELSE 'BTR' END AS m) m
  WHERE i.sts = 'T' OR (i.sts = 'P' AND i.total > 1000 AND pg_temp.rnd('p2'||i.inv_id) < 0.15)
  UNION ALL
  SELECT i.inv_id, 2, i.pd,
         CASE WHEN i.total > 1000 AND pg_temp.rnd('p2'||i.inv_id) < 0.15 THEN i.total - round(i.total * 0.5, 2) ELSE i.total END,
         CASE WHEN i.total < 3000 THEN (ARRAY['CRD','CRD','CRD','CRD','CRD','CRD','CRD','BTR','BTR','CSH'])[1 + floor(pg_temp.rnd('pn'||i.inv_id) * 10)::int]
              WHEN i.total < 30000 THEN (ARRAY['CRD','CRD','CRD','BTR','BTR','BTR','BTR','BTR','BTR','CHQ'])[1 + floor(pg_temp.rnd('pn'||i.inv_id) * 10)::int]
              ELSE 'BTR' END
  FROM inv_plan i WHERE i.sts = 'P'
) p
ORDER BY p.paid_dt, p.inv_id, p.n;

-- shipping ------------------------------------------------------------------------------------
INSERT INTO accounts.shipment (inv_id, carrier_cd, dest_cntry, quote_amt, ins_amt, booked_dt, shipped_dt, dlvd_dt)
SELECT s.inv_id, s.carrier, s.cc, s.quote, s.ins, s.booked,
       CASE WHEN s.shipped <= date '2024-11-11' THEN s.shipped END,
       CASE WHEN s.dlvd <= date '2024-11-11' THEN s.dlvd END
FROM (
  SELECT i.inv_id, b.cntry_cd AS cc,
         CASE WHEN b.cntry_cd = 'GB' THEN (ARRAY['HSE','HSE','HSE','HSE','HSE','MTS','MTS','MTS','UPS','UPS'])[1 + floor(pg_temp.rnd('sc'||i.inv_id) * 10)::int]
              ELSE (ARRAY['DHL','DHL','DHL','DHL','DHL','DHL','DHL','FDX','FDX','FDX','FDX','FDX','UPS','UPS','UPS','MTS','MTS','MTS','MTS','MTS'])[1 + floor(pg_temp.rnd('sc'||i.inv_id) * 20)::int] END AS carrier,
         round(CASE WHEN b.cntry_cd = 'GB' THEN 45 WHEN b.cntry_cd IN ('FR','DE','IT','NL','IE','CH') THEN 140 ELSE 260 END
               + i.hammer_tot * 0.012, 2) AS quote,
         i.hammer_tot + i.prem_tot AS ins,
         bk.booked,
         pg_temp.wkday(bk.booked + 2 + floor(pg_temp.rnd('ss'||i.inv_id) * 9)::int) AS shipped,
         pg_temp.wkday(pg_temp.wkday(bk.booked + 2 + floor(pg_temp.rnd('ss'||i.inv_id) * 9)::int)
                       + CASE WHEN b.cntry_cd = 'GB' THEN 1 + floor(pg_temp.rnd('sv'||i.inv_id) * 3)::int
                              WHEN b.cntry_cd IN ('FR','DE','IT','NL','IE','CH') THEN 2 + floor(pg_temp.rnd('sv'||i.inv_id) * 6)::int
                              ELSE 3 + floor(pg_temp.rnd('sv'||i.inv_id) * 12)::int END) AS dlvd
  FROM inv_plan i
  JOIN bidding.bidder b ON b.bidder_id = i.bidder_id
  CROSS JOIN LATERAL (SELECT pg_temp.wkday(i.pd + 1 + floor(pg_temp.rnd('sb'||i.inv_id) * 4)::int) AS booked) bk
  WHERE i.sts = 'P' AND pg_temp.rnd('sh'||i.inv_id) < CASE WHEN b.cntry_cd = 'GB' THEN 0.2 ELSE 0.7 END
) s
WHERE s.booked <= date '2024-11-11'
ORDER BY s.booked, s.inv_id;

-- consignor settlements -------------------------------------------------------------------------
INSERT INTO accounts.settlement (consignor_id, sale_id, lots_sold, hammer_tot, comm_amt, fees_amt, net_due, due_dt, paid_dt, hold_rsn)
SELECT x.consignor_id, x.sale_id, x.n, x.ham, c.comm, f.fees, x.ham - c.comm - f.fees, x.due,
       CASE WHEN h.rsn IS NULL AND x.due <= date '2024-11-11'
            THEN x.due - floor(pg_temp.rnd('sp'||x.consignor_id||'-'||x.sale_id) * 3)::int
                 - CASE extract(isodow FROM x.due - floor(pg_temp.rnd('sp'||x.consignor_id||'-'||x.sale_id) * 3)::int)::int WHEN 6 THEN 1 WHEN 7 THEN 2 ELSE 0 END
       END,
       h.rsn
FROM (
  SELECT k.consignor_id, l.sale_id, count(*)::int AS n, sum(r.hammer_amt) AS ham,
         max(r.hammer_at)::date + 35 AS due,
         bool_or(i.inv_sts = 'X') AS any_x,
         bool_or(i.inv_id IS NULL OR i.inv_sts IN ('O','T')) AS any_unpaid,
         max(o.cnr_type) AS cnr_type
  FROM bidding.hammer_result r
  JOIN house.lot l ON l.lot_id = r.lot_id
  JOIN house.consignment k ON k.cons_id = l.cons_id
  JOIN house.consignor o ON o.consignor_id = k.consignor_id
  LEFT JOIN accounts.invoice i ON i.inv_id = r.inv_id
  GROUP BY k.consignor_id, l.sale_id
) x
JOIN house.consignor o ON o.consignor_id = x.consignor_id
CROSS JOIN LATERAL (SELECT round(x.ham * o.comm_pct / 100, 2) AS comm) c
CROSS JOIN LATERAL (SELECT round(x.ham * 0.015, 2) + 10 * x.n AS fees) f
CROSS JOIN LATERAL (SELECT CASE
    WHEN x.any_x AND x.due >= date '2024-07-01' THEN 'Sale rescinded - buyer default'
    WHEN x.any_unpaid AND x.due >= date '2024-09-15' THEN 'Buyer payment outstanding'
    WHEN pg_temp.rnd('sq'||x.consignor_id||'-'||x.sale_id) < 0.012 AND x.due >= date '2023-10-01' THEN
         CASE WHEN x.cnr_type = 'EST' THEN 'Grant of probate not yet received'
              WHEN pg_temp.rnd('sz'||x.consignor_id) < 0.5 THEN 'Awaiting bank details' ELSE 'Title query' END
    END AS rsn) h
ORDER BY x.due, x.consignor_id;

-- consignment status --------------------------------------------------------------------------------
UPDATE house.consignment k SET sts_cd = x.sts
FROM (SELECT l.cons_id,
             CASE WHEN bool_or(s.sts_cd IN ('SCH','OPN')) THEN 'ACT'
                  WHEN bool_or(l.lot_state = 'sold') THEN 'CMP'
                  ELSE 'RET' END AS sts
      FROM house.lot l JOIN house.sale s ON s.sale_id = l.sale_id
      GROUP BY l.cons_id) x
WHERE x.cons_id = k.cons_id;

-- condition reports ------------------------------------------------------------------------------------
CREATE TEMP TABLE cr_plan AS
SELECT l.lot_id, l.dept_cd AS dept, 1 AS seq,
       CASE WHEN l.sale_id IS NULL THEN l.created_at::date + 1 + floor(pg_temp.rnd('cd'||l.lot_id) * 10)::int
            ELSE GREATEST(l.created_at::date + 1, s.start_at::date - 3 - floor(pg_temp.rnd('cd'||l.lot_id) * 40)::int) END AS rpt_dt,
       CASE WHEN pg_temp.rnd('cb'||l.lot_id) < 0.3 THEN 1 + floor(pg_temp.rnd('cq'||l.lot_id)
            * ((l.created_at::date - date '2015-01-05') * 14000 / 3598.0 - 10))::int END AS req_bidder
FROM house.lot l LEFT JOIN house.sale s ON s.sale_id = l.sale_id
WHERE l.dept_cd IN ('PIC','MOD','FUR','ASN','CER','SIL','JEW','TOY')
  AND pg_temp.rnd('ce'||l.lot_id) < CASE WHEN l.sale_id IS NULL THEN 0.3 ELSE 0.55 END;
INSERT INTO cr_plan
SELECT lot_id, dept, 2, rpt_dt + 2 + floor(pg_temp.rnd('c2'||lot_id) * 9)::int,
       1 + floor(pg_temp.rnd('cr'||lot_id) * ((rpt_dt - date '2015-01-05') * 14000 / 3598.0 - 10))::int
FROM cr_plan WHERE pg_temp.rnd('cs'||lot_id) < 0.05;
DELETE FROM cr_plan WHERE rpt_dt > date '2024-11-11';
ALTER TABLE cr_plan ADD COLUMN grade char(1), ADD COLUMN rest boolean;
UPDATE cr_plan SET grade = CASE WHEN pg_temp.rnd('gr'||lot_id||seq) < 0.20 THEN 'A' WHEN pg_temp.rnd('gr'||lot_id||seq) < 0.65 THEN 'B'
                                WHEN pg_temp.rnd('gr'||lot_id||seq) < 0.93 THEN 'C' ELSE 'D' END;
UPDATE cr_plan SET rest = pg_temp.rnd('re'||lot_id||seq) < CASE grade WHEN 'A' THEN 0.05 WHEN 'B' THEN 0.25 WHEN 'C' THEN 0.55 ELSE 0.80 END;

INSERT INTO house.condition_report (lot_id, spec_id, rpt_dt, grade_cd, details, req_bidder_id, notes)
SELECT c.lot_id,
       (SELECT (array_agg(k.spec_id ORDER BY k.spec_id))[1 + floor(pg_temp.rnd('sp'||c.lot_id||c.seq) * count(*))::int]
          FROM house.specialist k
         WHERE k.dept_cd = c.dept AND k.started_on <= c.rpt_dt AND (k.left_on IS NULL OR k.left_on >= c.rpt_dt)),
       c.rpt_dt, c.grade,
       jsonb_build_object(
         'overall', CASE c.grade WHEN 'A' THEN 'excellent' WHEN 'B' THEN 'good' WHEN 'C' THEN 'fair' ELSE 'poor' END,
         'surface', jsonb_build_object(
             'scratches', pg_temp.rnd('s1'||c.lot_id||c.seq) < CASE c.grade WHEN 'A' THEN 0.1 WHEN 'B' THEN 0.3 WHEN 'C' THEN 0.6 ELSE 0.85 END,
             'losses', pg_temp.rnd('s2'||c.lot_id||c.seq) < CASE c.grade WHEN 'A' THEN 0.02 WHEN 'B' THEN 0.12 WHEN 'C' THEN 0.35 ELSE 0.7 END,
             'discolouration', pg_temp.rnd('s3'||c.lot_id||c.seq) < CASE c.grade WHEN 'A' THEN 0.05 WHEN 'B' THEN 0.2 WHEN 'C' THEN 0.4 ELSE 0.6 END),
         'restoration', jsonb_build_object(
             'present', c.rest,
             'extent', CASE WHEN NOT c.rest THEN 'none'
                            ELSE (ARRAY['minor','minor','minor','minor','minor','moderate','moderate','moderate','extensive','extensive'])
                                 [1 + floor(pg_temp.rnd('rx'||c.lot_id||c.seq) * CASE c.grade WHEN 'A' THEN 6 WHEN 'B' THEN 8 WHEN 'C' THEN 9 ELSE 10 END)::int] END,
             'uv_checked', c.dept IN ('PIC','MOD','CER','ASN') AND pg_temp.rnd('uv'||c.lot_id||c.seq) < 0.7),
         'dims_cm', jsonb_build_object('h', round((8 + pg_temp.rnd('dh'||c.lot_id) * 150)::numeric, 1),
                                       'w', round((6 + pg_temp.rnd('dw'||c.lot_id) * 120)::numeric, 1)),
         'photos', 2 + floor(pg_temp.rnd('ph'||c.lot_id||c.seq) * 11)::int)
       || CASE WHEN c.dept IN ('PIC','MOD') THEN jsonb_build_object('frame', jsonb_build_object(
             'type', (ARRAY['giltwood','gilt composition','ebonised','modern painted','unframed'])[1 + floor(pg_temp.rnd('ft'||c.lot_id) * 5)::int],
             'condition', (ARRAY['good','minor wear','chips to gesso','damaged'])[1 + floor(pg_temp.rnd('fc'||c.lot_id||c.seq) * 4)::int]))
               ELSE '{}'::jsonb END,
       c.req_bidder,
       (SELECT string_agg((ARRAY[
          'Examined out of the frame under natural and artificial light.',
          'There are scattered areas of light surface dirt consistent with age, which should respond well to cleaning.',
          'Minor wear to the extremities commensurate with age and use; no significant structural issues were noted.',
          'Some fine craquelure is visible across the surface, stable at the time of inspection.',
          'A small area of retouching is visible under ultraviolet light to the lower left quadrant.',
          'The veneers are generally sound, with a few small lifts and minor chips to the edges.',
          'Old collection labels remain to the reverse; we have not been able to verify their provenance.',
          'The piece has been professionally restored at some point; the joins are visible on close inspection.',
          'Colours remain bright and fresh; slight fading to the upper margin where previously exposed to light.',
          'The mechanism was not tested and no guarantee of working order is given; a service is recommended.',
          'Hallmarks are clear and legible; light polishing wear consistent with regular household use.',
          'A hairline crack runs approximately 3 cm from the rim and is not visible from the front.',
          'Stones are secure in their settings; minor abrasions to the table facets under magnification.',
          'Original box and papers are not present, and the item is sold as seen.',
          'The sheet has been laid down and there is light foxing in the margins outside the image.',
          'Prospective buyers should satisfy themselves as to condition before bidding; further images are available on request.',
          'The canvas has been relined; the tacking margins have been reinforced with tape.',
          'Gilding to the frame is rubbed in places with small losses to the gesso at the corners.',
          'Small chips to the foot rim, otherwise in good overall condition for its age.',
          'This report is a statement of opinion only and should not be treated as a statement of fact.'
        ])[1 + floor(pg_temp.rnd('nt'||c.lot_id||'-'||c.seq||'-'||j) * 20)::int], ' ')
        FROM generate_series(1, 10 + floor(pg_temp.rnd('nn'||c.lot_id||c.seq) * 10)::int) j)
FROM cr_plan c
ORDER BY c.rpt_dt, c.lot_id, c.seq;

-- foreign keys of the large tables (added after the bulk load)
ALTER TABLE house.consignment ADD CONSTRAINT consignment_consignor_id_fkey FOREIGN KEY (consignor_id) REFERENCES house.consignor (consignor_id);
ALTER TABLE house.consignment ADD CONSTRAINT consignment_spec_id_fkey FOREIGN KEY (spec_id) REFERENCES house.specialist (spec_id);
ALTER TABLE house.lot ADD CONSTRAINT lot_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES house.sale (sale_id);
ALTER TABLE house.lot ADD CONSTRAINT lot_cons_id_fkey FOREIGN KEY (cons_id) REFERENCES house.consignment (cons_id);
ALTER TABLE house.lot ADD CONSTRAINT lot_dept_cd_fkey FOREIGN KEY (dept_cd) REFERENCES house.department (dept_cd);
ALTER TABLE house.lot ADD CONSTRAINT lot_artist_id_fkey FOREIGN KEY (artist_id) REFERENCES house.artist (artist_id);
ALTER TABLE house.condition_report ADD CONSTRAINT condition_report_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES house.lot (lot_id);
ALTER TABLE house.condition_report ADD CONSTRAINT condition_report_spec_id_fkey FOREIGN KEY (spec_id) REFERENCES house.specialist (spec_id);
ALTER TABLE house.condition_report ADD CONSTRAINT condition_report_req_bidder_id_fkey FOREIGN KEY (req_bidder_id) REFERENCES bidding.bidder (bidder_id);
ALTER TABLE bidding.registration ADD CONSTRAINT registration_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES house.sale (sale_id);
ALTER TABLE bidding.registration ADD CONSTRAINT registration_bidder_id_fkey FOREIGN KEY (bidder_id) REFERENCES bidding.bidder (bidder_id);
ALTER TABLE bidding.bid ADD CONSTRAINT bid_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES house.lot (lot_id);
ALTER TABLE bidding.bid ADD CONSTRAINT bid_reg_id_fkey FOREIGN KEY (reg_id) REFERENCES bidding.registration (reg_id);
ALTER TABLE bidding.hammer_result ADD CONSTRAINT hammer_result_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES house.lot (lot_id);
ALTER TABLE bidding.hammer_result ADD CONSTRAINT hammer_result_reg_id_fkey FOREIGN KEY (reg_id) REFERENCES bidding.registration (reg_id);
ALTER TABLE bidding.hammer_result ADD CONSTRAINT hammer_result_inv_id_fkey FOREIGN KEY (inv_id) REFERENCES accounts.invoice (inv_id);
ALTER TABLE accounts.invoice ADD CONSTRAINT invoice_bidder_id_fkey FOREIGN KEY (bidder_id) REFERENCES bidding.bidder (bidder_id);
ALTER TABLE accounts.invoice ADD CONSTRAINT invoice_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES house.sale (sale_id);
ALTER TABLE accounts.payment ADD CONSTRAINT payment_inv_id_fkey FOREIGN KEY (inv_id) REFERENCES accounts.invoice (inv_id);
ALTER TABLE accounts.shipment ADD CONSTRAINT shipment_inv_id_fkey FOREIGN KEY (inv_id) REFERENCES accounts.invoice (inv_id);
ALTER TABLE accounts.settlement ADD CONSTRAINT settlement_consignor_id_fkey FOREIGN KEY (consignor_id) REFERENCES house.consignor (consignor_id);
ALTER TABLE accounts.settlement ADD CONSTRAINT settlement_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES house.sale (sale_id);

-- =====================================================================
--  Indexes, views
-- =====================================================================
CREATE INDEX idx_lot_cons            ON house.lot (cons_id);
CREATE INDEX idx_lot_artist          ON house.lot (artist_id);
CREATE INDEX idx_lot_open_state      ON house.lot (lot_state) WHERE lot_state IN ('awaiting_sale', 'catalogued');
CREATE INDEX idx_consignment_cnr     ON house.consignment (consignor_id);
CREATE INDEX idx_consignor_postcode  ON house.consignor (postcode) WHERE cntry_cd = 'GB';
CREATE INDEX idx_cond_report_lot     ON house.condition_report (lot_id);
CREATE INDEX idx_aph_artist          ON house.artist_price_hist (artist_id, valid_to);
CREATE UNIQUE INDEX uq_bidder_email  ON bidding.bidder (lower(email));
CREATE INDEX idx_registration_bidder ON bidding.registration (bidder_id);
CREATE INDEX idx_bid_lot             ON bidding.bid (lot_id);
CREATE INDEX idx_bid_reg             ON bidding.bid (reg_id);
CREATE INDEX idx_hammer_reg          ON bidding.hammer_result (reg_id);
CREATE INDEX idx_hammer_inv          ON bidding.hammer_result (inv_id);
CREATE INDEX idx_invoice_bidder      ON accounts.invoice (bidder_id);
CREATE INDEX idx_invoice_sale        ON accounts.invoice (sale_id);
CREATE INDEX idx_payment_inv         ON accounts.payment (inv_id);
CREATE INDEX idx_shipment_inv        ON accounts.shipment (inv_id);
CREATE INDEX idx_settlement_sale     ON accounts.settlement (sale_id);

CREATE VIEW accounts.v_invoice_balance AS
SELECT i.inv_id, i.inv_no, i.bidder_id, b.full_nm AS bidder_nm, i.sale_id, i.issued_dt, i.due_dt, i.inv_sts,
       i.hammer_tot + i.prem_tot + i.vat_amt AS total_due,
       COALESCE(p.paid, 0) AS paid_amt,
       i.hammer_tot + i.prem_tot + i.vat_amt - COALESCE(p.paid, 0) AS balance
FROM accounts.invoice i
JOIN bidding.bidder b ON b.bidder_id = i.bidder_id
LEFT JOIN (SELECT inv_id, sum(amt) AS paid FROM accounts.payment GROUP BY inv_id) p ON p.inv_id = i.inv_id;
COMMENT ON VIEW accounts.v_invoice_balance IS 'Each buyer invoice with its total (hammer + premium + VAT), payments received and balance';

CREATE MATERIALIZED VIEW house.mv_sale_results AS
SELECT s.sale_id, s.sale_cd, s.sale_nm, s.dept_cd, s.room_cd, s.start_at::date AS sale_dt,
       count(*) FILTER (WHERE l.lot_state IN ('sold', 'unsold')) AS lots_offered,
       count(*) FILTER (WHERE l.lot_state = 'sold') AS lots_sold,
       count(*) FILTER (WHERE l.lot_state = 'withdrawn') AS lots_withdrawn,
       round(100.0 * count(*) FILTER (WHERE l.lot_state = 'sold') / NULLIF(count(*) FILTER (WHERE l.lot_state IN ('sold', 'unsold')), 0), 1) AS sell_thru_pct,
       COALESCE(sum(h.hammer_amt), 0) AS hammer_tot,
       COALESCE(sum(h.prem_amt), 0) AS prem_tot
FROM house.sale s
JOIN house.lot l ON l.sale_id = s.sale_id
LEFT JOIN bidding.hammer_result h ON h.lot_id = l.lot_id
WHERE s.sts_cd = 'CLS'
GROUP BY s.sale_id, s.sale_cd, s.sale_nm, s.dept_cd, s.room_cd, s.start_at;
CREATE UNIQUE INDEX uq_mv_sale_results ON house.mv_sale_results (sale_id);
COMMENT ON MATERIALIZED VIEW house.mv_sale_results IS 'Results per finished sale (lots offered / sold, sell-through, totals); refreshed nightly';

DROP FUNCTION pg_temp.rnd(text);
DROP FUNCTION pg_temp.nice(numeric);
DROP FUNCTION pg_temp.incr(numeric);
DROP FUNCTION pg_temp.wkday(date);
VACUUM;
ANALYZE;

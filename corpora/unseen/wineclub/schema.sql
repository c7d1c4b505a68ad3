-- =====================================================================
--  Harcourt & Vine — wine merchant and members' club ("HVW core")
--  Marylebone shop, web and telephone sales, the Harcourt Wine Club,
--  en-primeur campaigns and members' cellar storage in bond.
--  Data snapshot taken at close of business Friday 15 November 2024.
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA cat;
CREATE SCHEMA inv;
CREATE SCHEMA club;

COMMENT ON SCHEMA cat  IS 'Wine catalogue: appellations, producers, wines, vintages and critic scores';
COMMENT ON SCHEMA inv  IS 'Buying and stock: suppliers, purchase orders, stock lots in bonded and duty-paid warehouses';
COMMENT ON SCHEMA club IS 'Members club and sales: members, tiers, subscriptions, orders, returns, en primeur, cellar storage, events';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE TYPE club.tier_t AS ENUM ('house', 'cellar', 'reserve', 'grand_cru');
COMMENT ON TYPE club.tier_t IS 'Membership tier: house (free), cellar, reserve, grand_cru (top tier, free cellar storage)';
CREATE TYPE club.ord_status AS ENUM ('placed', 'picking', 'dispatched', 'delivered', 'collected', 'cancelled');
COMMENT ON TYPE club.ord_status IS 'Sales order life cycle; shop sales are collected at the till';

-- ---------------------------------------------------------------------
-- cat: catalogue
-- ---------------------------------------------------------------------
CREATE TABLE cat.appellation (
    appel_id  smallint PRIMARY KEY,
    appel_nm  varchar(60) NOT NULL UNIQUE,
    region_nm varchar(40) NOT NULL,
    ctry_cd   char(2) NOT NULL,
    cls_cd    varchar(5) NOT NULL
);
COMMENT ON TABLE  cat.appellation IS 'Wine appellations (protected place names); each belongs to one wine region';
COMMENT ON COLUMN cat.appellation.region_nm IS 'Wine region of the appellation (Bordeaux, Burgundy, Rhône, Champagne, Piedmont, ...)';
COMMENT ON COLUMN cat.appellation.ctry_cd IS 'ISO country code: FR, IT, ES, PT, DE, US, AU, NZ, ZA, AR, GB';
COMMENT ON COLUMN cat.appellation.cls_cd IS 'Classification system: AOC = French appellation contrôlée, DOCG / DOC = Italian (DOC also Portuguese), DOCa = Spanish qualified (Rioja, Priorat), DO = Spanish denominación de origen, PDO = other protected designation (Germany, England), AVA = US viticultural area, GI = geographical indication (Australia, New Zealand, Argentina), WO = South African Wine of Origin';

CREATE TABLE cat.producer (
    prod_id    serial PRIMARY KEY,
    prod_nm    varchar(80) NOT NULL UNIQUE,
    appel_id   smallint NOT NULL REFERENCES cat.appellation,
    est_yr     smallint,
    farming_cd char(1),
    web_url    varchar(120)
);
COMMENT ON TABLE  cat.producer IS 'Wine producers (châteaux, domaines, estates, Champagne houses)';
COMMENT ON COLUMN cat.producer.appel_id IS 'Home appellation of the producer';
COMMENT ON COLUMN cat.producer.est_yr IS 'Year the estate was founded; NULL = not known';
COMMENT ON COLUMN cat.producer.farming_cd IS 'Vineyard farming: O = certified organic, B = certified biodynamic, S = certified sustainable, C = conventional; NULL = not known';

CREATE TABLE cat.wine (
    wine_id     serial PRIMARY KEY,
    prod_id     int NOT NULL REFERENCES cat.producer,
    wine_nm     varchar(60) NOT NULL,
    colour_cd   char(1) NOT NULL,
    main_grape  varchar(40),
    btl_ml      smallint NOT NULL DEFAULT 750,
    listed_on   date NOT NULL,
    delisted_on date,
    UNIQUE (prod_id, wine_nm)
);
COMMENT ON TABLE  cat.wine IS 'A wine (cuvée) of a producer, independent of vintage. Full name = producer name + '' '' + wine_nm';
COMMENT ON COLUMN cat.wine.colour_cd IS 'Style: R = red, W = white, P = rosé (pink), S = sparkling, D = dessert (sweet white), F = fortified (port)';
COMMENT ON COLUMN cat.wine.btl_ml IS 'Bottle size in millilitres (all stock is 75 cl)';
COMMENT ON COLUMN cat.wine.delisted_on IS 'Date the wine was dropped from our list; NULL = still listed';

CREATE TABLE cat.vintage (
    vint_id    serial PRIMARY KEY,
    wine_id    int NOT NULL REFERENCES cat.wine,
    vint_yr    smallint,
    abv        numeric(3,1) NOT NULL,
    drink_from smallint,
    drink_to   smallint,
    list_px    numeric(8,2) NOT NULL,
    scores     jsonb NOT NULL DEFAULT '{}',
    UNIQUE (wine_id, vint_yr)
);
COMMENT ON TABLE  cat.vintage IS 'A wine in a given vintage: the sellable item (SKU)';
COMMENT ON COLUMN cat.vintage.vint_yr IS 'Harvest year; NULL = non-vintage (NV Champagne, tawny and ruby ports)';
COMMENT ON COLUMN cat.vintage.abv IS 'Alcohol by volume, %';
COMMENT ON COLUMN cat.vintage.drink_from IS 'Drinking window start year (critic/our buyers); NULL for non-vintage';
COMMENT ON COLUMN cat.vintage.list_px IS 'Current retail list price per 75 cl bottle in GBP, EXCLUDING UK duty and VAT (before member discount)';
COMMENT ON COLUMN cat.vintage.scores IS 'Critic scores keyed by critic code, e.g. {"RP": {"pts": 96, "rev_on": "2021-05-03"}, "JR": {"pts": 17.5, "rev_on": "2021-04-20"}}. RP = Robert Parker Wine Advocate, WS = Wine Spectator, JS = James Suckling, VIN = Vinous, DEC = Decanter: all out of 100. JR = Jancis Robinson: out of 20. {} = not reviewed';

-- ---------------------------------------------------------------------
-- inv: buying and stock
-- ---------------------------------------------------------------------
CREATE TABLE inv.supplier (
    supp_id     serial PRIMARY KEY,
    supp_nm     varchar(80) NOT NULL UNIQUE,
    supp_type   char(1) NOT NULL,
    ctry_cd     char(2) NOT NULL,
    ccy_cd      char(3) NOT NULL,
    prod_id     int REFERENCES cat.producer,
    pay_terms_d smallint NOT NULL,
    closed_on   date
);
COMMENT ON TABLE  inv.supplier IS 'Who we buy wine from';
COMMENT ON COLUMN inv.supplier.supp_type IS 'N = Bordeaux négociant, D = direct from the estate (prod_id set), I = UK importer / agent, B = fine-wine broker (secondary market)';
COMMENT ON COLUMN inv.supplier.ccy_cd IS 'Currency we are invoiced in: GBP, EUR or USD';
COMMENT ON COLUMN inv.supplier.pay_terms_d IS 'Payment terms in days from invoice';
COMMENT ON COLUMN inv.supplier.closed_on IS 'Account closed on this date (no new orders); NULL = active supplier';

CREATE TABLE inv.purchase_order (
    po_id     serial PRIMARY KEY,
    po_no     varchar(12) NOT NULL UNIQUE,
    supp_id   int NOT NULL REFERENCES inv.supplier,
    raised_on date NOT NULL,
    exp_on    date NOT NULL,
    po_st     char(1) NOT NULL,
    ccy_cd    char(3) NOT NULL,
    fx_gbp    numeric(8,5) NOT NULL,
    recv_on   date,
    buyer_cd  char(3) NOT NULL
);
COMMENT ON TABLE  inv.purchase_order IS 'Purchase orders to suppliers';
COMMENT ON COLUMN inv.purchase_order.exp_on IS 'Date the supplier promised delivery into our warehouse';
COMMENT ON COLUMN inv.purchase_order.po_st IS 'D = draft (not yet sent), S = sent to supplier / awaiting delivery, P = partly received, R = received in full, X = cancelled';
COMMENT ON COLUMN inv.purchase_order.fx_gbp IS 'GBP value of one unit of the PO currency when the order was raised (1 for GBP)';
COMMENT ON COLUMN inv.purchase_order.recv_on IS 'Date the order was received in full; NULL until then';
COMMENT ON COLUMN inv.purchase_order.buyer_cd IS 'Buyer: JHM = James Hamilton-Moore (fine wine), SAP = Sophie Appleby (Italy, Spain, New World), RKT = Rahul Kotak (Champagne and everyday range)';

CREATE TABLE inv.po_line (
    po_id   int NOT NULL REFERENCES inv.purchase_order,
    ln      smallint NOT NULL,
    vint_id int NOT NULL REFERENCES cat.vintage,
    cs_qty  smallint NOT NULL,
    cs_sz   smallint NOT NULL,
    cost_cs numeric(10,2) NOT NULL,
    recv_cs smallint NOT NULL DEFAULT 0,
    PRIMARY KEY (po_id, ln)
);
COMMENT ON TABLE  inv.po_line IS 'Purchase order lines (one vintage per line, ordered in cases)';
COMMENT ON COLUMN inv.po_line.cs_qty IS 'Cases ordered';
COMMENT ON COLUMN inv.po_line.cs_sz IS 'Bottles per case (6 or 12)';
COMMENT ON COLUMN inv.po_line.cost_cs IS 'Cost per case in the PO currency, excluding duty and VAT';
COMMENT ON COLUMN inv.po_line.recv_cs IS 'Cases received so far';

CREATE TABLE inv.stock_lot (
    lot_id   serial PRIMARY KEY,
    vint_id  int NOT NULL REFERENCES cat.vintage,
    wh_cd    char(3) NOT NULL,
    bond_st  char(2) NOT NULL,
    po_id    int,
    ln       smallint,
    recv_on  date NOT NULL,
    btl_in   int NOT NULL,
    btl_oh   int NOT NULL,
    btl_rsv  int NOT NULL DEFAULT 0,
    cost_btl numeric(8,2) NOT NULL,
    lot_st   char(1) NOT NULL,
    FOREIGN KEY (po_id, ln) REFERENCES inv.po_line
);
COMMENT ON TABLE  inv.stock_lot IS 'Our own stock: one lot per receipt of a vintage into a warehouse (members'' wine is in club.cellar_holding, not here)';
COMMENT ON COLUMN inv.stock_lot.wh_cd IS 'Warehouse: LCB = London City Bond, Tilbury (bonded), OCB = Octavian, Corsham (bonded, long-term cellaring), BSK = Basingstoke distribution centre (duty paid, ships web and telephone orders), MRY = Marylebone shop (duty paid)';
COMMENT ON COLUMN inv.stock_lot.bond_st IS 'IB = in bond (UK duty and VAT suspended until the wine leaves bond), DP = duty paid';
COMMENT ON COLUMN inv.stock_lot.po_id IS 'Purchase order the lot came from; NULL = opening stock migrated from the old system on 31 Dec 2019';
COMMENT ON COLUMN inv.stock_lot.btl_in IS 'Bottles received into the lot';
COMMENT ON COLUMN inv.stock_lot.btl_oh IS 'Bottles physically on hand now';
COMMENT ON COLUMN inv.stock_lot.btl_rsv IS 'Bottles on hand already reserved for orders not yet picked; available = btl_oh - btl_rsv';
COMMENT ON COLUMN inv.stock_lot.cost_btl IS 'Landed cost per bottle in GBP, excluding duty and VAT';
COMMENT ON COLUMN inv.stock_lot.lot_st IS 'A = available for sale, Q = quarantined (suspected faulty or damaged, not for sale), E = exhausted (sold out)';

-- ---------------------------------------------------------------------
-- club: members, subscriptions, sales, en primeur, cellar, events
-- ---------------------------------------------------------------------
CREATE TABLE club.member (
    mbr_id        serial PRIMARY KEY,
    mbr_no        char(8) NOT NULL UNIQUE,
    title         varchar(6),
    first_nm      varchar(40) NOT NULL,
    last_nm       varchar(40) NOT NULL,
    email         varchar(120) NOT NULL,
    tel_no        varchar(15),
    pcode         varchar(8),
    dob           date,
    joined_on     date NOT NULL,
    left_on       date,
    referred_by   int,
    prefs         jsonb,
    last_login_at timestamp
);
COMMENT ON TABLE  club.member IS 'Members of the Harcourt Wine Club (current and former). Current tier: club.tier_hist row with valid_to NULL';
COMMENT ON COLUMN club.member.mbr_no IS 'Membership number printed on the card, e.g. HW012345';
COMMENT ON COLUMN club.member.left_on IS 'Date membership ended; NULL = current member';
COMMENT ON COLUMN club.member.referred_by IS 'mbr_id of the member who introduced them (not enforced)';
COMMENT ON COLUMN club.member.prefs IS 'Preferences form: {"contact": {"email": bool, "post": bool, "sms": bool} (marketing opt-ins), "palate": {"styles": [...], "avoid": [...], "budget": {"min": n, "max": n}}, "delivery": {"safe_place": text}}; NULL = never filled in';
COMMENT ON COLUMN club.member.last_login_at IS 'Last login to the website; NULL = never logged in';

CREATE TABLE club.tier_hist (
    mbr_id     int NOT NULL REFERENCES club.member,
    valid_from date NOT NULL,
    valid_to   date,
    tier       club.tier_t NOT NULL,
    annual_fee numeric(7,2) NOT NULL,
    chg_cd     char(1) NOT NULL,
    PRIMARY KEY (mbr_id, valid_from)
);
COMMENT ON TABLE  club.tier_hist IS 'Membership tier history: one row per period on a tier. The row valid on day d has valid_from <= d and (valid_to IS NULL OR valid_to > d)';
COMMENT ON COLUMN club.tier_hist.valid_to IS 'First day the tier no longer applied (exclusive end); NULL = current tier. For a member who left, the last row ends on member.left_on';
COMMENT ON COLUMN club.tier_hist.annual_fee IS 'Annual membership fee in GBP incl. VAT for this tier at the time';
COMMENT ON COLUMN club.tier_hist.chg_cd IS 'J = joined the club, U = upgraded, D = downgraded';

CREATE TABLE club.subscription (
    sub_id       serial PRIMARY KEY,
    mbr_id       int NOT NULL REFERENCES club.member,
    plan_cd      varchar(5) NOT NULL,
    started_on   date NOT NULL,
    cancelled_on date,
    paused_until date,
    mth_px       numeric(7,2) NOT NULL,
    pay_mth      char(2) NOT NULL
);
COMMENT ON TABLE  club.subscription IS 'Monthly case subscriptions';
COMMENT ON COLUMN club.subscription.plan_cd IS 'CLS6 = Classic mixed six, RED6 = six reds, FIN6 = fine wine six, FIZ3 = three sparkling, DSC12 = discovery twelve';
COMMENT ON COLUMN club.subscription.cancelled_on IS 'Date the member cancelled; NULL = still subscribed';
COMMENT ON COLUMN club.subscription.paused_until IS 'Member paused deliveries until this date (cases skipped meanwhile); NULL or a past date = not paused';
COMMENT ON COLUMN club.subscription.mth_px IS 'Monthly price per case in GBP, including duty and VAT, fixed when the subscription started';
COMMENT ON COLUMN club.subscription.pay_mth IS 'DD = direct debit, CC = card';

CREATE TABLE club.sub_case (
    case_id  bigint NOT NULL,
    sub_id   int NOT NULL REFERENCES club.subscription,
    case_mth date NOT NULL,
    cs_st    char(1) NOT NULL,
    chg_amt  numeric(7,2),
    disp_on  date,
    PRIMARY KEY (case_id, case_mth)
) PARTITION BY RANGE (case_mth);
CREATE TABLE club.sub_case_hist PARTITION OF club.sub_case FOR VALUES FROM (MINVALUE) TO ('2023-01-01');
CREATE TABLE club.sub_case_2023 PARTITION OF club.sub_case FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE club.sub_case_2024 PARTITION OF club.sub_case FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
COMMENT ON TABLE  club.sub_case IS 'One row per subscription per month: the monthly case (partitioned by case month)';
COMMENT ON COLUMN club.sub_case.case_mth IS 'Month of the case (first day of the month); cases are packed and dispatched around the 12th';
COMMENT ON COLUMN club.sub_case.cs_st IS 'D = dispatched, S = skipped (by the member or while paused), F = payment failed (not sent), P = pending (not yet packed)';
COMMENT ON COLUMN club.sub_case.chg_amt IS 'Amount charged incl. duty and VAT; NULL = not charged';
COMMENT ON COLUMN club.sub_case.disp_on IS 'Dispatch date; NULL unless dispatched';

CREATE TABLE club.sales_order (
    ord_id     serial PRIMARY KEY,
    ord_no     varchar(12) NOT NULL UNIQUE,
    mbr_id     int REFERENCES club.member,
    chan_cd    char(1) NOT NULL,
    ordered_at timestamp NOT NULL,
    ord_st     club.ord_status NOT NULL,
    net_amt    numeric(10,2) NOT NULL,
    duty_amt   numeric(10,2) NOT NULL,
    ship_amt   numeric(8,2) NOT NULL,
    vat_amt    numeric(10,2) NOT NULL,
    promo_cd   varchar(10),
    paid_at    timestamp,
    disp_at    timestamp,
    dlv_at     timestamp,
    trk_no     varchar(20)
);
COMMENT ON TABLE  club.sales_order IS 'Web, shop and telephone orders (duty-paid sales). Order total incl. VAT = net_amt + duty_amt + ship_amt + vat_amt';
COMMENT ON COLUMN club.sales_order.mbr_id IS 'Member who ordered; NULL = non-member (shop walk-in or web guest checkout)';
COMMENT ON COLUMN club.sales_order.chan_cd IS 'Sales channel: W = web shop, S = Marylebone shop (till), T = telephone (account customers, invoiced)';
COMMENT ON COLUMN club.sales_order.net_amt IS 'Goods value after member and promo discounts, excluding duty, delivery and VAT';
COMMENT ON COLUMN club.sales_order.duty_amt IS 'UK excise duty on the bottles (sum over lines of qty x duty_btl)';
COMMENT ON COLUMN club.sales_order.ship_amt IS 'Delivery charge excluding VAT: web 7.95 and telephone 9.95 when net_amt is under £150, otherwise free; 0 in the shop';
COMMENT ON COLUMN club.sales_order.vat_amt IS 'VAT at 20 % on net + duty + delivery';
COMMENT ON COLUMN club.sales_order.promo_cd IS 'Promotion code used (adds 10 % to the line discount); NULL = none';
COMMENT ON COLUMN club.sales_order.paid_at IS 'Payment received; NULL = unpaid (telephone orders are invoiced; cancelled orders are never paid)';
COMMENT ON COLUMN club.sales_order.trk_no IS 'Courier (DPD) tracking number, set at dispatch';

CREATE TABLE club.order_line (
    ord_id   int NOT NULL REFERENCES club.sales_order,
    ln       smallint NOT NULL,
    vint_id  int NOT NULL REFERENCES cat.vintage,
    lot_id   int NOT NULL REFERENCES inv.stock_lot,
    qty      smallint NOT NULL,
    unit_px  numeric(8,2) NOT NULL,
    disc_pct numeric(4,1) NOT NULL DEFAULT 0,
    duty_btl numeric(5,2) NOT NULL,
    PRIMARY KEY (ord_id, ln)
);
COMMENT ON TABLE  club.order_line IS 'Order lines; line net = round(qty * unit_px * (1 - disc_pct/100), 2)';
COMMENT ON COLUMN club.order_line.qty IS 'Bottles';
COMMENT ON COLUMN club.order_line.unit_px IS 'List price per bottle excluding duty and VAT, before discount';
COMMENT ON COLUMN club.order_line.disc_pct IS 'Discount %: member tier discount (cellar 5, reserve 10, grand_cru 15) plus 10 with a promo code';
COMMENT ON COLUMN club.order_line.duty_btl IS 'UK duty per bottle charged on this line (rates changed on 1 Aug 2023)';

CREATE TABLE club.rtn (
    rtn_id      serial PRIMARY KEY,
    ord_id      int NOT NULL,
    ln          smallint NOT NULL,
    qty         smallint NOT NULL,
    rsn_cd      char(3) NOT NULL,
    raised_on   date NOT NULL,
    rtn_st      char(1) NOT NULL,
    refund_amt  numeric(9,2),
    refunded_on date,
    FOREIGN KEY (ord_id, ln) REFERENCES club.order_line
);
COMMENT ON TABLE  club.rtn IS 'Customer returns and refund requests against an order line';
COMMENT ON COLUMN club.rtn.qty IS 'Bottles returned';
COMMENT ON COLUMN club.rtn.rsn_cd IS 'CRK = corked / faulty, DMG = broken or damaged in transit, WRG = wrong wine sent, CHM = changed mind, LTE = delivered late';
COMMENT ON COLUMN club.rtn.rtn_st IS 'O = open (awaiting the goods / decision), A = accepted (refund due), R = rejected';
COMMENT ON COLUMN club.rtn.refund_amt IS 'Refund incl. duty and VAT; NULL unless accepted';
COMMENT ON COLUMN club.rtn.refunded_on IS 'Date the refund was paid out; NULL = not yet refunded';

CREATE TABLE club.ep_resv (
    resv_id      serial PRIMARY KEY,
    mbr_id       int NOT NULL REFERENCES club.member,
    vint_id      int NOT NULL REFERENCES cat.vintage,
    campaign_yr  smallint NOT NULL,
    cs_sz        smallint NOT NULL,
    qty_req_cs   smallint NOT NULL,
    qty_alloc_cs smallint,
    px_cs        numeric(9,2) NOT NULL,
    resv_at      timestamp NOT NULL,
    resv_st      char(1) NOT NULL,
    inv_amt      numeric(10,2),
    paid_on      date,
    dlv_on       date
);
COMMENT ON TABLE  club.ep_resv IS 'En-primeur reservations by members and the allocation they got. Open to cellar tier and above';
COMMENT ON COLUMN club.ep_resv.campaign_yr IS 'Vintage offered in the campaign (the 2023 campaign ran April-June 2024)';
COMMENT ON COLUMN club.ep_resv.qty_req_cs IS 'Cases the member asked for';
COMMENT ON COLUMN club.ep_resv.qty_alloc_cs IS 'Cases allocated to the member (may be fewer when oversubscribed, 0 = unsuccessful); NULL = not decided yet (waitlisted)';
COMMENT ON COLUMN club.ep_resv.px_cs IS 'Release price per case in GBP, in bond (no duty or VAT)';
COMMENT ON COLUMN club.ep_resv.resv_st IS 'W = waitlisted, A = allocated, U = unsuccessful (nothing allocated), X = cancelled by the member';
COMMENT ON COLUMN club.ep_resv.inv_amt IS 'Amount invoiced = qty_alloc_cs x px_cs (in bond, ex VAT); NULL unless allocated';
COMMENT ON COLUMN club.ep_resv.paid_on IS 'Date the member paid the en-primeur invoice; NULL = unpaid';
COMMENT ON COLUMN club.ep_resv.dlv_on IS 'Date the wine arrived from the château and went into the member''s cellar; NULL = not shipped yet (about 2-3 years after the vintage)';

CREATE TABLE club.cellar_holding (
    hold_id      serial PRIMARY KEY,
    mbr_id       int NOT NULL REFERENCES club.member,
    vint_id      int NOT NULL REFERENCES cat.vintage,
    wh_cd        char(3) NOT NULL,
    src_cd       char(3) NOT NULL,
    resv_id      int REFERENCES club.ep_resv,
    qty_btl      int NOT NULL,
    stored_from  date NOT NULL,
    withdrawn_on date,
    fee_cs_yr    numeric(6,2) NOT NULL,
    fees_paid_to date
);
COMMENT ON TABLE  club.cellar_holding IS 'Members'' own wine stored by us under bond (Members'' Reserves). One row per member, vintage and deposit';
COMMENT ON COLUMN club.cellar_holding.wh_cd IS 'Bonded warehouse: OCB = Octavian, Corsham; LCB = London City Bond, Tilbury';
COMMENT ON COLUMN club.cellar_holding.src_cd IS 'EP = en-primeur allocation delivered, PUR = bought from us in bond, XFR = transferred in from another merchant';
COMMENT ON COLUMN club.cellar_holding.withdrawn_on IS 'Date the wine left storage (delivered duty paid or sold on); NULL = still in storage';
COMMENT ON COLUMN club.cellar_holding.fee_cs_yr IS 'Storage fee in GBP per 12-bottle case per year, excluding VAT; 0 = free (grand_cru tier when deposited)';
COMMENT ON COLUMN club.cellar_holding.fees_paid_to IS 'Storage is billed yearly in advance on the deposit anniversary and is paid up to this date; a date before today means fees are in arrears; NULL = no fee';

CREATE TABLE club.event (
    evt_id       serial PRIMARY KEY,
    evt_nm       varchar(100) NOT NULL,
    evt_type     char(3) NOT NULL,
    evt_at       timestamp NOT NULL,
    venue_cd     char(3) NOT NULL,
    cap          smallint NOT NULL,
    mbr_px       numeric(6,2) NOT NULL,
    guest_px     numeric(6,2) NOT NULL,
    evt_st       char(1) NOT NULL DEFAULT 'S',
    host_prod_id int REFERENCES cat.producer
);
COMMENT ON TABLE  club.event IS 'Tastings, masterclasses and dinners (past and planned)';
COMMENT ON COLUMN club.event.evt_type IS 'TST = walk-around tasting, MST = masterclass (seated, small), DIN = winemaker dinner, EPT = en-primeur tasting';
COMMENT ON COLUMN club.event.venue_cd IS 'MRY = Marylebone shop tasting room, VLT = The Vaults (our cellar venue), EXT = external restaurant';
COMMENT ON COLUMN club.event.cap IS 'Seats available';
COMMENT ON COLUMN club.event.mbr_px IS 'Ticket price for the member, incl. VAT';
COMMENT ON COLUMN club.event.guest_px IS 'Ticket price for each guest a member brings, incl. VAT';
COMMENT ON COLUMN club.event.evt_st IS 'S = scheduled (held, if in the past), C = cancelled by us';
COMMENT ON COLUMN club.event.host_prod_id IS 'Visiting producer hosting a winemaker dinner; NULL otherwise';

CREATE TABLE club.event_booking (
    bkg_id    serial PRIMARY KEY,
    evt_id    int NOT NULL REFERENCES club.event,
    mbr_id    int NOT NULL REFERENCES club.member,
    seats     smallint NOT NULL,
    booked_at timestamp NOT NULL,
    bk_st     char(1) NOT NULL,
    amt_paid  numeric(7,2) NOT NULL,
    rfd_on    date
);
COMMENT ON TABLE  club.event_booking IS 'Event bookings by members (seats = the member plus guests)';
COMMENT ON COLUMN club.event_booking.bk_st IS 'B = booked (event still to come), A = attended, N = no-show, X = cancelled';
COMMENT ON COLUMN club.event_booking.amt_paid IS 'Paid at booking, incl. VAT: member price + guest price x (seats - 1)';
COMMENT ON COLUMN club.event_booking.rfd_on IS 'Date the ticket money was refunded; NULL = not refunded (late cancellations are not refunded)';

-- =====================================================================
--  Data: catalogue
-- =====================================================================
CREATE TEMP TABLE ap_gen (appel_id smallint, appel_nm text, region_nm text, ctry_cd text, cls_cd text,
                          base_px numeric, cmix text, nprod int, ep boolean, pfx text, grape_r text, grape_w text);
INSERT INTO ap_gen VALUES
 (1,'Pauillac','Bordeaux','FR','AOC',85,'R',10,true,'Château','Cabernet Sauvignon','Sauvignon Blanc'),
 (2,'Margaux','Bordeaux','FR','AOC',70,'R',10,true,'Château','Cabernet Sauvignon','Sauvignon Blanc'),
 (3,'Saint-Julien','Bordeaux','FR','AOC',65,'R',7,true,'Château','Cabernet Sauvignon','Sauvignon Blanc'),
 (4,'Saint-Estèphe','Bordeaux','FR','AOC',45,'R',7,true,'Château','Cabernet Sauvignon','Sauvignon Blanc'),
 (5,'Pessac-Léognan','Bordeaux','FR','AOC',50,'RW',8,true,'Château','Cabernet Sauvignon','Sauvignon Blanc'),
 (6,'Saint-Émilion Grand Cru','Bordeaux','FR','AOC',55,'R',12,true,'Château','Merlot','Sauvignon Blanc'),
 (7,'Pomerol','Bordeaux','FR','AOC',90,'R',7,true,'Château','Merlot','Sauvignon Blanc'),
 (8,'Sauternes','Bordeaux','FR','AOC',40,'D',5,true,'Château','Merlot','Sémillon'),
 (9,'Haut-Médoc','Bordeaux','FR','AOC',24,'R',9,false,'Château','Cabernet Sauvignon','Sauvignon Blanc'),
 (10,'Bordeaux Supérieur','Bordeaux','FR','AOC',13,'R',8,false,'Château','Merlot','Sauvignon Blanc'),
 (11,'Chablis','Burgundy','FR','AOC',26,'W',9,false,'Domaine','Pinot Noir','Chardonnay'),
 (12,'Gevrey-Chambertin','Burgundy','FR','AOC',62,'R',7,true,'Domaine','Pinot Noir','Chardonnay'),
 (13,'Vosne-Romanée','Burgundy','FR','AOC',115,'R',5,true,'Domaine','Pinot Noir','Chardonnay'),
 (14,'Meursault','Burgundy','FR','AOC',68,'W',7,true,'Domaine','Pinot Noir','Chardonnay'),
 (15,'Puligny-Montrachet','Burgundy','FR','AOC',82,'W',5,true,'Domaine','Pinot Noir','Chardonnay'),
 (16,'Pommard','Burgundy','FR','AOC',52,'R',5,false,'Domaine','Pinot Noir','Chardonnay'),
 (17,'Beaune','Burgundy','FR','AOC',36,'RW',6,false,'Domaine','Pinot Noir','Chardonnay'),
 (18,'Bourgogne','Burgundy','FR','AOC',19,'RW',9,false,'Domaine','Pinot Noir','Chardonnay'),
 (19,'Châteauneuf-du-Pape','Rhône','FR','AOC',42,'RW',9,true,'Domaine','Grenache','Grenache Blanc'),
 (20,'Hermitage','Rhône','FR','AOC',78,'RW',4,true,'Domaine','Syrah','Marsanne'),
 (21,'Côte-Rôtie','Rhône','FR','AOC',62,'R',5,true,'Domaine','Syrah','Viognier'),
 (22,'Côtes du Rhône','Rhône','FR','AOC',11,'RW',8,false,'Domaine','Grenache','Viognier'),
 (23,'Champagne','Champagne','FR','AOC',46,'S',13,false,'Champagne','Pinot Noir','Chardonnay'),
 (24,'Sancerre','Loire','FR','AOC',23,'W',8,false,'Domaine','Pinot Noir','Sauvignon Blanc'),
 (25,'Vouvray','Loire','FR','AOC',17,'W',4,false,'Domaine','Cabernet Franc','Chenin Blanc'),
 (26,'Côtes de Provence','Provence','FR','AOC',17,'P',7,false,'Château','Grenache','Rolle'),
 (27,'Alsace Grand Cru','Alsace','FR','AOC',31,'W',5,false,'Domaine','Pinot Noir','Riesling'),
 (28,'Barolo','Piedmont','IT','DOCG',52,'R',9,false,'Tenuta','Nebbiolo','Arneis'),
 (29,'Barbaresco','Piedmont','IT','DOCG',46,'R',5,false,'Cantina','Nebbiolo','Arneis'),
 (30,'Brunello di Montalcino','Tuscany','IT','DOCG',49,'R',7,false,'Tenuta','Sangiovese','Vermentino'),
 (31,'Chianti Classico','Tuscany','IT','DOCG',19,'R',7,false,'Fattoria','Sangiovese','Vermentino'),
 (32,'Amarone della Valpolicella','Veneto','IT','DOCG',43,'R',5,false,'Cantina','Corvina','Garganega'),
 (33,'Rioja','Rioja','ES','DOCa',21,'RW',9,false,'Bodegas','Tempranillo','Viura'),
 (34,'Ribera del Duero','Castilla y León','ES','DO',29,'R',5,false,'Bodegas','Tempranillo','Verdejo'),
 (35,'Priorat','Catalonia','ES','DOCa',39,'R',4,false,'Celler','Garnacha','Garnacha Blanca'),
 (36,'Porto','Douro','PT','DOC',32,'F',7,false,'Quinta','Touriga Nacional','Malvasia Fina'),
 (37,'Douro','Douro','PT','DOC',19,'R',4,false,'Quinta','Touriga Nacional','Rabigato'),
 (38,'Mosel','Mosel','DE','PDO',23,'W',6,false,'Weingut','Spätburgunder','Riesling'),
 (39,'Napa Valley','California','US','AVA',78,'RW',9,false,'NW','Cabernet Sauvignon','Chardonnay'),
 (40,'Sonoma Coast','California','US','AVA',41,'RW',5,false,'NW','Pinot Noir','Chardonnay'),
 (41,'Willamette Valley','Oregon','US','AVA',38,'R',4,false,'NW','Pinot Noir','Chardonnay'),
 (42,'Barossa Valley','South Australia','AU','GI',31,'R',7,false,'NW','Shiraz','Semillon'),
 (43,'Margaret River','Western Australia','AU','GI',33,'RW',5,false,'NW','Cabernet Sauvignon','Chardonnay'),
 (44,'Marlborough','Marlborough','NZ','GI',15,'W',7,false,'NW','Pinot Noir','Sauvignon Blanc'),
 (45,'Central Otago','Central Otago','NZ','GI',33,'R',4,false,'NW','Pinot Noir','Riesling'),
 (46,'Stellenbosch','Western Cape','ZA','WO',19,'RW',6,false,'NW','Cabernet Sauvignon','Chenin Blanc'),
 (47,'Mendoza','Mendoza','AR','GI',17,'R',6,false,'Bodega','Malbec','Torrontés'),
 (48,'Sussex','England','GB','PDO',36,'S',4,false,'NW','Pinot Noir','Chardonnay');

INSERT INTO cat.appellation (appel_id, appel_nm, region_nm, ctry_cd, cls_cd)
SELECT appel_id, appel_nm, region_nm, ctry_cd, cls_cd FROM ap_gen ORDER BY appel_id;

-- producers: hyphenated family names, prefixed by the local style
CREATE TEMP TABLE pr_gen AS
SELECT row_number() OVER (ORDER BY a.appel_id, g.k)::int AS prod_id, a.appel_id, g.k
FROM ap_gen a CROSS JOIN LATERAL generate_series(1, a.nprod) AS g(k);

INSERT INTO cat.producer (prod_id, prod_nm, appel_id, est_yr, farming_cd, web_url)
SELECT p.prod_id,
       CASE WHEN a.pfx = 'NW' THEN s.stem || ' ' || (ARRAY['Estate','Vineyards','Wines','Cellars'])[1 + p.prod_id % 4]
            ELSE a.pfx || ' ' || s.stem END,
       p.appel_id,
       CASE WHEN pg_temp.rnd('pe' || p.prod_id) < 0.1 THEN NULL
            WHEN a.pfx = 'NW' THEN 1960 + floor(pg_temp.rnd('py' || p.prod_id) * 60)::int
            ELSE 1700 + floor(pg_temp.rnd('py' || p.prod_id) * 320)::int END,
       CASE WHEN r.f < 0.12 THEN 'O' WHEN r.f < 0.18 THEN 'B' WHEN r.f < 0.45 THEN 'S' WHEN r.f < 0.9 THEN 'C' END,
       'https://www.' || lower(replace(s.stem, '-', '')) || '.com'
FROM pr_gen p
JOIN ap_gen a ON a.appel_id = p.appel_id
CROSS JOIN LATERAL (SELECT
   (ARRAY['Aubert','Bellamy','Carrel','Delmas','Esteve','Fabre','Garnier','Hollis','Imbert','Jourdan',
          'Lacoste','Marchetti','Navarro','Ortega','Pellegrini','Quintin','Rocher','Sauvage','Tessier','Valette',
          'Weller','Aldana','Brun','Castel','Duval','Ferrand','Gautier','Hartmann','Lombardi','Moreno'])[1 + (p.prod_id - 1) % 30]
   || '-' ||
   (ARRAY['Ashby','Beaulieu','Corbin','Darnell','Everard','Fontaine','Greville','Hale','Ireton','Joubert',
          'Kessler','Laurent','Mallory','Noble','Oakes','Perrin','Renaud','Sinclair','Thorne','Vance',
          'Whitlock','Yates','Audley','Blanchard','Carver','Devereux','Elston','Fairfax','Garrick','Holloway'])[1 + ((p.prod_id - 1) / 30 + (p.prod_id - 1)) % 30]
   AS stem) s
CROSS JOIN LATERAL (SELECT pg_temp.rnd('pf' || p.prod_id) AS f) r
ORDER BY p.prod_id;

-- wines: 2-5 per producer
CREATE TEMP TABLE w_gen AS
SELECT row_number() OVER (ORDER BY p.prod_id, g.k)::int AS wine_id, p.prod_id, g.k, a.appel_id, a.region_nm, a.base_px, a.ep AS ep_app,
       CASE WHEN a.cmix = 'R' THEN 'R' WHEN a.cmix = 'W' THEN 'W' WHEN a.cmix = 'S' THEN 'S' WHEN a.cmix = 'F' THEN 'F'
            WHEN a.cmix = 'D' THEN CASE WHEN g.k <= 2 THEN 'D' ELSE 'W' END
            WHEN a.cmix = 'P' THEN CASE g.k WHEN 3 THEN 'R' WHEN 4 THEN 'W' ELSE 'P' END
            ELSE CASE WHEN g.k IN (3, 5) THEN 'W' ELSE 'R' END END AS colour,
       CASE WHEN a.region_nm = 'Burgundy' THEN 'BG' WHEN a.ctry_cd = 'FR' THEN 'FR' ELSE 'XX' END AS grp,
       a.grape_r, a.grape_w
FROM pr_gen p
JOIN ap_gen a ON a.appel_id = p.appel_id
CROSS JOIN LATERAL generate_series(1, 2 + floor(pg_temp.rnd('wn' || p.prod_id) * 4)::int
                                      + CASE WHEN a.cmix = 'S' THEN 1 ELSE 0 END) AS g(k)
WHERE g.k <= 5;

INSERT INTO cat.wine (wine_id, prod_id, wine_nm, colour_cd, main_grape, btl_ml, listed_on, delisted_on)
SELECT w.wine_id, w.prod_id,
       CASE w.colour
         WHEN 'R' THEN CASE w.grp WHEN 'FR' THEN (ARRAY['Grand Vin','Second Vin','Réserve','Vieilles Vignes','Cuvée Prestige'])[w.k]
                                  WHEN 'BG' THEN (ARRAY['Village','Vieilles Vignes','Premier Cru','Grand Cru','Cuvée Prestige'])[w.k]
                                  ELSE (ARRAY['Estate Red','Reserve','Single Vineyard','Old Vines','Icon'])[w.k] END
         WHEN 'W' THEN CASE w.grp WHEN 'FR' THEN (ARRAY['Blanc','Réserve Blanc','Cuvée Blanche','Vieilles Vignes Blanc','Cuvée Prestige Blanc'])[w.k]
                                  WHEN 'BG' THEN (ARRAY['Village Blanc','Vieilles Vignes Blanc','Premier Cru Blanc','Grand Cru Blanc','Cuvée Prestige Blanc'])[w.k]
                                  ELSE (ARRAY['Estate White','Reserve White','Single Vineyard White','Old Vines White','Icon White'])[w.k] END
         WHEN 'S' THEN (ARRAY['Brut NV','Blanc de Blancs','Rosé Brut','Vintage Brut','Prestige Cuvée'])[w.k]
         WHEN 'D' THEN (ARRAY['Grand Vin','Second Vin'])[w.k]
         WHEN 'F' THEN (ARRAY['Late Bottled Vintage','10 Year Old Tawny','Vintage Port','20 Year Old Tawny','Reserve Ruby'])[w.k]
         ELSE (ARRAY['Rosé','Cuvée Rosé','Rosé Réserve','Rosé Blanc','Rosé Prestige'])[w.k] END,
       w.colour,
       CASE WHEN w.colour IN ('R','P','F') THEN w.grape_r
            WHEN w.colour = 'S' THEN CASE WHEN w.k = 2 THEN 'Chardonnay' ELSE 'Pinot Noir' END
            ELSE w.grape_w END,
       750,
       CASE WHEN pg_temp.rnd('wl' || w.wine_id) < 0.05 THEN date '2023-01-01' + floor(pg_temp.rnd('wm' || w.wine_id) * 600)::int
            ELSE date '2012-01-01' + floor(pg_temp.rnd('wm' || w.wine_id) * 2900)::int END,
       CASE WHEN pg_temp.rnd('wl' || w.wine_id) >= 0.93 THEN date '2021-01-01' + floor(pg_temp.rnd('wd' || w.wine_id) * 1400)::int END
FROM w_gen w
ORDER BY w.wine_id;

-- vintages 2008-2023 (non-vintage wines get a single row with vint_yr NULL)
CREATE TEMP TABLE v_gen AS
SELECT w.wine_id, w.k, w.colour, w.base_px, w.grp, w.region_nm,
       (w.ep_app AND w.k <= 2) AS ep_wine,
       y.yr
FROM w_gen w
CROSS JOIN LATERAL (
    SELECT NULL::int AS yr
    WHERE (w.colour = 'S' AND w.k IN (1, 3)) OR (w.colour = 'F' AND w.k IN (2, 4, 5))
    UNION ALL
    SELECT g.yr FROM generate_series(2008, 2023) g(yr)
    WHERE NOT ((w.colour = 'S' AND w.k IN (1, 3)) OR (w.colour = 'F' AND w.k IN (2, 4, 5)))
      AND (   (w.ep_app AND w.k <= 2 AND g.yr >= 2015)
           OR (w.ep_app AND w.k <= 2 AND pg_temp.rnd('vy' || w.wine_id || '-' || g.yr) < 0.6)
           OR (w.colour = 'F' AND w.k = 3 AND g.yr IN (2011, 2016, 2017, 2022))
           OR (w.colour = 'F' AND w.k = 1 AND g.yr BETWEEN 2015 AND 2019 AND pg_temp.rnd('vy' || w.wine_id || '-' || g.yr) < 0.7)
           OR (w.colour IN ('W','P','S') AND g.yr >= 2016 AND pg_temp.rnd('vy' || w.wine_id || '-' || g.yr) < 0.55)
           OR (w.colour IN ('R','D') AND NOT (w.ep_app AND w.k <= 2) AND g.yr <= 2022
               AND pg_temp.rnd('vy' || w.wine_id || '-' || g.yr) < 0.42)
           OR (w.colour <> 'F' AND g.yr = 2020))
) y;

INSERT INTO cat.vintage (vint_id, wine_id, vint_yr, abv, drink_from, drink_to, list_px, scores)
SELECT row_number() OVER (ORDER BY v.wine_id, v.yr NULLS FIRST)::int,
       v.wine_id, v.yr,
       CASE v.colour
         WHEN 'R' THEN CASE WHEN v.region_nm IN ('Rhône','South Australia','California','Veneto','Mendoza','Catalonia')
                            THEN 14.5 + round((r.a * 1.0)::numeric, 1) ELSE 13.0 + round((r.a * 1.5)::numeric, 1) END
         WHEN 'W' THEN 12.0 + round((r.a * 1.5)::numeric, 1)
         WHEN 'S' THEN 12.0 + round((r.a * 0.5)::numeric, 1)
         WHEN 'D' THEN 13.5 + round((r.a * 0.5)::numeric, 1)
         WHEN 'F' THEN 19.5 + round((r.a * 1.0)::numeric, 1)
         ELSE 12.5 + round((r.a * 0.5)::numeric, 1) END,
       CASE WHEN v.yr IS NOT NULL THEN v.yr + 2 + floor(r.b * 7)::int END,
       CASE WHEN v.yr IS NOT NULL THEN v.yr + 10 + floor(r.b * 7)::int + floor(r.c * 12)::int END,
       greatest(6.95, round(v.base_px * kf.f * vq.pf * (1 + 0.035 * greatest(0, 2021 - coalesce(v.yr, 2021)))
                            * (0.85 + 0.3 * r.c)::numeric, 0) - 0.05),
       jsonb_strip_nulls(jsonb_build_object(
         'RP',  CASE WHEN r.p1 < pr.hi * 0.60 THEN jsonb_build_object('pts', least(100, round(q.q + vq.d + (r.n1 - 0.5) * 4)), 'rev_on', rv.d1) END,
         'JR',  CASE WHEN r.p2 < pr.hi * 0.45 THEN jsonb_build_object('pts', least(20.0, round((12 + (q.q + vq.d + (r.n2 - 0.5) * 3 - 80) * 0.33) * 2) / 2), 'rev_on', rv.d2) END,
         'WS',  CASE WHEN r.p3 < pr.hi * 0.35 THEN jsonb_build_object('pts', least(100, round(q.q + vq.d - 0.5 + (r.n3 - 0.5) * 4)), 'rev_on', rv.d3) END,
         'JS',  CASE WHEN r.p4 < pr.hi * 0.45 THEN jsonb_build_object('pts', least(100, round(q.q + vq.d + 1 + (r.n4 - 0.5) * 4)), 'rev_on', rv.d1) END,
         'VIN', CASE WHEN r.p5 < pr.hi * 0.30 THEN jsonb_build_object('pts', least(100, round(q.q + vq.d + (r.n5 - 0.5) * 4)), 'rev_on', rv.d3) END,
         'DEC', CASE WHEN r.p6 < pr.hi * 0.30 THEN jsonb_build_object('pts', least(100, round(q.q + vq.d + 0.5 + (r.n6 - 0.5) * 4)), 'rev_on', rv.d2) END))
FROM v_gen v
CROSS JOIN LATERAL (SELECT pg_temp.rnd('va' || v.wine_id || '-' || coalesce(v.yr, 0)) a, pg_temp.rnd('vb' || v.wine_id || '-' || coalesce(v.yr, 0)) b,
                           pg_temp.rnd('vc' || v.wine_id || '-' || coalesce(v.yr, 0)) c,
                           pg_temp.rnd('p1' || v.wine_id || '-' || coalesce(v.yr, 0)) p1, pg_temp.rnd('p2' || v.wine_id || '-' || coalesce(v.yr, 0)) p2,
                           pg_temp.rnd('p3' || v.wine_id || '-' || coalesce(v.yr, 0)) p3, pg_temp.rnd('p4' || v.wine_id || '-' || coalesce(v.yr, 0)) p4,
                           pg_temp.rnd('p5' || v.wine_id || '-' || coalesce(v.yr, 0)) p5, pg_temp.rnd('p6' || v.wine_id || '-' || coalesce(v.yr, 0)) p6,
                           pg_temp.rnd('n1' || v.wine_id || '-' || coalesce(v.yr, 0)) n1, pg_temp.rnd('n2' || v.wine_id || '-' || coalesce(v.yr, 0)) n2,
                           pg_temp.rnd('n3' || v.wine_id || '-' || coalesce(v.yr, 0)) n3, pg_temp.rnd('n4' || v.wine_id || '-' || coalesce(v.yr, 0)) n4,
                           pg_temp.rnd('n5' || v.wine_id || '-' || coalesce(v.yr, 0)) n5, pg_temp.rnd('n6' || v.wine_id || '-' || coalesce(v.yr, 0)) n6,
                           pg_temp.rnd('rv' || v.wine_id || '-' || coalesce(v.yr, 0)) rv) r
CROSS JOIN LATERAL (SELECT CASE
         WHEN v.grp = 'BG' THEN (ARRAY[0.6, 0.8, 1.3, 2.6, 1.1])[v.k]
         WHEN v.colour = 'S' THEN (ARRAY[0.8, 1.2, 1.0, 1.3, 2.6])[v.k]
         WHEN v.colour = 'F' THEN (ARRAY[0.7, 1.0, 1.8, 1.6, 0.5])[v.k]
         WHEN v.colour = 'P' THEN (ARRAY[1.0, 1.3, 0.8, 0.8, 1.8])[v.k]
         ELSE (ARRAY[1.0, 0.45, 0.75, 0.9, 1.6])[v.k] END::numeric AS f) kf
CROSS JOIN LATERAL (SELECT CASE WHEN v.yr IN (2009, 2010, 2015, 2016, 2018, 2019, 2020, 2022) THEN 2
                                WHEN v.yr IN (2011, 2013, 2017, 2021) THEN -2 ELSE 0 END AS d,
                           CASE WHEN v.yr IN (2009, 2010, 2015, 2016, 2018, 2019, 2020, 2022) THEN 1.25
                                WHEN v.yr IN (2011, 2013, 2017, 2021) THEN 0.85 ELSE 1.0 END::numeric AS pf) vq
CROSS JOIN LATERAL (SELECT 86 + 5 * pg_temp.rnd('wq' || v.wine_id)
                           + CASE WHEN v.base_px >= 60 THEN 3 WHEN v.base_px >= 35 THEN 1.5 ELSE 0 END
                           + CASE WHEN v.k = 1 THEN 1 ELSE 0 END
                           - CASE WHEN v.k = 2 AND v.grp = 'FR' THEN 2 ELSE 0 END AS q) q
CROSS JOIN LATERAL (SELECT CASE WHEN v.ep_wine OR v.base_px >= 40 THEN 1.0 ELSE 0.5 END AS hi) pr
CROSS JOIN LATERAL (SELECT
         least(make_date(least(coalesce(v.yr, 2021) + 1 + floor(r.rv * 2)::int, 2024), 1 + floor(r.a * 11)::int, 1 + floor(r.b * 27)::int), date '2024-11-08')::text AS d1,
         least(make_date(least(coalesce(v.yr, 2021) + 1 + floor(r.rv * 3)::int, 2024), 1 + floor(r.c * 11)::int, 1 + floor(r.a * 27)::int), date '2024-11-08')::text AS d2,
         least(make_date(least(coalesce(v.yr, 2021) + 2, 2024), 1 + floor(r.b * 11)::int, 1 + floor(r.c * 27)::int), date '2024-11-08')::text AS d3) rv
ORDER BY 1;

-- =====================================================================
--  Data: suppliers, purchase orders, stock lots
-- =====================================================================
INSERT INTO inv.supplier (supp_id, supp_nm, supp_type, ctry_cd, ccy_cd, prod_id, pay_terms_d, closed_on)
SELECT t.i, t.nm, 'N', 'FR', 'EUR', NULL, 30, CASE WHEN t.i = 9 THEN date '2023-06-30' END
FROM unnest(ARRAY['Maison Fontenay','Lestrade & Cie','Grands Crus Moreau','Négoce Aubertin','Maison Sarrazin',
                  'Courtiers Delmas','Maison Beaufort','Vignobles Garrigue','Bordeaux Millésimes','Maison Lavergne'])
     WITH ORDINALITY AS t(nm, i);

INSERT INTO inv.supplier (supp_id, supp_nm, supp_type, ctry_cd, ccy_cd, prod_id, pay_terms_d, closed_on)
SELECT 10 + row_number() OVER (ORDER BY (p.prod_id * 37) % 101, p.prod_id), p.prod_nm, 'D', a.ctry_cd,
       CASE a.ctry_cd WHEN 'US' THEN 'USD' ELSE 'EUR' END, p.prod_id, 60, NULL
FROM cat.producer p JOIN cat.appellation a ON a.appel_id = p.appel_id
WHERE a.region_nm <> 'Bordeaux' AND a.ctry_cd IN ('FR','IT','ES','PT','DE','US')
ORDER BY (p.prod_id * 37) % 101, p.prod_id
LIMIT 16;

INSERT INTO inv.supplier (supp_id, supp_nm, supp_type, ctry_cd, ccy_cd, prod_id, pay_terms_d, closed_on)
SELECT 26 + t.i, t.nm, 'I', 'GB', 'GBP', NULL, 30, CASE WHEN t.i = 14 THEN date '2022-12-31' END
FROM unnest(ARRAY['Thames Wine Agencies','Albion Fine Wines','Hanover Vintners','Calder & Shaw Agencies',
                  'Northgate Wine Imports','Pennine Wine Agencies','Stour Valley Wines','Kingsway Importers',
                  'Bramley & Cole','Southwark Wine Company','Harbour Lane Agencies','Ashdown Wine Partners',
                  'Greyfriars Importers','Cheviot Wine Agencies','Wessex Vintners','Meridian Wine Agencies'])
     WITH ORDINALITY AS t(nm, i);

INSERT INTO inv.supplier (supp_id, supp_nm, supp_type, ctry_cd, ccy_cd, prod_id, pay_terms_d, closed_on)
SELECT 42 + t.i, t.nm, 'B', 'GB', 'GBP', NULL, 14, NULL
FROM unnest(ARRAY['Cavendish Fine Wine Exchange','Lombard Wine Brokers','Regent Cellar Brokers']) WITH ORDINALITY AS t(nm, i);

-- purchase orders, 2020-01-06 .. 2024-11-15
CREATE TEMP TABLE po_gen AS
WITH b AS (
  SELECT i, date '2020-01-06' + floor((i - 1) * ((date '2024-11-15' - date '2020-01-06') + 1) / 2600.0)::int AS raised_on,
         pg_temp.rnd('pt' || i) rt, pg_temp.rnd('ps' || i) rs, pg_temp.rnd('px' || i) rx,
         pg_temp.rnd('pq' || i) rq, pg_temp.rnd('pd' || i) rd, pg_temp.rnd('pf' || i) rf
  FROM generate_series(1, 2600) i),
s AS (
  SELECT b.*, CASE WHEN rt < 0.25 THEN 1 + floor(rs * 10)::int
                   WHEN rt < 0.45 THEN 11 + floor(rs * 16)::int
                   WHEN rt < 0.90 THEN 27 + floor(rs * 16)::int
                   ELSE 43 + floor(rs * 3)::int END AS supp0
  FROM b)
SELECT s.i AS po_id, s.raised_on, s.rq, s.rd, s.rf,
       CASE WHEN sp.closed_on IS NOT NULL AND sp.closed_on < s.raised_on THEN s.supp0 - 1 ELSE s.supp0 END AS supp_id,
       CASE WHEN s.rx < 0.025 THEN 'X'
            WHEN date '2024-11-15' - s.raised_on <= 3 THEN CASE WHEN s.rq < 0.5 THEN 'D' ELSE 'S' END
            WHEN date '2024-11-15' - s.raised_on <= 45 THEN CASE WHEN s.rq < 0.35 THEN 'S' WHEN s.rq < 0.55 THEN 'P' ELSE 'R' END
            WHEN date '2024-11-15' - s.raised_on <= 120 THEN CASE WHEN s.rq < 0.06 THEN 'S' WHEN s.rq < 0.10 THEN 'P' ELSE 'R' END
            ELSE 'R' END AS po_st
FROM s JOIN inv.supplier sp ON sp.supp_id = s.supp0;

INSERT INTO inv.purchase_order (po_id, po_no, supp_id, raised_on, exp_on, po_st, ccy_cd, fx_gbp, recv_on, buyer_cd)
SELECT g.po_id, 'PO' || to_char(g.raised_on, 'YY') || '-' || lpad(g.po_id::text, 5, '0'), g.supp_id, g.raised_on,
       g.raised_on + 14 + floor(g.rd * 28)::int, g.po_st, sp.ccy_cd,
       round(CASE sp.ccy_cd WHEN 'EUR' THEN 0.83 + 0.06 * g.rf WHEN 'USD' THEN 0.74 + 0.09 * g.rf ELSE 1 END::numeric, 5),
       CASE WHEN g.po_st = 'R' THEN least(g.raised_on + 7 + floor(g.rd * 40)::int, date '2024-11-15') END,
       CASE WHEN sp.supp_type IN ('N','B') THEN 'JHM'
            WHEN sp.supp_type = 'D' THEN CASE WHEN sp.ctry_cd IN ('IT','ES','PT','US') THEN 'SAP' ELSE 'JHM' END
            ELSE CASE WHEN g.rf < 0.5 THEN 'RKT' ELSE 'SAP' END END
FROM po_gen g JOIN inv.supplier sp ON sp.supp_id = g.supp_id
ORDER BY g.po_id;

-- vintages each kind of supplier can sell us
CREATE TEMP TABLE elig AS
SELECT x.grp, x.vint_id, x.vint_yr, row_number() OVER (PARTITION BY x.grp ORDER BY x.vint_id) AS rn,
       count(*) OVER (PARTITION BY x.grp) AS cnt
FROM (
  SELECT CASE WHEN a.region_nm = 'Bordeaux' THEN 'N' ELSE 'I' END AS grp, v.vint_id, v.vint_yr
  FROM cat.vintage v JOIN cat.wine w ON w.wine_id = v.wine_id JOIN cat.producer p ON p.prod_id = w.prod_id
  JOIN cat.appellation a ON a.appel_id = p.appel_id
  WHERE a.region_nm <> 'Bordeaux' OR v.vint_yr IS NOT NULL
  UNION ALL
  SELECT 'B', v.vint_id, v.vint_yr FROM cat.vintage v WHERE v.list_px >= 60 AND v.vint_yr IS NOT NULL
  UNION ALL
  SELECT 'P' || s.supp_id, v.vint_id, v.vint_yr
  FROM inv.supplier s JOIN cat.wine w ON w.prod_id = s.prod_id JOIN cat.vintage v ON v.wine_id = w.wine_id
  WHERE s.supp_type = 'D'
) x;
CREATE INDEX ON elig (grp, rn);

CREATE TEMP TABLE pol_gen AS
WITH c AS (
  SELECT po.po_id, po.raised_on, po.po_st, po.fx_gbp, g.j,
         1 + floor(pg_temp.rnd('pn' || po.po_id) * 6)::int AS nl,
         CASE s.supp_type WHEN 'N' THEN 'N' WHEN 'I' THEN 'I' WHEN 'B' THEN 'B' ELSE 'P' || s.supp_id END AS grp,
         CASE WHEN s.supp_type IN ('N','B') THEN 2 ELSE 1 END AS min_age,
         pg_temp.rnd('pl' || po.po_id || '-' || g.j) AS r
  FROM inv.purchase_order po JOIN inv.supplier s ON s.supp_id = po.supp_id
  CROSS JOIN generate_series(1, 10) g(j)),
p AS (
  SELECT c.*, e.vint_id
  FROM c JOIN (SELECT DISTINCT grp, cnt FROM elig) ec ON ec.grp = c.grp
  JOIN elig e ON e.grp = c.grp AND e.rn = 1 + floor(c.r * ec.cnt)::int
  WHERE e.vint_yr IS NULL OR e.vint_yr <= extract(year FROM c.raised_on) - c.min_age),
d AS (SELECT DISTINCT ON (po_id, vint_id) * FROM p ORDER BY po_id, vint_id, j),
n AS (SELECT d.*, row_number() OVER (PARTITION BY po_id ORDER BY j) AS ln FROM d)
SELECT n.po_id, n.ln::smallint AS ln, n.vint_id, n.po_st, n.raised_on, n.fx_gbp, v.list_px,
       pg_temp.rnd('pc' || n.po_id || '-' || n.ln) AS rc, pg_temp.rnd('pr' || n.po_id || '-' || n.ln) AS rr
FROM n JOIN cat.vintage v ON v.vint_id = n.vint_id
WHERE n.ln <= n.nl;

DELETE FROM inv.purchase_order po WHERE NOT EXISTS (SELECT 1 FROM pol_gen l WHERE l.po_id = po.po_id);

INSERT INTO inv.po_line (po_id, ln, vint_id, cs_qty, cs_sz, cost_cs, recv_cs)
SELECT x.po_id, x.ln, x.vint_id, x.cs_qty, x.cs_sz,
       round(x.list_px * x.cs_sz * (0.52 + 0.1 * x.rr)::numeric / x.fx_gbp, 2),
       CASE WHEN x.po_st = 'R' THEN x.cs_qty
            WHEN x.po_st = 'P' THEN CASE WHEN x.ln = 1 THEN ceil(x.cs_qty / 2.0)::int WHEN x.rr < 0.5 THEN x.cs_qty ELSE 0 END
            ELSE 0 END
FROM (SELECT l.*, CASE WHEN l.list_px >= 60 THEN 6 ELSE 12 END AS cs_sz,
             1 + floor(l.rc * l.rc * CASE WHEN l.list_px >= 60 THEN 5 ELSE 20 END)::int AS cs_qty
      FROM pol_gen l) x
ORDER BY x.po_id, x.ln;

-- stock lots: opening stock (31 Dec 2019) then one lot per received PO line
CREATE TEMP TABLE lot_gen AS
WITH op AS (
  SELECT i, pg_temp.rnd('ov' || i) rv, pg_temp.rnd('ow' || i) rw, pg_temp.rnd('ob' || i) rb, pg_temp.rnd('oh' || i) rh,
         pg_temp.rnd('oq' || i) rq
  FROM generate_series(1, 350) i),
oe AS (SELECT v.vint_id, v.list_px, row_number() OVER (ORDER BY v.vint_id) rn, count(*) OVER () cnt
       FROM cat.vintage v WHERE v.vint_yr IS NULL OR v.vint_yr <= 2017),
opening AS (
  SELECT 0 AS src, op.i AS sk, oe.vint_id,
         CASE WHEN op.rw < 0.8 THEN 'BSK' WHEN op.rw < 0.9 THEN 'MRY' ELSE 'LCB' END AS wh_cd,
         NULL::int AS po_id, NULL::smallint AS ln, date '2019-12-31' AS recv_on,
         12 * (1 + floor(op.rb * 8)::int) AS btl_in,
         round(oe.list_px * 0.58, 2) AS cost_btl, op.rh, op.rq, pg_temp.rnd('or' || op.i) AS rr
  FROM op JOIN oe ON oe.rn = 1 + floor(op.rv * (SELECT count(*) FROM oe))::int),
rcv AS (
  SELECT 1 AS src, l.po_id * 10 + l.ln AS sk, l.vint_id,
         CASE WHEN v.list_px >= 40 AND pg_temp.rnd('lb' || l.po_id || '-' || l.ln) < 0.65
              THEN CASE WHEN pg_temp.rnd('lw' || l.po_id || '-' || l.ln) < 0.75 THEN 'LCB' ELSE 'OCB' END
              ELSE CASE WHEN pg_temp.rnd('lw' || l.po_id || '-' || l.ln) < 0.85 THEN 'BSK' ELSE 'MRY' END END AS wh_cd,
         l.po_id, l.ln,
         CASE WHEN po.po_st = 'R' THEN po.recv_on
              ELSE least(po.raised_on + 7 + floor(pg_temp.rnd('lr' || l.po_id || '-' || l.ln) * 20)::int, date '2024-11-15') END AS recv_on,
         l.recv_cs * l.cs_sz AS btl_in,
         round(l.cost_cs * po.fx_gbp / l.cs_sz, 2) AS cost_btl,
         pg_temp.rnd('lh' || l.po_id || '-' || l.ln) AS rh, pg_temp.rnd('lq' || l.po_id || '-' || l.ln) AS rq,
         pg_temp.rnd('ls' || l.po_id || '-' || l.ln) AS rr
  FROM inv.po_line l JOIN inv.purchase_order po ON po.po_id = l.po_id JOIN cat.vintage v ON v.vint_id = l.vint_id
  WHERE l.recv_cs > 0)
SELECT row_number() OVER (ORDER BY x.src, x.recv_on, x.sk)::int AS lot_id, x.*,
       CASE WHEN x.wh_cd IN ('LCB','OCB') THEN 'IB' ELSE 'DP' END AS bond_st
FROM (SELECT * FROM opening UNION ALL SELECT * FROM rcv) x;

INSERT INTO inv.stock_lot (lot_id, vint_id, wh_cd, bond_st, po_id, ln, recv_on, btl_in, btl_oh, btl_rsv, cost_btl, lot_st)
SELECT lot_id, vint_id, wh_cd, bond_st, po_id, ln, recv_on, btl_in, oh,
       CASE WHEN bond_st = 'DP' AND oh > 0 AND rq >= 0.02 AND rr < 0.2 THEN least(oh, 1 + floor(rh * 6)::int) ELSE 0 END,
       cost_btl,
       CASE WHEN oh = 0 THEN 'E' WHEN rq < 0.02 THEN 'Q' ELSE 'A' END
FROM (SELECT g.*,
             CASE WHEN g.src = 0 THEN CASE WHEN g.rh < 0.08 THEN floor(g.btl_in * g.rr * 0.5)::int ELSE 0 END
                  ELSE greatest(0, floor(g.btl_in * (1 - (date '2024-11-15' - g.recv_on)
                        / (CASE WHEN g.bond_st = 'IB' THEN 500 + 1200 * g.rh ELSE 120 + 700 * g.rh END))))::int END AS oh
      FROM lot_gen g) z
ORDER BY lot_id;

-- =====================================================================
--  Data: members and tier history
-- =====================================================================
INSERT INTO club.member (mbr_id, mbr_no, title, first_nm, last_nm, email, tel_no, pcode, dob, joined_on, left_on,
                         referred_by, prefs, last_login_at)
SELECT i, 'HW' || lpad(i::text, 6, '0'),
       CASE WHEN r.t < 0.10 THEN NULL WHEN r.t < 0.16 THEN 'Dr'
            WHEN r.fn <= 24 THEN 'Mr' WHEN r.t < 0.55 THEN 'Mrs' ELSE 'Ms' END,
       f.first_nm, l.last_nm,
       lower(f.first_nm || '.' || l.last_nm) || i || '@' ||
         (ARRAY['gmail.com','outlook.com','btinternet.com','icloud.com','yahoo.co.uk','hotmail.co.uk'])[1 + floor(r.dm * 6)::int],
       CASE WHEN r.tl < 0.08 THEN NULL ELSE '07' || lpad(floor(r.tn * 1000000000)::bigint::text, 9, '0') END,
       CASE WHEN r.pc < 0.03 THEN NULL ELSE
         (ARRAY['SW3','SW7','W1','W8','W11','NW1','NW3','NW8','N1','N6','SE1','SE21','EC1','E14','SW11',
                'SW19','GU1','GU21','KT2','OX2','RG9','BA1','BS8','TN1','CB2','SL4','HP9','AL5','M20','EH3'])[1 + floor(r.pc * 30)::int]
         || ' ' || (1 + floor(r.p2 * 9)::int) || chr(65 + floor(r.p3 * 26)::int) || chr(65 + floor(r.p4 * 26)::int) END,
       CASE WHEN r.db < 0.12 THEN NULL
            ELSE j.joined_on - ((18 + floor(r.da * 55)) * 365.25 + floor(r.db * 365))::int END,
       j.joined_on, lv.left_on,
       CASE WHEN i > 200 AND r.rf < 0.08 THEN 1 + floor(r.rf2 * (i - 1))::int END,
       CASE WHEN r.pf < 0.3 THEN NULL ELSE jsonb_strip_nulls(jsonb_build_object(
         'contact', jsonb_build_object('email', r.ce < 0.62, 'post', r.cp < 0.25, 'sms', r.cs < 0.15),
         'palate', jsonb_build_object(
             'styles', to_jsonb(array_remove(ARRAY[CASE WHEN r.s1 < 0.75 THEN 'red' END, CASE WHEN r.s2 < 0.55 THEN 'white' END,
                                                   CASE WHEN r.s3 < 0.30 THEN 'sparkling' END, CASE WHEN r.s4 < 0.15 THEN 'rosé' END,
                                                   CASE WHEN r.s5 < 0.12 THEN 'fortified' END], NULL)),
             'avoid', to_jsonb(array_remove(ARRAY[CASE WHEN r.a1 < 0.18 THEN 'oaky' END, CASE WHEN r.a2 < 0.22 THEN 'sweet' END,
                                                  CASE WHEN r.a3 < 0.10 THEN 'high alcohol' END, CASE WHEN r.a4 < 0.06 THEN 'natural' END], NULL)),
             'budget', CASE WHEN r.bb < 0.7 THEN jsonb_build_object('min', 10 + 5 * floor(r.bm * 4)::int,
                                                                    'max', 30 + 10 * floor(r.bx * 8)::int) END),
         'delivery', CASE WHEN r.ds < 0.4 THEN jsonb_build_object('safe_place',
                 (ARRAY['porch','garage','neighbour','concierge','shed','reception'])[1 + floor(r.dp * 6)::int]) END)) END,
       CASE WHEN r.ll < 0.25 THEN NULL
            ELSE (j.joined_on + floor((coalesce(lv.left_on, date '2024-11-15') - j.joined_on) * (1 - r.l2 * r.l2 * r.l2))::int)::timestamp
                 + (7 * 60 + floor(r.l3 * 600)) * interval '1 minute' END
FROM generate_series(1, 25000) i
CROSS JOIN LATERAL (SELECT
    1 + floor(pg_temp.rnd('mf' || i) * 48)::int AS fn, pg_temp.rnd('mt' || i) t, pg_temp.rnd('ml' || i) ln_,
    pg_temp.rnd('md' || i) dm, pg_temp.rnd('mtl' || i) tl, pg_temp.rnd('mtn' || i) tn,
    pg_temp.rnd('mpc' || i) pc, pg_temp.rnd('mp2' || i) p2, pg_temp.rnd('mp3' || i) p3, pg_temp.rnd('mp4' || i) p4,
    pg_temp.rnd('mda' || i) da, pg_temp.rnd('mdb' || i) db, pg_temp.rnd('mrf' || i) rf, pg_temp.rnd('mrg' || i) rf2,
    pg_temp.rnd('mpf' || i) pf, pg_temp.rnd('mce' || i) ce, pg_temp.rnd('mcp' || i) cp, pg_temp.rnd('mcs' || i) cs,
    pg_temp.rnd('ms1' || i) s1, pg_temp.rnd('ms2' || i) s2, pg_temp.rnd('ms3' || i) s3, pg_temp.rnd('ms4' || i) s4,
    pg_temp.rnd('ms5' || i) s5, pg_temp.rnd('ma1' || i) a1, pg_temp.rnd('ma2' || i) a2, pg_temp.rnd('ma3' || i) a3,
    pg_temp.rnd('ma4' || i) a4, pg_temp.rnd('mbb' || i) bb, pg_temp.rnd('mbm' || i) bm, pg_temp.rnd('mbx' || i) bx,
    pg_temp.rnd('mds' || i) ds, pg_temp.rnd('mdp' || i) dp, pg_temp.rnd('mll' || i) ll, pg_temp.rnd('ml2' || i) l2,
    pg_temp.rnd('ml3' || i) l3, pg_temp.rnd('mlv' || i) lvr, pg_temp.rnd('mlw' || i) lvw) r
CROSS JOIN LATERAL (SELECT (ARRAY['Oliver','James','William','Henry','George','Edward','Thomas','Charles','Alexander','Richard',
                                  'David','Michael','Robert','Andrew','Peter','Simon','Jonathan','Mark','Nicholas','Christopher',
                                  'Daniel','Matthew','Rupert','Hugo',
                                  'Charlotte','Sophie','Emma','Olivia','Amelia','Isabel','Victoria','Catherine','Sarah','Elizabeth',
                                  'Harriet','Lucy','Rebecca','Claire','Fiona','Helen','Anna','Jane','Rachel','Louise',
                                  'Priya','Alice','Caroline','Joanna'])[r.fn] AS first_nm) f
CROSS JOIN LATERAL (SELECT (ARRAY['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Robinson','Wright',
                                  'Thompson','Evans','Walker','White','Roberts','Green','Hall','Wood','Jackson','Clarke',
                                  'Patel','Harris','Lewis','Young','Turner','Hill','Scott','Cooper','Morris','Ward',
                                  'Moore','King','Watson','Baker','Harrison','Morgan','Khan','Allen','James','Phillips',
                                  'Bennett','Grey','Carter','Mitchell','Shaw','Fletcher','Hughes','Kennedy','Lloyd','Marshall',
                                  'Palmer','Russell','Stevens','Hunt','Fox','Pearce','Ellis','Sutton','Barker','Hart',
                                  'Lawrence','Fraser','Ashworth','Pemberton'])[1 + floor(r.ln_ * 64)::int] AS last_nm) l
CROSS JOIN LATERAL (SELECT date '2012-03-01' + floor(power((i - 0.5) / 25000.0, 0.6)
                                                     * (date '2024-11-15' - date '2012-03-01' + 1))::int AS joined_on) j
CROSS JOIN LATERAL (SELECT CASE WHEN r.lvr < 0.22 AND j.joined_on < date '2024-08-01'
                                THEN j.joined_on + 60 + floor(r.lvw * (date '2024-11-15' - j.joined_on - 60))::int END AS left_on) lv
ORDER BY i;

CREATE TEMP TABLE th_gen AS
SELECT m.mbr_id, m.joined_on, m.left_on, x.nchg, x.d1, x.d2, x.t0, t1.t1, t2.t2
FROM club.member m
CROSS JOIN LATERAL (SELECT coalesce(m.left_on, date '2024-11-15') - m.joined_on AS span,
                           pg_temp.rnd('ta' || m.mbr_id) a, pg_temp.rnd('tb' || m.mbr_id) b, pg_temp.rnd('tc' || m.mbr_id) c,
                           pg_temp.rnd('td' || m.mbr_id) d, pg_temp.rnd('te' || m.mbr_id) e, pg_temp.rnd('tf' || m.mbr_id) f) r
CROSS JOIN LATERAL (SELECT CASE WHEN r.a < 0.5 THEN 1 WHEN r.a < 0.8 THEN 2 WHEN r.a < 0.95 THEN 3 ELSE 4 END AS t0,
                           CASE WHEN r.span < 120 THEN 0 WHEN r.b < 0.12 THEN 2 WHEN r.b < 0.38 THEN 1 ELSE 0 END AS nchg,
                           m.joined_on + 1 + floor(r.span * (0.15 + 0.35 * r.c))::int AS d1,
                           m.joined_on + floor(r.span * (0.6 + 0.35 * r.d))::int AS d2) x
CROSS JOIN LATERAL (SELECT CASE WHEN x.t0 + s.s > 4 OR x.t0 + s.s < 1 THEN x.t0 - s.s ELSE x.t0 + s.s END AS t1
                    FROM (SELECT CASE WHEN r.e < 0.78 THEN 1 ELSE -1 END AS s) s) t1
CROSS JOIN LATERAL (SELECT CASE WHEN t1.t1 + s.s > 4 OR t1.t1 + s.s < 1 THEN t1.t1 - s.s ELSE t1.t1 + s.s END AS t2
                    FROM (SELECT CASE WHEN r.f < 0.7 THEN 1 ELSE -1 END AS s) s) t2;

INSERT INTO club.tier_hist (mbr_id, valid_from, valid_to, tier, annual_fee, chg_cd)
SELECT z.mbr_id, z.vf, z.vt, (enum_range(NULL::club.tier_t))[z.t],
       CASE z.t WHEN 1 THEN 0
                WHEN 2 THEN CASE WHEN z.vf < date '2023-01-01' THEN 50 ELSE 60 END
                WHEN 3 THEN CASE WHEN z.vf < date '2023-01-01' THEN 120 ELSE 150 END
                ELSE CASE WHEN z.vf < date '2023-01-01' THEN 400 ELSE 500 END END,
       z.c
FROM (
  SELECT mbr_id, joined_on AS vf, CASE WHEN nchg >= 1 THEN d1 ELSE left_on END AS vt, t0 AS t, 'J' AS c FROM th_gen
  UNION ALL
  SELECT mbr_id, d1, CASE WHEN nchg = 2 THEN d2 ELSE left_on END, t1, CASE WHEN t1 > t0 THEN 'U' ELSE 'D' END FROM th_gen WHERE nchg >= 1
  UNION ALL
  SELECT mbr_id, d2, left_on, t2, CASE WHEN t2 > t1 THEN 'U' ELSE 'D' END FROM th_gen WHERE nchg = 2
) z
ORDER BY z.mbr_id, z.vf;

-- =====================================================================
--  Data: subscriptions and monthly cases
-- =====================================================================
CREATE TEMP TABLE sub_gen AS
WITH m AS (
  SELECT mbr_id, joined_on, left_on, coalesce(left_on, date '2024-11-15') AS end_d,
         greatest(joined_on, date '2020-03-01') AS st0,
         pg_temp.rnd('sa' || mbr_id) a, pg_temp.rnd('sb' || mbr_id) b, pg_temp.rnd('sc' || mbr_id) c,
         pg_temp.rnd('sd' || mbr_id) d, pg_temp.rnd('se' || mbr_id) e, pg_temp.rnd('sf' || mbr_id) f
  FROM club.member),
s1 AS (
  SELECT m.*, m.st0 + floor(m.b * (m.end_d - m.st0 - 30))::int AS started_on
  FROM m WHERE m.a < 0.32 AND m.end_d - m.st0 > 30),
s1c AS (
  SELECT s1.*,
         CASE WHEN s1.left_on IS NOT NULL
                   THEN CASE WHEN s1.c < 0.5 THEN least(s1.left_on, s1.started_on + 30 + floor(s1.d * (s1.left_on - s1.started_on))::int)
                             ELSE s1.left_on END
              WHEN s1.c < 0.4 AND date '2024-11-15' - s1.started_on > 60
                   THEN s1.started_on + 45 + floor(s1.d * (date '2024-11-15' - s1.started_on - 45))::int END AS cancelled_on
  FROM s1),
s2 AS (
  SELECT s1c.mbr_id, s1c.left_on, 2 AS slot,
         s1c.cancelled_on + 30 + floor(s1c.f * (s1c.end_d - s1c.cancelled_on - 60))::int AS started_on
  FROM s1c WHERE s1c.cancelled_on IS NOT NULL AND s1c.e < 0.25 AND s1c.end_d - s1c.cancelled_on > 90),
allsub AS (
  SELECT mbr_id, 1 AS slot, started_on, cancelled_on FROM s1c
  UNION ALL
  SELECT mbr_id, slot, started_on, left_on FROM s2)
SELECT row_number() OVER (ORDER BY s.started_on, s.mbr_id, s.slot)::int AS sub_id, s.*,
       pg_temp.rnd('sp' || s.mbr_id || '-' || s.slot) AS rp, pg_temp.rnd('sk' || s.mbr_id || '-' || s.slot) AS rk,
       pg_temp.rnd('sm' || s.mbr_id || '-' || s.slot) AS rm
FROM allsub s;

INSERT INTO club.subscription (sub_id, mbr_id, plan_cd, started_on, cancelled_on, paused_until, mth_px, pay_mth)
SELECT g.sub_id, g.mbr_id, p.plan_cd, g.started_on, g.cancelled_on,
       CASE WHEN g.cancelled_on IS NULL AND g.rk < 0.06
                 THEN (ARRAY[date '2024-12-01', date '2025-01-01', date '2025-02-01'])[1 + floor(g.rk / 0.06 * 3)::int]
            WHEN g.cancelled_on IS NULL AND g.rk < 0.10 AND g.started_on < date '2023-11-01'
                 THEN make_date(2024, 3 + floor((g.rk - 0.06) / 0.04 * 7)::int, 1) END,
       round(p.base * CASE WHEN g.started_on >= date '2024-01-01' THEN 1.0 WHEN g.started_on >= date '2023-01-01' THEN 0.95
                           WHEN g.started_on >= date '2022-01-01' THEN 0.9 ELSE 0.85 END, 0),
       CASE WHEN g.rm < 0.7 THEN 'DD' ELSE 'CC' END
FROM sub_gen g
CROSS JOIN LATERAL (SELECT CASE WHEN g.rp < 0.40 THEN 'CLS6' WHEN g.rp < 0.65 THEN 'RED6' WHEN g.rp < 0.75 THEN 'FIN6'
                                WHEN g.rp < 0.85 THEN 'FIZ3' ELSE 'DSC12' END AS plan_cd,
                           CASE WHEN g.rp < 0.40 THEN 89 WHEN g.rp < 0.65 THEN 95 WHEN g.rp < 0.75 THEN 195
                                WHEN g.rp < 0.85 THEN 79 ELSE 149 END::numeric AS base) p
ORDER BY g.sub_id;

INSERT INTO club.sub_case (case_id, sub_id, case_mth, cs_st, chg_amt, disp_on)
SELECT row_number() OVER (ORDER BY x.case_mth, x.sub_id), x.sub_id, x.case_mth, x.st,
       CASE WHEN x.st = 'D' THEN x.mth_px END,
       CASE WHEN x.st = 'D' THEN x.case_mth + 11 + CASE WHEN x.r2 < 0.2 THEN 1 ELSE 0 END END
FROM (
  SELECT s.sub_id, s.mth_px, m.m::date AS case_mth,
         CASE WHEN s.paused_until IS NOT NULL AND m.m >= s.paused_until - interval '3 months' AND m.m < s.paused_until THEN 'S'
              WHEN m.m = timestamp '2024-12-01' THEN 'P'
              WHEN r.r < 0.035 THEN 'S' WHEN r.r < 0.055 THEN 'F' ELSE 'D' END AS st,
         r.r2
  FROM club.subscription s
  CROSS JOIN LATERAL generate_series(date_trunc('month', s.started_on::timestamp), timestamp '2024-12-01', interval '1 month') AS m(m)
  CROSS JOIN LATERAL (SELECT pg_temp.rnd('cs' || s.sub_id || '-' || m.m::date) AS r,
                             pg_temp.rnd('cd' || s.sub_id || '-' || m.m::date) AS r2) r
  WHERE m.m::date + 11 > s.started_on AND (s.cancelled_on IS NULL OR m.m::date + 11 < s.cancelled_on)
) x;

-- =====================================================================
--  Data: sales orders, order lines, returns
-- =====================================================================
-- members are numbered in joining order: mj.maxid = members who had joined by day d
CREATE TEMP TABLE mj AS
SELECT c.d::date AS d, max(j.mx) OVER (ORDER BY c.d) AS maxid
FROM generate_series(timestamp '2012-03-01', timestamp '2024-11-15', interval '1 day') AS c(d)
LEFT JOIN (SELECT joined_on, max(mbr_id) AS mx FROM club.member GROUP BY joined_on) j ON j.joined_on = c.d::date;
CREATE UNIQUE INDEX ON mj (d);

-- duty-paid lots in receipt order; dpl_d.maxrn = last lot received before day d
CREATE TEMP TABLE dpl AS
SELECT row_number() OVER (ORDER BY recv_on, lot_id)::int AS rn, lot_id, vint_id, recv_on
FROM inv.stock_lot WHERE bond_st = 'DP';
CREATE UNIQUE INDEX ON dpl (rn);
CREATE TEMP TABLE dpl_d AS
SELECT c.d::date AS d, max(x.mx) OVER (ORDER BY c.d) AS maxrn
FROM generate_series(timestamp '2019-12-31', timestamp '2024-11-16', interval '1 day') AS c(d)
LEFT JOIN (SELECT recv_on + 1 AS d1, max(rn) AS mx FROM dpl GROUP BY recv_on) x ON x.d1 = c.d::date;
CREATE UNIQUE INDEX ON dpl_d (d);

CREATE TEMP TABLE o_gen AS
WITH b AS MATERIALIZED (
  SELECT i, date '2021-01-01' + floor(power((i - 0.5) / 62000.0, 0.8) * 1415)::int AS d,
         pg_temp.rnd('oc' || i) rc, pg_temp.rnd('om' || i) rm, pg_temp.rnd('on' || i) rn2, pg_temp.rnd('ow' || i) rw,
         pg_temp.rnd('ot' || i) rt, pg_temp.rnd('os' || i) rs, pg_temp.rnd('op' || i) rp, pg_temp.rnd('ox' || i) rx,
         pg_temp.rnd('og' || i) rg, pg_temp.rnd('ol' || i) rl, pg_temp.rnd('oy' || i) ry, pg_temp.rnd('oz' || i) rz
  FROM generate_series(1, 62000) i),
c AS (
  SELECT b.*, CASE WHEN b.rc < 0.58 THEN 'W' WHEN b.rc < 0.88 THEN 'S' ELSE 'T' END AS chan, mj.maxid
  FROM b JOIN mj ON mj.d = b.d),
m AS (
  SELECT c.*,
         CASE WHEN (c.chan = 'W' AND c.rw < 0.85) OR c.chan = 'T' OR (c.chan = 'S' AND c.rw < 0.45) THEN
              CASE WHEN m1.left_on IS NULL OR m1.left_on > c.d THEN m1.mbr_id
                   WHEN m2.left_on IS NULL OR m2.left_on > c.d THEN m2.mbr_id END END AS mbr_id
  FROM c
  JOIN club.member m1 ON m1.mbr_id = 1 + floor(c.rm * c.maxid)::int
  JOIN club.member m2 ON m2.mbr_id = 1 + floor(c.rn2 * c.maxid)::int),
t AS MATERIALIZED (
  SELECT m.*,
         m.d + CASE m.chan WHEN 'S' THEN interval '10 hours' + m.rt * interval '9 hours'
                           WHEN 'T' THEN interval '9 hours' + m.rt * interval '8 hours'
                           ELSE interval '7 hours' + m.rt * CASE WHEN m.d = date '2024-11-15' THEN interval '10 hours' ELSE interval '16 hours' END END
           AS ordered_at,
         CASE WHEN m.rx < 0.03 THEN 'cancelled'
              WHEN m.chan = 'S' THEN 'collected'
              WHEN m.d = date '2024-11-15' THEN CASE WHEN m.rs < 0.5 THEN 'placed' ELSE 'picking' END
              WHEN m.d = date '2024-11-14' THEN CASE WHEN m.rs < 0.3 THEN 'picking' ELSE 'dispatched' END
              WHEN m.d >= date '2024-11-11' THEN 'dispatched'
              ELSE 'delivered' END::club.ord_status AS st
  FROM m)
SELECT t.i AS ord_id, t.d, t.chan, t.mbr_id, t.ordered_at, t.st,
       CASE WHEN t.chan = 'W' AND t.mbr_id IS NOT NULL AND t.rg < 0.07 THEN
            CASE WHEN extract(month FROM t.d) = 12 THEN 'XMAS10' WHEN extract(month FROM t.d) IN (6, 7, 8) THEN 'SUMMER10'
                 ELSE 'CLUB10' END END AS promo_cd,
       CASE WHEN t.st = 'cancelled' THEN NULL
            WHEN t.chan = 'W' THEN t.ordered_at + interval '2 minutes'
            WHEN t.chan = 'S' THEN t.ordered_at
            WHEN t.ry < 0.04 AND t.d < date '2024-09-16' THEN NULL
            WHEN t.ordered_at + (3 + floor(t.ry * 40)::int) * interval '1 day' + interval '2 hours' > timestamp '2024-11-15 19:00' THEN NULL
            ELSE t.ordered_at + (3 + floor(t.ry * 40)::int) * interval '1 day' + interval '2 hours' END AS paid_at,
       CASE WHEN t.st IN ('dispatched', 'delivered') THEN t.d + 1 + interval '7 hours 30 minutes' + t.rl * interval '3 hours' END AS disp_at,
       CASE WHEN t.st = 'delivered'
            THEN t.d + 2 + floor(t.rp * 2)::int + interval '9 hours' + t.rl * interval '8 hours' END AS dlv_at,
       CASE t.chan WHEN 'S' THEN 1 + floor(t.rz * 3)::int
                   WHEN 'W' THEN 1 + floor(power(t.rz, 1.5) * 6)::int
                   ELSE 2 + floor(t.rz * 6)::int END AS nl
FROM t;

CREATE TEMP TABLE ol_gen AS
WITH c AS (
  SELECT o.ord_id, o.d, o.chan, o.mbr_id, o.promo_cd, g.j,
         pg_temp.rnd('la' || o.ord_id || '-' || g.j) ra, pg_temp.rnd('lq' || o.ord_id || '-' || g.j) rq,
         pg_temp.rnd('lz' || o.ord_id || '-' || g.j) rz
  FROM o_gen o CROSS JOIN LATERAL generate_series(1, o.nl) AS g(j)),
p AS (
  SELECT c.*, l.lot_id, l.vint_id
  FROM c JOIN dpl_d dd ON dd.d = c.d
  JOIN dpl l ON l.rn = dd.maxrn - floor(c.ra * c.ra * least(dd.maxrn, 700))::int),
u AS (SELECT DISTINCT ON (ord_id, vint_id) * FROM p ORDER BY ord_id, vint_id, j)
SELECT u.ord_id, row_number() OVER (PARTITION BY u.ord_id ORDER BY u.j)::smallint AS ln, u.vint_id, u.lot_id,
       CASE WHEN u.chan = 'S' THEN CASE WHEN u.rq < 0.7 THEN 1 WHEN u.rq < 0.9 THEN 2 ELSE 6 END
            ELSE CASE WHEN u.rq < 0.45 THEN 1 + floor(u.rz * 3)::int WHEN u.rq < 0.85 THEN 6 ELSE 12 END END AS qty,
       v.list_px AS unit_px,
       (CASE th.tier WHEN 'cellar' THEN 5 WHEN 'reserve' THEN 10 WHEN 'grand_cru' THEN 15 ELSE 0 END
        + CASE WHEN u.promo_cd IS NOT NULL THEN 10 ELSE 0 END)::numeric AS disc_pct,
       CASE WHEN u.d < date '2023-08-01' THEN CASE w.colour_cd WHEN 'S' THEN 2.86 WHEN 'F' THEN 2.97 ELSE 2.23 END
            ELSE CASE w.colour_cd WHEN 'F' THEN 4.31 ELSE 2.67 END END AS duty_btl
FROM u
JOIN cat.vintage v ON v.vint_id = u.vint_id
JOIN cat.wine w ON w.wine_id = v.wine_id
LEFT JOIN club.tier_hist th ON th.mbr_id = u.mbr_id AND th.valid_from <= u.d AND (th.valid_to IS NULL OR th.valid_to > u.d);

CREATE TEMP TABLE ot AS
SELECT ord_id, sum(round(qty * unit_px * (1 - disc_pct / 100), 2)) AS net, sum(qty * duty_btl) AS duty
FROM ol_gen GROUP BY ord_id;

INSERT INTO club.sales_order (ord_id, ord_no, mbr_id, chan_cd, ordered_at, ord_st, net_amt, duty_amt, ship_amt, vat_amt,
                              promo_cd, paid_at, disp_at, dlv_at, trk_no)
SELECT o.ord_id, o.chan || to_char(o.d, 'YY') || '-' || lpad(o.ord_id::text, 6, '0'), o.mbr_id, o.chan, o.ordered_at, o.st,
       t.net, t.duty, s.ship, round(0.2 * (t.net + t.duty + s.ship), 2),
       o.promo_cd, o.paid_at, o.disp_at, o.dlv_at,
       CASE WHEN o.disp_at IS NOT NULL THEN '15501' || lpad(((o.ord_id::bigint * 7919) % 10000000000)::text, 10, '0') END
FROM o_gen o JOIN ot t ON t.ord_id = o.ord_id
CROSS JOIN LATERAL (SELECT CASE WHEN o.chan = 'S' OR t.net >= 150 THEN 0 WHEN o.chan = 'W' THEN 7.95 ELSE 9.95 END AS ship) s
ORDER BY o.ord_id;

INSERT INTO club.order_line (ord_id, ln, vint_id, lot_id, qty, unit_px, disc_pct, duty_btl)
SELECT ord_id, ln, vint_id, lot_id, qty, unit_px, disc_pct, duty_btl FROM ol_gen ORDER BY ord_id, ln;

-- returns: ~1.8 % of delivered lines, a few shop returns of faulty bottles
INSERT INTO club.rtn (rtn_id, ord_id, ln, qty, rsn_cd, raised_on, rtn_st, refund_amt, refunded_on)
SELECT row_number() OVER (ORDER BY y.raised_on, y.ord_id, y.ln), y.ord_id, y.ln, y.rq, y.rsn, y.raised_on, y.st,
       CASE WHEN y.st = 'A' THEN round(y.rq * (y.unit_px * (1 - y.disc_pct / 100) + y.duty_btl) * 1.2, 2) END,
       CASE WHEN y.st = 'A' AND y.f >= 0.05 AND y.raised_on + 3 + floor(y.g * 12)::int <= date '2024-11-15'
            THEN y.raised_on + 3 + floor(y.g * 12)::int END
FROM (
  SELECT x.*,
         CASE WHEN x.raised_on > date '2024-11-05' THEN 'O'
              WHEN x.rsn = 'CHM' THEN CASE WHEN x.e < 0.4 THEN 'R' ELSE 'A' END
              WHEN x.e < 0.07 THEN 'R' ELSE 'A' END AS st
  FROM (
    SELECT l.ord_id, l.ln, l.unit_px, l.disc_pct, l.duty_btl,
           least(l.qty, 1 + floor(r.c * r.c * l.qty)::int) AS rq,
           CASE WHEN o.chan_cd = 'S' THEN CASE WHEN r.d < 0.7 THEN 'CRK' ELSE 'CHM' END
                WHEN r.d < 0.30 THEN 'CRK' WHEN r.d < 0.55 THEN 'DMG' WHEN r.d < 0.65 THEN 'WRG'
                WHEN r.d < 0.85 THEN 'CHM' ELSE 'LTE' END AS rsn,
           coalesce(o.dlv_at, o.ordered_at)::date + 1 + floor(r.b * 20)::int AS raised_on,
           r.e, r.f, r.g
    FROM club.order_line l JOIN club.sales_order o ON o.ord_id = l.ord_id
    CROSS JOIN LATERAL (SELECT pg_temp.rnd('ra' || l.ord_id || '-' || l.ln) a, pg_temp.rnd('rb' || l.ord_id || '-' || l.ln) b,
                               pg_temp.rnd('rc' || l.ord_id || '-' || l.ln) c, pg_temp.rnd('rd' || l.ord_id || '-' || l.ln) d,
                               pg_temp.rnd('re' || l.ord_id || '-' || l.ln) e, pg_temp.rnd('rf' || l.ord_id || '-' || l.ln) f,
                               pg_temp.rnd('rg' || l.ord_id || '-' || l.ln) g) r
    WHERE (o.ord_st = 'delivered' AND r.a < 0.018) OR (o.ord_st = 'collected' AND r.a < 0.006)
  ) x
  WHERE x.raised_on <= date '2024-11-15'
) y
ORDER BY 1;

-- =====================================================================
--  Data: en primeur, members' cellar
-- =====================================================================
CREATE TEMP TABLE epv AS
SELECT v.vint_id, v.vint_yr, v.list_px,
       row_number() OVER (PARTITION BY v.vint_yr ORDER BY v.vint_id) AS rn, count(*) OVER (PARTITION BY v.vint_yr) AS cnt,
       pg_temp.rnd('ea' || v.vint_id) AS pop
FROM cat.vintage v JOIN w_gen w ON w.wine_id = v.wine_id
WHERE w.ep_app AND w.k <= 2 AND v.vint_yr BETWEEN 2019 AND 2023;

CREATE TEMP TABLE ep_gen AS
WITH b AS (
  SELECT i, CASE WHEN i <= 1000 THEN 2019 WHEN i <= 2400 THEN 2020 WHEN i <= 3500 THEN 2021 WHEN i <= 5300 THEN 2022 ELSE 2023 END AS cy,
         pg_temp.rnd('eb' || i) rb, pg_temp.rnd('ec' || i) rc, pg_temp.rnd('ed' || i) rd, pg_temp.rnd('ee' || i) re,
         pg_temp.rnd('ef' || i) rf, pg_temp.rnd('eg' || i) rg, pg_temp.rnd('eh' || i) rh, pg_temp.rnd('ei' || i) ri,
         pg_temp.rnd('ej' || i) rj, pg_temp.rnd('ek' || i) rk, pg_temp.rnd('el' || i) rl
  FROM generate_series(1, 7000) i),
d AS (
  SELECT b.*, make_date(b.cy + 1, 4, 15) + floor(b.rb * 76)::int AS d FROM b),
p AS (
  SELECT d.*, e.vint_id, e.list_px, e.pop, mj.maxid,
         (SELECT m.mbr_id
          FROM unnest(ARRAY[1 + floor(d.rc * mj.maxid)::int, 1 + floor(d.rd * mj.maxid)::int, 1 + floor(d.re * mj.maxid)::int])
               WITH ORDINALITY AS u(id, o)
          JOIN club.member m ON m.mbr_id = u.id
          JOIN club.tier_hist th ON th.mbr_id = m.mbr_id AND th.valid_from <= d.d AND (th.valid_to IS NULL OR th.valid_to > d.d)
          WHERE (m.left_on IS NULL OR m.left_on > d.d) AND th.tier >= 'cellar'
          ORDER BY u.o LIMIT 1) AS mbr_id
  FROM d
  JOIN mj ON mj.d = d.d
  JOIN (SELECT DISTINCT vint_yr, cnt FROM epv) ec ON ec.vint_yr = d.cy
  JOIN epv e ON e.vint_yr = d.cy AND e.rn = 1 + floor(d.rf * ec.cnt)::int)
SELECT p.*,
       CASE WHEN p.list_px >= 60 THEN 6 ELSE 12 END AS cs_sz,
       1 + floor(p.rg * p.rg * 4)::int AS qty_req,
       CASE WHEN p.rh < 0.06 THEN 'X'
            WHEN p.cy = 2023 AND p.rh < 0.16 THEN 'W'
            WHEN p.ri < 0.35 + 0.6 * p.pop THEN 'A'
            ELSE 'U' END AS st
FROM p WHERE p.mbr_id IS NOT NULL;

INSERT INTO club.ep_resv (resv_id, mbr_id, vint_id, campaign_yr, cs_sz, qty_req_cs, qty_alloc_cs, px_cs, resv_at, resv_st,
                          inv_amt, paid_on, dlv_on)
SELECT row_number() OVER (ORDER BY z.resv_at, z.i), z.mbr_id, z.vint_id, z.cy, z.cs_sz, z.qty_req, z.qa, z.px_cs, z.resv_at, z.st,
       CASE WHEN z.st = 'A' THEN z.qa * z.px_cs END,
       CASE WHEN z.st = 'A' AND NOT (z.cy = 2023 AND z.rk < 0.09) AND z.rk >= 0.005
            THEN make_date(z.cy + 1, 7, 15) + 5 + floor(z.rl * 40)::int END,
       CASE WHEN z.st = 'A' AND z.cy <= 2021 THEN make_date(z.cy + 3, 3, 1) + floor(z.rj * 120)::int END
FROM (SELECT g.*,
             CASE g.st WHEN 'A' THEN greatest(1, ceil(g.qty_req * (0.5 + 0.5 * g.rj)))::int WHEN 'U' THEN 0 END AS qa,
             round(g.list_px * 0.82 * g.cs_sz, 0) AS px_cs,
             g.d + interval '9 hours' + g.rk * interval '12 hours' AS resv_at
      FROM ep_gen g) z
ORDER BY 1;

-- members' cellar: delivered en-primeur allocations, in-bond purchases and transfers in
CREATE TEMP TABLE fv AS
SELECT v.vint_id, v.vint_yr, row_number() OVER (ORDER BY v.vint_id) AS rn, count(*) OVER () AS cnt
FROM cat.vintage v WHERE v.list_px >= 40 AND v.vint_yr IS NOT NULL;

CREATE TEMP TABLE ch_gen AS
SELECT 'EP' AS src, e.resv_id AS sk, e.mbr_id, e.vint_id, 'OCB' AS wh_cd, e.resv_id, e.qty_alloc_cs * e.cs_sz AS qty_btl,
       e.dlv_on AS stored_from, m.left_on,
       pg_temp.rnd('ha' || e.resv_id) ra, pg_temp.rnd('hb' || e.resv_id) rb, pg_temp.rnd('hc' || e.resv_id) rc
FROM club.ep_resv e JOIN club.member m ON m.mbr_id = e.mbr_id
WHERE e.dlv_on IS NOT NULL
UNION ALL
SELECT x.src, x.i, x.mbr_id, fv.vint_id, x.wh_cd, NULL, x.qty_btl, x.d, x.left_on, x.ra, x.rb, x.rc
FROM (
  SELECT i, CASE WHEN i <= 6000 THEN 'PUR' ELSE 'XFR' END AS src, b.d,
         CASE WHEN pg_temp.rnd('hw' || i) < 0.85 THEN 'OCB' ELSE 'LCB' END AS wh_cd,
         (ARRAY[6, 12, 12, 24, 36])[1 + floor(pg_temp.rnd('hq' || i) * 5)::int] AS qty_btl,
         m.mbr_id, m.left_on, pg_temp.rnd('hv' || i) AS rv,
         pg_temp.rnd('hx' || i) ra, pg_temp.rnd('hy' || i) rb, pg_temp.rnd('hz' || i) rc
  FROM generate_series(1, 6800) i
  CROSS JOIN LATERAL (SELECT date '2015-01-01' + floor(power(pg_temp.rnd('hd' || i), 0.8)
                                                       * (date '2024-11-15' - date '2015-01-01'))::int AS d) b
  JOIN mj ON mj.d = b.d
  JOIN club.member m ON m.mbr_id = 1 + floor(pg_temp.rnd('hm' || i) * mj.maxid)::int
  WHERE m.left_on IS NULL OR m.left_on > b.d
  OFFSET 0
) x
CROSS JOIN (SELECT count(*) AS cnt FROM fv) fc
JOIN fv ON fv.rn = 1 + floor(x.rv * fc.cnt)::int
WHERE fv.vint_yr <= extract(year FROM x.d) - 2;

CREATE TEMP TABLE ch2 AS
SELECT c.*,
       CASE WHEN c.left_on IS NOT NULL AND c.left_on > c.stored_from AND c.ra < 0.6 THEN c.left_on
            WHEN c.ra < CASE WHEN c.src = 'EP' THEN 0.1 ELSE 0.25 END
                 AND least(coalesce(c.left_on, date '2024-11-15'), date '2024-11-15') - c.stored_from > 60
                 THEN c.stored_from + 30 + floor(c.rb * (least(coalesce(c.left_on, date '2024-11-15'), date '2024-11-15') - c.stored_from - 30))::int
       END AS withdrawn_on,
       CASE WHEN th.tier = 'grand_cru' THEN 0 WHEN c.stored_from < date '2023-04-01' THEN 12.00 ELSE 13.20 END AS fee
FROM ch_gen c
LEFT JOIN club.tier_hist th ON th.mbr_id = c.mbr_id AND th.valid_from <= c.stored_from
                            AND (th.valid_to IS NULL OR th.valid_to > c.stored_from);

INSERT INTO club.cellar_holding (hold_id, mbr_id, vint_id, wh_cd, src_cd, resv_id, qty_btl, stored_from, withdrawn_on,
                                 fee_cs_yr, fees_paid_to)
SELECT row_number() OVER (ORDER BY c.stored_from, c.src, c.sk), c.mbr_id, c.vint_id, c.wh_cd, c.src, c.resv_id, c.qty_btl,
       c.stored_from, c.withdrawn_on, c.fee,
       CASE WHEN c.fee = 0 THEN NULL
            WHEN c.withdrawn_on IS NULL AND c.rc < 0.09 AND n.n >= 1 THEN (c.stored_from + n.n * interval '1 year')::date
            ELSE (c.stored_from + (n.n + 1) * interval '1 year')::date END
FROM ch2 c
CROSS JOIN LATERAL (SELECT extract(year FROM age(coalesce(c.withdrawn_on, date '2024-11-15'), c.stored_from))::int AS n) n
ORDER BY 1;

-- =====================================================================
--  Data: events and bookings
-- =====================================================================
CREATE TEMP TABLE ev_gen AS
SELECT i, x.d, r.t, r.n, r.h, r.c,
       CASE WHEN extract(month FROM x.d) = 5 AND extract(day FROM x.d) <= 6 THEN 'EPT'
            WHEN r.t < 0.40 THEN 'TST' WHEN r.t < 0.65 THEN 'MST' ELSE 'DIN' END AS typ
FROM generate_series(1, 240) i
CROSS JOIN LATERAL (SELECT date '2021-03-02' + floor((i - 1) * 1486 / 240.0)::int AS d0) d0
CROSS JOIN LATERAL (SELECT d0.d0 + CASE extract(dow FROM d0.d0) WHEN 0 THEN 2 WHEN 1 THEN 1 WHEN 5 THEN -1 WHEN 6 THEN 3 ELSE 0 END AS d) x
CROSS JOIN LATERAL (SELECT pg_temp.rnd('et' || i) t, pg_temp.rnd('en' || i) n, pg_temp.rnd('eh' || i) h, pg_temp.rnd('ec' || i) c) r;

INSERT INTO club.event (evt_id, evt_nm, evt_type, evt_at, venue_cd, cap, mbr_px, guest_px, evt_st, host_prod_id)
SELECT e.i,
       CASE e.typ
         WHEN 'EPT' THEN 'Bordeaux ' || (extract(year FROM e.d)::int - 1) || ' En Primeur Tasting'
         WHEN 'TST' THEN CASE WHEN extract(month FROM e.d) = 12 THEN 'Christmas Fine Wine Fair'
                              ELSE (ARRAY['Bordeaux','Burgundy','Rhône','Champagne','Italian','Spanish','New World','Loire',
                                          'German Riesling','Port and Fortified'])[1 + floor(e.n * 10)::int] || ' Tasting' END
         WHEN 'MST' THEN (ARRAY['Burgundy Grand Cru','Barolo','Vintage Champagne','Mature Claret','Rhône Syrah','Riesling',
                                'Napa Cabernet','Sauternes'])[1 + floor(e.n * 8)::int] || ' Masterclass'
         ELSE 'Winemaker Dinner with ' || p.prod_nm END,
       e.typ,
       e.d + CASE e.typ WHEN 'DIN' THEN interval '19 hours 30 minutes' WHEN 'MST' THEN interval '18 hours 30 minutes'
                        ELSE interval '18 hours' END,
       CASE e.typ WHEN 'DIN' THEN CASE WHEN e.h < 0.6 THEN 'EXT' ELSE 'VLT' END WHEN 'MST' THEN 'MRY' ELSE 'VLT' END,
       CASE e.typ WHEN 'TST' THEN 120 WHEN 'MST' THEN 20 WHEN 'DIN' THEN 32 ELSE 90 END,
       round(CASE e.typ WHEN 'TST' THEN 25 WHEN 'MST' THEN 45 WHEN 'DIN' THEN 115 ELSE 0 END
             * (1 + 0.05 * (extract(year FROM e.d) - 2021))::numeric, 0),
       round(CASE e.typ WHEN 'TST' THEN 35 WHEN 'MST' THEN 60 WHEN 'DIN' THEN 140 ELSE 30 END
             * (1 + 0.05 * (extract(year FROM e.d) - 2021))::numeric, 0),
       CASE WHEN e.i IN (37, 101, 163, 229) THEN 'C' ELSE 'S' END,
       CASE WHEN e.typ = 'DIN' THEN p.prod_id END
FROM ev_gen e
LEFT JOIN cat.producer p ON p.prod_id = 1 + floor(e.h * 324)::int
ORDER BY e.i;

CREATE TEMP TABLE bk_gen AS
WITH c AS (
  SELECT e.evt_id, e.evt_at, e.cap, e.mbr_px, e.guest_px, e.evt_st, g.j,
         0.55 + 0.5 * pg_temp.rnd('bf' || e.evt_id) AS fill,
         pg_temp.rnd('bs' || e.evt_id || '-' || g.j) rs, pg_temp.rnd('bk' || e.evt_id || '-' || g.j) rk,
         pg_temp.rnd('bh' || e.evt_id || '-' || g.j) rh, pg_temp.rnd('bm' || e.evt_id || '-' || g.j) rm,
         pg_temp.rnd('bn' || e.evt_id || '-' || g.j) rn, pg_temp.rnd('bx' || e.evt_id || '-' || g.j) rx,
         pg_temp.rnd('by' || e.evt_id || '-' || g.j) ry, pg_temp.rnd('bz' || e.evt_id || '-' || g.j) rz
  FROM club.event e CROSS JOIN LATERAL generate_series(1, e.cap) AS g(j)),
b AS (
  SELECT c.*, 1 + (c.rs < 0.45)::int + (c.rs < 0.10)::int AS seats,
         c.evt_at - (1 + floor(c.rk * 59)::int) * interval '1 day' - floor(c.rh * 600) * interval '1 minute' AS booked_at
  FROM c),
f AS (
  SELECT b.*, sum(b.seats) OVER (PARTITION BY b.evt_id ORDER BY b.j) AS run
  FROM b WHERE b.booked_at <= timestamp '2024-11-15 17:00'),
m AS (
  SELECT f.*,
         CASE WHEN m1.left_on IS NULL OR m1.left_on > f.booked_at::date THEN m1.mbr_id
              WHEN m2.left_on IS NULL OR m2.left_on > f.booked_at::date THEN m2.mbr_id END AS mbr_id
  FROM f
  JOIN mj ON mj.d = f.booked_at::date
  JOIN club.member m1 ON m1.mbr_id = 1 + floor(f.rm * mj.maxid)::int
  JOIN club.member m2 ON m2.mbr_id = 1 + floor(f.rn * mj.maxid)::int
  WHERE f.run <= f.cap * least(1.0, f.fill))
SELECT m.*,
       CASE WHEN m.evt_st = 'C' THEN 'X'
            WHEN m.evt_at < timestamp '2024-11-15 17:00' THEN CASE WHEN m.rx < 0.07 THEN 'X' WHEN m.rx < 0.13 THEN 'N' ELSE 'A' END
            ELSE CASE WHEN m.rx < 0.06 THEN 'X' ELSE 'B' END END AS st,
       m.mbr_px + m.guest_px * (m.seats - 1) AS amt
FROM m WHERE m.mbr_id IS NOT NULL;

INSERT INTO club.event_booking (bkg_id, evt_id, mbr_id, seats, booked_at, bk_st, amt_paid, rfd_on)
SELECT row_number() OVER (ORDER BY b.booked_at, b.evt_id, b.j), b.evt_id, b.mbr_id, b.seats, b.booked_at, b.st, b.amt,
       CASE WHEN b.st <> 'X' OR b.amt = 0 THEN NULL
            WHEN b.evt_st = 'C' THEN least(greatest(b.booked_at::date + 1, b.evt_at::date - 10), date '2024-11-15')
            WHEN b.ry < 0.7 THEN b.booked_at::date + 1
                 + floor(b.rz * greatest(0, least(b.evt_at::date, date '2024-11-15') - b.booked_at::date - 1))::int END
FROM bk_gen b
ORDER BY 1;

-- =====================================================================
--  Sequences, indexes, views
-- =====================================================================
SELECT setval('cat.producer_prod_id_seq', (SELECT max(prod_id) FROM cat.producer));
SELECT setval('cat.wine_wine_id_seq', (SELECT max(wine_id) FROM cat.wine));
SELECT setval('cat.vintage_vint_id_seq', (SELECT max(vint_id) FROM cat.vintage));
SELECT setval('inv.supplier_supp_id_seq', (SELECT max(supp_id) FROM inv.supplier));
SELECT setval('inv.purchase_order_po_id_seq', (SELECT max(po_id) FROM inv.purchase_order));
SELECT setval('inv.stock_lot_lot_id_seq', (SELECT max(lot_id) FROM inv.stock_lot));
SELECT setval('club.member_mbr_id_seq', (SELECT max(mbr_id) FROM club.member));
SELECT setval('club.subscription_sub_id_seq', (SELECT max(sub_id) FROM club.subscription));
SELECT setval('club.sales_order_ord_id_seq', (SELECT max(ord_id) FROM club.sales_order));
SELECT setval('club.rtn_rtn_id_seq', (SELECT max(rtn_id) FROM club.rtn));
SELECT setval('club.ep_resv_resv_id_seq', (SELECT max(resv_id) FROM club.ep_resv));
SELECT setval('club.cellar_holding_hold_id_seq', (SELECT max(hold_id) FROM club.cellar_holding));
SELECT setval('club.event_evt_id_seq', (SELECT max(evt_id) FROM club.event));
SELECT setval('club.event_booking_bkg_id_seq', (SELECT max(bkg_id) FROM club.event_booking));

CREATE INDEX idx_wine_prod          ON cat.wine (prod_id);
CREATE INDEX idx_po_supp            ON inv.purchase_order (supp_id, raised_on);
CREATE INDEX idx_poline_vint        ON inv.po_line (vint_id);
CREATE INDEX idx_lot_vint           ON inv.stock_lot (vint_id);
CREATE UNIQUE INDEX uq_member_email ON club.member (lower(email));
CREATE INDEX idx_member_lastnm      ON club.member (last_nm, first_nm);
CREATE INDEX idx_member_dob         ON club.member (dob);
CREATE INDEX idx_sub_mbr            ON club.subscription (mbr_id);
CREATE INDEX idx_subcase_sub        ON club.sub_case (sub_id);
CREATE INDEX idx_order_mbr          ON club.sales_order (mbr_id);
CREATE INDEX idx_order_time         ON club.sales_order (ordered_at);
CREATE INDEX idx_oline_vint         ON club.order_line (vint_id);
CREATE INDEX idx_rtn_ord            ON club.rtn (ord_id, ln);
CREATE INDEX idx_epresv_mbr         ON club.ep_resv (mbr_id);
CREATE INDEX idx_epresv_vint        ON club.ep_resv (vint_id);
CREATE INDEX idx_cellar_mbr         ON club.cellar_holding (mbr_id);
CREATE INDEX idx_booking_evt        ON club.event_booking (evt_id);
CREATE INDEX idx_booking_mbr        ON club.event_booking (mbr_id);

CREATE VIEW club.v_current_members AS
SELECT m.mbr_id, m.mbr_no, m.title, m.first_nm, m.last_nm, m.email, m.joined_on,
       th.tier, th.valid_from AS tier_since, th.annual_fee
FROM club.member m
JOIN club.tier_hist th ON th.mbr_id = m.mbr_id AND th.valid_to IS NULL
WHERE m.left_on IS NULL;
COMMENT ON VIEW club.v_current_members IS 'Current members (left_on NULL) with their current tier, the date they moved to it and its annual fee';

CREATE MATERIALIZED VIEW inv.mv_stock_pos AS
SELECT l.vint_id,
       p.prod_nm || ' ' || w.wine_nm || ' ' || coalesce(v.vint_yr::text, 'NV') AS wine_label,
       l.bond_st,
       sum(l.btl_oh)::int AS btl_oh,
       sum(l.btl_rsv)::int AS btl_rsv,
       sum(l.btl_oh - l.btl_rsv)::int AS btl_avail,
       count(*)::int AS lots
FROM inv.stock_lot l
JOIN cat.vintage v ON v.vint_id = l.vint_id
JOIN cat.wine w ON w.wine_id = v.wine_id
JOIN cat.producer p ON p.prod_id = w.prod_id
WHERE l.lot_st = 'A'
GROUP BY l.vint_id, p.prod_nm, w.wine_nm, v.vint_yr, l.bond_st;
CREATE UNIQUE INDEX uq_mv_stock_pos ON inv.mv_stock_pos (vint_id, bond_st);
COMMENT ON MATERIALIZED VIEW inv.mv_stock_pos IS 'Saleable stock position (available lots only, lot_st = A) per vintage and duty status; refreshed nightly at 02:00';

DROP FUNCTION pg_temp.rnd(text);
VACUUM;
ANALYZE;

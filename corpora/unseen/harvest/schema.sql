-- =====================================================================
--  Fenland Grain Growers Co-operative Ltd — "GrainTrack" database
--  Marketing and storage co-operative for combinable crops, three intake
--  sites in the Fens (Chatteris, March, Holbeach).
--  Data snapshot taken at close of business Friday 20 September 2024.
--  Season = harvest year (season 2024 = crops harvested summer 2024).
-- =====================================================================
SET client_min_messages = warning;

CREATE SCHEMA members;
CREATE SCHEMA agronomy;
CREATE SCHEMA intake;
CREATE SCHEMA finance;
CREATE SCHEMA assets;

COMMENT ON SCHEMA members  IS 'Member farm businesses, membership history and their fields';
COMMENT ON SCHEMA agronomy IS 'Crops, plantings per field and season, agronomist inspections, spray records';
COMMENT ON SCHEMA intake   IS 'Intake sites, storage bins, weighbridge tickets and bin stock movements';
COMMENT ON SCHEMA finance  IS 'Price contracts, payments to members and payment deductions';
COMMENT ON SCHEMA assets   IS 'Co-op owned equipment (sprayers, combines, dryers, loaders) and maintenance jobs';

-- deterministic pseudo-random helpers (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- UK style vehicle registration (AB19 CDE)
CREATE FUNCTION pg_temp.vreg(k text) RETURNS text
LANGUAGE sql IMMUTABLE AS
$$ SELECT chr(65 + floor(pg_temp.rnd(k||'a')*23)::int) || chr(65 + floor(pg_temp.rnd(k||'b')*25)::int)
       || (ARRAY['14','64','15','65','16','66','17','67','18','68','19','69','20','70','21','71','22','72','23','73','24','12','62','09'])
          [1 + floor(pg_temp.rnd(k||'c')*24)::int]
       || ' ' || chr(65 + floor(pg_temp.rnd(k||'d')*25)::int) || chr(65 + floor(pg_temp.rnd(k||'e')*25)::int)
       || chr(65 + floor(pg_temp.rnd(k||'f')*25)::int) $$;

-- =====================================================================
--  DDL
-- =====================================================================
CREATE TYPE members.soil_type AS ENUM
  ('heavy_clay','clay_loam','silty_clay_loam','silt_loam','sandy_loam','loamy_sand','peat','chalk');
COMMENT ON TYPE members.soil_type IS 'Dominant soil texture of a field (peat = black fen soil)';

CREATE TYPE finance.contract_kind AS ENUM ('spot','fixed_forward','pool','min_price');
COMMENT ON TYPE finance.contract_kind IS 'spot = priced on the day of delivery; fixed_forward = price fixed before delivery; pool = paid the average price the co-op achieves for the season; min_price = pool with a guaranteed floor price';

-- intake sites first (members reference their default site) -----------
CREATE TABLE intake.site (
    site_cd     char(3) PRIMARY KEY,
    site_nm     varchar(60) NOT NULL,
    town        varchar(40) NOT NULL,
    store_cap_t integer NOT NULL,
    has_dryer   boolean NOT NULL DEFAULT true,
    dryer_tph   numeric(5,1)
);
COMMENT ON TABLE  intake.site IS 'Co-op grain stores with a weighbridge and intake pit';
COMMENT ON COLUMN intake.site.site_cd IS 'CHT = Chatteris Grain Store, MRC = March Depot, HOL = Holbeach Store';
COMMENT ON COLUMN intake.site.store_cap_t IS 'Total storage capacity of the site, tonnes';
COMMENT ON COLUMN intake.site.dryer_tph IS 'Grain dryer throughput, tonnes per hour at 5 points of moisture removal';

CREATE TABLE agronomy.crop (
    crop_cd   char(3) PRIMARY KEY,
    crop_nm   varchar(40) NOT NULL,
    sow_ssn   char(1) NOT NULL,
    std_moist numeric(4,1) NOT NULL,
    levy_t    numeric(5,3) NOT NULL
);
COMMENT ON TABLE  agronomy.crop IS 'Combinable crops handled by the co-op';
COMMENT ON COLUMN agronomy.crop.sow_ssn IS 'W = autumn-sown (winter) crop, S = spring-sown crop';
COMMENT ON COLUMN agronomy.crop.std_moist IS 'Standard (base) moisture % for payment; wetter loads are dried and the weight lost is deducted';
COMMENT ON COLUMN agronomy.crop.levy_t IS 'AHDB statutory levy in GBP per tonne, deducted at final settlement';

-- members --------------------------------------------------------------
CREATE TABLE members.member (
    mbr_id      serial PRIMARY KEY,
    mbr_no      varchar(6) NOT NULL UNIQUE,
    bus_name    varchar(80) NOT NULL,
    holding_nm  varchar(60) NOT NULL,
    principal   varchar(60) NOT NULL,
    parish      varchar(40),
    county      varchar(20),
    postcode    varchar(8),
    phone       varchar(15),
    email       varchar(100),
    cph_no      varchar(11),
    mbr_cat     char(1) NOT NULL DEFAULT 'F',
    share_units integer NOT NULL DEFAULT 0,
    dflt_site   char(3) NOT NULL REFERENCES intake.site,
    rt_cert_no  varchar(10),
    rt_expiry   date,
    vat_reg     varchar(12),
    joined_on   date NOT NULL,
    left_on     date
);
COMMENT ON TABLE  members.member IS 'Member farm businesses (one row per business, current values)';
COMMENT ON COLUMN members.member.mbr_no IS 'Membership number printed on tickets and statements';
COMMENT ON COLUMN members.member.bus_name IS 'Trading name of the farm business';
COMMENT ON COLUMN members.member.holding_nm IS 'Name of the main farm holding';
COMMENT ON COLUMN members.member.principal IS 'Partner / director we deal with';
COMMENT ON COLUMN members.member.cph_no IS 'County Parish Holding number (RPA)';
COMMENT ON COLUMN members.member.mbr_cat IS 'Membership category: F = full member (holds shares, votes at the AGM), A = associate member (grain marketing only, no shares or vote)';
COMMENT ON COLUMN members.member.share_units IS 'Co-op share units held (GBP 1 each); 0 for associates';
COMMENT ON COLUMN members.member.dflt_site IS 'Intake site the member normally delivers to';
COMMENT ON COLUMN members.member.rt_cert_no IS 'Red Tractor farm assurance certificate number; NULL = farm is not assured';
COMMENT ON COLUMN members.member.rt_expiry IS 'Expiry of the Red Tractor certificate; advances are held while it is lapsed';
COMMENT ON COLUMN members.member.left_on IS 'Date the member resigned / left the co-op; NULL = current member';

CREATE TABLE members.membership_hist (
    hist_id     serial PRIMARY KEY,
    mbr_id      integer NOT NULL REFERENCES members.member,
    mbr_cat     char(1) NOT NULL,
    share_units integer NOT NULL,
    valid_from  date NOT NULL,
    valid_to    date,
    chg_rsn     varchar(60),
    chg_by      varchar(20)
);
COMMENT ON TABLE  members.membership_hist IS 'History of membership category and shareholding (one row per version)';
COMMENT ON COLUMN members.membership_hist.mbr_cat IS 'F = full member, A = associate member (see members.member.mbr_cat)';
COMMENT ON COLUMN members.membership_hist.valid_from IS 'First day this version applies';
COMMENT ON COLUMN members.membership_hist.valid_to IS 'Day the version stopped applying (exclusive: the next version starts that day, or the member left); NULL = current version';

CREATE TABLE members.field (
    fld_id     serial PRIMARY KEY,
    mbr_id     integer NOT NULL REFERENCES members.member,
    fld_name   varchar(40) NOT NULL,
    rpa_ref    varchar(12),
    area_ha    numeric(7,2) NOT NULL,
    soil       members.soil_type NOT NULL,
    nvz        boolean NOT NULL DEFAULT false,
    retired_on date
);
COMMENT ON TABLE  members.field IS 'Fields farmed by members (only fields that grow combinable crops for the co-op)';
COMMENT ON COLUMN members.field.rpa_ref IS 'Rural Payments Agency land parcel reference (OS sheet + parcel)';
COMMENT ON COLUMN members.field.area_ha IS 'Cropped area of the field in hectares';
COMMENT ON COLUMN members.field.nvz IS 'Field lies in a Nitrate Vulnerable Zone';
COMMENT ON COLUMN members.field.retired_on IS 'Date the field stopped being farmed by the member (sold, let, member left); NULL = still in use';

-- agronomy -------------------------------------------------------------
CREATE TABLE agronomy.agronomist (
    agr_id   smallint PRIMARY KEY,
    full_nm  varchar(60) NOT NULL,
    basis_no varchar(10),
    facts_no varchar(10),
    patch    varchar(40),
    active   boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  agronomy.agronomist IS 'Co-op agronomists who walk members'' crops';
COMMENT ON COLUMN agronomy.agronomist.basis_no IS 'BASIS registration number (qualified to recommend pesticides)';
COMMENT ON COLUMN agronomy.agronomist.facts_no IS 'FACTS number (qualified to advise on fertiliser)';

CREATE TABLE agronomy.planting (
    plant_id     serial PRIMARY KEY,
    fld_id       integer NOT NULL REFERENCES members.field,
    season       smallint NOT NULL,
    crop_cd      char(3) NOT NULL REFERENCES agronomy.crop,
    variety      varchar(30),
    area_ha      numeric(7,2) NOT NULL,
    drilled_on   date,
    seed_kg_ha   numeric(5,1),
    est_yld_t_ha numeric(4,2),
    harvested_on date
);
COMMENT ON TABLE  agronomy.planting IS 'Crop grown on a field for a season (harvest year)';
COMMENT ON COLUMN agronomy.planting.season IS 'Harvest year; winter crops for season N are drilled in autumn N-1';
COMMENT ON COLUMN agronomy.planting.area_ha IS 'Hectares drilled (can be less than the field area)';
COMMENT ON COLUMN agronomy.planting.seed_kg_ha IS 'Seed rate, kg per hectare';
COMMENT ON COLUMN agronomy.planting.est_yld_t_ha IS 'Agronomist''s pre-harvest yield estimate, tonnes per hectare';
COMMENT ON COLUMN agronomy.planting.harvested_on IS 'Date combining finished; NULL = not harvested yet';

CREATE TABLE agronomy.product (
    prod_id     smallint PRIMARY KEY,
    prod_nm     varchar(40) NOT NULL UNIQUE,
    prod_cls    char(1) NOT NULL,
    mapp_no     integer,
    active_ingr varchar(80),
    unit        varchar(2) NOT NULL,
    max_dose    numeric(6,3),
    cost_unit   numeric(8,2)
);
COMMENT ON TABLE  agronomy.product IS 'Crop protection products sold and applied through the co-op';
COMMENT ON COLUMN agronomy.product.prod_cls IS 'H = herbicide, F = fungicide, I = insecticide, P = plant growth regulator, M = molluscicide (slug pellets), D = desiccant / pre-harvest';
COMMENT ON COLUMN agronomy.product.mapp_no IS 'HSE MAPP registration number';
COMMENT ON COLUMN agronomy.product.unit IS 'L = litres, KG = kilograms';
COMMENT ON COLUMN agronomy.product.max_dose IS 'Maximum individual dose per hectare on the label, in unit';
COMMENT ON COLUMN agronomy.product.cost_unit IS 'Co-op list price per unit, GBP';

CREATE TABLE agronomy.spray_rec (
    spray_id    serial PRIMARY KEY,
    plant_id    integer NOT NULL REFERENCES agronomy.planting,
    fld_id      integer NOT NULL,
    prod_id     smallint NOT NULL REFERENCES agronomy.product,
    applied_on  date NOT NULL,
    dose_ha     numeric(6,3) NOT NULL,
    area_ha     numeric(7,2) NOT NULL,
    water_l_ha  smallint,
    eqp_id      integer,
    operator_nm varchar(40),
    gs          smallint,
    wind_kph    smallint
);
COMMENT ON TABLE  agronomy.spray_rec IS 'Chemical application records (statutory spray records)';
COMMENT ON COLUMN agronomy.spray_rec.fld_id IS 'Field sprayed (copy of planting.fld_id, not enforced)';
COMMENT ON COLUMN agronomy.spray_rec.dose_ha IS 'Dose applied per hectare, in the product unit (L or kg)';
COMMENT ON COLUMN agronomy.spray_rec.area_ha IS 'Hectares treated';
COMMENT ON COLUMN agronomy.spray_rec.water_l_ha IS 'Water volume, litres per hectare';
COMMENT ON COLUMN agronomy.spray_rec.eqp_id IS 'Co-op sprayer used (contract spraying service); NULL = member''s own sprayer';
COMMENT ON COLUMN agronomy.spray_rec.gs IS 'Crop growth stage (Zadoks / BBCH) at application';
COMMENT ON COLUMN agronomy.spray_rec.wind_kph IS 'Wind speed at application, km/h';

CREATE TABLE agronomy.inspection (
    insp_id      serial PRIMARY KEY,
    plant_id     integer NOT NULL REFERENCES agronomy.planting,
    agr_id       smallint NOT NULL REFERENCES agronomy.agronomist,
    insp_on      date NOT NULL,
    findings     jsonb NOT NULL,
    advice       text,
    follow_up_by date
);
COMMENT ON TABLE  agronomy.inspection IS 'Crop walking visits by co-op agronomists';
COMMENT ON COLUMN agronomy.inspection.findings IS 'Field notes as JSON: gs (growth stage), crop_cond (good/fair/poor), blackgrass_m2 (plants per m2), broadleaf (none/low/moderate/high), disease (object of % leaf area affected, e.g. septoria_pct, yellow_rust_pct, light_leaf_spot_pct, chocolate_spot_pct), pests (array of pest names)';
COMMENT ON COLUMN agronomy.inspection.follow_up_by IS 'Revisit due by this date; NULL = no follow-up needed';

-- intake ---------------------------------------------------------------
CREATE TABLE intake.silo (
    silo_id  smallint PRIMARY KEY,
    site_cd  char(3) NOT NULL REFERENCES intake.site,
    bin_cd   varchar(4) NOT NULL,
    bin_kind char(1) NOT NULL,
    cap_t    integer NOT NULL,
    crop_cd  char(3) REFERENCES agronomy.crop,
    aerated  boolean NOT NULL DEFAULT true,
    UNIQUE (site_cd, bin_cd)
);
COMMENT ON TABLE  intake.silo IS 'Storage bins at the intake sites';
COMMENT ON COLUMN intake.silo.bin_kind IS 'S = steel silo bin, F = flat-store bay';
COMMENT ON COLUMN intake.silo.cap_t IS 'Capacity in tonnes';
COMMENT ON COLUMN intake.silo.crop_cd IS 'Crop the bin is allocated to; NULL = empty / not allocated';

CREATE TABLE intake.ticket (
    tkt_id      bigserial PRIMARY KEY,
    tkt_no      varchar(12) NOT NULL UNIQUE,
    site_cd     char(3) NOT NULL REFERENCES intake.site,
    mbr_id      integer NOT NULL REFERENCES members.member,
    plant_id    integer REFERENCES agronomy.planting,
    crop_cd     char(3) NOT NULL REFERENCES agronomy.crop,
    season      smallint NOT NULL,
    vehicle_reg varchar(9),
    haulier     varchar(40),
    wb_in_at    timestamp NOT NULL,
    wb_out_at   timestamp,
    gross_kg    integer NOT NULL,
    tare_kg     integer,
    moist_pct   numeric(4,1),
    admix_pct   numeric(4,1),
    sw_kghl     numeric(4,1),
    hfn         smallint,
    prot_pct    numeric(4,1),
    oil_pct     numeric(4,1),
    grade_cd    char(3),
    status_cd   char(1) NOT NULL DEFAULT 'H',
    rej_rsn     varchar(40),
    silo_id     smallint REFERENCES intake.silo,
    dockage_kg  integer,
    contract_id integer,
    clerk       varchar(3),
    exported_at timestamp
);
COMMENT ON TABLE  intake.ticket IS 'Weighbridge tickets: one per load delivered by a member';
COMMENT ON COLUMN intake.ticket.plant_id IS 'Planting (field + season) the load came from; NULL = delivered out of the member''s farm store, field not recorded';
COMMENT ON COLUMN intake.ticket.season IS 'Harvest year the grain belongs to (store loads delivered in winter keep their harvest year)';
COMMENT ON COLUMN intake.ticket.haulier IS 'Haulage firm that brought the load; NULL = member''s own tractor and trailer';
COMMENT ON COLUMN intake.ticket.wb_in_at IS 'First (gross) weighing, loaded vehicle';
COMMENT ON COLUMN intake.ticket.wb_out_at IS 'Second (tare) weighing, empty vehicle; NULL = vehicle still on site';
COMMENT ON COLUMN intake.ticket.gross_kg IS 'Loaded vehicle weight, kg';
COMMENT ON COLUMN intake.ticket.tare_kg IS 'Empty vehicle weight, kg (net load = gross_kg - tare_kg); NULL = not weighed out yet';
COMMENT ON COLUMN intake.ticket.moist_pct IS 'Moisture content % from the intake sample';
COMMENT ON COLUMN intake.ticket.admix_pct IS 'Admixture (screenings, chaff, foreign matter) %';
COMMENT ON COLUMN intake.ticket.sw_kghl IS 'Specific weight, kg per hectolitre (cereals only)';
COMMENT ON COLUMN intake.ticket.hfn IS 'Hagberg falling number, seconds (wheat only)';
COMMENT ON COLUMN intake.ticket.prot_pct IS 'Protein % (wheat and barley)';
COMMENT ON COLUMN intake.ticket.oil_pct IS 'Oil content % (oilseed rape and linseed)';
COMMENT ON COLUMN intake.ticket.grade_cd IS 'Grade assigned at intake: MW1 = milling wheat group 1 (full bread-making spec), MW2 = milling wheat group 2, FDW = feed wheat, MLB = malting barley, FDB = feed barley, MLO = milling oats, FDO = feed oats, OSR = oilseed rape (standard 9/2/40), HCB = human-consumption beans, FDN = feed beans, LIN = linseed; NULL = not graded (rejected, void or awaiting lab)';
COMMENT ON COLUMN intake.ticket.status_cd IS 'A = accepted and tipped into store, R = rejected at intake (load turned away), H = held: tipped to quarantine awaiting lab result or still on the weighbridge, V = void (ticket cancelled: weighing error or duplicate)';
COMMENT ON COLUMN intake.ticket.rej_rsn IS 'Reason for rejection (status R only)';
COMMENT ON COLUMN intake.ticket.silo_id IS 'Bin the load was tipped into (accepted loads only)';
COMMENT ON COLUMN intake.ticket.dockage_kg IS 'Weight deducted from the net load for moisture above the crop standard and admixture above 2 %; payable weight = net - dockage';
COMMENT ON COLUMN intake.ticket.contract_id IS 'Price contract the load is allocated to (finance.price_contract, not enforced); NULL = not allocated yet';
COMMENT ON COLUMN intake.ticket.clerk IS 'Initials of the weighbridge clerk';
COMMENT ON COLUMN intake.ticket.exported_at IS 'When the ticket was last exported to the accounts system (nightly job); NULL = not exported yet';

CREATE TABLE intake.stock_mvt (
    mvt_id  bigserial PRIMARY KEY,
    silo_id smallint NOT NULL REFERENCES intake.silo,
    season  smallint NOT NULL,
    mvt_at  timestamp NOT NULL,
    mvt_typ char(3) NOT NULL,
    qty_kg  bigint NOT NULL,
    cpty    varchar(60),
    ref_doc varchar(20)
);
COMMENT ON TABLE  intake.stock_mvt IS 'Bin stock ledger: the balance of a bin is the sum of qty_kg';
COMMENT ON COLUMN intake.stock_mvt.season IS 'Harvest year of the grain moved';
COMMENT ON COLUMN intake.stock_mvt.mvt_typ IS 'IN = daily intake posting from accepted tickets, DRY = drying shrink (moisture lost in the dryer), OUT = despatch to a buyer, TRF = transfer between bins (one row out, one row in), ADJ = stock-take adjustment';
COMMENT ON COLUMN intake.stock_mvt.qty_kg IS 'Signed quantity in kg: positive into the bin, negative out of it';
COMMENT ON COLUMN intake.stock_mvt.cpty IS 'Buyer the grain was sold to (OUT only)';

-- finance --------------------------------------------------------------
CREATE TABLE finance.price_contract (
    ctr_id     serial PRIMARY KEY,
    ctr_no     varchar(12) NOT NULL UNIQUE,
    mbr_id     integer NOT NULL REFERENCES members.member,
    crop_cd    char(3) NOT NULL REFERENCES agronomy.crop,
    season     smallint NOT NULL,
    kind       finance.contract_kind NOT NULL,
    base_grade char(3),
    tonnes     numeric(9,2) NOT NULL,
    price_t    numeric(8,2),
    floor_t    numeric(8,2),
    signed_on  date NOT NULL,
    dlv_from   date,
    dlv_to     date,
    ctr_status char(1) NOT NULL DEFAULT 'O'
);
COMMENT ON TABLE  finance.price_contract IS 'Grain marketing contracts between the co-op and a member for a crop and season';
COMMENT ON COLUMN finance.price_contract.base_grade IS 'Grade the price refers to (see intake.ticket.grade_cd)';
COMMENT ON COLUMN finance.price_contract.tonnes IS 'Tonnes contracted';
COMMENT ON COLUMN finance.price_contract.price_t IS 'Price in GBP per tonne ex-farm; NULL for pool and min_price contracts until the pool price for the season is declared';
COMMENT ON COLUMN finance.price_contract.floor_t IS 'Guaranteed minimum price per tonne (min_price contracts only)';
COMMENT ON COLUMN finance.price_contract.ctr_status IS 'O = open (deliveries or pricing outstanding), F = fulfilled, X = cancelled';

CREATE TABLE finance.payment (
    pay_id     serial PRIMARY KEY,
    pay_ref    varchar(12) NOT NULL UNIQUE,
    mbr_id     integer NOT NULL REFERENCES members.member,
    season     smallint NOT NULL,
    crop_cd    char(3) NOT NULL REFERENCES agronomy.crop,
    pay_typ    char(3) NOT NULL,
    raised_on  date NOT NULL,
    gross_amt  numeric(12,2) NOT NULL,
    ded_amt    numeric(12,2) NOT NULL DEFAULT 0,
    net_amt    numeric(12,2) NOT NULL,
    settled_on date,
    bacs_ref   varchar(12)
);
COMMENT ON TABLE  finance.payment IS 'Payments to members for grain';
COMMENT ON COLUMN finance.payment.pay_typ IS 'ADV = weekly advance on grain delivered (one week in arrears), INT = interim pool payment (February), FIN = final settlement for the season (September of the following year)';
COMMENT ON COLUMN finance.payment.gross_amt IS 'Amount before deductions, GBP';
COMMENT ON COLUMN finance.payment.ded_amt IS 'Total deductions (see finance.deduction), GBP';
COMMENT ON COLUMN finance.payment.net_amt IS 'Amount paid to the member = gross_amt - ded_amt, GBP';
COMMENT ON COLUMN finance.payment.settled_on IS 'Date the BACS payment went out; NULL = not paid yet (awaiting the next payment run, or on hold)';

CREATE TABLE finance.deduction (
    ded_id  serial PRIMARY KEY,
    pay_id  integer NOT NULL REFERENCES finance.payment,
    ded_cd  char(3) NOT NULL,
    basis_t numeric(10,3),
    rate    numeric(8,3),
    amount  numeric(12,2) NOT NULL
);
COMMENT ON TABLE  finance.deduction IS 'Deductions taken off member payments';
COMMENT ON COLUMN finance.deduction.ded_cd IS 'DRY = drying charge (per tonne per point of moisture removed), LEV = AHDB statutory levy, STO = storage and handling charge, HAU = haulage arranged by the co-op';
COMMENT ON COLUMN finance.deduction.basis_t IS 'Quantity the charge is based on: tonnes, or tonne-points for DRY';
COMMENT ON COLUMN finance.deduction.rate IS 'Charge rate in GBP per basis unit';

-- assets ---------------------------------------------------------------
CREATE TABLE assets.equipment (
    eqp_id      serial PRIMARY KEY,
    asset_tag   varchar(10) NOT NULL UNIQUE,
    eqp_cls     char(3) NOT NULL,
    make        varchar(30) NOT NULL,
    model       varchar(40) NOT NULL,
    serial_no   varchar(20),
    yr_built    smallint,
    site_cd     char(3) REFERENCES intake.site,
    bought_on   date,
    cost_gbp    numeric(10,2),
    hrs_mtr     integer,
    disposed_on date
);
COMMENT ON TABLE  assets.equipment IS 'Co-op owned machinery and plant';
COMMENT ON COLUMN assets.equipment.eqp_cls IS 'SPR = sprayer, CMB = combine harvester, DRY = grain dryer, LDR = loader / telehandler, TRL = grain trailer, WBR = weighbridge, ELV = elevator / conveyor, CLN = grain cleaner';
COMMENT ON COLUMN assets.equipment.site_cd IS 'Site the machine is based at';
COMMENT ON COLUMN assets.equipment.hrs_mtr IS 'Engine / running hours on the meter at the last service';
COMMENT ON COLUMN assets.equipment.disposed_on IS 'Date sold or scrapped; NULL = still owned';

CREATE TABLE assets.maint_job (
    job_id     serial PRIMARY KEY,
    eqp_id     integer NOT NULL REFERENCES assets.equipment,
    job_typ    char(1) NOT NULL,
    opened_on  date NOT NULL,
    closed_on  date,
    descr      varchar(120),
    labour_hrs numeric(5,1),
    parts_gbp  numeric(9,2),
    contractor varchar(40)
);
COMMENT ON TABLE  assets.maint_job IS 'Maintenance and repair jobs on co-op equipment';
COMMENT ON COLUMN assets.maint_job.job_typ IS 'S = scheduled service, R = breakdown repair, T = statutory test / inspection (NSTS sprayer test, LOLER thorough examination, weighbridge verification)';
COMMENT ON COLUMN assets.maint_job.closed_on IS 'Date the job was completed; NULL = still open';
COMMENT ON COLUMN assets.maint_job.labour_hrs IS 'Labour hours booked';
COMMENT ON COLUMN assets.maint_job.parts_gbp IS 'Cost of parts and contractor invoices, GBP';
COMMENT ON COLUMN assets.maint_job.contractor IS 'Outside dealer / contractor; NULL = done by the co-op workshop';

-- =====================================================================
--  Reference data
-- =====================================================================
INSERT INTO intake.site VALUES
 ('CHT','Chatteris Grain Store','Chatteris', 95000, true, 60.0),
 ('MRC','March Depot','March', 70000, true, 40.0),
 ('HOL','Holbeach Store','Holbeach', 85000, true, 50.0);

INSERT INTO agronomy.crop VALUES
 ('WWH','Winter wheat','W',14.5,0.409),
 ('WBA','Winter barley','W',14.5,0.409),
 ('SBA','Spring barley','S',14.5,0.409),
 ('WOA','Winter oats','W',14.5,0.409),
 ('OSR','Winter oilseed rape','W',9.0,0.792),
 ('FBN','Winter field beans','W',14.0,0.000),
 ('LIN','Linseed','S',9.0,0.792);

INSERT INTO agronomy.agronomist VALUES
 (1,'Helen Marriott','BA/40112','FA/08812','Chatteris & Somersham',true),
 (2,'Rob Cattermole','BA/38874','FA/07301','March & Whittlesey',true),
 (3,'Claire Denham','BA/41933','FA/09455','Holbeach & Long Sutton',true),
 (4,'Stuart Pegg','BA/29110','FA/03377','Chatteris & Somersham',false),
 (5,'Amy Sewell','BA/45207','FA/11029','Wisbech & Upwell',true),
 (6,'Tom Brudenell','BA/46611',NULL,'Spalding & Moulton',true);

INSERT INTO agronomy.product VALUES
 ( 1,'Liberator','H',16283,'flufenacet + diflufenican','L',0.600,34.20),
 ( 2,'Crystal','H',17241,'flufenacet + pendimethalin','L',4.000,11.80),
 ( 3,'Pontos','H',18017,'flufenacet + picolinafen','L',1.000,38.50),
 ( 4,'Atlantis OD','H',17554,'mesosulfuron + iodosulfuron','L',1.200,52.00),
 ( 5,'Zypar','H',18440,'halauxifen-methyl + florasulam','L',1.000,41.60),
 ( 6,'Katamaran Turbo','H',16830,'metazachlor + quinmerac + dimethenamid-P','L',2.500,27.90),
 ( 7,'Centurion Max','H',15994,'clethodim','L',2.000,24.40),
 ( 8,'Kerb Flo 500','H',17620,'propyzamide','L',1.750,31.10),
 ( 9,'Nirvana','H',16744,'imazamox + pendimethalin','L',4.500,17.20),
 (10,'Revystar XE','F',19125,'mefentrifluconazole + fluxapyroxad','L',1.500,58.90),
 (11,'Ascra Xpro','F',17885,'bixafen + fluopyram + prothioconazole','L',1.500,55.30),
 (12,'Univoq','F',19908,'fenpicoxamid + prothioconazole','L',2.000,47.80),
 (13,'Proline 275','F',15121,'prothioconazole','L',0.720,46.00),
 (14,'Prosaro','F',14902,'prothioconazole + tebuconazole','L',1.000,39.70),
 (15,'Siltra Xpro','F',16612,'bixafen + prothioconazole','L',1.000,51.20),
 (16,'Signum','F',13377,'boscalid + pyraclostrobin','KG',1.000,62.50),
 (17,'Propulse','F',17015,'fluopyram + prothioconazole','L',1.000,49.90),
 (18,'Chlormequat 750','P',18209,'chlormequat chloride','L',2.300,3.95),
 (19,'Moddus','P',15457,'trinexapac-ethyl','L',0.400,44.10),
 (20,'Hallmark Zeon','I',12629,'lambda-cyhalothrin','L',0.075,98.00),
 (21,'Mavrik','I',16920,'tau-fluvalinate','L',0.200,72.40),
 (22,'Sluxx HP','M',17106,'ferric phosphate','KG',7.000,3.10),
 (23,'Roundup Flex','D',16974,'glyphosate','L',3.000,6.85);

-- =====================================================================
--  Members and fields
-- =====================================================================
INSERT INTO members.member (mbr_id, mbr_no, bus_name, holding_nm, principal, parish, county, postcode, phone, email,
                            cph_no, mbr_cat, share_units, dflt_site, rt_cert_no, rt_expiry, vat_reg, joined_on, left_on)
SELECT i,
       'FG' || (1000 + i)::text,
       left(fn.f, 1) || ' ' || chr(65 + floor(pg_temp.rnd('in'||i)*23)::int) || ' ' || nm.sn || nm.sfx,
       (ARRAY['Manor','Grange','Fen','Hall','Church','Willow','Poplar','Ash Tree','Elm','Mill','Priory','Abbey','Lodge',
              'Moor','Glebe','Home','Decoy','Drove','Lark','Cross Keys','Sluice','Bank','Red House','White House'])
          [1 + floor(pg_temp.rnd('hn'||i)*24)::int] || ' Farm',
       fn.f || ' ' || nm.sn,
       pa.parish, pa.county,
       pa.pc || ' ' || (1 + floor(pg_temp.rnd('p1'||i)*9)::int)::text
           || chr(65 + floor(pg_temp.rnd('p2'||i)*23)::int) || chr(65 + floor(pg_temp.rnd('p3'||i)*23)::int),
       '01' || (ARRAY['354','354','406','406','945'])[1 + floor(pg_temp.rnd('ph'||i)*5)::int]
           || lpad(floor(pg_temp.rnd('pn'||i)*999999)::text, 6, '0'),
       lower(left(fn.f,1) || nm.sn) || '@' || (ARRAY['btinternet.com','farming.co.uk','gmail.com','outlook.com','hotmail.co.uk'])[1 + floor(pg_temp.rnd('em'||i)*5)::int],
       (ARRAY['05','05','37','20'])[1 + floor(pg_temp.rnd('cp'||i)*4)::int] || '/' || lpad(floor(pg_temp.rnd('cq'||i)*999)::text,3,'0')
           || '/' || lpad(floor(pg_temp.rnd('cr'||i)*9999)::text,4,'0'),
       ct.cat,
       CASE WHEN ct.cat = 'F' THEN 100 + 50 * floor(pg_temp.rnd('su'||i)^1.8 * 98)::int ELSE 0 END,
       st.site,
       CASE WHEN pg_temp.rnd('rt'||i) < 0.92 THEN 'RT' || lpad(floor(pg_temp.rnd('rn'||i)*99999999)::text, 8, '0') END,
       CASE WHEN pg_temp.rnd('rt'||i) < 0.92 THEN date '2024-08-20' + floor(pg_temp.rnd('rx'||i)*400)::int END,
       CASE WHEN pg_temp.rnd('vr'||i) < 0.97 THEN 'GB' || lpad(floor(pg_temp.rnd('vn'||i)*999999999)::text, 9, '0') END,
       jd.d,
       CASE WHEN NOT jd.new AND pg_temp.rnd('lf'||i) < 0.06 THEN date '2019-01-31' + floor(pg_temp.rnd('lo'||i)*1960)::int END
FROM generate_series(1, 340) i
CROSS JOIN LATERAL (SELECT
   (ARRAY['Thorne','Whitworth','Fenton','Burrows','Hastings','Marsh','Pickering','Gotobed','Allpress','Speechley',
          'Clayton','Rowell','Bedford','Coulson','Dring','Grounds','Hix','Jolley','Kisby','Loveday',
          'Mawby','Nightingale','Orbell','Peck','Quince','Rippon','Sallis','Tebbit','Upton','Vergette',
          'Wagstaff','Youngs','Ashby','Bates','Cave','Dack','Ellis','Folkes','Gotts','Hardy',
          'Ingle','Jackson','Kemp','Lane','Munns','Neave','Osborn','Papworth','Rains','Scotney',
          'Thurlow','Usher','Veasey','Warth','Wing','Yeomans','Baker','Carter','Dawson','Fisher'])[1 + (i-1) % 60] AS sn,
   (ARRAY[' & Sons',' Farms Ltd',' Partnership',' Bros',' Farming Co',' Agriculture Ltd'])[1 + ((i-1) / 60) % 6] AS sfx) nm
CROSS JOIN LATERAL (SELECT (ARRAY['John','Richard','David','Michael','Peter','Andrew','Robert','Simon','James','William',
          'Sarah','Jane','Philip','Graham','Martin','Edward','Nicholas','Mark','Helen','George','Thomas','Anthony',
          'Christopher','Susan','Ian','Stephen','Keith','Alan','Charles','Matthew'])[1 + floor(pg_temp.rnd('fn'||i)*30)::int] AS f) fn
CROSS JOIN LATERAL (SELECT (ARRAY['CHT','CHT','CHT','MRC','MRC','HOL','HOL','HOL'])[1 + floor(pg_temp.rnd('ds'||i)*8)::int] AS site) st
CROSS JOIN LATERAL (SELECT k.parish, k.county, k.pc FROM (VALUES
      ('CHT',1,'Chatteris','Cambridgeshire','PE16'),('CHT',2,'Somersham','Cambridgeshire','PE28'),('CHT',3,'Manea','Cambridgeshire','PE15'),
      ('CHT',4,'Doddington','Cambridgeshire','PE15'),('CHT',5,'Sutton','Cambridgeshire','CB6'),('CHT',6,'Warboys','Cambridgeshire','PE28'),
      ('MRC',1,'March','Cambridgeshire','PE15'),('MRC',2,'Whittlesey','Cambridgeshire','PE7'),('MRC',3,'Benwick','Cambridgeshire','PE15'),
      ('MRC',4,'Wisbech St Mary','Cambridgeshire','PE13'),('MRC',5,'Upwell','Norfolk','PE14'),('MRC',6,'Christchurch','Cambridgeshire','PE14'),
      ('HOL',1,'Holbeach','Lincolnshire','PE12'),('HOL',2,'Long Sutton','Lincolnshire','PE12'),('HOL',3,'Gedney','Lincolnshire','PE12'),
      ('HOL',4,'Moulton','Lincolnshire','PE12'),('HOL',5,'Whaplode','Lincolnshire','PE12'),('HOL',6,'Sutton St James','Lincolnshire','PE12')
   ) k(site, n, parish, county, pc)
   WHERE k.site = st.site AND k.n = 1 + floor(pg_temp.rnd('pa'||i)*6)::int) pa
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('ca'||i) < 0.8 THEN 'F' ELSE 'A' END AS cat) ct
CROSS JOIN LATERAL (SELECT pg_temp.rnd('nj'||i) < 0.05 AS new,
                           CASE WHEN pg_temp.rnd('nj'||i) < 0.05 THEN date '2022-06-01' + floor(pg_temp.rnd('jd'||i)*700)::int
                                ELSE date '1972-04-01' + floor(pg_temp.rnd('jd'||i)*17400)::int END AS d) jd
ORDER BY i;
ALTER SEQUENCE members.member_mbr_id_seq RESTART WITH 341;

-- membership history: 1-3 versions per member; some associates upgraded to full membership
INSERT INTO members.membership_hist (mbr_id, mbr_cat, share_units, valid_from, valid_to, chg_rsn, chg_by)
SELECT mbr_id, cat, units, vf, vt,
       CASE WHEN v = 0 THEN 'Joined'
            WHEN cat = 'F' AND prev_cat = 'A' THEN 'Upgraded to full member'
            ELSE 'Additional shares purchased' END,
       (ARRAY['jbarnes','kwatts','admin','kwatts','lpayne'])[1 + floor(pg_temp.rnd('cb'||mbr_id||v)*5)::int]
FROM (
  SELECT x.*, lag(x.cat) OVER (PARTITION BY x.mbr_id ORDER BY x.v) AS prev_cat,
         lead(x.vf) OVER (PARTITION BY x.mbr_id ORDER BY x.v) AS nxt
  FROM (
    SELECT m.mbr_id, v,
           CASE WHEN m.mbr_cat = 'F' AND kk.k >= 1 AND v = 0 AND pg_temp.rnd('up'||m.mbr_id) < 0.35 THEN 'A' ELSE m.mbr_cat END AS cat,
           m.joined_on + (v * (LEAST(COALESCE(m.left_on, date '2024-09-01'), date '2024-09-01') - m.joined_on) / (kk.k + 1)) AS vf,
           m.left_on, m.share_units, kk.k
    FROM members.member m
    CROSS JOIN LATERAL (SELECT CASE WHEN m.joined_on > date '2022-01-01' OR m.mbr_cat = 'A' THEN 0
                                    ELSE floor(pg_temp.rnd('hk'||m.mbr_id)*3)::int END AS k) kk
    CROSS JOIN LATERAL generate_series(0, kk.k) v
  ) x
) y
CROSS JOIN LATERAL (SELECT CASE WHEN y.cat = 'A' THEN 0
                                ELSE GREATEST(100, 50 * round(y.share_units * (y.v + 1.0) / (y.k + 1) / 50)::int) END AS units,
                           y.vf AS vf2, COALESCE(y.nxt, y.left_on) AS vt) u
ORDER BY mbr_id, v;

-- fields -----------------------------------------------------------------
INSERT INTO members.field (mbr_id, fld_name, rpa_ref, area_ha, soil, nvz, retired_on)
SELECT m.mbr_id,
       (ARRAY['Long Acre','Top Field','Church Piece','Mill Field','Twenty Acres','Bottom Fen','Forty Acre','Home Field',
              'Middle Drove','Eastern Fen','Black Fen','Pit Field','Gravel Pit','Top Lode','Bank Field','Hundred Acre',
              'Lime Kiln','Decoy Field','Ten Acre','Willow Piece','Station Field','School Field','Barn Field','Sluice Field',
              'Rectory Field','Clay Field','Big Field','Little Field','Windmill Field','North Fen','South Fen','Dyke Field',
              'Sheep Walk','Thirty Acre','Reed Fen','Hill Field','Poplar Field','Pumping Station','Ash Field','Cross Drove'])
          [1 + floor(pg_temp.rnd('fl'||m.mbr_id||'-'||j)*40)::int],
       (CASE m.dflt_site WHEN 'HOL' THEN 'TF' ELSE 'TL' END) || lpad(floor(pg_temp.rnd('ra'||m.mbr_id||'-'||j)*9999)::text,4,'0')
           || ' ' || lpad(floor(pg_temp.rnd('rb'||m.mbr_id||'-'||j)*9999)::text,4,'0'),
       round((4 + pg_temp.rnd('ar'||m.mbr_id||'-'||j)^1.6 * 42)::numeric, 2),
       (CASE m.dflt_site
          WHEN 'CHT' THEN CASE WHEN u.s < 0.30 THEN 'peat' WHEN u.s < 0.55 THEN 'clay_loam' WHEN u.s < 0.80 THEN 'silty_clay_loam' ELSE 'heavy_clay' END
          WHEN 'MRC' THEN CASE WHEN u.s < 0.30 THEN 'heavy_clay' WHEN u.s < 0.55 THEN 'clay_loam' WHEN u.s < 0.75 THEN 'peat' ELSE 'silty_clay_loam' END
          ELSE CASE WHEN u.s < 0.55 THEN 'silt_loam' WHEN u.s < 0.80 THEN 'silty_clay_loam' WHEN u.s < 0.90 THEN 'sandy_loam' ELSE 'clay_loam' END
        END)::members.soil_type,
       pg_temp.rnd('nz'||m.mbr_id||'-'||j) < 0.62,
       CASE WHEN m.left_on IS NOT NULL THEN m.left_on
            WHEN pg_temp.rnd('fr'||m.mbr_id||'-'||j) < 0.03 THEN date '2019-10-01' + floor(pg_temp.rnd('fd'||m.mbr_id||'-'||j)*1700)::int END
FROM members.member m
CROSS JOIN LATERAL generate_series(1, 2 + floor(pg_temp.rnd('nf'||m.mbr_id)^1.3 * 12)::int) j
CROSS JOIN LATERAL (SELECT pg_temp.rnd('so'||m.mbr_id||'-'||j) AS s) u
ORDER BY m.mbr_id, j;

-- =====================================================================
--  Plantings (seasons 2019-2024 plus autumn 2024 drillings for 2025)
-- =====================================================================
INSERT INTO agronomy.planting (fld_id, season, crop_cd, variety, area_ha, drilled_on, seed_kg_ha, est_yld_t_ha, harvested_on)
SELECT fld_id, season, crop_cd, variety, area_ha, drilled_on, seed_kg_ha, est_yld, 
       CASE WHEN hv > date '2024-09-20' THEN NULL ELSE hv END
FROM (
  SELECT f.fld_id, s AS season, c.crop_cd,
         CASE c.crop_cd
           WHEN 'WWH' THEN (ARRAY['KWS Zyatt','Crusoe','Skyfall','KWS Extase','Gleam','Graham','Champion','KWS Dawsum'])[1 + floor(uv*8)::int]
           WHEN 'WBA' THEN (ARRAY['KWS Orwell','Craft','Electrum','SY Kingsbarn'])[1 + floor(uv*4)::int]
           WHEN 'SBA' THEN (ARRAY['Laureate','Diablo','RGT Planet','SY Splendor'])[1 + floor(uv*4)::int]
           WHEN 'OSR' THEN (ARRAY['Aurelia','Campus','PT303','Vegas','Acacia'])[1 + floor(uv*5)::int]
           WHEN 'WOA' THEN (ARRAY['Mascani','Dalguise','Gerald'])[1 + floor(uv*3)::int]
           WHEN 'FBN' THEN (ARRAY['Tundra','Vespa','Wizard'])[1 + floor(uv*3)::int]
           ELSE (ARRAY['Aries','Batsman','Bilton'])[1 + floor(uv*3)::int] END AS variety,
         CASE WHEN pg_temp.rnd('pa'||f.fld_id||s) < 0.1 THEN round(f.area_ha * (0.7 + pg_temp.rnd('pb'||f.fld_id||s)*0.25)::numeric, 2) ELSE f.area_ha END AS area_ha,
         dd.drilled_on,
         round((CASE c.crop_cd WHEN 'WWH' THEN 150 + u2*50 WHEN 'WBA' THEN 140 + u2*40 WHEN 'SBA' THEN 150 + u2*30
                               WHEN 'OSR' THEN 3 + u2*2 WHEN 'WOA' THEN 130 + u2*40 WHEN 'FBN' THEN 200 + u2*60 ELSE 50 + u2*15 END)::numeric, 1) AS seed_kg_ha,
         round((CASE c.crop_cd WHEN 'WWH' THEN 8.6 WHEN 'WBA' THEN 7.3 WHEN 'SBA' THEN 6.0 WHEN 'OSR' THEN 3.4
                               WHEN 'WOA' THEN 6.4 WHEN 'FBN' THEN 4.3 ELSE 2.0 END
                * (0.86 + pg_temp.rnd('ff'||f.fld_id)*0.26)
                * CASE s WHEN 2020 THEN 0.86 WHEN 2024 THEN 0.90 WHEN 2022 THEN 1.04 ELSE 1.0 END
                * CASE WHEN f.soil = 'peat' THEN 1.05 WHEN f.soil = 'silt_loam' THEN 1.03 ELSE 1.0 END)::numeric, 2) AS est_yld,
         CASE c.crop_cd
           WHEN 'WBA' THEN make_date(s, 7, 4)  + floor(pg_temp.rnd('hv'||f.fld_id||s)*20)::int
           WHEN 'OSR' THEN make_date(s, 7, 14) + floor(pg_temp.rnd('hv'||f.fld_id||s)*20)::int
           WHEN 'WWH' THEN make_date(s, 7, 30) + floor(pg_temp.rnd('hv'||f.fld_id||s)*30)::int
           WHEN 'WOA' THEN make_date(s, 8, 3)  + floor(pg_temp.rnd('hv'||f.fld_id||s)*20)::int
           WHEN 'SBA' THEN make_date(s, 8, 8)  + floor(pg_temp.rnd('hv'||f.fld_id||s)*25)::int
           WHEN 'FBN' THEN make_date(s, 8, 25) + floor(pg_temp.rnd('hv'||f.fld_id||s)*32)::int
           ELSE            make_date(s, 9, 1)  + floor(pg_temp.rnd('hv'||f.fld_id||s)*35)::int END AS hv,
         f.retired_on, m.joined_on, m.left_on
  FROM members.field f
  JOIN members.member m ON m.mbr_id = f.mbr_id
  CROSS JOIN generate_series(2019, 2025) s
  CROSS JOIN LATERAL (SELECT pg_temp.rnd('vt'||f.fld_id||s) AS uv, pg_temp.rnd('sr'||f.fld_id||s) AS u2,
                             floor(pg_temp.rnd('ro'||f.fld_id)*6)::int AS off) r
  CROSS JOIN LATERAL (SELECT CASE
            WHEN f.soil IN ('silt_loam','sandy_loam') THEN (ARRAY['WWH','SBA','WWH','OSR','WWH','LIN'])[1 + (r.off + s) % 6]
            WHEN f.soil = 'peat' THEN (ARRAY['WWH','SBA','WOA','WWH','FBN','SBA'])[1 + (r.off + s) % 6]
            ELSE (ARRAY['WWH','OSR','WWH','WBA','FBN','WWH'])[1 + (r.off + s) % 6] END AS crop_cd) c
  CROSS JOIN LATERAL (SELECT CASE c.crop_cd
            WHEN 'OSR' THEN make_date(s-1, 8, 10) + floor(pg_temp.rnd('dr'||f.fld_id||s)*32)::int
            WHEN 'WBA' THEN make_date(s-1, 9, 12) + floor(pg_temp.rnd('dr'||f.fld_id||s)*28)::int
            WHEN 'WWH' THEN make_date(s-1, 9, 25) + floor(pg_temp.rnd('dr'||f.fld_id||s)*50)::int
            WHEN 'WOA' THEN make_date(s-1, 9, 20) + floor(pg_temp.rnd('dr'||f.fld_id||s)*30)::int
            WHEN 'FBN' THEN make_date(s-1, 10, 15) + floor(pg_temp.rnd('dr'||f.fld_id||s)*30)::int
            WHEN 'SBA' THEN make_date(s, 3, 1) + floor(pg_temp.rnd('dr'||f.fld_id||s)*45)::int
            ELSE make_date(s, 3, 25) + floor(pg_temp.rnd('dr'||f.fld_id||s)*35)::int END AS drilled_on) dd
  -- some seasons the field grows sugar beet, potatoes or vegetables, which the co-op does not handle
  WHERE pg_temp.rnd('sk'||f.fld_id||s) >= CASE WHEN f.soil IN ('silt_loam','sandy_loam') THEN 0.18 ELSE 0.10 END
) p
WHERE drilled_on <= date '2024-09-20'
  AND joined_on <= drilled_on
  AND (left_on IS NULL OR hv < left_on)
  AND (retired_on IS NULL OR hv < retired_on)
ORDER BY season, drilled_on, fld_id;

-- =====================================================================
--  Intake: bins
-- =====================================================================
INSERT INTO intake.silo (silo_id, site_cd, bin_cd, bin_kind, cap_t, crop_cd, aerated)
SELECT row_number() OVER (ORDER BY s.site_cd, b.n), s.site_cd, 'B' || lpad(b.n::text, 2, '0'),
       CASE WHEN b.n <= 8 THEN 'S' ELSE 'F' END,
       CASE WHEN b.n <= 8 THEN 2500 ELSE 6000 END,
       b.crop, b.n <> 13
FROM intake.site s
CROSS JOIN (VALUES (1,'WWH'),(2,'WWH'),(3,'WBA'),(4,'SBA'),(5,'OSR'),(6,'OSR'),(7,'WOA'),(8,'LIN'),
                   (9,'WWH'),(10,'WWH'),(11,'WBA'),(12,'FBN'),(13,NULL)) b(n, crop)
WHERE NOT (s.site_cd = 'HOL' AND b.n = 13);

-- =====================================================================
--  Weighbridge tickets
-- =====================================================================
CREATE TEMP TABLE mbr_tr AS
SELECT m.mbr_id, m.dflt_site, m.left_on,
       CASE WHEN pg_temp.rnd('hl'||m.mbr_id) < 0.45
            THEN (ARRAY['G & M Haulage','Fenland Freight Ltd','Ely Bulk Haulage','J R Sutton Transport','Wash Road Hauliers'])
                 [1 + floor(pg_temp.rnd('hn'||m.mbr_id)*5)::int] END AS haul
FROM members.member m;

CREATE TEMP TABLE load_plan AS
SELECT p.plant_id, p.fld_id, t.mbr_id, t.dflt_site AS site_cd, t.haul, t.left_on, p.crop_cd, p.season, p.variety,
       p.harvested_on, c.std_moist,
       round(p.area_ha * p.est_yld_t_ha * (0.88 + pg_temp.rnd('ay'||p.plant_id)*0.22) * 1000) AS total_kg,
       CASE WHEN t.haul IS NULL THEN 15500 ELSE 28000 END AS avg_load,
       pg_temp.rnd('st'||p.plant_id) < 0.18 AS to_store
FROM agronomy.planting p
JOIN members.field f ON f.fld_id = p.fld_id
JOIN mbr_tr t ON t.mbr_id = f.mbr_id
JOIN agronomy.crop c ON c.crop_cd = p.crop_cd
WHERE p.harvested_on IS NOT NULL;

CREATE TEMP TABLE loads AS
SELECT lp.*, j, n,
       round(lp.total_kg / n * (0.94 + pg_temp.rnd('lw'||lp.plant_id||'-'||j)*0.12))::int AS net_kg,
       d.dlv_on,
       d.dlv_on + CASE WHEN lp.to_store THEN interval '7 hours 30 minutes' + floor(pg_temp.rnd('tm'||lp.plant_id||'-'||j)*480) * interval '1 minute'
                       ELSE interval '6 hours 30 minutes' + floor(pg_temp.rnd('tm'||lp.plant_id||'-'||j)*810) * interval '1 minute' END AS wb_in_at,
       pg_temp.rnd('mo'||lp.plant_id||'-'||j) AS um,
       pg_temp.rnd('q1'||lp.plant_id||'-'||j) AS u1,
       pg_temp.rnd('q2'||lp.plant_id||'-'||j) AS u2,
       pg_temp.rnd('q3'||lp.plant_id||'-'||j) AS u3,
       pg_temp.rnd('q4'||lp.plant_id||'-'||j) AS u4,
       pg_temp.rnd('rj'||lp.plant_id||'-'||j) AS urj
FROM load_plan lp
CROSS JOIN LATERAL (SELECT GREATEST(1, round(lp.total_kg / lp.avg_load))::int AS n) nn
CROSS JOIN LATERAL generate_series(1, nn.n) j
CROSS JOIN LATERAL (SELECT CASE WHEN lp.to_store
                                THEN make_date(lp.season, 10, 1) + floor(pg_temp.rnd('sd'||lp.plant_id||'-'||j)*180)::int
                                ELSE lp.harvested_on + floor(pg_temp.rnd('sd'||lp.plant_id||'-'||j)*4)::int END AS dlv_on) d
WHERE d.dlv_on <= date '2024-09-20'
  AND (lp.left_on IS NULL OR d.dlv_on < lp.left_on);

CREATE TEMP TABLE tk AS
SELECT l.*,
       round((CASE WHEN l.to_store THEN l.std_moist - 2 + l.um * 2.2
                   ELSE l.std_moist - 2 + l.um ^ 2.5 * (7 + CASE l.season WHEN 2024 THEN 2 WHEN 2021 THEN 1.2 WHEN 2019 THEN 0.8 ELSE 0 END) END)::numeric, 1) AS moist,
       round((0.4 + l.u1 ^ 2 * 3.6)::numeric, 1) AS admix,
       CASE WHEN l.crop_cd = 'WWH' THEN round((CASE WHEN l.season = 2024 THEN 69.5 ELSE 71.0 END + l.u2 * 10)::numeric, 1)
            WHEN l.crop_cd IN ('WBA','SBA') THEN round((60 + l.u2 * 9)::numeric, 1)
            WHEN l.crop_cd = 'WOA' THEN round((46 + l.u2 * 9)::numeric, 1) END AS sw,
       CASE WHEN l.crop_cd = 'WWH' THEN (CASE WHEN l.season = 2024 THEN 170 + l.u3 * 260 ELSE 220 + l.u3 * 220 END)::int END AS hfn,
       CASE WHEN l.crop_cd = 'WWH' THEN round((10.2 + l.u4 * 3.9 + CASE WHEN l.variety IN ('KWS Zyatt','Crusoe','Skyfall') THEN 0.4 ELSE 0 END)::numeric, 1)
            WHEN l.crop_cd IN ('WBA','SBA') THEN round((9.4 + l.u4 * 3.0)::numeric, 1) END AS prot,
       CASE WHEN l.crop_cd = 'OSR' THEN round((40 + l.u4 * 6.5)::numeric, 1)
            WHEN l.crop_cd = 'LIN' THEN round((36 + l.u4 * 6)::numeric, 1) END AS oil,
       CASE WHEN l.haul IS NULL THEN 8800 + floor(pg_temp.rnd('ta'||l.plant_id||'-'||l.j)*2400)::int
            ELSE 14200 + floor(pg_temp.rnd('ta'||l.plant_id||'-'||l.j)*2200)::int END AS tare,
       CASE WHEN l.haul IS NULL THEN pg_temp.vreg('own'||l.mbr_id||'-'||floor(pg_temp.rnd('vk'||l.plant_id||'-'||l.j)*2)::int)
            ELSE pg_temp.vreg('hau'||l.haul||'-'||floor(pg_temp.rnd('vk'||l.plant_id||'-'||l.j)*9)::int) END AS vreg
FROM loads l;

ALTER TABLE tk ADD COLUMN status_cd char(1), ADD COLUMN rej_rsn varchar(40), ADD COLUMN grade char(3);
UPDATE tk SET status_cd = CASE
       WHEN pg_temp.rnd('vd'||plant_id||'-'||j) < 0.004 THEN 'V'
       WHEN moist - std_moist > 6.5 THEN 'R'
       WHEN urj < 0.006 THEN 'R'
       WHEN wb_in_at >= timestamp '2024-09-19' AND pg_temp.rnd('hd'||plant_id||'-'||j) < 0.55 THEN 'H'
       ELSE 'A' END;
UPDATE tk SET rej_rsn = CASE WHEN moist - std_moist > 6.5 THEN 'Moisture too high for dryer'
       ELSE (ARRAY['Ergot present','Live insects (saw-toothed grain beetle)','Heating / musty odour','Admix over 5%',
                   'Admix over 5%','Sprouted grain','Wrong crop declared'])[1 + floor(pg_temp.rnd('rr'||plant_id||'-'||j)*7)::int] END
WHERE status_cd = 'R';
UPDATE tk SET admix = round((5.1 + u1 * 2.5)::numeric, 1) WHERE rej_rsn = 'Admix over 5%';
UPDATE tk SET grade = CASE crop_cd
       WHEN 'WWH' THEN CASE WHEN variety IN ('KWS Zyatt','Crusoe','Skyfall') AND prot >= 13.0 AND hfn >= 250 AND sw >= 76 THEN 'MW1'
                            WHEN variety IN ('KWS Zyatt','Crusoe','Skyfall','KWS Extase') AND prot >= 12.0 AND hfn >= 220 AND sw >= 74 THEN 'MW2'
                            ELSE 'FDW' END
       WHEN 'WBA' THEN CASE WHEN variety IN ('Craft','Electrum') AND prot <= 11.5 AND sw >= 62 THEN 'MLB' ELSE 'FDB' END
       WHEN 'SBA' THEN CASE WHEN prot <= 11.3 AND admix <= 2.0 THEN 'MLB' ELSE 'FDB' END
       WHEN 'WOA' THEN CASE WHEN sw >= 50 THEN 'MLO' ELSE 'FDO' END
       WHEN 'OSR' THEN 'OSR'
       WHEN 'FBN' THEN CASE WHEN u3 < 0.35 THEN 'HCB' ELSE 'FDN' END
       ELSE 'LIN' END
WHERE status_cd = 'A';

CREATE TEMP TABLE bins AS
SELECT site_cd, crop_cd, array_agg(silo_id ORDER BY silo_id) AS ids FROM intake.silo WHERE crop_cd IS NOT NULL GROUP BY site_cd, crop_cd;

INSERT INTO intake.ticket (tkt_no, site_cd, mbr_id, plant_id, crop_cd, season, vehicle_reg, haulier, wb_in_at, wb_out_at,
                           gross_kg, tare_kg, moist_pct, admix_pct, sw_kghl, hfn, prot_pct, oil_pct, grade_cd, status_cd,
                           rej_rsn, silo_id, dockage_kg, contract_id, clerk, exported_at)
SELECT t.site_cd || lpad((t.season % 100)::text, 2, '0') || '-'
         || lpad((row_number() OVER (PARTITION BY t.site_cd, t.season ORDER BY t.wb_in_at, t.plant_id, t.j))::text, 5, '0'),
       t.site_cd, t.mbr_id,
       CASE WHEN t.to_store AND pg_temp.rnd('np'||t.plant_id) < 0.5 THEN NULL ELSE t.plant_id END,
       t.crop_cd, t.season, t.vreg, t.haul, t.wb_in_at,
       t.wb_in_at + (8 + floor(pg_temp.rnd('wo'||t.plant_id||'-'||t.j)*32)::int) * interval '1 minute',
       t.tare + t.net_kg, t.tare, t.moist, t.admix, t.sw, t.hfn, t.prot, t.oil,
       t.grade, t.status_cd, t.rej_rsn,
       CASE WHEN t.status_cd = 'A' THEN b.ids[1 + floor(pg_temp.rnd('bn'||t.plant_id||'-'||t.j) * array_length(b.ids, 1))::int] END,
       CASE WHEN t.status_cd = 'A' THEN round(t.net_kg * GREATEST(0, t.moist - t.std_moist) / (100 - t.std_moist)
                                               + t.net_kg * GREATEST(0, t.admix - 2) / 100)::int END,
       NULL,
       CASE t.site_cd WHEN 'CHT' THEN (ARRAY['KMB','JT','SW'])[1 + floor(pg_temp.rnd('ck'||t.plant_id||'-'||t.j)*3)::int]
                      WHEN 'MRC' THEN (ARRAY['DP','AL'])[1 + floor(pg_temp.rnd('ck'||t.plant_id||'-'||t.j)*2)::int]
                      ELSE (ARRAY['RG','HB','NW'])[1 + floor(pg_temp.rnd('ck'||t.plant_id||'-'||t.j)*3)::int] END,
       CASE WHEN t.wb_in_at < timestamp '2024-09-19' THEN t.wb_in_at::date + interval '1 day 2 hours 10 minutes' END
FROM tk t
JOIN bins b ON b.site_cd = t.site_cd AND b.crop_cd = t.crop_cd
ORDER BY t.wb_in_at, t.plant_id, t.j;

-- three lorries still on the weighbridge at close of business today
UPDATE intake.ticket SET tare_kg = NULL, wb_out_at = NULL, status_cd = 'H', grade_cd = NULL, silo_id = NULL, dockage_kg = NULL
WHERE tkt_id IN (SELECT tkt_id FROM intake.ticket ORDER BY wb_in_at DESC LIMIT 3);

-- =====================================================================
--  Price contracts
-- =====================================================================
CREATE TEMP TABLE base_price AS
SELECT v.s AS season, c.crop_cd,
       round((v.wp * CASE c.crop_cd WHEN 'WWH' THEN 1 WHEN 'WBA' THEN 0.88 WHEN 'SBA' THEN 0.95 WHEN 'WOA' THEN 0.86
                                   WHEN 'FBN' THEN 1.14 ELSE 0 END
              + v.op * CASE c.crop_cd WHEN 'OSR' THEN 1 WHEN 'LIN' THEN 1.08 ELSE 0 END)::numeric, 2) AS price
FROM agronomy.crop c
CROSS JOIN (VALUES (2019,150,350),(2020,166,372),(2021,204,518),(2022,276,562),(2023,194,391),(2024,181,398),(2025,192,405)) v(s,wp,op);

CREATE TEMP TABLE ctr_plan AS
SELECT f.mbr_id, p.season, p.crop_cd, sum(p.area_ha * p.est_yld_t_ha) AS est_t
FROM agronomy.planting p JOIN members.field f ON f.fld_id = p.fld_id
GROUP BY f.mbr_id, p.season, p.crop_cd
UNION ALL
-- wheat forward-sold for harvest 2025 before it is drilled
SELECT f.mbr_id, 2025, 'WWH', sum(f.area_ha * 8.0) * 0.45
FROM members.field f JOIN members.member m ON m.mbr_id = f.mbr_id
WHERE f.retired_on IS NULL AND m.left_on IS NULL AND pg_temp.rnd('fw'||f.mbr_id) < 0.35
GROUP BY f.mbr_id;

INSERT INTO finance.price_contract (ctr_no, mbr_id, crop_cd, season, kind, base_grade, tonnes, price_t, floor_t,
                                    signed_on, dlv_from, dlv_to, ctr_status)
SELECT 'PC' || (x.season % 100)::text || '-' || lpad((row_number() OVER (PARTITION BY x.season ORDER BY x.signed_on, x.mbr_id, x.crop_cd, x.k))::text, 5, '0'),
       x.mbr_id, x.crop_cd, x.season, x.kind,
       CASE x.crop_cd WHEN 'WWH' THEN CASE WHEN pg_temp.rnd('bg'||x.mbr_id||x.season||x.k) < 0.3 THEN 'MW2' ELSE 'FDW' END
                      WHEN 'WBA' THEN 'FDB' WHEN 'SBA' THEN 'MLB' WHEN 'WOA' THEN 'MLO' WHEN 'OSR' THEN 'OSR'
                      WHEN 'FBN' THEN 'FDN' ELSE 'LIN' END,
       x.tonnes,
       CASE WHEN x.kind IN ('fixed_forward','spot') THEN round(bp.price * (0.93 + pg_temp.rnd('pr'||x.mbr_id||x.season||x.crop_cd||x.k)*0.14) * 2) / 2
            WHEN x.season <= 2023 AND x.kind = 'pool' THEN bp.price
            WHEN x.season <= 2023 AND x.kind = 'min_price' THEN GREATEST(bp.price, round(bp.price * 0.86))
       END,
       CASE WHEN x.kind = 'min_price' THEN round(bp.price * 0.86) END,
       x.signed_on,
       CASE WHEN x.store THEN make_date(x.season, 10, 1) ELSE make_date(x.season, 7, 1) END,
       CASE WHEN x.store THEN make_date(x.season + 1, 5, 31) ELSE make_date(x.season, 9, 30) END,
       CASE WHEN x.season <= 2023 THEN CASE WHEN pg_temp.rnd('cx'||x.mbr_id||x.season||x.crop_cd||x.k) < 0.04 THEN 'X' ELSE 'F' END
            ELSE 'O' END
FROM (
  SELECT cp.mbr_id, cp.season, cp.crop_cd, k,
         kd.kind,
         round(cp.est_t * CASE WHEN k = 1 THEN 0.5 + pg_temp.rnd('t1'||cp.mbr_id||cp.season||cp.crop_cd)*0.4
                               ELSE 0.1 + pg_temp.rnd('t2'||cp.mbr_id||cp.season||cp.crop_cd||k)*0.2 END / 10) * 10 AS tonnes,
         pg_temp.rnd('ws'||cp.mbr_id||cp.season||cp.crop_cd||k) < 0.2 AS store,
         LEAST(CASE WHEN cp.season = 2025 THEN date '2024-03-01' + floor(pg_temp.rnd('sg'||cp.mbr_id||cp.season||cp.crop_cd||k)*204)::int
                    WHEN kd.kind = 'spot' THEN make_date(cp.season, 7, 5) + floor(pg_temp.rnd('sg'||cp.mbr_id||cp.season||cp.crop_cd||k)*85)::int
                    ELSE make_date(cp.season - 1, 6, 1) + floor(pg_temp.rnd('sg'||cp.mbr_id||cp.season||cp.crop_cd||k)*400)::int END,
               date '2024-09-20') AS signed_on
  FROM ctr_plan cp
  CROSS JOIN LATERAL generate_series(1, CASE WHEN cp.season = 2025 THEN 1
                                             ELSE 1 + (pg_temp.rnd('n2'||cp.mbr_id||cp.season||cp.crop_cd) < 0.4)::int
                                                    + (pg_temp.rnd('n3'||cp.mbr_id||cp.season||cp.crop_cd) < 0.15)::int END) k
  CROSS JOIN LATERAL (SELECT CASE WHEN cp.season = 2025 THEN 'fixed_forward'
              ELSE (ARRAY['pool','pool','pool','pool','fixed_forward','fixed_forward','fixed_forward','spot','spot','min_price'])
                   [1 + floor(pg_temp.rnd('kd'||cp.mbr_id||cp.season||cp.crop_cd||k)*10)::int] END::finance.contract_kind AS kind) kd
  WHERE cp.est_t >= 10
) x
JOIN base_price bp ON bp.season = x.season AND bp.crop_cd = x.crop_cd
ORDER BY x.season, x.signed_on, x.mbr_id, x.crop_cd, x.k;

-- allocate accepted loads to the member's (not cancelled) contracts; loads since 2 Sept 2024 await the allocation run
UPDATE intake.ticket t SET contract_id = c.ids[1 + floor(pg_temp.rnd('al'||t.tkt_id) * array_length(c.ids, 1))::int]
FROM (SELECT mbr_id, crop_cd, season, array_agg(ctr_id ORDER BY ctr_id) AS ids
      FROM finance.price_contract WHERE ctr_status <> 'X' GROUP BY mbr_id, crop_cd, season) c
WHERE c.mbr_id = t.mbr_id AND c.crop_cd = t.crop_cd AND c.season = t.season
  AND t.status_cd = 'A' AND t.wb_in_at < timestamp '2024-09-02';

-- 2024 contracts already delivered in full are fulfilled
UPDATE finance.price_contract pc SET ctr_status = 'F'
FROM (SELECT contract_id, sum(gross_kg - tare_kg - dockage_kg) / 1000.0 AS t FROM intake.ticket
      WHERE season = 2024 AND contract_id IS NOT NULL GROUP BY contract_id) d
WHERE d.contract_id = pc.ctr_id AND pc.season = 2024 AND d.t >= pc.tonnes;

-- =====================================================================
--  Payments and deductions
-- =====================================================================
CREATE TEMP TABLE dlv AS
SELECT t.tkt_id, t.mbr_id, t.season, t.crop_cd, t.grade_cd, t.haulier,
       (t.gross_kg - t.tare_kg) / 1000.0 AS net_t,
       (t.gross_kg - t.tare_kg - t.dockage_kg) / 1000.0 AS pay_t,
       GREATEST(0, t.moist_pct - c.std_moist) AS excess,
       t.wb_in_at::date + ((5 - extract(isodow FROM t.wb_in_at)::int + 7) % 7) AS wk_end
FROM intake.ticket t JOIN agronomy.crop c ON c.crop_cd = t.crop_cd
WHERE t.status_cd = 'A';

CREATE TEMP TABLE pay_stage AS
-- weekly advances: 65 % of the season's indicative price, one week in arrears, drying charged straight away
SELECT d.mbr_id, d.season, d.crop_cd, 'ADV'::char(3) AS pay_typ, d.wk_end + 7 AS raised_on,
       round(sum(d.pay_t) * round(bp.price * 0.65), 2) AS gross_amt,
       sum(d.pay_t) AS pay_t, sum(d.net_t * d.excess) AS dry_tp, 0::numeric AS haul_t
FROM dlv d JOIN base_price bp ON bp.season = d.season AND bp.crop_cd = d.crop_cd
WHERE d.wk_end + 7 <= date '2024-09-20'
GROUP BY d.mbr_id, d.season, d.crop_cd, d.wk_end, bp.price
UNION ALL
-- interim pool payment: 15 %
SELECT d.mbr_id, d.season, d.crop_cd, 'INT', make_date(d.season + 1, 2, 16),
       round(sum(d.pay_t) * round(bp.price * 0.15), 2), sum(d.pay_t), 0, 0
FROM dlv d JOIN base_price bp ON bp.season = d.season AND bp.crop_cd = d.crop_cd
WHERE d.season <= 2023
GROUP BY d.mbr_id, d.season, d.crop_cd, bp.price
UNION ALL
-- final settlement: value at pool price + grade premium, less advances and interim paid
SELECT d.mbr_id, d.season, d.crop_cd, 'FIN', make_date(d.season + 1, 9, 13),
       round(sum(d.pay_t * (bp.price + CASE d.grade_cd WHEN 'MW1' THEN 28 WHEN 'MW2' THEN 14 WHEN 'MLB' THEN 32
                                                      WHEN 'MLO' THEN 12 WHEN 'HCB' THEN 25 ELSE 0 END))
             - sum(d.pay_t) * (round(bp.price * 0.65) + round(bp.price * 0.15)), 2),
       sum(d.pay_t), 0, sum(d.pay_t) FILTER (WHERE d.haulier IS NOT NULL)
FROM dlv d JOIN base_price bp ON bp.season = d.season AND bp.crop_cd = d.crop_cd
WHERE d.season <= 2023
GROUP BY d.mbr_id, d.season, d.crop_cd, bp.price;

CREATE TEMP TABLE pay_num AS
SELECT row_number() OVER (ORDER BY raised_on, pay_typ, mbr_id, crop_cd, season) AS pay_id, s.* FROM pay_stage s;

INSERT INTO finance.payment (pay_id, pay_ref, mbr_id, season, crop_cd, pay_typ, raised_on, gross_amt, ded_amt, net_amt, settled_on, bacs_ref)
SELECT p.pay_id, 'PY' || to_char(p.raised_on, 'YY') || '-' || lpad(p.pay_id::text, 6, '0'),
       p.mbr_id, p.season, p.crop_cd, p.pay_typ, p.raised_on, p.gross_amt, 0, p.gross_amt,
       CASE WHEN p.raised_on + 5 > date '2024-09-20' THEN NULL
            WHEN p.season = 2024 AND p.pay_typ = 'ADV' AND m.rt_expiry < p.raised_on THEN NULL
            WHEN p.pay_typ = 'FIN' AND p.season = 2023 AND pg_temp.rnd('fh'||p.pay_id) < 0.03 THEN NULL
            ELSE p.raised_on + 5 END,
       NULL
FROM pay_num p JOIN members.member m ON m.mbr_id = p.mbr_id
ORDER BY p.pay_id;
UPDATE finance.payment SET bacs_ref = 'BACS' || to_char(settled_on, 'YYMMDD') WHERE settled_on IS NOT NULL;
DO $$ BEGIN PERFORM setval('finance.payment_pay_id_seq', (SELECT max(pay_id) FROM finance.payment)); END $$;

INSERT INTO finance.deduction (pay_id, ded_cd, basis_t, rate, amount)
SELECT pay_id, ded_cd, basis, rate, round(basis * rate, 2)
FROM (
  SELECT p.pay_id, 'DRY' AS ded_cd, round(p.dry_tp, 3) AS basis,
         CASE p.season WHEN 2019 THEN 1.55 WHEN 2020 THEN 1.60 WHEN 2021 THEN 1.65 WHEN 2022 THEN 1.95 WHEN 2023 THEN 2.05 ELSE 2.10 END AS rate
  FROM pay_num p WHERE p.pay_typ = 'ADV' AND p.dry_tp > 0
  UNION ALL
  SELECT p.pay_id, 'LEV', round(p.pay_t, 3), c.levy_t FROM pay_num p JOIN agronomy.crop c ON c.crop_cd = p.crop_cd
  WHERE p.pay_typ = 'FIN' AND c.levy_t > 0
  UNION ALL
  SELECT p.pay_id, 'STO', round(p.pay_t, 3), CASE WHEN p.season <= 2021 THEN 2.25 ELSE 2.60 END FROM pay_num p WHERE p.pay_typ = 'FIN'
  UNION ALL
  SELECT p.pay_id, 'HAU', round(p.haul_t, 3), 5.75 FROM pay_num p WHERE p.pay_typ = 'FIN' AND p.haul_t > 0
) x
ORDER BY pay_id, ded_cd;

UPDATE finance.payment p SET ded_amt = d.s, net_amt = p.gross_amt - d.s
FROM (SELECT pay_id, sum(amount) AS s FROM finance.deduction GROUP BY pay_id) d
WHERE d.pay_id = p.pay_id;

-- =====================================================================
--  Bin stock ledger
-- =====================================================================
INSERT INTO intake.stock_mvt (silo_id, season, mvt_at, mvt_typ, qty_kg, cpty, ref_doc)
SELECT silo_id, season, mvt_at, mvt_typ, qty_kg, cpty, ref_doc FROM (
  SELECT t.silo_id, t.season, t.wb_in_at::date + interval '20 hours' AS mvt_at, 'IN' AS mvt_typ,
         sum(t.gross_kg - t.tare_kg)::bigint AS qty_kg, NULL::varchar AS cpty, 'DAYBOOK ' || to_char(t.wb_in_at::date, 'DDMMYY') AS ref_doc
  FROM intake.ticket t WHERE t.status_cd = 'A' GROUP BY t.silo_id, t.season, t.wb_in_at::date
  UNION ALL
  SELECT t.silo_id, t.season, t.wb_in_at::date + interval '1 day 6 hours', 'DRY',
         -round(sum((t.gross_kg - t.tare_kg) * (t.moist_pct - c.std_moist) / (100 - c.std_moist)))::bigint, NULL, 'DRYER ' || to_char(t.wb_in_at::date, 'DDMMYY')
  FROM intake.ticket t JOIN agronomy.crop c ON c.crop_cd = t.crop_cd
  WHERE t.status_cd = 'A' AND t.moist_pct > c.std_moist AND t.wb_in_at::date < date '2024-09-20'
  GROUP BY t.silo_id, t.season, t.wb_in_at::date
) x ORDER BY mvt_at, silo_id;

-- transfers between bins of the same crop at a site (autumn and winter)
INSERT INTO intake.stock_mvt (silo_id, season, mvt_at, mvt_typ, qty_kg, cpty, ref_doc)
SELECT CASE WHEN leg = 1 THEN a ELSE b END, s, at, 'TRF', CASE WHEN leg = 1 THEN -q ELSE q END, NULL, 'TRF-' || lpad(k::text, 4, '0')
FROM (
  SELECT k, s, b2.ids[1] AS a, b2.ids[2] AS b,
         make_date(s, 10, 5) + floor(pg_temp.rnd('td'||k)*110)::int + interval '10 hours' AS at,
         (50 + floor(pg_temp.rnd('tq'||k)*350)::int) * 1000::bigint AS q
  FROM generate_series(1, 140) k
  CROSS JOIN LATERAL (SELECT 2019 + floor(pg_temp.rnd('ts'||k)*5)::int AS s) ss
  CROSS JOIN LATERAL (SELECT ids FROM bins WHERE array_length(ids, 1) > 1
                      ORDER BY site_cd, crop_cd OFFSET floor(pg_temp.rnd('tb'||k)*9)::int LIMIT 1) b2
) tr
CROSS JOIN generate_series(1, 2) leg
ORDER BY at, leg;

-- despatches to buyers and the end-of-season stock-take: old seasons are cleared out by July
CREATE TEMP TABLE bal AS
SELECT silo_id, season, sum(qty_kg) AS q, min(mvt_at)::date AS first_in FROM intake.stock_mvt GROUP BY silo_id, season;

INSERT INTO intake.stock_mvt (silo_id, season, mvt_at, mvt_typ, qty_kg, cpty, ref_doc)
SELECT silo_id, season, make_date(season + 1, 7, 31) + interval '16 hours', 'ADJ',
       -round(q * (0.001 + pg_temp.rnd('aj'||silo_id||season)*0.003))::bigint, NULL, 'STOCKTAKE ' || (season + 1)
FROM bal WHERE season <= 2023
ORDER BY silo_id, season;

INSERT INTO intake.stock_mvt (silo_id, season, mvt_at, mvt_typ, qty_kg, cpty, ref_doc)
SELECT o.silo_id, o.season, o.at, 'OUT',
       -(CASE WHEN o.k < o.n THEN floor(o.tot / o.n) ELSE o.tot - floor(o.tot / o.n) * (o.n - 1) END)::bigint,
       o.cpty, 'DN' || to_char(o.at, 'YYMM') || '-' || lpad((o.silo_id * 100 + o.k)::text, 5, '0')
FROM (
  SELECT b.silo_id, b.season, k, nn.n,
         CASE WHEN b.season <= 2023 THEN b.q - round(b.q * (0.001 + pg_temp.rnd('aj'||b.silo_id||b.season)*0.003))
              ELSE round(b.q * (0.15 + pg_temp.rnd('o4'||b.silo_id)*0.15)) END AS tot,
         CASE WHEN b.season <= 2023 THEN make_date(b.season, 9, 1) + (k * 315 / nn.n) + floor(pg_temp.rnd('od'||b.silo_id||b.season||k)*6)::int
              ELSE b.first_in + 4 + (k * (date '2024-09-19' - b.first_in - 6) / nn.n) + floor(pg_temp.rnd('od'||b.silo_id||b.season||k)*3)::int END
           + interval '14 hours' AS at,
         CASE s.crop_cd
           WHEN 'WWH' THEN (ARRAY['Frontier Agriculture','Openfield','ADM Milling (Corby)','Whitworth Bros (Wellingborough)','Vivergo Fuels (Hull)','ForFarmers Feed'])[1 + floor(pg_temp.rnd('cp'||b.silo_id||b.season||k)*6)::int]
           WHEN 'WBA' THEN (ARRAY['ForFarmers Feed','Frontier Agriculture','Boortmalt (Bury St Edmunds)'])[1 + floor(pg_temp.rnd('cp'||b.silo_id||b.season||k)*3)::int]
           WHEN 'SBA' THEN (ARRAY['Boortmalt (Bury St Edmunds)','Crisp Malt (Great Ryburgh)','Muntons (Stowmarket)'])[1 + floor(pg_temp.rnd('cp'||b.silo_id||b.season||k)*3)::int]
           WHEN 'OSR' THEN (ARRAY['Cargill (Liverpool)','ADM (Erith)','Openfield'])[1 + floor(pg_temp.rnd('cp'||b.silo_id||b.season||k)*3)::int]
           WHEN 'WOA' THEN (ARRAY['Morning Foods','Jordans Dorset Ryvita'])[1 + floor(pg_temp.rnd('cp'||b.silo_id||b.season||k)*2)::int]
           WHEN 'FBN' THEN (ARRAY['Dunns (Long Ashton)','Frontier Agriculture','Port of Tilbury export'])[1 + floor(pg_temp.rnd('cp'||b.silo_id||b.season||k)*3)::int]
           ELSE (ARRAY['Openfield','Premium Crops'])[1 + floor(pg_temp.rnd('cp'||b.silo_id||b.season||k)*2)::int] END AS cpty
  FROM bal b JOIN intake.silo s ON s.silo_id = b.silo_id
  CROSS JOIN LATERAL (SELECT CASE WHEN b.season <= 2023 THEN 8 + floor(pg_temp.rnd('on'||b.silo_id||b.season)*16)::int
                                  ELSE 2 + floor(pg_temp.rnd('on'||b.silo_id)*4)::int END AS n) nn
  CROSS JOIN LATERAL generate_series(1, nn.n) k
  WHERE b.q > 0 AND (b.season <= 2023 OR b.first_in <= date '2024-09-05')
) o
ORDER BY o.at, o.silo_id;

-- bins that never took grain are not allocated to a crop
UPDATE intake.silo s SET crop_cd = NULL WHERE NOT EXISTS (SELECT 1 FROM intake.stock_mvt m WHERE m.silo_id = s.silo_id);

-- bins sized so that today's stock fits
UPDATE intake.silo s SET cap_t = GREATEST(s.cap_t, (ceil(b.q / 1000.0 * 1.15 / 500) * 500)::int)
FROM (SELECT silo_id, sum(qty_kg) AS q FROM intake.stock_mvt GROUP BY silo_id) b
WHERE b.silo_id = s.silo_id;
UPDATE intake.site st SET store_cap_t = GREATEST(st.store_cap_t, x.c)
FROM (SELECT site_cd, sum(cap_t) AS c FROM intake.silo GROUP BY site_cd) x WHERE x.site_cd = st.site_cd;

-- =====================================================================
--  Agronomy: inspections and spray records
-- =====================================================================
CREATE TEMP TABLE plant_ctx AS
SELECT p.plant_id, p.fld_id, p.season, p.crop_cd, p.variety, p.area_ha, p.drilled_on, p.harvested_on,
       m.mbr_id, m.principal, m.dflt_site,
       CASE m.dflt_site WHEN 'CHT' THEN CASE WHEN p.season <= 2021 THEN 4 ELSE 1 END
                        WHEN 'MRC' THEN CASE WHEN m.mbr_id % 3 = 0 THEN 5 ELSE 2 END
                        ELSE CASE WHEN m.mbr_id % 3 = 0 THEN 6 ELSE 3 END END AS agr_id,
       pg_temp.rnd('cs'||m.mbr_id) < 0.3 AS coop_sprays
FROM agronomy.planting p
JOIN members.field f ON f.fld_id = p.fld_id
JOIN members.member m ON m.mbr_id = f.mbr_id;

INSERT INTO agronomy.inspection (plant_id, agr_id, insp_on, findings, advice, follow_up_by)
SELECT plant_id, agr_id, insp_on, findings, adv.advice,
       CASE WHEN adv.advice <> 'No action needed' AND pg_temp.rnd('fu'||plant_id||v) < 0.5 THEN insp_on + 14 END
FROM (
  SELECT pc.plant_id, pc.agr_id, v, x.insp_on,
         jsonb_strip_nulls(jsonb_build_object(
           'gs', x.gs,
           'crop_cond', CASE WHEN u.a < 0.62 THEN 'good' WHEN u.a < 0.92 THEN 'fair' ELSE 'poor' END,
           'blackgrass_m2', CASE WHEN pc.crop_cd IN ('WWH','WBA','WOA','OSR') THEN floor(u.b ^ 3 * 120)::int END,
           'broadleaf', (ARRAY['none','low','low','moderate','high'])[1 + floor(u.c * 5)::int],
           'disease', CASE
               WHEN pc.crop_cd IN ('WWH','WBA','SBA','WOA') THEN jsonb_build_object(
                    'septoria_pct', round((u.d ^ 2 * 25)::numeric, 1),
                    'yellow_rust_pct', CASE WHEN u.e < CASE WHEN pc.variety IN ('Skyfall','Crusoe','KWS Zyatt') THEN 0.30 ELSE 0.10 END
                                            THEN round((u.e * 40)::numeric, 1) ELSE 0 END,
                    'mildew_pct', round((u.f ^ 3 * 15)::numeric, 1))
               WHEN pc.crop_cd = 'OSR' THEN jsonb_build_object(
                    'phoma_pct', round((u.d ^ 2 * 30)::numeric, 1),
                    'light_leaf_spot_pct', round((u.e ^ 3 * 20)::numeric, 1))
               WHEN pc.crop_cd = 'FBN' THEN jsonb_build_object('chocolate_spot_pct', round((u.d ^ 2 * 30)::numeric, 1))
               ELSE jsonb_build_object('mildew_pct', round((u.f ^ 3 * 10)::numeric, 1)) END,
           'pests', CASE
               WHEN pc.crop_cd = 'OSR' AND v = 1 AND u.g < 0.55 THEN jsonb_build_array('cabbage stem flea beetle')
               WHEN v = 1 AND u.g < 0.25 THEN jsonb_build_array('slugs')
               WHEN v = 1 AND u.g < 0.35 THEN jsonb_build_array('aphids')
               WHEN pc.crop_cd = 'OSR' AND v = 2 AND u.g < 0.3 THEN jsonb_build_array('pollen beetle')
               WHEN pc.crop_cd = 'FBN' AND u.g < 0.4 THEN jsonb_build_array('bean weevil')
               WHEN v = 2 AND u.g < 0.12 THEN jsonb_build_array('leatherjackets', 'slugs')
               ELSE '[]'::jsonb END
         )) AS findings, u.h, u.i
  FROM plant_ctx pc
  CROSS JOIN LATERAL (VALUES
      (1, pc.drilled_on + 28 + floor(pg_temp.rnd('i1'||pc.plant_id)*14)::int, 12 + floor(pg_temp.rnd('g1'||pc.plant_id)*10)::int,
          pc.crop_cd NOT IN ('SBA','LIN') AND pg_temp.rnd('p1'||pc.plant_id) < 0.40),
      (2, make_date(pc.season, 3, 18) + floor(pg_temp.rnd('i2'||pc.plant_id)*35)::int, 25 + floor(pg_temp.rnd('g2'||pc.plant_id)*8)::int,
          pc.crop_cd NOT IN ('SBA','LIN') AND pg_temp.rnd('p2'||pc.plant_id) < 0.72),
      (3, make_date(pc.season, 5, 18) + floor(pg_temp.rnd('i3'||pc.plant_id)*25)::int, 37 + floor(pg_temp.rnd('g3'||pc.plant_id)*25)::int,
          pg_temp.rnd('p3'||pc.plant_id) < 0.45)
  ) x(v, insp_on, gs, keep)
  CROSS JOIN LATERAL (SELECT pg_temp.rnd('ja'||pc.plant_id||v) AS a, pg_temp.rnd('jb'||pc.plant_id||v) AS b,
                             pg_temp.rnd('jc'||pc.plant_id||v) AS c, pg_temp.rnd('jd'||pc.plant_id||v) AS d,
                             pg_temp.rnd('je'||pc.plant_id||v) AS e, pg_temp.rnd('jf'||pc.plant_id||v) AS f,
                             pg_temp.rnd('jg'||pc.plant_id||v) AS g, pg_temp.rnd('jh'||pc.plant_id||v) AS h,
                             pg_temp.rnd('ji'||pc.plant_id||v) AS i) u
  WHERE x.keep AND x.insp_on <= date '2024-09-20'
    AND (pc.harvested_on IS NULL OR x.insp_on < pc.harvested_on)
) z
CROSS JOIN LATERAL (SELECT CASE
      WHEN z.findings->'pests' ? 'slugs' THEN 'Monitor slug activity; pellet if threshold exceeded'
      WHEN z.findings->'pests' ? 'cabbage stem flea beetle' THEN 'Flea beetle larvae: assess plant numbers, consider early Kerb'
      WHEN z.findings->'pests' ? 'aphids' AND z.h < 0.6 THEN 'Aphid numbers above threshold: apply insecticide'
      WHEN (z.findings->'disease'->>'yellow_rust_pct')::numeric >= 5 THEN 'Yellow rust active: apply fungicide within 7 days'
      WHEN EXISTS (SELECT 1 FROM jsonb_each_text(z.findings->'disease') d WHERE d.value::numeric >= 10) THEN 'Apply fungicide within 7 days'
      WHEN (z.findings->>'blackgrass_m2')::int >= 30 THEN 'Blackgrass patches: plan spring herbicide and spot-spray'
      WHEN z.findings->>'crop_cond' = 'poor' THEN 'Check again after the next rain'
      WHEN z.h < 0.12 THEN 'PGR recommended, high lodging risk'
      WHEN z.h < 0.18 THEN 'Manganese deficiency: apply foliar Mn'
      ELSE 'No action needed' END AS advice) adv
ORDER BY insp_on, plant_id;

CREATE TEMP TABLE spray_prog (crop_cd char(3), prod_id smallint, anchor char(1), offs int, spread int, prob float8, gs int);
INSERT INTO spray_prog VALUES
 -- anchor D = days after drilling, Y = days after 1 January of the harvest year
 ('WWH', 1,'D',  2,  5,0.80,  0),('WWH', 3,'D', 35, 15,0.25, 12),('WWH',20,'D', 40, 20,0.22, 13),
 ('WWH', 4,'Y', 68, 25,0.30, 25),('WWH',18,'Y', 86, 20,0.60, 30),('WWH',11,'Y',104, 14,0.50, 32),
 ('WWH',10,'Y',131, 14,0.70, 39),('WWH',14,'Y',154, 10,0.45, 61),('WWH',23,'Y',200, 10,0.10, 87),
 ('WBA', 1,'D',  2,  5,0.75,  0),('WBA',18,'Y', 78, 20,0.45, 30),('WBA',15,'Y', 94, 14,0.55, 31),
 ('WBA',13,'Y',118, 10,0.45, 45),('WBA',19,'Y',100, 10,0.25, 32),
 ('SBA', 5,'Y',124, 14,0.75, 23),('SBA',15,'Y',144, 12,0.55, 33),('SBA',19,'Y',134, 10,0.25, 31),
 ('OSR', 6,'D',  2,  4,0.70,  0),('OSR',22,'D',  8,  8,0.35, 10),('OSR', 7,'D', 25, 10,0.55, 14),
 ('OSR',13,'D', 70, 15,0.40, 16),('OSR', 8,'D',115, 20,0.60, 18),('OSR',21,'Y', 73, 14,0.25, 55),
 ('OSR',17,'Y',104, 12,0.55, 63),('OSR',23,'Y',181,  8,0.35, 85),
 ('WOA', 5,'Y', 99, 14,0.55, 25),('WOA',13,'Y',120, 12,0.45, 37),('WOA',19,'Y',110, 10,0.25, 31),
 ('FBN', 9,'D',  2,  5,0.75,  0),('FBN',16,'Y',139, 14,0.55, 61),('FBN',20,'Y',151, 10,0.35, 65),
 ('LIN', 7,'Y',129, 14,0.45, 20),('LIN',20,'Y',151, 10,0.20, 40),('LIN',23,'Y',231, 10,0.35, 85);

INSERT INTO assets.equipment (eqp_id, asset_tag, eqp_cls, make, model, serial_no, yr_built, site_cd, bought_on, cost_gbp, hrs_mtr, disposed_on) VALUES
 ( 1,'SPR-01','SPR','Househam','Harrier 24m','HH2417-0931',2017,'CHT','2017-02-14',118500.00,3410,NULL),
 ( 2,'SPR-02','SPR','Horsch','Leeb 6.300 PT','LB63-20448',2019,'MRC','2019-01-30', 96400.00,2288,NULL),
 ( 3,'SPR-03','SPR','Bateman','RB35','RB35-1187',2015,'HOL','2015-03-02',132000.00,5125,'2022-11-30'),
 ( 4,'SPR-04','SPR','John Deere','R4150i','1N0R4150C0021',2021,'HOL','2021-02-22',245000.00,1604,NULL),
 ( 5,'SPR-05','SPR','Amazone','UX 5201 Super','UX5201-77612',2020,'CHT','2020-02-10', 88900.00,1877,NULL),
 ( 6,'SPR-06','SPR','Sands','SP7000','SP7-23011',2023,'MRC','2023-03-06',268000.00, 642,NULL),
 ( 7,'CMB-01','CMB','Claas','Lexion 8700 TT','C8700-20341',2020,'CHT','2020-06-18',612000.00,1480,NULL),
 ( 8,'CMB-02','CMB','John Deere','X9 1000','1Z0X91000N0044',2022,'MRC','2022-06-30',655000.00, 842,NULL),
 ( 9,'CMB-03','CMB','New Holland','CR9.90','NH-CR990-1602',2016,'HOL','2016-06-27',498000.00,2911,NULL),
 (10,'CMB-04','CMB','Claas','Lexion 770 TT','C770-14088',2014,'CHT','2014-07-01',455000.00,3640,'2021-10-15'),
 (11,'CMB-05','CMB','Fendt','Ideal 9T','FI9T-23007',2023,'HOL','2023-06-12',689000.00, 402,NULL),
 (12,'DRY-01','DRY','Master-Dry','MDX 60 continuous-flow','MD60-1209',2012,'CHT','2012-06-01',185000.00,21450,NULL),
 (13,'DRY-02','DRY','Svegma','FD 40','SV40-1533',2015,'MRC','2015-05-20',162000.00,16620,NULL),
 (14,'DRY-03','DRY','Alvan Blanch','BDC 50','AB50-1871',2018,'HOL','2018-05-14',171500.00,11205,NULL),
 (15,'LDR-01','LDR','JCB','542-70 Agri Xtra','JCB5427-2801',2020,'CHT','2020-03-09', 98500.00,4120,NULL),
 (16,'LDR-02','LDR','Manitou','MLT 741','MLT741-18220',2018,'MRC','2018-04-16', 82300.00,6230,NULL),
 (17,'LDR-03','LDR','Volvo','L90H','VCEL90H-1752',2017,'CHT','2017-07-03',139000.00,7985,NULL),
 (18,'LDR-04','LDR','Merlo','TF50.8','MTF508-21455',2021,'HOL','2021-05-24', 91200.00,3002,NULL),
 (19,'LDR-05','LDR','JCB','435S','JCB435-19603',2019,'HOL','2019-06-10',128000.00,5410,NULL),
 (20,'TRL-01','TRL','Bailey','TB18 grain trailer','BT18-20117',2020,'CHT','2020-06-01', 38500.00,NULL,NULL),
 (21,'TRL-02','TRL','Richard Western','SF16','RWSF16-1809',2018,'MRC','2018-06-20', 33900.00,NULL,NULL),
 (22,'TRL-03','TRL','Marston','ACE 16','MACE16-2231',2022,'HOL','2022-07-04', 41200.00,NULL,NULL),
 (23,'TRL-04','TRL','Bailey','TB16 grain trailer','BT16-1406',2014,'HOL','2014-06-30', 27400.00,NULL,'2023-09-29'),
 (24,'WBR-01','WBR','Avery Weigh-Tronix','BR 18m pitless','AWT-18-10552',2010,'CHT','2010-05-10', 64000.00,NULL,NULL),
 (25,'WBR-02','WBR','Avery Weigh-Tronix','BR 18m surface','AWT-18-13201',2013,'MRC','2013-04-22', 58500.00,NULL,NULL),
 (26,'WBR-03','WBR','Precia Molen','Pitless 18m','PM18-19088',2019,'HOL','2019-03-18', 71800.00,NULL,NULL),
 (27,'ELV-01','ELV','Skandia','KTC 150 chain conveyor','SK150-1127',2011,'CHT','2011-06-01', 42000.00,18400,NULL),
 (28,'ELV-02','ELV','Skandia','BE 100 bucket elevator','SKBE-1304',2013,'MRC','2013-06-01', 36500.00,15210,NULL),
 (29,'ELV-03','ELV','Perry of Oakley','Bucket elevator 80tph','PO80-1752',2017,'HOL','2017-05-15', 39800.00,9905,NULL),
 (30,'CLN-01','CLN','Cimbria','Delta 105 pre-cleaner','CD105-1630',2016,'CHT','2016-06-06', 54200.00,10110,NULL),
 (31,'CLN-02','CLN','Cimbria','Delta 103 pre-cleaner','CD103-2129',2021,'HOL','2021-06-14', 49800.00,4630,NULL);
ALTER SEQUENCE assets.equipment_eqp_id_seq RESTART WITH 32;

INSERT INTO agronomy.spray_rec (plant_id, fld_id, prod_id, applied_on, dose_ha, area_ha, water_l_ha, eqp_id, operator_nm, gs, wind_kph)
SELECT pc.plant_id, pc.fld_id, sp.prod_id, a.applied_on,
       round((pr.max_dose * (0.45 + pg_temp.rnd('dz'||pc.plant_id||'-'||sp.prod_id)*0.55))::numeric, 3),
       pc.area_ha,
       (ARRAY[100,100,150,200,200,250])[1 + floor(pg_temp.rnd('wv'||pc.plant_id||'-'||sp.prod_id)*6)::int],
       CASE WHEN pc.coop_sprays THEN sx.eqp END,
       CASE WHEN pc.coop_sprays THEN (ARRAY['Darren Keel','Mick Shepherd','Tom Royce','Lee Bunting'])[1 + floor(pg_temp.rnd('op'||pc.plant_id||sp.prod_id)*4)::int]
            ELSE pc.principal END,
       sp.gs,
       (2 + floor(pg_temp.rnd('wk'||pc.plant_id||'-'||sp.prod_id)*14))::int
FROM plant_ctx pc
JOIN spray_prog sp ON sp.crop_cd = pc.crop_cd
JOIN agronomy.product pr ON pr.prod_id = sp.prod_id
CROSS JOIN LATERAL (SELECT CASE WHEN sp.anchor = 'D' THEN pc.drilled_on + sp.offs
                                ELSE make_date(pc.season, 1, 1) + sp.offs END
                           + floor(pg_temp.rnd('ad'||pc.plant_id||'-'||sp.prod_id)*sp.spread)::int AS applied_on) a
CROSS JOIN LATERAL (SELECT CASE pc.dflt_site
                             WHEN 'CHT' THEN CASE WHEN a.applied_on < date '2020-02-10' THEN 1 ELSE (ARRAY[1,5])[1 + (pc.mbr_id % 2)] END
                             WHEN 'MRC' THEN CASE WHEN a.applied_on < date '2023-03-06' THEN 2 ELSE (ARRAY[2,6])[1 + (pc.mbr_id % 2)] END
                             ELSE CASE WHEN a.applied_on < date '2021-02-22' THEN 3 ELSE 4 END END AS eqp) sx
WHERE pg_temp.rnd('sp'||pc.plant_id||'-'||sp.prod_id) < sp.prob
  AND a.applied_on <= date '2024-09-20'
  AND (pc.harvested_on IS NULL OR a.applied_on < pc.harvested_on)
ORDER BY a.applied_on, pc.plant_id, sp.prod_id;

-- =====================================================================
--  Maintenance jobs
-- =====================================================================
INSERT INTO assets.maint_job (eqp_id, job_typ, opened_on, closed_on, descr, labour_hrs, parts_gbp, contractor)
SELECT eqp_id, job_typ, opened_on,
       CASE WHEN opened_on + dur > date '2024-09-20' THEN NULL
            WHEN job_typ = 'R' AND opened_on > date '2024-06-01' AND pg_temp.rnd('wp'||eqp_id||opened_on) < 0.3 THEN NULL
            ELSE opened_on + dur END,
       descr, labour, parts, contractor
FROM (
  SELECT e.eqp_id, j.job_typ, j.opened_on, j.dur, j.descr,
         round((CASE j.job_typ WHEN 'S' THEN 4 + pg_temp.rnd('lh'||e.eqp_id||j.k)*12 WHEN 'T' THEN 1 + pg_temp.rnd('lh'||e.eqp_id||j.k)*3
                              ELSE 1 + pg_temp.rnd('lh'||e.eqp_id||j.k)^1.5 * 30 END)::numeric, 1) AS labour,
         round((CASE j.job_typ WHEN 'S' THEN 250 + pg_temp.rnd('pp'||e.eqp_id||j.k)*1800 WHEN 'T' THEN 90 + pg_temp.rnd('pp'||e.eqp_id||j.k)*260
                              ELSE 40 + pg_temp.rnd('pp'||e.eqp_id||j.k)^2 * CASE WHEN e.eqp_cls = 'CMB' THEN 14000 ELSE 4500 END END)::numeric, 2) AS parts,
         CASE WHEN j.job_typ = 'T' THEN (CASE e.eqp_cls WHEN 'SPR' THEN 'NSTS Test Centre (Ely)' WHEN 'WBR' THEN 'Avery Weigh-Tronix Service'
                                                        ELSE 'Allianz Engineering Inspection' END)
              WHEN pg_temp.rnd('ct'||e.eqp_id||j.k) < CASE WHEN e.eqp_cls IN ('CMB','SPR') THEN 0.6 ELSE 0.25 END
              THEN CASE e.make WHEN 'Claas' THEN 'Claas Eastern' WHEN 'John Deere' THEN 'Ben Burgess' WHEN 'New Holland' THEN 'Thurlow Nunn Standen'
                               WHEN 'Fendt' THEN 'Ripon Farm Services' WHEN 'JCB' THEN 'Gunns JCB' ELSE 'Fen Agri Engineering' END
         END AS contractor
  FROM assets.equipment e
  CROSS JOIN LATERAL (
    -- annual service before the busy season
    SELECT 'S'::char(1) AS job_typ, k,
           make_date(y, CASE e.eqp_cls WHEN 'CMB' THEN 6 WHEN 'DRY' THEN 6 WHEN 'SPR' THEN 2 WHEN 'ELV' THEN 5 ELSE 4 END, 3)
             + floor(pg_temp.rnd('sv'||e.eqp_id||y)*20)::int AS opened_on,
           1 + floor(pg_temp.rnd('sd'||e.eqp_id||y)*3)::int AS dur,
           CASE e.eqp_cls WHEN 'CMB' THEN 'Pre-harvest service: belts, knife, filters, oils'
                          WHEN 'DRY' THEN 'Annual dryer service: burner, fans, moisture meter calibration'
                          WHEN 'SPR' THEN 'Annual service: nozzles, filters, pump oil'
                          ELSE 'Annual service' END AS descr
    FROM generate_series(2019, 2024) y, LATERAL (SELECT y * 10 AS k) kk
    UNION ALL
    -- statutory tests
    SELECT 'T', k, make_date(y, CASE e.eqp_cls WHEN 'SPR' THEN 1 WHEN 'LDR' THEN 3 ELSE m END, 10)
             + floor(pg_temp.rnd('st'||e.eqp_id||y||m)*15)::int, 1,
           CASE e.eqp_cls WHEN 'SPR' THEN 'NSTS sprayer test' WHEN 'LDR' THEN 'LOLER thorough examination'
                          ELSE 'Weighbridge verification and calibration' END
    FROM generate_series(2019, 2024) y
    CROSS JOIN LATERAL (SELECT unnest(CASE e.eqp_cls WHEN 'WBR' THEN ARRAY[1,7] ELSE ARRAY[1] END) AS m) mm
    CROSS JOIN LATERAL (SELECT y * 10 + mm.m AS k) kk
    WHERE e.eqp_cls IN ('SPR','LDR','WBR')
    UNION ALL
    -- breakdowns, mostly in the busy season
    SELECT 'R', 100000 + r,
           CASE WHEN e.eqp_cls IN ('CMB','DRY','ELV','WBR') AND pg_temp.rnd('rs'||e.eqp_id||r) < 0.75
                THEN make_date(2019 + floor(pg_temp.rnd('ry'||e.eqp_id||r)*6)::int, 7, 1) + floor(pg_temp.rnd('rd'||e.eqp_id||r)*85)::int
                ELSE make_date(2019, 1, 1) + floor(pg_temp.rnd('rd'||e.eqp_id||r)*2090)::int END,
           floor(pg_temp.rnd('rl'||e.eqp_id||r)^2 * 12)::int,
           (ARRAY['Hydraulic hose burst','Bearing failure','Electrical fault / sensor','Belt replaced','Chain / sprocket wear',
                  'Tyre puncture','Engine overheating','Software / ECU fault','Leaking pump seal','Auger drive failure'])
              [1 + floor(pg_temp.rnd('rk'||e.eqp_id||r)*10)::int]
    FROM generate_series(1, CASE e.eqp_cls WHEN 'CMB' THEN 34 WHEN 'DRY' THEN 26 WHEN 'SPR' THEN 18 WHEN 'LDR' THEN 18 ELSE 8 END) r
  ) j
  WHERE j.opened_on >= e.bought_on AND (e.disposed_on IS NULL OR j.opened_on < e.disposed_on)
    AND j.opened_on <= date '2024-09-20'
) x
ORDER BY opened_on, eqp_id, job_typ, descr;

-- spray records only reference sprayers that were owned at the time
UPDATE agronomy.spray_rec SET eqp_id = 4 WHERE eqp_id = 3 AND applied_on >= date '2022-11-30';

-- =====================================================================
--  Indexes and views
-- =====================================================================
CREATE INDEX idx_field_mbr            ON members.field (mbr_id);
CREATE INDEX idx_memhist_mbr          ON members.membership_hist (mbr_id, valid_from);
CREATE INDEX idx_planting_fld_season  ON agronomy.planting (fld_id, season);
CREATE INDEX idx_spray_plant          ON agronomy.spray_rec (plant_id);
CREATE INDEX idx_insp_plant           ON agronomy.inspection (plant_id);
CREATE INDEX idx_ticket_mbr_season    ON intake.ticket (mbr_id, season);
CREATE INDEX idx_ticket_wb_in         ON intake.ticket (wb_in_at);
CREATE INDEX idx_ticket_haulier       ON intake.ticket (haulier);
CREATE INDEX idx_mvt_silo_at          ON intake.stock_mvt (silo_id, mvt_at);
CREATE INDEX idx_contract_mbr         ON finance.price_contract (mbr_id, season);
CREATE INDEX idx_payment_mbr          ON finance.payment (mbr_id, raised_on);
CREATE INDEX idx_deduction_pay        ON finance.deduction (pay_id);
CREATE INDEX idx_job_eqp              ON assets.maint_job (eqp_id, opened_on);

CREATE VIEW intake.v_ticket_net AS
SELECT t.tkt_id, t.tkt_no, t.site_cd, t.mbr_id, m.mbr_no, m.bus_name, t.crop_cd, t.season, t.wb_in_at,
       t.status_cd, t.grade_cd, t.gross_kg, t.tare_kg,
       t.gross_kg - t.tare_kg AS net_kg,
       t.dockage_kg,
       t.gross_kg - t.tare_kg - COALESCE(t.dockage_kg, 0) AS payable_kg
FROM intake.ticket t JOIN members.member m ON m.mbr_id = t.mbr_id;
COMMENT ON VIEW intake.v_ticket_net IS 'Tickets with net weight (gross - tare) and payable weight (net - dockage), in kg';

CREATE VIEW finance.v_unpaid_payments AS
SELECT p.pay_id, p.pay_ref, p.mbr_id, m.mbr_no, m.bus_name, p.season, p.crop_cd, p.pay_typ, p.raised_on, p.net_amt
FROM finance.payment p JOIN members.member m ON m.mbr_id = p.mbr_id
WHERE p.settled_on IS NULL;
COMMENT ON VIEW finance.v_unpaid_payments IS 'Payments raised but not yet sent to the member (next BACS run or on hold)';

DROP FUNCTION pg_temp.vreg(text);
DROP FUNCTION pg_temp.rnd(text);
VACUUM FULL;
VACUUM ANALYZE;

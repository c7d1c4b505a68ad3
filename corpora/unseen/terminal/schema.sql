-- =====================================================================
--  Fenmouth International Container Terminal (FICT) — terminal operating DB
--  Feeder / short-sea container terminal on the east coast of England.
--  Data snapshot taken at close of business Wednesday 18 September 2024
--  (22:00, when the truck gate closes).
-- =====================================================================
SET client_min_messages = warning;
SET TimeZone = 'UTC';
SET DateStyle = 'ISO, YMD';

CREATE SCHEMA ops;
CREATE SCHEMA gate;
CREATE SCHEMA fin;

COMMENT ON SCHEMA ops  IS 'Quay and yard operations: shipping lines, vessels, berths, vessel visits, containers (units), moves, holds, equipment, staff rosters';
COMMENT ON SCHEMA gate IS 'Truck gate: trucking companies (hauliers), appointments, gate transactions';
COMMENT ON SCHEMA fin  IS 'Billing: customers, tariffs, charges, invoices, payments';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- fin.customer (needed first: lines and hauliers point to it)
-- ---------------------------------------------------------------------
CREATE TABLE fin.customer (
    cust_id    int PRIMARY KEY,
    cust_cd    varchar(8) NOT NULL UNIQUE,
    cust_nm    varchar(80) NOT NULL,
    cust_typ   char(1) NOT NULL,
    ctry_cd    char(2) NOT NULL DEFAULT 'GB',
    vat_reg    varchar(16),
    pay_terms  smallint NOT NULL DEFAULT 30,
    cr_limit   numeric(12,2),
    acct_st    char(1) NOT NULL DEFAULT 'A',
    opened_on  date NOT NULL
);
COMMENT ON TABLE  fin.customer IS 'Billing accounts: every party the terminal invoices (shipping lines, forwarders, cargo owners, hauliers)';
COMMENT ON COLUMN fin.customer.cust_typ IS 'L = shipping line, F = freight forwarder / customs broker, I = importer or exporter (cargo owner), H = haulier (trucking company)';
COMMENT ON COLUMN fin.customer.ctry_cd IS 'ISO country of the billing entity; VAT is only charged to GB customers that are not shipping lines';
COMMENT ON COLUMN fin.customer.pay_terms IS 'Payment terms in days from invoice date';
COMMENT ON COLUMN fin.customer.cr_limit IS 'Credit limit in GBP; NULL = cash customer (no credit)';
COMMENT ON COLUMN fin.customer.acct_st IS 'A = active, S = credit stop (no release of cargo until account paid), X = account closed';

-- ---------------------------------------------------------------------
-- ops: lines, vessels, berths, windows, visits
-- ---------------------------------------------------------------------
CREATE TYPE ops.visit_phase AS ENUM ('PLANNED','ARRIVED','WORKING','DEPARTED','CANCELLED');

CREATE TABLE ops.shipping_line (
    line_cd  char(3) PRIMARY KEY,
    line_nm  varchar(60) NOT NULL,
    cust_id  int NOT NULL REFERENCES fin.customer,
    hq_ctry  char(2) NOT NULL,
    active   boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  ops.shipping_line IS 'Container shipping lines (carriers) calling at the terminal';
COMMENT ON COLUMN ops.shipping_line.cust_id IS 'Billing account of the line (stevedoring, reefer power, hazardous surcharges, empty storage)';
COMMENT ON COLUMN ops.shipping_line.active IS 'false = line no longer calls here (contract ended)';

CREATE TABLE ops.vessel (
    vessel_id  int PRIMARY KEY,
    imo_no     int NOT NULL UNIQUE,
    vsl_nm     varchar(40) NOT NULL,
    line_cd    char(3) NOT NULL REFERENCES ops.shipping_line,
    teu_cap    int NOT NULL,
    loa_m      numeric(5,1) NOT NULL,
    flag_cd    char(2) NOT NULL,
    built_yr   smallint NOT NULL,
    rf_plugs   smallint NOT NULL
);
COMMENT ON COLUMN ops.vessel.teu_cap IS 'Nominal capacity in TEU (twenty-foot equivalent units)';
COMMENT ON COLUMN ops.vessel.loa_m IS 'Length overall in metres';
COMMENT ON COLUMN ops.vessel.rf_plugs IS 'Number of reefer plugs on board';

CREATE TABLE ops.berth (
    berth_cd     varchar(3) PRIMARY KEY,
    berth_nm     varchar(40) NOT NULL,
    len_m        numeric(6,1) NOT NULL,
    max_draft_m  numeric(4,1) NOT NULL,
    active       boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE ops.berth IS 'Quay berths: B1-B3 main quay, B4 feeder / barge berth';

CREATE TABLE ops.berth_window (
    bw_id      serial PRIMARY KEY,
    line_cd    char(3) NOT NULL REFERENCES ops.shipping_line,
    svc_cd     varchar(4) NOT NULL,
    berth_cd   varchar(3) NOT NULL REFERENCES ops.berth,
    dow        smallint NOT NULL CHECK (dow BETWEEN 1 AND 7),
    start_tm   time NOT NULL,
    dur_h      numeric(4,1) NOT NULL,
    valid_from date NOT NULL,
    valid_to   date
);
COMMENT ON TABLE  ops.berth_window IS 'Fixed weekly berth windows agreed with lines per liner service; history kept with valid_from / valid_to';
COMMENT ON COLUMN ops.berth_window.svc_cd IS 'Liner service (loop) code of the line, e.g. NSX = Nordstar North Sea Express';
COMMENT ON COLUMN ops.berth_window.dow IS 'ISO day of week the window starts: 1 = Monday ... 7 = Sunday';
COMMENT ON COLUMN ops.berth_window.dur_h IS 'Length of the window in hours';
COMMENT ON COLUMN ops.berth_window.valid_from IS 'First day the window applies';
COMMENT ON COLUMN ops.berth_window.valid_to IS 'Last day the window applies (inclusive); NULL = open-ended, still in force';

CREATE TABLE ops.vessel_visit (
    visit_id   int PRIMARY KEY,
    visit_ref  varchar(10) NOT NULL UNIQUE,
    vessel_id  int NOT NULL REFERENCES ops.vessel,
    line_cd    char(3) NOT NULL REFERENCES ops.shipping_line,
    svc_cd     varchar(4) NOT NULL,
    berth_cd   varchar(3) NOT NULL REFERENCES ops.berth,
    voy_no     varchar(8) NOT NULL,
    eta        timestamp NOT NULL,
    ata        timestamp,
    atb        timestamp,
    atd        timestamp,
    phase      ops.visit_phase NOT NULL,
    ds_plan    smallint NOT NULL,
    ld_plan    smallint NOT NULL
);
COMMENT ON TABLE  ops.vessel_visit IS 'One row per vessel call (port visit). A call is also called a visit; cancelled = the line omitted the call';
COMMENT ON COLUMN ops.vessel_visit.visit_ref IS 'Terminal visit reference: line code + 2-digit year + sequence';
COMMENT ON COLUMN ops.vessel_visit.eta IS 'Estimated time of arrival (latest estimate)';
COMMENT ON COLUMN ops.vessel_visit.ata IS 'Actual time of arrival at the port (pilot station / anchorage); NULL = not arrived yet';
COMMENT ON COLUMN ops.vessel_visit.atb IS 'Actual time berthed (all fast alongside); NULL = not berthed yet. ata to atb = waiting time at anchorage';
COMMENT ON COLUMN ops.vessel_visit.atd IS 'Actual time of departure from the berth; NULL = not departed yet';
COMMENT ON COLUMN ops.vessel_visit.phase IS 'PLANNED = expected, ARRIVED = at anchorage waiting for berth, WORKING = alongside, cargo operations in progress, DEPARTED = sailed, CANCELLED = call omitted by the line';
COMMENT ON COLUMN ops.vessel_visit.ds_plan IS 'Planned number of containers to discharge (from the line''s pre-advice)';
COMMENT ON COLUMN ops.vessel_visit.ld_plan IS 'Planned number of containers to load';

-- ---------------------------------------------------------------------
-- ops: equipment and staff
-- ---------------------------------------------------------------------
CREATE TABLE ops.equipment (
    che_id          varchar(6) PRIMARY KEY,
    che_typ         varchar(3) NOT NULL,
    make_model      varchar(40) NOT NULL,
    commissioned_on date NOT NULL,
    retired_on      date,
    swl_t           numeric(5,1),
    hrs_meter       int NOT NULL DEFAULT 0
);
COMMENT ON TABLE  ops.equipment IS 'Container handling equipment (CHE)';
COMMENT ON COLUMN ops.equipment.che_typ IS 'QC = quay crane (ship-to-shore), RTG = rubber-tyred gantry crane, RS = reach stacker, ECH = empty container handler, TT = terminal tractor';
COMMENT ON COLUMN ops.equipment.retired_on IS 'Date taken out of service for good (sold / scrapped); NULL = still in the fleet';
COMMENT ON COLUMN ops.equipment.swl_t IS 'Safe working load in tonnes (lifting equipment only)';
COMMENT ON COLUMN ops.equipment.hrs_meter IS 'Engine / drive hour meter reading at last service';

CREATE TABLE ops.staff (
    staff_id     int PRIMARY KEY,
    staff_no     varchar(6) NOT NULL UNIQUE,
    full_nm      varchar(60) NOT NULL,
    role_cd      char(3) NOT NULL,
    gang_cd      char(1),
    hourly_rate  numeric(6,2) NOT NULL,
    hired_on     date NOT NULL,
    left_on      date
);
COMMENT ON TABLE  ops.staff IS 'Terminal employees';
COMMENT ON COLUMN ops.staff.role_cd IS 'QCO = quay crane operator, RTO = RTG operator, RSD = reach stacker / empty handler driver, CHK = checker / lasher, GCL = gate clerk, PLN = vessel & yard planner, SUP = shift supervisor, TEC = maintenance technician, ADM = office / administration (day worker)';
COMMENT ON COLUMN ops.staff.gang_cd IS 'Shift gang A-D on the 4-gang continental rota; NULL = day worker (not on the shift rota)';
COMMENT ON COLUMN ops.staff.hourly_rate IS 'Basic hourly pay in GBP; overtime is paid at 1.5x';
COMMENT ON COLUMN ops.staff.left_on IS 'Last day of employment; NULL = still employed';

CREATE TABLE ops.staff_shift (
    staff_id  int NOT NULL REFERENCES ops.staff,
    shift_dt  date NOT NULL,
    shift_cd  char(1) NOT NULL,
    att_cd    char(1),
    ot_h      numeric(3,1) NOT NULL DEFAULT 0,
    PRIMARY KEY (staff_id, shift_dt)
);
COMMENT ON TABLE  ops.staff_shift IS 'Shift roster and attendance, one row per rostered 8-hour shift (kept from January 2023; rostered two weeks ahead)';
COMMENT ON COLUMN ops.staff_shift.shift_dt IS 'Date the shift starts (a night shift starting 22:00 belongs to that date)';
COMMENT ON COLUMN ops.staff_shift.shift_cd IS 'E = early 06:00-14:00, L = late 14:00-22:00, N = night 22:00-06:00';
COMMENT ON COLUMN ops.staff_shift.att_cd IS 'P = present (worked), S = sick, H = holiday / annual leave, A = absent without leave; NULL = future shift, not yet worked';
COMMENT ON COLUMN ops.staff_shift.ot_h IS 'Overtime hours worked on top of the 8-hour shift (paid at 1.5x the hourly rate)';

CREATE TABLE ops.equip_maint (
    wo_id      int PRIMARY KEY,
    wo_no      varchar(12) NOT NULL UNIQUE,
    che_id     varchar(6) NOT NULL REFERENCES ops.equipment,
    mnt_typ    char(1) NOT NULL,
    fault_cd   char(3),
    opened_at  timestamp NOT NULL,
    closed_at  timestamp,
    cost_amt   numeric(10,2),
    tech_id    int REFERENCES ops.staff,
    notes      text
);
COMMENT ON TABLE  ops.equip_maint IS 'Maintenance work orders: the machine is out of service from opened_at to closed_at';
COMMENT ON COLUMN ops.equip_maint.mnt_typ IS 'P = planned preventive service, B = breakdown (corrective repair), I = statutory inspection (LOLER thorough examination)';
COMMENT ON COLUMN ops.equip_maint.fault_cd IS 'Breakdowns only: HYD = hydraulics, ELE = electrical / PLC, SPR = spreader, ENG = engine / drive, TYR = tyres / wheels, STR = structural';
COMMENT ON COLUMN ops.equip_maint.closed_at IS 'Back in service; NULL = still in the workshop';
COMMENT ON COLUMN ops.equip_maint.cost_amt IS 'Parts and labour in GBP excluding VAT; NULL while the work order is open';

-- ---------------------------------------------------------------------
-- ops: containers (units), moves, holds
-- ---------------------------------------------------------------------
CREATE TABLE ops.unit (
    unit_id      int PRIMARY KEY,
    cntr_no      char(11) NOT NULL,
    iso_cd       char(4) NOT NULL,
    line_cd      char(3) NOT NULL REFERENCES ops.shipping_line,
    cat_cd       char(1) NOT NULL,
    frt_kind     char(3) NOT NULL,
    ib_visit_id  int REFERENCES ops.vessel_visit,
    ob_visit_id  int REFERENCES ops.vessel_visit,
    time_in      timestamp NOT NULL,
    time_out     timestamp,
    gross_kg     int NOT NULL,
    rf_setpt     numeric(4,1),
    imdg         varchar(4),
    cons_cust_id int REFERENCES fin.customer,
    yard_pos     varchar(10),
    attrs        jsonb NOT NULL DEFAULT '{}'
);
COMMENT ON TABLE  ops.unit IS 'One row per container visit to the terminal (a "unit"): from arrival (discharge or gate-in) to departure (load or gate-out). The same box number may come back later as a new unit';
COMMENT ON COLUMN ops.unit.cntr_no IS 'Container number: 4-letter owner prefix + 6 digits + check digit';
COMMENT ON COLUMN ops.unit.iso_cd IS 'ISO 6346 size/type code. 1st char = length: 2 = 20 ft, 4 = 40 ft, L = 45 ft; 2nd char = height: 2 = standard 8ft6, 5 = high cube 9ft6; type: G1 = general purpose dry, R1 = reefer (refrigerated), T6 = tank, U1 = open top, P1 = flat rack. TEU: a 20 ft box = 1 TEU, 40 ft and 45 ft boxes = 2 TEU';
COMMENT ON COLUMN ops.unit.line_cd IS 'Shipping line operating the box';
COMMENT ON COLUMN ops.unit.cat_cd IS 'I = import (arrives by vessel, leaves by truck), E = export (arrives by truck, leaves by vessel), T = transshipment (vessel to vessel)';
COMMENT ON COLUMN ops.unit.frt_kind IS 'FCL = full (laden), MTY = empty';
COMMENT ON COLUMN ops.unit.ib_visit_id IS 'Vessel visit the unit was discharged from; NULL = arrived by truck';
COMMENT ON COLUMN ops.unit.ob_visit_id IS 'Vessel visit the unit is loaded (or planned to load) onto; NULL = leaves by truck';
COMMENT ON COLUMN ops.unit.time_in IS 'Arrival in the terminal (discharge or truck gate-in)';
COMMENT ON COLUMN ops.unit.time_out IS 'Departure from the terminal (load onto vessel or delivery to truck); NULL = still in the yard';
COMMENT ON COLUMN ops.unit.gross_kg IS 'Gross mass in kg (tare + cargo)';
COMMENT ON COLUMN ops.unit.rf_setpt IS 'Reefer temperature set point in deg C; NULL = not a running reefer (dry box or empty reefer). Running reefers are plugged in while in the yard';
COMMENT ON COLUMN ops.unit.imdg IS 'IMDG dangerous goods class (e.g. 3 = flammable liquids, 8 = corrosives, 9 = miscellaneous, 2.1 = flammable gas, 6.1 = toxic, 4.1 = flammable solids); NULL = not hazardous';
COMMENT ON COLUMN ops.unit.cons_cust_id IS 'Cargo party of a full import or export (consignee / shipper or their forwarder), who pays import demurrage and customs exam shifts; NULL for empties and transshipments';
COMMENT ON COLUMN ops.unit.yard_pos IS 'Current yard slot block+bay-row-tier (blocks A-F dry, R1-R2 reefer, HZ hazardous, E1-E3 empties); NULL once the unit has left';
COMMENT ON COLUMN ops.unit.attrs IS 'Extra data (jsonb): seal {no, type}, vgm {kg, method 1|2, by} for exports, customs {mrn, chan: G = green / released, O = orange / documentary check, R = red / physical examination} for full imports, haz {un, pg, mp}, reefer {vent_pct, ca}, oog {over_ht_cm, over_wd_cm}, dmg {side, sev}';

CREATE TABLE ops.unit_move (
    move_id   bigint NOT NULL,
    unit_id   int NOT NULL REFERENCES ops.unit,
    mv_kind   char(2) NOT NULL,
    visit_id  int REFERENCES ops.vessel_visit,
    che_id    varchar(6) NOT NULL REFERENCES ops.equipment,
    staff_id  int REFERENCES ops.staff,
    from_loc  varchar(10),
    to_loc    varchar(10),
    move_at   timestamp NOT NULL,
    cycle_s   int,
    PRIMARY KEY (move_id, move_at)
) PARTITION BY RANGE (move_at);
CREATE TABLE ops.unit_move_2023 PARTITION OF ops.unit_move FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
CREATE TABLE ops.unit_move_2024 PARTITION OF ops.unit_move FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
COMMENT ON TABLE  ops.unit_move IS 'Every container move (lift) done by terminal equipment; partitioned by year of move_at';
COMMENT ON COLUMN ops.unit_move.mv_kind IS 'DS = discharge (vessel to yard), LD = load (yard to vessel), YS = yard shift (yard to yard, incl. moves to/from the customs exam area), RC = receival from truck at gate, DL = delivery onto truck';
COMMENT ON COLUMN ops.unit_move.visit_id IS 'Vessel visit for DS / LD moves; NULL for yard and truck moves';
COMMENT ON COLUMN ops.unit_move.che_id IS 'Equipment that did the move (QC for DS/LD)';
COMMENT ON COLUMN ops.unit_move.staff_id IS 'Operator (driver) of the equipment';
COMMENT ON COLUMN ops.unit_move.from_loc IS 'VSL = vessel, TRK = truck, EXAM = customs exam area, otherwise a yard block';
COMMENT ON COLUMN ops.unit_move.cycle_s IS 'Cycle time of the move in seconds';

CREATE TABLE ops.unit_hold (
    hold_id     int PRIMARY KEY,
    unit_id     int NOT NULL REFERENCES ops.unit,
    hold_cd     char(3) NOT NULL,
    placed_at   timestamp NOT NULL,
    released_at timestamp,
    ref_no      varchar(20)
);
COMMENT ON TABLE  ops.unit_hold IS 'Holds (stops) on units; a unit cannot be delivered or loaded while any hold is active';
COMMENT ON COLUMN ops.unit_hold.hold_cd IS 'CUS = customs (HMRC) hold, LIN = shipping line hold (freight not released), PHA = port health / veterinary (food imports), TML = terminal hold (import demurrage not paid), DMG = damage survey';
COMMENT ON COLUMN ops.unit_hold.released_at IS 'NULL = hold still active';

-- ---------------------------------------------------------------------
-- gate
-- ---------------------------------------------------------------------
CREATE TABLE gate.haulier (
    haulier_id      int PRIMARY KEY,
    hlr_cd          varchar(6) NOT NULL UNIQUE,
    hlr_nm          varchar(60) NOT NULL,
    cust_id         int NOT NULL REFERENCES fin.customer,
    fleet_sz        smallint NOT NULL,
    suspended_until date,
    is_active       boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE  gate.haulier IS 'Trucking companies registered to use the gate';
COMMENT ON COLUMN gate.haulier.cust_id IS 'Billing account (no-appointment and no-show fees)';
COMMENT ON COLUMN gate.haulier.fleet_sz IS 'Number of trucks registered';
COMMENT ON COLUMN gate.haulier.suspended_until IS 'Gate access suspended until this date (inclusive) after repeated no-shows; NULL = not suspended';

CREATE TABLE gate.appointment (
    appt_id      int PRIMARY KEY,
    appt_no      varchar(10) NOT NULL UNIQUE,
    haulier_id   int NOT NULL REFERENCES gate.haulier,
    tx_cd        char(3) NOT NULL,
    unit_id      int REFERENCES ops.unit,
    cntr_no      char(11) NOT NULL,
    slot_start   timestamp NOT NULL,
    appt_st      char(1) NOT NULL,
    booked_at    timestamp NOT NULL,
    cancelled_at timestamp,
    last_chk_at  timestamp
);
COMMENT ON TABLE  gate.appointment IS 'Truck appointments (vehicle booking system): one-hour slots between 06:00 and 22:00, Monday to Saturday';
COMMENT ON COLUMN gate.appointment.tx_cd IS 'PUI = pick up import (collect a container), DOE = drop off export (deliver a container)';
COMMENT ON COLUMN gate.appointment.unit_id IS 'Unit concerned; NULL for export drop-offs booked before the box has arrived';
COMMENT ON COLUMN gate.appointment.slot_start IS 'Start of the one-hour slot';
COMMENT ON COLUMN gate.appointment.appt_st IS 'B = booked (future), U = used (truck came), N = no-show, C = cancelled by the haulier';
COMMENT ON COLUMN gate.appointment.last_chk_at IS 'Last time the nightly validation job checked the booking';

CREATE TABLE gate.gate_txn (
    gtx_id      int PRIMARY KEY,
    haulier_id  int NOT NULL REFERENCES gate.haulier,
    appt_id     int REFERENCES gate.appointment,
    tx_cd       char(3) NOT NULL,
    unit_id     int NOT NULL REFERENCES ops.unit,
    truck_reg   varchar(8) NOT NULL,
    drv_card    varchar(10) NOT NULL,
    lane_no     smallint NOT NULL,
    gate_in_at  timestamp NOT NULL,
    gate_out_at timestamp,
    tx_result   char(1) NOT NULL,
    rsn_cd      char(3)
);
COMMENT ON TABLE  gate.gate_txn IS 'Truck gate transactions: one row per truck visit for one container';
COMMENT ON COLUMN gate.gate_txn.appt_id IS 'Appointment used; NULL = truck turned up without an appointment (a fee applies)';
COMMENT ON COLUMN gate.gate_txn.tx_cd IS 'PUI = pick up import, DOE = drop off export';
COMMENT ON COLUMN gate.gate_txn.truck_reg IS 'Truck registration plate';
COMMENT ON COLUMN gate.gate_txn.drv_card IS 'Driver port pass number';
COMMENT ON COLUMN gate.gate_txn.gate_in_at IS 'Truck entered at the in-gate';
COMMENT ON COLUMN gate.gate_txn.gate_out_at IS 'Truck left at the out-gate; NULL = truck still on the terminal. Turn time = gate_out_at - gate_in_at';
COMMENT ON COLUMN gate.gate_txn.tx_result IS 'C = completed, T = completed after a trouble ticket (sent to the trouble window), R = rejected / turned away without the container';
COMMENT ON COLUMN gate.gate_txn.rsn_cd IS 'Reason for trouble or rejection: HLD = unit on hold, DOC = paperwork / PIN missing, SEA = seal discrepancy, WGT = weight / VGM problem';

-- ---------------------------------------------------------------------
-- fin
-- ---------------------------------------------------------------------
CREATE TABLE fin.tariff (
    tariff_id  int PRIMARY KEY,
    chg_cd     varchar(6) NOT NULL,
    chg_desc   varchar(80) NOT NULL,
    unit_basis varchar(4) NOT NULL,
    rate       numeric(9,2) NOT NULL,
    free_days  smallint,
    valid_from date NOT NULL,
    valid_to   date
);
COMMENT ON TABLE  fin.tariff IS 'Published tariff, one row per charge code and validity period';
COMMENT ON COLUMN fin.tariff.chg_cd IS 'THC20 / THC40 = stevedoring per quay move (discharge or load) of a 20 ft / 40-45 ft box, HAZ = dangerous goods surcharge per quay move, RFP = reefer power and monitoring per day, DEM20 / DEM40 = import demurrage per day after free time (full imports), MTY = empty storage per day after free time, SHF = customs exam shift per yard move, NOAP = gate visit without appointment, NOSH = appointment no-show';
COMMENT ON COLUMN fin.tariff.unit_basis IS 'MOVE = per container move, DAY = per container per day, TXN = per gate transaction, APPT = per appointment';
COMMENT ON COLUMN fin.tariff.rate IS 'GBP per unit_basis, excluding VAT';
COMMENT ON COLUMN fin.tariff.free_days IS 'Free storage days before a DAY charge starts (the day of arrival counts as day 1); NULL = charged from day 1';
COMMENT ON COLUMN fin.tariff.valid_from IS 'First day the rate applies';
COMMENT ON COLUMN fin.tariff.valid_to IS 'Last day the rate applies (inclusive); NULL = open-ended';

CREATE TABLE fin.invoice (
    invoice_id int PRIMARY KEY,
    inv_no     varchar(12) NOT NULL UNIQUE,
    cust_id    int NOT NULL REFERENCES fin.customer,
    inv_dt     date NOT NULL,
    period_mo  date NOT NULL,
    due_dt     date NOT NULL,
    net_amt    numeric(12,2) NOT NULL,
    vat_amt    numeric(12,2) NOT NULL,
    inv_st     char(1) NOT NULL,
    settled_on date
);
COMMENT ON TABLE  fin.invoice IS 'Monthly invoices: on the 1st of each month every customer is invoiced for the charges of the previous month';
COMMENT ON COLUMN fin.invoice.period_mo IS 'First day of the month whose charges are billed';
COMMENT ON COLUMN fin.invoice.net_amt IS 'Total before VAT, GBP';
COMMENT ON COLUMN fin.invoice.vat_amt IS 'VAT: 20 % of net for GB customers except shipping lines (their port services are zero-rated); 0 for foreign customers';
COMMENT ON COLUMN fin.invoice.inv_st IS 'O = open (unpaid or part-paid), P = paid in full, D = disputed by the customer (unpaid), W = written off as bad debt';
COMMENT ON COLUMN fin.invoice.settled_on IS 'Date the invoice was paid in full; NULL = not fully paid';

CREATE TABLE fin.charge (
    chg_id     bigint PRIMARY KEY,
    cust_id    int NOT NULL REFERENCES fin.customer,
    chg_cd     varchar(6) NOT NULL,
    tariff_id  int NOT NULL REFERENCES fin.tariff,
    unit_id    int REFERENCES ops.unit,
    visit_id   int REFERENCES ops.vessel_visit,
    ref_txt    varchar(24),
    chg_dt     date NOT NULL,
    qty        numeric(7,2) NOT NULL,
    rate       numeric(9,2) NOT NULL,
    amt        numeric(12,2) NOT NULL,
    wv         boolean NOT NULL DEFAULT false,
    invoice_id int REFERENCES fin.invoice
);
COMMENT ON TABLE  fin.charge IS 'Billable events (charge lines), rated from the tariff';
COMMENT ON COLUMN fin.charge.chg_cd IS 'Charge code, see fin.tariff.chg_cd';
COMMENT ON COLUMN fin.charge.chg_dt IS 'Date of the event: move date, delivery / loading date for day-based storage charges, gate date';
COMMENT ON COLUMN fin.charge.qty IS 'Moves, chargeable days or transactions';
COMMENT ON COLUMN fin.charge.amt IS 'qty x rate, GBP excluding VAT';
COMMENT ON COLUMN fin.charge.wv IS 'Waived by commercial (goodwill): never invoiced, not revenue';
COMMENT ON COLUMN fin.charge.invoice_id IS 'Invoice the charge was billed on; NULL = not yet invoiced (current month) or waived';

CREATE TABLE fin.payment (
    pay_id     int PRIMARY KEY,
    invoice_id int NOT NULL REFERENCES fin.invoice,
    paid_on    date NOT NULL,
    amt        numeric(12,2) NOT NULL,
    pay_mth    char(2) NOT NULL,
    bank_ref   varchar(20)
);
COMMENT ON TABLE  fin.payment IS 'Payments received against invoices (an invoice can be paid in several instalments)';
COMMENT ON COLUMN fin.payment.amt IS 'Amount received in GBP, including VAT';
COMMENT ON COLUMN fin.payment.pay_mth IS 'BT = bank transfer, DD = direct debit, CD = card';

-- =====================================================================
--  Data: master data
-- =====================================================================
-- customers: 1-8 shipping lines, 9-43 forwarders, 44-163 cargo owners, 164-218 hauliers
INSERT INTO fin.customer (cust_id, cust_cd, cust_nm, cust_typ, ctry_cd, vat_reg, pay_terms, cr_limit, acct_st, opened_on)
SELECT i, 'L' || lpad(i::text, 4, '0'), n, 'L', c, c || lpad((100000000 + i * 7654321)::text, 9, '0'), 30, 500000, 'A', o::date
FROM (VALUES (1,'Nordstar Line A/S','DK','2009-04-01'), (2,'Atlantix Container Line Inc.','CA','2011-02-15'),
             (3,'Meridian Container Lines S.p.A.','IT','2012-06-01'), (4,'Baltic Reefer Shipping Oy','FI','2014-03-10'),
             (5,'Hanseatic Feeder Service GmbH','DE','2010-09-01'), (6,'Iberline Navegacion S.A.','ES','2023-05-02'),
             (7,'Celtic Feeder Ltd','GB','2008-01-07'), (8,'Oceanis Lines S.A.','GR','2023-11-20')) v(i, n, c, o);

INSERT INTO fin.customer (cust_id, cust_cd, cust_nm, cust_typ, ctry_cd, vat_reg, pay_terms, cr_limit, acct_st, opened_on)
SELECT i, 'F' || lpad(i::text, 4, '0'),
       (ARRAY['Anchor','Beacon','Channel','Dockside','Eastgate','Fairway','Gateway','Harbour','Keystone','Lighthouse',
              'Mariner','Northpoint','Orbit','Pilot','Quayside','Riverside','Seaway','Tidewater','Unity','Vanguard',
              'Wharfside','Crossbridge','Bluewater','Compass','Horizon','Landmark','Portway','Starboard','Summit','Trident',
              'Waypoint','Sterling','Kingsway','Albion','Bridgewater'])[i - 8]
       || ' ' || (ARRAY['Freight Services Ltd','Logistics Ltd','Shipping & Forwarding Ltd','Global Forwarding','Customs Brokers Ltd'])[1 + (i * 3) % 5],
       'F', ctry, CASE WHEN pg_temp.rnd('vr'||i) < 0.95 THEN ctry || lpad((floor(pg_temp.rnd('vn'||i) * 900000000) + 100000000)::bigint::text, 9, '0') END,
       30, (ARRAY[50000,100000,150000,250000])[1 + floor(pg_temp.rnd('cl'||i) * 4)::int],
       CASE WHEN i IN (17, 38) THEN 'S' ELSE 'A' END,
       date '2006-01-01' + floor(pg_temp.rnd('op'||i) * 6200)::int
FROM generate_series(9, 43) i
CROSS JOIN LATERAL (SELECT CASE WHEN i IN (12, 21, 29) THEN 'NL' WHEN i IN (15, 33) THEN 'DE' WHEN i = 40 THEN 'IE' ELSE 'GB' END AS ctry) x;

INSERT INTO fin.customer (cust_id, cust_cd, cust_nm, cust_typ, ctry_cd, vat_reg, pay_terms, cr_limit, acct_st, opened_on)
SELECT i, 'I' || lpad(i::text, 4, '0'),
       (ARRAY['Brightwater','Greenfield','Oakridge','Silverline','Redbrook','Ashford','Hillcrest','Westmoor','Fenwick','Cranfield',
              'Holloway','Larkspur','Millbrook','Newhaven','Pembury','Radley','Stanton','Thornbury','Whitcombe','Yardley'])[1 + (i - 44) % 20]
       || ' ' ||
       (ARRAY['Foods Ltd','Furniture Ltd','Electronics Ltd','Home & Garden Ltd','Textiles Ltd','Chemicals Ltd','Auto Parts Ltd',
              'Beverages Ltd','Paper Products Ltd','Building Supplies Ltd'])[1 + ((i - 44) / 20 + 3 * ((i - 44) % 20)) % 10],
       'I', ctry, CASE WHEN pg_temp.rnd('vr'||i) < 0.97 THEN ctry || lpad((floor(pg_temp.rnd('vn'||i) * 900000000) + 100000000)::bigint::text, 9, '0') END,
       CASE WHEN cash THEN 14 ELSE 30 END,
       CASE WHEN cash THEN NULL ELSE (ARRAY[10000,25000,50000,75000])[1 + floor(pg_temp.rnd('cl'||i) * 4)::int] END,
       CASE WHEN i IN (71, 118) THEN 'S' WHEN i IN (96, 150, 161) THEN 'X' ELSE 'A' END,
       date '2008-01-01' + floor(pg_temp.rnd('op'||i) * 5400)::int
FROM generate_series(44, 163) i
CROSS JOIN LATERAL (SELECT CASE WHEN i % 23 = 5 THEN 'IE' ELSE 'GB' END AS ctry, pg_temp.rnd('cash'||i) < 0.3 AS cash) x;

INSERT INTO fin.customer (cust_id, cust_cd, cust_nm, cust_typ, ctry_cd, vat_reg, pay_terms, cr_limit, acct_st, opened_on)
SELECT i, 'H' || lpad(i::text, 4, '0'),
       (ARRAY['Kellaway','Dunmore','Ashcroft','Penrose','Garside','Holroyd','Marchbank','Tennant','Brennan','Calloway',
              'Fairclough','Hendry','Lockwood','Maddox','Northcott','Rowntree','Sheldon','Trelawny','Upton','Varley',
              'Whitlock','Yeoman','Ainsley','Blackwood','Corrigan','Dalby','Eastwood','Farrow','Gillespie','Hartley',
              'Ingram','Jessop','Kirkby','Lister','Moorcroft','Nash','Ogden','Pickering','Quinlan','Rutherford',
              'Stainton','Thackeray','Ure','Venables','Wardle','Yates','Ackroyd','Barraclough','Cawthorne','Driffield',
              'Ellwood','Fenby','Gowland','Hebden','Ibbotson'])[i - 163]
       || ' ' || (ARRAY['Haulage Ltd','Transport Ltd','Container Services','Logistics'])[1 + i % 4],
       'H', 'GB', 'GB' || lpad((floor(pg_temp.rnd('vn'||i) * 900000000) + 100000000)::bigint::text, 9, '0'),
       14, (ARRAY[2000,5000,10000])[1 + floor(pg_temp.rnd('cl'||i) * 3)::int],
       CASE WHEN i = 201 THEN 'X' ELSE 'A' END,
       date '2009-01-01' + floor(pg_temp.rnd('op'||i) * 5000)::int
FROM generate_series(164, 218) i;

INSERT INTO ops.shipping_line VALUES
 ('NSL','Nordstar Line',1,'DK',true), ('ATX','Atlantix Container Line',2,'CA',true),
 ('MDC','Meridian Container Lines',3,'IT',true), ('BRS','Baltic Reefer Shipping',4,'FI',true),
 ('HFS','Hanseatic Feeder Service',5,'DE',true), ('IBL','Iberline',6,'ES',true),
 ('CLF','Celtic Feeder',7,'GB',false), ('OCN','Oceanis Lines',8,'GR',true);

INSERT INTO ops.vessel VALUES
 ( 1,9412301,'Nordstar Aurora','NSL',1700,160.5,'DK',2010,250), ( 2,9412313,'Nordstar Borealis','NSL',1700,160.5,'DK',2010,250),
 ( 3,9520145,'Nordstar Celeste','NSL',2500,182.0,'DK',2013,400), ( 4,9520157,'Nordstar Dawn','NSL',2500,182.0,'DK',2014,400),
 ( 5,9387421,'Atlantix Halifax','ATX',3500,212.0,'LR',2008,500), ( 6,9387433,'Atlantix Boston','ATX',3500,212.0,'LR',2008,500),
 ( 7,9601128,'Atlantix Porto','ATX',3800,220.0,'PT',2016,600),   ( 8,9455617,'Meridian Sole','MDC',2800,196.0,'MT',2011,350),
 ( 9,9455629,'Meridian Luna','MDC',2800,196.0,'MT',2011,350),     (10,9455631,'Meridian Stella','MDC',2800,196.0,'MT',2012,350),
 (11,9502210,'Baltic Frost','BRS',1100,145.0,'FI',2012,600),      (12,9502222,'Baltic Polar','BRS',1100,145.0,'FI',2012,600),
 (13,9318807,'Elbe Trader','HFS',1000,134.0,'DE',2006,150),       (14,9318819,'Weser Trader','HFS',1000,134.0,'DE',2006,150),
 (15,9318821,'Trave Trader','HFS',1000,134.0,'AG',2007,150),      (16,9670031,'Iberia Express','IBL',1400,150.0,'ES',2018,200),
 (17,9670043,'Costa Verde','IBL',1400,150.0,'PT',2019,200),       (18,9284455,'Celtic Spirit','CLF',800,125.0,'IE',2004,100),
 (19,9284467,'Celtic Pride','CLF',800,125.0,'IE',2005,100),       (20,9781230,'Oceanis Aegean','OCN',2200,175.0,'GR',2020,300),
 (21,9781242,'Oceanis Ionian','OCN',2200,175.0,'GR',2020,300);

INSERT INTO ops.berth VALUES
 ('B1','Berth 1 (North Quay)',260.0,12.5,true), ('B2','Berth 2 (North Quay)',240.0,12.0,true),
 ('B3','Berth 3 (East Quay)',250.0,13.0,true),  ('B4','Berth 4 (Feeder / barge berth)',150.0,9.0,true);

INSERT INTO ops.berth_window (line_cd, svc_cd, berth_cd, dow, start_tm, dur_h, valid_from, valid_to) VALUES
 ('NSL','NSX','B1',1,'06:00',18,'2023-01-01','2024-05-31'),
 ('NSL','NSX','B1',1,'04:00',18,'2024-06-01',NULL),
 ('NSL','NBX','B2',4,'14:00',16,'2023-01-01','2024-09-30'),
 ('NSL','NBX','B2',5,'08:00',16,'2024-10-01',NULL),
 ('ATX','TA1','B1',2,'08:00',24,'2023-01-01',NULL),
 ('MDC','MED','B2',3,'06:00',20,'2023-01-01','2024-03-03'),
 ('MDC','MED','B3',3,'06:00',20,'2024-03-04',NULL),
 ('BRS','RFX','B3',5,'06:00',14,'2023-01-01',NULL),
 ('HFS','HF1','B1',6,'10:00',12,'2023-01-01',NULL),
 ('IBL','IBX','B1',3,'19:00',16,'2023-07-01',NULL),
 ('CLF','CEL','B4',4,'06:00',12,'2023-01-01','2024-05-31'),
 ('OCN','OC1','B3',7,'06:00',20,'2024-02-01',NULL),
 ('HFS','HF2','B4',2,'12:00',10,'2024-06-01',NULL);

-- equipment -------------------------------------------------------------
INSERT INTO ops.equipment (che_id, che_typ, make_model, commissioned_on, retired_on, swl_t, hrs_meter)
SELECT 'QC' || lpad(i::text, 2, '0'), 'QC', CASE WHEN i <= 3 THEN 'Liebherr STS 40t' ELSE 'ZPMC STS 50t' END,
       CASE i WHEN 6 THEN date '2024-03-15' ELSE date '2008-05-01' + (i * 400) END, NULL::date,
       CASE WHEN i <= 3 THEN 40 ELSE 50 END, 0
FROM generate_series(1, 6) i
UNION ALL
SELECT 'RTG' || lpad(i::text, 2, '0'), 'RTG', CASE WHEN i <= 6 THEN 'Konecranes RTG 40t' ELSE 'Kalmar E-One2 RTG' END,
       CASE i WHEN 12 THEN date '2023-10-01' ELSE date '2009-03-01' + (i * 250) END, NULL, 40, 0
FROM generate_series(1, 12) i
UNION ALL
SELECT 'RS' || lpad(i::text, 2, '0'), 'RS', 'Kalmar DRG450 reach stacker',
       CASE i WHEN 4 THEN date '2024-01-15' ELSE date '2012-01-01' + (i * 300) END,
       CASE i WHEN 2 THEN date '2024-02-29' END, 45, 0
FROM generate_series(1, 4) i
UNION ALL
SELECT 'ECH' || lpad(i::text, 2, '0'), 'ECH', 'Hyster H22XM-ECH', date '2014-06-01' + (i * 200), NULL, 10, 0
FROM generate_series(1, 3) i
UNION ALL
SELECT 'TT' || lpad(i::text, 2, '0'), 'TT', 'Terberg YT203', date '2015-01-01' + (i * 90),
       CASE i WHEN 7 THEN date '2023-08-31' END, NULL, 0
FROM generate_series(1, 18) i;

-- staff -------------------------------------------------------------------
CREATE TEMP TABLE role_def (role_cd char(3), ord int, per_gang int, base_rate numeric(6,2));
INSERT INTO role_def VALUES ('QCO',1,6,24.50),('RTO',2,8,21.80),('RSD',3,3,19.60),('CHK',4,6,17.20),
                            ('GCL',5,3,16.40),('PLN',6,1,23.00),('SUP',7,1,27.50),('TEC',8,3,22.40);

CREATE TEMP TABLE st_plan AS
SELECT row_number() OVER (ORDER BY g, r.ord, k)::int AS staff_id, g, r.role_cd, r.base_rate
FROM unnest(ARRAY['A','B','C','D']) g
CROSS JOIN role_def r
CROSS JOIN LATERAL generate_series(1, r.per_gang) k;

CREATE TEMP TABLE st_all AS
SELECT staff_id, g, role_cd, base_rate,
       date '2004-03-01' + floor(pg_temp.rnd('hd'||staff_id) * 6400)::int AS hired_on,
       CASE WHEN pg_temp.rnd('lv'||staff_id) < 0.075 THEN date '2023-02-01' + floor(pg_temp.rnd('lo'||staff_id) * 575)::int END AS left_on
FROM st_plan;
-- replacements for leavers (same gang and role)
INSERT INTO st_all
SELECT 124 + row_number() OVER (ORDER BY staff_id)::int, g, role_cd, base_rate,
       LEAST(left_on + 10 + floor(pg_temp.rnd('rp'||staff_id) * 30)::int, date '2024-09-16'), NULL
FROM st_all WHERE left_on IS NOT NULL;
-- day workers (office)
INSERT INTO st_all
SELECT 200 + i, NULL, 'ADM', 18.00, date '2010-01-01' + i * 400, CASE WHEN i = 4 THEN date '2024-07-31' END
FROM generate_series(1, 6) i;

INSERT INTO ops.staff (staff_id, staff_no, full_nm, role_cd, gang_cd, hourly_rate, hired_on, left_on)
SELECT staff_id, 'FT' || lpad((1000 + staff_id * 7)::text, 4, '0'),
       (ARRAY['James','Oliver','Harry','Jack','George','Noah','Charlie','Jacob','Alfie','Freddie',
              'Thomas','Daniel','Liam','Ryan','Connor','Kieran','Lewis','Callum','Mark','Paul',
              'Sophie','Emily','Grace','Chloe','Jessica','Amy','Laura','Rebecca','Hannah','Megan',
              'Wiktor','Tomasz','Piotr','Andrei','Mihai','Darius','Raj','Imran','Kofi','Sean'])[1 + (staff_id * 7) % 40]
       || ' ' ||
       (ARRAY['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Johnson','Roberts','Walker',
              'Wright','Robinson','Thompson','White','Hughes','Edwards','Green','Hall','Wood','Harris',
              'Lewis','Martin','Jackson','Clarke','Clark','Turner','Hill','Scott','Cooper','Morris',
              'Ward','Moore','King','Watson','Baker','Harrison','Morgan','Patel','Young','Allen',
              'Mitchell','James','Anderson','Phillips','Lee','Bell','Parker','Davies','Nowak','Popescu'])[1 + (staff_id * 13 + staff_id / 50) % 50],
       role_cd, g, base_rate + 0.50 * floor(pg_temp.rnd('rt'||staff_id) * 5), hired_on, left_on
FROM st_all ORDER BY staff_id;

-- 4-gang continental rota: 2 earlies, 2 lates, 2 nights, 2 days off; gang A starts the cycle on Mon 2 Jan 2023
INSERT INTO ops.staff_shift (staff_id, shift_dt, shift_cd, att_cd, ot_h)
SELECT s.staff_id, d::date, sc.shift_cd,
       CASE WHEN d > date '2024-09-18' THEN NULL
            WHEN u < 0.030 THEN 'S' WHEN u < 0.075 THEN 'H' WHEN u < 0.080 THEN 'A' ELSE 'P' END,
       CASE WHEN d <= date '2024-09-18' AND u >= 0.080 AND pg_temp.rnd('ot'||s.staff_id||d::date) < 0.11
            THEN 1 + floor(pg_temp.rnd('oh'||s.staff_id||d::date) * 4) ELSE 0 END
FROM ops.staff s
CROSS JOIN generate_series(timestamp '2023-01-01', timestamp '2024-10-02', interval '1 day') d
CROSS JOIN LATERAL (SELECT ((((d::date - date '2023-01-02') % 8) + 8 + 2 * (ascii(s.gang_cd) - 65)) % 8) AS pos) p
CROSS JOIN LATERAL (SELECT CASE WHEN p.pos < 2 THEN 'E' WHEN p.pos < 4 THEN 'L' ELSE 'N' END AS shift_cd,
                           pg_temp.rnd('at'||s.staff_id||d::date) AS u) sc
WHERE s.gang_cd IS NOT NULL AND p.pos < 6
  AND d >= s.hired_on AND (s.left_on IS NULL OR d <= s.left_on);

-- =====================================================================
--  Vessel visits: one per berth window per week, Jan 2023 - 2 Oct 2024
-- =====================================================================
CREATE TEMP TABLE svc (svc_cd text PRIMARY KEY, ds_avg int, ld_avg int, rf_pct float, ts_pct float, mty_in float, vessels int[]);
INSERT INTO svc VALUES
 ('NSX',56,52,0.08,0.10,0.14,'{3,4}'),  ('NBX',36,36,0.07,0.10,0.16,'{1,2}'),
 ('TA1',76,72,0.09,0.08,0.12,'{5,6,7}'),('MED',64,64,0.07,0.08,0.15,'{8,9,10}'),
 ('RFX',32,24,0.65,0.05,0.10,'{11,12}'),('HF1',36,32,0.05,0.35,0.18,'{13,14}'),
 ('HF2',28,28,0.05,0.35,0.18,'{15}'),   ('IBX',44,40,0.10,0.08,0.12,'{16,17}'),
 ('CEL',24,24,0.04,0.20,0.20,'{18,19}'),('OC1',52,48,0.06,0.08,0.13,'{20,21}');

CREATE TEMP TABLE vis0 AS
SELECT bw.line_cd, bw.svc_cd, bw.berth_cd, d::date AS wdate, d + bw.start_tm AS win_start,
       (d::date - date '2023-01-02') / 7 AS wk, s.ds_avg, s.ld_avg, s.rf_pct, s.ts_pct, s.mty_in, s.vessels,
       bw.svc_cd || to_char(d, 'YYYYMMDD') AS vkey
FROM ops.berth_window bw
JOIN svc s ON s.svc_cd = bw.svc_cd
CROSS JOIN generate_series(timestamp '2023-01-02', timestamp '2024-10-02', interval '1 day') d
WHERE extract(isodow FROM d) = bw.dow
  AND d::date BETWEEN bw.valid_from AND COALESCE(bw.valid_to, date '2024-10-02');

CREATE TEMP TABLE vis1 AS
SELECT v.*,
       round(ds_avg * (0.7 + 0.6 * pg_temp.rnd('nd'||vkey)))::int AS n_ds,
       round(ld_avg * (0.7 + 0.6 * pg_temp.rnd('nl'||vkey)))::int AS n_ld,
       win_start + (-3 + floor(pg_temp.rnd('et'||vkey) ^ 3 * 34)) * interval '1 hour'
                 + floor(pg_temp.rnd('em'||vkey) * 60) * interval '1 minute' AS eta,
       pg_temp.rnd('cx'||vkey) < 0.02 AND win_start < timestamp '2024-09-10' AS cancelled,
       CASE WHEN pg_temp.rnd('bo'||vkey) < 0.07
            THEN (ARRAY['B1','B2','B3'])[1 + floor(pg_temp.rnd('bb'||vkey) * 3)::int] ELSE berth_cd END AS berth_act,
       vessels[1 + wk % array_length(vessels, 1)] AS vessel_id
FROM vis0 v;

CREATE TEMP TABLE vis AS
SELECT x.*, x.p_atb + (x.work_h + 0.6) * interval '1 hour' AS p_atd
FROM (
  SELECT v.*, v.eta + floor(pg_temp.rnd('aa'||vkey) * 80) * interval '1 minute' AS p_ata,
         v.eta + floor(pg_temp.rnd('aa'||vkey) * 80) * interval '1 minute'
               + CASE WHEN pg_temp.rnd('wt'||vkey) < 0.12 THEN (2 + pg_temp.rnd('wh'||vkey) * 14)
                      ELSE 0.5 + pg_temp.rnd('wh'||vkey) END * interval '1 hour' AS p_atb,
         1.5 + (v.n_ds + v.n_ld) / 44.0 * (0.85 + 0.3 * pg_temp.rnd('wk'||vkey)) AS work_h
  FROM vis1 v) x;
CREATE INDEX ON vis (p_atb);
ANALYZE vis;

UPDATE vis SET p_atb = date_trunc('minute', p_atb), p_atd = date_trunc('minute', p_atd);

-- today's traffic: Iberia Express (IBX) working at B1 at 22:00; the NBX ship arrived early and waits at anchorage
UPDATE vis SET p_ata = timestamp '2024-09-18 18:40', p_atb = timestamp '2024-09-18 19:35', work_h = 5.2,
               p_atd = timestamp '2024-09-18 19:35' + interval '5.8 hours', berth_act = 'B1', cancelled = false
WHERE svc_cd = 'IBX' AND wdate = date '2024-09-18';
UPDATE vis SET eta = timestamp '2024-09-19 08:00', p_ata = timestamp '2024-09-18 20:50', p_atb = timestamp '2024-09-19 13:30',
               p_atd = date_trunc('minute', timestamp '2024-09-19 13:30' + (work_h + 0.6) * interval '1 hour'), berth_act = 'B2', cancelled = false
WHERE svc_cd = 'NBX' AND wdate = date '2024-09-19';

ALTER TABLE vis ADD COLUMN visit_id int;
UPDATE vis v SET visit_id = o.rn FROM (SELECT vkey, row_number() OVER (ORDER BY eta, vkey)::int AS rn FROM vis) o WHERE o.vkey = v.vkey;

INSERT INTO ops.vessel_visit (visit_id, visit_ref, vessel_id, line_cd, svc_cd, berth_cd, voy_no, eta, ata, atb, atd, phase, ds_plan, ld_plan)
SELECT visit_id,
       line_cd || to_char(eta, 'YY') || lpad(row_number() OVER (PARTITION BY line_cd, extract(year FROM eta) ORDER BY eta)::text, 3, '0'),
       vessel_id, line_cd, svc_cd, berth_act, svc_cd || to_char(wdate, 'IYIW'), eta,
       CASE WHEN NOT cancelled AND p_ata <= ts THEN p_ata END,
       CASE WHEN NOT cancelled AND p_atb <= ts THEN p_atb END,
       CASE WHEN NOT cancelled AND p_atd <= ts THEN p_atd END,
       CASE WHEN cancelled THEN 'CANCELLED' WHEN p_ata > ts THEN 'PLANNED' WHEN p_atb > ts THEN 'ARRIVED'
            WHEN p_atd > ts THEN 'WORKING' ELSE 'DEPARTED' END::ops.visit_phase,
       GREATEST(n_ds + floor(pg_temp.rnd('pd'||vkey) * 7)::int - 3, 0),
       GREATEST(n_ld + floor(pg_temp.rnd('pl'||vkey) * 7)::int - 3, 0)
FROM vis CROSS JOIN (SELECT timestamp '2024-09-18 22:00' AS ts) s
ORDER BY visit_id;

-- =====================================================================
--  Units (container visits)
-- =====================================================================
-- ISO 6346 check digit
CREATE FUNCTION pg_temp.cdig(p text) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT ((sum(CASE WHEN substr(p, i, 1) ~ '[0-9]' THEN substr(p, i, 1)::int
                    ELSE (ARRAY[10,12,13,14,15,16,17,18,19,20,21,23,24,25,26,27,28,29,30,31,32,34,35,36,37,38])[ascii(substr(p, i, 1)) - 64] END
                * (2 ^ (i - 1))::int) % 11) % 10)::text
   FROM generate_series(1, 10) i $$;

-- legs: discharges (imports / transshipments) and export loads
CREATE TEMP TABLE up1 AS
SELECT 'D' || v.visit_id || '-' || k AS ukey, v.visit_id AS ib_visit, NULL::int AS ob_visit, v.line_cd AS vline, v.svc_cd,
       date_trunc('second', v.p_atb + interval '20 minutes' + ((k - 0.5) / v.n_ds) * v.work_h * 0.55 * interval '1 hour') AS t_in,
       NULL::timestamp AS t_out,
       CASE WHEN pg_temp.rnd('ts'||v.visit_id||'-'||k) < v.ts_pct THEN 'T' ELSE 'I' END AS cat,
       v.rf_pct, v.mty_in AS mty_pct
FROM vis v CROSS JOIN generate_series(1, v.n_ds) k WHERE NOT v.cancelled
UNION ALL
SELECT 'L' || v.visit_id || '-' || k, NULL, v.visit_id, v.line_cd, v.svc_cd,
       NULL,
       date_trunc('second', v.p_atb + interval '20 minutes' + v.work_h * 0.4 * interval '1 hour'
                          + ((k - 0.5) / v.n_ld) * v.work_h * 0.55 * interval '1 hour'),
       'E', v.rf_pct, 0.20
FROM vis v CROSS JOIN generate_series(1, v.n_ld) k WHERE NOT v.cancelled;
ANALYZE up1;

-- export receival by truck 1-8 days before loading, during gate hours (Mon-Sat 06:00-22:00)
UPDATE up1 SET t_in = CASE WHEN x.d + (6 + pg_temp.rnd('xt'||ukey) * 15.5) * interval '1 hour' <= t_out - interval '3 hours'
                           THEN x.d + (6 + pg_temp.rnd('xt'||ukey) * 15.5) * interval '1 hour'
                           ELSE x.d - CASE WHEN extract(isodow FROM x.d) = 1 THEN 2 ELSE 1 END + (6 + pg_temp.rnd('xt'||ukey) * 15.5) * interval '1 hour' END
FROM (SELECT ukey AS k2, (t_out - (1 + pg_temp.rnd('xd'||ukey) ^ 1.6 * 7) * interval '1 day')::date AS d0 FROM up1 WHERE cat = 'E') y
CROSS JOIN LATERAL (SELECT CASE WHEN extract(isodow FROM y.d0) = 7 THEN y.d0 - 1 ELSE y.d0 END AS d) x
WHERE up1.ukey = y.k2;
UPDATE up1 SET t_in = date_trunc('second', t_in) WHERE cat = 'E';
-- the terminal operating system went live on Monday 2 January 2023: nothing earlier is on record
DELETE FROM up1 WHERE cat = 'E' AND t_in < timestamp '2023-01-02 06:00';

-- transshipments: loaded onto the next call of another service 1.5-11.5 days later
UPDATE up1 u SET ob_visit = b.visit_id,
       t_out = date_trunc('second', b.p_atb + interval '20 minutes' + b.work_h * (0.4 + 0.55 * pg_temp.rnd('tl'||u.ukey)) * interval '1 hour')
FROM (SELECT t.ukey AS k2,
             (SELECT vv.visit_id FROM vis vv
               WHERE NOT vv.cancelled AND vv.svc_cd <> t.svc_cd AND vv.p_atb >= t.earliest
               ORDER BY vv.p_atb LIMIT 1) AS vid
      FROM (SELECT ukey, svc_cd, t_in + (1.5 + pg_temp.rnd('tw'||ukey) * 10) * interval '1 day' AS earliest
            FROM up1 WHERE cat = 'T') t) x
JOIN vis b ON b.visit_id = x.vid
WHERE u.ukey = x.k2;

-- container attributes
CREATE TEMP TABLE up2 AS
SELECT u.*, a.frt, a.reefer, i.iso,
       CASE WHEN u.vline IN ('HFS','CLF') AND pg_temp.rnd('bl'||ukey) < 0.7
            THEN (ARRAY['NSL','ATX','MDC'])[1 + floor(pg_temp.rnd('bm'||ukey) * 3)::int] ELSE u.vline END AS bline,
       CASE WHEN a.frt = 'FCL' AND NOT a.reefer
             AND pg_temp.rnd('hz'||ukey) < CASE WHEN i.iso = '22T6' THEN 0.8 ELSE 0.06 END
            THEN CASE WHEN h.u < 0.35 THEN '3' WHEN h.u < 0.55 THEN '8' WHEN h.u < 0.75 THEN '9'
                      WHEN h.u < 0.85 THEN '2.1' WHEN h.u < 0.93 THEN '6.1' ELSE '4.1' END END AS imdg,
       CASE WHEN a.frt = 'FCL' AND a.reefer
            THEN (ARRAY[-25,-18,-18,-18,-18,2,4,13])[1 + floor(pg_temp.rnd('sp'||ukey) * 8)::int] END AS setpt,
       CASE WHEN a.frt = 'FCL' AND u.cat IN ('I','E')
            THEN 9 + (floor(pg_temp.rnd('cn'||ukey) ^ 2.2 * 155)::int * 37) % 155 END AS cons,
       CASE WHEN a.frt = 'FCL' AND u.cat = 'I'
            THEN CASE WHEN pg_temp.rnd('ch'||ukey) < 0.72 THEN 'G' WHEN pg_temp.rnd('ch'||ukey) < 0.92 THEN 'O' ELSE 'R' END END AS chan
FROM up1 u
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('fk'||ukey) < CASE u.cat WHEN 'T' THEN 0.05 ELSE u.mty_pct END THEN 'MTY' ELSE 'FCL' END AS frt,
                           pg_temp.rnd('rf'||ukey) < u.rf_pct AS reefer) a
CROSS JOIN LATERAL (SELECT pg_temp.rnd('iz'||ukey) AS z) zz
CROSS JOIN LATERAL (SELECT CASE WHEN a.reefer THEN CASE WHEN zz.z < 0.3 THEN '22R1' ELSE '45R1' END
                                WHEN zz.z < 0.32 THEN '22G1' WHEN zz.z < 0.45 THEN '42G1' WHEN zz.z < 0.88 THEN '45G1'
                                WHEN zz.z < 0.92 THEN '22T6' WHEN zz.z < 0.95 THEN '42U1' WHEN zz.z < 0.965 THEN '22P1'
                                ELSE 'L5G1' END AS iso) i
CROSS JOIN LATERAL (SELECT pg_temp.rnd('hc'||ukey) AS u) h;
ANALYZE up2;

-- closed accounts have no business after March 2024
UPDATE up2 SET cons = cons + 1 WHERE cons IN (96, 150, 161) AND COALESCE(t_in, t_out) > timestamp '2024-03-31';

-- holds on full imports (and damage surveys), planned release times
CREATE TEMP TABLE hp AS
SELECT ukey, 'CUS' AS hold_cd, t_in + interval '5 minutes' AS placed,
       t_in + CASE chan WHEN 'O' THEN 6 + pg_temp.rnd('cr'||ukey) * 40 ELSE 48 + pg_temp.rnd('cr'||ukey) * 96 END * interval '1 hour' AS rel
FROM up2 WHERE cat = 'I' AND chan IN ('O','R')
UNION ALL
SELECT ukey, 'LIN', t_in + interval '6 minutes', t_in + (2 + pg_temp.rnd('lr'||ukey) ^ 2 * 60) * interval '1 hour'
FROM up2 WHERE cat = 'I' AND frt = 'FCL' AND pg_temp.rnd('lh'||ukey) < 0.45
UNION ALL
SELECT ukey, 'PHA', t_in + interval '7 minutes', t_in + (24 + pg_temp.rnd('pr'||ukey) * 48) * interval '1 hour'
FROM up2 WHERE cat = 'I' AND setpt IS NOT NULL AND pg_temp.rnd('ph'||ukey) < 0.6
UNION ALL
SELECT ukey, 'DMG', t_in + interval '30 minutes', t_in + (24 + pg_temp.rnd('dr'||ukey) * 96) * interval '1 hour'
FROM up2 WHERE cat = 'I' AND pg_temp.rnd('dg'||ukey) < 0.012;
UPDATE hp SET placed = date_trunc('minute', placed), rel = date_trunc('minute', rel);
CREATE INDEX ON hp (ukey);
ANALYZE hp;

-- import delivery: after all holds are released plus the consignee's own delay, during gate hours
CREATE TEMP TABLE imp_rdy AS
SELECT u2.ukey, u2.frt, GREATEST(u2.t_in, h.mx) AS ready
FROM up2 u2 LEFT JOIN (SELECT ukey, max(rel) AS mx FROM hp GROUP BY ukey) h ON h.ukey = u2.ukey
WHERE u2.cat = 'I';
ANALYZE imp_rdy;
UPDATE up2 u SET t_out = date_trunc('second', CASE WHEN extract(isodow FROM t2) = 7 THEN t2 + interval '1 day' ELSE t2 END)
FROM (SELECT x.ukey AS k2,
             CASE WHEN t1 < ready + interval '1 hour' THEN t1 + interval '1 day' ELSE t1 END AS t2
      FROM (SELECT r.ukey, r.ready,
                   (r.ready + CASE WHEN r.frt = 'MTY' THEN 24 + pg_temp.rnd('dl'||r.ukey) ^ 1.5 * 400
                                   WHEN pg_temp.rnd('sl'||r.ukey) < 0.85 THEN 2 + pg_temp.rnd('dl'||r.ukey) * 40
                                   ELSE 36 + pg_temp.rnd('dl'||r.ukey) ^ 1.5 * 400 END * interval '1 hour')::date
                   + (6 + pg_temp.rnd('dt'||r.ukey) * 15.5) * interval '1 hour' AS t1
            FROM imp_rdy r) x) y
WHERE u.ukey = y.k2;

-- terminal hold when import free time runs out (free days: 5 for units discharged before 1 Apr 2024, then 4)
INSERT INTO hp
SELECT ukey, 'TML', (t_in::date + fd) + interval '5 minutes',
       t_out - (20 + floor(pg_temp.rnd('tr'||ukey) * 60)) * interval '1 minute'
FROM (SELECT u.*, CASE WHEN t_in < timestamp '2024-04-01' THEN 5 ELSE 4 END AS fd FROM up2 u
      WHERE cat = 'I' AND frt = 'FCL') x
WHERE LEAST(COALESCE(t_out, timestamp '2024-09-18 22:00'), timestamp '2024-09-18 22:00')::date - t_in::date + 1 > fd;

-- snapshot cut: nothing after Wed 18 Sep 2024 22:00 (exports due in the next days are kept for truck bookings)
CREATE TEMP TABLE fut_exp AS
SELECT ukey, bline, t_in, row_number() OVER (ORDER BY t_in, ukey)::int AS rn FROM up2
WHERE cat = 'E' AND t_in > timestamp '2024-09-18 22:00' AND t_in < timestamp '2024-09-22 00:00';
DELETE FROM up2 WHERE t_in > timestamp '2024-09-18 22:00';
UPDATE up2 SET t_out = NULL WHERE t_out > timestamp '2024-09-18 22:00';
DELETE FROM hp WHERE placed > timestamp '2024-09-18 22:00' OR ukey NOT IN (SELECT ukey FROM up2);
UPDATE hp SET rel = NULL WHERE rel > timestamp '2024-09-18 22:00';

CREATE TEMP TABLE umap AS SELECT ukey, row_number() OVER (ORDER BY t_in, ukey)::int AS unit_id FROM up2;
CREATE UNIQUE INDEX ON umap (ukey);
ANALYZE umap;

INSERT INTO ops.unit (unit_id, cntr_no, iso_cd, line_cd, cat_cd, frt_kind, ib_visit_id, ob_visit_id, time_in, time_out,
                      gross_kg, rf_setpt, imdg, cons_cust_id, yard_pos, attrs)
SELECT m.unit_id, c.pfx || c.dg || pg_temp.cdig(c.pfx || c.dg), u.iso, u.bline, u.cat, u.frt, u.ib_visit, u.ob_visit, u.t_in, u.t_out,
       w.gross, u.setpt, u.imdg, u.cons,
       CASE WHEN u.t_out IS NULL THEN
            CASE WHEN u.setpt IS NOT NULL THEN 'R' || (1 + floor(pg_temp.rnd('b1'||u.ukey) * 2)::int)
                 WHEN u.imdg IS NOT NULL THEN 'HZ'
                 WHEN u.frt = 'MTY' THEN 'E' || (1 + floor(pg_temp.rnd('b1'||u.ukey) * 3)::int)
                 ELSE chr(65 + floor(pg_temp.rnd('b1'||u.ukey) * 6)::int) END
            || lpad((1 + floor(pg_temp.rnd('b2'||u.ukey) * 40))::text, 2, '0') || '-' || (1 + floor(pg_temp.rnd('b3'||u.ukey) * 6)::int)
            || '-' || (1 + floor(pg_temp.rnd('b4'||u.ukey) * CASE WHEN u.frt = 'MTY' THEN 6 ELSE 5 END)::int) END,
       jsonb_strip_nulls(jsonb_build_object(
         'seal', CASE WHEN u.frt = 'FCL' THEN jsonb_build_object(
                   'no', upper(translate(substr(md5('sl'||u.ukey), 1, 2), '0123456789', 'ABCDEFGHKL')) || lpad((floor(pg_temp.rnd('sn'||u.ukey) * 9999999))::int::text, 7, '0'),
                   'type', CASE WHEN pg_temp.rnd('st'||u.ukey) < 0.9 THEN 'bolt' ELSE 'cable' END) END,
         'vgm', CASE WHEN u.cat = 'E' AND u.frt = 'FCL' THEN jsonb_build_object(
                   'kg', w.gross + floor(pg_temp.rnd('vg'||u.ukey) * 240)::int - 120,
                   'method', CASE WHEN pg_temp.rnd('vm'||u.ukey) < 0.62 THEN 1 ELSE 2 END,
                   'by', CASE WHEN pg_temp.rnd('vb'||u.ukey) < 0.7 THEN 'shipper' ELSE 'forwarder' END) END,
         'customs', CASE WHEN u.cat = 'I' AND u.frt = 'FCL' THEN jsonb_build_object(
                   'mrn', to_char(u.t_in, 'YY') || 'GB' || upper(substr(md5('mrn'||u.ukey), 1, 14)), 'chan', u.chan) END,
         'haz', CASE WHEN u.imdg IS NOT NULL THEN jsonb_build_object(
                   'un', CASE u.imdg WHEN '3' THEN (ARRAY['1263','1993','1866','1170'])[1 + floor(hz.r ^ 1.8 * 4)::int]
                                     WHEN '8' THEN (ARRAY['1760','1789','2796'])[1 + floor(hz.r ^ 1.5 * 3)::int]
                                     WHEN '9' THEN (ARRAY['3082','3077','3480'])[1 + floor(hz.r * 3)::int]
                                     WHEN '2.1' THEN '1950'
                                     WHEN '6.1' THEN (ARRAY['2810','1593'])[1 + floor(hz.r * 2)::int]
                                     ELSE (ARRAY['1325','3175'])[1 + floor(hz.r * 2)::int] END,
                   'pg', CASE WHEN u.imdg IN ('2.1','9') THEN NULL WHEN hz.r < 0.3 THEN 'II' ELSE 'III' END,
                   'mp', pg_temp.rnd('mp'||u.ukey) < 0.15) END,
         'reefer', CASE WHEN u.setpt IS NOT NULL THEN jsonb_build_object(
                   'vent_pct', CASE WHEN u.setpt > 0 THEN (ARRAY[15,25,40])[1 + floor(pg_temp.rnd('vp'||u.ukey) * 3)::int] ELSE 0 END,
                   'ca', u.setpt = 13 AND pg_temp.rnd('ca'||u.ukey) < 0.5) END,
         'oog', CASE WHEN u.iso IN ('42U1','22P1') AND u.frt = 'FCL' AND pg_temp.rnd('og'||u.ukey) < 0.4 THEN jsonb_build_object(
                   'over_ht_cm', 10 + floor(pg_temp.rnd('oh'||u.ukey) * 80)::int,
                   'over_wd_cm', CASE WHEN u.iso = '22P1' THEN 5 + floor(pg_temp.rnd('ow'||u.ukey) * 30)::int END) END,
         'dmg', CASE WHEN EXISTS (SELECT 1 FROM hp WHERE hp.ukey = u.ukey AND hp.hold_cd = 'DMG') THEN jsonb_build_object(
                   'side', (ARRAY['L','R','F','D','T'])[1 + floor(pg_temp.rnd('ds'||u.ukey) * 5)::int],
                   'sev', CASE WHEN pg_temp.rnd('dv'||u.ukey) < 0.8 THEN 'minor' ELSE 'major' END) END))
FROM up2 u
JOIN umap m ON m.ukey = u.ukey
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('ls'||u.ukey) < 0.25 THEN (ARRAY['TGHU','TCLU','SEGU'])[1 + floor(pg_temp.rnd('lp'||u.ukey) * 3)::int]
                                ELSE u.bline || 'U' END AS pfx,
                           lpad(((m.unit_id::bigint * 7919) % 1000000)::text, 6, '0') AS dg) c
CROSS JOIN LATERAL (SELECT pg_temp.rnd('un'||u.ukey) AS r) hz
CROSS JOIN LATERAL (SELECT CASE WHEN u.iso LIKE '2%' THEN CASE WHEN u.iso = '22R1' THEN 3000 WHEN u.iso = '22T6' THEN 3600 ELSE 2250 END
                                ELSE CASE WHEN u.iso = '45R1' THEN 4700 WHEN u.iso = '42G1' THEN 3750 ELSE 3950 END END
                           + CASE WHEN u.frt = 'MTY' THEN 0
                                  WHEN u.iso LIKE '2%' THEN 4000 + floor(pg_temp.rnd('cg'||u.ukey) ^ 0.8 * 20000)::int
                                  ELSE 5000 + floor(pg_temp.rnd('cg'||u.ukey) * 22000)::int END AS gross) w
ORDER BY m.unit_id;

INSERT INTO ops.unit_hold (hold_id, unit_id, hold_cd, placed_at, released_at, ref_no)
SELECT row_number() OVER (ORDER BY h.placed, m.unit_id, h.hold_cd)::int, m.unit_id, h.hold_cd, h.placed, h.rel,
       CASE h.hold_cd WHEN 'CUS' THEN 'HMRC' || upper(substr(md5('hr'||h.ukey), 1, 8))
                      WHEN 'LIN' THEN 'LH' || lpad(floor(pg_temp.rnd('lf'||h.ukey) * 999999)::int::text, 6, '0')
                      WHEN 'PHA' THEN 'PHA/' || to_char(h.placed, 'YY') || '/' || floor(pg_temp.rnd('pf'||h.ukey) * 9999)::int
                      WHEN 'TML' THEN 'DEM-' || m.unit_id
                      ELSE 'SRV' || floor(pg_temp.rnd('sf'||h.ukey) * 99999)::int END
FROM hp h JOIN umap m ON m.ukey = h.ukey
ORDER BY 1;

-- =====================================================================
--  Gate: hauliers, gate transactions, appointments
-- =====================================================================
INSERT INTO gate.haulier (haulier_id, hlr_cd, hlr_nm, cust_id, fleet_sz, suspended_until, is_active)
SELECT h, 'HL' || lpad(h::text, 3, '0'), c.cust_nm, c.cust_id, 3 + floor(pg_temp.rnd('fs'||h) ^ 2 * 40)::int,
       CASE h WHEN 12 THEN date '2024-09-30' WHEN 27 THEN date '2024-08-15' END,
       h <> 38
FROM generate_series(1, 55) h JOIN fin.customer c ON c.cust_id = 163 + h;

-- hauliers are picked with a skew; closed / suspended hauliers hand their work to the next one
CREATE FUNCTION pg_temp.hlr(k text, t timestamp) RETURNS int LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN (h = 38 AND t > timestamp '2024-03-01')
                 OR (h = 12 AND t >= timestamp '2024-09-09')
                 OR (h = 27 AND t >= timestamp '2024-07-29' AND t < timestamp '2024-08-16') THEN h % 55 + 1 ELSE h END
   FROM (SELECT 1 + (floor(pg_temp.rnd('hl'||k) ^ 1.6 * 55)::int * 17) % 55 AS h) x $$;

CREATE TEMP TABLE gtp AS
-- import pick-ups
SELECT 'P' || u.ukey AS gkey, u.ukey, 'PUI' AS tx_cd,
       GREATEST(date_trunc('minute', u.t_out - (15 + pg_temp.rnd('g1'||u.ukey) * 50) * interval '1 minute'), u.t_out::date + interval '6 hours') AS gin,
       date_trunc('minute', u.t_out + (6 + pg_temp.rnd('g2'||u.ukey) * 25
                 + CASE WHEN pg_temp.rnd('gt'||u.ukey) < 0.05 THEN 20 + pg_temp.rnd('g3'||u.ukey) * 40 ELSE 0 END) * interval '1 minute') AS gout,
       CASE WHEN pg_temp.rnd('gt'||u.ukey) < 0.05 THEN 'T' ELSE 'C' END AS res,
       CASE WHEN pg_temp.rnd('gt'||u.ukey) < 0.05 THEN (ARRAY['DOC','SEA'])[1 + floor(pg_temp.rnd('gr'||u.ukey) * 2)::int] END AS rsn,
       pg_temp.rnd('ap'||u.ukey) < 0.84 AS has_appt
FROM up2 u WHERE u.cat = 'I' AND u.t_out IS NOT NULL
UNION ALL
-- export drop-offs
SELECT 'X' || u.ukey, u.ukey, 'DOE',
       GREATEST(date_trunc('minute', u.t_in - (8 + pg_temp.rnd('g1'||u.ukey) * 30) * interval '1 minute'), u.t_in::date + interval '6 hours'),
       date_trunc('minute', u.t_in + (8 + pg_temp.rnd('g2'||u.ukey) * 20
                 + CASE WHEN pg_temp.rnd('gt'||u.ukey) < 0.04 THEN 20 + pg_temp.rnd('g3'||u.ukey) * 40 ELSE 0 END) * interval '1 minute'),
       CASE WHEN pg_temp.rnd('gt'||u.ukey) < 0.04 THEN 'T' ELSE 'C' END,
       CASE WHEN pg_temp.rnd('gt'||u.ukey) < 0.04 THEN (ARRAY['WGT','DOC','SEA'])[1 + floor(pg_temp.rnd('gr'||u.ukey) * 3)::int] END,
       pg_temp.rnd('ap'||u.ukey) < 0.84
FROM up2 u WHERE u.cat = 'E'
UNION ALL
-- failed pick-up attempts a day or two before the actual collection
SELECT 'R' || u.ukey, u.ukey, 'PUI', a.gin, a.gin + (15 + floor(pg_temp.rnd('ro'||u.ukey) * 30)) * interval '1 minute', 'R',
       CASE WHEN pg_temp.rnd('rr'||u.ukey) < 0.6 THEN 'HLD' ELSE 'DOC' END, pg_temp.rnd('ap'||u.ukey) < 0.9
FROM up2 u
CROSS JOIN LATERAL (SELECT date_trunc('minute', u.t_out - (1 + floor(pg_temp.rnd('rd'||u.ukey) * 2)) * interval '1 day'
                                              - pg_temp.rnd('rh'||u.ukey) * interval '3 hours') AS gin) a
WHERE u.cat = 'I' AND u.frt = 'FCL' AND u.t_out IS NOT NULL AND pg_temp.rnd('ra'||u.ukey) < 0.035
  AND a.gin >= u.t_in + interval '2 hours' AND extract(hour FROM a.gin) BETWEEN 6 AND 21 AND extract(isodow FROM a.gin) < 7
UNION ALL
-- today: trucks turned away for boxes still on hold
SELECT 'R' || u.ukey, u.ukey, 'PUI', a.gin, a.gin + (20 + floor(pg_temp.rnd('ro'||u.ukey) * 20)) * interval '1 minute', 'R', 'HLD',
       pg_temp.rnd('ap'||u.ukey) < 0.9
FROM up2 u
CROSS JOIN LATERAL (SELECT date_trunc('minute', timestamp '2024-09-18 07:00' + pg_temp.rnd('rh'||u.ukey) * interval '13 hours') AS gin) a
WHERE u.cat = 'I' AND u.frt = 'FCL' AND u.t_out IS NULL AND pg_temp.rnd('ra'||u.ukey) < 0.15
  AND a.gin >= u.t_in + interval '1 hour'
  AND EXISTS (SELECT 1 FROM hp WHERE hp.ukey = u.ukey AND hp.rel IS NULL);
ANALYZE gtp;

ALTER TABLE gtp ADD COLUMN haulier_id int, ADD COLUMN gtx_id int;
UPDATE gtp SET haulier_id = pg_temp.hlr(ukey, gin), gout = CASE WHEN gout > timestamp '2024-09-18 22:00' THEN NULL ELSE gout END;
UPDATE gtp g SET gtx_id = o.rn FROM (SELECT gkey, row_number() OVER (ORDER BY gin, gkey)::int AS rn FROM gtp) o WHERE o.gkey = g.gkey;

-- appointments: used ones, no-shows, cancellations, and bookings for the coming days
CREATE TEMP TABLE app AS
SELECT g.gkey AS akey, g.haulier_id, g.tx_cd, m.unit_id, g.ukey,
       date_trunc('hour', g.gin) - CASE WHEN pg_temp.rnd('ae'||g.gkey) < 0.12 THEN interval '1 hour' ELSE interval '0' END AS slot,
       'U' AS st, NULL::timestamp AS canc, g.gkey AS gkey
FROM gtp g JOIN umap m ON m.ukey = g.ukey WHERE g.has_appt
UNION ALL
SELECT 'N' || u.ukey, pg_temp.hlr('n'||u.ukey, u.t_out), 'PUI', m.unit_id, u.ukey,
       date_trunc('hour', u.t_out) - (1 + floor(pg_temp.rnd('nd'||u.ukey) * 2)) * interval '1 day', 'N', NULL, NULL
FROM up2 u JOIN umap m ON m.ukey = u.ukey
WHERE u.cat = 'I' AND u.t_out IS NOT NULL AND pg_temp.rnd('ns'||u.ukey) < 0.05
UNION ALL
SELECT 'N' || u.ukey, pg_temp.hlr('n'||u.ukey, u.t_in), 'DOE', m.unit_id, u.ukey,
       date_trunc('hour', u.t_in) - interval '1 day', 'N', NULL, NULL
FROM up2 u JOIN umap m ON m.ukey = u.ukey
WHERE u.cat = 'E' AND pg_temp.rnd('ns'||u.ukey) < 0.02
UNION ALL
SELECT 'C' || u.ukey, pg_temp.hlr('c'||u.ukey, COALESCE(u.t_out, u.t_in)), CASE u.cat WHEN 'I' THEN 'PUI' ELSE 'DOE' END, m.unit_id, u.ukey,
       date_trunc('hour', CASE u.cat WHEN 'I' THEN u.t_out ELSE u.t_in END) + (floor(pg_temp.rnd('cd'||u.ukey) * 3) - 1) * interval '1 day', 'C',
       NULL, NULL
FROM up2 u JOIN umap m ON m.ukey = u.ukey
WHERE u.cat IN ('I','E') AND CASE u.cat WHEN 'I' THEN u.t_out ELSE u.t_in END IS NOT NULL AND pg_temp.rnd('cc'||u.ukey) < 0.06
UNION ALL
SELECT 'B' || u.ukey, pg_temp.hlr('b'||u.ukey, timestamp '2024-09-19'), 'PUI', m.unit_id, u.ukey,
       date '2024-09-19' + floor(pg_temp.rnd('bd'||u.ukey) * 3)::int + (6 + floor(pg_temp.rnd('bh'||u.ukey) * 16)) * interval '1 hour', 'B', NULL, NULL
FROM up2 u JOIN umap m ON m.ukey = u.ukey
WHERE u.cat = 'I' AND u.t_out IS NULL AND pg_temp.rnd('bk'||u.ukey) < 0.55
  AND NOT EXISTS (SELECT 1 FROM hp WHERE hp.ukey = u.ukey AND hp.rel IS NULL)
UNION ALL
SELECT 'F' || f.ukey, pg_temp.hlr('f'||f.ukey, f.t_in), 'DOE', NULL, f.ukey, date_trunc('hour', f.t_in), 'B', NULL, NULL
FROM fut_exp f WHERE pg_temp.rnd('fb'||f.ukey) < 0.8;
ANALYZE app;

-- slots only Mon-Sat 06:00-21:00 starts
UPDATE app SET slot = slot::date + CASE WHEN extract(hour FROM slot) < 6 THEN interval '6 hours'
                                        WHEN extract(hour FROM slot) > 21 THEN interval '21 hours'
                                        ELSE extract(hour FROM slot) * interval '1 hour' END
WHERE st <> 'U';
UPDATE app SET slot = slot - interval '1 day' WHERE extract(isodow FROM slot) = 7 AND st IN ('N','C');
UPDATE app SET slot = slot + interval '1 day' WHERE extract(isodow FROM slot) = 7 AND st = 'B';
DELETE FROM app WHERE st IN ('N','C') AND (slot > timestamp '2024-09-18 21:00' OR slot < timestamp '2023-01-02 06:00');
UPDATE app SET canc = date_trunc('minute', slot - (1 + pg_temp.rnd('ct'||akey) * 20) * interval '1 hour') WHERE st = 'C';

CREATE TEMP TABLE amap AS SELECT akey, row_number() OVER (ORDER BY slot, akey)::int AS appt_id FROM app;
CREATE UNIQUE INDEX ON amap (akey);

INSERT INTO gate.appointment (appt_id, appt_no, haulier_id, tx_cd, unit_id, cntr_no, slot_start, appt_st, booked_at, cancelled_at)
SELECT o.appt_id, 'VB' || lpad(o.appt_id::text, 7, '0'), a.haulier_id, a.tx_cd, a.unit_id,
       COALESCE(u.cntr_no, c.pfx || c.dg || pg_temp.cdig(c.pfx || c.dg)),
       a.slot, a.st,
       LEAST(date_trunc('minute', COALESCE(a.canc, a.slot) - (2 + pg_temp.rnd('bt'||a.akey) * 70) * interval '1 hour'),
             ('2024-09-18 21:' || lpad(floor(pg_temp.rnd('bm'||a.akey) * 60)::int::text, 2, '0'))::timestamp),
       a.canc
FROM app a
JOIN amap o ON o.akey = a.akey
LEFT JOIN ops.unit u ON u.unit_id = a.unit_id
LEFT JOIN fut_exp f ON f.ukey = a.ukey AND a.unit_id IS NULL
CROSS JOIN LATERAL (SELECT COALESCE(f.bline, 'NSL') || 'U' AS pfx, lpad((900000 + COALESCE(f.rn, 0))::text, 6, '0') AS dg) c
ORDER BY o.appt_id;

INSERT INTO gate.gate_txn (gtx_id, haulier_id, appt_id, tx_cd, unit_id, truck_reg, drv_card, lane_no, gate_in_at, gate_out_at, tx_result, rsn_cd)
SELECT g.gtx_id, g.haulier_id, am.appt_id, g.tx_cd, m.unit_id,
       upper(translate(substr(md5('tr'||g.haulier_id||'-'||t.k), 1, 2), '0123456789', 'ABCDEFGHJK'))
         || lpad(((g.haulier_id * 7 + t.k) % 60 + 10)::text, 2, '0') || ' '
         || upper(translate(substr(md5('tz'||g.haulier_id||'-'||t.k), 1, 3), '0123456789abcdef', 'LMNPRSTVWXYZABCD')),
       'PP' || lpad((g.haulier_id * 1000 + t.k * 3 + floor(pg_temp.rnd('dc'||g.gkey) * 3)::int)::text, 6, '0'),
       1 + floor(pg_temp.rnd('ln'||g.gkey) * 6)::int,
       g.gin, g.gout, g.res, g.rsn
FROM gtp g
JOIN umap m ON m.ukey = g.ukey
JOIN gate.haulier h ON h.haulier_id = g.haulier_id
CROSS JOIN LATERAL (SELECT floor(pg_temp.rnd('tk'||g.gkey) * h.fleet_sz)::int AS k) t
LEFT JOIN amap am ON am.akey = g.gkey AND g.has_appt
ORDER BY g.gtx_id;

-- =====================================================================
--  Staff pools per shift, equipment maintenance, container moves
-- =====================================================================
CREATE TEMP TABLE pool AS
SELECT ss.shift_dt, ss.shift_cd, s.role_cd, array_agg(s.staff_id ORDER BY s.staff_id) AS ids
FROM ops.staff_shift ss JOIN ops.staff s ON s.staff_id = ss.staff_id
WHERE ss.att_cd = 'P'
GROUP BY 1, 2, 3;
CREATE UNIQUE INDEX ON pool (shift_dt, shift_cd, role_cd);
ANALYZE pool;

CREATE FUNCTION pg_temp.sdt(t timestamp) RETURNS date LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN extract(hour FROM t) < 6 THEN t::date - 1 ELSE t::date END $$;
CREATE FUNCTION pg_temp.scd(t timestamp) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE WHEN extract(hour FROM t) >= 6 AND extract(hour FROM t) < 14 THEN 'E'
               WHEN extract(hour FROM t) >= 14 AND extract(hour FROM t) < 22 THEN 'L' ELSE 'N' END $$;

-- maintenance work orders ------------------------------------------------
CREATE TEMP TABLE wo AS
SELECT e.che_id, 'P' AS typ, NULL::text AS fault,
       d + interval '7 hours' + floor(pg_temp.rnd('pt'||e.che_id||d::date) * 3) * interval '1 hour' AS opened,
       4 + pg_temp.rnd('pu'||e.che_id||d::date) * 8 AS dur_h,
       round((350 + pg_temp.rnd('pc'||e.che_id||d::date) * 1450)::numeric, 2) AS cost
FROM ops.equipment e
CROSS JOIN LATERAL generate_series(timestamp '2023-01-02' + (ascii(right(e.che_id, 1)) % 9) * interval '3 days', timestamp '2024-09-18',
                                   CASE WHEN e.che_typ IN ('QC','RTG') THEN interval '28 days' ELSE interval '42 days' END) d
WHERE d::date >= e.commissioned_on AND (e.retired_on IS NULL OR d::date < e.retired_on)
UNION ALL
SELECT e.che_id, 'I', NULL,
       d + interval '8 hours', 3 + pg_temp.rnd('iu'||e.che_id||d::date) * 3,
       round((450 + pg_temp.rnd('ic'||e.che_id||d::date) * 200)::numeric, 2)
FROM ops.equipment e
CROSS JOIN LATERAL generate_series(timestamp '2023-01-16' + (ascii(right(e.che_id, 1)) % 7) * interval '11 days', timestamp '2024-09-18', interval '182 days') d
WHERE e.che_typ <> 'TT' AND d::date >= e.commissioned_on AND (e.retired_on IS NULL OR d::date < e.retired_on)
UNION ALL
SELECT e.che_id, 'B', (ARRAY['HYD','ELE','SPR','ENG','TYR','STR'])[1 + floor(pg_temp.rnd('bf'||e.che_id||w::date) ^ 1.3 * 6)::int],
       date_trunc('minute', w + pg_temp.rnd('bo'||e.che_id||w::date) * interval '7 days'),
       1 + pg_temp.rnd('bu'||e.che_id||w::date) ^ 2.5 * 96,
       round((150 + pg_temp.rnd('bc'||e.che_id||w::date) ^ 3 * CASE e.che_typ WHEN 'QC' THEN 38000 WHEN 'RTG' THEN 24000 ELSE 9000 END)::numeric, 2)
FROM ops.equipment e
CROSS JOIN generate_series(timestamp '2023-01-02', timestamp '2024-09-16', interval '7 days') w
WHERE pg_temp.rnd('bw'||e.che_id||w::date) < CASE e.che_typ WHEN 'QC' THEN 0.13 WHEN 'RTG' THEN 0.10 WHEN 'RS' THEN 0.09 WHEN 'TT' THEN 0.08 ELSE 0.06 END
  AND w::date >= e.commissioned_on AND (e.retired_on IS NULL OR w::date < e.retired_on);
ANALYZE wo;
-- open work orders at close of business today
DELETE FROM wo WHERE opened > timestamp '2024-09-18 22:00'
                  OR (opened > timestamp '2024-08-25' AND che_id IN ('QC04','TT05','RTG07'));
INSERT INTO wo VALUES ('QC04','B','SPR',timestamp '2024-09-17 14:20',200,NULL),
                      ('TT05','B','ENG',timestamp '2024-09-02 10:15',900,NULL),
                      ('RTG07','P',NULL,timestamp '2024-09-18 07:00',40,NULL);
ALTER TABLE wo ADD COLUMN closed timestamp;
UPDATE wo SET closed = date_trunc('minute', opened + dur_h * interval '1 hour');
UPDATE wo SET closed = NULL, cost = NULL WHERE closed > timestamp '2024-09-18 22:00';

INSERT INTO ops.equip_maint (wo_id, wo_no, che_id, mnt_typ, fault_cd, opened_at, closed_at, cost_amt, tech_id, notes)
SELECT row_number() OVER (ORDER BY w.opened, w.che_id)::int,
       'WO' || to_char(w.opened, 'YY') || '-' || lpad(row_number() OVER (PARTITION BY extract(year FROM w.opened) ORDER BY w.opened, w.che_id)::text, 4, '0'),
       w.che_id, w.typ, w.fault, w.opened, w.closed, w.cost,
       p.ids[1 + floor(pg_temp.rnd('te'||w.che_id||w.opened) * array_length(p.ids, 1))::int],
       CASE w.typ WHEN 'P' THEN CASE WHEN e.che_typ IN ('QC','RTG') THEN 'Planned 4-weekly service' ELSE 'Planned 6-weekly service' END
                  WHEN 'I' THEN 'LOLER 6-monthly thorough examination'
                  ELSE CASE w.fault WHEN 'HYD' THEN 'Hydraulic leak / hose replaced' WHEN 'ELE' THEN 'Electrical fault, PLC / sensor'
                                    WHEN 'SPR' THEN 'Spreader twistlock / flipper fault' WHEN 'ENG' THEN 'Engine or drive failure'
                                    WHEN 'TYR' THEN 'Tyre damage' ELSE 'Structural damage after contact' END END
FROM wo w
JOIN ops.equipment e ON e.che_id = w.che_id
LEFT JOIN pool p ON p.shift_dt = pg_temp.sdt(w.opened) AND p.shift_cd = pg_temp.scd(w.opened) AND p.role_cd = 'TEC';

UPDATE ops.equipment SET hrs_meter = ((date '2024-09-18' - commissioned_on)
       * CASE che_typ WHEN 'QC' THEN 9 WHEN 'RTG' THEN 14 WHEN 'RS' THEN 12 WHEN 'ECH' THEN 10 ELSE 15 END
       * (0.8 + pg_temp.rnd('hm'||che_id) * 0.3))::int
       - CASE WHEN retired_on IS NOT NULL THEN (date '2024-09-18' - retired_on) * 12 ELSE 0 END;

-- container moves ------------------------------------------------------------
CREATE TEMP TABLE mvp AS
SELECT m.unit_id, u.ukey, 1 AS seq, CASE WHEN u.ib_visit IS NOT NULL THEN 'DS' ELSE 'RC' END AS kind, u.ib_visit AS visit_id, u.t_in AS at
FROM up2 u JOIN umap m ON m.ukey = u.ukey
UNION ALL
SELECT m.unit_id, u.ukey, 9, CASE WHEN u.ob_visit IS NOT NULL THEN 'LD' ELSE 'DL' END, u.ob_visit, u.t_out
FROM up2 u JOIN umap m ON m.ukey = u.ukey WHERE u.t_out IS NOT NULL
UNION ALL
SELECT m.unit_id, u.ukey, s.seq, 'YS', NULL,
       date_trunc('second', u.t_in + (LEAST(COALESCE(u.t_out, timestamp '2024-09-18 22:00'), timestamp '2024-09-18 22:00') - u.t_in)
                                     * (0.15 + 0.7 * pg_temp.rnd('yt'||s.seq||u.ukey)))
FROM up2 u JOIN umap m ON m.ukey = u.ukey
CROSS JOIN (VALUES (3, 0.22), (4, 0.05)) s(seq, p)
WHERE pg_temp.rnd('ys'||s.seq||u.ukey) < s.p
UNION ALL
-- customs physical examination: to the exam area and back
SELECT m.unit_id, u.ukey, x.seq, 'YS', NULL, x.at
FROM up2 u JOIN umap m ON m.ukey = u.ukey
JOIN hp h ON h.ukey = u.ukey AND h.hold_cd = 'CUS'
CROSS JOIN LATERAL (VALUES (5, date_trunc('minute', h.placed + (20 + pg_temp.rnd('e1'||u.ukey) * 8) * interval '1 hour')),
                           (6, date_trunc('minute', h.placed + (40 + pg_temp.rnd('e2'||u.ukey) * 6) * interval '1 hour'))) x(seq, at)
WHERE u.chan = 'R' AND x.at <= timestamp '2024-09-18 22:00';
ANALYZE mvp;

CREATE TEMP TABLE mv2 AS
SELECT p.*, u.frt, u.setpt, u.imdg, vv.berth_cd,
       CASE WHEN u.setpt IS NOT NULL THEN 'R' || (1 + floor(pg_temp.rnd('b1'||u.ukey) * 2)::int)
            WHEN u.imdg IS NOT NULL THEN 'HZ'
            WHEN u.frt = 'MTY' THEN 'E' || (1 + floor(pg_temp.rnd('b1'||u.ukey) * 3)::int)
            ELSE chr(65 + floor(pg_temp.rnd('b1'||u.ukey) * 6)::int) END
         || lpad((1 + floor(pg_temp.rnd('lb'||p.seq||u.ukey) * 40))::text, 2, '0') AS blk,
       CASE WHEN p.kind IN ('DS','LD') THEN
                 (CASE vv.berth_cd WHEN 'B1' THEN ARRAY['QC01','QC02','QC03'] WHEN 'B2' THEN ARRAY['QC02','QC03','QC04']
                                   WHEN 'B3' THEN ARRAY['QC04','QC05','QC06'] ELSE ARRAY['QC05','QC06'] END)
                 [1 + floor(pg_temp.rnd('qc'||p.seq||u.ukey) * CASE WHEN vv.berth_cd = 'B4' THEN 2 ELSE 3 END)::int]
            WHEN u.frt = 'MTY' THEN 'ECH0' || (1 + floor(pg_temp.rnd('eq'||p.seq||u.ukey) * 3)::int)
            WHEN u.setpt IS NOT NULL THEN
                 (CASE WHEN p.at < timestamp '2024-01-15' THEN ARRAY['RS01','RS02','RS03']
                       WHEN p.at < timestamp '2024-02-29' THEN ARRAY['RS01','RS02','RS03','RS04']
                       ELSE ARRAY['RS01','RS03','RS04'] END)[1 + floor(pg_temp.rnd('eq'||p.seq||u.ukey) * CASE WHEN p.at >= timestamp '2024-01-15' AND p.at < timestamp '2024-02-29' THEN 4 ELSE 3 END)::int]
            ELSE 'RTG' || lpad((1 + floor(pg_temp.rnd('eq'||p.seq||u.ukey) * CASE WHEN p.at < timestamp '2023-10-01' THEN 11 ELSE 12 END))::text, 2, '0')
       END AS che
FROM mvp p
JOIN up2 u ON u.ukey = p.ukey
LEFT JOIN ops.vessel_visit vv ON vv.visit_id = p.visit_id;
ANALYZE mv2;

UPDATE mv2 SET che = 'QC05' WHERE che = 'QC06' AND at < timestamp '2024-03-15';
-- a machine in the workshop does no moves: its backup takes over
UPDATE mv2 m SET che = CASE m.che WHEN 'QC01' THEN 'QC02' WHEN 'QC02' THEN 'QC03' WHEN 'QC03' THEN 'QC02' WHEN 'QC04' THEN 'QC05'
                                  WHEN 'QC05' THEN 'QC04' WHEN 'QC06' THEN 'QC05' WHEN 'RS01' THEN 'RS03' WHEN 'RS02' THEN 'RS01'
                                  WHEN 'RS03' THEN 'RS01' WHEN 'RS04' THEN 'RS03' WHEN 'ECH01' THEN 'ECH02' WHEN 'ECH02' THEN 'ECH03'
                                  WHEN 'ECH03' THEN 'ECH01'
                                  ELSE 'RTG' || lpad((right(m.che, 2)::int % 11 + 1)::text, 2, '0') END
FROM ops.equip_maint w
WHERE w.che_id = m.che AND m.at >= w.opened_at AND m.at < COALESCE(w.closed_at, timestamp '2024-09-18 22:00');
-- ... and if the backup is in the workshop too, a second one
UPDATE mv2 m SET che = CASE m.che WHEN 'QC01' THEN 'QC03' WHEN 'QC02' THEN 'QC01' WHEN 'QC03' THEN 'QC01' WHEN 'QC04' THEN 'QC06'
                                  WHEN 'QC05' THEN CASE WHEN m.at < timestamp '2024-03-15' THEN 'QC03' ELSE 'QC06' END
                                  WHEN 'QC06' THEN 'QC04' WHEN 'RS01' THEN CASE WHEN m.at < timestamp '2024-02-29' THEN 'RS02' ELSE 'RS04' END WHEN 'RS02' THEN 'RS03'
                                  WHEN 'RS03' THEN CASE WHEN m.at < timestamp '2024-01-15' THEN 'RS02' ELSE 'RS04' END
                                  WHEN 'RS04' THEN 'RS01' WHEN 'ECH01' THEN 'ECH03' WHEN 'ECH02' THEN 'ECH01' WHEN 'ECH03' THEN 'ECH02'
                                  ELSE 'RTG' || lpad(((right(m.che, 2)::int + 4) % 11 + 1)::text, 2, '0') END
FROM ops.equip_maint w
WHERE w.che_id = m.che AND m.at >= w.opened_at AND m.at < COALESCE(w.closed_at, timestamp '2024-09-18 22:00');

INSERT INTO ops.unit_move (move_id, unit_id, mv_kind, visit_id, che_id, staff_id, from_loc, to_loc, move_at, cycle_s)
SELECT row_number() OVER (ORDER BY m.at, m.unit_id, m.seq), m.unit_id, m.kind, m.visit_id, m.che,
       p.ids[1 + floor(pg_temp.rnd('op'||m.seq||m.ukey) * array_length(p.ids, 1))::int],
       CASE m.kind WHEN 'DS' THEN 'VSL' WHEN 'RC' THEN 'TRK' ELSE CASE WHEN m.seq = 6 THEN 'EXAM' ELSE m.blk END END,
       CASE m.kind WHEN 'LD' THEN 'VSL' WHEN 'DL' THEN 'TRK' ELSE CASE WHEN m.seq = 5 THEN 'EXAM' ELSE m.blk END END,
       m.at,
       CASE WHEN m.che LIKE 'QC%' THEN 85 + floor(pg_temp.rnd('cy'||m.seq||m.ukey) * 120)
            WHEN m.che LIKE 'RTG%' THEN 100 + floor(pg_temp.rnd('cy'||m.seq||m.ukey) * 200)
            WHEN m.che LIKE 'RS%' THEN 120 + floor(pg_temp.rnd('cy'||m.seq||m.ukey) * 240)
            ELSE 60 + floor(pg_temp.rnd('cy'||m.seq||m.ukey) * 120) END::int
FROM mv2 m
LEFT JOIN pool p ON p.shift_dt = pg_temp.sdt(m.at) AND p.shift_cd = pg_temp.scd(m.at)
                AND p.role_cd = CASE WHEN m.che LIKE 'QC%' THEN 'QCO' WHEN m.che LIKE 'RTG%' THEN 'RTO' ELSE 'RSD' END
ORDER BY m.at, m.unit_id, m.seq;

-- =====================================================================
--  Billing: tariff, charges, invoices, payments
-- =====================================================================
INSERT INTO fin.tariff (tariff_id, chg_cd, chg_desc, unit_basis, rate, free_days, valid_from, valid_to) VALUES
 ( 1,'THC20','Stevedoring, 20 ft container, per quay move','MOVE', 95.00,NULL,'2023-01-01','2023-12-31'),
 ( 2,'THC20','Stevedoring, 20 ft container, per quay move','MOVE',102.00,NULL,'2024-01-01','2024-12-31'),
 ( 3,'THC20','Stevedoring, 20 ft container, per quay move','MOVE',108.00,NULL,'2025-01-01',NULL),
 ( 4,'THC40','Stevedoring, 40/45 ft container, per quay move','MOVE',140.00,NULL,'2023-01-01','2023-12-31'),
 ( 5,'THC40','Stevedoring, 40/45 ft container, per quay move','MOVE',150.00,NULL,'2024-01-01','2024-12-31'),
 ( 6,'THC40','Stevedoring, 40/45 ft container, per quay move','MOVE',159.00,NULL,'2025-01-01',NULL),
 ( 7,'HAZ','Dangerous goods surcharge, per quay move','MOVE',45.00,NULL,'2023-01-01','2023-12-31'),
 ( 8,'HAZ','Dangerous goods surcharge, per quay move','MOVE',48.00,NULL,'2024-01-01',NULL),
 ( 9,'RFP','Reefer power and monitoring, per day','DAY',28.00,NULL,'2023-01-01','2023-12-31'),
 (10,'RFP','Reefer power and monitoring, per day','DAY',30.00,NULL,'2024-01-01',NULL),
 (11,'DEM20','Import demurrage, 20 ft, per day after free time','DAY',18.00,5,'2023-01-01','2023-12-31'),
 (12,'DEM20','Import demurrage, 20 ft, per day after free time','DAY',20.00,5,'2024-01-01','2024-03-31'),
 (13,'DEM20','Import demurrage, 20 ft, per day after free time','DAY',20.00,4,'2024-04-01',NULL),
 (14,'DEM40','Import demurrage, 40/45 ft, per day after free time','DAY',30.00,5,'2023-01-01','2023-12-31'),
 (15,'DEM40','Import demurrage, 40/45 ft, per day after free time','DAY',33.00,5,'2024-01-01','2024-03-31'),
 (16,'DEM40','Import demurrage, 40/45 ft, per day after free time','DAY',33.00,4,'2024-04-01',NULL),
 (17,'MTY','Empty container storage, per day after free time','DAY',6.50,10,'2023-01-01',NULL),
 (18,'SHF','Customs examination shift, per yard move','MOVE',55.00,NULL,'2023-01-01','2023-12-31'),
 (19,'SHF','Customs examination shift, per yard move','MOVE',60.00,NULL,'2024-01-01',NULL),
 (20,'NOAP','Gate visit without appointment, per transaction','TXN',25.00,NULL,'2023-01-01','2024-06-30'),
 (21,'NOAP','Gate visit without appointment, per transaction','TXN',30.00,NULL,'2024-07-01',NULL),
 (22,'NOSH','Truck appointment no-show, per appointment','APPT',35.00,NULL,'2023-01-01',NULL);

CREATE TEMP TABLE chg AS
-- stevedoring and dangerous goods surcharge: per quay move, to the vessel operator
SELECT sl.cust_id, c.cd AS chg_cd, m.unit_id, m.visit_id, vv.visit_ref AS ref_txt, m.move_at::date AS chg_dt, 1::numeric AS qty, m.move_at::date AS rate_dt
FROM ops.unit_move m
JOIN ops.unit u ON u.unit_id = m.unit_id
JOIN ops.vessel_visit vv ON vv.visit_id = m.visit_id
JOIN ops.shipping_line sl ON sl.line_cd = vv.line_cd
CROSS JOIN LATERAL (SELECT CASE WHEN u.iso_cd LIKE '2%' THEN 'THC20' ELSE 'THC40' END AS cd
                    UNION ALL SELECT 'HAZ' WHERE u.imdg IS NOT NULL) c
WHERE m.mv_kind IN ('DS','LD')
UNION ALL
-- reefer power: every calendar day in the yard, to the box operator, billed when the box leaves
SELECT sl.cust_id, 'RFP', u.unit_id, NULL, u.cntr_no, u.time_out::date, (u.time_out::date - u.time_in::date + 1), u.time_in::date
FROM ops.unit u JOIN ops.shipping_line sl ON sl.line_cd = u.line_cd
WHERE u.rf_setpt IS NOT NULL AND u.time_out IS NOT NULL
UNION ALL
-- import demurrage after free time, to the cargo party, billed at delivery (free days of the tariff in force on the discharge day)
SELECT u.cons_cust_id, t.chg_cd, u.unit_id, NULL, u.cntr_no, u.time_out::date, (u.time_out::date - u.time_in::date + 1) - t.free_days, u.time_in::date
FROM ops.unit u
JOIN fin.tariff t ON t.chg_cd = CASE WHEN u.iso_cd LIKE '2%' THEN 'DEM20' ELSE 'DEM40' END
                 AND u.time_in::date BETWEEN t.valid_from AND COALESCE(t.valid_to, date '9999-12-31')
WHERE u.cat_cd = 'I' AND u.frt_kind = 'FCL' AND u.time_out IS NOT NULL
  AND (u.time_out::date - u.time_in::date + 1) > t.free_days
UNION ALL
-- empty storage after 10 free days, to the box operator
SELECT sl.cust_id, 'MTY', u.unit_id, NULL, u.cntr_no, u.time_out::date, (u.time_out::date - u.time_in::date + 1) - 10, u.time_in::date
FROM ops.unit u JOIN ops.shipping_line sl ON sl.line_cd = u.line_cd
WHERE u.frt_kind = 'MTY' AND u.time_out IS NOT NULL AND (u.time_out::date - u.time_in::date + 1) > 10
UNION ALL
-- customs exam shifts, to the cargo party
SELECT u.cons_cust_id, 'SHF', u.unit_id, NULL, u.cntr_no, m.move_at::date, 1, m.move_at::date
FROM ops.unit_move m JOIN ops.unit u ON u.unit_id = m.unit_id
WHERE m.mv_kind = 'YS' AND 'EXAM' IN (m.from_loc, m.to_loc)
UNION ALL
-- trucks without appointment
SELECT h.cust_id, 'NOAP', g.unit_id, NULL, 'GTX' || g.gtx_id, g.gate_in_at::date, 1, g.gate_in_at::date
FROM gate.gate_txn g JOIN gate.haulier h ON h.haulier_id = g.haulier_id
WHERE g.appt_id IS NULL AND g.tx_result IN ('C','T')
UNION ALL
-- appointment no-shows
SELECT h.cust_id, 'NOSH', a.unit_id, NULL, a.appt_no, a.slot_start::date, 1, a.slot_start::date
FROM gate.appointment a JOIN gate.haulier h ON h.haulier_id = a.haulier_id
WHERE a.appt_st = 'N';

INSERT INTO fin.charge (chg_id, cust_id, chg_cd, tariff_id, unit_id, visit_id, ref_txt, chg_dt, qty, rate, amt, wv, invoice_id)
SELECT row_number() OVER (ORDER BY c.chg_dt, c.chg_cd, c.unit_id, c.ref_txt), c.cust_id, c.chg_cd, t.tariff_id, c.unit_id, c.visit_id, c.ref_txt,
       c.chg_dt, c.qty, t.rate, round(c.qty * t.rate, 2),
       c.chg_cd LIKE 'DEM%' AND pg_temp.rnd('wv'||c.unit_id) < 0.025
         OR c.chg_cd IN ('NOAP','NOSH') AND pg_temp.rnd('wv'||c.ref_txt) < 0.04,
       NULL
FROM chg c
JOIN fin.tariff t ON t.chg_cd = c.chg_cd AND c.rate_dt BETWEEN t.valid_from AND COALESCE(t.valid_to, date '9999-12-31')
ORDER BY 1;

-- monthly invoicing run on the 1st for the previous month's charges
CREATE TEMP TABLE inv AS
SELECT ch.cust_id, date_trunc('month', ch.chg_dt)::date AS period_mo, sum(ch.amt) AS net
FROM fin.charge ch
WHERE NOT ch.wv AND ch.chg_dt < date '2024-09-01'
GROUP BY 1, 2;
ANALYZE inv;
ALTER TABLE inv ADD COLUMN invoice_id int;
UPDATE inv i SET invoice_id = o.rn
FROM (SELECT cust_id, period_mo, row_number() OVER (ORDER BY period_mo, cust_id)::int AS rn FROM inv) o
WHERE o.cust_id = i.cust_id AND o.period_mo = i.period_mo;

CREATE TEMP TABLE inv2 AS
SELECT i.*, c.cust_typ, c.ctry_cd, c.acct_st, c.cr_limit, (i.period_mo + interval '1 month')::date AS inv_dt,
       (i.period_mo + interval '1 month')::date + c.pay_terms AS due_dt,
       CASE WHEN c.ctry_cd = 'GB' AND c.cust_typ <> 'L' THEN round(i.net * 0.20, 2) ELSE 0 END AS vat,
       (i.period_mo + interval '1 month')::date + c.pay_terms
         + (c.cust_id % 9) * 3 - 8 + floor(pg_temp.rnd('pd'||i.invoice_id) ^ 2 * 35)::int AS pay_dt,
       CASE WHEN c.acct_st = 'S' AND i.period_mo >= date '2024-04-01' THEN 'S'
            WHEN i.period_mo >= date '2024-02-01' AND pg_temp.rnd('dp'||i.invoice_id) < 0.025 THEN 'D'
            WHEN i.period_mo < date '2023-10-01' AND pg_temp.rnd('wo'||i.invoice_id) < 0.008 AND c.cust_typ <> 'L' THEN 'W'
            ELSE 'N' END AS flag,
       pg_temp.rnd('pp'||i.invoice_id) < 0.06 AS split
FROM inv i JOIN fin.customer c ON c.cust_id = i.cust_id;
ANALYZE inv2;
UPDATE inv2 SET pay_dt = GREATEST(pay_dt, inv_dt + 2);

INSERT INTO fin.invoice (invoice_id, inv_no, cust_id, inv_dt, period_mo, due_dt, net_amt, vat_amt, inv_st, settled_on)
SELECT invoice_id, 'FI' || to_char(inv_dt, 'YY') || '-' || lpad(invoice_id::text, 5, '0'), cust_id, inv_dt, period_mo, due_dt, net, vat,
       CASE WHEN flag = 'W' THEN 'W' WHEN flag = 'D' THEN 'D' WHEN flag = 'N' AND pay_dt <= date '2024-09-18' THEN 'P' ELSE 'O' END,
       CASE WHEN flag = 'N' AND pay_dt <= date '2024-09-18' THEN pay_dt END
FROM inv2 ORDER BY invoice_id;

UPDATE fin.charge ch SET invoice_id = i.invoice_id
FROM inv i
WHERE i.cust_id = ch.cust_id AND i.period_mo = date_trunc('month', ch.chg_dt)::date AND NOT ch.wv;

-- payments: in full, or in two instalments (40 % first); part payments on open invoices
INSERT INTO fin.payment (pay_id, invoice_id, paid_on, amt, pay_mth, bank_ref)
SELECT row_number() OVER (ORDER BY x.paid_on, x.invoice_id, x.amt)::int, x.invoice_id, x.paid_on, x.amt, x.mth,
       'BR' || upper(substr(md5('br'||x.invoice_id||x.paid_on), 1, 10))
FROM (
  SELECT i.invoice_id, p.paid_on, p.amt,
         CASE WHEN i.cust_typ = 'H' THEN 'DD' WHEN i.cust_typ = 'I' AND i.cr_limit IS NULL THEN 'CD' ELSE 'BT' END AS mth
  FROM inv2 i
  CROSS JOIN LATERAL (SELECT i.pay_dt - 12 AS paid_on, round((i.net + i.vat) * 0.4, 2) AS amt WHERE i.split
                      UNION ALL
                      SELECT i.pay_dt, CASE WHEN i.split THEN (i.net + i.vat) - round((i.net + i.vat) * 0.4, 2) ELSE i.net + i.vat END) p
  WHERE i.flag = 'N' AND p.paid_on <= date '2024-09-18'
) x;

-- =====================================================================
--  Indexes, views, materialized view
-- =====================================================================
CREATE INDEX ix_vvisit_line_eta  ON ops.vessel_visit (line_cd, eta);
CREATE INDEX ix_unit_cntr_no     ON ops.unit (cntr_no);
CREATE INDEX ix_unit_ib_visit    ON ops.unit (ib_visit_id);
CREATE INDEX ix_unit_ob_visit    ON ops.unit (ob_visit_id);
CREATE INDEX ix_unit_cons        ON ops.unit (cons_cust_id);
CREATE INDEX ix_unit_in_yard     ON ops.unit (line_cd) WHERE time_out IS NULL;
CREATE INDEX ix_move_unit        ON ops.unit_move (unit_id);
CREATE INDEX ix_move_che_at      ON ops.unit_move (che_id, move_at);
CREATE INDEX ix_hold_unit        ON ops.unit_hold (unit_id);
CREATE INDEX ix_hold_active      ON ops.unit_hold (hold_cd) WHERE released_at IS NULL;
CREATE INDEX ix_maint_che        ON ops.equip_maint (che_id, opened_at);
CREATE INDEX ix_shift_dt         ON ops.staff_shift (shift_dt, shift_cd);
CREATE INDEX ix_appt_slot        ON gate.appointment (slot_start);
CREATE INDEX ix_appt_unit        ON gate.appointment (unit_id);
CREATE INDEX ix_gtx_unit         ON gate.gate_txn (unit_id);
CREATE INDEX ix_gtx_gate_in      ON gate.gate_txn (gate_in_at);
CREATE INDEX ix_gtx_drv_card     ON gate.gate_txn (drv_card);
CREATE INDEX ix_chg_invoice      ON fin.charge (invoice_id);
CREATE INDEX ix_chg_unit         ON fin.charge (unit_id);
CREATE INDEX ix_chg_cust_dt      ON fin.charge (cust_id, chg_dt);
CREATE INDEX ix_inv_cust         ON fin.invoice (cust_id, inv_dt);
CREATE INDEX ix_pay_invoice      ON fin.payment (invoice_id);

CREATE VIEW ops.v_yard_inventory AS
SELECT u.unit_id, u.cntr_no, u.iso_cd,
       CASE WHEN u.iso_cd LIKE '2%' THEN 1 ELSE 2 END AS teu,
       u.line_cd, u.cat_cd, u.frt_kind, u.time_in, u.yard_pos, u.rf_setpt, u.imdg, u.ob_visit_id, u.cons_cust_id,
       EXISTS (SELECT 1 FROM ops.unit_hold h WHERE h.unit_id = u.unit_id AND h.released_at IS NULL) AS on_hold
FROM ops.unit u
WHERE u.time_out IS NULL;
COMMENT ON VIEW ops.v_yard_inventory IS 'Containers in the yard now (not yet departed), with their TEU and whether any hold is active';

CREATE VIEW fin.v_open_invoices AS
SELECT i.invoice_id, i.inv_no, i.cust_id, c.cust_nm, c.cust_typ, i.inv_dt, i.due_dt, i.inv_st,
       i.net_amt + i.vat_amt AS gross_amt,
       COALESCE(p.paid, 0) AS paid_amt,
       i.net_amt + i.vat_amt - COALESCE(p.paid, 0) AS outstanding_amt
FROM fin.invoice i
JOIN fin.customer c ON c.cust_id = i.cust_id
LEFT JOIN (SELECT invoice_id, sum(amt) AS paid FROM fin.payment GROUP BY invoice_id) p ON p.invoice_id = i.invoice_id
WHERE i.inv_st IN ('O','D');
COMMENT ON VIEW fin.v_open_invoices IS 'Invoices not yet paid in full (open or disputed; written-off ones excluded) with the amount still outstanding incl. VAT';

CREATE MATERIALIZED VIEW ops.mv_visit_stats AS
SELECT vv.visit_id, vv.visit_ref, v.vsl_nm, vv.line_cd, vv.svc_cd, vv.berth_cd, vv.atb, vv.atd,
       count(*) FILTER (WHERE m.mv_kind = 'DS') AS ds_moves,
       count(*) FILTER (WHERE m.mv_kind = 'LD') AS ld_moves,
       sum(CASE WHEN u.iso_cd LIKE '2%' THEN 1 ELSE 2 END) AS teu,
       min(m.move_at) AS first_lift,
       max(m.move_at) AS last_lift,
       round(count(*) / NULLIF(extract(epoch FROM max(m.move_at) - min(m.move_at)) / 3600, 0), 1) AS moves_per_hr
FROM ops.vessel_visit vv
JOIN ops.vessel v ON v.vessel_id = vv.vessel_id
JOIN ops.unit_move m ON m.visit_id = vv.visit_id
JOIN ops.unit u ON u.unit_id = m.unit_id
WHERE vv.phase = 'DEPARTED'
GROUP BY vv.visit_id, vv.visit_ref, v.vsl_nm, vv.line_cd, vv.svc_cd, vv.berth_cd, vv.atb, vv.atd;
COMMENT ON MATERIALIZED VIEW ops.mv_visit_stats IS 'Per departed vessel visit: quay moves, TEU handled and gross productivity (moves per hour between first and last lift); refreshed nightly';

VACUUM;
ANALYZE;

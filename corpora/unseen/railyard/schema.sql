-- =====================================================================
--  Vale & Pennine Trains — Kingsmoor TMD rolling-stock maintenance system
--  ("RSMS", successor to the old depot Access database)
--  Regional train operator, five multiple-unit classes, one main depot
--  (Kingsmoor TMD) plus the Skipton EMU outstation.
--  Data snapshot taken at 18:00 on Thursday 24 October 2024.
-- =====================================================================
SET client_min_messages = warning;
SET jit = off;            -- generation queries are large; JIT compile time dominates
SET work_mem = '64MB';   -- load session only

CREATE SCHEMA fleet;
CREATE SCHEMA ops;
CREATE SCHEMA maint;

COMMENT ON SCHEMA fleet IS 'Units, vehicles, odometer readings, diagram allocation history, wheel lathe';
COMMENT ON SCHEMA ops   IS 'Routes, diagrams, morning availability count, on-train fault log (TMS)';
COMMENT ON SCHEMA maint IS 'Exams, defects, work orders, labour, fitters and competences, stores';

-- deterministic pseudo-random helper (session only, dropped at end of load)
CREATE FUNCTION pg_temp.rnd(k text) RETURNS double precision
LANGUAGE sql IMMUTABLE AS
$$ SELECT (hashtext(k)::bigint + 2147483648) / 4294967296.0 $$;

-- ---------------------------------------------------------------------
-- fleet
-- ---------------------------------------------------------------------
CREATE TABLE fleet.unit_class (
    class_cd      varchar(4) PRIMARY KEY,
    class_nm      varchar(40) NOT NULL,
    trctn_cd      char(1) NOT NULL,
    cars_per_unit smallint NOT NULL,
    max_spd_mph   smallint NOT NULL,
    builder       varchar(30),
    intro_yr      smallint,
    whl_new_mm    smallint NOT NULL,
    whl_min_mm    smallint NOT NULL
);
COMMENT ON TABLE  fleet.unit_class IS 'Multiple-unit classes operated';
COMMENT ON COLUMN fleet.unit_class.trctn_cd IS 'Traction: D = diesel multiple unit (DMU), E = electric multiple unit (EMU, 25 kV AC overhead)';
COMMENT ON COLUMN fleet.unit_class.whl_new_mm IS 'Wheel tread diameter when new, mm';
COMMENT ON COLUMN fleet.unit_class.whl_min_mm IS 'Condemning (scrapping) wheel diameter, mm: a wheelset may not run below this';

CREATE TABLE fleet.unit (
    unit_id     serial PRIMARY KEY,
    unit_no     varchar(6) NOT NULL UNIQUE,
    class_cd    varchar(4) NOT NULL REFERENCES fleet.unit_class,
    lessor_cd   char(3) NOT NULL,
    depot_cd    char(3) NOT NULL,
    in_svc_dt   date NOT NULL,
    sts_cd      char(1) NOT NULL DEFAULT 'S',
    sts_dt      date,
    start_odo_km numeric(10,1) NOT NULL
);
COMMENT ON TABLE  fleet.unit IS 'One row per multiple unit (set of permanently coupled vehicles)';
COMMENT ON COLUMN fleet.unit.unit_no IS 'TOPS unit number, e.g. 158707';
COMMENT ON COLUMN fleet.unit.lessor_cd IS 'Rolling stock leasing company (ROSCO) that owns the unit: ANG = Angel Trains, PRT = Porterbrook, EVR = Eversholt Rail';
COMMENT ON COLUMN fleet.unit.depot_cd IS 'Maintenance home: KMD = Kingsmoor TMD (main depot), SKO = Skipton EMU outstation';
COMMENT ON COLUMN fleet.unit.sts_cd IS 'S = in service fleet, T = stored / temporarily out of traffic (e.g. accident damage), W = withdrawn (off lease, returned to lessor)';
COMMENT ON COLUMN fleet.unit.sts_dt IS 'Date the current sts_cd took effect (NULL for units in service since delivery)';
COMMENT ON COLUMN fleet.unit.start_odo_km IS 'Odometer at 1 Jan 2023 when RSMS went live';

CREATE TABLE fleet.vehicle (
    veh_id   serial PRIMARY KEY,
    veh_no   int NOT NULL UNIQUE,
    unit_id  int NOT NULL REFERENCES fleet.unit,
    car_pos  smallint NOT NULL,
    veh_type varchar(5) NOT NULL,
    seats    smallint,
    tare_t   numeric(5,1),
    UNIQUE (unit_id, car_pos)
);
COMMENT ON TABLE  fleet.vehicle IS 'Individual vehicles (cars) making up each unit';
COMMENT ON COLUMN fleet.vehicle.car_pos IS 'Position in the unit, 1 = A end';
COMMENT ON COLUMN fleet.vehicle.veh_type IS 'DMSL = driving motor standard with lavatory, DMS = driving motor standard, MS = motor standard (centre car), DMSO = driving motor standard open (EMU), PTSO = pantograph trailer standard open (EMU)';

CREATE TABLE fleet.mileage_rdg (
    rdg_id  bigserial PRIMARY KEY,
    unit_id int NOT NULL REFERENCES fleet.unit,
    rdg_dt  date NOT NULL,
    odo_km  numeric(10,1) NOT NULL,
    src_cd  char(1) NOT NULL
);
COMMENT ON TABLE  fleet.mileage_rdg IS 'End-of-day odometer reading per unit (taken nightly; today''s reading arrives tonight)';
COMMENT ON COLUMN fleet.mileage_rdg.odo_km IS 'Cumulative odometer in kilometres at the end of rdg_dt';
COMMENT ON COLUMN fleet.mileage_rdg.src_cd IS 'T = automatic TMS download, M = manual reading by depot staff, E = estimated from the diagram (TMS download failed)';

CREATE TABLE fleet.wheel_turn (
    turn_id     serial PRIMARY KEY,
    veh_id      int NOT NULL REFERENCES fleet.vehicle,
    axle_no     smallint NOT NULL CHECK (axle_no BETWEEN 1 AND 4),
    turn_dt     date NOT NULL,
    rsn_cd      char(1) NOT NULL,
    dia_bfr_mm  numeric(5,1) NOT NULL,
    dia_aft_mm  numeric(5,1) NOT NULL,
    flg_bfr_mm  numeric(4,1),
    flg_aft_mm  numeric(4,1),
    wo_id       int
);
COMMENT ON TABLE  fleet.wheel_turn IS 'Wheel lathe turns, one row per wheelset (axle) turned';
COMMENT ON COLUMN fleet.wheel_turn.rsn_cd IS 'Reason: F = wheel flats (slide damage), W = thin flange / flange wear, R = rolling contact fatigue (RCF), H = hollow tread, P = planned profile restoration';
COMMENT ON COLUMN fleet.wheel_turn.dia_bfr_mm IS 'Tread diameter before turning, mm';
COMMENT ON COLUMN fleet.wheel_turn.dia_aft_mm IS 'Tread diameter after turning, mm';
COMMENT ON COLUMN fleet.wheel_turn.flg_bfr_mm IS 'Flange thickness before turning, mm (NULL = not measured)';

-- ---------------------------------------------------------------------
-- ops
-- ---------------------------------------------------------------------
CREATE TABLE ops.route (
    route_cd  char(3) PRIMARY KEY,
    route_nm  varchar(60) NOT NULL,
    electrified boolean NOT NULL DEFAULT false
);

CREATE TABLE ops.diagram (
    diag_cd    varchar(6) PRIMARY KEY,
    route_cd   char(3) NOT NULL REFERENCES ops.route,
    class_cd   varchar(4) NOT NULL REFERENCES fleet.unit_class,
    daily_km   numeric(6,1) NOT NULL,
    first_dep  time NOT NULL,
    last_arr   time NOT NULL
);
COMMENT ON TABLE  ops.diagram IS 'Unit diagrams in the current timetable: a day''s work for one unit';
COMMENT ON COLUMN ops.diagram.daily_km IS 'Booked kilometres per day';

CREATE TABLE fleet.unit_alloc_hist (
    alloc_id   serial PRIMARY KEY,
    unit_id    int NOT NULL REFERENCES fleet.unit,
    diag_cd    varchar(6) NOT NULL REFERENCES ops.diagram,
    valid_from date NOT NULL,
    valid_to   date
);
COMMENT ON TABLE  fleet.unit_alloc_hist IS 'Which diagram a unit is allocated to, over time (fleet planners rotate units every six weeks)';
COMMENT ON COLUMN fleet.unit_alloc_hist.valid_to IS 'Last day of the allocation (inclusive); NULL = current allocation. A unit with no current row is a spare';

CREATE TABLE ops.fault_code (
    fault_cd  varchar(5) PRIMARY KEY,
    fault_desc varchar(80) NOT NULL,
    sys_cd    varchar(10) NOT NULL,
    sev_lvl   smallint NOT NULL
);
COMMENT ON TABLE  ops.fault_code IS 'Train management system (TMS) fault codes';
COMMENT ON COLUMN ops.fault_code.sys_cd IS 'Train system: DOORS, HVAC, PIS (passenger information), TOILET, BRAKES, TRACTION (engine/transmission or traction converter), CCTV, INTERIOR, COUPLER, LIGHTING, BOGIE';
COMMENT ON COLUMN ops.fault_code.sev_lvl IS 'TMS priority: 1 = driver must contact Control, 2 = report at end of trip, 3 = log only';

CREATE TABLE ops.fault_log (
    log_id    bigint NOT NULL,
    unit_id   int NOT NULL REFERENCES fleet.unit,
    veh_id    int REFERENCES fleet.vehicle,
    event_ts  timestamp NOT NULL,
    fault_cd  varchar(5) NOT NULL REFERENCES ops.fault_code,
    evt_cd    char(1) NOT NULL,
    spd_kmh   smallint,
    loc_cd    char(3),
    ack_ts    timestamp,
    PRIMARY KEY (log_id, event_ts)
) PARTITION BY RANGE (event_ts);
CREATE TABLE ops.fault_log_2023 PARTITION OF ops.fault_log FOR VALUES FROM ('2023-07-01') TO ('2024-01-01');
CREATE TABLE ops.fault_log_2024 PARTITION OF ops.fault_log FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
COMMENT ON TABLE  ops.fault_log IS 'On-train fault events downloaded from the TMS, partitioned by year of event (kept from July 2023)';
COMMENT ON COLUMN ops.fault_log.evt_cd IS 'S = fault set (appeared), C = fault cleared by the system, R = reset by the driver';
COMMENT ON COLUMN ops.fault_log.veh_id IS 'Vehicle that raised the event; NULL = unit-level event';
COMMENT ON COLUMN ops.fault_log.spd_kmh IS 'Train speed when the event was logged, km/h';
COMMENT ON COLUMN ops.fault_log.loc_cd IS 'Nearest station code (CRS) from GPS; NULL = no GPS fix';
COMMENT ON COLUMN ops.fault_log.ack_ts IS 'When Control acknowledged the event; NULL = never acknowledged (only priority 1 and 2 codes are acknowledged)';

CREATE TABLE ops.morning_count (
    count_dt  date NOT NULL,
    unit_id   int NOT NULL REFERENCES fleet.unit,
    avail_cd  char(1) NOT NULL,
    diag_cd   varchar(6) REFERENCES ops.diagram,
    rmk       varchar(80),
    PRIMARY KEY (count_dt, unit_id)
);
COMMENT ON TABLE  ops.morning_count IS 'The 06:00 availability count: one row per unit per day (from 1 Jan 2024; withdrawn units drop out)';
COMMENT ON COLUMN ops.morning_count.avail_cd IS 'A = available for service, E = stopped for planned exam, D = stopped for a defect, P = stopped awaiting parts, W = at the wheel lathe / wheelset change, O = other (stored, accident damage, cleaning, vandalism)';
COMMENT ON COLUMN ops.morning_count.diag_cd IS 'Diagram the unit went out on; NULL = not in traffic (spare or stopped)';

-- ---------------------------------------------------------------------
-- maint
-- ---------------------------------------------------------------------
CREATE TYPE maint.defect_sts AS ENUM ('open','in_work','awaiting_parts','deferred','closed','nff');
CREATE TYPE maint.wo_kind    AS ENUM ('exam','defect','wheel','mod','accident');

CREATE TABLE maint.exam_type (
    exam_cd   varchar(2) PRIMARY KEY,
    exam_nm   varchar(50) NOT NULL,
    int_days  smallint NOT NULL,
    int_km    int,
    std_hrs   numeric(5,1) NOT NULL
);
COMMENT ON TABLE  maint.exam_type IS 'Planned preventive maintenance exams in the vehicle maintenance instructions (VMI)';
COMMENT ON COLUMN maint.exam_type.int_days IS 'Calendar interval between exams, days';
COMMENT ON COLUMN maint.exam_type.int_km IS 'Distance interval, km; NULL = time-based only';
COMMENT ON COLUMN maint.exam_type.std_hrs IS 'Standard labour hours for one exam on one unit';

CREATE TABLE maint.fitter (
    fitter_id  serial PRIMARY KEY,
    staff_no   varchar(7) NOT NULL UNIQUE,
    first_nm   varchar(30) NOT NULL,
    last_nm    varchar(30) NOT NULL,
    grade_cd   varchar(3) NOT NULL,
    shift_grp  char(1) NOT NULL,
    start_dt   date NOT NULL,
    leave_dt   date
);
COMMENT ON TABLE  maint.fitter IS 'Depot maintenance staff (fitters, technicians, team leaders)';
COMMENT ON COLUMN maint.fitter.grade_cd IS 'TL = team leader, ST = senior technician, T = technician, APP = apprentice';
COMMENT ON COLUMN maint.fitter.shift_grp IS 'Rotating shift team A, B, C or D';
COMMENT ON COLUMN maint.fitter.leave_dt IS 'Last day of employment; NULL = still employed';

CREATE TABLE maint.competence (
    comp_cd    char(3) PRIMARY KEY,
    comp_nm    varchar(60) NOT NULL,
    valid_mths smallint NOT NULL
);
COMMENT ON COLUMN maint.competence.valid_mths IS 'How long a certificate lasts before reassessment, months';

CREATE TABLE maint.fitter_comp_hist (
    fch_id      serial PRIMARY KEY,
    fitter_id   int NOT NULL REFERENCES maint.fitter,
    comp_cd     char(3) NOT NULL REFERENCES maint.competence,
    valid_from  date NOT NULL,
    valid_to    date NOT NULL,
    assessor_no varchar(7)
);
COMMENT ON TABLE  maint.fitter_comp_hist IS 'Competence certificates: a new row at every (re)assessment. The row with the latest valid_from is the current one; if its valid_to is in the past the competence has lapsed';
COMMENT ON COLUMN maint.fitter_comp_hist.valid_to IS 'Expiry date (last valid day)';

CREATE TABLE maint.work_order (
    wo_id      serial PRIMARY KEY,
    wo_no      varchar(10) NOT NULL UNIQUE,
    unit_id    int NOT NULL REFERENCES fleet.unit,
    wo_type    maint.wo_kind NOT NULL,
    wo_desc    varchar(120),
    raised_ts  timestamp NOT NULL,
    closed_ts  timestamp,
    sts_cd     char(1) NOT NULL,
    prty       smallint NOT NULL DEFAULT 2
);
COMMENT ON TABLE  maint.work_order IS 'Depot work orders (job cards)';
COMMENT ON COLUMN maint.work_order.sts_cd IS 'O = open, H = on hold awaiting parts, C = closed (work complete), X = cancelled';
COMMENT ON COLUMN maint.work_order.prty IS '1 = urgent (before next service), 2 = normal, 3 = low (next convenient exam)';

CREATE TABLE maint.exam_plan (
    plan_id   serial PRIMARY KEY,
    unit_id   int NOT NULL REFERENCES fleet.unit,
    exam_cd   varchar(2) NOT NULL REFERENCES maint.exam_type,
    due_dt    date NOT NULL,
    sched_dt  date,
    done_dt   date,
    done_km   numeric(10,1),
    sts_cd    char(1) NOT NULL,
    wo_id     int REFERENCES maint.work_order
);
COMMENT ON TABLE  maint.exam_plan IS 'Planned exams per unit: one row per exam occurrence';
COMMENT ON COLUMN maint.exam_plan.due_dt IS 'Latest date the exam may be carried out (VMI limit)';
COMMENT ON COLUMN maint.exam_plan.sched_dt IS 'Date slotted in the depot plan; NULL = not yet slotted';
COMMENT ON COLUMN maint.exam_plan.sts_cd IS 'P = planned / not yet done, D = done, X = cancelled (superseded by a higher exam, or unit stored)';
COMMENT ON COLUMN maint.exam_plan.done_km IS 'Unit odometer when the exam was signed off';
COMMENT ON COLUMN maint.exam_plan.wo_id IS 'Work order for the exam; A exams are signed off on the fitness-to-run sheet and have no work order';

CREATE TABLE maint.defect (
    defect_id  serial PRIMARY KEY,
    defect_no  varchar(10) NOT NULL UNIQUE,
    unit_id    int NOT NULL REFERENCES fleet.unit,
    veh_id     int REFERENCES fleet.vehicle,
    raised_ts  timestamp NOT NULL,
    sev_cd     char(1) NOT NULL,
    sts        maint.defect_sts NOT NULL DEFAULT 'open',
    closed_ts  timestamp,
    wo_id      int REFERENCES maint.work_order,
    fault_rec  jsonb NOT NULL,
    last_rvw_ts timestamp
);
COMMENT ON TABLE  maint.defect IS 'Defects reported on units (by drivers, conductors, Control, the TMS or found by fitters)';
COMMENT ON COLUMN maint.defect.sev_cd IS '1 = safety critical (unit stopped at once), 2 = service affecting (fix within 24 h), 3 = non-service-affecting (fix within 7 days), 4 = cosmetic / comfort (fix at next B exam)';
COMMENT ON COLUMN maint.defect.veh_id IS 'Vehicle the defect is on; NULL = unit-level defect';
COMMENT ON COLUMN maint.defect.sts IS 'open = reported, not started; in_work; awaiting_parts; deferred = accepted to run with it until a later exam; closed = repaired; nff = no fault found on investigation';
COMMENT ON COLUMN maint.defect.closed_ts IS 'When the defect was closed or NFF''d; NULL while outstanding';
COMMENT ON COLUMN maint.defect.fault_rec IS 'Fault record JSON: system, component, reported{by: driver|guard|fitter|control|tms, stn, staff_no}, location{car, side}, tms{code, occurrences} when logged by the TMS, fix{action, hrs} once closed';
COMMENT ON COLUMN maint.defect.last_rvw_ts IS 'Last time the defect was looked at in the daily defect review';

CREATE TABLE maint.labour_bkg (
    bkg_id    bigserial PRIMARY KEY,
    wo_id     int NOT NULL REFERENCES maint.work_order,
    fitter_id int NOT NULL REFERENCES maint.fitter,
    work_dt   date NOT NULL,
    shift_cd  char(1) NOT NULL,
    hrs       numeric(4,2) NOT NULL,
    ot_flag   boolean NOT NULL DEFAULT false,
    exp_ts    timestamp
);
COMMENT ON TABLE  maint.labour_bkg IS 'Labour booked by fitters against work orders';
COMMENT ON COLUMN maint.labour_bkg.shift_cd IS 'E = early (06:00-14:00), L = late (14:00-22:00), N = night (22:00-06:00, booked to the date the shift started)';
COMMENT ON COLUMN maint.labour_bkg.ot_flag IS 'true = overtime hours (paid at time and a half)';
COMMENT ON COLUMN maint.labour_bkg.exp_ts IS 'Stamped when exported to payroll; NULL = not yet exported';

CREATE TABLE maint.part (
    part_no    varchar(12) PRIMARY KEY,
    part_desc  varchar(80) NOT NULL,
    cat_cd     char(3) NOT NULL,
    uom        varchar(3) NOT NULL DEFAULT 'EA',
    unit_cost  numeric(10,2) NOT NULL,
    qty_on_hand numeric(8,1) NOT NULL,
    min_qty    numeric(8,1),
    bin_loc    varchar(8)
);
COMMENT ON TABLE  maint.part IS 'Depot stores catalogue and stock on hand';
COMMENT ON COLUMN maint.part.cat_cd IS 'BRK = brake, DOR = door, HVC = heating/air-con, ELC = electrical & electronics (PIS, CCTV, lighting), ENG = engine/transmission/traction, INT = interior, WCS = toilet systems, BOG = bogie & suspension, CPL = coupler, CON = consumables';
COMMENT ON COLUMN maint.part.uom IS 'Unit of measure: EA = each, L = litre, M = metre, KG = kilogram';
COMMENT ON COLUMN maint.part.min_qty IS 'Re-order level; NULL = not stock-controlled (ordered as needed)';

CREATE TABLE maint.part_issue (
    issue_id  bigserial PRIMARY KEY,
    part_no   varchar(12) NOT NULL REFERENCES maint.part,
    wo_id     int NOT NULL REFERENCES maint.work_order,
    issue_ts  timestamp NOT NULL,
    qty       numeric(8,1) NOT NULL,
    txn_cd    char(1) NOT NULL,
    storeman  varchar(7)
);
COMMENT ON TABLE  maint.part_issue IS 'Stores transactions against work orders';
COMMENT ON COLUMN maint.part_issue.txn_cd IS 'I = issued to the job, R = returned to stores unused (qty negative)';
COMMENT ON COLUMN maint.part_issue.qty IS 'Quantity in the part''s unit of measure; negative for returns';

ALTER TABLE fleet.wheel_turn ADD FOREIGN KEY (wo_id) REFERENCES maint.work_order;

-- =====================================================================
--  Reference data
-- =====================================================================
INSERT INTO fleet.unit_class VALUES
 ('150','Class 150/1 Sprinter',      'D',2, 75,'BREL York',     1986,840,775),
 ('156','Class 156 Super Sprinter',  'D',2, 75,'Metro-Cammell', 1988,840,775),
 ('158','Class 158 Express Sprinter','D',2, 90,'BREL Derby',    1990,840,780),
 ('195','Class 195 Civity',          'D',3,100,'CAF',           2018,850,790),
 ('331','Class 331 Civity EMU',      'E',3,100,'CAF',           2019,850,790);

INSERT INTO fleet.unit (unit_no, class_cd, lessor_cd, depot_cd, in_svc_dt, sts_cd, sts_dt, start_odo_km)
SELECT c.cls || CASE WHEN c.cls = '331' THEN lpad(n::text, 3, '0') ELSE (c.base + n)::text END,
       c.cls, c.lessor, c.depot,
       c.intro + (n * 23 + floor(pg_temp.rnd('isd'||c.cls||n) * 20)::int),
       'S', NULL,
       round((c.odo0 + pg_temp.rnd('odo'||c.cls||n) * c.odo_span)::numeric, 1)
FROM (VALUES ('150',100,12,'ANG','KMD',date '1986-09-01',4200000,700000),
             ('156',400,14,'ANG','KMD',date '1988-02-01',4500000,700000),
             ('158',700,16,'PRT','KMD',date '1990-06-01',5500000,700000),
             ('195',100,20,'EVR','KMD',date '2018-07-01', 420000,230000),
             ('331',  0,12,'EVR','SKO',date '2019-05-01', 380000,180000)) c(cls,base,n_units,lessor,depot,intro,odo0,odo_span)
CROSS JOIN LATERAL generate_series(1, c.n_units) n
ORDER BY c.cls, n;

UPDATE fleet.unit SET sts_cd = 'W', sts_dt = '2024-05-19' WHERE unit_no = '150101';
UPDATE fleet.unit SET sts_cd = 'W', sts_dt = '2024-07-07' WHERE unit_no = '150104';
UPDATE fleet.unit SET sts_cd = 'T', sts_dt = '2024-08-12' WHERE unit_no = '156409';

INSERT INTO fleet.vehicle (veh_no, unit_id, car_pos, veh_type, seats, tare_t)
SELECT CASE WHEN u.class_cd IN ('150','156','158')
            THEN (CASE p WHEN 1 THEN 52000 ELSE 57000 END) + right(u.unit_no, 3)::int
            WHEN u.class_cd = '195'
            THEN (CASE p WHEN 1 THEN 101000 WHEN 2 THEN 103000 ELSE 102000 END) + right(u.unit_no, 3)::int - 100
            ELSE (CASE p WHEN 1 THEN 463000 WHEN 2 THEN 464000 ELSE 463100 END) + right(u.unit_no, 3)::int END,
       u.unit_id, p,
       CASE WHEN u.class_cd IN ('150','156','158') THEN (CASE p WHEN 1 THEN 'DMSL' ELSE 'DMS' END)
            WHEN u.class_cd = '195' THEN (CASE p WHEN 1 THEN 'DMSL' WHEN 2 THEN 'MS' ELSE 'DMS' END)
            ELSE (CASE p WHEN 2 THEN 'PTSO' ELSE 'DMSO' END) END,
       CASE u.class_cd WHEN '150' THEN 70 + p * 2 WHEN '156' THEN 68 + p * 4 WHEN '158' THEN 64 + p * 4
                       WHEN '195' THEN 58 + p * 3 ELSE 56 + p * 5 END,
       CASE u.class_cd WHEN '150' THEN 35.8 WHEN '156' THEN 36.1 WHEN '158' THEN 38.5 WHEN '195' THEN 42.0 ELSE 45.5 END
         + CASE WHEN p = 2 AND u.class_cd IN ('195','331') THEN 3.2 ELSE 0 END
FROM fleet.unit u
JOIN fleet.unit_class c ON c.class_cd = u.class_cd
CROSS JOIN LATERAL generate_series(1, c.cars_per_unit) p
ORDER BY u.unit_id, p;

INSERT INTO ops.route VALUES
 ('HRG','Leeds - Harrogate - York',false),
 ('YRK','Leeds - York stopping service',false),
 ('PEN','Sheffield - Huddersfield (Penistone line)',false),
 ('CAL','Calder Valley: Leeds - Halifax - Manchester Victoria',false),
 ('HUL','Hull - Doncaster - Sheffield',false),
 ('SCB','York - Scarborough',false),
 ('AIR','Airedale: Leeds - Skipton',true),
 ('WHF','Wharfedale: Leeds - Ilkley',true);

INSERT INTO ops.diagram (diag_cd, route_cd, class_cd, daily_km, first_dep, last_arr)
SELECT d.route_cd || lpad(n::text, 2, '0'), d.route_cd, d.cls,
       round((d.km + pg_temp.rnd('dkm'||d.route_cd||n) * 140)::numeric, 1),
       time '05:20' + floor(pg_temp.rnd('fd'||d.route_cd||n) * 110)::int * interval '1 minute',
       time '21:40' + floor(pg_temp.rnd('la'||d.route_cd||n) * 120)::int * interval '1 minute'
FROM (VALUES ('150','PEN',1,4,300),('150','YRK',1,2,330),('150','HRG',1,2,340),
             ('156','HRG',3,7,340),('156','YRK',3,7,320),
             ('158','CAL',1,6,520),('158','HUL',1,6,560),
             ('195','CAL',7,12,500),('195','SCB',1,6,480),('195','HUL',7,10,540),
             ('331','AIR',1,6,330),('331','WHF',1,4,280)) d(cls,route_cd,n_from,n_to,km)
CROSS JOIN LATERAL generate_series(d.n_from, d.n_to) n;

INSERT INTO ops.fault_code VALUES
 ('DR01','Door failed to close - interlock not proven','DOORS',1),
 ('DR02','Door obstruction detected','DOORS',3),
 ('DR03','Door open/close time exceeded','DOORS',2),
 ('DR04','Emergency egress handle operated','DOORS',1),
 ('HV01','Saloon temperature out of range','HVAC',3),
 ('HV02','HVAC compressor trip','HVAC',2),
 ('HV03','Cab heater fault','HVAC',3),
 ('PI01','PIS display communication lost','PIS',3),
 ('PI02','Automatic announcements failed','PIS',2),
 ('PI03','Passenger emergency alarm (PECU) activated','PIS',1),
 ('WC01','Toilet retention tank full','TOILET',2),
 ('WC02','Toilet door lock fault','TOILET',3),
 ('WC03','Toilet flush failure','TOILET',3),
 ('BR01','Wheel slide protection active','BRAKES',3),
 ('BR02','Brake not released','BRAKES',1),
 ('BR03','Main reservoir pressure low','BRAKES',1),
 ('BR04','Parking brake fault','BRAKES',2),
 ('TR01','Engine shutdown - low coolant','TRACTION',1),
 ('TR02','Engine failed to start','TRACTION',2),
 ('TR03','Transmission oil temperature high','TRACTION',2),
 ('TR04','Traction converter fault','TRACTION',2),
 ('TR05','Vacuum circuit breaker / pantograph trip','TRACTION',1),
 ('CC01','CCTV recorder fault','CCTV',3),
 ('CC02','Forward-facing camera fault','CCTV',3),
 ('CP01','Coupler electrical head fault','COUPLER',2),
 ('LT01','Saloon lighting circuit fault','LIGHTING',3),
 ('LT02','Headlight failure','LIGHTING',1),
 ('BG01','Ride quality / bogie hunting alarm','BOGIE',2),
 ('BG02','Axle bearing temperature high','BOGIE',1),
 ('IN01','Passenger power sockets / Wi-Fi fault','INTERIOR',3);

INSERT INTO maint.exam_type VALUES
 ('A', 'A exam - safety check and fitness to run',     7,  NULL,  3.0),
 ('B', 'B exam - service exam',                        28, 10000, 10.0),
 ('C', 'C exam - intermediate exam',                   91, 40000, 24.0),
 ('D', 'D exam - heavy exam (bogie drop)',             364,160000,80.0),
 ('HV','HVAC seasonal service',                        182, NULL,  6.0),
 ('UT','Ultrasonic axle test',                         182, 60000, 5.0);

INSERT INTO maint.competence VALUES
 ('PTS','Personal Track Safety',24),
 ('FTR','Fitness-to-run (A exam) sign-off',24),
 ('BTT','Brake testing',36),
 ('WLO','Wheel lathe operator',36),
 ('HVI','25 kV isolation and earthing (Class 331)',12),
 ('DSL','Diesel engine and transmission',36),
 ('DOR','Plug door systems',36),
 ('FLT','Forklift truck',36),
 ('SHU','Depot shunting and train movements',24),
 ('WAH','Working at height / roof access',12);

INSERT INTO maint.fitter (staff_no, first_nm, last_nm, grade_cd, shift_grp, start_dt, leave_dt)
SELECT 'KM' || (4100 + i * 7)::text,
       (ARRAY['Gary','Paul','Steve','Darren','Mark','Lee','Craig','Andy','Dean','Neil',
              'Karen','Wayne','Jason','Shaun','Martin','Rob','Tony','Graham','Kevin','Sam',
              'Ian','Michelle','Carl','Ryan','Stuart','Phil','Gemma','Matt','Jamie','Adrian',
              'Colin','Dave','Simon','Nicola','Scott','Chris','Kirsty','Liam','Owen','Ashley',
              'Bradley','Connor','Jordan','Kieran','Aaron','Ellie','Tom','Jack','Callum','Nathan',
              'Josh','Harvey','Ruby','Ethan','Zain','Amir','Leah','Kyle','Ben','Declan'])[i],
       (ARRAY['Whitaker','Barraclough','Holroyd','Sutcliffe','Ackroyd','Haigh','Brook','Crowther','Firth','Pickles',
              'Greenwood','Hirst','Lumb','Mitchell','Naylor','Oldroyd','Priestley','Rushworth','Smithson','Thackray',
              'Wadsworth','Atkinson','Bentley','Dawson','Ellis','Garside','Hanson','Illingworth','Jagger','Kershaw',
              'Lockwood','Marsden','Nuttall','Oates','Pollard','Ramsden','Schofield','Taylor','Uttley','Varley',
              'Walsh','Yates','Ahmed','Bairstow','Clegg','Denton','Exley','Fawcett','Gaunt','Horsfall',
              'Iqbal','Jowett','Kaye','Lister','Moorhouse','Nowak','Oxley','Pearson','Quarmby','Riley'])[i],
       CASE WHEN i IN (1,9,17,25,33,41,49) THEN 'TL'
            WHEN i > 52 OR i IN (44) THEN 'APP'
            WHEN i % 3 = 0 THEN 'ST' ELSE 'T' END,
       (ARRAY['A','B','C','D'])[1 + i % 4],
       CASE WHEN i <= 50 THEN date '1994-03-01' + floor(pg_temp.rnd('fs'||i) * 10500)::int
            ELSE date '2023-02-06' + (i - 51) * 63 END,
       CASE i WHEN 7 THEN date '2023-06-30' WHEN 19 THEN date '2024-02-16'
              WHEN 33 THEN date '2024-07-12' WHEN 46 THEN date '2024-09-27' END
FROM generate_series(1, 60) i;

-- parts catalogue: base items x fleet variant
INSERT INTO maint.part (part_no, part_desc, cat_cd, uom, unit_cost, qty_on_hand, min_qty, bin_loc)
SELECT b.cat || '-' || lpad((b.n * 10 + v.k)::text, 4, '0'),
       b.descr || CASE WHEN b.cat = 'CON' THEN '' ELSE ' (' || v.fleet || ')' END,
       b.cat, b.uom,
       round((b.cost * v.mult * (0.9 + pg_temp.rnd('pc'||b.n||v.k) * 0.2))::numeric, 2),
       floor(pg_temp.rnd('qoh'||b.n||v.k) * b.qmax)::numeric,
       CASE WHEN pg_temp.rnd('mq'||b.n||v.k) < 0.3 THEN NULL
            ELSE greatest(1, round(b.qmax * (0.15 + pg_temp.rnd('mq2'||b.n||v.k) * 0.35))) END,
       chr(65 + (b.n % 8)) || lpad(((b.n * 3 + v.k) % 40 + 1)::text, 2, '0') || '-' || v.k
FROM (VALUES
  ( 1,'BRK','Brake block / pad set','EA',  86.00, 60),
  ( 2,'BRK','Brake cylinder overhaul kit','EA', 210.00, 12),
  ( 3,'BRK','WSP speed probe','EA', 340.00, 10),
  ( 4,'BRK','Brake control unit relay valve','EA',1450.00, 4),
  ( 5,'DOR','Door leaf edge seal','M',   42.50, 80),
  ( 6,'DOR','Door operator motor','EA',2380.00, 4),
  ( 7,'DOR','Door interlock switch','EA', 118.00, 24),
  ( 8,'DOR','Door control unit (DCU)','EA',3120.00, 3),
  ( 9,'DOR','Passenger door push button','EA',  64.00, 40),
  (10,'HVC','HVAC compressor','EA',4650.00, 2),
  (11,'HVC','Saloon air filter','EA',  18.40,200),
  (12,'HVC','Refrigerant R407C','KG',  39.00, 50),
  (13,'HVC','Cab heater element','EA', 155.00, 10),
  (14,'ELC','PIS saloon display','EA', 980.00, 8),
  (15,'ELC','PA amplifier','EA', 640.00, 6),
  (16,'ELC','CCTV network video recorder','EA',2210.00, 3),
  (17,'ELC','CCTV camera dome','EA', 365.00, 16),
  (18,'ELC','LED saloon light strip','EA',  92.00, 60),
  (19,'ELC','Headlight LED cluster','EA', 410.00, 8),
  (20,'ELC','PECU passenger alarm unit','EA', 275.00, 12),
  (21,'ENG','Engine oil filter','EA',  24.60,120),
  (22,'ENG','Fuel filter element','EA',  31.20,120),
  (23,'ENG','Coolant hose set','EA', 148.00, 20),
  (24,'ENG','Starter motor','EA',1320.00, 3),
  (25,'ENG','Transmission oil cooler','EA',1890.00, 2),
  (26,'ENG','Traction converter IGBT module','EA',5400.00, 2),
  (27,'INT','Seat cushion','EA', 128.00, 40),
  (28,'INT','Saloon window pane','EA', 420.00, 10),
  (29,'INT','USB power socket','EA',  38.00, 60),
  (30,'WCS','Toilet flush valve','EA', 265.00, 10),
  (31,'WCS','Retention tank level sensor','EA', 310.00, 8),
  (32,'WCS','Toilet door lock actuator','EA', 190.00, 10),
  (33,'BOG','Yaw damper','EA', 720.00, 8),
  (34,'BOG','Primary suspension spring','EA', 260.00, 16),
  (35,'BOG','Axle end bearing cover','EA',  95.00, 20),
  (36,'CPL','Coupler electrical head contact block','EA',1180.00, 4),
  (37,'CPL','Coupler draft gear','EA',2950.00, 2),
  (38,'CON','Engine oil 15W-40','L',    3.85,2000),
  (39,'CON','Screenwash concentrate','L',2.10,400),
  (40,'CON','Grease EP2','KG',  6.40,150),
  (41,'CON','Cable ties (pack 100)','EA',  4.20,300),
  (42,'CON','Sandite / rail sand','KG', 0.45,3000),
  (43,'CON','Cleaning rags','KG',  2.80,400),
  (44,'CON','Coolant concentrate','L',   5.60,600)
) b(n, cat, descr, uom, cost, qmax)
CROSS JOIN (VALUES (1,'Cl 150/156',1.0),(2,'Cl 158',1.1),(3,'Cl 195/331',1.35)) v(k, fleet, mult)
WHERE b.cat <> 'CON' OR v.k = 1;

-- =====================================================================
--  Unit-days: one working row per unit per day, 1 Jan 2023 - 24 Oct 2024
--  (drives allocation, mileage and the morning count)
-- =====================================================================
CREATE TEMP TABLE t_unit AS
SELECT u.unit_id, u.unit_no, u.class_cd, u.sts_cd, u.sts_dt, u.start_odo_km,
       row_number() OVER (PARTITION BY u.class_cd ORDER BY u.unit_id) - 1 AS rk,
       count(*) OVER (PARTITION BY u.class_cd) AS n_cls,
       (SELECT count(*) FROM ops.diagram d WHERE d.class_cd = u.class_cd) AS n_diag,
       CASE u.class_cd WHEN '150' THEN 0 WHEN '156' THEN 9 WHEN '158' THEN 18 WHEN '195' THEN 27 ELSE 36 END AS seg_off,
       CASE u.class_cd WHEN '150' THEN 0.11 WHEN '156' THEN 0.085 WHEN '158' THEN 0.07 WHEN '195' THEN 0.045 ELSE 0.035 END AS q_stop
FROM fleet.unit u;

CREATE TEMP TABLE t_diag AS
SELECT d.*, row_number() OVER (PARTITION BY d.class_cd ORDER BY d.diag_cd) - 1 AS j
FROM ops.diagram d;

CREATE TEMP TABLE t_ud AS
WITH base AS (
    SELECT u.unit_id, u.class_cd, u.rk, u.n_cls, u.n_diag, u.q_stop, u.start_odo_km, g::date AS dt,
           CASE WHEN u.sts_cd IN ('W','T') AND g >= u.sts_dt THEN u.sts_cd ELSE 'S' END AS st,
           floor(((g::date - date '2022-11-20') - u.seg_off) / 42.0)::int AS seg,
           pg_temp.rnd('blk' || u.unit_id || '/' || floor((g::date - date '2023-01-01') / 3.0)) AS rb,
           pg_temp.rnd('bcd' || u.unit_id || '/' || floor((g::date - date '2023-01-01') / 3.0)) AS rbc,
           pg_temp.rnd('day' || u.unit_id || '/' || g::date) AS rd,
           pg_temp.rnd('km'  || u.unit_id || '/' || g::date) AS rk2
    FROM t_unit u
    CROSS JOIN generate_series(date '2023-01-01', date '2024-10-24', interval '1 day') g
), coded AS (
    SELECT b.*,
           CASE WHEN b.st = 'T' THEN 'O'
                WHEN b.rb < b.q_stop THEN
                     CASE WHEN b.rbc < 0.45 THEN 'D' WHEN b.rbc < 0.70 THEN 'P' WHEN b.rbc < 0.85 THEN 'W' ELSE 'O' END
                WHEN b.rd < 0.045 THEN 'E'
                ELSE 'A' END AS avail_cd,
           CASE WHEN b.st = 'S' AND (b.rk + b.seg) % b.n_cls < b.n_diag
                THEN (b.rk + b.seg) % b.n_cls END AS dj
    FROM base b
    WHERE b.st <> 'W'
)
SELECT c.unit_id, c.class_cd, c.dt, c.st, c.seg, c.avail_cd, td.diag_cd AS alloc_diag,
       CASE WHEN c.avail_cd = 'A' AND td.diag_cd IS NOT NULL THEN round((td.daily_km * (0.93 + 0.10 * c.rk2))::numeric, 1)
            WHEN c.avail_cd = 'A' AND c.rk2 < 0.35 THEN round((30 + c.rk2 * 480)::numeric, 1)
            ELSE 0 END AS km
FROM coded c
LEFT JOIN t_diag td ON td.class_cd = c.class_cd AND td.j = c.dj;

ALTER TABLE t_ud ADD COLUMN odo numeric(10,1);
UPDATE t_ud x SET odo = s.odo
FROM (SELECT t.unit_id, t.dt,
             u.start_odo_km + sum(t.km) OVER (PARTITION BY t.unit_id ORDER BY t.dt) AS odo
      FROM t_ud t JOIN t_unit u ON u.unit_id = t.unit_id) s
WHERE s.unit_id = x.unit_id AND s.dt = x.dt;
CREATE INDEX ON t_ud (unit_id, dt);
ANALYZE t_ud;

-- mileage readings (nightly; none for stored units, ~2 % of nights missing)
INSERT INTO fleet.mileage_rdg (unit_id, rdg_dt, odo_km, src_cd)
SELECT t.unit_id, t.dt, t.odo,
       CASE WHEN pg_temp.rnd('src'||t.unit_id||t.dt) < 0.93 THEN 'T'
            WHEN pg_temp.rnd('src'||t.unit_id||t.dt) < 0.97 THEN 'M' ELSE 'E' END
FROM t_ud t
WHERE t.st = 'S' AND t.dt <= date '2024-10-23'
  AND pg_temp.rnd('miss'||t.unit_id||t.dt) >= 0.02
ORDER BY t.dt, t.unit_id;

-- allocation history
INSERT INTO fleet.unit_alloc_hist (unit_id, diag_cd, valid_from, valid_to)
SELECT t.unit_id, t.alloc_diag, min(t.dt),
       CASE WHEN max(t.dt) = date '2024-10-24' THEN NULL ELSE max(t.dt) END
FROM t_ud t
WHERE t.alloc_diag IS NOT NULL
GROUP BY t.unit_id, t.seg, t.alloc_diag
ORDER BY min(t.dt), t.unit_id;

-- morning count from 1 Jan 2024
INSERT INTO ops.morning_count (count_dt, unit_id, avail_cd, diag_cd, rmk)
SELECT t.dt, t.unit_id, t.avail_cd,
       CASE WHEN t.avail_cd = 'A' THEN t.alloc_diag END,
       CASE t.avail_cd
            WHEN 'O' THEN CASE WHEN t.st = 'T' THEN 'Stored - collision damage, awaiting insurer decision'
                               ELSE (ARRAY['Graffiti removal','Deep clean','Vandalism - smashed window','Awaiting driver for test run'])
                                    [1 + floor(pg_temp.rnd('rmk'||t.unit_id||t.dt) * 4)::int] END
            WHEN 'P' THEN 'Awaiting parts'
            WHEN 'W' THEN (ARRAY['Wheel flats','Wheel lathe - profile','Wheelset change'])[1 + floor(pg_temp.rnd('rmw'||t.unit_id||t.dt) * 3)::int]
       END
FROM t_ud t
WHERE t.dt >= date '2024-01-01'
ORDER BY t.dt, t.unit_id;

-- fault codes by traction type and system (for picking)
CREATE TEMP TABLE t_fc AS
SELECT t.trc, f.fault_cd, f.sys_cd, f.sev_lvl,
       row_number() OVER (PARTITION BY t.trc, f.sys_cd ORDER BY f.fault_cd) - 1 AS j,
       count(*) OVER (PARTITION BY t.trc, f.sys_cd) AS n
FROM ops.fault_code f
CROSS JOIN (VALUES ('D'),('E')) t(trc)
WHERE NOT (t.trc = 'D' AND f.fault_cd IN ('TR04','TR05'))
  AND NOT (t.trc = 'E' AND f.fault_cd IN ('TR01','TR02','TR03'));

-- =====================================================================
--  Defects (staging)
-- =====================================================================
CREATE TEMP TABLE t_def AS
WITH days AS (
    SELECT t.unit_id, t.class_cd, t.dt, s.slot,
           t.unit_id || '/' || t.dt || '/' || s.slot AS k
    FROM t_ud t
    CROSS JOIN (VALUES (1),(2)) s(slot)
    WHERE pg_temp.rnd('dfx' || t.unit_id || '/' || t.dt || '/' || s.slot)
          < CASE t.class_cd WHEN '150' THEN 0.30 WHEN '156' THEN 0.25 WHEN '158' THEN 0.21
                            WHEN '195' THEN 0.13 ELSE 0.11 END
            * CASE WHEN s.slot = 2 THEN 0.22 ELSE 1 END
            * CASE WHEN t.st = 'T' THEN 0.02 ELSE 1 END
), d1 AS (
    SELECT d.*, c.cars_per_unit AS cars, c.trctn_cd AS trc,
           d.dt + (300 + floor(pg_temp.rnd('rt'||d.k) * 1100)::int) * interval '1 minute' AS raised_ts,
           pg_temp.rnd('sys'||d.k) AS r_sys, pg_temp.rnd('sev'||d.k) AS r_sev, pg_temp.rnd('by'||d.k) AS r_by,
           pg_temp.rnd('dur'||d.k) AS r_dur, pg_temp.rnd('sts'||d.k) AS r_sts, pg_temp.rnd('veh'||d.k) AS r_veh
    FROM days d JOIN fleet.unit_class c ON c.class_cd = d.class_cd
), d2 AS (
    SELECT d1.*,
           CASE WHEN r_sys < 0.22 THEN 'DOORS' WHEN r_sys < 0.34 THEN 'HVAC' WHEN r_sys < 0.44 THEN 'PIS'
                WHEN r_sys < 0.56 THEN 'TOILET' WHEN r_sys < 0.64 THEN 'BRAKES' WHEN r_sys < 0.74 THEN 'TRACTION'
                WHEN r_sys < 0.79 THEN 'CCTV' WHEN r_sys < 0.89 THEN 'INTERIOR' WHEN r_sys < 0.92 THEN 'COUPLER'
                WHEN r_sys < 0.97 THEN 'LIGHTING' ELSE 'BOGIE' END AS sys,
           CASE WHEN r_by < 0.38 THEN 'driver' WHEN r_by < 0.56 THEN 'guard' WHEN r_by < 0.74 THEN 'fitter'
                WHEN r_by < 0.90 THEN 'tms' ELSE 'control' END AS rep_by
    FROM d1
    WHERE raised_ts < timestamp '2024-10-24 18:00'
), d3 AS (
    SELECT d2.*,
           CASE WHEN sys IN ('BRAKES','BOGIE') THEN
                     CASE WHEN r_sev < 0.15 THEN '1' WHEN r_sev < 0.60 THEN '2' WHEN r_sev < 0.95 THEN '3' ELSE '4' END
                WHEN sys IN ('DOORS','TRACTION','COUPLER') THEN
                     CASE WHEN r_sev < 0.05 THEN '1' WHEN r_sev < 0.45 THEN '2' WHEN r_sev < 0.90 THEN '3' ELSE '4' END
                ELSE CASE WHEN r_sev < 0.015 THEN '1' WHEN r_sev < 0.165 THEN '2' WHEN r_sev < 0.70 THEN '3' ELSE '4' END
           END AS sev,
           CASE WHEN r_veh < CASE WHEN sys IN ('PIS','CCTV') THEN 0.40 ELSE 0.10 END THEN NULL
                ELSE 1 + floor(pg_temp.rnd('car'||k) * cars)::int END AS car_pos
    FROM d2
), d4 AS (
    SELECT d3.*,
           raised_ts + (CASE sev WHEN '1' THEN 2 + r_dur * 28 WHEN '2' THEN 3 + r_dur * 45
                                 WHEN '3' THEN 12 + r_dur * 200 ELSE 48 + r_dur * 900 END
                        + CASE WHEN sev = '3' AND pg_temp.rnd('dfr'||k) < 0.04 THEN 400 + r_dur * 1100 ELSE 0 END)
                       * interval '1 hour' AS fix_ts,
           sev = '3' AND pg_temp.rnd('dfr'||k) < 0.04 AS long_defer
    FROM d3
)
SELECT d4.*,
       CASE WHEN fix_ts <= timestamp '2024-10-24 18:00' THEN
                 CASE WHEN r_sts < 0.08 THEN 'nff' ELSE 'closed' END
            WHEN sev = '4' THEN CASE WHEN r_sts < 0.7 THEN 'deferred' ELSE 'open' END
            WHEN long_defer THEN 'deferred'
            WHEN r_sts < 0.35 THEN 'open' WHEN r_sts < 0.70 THEN 'in_work' ELSE 'awaiting_parts' END AS sts,
       row_number() OVER (ORDER BY raised_ts, unit_id, slot) AS defect_id
FROM d4;

ALTER TABLE t_def ADD COLUMN fault_rec jsonb;
UPDATE t_def d SET fault_rec =
    jsonb_build_object(
        'system', d.sys,
        'component', (CASE d.sys
            WHEN 'DOORS'    THEN ARRAY['door leaf seal','door operator','interlock switch','door control unit','push button']
            WHEN 'HVAC'     THEN ARRAY['saloon HVAC unit','compressor','cab heater','temperature sensor','air filter']
            WHEN 'PIS'      THEN ARRAY['saloon display','PA system','destination blind','seat reservation display','PECU']
            WHEN 'TOILET'   THEN ARRAY['flush valve','retention tank','door lock','hand dryer','tap']
            WHEN 'BRAKES'   THEN ARRAY['brake blocks','WSP probe','brake cylinder','parking brake','brake control unit']
            WHEN 'TRACTION' THEN (CASE WHEN d.trc = 'E' THEN ARRAY['traction converter','pantograph','VCB','auxiliary converter','traction motor']
                                       ELSE ARRAY['engine','coolant system','transmission','starter motor','fuel system'] END)
            WHEN 'CCTV'     THEN ARRAY['recorder','saloon camera','forward-facing camera','monitor','network switch']
            WHEN 'INTERIOR' THEN ARRAY['seat','window','power socket','luggage rack','floor covering']
            WHEN 'COUPLER'  THEN ARRAY['electrical head','mechanical coupler','draft gear','uncoupling valve','coupler cover']
            WHEN 'LIGHTING' THEN ARRAY['saloon lights','headlight','tail light','cab light','emergency lighting']
            ELSE ARRAY['yaw damper','primary spring','axle bearing','air suspension','anti-roll bar'] END)
            [1 + floor(pg_temp.rnd('cmp'||d.k) * 5)::int],
        'reported', jsonb_strip_nulls(jsonb_build_object(
            'by', d.rep_by,
            'stn', CASE WHEN d.rep_by = 'fitter' THEN (CASE WHEN d.class_cd = '331' THEN 'SKO' ELSE 'KMD' END)
                        ELSE (ARRAY['LDS','LDS','LDS','YRK','YRK','HGT','HFX','MCV','HUL','DON','SHF','SCA','SKI','ILK','HUD'])
                             [1 + floor(pg_temp.rnd('stn'||d.k) * 15)::int] END,
            'staff_no', CASE d.rep_by
                        WHEN 'driver' THEN 'DR' || (2000 + floor(pg_temp.rnd('sn'||d.k) * 180)::int)
                        WHEN 'guard'  THEN 'GD' || (5000 + floor(pg_temp.rnd('sn'||d.k) * 140)::int)
                        WHEN 'fitter' THEN 'KM' || (4100 + 7 * (1 + floor(pg_temp.rnd('sn'||d.k) * 50)::int))
                        WHEN 'control' THEN 'CTL' END)))
    || CASE WHEN d.car_pos IS NULL THEN '{}'::jsonb
            ELSE jsonb_build_object('location', jsonb_strip_nulls(jsonb_build_object('car', d.car_pos,
                     'side', CASE WHEN d.sys = 'DOORS' THEN (CASE WHEN pg_temp.rnd('side'||d.k) < 0.5 THEN 'L' ELSE 'R' END) END))) END
    || CASE WHEN d.rep_by = 'tms' OR (d.rep_by IN ('driver','guard') AND pg_temp.rnd('tm'||d.k) < 0.25)
            THEN jsonb_build_object('tms', jsonb_build_object(
                     'code', (SELECT f.fault_cd FROM t_fc f WHERE f.trc = d.trc AND f.sys_cd = d.sys
                                AND f.j = floor(pg_temp.rnd('fcd'||d.k) * f.n)),
                     'occurrences', 1 + floor(pg_temp.rnd('occ'||d.k) * pg_temp.rnd('oc2'||d.k) * 14)::int))
            ELSE '{}'::jsonb END
    || CASE WHEN d.sts IN ('closed','nff')
            THEN jsonb_build_object('fix', jsonb_build_object(
                     'action', CASE WHEN d.sts = 'nff' THEN 'no fault found'
                                    ELSE (ARRAY['replaced','replaced','adjusted','repaired','reset','cleaned'])[1 + floor(pg_temp.rnd('act'||d.k) * 6)::int] END,
                     'hrs', round((0.5 + pg_temp.rnd('fh'||d.k) * 5.5)::numeric, 1)))
            ELSE '{}'::jsonb END;

-- =====================================================================
--  Exams, wheel lathe events, modifications (staging)
-- =====================================================================
CREATE TEMP TABLE t_exam AS
WITH g AS (
    SELECT u.unit_id, u.unit_no, u.sts_cd, u.sts_dt, e.exam_cd, e.exam_nm, e.int_days,
           date '2023-01-01' + floor(pg_temp.rnd('eo'||u.unit_id||e.exam_cd) * e.int_days)::int + k * e.int_days AS due_dt
    FROM t_unit u
    CROSS JOIN maint.exam_type e
    CROSS JOIN LATERAL generate_series(0, 730 / e.int_days + 1) k
), g2 AS (
    SELECT g.*, g.unit_id || '/' || g.exam_cd || '/' || g.due_dt AS k,
           pg_temp.rnd('x1'||g.unit_id||g.exam_cd||g.due_dt) AS r1,
           pg_temp.rnd('x2'||g.unit_id||g.exam_cd||g.due_dt) AS r2,
           pg_temp.rnd('x3'||g.unit_id||g.exam_cd||g.due_dt) AS r3,
           pg_temp.rnd('x4'||g.unit_id||g.exam_cd||g.due_dt) AS r4
    FROM g
    WHERE g.due_dt <= date '2024-12-31'
      AND NOT (g.sts_cd = 'W' AND g.due_dt >= g.sts_dt)
), g3 AS (
    SELECT g2.*,
           CASE WHEN r4 < 0.07 THEN due_dt + 1 + floor(r3 * 6)::int ELSE due_dt - floor(r3 * 5)::int END AS try_done
    FROM g2
)
SELECT g3.unit_id, g3.unit_no, g3.exam_cd, g3.exam_nm, g3.due_dt, g3.k, g3.r2, g3.r3,
       CASE WHEN g3.sts_cd = 'T' AND g3.due_dt >= g3.sts_dt THEN 'X'
            WHEN g3.due_dt >= date '2024-10-24' THEN 'P'
            WHEN g3.r1 < 0.025 THEN 'X'
            WHEN g3.due_dt >= date '2024-09-20' AND g3.r2 < 0.06 THEN 'P'
            WHEN g3.try_done > date '2024-10-24' THEN 'P'
            ELSE 'D' END AS sts_cd,
       g3.try_done
FROM g3;

ALTER TABLE t_exam ADD COLUMN done_dt date, ADD COLUMN sched_dt date;
UPDATE t_exam SET done_dt = try_done WHERE sts_cd = 'D';
UPDATE t_exam SET sched_dt = CASE
        WHEN sts_cd = 'D' THEN CASE WHEN done_dt > due_dt THEN due_dt - 1 ELSE done_dt END
        WHEN sts_cd = 'P' AND due_dt < date '2024-10-24' THEN date '2024-10-25' + floor(r3 * 4)::int
        WHEN sts_cd = 'P' AND due_dt <= date '2024-11-07' THEN due_dt - floor(r3 * 3)::int
     END;
-- exams due today that are slotted for today are not signed off yet
UPDATE t_exam SET sched_dt = date '2024-10-24' WHERE sts_cd = 'P' AND due_dt = date '2024-10-24';

-- wheel lathe events: planned profile turns per vehicle, plus flats (more in leaf-fall season)
CREATE TEMP TABLE t_whl AS
WITH v AS (
    SELECT v.veh_id, v.unit_id, v.veh_no, u.class_cd, u.sts_cd, u.sts_dt,
           120 + floor(pg_temp.rnd('wg'||v.veh_id) * 140)::int AS gap
    FROM fleet.vehicle v JOIN fleet.unit u ON u.unit_id = v.unit_id
), planned AS (
    SELECT v.veh_id, v.unit_id, v.class_cd,
           date '2023-01-01' + floor(pg_temp.rnd('wo'||v.veh_id) * v.gap)::int + k * v.gap AS turn_dt, false AS flats
    FROM v CROSS JOIN LATERAL generate_series(0, 8) k
), flats AS (
    SELECT v.veh_id, v.unit_id, v.class_cd, t.dt AS turn_dt, true AS flats
    FROM v JOIN t_ud t ON t.unit_id = v.unit_id
    WHERE t.st = 'S'
      AND pg_temp.rnd('flat'||v.veh_id||t.dt) < CASE WHEN extract(month FROM t.dt) IN (10, 11) THEN 0.009 ELSE 0.0022 END
)
SELECT DISTINCT ON (x.veh_id, x.turn_dt) x.*, x.veh_id || '/' || x.turn_dt AS k
FROM (SELECT * FROM planned UNION ALL SELECT * FROM flats) x
JOIN v ON v.veh_id = x.veh_id
WHERE x.turn_dt <= date '2024-10-24'
  AND NOT (v.sts_cd IN ('W','T') AND x.turn_dt >= v.sts_dt)
ORDER BY x.veh_id, x.turn_dt, x.flats DESC;

-- modification campaigns and accident repairs
CREATE TEMP TABLE t_mod AS
SELECT u.unit_id, m.code, m.kind::maint.wo_kind AS kind, m.descr,
       m.start_dt + floor(pg_temp.rnd('md'||m.code||u.unit_id) * m.span)::int + time '08:30' AS raised_ts,
       m.code || '/' || u.unit_id AS k
FROM (VALUES ('M2305','mod','MOD 23/05 Sander nozzle relocation', date '2023-09-04', 70, 'D'),
             ('M2311','mod','MOD 23/11 Door interlock switch replacement', date '2023-11-13', 90, 'O'),
             ('M2403','mod','MOD 24/03 PIS software 4.2 upgrade', date '2024-03-11', 60, 'N'),
             ('M2409','mod','MOD 24/09 Retention tank level sensor upgrade', date '2024-09-16', 50, '8')
     ) m(code, kind, descr, start_dt, span, fleet)
JOIN t_unit u ON (m.fleet = 'D' AND u.class_cd <> '331')
              OR (m.fleet = 'O' AND u.class_cd IN ('150','156'))
              OR (m.fleet = 'N' AND u.class_cd IN ('195','331'))
              OR (m.fleet = '8' AND u.class_cd = '158')
WHERE NOT (u.sts_cd IN ('W','T') AND m.start_dt >= u.sts_dt)
UNION ALL
SELECT u.unit_id, a.code, 'accident', a.descr, a.ts, a.code || '/' || u.unit_id
FROM (VALUES ('A2302','195107','Bird strike - cab windscreen replacement', timestamp '2023-04-18 07:10'),
             ('A2309','158711','Cattle strike near Mytholmroyd - cab front and coupler', timestamp '2023-09-29 21:40'),
             ('A2408','156409','Collision at Hebden Bridge LC - cab end car 2, structural', timestamp '2024-08-12 16:25')
     ) a(code, unit_no, descr, ts)
JOIN t_unit u ON u.unit_no = a.unit_no;

-- =====================================================================
--  Work orders
-- =====================================================================
CREATE TEMP TABLE t_wo0 AS
SELECT 'exam'::text AS src, e.k, e.unit_id, 'exam'::maint.wo_kind AS kind,
       e.exam_nm || ' - unit ' || e.unit_no AS descr,
       (coalesce(e.sched_dt, e.due_dt) - 7) + time '09:00' AS raised_ts,
       CASE WHEN e.sts_cd = 'D' THEN e.done_dt + CASE WHEN e.exam_cd = 'D' THEN time '17:00' ELSE time '05:30' END END AS closed_ts,
       CASE WHEN e.sts_cd = 'D' THEN 'C' WHEN e.r2 < 0.15 THEN 'H' ELSE 'O' END AS sts_cd,
       2 AS prty
FROM t_exam e
WHERE e.exam_cd <> 'A' AND (e.sts_cd = 'D' OR (e.sts_cd = 'P' AND e.sched_dt IS NOT NULL))
UNION ALL
SELECT 'defect', d.k, d.unit_id, 'defect',
       'Defect ' || d.sys || ' - ' || (d.fault_rec->>'component')
         || CASE WHEN d.car_pos IS NOT NULL THEN ' (car ' || d.car_pos || ')' ELSE '' END,
       d.raised_ts + (10 + floor(pg_temp.rnd('wr'||d.k) * 110)::int) * interval '1 minute',
       CASE WHEN d.sts IN ('closed','nff') THEN d.fix_ts END,
       CASE WHEN d.sts = 'nff' AND pg_temp.rnd('wx'||d.k) < 0.25 THEN 'X'
            WHEN d.sts IN ('closed','nff') THEN 'C' WHEN d.sts = 'awaiting_parts' THEN 'H' ELSE 'O' END,
       CASE d.sev WHEN '1' THEN 1 WHEN '2' THEN 1 WHEN '3' THEN 2 ELSE 3 END
FROM t_def d
WHERE NOT (d.sts = 'open' AND pg_temp.rnd('nwo'||d.k) < 0.5)
UNION ALL
SELECT 'wheel', w.k, w.unit_id, 'wheel',
       CASE WHEN w.flats THEN 'Wheel flats - turn on lathe, vehicle ' ELSE 'Planned wheel profile turn, vehicle ' END || v.veh_no,
       CASE WHEN w.flats THEN w.turn_dt + time '06:00' ELSE (w.turn_dt - 1) + time '14:00' END,
       w.turn_dt + time '13:00' + floor(pg_temp.rnd('wc'||w.k) * 480)::int * interval '1 minute',
       'C', CASE WHEN w.flats THEN 1 ELSE 2 END
FROM t_whl w JOIN fleet.vehicle v ON v.veh_id = w.veh_id
UNION ALL
SELECT 'mod', m.k, m.unit_id, m.kind, m.descr, m.raised_ts,
       CASE WHEN m.code = 'A2408' THEN NULL
            WHEN m.raised_ts + (1 + floor(pg_temp.rnd('mc'||m.k) * 3)::int) * interval '1 day' < timestamp '2024-10-24 18:00'
            THEN m.raised_ts + (1 + floor(pg_temp.rnd('mc'||m.k) * 3)::int) * interval '1 day' + interval '7 hours' END,
       'C', CASE WHEN m.kind = 'accident' THEN 1 ELSE 3 END
FROM t_mod m;

UPDATE t_wo0 SET closed_ts = NULL WHERE closed_ts > timestamp '2024-10-24 18:00';
UPDATE t_wo0 SET sts_cd = CASE WHEN k LIKE 'A2408/%' THEN 'H' ELSE 'O' END WHERE closed_ts IS NULL AND sts_cd = 'C';
DELETE FROM t_wo0 WHERE raised_ts >= timestamp '2024-10-24 18:00';

CREATE TEMP TABLE t_wo AS
SELECT row_number() OVER (ORDER BY raised_ts, src, k) AS wo_id,
       'W' || to_char(raised_ts, 'YY') || '-'
           || lpad((row_number() OVER (PARTITION BY extract(year FROM raised_ts) ORDER BY raised_ts, src, k))::text, 5, '0') AS wo_no,
       t.*
FROM t_wo0 t;
CREATE INDEX ON t_wo (src, k);
ANALYZE t_wo;

INSERT INTO maint.work_order (wo_id, wo_no, unit_id, wo_type, wo_desc, raised_ts, closed_ts, sts_cd, prty)
SELECT wo_id, wo_no, unit_id, kind, descr, raised_ts, closed_ts, sts_cd, prty
FROM t_wo ORDER BY wo_id;
DO $$ BEGIN PERFORM setval('maint.work_order_wo_id_seq', (SELECT max(wo_id) FROM maint.work_order)); END $$;

-- exam plan
INSERT INTO maint.exam_plan (unit_id, exam_cd, due_dt, sched_dt, done_dt, done_km, sts_cd, wo_id)
SELECT e.unit_id, e.exam_cd, e.due_dt, e.sched_dt, e.done_dt,
       (SELECT t.odo FROM t_ud t WHERE t.unit_id = e.unit_id AND t.dt = e.done_dt),
       e.sts_cd, w.wo_id
FROM t_exam e
LEFT JOIN t_wo w ON w.src = 'exam' AND w.k = e.k
ORDER BY e.due_dt, e.unit_id, e.exam_cd;

-- defects
INSERT INTO maint.defect (defect_id, defect_no, unit_id, veh_id, raised_ts, sev_cd, sts, closed_ts, wo_id, fault_rec, last_rvw_ts)
SELECT d.defect_id,
       'DF' || to_char(d.raised_ts, 'YY') || lpad((row_number() OVER (PARTITION BY extract(year FROM d.raised_ts) ORDER BY d.defect_id))::text, 5, '0'),
       d.unit_id, v.veh_id, d.raised_ts, d.sev, d.sts::maint.defect_sts,
       CASE WHEN d.sts IN ('closed','nff') THEN d.fix_ts END,
       w.wo_id, d.fault_rec,
       CASE WHEN d.sts IN ('closed','nff') THEN NULL
            ELSE greatest(d.raised_ts, timestamp '2024-10-23 09:30') END
FROM t_def d
LEFT JOIN fleet.vehicle v ON v.unit_id = d.unit_id AND v.car_pos = d.car_pos
LEFT JOIN t_wo w ON w.src = 'defect' AND w.k = d.k
ORDER BY d.defect_id;
DO $$ BEGIN PERFORM setval('maint.defect_defect_id_seq', (SELECT max(defect_id) FROM maint.defect)); END $$;

-- wheel lathe turns, one row per axle
INSERT INTO fleet.wheel_turn (veh_id, axle_no, turn_dt, rsn_cd, dia_bfr_mm, dia_aft_mm, flg_bfr_mm, flg_aft_mm, wo_id)
WITH ax AS (
    SELECT w.*, a.axle_no
    FROM t_whl w
    CROSS JOIN LATERAL (
        SELECT g AS axle_no FROM generate_series(1, 4) g WHERE NOT w.flats
        UNION ALL
        SELECT 1 + floor(pg_temp.rnd('fa'||w.k) * 4)::int WHERE w.flats
        UNION ALL
        SELECT CASE (1 + floor(pg_temp.rnd('fa'||w.k) * 4)::int) WHEN 1 THEN 2 WHEN 2 THEN 1 WHEN 3 THEN 4 ELSE 3 END
        WHERE w.flats AND pg_temp.rnd('fb'||w.k) < 0.4
    ) a
), m AS (
    SELECT ax.*, c.whl_new_mm, c.whl_min_mm, ax.k || '/' || ax.axle_no AS ka,
           CASE WHEN ax.flats THEN NULL
                ELSE 25.0 + pg_temp.rnd('fl'||ax.k||ax.axle_no) * 3.5 END AS flg0
    FROM ax JOIN fleet.unit_class c ON c.class_cd = ax.class_cd
), m2 AS (
    SELECT m.*,
           greatest(
             m.whl_new_mm - 2
               - 0.022
                 * ((m.turn_dt - date '2021-01-01')
                    + floor(pg_temp.rnd('wof'||m.veh_id||'/'||m.axle_no) * CASE WHEN m.class_cd IN ('195','331') THEN 400 ELSE 700 END)
                    + CASE WHEN pg_temp.rnd('worn'||m.veh_id) < 0.08 THEN 1300 ELSE 0 END)
               + (pg_temp.rnd('dn'||m.ka) - 0.5) * 4,
             m.whl_min_mm + 4 + pg_temp.rnd('dm'||m.ka) * 4) AS dia0,
           CASE WHEN m.flats THEN 'F'
                WHEN m.flg0 < 26.0 THEN 'W'
                WHEN pg_temp.rnd('rs'||m.ka) < 0.10 THEN 'R'
                WHEN pg_temp.rnd('rs'||m.ka) < 0.18 THEN 'H'
                ELSE 'P' END AS rsn
    FROM m
)
SELECT m2.veh_id, m2.axle_no, m2.turn_dt, m2.rsn,
       round(m2.dia0::numeric, 1),
       round(greatest(m2.dia0 - CASE WHEN m2.flats THEN 6 + pg_temp.rnd('rm'||m2.ka) * 8
                                     WHEN m2.rsn = 'W' THEN 4.5 + pg_temp.rnd('rm'||m2.ka) * 5
                                     ELSE 3 + pg_temp.rnd('rm'||m2.ka) * 5 END,
                      m2.whl_min_mm + 0.5 + pg_temp.rnd('ra'||m2.ka) * 2)::numeric, 1),
       CASE WHEN pg_temp.rnd('nm'||m2.ka) < 0.03 THEN NULL
            ELSE round(coalesce(m2.flg0, 26.5 + pg_temp.rnd('fl2'||m2.ka) * 2)::numeric, 1) END,
       round((28.0 + pg_temp.rnd('fa2'||m2.ka) * 1.5)::numeric, 1),
       w.wo_id
FROM m2
JOIN t_wo w ON w.src = 'wheel' AND w.k = m2.k
ORDER BY m2.turn_dt, m2.veh_id, m2.axle_no;

-- =====================================================================
--  Fitters' competences (certificate history)
-- =====================================================================
INSERT INTO maint.fitter_comp_hist (fitter_id, comp_cd, valid_from, valid_to, assessor_no)
WITH held AS (
    SELECT f.fitter_id, f.start_dt, f.leave_dt, f.grade_cd, c.comp_cd, c.valid_mths,
           greatest(f.start_dt, date '2017-01-01') + floor(pg_temp.rnd('c0'||f.fitter_id||c.comp_cd) * 150)::int AS base_dt,
           pg_temp.rnd('lp'||f.fitter_id||c.comp_cd) AS r_lapse,
           pg_temp.rnd('lq'||f.fitter_id||c.comp_cd) AS r_lapse2
    FROM maint.fitter f
    CROSS JOIN maint.competence c
    WHERE c.comp_cd IN ('PTS')
       OR (f.grade_cd <> 'APP' AND pg_temp.rnd('h'||f.fitter_id||c.comp_cd) <
              CASE c.comp_cd WHEN 'FTR' THEN 0.75 WHEN 'BTT' THEN 0.65 WHEN 'WLO' THEN 0.25 WHEN 'HVI' THEN 0.35
                             WHEN 'DSL' THEN 0.5 WHEN 'DOR' THEN 0.55 WHEN 'FLT' THEN 0.3 WHEN 'SHU' THEN 0.45 ELSE 0.4 END)
       OR (f.grade_cd = 'APP' AND c.comp_cd IN ('FLT','WAH') AND pg_temp.rnd('ha'||f.fitter_id||c.comp_cd) < 0.5)
), rows AS (
    SELECT h.*, (h.base_dt + (k * h.valid_mths) * interval '1 month' - (k * 10) * interval '1 day')::date AS vf
    FROM held h CROSS JOIN LATERAL generate_series(0, 20) k
)
SELECT r.fitter_id, r.comp_cd, r.vf, (r.vf + r.valid_mths * interval '1 month' - interval '1 day')::date,
       'KM' || (4100 + 7 * (CASE WHEN r.fitter_id IN (1,9,17) THEN 25 ELSE (ARRAY[1,9,17])[1 + r.fitter_id % 3] END))
FROM rows r
WHERE r.vf <= date '2024-10-24'
  AND (r.leave_dt IS NULL OR r.vf <= r.leave_dt)
  AND NOT (r.r_lapse < 0.12
           AND r.vf > date '2024-10-24' - r.valid_mths * interval '1 month' - floor(r.r_lapse2 * 200)::int * interval '1 day')
ORDER BY r.vf, r.fitter_id, r.comp_cd;

-- =====================================================================
--  Labour bookings
-- =====================================================================
CREATE TEMP TABLE t_wo2 AS
SELECT w.*, u.class_cd,
       CASE WHEN u.class_cd IN ('150','156') THEN 1 WHEN u.class_cd = '158' THEN 2 ELSE 3 END AS pv,
       CASE WHEN w.src = 'exam' THEN split_part(w.k, '/', 2) END AS exam_cd,
       d.sys, d.fault_rec
FROM t_wo w
JOIN fleet.unit u ON u.unit_id = w.unit_id
LEFT JOIN t_def d ON w.src = 'defect' AND d.k = w.k;

INSERT INTO maint.labour_bkg (wo_id, fitter_id, work_dt, shift_cd, hrs, ot_flag, exp_ts)
WITH b AS (
    SELECT w.wo_id, w.kind, w.exam_cd, w.sts_cd, g AS n_i,
           w.raised_ts::date AS d0, least(coalesce(w.closed_ts, timestamp '2024-10-24 12:00')::date, date '2024-10-24') AS d1,
           w.wo_id || '/' || g AS kb,
           CASE w.kind WHEN 'exam' THEN (CASE w.exam_cd WHEN 'B' THEN 2 WHEN 'C' THEN 3 WHEN 'D' THEN 6 WHEN 'HV' THEN 2 ELSE 1 END)
                       WHEN 'defect' THEN 1 WHEN 'wheel' THEN 2 WHEN 'mod' THEN 2 ELSE 6 END AS n_base,
           e.std_hrs
    FROM t_wo2 w
    LEFT JOIN maint.exam_type e ON e.exam_cd = w.exam_cd
    CROSS JOIN LATERAL generate_series(1,
        CASE WHEN w.sts_cd IN ('O','H') THEN (CASE WHEN pg_temp.rnd('st'||w.wo_id) < 0.5 THEN 1 ELSE 0 END)
             WHEN w.sts_cd = 'X' THEN 1
             WHEN w.kind = 'exam' THEN (CASE w.exam_cd WHEN 'B' THEN 2 WHEN 'C' THEN 3 WHEN 'D' THEN 6 WHEN 'HV' THEN 2 ELSE 1 END)
                                       + floor(pg_temp.rnd('nb'||w.wo_id) * 2)::int
             WHEN w.kind = 'defect' THEN 1 + floor(pg_temp.rnd('nb'||w.wo_id) * 3)::int
             WHEN w.kind = 'wheel' THEN 2
             WHEN w.kind = 'mod' THEN 2 + floor(pg_temp.rnd('nb'||w.wo_id) * 3)::int
             ELSE 8 END) g
), b2 AS (
    SELECT b.*,
           b.d1 - floor(pg_temp.rnd('wd'||b.kb) ^ 3 * (b.d1 - b.d0 + 1))::int AS work_dt,
           1 + floor(pg_temp.rnd('ft'||b.kb) * 60)::int AS f_try,
           CASE b.kind
                WHEN 'exam' THEN least(11.5, b.std_hrs / b.n_base * (0.8 + pg_temp.rnd('hr'||b.kb) * 0.5))
                WHEN 'defect' THEN 0.5 + pg_temp.rnd('hr'||b.kb) * 3.5
                WHEN 'wheel' THEN 1.5 + pg_temp.rnd('hr'||b.kb) * 3
                WHEN 'mod' THEN 2 + pg_temp.rnd('hr'||b.kb) * 5
                ELSE 4 + pg_temp.rnd('hr'||b.kb) * 4 END AS hrs0
    FROM b
)
SELECT b2.wo_id,
       CASE WHEN f.start_dt <= b2.work_dt AND (f.leave_dt IS NULL OR b2.work_dt <= f.leave_dt) THEN f.fitter_id
            ELSE (ARRAY[1,2,3,4,5,6,8,9,10,11,12,13,14,15,16,17,18,20,21,22,23,24,25,26,27,28,29,30,31,32,
                        34,35,36,37,38,39,40,41,42,43,44,45,47,48,49,50])[1 + b2.f_try % 46] END,
       b2.work_dt,
       CASE WHEN pg_temp.rnd('sh'||b2.kb) < 0.42 THEN 'E' WHEN pg_temp.rnd('sh'||b2.kb) < 0.77 THEN 'L' ELSE 'N' END,
       round((round(b2.hrs0 * 4) / 4)::numeric, 2),
       pg_temp.rnd('ot'||b2.kb) < CASE WHEN extract(isodow FROM b2.work_dt) IN (6, 7) THEN 0.5 ELSE 0.08 END,
       CASE WHEN b2.work_dt <= date '2024-10-20' THEN date_trunc('week', b2.work_dt) + interval '7 days 07:30' END
FROM b2
JOIN maint.fitter f ON f.fitter_id = b2.f_try
WHERE round(b2.hrs0 * 4) > 0
ORDER BY b2.work_dt, b2.wo_id, b2.n_i;

-- =====================================================================
--  Stores issues
-- =====================================================================
CREATE TEMP TABLE t_part AS
SELECT p.part_no, p.cat_cd, p.uom, (substr(p.part_no, 5)::int / 10) AS base_n, (substr(p.part_no, 5)::int % 10) AS pv,
       row_number() OVER (PARTITION BY p.cat_cd, (substr(p.part_no, 5)::int % 10) ORDER BY p.part_no) - 1 AS j,
       count(*) OVER (PARTITION BY p.cat_cd, (substr(p.part_no, 5)::int % 10)) AS n
FROM maint.part p;

INSERT INTO maint.part_issue (part_no, wo_id, issue_ts, qty, txn_cd, storeman)
WITH dem AS (
    -- defect repairs: one or two parts from the system's category
    SELECT w.wo_id, w.raised_ts, w.closed_ts, tp.part_no, tp.uom, g AS line
    FROM t_wo2 w
    CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.rnd('p2'||w.wo_id) < 0.3 THEN 2 ELSE 1 END) g
    JOIN t_part tp ON tp.cat_cd = CASE w.sys WHEN 'DOORS' THEN 'DOR' WHEN 'HVAC' THEN 'HVC' WHEN 'PIS' THEN 'ELC'
                                      WHEN 'TOILET' THEN 'WCS' WHEN 'BRAKES' THEN 'BRK' WHEN 'TRACTION' THEN 'ENG'
                                      WHEN 'CCTV' THEN 'ELC' WHEN 'INTERIOR' THEN 'INT' WHEN 'COUPLER' THEN 'CPL'
                                      WHEN 'LIGHTING' THEN 'ELC' ELSE 'BOG' END
                  AND tp.pv = w.pv
                  AND tp.j = floor(pg_temp.rnd('pp'||w.wo_id||'/'||g) * tp.n)
    WHERE w.kind = 'defect' AND w.sts_cd = 'C' AND w.fault_rec->'fix'->>'action' IN ('replaced','repaired')
    UNION ALL
    -- exam consumables and exchange items
    SELECT w.wo_id, w.raised_ts, w.closed_ts, tp.part_no, tp.uom, c.base_n
    FROM t_wo2 w
    JOIN (VALUES ('B',21,false),('B',22,false),('B',38,false),('B',40,true),('B',39,true),('B',11,true),
                 ('C',21,false),('C',22,false),('C',38,false),('C',40,true),('C',11,true),('C',1,true),('C',44,false),
                 ('D',1,true),('D',33,true),('D',34,true),('D',35,true),('D',38,false),('D',40,true),('D',41,true),('D',2,true),
                 ('HV',11,true),('HV',12,true),('UT',40,true),('UT',43,true)) c(exam_cd, base_n, emu_too)
         ON c.exam_cd = w.exam_cd AND (c.emu_too OR w.class_cd <> '331')
    JOIN t_part tp ON tp.base_n = c.base_n AND tp.pv = CASE WHEN c.base_n >= 38 THEN 1 ELSE w.pv END
    WHERE w.kind = 'exam' AND w.sts_cd = 'C'
), iss AS (
    SELECT dem.*, dem.wo_id || '/' || dem.part_no || '/' || dem.line AS ki,
           greatest(dem.raised_ts + interval '5 minutes',
                    least(dem.closed_ts - interval '30 minutes',
                          dem.raised_ts + (1 + pg_temp.rnd('it'||dem.wo_id||dem.part_no) * 20) * interval '1 hour')) AS issue_ts,
           CASE WHEN dem.uom = 'EA' THEN (CASE WHEN pg_temp.rnd('q'||dem.wo_id||dem.part_no) < 0.15 THEN 2 ELSE 1 END)
                WHEN dem.part_no LIKE 'CON-038%' THEN 10 + floor(pg_temp.rnd('q'||dem.wo_id||dem.part_no) * 60)
                ELSE 1 + floor(pg_temp.rnd('q'||dem.wo_id||dem.part_no) * 5) END AS qty
    FROM dem
)
SELECT part_no, wo_id, issue_ts, qty, 'I', 'KS0' || (1 + floor(pg_temp.rnd('sm'||ki) * 5)::int)
FROM iss
UNION ALL
SELECT part_no, wo_id, issue_ts + interval '1 day', -1, 'R', 'KS0' || (1 + floor(pg_temp.rnd('sr'||ki) * 5)::int)
FROM iss
WHERE pg_temp.rnd('ret'||ki) < 0.04 AND issue_ts + interval '1 day' < timestamp '2024-10-24 18:00'
ORDER BY 3, 2;

-- =====================================================================
--  On-train fault log (TMS), July 2023 onwards
-- =====================================================================
CREATE TEMP TABLE t_fw AS
SELECT f.fault_cd, f.sev_lvl,
       ((sum(w) OVER (ORDER BY f.fault_cd) - w) / sum(w) OVER ())::float8 AS lo,
       (sum(w) OVER (ORDER BY f.fault_cd) / sum(w) OVER ())::float8 AS hi
FROM ops.fault_code f
JOIN (VALUES ('DR01',3),('DR02',14),('DR03',6),('DR04',0.5),('HV01',10),('HV02',3),('HV03',2),
             ('PI01',8),('PI02',4),('PI03',1.5),('WC01',5),('WC02',2),('WC03',3),('BR01',9),('BR02',0.8),
             ('BR03',0.7),('BR04',1.5),('TR01',1),('TR02',2),('TR03',2),('TR04',2),('TR05',0.8),('CC01',3),
             ('CC02',2),('CP01',1.5),('LT01',2.5),('LT02',0.6),('BG01',1.2),('BG02',0.3),('IN01',4)) x(fault_cd, w)
  ON x.fault_cd = f.fault_cd;

INSERT INTO ops.fault_log (log_id, unit_id, veh_id, event_ts, fault_cd, evt_cd, spd_kmh, loc_cd, ack_ts)
WITH g AS MATERIALIZED (
    SELECT i, 1 + floor(pg_temp.rnd('fu'||i) * 74)::int AS unit_id,
           date '2023-07-01' + floor(pg_temp.rnd('fd'||i) * 482)::int AS dt,
           (330 + floor(pg_temp.rnd('fh'||i) * 1110)::int) * interval '1 minute'
             + floor(pg_temp.rnd('fs'||i) * 60)::int * interval '1 second' AS tod,
           pg_temp.rnd('fc'||i) AS r_fc, pg_temp.rnd('fk'||i) AS r_keep
    FROM generate_series(1, 250000) i
), g2 AS (
    SELECT g.*, g.dt + g.tod AS event_ts, t.class_cd, t.avail_cd, c.trctn_cd, c.cars_per_unit,
           CASE WHEN extract(month FROM g.dt) IN (10, 11) AND pg_temp.rnd('lf'||g.i) < 0.25 THEN 'BR01' ELSE fw.fault_cd END AS fc0
    FROM g
    JOIN t_ud t ON t.unit_id = g.unit_id AND t.dt = g.dt
    JOIN fleet.unit_class c ON c.class_cd = t.class_cd
    JOIN t_fw fw ON g.r_fc >= fw.lo AND g.r_fc < fw.hi
    WHERE t.st = 'S'
      AND (t.avail_cd = 'A' OR g.r_keep < 0.08)
      AND g.r_keep < CASE t.class_cd WHEN '150' THEN 1.0 WHEN '156' THEN 0.9 WHEN '158' THEN 0.85 WHEN '195' THEN 0.6 ELSE 0.55 END
      AND g.dt + g.tod < timestamp '2024-10-24 18:00'
), g3 AS MATERIALIZED (
    SELECT g2.*,
           CASE WHEN g2.trctn_cd = 'E' AND g2.fc0 = 'TR01' THEN 'TR05'
                WHEN g2.trctn_cd = 'E' AND g2.fc0 IN ('TR02','TR03') THEN 'TR04'
                WHEN g2.trctn_cd = 'D' AND g2.fc0 = 'TR05' THEN 'TR01'
                WHEN g2.trctn_cd = 'D' AND g2.fc0 = 'TR04' THEN 'TR02'
                ELSE g2.fc0 END AS fault_cd,
           CASE WHEN pg_temp.rnd('ev'||g2.i) < 0.70 THEN 'S' WHEN pg_temp.rnd('ev'||g2.i) < 0.92 THEN 'C' ELSE 'R' END AS evt_cd,
           CASE WHEN pg_temp.rnd('vv'||g2.i) < 0.12 THEN NULL ELSE 1 + floor(pg_temp.rnd('vc'||g2.i) * g2.cars_per_unit)::int END AS car_pos
    FROM g2
)
SELECT row_number() OVER (ORDER BY g3.event_ts, g3.i), g3.unit_id, v.veh_id, g3.event_ts, g3.fault_cd, g3.evt_cd,
       CASE WHEN pg_temp.rnd('sp'||g3.i) < 0.35 THEN 0 ELSE 10 + floor(pg_temp.rnd('sq'||g3.i) * 150)::int END,
       CASE WHEN pg_temp.rnd('lc'||g3.i) < 0.06 THEN NULL
            ELSE (ARRAY['LDS','LDS','YRK','HGT','KNA','HFX','HBD','MCV','HUL','DON','SHF','SCA','MLT','SKI','KEI','ILK','HUD','PNS'])
                 [1 + floor(pg_temp.rnd('ln'||g3.i) * 18)::int] END,
       CASE WHEN fc.sev_lvl <= 2 AND g3.evt_cd = 'S' AND pg_temp.rnd('ak'||g3.i) < 0.9
            THEN g3.event_ts + (20 + floor(pg_temp.rnd('at'||g3.i) * 1500)::int) * interval '1 second' END
FROM g3
JOIN ops.fault_code fc ON fc.fault_cd = g3.fault_cd
LEFT JOIN fleet.vehicle v ON v.unit_id = g3.unit_id AND v.car_pos = g3.car_pos
ORDER BY g3.event_ts;

-- =====================================================================
--  Indexes, views
-- =====================================================================
CREATE UNIQUE INDEX uq_mileage_unit_dt     ON fleet.mileage_rdg (unit_id, rdg_dt);
CREATE INDEX idx_alloc_unit                ON fleet.unit_alloc_hist (unit_id, valid_from);
CREATE INDEX idx_wheel_turn_veh            ON fleet.wheel_turn (veh_id, turn_dt);
CREATE INDEX idx_fault_log_unit_ts         ON ops.fault_log (unit_id, event_ts);
CREATE INDEX idx_morning_count_unit        ON ops.morning_count (unit_id, count_dt);
CREATE INDEX idx_exam_plan_unit            ON maint.exam_plan (unit_id, exam_cd, due_dt);
CREATE INDEX idx_exam_plan_open            ON maint.exam_plan (due_dt) WHERE sts_cd = 'P';
CREATE INDEX idx_defect_unit               ON maint.defect (unit_id, raised_ts);
CREATE INDEX idx_wo_unit                   ON maint.work_order (unit_id, raised_ts);
CREATE INDEX idx_labour_wo                 ON maint.labour_bkg (wo_id);
CREATE INDEX idx_part_issue_wo             ON maint.part_issue (wo_id);
CREATE INDEX idx_part_issue_part           ON maint.part_issue (part_no, issue_ts);
CREATE INDEX idx_part_issue_storeman       ON maint.part_issue (storeman);
CREATE INDEX idx_fch_fitter                ON maint.fitter_comp_hist (fitter_id, comp_cd, valid_from);

CREATE VIEW maint.v_open_defects AS
SELECT d.defect_id, d.defect_no, u.unit_no, u.class_cd, v.veh_no, d.sev_cd, d.sts,
       d.fault_rec->>'system' AS sys, d.fault_rec->>'component' AS component,
       d.raised_ts, w.wo_no
FROM maint.defect d
JOIN fleet.unit u ON u.unit_id = d.unit_id
LEFT JOIN fleet.vehicle v ON v.veh_id = d.veh_id
LEFT JOIN maint.work_order w ON w.wo_id = d.wo_id
WHERE d.sts NOT IN ('closed','nff');
COMMENT ON VIEW maint.v_open_defects IS 'Outstanding defects (anything not closed or no-fault-found), for the daily defect review';

CREATE MATERIALIZED VIEW ops.mv_daily_avail AS
SELECT mc.count_dt, u.class_cd,
       count(*) AS units_counted,
       count(*) FILTER (WHERE mc.avail_cd = 'A') AS units_avail,
       round(100.0 * count(*) FILTER (WHERE mc.avail_cd = 'A') / count(*), 1) AS avail_pct
FROM ops.morning_count mc
JOIN fleet.unit u ON u.unit_id = mc.unit_id
GROUP BY mc.count_dt, u.class_cd;
COMMENT ON MATERIALIZED VIEW ops.mv_daily_avail IS 'Morning-count availability per day and class (refreshed nightly; last refresh 24 Oct 2024 06:15)';

DROP FUNCTION pg_temp.rnd(text);
VACUUM;
ANALYZE;

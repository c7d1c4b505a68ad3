-- St. Brendan's Regional: clinical records (ADT + lab), as grown by the hospital's small data team.
-- Two application schemas (ehr = ADT/encounters, lab = laboratory system feed); nothing lives in public
-- except the migration tool's history table. Deterministic: every "random" figure is an md5 hash of a key
-- (pg_temp.u below), so the history does not depend on the order rows are generated in; the data runs
-- from 2023-01-01 up to the day of loading (encounters not yet over have no discharge time).

CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
SELECT setseed(0.42);

-- uniform [0,1) from a key; temporary, gone when the loading session ends
CREATE FUNCTION pg_temp.u(k text) RETURNS double precision LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE SCHEMA ehr;
CREATE SCHEMA lab;
COMMENT ON SCHEMA ehr IS 'Electronic health record core: patients, encounters (ADT), diagnoses, wards, bed board';
COMMENT ON SCHEMA lab IS 'Laboratory information system feed: test catalogue, lab orders and result observations';

-- ------------------------------------------------------------------ migration tool (the only thing in public)
CREATE TABLE public.flyway_schema_history (
    installed_rank integer PRIMARY KEY,
    version        varchar(50),
    description    varchar(200) NOT NULL,
    type           varchar(20) NOT NULL,
    script         varchar(1000) NOT NULL,
    checksum       integer,
    installed_by   varchar(100) NOT NULL,
    installed_on   timestamp NOT NULL DEFAULT now(),
    execution_time integer NOT NULL,
    success        boolean NOT NULL
);
INSERT INTO public.flyway_schema_history VALUES
 (1, '1',   'init ehr',                    'SQL', 'V1__init_ehr.sql',                   -1938264011, 'ehr_owner', '2022-11-02 10:14:00', 812, true),
 (2, '2',   'init lab',                    'SQL', 'V2__init_lab.sql',                    773420118, 'ehr_owner', '2022-11-02 10:14:01', 455, true),
 (3, '3',   'ward table mixed case',       'SQL', 'V3__ward_table_mixed_case.sql',       129938472, 'ehr_owner', '2022-12-14 16:40:12', 37, true),
 (4, '4',   'enc status enum',             'SQL', 'V4__enc_status_enum.sql',            -55120398, 'ehr_owner', '2023-01-20 09:02:44', 1290, true),
 (5, '5',   'obs partition by year',       'SQL', 'V5__obs_partition_by_year.sql',       662001733, 'ehr_owner', '2023-03-03 22:15:09', 48211, true),
 (6, '6',   'enc meta jsonb',              'SQL', 'V6__enc_meta_jsonb.sql',              300112044, 'ehr_owner', '2023-05-30 21:00:31', 2210, true),
 (7, '7',   'dx text search index',        'SQL', 'V7__dx_text_search_index.sql',       -1200443871, 'jkowalski', '2023-09-12 13:44:50', 3310, true),
 (8, '8',   'bed board',                   'SQL', 'V8__bed_board.sql',                   98124450, 'ehr_owner', '2024-02-08 08:30:00', 61, true),
 (9, '8.1', 'bed board fix',               'SQL', 'V8_1__bed_board_fix.sql',            -77004121, 'ehr_owner', '2024-02-08 08:41:19', 12, false),
 (10,'8.1', 'bed board fix',               'SQL', 'V8_1__bed_board_fix.sql',            -77004121, 'ehr_owner', '2024-02-08 09:05:02', 15, true),
 (11,'9',   'lab ord open worklist index', 'SQL', 'V9__lab_ord_open_worklist_index.sql', 410087231, 'ehr_owner', '2024-06-18 19:12:37', 904, true),
 (12,'10',  'monthly obs mv',              'SQL', 'V10__monthly_obs_mv.sql',            -301277910, 'ehr_owner', '2025-01-07 07:55:23', 5120, true);

-- ------------------------------------------------------------------ ehr
CREATE TYPE ehr.enc_stat AS ENUM ('planned', 'admitted', 'discharged', 'transferred', 'cancelled');
COMMENT ON TYPE ehr.enc_stat IS 'Encounter status: planned (pre-admit), admitted (in house), discharged, transferred (to another facility), cancelled';

CREATE TABLE ehr."Ward" (
    "WardCode"  varchar(6) PRIMARY KEY,
    "WardName"  text NOT NULL,
    "Floor"     smallint NOT NULL,
    "BedCount"  smallint NOT NULL,
    "SvcLine"   varchar(4) NOT NULL
);
COMMENT ON TABLE ehr."Ward" IS 'Hospital wards / nursing units';
COMMENT ON COLUMN ehr."Ward"."BedCount" IS 'Staffed beds on the ward';
COMMENT ON COLUMN ehr."Ward"."SvcLine" IS 'Service line: MED medicine, SURG surgery, CRIT critical care, WCH women and children, ONC oncology';

INSERT INTO ehr."Ward" VALUES
 ('4N',   'Medicine North',              4, 32, 'MED'),
 ('4S',   'Medicine South',              4, 30, 'MED'),
 ('5E',   'Surgery East',                5, 28, 'SURG'),
 ('5W',   'Orthopaedics West',           5, 24, 'SURG'),
 ('ICU',  'Medical/Surgical ICU',        3, 16, 'CRIT'),
 ('CCU',  'Cardiac Care Unit',           3, 12, 'CRIT'),
 ('MAT',  'Maternity',                   2, 20, 'WCH'),
 ('PED',  'Paediatrics',                 2, 18, 'WCH'),
 ('ONC',  'Oncology',                    6, 22, 'ONC'),
 ('OBSU', 'Clinical Decision / Observation Unit', 1, 20, 'MED'),
 ('6W',   'Overflow West (closed)',      6,  0, 'MED');

CREATE TABLE ehr.prov (
    prov_id   integer PRIMARY KEY,
    npi       char(10) NOT NULL UNIQUE,
    last_nm   text NOT NULL,
    first_nm  text NOT NULL,
    spec      text NOT NULL,
    actv_flg  boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE ehr.prov IS 'Providers: physicians (clinicians) who attend encounters or order tests';
COMMENT ON COLUMN ehr.prov.npi IS 'National Provider Identifier';
COMMENT ON COLUMN ehr.prov.spec IS 'Specialty';
COMMENT ON COLUMN ehr.prov.actv_flg IS 'Active flag: false once the provider has left';

INSERT INTO ehr.prov (prov_id, npi, last_nm, first_nm, spec, actv_flg)
SELECT i,
       (1003000000 + i * 7331)::text,
       (ARRAY['Okafor','Lindqvist','Brennan','Castillo','Haddad','Novak','Fitzgerald','Tanaka','Moreau','Achebe',
              'Petrov','Delgado','Whitfield','Sorensen','Iyer','Kowalski','Baptiste','Nakamura','Oyelaran','Gallagher',
              'Rossi','Adeyemi','Lund','Marchetti','Ferreira','Hughes','Dubois','Schreiber','Quinn','Abernathy',
              'Varga','Mensah','Lefebvre','Carvalho','Ostrowski','Ngata','Bergstrom','Halloran','Yilmaz','Park',
              'Mbeki','Fontaine','Eriksen','Duarte','Keane','Sato','Vogel','Amato','Coleman','Rahman',
              'Jovanovic','Oduya','Brandt','Pereira','Sullivan','Kaur','Weiss','Moreno','Laine','Tremblay'])[i],
       (ARRAY['Ada','Erik','Siobhan','Marco','Leila','Tomas','Niamh','Kenji','Claire','Chidi',
              'Irina','Pablo','Grace','Mads','Priya','Jan','Rose','Yuki','Tunde','Aoife'])[1 + (i * 7) % 20],
       CASE WHEN i <= 14 THEN 'Hospital Medicine' WHEN i <= 20 THEN 'Cardiology' WHEN i <= 28 THEN 'General Surgery'
            WHEN i <= 33 THEN 'Orthopaedics' WHEN i <= 38 THEN 'Obstetrics' WHEN i <= 42 THEN 'Paediatrics'
            WHEN i <= 46 THEN 'Oncology' WHEN i <= 48 THEN 'Critical Care' WHEN i <= 54 THEN 'Emergency Medicine'
            WHEN i <= 57 THEN 'Pathology' ELSE 'Family Medicine' END,
       i NOT IN (9, 26, 44, 59)
FROM generate_series(1, 60) AS i;

CREATE TABLE ehr.pt (
    pt_id     integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    mrn       varchar(10) NOT NULL,
    last_nm   text NOT NULL,
    first_nm  text NOT NULL,
    "DOB"     date NOT NULL,
    sex       char(1) NOT NULL,
    zip5      char(5),
    dcsd_dt   date,
    crt_ts    timestamp(0) NOT NULL
);
COMMENT ON TABLE ehr.pt IS 'Patients (master patient index)';
COMMENT ON COLUMN ehr.pt.mrn IS 'Medical record number';
COMMENT ON COLUMN ehr.pt."DOB" IS 'Date of birth';
COMMENT ON COLUMN ehr.pt.sex IS 'Administrative sex: F female, M male, U unknown';
COMMENT ON COLUMN ehr.pt.zip5 IS 'Home ZIP code (5 digits)';
COMMENT ON COLUMN ehr.pt.dcsd_dt IS 'Date of death (deceased date); NULL while alive';
COMMENT ON COLUMN ehr.pt.crt_ts IS 'When the patient was registered in the MPI';

INSERT INTO ehr.pt (pt_id, mrn, last_nm, first_nm, "DOB", sex, zip5, crt_ts)
SELECT i,
       lpad((4100000 + i * 3)::text, 8, '0'),
       (ARRAY['Smith','Murphy','Garcia','Nguyen','Johnson','Kelly','Brown','Walsh','Lopez','Williams',
              'Byrne','Davis','Ryan','Martinez','Wilson','OBrien','Anderson','Doyle','Taylor','Thomas',
              'Moore','Jackson','Martin','Lee','Perez','Thompson','White','Harris','Sanchez','Clark',
              'Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott','Torres'])[1 + floor(40 * pg_temp.u('pl' || i))::int],
       CASE WHEN s.sx = 'F'
            THEN (ARRAY['Mary','Patricia','Jennifer','Linda','Elizabeth','Barbara','Susan','Jessica','Sarah','Karen',
                        'Nancy','Lisa','Margaret','Sandra','Ashley','Emily','Donna','Michelle','Carol','Amanda'])[1 + floor(20 * pg_temp.u('pf' || i))::int]
            ELSE (ARRAY['James','Robert','John','Michael','David','William','Richard','Joseph','Thomas','Charles',
                        'Christopher','Daniel','Matthew','Anthony','Mark','Donald','Steven','Paul','Andrew','Joshua'])[1 + floor(20 * pg_temp.u('pf' || i))::int]
       END,
       date '1928-01-01' + floor(pg_temp.u('pd' || i) * 34000)::int,
       s.sx,
       (ARRAY['02134','02135','02139','02143','02144','02145','02148','02149','02150','02151',
              '02152','02155','02169','02171','02176','02180','02184','02186','02188','02190'])[1 + floor(20 * pg_temp.u('pz' || i))::int],
       timestamp '2012-01-01' + pg_temp.u('pc' || i) * interval '3650 days'
FROM generate_series(1, 10000) AS i
CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.u('ps' || i) < 0.52 THEN 'F'
                                WHEN pg_temp.u('ps' || i) < 0.994 THEN 'M' ELSE 'U' END AS sx) AS s;
-- a handful of walk-ins with no address on file
UPDATE ehr.pt SET zip5 = NULL WHERE pt_id % 97 = 0;
SELECT setval(pg_get_serial_sequence('ehr.pt', 'pt_id'), 10000);

CREATE TABLE ehr.enc (
    enc_id       bigint GENERATED BY DEFAULT AS IDENTITY (START WITH 5000001) PRIMARY KEY,
    pt_id        integer NOT NULL,
    ward_cd      varchar(6) NOT NULL,
    att_prov_id  integer,
    enc_typ      varchar(3) NOT NULL,
    adm_ts       timestamp(0) NOT NULL,
    dsch_ts      timestamp(0),
    stat         ehr.enc_stat NOT NULL DEFAULT 'admitted',
    dsch_disp    varchar(5),
    meta         jsonb NOT NULL DEFAULT '{}',
    hl7_raw      text,
    upd_ts       timestamp(0) NOT NULL DEFAULT now()
);
COMMENT ON TABLE ehr.enc IS 'Encounters (hospital stays / admissions): one row per admission, observation stay or day-surgery visit';
COMMENT ON COLUMN ehr.enc.pt_id IS 'Patient (ehr.pt)';
COMMENT ON COLUMN ehr.enc.ward_cd IS 'Admitting ward (ehr."Ward"."WardCode")';
COMMENT ON COLUMN ehr.enc.att_prov_id IS 'Attending physician (ehr.prov)';
COMMENT ON COLUMN ehr.enc.enc_typ IS 'Encounter type: IP inpatient, OBS observation stay, DS day surgery';
COMMENT ON COLUMN ehr.enc.adm_ts IS 'Admission timestamp (local time)';
COMMENT ON COLUMN ehr.enc.dsch_ts IS 'Discharge timestamp (local time); NULL while the patient is still in house or when the encounter was cancelled';
COMMENT ON COLUMN ehr.enc.stat IS 'Encounter status';
COMMENT ON COLUMN ehr.enc.dsch_disp IS 'Discharge disposition: HOME home/self-care, HHC home health care, SNF skilled nursing facility, REHAB inpatient rehab, XFER transfer to another acute hospital, AMA left against medical advice, EXP expired (died)';
COMMENT ON COLUMN ehr.enc.meta IS 'Interface extras from the ADT feed: src (admission source: ED, REFERRAL, TRANSFER, ELECTIVE), payer (medicare, medicaid, commercial, selfpay), isol (isolation precautions, only sent since mid-2024)';
COMMENT ON COLUMN ehr.enc.hl7_raw IS 'Raw HL7 v2 A01 (admit) message as received, kept for audit';
COMMENT ON COLUMN ehr.enc.upd_ts IS 'Last update by the ADT interface';

-- encounters: 13-25 a day from 2023-01-01 to today (weekday and winter peaks)
INSERT INTO ehr.enc (enc_id, hl7_raw, pt_id, ward_cd, att_prov_id, enc_typ, adm_ts, dsch_ts, stat, dsch_disp, meta, upd_ts)
SELECT 5000000 + row_number() OVER (ORDER BY g.adm_ts, g.d, g.k),
       concat_ws(chr(13),
         'MSH|^~\&|EPIC|SBR|CLINDB|SBR|' || to_char(g.adm_ts, 'YYYYMMDDHH24MISS') || '||ADT^A01^ADT_A01|'
             || (5000000 + row_number() OVER (ORDER BY g.adm_ts, g.d, g.k)) || '|P|2.5.1|||AL|NE|USA|UNICODE UTF-8',
         'EVN|A01|' || to_char(g.adm_ts, 'YYYYMMDDHH24MISS') || '||ADT_EVENT|REGCLERK^INTERFACE^^^^^^^SBR',
         'PID|1||' || p.mrn || '^^^SBR^MR~' || lpad((p.pt_id * 7919 % 1000000000)::text, 9, '0') || '^^^USSSA^SS||'
             || upper(p.last_nm) || '^' || upper(p.first_nm) || '^^^^^L||' || to_char(p."DOB", 'YYYYMMDD') || '|' || p.sex
             || '|||' || (100 + p.pt_id % 900) || ' MAIN ST^^BOSTON^MA^' || coalesce(p.zip5, '') || '^USA^H||^PRN^PH^^1^617^' || (5550000 + p.pt_id % 10000) || '|||||' || p.mrn || '-' || g.k,
         'PV1|1|' || CASE g.enc_typ WHEN 'IP' THEN 'I' WHEN 'OBS' THEN 'O' ELSE 'O' END || '|' || g.ward_cd || '^^^SBR^^^^^' || g.ward_cd
             || '||||^ATTENDING^^^^^^^NPI|^REFERRING^^^^^^^NPI||' || CASE g.enc_typ WHEN 'DS' THEN 'SUR' ELSE 'MED' END
             || '||||' || CASE WHEN g.r9 < 0.55 THEN '7' ELSE '1' END || '|||||' || (5000000 + row_number() OVER (ORDER BY g.adm_ts, g.d, g.k))
             || '^^^SBR^VN|||||||||||||||||||||||||' || to_char(g.adm_ts, 'YYYYMMDDHH24MISS'),
         'PV2|||^ADMIT REASON PER ED PROVIDER||||||||||||||||||||||||N',
         'IN1|1|' || CASE WHEN g.r10 < 0.38 THEN 'MCR^MEDICARE' WHEN g.r10 < 0.58 THEN 'MCD^MEDICAID MA'
                          WHEN g.r10 < 0.93 THEN 'COM^COMMERCIAL' ELSE 'SP^SELF PAY' END || '|||||||||||||||||||||||||||||||||||||||||||'),
       g.pt_id, g.ward_cd,
       CASE g.ward_cd
            WHEN 'CCU' THEN 15 + floor(6 * g.r8 ^ 1.3)  WHEN 'ICU' THEN 47 + floor(2 * g.r8)
            WHEN '5E'  THEN 21 + floor(8 * g.r8 ^ 1.3)  WHEN '5W'  THEN 29 + floor(5 * g.r8 ^ 1.3)
            WHEN 'MAT' THEN 34 + floor(5 * g.r8)        WHEN 'PED' THEN 39 + floor(4 * g.r8)
            WHEN 'ONC' THEN 43 + floor(4 * g.r8)        ELSE 1 + floor(14 * g.r8 ^ 1.6) END,
       g.enc_typ, g.adm_ts,
       CASE WHEN g.cancelled OR g.adm_ts + g.los > localtimestamp THEN NULL ELSE g.adm_ts + g.los END,
       CASE WHEN g.cancelled THEN 'cancelled'::ehr.enc_stat
            WHEN g.adm_ts + g.los > localtimestamp THEN 'admitted'
            WHEN g.enc_typ = 'IP' AND g.r6 < 0.035 THEN 'transferred'
            ELSE 'discharged' END,
       CASE WHEN g.cancelled OR g.adm_ts + g.los > localtimestamp THEN NULL
            WHEN g.enc_typ = 'IP' AND g.r6 < 0.035 THEN 'XFER'
            WHEN g.enc_typ = 'IP' THEN
                 CASE WHEN g.r6 < 0.62 THEN 'HOME' WHEN g.r6 < 0.74 THEN 'HHC' WHEN g.r6 < 0.88 THEN 'SNF'
                      WHEN g.r6 < 0.94 THEN 'REHAB' WHEN g.r6 < 0.975 THEN 'EXP' ELSE 'AMA' END
            ELSE CASE WHEN g.r6 < 0.965 THEN 'HOME' ELSE 'AMA' END END,
       jsonb_strip_nulls(jsonb_build_object(
           'src', CASE WHEN g.enc_typ = 'DS' THEN 'ELECTIVE'
                       WHEN g.enc_typ = 'OBS' THEN CASE WHEN g.r9 < 0.9 THEN 'ED' ELSE 'REFERRAL' END
                       WHEN g.ward_cd = 'MAT' THEN CASE WHEN g.r9 < 0.7 THEN 'ELECTIVE' ELSE 'ED' END
                       WHEN g.r9 < 0.55 THEN 'ED' WHEN g.r9 < 0.80 THEN 'REFERRAL' WHEN g.r9 < 0.86 THEN 'TRANSFER'
                       ELSE 'ELECTIVE' END,
           'payer', CASE WHEN g.r10 < 0.38 THEN 'medicare' WHEN g.r10 < 0.58 THEN 'medicaid'
                         WHEN g.r10 < 0.93 THEN 'commercial' ELSE 'selfpay' END,
           'isol', CASE WHEN g.adm_ts >= timestamp '2024-07-01' THEN g.r11 < 0.08 END)),
       g.adm_ts + CASE WHEN g.cancelled THEN interval '2 hours' ELSE least(g.los, localtimestamp - g.adm_ts) END
FROM (
    SELECT x.*,
           CASE WHEN x.enc_typ = 'IP' THEN
                     interval '1 hour' * round(24 * (1 + 3.4 * -ln(1 - x.r4)) * CASE x.ward_cd WHEN 'ICU' THEN 1.6 WHEN 'MAT' THEN 0.6 WHEN 'ONC' THEN 1.3 ELSE 1 END)
                WHEN x.enc_typ = 'OBS' THEN interval '1 minute' * round(60 * (8 + 32 * x.r4))
                ELSE interval '1 minute' * round(60 * (4 + 6 * x.r4)) END AS los
    FROM (
        SELECT d, k,
               1 + floor(9600 * pg_temp.u(d::date || '/' || k || 'p'))::int AS pt_id,
               CASE WHEN t.r2 < 0.70 THEN 'IP' WHEN t.r2 < 0.90 THEN 'OBS' ELSE 'DS' END AS enc_typ,
               CASE WHEN t.r2 < 0.70 THEN
                         CASE WHEN t.r3 < 0.18 THEN '4N' WHEN t.r3 < 0.34 THEN '4S' WHEN t.r3 < 0.48 THEN '5E'
                              WHEN t.r3 < 0.58 THEN '5W' WHEN t.r3 < 0.66 THEN 'ICU' WHEN t.r3 < 0.73 THEN 'CCU'
                              WHEN t.r3 < 0.83 THEN 'MAT' WHEN t.r3 < 0.90 THEN 'PED' ELSE 'ONC' END
                    WHEN t.r2 < 0.90 THEN CASE WHEN t.r3 < 0.85 THEN 'OBSU' ELSE '4N' END
                    ELSE CASE WHEN t.r3 < 0.6 THEN '5E' ELSE '5W' END END AS ward_cd,
               d + interval '1 second' * floor(86400 * CASE WHEN t.r2 >= 0.90 THEN 0.29 + 0.12 * t.r1 ELSE t.r1 END) AS adm_ts,
               pg_temp.u(d::date || '/' || k || 'c') < 0.018 AS cancelled,
               pg_temp.u(d::date || '/' || k || 'los') AS r4,
               pg_temp.u(d::date || '/' || k || 'disp') AS r6,
               pg_temp.u(d::date || '/' || k || 'prov') AS r8,
               pg_temp.u(d::date || '/' || k || 'src') AS r9,
               pg_temp.u(d::date || '/' || k || 'pay') AS r10,
               pg_temp.u(d::date || '/' || k || 'iso') AS r11
        FROM generate_series(timestamp '2023-01-01', date_trunc('day', localtimestamp), interval '1 day') AS d
        CROSS JOIN LATERAL generate_series(1,
               13 + CASE WHEN extract(isodow FROM d) <= 5 THEN 6 ELSE 0 END
                  + round(3 * cos(2 * pi() * (extract(doy FROM d) - 20) / 365.25))::int
                  + ((d::date - date '2023-01-01') * 37 % 11) / 3) AS k
        CROSS JOIN LATERAL (SELECT pg_temp.u(d::date || '/' || k || 't') AS r1,
                                   pg_temp.u(d::date || '/' || k || 'typ') AS r2,
                                   pg_temp.u(d::date || '/' || k || 'w') AS r3 OFFSET 0) AS t
        OFFSET 0
    ) AS x
    OFFSET 0
) AS g
JOIN ehr.pt p ON p.pt_id = g.pt_id
WHERE g.adm_ts <= localtimestamp
ORDER BY g.adm_ts, g.d, g.k;
SELECT setval(pg_get_serial_sequence('ehr.enc', 'enc_id'), max(enc_id)) FROM ehr.enc;

-- diagnoses
CREATE TABLE ehr.dx (
    dx_id     bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    enc_id    bigint NOT NULL,
    seq       smallint NOT NULL,
    icd10_cd  varchar(8) NOT NULL,
    dx_txt    text NOT NULL,
    poa_flg   char(1),
    UNIQUE (enc_id, seq)
);
COMMENT ON TABLE ehr.dx IS 'Encounter diagnoses (coded, ICD-10-CM)';
COMMENT ON COLUMN ehr.dx.seq IS 'Diagnosis sequence: 1 = principal (primary) diagnosis, 2+ = secondary';
COMMENT ON COLUMN ehr.dx.icd10_cd IS 'ICD-10-CM diagnosis code, with the dot';
COMMENT ON COLUMN ehr.dx.dx_txt IS 'Diagnosis description as coded';
COMMENT ON COLUMN ehr.dx.poa_flg IS 'Present on admission indicator: Y yes, N no, U unknown/undocumented; NULL = exempt';

CREATE TEMP TABLE icd (n int, ward text, code text, txt text);
INSERT INTO icd VALUES
 (1,'MED','J18.9','Pneumonia, unspecified organism'), (2,'MED','A41.9','Sepsis, unspecified organism'),
 (3,'MED','I50.9','Heart failure, unspecified'), (4,'MED','J44.1','Chronic obstructive pulmonary disease with (acute) exacerbation'),
 (5,'MED','N39.0','Urinary tract infection, site not specified'), (6,'MED','N17.9','Acute kidney failure, unspecified'),
 (7,'MED','R55','Syncope and collapse'), (8,'MED','K92.2','Gastrointestinal hemorrhage, unspecified'),
 (9,'MED','J18.9','Pneumonia, unspecified organism'), (10,'MED','A41.9','Sepsis, unspecified organism'),
 (1,'OBSU','R07.9','Chest pain, unspecified'), (2,'OBSU','R55','Syncope and collapse'), (3,'OBSU','R07.9','Chest pain, unspecified'),
 (4,'OBSU','E87.1','Hypo-osmolality and hyponatremia'), (5,'OBSU','R10.9','Unspecified abdominal pain'),
 (1,'CCU','I21.4','Non-ST elevation (NSTEMI) myocardial infarction'), (2,'CCU','I50.9','Heart failure, unspecified'),
 (3,'CCU','I48.91','Unspecified atrial fibrillation'), (4,'CCU','I21.4','Non-ST elevation (NSTEMI) myocardial infarction'),
 (1,'ICU','A41.9','Sepsis, unspecified organism'), (2,'ICU','J96.01','Acute respiratory failure with hypoxia'),
 (3,'ICU','I61.9','Nontraumatic intracerebral hemorrhage, unspecified'), (4,'ICU','A41.9','Sepsis, unspecified organism'),
 (1,'5E','K35.80','Unspecified acute appendicitis'), (2,'5E','K80.20','Calculus of gallbladder without cholecystitis without obstruction'),
 (3,'5E','K56.609','Unspecified intestinal obstruction, unspecified as to partial versus complete obstruction'), (4,'5E','K40.90','Unilateral inguinal hernia, without obstruction or gangrene, not specified as recurrent'),
 (1,'5W','S72.001A','Fracture of unspecified part of neck of right femur, initial encounter'), (2,'5W','M17.11','Unilateral primary osteoarthritis, right knee'),
 (3,'5W','M16.11','Unilateral primary osteoarthritis, right hip'),
 (1,'MAT','O80','Encounter for full-term uncomplicated delivery'), (2,'MAT','O80','Encounter for full-term uncomplicated delivery'),
 (3,'MAT','O34.211','Maternal care for low transverse scar from previous cesarean delivery'),
 (1,'PED','J21.9','Acute bronchiolitis, unspecified'), (2,'PED','J45.901','Unspecified asthma with (acute) exacerbation'),
 (3,'PED','A08.4','Viral intestinal infection, unspecified'),
 (1,'ONC','C34.90','Malignant neoplasm of unspecified part of unspecified bronchus or lung'), (2,'ONC','D70.1','Agranulocytosis secondary to cancer chemotherapy'),
 (3,'ONC','C50.911','Malignant neoplasm of unspecified site of right female breast'), (4,'ONC','C18.9','Malignant neoplasm of colon, unspecified'),
 (1,'SEC','E11.9','Type 2 diabetes mellitus without complications'), (2,'SEC','I10','Essential (primary) hypertension'),
 (3,'SEC','E78.5','Hyperlipidemia, unspecified'), (4,'SEC','I10','Essential (primary) hypertension'),
 (5,'SEC','N18.30','Chronic kidney disease, stage 3 unspecified'), (6,'SEC','E87.1','Hypo-osmolality and hyponatremia'),
 (7,'SEC','F17.210','Nicotine dependence, cigarettes, uncomplicated'), (8,'SEC','E66.9','Obesity, unspecified'),
 (9,'SEC','Z79.4','Long term (current) use of insulin'), (10,'SEC','D64.9','Anemia, unspecified');

INSERT INTO ehr.dx (enc_id, seq, icd10_cd, dx_txt, poa_flg)
SELECT x.enc_id, x.seq, i.code, i.txt,
       CASE WHEN x.rp < 0.85 THEN 'Y' WHEN x.rp < 0.93 THEN 'N' WHEN x.rp < 0.96 THEN 'U' END
FROM (
    SELECT e.enc_id, s.seq, g.grp, pg_temp.u(e.enc_id || 'poa' || s.seq) AS rp,
           CASE WHEN s.seq = 1 THEN 1 + floor(pg_temp.u(e.enc_id || 'dx') * w.cnt)::int
                ELSE 1 + ((floor(pg_temp.u(e.enc_id || 'sx') * 10)::int + 3 * s.seq) % 10) END AS n
    FROM ehr.enc e
    CROSS JOIN LATERAL generate_series(1, 1 + (pg_temp.u(e.enc_id || 'n2') < 0.45)::int + (pg_temp.u(e.enc_id || 'n3') < 0.15)::int) AS s(seq)
    CROSS JOIN LATERAL (SELECT CASE WHEN s.seq > 1 THEN 'SEC' WHEN e.ward_cd IN ('4N', '4S', '6W') THEN 'MED' ELSE e.ward_cd END AS grp) AS g
    JOIN (SELECT ward, count(*) AS cnt FROM icd GROUP BY ward) AS w ON w.ward = g.grp
    WHERE e.stat <> 'cancelled'
    OFFSET 0
) AS x
JOIN icd i ON i.ward = x.grp AND i.n = x.n
ORDER BY x.enc_id, x.seq;

CREATE TABLE ehr.bed_brd (
    bed_id    varchar(10) PRIMARY KEY,
    ward_cd   varchar(6) NOT NULL,
    enc_id    bigint,
    bed_stat  varchar(8) NOT NULL DEFAULT 'CLEAN',
    upd_ts    timestamp(0) NOT NULL DEFAULT localtimestamp
);
COMMENT ON TABLE ehr.bed_brd IS 'Bed board: live status of every staffed bed, rewritten constantly by the ADT interface';
COMMENT ON COLUMN ehr.bed_brd.enc_id IS 'Encounter currently occupying the bed (NULL when free)';
COMMENT ON COLUMN ehr.bed_brd.bed_stat IS 'OCC occupied, CLEAN ready, DIRTY awaiting housekeeping, BLOCKED out of service';

INSERT INTO ehr.bed_brd (bed_id, ward_cd, bed_stat)
SELECT w."WardCode" || '-' || lpad(b::text, 2, '0'), w."WardCode",
       CASE WHEN pg_temp.u(w."WardCode" || b) < 0.06 THEN 'BLOCKED' WHEN pg_temp.u(w."WardCode" || b) < 0.2 THEN 'DIRTY' ELSE 'CLEAN' END
FROM ehr."Ward" w CROSS JOIN LATERAL generate_series(1, w."BedCount") AS b;
-- put the patients now in house into beds of their ward
UPDATE ehr.bed_brd b SET enc_id = o.enc_id, bed_stat = 'OCC'
FROM (SELECT e.enc_id, e.ward_cd, row_number() OVER (PARTITION BY e.ward_cd ORDER BY e.adm_ts, e.enc_id) AS rn
      FROM ehr.enc e WHERE e.stat = 'admitted') o
WHERE o.ward_cd = b.ward_cd AND b.bed_id = o.ward_cd || '-' || lpad(o.rn::text, 2, '0');

-- patients who died in hospital
UPDATE ehr.pt p SET dcsd_dt = d.dt
FROM (SELECT pt_id, max(dsch_ts)::date AS dt FROM ehr.enc WHERE dsch_disp = 'EXP' GROUP BY pt_id) d
WHERE d.pt_id = p.pt_id;

-- ------------------------------------------------------------------ lab
CREATE TYPE lab.ord_stat AS ENUM ('ordered', 'collected', 'resulted', 'corrected', 'cancelled');
COMMENT ON TYPE lab.ord_stat IS 'Lab order status; corrected = result amended after release';

CREATE TABLE lab.tst_cat (
    loinc_cd    varchar(10) PRIMARY KEY,
    short_nm    varchar(12) NOT NULL,
    "LongName"  text NOT NULL,
    unit        varchar(12) NOT NULL,
    ref_lo      numeric(8,3),
    ref_hi      numeric(8,3)
);
COMMENT ON TABLE lab.tst_cat IS 'Lab test catalogue (one row per LOINC-coded analyte)';
COMMENT ON COLUMN lab.tst_cat.loinc_cd IS 'LOINC code of the test';
COMMENT ON COLUMN lab.tst_cat.unit IS 'Default reporting unit';
COMMENT ON COLUMN lab.tst_cat.ref_lo IS 'Lower limit of the adult reference range';
COMMENT ON COLUMN lab.tst_cat.ref_hi IS 'Upper limit of the adult reference range';

INSERT INTO lab.tst_cat VALUES
 ('2951-2',  'Na',     'Sodium [Moles/volume] in Serum or Plasma',              'mmol/L',  135,   145),
 ('2823-3',  'K',      'Potassium [Moles/volume] in Serum or Plasma',           'mmol/L',  3.5,   5.1),
 ('2160-0',  'Creat',  'Creatinine [Mass/volume] in Serum or Plasma',           'mg/dL',   0.6,   1.3),
 ('2345-7',  'Gluc',   'Glucose [Mass/volume] in Serum or Plasma',              'mg/dL',   70,    99),
 ('3094-0',  'BUN',    'Urea nitrogen [Mass/volume] in Serum or Plasma',        'mg/dL',   7,     20),
 ('718-7',   'Hgb',    'Hemoglobin [Mass/volume] in Blood',                     'g/dL',    12,    17.5),
 ('6690-2',  'WBC',    'Leukocytes [#/volume] in Blood by Automated count',     '10*3/uL', 4.5,   11),
 ('777-3',   'Plt',    'Platelets [#/volume] in Blood by Automated count',      '10*3/uL', 150,   400),
 ('10839-9', 'TropI',  'Troponin I.cardiac [Mass/volume] in Serum or Plasma',   'ng/mL',   0,     0.04),
 ('4548-4',  'HbA1c',  'Hemoglobin A1c/Hemoglobin.total in Blood',              '%',       4,     5.6),
 ('6301-6',  'INR',    'INR in Platelet poor plasma by Coagulation assay',      '{INR}',   0.8,   1.2),
 ('2524-7',  'Lactate','Lactate [Moles/volume] in Serum or Plasma',             'mmol/L',  0.5,   2.2),
 ('1742-6',  'ALT',    'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma', 'U/L', 7, 56);

CREATE TABLE lab.panel (
    panel_cd  varchar(6) PRIMARY KEY,
    panel_nm  text NOT NULL
);
COMMENT ON TABLE lab.panel IS 'Orderable lab panels';
INSERT INTO lab.panel VALUES ('BMP', 'Basic metabolic panel'), ('CBC', 'Complete blood count'), ('TROP', 'Troponin I'),
 ('A1C', 'Hemoglobin A1c'), ('COAG', 'Coagulation (PT/INR)'), ('LACT', 'Lactate'), ('LFT', 'Liver function tests');

CREATE TABLE lab.panel_tst (
    panel_cd  varchar(6) NOT NULL REFERENCES lab.panel,
    loinc_cd  varchar(10) NOT NULL REFERENCES lab.tst_cat,
    PRIMARY KEY (panel_cd, loinc_cd)
);
COMMENT ON TABLE lab.panel_tst IS 'Which tests (analytes) each panel reports';
INSERT INTO lab.panel_tst VALUES ('BMP','2951-2'), ('BMP','2823-3'), ('BMP','2160-0'), ('BMP','2345-7'), ('BMP','3094-0'),
 ('CBC','718-7'), ('CBC','6690-2'), ('CBC','777-3'), ('TROP','10839-9'), ('A1C','4548-4'), ('COAG','6301-6'),
 ('LACT','2524-7'), ('LFT','1742-6');

CREATE TABLE lab.lab_ord (
    ord_id       bigint GENERATED BY DEFAULT AS IDENTITY (START WITH 90000001) PRIMARY KEY,
    enc_id       bigint NOT NULL,
    panel_cd     varchar(6) NOT NULL,
    ord_prov_id  integer NOT NULL,
    prio         varchar(4) NOT NULL DEFAULT 'RTN',
    ord_ts       timestamptz NOT NULL,
    coll_ts      timestamptz,
    rslt_ts      timestamptz,
    ord_stat     lab.ord_stat NOT NULL DEFAULT 'ordered'
);
COMMENT ON TABLE lab.lab_ord IS 'Lab orders (requests for a panel during an encounter)';
COMMENT ON COLUMN lab.lab_ord.ord_prov_id IS 'Ordering provider (ehr.prov)';
COMMENT ON COLUMN lab.lab_ord.prio IS 'Priority: STAT urgent, RTN routine';
COMMENT ON COLUMN lab.lab_ord.ord_ts IS 'When the order was placed';
COMMENT ON COLUMN lab.lab_ord.coll_ts IS 'Specimen collection time';
COMMENT ON COLUMN lab.lab_ord.rslt_ts IS 'When the result was released (verified)';

INSERT INTO lab.lab_ord (enc_id, panel_cd, ord_prov_id, prio, ord_ts, coll_ts, rslt_ts, ord_stat)
SELECT z.enc_id, z.panel_cd, z.ord_prov_id, z.prio, z.ord_ts,
       CASE WHEN z.cancel OR z.coll_ts > now() THEN NULL ELSE z.coll_ts END,
       CASE WHEN z.cancel OR z.rslt_ts > now() THEN NULL ELSE z.rslt_ts END,
       CASE WHEN z.cancel THEN 'cancelled'::lab.ord_stat WHEN z.coll_ts > now() THEN 'ordered'
            WHEN z.rslt_ts > now() THEN 'collected' ELSE 'resulted' END
FROM (
    SELECT y.*,
           y.ord_ts + interval '1 minute' * round(CASE WHEN y.prio = 'STAT' THEN 5 + 25 * pg_temp.u(y.k || 'c') ELSE 20 + 160 * pg_temp.u(y.k || 'c') END) AS coll_ts,
           y.ord_ts + interval '1 minute' * round(CASE WHEN y.prio = 'STAT' THEN 5 + 25 * pg_temp.u(y.k || 'c') ELSE 20 + 160 * pg_temp.u(y.k || 'c') END)
                    + interval '1 minute' * round(CASE WHEN y.prio = 'STAT' THEN 18 + 42 * pg_temp.u(y.k || 'r') ELSE 45 + 240 * pg_temp.u(y.k || 'r') END) AS rslt_ts
    FROM (
        SELECT x.enc_id, x.k, x.ord_ts, x.cancel,
               CASE WHEN x.ward_cd = 'CCU' AND x.rp < 0.4 THEN 'TROP' WHEN x.ward_cd = 'OBSU' AND x.rp < 0.3 THEN 'TROP'
                    WHEN x.rp < 0.36 THEN 'BMP' WHEN x.rp < 0.71 THEN 'CBC' WHEN x.rp < 0.79 THEN 'TROP'
                    WHEN x.rp < 0.86 THEN 'A1C' WHEN x.rp < 0.94 THEN 'COAG' ELSE 'LACT' END AS panel_cd,
               CASE WHEN x.rpv < 0.7 THEN x.att_prov_id ELSE 49 + floor(6 * pg_temp.u(x.k || 'ed'))::int END AS ord_prov_id,
               CASE WHEN x.ward_cd IN ('ICU', 'CCU') AND x.rpr < 0.6 THEN 'STAT' WHEN x.rpr < 0.25 THEN 'STAT' ELSE 'RTN' END AS prio
        FROM (
            SELECT e.enc_id, e.ward_cd, e.att_prov_id, e.enc_id || '/' || n AS k,
                   e.adm_ts AT TIME ZONE 'UTC' + pg_temp.u(e.enc_id || '/' || n || 'o')
                        * least(coalesce(e.dsch_ts, localtimestamp) - e.adm_ts, interval '36 hours') AS ord_ts,
                   pg_temp.u(e.enc_id || '/' || n || 'x') < 0.03 AS cancel,
                   pg_temp.u(e.enc_id || '/' || n || 'p') AS rp,
                   pg_temp.u(e.enc_id || '/' || n || 'v') AS rpv,
                   pg_temp.u(e.enc_id || '/' || n || 'q') AS rpr
            FROM ehr.enc e
            CROSS JOIN LATERAL generate_series(1, CASE e.enc_typ
                   WHEN 'IP'  THEN 1 + (pg_temp.u(e.enc_id || 'o2') < 0.35)::int + (pg_temp.u(e.enc_id || 'o3') < 0.10)::int
                   WHEN 'OBS' THEN 1
                   ELSE (pg_temp.u(e.enc_id || 'o1') < 0.6)::int END) AS n
            WHERE e.stat <> 'cancelled'
            OFFSET 0
        ) AS x
        OFFSET 0
    ) AS y
    OFFSET 0
) AS z
ORDER BY z.ord_ts, z.enc_id, z.k;

CREATE SEQUENCE lab.obs_obs_id_seq;
CREATE TABLE lab.obs (
    obs_id    bigint NOT NULL DEFAULT nextval('lab.obs_obs_id_seq'),
    ord_id    bigint NOT NULL,
    pt_id     integer NOT NULL,
    loinc_cd  varchar(10) NOT NULL,
    val_num   numeric(10,3),
    val_txt   text,
    unit      varchar(12),
    abn_flg   char(1),
    obs_ts    timestamptz NOT NULL,
    PRIMARY KEY (obs_id, obs_ts)
) PARTITION BY RANGE (obs_ts);
ALTER SEQUENCE lab.obs_obs_id_seq OWNED BY lab.obs.obs_id;
COMMENT ON TABLE lab.obs IS 'Lab results (observations): one row per analyte resulted, partitioned by year of obs_ts';
COMMENT ON COLUMN lab.obs.ord_id IS 'Lab order that produced the result (lab.lab_ord)';
COMMENT ON COLUMN lab.obs.pt_id IS 'Patient (ehr.pt), copied from the order''s encounter';
COMMENT ON COLUMN lab.obs.loinc_cd IS 'LOINC code of the test (lab.tst_cat)';
COMMENT ON COLUMN lab.obs.val_num IS 'Numeric result value, in the unit of the unit column';
COMMENT ON COLUMN lab.obs.val_txt IS 'Text result or specimen comment (e.g. HEMOLYZED); val_num is NULL then';
COMMENT ON COLUMN lab.obs.unit IS 'Unit of val_num as sent by the performing lab (send-out results may differ from the catalogue unit)';
COMMENT ON COLUMN lab.obs.abn_flg IS 'Abnormal flag: H above, L below the reference range; NULL normal or not flagged';
COMMENT ON COLUMN lab.obs.obs_ts IS 'Observation (result) time';

DO $$
DECLARE y int;
BEGIN
    FOR y IN 2023 .. extract(year FROM now())::int + 1 LOOP
        EXECUTE format('CREATE TABLE lab.obs_%s PARTITION OF lab.obs FOR VALUES FROM (%L) TO (%L)',
                       y, make_date(y, 1, 1)::timestamptz, make_date(y + 1, 1, 1)::timestamptz);
    END LOOP;
END $$;
CREATE TABLE lab.obs_dflt PARTITION OF lab.obs DEFAULT;

INSERT INTO lab.obs (ord_id, pt_id, loinc_cd, val_num, val_txt, unit, abn_flg, obs_ts)
SELECT v.ord_id, v.pt_id, v.loinc_cd,
       CASE WHEN v.bad THEN NULL WHEN v.mmol THEN round(v.val / 18.016, 1) ELSE v.val END,
       CASE WHEN v.bad THEN 'HEMOLYZED' END,
       CASE WHEN v.mmol THEN 'mmol/L' ELSE v.unit END,
       CASE WHEN v.bad OR v.mmol THEN NULL WHEN v.val > v.ref_hi THEN 'H' WHEN v.val < v.ref_lo THEN 'L' END,
       v.rslt_ts
FROM (
    SELECT o.ord_id, e.pt_id, t.loinc_cd, t.unit, t.ref_lo, t.ref_hi, o.rslt_ts,
           t.loinc_cd = '2823-3' AND pg_temp.u(o.ord_id || 'hem') < 0.012 AS bad,
           t.loinc_cd = '2345-7' AND pg_temp.u(o.ord_id || 'so') < 0.08 AS mmol,
           -- approximately normal: sum of three uniforms
           (SELECT round(CASE t.loinc_cd
                    WHEN '2951-2'  THEN 139 + 3.2 * z
                    WHEN '2823-3'  THEN 4.2 + 0.5 * z
                    WHEN '2160-0'  THEN 0.75 * exp(0.35 * z) + CASE WHEN e.ward_cd = 'ICU' THEN 0.5 ELSE 0 END
                    WHEN '2345-7'  THEN 118 + 32 * z
                    WHEN '3094-0'  THEN 16 + 4.5 * z
                    WHEN '718-7'   THEN CASE WHEN p.sex = 'F' THEN 12.4 ELSE 13.9 END + 1.5 * z - CASE WHEN e.ward_cd = 'ONC' THEN 1.6 ELSE 0 END
                    WHEN '6690-2'  THEN 8.2 * exp(0.3 * z)
                    WHEN '777-3'   THEN 245 + 70 * z
                    WHEN '10839-9' THEN CASE WHEN e.ward_cd = 'CCU' THEN 0.9 * exp(1.1 * z) ELSE 0.012 * exp(0.9 * z) END
                    WHEN '4548-4'  THEN 6.1 + 1.1 * z
                    WHEN '6301-6'  THEN greatest(0.8, 1.1 + 0.25 * z)
                    WHEN '2524-7'  THEN 1.6 * exp(0.45 * z) + CASE WHEN e.ward_cd = 'ICU' THEN 1.2 ELSE 0 END
                    ELSE 30 + 10 * z END::numeric, CASE WHEN t.loinc_cd IN ('2951-2', '2345-7', '3094-0', '777-3') THEN 0
                                                         WHEN t.loinc_cd IN ('10839-9') THEN 3 WHEN t.loinc_cd = '2160-0' THEN 2 ELSE 1 END)
            FROM (SELECT (pg_temp.u(o.ord_id || t.loinc_cd || 'a') + pg_temp.u(o.ord_id || t.loinc_cd || 'b')
                          + pg_temp.u(o.ord_id || t.loinc_cd || 'c') - 1.5) * 2 AS z) AS zz) AS val
    FROM lab.lab_ord o
    JOIN lab.panel_tst pt ON pt.panel_cd = o.panel_cd
    JOIN lab.tst_cat t ON t.loinc_cd = pt.loinc_cd
    JOIN ehr.enc e ON e.enc_id = o.enc_id
    JOIN ehr.pt p ON p.pt_id = e.pt_id
    WHERE o.ord_stat = 'resulted'
) AS v
ORDER BY v.rslt_ts, v.ord_id, v.loinc_cd;

-- ------------------------------------------------------------------ constraints and indexes (added after the load)
ALTER TABLE ehr.pt ADD CONSTRAINT pt_mrn_key UNIQUE (mrn);
ALTER TABLE ehr.pt ADD CONSTRAINT pt_sex_check CHECK (sex IN ('F', 'M', 'U'));
ALTER TABLE ehr.enc ADD CONSTRAINT enc_pt_fk FOREIGN KEY (pt_id) REFERENCES ehr.pt (pt_id);
ALTER TABLE ehr.enc ADD CONSTRAINT enc_ward_fk FOREIGN KEY (ward_cd) REFERENCES ehr."Ward" ("WardCode");
ALTER TABLE ehr.enc ADD CONSTRAINT enc_att_prov_fk FOREIGN KEY (att_prov_id) REFERENCES ehr.prov (prov_id);
ALTER TABLE ehr.enc ADD CONSTRAINT enc_typ_check CHECK (enc_typ IN ('IP', 'OBS', 'DS'));
ALTER TABLE ehr.enc ADD CONSTRAINT enc_dates_check CHECK (dsch_ts IS NULL OR dsch_ts >= adm_ts);
ALTER TABLE ehr.dx ADD CONSTRAINT dx_enc_fk FOREIGN KEY (enc_id) REFERENCES ehr.enc (enc_id) ON DELETE CASCADE;
ALTER TABLE ehr.bed_brd ADD CONSTRAINT bed_brd_ward_fk FOREIGN KEY (ward_cd) REFERENCES ehr."Ward" ("WardCode");
ALTER TABLE ehr.bed_brd ADD CONSTRAINT bed_brd_enc_fk FOREIGN KEY (enc_id) REFERENCES ehr.enc (enc_id);
ALTER TABLE lab.lab_ord ADD CONSTRAINT lab_ord_enc_fk FOREIGN KEY (enc_id) REFERENCES ehr.enc (enc_id);
ALTER TABLE lab.lab_ord ADD CONSTRAINT lab_ord_panel_fk FOREIGN KEY (panel_cd) REFERENCES lab.panel (panel_cd);
ALTER TABLE lab.lab_ord ADD CONSTRAINT lab_ord_prov_fk FOREIGN KEY (ord_prov_id) REFERENCES ehr.prov (prov_id);
ALTER TABLE lab.obs ADD CONSTRAINT obs_ord_fk FOREIGN KEY (ord_id) REFERENCES lab.lab_ord (ord_id);
ALTER TABLE lab.obs ADD CONSTRAINT obs_pt_fk FOREIGN KEY (pt_id) REFERENCES ehr.pt (pt_id);
ALTER TABLE lab.obs ADD CONSTRAINT obs_loinc_fk FOREIGN KEY (loinc_cd) REFERENCES lab.tst_cat (loinc_cd);

CREATE INDEX ix_pt_nm ON ehr.pt (last_nm, first_nm);
CREATE INDEX ix_enc_pt ON ehr.enc (pt_id);
CREATE INDEX ix_enc_adm_ts ON ehr.enc (adm_ts);
CREATE INDEX ix_enc_ward_adm ON ehr.enc (ward_cd, adm_ts);
CREATE INDEX ix_enc_inhouse ON ehr.enc (ward_cd) WHERE stat = 'admitted';
CREATE INDEX ix_dx_enc ON ehr.dx (enc_id);
CREATE INDEX ix_dx_icd ON ehr.dx (icd10_cd);
CREATE INDEX ix_dx_txt ON ehr.dx (dx_txt) WITH (deduplicate_items = off);  -- V7: coders' search screen (never shipped); built before PG13, so no dedup
CREATE INDEX ix_bed_brd_ward ON ehr.bed_brd (ward_cd);
CREATE INDEX ix_lab_ord_enc ON lab.lab_ord (enc_id);
CREATE INDEX ix_lab_ord_open ON lab.lab_ord (ord_ts) WHERE ord_stat IN ('ordered', 'collected');
CREATE INDEX ix_lab_ord_rslt ON lab.lab_ord (rslt_ts);
CREATE INDEX ix_obs_pt ON lab.obs (pt_id, obs_ts);
CREATE INDEX ix_obs_loinc ON lab.obs (loinc_cd, obs_ts);
CREATE INDEX ix_obs_ord ON lab.obs (ord_id);
-- (no index on lab.lab_ord.ord_prov_id nor on ehr.enc.att_prov_id)

-- the lab interface rewrites orders all day; autovacuum was switched off on it during the 2024 migration
ALTER TABLE lab.lab_ord SET (autovacuum_enabled = false);

-- ------------------------------------------------------------------ views
CREATE VIEW ehr.v_enc_los AS
SELECT e.enc_id, e.pt_id, e.ward_cd, w."WardName" AS ward_nm, e.enc_typ, e.adm_ts, e.dsch_ts, e.dsch_disp,
       round(extract(epoch FROM e.dsch_ts - e.adm_ts) / 3600.0, 1) AS los_hrs
FROM ehr.enc e
JOIN ehr."Ward" w ON w."WardCode" = e.ward_cd
WHERE e.dsch_ts IS NOT NULL;
COMMENT ON VIEW ehr.v_enc_los IS 'Completed encounters with their length of stay (LOS) in hours';

CREATE MATERIALIZED VIEW lab.mv_obs_mo AS
SELECT date_trunc('month', o.obs_ts AT TIME ZONE 'UTC')::date AS mo, o.loinc_cd, t.short_nm,
       count(*) AS n_obs, round(avg(o.val_num), 3) AS avg_val,
       count(*) FILTER (WHERE o.abn_flg IS NOT NULL) AS n_abn
FROM lab.obs o JOIN lab.tst_cat t USING (loinc_cd)
WHERE o.unit = t.unit
GROUP BY 1, 2, 3;
CREATE UNIQUE INDEX ix_mv_obs_mo ON lab.mv_obs_mo (mo, loinc_cd);
COMMENT ON MATERIALIZED VIEW lab.mv_obs_mo IS 'Monthly lab volume and mean value per test (catalogue unit only); refreshed nightly';

ANALYZE;

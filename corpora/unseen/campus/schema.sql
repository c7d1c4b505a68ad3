-- Campus student-records database (registry + finance + HR extract)
-- Grew over years: registry ("sis"), bursary/finance ("fin"), HR feed ("hr"), plus legacy bits in public.
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
SELECT setseed(0.42);

CREATE SCHEMA sis;
CREATE SCHEMA fin;
CREATE SCHEMA hr;
COMMENT ON SCHEMA sis IS 'Student Information System: registry data (students, programmes, courses, sections, enrolments).';
COMMENT ON SCHEMA fin IS 'Student finance / bursary: invoices, payments, scholarships. Amounts in GBP.';
COMMENT ON SCHEMA hr  IS 'Nightly HR extract: academic departments and teaching staff.';

CREATE TYPE sis.award_lvl AS ENUM ('CERT', 'UG', 'PGT', 'PGR');
COMMENT ON TYPE sis.award_lvl IS 'Award level: CERT=short certificate, UG=undergraduate degree, PGT=taught postgraduate (MSc/MA/MBA), PGR=research postgraduate (PhD).';
CREATE TYPE fin.pay_meth AS ENUM ('card', 'bacs', 'cheque', 'cash', 'sponsor', 'intl_wire');
COMMENT ON TYPE fin.pay_meth IS 'Payment channel. bacs = UK bank transfer; sponsor = paid directly by an employer/government sponsor; intl_wire = international bank transfer.';

-------------------------------------------------------------------------------
-- HR
-------------------------------------------------------------------------------
CREATE TABLE hr.dept (
    dept_cd  char(4) PRIMARY KEY,
    dept_nm  varchar(80) NOT NULL,
    fac_nm   varchar(60) NOT NULL,
    hod_id   integer,
    bldg     varchar(30)
);
COMMENT ON TABLE hr.dept IS 'Academic departments.';
COMMENT ON COLUMN hr.dept.dept_cd IS 'Department code, also used as course subject prefix.';
COMMENT ON COLUMN hr.dept.fac_nm IS 'Faculty the department belongs to.';
COMMENT ON COLUMN hr.dept.hod_id IS 'Head of department: hr.instr.instr_id (no FK because of load order in the HR feed).';

CREATE TABLE hr.instr (
    instr_id  integer PRIMARY KEY,
    dept_cd   char(4) NOT NULL REFERENCES hr.dept(dept_cd),
    fnm       varchar(40) NOT NULL,
    lnm       varchar(40) NOT NULL,
    rnk       char(2) NOT NULL,
    hire_dt   date NOT NULL,
    term_dt   date,
    fte       numeric(3,2) NOT NULL DEFAULT 1.00,
    "eMail"   varchar(120)
);
COMMENT ON TABLE hr.instr IS 'Teaching staff (instructors / lecturers).';
COMMENT ON COLUMN hr.instr.fnm IS 'First name.';
COMMENT ON COLUMN hr.instr.lnm IS 'Last name.';
COMMENT ON COLUMN hr.instr.rnk IS 'Academic rank: PR=Professor, AP=Associate Professor, SL=Senior Lecturer, LE=Lecturer, AD=Adjunct/sessional teacher, EM=Emeritus.';
COMMENT ON COLUMN hr.instr.hire_dt IS 'Date of appointment.';
COMMENT ON COLUMN hr.instr.term_dt IS 'Date employment ended (left the university). NULL = still employed.';
COMMENT ON COLUMN hr.instr.fte IS 'Full-time equivalent (1.00 = full time).';
COMMENT ON COLUMN hr.instr."eMail" IS 'Work e-mail (column name kept from the old HR system).';

-------------------------------------------------------------------------------
-- Registry
-------------------------------------------------------------------------------
CREATE TABLE sis.prog (
    prog_id    smallint PRIMARY KEY,
    prog_cd    varchar(10) NOT NULL UNIQUE,
    prog_title varchar(100) NOT NULL,
    lvl        sis.award_lvl NOT NULL,
    dept_cd    char(4) NOT NULL REFERENCES hr.dept(dept_cd),
    cr_req     smallint NOT NULL,
    is_active  boolean NOT NULL DEFAULT true
);
COMMENT ON TABLE sis.prog IS 'Degree programmes (courses of study a student is admitted to).';
COMMENT ON COLUMN sis.prog.dept_cd IS 'Home (administering) department.';
COMMENT ON COLUMN sis.prog.cr_req IS 'Credits required to complete the award.';
COMMENT ON COLUMN sis.prog.is_active IS 'false = closed to new admissions.';

CREATE TABLE sis.term (
    term_cd   char(5) PRIMARY KEY,
    term_seq  smallint NOT NULL UNIQUE,
    ay        char(7) NOT NULL,
    start_dt  date NOT NULL,
    census_dt date NOT NULL,
    end_dt    date NOT NULL
);
COMMENT ON TABLE sis.term IS 'Academic terms.';
COMMENT ON COLUMN sis.term.term_cd IS 'YYYY + season letter: S = Spring (Jan-May), U = Summer (Jun-Aug), F = Fall (late Aug-Dec). E.g. 2025F = Fall 2025.';
COMMENT ON COLUMN sis.term.ay IS 'Academic year the term belongs to, e.g. 2024-25 = Fall 2024 + Spring 2025 + Summer 2025.';
COMMENT ON COLUMN sis.term.census_dt IS 'Census date: drops before this date are not billed and leave no grade.';

CREATE TABLE sis.crs (
    crs_id    integer PRIMARY KEY,
    subj      char(4) NOT NULL REFERENCES hr.dept(dept_cd),
    cat_no    varchar(5) NOT NULL,
    crs_title varchar(120) NOT NULL,
    cr        smallint NOT NULL,
    lvl       smallint NOT NULL,
    grd_basis char(1) NOT NULL DEFAULT 'L',
    UNIQUE (subj, cat_no)
);
COMMENT ON TABLE sis.crs IS 'Course catalogue (modules).';
COMMENT ON COLUMN sis.crs.subj IS 'Subject prefix = owning department code. Course code is subj || '' '' || cat_no, e.g. COMP 210.';
COMMENT ON COLUMN sis.crs.cat_no IS 'Catalogue number.';
COMMENT ON COLUMN sis.crs.cr IS 'Credit value of the course.';
COMMENT ON COLUMN sis.crs.lvl IS 'Level: 1-4 = undergraduate year level, 7 = postgraduate.';
COMMENT ON COLUMN sis.crs.grd_basis IS 'L = letter graded, P = pass/fail only (grades P / NP).';

CREATE TABLE sis.sect (
    sect_id   integer PRIMARY KEY,
    crs_id    integer NOT NULL REFERENCES sis.crs(crs_id),
    term_cd   char(5) NOT NULL REFERENCES sis.term(term_cd),
    sec_no    smallint NOT NULL,
    instr_id  integer REFERENCES hr.instr(instr_id),
    cap       smallint NOT NULL,
    mode_cd   char(1) NOT NULL,
    room      varchar(20),
    mtg       jsonb,
    UNIQUE (crs_id, term_cd, sec_no)
);
COMMENT ON TABLE sis.sect IS 'Course sections (a course offered in a given term).';
COMMENT ON COLUMN sis.sect.sec_no IS 'Section number within course and term (1, 2, ...).';
COMMENT ON COLUMN sis.sect.instr_id IS 'Instructor of record. NULL = not yet assigned (TBA).';
COMMENT ON COLUMN sis.sect.cap IS 'Enrolment capacity (seats).';
COMMENT ON COLUMN sis.sect.mode_cd IS 'Delivery mode: P = in person, O = fully online, H = hybrid.';
COMMENT ON COLUMN sis.sect.room IS 'Room code; NULL for online sections.';
COMMENT ON COLUMN sis.sect.mtg IS 'Meeting pattern, e.g. {"days":"MWF","start":"09:00","mins":50}; NULL for online sections.';

CREATE TABLE sis.stu (
    stu_id     integer PRIMARY KEY,
    matric_no  char(9) NOT NULL UNIQUE,
    gvn_nm     varchar(40) NOT NULL,
    fam_nm     varchar(40) NOT NULL,
    dob        date NOT NULL,
    prog_id    smallint NOT NULL REFERENCES sis.prog(prog_id),
    entry_term char(5) NOT NULL REFERENCES sis.term(term_cd),
    stat       char(1) NOT NULL DEFAULT 'A',
    fee_cat    char(1) NOT NULL,
    contact    jsonb,
    grad_dt    date,
    created_at timestamptz NOT NULL
);
COMMENT ON TABLE sis.stu IS 'Students (one row per student record).';
COMMENT ON COLUMN sis.stu.matric_no IS 'Matriculation (student) number printed on the ID card.';
COMMENT ON COLUMN sis.stu.gvn_nm IS 'Given name.';
COMMENT ON COLUMN sis.stu.fam_nm IS 'Family name.';
COMMENT ON COLUMN sis.stu.prog_id IS 'Current programme of study.';
COMMENT ON COLUMN sis.stu.entry_term IS 'Term of first enrolment.';
COMMENT ON COLUMN sis.stu.stat IS 'Record status: A = active, L = on approved leave of absence, S = suspended, W = withdrawn (left without completing), G = graduated.';
COMMENT ON COLUMN sis.stu.fee_cat IS 'Fee category: H = home (domestic) fees, I = international fees, E = exchange student (tuition waived, pays only fees/housing).';
COMMENT ON COLUMN sis.stu.contact IS 'Contact details as JSON: email, phone, addr {city, country}.';
COMMENT ON COLUMN sis.stu.grad_dt IS 'Date the award was conferred; NULL = not graduated.';

CREATE TABLE sis.grd_pts (
    grd        varchar(2) PRIMARY KEY,
    pts        numeric(3,2),
    in_gpa     boolean NOT NULL
);
COMMENT ON TABLE sis.grd_pts IS 'Grade-point scale used for GPA.';
COMMENT ON COLUMN sis.grd_pts.in_gpa IS 'Whether the grade counts towards GPA.';

CREATE TABLE sis.enrol (
    enr_id   bigint PRIMARY KEY,
    stu_id   integer NOT NULL REFERENCES sis.stu(stu_id),
    sect_id  integer NOT NULL REFERENCES sis.sect(sect_id),
    term_cd  char(5) NOT NULL,
    reg_ts   timestamptz NOT NULL,
    st       char(1) NOT NULL,
    drop_dt  date,
    grd      varchar(2),
    grd_dt   date
);
COMMENT ON TABLE sis.enrol IS 'Course enrolments (student in a section). term_cd is copied from the section for reporting.';
COMMENT ON COLUMN sis.enrol.reg_ts IS 'When the student registered.';
COMMENT ON COLUMN sis.enrol.st IS 'Enrolment status: R = registered (counts as taking the course), D = dropped before census date (not billed, no grade), X = stayed on the waitlist and never got a seat.';
COMMENT ON COLUMN sis.enrol.drop_dt IS 'Date dropped; only set when st = D.';
COMMENT ON COLUMN sis.enrol.grd IS 'Final grade. Letter grades A, A-, B+, B, B-, C+, C, C-, D, F (F = fail); P / NP = pass / not pass on pass-fail courses; W = withdrew after the census date (recorded, no credit, not in GPA); I = incomplete (work outstanding). NULL = not graded yet (term in progress) or not registered.';
COMMENT ON COLUMN sis.enrol.grd_dt IS 'Date the grade was posted.';
CREATE INDEX ix_enrol_stu ON sis.enrol (stu_id);
CREATE INDEX ix_enrol_term ON sis.enrol (term_cd);

-- legacy advising table from the old (pre-2020) system, never normalised
CREATE TABLE public."StuAdvisor" (
    stu_id    integer NOT NULL,
    instr_id  integer NOT NULL,
    eff_from  date NOT NULL,
    eff_to    date,
    "Notes"   text
);
COMMENT ON TABLE public."StuAdvisor" IS 'Personal tutor / academic advisor assignments (legacy table). stu_id -> sis.stu, instr_id -> hr.instr (no FKs declared).';
COMMENT ON COLUMN public."StuAdvisor".eff_to IS 'Last day of the assignment; NULL = current advisor.';

-------------------------------------------------------------------------------
-- Finance
-------------------------------------------------------------------------------
CREATE TABLE fin.inv (
    inv_no     integer PRIMARY KEY,
    stu_id     integer NOT NULL,
    term_cd    char(5) NOT NULL,
    inv_typ    char(3) NOT NULL,
    issued_dt  date NOT NULL,
    due_dt     date NOT NULL,
    amt_cents  bigint NOT NULL,
    stat       varchar(2) NOT NULL
);
COMMENT ON TABLE fin.inv IS 'Student invoices (bills).';
COMMENT ON COLUMN fin.inv.stu_id IS 'Billed student: sis.stu.stu_id (no FK: finance loads before registry sync).';
COMMENT ON COLUMN fin.inv.term_cd IS 'Term the charge relates to (sis.term).';
COMMENT ON COLUMN fin.inv.inv_typ IS 'Charge type: TUI = tuition, FEE = student services & technology fee, HSG = university housing (rent), LAT = late-payment penalty.';
COMMENT ON COLUMN fin.inv.amt_cents IS 'Invoice amount in pence (GBP x 100).';
COMMENT ON COLUMN fin.inv.stat IS 'Invoice status: O = open (nothing paid), PP = part paid, P = paid in full, V = void (cancelled, ignore in totals), WO = written off as bad debt.';

CREATE SEQUENCE fin.pmt_id_seq;
CREATE TABLE fin.pmt (
    pmt_id   bigint NOT NULL DEFAULT nextval('fin.pmt_id_seq'),
    inv_no   integer NOT NULL REFERENCES fin.inv(inv_no),
    pmt_ts   timestamptz NOT NULL,
    amt      numeric(10,2) NOT NULL,
    meth     fin.pay_meth NOT NULL,
    gw       jsonb,
    rev_flg  boolean NOT NULL DEFAULT false,
    PRIMARY KEY (pmt_id, pmt_ts)
) PARTITION BY RANGE (pmt_ts);
COMMENT ON TABLE fin.pmt IS 'Payments received against invoices. Partitioned by payment year.';
COMMENT ON COLUMN fin.pmt.amt IS 'Amount received in GBP (pounds, not pence).';
COMMENT ON COLUMN fin.pmt.gw IS 'Card gateway payload (psp, brand, last4, auth); NULL for non-card payments.';
COMMENT ON COLUMN fin.pmt.rev_flg IS 'true = payment was reversed (chargeback / bounced); money was NOT kept, exclude from receipts.';
CREATE TABLE fin.pmt_old  PARTITION OF fin.pmt FOR VALUES FROM (MINVALUE) TO ('2024-01-01');
CREATE TABLE fin.pmt_2024 PARTITION OF fin.pmt FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE fin.pmt_2025 PARTITION OF fin.pmt FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE TABLE fin.pmt_2026 PARTITION OF fin.pmt FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
CREATE TABLE fin.pmt_dflt PARTITION OF fin.pmt DEFAULT;
CREATE INDEX ix_pmt_inv ON fin.pmt (inv_no);

CREATE TABLE fin.schol (
    schol_cd  varchar(10) PRIMARY KEY,
    schol_nm  varchar(80) NOT NULL,
    sponsor   varchar(60) NOT NULL,
    max_amt   numeric(9,2) NOT NULL,
    crit      jsonb NOT NULL
);
COMMENT ON TABLE fin.schol IS 'Scholarship / bursary schemes.';
COMMENT ON COLUMN fin.schol.max_amt IS 'Maximum award per academic year, GBP.';
COMMENT ON COLUMN fin.schol.crit IS 'Eligibility rules as JSON (levels, fee_cat, depts, min_gpa, renewable, means_tested).';

CREATE TABLE fin.award (
    award_id    integer PRIMARY KEY,
    stu_id      integer NOT NULL REFERENCES sis.stu(stu_id),
    schol_cd    varchar(10) NOT NULL REFERENCES fin.schol(schol_cd),
    ay          char(7) NOT NULL,
    amt         numeric(9,2) NOT NULL,
    st          char(1) NOT NULL,
    decided_dt  date
);
COMMENT ON TABLE fin.award IS 'Scholarship awards to students, per academic year.';
COMMENT ON COLUMN fin.award.ay IS 'Academic year, e.g. 2024-25.';
COMMENT ON COLUMN fin.award.amt IS 'Amount offered, GBP.';
COMMENT ON COLUMN fin.award.st IS 'O = offered, awaiting reply; A = accepted (being paid); D = declined by student; R = revoked by the university.';
COMMENT ON COLUMN fin.award.decided_dt IS 'Date the student accepted/declined or the award was revoked; NULL while still only offered.';

-------------------------------------------------------------------------------
-- Reference data
-------------------------------------------------------------------------------
INSERT INTO hr.dept (dept_cd, dept_nm, fac_nm, bldg) VALUES
 ('MATH','Mathematics','Science','Newton Bldg'),
 ('PHYS','Physics','Science','Newton Bldg'),
 ('CHEM','Chemistry','Science','Dalton Labs'),
 ('BIOL','Biology','Science','Darwin Bldg'),
 ('COMP','Computer Science','Engineering','Turing Centre'),
 ('ELEC','Electrical Engineering','Engineering','Faraday Wing'),
 ('MECH','Mechanical Engineering','Engineering','Faraday Wing'),
 ('ECON','Economics','Social Sciences','Keynes House'),
 ('PSYC','Psychology','Social Sciences','Keynes House'),
 ('HIST','History','Arts & Humanities','Old Quad'),
 ('ENGL','English Literature','Arts & Humanities','Old Quad'),
 ('BUSN','Business School','Business','Commerce Tower');

INSERT INTO sis.prog VALUES
 (1,'BSC-MATH','BSc Mathematics','UG','MATH',360,true),
 (2,'BSC-PHYS','BSc Physics','UG','PHYS',360,true),
 (3,'BSC-CHEM','BSc Chemistry','UG','CHEM',360,true),
 (4,'BSC-BIOL','BSc Biology','UG','BIOL',360,true),
 (5,'BSC-COMP','BSc Computer Science','UG','COMP',360,true),
 (6,'MENG-EE','MEng Electrical Engineering','UG','ELEC',480,true),
 (7,'MENG-ME','MEng Mechanical Engineering','UG','MECH',480,true),
 (8,'BA-ECON','BA Economics','UG','ECON',360,true),
 (9,'BSC-PSYC','BSc Psychology','UG','PSYC',360,true),
 (10,'BA-HIST','BA History','UG','HIST',360,true),
 (11,'BA-ENGL','BA English Literature','UG','ENGL',360,true),
 (12,'BBA','Bachelor of Business Administration','UG','BUSN',360,true),
 (13,'MSC-DS','MSc Data Science','PGT','COMP',180,true),
 (14,'MSC-FIN','MSc Finance','PGT','BUSN',180,true),
 (15,'MBA','Master of Business Administration','PGT','BUSN',180,true),
 (16,'MA-HIST','MA History','PGT','HIST',180,true),
 (17,'MSC-EE','MSc Electrical Power Systems','PGT','ELEC',180,true),
 (18,'PHD-PHYS','PhD Physics','PGR','PHYS',540,true),
 (19,'PHD-COMP','PhD Computer Science','PGR','COMP',540,true),
 (20,'PHD-BIOL','PhD Biology','PGR','BIOL',540,true),
 (21,'CERT-BA','Certificate in Business Analytics','CERT','BUSN',60,true),
 (22,'BSC-AMTH','BSc Applied Mathematics (closed)','UG','MATH',360,false);

INSERT INTO sis.term (term_cd, term_seq, ay, start_dt, census_dt, end_dt)
SELECT y || s.l,
       (y - 2023) * 3 + s.o,
       CASE WHEN s.l = 'F' THEN y || '-' || lpad(((y + 1) % 100)::text, 2, '0')
            ELSE (y - 1) || '-' || lpad((y % 100)::text, 2, '0') END,
       make_date(y, s.sm, s.sd),
       make_date(y, s.sm, s.sd) + 14,
       make_date(y, s.em, s.ed)
FROM generate_series(2023, 2026) y
CROSS JOIN (VALUES ('S',1,1,9,5,12), ('U',2,6,1,8,14), ('F',3,8,31,12,18)) s(l,o,sm,sd,em,ed);

INSERT INTO sis.grd_pts VALUES
 ('A',4.00,true),('A-',3.70,true),('B+',3.30,true),('B',3.00,true),('B-',2.70,true),
 ('C+',2.30,true),('C',2.00,true),('C-',1.70,true),('D',1.00,true),('F',0.00,true),
 ('P',NULL,false),('NP',NULL,false),('W',NULL,false),('I',NULL,false);

INSERT INTO fin.schol VALUES
 ('VC-EXC','Vice-Chancellor''s Excellence Award','University',5000,'{"levels":["UG"],"min_gpa":3.7,"renewable":true}'),
 ('INTL-MER','International Merit Scholarship','University',3000,'{"fee_cat":["I"],"min_gpa":3.3,"renewable":true}'),
 ('STEM-W','Women in STEM Bursary','Alumni Fund',2000,'{"depts":["COMP","ELEC","MECH","PHYS","MATH"],"renewable":false}'),
 ('HARDSHIP','Hardship Fund','Students'' Union',1000,'{"means_tested":true,"renewable":false}'),
 ('SPORT','Sports Scholarship','Athletics Club',1500,'{"renewable":true}'),
 ('PGR-STP','Doctoral Stipend Top-up','Research Council',19000,'{"levels":["PGR"],"renewable":true}'),
 ('BUS-ALUM','Business Alumni Award','Business School Alumni',2500,'{"depts":["BUSN","ECON"],"renewable":false}'),
 ('FIRSTGEN','First Generation Scholarship','Anonymous donor',1200,'{"means_tested":true,"renewable":true}');

-- name pools
CREATE TEMP TABLE tmp_fn (i int, n text);
INSERT INTO tmp_fn SELECT ordinality, n FROM unnest(ARRAY[
 'Oliver','Amelia','Noah','Olivia','Liam','Isla','Arjun','Priya','Wei','Mei','Mohammed','Fatima','Lucas','Sofia',
 'Ethan','Chloe','Jack','Emily','Harry','Grace','Daniel','Hannah','Samuel','Zara','Kwame','Ama','Diego','Lucia',
 'Yusuf','Aisha','Tom','Ella','Ben','Ruby','Omar','Leila','Hiroshi','Yuki','Pierre','Camille']) WITH ORDINALITY AS t(n, ordinality);
CREATE TEMP TABLE tmp_ln (i int, n text);
INSERT INTO tmp_ln SELECT ordinality, n FROM unnest(ARRAY[
 'Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Wright','Khan','Walker','Evans',
 'Thomas','Roberts','Green','Hall','Wood','Chen','Wang','Li','Singh','Ahmed','Hughes','Clarke','Lewis','Edwards',
 'Harris','Martin','Garcia','Okafor','Mensah','Nakamura','Dubois','Rossi','Murphy','Kelly','Campbell','Stewart','Moore',
 'Young','King','Baker','Hill','Scott','Adams','Mitchell','Turner','Phillips','Cooper']) WITH ORDINALITY AS t(n, ordinality);

-------------------------------------------------------------------------------
-- Instructors: 15 per department
-------------------------------------------------------------------------------
INSERT INTO hr.instr (instr_id, dept_cd, fnm, lnm, rnk, hire_dt, term_dt, fte, "eMail")
SELECT id, d.dept_cd, f.n, l.n, rk,
       hd,
       CASE WHEN r4 < 0.10 THEN date '2023-03-01' + (r5 * 1300)::int END,
       CASE WHEN rk = 'AD' THEN 0.50 WHEN r5 < 0.1 THEN 0.80 ELSE 1.00 END,
       lower(f.n) || '.' || lower(l.n) || id::text || '@campus.ac.uk'
FROM (
  SELECT 2000 + g AS id, g, random() r1, random() r2, random() r3, random() r4, random() r5
  FROM generate_series(1, 180) g
) x
JOIN (SELECT dept_cd, row_number() OVER (ORDER BY dept_cd) - 1 AS k FROM hr.dept) d ON d.k = (x.g - 1) % 12
JOIN tmp_fn f ON f.i = 1 + floor(x.r1 * 40)::int
JOIN tmp_ln l ON l.i = 1 + floor(x.r2 * 50)::int
CROSS JOIN LATERAL (SELECT CASE WHEN x.r3 < 0.18 THEN 'PR' WHEN x.r3 < 0.38 THEN 'AP' WHEN x.r3 < 0.55 THEN 'SL'
                               WHEN x.r3 < 0.82 THEN 'LE' WHEN x.r3 < 0.97 THEN 'AD' ELSE 'EM' END AS rk,
                          date '1992-01-01' + (x.r4 * 11600)::int AS hd) z
ORDER BY id;
-- keep termination after hire, and emeriti retired before the data window
UPDATE hr.instr SET term_dt = NULL WHERE term_dt <= hire_dt;

UPDATE hr.dept d SET hod_id = (SELECT i.instr_id FROM hr.instr i WHERE i.dept_cd = d.dept_cd AND i.rnk = 'PR' AND i.term_dt IS NULL ORDER BY i.hire_dt LIMIT 1);

-------------------------------------------------------------------------------
-- Courses: 20 per department (16 UG levels 1-4, 4 PG level 7)
-------------------------------------------------------------------------------
INSERT INTO sis.crs (crs_id, subj, cat_no, crs_title, cr, lvl, grd_basis)
SELECT row_number() OVER (ORDER BY d.dept_cd, k) + 100,
       d.dept_cd,
       CASE WHEN k <= 16 THEN ((k - 1) / 4 + 1)::text || lpad((((k - 1) % 4) * 10 + 10)::text, 2, '0')
            ELSE '7' || lpad(((k - 16) * 10)::text, 2, '0') END,
       (ARRAY['Introduction to','Foundations of','Methods in','Topics in','Applied','Advanced','Seminar in','Research Methods in',
              'Contemporary','Principles of'])[1 + ((k * 7 + length(d.dept_nm)) % 10)] || ' ' || d.dept_nm
         || CASE WHEN k > 1 THEN ' ' || (ARRAY['I','II','III','IV','V'])[1 + (k % 5)] ELSE '' END,
       CASE WHEN k > 16 THEN 30 WHEN k % 5 = 0 THEN 20 ELSE 15 END,
       CASE WHEN k <= 16 THEN (k - 1) / 4 + 1 ELSE 7 END,
       CASE WHEN (k + length(d.dept_cd || d.dept_nm)) % 10 = 0 THEN 'P' ELSE 'L' END
FROM hr.dept d CROSS JOIN generate_series(1, 20) k;

-------------------------------------------------------------------------------
-- Sections per term
-------------------------------------------------------------------------------
CREATE TEMP TABLE tmp_off AS
SELECT c.crs_id, c.subj, c.lvl, t.term_cd, t.term_seq, t.start_dt, t.end_dt, s AS sec_no
FROM sis.crs c
CROSS JOIN sis.term t
CROSS JOIN LATERAL (SELECT random() AS r, random() AS r2, c.crs_id + t.term_seq AS dummy) rr
CROSS JOIN LATERAL generate_series(1, 1 + (rr.r2 < 0.35 AND right(t.term_cd,1) <> 'U')::int) s
WHERE rr.r < CASE WHEN right(t.term_cd,1) = 'U' THEN CASE WHEN c.lvl = 7 THEN 0.6 ELSE 0.12 END
                  ELSE CASE WHEN c.lvl = 7 THEN 0.8 ELSE 0.55 END END
ORDER BY t.term_seq, c.crs_id, s;

INSERT INTO sis.sect (sect_id, crs_id, term_cd, sec_no, instr_id, cap, mode_cd, room, mtg)
SELECT 10000 + row_number() OVER (ORDER BY o.term_seq, o.crs_id, o.sec_no),
       o.crs_id, o.term_cd, o.sec_no,
       CASE WHEN o.term_cd = '2026F' AND x.r1 < 0.12 THEN NULL ELSE ins.instr_id END,
       CASE WHEN o.lvl = 7 THEN 40 WHEN o.lvl = 1 THEN 120 ELSE 60 END,
       md.m,
       CASE WHEN md.m = 'O' THEN NULL ELSE left(o.subj,1) || (1 + floor(x.r3 * 3))::int::text || lpad((1 + floor(x.r4 * 30))::int::text, 2, '0') END,
       CASE WHEN md.m = 'O' THEN NULL ELSE jsonb_build_object(
            'days', (ARRAY['MWF','TTh','MW','F','TTh'])[1 + floor(x.r4 * 5)::int],
            'start', (ARRAY['09:00','10:00','11:00','13:00','14:00','15:00','16:00'])[1 + floor(x.r3 * 7)::int],
            'mins', CASE WHEN x.r4 < 0.4 THEN 50 ELSE 80 END) END
FROM tmp_off o
CROSS JOIN LATERAL (SELECT random() r1, random() r2, random() r3, random() r4, o.crs_id AS dummy) x
CROSS JOIN LATERAL (SELECT CASE WHEN x.r2 < 0.12 THEN 'O' WHEN x.r2 < 0.25 THEN 'H' ELSE 'P' END AS m) md
LEFT JOIN LATERAL (
   SELECT i.instr_id FROM hr.instr i
   WHERE i.dept_cd = o.subj AND i.rnk <> 'EM' AND i.hire_dt <= o.start_dt AND (i.term_dt IS NULL OR i.term_dt >= o.end_dt)
   ORDER BY md5(i.instr_id::text || o.crs_id::text || o.term_cd || o.sec_no::text) LIMIT 1) ins ON true
ORDER BY o.term_seq, o.crs_id, o.sec_no;

-------------------------------------------------------------------------------
-- Students
-------------------------------------------------------------------------------
CREATE TEMP TABLE tmp_stu AS
SELECT g, 100000 + g AS stu_id, r1, r2, r3, r4, r5, r6, r7, r8,
       CASE WHEN r1 < 0.10 THEN 1 WHEN r1 < 0.35 THEN 3 WHEN r1 < 0.40 THEN 4 WHEN r1 < 0.62 THEN 6
            WHEN r1 < 0.67 THEN 7 WHEN r1 < 0.87 THEN 9 WHEN r1 < 0.90 THEN 10 ELSE 12 END AS e,
       CASE WHEN r2 < 0.72 THEN (ARRAY[1,2,3,4,5,5,5,6,7,8,8,9,9,10,11,12,12,12,5,4])[1 + floor(r3 * 20)::int]
            WHEN r2 < 0.90 THEN (ARRAY[13,13,13,14,14,15,15,16,17,17])[1 + floor(r3 * 10)::int]
            WHEN r2 < 0.96 THEN (ARRAY[18,19,19,20])[1 + floor(r3 * 4)::int]
            ELSE 21 END AS prog_id
FROM (SELECT g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7, random() r8
      FROM generate_series(1, 2000) g) z
ORDER BY g;

CREATE TEMP TABLE tmp_stu2 AS
SELECT s.*, p.lvl, p.dept_cd,
       CASE WHEN p.lvl IN ('PGT','CERT') THEN
              CASE WHEN s.e + 2 <= 11 AND s.r4 < 0.90 THEN 'G'
                   WHEN s.e + 2 <= 11 THEN 'W'
                   ELSE 'A' END
            ELSE
              CASE WHEN s.r4 < 0.08 AND s.e < 11 THEN 'W'
                   WHEN s.r4 < 0.11 AND s.e <= 9 THEN 'L'
                   WHEN s.r4 < 0.125 AND s.e <= 10 THEN 'S'
                   ELSE 'A' END
       END AS stat,
       CASE WHEN s.r6 < 0.03 THEN 'E'
            WHEN s.r6 < CASE WHEN p.lvl IN ('PGT','PGR') THEN 0.55 ELSE 0.25 END THEN 'I'
            ELSE 'H' END AS fee_cat
FROM tmp_stu s JOIN sis.prog p USING (prog_id);

CREATE TEMP TABLE tmp_stu3 AS
SELECT s.*,
       CASE s.stat WHEN 'G' THEN s.e + 2
                   WHEN 'W' THEN CASE WHEN s.lvl IN ('PGT','CERT') THEN s.e + floor(s.r5 * 2)::int
                                      ELSE s.e + floor(s.r5 * (11 - s.e))::int END
                   WHEN 'L' THEN 9
                   WHEN 'S' THEN 10
                   ELSE 12 END AS last_seq
FROM tmp_stu2 s;

INSERT INTO sis.stu (stu_id, matric_no, gvn_nm, fam_nm, dob, prog_id, entry_term, stat, fee_cat, contact, grad_dt, created_at)
SELECT s.stu_id,
       CASE WHEN s.lvl IN ('UG','CERT') THEN 'U' ELSE 'P' END || right(te.term_cd, 3) || lpad(s.g::text, 5, '0'),
       f.n, l.n,
       te.start_dt - (CASE WHEN s.lvl = 'UG' THEN 6570 WHEN s.lvl = 'PGR' THEN 9000 ELSE 8000 END + floor(s.r7 * 2200)::int),
       s.prog_id, te.term_cd, s.stat, s.fee_cat,
       jsonb_build_object(
          'email', lower(f.n) || '.' || lower(l.n) || s.g::text || '@student.campus.ac.uk',
          'phone', CASE WHEN s.r8 < 0.9 THEN '+44 7' || lpad((floor(s.r8 * 999999999))::bigint::text, 9, '0') END,
          'addr', jsonb_build_object(
              'city', CASE WHEN s.fee_cat = 'H' THEN (ARRAY['London','Manchester','Leeds','Bristol','Birmingham','Glasgow','Cardiff','Sheffield'])[1 + floor(s.r7 * 8)::int]
                           ELSE (ARRAY['Beijing','Lagos','Mumbai','Delhi','Shanghai','Karachi','Accra','Dubai','Paris','Madrid','Tokyo','Toronto'])[1 + floor(s.r8 * 12)::int] END,
              'country', CASE WHEN s.fee_cat = 'H' THEN 'GB'
                           ELSE (ARRAY['CN','NG','IN','IN','CN','PK','GH','AE','FR','ES','JP','CA'])[1 + floor(s.r8 * 12)::int] END)),
       CASE WHEN s.stat = 'G' THEN tl.end_dt + 40 + floor(s.r7 * 30)::int END,
       (te.start_dt - 90 + floor(s.r5 * 60)::int)::timestamp + make_interval(secs => floor(s.r8 * 36000)::int + 28800)
FROM tmp_stu3 s
JOIN sis.term te ON te.term_seq = s.e
JOIN sis.term tl ON tl.term_seq = least(s.last_seq, 12)
JOIN tmp_fn f ON f.i = 1 + floor(s.r2 * 997)::int % 40
JOIN tmp_ln l ON l.i = 1 + floor(s.r3 * 1009)::int % 50
ORDER BY s.stu_id;

-------------------------------------------------------------------------------
-- Enrolments
-------------------------------------------------------------------------------
CREATE TEMP TABLE tmp_sect AS
SELECT s.sect_id, s.crs_id, s.term_cd, c.subj, (c.lvl = 7) AS pg, c.grd_basis,
       row_number() OVER (PARTITION BY s.term_cd, c.subj, (c.lvl = 7) ORDER BY s.sect_id) AS rn,
       count(*) OVER (PARTITION BY s.term_cd, c.subj, (c.lvl = 7)) AS cnt
FROM sis.sect s JOIN sis.crs c USING (crs_id);

CREATE TEMP TABLE tmp_st AS
SELECT s.stu_id, s.lvl, s.dept_cd, s.stat, s.last_seq, t.term_cd, t.term_seq, t.start_dt, t.census_dt, t.end_dt,
       CASE WHEN right(t.term_cd,1) = 'U' THEN
              CASE WHEN s.lvl = 'UG' THEN (rr.r < 0.2)::int WHEN s.lvl = 'CERT' THEN (rr.r < 0.5)::int ELSE 1 END
            ELSE CASE s.lvl WHEN 'UG' THEN 4 + (rr.r < 0.3)::int WHEN 'PGT' THEN 4 WHEN 'PGR' THEN 1 + (rr.r < 0.4)::int ELSE 2 END
       END AS ncrs
FROM tmp_stu3 s
JOIN sis.term t ON t.term_seq BETWEEN s.e AND s.last_seq
CROSS JOIN LATERAL (SELECT random() AS r, s.stu_id + t.term_seq AS dummy) rr
ORDER BY s.stu_id, t.term_seq;

CREATE TEMP TABLE tmp_pick AS
SELECT st.*, k, p.r_dept, p.r_sec, p.r_st, p.r_grd, p.r_dt
FROM tmp_st st
CROSS JOIN LATERAL generate_series(1, st.ncrs) k
CROSS JOIN LATERAL (SELECT random() r_dept, random() r_sec, random() r_st, random() r_grd, random() r_dt, k + st.stu_id AS dummy) p
ORDER BY st.stu_id, st.term_seq, k;

CREATE TEMP TABLE tmp_enr AS
SELECT DISTINCT ON (p.stu_id, p.term_cd, ts.crs_id)
       p.stu_id, ts.sect_id, ts.crs_id, ts.grd_basis, p.term_cd, p.term_seq, p.start_dt, p.census_dt, p.end_dt,
       p.stat AS stu_stat, p.last_seq, p.r_st, p.r_grd, p.r_dt, p.k
FROM tmp_pick p
JOIN tmp_sect ts ON ts.term_cd = p.term_cd
   AND ts.pg = (p.lvl IN ('PGT','PGR'))
   AND ts.subj = CASE WHEN p.r_dept < 0.75 OR p.lvl IN ('PGR') THEN p.dept_cd
                      ELSE (ARRAY['MATH','PHYS','CHEM','BIOL','COMP','ELEC','MECH','ECON','PSYC','HIST','ENGL','BUSN'])[1 + floor(p.r_dept * 1000)::int % 12] END
   AND ts.rn = 1 + floor(p.r_sec * ts.cnt)::int
ORDER BY p.stu_id, p.term_cd, ts.crs_id, p.k;

INSERT INTO sis.enrol (enr_id, stu_id, sect_id, term_cd, reg_ts, st, drop_dt, grd, grd_dt)
SELECT row_number() OVER (ORDER BY e.term_seq, e.stu_id, e.sect_id),
       e.stu_id, e.sect_id, e.term_cd,
       (e.start_dt - 60 + floor(e.r_dt * 58)::int)::timestamp + make_interval(secs => floor(e.r_st * 40000)::int + 28000),
       z.st,
       CASE WHEN z.st = 'D' THEN e.start_dt + floor(e.r_grd * 13)::int END,
       g.grd,
       CASE WHEN g.grd IS NOT NULL THEN e.end_dt + 3 + floor(e.r_dt * 18)::int END
FROM tmp_enr e
CROSS JOIN LATERAL (SELECT CASE WHEN e.r_st < 0.07 THEN 'D' WHEN e.r_st < 0.09 THEN 'X' ELSE 'R' END AS st) z
CROSS JOIN LATERAL (SELECT CASE
    WHEN z.st <> 'R' OR e.term_seq = 12 THEN NULL
    WHEN e.stu_stat = 'W' AND e.term_seq = e.last_seq THEN 'W'
    WHEN e.r_grd < 0.025 THEN 'W'
    WHEN e.r_grd < 0.035 THEN 'I'
    WHEN e.grd_basis = 'P' THEN CASE WHEN e.r_grd < 0.10 THEN 'NP' ELSE 'P' END
    WHEN e.r_grd < 0.19 THEN 'A'  WHEN e.r_grd < 0.31 THEN 'A-' WHEN e.r_grd < 0.44 THEN 'B+'
    WHEN e.r_grd < 0.59 THEN 'B'  WHEN e.r_grd < 0.69 THEN 'B-' WHEN e.r_grd < 0.77 THEN 'C+'
    WHEN e.r_grd < 0.85 THEN 'C'  WHEN e.r_grd < 0.89 THEN 'C-' WHEN e.r_grd < 0.94 THEN 'D'
    ELSE 'F' END AS grd) g
ORDER BY 1;

-------------------------------------------------------------------------------
-- Advisors (legacy)
-------------------------------------------------------------------------------
INSERT INTO public."StuAdvisor" (stu_id, instr_id, eff_from, eff_to, "Notes")
SELECT s.stu_id, a.instr_id, te.start_dt,
       CASE WHEN s.r5 < 0.25 AND s.e < 10 THEN te.start_dt + 200 + floor(s.r6 * 300)::int END,
       CASE WHEN s.r7 < 0.05 THEN 'Requested change of tutor' END
FROM tmp_stu3 s
JOIN sis.term te ON te.term_seq = s.e
CROSS JOIN LATERAL (SELECT i.instr_id FROM hr.instr i WHERE i.dept_cd = s.dept_cd AND i.rnk <> 'EM'
                    ORDER BY md5(i.instr_id::text || s.stu_id::text) LIMIT 1) a
ORDER BY s.stu_id;
INSERT INTO public."StuAdvisor" (stu_id, instr_id, eff_from, eff_to, "Notes")
SELECT a.stu_id, b.instr_id, a.eff_to + 1, NULL, NULL
FROM public."StuAdvisor" a
JOIN tmp_stu3 s ON s.stu_id = a.stu_id
CROSS JOIN LATERAL (SELECT i.instr_id FROM hr.instr i WHERE i.dept_cd = s.dept_cd AND i.rnk <> 'EM' AND i.instr_id <> a.instr_id
                    ORDER BY md5(i.instr_id::text || s.stu_id::text || 'x') LIMIT 1) b
WHERE a.eff_to IS NOT NULL
ORDER BY a.stu_id;

-------------------------------------------------------------------------------
-- Invoices
-------------------------------------------------------------------------------
CREATE TEMP TABLE tmp_bill AS
SELECT e.stu_id, e.term_cd, t.term_seq, t.start_dt, s.fee_cat, s.lvl,
       sum(c.cr) FILTER (WHERE e.st = 'R') AS cr_reg
FROM sis.enrol e
JOIN sis.sect x ON x.sect_id = e.sect_id
JOIN sis.crs c ON c.crs_id = x.crs_id
JOIN sis.term t ON t.term_cd = e.term_cd
JOIN tmp_stu3 s ON s.stu_id = e.stu_id
GROUP BY e.stu_id, e.term_cd, t.term_seq, t.start_dt, s.fee_cat, s.lvl
HAVING count(*) FILTER (WHERE e.st = 'R') > 0;

CREATE TEMP TABLE tmp_inv0 AS
SELECT b.stu_id, b.term_cd, b.term_seq, b.fee_cat, typ,
       b.start_dt - 30 AS issued_dt,
       b.start_dt + 21 AS due_dt,
       CASE typ
         WHEN 'TUI' THEN CASE WHEN b.lvl = 'PGR' THEN CASE WHEN b.fee_cat = 'I' THEN 980000 ELSE 240000 END
                              ELSE b.cr_reg * CASE WHEN b.fee_cat = 'I' THEN 19000 ELSE 7500 END END
         WHEN 'FEE' THEN 18500
         WHEN 'HSG' THEN (ARRAY[295000, 360000, 415000])[1 + floor(rr.r2 * 3)::int]
       END AS amt_cents,
       rr.r1, rr.r2, rr.r3, rr.r4
FROM tmp_bill b
CROSS JOIN LATERAL (VALUES ('TUI'), ('FEE'), ('HSG')) v(typ)
CROSS JOIN LATERAL (SELECT random() r1, random() r2, random() r3, random() r4, b.stu_id || typ AS dummy) rr
WHERE (typ = 'TUI' AND b.fee_cat <> 'E')
   OR (typ = 'FEE' AND right(b.term_cd,1) <> 'U')
   OR (typ = 'HSG' AND right(b.term_cd,1) <> 'U' AND (hashtext(b.stu_id::text) & 7) < 2 + (b.fee_cat <> 'H')::int * 3)
ORDER BY b.stu_id, b.term_seq, typ;

-- status and payment plan
CREATE TEMP TABLE tmp_inv1 AS
SELECT i.*,
       CASE WHEN i.term_cd = '2026F' THEN
              CASE WHEN i.r1 < 0.01 THEN 'V' WHEN i.r1 < 0.22 THEN 'O' WHEN i.r1 < 0.36 THEN 'PP' ELSE 'P' END
            ELSE
              CASE WHEN i.r1 < 0.015 THEN 'V' WHEN i.r1 < 0.035 THEN 'WO' WHEN i.r1 < 0.06 THEN 'PP'
                   WHEN i.r1 < 0.075 THEN 'O' ELSE 'P' END
       END AS stat,
       -- days after due date of the final payment
       CASE WHEN i.r3 < 0.08 THEN 15 + floor(i.r4 * 75)::int ELSE -25 + floor(i.r4 * 38)::int END AS delay,
       CASE WHEN i.typ = 'TUI' THEN CASE WHEN i.r2 < 0.6 THEN 1 WHEN i.r2 < 0.85 THEN 2 ELSE 3 END ELSE 1 END AS npay
FROM tmp_inv0 i;

-- late-payment penalties for tuition paid more than 14 days late
INSERT INTO tmp_inv1 (stu_id, term_cd, term_seq, fee_cat, typ, issued_dt, due_dt, amt_cents, r1, r2, r3, r4, stat, delay, npay)
SELECT stu_id, term_cd, term_seq, fee_cat, 'LAT', due_dt + 15, due_dt + 45, 5000, r2, r1, r4, r3,
       CASE WHEN r2 < 0.7 THEN 'P' ELSE 'O' END, -10 + floor(r3 * 9)::int, 1
FROM tmp_inv1
WHERE typ = 'TUI' AND stat = 'P' AND delay > 14 AND due_dt + delay < date '2026-10-20'
ORDER BY stu_id, term_seq;

CREATE TEMP TABLE tmp_inv AS
SELECT 700000 + row_number() OVER (ORDER BY issued_dt, stu_id, typ) AS inv_no, i.*
FROM tmp_inv1 i;

INSERT INTO fin.inv (inv_no, stu_id, term_cd, inv_typ, issued_dt, due_dt, amt_cents, stat)
SELECT inv_no, stu_id, term_cd, typ, issued_dt, due_dt, amt_cents, stat FROM tmp_inv ORDER BY inv_no;

-------------------------------------------------------------------------------
-- Payments
-------------------------------------------------------------------------------
CREATE TEMP TABLE tmp_pmt AS
SELECT i.inv_no, i.fee_cat, i.typ, n,
       CASE WHEN i.stat = 'P' THEN i.npay ELSE 1 END AS npay,
       -- pence of this instalment
       CASE WHEN i.stat = 'P' THEN
              CASE WHEN n < i.npay THEN i.amt_cents / i.npay ELSE i.amt_cents - (i.amt_cents / i.npay) * (i.npay - 1) END
            ELSE round(i.amt_cents * (0.2 + i.r4 * 0.6) / 100) * 100 END AS cents,
       least(
         CASE WHEN i.stat = 'P' THEN
                i.issued_dt + ((i.due_dt + i.delay - i.issued_dt) * n / i.npay)
              ELSE i.issued_dt + 10 + floor(i.r3 * 30)::int END,
         date '2026-10-30') AS pay_dt,
       rr.r1, rr.r2, rr.r3
FROM tmp_inv i
CROSS JOIN LATERAL generate_series(1, CASE WHEN i.stat = 'P' THEN i.npay ELSE 1 END) n
CROSS JOIN LATERAL (SELECT random() r1, random() r2, random() r3, i.inv_no + n AS dummy) rr
WHERE i.stat IN ('P', 'PP') OR (i.stat = 'WO' AND i.r4 < 0.4)
ORDER BY i.inv_no, n;

CREATE TEMP TABLE tmp_pmt2 AS
SELECT p.*,
       CASE WHEN p.fee_cat = 'I' AND p.typ = 'TUI' AND p.r1 < 0.30 THEN 'sponsor'
            WHEN p.fee_cat = 'I' AND p.r1 < 0.45 THEN 'intl_wire'
            WHEN p.r1 < 0.50 THEN 'card'
            WHEN p.r1 < 0.88 THEN 'bacs' WHEN p.r1 < 0.96 THEN 'cheque' ELSE 'cash' END::fin.pay_meth AS meth,
       p.pay_dt::timestamp + make_interval(secs => 25200 + floor(p.r2 * 50000)::int) AS ts
FROM tmp_pmt p;

INSERT INTO fin.pmt (pmt_id, inv_no, pmt_ts, amt, meth, gw, rev_flg)
SELECT row_number() OVER (ORDER BY ts, inv_no, n, rev DESC), inv_no,
       CASE WHEN rev THEN ts - interval '3 days' ELSE ts END,
       cents / 100.0, meth,
       CASE WHEN meth = 'card' THEN jsonb_build_object(
             'psp', CASE WHEN ts < '2025-03-01' THEN 'worldpay' ELSE 'stripe' END,
             'brand', (ARRAY['visa','visa','mastercard','amex'])[1 + floor(r3 * 4)::int],
             'last4', lpad((floor(r2 * 10000))::int::text, 4, '0'),
             'auth', upper(substr(md5(inv_no::text || n::text || rev::text), 1, 8))) END,
       rev
FROM (
  SELECT p.*, false AS rev FROM tmp_pmt2 p
  UNION ALL
  SELECT p.*, true FROM tmp_pmt2 p WHERE p.meth = 'card' AND p.r3 < 0.04
) q
ORDER BY 1;
SELECT setval('fin.pmt_id_seq', (SELECT max(pmt_id) FROM fin.pmt));

-------------------------------------------------------------------------------
-- Scholarship awards
-------------------------------------------------------------------------------
CREATE TEMP TABLE tmp_ay AS
SELECT DISTINCT e.stu_id, t.ay
FROM sis.enrol e JOIN sis.term t USING (term_cd)
WHERE right(t.term_cd,1) <> 'U';

INSERT INTO fin.award (award_id, stu_id, schol_cd, ay, amt, st, decided_dt)
SELECT 5000 + row_number() OVER (ORDER BY a.ay, a.stu_id),
       a.stu_id, sc.schol_cd, a.ay,
       round(sc.max_amt * (ARRAY[0.5, 0.75, 1.0, 1.0])[1 + floor(rr.r3 * 4)::int], 2),
       st.st,
       CASE WHEN st.st <> 'O' THEN make_date(left(a.ay, 4)::int, 8, 1) + floor(rr.r3 * 80)::int END
FROM tmp_ay a
JOIN tmp_stu3 s ON s.stu_id = a.stu_id
CROSS JOIN LATERAL (SELECT random() r1, random() r2, random() r3, random() r4, random() r5, a.stu_id || a.ay AS dummy) rr
CROSS JOIN LATERAL (SELECT CASE
     WHEN s.lvl = 'PGR' THEN 'PGR-STP'
     WHEN s.fee_cat = 'I' AND rr.r2 < 0.5 THEN 'INTL-MER'
     WHEN s.dept_cd IN ('BUSN','ECON') AND rr.r2 < 0.35 THEN 'BUS-ALUM'
     WHEN s.dept_cd IN ('COMP','ELEC','MECH','PHYS','MATH') AND rr.r2 < 0.3 THEN 'STEM-W'
     ELSE (ARRAY['VC-EXC','HARDSHIP','HARDSHIP','SPORT','FIRSTGEN','FIRSTGEN'])[1 + floor(rr.r4 * 6)::int] END AS cd) c
JOIN fin.schol sc ON sc.schol_cd = c.cd
CROSS JOIN LATERAL (SELECT CASE
     WHEN a.ay = '2026-27' AND rr.r5 < 0.35 THEN 'O'
     WHEN rr.r5 < 0.80 THEN 'A' WHEN rr.r5 < 0.94 THEN 'D' ELSE 'R' END AS st) st
WHERE rr.r1 < CASE WHEN s.lvl = 'PGR' THEN 0.7 ELSE 0.17 END
ORDER BY 1;

-------------------------------------------------------------------------------
-- Indexes added over the years
-------------------------------------------------------------------------------
CREATE INDEX ix_stu_prog ON sis.stu (prog_id);
CREATE INDEX ix_stu_famnm ON sis.stu (fam_nm, gvn_nm);
CREATE INDEX ix_sect_term ON sis.sect (term_cd);
CREATE INDEX ix_inv_term ON fin.inv (term_cd, inv_typ);
CREATE INDEX ix_award_stu ON fin.award (stu_id);

-------------------------------------------------------------------------------
-- Views
-------------------------------------------------------------------------------
CREATE VIEW sis.v_transcript AS
SELECT e.stu_id, s.matric_no, e.term_cd, c.subj || ' ' || c.cat_no AS crs_code, c.crs_title, c.cr,
       e.grd, g.pts, g.in_gpa
FROM sis.enrol e
JOIN sis.stu s ON s.stu_id = e.stu_id
JOIN sis.sect x ON x.sect_id = e.sect_id
JOIN sis.crs c ON c.crs_id = x.crs_id
LEFT JOIN sis.grd_pts g ON g.grd = e.grd
WHERE e.st = 'R';
COMMENT ON VIEW sis.v_transcript IS 'Transcript lines: registered enrolments only (drops and waitlist excluded), with grade points.';

CREATE MATERIALIZED VIEW fin.mv_stu_bal AS
SELECT i.stu_id,
       sum(i.amt_cents) / 100.0 AS billed,
       coalesce(sum(p.paid), 0) AS paid,
       sum(i.amt_cents) / 100.0 - coalesce(sum(p.paid), 0) AS balance
FROM fin.inv i
LEFT JOIN (SELECT inv_no, sum(amt) AS paid FROM fin.pmt WHERE NOT rev_flg GROUP BY inv_no) p ON p.inv_no = i.inv_no
WHERE i.stat NOT IN ('V', 'WO')
GROUP BY i.stu_id;
COMMENT ON MATERIALIZED VIEW fin.mv_stu_bal IS 'Per-student account balance in GBP (excl. void and written-off invoices). Refreshed nightly by the bursary batch - may be stale.';

DROP TABLE tmp_fn, tmp_ln, tmp_off, tmp_stu, tmp_stu2, tmp_stu3, tmp_sect, tmp_st, tmp_pick, tmp_enr,
           tmp_bill, tmp_inv0, tmp_inv1, tmp_inv, tmp_pmt, tmp_pmt2, tmp_ay;

ANALYZE;

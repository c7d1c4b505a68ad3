-- MySQL "employees" sample database (Fusheng Wang / Carlo Zaniolo; datacharmer/test_db),
-- ported to PostgreSQL. Data below is generated deterministically (md5-based), scaled down
-- to 5,000 employees. Data "today" is 2002-08-01; to_date = '9999-01-01' means "still current".
SET client_min_messages = warning;

CREATE FUNCTION pg_temp.r(i bigint, s int) RETURNS float8 LANGUAGE sql IMMUTABLE AS
$$ SELECT ('x' || substr(md5(i::text || ':' || s::text), 1, 8))::bit(32)::bigint / 4294967296.0 $$;

CREATE TYPE employee_gender AS ENUM ('M', 'F');

CREATE TABLE employees (
    emp_no      integer         NOT NULL,
    birth_date  date            NOT NULL,
    first_name  varchar(14)     NOT NULL,
    last_name   varchar(16)     NOT NULL,
    gender      employee_gender NOT NULL,
    hire_date   date            NOT NULL,
    PRIMARY KEY (emp_no)
);

CREATE TABLE departments (
    dept_no     char(4)         NOT NULL,
    dept_name   varchar(40)     NOT NULL,
    PRIMARY KEY (dept_no),
    UNIQUE (dept_name)
);

CREATE TABLE dept_manager (
    emp_no      integer         NOT NULL,
    dept_no     char(4)         NOT NULL,
    from_date   date            NOT NULL,
    to_date     date            NOT NULL,
    FOREIGN KEY (emp_no)  REFERENCES employees (emp_no)    ON DELETE CASCADE,
    FOREIGN KEY (dept_no) REFERENCES departments (dept_no) ON DELETE CASCADE,
    PRIMARY KEY (emp_no, dept_no)
);

CREATE TABLE dept_emp (
    emp_no      integer         NOT NULL,
    dept_no     char(4)         NOT NULL,
    from_date   date            NOT NULL,
    to_date     date            NOT NULL,
    FOREIGN KEY (emp_no)  REFERENCES employees (emp_no)    ON DELETE CASCADE,
    FOREIGN KEY (dept_no) REFERENCES departments (dept_no) ON DELETE CASCADE,
    PRIMARY KEY (emp_no, dept_no)
);

CREATE TABLE titles (
    emp_no      integer         NOT NULL,
    title       varchar(50)     NOT NULL,
    from_date   date            NOT NULL,
    to_date     date,
    FOREIGN KEY (emp_no) REFERENCES employees (emp_no) ON DELETE CASCADE,
    PRIMARY KEY (emp_no, title, from_date)
);

CREATE TABLE salaries (
    emp_no      integer         NOT NULL,
    salary      integer         NOT NULL,
    from_date   date            NOT NULL,
    to_date     date            NOT NULL,
    FOREIGN KEY (emp_no) REFERENCES employees (emp_no) ON DELETE CASCADE,
    PRIMARY KEY (emp_no, from_date)
);

CREATE INDEX ON dept_emp (dept_no);
CREATE INDEX ON dept_manager (dept_no);

COMMENT ON TABLE employees IS 'One row per employee ever hired.';
COMMENT ON COLUMN employees.hire_date IS 'Date the employee joined the company.';
COMMENT ON TABLE departments IS 'Company departments.';
COMMENT ON TABLE dept_emp IS 'Department assignment history of employees; to_date = 9999-01-01 means the assignment is current.';
COMMENT ON TABLE dept_manager IS 'Department manager history; to_date = 9999-01-01 means the current manager.';
COMMENT ON TABLE titles IS 'Job title history of employees; to_date = 9999-01-01 means the current title.';
COMMENT ON TABLE salaries IS 'Yearly salary history of employees (annual salary in USD); to_date = 9999-01-01 means the current salary.';

INSERT INTO departments VALUES
 ('d001','Marketing'),('d002','Finance'),('d003','Human Resources'),('d004','Production'),
 ('d005','Development'),('d006','Quality Management'),('d007','Sales'),('d008','Research'),
 ('d009','Customer Service');

-- staging
CREATE TEMP TABLE e0 AS
WITH b AS (
  SELECT g,
    10000 + g AS emp_no,
    date '1952-02-01' + floor(pg_temp.r(g,1) * 4749)::int AS birth_date,
    (ARRAY['Georgi','Bezalel','Parto','Chirstian','Kyoichi','Anneke','Tzvetan','Saniya','Sumant','Duangkaew',
           'Mary','Patricio','Eberhardt','Berni','Guoxiang','Kazuhito','Cristinel','Kazuhide','Lillian','Mayuko',
           'Ramzi','Shahaf','Bojan','Suzette','Prasadram','Yongqiao','Divier','Domenick','Otmar','Elvis',
           'Karsten','Jeong','Arif','Bader','Alain','Adamantios','Pradeep','Huan','Alejandro','Weiyi',
           'Uri','Magy','Yishay','Mingsen','Moss','Lucien','Zvonko','Florian','Basil','Yinghua'])[1 + floor(pg_temp.r(g,2) * 50)::int] AS first_name,
    (ARRAY['Facello','Simmel','Bamford','Koblick','Maliniak','Preusig','Zielinski','Kalloufi','Peac','Piveteau',
           'Sluis','Bridgland','Terkki','Genin','Nooteboom','Cappelletti','Bouloucos','Peha','Haddadi','Warwick',
           'Erde','Famili','Montemayor','Pettey','Heyers','Berztiss','Reistad','Tempesti','Herbst','Demeyer',
           'Joslin','Merlo','Swan','Chappelet','Portugali','Makrucki','Lortz','Brender','Meriste','Lenart',
           'Stamatiou','Tzvieli','Casley','Shanbhogue','Rosenbaum','Nyanchama','Syrotiuk','Tramer','Dredge','Baek'])[1 + floor(pg_temp.r(g,3) * 50)::int] AS last_name,
    CASE WHEN pg_temp.r(g,4) < 0.6 THEN 'M' ELSE 'F' END::employee_gender AS gender,
    date '1985-01-01' + floor(power(pg_temp.r(g,5), 1.4) * 5475)::int AS hire_date,
    pg_temp.r(g,6) AS rd, pg_temp.r(g,7) AS rt, pg_temp.r(g,8) AS rtd, pg_temp.r(g,9) AS rl, pg_temp.r(g,10) AS rld,
    pg_temp.r(g,11) AS rs, pg_temp.r(g,12) AS rti, pg_temp.r(g,13) AS rp, pg_temp.r(g,14) AS rpd, pg_temp.r(g,15) AS rd2
  FROM generate_series(1, 5000) g
), c AS (
  SELECT b.*,
    CASE WHEN rd < 0.26 THEN 5 WHEN rd < 0.48 THEN 4 WHEN rd < 0.63 THEN 7 WHEN rd < 0.70 THEN 9
         WHEN rd < 0.76 THEN 8 WHEN rd < 0.82 THEN 1 WHEN rd < 0.88 THEN 6 WHEN rd < 0.94 THEN 3 ELSE 2 END AS d1,
    rt < 0.10 AS transferred,
    rl < 0.12 AS has_left
  FROM b
), t AS (
  SELECT c.*,
    CASE WHEN transferred THEN hire_date + 180 + floor(rtd * ((date '2002-08-01' - hire_date) - 360))::int END AS tdate
  FROM c
)
SELECT t.*,
  CASE WHEN transferred THEN 1 + ((d1 - 1 + 1 + floor(rd2 * 8)::int) % 9) END AS d2,
  CASE WHEN has_left THEN
     coalesce(tdate, hire_date) + 90 + floor(rld * ((date '2002-07-01' - coalesce(tdate, hire_date)) - 90))::int
  END AS leave_date
FROM t;

ALTER TABLE e0 ADD COLUMN end_date date;
UPDATE e0 SET end_date = coalesce(leave_date, date '9999-01-01');
ALTER TABLE e0 ADD COLUMN ismgr boolean DEFAULT false, ADD COLUMN final_d int;
UPDATE e0 SET final_d = coalesce(d2, d1);

INSERT INTO employees
SELECT emp_no, birth_date, first_name, last_name, gender, hire_date FROM e0 ORDER BY emp_no;

INSERT INTO dept_emp
SELECT emp_no, 'd00' || d1, hire_date, coalesce(tdate, end_date) FROM e0
UNION ALL
SELECT emp_no, 'd00' || d2, tdate, end_date FROM e0 WHERE transferred
ORDER BY 1, 3;

-- managers: picked among 1985 hires who never moved and never left
CREATE TEMP TABLE m0 AS
WITH cand AS (
  SELECT emp_no, d1, hire_date,
         row_number() OVER (PARTITION BY d1 ORDER BY emp_no) AS rn
  FROM e0 WHERE hire_date < date '1986-01-01' AND NOT transferred AND NOT has_left
), n AS (
  SELECT d, CASE WHEN d IN (4, 6, 9) THEN 4 ELSE 2 END AS cnt FROM generate_series(1, 9) d
), slots AS (
  SELECT n.d, k, n.cnt,
    CASE WHEN n.cnt = 2 THEN (ARRAY[date '1991-10-01' + n.d * 37])[k]
         ELSE (ARRAY[date '1988-09-01' + n.d * 23, date '1992-04-15' + n.d * 29, date '1996-08-01' + n.d * 31])[k] END AS change_date
  FROM n, generate_series(1, 4) k WHERE k <= n.cnt
)
SELECT c.emp_no, s.d, s.k, s.cnt,
  CASE WHEN s.k = 1 THEN c.hire_date ELSE lag(s.change_date) OVER (PARTITION BY s.d ORDER BY s.k) END AS from_date,
  CASE WHEN s.k = s.cnt THEN date '9999-01-01' ELSE s.change_date END AS to_date
FROM slots s JOIN cand c ON c.d1 = s.d AND c.rn = s.k;

UPDATE e0 SET ismgr = true FROM m0 WHERE m0.emp_no = e0.emp_no;

INSERT INTO dept_manager
SELECT emp_no, 'd00' || d, from_date, to_date FROM m0 ORDER BY emp_no;

-- titles
INSERT INTO titles
WITH x AS (
  SELECT e0.*,
    d1 IN (4, 5, 6, 8) AS eng,
    hire_date + (1461 + floor(rpd * 2557)::int) AS pdate
  FROM e0 WHERE NOT ismgr
), y AS (
  SELECT x.*,
    CASE WHEN eng THEN
      CASE WHEN rti < 0.15 THEN 'Assistant Engineer' WHEN rti < 0.72 THEN 'Engineer'
           WHEN rti < 0.86 THEN 'Senior Engineer' ELSE 'Technique Leader' END
    ELSE CASE WHEN rti < 0.72 THEN 'Staff' ELSE 'Senior Staff' END END AS t1,
    (rp < 0.6 AND pdate < least(end_date, date '2002-08-01')) AS promoted
  FROM x
), z AS (
  SELECT y.*,
    CASE WHEN promoted THEN
      CASE t1 WHEN 'Assistant Engineer' THEN 'Engineer' WHEN 'Engineer' THEN 'Senior Engineer'
              WHEN 'Staff' THEN 'Senior Staff' END END AS t2
  FROM y
)
SELECT emp_no, t1, hire_date, CASE WHEN t2 IS NOT NULL THEN pdate ELSE end_date END FROM z
UNION ALL
SELECT emp_no, t2, pdate, end_date FROM z WHERE t2 IS NOT NULL
UNION ALL
SELECT emp_no, 'Manager', from_date, to_date FROM m0
UNION ALL
SELECT m0.emp_no, CASE WHEN e0.d1 IN (4,5,6,8) THEN 'Senior Engineer' ELSE 'Senior Staff' END, m0.to_date, date '9999-01-01'
FROM m0 JOIN e0 USING (emp_no) WHERE m0.to_date <> date '9999-01-01'
ORDER BY 1, 3;

-- salaries: yearly rows from hire date until leaving or 2002-08-01
INSERT INTO salaries
WITH k AS (
  SELECT e0.emp_no, e0.hire_date, e0.end_date, e0.leave_date, e0.rs, e0.d1, e0.ismgr, yy.n AS k,
         (e0.hire_date + make_interval(years => yy.n))::date AS f,
         (e0.hire_date + make_interval(years => yy.n + 1))::date AS nf
  FROM e0, generate_series(0, 17) AS yy(n)
  WHERE (e0.hire_date + make_interval(years => yy.n))::date < least(e0.end_date, date '2002-08-02')
)
SELECT emp_no,
  round((38000 + rs * 30000 + CASE WHEN d1 = 7 THEN 9000 WHEN d1 = 2 THEN 4000 ELSE 0 END
          + CASE WHEN ismgr THEN 15000 ELSE 0 END)
        * power(1.03 + 0.02 * pg_temp.r(emp_no, 16), k)
        * (0.975 + 0.05 * pg_temp.r(emp_no * 100 + k, 17)))::int,
  f,
  CASE WHEN nf < end_date AND nf <= date '2002-08-01' THEN nf
       WHEN leave_date IS NOT NULL THEN least(nf, leave_date)
       ELSE date '9999-01-01' END
FROM k ORDER BY 1, 3;

DROP TABLE e0, m0;

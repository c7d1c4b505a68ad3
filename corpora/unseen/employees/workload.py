"""Replays a few seconds of HR-application activity on the employees sample database.

Deterministic: look-ups by employee number, by last name, by hire-date range, department
rosters, plus a round of salary adjustments (current salary rows of employees whose
emp_no is divisible by 25 get +500 twice) and a no-op touch of employee rows, so that
`salaries` and `employees` carry dead tuples. Never creates or drops indexes. Ends with ANALYZE.
"""
import psycopg

LAST_NAMES = ["Facello", "Simmel", "Bamford", "Koblick", "Maliniak", "Preusig", "Peac", "Sluis", "Genin", "Warwick"]


def run(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:
        cur = conn.cursor()
        # point look-ups by primary key
        for i in range(600):
            emp = 10001 + (i * 37) % 5000
            cur.execute("SELECT emp_no, first_name, last_name, hire_date FROM employees WHERE emp_no = %s", (emp,))
            cur.fetchall()
            cur.execute("SELECT salary, from_date, to_date FROM salaries WHERE emp_no = %s ORDER BY from_date", (emp,))
            cur.fetchall()
            cur.execute("SELECT title, from_date, to_date FROM titles WHERE emp_no = %s", (emp,))
            cur.fetchall()
        # searches by name (no index on last_name -> seq scans)
        for i in range(80):
            cur.execute("SELECT emp_no, first_name FROM employees WHERE last_name = %s", (LAST_NAMES[i % len(LAST_NAMES)],))
            cur.fetchall()
        # hire-date range and department rosters
        for y in range(1985, 2000):
            cur.execute("SELECT count(*) FROM employees WHERE hire_date >= %s AND hire_date < %s",
                        (f"{y}-01-01", f"{y + 1}-01-01"))
            cur.fetchall()
        for d in range(1, 10):
            cur.execute(
                "SELECT e.emp_no, e.last_name FROM dept_emp de JOIN employees e USING (emp_no) "
                "WHERE de.dept_no = %s AND de.to_date = '9999-01-01'", (f"d00{d}",))
            cur.fetchall()
        for i in range(40):
            cur.execute("SELECT emp_no, salary FROM salaries WHERE salary > %s AND to_date = '9999-01-01'",
                        (120000 + i * 1000,))
            cur.fetchall()
        # salary adjustments: +500 twice for current salaries of every 25th employee
        for _ in range(2):
            for emp in range(10025, 15001, 25):
                cur.execute("UPDATE salaries SET salary = salary + 500 WHERE emp_no = %s AND to_date = '9999-01-01'",
                            (emp,))
        # profile re-save (no-op values) for every 10th employee
        for emp in range(10010, 15001, 10):
            cur.execute("UPDATE employees SET last_name = last_name WHERE emp_no = %s", (emp,))
        cur.execute("ANALYZE")

"""The planner on a schema it was not written for (a small company: departments, employees,
projects, assignments). Nothing in agent/ names these tables; every figure in the answers
must equal the truth computed here by independent SQL."""
from __future__ import annotations

import re
from decimal import Decimal

import psycopg
import pytest

from agent.config import Settings
from agent.instance import answer_instance

DB = "dbc_unseen_hr"
SCHEMA = """
SELECT setseed(0.17);
CREATE TABLE departments (id serial PRIMARY KEY, name text NOT NULL UNIQUE, location text NOT NULL);
CREATE TABLE employees (
    id serial PRIMARY KEY,
    first_name text NOT NULL, last_name text NOT NULL,
    department_id int NOT NULL REFERENCES departments(id),
    title text NOT NULL CHECK (title IN ('engineer', 'manager', 'analyst', 'designer')),
    salary numeric(10,2) NOT NULL,
    hire_date date NOT NULL,
    active boolean NOT NULL DEFAULT true);
CREATE TABLE projects (id serial PRIMARY KEY, name text NOT NULL, budget numeric(12,2) NOT NULL,
                       started_on date NOT NULL, status text NOT NULL CHECK (status IN ('planned', 'running', 'done')));
CREATE TABLE assignments (id serial PRIMARY KEY, employee_id int NOT NULL REFERENCES employees(id),
                          project_id int NOT NULL REFERENCES projects(id), hours numeric(6,1) NOT NULL,
                          logged_at timestamptz NOT NULL);
INSERT INTO departments (name, location) VALUES
  ('Engineering', 'Lisbon'), ('Sales', 'Madrid'), ('Finance', 'Lisbon'), ('Design', 'Porto'), ('Support', 'Madrid');
INSERT INTO employees (first_name, last_name, department_id, title, salary, hire_date, active)
SELECT (ARRAY['Ana','Rui','Eva','Tomas','Ines','Joao','Marta','Pedro'])[1 + g % 8],
       (ARRAY['Costa','Silva','Santos','Ferreira','Pereira','Oliveira'])[1 + g % 6],
       1 + g % 5,
       (ARRAY['engineer','engineer','analyst','manager','designer'])[1 + (g * 7) % 5],
       round((30000 + random() * 70000)::numeric, 2),
       current_date - (g * 3),
       g % 11 <> 0
FROM generate_series(1, 400) g;
INSERT INTO projects (name, budget, started_on, status)
SELECT 'Project ' || g, round((10000 + random() * 490000)::numeric, 2), current_date - (g * 9),
       (ARRAY['planned','running','running','done'])[1 + g % 4]
FROM generate_series(1, 60) g;
INSERT INTO assignments (employee_id, project_id, hours, logged_at)
SELECT 1 + (g * 13) % 400, 1 + (g * 7) % 60, round((1 + random() * 9)::numeric, 1), now() - g * interval '37 minutes'
FROM generate_series(1, 5000) g;
ANALYZE;
"""


@pytest.fixture(scope="module")
def hr_dsn(scratch_database):
    with scratch_database(DB) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(SCHEMA)
        yield dsn


@pytest.fixture(scope="module")
def run(hr_dsn):
    from toolkits.postgres import PgContext

    settings, ctx = Settings(dsn=hr_dsn), PgContext(dsn=hr_dsn)

    def ask(question: str) -> tuple[list, str]:
        events = list(answer_instance(question, [], settings, None, ctx=ctx))
        assert events[-1].kind == "answer", events[-1]
        return events, events[-1].data["text"]

    return ask


@pytest.fixture(scope="module")
def db(hr_dsn):
    with psycopg.connect(hr_dsn) as conn:
        yield conn


def numbers(text: str) -> set[Decimal]:
    return {Decimal(n.replace(",", "")) for n in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)?", text)}


@pytest.mark.parametrize("question, sql", [
    ("how many employees are there?", "SELECT count(*) FROM employees"),
    ("how many engineers do we have?", "SELECT count(*) FROM employees WHERE title = 'engineer'"),
    ("how many employees were hired in the last 30 days?",
     "SELECT count(*) FROM employees WHERE hire_date >= now() - interval '30 days'"),
    ("what is the average salary?", "SELECT round(avg(salary), 2) FROM employees"),
    ("what is the highest salary?", "SELECT max(salary) FROM employees"),
    ("how many projects are running?", "SELECT count(*) FROM projects WHERE status = 'running'"),
    ("how many projects started this year?", "SELECT count(*) FROM projects WHERE started_on >= date_trunc('year', now())"),
    ("total budget of all projects", "SELECT sum(budget) FROM projects"),
    ("how many hours were logged on project 7?", "SELECT sum(hours) FROM assignments WHERE project_id = 7"),
    ("how many employees earn more than 80000?", "SELECT count(*) FROM employees WHERE salary > 80000"),
    ("how many departments are in Lisbon?", "SELECT count(*) FROM departments WHERE location = 'Lisbon'"),
    ("how many active employees are there?", "SELECT count(*) FROM employees WHERE active"),
    ("how many inactive employees?", "SELECT count(*) FROM employees WHERE NOT active"),
    ("how many employees does the Engineering department have?",
     "SELECT count(*) FROM employees e JOIN departments d ON d.id = e.department_id WHERE d.name = 'Engineering'"),
    ("how many employees work in Lisbon?",
     "SELECT count(*) FROM employees e JOIN departments d ON d.id = e.department_id WHERE d.location = 'Lisbon'"),
    ("how many employees work on more than 10 assignments?",
     "SELECT count(*) FROM (SELECT employee_id FROM assignments GROUP BY 1 HAVING count(*) > 10) x"),
])
def test_figures_on_an_unseen_schema(question, sql, run, db):
    events, text = run(question)
    calls = [e.data for e in events if e.kind == "tool_call"]
    assert [c["tool"] for c in calls] == ["run_sql"] and calls[0]["ok"], calls
    assert Decimal(db.execute(sql).fetchone()[0]) in numbers(text), text


def test_breakdown_by_parent_table_names_it(run, db):
    _, text = run("average salary per department")
    for name, avg in db.execute("""SELECT d.name, round(avg(e.salary), 2) FROM employees e
                                   JOIN departments d ON d.id = e.department_id GROUP BY 1""").fetchall():
        row = next(line for line in text.splitlines() if f"| {name} |" in line)
        assert Decimal(row.strip("| ").split("|")[-1].strip()) == avg, (name, avg)


def test_top_n_by_a_column(run, db):
    _, text = run("top 3 projects by budget")
    want = [r[0] for r in db.execute("SELECT id FROM projects ORDER BY budget DESC LIMIT 3").fetchall()]
    assert [int(x) for x in re.findall(r"^\|\s*(\d+)\s*\|", text, re.M)] == want


def test_entity_ranked_by_a_child_column(run, db):
    _, text = run("which project has the most hours logged?")
    want = db.execute("SELECT project_id FROM assignments GROUP BY 1 ORDER BY sum(hours) DESC, 1 LIMIT 1").fetchone()[0]
    total = db.execute(f"SELECT sum(hours) FROM assignments WHERE project_id = {want}").fetchone()[0]
    row = next(line for line in text.splitlines() if line.startswith(f"| {want} | Project {want} |"))
    assert Decimal(row.strip("| ").split("|")[-1].strip()) == total


def test_which_group_has_the_most(run, db):
    _, text = run("which department has the most employees?")
    top = db.execute("""SELECT d.name FROM employees e JOIN departments d ON d.id = e.department_id
                        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1""").fetchone()[0]
    first_row = next(line for line in text.splitlines() if re.match(r"^\|\s*\d+\s*\|", line))
    count = db.execute("SELECT max(c) FROM (SELECT count(*) c FROM employees GROUP BY department_id) x").fetchone()[0]
    assert f"| {count} |" in first_row.replace("  ", " ") or str(count) in first_row
    assert top in text


def test_schema_and_health_questions(run):
    events, text = run("describe the employees table")
    assert [e.data["tool"] for e in events if e.kind == "tool_call"] == ["describe_table"] and "salary" in text
    events, _ = run("which tables have the most dead tuples?")
    assert [e.data["tool"] for e in events if e.kind == "tool_call"] == ["table_health"]

"""The unseen-schema evaluator: a folder loads into its own database, truths are re-run, answers are scored
as the rules say (a value in the answer's lead, every truth row named and as many rows run, the tool called)."""
import datetime as dt
import json
from decimal import Decimal
from types import SimpleNamespace

import pytest

from evaluation import unseen

SCHEMA = """
CREATE TABLE ward (code text PRIMARY KEY, beds int NOT NULL);
INSERT INTO ward VALUES ('ICU', 12), ('4N', 30), ('5E', 24);
CREATE TABLE stay (id int PRIMARY KEY, ward text REFERENCES ward(code), adm timestamp, dsch timestamp);
INSERT INTO stay SELECT g, (ARRAY['ICU','4N','5E'])[1 + g % 3], timestamp '2025-01-01' + g * interval '1 day',
       timestamp '2025-01-01' + g * interval '1 day' + (1 + g % 4) * interval '1 day' FROM generate_series(1, 30) g;
ANALYZE;
"""
QUESTIONS = [
    {"id": "t-1", "question": "how many beds in all?", "kind": "value", "truth_sql": "SELECT sum(beds) FROM ward"},
    {"id": "t-2", "question": "stays per ward", "kind": "rows",
     "truth_sql": "SELECT ward, count(*) FROM stay GROUP BY ward ORDER BY ward"},
    {"id": "t-3", "question": "largest table?", "kind": "tool", "tool": "list_tables", "expect": ["stay"]},
    {"id": "t-4", "question": "average stay", "kind": "value", "truth_sql": "SELECT avg(dsch - adm) FROM stay"},
]


def ev(kind, **data):
    return SimpleNamespace(kind=kind, data=data)


def test_value_matching_rules():
    assert unseen.value_in(Decimal("12.27"), "the mean is 12.27 g/dL")
    assert unseen.value_in(15103, "15,103 results") and not unseen.value_in(15103, "15,104 results")
    assert unseen.value_in(dt.timedelta(days=3, hours=10), "about 3.42 days")
    assert not unseen.value_in(dt.timedelta(days=3, hours=10), "about 3.6 days")
    assert unseen.value_in(dt.timedelta(days=3, hours=12), "3.5 days on average")
    assert unseen.value_in(dt.datetime(2026, 1, 2, 17, 0), "last discharge 2026-01-02 17:00")
    assert unseen.value_in("Hospital Medicine", "**hospital medicine** has the most")
    assert not unseen.value_in(None, "anything")


def test_a_folder_loads_and_answers_are_scored(scratch_database, tmp_path):
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "schema.sql").write_text(SCHEMA)
    (folder / "questions.jsonl").write_text("\n".join(json.dumps(q) for q in QUESTIONS))
    with scratch_database("dbc_unseen_admin") as admin:
        dsn, secs = unseen.load_schema(folder, admin, "dbc_unseen_tiny", reload=True)
        try:
            answers = {
                "how many beds in all?": [ev("answer", text="**66** — sum of beds")],
                "stays per ward": [ev("tool_call", tool="run_sql", ok=True,
                                      input="SELECT ward, count(*) FROM stay GROUP BY 1"),
                                   ev("answer", text="| 4N | 10 |\n| 5E | 10 |\n| ICU | 10 |")],
                "largest table?": [ev("tool_call", tool="run_sql", ok=True, input="SELECT 1"),
                                   ev("answer", text="stay")],
                "average stay": [ev("answer", text="2.5 days")],
            }
            result = unseen.evaluate(folder, dsn, lambda q: iter(answers[q]))
        finally:
            import psycopg

            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute('DROP DATABASE IF EXISTS "dbc_unseen_tiny" WITH (FORCE)')
    assert secs >= 0 and result["questions"] == 4
    assert result["by_kind"] == {"rows": "1/1", "tool": "0/1", "value": "2/2"}, result
    assert result["misses"][0]["id"] == "t-3" and "list_tables not called" in result["misses"][0]["why"]


def test_a_workloads_prints_stay_off_stdout(scratch_database, tmp_path, capsys):
    """`eval-unseen --json` prints the result on stdout: a workload that prints must not break it."""
    import psycopg

    folder = tmp_path / "chatty"
    folder.mkdir()
    (folder / "schema.sql").write_text("CREATE TABLE t (id int);\n")
    (folder / "workload.py").write_text("def run(dsn):\n    print('workload finished in 0.1 s')\n")
    with scratch_database("dbc_unseen_admin3") as admin:
        try:
            unseen.load_schema(folder, admin, "dbc_unseen_chatty", reload=True)
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute('DROP DATABASE IF EXISTS "dbc_unseen_chatty" WITH (FORCE)')
    out = capsys.readouterr()
    assert "workload finished" not in out.out and "workload finished" in out.err


def test_a_dump_with_psql_meta_commands_loads_and_a_broken_one_leaves_no_database(scratch_database, tmp_path):
    import psycopg

    folder = tmp_path / "dump"
    folder.mkdir()
    (folder / "schema.sql").write_text("\\set ON_ERROR_STOP 1\nCREATE TABLE t (id int, name text);\n"
                                       "COPY t (id, name) FROM stdin;\n1\tone\n2\ttwo\n\\.\n")
    with scratch_database("dbc_unseen_admin2") as admin:
        try:
            dsn, _ = unseen.load_schema(folder, admin, "dbc_unseen_dump", reload=True)
            assert unseen.truth_of(dsn, "SELECT string_agg(name, ',' ORDER BY id) FROM t") == [("one,two",)]
            (folder / "schema.sql").write_text("CREATE TABLE t (id int);\nSELEC oops;\n")
            with pytest.raises(ValueError, match="psql stopped"):
                unseen.load_schema(folder, admin, "dbc_unseen_dump", reload=True)
            with psycopg.connect(admin, autocommit=True) as conn:
                assert conn.execute("SELECT 1 FROM pg_database WHERE datname = 'dbc_unseen_dump'").fetchone() is None
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute('DROP DATABASE IF EXISTS "dbc_unseen_dump" WITH (FORCE)')


def test_a_bad_folder_is_refused_with_one_line(tmp_path):
    import typer
    from typer.testing import CliRunner

    from app.cli_react import register

    app = typer.Typer()
    register(app)
    empty = tmp_path / "empty"
    empty.mkdir()
    res = CliRunner().invoke(app, ["eval-unseen", str(empty)])
    assert res.exit_code == 2 and "no schema.sql and no questions.jsonl" in res.output, res.output
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "schema.sql").write_text("SELECT 1;")
    (broken / "questions.jsonl").write_text('{"question": "x", "kind": "value"}\n{not json\n')
    res = CliRunner().invoke(app, ["eval-unseen", str(broken)])
    assert res.exit_code == 2 and "questions.jsonl:2: not valid JSON" in res.output, res.output


def test_answers_are_scored_as_the_user_sees_them(monkeypatch):
    """Markdown's backslash escapes are not in what the user reads: "HVAC \\& Sons" shows as "HVAC & Sons"."""
    monkeypatch.setattr(unseen, "truth_of", lambda dsn, sql: [("Northcott HVAC & Sons",)])
    q = {"kind": "value", "truth_sql": "SELECT 1"}
    assert unseen.score(q, "", r"top: Northcott HVAC \& Sons (12\.5)", [])[0]
    assert not unseen.score(q, "", "top: Northcott HVAC and Sons", [])[0]


def test_the_command_line_run_releases_each_databases_connections(scratch_database, tmp_path):
    """Thirty-odd databases in one run must not keep a pooled connection each (a server has ~100 slots)."""
    import typer
    from typer.testing import CliRunner

    from app.cli_react import register
    from toolkits.postgres import connection

    app = typer.Typer()
    register(app)

    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "schema.sql").write_text(SCHEMA)
    (folder / "questions.jsonl").write_text(json.dumps(QUESTIONS[0]))
    with scratch_database("dbc_unseen_admin") as admin:
        try:
            res = CliRunner().invoke(app, ["eval-unseen", str(folder), "--dsn", admin, "--reload", "--json"])
            assert res.exit_code == 0, res.output
            assert not [k for k in connection._POOL if "unseen_tiny" in str(k)], connection._POOL.keys()
        finally:
            import psycopg

            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute('DROP DATABASE IF EXISTS "unseen_tiny" WITH (FORCE)')

"""Least privilege, for real on the sandbox: the role report, `dbcopilot make-role`, `db-check`'s warning,
the sidebar's warning, and every read-only tool under a pg_monitor + pg_read_all_data role made by make-role."""
from __future__ import annotations

import os
from pathlib import Path

import psycopg
import pytest
import typer
from typer.testing import CliRunner

try:
    from tests.test_toolkit_fixtures import pgfix  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from test_toolkit_fixtures import pgfix  # noqa: F401

from agent.config import get_settings
from agent.render import markdown
from toolkits.postgres import PgContext, build_registry
from toolkits.postgres.connection import close_all
from toolkits.postgres.roles import RoleError, inspect_role, plan_role, role_dsn

ROLE = f"dbcopilot_ro_t{os.getpid()}"
WRITER = f"dbcopilot_rw_t{os.getpid()}"


def drop_role(admin_dsn: str, name: str) -> None:
    close_all()  # pooled tool connections of the role
    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone():
            role = psycopg.sql.Identifier(name)
            conn.execute(psycopg.sql.SQL("DROP OWNED BY {}").format(role))  # privileges here and on the database
            conn.execute(psycopg.sql.SQL("DROP ROLE {}").format(role))


@pytest.fixture
def cli(pgfix, monkeypatch):
    from app.cli_tools import register

    monkeypatch.setenv("DBCOPILOT_DSN", pgfix["dsn"])
    get_settings.cache_clear()
    app = typer.Typer()
    register(app)
    yield app
    get_settings.cache_clear()


@pytest.fixture(scope="module")
def ro_dsn(pgfix):
    """DSN of a role made by `dbcopilot make-role --yes` (the real code path); dropped afterwards."""
    from app.cli_tools import register

    os.environ["DBCOPILOT_DSN"] = pgfix["dsn"]
    get_settings.cache_clear()
    app = typer.Typer()
    register(app)
    try:
        res = CliRunner().invoke(app, ["make-role", "--name", ROLE, "--yes"])
    finally:
        del os.environ["DBCOPILOT_DSN"]
        get_settings.cache_clear()
    assert res.exit_code == 0, res.output
    assert f"created role {ROLE}" in res.output and f"user={ROLE}" in res.output
    try:
        yield role_dsn(pgfix["dsn"], ROLE)
    finally:
        drop_role(pgfix["dsn"], ROLE)


def test_make_role_prints_the_sql_and_runs_it_only_when_confirmed(cli, pgfix):
    name = ROLE + "_p"
    for given in (None, "n\n"):  # no stdin at all, then a "no"
        res = CliRunner().invoke(cli, ["make-role", "--name", name], input=given)
        assert res.exit_code == 0, res.output
        assert f'CREATE ROLE "{name}" LOGIN;' in res.output
        assert f'GRANT "pg_monitor", "pg_read_all_data" TO "{name}";' in res.output
        assert f'GRANT CONNECT ON DATABASE "dbcopilot_tk_test" TO "{name}";' in res.output
        assert f'ALTER ROLE "{name}" SET default_transaction_read_only = on;' in res.output
        assert f'ALTER ROLE "{name}" SET pg_stat_statements.track = \'none\';' in res.output
        assert "\\password" in res.output and "PASSWORD '" not in res.output.upper()
        assert "not run" in res.output
        with psycopg.connect(pgfix["admin"]) as conn:
            assert conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is None


def test_make_role_refuses_clearly(cli):
    res = CliRunner().invoke(cli, ["make-role", "--name", "postgres"])
    assert res.exit_code == 1 and "already exists" in res.output
    res = CliRunner().invoke(cli, ["make-role", "--name", "pg_reader"])
    assert res.exit_code == 1 and "reserved" in res.output
    res = CliRunner().invoke(cli, ["make-role", "--dsn", "host=127.0.0.1 port=1 dbname=x"])
    assert res.exit_code == 1 and "cannot reach" in res.output
    with pytest.raises(RoleError):
        plan_role("host=127.0.0.1 port=1 dbname=x", "x", timeout_s=2)


def test_made_role_can_only_read(ro_dsn):
    report = inspect_role(ro_dsn)
    assert report.role == ROLE and not report.superuser
    assert report.monitor and report.read_all_data
    assert report.powers == [] and report.warning == ""
    with psycopg.connect(ro_dsn, autocommit=True) as conn:
        for stmt in ("INSERT INTO scratch_writes VALUES (-1, -1)", "CREATE TABLE ro_t (a int)",
                     "CREATE DATABASE ro_db"):
            with pytest.raises(psycopg.Error):
                conn.execute(stmt)
        assert conn.execute("SHOW default_transaction_read_only").fetchone()[0] == "on"
        conn.execute("SET default_transaction_read_only = off")  # even then, no privilege to write
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("DELETE FROM scratch_writes")


def test_every_read_only_tool_works_under_the_made_role(ro_dsn, pgfix):
    """Each tool with each of its example inputs: the same outcome as for the superuser, no permission error."""
    reg = build_registry()
    as_su, as_ro = pgfix["ctx"], PgContext(dsn=ro_dsn)
    for tool in reg.all():
        assert not tool.spec.writes
        for example in tool.spec.examples:
            su, ro = reg.call(tool.spec.name, as_su, example), reg.call(tool.spec.name, as_ro, example)
            text = f"{markdown(ro)} {ro.error}".lower()
            assert "permission denied" not in text and "must be superuser" not in text, (tool.spec.name, example, text)
            assert ro.ok == su.ok, (tool.spec.name, example, ro.error or markdown(ro), su.error)
    top = reg.call("top_queries", as_ro, '{"order_by": "calls", "limit": 5}')  # pg_stat_statements with query texts
    assert top.data["available"] is True and top.rows, markdown(top)
    advice = reg.call("index_advice", as_ro, "SELECT * FROM orders WHERE amount = 5")  # hypopg under the role
    assert advice.ok and advice.data["hypopg"] is True and [r for r in advice.records() if r["recommended"]], \
        markdown(advice)
    workload = reg.call("index_advice", as_ro, "")
    assert workload.ok and workload.data["available"] is True, markdown(workload)
    host = reg.call("host_resources", as_ro, "")
    assert host.ok and host.data["available"] is True
    with psycopg.connect(pgfix["dsn"]) as conn:  # dbcopilot's own queries did not land in the user's workload
        assert conn.execute("SELECT count(*) FROM pg_stat_statements WHERE userid = %s::regrole",
                            (ROLE,)).fetchone()[0] == 0


def test_db_check_warns_for_the_superuser_and_not_for_the_made_role(cli, ro_dsn):
    res = CliRunner().invoke(cli, ["db-check"])
    assert res.exit_code == 0, res.output
    assert "PostgreSQL 15" in res.output and "warning: role postgres is a superuser" in res.output
    assert "make-role" in res.output
    res = CliRunner().invoke(cli, ["db-check", "--dsn", ro_dsn])
    assert res.exit_code == 0, res.output
    assert "warning" not in res.output and "read-only" in res.output


def test_report_names_each_way_a_role_can_write(pgfix):
    admin = pgfix["dsn"]
    drop_role(admin, WRITER)
    role = psycopg.sql.Identifier(WRITER)
    with psycopg.connect(admin, autocommit=True) as conn:
        for stmt in ("CREATE ROLE {} LOGIN CREATEDB", "GRANT INSERT ON orders TO {}", "GRANT UPDATE (name) ON customers TO {}",
                     "GRANT CREATE ON SCHEMA public TO {}", "CREATE TABLE writer_owned (a int)",
                     "ALTER TABLE writer_owned OWNER TO {}"):
            conn.execute(psycopg.sql.SQL(stmt).format(role))
    try:
        report = inspect_role(role_dsn(admin, WRITER))
        assert report.can_write and report.createdb
        assert report.writable_tables == 3  # orders (INSERT), customers (a column), writer_owned (its owner)
        assert report.writable_sample == ["public.customers", "public.orders", "public.writer_owned"]
        assert report.owned_tables == 1 and report.owned_sample == ["public.writer_owned"]
        assert report.create_schemas == ["public"]
        w = report.warning
        assert w.startswith(f"warning: role {WRITER} can write (") and "\n" not in w
        for part in ("CREATEDB", "INSERT/UPDATE/DELETE/TRUNCATE on 3 table(s)", "owns 1 table(s)", "CREATE on schema public"):
            assert part in w, w
        su = inspect_role(admin)
        assert su.superuser and su.powers == ["superuser"] and "superuser" in su.warning
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS writer_owned")
        drop_role(admin, WRITER)


def test_sidebar_warns_after_the_connection_test(tmp_path, monkeypatch, pgfix, ro_dsn):
    from streamlit.testing.v1 import AppTest

    for name in ("DBCOPILOT_DSN", "DBCOPILOT_ROUTE", "DBCOPILOT_LLM_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DBCOPILOT_LLM_BACKEND", "grounded")
    monkeypatch.setenv("DBCOPILOT_CONFIG", str(tmp_path / "none.toml"))
    get_settings.cache_clear()
    try:
        at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "app" / "streamlit_app.py"),
                               default_timeout=120).run()
        at.sidebar.text_input(key="cfg_dsn").set_value(pgfix["dsn"]).run()
        at.sidebar.button(key="test_db").click().run()
        assert [s.value for s in at.sidebar.success][0].startswith("Connected: PostgreSQL 15")
        warnings = [w.value for w in at.sidebar.warning]
        assert warnings and "is a superuser" in warnings[0] and "make-role" in warnings[0], warnings
        at.sidebar.text_input(key="cfg_dsn").set_value(ro_dsn).run()  # a new DSN forgets the old result
        assert not at.sidebar.warning
        at.sidebar.button(key="test_db").click().run()
        assert at.sidebar.success and not at.sidebar.warning
        assert not at.exception
    finally:
        get_settings.cache_clear()

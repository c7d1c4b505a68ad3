"""`dbcopilot tool`, `apply` and `db-check` against the real scratch database; clear errors."""
import json

import psycopg
import pytest
import typer
try:
    from tests.test_toolkit_fixtures import pgfix  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from test_toolkit_fixtures import pgfix  # noqa: F401
from typer.testing import CliRunner

from agent.config import get_settings
from toolkits.postgres.connection import explain_error


@pytest.fixture
def app(pgfix, monkeypatch):
    from app.cli_tools import register

    monkeypatch.setenv("DBCOPILOT_DSN", pgfix["dsn"])
    get_settings.cache_clear()
    cli = typer.Typer()
    register(cli)
    yield cli
    get_settings.cache_clear()


def test_tool_runs_one_tool(app):
    res = CliRunner().invoke(app, ["tool", "list-tables"])
    assert res.exit_code == 0, res.output
    assert "| public | orders | table | 30000 |" in res.output
    res = CliRunner().invoke(app, ["tool", "table_health", "events", "--json"])
    out = json.loads(res.output)
    assert out["ok"] and dict(zip(out["columns"], out["rows"][0]))["table"] == "events"
    assert any(s["sql"].startswith("VACUUM") for s in out["suggestions"])


def test_tool_errors_are_clear(app):
    res = CliRunner().invoke(app, ["tool", "run_sql", "DROP TABLE orders"])
    assert res.exit_code == 1 and "refused" in res.output
    res = CliRunner().invoke(app, ["tool", "brew_coffee"])
    assert res.exit_code == 2 and "unknown tool" in res.output
    res = CliRunner().invoke(app, ["tool", "list_tables", "--dsn", "host=127.0.0.1 port=1 dbname=x"])
    assert res.exit_code == 1 and "cannot reach" in res.output


def test_apply_needs_confirmation_and_the_allow_list(app, pgfix):
    dsn = pgfix["dsn"]
    res = CliRunner().invoke(app, ["apply", "DELETE FROM scratch_writes"])
    assert res.exit_code == 2 and "not run" in res.output
    res = CliRunner().invoke(app, ["apply", "CREATE INDEX cli_idx ON scratch_writes (v)"], input="n\n")
    assert res.exit_code == 1 and "not run." in res.output
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT to_regclass('cli_idx')").fetchone()[0] is None
    res = CliRunner().invoke(app, ["apply", "CREATE INDEX cli_idx ON scratch_writes (v)"], input="y\n")
    assert res.exit_code == 0, res.output
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT to_regclass('cli_idx')").fetchone()[0] == "cli_idx"
    res = CliRunner().invoke(app, ["apply", "DROP INDEX cli_idx", "--yes"])
    assert res.exit_code == 0


def test_db_check(app):
    res = CliRunner().invoke(app, ["db-check"])
    assert res.exit_code == 0 and "PostgreSQL 15" in res.output and "hypopg" in res.output
    res = CliRunner().invoke(app, ["db-check", "--dsn", "host=127.0.0.1 port=1 dbname=x"])
    assert res.exit_code == 1 and "server is down" in res.output


@pytest.mark.parametrize("message,needle", [
    ('connection failed: FATAL:  password authentication failed for user "bob"', "authentication failed"),
    ('connection failed: FATAL:  database "shop" does not exist', "does not exist; check dbname"),
    ('connection failed: could not translate host name "nope" to address', "cannot reach"),
    ("connection timeout expired", "cannot reach"),
])
def test_connection_error_wording(message, needle):
    assert needle in explain_error(psycopg.OperationalError(message), "host=x dbname=shop user=bob")

"""Passwords never shown, logged or stored: DSNs are masked by parsing them, and libpq errors
(which quote a malformed URL, password included) are scrubbed before they reach a message."""
from agent.render import markdown
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict
from typer.testing import CliRunner

from agent.config import Settings
from toolkits.postgres import PgContext, build_registry
from toolkits.postgres.connection import check_connection, dsn_summary, explain_error
from toolkits.secrets import mask_dsn, scrub

REPO = Path(__file__).resolve().parents[1]
DBCOPILOT = Path(sys.executable).parent / "dbcopilot"


@pytest.mark.parametrize("dsn,masked", [
    ("postgres://postgres:p@ss@host/db", "postgres://postgres:****@host/db"),
    ("postgresql://u:p%40ss%20word@h:5432/db?sslmode=require", "postgresql://u:****@h:5432/db?sslmode=require"),
    ("postgresql://h/db?user=u&password=hunter22&sslmode=require",
     "postgresql://h/db?user=u&password=****&sslmode=require"),
    ("postgresql://app@db:5432/shop", "postgresql://app@db:5432/shop"),
    ("host=db dbname=shop user=app", "host=db dbname=shop user=app"),
    ("http://user:tok3n@llm:8080/v1", "http://user:****@llm:8080/v1"),
    ("", ""),
])
def test_mask_urls(dsn, masked):
    assert mask_dsn(dsn) == masked


@pytest.mark.parametrize("dsn,password", [
    ("host=db password='my S3cret pw' dbname=x", "my S3cret pw"),
    ("host=db user=app password=hunter2 dbname=x", "hunter2"),
    (r"""host=db password='it\'s "a" s3cret' dbname=x""", """it's "a" s3cret"""),
    ("host=db sslpassword=k3yphrase dbname=x", "k3yphrase"),
])
def test_mask_keyword_dsns_by_parsing(dsn, password):
    masked = mask_dsn(dsn)
    assert conninfo_to_dict(dsn).items() - conninfo_to_dict(masked).items() == (
        {("password", password)} if "sslpassword" not in dsn else {("sslpassword", password)})
    for piece in password.split():
        assert piece not in masked, masked


@pytest.mark.parametrize("dsn,secret", [
    ("host=db password='unterminated s3cret", "s3cret"),
    ("postgresql://u:sec ret@host/db", "sec ret"),
    ("postgresql://u:pa/ss@host/db", "pa/ss"),
    ("postgresql://u:s3cret@[::1/db", "s3cret"),
    ("mysql://root:t00r@h/db", "t00r"),
])
def test_unparseable_dsns_are_masked_conservatively(dsn, secret):
    masked = mask_dsn(dsn)
    assert "****" in masked
    for piece in secret.replace("/", " ").split():
        assert piece not in masked, masked


@pytest.mark.parametrize("dsn", [
    "postgresql://u:secret@host:notaport/db",
    "postgresql://u:sec ret@host/db",  # libpq: unexpected spaces found in "sec ret"
    "postgresql://u:secret%zz@host/db",  # libpq: invalid percent-encoded token: "secret%zz"
    "postgresql://u:secret@[::1/db",  # libpq quotes the whole URL
    "postgresql://u:secret@127.0.0.1:1/db",
    "host=127.0.0.1 port=1 password='my secret pw",
])
def test_libpq_errors_are_scrubbed(dsn):
    with pytest.raises((psycopg.Error, OSError)) as raised:
        psycopg.connect(dsn, connect_timeout=3)
    message = explain_error(raised.value, dsn)
    assert "secret" not in message and message.count("\n") == 0, message
    ok, message = check_connection(dsn, 3)
    assert not ok and "secret" not in message, message
    assert "secret" not in dsn_summary(dsn)


def test_a_quoted_url_in_an_error_is_the_reason_to_scrub():
    with pytest.raises(psycopg.ProgrammingError) as raised:
        psycopg.connect("postgresql://u:secret@[::1/db")
    assert "secret" in str(raised.value)  # what libpq says, before explain_error


def test_tool_errors_are_scrubbed():
    res = build_registry().call("list_tables", PgContext(dsn="postgresql://u:secret%zz@127.0.0.1:1/db"), "")
    assert not res.ok and "secret" not in res.error and "secret" not in markdown(res), res.error

    from toolkits.registry import Registry
    from toolkits.tool import tool

    @tool("schema", examples=["x"])
    def leaky(ctx, text: str = ""):
        """Fails, quoting its DSN."""
        raise RuntimeError(f"could not use {ctx.dsn}")

    reg = Registry([leaky])
    res = reg.call("leaky", PgContext(dsn="host=db password=hunter22 dbname=x", local=False), "")
    assert not res.ok and "hunter22" not in res.error and "****" in res.error, res.error


@pytest.mark.parametrize("text,secret", [
    ("could not connect to postgresql://app:hunter22@db/x", "hunter22"),
    ("dsn was host=db password=hunter22 dbname=x", "hunter22"),
    ("dsn was host=db password='two words' dbname=x", "two words"),
    ("PGPASSWORD=hunter22 psql", "hunter22"),
])
def test_scrub_free_text(text, secret):
    out = scrub(text)
    assert secret not in out and "****" in out, out


@pytest.mark.parametrize("text", [
    'relation "orders" does not exist',
    "the LLM server at http://127.0.0.1:8080/v1 is down",
    "password authentication failed for user \"bob\"",
])
def test_scrub_leaves_ordinary_messages_alone(text):
    assert scrub(text) == text
    assert scrub(text, "host=db user=bob password=s3cret dbname=x") == text


@pytest.mark.parametrize("text", ["a" * 1_000_000, "password=" * 100_000, "a://" * 250_000, "a." * 500_000,
                                  "password='" + "\\" * 1_000_000, "postgresql://u:" + "@" * 1_000_000])
def test_scrub_is_linear(text):
    t0 = time.perf_counter()
    scrub(text, text[:200])
    mask_dsn(text)
    assert time.perf_counter() - t0 < 1.0


def test_settings_masked():
    shown = Settings(dsn="postgres://postgres:p@ss@host/db", llm_base_url="http://u:t0ken@llm/v1").masked()
    assert shown["dsn"] == "postgres://postgres:****@host/db"
    assert "t0ken" not in shown["llm_base_url"]
    shown = Settings(dsn="host=db password='my S3cret pw' dbname=x").masked()
    assert "S3cret" not in shown["dsn"] and "pw'" not in shown["dsn"]


@pytest.mark.parametrize("dsn,secret", [
    ("postgres://postgres:p@ss@host/db", "p@ss"),
    ("host=db password='my S3cret pw' dbname=x", "S3cret"),
    ("postgresql://u:p%40ss%20word@h/db", "p%40ss"),
])
def test_config_command_masks_the_dsn(tmp_path, dsn, secret):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DBCOPILOT_")}
    env.update(DBCOPILOT_DSN=dsn, DBCOPILOT_CONFIG=str(tmp_path / "none.toml"),
               DBCOPILOT_DATA_DIR=str(tmp_path / "data"))
    res = subprocess.run([str(DBCOPILOT), "config"], env=env, cwd=tmp_path, capture_output=True, timeout=120)
    assert res.returncode == 0, res.stderr.decode()
    out = res.stdout.decode()
    assert secret not in out and "****" in out, out
    assert json.loads(out)["dsn"] == mask_dsn(dsn)


def test_apply_prompt_masks_the_dsn(demo_dsn, monkeypatch):
    import typer

    from agent.config import get_settings
    from app.cli_tools import register

    d = conninfo_to_dict(demo_dsn)
    url = f"postgresql://{d['user']}:hunter22@{d['host']}:{d['port']}/{d['dbname']}"
    monkeypatch.delenv("DBCOPILOT_DSN", raising=False)
    get_settings.cache_clear()
    cli = typer.Typer()
    register(cli)
    try:
        res = CliRunner().invoke(cli, ["apply", "ANALYZE orders", "--dsn", url], input="n\n")
    finally:
        get_settings.cache_clear()
    assert res.exit_code == 1 and "not run." in res.output, res.output
    assert "hunter22" not in res.output and f"{d['user']}:****@" in res.output, res.output


def test_llm_server_url_password_is_masked_in_messages():
    from agent.backends import check_backend, make_backend

    settings = Settings(llm_backend="openai", llm_base_url="http://u:t0ken@127.0.0.1:1/v1", llm_model="m",
                        llm_timeout_s=3)
    assert "t0ken" not in make_backend(settings).label
    ok, message = check_backend(settings)  # nothing listens on port 1
    assert not ok and "t0ken" not in message and "u:****@127.0.0.1:1" in message, message


def test_log_records_are_scrubbed_message_and_traceback(caplog):
    """log.exception after a libpq error: neither the message nor the traceback keeps the password."""
    import logging

    from toolkits.secrets import scrub_logs

    scrub_logs()
    scrub_logs()  # idempotent
    log = logging.getLogger("dbcopilot.test")
    url = "postgresql://app:hunter22@db.internal:5432/shop"
    try:
        raise RuntimeError(f"could not connect to {url}")
    except RuntimeError:
        log.exception("answering failed for %s (password=hunter22)", url)
    text = caplog.text
    assert "answering failed" in text and "RuntimeError" in text
    assert "hunter22" not in text

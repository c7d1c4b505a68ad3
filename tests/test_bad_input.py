"""Bad input gets a clear one-line message, never a hang or a traceback: 1 MB adversarial tool inputs,
the tool input cap, lone surrogates, deep nesting, invalid settings, `dbcopilot tool NAME -` (stdin),
and `dbcopilot run` passing SIGTERM on to Streamlit."""
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from toolkits.postgres import PgContext, build_registry
from toolkits.inputs import as_int, clean_text, parse_input
from agent.render import markdown

try:
    from tests.procs import stop_process
except ImportError:  # tests/ not a package
    from procs import stop_process

REPO = Path(__file__).resolve().parents[1]
DBCOPILOT = Path(sys.executable).parent / "dbcopilot"
MB = 1_000_000

ADVERSARIAL = {  # each 1 MB; the quadratic regexes took minutes on several of these
    "word": "a" * MB,
    "key=": "a=" * (MB // 2),
    "json keys": '{"a":' * (MB // 5),
    "spaces": " " * MB,
    "key: ": "a: " * (MB // 3),
    "brace then word": "{" + "a" * MB,
    "fence then word": "```" + "a" * MB,
    "fence then spaces": "```" + " " * MB + "x",
    "quotes": "'" * MB,
    "backticks": "`" * MB,
    'key="': 'a="' * (MB // 3),
    "unclosed JSON string": '{"a":"' + "x" * MB,
    "backslashes": '{"a":"' + "\\" * MB,
    "pairs": "a=1," * (MB // 4),
    "parentheses": "(" * MB,
    "braces": "{" * MB,
    "digits": "1" * MB,
}


@pytest.mark.parametrize("shape", ADVERSARIAL)
def test_parsing_a_1mb_input_is_linear(shape):
    text = ADVERSARIAL[shape]
    t0 = time.perf_counter()
    parse_input(text, "sql", ("limit", "query"))
    as_int(text, 10)
    assert time.perf_counter() - t0 < 1.0, shape


@pytest.mark.parametrize("raw,expected", [
    ("```sql\nSELECT 1 AS one;\n```", "SELECT 1 AS one;"),
    ("```\nSELECT 1\n```", "SELECT 1"),
    ("  `orders`  ", "orders"),
    ("\"' orders '\"", "orders"),
    ("'''", "'"),
])
def test_clean_text_keeps_its_behaviour(raw, expected):
    assert clean_text(raw) == expected


def test_parse_input_keeps_its_behaviour():
    assert parse_input("order_by=calls, limit=5", "order_by", ("limit",)) == {"order_by": "calls", "limit": "5"}
    assert parse_input("limit: 5; order_by: 'mean_time'", "order_by", ("limit",)) == {
        "order_by": "mean_time", "limit": "5"}
    assert parse_input("junk order_by=calls", "order_by") == {"order_by": "junk order_by=calls"}
    assert parse_input('{"table": "orders", "limit": 3', "table", ("limit",)) == {"table": "orders", "limit": "3"}
    assert set(parse_input('{"a":' * 5000, "sql")) == {"sql"}  # nested past json's recursion limit
    assert as_int("9" * 5000, 10) == 1000


# --- through the registry, against the sandbox database ------------------------------------------------

@pytest.fixture(scope="module")
def reg():
    return build_registry()


@pytest.fixture
def ctx(demo_dsn):
    return PgContext(dsn=demo_dsn)


def one_line(res):
    assert not res.ok and res.error and "\n" not in res.error and "Traceback" not in res.error, res.error
    return res.error


def test_an_input_over_the_cap_is_refused_before_parsing(reg, ctx):
    res = reg.call("run_sql", ctx, "SELECT 1 " + "-" * 70_000)
    msg = one_line(res)
    assert "not run" in msg and "too long" in msg and "65,536" in msg and "max_tool_input_bytes" in msg
    assert not reg.call("list_tables", ctx, "é" * 40_000).ok  # 40,000 characters are 80,000 UTF-8 bytes


def test_the_cap_comes_from_the_settings(reg, demo_dsn):
    from agent.config import Settings

    small = PgContext.from_settings(Settings(max_tool_input_bytes=100), dsn=demo_dsn)
    assert small.max_input_bytes == 100
    assert "too long" in one_line(reg.call("run_sql", small, "SELECT 1 AS one -- " + "x" * 100))
    res = reg.call("run_sql", small, "SELECT 1 AS one")
    assert res.ok, res.error


def test_an_input_just_under_the_cap_runs(reg, ctx):
    sql = "SELECT length('" + "x" * 60_000 + "') AS n"
    res = reg.call("run_sql", ctx, sql)
    assert res.ok, res.error
    assert "60000" in markdown(res)


@pytest.mark.parametrize("tool,tool_input", [
    ("run_sql", "SELECT '\ud800' AS s"),
    ("list_tables", "\ud800"),
    ("describe_table", "orders\udcff"),
    ("top_queries", '{"order_by": "calls\ud800"}'),
])
def test_a_lone_surrogate_is_replaced_not_raised(reg, ctx, tool, tool_input):
    res = reg.call(tool, ctx, tool_input)
    for text in (markdown(res), res.error):
        text.encode("utf-8")  # printable and storable
    assert "UnicodeEncodeError" not in res.error and "surrogate" not in res.error
    if tool == "run_sql":
        assert res.ok and "\ufffd" in markdown(res), res.error


@pytest.mark.parametrize("tool", ["run_sql", "explain_query", "list_tables"])
def test_deep_nesting_gives_a_clear_error(reg, ctx, tool):
    res = reg.call(tool, ctx, "SELECT " + "(" * 5000 + "1" + ")" * 5000)
    if not res.ok:
        assert "RecursionError" not in one_line(res) and "maximum recursion" not in res.error


def test_recursion_inside_a_tool_becomes_a_clear_error():
    from toolkits.registry import Registry
    from toolkits.tool import tool

    def recurse(ctx, text, depth=0):
        return recurse(ctx, text, depth + 1)

    @tool("schema", examples=["x"])
    def deep(ctx, text: str = ""):
        """Recurses."""
        return recurse(ctx, text)

    reg = Registry([deep])
    msg = one_line(reg.call("deep", None, "x"))
    assert "nested too deeply" in msg


# --- the real CLI ----------------------------------------------------------------------------------------

def cli_env(tmp_path, **env) -> dict:
    out = {k: v for k, v in os.environ.items() if not k.startswith("DBCOPILOT_")}
    out.update(DBCOPILOT_DATA_DIR=str(tmp_path / "data"), DBCOPILOT_CONFIG=str(tmp_path / "none.toml"),
               HF_HUB_OFFLINE="1")
    out.update(env)
    return out


def dbcopilot(args, env, stdin=None, timeout=120):
    return subprocess.run([str(DBCOPILOT), *args], env=env, cwd=REPO, input=stdin, capture_output=True,
                          timeout=timeout)


def setting_error(res) -> str:
    err = res.stderr.decode()
    assert res.returncode == 2, (res.stdout, err)
    assert err.count("\n") == 1 and "Traceback" not in err and "pydantic" not in err, err
    assert err.startswith("error: invalid setting:"), err
    return err


@pytest.mark.parametrize("name,value,needle", [
    ("DBCOPILOT_ROW_CAP", "abc", "row_cap='abc'"),
    ("DBCOPILOT_STATEMENT_TIMEOUT_MS", "0", "statement_timeout_ms='0'"),
    ("DBCOPILOT_STATEMENT_TIMEOUT_MS", "-1", "statement_timeout_ms='-1'"),
    ("DBCOPILOT_MAX_TOOL_INPUT_BYTES", "0", "max_tool_input_bytes='0'"),
])
def test_an_invalid_setting_is_one_line_from_config(tmp_path, name, value, needle):
    err = setting_error(dbcopilot(["config"], cli_env(tmp_path, **{name: value})))
    assert needle in err and name in err, err
    if "TIMEOUT" in name:
        assert "positive" in err and "disable the timeout" in err


@pytest.mark.parametrize("command", [["db-check"], ["tool", "list_tables"], ["ask", "what is MVCC?"],
                                     ["apply", "ANALYZE orders", "--yes"]])
def test_an_invalid_setting_is_one_line_from_every_command(tmp_path, command):
    err = setting_error(dbcopilot(command, cli_env(tmp_path, DBCOPILOT_ROW_CAP="abc")))
    assert "DBCOPILOT_ROW_CAP" in err


def test_an_unreadable_config_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("row_cap = = 3\n")
    res = dbcopilot(["config"], cli_env(tmp_path, DBCOPILOT_CONFIG=str(bad)))
    err = res.stderr.decode()
    assert res.returncode == 2 and err.count("\n") == 1 and str(bad) in err and "TOML" in err, err


def test_tool_reads_its_input_from_stdin(tmp_path, demo_dsn):
    env = cli_env(tmp_path, DBCOPILOT_DSN=demo_dsn)
    res = dbcopilot(["tool", "run_sql", "-"], env, stdin=b"SELECT 41 + 1 AS answer\n")
    assert res.returncode == 0, res.stderr.decode()
    assert "42" in res.stdout.decode()
    long_sql = ("SELECT length('" + "x" * 60_000 + "') AS n").encode()  # too long for a comfortable argv
    res = dbcopilot(["tool", "run_sql", "-", "--json"], env, stdin=long_sql)
    assert res.returncode == 0, res.stderr.decode()
    assert "60000" in res.stdout.decode()
    res = dbcopilot(["tool", "run_sql", "-"], env, stdin=b"SELECT 1 " + b"-" * 70_000)
    assert res.returncode == 1 and "too long" in res.stdout.decode()
    res = dbcopilot(["tool", "run_sql", "-"], env, stdin=b"SELECT '\xff' AS bad_utf8")  # replaced, not raised
    assert res.returncode == 0 and "\ufffd" in res.stdout.decode(), res.stderr.decode()


def test_run_stops_streamlit_when_it_is_stopped(tmp_path):
    from toolkits.postgres.sandbox import free_port

    port = free_port()
    log = open(tmp_path / "run.log", "w")
    parent = subprocess.Popen([str(DBCOPILOT), "run", "--port", str(port)], env=cli_env(tmp_path), cwd=REPO,
                              stdout=log, stderr=subprocess.STDOUT)
    children = []
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                pass
            if parent.poll() is not None or time.monotonic() > deadline:
                pytest.fail("dbcopilot run did not start:\n" + (tmp_path / "run.log").read_text()[-3000:])
            time.sleep(0.5)
        children = psutil.Process(parent.pid).children(recursive=True)
        assert any("streamlit" in " ".join(c.cmdline()) for c in children)
        parent.send_signal(signal.SIGTERM)
        gone, alive = psutil.wait_procs(children, timeout=15)
        assert not alive, [c.cmdline() for c in alive]
        assert parent.wait(timeout=15) in (0, 128 + signal.SIGTERM)
    finally:
        for c in children:
            if c.is_running():
                c.kill()
        stop_process(parent)
        log.close()

"""`dbcopilot mcp`: a real MCP client session from the SDK, over stdio (the server is `python -m app.cli mcp`,
a subprocess) and over streamable HTTP, against a real database on the sandbox cluster."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from agent.config import Settings
from app.mcp_server import SEARCH, WRITE_NOTE, Tools
from toolkits.postgres import build_registry

REPO = Path(__file__).resolve().parents[1]
DB = "dbc_mcp"
SETUP = """
CREATE TABLE items (id serial PRIMARY KEY, label text NOT NULL, qty int NOT NULL);
INSERT INTO items (label, qty) SELECT 'item ' || g, g % 7 FROM generate_series(1, 300) g;
CREATE TABLE lines (id serial PRIMARY KEY, item_id int NOT NULL REFERENCES items(id), n int NOT NULL);
INSERT INTO lines (item_id, n) SELECT 1 + g % 300, g FROM generate_series(1, 3000) g;
ANALYZE;
"""


@pytest.fixture(scope="module")
def dsn(scratch_database):
    with scratch_database(DB) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(SETUP)
        yield dsn


def server_env(dsn: str, data_dir: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "DBCOPILOT_DSN": dsn, "DBCOPILOT_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1", **extra}


def stdio(dsn: str, data_dir: Path, **extra: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "app.cli", "mcp"], cwd=str(REPO),
                                 env=server_env(dsn, data_dir, **extra))


def items(dsn: str) -> int:
    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT count(*) FROM items").fetchone()[0]


def test_a_stdio_session_lists_the_read_only_tools_and_calls_them(dsn, tmp_path):
    async def session():
        async with Client(stdio(dsn, tmp_path)) as client:
            listed = (await client.list_tools()).tools
            rows = await client.call_tool("run_sql", {"sql": "SELECT label, qty FROM items ORDER BY id LIMIT 3"})
            refused = await client.call_tool("run_sql", {"sql": "DELETE FROM items"})
            health = await client.call_tool("index_usage", {})
            unknown = await client.call_tool("drop_everything", {})
            return listed, rows, refused, health, unknown

    listed, rows, refused, health, unknown = asyncio.run(session())
    registry = build_registry()
    by_name = {t.name: t for t in listed}
    assert set(by_name) == {t.name for t in registry.all() if not t.spec.writes} | {SEARCH}
    assert by_name["run_sql"].input_schema == registry.resolve("run_sql").spec.schema()  # the tool's own schema
    assert all(t.annotations.read_only_hint for t in listed)

    assert not rows.is_error
    assert rows.structured_content["columns"] == ["label", "qty"]
    assert rows.structured_content["rows"] == [["item 1", 1], ["item 2", 2], ["item 3", 3]]
    assert "item 1" in rows.content[0].text

    assert refused.is_error and "refused" in refused.content[0].text
    assert items(dsn) == 300

    # lines.item_id has no index: the fix comes back as data with the note, never run
    assert not health.is_error
    sugg = health.structured_content["suggestions"]
    assert sugg and all(s["note"] == WRITE_NOTE for s in sugg) and "CREATE INDEX" in sugg[0]["sql"]
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT count(*) FROM pg_indexes WHERE tablename = 'lines'").fetchone()[0] == 1

    assert unknown.is_error and "unknown tool" in unknown.content[0].text


def test_write_tools_are_never_offered(dsn):
    tools = Tools(Settings(dsn=dsn))
    writing = [t for t in tools.registry.all() if t.spec.writes]
    for t in writing:
        assert t.name not in {s.name for s in tools.specs()}
        assert tools.call(t.name, {}).is_error
    # the filter is on the flag, whatever the registry holds
    assert all(not t.spec.writes for t in tools.offered())


def test_a_database_that_cannot_be_reached_is_a_tool_error_not_a_crash(tmp_path):
    bad = "host=127.0.0.1 port=1 dbname=nowhere user=nobody connect_timeout=2"

    async def session():
        async with Client(stdio(bad, tmp_path)) as client:
            listed = (await client.list_tools()).tools
            return listed, await client.call_tool("list_tables", {})

    listed, res = asyncio.run(session())
    assert listed  # the server starts and lists its tools
    assert res.is_error and "Cannot reach the database" in res.content[0].text


def test_the_manual_search_says_when_nothing_is_indexed(dsn, tmp_path):
    res = Tools(Settings(dsn=dsn, data_dir=tmp_path)).call(SEARCH, {"query": "autovacuum"})
    assert res.is_error and res.content[0].text  # an empty knowledge base: a clear message
    assert Tools(Settings(dsn=dsn, data_dir=tmp_path)).call(SEARCH, {}).is_error


def test_streamable_http_transport(dsn, tmp_path):
    from tests.procs import free_port, stop_process

    port = free_port()
    log = (tmp_path / "mcp.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "mcp", "--transport", "http", "--port", str(port)],
                            cwd=str(REPO), env=server_env(dsn, tmp_path), stdout=log, stderr=subprocess.STDOUT)
    try:
        async def session():
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                return (await client.list_tools()).tools, await client.call_tool("run_sql", {"sql": "SELECT 41 + 1 AS n"})

        deadline = time.monotonic() + 60
        while True:
            try:
                listed, res = asyncio.run(session())
                break
            except Exception:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.5)
        assert any(t.name == "run_sql" for t in listed)
        assert res.structured_content["value"] == 42
    finally:
        stop_process(proc)
        log.close()


def test_a_bad_transport_is_one_line_and_exit_2():
    out = subprocess.run([sys.executable, "-m", "app.cli", "mcp", "--transport", "carrier-pigeon"], cwd=str(REPO),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "unknown transport" in out.stderr

"""The hostile-input corpus (tests/hostile_corpus.py), unchanged, through the MCP path: one `dbcopilot mcp` server
over stdio, connected as a SUPERUSER to the same booby-trapped database test_hostile.py builds, and every case
must leave the database, the file system and the server as they were."""
from __future__ import annotations

import asyncio
import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from toolkits.tool import InputError

try:
    from tests.hostile_corpus import MAY_RUN, READ_TOOLS
    from tests.test_hostile import baseline, fill, hostile, state  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from hostile_corpus import MAY_RUN, READ_TOOLS
    from test_hostile import baseline, fill, hostile, state  # noqa: F401

REPO = Path(__file__).resolve().parents[1]


class Session:
    """One MCP client session on a thread of its own (its event loop), called synchronously by the tests."""

    def __init__(self, params: StdioServerParameters):
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop = None
        self.client = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(params),), daemon=True)
        self.thread.start()
        assert self.ready.wait(120), "the MCP server did not start"
        if self.error:
            raise self.error

    async def _run(self, params):
        self.stop = asyncio.Event()
        try:
            async with Client(params) as client:
                self.client = client
                self.ready.set()
                await self.stop.wait()
        except BaseException as e:  # reported to the test that started it
            self.error = e
            self.ready.set()

    def call(self, name: str, arguments: dict):
        return asyncio.run_coroutine_threadsafe(self.client.call_tool(name, arguments), self.loop).result(60)

    def close(self):
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(30)


@pytest.fixture(scope="module")
def mcp(hostile):
    env = {**os.environ, "DBCOPILOT_DSN": hostile["dsn"], "DBCOPILOT_STATEMENT_TIMEOUT_MS": "2000",
           "DBCOPILOT_ROW_CAP": "50", "HF_HUB_OFFLINE": "1"}
    session = Session(StdioServerParameters(command=sys.executable, args=["-m", "app.cli", "mcp"], cwd=str(REPO), env=env))
    yield session
    session.close()


def arguments(tool, text: str) -> dict:
    """What an MCP client sends for a text input: the arguments it parses to, else the text as the first input.
    A lone surrogate cannot travel in MCP's JSON (UTF-8) at all: a client sends U+FFFD in its place."""
    text = text.encode("utf-8", "surrogatepass").decode("utf-8", "replace") if re.search("[\ud800-\udfff]", text) else text
    try:
        return tool.parse(text)
    except InputError:
        return {tool.spec.params[0].name: text} if tool.spec.params else {}


@pytest.mark.parametrize("klass,tool,text", READ_TOOLS, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(READ_TOOLS)])
def test_read_tool_input_through_mcp_changes_nothing(hostile, baseline, mcp, klass, tool, text):
    spec = hostile["reg"].resolve(tool)
    started = time.perf_counter()
    res = mcp.call(spec.name, arguments(spec, fill(text, hostile)))
    assert time.perf_counter() - started < 10
    if text not in MAY_RUN and spec.name == "run_sql":
        assert res.is_error, res.content[0].text[:300]
    assert state(hostile) == baseline

"""The read-only tools as LangChain tools (`from dbcopilot.integrations import langchain_tools`): their schemas,
a call that returns rows, one the guard refuses, and a LangChain agent loop driven by the real llama.cpp server
(SmolLM2-135M) that calls a tool. The tiny model's SQL and answer do not matter, the wiring does: the tool call
is forced (tool_choice) because a 135M model rarely chooses one by itself."""
from __future__ import annotations

import psycopg
import pytest
from langchain_core.messages import HumanMessage, ToolMessage

from agent.config import Settings
from dbcopilot.integrations import langchain_tools
from toolkits.postgres import build_registry

DB = "dbc_langchain"


@pytest.fixture(scope="module")
def dsn(scratch_database):
    with scratch_database(DB) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("CREATE TABLE films (id int PRIMARY KEY, title text); "
                         "INSERT INTO films SELECT g, 'film ' || g FROM generate_series(1, 42) g; ANALYZE")
        yield dsn


@pytest.fixture(scope="module")
def tools(dsn):
    return {t.name: t for t in langchain_tools(Settings(dsn=dsn))}


def films(dsn: str) -> int:
    with psycopg.connect(dsn) as conn:
        return conn.execute("SELECT count(*) FROM films").fetchone()[0]


def test_every_read_only_tool_with_its_own_schema(tools):
    registry = build_registry()
    assert set(tools) == {t.name for t in registry.all() if not t.spec.writes} | {"search_manual"}
    assert tools["run_sql"].args_schema == registry.resolve("run_sql").spec.schema()


def test_rows_as_content_and_artifact_and_a_refusal_as_the_tools_answer(tools, dsn):
    msg = tools["run_sql"].invoke({"type": "tool_call", "id": "c1", "name": "run_sql",
                                   "args": {"sql": "SELECT count(*) AS n FROM films"}})
    assert isinstance(msg, ToolMessage) and "42" in msg.content and msg.artifact["value"] == 42
    refused = tools["run_sql"].invoke({"sql": "DELETE FROM films"})
    assert "refused" in refused  # handed back to the model, not raised
    assert films(dsn) == 42


@pytest.mark.slow
def test_a_langchain_agent_loop_on_the_real_llama_server_calls_a_tool(tools, dsn, llama_server):
    from langchain_openai import ChatOpenAI

    llm = ChatOpenAI(base_url=llama_server.base_url, api_key="not-needed", model=llama_server.model,
                     max_tokens=64, temperature=0, timeout=120)
    messages = [HumanMessage("How many films are in the films table? Use run_sql.")]
    ai = llm.bind_tools([tools["run_sql"]], tool_choice="run_sql").invoke(messages)
    assert ai.tool_calls and ai.tool_calls[0]["name"] == "run_sql"
    result = tools["run_sql"].invoke(ai.tool_calls[0])  # whatever SQL the model wrote, through the guard
    assert isinstance(result, ToolMessage) and result.tool_call_id == ai.tool_calls[0]["id"] and result.content
    # llama-cpp-python's server rejects an assistant turn whose content is null (LangChain sends null next to
    # tool calls): give the turn a line of text, as a chat UI would show
    ai.content = ai.content or f"Calling {ai.tool_calls[0]['name']}."
    final = llm.invoke(messages + [ai, result])  # the model reads the observation and answers
    assert isinstance(final.content, str)
    assert films(dsn) == 42

"""Registry: exact and fuzzy lookup, prompt rendering, MiniLM matching; `dbcopilot tools`; input parsing."""
import json

import pytest
import typer
from typer.testing import CliRunner

from toolkits.base import Tool, ToolResult, ToolSpec
from toolkits.tool import tool
from toolkits.postgres import build_registry
from toolkits.inputs import parse_input
from toolkits.registry import Registry
from agent.render import markdown, render_specs


@pytest.fixture(scope="module")
def reg():
    return build_registry()


def test_exact_get_and_missing(reg):
    assert reg.get("run_sql").spec.category == "selection"
    with pytest.raises(KeyError):
        reg.get("Run_SQL")


@pytest.mark.parametrize("name,expected", [
    ("run_sql", "run_sql"), ("Run-SQL", "run_sql"), ("RUN SQL", "run_sql"), ("list_tabels", "list_tables"),
    ("describe-table", "describe_table"), ("`top_queries`", "top_queries"), ("tablehealth", "table_health"),
    ("index_advise", "index_advice"), ("functions.list_tables", "list_tables"),
])
def test_fuzzy_resolve(reg, name, expected):
    tool = reg.resolve(name)
    assert tool is not None and tool.spec.name == expected


@pytest.mark.parametrize("name", ["", "make_coffee", "sql", "delete_everything"])
def test_resolve_refuses_unrelated_names(reg, name):
    assert reg.resolve(name) is None


def test_unknown_category_is_refused():
    bad = Tool(ToolSpec("x", "weather", "d"), lambda ctx: ToolResult(True))
    with pytest.raises(ValueError, match="category"):
        Registry([bad])
    with pytest.raises(ValueError, match="category"):
        tool("weather")(lambda ctx: ToolResult(True))


def test_render_specs_for_prompts(reg):
    text = render_specs(reg.all())
    for t in reg.all():
        assert f"- {t.spec.name} [{t.spec.category}]" in text
    assert "Examples: SELECT count(*) FROM orders" in text and "Format: plain text (the sql), or JSON {\"sql\": string, \"limit\": integer}" in text
    two = render_specs([reg.get("locks"), reg.get("run_sql")])
    assert two.count("\n- ") == 1 and "list_tables" not in two


@pytest.mark.parametrize("question,tool", [
    ("Which of my tables has the most dead tuples?", "table_health"),
    ("recommend indexes for my workload", "index_advice"),
    ("how many orders came in yesterday?", "run_sql"),
    ("who is blocking whom", "locks"),
    ("what is the cache hit ratio", "database_stats"),
    ("show me the slowest queries", "top_queries"),
    ("is replication lagging", "replication_status"),
    ("are there unused indexes", "index_usage"),
    ("how much free disk space does the server have", "host_resources"),
    ("what columns does the customers table have", "describe_table"),
])
def test_match_puts_the_right_tool_in_the_top_3(reg, question, tool):
    names = [t.spec.name for t in reg.match(question, 3)]
    assert tool in names, names


def test_match_k_and_scores(reg):
    assert len(reg.match("slow database", 5)) == 5
    assert reg.match("anything", 0) == []
    scores = [s for _, s in reg.match_scores("dead tuples")]
    assert scores == sorted(scores, reverse=True) and len(scores) == len(reg)


@pytest.mark.parametrize("raw,expected", [
    ('{"table": "orders"}', {"table": "orders"}),
    ("orders", {"table": "orders"}),
    ('"orders"', {"table": "orders"}),
    ("table=orders", {"table": "orders"}),
    ('{"name": "orders"}', {"table": "orders"}),
    ("`orders`", {"table": "orders"}),
    ("", {"table": ""}),
    ('{"table": "orders"', {"table": "orders"}),  # broken JSON from a model is salvaged
    ("{table: orders}", {"table": "orders"}),
    ("{orders}", {"table": "orders"}),
])
def test_parse_input_is_tolerant(raw, expected):
    assert parse_input(raw, "table") == expected


def test_parse_input_keeps_sql_with_equals_signs_whole():
    sql = "SELECT * FROM orders WHERE id = 5"
    assert parse_input(sql, "sql", ("limit",)) == {"sql": sql}
    assert parse_input("order_by=calls limit=5", "order_by", ("limit",)) == {"order_by": "calls", "limit": "5"}


def test_cli_tools_lists_specs_as_json_and_table():
    from app.cli_tools import register

    app = typer.Typer()
    register(app)
    app.command("noop")(lambda: None)  # typer needs two commands to keep the sub-command name
    runner = CliRunner()
    res = runner.invoke(app, ["tools", "--json"])
    assert res.exit_code == 0, res.output
    specs = json.loads(res.output)
    assert {s["name"] for s in specs} >= {"run_sql", "list_tables", "index_advice", "host_resources"}
    assert all(set(s) >= {"name", "category", "description", "input_content", "input_format", "examples", "writes"}
               for s in specs)
    res = runner.invoke(app, ["tools", "--category", "tuning"])
    assert res.exit_code == 0 and "index_advice" in res.output and "run_sql" not in res.output
    res = runner.invoke(app, ["tools", "--json", "--match", "dead tuples", "--k", "2"])
    assert res.exit_code == 0 and json.loads(res.output)[0]["name"] == "table_health"
    res = runner.invoke(app, ["tools", "--category", "weather"])
    assert res.exit_code == 2 and "unknown category" in res.output


def test_a_tool_bug_becomes_an_error_result_with_timing():
    @tool("status")
    def broken_tool(ctx, text: str = ""):
        """Always fails."""
        raise RuntimeError("boom")

    reg = Registry([broken_tool])
    res = reg.call("broken_tool", None, "")
    assert not res.ok and "RuntimeError: boom" in res.error and markdown(res).startswith("Error:")
    assert res.duration_ms >= 0

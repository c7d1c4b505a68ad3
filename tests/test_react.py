"""The ReAct loop with a scripted policy: parsing, repair, snapshots, error feedback,
repeated calls, premature final answers, the step cap. Tools are the real PostgreSQL
tools on the demo database; only the policy is scripted."""
from __future__ import annotations

import pytest

from agent.events import Event
from agent.react import LoopState, Snapshots, Turn, parse_turn, read_model_text, run_loop


# ----------------------------------------------------------------------------- parsing (pure)


def test_parse_plain_action():
    p = parse_turn("Thought: check health\nAction: table_health\nAction_Input: orders")
    assert (p.thought, p.tool, p.tool_input, p.final) == ("check health", "table_health", "orders", None)


def test_parse_tolerates_fences_prose_and_label_variants():
    p = parse_turn("I will look at it.\n```\nAction: `run_sql`\nAction Input: ```sql\nSELECT 1\n```\n```")
    assert p.thought == "I will look at it."
    assert p.tool == "run_sql" and p.tool_input == "SELECT 1"
    p = parse_turn("**Action:** table_health\n**Action_Input:** orders")
    assert (p.tool, p.tool_input) == ("table_health", "orders")


def test_parse_repairs_call_syntax_and_input_on_action_line():
    p = parse_turn('Thought: x\nAction: describe_table("orders")')
    assert (p.tool, p.tool_input) == ("describe_table", "orders") and p.repairs
    p = parse_turn("Action: describe_table customers")
    assert (p.tool, p.tool_input) == ("describe_table", "customers") and p.repairs


def test_parse_cuts_invented_observation_and_keeps_first_of_action_or_answer():
    p = parse_turn('Thought: a\nAction: list_tables\nAction_Input: {"pattern": "o%"}\nObservation: fake\nFinal_Answer: no')
    assert p.tool == "list_tables" and p.final is None and p.tool_input == '{"pattern": "o%"}'
    p = parse_turn("Thought: done\nFinal Answer: **42** orders\n```sql\nSELECT 1\n```")
    assert p.final.startswith("**42** orders") and "```sql" in p.final


def test_parse_prose_only_is_empty():
    assert parse_turn("I think the database is fine.").empty


def test_snapshot_store_and_read():
    snaps = Snapshots(200)
    text = "\n".join(f"line {i:03d} " + "x" * 20 for i in range(1, 101))
    shown, key = snaps.fit(3, text)
    assert key == "S3" and len(shown) < 400
    omitted = int(shown.rsplit("… ", 1)[1].split()[0])
    assert f"{omitted} lines omitted [snapshot: S3]" in shown and 0 < omitted < 100
    ok, more = snaps.read("S3 from 50")
    assert ok and "line 050" in more and "line 049" not in more
    ok, more = snaps.read("SNAPSHOT:S3")
    assert ok and "line 001" in more
    ok, msg = snaps.read("S9")
    assert not ok and "S3" in msg


# ----------------------------------------------------------------------------- the loop, scripted


class Scripted:
    """Returns the given turns in order; records the scratchpad it saw each time."""

    def __init__(self, *turns: str):
        self.turns = list(turns)
        self.seen: list[str] = []

    def propose(self, state: LoopState) -> Turn:
        self.seen.append(state.scratchpad())
        text = self.turns.pop(0) if self.turns else "Final_Answer: (script ended)"
        return Turn(read_model_text(text, (t.spec.name for t in state.registry.all())))  # as the LLM policy does


@pytest.fixture(scope="module")
def registry():
    from toolkits.postgres import build_registry

    return build_registry()


@pytest.fixture(scope="module")
def ctx(demo_dsn):
    from toolkits.postgres import PgContext

    return PgContext(dsn=demo_dsn, statement_timeout_ms=5000, row_cap=200)


def run(policy, registry, ctx, **kw) -> list[Event]:
    return list(run_loop("how many orders are there?", policy, registry, ctx, **kw))


def calls(events):
    return [e.data for e in events if e.kind == "tool_call"]


def test_loop_runs_tools_and_feeds_observations(registry, ctx):
    pol = Scripted("Thought: count them\nAction: run_sql\nAction_Input: SELECT count(*) AS n FROM orders",
                   "Thought: done\nFinal_Answer: there are many orders")
    ev = run(pol, registry, ctx)
    c = calls(ev)
    assert len(c) == 1 and c[0]["ok"] and c[0]["tool"] == "run_sql" and "| n |" in c[0]["output"]
    assert set(c[0]) == {"step", "tool", "input", "output", "ok", "duration_ms", "snapshot"}
    assert "Observation: 1 row(s)" in pol.seen[1]  # the model sees the real observation
    assert ev[-1].kind == "answer" and ev[-1].data["text"] == "there are many orders"
    assert [e.kind for e in ev].count("answer") == 1
    assert "".join(e.data["text"] for e in ev if e.kind == "token") == "there are many orders"


def test_fuzzy_tool_name_and_json_input_are_repaired(registry, ctx):
    pol = Scripted('Action: Describe-Table\nAction_Input: {"table": "orders"}',
                   'Action: describe_tabel("customers")', "Final_Answer: ok")
    c = calls(run(pol, registry, ctx))
    assert [x["tool"] for x in c] == ["describe_table", "describe_table"]
    assert all(x["ok"] for x in c) and "customers" in c[1]["output"]


def test_unknown_tool_gets_error_observation_with_suggestion(registry, ctx):
    pol = Scripted("Action: drop_everything\nAction_Input: now",
                   "Action: list_tables\nAction_Input: ", "Final_Answer: done")
    c = calls(run(pol, registry, ctx))
    assert not c[0]["ok"] and "no tool called 'drop_everything'" in c[0]["output"] and "use one of" in c[0]["output"]
    assert c[1]["ok"] and c[1]["tool"] == "list_tables"
    assert "Error: there is no tool" in pol.seen[1]


def test_failed_tool_input_is_fed_back_with_format_hint(registry, ctx):
    pol = Scripted("Action: run_sql\nAction_Input: DELETE FROM orders", "Final_Answer: refused")
    c = calls(run(pol, registry, ctx))
    assert not c[0]["ok"] and "Suggestion: Input format for run_sql" in c[0]["output"]
    assert "refused" in c[0]["output"].lower()


def test_repeated_identical_call_is_not_run_again(registry, ctx):
    pol = Scripted("Action: list_tables\nAction_Input: ", "Action: list_tables\nAction_Input:  ",
                   "Final_Answer: done")
    c = calls(run(pol, registry, ctx))
    assert c[0]["ok"] and not c[1]["ok"]
    assert "already called list_tables" in c[1]["output"] and "step 1" in c[1]["output"]


def test_premature_final_answer_is_refused_once(registry, ctx):
    pol = Scripted("Final_Answer: 42 orders, trust me", "Action: run_sql\nAction_Input: SELECT 1 AS one",
                   "Final_Answer: checked")
    ev = run(pol, registry, ctx)
    c = calls(ev)
    assert not c[0]["ok"] and "no tool has been called yet" in c[0]["output"]
    assert c[1]["ok"] and ev[-1].data["text"] == "checked"


def test_unparsed_turn_gets_format_reminder(registry, ctx):
    pol = Scripted("hmm, let me think about databases in general", "Action: list_tables\nAction_Input:",
                   "Final_Answer: ok")
    c = calls(run(pol, registry, ctx))
    assert not c[0]["ok"] and "could not find an Action" in c[0]["output"]


def test_long_observation_goes_to_snapshot_and_can_be_read(registry, ctx):
    pol = Scripted("Action: run_sql\nAction_Input: SELECT id, email FROM customers ORDER BY id LIMIT 100",
                   "Action: snapshot\nAction_Input: S1 from 60",
                   "Action: run_sql\nAction_Input: SNAPSHOT:S1",
                   "Final_Answer: read")
    c = calls(run(pol, registry, ctx, observation_budget_chars=500))
    assert c[0]["snapshot"] == "S1" and "lines omitted [snapshot: S1]" in c[0]["output"]
    assert "customer1@example.com" in c[0]["output"] and "customer90@example.com" not in c[0]["output"]
    assert c[1]["ok"] and c[1]["tool"] == "snapshot" and "lines 60-" in c[1]["output"]
    assert c[2]["ok"] and c[2]["tool"] == "snapshot" and "lines 1-" in c[2]["output"]


def test_step_cap_stops_the_loop_with_a_summary(registry, ctx):
    pol = Scripted(*[f"Action: run_sql\nAction_Input: SELECT {i} AS v" for i in range(10)])
    ev = run(pol, registry, ctx, max_steps=3)
    assert len(calls(ev)) == 3
    assert ev[-1].kind == "answer" and "stopped after 3 steps" in ev[-1].data["text"]
    assert "used all 3 steps" in pol.seen[-1]


def test_tool_suggestions_become_suggestion_events(registry, ctx):
    pol = Scripted("Action: table_health\nAction_Input: shipments", "Final_Answer: vacuum it")
    ev = run(pol, registry, ctx)
    sugg = [e.data for e in ev if e.kind == "suggestion"]
    assert sugg and all(set(s) == {"sql", "reason", "tool"} for s in sugg)
    assert any("shipments" in s["sql"] for s in sugg)


# ----------------------------------------------------------------------------- the LLM policy, scripted backend


class ScriptedBackend:
    """Stands in for a model only to check what the loop sends and how it reads replies."""

    name, label, generative = "scripted", "scripted", True

    def __init__(self, *replies: str, fail: bool = False):
        self.replies = list(replies)
        self.calls: list[tuple[list, list]] = []
        self.fail = fail

    def stream(self, messages, stop=None, temperature=None, max_tokens=None, json_schema=None):
        from agent.backends import LLMError

        if self.fail:
            raise LLMError("The LLM server at http://127.0.0.1:9 is not reachable.")
        self.calls.append((messages, stop))
        yield from (self.replies.pop(0) if self.replies else "Final_Answer: done")


def test_llm_policy_prompt_has_specs_stop_and_scratchpad(demo_dsn, registry, ctx):
    from agent.config import Settings
    from agent.instance import answer_instance

    be = ScriptedBackend("Thought: look\nAction: list_tables\nAction_Input: ", "Final_Answer: 8 tables")
    settings = Settings(dsn=demo_dsn, tool_top_k=4)
    ev = list(answer_instance("which tables are there?", [], settings, be, ctx=ctx))
    assert ev[-1].kind == "answer" and ev[-1].data["text"] == "8 tables"
    first_msgs, stop = be.calls[0]
    assert any("Observation" in s for s in stop)
    assert "list_tables" in "\n".join(m["content"] for m in first_msgs)
    assert "snapshot" in first_msgs[0]["content"]
    second = "\n".join(m["content"] for m in be.calls[1][0])
    assert "Action: list_tables" in second and "Observation:" in second and "relation(s)" in second


def test_llm_failure_is_a_clear_error_event(demo_dsn, ctx):
    from agent.config import Settings
    from agent.instance import answer_instance

    ev = list(answer_instance("what is running?", [], Settings(dsn=demo_dsn), ScriptedBackend(fail=True), ctx=ctx))
    assert ev[-1].kind == "error" and "not reachable" in ev[-1].data["message"]


def test_unreachable_database_is_a_clear_error_event():
    from agent.config import Settings
    from agent.instance import answer_instance

    ev = list(answer_instance("how many orders?", [], Settings(dsn="host=127.0.0.1 port=1 dbname=x user=y",
                                                               connect_timeout_s=2), None))
    assert [e.kind for e in ev] == ["error"]
    assert "Cannot reach the database" in ev[0].data["message"] and "Traceback" not in ev[0].data["message"]


def test_empty_question_is_a_clear_error_event():
    from agent.config import Settings
    from agent.instance import answer_instance

    ev = list(answer_instance("   ", [], Settings(), None))
    assert [e.kind for e in ev] == ["error"] and "empty" in ev[0].data["message"]


def test_a_write_tool_is_never_run_by_the_loop(ctx):
    """A tool whose spec says writes=True becomes a suggestion; its run function is not called."""
    from toolkits.registry import Registry
    from toolkits.tool import tool

    ran = []

    @tool("tuning", writes=True)
    def create_index(ctx, statement: str):
        """Create an index.

        Args:
            statement: a CREATE INDEX statement
        """
        ran.append(statement)

    reg = Registry([create_index])
    pol = Scripted("Action: create_index\nAction_Input: CREATE INDEX ON orders (customer_id)", "Final_Answer: suggested")
    ev = list(run_loop("speed up orders by customer", pol, reg, ctx))
    assert ran == []
    assert [e.data["sql"] for e in ev if e.kind == "suggestion"] == ["CREATE INDEX ON orders (customer_id)"]
    call = next(e.data for e in ev if e.kind == "tool_call")
    assert not call["ok"] and "was not run" in call["output"]


def test_json_tool_calls_and_prose_naming_a_tool_are_repaired(registry, ctx):
    pol = Scripted('<tool_call>\n{"name": "describe_table", "arguments": {"table": "orders"}}\n</tool_call>',
                   "I think list_tables would show what is there.", "Final_Answer: ok")
    ev = run(pol, registry, ctx)
    c = calls(ev)
    assert [(x["tool"], x["input"], x["ok"]) for x in c] == [("describe_table", "orders", True), ("list_tables", "", True)]
    notes = [e.data["text"] for e in ev if e.kind == "thought" and e.data["text"].startswith("(repaired")]
    assert any("JSON tool call" in n for n in notes) and any("named in prose" in n for n in notes)

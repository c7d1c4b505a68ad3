"""The ReAct loop driven by the embedded SmolLM2-135M model for real (llama-cpp-python).
The model is tiny and may answer badly; what must hold is the loop: well-formed events,
at most max_steps tool calls, exactly one final answer (or a clear error), no traceback."""
from __future__ import annotations

import pytest

from agent.config import Settings
from agent.instance import answer_instance

pytestmark = pytest.mark.slow

REQUIRED = {
    "thought": {"text"},
    "tool_call": {"step", "tool", "input", "output", "ok", "duration_ms", "snapshot"},
    "suggestion": {"sql", "reason", "tool"},
    "token": {"text"},
    "answer": {"text"},
    "error": {"message"},
}


@pytest.fixture(scope="module")
def backend():
    from agent.backends import make_backend

    return make_backend(Settings(llm_backend="llamacpp", llm_max_tokens=96, llm_temperature=0.0, llm_context=4096))


@pytest.mark.parametrize("question", ["Which of my tables has the most dead tuples?", "How many orders are there?"])
def test_loop_stays_well_formed_with_smollm2(question, backend, demo_dsn):
    from toolkits.postgres import PgContext

    settings = Settings(dsn=demo_dsn, llm_backend="llamacpp", max_steps=3, llm_max_tokens=96, tool_top_k=3,
                        observation_budget_chars=600)
    events = list(answer_instance(question, [], settings, backend, ctx=PgContext(dsn=demo_dsn)))
    kinds = [e.kind for e in events]
    for e in events:
        assert e.kind in REQUIRED and REQUIRED[e.kind] <= set(e.data), e
    calls = [e.data for e in events if e.kind == "tool_call"]
    assert len(calls) <= settings.max_steps
    assert [c["step"] for c in calls] == sorted(c["step"] for c in calls)
    assert kinds.count("answer") + kinds.count("error") == 1 and kinds[-1] in ("answer", "error")
    if kinds[-1] == "answer":
        assert events[-1].data["text"].strip()
    for c in calls:  # whatever the model wrote, every observation is either a tool result or a clear error
        assert c["ok"] or c["output"].startswith(("Error", "This tool changes")), c

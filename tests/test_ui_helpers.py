"""Pure helpers of app/ui.py: event plumbing, badge text, route alternatives."""
from __future__ import annotations

import logging

from agent.backends import LLMError
from agent.events import Error, Route
from app import ui


def _boom(exc):
    yield Route(label="general", confidence=0.9, source="classifier")
    raise exc


def test_safe_events_turns_an_exception_into_a_clear_error(caplog):
    with caplog.at_level(logging.ERROR, logger="dbcopilot.ui"):
        out = list(ui.safe_events(_boom(KeyError("shared_buffers"))))
    assert out[0] == Route(label="general", confidence=0.9, source="classifier")
    assert isinstance(out[1], Error)
    msg = out[1].message
    assert msg.startswith("Something went wrong while answering (KeyError: 'shared_buffers')")
    assert "Traceback" not in msg
    assert any(r.exc_info for r in caplog.records)  # the traceback goes to the log


def test_safe_events_keeps_llm_errors_as_worded():
    out = list(ui.safe_events(_boom(LLMError("The LLM server at http://x:1/v1 is unreachable."))))
    assert out[-1] == Error("The LLM server at http://x:1/v1 is unreachable.")


def test_route_badge():
    assert ui.route_badge({"label": "instance", "confidence": 0.934, "source": "classifier"}) == (
        ":green-badge[:material/alt_route: route: instance · 0.93]")
    # a route the user chose has no confidence to show
    assert ui.route_badge({"label": "unsafe", "confidence": 1.0, "source": "user"}) == (
        ":red-badge[:material/alt_route: route: unsafe · set by you]")
    assert "chosen by you" in ui.route_caption({"label": "unsafe", "source": "user"})


def test_alternatives_from_labels_or_pairs():
    scores = {"general": 0.41, "product": 0.38, "instance": 0.1}
    assert ui.alternatives({"alternatives": ["general", "product"], "scores": scores}) == [
        ("general", 0.41), ("product", 0.38)]
    assert ui.alternatives({"alternatives": [["product", 0.5], ["general", 0.3], ["unsafe", 0.1]]}) == [
        ("product", 0.5), ("general", 0.3)]
    assert ui.alternatives({"label": "general", "confidence": 0.99}) == []


def test_tool_title_marks_failures():
    assert ui.tool_title({"step": 2, "tool": "run_sql", "ok": False, "duration_ms": 5.2}) == (
        ":material/error: Step 2: `run_sql` · 5 ms")

"""Typed pipeline events (agent/events.py): storage round trip, the one dispatch, clear errors."""
from __future__ import annotations

import dataclasses
import json
import logging

import pytest

from agent.events import (
    KINDS, Answer, Error, Event, Handler, Passages, Route, Suggestion, Thought, Token, ToolCall, UnknownEvent,
    WriteResult, as_event, handle, load_events,
)

# one filled-in example of every kind, as the pipeline (or the app, for WriteResult) yields it
EXAMPLES: list[Event] = [
    Route(label="instance", confidence=0.931, source="classifier", scores={"instance": 0.931, "general": 0.05},
          latency_ms=12.3, alternatives=["instance", "general"]),
    Passages([{"text": "Autovacuum runs…", "source": "routine-vacuuming.html", "title": "Routine Vacuuming",
               "link": "routine-vacuuming.html#AUTOVACUUM", "score": 0.8}]),
    Thought("Check table health."),
    ToolCall(step=1, tool="table_health", input="orders", output="| orders | 41 % |", ok=True, duration_ms=12.5,
             snapshot=None),
    Suggestion(sql="VACUUM (ANALYZE) orders", reason="41 % dead tuples", tool="table_health"),
    Token("orders "),
    Answer("orders has 41 % dead tuples."),
    Error("Cannot reach the database: connection refused"),
    WriteResult(of="3_0", sql="VACUUM (ANALYZE) orders", ok=True),
]


def test_every_kind_has_an_example_and_a_handler_method():
    assert sorted(type(e).kind for e in EXAMPLES) == sorted(KINDS)
    for kind, cls in KINDS.items():
        assert cls.kind == kind and issubclass(cls, Event)
        assert callable(getattr(Handler, f"on_{kind}", None)), f"Handler has no on_{kind}"


@pytest.mark.parametrize("ev", EXAMPLES, ids=lambda e: e.kind)
def test_round_trip_through_dict_and_json(ev):
    d = ev.to_dict()
    assert d == {"kind": ev.kind, "data": dataclasses.asdict(ev)}
    assert Event.from_dict(d) == ev
    assert type(Event.from_dict(d)) is type(ev)
    assert Event.from_dict(json.loads(json.dumps(d))) == ev  # what sessions.sqlite stores and reads back


@pytest.mark.parametrize("ev", EXAMPLES, ids=lambda e: e.kind)
def test_kind_and_data_stay_readable(ev):
    # code written against the old Event(kind, data) reads ev.kind and ev.data[...]
    assert ev.data == ev.to_dict()["data"]
    assert ev.kind == type(ev).kind


def test_from_dict_tolerates_older_stored_events():
    # a route stored before latency_ms/scores existed, with a key no field declares
    ev = Event.from_dict({"kind": "route", "data": {"label": "product", "confidence": 0.9, "source": "classifier",
                                                     "gone": 1}})
    assert ev == Route(label="product", confidence=0.9, source="classifier")
    assert Event.from_dict({"kind": "answer"}) == Answer("")


def test_the_pipeline_fields_are_the_stored_fields():
    # the dict form equals what the UI stored before events were typed: stored sessions replay the same
    assert set(ToolCall().data) == {"step", "tool", "input", "output", "ok", "duration_ms", "snapshot"}
    assert set(Route().data) == {"label", "confidence", "source", "scores", "latency_ms", "alternatives"}
    assert set(Suggestion().data) == {"sql", "reason", "tool"}
    assert set(Error().data) == {"message"} and set(Answer().data) == set(Token().data) == {"text"}


class Recorder(Handler):
    def __init__(self):
        self.seen: list[tuple[str, Event]] = []

    def on_route(self, ev):
        self.seen.append(("route", ev))
        return "routed"

    def on_tool_call(self, ev):
        self.seen.append(("tool_call", ev))

    def on_error(self, ev):
        self.seen.append(("error", ev))


def test_handle_calls_the_method_for_the_class():
    rec = Recorder()
    for ev in EXAMPLES:
        handle(ev, rec)
    assert [(k, type(e)) for k, e in rec.seen] == [("route", Route), ("tool_call", ToolCall), ("error", Error)]
    assert handle(EXAMPLES[0], rec) == "routed"  # the handler's return value comes back


def test_handle_takes_a_stored_dict_too():
    rec = Recorder()
    handle({"kind": "error", "data": {"message": "x"}}, rec)
    assert rec.seen == [("error", Error("x"))]


def test_methods_left_alone_ignore_their_event():
    for ev in EXAMPLES:
        assert handle(ev, Handler()) is None


@pytest.mark.parametrize("bad", [
    {"kind": "telepathy", "data": {}},
    {"data": {"text": "no kind"}},
    {"kind": "answer", "data": ["not", "a", "dict"]},
    "answer",
])
def test_unknown_or_malformed_events_raise_a_clear_error(bad):
    with pytest.raises(UnknownEvent) as err:
        as_event(bad)
    msg = str(err.value)
    if isinstance(bad, dict) and "kind" in bad and bad["kind"] not in KINDS:
        assert "telepathy" in msg and "route" in msg and "answer" in msg  # names the kind and the known ones
    with pytest.raises(UnknownEvent):
        handle(bad, Handler())


def test_an_unregistered_subclass_is_refused_by_handle():
    @dataclasses.dataclass
    class Stray(Event):
        kind = "stray"

    with pytest.raises(UnknownEvent, match="not a registered event class"):
        handle(Stray(), Handler())


def test_load_events_skips_unknown_kinds_with_a_log_line(caplog):
    stored = [EXAMPLES[0].to_dict(), {"kind": "from_the_future", "data": {}}, EXAMPLES[6].to_dict()]
    with caplog.at_level(logging.WARNING, logger="agent.events"):
        assert load_events(stored) == [EXAMPLES[0], EXAMPLES[6]]
    assert "from_the_future" in caplog.text

"""Events the question pipeline yields; the UI, the CLI and session storage consume them.

One dataclass per kind. ``kind`` is the name an event is stored under: ``to_dict()`` gives
``{"kind": ..., "data": {field: value, ...}}`` (the form sessions.sqlite keeps) and
``Event.from_dict()`` reads it back into the right class.

    Route        label, confidence, source ("classifier"|"user"|"llm"), scores, latency_ms, alternatives
    Passages     passages: [Passage.to_dict(), ...]
    Thought      text
    ToolCall     step, tool, input, output, ok, duration_ms, snapshot (key or None)
    Suggestion   sql, reason, tool                (a write the user must confirm; never run here)
    Token        text                             (streamed answer text)
    Answer       text                             (the final, complete answer)
    Error        message                          (a clear, user-facing message; never a traceback)
    WriteResult  of, sql, ok                      (the app ran a confirmed Suggestion; stored, not streamed)

A consumer subclasses ``Handler`` and overrides the ``on_<kind>`` methods it needs;
``handle(event, handler)`` calls the one for the event's class. The UI, the CLI and session
storage all go through it, so a new kind is one class here plus one method on ``Handler``.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

log = logging.getLogger(__name__)


class UnknownEvent(ValueError):
    """A dict (stored or received) names a kind no event class declares, or is not an event at all."""


@dataclass
class Event:
    """Base of every event; not yielded itself."""

    kind: ClassVar[str] = ""

    @property
    def data(self) -> dict[str, Any]:
        """The fields as a plain dict (what is stored under "data")."""
        return asdict(self)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Event:
        """The event a ``to_dict()`` result (or a stored row's event) describes.

        Fields missing from ``data`` take their defaults and keys no field declares are dropped, so
        events stored by older versions still load. An unknown kind raises UnknownEvent."""
        if not isinstance(d, Mapping):
            raise UnknownEvent(f"an event is a dict with 'kind' and 'data', not {type(d).__name__}")
        kind = d.get("kind")
        cls = KINDS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise UnknownEvent(f"unknown event kind {kind!r}; expected one of {', '.join(KINDS)}")
        data = d.get("data") or {}
        if not isinstance(data, Mapping):
            raise UnknownEvent(f"the data of a {kind!r} event must be a dict, not {type(data).__name__}")
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


@dataclass
class Route(Event):
    kind: ClassVar[str] = "route"
    label: str = ""
    confidence: float | None = None
    source: str = ""  # classifier | user | llm
    scores: dict[str, float] = field(default_factory=dict)
    latency_ms: float | None = None
    alternatives: list[Any] = field(default_factory=list)  # labels offered when the classifier is unsure


@dataclass
class Passages(Event):
    kind: ClassVar[str] = "passages"
    passages: list[dict[str, Any]] = field(default_factory=list)  # Passage.to_dict() each


@dataclass
class Thought(Event):
    kind: ClassVar[str] = "thought"
    text: str = ""


@dataclass
class ToolCall(Event):
    kind: ClassVar[str] = "tool_call"
    step: int | None = None
    tool: str = ""
    input: str = ""
    output: str = ""
    ok: bool = True
    duration_ms: float | None = None
    snapshot: str | None = None


@dataclass
class Suggestion(Event):
    kind: ClassVar[str] = "suggestion"
    sql: str = ""
    reason: str = ""
    tool: str = ""


@dataclass
class Token(Event):
    kind: ClassVar[str] = "token"
    text: str = ""


@dataclass
class Answer(Event):
    kind: ClassVar[str] = "answer"
    text: str = ""


@dataclass
class Error(Event):
    kind: ClassVar[str] = "error"
    message: str = "unknown error"


@dataclass
class WriteResult(Event):
    kind: ClassVar[str] = "write_result"
    of: str = ""  # the key of the Suggestion it ran ("<message id>_<index>")
    sql: str = ""
    ok: bool = False


KINDS: dict[str, type[Event]] = {
    c.kind: c for c in (Route, Passages, Thought, ToolCall, Suggestion, Token, Answer, Error, WriteResult)
}


class Handler:
    """What a consumer of events overrides; every method it leaves alone ignores its event."""

    def on_route(self, ev: Route) -> Any: ...
    def on_passages(self, ev: Passages) -> Any: ...
    def on_thought(self, ev: Thought) -> Any: ...
    def on_tool_call(self, ev: ToolCall) -> Any: ...
    def on_suggestion(self, ev: Suggestion) -> Any: ...
    def on_token(self, ev: Token) -> Any: ...
    def on_answer(self, ev: Answer) -> Any: ...
    def on_error(self, ev: Error) -> Any: ...
    def on_write_result(self, ev: WriteResult) -> Any: ...


def as_event(ev: Event | Mapping[str, Any]) -> Event:
    """An Event as is; a stored ``{"kind", "data"}`` dict as its Event (UnknownEvent if it is neither)."""
    return ev if isinstance(ev, Event) else Event.from_dict(ev)


def handle(ev: Event | Mapping[str, Any], handler: Handler) -> Any:
    """Call the handler method for the event's kind (``on_<kind>``) and return what it returns."""
    ev = as_event(ev)
    if KINDS.get(ev.kind) is not type(ev):
        raise UnknownEvent(f"{type(ev).__name__} is not a registered event class; add it to agent.events.KINDS")
    return getattr(handler, f"on_{ev.kind}")(ev)


def load_events(items: Iterable[Any]) -> list[Event]:
    """Stored events as Event objects, for display: an unknown or malformed one is skipped with a log line."""
    out: list[Event] = []
    for item in items or ():
        try:
            out.append(as_event(item))
        except UnknownEvent as exc:
            log.warning("skipped a stored event: %s", exc)
    return out

"""Rendering helpers for pipeline events (see agent/events.py).

``Turn`` lays out one assistant message: route badge, route choices, answer,
sources, steps (thoughts and tool calls), suggested changes, errors. The same
class renders a live stream (token by token) and a stored message after a restart.
Widgets that change state (buttons) are added by the page into the slots a Turn
exposes, so this module only displays.
"""
from __future__ import annotations

import logging
import time
from typing import Any, Iterable, Iterator

import streamlit as st

from agent.backends import LLMError
from agent.config import get_settings
from agent.events import (
    Answer, Error, Event, Handler, Passages, Route, Suggestion, Thought, Token, ToolCall, as_event, handle, load_events,
)
from agent.sanitize import safe_markdown  # every text rendered as Markdown goes through it
from toolkits.secrets import scrub

log = logging.getLogger("dbcopilot.ui")

ROUTE_COLORS = {  # one per router.labels.ROUTES (tests/test_labels.py checks)
    "general": "blue",
    "product": "violet",
    "instance": "green",
    "unsafe": "red",
    "irrelevant": "gray",
}
ROUTE_HELP = {
    "general": "general database knowledge",
    "product": "answered from the product manual",
    "instance": "answered with live tools on your database",
    "unsafe": "refused: unsafe request",
    "irrelevant": "refused: not about databases",
}
SOURCE_TEXT = {"classifier": "classifier", "llm": "LLM router", "user": "chosen by you", "rule": "by rule",
               "follow-up": "as the question it follows",
               "quick": "by the quick model (the full router is still being trained)"}
CURSOR = " ▌"


def safe_events(events: Iterable[Event | dict[str, Any]]) -> Iterator[Event]:
    """Iterate pipeline events as Event objects; any exception becomes an Error event plus a log line."""
    try:
        for ev in events:
            yield as_event(ev)
    except Exception as exc:  # noqa: BLE001 - the UI must never show a traceback
        yield Error(error_message(exc))


def error_message(exc: BaseException) -> str:
    if isinstance(exc, LLMError):
        return scrub(str(exc))
    log.exception("unexpected error while answering")
    text = scrub(str(exc)).strip()
    detail = text.splitlines()[0] if text else ""
    return (
        f"Something went wrong while answering ({type(exc).__name__}{': ' + detail if detail else ''}). "
        "The details are in the app log; try again, or change the route or backend in the sidebar."
    )


def route_badge(route: dict[str, Any]) -> str:
    """Markdown for the route badge, e.g. ':green-badge[instance · 0.93]'."""
    label = str(route.get("label", "?"))
    color = ROUTE_COLORS.get(label, "gray")
    conf = route.get("confidence")
    text = label
    if route.get("source") == "user":
        text += " · set by you"
    elif isinstance(conf, (int, float)):
        text += f" · {conf:.2f}"
    return f":{color}-badge[:material/alt_route: route: {text}]"


def route_caption(route: dict[str, Any]) -> str:
    label = str(route.get("label", ""))
    source = SOURCE_TEXT.get(str(route.get("source", "")), str(route.get("source", "")))
    parts = [ROUTE_HELP.get(label, "")]
    if source:
        parts.append(f"route {source}")
    if isinstance(route.get("latency_ms"), (int, float)) and route.get("source") != "user":
        parts.append(f"{route['latency_ms']:.0f} ms")
    return " · ".join(p for p in parts if p)


def alternatives(route: dict[str, Any], n: int = 2) -> list[tuple[str, float]]:
    """The top routes offered when the classifier is unsure (empty when it is sure)."""
    alts = route.get("alternatives") or []
    out: list[tuple[str, float]] = []
    for a in alts:
        if isinstance(a, dict):
            out.append((str(a.get("label")), float(a.get("confidence", a.get("score", 0.0)) or 0.0)))
        elif isinstance(a, (list, tuple)) and a:
            out.append((str(a[0]), float(a[1]) if len(a) > 1 else 0.0))
        else:
            out.append((str(a), float((route.get("scores") or {}).get(str(a), 0.0))))
    return out[:n]


def passage_link(p: dict[str, Any]) -> str:
    """A link into the Manual page when the RAG layer offers one, else the raw page name."""
    try:
        from dataclasses import fields

        from rag import manual_url
        from rag.types import Passage

        names = {f.name for f in fields(Passage)}
        return manual_url(Passage(**{k: v for k, v in p.items() if k in names}))
    except Exception:  # noqa: BLE001 - a malformed stored passage just gets no link
        log.debug("no manual link for %r", p.get("source"), exc_info=True)
        return ""


def render_passages(passages: list[dict[str, Any]]) -> None:
    if not passages:
        return
    with st.expander(f":material/menu_book: Sources ({len(passages)})"):
        for i, p in enumerate(passages, 1):
            title = p.get("title") or p.get("source") or "passage"
            where = " › ".join(x for x in (title, p.get("section")) if x)
            url = passage_link(p)
            head = f"**{i}. [{where}]({url})**" if url else f"**{i}. {where}**"
            meta = p.get("link") or p.get("source", "")
            score = p.get("score")
            if isinstance(score, (int, float)) and score:
                meta += f" · score {score:.2f}"
            st.markdown(safe_markdown(head))
            st.caption(safe_markdown(meta))
            text = str(p.get("text", "")).strip()
            st.markdown(safe_markdown("> " + (text[:600] + ("…" if len(text) > 600 else "")).replace("\n", "\n> ")))


def tool_title(d: dict[str, Any]) -> str:
    ok = d.get("ok", True)
    icon = ":material/check_circle:" if ok else ":material/error:"
    ms = d.get("duration_ms")
    took = f" · {ms:.0f} ms" if isinstance(ms, (int, float)) else ""
    step = d.get("step")
    step_txt = f"Step {step}: " if step is not None else ""
    return f"{icon} {step_txt}`{d.get('tool', '?')}`{took}"


def render_tool_call(d: dict[str, Any]) -> None:  # d: ToolCall.data (or a stored event's data)
    with st.expander(tool_title(d)):
        st.caption("Input")
        st.code(str(d.get("input", "")) or "(empty)", language="text")
        st.caption("Output")
        st.markdown(safe_markdown(str(d.get("output", ""))) or "_(no output)_")
        if d.get("snapshot"):
            st.caption(f"Full output stored as snapshot `{d['snapshot']}`")


class Turn(Handler):
    """One assistant message laid out in slots, filled event by event (one ``on_<kind>`` method per kind)."""

    def __init__(self, redraw_s: float | None = None) -> None:
        self.badge = st.empty()
        self.choices = st.container()
        self.answer = st.empty()
        self.sources = st.container()
        self.steps = st.container()
        self.suggestions = st.container()
        self.errors = st.container()
        self.tokens = ""
        self.final: str | None = None
        self.route: Route | None = None
        self.kept: list[dict[str, Any]] = []  # events worth storing, as dicts (tokens dropped)
        self.suggested: list[Suggestion] = []
        self.error_messages: list[str] = []
        self.redraw_s = get_settings().ui_redraw_s if redraw_s is None else redraw_s
        self.live = True
        self._drawn = 0.0

    def waiting(self, text: str = "Thinking…") -> None:
        self.answer.caption(text)

    def feed(self, ev: Event | dict[str, Any], live: bool = True) -> None:
        ev = as_event(ev)
        if not isinstance(ev, Token):
            self.kept.append(ev.to_dict())
        self.live = live
        handle(ev, self)

    def on_route(self, ev: Route) -> None:
        self.route = ev
        with self.badge.container():
            st.markdown(route_badge(ev.data), help=route_caption(ev.data))

    def on_passages(self, ev: Passages) -> None:
        with self.sources:
            render_passages(ev.passages or [])
        if self.live and not self.tokens:
            self.waiting("Read the manual; writing the answer…")

    def on_thought(self, ev: Thought) -> None:
        with self.steps:
            st.caption(f":material/psychology: {safe_markdown(str(ev.text))}")

    def on_tool_call(self, ev: ToolCall) -> None:
        with self.steps:
            render_tool_call(ev.data)
        if self.live and not self.tokens:
            self.waiting(f"Ran `{ev.tool}`; thinking…")

    def on_suggestion(self, ev: Suggestion) -> None:
        self.suggested.append(ev)

    def on_token(self, ev: Token) -> None:
        self.tokens += str(ev.text)
        now = time.monotonic()
        if self.live and now - self._drawn >= self.redraw_s:  # settings.ui_redraw_s: at most ~20 redraws a second
            self._drawn = now
            self.answer.markdown(safe_markdown(self.tokens) + CURSOR)

    def on_answer(self, ev: Answer) -> None:
        self.final = str(ev.text)
        self.answer.markdown(safe_markdown(self.final))

    def on_error(self, ev: Error) -> None:
        msg = str(ev.message or "unknown error")
        self.error_messages.append(msg)
        with self.errors:
            st.error(safe_markdown(msg), icon=":material/error:")

    @property
    def text(self) -> str:
        """The answer as stored: the final text, else the streamed tokens, else the errors."""
        if self.final is not None:
            return self.final
        if self.tokens:
            return self.tokens
        return "\n\n".join(f"Error: {m}" for m in self.error_messages)

    def close(self) -> None:
        if self.final is None:
            if self.tokens:
                self.answer.markdown(safe_markdown(self.tokens))
            else:
                self.answer.empty()

    @classmethod
    def replay(cls, content: str, events: list[Event | dict[str, Any]]) -> "Turn":
        turn = cls(redraw_s=0.0)  # nothing streams on a replay
        for ev in load_events(events):  # a stored event of an unknown kind is skipped (and logged)
            turn.feed(ev, live=False)
        if content and not (turn.error_messages and content.startswith("Error: ")):
            turn.answer.markdown(safe_markdown(content))
        else:
            turn.answer.empty()
        return turn

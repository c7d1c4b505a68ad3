"""Instance questions (TIG): answer from the user's live database through the ReAct loop.

    answer_instance(question, history, settings, backend) -> Iterator[Event]

The policy is the deterministic planner when the backend does not generate text
(``grounded``), else the LLM. Both drive the same loop (agent/react.py) and yield the same
events: thought, tool_call, suggestion, answer, or error (a clear message, no traceback).
"""
from __future__ import annotations

import threading
from typing import Any, Iterator

from agent.events import Event
from agent.react import run_loop
from toolkits.secrets import scrub

_REGISTRY = None
_REG_LOCK = threading.Lock()


def get_registry():
    """The PostgreSQL tool registry, built once per process."""
    global _REGISTRY
    with _REG_LOCK:
        if _REGISTRY is None:
            from toolkits.postgres import build_registry

            _REGISTRY = build_registry()
        return _REGISTRY


def make_context(settings: Any):
    """(PgContext, None) or (None, a user-facing reason the database cannot be used)."""
    from toolkits.postgres import PgContext
    from toolkits.postgres.connection import check_connection

    try:
        from toolkits.postgres.sandbox import resolve_dsn

        dsn = resolve_dsn(settings)
    except Exception as exc:  # the sandbox could not start
        return None, f"No database to look at: the demo sandbox could not start ({exc}). Set DBCOPILOT_DSN to your database."
    ok, msg = check_connection(dsn, settings.connect_timeout_s)
    if not ok:
        return None, f"Cannot reach the database: {msg}"
    return PgContext.from_settings(settings, dsn=dsn), None


def make_policy(backend: Any, registry: Any, ctx: Any, settings: Any):
    if backend is None or not getattr(backend, "generative", False):
        from agent.planner import Planner

        return Planner(registry, ctx, top_k=settings.tool_top_k)
    from agent.llm_policy import LLMPolicy

    return LLMPolicy(backend, max_tokens=min(settings.llm_max_tokens, 512), temperature=settings.llm_temperature)


def answer_instance(question: str, history: list[dict[str, str]] | None, settings: Any, backend: Any,
                    ctx: Any = None) -> Iterator[Event]:
    """Yield the events of one instance answer. ``ctx`` may be given (tests, benches) to skip the connection check."""
    from agent.backends import LLMError

    question = (question or "").strip()
    if not question:
        yield Event("error", {"message": "The question is empty; ask something about your database."})
        return
    if ctx is None:
        ctx, why = make_context(settings)
        if ctx is None:
            yield Event("error", {"message": why})
            return
    registry = get_registry()
    policy = make_policy(backend, registry, ctx, settings)
    tools: list = []
    if getattr(backend, "generative", False):  # the model sees only the best-matching tool specs
        try:
            tools = registry.match(question, settings.tool_top_k)
        except Exception:  # matching is a prompt aid: fall back to every tool
            tools = registry.all()
    try:
        yield from run_loop(question, policy, registry, ctx, tools=tools, history=list(history or []),
                            max_steps=settings.max_steps, observation_budget_chars=settings.observation_budget_chars)
    except LLMError as exc:
        yield Event("error", {"message": scrub(str(exc))})  # an LLM server URL may carry a password

"""Instance questions (TIG): answer from the user's live database through the ReAct loop.

    answer_instance(question, history, settings, backend) -> Iterator[Event]

The policy is the deterministic planner when the backend does not generate text
(``grounded``), else the LLM. Both drive the same loop (agent/react.py) and yield the same
events: thought, tool_call, suggestion, answer, or error (a clear message, no traceback).
"""
from __future__ import annotations

from typing import Any, Iterator

from agent.events import Error, Event
from agent.plugins import get_toolkit
from agent.react import run_loop
from toolkits.base import ToolkitUnavailable
from toolkits.secrets import scrub


def get_registry(settings: Any = None):
    """The tool registry of the toolkit the settings choose, built once per process."""
    return get_toolkit(settings).registry()


def make_context(settings: Any):
    """(the toolkit's context, None) or (None, a user-facing reason the target cannot be used)."""
    try:
        return get_toolkit(settings).context(settings), None
    except ToolkitUnavailable as exc:
        return None, str(exc)


def make_policy(backend: Any, registry: Any, ctx: Any, settings: Any):
    if backend is None or not getattr(backend, "generative", False):
        from agent.planner import Planner

        return Planner(registry, ctx, top_k=settings.tool_top_k, read_catalog=get_toolkit(settings).catalog)
    from agent.llm_policy import LLMPolicy

    return LLMPolicy(backend, max_tokens=min(settings.llm_max_tokens, 512), temperature=settings.llm_temperature)


def answer_instance(question: str, history: list[dict[str, str]] | None, settings: Any, backend: Any,
                    ctx: Any = None) -> Iterator[Event]:
    """Yield the events of one instance answer. ``ctx`` may be given (tests, benches) to skip the connection check."""
    from agent.backends import LLMError

    question = (question or "").strip()
    if not question:
        yield Error("The question is empty; ask something about your database.")
        return
    if ctx is None:
        ctx, why = make_context(settings)
        if ctx is None:
            yield Error(why)
            return
    registry = get_registry(settings)
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
        yield Error(scrub(str(exc)))  # an LLM server URL may carry a password

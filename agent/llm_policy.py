"""The LLM policy: the configured model writes each ReAct turn.

The prompt is the instance template (agent/templates.py) with the matched tool specs,
plus the scratchpad of earlier steps; generation stops at "Observation:" so the model
cannot invent tool output. Parsing, repair and error feedback are the loop's job
(agent/react.py); this module only talks to the backend.
"""
from __future__ import annotations

from typing import Any

from agent.react import LoopState, STOP, Turn, read_model_text
from agent.render import render_specs
from agent.templates import render

SNAPSHOT_SPEC = (
    "\n- snapshot [loop]: read more of a long observation that was cut and stored under a key.\n"
    "  Input: the key, optionally a start line. Format: plain text.\n"
    "  Examples: S2; S2 from 40"
)


def build_messages(state: LoopState) -> list[dict[str, str]]:
    """Template messages, then each earlier step as an assistant turn (Thought/Action/Action_Input)
    followed by a user turn carrying the real Observation."""
    tools = render_specs(state.tools) + SNAPSHOT_SPEC
    names = [t.spec.name for t in state.tools] + ["snapshot"]
    messages = render("instance", question=state.question, tools=tools, tool_names=names, history=state.history)
    messages = [dict(m) for m in messages]
    for s in state.steps:
        for m in s.to_messages():
            if m["role"] == "user":
                _user(messages, m["content"])
            else:
                messages.append(m)
    if state.last_hint:
        _user(messages, state.last_hint)
    return messages


def _user(messages: list[dict[str, str]], text: str) -> None:
    """Append a user turn, merged into the previous one when that is a user turn too."""
    if messages and messages[-1]["role"] == "user" and len(messages) > 2:
        messages[-1]["content"] += "\n\n" + text
    else:
        messages.append({"role": "user", "content": text})


class LLMPolicy:
    """Propose each turn with ``backend.stream``; LLMError propagates to the caller."""

    def __init__(self, backend: Any, max_tokens: int = 384, temperature: float | None = None):
        self.backend = backend
        self.max_tokens = max_tokens
        self.temperature = temperature

    def propose(self, state: LoopState) -> Turn:
        messages = build_messages(state)
        text = "".join(self.backend.stream(messages, stop=STOP, temperature=self.temperature,
                                           max_tokens=self.max_tokens))
        return Turn(read_model_text(text, (t.spec.name for t in state.registry.all())))

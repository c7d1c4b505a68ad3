"""Events the question pipeline yields; the UI and the CLI render them as they come.

kind         data
route        {"label", "confidence", "source": "classifier"|"user"|"llm", "scores": {...}, "alternatives": [...]}
passages     {"passages": [Passage.to_dict(), ...]}
thought      {"text"}
tool_call    {"step", "tool", "input", "output", "ok", "duration_ms", "snapshot": key|None}
suggestion   {"sql", "reason", "tool"}   (a write the user must confirm)
token        {"text"}                     (streamed answer text)
answer       {"text"}                     (the final, complete answer)
error        {"message"}                  (a clear, user-facing message; never a traceback)
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

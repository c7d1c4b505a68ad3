"""Tool specs, results and the registry shared by every toolkit.

A tool is read-only unless its spec says ``writes=True``; write tools are never
run by the agent loop, only offered as suggestions the user confirms.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable

CATEGORIES: tuple[str, ...] = ("schema", "selection", "resource", "workload", "status", "tuning")


@dataclass
class ToolSpec:
    name: str
    category: str  # one of CATEGORIES
    description: str  # one line
    input_content: str  # what the input carries, e.g. "a table name, or empty for all tables"
    input_format: str  # how it is written, e.g. 'plain text' or 'JSON {"table": str, "limit": int}'
    examples: list[str] = field(default_factory=list)  # example Action_Input values
    writes: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ToolResult:
    ok: bool
    output: str  # Markdown (tables, notes) shown to the model and the user
    data: Any = None  # structured rows/figures for rule-based findings
    error: str = ""  # user-facing message with a suggestion when ok is False
    suggestions: list[dict[str, str]] = field(default_factory=list)  # [{"sql", "reason"}] writes to confirm
    duration_ms: float = 0.0


@dataclass
class Tool:
    spec: ToolSpec
    run: Callable[..., ToolResult]  # run(ctx, tool_input: str) -> ToolResult

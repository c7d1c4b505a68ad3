"""Tool specs, results and the registry shared by every toolkit.

A tool is read-only unless its spec says ``writes=True``; write tools are never
run by the agent loop, only offered as suggestions the user confirms.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Protocol

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


@dataclass
class Check:
    """The outcome of a toolkit's connection test, for people: ok, one line, and a warning when the
    connected identity can change things (a superuser, a role that can write)."""

    ok: bool
    message: str
    warning: str = ""


class ToolkitUnavailable(Exception):
    """The toolkit's target cannot be used (no database, server down, sandbox failed); the message says why
    and what to do, in one line."""


class Toolkit(Protocol):
    """One target kind (PostgreSQL today; MariaDB and Kubernetes next), chosen once from the settings.

    Pages, the CLI and the agent use only this, never a toolkit's modules. Registered in agent/plugins.py.
    """

    name: str  # "postgres"
    label: str  # "PostgreSQL", for people

    def registry(self) -> Any:
        """The toolkit's Registry of read-only tools (built once)."""

    def context(self, settings: Any) -> Any:
        """What every tool call needs (where, timeouts, caps) from the settings; ToolkitUnavailable when the
        target cannot be reached."""

    def check(self, settings: Any) -> Check:
        """The connection test shown in the sidebar and by db-check."""

    def catalog(self, ctx: Any) -> Any:
        """The live schema (toolkits.catalog.Catalog) for the planner, cached by the toolkit."""

    def classify(self, statement: str) -> tuple[str | None, str]:
        """(kind, the statement as it would run) for a change the user may confirm, or (None, why not)."""

    def run_confirmed(self, ctx: Any, statement: str) -> ToolResult:
        """Run one change the user confirmed: the only write path."""

"""The contract between the agent and its toolkits, in one import.

A toolkit (PostgreSQL today) offers Tool objects (toolkits/tool.py) that return ToolResults
(toolkits/results.py) and implements the Toolkit protocol below. A tool is read-only unless its spec
says ``writes=True``; write tools are never run by the agent loop, only offered as suggestions the
user confirms.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from toolkits.results import Block, Code, Finding, Items, Table, Text, ToolResult
from toolkits.tool import CATEGORIES, Ask, Intent, Param, Planned, Tool, ToolSpec, tool

__all__ = ["Block", "Code", "Finding", "Items", "Table", "Text", "ToolResult", "CATEGORIES", "Ask", "Intent", "Param",
           "Planned", "Tool", "ToolSpec", "tool", "Check", "ToolkitUnavailable", "Toolkit", "DiagnosisSource"]


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

    def current_dsn(self, settings: Any) -> str:
        """Where a target is already there to look at (the user's, or a sandbox already running); "" when none.
        Starts nothing: for extras such as a knowledge answer's "On your server"."""

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


class DiagnosisSource(Protocol):
    """What a toolkit offers the guided diagnosis (agent/diagnosis/), besides the Toolkit protocol. PostgreSQL
    offers it; a toolkit without it (Kubernetes has its own RCA) is refused with a clear message."""

    def monitor_sample(self, ctx: Any) -> dict:
        """One sample of the target's cumulative counters and gauges for the diagnosis monitor (read-only)."""

    def diagnosis_structure(self, ctx: Any, relids: list[int]) -> dict:
        """Indexes, table options and settings a diagnosis checks for the suspected tables (read-only)."""

    def diagnosis_plans(self, ctx: Any, statements: list[str]) -> dict:
        """Generic plans (scans and row estimates) of the statements a diagnosis suspects (read-only)."""


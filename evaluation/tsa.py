"""Tool selection accuracy (TSA) and valid-input rate of the instance loop.

Input: JSONL lines {"question": str, "tools": [expected tool names, in order]} (other fields ignored).

- TSA of one question: the fraction of the expected tools chosen in order, stopping at the first
  wrong one (expected [a, b, c], chosen [a, x, c] → 1/3). Averaged over questions.
- valid-input rate: the share of real tool calls whose tool ran ok (the input was parsed and
  accepted). Loop-made error steps (unknown tool, repeated call, refused answer) count as invalid.
- latency: wall time per question (p50/p95), and per tool call (duration_ms of each tool_call).
"""
from __future__ import annotations

import json
import statistics
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from agent.instance import answer_instance, make_context


def tsa_score(expected: list[str], chosen: list[str]) -> float:
    if not expected:
        return 1.0
    hits = 0
    for i, name in enumerate(expected):
        if i < len(chosen) and chosen[i] == name:
            hits += 1
        else:
            break
    return hits / len(expected)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    k = (len(v) - 1) * p / 100.0
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return round(v[lo] + (v[hi] - v[lo]) * (k - lo), 1)


@dataclass
class Item:
    question: str
    expected: list[str]
    chosen: list[str] = field(default_factory=list)
    tsa: float = 0.0
    calls: int = 0
    valid: int = 0
    latency_ms: float = 0.0
    tool_ms: list[tuple[str, float]] = field(default_factory=list)
    answer: str = ""
    error: str = ""


def load_questions(path: str | Path) -> list[dict[str, Any]]:
    """Read and check the JSONL file; ValueError with the line number on bad input."""
    p = Path(path)
    if not p.is_file():
        raise ValueError(f"no such file: {p}")
    out = []
    for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"{p}:{n}: not valid JSON ({e.msg})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("question"), str) or not isinstance(obj.get("tools"), list):
            raise ValueError(f'{p}:{n}: each line needs {{"question": str, "tools": [tool names]}}')
        out.append({"question": obj["question"], "tools": [str(t) for t in obj["tools"]]})
    if not out:
        raise ValueError(f"{p}: no questions")
    return out


def score_events(item: Item, events: Iterable[Any]) -> Item:
    """Fill an Item from the events of one answer."""
    t0 = time.perf_counter()
    for ev in events:
        if ev.kind == "tool_call":
            tool = ev.data.get("tool", "")
            if tool == "snapshot":
                continue
            item.calls += 1
            if tool:  # "" when the loop refused the turn before any tool
                item.chosen.append(tool)
            if ev.data.get("ok"):
                item.valid += 1
                item.tool_ms.append((tool, float(ev.data.get("duration_ms") or 0.0)))
        elif ev.kind == "answer":
            item.answer = ev.data.get("text", "")
        elif ev.kind == "error":
            item.error = ev.data.get("message", "")
    item.latency_ms = round((time.perf_counter() - t0) * 1000, 1)
    item.tsa = tsa_score(item.expected, item.chosen)
    return item


def evaluate(questions: list[dict[str, Any]], answer: Callable[[str], Iterator[Any]],
             progress: Callable[[int, int, Item], None] | None = None) -> dict[str, Any]:
    """Run every question through ``answer(question) -> events`` and aggregate."""
    items = []
    for i, q in enumerate(questions, 1):
        item = score_events(Item(q["question"], q["tools"]), answer(q["question"]))
        items.append(item)
        if progress:
            progress(i, len(questions), item)
    return summarize(items)


def summarize(items: list[Item]) -> dict[str, Any]:
    calls = sum(i.calls for i in items)
    per_tool: dict[str, list[float]] = {}
    for i in items:
        for name, ms in i.tool_ms:
            per_tool.setdefault(name, []).append(ms)
    lat = [i.latency_ms for i in items]
    misses = [
        {"question": i.question, "expected": i.expected, "chosen": i.chosen, "tsa": round(i.tsa, 3),
         **({"error": i.error} if i.error else {})}
        for i in items if i.tsa < 1.0 or i.error
    ]
    return {
        "questions": len(items),
        "tsa": round(statistics.fmean(i.tsa for i in items), 4) if items else 0.0,
        "exact": round(sum(1 for i in items if i.tsa == 1.0) / len(items), 4) if items else 0.0,
        "valid_input_rate": round(sum(i.valid for i in items) / calls, 4) if calls else 0.0,
        "tool_calls": calls,
        "errors": sum(1 for i in items if i.error),
        "latency_ms": {"p50": percentile(lat, 50), "p95": percentile(lat, 95), "max": max(lat, default=0.0)},
        "tool_latency_ms": {
            name: {"n": len(v), "p50": percentile(v, 50), "p95": percentile(v, 95)} for name, v in sorted(per_tool.items())
        },
        "misses": misses,
    }


def run_file(path: str | Path, settings: Any, backend: Any = None, ctx: Any = None,
             progress: Callable[[int, int, Item], None] | None = None) -> dict[str, Any]:
    """Evaluate the instance loop on a question file against the configured database."""
    questions = load_questions(path)
    if ctx is None:
        ctx, why = make_context(settings)
        if ctx is None:
            raise ValueError(why)
    result = evaluate(questions, lambda q: answer_instance(q, [], settings, backend, ctx=ctx), progress)
    result["policy"] = "llm" if getattr(backend, "generative", False) else "planner"
    return result


__all__ = ["tsa_score", "percentile", "load_questions", "evaluate", "run_file", "summarize", "Item", "asdict"]

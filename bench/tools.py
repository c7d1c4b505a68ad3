"""Benchmark the instance tools and the planner-driven ReAct loop; prints one JSON object.

    python bench/tools.py                       # the demo database (DBCOPILOT_DSN, else the sandbox)
    python bench/tools.py --dsn "host=... dbname=..." --repeat 20 --questions FILE

Figures:
- TSA, exact-match rate and valid-input rate of the planner on the question set (evaluation/tsa.py);
- per-tool latency p50/p95 (ms): every tool with its example inputs, --repeat times each, plus
  every call the question set made (duration_ms of the tool_call events);
- end-to-end latency of 3-step answers: answer_instance from question to final answer, including
  the connection check, for questions the planner answers in three tool calls (--repeat times each).
Targets (issue 5): TSA >= 0.90, every tool p95 <= 200 ms, a 3-step answer <= 3 s.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from agent.config import Settings  # noqa: E402
from agent.instance import answer_instance, get_registry, make_context  # noqa: E402
from evaluation.tsa import evaluate, load_questions, percentile  # noqa: E402

THREE_STEP = [
    "run a health check on my database",
    "what is running now, is anything blocked, and which queries are slowest?",
    "check dead tuples, unused indexes and the cache hit ratio",
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dsn", default="", help="database (default: DBCOPILOT_DSN or the sandbox demo database)")
    ap.add_argument("--questions", default=str(ROOT / "corpora" / "eval" / "instance_questions.jsonl"))
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()

    settings = Settings(**({"dsn": args.dsn} if args.dsn else {}))
    ctx, why = make_context(settings)
    if ctx is None:
        print(json.dumps({"error": why}))
        return 2
    registry = get_registry()

    # per-tool latency with the tools' own example inputs (first call of each is a warm-up)
    per_tool: dict[str, list[float]] = {}
    failures: dict[str, str] = {}
    for tool in registry.all():
        inputs = [e for e in tool.spec.examples if "analyze" not in e.lower()] or [""]
        from toolkits.registry import run_tool

        run_tool(tool, ctx, inputs[0])
        for i in range(args.repeat):
            res = run_tool(tool, ctx, inputs[i % len(inputs)])
            per_tool.setdefault(tool.spec.name, []).append(res.duration_ms)
            if not res.ok:
                failures[tool.spec.name] = (res.error or "failed")[:200]

    # the question set through the planner
    questions = load_questions(args.questions)
    result = evaluate(questions, lambda q: answer_instance(q, [], settings, None, ctx=ctx))
    set_tool_ms = result.pop("tool_latency_ms")

    # end-to-end 3-step answers, connection check included
    e2e, steps_seen = [], {}
    for q in THREE_STEP:
        for _ in range(max(3, args.repeat // 2)):
            t0 = time.perf_counter()
            events = list(answer_instance(q, [], settings, None))
            e2e.append((time.perf_counter() - t0) * 1000)
            steps_seen[q] = sum(1 for e in events if e.kind == "tool_call")

    tools_out = {}
    for name, v in sorted(per_tool.items()):
        tools_out[name] = {"n": len(v), "p50": percentile(v, 50), "p95": percentile(v, 95), "max": round(max(v), 1)}
    worst = max(tools_out.values(), key=lambda d: d["p95"])["p95"] if tools_out else 0.0
    out = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "questions": result["questions"],
        "tsa": result["tsa"],
        "exact": result["exact"],
        "valid_input_rate": result["valid_input_rate"],
        "question_latency_ms": result["latency_ms"],
        "tool_latency_ms": tools_out,
        "tool_latency_in_question_set_ms": set_tool_ms,
        "tool_p95_max_ms": worst,
        "tool_failures": failures,
        "three_step_answer_ms": {"n": len(e2e), "p50": percentile(e2e, 50), "p95": percentile(e2e, 95),
                                 "max": round(max(e2e), 1), "steps": steps_seen},
        "targets": {"tsa>=0.90": result["tsa"] >= 0.90, "tool_p95<=200ms": worst <= 200,
                    "three_step<=3s": (max(e2e) if e2e else 0) <= 3000},
        "misses": result["misses"],
    }
    print(json.dumps(out, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())

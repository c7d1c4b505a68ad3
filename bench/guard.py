"""Benchmark the cost of the read-only checks per tool call; prints one JSON object.

    python bench/guard.py                      # the demo database (DBCOPILOT_DSN, else the sandbox)
    python bench/guard.py --dsn "host=... dbname=..." --repeat 20

Figures (ms, p50 / p95 / max over the statements, each --repeat times):
- parse: guard.check() with its cache cleared (scan, rebuild, parse, tree walk);
- resolve: the allow-list query in pg_proc for the statement's functions, operators, views, domains;
- checks: parse + resolve, the whole cost of the checks for one run_sql call (target <= 5 ms);
- session: entering and leaving a pooled read-only session (BEGIN READ ONLY, SET TRANSACTION READ ONLY,
  timeouts, search_path, rollback and the session reset), which every tool call pays;
- run_sql: a whole run_sql call through the registry, for scale.
Statements: every run_sql input the planner makes for the instance question set, plus the hostile
corpus's read-tool inputs (refused ones stop after the parse).
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
from evaluation.tsa import load_questions, percentile  # noqa: E402
from tests.hostile_corpus import READ_TOOLS  # noqa: E402
from toolkits.postgres import guard  # noqa: E402
from toolkits.postgres.allowlist import refusal  # noqa: E402
from toolkits.postgres.connection import readonly_session  # noqa: E402


def planner_statements(settings: Settings, ctx, questions: Path) -> list[str]:
    out = []
    for q in load_questions(questions):
        for ev in answer_instance(q["question"], [], settings, None, ctx=ctx):
            if ev.kind == "tool_call" and ev.data.get("tool") == "run_sql":
                out.append(str(ev.data.get("input") or ""))
    return [s for s in out if s.strip()]


def stats(xs: list[float]) -> dict:
    return {"p50": round(percentile(xs, 50), 3), "p95": round(percentile(xs, 95), 3), "max": round(max(xs), 3),
            "n": len(xs)} if xs else {}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dsn", default="")
    ap.add_argument("--questions", default=str(ROOT / "corpora" / "eval" / "instance_questions.jsonl"))
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    settings = Settings(**({"dsn": args.dsn} if args.dsn else {}))
    ctx, why = make_context(settings)
    if ctx is None:
        print(json.dumps({"error": why}))
        return 2
    planned = planner_statements(settings, ctx, Path(args.questions))
    hostile = [t for _, tool, t in READ_TOOLS if tool == "run_sql" and len(t) < 65536]
    parse, resolve, checks, session, calls = [], [], [], [], []
    refused = 0
    reg = get_registry()
    for sql in planned + hostile:
        for _ in range(args.repeat):
            guard.check.cache_clear()
            t0 = time.perf_counter()
            try:
                checked = guard.check(sql)
            except guard.Refused:
                parse.append((time.perf_counter() - t0) * 1000)
                refused += 1
                break
            t1 = time.perf_counter()
            with readonly_session(ctx) as s:
                t2 = time.perf_counter()
                refusal(s.cur, checked)
                t3 = time.perf_counter()
            parse.append((t1 - t0) * 1000)
            resolve.append((t3 - t2) * 1000)
            checks.append((t1 - t0 + t3 - t2) * 1000)
    for _ in range(args.repeat * 10):
        t0 = time.perf_counter()
        with readonly_session(ctx):
            pass
        session.append((time.perf_counter() - t0) * 1000)
    for sql in planned[:50]:
        t0 = time.perf_counter()
        reg.call("run_sql", ctx, sql)
        calls.append((time.perf_counter() - t0) * 1000)
    print(json.dumps({
        "statements": {"planner": len(planned), "hostile": len(hostile), "refused_by_parse": refused},
        "parse_ms": stats(parse), "resolve_ms": stats(resolve), "checks_ms": stats(checks),
        "session_ms": stats(session), "run_sql_ms": stats(calls),
        "target_checks_p95_ms": 5.0,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Parse + plan latency of the deterministic planner on the unseen-schema questions; prints one JSON object.

    python bench/parser.py [--dsn "host=... dbname=postgres"]   # databases unseen_<name> must be loaded
                                                                  # (dbcopilot eval-unseen loads them)
Per question: the planner's plan (tool choice, linking, SQL built) without running any tool; the catalog is
read once per database beforehand (cached, as in the app) and the encoder is loaded before timing.
Target (issue 12): p95 <= 150 ms on 2 cores.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from agent.config import get_settings  # noqa: E402
from agent.instance import get_registry, make_context  # noqa: E402
from agent.planner import Planner  # noqa: E402
from evaluation.tsa import percentile  # noqa: E402
from evaluation.unseen import database_dsn, load_questions  # noqa: E402
from toolkits.encoder import encode  # noqa: E402
from toolkits.postgres import PgContext  # noqa: E402
from toolkits.postgres.catalog import read_catalog  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dsn", default="")
    args = ap.parse_args()
    settings = get_settings()
    admin = args.dsn or make_context(settings)[0].dsn
    registry = get_registry(settings)
    encode(["warm up"])
    out, times = {}, []
    for folder in sorted((ROOT / "corpora" / "unseen").iterdir()):
        ctx = PgContext(dsn=database_dsn(admin, f"unseen_{folder.name}"))
        read_catalog(ctx)
        ms = []
        for q in load_questions(folder):
            planner = Planner(registry, ctx, read_catalog=read_catalog)
            t0 = time.perf_counter()
            planner.make_plan(q["question"])
            ms.append((time.perf_counter() - t0) * 1000)
        times += ms
        out[folder.name] = {"n": len(ms), "p50_ms": percentile(ms, 50), "p95_ms": percentile(ms, 95)}
    out["all"] = {"n": len(times), "p50_ms": percentile(times, 50), "p95_ms": percentile(times, 95),
                  "max_ms": round(max(times), 1), "target_p95_ms": 150}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

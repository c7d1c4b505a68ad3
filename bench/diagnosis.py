"""Diagnosis benchmark on the anomaly lab: D-Bot's accuracy (single / multi-cause), no-false-alarm rate,
seconds per diagnosis and the largest expert context, at a given intensity, as JSON.

    .venv/bin/python bench/diagnosis.py                      # every family, the composites, 3 healthy runs
    .venv/bin/python bench/diagnosis.py --intensity 0.25     # low intensity (about 2-3x normal)
    .venv/bin/python bench/diagnosis.py --scenarios lock_wait,healthy

Runs on the sandbox's scratch database (the lab writes there only), with a pgbench-like background.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> None:
    from agent.config import get_settings
    from agent.plugins import get_toolkit
    from evaluation.diagnosis import COMPOSITE, MONITOR, SINGLE, run, summary

    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", default="")
    ap.add_argument("--intensity", type=float, default=1.0)
    ap.add_argument("--healthy", type=int, default=3)
    ap.add_argument("--window", type=float, default=14.0)
    ap.add_argument("--noise", type=int, default=4)
    ap.add_argument("--variants", action="store_true", help="the held-out workloads of evaluation/lab_variants.py")
    args = ap.parse_args()
    settings = get_settings()
    toolkit = get_toolkit(settings)
    lab = toolkit.lab(settings)
    ctx = toolkit.context(settings.model_copy(update={"dsn": lab.dsn}))
    names = [s for s in args.scenarios.split(",") if s] or list(SINGLE) + list(COMPOSITE) + ["healthy"] * args.healthy
    t0 = time.time()
    results = run(toolkit, ctx, lab, names, intensity=args.intensity, window_s=args.window, noise=args.noise,
                  variants=args.variants,
                  trajectories=settings.diagnosis_trajectories, say=lambda m: print(m, file=sys.stderr))
    out = summary(results)
    out.update({"variants": args.variants, "intensity": args.intensity, "cores": os.cpu_count(), "wall_s": round(time.time() - t0, 1),
                "monitor": dict(MONITOR)})
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

"""Diagnosis evaluation on the anomaly lab: D-Bot's accuracy per scenario, single vs multi-cause, time and
the largest expert context.

    Acc = max(0, (correct − 0.1·wrong) / actual causes), at most 4 causes reported (D-Bot, 2024).
    A healthy run scores 1 when nothing is reported and 0 otherwise (a false alarm).

One background workload runs for the whole evaluation; each scenario is started on top of it, the monitor
samples throughout, and the diagnosis reads the scenario's window and the quiet baseline just before it.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from agent.diagnosis.diagnose import diagnose
from agent.diagnosis.monitor import Monitor
from agent.diagnosis.report import markdown
from agent.diagnosis.store import Store

SINGLE = ("many_inserts", "large_data_insert", "missing_index", "redundant_index", "high_updates", "many_deletes",
          "large_data_fetch", "correlated_subquery", "poor_join", "lock_wait", "idle_in_transaction", "cpu_heavy",
          "io_heavy", "memory_pressure", "bad_config", "connection_saturation", "stale_statistics", "vacuum_lag")
COMPOSITE = ("missing_index+lock_wait", "high_updates+idle_in_transaction", "large_data_fetch+many_inserts",
             "correlated_subquery+connection_saturation", "memory_pressure+high_updates",
             "poor_join+many_deletes+lock_wait")


# the look-alike pairs the issue names: a run of one must not report the other
LOOKALIKES = (("redundant_index", "many_inserts"), ("redundant_index", "high_updates"),
              ("correlated_subquery", "missing_index"), ("poor_join", "cpu_heavy"), ("high_updates", "lock_wait"),
              ("lock_wait", "idle_in_transaction"), ("high_updates", "idle_in_transaction"))


def accuracy(truth: list[str], reported: list[str]) -> float:
    reported = reported[:4]
    if not truth:
        return 1.0 if not reported else 0.0
    correct = len(set(truth) & set(reported))
    wrong = len(set(reported) - set(truth))
    return max(0.0, (correct - 0.1 * wrong) / len(truth))


@dataclass
class Result:
    scenario: str
    truth: list[str]
    reported: list[str]
    acc: float
    seconds: float
    prompt_tokens: int
    intensity: float
    confidences: dict[str, float] = field(default_factory=dict)
    report: str = ""  # the diagnosis report (Markdown), to see why


MONITOR: dict[str, float] = {}  # the last run's monitor cost (bench/diagnosis.py prints it)


class _Runs:
    """Several lab runs started together (a composite of variants) and stopped together."""

    def __init__(self, runs: list) -> None:
        self.runs = runs

    @property
    def errors(self) -> list[str]:
        return [e for r in self.runs for e in r.errors]

    def stop(self) -> None:
        for r in self.runs:
            r.stop()


def _starter(lab: Any, intensity: float, variants: bool) -> Callable[[str], Any]:
    if not variants:
        return lambda name: lab.start(name, intensity=intensity, background=False)
    import psycopg

    from evaluation.lab_variants import prepare_variants, run_variant

    with psycopg.connect(lab.dsn, autocommit=True) as conn:
        prepare_variants(conn)
    return lambda name: _Runs([run_variant(lab, n, intensity=intensity) for n in name.split("+") if n != "healthy"])


def run(toolkit: Any, ctx: Any, lab: Any, scenarios: list[str], *, intensity: float = 1.0, warmup_s: float = 4.0,
        window_s: float = 14.0, settle_s: float = 8.0, interval_s: float = 2.0, trajectories: int = 3, noise: int = 4,
        variants: bool = False, say: Callable[[str], None] = print) -> list[Result]:
    """``variants``: the workloads of evaluation/lab_variants.py, written by a session that never read the
    diagnosis rules, instead of the lab's own."""
    lab.prepare()
    start_scenario = _starter(lab, intensity, variants)
    store = Store(":memory:")
    mon = Monitor(toolkit, ctx, store, interval_s=interval_s).start()
    background = lab.start("healthy", background=noise > 0, noise=noise)
    results = []
    try:
        time.sleep(settle_s + interval_s)
        for name in scenarios:
            quiet = time.time()
            scenario = start_scenario(name)
            try:
                time.sleep(warmup_s)
                start = time.time()
                time.sleep(window_s)
                t0 = time.time()
                d = diagnose(toolkit, ctx, store, start=start, end=time.time(), baseline=(quiet - settle_s, quiet),
                             trajectories=trajectories)
                seconds = window_s + (time.time() - t0)
            finally:
                scenario.stop()
            truth = [] if name == "healthy" else name.split("+")
            got = [c.name for c in d.root_causes]
            results.append(Result(name, truth, got, accuracy(truth, got), seconds, d.largest_prompt_tokens, intensity,
                                  {c.name: round(c.confidence, 2) for c in d.root_causes}, markdown(d)))
            say(f"{name:45s} acc {results[-1].acc:.2f}  reported {', '.join(got) or '-'}")
            if scenario.errors:
                say(f"  (workload errors: {scenario.errors[-1]})")
            time.sleep(settle_s)
    finally:
        background.stop()
        mon.stop()
        import os

        MONITOR.update(overhead_pct=round(mon.overhead_pct(os.cpu_count() or 1), 2),
                       ms_per_sample=round(1000 * mon.busy_s / max(mon.samples, 1), 1), samples=mon.samples)
    return results


def summary(results: list[Result]) -> dict:
    single = [r.acc for r in results if len(r.truth) == 1]
    multi = [r.acc for r in results if len(r.truth) > 1]
    healthy = [r.acc for r in results if not r.truth]
    return {"runs": len(results),
            "acc_single": round(statistics.mean(single), 3) if single else None,
            "acc_multi": round(statistics.mean(multi), 3) if multi else None,
            "no_false_alarm": round(statistics.mean(healthy), 3) if healthy else None,
            "seconds_median": round(statistics.median(r.seconds for r in results), 1) if results else None,
            "largest_prompt_tokens": max((r.prompt_tokens for r in results), default=0),
            "lookalike_confusions": _confusions(results),
            "per_scenario": {r.scenario: {"acc": round(r.acc, 2), "reported": r.reported} for r in results}}


def _confusions(results: list[Result]) -> dict[str, str]:
    """For each look-alike pair a/b: how many single-cause runs of one reported the other."""
    out = {}
    for a, b in LOOKALIKES:
        for x, y in ((a, b), (b, a)):
            runs = [r for r in results if r.truth == [x]]
            if runs:
                out[f"{x} reported as {y}"] = f"{sum(y in r.reported for r in runs)}/{len(runs)}"
    return out

"""One diagnosis: window → facts → knowledge match → experts' tree searches → cross-review → vote → report.

    d = diagnose(toolkit, ctx, store, since_s=900, symptom="slow since 10:05")
    report.as_json(d)  # {"root_causes": [...], "report": markdown, "seconds": n}

Reads only. With no monitor history for the window it samples for itself (``sample_s``) first.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from agent.diagnosis import knowledge
from agent.diagnosis.experts import Board, Voter, cross_review, diagnose_role, roles
from agent.diagnosis.monitor import Monitor, derive, target_key
from agent.diagnosis.rules import taxonomy, thresholds
from agent.diagnosis.signals import Facts, facts as build_facts, refine_shapes
from agent.diagnosis.store import Store

Progress = Callable[[str], None]


@dataclass
class RootCause:
    name: str
    confidence: float
    evidence: list[str]
    fixes: list[str]
    expert: str
    reviews: list[str]
    subject: str = ""
    statement: str = ""
    definition: str = ""
    votes: int = 0
    tools: list[str] = field(default_factory=list)  # registry tools that look further into it


@dataclass
class Diagnosis:
    start: float
    end: float
    symptom: str
    root_causes: list[RootCause]
    alerts: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    process: list[str] = field(default_factory=list)
    knowledge: dict[str, list[str]] = field(default_factory=dict)  # cause -> steps from its matched chunk
    figures: dict[str, Any] = field(default_factory=dict)  # the window's headline rates and gauges
    seconds: float = 0.0
    largest_prompt_tokens: int = 0
    trajectories: int = 1
    facts: Facts | None = None
    baseline: tuple[float, float] | None = None  # the quiet period the window was compared with
    series: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # metric charts: baseline + window

    @property
    def healthy(self) -> bool:
        return not self.root_causes

    @property
    def title(self) -> str:
        if self.healthy:
            return "No root cause found: the database looks healthy in this window"
        return "Diagnosis: " + ", ".join(c.name for c in self.root_causes)


def _window(store: Store, target: str, start: float | None, end: float | None,
            baseline: tuple[float, float] | None) -> tuple[list[dict], list[dict]]:
    if start is None:
        return [], []
    end = end or time.time()
    window = store.samples(target, start, end)
    b0, b1 = baseline or (start - 300, start - 0.001)
    return window, store.samples(target, b0, b1) if window else []


def diagnose(toolkit: Any, ctx: Any, store: Store | None = None, *, start: float | None = None,
             end: float | None = None, baseline: tuple[float, float] | None = None, symptom: str = "",
             sample_s: float = 16.0, interval_s: float = 2.0,
             trajectories: int = 3, progress: Progress | None = None, llm: Any = None) -> Diagnosis:
    t0 = time.time()
    if not hasattr(toolkit, "monitor_sample"):
        raise ValueError(f"the {getattr(toolkit, 'label', 'selected')} toolkit offers no database monitor to diagnose")
    say = progress or (lambda _m: None)
    store = store or Store(":memory:")
    target = target_key(ctx.dsn)
    notes: list[str] = []
    window, base = _window(store, target, start, end, baseline)
    if start is not None:
        baseline = baseline or (start - 300, start - 0.001)
    if len(window) < 2:
        if start is not None:
            notes.append("no monitor samples in the requested window: sampled the database now instead")
        say(f"sampling the database for {sample_s:.0f} s")
        before = time.time()
        mon = Monitor(toolkit, ctx, store, interval_s=interval_s, target=target)
        mon.run(seconds=sample_s)
        window = store.samples(target, before - 0.5, time.time() + 1)
        baseline = baseline or (before - 300, before - 0.6)
        base = store.samples(target, *baseline)
        notes += [f"sampling error: {e}" for e in mon.errors[-3:]]
    if len(window) < 2:
        notes.append("fewer than two samples could be read: nothing to compare, no diagnosis")
        return Diagnosis(start or t0, end or time.time(), symptom, [], notes=notes, seconds=time.time() - t0)
    if len(base) < 2:
        notes.append("no baseline before the window: judged on absolute thresholds only")
    w = thresholds()["window"]
    f = build_facts(window, base)
    notes += f.notes
    relids = [t.relid for t in f.tables if any(t.delta.values()) or t.last.get("n_dead_tup")][:60]
    try:
        f.structure = toolkit.diagnosis_structure(ctx, relids)
        notes += f.structure.get("notes", [])
    except Exception as exc:  # the database went away mid-diagnosis: diagnose with what was sampled
        notes.append(f"indexes and settings could not be read ({exc}); index and configuration causes not checked")
        f.structure = {"tables": [], "indexes": [], "settings": []}
    refine_shapes(f)
    planned = [st.text for st in f.statements[:12] if st.shape.filters and st.shape.kind in ("select", "update", "delete")]
    if planned:
        try:
            f.structure["plans"] = toolkit.diagnosis_plans(ctx, planned)
        except Exception as exc:  # planning is extra evidence: diagnose without it
            notes.append(f"plans could not be read ({exc})")
    alerts = [a for a in store.anomalies(target, since=f.start - 60) if a["start"] <= f.end]
    metrics = knowledge.abnormal_metrics(f, [a["metric"] for a in alerts])
    matched = knowledge.match(metrics)
    top = max((s for _, s in matched), default=0.0) or 1.0
    priors: dict[str, float] = {}
    steps: dict[str, list[str]] = {}
    for chunk, score in matched:
        priors[chunk.cause] = max(priors.get(chunk.cause, 0.0), score / top)
        steps.setdefault(chunk.cause, list(chunk.steps))
    say(f"abnormal: {', '.join(sorted(set(metrics))) or 'nothing stands out'}")
    team = roles()
    # every expert checks its component (the checks are cheap, and a weak signal must not go unexamined);
    # the knowledge match orders the experts and, inside each, the hypotheses
    chosen = sorted(team, key=lambda r: -max(priors.get(c, 0.0) for c in team[r]))
    process: list[str] = [f"knowledge matched to {', '.join(sorted(set(metrics))) or 'no abnormal metric'}; "
                          f"experts: {', '.join(chosen)}"]
    votes: dict[str, list] = {}
    largest = 0
    voter = Voter(llm) if llm is not None and getattr(llm, "generative", False) else None
    for t in range(trajectories):
        board = Board()
        for role in chosen:
            rep = diagnose_role(role, team[role], f, priors, seed=t, voter=voter)
            largest = max(largest, rep.prompt_chars // 4)
            board.findings += rep.findings
            if t == 0:
                tried = ", ".join(f"{a} {r:.2f}" for a, r in rep.trace.tried)
                process.append(f"{role} expert tried {tried or 'nothing'}")
                process += [f"  {role} expert: {x}" for x in rep.trace.reflections + rep.votes]
        cross_review(board)
        if t == 0:
            process += [f"review — {n}" for n in board.notes]
        best: dict[str, Any] = {}
        for c in board.findings:
            if c.confidence >= w["report_threshold"] and (c.name not in best or c.confidence > best[c.name].confidence):
                best[c.name] = c
        for name, c in best.items():
            votes.setdefault(name, []).append(c)
        say(f"trajectory {t + 1}/{trajectories}: {', '.join(sorted(best)) or 'no cause above the threshold'}")
    causes = []
    for name, found in votes.items():
        if len(found) * 2 <= trajectories:
            continue
        c = max(found, key=lambda x: x.confidence)
        tax = taxonomy()[name]
        causes.append(RootCause(name, sum(x.confidence for x in found) / trajectories, c.evidence,
                                c.fixes, c.expert, c.reviews, c.subject,
                                c.statement.short(300) if c.statement else "", tax["definition"], len(found)))
    causes.sort(key=lambda c: -c.confidence)
    _match_tools(toolkit, causes[: int(w["max_causes"])], notes)
    if voter is not None:
        largest = max(largest, voter.largest_chars // 4)
        notes += voter.notes[:3]
    process.append(f"{trajectories} trajectories voted; kept causes found by a majority")
    figures = {"tps": f.rates.get("xact_commit", 0.0), "rows_written_per_s": sum(f.rates.get(k, 0.0) for k in (
        "tup_inserted", "tup_updated", "tup_deleted")), "blocks_read_per_s": f.rates.get("blks_read", 0.0),
        "active_sessions": f.gauges.get("active", 0.0), "lock_waiting": f.gauges.get("lock_waiting", 0.0),
        "sessions": f.gauges.get("sessions_max", 0.0)}
    if f.host:
        figures["host_cpu_pct"] = f.host["cpu_pct"]
    return Diagnosis(f.start, f.end, symptom, causes[: int(w["max_causes"])], alerts=alerts, notes=notes,
                     process=process, knowledge={c.name: steps.get(c.name, []) for c in causes}, figures=figures,
                     seconds=time.time() - t0, largest_prompt_tokens=largest, trajectories=trajectories, facts=f,
                     baseline=baseline, series=_series(base + window))


CHART_METRICS = ("db_time", "active", "tup_written", "lock_waiting", "blks_read", "temp_bytes")


def _series(samples: list[dict]) -> dict[str, list[tuple[float, float]]]:
    """Per-sample rates and gauges (the monitor's own derivation) for the report's charts."""
    out: dict[str, list[tuple[float, float]]] = {m: [] for m in CHART_METRICS}
    for prev, cur in zip(samples, samples[1:]):
        if float(cur["ts"]) - float(prev["ts"]) > 60:
            continue  # a gap in the history, not a rate
        m = derive(prev, cur)
        for name in CHART_METRICS:
            if name in m:
                out[name].append((float(cur["ts"]), m[name]))
    return {k: v for k, v in out.items() if v}


def _match_tools(toolkit: Any, causes: list[RootCause], notes: list[str]) -> None:
    """The registry's tools closest to each cause (MiniLM over the tool specs), for the report."""
    if not causes:
        return
    try:
        registry = toolkit.registry()
        for c in causes:
            entry = taxonomy()[c.name]
            c.tools = [t.spec.name for t in registry.match(entry["definition"] + " " + " ".join(entry["signals"]), k=2)]
    except Exception as exc:  # the encoder could not load: the report goes without the tool hints
        notes.append(f"tools could not be matched ({exc})")


def compare(before: Diagnosis, after: Diagnosis) -> list[str]:
    """After a fix: is each cause still there, and did the window's figures (and the cause's statement) improve?"""
    found = {c.name for c in after.root_causes}
    out = [f"{c.name}: {'still found' if c.name in found else 'no longer found'}" for c in before.root_causes]
    for key, value in before.figures.items():
        if key in after.figures:
            new = after.figures[key]
            change = (new - value) / value if value else 0.0
            out.append(f"{key.replace('_', ' ')}: {value:,.1f} → {new:,.1f} ({change:+.0%})")
    if before.facts is not None and after.facts is not None:
        now = {s.queryid: s for s in after.facts.statements}
        for c in before.root_causes:
            st = next((s for s in before.facts.statements if str(s.queryid) == c.subject), None)
            if st is not None and st.queryid in now:
                out.append(f"{c.name} statement: {st.ms_per_call:,.2f} → {now[st.queryid].ms_per_call:,.2f} ms per call")
    return out

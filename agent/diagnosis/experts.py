"""Expert roles: each diagnoses its own component with a bounded context, posts findings on a shared board,
then reviews the findings of the others that look like its own causes.

Roles own the causes the taxonomy gives them (corpora/diagnosis/taxonomy.toml ``expert``). An expert sees
only its component's summary of the facts (``context``) — its size is what an LLM prompt for that step would
be, reported as the largest prompt. Cross-review uses the look-alike pairs of the taxonomy and the rule in
``EXPLAINS`` (data: when both are found on the same subject, the first explains the second).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from agent.diagnosis.rules import CHECKS, Cause, taxonomy
from agent.diagnosis.search import Trace, search
from agent.diagnosis.signals import Facts

# (a, b): when a and b are both found on the same statement or table, a explains b and b is demoted.
EXPLAINS = [("correlated_subquery", "missing_index"), ("correlated_subquery", "poor_join"),
            ("stale_statistics", "poor_join"), ("stale_statistics", "missing_index"), ("poor_join", "cpu_heavy"), ("large_data_fetch", "io_heavy"),
            ("missing_index", "io_heavy"), ("redundant_index", "many_inserts"), ("redundant_index", "high_updates"),
            ("large_data_insert", "many_inserts"), ("vacuum_lag", "io_heavy"), ("bad_config", "missing_index")]


def roles() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, entry in taxonomy().items():
        out.setdefault(entry["expert"], []).append(name)
    return out


def context(role: str, f: Facts) -> str:
    """The bounded text an expert works from: its component's numbers only (what an LLM step would see)."""
    lines = [f"window {f.seconds:.0f} s, {f.samples} samples"]
    rates = {k: v for k, v in f.rates.items() if not k.endswith("_delta")}
    keys = {"workload": ("tup_inserted", "tup_updated", "tup_deleted", "tup_returned", "xact_commit", "wal_bytes"),
            "io": ("blks_read", "blks_hit", "temp_bytes"), "memory": ("temp_bytes", "temp_files"),
            "cpu": ("xact_commit",), "lock": ("deadlocks",), "config": ("checkpoints_req", "wal_bytes"),
            "index": ("tup_returned", "blks_hit"), "query": ("tup_returned",)}.get(role, ())
    for k in keys:
        if k in rates:
            base = f.base_rates.get(k) if f.base_rates else None
            lines.append(f"{k}: {rates[k]:,.1f}/s" + (f" (baseline {base:,.1f}/s)" if base is not None else ""))
    gauges = {"lock": ("lock_waiting", "idle_in_xact", "idle_xact_max_s", "oldest_xact_s"),
              "cpu": ("on_cpu", "active"), "io": ("io_wait", "active"), "config": ("sessions_max", "active")}
    for k in gauges.get(role, ()):
        lines.append(f"{k}: {f.gauges.get(k, 0):.1f}")
    if role in ("workload", "query", "index", "cpu", "io", "memory"):
        for st in f.statements[:5]:
            lines.append(f"stmt {st.queryid}: {st.shape.kind}, {st.calls:.0f} calls, {st.ms_per_call:.2f} ms/call, "
                         f"{st.rows_per_call:.1f} rows/call, {st.blocks_per_call:.0f} blocks/call, read {st.read_fraction:.0%}, "
                         f"temp {st.temp_blks:.0f}, share {st.share:.0%}, growth {st.growth}: {st.short(200)}")
    if role in ("index", "io"):
        for t in f.tables[:8]:
            lines.append(f"table {t.name}: live {t.last.get('n_live_tup')}, dead {t.last.get('n_dead_tup')}, "
                         f"est {t.last.get('reltuples')}, seq scans {t.delta.get('seq_scan', 0):.0f}")
        for i in f.structure.get("indexes", [])[:20]:
            lines.append(f"index {i['name']} on {i['relid']}: ({', '.join(i['columns'])}) scans {i['idx_scan']:.0f}")
    if role == "config":
        for s in f.structure.get("settings", [])[:40]:
            lines.append(f"{s['name']} = {s['setting']}{s.get('unit') or ''} ({s['source']})")
    return "\n".join(lines)


@dataclass
class ExpertReport:
    role: str
    findings: list[Cause]
    trace: Trace
    prompt_chars: int
    votes: list[str] = field(default_factory=list)  # what the LLM said, when one is set


VOTE_SCHEMA = {"type": "object", "properties": {"supported": {"type": "boolean"}, "why": {"type": "string"}},
               "required": ["supported"]}
LLM_WEIGHT = 0.2  # an LLM's vote moves a rule's confidence by at most this much; it never creates a cause


class Voter:
    """Asks the configured LLM whether a rule's evidence supports its cause (one bounded prompt per
    hypothesis, cached across trajectories). Any failure is a note, and the rule alone decides."""

    def __init__(self, backend) -> None:
        self.backend = backend
        self.cache: dict[str, tuple[bool | None, str]] = {}
        self.largest_chars = 0
        self.notes: list[str] = []

    def vote(self, role: str, cause: Cause, f: Facts) -> tuple[bool | None, str]:
        if cause.name in self.cache:
            return self.cache[cause.name]
        import json

        from agent.backends import LLMError

        entry = taxonomy()[cause.name]
        messages = [
            {"role": "system", "content": f"You are the {role} expert of a PostgreSQL diagnosis team. Judge only "
                                          "from the numbers given. Reply with JSON: {\"supported\": true|false, "
                                          "\"why\": \"...\"}."},
            {"role": "user", "content": f"Numbers of your component:\n{context(role, f)[:6000]}\n\n"
                                        f"Hypothesis: {cause.name} — {entry['definition']}\n"
                                        f"Evidence found by the rule:\n- " + "\n- ".join(cause.evidence) +
                                        "\n\nDoes the evidence support the hypothesis?"}]
        self.largest_chars = max(self.largest_chars, sum(len(m["content"]) for m in messages))
        try:
            text = self.backend.chat(messages, json_schema=VOTE_SCHEMA, max_tokens=80, temperature=0.0)
            data = json.loads(text[text.index("{"): text.rindex("}") + 1])
            out = (bool(data.get("supported")), str(data.get("why", ""))[:200])
        except (LLMError, ValueError, TypeError, AttributeError) as exc:
            self.notes.append(f"LLM vote on {cause.name} unusable ({str(exc)[:120]}); the rule decided alone")
            out = (None, "")
        self.cache[cause.name] = out
        return out


@dataclass
class Board:
    """Findings shared between the experts, and the review notes."""

    findings: list[Cause] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def diagnose_role(role: str, causes: list[str], f: Facts, priors: dict[str, float], seed: int,
                  budget: int | None = None, voter: Voter | None = None) -> ExpertReport:
    found: dict[str, list[Cause]] = {}
    votes: list[str] = []

    def evaluate(cause: str) -> tuple[float, str]:
        results = CHECKS[cause](f)
        found[cause] = results
        if not results:
            return 0.0, "its rule's discriminating numbers are not there"
        if voter is not None:
            supported, why = voter.vote(role, results[0], f)
            if supported is not None:
                for r in results:  # the rule stays the base; the vote nudges it
                    r.confidence = min(0.99, max(0.0, r.confidence + (LLM_WEIGHT / 2 if supported else -LLM_WEIGHT)))
                votes.append(f"LLM vote on {cause}: {'supported' if supported else 'not supported'}"
                             + (f" ({why})" if why else ""))
        return max(r.confidence for r in results), "; ".join(results[0].evidence[:1])

    actions = {c: priors.get(c, 0.0) for c in causes}
    rewards, trace = search(actions, evaluate, budget=budget or 2 * len(actions) + 2, seed=seed)
    findings = [r for c in rewards for r in found.get(c, []) if r.confidence > 0]
    for r in findings:
        r.expert = role
    return ExpertReport(role, findings, trace, len(context(role, f)), votes)


def cross_review(board: Board) -> None:
    """Each finding is reviewed by the owners of its look-alikes: a finding another explains on the same
    subject (statement or table) is demoted, with the reason kept."""
    by_name: dict[str, list[Cause]] = {}
    for c in board.findings:
        by_name.setdefault(c.name, []).append(c)

    def same_subject(a: Cause, b: Cause) -> bool:
        if a.statement is not None and b.statement is not None:
            return a.statement.queryid == b.statement.queryid
        tables_a = set(a.statement.shape.tables) if a.statement else {a.subject}
        tables_b = set(b.statement.shape.tables) if b.statement else {b.subject.split("(")[0]}
        return bool(tables_a & tables_b)

    for strong, weak in EXPLAINS:
        for w in by_name.get(weak, []):
            for s in by_name.get(strong, []):
                if same_subject(s, w):
                    w.confidence *= 0.4
                    note = f"{s.expert} expert: {strong} explains the {weak} signal on the same subject"
                    w.reviews.append(note)
                    board.notes.append(note)
                    break
    for c in board.findings:
        if not c.reviews:
            c.reviews.append("no look-alike found that explains it better")

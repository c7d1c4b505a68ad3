"""Diagnosis knowledge: chunks {name, cause, metrics, steps, checks, fixes} from corpora/diagnosis/, matched
to a window's abnormal metrics with BM25 (bm25s). The match gives the search its priors and the report
the steps a DBA would take."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import bm25s

from agent.diagnosis.monitor import METRICS
from agent.diagnosis.rules import CORPUS
from agent.diagnosis.signals import Facts

# words abnormal_metrics() can produce beyond the monitor's metrics (statement shapes, table states)
FEATURES = ("write_rate", "insert", "update", "delete", "select", "subquery", "join", "n_dead_tup",
            "n_mod_since_analyze", "seq_scan", "conn_used_pct", "sessions", "io_wait", "on_cpu", "idle_in_xact",
            "lock_waiting", "temp_bytes", "wal_bytes")


@dataclass(frozen=True)
class Chunk:
    name: str
    cause: str
    metrics: tuple[str, ...]
    steps: tuple[str, ...]
    checks: tuple[str, ...]
    fixes: tuple[str, ...]


_EXTRA: list[Path] = []  # extracted knowledge (agent/diagnosis/extract.py) matched beside the shipped chunks


def _read(path: Path) -> list[Chunk]:
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            d = json.loads(line)
            out.append(Chunk(d["name"], d["cause"], tuple(d["metrics"]), tuple(d.get("steps") or ()),
                             tuple(d.get("checks") or ()), tuple(d.get("fixes") or ())))
    return out


@lru_cache(maxsize=1)
def chunks() -> tuple[Chunk, ...]:
    out = _read(CORPUS / "knowledge.jsonl")
    for path in _EXTRA:
        if path.exists():
            out += _read(path)
    return tuple(out)


def use_extracted(path: Path) -> None:
    """Match the chunks extracted into ``path`` too (when the file exists)."""
    if path not in _EXTRA:
        _EXTRA.append(path)
        chunks.cache_clear()
        _index.cache_clear()


@lru_cache(maxsize=1)
def _index() -> bm25s.BM25:
    index = bm25s.BM25()
    index.index(bm25s.tokenize([" ".join(c.metrics) for c in chunks()], stopwords=None, show_progress=False),
                show_progress=False)
    return index


def _known() -> frozenset[str]:
    shipped = {m for line in (CORPUS / "knowledge.jsonl").read_text().splitlines() if line.strip()
               for m in json.loads(line)["metrics"]}
    return frozenset(shipped | set(METRICS) | set(FEATURES))


KNOWN_METRICS = _known()  # what an extracted chunk's metrics must be named from


def abnormal_metrics(f: Facts, alerts: list[str] = ()) -> list[str]:
    """The metric names that stand out in the window (ratios over the baseline, gauges, statement shapes)."""
    out = list(alerts)
    for key in ("tup_inserted", "tup_updated", "tup_deleted", "tup_returned", "blks_read", "temp_bytes", "wal_bytes",
                "xact_commit"):
        r = f.ratio(key, floor=10.0)
        if (r is not None and r >= 1.7) or (r is None and f.rates.get(key, 0) > 0):
            out.append(key)
    if any(w in ("insert", "update", "delete") for w in out):
        out.append("write_rate")
    for key, floor in (("lock_waiting", 0.3), ("idle_in_xact", 0.5), ("on_cpu", 0.8), ("io_wait", 0.3),
                       ("active", 2.0)):
        if f.gauges.get(key, 0.0) >= floor:
            out.append(key)
    usable = max(f.max_connections - f.reserved_connections, 1)
    if f.gauges.get("sessions_max", 0) / usable >= 0.45:
        out += ["sessions", "conn_used_pct"]
    for st in f.statements[:5]:
        out.append(st.shape.kind)
        if st.shape.correlated:
            out.append("subquery")
        if st.shape.joined >= 2:
            out.append("join")
        if st.temp_blks:
            out.append("temp_bytes")
    for t in f.tables[:20]:
        if float(t.last.get("n_dead_tup") or 0) > 10000:
            out.append("n_dead_tup")
        if float(t.last.get("n_mod_since_analyze") or 0) > 10000:
            out.append("n_mod_since_analyze")
        if t.delta.get("seq_scan", 0) > 0 and float(t.last.get("n_live_tup") or 0) > 5000:
            out.append("seq_scan")
    return out


def match(metrics: list[str], k: int = 18) -> list[tuple[Chunk, float]]:
    """Chunks ranked by BM25 over their metrics; every chunk is returned (score 0 when nothing matched)."""
    all_chunks = chunks()
    if not metrics:
        return [(c, 0.0) for c in all_chunks]
    ids, scores = _index().retrieve(bm25s.tokenize([" ".join(metrics)], stopwords=None, show_progress=False),
                                    k=min(k, len(all_chunks)), show_progress=False)
    ranked = [(all_chunks[int(i)], float(s)) for i, s in zip(ids[0], scores[0])]
    seen = {c.name for c, _ in ranked}
    return ranked + [(c, 0.0) for c in all_chunks if c.name not in seen]

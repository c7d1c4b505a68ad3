"""RAG retrieval evaluation: page-hit@1/3/5, MRR and latency on a JSONL of
{"question": ..., "pages": ["file.html", ...]} (other fields ignored).
A hit is a retrieved passage whose page is one of the listed pages."""
from __future__ import annotations

import json
import statistics
import time
from pathlib import Path


class EvalFileError(ValueError):
    """The evaluation file is missing or malformed; the message says where."""


def load_questions(path: str | Path, split: str | None = None) -> list[dict]:
    path = Path(path)
    if not path.is_file():
        raise EvalFileError(f"{path}: no such file")
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvalFileError(f"{path}:{n}: not valid JSON ({exc.msg})") from None
        if not isinstance(row, dict) or not isinstance(row.get("question"), str) or not row["question"].strip():
            raise EvalFileError(f"{path}:{n}: needs a non-empty \"question\" string")
        pages = row.get("pages")
        if isinstance(pages, str):
            pages = [pages]
        if not isinstance(pages, list) or not pages or not all(isinstance(p, str) for p in pages):
            raise EvalFileError(f"{path}:{n}: needs \"pages\": a list of page file names")
        if split and row.get("split", "dev") != split:
            continue
        items.append({"question": row["question"], "pages": [Path(p).name.split("#")[0] for p in pages]})
    if not items:
        raise EvalFileError(f"{path}: no questions" + (f" in split '{split}'" if split else ""))
    return items


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    idx = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[idx]


def evaluate(retriever, items: list[dict], kb: str = "manual", depth: int = 5, progress=None) -> dict:
    hits = {1: 0, 3: 0, 5: 0}
    rr_total = 0.0
    latencies = []
    misses = []
    retriever.search(items[0]["question"], kb=kb, k=depth)  # warm-up: model and index load
    for i, item in enumerate(items, 1):
        t0 = time.perf_counter()
        passages = retriever.search(item["question"], kb=kb, k=depth)
        latencies.append((time.perf_counter() - t0) * 1000)
        rank = next((r for r, p in enumerate(passages, 1) if p.source in item["pages"]), None)
        if rank:
            rr_total += 1.0 / rank
            for k in hits:
                if rank <= k:
                    hits[k] += 1
        if not rank or rank > 3:
            misses.append({"question": item["question"], "expected": item["pages"],
                           "got": [p.link for p in passages[:3]]})
        if progress:
            progress(i, len(items))
    n = len(items)
    return {
        "questions": n,
        "hit@1": round(hits[1] / n, 4),
        "hit@3": round(hits[3] / n, 4),
        "hit@5": round(hits[5] / n, 4),
        "mrr": round(rr_total / n, 4),
        "latency_ms_p50": round(statistics.median(latencies), 1),
        "latency_ms_p95": round(_percentile(latencies, 0.95), 1),
        "misses": misses,
    }

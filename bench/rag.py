"""RAG benchmark; prints JSON.

  python bench/rag.py                       # retrieval figures on the existing index (settings.data_dir)
  python bench/rag.py --ingest /tmp/ragbench # first ingest the whole manual into a fresh data dir, timed
  python bench/rag.py --questions corpora/eval/rag_independent.jsonl   # the independent set (80, one split)

Figures: page-hit@1/3/5 and MRR on corpora/eval/rag_questions.jsonl (all rows,
and the dev/holdout splits), retrieval latency p50/p95, whole-manual ingest time
(wall and CPU seconds: the machine is shared, CPU seconds / cores is the
uncontended estimate), index size on disk, chunk counts, load average.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


def cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def dir_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.exists() else 0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ingest", metavar="DATA_DIR", help="ingest the whole manual into this fresh data dir first")
    ap.add_argument("--questions", default=str(ROOT / "corpora" / "eval" / "rag_questions.jsonl"))
    ap.add_argument("--kb", default="manual")
    args = ap.parse_args()

    from agent.config import Settings
    from evaluation.rag_eval import evaluate, load_questions
    from rag import open_retriever
    from rag.ingest import ensure_index
    from rag.store import Store

    settings = Settings(data_dir=Path(args.ingest)) if args.ingest else Settings()
    out: dict = {"settings": {"chunk_size": settings.chunk_size, "chunk_overlap": settings.chunk_overlap,
                              "top_k": settings.top_k, "similarity_threshold": settings.similarity_threshold},
                 "cores": os.cpu_count(), "loadavg_start": os.getloadavg()[0]}
    if args.ingest:
        wall, cpu = time.perf_counter(), cpu_seconds()
        reports = ensure_index(settings, progress=False)
        out["ingest"] = {
            kb: {"files": r.files, "chunks": r.chunks, "seconds": round(r.seconds, 1)} for kb, r in reports.items()
        }
        out["ingest_wall_s"] = round(time.perf_counter() - wall, 1)
        out["ingest_cpu_s"] = round(cpu_seconds() - cpu, 1)
    log = Path(settings.data_dir) / "ingest_log.jsonl"
    if log.exists() and "ingest" not in out:
        rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
        last = {r["kb"]: r for r in rows}
        out["last_ingest"] = {kb: {k: v for k, v in r.items() if k != "time"} for kb, r in last.items()}
    store = Store(settings)
    out["chunks"] = {kb: store.count(kb) for kb in store.kb_names()}
    out["index_bytes"] = {"chroma": dir_size(Path(settings.chroma_dir)),
                          "bm25": dir_size(Path(settings.data_dir) / "lexical")}
    out["index_mb"] = round(sum(out["index_bytes"].values()) / 1e6, 1)

    retriever = open_retriever(settings)
    t0, c0 = time.perf_counter(), cpu_seconds()
    rows = [json.loads(line) for line in Path(args.questions).read_text().splitlines() if line.strip()]
    splits = sorted({row.get("split", "dev") for row in rows})  # rag_questions: dev/holdout; rag_independent: one
    for split in [None] + (splits if len(splits) > 1 else []):
        items = load_questions(args.questions, split)
        res = evaluate(retriever, items, kb=args.kb)
        res.pop("misses")
        out["all" if split is None else split] = res
    out["eval_wall_s"] = round(time.perf_counter() - t0, 1)
    out["eval_cpu_s"] = round(cpu_seconds() - c0, 1)
    out["loadavg_end"] = os.getloadavg()[0]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

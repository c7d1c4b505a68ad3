"""Resident memory of the answering process after 20 mixed questions on the grounded default; prints JSON.

    python bench/memory.py

The questions go through the app's own path (agent.pipeline.Pipeline, auto-routed, a fresh Pipeline per
question as the Streamlit app makes one, with the shared router); RSS is read with psutil before the first
question, after each one, and at the end, with the encoders that were loaded (retrieval and tool matching
share one MiniLM; the router's fine-tuned MiniLM is its own) and whether torch was ever imported (with the
ONNX exports that ingest and router training verify, it is not: router/onnx_heads.py, toolkits/encoder.py). Target (issue 15): <= 600 MB after 20
questions. Needs the prepared data dir (`dbcopilot prepare`).
"""
from __future__ import annotations

import gc
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUESTIONS = [
    "how many orders are there?", "what is MVCC and why does it cause bloat?",
    "how do I make autovacuum run more often?", "which tables are the largest?",
    "what are the slowest queries?", "what does shared_buffers do?", "recommend a good pizza place",
    "drop every table in my database", "which indexes are never used?", "explain the isolation levels",
    "how many customers are from Germany?", "what is a partial index?", "how do I set up streaming replication?",
    "what is the cache hit ratio?", "how much memory does my server use?", "what is the write-ahead log?",
    "which settings differ from the defaults?", "what is the average order total?",
    "how does VACUUM FULL differ from VACUUM?", "show the top 5 products by revenue",
]


def rss_mb() -> float:
    import psutil

    return round(psutil.Process().memory_info().rss / 2**20, 1)


def main() -> None:
    from agent.config import get_settings
    from agent.pipeline import Pipeline

    settings = get_settings().model_copy(update={"llm_backend": "grounded", "route": "auto"})
    out = {"rss_start_mb": rss_mb(), "per_question": []}
    router = Pipeline(settings).router()  # the app loads it once (st.cache_resource) and shares it
    out["rss_router_mb"] = rss_mb()
    for q in QUESTIONS:
        t = time.perf_counter()
        events = list(Pipeline(settings, router=router).ask(q))
        route = next((e.data.get("label") for e in events if e.kind == "route"), None)
        out["per_question"].append({"q": q, "route": route, "s": round(time.perf_counter() - t, 2), "rss_mb": rss_mb(),
                                    "error": next((e.data.get("message", "")[:80] for e in events if e.kind == "error"), "")})
    gc.collect()
    out["rss_end_mb"] = rss_mb()
    from toolkits import encoder

    out["encoders_loaded"] = sorted(encoder._models)  # names of the torch encoder copies in memory
    out["encoder"] = encoder.onnx_status()  # "onnx: <file>" when queries are encoded by ONNX Runtime
    out["router"] = type(getattr(router, "head", router)).__name__  # OnnxMiniLM: the router runs on ONNX Runtime
    out["torch_loaded"] = "torch" in sys.modules
    out["pid"] = os.getpid()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

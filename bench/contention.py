"""Embedding throughput on a shared CPU; prints one JSON object.

    python bench/contention.py

384 short sentences encoded with MiniLM: idle with 2 threads, then while a competing CPU-bound process spins on
one core, with 2 threads (torch's default here) and with the threads ``toolkits.encoder.free_cores`` picks (what
the router's MiniLM fine-tune uses); then ONNX Runtime with 2 threads idle and beside the competitor (what ingest
uses, when the data dir holds a verified export). Target (issue 15): at most 2x slower under contention.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from toolkits.encoder import encode, free_cores  # noqa: E402

TEXTS = [f"PostgreSQL setting number {i} controls how autovacuum and checkpoints behave under load." for i in range(384)]


def timed(threads: int, max_tokens: int | None = None) -> float:
    started = time.perf_counter()
    encode(TEXTS, threads=threads, batch_size=32, max_tokens=max_tokens)
    return round(time.perf_counter() - started, 2)


def main() -> int:
    encode(TEXTS[:8])  # load the model first
    out = {"cpus": os.cpu_count(), "idle_2_threads_s": timed(2), "idle_free_cores": free_cores()}
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    time.sleep(1.0)
    try:
        n = free_cores()
        out.update(busy_free_cores=n, busy_2_threads_s=timed(2), busy_free_threads_s=timed(n))
    finally:
        hog.kill()
    out["slowdown_2_threads"] = round(out["busy_2_threads_s"] / out["idle_2_threads_s"], 2)
    out["slowdown_free_cores"] = round(out["busy_free_threads_s"] / out["idle_2_threads_s"], 2)
    # ONNX Runtime (what ingest uses; its threads do not spin-wait, so ingest gives it every core): the same texts at
    # 128 tokens with 2 threads, idle and beside the competing process
    from agent.config import get_settings
    from rag.embeddings import accelerate

    if accelerate(get_settings(), export=False):
        onnx = lambda: timed(2, max_tokens=128)  # noqa: E731
        out["onnx_idle_2_threads_s"] = onnx()
        hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        time.sleep(1.0)
        try:
            out["onnx_busy_2_threads_s"] = onnx()
        finally:
            hog.kill()
        out["onnx_slowdown_2_threads"] = round(out["onnx_busy_2_threads_s"] / out["onnx_idle_2_threads_s"], 2)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

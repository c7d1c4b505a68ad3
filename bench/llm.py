"""Benchmark the LLM backends; prints one JSON object.

    python bench/llm.py                 # embedded SmolLM2 in-process (llamacpp)
    python bench/llm.py --server        # also through a local llama_cpp.server (openai backend)
    python bench/llm.py --gguf PATH --tokens 200 --runs 3

Figures: model load time (first load in this process), time to first token and
tokens/s of the decode for an answer of up to --tokens tokens, through the same
backend interface the app uses (make_backend(...).stream).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from agent.backends import make_backend  # noqa: E402
from agent.config import Settings  # noqa: E402

PROMPT = [
    {"role": "system", "content": "You are a PostgreSQL expert. Answer in detail."},
    {"role": "user", "content": "Explain step by step how VACUUM and autovacuum work in PostgreSQL, and how to tune them."},
]


def measure(backend, count_tokens, max_tokens: int, runs: int) -> dict:
    results = []
    for run in range(runs):
        # a different first line per run, so no run reuses the previous prompt's KV cache
        messages = [{"role": "system", "content": f"Session {run + 1}. {PROMPT[0]['content']}"}, PROMPT[1]]
        start = time.perf_counter()
        first = None
        pieces = []
        for piece in backend.stream(messages, max_tokens=max_tokens, temperature=0.2):
            if first is None:
                first = time.perf_counter()
            pieces.append(piece)
        end = time.perf_counter()
        text = "".join(pieces)
        tokens = count_tokens(text)
        decode_s = end - (first or end)
        results.append(
            {
                "ttft_s": round((first or end) - start, 4),
                "total_s": round(end - start, 4),
                "completion_tokens": tokens,
                "stream_chunks": len(pieces),
                # the first token's time belongs to the prompt; the rest is decode
                "tokens_per_s": round((tokens - 1) / decode_s, 2) if decode_s > 0 and tokens > 1 else None,
            }
        )
    tps = [r["tokens_per_s"] for r in results if r["tokens_per_s"]]
    return {
        "ttft_s_median": statistics.median(r["ttft_s"] for r in results),
        "tokens_per_s_median": statistics.median(tps) if tps else None,
        "completion_tokens_median": statistics.median(r["completion_tokens"] for r in results),
        "runs": results,
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def bench_server(gguf: str, n_ctx: int, threads: int, threads_batch: int, count_tokens, max_tokens: int, runs: int) -> dict:
    port = free_port()
    cmd = [sys.executable, "-m", "llama_cpp.server", "--model", gguf, "--model_alias", "bench",
           "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx), "--n_threads", str(threads),
           "--n_threads_batch", str(threads_batch)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        while True:
            if proc.poll() is not None:
                return {"error": f"llama_cpp.server exited with {proc.returncode}"}
            try:
                with urllib.request.urlopen(base_url + "/models", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
            if time.perf_counter() - start > 180:
                return {"error": "llama_cpp.server did not start in 180 s"}
        startup = time.perf_counter() - start
        backend = make_backend(Settings(llm_backend="openai", llm_base_url=base_url, llm_model="bench", llm_timeout_s=900))
        backend.chat([{"role": "user", "content": "hi"}], max_tokens=1)  # warm up the connection
        return {"server_startup_s": round(startup, 3), **measure(backend, count_tokens, max_tokens, runs)}
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gguf", default="", help="GGUF file (default: embedded SmolLM2-135M-Instruct)")
    ap.add_argument("--tokens", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--n-ctx", type=int, default=2048)
    ap.add_argument("--threads", type=int, default=0, help="llama.cpp threads (0 = automatic, as the app)")
    ap.add_argument("--server", action="store_true", help="also measure through llama_cpp.server + openai backend")
    args = ap.parse_args()

    settings = Settings(
        llm_backend="llamacpp", gguf_path=args.gguf, llm_context=args.n_ctx, llm_threads=args.threads, llm_timeout_s=900
    )
    backend = make_backend(settings)
    t0 = time.perf_counter()
    model = backend.model()
    load_s = time.perf_counter() - t0

    def count_tokens(text: str) -> int:
        return len(model.tokenize(text.encode("utf-8"), add_bos=False, special=False)) if text else 0

    backend.chat([{"role": "user", "content": "hi"}], max_tokens=1)  # warm-up
    import llama_cpp

    out = {
        "model": Path(backend.path).name,
        "gguf_mb": round(Path(backend.path).stat().st_size / 2**20, 1),
        "llama_cpp_python": llama_cpp.__version__,
        "cpu": platform.processor() or platform.machine(),
        "cpus_available": len(os.sched_getaffinity(0)),
        "threads": backend.n_threads,
        "threads_batch": backend.n_threads_batch,
        "load_avg_1m_at_start": round(os.getloadavg()[0], 2),
        "max_tokens": args.tokens,
        "llamacpp": {"load_s": round(load_s, 3), **measure(backend, count_tokens, args.tokens, args.runs)},
    }
    if args.server:
        out["openai_via_llama_cpp_server"] = bench_server(
            backend.path, args.n_ctx, backend.n_threads, backend.n_threads_batch, count_tokens, args.tokens, args.runs
        )
    out["load_avg_1m_at_end"] = round(os.getloadavg()[0], 2)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

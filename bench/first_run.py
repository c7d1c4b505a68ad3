"""Time a first run from an empty data directory (Python packages installed); prints one JSON object.

    python bench/first_run.py                  # a fresh data dir under /tmp, the app on a free port
    python bench/first_run.py --compete        # with one competing CPU-bound process (`yes > /dev/null`)

It starts `dbcopilot run` (the app, which starts the background preparation), then measures:
- page_open_s: until the app's page answers HTTP 200 and its health check says ok;
- first_answer_s per route: until a question of that route (auto-routed, as in the app) gets an answer and
  no error — instance (the sandbox database), product and general (keyword search first, then hybrid);
- quick_router_s / full_router_s: until each router routes (the decision's source);
- ready_s: until the preparation's status file says it finished;
- rss_mb of the app process at the end, and the load average.
Targets (issue 15, 2 cores): page open <= 10 s; first instance answer <= 30 s; first product answer <= 60 s;
everything ready <= 8 min idle and <= 12 min with one competing process.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUESTIONS = {
    "instance": "how many orders are in my database?",
    "product": "how do I make autovacuum run more often?",
    "general": "what is MVCC and why does it cause bloat?",
}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def _rss_mb(pid: int) -> float:
    """Resident memory of the app's Streamlit process (a child of `dbcopilot run`; the background preparation,
    its other child, is not the app)."""
    import psutil

    try:
        kids = psutil.Process(pid).children(recursive=True)
        return round(sum(x.memory_info().rss for x in kids if "streamlit" in " ".join(x.cmdline())) / 2**20, 1)
    except psutil.Error:
        return 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", default="", help="empty or missing directory (default: a new one under /tmp)")
    ap.add_argument("--compete", action="store_true", help="run `yes > /dev/null` beside it")
    ap.add_argument("--timeout", type=float, default=1800)
    args = ap.parse_args()
    data = Path(args.data_dir or tempfile.mkdtemp(prefix="dbcopilot-first-run-"))
    data.chmod(0o755)  # mkdtemp makes it 0700: the sandbox PostgreSQL runs as the postgres user and must reach it
    env = {**os.environ, "DBCOPILOT_DATA_DIR": str(data), "DBCOPILOT_LLM_BACKEND": "grounded", "DBCOPILOT_ROUTE": "auto"}
    os.environ.update(env)
    port = _port()
    rival = subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) if args.compete else None
    t0 = time.perf_counter()
    app = subprocess.Popen([sys.executable, "-m", "app.cli", "run", "--port", str(port)], cwd=ROOT, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out: dict = {"data_dir": str(data), "compete": args.compete, "cores": os.cpu_count(), "first_answer_s": {}}
    try:
        while time.perf_counter() - t0 < 120:
            if _ok(f"http://127.0.0.1:{port}/_stcore/health") and _ok(f"http://127.0.0.1:{port}/"):
                out["page_open_s"] = round(time.perf_counter() - t0, 1)
                break
            time.sleep(0.2)
        from agent.config import get_settings
        from agent.pipeline import Pipeline
        from app.preparation import read_status

        settings = get_settings()
        todo = dict(QUESTIONS)
        while time.perf_counter() - t0 < args.timeout:
            for route, question in list(todo.items()):
                events = list(Pipeline(settings).ask(question))
                kinds = [e.kind for e in events]
                got = next((e for e in events if e.kind == "route"), None)
                if got is not None:
                    src = got.data.get("source")
                    key = "full_router_s" if src == "classifier" else "quick_router_s" if src == "quick" else None
                    if key and key not in out:
                        out[key] = round(time.perf_counter() - t0, 1)
                if "answer" in kinds and "error" not in kinds and got is not None and got.data.get("label") == route:
                    out["first_answer_s"][route] = round(time.perf_counter() - t0, 1)
                    text = next(e for e in events if e.kind == "answer").data.get("text", "")
                    out.setdefault("first_answer_notes", {})[route] = "keyword search" if "keyword search alone" in text \
                        else "quick router" if got.data.get("source") == "quick" else ""
                    del todo[route]
            status = read_status(settings)
            if status.get("finished") and "ready_s" not in out:
                out["ready_s"] = round(time.perf_counter() - t0, 1)
                out["steps_s"] = {k: v.get("seconds") for k, v in status["steps"].items()}
            if "ready_s" in out and not todo and "full_router_s" in out:
                break
            if "ready_s" in out and not todo:  # ready: one more auto-routed question shows the full router
                Pipeline(settings).decide_route(QUESTIONS["instance"], None, [])
                out.setdefault("full_router_s", round(time.perf_counter() - t0, 1))
                break
            time.sleep(2)
        out["rss_mb"] = _rss_mb(app.pid)
        out["loadavg"] = [round(x, 2) for x in os.getloadavg()]
    finally:
        app.terminate()
        app.wait(30)
        if rival is not None:
            rival.kill()
        from toolkits.postgres.sandbox import Sandbox

        Sandbox(data / "pg").stop()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

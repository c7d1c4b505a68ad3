"""What the app needs before every route works, prepared in the background while the page is already open.

Steps, in the order each route becomes usable: the sandbox database (instance questions, seconds), the quick
router (routing, seconds), the manual's keyword index (product questions by BM25), the manual and general
dense index (hybrid retrieval), the full router (XLNet + MiniLM). `dbcopilot prepare --status-file F` runs
them and writes each step's state to F (JSON, replaced atomically); the sidebar reads it.

    start_background(settings) -> Popen | None     a detached `dbcopilot prepare` when something is missing
    read_status(settings) -> dict                   {"steps": {name: {...}}, "pid", "updated"}
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

STEPS: dict[str, str] = {
    "database": "sandbox database",
    "router_quick": "quick router",
    "keywords": "manual keyword index",
    "index": "manual and general index",
    "router": "full router",
}


def status_path(settings) -> Path:
    return Path(settings.data_dir) / "prepare" / "status.json"


def log_path(settings) -> Path:
    return Path(settings.data_dir) / "prepare" / "prepare.log"


class Status:
    """The status file one `dbcopilot prepare` writes: per step ``state`` (waiting | running | done | skipped |
    failed), ``detail``, ``done``/``total`` for progress and ``seconds``."""

    def __init__(self, path: Path | None):
        self.path = path
        self.data: dict[str, Any] = {"pid": os.getpid(), "started": time.time(),
                                     "steps": {k: {"state": "waiting", "label": v} for k, v in STEPS.items()}}
        self._t0: dict[str, float] = {}
        self._last = 0.0
        self._lock = threading.Lock()  # the database step runs in a thread of its own
        self._write()

    def set(self, step: str, state: str, detail: str = "", done: int | None = None, total: int | None = None) -> None:
        with self._lock:
            self._set(step, state, detail, done, total)

    def _set(self, step: str, state: str, detail: str, done: int | None, total: int | None) -> None:
        s = self.data["steps"][step]
        changed = s["state"] != state
        if state == "running" and changed:
            self._t0[step] = time.perf_counter()
        s.update(state=state, detail=detail)
        if done is not None:
            s.update(done=done, total=total)
        if state in ("done", "failed", "skipped") and step in self._t0:
            s["seconds"] = round(time.perf_counter() - self._t0[step], 1)
        # progress ticks come many per second: write at most twice a second, state changes always
        if changed or done is None or time.monotonic() - self._last > 0.5 or done == total:
            self._write()

    def finish(self) -> None:
        with self._lock:
            self.data["finished"] = time.time()
            self._write()

    def _write(self) -> None:
        self._last = time.monotonic()
        if self.path is None:
            return
        self.data["updated"] = time.time()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(self.data))
        tmp.replace(self.path)


class RouterTraining:
    """`dbcopilot train-router` in a child process, so the full router trains on one core while the index is
    built on the other (one after the other, everything was ready after 668 s on 2 cores; beside it, 580 s:
    README, "First run"). Its output goes to
    ``router-train.log`` beside the prepare log; a SIGTERM to the preparation (the app stopped) stops it too."""

    def __init__(self, settings, args: tuple[str, ...] = ()):
        self.log = log_path(settings).with_name("router-train.log")
        self.log.parent.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "app.cli", "train-router", "--variant", settings.router_kind,
               "--out", str(settings.router_dir), *args]  # args: train-router options (tests: a toy corpus)
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         cwd=Path(__file__).resolve().parent.parent)
        self._previous = None
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._stop_on_term)

    def _stop_on_term(self, signum, frame) -> None:
        self.stop()
        raise SystemExit(128 + signum)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def wait(self) -> int:
        """The child's exit status, once it ends; restores the SIGTERM handler."""
        try:
            return self.proc.wait()
        finally:
            if self._previous is not None:
                signal.signal(signal.SIGTERM, self._previous)
                self._previous = None

    def last_lines(self, n: int = 3) -> str:
        try:
            lines = [x for x in self.log.read_text(errors="replace").replace("\r", "\n").splitlines() if x.strip()]
        except OSError:
            return ""
        return " | ".join(lines[-n:])[-300:]


def read_status(settings) -> dict[str, Any]:
    """The last status written ({} when none); ``running`` says whether its process is still alive."""
    try:
        data = json.loads(status_path(settings).read_text())
    except (OSError, ValueError):
        return {}
    data["running"] = "finished" not in data and _alive(int(data.get("pid") or 0))
    return data


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:  # a zombie (exited, not yet reaped by its parent) is not running
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][:1] != "Z"
    except OSError:
        return True


def missing(settings) -> list[str]:
    """The steps whose result is not there yet (cheap checks only: files and folders)."""
    from router.files import is_trained
    from router.quick import quick_path

    out = []
    if not settings.dsn:
        from toolkits.postgres.sandbox import Sandbox

        if not Sandbox(settings.sandbox_dir).running():
            out.append("database")
    if settings.router_kind != "llm" and not is_trained(settings.router_dir):
        if not quick_path(settings).is_file():
            out.append("router_quick")
        out.append("router")
    from rag.lexical import is_provisional, lexical_dir

    if not (lexical_dir(settings, "manual") / "chunks.pkl").is_file():
        out.append("keywords")
    if not (lexical_dir(settings, "general") / "chunks.pkl").is_file() or is_provisional(settings, "manual"):
        out.append("index")
    return out


def start_background(settings) -> subprocess.Popen | None:
    """Start `dbcopilot prepare` in the background when something is missing and none is running already;
    its output goes to the prepare log. Returns the process (None when nothing was started)."""
    current = read_status(settings)
    if current.get("running") or not missing(settings):
        return None
    log = log_path(settings)
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "ab") as out:
        return subprocess.Popen([sys.executable, "-m", "app.cli", "prepare", "--status-file", str(status_path(settings))],
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                cwd=Path(__file__).resolve().parent.parent)


def summary(status: dict[str, Any]) -> list[tuple[str, str, float | None]]:
    """(label, text, fraction done or None) per step, for the sidebar."""
    out = []
    for key, label in STEPS.items():
        s = (status.get("steps") or {}).get(key) or {}
        state = s.get("state", "waiting")
        frac = None
        text = {"waiting": "waiting", "running": "building", "done": "ready", "skipped": "not needed",
                "failed": "failed"}.get(state, state)
        if state == "running" and s.get("total"):
            frac = min(1.0, (s.get("done") or 0) / max(1, s["total"]))
            text += f" {s.get('done')}/{s.get('total')}"
        if s.get("detail"):
            text += f" — {s['detail']}"
        out.append((label, text, frac))
    return out

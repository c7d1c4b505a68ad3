"""Stopping the subprocesses that test fixtures start (llama_cpp.server, streamlit)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def stop_process(proc: subprocess.Popen, grace_s: float = 15) -> None:
    """Ask ``proc`` to exit (SIGTERM), give it ``grace_s`` seconds, then kill it; reap it either way.

    It is resumed first, in case a test paused it with SIGSTOP (a stopped process acts on
    SIGTERM only once it runs again)."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGCONT)
    proc.terminate()
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def streamlit_app(data: Path, **env_extra: str) -> Iterator[str]:
    """The real app (``streamlit run app/streamlit_app.py``) on a free port with its data under ``data`` and
    only the DBCOPILOT_* settings given; yields its URL once healthy, stops it afterwards."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DBCOPILOT_")}
    env.update(DBCOPILOT_DATA_DIR=str(data), DBCOPILOT_CONFIG=str(data / "none.toml"), HF_HUB_OFFLINE="1",
               **env_extra)
    log = open(data / "streamlit.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(REPO / "app" / "streamlit_app.py"),
         "--server.headless", "true", "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read() == b"ok":
                break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("streamlit did not start:\n" + (data / "streamlit.log").read_text()[-3000:])
        time.sleep(0.5)
    try:
        yield url
    finally:
        stop_process(proc)
        log.close()

"""Stopping the subprocesses that test fixtures start (llama_cpp.server, streamlit)."""
from __future__ import annotations

import signal
import subprocess


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

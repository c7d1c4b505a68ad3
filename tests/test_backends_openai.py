"""The openai backend against a real OpenAI-compatible server (llama_cpp.server serving
SmolLM2 on localhost), and its user-facing errors: server down, wrong model, wrong URL,
timeout (a real socket that accepts connections and never answers). What it shares with the
llamacpp backend (chat, stream, stop sequences, JSON schema, check_backend, empty messages)
is tested for both in test_backends.py."""
from __future__ import annotations

import signal
import socket

import pytest
from pydantic import SecretStr

from agent.backends import LLMError, check_backend, list_models, make_backend
from agent.config import Settings
try:
    from tests.llm_fixtures import free_port, run_llama_server
except ImportError:  # tests/ not a package
    from llm_fixtures import free_port, run_llama_server

COUNT = [{"role": "user", "content": "Count from 1 to 20, separated by commas."}]


def test_openai_label_and_models(llama_server):
    remote = make_backend(llama_server.settings())
    assert remote.name == "openai" and remote.generative
    assert llama_server.base_url in remote.label
    assert list_models(remote.settings) == ["smollm2"]


def test_empty_model_name_takes_the_served_model(llama_server):
    backend = make_backend(llama_server.settings(llm_model=""))
    assert backend.resolved_model() == "smollm2"


def test_wrong_model_name_lists_available_models(llama_server):
    settings = llama_server.settings(llm_model="gpt-9-ultra")
    with pytest.raises(LLMError) as e:
        make_backend(settings).chat([{"role": "user", "content": "hi"}], max_tokens=4)
    message = str(e.value)
    assert "Model 'gpt-9-ultra' was not found" in message
    assert "Available models: smollm2" in message
    ok, text = check_backend(settings)
    assert not ok and "gpt-9-ultra" in text


def test_base_url_without_v1_says_404(llama_server):
    settings = llama_server.settings(llm_base_url=f"http://127.0.0.1:{llama_server.port}")
    with pytest.raises(LLMError, match="404 Not Found.*ends in /v1"):
        make_backend(settings).chat([{"role": "user", "content": "hi"}], max_tokens=4)


def test_server_down_is_a_clear_message():
    port = free_port()  # nothing listens there
    settings = Settings(llm_backend="openai", llm_base_url=f"http://127.0.0.1:{port}/v1", llm_model="m")
    with pytest.raises(LLMError) as e:
        list(make_backend(settings).stream([{"role": "user", "content": "hi"}]))
    assert str(e.value).startswith(f"Cannot reach the LLM server at http://127.0.0.1:{port}/v1: connection refused")
    ok, message = check_backend(settings)
    assert not ok and "connection refused" in message
    with pytest.raises(LLMError, match="connection refused"):
        list_models(settings)


@pytest.fixture
def silent_server():
    """A real TCP socket that accepts connections (kernel backlog) and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    sock.close()


def test_timeout_is_a_clear_message(silent_server):
    settings = Settings(llm_backend="openai", llm_base_url=silent_server, llm_model="m", llm_timeout_s=0.5)
    with pytest.raises(LLMError) as e:
        make_backend(settings).chat([{"role": "user", "content": "hi"}])
    assert str(e.value).startswith(f"Timed out after 0.5 s waiting for the LLM server at {silent_server}")
    assert "DBCOPILOT_LLM_TIMEOUT_S" in str(e.value)


def test_missing_base_url_is_a_clear_message():
    with pytest.raises(LLMError, match="No LLM server configured: set DBCOPILOT_LLM_BASE_URL"):
        make_backend(Settings(llm_backend="openai", llm_base_url=""))
    ok, message = check_backend(Settings(llm_backend="openai", llm_base_url=""))
    assert not ok and "DBCOPILOT_LLM_BASE_URL" in message


def test_base_url_without_scheme_is_a_clear_message():
    with pytest.raises(LLMError, match="must start with http:// or https:// \\(got 'localhost:8000/v1'\\)"):
        make_backend(Settings(llm_backend="openai", llm_base_url="localhost:8000/v1"))


@pytest.fixture
def own_server(smollm2_path, tmp_path):
    """A private llama_cpp.server this test may pause or kill."""
    with run_llama_server(smollm2_path, tmp_path / "server.log") as server:
        yield server


def test_server_dying_mid_answer_is_a_clear_message(own_server):
    backend = make_backend(own_server.settings())
    pieces = backend.stream(COUNT, max_tokens=200, temperature=0)
    assert next(pieces)
    own_server.process.kill()
    own_server.process.wait()
    with pytest.raises(LLMError, match="broke off during the answer"):
        list(pieces)


def test_server_stalling_mid_answer_is_a_timeout_message(own_server):
    backend = make_backend(own_server.settings(llm_timeout_s=3))
    pieces = backend.stream(COUNT, max_tokens=200, temperature=0)
    assert next(pieces)
    own_server.process.send_signal(signal.SIGSTOP)  # frozen: the socket stays open, nothing more arrives
    try:
        with pytest.raises(LLMError, match="Timed out after 3 s waiting for the rest of the answer"):
            list(pieces)
    finally:
        own_server.process.send_signal(signal.SIGCONT)


def test_wrong_api_key_is_a_clear_message(smollm2_path, tmp_path):
    with run_llama_server(smollm2_path, tmp_path / "server.log", api_key="s3cret-key") as server:
        good = Settings(llm_backend="openai", llm_base_url=server.base_url, llm_api_key="s3cret-key")
        assert make_backend(good).chat([{"role": "user", "content": "hi"}], max_tokens=2)
        bad = good.model_copy(update={"llm_api_key": SecretStr("wrong-key")})
        with pytest.raises(LLMError, match=r"rejected the API key \(401\)\. Set DBCOPILOT_LLM_API_KEY"):
            make_backend(bad).chat([{"role": "user", "content": "hi"}], max_tokens=2)
        ok, message = check_backend(bad)
        assert not ok and "wrong-key" not in message

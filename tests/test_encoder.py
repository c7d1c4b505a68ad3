"""One sentence encoder per process: retrieval (rag) and tool matching (toolkits.registry) use
the same all-MiniLM-L6-v2 object, loaded once by toolkits/encoder.py. Real model, real Chroma."""
from __future__ import annotations

import gc
import threading

import numpy as np
import pytest
import torch

import rag
from agent.config import Settings
from rag import embeddings
from rag.ingest import ingest_paths
from toolkits import encoder, registry
from toolkits.postgres import build_registry


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    data = tmp_path_factory.mktemp("encoder")
    notes = data / "runbook.md"
    notes.write_text("# Runbook\n\n## Failover\n\nPromote the standby with pg_ctl promote, then repoint the "
                     "application.\n\n## Restore\n\nUse pg_restore -j 4 on a fresh database.\n")
    s = Settings(data_dir=data)
    report = ingest_paths(s, "runbook", [notes])
    assert report.chunks == 2 and not report.errors
    return s


def test_retrieval_and_tool_matching_get_the_same_model(settings):
    hits = rag.open_retriever(settings).search("how do I promote the standby", kb="runbook", k=1)
    assert hits and "pg_ctl promote" in hits[0].text
    tools = [t.spec.name for t in build_registry().match("which tables have the most dead tuples?", 3)]
    assert "table_health" in tools

    model = encoder.get_encoder()
    assert embeddings.get_model(settings.embedding_model) is model
    assert registry.embedding_model() is model
    # no other encoder lives in this process: every one is the encoder module's, one per name
    alive = [o for o in gc.get_objects() if issubclass(type(o), encoder.SentenceEncoder)]
    assert len(alive) == len(encoder._models) and all(any(o is m for m in encoder._models.values()) for o in alive)


def test_a_call_s_settings_stay_inside_it(settings):
    model = encoder.get_encoder()
    length, threads = model.max_seq_length, torch.get_num_threads()
    long_text = "vacuum " * 400
    docs = embeddings.embed_documents([long_text, "autovacuum"])
    assert docs.shape == (2, 384) and docs.dtype == np.float32
    assert model.max_seq_length == length  # DOC_MAX_TOKENS applied to that call only
    q = embeddings.embed_query("autovacuum")
    assert torch.get_num_threads() == threads  # QUERY_THREADS applied to that call only
    assert np.allclose(q, docs[1], atol=1e-5)  # a short text: same vector as a query or a chunk
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)
    # the chunk was cut at DOC_MAX_TOKENS word pieces, the query form of the same text is not
    assert not np.allclose(embeddings.embed_query(long_text), docs[0], atol=1e-3)


def test_threads_share_the_encoder_safely(settings):
    """Ingest-style batches (shorter token limit) and tool matching at once: no tokenizer error,
    the same vectors as one at a time."""
    texts = ["dead tuples in my tables", "which queries are slow", "checkpoint settings " * 60]
    want_docs = embeddings.embed_documents(texts)
    want_plain = encoder.encode(texts)
    errors, results = [], []

    def work(kind: str) -> None:
        try:
            for _ in range(5):
                got = embeddings.embed_documents(texts) if kind == "docs" else encoder.encode(texts)
                results.append((kind, got))
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in ("docs", "plain", "docs", "plain")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 20
    for kind, got in results:
        assert np.allclose(got, want_docs if kind == "docs" else want_plain, atol=1e-5)


def test_the_same_vectors_as_sentence_transformers():
    """The encoder runs the model directory with transformers (no sentence_transformers import, ~170-240 MB
    less memory); its vectors are the library's own, at the model's length and at the chunks' 128 tokens."""
    import subprocess
    import sys

    from sentence_transformers import SentenceTransformer

    texts = ["what is MVCC and why does it cause bloat?", "a", "VACUUM reclaims storage " * 90,
             "Autovacuum: wie oft läuft er?"]
    ref = SentenceTransformer(encoder.model_path(), device="cpu")
    for tokens in (None, 128):
        ref.max_seq_length = tokens or 256
        want = ref.encode(texts, normalize_embeddings=True)
        assert np.allclose(encoder.encode(texts, max_tokens=tokens), want, atol=1e-5)
    code = "import sys, toolkits.encoder as e; e.encode(['x']); print('sentence_transformers' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


def test_a_long_ingest_uses_the_cores_idle_now_and_looks_again(monkeypatch):
    """Threads for a long embedding job follow what other processes leave free (measured: a second ONNX thread
    beside a busy process gained nothing and took a quarter of that process's core), sampled every few batches."""
    looks, used = iter([1, 2]), []
    monkeypatch.setattr(embeddings, "free_cores", lambda limit=4, sample_s=0.3: next(looks))
    real_encode = embeddings.encode

    def spy(texts, name="", **kw):
        used.append(kw.get("threads"))
        return real_encode(texts[:1], name, **kw).repeat(len(texts), axis=0)  # one real vector per batch: fast

    monkeypatch.setattr(embeddings, "encode", spy)
    step = embeddings.BATCH_SIZE * 8
    n_batches = embeddings.RESAMPLE_EVERY * 2
    vectors = embeddings.embed_documents(["vacuum and analyze"] * (step * n_batches))
    assert vectors.shape == (step * n_batches, 384)
    assert used == [1] * embeddings.RESAMPLE_EVERY + [2] * embeddings.RESAMPLE_EVERY  # the other job ended
    assert embeddings.embed_documents(["short"]).shape == (1, 384)  # one batch: no look, the encoder's default
    assert used[-1] is None

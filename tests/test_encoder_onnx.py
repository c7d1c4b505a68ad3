"""The ONNX Runtime path of the sentence encoder (toolkits/encoder.py use_onnx): exported once from the real
all-MiniLM-L6-v2 into the data dir, the same vectors as torch, torch kept when the export cannot be made.
Real model, real ONNX Runtime, real Chroma: no mocks."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("onnxruntime")

import rag  # noqa: E402
from agent.config import Settings  # noqa: E402
from rag import embeddings  # noqa: E402
from rag.ingest import ingest_paths  # noqa: E402
from toolkits import encoder  # noqa: E402

TEXTS = ["dead tuples in my tables", "which queries are slow?", "checkpoint settings and the WAL " * 60,
         "  autovacuum  ", "Concurrency Control — Introduction\nPostgreSQL provides a rich set of tools"]


@pytest.fixture()
def torch_only():
    """Each test starts and ends with the process's encoder on torch (other test files expect it)."""
    encoder.use_torch()
    yield
    encoder.use_torch()


def torch_vectors(texts, **kw):
    encoder.use_torch()
    return encoder.encode(texts, **kw)


def test_export_is_cached_in_the_data_dir_and_gives_torch_s_vectors(tmp_path, torch_only):
    s = Settings(data_dir=tmp_path)
    want_docs = torch_vectors(TEXTS, max_tokens=embeddings.DOC_MAX_TOKENS)
    want_query = torch_vectors(["how do I promote the standby"])

    assert embeddings.accelerate(s)
    files = list(embeddings.onnx_dir(s).glob("*.onnx"))
    assert len(files) == 1 and files[0].stat().st_size > 50e6
    assert encoder.onnx_status() == f"onnx: {files[0]}"
    docs = embeddings.embed_documents(TEXTS)
    query = embeddings.embed_query("how do I promote the standby")
    assert docs.dtype == np.float32 and docs.shape == (len(TEXTS), 384)
    assert np.abs(docs - want_docs).max() < 1e-5 and np.abs(query - want_query[0]).max() < 1e-5
    assert embeddings.embed_documents([]).shape == (0, 384)
    # an ingest-sized call (several batches, more threads) keeps the order of its texts
    many = [f"{t} {i}" for i in range(40) for t in TEXTS]
    assert np.abs(encoder.encode(many, max_tokens=128, threads=2) - torch_vectors(many, max_tokens=128)).max() < 1e-5

    # a second process start (here: after going back to torch) loads the cached file, no new export
    mtime = files[0].stat().st_mtime_ns
    encoder.use_torch()
    assert embeddings.accelerate(s)
    assert [f.stat().st_mtime_ns for f in embeddings.onnx_dir(s).glob("*.onnx")] == [mtime]


def test_a_damaged_export_is_made_again(tmp_path, torch_only):
    s = Settings(data_dir=tmp_path)
    assert embeddings.accelerate(s)
    path = next(embeddings.onnx_dir(s).glob("*.onnx"))
    encoder.use_torch()
    path.write_bytes(b"not an onnx file")
    assert embeddings.accelerate(s)
    assert path.stat().st_size > 50e6
    assert np.abs(embeddings.embed_query("vacuum") - torch_vectors(["vacuum"])[0]).max() < 1e-5


def test_torch_is_kept_when_the_export_cannot_be_written(tmp_path, torch_only):
    (tmp_path / "models").write_text("a file where the cache folder should be")
    s = Settings(data_dir=tmp_path)
    want = torch_vectors(TEXTS)
    assert not embeddings.accelerate(s)
    assert encoder.onnx_status().startswith("torch: ONNX Runtime unavailable")
    assert np.allclose(encoder.encode(TEXTS), want, atol=1e-6)


def test_switched_off_in_settings(tmp_path, torch_only):
    s = Settings(data_dir=tmp_path, embedding_onnx=False)
    assert not embeddings.accelerate(s)
    assert not (tmp_path / "models").exists()


def test_ingest_and_retrieval_use_onnx(tmp_path, torch_only):
    notes = tmp_path / "runbook.md"
    notes.write_text("# Runbook\n\n## Failover\n\nPromote the standby with pg_ctl promote, then repoint the "
                     "application.\n\n## Restore\n\nUse pg_restore -j 4 on a fresh database.\n")
    s = Settings(data_dir=tmp_path / "data")
    report = ingest_paths(s, "runbook", [notes])
    assert report.chunks == 2 and not report.errors
    assert encoder.onnx_status().startswith("onnx: ")
    assert list(embeddings.onnx_dir(s).glob("*.onnx"))
    hits = rag.open_retriever(s).search("how do I promote the standby", kb="runbook", k=1)
    assert hits and "pg_ctl promote" in hits[0].text


def test_answering_loads_a_verified_export_without_torch(tmp_path, torch_only):
    """The app calls accelerate(settings, export=False): a verified export is loaded with the tokenizers library
    and ONNX Runtime only (no torch, no transformers in that process) and gives torch's vectors."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    s = Settings(data_dir=tmp_path)
    assert embeddings.accelerate(s)
    assert list(embeddings.onnx_dir(s).glob("*.verified"))
    want = torch_vectors(TEXTS)
    code = ("import json, sys; from agent.config import Settings; from rag import embeddings; "
            "from toolkits import encoder; s = Settings(data_dir=sys.argv[1]); "
            "ok = embeddings.accelerate(s, export=False); v = encoder.encode(json.loads(sys.argv[2])); "
            "print(json.dumps([ok, 'torch' in sys.modules, 'transformers' in sys.modules, v.tolist()]))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path), json.dumps(TEXTS)], capture_output=True,
                         text=True, cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0, out.stderr
    ok, torch_loaded, transformers_loaded, got = json.loads(out.stdout)
    assert ok and not torch_loaded and not transformers_loaded
    assert np.abs(np.array(got) - want).max() < 1e-5


def test_answering_never_exports(tmp_path, torch_only):
    s = Settings(data_dir=tmp_path)
    assert not embeddings.accelerate(s, export=False)
    assert encoder.onnx_status().startswith("torch: no verified ONNX export")
    assert not (tmp_path / "models").exists()
    # an export that was never checked against torch (no .verified stamp) is not trusted either
    assert embeddings.accelerate(s)
    stamp = next(embeddings.onnx_dir(s).glob("*.verified"))
    stamp.unlink()
    encoder.use_torch()
    assert not embeddings.accelerate(s, export=False)
    assert embeddings.accelerate(s) and stamp.is_file()  # an ingest checks it again

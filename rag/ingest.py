"""Ingestion: files → sections → chunks → embeddings → Chroma, then the BM25
index of the knowledge base is rebuilt.  Unchanged files (same sha256) are
skipped; changed files replace their chunks."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from rag.chunking import Chunk, chunk_sections
from rag.embeddings import accelerate, embed_documents
from rag.lexical import lexical_dir, rebuild_lexical, save_provisional
from rag.loaders import SUPPORTED, LoaderError, load_file
from rag.store import EmptyKnowledgeBase, Store, check_kb_name

MAX_FILE_BYTES = 50 * 1024 * 1024

# Conceptual chapters of the manual that also go into the "general" collection.
GENERAL_MANUAL_PAGES = [
    "tutorial-concepts.html", "tutorial-table.html", "tutorial-join.html", "tutorial-agg.html",
    "tutorial-views.html", "tutorial-fk.html", "tutorial-transactions.html", "tutorial-window.html",
    "tutorial-inheritance.html",
    "mvcc-intro.html", "transaction-iso.html", "explicit-locking.html", "applevel-consistency.html",
    "mvcc-caveats.html", "locking-indexes.html",
    "indexes-intro.html", "indexes-types.html", "indexes-multicolumn.html", "indexes-ordering.html",
    "indexes-bitmap-scans.html", "indexes-unique.html", "indexes-expressional.html", "indexes-partial.html",
    "indexes-index-only-scans.html", "indexes-opclass.html", "indexes-examine.html",
    "using-explain.html", "planner-stats.html", "explicit-joins.html", "populate.html", "non-durability.html",
    "routine-vacuuming.html", "routine-reindex.html", "wal-intro.html", "wal-reliability.html",
    "ddl-partitioning.html", "ddl-constraints.html", "backup-dump.html", "continuous-archiving.html",
    "high-availability.html", "warm-standby.html", "logical-replication.html",
]

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass
class IngestReport:
    kb: str
    files: int = 0  # files (re)indexed
    unchanged: int = 0
    chunks: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)  # user-facing messages
    per_file: dict[str, int] = field(default_factory=dict)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def expand_paths(paths: list[str | Path]) -> tuple[list[Path], list[str]]:
    files, errors = [], []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files += sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() in SUPPORTED)
        elif p.exists():
            files.append(p)
        else:
            errors.append(f"{p}: no such file or directory")
    return files, errors


def check_upload(name: str, data: bytes) -> str | None:
    """A user-facing reason to refuse an upload, or None."""
    ext = Path(name).suffix.lower()
    if ext not in SUPPORTED:
        return f"{name}: unsupported file type '{ext or '(none)'}'; use one of {', '.join(sorted(SUPPORTED))}"
    if not data:
        return f"{name}: the file is empty"
    if len(data) > MAX_FILE_BYTES:
        return f"{name}: too large ({len(data) / 1e6:.1f} MB; the limit is {MAX_FILE_BYTES / 1e6:.0f} MB)"
    return None


def ingest_paths(settings, kb: str, paths: list[str | Path], progress: Progress | None = None,
                 force: bool = False) -> IngestReport:
    kb = check_kb_name(kb)
    start, cpu_start = time.perf_counter(), time.process_time()
    report = IngestReport(kb)
    files, report.errors = expand_paths(paths)
    store = Store(settings)
    known = {} if force else store.hashes(kb)
    tick = progress or (lambda *a: None)

    todo: list[tuple[Path, str, list[Chunk]]] = []
    for i, path in enumerate(files, 1):
        tick("read", i, len(files))
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise LoaderError(f"{path.name}: too large ({path.stat().st_size / 1e6:.1f} MB; "
                                  f"the limit is {MAX_FILE_BYTES / 1e6:.0f} MB)")
            digest = sha256_of(path)
            if known.get(path.name) == digest:
                report.unchanged += 1
                continue
            chunks = chunk_sections(load_file(path), settings.chunk_size, settings.chunk_overlap)
        except LoaderError as exc:
            report.errors.append(str(exc))
            continue
        except OSError as exc:
            report.errors.append(f"{path.name}: cannot read ({exc.strerror or exc})")
            continue
        todo.append((path, digest, chunks))

    all_chunks = [c for _, _, cs in todo for c in cs]
    new_collection = store.count(kb) == 0
    if all_chunks and new_collection:  # keyword search works while it is embedded
        save_provisional(settings, kb, all_chunks)
    known_vectors = _reusable_vectors(store, [kb, "manual"], [c.id for c in all_chunks])
    fresh = [c for c in all_chunks if c.id not in known_vectors]
    done = [0]

    def on_batch(n: int) -> None:
        done[0] += n
        tick("embed", done[0], len(fresh))

    if fresh:
        accelerate(settings)  # ONNX Runtime when it works (exported once, cached under the data dir), else torch
    fresh_vectors = embed_documents([c.search_text for c in fresh], settings.embedding_model, on_batch)
    by_id = dict(known_vectors)
    by_id.update({c.id: v for c, v in zip(fresh, fresh_vectors)})
    vectors = np.array([by_id[c.id] for c in all_chunks], dtype=np.float32)
    if new_collection and todo:  # nothing to replace: one batched add
        store.add_new(kb, [(digest, chunks) for _, digest, chunks in todo], vectors,
                      lambda n: tick("store", n, len(todo)))
    pos = 0
    for i, (path, digest, chunks) in enumerate(todo, 1):
        n = len(chunks)
        if not new_collection:
            store.replace_document(kb, path.name, digest, chunks, vectors[pos : pos + n])
            tick("store", i, len(todo))
        pos += n
        report.files += 1
        report.chunks += n
        report.per_file[path.name] = n
    if todo or not lexical_dir(settings, kb).exists():
        rebuild_lexical(settings, kb)
    report.seconds = time.perf_counter() - start
    if todo:
        _log_ingest(settings, report, time.process_time() - cpu_start)
    return report


def _log_ingest(settings, report: IngestReport, cpu_seconds: float) -> None:
    """Append the figures of an ingest run to <data_dir>/ingest_log.jsonl (bench/rag.py reports the last)."""
    row = {"kb": report.kb, "files": report.files, "chunks": report.chunks, "wall_s": round(report.seconds, 1),
           "cpu_s": round(cpu_seconds, 1), "loadavg": round(os.getloadavg()[0], 2), "time": time.time(),
           "chunk_size": settings.chunk_size, "chunk_overlap": settings.chunk_overlap}
    try:
        with open(Path(settings.data_dir) / "ingest_log.jsonl", "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")
    except OSError:
        pass


def _reusable_vectors(store: Store, kbs: list[str], ids: list[str]) -> dict[str, np.ndarray]:
    """Embeddings already stored for identical chunks (same file, position and text): the general
    collection reuses the manual's, a changed file keeps those of its unchanged chunks."""
    found: dict[str, np.ndarray] = {}
    for name in dict.fromkeys(kbs):
        col = store.collection(name)
        want = [i for i in dict.fromkeys(ids) if i not in found]  # one copy of a file stored twice: one id
        if col is None or not want:
            continue
        for start in range(0, len(want), 2000):
            got = col.get(ids=want[start : start + 2000], include=["embeddings"])
            for cid, emb in zip(got["ids"], got["embeddings"]):
                found[cid] = np.asarray(emb, dtype=np.float32)
    return found


def delete_document(settings, kb: str, source: str) -> int:
    n = Store(settings).delete_document(kb, source)
    rebuild_lexical(settings, kb)
    return n


def delete_kb(settings, kb: str) -> bool:
    shutil.rmtree(lexical_dir(settings, kb), ignore_errors=True)
    return Store(settings).delete_kb(kb)


def general_paths(settings) -> list[Path]:
    manual = Path(settings.manual_dir)
    notes = Path(__file__).resolve().parent.parent / "corpora" / "general"
    pages = [manual / p for p in GENERAL_MANUAL_PAGES if (manual / p).exists()]
    return pages + sorted(notes.glob("*.md"))


def manual_paths(settings) -> list[Path]:
    return sorted(Path(settings.manual_dir).glob("*.html"))


def console_progress() -> Progress:
    from tqdm import tqdm

    bars: dict[str, tqdm] = {}

    def tick(stage: str, done: int, total: int) -> None:
        bar = bars.get(stage)
        if bar is None:
            bar = bars[stage] = tqdm(total=total, desc=stage, unit="chunk" if stage == "embed" else "file")
        bar.n = done
        bar.refresh()
        if done >= total:
            bar.close()

    return tick


def ensure_index(settings, progress: bool | Progress = True) -> dict[str, IngestReport]:
    """Ingest the manual into "manual" and the general collection when they are missing or empty."""
    if not Path(settings.manual_dir).is_dir():
        raise EmptyKnowledgeBase(
            f"The PostgreSQL manual is not installed at {settings.manual_dir} "
            "(Debian package postgresql-doc-15; or set DBCOPILOT_MANUAL_DIR)."
        )
    tick = progress if callable(progress) else (console_progress() if progress else None)
    store = Store(settings)
    done = {}
    for kb, paths in (("manual", manual_paths), ("general", general_paths)):
        if store.count(kb) == 0:
            done[kb] = ingest_paths(settings, kb, paths(settings), tick)
        elif not lexical_dir(settings, kb).exists():
            rebuild_lexical(settings, kb)
    return done

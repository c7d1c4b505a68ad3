"""Chroma: one collection per knowledge base ("manual", "general", user KBs).

Embedded PersistentClient under settings.chroma_dir by default; a Chroma server
(``chroma run --path DIR``) when settings.chroma_host is set, so a team shares
one index.  Each chunk carries its file (``source``) and the file's sha256, so
re-ingesting a changed file replaces that file's chunks and an unchanged file is
skipped.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

import numpy as np

from rag.chunking import Chunk

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{1,62}[A-Za-z0-9]$")
ADD_BATCH = 2000


class KnowledgeBaseError(ValueError):
    """A user-facing problem with a knowledge base (bad name, missing KB...)."""


class EmptyKnowledgeBase(RuntimeError):
    """The index is missing or empty; the message tells the user how to build it."""


def check_kb_name(name: str) -> str:
    name = (name or "").strip()
    if not NAME_RE.match(name) or ".." in name:
        raise KnowledgeBaseError(
            f"'{name}' is not a valid knowledge base name: use 3-64 letters, digits, '.', '_' or '-', "
            "starting and ending with a letter or digit"
        )
    return name


@lru_cache(maxsize=8)
def _client(path: str, host: str, port: int):
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    if host:
        return chromadb.HttpClient(host=host, port=port, settings=chroma_settings)
    return chromadb.PersistentClient(path=path, settings=chroma_settings)


def client_for(settings):
    path = str(settings.chroma_dir)
    if not settings.chroma_host:
        settings.chroma_dir.mkdir(parents=True, exist_ok=True)
    return _client(path, settings.chroma_host, int(settings.chroma_port))


class Store:
    def __init__(self, settings):
        self.settings = settings
        self.client = client_for(settings)

    # --- collections -------------------------------------------------------------
    def kb_names(self) -> list[str]:
        return sorted(c.name if hasattr(c, "name") else str(c) for c in self.client.list_collections())

    def collection(self, kb: str, create: bool = False):
        kb = check_kb_name(kb)
        if create:
            return self.client.get_or_create_collection(
                kb, embedding_function=None, metadata={"hnsw:space": "cosine"}
            )
        try:
            return self.client.get_collection(kb, embedding_function=None)
        except Exception:  # chromadb raises NotFoundError / ValueError depending on version
            return None

    def count(self, kb: str) -> int:
        col = self.collection(kb)
        return col.count() if col is not None else 0

    def delete_kb(self, kb: str) -> bool:
        if self.collection(kb) is None:
            return False
        self.client.delete_collection(check_kb_name(kb))
        return True

    # --- documents -----------------------------------------------------------------
    def _metas(self, kb: str) -> list[dict]:
        col = self.collection(kb)
        if col is None:
            return []
        return [m or {} for m in col.get(include=["metadatas"])["metadatas"]]

    def documents(self, kb: str) -> list[dict]:
        """One row per file: source, title, chunks, sha256."""
        rows: dict[str, dict] = {}
        counts: Counter = Counter()
        for m in self._metas(kb):
            src = m.get("source", "")
            counts[src] += 1
            rows.setdefault(src, {"source": src, "title": m.get("title", ""), "sha256": m.get("sha256", "")})
        return [dict(r, chunks=counts[s]) for s, r in sorted(rows.items())]

    def hashes(self, kb: str) -> dict[str, str]:
        return {d["source"]: d["sha256"] for d in self.documents(kb)}

    def delete_document(self, kb: str, source: str) -> int:
        col = self.collection(kb)
        if col is None:
            return 0
        ids = col.get(where={"source": source}, include=[])["ids"]
        if ids:
            col.delete(ids=ids)
        return len(ids)

    def replace_document(self, kb: str, source: str, sha256: str, chunks: list[Chunk], vectors: np.ndarray) -> int:
        """Drop the file's old chunks, add the new ones (no duplicates on re-ingest)."""
        col = self.collection(kb, create=True)
        self.delete_document(kb, source)
        if not chunks:
            return 0
        ids = [c.id for c in chunks]
        metas = [c.metadata(sha256=sha256) for c in chunks]
        for i in range(0, len(chunks), ADD_BATCH):
            col.add(
                ids=ids[i : i + ADD_BATCH],
                embeddings=vectors[i : i + ADD_BATCH],
                documents=[c.text for c in chunks[i : i + ADD_BATCH]],
                metadatas=metas[i : i + ADD_BATCH],
            )
        return len(chunks)

    def add_new(self, kb: str, files: list[tuple[str, list[Chunk]]], vectors: np.ndarray, progress=None) -> int:
        """A collection that was empty: every file's chunks added in batches of ADD_BATCH across files (no
        per-file delete, which is a metadata query each: ~40 s of a whole-manual ingest). ``files`` holds
        (sha256, chunks) in the order of ``vectors``; ``progress(n_files_done)`` after each batch."""
        col = self.collection(kb, create=True)
        rows = [(c, sha) for sha, chunks in files for c in chunks]
        ends = np.cumsum([len(chunks) for _, chunks in files])
        seen: set[str] = set()
        first = [k for k, (c, _) in enumerate(rows) if not (c.id in seen or seen.add(c.id))]  # one row per id
        for i in range(0, len(rows), ADD_BATCH):
            keep = [k for k in first if i <= k < i + ADD_BATCH]
            part = [rows[k] for k in keep]
            if part:
                col.add(ids=[c.id for c, _ in part], embeddings=vectors[keep], documents=[c.text for c, _ in part],
                        metadatas=[c.metadata(sha256=sha) for c, sha in part])
            if progress:
                progress(int(np.searchsorted(ends, min(i + ADD_BATCH, len(rows)), side="right")))
        return len(first)

    def all_chunks(self, kb: str) -> tuple[list[str], list[str], list[dict]]:
        col = self.collection(kb)
        if col is None:
            return [], [], []
        got = col.get(include=["documents", "metadatas"])
        return got["ids"], got["documents"], [m or {} for m in got["metadatas"]]

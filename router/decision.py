"""From scores over the five labels to a RouteDecision: the rule every router ends with
(the XLNet routers, the MiniLM mix and the LLM router), kept apart from them so each can
import it without importing the others (and without torch)."""
from __future__ import annotations

from router.labels import LABELS, RouteDecision


def decide(scores: dict[str, float], threshold: float, latency_ms: float, label: str | None = None,
           source: str = "classifier") -> RouteDecision:
    """Turn scores over the five labels into a decision; below `threshold` it is flagged low-confidence
    so the UI can offer RouteDecision.top2()."""
    scores = {l: float(scores.get(l, 0.0)) for l in LABELS}
    label = label or max(scores, key=scores.get)
    conf = scores[label]
    return RouteDecision(label=label, confidence=conf, scores=scores, latency_ms=latency_ms,
                         source=source, low_confidence=conf < threshold)

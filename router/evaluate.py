"""Router evaluation (QCR): accuracy, per-class precision/recall/F1, confusion matrix, latency.

`dbcopilot eval-router` and router training use it; evaluation/qcr.py re-exports it beside
the other DQA metrics (evaluation/ may import router/, never the other way)."""
from __future__ import annotations

import statistics
import time

from router.labels import LABELS


def classification_report(y_true: list[str], y_pred: list[str], labels=LABELS) -> dict:
    from sklearn.metrics import confusion_matrix, precision_recall_fscore_support

    labels = list(labels)
    p, r, f, s = precision_recall_fscore_support(y_true, y_pred, labels=labels, zero_division=0)
    acc = sum(a == b for a, b in zip(y_true, y_pred)) / max(1, len(y_true))
    return {
        "n": len(y_true),
        "accuracy": round(acc, 4),
        "macro_f1": round(float(f.mean()), 4),
        "per_class": {l: {"precision": round(float(p[i]), 4), "recall": round(float(r[i]), 4),
                          "f1": round(float(f[i]), 4), "support": int(s[i])} for i, l in enumerate(labels)},
        "confusion": {"labels": labels, "matrix": confusion_matrix(y_true, y_pred, labels=labels).tolist()},
    }


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def evaluate(router, rows: list[dict], progress: bool = False) -> dict:
    """Route every row one at a time (batch size 1, as in the chat) and report metrics and latency."""
    it = rows
    if progress:
        from tqdm.auto import tqdm

        it = tqdm(rows, desc="routing", unit="q")
    preds, lat, errors = [], [], []
    for row in it:
        t0 = time.perf_counter()
        d = router.route(row["text"])
        lat.append((time.perf_counter() - t0) * 1000)
        preds.append(d.label)
        if d.label != row["label"]:
            errors.append({"text": row["text"], "label": row["label"], "predicted": d.label,
                           "confidence": round(d.confidence, 3)})
    rep = classification_report([r["label"] for r in rows], preds)
    rep["latency_ms"] = {"p50": round(percentile(lat, 50), 2), "p95": round(percentile(lat, 95), 2),
                         "mean": round(sum(lat) / max(1, len(lat)), 2)}
    rep["errors"] = errors
    return rep

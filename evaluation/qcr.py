"""QCR (question routing) metrics: accuracy, per-class precision/recall/F1, confusion matrix, latency.

They live with the router (router/evaluate.py: router evaluation belongs to router/, DESIGN.md);
this module lists them beside the other DQA metrics."""
from __future__ import annotations

from router.evaluate import classification_report, evaluate, percentile

__all__ = ["classification_report", "evaluate", "percentile"]

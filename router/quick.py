"""The quick router: TF-IDF (words and character n-grams) + logistic regression, trained in seconds.

It routes while the full router (XLNet + MiniLM, minutes of training) is still being prepared, so the
app answers from its first minute; the full router replaces it the moment it is on disk. Its decisions
carry ``source="quick"`` and say so.

    router.quick.train(out_file) -> metrics;  QuickRouter.load(out_file).route(text) -> RouteDecision
"""
from __future__ import annotations

import time
from pathlib import Path

from router.data import CORPUS_DIR, load_split
from router.decision import decide
from router.labels import LABELS, RouteDecision

QUICK_FILE = "quick.joblib"
NOTE = "routed by the quick model: the full router is still being trained"


def quick_path(settings) -> Path:
    """Where the quick model lives: beside the full router's directory, never inside it."""
    return Path(settings.router_dir).parent / f"{Path(settings.router_dir).name}-{QUICK_FILE}"


class QuickRouter:
    def __init__(self, pipeline, threshold: float = 0.6):
        self.pipeline = pipeline
        self.threshold = threshold

    def scores_batch(self, texts: list[str]) -> list[dict[str, float]]:
        probs = self.pipeline.predict_proba(texts)
        classes = list(self.pipeline.classes_)
        return [{label: float(p[classes.index(label)]) if label in classes else 0.0 for label in LABELS} for p in probs]

    def route(self, text: str) -> RouteDecision:
        t0 = time.perf_counter()
        scores = self.scores_batch([text])[0]
        d = decide(scores, self.threshold, (time.perf_counter() - t0) * 1000, source="quick")
        d.note = NOTE
        return d

    def save(self, path: str | Path) -> None:
        import joblib

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        joblib.dump(self.pipeline, tmp)
        tmp.replace(path)  # a reader never sees half a file

    @classmethod
    def load(cls, path: str | Path, threshold: float = 0.6) -> "QuickRouter":
        import joblib

        return cls(joblib.load(path), threshold)


def train(out_file: str | Path, data_dir: str | Path = CORPUS_DIR) -> dict:
    """Fit on the corpus's train split, measure on val, save to ``out_file``."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import FeatureUnion, make_pipeline

    t0 = time.perf_counter()
    rows, val = load_split("train", data_dir), load_split("val", data_dir)
    features = FeatureUnion([
        ("words", TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True, lowercase=True)),
        ("chars", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3, sublinear_tf=True, max_features=200_000)),
    ])
    pipe = make_pipeline(features, LogisticRegression(C=8.0, max_iter=2000))
    pipe.fit([r["text"] for r in rows], [r["label"] for r in rows])
    router = QuickRouter(pipe)
    router.save(out_file)
    predicted = pipe.predict([r["text"] for r in val])
    accuracy = sum(p == r["label"] for p, r in zip(predicted, val)) / len(val)
    return {"val_accuracy": round(accuracy, 4), "train_seconds": round(time.perf_counter() - t0, 1), "rows": len(rows)}

"""A second look at questions the router calls off-topic: is the question a near paraphrase of a
harmful request in the router's own hand-written corpus (corpora/router/core)?

Why: the router's errors on harmful requests that are not about databases (weapons, drugs,
self-harm, scams) are nearly all "irrelevant" — a polite off-topic notice instead of a refusal.
The sentence encoder the app already holds (MiniLM, pretrained on general English) knows that
"pipe bomb" and "nail bomb" are alike even where the from-scratch XLNet never saw the words.
Only an "irrelevant" decision is looked at again, so a database question is never refused here.

THRESHOLD was chosen on the corpus itself, leave-one-out: at 0.6, 4 of the core's 658 harmless
off-topic lines have a harmful line as nearest neighbour (0.6 %); 0.55 gives 6, 0.5 gives 15.
Measured with the shipped router (bench/router.py, "with_second_look"): heldout_harm unsafe recall
0.925 -> 0.975, dev and heldout3 unchanged.

The same vectors also **vote** on every question the trained router decides (``look_again``): the labels of
the question's NEIGHBOURS nearest core lines, weighted by a softmax of their cosines, are mixed into the
router's scores with weight VOTE_WEIGHT. The router (a from-scratch XLNet and a MiniLM fine-tuned on
template-filled questions) knows the corpus' phrasings; the pretrained encoder's neighbours bring the
hand-written lines' judgement to phrasings no template made. k, temperature and weight were chosen on the
hand-written heldout + heldout2 sets (never trained on; corpora/router/README.md), then measured on heldout3,
heldout_harm and dev."""
from __future__ import annotations

import dataclasses
import hashlib
import logging
import threading
from pathlib import Path

import numpy as np

from router.decision import decide
from router.labels import LABELS, RouteDecision

log = logging.getLogger(__name__)

CORE = Path(__file__).resolve().parents[1] / "corpora" / "router" / "core"
THRESHOLD = 0.6
NEIGHBOURS = 10  # core lines that vote on a question's label
VOTE_TEMPERATURE = 0.05  # softmax over their cosines: the nearest lines count most
VOTE_WEIGHT = 0.3  # the vote's share of the mixed scores (the router keeps 0.7)
CACHE = "harm_exemplars.npz"


def read_core(folder: Path | None = None) -> tuple[list[str], list[str]]:
    """(texts, labels) of the hand-written core, with training's rules: no comments, no blank lines."""
    folder = folder or CORE
    texts, labels = [], []
    for label in LABELS:
        path = folder / f"{label}.txt"
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                texts.append(line.strip())
                labels.append(label)
    return texts, labels


def _key(texts: list[str], labels: list[str], model: str) -> str:
    return hashlib.sha256("\n".join([model] + [f"{l}\t{t}" for t, l in zip(texts, labels)]).encode()).hexdigest()


class Exemplars:
    def __init__(self, vectors: np.ndarray, labels: list[str], texts: list[str]):
        self.vectors = np.asarray(vectors, dtype=np.float32)
        self.labels, self.texts = list(labels), list(texts)

    @classmethod
    def cached(cls, cache_dir: Path, model: str = "", folder: Path | None = None) -> "Exemplars | None":
        """The core's vectors from the cache in ``cache_dir`` when they are of these lines and this model."""
        return cls._saved(cache_dir, *read_core(folder), model)

    @classmethod
    def _saved(cls, cache_dir: Path, texts: list[str], labels: list[str], model: str) -> "Exemplars | None":
        try:
            with np.load(Path(cache_dir) / CACHE, allow_pickle=False) as saved:
                if str(saved["key"]) == _key(texts, labels, model):
                    return cls(saved["vectors"], labels, texts)
        except (OSError, KeyError, ValueError):
            pass
        return None

    @classmethod
    def load_or_build(cls, cache_dir: Path, encode, model: str = "", folder: Path | None = None) -> "Exemplars":
        """The core's vectors, cached in ``cache_dir`` under a key of the texts and the model (a changed
        core or encoder is encoded again: ~3,000 short lines, 20-35 s)."""
        texts, labels = read_core(folder)
        found = cls._saved(cache_dir, texts, labels, model)
        if found is not None:
            return found
        key, path = _key(texts, labels, model), Path(cache_dir) / CACHE
        vectors = np.asarray(encode(texts), dtype=np.float32) if texts else np.zeros((0, 1), np.float32)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp.npz")
            np.savez(tmp, key=np.array(key), vectors=vectors)
            tmp.replace(path)
        except OSError as exc:  # a read-only data dir: encoded again next start
            log.warning("harm exemplars not cached: %s", exc)
        return cls(vectors, labels, texts)

    def nearest(self, vector: np.ndarray) -> tuple[str, float, str]:
        """(label, cosine, text) of the core line closest to a normalised question vector."""
        if not len(self.texts):
            return "", 0.0, ""
        sims = self.vectors @ np.asarray(vector, dtype=np.float32)
        i = int(sims.argmax())
        return self.labels[i], float(sims[i]), self.texts[i]

    def vote(self, vector: np.ndarray, k: int = NEIGHBOURS, temperature: float = VOTE_TEMPERATURE) -> dict[str, float]:
        """Label -> share of the k nearest core lines' vote (weights: softmax of cosine / temperature)."""
        out = {label: 0.0 for label in LABELS}
        if not len(self.texts):
            return out
        sims = self.vectors @ np.asarray(vector, dtype=np.float32)
        k = min(k, len(sims))
        top = np.argpartition(-sims, k - 1)[:k]
        weights = np.exp((sims[top] - sims[top].max()) / temperature)
        for i, w in zip(top, weights / weights.sum()):
            out[self.labels[i]] += float(w)
        return out


_loaded: dict[tuple, Exemplars] = {}
_building: set[tuple] = set()
_lock = threading.Lock()


def exemplars(settings, threads: int | None = None) -> Exemplars:
    """The core's vectors for these settings, loaded once per process; ``threads`` for encoding them when the
    cache is missing (prepare passes the idle cores; the app's background build uses one)."""
    from toolkits.encoder import encode

    def encode_core(texts):
        return encode(texts, settings.embedding_model, threads=threads)

    key = (str(settings.data_dir), settings.embedding_model)
    with _lock:
        found = _loaded.get(key)
    if found is None:  # encoded outside the lock: a question's _ready() never waits for a build
        found = Exemplars.load_or_build(Path(settings.data_dir) / "router", encode_core, settings.embedding_model)
        with _lock:
            found = _loaded.setdefault(key, found)
    return found


def _ready(settings) -> Exemplars | None:
    """The vectors when they can be had at once (loaded, or cached on disk); otherwise they are encoded in a
    background thread and this question goes without a second look (an off-topic answer is a refusal too)."""
    key = (str(settings.data_dir), settings.embedding_model)
    with _lock:
        if key in _loaded:
            return _loaded[key]
        if key in _building:  # not read from disk again on every off-topic question while it builds
            return None
        found = Exemplars.cached(Path(settings.data_dir) / "router", settings.embedding_model)
        if found is not None:
            _loaded[key] = found
            return found
        _building.add(key)

    def build() -> None:
        try:
            exemplars(settings)
        except Exception as exc:  # noqa: BLE001 - tried again at the next off-topic question
            log.warning("harm exemplars not built: %s", exc)
        finally:
            with _lock:
                _building.discard(key)

    threading.Thread(target=build, name="harm-exemplars", daemon=True).start()
    return None


def look_again(settings, question: str, decision: RouteDecision) -> RouteDecision:
    """The decision a trained router made, looked at again with the core's vectors (encoded once per
    question): a "classifier" decision that is not a refusal gets the nearest lines' vote mixed in (it may make
    a question unsafe, never the other way round), then an off-topic one that is a
    near paraphrase of a harmful line becomes unsafe (``second_look``). Any failure, or vectors still being
    encoded, keeps the router's decision."""
    voting = decision.source == "classifier" and decision.label != "unsafe"  # the vote never lifts a refusal
    if not voting and decision.label != "irrelevant":
        return decision
    try:
        from rag.embeddings import embed_query  # a question is encoded as retrieval encodes it (one thread)

        found = _ready(settings)
        if found is None:
            return decision
        vector = embed_query(question, settings.embedding_model)
    except Exception as exc:  # noqa: BLE001 - the router's own decision stands
        log.warning("second look at a routing decision skipped: %s", exc)
        return decision
    if voting:
        votes = found.vote(vector)
        mixed = {l: (1 - VOTE_WEIGHT) * decision.scores.get(l, 0.0) + VOTE_WEIGHT * votes[l] for l in LABELS}
        voted = decide(mixed, settings.router_threshold, decision.latency_ms, source=decision.source)
        if voted.label != decision.label:
            voted = dataclasses.replace(voted, note=f"the router said {decision.label} "
                                                    f"({decision.confidence:.2f}); its nearest training lines "
                                                    f"said {max(votes, key=votes.get)}")
        decision = voted
    return second_look(settings, question, decision, found, vector)


def second_look(settings, question: str, decision: RouteDecision, found: Exemplars | None = None,
                vector: np.ndarray | None = None) -> RouteDecision:
    """``decision`` unchanged unless it is "irrelevant" and the question's nearest core line is a harmful
    request at cosine >= THRESHOLD; then unsafe, saying which line it resembles. Any failure (no encoder,
    no corpus) keeps the router's decision."""
    if decision.label != "irrelevant":
        return decision
    try:
        found = found if found is not None else _ready(settings)
        if found is None:
            return decision
        if vector is None:
            from rag.embeddings import embed_query

            vector = embed_query(question, settings.embedding_model)
        label, sim, text = found.nearest(vector)
    except Exception as exc:  # noqa: BLE001 - the router's own decision stands
        log.warning("second look at an off-topic question skipped: %s", exc)
        return decision
    if label != "unsafe" or sim < THRESHOLD:
        return decision
    scores = dict(decision.scores)
    scores["unsafe"] = max(scores.get("unsafe", 0.0), sim)
    return dataclasses.replace(decision, label="unsafe", confidence=sim, scores=scores, source="exemplar",
                               low_confidence=False,
                               note=f"close ({sim:.2f}) to a harmful request the router was trained on: \"{text}\"")

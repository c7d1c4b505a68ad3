"""The trained router run by ONNX Runtime, so the answering process needs neither torch nor transformers.

``export(router, path, texts)`` (train() calls it after saving; `dbcopilot prepare` for a directory trained
before) writes each head of a trained router into <router_dir>/onnx/ — the XLNet heads (flat, or safety and
topic) and the fine-tuned MiniLM — runs both versions on ``texts`` (validation questions) and writes
``verified.json`` only when every probability agrees within ``TOLERANCE`` and every decision is the same.
``load_heads(path)`` gives those heads as ``OnnxHead`` objects — the saved ``tokenizer.json`` run by the
``tokenizers`` library, the logits by ONNX Runtime, the temperatures and the mixing weight from the torch files —
for router/classifier.py to build the same router classes on; None when there is no verified export (or
onnxruntime is missing, or a file does not load): the caller keeps torch.

XLNet is exported at one fixed width (``max_len`` tokens, left-padded as in training): its relative
positions are traced from the input's shape, and a fixed width keeps them exact. MiniLM takes any width.
"""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

import numpy as np

from router.files import MINILM_DIR, MIX_FILE, ROUTER_FILE
from router.labels import LABELS
from router.minilm import MAX_LEN, _softmax  # numpy only: no torch at import
from router.speed import length_batches

ONNX_DIR = "onnx"
VERIFIED = "verified.json"
TOLERANCE = 1e-4
CHECK_TEXTS = 400  # at most this many of the given questions (evenly spaced) are scored by both versions
log = logging.getLogger(__name__)


class OnnxHead:
    """One exported classification head: ``labels[i]`` is logit i; ``temperature`` divides the logits."""

    def __init__(self, model: Path, tokenizer: Path, labels: list[str], temperature: float, max_len: int,
                 fixed_width: bool, pad_left: bool):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        so = ort.SessionOptions()
        so.intra_op_num_threads = 1  # one question at a time: one thread is fastest and steadiest on a shared CPU
        so.inter_op_num_threads = 1
        so.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(str(model), so, providers=["CPUExecutionProvider"])
        self.inputs = [i.name for i in self.session.get_inputs()]
        self.tokenizer = Tokenizer.from_file(str(tokenizer))
        self.labels, self.temperature, self.max_len = list(labels), float(temperature), int(max_len)
        pad = self.tokenizer.padding or {}
        self.tokenizer.enable_truncation(max_length=self.max_len)
        self.tokenizer.enable_padding(direction="left" if pad_left else "right", pad_id=int(pad.get("pad_id", 0)),
                                      pad_token=str(pad.get("pad_token", "<pad>" if pad_left else "[PAD]")),
                                      length=self.max_len if fixed_width else None)

    def logits(self, texts: list[str], batch_size: int = 64) -> np.ndarray:
        texts = list(texts)
        out = np.zeros((len(texts), len(self.labels)), dtype=np.float32)
        for idx in length_batches(texts, batch_size):
            enc = self.tokenizer.encode_batch([texts[i] for i in idx])
            feed = {"input_ids": np.array([e.ids for e in enc], dtype=np.int64),
                    "attention_mask": np.array([e.attention_mask for e in enc], dtype=np.int64),
                    "token_type_ids": np.array([e.type_ids for e in enc], dtype=np.int64)}
            out[idx] = self.session.run(None, {k: feed[k] for k in self.inputs})[0]
        return out

    def probs(self, texts: list[str]) -> np.ndarray:
        return _softmax(self.logits(texts) / self.temperature)


class OnnxMiniLM(OnnxHead):
    """The fine-tuned MiniLM half of a mixed router, with its mixing weight (router/minilm.py)."""

    def __init__(self, model: Path, tokenizer: Path, labels: list[str], temperature: float, max_len: int,
                 weight: float):
        super().__init__(model, tokenizer, labels, temperature, max_len, fixed_width=False, pad_left=False)
        self.weight = float(weight)


# ---- export ----------------------------------------------------------------------------------------------

def _export_xlnet(head, file: Path) -> None:
    import torch

    class Logits(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask).logits

    enc = head.tok(["an example", "a second example"], truncation=True, max_length=head.max_len,
                   padding="max_length", return_tensors="pt")
    _onnx_export(Logits(head.model.eval()), (enc["input_ids"], enc["attention_mask"]),
                 ["input_ids", "attention_mask"], {0: "batch"}, file)


def _export_minilm(minilm_dir: Path, tokenizer, file: Path) -> None:
    import torch
    from transformers import AutoModelForSequenceClassification

    # a fresh copy with eager attention: traced through the SDPA path, the export loses the padding mask
    model = AutoModelForSequenceClassification.from_pretrained(minilm_dir, attn_implementation="eager").eval()

    class Logits(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.inner(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).logits

    enc = tokenizer(["an example", "a second, longer example sentence"], padding=True, return_tensors="pt")
    names = ["input_ids", "attention_mask", "token_type_ids"]
    _onnx_export(Logits(model), tuple(enc[k] for k in names), names, {0: "batch", 1: "tokens"}, file)


def _onnx_export(module, args, names: list[str], axes: dict, file: Path) -> None:
    import warnings

    import torch

    module.eval()  # a new wrapper starts in training mode, and the exporter restores that mode to the wrapped head
    tmp = file.with_suffix(f".{os.getpid()}.tmp")
    dynamic = {n: axes for n in names} | {"logits": {0: "batch"}}
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation and tracer warnings
            torch.onnx.export(module, args, str(tmp), input_names=names, output_names=["logits"],
                              dynamic_axes=dynamic, opset_version=17, dynamo=False)
        tmp.replace(file)
    finally:
        tmp.unlink(missing_ok=True)


def export(router, path: str | Path, texts: list[str]) -> dict:
    """Export the heads of a trained, saved router into <path>/onnx and check them on ``texts`` (about
    CHECK_TEXTS of them, evenly spaced); returns the
    figures written to verified.json, or {"error": ...} when the export is not used (the reason is logged)."""
    path = Path(path)
    out = path / ONNX_DIR
    t0 = time.perf_counter()
    try:
        import onnxruntime  # noqa: F401

        out.mkdir(parents=True, exist_ok=True)
        (out / VERIFIED).unlink(missing_ok=True)
        for old in out.glob("*.onnx"):  # a head this router no longer has must not be loaded beside it
            old.unlink()
        heads = _xlnet_heads(router)
        for name, head in heads.items():
            _export_xlnet(head, out / f"{name}.onnx")
        minilm = getattr(router, "head", None)
        if minilm is not None and hasattr(minilm, "weight"):
            _export_minilm(path / MINILM_DIR, minilm.tokenizer, out / "minilm.onnx")
        fast = load_heads(path, verified=False)
        if fast is None:
            raise ValueError("the exported files do not load")
        texts, diff = list(texts), 0.0
        texts = texts[:: max(1, len(texts) // CHECK_TEXTS)]
        slow = dict(heads, **({"minilm": minilm} if "minilm" in fast else {}))  # minilm.onnx only when exported
        for name, head in slow.items():
            want, got = np.asarray(head.probs(texts), dtype=np.float64), fast[name].probs(texts)
            diff = max(diff, float(np.abs(want - got).max(initial=0.0)))
            changed = int((want.argmax(1) != got.argmax(1)).sum())
            if diff > TOLERANCE or changed:
                raise ValueError(f"ONNX {name} head differs from torch (max |difference| {diff:.2e}, "
                                 f"{changed} of {len(texts)} decisions)")
        figures = {"texts": len(texts), "max_abs_difference": float(f"{diff:.3e}"),
                   "heads": sorted(heads) + (["minilm"] if (out / "minilm.onnx").is_file() else []),
                   "export_seconds": round(time.perf_counter() - t0, 1)}
        (out / VERIFIED).write_text(json.dumps(figures, indent=2))
        return figures
    except Exception as exc:  # noqa: BLE001 - the torch router stays in use
        log.warning("router stays on torch: ONNX export failed (%s: %s)", type(exc).__name__, exc)
        return {"error": f"{type(exc).__name__}: {exc}"[:300]}


def _xlnet_heads(router) -> dict:
    base = getattr(router, "base", router)  # a MixedRouter wraps the XLNet router
    if getattr(base, "variant", "") == "hierarchical":
        return {"safety": base.safety, "topic": base.topic}
    return {"flat": base.head}


# ---- load ------------------------------------------------------------------------------------------------

def forget(path: str | Path) -> None:
    """The export in ``path`` is no longer the model's (it is being retrained): never load it."""
    (Path(path) / ONNX_DIR / VERIFIED).unlink(missing_ok=True)


def verified(path: str | Path) -> bool:
    return (Path(path) / ONNX_DIR / VERIFIED).is_file()


def _xlnet(path: Path, sub: str, name: str) -> OnnxHead:
    folder = path / sub if sub else path
    meta = json.loads((folder / "head.json").read_text())
    return OnnxHead(path / ONNX_DIR / f"{name}.onnx", folder / "tokenizer.json", meta["labels"],
                    meta.get("temperature", 1.0), meta.get("max_len", 64), fixed_width=True, pad_left=True)


def load_heads(path: str | Path, verified: bool = True) -> dict | None:
    """{"flat"} or {"safety", "topic"}, plus "minilm" when the router has its MiniLM half, on ONNX Runtime; None
    when there is no verified export in ``path`` or it does not load (the reason is logged)."""
    path = Path(path)
    if verified and not (path / ONNX_DIR / VERIFIED).is_file():
        return None
    try:
        meta = json.loads((path / ROUTER_FILE).read_text())
        names = [("safety", "safety"), ("topic", "topic")] if meta.get("variant") == "hierarchical" else [("", "flat")]
        heads = {name: _xlnet(path, sub, name) for sub, name in names}
        if (path / ONNX_DIR / "minilm.onnx").is_file():
            d = path / MINILM_DIR
            mix = json.loads((d / MIX_FILE).read_text())
            heads["minilm"] = OnnxMiniLM(path / ONNX_DIR / "minilm.onnx", d / "tokenizer.json", list(LABELS),
                                         mix.get("temperature", 1.0), MAX_LEN, mix["weight"])
        return heads
    except Exception as exc:  # noqa: BLE001 - no onnxruntime, a damaged file, ONNX Runtime's own errors: torch
        log.warning("router stays on torch: %s: %s", type(exc).__name__, str(exc)[:300])
        return None

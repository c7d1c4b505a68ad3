"""Router benchmark: load time, p50/p95 latency at batch size 1 on 2 threads, accuracy on val, dev
and the hand-written held-out sets (heldout, heldout2, heldout3, heldout_harm: harmful requests and their
harmless look-alikes); with_rule: the route the app takes, a self-harm message being unsafe by rule first;
with_second_look: then an off-topic decision near a harmful line of the corpus made unsafe (agent/harm_exemplars.py);
as_app: what the app decides — the rule, then the core lines' nearest-neighbour vote mixed into the router's scores,
then the second look (agent/harm_exemplars.look_again).

    python bench/router.py [--variant flat|hierarchical] [--model-dir DIR] [--n 300]

Prints one JSON object. The model comes from settings (DBCOPILOT_DATA_DIR / router_model_dir) unless
--model-dir is given; train it first with `dbcopilot train-router`.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default=None, help="flat | hierarchical (default: settings.router_kind)")
    ap.add_argument("--model-dir", type=Path, default=None)
    ap.add_argument("--n", type=int, default=300, help="questions timed for latency")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--splits", default="val,dev,heldout,heldout2,heldout3,heldout_harm,heldout4", help="comma-separated corpora/router splits")
    a = ap.parse_args()

    t_imp = time.perf_counter()
    import torch
    from transformers import AutoTokenizer, XLNetForSequenceClassification  # noqa: F401  (lazy modules)

    import router
    import router.classifier  # noqa: F401
    from agent.config import get_settings
    from agent.harm_exemplars import exemplars, look_again, second_look
    from agent.refusals import self_harm
    from evaluation.qcr import classification_report, percentile
    from router.data import load_split
    from router.labels import RouteDecision

    torch.set_num_threads(a.threads)
    import_s = time.perf_counter() - t_imp
    s = get_settings()
    update = {}
    if a.variant:
        update["router_kind"] = a.variant
    if a.model_dir:
        update["router_model_dir"] = a.model_dir
    s = s.model_copy(update=update)
    t0 = time.perf_counter()
    try:
        r = router.load_router(s)
    except router.RouterNotTrained as e:
        print(json.dumps({"error": str(e)}))
        return 1
    load_s = time.perf_counter() - t0

    out = {"variant": r.variant, "model_dir": str(s.router_dir), "threads": a.threads,
           "import_s": round(import_s, 3),  # torch + transformers (already paid by the app for MiniLM)
           "load_s": round(load_s, 3)}
    meta_file = Path(s.router_dir) / "router.json"
    if meta_file.is_file():
        m = json.loads(meta_file.read_text()).get("metrics", {})
        out.update({k: m.get(k) for k in ("size", "epochs", "train_seconds", "train_cpu_seconds")})
    exemplars(s)  # the second look's vectors, encoded now when the cache is missing (the app builds them beside)
    for split in a.splits.split(","):
        rows = load_split(split)
        texts = [x["text"] for x in rows]
        preds = router.predict_labels(r, texts)
        rep = classification_report([x["label"] for x in rows], preds)
        out[split] = {"n": rep["n"], "accuracy": rep["accuracy"], "macro_f1": rep["macro_f1"],
                      "f1": {l: c["f1"] for l, c in rep["per_class"].items()},
                      "unsafe_recall": rep["per_class"]["unsafe"]["recall"],
                      "confusion": rep["confusion"]["matrix"]}
        # the app routes a self-harm message to unsafe by rule before the classifier (agent/refusals.py)
        ruled = ["unsafe" if self_harm(t) else p for t, p in zip(texts, preds)]
        out[split]["with_rule"] = {k: classification_report([x["label"] for x in rows], ruled)[k]
                                   for k in ("accuracy",)}
        out[split]["with_rule"]["unsafe_recall"] = classification_report(
            [x["label"] for x in rows], ruled)["per_class"]["unsafe"]["recall"]
        # and the second look at off-topic decisions (agent/harm_exemplars.py): near a harmful core line -> unsafe
        looked = [second_look(s, t, RouteDecision(p, 1.0, {p: 1.0})).label if p == "irrelevant" else p
                  for t, p in zip(texts, ruled)]
        rep = classification_report([x["label"] for x in rows], looked)
        out[split]["with_second_look"] = {"accuracy": rep["accuracy"],
                                          "unsafe_recall": rep["per_class"]["unsafe"]["recall"]}
        app = ["unsafe" if self_harm(t) else look_again(s, t, r.route(t)).label for t in texts]
        rep = classification_report([x["label"] for x in rows], app)
        out[split]["as_app"] = {"accuracy": rep["accuracy"], "unsafe_recall": rep["per_class"]["unsafe"]["recall"],
                                "confusion": rep["confusion"]["matrix"]}
    rows = (load_split("heldout") + load_split("val"))[: a.n]
    for x in rows[:10]:
        r.route(x["text"])  # warm-up
    lat = []
    for x in rows:
        t = time.perf_counter()
        r.route(x["text"])
        lat.append((time.perf_counter() - t) * 1000)
    out["latency_ms"] = {"n": len(lat), "p50": round(percentile(lat, 50), 2), "p95": round(percentile(lat, 95), 2)}
    out["load_avg_1m"] = round(os.getloadavg()[0], 2)  # the machine is shared: contention inflates timings
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

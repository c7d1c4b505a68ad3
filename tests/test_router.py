"""Router: labels, data, tokenizer, a tiny real training run, save/load, hierarchical logic,
threshold fallback, LLM-router parsing. The toy set is separable by keywords; the model is `micro`."""
from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest

import router
from router.classifier import FlatRouter, HierarchicalRouter, decide, load_dir
from router.data import CORPUS_DIR, DataError, load_jsonl, load_split
from router.labels import LABELS, SAFE_LABELS, RouteDecision
from router.llm import FALLBACK_LABEL, LLMRouter, build_messages, parse
from router.minilm import W_GRID
from router.tokenizer import train_tokenizer

TOY_WORDS = {
    "unsafe": "hack steal exploit payload victim breach crack".split(),
    "irrelevant": "cake garden flowers recipe puppy guitar soccer".split(),
    "general": "normalization theory concept acid isolation textbook join".split(),
    "product": "postgres parameter manual setting documentation version feature".split(),
    "instance": "mine currently slow locks check live now".split(),
}


def toy_rows(n_per_label: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    return [{"text": " ".join(rng.sample(words, 4)), "label": label}
            for label, words in TOY_WORDS.items() for _ in range(n_per_label)]


def write_toy_corpus(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    for name, n, seed in (("train", 40, 1), ("val", 8, 2)):
        with (path / f"{name}.jsonl").open("w") as f:
            for r in toy_rows(n, seed):
                f.write(json.dumps(r) + "\n")
    return path


@pytest.fixture(scope="session")
def toy_corpus(tmp_path_factory) -> Path:
    return write_toy_corpus(tmp_path_factory.mktemp("toy_corpus"))


@pytest.fixture(scope="session")
def flat_dir(tmp_path_factory, toy_corpus) -> Path:
    out = tmp_path_factory.mktemp("flat")
    router.train("flat", out, toy_corpus, progress=False, size="micro", epochs=25, batch_size=16, vocab_size=300)
    return out


# ---- labels -----------------------------------------------------------------------------
def test_label_set():
    assert LABELS == ("unsafe", "irrelevant", "general", "product", "instance")
    assert set(SAFE_LABELS) == set(LABELS) - {"unsafe"}


def test_user_override_decision():
    d = RouteDecision.from_user("product")
    assert (d.label, d.source, d.confidence) == ("product", "user", 1.0)
    with pytest.raises(ValueError, match="unknown route"):
        RouteDecision.from_user("weather")


# ---- data ---------------------------------------------------------------------------------
def test_shipped_splits_load_and_cover_all_labels():
    names = ("train", "val", "dev", "heldout", "heldout2", "heldout3", "heldout4")
    texts = {}
    for name in names:
        rows = load_split(name)
        assert {r["label"] for r in rows} == set(LABELS), name
        texts[name] = {r["text"].lower() for r in rows}
    for i, a in enumerate(names[:2]):  # train and val share no text with each other or any evaluation set;
        for b in names[i + 1:]:        # independent writers of dev/heldout* may well both write "what is a covering index"
            assert not texts[a] & texts[b], (a, b, sorted(texts[a] & texts[b])[:3])


def test_val_holds_out_whole_templates():
    def sources(name):
        return {json.loads(l).get("source") for l in (CORPUS_DIR / f"{name}.jsonl").read_text().splitlines()}

    for kind in ("template:", "frame:"):
        tr = {s.removeprefix("core+") for s in sources("train") if kind in s}
        va = {s for s in sources("val") if s.startswith(kind)}
        assert va and tr and not tr & va, kind


def test_hand_written_core_has_no_near_copies_of_the_evaluation_sets():
    """A training question that differs from a dev/held-out one by a word or two would leak it."""
    import importlib.util
    import re

    spec = importlib.util.spec_from_file_location("router_generate", CORPUS_DIR / "generate.py")
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)  # its read_core: the same comment and blank-line rules as training

    def words(text):
        return frozenset(re.findall(r"[a-z0-9_]+", text.lower()))

    core = [words(q) for label in LABELS for q in generate.read_core(label)]
    for name in ("dev", "heldout", "heldout2", "heldout3", "heldout_harm", "heldout4"):
        for row in load_split(name):
            w = words(row["text"])
            near = [c for c in core if len(w & c) >= 0.8 * len(w | c)]
            assert not near, (name, row["text"], sorted(near[0]))


def test_load_jsonl_ignores_extra_fields_and_rejects_bad_rows(tmp_path):
    ok = tmp_path / "ok.jsonl"
    ok.write_text('{"text": "why slow", "label": "Instance", "id": 7}\n\n')
    assert load_jsonl(ok) == [{"text": "why slow", "label": "instance"}]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "x", "label": "weather"}\n')
    with pytest.raises(DataError, match="bad.jsonl:1: label 'weather'"):
        load_jsonl(bad)
    bad.write_text("not json\n")
    with pytest.raises(DataError, match="not JSON"):
        load_jsonl(bad)
    with pytest.raises(DataError, match="no such file"):
        load_jsonl(tmp_path / "missing.jsonl")


# ---- tokenizer ----------------------------------------------------------------------------
def test_tokenizer_round_trip_and_xlnet_layout():
    tok = train_tokenizer((r["text"] for r in load_split("val")), vocab_size=800)
    for text in ["Why is my PG server slow?? SELECT * FROM orders WHERE id = 42;",
                 "ERROR:  relation \"ordrs\" does not exist — ünïcode ✓", "   tabs\tand  spaces  "]:
        ids = tok(text)["input_ids"]
        assert tok.convert_ids_to_tokens(ids[-2:]) == ["<sep>", "<cls>"]
        norm = unicodedata.normalize("NFKC", text).lower()
        expected = norm if norm.startswith(" ") else " " + norm  # byte-level BPE adds one prefix space
        assert tok.decode(ids, skip_special_tokens=True) == expected
    batch = tok(["a", "a much longer question"], padding=True)
    assert batch["input_ids"][0][0] == tok.pad_token_id  # left padding: the last position is <cls>


# ---- training, save/load ------------------------------------------------------------------------
def test_tiny_training_learns_toy_set(flat_dir, toy_corpus):
    meta = json.loads((flat_dir / "router.json").read_text())
    assert meta["variant"] == "flat"
    assert meta["metrics"]["val"]["accuracy"] >= 0.9
    r = load_dir(flat_dir, threshold=0.0)
    rows = toy_rows(5, seed=99)
    hits = sum(r.route(x["text"]).label == x["label"] for x in rows)
    assert hits / len(rows) >= 0.9


def test_save_load_gives_same_scores(flat_dir, tmp_path):
    a = FlatRouter.load(flat_dir)
    a.save(tmp_path / "copy")
    b = FlatRouter.load(tmp_path / "copy")
    q = "check locks now on mine"
    sa, sb = a.route(q).scores, b.route(q).scores
    assert set(sa) == set(LABELS)
    assert abs(sum(sa.values()) - 1) < 1e-5
    assert all(abs(sa[l] - sb[l]) < 1e-6 for l in LABELS)


def test_loads_plain_checkpoint_dir_without_our_metadata(flat_dir, tmp_path):
    """A user's own checkpoint: config.json (id2label) + tokenizer files, no head.json/router.json."""
    import shutil

    user = tmp_path / "user_ckpt"
    shutil.copytree(flat_dir, user)
    (user / "head.json").unlink()
    (user / "router.json").unlink()
    s = type("S", (), {"router_kind": "flat", "router_dir": user, "router_threshold": 0.5})()
    d = router.load_router(s).route("postgres parameter manual setting")
    assert d.label in LABELS and set(d.scores) == set(LABELS)


def test_load_router_missing_model_says_how_to_train(tmp_path):
    s = type("S", (), {"router_kind": "hierarchical", "router_dir": tmp_path / "none", "router_threshold": 0.6})()
    with pytest.raises(router.RouterNotTrained, match="dbcopilot train-router --variant hierarchical"):
        router.load_router(s)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text("{not json")
    s.router_dir, s.router_kind = broken, "flat"
    with pytest.raises(router.RouterNotTrained, match="cannot be loaded"):
        router.load_router(s)


def test_router_dir_without_its_minilm_half_counts_as_untrained(flat_dir, tmp_path):
    """A directory trained before the MiniLM half existed is retrained by `prepare`, not half-loaded."""
    import shutil

    from router.classifier import is_trained
    from router.minilm import MINILM_DIR

    old = tmp_path / "old"
    shutil.copytree(flat_dir, old)
    assert is_trained(old)
    shutil.rmtree(old / MINILM_DIR)
    assert not is_trained(old)
    s = type("S", (), {"router_kind": "flat", "router_dir": old, "router_threshold": 0.6})()
    with pytest.raises(router.RouterNotTrained, match="dbcopilot train-router --variant flat"):
        router.load_router(s)


def test_hierarchical_training_save_load(toy_corpus, tmp_path):
    m = router.train("hierarchical", tmp_path / "h", toy_corpus, progress=False, size="micro", epochs=15,
                     batch_size=16, vocab_size=300)
    assert set(m["heads"]) == {"safety", "topic"}
    assert m["minilm_head"]["weight"] in W_GRID
    r = load_dir(tmp_path / "h")
    assert isinstance(r.base, HierarchicalRouter)  # XLNet, mixed with the fine-tuned MiniLM
    d = r.route("steal payload hack victim")
    assert d.label in LABELS and abs(sum(d.scores.values()) - 1) < 1e-5


def test_minilm_mix_is_chosen_on_validation_and_round_trips(toy_corpus, tmp_path):
    """Fine-tuned MiniLM learns the toy set, the mix is chosen on val and keeps probabilities
    normalised, and save/load gives the same scores."""
    from router.data import load_split
    from router.minilm import MiniLMHead, MixedRouter, fit

    m = router.train("flat", tmp_path / "f", toy_corpus, progress=False, size="micro", epochs=15,
                     batch_size=16, vocab_size=300, minilm_epochs=20)
    mixed = load_dir(tmp_path / "f")
    assert isinstance(mixed, MixedRouter)
    assert m["minilm_head"]["val_accuracy_mixed"] >= m["val_xlnet_only"]["accuracy"] - 1e-9  # w=1.0 is XLNet alone
    assert m["minilm_head"]["val_accuracy_minilm_only"] >= 0.8  # the toy set is separable
    assert m["minilm_head"]["temperature"] > 0
    val_rows = load_split("val", toy_corpus)
    texts = [r["text"] for r in val_rows[:4]]
    again = MixedRouter(mixed.base, MiniLMHead.load(tmp_path / "f"))
    for a, b in zip(mixed.scores_batch(texts), again.scores_batch(texts)):
        assert all(abs(a[k] - b[k]) < 1e-5 for k in LABELS) and abs(sum(a.values()) - 1) < 1e-5
    assert mixed.scores_batch([texts[0]])[0] == pytest.approx(mixed.scores_batch(texts)[0], abs=1e-4)  # padding-free
    d = mixed.route(texts[0])
    assert d.label in LABELS and d.latency_ms > 0


# ---- decision logic ---------------------------------------------------------------------------
def test_hierarchical_decision_logic():
    topic = {"irrelevant": 0.1, "general": 0.2, "product": 0.6, "instance": 0.1}
    label, scores = HierarchicalRouter.combine(0.7, topic)
    assert label == "unsafe" and scores["unsafe"] == 0.7
    label, scores = HierarchicalRouter.combine(0.2, topic)
    assert label == "product"
    assert scores["product"] == pytest.approx(0.8 * 0.6)
    assert sum(scores.values()) == pytest.approx(1.0)
    # safe first: even when unsafe has the largest combined score, s < 0.5 means a safe route
    label, scores = HierarchicalRouter.combine(0.45, {"irrelevant": 0.25, "general": 0.25, "product": 0.25,
                                                       "instance": 0.25})
    assert label != "unsafe"


def test_threshold_fallback_flags_low_confidence_and_top2():
    d = decide({"general": 0.45, "product": 0.40, "instance": 0.15}, threshold=0.6, latency_ms=1.0)
    assert d.label == "general" and d.low_confidence
    assert [l for l, _ in d.top2()] == ["general", "product"]
    assert set(d.scores) == set(LABELS)
    assert not decide({"product": 0.9, "general": 0.1}, threshold=0.6, latency_ms=1.0).low_confidence


def test_trained_router_threshold(flat_dir):
    sure = FlatRouter.load(flat_dir, threshold=0.0).route("cake garden flowers recipe")
    assert not sure.low_confidence
    unsure = FlatRouter.load(flat_dir, threshold=1.01).route("cake garden flowers recipe")
    assert unsure.low_confidence and len(unsure.top2()) == 2


# ---- LLM router -------------------------------------------------------------------------------
@pytest.mark.parametrize("reply,label,conf", [
    ('{"label": "product", "confidence": 0.8}', "product", 0.8),
    ('Sure! Here is my answer: {"label": "Instance", "confidence": "0.9"} hope it helps', "instance", 0.9),
    ('{"route": "unsafe"}', "unsafe", None),
    ('{"label": "general", "confidence": 7}', "general", None),
    ("irrelevant", "irrelevant", None),
    ("The route is: product.", "product", None),
    ("general (not unsafe)", "general", None),
    ("unsafe or general, hard to say", "unsafe", None),
])
def test_llm_parse(reply, label, conf):
    assert parse(reply) == (label, conf)


@pytest.mark.parametrize("reply", ["", "lorem ipsum dolor", "{\"label\": \"weather\"}", "{broken json",
                                   "could be general or product", None])
def test_llm_parse_garbage(reply):
    assert parse(reply) == (None, None)


def test_llm_router_uses_chat_and_falls_back_on_garbage():
    seen = []

    def chat(messages):
        seen.append(messages)
        return '{"label": "instance", "confidence": 0.92}'

    d = LLMRouter(chat, threshold=0.6).route("why is my db slow")
    assert (d.label, d.source, d.low_confidence) == ("instance", "llm", False)
    assert d.confidence == pytest.approx(0.92) and sum(d.scores.values()) == pytest.approx(1.0)
    assert seen[0][-1]["content"].endswith("why is my db slow") and seen[0][0]["role"] == "system"

    g = LLMRouter(lambda m: "🙃🙃 banana", threshold=0.6).route("hello")
    assert g.label == FALLBACK_LABEL and g.low_confidence and "unreadable" in g.note

    def down(messages):
        raise ConnectionError("server down")

    e = LLMRouter(down).route("hello")
    assert e.label == FALLBACK_LABEL and e.low_confidence and "server down" in e.note


def test_load_router_llm_needs_chat():
    s = type("S", (), {"router_kind": "llm", "router_dir": Path("/nonexistent"), "router_threshold": 0.6})()
    with pytest.raises(router.RouterNotTrained, match="needs an LLM"):
        router.load_router(s)
    assert isinstance(router.load_router(s, llm_chat=lambda m: "general"), LLMRouter)


def test_prompt_lists_every_route():
    system = build_messages("q")[0]["content"]
    assert all(f"{l}:" in system for l in LABELS)


@pytest.mark.slow
def test_llm_router_through_embedded_smollm2():
    """The real tiny GGUF model: its label may be wrong (135M), but its reply must parse or fall back cleanly."""
    pytest.importorskip("llama_cpp")
    from agent.backends import make_backend
    from agent.config import Settings

    backend = make_backend(Settings(llm_backend="llamacpp", llm_max_tokens=24, llm_temperature=0.0))
    d = LLMRouter(backend.chat).route("what does shared_buffers do in postgres")
    assert d.source == "llm" and d.label in LABELS and set(d.scores) == set(LABELS)
    assert d.low_confidence == (d.confidence < 0.6)


# ---- ONNX Runtime: the answering process without torch ---------------------------------------------------
def test_training_exports_a_verified_onnx_router(flat_dir, toy_corpus):
    """train() exports every head (XLNet and the fine-tuned MiniLM) and checks them against torch on val; the
    loader then gives the same router classes on ONNX heads, with torch's scores."""
    from router import onnx_heads
    from router.minilm import MiniLMHead, MixedRouter

    meta = json.loads((flat_dir / "onnx" / "verified.json").read_text())
    assert meta["heads"] == ["flat", "minilm"] and meta["max_abs_difference"] <= onnx_heads.TOLERANCE
    fast = load_dir(flat_dir)
    assert isinstance(fast, MixedRouter) and isinstance(fast.base, FlatRouter)
    assert isinstance(fast.base.head, onnx_heads.OnnxHead) and isinstance(fast.head, onnx_heads.OnnxMiniLM)
    slow = MixedRouter(FlatRouter.load(flat_dir), MiniLMHead.load(flat_dir))
    texts = [r["text"] for r in toy_rows(3, seed=7)] + ["", "a much longer question " * 40, "é ß 你好 🙂"]
    for a, b in zip(fast.scores_batch(texts), slow.scores_batch(texts)):
        assert all(abs(a[k] - b[k]) < 1e-4 for k in LABELS)
    assert [fast.route(t).label for t in texts] == [slow.route(t).label for t in texts]


def test_a_fresh_process_routes_without_importing_torch(flat_dir):
    import subprocess
    import sys

    code = ("import json, sys; from router.classifier import load_dir; r = load_dir(sys.argv[1]); "
            "d = r.route('check locks now on mine'); "
            "print(json.dumps([d.label, 'torch' in sys.modules, 'transformers' in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code, str(flat_dir)], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0, out.stderr
    label, torch_loaded, transformers_loaded = json.loads(out.stdout)
    assert label == "instance" and not torch_loaded and not transformers_loaded


def test_a_damaged_or_unverified_export_falls_back_to_torch(flat_dir, tmp_path):
    import shutil

    from router import onnx_heads
    from router.model import Head

    copy = tmp_path / "copy"
    shutil.copytree(flat_dir, copy)
    (copy / "onnx" / "flat.onnx").write_bytes(b"not an onnx file")
    r = load_dir(copy)
    assert isinstance(r.base.head, Head)  # the torch head, and it still routes
    assert r.route("check locks now on mine").label == "instance"
    (copy / "onnx" / "verified.json").unlink()
    shutil.copy(flat_dir / "onnx" / "flat.onnx", copy / "onnx" / "flat.onnx")
    assert not onnx_heads.verified(copy) and isinstance(load_dir(copy).base.head, Head)
    # prepare's export for a directory trained before the export existed; the torch router is unchanged by it
    slow, texts = load_dir(copy), [r["text"] for r in toy_rows(2, seed=5)]
    before = slow.scores_batch(texts)
    figures = onnx_heads.export(slow, copy, texts)
    assert "error" not in figures and onnx_heads.verified(copy)
    assert slow.scores_batch(texts) == before and not slow.base.head.model.training
    assert isinstance(load_dir(copy).base.head, onnx_heads.OnnxHead)


# ---- speed choices (router/speed.py) ------------------------------------------------------------
def test_length_batches_cover_every_question_once_in_length_order():
    from router.speed import length_batches

    texts = ["a" * n for n in (9, 1, 5, 3, 7, 2, 8)]
    batches = length_batches(texts, 3)
    assert [len(b) for b in batches] == [3, 3, 1]
    flat = [i for b in batches for i in b]
    assert sorted(flat) == list(range(len(texts)))
    assert [len(texts[i]) for i in flat] == sorted(len(t) for t in texts)
    assert length_batches([], 4) == []


def test_batch_scores_come_back_in_the_callers_order(flat_dir):
    """Batches are sorted by length inside logits(); each row must still be its own question's."""
    import numpy as np

    from router.minilm import MiniLMHead

    texts = [r["text"] + " now" * (i % 5) for i, r in enumerate(toy_rows(3, seed=7))]
    random.Random(3).shuffle(texts)
    xlnet = FlatRouter.load(flat_dir).head
    minilm = MiniLMHead.load(flat_dir)
    together_x = np.asarray(xlnet.logits(texts, batch_size=4))
    together_m = minilm.logits(texts, batch_size=4)
    for i, t in enumerate(texts):
        assert np.allclose(together_x[i], np.asarray(xlnet.logits([t]))[0], atol=1e-4)
        assert np.allclose(together_m[i], minilm.logits([t])[0], atol=1e-4)
    fast = load_dir(flat_dir)  # the ONNX export the app routes with
    for t, batch in zip(texts, fast.scores_batch(texts)):
        one = fast.route(t).scores
        assert all(abs(batch[l] - one[l]) < 1e-4 for l in LABELS)

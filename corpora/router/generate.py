"""Build corpora/router/train.jsonl and val.jsonl from the hand-written core (core/<label>.txt)
and the templates (templates.py) filled with slot values (slots.py, vocab/*.txt).

    python corpora/router/generate.py [--seed 13] [--per-label 1400]

The validation split is held out honestly: it gets whole templates that training never sees,
slot values that training never sees, and hand-written core questions that training never sees.
heldout.jsonl is written by hand and is never read here.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from pathlib import Path

import sys

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from slots import SLOTS  # noqa: E402
from templates import CONTENT, FRAMES, TEMPLATES  # noqa: E402

LABELS = ("unsafe", "irrelevant", "general", "product", "instance")
VAL_SHARE = 5  # one in five templates / slot values / core questions goes to validation
_SLOT = re.compile(r"\{([a-z_]+?)(\d?)(?:\.(\d))?\}")
_NOISE_FREE = {"prefix", "suffix"}


def _h(text: str) -> int:
    return int(hashlib.sha1(text.encode()).hexdigest()[:8], 16)


def _is_val(key: str) -> bool:
    return _h(key) % VAL_SHARE == 0


def read_core(label: str) -> list[str]:
    lines = (HERE / "core" / f"{label}.txt").read_text(encoding="utf-8").splitlines()
    return [l.strip() for l in lines if l.strip() and not l.startswith("#")]


def split_values(name: str, values: list) -> tuple[list, list]:
    if name in _NOISE_FREE:
        return values, values
    train = [v for v in values if not _is_val(f"{name}:{v}")]
    val = [v for v in values if _is_val(f"{name}:{v}")]
    if len(values) < 5 or not val or not train:  # too few to split: share them
        return values, values
    return train, val


def held_out_templates(label: str) -> set[int]:
    n = len(TEMPLATES[label])
    order = sorted(range(n), key=lambda i: _h(f"{label}:{TEMPLATES[label][i]}"))
    return set(order[: max(2, round(n / VAL_SHARE))])


def held_out_frames(kind: str) -> set[int]:
    n = len(FRAMES[kind])
    order = sorted(range(n), key=lambda i: _h(f"frame:{kind}:{FRAMES[kind][i]}"))
    return set(order[: max(2, round(n / VAL_SHARE))])


def framed(label: str, frame_ids: dict[str, list[int]], slots, rng: random.Random) -> tuple[str, str]:
    """A shared frame (any label) around this label's content: returns (text, source)."""
    kind = rng.choice([k for k in ("np", "vp", "q") if CONTENT[label].get(k)])
    fi = rng.choice(frame_ids[kind])
    ci = rng.randrange(len(CONTENT[label][kind]))
    content = fill(CONTENT[label][kind][ci], slots, rng)
    return FRAMES[kind][fi].replace("{" + kind + "}", content), f"frame:{kind}:{fi}"


def fill(template: str, slots: dict[str, list], rng: random.Random) -> str:
    chosen: dict[str, object] = {}

    def sub(m: re.Match) -> str:
        name, num, part = m.group(1), m.group(2), m.group(3)
        key = name + num
        if key not in chosen:
            chosen[key] = rng.choice(slots[name])
        value = chosen[key]
        return str(value[int(part)]) if part is not None else str(value)

    return _SLOT.sub(sub, template)


_KEYS = "qwertyuiopasdfghjklzxcvbnm"


def typo(word: str, rng: random.Random) -> str:
    if len(word) < 4 or not word.isalpha():
        return word
    i = rng.randrange(1, len(word) - 1)
    op = rng.randrange(4)
    if op == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if op == 1:
        return word[:i] + word[i + 1 :]
    if op == 2:
        return word[:i] + word[i] + word[i:]
    return word[:i] + rng.choice(_KEYS) + word[i + 1 :]


def noisy(text: str, rng: random.Random, slots: dict[str, list]) -> str:
    """Tone, casing, punctuation and typos, as people really type."""
    r = rng.random()
    if r < 0.08:
        text = text.capitalize() + ("?" if not text.endswith("?") else "")
    words = text.split(" ")
    if rng.random() < 0.35:
        for _ in range(rng.randint(1, 2)):
            j = rng.randrange(len(words))
            words[j] = typo(words[j], rng)
    text = " ".join(words)
    text = rng.choice(slots["prefix"]) + text + rng.choice(slots["suffix"])
    r = rng.random()
    if r < 0.3:
        text = text.lower()
    elif r < 0.35:
        text = text.upper()
    elif r < 0.6 and text:
        text = text[0].upper() + text[1:]
    if rng.random() < 0.2:
        text = text.rstrip("?.! ")
    return text.strip()


def build(seed: int = 13, per_label: int = 2000) -> tuple[list[dict], list[dict]]:
    rng = random.Random(seed)
    train_slots, val_slots = {}, {}
    for name, values in SLOTS.items():
        train_slots[name], val_slots[name] = split_values(name, values)
    train: list[dict] = []
    val: list[dict] = []
    for label in LABELS:
        core = read_core(label)
        core_train = [q for q in core if not _is_val(f"core:{q}")]
        core_val = [q for q in core if _is_val(f"core:{q}")]
        for q in core_train:  # the hand-written core, clean and with three noisy variants
            train.append({"text": q, "label": label, "source": "core"})
            for _ in range(3):
                train.append({"text": noisy(q, rng, train_slots), "label": label, "source": "core+noise"})
        for q in core_val:
            val.append({"text": q, "label": label, "source": "core"})
            val.append({"text": noisy(q, rng, val_slots), "label": label, "source": "core+noise"})
        fr_train = {k: [i for i in range(len(v)) if i not in held_out_frames(k)] for k, v in FRAMES.items()}
        fr_val = {k: sorted(held_out_frames(k)) for k in FRAMES}
        n_frames = per_label * 2 // 5
        for _ in range(n_frames):
            text, src = framed(label, fr_train, train_slots, rng)
            train.append({"text": noisy(text, rng, train_slots), "label": label, "source": src})
        for _ in range(n_frames // 4):
            text, src = framed(label, fr_val, val_slots, rng)
            val.append({"text": noisy(text, rng, val_slots), "label": label, "source": src})
        for q in core_train:  # hand-written questions inside shared question frames
            fi = rng.choice(fr_train["q"])
            text = FRAMES["q"][fi].replace("{q}", q[0].lower() + q[1:])
            train.append({"text": noisy(text, rng, train_slots), "label": label, "source": f"core+frame:q:{fi}"})
        held = held_out_templates(label)
        tpls = TEMPLATES[label]
        tr_ids = [i for i in range(len(tpls)) if i not in held]
        va_ids = sorted(held)
        # the core fills most of per_label; templates keep at least an eighth (slot values from the manual)
        n_train = max(per_label // 8, per_label - 5 * len(core_train) - n_frames)
        for k in range(n_train):
            i = tr_ids[k % len(tr_ids)]
            train.append({"text": noisy(fill(tpls[i], train_slots, rng), rng, train_slots),
                          "label": label, "source": f"template:{label}:{i}"})
        for k in range(per_label // 8):
            i = va_ids[k % len(va_ids)]
            val.append({"text": noisy(fill(tpls[i], val_slots, rng), rng, val_slots),
                        "label": label, "source": f"template:{label}:{i}"})
    train = _dedupe(train)
    seen = {r["text"].lower() for r in train}
    val = [r for r in _dedupe(val) if r["text"].lower() not in seen]
    rng.shuffle(train)
    rng.shuffle(val)
    return train, val


def _dedupe(rows: list[dict]) -> list[dict]:
    seen, out = set(), []
    for r in rows:
        key = r["text"].lower()
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def write_jsonl(path: Path, rows: list[dict]) -> None:
    with path.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--per-label", type=int, default=2000)
    ap.add_argument("--out", type=Path, default=HERE)
    a = ap.parse_args()
    train, val = build(a.seed, a.per_label)
    write_jsonl(a.out / "train.jsonl", train)
    write_jsonl(a.out / "val.jsonl", val)
    from collections import Counter

    print("train", len(train), dict(Counter(r["label"] for r in train)))
    print("val", len(val), dict(Counter(r["label"] for r in val)))


if __name__ == "__main__":
    main()

"""Router data: JSONL of {"text", "label"} (other fields ignored), the shipped corpus and its splits."""
from __future__ import annotations

import json
from pathlib import Path

from router.labels import LABELS

CORPUS_DIR = Path(__file__).resolve().parent.parent / "corpora" / "router"


class DataError(ValueError):
    """Bad router data file: the message says which file and line."""


def load_jsonl(path: str | Path) -> list[dict]:
    """Rows with a non-empty "text" and a known "label"; anything else is a DataError naming the line."""
    path = Path(path)
    if not path.is_file():
        raise DataError(f"{path}: no such file")
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise DataError(f"{path}:{n}: not JSON ({e.msg})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("text"), str) or not obj["text"].strip():
            raise DataError(f'{path}:{n}: expected an object with a non-empty "text"')
        label = str(obj.get("label", "")).strip().lower()
        if label not in LABELS:
            raise DataError(f"{path}:{n}: label {obj.get('label')!r} is not one of {', '.join(LABELS)}")
        rows.append({"text": obj["text"], "label": label})
    if not rows:
        raise DataError(f"{path}: no rows")
    return rows


def load_split(name: str, data_dir: str | Path = CORPUS_DIR) -> list[dict]:
    """name: train | val | dev | heldout | heldout2 | heldout3 | heldout_harm | heldout4 (corpora/router/README.md)."""
    return load_jsonl(Path(data_dir) / f"{name}.jsonl")

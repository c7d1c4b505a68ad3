"""What a trained router directory holds, checked without importing torch (the app's preparation checks it
before the page opens)."""
from __future__ import annotations

from pathlib import Path

ROUTER_FILE = "router.json"  # variant and metrics, written by router.train
MINILM_DIR = "minilm"  # inside the router directory: the fine-tuned model, its tokenizer and mix.json
MIX_FILE = "mix.json"


def is_trained(path: str | Path) -> bool:
    """A user's checkpoint (config.json), or a complete directory written by train(): its XLNet
    heads and its MiniLM half (a directory from before the MiniLM half counts as untrained, so
    `dbcopilot prepare` trains it again)."""
    path = Path(path)
    if not (path / ROUTER_FILE).is_file():
        return (path / "config.json").is_file()
    xlnet = (path / "config.json").is_file() or (path / "safety" / "config.json").is_file()
    return xlnet and (path / MINILM_DIR / MIX_FILE).is_file()

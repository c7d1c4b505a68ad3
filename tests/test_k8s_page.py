"""The Kubernetes page (AppTest): a generated incident's root cause, its report and its neighbourhood graph."""
from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from agent.config import get_settings
from evaluation.k8s_incidents import generate

PAGE = Path(__file__).resolve().parents[1] / "app" / "pages" / "5_Kubernetes.py"


def test_the_page_names_the_root_cause_and_draws_its_neighbourhood(tmp_path, monkeypatch):
    snap = generate("secret_missing", 11).write(tmp_path / "snap")
    truth = json.loads((snap / "truth.json").read_text())
    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DBCOPILOT_K8S_SNAPSHOT", str(snap))
    get_settings.cache_clear()
    try:
        at = AppTest.from_file(str(PAGE))
        at.run(timeout=60)
        assert not at.exception and at.title[0].value == "Kubernetes"
        at.button[0].click().run(timeout=120)
        assert not at.exception
        dot = at.get("graphviz_chart")[0].proto.spec
        assert "color=red" in dot and truth["name"] in dot
        assert any(truth["name"] in m.value for m in at.markdown)
    finally:
        get_settings.cache_clear()


def test_a_missing_snapshot_is_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DBCOPILOT_K8S_SNAPSHOT", str(tmp_path / "nowhere"))
    get_settings.cache_clear()
    try:
        at = AppTest.from_file(str(PAGE))
        at.run(timeout=60)
        at.button[0].click().run(timeout=60)
        assert not at.exception and at.error
    finally:
        get_settings.cache_clear()

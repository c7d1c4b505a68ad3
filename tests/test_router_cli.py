"""CLI: train-router, route, eval-router through typer's CliRunner, on the toy corpus and a micro model."""
from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from app import cli_router
from tests.test_router import toy_rows, write_toy_corpus

runner = CliRunner()


@pytest.fixture(scope="module")
def app():
    a = typer.Typer()
    cli_router.register(a)
    return a


@pytest.fixture(scope="module")
def trained(tmp_path_factory, app):
    from agent.config import get_settings

    root = tmp_path_factory.mktemp("cli")
    corpus = write_toy_corpus(root / "corpus")
    mp = pytest.MonkeyPatch()
    mp.setenv("DBCOPILOT_DATA_DIR", str(root / "data"))
    mp.setenv("DBCOPILOT_ROUTER_KIND", "flat")
    get_settings.cache_clear()
    res = runner.invoke(app, ["train-router", "--variant", "flat", "--size", "micro", "--epochs", "25",
                              "--data", str(corpus)])
    yield root, res
    mp.undo()
    get_settings.cache_clear()


def test_train_router_prints_val_figures(trained):
    root, res = trained
    assert res.exit_code == 0, res.output
    assert "validation: accuracy" in res.output and "confusion" in res.output
    assert (root / "data" / "router" / "flat" / "config.json").is_file()


def test_train_router_if_missing_skips_a_trained_model(trained, app):
    res = runner.invoke(app, ["train-router", "--variant", "flat", "--if-missing"])
    assert res.exit_code == 0 and "already trained" in res.output


def test_route_prints_label_confidence_latency(trained, app):
    res = runner.invoke(app, ["route", "cake garden flowers recipe"])
    assert res.exit_code == 0, res.output
    assert "irrelevant" in res.output and "confidence" in res.output and "ms" in res.output
    res = runner.invoke(app, ["route", "hack steal payload victim", "--json"])
    out = json.loads(res.output)
    assert out["label"] == "unsafe" and set(out["scores"]) >= {"unsafe", "product"} and out["latency_ms"] > 0


def test_eval_router_text_and_json(trained, app):
    root, _ = trained
    f = root / "eval.jsonl"
    f.write_text("\n".join(json.dumps({**r, "id": i}) for i, r in enumerate(toy_rows(4, seed=5))))
    res = runner.invoke(app, ["eval-router", str(f)])
    assert res.exit_code == 0, res.output
    assert "accuracy" in res.output and "p95" in res.output and "instance" in res.output
    res = runner.invoke(app, ["eval-router", str(f), "--json"])
    rep = json.loads(res.output)
    assert rep["n"] == 20 and rep["accuracy"] >= 0.8
    assert set(rep["per_class"]) == {"unsafe", "irrelevant", "general", "product", "instance"}
    assert len(rep["confusion"]["matrix"]) == 5 and rep["latency_ms"]["p95"] >= rep["latency_ms"]["p50"]


def test_bad_input_gives_clear_messages(trained, app, tmp_path):
    res = runner.invoke(app, ["eval-router", str(tmp_path / "nope.jsonl")])
    assert res.exit_code == 1 and "no such file" in res.output and "Traceback" not in res.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "hi", "label": "weather"}\n')
    res = runner.invoke(app, ["eval-router", str(bad)])
    assert res.exit_code == 1 and "not one of" in res.output
    res = runner.invoke(app, ["route", "   "])
    assert res.exit_code == 1 and "empty question" in res.output
    res = runner.invoke(app, ["train-router", "--variant", "deep"])
    assert res.exit_code == 1 and "unknown variant" in res.output
    res = runner.invoke(app, ["route", "hello", "--variant", "hierarchical"])  # never trained here
    assert res.exit_code == 1 and "dbcopilot train-router --variant hierarchical" in res.output


def test_llm_variant_with_grounded_backend_says_what_to_configure(trained, app, monkeypatch):
    from agent.config import get_settings

    monkeypatch.setenv("DBCOPILOT_LLM_BACKEND", "grounded")
    get_settings.cache_clear()
    res = runner.invoke(app, ["route", "what is MVCC", "--variant", "llm"])
    get_settings.cache_clear()
    assert res.exit_code == 1 and "needs a generative LLM" in res.output and "Traceback" not in res.output

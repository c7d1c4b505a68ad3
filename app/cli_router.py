"""CLI for the router: train-router, route, eval-router."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import router
from agent.backends import LLMError, make_backend
from agent.config import get_settings
from router.data import DataError, load_jsonl
from router.evaluate import evaluate

# torch and the XLNet/MiniLM modules (router.classifier, router.model) load inside the commands
# that need them: seconds that `dbcopilot --help` does not pay.

console = Console()


def _settings(variant: str | None = None):
    s = get_settings()
    if variant:
        s = s.model_copy(update={"router_kind": variant})
    return s


def _fail(msg: str) -> None:
    console.print(f"[red]{escape(msg)}[/red]", soft_wrap=True, highlight=False)
    raise typer.Exit(1)


def _load(variant: str | None, threads: int = 1):
    import torch

    torch.set_num_threads(threads)  # 1: on a busy CPU two OpenMP threads spin-wait (p95 x20)

    s = _settings(variant)
    chat = None
    if s.router_kind == "llm":
        try:
            backend = make_backend(s)
        except LLMError as e:
            _fail(str(e))
        if not backend.generative:
            _fail("router_kind=llm needs a generative LLM: set DBCOPILOT_LLM_BACKEND=openai or llamacpp")
        chat = lambda messages: backend.chat(messages, temperature=0.0, max_tokens=32)  # noqa: E731
    try:
        return router.load_router(s, llm_chat=chat), s
    except router.RouterNotTrained as e:
        _fail(str(e))


def _report_table(rep: dict, title: str) -> None:
    t = Table(title=f"{title}: accuracy {rep['accuracy']:.3f}  macro-F1 {rep['macro_f1']:.3f}  (n={rep['n']})")
    for col in ("label", "precision", "recall", "f1", "support"):
        t.add_column(col, justify="right" if col != "label" else "left")
    for label, c in rep["per_class"].items():
        t.add_row(label, f"{c['precision']:.3f}", f"{c['recall']:.3f}", f"{c['f1']:.3f}", str(c["support"]))
    console.print(t)
    cm = rep["confusion"]
    m = Table(title="confusion (rows = true, columns = predicted)")
    m.add_column("")
    for l in cm["labels"]:
        m.add_column(l[:10], justify="right")
    for l, row in zip(cm["labels"], cm["matrix"]):
        m.add_row(l, *map(str, row))
    console.print(m)


def train_router_cmd(
    variant: str = typer.Option("hierarchical", "--variant", help="flat | hierarchical"),
    size: str = typer.Option("small", help="model size: tiny | small | medium"),
    epochs: int = typer.Option(4, min=1, help="training epochs"),
    out: Optional[Path] = typer.Option(None, help="model directory (default: <data_dir>/router/<variant>)"),
    data: Optional[Path] = typer.Option(None, help="corpus directory with train.jsonl and val.jsonl"),
    as_json: bool = typer.Option(False, "--json", help="print the metrics as JSON"),
    if_missing: bool = typer.Option(False, "--if-missing", help="do nothing when a trained model is already there"),
) -> None:
    """Train the XLNet question router from scratch (tokenizer included) and print validation figures."""
    from router.model import SIZES

    if variant not in router.VARIANTS:
        _fail(f"unknown variant {variant!r}; choose one of {', '.join(router.VARIANTS)}")
    if size not in SIZES:
        _fail(f"unknown size {size!r}; choose one of {', '.join(SIZES)}")
    s = _settings(variant)
    out = out or s.data_dir / "router" / variant
    if if_missing:
        from router.classifier import is_trained

        if is_trained(out):
            console.print(f"router model already trained in {out} (delete it to retrain)", soft_wrap=True)
            return
    console.print(f"training the {variant} router ({size}, {epochs} epochs) -> {out}")
    try:
        metrics = router.train(variant, out, data, progress=True, size=size, epochs=epochs)
    except DataError as e:
        _fail(f"bad training data: {e}")
    if as_json:
        print(json.dumps(metrics))
        return
    console.print(f"trained in {metrics['train_seconds']} s wall ({metrics['train_cpu_seconds']} s CPU)")
    _report_table(metrics["val"], "validation")


def route_cmd(
    question: str = typer.Argument(..., help="the question to route"),
    variant: Optional[str] = typer.Option(None, "--variant", help="flat | hierarchical | llm (default: settings)"),
    as_json: bool = typer.Option(False, "--json"),
    threads: int = typer.Option(1, min=1, help="torch threads for inference (1 is fastest on a shared CPU)"),
) -> None:
    """Route one question: label, confidence, latency."""
    if not question.strip():
        _fail("empty question: nothing to route")
    r, _ = _load(variant, threads)
    r.route(question)  # first call pays one-off setup; report the steady latency
    d = r.route(question)
    if as_json:
        print(json.dumps({"label": d.label, "confidence": round(d.confidence, 4), "latency_ms": round(d.latency_ms, 2),
                          "low_confidence": d.low_confidence, "top2": d.top2(), "scores": d.scores}))
        return
    console.print(f"[bold]{d.label}[/bold]  confidence {d.confidence:.2f}  latency {d.latency_ms:.1f} ms")
    if d.low_confidence:
        (a, pa), (b, pb) = d.top2()
        console.print(f"[yellow]low confidence: {a} ({pa:.2f}) or {b} ({pb:.2f})?[/yellow]")


def eval_router_cmd(
    file: Path = typer.Argument(..., help='JSONL with {"text", "label"} per line (other fields ignored)'),
    variant: Optional[str] = typer.Option(None, "--variant", help="flat | hierarchical | llm (default: settings)"),
    as_json: bool = typer.Option(False, "--json", help="print the report as JSON"),
    show_errors: int = typer.Option(10, help="how many misrouted questions to list"),
    threads: int = typer.Option(1, min=1, help="torch threads for inference (1 is fastest on a shared CPU)"),
) -> None:
    """Accuracy, per-class precision/recall/F1, confusion matrix and p50/p95 latency on a labelled JSONL file."""
    try:
        rows = load_jsonl(file)
    except DataError as e:
        _fail(str(e))
    r, _ = _load(variant, threads)
    if rows:
        r.route(rows[0]["text"])  # warm-up, not timed
    rep = evaluate(r, rows, progress=not as_json)
    if as_json:
        print(json.dumps(rep))
        return
    _report_table(rep, str(file))
    lat = rep["latency_ms"]
    console.print(f"latency per question: p50 {lat['p50']} ms  p95 {lat['p95']} ms")
    for e in rep["errors"][:show_errors]:
        console.print(f"  [dim]{e['label']} -> {e['predicted']} ({e['confidence']:.2f})[/dim] {e['text'][:100]}")


def register(cli: typer.Typer) -> None:
    cli.command("train-router")(train_router_cmd)
    cli.command("route")(route_cmd)
    cli.command("eval-router")(eval_router_cmd)

"""`dbcopilot ask` (the question pipeline from the shell) and `dbcopilot run` (the web app)."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel

from agent.config import get_settings
from agent.events import Answer, Error, Handler, Passages, Route, Suggestion, Thought, ToolCall, handle
from router.labels import ROUTE_CHOICES

console = Console()


class _Collector(Handler):
    """The event stream as one machine-readable object (``dbcopilot ask --json``)."""

    def __init__(self) -> None:
        self.out: dict = {"route": None, "confidence": None, "route_source": None, "passages": [], "tool_calls": [],
                          "suggestions": [], "answer": "", "errors": []}

    def on_route(self, ev: Route) -> None:
        self.out.update(route=ev.label, confidence=ev.confidence, route_source=ev.source)

    def on_passages(self, ev: Passages) -> None:
        self.out["passages"].extend(ev.passages)

    def on_tool_call(self, ev: ToolCall) -> None:
        self.out["tool_calls"].append(ev.data)

    def on_suggestion(self, ev: Suggestion) -> None:
        self.out["suggestions"].append(ev.data)

    def on_answer(self, ev: Answer) -> None:
        self.out["answer"] = ev.text

    def on_error(self, ev: Error) -> None:
        self.out["errors"].append(ev.message)


def collect(events) -> dict:
    """One machine-readable object from the event stream."""
    collector = _Collector()
    for ev in events:
        handle(ev, collector)
    return collector.out


class _Trace(Handler):
    """The event stream printed as it comes (``dbcopilot ask``)."""

    def __init__(self) -> None:
        self.failed = False

    def on_route(self, ev: Route) -> None:
        conf = f" {ev.confidence:.2f}" if ev.source != "user" else ""
        console.print(f"[bold cyan]route[/] {ev.label}{conf} ({ev.source})")
        if ev.alternatives:
            console.print(f"  [yellow]low confidence; could also be: {', '.join(map(str, ev.alternatives))}[/]")

    def on_passages(self, ev: Passages) -> None:
        for p in ev.passages:
            console.print(f"[dim]passage[/] {p['link']} ({p['score']:.3f}) {p.get('section', '')}")

    def on_thought(self, ev: Thought) -> None:
        console.print(f"[magenta]thought[/] {ev.text}")

    def on_tool_call(self, ev: ToolCall) -> None:
        status = "ok" if ev.ok else "error"
        console.print(Panel(str(ev.output), title=f"{ev.tool}({ev.input}) {status} {ev.duration_ms or 0:.0f} ms",
                            expand=False))

    def on_suggestion(self, ev: Suggestion) -> None:
        console.print(f"[yellow]suggestion (not run; confirm in the app):[/] {ev.sql}  -- {ev.reason}")

    def on_answer(self, ev: Answer) -> None:
        console.print(Markdown(ev.text))

    def on_error(self, ev: Error) -> None:
        self.failed = True
        console.print(f"[bold red]error:[/] {ev.message}")


def register(cli: typer.Typer) -> None:
    @cli.command("ask")
    def ask(
        question: str = typer.Argument(..., help="the question"),
        route: str = typer.Option(None, "--route", "-r", help=", ".join(ROUTE_CHOICES)),
        as_json: bool = typer.Option(False, "--json", help="print one JSON object instead of the trace"),
    ) -> None:
        """Ask one question through the same pipeline as the web app."""
        from agent.pipeline import Pipeline

        pipeline = Pipeline(get_settings())
        events = pipeline.ask(question, route=route)
        if as_json:
            result = collect(events)
            print(json.dumps(result, ensure_ascii=False, indent=2, default=str))
            raise typer.Exit(1 if result["errors"] and not result["answer"] else 0)
        trace = _Trace()
        for ev in events:
            handle(ev, trace)
        raise typer.Exit(1 if trace.failed else 0)

    @cli.command("prepare")
    def prepare(
        skip_router: bool = typer.Option(False, help="do not train the router model"),
        skip_index: bool = typer.Option(False, help="do not build the manual index"),
        status_file: str = typer.Option("", help="write each step's progress to this JSON file (the app's sidebar "
                                                  "reads <data_dir>/prepare/status.json)"),
    ) -> None:
        """Make everything the app needs, each only when missing, in the order the routes become usable: the
        sandbox database (when no DSN is configured), a quick router (seconds), the manual's keyword index,
        the manual and general dense index, the full router."""
        import time

        import router
        from app.preparation import Status
        from rag import ensure_index
        from router.quick import quick_path
        from toolkits.postgres.sandbox import Sandbox, SandboxError

        import threading

        settings = get_settings()
        status = Status(Path(status_file) if status_file else None)
        failed: list[str] = []

        def database() -> None:  # mostly waiting on initdb and the demo load: runs beside the quick router
            t = time.perf_counter()
            status.set("database", "running", "starting the sandbox PostgreSQL (the first start loads the demo shop)")
            try:
                db = Sandbox(settings.sandbox_dir).start(load_demo=True)
            except SandboxError as exc:
                console.print(f"[bold red]sandbox PostgreSQL failed:[/] {exc}")
                status.set("database", "failed", str(exc)[:300])
                failed.append("database")
                return
            console.print(f"database: {db.describe()} [{time.perf_counter() - t:.1f} s]")
            status.set("database", "done", db.describe())

        db_thread = None
        if settings.dsn:
            console.print("database: using DBCOPILOT_DSN")
            status.set("database", "skipped", "DBCOPILOT_DSN is set")
        else:
            db_thread = threading.Thread(target=database, name="sandbox", daemon=True)
            db_thread.start()
        trained = settings.router_kind == "llm" or skip_router
        present = None  # the trained router on disk, loaded once
        if not trained:
            try:
                present = router.load_router(settings)
                trained = True
            except router.RouterNotTrained:
                pass
        if trained:
            why = "the configured LLM routes questions" if settings.router_kind == "llm" else (
                "not asked for" if skip_router else f"model present at {settings.router_dir}")
            console.print(f"router: {why}")
            if present is not None:
                _export_router(settings, present)
            status.set("router_quick", "skipped", why)
            status.set("router", "done" if present is not None else "skipped", why)
        elif quick_path(settings).is_file():
            status.set("router_quick", "done", "present")
        else:
            from router import quick

            status.set("router_quick", "running", "TF-IDF + logistic regression")
            metrics = quick.train(quick_path(settings))
            console.print(f"router: quick model trained in {metrics['train_seconds']} s "
                          f"(val accuracy {metrics['val_accuracy']})")
            status.set("router_quick", "done", f"val accuracy {metrics['val_accuracy']}")
        training = None  # the full router trains in a child process, beside the index (one core each)
        if not trained:
            from app.preparation import RouterTraining

            console.print(f"router: no model at {settings.router_dir}; training the {settings.router_kind} variant "
                          "beside the index")
            status.set("router", "running", f"training the {settings.router_kind} variant (minutes)")
            training, t_router = RouterTraining(settings), time.perf_counter()
        try:
            if skip_index:
                status.set("keywords", "skipped", "not asked for")
                status.set("index", "skipped", "not asked for")
            else:
                from rag.ingest import console_progress

                bar = console_progress()

                def tick(stage: str, done: int, total: int) -> None:
                    bar(stage, done, total)
                    keywords = status.data["steps"]["keywords"]["state"] != "done"  # the manual's, read first
                    if stage == "read" and keywords:
                        status.set("keywords", "running", "reading the manual", done, total)
                    elif stage == "embed":
                        if keywords:
                            status.set("keywords", "done", "keyword search works")
                        status.set("index", "running", "embedding", done, total)
                    elif stage == "store":
                        status.set("index", "running", "storing", done, total)

                try:
                    ensure_index(settings, progress=tick)
                except Exception as exc:  # noqa: BLE001 - say which step failed; the others still run
                    console.print(f"[bold red]knowledge index failed:[/] {exc}")
                    status.set("keywords", "failed", str(exc)[:300])
                    status.set("index", "failed", str(exc)[:300])
                    failed.append("index")
                else:
                    from rag.embeddings import accelerate

                    accelerate(settings)  # a verified ONNX export of the encoder: the app answers without torch
                    console.print("knowledge: manual and general index ready")
                    try:  # the router's second look at off-topic questions (agent/harm_exemplars.py), encoded once
                        from agent.harm_exemplars import exemplars
                        from toolkits.encoder import free_cores

                        exemplars(settings, threads=free_cores())
                    except Exception as exc:  # noqa: BLE001 - built on the first off-topic question instead
                        console.print(f"[yellow]harm exemplars not prepared:[/] {exc}")
                    for step in ("keywords", "index"):
                        if status.data["steps"][step]["state"] != "done":
                            status.set(step, "done", "ready")
        except BaseException:  # interrupted: the router training child must not live on
            if training is not None:
                training.stop()
            raise
        if training is not None:
            code = training.wait()
            took = time.perf_counter() - t_router
            if code == 0:
                console.print(f"router: trained in {took:.0f} s (log {training.log})")
                status.set("router", "done", f"trained in {took:.0f} s")
            else:
                why = training.last_lines()
                console.print(f"[bold red]router training failed[/] (exit {code}; log {training.log}): {why}")
                status.set("router", "failed", f"exit {code}: {why}"[:300])
                failed.append("router")
        if db_thread is not None:
            db_thread.join()
        status.finish()
        if failed:
            raise typer.Exit(1)

    @cli.command("run")
    def run(port: int = typer.Option(8501, help="port for the web app")) -> None:
        """Start the web app (Streamlit) on localhost."""
        from app.preparation import log_path, start_background

        script = Path(__file__).resolve().parent / "streamlit_app.py"
        cmd = [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
               "--server.headless", "true", "--browser.gatherUsageStats", "false"]
        settings = get_settings()
        prep = start_background(settings)  # the page opens now; what is missing is prepared beside it
        if prep is not None:
            console.print(f"preparing in the background (progress in the sidebar; log {log_path(settings)})")
        try:
            code = run_child(cmd)
        finally:
            if prep is not None and prep.poll() is None:  # the app stopped: stop preparing (it resumes next time)
                prep.terminate()
                try:
                    prep.wait(10)
                except subprocess.TimeoutExpired:
                    prep.kill()
        raise typer.Exit(code)


def _export_router(settings, loaded) -> None:
    """A router trained before its ONNX export existed gets one now (the app then answers without torch);
    ``loaded`` is the router load_router gave, on torch when there was no verified export."""
    from router import onnx_heads
    from router.data import load_split

    if onnx_heads.verified(settings.router_dir):
        return
    try:
        texts = [r["text"] for r in load_split("val")]
    except (OSError, ValueError) as exc:
        console.print(f"router: no ONNX export ({exc})")
        return
    figures = onnx_heads.export(loaded, settings.router_dir, texts)
    console.print(f"router: ONNX export {'failed: ' + figures['error'] if 'error' in figures else 'verified'}")


def run_child(cmd: list[str]) -> int:
    """Run ``cmd``, forwarding SIGINT, SIGTERM and SIGHUP to it (a second one kills it), and return its
    exit status (128 + N when signal N ended it), so stopping the parent never leaves the child running."""
    child: list[subprocess.Popen] = []
    received: list[int] = []

    def forward(signum, _frame):
        received.append(signum)
        if child and child[0].poll() is None:
            child[0].send_signal(signum if len(received) == 1 else signal.SIGKILL)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        child.append(subprocess.Popen(cmd))
        if received:  # a signal came while it was starting
            child[0].send_signal(received[0])
        code = child[0].wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 128 - code if code < 0 else code

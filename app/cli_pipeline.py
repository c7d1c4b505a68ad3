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

console = Console()


def collect(events) -> dict:
    """One machine-readable object from the event stream."""
    out = {"route": None, "confidence": None, "route_source": None, "passages": [], "tool_calls": [],
           "suggestions": [], "answer": "", "errors": []}
    for ev in events:
        if ev.kind == "route":
            out.update(route=ev.data["label"], confidence=ev.data["confidence"], route_source=ev.data["source"])
        elif ev.kind == "passages":
            out["passages"].extend(ev.data["passages"])
        elif ev.kind == "tool_call":
            out["tool_calls"].append(ev.data)
        elif ev.kind == "suggestion":
            out["suggestions"].append(ev.data)
        elif ev.kind == "answer":
            out["answer"] = ev.data["text"]
        elif ev.kind == "error":
            out["errors"].append(ev.data["message"])
    return out


def register(cli: typer.Typer) -> None:
    @cli.command("ask")
    def ask(
        question: str = typer.Argument(..., help="the question"),
        route: str = typer.Option(None, "--route", "-r", help="auto, general, product, instance, unsafe, irrelevant"),
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
        failed = False
        for ev in events:
            d = ev.data
            if ev.kind == "route":
                conf = f" {d['confidence']:.2f}" if d["source"] != "user" else ""
                console.print(f"[bold cyan]route[/] {d['label']}{conf} ({d['source']})")
                if d.get("alternatives"):
                    console.print(f"  [yellow]low confidence; could also be: {', '.join(d['alternatives'])}[/]")
            elif ev.kind == "passages":
                for p in d["passages"]:
                    console.print(f"[dim]passage[/] {p['link']} ({p['score']:.3f}) {p.get('section', '')}")
            elif ev.kind == "thought":
                console.print(f"[magenta]thought[/] {d['text']}")
            elif ev.kind == "tool_call":
                status = "ok" if d.get("ok") else "error"
                console.print(Panel(str(d.get("output", "")), title=f"{d['tool']}({d.get('input', '')}) {status} "
                                    f"{d.get('duration_ms', 0):.0f} ms", expand=False))
            elif ev.kind == "suggestion":
                console.print(f"[yellow]suggestion (not run; confirm in the app):[/] {d['sql']}  -- {d.get('reason', '')}")
            elif ev.kind == "answer":
                console.print(Markdown(d["text"]))
            elif ev.kind == "error":
                failed = True
                console.print(f"[bold red]error:[/] {d['message']}")
        raise typer.Exit(1 if failed else 0)

    @cli.command("prepare")
    def prepare(
        skip_router: bool = typer.Option(False, help="do not train the router model"),
        skip_index: bool = typer.Option(False, help="do not build the manual index"),
    ) -> None:
        """Make everything the app needs, each only when missing: the sandbox database (when no DSN is
        configured), the router model, the manual and general knowledge index."""
        import time

        import router
        from rag import ensure_index
        from toolkits.postgres.sandbox import Sandbox, SandboxError

        settings = get_settings()
        if settings.dsn:
            console.print("database: using DBCOPILOT_DSN")
        else:
            t = time.perf_counter()
            try:
                with console.status("sandbox PostgreSQL: starting (the first start loads the demo shop, ~30 s)..."):
                    status = Sandbox(settings.sandbox_dir).start(load_demo=True)
            except SandboxError as exc:
                console.print(f"[bold red]sandbox PostgreSQL failed:[/] {exc}")
                raise typer.Exit(1)
            console.print(f"database: {status.describe()} [{time.perf_counter() - t:.1f} s]")
        if settings.router_kind == "llm":
            console.print("router: the configured LLM routes questions (router_kind=llm); nothing to train")
        elif not skip_router:
            try:
                router.load_router(settings)
                console.print(f"router: model present at {settings.router_dir}")
            except router.RouterNotTrained:
                console.print(f"router: no model at {settings.router_dir}; training the {settings.router_kind} variant")
                t = time.perf_counter()
                router.train(settings.router_kind, settings.router_dir)
                console.print(f"router: trained in {time.perf_counter() - t:.0f} s")
        if not skip_index:
            ensure_index(settings, progress=True)
            console.print("knowledge: manual and general index ready")

    @cli.command("run")
    def run(port: int = typer.Option(8501, help="port for the web app")) -> None:
        """Start the web app (Streamlit) on localhost."""
        script = Path(__file__).resolve().parent / "streamlit_app.py"
        cmd = [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
               "--server.headless", "true", "--browser.gatherUsageStats", "false"]
        raise typer.Exit(run_child(cmd))


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

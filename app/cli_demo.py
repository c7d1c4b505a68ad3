"""`dbcopilot demo-db start|stop|status|reset`: the sandbox PostgreSQL with the demo shop."""
from __future__ import annotations

import typer
from rich.console import Console

from agent.config import get_settings
from toolkits.postgres.sandbox import Sandbox, SandboxError

console = Console()


def register(cli: typer.Typer) -> None:
    @cli.command("demo-db")
    def demo_db(action: str = typer.Argument("status", help="start | stop | status | reset")) -> None:
        """Manage the sandbox PostgreSQL 15 cluster and its demo database."""
        sandbox = Sandbox(get_settings().sandbox_dir)
        try:
            if action == "start":
                with console.status("starting the sandbox (first start loads the demo data, ~30 s)..."):
                    status = sandbox.start(load_demo=True)
            elif action == "stop":
                status = sandbox.stop()
            elif action == "reset":
                with console.status("reloading the demo database..."):
                    sandbox.start(load_demo=False)
                    sandbox.load_demo(reset=True)
                    status = sandbox.status()
            elif action == "status":
                status = sandbox.status()
            else:
                console.print(f"[red]unknown action {action!r}[/]: use start, stop, status or reset")
                raise typer.Exit(2)
        except SandboxError as exc:
            console.print(f"[bold red]error:[/] {exc}")
            raise typer.Exit(1)
        console.print(status.describe())

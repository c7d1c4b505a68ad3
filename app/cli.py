"""The `dbcopilot` command line. Thin: parses arguments, calls agent/router/rag/toolkits, prints.

Feature commands live beside this file and register themselves:
  app/cli_router.py  train-router, route, eval-router
  app/cli_rag.py     ingest, search, eval-rag
  app/cli_tools.py   tools
  app/cli_react.py   eval-tools
  app/cli_demo.py    demo-db
  app/cli_pipeline.py ask, run
  app/cli_mcp.py     mcp (the read-only tools as an MCP server)
  app/cli_diagnosis.py monitor, diagnose, inject (the anomaly lab), eval-diagnosis
  app/cli_k8s.py     k8s-rca, eval-k8s, k8s-gen, k8s-bundle (databases on Kubernetes)
"""
from __future__ import annotations

import json
import os
import sys

import typer
from rich.console import Console

from agent.config import SettingsError, get_settings
from toolkits.secrets import scrub_logs

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

cli = typer.Typer(help="dbcopilot: a chat copilot for people who run databases.", no_args_is_help=True)
console = Console()


@cli.command("config")
def config_cmd() -> None:
    """Print the effective settings (secrets masked)."""
    console.print_json(json.dumps(get_settings().masked()))


def _register_features() -> None:
    from app import (cli_demo, cli_diagnosis, cli_k8s, cli_mcp, cli_pipeline, cli_rag, cli_react, cli_router,
                     cli_tools)

    for mod in (cli_pipeline, cli_demo, cli_router, cli_rag, cli_tools, cli_react, cli_mcp, cli_diagnosis, cli_k8s):
        mod.register(cli)


_register_features()


def main() -> None:
    """Run the CLI; an invalid setting (any command) is one line on stderr and exit status 2."""
    scrub_logs()
    try:
        cli()
    except SettingsError as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    sys.exit(main())

"""`dbcopilot eval-tools FILE`: tool selection accuracy of the instance loop; see app/cli.py."""
from __future__ import annotations

import json

import typer
from rich.console import Console

from agent.backends import LLMError, make_backend
from agent.config import get_settings
from agent.instance import answer_instance, make_context
from evaluation import tsa


def register(cli: typer.Typer) -> None:
    @cli.command("eval-tools")
    def eval_tools_cmd(
        file: str = typer.Argument(..., help='JSONL lines {"question": str, "tools": [expected tool names in order]}'),
        as_json: bool = typer.Option(False, "--json", help="print the full result as JSON"),
        dsn: str = typer.Option("", "--dsn", help="database to run against (default: DBCOPILOT_DSN or the sandbox)"),
        limit: int = typer.Option(0, "--limit", help="only the first N questions (0 = all)"),
    ) -> None:
        """Compute TSA (expected tools chosen in order), the valid-input rate and latencies."""
        settings = get_settings()
        if dsn:
            settings = settings.model_copy(update={"dsn": dsn})
        try:
            questions = tsa.load_questions(file)
        except ValueError as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(2)
        if limit > 0:
            questions = questions[:limit]
        try:
            backend = make_backend(settings)
        except LLMError as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(2)
        ctx, why = make_context(settings)
        if ctx is None:
            typer.echo(f"error: {why}", err=True)
            raise typer.Exit(2)
        console = Console(stderr=True)

        def progress(i: int, n: int, item: tsa.Item) -> None:
            if not as_json:
                mark = "ok " if item.tsa == 1.0 else f"{item.tsa:.2f}"
                console.print(f"[{i}/{n}] {mark} {item.question[:70]}  → {', '.join(item.chosen) or '-'}",
                              highlight=False, markup=False)

        result = tsa.evaluate(questions, lambda q: answer_instance(q, [], settings, backend, ctx=ctx), progress)
        result["policy"] = "llm" if getattr(backend, "generative", False) else "planner"
        result["backend"] = getattr(backend, "name", "grounded")
        if as_json:
            typer.echo(json.dumps(result, indent=2, ensure_ascii=False, default=str))
            return
        out = Console()
        out.print(f"questions {result['questions']}  policy {result['policy']}  TSA {result['tsa']:.3f}  "
                  f"exact {result['exact']:.3f}  valid inputs {result['valid_input_rate']:.3f}  "
                  f"latency p50 {result['latency_ms']['p50']} ms  p95 {result['latency_ms']['p95']} ms",
                  highlight=False)
        for name, v in result["tool_latency_ms"].items():
            out.print(f"  {name:<20} n={v['n']:<4} p50 {v['p50']} ms  p95 {v['p95']} ms", highlight=False)
        if result["misses"]:
            out.print("misses:", highlight=False)
            for m in result["misses"]:
                out.print(f"  {m['question']!r}: expected {m['expected']}, chosen {m['chosen']}"
                          + (f" ({m['error']})" if m.get("error") else ""), highlight=False, markup=False)

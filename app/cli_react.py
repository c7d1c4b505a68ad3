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

    @cli.command("eval-unseen")
    def eval_unseen_cmd(
        folders: list[str] = typer.Argument(None, help="corpora/unseen/<name> folders (default: all of them)"),
        dsn: str = typer.Option("", "--dsn", help="a server to create the databases on (default: DBCOPILOT_DSN or the sandbox)"),
        reload: bool = typer.Option(False, "--reload", help="drop and load each database again"),
        as_json: bool = typer.Option(False, "--json", help="print the full result as JSON"),
    ) -> None:
        """Answer accuracy on schemas the planner was not written for: each folder's schema is loaded into its
        own database (unseen_<name>), every question answered as the app would, and scored against its truth SQL."""
        from pathlib import Path

        from evaluation import unseen
        from toolkits.postgres.connection import close_all

        paths = [Path(f) for f in folders] if folders else sorted(
            p for p in (Path(__file__).resolve().parents[1] / "corpora" / "unseen").iterdir() if p.is_dir())
        for folder in paths:  # a bad folder is said before any database is touched
            missing = [n for n in ("schema.sql", "questions.jsonl") if not (folder / n).is_file()]
            try:
                if missing:
                    raise ValueError(f"{folder}: no {' and no '.join(missing)} (see corpora/unseen/*/README.md)")
                unseen.load_questions(folder)
            except (ValueError, UnicodeDecodeError) as e:
                typer.echo(f"error: {e}", err=True)
                raise typer.Exit(2)
        settings = get_settings()
        if dsn:
            settings = settings.model_copy(update={"dsn": dsn})
        admin, why = make_context(settings)
        if admin is None:
            typer.echo(f"error: {why}", err=True)
            raise typer.Exit(2)
        backend = make_backend(settings)
        console, results = Console(stderr=True), []
        for folder in paths:
            db_dsn, secs = unseen.load_schema(folder, admin.dsn, f"unseen_{folder.name}", reload)
            run_settings = settings.model_copy(update={"dsn": db_dsn})
            ctx, why = make_context(run_settings)
            if ctx is None:
                typer.echo(f"error: {why}", err=True)
                raise typer.Exit(2)

            def progress(i: int, n: int, item: "unseen.Scored") -> None:
                if not as_json:
                    console.print(f"[{folder.name} {i}/{n}] {'ok  ' if item.right else 'MISS'} {item.question[:70]}"
                                  + ("" if item.right else f"  ({item.why[:90]})"), highlight=False, markup=False)

            result = unseen.evaluate(folder, db_dsn, lambda q: answer_instance(q, [], run_settings, backend, ctx=ctx),
                                     progress)
            result["load_s"] = secs
            results.append(result)
            close_all()  # this database's pooled connections: thirty-odd databases would hold a server's 100 slots
        total = sum(r["questions"] for r in results)
        summary = {"questions": total, "right": sum(r["right"] for r in results),
                   "accuracy": round(sum(r["right"] for r in results) / total, 3) if total else 0.0,
                   "schemas": results}
        if as_json:
            typer.echo(json.dumps(summary, indent=2, ensure_ascii=False, default=str))
            return
        for r in results:
            Console().print(f"{r['schema']:<12} {r['right']}/{r['questions']} = {r['accuracy']:.3f}  by kind {r['by_kind']}  "
                            f"p95 {r['latency_ms_p95']} ms  (loaded in {r['load_s']} s)", highlight=False)
        Console().print(f"all          {summary['right']}/{total} = {summary['accuracy']:.3f}", highlight=False)

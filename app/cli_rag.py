"""CLI for retrieval: ingest, search, eval-rag (see app/cli.py)."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape

from agent.config import get_settings
from evaluation.rag_eval import EvalFileError, evaluate, load_questions

# rag is imported inside the commands: it loads bs4 and LangChain's text splitters (~0.4 s),
# which `dbcopilot --help` and the other commands do not need.


def _settings():
    return get_settings()


def _console():
    return Console(soft_wrap=True)


def _fail(message: str) -> None:
    _console().print(f"[red]{escape(message)}[/red]", highlight=False)
    raise typer.Exit(1)


def _progress_bar():
    """A rich progress display fed by the ingest callback (stage, done, total)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(TextColumn("{task.description:>6}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    tasks: dict[str, int] = {}

    def tick(stage: str, done: int, total: int) -> None:
        if stage not in tasks:
            tasks[stage] = progress.add_task(stage, total=total)
        progress.update(tasks[stage], completed=done, total=total)

    return progress, tick


def ingest(
    paths: list[Path] = typer.Argument(None, help="files or folders (HTML, Markdown, text, PDF); none = the manual + general notes"),
    kb: str = typer.Option("", "--kb", help="knowledge base (Chroma collection); default 'manual' for the manual, 'docs' for files"),
    force: bool = typer.Option(False, "--force", help="re-index files even when unchanged"),
) -> None:
    """Index documents into a knowledge base (unchanged files are skipped, changed files replaced)."""
    from rag.ingest import general_paths, ingest_paths, manual_paths
    from rag.loaders import LoaderError
    from rag.store import KnowledgeBaseError

    settings = _settings()
    console = _console()
    if paths:
        jobs = [(kb or "docs", list(paths))]
    else:
        if not Path(settings.manual_dir).is_dir():
            _fail(f"The PostgreSQL manual is not installed at {settings.manual_dir} "
                  "(Debian package postgresql-doc-15, or set DBCOPILOT_MANUAL_DIR).")
        if not kb:
            jobs = [("manual", manual_paths(settings)), ("general", general_paths(settings))]
        elif kb in ("manual", "general"):
            jobs = [(kb, manual_paths(settings) if kb == "manual" else general_paths(settings))]
        else:
            _fail(f"Name the files or folders to add to '{kb}': dbcopilot ingest --kb {kb} PATH...")
    total_chunks = 0
    start = time.perf_counter()
    for name, files in jobs:
        progress, tick = _progress_bar()
        try:
            with progress:
                report = ingest_paths(settings, name, files, tick, force=force)
        except (KnowledgeBaseError, LoaderError) as exc:
            _fail(str(exc))
        total_chunks += report.chunks
        console.print(
            f"[bold]{name}[/bold]: {report.files} file(s) indexed, {report.unchanged} unchanged, "
            f"{report.chunks} chunks in {report.seconds:.1f}s"
        )
        for err in report.errors:
            console.print(f"  [yellow]skipped[/yellow] {escape(err)}", highlight=False)
        if report.files == 0 and report.unchanged == 0:
            _fail(f"Nothing was indexed into '{name}'.")
    console.print(f"done: {total_chunks} chunks in {time.perf_counter() - start:.1f}s")


def search(
    query: str = typer.Argument(..., help="a question or keywords"),
    kb: str = typer.Option("manual", "--kb", help="knowledge base to search"),
    k: int = typer.Option(0, "-k", help="number of passages (default: settings.top_k)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
    answer: bool = typer.Option(False, "--answer", help="print the grounded answer as well"),
) -> None:
    """Hybrid search (dense + BM25) of a knowledge base; prints passages with scores."""
    from rag import EmptyKnowledgeBase, KnowledgeBaseError, grounded_answer, open_retriever

    console = _console()
    try:
        passages = open_retriever(_settings()).search(query, kb=kb, k=k or None)
    except (EmptyKnowledgeBase, KnowledgeBaseError) as exc:
        _fail(str(exc))
    if as_json:
        print(json.dumps([p.to_dict() for p in passages], indent=2))
        return
    if not passages:
        console.print("No passage passed the similarity threshold: the knowledge base has nothing relevant.")
    for i, p in enumerate(passages, 1):
        d = p.details
        console.print(
            f"[bold]{i}. {p.link}[/bold]  {p.title} — {p.section}\n"
            f"   cosine={d.get('cosine')} bm25={d.get('bm25')} rrf={d.get('rrf')} "
            f"(dense rank {d.get('dense_rank')}, bm25 rank {d.get('bm25_rank')})",
            highlight=False,
        )
        console.print("   " + p.text[:300].replace("\n", " ") + ("…" if len(p.text) > 300 else ""), highlight=False)
    if answer:
        console.print()
        console.print(grounded_answer(query, passages), highlight=False)


def eval_rag(
    file: Path = typer.Argument(..., help="JSONL with {\"question\", \"pages\": [...]} per line"),
    kb: str = typer.Option("manual", "--kb"),
    split: Optional[str] = typer.Option(None, "--split", help="only rows with this \"split\" field (e.g. dev, holdout)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
    show_misses: bool = typer.Option(False, "--misses", help="list questions without a hit in the top 3"),
) -> None:
    """Page-hit@1/3/5, MRR and latency p50/p95 of retrieval on a question set."""
    from rag import EmptyKnowledgeBase, KnowledgeBaseError, open_retriever

    try:
        items = load_questions(file, split)
        retriever = open_retriever(_settings())
        result = evaluate(retriever, items, kb=kb)
    except (EvalFileError, EmptyKnowledgeBase, KnowledgeBaseError) as exc:
        _fail(str(exc))
    misses = result.pop("misses")
    if show_misses:
        result["misses"] = misses
    if as_json:
        print(json.dumps(result, indent=2))
        return
    console = _console()
    for key, value in result.items():
        if key != "misses":
            console.print(f"{key:>15}: {value}")
    for m in misses if show_misses else []:
        console.print(f"miss: {m['question']}  expected {m['expected']}  got {m['got']}", highlight=False)


def register(cli: typer.Typer) -> None:
    cli.command("ingest")(ingest)
    cli.command("search")(search)
    cli.command("eval-rag")(eval_rag)

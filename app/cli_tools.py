"""`dbcopilot tools` (list specs), `dbcopilot tool` (run one tool), `dbcopilot apply` (a confirmed change),
`dbcopilot db-check` and `dbcopilot make-role` (a read-only role); see app/cli.py."""
from __future__ import annotations

import json
from dataclasses import asdict
import sys

import typer

from agent.config import get_settings
from agent.plugins import get_toolkit
from agent.render import markdown
from toolkits.base import ToolkitUnavailable


def _settings(dsn: str):
    """The settings, with --dsn in place of DBCOPILOT_DSN when given."""
    settings = get_settings()
    return settings.model_copy(update={"dsn": dsn}) if dsn else settings


def _ctx(dsn: str):
    """The toolkit's context for --dsn or the settings (empty: the sandbox demo database, started when needed)."""
    settings = _settings(dsn)
    try:
        return get_toolkit(settings).context(settings)
    except ToolkitUnavailable as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1) from None


def register(cli: typer.Typer) -> None:
    @cli.command("tools")
    def tools_cmd(
        as_json: bool = typer.Option(False, "--json", help="print the specs as JSON"),
        category: str = typer.Option("", "--category", "-c", help="only this category"),
        match: str = typer.Option("", "--match", "-m", help="rank tools by similarity to this question (MiniLM)"),
        k: int = typer.Option(6, "--k", help="how many tools --match shows"),
    ) -> None:
        """List the PostgreSQL tools: name, category, description, input format, examples."""
        from rich.console import Console
        from rich.table import Table

        from toolkits.base import CATEGORIES

        reg = get_toolkit(get_settings()).registry()
        if category and category not in CATEGORIES:
            typer.echo(f"unknown category {category!r}; choose one of {', '.join(CATEGORIES)}", err=True)
            raise typer.Exit(2)
        if match:
            scored = [(t, s) for t, s in reg.match_scores(match) if not category or t.spec.category == category][:k]
        else:
            scored = [(t, None) for t in reg.all() if not category or t.spec.category == category]
        if as_json:
            out = []
            for t, s in scored:
                d = t.spec.to_dict()
                if s is not None:
                    d["score"] = round(float(s), 4)
                out.append(d)
            typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
            return
        table = Table(title=f"{len(scored)} tool(s)" + (f" for {match!r}" if match else ""), show_lines=True)
        for col in ("name", "category", "description", "input", "examples") + (("score",) if match else ()):
            table.add_column(col, overflow="fold")
        for t, s in scored:
            sp = t.spec
            row = [sp.name + (" (writes)" if sp.writes else ""), sp.category, sp.description,
                   f"{sp.input_content}\n[{sp.input_format}]", "\n".join(repr(e) for e in sp.examples)]
            if match:
                row.append(f"{s:.3f}")
            table.add_row(*row)
        Console().print(table)

    @cli.command("tool")
    def tool_cmd(
        name: str = typer.Argument(..., help="tool name (fuzzy: list-tables, ListTables ...)"),
        tool_input: str = typer.Argument("", help="the tool input: plain text, SQL or JSON; - reads it from stdin"),
        dsn: str = typer.Option("", "--dsn", help="libpq DSN; default DBCOPILOT_DSN or the sandbox demo database"),
        as_json: bool = typer.Option(False, "--json", help="print the whole ToolResult as JSON"),
    ) -> None:
        """Run one read-only tool and print its Markdown output (and the changes it suggests)."""
        reg = get_toolkit(get_settings()).registry()
        if reg.resolve(name) is None:
            typer.echo(f"unknown tool {name!r}; did you mean {', '.join(reg.suggest(name))}? "
                       "(dbcopilot tools lists them)", err=True)
            raise typer.Exit(2)
        ctx = _ctx(dsn)
        if tool_input == "-":  # for long inputs; over max_tool_input_bytes it is refused, not cut
            tool_input = sys.stdin.buffer.read().decode("utf-8", "replace")
        res = reg.call(name, ctx, tool_input)
        if as_json:
            typer.echo(json.dumps({"ok": res.ok, "output": markdown(res), "error": res.error,
                                   "columns": res.columns, "rows": res.rows, "value": res.value,
                                   "findings": [asdict(f) for f in res.findings], "data": res.data,
                                   "suggestions": res.suggestions, "duration_ms": res.duration_ms},
                                  indent=2, default=str, ensure_ascii=False))
        else:
            typer.echo(markdown(res) if res.ok else f"error: {res.error}")
            for s in res.suggestions:
                typer.echo(f"\nsuggested (run with `dbcopilot apply` after review): {s['sql']}\n  why: {s['reason']}")
            typer.echo(f"\n({res.duration_ms:.0f} ms)")
        if not res.ok:
            raise typer.Exit(1)

    @cli.command("apply")
    def apply_cmd(
        sql: str = typer.Argument(..., help="one suggested change: CREATE/DROP INDEX, ALTER TABLE SET, ALTER SYSTEM, VACUUM, ANALYZE, EXPLAIN ANALYZE"),
        dsn: str = typer.Option("", "--dsn", help="libpq DSN; default DBCOPILOT_DSN or the sandbox demo database"),
        yes: bool = typer.Option(False, "--yes", "-y", help="do not ask for confirmation"),
    ) -> None:
        """Run one confirmed change through the only write path (allow-listed statements only)."""
        from toolkits.secrets import mask_dsn

        toolkit = get_toolkit(get_settings())
        kind, text = toolkit.classify(sql)
        if kind is None:
            typer.echo(f"not run: {text}", err=True)
            raise typer.Exit(2)
        ctx = _ctx(dsn)
        if not yes and not typer.confirm(f"Run on {mask_dsn(ctx.dsn)}:\n  {text}\n?", default=False):
            typer.echo("not run.")
            raise typer.Exit(1)
        res = toolkit.run_confirmed(ctx, text)
        typer.echo(markdown(res) if res.ok else f"error: {res.error}")
        if not res.ok:
            raise typer.Exit(1)

    @cli.command("db-check")
    def db_check_cmd(dsn: str = typer.Option("", "--dsn", help="libpq DSN; default DBCOPILOT_DSN or the sandbox")) -> None:
        """Check that the database answers (server version and extensions, or a clear reason), and warn when
        its role can write: a superuser, or a role with write privileges (dbcopilot make-role makes a read-only one)."""
        settings = _settings(dsn)
        check = get_toolkit(settings).check(settings)
        typer.echo(check.message if check.ok else f"error: {check.message}")
        if not check.ok:
            raise typer.Exit(1)
        typer.echo(check.warning or "role: read-only (no write privileges found)")

    @cli.command("make-role")
    def make_role_cmd(
        name: str = typer.Option("dbcopilot_ro", "--name", help="name of the LOGIN role to create"),
        dsn: str = typer.Option("", "--dsn", help="DSN of a superuser or CREATEROLE role; default DBCOPILOT_DSN or the sandbox"),
        yes: bool = typer.Option(False, "--yes", "-y", help="run the SQL without asking"),
    ) -> None:
        """Print the SQL of a read-only role (pg_monitor + pg_read_all_data) and run it after you confirm."""
        import shlex

        from toolkits.postgres.connection import dsn_summary
        from toolkits.postgres.roles import RoleError, create_role, plan_role

        ctx = _ctx(dsn)
        try:
            plan = plan_role(ctx.dsn, name, ctx.connect_timeout_s)
        except RoleError as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(1)
        typer.echo(f"-- a read-only role for dbcopilot on {dsn_summary(ctx.dsn)}")
        typer.echo("\n".join(f"{s};" for s in plan.statements))
        typer.echo(plan.password_note)
        if not yes:
            try:
                go = typer.confirm(f"Run these {len(plan.statements)} statements now?", default=False)
            except typer.Abort:  # no stdin to answer from
                go = False
                typer.echo("")
            if not go:
                typer.echo("not run: run the SQL above yourself (as a superuser), or again with --yes.")
                return
        try:
            create_role(ctx.dsn, plan, ctx.connect_timeout_s)
        except RoleError as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(1)
        typer.echo(f"created role {plan.name}. Set its password (see above), then point dbcopilot at it:\n"
                   f"  export DBCOPILOT_DSN={shlex.quote(plan.dsn)}\n  dbcopilot db-check")

"""Helpers shared by the PostgreSQL tools: the tool decorator and error wrapping."""
from __future__ import annotations

import difflib
from typing import Callable

from toolkits.base import Tool, ToolResult, ToolSpec
from toolkits.postgres.connection import Session, ToolError
from toolkits.postgres.guard import Refused
from toolkits.postgres.render import md_text  # messages quote inputs and server errors: literal text

TOOLS: list[Tool] = []


class BadInput(ToolError):
    """Invalid tool input; the message includes a suggestion and an example."""


def pg_tool(name: str, category: str, description: str, input_content: str, input_format: str,
            examples: list[str], writes: bool = False) -> Callable:
    spec = ToolSpec(name, category, description, input_content, input_format, examples, writes)

    def deco(fn: Callable[..., ToolResult]) -> Callable[..., ToolResult]:
        def run(ctx, tool_input="") -> ToolResult:
            try:
                return fn(ctx, tool_input)
            except BadInput as e:
                ex = f" Example input: {examples[0]}" if examples else ""
                return ToolResult(ok=False, output="", error=f"{name}: {md_text(e)}.{ex}")
            except Refused as e:
                ex = f" Example input: {examples[0]}" if examples else ""
                return ToolResult(ok=False, output="", error=f"{name}: refused: {md_text(e)}.{ex}")
            except ToolError as e:
                return ToolResult(ok=False, output="", error=f"{name}: {md_text(e)}")

        run.__name__ = fn.__name__
        run.__doc__ = fn.__doc__
        TOOLS.append(Tool(spec, run))
        return run

    return deco


def split_name(name: str) -> tuple[str | None, str]:
    name = name.strip().strip('"')
    if "." in name:
        s, t = name.split(".", 1)
        return s.strip('"'), t.strip('"')
    return None, name


def resolve_table(s: Session, name: str) -> tuple[int, str, str]:
    """(oid, schema, table) of a user table/view named (fuzzily) ``name``; BadInput with suggestions otherwise."""
    if not name:
        raise BadInput("a table name is required")
    schema, table = split_name(name)
    rows = s.query(
        """SELECT c.oid, n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE c.relkind IN ('r','p','v','m','f') AND n.nspname NOT IN ('pg_catalog','information_schema')
             AND n.nspname NOT LIKE 'pg_toast%%' AND n.nspname NOT LIKE 'pg_temp%%'""", cap=100000).rows
    exact = [r for r in rows if r[2] == table and (schema is None or r[1] == schema)]
    if not exact:
        exact = [r for r in rows if r[2].lower() == table.lower() and (schema is None or r[1].lower() == schema.lower())]
    if exact:
        exact.sort(key=lambda r: (r[1] != "public", r[1]))
        return exact[0]
    names = sorted({r[2] for r in rows})
    close = difflib.get_close_matches(table.lower(), names, n=3, cutoff=0.6)
    if len(close) == 1 or (close and difflib.SequenceMatcher(None, table.lower(), close[0]).ratio() > 0.85):
        hit = [r for r in rows if r[2] == close[0]]
        hit.sort(key=lambda r: (r[1] != "public", r[1]))
        return hit[0]
    hint = f"did you mean {', '.join(close)}?" if close else f"tables here: {', '.join(names[:15]) or 'none'}"
    raise BadInput(f"no table named {name!r}; {hint}")


def ok(output: str, data=None, suggestions=None) -> ToolResult:
    return ToolResult(ok=True, output=output, data=data, suggestions=suggestions or [])


PGSS_HOWTO = ("add it to shared_preload_libraries in postgresql.conf (ALTER SYSTEM SET shared_preload_libraries = "
              "'pg_stat_statements'), restart PostgreSQL, then run CREATE EXTENSION pg_stat_statements in this database")


def pgss_status(s: Session) -> tuple[bool, str]:
    """Is pg_stat_statements usable here? (True, "") or (False, a clear observation with how to enable it).

    Works for roles that may not read shared_preload_libraries: the view itself is probed.
    """
    installed = s.extension("pg_stat_statements")
    if installed:
        _, err = s.try_query("SELECT 1 FROM pg_stat_statements LIMIT 1")
        if not err:
            return True, ""
        if "shared_preload_libraries" in err:
            return False, ("the pg_stat_statements extension exists in this database but the library is not loaded; "
                           "add pg_stat_statements to shared_preload_libraries and restart PostgreSQL.")
        return False, f"pg_stat_statements cannot be read: {md_text(err)} (grant the pg_read_all_stats role to this user)."
    preload = s.one("SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'")
    if preload is not None and "pg_stat_statements" in preload:
        return False, ("pg_stat_statements is loaded by the server but the extension is not created in this database; "
                       "run CREATE EXTENSION pg_stat_statements (as a superuser) in this database.")
    return False, f"pg_stat_statements is not installed in this database; {PGSS_HOWTO}."


HYPOPG_HOWTO = ("install the hypopg package on the server (Debian: apt-get install postgresql-15-hypopg) "
                "and run CREATE EXTENSION hypopg in this database")

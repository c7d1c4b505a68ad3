"""Helpers shared by the PostgreSQL tools: the tool decorator (errors to failed results) and table lookup."""
from __future__ import annotations

import difflib
from typing import Any, Callable, Iterable

from toolkits.catalog import Catalog, Table
from toolkits.results import Block, Finding, ToolResult
from toolkits.tool import Ask, InputError, Intent, Planned, Tool, tool
from toolkits.postgres.catalog import read_catalog
from toolkits.postgres.connection import Session, ToolError
from toolkits.postgres.guard import Refused

TOOLS: list[Tool] = []


class BadInput(ToolError, InputError):
    """Invalid tool input; the message includes a suggestion (the tool adds an example)."""


def _failed(t: Tool, e: Exception) -> ToolResult | None:
    """A toolkit error as a failed result with a literal one-line message (agent/render.py escapes it)."""
    if isinstance(e, Refused):
        ex = f" Example input: {t.spec.examples[0]}" if t.spec.examples and t.spec.examples[0] else ""
        return ToolResult(ok=False, error=f"{t.spec.name}: refused: {e}.{ex}")
    if isinstance(e, InputError):
        return ToolResult(ok=False, error=t.input_error(e))
    if isinstance(e, ToolError):
        return ToolResult(ok=False, error=f"{t.spec.name}: {e}")
    return None


def pg_tool(category: str, *, examples: Iterable[str] = (), questions: Iterable[str] = (),
            intents: Iterable[Intent] = (), plan: Callable[[Ask], Planned | None] | None = None,
            aliases: dict[str, str] | None = None) -> Callable[[Callable[..., ToolResult]], Tool]:
    """A PostgreSQL tool (toolkits.tool.tool), registered in TOOLS; connection, guard and input errors
    become failed results."""
    return tool(category, examples=examples, questions=questions, intents=intents, plan=plan, aliases=aliases,
                on_error=_failed, register=TOOLS)


def split_name(name: str) -> tuple[str | None, str]:
    name = name.strip().strip('"')
    if "." in name:
        s, t = name.split(".", 1)
        return s.strip('"'), t.strip('"')
    return None, name


def _exact(cat: Catalog, schema: str | None, table: str) -> Table | None:
    rels = cat.relations()
    exact = [t for t in rels if t.name == table and (schema is None or t.schema == schema)]
    if not exact:
        exact = [t for t in rels if t.name.lower() == table.lower() and (schema is None or t.schema.lower() == schema.lower())]
    exact.sort(key=lambda t: (t.schema != "public", t.schema))
    return exact[0] if exact else None


def _current(s: Session, t: Table) -> bool:
    """Does the cached catalog's oid still name this relation (not dropped and created again since)?"""
    return bool(s.one("SELECT c.relname = %s AND n.nspname = %s FROM pg_class c JOIN pg_namespace n "
                      "ON n.oid = c.relnamespace WHERE c.oid = %s", (t.name, t.schema, t.oid)))


def resolve_table(ctx: Any, name: str, s: Session | None = None) -> tuple[int, str, str]:
    """(oid, schema, table) of a user table/view named (fuzzily) ``name``, from the toolkit's catalog reader
    (read again once when the cached catalog does not hold the name); BadInput with suggestions otherwise.
    ``s``: the tool's session, to check that a cached entry is still current."""
    if not name or not name.strip():
        raise BadInput("a table name is required")
    schema, table = split_name(name)
    cat = read_catalog(ctx)
    hit = _exact(cat, schema, table)
    if hit is not None and s is not None and not _current(s, hit):
        hit = None
    if hit is None:
        cat = read_catalog(ctx, fresh=True)  # a table created (or created again) since the catalog was read
        hit = _exact(cat, schema, table)
    if hit is not None:
        return hit.oid, hit.schema, hit.name
    rels = cat.relations()
    names = sorted({t.name for t in rels})
    close = difflib.get_close_matches(table.lower(), names, n=3, cutoff=0.6)
    if len(close) == 1 or (close and difflib.SequenceMatcher(None, table.lower(), close[0]).ratio() > 0.85):
        hit = sorted((t for t in rels if t.name == close[0]), key=lambda t: (t.schema != "public", t.schema))[0]
        return hit.oid, hit.schema, hit.name
    hint = f"did you mean {', '.join(close)}?" if close else f"tables here: {', '.join(names[:15]) or 'none'}"
    raise BadInput(f"no table named {name!r}; {hint}")


def ok(*blocks: Block, columns: list[str] | None = None, rows: list | None = None, value: Any = None,
       findings: list[Finding] | None = None, data: dict | None = None) -> ToolResult:
    return ToolResult(ok=True, blocks=list(blocks), columns=list(columns or []), rows=[tuple(r) for r in rows or []],
                      value=value, findings=list(findings or []), data=dict(data or {}))


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
        return False, f"pg_stat_statements cannot be read: {err} (grant the pg_read_all_stats role to this user)."
    preload = s.one("SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'")
    if preload is not None and "pg_stat_statements" in preload:
        return False, ("pg_stat_statements is loaded by the server but the extension is not created in this database; "
                       "run CREATE EXTENSION pg_stat_statements (as a superuser) in this database.")
    return False, f"pg_stat_statements is not installed in this database; {PGSS_HOWTO}."


HYPOPG_HOWTO = ("install the hypopg package on the server (Debian: apt-get install postgresql-15-hypopg) "
                "and run CREATE EXTENSION hypopg in this database")

"""PostgreSQL toolkit: live read-only tools in six categories over psycopg 3.

    from toolkits.postgres import PgContext, build_registry
    reg = build_registry(); ctx = PgContext(dsn="host=127.0.0.1 dbname=shop user=postgres")
    res = reg.call("list_tables", ctx, "")
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field

from toolkits.registry import MAX_INPUT_BYTES, Registry


@dataclass
class PgContext:
    dsn: str
    statement_timeout_ms: int = 5000
    row_cap: int = 200
    connect_timeout_s: int = 5
    allow_functions: tuple[str, ...] = ()  # user-defined functions the user opted in to (schema.name or name)
    max_input_bytes: int = MAX_INPUT_BYTES  # longer tool inputs are refused before parsing
    catalog_ttl_s: float = 120.0  # how long the planner's catalog of this database is reused
    local: bool | None = None  # None = detect from the DSN (localhost, 127.0.0.1, ::1, unix socket)
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.local is None:
            from toolkits.postgres.connection import is_local

            self.local = is_local(self.dsn)

    @classmethod
    def from_settings(cls, settings, dsn: str | None = None) -> "PgContext":
        """Build from a duck-typed Settings (dsn, statement_timeout_ms, row_cap, connect_timeout_s)."""
        return cls(dsn=dsn if dsn is not None else settings.dsn, statement_timeout_ms=settings.statement_timeout_ms,
                   row_cap=settings.row_cap, connect_timeout_s=settings.connect_timeout_s,
                   allow_functions=tuple(settings.allow_functions),
                   max_input_bytes=settings.max_tool_input_bytes, catalog_ttl_s=settings.catalog_ttl_s)


def build_registry() -> Registry:
    """A Registry holding every PostgreSQL tool: each ``tools_*.py`` module here is imported, and importing
    it registers its tools (common.pg_tool). A new tool is a new module (or a function in one) and its test."""
    from toolkits.postgres.common import TOOLS

    for mod in sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("tools_")):
        importlib.import_module(f"{__name__}.{mod}")
    return Registry(TOOLS)

"""The PostgreSQL toolkit behind the ``Toolkit`` protocol (toolkits/base.py): what pages, the CLI and the
agent call instead of this package's modules."""
from __future__ import annotations

import threading
from typing import Any

from toolkits.base import Check, ToolkitUnavailable, ToolResult
from toolkits.catalog import Catalog
from toolkits.postgres import PgContext, build_registry
from toolkits.postgres.catalog import read_catalog
from toolkits.postgres.connection import check_connection, dsn_summary
from toolkits.postgres.roles import RoleError, inspect_role
from toolkits.postgres.sandbox import Sandbox, SandboxError, resolve_dsn
from toolkits.postgres.writes import classify, run_confirmed
from toolkits.registry import Registry


class PostgresToolkit:
    name = "postgres"
    label = "PostgreSQL"

    def __init__(self) -> None:
        self._registry: Registry | None = None
        self._lock = threading.Lock()

    def registry(self) -> Registry:
        with self._lock:
            if self._registry is None:
                self._registry = build_registry()
            return self._registry

    def dsn(self, settings: Any) -> str:
        """The user's DSN, or the demo sandbox's (started when needed); ToolkitUnavailable when it cannot start."""
        try:
            return resolve_dsn(settings)
        except (SandboxError, OSError) as exc:
            raise ToolkitUnavailable(f"No database to look at: the demo sandbox could not start ({exc}). "
                                     "Set DBCOPILOT_DSN to your database.") from None

    def current_dsn(self, settings: Any) -> str:
        """The user's DSN, or the sandbox's when it is already running; "" otherwise (starts nothing)."""
        if settings.dsn:
            return settings.dsn
        sandbox = Sandbox(settings.sandbox_dir)
        return sandbox.dsn() if sandbox.running() else ""

    def context(self, settings: Any) -> PgContext:
        dsn = self.dsn(settings)
        ok, message = check_connection(dsn, settings.connect_timeout_s)
        if not ok:
            raise ToolkitUnavailable(f"Cannot reach the database: {message}")
        return PgContext.from_settings(settings, dsn=dsn)

    def check(self, settings: Any) -> Check:
        try:
            dsn = self.dsn(settings)
        except ToolkitUnavailable as exc:
            return Check(False, str(exc))
        ok, message = check_connection(dsn, settings.connect_timeout_s)
        if not ok:
            return Check(False, message)
        try:
            warning = inspect_role(dsn, settings.connect_timeout_s).warning
        except RoleError as exc:
            warning = f"could not inspect the role's privileges: {exc}"
        return Check(True, message, warning or "")

    def where(self, settings: Any) -> str:
        """user@host:port/db of the configured database, for confirmations (never a password)."""
        return dsn_summary(self.dsn(settings))

    def catalog(self, ctx: PgContext) -> Catalog:
        return read_catalog(ctx)

    def classify(self, statement: str) -> tuple[str | None, str]:
        return classify(statement)

    def run_confirmed(self, ctx: PgContext, statement: str) -> ToolResult:
        return run_confirmed(ctx, statement)

    def monitor_sample(self, ctx: PgContext) -> dict:
        """One monitor sample (cumulative counters and gauges) for the diagnosis; read-only."""
        from toolkits.postgres.monitor import read_sample

        return read_sample(ctx)

    def diagnosis_structure(self, ctx: PgContext, relids: list[int]) -> dict:
        """Indexes, table options and the settings a diagnosis checks, for the tables it suspects; read-only."""
        from toolkits.postgres.monitor import read_structure

        return read_structure(ctx, relids)

    def diagnosis_plans(self, ctx: PgContext, statements: list[str]) -> dict[str, Any]:
        """Generic plans of suspected statements (their $n parameters unknown): per statement its scans —
        relation, node type, the planner's row estimate — or the error. Read-only; nothing is executed."""
        from toolkits.postgres.monitor import read_plans

        return read_plans(ctx, statements)

    def lab_scenarios(self) -> list[str]:
        """The anomaly lab's scenario names (taxonomy families and ``healthy``)."""
        from toolkits.postgres.lab import SCENARIOS

        return sorted(SCENARIOS)

    def lab(self, settings: Any, dsn: str = "") -> Any:
        """The anomaly lab (toolkits/postgres/lab.py) on ``dsn`` when given explicitly, else on the sandbox's
        scratch database (the sandbox is started when needed). Never the user's configured database."""
        from toolkits.postgres.lab import Lab, scratch_dsn

        if not dsn:
            sandbox = Sandbox(settings.sandbox_dir)
            try:
                if not sandbox.running():
                    sandbox.start(load_demo=False)
                dsn = scratch_dsn(sandbox.dsn())
            except (SandboxError, OSError) as exc:
                raise ToolkitUnavailable(f"The lab needs the sandbox cluster, which could not start ({exc}).") from None
        return Lab(dsn)


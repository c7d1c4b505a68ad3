"""Connections to the user's database: a connection check with clear messages, and
the read-only session every tool uses.

Layers, none trusted alone (DESIGN.md, "Read-only, in depth"):
- every tool connection opens with ``default_transaction_read_only=on`` and each session runs in
  ``BEGIN READ ONLY`` + ``SET TRANSACTION READ ONLY`` with ``statement_timeout`` / ``lock_timeout``,
  ``pg_catalog`` first on the search_path (no shadowing of built-ins), and is always rolled back;
- model- or user-written SQL runs only as a ``guard.Checked`` statement — the token-rebuilt text that was
  checked — after its functions were resolved on the server (``allowlist.py``), and only through the
  extended query protocol, which carries one statement by construction (no fallback to the simple one);
- before a pooled connection is reused, session state a statement could leave behind is reset
  (advisory locks, cursors, listeners, hypothetical indexes); settings changed with SET or set_config
  cannot outlive the session, whose transaction is always rolled back.
"""
from __future__ import annotations

import threading
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

import psycopg
from psycopg import errors as pgerr
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from toolkits.postgres.allowlist import require_allowed
from toolkits.postgres.guard import Checked
from toolkits.secrets import scrub

_POOL: dict[str, psycopg.Connection] = {}
_HYPOPG: dict[int, str] = {}  # id(connection) -> schema of hypopg in its database ("" when absent)
READ_ONLY_OPTION = "-c default_transaction_read_only=on"
SESSION_SETUP = ("SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = {timeout}; SET LOCAL lock_timeout = {lock}; "
                 "SELECT pg_catalog.set_config('search_path', 'pg_catalog, ' || "
                 "pg_catalog.current_setting('search_path'), true)")
SESSION_RESET = "SELECT pg_catalog.pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *"
_LOCKS: dict[str, threading.RLock] = {}
_POOL_LOCK = threading.Lock()


class ToolError(Exception):
    """A user-facing failure: the message is shown as is."""


@dataclass
class Rows:
    columns: list[str]
    rows: list[tuple]
    truncated: bool = False  # more than the cap existed
    cap: int = 0

    def dicts(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, r)) for r in self.rows]


@dataclass
class Session:
    """One read-only transaction; ``query`` runs a statement inside it."""

    cur: psycopg.Cursor
    row_cap: int
    server_version: int = 0
    _savepoint: int = field(default=0)
    generic_plans: bool = False  # SET LOCAL plan_cache_mode = force_generic_plan done
    allowed_functions: frozenset[str] = frozenset()  # the user's opt-in (DBCOPILOT_ALLOW_FUNCTIONS)

    def query(self, sql: str, params: Any = None, cap: int | None = None) -> Rows:
        cap = self.row_cap if cap is None else cap
        self.cur.execute(sql, params)
        if self.cur.description is None:
            return Rows([], [], False, cap)
        cols = [d.name for d in self.cur.description]
        rows = self.cur.fetchmany(cap + 1)
        return Rows(cols, rows[:cap], len(rows) > cap, cap)

    def run(self, checked: Checked, cap: int | None = None) -> Rows:
        """Run a checked statement: functions resolved on the server first, then the extended protocol only.

        A query runs through a server-side cursor (DECLARE is sent with the extended protocol) and at most
        cap + 1 rows are fetched, so big results stay on the server; an EXPLAIN runs as one extended-protocol
        statement. Errors propagate (the caller's session turns them into a clear ToolError).
        """
        cap = self.row_cap if cap is None else cap
        require_allowed(self.cur, checked, self.allowed_functions)
        if checked.explain:
            return self.query_extended(checked.text, cap=cap)
        self._savepoint += 1
        with self.cur.connection.cursor(name=f"dbc_c{self._savepoint}") as named:
            named.execute(checked.text)
            rows = named.fetchmany(cap + 1)
            cols = [d.name for d in named.description] if named.description else []
        return Rows(cols, rows[:cap], len(rows) > cap, cap)

    def query_extended(self, sql: str, cap: int | None = None) -> Rows:
        """One statement through the extended query protocol (binary results: the server refuses a second
        statement by construction). For text that contains guarded SQL; the tools' own SQL uses ``query``."""
        cap = self.row_cap if cap is None else cap
        self.cur.execute(sql, binary=True)
        if self.cur.description is None:
            return Rows([], [], False, cap)
        cols = [d.name for d in self.cur.description]
        rows = self.cur.fetchmany(cap + 1)
        return Rows(cols, rows[:cap], len(rows) > cap, cap)

    def one(self, sql: str, params: Any = None) -> Any:
        self.cur.execute(sql, params)
        row = self.cur.fetchone()
        return row[0] if row else None

    def try_query(self, sql: str, params: Any = None, cap: int | None = None,
                  extended: bool = False) -> tuple[Rows | None, str]:
        """Run in a savepoint; on a database error return (None, message) and keep the transaction usable.

        ``extended``: the text carries guarded SQL, so it goes through ``query_extended``."""
        self._savepoint += 1
        sp = f"dbc_sp{self._savepoint}"
        self.cur.execute(f"SAVEPOINT {sp}")
        try:
            out = self.query_extended(sql, cap) if extended else self.query(sql, params, cap)
        except psycopg.Error as e:
            self.cur.execute(f"ROLLBACK TO SAVEPOINT {sp}")
            return None, (e.diag.message_primary or str(e)).strip()
        self.cur.execute(f"RELEASE SAVEPOINT {sp}")
        return out, ""

    def has_relation(self, name: str) -> bool:
        return self.one("SELECT to_regclass(%s) IS NOT NULL", (name,)) is True

    def extension(self, name: str) -> str | None:
        """Installed version of an extension in this database, or None."""
        return self.one("SELECT extversion FROM pg_extension WHERE extname = %s", (name,))


def dsn_summary(dsn: str) -> str:
    """user@host:port/dbname for messages; never a password, even from a malformed URL."""
    try:
        d = conninfo_to_dict(dsn)
    except (psycopg.Error, ValueError):
        return "?"
    host = d.get("host") or "local socket"
    return scrub(f"{d.get('user') or 'default user'}@{host}:{d.get('port') or 5432}/{d.get('dbname') or 'default db'}",
                 dsn)


def is_local(dsn: str) -> bool:
    """True when the server runs on this machine (localhost, 127.0.0.1, ::1 or a unix socket)."""
    try:
        d = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return False
    hosts = (d.get("host") or d.get("hostaddr") or "").split(",")
    return all(h in ("", "localhost", "127.0.0.1", "::1") or h.startswith("/") for h in hosts)


def explain_error(e: BaseException, dsn: str = "") -> str:
    """Turn a connection/driver error into a clear sentence with a suggestion; DSNs and passwords scrubbed
    (libpq quotes a malformed URL, password included, and the sentence is shown and stored)."""

    msg = scrub(str(e).strip(), dsn)
    low = msg.lower()
    where = dsn_summary(dsn) if dsn else "the database"
    if isinstance(e, psycopg.ProgrammingError) and any(w in low for w in (
            "conninfo", "connection info", "invalid dsn", "missing", " uri", "percent-encoded", "unexpected spaces")):
        return (f"the connection string is not valid ({msg.splitlines()[0]}); use a libpq DSN such as "
                "'host=127.0.0.1 port=5432 dbname=shop user=postgres' or 'postgresql://user@host:5432/dbname'")
    if "password authentication failed" in low or "no password supplied" in low or "authentication failed" in low:
        return f"authentication failed for {where}; check the user name and password (or pg_hba.conf)"
    if "does not exist" in low and "database" in low:
        return f"the database in {where} does not exist; check dbname (list them with psql -l)"
    if "role" in low and "does not exist" in low:
        return f"the role in {where} does not exist; check the user name"
    if ("connection refused" in low or "no such file or directory" in low or "could not connect" in low
            or "timeout expired" in low or "could not translate host name" in low or "is the server running" in low
            or "name or service not known" in low or "network is unreachable" in low or "failed to resolve host" in low):
        return f"cannot reach the PostgreSQL server at {where}: the server is down or the host/port is wrong ({msg.splitlines()[0][:200]})"
    if isinstance(e, pgerr.QueryCanceled):
        return "the query ran past statement_timeout and was cancelled; narrow it (WHERE, LIMIT) or raise the timeout"
    if isinstance(e, pgerr.ReadOnlySqlTransaction):
        return "the statement tried to write inside the read-only transaction and was refused"
    if isinstance(e, psycopg.Error) and getattr(e, "diag", None) is not None and e.diag.message_primary:
        hint = f" (hint: {scrub(e.diag.message_hint, dsn)})" if e.diag.message_hint else ""
        return f"database error: {scrub(e.diag.message_primary, dsn)}{hint}"
    return f"database error: {msg.splitlines()[0][:300] if msg else type(e).__name__}"


def connect(dsn: str, timeout_s: int = 5, autocommit: bool = False, read_only: bool = True) -> psycopg.Connection:
    """A new connection; ``read_only`` (every tool connection) adds default_transaction_read_only=on to the
    startup options, after any options the DSN already sets. Only the confirm path passes read_only=False."""
    opts = conninfo_to_dict(dsn).get("options") or ""  # raises ProgrammingError on bad syntax
    if read_only:
        dsn = make_conninfo(dsn, options=f"{opts} {READ_ONLY_OPTION}".strip())
    return psycopg.connect(dsn, connect_timeout=timeout_s, autocommit=autocommit,
                           application_name="dbcopilot")


def check_connection(dsn: str, timeout_s: int = 5) -> tuple[bool, str]:
    """Try the DSN; (True, "PostgreSQL 15.x at ...; extensions: ...") or (False, clear reason)."""
    if not dsn or not dsn.strip():
        return False, "no DSN given; set DBCOPILOT_DSN, e.g. 'host=127.0.0.1 port=5432 dbname=shop user=postgres'"
    try:
        with connect(dsn, timeout_s) as conn:
            conn.read_only = True
            ver = conn.execute("SHOW server_version").fetchone()[0]
            exts = [r[0] + " " + r[1] for r in conn.execute("SELECT extname, extversion FROM pg_extension ORDER BY 1")]
            row = conn.execute("SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'").fetchone()
            preload = row[0] if row else ""  # hidden from roles without pg_read_all_settings
    except (psycopg.Error, OSError) as e:
        return False, explain_error(e, dsn)
    note = f"PostgreSQL {ver} at {dsn_summary(dsn)}; extensions: {', '.join(exts) or 'none'}"
    if preload:
        note += f"; shared_preload_libraries: {preload}"
    return True, note


def _get_conn(dsn: str, timeout_s: int, key: str = "") -> psycopg.Connection:
    key = key or dsn
    conn = _POOL.get(key)
    if conn is not None and not conn.closed and not conn.broken:
        return conn
    conn = connect(dsn, timeout_s)
    try:  # keep the copilot's own catalog queries out of the user's pg_stat_statements (superuser only)
        conn.execute("SET pg_stat_statements.track = 'none'")
        conn.commit()
    except psycopg.Error:
        conn.rollback()
    conn.read_only = True
    row = conn.execute("SELECT n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n "
                       "ON n.oid = e.extnamespace WHERE e.extname = 'hypopg'").fetchone()
    conn.rollback()
    _HYPOPG[id(conn)] = row[0] if row else ""
    _POOL[key] = conn
    return conn


def reset_session(conn: psycopg.Connection) -> None:
    """Undo session state a statement could leave on a pooled connection (it outlives the rolled-back
    transaction): advisory locks, open cursors, LISTEN, hypothetical indexes."""
    conn.execute(SESSION_RESET)
    schema = _HYPOPG.get(id(conn))
    if schema:
        conn.execute(f'SELECT "{schema.replace(chr(34), chr(34) * 2)}".hypopg_reset()')
    conn.rollback()


def close_all() -> None:
    with _POOL_LOCK:
        for conn in _POOL.values():
            try:
                conn.close()
            except psycopg.Error:
                pass
        _POOL.clear()
        _HYPOPG.clear()


@contextmanager
def readonly_session(ctx, purpose: str = "") -> Iterator[Session]:
    """A READ ONLY transaction on a (reused) connection, with SET LOCAL statement_timeout; always rolled back.

    ``purpose`` selects a separate pooled connection (e.g. "hypo" for hypothetical indexes, which are
    backend-local and must not leak into other tools' plans). Driver and server errors become ToolError.
    """
    key = ctx.dsn + ("\x00" + purpose if purpose else "")
    with _POOL_LOCK:
        lock = _LOCKS.setdefault(key, threading.RLock())
    with lock:
        for attempt in (0, 1):  # a pooled connection may have died (server restart, idle kill): reconnect once
            try:
                conn = _get_conn(ctx.dsn, ctx.connect_timeout_s, key)
            except (psycopg.Error, OSError) as e:
                raise ToolError(explain_error(e, ctx.dsn)) from None
            stack = ExitStack()
            try:
                stack.enter_context(conn.transaction(force_rollback=True))
                cur = conn.cursor()
                cur.execute(SESSION_SETUP.format(timeout=int(ctx.statement_timeout_ms),
                                                 lock=int(min(ctx.statement_timeout_ms, 2000))))
                break
            except psycopg.OperationalError as e:
                try:
                    stack.close()
                except psycopg.Error:
                    pass
                _POOL.pop(key, None)
                conn.close()
                if attempt:
                    raise ToolError(explain_error(e, ctx.dsn)) from None
        try:
            with stack:
                yield Session(cur, ctx.row_cap, conn.info.server_version,
                              allowed_functions=frozenset(getattr(ctx, "allow_functions", ()) or ()))
        except ToolError:
            raise
        except (psycopg.Error, OSError) as e:
            if conn.broken or conn.closed:
                _POOL.pop(key, None)
            raise ToolError(explain_error(e, ctx.dsn)) from None
        finally:
            _release(key, conn)


def _release(key: str, conn: psycopg.Connection) -> None:
    """Reset the session before the connection goes back to the pool; drop it when that fails."""
    if conn.closed or conn.broken:
        _POOL.pop(key, None)
        return
    try:
        reset_session(conn)
    except psycopg.Error:
        _POOL.pop(key, None)
        _HYPOPG.pop(id(conn), None)
        conn.close()

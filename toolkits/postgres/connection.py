"""Connections to the user's database: a connection check with clear messages, and
the read-only session every tool uses (BEGIN READ ONLY, SET LOCAL statement_timeout,
row cap + 1 to detect truncation, ROLLBACK).
"""
from __future__ import annotations

import threading
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

import psycopg
from psycopg import errors as pgerr
from psycopg.conninfo import conninfo_to_dict

_POOL: dict[str, psycopg.Connection] = {}
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

    def query(self, sql: str, params: Any = None, cap: int | None = None) -> Rows:
        cap = self.row_cap if cap is None else cap
        self.cur.execute(sql, params)
        if self.cur.description is None:
            return Rows([], [], False, cap)
        cols = [d.name for d in self.cur.description]
        rows = self.cur.fetchmany(cap + 1)
        return Rows(cols, rows[:cap], len(rows) > cap, cap)

    def stream(self, sql: str, cap: int | None = None) -> Rows:
        """Run a SELECT through a server-side cursor and fetch at most cap + 1 rows (big results stay on the server).

        Statements a cursor cannot hold (EXPLAIN, SHOW ...) fall back to ``query``.
        """
        cap = self.row_cap if cap is None else cap
        self._savepoint += 1
        sp = f"dbc_sp{self._savepoint}"
        self.cur.execute(f"SAVEPOINT {sp}")
        try:
            with self.cur.connection.cursor(name=f"dbc_c{self._savepoint}") as named:
                named.execute(sql)
                rows = named.fetchmany(cap + 1)
                cols = [d.name for d in named.description] if named.description else []
        except psycopg.errors.SyntaxError:
            self.cur.execute(f"ROLLBACK TO SAVEPOINT {sp}")
            return self.query(sql, cap=cap)
        self.cur.execute(f"RELEASE SAVEPOINT {sp}")
        return Rows(cols, rows[:cap], len(rows) > cap, cap)

    def one(self, sql: str, params: Any = None) -> Any:
        self.cur.execute(sql, params)
        row = self.cur.fetchone()
        return row[0] if row else None

    def try_query(self, sql: str, params: Any = None, cap: int | None = None) -> tuple[Rows | None, str]:
        """Run in a savepoint; on a database error return (None, message) and keep the transaction usable."""
        self._savepoint += 1
        sp = f"dbc_sp{self._savepoint}"
        self.cur.execute(f"SAVEPOINT {sp}")
        try:
            out = self.query(sql, params, cap)
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
    try:
        d = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "?"
    host = d.get("host") or "local socket"
    return f"{d.get('user') or 'default user'}@{host}:{d.get('port') or 5432}/{d.get('dbname') or 'default db'}"


def is_local(dsn: str) -> bool:
    """True when the server runs on this machine (localhost, 127.0.0.1, ::1 or a unix socket)."""
    try:
        d = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return False
    hosts = (d.get("host") or d.get("hostaddr") or "").split(",")
    return all(h in ("", "localhost", "127.0.0.1", "::1") or h.startswith("/") for h in hosts)


def explain_error(e: BaseException, dsn: str = "") -> str:
    """Turn a connection/driver error into a clear sentence with a suggestion."""
    msg = str(e).strip()
    low = msg.lower()
    where = dsn_summary(dsn) if dsn else "the database"
    if isinstance(e, psycopg.ProgrammingError) and ("conninfo" in low or "invalid dsn" in low or "missing" in low):
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
            or "name or service not known" in low or "network is unreachable" in low):
        return f"cannot reach the PostgreSQL server at {where}: the server is down or the host/port is wrong ({msg.splitlines()[0][:200]})"
    if isinstance(e, pgerr.QueryCanceled):
        return "the query ran past statement_timeout and was cancelled; narrow it (WHERE, LIMIT) or raise the timeout"
    if isinstance(e, pgerr.ReadOnlySqlTransaction):
        return "the statement tried to write inside the read-only transaction and was refused"
    if isinstance(e, psycopg.Error) and getattr(e, "diag", None) is not None and e.diag.message_primary:
        hint = f" (hint: {e.diag.message_hint})" if e.diag.message_hint else ""
        return f"database error: {e.diag.message_primary}{hint}"
    return f"database error: {msg.splitlines()[0][:300] if msg else type(e).__name__}"


def connect(dsn: str, timeout_s: int = 5, autocommit: bool = False) -> psycopg.Connection:
    conninfo_to_dict(dsn)  # raises ProgrammingError on bad syntax
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
    _POOL[key] = conn
    return conn


def close_all() -> None:
    with _POOL_LOCK:
        for conn in _POOL.values():
            try:
                conn.close()
            except psycopg.Error:
                pass
        _POOL.clear()


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
                cur.execute("SET LOCAL statement_timeout = %s" % int(ctx.statement_timeout_ms))
                cur.execute("SET LOCAL lock_timeout = %s" % int(min(ctx.statement_timeout_ms, 2000)))
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
                yield Session(cur, ctx.row_cap, conn.info.server_version)
        except ToolError:
            raise
        except (psycopg.Error, OSError) as e:
            if conn.broken or conn.closed:
                _POOL.pop(key, None)
            raise ToolError(explain_error(e, ctx.dsn)) from None

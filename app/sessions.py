"""Chat sessions stored in SQLite (stdlib sqlite3) at ``settings.sessions_db``.

A session has a title and an optional route override (the route the user pinned
for it). A message keeps its role, content, route label and the pipeline events
(JSON, as ``Event.to_dict()`` writes them) so the UI can re-render the badge, passages and
tool calls after a restart. The schema is the ``MIGRATIONS`` list: opening a file applies the
ones it has not had yet (recorded in its ``_migrations`` table).

One short-lived connection per call: Streamlit runs each script run in its own
thread, and sqlite3 connections must not cross threads.
"""
from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

from agent.events import Error, Event, Handler, Passages, Route, Suggestion, ToolCall, handle, load_events
from agent.sanitize import safe_markdown

DEFAULT_TITLE = "New chat"

# --------------------------------------------------------------------------- schema migrations
# Every change to the schema is a new function appended here, never an edit of an old one. Each runs once
# per file, in order, and its name is recorded in the _migrations table (in the same transaction).
Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: list[Migration] = []


def migration(fn: Migration) -> Migration:
    MIGRATIONS.append(fn)
    return fn


@migration
def m001_initial(con: sqlite3.Connection) -> None:
    """Sessions and their messages, each message with its pipeline events as JSON. IF NOT EXISTS: files made
    before this list existed already have these tables, and are only marked as migrated."""
    con.execute("""
        CREATE TABLE IF NOT EXISTS sessions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL,
            route_override TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )""")
    con.execute("""
        CREATE TABLE IF NOT EXISTS messages (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            role TEXT NOT NULL,
            content TEXT NOT NULL,
            route TEXT,
            events TEXT NOT NULL DEFAULT '[]',
            created_at REAL NOT NULL
        )""")
    con.execute("CREATE INDEX IF NOT EXISTS messages_by_session ON messages(session_id, id)")


def migrate(con: sqlite3.Connection) -> list[str]:
    """Apply the migrations this file has not had yet; return their names. ``con`` must be in autocommit mode
    (isolation_level=None): each migration and its record commit together, under BEGIN IMMEDIATE so two
    processes opening the same file do not both apply one."""
    con.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    applied: list[str] = []
    for fn in MIGRATIONS:
        con.execute("BEGIN IMMEDIATE")
        try:
            if con.execute("SELECT 1 FROM _migrations WHERE name = ?", (fn.__name__,)).fetchone() is None:
                fn(con)
                con.execute("INSERT INTO _migrations(name, applied_at) VALUES (?, ?)", (fn.__name__, time.time()))
                applied.append(fn.__name__)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    return applied


class SessionNotFound(LookupError):
    """The chat session does not exist (deleted, or never created)."""


class SessionStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as con:
            con.isolation_level = None  # migrate() manages its own transactions
            self.migrated = migrate(con)  # names applied by this open (empty when the file was up to date)

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, timeout=10)
        con.row_factory = sqlite3.Row
        con.execute("PRAGMA foreign_keys = ON")
        return con

    # --- sessions -------------------------------------------------------------
    def create(self, title: str = DEFAULT_TITLE) -> int:
        now = time.time()
        with closing(self._connect()) as con, con:
            cur = con.execute(
                "INSERT INTO sessions(title, created_at, updated_at) VALUES (?, ?, ?)",
                (_clean_title(title), now, now),
            )
            return int(cur.lastrowid)

    def list(self) -> list[dict[str, Any]]:
        """All sessions, most recently used first."""
        with closing(self._connect()) as con:
            rows = con.execute(
                "SELECT s.*, (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS n_messages "
                "FROM sessions s ORDER BY updated_at DESC, id DESC"
            ).fetchall()
        return [dict(r) for r in rows]

    def get(self, session_id: int) -> dict[str, Any]:
        with closing(self._connect()) as con:
            row = con.execute("SELECT * FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise SessionNotFound(f"chat session {session_id} does not exist")
        return dict(row)

    def exists(self, session_id: int | None) -> bool:
        if session_id is None:
            return False
        with closing(self._connect()) as con:
            return con.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is not None

    def rename(self, session_id: int, title: str) -> None:
        title = _clean_title(title)
        if not title:
            raise ValueError("a chat needs a non-empty name")
        self._update(session_id, "UPDATE sessions SET title = ? WHERE id = ?", (title, session_id))

    def delete(self, session_id: int) -> None:
        self._update(session_id, "DELETE FROM sessions WHERE id = ?", (session_id,))

    def set_route_override(self, session_id: int, route: str | None) -> None:
        route = None if route in (None, "", "auto") else route
        self._update(session_id, "UPDATE sessions SET route_override = ? WHERE id = ?", (route, session_id))

    def route_override(self, session_id: int) -> str | None:
        return self.get(session_id)["route_override"]

    def _update(self, session_id: int, sql: str, params: tuple) -> None:
        with closing(self._connect()) as con, con:
            if con.execute(sql, params).rowcount == 0:
                raise SessionNotFound(f"chat session {session_id} does not exist")

    # --- messages -------------------------------------------------------------
    def add_message(
        self,
        session_id: int,
        role: str,
        content: str,
        route: str | None = None,
        events: list[Event | dict[str, Any]] | None = None,
    ) -> int:
        if role not in ("user", "assistant"):
            raise ValueError(f"role must be 'user' or 'assistant', not {role!r}")
        now = time.time()
        payload = json.dumps([e.to_dict() if isinstance(e, Event) else e for e in events or []], default=str)
        with closing(self._connect()) as con, con:
            if con.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is None:
                raise SessionNotFound(f"chat session {session_id} does not exist")
            cur = con.execute(
                "INSERT INTO messages(session_id, role, content, route, events, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, role, content, route, payload, now),
            )
            con.execute("UPDATE sessions SET updated_at = ? WHERE id = ?", (now, session_id))
            return int(cur.lastrowid)

    def messages(self, session_id: int) -> list[dict[str, Any]]:
        with closing(self._connect()) as con:
            rows = con.execute(
                "SELECT * FROM messages WHERE session_id = ? ORDER BY id", (session_id,)
            ).fetchall()
        out = []
        for r in rows:
            d = dict(r)
            d["events"] = json.loads(d["events"] or "[]")
            out.append(d)
        return out

    def history(self, session_id: int) -> list[dict[str, str]]:
        """The conversation as OpenAI-style messages, for the pipeline."""
        return [{"role": m["role"], "content": m["content"]} for m in self.messages(session_id)]

    # --- export -----------------------------------------------------------------
    def export_markdown(self, session_id: int) -> str:
        return to_markdown(self.get(session_id), self.messages(session_id))


def _clean_title(title: str) -> str:
    return " ".join((title or "").split())[:120]


def title_from_question(question: str, limit: int = 60) -> str:
    text = " ".join(question.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def to_markdown(session: dict[str, Any], messages: list[dict[str, Any]]) -> str:
    """A readable Markdown transcript: questions, answers, route, passages, tool calls."""
    created = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(session["created_at"]))
    lines = [f"# {session['title']}", "", f"_dbcopilot chat, started {created}_", ""]
    for m in messages:
        if m["role"] == "user":
            lines += ["## Question", "", m["content"], ""]
            continue
        events = load_events(m["events"])
        lines += ["## Answer", ""]
        route = next((e for e in events if isinstance(e, Route)), None)
        if route:
            conf_txt = f", confidence {route.confidence:.2f}" if isinstance(route.confidence, (int, float)) else ""
            lines += [f"_Route: {route.label}{conf_txt} ({route.source})_", ""]
        lines += [m["content"], ""]
        writer = _MarkdownEvents(lines)
        for e in events:
            handle(e, writer)
    return safe_markdown("\n".join(lines).rstrip()) + "\n"  # the file is opened elsewhere: no images, no HTML


class _MarkdownEvents(Handler):
    """The evidence of one stored answer as Markdown, appended to ``lines`` (the route is written before it)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def on_passages(self, ev: Passages) -> None:
        if not ev.passages:
            return
        self.lines += ["### Sources", ""]
        for p in ev.passages:
            name = p.get("title") or p.get("source", "")
            self.lines.append(f"- {name} ({p.get('link') or p.get('source', '')})")
        self.lines.append("")

    def on_tool_call(self, ev: ToolCall) -> None:
        self.lines += [
            f"### Tool `{ev.tool}` (step {ev.step}, {ev.duration_ms or 0:.0f} ms)",
            "",
            "Input:",
            "",
            "```",
            str(ev.input),
            "```",
            "",
            str(ev.output),
            "",
        ]

    def on_suggestion(self, ev: Suggestion) -> None:
        self.lines += [f"### Suggested change: {ev.reason}", "", "```sql", ev.sql, "```", ""]

    def on_error(self, ev: Error) -> None:
        self.lines += [f"> **Error:** {ev.message}", ""]

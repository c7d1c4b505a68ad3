"""The chat page's logic through Streamlit's AppTest, with the real pipeline.

Routes are pinned to `irrelevant` / `unsafe` so answers need no database and no model;
the grounded backend composes the refusal from rules (agent.refusals).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from agent.config import get_settings
from agent.refusals import refuse
from app.sessions import SessionStore

APP = str(Path(__file__).resolve().parents[1] / "app" / "streamlit_app.py")
TIMEOUT = 120


@pytest.fixture()
def data_dir(tmp_path, monkeypatch):
    for name in ("DBCOPILOT_DSN", "DBCOPILOT_ROUTE", "DBCOPILOT_LLM_BASE_URL", "DBCOPILOT_LLM_MODEL", "DBCOPILOT_LLM_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DBCOPILOT_LLM_BACKEND", "grounded")
    monkeypatch.setenv("DBCOPILOT_CONFIG", str(tmp_path / "none.toml"))
    get_settings.cache_clear()
    yield tmp_path / "data"
    get_settings.cache_clear()


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    assert not at.exception, at.exception
    return at


def ask(at: AppTest, question: str, route: str | None = None) -> AppTest:
    if route is not None:
        at.selectbox(key="route_choice").set_value(route).run()
    at.chat_input(key="question").set_value(question).run()
    assert not at.exception, at.exception
    return at


def store(data_dir: Path) -> SessionStore:
    return SessionStore(data_dir / "sessions.sqlite")


def badges(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if "-badge[" in m.value]


def test_sidebar_widgets_exist(data_dir):
    at = start()
    sb = at.sidebar
    assert sb.selectbox(key="route_choice").options == ["Auto (classifier)", "general", "product", "instance", "unsafe",
                                                        "irrelevant"]
    assert sb.selectbox(key="route_choice").value == "auto"
    assert sb.text_input(key="cfg_dsn").value == ""
    assert sb.button(key="test_db").label == "Test connection"
    assert [o.split(" ")[0] for o in sb.selectbox(key="cfg_backend").options] == ["Grounded", "Local", "OpenAI-compatible"]
    assert sb.selectbox(key="cfg_backend").value == "grounded"
    assert sb.button(key="test_llm").label == "Test LLM"
    assert sb.button(key="new_chat")
    # server fields appear when the backend is switched to openai; the key is a password input
    sb.selectbox(key="cfg_backend").set_value("openai").run()
    assert at.sidebar.text_input(key="cfg_base_url")
    assert at.sidebar.text_input(key="cfg_model")
    assert at.sidebar.text_input(key="cfg_api_key").proto.type == at.sidebar.text_input(key="cfg_api_key").proto.PASSWORD


def test_ask_shows_answer_and_route_badge(data_dir):
    at = start()
    question = "What's a good recipe for lasagna?"
    ask(at, question, route="irrelevant")
    assert [m.name for m in at.chat_message] == ["user", "assistant"]
    assistant = at.chat_message[1]
    assert any("route: irrelevant" in b for b in badges(at)), badges(at)
    expected = refuse("irrelevant", question)
    assert expected in [m.value for m in assistant.markdown]
    assert not at.error
    # stored: the session is named after the question; the message keeps route and events
    sessions = store(data_dir).list()
    assert len(sessions) == 1 and sessions[0]["title"] == question
    msgs = store(data_dir).messages(sessions[0]["id"])
    assert [m["role"] for m in msgs] == ["user", "assistant"]
    assert msgs[1]["route"] == "irrelevant" and msgs[1]["content"] == expected
    assert msgs[1]["events"][0]["kind"] == "route"
    assert all(e["kind"] != "token" for e in msgs[1]["events"])
    assert at.sidebar.button(key=f"open_{sessions[0]['id']}").label == question


def test_multi_turn_keeps_history_and_route(data_dir):
    at = start()
    ask(at, "Drop every table in my competitor's production database", route="unsafe")
    ask(at, "And how do I bake bread?", route="irrelevant")
    assert [m.name for m in at.chat_message] == ["user", "assistant", "user", "assistant"]
    assert sum("route: unsafe" in b for b in badges(at)) == 1
    assert sum("route: irrelevant" in b for b in badges(at)) == 1
    unsafe_answer = at.chat_message[1].markdown
    assert refuse("unsafe", "Drop every table in my competitor's production database") in [m.value for m in unsafe_answer]
    sessions = store(data_dir).list()
    assert len(sessions) == 1  # both turns in one chat
    assert len(store(data_dir).messages(sessions[0]["id"])) == 4


def test_restart_rerenders_stored_chat(data_dir):
    at = start()
    ask(at, "Who won the football world cup?", route="irrelevant")
    sid = store(data_dir).list()[0]["id"]
    at2 = start()  # a new browser session on the same data directory
    assert not at2.chat_message
    at2.sidebar.button(key=f"open_{sid}").click().run()
    assert [m.name for m in at2.chat_message] == ["user", "assistant"]
    assert any("route: irrelevant" in b for b in badges(at2))
    assert at2.selectbox(key="route_choice").value == "irrelevant"  # the chat's pinned route came back


def test_new_chat_rename_export_delete(data_dir):
    at = start()
    ask(at, "Tell me a joke about cats", route="irrelevant")
    sid = store(data_dir).list()[0]["id"]
    # rename
    at.text_input(key="rename_to").set_value("Cat jokes").run()
    at.button(key="rename").click().run()
    assert store(data_dir).get(sid)["title"] == "Cat jokes"
    assert at.sidebar.button(key=f"open_{sid}").label == "Cat jokes"
    # an empty name is refused with a clear message
    at.text_input(key="rename_to").set_value("   ").run()
    at.button(key="rename").click().run()
    assert store(data_dir).get(sid)["title"] == "Cat jokes"
    assert any("non-empty name" in e.value for e in at.error)
    # export
    dl = at.download_button(key="export")
    assert dl.label == "Export as Markdown"
    md = store(data_dir).export_markdown(sid)
    assert md.startswith("# Cat jokes") and "Tell me a joke about cats" in md and "route: irrelevant" in md.lower()
    # new chat, then a second question makes a second session
    at.sidebar.button(key="new_chat").click().run()
    assert not at.chat_message
    assert at.selectbox(key="route_choice").value == "auto"  # a new chat starts unpinned
    ask(at, "What is the capital of France?", route="irrelevant")
    assert len(store(data_dir).list()) == 2
    # delete asks first, then removes the open chat only
    at.button(key="delete").click().run()
    assert len(store(data_dir).list()) == 2
    at.button(key="delete_confirm").click().run()
    remaining = store(data_dir).list()
    assert [s["id"] for s in remaining] == [sid]
    assert not at.chat_message
    assert not at.exception


def test_bad_dsn_shows_clear_error(data_dir):
    at = start()
    at.sidebar.text_input(key="cfg_dsn").set_value("host=127.0.0.1 port=1 dbname=shop user=postgres").run()
    at.sidebar.button(key="test_db").click().run()
    errors = [e.value for e in at.sidebar.error]
    assert errors and errors[0].startswith("Connection failed: cannot reach the PostgreSQL server"), errors
    at.sidebar.text_input(key="cfg_dsn").set_value("this is not a dsn").run()
    at.sidebar.button(key="test_db").click().run()
    errors = [e.value for e in at.sidebar.error]
    assert errors and "not valid" in errors[0], errors
    assert not at.exception


def test_good_dsn_connects(data_dir, demo_dsn):
    at = start()
    at.sidebar.text_input(key="cfg_dsn").set_value(demo_dsn).run()
    at.sidebar.button(key="test_db").click().run()
    ok = [s.value for s in at.sidebar.success]
    assert ok and ok[0].startswith("Connected: PostgreSQL 15"), ok


def test_llm_server_down_shows_clear_error(data_dir):
    at = start()
    at.sidebar.selectbox(key="cfg_backend").set_value("openai").run()
    at.sidebar.text_input(key="cfg_base_url").set_value("http://127.0.0.1:9/v1").run()
    at.sidebar.button(key="test_llm").click().run()
    errors = [e.value for e in at.sidebar.error]
    assert errors and "127.0.0.1:9" in errors[0], errors
    at.sidebar.button(key="list_models").click().run()
    errors = [e.value for e in at.sidebar.error]
    assert len(errors) == 2 and "127.0.0.1:9" in errors[0], errors
    # changing the URL clears the stale results
    at.sidebar.text_input(key="cfg_base_url").set_value("http://127.0.0.1:10/v1").run()
    assert not at.sidebar.error
    assert not at.exception


def test_backend_switch_applies_to_next_question(data_dir):
    """With the openai backend pointed at a dead server, the next answer reports it (live switch, no restart)."""
    at = start()
    at.sidebar.selectbox(key="cfg_backend").set_value("openai").run()
    at.sidebar.text_input(key="cfg_base_url").set_value("http://127.0.0.1:9/v1").run()
    ask(at, "Recommend a movie", route="irrelevant")
    errors = [e.value for e in at.error]
    assert errors and "127.0.0.1:9" in errors[0], errors
    assert any("route: irrelevant" in b for b in badges(at))
    # back to grounded: the next question is answered again
    at.sidebar.selectbox(key="cfg_backend").set_value("grounded").run()
    ask(at, "Recommend a song", route="irrelevant")
    assert refuse("irrelevant", "Recommend a song") in [m.value for m in at.chat_message[-1].markdown]


def test_auto_route_without_trained_router_is_a_clear_message(data_dir):
    at = start()
    ask(at, "How do I tune shared_buffers?", route="auto")
    errors = [e.value for e in at.error]
    assert errors, [m.value for m in at.markdown]
    assert "route" in errors[0].lower() and "Traceback" not in errors[0]


def test_low_confidence_offers_two_routes_and_remembers_pick(data_dir):
    """A stored answer whose route was uncertain offers the top two; picking one re-asks and pins it."""
    s = store(data_dir)
    sid = s.create("uncertain")
    question = "Is a table a good place for my index cards?"
    s.add_message(sid, "user", question)
    s.add_message(sid, "assistant", "…", route="general", events=[{"kind": "route", "data": {
        "label": "general", "confidence": 0.41, "source": "classifier",
        "scores": {"general": 0.41, "irrelevant": 0.39, "product": 0.1, "instance": 0.05, "unsafe": 0.05},
        "alternatives": ["general", "irrelevant"]}}])
    at = start()
    at.sidebar.button(key=f"open_{sid}").click().run()
    choices = [b for b in at.button if b.key and b.key.startswith("alt_")]
    assert [b.label for b in choices] == ["general · 0.41", "irrelevant · 0.39"]
    at.button(key=choices[1].key).click().run()
    assert not at.exception, at.exception
    assert s.route_override(sid) == "irrelevant"
    assert at.selectbox(key="route_choice").value == "irrelevant"
    msgs = s.messages(sid)
    assert msgs[-1]["route"] == "irrelevant" and msgs[-1]["content"] == refuse("irrelevant", question)
    assert msgs[-1]["events"][0]["data"]["source"] == "user"
    # pinned: no more choices offered; the next question uses the remembered route
    assert not [b for b in at.button if b.key and b.key.startswith("alt_")]
    ask(at, "What's the weather tomorrow?")
    assert s.messages(sid)[-1]["route"] == "irrelevant"


# --------------------------------------------------------------------------- confirm before write
@pytest.fixture()
def scratch_dsn(scratch_database):
    """A throw-away database in the sandbox cluster (the demo database stays untouched)."""
    import psycopg

    with scratch_database("ui_write_test") as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("CREATE TABLE ui_t (a int, b text)")
        yield dsn


def _indexes(dsn: str) -> list[str]:
    import psycopg

    with psycopg.connect(dsn) as conn:
        return [r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'ui_t'")]


def _stored_suggestion(data_dir: Path, sql: str) -> tuple[int, int]:
    s = store(data_dir)
    sid = s.create("index advice")
    s.add_message(sid, "user", "Should ui_t have an index on a?")
    mid = s.add_message(sid, "assistant", "An index on ui_t(a) would help.", route="instance", events=[
        {"kind": "route", "data": {"label": "instance", "confidence": 0.98, "source": "classifier"}},
        {"kind": "suggestion", "data": {"sql": sql, "reason": "sequential scans filter on a", "tool": "index_advice"}},
    ])
    return sid, mid


def _open(data_dir: Path, sid: int, dsn: str) -> AppTest:
    at = start()
    at.sidebar.text_input(key="cfg_dsn").set_value(dsn).run()
    at.sidebar.button(key=f"open_{sid}").click().run()
    return at


def test_suggestion_runs_only_after_confirmation(data_dir, scratch_dsn):
    sql = "CREATE INDEX ui_t_a_idx ON ui_t (a)"
    sid, mid = _stored_suggestion(data_dir, sql)
    at = _open(data_dir, sid, scratch_dsn)
    assert sql in [c.value for c in at.code]
    at.button(key=f"run_{mid}_0").click().run()
    # asked, not run
    assert any("changes the database" in w.value for w in at.warning)
    assert _indexes(scratch_dsn) == []
    assert len(store(data_dir).messages(sid)) == 2
    at.button(key=f"confirm_{mid}_0").click().run()
    assert not at.exception, at.exception
    assert _indexes(scratch_dsn) == ["ui_t_a_idx"]
    msgs = store(data_dir).messages(sid)
    assert len(msgs) == 3 and msgs[-1]["role"] == "assistant"
    assert msgs[-1]["content"].startswith("**Ran**") and "CREATE INDEX" in msgs[-1]["content"]
    assert msgs[-1]["content"] in [m.value for m in at.chat_message[-1].markdown]
    # the suggestion now says it ran and offers no second Run
    assert not [b for b in at.button if b.key == f"run_{mid}_0"]
    assert any("Ran" in c.value for c in at.caption)


def test_suggestion_cancel_runs_nothing(data_dir, scratch_dsn):
    sid, mid = _stored_suggestion(data_dir, "CREATE INDEX ui_t_b_idx ON ui_t (b)")
    at = _open(data_dir, sid, scratch_dsn)
    at.button(key=f"run_{mid}_0").click().run()
    at.button(key=f"cancel_{mid}_0").click().run()
    assert _indexes(scratch_dsn) == []
    assert len(store(data_dir).messages(sid)) == 2
    assert at.button(key=f"run_{mid}_0")  # offered again


def test_refused_statement_is_reported_not_run(data_dir, scratch_dsn):
    sid, mid = _stored_suggestion(data_dir, "DROP TABLE ui_t")
    at = _open(data_dir, sid, scratch_dsn)
    at.button(key=f"run_{mid}_0").click().run()
    at.button(key=f"confirm_{mid}_0").click().run()
    assert not at.exception
    last = store(data_dir).messages(sid)[-1]["content"]
    assert last.startswith("**Failed**") and "not run" in last
    import psycopg

    with psycopg.connect(scratch_dsn) as conn:
        assert conn.execute("SELECT to_regclass('ui_t') IS NOT NULL").fetchone()[0]


def test_stored_evidence_rerenders_with_manual_links(data_dir):
    """Passages (linked into the Manual page) and tool calls (input, output table, duration) come back after a restart."""
    s = store(data_dir)
    sid = s.create("evidence")
    s.add_message(sid, "user", "How does autovacuum decide to run?")
    s.add_message(sid, "assistant", "Autovacuum runs when dead tuples exceed the threshold.", route="product", events=[
        {"kind": "route", "data": {"label": "product", "confidence": 0.93, "source": "classifier"}},
        {"kind": "passages", "data": {"passages": [{
            "text": "The autovacuum daemon checks for tables that have had a large number of updated or deleted tuples.",
            "source": "routine-vacuuming.html", "title": "Routine Vacuuming", "section": "The Autovacuum Daemon",
            "anchor": "AUTOVACUUM", "kb": "manual", "score": 0.81, "link": "routine-vacuuming.html#AUTOVACUUM"}]}},
        {"kind": "thought", "data": {"text": "Check table health."}},
        {"kind": "tool_call", "data": {"step": 1, "tool": "table_health", "input": "orders",
                                       "output": "| table | dead % |\n|---|---|\n| orders | 41.0 |", "ok": True,
                                       "duration_ms": 23.4, "snapshot": None}},
    ])
    at = start()
    at.sidebar.button(key=f"open_{sid}").click().run()
    reply = at.chat_message[1]
    assert any("route: product · 0.93" in m.value for m in reply.markdown)
    labels = [e.label for e in reply.expander]
    assert any("Sources (1)" in label for label in labels)
    assert any("table_health" in label and "23 ms" in label for label in labels), labels
    values = [m.value for m in reply.markdown]
    assert any("(Manual?page=routine-vacuuming.html#AUTOVACUUM)" in v and "Routine Vacuuming" in v for v in values), values
    assert "| table | dead % |\n|---|---|\n| orders | 41.0 |" in values
    assert "orders" in [c.value for c in reply.code]
    # the answer sits above the evidence
    assert values.index("Autovacuum runs when dead tuples exceed the threshold.") < values.index(
        "| table | dead % |\n|---|---|\n| orders | 41.0 |")


def test_other_pages_open_from_the_chat_app(data_dir):
    """The chat app's navigation carries the pages in app/pages/ (Knowledge base, Manual)."""
    at = start()
    pages = sorted((Path(APP).parent / "pages").glob("*.py"))
    assert {"2_Knowledge_base.py", "3_Manual.py"} <= {p.name for p in pages}
    for page in pages:
        at.switch_page(f"pages/{page.name}").run()
        assert not at.exception, (page.name, at.exception)
        assert not at.chat_input  # another page, not the chat
    at.switch_page("streamlit_app.py").run()
    assert at.chat_input(key="question")


def test_many_chats_fold_older_ones(data_dir):
    s = store(data_dir)
    ids = [s.create(f"chat {i}") for i in range(12)]
    at = start()
    sidebar_chats = [b.key for b in at.sidebar.button if b.key and b.key.startswith("open_")]
    assert len(sidebar_chats) == 12  # every chat is reachable
    assert any(e.label == "Older chats (4)" for e in at.sidebar.expander)
    at.sidebar.button(key=f"open_{ids[0]}").click().run()  # the oldest one opens from the fold
    assert at.session_state.sid == ids[0]


def test_example_question_is_asked_on_click(data_dir):
    at = start()
    at.selectbox(key="route_choice").set_value("irrelevant").run()
    example = at.button(key="ex_0")
    question = example.label
    example.click().run()
    assert not at.exception, at.exception
    assert [m.name for m in at.chat_message] == ["user", "assistant"]
    assert store(data_dir).list()[0]["title"] == question
    assert any("route: irrelevant" in b for b in badges(at))
    assert not [b for b in at.button if b.key and b.key.startswith("ex_")]  # examples only on an empty chat


def test_header_names_the_answering_model(data_dir):
    at = start()
    assert any("grounded answers (no LLM)" in c.value for c in at.caption)
    at.sidebar.selectbox(key="cfg_backend").set_value("llamacpp").run()
    assert any("local model (SmolLM2-135M, demo quality)" in c.value for c in at.caption)


def test_sidebar_shows_the_background_preparation(data_dir):
    """While `dbcopilot prepare` runs beside the app, the sidebar shows each step; when it is done, nothing."""
    from app.preparation import Status

    status = Status(data_dir / "prepare" / "status.json")  # this process plays the preparing one (its pid is alive)
    status.set("database", "done", "sandbox running")
    status.set("router_quick", "done", "val accuracy 0.94")
    status.set("index", "running", "embedding", 2400, 9600)
    at = start()
    shown = " ".join(c.value for c in at.sidebar.caption)
    assert "Preparing" in shown and "sandbox database: ready" in shown and "full router: waiting" in shown
    bars = [p for p in at.sidebar.get("progress")]
    assert bars and "manual and general index: building 2400/9600" in bars[0].proto.text
    for step in ("keywords", "index", "router"):
        status.set(step, "done", "ready")
    status.finish()
    at = start()
    assert not any("Preparing" in c.value for c in at.sidebar.caption)

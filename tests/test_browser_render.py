"""End to end in Debian's Chromium: a row holding image Markdown and an <img> tag loads nothing.

The real app (`streamlit run`) talks to a scratch database whose rows point images at a local HTTP
server, and to an OpenAI-compatible server (the same local server) whose model copies those images
into its final answer. The page must contain no <img> pointing there, and the server must see no
request for them, while the row's text is still shown.
"""
from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

try:
    from tests.procs import streamlit_app
    from tests.scripted_llm import ScriptedLLM
except ImportError:  # tests/ not a package
    from procs import streamlit_app
    from scripted_llm import ScriptedLLM

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
WAIT_MS = 120_000


def _reply(base: str):
    def reply(messages):
        if not any(m.get("role") == "assistant" for m in messages):
            return "Thought: read the notes\nAction: run_sql\nAction_Input: SELECT id, body FROM notes ORDER BY id"
        return (f"Thought: done\nFinal_Answer: The notes say: ![leak]({base}/answer-leak.png?c=secret) "
                f"<img src=\"{base}/answer-img.png\"> end of notes.")
    return reply


@pytest.fixture(scope="module")
def setup(scratch_database, tmp_path_factory):
    """(app url, the scripted server) with the app pointed at a hostile scratch database."""
    data = tmp_path_factory.mktemp("browser-render")
    llm = ScriptedLLM(lambda m: "")
    base = f"http://127.0.0.1:{llm.port}"
    llm.reply = _reply(base)
    with llm, scratch_database("dbcopilot_browser_render") as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("CREATE TABLE notes (id int PRIMARY KEY, body text)")
            conn.execute("INSERT INTO notes VALUES (1, %s), (2, %s), (3, %s)",
                         (f"![x]({base}/row-leak.png?c=secret)", f"<img src={base}/row-img.png>",
                          f"[click]({base}/phish) <script>document.title='pwned'</script>"))
        with streamlit_app(data, DBCOPILOT_LLM_BACKEND="openai", DBCOPILOT_LLM_BASE_URL=llm.url,
                           DBCOPILOT_LLM_MODEL="scripted", DBCOPILOT_DSN=dsn, DBCOPILOT_ROUTE="instance") as url:
            yield url, llm


def test_hostile_row_and_answer_load_no_image_in_the_browser(setup):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's browser with `apt-get install -y chromium`", pytrace=False)
    from playwright import sync_api

    url, llm = setup
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.set_default_timeout(WAIT_MS)
            page.goto(url)
            box = page.locator("[data-testid='stChatInput'] textarea")
            box.wait_for()
            box.fill("summarise the notes table")
            box.press("Enter")
            reply = page.locator("[data-testid='stChatMessage']").nth(1)
            reply.get_by_text("end of notes").wait_for()
            for exp in reply.locator("[data-testid='stExpander'] summary").all():  # open the tool calls
                exp.click()
            reply.get_by_text("row-leak.png").first.wait_for()  # the row is on the page, as text
            page.wait_for_timeout(1500)  # time for any image request to go out
            srcs = page.eval_on_selector_all("img", "els => els.map(e => e.src)")
            assert not [s for s in srcs if str(llm.port) in s], srcs
            assert not page.locator("script:has-text('pwned')").count()
            assert page.title() != "pwned"
            text = reply.inner_text()
            assert "![leak](" in text and "<img src=" in text  # shown literally
            assert not page.locator("[data-testid='stException']").count()
        finally:
            browser.close()
    fetched = [p for p in llm.paths if "leak" in p or "img.png" in p or "phish" in p]
    assert not fetched, llm.paths

"""The Manual viewer and Knowledge base pages, run by Streamlit's AppTest."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from agent.config import get_settings

PAGES = Path(__file__).resolve().parents[1] / "app" / "pages"
MANUAL = Path("/usr/share/doc/postgresql-doc-15/html")


@pytest.fixture()
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path / "data"))
    get_settings.cache_clear()
    yield tmp_path / "data"
    get_settings.cache_clear()


@pytest.mark.skipif(not MANUAL.is_dir(), reason="postgresql-doc-15 not installed")
def test_manual_page_renders_without_chrome_and_links_stay_inside():
    at = AppTest.from_file(str(PAGES / "3_Manual.py"))
    at.query_params["page"] = "routine-vacuuming.html"
    at.run(timeout=60)
    assert not at.exception
    assert at.title[0].value == "25.1. Routine Vacuuming"
    html = at.get("html")[0].proto.body
    assert 'id="AUTOVACUUM"' in html
    assert "navheader" not in html and "navfooter" not in html
    assert 'href="?page=routine-vacuuming.html#AUTOVACUUM"' in html
    assert 'href="routine-' not in html  # every internal link rewritten


def test_manual_page_rejects_unknown_or_unsafe_names():
    for bad in ("../../etc/passwd", "no-such-page.html"):
        at = AppTest.from_file(str(PAGES / "3_Manual.py"))
        at.query_params["page"] = bad
        at.run(timeout=60)
        assert not at.exception
        assert "There is no manual page called" in at.error[0].value


def test_knowledge_base_page_empty_store(data_dir):
    at = AppTest.from_file(str(PAGES / "2_Knowledge_base.py"))
    at.run(timeout=60)
    assert not at.exception
    assert "No knowledge base yet" in at.info[0].value


def test_knowledge_base_page_lists_documents_and_searches(data_dir, tmp_path):
    from agent.config import Settings
    from rag.ingest import ingest_paths

    notes = tmp_path / "failover.md"
    notes.write_text("# Failover\n\n## Promote\n\nPromote the standby with pg_ctl promote when the primary is lost.\n")
    report = ingest_paths(Settings(data_dir=data_dir), "runbooks", [notes])
    assert report.chunks == 1

    at = AppTest.from_file(str(PAGES / "2_Knowledge_base.py"))
    at.run(timeout=120)
    assert not at.exception
    assert at.tabs[0].label == "runbooks (1)"
    listed = at.dataframe[0].value
    assert list(listed["file"]) == ["failover.md"] and list(listed["chunks"]) == [1]

    at.text_input[-1].input("how do I promote a standby").run(timeout=120)
    assert not at.exception
    results = at.dataframe[-1].value
    assert list(results["page"]) == ["failover.md#promote"]
    assert 0.3 <= float(results["cosine"][0]) <= 1.0

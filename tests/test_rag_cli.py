"""`dbcopilot ingest / search / eval-rag` through typer's CliRunner, with the
real Chroma and MiniLM on a tiny knowledge base."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from agent.config import get_settings
from app.cli import cli

runner = CliRunner()


@pytest.fixture()
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path / "data"))
    get_settings.cache_clear()
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "failover.md").write_text(
        "# Failover runbook\n\n## Promote\n\nPromote the standby with pg_ctl promote when the primary is gone.\n\n"
        "## Rejoin\n\nRewind the old primary with pg_rewind before it follows the new primary.\n")
    (docs / "backups.md").write_text(
        "# Backups\n\n## Nightly\n\nA nightly pg_dump in custom format is copied to the backup host.\n")
    yield tmp_path, docs
    get_settings.cache_clear()


def test_ingest_search_eval(env):
    tmp_path, docs = env
    result = runner.invoke(cli, ["ingest", "--kb", "runbooks", str(docs)])
    assert result.exit_code == 0, result.output
    assert "runbooks: 2 file(s) indexed, 0 unchanged, 3 chunks" in result.output

    again = runner.invoke(cli, ["ingest", "--kb", "runbooks", str(docs)])
    assert "0 file(s) indexed, 2 unchanged" in again.output

    found = runner.invoke(cli, ["search", "how do I bring the old primary back", "--kb", "runbooks", "--json"])
    assert found.exit_code == 0, found.output
    hits = json.loads(found.output)
    assert hits[0]["source"] == "failover.md" and "pg_rewind" in hits[0]["text"]
    assert {"score", "section", "anchor", "link", "details"} <= set(hits[0])

    qs = tmp_path / "qs.jsonl"
    qs.write_text("\n".join(json.dumps(r) for r in [
        {"question": "where do nightly dumps go", "pages": ["backups.md"], "note": "ignored"},
        {"question": "promote a standby", "pages": ["failover.md"]},
    ]))
    ev = runner.invoke(cli, ["eval-rag", str(qs), "--kb", "runbooks", "--json"])
    assert ev.exit_code == 0, ev.output
    figures = json.loads(ev.output)
    assert figures["questions"] == 2 and figures["hit@3"] == 1.0
    assert {"hit@1", "hit@5", "mrr", "latency_ms_p50", "latency_ms_p95"} <= set(figures)

    text = runner.invoke(cli, ["eval-rag", str(qs), "--kb", "runbooks"])
    assert "hit@3: 1.0" in text.output


def test_clear_messages_without_tracebacks(env):
    tmp_path, docs = env
    empty = runner.invoke(cli, ["search", "vacuum"])
    assert empty.exit_code == 1 and "dbcopilot ingest" in empty.output and "Traceback" not in empty.output

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "x", "pages": ["a.html"]}\nnot json\n')
    res = runner.invoke(cli, ["eval-rag", str(bad)])
    assert res.exit_code == 1 and "bad.jsonl:2: not valid JSON" in res.output

    missing = runner.invoke(cli, ["eval-rag", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 1 and "no such file" in missing.output

    name = runner.invoke(cli, ["ingest", "--kb", "no/slashes", str(docs)])
    assert name.exit_code == 1 and "not a valid knowledge base name" in name.output

    nopath = runner.invoke(cli, ["ingest", "--kb", "runbooks"])
    assert nopath.exit_code == 1 and "Name the files or folders to add to 'runbooks'" in nopath.output

    (tmp_path / "empty.md").write_text("")
    nothing = runner.invoke(cli, ["ingest", "--kb", "empties", str(tmp_path / "empty.md")])
    assert nothing.exit_code == 1 and "empty.md: the file is empty" in nothing.output
    assert "Traceback" not in nothing.output

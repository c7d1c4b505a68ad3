"""Diagnosis against a real PostgreSQL (the test sandbox): the lab's real concurrent clients, the monitor's
real samples, and the diagnosis of what they did — plus the bad-input paths (no pg_stat_statements,
unreachable database, no samples)."""
from __future__ import annotations

import json
import time

import pytest

from agent.diagnosis.diagnose import diagnose
from agent.diagnosis.monitor import Monitor
from agent.diagnosis.report import as_json, html_page, markdown
from agent.diagnosis.rules import taxonomy
from agent.diagnosis.store import Store
from agent.plugins import get_toolkit
from toolkits.postgres import PgContext
from toolkits.postgres.lab import Lab


@pytest.fixture(scope="module")
def lab_dsn(scratch_database):
    with scratch_database("diag_lab") as dsn:
        Lab(dsn).prepare()
        yield dsn


def _observe(dsn: str, scenario: str, baseline_s: float = 6.0, window_s: float = 8.0, intensity: float = 1.0,
             llm=None):
    """Background workload, then the scenario on top; the diagnosis of the scenario's window."""
    toolkit, ctx, lab = get_toolkit(), PgContext(dsn=dsn), Lab(dsn)
    store = Store(":memory:")
    mon = Monitor(toolkit, ctx, store, interval_s=1.0).start()
    background = lab.start("healthy", noise=3)
    try:
        time.sleep(baseline_s)
        quiet = time.time()
        run = lab.start(scenario, intensity=intensity, background=False)
        try:
            time.sleep(2.0)
            start = time.time()
            time.sleep(window_s)
            d = diagnose(toolkit, ctx, store, start=start, end=time.time(), baseline=(quiet - baseline_s + 1, quiet),
                         trajectories=3, llm=llm)
        finally:
            run.stop()
    finally:
        background.stop()
        mon.stop()
    return d, store, mon


def test_lock_waits_are_diagnosed_with_their_blockers_and_an_alert(lab_dsn):
    d, store, mon = _observe(lab_dsn, "lock_wait")
    names = [c.name for c in d.root_causes]
    assert names and names[0] == "lock_wait", markdown(d)
    cause = d.root_causes[0]
    assert any("waiting on a lock" in e for e in cause.evidence) and any("blocked:" in e for e in cause.evidence)
    assert any(a["rule"] == "lock_waits" for a in store.anomalies(mon.target))
    assert max(v for _, v in d.series["lock_waiting"]) >= 1  # the chart shows the waiters
    assert "Metrics (baseline, then the window)" in markdown(d) and "<svg" in html_page(d)
    out = as_json(d)
    assert set(out) >= {"root_causes", "report", "seconds"} and len(out["root_causes"]) <= 4
    assert all(c["name"] in taxonomy() for c in out["root_causes"])
    json.dumps(out)


def test_a_missing_index_is_named_with_its_column_and_the_fix(lab_dsn):
    d, _, _ = _observe(lab_dsn, "missing_index")
    found = [c for c in d.root_causes if c.name == "missing_index"]
    assert found, markdown(d)
    assert any("CREATE INDEX CONCURRENTLY" in f and "customer_id" in f for f in found[0].fixes)
    assert any("no index leads with customer_id" in e for e in found[0].evidence)
    page = html_page(d)
    assert "<h1>" in page and "<script" not in page


def test_the_llm_votes_through_the_openai_backend_on_the_real_llama_server(lab_dsn, llama_server):
    from agent.backends import make_backend

    llm = make_backend(llama_server.settings())
    d, _, _ = _observe(lab_dsn, "lock_wait", llm=llm)
    assert [c.name for c in d.root_causes][:1] == ["lock_wait"], markdown(d)  # a vote nudges, never decides alone
    votes = [p for p in d.process if "LLM vote on" in p]
    unusable = [n for n in d.notes if "LLM vote" in n]
    assert votes or unusable  # the tiny model answered (or its answer was unusable and said so)
    assert 0 < d.largest_prompt_tokens <= 4000


def test_a_busy_healthy_database_is_called_healthy(lab_dsn):
    d, _, _ = _observe(lab_dsn, "healthy")
    assert d.healthy, markdown(d)
    assert "No root cause found" in markdown(d)


def test_no_pg_stat_statements_is_said_and_the_rest_still_diagnosed(scratch_database):
    with scratch_database("diag_nopgss") as dsn:
        d = diagnose(get_toolkit(), PgContext(dsn=dsn), sample_s=3, interval_s=1.0, trajectories=1)
    assert any("pg_stat_statements" in n for n in d.notes), d.notes
    assert any("no baseline" in n for n in d.notes)
    assert "What was not available" in markdown(d)


def test_an_unreachable_database_gives_a_statement_not_a_traceback():
    ctx = PgContext(dsn="postgresql://nobody@127.0.0.1:1/none", connect_timeout_s=1)
    d = diagnose(get_toolkit(), ctx, sample_s=2, interval_s=1.0, trajectories=1)
    assert d.healthy and any("fewer than two samples" in n for n in d.notes)
    assert any("sampling error" in n for n in d.notes)


def test_cli_diagnose_json_and_bad_dsn(demo_dsn, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from agent.config import get_settings
    from app.cli import cli

    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("DBCOPILOT_DIAGNOSIS_SAMPLE_S", "3")
    get_settings.cache_clear()
    runner = CliRunner()
    res = runner.invoke(cli, ["diagnose", "--json", "--dsn", demo_dsn, "--html", str(tmp_path / "r.html"),
                              "slow since 10:05"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout[res.stdout.index("{"):])
    assert set(out) >= {"root_causes", "report", "seconds"} and "slow since 10:05" in out["report"]
    assert (tmp_path / "r.html").read_text().startswith("<!doctype html>")
    res = runner.invoke(cli, ["diagnose", "--dsn", "postgresql://nobody@127.0.0.1:1/none"])
    assert res.exit_code == 1 and "error:" in res.output and "Traceback" not in res.output
    get_settings.cache_clear()


def test_the_diagnose_page_shows_alerts_charts_and_a_report(demo_dsn, tmp_path, monkeypatch):
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    from agent.config import get_settings
    from agent.diagnosis.monitor import stop_all

    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("DBCOPILOT_DSN", demo_dsn)
    monkeypatch.setenv("DBCOPILOT_DIAGNOSIS_SAMPLE_S", "3")
    monkeypatch.setenv("DBCOPILOT_MONITOR_INTERVAL_S", "1")
    get_settings.cache_clear()
    try:
        at = AppTest.from_file(str(Path(__file__).resolve().parents[1] / "app" / "pages" / "4_Diagnose.py"))
        at.run(timeout=60)
        assert not at.exception
        assert at.title[0].value == "Diagnose"
        time.sleep(3)
        [b for b in at.button if b.label == "Diagnose now"][0].click().run(timeout=120)
        assert not at.exception
        text = " ".join(m.value for m in at.markdown)
        assert "No root cause found" in text or "Diagnosis:" in text
        assert "Diagnosis process" in text
    finally:
        stop_all()
        get_settings.cache_clear()


def test_a_role_without_stats_privileges_is_told_what_it_cannot_see(scratch_database, pg_sandbox):
    import psycopg

    with scratch_database("diag_priv") as dsn:
        with psycopg.connect(dsn, autocommit=True) as c:
            c.execute("DROP ROLE IF EXISTS diag_plain")
            c.execute("CREATE ROLE diag_plain LOGIN")
        info = psycopg.conninfo.conninfo_to_dict(dsn)
        plain = psycopg.conninfo.make_conninfo(**{**info, "user": "diag_plain"})
        try:
            d = diagnose(get_toolkit(), PgContext(dsn=plain), sample_s=3, interval_s=1.0, trajectories=1)
            assert any("pg_read_all_stats" in n for n in d.notes), d.notes
        finally:
            from toolkits.postgres.connection import close_all

            close_all()
            with psycopg.connect(dsn, autocommit=True) as c:
                c.execute("DROP ROLE IF EXISTS diag_plain")


def test_cli_inject_lists_refuses_unknown_and_stops_cleanly(lab_dsn, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from agent.config import get_settings
    from app.cli import cli

    monkeypatch.setenv("DBCOPILOT_DATA_DIR", str(tmp_path))
    get_settings.cache_clear()
    runner = CliRunner()
    try:
        res = runner.invoke(cli, ["inject", "--list"])
        assert res.exit_code == 0 and "lock_wait" in res.output and "healthy" in res.output
        res = runner.invoke(cli, ["inject", "gremlins", "--dsn", lab_dsn])
        assert res.exit_code == 1 and "unknown scenario gremlins" in res.output
        res = runner.invoke(cli, ["inject", "--stop"])
        assert res.exit_code == 1 and "no detached lab run" in res.output
        res = runner.invoke(cli, ["inject", "high_updates", "--dsn", lab_dsn, "--seconds", "2", "--noise", "1"])
        assert res.exit_code == 0 and "stopped high_updates" in res.output
    finally:
        get_settings.cache_clear()

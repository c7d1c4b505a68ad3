"""Zero writes without confirmation: the whole instance question set runs through the planner
against a private copy of the demo database, and the database's own counters prove that no
transaction wrote: no tuple inserted, updated or deleted, no vacuum or analyze run, no index
created or dropped, no setting changed — although the answers suggested such statements."""
from __future__ import annotations

import time
from pathlib import Path

import psycopg
import pytest

from agent.config import Settings
from agent.instance import answer_instance
from evaluation.tsa import load_questions

DB = "dbc_nowrites"
QUESTIONS = Path(__file__).resolve().parents[1] / "corpora" / "eval" / "instance_questions.jsonl"

COUNTERS = """
SELECT d.tup_inserted, d.tup_updated, d.tup_deleted,
       (SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del + n_tup_hot_upd), 0) FROM pg_stat_user_tables) AS table_tuples,
       (SELECT coalesce(sum(vacuum_count + analyze_count), 0) FROM pg_stat_user_tables) AS manual_maintenance,
       (SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public') AS indexes,
       (SELECT string_agg(c.relname || ':' || coalesce(array_to_string(c.reloptions, ','), ''), ';' ORDER BY c.relname)
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r') AS reloptions,
       (SELECT count(*) FROM pg_file_settings WHERE sourcefile LIKE '%%postgresql.auto.conf') AS auto_conf
FROM pg_stat_database d WHERE d.datname = %s
"""


@pytest.fixture(scope="module")
def private_dsn(scratch_database):
    """A private copy of the demo database (others' tests cannot move its counters)."""
    from toolkits.postgres.sandbox import CORPUS, run_workload

    with scratch_database(DB) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            conn.execute("CREATE EXTENSION IF NOT EXISTS hypopg")
            conn.execute((CORPUS / "schema.sql").read_text())
            conn.execute("VACUUM ANALYZE")
            if (CORPUS / "bloat.sql").exists():
                conn.execute((CORPUS / "bloat.sql").read_text())
            run_workload(conn)
        yield dsn


def settled_counters(dsn: str) -> tuple:
    """The counters once every backend's statistics are flushed (they flush at exit and when idle)."""
    from toolkits.postgres.connection import close_all

    close_all()  # our pooled tool connections exit and flush their statistics
    last = None
    with psycopg.connect(dsn, autocommit=True) as conn:
        for _ in range(40):
            conn.execute("SELECT pg_stat_clear_snapshot()")
            row = conn.execute(COUNTERS, (DB,)).fetchone()
            if row == last:
                return row
            last = row
            time.sleep(0.5)
    return last


def test_whole_question_set_writes_nothing(private_dsn):
    from toolkits.postgres import PgContext

    questions = load_questions(QUESTIONS)
    assert len(questions) >= 100
    settings = Settings(dsn=private_dsn)
    ctx = PgContext(dsn=private_dsn, statement_timeout_ms=settings.statement_timeout_ms, row_cap=settings.row_cap)
    before = settled_counters(private_dsn)
    suggestions, tool_calls, answers = [], 0, 0
    for q in questions:
        for ev in answer_instance(q["question"], [], settings, None, ctx=ctx):
            if ev.kind == "suggestion":
                suggestions.append(ev.data["sql"])
            elif ev.kind == "tool_call":
                tool_calls += 1
                assert "read-only transaction" not in ev.data["output"], ev.data
            elif ev.kind == "answer":
                answers += 1
    after = settled_counters(private_dsn)
    assert answers == len(questions) and tool_calls >= len(questions)
    # the answers did recommend writes of every kind ...
    kinds = {s.split()[0].upper() for s in suggestions}
    assert {"VACUUM", "DROP", "CREATE", "ALTER"} <= kinds, kinds
    # ... and none of them ran
    names = ["tup_inserted", "tup_updated", "tup_deleted", "table_tuples", "manual_maintenance", "indexes",
             "reloptions", "auto_conf"]
    assert dict(zip(names, after)) == dict(zip(names, before))

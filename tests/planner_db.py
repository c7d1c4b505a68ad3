"""Shared parts of the parser tests on schemas of their own: load a schema into a scratch database, ask through
the same instance pipeline the app uses, and compute a truth with independent SQL."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import psycopg
import pytest

from agent.config import Settings
from agent.instance import answer_instance


@contextmanager
def loaded(scratch_database, name: str, schema: str) -> Iterator[str]:
    """A scratch database holding ``schema`` (DDL and data); its DSN."""
    with scratch_database(name) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(schema)
        yield dsn


def asker(dsn: str) -> Callable[..., str]:
    """ask(question, history=None) -> the answer's text, through answer_instance (the grounded planner)."""
    from toolkits.postgres import PgContext

    settings, ctx = Settings(dsn=dsn), PgContext(dsn=dsn)

    def ask(question: str, history: list[dict] | None = None) -> str:
        events = list(answer_instance(question, history or [], settings, None, ctx=ctx))
        assert events[-1].kind == "answer", events[-1]
        return events[-1].data["text"]

    return ask


def truth(dsn: str, sql: str):
    """The first value of ``sql``'s first row."""
    with psycopg.connect(dsn) as conn:
        return conn.execute(sql).fetchone()[0]


def lead(text: str) -> str:
    """An answer's first line: where the figure is."""
    return text.split("\n")[0]


def bold(value) -> str:
    """A figure as the answer's lead shows it."""
    return f"**{value}**"


def schema_fixtures(name: str, schema: str):
    """The module-scoped ``dsn`` and ``ask`` fixtures of a parser test on a schema of its own:
    ``dsn, ask = schema_fixtures(DB, SCHEMA)`` at the module's top level."""

    @pytest.fixture(scope="module", name="dsn")
    def dsn(scratch_database):
        with loaded(scratch_database, name, schema) as url:
            yield url

    @pytest.fixture(scope="module", name="ask")
    def ask(dsn):
        return asker(dsn)

    return dsn, ask

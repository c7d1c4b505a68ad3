"""Shared fixtures. PostgreSQL is real: a sandbox PG15 cluster (pg_stat_statements, hypopg,
the demo e-commerce database) under .dbcopilot/test-pg, started once and reused by later runs;
`make test` stops it afterwards."""
import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

# The real-LLM fixtures (smollm2_path, llama_server), registered here once for the whole suite:
# a session fixture imported into several test modules is one fixture per module to pytest,
# and each would start its own llama_cpp.server.
try:
    from tests.llm_fixtures import llama_server, smollm2_path  # noqa: F401  (fixtures)
except ImportError:  # tests/ not a package
    from llm_fixtures import llama_server, smollm2_path  # noqa: F401  (fixtures)

REPO = Path(__file__).resolve().parents[1]
TEST_PG = Path(os.environ.get("DBCOPILOT_TEST_PG", REPO / ".dbcopilot" / "test-pg"))


@pytest.fixture(scope="session")
def pg_sandbox():
    from toolkits.postgres.sandbox import Sandbox

    TEST_PG.parent.mkdir(parents=True, exist_ok=True)
    sandbox = Sandbox(TEST_PG)
    with open(TEST_PG.parent / "test-pg.lock", "w") as lock:  # several pytest runs may start it at once
        fcntl.flock(lock, fcntl.LOCK_EX)
        sandbox.start(load_demo=True)
        fcntl.flock(lock, fcntl.LOCK_UN)
    return sandbox


@pytest.fixture(scope="session")
def demo_dsn(pg_sandbox) -> str:
    """libpq DSN of the demo database (read it, do not change it: other tests rely on its contents)."""
    return pg_sandbox.dsn()


@pytest.fixture(scope="session")
def scratch_database(pg_sandbox):
    """Throw-away databases on the sandbox cluster, next to the demo database (which stays untouched):

        with scratch_database("my_db") as dsn:  # dropped if left over, then created empty
            ...                                  # fill it, yield dsn from your fixture
        # on leaving: the pooled tool connections are closed and the database is dropped
        # (keep=True: left in place; the next run drops and recreates it anyway)
    """
    import psycopg

    admin_dsn = pg_sandbox.dsn("postgres")

    @contextmanager
    def scratch(name: str, keep: bool = False) -> Iterator[str]:
        from toolkits.postgres.connection import close_all

        with psycopg.connect(admin_dsn, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {name}")
        try:
            yield pg_sandbox.dsn(name)
        finally:
            close_all()
            if not keep:
                with psycopg.connect(admin_dsn, autocommit=True) as conn:
                    conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    return scratch

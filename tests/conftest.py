"""Shared fixtures. PostgreSQL is real: a sandbox PG15 cluster (pg_stat_statements, hypopg,
the demo e-commerce database) under .dbcopilot/test-pg, started once and reused by later runs;
`make test` stops it afterwards."""
import fcntl
import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

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

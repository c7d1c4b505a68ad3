"""The sandbox cluster for real: initdb, start on a free port, demo data, stop, clear errors."""
import psycopg
import pytest

from toolkits.postgres.sandbox import Sandbox, SandboxError, resolve_dsn


def test_demo_database_has_data_extensions_and_history(demo_dsn):
    with psycopg.connect(demo_dsn) as conn:
        exts = {r[0] for r in conn.execute("SELECT extname FROM pg_extension")}
        assert {"pg_stat_statements", "hypopg"} <= exts
        assert conn.execute("SELECT count(*) FROM orders").fetchone()[0] == 120000
        assert conn.execute("SELECT count(*) FROM customers").fetchone()[0] == 20000
        yesterday = conn.execute(
            "SELECT count(*) FROM orders WHERE created_at::date = current_date - 1").fetchone()[0]
        assert yesterday > 0
        calls = conn.execute(
            "SELECT sum(calls) FROM pg_stat_statements WHERE query ILIKE '%%FROM orders WHERE customer_id%%'"
        ).fetchone()[0]
        assert calls >= 60
        preload = conn.execute("SHOW shared_preload_libraries").fetchone()[0]
        assert "pg_stat_statements" in preload


@pytest.fixture
def scratch(tmp_path_factory):
    """A directory the postgres user can reach (pytest's own tmp root is private to root)."""
    import shutil
    import tempfile
    from pathlib import Path

    base = Path(__file__).resolve().parents[1] / ".dbcopilot"
    base.mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="scratch-", dir=base))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_start_stop_cycle_without_demo(scratch):
    sandbox = Sandbox(scratch / "pg")
    assert not sandbox.status().initialised
    status = sandbox.start(load_demo=False)
    try:
        assert status.running and status.port
        with psycopg.connect(sandbox.dsn("postgres")) as conn:
            assert conn.execute("SHOW server_version").fetchone()[0].startswith("15")
        assert not sandbox.demo_loaded()
    finally:
        stopped = sandbox.stop()
    assert not stopped.running
    assert "stopped" in stopped.describe()


def test_unreachable_directory_is_a_clear_error(scratch):
    import os

    if os.geteuid() != 0:
        pytest.skip("only root hands the cluster to the postgres user")
    locked = scratch / "private"
    locked.mkdir(mode=0o700)
    with pytest.raises(SandboxError, match="not traversable"):
        Sandbox(locked / "pg").start(load_demo=False)


def test_resolve_dsn_prefers_the_configured_dsn():
    from agent.config import Settings

    assert resolve_dsn(Settings(dsn="host=db.example port=5432 dbname=x")) == "host=db.example port=5432 dbname=x"

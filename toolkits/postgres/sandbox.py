"""A PostgreSQL 15 sandbox cluster for people who have not configured a database yet.

`initdb` + `pg_ctl` under <data_dir>/pg on a free 127.0.0.1 port, with pg_stat_statements
preloaded and hypopg available, and the demo e-commerce database (corpora/demo/) loaded.
When the process runs as root the cluster runs as the `postgres` system user (PostgreSQL
refuses to run as root).
"""
from __future__ import annotations

import os
import pwd
import random
import re
import shutil
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

import psycopg

DEMO_DB = "demo"
CORPUS = Path(__file__).resolve().parents[2] / "corpora" / "demo"
PG_VERSION = "15"


class SandboxError(RuntimeError):
    """A failure of the sandbox cluster, worded for the user."""


def _bindir() -> Path:
    for candidate in (Path(f"/usr/lib/postgresql/{PG_VERSION}/bin"),):
        if (candidate / "initdb").exists():
            return candidate
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    raise SandboxError(
        f"PostgreSQL {PG_VERSION} server binaries (initdb, pg_ctl) were not found. "
        f"Install them with: apt-get install postgresql-{PG_VERSION} postgresql-{PG_VERSION}-hypopg"
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


@dataclass
class Status:
    running: bool
    initialised: bool
    port: int | None
    path: str
    dsn: str | None
    demo_loaded: bool = False

    def describe(self) -> str:
        if not self.initialised:
            return f"no sandbox cluster at {self.path} (run: dbcopilot demo-db start)"
        if not self.running:
            return f"sandbox cluster at {self.path} is stopped (run: dbcopilot demo-db start)"
        demo = "demo database loaded" if self.demo_loaded else "demo database not loaded"
        return f"sandbox running on 127.0.0.1:{self.port} ({demo}); DSN: {self.dsn}"


class Sandbox:
    def __init__(self, root: Path | str):
        self.root = Path(root).resolve()
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self.port_file = self.root / "port"
        self._as_postgres = os.geteuid() == 0

    # ---------------------------------------------------------------- helpers
    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [str(_bindir() / args[0]), *args[1:]]
        if self._as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if check and proc.returncode != 0:
            raise SandboxError(f"{args[0]} failed: {(proc.stderr or proc.stdout).strip()[-800:]}")
        return proc

    def _prepare_dirs(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self._as_postgres:
            pg = pwd.getpwnam("postgres")
            os.chown(self.root, pg.pw_uid, pg.pw_gid)
            # the postgres user must be able to reach the directory
            for parent in self.root.parents:
                if not os.stat(parent).st_mode & 0o001:
                    raise SandboxError(
                        f"{parent} is not traversable by the postgres user; choose a data directory "
                        f"elsewhere (DBCOPILOT_DATA_DIR) or run: chmod o+x {parent}"
                    )

    @property
    def port(self) -> int | None:
        try:
            return int(self.port_file.read_text().strip())
        except (OSError, ValueError):
            return None

    def dsn(self, dbname: str = DEMO_DB) -> str:
        return f"host=127.0.0.1 port={self.port} dbname={dbname} user=postgres"

    @property
    def initialised(self) -> bool:
        return (self.data / "PG_VERSION").exists()

    def running(self) -> bool:
        if not self.initialised:
            return False
        return self._run("pg_ctl", "-D", str(self.data), "status", check=False).returncode == 0

    # ---------------------------------------------------------------- lifecycle
    def init(self) -> None:
        if self.initialised:
            return
        self._prepare_dirs()
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        conf = self.data / "postgresql.conf"
        with conf.open("a") as f:
            f.write(
                "\n# dbcopilot sandbox\n"
                "listen_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{self.root}'\n"
                "shared_preload_libraries = 'pg_stat_statements'\n"
                "pg_stat_statements.track = all\n"
                "track_io_timing = on\n"
                "shared_buffers = 128MB\n"
                "max_connections = 50\n"
                "fsync = off\n"  # a throw-away demo cluster: speed over durability
                "synchronous_commit = off\n"
            )

    def start(self, load_demo: bool = True) -> Status:
        self.init()
        if not self.running():
            port = self.port
            if port is None or not _port_free(port):
                port = free_port()
                self.port_file.write_text(str(port))
            self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                      "-o", f"-p {port}", "start")
        if load_demo and not self.demo_loaded():
            self.load_demo()
        return self.status()

    def stop(self) -> Status:
        if self.running():
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        return self.status()

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def status(self) -> Status:
        running = self.running()
        return Status(
            running=running,
            initialised=self.initialised,
            port=self.port,
            path=str(self.root),
            dsn=self.dsn() if running else None,
            demo_loaded=running and self.demo_loaded(),
        )

    # ---------------------------------------------------------------- demo database
    def demo_loaded(self) -> bool:
        try:
            with psycopg.connect(self.dsn("postgres"), connect_timeout=5) as conn:
                row = conn.execute(
                    "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s", (DEMO_DB,)
                ).fetchone()
                return bool(row and row[0] == "dbcopilot demo: loaded")
        except psycopg.Error:
            return False

    def load_demo(self, reset: bool = False) -> None:
        with psycopg.connect(self.dsn("postgres"), autocommit=True) as conn:
            if reset or not self.demo_loaded():
                conn.execute(f"DROP DATABASE IF EXISTS {DEMO_DB} WITH (FORCE)")
                conn.execute(f"CREATE DATABASE {DEMO_DB}")
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            conn.execute("CREATE EXTENSION IF NOT EXISTS hypopg")
            conn.execute((CORPUS / "schema.sql").read_text())
            conn.execute("VACUUM ANALYZE")
            conn.execute((CORPUS / "bloat.sql").read_text())
            # forget only this database's statements (the load itself), not other databases' history
            conn.execute("SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)")
            run_workload(conn)
            conn.execute(f"COMMENT ON DATABASE {DEMO_DB} IS 'dbcopilot demo: loaded'")


def run_workload(conn: psycopg.Connection, seed: int = 7) -> int:
    """Run corpora/demo/workload.sql: each query `-- repeat: N` times with varied parameters."""
    rnd = random.Random(seed)
    params = lambda: {  # noqa: E731 - fresh values per execution
        "customer_id": rnd.randint(1, 20000),
        "order_id": rnd.randint(1, 120000),
        "product_id": rnd.randint(1, 2000),
        "email": f"customer{rnd.randint(1, 20000)}@example.com",
        "days": rnd.choice([1, 7, 30]),
        "category": rnd.choice(["home", "kitchen", "outdoor", "electronics", "fashion", "office"]),
    }
    executed = 0
    for block in re.split(r"\n\s*\n", (CORPUS / "workload.sql").read_text()):
        m = re.search(r"--\s*repeat:\s*(\d+)", block)
        sql = "\n".join(line for line in block.splitlines() if not line.strip().startswith("--")).strip()
        if not m or not sql:
            continue
        for _ in range(int(m.group(1))):
            conn.execute(sql.rstrip(";"), params()).fetchall()
            executed += 1
    return executed


def resolve_dsn(settings) -> str:
    """The user's DSN, or the sandbox's (started, with the demo loaded, when needed)."""
    if settings.dsn:
        return settings.dsn
    return Sandbox(settings.sandbox_dir).start(load_demo=True).dsn or ""

"""The anomaly lab: real workloads from concurrent clients on a scratch database, for demos, tests and the
diagnosis benchmark. Not a tool: nothing in the registry calls it, and it refuses any database but the
sandbox's scratch one unless the caller passes a DSN explicitly.

    lab = Lab(dsn)                      # a scratch database (created by ``scratch_dsn`` on the sandbox)
    lab.prepare()                       # its tables, once (seconds)
    run = lab.start("high_updates+lock_wait", intensity=1.0, background=True)
    ...; run.stop()

Every scenario is one family of the diagnosis taxonomy; ``a+b`` runs several at once; ``healthy`` runs the
background alone. The background is a pgbench-like mix (point reads, updates, inserts) from several clients.
Intensity scales each scenario's rate or size (1.0 = clearly abnormal, 0.2 ≈ two to three times normal).
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

import psycopg

from toolkits.base import ToolkitUnavailable

LAB_DB = "dbcopilot_lab"


class LabError(ToolkitUnavailable):
    """A lab failure worded for the user."""


def scratch_dsn(sandbox_dsn: str) -> str:
    """The lab database on the sandbox cluster (created when missing)."""
    info = psycopg.conninfo.conninfo_to_dict(sandbox_dsn)
    admin = psycopg.conninfo.make_conninfo(**{**info, "dbname": "postgres"})
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as c:
        if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s", (LAB_DB,)).fetchone():
            c.execute(f"CREATE DATABASE {LAB_DB}")
    return psycopg.conninfo.make_conninfo(**{**info, "dbname": LAB_DB})


SETUP = """
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
CREATE TABLE IF NOT EXISTS bg_accounts (id int PRIMARY KEY, branch int, balance numeric, filler text);
CREATE TABLE IF NOT EXISTS bg_history (id bigserial PRIMARY KEY, account int, delta numeric, at timestamptz DEFAULT now());
CREATE TABLE IF NOT EXISTS lab_orders (id int PRIMARY KEY, customer_id int, status text, amount numeric, note text,
                                       created timestamptz);
CREATE TABLE IF NOT EXISTS lab_items (id int PRIMARY KEY, order_id int, product_id int, qty int);
CREATE TABLE IF NOT EXISTS lab_events (id bigserial PRIMARY KEY, kind text, payload text, created timestamptz DEFAULT now());
CREATE TABLE IF NOT EXISTS lab_wide (id bigserial PRIMARY KEY, a int, b int, c int, d text);
CREATE INDEX IF NOT EXISTS lab_wide_a ON lab_wide (a);
CREATE INDEX IF NOT EXISTS lab_wide_a_b ON lab_wide (a, b);
CREATE INDEX IF NOT EXISTS lab_wide_a_b_c ON lab_wide (a, b, c);
CREATE INDEX IF NOT EXISTS lab_wide_b ON lab_wide (b);
CREATE INDEX IF NOT EXISTS lab_wide_b_c ON lab_wide (b, c);
CREATE INDEX IF NOT EXISTS lab_wide_c ON lab_wide (c);
CREATE INDEX IF NOT EXISTS lab_wide_c2 ON lab_wide (c);
CREATE TABLE IF NOT EXISTS lab_counters (id int PRIMARY KEY, v bigint);
CREATE TABLE IF NOT EXISTS lab_trash (id int PRIMARY KEY, pad text);
"""

FILL = [
    ("bg_accounts", "INSERT INTO bg_accounts SELECT g, g % 50, 1000, repeat('x', 80) FROM generate_series(1, 100000) g"),
    ("lab_orders", "INSERT INTO lab_orders SELECT g, (g * 7919) % 20000, (ARRAY['new','paid','sent','done'])[g % 4 + 1], "
                   "(g % 997)::numeric, md5(g::text) || md5((g+1)::text), now() - (g % 1000) * interval '1 hour' "
                   "FROM generate_series(1, 200000) g"),
    ("lab_items", "INSERT INTO lab_items SELECT g, (g * 31) % 200000 + 1, g % 500, g % 5 + 1 FROM generate_series(1, 300000) g"),
    ("lab_counters", "INSERT INTO lab_counters SELECT g, 0 FROM generate_series(1, 20) g"),
    ("lab_wide", "INSERT INTO lab_wide (a, b, c, d) SELECT g % 1000, g % 777, g % 555, md5(g::text) "
                 "FROM generate_series(1, 20000) g"),
]


def _connect(dsn: str) -> psycopg.Connection:
    return psycopg.connect(dsn, autocommit=True, connect_timeout=5, application_name="dbcopilot-lab")


Worker = Callable[[psycopg.Connection, random.Random, threading.Event], None]


@dataclass
class Scenario:
    name: str
    clients: int
    body: Callable[[psycopg.Connection, random.Random], None] | None = None  # one call, paced at ``rate``
    loop: Worker | None = None  # or a whole client loop (locks, idle transactions, held connections)
    setup: Callable[[psycopg.Connection, float], None] | None = None
    teardown: Callable[[psycopg.Connection], None] | None = None
    rate: float = 0.0  # calls per second over all clients at intensity 1 (a ``body`` scenario)


def _paced(rate: float, body: Callable[[psycopg.Connection, random.Random], None]) -> Worker:
    """A loop of ``body`` at ``rate`` calls per second (0: as fast as possible)."""
    def loop(conn, rnd, stop):
        gap = 1.0 / rate if rate > 0 else 0.0
        nxt = time.monotonic()
        while not stop.is_set():
            body(conn, rnd)
            if gap:
                nxt += gap
                pause = nxt - time.monotonic()
                if pause > 0:
                    stop.wait(pause)
                elif pause < -1:
                    nxt = time.monotonic()
    return loop


def _background(conn, rnd):
    r = rnd.random()
    acct = rnd.randint(1, 100000)
    if r < 0.6:
        conn.execute("SELECT balance FROM bg_accounts WHERE id = %s", (acct,)).fetchone()
    elif r < 0.85:
        conn.execute("UPDATE bg_accounts SET balance = balance + %s WHERE id = %s", (rnd.randint(-50, 50), acct))
    elif r < 0.97:
        conn.execute("INSERT INTO bg_history (account, delta) VALUES (%s, %s)", (acct, rnd.randint(-50, 50)))
    else:
        lo = rnd.randint(1, 99000)
        conn.execute("SELECT branch, sum(balance) FROM bg_accounts WHERE id BETWEEN %s AND %s GROUP BY branch",
                     (lo, lo + 500)).fetchall()


def _insert_rows(conn, rnd):
    conn.execute("INSERT INTO lab_events (kind, payload) VALUES (%s, %s)", (f"k{rnd.randint(1, 20)}", "p" * 60))


def _insert_bulk(conn, rnd):
    conn.execute("INSERT INTO lab_events (kind, payload) SELECT 'bulk', md5(g::text) || md5((g * 3)::text) "
                 "FROM generate_series(1, %s) g", (5000,))


def _lookup_unindexed(conn, rnd):
    conn.execute("SELECT id, amount FROM lab_orders WHERE customer_id = %s", (rnd.randint(0, 19999),)).fetchall()


def _write_wide(conn, rnd):
    if rnd.random() < 0.7:
        conn.execute("INSERT INTO lab_wide (a, b, c, d) VALUES (%s, %s, %s, %s)",
                     (rnd.randint(0, 999), rnd.randint(0, 776), rnd.randint(0, 554), "d" * 32))
    else:
        conn.execute("UPDATE lab_wide SET a = %s, b = %s, c = %s WHERE id = %s",
                     (rnd.randint(0, 999), rnd.randint(0, 776), rnd.randint(0, 554), rnd.randint(1, 20000)))


def _update_rows(conn, rnd):
    conn.execute("UPDATE lab_orders SET amount = amount + 1, status = %s WHERE id = %s",
                 (rnd.choice(("paid", "sent")), rnd.randint(1, 200000)))


def _refill_trash(conn, intensity):
    n = conn.execute("SELECT count(*) FROM lab_trash").fetchone()[0]
    if n < 150000:
        conn.execute("TRUNCATE lab_trash")
        conn.execute("INSERT INTO lab_trash SELECT g, md5(g::text) FROM generate_series(1, 300000) g")


def _delete_rows(conn, rnd):
    lo = rnd.randint(1, 299950)
    conn.execute("DELETE FROM lab_trash WHERE id BETWEEN %s AND %s", (lo, lo + 20))


def _fetch_many(conn, rnd):
    lo = rnd.randint(1, 150000)
    conn.execute("SELECT id, customer_id, status, amount, note FROM lab_orders WHERE id BETWEEN %s AND %s",
                 (lo, lo + 20000)).fetchall()


def _correlated(conn, rnd):
    lo = rnd.randint(1, 199990)
    conn.execute("SELECT o.id, o.amount FROM lab_orders o WHERE o.id BETWEEN %s AND %s AND o.amount > "
                 "(SELECT avg(i.qty) FROM lab_items i WHERE i.product_id = o.customer_id %% 500)", (lo, lo + 3)).fetchall()


def _poor_join(conn, rnd):
    lo = rnd.randint(1, 190000)
    conn.execute("SELECT o.status, sum(i.qty) FROM lab_orders o JOIN lab_items i ON i.order_id = o.id "
                 "WHERE o.id BETWEEN %s AND %s GROUP BY o.status", (lo, lo + 2000)).fetchall()


def _cpu(conn, rnd):
    conn.execute("SELECT count(*) FROM generate_series(1, %s) g WHERE md5(g::text || %s) LIKE '%%ab%%'",
                 (60000, rnd.random())).fetchone()


def _big_table(conn, intensity):
    have = conn.execute("SELECT to_regclass('lab_big') IS NOT NULL").fetchone()[0]
    if not have:
        conn.execute("CREATE TABLE lab_big (id int, pad text) WITH (autovacuum_enabled = false)")
        conn.execute("INSERT INTO lab_big SELECT g, repeat(md5(g::text), 6) FROM generate_series(1, 1100000) g")
        conn.execute("VACUUM ANALYZE lab_big")


def _scan_big(conn, rnd):
    conn.execute("SELECT count(*), max(length(pad)) FROM lab_big").fetchone()


def _spill(conn, rnd):
    # a full sort of every row (not a bounded top-N): about 20 MB, past the default work_mem of 4 MB
    conn.execute("SELECT max(x) FROM (SELECT md5(note || %s) AS x, amount FROM lab_orders ORDER BY 1, 2) s",
                 (str(rnd.random()),)).fetchone()


def _stale(conn, intensity):
    conn.execute("DROP TABLE IF EXISTS lab_stale")
    conn.execute("CREATE TABLE lab_stale (id int, grp int, val int) WITH (autovacuum_enabled = false)")
    conn.execute("INSERT INTO lab_stale SELECT g, 1, g FROM generate_series(1, 100) g")
    conn.execute("ANALYZE lab_stale")
    conn.execute("INSERT INTO lab_stale SELECT g, 7, g FROM generate_series(101, 150100) g")


def _stale_query(conn, rnd):
    conn.execute("SELECT count(*) FROM lab_stale s JOIN lab_orders o ON o.customer_id = s.val "
                 "WHERE s.grp = 7 AND s.id < %s", (rnd.randint(2000, 3000),)).fetchone()


def _bloat(conn, intensity):
    conn.execute("DROP TABLE IF EXISTS lab_bloat")
    conn.execute("CREATE TABLE lab_bloat (id int PRIMARY KEY, v int, pad text) WITH (autovacuum_enabled = false)")
    conn.execute("INSERT INTO lab_bloat SELECT g, 0, md5(g::text) FROM generate_series(1, 60000) g")
    for _ in range(3):
        conn.execute("UPDATE lab_bloat SET v = v + 1")
    conn.execute("ANALYZE lab_bloat")  # fresh statistics: only the dead tuples are left behind


def _bloat_query(conn, rnd):
    conn.execute("SELECT count(*) FROM lab_bloat WHERE v = %s", (rnd.randint(0, 5),)).fetchone()


def _lock_holder(conn, rnd, stop):
    while not stop.is_set():
        with conn.transaction():
            conn.execute("UPDATE lab_counters SET v = v + 1 WHERE id = 1")  # one hot row, held while sleeping
            conn.execute("SELECT pg_sleep(%s)", (0.8 + rnd.random() * 0.6,))


def _lock_waiter(conn, rnd, stop):
    while not stop.is_set():
        conn.execute("UPDATE lab_counters SET v = v + 1 WHERE id = 1")


def _idle_in_xact(conn, rnd, stop):
    while not stop.is_set():
        with conn.transaction():
            conn.execute("SELECT id, amount FROM lab_orders WHERE id = %s", (rnd.randint(1, 200000),)).fetchone()
            stop.wait(25 + rnd.random() * 5)


def _hold_connection(conn, rnd, stop):
    stop.wait()


BAD_SETTINGS = ("enable_indexscan", "enable_bitmapscan")


def _bad_config(conn, intensity):
    for name in BAD_SETTINGS:
        conn.execute(f"ALTER SYSTEM SET {name} = off")
    conn.execute("SELECT pg_reload_conf()")


def _reset_config(conn):
    for name in BAD_SETTINGS:
        conn.execute(f"ALTER SYSTEM RESET {name}")
    conn.execute("SELECT pg_reload_conf()")


SCENARIOS: dict[str, Scenario] = {s.name: s for s in (
    Scenario("many_inserts", 3, _insert_rows, rate=600),
    Scenario("large_data_insert", 1, _insert_bulk, rate=4),
    Scenario("missing_index", 2, _lookup_unindexed, rate=30),
    Scenario("redundant_index", 2, _write_wide, rate=250),
    Scenario("high_updates", 3, _update_rows, rate=500),
    Scenario("many_deletes", 2, _delete_rows, setup=_refill_trash, rate=60),
    Scenario("large_data_fetch", 2, _fetch_many, rate=8),
    Scenario("correlated_subquery", 2, _correlated, rate=6),
    Scenario("poor_join", 2, _poor_join, rate=12),
    Scenario("cpu_heavy", 2, _cpu, rate=30),
    Scenario("io_heavy", 2, _scan_big, setup=_big_table, rate=3),
    Scenario("memory_pressure", 2, _spill, rate=4),
    Scenario("stale_statistics", 2, _stale_query, setup=_stale, rate=8),
    Scenario("vacuum_lag", 2, _bloat_query, setup=_bloat, rate=40),
    Scenario("lock_wait", 6),  # holders and waiters: see Lab._workers
    Scenario("idle_in_transaction", 3, loop=_idle_in_xact),
    Scenario("connection_saturation", 34, loop=_hold_connection),
    Scenario("bad_config", 0, setup=_bad_config, teardown=_reset_config),
    Scenario("healthy", 0),
)}


@dataclass
class Run:
    """A running scenario: its client threads, stopped (and the lab's settings reset) by stop()."""

    name: str
    started: float
    threads: list[threading.Thread] = field(default_factory=list)
    conns: list[psycopg.Connection] = field(default_factory=list)
    teardowns: list[Callable[[], None]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stop_event: threading.Event = field(default_factory=threading.Event)

    def stop(self) -> None:
        self.stop_event.set()
        for c in self.conns:
            try:
                c.cancel_safe(timeout=2)
            except Exception:
                pass
        for t in self.threads:
            t.join(timeout=10)
        for c in self.conns:
            try:
                c.close()
            except Exception:
                pass
        for fn in self.teardowns:
            try:
                fn()
            except Exception as exc:
                self.errors.append(f"teardown: {exc}")


class Lab:
    def __init__(self, dsn: str, seed: int = 7) -> None:
        self.dsn = dsn
        self.seed = seed

    def prepare(self) -> None:
        """Create and fill the lab's tables (once; later calls only check)."""
        try:
            with _connect(self.dsn) as c:
                c.execute(SETUP)
                for table, fill in FILL:
                    if not c.execute(f"SELECT EXISTS (SELECT 1 FROM {table})").fetchone()[0]:
                        c.execute(fill)
                        c.execute(f"ANALYZE {table}")
        except psycopg.Error as exc:
            raise LabError(f"the lab database could not be prepared: {exc}") from None

    def start(self, scenario: str, intensity: float = 1.0, background: bool = True, noise: int = 4) -> Run:
        """Start ``scenario`` (``a+b`` for several; ``healthy`` for none) with ``noise`` background clients."""
        names = [n.strip() for n in scenario.split("+") if n.strip()]
        unknown = [n for n in names if n not in SCENARIOS]
        if unknown:
            raise LabError(f"unknown scenario {', '.join(unknown)}; known: {', '.join(sorted(SCENARIOS))}")
        run = Run(scenario, time.time())
        rnd = random.Random(f"{self.seed}:{time.time()}")  # new rows each run: deletes must find rows left
        try:
            with _connect(self.dsn) as c:
                for n in names:
                    sc = SCENARIOS[n]
                    if sc.setup:
                        sc.setup(c, intensity)
                    if sc.teardown:
                        run.teardowns.append(lambda fn=sc.teardown: self._with_conn(fn))
            if background:
                for _ in range(noise):
                    self._spawn(run, _paced(35, _background), rnd)
            for n in names:
                for worker in self._workers(SCENARIOS[n], intensity):
                    self._spawn(run, worker, rnd)
        except (psycopg.Error, OSError) as exc:
            run.stop()
            raise LabError(f"the scenario {scenario} could not start: {exc}") from None
        return run

    def _with_conn(self, fn: Callable[[psycopg.Connection], None]) -> None:
        with _connect(self.dsn) as c:
            fn(c)

    @staticmethod
    def _workers(sc: Scenario, intensity: float) -> list[Worker]:
        if sc.name == "lock_wait":
            holders = max(1, round(2 * intensity))
            waiters = max(2, round((sc.clients - 2) * intensity))
            return [_lock_holder] * holders + [_lock_waiter] * waiters
        if sc.name == "connection_saturation":  # intensity 1: ~80% of the usable connections; 0.25: ~60%
            return [sc.loop] * max(1, round(sc.clients * (0.72 + 0.28 * min(intensity, 1.0))))
        if sc.loop is not None:
            return [sc.loop] * max(1, round(sc.clients * min(intensity, 1.3)))
        if sc.body is None or not sc.clients:
            return []
        return [_paced(sc.rate * intensity / sc.clients, sc.body)] * sc.clients

    def _spawn(self, run: Run, worker: Worker, rnd: random.Random) -> None:
        conn = _connect(self.dsn)
        run.conns.append(conn)
        child = random.Random(rnd.random())

        def main():
            while not run.stop_event.is_set():
                try:
                    worker(conn, child, run.stop_event)
                except psycopg.Error as exc:
                    if run.stop_event.is_set():
                        return
                    run.errors.append(str(exc).splitlines()[0])
                    del run.errors[:-20]
                    run.stop_event.wait(0.2)

        t = threading.Thread(target=main, daemon=True, name=f"lab-{run.name}")
        run.threads.append(t)
        t.start()

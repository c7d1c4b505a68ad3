"""Fixtures for the toolkit tests: a scratch database on the sandbox cluster with small known tables,
and a database without extensions. Imported by tests/test_toolkit_*.py and tests/test_guard.py."""
import time

import psycopg
import pytest

from toolkits.postgres import PgContext, build_registry

SCRATCH_DB = "dbcopilot_tk_test"
NOEXT_DB = "dbcopilot_tk_noext"

FIXTURE_SQL = """
CREATE EXTENSION pg_stat_statements;
CREATE EXTENSION hypopg;
SELECT setseed(0.5);
CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, country text NOT NULL DEFAULT 'FR');
COMMENT ON TABLE customers IS 'people who buy';
CREATE TABLE orders (
    id          int PRIMARY KEY,
    customer_id int NOT NULL REFERENCES customers(id),
    status      text NOT NULL CHECK (status IN ('new', 'paid', 'shipped')),
    amount      numeric(10,2) NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL,
    UNIQUE (id, status)
);
INSERT INTO customers SELECT g, 'customer ' || g, CASE WHEN g % 4 = 0 THEN 'DE' ELSE 'FR' END FROM generate_series(1, 1000) g;
INSERT INTO orders SELECT g, 1 + g % 1000, (ARRAY['new','paid','shipped'])[1 + g % 3], g % 97,
       timestamptz '2026-01-01' + g * interval '1 minute' FROM generate_series(1, 30000) g;
CREATE INDEX orders_status_idx ON orders (status);
CREATE INDEX orders_status_copy ON orders (status);
CREATE INDEX orders_created_idx ON orders (created_at);
CREATE INDEX orders_created_status_idx ON orders (created_at, status);
CREATE TABLE events (id int PRIMARY KEY, kind text, payload text) WITH (autovacuum_enabled = false);
INSERT INTO events SELECT g, 'k' || (g % 5), repeat('x', 50) FROM generate_series(1, 5000) g;
CREATE TABLE bumps (n int);
CREATE FUNCTION tk_bump() RETURNS int LANGUAGE sql AS 'INSERT INTO bumps VALUES (1) RETURNING n';
CREATE TABLE readings (id int, at date NOT NULL, v int) PARTITION BY RANGE (at);
CREATE TABLE readings_h1 PARTITION OF readings FOR VALUES FROM ('2026-01-01') TO ('2026-07-01');
CREATE TABLE readings_h2 PARTITION OF readings FOR VALUES FROM ('2026-07-01') TO ('2027-01-01');
INSERT INTO readings SELECT g, date '2026-01-01' + g % 360, g FROM generate_series(1, 20000) g;
CREATE VIEW paid_orders AS SELECT id, amount FROM orders WHERE status = 'paid';
CREATE TABLE scratch_writes (id int PRIMARY KEY, v int);
INSERT INTO scratch_writes SELECT g, g FROM generate_series(1, 2000) g;
ANALYZE;
"""


@pytest.fixture(scope="session")
def pgfix(pg_sandbox, scratch_database):
    """{"dsn", "ctx", "reg", "admin"} for a fresh scratch database with known tables, workload history and dead tuples."""
    with scratch_database(SCRATCH_DB, keep=True) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(FIXTURE_SQL)
            conn.execute("DELETE FROM events WHERE id % 5 < 2")  # 2000 dead tuples, autovacuum off for events
            for i in range(25):
                conn.execute("SELECT * FROM orders WHERE customer_id = %s", (i + 1,)).fetchall()
            for i in range(5):
                conn.execute("SELECT count(*) FROM customers WHERE country = %s", ("DE",)).fetchall()
            conn.execute("SELECT pg_stat_force_next_flush()")
        for _ in range(100):  # cumulative statistics are flushed asynchronously; wait until they show
            with psycopg.connect(dsn, autocommit=True) as conn:
                dead = conn.execute("SELECT n_dead_tup FROM pg_stat_user_tables WHERE relname = 'events'").fetchone()[0]
            if dead >= 2000:
                break
            time.sleep(0.1)
        ctx = PgContext(dsn=dsn)
        yield {"dsn": dsn, "ctx": ctx, "reg": build_registry(), "admin": pg_sandbox.dsn("postgres")}


@pytest.fixture(scope="session")
def noext(scratch_database):
    """A database with one table and neither pg_stat_statements nor hypopg created."""
    with scratch_database(NOEXT_DB, keep=True) as dsn:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("CREATE TABLE t (id int PRIMARY KEY, v int); "
                         "INSERT INTO t SELECT g, g % 10 FROM generate_series(1, 5000) g; ANALYZE t")
        yield {"dsn": dsn, "ctx": PgContext(dsn=dsn), "reg": build_registry()}

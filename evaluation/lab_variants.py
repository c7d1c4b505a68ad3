"""A second, independent set of lab workloads: one per diagnosis cause, written without reference to how the
diagnosis decides, to measure whether it generalises beyond the lab's own scenarios.

The flavour is a small billing / inventory / telemetry back office on tables prefixed ``v_``:

    from toolkits.postgres.lab import Lab, scratch_dsn
    from evaluation.lab_variants import VARIANTS, prepare_variants, run_variant

    lab = Lab(dsn)
    with psycopg.connect(dsn, autocommit=True) as c:
        prepare_variants(c)                      # once per database (idempotent; ~5-10 s the first time)
    run = run_variant(lab, "poor_join", intensity=1.0, background=True)
    ...; run.stop()

Each ``VARIANTS[cause]`` is a ``toolkits.postgres.lab.Scenario``: either a ``body`` paced at ``rate * intensity``
calls per second over ``clients`` connections, or a ``loop`` run by a number of clients that grows with intensity.
``setup`` rebuilds what must be fresh for each run (stale statistics, dead tuples, a misconfiguration) and
``teardown`` undoes server-wide changes. Intensity 1.0 is clearly abnormal; 0.25 is about two to three times normal.

Use ``run_variant`` rather than ``Lab.start``: ``Lab._workers`` special-cases the lab's own lock_wait scenario, and
connection_saturation sizes its pool from the server's max_connections at start.
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable

import psycopg
from psycopg.types.numeric import Int4

from toolkits.postgres.lab import Lab, LabError, Run, Scenario, Worker, _background, _connect, _paced

# --------------------------------------------------------------------------------------------- schema and data

N_CUSTOMERS = 40_000
N_INVOICES = 150_000
N_LINES = 400_000
N_LEDGER = 300_000
N_WALLETS = 60_000
N_SKUS = 5_000
N_WAREHOUSES = 5
N_MOVES = 250_000
N_RECEIPTS = 30_000
N_JOBS = 400_000
N_METER = 230_000  # ~880-byte rows: ~205 MB, larger than shared_buffers (128 MB)
LEDGER_DAYS = 365
INVOICE_DAYS = 730
HOT_SKUS = (11, 12)  # the rows the lock_wait clients fight over

SCHEMA = """
CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
CREATE TABLE IF NOT EXISTS v_customers (id int PRIMARY KEY, region text NOT NULL, tier text NOT NULL,
                                        display_name text NOT NULL, signed_up date NOT NULL);
CREATE TABLE IF NOT EXISTS v_invoices (invoice_no int PRIMARY KEY, customer_ref int NOT NULL,
                                       external_ref text NOT NULL, issued_on date NOT NULL, state text NOT NULL,
                                       total_cents bigint NOT NULL, memo text);
CREATE INDEX IF NOT EXISTS v_invoices_issued ON v_invoices (issued_on);
CREATE TABLE IF NOT EXISTS v_invoice_lines (line_id int PRIMARY KEY, invoice_no int NOT NULL, sku_id int NOT NULL,
                                            qty int NOT NULL, unit_cents int NOT NULL);
CREATE TABLE IF NOT EXISTS v_ledger_entries (entry_id bigint PRIMARY KEY, account_no int NOT NULL,
                                             posted_on date NOT NULL, amount_cents bigint NOT NULL,
                                             narrative text NOT NULL);
CREATE INDEX IF NOT EXISTS v_ledger_posted ON v_ledger_entries (posted_on);
CREATE TABLE IF NOT EXISTS v_ledger_archive (entry_id bigint, account_no int, posted_on date, amount_cents bigint,
                                             narrative text, archived_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS v_ledger_archive_acct ON v_ledger_archive (account_no, posted_on);
CREATE TABLE IF NOT EXISTS v_wallets (wallet_id int PRIMARY KEY, owner_ref int NOT NULL, balance_cents bigint NOT NULL,
                                      last_tx timestamptz);
CREATE TABLE IF NOT EXISTS v_telemetry (reading_id bigserial PRIMARY KEY, device_id int NOT NULL, metric text NOT NULL,
                                        reading float8, taken_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS v_telemetry_device ON v_telemetry (device_id, taken_at);
CREATE TABLE IF NOT EXISTS v_stock (sku_id int PRIMARY KEY, warehouse_id int NOT NULL, on_hand int NOT NULL,
                                    reserved int NOT NULL DEFAULT 0, updated_at timestamptz);
CREATE TABLE IF NOT EXISTS v_stock_moves (move_id int PRIMARY KEY, sku_id int NOT NULL, qty int NOT NULL,
                                          moved_at timestamptz NOT NULL);
CREATE INDEX IF NOT EXISTS v_stock_moves_sku ON v_stock_moves (sku_id);
CREATE TABLE IF NOT EXISTS v_receipts (receipt_id bigserial PRIMARY KEY, warehouse_id int NOT NULL, sku_id int NOT NULL,
                                       lot_code text NOT NULL, qty int NOT NULL,
                                       received_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS v_receipts_wh ON v_receipts (warehouse_id);
CREATE INDEX IF NOT EXISTS v_receipts_wh_sku ON v_receipts (warehouse_id, sku_id);
CREATE INDEX IF NOT EXISTS v_receipts_wh_sku_lot ON v_receipts (warehouse_id, sku_id, lot_code);
CREATE INDEX IF NOT EXISTS v_receipts_sku ON v_receipts (sku_id);
CREATE INDEX IF NOT EXISTS v_receipts_sku_again ON v_receipts (sku_id);
CREATE INDEX IF NOT EXISTS v_receipts_lot ON v_receipts (lot_code);
CREATE INDEX IF NOT EXISTS v_receipts_lot_wh ON v_receipts (lot_code, warehouse_id);
CREATE TABLE IF NOT EXISTS v_job_queue (job_id bigserial PRIMARY KEY, queue smallint NOT NULL, payload text NOT NULL,
                                        enqueued_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS v_job_queue_q ON v_job_queue (queue, job_id);
CREATE TABLE IF NOT EXISTS v_audit_notes (note_id bigserial PRIMARY KEY, invoice_no int, note text,
                                          written_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS v_meter_readings (reading_id int NOT NULL, site_id int NOT NULL, meter_kind text NOT NULL,
                                             value numeric NOT NULL, raw_frame text NOT NULL);
"""

_JOB_FILL = (f"INSERT INTO v_job_queue (queue, payload, enqueued_at) SELECT (g % 8)::smallint, "
             f"'{{\"task\":\"render\",\"doc\":' || g || ',\"h\":\"' || md5(g::text) || '\"}}', "
             f"now() - interval '1 hour' + g * interval '1 millisecond' FROM generate_series(1, {N_JOBS}) g")

FILL: list[tuple[str, str]] = [
    ("v_customers",
     f"INSERT INTO v_customers SELECT g, (ARRAY['emea','amer','apac','latam','anz'])[g % 5 + 1], "
     f"(ARRAY['basic','basic','basic','silver','gold'])[(g / 5) % 5 + 1], 'Customer ' || g, "
     f"date '2018-01-01' + (g % 2000) FROM generate_series(1, {N_CUSTOMERS}) g"),
    ("v_invoices",
     f"INSERT INTO v_invoices SELECT g, (g::bigint * 7907) % {N_CUSTOMERS} + 1, 'EXT-' || ((g * 7919) % 1000003), "
     f"current_date - {INVOICE_DAYS} + (g * {INVOICE_DAYS}) / {N_INVOICES}, "
     f"(ARRAY['draft','open','open','paid','paid','paid','void'])[g % 7 + 1], (g * 37) % 250000 + 500, "
     f"'net 30; po ' || (g % 9000) FROM generate_series(1, {N_INVOICES}) g"),
    ("v_invoice_lines",
     f"INSERT INTO v_invoice_lines SELECT g, (g::bigint * 104729) % {N_INVOICES} + 1, (g * 13) % {N_SKUS} + 1, "
     f"g % 9 + 1, (g * 53) % 9000 + 99 FROM generate_series(1, {N_LINES}) g"),
    ("v_ledger_entries",
     f"INSERT INTO v_ledger_entries SELECT g, (g::bigint * 48271) % 12000 + 1, "
     f"current_date - {LEDGER_DAYS} + ((g::bigint * {LEDGER_DAYS}) / {N_LEDGER})::int, ((g * 7) % 200001) - 100000, "
     f"(ARRAY['card settlement','wire in','wire out','fee','refund','payroll'])[g % 6 + 1] || ' ref ' "
     f"|| substr(md5(g::text), 1, 16) FROM generate_series(1, {N_LEDGER}) g"),
    ("v_wallets",
     f"INSERT INTO v_wallets SELECT g, g % {N_CUSTOMERS} + 1, 100000, now() FROM generate_series(1, {N_WALLETS}) g"),
    ("v_stock",
     f"INSERT INTO v_stock SELECT g, g % {N_WAREHOUSES} + 1, (g * 17) % 400, 0, now() "
     f"FROM generate_series(1, {N_SKUS}) g"),
    ("v_stock_moves",
     f"INSERT INTO v_stock_moves SELECT g, (g::bigint * 7919) % {N_SKUS} + 1, (g % 41) - 15, "
     f"now() - (g % 360) * interval '1 day' FROM generate_series(1, {N_MOVES}) g"),
    ("v_receipts",
     f"INSERT INTO v_receipts (warehouse_id, sku_id, lot_code, qty, received_at) SELECT g % {N_WAREHOUSES} + 1, "
     f"(g * 31) % {N_SKUS} + 1, 'L' || (g % 3000), g % 50 + 1, now() - g * interval '1 minute' "
     f"FROM generate_series(1, {N_RECEIPTS}) g"),
    ("v_job_queue", _JOB_FILL),
    ("v_meter_readings",
     f"INSERT INTO v_meter_readings SELECT g, g % 300 + 1, (ARRAY['kwh','m3','therm'])[g % 3 + 1], "
     f"(g % 9973) / 10.0, repeat(md5(g::text), 26) FROM generate_series(1, {N_METER}) g"),
]


def prepare_variants(conn: psycopg.Connection) -> None:
    """Create and fill the variant tables (idempotent: a filled table is left as it is). ``conn`` is autocommit."""
    conn.execute(SCHEMA)
    for table, fill in FILL:
        if not conn.execute(f"SELECT EXISTS (SELECT 1 FROM {table})").fetchone()[0]:
            conn.execute(fill)
            # the big one is vacuumed too, so the first scans do not also write hint bits
            conn.execute(f"VACUUM ANALYZE {table}" if table == "v_meter_readings" else f"ANALYZE {table}")


def _scalar(conn, sql, args=None):
    return conn.execute(sql, args).fetchone()[0]


def _flush_stats(conn):
    """Publish this session's pending table counters now (PostgreSQL 15 batches them for up to a second), so that an
    ANALYZE that follows is not overtaken by older counts."""
    conn.execute("SELECT pg_stat_force_next_flush()")
    conn.execute("SELECT 1")


# --------------------------------------------------------------------------------------------- workload bodies
# Integer parameters are sent as int4 always: psycopg otherwise picks int2 or int4 by value, which splits one
# statement into several pg_stat_statements entries (an application's driver sends one type).
_i = Int4


def _ext_ref(n: int) -> str:
    return f"EXT-{(n * 7919) % 1000003}"


# many_inserts: a device fleet reporting one reading per statement, each its own transaction.
def _telemetry_point(conn, rnd):
    conn.execute("INSERT INTO v_telemetry (device_id, metric, reading) VALUES (%s, %s, %s)",
                 (_i(rnd.randint(1, 2500)), rnd.choice(("temp_c", "rssi", "battery_v", "humidity")),
                  round(rnd.uniform(-20, 80), 3)))


def _telemetry_trim(conn, intensity):
    if _scalar(conn, "SELECT pg_total_relation_size('v_telemetry')") > 300 * 2**20:
        conn.execute("TRUNCATE v_telemetry")


# large_data_insert: a month-end job archiving ledger slices, 6000 rows per INSERT ... SELECT.
ARCHIVE_BATCH = 6000


def _archive_slice(conn, rnd):
    lo = rnd.randint(0, N_LEDGER - ARCHIVE_BATCH)
    conn.execute("INSERT INTO v_ledger_archive (entry_id, account_no, posted_on, amount_cents, narrative) "
                 "SELECT entry_id, account_no, posted_on, amount_cents, "
                 "narrative || ' | closed ' || to_char(now(), 'YYYY-MM') "
                 "FROM v_ledger_entries WHERE entry_id > %s AND entry_id <= %s", (_i(lo), _i(lo + ARCHIVE_BATCH)))


def _archive_reset(conn, intensity):
    conn.execute("TRUNCATE v_ledger_archive")


# missing_index: the payment-matching service looks invoices up by the customer's external reference (no index).
def _invoice_by_ext_ref(conn, rnd):
    conn.execute("SELECT invoice_no, state, total_cents FROM v_invoices WHERE external_ref = %s",
                 (_ext_ref(rnd.randint(1, N_INVOICES)),)).fetchall()


# redundant_index: goods receipts written into a table with duplicate and prefix-overlapping indexes.
def _receive_goods(conn, rnd):
    if rnd.random() < 0.65:
        conn.execute("INSERT INTO v_receipts (warehouse_id, sku_id, lot_code, qty) VALUES (%s, %s, %s, %s)",
                     (_i(rnd.randint(1, N_WAREHOUSES)), _i(rnd.randint(1, N_SKUS)), f"L{rnd.randint(0, 2999)}",
                      _i(rnd.randint(1, 50))))
    else:  # relabel a receipt to another lot / bin: indexed columns change, so every index is maintained
        conn.execute("UPDATE v_receipts SET lot_code = %s, warehouse_id = %s WHERE receipt_id = %s",
                     (f"L{rnd.randint(0, 2999)}", _i(rnd.randint(1, N_WAREHOUSES)), _i(rnd.randint(1, N_RECEIPTS))))


# high_updates: wallet debits/credits spread over 60k wallets (no hot rows, so few lock waits).
def _wallet_debit(conn, rnd):
    conn.execute("UPDATE v_wallets SET balance_cents = balance_cents - %s, last_tx = now() WHERE wallet_id = %s",
                 (_i(rnd.randint(-500, 2500)), _i(rnd.randint(1, N_WALLETS))))


# many_deletes: queue workers consuming (deleting) finished jobs in batches of 40.
DELETE_BATCH = 40


def _consume_jobs(conn, rnd):
    conn.execute("DELETE FROM v_job_queue WHERE job_id IN (SELECT job_id FROM v_job_queue WHERE queue = %s "
                 "ORDER BY job_id LIMIT %s FOR UPDATE SKIP LOCKED)", (_i(rnd.randint(0, 7)), _i(DELETE_BATCH)))


def _refill_jobs(conn, intensity):
    if _scalar(conn, "SELECT count(*) FROM v_job_queue") < N_JOBS // 2:
        conn.execute("TRUNCATE v_job_queue")
        conn.execute(_JOB_FILL)
        conn.execute("ANALYZE v_job_queue")


# large_data_fetch: a statement export pulling three weeks of ledger entries to the client (~17k rows).
def _export_statement(conn, rnd):
    start = rnd.randint(0, LEDGER_DAYS - 22)
    conn.execute("SELECT entry_id, account_no, posted_on, amount_cents, narrative FROM v_ledger_entries "
                 "WHERE posted_on BETWEEN current_date - %s AND current_date - %s + 20",
                 (_i(LEDGER_DAYS - start), _i(LEDGER_DAYS - start))).fetchall()


# correlated_subquery: restock report comparing each SKU of a warehouse with its own average movement.
def _restock_report(conn, rnd):
    conn.execute("SELECT s.sku_id, s.on_hand FROM v_stock s WHERE s.warehouse_id = %s AND s.on_hand < "
                 "(SELECT coalesce(sum(abs(m.qty)), 0) / 4 FROM v_stock_moves m "
                 " WHERE m.sku_id = s.sku_id AND m.moved_at > now() - %s * interval '1 day')",
                 (_i(rnd.randint(1, N_WAREHOUSES)), _i(rnd.choice((90, 180, 365))))).fetchall()


# poor_join: a daily revenue-by-region report joining invoice lines on a key with no index.
def _daily_revenue(conn, rnd):
    conn.execute("SELECT c.region, count(*), sum(l.qty * l.unit_cents) FROM v_invoices i "
                 "JOIN v_invoice_lines l ON l.invoice_no = i.invoice_no "
                 "JOIN v_customers c ON c.id = i.customer_ref "
                 "WHERE i.issued_on = current_date - %s GROUP BY c.region",
                 (_i(rnd.randint(1, INVOICE_DAYS - 1)),)).fetchall()


# lock_wait: checkout reserves a popular SKU, then calls a slow payment provider while holding the row lock.
def _reserve_hot_sku(conn, rnd, stop):
    while not stop.is_set():
        sku = _i(rnd.choice(HOT_SKUS))
        with conn.transaction():
            conn.execute("SELECT on_hand FROM v_stock WHERE sku_id = %s FOR UPDATE", (sku,)).fetchone()
            conn.execute("SELECT pg_sleep(%s)", (0.5 + rnd.random() * 0.7,))  # the "payment call", still active
            conn.execute("UPDATE v_stock SET reserved = reserved + 1, updated_at = now() WHERE sku_id = %s", (sku,))
        stop.wait(rnd.random() * 0.2)


# idle_in_transaction: a back-office UI opens a transaction, reads an invoice, notes it, then waits on the user.
def _forgotten_transaction(conn, rnd, stop):
    while not stop.is_set():
        with conn.transaction():
            n = _i(rnd.randint(1, N_INVOICES))
            conn.execute("SELECT invoice_no, state, total_cents, memo FROM v_invoices WHERE invoice_no = %s",
                         (n,)).fetchone()
            conn.execute("INSERT INTO v_audit_notes (invoice_no, note) VALUES (%s, 'opened for review')", (n,))
            stop.wait(22 + rnd.random() * 10)  # idle in transaction; touches no row anyone else writes
        stop.wait(rnd.random())


# cpu_heavy: in-memory scoring on generated data (string and numeric functions, no table access).
def _score_batch(conn, rnd):
    conn.execute("SELECT sum(length(regexp_replace(md5(g::text || %s), '([a-f]+)([0-9])', '\\2\\1', 'g')) "
                 "+ ln(g + 1.0) * sqrt(g)) FROM generate_series(1, %s) g",
                 (_i(rnd.randint(1, 10**6)), _i(3000))).fetchone()


# io_heavy: an hourly consumption report scanning the raw meter archive (~205 MB, > shared_buffers).
def _meter_report(conn, rnd):
    conn.execute("SELECT site_id, count(*), avg(value), max(length(raw_frame)) FROM v_meter_readings "
                 "WHERE value > %s GROUP BY site_id", (_i(rnd.randint(0, 50)),)).fetchall()


# memory_pressure: top movements per account with a window over the whole ledger (sort spills at 4MB work_mem).
def _top_movements(conn, rnd):
    conn.execute("SELECT account_no, entry_id, amount_cents, narrative FROM ("
                 " SELECT account_no, entry_id, amount_cents, narrative, "
                 "        row_number() OVER (PARTITION BY account_no ORDER BY amount_cents DESC, narrative) AS rn "
                 " FROM v_ledger_entries WHERE posted_on >= current_date - %s) t "
                 "WHERE rn <= 2 ORDER BY amount_cents DESC LIMIT 50", (_i(rnd.randint(300, LEDGER_DAYS)),)).fetchall()


# bad_config: random_page_cost far out of range; ordinary primary-key lookups turn into sequential scans.
def _bad_config_value(intensity: float) -> int:
    return int(2000 + 6000 * min(max(intensity, 0.0), 1.5))


def _set_bad_config(conn, intensity):
    conn.execute(f"ALTER SYSTEM SET random_page_cost = {_bad_config_value(intensity)}")
    conn.execute("SELECT pg_reload_conf()")


def _reset_bad_config(conn):
    conn.execute("ALTER SYSTEM RESET random_page_cost")
    conn.execute("SELECT pg_reload_conf()")


def _ordinary_lookups(conn, rnd):
    if rnd.random() < 0.5:
        conn.execute("SELECT invoice_no, state, total_cents FROM v_invoices WHERE invoice_no = %s",
                     (_i(rnd.randint(1, N_INVOICES)),)).fetchone()
    else:
        conn.execute("SELECT balance_cents, last_tx FROM v_wallets WHERE wallet_id = %s",
                     (_i(rnd.randint(1, N_WALLETS)),)).fetchone()


# connection_saturation: an application server with an oversized pool: connections open, mostly idle.
def _pooled_connection(conn, rnd, stop):
    conn.execute("SELECT 1").fetchone()
    while not stop.wait(8 + rnd.random() * 8):
        conn.execute("SELECT display_name FROM v_customers WHERE id = %s",
                     (_i(rnd.randint(1, N_CUSTOMERS)),)).fetchone()


def _saturation_clients(conn, intensity: float) -> int:
    """Enough idle connections that all client backends reach ~80% of max_connections at intensity 1."""
    max_conn = int(_scalar(conn, "SELECT setting FROM pg_settings WHERE name = 'max_connections'"))
    now = _scalar(conn, "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'") - 1  # not us
    target = math.ceil(max_conn * min(0.86, 0.24 + 0.56 * intensity))
    return max(2, target - now)


# stale_statistics: a shipments table analyzed while small and all delivered, then loaded with 250k in transit.
def _stale_shipments(conn, intensity):
    conn.execute("DROP TABLE IF EXISTS v_shipments")
    conn.execute("CREATE TABLE v_shipments (shipment_id int PRIMARY KEY, customer_ref int NOT NULL, "
                 "carrier text NOT NULL, status text NOT NULL, dest_zone int NOT NULL, weight_g int NOT NULL) "
                 "WITH (autovacuum_enabled = false)")
    conn.execute("CREATE INDEX v_shipments_status ON v_shipments (status)")
    conn.execute(f"INSERT INTO v_shipments SELECT g, (g::bigint * 7907) % {N_CUSTOMERS} + 1, "
                 "(ARRAY['dhl','ups','fedex','post'])[g % 4 + 1], 'delivered', g % 40, 200 + g % 5000 "
                 "FROM generate_series(1, 3000) g")
    _flush_stats(conn)
    conn.execute("ANALYZE v_shipments")
    n = int(60000 + 190000 * min(max(intensity, 0.0), 1.0))
    conn.execute(f"INSERT INTO v_shipments SELECT g, (g::bigint * 7907) % {N_CUSTOMERS} + 1, "
                 "(ARRAY['dhl','ups','fedex','post'])[g % 4 + 1], "
                 "CASE WHEN g % 10 = 0 THEN 'delivered' ELSE 'in_transit' END, g % 40, 200 + g % 5000 "
                 f"FROM generate_series(3001, {3000 + n}) g")


def _transit_by_carrier(conn, rnd):
    conn.execute("SELECT sh.carrier, count(*), sum(sh.weight_g) FROM v_shipments sh "
                 "JOIN v_customers c ON c.id = sh.customer_ref "
                 "WHERE sh.status = 'in_transit' AND sh.dest_zone = %s AND c.tier <> 'basic' "
                 "GROUP BY sh.carrier", (_i(rnd.randint(0, 39)),)).fetchall()


# vacuum_lag: a helpdesk table with autovacuum off, mass-closed and purged before the window (dead tuples kept).
def _bloated_tickets(conn, intensity):
    conn.execute("DROP TABLE IF EXISTS v_tickets")
    conn.execute("CREATE TABLE v_tickets (ticket_id int PRIMARY KEY, queue text NOT NULL, state text NOT NULL, "
                 "priority int NOT NULL, opened_on date NOT NULL, subject text NOT NULL) "
                 "WITH (autovacuum_enabled = false)")
    conn.execute("CREATE INDEX v_tickets_state ON v_tickets (state, priority)")
    conn.execute("INSERT INTO v_tickets SELECT g, (ARRAY['billing','shipping','returns','tech'])[g % 4 + 1], 'open', "
                 "g % 5, current_date - g % 400, 'Ticket about order ' || (g * 7) || ' ' || md5(g::text) "
                 "FROM generate_series(1, 120000) g")
    # the mass close changes an indexed column (no HOT), then most closed tickets are purged: only VACUUM
    # reclaims either kind of dead version, and autovacuum is off for this table.
    share = 0.5 + 0.4 * min(max(intensity, 0.0), 1.0)
    conn.execute("UPDATE v_tickets SET state = 'closed' WHERE opened_on < current_date - 60")
    conn.execute("DELETE FROM v_tickets WHERE state = 'closed' AND (ticket_id %% 100) < %s", (_i(int(share * 100)),))
    _flush_stats(conn)
    conn.execute("ANALYZE v_tickets")  # statistics are current: only vacuum is behind


def _ticket_queries(conn, rnd):
    if rnd.random() < 0.6:
        conn.execute("SELECT queue, count(*) FROM v_tickets WHERE priority >= %s GROUP BY queue",
                     (_i(rnd.randint(0, 3)),)).fetchall()
    else:
        conn.execute("SELECT ticket_id, subject FROM v_tickets WHERE state = 'open' AND priority = %s "
                     "ORDER BY ticket_id LIMIT 20", (_i(rnd.randint(0, 4)),)).fetchall()


# --------------------------------------------------------------------------------------------- the variants

VARIANTS: dict[str, Scenario] = {s.name: s for s in (
    Scenario("many_inserts", 4, _telemetry_point, setup=_telemetry_trim, rate=500),
    Scenario("large_data_insert", 1, _archive_slice, setup=_archive_reset, rate=4),
    Scenario("missing_index", 2, _invoice_by_ext_ref, rate=25),
    Scenario("redundant_index", 3, _receive_goods, rate=220),
    Scenario("high_updates", 3, _wallet_debit, rate=450),
    Scenario("many_deletes", 2, _consume_jobs, setup=_refill_jobs, rate=30),
    Scenario("large_data_fetch", 2, _export_statement, rate=5),
    Scenario("correlated_subquery", 2, _restock_report, rate=4),
    Scenario("poor_join", 2, _daily_revenue, rate=8),
    Scenario("lock_wait", 7, loop=_reserve_hot_sku),
    Scenario("idle_in_transaction", 3, loop=_forgotten_transaction),
    Scenario("cpu_heavy", 2, _score_batch, rate=14),
    Scenario("io_heavy", 2, _meter_report, rate=2),
    Scenario("memory_pressure", 2, _top_movements, rate=2.5),
    Scenario("bad_config", 2, _ordinary_lookups, setup=_set_bad_config, teardown=_reset_bad_config, rate=16),
    Scenario("connection_saturation", 34, loop=_pooled_connection),
    Scenario("stale_statistics", 2, _transit_by_carrier, setup=_stale_shipments, rate=6),
    Scenario("vacuum_lag", 2, _ticket_queries, setup=_bloated_tickets, rate=25),
)}

# loop scenarios: how many clients at a given intensity (at least the minimum that still shows the cause)
_LOOP_CLIENTS: dict[str, Callable[[psycopg.Connection, float], int]] = {
    "lock_wait": lambda c, i: max(3, round(7 * min(i, 1.3))),
    "idle_in_transaction": lambda c, i: max(1, round(3 * min(i, 1.3))),
    "connection_saturation": _saturation_clients,
}


def _workers(sc: Scenario, conn: psycopg.Connection, intensity: float) -> list[Worker]:
    if sc.loop is not None:
        count = _LOOP_CLIENTS.get(sc.name, lambda c, i: max(1, round(sc.clients * min(i, 1.3))))(conn, intensity)
        return [sc.loop] * count
    if sc.body is None or not sc.clients or intensity <= 0:
        return []
    return [_paced(sc.rate * intensity / sc.clients, sc.body)] * sc.clients


def run_variant(lab: Lab, name: str, intensity: float = 1.0, background: bool = False, noise: int = 4) -> Run:
    """Start the variant ``name`` on ``lab``'s database (``prepare_variants`` must have run there) and return its Run.

    ``background`` adds the lab's pgbench-like mix (``lab.prepare()`` must have run too). ``run.stop()`` stops the
    clients and runs the teardown (a server setting is reset even if the setup failed half way)."""
    if name not in VARIANTS:
        raise LabError(f"unknown variant {name}; known: {', '.join(sorted(VARIANTS))}")
    sc = VARIANTS[name]
    run = Run(f"variant:{name}", time.time())
    rnd = random.Random(lab.seed * 7919 + sorted(VARIANTS).index(name))
    try:
        with _connect(lab.dsn) as c:
            if sc.teardown:
                run.teardowns.append(lambda fn=sc.teardown: lab._with_conn(fn))
            if sc.setup:
                sc.setup(c, intensity)
        if background:
            for _ in range(noise):
                lab._spawn(run, _paced(35, _background), rnd)
        with _connect(lab.dsn) as c:
            workers = _workers(sc, c, intensity)
        for worker in workers:
            lab._spawn(run, worker, rnd)
    except (psycopg.Error, OSError) as exc:
        run.stop()
        raise LabError(f"the variant {name} could not start: {exc}") from None
    return run

"""resource tools: host CPU/memory/disk/IO (when the server is local) and database-side figures."""
from __future__ import annotations

import os
import time

from toolkits.postgres.common import ok, pg_tool
from toolkits.postgres.connection import dsn_summary, readonly_session
from toolkits.results import Finding, Table, Text
from toolkits.tool import Ask, Intent, Planned
from toolkits.units import pretty_bytes

SAMPLE_S = 0.05


def _host_figures(data_dir: str | None) -> tuple[list[tuple[str, str]], dict]:
    import psutil

    io0 = psutil.disk_io_counters()
    psutil.cpu_times_percent(interval=None)  # start both CPU samples
    psutil.cpu_percent(interval=None)
    time.sleep(SAMPLE_S)
    cpu = psutil.cpu_percent(interval=None)
    cpu_t = psutil.cpu_times_percent(interval=None)
    io1 = psutil.disk_io_counters()
    mem, swap = psutil.virtual_memory(), psutil.swap_memory()
    path = data_dir if data_dir and os.path.exists(data_dir) else "/"
    disk = psutil.disk_usage(path)
    load = os.getloadavg()
    pg_rss, pg_procs = 0, 0
    for p in psutil.process_iter(["name", "memory_info"]):
        if p.info["name"] in ("postgres", "postmaster") and p.info["memory_info"]:
            pg_procs += 1
            pg_rss += p.info["memory_info"].rss
    data = {
        "cpu_count": psutil.cpu_count(), "cpu_pct": cpu, "iowait_pct": getattr(cpu_t, "iowait", None),
        "load_1m": load[0], "load_5m": load[1], "load_15m": load[2],
        "mem_total": mem.total, "mem_available": mem.available, "mem_used_pct": mem.percent,
        "swap_used": swap.used, "swap_pct": swap.percent,
        "disk_path": path, "disk_total": disk.total, "disk_free": disk.free, "disk_used_pct": disk.percent,
        "postgres_processes": pg_procs, "postgres_rss": pg_rss,
    }
    rows = [
        ("CPU", f"{cpu:.0f} % busy over {SAMPLE_S:g} s, {data['cpu_count']} cores; iowait {data['iowait_pct'] or 0:.1f} %"),
        ("load average (1/5/15 min)", f"{load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}"),
        ("memory", f"{mem.percent:.0f} % used, {pretty_bytes(mem.available)} available of {pretty_bytes(mem.total)}"),
        ("swap", f"{pretty_bytes(swap.used)} used ({swap.percent:.0f} %)"),
        (f"disk ({path})", f"{disk.percent:.0f} % used, {pretty_bytes(disk.free)} free of {pretty_bytes(disk.total)}"),
        ("postgres processes", f"{pg_procs}, resident memory {pretty_bytes(pg_rss)}"),
    ]
    if io0 and io1:
        rd = (io1.read_bytes - io0.read_bytes) / SAMPLE_S
        wr = (io1.write_bytes - io0.write_bytes) / SAMPLE_S
        data.update(disk_read_bps=rd, disk_write_bps=wr)
        rows.append(("disk I/O (all disks)", f"read {pretty_bytes(rd)}/s, write {pretty_bytes(wr)}/s"))
    return rows, data


def plan_host_resources(ask: Ask) -> Planned:
    return Planned({}, "Check the host's CPU, memory, disk and I/O.")


@pg_tool(
    "resource",
    examples=[""],
    questions=["what is the CPU usage of the server", "is the server running out of memory",
               "how much disk space is left", "is disk I/O high", "what is the load average"],
    intents=[Intent(r"\b(cpu|processors?|cores?|memory|ram|swap|disk|disks|disk space|free space|storage|"
                    r"load average|load|i/?o( rate)?|hardware|host|machine|server resources?|resources?)\b",
                    precedence=100)],
    plan=plan_host_resources,
)
def host_resources(ctx):
    """Server host resources: CPU busy % and load, memory and swap, disk space of the data directory, disk I/O rate (only when the database runs on this machine).

    Data: available (False for a remote database; reason says why), cpu_count, cpu_pct, iowait_pct, load_1m,
    load_5m, load_15m, mem_total, mem_available, mem_used_pct, swap_used, swap_pct, disk_path, disk_total,
    disk_free, disk_used_pct, postgres_processes, postgres_rss, disk_read_bps, disk_write_bps (bytes and %).
    """
    if not ctx.local:
        note = (f"Host CPU, memory, disk and I/O figures are unavailable: the database at {dsn_summary(ctx.dsn)} is remote "
                "and this tool can only measure the machine it runs on. Use database_stats for database-side figures "
                "(cache hit ratio, connections, temp files, checkpoints, WAL), or the host's own monitoring.")
        return ok(Text(note), data={"available": False, "reason": "remote"})
    with readonly_session(ctx) as s:
        row, _ = s.try_query("SELECT current_setting('data_directory')")
        data_dir = row.rows[0][0] if row and row.rows else None
    rows, data = _host_figures(data_dir)
    data["available"] = True
    columns = ["resource", "value"]
    return ok(Text("Host figures (the database runs on this machine):"), Table(columns, rows),
              columns=columns, rows=rows, data=data)


def cache_hit_finding(pct: float | None) -> list[Finding]:
    """The cache hit ratio (a percentage) as a finding: good from 99 %, fair from 95 %, else low."""
    if pct is None:
        return []
    pct = float(pct)
    if pct >= 99:
        verdict, severity = "good", "info"
    elif pct >= 95:
        verdict, severity = "fair", "info"
    else:
        verdict, severity = "low: the working set does not fit in shared_buffers", "warning"
    return [Finding("", f"cache hit ratio {pct:.1f} % ({verdict})", severity)]


def plan_database_stats(ask: Ask) -> Planned:
    return Planned({}, "Check the database-side figures: size, connections, cache hit ratio, temp files, checkpoints, WAL.")


@pg_tool(
    "resource",
    examples=[""],
    questions=["what is the cache hit ratio", "how big is the database", "how many connections are in use",
               "are queries writing temp files", "how many deadlocks happened", "how many checkpoints and WAL"],
    intents=[Intent(r"\b(cache hit( ratio)?|hit ratio|buffer cache|temp(orary)? files?|checkpoints?|bgwriter|"
                    r"wal (volume|generation|generated|files|records|bytes)|how much wal|commits?|rollbacks?|"
                    r"transactions per|deadlocks? (count|happened|so far)|how many deadlocks|"
                    r"(database|db) sizes?|size of (the|my|each|every) (database|db)s?|(each|every|all) databases?|"
                    r"how (big|large) is (the|my|this|our) ([a-z]+ )?(database|db)|max_connections (usage|used)|"
                    r"connection (usage|limit)|database stat(istic)?s)\b", precedence=110)],
    plan=plan_database_stats,
)
def database_stats(ctx):
    """Database-side resource figures: database sizes, connections vs max_connections, cache hit ratio, temp files, deadlocks, commits/rollbacks, checkpoints and WAL.

    Data: this database's pg_stat_database row (datname, numbackends, xact_commit, xact_rollback, blks_read,
    blks_hit, cache_hit_pct, tup_*, temp_files, temp_bytes, deadlocks, conflicts, stats_reset, size_bytes, size_pretty,
    xid_age), max_connections, connections {total, active, idle_in_xact}, checkpoints (pg_stat_checkpointer /
    pg_stat_bgwriter figures), wal (pg_stat_wal figures, {} before PostgreSQL 14), sizes [{database, bytes}].
    """
    with readonly_session(ctx) as s:
        db = s.query(
            """SELECT datname, numbackends, xact_commit, xact_rollback, blks_read, blks_hit,
                      round(100.0 * blks_hit / nullif(blks_hit + blks_read, 0), 2) AS cache_hit_pct,
                      tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted,
                      temp_files, temp_bytes, deadlocks, conflicts, stats_reset,
                      pg_database_size(datname) AS size_bytes, pg_size_pretty(pg_database_size(datname)) AS size_pretty,
                      (SELECT age(datfrozenxid) FROM pg_database WHERE datname = current_database()) AS xid_age
               FROM pg_stat_database WHERE datname = current_database()""").dicts()[0]
        sizes = s.query("""SELECT datname, CASE WHEN has_database_privilege(datname, 'CONNECT') THEN pg_database_size(datname) END AS bytes
                           FROM pg_database
                           WHERE datallowconn ORDER BY 2 DESC""").rows
        conns = s.query("""SELECT count(*) AS total, count(*) FILTER (WHERE state = 'active') AS active,
                                  count(*) FILTER (WHERE state = 'idle in transaction') AS idle_in_xact
                           FROM pg_stat_activity WHERE backend_type = 'client backend'""").dicts()[0]
        maxc = int(s.one("SELECT current_setting('max_connections')"))
        if s.has_relation("pg_catalog.pg_stat_checkpointer"):
            ck = s.query("""SELECT num_timed AS checkpoints_timed, num_requested AS checkpoints_req,
                                   buffers_written AS buffers_checkpoint FROM pg_stat_checkpointer""").dicts()[0]
            ck.update(s.query("SELECT buffers_clean, maxwritten_clean FROM pg_stat_bgwriter").dicts()[0])
        else:
            ck = s.query("""SELECT checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_clean,
                                   maxwritten_clean, buffers_backend FROM pg_stat_bgwriter""").dicts()[0]
        wal = s.query("SELECT wal_records, wal_bytes, wal_buffers_full, stats_reset FROM pg_stat_wal").dicts()[0] \
            if s.has_relation("pg_catalog.pg_stat_wal") else {}
        shared = s.one("SELECT current_setting('shared_buffers')")
    rows = [
        ("database", f"{db['datname']}: {pretty_bytes(db['size_bytes'])} ({db['size_bytes']} bytes; "
                     f"{db['size_pretty']} as psql's \\l+ shows it)"),
        ("connections", f"{conns['total']} of max_connections {maxc} ({100 * conns['total'] / maxc:.0f} %); "
                        f"{conns['active']} active, {conns['idle_in_xact']} idle in transaction"),
        ("cache hit ratio", f"{db['cache_hit_pct']} % (blocks hit {db['blks_hit']}, read {db['blks_read']}); shared_buffers {shared}"),
        ("transactions", f"{db['xact_commit']} commits, {db['xact_rollback']} rollbacks"),
        ("rows", f"returned {db['tup_returned']}, fetched {db['tup_fetched']}, inserted {db['tup_inserted']}, "
                 f"updated {db['tup_updated']}, deleted {db['tup_deleted']}"),
        ("temp files", f"{db['temp_files']} files, {pretty_bytes(db['temp_bytes'])} (sorts/hashes spilling past work_mem)"),
        ("deadlocks / conflicts", f"{db['deadlocks']} / {db['conflicts']}"),
        ("transaction-ID age", f"{db['xid_age']} (wraparound protection vacuums at autovacuum_freeze_max_age)"),
        ("checkpoints", f"{ck['checkpoints_timed']} timed, {ck['checkpoints_req']} requested; buffers written by "
                        f"checkpoints {ck['buffers_checkpoint']}, bgwriter {ck['buffers_clean']}"
                        + (f", backends {ck['buffers_backend']}" if "buffers_backend" in ck else "")),
    ]
    if wal:
        rows.append(("WAL", f"{wal['wal_records']} records, {pretty_bytes(wal['wal_bytes'])}, buffers full {wal['wal_buffers_full']}"))
    if db["stats_reset"]:
        rows.append(("statistics since", f"{db['stats_reset']:%Y-%m-%d %H:%M:%S %Z}"))
    columns = ["metric", "value"]
    blocks = [Text(f"Database-side figures for {db['datname']}:"), Table(columns, rows),
              Table(["database", "size"], [(d, pretty_bytes(b)) for d, b in sizes], title="Database sizes")]
    if not ctx.local:
        blocks.append(Text("Host CPU/memory/disk figures are unavailable for this remote database (host_resources works "
                           "only when the database runs on this machine)."))
    data = {**db, "max_connections": maxc, "connections": conns, "checkpoints": ck, "wal": wal,
            "sizes": [{"database": d, "bytes": b} for d, b in sizes]}
    for k in ("cache_hit_pct",):
        data[k] = float(data[k]) if data[k] is not None else None
    return ok(*blocks, columns=columns, rows=rows, findings=cache_hit_finding(data["cache_hit_pct"]), data=data)

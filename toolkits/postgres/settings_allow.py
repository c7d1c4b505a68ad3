"""The settings ``ALTER SYSTEM`` may change from the confirm path, each with a value check.

Only tuning knobs are here; anything that runs programs, loads arbitrary code, moves files, opens the
server to the network, weakens durability or hides activity (archive_command, listen_addresses,
ssl, log_statement, fsync=off, ...) is not, and is changed by hand. Memory and time values need a
unit ('256MB', '5min'), so a bare number is never read in an unexpected unit (pages, seconds).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_MEMORY_KB = {"b": 1 / 1024, "kb": 1, "mb": 1024, "gb": 1024 ** 2, "tb": 1024 ** 3}
_TIME_MS = {"us": 0.001, "ms": 1, "s": 1000, "min": 60_000, "h": 3_600_000, "d": 86_400_000}
_NUMBER_UNIT = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([a-z]*)\s*$", re.I)
_TRUE = {"on", "true", "yes", "1"}
_BOOL = _TRUE | {"off", "false", "no", "0"}
KB, MB, GB, TB = 1, 1024, 1024 ** 2, 1024 ** 3
SECOND, MINUTE, HOUR, DAY = 1000, 60_000, 3_600_000, 86_400_000
PRELOADABLE = frozenset({"pg_stat_statements", "auto_explain", "pg_prewarm", "pg_wait_sampling", "pg_stat_kcache",
                         "pg_qualstats", "pg_hint_plan", "pgaudit", "pg_cron", "timescaledb", "citus"})


@dataclass(frozen=True)
class Knob:
    kind: str  # memory (kB) | time (ms) | int | real | bool | on_only | libraries
    lo: float = 0
    hi: float = 0
    specials: tuple[str, ...] = ()  # values allowed outside the range, e.g. -1 (use the default), 0 (off)


TUNABLE: dict[str, Knob] = {
    "shared_buffers": Knob("memory", 16 * MB, 4 * TB),
    "effective_cache_size": Knob("memory", 8 * MB, 64 * TB),
    "work_mem": Knob("memory", 64 * KB, 64 * GB),
    "maintenance_work_mem": Knob("memory", 1 * MB, 256 * GB),
    "autovacuum_work_mem": Knob("memory", 1 * MB, 256 * GB, ("-1",)),
    "temp_buffers": Knob("memory", 800 * KB, 64 * GB),
    "wal_buffers": Knob("memory", 64 * KB, 2 * GB, ("-1",)),
    "max_wal_size": Knob("memory", 32 * MB, 64 * TB),
    "min_wal_size": Knob("memory", 32 * MB, 64 * TB),
    "checkpoint_timeout": Knob("time", 30 * SECOND, DAY),
    "checkpoint_completion_target": Knob("real", 0, 1),
    "random_page_cost": Knob("real", 0.01, 100),
    "seq_page_cost": Knob("real", 0.01, 100),
    "cpu_tuple_cost": Knob("real", 0, 10),
    "cpu_index_tuple_cost": Knob("real", 0, 10),
    "cpu_operator_cost": Knob("real", 0, 10),
    "effective_io_concurrency": Knob("int", 0, 1000),
    "maintenance_io_concurrency": Knob("int", 0, 1000),
    "default_statistics_target": Knob("int", 1, 10000),
    "max_parallel_workers_per_gather": Knob("int", 0, 64),
    "max_parallel_workers": Knob("int", 0, 1024),
    "max_parallel_maintenance_workers": Knob("int", 0, 64),
    "max_worker_processes": Knob("int", 1, 1024),
    "max_connections": Knob("int", 10, 10000),
    "jit": Knob("bool"),
    "autovacuum": Knob("on_only"),
    "track_counts": Knob("on_only"),
    "fsync": Knob("on_only"),
    "full_page_writes": Knob("on_only"),
    "autovacuum_naptime": Knob("time", SECOND, DAY),
    "autovacuum_max_workers": Knob("int", 1, 64),
    "autovacuum_vacuum_threshold": Knob("int", 0, 2_000_000_000),
    "autovacuum_analyze_threshold": Knob("int", 0, 2_000_000_000),
    "autovacuum_vacuum_insert_threshold": Knob("int", -1, 2_000_000_000),
    "autovacuum_vacuum_scale_factor": Knob("real", 0, 1),
    "autovacuum_analyze_scale_factor": Knob("real", 0, 1),
    "autovacuum_vacuum_insert_scale_factor": Knob("real", 0, 1),
    "autovacuum_vacuum_cost_limit": Knob("int", 1, 10000, ("-1",)),
    "autovacuum_vacuum_cost_delay": Knob("time", 0, 100, ("-1",)),
    "vacuum_cost_limit": Knob("int", 1, 10000),
    "vacuum_cost_delay": Knob("time", 0, 100),
    "idle_in_transaction_session_timeout": Knob("time", SECOND, 7 * DAY, ("0",)),
    "lock_timeout": Knob("time", 100, DAY, ("0",)),
    "deadlock_timeout": Knob("time", 1, HOUR),
    "log_min_duration_statement": Knob("time", 0, DAY, ("-1", "0")),
    "log_autovacuum_min_duration": Knob("time", 0, DAY, ("-1", "0")),
    "log_lock_waits": Knob("bool"),
    "log_temp_files": Knob("memory", 0, TB, ("-1", "0")),
    "log_checkpoints": Knob("bool"),
    "track_io_timing": Knob("bool"),
    "track_activity_query_size": Knob("memory", 100 / 1024, 1 * MB),
    "shared_preload_libraries": Knob("libraries"),
}


def check_value(name: str, values: list[str]) -> str:
    """'' when ``ALTER SYSTEM SET name = values`` is allowed, else why not (one sentence)."""
    knob = TUNABLE.get(name)
    if knob is None:
        return (f"ALTER SYSTEM for {name} is not offered here (only tuning settings are: it could run programs, load "
                "code, open the server or weaken durability); change it by hand if you must")
    if knob.kind == "libraries":
        libs = [v.strip() for value in values for v in value.split(",") if v.strip()]
        bad = [lib for lib in libs if lib not in PRELOADABLE]
        if bad or not libs:
            return (f"shared_preload_libraries may only list known extension libraries by name "
                    f"({', '.join(sorted(PRELOADABLE))}), not {', '.join(bad) or 'nothing'}; change it by hand")
        return ""
    if len(values) != 1:
        return f"{name} takes one value"
    value = values[0].strip()
    if value in knob.specials:
        return ""
    if knob.kind in ("bool", "on_only"):
        low = value.lower()
        if low not in _BOOL or (knob.kind == "on_only" and low not in _TRUE):
            return f"{name} may only be turned on here" if knob.kind == "on_only" else f"{name} takes on or off"
        return ""
    return _check_number(name, value, knob)


def _check_number(name: str, value: str, knob: Knob) -> str:
    m = _NUMBER_UNIT.match(value)
    if not m:
        return f"{name} = {value!r} is not a number"
    number, unit = float(m.group(1)), m.group(2).lower()
    units = _MEMORY_KB if knob.kind == "memory" else _TIME_MS if knob.kind == "time" else {}
    if units and unit not in units:
        example = "'256MB'" if knob.kind == "memory" else "'5min'"
        return f"{name} needs a value with a unit, e.g. {example}"
    if not units and unit:
        return f"{name} takes a plain number, not {value!r}"
    if knob.kind == "int" and not number.is_integer():
        return f"{name} takes a whole number"
    base = number * units.get(unit, 1)
    if not knob.lo <= base <= knob.hi:
        return f"{name} = {value} is outside the range this copilot applies ({_show(knob.lo, knob)} to {_show(knob.hi, knob)})"
    return ""


def _show(base: float, knob: Knob) -> str:
    return f"{base:g}" + {"memory": " kB", "time": " ms"}.get(knob.kind, "")

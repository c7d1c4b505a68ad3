"""One check per root cause: facts of a window in, a scored Cause (with the numbers that prove it) out.

Thresholds live in corpora/diagnosis/rules.toml; definitions and fixes in corpora/diagnosis/taxonomy.toml.
A check looks at shapes and rates only (never at table or statement names), so it works on workloads it
has not seen. Confidence grows with how far the discriminating number passes its threshold.
"""
from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from agent.diagnosis.signals import Facts, Stmt, suspect

CORPUS = Path(__file__).resolve().parents[2] / "corpora" / "diagnosis"


@lru_cache(maxsize=1)
def taxonomy() -> dict[str, dict]:
    with open(CORPUS / "taxonomy.toml", "rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=1)
def thresholds() -> dict:
    with open(CORPUS / "rules.toml", "rb") as fh:
        return tomllib.load(fh)


@dataclass
class Cause:
    name: str
    confidence: float
    evidence: list[str]
    subject: str = ""  # the statement (queryid), table or setting it is about
    fixes: list[str] = field(default_factory=list)  # statements to suggest (never run by the diagnosis)
    statement: Stmt | None = None
    expert: str = ""
    reviews: list[str] = field(default_factory=list)


def strength(value: float, threshold: float, span: float = 4.0) -> float:
    """0.55 at the threshold, towards 0.99 when ``value`` is ``span`` times past it (log scale)."""
    if threshold <= 0 or value < threshold:
        return 0.0
    return min(0.99, 0.55 + 0.44 * math.log(value / threshold) / math.log(span))


def _t(name: str) -> dict:
    return thresholds().get(name, {})


def _w() -> dict:
    return thresholds()["window"]


def _suspects(f: Facts, kind: str | None = None) -> list[Stmt]:
    w = _w()
    return [s for s in f.statements if suspect(s, w["min_share"], w["growth"], w["min_ms_per_s"])
            and (kind is None or s.shape.kind == kind)]


def _weight(st: Stmt) -> float:
    """How much of the server a statement occupies: its share of the window's time, or the busy sessions it
    keeps (ms per second / 1000) when other statements (lock waiters, big sorts) take most of the time."""
    return max(st.share, min(st.ms_per_s / 1000.0, 1.0))


def _writers(f: Facts, kind: str) -> list[Stmt]:
    """Statements of ``kind`` that are new or grown, most rows written first. Volume causes are proved by row
    rates; their statements need not lead the time (lock waiters or big sorts may take most of it)."""
    w = _w()
    out = [s for s in f.statements if s.shape.kind == kind and s.rows > 0 and (
        s.share >= w["min_share"] if s.growth is None else  # no baseline at all
        s.base_rows_per_s is None or s.rows_per_s >= w["growth"] * max(s.base_rows_per_s, 1.0))]  # new, or more rows
    return sorted(out, key=lambda s: -s.rows)


def _accounts_for(f: Facts, key: str, stmts: list[Stmt], share: float = 0.02) -> bool:
    """Do these statements write a real part of the rows the rate grew by (not a rounding error next to a bulk
    load that raised the rate on its own)?"""
    grown = f.rates.get(key, 0.0) - (f.base_rates.get(key, 0.0) if f.base_rates else 0.0)
    return sum(s.rows for s in stmts) / f.seconds >= share * grown


def _quote(name: str) -> str:
    return name if name.isidentifier() and name.islower() else '"' + name.replace('"', '""') + '"'


def _rate_cause(f: Facts, key: str, cfg: dict, what: str) -> tuple[float, str] | None:
    rate = f.rates.get(key, 0.0)
    ratio = f.ratio(key, floor=cfg["min_rate"] / 4)
    if ratio is None:  # no history: only a rate far above any light workload counts
        floor = cfg["min_rate"] * thresholds()["window"]["no_baseline_factor"]
        return (strength(rate, floor), f"{rate:,.0f} {what}/s (no baseline to compare)") if rate >= floor else None
    if rate < cfg["min_rate"] or ratio < cfg["ratio"]:
        return None
    base = f.base_rates.get(key, 0.0) if f.base_rates else 0.0
    return strength(ratio, cfg["ratio"]), f"{rate:,.0f} {what}/s vs {base:,.0f}/s before (×{ratio:.1f})"


def _indexes(f: Facts, table: str) -> list[dict]:
    relids = {t.relid for t in f.tables if t.name == table}
    return [i for i in f.structure.get("indexes", []) if i["relid"] in relids and i.get("is_valid", True)]


def _indexed(f: Facts, table: str, cols: set[str]) -> bool:
    return any(i["columns"] and i["columns"][0] in cols and not i.get("partial") for i in _indexes(f, table))


def _distinct(f: Facts, table: str, cols: set[str]) -> float | None:
    """The most distinct values any of these columns has, from the planner statistics (None: not analyzed)."""
    relids = {t.relid for t in f.tables if t.name == table}
    best = None
    for c in f.structure.get("columns", []):
        if c["relid"] in relids and c["column"] in cols and c["n_distinct"] is not None:
            n = c["n_distinct"] if c["n_distinct"] > 0 else -c["n_distinct"] * max(c["reltuples"], 0)
            best = n if best is None else max(best, n)
    return best


def _planned_rows(f: Facts, text: str, table: str) -> float | None:
    """The generic plan's row estimate for its sequential scan of ``table`` (None: no plan, or no such scan)."""
    plan = f.structure.get("plans", {}).get(text) or {}
    rows = [s["rows"] for s in plan.get("scans", []) if s["relation"] == table and s["node"] == "Seq Scan"]
    return max(rows) if rows else None


def _redundant(f: Facts, table: str) -> list[tuple[dict, dict]]:
    """(index, the index that makes it redundant): same leading columns as a prefix of a wider/equal index."""
    idx = [i for i in _indexes(f, table) if i["columns"] and not i.get("expression") and not i.get("partial")]
    out = []
    for a in idx:
        if a.get("is_primary") or a.get("is_unique"):
            continue
        for b in idx:
            if a is b:
                continue
            if b["columns"][: len(a["columns"])] == a["columns"] and (len(b["columns"]) > len(a["columns"]) or
                                                                     b["name"] < a["name"] or b.get("is_unique")):
                out.append((a, b))
                break
    unused = [i for i in idx if not i.get("is_primary") and not i.get("is_unique") and not i["idx_scan"]
              and all(i is not a for a, _ in out)]
    if len(unused) >= _t("redundant_index")["min_unused"]:
        out += [(i, None) for i in unused]  # never scanned, yet maintained by every write
    return out


def check_many_inserts(f: Facts) -> list[Cause]:
    cfg = _t("many_inserts")
    hit = _rate_cause(f, "tup_inserted", cfg, "rows inserted")
    big = _t("large_data_insert")["min_wal_per_call"]
    ins = [s for s in _writers(f, "insert") if s.rows_per_call <= cfg["max_rows_per_call"]
           and (s.wal_bytes / s.calls if s.calls else 0.0) < big]
    if not hit or not ins or not _accounts_for(f, "tup_inserted", ins):
        return []
    st = ins[0]
    if _redundant(f, st.shape.target):
        return []  # the redundant_index check owns writes to an over-indexed table
    conf, ev = hit
    return [Cause("many_inserts", conf, [ev, f"{st.calls / f.seconds:,.0f} calls/s of an INSERT with "
                                             f"{st.rows_per_call:.1f} rows per call, {st.share:.0%} of the time"],
                  subject=str(st.queryid), statement=st)]


def check_large_data_insert(f: Facts) -> list[Cause]:
    cfg = _t("large_data_insert")
    out = []
    for st in _suspects(f, "insert"):
        wal_per_call = st.wal_bytes / st.calls if st.calls else 0.0
        if st.rows_per_call >= cfg["min_rows_per_call"] or wal_per_call >= cfg["min_wal_per_call"]:
            conf = max(strength(st.rows_per_call, cfg["min_rows_per_call"], 20),
                       strength(wal_per_call, cfg["min_wal_per_call"], 20))
            ev = [f"an INSERT writes {st.rows_per_call:,.0f} rows and {wal_per_call / 1024:,.0f} kB of WAL per call "
                  f"({st.calls:.0f} calls, {st.share:.0%} of the time)"]
            ratio = f.ratio("wal_bytes", floor=64 * 1024)
            if ratio is not None and ratio >= cfg["wal_ratio"]:
                ev.append(f"WAL {f.rates['wal_bytes'] / 1048576:.1f} MB/s, ×{ratio:.1f} the baseline")
                conf = min(0.99, conf + 0.1)
            out.append(Cause("large_data_insert", conf, ev, subject=str(st.queryid), statement=st))
            break
    return out


def _volume(f: Facts, name: str, key: str, kind: str, what: str) -> list[Cause]:
    cfg = _t(name)
    hit = _rate_cause(f, key, cfg, what)
    stmts = _writers(f, kind)
    if not hit or not stmts or not _accounts_for(f, key, stmts):
        return []
    st = stmts[0]
    conf, ev = hit
    if name == "high_updates" and _redundant(f, st.shape.target):
        return []
    return [Cause(name, conf, [ev, f"{st.calls / f.seconds:,.0f} calls/s of an {kind.upper()} "
                                   f"({st.rows_per_call:.1f} rows per call), {st.share:.0%} of the time"],
                  subject=str(st.queryid), statement=st)]


def check_high_updates(f: Facts) -> list[Cause]:
    return _volume(f, "high_updates", "tup_updated", "update", "rows updated")


def check_many_deletes(f: Facts) -> list[Cause]:
    return _volume(f, "many_deletes", "tup_deleted", "delete", "rows deleted")


def check_large_data_fetch(f: Facts) -> list[Cause]:
    cfg = _t("large_data_fetch")
    for st in _suspects(f, "select"):
        if st.rows_per_call >= cfg["min_rows_per_call"] and not st.shape.aggregate:
            return [Cause("large_data_fetch", strength(st.rows_per_call, cfg["min_rows_per_call"], 20),
                          [f"a SELECT returns {st.rows_per_call:,.0f} rows per call ({st.calls / f.seconds:.1f} calls/s, "
                           f"{st.share:.0%} of the time)",
                           f"{f.rates.get('tup_returned', 0):,.0f} tuples returned/s"],
                          subject=str(st.queryid), statement=st)]
    return []


def _table_rows(f: Facts, name: str) -> float:
    t = f.table(name)
    return float(t.last.get("n_live_tup") or 0) if t else 0.0


def check_missing_index(f: Facts) -> list[Cause]:
    cfg = _t("missing_index")
    out = []
    for st in _suspects(f):
        if st.shape.kind not in ("select", "update", "delete") or st.shape.correlated:
            continue
        for table, cols in st.shape.filters.items():
            rows = _table_rows(f, table)
            if rows < cfg["min_table_rows"] or _indexed(f, table, cols):
                continue
            t = f.table(table)
            if t is None or t.delta.get("seq_scan", 0) <= 0:
                continue
            if st.blocks_per_call < cfg["min_blocks_per_call"] or st.rows_per_call > rows * cfg["max_rows_fraction"]:
                continue
            distinct = _distinct(f, table, cols)
            if distinct is not None and distinct < cfg["min_distinct"]:
                continue  # a filter that keeps a large share of the rows: an index would not be used
            estimate = _planned_rows(f, st.text, table)
            if estimate is not None and estimate > rows * cfg["max_estimated_fraction"]:
                continue  # the planner expects the filter to keep much of the table: a scan is the right plan
            col_list = ", ".join(sorted(cols))
            conf = strength(st.blocks_per_call / max(st.rows_per_call, 1.0), cfg["min_blocks_per_call"], 50)
            out.append(Cause("missing_index", max(conf, 0.6), [
                f"{st.blocks_per_call:,.0f} blocks read per call for {st.rows_per_call:.1f} rows per call "
                f"({st.calls / f.seconds:.1f} calls/s, {st.share:.0%} of the time)",
                f"no index leads with {col_list} on a table of {rows:,.0f} rows; "
                f"{t.delta['seq_scan']:.0f} sequential scans of it in the window"],
                subject=f"{table}({col_list})", statement=st,
                fixes=[f"CREATE INDEX CONCURRENTLY ON {_quote(t.schema)}.{_quote(table)} "
                       f"({', '.join(_quote(c) for c in sorted(cols))})"]))
            break
    return out[:2]


def check_redundant_index(f: Facts) -> list[Cause]:
    cfg = _t("redundant_index")
    written = {}
    for st in _suspects(f):
        if st.shape.kind in ("insert", "update", "delete") and st.shape.target:
            written[st.shape.target] = written.get(st.shape.target, 0.0) + st.share
    out = []
    for table, share in written.items():
        pairs = _redundant(f, table)
        if share < cfg["min_write_share"] or not pairs:
            continue
        t = f.table(table)
        schema = t.schema if t else "public"
        ev = [f"{share:.0%} of the window's time writes a table with {len(_indexes(f, table))} indexes"]
        ev += [f"index {a['name']} ({', '.join(a['columns'])}) repeats the leading columns of {b['name']} "
               f"({', '.join(b['columns'])}); scans: {a['idx_scan']:.0f}" if b is not None else
               f"index {a['name']} ({', '.join(a['columns'])}) has never been scanned" for a, b in pairs[:4]]
        out.append(Cause("redundant_index", strength(len(pairs) + share * 4, 1.0, 6), ev, subject=table,
                         fixes=[f"DROP INDEX CONCURRENTLY {_quote(schema)}.{_quote(a['name'])}" for a, _ in pairs[:4]]))
    return out


def check_correlated_subquery(f: Facts) -> list[Cause]:
    cfg = _t("correlated_subquery")
    for st in _suspects(f):
        if st.shape.correlated and st.ms_per_call >= cfg["min_ms_per_call"]:
            return [Cause("correlated_subquery", strength(st.ms_per_call * _weight(st), cfg["min_ms_per_call"] * 0.2, 50),
                          [f"a statement with a subquery that refers to the outer query takes {st.ms_per_call:,.1f} ms "
                           f"per call, {st.share:.0%} of the window's time",
                           f"{st.blocks_per_call:,.0f} blocks per call for {st.rows_per_call:.1f} rows per call"],
                          subject=str(st.queryid), statement=st)]
    return []


def check_poor_join(f: Facts) -> list[Cause]:
    cfg = _t("poor_join")
    for st in _suspects(f):
        if st.shape.joined < 2 or st.shape.correlated or st.ms_per_call < cfg["min_ms_per_call"]:
            continue
        unindexed = [(t, cols) for t, cols in st.shape.join_keys.items()
                     if not _indexed(f, t, cols) and _table_rows(f, t) >= cfg["min_rows_scanned_per_call"] / 5]
        scanned = st.blocks_per_call
        if not unindexed and st.temp_blks <= 0:
            continue
        ev = [f"a {st.shape.joined}-table join takes {st.ms_per_call:,.1f} ms per call for {st.rows_per_call:.1f} rows "
              f"per call ({scanned:,.0f} blocks per call, {st.share:.0%} of the time)"]
        fixes = []
        for t, cols in unindexed[:2]:
            td = f.table(t)
            ev.append(f"join key {t}.{', '.join(sorted(cols))} has no index ({_table_rows(f, t):,.0f} rows)")
            if td is not None:
                fixes.append(f"CREATE INDEX CONCURRENTLY ON {_quote(td.schema)}.{_quote(t)} "
                             f"({', '.join(_quote(c) for c in sorted(cols))})")
        return [Cause("poor_join", strength(st.ms_per_call * _weight(st), cfg["min_ms_per_call"] * 0.2, 50), ev,
                      subject=str(st.queryid), statement=st, fixes=fixes)]
    return []


def check_lock_wait(f: Facts) -> list[Cause]:
    cfg = _t("lock_wait")
    waiting = f.gauges.get("lock_waiting", 0.0)
    with_waiters = sum(1 for v in f.gauge_samples.get("lock_waiting", []) if v > 0)
    if waiting < cfg["min_avg_waiting"] or with_waiters < cfg["min_samples"]:
        return []
    ev = [f"{waiting:.1f} sessions waiting on a lock on average; waiters in {with_waiters} of {f.samples} samples"]
    active_blockers = [b for b in f.blocked if b.get("blocker_state") == "active"]
    if f.blocked:
        b = f.blocked[-1]
        ev.append(f"blocked: {' '.join(str(b['query']).split())[:120]} — by pid {b['blocker_pid']} "
                  f"({b['blocker_state']}, transaction open {b['blocker_xact_s'] or 0:.0f} s)")
    conf = strength(waiting, cfg["min_avg_waiting"], 10)
    if f.blocked and not active_blockers:
        conf *= 0.7  # every blocker idle in its transaction: idle_in_transaction explains it better
    return [Cause("lock_wait", conf, ev, subject="locks")]


def check_idle_in_transaction(f: Facts) -> list[Cause]:
    cfg = _t("idle_in_transaction")
    series = f.gauge_samples.get("idle_in_xact", [])
    seen = sum(1 for v in series if v > 0)
    longest = f.gauges.get("idle_xact_max_s", 0.0)
    if seen < cfg["min_samples"] or longest < cfg["min_idle_s"]:
        return []
    ev = [f"{max(series):.0f} sessions idle in transaction for more than 5 s (in {seen} of {f.samples} samples); "
          f"the longest idle {longest:,.0f} s"]
    if f.idle_xact:
        s = f.idle_xact[-1]
        ev.append(f"pid {s['pid']} ({s['usename']}) last ran: {' '.join(str(s['last_query']).split())[:120]}")
    fixes = [f"SELECT pg_terminate_backend({f.idle_xact[-1]['pid']})"] if f.idle_xact else []
    return [Cause("idle_in_transaction", strength(longest * max(series), cfg["min_idle_s"], 20), ev,
                  subject="sessions", fixes=fixes)]


def check_cpu_heavy(f: Facts) -> list[Cause]:
    cfg = _t("cpu_heavy")
    on_cpu = f.gauges.get("on_cpu", 0.0)
    for st in _suspects(f, "select"):
        if st.shape.joined >= 2 or st.shape.correlated or st.ms_per_call < cfg["min_ms_per_call"]:
            continue
        if st.shape.sleeps or st.shape.locks:
            continue  # a statement that sleeps or waits for row locks holds time, not CPU
        if st.blocks_per_ms > cfg["max_blocks_per_ms"] or st.temp_blks > 0:
            continue
        busy = on_cpu >= cfg["min_on_cpu"] or (f.host and f.host["cpu_pct"] >= 70)
        # next to a baseline, a new or grown statement that keeps a CPU busy without touching pages is
        # computing, however busy the host is overall
        own = st.growth is not None and st.ms_per_s >= cfg["min_ms_per_s"]
        if not (busy or own):
            continue
        ev = [f"a statement takes {st.ms_per_call:,.1f} ms per call touching {st.blocks_per_ms:.2f} blocks per ms "
              f"({st.share:.0%} of the time)", f"{on_cpu:.1f} sessions running on CPU (no wait event) on average"]
        if f.host:
            ev.append(f"host CPU {f.host['cpu_pct']:.0f}% busy")
        ev.insert(1, f"it keeps {st.ms_per_s / 1000:.2f} sessions busy"
                  + (f" (×{st.growth:.1f} the baseline)" if st.growth and st.growth != float("inf") else " (new)"))
        conf = max(strength(on_cpu + st.share, cfg["min_on_cpu"], 6), strength(st.ms_per_s, cfg["min_ms_per_s"], 8))
        return [Cause("cpu_heavy", conf, ev, subject=str(st.queryid), statement=st)]
    return []


def check_io_heavy(f: Facts) -> list[Cause]:
    cfg = _t("io_heavy")
    rate = f.rates.get("blks_read", 0.0)
    ratio = f.ratio("blks_read", floor=cfg["min_read_rate"] / 4)
    if rate < cfg["min_read_rate"] or (ratio is not None and ratio < cfg["ratio"]):
        return []
    readers = [s for s in _suspects(f) if s.read_fraction >= cfg["min_read_fraction"] and s.blks_read > 0]
    if not readers:
        return []
    st = readers[0]
    ev = [f"{rate * 8 / 1024:,.1f} MB/s read from outside shared buffers"
          + (f", ×{ratio:.1f} the baseline" if ratio is not None else ""),
          f"a statement reads {st.read_fraction:.0%} of its {st.blocks_per_call:,.0f} blocks per call from disk "
          f"({st.share:.0%} of the time, {st.rows_per_call:.1f} rows per call)"]
    io = sum(v for k, v in f.waits.items() if k.startswith("IO:"))
    if io:
        ev.append(f"{io} session samples waiting on I/O events")
    return [Cause("io_heavy", strength(ratio if ratio is not None else rate / cfg["min_read_rate"], cfg["ratio"]
                                       if ratio is not None else 1.0), ev, subject=str(st.queryid), statement=st)]


def check_memory_pressure(f: Facts) -> list[Cause]:
    cfg = _t("memory_pressure")
    out = []
    rate = f.rates.get("temp_bytes", 0.0)
    ratio = f.ratio("temp_bytes", floor=cfg["min_temp_rate"] / 4)
    spills = [s for s in _suspects(f) if s.temp_blks > 0]
    if rate >= cfg["min_temp_rate"] and (ratio is None or ratio >= cfg["ratio"]) and spills:
        st = spills[0]
        ev = [f"{rate / 1048576:,.1f} MB/s written to temporary files" + (f", ×{ratio:.1f} the baseline" if ratio else ""),
              f"a statement spills {st.temp_blks * 8 / 1024 / st.calls:,.1f} MB per call to temp files "
              f"({st.share:.0%} of the time)"]
        out.append(Cause("memory_pressure", strength(rate, cfg["min_temp_rate"], 30), ev, subject=str(st.queryid),
                         statement=st, fixes=["SET work_mem = '64MB'  -- in the spilling session, or per role"]))
    elif f.host and f.host.get("mem_used_pct", 0) >= cfg["host_mem_pct"]:
        out.append(Cause("memory_pressure", 0.6, [f"host memory {f.host['mem_used_pct']:.0f}% used"], subject="host"))
    return out


def _setting_value(row: dict) -> float | str:
    try:
        return float(row["setting"])
    except (TypeError, ValueError):
        return str(row["setting"])


def bad_settings(f: Facts) -> list[tuple[dict, str]]:
    """Settings outside their sane range that also differ from their default: (row, why)."""
    out = []
    by_name = {r["name"]: r for r in f.structure.get("settings", [])}
    for rule in thresholds().get("sane", []):
        row = by_name.get(rule["name"])
        if row is None or row.get("setting") == row.get("boot_val"):
            continue
        v = _setting_value(row)
        unit = f" {row['unit']}" if row.get("unit") else ""
        if "equals" in rule and str(v) != rule["equals"]:
            out.append((row, f"{row['name']} = {row['setting']} (sane: {rule['equals']}; source: {row['source']})"))
        elif isinstance(v, float) and "min" in rule and v < rule["min"]:
            out.append((row, f"{row['name']} = {row['setting']}{unit}, below the sane minimum {rule['min']}{unit} "
                             f"(default {row['boot_val']}{unit}; source: {row['source']})"))
        elif isinstance(v, float) and "max" in rule and v > rule["max"]:
            out.append((row, f"{row['name']} = {row['setting']}{unit}, above the sane maximum {rule['max']}{unit} "
                             f"(default {row['boot_val']}{unit}; source: {row['source']})"))
    return out


def check_bad_config(f: Facts) -> list[Cause]:
    cfg = _t("bad_config")
    bad = bad_settings(f)
    if not bad:
        return []
    ev = [why for _, why in bad[:3]]
    slower = [s for s in f.statements if s.base_ms_per_call and s.share >= 0.02
              and s.ms_per_call >= cfg["slower"] * s.base_ms_per_call]
    effect = 0.0
    if slower:
        s = slower[0]
        ev.append(f"{len(slower)} statements slower per call than before: e.g. {s.base_ms_per_call:.2f} → "
                  f"{s.ms_per_call:.2f} ms ({s.share:.0%} of the time)")
        effect = 0.3
    ckpt = (f.rates.get("checkpoints_req_delta") or 0.0)
    if ckpt >= cfg["checkpoints_req"]:
        ev.append(f"{ckpt:.0f} checkpoints requested by WAL volume in {f.seconds:.0f} s")
        effect = max(effect, 0.3)
    fixes = [f"ALTER SYSTEM RESET {row['name']}" for row, _ in bad[:3] if row.get("source") == "configuration file"]
    fixes += [f"-- {row['name']} is set by {row['source']}: reset it there" for row, _ in bad[:3]
              if row.get("source") != "configuration file"]
    return [Cause("bad_config", min(0.99, 0.45 + effect + 0.05 * len(bad)), ev, subject=bad[0][0]["name"],
                  fixes=fixes + (["SELECT pg_reload_conf()"] if any(r.get("source") == "configuration file"
                                                                  for r, _ in bad) else []))]


def check_connection_saturation(f: Facts) -> list[Cause]:
    cfg = _t("connection_saturation")
    usable = max(f.max_connections - f.reserved_connections, 1)
    used = f.gauges.get("sessions_max", 0.0) + 1  # this monitor's own session
    frac = used / usable
    grown = f.base_sessions is not None and used >= cfg["baseline_ratio"] * max(f.base_sessions + 1, 1)
    if frac < cfg["used_fraction"] and not (grown and frac >= cfg["min_used_fraction"]):
        return []
    ev = [f"{used:.0f} of {usable} usable connections in use ({frac:.0%})"]
    if f.base_sessions is not None:
        ev.append(f"{f.base_sessions + 1:.0f} before the window")
    idle = used - f.gauges.get("active", 0.0) - 1
    ev.append(f"{idle:.0f} of them idle on average")
    return [Cause("connection_saturation", strength(frac, cfg["min_used_fraction"], 2.2), ev, subject="connections")]


def _autovacuum_off(f: Facts, table: str) -> bool:
    for t in f.structure.get("tables", []):
        if t["name"] == table and "autovacuum_enabled=false" in (t.get("options") or "").replace(" ", "").lower():
            return True
    return False


def _touched(f: Facts) -> set[str]:
    return {t for s in _suspects(f) for t in s.shape.tables} | {
        t.name for t in f.tables if t.delta.get("seq_scan", 0) + t.delta.get("idx_scan", 0) > 0}


def check_stale_statistics(f: Facts) -> list[Cause]:
    cfg = _t("stale_statistics")
    # tables the anomalous statements read (plans go wrong there); an INSERT's own target does not count
    hot = {t for s in _suspects(f) for t in s.shape.tables if t != s.shape.target or s.shape.kind != "insert"}
    out = []
    for t in f.tables:
        if t.name not in hot:
            continue
        live, est = float(t.last.get("n_live_tup") or 0), float(t.last.get("reltuples") or 0)
        mod = float(t.last.get("n_mod_since_analyze") or 0)
        if live < cfg["min_rows"] or mod < cfg["min_modified_fraction"] * live:
            continue
        factor = live / max(est, 1.0) if est >= 0 else float("inf")
        factor = max(factor, max(est, 1.0) / max(live, 1.0))
        if factor < cfg["estimate_factor"]:
            continue
        age = t.last.get("analyze_age_s")
        ev = [f"the planner estimates {max(est, 0):,.0f} rows, the table holds {live:,.0f} (×{factor:,.0f})",
              f"{mod:,.0f} rows modified since the last analyze"
              + (f" ({age / 60:,.0f} min ago)" if age else " (never analyzed)")]
        if _autovacuum_off(f, t.name):
            ev.append("autovacuum (and so autoanalyze) is disabled on this table")
        out.append(Cause("stale_statistics", strength(factor, cfg["estimate_factor"], 30), ev, subject=t.name,
                         fixes=[f"ANALYZE {_quote(t.schema)}.{_quote(t.name)}"]))
    return out[:2]


def check_vacuum_lag(f: Facts) -> list[Cause]:
    cfg = _t("vacuum_lag")
    touched = _touched(f)
    out = []
    for t in f.tables:
        dead, live = float(t.last.get("n_dead_tup") or 0), float(t.last.get("n_live_tup") or 0)
        if t.name not in touched or dead < cfg["min_dead"] or dead < cfg["dead_fraction"] * (dead + live):
            continue
        own = t.delta.get("n_tup_upd", 0) + t.delta.get("n_tup_del", 0)
        if t.relid in f.base_dead:  # everything dead since the quiet baseline is the anomaly's own doing
            own = max(own, dead - f.base_dead[t.relid])
        if own >= cfg["own_writes_fraction"] * dead:
            continue  # the anomaly's own writes made them: autovacuum has had no time yet
        ev = [f"{dead:,.0f} dead tuples ({dead / max(dead + live, 1):.0%} of the table), "
              f"{own:,.0f} of them since the quiet period before the anomaly"]
        vac = t.last.get("vacuum_age_s")
        ev.append("never vacuumed" if vac is None else f"last vacuum {vac / 60:,.0f} min ago")
        if _autovacuum_off(f, t.name):
            ev.append("autovacuum is disabled on this table")
        if f.gauges.get("oldest_xact_s", 0) > 300:
            ev.append(f"the oldest open transaction is {f.gauges['oldest_xact_s'] / 60:,.0f} min old and holds back cleanup")
        out.append(Cause("vacuum_lag", strength(dead / max(dead + live, 1), cfg["dead_fraction"], 4.5), ev,
                         subject=t.name, fixes=[f"VACUUM (ANALYZE) {_quote(t.schema)}.{_quote(t.name)}"]))
    return out[:2]


CHECKS: dict[str, Callable[[Facts], list[Cause]]] = {
    name[len("check_"):]: fn for name, fn in globals().items() if name.startswith("check_")}

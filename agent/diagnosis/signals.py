"""From monitor samples to the facts a diagnosis reasons over: rates in the anomaly window and in the
baseline before it, session gauges, and the statements and tables that changed.

Samples are what toolkits/postgres/monitor.py reads (cumulative counters); every figure here is a rate or
a delta between two samples, never a raw counter. Statements are parsed with sqlglot to learn their shape
(kind, tables, joins, filters, correlated subqueries) — the rules look at shapes and numbers, never names.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from statistics import mean
from typing import Any

import sqlglot
from sqlglot import exp

DB_RATES = ("xact_commit", "xact_rollback", "blks_read", "blks_hit", "tup_returned", "tup_fetched", "tup_inserted",
            "tup_updated", "tup_deleted", "temp_files", "temp_bytes", "deadlocks")
GAUGES = ("sessions", "active", "lock_waiting", "on_cpu", "io_wait", "lwlock_wait", "idle_in_xact", "idle_xact_max_s",
          "oldest_xact_s", "longest_query_s")
STMT_FIELDS = ("calls", "total_ms", "rows", "blks_hit", "blks_read", "blks_dirtied", "temp_blks", "wal_bytes")
STMT_TOP = 150  # toolkits/postgres/monitor.read_sample's default top list
TABLE_FIELDS = ("seq_scan", "seq_tup_read", "idx_scan", "idx_tup_fetch", "n_tup_ins", "n_tup_upd", "n_tup_hot_upd",
                "n_tup_del")


@dataclass
class Shape:
    """What a statement does, from its text: kind, tables (alias → name), filter and join columns."""

    kind: str = "other"  # select, insert, update, delete, other
    tables: list[str] = field(default_factory=list)
    joined: int = 0  # tables in the top-level FROM / JOIN list
    correlated: bool = False
    filters: dict[str, set[str]] = field(default_factory=dict)  # table -> columns compared with a value
    join_keys: dict[str, set[str]] = field(default_factory=dict)  # table -> columns compared with another table's
    target: str = ""  # the written table of an INSERT/UPDATE/DELETE
    aggregate: bool = False
    sorts: bool = False
    sleeps: bool = False  # calls pg_sleep*: its time is waiting, not work
    locks: bool = False  # SELECT ... FOR UPDATE/SHARE: its time may be waiting for row locks
    parsed: bool = True


@dataclass
class Stmt:
    queryid: int
    text: str
    calls: float
    total_ms: float
    rows: float
    blks_hit: float
    blks_read: float
    temp_blks: float
    wal_bytes: float
    share: float = 0.0  # of the window's execution time
    growth: float | None = None  # time per second vs the baseline; None: no baseline; inf: new
    base_ms_per_call: float | None = None
    ms_per_s: float = 0.0  # execution milliseconds per second of the window (1000 = one busy session)
    rows_per_s: float = 0.0
    base_rows_per_s: float | None = None  # None: no baseline, or not run in it
    shape: Shape = field(default_factory=Shape)

    @property
    def ms_per_call(self) -> float:
        return self.total_ms / self.calls if self.calls else 0.0

    @property
    def rows_per_call(self) -> float:
        return self.rows / self.calls if self.calls else 0.0

    @property
    def blocks_per_call(self) -> float:
        return (self.blks_hit + self.blks_read) / self.calls if self.calls else 0.0

    @property
    def read_fraction(self) -> float:
        total = self.blks_hit + self.blks_read
        return self.blks_read / total if total else 0.0

    @property
    def blocks_per_ms(self) -> float:
        return (self.blks_hit + self.blks_read) / self.total_ms if self.total_ms else 0.0

    def short(self, n: int = 160) -> str:
        one = " ".join(self.text.split())
        return one if len(one) <= n else one[: n - 1] + "…"


@dataclass
class TableDelta:
    relid: int
    schema: str
    name: str
    delta: dict[str, float]
    last: dict[str, Any]  # the table's last sample (n_live_tup, n_dead_tup, reltuples, ages …)
    first: dict[str, Any]


@dataclass
class Facts:
    """Everything the rules read about one window."""

    start: float
    end: float
    seconds: float
    rates: dict[str, float]  # per second in the window
    base_rates: dict[str, float] | None  # per second in the baseline; None when there is none
    gauges: dict[str, float]  # averaged over the window (maxima for *_s)
    gauge_samples: dict[str, list[float]]
    host: dict[str, float] | None
    statements: list[Stmt]
    tables: list[TableDelta]
    blocked: list[dict]
    idle_xact: list[dict]
    waits: dict[str, int]
    max_connections: int
    reserved_connections: int
    base_sessions: float | None
    notes: list[str]
    samples: int
    structure: dict = field(default_factory=dict)  # filled by the diagnosis (indexes, table options, settings)
    base_dead: dict[int, float] = field(default_factory=dict)  # relid -> dead tuples at the end of the baseline

    def ratio(self, key: str, floor: float = 1.0) -> float | None:
        """Window rate / baseline rate (floored so a near-zero baseline does not explode); None: no baseline."""
        if self.base_rates is None:
            return None
        return self.rates.get(key, 0.0) / max(self.base_rates.get(key, 0.0), floor)

    def table(self, name: str) -> TableDelta | None:
        for t in self.tables:
            if t.name == name:
                return t
        return None


def _dt(a: dict, b: dict) -> float:
    return max(float(b["ts"]) - float(a["ts"]), 1e-6)


def _rates(samples: list[dict]) -> dict[str, float] | None:
    """Per-second rates between the first and last sample (counter resets count as zero)."""
    usable = [s for s in samples if s.get("db")]
    if len(usable) < 2:
        return None
    a, b = usable[0], usable[-1]
    dt = _dt(a, b)
    out = {k: max(float(b["db"].get(k) or 0) - float(a["db"].get(k) or 0), 0.0) / dt for k in DB_RATES}
    for part, keys in (("bgwriter", ("checkpoints_req", "checkpoints_timed", "buffers_backend")),
                       ("wal", ("wal_bytes", "wal_records"))):
        if a.get(part) and b.get(part):
            for k in keys:
                out[k] = max(float(b[part].get(k) or 0) - float(a[part].get(k) or 0), 0.0) / dt
                out[k + "_delta"] = out[k] * dt
    return out


def _host(samples: list[dict]) -> dict[str, float] | None:
    hs = [s for s in samples if s.get("host")]
    if len(hs) < 2:
        return None
    a, b = hs[0]["host"], hs[-1]["host"]
    dt = _dt(hs[0], hs[-1])
    total = max(b["cpu_total_s"] - a["cpu_total_s"], 1e-6)
    return {"cpu_pct": 100.0 * (b["cpu_busy_s"] - a["cpu_busy_s"]) / total,
            "iowait_pct": 100.0 * (b["cpu_iowait_s"] - a["cpu_iowait_s"]) / total,
            "mem_used_pct": max(h["host"]["mem_used_pct"] for h in hs),
            "disk_read_rate": max(b["disk_read_bytes"] - a["disk_read_bytes"], 0.0) / dt,
            "disk_write_rate": max(b["disk_write_bytes"] - a["disk_write_bytes"], 0.0) / dt,
            "cpu_count": float(b.get("cpu_count") or 1)}


def _stmt_deltas(samples: list[dict]) -> tuple[dict[int, dict], dict[int, str], float]:
    usable = [s for s in samples if s.get("statements") is not None]
    if len(usable) < 2:
        return {}, {}, 0.0
    a, b = usable[0], usable[-1]
    before = {r["queryid"]: r for r in a["statements"]}
    complete = len(a["statements"]) < STMT_TOP  # the first list held every statement: a missing one is new
    out, text = {}, {}
    for r in b["statements"]:
        prev = before.get(r["queryid"])
        if prev is None and not complete:
            continue  # it was outside the first sample's top list: its delta is unknown
        d = {k: float(r.get(k) or 0) - (float(prev.get(k) or 0) if prev else 0.0) for k in STMT_FIELDS}
        if d["calls"] > 0 and d["total_ms"] >= 0:
            out[r["queryid"]] = d
            text[r["queryid"]] = r.get("query") or ""
    return out, text, _dt(a, b)


Columns = tuple[tuple[str, tuple[str, ...]], ...]  # (table, its columns): resolves unqualified column names


@lru_cache(maxsize=2048)
def shape_of(text: str, columns: Columns = ()) -> Shape:
    """The statement's shape from its normalised text ($1 placeholders are fine); an unparsable text is
    Shape(parsed=False) with its kind guessed from the first word. With ``columns`` (the tables' column
    names), unqualified columns are resolved too — a subquery naming an outer table's column is correlated."""
    first = (text.strip().split(None, 1) or ["other"])[0].lower()
    try:
        tree = sqlglot.parse_one(text, read="postgres")
    except Exception:  # sqlglot raises several error types on text it cannot read
        return Shape(kind=first if first in ("select", "insert", "update", "delete") else "other", parsed=False)
    if tree is None:
        return Shape(parsed=False)
    shape = Shape()
    if isinstance(tree, exp.Insert):
        shape.kind = "insert"
        t = tree.find(exp.Table)
        shape.target = t.name if t is not None else ""
    elif isinstance(tree, exp.Update):
        shape.kind = "update"
        shape.target = tree.this.name if isinstance(tree.this, exp.Table) else ""
    elif isinstance(tree, exp.Delete):
        shape.kind = "delete"
        shape.target = tree.this.name if isinstance(tree.this, exp.Table) else ""
    elif isinstance(tree, (exp.Select, exp.Union)):
        shape.kind = "select"
    else:
        return Shape(kind="other", parsed=True)
    shape.tables = sorted({t.name for t in tree.find_all(exp.Table) if t.name})
    shape.aggregate = tree.find(exp.AggFunc) is not None
    shape.sorts = tree.find(exp.Order) is not None
    shape.locks = tree.find(exp.Lock) is not None
    shape.sleeps = any(fn.name.lower().startswith("pg_sleep") for fn in tree.find_all(exp.Anonymous))
    _scopes(tree, shape, {t: set(cols) for t, cols in columns})
    return shape


def _aliases(select: exp.Expression) -> dict[str, str]:
    """alias (or name) → table name for the tables of this query level only (not nested subqueries)."""
    out: dict[str, str] = {}
    for t in select.find_all(exp.Table):
        if _owner(t) is select:
            out[t.alias_or_name] = t.name
            out[t.name] = t.name
    return out


def _owner(node: exp.Expression) -> exp.Expression | None:
    p = node.parent
    while p is not None and not isinstance(p, (exp.Select, exp.Update, exp.Delete, exp.Insert)):
        p = p.parent
    return p


def _scopes(tree: exp.Expression, shape: Shape, columns: dict[str, set[str]]) -> None:
    levels = [n for n in tree.walk() if isinstance(n, (exp.Select, exp.Update, exp.Delete))]
    top = levels[0] if levels else tree
    top_aliases = _aliases(top)
    shape.joined = len({v for v in top_aliases.values()})
    for level in levels:
        own = _aliases(level)
        outer: dict[str, str] = {}
        p = _owner(level)
        while p is not None:
            outer.update({k: v for k, v in _aliases(p).items() if k not in own})
            p = _owner(p)
        for col in level.find_all(exp.Column):
            if _owner(col) is not level:
                continue
            if col.table and col.table not in own and col.table in outer:
                shape.correlated = True
            elif not col.table and columns and outer and not any(col.name in columns.get(t, ()) for t in own.values()) \
                    and any(col.name in columns.get(t, ()) for t in outer.values()):
                shape.correlated = True  # an unqualified name only an outer table has
        for cmp in level.find_all(exp.EQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.In, exp.Between):
            if _owner(cmp) is not level or not _in_condition(cmp, level):
                continue
            cols = [c for c in (cmp.this, cmp.args.get("expression")) if isinstance(c, exp.Column)]
            if isinstance(cmp, exp.EQ) and len(cols) == 2:
                for c in cols:
                    name = _resolve(c, own, outer, columns)
                    if name:
                        shape.join_keys.setdefault(name, set()).add(c.name)
            elif cols:
                name = _resolve(cols[0], own, outer, columns)
                if name:
                    shape.filters.setdefault(name, set()).add(cols[0].name)


def _in_condition(node: exp.Expression, level: exp.Expression) -> bool:
    """Is this comparison part of a WHERE, JOIN ... ON or HAVING of its level (not a SET or a select list)?"""
    p = node.parent
    while p is not None and p is not level:
        if isinstance(p, (exp.Where, exp.Join, exp.Having)):
            return True
        p = p.parent
    return False


def _resolve(col: exp.Column, own: dict[str, str], outer: dict[str, str], columns: dict[str, set[str]]) -> str:
    if col.table:
        return own.get(col.table) or outer.get(col.table) or ""
    for scope in (own, outer):
        having = sorted({t for t in scope.values() if col.name in columns.get(t, ())})
        if len(having) == 1:
            return having[0]
    names = set(own.values())
    return next(iter(names)) if len(names) == 1 and not columns else ""


def _gauges(samples: list[dict]) -> tuple[dict[str, float], dict[str, list[float]]]:
    acts = [s["activity"] for s in samples if s.get("activity")]
    series = {k: [float(a.get(k) or 0) for a in acts] for k in GAUGES}
    out = {k: (max(v) if k.endswith("_s") else mean(v)) if v else 0.0 for k, v in series.items()}
    out["sessions_max"] = max(series["sessions"]) if series["sessions"] else 0.0
    return out, series


def _tables(samples: list[dict]) -> list[TableDelta]:
    usable = [s for s in samples if s.get("tables")]
    if not usable:
        return []
    a, b = usable[0], usable[-1]
    before = {r["relid"]: r for r in a["tables"]}
    out = []
    for r in b["tables"]:
        prev = before.get(r["relid"], {})
        delta = {k: max(float(r.get(k) or 0) - float(prev.get(k) or 0), 0.0) if prev else 0.0 for k in TABLE_FIELDS}
        out.append(TableDelta(int(r["relid"]), r["schema"], r["name"], delta, r, prev or r))
    return out


def facts(window: list[dict], baseline: list[dict]) -> Facts:
    """The facts of one anomaly window, compared with the baseline samples before it (may be empty)."""
    if len(window) < 2:
        raise ValueError("a diagnosis window needs at least two samples")
    rates = _rates(window) or {}
    base = _rates(baseline) if len(baseline) >= 2 else None
    gauges, series = _gauges(window)
    deltas, texts, dt = _stmt_deltas(window)
    bdeltas, _, bdt = _stmt_deltas(baseline) if base is not None else ({}, {}, 0.0)
    total = sum(d["total_ms"] for d in deltas.values()) or 1.0
    stmts = []
    for qid, d in deltas.items():
        st = Stmt(qid, texts[qid], d["calls"], d["total_ms"], d["rows"], d["blks_hit"], d["blks_read"], d["temp_blks"],
                  d["wal_bytes"], share=d["total_ms"] / total, ms_per_s=d["total_ms"] / dt, rows_per_s=d["rows"] / dt)
        if base is not None:
            b = bdeltas.get(qid)
            if b and b["calls"] > 0:
                st.growth = (d["total_ms"] / dt) / max(b["total_ms"] / bdt, 1e-3)
                st.base_ms_per_call = b["total_ms"] / b["calls"]
                st.base_rows_per_s = b["rows"] / bdt
            else:
                st.growth = float("inf")  # not run in the baseline: new with the anomaly
        st.shape = shape_of(st.text)
        stmts.append(st)
    # shares are of the time statements spent working: a lock waiter's or a sleeper's time is not load
    working = sum(st.total_ms for st in stmts if not waiting(st)) or total
    for st in stmts:
        st.share = st.total_ms / working
    stmts.sort(key=lambda s: -s.total_ms)
    acts = [s["activity"] for s in window if s.get("activity")]
    last = acts[-1] if acts else {}
    base_acts = [s["activity"] for s in baseline if s.get("activity")]
    waits: dict[str, int] = {}
    for s in window:
        for w in s.get("waits") or ():
            key = f"{w['wait_event_type']}:{w['wait_event']}"
            waits[key] = waits.get(key, 0) + int(w["n"])
    notes = sorted({n for s in window for n in s.get("notes") or ()})
    return Facts(start=float(window[0]["ts"]), end=float(window[-1]["ts"]), seconds=_dt(window[0], window[-1]),
                 rates=rates, base_rates=base, gauges=gauges, gauge_samples=series, host=_host(window),
                 statements=stmts, tables=_tables(window),
                 blocked=[b for s in window for b in s.get("blocked") or ()][-10:],
                 idle_xact=[b for s in window for b in s.get("idle_xact") or ()][-10:], waits=waits,
                 max_connections=int(last.get("max_connections") or 100),
                 reserved_connections=int(last.get("reserved_connections") or 3),
                 base_sessions=mean(float(a.get("sessions") or 0) for a in base_acts) if base_acts else None,
                 notes=notes, samples=len(window), base_dead=_dead(baseline))


def waiting(st: Stmt) -> bool:
    """Does this statement spend its time waiting (sleeping, or a row-lock write or FOR UPDATE that takes
    tens of milliseconds per call while touching almost no pages)?"""
    if st.shape.sleeps:
        return True
    lockish = st.shape.locks or st.shape.kind in ("update", "delete")
    return lockish and st.ms_per_call >= 20 and st.blocks_per_ms < 0.5


def refine_shapes(f: Facts) -> None:
    """Parse the statements again with the column names read from the database (structure facts)."""
    cols = {t["name"]: tuple(t.get("columns") or ()) for t in f.structure.get("tables", [])}
    if not cols:
        return
    for st in f.statements:
        known = tuple(sorted((t, cols[t]) for t in st.shape.tables if t in cols))
        if known:
            st.shape = shape_of(st.text, known)


def _dead(samples: list[dict]) -> dict[int, float]:
    last = next((s for s in reversed(samples) if s.get("tables")), None)
    return {int(r["relid"]): float(r.get("n_dead_tup") or 0) for r in last["tables"]} if last else {}


def suspect(st: Stmt, min_share: float, growth: float, min_ms_per_s: float = 100.0) -> bool:
    """Is this statement part of the anomaly: a real share of the window's time (or, next to a baseline, a
    real load of its own — lock waiters can take most of the window's time), and new or grown."""
    if st.growth is None:
        return st.share >= min_share
    return st.growth >= growth and (st.share >= min_share or st.ms_per_s >= min_ms_per_s)

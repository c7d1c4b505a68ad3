"""The monitor's history: an embedded SQLite store under the data dir.

Three tables: ``samples`` (one row per sample: the sample's JSON without its statements), ``stmt`` (a
statement's cumulative counters, written only when they changed since the last sample) and ``stmt_text``
(one text per statement), plus ``metrics`` (the derived rates, one row per metric and sample, for charts
and alert rules) and ``anomalies``. Schema changes go through MIGRATIONS, one function per step.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable

STMT_COLS = ("calls", "total_ms", "rows", "blks_hit", "blks_read", "blks_dirtied", "temp_blks", "wal_bytes")


def _m001(db: sqlite3.Connection) -> None:
    db.executescript("""
        CREATE TABLE samples (id INTEGER PRIMARY KEY, target TEXT NOT NULL, ts REAL NOT NULL, body TEXT NOT NULL);
        CREATE INDEX samples_ts ON samples (target, ts);
        CREATE TABLE stmt (target TEXT NOT NULL, sample_id INTEGER NOT NULL, queryid INTEGER NOT NULL, calls REAL, total_ms REAL, rows REAL,
                           blks_hit REAL, blks_read REAL, blks_dirtied REAL, temp_blks REAL, wal_bytes REAL);
        CREATE INDEX stmt_sample ON stmt (target, sample_id);
        CREATE TABLE stmt_text (target TEXT NOT NULL, queryid INTEGER NOT NULL, query TEXT,
                                PRIMARY KEY (target, queryid));
        CREATE TABLE metrics (target TEXT NOT NULL, ts REAL NOT NULL, name TEXT NOT NULL, value REAL);
        CREATE INDEX metrics_ts ON metrics (target, name, ts);
        CREATE TABLE anomalies (id INTEGER PRIMARY KEY, target TEXT NOT NULL, rule TEXT NOT NULL, severity TEXT,
                                start REAL NOT NULL, end REAL, metric TEXT, peak REAL, text TEXT);
    """)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_m001]


class Store:
    """Thread-safe (one connection, one lock): the monitor thread writes while a page reads."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._lock = threading.Lock()
        self._last: dict[str, dict[int, tuple]] = {}  # target -> queryid -> counters last written
        self._migrate()

    def _migrate(self) -> None:
        with self._lock, self._db:
            self._db.execute("CREATE TABLE IF NOT EXISTS _migrations (step INTEGER PRIMARY KEY, at REAL)")
            done = {r[0] for r in self._db.execute("SELECT step FROM _migrations")}
            for step, fn in enumerate(MIGRATIONS, 1):
                if step not in done:
                    fn(self._db)
                    self._db.execute("INSERT INTO _migrations VALUES (?, ?)", (step, time.time()))

    def add(self, target: str, sample: dict, metrics: dict[str, float] | None = None) -> int:
        body = {k: v for k, v in sample.items() if k != "statements"}
        body["has_statements"] = sample.get("statements") is not None
        with self._lock, self._db:
            cur = self._db.execute("INSERT INTO samples (target, ts, body) VALUES (?, ?, ?)",
                                   (target, float(sample["ts"]), json.dumps(body, default=str)))
            sid = int(cur.lastrowid)
            last = self._last.setdefault(target, {})
            rows, texts = [], []
            for r in sample.get("statements") or ():
                vals = tuple(float(r.get(c) or 0) for c in STMT_COLS)
                if last.get(r["queryid"]) != vals:
                    rows.append((target, sid, r["queryid"], *vals))
                    if r["queryid"] not in last:
                        texts.append((target, r["queryid"], r.get("query") or ""))
                    last[r["queryid"]] = vals
            self._db.executemany(f"INSERT INTO stmt VALUES (?, ?, ?, {', '.join('?' * len(STMT_COLS))})", rows)
            self._db.executemany("INSERT OR IGNORE INTO stmt_text VALUES (?, ?, ?)", texts)
            if metrics:
                self._db.executemany("INSERT INTO metrics VALUES (?, ?, ?, ?)",
                                     [(target, float(sample["ts"]), k, float(v)) for k, v in metrics.items()])
        return sid

    def samples(self, target: str, start: float, end: float) -> list[dict]:
        """The samples in [start, end], each with its statements' cumulative counters rebuilt (a statement
        keeps its last written counters until they change)."""
        with self._lock:
            first = self._db.execute("SELECT min(id) FROM samples WHERE target = ? AND ts >= ?", (target, start)).fetchone()[0]
            rows = self._db.execute("SELECT id, ts, body FROM samples WHERE target = ? AND ts BETWEEN ? AND ? ORDER BY ts",
                                    (target, start, end)).fetchall()
            if not rows:
                return []
            texts = dict(self._db.execute("SELECT queryid, query FROM stmt_text WHERE target = ?", (target,)).fetchall())
            current: dict[int, dict] = {}
            # counters written before the window still hold at its start
            for r in self._db.execute(
                    f"SELECT s.queryid, {', '.join('s.' + c for c in STMT_COLS)} FROM stmt s JOIN "
                    "(SELECT queryid, max(sample_id) AS sid FROM stmt WHERE target = ? AND sample_id < ? "
                    " GROUP BY queryid) m ON m.queryid = s.queryid AND m.sid = s.sample_id AND s.target = ?",
                    (target, first, target)):
                current[r[0]] = dict(zip(STMT_COLS, r[1:]))
            by_sample: dict[int, list] = {}
            ids = [r[0] for r in rows]
            for r in self._db.execute(f"SELECT sample_id, queryid, {', '.join(STMT_COLS)} FROM stmt "
                                      f"WHERE target = ? AND sample_id BETWEEN ? AND ? ORDER BY sample_id",
                                      (target, ids[0], ids[-1])):
                by_sample.setdefault(r[0], []).append(r[1:])
        out = []
        for sid, ts, body in rows:
            for r in by_sample.get(sid, ()):
                current[r[0]] = dict(zip(STMT_COLS, r[1:]))
            sample = json.loads(body)
            if sample.pop("has_statements", False):
                sample["statements"] = [{"queryid": q, "query": texts.get(q, ""), **c} for q, c in current.items()]
            out.append(sample)
        return out

    def metric(self, target: str, name: str, start: float, end: float) -> list[tuple[float, float]]:
        with self._lock:
            return self._db.execute("SELECT ts, value FROM metrics WHERE target = ? AND name = ? AND ts BETWEEN ? AND ? "
                                    "ORDER BY ts", (target, name, start, end)).fetchall()

    def span(self, target: str) -> tuple[float, float] | None:
        with self._lock:
            r = self._db.execute("SELECT min(ts), max(ts) FROM samples WHERE target = ?", (target,)).fetchone()
        return (r[0], r[1]) if r and r[0] is not None else None

    def open_anomaly(self, target: str, rule: str, severity: str, start: float, metric: str, value: float,
                     text: str) -> int:
        with self._lock, self._db:
            return int(self._db.execute("INSERT INTO anomalies (target, rule, severity, start, metric, peak, text) "
                                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                        (target, rule, severity, start, metric, value, text)).lastrowid)

    def update_anomaly(self, aid: int, value: float, end: float | None = None) -> None:
        with self._lock, self._db:
            self._db.execute("UPDATE anomalies SET peak = max(coalesce(peak, ?), ?), end = ? WHERE id = ?",
                             (value, value, end, aid))

    def anomalies(self, target: str, since: float = 0.0) -> list[dict]:
        with self._lock:
            cur = self._db.execute("SELECT id, rule, severity, start, end, metric, peak, text FROM anomalies "
                                   "WHERE target = ? AND coalesce(end, 1e18) >= ? ORDER BY start", (target, since))
            cols = [d[0] for d in cur.description]
            return [dict(zip(cols, r)) for r in cur.fetchall()]

    def prune(self, before: float) -> None:
        """Drop history older than ``before`` (the monitor keeps a bounded history)."""
        with self._lock, self._db:
            # a statement's last counters stay: they still hold until it runs again
            self._db.execute("DELETE FROM stmt WHERE sample_id IN (SELECT id FROM samples WHERE ts < ?) AND rowid NOT IN "
                             "(SELECT max(rowid) FROM stmt GROUP BY target, queryid)", (before,))
            self._db.execute("DELETE FROM samples WHERE ts < ?", (before,))
            self._db.execute("DELETE FROM metrics WHERE ts < ?", (before,))

    def close(self) -> None:
        with self._lock:
            self._db.close()

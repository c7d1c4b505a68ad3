"""The monitor: samples the database every few seconds into the Store, derives rates, opens anomalies.

    mon = Monitor(toolkit, ctx, Store(settings.diagnosis_db), interval_s=2)
    mon.run(seconds=60)            # or mon.start() / mon.stop() in a background thread

Reads only (toolkit.monitor_sample). Alert rules are data: corpora/diagnosis/alerts.toml.
"""
from __future__ import annotations

import statistics
import threading
import time
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from agent.diagnosis.rules import CORPUS
from agent.diagnosis.signals import _host, _rates
from agent.diagnosis.store import Store

RATE_KEYS = ("xact_commit", "tup_returned", "tup_inserted", "tup_updated", "tup_deleted", "blks_read", "blks_hit",
             "temp_bytes", "deadlocks")
GAUGE_KEYS = ("sessions", "active", "lock_waiting", "on_cpu", "io_wait", "idle_in_xact", "oldest_xact_s")
# what a chart or an alert rule may name
METRICS = RATE_KEYS + GAUGE_KEYS + ("tup_written", "db_time", "conn_used_pct", "wal_bytes", "checkpoints_req",
                                    "host_cpu_pct", "host_mem_pct", "host_disk_read", "host_disk_write")


RUNNING: list["Monitor"] = []  # background monitors of this process (the app's page starts one per database)


def stop_all() -> None:
    while RUNNING:
        RUNNING.pop().stop()


@lru_cache(maxsize=1)
def alert_rules() -> list[dict]:
    with open(CORPUS / "alerts.toml", "rb") as fh:
        return tomllib.load(fh)["alert"]


def target_key(dsn: str) -> str:
    """The store's key for a database: host, port and database name, never credentials."""
    from toolkits.secrets import mask_dsn

    return mask_dsn(dsn)


def derive(prev: dict, cur: dict) -> dict[str, float]:
    """Per-second rates between two samples, and the current gauges, as flat metrics."""
    out: dict[str, float] = {}
    dt = max(float(cur["ts"]) - float(prev["ts"]), 1e-6)
    rates = _rates([prev, cur]) or {}  # the same derivation the diagnosis facts use
    out.update({k: rates[k] for k in RATE_KEYS + ("wal_bytes", "checkpoints_req") if k in rates})
    if "tup_inserted" in out:
        out["tup_written"] = out["tup_inserted"] + out["tup_updated"] + out["tup_deleted"]
    act = cur.get("activity") or {}
    for k in GAUGE_KEYS:
        if k in act:
            out[k] = float(act[k] or 0)
    if act.get("max_connections"):
        usable = max(int(act["max_connections"]) - int(act.get("reserved_connections") or 0), 1)
        out["conn_used_pct"] = 100.0 * (float(act.get("sessions") or 0) + 1) / usable
    if prev.get("statements") is not None and cur.get("statements") is not None:
        before = {r["queryid"]: float(r.get("total_ms") or 0) for r in prev["statements"]}
        out["db_time"] = sum(max(float(r.get("total_ms") or 0) - before.get(r["queryid"], float(r.get("total_ms") or 0)), 0)
                             for r in cur["statements"]) / dt
    host = _host([prev, cur])
    if host:
        out.update(host_cpu_pct=host["cpu_pct"], host_mem_pct=float(cur["host"]["mem_used_pct"]),
                   host_disk_read=host["disk_read_rate"], host_disk_write=host["disk_write_rate"])
    return out


@dataclass
class _RuleState:
    since: float | None = None  # condition true since
    clear_since: float | None = None
    anomaly: int | None = None
    base: float | None = None  # the metric's baseline median when the anomaly opened (ratio rules)


@dataclass
class Monitor:
    toolkit: Any
    ctx: Any
    store: Store
    interval_s: float = 2.0
    retention_h: float = 24.0
    target: str = ""
    on_sample: Callable[[dict, dict], None] | None = None
    history: list[tuple[float, dict[str, float]]] = field(default_factory=list)  # recent metrics (for ratio rules)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.target = self.target or target_key(self.ctx.dsn)
        self._prev: dict | None = None
        self._rules = {r["name"]: _RuleState() for r in alert_rules()}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_prune = 0.0
        self.busy_s = 0.0  # wall time spent sampling and storing: an upper bound of the monitor's cost
        self.samples = 0

    def sample_once(self) -> dict[str, float]:
        """Read one sample, store it with its derived metrics, evaluate the alert rules; the metrics."""
        t0 = time.perf_counter()
        sample = self.toolkit.monitor_sample(self.ctx)
        metrics = derive(self._prev, sample) if self._prev is not None else {}
        self.store.add(self.target, sample, metrics)
        self._prev = sample
        if metrics:
            self.history.append((float(sample["ts"]), metrics))
            cutoff = float(sample["ts"]) - 600
            while self.history and self.history[0][0] < cutoff:
                self.history.pop(0)
            self._alerts(float(sample["ts"]), metrics)
        if self.on_sample:
            self.on_sample(sample, metrics)
        if time.time() - self._last_prune > 600:
            self.store.prune(time.time() - self.retention_h * 3600)
            self._last_prune = time.time()
        self.busy_s += time.perf_counter() - t0
        self.samples += 1
        return metrics

    def overhead_pct(self, cores: int) -> float:
        """Sampling wall time per second of monitoring, as a share of the machine's cores (an upper bound:
        wall time includes waiting for the server)."""
        return 100.0 * self.busy_s / max(self.samples * self.interval_s * max(cores, 1), 1e-9)

    def _baseline(self, name: str, now: float, seconds: float) -> float | None:
        vals = [m[name] for ts, m in self.history if now - seconds <= ts < now - 2 * self.interval_s and name in m]
        return statistics.median(vals) if len(vals) >= 3 else None

    def _alerts(self, now: float, metrics: dict[str, float]) -> None:
        for rule in alert_rules():
            value = metrics.get(rule["metric"])
            if value is None:
                continue
            state = self._rules[rule["name"]]
            hot = value >= rule.get("above", 0.0)
            if hot and "ratio" in rule:
                if state.anomaly is None:
                    state.base = self._baseline(rule["metric"], now, rule.get("baseline_s", 120))
                hot = state.base is not None and value >= rule["ratio"] * max(state.base, 1e-9)
            if hot:
                state.clear_since = None
                state.since = state.since or now
                if state.anomaly is None and now - state.since >= rule["for_s"]:
                    state.anomaly = self.store.open_anomaly(self.target, rule["name"], rule["severity"], state.since,
                                                            rule["metric"], value, rule["text"])
                elif state.anomaly is not None:
                    self.store.update_anomaly(state.anomaly, value)
            else:
                state.since = None
                if state.anomaly is not None:
                    state.clear_since = state.clear_since or now
                    if now - state.clear_since >= rule["for_s"]:
                        self.store.update_anomaly(state.anomaly, value, end=now)
                        state.anomaly, state.clear_since = None, None
                        state.base = None

    def run(self, seconds: float | None = None) -> None:
        """Sample until ``seconds`` pass or stop() is called; a failed sample is noted and retried."""
        end = time.time() + seconds if seconds else None
        while not self._stop.is_set() and (end is None or time.time() < end):
            t0 = time.time()
            try:
                self.sample_once()
            except Exception as exc:  # the database went away mid-run: note it, keep trying
                self.errors.append(f"{time.strftime('%H:%M:%S')}: {exc}")
                del self.errors[:-20]
                self._prev = None
            self._stop.wait(max(self.interval_s - (time.time() - t0), 0.05))

    def start(self) -> "Monitor":
        self._stop.clear()
        self._thread = threading.Thread(target=self.run, name="dbcopilot-monitor", daemon=True)
        self._thread.start()
        RUNNING.append(self)
        return self

    def stop(self) -> None:
        self._stop.set()
        if self in RUNNING:
            RUNNING.remove(self)
        if self._thread is not None:
            self._thread.join(timeout=10)

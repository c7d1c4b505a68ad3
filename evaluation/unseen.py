"""Answer accuracy on schemas the planner was not written for (corpora/unseen/<name>/).

Each folder holds ``schema.sql`` (DDL and generated data, loaded into a fresh database), an optional
``workload.py`` (``run(dsn)``: a real workload after loading) and ``questions.jsonl``:

    {"id", "question", "kind": "value" | "rows" | "tool", "truth_sql", "tool", "expect": [...], "why"}

The truth is computed by the question's own SQL, re-run at scoring; the answer is the one a user gets
(answer_instance, the same events the app shows). Right when:
- value: the truth (one value) appears in the first 600 characters of the answer (counts exactly, measures to 2
  decimals or within 0.5 %, dates by day, intervals in days/hours/minutes, text case-insensitively);
- rows: every value of the truth's first column appears in the answer, and the last SQL the answer ran
  returns as many rows as the truth;
- tool: the tool was called and every ``expect`` string (``{truth}``: the truth's value) is in the answer.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import decimal
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

LEAD_CHARS = 600


@dataclass
class Scored:
    id: str
    question: str
    kind: str
    right: bool
    why: str = ""  # what was wrong, for a miss
    tools: list[str] = field(default_factory=list)
    answer: str = ""
    latency_ms: float = 0.0


def load_questions(folder: Path) -> list[dict[str, Any]]:
    out = []
    for n, line in enumerate((folder / "questions.jsonl").read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                q = json.loads(line)
            except json.JSONDecodeError as e:
                raise ValueError(f"{folder}/questions.jsonl:{n}: not valid JSON ({e.msg})") from None
            if not isinstance(q, dict) or q.get("kind") not in ("value", "rows", "tool") or not q.get("question"):
                raise ValueError(f"{folder}/questions.jsonl:{n}: needs question and kind value|rows|tool")
            out.append(q)
    return out


def database_dsn(admin_dsn: str, dbname: str) -> str:
    return make_conninfo(**{**conninfo_to_dict(admin_dsn), "dbname": dbname})


def load_schema(folder: Path, admin_dsn: str, dbname: str, reload: bool = False) -> tuple[str, float]:
    """Create ``dbname`` from the folder's schema.sql (and run its workload) unless it exists; (dsn, seconds)."""
    dsn = database_dsn(admin_dsn, dbname)
    with psycopg.connect(admin_dsn, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (dbname,)).fetchone()
        if exists and not reload:
            return dsn, 0.0
        if exists:
            conn.execute(f'DROP DATABASE "{dbname}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{dbname}"')
    t0 = time.perf_counter()
    try:
        run_script(folder / "schema.sql", dsn)
    except Exception:
        with psycopg.connect(admin_dsn, autocommit=True) as conn:  # a half-loaded database is never scored later
            conn.execute(f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)')
        raise
    workload = folder / "workload.py"
    if workload.is_file():
        spec = importlib.util.spec_from_file_location(f"workload_{dbname}", workload)
        mod = importlib.util.module_from_spec(spec)
        with contextlib.redirect_stdout(sys.stderr):  # a workload's prints must not mix with --json on stdout
            spec.loader.exec_module(mod)
            mod.run(dsn)
    return dsn, round(time.perf_counter() - t0, 1)


def run_script(path: Path, dsn: str) -> None:
    """Run a SQL file as a user would load a dump: through psql when it is installed (its meta-commands such as
    ``\\set`` and ``COPY ... FROM stdin`` blocks work; stops at the first error), else as one psycopg execute."""
    psql = shutil.which("psql")
    if psql is None:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(path.read_text(encoding="utf-8"))
        return
    done = subprocess.run([psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", dsn, "-f", str(path)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise ValueError(f"{path}: psql stopped ({done.stderr.strip()[-300:]})")


def truth_of(dsn: str, sql: str) -> list[tuple]:
    with psycopg.connect(dsn, autocommit=True) as conn:
        return conn.execute(sql).fetchall()


# ------------------------------------------------------------------------------------------ matching

_NUM = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def _numbers(text: str) -> list[float]:
    out = []
    for m in _NUM.finditer(text):
        s = m.group().replace(",", "")
        try:
            out.append(float(s))
        except ValueError:
            pass
    return out


def _num_match(x: float, found: Iterable[float]) -> bool:
    """A count must be exact; a measure may be rounded (2 decimals, a whole number, or within 0.5 %)."""
    for y in found:
        if x == int(x):
            if y == x:
                return True
        elif round(x, 2) == round(y, 2) or round(x) == y or abs(x - y) <= abs(x) * 0.005:
            return True
    return False


def value_in(value: Any, text: str) -> bool:
    """Whether ``value`` (from the truth SQL) is written in ``text``."""
    if value is None:
        return False
    if isinstance(value, bool):
        return str(value).lower() in text.lower() or ("yes" if value else "no") in text.lower()
    if isinstance(value, (int, float, decimal.Decimal)):
        return _num_match(float(value), _numbers(text))
    if isinstance(value, dt.timedelta):
        secs = value.total_seconds()
        found = _numbers(text)
        return any(_num_match(secs / unit, found) for unit in (86400, 3600, 60)) or str(value) in text
    if isinstance(value, dt.datetime):
        return value.date().isoformat() in text
    if isinstance(value, dt.date):
        return value.isoformat() in text
    return str(value).lower() in text.lower()


def _last_sql(events_calls: list[dict]) -> str | None:
    sql = [c["input"] for c in events_calls if c.get("tool") == "run_sql" and c.get("ok")]
    return sql[-1] if sql else None


_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>&~])")


def score(q: dict[str, Any], dsn: str, answer: str, calls: list[dict]) -> tuple[bool, str]:
    """(right, why not) for one question's answer and tool calls. The answer is read as the user sees it: Markdown's
    backslash escapes dropped ("HVAC \\& Sons" shows as "HVAC & Sons")."""
    kind = q["kind"]
    answer = _MD_ESCAPE.sub(r"\1", answer)
    truth = truth_of(dsn, q["truth_sql"]) if q.get("truth_sql") else []
    if kind == "value":
        value = truth[0][0] if truth and truth[0] else None
        ok = value_in(value, answer[:LEAD_CHARS])
        return ok, "" if ok else f"truth {value!r} not in the answer's lead"
    if kind == "rows":
        missing = [r[0] for r in truth if not value_in(r[0], answer)]
        if missing:
            return False, f"truth values missing: {missing[:5]!r}"
        sql = _last_sql(calls)
        if sql is None:
            return False, "no SQL was run"
        try:
            n = len(truth_of(dsn, sql))
        except psycopg.Error as e:
            return False, f"the answer's SQL fails: {e}"
        return n == len(truth), "" if n == len(truth) else f"{n} rows shown, truth has {len(truth)}"
    tools = [c.get("tool") for c in calls]
    if q.get("tool") and q["tool"] not in tools:
        return False, f"{q['tool']} not called (called: {tools})"
    value = truth[0][0] if truth and truth[0] else None
    for want in q.get("expect") or []:
        if want == "{truth}":
            if not value_in(value, answer):
                return False, f"truth {value!r} not in the answer"
        elif want.lower() not in answer.lower():
            return False, f"{want!r} not in the answer"
    return True, ""


def evaluate(folder: Path, dsn: str, answer: Callable[[str], Iterable[Any]],
             progress: Callable[[int, int, Scored], None] | None = None) -> dict[str, Any]:
    """Ask every question of ``folder`` through ``answer(question) -> events`` and score it."""
    items: list[Scored] = []
    questions = load_questions(folder)
    for i, q in enumerate(questions, 1):
        t0 = time.perf_counter()
        text, calls = "", []
        for ev in answer(q["question"]):
            if ev.kind == "tool_call":
                calls.append(ev.data)
            elif ev.kind == "answer":
                text = ev.data.get("text", "")
            elif ev.kind == "error":
                text = "error: " + ev.data.get("message", "")
        ms = round((time.perf_counter() - t0) * 1000, 1)
        try:
            right, why = score(q, dsn, text, calls)
        except psycopg.Error as e:
            right, why = False, f"truth SQL failed: {e}"
        item = Scored(q.get("id", str(i)), q["question"], q["kind"], right, why,
                      [c.get("tool", "") for c in calls], text[:400], ms)
        items.append(item)
        if progress:
            progress(i, len(questions), item)
    by_kind: dict[str, list[bool]] = {}
    for it in items:
        by_kind.setdefault(it.kind, []).append(it.right)
    lat = sorted(it.latency_ms for it in items)
    return {
        "schema": folder.name,
        "questions": len(items),
        "right": sum(it.right for it in items),
        "accuracy": round(sum(it.right for it in items) / len(items), 3) if items else 0.0,
        "by_kind": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_kind.items())},
        "latency_ms_p95": lat[int(0.95 * (len(lat) - 1))] if lat else 0.0,
        "misses": [{"id": it.id, "question": it.question, "why": it.why, "tools": it.tools, "answer": it.answer}
                   for it in items if not it.right],
    }

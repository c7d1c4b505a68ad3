"""Diagnosis pieces that need no database: D-Bot accuracy, statement shapes, the tree search's bookkeeping
(a scripted evaluator), the history store, rule strengths, the CLI's window parsing."""
from __future__ import annotations

import time

import pytest

from agent.diagnosis.rules import CHECKS, strength, taxonomy, thresholds
from agent.diagnosis.search import search
from agent.diagnosis.signals import shape_of
from agent.diagnosis.store import Store
from evaluation.diagnosis import accuracy


def test_accuracy_is_dbots_formula():
    assert accuracy(["lock_wait"], ["lock_wait"]) == 1.0
    assert accuracy(["lock_wait"], ["lock_wait", "cpu_heavy"]) == pytest.approx(0.9)
    assert accuracy(["a", "b"], ["a"]) == 0.5
    assert accuracy(["a"], ["b", "c", "d", "e", "a"]) == 0.0  # at most four count: a is the fifth
    assert accuracy([], []) == 1.0 and accuracy([], ["cpu_heavy"]) == 0.0


def test_every_taxonomy_cause_has_a_check_definition_and_fix():
    assert set(CHECKS) == set(taxonomy())
    assert len(taxonomy()) == 18
    for name, entry in taxonomy().items():
        assert entry["definition"] and entry["signals"] and entry["fixes"], name


def test_shapes_come_from_the_parse_not_the_names():
    s = shape_of("SELECT x.k FROM t1 x WHERE x.v > (SELECT avg(y.v) FROM t2 y WHERE y.g = x.g) AND x.k < $1")
    assert s.kind == "select" and s.correlated and s.tables == ["t1", "t2"]
    s = shape_of("SELECT a.id FROM t1 a JOIN t2 b ON b.ref = a.id WHERE a.kind = $1")
    assert s.joined == 2 and not s.correlated and s.join_keys["t2"] == {"ref"} and s.filters["t1"] == {"kind"}
    s = shape_of("UPDATE t3 SET c = $1 WHERE id = $2")
    assert s.kind == "update" and s.target == "t3" and s.filters == {"t3": {"id"}}  # SET is not a filter
    assert shape_of("INSERT INTO t4 (a) VALUES ($1)").target == "t4"
    assert not shape_of("SELEC nonsense ((").parsed


def test_search_tries_live_hypotheses_and_reflects_on_dead_ends():
    calls = []

    def evaluate(action):
        calls.append(action)
        return {"a": (0.9, "found"), "b": (0.0, "numbers absent"), "c": (0.6, "found")}[action]

    rewards, trace = search({"a": 0.2, "b": 1.0, "c": 0.5}, evaluate, budget=8, seed=1)
    assert rewards == {"a": 0.9, "b": 0.0, "c": 0.6}
    assert calls[0] == "b"  # the highest prior first
    assert sorted(calls) == ["a", "b", "c"]  # each hypothesis is evaluated once (cached)
    assert trace.reflections == ["ruled out b: numbers absent"]


def test_search_with_a_small_budget_stops():
    rewards, trace = search({"a": 1.0, "b": 0.5, "c": 0.1}, lambda a: (0.5, ""), budget=1)
    assert list(rewards) == ["a"] and trace.expansions == 1


def test_store_rebuilds_statement_counters_across_samples(tmp_path):
    store = Store(tmp_path / "m.sqlite")
    t = time.time()
    s1 = {"ts": t, "db": {"xact_commit": 1}, "statements": [
        {"queryid": 1, "query": "SELECT 1", "calls": 5, "total_ms": 10.0},
        {"queryid": 2, "query": "SELECT 2", "calls": 1, "total_ms": 1.0}]}
    s2 = {"ts": t + 2, "db": {"xact_commit": 3}, "statements": [
        {"queryid": 1, "query": "SELECT 1", "calls": 9, "total_ms": 20.0},
        {"queryid": 2, "query": "SELECT 2", "calls": 1, "total_ms": 1.0}]}  # unchanged: not written again
    store.add("db1", s1, {"tps": 1.0})
    store.add("db1", s2, {"tps": 2.0})
    got = store.samples("db1", t + 1, t + 3)  # the window starts after s1: s2's unchanged statement is carried
    assert len(got) == 1
    by_id = {r["queryid"]: r for r in got[0]["statements"]}
    assert by_id[1]["calls"] == 9 and by_id[2]["calls"] == 1 and by_id[2]["query"] == "SELECT 2"
    assert store.metric("db1", "tps", t - 1, t + 3) == [(t, 1.0), (t + 2, 2.0)]
    assert store.samples("other", t - 1, t + 3) == []
    store.close()
    again = Store(tmp_path / "m.sqlite")  # migrations run once; the history survives a restart
    assert len(again.samples("db1", t - 1, t + 3)) == 2


def test_strength_grows_with_the_margin():
    assert strength(0.9, 1.0) == 0.0
    assert strength(1.0, 1.0) == pytest.approx(0.55)
    assert strength(2.0, 1.0) < strength(4.0, 1.0) <= 0.99
    assert thresholds()["window"]["max_causes"] == 4


def test_window_parsing():
    from app.cli_diagnosis import parse_window
    import typer

    now = time.mktime((2026, 11, 26, 12, 0, 0, 0, 0, -1))
    start, end = parse_window("", "15m", now)
    assert end - start == 900
    start, end = parse_window("10:05-10:20", "", now)
    assert time.localtime(start).tm_hour == 10 and end - start == 900
    assert parse_window("", "", now) == (None, None)
    with pytest.raises(typer.BadParameter):
        parse_window("10:20-10:05", "", now)
    with pytest.raises(typer.BadParameter):
        parse_window("", "soon", now)


def test_unqualified_names_resolve_with_the_tables_columns():
    q = ("select sum(l_price) from lineitem, part where p_key = l_key and p_brand = $1 "
         "and l_qty < (select 0.2 * avg(l_qty) from lineitem where l_key = p_key)")
    assert not shape_of(q).correlated  # without column names nothing can be said
    cols = (("lineitem", ("l_key", "l_qty", "l_price")), ("part", ("p_key", "p_brand")))
    s = shape_of(q, cols)
    assert s.correlated and s.joined == 2
    assert s.filters["part"] == {"p_brand"} and s.join_keys["lineitem"] == {"l_key"}


def test_sparkline_scales_to_the_largest_value():
    from agent.diagnosis.report import sparkline

    assert sparkline([(1, 0.0), (2, 5.0), (3, 10.0)]) == "▁▄█"
    assert sparkline([(1, 0.0), (2, 0.0)]) == "▁▁"

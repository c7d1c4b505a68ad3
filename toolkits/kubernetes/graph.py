"""The state graph in an embedded graph database with Cypher: LadybugDB (PyPI ``real_ladybug``), the
maintained fork of Kùzu, in memory.

Why LadybugDB: Kùzu's repository was archived in October 2025 and LadybugDB continues it with the same
Python API and Cypher dialect. Measured here (python bench/k8s.py --compare, 2 cores, a 5,000-pod
snapshot = 7,227 graph nodes, 28,355 edges): read + build + load 1.42 s with LadybugDB 0.15.3 against
1.48 s with Kùzu 0.11.3; a 4-hop aggregate path query 35 ms against 59 ms. Both are fast enough; the
maintained one wins. The two cannot be imported in one process (their native modules register the same
types), so ``engine`` picks one per process: ``StateGraph(snap, engine="kuzu")`` for the comparison.

The graph is rebuilt only when the snapshot's fingerprint (file names, sizes, mtimes) changes.
"""
from __future__ import annotations

import csv
import importlib
import json
import tempfile
import threading
from pathlib import Path
from typing import Any

from toolkits.kubernetes.extract import Graph, build
from toolkits.kubernetes.metagraph import NODE_COLUMNS, NODE_KINDS, RELATIONS
from toolkits.kubernetes.snapshot import Snapshot, fingerprint, load_snapshot

ENGINES = ("real_ladybug", "kuzu")
BUFFER_POOL = 512 * 2**20
MAX_DB_SIZE = 16 * 2**30
THREADS = 2
CACHE_SIZE = 2  # loaded snapshots kept per process


class GraphError(RuntimeError):
    """The graph database failed on a query; the message is one line."""


class StateGraph:
    """A snapshot loaded into the graph database; ``query`` runs Cypher, ``graph`` keeps the Python rows."""

    def __init__(self, snap: Snapshot, engine: str = "real_ladybug") -> None:
        if engine not in ENGINES:
            raise ValueError(f"engine {engine!r} not in {ENGINES}")
        self.engine = engine
        self.snapshot = snap
        self.fingerprint = snap.fingerprint
        self.graph: Graph = build(snap)
        db_mod = importlib.import_module(engine)
        # bounded memory: a default database reserves 8 TiB of address space, and a process may hold several
        self._db = db_mod.Database(":memory:", buffer_pool_size=BUFFER_POOL, max_db_size=MAX_DB_SIZE,
                                   max_num_threads=THREADS)
        self._conn = db_mod.Connection(self._db)
        self._lock = threading.Lock()
        self._prepared: dict[str, Any] = {}  # Cypher text -> prepared statement (the search repeats each metapath)
        self._load()

    # --- loading -------------------------------------------------------------------
    def _load(self) -> None:
        cols = ", ".join(f"{n} {t}" for n, t in NODE_COLUMNS)
        for kind in NODE_KINDS:
            self._conn.execute(f"CREATE NODE TABLE {kind}({cols}, PRIMARY KEY (uid))")
        for rel, pairs in RELATIONS.items():
            self._conn.execute(f"CREATE REL TABLE {rel}({', '.join(f'FROM {a} TO {b}' for a, b in pairs)}, detail STRING)")
        by_kind: dict[str, list[list]] = {}
        names = [n for n, _ in NODE_COLUMNS]
        for n in self.graph.nodes.values():
            row = n.row()
            by_kind.setdefault(n.kind, []).append([row[c] for c in names])
        groups: dict[tuple[str, str, str], list[tuple]] = {}
        for rel, a, b, detail in self.graph.edges:
            groups.setdefault((rel, self.graph.nodes[a].kind, self.graph.nodes[b].kind), []).append((a, b, detail))
        # bulk load through CSV files (COPY): the fastest path, and it keeps every string a string
        # (a list parameter holding the string "{}" is mistaken for an empty map by UNWIND)
        with tempfile.TemporaryDirectory(prefix="k8sgraph-") as tmp:
            for kind, rows in by_kind.items():
                path = _csv(Path(tmp) / f"{kind}.csv", rows)
                self._conn.execute(f"COPY {kind} FROM '{path}' (HEADER=false)")
            for (rel, ka, kb), rows in groups.items():
                path = _csv(Path(tmp) / f"{rel}-{ka}-{kb}.csv", rows)
                self._conn.execute(f"COPY {rel} FROM '{path}' (HEADER=false, from='{ka}', to='{kb}')")

    # --- querying ------------------------------------------------------------------
    def query(self, cypher: str, params: dict[str, Any] | None = None, limit: int = 10_000) -> tuple[list[str], list[list]]:
        """(columns, rows) of one Cypher statement; GraphError (one line) when the database refuses it."""
        with self._lock:
            try:
                stmt = cypher
                if params:  # a statement run again with other parameters is planned once
                    stmt = self._prepared.get(cypher)
                    if stmt is None:
                        stmt = self._prepared[cypher] = self._conn.prepare(cypher)
                res = self._conn.execute(stmt, params or {})
            except RuntimeError as e:
                raise GraphError(str(e).splitlines()[0][:300]) from None
            cols = res.get_column_names()
            rows = []
            while res.has_next() and len(rows) < limit:
                rows.append(res.get_next())
            return cols, rows

    def close(self) -> None:
        """Free the database (the object is unusable afterwards)."""
        with self._lock:
            self._conn.close()
            self._db.close()

    def counts(self) -> dict[str, int]:
        """Rows per node table and relation table, from the database."""
        out = {}
        for kind in NODE_KINDS:
            out[kind] = self.query(f"MATCH (n:{kind}) RETURN count(n)")[1][0][0]
        for rel in RELATIONS:
            out[rel] = self.query(f"MATCH ()-[e:{rel}]->() RETURN count(e)")[1][0][0]
        return out


def _csv(path: Path, rows: list) -> str:
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    return path.as_posix().replace("'", "\\'")


def node_dict(value: dict[str, Any]) -> dict[str, Any]:
    """A node as the database returns it -> {kind, uid, namespace, name, ..., detail (parsed)}; an empty
    string comes back from the database as null, and goes out again as ""."""
    out = {k: ("" if v is None and k != "missing" else v) for k, v in value.items() if not k.startswith("_")}
    out["kind"] = value.get("_LABEL") or value.get("_label")
    for k in ("detail", "labels"):
        if isinstance(out.get(k), str):
            out[k] = json.loads(out[k] or "{}")
    return out


_CACHE: dict[tuple[str, str], StateGraph] = {}
_CACHE_LOCK = threading.Lock()


def graph_for(snap: Snapshot, engine: str = "real_ladybug") -> StateGraph:
    """The StateGraph of a snapshot source, rebuilt when its fingerprint changes (one per source)."""
    k = (snap.source, engine)
    with _CACHE_LOCK:
        g = _CACHE.get(k)
        if g is None or not snap.source or g.fingerprint != snap.fingerprint:
            g = StateGraph(snap, engine)
            if snap.source:
                _CACHE.pop(k, None)
                while len(_CACHE) >= CACHE_SIZE:
                    _CACHE.pop(next(iter(_CACHE))).close()
                _CACHE[k] = g
        return g


def graph_of_dir(directory: str | Path, max_objects: int = 500_000, engine: str = "real_ladybug") -> StateGraph:
    """The StateGraph of a snapshot directory: read and loaded again only when its files changed."""
    d = Path(directory)
    with _CACHE_LOCK:
        g = _CACHE.get((str(d), engine))
    if g is not None and d.is_dir() and g.fingerprint == fingerprint(d):
        return g
    snap = load_snapshot(d, max_objects)
    snap.source = str(d)
    return graph_for(snap, engine)

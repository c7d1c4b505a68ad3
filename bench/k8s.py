"""Benchmark the Kubernetes RCA; prints one JSON object.

    python bench/k8s.py                         # held-out seeds 1000.. (10 per fault type), 5,000-pod load
    python bench/k8s.py --seed 0 --n 100        # the development seeds
    python bench/k8s.py --compare               # LadybugDB vs Kùzu: load and query time (one process each)

Figures: precision of the root-cause entity overall and per fault type (evaluation/k8s_incidents.py),
seconds per incident p50/p95 (read the snapshot, load the graph, analyse), and the time to load a
5,000-pod snapshot into the graph (read + build + COPY) and to run one path query on it.
Targets (issue 16): precision >= 0.90 on held-out seeds, <= 30 s per incident, 5,000-pod load <= 20 s.
"""
from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from evaluation.k8s_incidents import evaluate, generate, scale  # noqa: E402
from toolkits.kubernetes.snapshot import load_snapshot, write_snapshot  # noqa: E402

QUERY = ("MATCH (d:Deployment)-[:OWNS]->(:ReplicaSet)-[:OWNS]->(p:Pod)-[:SCHEDULED_ON]->(n:Node) "
         "RETURN n.name, count(p) AS pods ORDER BY pods DESC LIMIT 5")


def big_snapshot(directory: Path, pods: int = 5000) -> int:
    objects = scale(generate("oom_killed", 0).objects, pods)
    write_snapshot(objects, directory)
    return len(objects["Pod"])


def load_figures(directory: Path, engine: str) -> dict:
    """Read + build + load a snapshot into ``engine``, then one path query and one RCA on it."""
    from toolkits.kubernetes.graph import StateGraph
    from toolkits.kubernetes.rca import analyse

    t0 = time.perf_counter()
    snap = load_snapshot(directory)
    t1 = time.perf_counter()
    sg = StateGraph(snap, engine)
    t2 = time.perf_counter()
    sg.query(QUERY)
    t3 = time.perf_counter()
    a = analyse(sg)
    t4 = time.perf_counter()
    return {"engine": engine, "pods": len(snap.items("Pod")), "nodes_in_graph": len(sg.graph.nodes),
            "edges_in_graph": len(sg.graph.edges), "read_s": round(t1 - t0, 3), "graph_load_s": round(t2 - t1, 3),
            "load_total_s": round(t2 - t0, 3), "path_query_s": round(t3 - t2, 4), "rca_s": round(t4 - t3, 3),
            "root_cause": a.root_causes[0].__dict__ if a.root_causes else None}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--n", type=int, default=10, help="incidents per fault type")
    ap.add_argument("--pods", type=int, default=5000)
    ap.add_argument("--compare", action="store_true", help="only the LadybugDB / Kùzu comparison")
    ap.add_argument("--engine", default="", help=argparse.SUPPRESS)  # internal: one engine in this process
    ap.add_argument("--dir", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.engine:
        print(json.dumps(load_figures(Path(args.dir), args.engine)))
        return
    out: dict = {"machine": {"python": platform.python_version(), "cpus": __import__("os").cpu_count()}}
    with tempfile.TemporaryDirectory() as d:
        out["snapshot_pods"] = big_snapshot(Path(d), args.pods)
        engines = ("real_ladybug", "kuzu") if args.compare else ("real_ladybug",)
        for engine in engines:  # one process each: the two native modules cannot share a process
            r = subprocess.run([sys.executable, __file__, "--engine", engine, "--dir", d], capture_output=True, text=True)
            out[f"load_{engine}"] = json.loads(r.stdout) if r.returncode == 0 else {"error": r.stderr.strip()[-300:]}
    if not args.compare:
        res = evaluate(range(args.seed, args.seed + args.n))
        out.update({"seeds": f"{args.seed}..{args.seed + args.n - 1}", "incidents": res["incidents"],
                    "precision": res["precision"], "per_type": res["per_type"],
                    "seconds_per_incident_p50": res["seconds_p50"], "seconds_per_incident_p95": res["seconds_p95"],
                    "misses": res["misses"][:20]})
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Score `dbcopilot k8s-rca` on the held-out incidents (black box, through the CLI).

    .venv/bin/python evaluation/k8s_heldout/score.py [--out results.json] [ids...]

Prints {"precision", "kind_precision", "per_fault", "seconds_p50"}:
  precision       top root cause matches truth on kind + namespace + name
  kind_precision  top root cause has the truth's kind
  per_fault       {fault: {"n", "hit", "kind_hit"}}
  seconds_p50     median wall-clock seconds of one CLI run
--out also writes every incident's truth, prediction and timing.
"""
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
INC = os.path.join(HERE, "incidents")


def python():
    venv = os.path.join(ROOT, ".venv", "bin", "python")
    return venv if os.path.exists(venv) else sys.executable


def norm(x):
    return (x or "").strip()


def run_one(d, symptom, timeout=600):
    cmd = [python(), "-m", "app.cli", "k8s-rca", "--snapshot", d, "--json", symptom]
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    dt = time.monotonic() - t0
    out = p.stdout
    data = None
    i = out.find("{")
    while i != -1 and data is None:
        try:
            data = json.loads(out[i:])
        except ValueError:
            try:
                data, _ = json.JSONDecoder().raw_decode(out[i:])
            except ValueError:
                i = out.find("{", i + 1)
    return data, dt, p.returncode, p.stderr[-2000:]


def main(argv):
    if not os.path.isdir(INC):  # the incidents are generated (48 MB), not kept in git
        subprocess.run([sys.executable, os.path.join(HERE, "make.py")], check=True)
    out_path = None
    ids = []
    it = iter(argv[1:])
    for a in it:
        if a == "--out":
            out_path = next(it)
        else:
            ids.append(a)
    rows = []
    for iid in sorted(os.listdir(INC)):
        if ids and iid not in ids:
            continue
        d = os.path.join(INC, iid)
        truth = json.load(open(os.path.join(d, "truth.json")))
        try:
            data, dt, rc, err = run_one(d, truth["symptom"])
        except subprocess.TimeoutExpired:
            data, dt, rc, err = None, 600.0, -1, "timeout"
        rcs = (data or {}).get("root_causes") or []
        top = rcs[0] if rcs else {}
        pred = {"kind": top.get("kind"), "namespace": top.get("namespace"), "name": top.get("name"),
                "reason": top.get("reason")}
        kind_hit = norm(pred["kind"]).lower() == truth["kind"].lower()
        hit = kind_hit and norm(pred["namespace"]) == norm(truth["namespace"]) and norm(pred["name"]) == truth["name"]
        rows.append({"id": iid, "fault": truth["fault"], "truth": {k: truth[k] for k in ("kind", "namespace", "name")},
                     "predicted": pred, "others": [{k: r.get(k) for k in ("kind", "namespace", "name")} for r in rcs[1:4]],
                     "hit": hit, "kind_hit": kind_hit, "seconds": round(dt, 2), "rc": rc,
                     "stderr_tail": err if rc else ""})
        print("%s %-5s %-30s pred=%s/%s/%s  %.1fs" % (iid, "HIT" if hit else ("kind" if kind_hit else "miss"),
                                                      truth["fault"], pred["kind"], pred["namespace"], pred["name"], dt),
              file=sys.stderr)
    per = {}
    for r in rows:
        f = per.setdefault(r["fault"], {"n": 0, "hit": 0, "kind_hit": 0})
        f["n"] += 1
        f["hit"] += int(r["hit"])
        f["kind_hit"] += int(r["kind_hit"])
    n = len(rows) or 1
    res = {"precision": round(sum(r["hit"] for r in rows) / n, 3),
           "kind_precision": round(sum(r["kind_hit"] for r in rows) / n, 3),
           "per_fault": per,
           "seconds_p50": round(statistics.median([r["seconds"] for r in rows]), 2) if rows else None}
    if out_path:
        with open(out_path, "w") as f:
            json.dump({"summary": res, "incidents": rows}, f, indent=2)
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main(sys.argv)

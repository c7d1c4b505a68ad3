#!/usr/bin/env python3
"""Score dbcopilot's k8s-rca command on the k8s-h3 held-out set.

Run from anywhere:  python3 evaluation/k8s_heldout3/score.py [--out preds.json] [--only k8s-h3-01,...]
For every incident it runs, from the repository root,
    .venv/bin/python -m app.cli k8s-rca --snapshot DIR --json "<symptom>"
(timeout 120 s), takes the first entry of "root_causes" and compares it with truth.json:
kind+namespace+name equal -> hit, kind equal -> kind_hit.  Non-zero exit, timeout or
unparsable output counts as no answer.  Prints one JSON object with precision,
kind_precision, per_fault, seconds_p50 and n.  Standard library only.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
INC = os.path.join(HERE, "incidents")


def parse_json(out):
    out = out.strip()
    try:
        return json.loads(out)
    except ValueError:
        pass
    # tolerate log lines before the JSON document
    i = out.find("{")
    while i != -1:
        try:
            return json.loads(out[i:])
        except ValueError:
            i = out.find("{", i + 1)
    return None


def run_one(iid):
    d = os.path.join(INC, iid)
    with open(os.path.join(d, "truth.json")) as f:
        truth = json.load(f)
    cmd = [os.path.join(REPO, ".venv", "bin", "python"), "-m", "app.cli", "k8s-rca", "--snapshot", d, "--json", truth["symptom"]]
    t0 = time.time()
    pred, err = None, None
    try:
        p = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            err = f"exit {p.returncode}: {p.stderr.strip()[-300:]}"
        else:
            doc = parse_json(p.stdout)
            rcs = (doc or {}).get("root_causes") or []
            if rcs and isinstance(rcs[0], dict):
                pred = {k: rcs[0].get(k) for k in ("kind", "namespace", "name", "reason")}
            else:
                err = "no root_causes"
    except subprocess.TimeoutExpired:
        err = "timeout"
    secs = time.time() - t0
    hit = kind_hit = False
    if pred:
        kind_hit = (pred.get("kind") or "").lower() == truth["kind"].lower()
        hit = kind_hit and (pred.get("namespace") or "") == truth["namespace"] and pred.get("name") == truth["name"]
    return {"id": iid, "fault": truth["fault"], "truth": {k: truth[k] for k in ("kind", "namespace", "name")},
            "prediction": pred, "error": err, "hit": hit, "kind_hit": kind_hit, "seconds": round(secs, 2)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", help="write per-incident predictions to this JSON file")
    ap.add_argument("--only", help="comma-separated incident ids")
    a = ap.parse_args()
    if not os.path.isdir(INC):
        sys.exit("incidents/ missing: run python3 make.py first")
    ids = sorted(x for x in os.listdir(INC) if os.path.isdir(os.path.join(INC, x)))
    if a.only:
        ids = [x for x in ids if x in set(a.only.split(","))]
    rows = [run_one(i) for i in ids]
    n = len(rows)
    per = {}
    for r in rows:
        f = per.setdefault(r["fault"], {"n": 0, "hits": 0, "kind_hits": 0})
        f["n"] += 1
        f["hits"] += int(r["hit"])
        f["kind_hits"] += int(r["kind_hit"])
    res = {"precision": round(sum(r["hit"] for r in rows) / n, 4) if n else 0.0,
           "kind_precision": round(sum(r["kind_hit"] for r in rows) / n, 4) if n else 0.0,
           "per_fault": dict(sorted(per.items())),
           "seconds_p50": round(statistics.median([r["seconds"] for r in rows]), 2) if n else 0.0,
           "n": n}
    if a.out:
        with open(a.out, "w") as f:
            json.dump(rows, f, indent=2)
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()

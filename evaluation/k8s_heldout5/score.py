#!/usr/bin/env python3
"""Score the k8s-rca CLI on the held-out set #5.

Run from the repository root:

    python3 evaluation/k8s_heldout5/score.py [--out FILE] [--only k5-01,k5-07]

For every incident it runs

    .venv/bin/python -m app.cli k8s-rca --snapshot <incident dir> --json "<symptom>"

(timeout 120 s) and takes the first entry of "root_causes". A hit is the same
kind (case-insensitive), namespace and name as truth.json; a kind hit only needs
the kind. Non-zero exit, timeout, unparsable output or an empty root_causes list
count as no answer. Prints a JSON summary.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
INC = os.path.join(HERE, "incidents")
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
TIMEOUT = 120


def parse_json(text):
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        pass
    start, end = text.find("{"), text.rfind("}")
    if start >= 0 and end > start:
        try:
            return json.loads(text[start:end + 1])
        except ValueError:
            return None
    return None


def run_one(inc_dir, symptom):
    py = os.path.join(REPO, ".venv", "bin", "python")
    cmd = [py, "-m", "app.cli", "k8s-rca", "--snapshot", os.path.relpath(inc_dir, REPO), "--json", symptom]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, time.time() - t0, "timeout after %ds" % TIMEOUT
    except OSError as e:
        return None, time.time() - t0, "cannot run: %s" % e
    secs = time.time() - t0
    if p.returncode != 0:
        return None, secs, "exit %d: %s" % (p.returncode, (p.stderr or p.stdout)[-600:])
    out = parse_json(p.stdout)
    if not isinstance(out, dict):
        return None, secs, "unparsable output: %s" % p.stdout[:300]
    rcs = out.get("root_causes") or []
    if not rcs or not isinstance(rcs[0], dict):
        return None, secs, "no root_causes"
    return rcs[0], secs, None


def norm(v):
    return (v or "").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="write per-incident predictions and truth to this JSON file")
    ap.add_argument("--only", default="", help="comma-separated incident ids (e.g. k5-01,k5-02)")
    a = ap.parse_args()
    if not os.path.isdir(INC):
        sys.exit("incidents/ not found -- run: python3 %s" % os.path.join(os.path.relpath(HERE), "make.py"))
    ids = sorted(d for d in os.listdir(INC) if os.path.isdir(os.path.join(INC, d)))
    if a.only:
        want = {x.strip() for x in a.only.split(",") if x.strip()}
        ids = [i for i in ids if i in want]
    rows = []
    for iid in ids:
        d = os.path.join(INC, iid)
        truth = json.load(open(os.path.join(d, "truth.json")))
        pred, secs, err = run_one(d, truth["symptom"])
        rc = truth["root_cause"]
        hit = kind_hit = False
        if pred is not None:
            kind_hit = norm(pred.get("kind")).lower() == rc["kind"].lower()
            hit = kind_hit and norm(pred.get("namespace")) == rc["namespace"] and norm(pred.get("name")) == rc["name"]
        rows.append({"id": iid, "fault": truth["fault"], "symptom": truth["symptom"], "truth": rc,
                     "prediction": pred, "hit": hit, "kind_hit": kind_hit, "seconds": round(secs, 2), "error": err})
        print("%s %-5s %-45s pred=%s%s" % (iid, "HIT" if hit else ("kind" if kind_hit else "miss"), truth["fault"],
                                           None if pred is None else "%s/%s/%s" % (pred.get("kind"), pred.get("namespace"), pred.get("name")),
                                           "" if err is None else "  (%s)" % err.splitlines()[0][:120]), file=sys.stderr)
    n = len(rows)
    per_fault = {}
    for r in rows:
        f = per_fault.setdefault(r["fault"], {"n": 0, "hits": 0, "kind_hits": 0})
        f["n"] += 1
        f["hits"] += int(r["hit"])
        f["kind_hits"] += int(r["kind_hit"])
    for f in per_fault.values():
        f["precision"] = round(f["hits"] / f["n"], 3)
    summary = {"precision": round(sum(r["hit"] for r in rows) / n, 4) if n else 0.0,
               "kind_precision": round(sum(r["kind_hit"] for r in rows) / n, 4) if n else 0.0,
               "per_fault": per_fault,
               "seconds_p50": round(statistics.median([r["seconds"] for r in rows]), 2) if n else 0.0,
               "n": n}
    if a.out:
        with open(a.out, "w") as fh:
            json.dump({"summary": summary, "incidents": rows}, fh, indent=2)
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

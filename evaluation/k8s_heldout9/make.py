#!/usr/bin/env python3
"""Build / check / hash the k8s_heldout9 evaluation bundles (stdlib only).

  python3 make.py          write incidents/k9-01 .. k9-30
  python3 make.py --check  rebuild, validate every bundle, verify determinism
  python3 make.py --hash   sha256 over incidents' relative paths + contents
"""
import hashlib
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from k9lib.registry import load_all, build_one  # noqa: E402
from k9lib.check import check_bundle  # noqa: E402

OUT = os.path.join(HERE, "incidents")


def build(root):
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    allowed = {}
    for spec in load_all():
        c = build_one(spec, root)
        allowed[spec["id"]] = frozenset(c.allowed_missing)
    return allowed


def tree_hash(root):
    h = hashlib.sha256()
    files = []
    for dp, dn, fn in os.walk(root):
        for f in fn:
            full = os.path.join(dp, f)
            files.append(os.path.relpath(full, root).replace(os.sep, "/"))
    for rel in sorted(files):
        h.update(rel.encode() + b"\0")
        with open(os.path.join(root, rel), "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


def check():
    problems = []
    allowed = build(OUT)
    specs = load_all()
    ids = [s["id"] for s in specs]
    if ids != ["k9-%02d" % i for i in range(1, 31)]:
        problems.append("expected incidents k9-01..k9-30, got %s" % ids)
    faults, kinds = set(), set()
    for iid in ids:
        P, truth = check_bundle(os.path.join(OUT, iid), allowed[iid])
        problems += ["%s: %s" % (iid, p) for p in P]
        faults.add(truth["fault"])
        kinds.add(truth["root_cause"]["kind"])
    if len(faults) < 20:
        problems.append("only %d distinct fault types" % len(faults))
    if len(kinds) < 12:
        problems.append("only %d distinct root-cause kinds" % len(kinds))
    tmp = tempfile.mkdtemp(prefix="k9check-")
    try:
        build(os.path.join(tmp, "incidents"))
        if tree_hash(os.path.join(tmp, "incidents")) != tree_hash(OUT):
            problems.append("build is not deterministic (second build differs)")
    finally:
        shutil.rmtree(tmp)
    if problems:
        for p in problems:
            print(p)
        print("%d problem(s)" % len(problems))
        return 1
    print("OK  incidents=%d fault_types=%d root_cause_kinds=%d hash=%s" % (len(ids), len(faults), len(kinds), tree_hash(OUT)))
    return 0


def main(argv):
    if "--check" in argv:
        return check()
    if "--hash" in argv:
        if not os.path.isdir(OUT):
            build(OUT)
        print(tree_hash(OUT))
        return 0
    build(OUT)
    print("wrote %s" % OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Incident registry and build driver."""
import hashlib
import os
from .core import Cluster, canon
from .derive import finalize
from .noise import lifecycle_events

REG = []


def incident(iid, plat, snapshot, platform_text, hard=False):
    def deco(fn):
        REG.append({"id": iid, "plat": plat, "snapshot": snapshot, "fn": fn, "ptext": platform_text, "hard": hard})
        return fn
    return deco


def build_one(spec, outroot):
    seed = int(hashlib.sha256(("k8s_heldout9/" + spec["id"]).encode()).hexdigest()[:12], 16)
    c = Cluster(spec["id"], seed, spec["snapshot"], dict(spec["plat"]))
    t = spec["fn"](c)
    lifecycle_events(c)
    finalize(c)
    truth = {"id": spec["id"], "fault": t["fault"], "symptom": t["symptom"], "root_cause": t["root_cause"],
             "explanation": t["explanation"]}
    c.write(os.path.join(outroot, spec["id"]), truth)
    return c


def load_all():
    import importlib
    import pkgutil
    from . import inc
    for m in sorted(x.name for x in pkgutil.iter_modules(inc.__path__)):
        if m.startswith("k") and m[1:].isdigit():
            importlib.import_module(".inc." + m, __package__)
    return sorted(REG, key=lambda r: r["id"])

"""Validator for one bundle directory (reads files exactly as written); reference checks in check_refs."""
import json
import os
import re
from .core import KINDS, KIND2PLURAL, canon, parse_ts

TS_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$")
TERMINAL = ("Succeeded", "Failed")


def _walk_strings(o, out):
    if isinstance(o, dict):
        for v in o.values():
            _walk_strings(v, out)
    elif isinstance(o, list):
        for v in o:
            _walk_strings(v, out)
    elif isinstance(o, str) and TS_RE.match(o):
        out.append(o)


def _ready(p):
    return any(cd["type"] == "Ready" and cd["status"] == "True" for cd in p.get("status", {}).get("conditions", []))


def load(d):
    data = {}
    probs = []
    for fn in sorted(os.listdir(d)):
        if fn in ("snapshot_time.txt", "truth.json"):
            continue
        if not fn.endswith(".json") or fn[:-5] not in KINDS:
            probs.append("unexpected file %s" % fn)
            continue
        raw = open(os.path.join(d, fn)).read()
        doc = json.loads(raw)
        if canon(doc) != raw:
            probs.append("%s not canonical" % fn)
        if set(doc) != {"apiVersion", "items", "kind", "metadata"} or doc["apiVersion"] != "v1" or doc["kind"] != "List" \
                or doc["metadata"] != {"resourceVersion": ""}:
            probs.append("%s bad list shape" % fn)
        data[fn[:-5]] = doc["items"]
    return data, probs


def check_bundle(d, allowed=frozenset()):
    P = []
    data, probs = load(d)
    P += probs
    snap_s = open(os.path.join(d, "snapshot_time.txt")).read().strip()
    snap = parse_ts(snap_s)
    truth = json.load(open(os.path.join(d, "truth.json")))
    idx = {}
    uids = {}
    for pl, items in data.items():
        api, kind, nsd = KINDS[pl]
        keys = []
        for o in items:
            md = o.get("metadata", {})
            if o.get("kind") != kind or o.get("apiVersion") != api:
                P.append("%s: wrong kind/apiVersion %s" % (pl, md.get("name")))
            for mk in ("labels", "annotations"):
                if not all(isinstance(k, str) and isinstance(v, str) for k, v in md.get(mk, {}).items()):
                    P.append("%s/%s has non-string %s" % (pl, md.get("name"), mk))
            if kind == "Secret" and not isinstance(o.get("type"), str):
                P.append("secret %s has bad type" % md.get("name"))
            if "managedFields" in md:
                P.append("%s/%s has managedFields" % (pl, md.get("name")))
            for k in ("name", "uid", "creationTimestamp", "resourceVersion"):
                if k not in md:
                    P.append("%s/%s missing metadata.%s" % (pl, md.get("name"), k))
            if nsd != ("namespace" in md):
                P.append("%s/%s namespace presence wrong" % (pl, md.get("name")))
            keys.append((md.get("namespace", ""), md.get("name")))
            idx[(kind, md.get("namespace", ""), md.get("name"))] = o
            u = md.get("uid")
            if u in uids:
                P.append("duplicate uid %s (%s and %s/%s)" % (u, uids[u], pl, md.get("name")))
            uids[u] = "%s/%s" % (pl, md.get("name"))
            if kind == "Secret" and any(v != "" for v in o.get("data", {}).values()):
                P.append("secret %s has values" % md["name"])
        if keys != sorted(keys):
            P.append("%s items not sorted" % pl)
    # timestamps
    ts = []
    for items in data.values():
        _walk_strings(items, ts)
    for t in ts:
        if parse_ts(t) > snap:
            P.append("future timestamp %s" % t)
    # namespaces
    nss = {o["metadata"]["name"]: o for o in data.get("namespaces", [])}
    for (kind, ns, name), o in idx.items():
        if not ns:
            continue
        if ns not in nss:
            P.append("%s %s/%s in missing namespace" % (kind, ns, name))
        elif parse_ts(nss[ns]["metadata"]["creationTimestamp"]) > parse_ts(o["metadata"]["creationTimestamp"]):
            P.append("%s %s/%s older than its namespace" % (kind, ns, name))
    # owner references
    for (kind, ns, name), o in idx.items():
        for r in o["metadata"].get("ownerReferences", []):
            if r["kind"] not in KIND2PLURAL:
                if "." not in r["apiVersion"] and r["apiVersion"] != "v1":
                    P.append("owner %s of %s/%s is not a known kind" % (r["kind"], ns, name))
                continue
            ons = "" if not KINDS[KIND2PLURAL[r["kind"]]][2] else ns
            ow = idx.get((r["kind"], ons, r["name"]))
            if ow is None or ow["metadata"]["uid"] != r["uid"]:
                P.append("%s %s/%s: dangling ownerReference %s/%s" % (kind, ns, name, r["kind"], r["name"]))
    P += _pods(idx, data, allowed)
    P += _workloads(idx, data)
    P += _endpoints(idx, data)
    P += _storage(idx, data)
    P += _events(idx, data, snap)
    P += _truth(idx, truth, os.path.basename(d.rstrip("/")))
    npods = len(data.get("pods", []))
    if not 40 <= npods <= 110:
        P.append("pod count %d outside 40..110" % npods)
    if not 8 <= len(nss) <= 15:
        P.append("namespace count %d outside 8..15" % len(nss))
    return P, truth


def _has_key(o, key):
    return key in o.get("data", {}) or key in o.get("binaryData", {})


def _ref(idx, kind, ns, name, key, allowed, where, P):
    o = idx.get((kind, ns, name))
    if o is None:
        if (kind, ns, name) not in allowed:
            P.append("%s references missing %s %s/%s" % (where, kind, ns, name))
        return
    if key is not None and not _has_key(o, key) and (kind, ns, name, key) not in allowed:
        P.append("%s references missing key %s in %s %s/%s" % (where, key, kind, ns, name))


def _pods(idx, data, allowed):
    P = []
    ips = {}
    nodes = {o["metadata"]["name"]: o for o in data.get("nodes", [])}
    for p in data.get("pods", []):
        md, sp, st = p["metadata"], p["spec"], p["status"]
        ns, name = md["namespace"], md["name"]
        where = "pod %s/%s" % (ns, name)
        nn = sp.get("nodeName")
        if nn and nn not in nodes:
            P.append("%s on missing node %s" % (where, nn))
        elif nn and parse_ts(md["creationTimestamp"]) < parse_ts(nodes[nn]["metadata"]["creationTimestamp"]):
            P.append("%s older than its node" % where)
        san = sp.get("serviceAccountName")
        if san and ("ServiceAccount", ns, san) not in idx:
            P.append("%s uses missing serviceaccount %s" % (where, san))
        ip = st.get("podIP")
        if ip:
            if sp.get("hostNetwork"):
                nip = [a["address"] for a in nodes.get(nn, {}).get("status", {}).get("addresses", []) if a["type"] == "InternalIP"]
                if ip not in nip:
                    P.append("%s hostNetwork IP %s != node IP" % (where, ip))
            else:
                if ip in ips:
                    P.append("duplicate pod IP %s (%s, %s)" % (ip, ips[ip], name))
                ips[ip] = name
        if st.get("phase") in TERMINAL:
            continue
        for v in sp.get("volumes", []):
            if "configMap" in v and not v["configMap"].get("optional"):
                for it in v["configMap"].get("items", []) or [None]:
                    _ref(idx, "ConfigMap", ns, v["configMap"]["name"], it and it["key"], allowed, where, P)
            if "secret" in v and not v["secret"].get("optional"):
                for it in v["secret"].get("items", []) or [None]:
                    _ref(idx, "Secret", ns, v["secret"]["secretName"], it and it["key"], allowed, where, P)
            if "persistentVolumeClaim" in v:
                _ref(idx, "PersistentVolumeClaim", ns, v["persistentVolumeClaim"]["claimName"], None, allowed, where, P)
            for s in v.get("projected", {}).get("sources", []):
                if "configMap" in s and not s["configMap"].get("optional"):
                    for it in s["configMap"].get("items", []) or [None]:
                        _ref(idx, "ConfigMap", ns, s["configMap"]["name"], it and it["key"], allowed, where, P)
                if "secret" in s and not s["secret"].get("optional"):
                    _ref(idx, "Secret", ns, s["secret"]["name"], None, allowed, where, P)
        for cc in sp.get("containers", []) + sp.get("initContainers", []):
            for e in cc.get("env", []):
                vf = e.get("valueFrom", {})
                for k, kind in (("secretKeyRef", "Secret"), ("configMapKeyRef", "ConfigMap")):
                    if k in vf and not vf[k].get("optional"):
                        _ref(idx, kind, ns, vf[k]["name"], vf[k]["key"], allowed, where, P)
            for ef in cc.get("envFrom", []):
                for k, kind in (("secretRef", "Secret"), ("configMapRef", "ConfigMap")):
                    if k in ef and not ef[k].get("optional"):
                        _ref(idx, kind, ns, ef[k]["name"], None, allowed, where, P)
        for ps in sp.get("imagePullSecrets", []):
            _ref(idx, "Secret", ns, ps["name"], None, allowed, where, P)
    for s in data.get("serviceaccounts", []):
        for ps in s.get("imagePullSecrets", []):
            _ref(idx, "Secret", s["metadata"]["namespace"], ps["name"], None, allowed, "sa " + s["metadata"]["name"], P)
    for ing in data.get("ingresses", []):
        ns = ing["metadata"]["namespace"]
        for r in ing["spec"].get("rules", []):
            for pth in r.get("http", {}).get("paths", []):
                _ref(idx, "Service", ns, pth["backend"]["service"]["name"], None, allowed, "ingress " + ing["metadata"]["name"], P)
        for t in ing["spec"].get("tls", []):
            _ref(idx, "Secret", ns, t["secretName"], None, allowed, "ingress " + ing["metadata"]["name"], P)
    return P


def _owned(data):
    o = {}
    for p in data.get("pods", []):
        for r in p["metadata"].get("ownerReferences", []):
            o.setdefault(r["uid"], []).append(p)
    return o


from .check_refs import *  # noqa: E402,F401,F403
from .check_refs import _endpoints, _events, _storage, _truth, _workloads  # noqa: E402,F401

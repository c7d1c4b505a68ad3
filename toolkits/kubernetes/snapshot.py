"""A cluster snapshot: one JSON file per kind, named by its lowercase plural, exactly what
``kubectl get <plural> -A -o json > <plural>.json`` writes (a ``List`` with ``items``).

Any file may be missing; files whose names are not a known plural are ignored; a malformed file is a
SnapshotError naming the file. Secret values never enter memory past this module: ``data`` and
``stringData`` are replaced by their keys (``keys``).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# plural (file stem) -> Kind, in load order
KINDS: dict[str, str] = {
    "namespaces": "Namespace", "nodes": "Node", "pods": "Pod", "deployments": "Deployment",
    "replicasets": "ReplicaSet", "statefulsets": "StatefulSet", "daemonsets": "DaemonSet", "jobs": "Job",
    "cronjobs": "CronJob", "services": "Service", "endpoints": "Endpoints", "endpointslices": "EndpointSlice",
    "persistentvolumeclaims": "PersistentVolumeClaim", "persistentvolumes": "PersistentVolume",
    "storageclasses": "StorageClass", "configmaps": "ConfigMap", "secrets": "Secret", "ingresses": "Ingress",
    "networkpolicies": "NetworkPolicy", "serviceaccounts": "ServiceAccount", "resourcequotas": "ResourceQuota",
    "events": "Event",
}
PLURAL = {kind: plural for plural, kind in KINDS.items()}
MAX_FILE_BYTES = 512 * 1024 * 1024


class SnapshotError(ValueError):
    """A snapshot that cannot be read; the message names the file and says what to do, in one line."""


@dataclass
class Snapshot:
    """Objects by Kind (``{"Pod": [...], ...}``), with where they came from."""

    objects: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    source: str = ""
    fingerprint: str = ""

    def items(self, kind: str) -> list[dict[str, Any]]:
        return self.objects.get(kind, [])

    def count(self) -> int:
        return sum(len(v) for v in self.objects.values())


def redact_secret(obj: dict[str, Any]) -> dict[str, Any]:
    """A Secret without its values: ``data``/``stringData`` become ``keys`` (sorted names only)."""
    keys = sorted(set((obj.get("data") or {})) | set((obj.get("stringData") or {})) | set(obj.get("keys") or []))
    out = {k: v for k, v in obj.items() if k not in ("data", "stringData")}
    meta = dict(out.get("metadata") or {})
    ann = {k: v for k, v in (meta.get("annotations") or {}).items()
           if k != "kubectl.kubernetes.io/last-applied-configuration"}  # it repeats the values
    if "annotations" in meta:
        meta["annotations"] = ann
    out["metadata"] = meta
    out["keys"] = keys
    return out


def clean(kind: str, obj: dict[str, Any]) -> dict[str, Any]:
    """One object as kept: Secrets redacted, the kind set."""
    obj = redact_secret(obj) if kind == "Secret" else obj
    obj.setdefault("kind", kind)
    return obj


def fingerprint(directory: Path) -> str:
    """Changes when any known file of the snapshot changes (name, size, mtime)."""
    h = hashlib.sha1()
    for plural in KINDS:
        p = directory / f"{plural}.json"
        if p.is_file():
            st = p.stat()
            h.update(f"{plural}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def _read(path: Path) -> list[dict[str, Any]]:
    if path.stat().st_size > MAX_FILE_BYTES:
        raise SnapshotError(f"{path}: larger than {MAX_FILE_BYTES // 2**20} MiB; take a snapshot of fewer namespaces")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise SnapshotError(f"{path}: not UTF-8 text; write it again with kubectl get ... -o json") from None
    except json.JSONDecodeError as e:
        raise SnapshotError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}); "
                            "write it again with kubectl get ... -A -o json") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("items"), list):
        raise SnapshotError(f"{path}: not a kubectl List (no 'items' array); "
                            "write it with kubectl get <plural> -A -o json")
    bad = next((i for i, o in enumerate(doc["items"]) if not isinstance(o, dict)
                or not isinstance(o.get("metadata"), dict) or not o["metadata"].get("name")), None)
    if bad is not None:
        raise SnapshotError(f"{path}: item {bad} has no metadata.name; the file is not kubectl output")
    return doc["items"]


def load_snapshot(directory: str | Path, max_objects: int = 500_000) -> Snapshot:
    """Read every known ``<plural>.json`` in ``directory``; SnapshotError (one line) when it cannot or when
    it holds more than ``max_objects`` objects."""
    d = Path(directory)
    if not d.is_dir():
        raise SnapshotError(f"{d}: no such snapshot directory; write one with `dbcopilot k8s-bundle --out {d}`")
    found = [p for p in KINDS if (d / f"{p}.json").is_file()]
    if not found:
        raise SnapshotError(f"{d}: no snapshot files (expected e.g. pods.json, nodes.json, events.json "
                            "from kubectl get <plural> -A -o json)")
    snap = Snapshot(source=str(d), fingerprint=fingerprint(d))
    for plural in found:
        kind = KINDS[plural]
        snap.objects[kind] = [clean(kind, o) for o in _read(d / f"{plural}.json")]
        if snap.count() > max_objects:
            raise SnapshotError(f"{d}: more than {max_objects:,} objects (at {plural}.json); raise "
                                "DBCOPILOT_K8S_MAX_OBJECTS or snapshot fewer namespaces (kubectl get -n NS)")
    return snap


def write_snapshot(objects: dict[str, list[dict[str, Any]]], directory: str | Path) -> Path:
    """Write objects by Kind as a snapshot directory (one kubectl-style List per plural); Secrets redacted."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    for kind, items in objects.items():
        if kind not in PLURAL:
            continue
        doc = {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""},
               "items": [clean(kind, dict(o)) for o in items]}
        (d / f"{PLURAL[kind]}.json").write_text(json.dumps(doc, separators=(",", ":")), encoding="utf-8")
    return d

"""A snapshot written by hand in kubectl's shape, not by the generator: a CloudNativePG-like cluster whose
pods read a Secret key that is not there, with events that carry only eventTime (events.k8s.io style),
projected service-account volumes and an old, resolved warning."""
from __future__ import annotations

import json

from toolkits.kubernetes.rca import analyse
from toolkits.kubernetes.snapshot import load_snapshot


def _list(items):
    return json.dumps({"apiVersion": "v1", "kind": "List", "items": items})


def test_a_hand_written_snapshot(tmp_path):
    ns = "payments-db"
    meta = lambda name, **kw: {"name": name, "namespace": ns, "uid": f"uid-{name}", **kw}  # noqa: E731
    pod = {
        "metadata": meta("pg-cluster-1", labels={"cnpg.io/cluster": "pg-cluster", "role": "primary"},
                         creationTimestamp="2026-05-01T09:00:00Z"),
        "spec": {"nodeName": "n1", "serviceAccountName": "pg-cluster", "containers": [{
            "name": "postgres", "image": "ghcr.io/cloudnative-pg/postgresql:16.3",
            "env": [{"name": "PGPASSWORD", "valueFrom": {"secretKeyRef": {"name": "pg-cluster-app", "key": "pass"}}}]}],
            "volumes": [{"name": "kube-api-access", "projected": {"sources": [{"serviceAccountToken": {"path": "token"}}]}},
                        {"name": "pgdata", "persistentVolumeClaim": {"claimName": "pg-cluster-1"}}]},
        "status": {"phase": "Pending", "containerStatuses": [{
            "name": "postgres", "ready": False, "restartCount": 0,
            "state": {"waiting": {"reason": "CreateContainerConfigError",
                                  "message": 'couldn\'t find key pass in Secret payments-db/pg-cluster-app'}}}]}}
    healthy = {"metadata": meta("web-1", labels={"app": "web"}), "spec": {"nodeName": "n1", "containers": [{"name": "w"}]},
               "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}],
                          "containerStatuses": [{"name": "w", "ready": True, "restartCount": 4,
                                                 "lastState": {"terminated": {"reason": "OOMKilled"}},
                                                 "state": {"running": {}}}]}}
    files = {
        "namespaces": [{"metadata": {"name": ns, "uid": "ns1"}}],
        "nodes": [{"metadata": {"name": "n1", "uid": "n1"}, "status": {"conditions": [{"type": "Ready", "status": "True"}]}}],
        "pods": [pod, healthy],
        "secrets": [{"metadata": meta("pg-cluster-app"), "type": "kubernetes.io/basic-auth",
                     "data": {"username": "YXBw", "password": "c2VjcmV0"}}],
        "serviceaccounts": [{"metadata": meta("pg-cluster")}, {"metadata": meta("default")}],
        "persistentvolumeclaims": [{"metadata": meta("pg-cluster-1"), "spec": {"storageClassName": "standard"},
                                    "status": {"phase": "Bound"}}],
        "events": [
            {"metadata": meta("e1", creationTimestamp="2026-05-01T10:00:00Z"), "type": "Warning", "reason": "Failed",
             "eventTime": "2026-05-01T10:00:00.000000Z", "note": "Error: couldn't find key pass in Secret payments-db/pg-cluster-app",
             "regarding": {"kind": "Pod", "namespace": ns, "name": "pg-cluster-1"}},
            {"metadata": meta("e0"), "type": "Warning", "reason": "OOMKilling", "message": "Memory cgroup out of memory",
             "lastTimestamp": "2026-04-28T10:00:00Z", "involvedObject": {"kind": "Pod", "namespace": ns, "name": "web-1"}},
        ],
    }
    for plural, items in files.items():
        (tmp_path / f"{plural}.json").write_text(_list(items))
    a = analyse(load_snapshot(tmp_path))
    rc = a.root_causes[0]
    assert (rc.kind, rc.namespace, rc.name) == ("Secret", ns, "pg-cluster-app") and "pass" in rc.reason
    assert [s["name"] for s in a.symptoms] == ["pg-cluster-1"]  # the healthy pod's old OOM is history

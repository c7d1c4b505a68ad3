"""What an app needs of its database, beyond its own pods (hand-written snapshots in kubectl's shape): a database
outside the cluster behind hand-written Endpoints that list a stale address, or behind an ExternalName Service
whose DNS name no longer resolves; a schema migration Job that failed, so the new version finds no column."""
from __future__ import annotations

import json

from toolkits.kubernetes.rca import analyse
from toolkits.kubernetes.snapshot import load_snapshot

NS = "billing"


def meta(name, **kw):
    return {"name": name, "namespace": NS, "uid": f"uid-{name}", **kw}


def client(name, env, message):
    return {"metadata": meta(name, labels={"app": "billing-api"}, creationTimestamp="2026-05-01T09:00:00Z"),
            "spec": {"nodeName": "n1", "containers": [{"name": "api", "image": "billing:3",
                                                         "env": [{"name": k, "value": v} for k, v in env.items()]}]},
            "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "False"}],
                       "containerStatuses": [{"name": "api", "ready": False, "restartCount": 7,
                                              "state": {"waiting": {"reason": "CrashLoopBackOff"}},
                                              "lastState": {"terminated": {"reason": "Error", "message": message}}}]}}


def write(tmp_path, files):
    files = {"namespaces": [{"metadata": {"name": NS, "uid": "ns1"}}],
             "nodes": [{"metadata": {"name": "n1", "uid": "n1"},
                        "status": {"conditions": [{"type": "Ready", "status": "True"}]}}], **files}
    for plural, items in files.items():
        (tmp_path / f"{plural}.json").write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    return load_snapshot(tmp_path)


def test_a_selector_less_service_whose_hand_written_endpoints_are_stale(tmp_path):
    pod = client("billing-api-1", {"DB_HOST": "ledger-db.billing.svc.cluster.local", "DB_PORT": "1433"},
                 "Login failed: connect ETIMEDOUT 10.0.9.31:1433")
    snap = write(tmp_path, {
        "pods": [pod],
        "services": [{"metadata": meta("ledger-db"), "spec": {"ports": [{"port": 1433, "targetPort": 1433}]}}],
        "endpoints": [{"metadata": meta("ledger-db"),
                       "subsets": [{"addresses": [{"ip": "10.0.9.31"}], "ports": [{"port": 1433}]}]}],
    })
    a = analyse(snap, "billing-api cannot reach the ledger database, connection timed out")
    rc = a.root_causes[0]
    assert (rc.kind, rc.namespace, rc.name) == ("Endpoints", NS, "ledger-db")
    assert "10.0.9.31" in rc.reason and "selector-less" in rc.reason
    assert a.path[-2:] == ["Service billing/ledger-db [Active]", "Endpoints billing/ledger-db [Ready]"]
    assert "kubectl edit endpoints ledger-db" in a.fix


def test_endpoints_the_cluster_writes_from_pods_are_not_blamed(tmp_path):
    pod = client("billing-api-1", {"DB_HOST": "ledger-db"}, "connect ETIMEDOUT 10.0.9.31:5432")
    db = {"metadata": meta("ledger-db-0", labels={"app": "ledger-db"}), "spec": {"nodeName": "n1", "containers": [
        {"name": "pg", "ports": [{"containerPort": 5432}]}]},
        "status": {"phase": "Running", "podIP": "10.0.9.31", "conditions": [{"type": "Ready", "status": "True"}],
                   "containerStatuses": [{"name": "pg", "ready": True, "state": {"running": {}}}]}}
    snap = write(tmp_path, {
        "pods": [pod, db],
        "services": [{"metadata": meta("ledger-db"), "spec": {"selector": {"app": "ledger-db"},
                                                              "ports": [{"port": 5432, "targetPort": 5432}]}}],
        "endpoints": [{"metadata": meta("ledger-db"), "subsets": [{"addresses": [
            {"ip": "10.0.9.31", "targetRef": {"kind": "Pod", "name": "ledger-db-0", "namespace": NS}}],
            "ports": [{"port": 5432}]}]}],
    })
    a = analyse(snap, "billing-api times out")
    assert all(rc.kind != "Endpoints" for rc in a.root_causes)


def test_an_external_name_service_pointing_to_a_name_that_no_longer_resolves(tmp_path):
    old = "ledger-prod.cluster-abc.eu-west-1.rds.amazonaws.com"
    pod = client("billing-api-1", {"DB_HOST": "ledger-db", "CACHE_DB": "reports-db"},
                 f"Error: getaddrinfo ENOTFOUND {old}")
    external = lambda name, host: {"metadata": meta(name),  # noqa: E731
                                   "spec": {"type": "ExternalName", "externalName": host}}
    snap = write(tmp_path, {"pods": [pod], "services": [external("reports-db", "reports.cluster-abc.rds.amazonaws.com"),
                                                        external("ledger-db", old)]})
    a = analyse(snap, "billing api down: ENOTFOUND for the database host")
    rc = a.root_causes[0]
    assert (rc.kind, rc.namespace, rc.name) == ("Service", NS, "ledger-db")  # the one whose name fails, not reports-db
    assert old in rc.reason and "externalName" in a.fix


def job(name, image, failed):
    cond = [{"type": "Failed", "status": "True", "reason": "DeadlineExceeded",
             "message": "Job was active longer than specified deadline"}] if failed else \
        [{"type": "Complete", "status": "True"}]
    return {"metadata": meta(name, creationTimestamp="2026-05-01T08:00:00Z"),
            "spec": {"template": {"spec": {"containers": [{"name": "flyway", "image": image}]}}},
            "status": {"conditions": cond, **({"failed": 1} if failed else {"succeeded": 1})}}


def test_a_failed_migration_job_of_the_same_app_explains_a_missing_column(tmp_path):
    pod = client("ledger-api-7d9f-x2k", {"DB_HOST": "ledger-db"},
                 "SchemaManagementException: Schema-validation: missing column [iban] in table [accounts]")
    snap = write(tmp_path, {"pods": [pod], "jobs": [
        job("ledger-migrate-v7", "ledger-migrations:v7", failed=False),
        job("ledger-migrate-v8", "ledger-migrations:v8", failed=True),
        job("reports-migrate-v3", "reports-migrations:v3", failed=True),  # another app's migration
    ], "events": [{"metadata": meta("e1"), "type": "Warning", "reason": "DeadlineExceeded",
                   "message": "Job was active longer than specified deadline", "lastTimestamp": "2026-05-01T08:02:00Z",
                   "involvedObject": {"kind": "Job", "namespace": NS, "name": "ledger-migrate-v8"}}]})
    a = analyse(snap, "ledger-api v8 crashes on startup: missing column iban")
    rc = a.root_causes[0]
    assert (rc.kind, rc.namespace, rc.name) == ("Job", NS, "ledger-migrate-v8")
    assert a.metapath == "Pod-[NEEDS_SCHEMA]->Job" and any("missing column [iban]" in e for e in a.evidence)

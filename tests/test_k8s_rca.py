"""The RCA on generated incidents, one per fault type (a development seed), through the real graph database."""
from __future__ import annotations

import random

import pytest

from evaluation.k8s_incidents import FAULTS, build_cluster, generate
from toolkits.kubernetes import K8sContext, build_registry
from toolkits.kubernetes.graph import StateGraph
from toolkits.kubernetes.rca import analyse
from toolkits.kubernetes.snapshot import Snapshot, load_snapshot

SEED = 11  # a development seed


def test_at_least_fifteen_fault_types_across_all_areas():
    assert len(FAULTS) >= 15
    assert {f.area for f in FAULTS.values()} >= {"config", "workloads", "services", "storage", "nodes", "network"}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_the_root_cause_entity_is_found(tmp_path, fault):
    inc = generate(fault, SEED)
    inc.write(tmp_path)
    a = analyse(load_snapshot(tmp_path), inc.truth.symptom)
    rc = a.root_causes[0]
    assert (rc.kind, rc.namespace, rc.name) == (inc.truth.kind, inc.truth.namespace, inc.truth.name), a.to_dict()
    assert a.path and a.path[-1].startswith(rc.kind) and a.evidence and a.fix


def test_names_and_counts_change_with_the_seed():
    a, b = generate("oom_killed", 1), generate("oom_killed", 2)
    names = lambda inc: {o["metadata"]["name"] for o in inc.objects["Namespace"]}  # noqa: E731
    assert names(a) != names(b)
    assert (len(a.objects["Pod"]), len(a.objects["Node"])) != (len(b.objects["Pod"]), len(b.objects["Node"]))


def test_the_quality_check_widens_the_search_with_feedback():
    a = analyse(StateGraph(Snapshot(generate("readiness_probe", SEED).objects)))
    assert a.root_causes[0].kind == "Deployment" and not a.strong  # a weak explanation, accepted in round 3
    assert any("round 1" in x for x in a.attempts) and any("round 2" in x for x in a.attempts)


def test_a_healthy_cluster_has_no_root_cause():
    c, _ = build_cluster(random.Random(5))
    c.endpoints_for()
    for w in c.objects.get("Deployment", []) + c.objects.get("StatefulSet", []) + c.objects.get("DaemonSet", []):
        w.pop("pods", None)
    a = analyse(StateGraph(Snapshot(c.objects)))
    assert a.root_causes == [] and "nothing is unhealthy" in a.attempts[0]


def test_rca_tool_returns_data_not_markdown(tmp_path):
    inc = generate("quota_exceeded", SEED)
    inc.write(tmp_path)
    res = build_registry().call("k8s_rca", K8sContext(snapshot_dir=str(tmp_path)), inc.truth.symptom)
    assert res.ok and res.rows[0][:3] == (inc.truth.kind, inc.truth.namespace, inc.truth.name)
    assert res.findings[0].severity == "critical" and not res.findings[0].sql  # a fix is never a statement to run
    assert "ResourceQuota" in res.data["metapath"] and "**" not in res.findings[0].text


def test_five_thousand_pods_load_and_analyse(tmp_path):
    from evaluation.k8s_incidents import scale
    from toolkits.kubernetes.snapshot import write_snapshot

    inc = generate("node_not_ready", SEED)
    write_snapshot(scale(inc.objects, 5000), tmp_path)
    a = analyse(load_snapshot(tmp_path), inc.truth.symptom)
    assert (a.root_causes[0].kind, a.root_causes[0].name) == ("Node", inc.truth.name)


def _dep(name, containers, ns="kube-system"):
    return {"metadata": {"name": name, "namespace": ns}, "spec": {"template": {"spec": {"containers": containers}}}}


def test_a_storage_class_is_linked_to_the_controller_that_provisions_it():
    from toolkits.kubernetes.extract import _provisioners

    side = {"name": "csi-provisioner", "image": "registry.k8s.io/sig-storage/csi-provisioner:v5.0.1"}
    ebs = _dep("ebs-csi-controller", [{"name": "ebs-plugin", "image": "public.ecr.aws/ebs-csi-driver/aws-ebs-csi-driver:v1.3"}, side])
    efs = _dep("efs-csi-controller", [{"name": "efs-plugin", "image": "amazon/aws-efs-csi-driver:v2"}, side])
    lb = _dep("aws-load-balancer-controller", [{"name": "controller", "image": "public.ecr.aws/eks/aws-load-balancer-controller:v2"}])
    local = _dep("local-path-provisioner", [{"name": "p", "image": "rancher/local-path-provisioner:v0.0.30",
                                             "args": ["start", "--provisioner-name=rancher.io/local-path"]}], "local-path-storage")
    snap = Snapshot({"Deployment": [ebs, efs, lb, local]})
    names = lambda prov: [w["metadata"]["name"] for _, w in _provisioners(snap, prov)]  # noqa: E731
    assert names("ebs.csi.aws.com") == ["ebs-csi-controller"]  # "aws" alone does not pick the load balancer or efs
    assert names("efs.csi.aws.com") == ["efs-csi-controller"]
    assert names("rancher.io/local-path") == ["local-path-provisioner"]  # named in its args
    assert names("pd.csi.storage.gke.io") == [] and names("kubernetes.io/no-provisioner") == []


def test_a_volume_held_by_a_claim_that_is_gone_is_the_volumes_fault():
    inc = generate("pv_bound_elsewhere", SEED)
    objects = inc.objects
    pending = next(p for p in objects["PersistentVolumeClaim"] if p["metadata"]["name"] == inc.truth.name)
    pv = next(v for v in objects["PersistentVolume"] if v["metadata"]["name"] == pending["spec"]["volumeName"])
    holder = pv["spec"]["claimRef"]["name"]
    objects["PersistentVolumeClaim"] = [p for p in objects["PersistentVolumeClaim"] if p["metadata"]["name"] != holder]
    pv["status"]["phase"] = "Released"
    rc = analyse(StateGraph(Snapshot(objects)), inc.truth.symptom).root_causes[0]
    assert (rc.kind, rc.name) == ("PersistentVolume", pv["metadata"]["name"]) and "no longer uses it" in rc.reason


def test_a_client_that_fails_because_its_database_fails_is_not_the_cause():
    inc = generate("db_liveness_probe", SEED)
    a = analyse(StateGraph(Snapshot(inc.objects)))  # no symptom text: the clients' readiness failures come first
    assert (a.root_causes[0].kind, a.root_causes[0].name) == ("StatefulSet", inc.truth.name)
    assert any(s["kind"] == "Pod" and s["namespace"] != inc.truth.namespace for s in a.symptoms)  # the clients were seen


def test_service_names_in_connection_strings():
    from toolkits.kubernetes.extract import service_of

    assert service_of("pg-rw.data.svc.cluster.local", "app") == ("pg-rw", "data")
    assert service_of("mongo-0.mongo-headless.db.svc.cluster.local", "app") == ("mongo-headless", "db")  # a pod's name
    assert service_of("redis", "app") == ("redis", "app") and service_of("redis.cache", "app") == ("redis", "cache")


def test_a_finished_init_container_does_not_make_a_ready_pod_unready():
    from toolkits.kubernetes.extract import _pod_state

    pod = {"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}],
                      "initContainerStatuses": [{"name": "bootstrap", "ready": False, "restartCount": 0,
                                                 "state": {"terminated": {"reason": "Completed", "exitCode": 0}}}],
                      "containerStatuses": [{"name": "postgres", "ready": True, "restartCount": 0, "state": {"running": {}}}]}}
    assert _pod_state(pod)[1] == []
    pod["status"]["containerStatuses"][0]["ready"] = False
    pod["status"]["conditions"][0]["status"] = "False"
    assert "NotReady" in _pod_state(pod)[1]

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

"""Snapshot directories: kubectl's own output, any file may be missing, bad files named, Secrets without values."""
from __future__ import annotations

import json

import pytest

from evaluation.k8s_incidents import generate
from toolkits.kubernetes.graph import StateGraph, graph_of_dir
from toolkits.kubernetes.snapshot import KINDS, SnapshotError, load_snapshot, write_snapshot


@pytest.fixture(scope="module")
def incident():
    return generate("secret_missing", 3)


def test_a_snapshot_is_one_kubectl_list_per_plural(tmp_path, incident):
    incident.write(tmp_path)
    for plural in ("pods", "nodes", "events", "persistentvolumeclaims", "storageclasses"):
        doc = json.loads((tmp_path / f"{plural}.json").read_text())
        assert doc["kind"] == "List" and isinstance(doc["items"], list) and doc["items"]
    snap = load_snapshot(tmp_path)
    assert set(snap.objects) <= set(KINDS.values()) and len(snap.items("Pod")) == len(incident.objects["Pod"])


def test_missing_files_are_fine_and_unknown_files_are_ignored(tmp_path, incident):
    write_snapshot({"Pod": incident.objects["Pod"], "Node": incident.objects["Node"]}, tmp_path)
    (tmp_path / "widgets.json").write_text("not even json")
    snap = load_snapshot(tmp_path)
    assert set(snap.objects) == {"Pod", "Node"}
    g = StateGraph(snap)
    assert g.counts()["Pod"] == len(incident.objects["Pod"]) and g.counts()["Service"] == 0


@pytest.mark.parametrize("content, words", [
    ('{"items": [', ["pods.json", "not valid JSON", "line 1"]),
    ('{"kind": "Pod"}', ["pods.json", "not a kubectl List"]),
    ('{"items": [{"metadata": {}}]}', ["pods.json", "item 0 has no metadata.name"]),
    (b"\xff\xfe{", ["pods.json", "not UTF-8"]),
])
def test_a_malformed_file_is_named_in_one_line(tmp_path, content, words):
    (tmp_path / "pods.json").write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(SnapshotError) as e:
        load_snapshot(tmp_path)
    msg = str(e.value)
    assert all(w in msg for w in words) and "\n" not in msg


def test_no_directory_or_no_files_say_what_to_do(tmp_path):
    with pytest.raises(SnapshotError, match="no such snapshot directory.*k8s-bundle"):
        load_snapshot(tmp_path / "nope")
    with pytest.raises(SnapshotError, match="no snapshot files"):
        load_snapshot(tmp_path)


def test_secret_values_never_kept(tmp_path, incident):
    objects = json.loads(json.dumps(incident.objects))
    objects["Secret"][0]["data"] = {"password": "aHVudGVyMg=="}
    objects["Secret"][0]["stringData"] = {"token": "plain-secret-token"}
    objects["Secret"][0]["metadata"]["annotations"] = {
        "kubectl.kubernetes.io/last-applied-configuration": '{"data": {"password": "aHVudGVyMg=="}}'}
    write_snapshot(objects, tmp_path)
    raw = (tmp_path / "secrets.json").read_text()
    assert "aHVudGVyMg==" not in raw and "plain-secret-token" not in raw
    snap = load_snapshot(tmp_path)
    s = snap.items("Secret")[0]
    assert "data" not in s and "stringData" not in s and {"password", "token"} <= set(s["keys"])
    g = StateGraph(snap)
    dump = json.dumps([n.row() for n in g.graph.nodes.values()])
    assert "aHVudGVyMg==" not in dump and "plain-secret-token" not in dump and "password" in dump


def test_too_many_objects_is_refused_in_one_line(tmp_path, incident):
    incident.write(tmp_path)
    with pytest.raises(SnapshotError, match="more than 100 objects.*DBCOPILOT_K8S_MAX_OBJECTS"):
        load_snapshot(tmp_path, max_objects=100)


def test_the_graph_is_reloaded_when_the_snapshot_changes(tmp_path, incident):
    incident.write(tmp_path)
    g1 = graph_of_dir(tmp_path)
    assert graph_of_dir(tmp_path) is g1  # unchanged: the same loaded graph
    pods = json.loads((tmp_path / "pods.json").read_text())
    pods["items"] = pods["items"][:3]
    (tmp_path / "pods.json").write_text(json.dumps(pods))
    g2 = graph_of_dir(tmp_path)
    assert g2 is not g1 and g2.counts()["Pod"] == 3

"""The live path: the real ``kubernetes`` client against a local HTTP server that answers with recorded
API responses; bad input (no kubeconfig, unreachable, 403) is one clear line."""
from __future__ import annotations

import json

import pytest

from evaluation.k8s_incidents import generate
from toolkits.kubernetes import K8sContext, build_registry
from toolkits.kubernetes import live
from toolkits.kubernetes.live import LiveError, api_client, bundle, fetch, log_tail
from toolkits.kubernetes.rca import analyse
from toolkits.kubernetes.snapshot import load_snapshot

try:
    from tests.k8s_api_server import FakeApi
except ImportError:
    from k8s_api_server import FakeApi


@pytest.fixture(scope="module")
def incident():
    return generate("pv_bound_elsewhere", 21)


def test_fetch_pages_through_the_api_and_finds_the_root_cause(incident, monkeypatch):
    monkeypatch.setattr(live, "PAGE", 7)  # several pages per kind
    with FakeApi(incident.objects) as api:
        snap = fetch(api_client(host=api.url))
        assert len(snap.items("Pod")) == len(incident.objects["Pod"]) and snap.source == f"live:{api.url}"
        assert all(m == "GET" for m, _ in api.requests)  # read-only verbs only
        assert sum(1 for _, p in api.requests if p == "/api/v1/pods") >= 2
    rc = analyse(snap).root_causes[0]
    assert (rc.kind, rc.name) == (incident.truth.kind, incident.truth.name) == ("PersistentVolumeClaim", rc.name)


def test_secrets_from_the_api_keep_only_their_key_names(incident, tmp_path):
    objects = json.loads(json.dumps(incident.objects))
    objects["Secret"][0]["data"] = {"password": "c3VwZXJzZWNyZXQ="}
    with FakeApi(objects) as api:
        d, counts = bundle(api_client(host=api.url), tmp_path / "b")
    assert counts["Pod"] == len(objects["Pod"])
    assert "c3VwZXJzZWNyZXQ=" not in (d / "secrets.json").read_text()
    assert "password" in load_snapshot(d).items("Secret")[0]["keys"]


def test_the_toolkit_reads_a_live_cluster_through_a_kubeconfig(incident, tmp_path):
    with FakeApi(incident.objects, logs={("ns", "pod"): "a\nb\nFATAL: boom"}) as api:
        kc = tmp_path / "config"
        kc.write_text(json.dumps({
            "apiVersion": "v1", "kind": "Config", "current-context": "test",
            "clusters": [{"name": "c", "cluster": {"server": api.url}}],
            "users": [{"name": "u", "user": {"token": "t0ken"}}],
            "contexts": [{"name": "test", "context": {"cluster": "c", "user": "u"}}]}))
        ctx = K8sContext(kubeconfig=str(kc), kube_context="test")
        res = build_registry().call("k8s_rca", ctx, "")
        assert res.ok and res.rows[0][2] == incident.truth.name
        assert log_tail(ctx.api(), "ns", "pod", lines=2) == "b\nFATAL: boom"


def test_forbidden_is_one_line_that_says_what_to_grant(incident):
    with FakeApi(incident.objects, forbidden={"secrets"}) as api:
        with pytest.raises(LiveError) as e:
            fetch(api_client(host=api.url))
    msg = str(e.value)
    assert msg.startswith("forbidden (403)") and "secrets" in msg and "ClusterRole" in msg and "\n" not in msg
    res = build_registry().call("k8s_unhealthy", K8sContext(host=api.url, timeout_s=2), "")
    assert not res.ok and res.error.startswith("k8s_unhealthy: cannot reach") and "Traceback" not in res.error


def test_unreachable_api_is_one_line():
    with pytest.raises(LiveError, match=r"cannot reach the Kubernetes API at http://127.0.0.1:1 .*kubectl cluster-info"):
        fetch(api_client(host="http://127.0.0.1:1"), timeout_s=2)


def test_no_kubeconfig_is_one_line(tmp_path, monkeypatch):
    monkeypatch.delenv("KUBECONFIG", raising=False)
    monkeypatch.delenv("KUBERNETES_SERVICE_HOST", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(LiveError, match="no kubeconfig .* not running inside a cluster; set DBCOPILOT_K8S_KUBECONFIG"):
        api_client()
    with pytest.raises(LiveError, match="no kubeconfig at /nonexistent/config"):
        api_client(kubeconfig="/nonexistent/config")
    bad = tmp_path / "bad"
    bad.write_text("this: [is not a kubeconfig")
    with pytest.raises(LiveError, match="cannot use the kubeconfig"):
        api_client(kubeconfig=str(bad))

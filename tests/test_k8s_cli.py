"""The Kubernetes commands through the real CLI, and the toolkit through agent/plugins.py."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from agent.config import Settings
from agent.plugins import TOOLKITS, get_toolkit
from app.cli import cli
from evaluation.k8s_incidents import generate


def test_k8s_gen_then_k8s_rca_json(tmp_path):
    r = CliRunner().invoke(cli, ["k8s-gen", "--out", str(tmp_path), "--fault", "node_taint", "--seed", "4"])
    assert r.exit_code == 0, r.output
    truth = json.loads((tmp_path / "truth.json").read_text())
    r = CliRunner().invoke(cli, ["k8s-rca", "--snapshot", str(tmp_path), "--json", truth["symptom"]])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["root_causes"][0] == {"kind": "Node", "namespace": "", "name": truth["name"],
                                     "reason": out["root_causes"][0]["reason"]}
    assert out["path"][-1].startswith("Node ") and "## Root cause" in out["report"] and "kubectl" in out["report"]


def test_eval_k8s_prints_precision_per_type_and_time():
    r = CliRunner().invoke(cli, ["eval-k8s", "--n", "1", "--seed", "3", "--fault", "oom_killed",
                                 "--fault", "storageclass_missing", "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["incidents"] == 2 and set(res["per_type"]) == {"oom_killed", "storageclass_missing"}
    assert 0 < res["seconds_p50"] < 30


def test_bad_input_is_one_line_without_traceback(tmp_path):
    (tmp_path / "nodes.json").write_text("{oops")
    r = CliRunner().invoke(cli, ["k8s-rca", "--snapshot", str(tmp_path)])
    assert r.exit_code == 1 and "nodes.json: not valid JSON" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["k8s-gen", "--out", str(tmp_path / "x"), "--fault", "nope"])
    assert r.exit_code == 2 and "unknown fault type" in r.output
    r = CliRunner().invoke(cli, ["k8s-bundle", "--out", str(tmp_path / "b"), "--api", "http://127.0.0.1:1"])
    assert r.exit_code == 1 and "cannot reach the Kubernetes API" in r.output and "Traceback" not in r.output


def test_the_toolkit_is_registered_and_read_only(tmp_path):
    generate("quota_exceeded", 2).write(tmp_path)
    assert "kubernetes" in TOOLKITS
    settings = Settings(toolkit="kubernetes", k8s_snapshot=tmp_path)
    tk = get_toolkit(settings)
    assert tk.name == "kubernetes" and set(tk.registry().names()) == {"k8s_unhealthy", "k8s_describe",
                                                                      "k8s_path_query", "k8s_rca"}
    check = tk.check(settings)
    assert check.ok and "pods" in check.message and "read-only" in check.message
    assert tk.classify("kubectl delete pod x")[0] is None and not tk.run_confirmed(None, "x").ok
    down = tk.check(Settings(toolkit="kubernetes", k8s_snapshot=tmp_path / "nope"))
    assert not down.ok and "no such snapshot directory" in down.message

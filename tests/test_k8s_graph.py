"""The state graph in the real embedded graph database: the MetaGraph's tables, relations, placeholders,
and the read-only Cypher guard of k8s_path_query."""
from __future__ import annotations

import pytest

from evaluation.k8s_incidents import generate
from toolkits.kubernetes import K8sContext, build_registry
from toolkits.kubernetes.cypher_guard import CypherRefused, guard, tokenize
from toolkits.kubernetes.graph import StateGraph
from toolkits.kubernetes.metagraph import RELATIONS, cypher, describe, metapaths
from toolkits.kubernetes.snapshot import load_snapshot


@pytest.fixture(scope="module")
def snap_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("snap")
    generate("configmap_missing", 5).write(d)
    return d


@pytest.fixture(scope="module")
def sg(snap_dir):
    return StateGraph(load_snapshot(snap_dir))


def test_every_relation_of_the_metagraph_is_a_table_and_most_have_edges(sg):
    counts = sg.counts()
    assert set(RELATIONS) <= set(counts)
    for rel in ("OWNS", "SCHEDULED_ON", "SELECTS", "MOUNTS", "BINDS", "USES_CLASS", "USES_CONFIG", "USES_SECRET",
                "ROUTES_TO", "ENDPOINTS_OF", "EVENT_OF", "APPLIES_TO", "IN_NAMESPACE", "USES_ACCOUNT", "CONNECTS_TO",
                "LIMITS", "CLAIMS"):
        assert counts[rel] > 0, rel


def test_a_referenced_but_absent_object_is_a_missing_node(sg):
    _, rows = sg.query("MATCH (p:Pod)-[:USES_CONFIG]->(c:ConfigMap) WHERE c.missing RETURN DISTINCT c.name")
    assert len(rows) == 1


def test_metapaths_are_bounded_and_become_cypher():
    paths = metapaths("Pod", {"NetworkPolicy"}, 3)
    texts = [describe(p, "Pod") for p in paths]
    assert "Pod<-[APPLIES_TO]-NetworkPolicy" in texts
    assert "Pod-[CONNECTS_TO]->Service-[SELECTS]->Pod<-[APPLIES_TO]-NetworkPolicy" in texts
    assert all(len(p) <= 3 for p in paths) and len(metapaths("Pod", {"NetworkPolicy"}, 1)) == 1
    assert metapaths("Pod", {"ResourceQuota"}, 2) and not metapaths("Pod", {"ResourceQuota"}, 1)
    q = cypher(paths[0], "Pod")
    assert q.startswith("MATCH p = (n0:Pod {uid: $uid})<-[:APPLIES_TO]-(n1:NetworkPolicy)")


@pytest.mark.parametrize("statement", [
    "MATCH (p:Pod) CREATE (x:Pod {uid: 'x'}) RETURN p", "MATCH (p:Pod) SET p.phase = 'Running' RETURN p",
    "MATCH (p:Pod) DETACH DELETE p", "MATCH (p) REMOVE p.name RETURN p", "DROP TABLE Pod",
    "COPY Pod FROM '/etc/passwd'", "LOAD FROM '/etc/passwd' RETURN *", "CALL show_tables() RETURN *",
    "MATCH (a) RETURN a; MATCH (b) DELETE b", "match (a)-[*]->(b) return b", "MATCH (a)-[:OWNS*1..50]->(b) RETURN b",
    "MATCH (p:Pod) merge (q:Pod {uid: 'y'}) RETURN p", "ALTER TABLE Pod ADD x STRING", "RETURN 1",
    "MATCH (p:Pod) WHERE p.name = 'unterminated RETURN p",
])
def test_writes_and_unbounded_queries_are_refused(sg, statement):
    with pytest.raises(CypherRefused):
        guard(statement)


def test_keywords_inside_strings_names_and_comments_are_data():
    assert [t.text for t in tokenize("MATCH (p) WHERE p.name = 'CREATE' RETURN p // DELETE")] == \
        ["MATCH", "(", "p", ")", "WHERE", "p", ".", "name", "=", "'CREATE'", "RETURN", "p"]
    assert guard("MATCH (`SET`:Pod) RETURN `SET`.name") == "MATCH (`SET`:Pod) RETURN `SET`.name LIMIT 200"
    assert guard("MATCH (a)-[:OWNS*1..3]->(b) RETURN b LIMIT 5000;", cap=50).endswith("LIMIT 50")


def test_path_query_tool_runs_a_guarded_match_and_refuses_a_write(snap_dir):
    reg, ctx = build_registry(), K8sContext(snapshot_dir=str(snap_dir), row_cap=5)
    res = reg.call("k8s_path_query", ctx, "MATCH (p:Pod)-[:SCHEDULED_ON]->(n:Node) RETURN p.name, n")
    assert res.ok and len(res.rows) == 5 and res.rows[0][1].startswith("Node ")
    bad = reg.call("k8s_path_query", ctx, "MATCH (p:Pod) DETACH DELETE p")
    assert not bad.ok and "refused" in bad.error and "DELETE" in bad.error
    after = reg.call("k8s_path_query", ctx, "MATCH (p:Pod) RETURN count(p)")
    assert after.rows[0][0] > 5  # nothing was deleted


def test_describe_and_unhealthy_tools(snap_dir):
    reg, ctx = build_registry(), K8sContext(snapshot_dir=str(snap_dir))
    un = reg.call("k8s_unhealthy", ctx, "")
    assert un.ok and un.value >= 1 and all(r[0] for r in un.rows)
    pod = next(r for r in un.rows if r[0] == "Pod")
    d = reg.call("k8s_describe", ctx, f"Pod/{pod[1]}/{pod[2]}")
    assert d.ok and {"OWNS", "USES_CONFIG"} <= {r[0] for r in d.rows}
    assert any(r[-1] == "missing" for r in d.rows)
    nope = reg.call("k8s_describe", ctx, "no-such-thing")
    assert not nope.ok and "no entity named" in nope.error

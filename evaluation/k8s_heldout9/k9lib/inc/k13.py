"""k9-13: ResourceQuota lowered by a rightsizing job; Cassandra pod cannot be re-created after node upgrade (GKE)."""
from .common import *
from ..registry import incident
from ..bases3 import gke_base
from ..addons import cert_manager
from ..core import qty, fmt_mem


@incident("k9-13", profile("gke", version="v1.29.6-gke.1326000"), "2024-10-15T08:57:03Z",
          "GKE Standard 1.29 (default-pool + tainted cassandra-pool), Dataplane V2, PD CSI")
def build(c):
    age = 610 * D
    specs = []
    for i, z in enumerate(("a", "b", "c")):
        specs.append(dict(name="gke-telemetry-default-pool-%s-%s" % (("0be1c9d4", "71aa3e20", "c4d28f16")[i], c.sfx(4)),
                          ip="10.164.0.%d" % (12 + i), zone="us-central1-" + z, ago=20 * D + i * 400, cpu=4, mem=16, itype="e2-standard-4"))
    for i, z in enumerate(("a", "b", "c")):
        ago = 36 * M + 40 if z == "c" else 20 * D + 3000 + i * 300
        specs.append(dict(name="gke-telemetry-cassandra-pool-%s-%s" % (("5e2f0a91", "a81c6d35", "f3b90e72")[i], c.sfx(4)),
                          ip="10.164.0.%d" % (40 + i), zone="us-central1-" + z, ago=ago, cpu=8, mem=64, itype="n2-highmem-8",
                          pool_name="cassandra-pool", labels={"workload": "cassandra"},
                          taints=[taint("dedicated", "NoSchedule", "cassandra")]))
    gke_base(c, specs, age, project="telemetry-prod-7781", cluster="telemetry")
    from ..noise import node_boot_events
    node_boot_events(c, c.get("nodes", None, specs[5]["name"]), specs[5]["ago"] - 5)
    N = alln(c)
    GEN = [s["name"] for s in specs[:3]]
    CAS = [s["name"] for s in specs[3:]]
    namespace(c, "gmp-system", 400 * D, {"addonmanager.kubernetes.io/mode": "Reconcile"})
    namespace(c, "gmp-public", 400 * D, {"addonmanager.kubernetes.io/mode": "Reconcile"})
    comp_ds(c, "gmp-system", "collector", "gke.gcr.io/prometheus-engine/prometheus:v2.45.3-gmp.7-gke.0", N, 400 * D,
            labels={"app": "managed-prometheus-collector", "app.kubernetes.io/name": "collector"}, sa="collector", cname="prometheus",
            req=("5m", "16M"), lim=(None, "3G"), tol=[{"effect": "NoExecute", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"}])
    comp_deploy(c, "gmp-system", "gmp-operator", "gke.gcr.io/prometheus-engine/operator:v0.10.0-gke.0", 1, 400 * D,
                labels={"app": "managed-prometheus-operator", "app.kubernetes.io/name": "gmp-operator"}, sa="operator",
                cname="operator", req=("1m", "16M"), lim=(None, "2G"), nodes=GEN)
    cert_manager(c)
    # ---------------- Cassandra
    ns, rel = "telemetry-cass", "tm-cassandra"
    namespace(c, ns, 500 * D, {"team": "telemetry", "cost-center": "cc-4410"})
    helm_release(c, ns, rel, 6, 499 * D, 80 * D)
    ha = helm_ann(rel, ns)
    hl = helm_labels(rel, "cassandra", "11.3.6", "4.1.5")
    secret(c, ns, rel, ["cassandra-password"], 499 * D, hl, ha)
    sa(c, ns, rel, 499 * D, hl, ha)
    env = [E("BITNAMI_DEBUG", "false"), E("CASSANDRA_CLUSTER_NAME", "telemetry"),
           E("CASSANDRA_SEEDS", "%s-0.%s-headless.%s.svc.cluster.local,%s-1.%s-headless.%s.svc.cluster.local" % (rel, rel, ns, rel, rel, ns)),
           ES("CASSANDRA_PASSWORD", rel, "cassandra-password"), EF("POD_IP", "status.podIP"), E("CASSANDRA_USER", "cassandra"),
           E("CASSANDRA_NUM_TOKENS", "16"), E("CASSANDRA_DATACENTER", "us-central1"), E("CASSANDRA_ENDPOINT_SNITCH", "GossipingPropertyFileSnitch"),
           E("CASSANDRA_RACK", "rack1"), E("MAX_HEAP_SIZE", "4G"), E("HEAP_NEWSIZE", "800M"), E("CASSANDRA_TRANSPORT_PORT_NUMBER", "7000"),
           E("CASSANDRA_JMX_PORT_NUMBER", "7199"), E("CASSANDRA_CQL_PORT_NUMBER", "9042")]
    cas = ctr("cassandra", "docker.io/bitnami/cassandra:4.1.5-debian-12-r6", [("intra", 7000), ("tls", 7001), ("jmx", 7199), ("cql", 9042)],
              ("2", "8Gi"), ("2", "8Gi"), env, [MT("data", "/bitnami/cassandra"), MT("empty-dir", "/tmp", sub="tmp-dir")],
              cmd=["bash", "-ec", "exec /opt/bitnami/scripts/cassandra/entrypoint.sh /opt/bitnami/scripts/cassandra/run.sh"],
              rp=ex(["/bin/bash", "-ec", "nodetool status | grep -E \"^UN\\\\s+${POD_IP}\"\n"], d=60, p=10, t=30, f=5),
              lp=ex(["/bin/bash", "-ec", "nodetool info | grep \"Native Transport active: true\"\n"], d=60, p=30, t=30, f=5),
              sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 1001})
    tp = tmpl(dict(hl, **{"app.kubernetes.io/component": "cassandra"}), [cas], volumes=[VE("empty-dir")], sa=rel,
              nsel={"workload": "cassandra"}, tol=[{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "cassandra"}],
              psc={"fsGroup": 1001}, aff=anti_affinity({"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "cassandra"},
                                                      required=True))
    s = statefulset(c, ns, rel, tp, 3, 499 * D, rel + "-headless", [("data", "500Gi", "premium-rwo")],
                    dict(hl, **{"app.kubernetes.io/component": "cassandra"}), ha, gen=6)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, rel, sel, [("cql", 9042, "cql"), ("metrics", 8080, 8080)], 499 * D, hl, ha)
    service(c, ns, rel + "-headless", sel, [("intra", 7000, 7000), ("tls", 7001, 7001), ("jmx", 7199, 7199), ("cql", 9042, 9042)],
            499 * D, hl, ha, headless=True, pna=True)
    for i in range(2):
        sts_pod(c, s, i, CAS[i], 20 * D + 2500 - 1200 * i, pvc_ago=499 * D - 200 * i)
    from ..storage import pvc as mkpvc
    mkpvc(c, ns, "data-%s-2" % rel, "500Gi", "premium-rwo", 499 * D - 400, labels=sel, node=CAS[2])
    comp_deploy(c, ns, "cassandra-reaper", "docker.io/thelastpickle/cassandra-reaper:3.6.1", 1, 300 * D,
                labels={"app.kubernetes.io/name": "cassandra-reaper", "app.kubernetes.io/part-of": "telemetry"},
                ports=[("app", 8080), ("admin", 8081)], req=("250m", "1536Mi"), lim=("1", "2Gi"), nodes=GEN,
                env=[E("REAPER_STORAGE_TYPE", "cassandra"), E("REAPER_CASS_CONTACT_POINTS", "[%s]" % rel), E("REAPER_CASS_KEYSPACE", "reaper_db")],
                rp=http("/healthcheck", "admin", d=30), svc=[("app", 8080, "app")])
    comp_deploy(c, ns, "cassandra-exporter", "docker.io/criteord/cassandra_exporter:2.3.8", 1, 300 * D,
                labels={"app.kubernetes.io/name": "cassandra-exporter"}, ports=[("metrics", 8080)], req=("100m", "512Mi"),
                lim=("500m", "1Gi"), nodes=GEN, env=[E("CASSANDRA_EXPORTER_CONFIG_host", "%s:7199" % rel)])
    # quota rewritten by the rightsizing job
    used_l = used_r = 0
    for p in c.all("pods"):
        if p["metadata"]["namespace"] == ns and p["status"].get("phase") not in ("Succeeded", "Failed"):
            for cc in p["spec"]["containers"]:
                used_l += qty(cc["resources"].get("limits", {}).get("memory", "0"))
                used_r += qty(cc["resources"].get("requests", {}).get("memory", "0"))
    hard = {"limits.cpu": "16", "limits.memory": "24Gi", "persistentvolumeclaims": "10", "pods": "20",
            "requests.cpu": "12", "requests.memory": "24Gi", "requests.storage": "4Ti"}
    quota(c, ns, "compute-resources", hard, 3 * H + 12 * M,
          {"app.kubernetes.io/managed-by": "finops-rightsizer", "finops.example.com/policy": "p90-usage-x1.2"},
          {"finops.example.com/previous-limits.memory": "40Gi", "finops.example.com/previous-requests.memory": "40Gi",
           "finops.example.com/rightsized-at": c.ts(3 * H + 12 * M)})
    evict = 38 * M + 30
    msg = ('create Pod %s-2 in StatefulSet %s failed error: pods "%s-2" is forbidden: exceeded quota: compute-resources, '
           'requested: limits.memory=8Gi,requests.memory=8Gi, used: limits.memory=%s,requests.memory=%s, '
           'limited: limits.memory=24Gi,requests.memory=24Gi' % (rel, rel, rel, fmt_mem(used_l), fmt_mem(used_r)))
    cev(c, s, "SuccessfulDelete", "delete Pod %s-2 in StatefulSet %s successful" % (rel, rel), first=evict)
    cev(c, s, "FailedCreate", msg, "Warning", count=27, first=evict - 2, last=c.rng.randint(20, 200))
    tps = tmpl({"app.kubernetes.io/name": "cassandra-snapshot"},
               [ctr("snapshot", "docker.io/bitnami/cassandra:4.1.5-debian-12-r6",
                    cmd=["bash", "-c", "for h in tm-cassandra-0 tm-cassandra-1 tm-cassandra-2; do nodetool -h $h.tm-cassandra-headless snapshot -t daily-$(date +%F) telemetry || true; done"],
                    req=("100m", "256Mi"), lim=("500m", "512Mi"))], restart="Never")
    cronjob(c, ns, "cassandra-snapshot", tps, "30 3 * * *", D, 3 * H + 30 * M, 300 * D, ["ok", "ok", "ok"], GEN, dur=(60, 200))
    # ---------------- app tier
    app = "telemetry"
    namespace(c, app, 501 * D, {"team": "telemetry"})
    cm(c, app, "telemetry-config", {"CASSANDRA_CONTACT_POINTS": "tm-cassandra.telemetry-cass.svc", "CASSANDRA_KEYSPACE": "telemetry",
                                    "CASSANDRA_CONSISTENCY": "LOCAL_QUORUM"}, 400 * D)
    envf = [{"configMapRef": {"name": "telemetry-config"}}]
    img = "us-central1-docker.pkg.dev/telemetry-prod-7781/apps/%s"
    app_deploy(c, app, "ingest-collector", img % "collector:3.3.0", 3, 300 * D, rp=http("/ready", 8080), nodes=GEN, env_from=envf)
    app_deploy(c, app, "query-api", img % "query-api:3.3.0", 2, 300 * D, rp=http("/ready", 8080), nodes=GEN, env_from=envf)
    app_deploy(c, app, "dashboards", img % "dashboards:3.2.8", 1, 300 * D, rp=http("/", 8080), nodes=GEN, req=("50m", "128Mi"))
    sandbox(c, "sandbox-finops", "crashloop", "cost-exporter", "ghcr.io/finops/cost-exporter:0.9.0-rc1", 10, nodes=GEN)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("ingest-collector-") and x["status"].get("phase") == "Running"][0])
    evicted_leftover(c, c.get("replicasets", app, [r for r in c.store["replicasets"] if r[0] == app and r[1].startswith("dashboards-")][-1][1]), GEN[0], 3)
    return {
        "fault": "resourcequota-exceeded",
        "symptom": "One of our three Cassandra pods never came back after this morning's GKE node upgrade: the StatefulSet "
                   "shows 2/3 and there is no pod -2 at all. The ring is running with one node down.",
        "root_cause": {"kind": "ResourceQuota", "namespace": ns, "name": "compute-resources"},
        "explanation": "The cassandra-pool node in us-central1-c was replaced ~37 min ago; tm-cassandra-2 was deleted during the "
                       "drain and statefulset-controller now fails every re-create with FailedCreate 'exceeded quota: "
                       "compute-resources, requested: limits.memory=8Gi,requests.memory=8Gi, used: ... limited: "
                       "limits.memory=24Gi,requests.memory=24Gi'. The ResourceQuota was (re)written ~3h12m ago by the "
                       "finops-rightsizer (managed-by label; previous limits 40Gi in its annotations) to a value that fits "
                       "only the pods running at that moment, so any replacement pod is rejected. The StatefulSet, its PVC "
                       "data-tm-cassandra-2 (Bound) and the new node (Ready, correctly labelled/tainted) are fine. Fix: raise "
                       "the namespace quota back to cover three Cassandra pods (or exempt the namespace from rightsizing).",
    }

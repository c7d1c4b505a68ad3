"""k9-23: Pod Security 'restricted' enforcement added to the ScyllaDB namespace; replacement pod rejected (GKE)."""
from .common import *
from ..registry import incident
from ..bases3 import gke_base
from ..addons import cert_manager
from ..noise import node_boot_events

PSA = ('pods "events-scylla-2" is forbidden: violates PodSecurity "restricted:latest": privileged (container "sysctl-tuning" must '
       'not set securityContext.privileged=true), allowPrivilegeEscalation != false (containers "sysctl-tuning", "scylla", '
       '"scylla-manager-agent" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (containers '
       '"sysctl-tuning", "scylla", "scylla-manager-agent" must set securityContext.capabilities.drop=["ALL"]; container "scylla" '
       'must not include "SYS_NICE" in securityContext.capabilities.add), runAsNonRoot != true (pod or containers "sysctl-tuning", '
       '"scylla", "scylla-manager-agent" must set securityContext.runAsNonRoot=true), seccompProfile (pod or containers '
       '"sysctl-tuning", "scylla", "scylla-manager-agent" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")')


@incident("k9-23", profile("gke", version="v1.30.5-gke.1014001"), "2024-11-20T13:33:47Z",
          "GKE Standard 1.30 (default-pool + scylla-pool), Dataplane V2, PD CSI (pd-ssd)", hard=False)
def build(c):
    age = 280 * D
    specs = []
    for i, z in enumerate(("b", "c")):
        specs.append(dict(name="gke-evt-prod-default-pool-%s-%s" % (("6a0c2d91", "e47b1a05")[i], c.sfx(4)), ip="10.150.0.%d" % (5 + i),
                          zone="us-east1-" + z, ago=18 * D + 400 * i, cpu=4, mem=16, itype="e2-standard-4"))
    for i, z in enumerate(("b", "c", "d")):
        ago = 44 * M if z == "d" else 18 * D + 2000 + 300 * i
        specs.append(dict(name="gke-evt-prod-scylla-pool-%s-%s" % (("1d93f0b2", "5c28ae47", "9fb3c6d0")[i], c.sfx(4)), ip="10.150.0.%d" % (20 + i),
                          zone="us-east1-" + z, ago=ago, cpu=8, mem=32, itype="n2-standard-8", pool_name="scylla-pool",
                          labels={"scylla.scylladb.com/node-type": "scylla"}, taints=[taint("role", "NoSchedule", "scylla")]))
    gke_base(c, specs, age, project="evt-prod-20931", cluster="evt-prod")
    node_boot_events(c, c.get("nodes", None, specs[4]["name"]), specs[4]["ago"] - 5)
    DEF = [s["name"] for s in specs[:2]]
    SCY = [s["name"] for s in specs[2:]]
    cert_manager(c)
    namespace(c, "gmp-system", 250 * D, {"addonmanager.kubernetes.io/mode": "Reconcile"})
    namespace(c, "gmp-public", 250 * D, {"addonmanager.kubernetes.io/mode": "Reconcile"})
    comp_ds(c, "gmp-system", "collector", "gke.gcr.io/prometheus-engine/prometheus:v2.45.3-gmp.7-gke.0", alln(c), 250 * D,
            labels={"app": "managed-prometheus-collector", "app.kubernetes.io/name": "collector"}, sa="collector", cname="prometheus",
            req=("5m", "16M"), lim=(None, "3G"), tol=[{"effect": "NoExecute", "operator": "Exists"}, {"effect": "NoSchedule", "operator": "Exists"}])
    applied = 41 * M + 30
    base_lab = {"pod-security.kubernetes.io/enforce": "restricted", "pod-security.kubernetes.io/enforce-version": "latest",
                "pod-security.kubernetes.io/warn": "restricted", "platform.example.com/baseline": "2024.11"}
    base_ann = {"platform.example.com/psa-baseline-applied-at": c.ts(applied), "platform.example.com/psa-baseline-applied-by": "ns-baseline-controller"}
    # ---------------- ScyllaDB
    ns = "nosql-prod"
    namespace(c, ns, 260 * D, dict(base_lab, team="events"), base_ann)
    lab = {"app.kubernetes.io/name": "scylla", "app.kubernetes.io/instance": "events-scylla", "app.kubernetes.io/part-of": "events"}
    cm(c, ns, "events-scylla-config", {"scylla.yaml": "cluster_name: events\nnum_tokens: 256\nendpoint_snitch: GossipingPropertyFileSnitch\n"
                                                      "seed_provider:\n  - class_name: org.apache.cassandra.locator.SimpleSeedProvider\n"
                                                      "    parameters:\n      - seeds: events-scylla-0.events-scylla.nosql-prod.svc.cluster.local\n"},
       259 * D, lab)
    secret(c, ns, "scylla-agent-config", ["scylla-manager-agent.yaml"], 259 * D, lab)
    init = [ctr("sysctl-tuning", "docker.io/library/busybox:1.36", cmd=["sh", "-c", "sysctl -w fs.aio-max-nr=30000000 && sysctl -w vm.swappiness=1"],
                sc={"privileged": True})]
    sc_ = ctr("scylla", "docker.io/scylladb/scylla:6.0.2", [("cql", 9042), ("intra", 7000), ("prometheus", 9180), ("api", 10000)],
              ("6", "24Gi"), ("6", "24Gi"), [EF("POD_IP", "status.podIP")],
              [MT("data", "/var/lib/scylla"), MT("config", "/etc/scylla/scylla.yaml", sub="scylla.yaml")],
              args=["--smp", "6", "--memory", "20G", "--overprovisioned", "0", "--developer-mode", "0", "--listen-address", "$(POD_IP)"],
              rp=http("/storage_service/native_transport", 10000, d=30, p=10, t=5), lp=tcp(9042, d=300, p=30, t=10),
              sc={"capabilities": {"add": ["SYS_NICE"]}})
    ag = ctr("scylla-manager-agent", "docker.io/scylladb/scylla-manager-agent:3.3.0", [("agent-rest-api", 10001)], ("100m", "128Mi"), None,
             mounts=[MT("data", "/var/lib/scylla"), MT("agent-config", "/etc/scylla-manager-agent/scylla-manager-agent.yaml", sub="scylla-manager-agent.yaml")])
    tp = tmpl(lab, [sc_, ag], init, [VC("config", "events-scylla-config"), VS("agent-config", "scylla-agent-config")],
              nsel={"scylla.scylladb.com/node-type": "scylla"}, tol=[{"effect": "NoSchedule", "key": "role", "operator": "Equal", "value": "scylla"}],
              aff=anti_affinity({"app.kubernetes.io/instance": "events-scylla"}, required=True), tgp=900)
    s = statefulset(c, ns, "events-scylla", tp, 3, 259 * D, "events-scylla", [("data", "800Gi", "premium-rwo")], lab, gen=3)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, "events-scylla", sel, [("cql", 9042, 9042), ("intra", 7000, 7000)], 259 * D, lab, headless=True, pna=True)
    service(c, ns, "events-scylla-client", sel, [("cql", 9042, 9042)], 259 * D, lab)
    for i in range(2):
        sts_pod(c, s, i, SCY[i], 18 * D + 1500 - 300 * i, pvc_ago=259 * D)
    from ..storage import pvc as mkpvc
    mkpvc(c, ns, "data-events-scylla-2", "800Gi", "premium-rwo", 259 * D - 200, labels=sel, node=SCY[2])
    gone = 45 * M + 40
    cev(c, s, "SuccessfulDelete", "delete Pod events-scylla-2 in StatefulSet events-scylla successful", first=gone)
    cev(c, s, "FailedCreate", "create Pod events-scylla-2 in StatefulSet events-scylla failed error: " + PSA, "Warning",
        count=24, first=applied - 240, last=c.rng.randint(20, 200))
    comp_deploy(c, ns, "scylla-manager", "docker.io/scylladb/scylla-manager:3.3.0", 1, 200 * D, labels={"app.kubernetes.io/name": "scylla-manager"},
                ports=[("api", 5080)], req=("100m", "256Mi"), nodes=DEF, svc=[("api", 80, "api")],
                csc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 65532,
                     "seccompProfile": {"type": "RuntimeDefault"}})
    tpr = tmpl({"app.kubernetes.io/name": "scylla-repair"},
               [ctr("repair", "docker.io/scylladb/scylla-manager:3.3.0", cmd=["sctool", "repair", "-c", "events", "--intensity", "0.5"],
                    sc={"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 65532,
                        "seccompProfile": {"type": "RuntimeDefault"}})], restart="Never")
    cronjob(c, ns, "scylla-weekly-repair", tpr, "0 3 * * *", D, 3 * H, 200 * D, ["ok", "ok", "ok"], DEF, dur=(20, 60))
    # ---------------- app namespace with the same baseline, compliant pods (look-alike)
    app = "events"
    namespace(c, app, 261 * D, dict(base_lab, team="events"), base_ann)
    rsc = {"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsNonRoot": True, "runAsUser": 10001,
           "seccompProfile": {"type": "RuntimeDefault"}}
    img = "us-east1-docker.pkg.dev/evt-prod-20931/apps/%s"
    app_deploy(c, app, "event-ingest", img % "event-ingest:5.2.0", 3, 200 * D, rp=http("/ready", 8080), nodes=DEF, csc=rsc,
               env=[E("SCYLLA_HOSTS", "events-scylla-client.nosql-prod.svc"), E("SCYLLA_CONSISTENCY", "LOCAL_QUORUM")])
    app_deploy(c, app, "event-query", img % "event-query:5.2.0", 2, 200 * D, rp=http("/ready", 8080), nodes=DEF, csc=rsc,
               env=[E("SCYLLA_HOSTS", "events-scylla-client.nosql-prod.svc")])
    sandbox(c, "sandbox-data", "imagepull", "cassandra-stress", "us-east1-docker.pkg.dev/evt-prod-20931/sandbox/cassandra-stress:4.1", 6, nodes=DEF)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("event-query-") and x["status"].get("phase") == "Running"][0])
    app_netpols(c, app, None, None)
    sandbox_quota(c, "sandbox-data")
    return {
        "fault": "pod-security-admission-rejects",
        "symptom": "One ScyllaDB node has been missing since the GKE node upgrade ~45 minutes ago: the StatefulSet is 2/3 and "
                   "pod events-scylla-2 is never re-created. Nothing changed in our Scylla manifests.",
        "root_cause": {"kind": "Namespace", "namespace": "", "name": ns},
        "explanation": "Namespace nosql-prod now carries pod-security.kubernetes.io/enforce=restricted (platform baseline applied "
                       "~41 min ago per its psa-baseline-applied-at annotation). Existing pods were admitted earlier and keep "
                       "running, but when the node upgrade removed events-scylla-2 the StatefulSet controller could no longer "
                       "create it: FailedCreate 'violates PodSecurity \"restricted:latest\": privileged (container "
                       "\"sysctl-tuning\" ...), unrestricted capabilities (... \"SYS_NICE\" ...), runAsNonRoot != true ...'. The "
                       "StatefulSet is unchanged (generation 3 for months), its PVC is Bound and the replacement node is Ready; "
                       "the events namespace got the same label but its pods comply. Fix: exempt the nosql-prod namespace (enforce "
                       "privileged/baseline), since ScyllaDB needs the privileged tuning init container.",
    }

"""k9-20: a forgotten bare debug Pod still holds the Neo4j RWO volume; the restarted DB pod hits Multi-Attach (kubeadm/vSphere)."""
from .common import *
from ..registry import incident
from ..bases import kubeadm_base
from ..addons import monitoring, cert_manager
from .k20_sys import calico_vsphere

NEO = "neo4j:5.20.0-enterprise"


@incident("k9-20", profile("kubeadm", version="v1.29.4"), "2024-07-17T15:12:06Z",
          "kubeadm v1.29 on vSphere (1 CP + 4 workers), Calico (tigera-operator), vSphere CSI", hard=True)
def build(c):
    age = 450 * D
    specs = [dict(name="vm-k8s-cp01", ip="10.11.40.5", role="control-plane", ago=age, cpu=4, mem=8,
                  csi={"csi.vsphere.vmware.com": "vm-k8s-cp01"})]
    specs += [dict(name="vm-k8s-w0%d" % i, ip="10.11.40.%d" % (10 + i), ago=age - 500 * i, cpu=8, mem=64,
                   csi={"csi.vsphere.vmware.com": "vm-k8s-w0%d" % i}) for i in (1, 2, 3, 4)]
    kubeadm_base(c, specs, age, net=None, pod_net="192.168.")
    Wk = workers(c)
    N = alln(c)
    calico_vsphere(c, age, Wk, N)
    mon = monitoring(c, prom_sc="vsphere-ssd", nodes=Wk)
    cert_manager(c)
    # ---------------- Neo4j
    ns, rel = "neo4j", "kg"
    namespace(c, ns, 330 * D, {"team": "knowledge-graph"})
    helm_release(c, ns, rel, 8, 329 * D, 26 * M)
    ha = helm_ann(rel, ns)
    lab = {"app": rel, "helm.neo4j.com/instance": rel, "helm.neo4j.com/neo4j.name": rel, "helm.neo4j.com/pod_category": "neo4j-instance",
           "helm.neo4j.com/neo4j.loadbalancer": "include", "helm.neo4j.com/clustering": "false"}
    secret(c, ns, rel + "-auth", ["NEO4J_AUTH"], 329 * D, {"app": rel}, ha)
    cm(c, ns, rel + "-default-config", {"server.memory.heap.initial_size": "12g", "server.memory.heap.max_size": "12g",
                                        "server.memory.pagecache.size": "24g", "server.directories.data": "/data"}, 329 * D, {"app": rel}, ha)
    cm(c, ns, rel + "-user-config", {"db.tx_log.rotation.retention_policy": "2 days", "server.metrics.prometheus.enabled": "true"},
       26 * M, {"app": rel}, ha)
    sa(c, ns, rel, 329 * D, {"app": rel}, ha)
    neo = ctr("neo4j", NEO, [("http", 7474), ("bolt", 7687), ("backup", 6362)], ("4", "48Gi"), ("4", "48Gi"),
              [ES("NEO4J_AUTH_PATH", rel + "-auth", "NEO4J_AUTH"), E("NEO4J_ACCEPT_LICENSE_AGREEMENT", "yes"), E("NEO4J_EDITION", "ENTERPRISE_K8S"),
               E("NEO4J_CONF", "/config/")],
              [MT("data", "/data", sub="data"), MT("data", "/logs", sub="logs"), MT("neo4j-conf", "/config/neo4j.conf")],
              rp=tcp(7687, p=5, t=3, f=20), lp=tcp(7687, p=5, t=3, f=40), sp=tcp(7687, p=5, t=3, f=1000),
              sc={"runAsGroup": 7474, "runAsNonRoot": True, "runAsUser": 7474})
    tp = tmpl(lab, [neo], volumes=[{"name": "neo4j-conf", "projected": {"defaultMode": 288, "sources": [
        {"configMap": {"name": rel + "-default-config"}}, {"configMap": {"name": rel + "-user-config"}}]}}],
              sa=rel, psc={"fsGroup": 7474, "fsGroupChangePolicy": "Always", "runAsGroup": 7474, "runAsNonRoot": True, "runAsUser": 7474},
              aff=anti_affinity({"app": rel, "helm.neo4j.com/pod_category": "neo4j-instance"}, required=True), tgp=3600)
    s = statefulset(c, ns, rel, tp, 1, 329 * D, rel, [("data", "300Gi", "vsphere-ssd")], lab, ha, gen=8)
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, rel, sel, [("tcp-bolt", 7687, 7687), ("tcp-http", 7474, 7474)], 329 * D, lab, ha)
    service(c, ns, rel + "-admin", sel, [("tcp-backup", 6362, 6362), ("tcp-bolt", 7687, 7687), ("tcp-http", 7474, 7474)], 329 * D, lab, ha,
            headless=True, pna=True)
    up = 25 * M + 30
    dbg_node = Wk[2]
    p0 = sts_pod(c, s, 0, Wk[0], up, st={"neo4j": W("ContainerCreating")}, sandbox=False, pvc_ago=329 * D)
    cev(c, s, "SuccessfulDelete", "delete Pod kg-0 in StatefulSet kg successful", first=up + 40)
    claim = c.get("persistentvolumeclaims", ns, "data-kg-0")
    claim["metadata"]["annotations"]["volume.kubernetes.io/selected-node"] = dbg_node
    pvn = claim["spec"]["volumeName"]
    # bare debug pod created by a DBA ~3h ago, still running and mounting the same RWO claim
    dtp = tmpl({"run": "kg-consistency-check"},
               [ctr("kg-consistency-check", NEO, cmd=["/bin/bash", "-c"],
                    args=["neo4j-admin database check neo4j --report-path=/data/reports --verbose; echo check finished; sleep infinity"],
                    env=[E("NEO4J_ACCEPT_LICENSE_AGREEMENT", "yes")], req=("2", "8Gi"), lim=("2", "8Gi"),
                    mounts=[MT("data", "/data", sub="data")])],
               volumes=[VP("data", "data-kg-0")], psc={"fsGroup": 7474, "runAsUser": 7474}, dns="ClusterFirst")
    dbg = pod(c, ns, "kg-consistency-check", dtp, dbg_node, None, 3 * H + 8 * M,
              {"kg-consistency-check": R(since=3 * H + 8 * M - 6)}, ann={"kubectl.kubernetes.io/default-container": "kg-consistency-check"})
    event(c, p0, "FailedAttachVolume", 'Multi-Attach error for volume "%s" Volume is already used by pod(s) kg-consistency-check' % pvn,
          "Warning", 1, up - 3, comp="attachdetach-controller")
    kev(c, p0, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data neo4j-conf], failed to "
        "process volumes=[]: timed out waiting for the condition", "Warning", 11, up - 125, c.rng.randint(20, 110))
    # ---------------- applications
    app = "knowledge"
    namespace(c, app, 331 * D, {"team": "knowledge-graph"})
    secret(c, app, "neo4j-conn", ["NEO4J_PASSWORD", "NEO4J_URI", "NEO4J_USER"], 329 * D)
    envf = [{"secretRef": {"name": "neo4j-conn"}}]
    api = app_deploy(c, app, "kg-api", "harbor.corp.internal/kg/kg-api:1.12.0", 2, 200 * D, rp=http("/ready", 8080), nodes=Wk, env_from=envf,
                     st=[{"kg-api": R(since=12 * D + 60 * i, ready=False)} for i in range(2)], pod_ago=[12 * D + 60 * i + 20 for i in range(2)])
    for ap in api["pods"]:
        unhealthy(c, ap, "kg-api", "Readiness", "HTTP probe failed with statuscode: 503", c.rng.randint(140, 150), up - 70)
    err = ("neo4j.exceptions.ServiceUnavailable: Couldn't connect to kg.neo4j.svc.cluster.local:7687 (resolved to ('%s:7687',)):\n"
           "Failed to establish connection to ResolvedIPv4Address(('%s', 7687)) (reason [Errno 111] Connection refused)\n")
    ip = c.get("services", ns, rel)["spec"]["clusterIP"]
    wk = app_deploy(c, app, "kg-ingest", "harbor.corp.internal/kg/kg-ingest:1.12.0", 1, 200 * D, svc=False, nodes=Wk, env_from=envf, fallback=True,
                    st=[{"kg-ingest": CL(8, 1, "Error", 200, 170, err % (ip, ip))}], pod_ago=[12 * D + 500])
    crash_events(c, wk["pods"][0], "kg-ingest", 8, up - 90, 170)
    app_deploy(c, app, "kg-explorer", "harbor.corp.internal/kg/explorer:0.9.4", 1, 200 * D, rp=http("/", 8080), nodes=Wk, req=("50m", "64Mi"))
    tpb = tmpl({"app.kubernetes.io/name": "kg-backup"}, [ctr("backup", NEO, cmd=["neo4j-admin", "database", "backup", "--from=kg-admin:6362",
                                                                              "--to-path=/backups", "neo4j"], mounts=[MT("backups", "/backups")])],
               volumes=[VP("backups", "kg-backups")], restart="Never")
    pvc(c, ns, "kg-backups", "500Gi", "vsphere-ssd", 300 * D, node=Wk[3])
    cronjob(c, ns, "kg-backup", tpb, "0 22 * * *", D, 22 * H, 300 * D, ["ok", "ok", "ok"], Wk[3:4], dur=(900, 1800))
    tl = "tools"
    namespace(c, tl, 400 * D)
    pod(c, tl, "netshoot", tmpl({"run": "netshoot"}, [ctr("netshoot", "nicolaka/netshoot:v0.13", cmd=["sleep", "infinity"])]), Wk[1], None,
        2 * D + 3000, {"netshoot": R(since=2 * D + 2990)})
    sandbox(c, "sandbox-graph", "configerror", "memgraph-eval", "memgraph/memgraph-platform:2.16.0", 4, nodes=Wk)
    blip(c, mon["graf"]["pods"][0])
    busy_cron(c, app, "kg-metrics-export", "curlimages/curl:8.8.0", Wk, 900, ["sh", "-c", "curl -sf http://kg-explorer/metrics > /dev/null"])
    sandbox_quota(c, "sandbox-graph")
    return {
        "fault": "rwo-volume-held-by-other-pod",
        "symptom": "After this afternoon's Neo4j config change the graph database did not come back: its pod is stuck in "
                   "ContainerCreating with a Multi-Attach error and the knowledge-graph API is down.",
        "root_cause": {"kind": "Pod", "namespace": ns, "name": "kg-consistency-check"},
        "explanation": "The Helm upgrade ~26 min ago restarted kg-0, which the scheduler placed on %s. Its ReadWriteOnce claim "
                       "data-kg-0 is still mounted by the bare Pod kg-consistency-check (no ownerReferences, label "
                       "run=kg-consistency-check, created ~3h ago, 'check finished; sleep infinity') on %s, where the vSphere "
                       "volume is attached (node status.volumesAttached). attachdetach-controller therefore reports 'Multi-Attach "
                       "error for volume ... Volume is already used by pod(s) kg-consistency-check' and kg-0 stays in "
                       "ContainerCreating; kg-api/kg-ingest failures follow. The StatefulSet, PVC/PV and CSI driver are fine; "
                       "the netshoot pod in tools is an unrelated bare pod. Fix: delete the forgotten debug pod." % (Wk[0], dbg_node),
    }

"""k9-30: ClickHouse StatefulSet mounts its PVC at the wrong path; data lands in the container layer and the pod is evicted (k3s)."""
from .common import *
from ..registry import incident
from ..bases import k3s_base
from ..addons import monitoring, cert_manager, velero

CH = "clickhouse/clickhouse-server:24.3.5.46"


def ch_tp(c, lab, mount, cfg, eph=True):
    return tmpl(lab, [ctr("clickhouse", CH, [("http", 8123), ("tcp", 9000), ("interserver", 9009)],
                          ("2", "8Gi", "2Gi") if eph else ("1", "4Gi"), ("4", "16Gi", "8Gi") if eph else (None, "8Gi"),
                          [EF("POD_NAME", "metadata.name"), E("CLICKHOUSE_DO_NOT_CHOWN", "1")],
                          [MT("data", mount), MT("config", "/etc/clickhouse-server/config.d/", True), MT("users", "/etc/clickhouse-server/users.d/", True)],
                          rp=http("/ping", "http", d=10, p=10), lp=http("/ping", "http", d=60, p=30, t=5))],
                volumes=[VC("config", cfg), VC("users", cfg + "-users")], psc={"fsGroup": 101, "runAsGroup": 101, "runAsUser": 101},
                aff=anti_affinity({"app.kubernetes.io/name": lab["app.kubernetes.io/name"]}))


@incident("k9-30", profile("k3s", version="v1.30.4+k3s1"), "2024-09-17T21:09:58Z",
          "k3s v1.30 (1 server + 3 agents), flannel, local-path-provisioner")
def build(c):
    age = 190 * D
    specs = [dict(name="ax-k3s-cp", ip="10.55.1.5", role="control-plane", ago=age, cpu=4, mem=16)]
    specs += [dict(name="ax-k3s-w%d" % i, ip="10.55.1.%d" % (10 + i), ago=age - 600 * i, cpu=16, mem=64) for i in (1, 2, 3)]
    k3s_base(c, specs, age)
    Wk = workers(c)
    mon = monitoring(c, prom_sc="local-path", nodes=Wk)
    cert_manager(c)
    velero(c)
    ns = "analytics-ch"
    namespace(c, ns, 170 * D, {"team": "analytics"})
    cfg = ("<clickhouse>\n  <path>/var/lib/clickhouse/</path>\n  <tmp_path>/var/lib/clickhouse/tmp/</tmp_path>\n"
           "  <macros><shard>0</shard><replica from_env=\"POD_NAME\"/></macros>\n"
           "  <zookeeper><node><host>ch-keeper-0.ch-keeper</host><port>9181</port></node><node><host>ch-keeper-1.ch-keeper</host><port>9181</port></node>"
           "<node><host>ch-keeper-2.ch-keeper</host><port>9181</port></node></zookeeper>\n</clickhouse>\n")
    lab = {"app.kubernetes.io/name": "events-clickhouse", "app.kubernetes.io/part-of": "analytics"}
    cm(c, ns, "events-clickhouse-config", {"storage.xml": cfg}, 170 * D, lab)
    cm(c, ns, "events-clickhouse-config-users", {"users.xml": "<clickhouse><users><ingest><profile>default</profile></ingest></users></clickhouse>\n"}, 170 * D, lab)
    t_old = ch_tp(c, lab, "/var/lib/clickhouse", "events-clickhouse-config")
    t_new = ch_tp(c, lab, "/data/clickhouse", "events-clickhouse-config")
    s = statefulset(c, ns, "events-clickhouse", t_new, 2, 170 * D, "events-clickhouse", [("data", "500Gi", "local-path")], lab,
                    {"kubectl.kubernetes.io/last-applied-configuration": ""}, gen=5, mgmt="Parallel")
    s["metadata"]["annotations"] = {"deploy.analytics.example/change": "2024-09-15 storage layout refactor (PR #412)"}
    sel = s["spec"]["selector"]["matchLabels"]
    service(c, ns, "events-clickhouse", sel, [("http", 8123, "http"), ("tcp", 9000, "tcp"), ("interserver", 9009, "interserver")], 170 * D, lab,
            headless=True, pna=True)
    service(c, ns, "events-clickhouse-lb", sel, [("http", 8123, "http"), ("tcp", 9000, "tcp")], 170 * D, lab)
    p0 = sts_pod(c, s, 0, Wk[0], 2 * D + 5 * H, pvc_ago=169 * D)
    ev_t = 42 * M + 10
    p1 = sts_pod(c, s, 1, Wk[1], ev_t - 8, pvc_ago=169 * D - 100)
    old_uid = c.uid()
    msg = 'Container clickhouse exceeded its local ephemeral storage limit "8Gi". '
    event(c, p1, "Evicted", msg, "Warning", 1, ev_t, comp="kubelet", host=Wk[1], uid=old_uid)
    event(c, p1, "Killing", "Stopping container clickhouse", "Normal", 1, ev_t - 1, comp="kubelet", host=Wk[1], uid=old_uid, field="spec.containers{clickhouse}")
    cev(c, s, "SuccessfulDelete", "delete Pod events-clickhouse-1 in StatefulSet events-clickhouse successful", first=ev_t - 6)
    cev(c, s, "RecreatingFailedPod", "StatefulSet analytics-ch/events-clickhouse is recreating failed Pod events-clickhouse-1", "Warning", first=ev_t - 5)
    # keeper and a second, correctly mounted ClickHouse (look-alike)
    klab = {"app.kubernetes.io/name": "ch-keeper", "app.kubernetes.io/part-of": "analytics"}
    comp_sts(c, ns, "ch-keeper", "clickhouse/clickhouse-keeper:24.3.5.46", 3, Wk, 170 * D, labels=klab, ports=[("client", 9181), ("raft", 9234)],
             req=("250m", "512Mi"), vct=[("data", "10Gi", "local-path")], mounts=[MT("data", "/var/lib/clickhouse-keeper")],
             rp=tcp("client", d=10), svc=[("client", 9181, "client"), ("raft", 9234, "raft")], hsvc="ch-keeper", mgmt="Parallel")
    llab = {"app.kubernetes.io/name": "logs-clickhouse", "app.kubernetes.io/part-of": "analytics"}
    cm(c, ns, "logs-clickhouse-config", {"storage.xml": "<clickhouse>\n  <path>/var/lib/clickhouse/</path>\n</clickhouse>\n"}, 150 * D, llab)
    cm(c, ns, "logs-clickhouse-config-users", {"users.xml": "<clickhouse/>\n"}, 150 * D, llab)
    ls = statefulset(c, ns, "logs-clickhouse", ch_tp(c, llab, "/var/lib/clickhouse", "logs-clickhouse-config", eph=False), 1, 150 * D,
                     "logs-clickhouse", [("data", "200Gi", "local-path")], llab)
    service(c, ns, "logs-clickhouse", ls["spec"]["selector"]["matchLabels"], [("http", 8123, "http")], 150 * D, llab, headless=True)
    sts_pod(c, ls, 0, Wk[2], 20 * D, pvc_ago=150 * D)
    tpb = tmpl({"app.kubernetes.io/name": "clickhouse-backup"},
               [ctr("clickhouse-backup", "altinity/clickhouse-backup:2.5.20", cmd=["clickhouse-backup", "create_remote"],
                    env=[E("CLICKHOUSE_HOST", "events-clickhouse-lb"), E("REMOTE_STORAGE", "s3")])], restart="Never")
    cronjob(c, ns, "clickhouse-backup", tpb, "0 2 * * *", D, 2 * H, 160 * D, ["ok", "ok", "ok"], Wk, dur=(600, 1800))
    # ---------------- app tier
    app = "events"
    namespace(c, app, 171 * D, {"team": "analytics"})
    api = app_deploy(c, app, "events-api", "ghcr.io/axian/events-api:3.8.2", 2, 150 * D, nodes=Wk, rp=http("/ready", 8080),
                     env=[E("CLICKHOUSE_URL", "http://events-clickhouse-lb.analytics-ch.svc:8123")])
    app_deploy(c, app, "events-ingest", "ghcr.io/axian/events-ingest:3.8.2", 3, 150 * D, nodes=Wk, svc=False,
               env=[E("CLICKHOUSE_URL", "http://events-clickhouse-lb.analytics-ch.svc:8123")])
    ingress(c, app, "events-api", "traefik", [("events.axian.local", "/", "events-api", 80)], 150 * D)
    sandbox(c, "sandbox-ax", "crashloop", "duckdb-notebook", "ghcr.io/axian/duckdb-notebook:dev", 4, nodes=Wk)
    blip(c, api["pods"][0])
    sandbox_quota(c, "sandbox-ax")
    busy_cron(c, app, "events-rollup", "ghcr.io/axian/events-api:3.8.2", Wk, 600, ["/app/events", "rollup"])
    return {
        "fault": "ephemeral-storage-eviction-wrong-mount-path",
        "symptom": "A ClickHouse replica in analytics-ch was evicted again about 40 minutes ago and came back without its "
                   "tables; the dashboards intermittently show 'Table events.page_views does not exist'.",
        "root_cause": {"kind": "StatefulSet", "namespace": ns, "name": "events-clickhouse"},
        "explanation": "Since the 2024-09-15 storage-layout refactor (StatefulSet annotation, generation 5) the events-clickhouse "
                       "template mounts its 500Gi PVC at /data/clickhouse, while the server configuration (ConfigMap "
                       "events-clickhouse-config) still keeps data under <path>/var/lib/clickhouse/</path>. All inserts therefore "
                       "land in the container's writable layer, which is capped by limits.ephemeral-storage 8Gi: kubelet evicted "
                       "events-clickhouse-1 ('Container clickhouse exceeded its local ephemeral storage limit \"8Gi\".'), the "
                       "controller re-created it (RecreatingFailedPod) with an empty filesystem, and replica -0 is heading the "
                       "same way. The PVCs are Bound but unused; logs-clickhouse mounts at /var/lib/clickhouse and is healthy. "
                       "Fix: mount the data volume at /var/lib/clickhouse in the StatefulSet.",
    }

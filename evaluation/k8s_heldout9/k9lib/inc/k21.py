"""k9-21: maintenance taint left on the node that holds InfluxDB's local PV; the pod cannot be scheduled (k3s)."""
from .common import *
from ..registry import incident
from ..bases import k3s_base
from ..addons import monitoring, cert_manager, argocd


@incident("k9-21", profile("k3s", version="v1.29.6+k3s2"), "2024-11-06T11:37:29Z",
          "k3s v1.29 edge cluster (1 server + 4 agents), flannel, local-path-provisioner", hard=True)
def build(c):
    age = 230 * D
    drain, uncordon = 96 * M, 47 * M + 20
    specs = [dict(name="plant-k3s-master", ip="10.3.7.10", role="control-plane", ago=age, cpu=4, mem=8)]
    for i in (1, 2, 3, 4):
        s = dict(name="plant-k3s-node%d" % i, ip="10.3.7.%d" % (10 + i), ago=age - 400 * i, cpu=8, mem=32)
        if i == 3:
            s["taints"] = [taint("maintenance", "NoSchedule", "firmware")]
            s["ann"] = {"maintenance.plant.example/ticket": "CHG-20418 BIOS/BMC firmware 2.19"}
        if i == 4:
            s["taints"] = [taint("dedicated", "NoSchedule", "gpu")]
            s["labels"] = {"nvidia.com/gpu.present": "true", "plant.example/role": "vision"}
        specs.append(s)
    k3s_base(c, specs, age)
    no3 = c.get("nodes", None, "plant-k3s-node3")
    event(c, no3, "NodeSchedulable", "Node plant-k3s-node3 status is now: NodeSchedulable", "Normal", 1, uncordon, comp="kubelet",
          host="plant-k3s-node3")
    A = workers(c)          # node1, node2 (untainted)
    mon = monitoring(c, prom_sc="local-path", nodes=A)
    cert_manager(c)
    argocd(c)
    # ---------------- plant historian (InfluxDB 2)
    ns, rel = "plant-metrics", "historian"
    namespace(c, ns, 220 * D, {"site": "plant-7"})
    helm_release(c, ns, rel, 5, 219 * D, 40 * D)
    ha = helm_ann(rel, ns)
    hl = helm_labels(rel, "influxdb2", "2.1.2", "2.7.4", "influxdb2")
    secret(c, ns, rel + "-influxdb2-auth", ["admin-password", "admin-token"], 219 * D, hl, ha)
    claim, pv = pvc(c, ns, rel + "-influxdb2", "200Gi", "local-path", 219 * D, labels=hl, ann=ha, node="plant-k3s-node3")
    tp = tmpl({"app.kubernetes.io/instance": rel, "app.kubernetes.io/name": "influxdb2"},
              [ctr("influxdb2", "influxdb:2.7.4-alpine", [("http", 8086)], ("1", "4Gi"), (None, "8Gi"),
                   [E("DOCKER_INFLUXDB_INIT_MODE", "setup"), E("DOCKER_INFLUXDB_INIT_USERNAME", "admin"),
                    ES("DOCKER_INFLUXDB_INIT_PASSWORD", rel + "-influxdb2-auth", "admin-password"), E("DOCKER_INFLUXDB_INIT_ORG", "plant7"),
                    E("DOCKER_INFLUXDB_INIT_BUCKET", "historian"), E("DOCKER_INFLUXDB_INIT_RETENTION", "0s"),
                    ES("DOCKER_INFLUXDB_INIT_ADMIN_TOKEN", rel + "-influxdb2-auth", "admin-token"),
                    E("INFLUXD_BOLT_PATH", "/var/lib/influxdbv2/influxd.bolt"), E("INFLUXD_ENGINE_PATH", "/var/lib/influxdbv2")],
                   [MT("data", "/var/lib/influxdbv2")], rp=http("/health", "http", p=10), lp=http("/health", "http", d=30, p=10))],
              volumes=[VP("data", rel + "-influxdb2")], sa=rel + "-influxdb2")
    sa(c, ns, rel + "-influxdb2", 219 * D, hl, ha)
    s = statefulset(c, ns, rel + "-influxdb2", tp, 1, 219 * D, rel + "-influxdb2", None, hl, ha, gen=5)
    msg = ("0/5 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint "
           "{maintenance: firmware}, 3 node(s) had volume node affinity conflict. preemption: 0/5 nodes are available: "
           "5 Preemption is not helpful for scheduling.")
    p = sts_pod(c, s, 0, None, drain - 30, sched_msg=msg)
    sched_fail(c, p, msg, drain - 32, c.rng.randint(60, 280), count=46)
    service(c, ns, rel + "-influxdb2", s["spec"]["selector"]["matchLabels"], [("http", 80, 8086)], 219 * D, hl, ha)
    comp_ds(c, ns, "telegraf-ot", "telegraf:1.30.3-alpine", [n for n in alln(c) if n != "plant-k3s-master"], 200 * D,
            labels={"app.kubernetes.io/name": "telegraf-ot"}, req=("50m", "64Mi"), lim=(None, "256Mi"), tol=[{"operator": "Exists"}],
            env=[E("INFLUX_URL", "http://historian-influxdb2.plant-metrics.svc"), ES("INFLUX_TOKEN", rel + "-influxdb2-auth", "admin-token")])
    err = ("2024-11-06T11:%02d:%02dZ E! [opcua-collector] failed to write batch: Post \"http://historian-influxdb2.plant-metrics.svc/api/v2/write?bucket=historian&org=plant7\": "
           "dial tcp %s:80: connect: connection refused\nfatal: write buffer full (50000 points), giving up\n")
    ip = c.get("services", ns, rel + "-influxdb2")["spec"]["clusterIP"]
    col = comp_deploy(c, ns, "opcua-collector", "ghcr.io/plant7/opcua-collector:3.4.0", 2, 200 * D, labels={"app.kubernetes.io/name": "opcua-collector"},
                      req=("100m", "128Mi"), nodes=A, fallback=True, pod_ago=[drain + 100, drain - 20],
                      st=[{"opcua-collector": CL(9 - i, 1, "Error", 300 + 80 * i, 250 + 80 * i, err % (30 + i, c.rng.randint(0, 59), ip))} for i in range(2)])
    for i, cp in enumerate(col["pods"]):
        crash_events(c, cp, "opcua-collector", 9 - i, 3300, 250 + 80 * i)
    comp_deploy(c, ns, "grafana", "grafana/grafana:11.2.2", 1, 200 * D, labels={"app.kubernetes.io/name": "grafana", "app.kubernetes.io/instance": "plant-grafana"},
                ports=[("http", 3000)], rp=http("/api/health", "http"), svc=[("http", 80, "http")], nodes=A, pod_ago=[drain - 15])
    tpj = tmpl({"app.kubernetes.io/name": "historian-downsample"},
               [ctr("downsample", "influxdb:2.7.4-alpine", cmd=["influx", "query", "--file", "/tasks/downsample.flux"],
                    env=[ES("INFLUX_TOKEN", rel + "-influxdb2-auth", "admin-token")])], restart="Never")
    cronjob(c, ns, "historian-downsample", tpj, "5 */4 * * *", 4 * H, 5 * M, 200 * D, ["ok", "ok", "ok"], A, skip_latest=1, dur=(30, 100))
    # ---------------- MES (healthy look-alike with local-path PV on node1)
    mes = "mes"
    namespace(c, mes, 210 * D)
    secret(c, mes, "mes-db", ["password"], 210 * D)
    comp_sts(c, mes, "mes-postgres", "postgres:16.4-alpine", 1, ["plant-k3s-node1"], 210 * D, labels={"app": "mes-postgres"},
             ports=[("postgres", 5432)], env=[ES("POSTGRES_PASSWORD", "mes-db", "password")], req=("250m", "512Mi"),
             vct=[("data", "50Gi", "local-path")], mounts=[MT("data", "/var/lib/postgresql/data")], rp=ex(["pg_isready"], d=5),
             svc=[("postgres", 5432, "postgres")], hsvc="mes-postgres")
    comp_deploy(c, mes, "mes-api", "ghcr.io/plant7/mes-api:7.1.3", 2, 200 * D, labels={"app": "mes-api"}, ports=[("http", 8080)],
                env=[E("DB_HOST", "mes-postgres")], rp=http("/health", "http"), svc=[("http", 80, "http")], nodes=A,
                pod_ago=[drain - 25, 30 * D])
    vi = "vision"
    namespace(c, vi, 90 * D)
    comp_deploy(c, vi, "defect-inference", "ghcr.io/plant7/defect-inference:1.6.0-cuda12", 1, 90 * D, labels={"app": "defect-inference"},
                req=("2", "8Gi"), lim=(None, "8Gi"), nodes=["plant-k3s-node4"], nsel={"plant.example/role": "vision"},
                tol=[{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "gpu"}])
    sandbox(c, "sandbox-ot", "crashloop", "modbus-sim", "ghcr.io/plant7/modbus-sim:dev", 14, nodes=A)
    blip(c, [x for x in c.all("pods") if x["metadata"]["name"].startswith("mes-api-") and x["status"].get("phase") == "Running"][0])
    busy_cron(c, mes, "oee-rollup", "ghcr.io/plant7/mes-api:7.1.3", A, 600, ["/app/mes", "rollup", "--window=10m"])
    return {
        "fault": "leftover-node-taint-blocks-local-pv",
        "symptom": "The plant historian (InfluxDB) has been down since this morning's maintenance window: its pod is Pending and "
                   "the OPC-UA collectors crash with full write buffers.",
        "root_cause": {"kind": "Node", "namespace": "", "name": "plant-k3s-node3"},
        "explanation": "historian-influxdb2-0 was evicted when plant-k3s-node3 was drained for firmware work (~96 min ago). Its "
                       "data is a local-path PV whose nodeAffinity pins it to plant-k3s-node3. The node was uncordoned ~47 min "
                       "ago (NodeSchedulable event, unschedulable unset) but still carries the maintenance=firmware:NoSchedule "
                       "taint (annotation CHG-20418), so the scheduler reports '1 node(s) had untolerated taint {maintenance: "
                       "firmware}, 3 node(s) had volume node affinity conflict' and the pod stays Pending. The dedicated=gpu taint "
                       "on node4 is intentional and mes-postgres on node1 is unaffected. Fix: remove the leftover maintenance "
                       "taint from plant-k3s-node3.",
    }

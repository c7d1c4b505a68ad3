"""k9-08: ceph-csi RBD node-plugin DaemonSet does not tolerate the new tainted database node pool (Talos) - incident definition (helpers in k08)."""
from .common import *
from ..registry import incident
from ..bases import talos_base
from ..addons import monitoring, cert_manager
from ..storage import DRIVERS
from .k08 import *  # noqa: F401,F403
from .k08_csi import ceph_csi


@incident("k9-08", profile("talos", version="v1.30.1"), "2024-07-02T13:08:51Z",
          "Talos Linux v1.7 / Kubernetes v1.30 (3 CP + 3 workers + new 2-node database pool), Cilium (kube-proxy replacement), "
          "external Ceph via ceph-csi-rbd Helm chart", hard=True)
def build(c):
    age = 210 * D
    specs = [dict(name="talos-cp-%d" % i, ip="10.60.1.%d" % (10 + i), role="control-plane", ago=age - 60 * i, cpu=4, mem=8)
             for i in (1, 2, 3)]
    specs += [dict(name="talos-wk-%d" % i, ip="10.60.1.%d" % (20 + i), ago=age - 900 - 60 * i, cpu=8, mem=32,
                   csi={"rbd.csi.ceph.com": "talos-wk-%d" % i}) for i in (1, 2, 3)]
    specs += [dict(name="talos-db-%d" % i, ip="10.60.1.%d" % (40 + i), ago=2 * D + 3000 - 400 * i, cpu=16, mem=128,
                   labels={"node-pool": "database"}, taints=[taint("dedicated", "NoSchedule", "database")]) for i in (1, 2)]
    talos_base(c, specs, age, pod_net="10.244.")
    Wk = workers(c)
    DBN = ["talos-db-1", "talos-db-2"]
    # ---------------- ceph-csi (external Ceph)
    cns = "ceph-csi-rbd"
    ceph_csi(c, age, Wk, cns)
    mon = monitoring(c, prom_sc="ceph-rbd", nodes=Wk)
    cert_manager(c)
    # ---------------- TimescaleDB moved to the database pool
    ns = "iot-data"
    namespace(c, ns, 190 * D, {"team": "iot"})
    helm_release(c, ns, "metrics-tsdb", 5, 189 * D, 26 * M)
    lab = {"app": "metrics-tsdb", "chart": "timescaledb-single-0.33.1", "cluster-name": "metrics-tsdb", "heritage": "Helm",
           "release": "metrics-tsdb"}
    ha2 = helm_ann("metrics-tsdb", ns)
    secret(c, ns, "metrics-tsdb-credentials", ["PATRONI_REPLICATION_PASSWORD", "PATRONI_SUPERUSER_PASSWORD", "PATRONI_admin_PASSWORD"],
           189 * D, lab, ha2)
    secret(c, ns, "metrics-tsdb-pgbackrest", ["PGBACKREST_REPO1_S3_KEY", "PGBACKREST_REPO1_S3_KEY_SECRET"], 189 * D, lab, ha2)
    cm(c, ns, "metrics-tsdb-patroni", {"patroni.yaml": "bootstrap:\n  dcs:\n    loop_wait: 10\n    ttl: 30\n    postgresql:\n      parameters:\n        max_connections: 200\n"},
       189 * D, lab, ha2)
    sa(c, ns, "metrics-tsdb", 189 * D, lab, ha2)
    tp_old = tsdb_tp(c, lab, {})
    tp_new = tsdb_tp(c, lab, {"nsel": {"node-pool": "database"},
                              "tol": [{"effect": "NoSchedule", "key": "dedicated", "operator": "Equal", "value": "database"}]})
    s = statefulset(c, ns, "metrics-tsdb", tp_old, 2, 189 * D, "metrics-tsdb",
                    [("storage-volume", "150Gi", "ceph-rbd"), ("wal-volume", "20Gi", "ceph-rbd")], lab, ha2, update_tp=tp_new, gen=5)
    p0 = sts_pod(c, s, 0, "talos-wk-1", 33 * D, new_rev=False, labels={"role": "master"}, pvc_ago=189 * D)
    t1 = 25 * M + 40
    ist = {"tstune": W("PodInitializing")}
    p1 = sts_pod(c, s, 1, DBN[1], t1, new_rev=True, st={}, ist=ist, sandbox=False, pvc_ago=189 * D - 80)
    cev(c, s, "SuccessfulDelete", "delete Pod metrics-tsdb-1 in StatefulSet metrics-tsdb successful", first=t1 + 6)
    hnd = []
    for v in ("storage-volume", "wal-volume"):
        cl = c.get("persistentvolumeclaims", ns, "%s-metrics-tsdb-1" % v)
        pv = c.get("persistentvolumes", None, cl["spec"]["volumeName"])
        event(c, p1, "SuccessfulAttachVolume", 'AttachVolume.Attach succeeded for volume "%s" ' % pv["metadata"]["name"],
              "Normal", 1, t1 - 4, comp="attachdetach-controller")
        kev(c, p1, "FailedMount", 'MountVolume.MountDevice failed for volume "%s" : kubernetes.io/csi: attacher.MountDevice failed to '
            'create newCsiDriverClient: driver name rbd.csi.ceph.com not found in the list of registered CSI drivers' % pv["metadata"]["name"],
            "Warning", 20, t1 - 6, c.rng.randint(20, 100))
        hnd.append("kubernetes.io/csi/rbd.csi.ceph.com^" + pv["spec"]["csi"]["volumeHandle"])
    kev(c, p1, "FailedMount", "Unable to attach or mount volumes: unmounted volumes=[storage-volume wal-volume], unattached volumes=[], "
        "failed to process volumes=[]: timed out waiting for the condition", "Warning", 11, t1 - 130, c.rng.randint(30, 110))
    c.hint(c.get("nodes", None, DBN[1]), extra_vols=hnd)
    sel = s["spec"]["selector"]["matchLabels"]
    msvc = service(c, ns, "metrics-tsdb", None, [("postgresql", 5432, 5432)], 189 * D, dict(lab, role="master"), ha2)
    manual_endpoints(c, msvc, [p0["status"]["podIP"]], [("postgresql", 5432)], 189 * D, dict(lab, role="master"))
    service(c, ns, "metrics-tsdb-replica", dict(sel, role="replica"), [("postgresql", 5432, "postgresql")], 189 * D,
            dict(lab, role="replica"), ha2)
    tpb = tmpl({"app": "metrics-tsdb", "backup": "full"},
               [ctr("metrics-tsdb-full-weekly", "curlimages/curl:8.8.0", cmd=["sh", "-c", "curl --fail -s -X POST http://metrics-tsdb-backup:8081/backups/ -d 'type=full'"])],
               restart="OnFailure")
    cronjob(c, ns, "metrics-tsdb-full-daily", tpb, "12 2 * * *", D, 2 * H + 12 * M, 189 * D, ["ok", "ok", "ok"], Wk, dur=(5, 15))
    service(c, ns, "metrics-tsdb-backup", dict(sel, role="master"), [("pgbackrest", 8081, "pgbackrest")], 189 * D, lab, ha2)
    # ---------------- application tier
    app = "iot"
    namespace(c, app, 191 * D, {"team": "iot"})
    secret(c, app, "tsdb-writer", ["password", "username"], 189 * D)
    env = [E("TSDB_HOST", "metrics-tsdb.iot-data.svc"), ES("TSDB_USER", "tsdb-writer", "username"), ES("TSDB_PASSWORD", "tsdb-writer", "password")]
    app_deploy(c, app, "ingest-api", "ghcr.io/acme-iot/ingest-api:1.18.4", 3, 150 * D, env=env, rp=http("/ready", 8080), nodes=Wk)
    app_deploy(c, app, "rules-engine", "ghcr.io/acme-iot/rules-engine:1.18.4", 2, 150 * D, env=env, svc=False, nodes=Wk)
    comp_sts(c, app, "emqx", "emqx/emqx:5.7.1", 3, Wk, 150 * D, labels={"app.kubernetes.io/name": "emqx", "app.kubernetes.io/instance": "emqx"},
             ports=[("mqtt", 1883), ("dashboard", 18083)], req=("250m", "512Mi"), vct=[("emqx-data", "5Gi", "ceph-rbd")],
             mounts=[MT("emqx-data", "/opt/emqx/data")], svc=[("mqtt", 1883, "mqtt"), ("dashboard", 18083, "dashboard")],
             rp=http("/status", "dashboard", d=10, p=5), mgmt="Parallel")
    sandbox(c, "lab-jsmith", "configerror", "influx-migrate", "ghcr.io/jsmith/influx-migrate:wip", 6, nodes=Wk)
    blip(c, mon["graf"]["pods"][0])
    busy_cron(c, app, "device-heartbeat-check", "curlimages/curl:8.8.0", Wk, 300, ["sh", "-c", "curl -sf http://ingest-api/ready"])
    sandbox_quota(c, "lab-jsmith")
    return {
        "fault": "csi-node-plugin-missing-on-node",
        "symptom": "We moved the TimescaleDB StatefulSet to the new dedicated database nodes. The replica pod has been stuck "
                   "in Init for 25 minutes, the rollout is stuck and we are running on a single instance.",
        "root_cause": {"kind": "DaemonSet", "namespace": cns, "name": "ceph-csi-rbd-nodeplugin"},
        "explanation": "The new database nodes talos-db-1/2 (joined ~2 days ago) carry the taint dedicated=database:NoSchedule. "
                       "The ceph-csi-rbd-nodeplugin DaemonSet has no tolerations, so it runs only on the three general workers "
                       "(desiredNumberScheduled 3) and the rbd.csi.ceph.com driver is never registered on the database nodes "
                       "(their csi.volume.kubernetes.io/nodeid annotation lacks it). metrics-tsdb-1, re-created on talos-db-2 by the "
                       "rolling update, gets SuccessfulAttachVolume but kubelet fails every MountDevice with 'driver name "
                       "rbd.csi.ceph.com not found in the list of registered CSI drivers', so it stays Init:0/1 and the rollout "
                       "cannot proceed; metrics-tsdb-0 is still on the old revision on talos-wk-1. Volumes, PVCs and the "
                       "provisioner are fine (EMQX on the general workers mounts ceph-rbd volumes normally). Fix: add a toleration "
                       "for dedicated=database to the node-plugin DaemonSet (nodeplugin.tolerations in the chart).",
    }

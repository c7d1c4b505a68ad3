"""k9-27: schema migration Job points at the read-only CNPG service; release pods wait in Init forever (Talos)."""
from .common import *
from .cnpg import cnpg_cluster, cnpg_operator
from ..registry import incident
from ..bases import talos_base
from ..addons import cert_manager, monitoring

IMG = "ghcr.io/bookly/booking:%s"


def migrate_job(c, ns, name, ver, host, ago, runs, outcome, end, backoff=3):
    tp = tmpl({"app.kubernetes.io/name": "booking-migrate", "app.kubernetes.io/version": ver},
              [ctr("migrate", IMG % ver, cmd=["/app/booking", "migrate", "up"],
                   env=[E("DATABASE_HOST", host), E("DATABASE_NAME", "app"), ES("DATABASE_USER", "booking-db-user", "username"),
                        ES("DATABASE_PASSWORD", "booking-db-user", "password")], req=("100m", "128Mi"), fallback=True)],
              restart="Never")
    lab = {"app.kubernetes.io/name": "booking-migrate", "app.kubernetes.io/version": ver, "argocd.argoproj.io/instance": "booking"}
    j, pods = job(c, ns, name, tp, ago, runs, labels=lab, ann={"argocd.argoproj.io/sync-wave": "-1",
                                                               "argocd.argoproj.io/tracking-id": "booking:batch/Job:%s/%s" % (ns, name)},
                  backoff=backoff, outcome=outcome, end_ago=end)
    return j, pods


@incident("k9-27", profile("talos", version="v1.29.7"), "2024-09-10T09:58:14Z",
          "Talos Linux v1.6 / Kubernetes v1.29 (3 CP + 3 workers), Cilium + kube-proxy, democratic-csi (TrueNAS iSCSI)", hard=True)
def build(c):
    age = 340 * D
    specs = [dict(name="tln-cp-0%d" % i, ip="172.20.4.%d" % (10 + i), role="control-plane", ago=age - 45 * i, cpu=4, mem=8) for i in (1, 2, 3)]
    specs += [dict(name="tln-w-0%d" % i, ip="172.20.4.%d" % (20 + i), ago=age - 1500 - 45 * i, cpu=16, mem=64,
                   csi={"org.democratic-csi.iscsi": "tln-w-0%d" % i}) for i in (1, 2, 3)]
    talos_base(c, specs, age, pod_net="10.244.", kpr=False)
    Wk = workers(c)
    dc_ = "democratic-csi"
    namespace(c, dc_, age - 2 * D, {"pod-security.kubernetes.io/enforce": "privileged"})
    helm_release(c, dc_, "zfs-iscsi", 2, age - 2 * D, 100 * D)
    secret(c, dc_, "zfs-iscsi-democratic-csi-driver-config", ["driver-config-file.yaml"], age - 2 * D)
    comp_deploy(c, dc_, "zfs-iscsi-democratic-csi-controller", "docker.io/democraticcsi/democratic-csi:v1.9.1", 1, age - 2 * D,
                labels={"app.kubernetes.io/csi-role": "controller", "app.kubernetes.io/instance": "zfs-iscsi", "app.kubernetes.io/name": "democratic-csi"},
                sa="zfs-iscsi-democratic-csi-controller-sa", cname="csi-driver", req=None, nodes=Wk,
                extra_ctrs=[ctr(n, "registry.k8s.io/sig-storage/%s" % i) for n, i in (("external-provisioner", "csi-provisioner:v3.6.3"),
                                                                                      ("external-resizer", "csi-resizer:v1.9.3"),
                                                                                      ("external-snapshotter", "csi-snapshotter:v6.3.3"))])
    comp_ds(c, dc_, "zfs-iscsi-democratic-csi-node", "docker.io/democraticcsi/democratic-csi:v1.9.1", Wk, age - 2 * D,
            labels={"app.kubernetes.io/csi-role": "node", "app.kubernetes.io/instance": "zfs-iscsi", "app.kubernetes.io/name": "democratic-csi"},
            sa="zfs-iscsi-democratic-csi-node-sa", cname="csi-driver", hostnet=True, req=None, csc={"privileged": True},
            extra_ctrs=[ctr("driver-registrar", "registry.k8s.io/sig-storage/csi-node-driver-registrar:v2.9.3"),
                        ctr("iscsid", "ghcr.io/siderolabs/iscsi-tools:v0.1.4", sc={"privileged": True})])
    storageclass(c, "truenas-iscsi", "org.democratic-csi.iscsi", age - 2 * D, {"fsType": "ext4"}, default=True, binding="Immediate")
    cert_manager(c)
    mon = monitoring(c, prom_sc="truenas-iscsi", nodes=Wk)
    cnpg_operator(c, ago=300 * D, ver="1.24.0")
    ns = "booking-db"
    namespace(c, ns, 290 * D, {"team": "booking"})
    cnpg_cluster(c, ns, "booking-pg", 3, Wk, "truenas-iscsi", "200Gi", 290 * D, primary=1, op_ver="1.24.0",
                 pod_ago=[18 * D, 18 * D + 400, 18 * D + 900])
    # ---------------- booking application (Argo CD)
    app = "booking"
    namespace(c, app, 291 * D, {"team": "booking", "argocd.argoproj.io/instance": "booking"})
    secret(c, app, "booking-db-user", ["password", "username"], 290 * D)
    old, new = "4.9.2", "5.0.0"
    migrate_job(c, app, "booking-migrate-v4-9-2", old, "booking-pg-rw", 12 * D, [(Wk[1], 12 * D - 2, {"migrate": T(0, "Completed", 12 * D - 5, 12 * D - 41)})],
                "Complete", 12 * D - 42)
    rel = 31 * M + 50
    err = ("time=2024-09-10T09:%02d:%02dZ level=info msg=\"applying migration\" version=57 name=0057_add_waitlist_entries\n"
           "time=2024-09-10T09:%02d:%02dZ level=error msg=\"migration failed\" version=57 error=\"pq: cannot execute CREATE TABLE in a read-only transaction\"\n"
           "error: migration 0057_add_waitlist_entries failed: pq: cannot execute CREATE TABLE in a read-only transaction (SQLSTATE 25006)\n")
    runs, pa = [], rel - 2
    for k in range(4):
        t1 = pa - 3
        mm = (60 * 58 + 14 - t1) % 3600
        runs.append((Wk[k % 3], pa, {"migrate": T(1, "Error", pa - 3, pa - 5, err % (mm // 60, mm % 60, mm // 60, (mm % 60 + 1) % 60))}))
        pa -= 10 + 10 * 2 ** k
    migrate_job(c, app, "booking-migrate-v5-0-0", new, "booking-pg-ro", rel, runs, "Failed", pa - 2)
    labs = {"app.kubernetes.io/name": "booking-api", "app.kubernetes.io/part-of": "booking", "argocd.argoproj.io/instance": "booking"}
    env = [E("DATABASE_HOST", "booking-pg-rw"), E("DATABASE_NAME", "app"), ES("DATABASE_USER", "booking-db-user", "username"),
           ES("DATABASE_PASSWORD", "booking-db-user", "password")]
    def mk(ver, name, labels, port=True):
        init = [ctr("wait-for-migrations", IMG % ver, cmd=["/app/booking", "migrate", "wait", "--version=%s" % ("57" if ver == new else "56"),
                                                              "--timeout=0"], env=env, req=("10m", "32Mi"))]
        return tmpl(labels, [ctr(name, IMG % ver, [("http", 8080)] if port else (), ("250m", "256Mi"), (None, "512Mi"), env,
                                 cmd=["/app/booking", "serve" if port else "worker"],
                                 rp=http("/readyz", "http") if port else None, lp=http("/livez", "http", d=10) if port else None)], init)
    t_old, t_new = mk(old, "booking-api", labs), mk(new, "booking-api", labs)
    d, rss = deployment(c, app, "booking-api", t_new, 4, 280 * D, labs, {"argocd.argoproj.io/tracking-id": "booking:apps/Deployment:booking/booking-api"},
                        revs=[(t_old, 12 * D, 4), (t_new, rel - 40, 1)])
    rs_pods(c, rss[0], 4, Wk, [12 * D - 60 - 30 * i for i in range(4)], None)
    waiting = lambda ago: {"wait-for-migrations": R(since=ago - 3, ready=False)}
    np_ = rs_pods(c, rss[1], 1, Wk[1:2], [rel - 41], [{}], ist=waiting(rel - 41))
    service(c, app, "booking-api", d["spec"]["selector"]["matchLabels"], [("http", 80, "http")], 280 * D, labs)
    cev(c, d, "ScalingReplicaSet", "Scaled up replica set %s to 1" % rss[1]["metadata"]["name"], first=rel - 41)
    wl = {"app.kubernetes.io/name": "booking-worker", "app.kubernetes.io/part-of": "booking", "argocd.argoproj.io/instance": "booking"}
    w_old, w_new = mk(old, "booking-worker", wl, False), mk(new, "booking-worker", wl, False)
    dw, wrs = deployment(c, app, "booking-worker", w_new, 2, 280 * D, wl, {"argocd.argoproj.io/tracking-id": "booking:apps/Deployment:booking/booking-worker"},
                         strategy="Recreate", revs=[(w_old, 12 * D, 0), (w_new, rel - 42, 2)])
    wp = rs_pods(c, wrs[1], 2, Wk, [rel - 44, rel - 44], [{}, {}], ist=waiting(rel - 44))
    cev(c, dw, "ScalingReplicaSet", "Scaled down replica set %s from 2 to 0" % wrs[0]["metadata"]["name"], first=rel - 41)
    cev(c, dw, "ScalingReplicaSet", "Scaled up replica set %s from 0 to 2" % wrs[1]["metadata"]["name"], first=rel - 43)
    sandbox(c, "sandbox-bk", "imagepull", "booking-loadtest", "ghcr.io/bookly/booking-loadtest:nightly-20240801", 7, nodes=Wk)
    blip(c, mon["graf"]["pods"][0])
    busy_cron(c, app, "booking-reminders", IMG % old, Wk, 600, ["/app/booking", "send-reminders"])
    return {
        "fault": "migration-job-targets-read-only-endpoint",
        "symptom": "The booking v5.0.0 release is stuck: the new booking-api pod and both booking-worker pods have sat in "
                   "Init:0/1 for half an hour, so bookings are not being processed. The Postgres cluster looks healthy.",
        "root_cause": {"kind": "Job", "namespace": app, "name": "booking-migrate-v5-0-0"},
        "explanation": "The v5 pods' init container 'wait-for-migrations' waits for schema version 57, which is created by Job "
                       "booking-migrate-v5-0-0. That Job connects to DATABASE_HOST=booking-pg-ro, the CloudNativePG read-only "
                       "service (replicas), so every attempt fails with 'pq: cannot execute CREATE TABLE in a read-only "
                       "transaction (SQLSTATE 25006)' (termination messages); after 4 failed pods the Job is Failed with "
                       "BackoffLimitExceeded. The previous migration Job booking-migrate-v4-9-2 used booking-pg-rw and completed, "
                       "and the app itself uses booking-pg-rw. Because booking-worker uses Recreate, the old workers are gone "
                       "and processing stopped; booking-api's old pods still serve. The CNPG cluster is healthy. Fix: re-run the "
                       "migration Job against booking-pg-rw.",
    }

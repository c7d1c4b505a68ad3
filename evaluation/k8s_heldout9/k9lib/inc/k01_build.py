"""k9-01: Bitnami PostgreSQL primary OOMKilled after chart upgrade applied resourcesPreset nano - incident definition (helpers in k01)."""
from .common import *
from ..registry import incident
from ..bases import kubeadm_base
from ..stor_addons import rook_ceph
from ..addons import ingress_nginx, cert_manager, monitoring
from .k01 import *  # noqa: F401,F403


@incident("k9-01", profile("kubeadm", version="v1.29.6", svc_cidr="10.96.0.0/12"), "2024-06-11T14:32:07Z",
          "kubeadm v1.29 (3 CP + 4 workers), Calico, Rook-Ceph RBD")
def build(c):
    age = 410 * D
    specs = [dict(name="ams-k8s-cp0%d" % i, ip="10.40.0.1%d" % i, role="control-plane", ago=age - i * 90, cpu=4, mem=8)
             for i in (1, 2, 3)]
    specs += [dict(name="ams-k8s-wk0%d" % i, ip="10.40.0.2%d" % i, ago=age - 200 - i * 60 if i < 4 else 96 * D, cpu=16, mem=64)
              for i in (1, 2, 3, 4)]
    kubeadm_base(c, specs, age, net="calico", pod_net="172.22.")
    W_ = workers(c)
    rook_ceph(c, age - 3 * D, W_[:3], plugin_nodes=W_)
    ingress_nginx(c, svc_type="NodePort")
    cert_manager(c)
    mon = monitoring(c, prom_sc="ceph-block")
    # ---------------- database tier
    ns, rel = "ledger-db", "ledgerpg"
    namespace(c, ns, 300 * D, {"team": "payments", "tier": "database"})
    helm_release(c, ns, rel, 7, 299 * D, 2820)
    sec = secret(c, ns, rel + "-postgresql", ["password", "postgres-password", "replication-password"], 299 * D,
                 helm_labels(rel, "postgresql", "15.5.4", "16.3.0"), helm_ann(rel, ns))
    conf = cm(c, ns, rel + "-postgresql-extended-configuration",
              {"override.conf": "max_connections = 400\nshared_buffers = 1GB\neffective_cache_size = 3GB\n"
                                "work_mem = 16MB\nmaintenance_work_mem = 256MB\nwal_buffers = 16MB\n"
                                "random_page_cost = 1.1\nlog_min_duration_statement = 500\n"},
              299 * D, helm_labels(rel, "postgresql", "15.5.4", "16.3.0", component="primary"), helm_ann(rel, ns))
    sa(c, ns, rel + "-postgresql", 299 * D, helm_labels(rel, "postgresql", "15.5.4", "16.3.0"), helm_ann(rel, ns), automount=False)
    old_lab = helm_labels(rel, "postgresql", "15.2.5", "16.2.0", component="primary")
    new_lab = helm_labels(rel, "postgresql", "15.5.4", "16.3.0", component="primary")
    tp_old = pg_tp(c, old_lab, rel, "master", ("2", "4Gi"), ("1", "2Gi"), conf["metadata"]["name"], sec["metadata"]["name"], "ledger")
    tp_new = pg_tp(c, new_lab, rel, "master", ("150m", "192Mi"), ("100m", "128Mi"), conf["metadata"]["name"],
                   sec["metadata"]["name"], "ledger")
    prim = statefulset(c, ns, rel + "-postgresql-primary", tp_old, 1, 299 * D, rel + "-postgresql-primary-hl",
                       [("data", "80Gi", "ceph-block")], new_lab, helm_ann(rel, ns), update_tp=tp_new, gen=7)
    sel = prim["spec"]["selector"]["matchLabels"]
    for nm, hl in ((rel + "-postgresql-primary", False), (rel + "-postgresql-primary-hl", True)):
        service(c, ns, nm, sel, [("tcp-postgresql", 5432, "tcp-postgresql")], 299 * D, new_lab, helm_ann(rel, ns),
                headless=hl, pna=hl)
    service(c, ns, rel + "-postgresql-primary-metrics", sel, [("http-metrics", 9187, "http-metrics")], 299 * D,
            dict(new_lab, **{"app.kubernetes.io/component": "metrics"}), helm_ann(rel, ns))
    up = 2810
    p0 = sts_pod(c, prim, 0, W_[1], up, pvc_ago=299 * D, st={
        "postgresql": CL(9, 137, "OOMKilled", 262, 201),
        "metrics": R(since=up - 6)})
    cev(c, prim, "SuccessfulDelete", "delete Pod %s-postgresql-primary-0 in StatefulSet %s-postgresql-primary successful" % (rel, rel),
        first=up + 8)
    crash_events(c, p0, "postgresql", 9, up - 4, 201)
    unhealthy(c, p0, "postgresql", "Readiness", "127.0.0.1:5432 - rejecting connections\n", 37, up - 30, 214)
    unhealthy(c, p0, "postgresql", "Readiness", "127.0.0.1:5432 - no response\n", 58, up - 25, 27)
    # read replicas: same release, explicit resources kept -> healthy look-alike
    rl_old = helm_labels(rel, "postgresql", "15.2.5", "16.2.0", component="read")
    rl_new = helm_labels(rel, "postgresql", "15.5.4", "16.3.0", component="read")
    tr_old = pg_tp(c, rl_old, rel, "slave", ("2", "4Gi"), ("1", "2Gi"), conf["metadata"]["name"], sec["metadata"]["name"], "ledger")
    tr_new = pg_tp(c, rl_new, rel, "slave", ("2", "4Gi"), ("1", "2Gi"), conf["metadata"]["name"], sec["metadata"]["name"], "ledger")
    rd = statefulset(c, ns, rel + "-postgresql-read", tr_old, 2, 299 * D, rel + "-postgresql-read-hl",
                     [("data", "80Gi", "ceph-block")], rl_new, helm_ann(rel, ns), update_tp=tr_new, gen=7)
    rsel = rd["spec"]["selector"]["matchLabels"]
    service(c, ns, rel + "-postgresql-read", rsel, [("tcp-postgresql", 5432, "tcp-postgresql")], 299 * D, rl_new, helm_ann(rel, ns))
    service(c, ns, rel + "-postgresql-read-hl", rsel, [("tcp-postgresql", 5432, "tcp-postgresql")], 299 * D, rl_new,
            helm_ann(rel, ns), headless=True, pna=True)
    for i, (nd, a) in enumerate(((W_[0], 2590), (W_[2], 2700))):
        sts_pod(c, rd, i, nd, a, pvc_ago=299 * D - 60 * i,
                st={"postgresql": R(since=a - 9), "metrics": R(since=a - 7)})
        cev(c, rd, "SuccessfulDelete", "delete Pod %s-%d in StatefulSet %s successful" % (rd["metadata"]["name"], i,
                                                                                          rd["metadata"]["name"]), first=a + 6)
    tpb = tmpl({"app.kubernetes.io/name": "ledgerpg-backup"},
               [ctr("pg-dumpall", "docker.io/bitnami/postgresql:16.3.0-debian-12-r14",
                    cmd=["/bin/sh", "-c", "pg_dumpall -h ledgerpg-postgresql-read -U postgres | gzip > /backup/ledger-$(date +%F).sql.gz"],
                    env=[ES("PGPASSWORD", sec["metadata"]["name"], "postgres-password")],
                    mounts=[MT("backup", "/backup")], req=("250m", "256Mi"))],
               volumes=[VP("backup", "ledgerpg-backups")], restart="OnFailure")
    pvc(c, ns, "ledgerpg-backups", "200Gi", "ceph-block", 250 * D)
    cronjob(c, ns, "ledgerpg-pgdumpall", tpb, "30 1 * * *", D, 5400, 250 * D, ["ok", "ok", "ok"], W_, dur=(300, 900))
    # ---------------- application tier
    app = "ledger"
    namespace(c, app, 301 * D, {"team": "payments"})
    secret(c, app, "ledger-db-credentials", ["DATABASE_PASSWORD", "DATABASE_USER"], 299 * D)
    cm(c, app, "ledger-config", {"DATABASE_HOST": "ledgerpg-postgresql-primary.ledger-db.svc.cluster.local",
                                 "DATABASE_READ_HOST": "ledgerpg-postgresql-read.ledger-db.svc.cluster.local",
                                 "DATABASE_NAME": "ledger", "LOG_LEVEL": "info"}, 299 * D)
    envs = [EC("DATABASE_HOST", "ledger-config", "DATABASE_HOST"), EC("DATABASE_NAME", "ledger-config", "DATABASE_NAME"),
            ES("DATABASE_PASSWORD", "ledger-db-credentials", "DATABASE_PASSWORD"),
            ES("DATABASE_USER", "ledger-db-credentials", "DATABASE_USER")]
    api = app_deploy(c, app, "ledger-api", "registry.ams.internal/payments/ledger-api:3.14.2", 3, 120 * D, env=envs,
                     rp=http("/healthz/ready", 8080, p=10, t=2), lp=http("/healthz/live", 8080, d=20, p=20),
                     st=[{"ledger-api": R(since=6 * D + i * 300, ready=False)} for i in range(3)], pod_ago=[6 * D + i * 300 + 20 for i in range(3)])
    for p in api["pods"]:
        unhealthy(c, p, "ledger-api", "Readiness", "HTTP probe failed with statuscode: 503", c.rng.randint(250, 270), 2760)
    wk = app_deploy(c, app, "ledger-worker", "registry.ams.internal/payments/ledger-worker:3.14.2", 2, 120 * D, env=envs,
                    svc=False, fallback=True,
                    st=[{"ledger-worker": CL(8 - i, 1, "Error", 300 + i * 40, 270 + i * 40,
                                             "psycopg.OperationalError: connection failed: connection to server at \"%s\", port 5432 failed: Connection refused\n\tIs the server running on that host and accepting TCP/IP connections?" % "10.96.148.22")}
                        for i in range(2)], pod_ago=[6 * D + 100, 6 * D + 400])
    for i, p in enumerate(wk["pods"]):
        crash_events(c, p, "ledger-worker", 8 - i, 2700, 250)
    web = app_deploy(c, app, "ledger-web", "registry.ams.internal/payments/ledger-web:2.9.0", 2, 200 * D,
                     rp=http("/", 8080), req=("50m", "64Mi"), lim=(None, "128Mi"))
    evicted_leftover(c, web["rs"][-1], W_[3], 3)
    ingress(c, app, "ledger-web", "nginx", [("ledger.ams.internal", "/", "ledger-web", 80),
                                            ("ledger.ams.internal", "/api", "ledger-api", 80)], 200 * D,
            tls="ledger-web-tls", ann={"cert-manager.io/cluster-issuer": "internal-ca"})
    secret(c, app, "ledger-web-tls", ["ca.crt", "tls.crt", "tls.key"], 40 * D, typ="kubernetes.io/tls",
           ann={"cert-manager.io/certificate-name": "ledger-web-tls", "cert-manager.io/issuer-name": "internal-ca"})
    tpr = tmpl({"app.kubernetes.io/name": "ledger-reconcile"},
               [ctr("reconcile", "registry.ams.internal/payments/ledger-worker:3.14.2", args=["reconcile", "--read-only"],
                    env=[EC("DATABASE_HOST", "ledger-config", "DATABASE_READ_HOST")], req=("100m", "128Mi"))],
               restart="Never")
    cronjob(c, app, "ledger-reconcile", tpr, "*/15 * * * *", 900, 0, 120 * D, ["ok", "ok", "ok"], W_, dur=(20, 60))
    sandbox(c, "sandbox-mkovacs", "crashloop", "pgweb-test", "docker.io/sosedoff/pgweb:0.15.0", 6)
    blip(c, mon["graf"]["pods"][0])
    app_netpols(c, "ledger", "ingress-nginx", "monitoring")
    sandbox_quota(c, "sandbox-mkovacs")
    return {
        "fault": "oom-killed-memory-limit",
        "symptom": "Since tonight's maintenance window the ledger API returns 503 and the ledger workers crash with "
                   "'connection refused' to Postgres. The primary database pod in ledger-db restarts every few minutes.",
        "root_cause": {"kind": "StatefulSet", "namespace": ns, "name": rel + "-postgresql-primary"},
        "explanation": "The Helm upgrade ~47 min before the snapshot (release secret sh.helm.release.v1.ledgerpg.v7, chart "
                       "postgresql-15.5.4) re-rendered the primary StatefulSet with the chart's 'nano' resourcesPreset: its pod "
                       "template now limits the postgresql container to 192Mi memory (requests 128Mi) while the extended "
                       "configuration still sets shared_buffers=1GB. ledgerpg-postgresql-primary-0 runs the new revision "
                       "(status.updateRevision != currentRevision, updatedReplicas 1, readyReplicas 0); its postgresql container "
                       "was terminated with reason OOMKilled, exit code 137, 9 times and is in CrashLoopBackOff. The read "
                       "StatefulSet from the same release kept explicit 2Gi/4Gi resources and is healthy, and reads (reconcile "
                       "CronJob) still succeed. The API 503s and worker 'connection refused' crashes are consequences. Fix: restore "
                       "the primary StatefulSet's memory requests/limits (primary.resources) so they fit shared_buffers.",
    }

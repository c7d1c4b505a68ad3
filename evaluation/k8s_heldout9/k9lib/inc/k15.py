"""k9-15: Postgres data volume full (PANIC: No space left on device) - kubeadm/flannel/Longhorn."""
from .common import *
from ..registry import incident
from ..bases import kubeadm_base
from ..stor_addons import longhorn
from ..addons import monitoring, ingress_nginx, cert_manager

PANIC = """2024-02-19 06:%s UTC [1] LOG:  starting PostgreSQL 16.2 (Debian 16.2-1.pgdg120+2) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit
2024-02-19 06:%s UTC [1] LOG:  listening on IPv4 address "0.0.0.0", port 5432
2024-02-19 06:%s UTC [29] LOG:  database system was interrupted while in recovery at 2024-02-19 06:%s UTC
2024-02-19 06:%s UTC [29] LOG:  database system was not properly shut down; automatic recovery in progress
2024-02-19 06:%s UTC [29] LOG:  redo starts at 2/9C01A2B8
2024-02-19 06:%s UTC [29] LOG:  redo done at 2/A3FFFF28 system usage: CPU: user: 0.81 s, system: 0.52 s, elapsed: 1.38 s
2024-02-19 06:%s UTC [29] PANIC:  could not write to file "pg_wal/xlogtemp.29": No space left on device
2024-02-19 06:%s UTC [1] LOG:  startup process (PID 29) was terminated by signal 6: Aborted
2024-02-19 06:%s UTC [1] LOG:  aborting startup due to startup process failure
2024-02-19 06:%s UTC [1] LOG:  database system is shut down
"""


@incident("k9-15", profile("kubeadm", version="v1.28.11"), "2024-02-19T06:20:13Z",
          "kubeadm v1.28 (1 CP + 4 workers), Flannel, Longhorn")
def build(c):
    age = 520 * D
    specs = [dict(name="lab-master", ip="172.16.20.10", role="control-plane", ago=age, cpu=4, mem=8)]
    specs += [dict(name="lab-worker-%02d" % i, ip="172.16.20.%d" % (10 + i), ago=age - 700 * i, cpu=8, mem=32) for i in (1, 2, 3, 4)]
    kubeadm_base(c, specs, age, net="flannel", pod_net="10.244.")
    Wk = workers(c)
    longhorn(c, age - 4 * D, nodes=Wk)
    mon = monitoring(c, prom_sc="longhorn", prom_size="30Gi", nodes=Wk)
    ingress_nginx(c, n=2, svc_type="NodePort")
    cert_manager(c)
    # ---------------- analytics stack
    ns = "analytics"
    namespace(c, ns, 310 * D, {"app.kubernetes.io/part-of": "plausible"})
    secret(c, ns, "plausible-db", ["POSTGRES_PASSWORD", "POSTGRES_USER"], 310 * D)
    secret(c, ns, "plausible-env", ["DATABASE_URL", "CLICKHOUSE_DATABASE_URL", "SECRET_KEY_BASE", "TOTP_VAULT_KEY"], 310 * D)
    lab = {"app.kubernetes.io/name": "plausible-db", "app.kubernetes.io/part-of": "plausible"}
    crash_at = 39 * M
    first, last_end = 84, 71
    tt = [("%02d:%02d.%03d" % ((20 * 60 + 13 - first + k) // 60 % 60, (20 * 60 + 13 - first + k) % 60, c.rng.randint(0, 999)))
          for k in range(11)]
    msg = PANIC % tuple(tt[:3] + ["%02d:%02d.%03d" % (12, 40, 118)] + tt[3:10])
    pg = comp_sts(c, ns, "plausible-db", "docker.io/library/postgres:16.2-bookworm", 1, Wk[1:2], 310 * D, labels=lab,
                  ports=[("postgres", 5432)], req=("500m", "1Gi"), lim=(None, "2Gi"),
                  env=[ES("POSTGRES_PASSWORD", "plausible-db", "POSTGRES_PASSWORD"), ES("POSTGRES_USER", "plausible-db", "POSTGRES_USER"),
                       E("POSTGRES_DB", "plausible"), E("PGDATA", "/var/lib/postgresql/data/pgdata")],
                  vct=[("data", "10Gi", "longhorn")], mounts=[MT("data", "/var/lib/postgresql/data")],
                  rp=ex(["sh", "-c", "pg_isready -U $POSTGRES_USER -d plausible"], d=5, p=10, t=3),
                  lp=ex(["sh", "-c", "pg_isready -U $POSTGRES_USER -d plausible"], d=30, p=15, t=3, f=4), fallback=True,
                  svc=[("postgres", 5432, "postgres")], hsvc="plausible-db",
                  st={0: {"plausible-db": CL(11, 1, "Error", first, last_end, msg)}}, pod_ago=[44 * D])
    p = pg["pods"][0]
    crash_events(c, p, "plausible-db", 11, crash_at - 20, last_end)
    unhealthy(c, p, "plausible-db", "Liveness", "/var/run/postgresql:5432 - no response\n", 4, crash_at + 80, crash_at + 20)
    kev(c, p, "Killing", "Container plausible-db failed liveness probe, will be restarted", "Normal", 1, crash_at + 20, None, "plausible-db")
    ch = comp_sts(c, ns, "plausible-events-db", "docker.io/clickhouse/clickhouse-server:24.1.5-alpine", 1, Wk[2:3], 310 * D,
                  labels={"app.kubernetes.io/name": "plausible-events-db", "app.kubernetes.io/part-of": "plausible"},
                  ports=[("http", 8123), ("native", 9000)], req=("1", "2Gi"), lim=(None, "4Gi"),
                  vct=[("data", "100Gi", "longhorn")], mounts=[MT("data", "/var/lib/clickhouse")],
                  rp=http("/ping", "http", d=10), svc=[("http", 8123, "http"), ("native", 9000, "native")], hsvc="plausible-events-db")
    ip = c.get("services", ns, "plausible-db")
    err = ("06:%02d:%02d.%03d [error] Postgrex.Protocol (#PID<0.2811.0>) failed to connect: ** (DBConnection.ConnectionError) "
           "tcp connect (plausible-db:5432): connection refused - :econnrefused\n** (EXIT from #PID<0.97.0>) shutdown: failed to start child: Plausible.Repo\n")
    app = comp_deploy(c, ns, "plausible", "ghcr.io/plausible/community-edition:v2.0.0", 2, 300 * D,
                      labels={"app.kubernetes.io/name": "plausible", "app.kubernetes.io/part-of": "plausible"},
                      ports=[("http", 8000)], req=("250m", "512Mi"), lim=(None, "1Gi"), nodes=Wk, fallback=True,
                      env_from=[{"secretRef": {"name": "plausible-env"}}], rp=http("/api/health", "http", d=20), svc=[("http", 80, "http")],
                      st=[{"plausible": CL(9 - i, 1, "Error", 160 + 50 * i, 130 + 50 * i,
                                           err % (17 - i, c.rng.randint(0, 59), c.rng.randint(0, 999)))} for i in range(2)],
                      pod_ago=[6 * D + 200, 6 * D + 500], old=2)
    for i, ap in enumerate(app["pods"]):
        crash_events(c, ap, "plausible", 9 - i, crash_at - 60, 130 + 50 * i)
    ingress(c, ns, "plausible", "nginx", [("stats.lab.example.org", "/", "plausible", 80)], 300 * D, tls="plausible-tls",
            ann={"cert-manager.io/cluster-issuer": "letsencrypt"})
    secret(c, ns, "plausible-tls", ["tls.crt", "tls.key"], 30 * D, typ="kubernetes.io/tls")
    tpb = tmpl({"app.kubernetes.io/name": "plausible-db-dump"},
               [ctr("dump", "docker.io/library/postgres:16.2-bookworm",
                    cmd=["sh", "-c", "pg_dump -h plausible-db -U $PGUSER -Fc plausible > /backup/plausible-$(date +%u).dump"],
                    env=[ES("PGUSER", "plausible-db", "POSTGRES_USER"), ES("PGPASSWORD", "plausible-db", "POSTGRES_PASSWORD")],
                    mounts=[MT("backup", "/backup")])], volumes=[VP("backup", "plausible-db-dumps")], restart="OnFailure")
    pvc(c, ns, "plausible-db-dumps", "20Gi", "longhorn", 300 * D)
    cronjob(c, ns, "plausible-db-dump", tpb, "0 2 * * *", D, 2 * H, 300 * D, ["ok", "ok", "ok"], Wk, dur=(60, 200))
    # second, unrelated PostgreSQL with plenty of room (look-alike)
    ot = "outline"
    namespace(c, ot, 200 * D)
    secret(c, ot, "outline-db", ["password"], 200 * D)
    comp_sts(c, ot, "outline-postgres", "docker.io/library/postgres:16.2-bookworm", 1, Wk[3:4], 200 * D, labels={"app": "outline-postgres"},
             ports=[("postgres", 5432)], env=[ES("POSTGRES_PASSWORD", "outline-db", "password"), E("PGDATA", "/var/lib/postgresql/data/pgdata")],
             req=("250m", "512Mi"), vct=[("data", "50Gi", "longhorn")], mounts=[MT("data", "/var/lib/postgresql/data")],
             rp=ex(["pg_isready", "-U", "postgres"], d=5), svc=[("postgres", 5432, "postgres")], hsvc="outline-postgres")
    comp_deploy(c, ot, "outline", "docker.io/outlinewiki/outline:0.74.0", 1, 200 * D, labels={"app": "outline"}, ports=[("http", 3000)],
                env=[E("DATABASE_URL", "postgres://outline@outline-postgres:5432/outline")], svc=[("http", 80, "http")], nodes=Wk)
    sandbox(c, "tmp-ci", "crashloop", "runner-debug", "docker.io/gitlab/gitlab-runner:alpine-v16.8.0", 3, nodes=Wk)
    blip(c, ch["pods"][0])
    app_netpols(c, ot, "ingress-nginx", "monitoring")
    sandbox_quota(c, "tmp-ci")
    return {
        "fault": "data-volume-full",
        "symptom": "Our web analytics stopped recording around 05:40: the Postgres pod behind it keeps restarting and the app "
                   "crash-loops with 'connection refused'. ClickHouse looks fine.",
        "root_cause": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": "data-plausible-db-0"},
        "explanation": "plausible-db-0 crash-loops (11 restarts in ~39 min) and its termination message shows crash recovery "
                       "aborting with 'PANIC: could not write to file \"pg_wal/xlogtemp.29\": No space left on device'. Its data "
                       "volume is PVC data-plausible-db-0, only 10Gi (sized at install ~310 days ago) and now full; the "
                       "StatefulSet, image and config did not change, and the longhorn StorageClass allows expansion. The "
                       "Plausible app's 'connection refused' crash loop is a consequence; ClickHouse (100Gi) and the outline "
                       "Postgres (50Gi) are healthy. Fix: expand the PVC (e.g. to 30Gi) and let Postgres finish recovery.",
    }

"""k9-02: MariaDB PVC references a StorageClass that does not exist (k3s)."""
from .common import *
from ..registry import incident
from ..bases import k3s_base
from ..addons import monitoring, argocd, cert_manager, velero


@incident("k9-02", profile("k3s", version="v1.30.2+k3s2"), "2024-07-23T16:05:41Z",
          "k3s v1.30 (1 server + 2 agents), flannel (embedded), local-path-provisioner, Traefik")
def build(c):
    age = 182 * D
    specs = [dict(name="hq-k3s-01", ip="10.12.8.21", role="control-plane", ago=age, cpu=4, mem=16),
             dict(name="hq-k3s-02", ip="10.12.8.22", ago=age - 3000, cpu=8, mem=32),
             dict(name="hq-k3s-03", ip="10.12.8.23", ago=age - 3300, cpu=8, mem=32)]
    k3s_base(c, specs, age)
    N = alln(c)
    mon = monitoring(c, prom_sc="local-path", prom_size="20Gi", nodes=N)
    argocd(c)
    cert_manager(c)
    velero(c)
    # ---------------- database namespace (re-deployed by Argo CD ~36 min ago)
    ns = "kb-data"
    namespace(c, ns, 170 * D, {"argocd.argoproj.io/instance": "kb-data"})
    # left over from the previous Bitnami StatefulSet (pruned); still Bound on local-path
    pvc(c, ns, "data-kb-mariadb-0", "20Gi", "local-path", 170 * D, node="hq-k3s-03",
        labels={"app.kubernetes.io/component": "primary", "app.kubernetes.io/instance": "kb-mariadb",
                "app.kubernetes.io/name": "mariadb"})
    t0 = 2170
    argo = {"argocd.argoproj.io/tracking-id": "kb-data:apps/Deployment:kb-data/kb-mariadb"}
    lab = {"app.kubernetes.io/name": "mariadb", "app.kubernetes.io/instance": "kb-data",
           "app.kubernetes.io/part-of": "knowledge-base", "argocd.argoproj.io/instance": "kb-data"}
    cm(c, ns, "kb-mariadb-conf", {"my.cnf": "[mysqld]\nskip-name-resolve\ncharacter-set-server=utf8mb4\n"
                                            "collation-server=utf8mb4_unicode_ci\ninnodb_buffer_pool_size=1G\n"
                                            "max_connections=300\nslow_query_log=1\nlong_query_time=2\n"}, t0 + 5, lab,
       {"argocd.argoproj.io/tracking-id": "kb-data:/ConfigMap:kb-data/kb-mariadb-conf"})
    secret(c, ns, "kb-mariadb-auth", ["MARIADB_DATABASE", "MARIADB_PASSWORD", "MARIADB_ROOT_PASSWORD", "MARIADB_USER"], t0 + 5, lab,
           {"argocd.argoproj.io/tracking-id": "kb-data:/Secret:kb-data/kb-mariadb-auth"})
    claim, _ = pvc(c, ns, "kb-mariadb-data", "20Gi", "local-path-retain", t0 + 4, labels=lab, bound=False,
                   ann={"argocd.argoproj.io/tracking-id": "kb-data:/PersistentVolumeClaim:kb-data/kb-mariadb-data"})
    msg = ("0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: "
           "3 Preemption is not helpful for scheduling.")
    db = comp_deploy(c, ns, "kb-mariadb", "docker.io/library/mariadb:11.4.2", 1, t0, labels=lab, strategy="Recreate",
                     ports=[("mysql", 3306)], req=("500m", "1536Mi"), lim=(None, "2Gi"),
                     env=[ES("MARIADB_ROOT_PASSWORD", "kb-mariadb-auth", "MARIADB_ROOT_PASSWORD"),
                          ES("MARIADB_DATABASE", "kb-mariadb-auth", "MARIADB_DATABASE"),
                          ES("MARIADB_USER", "kb-mariadb-auth", "MARIADB_USER"),
                          ES("MARIADB_PASSWORD", "kb-mariadb-auth", "MARIADB_PASSWORD")],
                     mounts=[MT("data", "/var/lib/mysql"), MT("conf", "/etc/mysql/conf.d", True)],
                     vols=[VP("data", "kb-mariadb-data"), VC("conf", "kb-mariadb-conf")],
                     rp=ex(["healthcheck.sh", "--connect", "--innodb_initialized"], d=10, p=10, t=5),
                     lp=ex(["healthcheck.sh", "--connect", "--innodb_initialized"], d=60, p=20, t=5),
                     ann=argo, nodes=[None], pod_ago=[t0 - 1], pod_kw={"sched_msg": msg},
                     svc=[("mysql", 3306, "mysql")], svc_ann={"argocd.argoproj.io/tracking-id": "kb-data:/Service:kb-data/kb-mariadb"},
                     psc={"fsGroup": 999, "runAsUser": 999})
    p = db["pods"][0]
    sched_fail(c, p, msg, t0 - 2, c.rng.randint(60, 290), count=9)
    cev(c, claim, "ProvisioningFailed", 'storageclass.storage.k8s.io "local-path-retain" not found', "Warning",
        count=(t0 - 20) // 15, first=t0 - 3, last=c.rng.randint(1, 14))
    cev(c, db["d"], "ScalingReplicaSet", "Scaled up replica set %s to 1" % db["rs"][-1]["metadata"]["name"], first=t0 - 1)
    # ---------------- application namespace
    app = "kb"
    namespace(c, app, 171 * D, {"argocd.argoproj.io/instance": "kb-app"})
    secret(c, app, "kb-portal-env", ["APP_KEY", "DB_PASSWORD", "DB_USERNAME"], 170 * D)
    cm(c, app, "kb-portal-config", {"APP_URL": "https://kb.hq.example.org", "DB_HOST": "kb-mariadb.kb-data.svc.cluster.local",
                                    "DB_PORT": "3306", "DB_DATABASE": "bookstack", "CACHE_DRIVER": "redis",
                                    "REDIS_SERVERS": "kb-redis:6379:0"}, 170 * D)
    envf = [{"configMapRef": {"name": "kb-portal-config"}}, {"secretRef": {"name": "kb-portal-env"}}]
    portal = comp_deploy(c, app, "kb-portal", "lscr.io/linuxserver/bookstack:24.05.2", 2, 90 * D,
                         labels={"app.kubernetes.io/name": "kb-portal", "app.kubernetes.io/part-of": "knowledge-base"},
                         ports=[("http", 80)], req=("100m", "256Mi"), lim=(None, "512Mi"),
                         rp=http("/status", "http", p=10, t=3), lp=http("/login", "http", d=30, p=30, t=5), old=2,
                         st=[{"kb-portal": R(since=11 * D + i * 700, ready=False)} for i in range(2)],
                         pod_ago=[11 * D + i * 700 + 30 for i in range(2)], svc=[("http", 80, "http")])
    for pp in portal["pods"]:
        pp["spec"]["containers"][0]["envFrom"] = envf
        unhealthy(c, pp, "kb-portal", "Readiness", "HTTP probe failed with statuscode: 500", c.rng.randint(200, 215), t0 - 40)
    portal["rs"][-1]["spec"]["template"]["spec"]["containers"][0]["envFrom"] = envf
    portal["d"]["spec"]["template"]["spec"]["containers"][0]["envFrom"] = envf
    wk = comp_deploy(c, app, "kb-queue-worker", "lscr.io/linuxserver/bookstack:24.05.2", 1, 90 * D,
                     labels={"app.kubernetes.io/name": "kb-queue-worker", "app.kubernetes.io/part-of": "knowledge-base"},
                     cmd=["php", "/app/www/artisan", "queue:work", "--sleep=3"], req=("50m", "128Mi"), fallback=True,
                     st=[{"kb-queue-worker": CL(7, 1, "Error", 400, 371,
                                                "In Connection.php line 829:\n\n  SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from `jobs` where `queue` = default and ((`reserved_at` is null and `available_at` <= 1721750340) or (`reserved_at` <= 1721750250)) order by `id` asc limit 1 FOR UPDATE SKIP LOCKED)\n")}],
                     pod_ago=[11 * D + 300])
    wk["pods"][0]["spec"]["containers"][0]["envFrom"] = envf
    for o in (wk["rs"][-1], wk["d"]):
        o["spec"]["template"]["spec"]["containers"][0]["envFrom"] = envf
    crash_events(c, wk["pods"][0], "kb-queue-worker", 7, t0 - 60, 370)
    comp_deploy(c, app, "kb-redis", "docker.io/library/redis:7.2.5-alpine", 1, 160 * D,
                labels={"app.kubernetes.io/name": "kb-redis"}, ports=[("redis", 6379)], req=("50m", "64Mi"),
                lim=(None, "256Mi"), rp=tcp("redis"), lp=tcp("redis", d=15), svc=[("redis", 6379, "redis")])
    comp_sts(c, app, "kb-search", "docker.io/getmeili/meilisearch:v1.8.3", 1, ["hq-k3s-02"], 150 * D,
             labels={"app.kubernetes.io/name": "kb-search"}, ports=[("http", 7700)], req=("100m", "512Mi"),
             vct=[("data", "10Gi", "local-path")], mounts=[MT("data", "/meili_data")], svc=[("http", 7700, "http")],
             rp=http("/health", "http"), hsvc="kb-search")
    tpj = tmpl({"app.kubernetes.io/name": "kb-sitemap"},
               [ctr("sitemap", "lscr.io/linuxserver/bookstack:24.05.2", cmd=["php", "/app/www/artisan", "bookstack:regenerate-sitemap"],
                    req=("50m", "128Mi"))], restart="Never")
    cronjob(c, app, "kb-sitemap", tpj, "0 */6 * * *", 6 * H, 0, 80 * D, ["ok", "ok", "ok"], N, dur=(20, 50))
    # ---------------- healthy look-alike DB on local-path
    it = "intranet"
    namespace(c, it, 140 * D)
    secret(c, it, "intranet-postgres", ["POSTGRES_PASSWORD"], 140 * D)
    comp_sts(c, it, "intranet-postgres", "docker.io/library/postgres:16.3-alpine", 1, ["hq-k3s-02"], 140 * D,
             labels={"app": "intranet-postgres"}, ports=[("postgres", 5432)], req=("250m", "512Mi"), lim=(None, "1Gi"),
             env=[ES("POSTGRES_PASSWORD", "intranet-postgres", "POSTGRES_PASSWORD"), E("PGDATA", "/var/lib/postgresql/data/pgdata")],
             vct=[("data", "15Gi", "local-path")], mounts=[MT("data", "/var/lib/postgresql/data")],
             rp=ex(["pg_isready", "-U", "postgres"], d=5), svc=[("postgres", 5432, "postgres")], hsvc="intranet-postgres")
    comp_deploy(c, it, "intranet-wiki", "ghcr.io/requarks/wiki:2.5.303", 2, 139 * D, labels={"app": "intranet-wiki"},
                ports=[("http", 3000)], req=("100m", "256Mi"), rp=http("/healthz", "http"), svc=[("http", 80, "http")],
                env=[E("DB_TYPE", "postgres"), E("DB_HOST", "intranet-postgres"), E("DB_PORT", "5432"),
                     ES("DB_PASS", "intranet-postgres", "POSTGRES_PASSWORD")])
    ingress(c, app, "kb-portal", "traefik", [("kb.hq.example.org", "/", "kb-portal", 80)], 90 * D)
    ingress(c, it, "intranet-wiki", "traefik", [("wiki.hq.example.org", "/", "intranet-wiki", 80)], 139 * D)
    sandbox(c, "playground", "imagepull", "grafana-dev", "grafana/grafana:11.1.0-ubuntu-custom", 9)
    evicted_leftover(c, mon["graf"]["rs"][-1], "hq-k3s-02", 2)
    blip(c, c.all("pods")[[p["metadata"]["name"].startswith("traefik-") for p in c.all("pods")].index(True)])
    busy_cron(c, "kb", "kb-cache-warm", "curlimages/curl:8.8.0", N, 600, ["sh", "-c", "curl -sf http://kb-redis:6379 || true"])
    return {
        "fault": "pvc-unknown-storageclass",
        "symptom": "After this afternoon's GitOps sync the knowledge-base MariaDB never came back: its pod has been Pending "
                   "for about half an hour, the portal shows a database error and the queue worker keeps crashing.",
        "root_cause": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": "kb-mariadb-data"},
        "explanation": "The re-deployed MariaDB Deployment mounts PVC kb-data/kb-mariadb-data, which asks for "
                       "storageClassName 'local-path-retain'. No such StorageClass exists (the cluster only has 'local-path'), so "
                       "persistentvolume-controller keeps emitting ProvisioningFailed 'storageclass.storage.k8s.io "
                       "\"local-path-retain\" not found' and the PVC stays Pending. A missing class is treated as immediate "
                       "binding, so the scheduler reports 'pod has unbound immediate PersistentVolumeClaims' and the pod never "
                       "schedules; the Service kb-mariadb has no endpoints, the portal's readiness returns 500 and the queue worker "
                       "gets 'Connection refused'. The old PVC data-kb-mariadb-0 and the intranet Postgres on local-path are Bound "
                       "and healthy. Fix: recreate the claim with storageClassName local-path (or create the intended class).",
    }
